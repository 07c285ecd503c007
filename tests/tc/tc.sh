#!/bin/sh
# tests/tc/tc.sh -- checks the interpreter's tensor-core arithmetic against
# the GPU: builds tcgpu (the CUDA driver API) and tccmp (interp/mma.c and
# the float core, compiled here), runs the probes and NRAND random warps of
# every mma.sync float variant on the GPU and compares each result bit for
# bit with interp_mma_elem.  Needs a CUDA GPU; exits 77 without one.
#
#   tests/tc/tc.sh [SEED [NRAND [DIR]]]     (defaults 1, 2000, a temporary folder)
#
# Every mismatch is written to DIR/mismatches.txt; DIR/NAME.rec keep the
# inputs and the GPU's results for fitting (tcgpu.c describes the format).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
seed=${1:-1} nrand=${2:-2000} dir=${3:-}
cc=${CC:-cc}
cuda=${CUDA_HOME:-/usr/local/cuda}
if [ ! -e /dev/nvidiactl ] || [ ! -f "$cuda/include/cuda.h" ]; then
	echo "SKIP: no CUDA GPU and toolkit (set CUDA_HOME)"
	exit 77
fi
if [ -z "$dir" ]; then
	dir=${TMPDIR:-/tmp}/tc.$$
	trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir" || exit 99
flags="-O2 -std=c11 -D_POSIX_C_SOURCE=200809L"
# shellcheck disable=SC2086
$cc $flags -I"$cuda/include" "$top/tests/tc/tcgpu.c" -o "$dir/tcgpu" \
	-L"$cuda/lib64" -L"$cuda/lib64/stubs" -lcuda -lm || exit 99
# the sections keep interp/mma.c's memory instructions (and what they call) out
# shellcheck disable=SC2086
$cc $flags -ffunction-sections -Wl,--gc-sections -I"$top/interp" -I"$top/ir" -I"$top" \
	"$top/tests/tc/tccmp.c" "$top/interp/mma.c" "$top/interp/alu_float.c" "$top/interp/alu_math.c" \
	"$top/interp/alu_sfu.c" "$top/interp/alu_sfu_tab.c" \
	-o "$dir/tccmp" -lm || exit 99
"$dir/tcgpu" gen "$dir" "$seed" "$nrand" || exit 99
rm -f "$dir/mismatches.txt"
st=0
for r in "$dir"/*.rec; do
	"$dir/tccmp" -n 4 -w "$dir/mismatches.txt" "$r" || st=1
done
[ $st -eq 0 ] && echo "all equal" || echo "mismatches: $dir/mismatches.txt"
exit $st

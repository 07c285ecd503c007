#!/bin/sh
# record.sh -- records tests/tex/ref.bin, the reference of tests/tex.test,
# on a machine with an NVIDIA GPU (an H100: sm_90) and its driver.
#
#	sh tests/tex/record.sh            (from the source tree, any directory)
#
# Builds textest.c against the toolkit's cuda.h and the real libcuda, runs
# it twice on tex.ptx (the committed PTX of tex.cu) and keeps the output
# when both runs agree; then commit tests/tex/ref.bin.  REGEN=1 first
# rebuilds tex.ptx from tex.cu with nvcc -arch=sm_90 (then commit tex.ptx
# with ref.bin).  CUDA_HOME: the toolkit (default /usr/local/cuda); CC:
# the C compiler (default cc).
set -e
here=$(cd "$(dirname "$0")" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "${REGEN:-0}" = 1 ]; then
	"$cuda/bin/nvcc" -arch=sm_90 -ptx "$here/tex.cu" -o "$here/tex.ptx"
fi
stub=
[ -f "$cuda/lib64/stubs/libcuda.so" ] && stub="-L$cuda/lib64/stubs"
${CC:-cc} -std=c11 -O1 -I"$cuda/include" "$here/textest.c" -o "$tmp/textest" $stub -lcuda -lm
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
# A call that fails stops textest after writing the records before it:
# those still make a reference (tex.test compares the records it has).
rc=0
"$tmp/textest" "$here/tex.ptx" "$tmp/a.bin" || rc=$?
"$tmp/textest" "$here/tex.ptx" "$tmp/b.bin" || true
if [ $rc -ne 0 ]; then
	echo "record.sh: textest stopped early (exit $rc): the reference holds the records before the failure" >&2
fi
if ! cmp -s "$tmp/a.bin" "$tmp/b.bin"; then
	echo "record.sh: two runs on the GPU differ; nothing written" >&2
	exit 1
fi
cp "$tmp/a.bin" "$here/ref.bin"
echo "wrote $here/ref.bin ($(wc -c < "$here/ref.bin") bytes)"

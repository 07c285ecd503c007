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
# with ref.bin).  NCU=1 then runs textest once more under Nsight Compute
# (ncu, from the toolkit) for the texture pipe's request and sector
# counters of every launch and writes them to tests/tex/ncu.tsv, a line a
# launch and metric (id, kernel, block, grid, metric, value), ids
# counting launches from 0 as the shim's PTXKIT_COUNTERS does;
# NCU_SKIP=N profiles launches N on only (their ids stay) and writes
# ncu-from-N.tsv beside it instead, rows to merge into ncu.tsv (so were
# launches 240 on recorded).  CUDA_HOME: the toolkit (default
# /usr/local/cuda); CC: the C compiler (default cc).
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
[ "${NCU:-0}" = 1 ] || exit 0

# The metrics of ncu.tsv: requests and sectors of the texture pipe, of
# its texture and surface halves and their operations, sectors' tag hits
# and misses.
m=l1tex__t_requests_pipe_tex.sum
for k in surface surface_op_atom surface_op_ld surface_op_red surface_op_st texture texture_op_ld texture_op_tex; do
	m=$m,l1tex__t_requests_pipe_tex_mem_$k.sum
done
for k in '' _mem_surface _mem_surface_op_atom _mem_surface_op_ld _mem_surface_op_red _mem_surface_op_st \
    _mem_texture _mem_texture_op_ld _mem_texture_op_tex; do
	for h in '' _lookup_hit _lookup_miss; do
		m=$m,l1tex__t_sectors_pipe_tex$k$h.sum
	done
done
skip=${NCU_SKIP:-0}
"$cuda/bin/ncu" --launch-skip "$skip" --metrics "$m" --csv --print-units base --log-file "$tmp/ncu.csv" \
	"$tmp/textest" "$here/tex.ptx" "$tmp/c.bin" > "$tmp/ncu.out" 2>&1 || true
# ncu's CSV: every field quoted, ID the profiled launch's index from 0,
# sizes as "(256, 1, 1)", values grouped by commas
{
	echo "# ncu ($("$cuda/bin/ncu" --version | tail -1)) on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1):"
	echo "# the texture pipe's counters of each launch textest.c makes with tex.ptx (tests/tex/record.sh NCU=1)."
	printf 'id\tkernel\tblock\tgrid\tmetric\tvalue\n'
	awk -v skip="$skip" '/^"[0-9]/ {
		sub(/^"/, ""); sub(/"$/, "")
		n = split($0, f, /","/)
		if (n < 15)
			next
		gsub(/ /, "", f[8]); gsub(/ /, "", f[9]); gsub(/,/, "", f[15])
		printf "%d\t%s\t%s\t%s\t%s\t%s\n", f[1] + skip, f[5], f[8], f[9], f[13], f[15]
	}' "$tmp/ncu.csv"
} > "$tmp/ncu.tsv"
if ! grep -q '^[0-9]' "$tmp/ncu.tsv"; then
	echo "record.sh: ncu gave no counters (its log: $tmp/ncu.csv)" >&2
	cat "$tmp/ncu.out" "$tmp/ncu.csv" >&2
	exit 1
fi
dst=$here/ncu.tsv
[ "$skip" = 0 ] || dst=$here/ncu-from-$skip.tsv
cp "$tmp/ncu.tsv" "$dst"
echo "wrote $dst ($(grep -c '^[0-9]' "$dst") counters)"

#!/bin/sh
# ncu.sh NAME [ARGS...] -- records tests/shim/NAME.ncu, the texture
# pipe's counters of every launch of tests/shim/NAME.c, on a machine with
# an NVIDIA GPU, its driver and Nsight Compute:
#
#	sh tests/shim/ncu.sh texfmt
#
# Builds NAME.c against the toolkit's cuda.h and the real libcuda, runs
# it under ncu for the requests and sectors of the texture pipe's texture
# and surface halves, and writes a line a launch and metric: id (the
# launches counted from 0, as the shim's PTXKIT_COUNTERS does), kernel,
# metric, value.  shim.test compares the shim's counters of the same run
# with it (NAME.ncu-differs: those not modelled, "id metric" a line),
# running NAME with the same ARGS (the "# args:" line).
# NCU_CSV=FILE converts ncu's CSV output of such a run instead of running
# it; NCU_TAG=T writes NAME.T.ncu instead (another run's arguments).
# NCU_SKIP=N NCU_COUNT=M profile launches N to N+M-1 only (their ids stay
# those of the whole run; ncu's time grows with the launches profiled:
# 20 of texfmt.c's took an H200 over 30 s);
# NCU_METRICS=tma counts the copy engine's global sectors (tensor loads,
# stores, reductions) instead of the texture pipe's;
# NCU_DEST=FILE writes there instead of beside NAME.c.  CUDA_HOME: the
# toolkit (default /usr/local/cuda); CC: the compiler.
set -e
here=$(cd "$(dirname "$0")" && pwd)
name=$1
shift
cuda=${CUDA_HOME:-/usr/local/cuda}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
csv=${NCU_CSV:-}
if [ -z "$csv" ]; then
	stub=
	[ -f "$cuda/lib64/stubs/libcuda.so" ] && stub="-L$cuda/lib64/stubs"
	${CC:-cc} -std=c11 -O1 -I"$cuda/include" "$here/$name.c" -o "$tmp/$name" $stub -lcuda -lm
	m=
	for k in texture surface; do
		m=$m${m:+,}l1tex__t_requests_pipe_tex_mem_$k.sum,l1tex__t_sectors_pipe_tex_mem_$k.sum
	done
	if [ "${NCU_METRICS:-}" = tma ]; then
		m=l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld.sum
		m=$m,l1tex__m_l1tex2xbar_write_sectors_mem_global_op_tma_st.sum
		m=$m,l1tex__m_l1tex2xbar_write_sectors_mem_global_op_tma_red.sum
	fi
	csv=$tmp/ncu.csv
	# shellcheck disable=SC2086
	PTXKIT_REAL_DRIVER=1 "$cuda/bin/ncu" ${NCU_SKIP:+--launch-skip $NCU_SKIP} ${NCU_COUNT:+--launch-count $NCU_COUNT} \
	    --metrics "$m" --csv --print-units base --log-file "$csv" "$tmp/$name" "$@" > "$tmp/out" 2>&1 ||
	    { tail -20 "$tmp/out" >&2; exit 1; }
fi
# ncu's CSV: every field quoted, ID the launch's index from 0, the kernel
# fifth, the metric's name thirteenth and its value (grouped by commas)
# fifteenth
{
	echo "# ncu's ${NCU_METRICS:-texture-pipe} counters of each launch of tests/shim/$name.c (tests/shim/ncu.sh)"
	echo "# args: $*"
	awk -v skip="${NCU_SKIP:-0}" '/^"[0-9]/ {
		sub(/^"/, ""); sub(/"$/, "")
		n = split($0, f, /","/)
		if (n < 15)
			next
		gsub(/,/, "", f[15])
		printf "%d\t%s\t%s\t%s\n", f[1] + skip, f[5], f[13], f[15]
	}' "$csv" | sort -s -n -k1,1
} > "$tmp/ncu.tsv"
grep -q '^[0-9]' "$tmp/ncu.tsv" || { echo "ncu.sh: no counters in $csv" >&2; exit 1; }
dst=${NCU_DEST:-$here/$name${NCU_TAG:+.$NCU_TAG}.ncu}
cp "$tmp/ncu.tsv" "$dst"
echo "wrote $dst ($(grep -c '^[0-9]' "$dst") counters)"

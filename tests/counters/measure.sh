#!/bin/sh
# measure.sh -- measures the launches of launches.sh with Nsight Compute on
# the GPU of this machine and writes $OUT/ncu.tsv (name, metric, value:
# what tests/counters/ncu.tsv holds), $OUT/ncu.csv (ncu's own output),
# $OUT/sass.txt (cuobjdump -sass of the code the driver ran) and
# $OUT/log.txt (tool versions and messages).  Needs ncu, cuobjdump, a C
# compiler and cuda.h (CUDA_HOME, default /usr/local/cuda).
# ONLY, an extended regular expression, measures only the launches whose
# names it matches.  PTXAS=1 runs each module as ptxas -arch=sm_90 compiles
# it (what nvcc puts in an executable) instead of through the driver's JIT.
#	OUT=/some/dir [ONLY=REGEX] sh tests/counters/measure.sh
cd "$(dirname "$0")" || exit 1
OUT=${OUT:-$PWD/ncu-out}
mkdir -p "$OUT"
CUDA=${CUDA_HOME:-/usr/local/cuda}
PATH=$CUDA/bin:$PATH
export PATH
tmp=$(mktemp -d)
log=$OUT/log.txt
trap 'rm -rf "$tmp"' EXIT

# the l1tex hardware counters that the test compares, their smsp__sass
# twins (computed by ncu from each instruction's addresses) and the
# instruction counts
HW="l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
l1tex__t_requests_pipe_lsu_mem_global_op_st.sum l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum
l1tex__t_requests_pipe_lsu_mem_global_op_red.sum l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
l1tex__data_bank_conflicts_type_arbitration.sum
l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum
l1tex__t_requests_pipe_lsu_mem_local_op_st.sum l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum
idc__requests.sum"
SASS="smsp__sass_inst_executed_op_global_ld.sum smsp__sass_inst_executed_op_global_st.sum
smsp__sass_inst_executed_op_global_atom.sum smsp__sass_inst_executed_op_shared_ld.sum
smsp__sass_inst_executed_op_shared_st.sum smsp__sass_inst_executed_op_shared_atom.sum
smsp__sass_inst_executed_op_global_red.sum smsp__sass_inst_executed_op_local_ld.sum
smsp__sass_inst_executed_op_local_st.sum
smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ld.sum smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_st.sum
smsp__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_atom.sum
smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum
smsp__sass_branch_targets_threads_divergent.sum"

{
	date -u '+date: %Y-%m-%d %H:%M:%S UTC'
	nvidia-smi -L
	nvidia-smi --query-gpu=driver_version --format=csv,noheader | sed 's/^/driver: /'
	ncu --version | tail -1
	nvcc --version | tail -1
} > "$log" 2>&1

cc -std=c11 -O2 -I"$CUDA/include" -o "$tmp/ncu_driver" ncu_driver.c \
    -L"$CUDA/lib64/stubs" -L"$CUDA/lib64" -lcuda >> "$log" 2>&1 || { echo "build failed" >> "$log"; exit 1; }
sh launches.sh | awk -F '\t' -v re="${ONLY:-.}" '$1 ~ re' > "$tmp/launches"
if [ -n "$PTXAS" ]; then
	# a module's cubin: its path with / and . as _
	mkdir -p "$tmp/ptxas"
	for p in $(tr ' \t' '\n\n' < "$tmp/launches" | grep '\.ptx$' | sort -u); do
		ptxas -arch=sm_90 -o "$tmp/ptxas/$(echo "$p" | tr /. __).cubin" "$p" >> "$log" 2>&1
	done
	awk -F '\t' -v d="$tmp/ptxas" '{
		n = split($2, w, " ")
		s = ""
		for (i = 1; i <= n; i++) {
			if (w[i] ~ /\.ptx$/) { gsub(/[\/.]/, "_", w[i]); w[i] = d "/" w[i] ".cubin" }
			s = s (i > 1 ? " " : "") w[i]
		}
		print $1 "\t" s
	}' "$tmp/launches" > "$tmp/l2"
	mv "$tmp/l2" "$tmp/launches"
	ptxas --version | tail -1 >> "$log"
fi
cp "$tmp/launches" "$OUT/launches.txt"

# keep the metrics this ncu knows (an unknown name would stop the whole run)
ncu --query-metrics --chip gh100 > "$tmp/known" 2>> "$log"
list=
for m in $HW $SASS; do
	if [ "$(wc -l < "$tmp/known")" -lt 100 ] || grep -q "^${m%.sum}[[:space:]]" "$tmp/known"; then
		list=$list${list:+,}$m
	else
		echo "metric not known to ncu, left out: $m" >> "$log"
	fi
done

# the code the driver runs: a plain run, which also writes the cubins
mkdir -p "$tmp/cubin"
"$tmp/ncu_driver" "$tmp/launches" "$tmp/cubin" >> "$log" 2>&1 || { echo "driver failed" >> "$log"; exit 1; }
for c in "$tmp"/cubin/*.cubin "$tmp"/ptxas/*.cubin; do
	[ -f "$c" ] || continue
	echo "== ${c##*/}"
	cuobjdump -sass "$c"
done > "$OUT/sass.txt" 2>&1

echo "== ncu $(date -u +%T)" >> "$log"
timeout "${NCU_TIMEOUT:-400}" ncu --clock-control none --cache-control all \
    --metrics "$list" --csv --print-units base "$tmp/ncu_driver" "$tmp/launches" \
    > "$OUT/ncu.csv" 2>> "$log"
echo "ncu exit $? $(date -u +%T)" >> "$log"

# ncu.csv -> name, metric, value: the n-th profiled kernel (ID n) is the
# n-th launch; its kernel name must be the launch's -k
awk -F '\t' -v list="$tmp/launches" -v logf="$log" '
BEGIN {
	n = 0
	while ((getline l < list) > 0) {
		split(l, f, "\t")
		name[n] = f[1]
		k = f[2]; sub(/.*-k /, "", k); sub(/ .*/, "", k)
		kern[n++] = k
	}
}
/^"/ {
	s = $0
	sub(/^"/, "", s); sub(/"\r?$/, "", s)
	nf = split(s, c, "\",\"")
	if (!hdr) {
		for (i = 1; i <= nf; i++) col[c[i]] = i
		hdr = 1
		next
	}
	id = c[col["ID"]]
	v = c[col["Metric Value"]]; gsub(/,/, "", v)
	kn = c[col["Kernel Name"]]
	if (kn != kern[id] && !(id in warned)) {
		print "ID " id ": kernel " kn ", launch list says " kern[id] > logf
		warned[id] = 1
	}
	printf "%s\t%s\t%s\n", name[id], c[col["Metric Name"]], v
}' "$OUT/ncu.csv" > "$OUT/ncu.tsv"
echo "rows: $(wc -l < "$OUT/ncu.tsv"), launches: $(wc -l < "$tmp/launches")" >> "$log"
gzip -f "$OUT/ncu.csv"

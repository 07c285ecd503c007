#!/bin/sh
# tests/diff/gpu.sh -- record the differential tester's cases on a GPU.
#
#   sh tests/diff/gpu.sh OUTDIR [SEEDS] [FIRST] [VERSION]
#
# Run on a machine with an sm_90 GPU, its driver and a C toolchain (re2c,
# bison and autotools too when this is a git checkout).  Builds the
# project in the tree (./configure && make), then runs
# seeds FIRST..FIRST+SEEDS-1 (default 1..6000, each seed choosing its
# family by the families' weights) of generator VERSION (default the
# newest; an older version's seeds make the same kernels they always
# did, so its record can grow) through the GPU with one worker
# process (and CUDA context) per core, and writes:
#   OUTDIR/sm90-vV-FIRST-LAST.txt.gz   the records: copy to tests/diff/cases/
#   OUTDIR/summary.txt                 records per family and status, timings
#   OUTDIR/replay.txt                  the same records replayed on the
#                                      interpreter here: what make check will say
# Kernels the GPU's JIT refused ("rejected") are generator bugs; so are
# faults.  JOBS=N overrides the worker count, BATCH=N the kernels loaded
# per module (default 32).
set -u
out=${1:?usage: gpu.sh OUTDIR [SEEDS] [FIRST] [VERSION]}
seeds=${2:-6000}
first=${3:-1}
jobs=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 8)}
batch=${BATCH:-32}
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 1
mkdir -p "$out" && out=$(cd "$out" && pwd) || exit 1
cd "$top" || exit 1
log=$out/build.log
t0=$(date +%s)

# make is incremental; a tree configured or built on another machine is
# cleaned and built again
build() {
	{ [ -x configure ] || autoreconf -fi; } &&
	{ [ -f Makefile ] || ./configure; } &&
	make -j"$jobs"
}
echo "building in $top (log: $log)"
if ! build > "$log" 2>&1 || ! tests/diff/difftest families > /dev/null 2>&1; then
	{ [ -f Makefile ] && make distclean; build; } >> "$log" 2>&1 &&
	tests/diff/difftest families > /dev/null 2>&1 ||
	{ tail -30 "$log"; echo "gpu.sh: the build failed"; exit 1; }
fi
d=$top/tests/diff/difftest
t1=$(date +%s)

last=$((first + seeds - 1))
ver=${4:-$(sed -n 's/^#define DT_VERSION \([0-9]*\).*/\1/p' tests/diff/difftest.h)}
name=sm90-v$ver-$first-$last.txt
echo "recording seeds $first..$last with $jobs workers"
"$d" --gen-version "$ver" record --backend cuda "$first" "$((last + 1))" -j "$jobs" -b "$batch" > "$out/$name" 2> "$out/record.err"
rst=$?
t2=$(date +%s)
gzip -9f "$out/$name" || exit 1

{
	echo "records: $(gzip -dc "$out/$name.gz" | wc -l) of $seeds (record exit status $rst)"
	echo "build $((t1 - t0)) s, record $((t2 - t1)) s"
	echo "per family and status:"
	gzip -dc "$out/$name.gz" | awk '{ print "  " $3, $4 }' | sort | uniq -c
	echo "not ok (generator bugs unless the GPU itself is at fault):"
	gzip -dc "$out/$name.gz" | awk '$4 != "ok"' | cut -c1-300 | head -50
	if [ -s "$out/record.err" ]; then
		echo "record's messages:"
		head -50 "$out/record.err"
	fi
	nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
} > "$out/summary.txt"
"$d" replay --xfail tests/diff/xfail.txt "$out/$name.gz" > "$out/replay.txt" 2>&1
cat "$out/summary.txt"
echo "replay on the interpreter: $(tail -1 "$out/replay.txt") (details: $out/replay.txt)"
[ "$rst" -eq 0 ]

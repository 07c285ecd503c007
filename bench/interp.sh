#!/bin/sh
# bench/interp.sh -- `make bench`, second half: interpreter speed.
#
#	sh bench/interp.sh [N]	(from the build directory; each measurement
#				 is the best of 2N runs, default N = 3)
#
# For each kernel of bench/kernels.ptx and bench/triton_mm.ptx: ptx-run on
# one host thread with the counters on (--stats-json, which also gives the
# thread-instruction count) and with --no-stats, and on two threads, runs
# taken in turns; peak RSS of the --no-stats run; the same work as plain C
# -O2 (bench/native).  Every run checks its output against the C result
# (--expect).  Prints a table and the goals, and writes bench/results.json
# (RESULTS overrides the path).
#
# Each run gives two times: the launch alone (ptx-run --time), which the
# rates, ratios and goals use, as bench/native times its loops alone; and
# the whole process (start-up, parse and load, reading the input files,
# checking the output), reported as wall times.
set -eu
LC_ALL=C
export LC_ALL
n=${1:-3}
src=$(cd "${srcdir:-.}" && pwd)
abs() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
run=$(abs "${PTX_RUN:-./ptx-run}")
native=$(abs "${NATIVE:-./bench/native}")
maxrss=$(abs "${MAXRSS:-./bench/maxrss}")
out=$(abs "${RESULTS:-bench/results.json}")
K=$src/bench/kernels.ptx
mkdir -p "$(dirname "$out")"
work=$(mktemp -d "${TMPDIR:-/tmp}/ptxbench.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
cd "$work"

now() { date +%s.%N; }
sub() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a + 0 < b + 0) ? a : b }'; }

# Peak RSS in KiB of one command: GNU time when there is one, else the
# bench/maxrss wrapper (getrusage of the child).
rss_of() {
	if /usr/bin/time -f %M -o rss.txt true > /dev/null 2>&1; then
		/usr/bin/time -f %M -o rss.txt "$@" > /dev/null 2> err.txt || return 1
		tail -n 1 rss.txt
	elif [ -x "$maxrss" ]; then
		"$maxrss" "$@" 2> err.txt > /dev/null && tail -n 1 err.txt || return 1
	else
		echo null
	fi
}

best() {   # "WALL LAUNCH": best wall and launch seconds of $n runs (ptx-run --time); "" on failure
	b= bl=
	i=0
	while [ $i -lt "$n" ]; do
		t0=$(now)
		"$@" --time > /dev/null 2> err.txt || { sed 's/^/  /' err.txt >&2; return 1; }
		t1=$(now)
		b=$(min "$(sub "$t0" "$t1")" "$b")
		bl=$(min "$(sed -n 's/.*launch of .*: \([0-9.]*\) s$/\1/p' err.txt | tail -1)" "$bl")
		i=$((i + 1))
	done
	echo "$b $bl"
}

# the smaller of two "WALL LAUNCH" pairs, each field on its own ("" when both are empty)
pairmin() {
	[ -n "$1" ] || { echo "$2"; return; }
	[ -n "$2" ] || { echo "$1"; return; }
	echo "$(min "${1% *}" "${2% *}") $(min "${1#* }" "${2#* }")"
}

threads=no one=
"$run" --help 2>&1 | grep -q -- '--threads' && threads=yes one="--threads 1"
startup=$(best "$run" --no-stats "$K" -k saxpy -g 1 -b 32 -a s32:32 -a f32:2 -a zeros:128 -a zeros:128 | cut -d' ' -f1)

rows=$work/rows
: > "$rows"
fail=0

# bench NAME CLASS "NATIVE SIZES" EXPECT PTX-RUN ARGS...
#	CLASS: alu (ALU-heavy, full mask), sfu (.approx transcendentals, each a
#	bit-exact software model of the H100's MUFU: the ALU goal does not
#	apply), mem (memory / shared / shuffle), div (divergent) or mma
#	(tensor-core matmul)
#	EXPECT: the --expect argument ("-": outputs not compared)
#	kfile, kname: the PTX file and kernel when not bench/kernels.ptx's NAME (reset after each)
kfile= kname=
bench() {
	name=$1 class=$2 sizes=$3 expect=$4
	shift 4
	f=${kfile:-$K} k=${kname:-$name}
	kfile= kname=
	# shellcheck disable=SC2086
	nat=$("$native" "$name" . $sizes)
	[ "$expect" = - ] || set -- "$@" --expect "$expect"
	# Counters on and off in turns, then one and two threads in turns, the
	# best of 2N runs each: on a shared machine a noisy spell that covered
	# one batch would skew its ratio; and the two-thread runs load the whole
	# machine, which can slow the one-thread runs next to them, so the two
	# pairs are kept apart.  Every run checks its output.
	on= off= t1= t2=
	i=0
	while [ $i -lt $((2 * n)) ]; do
		# shellcheck disable=SC2086
		a=$(n=1 best "$run" $one --stats-json "$name.json" "$f" -k "$k" "$@") ||
			{ echo "$name: failed, or its output differs from native C" >&2; fail=1; return 0; }
		# shellcheck disable=SC2086
		b=$(n=1 best "$run" $one --no-stats "$f" -k "$k" "$@") || { fail=1; return 0; }
		on=$(pairmin "$a" "$on")
		off=$(pairmin "$b" "$off")
		i=$((i + 1))
	done
	i=0
	while [ $threads = yes ] && [ $i -lt $((2 * n)) ]; do
		a=$(n=1 best "$run" --no-stats --threads 1 "$f" -k "$k" "$@") || a=
		b=$(n=1 best "$run" --no-stats --threads 2 "$f" -k "$k" "$@") || b=
		t1=$(pairmin "$a" "$t1")
		t2=$(pairmin "$b" "$t2")
		i=$((i + 1))
	done
	ti=$(awk -F'[:,]' '/"thread_instructions"/ { gsub(/ /, "", $2); print $2; exit }' "$name.json")
	wi=$(awk -F'[:,]' '/"warp_instructions"/ { gsub(/ /, "", $2); print $2; exit }' "$name.json")
	# shellcheck disable=SC2086
	rss=$(rss_of "$run" $one --no-stats "$f" -k "$k" "$@") || rss=null
	[ -n "$t1" ] || t1="n/a n/a"
	[ -n "$t2" ] || t2="n/a n/a"
	# off, on, t1, t2 are "WALL LAUNCH" pairs
	echo "$name $class $ti $wi $off $on $rss $nat $t1 $t2" >> "$rows"
}

# Sizes: each interpreter run takes about 0.1-0.6 s of one core (bench/PROFILE.md).
bench saxpy mem "4194304" 3:saxpy.want:f32ulp:1 \
	-g 16384 -b 256 -a s32:4194304 -a f32:2.0 -a file:saxpy.in0 -a file:saxpy.in1
bench matmul_tiled mem "384" 2:matmul_tiled.want \
	-g 24,24 -b 16,16 -a file:matmul_tiled.in0 -a file:matmul_tiled.in1 -a zeros:589824 -a s32:384
bench matmul_reg alu "384" 2:matmul_reg.want \
	-g 6,6 -b 256 -a file:matmul_reg.in0 -a file:matmul_reg.in1 -a zeros:589824 -a s32:384
bench reduce_shfl mem "16777216 64 256" 1:reduce_shfl.want \
	-g 64 -b 256 -a file:reduce_shfl.in0 -a zeros:256 -a s32:16777216
bench collatz div "262144 1" 0:collatz.want \
	-g 1024 -b 256 -a zeros:1048576 -a u64:1 -a s32:262144
bench alu alu "8192 4000" 0:alu.want \
	-g 32 -b 256 -a zeros:32768 -a zeros:32768 -a s32:4000
bench transcend sfu "8192 1000" - \
	-g 32 -b 256 -a zeros:32768 -a s32:1000
# Triton's f16 matmul (wgmma m64n64k16, cp.async pipeline): M = N = K = 256
kfile=$src/bench/triton_mm.ptx kname=matmul_kernel
bench triton_mm mma "256 256 256" 2:triton_mm.want \
	-g 16 -b 128 -s 16384 -a file:triton_mm.in0 -a file:triton_mm.in1 -a zeros:131072 \
	-a s32:256 -a s32:256 -a s32:256 -a s32:256 -a s32:256 -a s32:256 -a zeros:16 -a zeros:16

awk -v threads="$threads" -v out="$out" -v startup="$startup" -v runs="$((2 * n))" -v fail="$fail" '
# Rates, ratios, the counters cost and the scaling are taken on the launch
# alone (ptx-run --time), as bench/native times its loops alone; the whole
# process (start-up, reading the inputs, checking the outputs) is the wall
# column, reported beside them.
function ok(c) { return c ? "met" : "NOT met" }
function js(v) { return v == "n/a" ? "null" : v }
{
	name[NR] = $1; cls[NR] = $2; ti[NR] = $3; wi[NR] = $4; offw[NR] = $5; off[NR] = $6; onw[NR] = $7; on[NR] = $8
	rss[NR] = $9; nat[NR] = $10; t1w[NR] = $11; t1[NR] = $12; t2w[NR] = $13; t2[NR] = $14
	rate[NR] = $3 / $6; ratio[NR] = $6 / $10; cost[NR] = $8 / $6; costw[NR] = $7 / $5
	eff[NR] = ($12 == "n/a" || $14 == "n/a") ? "n/a" : $12 / (2 * $14)
	effw[NR] = ($11 == "n/a" || $13 == "n/a") ? "n/a" : $11 / (2 * $13)
}
END {
	printf "%-13s %12s %6s %9s %11s %9s %6s %8s %8s %10s %7s %9s\n", "kernel", "thread-insns", "lanes", "launch s", "insn/s", "on s", "on/off", "wall s", "RSS MiB", "native s", "ratio", "1->2 thr"
	for (i = 1; i <= NR; i++)
		printf "%-13s %12d %6.1f %9.3f %11.3g %9.3f %5.2fx %8.3f %8.1f %10.6f %6.1fx %9s\n", name[i], ti[i], ti[i] / (wi[i] ? wi[i] : 1), off[i], rate[i], on[i], cost[i], offw[i], rss[i] / 1024, nat[i], ratio[i], eff[i] == "n/a" ? "n/a" : sprintf("%.0f%%", 100 * eff[i])
	printf "(launch s: the launch alone, counters off, one host thread; insn/s, on/off, ratio and 1->2 thr are\n"
	printf " taken on launch times; wall s: the whole ptx-run process, start-up %.3f s included; best of %d runs)\n", startup, runs
	if (threads != "yes") print "host threads: ptx-run has no --threads option: scaling n/a"
	g1 = 1; g2 = 1; g3 = 1; g4 = (threads == "yes"); minalu = 1e30; maxr = 0; maxc = 0; mine = 1e30
	for (i = 1; i <= NR; i++) {
		if (cls[i] == "alu") { if (rate[i] < 1e9) g1 = 0; if (rate[i] < minalu) minalu = rate[i] }
		if (name[i] == "saxpy" || name[i] == "matmul_tiled" || name[i] == "reduce_shfl") { if (ratio[i] > 10) g2 = 0; if (ratio[i] > maxr) maxr = ratio[i] }
		if (cost[i] > 1.5) g3 = 0
		if (cost[i] > maxc) maxc = cost[i]
		if (eff[i] == "n/a") g4 = 0
		else if (eff[i] < mine) mine = eff[i]
		if (eff[i] != "n/a" && eff[i] < 0.9) g4 = 0
	}
	print ""
	printf "goal: >= 1e9 thread-insns/s per core, ALU-heavy full mask:  %s (slowest %.3g/s)\n", ok(g1), minalu
	for (i = 1; i <= NR; i++)
		if (cls[i] == "sfu")
			printf "      (SFU-heavy, not an ALU kernel: %s at %.3g/s)\n", name[i], rate[i]
	printf "goal: within 10x of C -O2 on saxpy, matmul_tiled, reduce:    %s (worst %.1fx)\n", ok(g2), maxr
	printf "goal: counters on <= 1.5x counters off:                      %s (worst %.2fx)\n", ok(g3), maxc
	printf "goal: parallel efficiency >= 90%% from 1 to 2 host threads:   %s%s\n", ok(g4), threads == "yes" ? sprintf(" (worst %.0f%%)", 100 * mine) : " (n/a: no --threads)"

	printf "{\n  \"runs\": %d,\n  \"startup_s\": %s,\n  \"threads_option\": %s,\n  \"kernels\": [\n", runs, startup, threads == "yes" ? "true" : "false" > out
	for (i = 1; i <= NR; i++)
		printf "    {\"kernel\": \"%s\", \"class\": \"%s\", \"thread_instructions\": %d, \"warp_instructions\": %d, \"launch_s_no_stats\": %s, \"launch_s_counters\": %s, \"wall_s_no_stats\": %s, \"wall_s_counters\": %s, \"thread_insns_per_s\": %.4g, \"thread_insns_per_s_counters\": %.4g, \"counters_slowdown\": %.3f, \"counters_slowdown_wall\": %.3f, \"peak_rss_kib\": %s, \"native_o2_s\": %s, \"ratio_vs_native\": %.2f, \"launch_s_1_thread\": %s, \"launch_s_2_threads\": %s, \"parallel_efficiency_2\": %s, \"wall_s_1_thread\": %s, \"wall_s_2_threads\": %s, \"parallel_efficiency_2_wall\": %s}%s\n", name[i], cls[i], ti[i], wi[i], off[i], on[i], offw[i], onw[i], rate[i], ti[i] / on[i], cost[i], costw[i], rss[i], nat[i], ratio[i], js(t1[i]), js(t2[i]), js(eff[i]), js(t1w[i]), js(t2w[i]), js(effw[i]), i < NR ? "," : "" > out
	printf "  ],\n  \"goals\": {\n    \"alu_1e9_per_core\": {\"met\": %s, \"slowest\": %.4g},\n    \"within_10x_native\": {\"met\": %s, \"worst_ratio\": %.2f},\n    \"counters_le_1_5x\": {\"met\": %s, \"worst\": %.3f},\n    \"parallel_eff_ge_90\": {\"met\": %s, \"worst\": %s}\n  },\n  \"outputs_checked\": %s\n}\n", g1 ? "true" : "false", minalu, g2 ? "true" : "false", maxr, g3 ? "true" : "false", maxc, g4 ? "true" : "false", threads == "yes" ? mine : "null", fail ? "false" : "true" > out
	print "wrote " out
}' "$rows"
exit $fail

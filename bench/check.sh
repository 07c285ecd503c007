#!/bin/sh
# bench/check.sh -- `make bench`, third part: what the dynamic checks cost.
#
#	sh bench/check.sh [N]	(from the build directory; each time is the
#				 best of N runs, default N = 5)
#
# For saxpy, the shared-memory tiled matmul and the block reduction of
# bench/kernels.ptx: the launch's CPU time (ptx-run --time, one host
# thread, counters off: on a machine other work shares, the wall time
# grows with the load while the CPU time stays) unchecked and under each of memcheck, initcheck, racecheck,
# the three together and --check=all, the runs of one kernel taken in turns
# so that a noisy spell of a shared machine touches them alike.  Prints
# each checked time over the unchecked one, and the goal: --check=all
# within 3x of the unchecked launch on every kernel.  The inputs are
# zeros (the checks' costs do not depend on the values); a run that
# reports anything fails the bench, since these kernels are clean.
set -eu
LC_ALL=C
export LC_ALL
n=${1:-5}
src=$(cd "${srcdir:-.}" && pwd)
abs() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
run=$(abs "${PTX_RUN:-./ptx-run}")
K=$src/bench/kernels.ptx
work=$(mktemp -d "${TMPDIR:-/tmp}/ptxcheck.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
cd "$work"

min() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a + 0 < b + 0) ? a : b }'; }

# once CHECKS ARGS...: the launch's CPU seconds of one run ("none": unchecked)
once() {
	c=$1
	shift
	if [ "$c" = none ]; then set -- "$@"; else set -- --check="$c" "$@"; fi
	"$run" --no-stats --threads 1 --time "$@" > /dev/null 2> err.txt ||
		{ sed 's/^/  /' err.txt >&2; return 1; }
	sed -n 's/.*launch of .*: \([0-9.]*\) s of CPU time$/\1/p' err.txt | tail -1
}

checks="none memcheck initcheck racecheck memcheck,initcheck,racecheck all"
fail=0
printf "%-13s %9s %9s %9s %9s %9s %9s\n" kernel "none cpu s" memcheck initcheck racecheck "mem+init+race" all
# bench NAME ARGS...
bench() {
	name=$1
	shift
	for c in $checks; do eval "t_$(echo "$c" | tr , _)="; done
	i=0
	while [ $i -lt "$n" ]; do
		for c in $checks; do
			v=t_$(echo "$c" | tr , _)
			s=$(once "$c" "$K" -k "$name" "$@") || { echo "$name --check=$c: failed or reported" >&2; fail=1; return 0; }
			eval "$v=\$(min \"\$s\" \"\$$v\")"
		done
		i=$((i + 1))
	done
	# shellcheck disable=SC2154
	echo "$name $t_none $t_memcheck $t_initcheck $t_racecheck $t_memcheck_initcheck_racecheck $t_all" >> rows
}

: > rows
bench saxpy -g 8192 -b 256 -a s32:2097152 -a f32:2.0 -a zeros:8388608 -a zeros:8388608
bench matmul_tiled -g 12,12 -b 16,16 -a zeros:147456 -a zeros:147456 -a zeros:147456 -a s32:192
bench reduce_shfl -g 64 -b 256 -a zeros:16777216 -a zeros:256 -a s32:4194304

awk -v runs="$n" '
{
	printf "%-13s %9.4f", $1, $2
	for (i = 3; i <= 7; i++)
		printf " %8.1fx", $i / $2
	printf "\n"
	if ($7 / $2 > worst) { worst = $7 / $2; wk = $1 }
}
END {
	printf "(launch CPU seconds unchecked, then each check over it; best of %d runs, taken in turns)\n", runs
	printf "goal: --check=all <= 3x unchecked on every kernel:           %s (worst %.1fx, %s)\n",
	    worst <= 3 ? "met" : "NOT met", worst, wk
}' rows
exit $fail

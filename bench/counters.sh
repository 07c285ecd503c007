#!/bin/sh
# bench/counters.sh -- what counting costs: each kernel run with the
# counters on (the default) and with --no-stats, best of N runs each.
#	sh bench/counters.sh [N]       (from the build directory; N defaults to 3)
# In a libtool build the binary runs without its wrapper script, whose
# start-up would otherwise be part of every timing.  The grids are sized
# for runs of about half a second.
LC_ALL=C
export LC_ALL
src=${srcdir:-.}
n=${1:-3}
if [ -n "$PTX_RUN" ]; then
	run=$PTX_RUN
elif [ -x .libs/ptx-run ] && [ -f .libs/libptx.so ]; then
	run=.libs/ptx-run
	LD_LIBRARY_PATH=$(pwd)/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	export LD_LIBRARY_PATH
else
	run=./ptx-run
fi

best() {   # best wall seconds of $n runs of the command
	b=
	i=0
	while [ $i -lt "$n" ]; do
		t0=$(date +%s.%N)
		"$@" > /dev/null 2>&1 || { echo "failed: $*" >&2; echo 0; return; }
		t1=$(date +%s.%N)
		b=$(echo "$t0 $t1 ${b:-1e9}" | awk '{ d = $2 - $1; print (d < $3 ? d : $3) }')
		i=$((i + 1))
	done
	echo "$b"
}

bench() {   # bench NAME ARGS...
	name=$1
	shift
	on=$(best "$run" "$@")
	off=$(best "$run" --no-stats "$@")
	echo "$name $on $off" | awk '{ printf "%-22s counted %7.3f s   --no-stats %7.3f s   slowdown %.2fx\n", $1, $2, $3, $2 / $3 }'
}

T=$src/tests/counters/transpose.ptx
bench transpose-naive -k naive -g 2000 -b 32,32 -a zeros:4096 -a zeros:4096 "$T"
bench transpose-padded -k padded -g 2000 -b 32,32 -a zeros:4096 -a zeros:4096 "$T"
bench matmul-tile -k matmul -g 1000 -b 16,16 -a zeros:1024 -a zeros:1024 -a zeros:1024 "$src/tests/counters/matmul.ptx"
bench collatz-alu -k _Z7collatzPKyPii -g 3 -b 128 -a "file:$src/tests/run/collatz.in" -a zeros:1200 -a s32:300 \
    "$src/tests/corpus/ptx/control_flow.sm_90.ptx"

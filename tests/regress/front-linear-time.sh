#!/bin/sh
# The front end and the verifier take time linear in the size of a module:
# ptx-as and ptxas-lint on a module ten times larger may take at most
# $bound times longer (quadratic would be a hundred).  Two shapes: many
# kernels of 40 steps, and one kernel whose every step adds registers,
# a branch and a label.  A step is an add, a mul, a setp, a guarded
# branch over an add, a label and a store.  Sizes 1.2 MB and 12 MB.
#
# Then one kernel of each shape that once took quadratic time or memory
# somewhere, at 0.2 MB and 2 MB:
#   cross  forward branches that all cross each other (divergent regions);
#   ifs    nested divergent ifs (regions inside regions);
#   nest   nested loops (dominance frontiers, loop nests);
#   loops  one-block loops in a row, each reading a register before any
#          write (liveness back to the entry, one loop forest per loop);
#   live   registers written at the top and read at the bottom, with
#          branches between (liveness across the whole body);
#   back   a chain of joins that runs against the block order, a register
#          undefined at its start (maybe-undefined values spread back);
#   wgmma  the live shape with one wgmma.mma_async (a set of accumulators
#          in flight per block);
#   vec    one destination vector of as many registers;
#   exits  guarded exits in a row (each reaches all that follows it);
#   unreach  unreachable branches in a row, a warning of ptxas-lint's
#          each (its table of reports grew one entry at a time, copied
#          each time by an allocator that copies, as ASan's does).
#
# Where PTX_SANITIZED (the build's sanitizer flags) is set, sizes are a
# quarter (a third for the first two).  Times are the CPU time of the tool (user and
# system, from the shell's `times`), which other load on the machine
# does not stretch as it does the wall clock; the larger run is tried
# up to four times before it counts as too slow.
set -u
small=1200000
small2=200000
[ -n "${PTX_SANITIZED:-}" ] && small=400000 small2=50000
bound=40
. "$top/tests/regress/cputime.inc"

# gen SHAPE BYTES: a module of about BYTES
gen() {
	awk -v shape="$1" -v bytes="$2" '
	function kernel(name, n,   i) {
		printf ".visible .entry %s(.param .u64 out)\n{\n", name
		printf "\t.reg .pred %%p<%d>;\n\t.reg .f32 %%f<%d>;\n", n + 2, n + 2
		printf "\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<4>;\n", n + 2
		printf "\tld.param.u64 %%rd1, [out];\n\tmov.u32 %%r0, %%tid.x;\n"
		printf "\tcvt.rn.f32.u32 %%f0, %%r0;\n"
		for (i = 0; i < n; i++) {
			printf "\tadd.s32 %%r%d, %%r%d, %d;\n", i + 1, i, i
			printf "\tmul.f32 %%f%d, %%f%d, 0f3F800001;\n", i + 1, i
			printf "\tsetp.lt.s32 %%p%d, %%r%d, %d;\n", i + 1, i + 1, i
			printf "\t@%%p%d bra $L_%d;\n", i + 1, i
			printf "\tadd.f32 %%f%d, %%f%d, %%f%d;\n", i + 1, i + 1, i
			printf "$L_%d:\n", i
			printf "\tst.global.f32 [%%rd1+%d], %%f%d;\n", 4 * (i % 64), i + 1
		}
		printf "\tret;\n}\n"
	}
	# one kernel of n steps of the given shape (60 to 200 bytes a step)
	function shaped(n,   i) {
		printf ".visible .entry k(.param .u64 out)\n{\n"
		printf "\t.reg .pred %%p<4>;\n\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<4>;\n", n + 2
		printf "\tld.param.u64 %%rd1, [out];\n\tmov.u32 %%r0, %%tid.x;\n"
		printf "\tsetp.lt.u32 %%p0, %%r0, 7;\n"
		if (shape == "cross") {
			for (i = 0; i < n; i++)
				printf "\tadd.s32 %%r1, %%r1, 1;\n\t@%%p0 bra $L_%d;\n", i
			for (i = 0; i < n; i++)
				printf "$L_%d:\n\tst.global.u32 [%%rd1], %%r1;\n", i
		} else if (shape == "ifs") {
			for (i = 0; i < n; i++)
				printf "\t@%%p0 bra $L_%d;\n\tadd.s32 %%r1, %%r1, 1;\n", i
			for (i = n - 1; i >= 0; i--)
				printf "$L_%d:\n\tst.global.u32 [%%rd1], %%r1;\n", i
		} else if (shape == "nest") {
			for (i = 0; i < n; i++)
				printf "$L_%d:\n\tadd.s32 %%r1, %%r1, 1;\n", i
			for (i = n - 1; i >= 0; i--)
				printf "\tsetp.lt.s32 %%p1, %%r1, %%r0;\n\t@%%p1 bra $L_%d;\n", i
		} else if (shape == "loops") {
			for (i = 0; i < n; i++) {
				printf "$L_%d:\n\tadd.s32 %%r%d, %%r%d, 1;\n", i, i + 1, i + 1
				printf "\tsetp.lt.s32 %%p1, %%r%d, %%r0;\n\t@%%p1 bra $L_%d;\n", i + 1, i
			}
		} else if (shape == "back") {
			printf "\tbra $L_%d;\n", n - 1
			for (i = n - 1; i > 0; i--)
				printf "$L_%d:\n\t@%%p0 bra $D_%d;\n\tbra $L_%d;\n$D_%d:\n\tmov.u32 %%r1, %d;\n\tbra $L_%d;\n", i, i, i - 1, i, i, i - 1
			printf "$L_0:\n\tst.global.u32 [%%rd1], %%r1;\n"
		} else if (shape == "live" || shape == "wgmma") {
			if (shape == "wgmma") {
				printf "\t.reg .f32 %%f<9>;\n\twgmma.fence.sync.aligned;\n"
				printf "\twgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 "
				printf "{%%f1, %%f2, %%f3, %%f4, %%f5, %%f6, %%f7, %%f8}, %%rd1, %%rd1, %%p0, -1, 1, 0, 1;\n"
			}
			for (i = 0; i < n; i++)
				printf "\tadd.s32 %%r%d, %%r0, %d;\n", i + 1, i
			for (i = 0; i < n; i++)
				printf "\t@%%p0 bra $L_%d;\n\tst.global.u32 [%%rd1], %%r0;\n$L_%d:\n", i, i
			for (i = 0; i < n; i++)
				printf "\tst.global.u32 [%%rd1], %%r%d;\n", i + 1
			if (shape == "wgmma")
				printf "\twgmma.commit_group.sync.aligned;\n\twgmma.wait_group.sync.aligned 0;\n"
		} else if (shape == "unreach") {
			printf "$L_top:\n"
			for (i = 0; i < 7 * n; i++)   # 13 bytes a branch
				printf "\tbra $L_top;\n"
		} else if (shape == "exits") {
			for (i = 0; i < n; i++)
				printf "\t@%%p0 exit;\n\tst.global.u32 [%%rd1], %%r0;\n"
		} else if (shape == "vec") {
			printf "\tld.global.v4.u32 {"
			for (i = 0; i < 6 * n; i++)
				printf "%s%%r%d", i ? ", " : "", i % n + 1
			printf "}, [%%rd1];\n"
		}
		printf "\tret;\n}\n"
	}
	BEGIN {
		printf ".version 8.0\n.target sm_90%s\n.address_size 64\n\n", shape == "wgmma" ? "a" : ""
		if (shape != "one" && shape != "many")
			shaped(int(bytes / 90))
		else if (shape == "one")
			kernel("k", int(bytes / 200))
		else
			for (k = 0; k * 40 * 200 < bytes; k++)
				kernel("k" k, 40)
	}'
}

# ms TOOL FILE: milliseconds TOOL takes on FILE; it must accept it (but
# for the vector shape, which has too many elements for a .v4 access)
ms() {
	cpu >"$TMPDIR/t0"
	"$1" "$2" >/dev/null 2>"$TMPDIR/err" || grep -q 'elements for a .v4' "$TMPDIR/err" ||
		{ echo "$1 $2: exit $?"; cat "$TMPDIR/err"; exit 1; }
	cpu >"$TMPDIR/t1"
	echo $(($(cat "$TMPDIR/t1") - $(cat "$TMPDIR/t0") + 1))
}

fail=0
for shape in many one cross ifs nest loops live back wgmma vec exits unreach; do
	size=$small
	case $shape in many|one) ;; *) size=$small2 ;; esac
	gen $shape $size >"$TMPDIR/s.ptx"
	gen $shape $((size * 10)) >"$TMPDIR/l.ptx"
	for tool in "$PTX_AS" "$PTX_LINT"; do
		# the smaller run twice, the slower counting: its few
		# hundredths of a second are near the clock's resolution
		a=$(ms "$tool" "$TMPDIR/s.ptx") || exit 1
		a2=$(ms "$tool" "$TMPDIR/s.ptx") || exit 1
		[ $a2 -gt $a ] && a=$a2
		# `times` counts in hundredths of a second: below 20 ms the
		# smaller run's time is mostly rounding, so it counts as 20
		[ $a -lt 20 ] && a=20
		# the larger run, again while it is over the bound (up to four
		# times), the fastest counting: a test running beside it on the
		# other core stretches even CPU time (cache, memory bandwidth,
		# page zeroing), where a quadratic pass stays slow every time
		b=$(ms "$tool" "$TMPDIR/l.ptx") || exit 1
		for try in 2 3 4; do
			[ $b -gt $((a * bound)) ] || break
			b2=$(ms "$tool" "$TMPDIR/l.ptx") || exit 1
			[ $b2 -lt $b ] && b=$b2
		done
		echo "$shape $(basename "$tool"): $(wc -c <"$TMPDIR/s.ptx") bytes $a ms, $(wc -c <"$TMPDIR/l.ptx") bytes $b ms"
		if [ $b -gt $((a * bound)) ]; then
			echo "FAIL: $((b / a))x the time for 10x the size"
			fail=1
		fi
	done
done
exit $fail

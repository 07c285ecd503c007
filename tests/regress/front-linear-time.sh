#!/bin/sh
# The front end and the verifier take time linear in the size of a module:
# ptx-as and ptxas-lint on a module ten times larger may take at most
# $bound times longer (quadratic would be a hundred).  Two shapes: many
# kernels of 40 steps, and one kernel whose every step adds registers,
# a branch and a label.  A step is an add, a mul, a setp, a guarded
# branch over an add, a label and a store.
#
# Sizes 2 MB and 20 MB; 0.5 MB and 5 MB where PTX_SANITIZED (the build's
# sanitizer flags) is set.  Times are the CPU time of the tool (user and
# system, from the shell's `times`), which other load on the machine
# does not stretch as it does the wall clock; the larger run is tried
# twice before it counts as too slow.
set -u
small=2000000
[ -n "${PTX_SANITIZED:-}" ] && small=500000
bound=25
# cpu: the children's user + system time so far, in milliseconds, from
# the second line of `times` ("0m1.250s 0m0.040s"); `times` itself must
# run in the shell whose children count, not in a $(...) of its own
cpu() {
	times >"$TMPDIR/times"
	sed -n '2s/[ms]/ /gp' "$TMPDIR/times" | awk '{ printf "%d\n", 1000 * (60 * $1 + $2 + 60 * $3 + $4) }'
}
[ -n "$(cpu)" ] || exit 77

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
	BEGIN {
		printf ".version 8.0\n.target sm_90\n.address_size 64\n\n"
		if (shape == "one")
			kernel("k", int(bytes / 200))
		else
			for (k = 0; k * 40 * 200 < bytes; k++)
				kernel("k" k, 40)
	}'
}

# ms TOOL FILE: milliseconds TOOL takes on FILE; it must accept it
ms() {
	cpu >"$TMPDIR/t0"
	"$1" "$2" >/dev/null 2>"$TMPDIR/err" || { echo "$1 $2: exit $?"; cat "$TMPDIR/err"; exit 1; }
	cpu >"$TMPDIR/t1"
	echo $(($(cat "$TMPDIR/t1") - $(cat "$TMPDIR/t0") + 1))
}

fail=0
for shape in many one; do
	gen $shape $small >"$TMPDIR/s.ptx"
	gen $shape $((small * 10)) >"$TMPDIR/l.ptx"
	for tool in "$PTX_AS" "$PTX_LINT"; do
		a=$(ms "$tool" "$TMPDIR/s.ptx") || exit 1
		b=$(ms "$tool" "$TMPDIR/l.ptx") || exit 1
		[ $b -gt $((a * bound)) ] && b=$(ms "$tool" "$TMPDIR/l.ptx")
		echo "$shape $(basename "$tool"): $(wc -c <"$TMPDIR/s.ptx") bytes $a ms, $(wc -c <"$TMPDIR/l.ptx") bytes $b ms"
		if [ $b -gt $((a * bound)) ]; then
			echo "FAIL: $((b / a))x the time for 10x the size"
			fail=1
		fi
	done
done
exit $fail

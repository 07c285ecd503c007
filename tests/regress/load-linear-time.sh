#!/bin/sh
# Loading a kernel takes time linear in its length: ptx-run on a kernel
# ten times longer may take at most $bound times longer (quadratic would
# be a hundred).  Each shape repeats a step that one of the load-time
# folds (interp/fold.c, foldint.c, contract.c) asks a question about the
# rest of the function for, a question that once read the whole function
# for each step (40,000 steps of f64 took minutes):
#   nanmul  mul.f64 of a constant and a NaN immediate (who else reads the
#           constant: sharedv);
#   fmaimm  fma.f64 of two immediates, a NaN among them, and a register
#           (who else has the immediate: sharedop);
#   subself sub.f64 x, x of a constant (who computes with x before:
#           readbefore);
#   cnot    shl.b16 by a cnot (a call before it: mayhavecalled);
#   alloca  two allocas of one size in a row (a call anywhere: hascall);
#   negshr  shr.s32 of a neg of an unpacked word (its readers);
#   mulad   mul.lo of two registers read by one add (its readers);
#   absself add.f32 of an abs of a square (the square's readers: absself);
#   params  a .func of 32 parameters, called twice, max.f32 of two of them
#           in each step of its body (which calls pass one register for
#           both: parroot).
# The NaN order is the loader's own (PTXKIT_NANORDER=predict: the real
# ptxas, which would find it otherwise, takes its own time).  Times are
# the CPU time of ptx-run (the shell's `times`); the larger run
# is tried up to four times before it counts as too slow.
set -u
steps=3000
[ -n "${PTX_SANITIZED:-}" ] && steps=1000
bound=40
. "$top/tests/regress/cputime.inc"

# gen SHAPE N: a kernel of N steps
gen() {
	awk -v shape="$1" -v n="$2" 'BEGIN {
		printf ".version 8.6\n.target sm_90\n.address_size 64\n"
		if (shape == "params") {
			printf ".func (.param .b32 r) f("
			for (i = 0; i < 32; i++)
				printf "%s.param .b32 a%d", i ? ", " : "", i
			printf ")\n{\n\t.reg .b32 %%r<%d>;\n", n + 40
			for (i = 0; i < 32; i++)
				printf "\tld.param.b32 %%r%d, [a%d];\n", i, i
			for (i = 0; i < n; i++)
				printf "\tmax.f32 %%r%d, %%r%d, %%r%d;\n", i + 33, i % 31, i % 31 + 1
			printf "\tst.param.b32 [r], %%r%d;\n\tret;\n}\n", n + 32
		}
		printf ".visible .entry k(.param .u64 out)\n{\n"
		printf "\t.reg .pred %%p<4>;\n\t.reg .b16 %%h<%d>;\n\t.reg .b32 %%r<%d>;\n", n + 2, n + 2
		printf "\t.reg .b64 %%rd<4>;\n\t.reg .b64 %%a<%d>;\n\t.reg .b64 %%b<%d>;\n", n + 2, n + 2
		printf "\t.reg .b32 %%s<%d>;\n\t.reg .b32 %%t<%d>;\n", n + 2, n + 2
		printf "\tld.param.u64 %%rd0, [out];\n\tcvta.to.global.u64 %%rd0, %%rd0;\n"
		printf "\tld.global.b64 %%rd1, [%%rd0];\n\tmov.u32 %%r0, %%tid.x;\n"
		for (i = 1; i <= n; i++) {
			if (shape == "nanmul")
				printf "\tmov.b64 %%b%d, 0d40000000%08X;\n\tmul.f64 %%a%d, %%b%d, 0d7FF4000000000001;\n", i, i, i, i
			else if (shape == "fmaimm")
				printf "\tadd.s64 %%b%d, %%rd1, %d;\n\tfma.rz.f64 %%a%d, 0d40040000%08X, 0dFFF4000000000ABC, %%b%d;\n", i, i, i, i, i
			else if (shape == "subself")
				printf "\tmov.b64 %%b%d, 0d7FF80000%08X;\n\tsub.rm.f64 %%a%d, %%b%d, %%b%d;\n", i, i, i, i, i
			else if (shape == "cnot")
				printf "\tcnot.b32 %%r%d, %%r%d;\n\tcvt.u16.u32 %%h%d, %%r%d;\n\tshl.b16 %%h%d, %%h%d, %%r%d;\n\tcvt.u64.u16 %%a%d, %%h%d;\n", i, i - 1, i, i, i, i, i, i, i
			else if (shape == "alloca")
				printf "\talloca.u64 %%a%d, 8, 8;\n\talloca.u64 %%b%d, 8, 8;\n\tst.local.u64 [%%a%d], %%rd1;\n", i, i, i
			else if (shape == "negshr")
				printf "\tmov.b64 {%%s%d, %%t%d}, %%rd1;\n\tneg.s32 %%t%d, %%t%d;\n\tshr.s32 %%s%d, %%t%d, 20;\n\tadd.s32 %%r%d, %%s%d, -1023;\n\tcvt.u64.u32 %%a%d, %%r%d;\n", i, i, i, i, i, i, i, i, i, i
			else if (shape == "mulad")
				printf "\tmul.lo.u32 %%r%d, %%r%d, %%r0;\n\tadd.u32 %%r%d, %%r%d, 7;\n\tcvt.u64.u32 %%a%d, %%r%d;\n", i, i - 1, i, i, i, i
			else if (shape == "absself")
				printf "\tmov.b32 %%s%d, %%r0;\n\tmul.f32 %%s%d, %%s%d, %%s%d;\n\tabs.f32 %%t%d, %%s%d;\n\tadd.f32 %%r%d, %%t%d, 0f3FC00000;\n\tcvt.u64.u32 %%a%d, %%r%d;\n", i, i, i, i, i, i, i, i, i, i
			else if (shape == "params" && i <= 2)
				printf "\t{\n\t.param .b32 q;\n\t.param .b32 r;\n\tst.param.b32 [q], %%r0;\n\tcall (r), f, (q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q, q);\n\tld.param.b32 %%r%d, [r];\n\t}\n\tcvt.u64.u32 %%a%d, %%r%d;\n", i, i, i
			else if (shape == "params")
				printf "\tmov.b64 %%a%d, %%rd1;\n", i
			if (shape != "alloca")
				printf "\tst.global.b64 [%%rd0], %%a%d;\n", i
		}
		printf "\tret;\n}\n"
	}'
}

ms() {
	cpu >"$TMPDIR/t0"
	PTXKIT_NANORDER=predict "$PTX_RUN" -b 1 -g 1 -a zeros:8 "$1" >/dev/null 2>"$TMPDIR/err" ||
		{ echo "ptx-run $1: exit $?"; head -5 "$TMPDIR/err"; exit 1; }
	cpu >"$TMPDIR/t1"
	echo $(($(cat "$TMPDIR/t1") - $(cat "$TMPDIR/t0") + 1))
}

fail=0
for shape in nanmul fmaimm subself cnot alloca negshr mulad absself params; do
	gen $shape $steps >"$TMPDIR/s.ptx"
	gen $shape $((steps * 10)) >"$TMPDIR/l.ptx"
	a=$(ms "$TMPDIR/s.ptx") || exit 1
	a2=$(ms "$TMPDIR/s.ptx") || exit 1
	[ $a2 -gt $a ] && a=$a2
	[ $a -lt 20 ] && a=20
	b=$(ms "$TMPDIR/l.ptx") || exit 1
	for try in 2 3 4; do
		[ $b -gt $((a * bound)) ] || break
		b2=$(ms "$TMPDIR/l.ptx") || exit 1
		[ $b2 -lt $b ] && b=$b2
	done
	echo "$shape: $steps steps $a ms, $((steps * 10)) steps $b ms"
	if [ $b -gt $((a * bound)) ]; then
		echo "FAIL: $((b / a))x the time for 10x the steps"
		fail=1
	fi
done
exit $fail

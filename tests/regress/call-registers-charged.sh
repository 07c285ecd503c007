#!/bin/sh
# Register files are charged to the device memory limit.  A function of
# 1000 registers calling itself 4000 deep took 1 GB of the host's memory a
# warp beyond PTX_LIMIT_MEMORY (each call depth has a file of its own, 256
# KB a warp here), and a block of such warps as many times more: the
# recursion must stop with an out-of-memory fault at --max-memory.  A
# kernel's own file is charged with its block: 1000 threads of a kernel of
# 5000 registers (40 MB) are refused at launch under 16 MB.
n=1000
{
	printf '.version 8.0\n.target sm_90\n.address_size 64\n'
	printf '.func f(.reg .u32 d)\n{\n\t.reg .b32 %%r<%d>;\n\t.reg .pred %%p;\n' $((n + 1))
	i=1
	while [ $i -lt $n ]; do
		printf '\tadd.u32 %%r%d, %%r%d, d;\n' $i $((i - 1))
		i=$((i + 1))
	done
	printf '\tsetp.eq.u32 %%p, d, 0;\n\t@%%p bra DONE;\n\tsub.u32 %%r0, d, 1;\n\tcall f, (%%r0);\nDONE:\n\tret;\n}\n'
	printf '.visible .entry k()\n{\n\t.reg .b32 %%r<2>;\n\tmov.u32 %%r1, 4000;\n\tcall f, (%%r1);\n\tret;\n}\n'
} > "$TMPDIR/rec.ptx"
"$PTX_RUN" --max-memory 64M "$TMPDIR/rec.ptx" 2> "$TMPDIR/err"
rc=$?
[ $rc -eq 4 ] && grep -q 'out of memory: the call at depth [0-9]* needs [0-9]* bytes of registers' "$TMPDIR/err" || {
	echo "recursion: exit $rc"
	cat "$TMPDIR/err"
	exit 1
}
# under a limit that holds them all, the recursion runs
"$PTX_RUN" --max-memory 2G "$TMPDIR/rec.ptx" 2> "$TMPDIR/err" || {
	echo "recursion under 2G: exit $?"
	cat "$TMPDIR/err"
	exit 1
}

n=5000
{
	printf '.version 8.0\n.target sm_90\n.address_size 64\n'
	printf '.visible .entry k(.param .u64 o)\n{\n\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%a;\n' $((n + 1))
	printf '\tmov.u32 %%r0, %%tid.x;\n'
	i=1
	while [ $i -lt $n ]; do
		printf '\tadd.u32 %%r%d, %%r%d, 1;\n' $i $((i - 1))
		i=$((i + 1))
	done
	printf '\tld.param.u64 %%a, [o];\n\tst.global.u32 [%%a], %%r%d;\n\tret;\n}\n' $((n - 1))
} > "$TMPDIR/big.ptx"
"$PTX_RUN" --max-memory 16M -b 1000 -a zeros:4 "$TMPDIR/big.ptx" 2> "$TMPDIR/err"
rc=$?
[ $rc -eq 4 ] && grep -q 'launch of k: the shared and local memory of a block of 1000 threads.* [0-9]* of registers a warp' "$TMPDIR/err" || {
	echo "kernel registers: exit $rc"
	cat "$TMPDIR/err"
	exit 1
}
"$PTX_RUN" --max-memory 64M -b 1000 -a zeros:4 "$TMPDIR/big.ptx" 2> "$TMPDIR/err" || {
	echo "kernel registers under 64M: exit $?"
	cat "$TMPDIR/err"
	exit 1
}

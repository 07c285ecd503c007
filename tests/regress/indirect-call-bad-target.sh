#!/bin/sh
# An indirect call through a register holding a kernel's address, or a
# function's address plus an offset: the first called the kernel as a
# function, whose ret ends the thread, and recursed until the call stack
# overflowed; the second called whichever function the sum happened to
# number.  Both are faults naming the address now; a call through the
# function's own address still runs it.
set -u
cat >"$TMPDIR/base.ptx" <<'PTX'
.version 8.0
.target sm_90
.address_size 64
.visible .func (.param .b32 r) f(.param .b32 a)
{
	.reg .b32 %x;
	ld.param.b32 %x, [a];
	add.s32 %x, %x, 1;
	st.param.b32 [r], %x;
	ret;
}
.visible .entry k(.param .u64 out)
{
	.reg .b64 %rd<4>;
	.reg .b32 %r<4>;
	ld.param.u64 %rd1, [out];
	mov.u64 %rd2, TARGET;
	add.u64 %rd2, %rd2, OFF;
	mov.u32 %r1, 41;
	{
	.param .b32 pa;
	.param .b32 pr;
	st.param.b32 [pa], %r1;
proto: .callprototype (.param .b32 _) _ (.param .b32 _);
	call (pr), %rd2, (pa), proto;
	ld.param.b32 %r2, [pr];
	}
	st.global.u32 [%rd1], %r2;
	ret;
}
PTX
# call TARGET OFFSET: ptx-run's status; its stderr in $TMPDIR/err
call() {
	sed "s/TARGET/$1/; s/OFF/$2/" "$TMPDIR/base.ptx" >"$TMPDIR/c.ptx"
	printf '\052\000\000\000' >"$TMPDIR/want"
	"$PTX_RUN" -a zeros:4 --expect "0:$TMPDIR/want" "$TMPDIR/c.ptx" >/dev/null 2>"$TMPDIR/err"
}
# fault TARGET OFFSET TEXT: a clean fault (exit 4) whose message has TEXT
fault() {
	call "$1" "$2"
	rc=$?
	[ $rc -eq 4 ] && grep -qF -- "$3" "$TMPDIR/err" && ! grep -q 'stack overflow' "$TMPDIR/err" ||
		{ echo "call $1 + $2: exit $rc"; cat "$TMPDIR/err"; exit 1; }
}
call f 0 || { echo "call f: exit $?"; cat "$TMPDIR/err"; exit 1; }
fault k 0 "indirect call to 0x7b0000010000, the address of kernel 'k', which cannot be called"
fault k 8 "indirect call to 0x7b0000010008 ('k' + 0x8), which is not a function"
fault f 1 "indirect call to 0x7b0000000001 ('f' + 0x1), which is not a function"
fault f 65535 "('f' + 0xffff), which is not a function"
fault f -1 "indirect call to 0x7affffffffff, which is not a function"

#!/bin/sh
# A .global or .const variable declared inside a function body is a static
# one: ptxas gives it module storage, with its initialiser, and takes its
# name in ld, st, mov (its address) and cp.async like a module variable's.
# Only the module's own variables were laid out, so any use of one was
# refused at load time.  Two bodies each declare a 't': they are two
# variables.
cat >"$TMPDIR/p.ptx" <<'PTX'
.version 8.0
.target sm_90
.address_size 64
.visible .func (.reg .u32 r) bump()
{
	.global .u32 t = 100;
	ld.global.u32 r, [t];
	add.u32 r, r, 1;
	st.global.u32 [t], r;
	ret;
}
.visible .entry k(.param .u64 o)
{
	.global .b32 t[4] = {1, 2, 3, 4};
	.const .b32 c[2] = {7, 8};
	.shared .align 16 .b32 s[4];
	.reg .u64 a, b;
	.reg .u32 v, w, x, y;
	ld.param.u64 a, [o];
	mov.u64 b, t;
	ld.global.u32 v, [b+8];
	st.global.u32 [a], v;
	ld.const.u32 v, [c+4];
	st.global.u32 [a+4], v;
	cp.async.ca.shared.global [s], [t], 16, 12;
	cp.async.commit_group;
	cp.async.wait_group 0;
	ld.shared.v4.u32 {v, w, x, y}, [s];
	st.global.u32 [a+8], x;
	st.global.u32 [a+12], y;
	call (v), bump, ();
	call (w), bump, ();
	st.global.u32 [a+16], v;
	st.global.u32 [a+20], w;
	ret;
}
PTX
# t[2], c[1], s[2] (t[2]), s[3] (past src-size 12: zero), 101, 102
printf '\003\000\000\000\010\000\000\000\003\000\000\000\000\000\000\000\145\000\000\000\146\000\000\000' >"$TMPDIR/want"
"$PTX_RUN" -a zeros:24 --expect "0:$TMPDIR/want" "$TMPDIR/p.ptx"

#!/bin/sh
# Vector registers (.reg .v4 .u16 r) run element by element: whole moves,
# element writes, ld/st of the whole vector, and a swap through mov.v2,
# which ptxas performs as one parallel copy (read from its SASS: the two
# elements exchange).  Before, the interpreter stored wrong values.
cat >"$TMPDIR/v.ptx" <<'PTX'
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 o)
{
	.reg .u64 a;
	.reg .v4 .u16 h;
	.reg .v2 .u32 r;
	.reg .u32 t;
	ld.param.u64 a, [o];
	mov.v4.u16 h, {1, 2, 3, 4};
	mov.u16 h.g, 7;
	st.global.v4.u16 [a], h;
	ld.global.v4.u16 h, [a];
	cvt.u32.u16 t, h.w;
	add.u32 r.x, t, 5;
	add.u32 r.y, t, 7;
	mov.v2.u32 {r.y, r.x}, r;
	st.global.v2.u32 [a+8], r;
	mov.u32 r.z, 9;
	st.global.u32 [a+16], r.z;
	ret;
}
PTX
# 1 7 3 4 (u16), then r = {11, 9} after the swap, then r.z = 9
printf '\001\000\007\000\003\000\004\000\013\000\000\000\011\000\000\000\011\000\000\000' >"$TMPDIR/want"
"$PTX_RUN" -a zeros:20 --expect "0:$TMPDIR/want" "$TMPDIR/v.ptx"

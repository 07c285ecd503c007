#!/bin/sh
# WARP_SZ is a reserved word that ptxas 13 reads as the integer constant 32
# (the warp size, PTX ISA "Predefined identifiers"): it is taken wherever
# an integer immediate is, as st's source, in a sum (WARP_SZ+1), as a
# 16- or 64-bit mov's source, and refused where a float is.  It used to be
# a 32-bit special register, so all of these but mov.u32 were refused.
cat >"$TMPDIR/p.ptx" <<'PTX'
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 o)
{
	.reg .u64 a, d;
	.reg .u32 t;
	.reg .u16 h;
	.reg .pred p;
	ld.param.u64 a, [o];
	st.global.u8 [a], WARP_SZ;
	mov.u16 h, WARP_SZ;
	st.global.u16 [a+2], h;
	mov.u32 t, 3;
	add.u32 t, t, WARP_SZ;
	st.global.u32 [a+4], t;
	mov.u64 d, WARP_SZ+1;
	st.global.u64 [a+8], d;
	setp.eq.u32 p, t, WARP_SZ;
	selp.u32 t, 7, WARP_SZ, p;
	st.global.u32 [a+16], t;
	shl.b32 t, 1, WARP_SZ;
	st.global.u32 [a+20], t;
	ret;
}
PTX
# shl by 32 is 0 (a shift past the width clears, PTX ISA shl)
printf '\040\000\040\000\043\000\000\000\041\000\000\000\000\000\000\000\040\000\000\000\000\000\000\000' >"$TMPDIR/want"
"$PTX_RUN" -a zeros:24 --expect "0:$TMPDIR/want" "$TMPDIR/p.ptx" || exit 1
printf '.version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\t.reg .f32 f;\n\tadd.f32 f, f, WARP_SZ;\n\tret;\n}\n' >"$TMPDIR/bad.ptx"
"$PTX_LINT" "$TMPDIR/bad.ptx" 2>"$TMPDIR/err"
test $? -eq 1 || exit 1
grep -q "bad.ptx:7:16: error: integer literal where 'add' expects a .f32 value" "$TMPDIR/err"

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
.visible .entry warpsz(.param .u64 out)
{
	.reg .u64 a, d; .reg .u32 t; .reg .u16 h; .reg .pred p;
	ld.param.u64 a, [out];
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
# the bytes: 32 (u8), 32 (u16), 35, 33 (u64), 32 (selp), 0 (shl by 32
# clears: a shift past the width, PTX ISA shl)
got=$("$PTX_RUN" -a zeros:24 -o 0:- "$TMPDIR/p.ptx" | od -An -tx1 | tr -d ' \n')
test "$got" = 200020002300000021000000000000002000000000000000 || { echo "got $got"; exit 1; }
# a float operand refuses it, as ptxas does ("Arguments mismatch")
sed -n '1,4p' "$TMPDIR/p.ptx" >"$TMPDIR/f.ptx"
printf '{\n\t.reg .f32 f;\n\tadd.f32 f, f, WARP_SZ;\n\tret;\n}\n' >>"$TMPDIR/f.ptx"
case $("$PTX_LINT" "$TMPDIR/f.ptx" 2>&1; echo "exit $?") in
*"f.ptx:7:16: error: integer literal where 'add' expects a .f32 value"*"exit 1") exit 0 ;;
*) exit 1 ;;
esac

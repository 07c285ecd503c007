#!/bin/sh
# A register plus a constant as a source value (`st.u64 [a], a+1`): ptxas
# adds the constant in the register's width before the use (read from its
# SASS: IADD3 R, R, k), so t+0x100000001 on a 32-bit t adds 1.  The
# constant used to be dropped.
cat >"$TMPDIR/p.ptx" <<'PTX'
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 o)
{
	.reg .u64 a, b;
	.reg .u32 t, u;
	.reg .pred p;
	ld.param.u64 a, [o];
	mov.u32 t, 41;
	st.global.u32 [a], t+1;
	add.u32 u, t+2, 3;
	st.global.u32 [a+4], u;
	st.global.u32 [a+8], t+0x100000001;
	setp.eq.u32 p, t+-41, 0;
	selp.u32 u, 5, 6, p;
	st.global.u32 [a+12], u;
	sub.u64 b, a, a;
	st.global.u64 [a+16], b+-1;
	ret;
}
PTX
printf '\052\000\000\000\056\000\000\000\052\000\000\000\005\000\000\000\377\377\377\377\377\377\377\377' >"$TMPDIR/want"
"$PTX_RUN" -a zeros:24 --expect "0:$TMPDIR/want" "$TMPDIR/p.ptx" || exit 1
# a destination cannot have a constant added, nor can a float register
printf '.version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\t.reg .u32 t;\n\t.reg .f32 f;\n\tadd.u32 t+1, t, 2;\n\tmov.f32 f, f+1;\n\tret;\n}\n' >"$TMPDIR/bad.ptx"
"$PTX_AS" "$TMPDIR/bad.ptx" 2>"$TMPDIR/err"
test $? -eq 1 || exit 1
grep -q "bad.ptx:8:11: error: a destination must be a register" "$TMPDIR/err" &&
	grep -q "bad.ptx:9:14: error: a constant can only be added to a 16-, 32- or 64-bit integer register" "$TMPDIR/err"

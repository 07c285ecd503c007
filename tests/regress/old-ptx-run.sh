#!/bin/sh
# PTX ISA 1.x as nvopencc wrote it did not run: a module-scope .reg was a
# syntax error, the .param variables of a kernel's body (its parameters
# before 1.4, which had no list) were left out of its parameters, and the
# bare div.f32, sqrt.f32 ... of 1.0-1.3 were refused.  Now the first
# kernel writes its registers' values, and the second, bare, gives what the
# same kernel written with 1.4's explicit modifiers gives (as an H200 does,
# bit for bit, and ptx-run equals it on both).
fail=0
bad() { echo "FAIL: $*"; cat err; fail=1; }
cat >reg.ptx <<'P'
.version 1.3
.target sm_13
.reg .u32 %g;
.reg .u32 %ra<3>;
.entry k
{
	.param .u64 out;
	.reg .u64 %rd1;
	mov.u32 %g, 42;
	mov.u32 %ra01, 7;
	ld.param.u64 %rd1, [out];
	st.global.u32 [%rd1], %g;
	st.global.u32 [%rd1+4], %ra1;
	{ .reg .u32 %g; mov.u32 %g, 9; st.global.u32 [%rd1+8], %g; }
	st.global.u32 [%rd1+12], %g;
	exit;
}
P
"$PTX_RUN" -a zeros:16 -o 0:reg.out reg.ptx 2>err || bad "reg.ptx: exit $?"
[ "$(od -An -tu4 reg.out | tr -s ' ')" = " 42 7 9 42" ] || bad "reg.ptx wrote $(od -An -tu4 reg.out)"
body='
	.reg .u64 %rd<4>;
	.reg .f32 %f<11>;
	.reg .f64 %d<7>;
	.reg .u32 %r1;
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd2, [in];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 8;
	add.u64 %rd2, %rd2, %rd3;
	ld.global.f32 %f1, [%rd2];
	ld.global.f32 %f2, [%rd2+4];
	DIV.f32 %f3, %f1, %f2;
	SQRT.f32 %f4, %f1;
	RCP.f32 %f5, %f2;
	RSQRT.f32 %f6, %f1;
	SIN.f32 %f7, %f1;
	COS.f32 %f8, %f1;
	LG2.f32 %f9, %f1;
	EX2.f32 %f10, %f2;
	cvt.f64.f32 %d1, %f1;
	cvt.f64.f32 %d2, %f2;
	DIV64.f64 %d3, %d1, %d2;
	SQRT64.f64 %d4, %d1;
	MAD64.f64 %d5, %d1, %d2, %d1;
	RSQRT64.f64 %d6, %d1;
	mul.wide.u32 %rd3, %r1, 64;
	add.u64 %rd1, %rd1, %rd3;
	st.global.v4.f32 [%rd1], {%f3, %f4, %f5, %f6};
	st.global.v4.f32 [%rd1+16], {%f7, %f8, %f9, %f10};
	st.global.v2.f64 [%rd1+32], {%d3, %d4};
	st.global.v2.f64 [%rd1+48], {%d5, %d6};
	exit;
}'
{ printf '.version 1.3\n.target sm_13\n.entry k\n{\n\t.param .u64 out;\n\t.param .u64 in;'
  echo "$body" | sed 's/[A-Z0-9]*64\.f64/&/; s/DIV64\./div./; s/RSQRT64\./rsqrt./; s/SQRT64\./sqrt./; s/MAD64\./mad./; s/\t\([A-Z][A-Z0-9]*\)\./\t\L\1./'
} >bare.ptx
{ printf '.version 1.4\n.target sm_13\n.entry k(.param .u64 out, .param .u64 in)\n{'
  echo "$body" | sed 's/DIV64\./div.rn./; s/RSQRT64\./rsqrt.approx./; s/SQRT64\./sqrt.rn./; s/MAD64\./mad.rn./; s/\t\([A-Z][A-Z0-9]*\)\.f32/\t\L\1.approx.ftz.f32/'
} >explicit.ptx
# 128 floats: zeros, infinities, NaN, denormals, and others
awk 'BEGIN { split("00000000 80000000 7f800000 ff800000 7fc00000 00000001 807fffff 3f800000 40490fdb c2f6e979 7f7fffff 3a83126f 00800000 bf000000 41200000 3eaaaaab", v, " ");
	for (i = 0; i < 128; i++) printf "%s", v[i % 16 + 1] }' | sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/g' | xxd -r -p >in.bin 2>/dev/null ||
	{ echo "no xxd"; exit 77; }
"$PTX_RUN" -b 64 -a zeros:4096 -a file:in.bin -o 0:bare.out bare.ptx 2>err || bad "bare.ptx: exit $?"
"$PTX_RUN" -b 64 -a zeros:4096 -a file:in.bin -o 0:explicit.out explicit.ptx 2>err || bad "explicit.ptx: exit $?"
cmp -s bare.out explicit.out || bad "the bare forms differ from the explicit ones"
grep -q 'div.f32' bare.ptx && grep -q 'div.approx.ftz.f32' explicit.ptx && grep -q 'mad.rn.f64' explicit.ptx || bad "the two modules were not written"
exit $fail

#!/bin/sh
# literal-bits.ptx's stores, as the GPU makes them (its comment says which
# rule each shows); and an integer literal first in a float vector, which
# ptxas accepts and compiles to no store at all: ptxas-lint warns, and
# ptx-run refuses to load it rather than run it differently.
fail=0
bad() { echo "FAIL: $*"; cat err 2>/dev/null; fail=1; }
want='00 00 80 3f 07 00 00 00 00 00 00 00 07 00 00 00 00 00 00 00 07 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 80 3f 00 00 00 00 0b 00 00 00 00 00 00 00 00 00 00 00 00 00 f8 3f 0b 00 00 00 00 00 00 00 00 00 80 3f 00 00 00 00 00 00 00 00 00 00 00 40 00 00 80 3f 00 00 00 00 00 00 00 00 00 00 00 40 00 00 0d 00 00 00 0d 00 00 0d 00 00 45 23 0d 00 89 67 45 23 07 00 00 00 00 00 00 00 07 00 00 00 00 00 80 3f 00 00 00 00 0b 00 00 00 00 00 00 00 00 00 0d 00 2c 0d 00 00 00 00 c0 3f 07 00 00 00 00 00 c0 3f 07 00 00 00 00 00 80 3f 07 00 00 00 01 00 0d 00 00 00 0d 00 00 00 00 00 07 00 00 00 00 00 80 3f 00 00 00 00 00 00 00 00 00 00 f8 3f'
"$PTX_RUN" -a zeros:224 -o 0:out.bin "$top/tests/regress/literal-bits.ptx" 2>err || bad "ptx-run literal-bits.ptx"
got=$(od -An -tx1 -v out.bin | tr -d '\n' | tr -s ' ' | sed 's/^ //')
[ "$got" = "$want" ] || bad "stored bytes: $got"
cat > drop.ptx <<'EOP'
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .u32 %u<2>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	mov.u32 %u1, 9;
	st.global.v2.f32 [%rd1], {1, %u1};
	ret;
}
EOP
"$PTX_LINT" drop.ptx >out 2>err || bad "ptxas-lint drop.ptx: exit $?"
grep -q 'drop.ptx:10:28: warning: integer literal in a .f32 vector of .st.: ptxas compiles no store' err || bad "ptxas-lint's warning"
"$PTX_RUN" -a zeros:8 drop.ptx >out 2>err && bad "ptx-run drop.ptx ran"
grep -q 'drop.ptx:10' err || bad "ptx-run's error names the line"
exit $fail

#!/bin/sh
# gen.sh -- writes probe.ptx, the kernels that probes.tsv runs.
# Run it from tests/counters after changing the list below.
k() {   # k NAME SPACE-BASE INSTRUCTION...
	name=$1 base=$2
	shift 2
	cat <<EOF

.entry $name(.param .u64 buf, .param .u32 mask)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	.reg .pred %p<2>;
	.local .align 16 .b8 lbuf[4096];
	mov.u32 %r1, %tid.x;
	ld.param.u32 %r2, [mask];
	shr.u32 %r3, %r2, %r1;
	and.b32 %r3, %r3, 1;
	setp.ne.u32 %p1, %r3, 0;
	mul.wide.u32 %rd1, %r1, 4;
	mov.u64 %rd3, offs;
	add.u64 %rd3, %rd3, %rd1;
	ld.const.s32 %r4, [%rd3];
	cvt.s64.s32 %rd2, %r4;
	ld.param.u64 %rd4, [buf];
	$base
	add.u64 %rd5, %rd5, %rd2;
	mov.u32 %r6, 7;
	mov.u64 %rd6, 7;
EOF
	for i in "$@"; do
		printf '\t@%%p1 %s\n' "$i"
	done
	printf '\tret;\n}\n'
}
G='add.u64 %rd5, %rd4, 4096;'
S='mov.u64 %rd5, sbuf;'
L='mov.u64 %rd5, lbuf;'
{
	cat <<'EOF'
// probe.ptx -- the single-instruction patterns of the H100 probes
// (probes.tsv), written by gen.sh: one kernel per space, operation and
// width.  Lane l takes byte offset offs[l] (filled by --symbol-in) and
// runs the access when bit l of the mask is set.  Apart from the ld.const
// of the table and the ld.param of the arguments, the guarded instruction
// is the kernel's only access to its space, so the totals are its counters.
.version 8.0
.target sm_90
.address_size 64

.const .align 4 .b8 offs[128];
.shared .align 16 .b8 sbuf[32768];
EOF
	k gld1 "$G" 'ld.global.u8 %r5, [%rd5];'
	k gld2 "$G" 'ld.global.u16 %r5, [%rd5];'
	k gld4 "$G" 'ld.global.u32 %r5, [%rd5];'
	k gld8 "$G" 'ld.global.u64 %rd6, [%rd5];'
	k gld16 "$G" 'ld.global.v4.u32 {%r4, %r5, %r6, %r7}, [%rd5];'
	k gldnc4 "$G" 'ld.global.nc.u32 %r5, [%rd5];'
	k gst1 "$G" 'st.global.u8 [%rd5], %r6;'
	k gst4 "$G" 'st.global.u32 [%rd5], %r6;'
	k gst8 "$G" 'st.global.u64 [%rd5], %rd6;'
	k gst16 "$G" 'st.global.v4.u32 [%rd5], {%r6, %r6, %r6, %r6};'
	k gatom4 "$G" 'atom.global.add.u32 %r5, [%rd5], %r6;'
	k gred4 "$G" 'red.global.add.u32 [%rd5], %r6;'
	k sld1 "$S" 'ld.shared.u8 %r5, [%rd5];'
	k sld2 "$S" 'ld.shared.u16 %r5, [%rd5];'
	k sld4 "$S" 'ld.shared.u32 %r5, [%rd5];'
	k sld8 "$S" 'ld.shared.u64 %rd6, [%rd5];'
	k sld16 "$S" 'ld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [%rd5];'
	k sst1 "$S" 'st.shared.u8 [%rd5], %r6;'
	k sst4 "$S" 'st.shared.u32 [%rd5], %r6;'
	k sst8 "$S" 'st.shared.u64 [%rd5], %rd6;'
	k sst16 "$S" 'st.shared.v4.u32 [%rd5], {%r6, %r6, %r6, %r6};'
	k lldst4 "$L" 'st.local.u32 [%rd5], %r6;' 'ld.local.u32 %r5, [%rd5];'
	k lldst16 "$L" 'st.local.v4.u32 [%rd5], {%r6, %r6, %r6, %r6};' 'ld.local.v4.u32 {%r4, %r5, %r6, %r7}, [%rd5];'
	k ldsm1 "$S" 'ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r5}, [%rd5];'
	k ldsm2 "$S" 'ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r4, %r5}, [%rd5];'
	k ldsm4 "$S" 'ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r4, %r5, %r6, %r7}, [%rd5];'
} > probe.ptx

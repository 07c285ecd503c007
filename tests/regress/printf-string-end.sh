#!/bin/sh
# printf's %s of a string with no NUL before the end of its allocation.
# An H200's vprintf reads the string on until a NUL, past a precision too:
# %s and %.4s of the last 4 bytes of a 2 MiB mapping with nothing mapped
# after it both failed with cudaErrorIllegalAddress, where a second mapping
# right after it was read on ("AAAAxyz"), and 1,000,000 characters printed
# whole.  The interpreter reads the string through the guest's
# allocations, byte by byte, and stops with a report at the first byte past
# the allocation, printing nothing of the call and never reading the
# host's memory beyond it; a NUL inside the allocation ends the string.
fail=0
bad() { echo "FAIL: $*"; head -c 600 err; echo; fail=1; }
cat > pf.ptx <<'PTX'
.version 8.0
.target sm_90
.address_size 64
.extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);
// "[%s]\n" and "[%.4s]\n"
.global .align 1 .b8 fs[6] = {91, 37, 115, 93, 10, 0};
.global .align 1 .b8 fp[8] = {91, 37, 46, 52, 115, 93, 10, 0};
.visible .entry k(.param .u64 s, .param .u32 prec)
{
	.local .align 8 .b64 args[1];
	.reg .b64 %rd<5>;
	.reg .b32 %r<2>;
	.reg .pred %p;
	ld.param.u64 %rd1, [s];
	cvta.global.u64 %rd1, %rd1;
	st.local.u64 [args], %rd1;
	mov.u64 %rd2, args;
	cvta.local.u64 %rd2, %rd2;
	ld.param.u32 %r1, [prec];
	setp.ne.u32 %p, %r1, 0;
	mov.u64 %rd3, fs;
	mov.u64 %rd4, fp;
	selp.b64 %rd3, %rd4, %rd3, %p;
	cvta.global.u64 %rd3, %rd3;
	{
	.param .b64 p0;
	.param .b64 p1;
	.param .b32 r;
	st.param.b64 [p0], %rd3;
	st.param.b64 [p1], %rd2;
	call.uni (r), vprintf, (p0, p1);
	}
	ret;
}
PTX
printf AAAA > a4.bin
printf 'AAA\000B' > a3.bin
for prec in 0 1; do
	"$PTX_RUN" -a file:a4.bin -a u32:$prec pf.ptx >out 2>err
	rc=$?
	[ $rc = 4 ] || bad "4 bytes without a NUL (precision $prec): exit $rc"
	[ ! -s out ] || bad "4 bytes without a NUL (precision $prec) printed: $(cat out)"
	# the load that faults is the first byte past the allocation
	at=$(sed -n 's/.*global load of 1 bytes at \(0x[0-9a-f]*\) is outside every allocation.*/\1/p' err)
	end=$(sed -n 's/.*nearest allocation: allocation \[0x[0-9a-f]*, \(0x[0-9a-f]*\)).*/\1/p' err)
	[ -n "$at" ] && [ "$at" = "$end" ] || bad "precision $prec: the fault at '$at', the allocation's end '$end'"
done
"$PTX_RUN" -a file:a3.bin -a u32:0 pf.ptx >out 2>err || bad "a NUL inside the allocation: exit $?"
[ "$(cat out)" = "[AAA]" ] || bad "a NUL inside the allocation printed: $(cat out)"
exit $fail

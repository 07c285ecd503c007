#!/bin/sh
# Module variables with huge initializers: a list of 4,000,000 numbers
# (nvcc writes a table of N bytes as N numbers) took an expression node
# and a pointer an element, 104 bytes, and 460 MB of memory; its numbers
# are now held packed (ir.h Lit), in 32 bytes each, so that ptx-run reads
# the module in 320 MiB of address space and in linear time.  Arrays much
# larger than their few initializers (100,000,000 bytes, 3 of them set)
# are taken at once.  The values read back are the initializers'.
command -v awk >/dev/null || { echo "no awk"; exit 77; }
fail=0
bad() { echo "FAIL: $*"; head -c 600 err; echo; fail=1; }
# the address-space bound, not under a sanitizer (PTX_SANITIZED)
vlimit() { [ -n "${PTX_SANITIZED:-}" ] || ulimit -v "$1" 2>/dev/null; }
# list N EXPR: "{v0, v1, ...}", v the awk expression EXPR of i
list() { awk -v n="$1" "BEGIN { printf \"{\"; for (i = 0; i < n; i++) printf \"%s%s\", i ? \", \" : \"\", $2; printf \"}\" }"; }
n=4000000
{
	printf '.version 8.0\n.target sm_90\n.address_size 64\n'
	printf '.visible .global .align 1 .b8 a[%d] = %s;\n' $n "$(list $n '(i * 7 + 3) % 256')"
	# floats packed too, decimal and hexadecimal
	printf '.visible .global .align 4 .f32 f[100000] = %s;\n' "$(list 100000 'i % 2 ? "0f40490FDB" : "1.5"')"
	# an unsized array takes its length from its list; inner lists of a 2D one
	printf '.visible .global .align 4 .u32 u[] = %s;\n' "$(list 20 'i * 3')"
	printf '.visible .global .align 4 .u32 m[2][20] = {%s, %s};\n' "$(list 20 'i')" "$(list 20 '100 + i')"
	printf '.visible .entry k(.param .u64 out)\n{\n\t.reg .b32 %%r<8>;\n\t.reg .b64 %%rd<2>;\n'
	printf '\tld.param.u64 %%rd1, [out];\n'
	printf '\tld.global.u8 %%r1, [a+1234567];\n\tst.global.u32 [%%rd1], %%r1;\n'
	printf '\tld.global.u8 %%r2, [a+3999999];\n\tst.global.u32 [%%rd1+4], %%r2;\n'
	printf '\tld.global.u32 %%r3, [f+399992];\n\tst.global.u32 [%%rd1+8], %%r3;\n'
	printf '\tld.global.u32 %%r4, [f+399996];\n\tst.global.u32 [%%rd1+12], %%r4;\n'
	printf '\tld.global.u32 %%r5, [u+76];\n\tst.global.u32 [%%rd1+16], %%r5;\n'
	printf '\tld.global.u32 %%r6, [m+148];\n\tst.global.u32 [%%rd1+20], %%r6;\n'
	printf '\tret;\n}\n'
} > big.ptx
(vlimit 327680; timeout 60 "$PTX_RUN" -a zeros:24 -o 0:out.bin big.ptx) >out 2>err ||
	bad "ptx-run on $n initializers in 320 MiB: exit $?"
# (1234567 * 7 + 3) % 256 = 180, (3999999 * 7 + 3) % 256 = 252; 1.5, pi;
# u[19] = 57, m[1][17] = 117
got=$(od -A n -t x4 out.bin 2>/dev/null | tr -s ' \n' ' ')
[ "$got" = " 000000b4 000000fc 3fc00000 40490fdb 00000039 00000075 " ] || bad "the initializers' values: $got"
# and back out as written (the printer walks the packed numbers)
(vlimit 327680; timeout 60 "$PTX_AS" --emit=ptx big.ptx) >out 2>err || bad "ptx-as --emit=ptx: exit $?"
grep -q '^.visible .global .align 1 .b8 a\[4000000\] = {3, 10, 17, 24, 31, 38' out || bad "the printed list: $(head -c 300 out)"
# an array far larger than its initializers
{
	printf '.version 8.0\n.target sm_90\n.address_size 64\n'
	printf '.visible .global .align 1 .u8 h[100000000] = {1, 2, 3};\n'
	printf '.visible .entry k(.param .u64 out)\n{\n\t.reg .b32 %%r<4>;\n\t.reg .b64 %%rd<2>;\n'
	printf '\tld.param.u64 %%rd1, [out];\n'
	printf '\tld.global.u8 %%r1, [h+2];\n\tst.global.u32 [%%rd1], %%r1;\n'
	printf '\tld.global.u8 %%r2, [h+99999999];\n\tst.global.u32 [%%rd1+4], %%r2;\n'
	printf '\tret;\n}\n'
} > few.ptx
(timeout 60 "$PTX_RUN" -a zeros:8 -o 0:out.bin few.ptx) >out 2>err || bad "ptx-run on a sparse 100 MB array: exit $?"
got=$(od -A n -t x4 out.bin 2>/dev/null | tr -s ' \n' ' ')
[ "$got" = " 00000003 00000000 " ] || bad "the sparse array's values: $got"
exit $fail

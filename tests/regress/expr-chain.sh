#!/bin/sh
# Chains of 300,000 operators: once refused past 1,000 operators ("nested
# too deeply", since the passes walk an expression by recursion; a chain
# of 300,000 had overflowed the stack in parse_fold), which ptxas 13.0
# takes.  Constant operators now fold as they are parsed, and NAME (or an
# address register) plus a chain of constants is NAME + their value.  Each
# chain, in an operand, an address, a symbol operand and an initializer,
# is taken in bounded time and memory (256 MiB of address space, 60 s:
# ptx-as takes about 0.1 s and 5 MB), and the initializers hold the values
# ptxas gives them (read from the .nv.global.init of its cubin).  Deeper
# brackets than the parser's stack holds are a located error, as in ptxas.
command -v awk >/dev/null || { echo "no awk"; exit 77; }
fail=0
bad() { echo "FAIL: $*"; head -c 600 err; echo; fail=1; }
# the address-space bound, not under a sanitizer (its shadow memory alone
# is more; PTX_SANITIZED is the build's sanitizer flags)
vlimit() { [ -n "${PTX_SANITIZED:-}" ] || ulimit -v "$1" 2>/dev/null; }
# chain N OP: "1 OP 1 OP ... 1", N operators
chain() { awk -v n="$1" -v op="$2" 'BEGIN { printf "1"; for (i = 0; i < n; i++) printf "%s1", op }'; }
n=300000
{
	printf '.version 8.0\n.target sm_90\n.address_size 64\n.global .u32 x[4];\n'
	printf '.visible .global .u32 c = %s;\n' "$(chain $n +)"
	printf '.visible .global .u64 a = x+8%s;\n' "$(chain $n -1+ | cut -c2-)"
	printf '.visible .global .u64 v[7] = {-8 >> 1, 0xFFFFFFFFFFFFFFFF >> 60, 7/2, 3 > 2, 1 ? 5 : 6, -1U >> 1, 9223372036854775807 + 1 >> 63};\n'
	printf '.visible .entry k(.param .u64 out)\n{\n\t.reg .b32 %%r<4>;\n\t.reg .b64 %%rd<4>;\n'
	printf '\tld.param.u64 %%rd1, [out];\n'
	printf '\tmov.b32 %%r1, %s;\n' "$(chain $n +)"
	printf '\tst.global.u32 [%%rd1], %%r1;\n'
	printf '\tmov.u64 %%rd2, x+4%s;\n' "$(chain $n -1+ | cut -c2-)"
	printf '\tmov.u64 %%rd3, x;\n\tsub.u64 %%rd2, %%rd2, %%rd3;\n\tst.global.u64 [%%rd1+8], %%rd2;\n'
	printf '\tld.global.u32 %%r2, [c];\n\tst.global.u32 [%%rd1+16], %%r2;\n'
	printf '\tst.global.u32 [%%rd1+20%s], %%r2;\n' "$(chain $n -1+ | cut -c2-)"
	printf '\tret;\n}\n'
} > chain.ptx
(vlimit 262144; timeout 60 "$PTX_AS" chain.ptx) >out 2>err || bad "ptx-as on chains of $n operators: exit $?"
(vlimit 1048576; timeout 60 "$PTX_RUN" -a zeros:32 -o 0:out.bin --symbol-out v:v.bin chain.ptx) >out 2>err ||
	bad "ptx-run on chains of $n operators: exit $?"
# 300001, 4, 300001, 300001 (the address chain adds 0), then the initializers
got=$(od -A n -t u4 -N 24 out.bin 2>/dev/null | tr -s ' \n' ' ')
[ "$got" = " 300001 0 4 0 300001 300001 " ] || bad "the chains' values: $got"
got=$(od -A n -t x8 v.bin 2>/dev/null | tr -s ' \n' ' ')
[ "$got" = " fffffffffffffffc 000000000000000f 0000000000000003 0000000000000001 0000000000000005 7fffffffffffffff ffffffffffffffff " ] ||
	bad "the initializers' values (ptxas: -4 15 3 1 5 0x7fffffffffffffff -1): $got"
# unary operators and brackets nest on the parser's stack: 4,000 deep is
# taken, 100,000 is a located error (ptxas: "memory exhausted"), never a crash
for d in 4000 100000; do
	{
		printf '.version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\t.reg .b32 %%r<2>;\n'
		printf '\tmov.b32 %%r1, %s1%s;\n' "$(awk -v n=$d 'BEGIN { for (i = 0; i < n; i++) printf "(" }')" \
			"$(awk -v n=$d 'BEGIN { for (i = 0; i < n; i++) printf ")" }')"
		printf '\tmov.b32 %%r1, %s1;\n' "$(awk -v n=$d 'BEGIN { for (i = 0; i < n / 2; i++) printf "-~" }')"
		printf '\tret;\n}\n'
	} > deep.ptx
	(vlimit 262144; timeout 60 "$PTX_AS" deep.ptx) >out 2>err
	rc=$?
	if [ $d = 4000 ]; then
		[ $rc = 0 ] || bad "brackets and unary operators $d deep: exit $rc"
	else
		[ $rc = 1 ] && grep -q '^deep.ptx:7:[0-9]*: error: nested too deeply' err || bad "$d deep: exit $rc"
	fi
done
exit $fail

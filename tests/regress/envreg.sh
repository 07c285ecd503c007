#!/bin/sh
# %envreg0..31 read 0 but %envreg1:%envreg2 (a cooperative launch's grid
# workspace): an H200 (driver 580.159, CUDA 13.0) gave %envreg0 0x038432c8,
# %envreg6 1 and %envreg10 0x120 (288, the system's shared memory in use)
# in every launch, plain, cooperative and of a cluster, of 1 to 6 CTAs,
# with dynamic shared memory or a large parameter, from a runtime
# program and from ptx-run --backend cuda, in two processes; every other
# %envreg 0 (but the workspace).  Each CTA's thread 0 writes all 32 here,
# plain, cooperative and as a cluster of 2, as it did there.
fail=0
bad() { echo "FAIL: $*"; head -c 600 err; echo; fail=1; }
{
	printf '.version 8.0\n.target sm_90\n.address_size 64\n'
	printf '.visible .entry k(.param .u64 o)\n{\n\t.reg .u32 %%r<34>;\n\t.reg .u64 %%rd<3>;\n\t.reg .pred %%p;\n'
	printf '\tld.param.u64 %%rd1, [o];\n\tmov.u32 %%r32, %%tid.x;\n\tsetp.ne.u32 %%p, %%r32, 0;\n\t@%%p bra done;\n'
	printf '\tmov.u32 %%r33, %%ctaid.x;\n\tmul.wide.u32 %%rd2, %%r33, 128;\n\tadd.u64 %%rd1, %%rd1, %%rd2;\n'
	i=0
	while [ $i -lt 32 ]; do
		printf '\tmov.u32 %%r%d, %%envreg%d;\n\tst.global.u32 [%%rd1+%d], %%r%d;\n' $i $i $((4 * i)) $i
		i=$((i + 1))
	done
	printf 'done:\n\tret;\n}\n'
} > envreg.ptx
# the H200's words of one CTA, the workspace (words 1 and 2) left out
want=" 038432c8 - - 00000000 00000000 00000000 00000001 00000000 00000000 00000000 00000120"
want="$want 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000"
want="$want 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000"
for how in plain --cooperative "--cluster 2"; do
	opt=$how
	[ "$how" = plain ] && opt=
	# shellcheck disable=SC2086
	"$PTX_RUN" -g 2 -b 32 $opt -a zeros:256 -o 0:out.bin envreg.ptx >out 2>err || { bad "$how: exit $?"; continue; }
	for c in 0 1; do
		got=$(od -v -A n -t x4 -j $((128 * c)) -N 128 out.bin | tr -s ' \n' ' ' | sed 's/ $//')
		# shellcheck disable=SC2086
		set -- $got
		ws="$2 $3"
		got=$(echo "$got" | awk '{ $2 = "-"; $3 = "-"; printf " %s", $0 }')
		[ "$got" = "$want" ] || bad "$how, CTA $c: $got"
		if [ "$how" = --cooperative ]; then
			[ "$ws" != "00000000 00000000" ] || bad "$how, CTA $c: no workspace"
		else
			[ "$ws" = "00000000 00000000" ] || bad "$how, CTA $c: a workspace $ws"
		fi
	done
done
exit $fail

#!/bin/sh
# A .branchtargets list shared by many brx.idx: each branch has an edge to
# every label of the list, k * m edges from input of size k + m (3,000
# branches on a list of 3,000 labels, 225 KB: 9 million edges, 1.5 s and
# 230 MB).  The edges lists give a body are now bounded (ir/cfg.c); past
# the bound the branch is an error, short of it nothing changes: two
# branches on one list still run as before.
set -u
# gen K M: K brx.idx, one after another, on one list of M labels
gen() {
	awk -v k="$1" -v m="$2" 'BEGIN {
		printf ".version 8.0\n.target sm_90\n.address_size 64\n"
		printf ".visible .entry k(.param .u64 out)\n{\n\t.reg .b32 %%r<4>;\n\t.reg .b64 %%rd<4>;\n"
		printf "\tld.param.u64 %%rd1, [out];\n\tmov.u32 %%r0, %%tid.x;\n\trem.u32 %%r1, %%r0, %d;\n", m
		printf "ts: .branchtargets "
		for (i = 0; i < m; i++)
			printf "%s$T%d", i ? ", " : "", i
		printf ";\n"
		for (j = 0; j < k; j++)
			printf "$B%d:\n\tbrx.idx %%r1, ts;\n", j
		for (i = 0; i < m; i++)
			printf "$T%d:\n\tst.global.u32 [%%rd1], %%r0;\n\tret;\n", i
		printf "}\n" }'
}
gen 2100 2100 >"$TMPDIR/big.ptx"
for tool in "$PTX_AS" "$PTX_LINT"; do
	"$tool" "$TMPDIR/big.ptx" >/dev/null 2>"$TMPDIR/err"
	rc=$?
	[ $rc -eq 1 ] || { echo "$tool: exit $rc, not 1"; cat "$TMPDIR/err"; exit 1; }
	grep -q "big.ptx:[0-9]*:1[45]: error: brx.idx: .branchtargets lists shared by many branches give 'k' more than 4194304 control-flow edges" \
	    "$TMPDIR/err" || { echo "$tool: no bound reported"; cat "$TMPDIR/err"; exit 1; }
done
"$PTX_RUN" -a zeros:4 "$TMPDIR/big.ptx" >/dev/null 2>"$TMPDIR/err"
rc=$?
[ $rc -ge 1 ] && [ $rc -lt 128 ] && grep -q 'control-flow edges' "$TMPDIR/err" ||
	{ echo "ptx-run: exit $rc"; cat "$TMPDIR/err"; exit 1; }
# many branches on one list below the bound are taken as before
gen 300 300 >"$TMPDIR/mid.ptx"
"$PTX_AS" "$TMPDIR/mid.ptx" >/dev/null || exit 1

# Two brx.idx on one list of three labels: lanes 0-15 branch through the
# first, 16-31 through the second, each to label tid % 3, which stores
# 10 + the label's number into out[tid].
cat >"$TMPDIR/two.ptx" <<'PTX'
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p;
	ld.param.u64 %rd1, [out];
	mov.u32 %r0, %tid.x;
	mul.wide.u32 %rd2, %r0, 4;
	add.u64 %rd1, %rd1, %rd2;
	rem.u32 %r1, %r0, 3;
ts: .branchtargets $T0, $T1, $T2;
	setp.lt.u32 %p, %r0, 16;
	@%p bra $LOW;
	brx.idx %r1, ts;
$LOW:
	brx.idx %r1, ts;
$T0:
	mov.u32 %r2, 10;
	bra $OUT;
$T1:
	mov.u32 %r2, 11;
	bra $OUT;
$T2:
	mov.u32 %r2, 12;
$OUT:
	st.global.u32 [%rd1], %r2;
	ret;
}
PTX
awk 'BEGIN { for (t = 0; t < 32; t++) printf "%c%c%c%c", 10 + t % 3, 0, 0, 0 }' >"$TMPDIR/want"
"$PTX_RUN" -b 32 -a zeros:128 --expect "0:$TMPDIR/want" "$TMPDIR/two.ptx"

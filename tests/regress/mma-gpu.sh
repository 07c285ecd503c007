#!/bin/sh
# mma.sync forms checked against an H100: each mma-gpu/NAME.ptx runs one
# warp whose lanes' A, B and C registers are hashes of the lane number,
# and stores each lane's D registers; mma-gpu/NAME.gpu is what the GPU
# stored (od -A n -t x4 -v of the buffer), and the interpreter must store
# the same.  Forms: m16n8k4 tf32, s4/u4 m16n8k32 and m16n8k64 (with and
# without .satfinite), s4/u4 m8n8k32, b1 m16n8k256, m16n8k128 and m8n8k128
# .and.popc and .xor.popc, and m8n8k4 f16 of each layout pair and
# accumulator pair.
set -u
dir=$top/tests/regress/mma-gpu
st=0
for f in "$dir"/*.ptx; do
	n=${f%.ptx}
	# the bytes a lane stores, from the kernel's comment
	b=$(sed -n '2s/.*out + \([0-9]*\) \* l.*/\1/p' "$f")
	if ! "$PTX_RUN" -b 32 -a "zeros:$((b * 32))" -o "0:$TMPDIR/d.bin" "$f" >/dev/null 2>"$TMPDIR/err"; then
		echo "$f: ptx-run failed:"
		cat "$TMPDIR/err"
		st=1
		continue
	fi
	od -A n -t x4 -v "$TMPDIR/d.bin" >"$TMPDIR/d.txt"
	if ! cmp -s "$n.gpu" "$TMPDIR/d.txt"; then
		echo "$f: D differs from the GPU's (< GPU, > interpreter):"
		diff "$n.gpu" "$TMPDIR/d.txt" | head -6
		st=1
	fi
done
exit $st

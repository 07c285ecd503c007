#!/bin/sh
# Counted barriers count whole warps: with the upper 16 lanes of both warps
# of a 64-thread CTA exited, `bar.sync 0, 64` and `bar.sync 0, 32` both
# open on the H100 (recorded there: threads 0-15 and 32-47 write tid + 1,
# the rest 0).  The interpreter counted threads and reported a deadlock.
k=$top/tests/regress/bar-count-exited.ptx
want=$(awk 'BEGIN { for (t = 0; t < 64; t++) printf "%d ", (t % 32 < 16) ? t + 1 : 0 }')
fail=0
for c in 64 32; do
	"$PTX_RUN" -b 64 -a zeros:256 -a u32:$c -o 0:out.bin "$k" >out 2>&1 || { echo "FAIL: count $c: exit $?"; cat out; fail=1; continue; }
	got=$(od -An -v -tu4 out.bin | tr -s ' \n' '  ' | sed 's/^ //')
	[ "$got" = "$want" ] || { echo "FAIL: count $c: $got"; fail=1; }
done
# bar-count-live.ptx: two warps left of eight
k=$top/tests/regress/bar-count-live.ptx
want=$(awk 'BEGIN { for (t = 0; t < 256; t++) printf "%d ", (t >= 64 && t < 128) ? t + 1 : 0 }')
"$PTX_RUN" -b 256 -a zeros:1024 -a u32:64 -o 0:out.bin "$k" >out 2>&1 || { echo "FAIL: live count 64: exit $?"; cat out; fail=1; }
got=$(od -An -v -tu4 out.bin | tr -s ' \n' '  ' | sed 's/^ //')
[ "$got" = "$want" ] || { echo "FAIL: live count 64: $got"; fail=1; }
"$PTX_RUN" -b 256 -a zeros:1024 -a u32:128 "$k" >out 2>&1
rc=$?
[ $rc -eq 4 ] && grep -q deadlock out || { echo "FAIL: live count 128: exit $rc"; cat out; fail=1; }
exit $fail

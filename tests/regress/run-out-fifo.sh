#!/bin/sh
# ptx-run -o N:FIFO: a FIFO was replaced by a regular file, and then every
# FIFO was refused.  A FIFO is written in place: a reader gets the bytes,
# and the FIFO stays a FIFO with nothing left beside it.  A FIFO that no
# one reads is an error (exit 2, a message), not a hang.
m=$top/examples/vecadd.ptx
mkfifo fifo 2>/dev/null || { echo "no mkfifo"; exit 77; }
command -v timeout >/dev/null || { echo "no timeout"; exit 77; }
fail=0
bad() { echo "FAIL: $*"; cat err; ls -l; fail=1; }
# the reference: what each output holds as a regular file
"$PTX_RUN" -b 8 -a zeros:32 -o 0:ref.bin --stats-json ref.json "$m" >out 2>err || bad "reference"
for opt in "-o 0:fifo ref.bin" "--stats-json fifo ref.json"; do
	set -- $opt
	# the reader gives up after a while, so that a broken tool cannot hang the test
	timeout 20 cat fifo >got &
	reader=$!
	timeout 20 "$PTX_RUN" -b 8 -a zeros:32 "$1" "$2" "$m" >out 2>err
	rc=$?
	wait $reader
	[ $rc -eq 0 ] && [ -p fifo ] && cmp -s got "$3" && [ "$(ls | wc -l)" -eq 6 ] || bad "$1 $2 with a reader: exit $rc"
done
rm -f got
for opt in "-o 0:fifo" "--stats-json fifo" "--annotate fifo" "--symbol-out fmt:fifo"; do
	# shellcheck disable=SC2086
	timeout 20 "$PTX_RUN" -b 8 -a zeros:32 $opt "$m" >out 2>err
	rc=$?
	[ $rc -eq 2 ] && [ -p fifo ] && grep -q "fifo: a FIFO with no reader" err && [ "$(ls | wc -l)" -eq 5 ] ||
		bad "$opt without a reader: exit $rc"
done
timeout 20 "$PTX_AS" -o fifo "$m" >out 2>err
rc=$?
[ $rc -eq 2 ] && [ -p fifo ] && grep -q "no reader" err || bad "ptx-as -o fifo without a reader: exit $rc"
exit $fail

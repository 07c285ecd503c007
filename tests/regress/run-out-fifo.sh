#!/bin/sh
# ptx-run -o N:FIFO (and --stats-json, --annotate, --symbol-out): a FIFO
# was replaced by a regular file.  Outputs replace only regular files: a
# FIFO is refused (exit 2) before the kernel runs, and stays a FIFO with
# no temporary file left beside it.
m=$top/examples/vecadd.ptx
mkfifo fifo 2>/dev/null || { echo "no mkfifo"; exit 77; }
fail=0
for opt in "-o 0:fifo" "--stats-json fifo" "--annotate fifo" "--symbol-out fmt:fifo"; do
	# shellcheck disable=SC2086
	"$PTX_RUN" -b 8 -a zeros:32 $opt "$m" >out 2>err
	rc=$?
	if [ $rc -ne 2 ] || [ ! -p fifo ] || ! grep -q "fifo: a FIFO" err || [ -s out ] ||
	    [ "$(ls | wc -l)" -ne 3 ]; then
		echo "FAIL: $opt: exit $rc"
		cat err
		ls -l
		fail=1
	fi
done
exit $fail

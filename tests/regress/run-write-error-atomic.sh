#!/bin/sh
# A write error left --stats-json half-written (and was reported only as
# "write error"), and -o's errors went unnamed.  Every output goes to a
# temporary file renamed into place only when complete: on a write error
# (here the file-size limit, with SIGXFSZ ignored so that write fails with
# EFBIG) the run exits 2 naming the file, the previous contents stay, and
# no temporary file is left (beside a symlink's file too).
m=$top/examples/vecadd.ptx
# the limit is in blocks of 512 bytes; 1 block is less than every output below
(trap '' XFSZ; ulimit -f 1) 2>/dev/null || { echo "no ulimit -f"; exit 77; }
fail=0
for opt in "-o 0:old" "--stats-json old" "--annotate old"; do
	echo previous >old
	# shellcheck disable=SC2086
	(trap '' XFSZ; ulimit -f 1; exec "$PTX_RUN" -b 8 -a zeros:4096 $opt "$m") >out 2>err
	rc=$?
	if [ $rc -ne 2 ] || [ "$(cat old)" != previous ] || ! grep -q "old: File too large" err ||
	    [ "$(ls | wc -l)" -ne 3 ]; then
		echo "FAIL: $opt: exit $rc"
		cat err
		ls -l
		fail=1
	fi
done
# through a symlink: the file it names keeps its contents, the link stays
echo previous >old && ln -s old link
(trap '' XFSZ; ulimit -f 1; exec "$PTX_RUN" -b 8 -a zeros:4096 -o 0:link "$m") >out 2>err
rc=$?
if [ $rc -ne 2 ] || [ "$(cat old)" != previous ] || [ ! -L link ] || ! grep -q "link: File too large" err ||
    [ "$(ls | wc -l)" -ne 4 ]; then
	echo "FAIL: -o 0:link: exit $rc"
	cat err
	ls -l
	fail=1
fi
rm -f link
# ptx-as -o, the same way
echo previous >old
(trap '' XFSZ; ulimit -f 1; exec "$PTX_AS" -o old "$m") >out 2>err
rc=$?
if [ $rc -ne 2 ] || [ "$(cat old)" != previous ] || ! grep -q "old: File too large" err ||
    [ "$(ls | wc -l)" -ne 3 ]; then
	echo "FAIL: ptx-as -o: exit $rc"
	cat err
	fail=1
fi
exit $fail

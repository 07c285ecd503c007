#!/bin/sh
# ptx-as -o wrote through its temporary file and renamed it over whatever
# the path was: a FIFO or a symlink became a regular file.  The rule of
# ptx-run holds here too: only a regular file (or nothing) is replaced.
m=$top/examples/vecadd.ptx
fail=0
mkfifo fifo 2>/dev/null || { echo "no mkfifo"; exit 77; }
echo keep >target && ln -s target link && mkdir dir
for t in fifo link dir; do
	"$PTX_AS" -o $t "$m" >out 2>err
	rc=$?
	if [ $rc -ne 2 ] || ! grep -q "$t: a " err || [ "$(cat target)" != keep ] ||
	    [ "$(ls | wc -l)" -ne 6 ]; then
		echo "FAIL: ptx-as -o $t: exit $rc"
		cat err
		ls -l
		fail=1
	fi
done
[ -p fifo ] && [ -L link ] && [ -d dir ] || { echo "FAIL: a target changed"; ls -l; fail=1; }
"$PTX_AS" -o "" "$m" >out 2>err
[ $? -eq 2 ] || { echo "FAIL: ptx-as -o ''"; fail=1; }
"$PTX_AS" -o new.ptx "$m" 2>err && "$PTX_AS" new.ptx 2>err || { echo "FAIL: ptx-as -o new.ptx"; cat err; fail=1; }
exit $fail

#!/bin/sh
# ptx-run -o N:/dev/null: the device was replaced by a regular file (as
# root, rename may replace anything).  A character device is refused (exit
# 2) and left alone; '-' is the way to write to standard output.
#
# As root, a broken tool would really replace the device named, so root
# gets a device of its own in the scratch directory; anyone else can use
# /dev/null, which they cannot replace whatever the tool does.
m=$top/examples/vecadd.ptx
if [ "$(id -u)" = 0 ]; then
	mknod null c 1 3 2>/dev/null && [ -c null ] || { echo "cannot make a device here"; exit 77; }
	dev=$(pwd)/null
else
	[ -c /dev/null ] || exit 77
	dev=/dev/null
fi
fail=0
for opt in "-o 0:$dev" "--stats-json $dev" "--annotate $dev" "--symbol-out fmt:$dev"; do
	# shellcheck disable=SC2086
	"$PTX_RUN" -b 8 -a zeros:32 $opt "$m" >out 2>err
	rc=$?
	if [ $rc -ne 2 ] || [ ! -c "$dev" ] || ! grep -q "a character device" err || [ -s out ]; then
		echo "FAIL: $opt: exit $rc"
		cat err
		fail=1
	fi
done
# "-": standard output, the buffer's 32 bytes after the printf line
"$PTX_RUN" -b 8 -a zeros:32 "$m" >plain 2>err &&
"$PTX_RUN" -b 8 -a zeros:32 -o 0:- "$m" >out 2>err
rc=$?
if [ $rc -ne 0 ] || [ "$(wc -c <out)" -ne $(($(wc -c <plain) + 32)) ]; then
	echo "FAIL: -o 0:-: exit $rc, $(wc -c <out) bytes"
	cat err
	fail=1
fi
exit $fail

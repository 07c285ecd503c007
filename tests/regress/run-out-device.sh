#!/bin/sh
# ptx-run -o N:/dev/null: the device was replaced by a regular file (as
# root, rename may replace anything), and then every non-regular target
# was refused.  A character device is written in place, as a compiler's
# -o /dev/null is: exit 0, the device still a device.  A write error there
# (/dev/full) is exit 2 with a message.  /dev/stdout is standard output
# itself, in order with the kernel's printf, even redirected to a file.
#
# As root, a broken tool would really replace the device named, so root
# makes devices of its own in the scratch directory; anyone else uses
# those of /dev, which they cannot replace whatever the tool does.
m=$top/examples/vecadd.ptx
if [ "$(id -u)" = 0 ]; then
	mknod null c 1 3 2>/dev/null && [ -c null ] && mknod full c 1 7 2>/dev/null ||
		{ echo "cannot make a device here"; exit 77; }
	dev=$(pwd)/null full=$(pwd)/full
else
	[ -c /dev/null ] && [ -c /dev/full ] || exit 77
	dev=/dev/null full=/dev/full
fi
fail=0
bad() { echo "FAIL: $*"; cat err; ls -l; fail=1; }
for opt in "-o 0:$dev" "--stats-json $dev" "--annotate $dev" "--symbol-out fmt:$dev"; do
	# shellcheck disable=SC2086
	"$PTX_RUN" -b 8 -a zeros:32 $opt "$m" >out 2>err
	rc=$?
	[ $rc -eq 0 ] && [ -c "$dev" ] && [ ! -s err ] && ! ls | grep -q "^null\." || bad "$opt: exit $rc"
	# a full device: the error is reported, the device stays
	# shellcheck disable=SC2086
	"$PTX_RUN" -b 8 -a zeros:32 $(echo "$opt" | sed "s|$dev|$full|") "$m" >out 2>err
	rc=$?
	[ $rc -eq 2 ] && [ -c "$full" ] && grep -q "$full: No space left" err || bad "$opt, full: exit $rc"
done
"$PTX_AS" -o "$dev" "$m" >out 2>err && [ -c "$dev" ] && [ ! -s out ] || bad "ptx-as -o $dev"
"$PTX_AS" -o "$full" "$m" >out 2>err
[ $? -eq 2 ] && [ -c "$full" ] && grep -q "No space left" err || bad "ptx-as -o $full"
# "-": standard output, the buffer's 32 bytes after the printf line
"$PTX_RUN" -b 8 -a zeros:32 "$m" >plain 2>err &&
"$PTX_RUN" -b 8 -a zeros:32 -o 0:- "$m" >out 2>err
rc=$?
if [ $rc -ne 0 ] || [ "$(wc -c <out)" -ne $(($(wc -c <plain) + 32)) ]; then
	bad "-o 0:-: exit $rc, $(wc -c <out) bytes"
fi
# /dev/stdout: the same bytes, to a file and to a pipe.  Only where it is
# the usual symbolic link: were it missing, root would create it.
if [ -L /dev/stdout ]; then
	"$PTX_RUN" -b 8 -a zeros:32 -o 0:/dev/stdout "$m" >out2 2>err && cmp -s out out2 ||
		bad "-o 0:/dev/stdout >file"
	"$PTX_RUN" -b 8 -a zeros:32 -o 0:/dev/stdout "$m" 2>err | cat >out3 && cmp -s out out3 ||
		bad "-o 0:/dev/stdout | cat"
	[ -L /dev/stdout ] || bad "/dev/stdout replaced"
fi
exit $fail

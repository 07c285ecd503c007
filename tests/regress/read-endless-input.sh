#!/bin/sh
# ptx-as /dev/zero and ptx-run -a file:/dev/zero read without a cap, until
# the host's memory ran out.  Every input read whole has a cap: 1 GiB for a
# module, ptx-run's memory limit (--max-memory, at most 16 GiB) for a data
# file, the variable's size for --symbol-in.  More is exit 2 with a message, after reading one byte past the
# cap at most (an oversized regular file is refused unread).
m=$top/examples/vecadd.ptx
command -v timeout >/dev/null || { echo "no timeout"; exit 77; }
fail=0
bad() { echo "FAIL: $*"; cat err; fail=1; }
big() {
	timeout 20 "$@" >out 2>err
	rc=$?
	[ $rc -eq 2 ] && grep -q "more than $want bytes" err || bad "$*: exit $rc"
}
want=1048576
big "$PTX_RUN" -b 8 -a file:/dev/zero --max-memory 1M "$m"
big "$PTX_RUN" -b 8 -a zeros:32 -a tensormap:file:/dev/zero:f32:8:8 --max-memory 1M "$m"
big "$PTX_RUN" -b 8 -a zeros:32 --expect 0:/dev/zero --max-memory 1M "$m"
# --symbol-in: no more than the variable holds (fmt, 25 bytes), whatever
# the memory limit; it once read the limit's worth (16 GiB) and kept 25
want=25
big "$PTX_RUN" -b 8 -a zeros:32 --symbol-in fmt:/dev/zero "$m"
big "$PTX_RUN" -b 8 -a zeros:32 --symbol-in fmt:/dev/zero --max-memory 1M "$m"
head -c 26 /dev/zero >long.bin
big "$PTX_RUN" -b 8 -a zeros:32 --symbol-in fmt:long.bin "$m"
head -c 25 /dev/zero >fits.bin
"$PTX_RUN" -b 8 -a zeros:32 --symbol-in fmt:fits.bin "$m" >out 2>err || bad "--symbol-in of 25 bytes"
want=1048576
# a pipe: one byte over the cap is too much, the cap itself is not
if mkfifo fifo 2>/dev/null; then
	timeout 20 head -c 1048577 /dev/zero >fifo &
	big "$PTX_RUN" -b 8 -a file:fifo --max-memory 1M "$m"
	wait
fi
head -c 524288 /dev/zero | "$PTX_RUN" -b 8 -a file:- --max-memory 1M "$m" >out 2>err || bad "512K from a pipe"
# a module: a sparse file one byte over 1 GiB, refused without reading
if truncate -s 1073741825 huge.ptx 2>/dev/null; then
	want=1073741824
	big "$PTX_AS" huge.ptx
	big "$PTX_LINT" huge.ptx
	big "$PTX_AS" - <huge.ptx
	big "$PTX_RUN" huge.ptx
	rm -f huge.ptx
fi
exit $fail

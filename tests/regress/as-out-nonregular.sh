#!/bin/sh
# ptx-as -o wrote through its temporary file and renamed it over whatever
# the path was: a FIFO or a symlink became a regular file.  Now, as for
# ptx-run: a FIFO is written in place (with a reader; without one, exit 2
# rather than a hang), a symlink stays and its file is replaced, and a
# directory is refused and left alone.
m=$top/examples/vecadd.ptx
fail=0
mkfifo fifo 2>/dev/null || { echo "no mkfifo"; exit 77; }
command -v timeout >/dev/null || { echo "no timeout"; exit 77; }
bad() { echo "FAIL: $*"; cat err; ls -l; fail=1; }
"$PTX_AS" -o ref.ptx "$m" 2>err || bad "ptx-as -o ref.ptx"
echo keep >target && ln -s target link && mkdir dir
timeout 20 cat fifo >got &
reader=$!
timeout 20 "$PTX_AS" -o fifo "$m" >out 2>err
rc=$?
wait $reader
[ $rc -eq 0 ] && [ -p fifo ] && cmp -s got ref.ptx || bad "ptx-as -o fifo with a reader: exit $rc"
timeout 20 "$PTX_AS" -o fifo "$m" >out 2>err
rc=$?
[ $rc -eq 2 ] && [ -p fifo ] && grep -q "fifo: a FIFO with no reader" err || bad "ptx-as -o fifo: exit $rc"
"$PTX_AS" -o link "$m" >out 2>err && [ -L link ] && cmp -s target ref.ptx || bad "ptx-as -o link"
"$PTX_AS" -o dir "$m" >out 2>err
rc=$?
[ $rc -eq 2 ] && [ -d dir ] && [ -z "$(ls dir)" ] && grep -q "dir: a directory" err || bad "ptx-as -o dir: exit $rc"
[ "$(ls | wc -l)" -eq 8 ] || bad "files left over"
"$PTX_AS" -o "" "$m" >out 2>err
[ $? -eq 2 ] || bad "ptx-as -o ''"
"$PTX_AS" -o new.ptx "$m" 2>err && "$PTX_AS" new.ptx 2>err || bad "ptx-as -o new.ptx"
exit $fail

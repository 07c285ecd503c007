#!/bin/sh
# What an output may replace, the other side of the refusals: an absent
# path is created with the umask's mode, a regular file is replaced whole
# (its mode kept), '-' is standard output, and a hard link's other name
# keeps the old contents (the file is replaced, not rewritten in place).
m=$top/examples/vecadd.ptx
fail=0
bad() { echo "FAIL: $*"; cat err; fail=1; }
umask 022
"$PTX_RUN" -b 8 -a zeros:32 -o 0:new.bin --stats-json new.json --symbol-out fmt:new.fmt "$m" >out 2>err ||
	bad "new files"
[ "$(wc -c <new.bin)" -eq 32 ] && [ "$(wc -c <new.fmt)" -eq 25 ] && grep -q '"kernel": "vecadd"' new.json ||
	bad "new files' contents"
case $(ls -l new.bin) in -rw-r--r--*) ;; *) bad "new file mode: $(ls -l new.bin)" ;; esac
# a longer file is replaced, not overwritten from the start
head -c 100000 /dev/zero >old.bin && chmod 640 old.bin && ln old.bin other.bin
"$PTX_RUN" -b 8 -a zeros:32 -o 0:old.bin "$m" >out 2>err || bad "replacing"
[ "$(wc -c <old.bin)" -eq 32 ] || bad "replaced size $(wc -c <old.bin)"
[ "$(wc -c <other.bin)" -eq 100000 ] || bad "the hard link was written through"
case $(ls -l old.bin) in -rw-r-----*) ;; *) bad "kept mode: $(ls -l old.bin)" ;; esac
# the same output named twice: the last one wins, nothing is left over
"$PTX_RUN" -b 8 -a zeros:32 -o 0:twice -o 0:twice "$m" >out 2>err || bad "twice"
[ "$(ls | grep -c twice)" -eq 1 ] || bad "leftovers: $(ls)"
cmp -s twice new.bin || bad "twice: contents"
exit $fail

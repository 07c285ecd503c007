#!/bin/sh
# ptx-run -a zeros:BYTES (and tensormap:zeros:, texture:zeros:) asked the
# host for BYTES while the command line was read, before --max-memory was
# known: zeros:25G took 25 GiB of host memory for a buffer the interpreter
# would then refuse (fuzz_args, an allocation past ASan's limit).  The
# buffer is now made with the files, under the same cap: what --max-memory
# allows, and 16 GiB.  More is exit 2 with a message.
m=$top/examples/vecadd.ptx
tex=$top/tests/tex/sample.ptx
fail=0
bad() { echo "FAIL: $*"; cat err; fail=1; }
big() {
	"$@" >out 2>err
	rc=$?
	[ $rc -eq 2 ] && grep -q "more than $want bytes" err || bad "$*: exit $rc"
}
want=1048576
big "$PTX_RUN" -b 8 -a zeros:2G --max-memory 1M "$m"
big "$PTX_RUN" --max-memory 1M -b 8 -a zeros:1048577 "$m"
big "$PTX_RUN" -b 8 -a tensormap:zeros:4G:f32:8:8 --max-memory 1M "$m"
big "$PTX_RUN" -b 8 -a texture:zeros:25G:bc1:8x8 -a zeros:64 -a surface:zeros:64:u32:4x4 --max-memory 1M "$tex"
want=17179869184
big "$PTX_RUN" -b 8 -a zeros:17179869185 "$m"
big "$PTX_RUN" -b 8 -a zeros:18446744073709551615 "$m"
# the cap itself is allowed
"$PTX_RUN" -b 8 -a zeros:1M --max-memory 2M "$m" >out 2>err || bad "zeros:1M under --max-memory 2M"
exit $fail

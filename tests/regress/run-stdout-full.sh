#!/bin/sh
# ptx-run >/dev/full exited 0: the printf output, the --stats table and
# '-' outputs were lost without a word.  Standard output is flushed and
# closed with its errors checked at exit, by ptx-as and ptxas-lint too:
# exit 2 and a message naming it.
[ -c /dev/full ] || { echo "no /dev/full"; exit 77; }
m=$top/examples/vecadd.ptx
fail=0
check() {
	"$@" >/dev/full 2>err
	rc=$?
	if [ $rc -ne 2 ] || ! grep -q "standard output: No space left" err ||
	    [ "$(grep -c "standard output" err)" -ne 1 ]; then
		echo "FAIL: $*: exit $rc, want 2 and one message"
		cat err
		fail=1
	fi
}
check "$PTX_RUN" -b 8 -a zeros:32 "$m"
check "$PTX_RUN" -b 8 -a zeros:32 --stats "$m"
check "$PTX_RUN" -b 8 -a zeros:32 --stats-json - "$m"
check "$PTX_RUN" -b 8 -a zeros:32 --annotate - "$m"
check "$PTX_RUN" -b 8 -a zeros:32 -o 0:- "$m"
check "$PTX_RUN" --help
check "$PTX_AS" --emit=ptx "$m"
check "$PTX_AS" -o - "$m"
check "$PTX_AS" --version
check "$PTX_LINT" --format=json "$m"
check "$PTX_LINT" --format=sarif "$m"
check "$PTX_LINT" --list-checks
# a kernel that faults keeps its own status (4), the loss still reported
printf '.version 8.0\n.target sm_90\n.address_size 64\n.visible .entry t()\n{\n\ttrap;\n}\n' >trap.ptx
"$PTX_RUN" --stats trap.ptx >/dev/full 2>err
rc=$?
if [ $rc -ne 4 ] || ! grep -q "standard output: No space left" err; then
	echo "FAIL: a faulting kernel: exit $rc, want 4"
	cat err
	fail=1
fi
# a closed standard output that is never written to is no error
"$PTX_RUN" -b 8 -a zeros:32 -o 0:out.bin "$m" >&- 2>err
rc=$?
if [ $rc -ne 2 ]; then   # the kernel prints: that is lost
	echo "FAIL: closed standard output, printf: exit $rc, want 2"
	fail=1
fi
"$PTX_AS" "$m" >&- 2>err || { echo "FAIL: ptx-as, closed standard output unused"; cat err; fail=1; }
exit $fail

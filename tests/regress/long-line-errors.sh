#!/bin/sh
# A module of one 64 MB line of ';' (16 MB under the sanitizers): each ';'
# is a fresh syntax error once the one before has been recovered from, so
# every tool reaches its error limit on that one line.  The parser stops
# reading there (it went on to the end, 40 s for 100 MB), the reports on
# the line share one copy of it (ptxas-lint keeps 1,000: a copy each was
# 1,000 times the line), and a caret is drawn from the bytes around its
# column (each report measured the whole line).  Each tool gets 5 s of
# CPU time and must end with its status for a rejected module.
set -u
size=64000000
[ -n "${PTX_SANITIZED:-}" ] && size=16000000
m=$TMPDIR/line.ptx
{
	printf '.version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k() {'
	head -c "$size" /dev/zero | tr '\0' ';'
	printf 'ret; }\n'
} >"$m" || exit 99
fail=0
for t in "$PTX_AS:1" "$PTX_LINT:1" "$PTX_RUN:3"; do
	tool=${t%:*} want=${t##*:}
	(ulimit -t 5; exec "$tool" "$m") >"$TMPDIR/out" 2>"$TMPDIR/err"
	rc=$?
	if [ $rc -ne "$want" ] || ! grep -q 'too many errors' "$TMPDIR/err" ||
	    ! grep -q 'line.ptx:4:22: error: syntax error' "$TMPDIR/err"; then
		echo "$(basename "$tool"): exit $rc (want $want)"
		head -c 600 "$TMPDIR/err"
		fail=1
	fi
done
rm -f "$m"
exit $fail

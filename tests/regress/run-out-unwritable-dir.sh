#!/bin/sh
# An output in a directory that cannot take it (missing, or read-only) was
# found out only after the kernel had run.  The targets are checked first:
# exit 2 naming the file, before the launch (the kernel's printf does not
# appear).  Root may write a read-only directory: that half is checked
# only where the directory really refuses a new file.
m=$top/examples/vecadd.ptx
fail=0
check() {
	# shellcheck disable=SC2086
	"$PTX_RUN" -b 8 -a zeros:32 $1 "$m" >out 2>err
	rc=$?
	if [ $rc -ne 2 ] || [ -s out ] || ! grep -q "$2: cannot create" err; then
		echo "FAIL: $1: exit $rc"
		cat err out
		fail=1
	fi
}
check "-o 0:missing/out.bin" missing/out.bin
check "--stats-json missing/s.json" missing/s.json
check "--symbol-out fmt:missing/fmt" missing/fmt
mkdir ro && chmod 555 ro
if (: >ro/probe) 2>/dev/null; then
	rm -f ro/probe
	echo "read-only directory writable here (root): that half skipped"
else
	check "-o 0:ro/out.bin" ro/out.bin
	check "--annotate ro/a.html" ro/a.html
	# a symlink to a file there: the temporary file would go there too
	chmod 755 ro && echo previous >ro/f && chmod 555 ro && ln -s ro/f rolink
	check "-o 0:rolink" rolink
	[ "$(cat ro/f)" = previous ] && [ "$(ls ro)" = f ] || { echo "FAIL: ro/f changed"; fail=1; }
	chmod 755 ro && rm -f ro/f rolink && chmod 555 ro
	[ -z "$(ls ro)" ] || { echo "FAIL: files left in ro"; fail=1; }
fi
chmod 755 ro
# a read-only file in a writable directory is not replaced either
echo previous >locked && chmod 444 locked
if ! (: >>locked) 2>/dev/null; then
	"$PTX_RUN" -b 8 -a zeros:32 -o 0:locked "$m" >out 2>err
	rc=$?
	if [ $rc -ne 2 ] || [ "$(cat locked)" != previous ] || ! grep -q "locked: Permission denied" err; then
		echo "FAIL: read-only file: exit $rc"
		cat err
		fail=1
	fi
fi
exit $fail

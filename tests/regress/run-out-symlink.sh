#!/bin/sh
# ptx-run -o N:LINK: a symlink was replaced by a regular file.  A symlink
# target is refused (exit 2): neither the link nor the file it names
# changes, dangling or not.
m=$top/examples/vecadd.ptx
echo keep >target
ln -s target link || exit 77
ln -s nowhere dangling
fail=0
for t in link dangling; do
	for opt in "-o 0:$t" "--stats-json $t" "--symbol-out fmt:$t"; do
		# shellcheck disable=SC2086
		"$PTX_RUN" -b 8 -a zeros:32 $opt "$m" >out 2>err
		rc=$?
		if [ $rc -ne 2 ] || [ ! -L $t ] || [ "$(cat target)" != keep ] || [ -e nowhere ] ||
		    ! grep -q "$t: a symbolic link" err || [ "$(ls | wc -l)" -ne 5 ]; then
			echo "FAIL: $opt: exit $rc"
			cat err
			ls -l
			fail=1
		fi
	done
done
exit $fail

#!/bin/sh
# ptx-run -o N:LINK: a symlink was replaced by a regular file, and then
# every symlink was refused.  A symlink to a regular file (through a chain
# of links, into another directory) stays a link: the file it resolves to
# is replaced whole, its temporary file beside it, its mode kept.  A
# dangling symlink is refused (exit 2) and nothing is created through it;
# a symlink to a directory is refused too.
m=$top/examples/vecadd.ptx
mkdir sub
echo keep >sub/target
chmod 640 sub/target
ln -s sub/target link || exit 77
ln -s link chain
ln -s nowhere dangling
ln -s sub dirlink
fail=0
bad() { echo "FAIL: $*"; cat err; ls -lR; fail=1; }
"$PTX_RUN" -b 8 -a zeros:32 -o 0:ref.bin --stats-json ref.json --symbol-out fmt:ref.fmt "$m" >out 2>err ||
	bad "reference"
for t in link chain; do
	for opt in "-o 0:$t ref.bin" "--stats-json $t ref.json" "--symbol-out fmt:$t ref.fmt"; do
		set -- $opt
		echo keep >sub/target
		"$PTX_RUN" -b 8 -a zeros:32 "$1" "$2" "$m" >out 2>err
		rc=$?
		[ $rc -eq 0 ] && [ -L link ] && [ -L chain ] && cmp -s sub/target "$3" &&
		    [ "$(ls sub)" = target ] || bad "$1 $2: exit $rc"
		case $(ls -l sub/target) in -rw-r-----*) ;; *) bad "$1 $2: mode $(ls -l sub/target)" ;; esac
	done
done
"$PTX_AS" -o chain "$m" >out 2>err && [ -L chain ] && "$PTX_AS" sub/target 2>err || bad "ptx-as -o chain"
echo keep >sub/target
for t in dirlink dangling; do
	for opt in "-o 0:$t" "--stats-json $t" "--symbol-out fmt:$t"; do
		# shellcheck disable=SC2086
		"$PTX_RUN" -b 8 -a zeros:32 $opt "$m" >out 2>err
		rc=$?
		[ $rc -eq 2 ] && [ -L $t ] && [ "$(cat sub/target)" = keep ] && [ ! -e nowhere ] &&
		    grep -q "$t: a d" err && [ "$(ls sub)" = target ] || bad "$opt: exit $rc"
	done
done
grep -q "dangling: a dangling symbolic link" err || bad "message for a dangling link"
exit $fail

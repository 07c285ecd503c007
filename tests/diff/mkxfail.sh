#!/bin/sh
# tests/diff/mkxfail.sh -- write tests/diff/xfail.txt again from a replay of
# every record in tests/diff/cases: its header stays, then one line for each
# record that differs or does not run: for version 1 "seed N<TAB># family:
# first differing instruction", in seed order, then for later versions
# "vV seed N FAMILY<TAB># the instruction or the interpreter's message", in
# version and seed order.  Run from the top of a built tree:
#   sh tests/diff/mkxfail.sh
set -u
d=tests/diff
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT
"$d/difftest" replay "$d"/cases/*.txt.gz > "$tmp" 2>/dev/null
{
	sed -n 1,5p "$d/xfail.txt"
	sed -n 's/^[^ ]*: seed \([0-9]*\) (\([a-z0-9]*\)) slot [0-9]*, line [0-9]*: \(.*\)$/seed \1\t# \2: \3/p' "$tmp" |
		sort -t' ' -k2,2n
	sed -n 's/^[^ ]*: \(v[0-9]*\) seed \([0-9]*\) (\([a-z0-9]*\)) slot [0-9]*, line [0-9]*: \(.*\)$/\1 seed \2 \3\t# \4/p
		s/^[^ ]*: \(v[0-9]*\) seed \([0-9]*\) (\([a-z0-9]*\)): \(.*\)$/\1 seed \2 \3\t# \4/p' "$tmp" |
		sort -t' ' -k1,1 -k3,3n -k4,4
} > "$d/xfail.txt.new" && mv "$d/xfail.txt.new" "$d/xfail.txt"
tail -1 "$tmp"

#!/bin/sh
# tests/diff/mkoracle.sh -- write tests/diff/oracle.txt again: the records
# xfail.txt lists that pass with the f64 NaN operand order taken from the
# real ptxas (api/nanorder.c, difftest replay --nanorder).  Run from the
# top of a built tree (make update-oracle):
#
#	sh tests/diff/mkoracle.sh [DIFFTEST]
#
# Every listed record is replayed with the oracle, in JOBS processes
# (default 2; a record of an f64 instruction of two registers costs one
# ptxas run, about 0.1 s).  oracle.txt keeps xfail.txt's lines of those
# that pass, comments and order included, after a header naming the
# ptxas that answered ("# ptxas: " and its --version's release line):
# tests/diff.test replays them with the oracle only where the ptxas it
# finds says the same, since another release may allocate registers
# otherwise.  The ptxas is found as api/nanorder.c finds it
# (PTXKIT_PTXAS, CUDA_HOME/bin, /usr/local/cuda/bin, PATH; one of at
# least 1 MiB); exit 77 without one.
set -u
difftest=${1:-./tests/diff/difftest}
jobs=${JOBS:-2}
srcdir=${srcdir:-.}
d=$srcdir/tests/diff
big() { [ -f "$1" ] && [ -x "$1" ] && [ "$(wc -c < "$1")" -ge 1048576 ]; }
found=
if [ -n "${PTXKIT_PTXAS:-}" ]; then
	big "$PTXKIT_PTXAS" && found=$PTXKIT_PTXAS
else
	for p in ${CUDA_HOME:+$CUDA_HOME/bin} /usr/local/cuda/bin $(echo "$PATH" | tr ':' ' '); do
		big "$p/ptxas" && { found=$p/ptxas; break; }
	done
fi
[ -n "$found" ] || { echo "mkoracle.sh: no real ptxas: set PTXKIT_PTXAS"; exit 77; }
release=$("$found" --version 2>/dev/null | grep -m 1 'release') || { echo "mkoracle.sh: $found --version"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# the listed records ("seed N" is version 1, "vV seed N F" a later one)
grep -v '^#' "$d/xfail.txt" | sed 's/[	 ]*#.*//' |
	awk '$1 == "seed" { print 1, $2; next } $2 == "seed" { v = $1; sub("v", "", v); print v, $3, $4 }' \
	> "$tmp/keys" || exit 1
for f in "$d"/cases/*.txt.gz; do gzip -dc "$f"; done |
	awk 'NR == FNR { if (NF == 2) one[$2] = 1; else k[$1 " " $2 " " $3] = 1; next }
	     ($1 == 1 && $2 in one) || ($1 " " $2 " " $3) in k' "$tmp/keys" - > "$tmp/rec" || exit 1
i=0
while [ "$i" -lt "$jobs" ]; do
	PTXKIT_PTXAS=$found "$difftest" replay --nanorder --passed --part "$i/$jobs" "$tmp/rec" > "$tmp/out$i" 2>&1 &
	i=$((i + 1))
done
wait
cat "$tmp"/out* | sed -n 's/^passed //p' | sort -u > "$tmp/passed"
{
	cat <<EOF
# tests/diff/oracle.txt -- records xfail.txt lists (they differ with the
# loader's predicted f64 NaN operand order) that pass with the order the
# real ptxas gives (api/nanorder.c).  tests/diff.test replays them with
# it, and they must pass, where it finds a ptxas of the release below;
# elsewhere they stay expected failures.  Written by tests/diff/mkoracle.sh.
# ptxas: $release
EOF
	grep -v '^#' "$d/xfail.txt" |
		awk -F'\t' 'NR == FNR { p[$0] = 1; next } { k = $1; sub(/[ ]+$/, "", k) } k in p' "$tmp/passed" -
} > "$d/oracle.txt.new" && mv "$d/oracle.txt.new" "$d/oracle.txt" || exit 1
echo "mkoracle.sh: $(grep -vc '^#' "$d/oracle.txt") of $(wc -l < "$tmp/rec") listed records pass with $found ($release)"

#!/bin/sh
# bench/lint.sh — ptxas-lint against ptxas on the same large PTX files, in
# one run.  Usage: bench/lint.sh [FILE.ptx...]  (default: the five largest
# files of tests/corpus/ptx).  Needs ptxas ($PTXAS, PATH or
# /usr/local/cuda/bin) and a built ptxas-lint ($PTXAS_LINT, default
# ./ptxas-lint).  Prints the seconds of each tool and the ratio.

: "${PTXAS_LINT:=./ptxas-lint}"
: "${PTXAS:=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}"
corpus=${srcdir:-.}/tests/corpus/ptx
test -x "$PTXAS" || { echo "lint.sh: no ptxas" >&2; exit 77; }
test -x "$PTXAS_LINT" || { echo "lint.sh: no $PTXAS_LINT" >&2; exit 99; }
if test $# -eq 0; then
	# shellcheck disable=SC2046
	set -- $(ls -S "$corpus"/*.ptx | head -n 5)
fi
now() { date +%s.%N; }
arch() { grep "^$(basename "$1") " "$corpus/MANIFEST" 2>/dev/null | cut -d' ' -f2; }

# FILE:ARCH pairs, worked out before the clock starts
jobs=
for f in "$@"; do a=$(arch "$f"); jobs="$jobs $f:${a:-sm_90}"; done
t0=$(now)
for j in $jobs; do "$PTXAS_LINT" -arch="${j##*:}" "${j%:*}" >/dev/null 2>&1; done
t1=$(now)
for j in $jobs; do "$PTXAS" -arch="${j##*:}" "${j%:*}" -o /dev/null >/dev/null 2>&1; done
t2=$(now)
bytes=$(cat "$@" | wc -c)
awk -v a="$t0" -v b="$t1" -v c="$t2" -v n="$#" -v by="$bytes" 'BEGIN {
	l = b - a; p = c - b;
	printf "files %d, %.1f MB\nptxas-lint %.3f s\nptxas      %.3f s\nspeedup    %.1fx\n", n, by / 1e6, l, p, p / l }'

#!/bin/sh
# tests/diff/nanorder.sh -- how many of the records xfail.txt lists for an
# f64 instruction pass with the order oracle (api/nanorder.c: the f64 NaN
# operand order taken from the real ptxas).
#
#   sh tests/diff/nanorder.sh DIFFTEST [SAMPLE]     (make check-nanorder)
#
# Takes every line of tests/diff/xfail.txt whose comment names a .f64
# instruction, finds its record in tests/diff/cases, and replays those
# records (one in SAMPLE of them, default all) with difftest replay
# --nanorder and without an xfail list, in JOBS processes (default 2),
# then prints how many pass, how many still differ, and the time a record
# took.  Needs ptxas where api/nanorder.c looks for it (PTXKIT_PTXAS,
# CUDA_HOME/bin, /usr/local/cuda/bin, PATH), which reads the cubin itself;
# exit 77 without it.  Not part of make check: ptxas's time a record
# (about 0.1 s).  Exit 0 whatever the counts: it measures.

difftest=${1:?usage: nanorder.sh DIFFTEST [SAMPLE]}
sample=${2:-1}
jobs=${JOBS:-2}
srcdir=${srcdir:-.}
found() {   # $1 the variable, $2 the tool
	eval v=\${$1:-}
	[ -n "$v" ] && { [ -x "$v" ] && return 0 || return 1; }
	for d in ${CUDA_HOME:+$CUDA_HOME/bin} /usr/local/cuda/bin $(echo "$PATH" | tr ':' ' '); do
		[ -x "$d/$2" ] && return 0
	done
	return 1
}
if ! found PTXKIT_PTXAS ptxas; then
	echo "nanorder.sh: no ptxas: set PTXKIT_PTXAS"
	exit 77
fi
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

# "VERSION SEED FAMILY" of each listed f64 record (version 1's "seed N  #
# FAMILY: ..." lines name the family in the comment)
grep -v '^#' "$srcdir/tests/diff/xfail.txt" | grep '\.f64' |
	awk '$1 == "seed" { f = $4; sub(":", "", f); print 1, $2, f; next }
	     { v = $1; sub("v", "", v); print v, $3, $4 }' > "$tmp/listed" || exit 99
for f in "$srcdir"/tests/diff/cases/*.txt.gz; do gzip -dc "$f"; done |
	awk -v s="$sample" 'NR == FNR { k[$1 " " $2 " " $3] = 1; next }
	     ($1 " " $2 " " $3) in k && n++ % s == 0' "$tmp/listed" - > "$tmp/rec" || exit 99
total=$(wc -l < "$tmp/rec")
start=$(date +%s)
i=0
while [ "$i" -lt "$jobs" ]; do
	"$difftest" replay --nanorder --part "$i/$jobs" "$tmp/rec" > "$tmp/out$i" 2>&1 &
	i=$((i + 1))
done
wait
end=$(date +%s)
cat "$tmp"/out* | grep -v ' passed, \|s of CPU' | sed -n '1,40p'
pass=$(cat "$tmp"/out* | awk '/ passed, / { p += $1 } END { print p + 0 }')
echo "nanorder.sh: $pass of $total listed f64 records pass with ptxas's order" \
	"($(( (end - start) * jobs * 1000 / (total > 0 ? total : 1) )) ms of a job a record, $jobs jobs)"
exit 0

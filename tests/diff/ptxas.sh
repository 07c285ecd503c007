#!/bin/sh
# tests/diff/ptxas.sh -- does ptxas accept every kernel the generator makes?
#
#   sh tests/diff/ptxas.sh DIFFTEST N     (make diff-ptxas DIFF_SEEDS=N)
#
# Checks seeds 1..N with the families the seeds choose, and N/10 seeds of
# each family named, in modules of 50 kernels (the way the CUDA backend
# loads them); a module ptxas refuses is checked kernel by kernel, and each
# refused kernel is printed with ptxas's messages.  Every refusal is a
# generator bug.  $PTXAS, else ptxas on the PATH, else the toolkit's.
# JOBS=N runs N at a time (default 2).  Exit 0: all accepted; 1: some
# refused; 77: no ptxas.

difftest=${1:?usage: ptxas.sh DIFFTEST N}
n=${2:-2000}
jobs=${JOBS:-2}
ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
if ! [ -x "$ptxas" ]; then
	echo "no ptxas: set PTXAS"
	exit 77
fi
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

# the work: one line per module, "FROM TO FAMILY" (- for the seed's choice)
i=1
while [ "$i" -le "$n" ]; do
	echo "$i $((i + 50 > n + 1 ? n + 1 : i + 50)) -"
	i=$((i + 50))
done > "$tmp/work"
per=$((n / 10))
[ "$per" -lt 1 ] && per=1
for f in $("$difftest" families | cut -d' ' -f1); do
	i=1
	while [ "$i" -le "$per" ]; do
		echo "$i $((i + 50 > per + 1 ? per + 1 : i + 50)) $f"
		i=$((i + 50))
	done
done >> "$tmp/work"

# check.sh FROM TO FAMILY: prints "ok N" or the refused kernels
cat > "$tmp/check.sh" <<'EOS'
d=$1 ptxas=$2 tmp=$3 from=$4 to=$5 fam=$6
[ "$fam" = - ] && fam=
m=$tmp/m.$from.$to.${fam:-any}
"$d" module "$from" "$to" $fam > "$m.ptx" || { echo "difftest failed on $from..$to $fam"; exit 0; }
if "$ptxas" -arch=sm_90a -o /dev/null "$m.ptx" 2>/dev/null; then
	echo "ok $((to - from))"
else
	s=$from
	while [ "$s" -lt "$to" ]; do
		"$d" gen "$s" $fam > "$m.one.ptx"
		if "$ptxas" -arch=sm_90a -o /dev/null "$m.one.ptx" 2> "$m.err"; then
			echo "ok 1"
		else
			echo "REFUSED seed $s ${fam:-(its own family)}:"
			grep -v aborted "$m.err" | while IFS= read -r l; do
				ln=$(echo "$l" | sed -n 's/.*, line \([0-9]*\);.*/\1/p')
				echo "    $l"
				[ -n "$ln" ] && echo "        $(sed -n "${ln}p" "$m.one.ptx")"
			done
		fi
		s=$((s + 1))
	done
fi
rm -f "$m.ptx" "$m.one.ptx" "$m.err"
EOS
xargs -P "$jobs" -L 1 sh "$tmp/check.sh" "$difftest" "$ptxas" "$tmp" < "$tmp/work" > "$tmp/out"
ok=$(awk '$1 == "ok" { s += $2 } END { print s + 0 }' "$tmp/out")
bad=$(grep -c '^REFUSED' "$tmp/out")
grep -v '^ok ' "$tmp/out"
echo "ptxas accepted $ok of $((ok + bad)) kernels"
[ "$bad" -eq 0 ]

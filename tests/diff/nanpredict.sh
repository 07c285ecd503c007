#!/bin/sh
# tests/diff/nanpredict.sh -- how often the loader's f64 NaN operand order
# (interp/contract.c interp_nan_first) agrees with the order oracle's
# (api/nanorder.c: the real ptxas's SASS), over fresh generated kernels.
#
#   sh tests/diff/nanpredict.sh BUILDDIR FROM TO [OUT]
#
# Writes difftest modules of 20 kernels each for seeds FROM..TO-1 of the
# families with f64 arithmetic (version 1 f64 and mixed, whose f64 family
# versions 6 and 8 draw alike; 6 flowx; 8 regs; 13 dag; 14 xmix;
# NANPREDICT_FAMILIES="V:FAMILY ..." others), runs BUILDDIR's
# tests/diff/nanorder -c on each
# (JOBS processes, default 2) and prints, per family and in all, how many
# instructions the oracle answered and how many the prediction gets
# wrong; the differing lines (nanorder.c says their form) go to OUT
# (default nanpredict.out).  Needs ptxas, no GPU; not part of make check
# (about a second of ptxas a module).  tests/diff/README, "The f64 NaN
# operand order", has the measurements.
set -u
b=${1:?usage: nanpredict.sh BUILDDIR FROM TO [OUT]}
from=${2:?}
to=${3:?}
out=${4:-nanpredict.out}
jobs=${JOBS:-2}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fams=${NANPREDICT_FAMILIES:-"1:f64 1:mixed 6:flowx 8:regs 13:dag 14:xmix"}
for vf in $fams; do
	v=${vf%%:*}
	f=${vf#*:}
	s=$from
	while [ "$s" -lt "$to" ]; do
		e=$((s + 20))
		[ "$e" -gt "$to" ] && e=$to
		"$b/tests/diff/difftest" --gen-version "$v" module "$s" "$e" "$f" > "$tmp/v$v-$f-$s.ptx" 2>/dev/null ||
			rm -f "$tmp/v$v-$f-$s.ptx"
		s=$e
	done
done
ls "$tmp"/*.ptx > "$tmp/list"
i=0
while [ "$i" -lt "$jobs" ]; do
	awk -v i="$i" -v n="$jobs" 'NR % n == i' "$tmp/list" | while read -r p; do
		"$b/tests/diff/nanorder" -c "$p" | sed "s|^nanorder:|T ${p##*/}|; s|$tmp/||"
	done > "$tmp/out$i" &
	i=$((i + 1))
done
wait
cat "$tmp"/out* | grep '^D ' > "$out"
# T FILE N answered, A agree, D differ: per family (the file's v and name)
cat "$tmp"/out* | awk '$1 == "T" { split($2, p, "-"); k = p[1] " " p[2]; n[k] += $3; d[k] += $7; N += $3; D += $7 }
	END { for (k in n) printf "  %s: %d answered, %d differ (%.2f%% agree)\n", k, n[k], d[k], n[k] ? 100 - 100.0 * d[k] / n[k] : 0
	      printf "nanpredict: %d answered, %d agree, %d differ (%.2f%%)\n", N, N - D, D, N ? 100 - 100.0 * D / N : 0 }' | sort

#!/bin/sh
# tests/diff/sasscheck.sh -- the order oracle's cubin reader (api/cubin.c,
# api/sass.c) against nvdisasm's text, over many modules.
#
#   sh tests/diff/sasscheck.sh BUILDDIR [-x SAMPLE] [-m V FAMILY FROM TO]... [FILE.ptx]...
#
# -x SAMPLE: one in SAMPLE of the f64 records tests/diff/xfail.txt lists
# (each its kernel alone, as difftest gen makes it for the record's
# version); -m: the kernels FROM..TO-1 of generator version V and FAMILY
# as modules of 20 (difftest module); FILEs as they are.  Each module is
# loaded by BUILDDIR's tests/diff/nanorder with PTXKIT_NANORDER=
# ptxas-nvdisasm: ptxas compiles it, the cubin is read both ways, and
# api/nanorder.c compares the two listings function by function,
# instruction by instruction, and the answers the tracing gives from each.
# Prints the differences and the sums.  A module with no f64 add, sub,
# mul, fma, min or max of two registers is not compiled (the oracle never
# asks ptxas for it) and counts as skipped.  Needs ptxas and nvdisasm
# (PTXKIT_PTXAS, PTXKIT_NVDISASM, or where api/nanorder.c looks); JOBS
# processes (default 2).  Exit 1 when a listing or an answer differs.

b=${1:?usage: sasscheck.sh BUILDDIR [-x SAMPLE] [-m V FAMILY FROM TO]... [FILE.ptx]...}
shift
srcdir=${srcdir:-.}
jobs=${JOBS:-2}
dt=$b/tests/diff/difftest
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/m"
n=0
while [ $# -gt 0 ]; do
	case $1 in
	-x)
		grep -v '^#' "$srcdir/tests/diff/xfail.txt" | grep '\.f64' |
			awk -v s="$2" '$1 == "seed" { f = $4; sub(":", "", f); v = 1; seed = $2 }
			     $1 != "seed" { v = $1; sub("v", "", v); seed = $3; f = $4 }
			     n++ % s == 0 { print v, seed, f }' > "$tmp/x"
		while read -r v seed f; do
			n=$((n + 1))
			"$dt" --gen-version "$v" gen "$seed" "$f" > "$tmp/m/$n.ptx" 2>/dev/null || rm -f "$tmp/m/$n.ptx"
		done < "$tmp/x"
		shift 2 ;;
	-m)
		from=$4
		while [ "$from" -lt "$5" ]; do
			n=$((n + 1))
			"$dt" --gen-version "$2" module "$from" $((from + 20 < $5 ? from + 20 : $5)) "$3" > "$tmp/m/$n.ptx" \
				2>/dev/null || rm -f "$tmp/m/$n.ptx"
			from=$((from + 20))
		done
		shift 5 ;;
	*)
		n=$((n + 1))
		cp "$1" "$tmp/m/$n.ptx"
		shift ;;
	esac
done
ls "$tmp/m" | sort -n > "$tmp/list"
total=$(wc -l < "$tmp/list")
start=$(date +%s)
i=0
while [ "$i" -lt "$jobs" ]; do
	awk -v i="$i" -v j="$jobs" 'NR % j == i' "$tmp/list" | while read -r f; do
		echo "# $f"
		PTXKIT_NANORDER=ptxas-nvdisasm "$b/tests/diff/nanorder" "$tmp/m/$f" 2>&1 >/dev/null
	done > "$tmp/out$i" &
	i=$((i + 1))
done
wait
end=$(date +%s)
cat "$tmp"/out* > "$tmp/all"
grep 'check: ' "$tmp/all" | grep -v ' functions: \| answers: ' | sed -n '1,40p'
awk '/^# / { m = $2; next }
     / functions: / { fn += $3; same += $5; differ += $7; unread += $9; seen[m] = 1 }
     / answers: / { at += $4; ac += $8; as += $12; if ($4 != $12 || $8 != $12) bad[m] = 1 }
     END { for (k in seen) c++; for (k in bad) nb++
	   printf "sasscheck: %d modules compiled: %d functions, %d listings the same, %d differ, %d not read from the cubin;", c, fn, same, differ, unread
	   printf " answers %d from the text, %d from the cubin, %d the same (%d modules differ)\n", at, ac, as, nb + 0
	   exit (differ || nb) ? 1 : 0 }' "$tmp/all"
rc=$?
echo "sasscheck: $total modules, $((end - start)) s"
exit $rc

#!/bin/sh
# gen.sh PTX_RUN OUTDIR [CASE...] -- records the expected outputs of every
# case (or of the cases named: NAME, NAME.case or NAME.pending) on a GPU:
# runs each with `--backend cuda`, writing OUTDIR/NAME.want.N for each
# compared buffer and OUTDIR/NAME.stdout (device printf).  Fault cases
# (exit: lines) are left out: a deadlock would hang the GPU.  The results
# are then copied into tests/run by hand.
set -u
run=$1 out=$2
shift 2
cd "$(dirname "$0")" || exit 2
mkdir -p "$out"
[ $# -gt 0 ] || set -- *.case
for c in "$@"; do
	case $c in *.case|*.pending) ;; *) c=$c.case ;; esac
	n=${c%.*}
	grep -q '^exit:' "$c" && continue
	opts=$(sed -n 1p "$c")
	outs=$(sed -n 2p "$c" | sed 's/^outs://')
	o=
	for k in $outs; do o="$o -o ${k%%:*}:$out/$n.want.${k%%:*}"; done
	# shellcheck disable=SC2086
	"$run" --backend cuda $opts $o > "$out/$n.stdout" 2> "$out/$n.err"
	echo "$n: exit $?"
done

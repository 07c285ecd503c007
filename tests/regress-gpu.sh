#!/bin/sh
# tests/regress-gpu.sh [PTX-RUN] -- runs each tests/regress/*.ptx kernel
# whose "// regress: run" line ptx-run can launch on a GPU (no --check,
# --max-steps, --symbol-*, --stats, cluster or cooperative launch) with
# --backend cuda, and compares its exit status with "// regress: exit"
# where that is 0 or 4 (a kernel that traps on a wrong result exits 4).
# A regress kernel's expected values are the GPU's only where it has run
# there as a whole: this is how that is checked (make regress-gpu; needs
# a GPU and its driver, exit 77 without one).  Exit 1 on a mismatch.
# "// regress: gpu-exit N" names the GPU's status where the interpreter
# answers otherwise on purpose (the kernel's comment says why): a guest's
# misuse that a GPU lets pass and corrupts with, faulted here instead.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
run=${1:-$(pwd)/ptx-run}
case "$run" in /*) ;; *) run=$(pwd)/$run;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/regress-gpu.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
printf '.version 8.0\n.target sm_50\n.address_size 64\n.visible .entry k() { ret; }\n' > "$tmp/probe.ptx"
"$run" --backend cuda "$tmp/probe.ptx" > /dev/null 2>&1 || { echo "regress-gpu: no GPU backend here"; exit 77; }
n=0 bad=0
for f in "$top"/tests/regress/*.ptx; do
	grep -q '^// regress: run' "$f" || continue
	args=$(sed -n 's|^// regress: run *||p' "$f" | head -n 1)
	want=$(sed -n 's|^// regress: exit *||p' "$f" | head -n 1)
	gpu=$(sed -n 's|^// regress: gpu-exit *||p' "$f" | head -n 1)
	[ -n "$gpu" ] && want=$gpu
	case "$want" in 0|4) ;; *) continue ;; esac
	case " $args " in *" --check"*|*" --max-steps"*|*" --symbol-"*|*" --stats"*|*" --cluster"*|*" --cooperative"*|*texture:*|*surface:*) continue ;; esac
	n=$((n + 1))
	# shellcheck disable=SC2086
	(cd "$tmp" && timeout 120 "$run" --backend cuda $args "$f") > "$tmp/out" 2> "$tmp/err"
	rc=$?
	if [ "$rc" != "$want" ]; then
		bad=$((bad + 1))
		echo "MISMATCH ${f#"$top"/}: exit $rc on the GPU, $want expected: $(head -c 200 "$tmp/err" | tr '\n' ' ')"
	fi
done
echo "regress-gpu: $n kernels run, $bad mismatched"
[ "$bad" -eq 0 ]

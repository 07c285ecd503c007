#!/bin/sh
# run.sh — `make bench`: front-end throughput on the largest corpus file,
# and NVIDIA's ptxas on the same file (when installed), measured in one run.
# Writes bench/results.json and prints a short table.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${PARSE_BENCH:-./parse_bench}
file=${1:-$(ls -S "$top"/tests/corpus/ptx/*.ptx | head -n 1)}
arch=$(awk -v f="$(basename "$file")" '$1 == f { print $2 }' "$top/tests/corpus/ptx/MANIFEST" 2>/dev/null)
[ -n "$arch" ] || arch=sm_90
ours=$("$bin" "$file" 2)
ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
ptxas_s=null
if [ -x "$ptxas" ]; then
	# ptxas does far more (register allocation, SASS): the ratio says how
	# much cheaper a parse-and-check is than a full assembly.
	best=
	for i in 1 2 3; do
		t0=$(date +%s.%N)
		"$ptxas" -arch="$arch" "$file" -o /dev/null
		t1=$(date +%s.%N)
		t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')
		if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
	done
	ptxas_s=$best
fi
echo "{\"parse\": $ours, \"ptxas_s\": $ptxas_s, \"arch\": \"$arch\"}" > "${RESULTS:-results.json}"
echo "$ours" | awk -v p="$ptxas_s" -F'[:,]' '{
	for (i = 1; i <= NF; i++) { gsub(/[" {}]/, "", $i) }
	for (i = 1; i < NF; i++) v[$i] = $(i + 1)
	printf "%-40s %10s %12s %10s %10s\n", "file", "bytes", "ptx-as MB/s", "ptx-as s", "ptxas s"
	printf "%-40s %10s %12s %10s %10s\n", substr(v["file"], length(v["file"]) - 39), v["bytes"], v["mb_per_s"], v["median_s"], p
	if (p != "null") printf "ratio ptxas/ptx-as: %.1fx\n", p / v["median_s"]
}'

#!/bin/sh
# gen.sh DIR: llc 14 on each DIR/*.ll, once per llc RUN line of the test,
# writing llvm14.<test>.<mcpu>[.<n>].ptx here.  -march=nvptx becomes
# -march=nvptx64 (ptxas 13.0 refuses 32-bit code).  RUN lines llc
# refuses are skipped; identical outputs are kept once.
# Environment: LLC (default llc-14, else llc).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: gen.sh LLVM_TEST_DIR}
LLC=${LLC:-$(command -v llc-14 || command -v llc)}
for f in "$dir"/*.ll; do
	b=$(basename "$f" .ll)
	grep -h '^; RUN:.*llc' "$f" | grep -o 'llc[^|]*' |
		sed 's/^llc < %s//; s/2>&1//; s/-march=nvptx /-march=nvptx64 /; s/-march=nvptx$/-march=nvptx64/; s/[[:space:]]*$//' |
		sort -u | while read -r args; do
		case $args in *-march*|*-mtriple*) ;; *) continue ;; esac
		mcpu=$(printf '%s\n' "$args" | sed -n 's/.*-mcpu=\([a-z0-9_]*\).*/\1/p')
		o=$here/llvm14.$b.${mcpu:-def}.ptx
		i=0
		while test -e "$o"; do
			i=$((i + 1))
			o=$here/llvm14.$b.${mcpu:-def}.$i.ptx
		done
		# shellcheck disable=SC2086
		"$LLC" $args "$f" -o "$o" 2>/dev/null || rm -f "$o"
	done
done
# identical outputs once
md5sum "$here"/llvm14.*.ptx | sort | awk 'seen[$1]++ { print $2 }' | xargs -r rm -f

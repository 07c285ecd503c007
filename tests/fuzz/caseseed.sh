#!/bin/sh
# caseseed.sh RUNDIR OUT MAXBYTES — turns each case of tests/run (RUNDIR)
# into a seed of fuzz_run.c: the case's module with a "//@" launch line
# (fuzz_run.c's top comment) put first, so that a cut at the fuzzer's
# length keeps it, saying the case's kernel, grid, block, cluster, shared
# memory and arguments.  A buffer argument (file:, zeros:, bytes:) becomes
# one of the harness's four buffers, all as large as the largest; a
# tensor map, a tensor map of one; a scalar, its bits (a float's by
# encoding it).  Modules over MAXBYTES are left out.  Used by run.sh for
# the check target: real kernels with the launches they were written for,
# run with every dynamic check on.
set -eu
dir=$1 out=$2 max=$3
mkdir -p "$out"
for c in "$dir"/*.case; do
	[ -f "$c" ] || continue
	line=$(sed -n 1p "$c")
	ptx=$dir/${line%% *}
	[ -f "$ptx" ] || continue
	[ "$(wc -c < "$ptx")" -le "$max" ] || continue
	n=$(basename "$c" .case)
	# shellcheck disable=SC2086
	set -- ${line#* }
	{
		printf '//@ '
		printf '%s\n' "$@" | (cd "$dir" && awk '
		function f32(v,    s, e, m) {
			# the IEEE single bits of v (normal numbers; 0 else)
			if (v == 0) return 0
			s = v < 0 ? 2147483648 : 0
			if (v < 0) v = -v
			e = 0
			while (v >= 2) { v /= 2; e++ }
			while (v < 1) { v *= 2; e-- }
			if (e < -126 || e > 127) return s
			m = int((v - 1) * 8388608 + 0.5)
			return s + (e + 127) * 8388608 + m
		}
		BEGIN { nb = 0; buf = 1024; p = "" }
		prev == "-g" { printf "grid=%s ", $0 }
		prev == "-b" { printf "block=%s ", $0 }
		prev == "--cluster" { printf "cluster=%s ", $0 }
		prev == "-s" { printf "shared=%s ", $0 }
		prev == "-k" { printf "k=%s ", $0 }
		prev == "-a" {
			split($0, a, ":")
			v = ""
			if (a[1] == "file") {
				f = substr($0, 6)
				cmd = "wc -c < \"" f "\" 2>/dev/null"
				sz = 0
				cmd | getline sz
				close(cmd)
				if (sz + 0 > buf) buf = sz + 0
				v = "b" (nb++ % 4)
			} else if (a[1] == "zeros") {
				if (a[2] + 0 > buf) buf = a[2] + 0
				v = "b" (nb++ % 4)
			} else if (a[1] == "bytes") {
				v = "b" (nb++ % 4)
			} else if (a[1] == "tensormap") {
				v = "t" (nb++ % 4)
			} else if (a[1] == "f32" || a[1] == "f16" || a[1] == "f64") {
				v = f32(a[2] + 0)
			} else
				v = a[2]
			p = p (p == "" ? "" : ",") v
		}
		{ prev = $0 }
		END { printf "buf=%d", (buf > 65536 ? 65536 : buf); if (p != "") printf " p=%s", p; printf "\n" }')
		cat "$ptx"
	} > "$out/run-$n.ptx"
done

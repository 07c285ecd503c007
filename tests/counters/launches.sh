#!/bin/sh
# launches.sh -- the launches of the multi-instruction kernels and of the
# stride sweep, one a line: a name, a tab, then the ptx-run options (grid,
# block, arguments, module), relative to tests/counters.  measure.sh gives
# this list to ncu_driver on the GPU; tests/counters.test runs the same
# lines under ptx-run, so both sides launch the same thing.
dir=$(dirname "$0")
for w in "$dir"/*.want; do
	[ -f "$w" ] || continue
	n=${w##*/}
	printf '%s\t%s\n' "${n%.want}" "$(sed -n 's/^run: *//p' "$w")"
done
for k in gld4 gld8 gld16 gst4 gst8 gst16 sld4 sld8 sld16; do
	s=1
	while [ $s -le 33 ]; do
		printf '%s.s%d\t-k %s -b 32 -a zeros:16384 -a u32:%d -a u32:3735928559 stride.ptx\n' "$k" $s "$k" $s
		s=$((s + 1))
	done
done
for k in stsm1 stsm2 stsm4 stsm4t; do
	for s in 16 32 48 64 128 144 272; do
		printf '%s.s%d\t-k %s -b 32 -a u32:%d stsm.ptx\n' "$k" $s "$k" $s
	done
done

#!/bin/sh
# Every number of ptx-run's command line is parsed strictly: no sign, no
# space, no trailing text, no silent wrap or narrowing.  Each bad value is
# a usage error (exit 2) before anything runs, so no output file appears;
# each good spelling (0x hex, K/M/G sizes, 1e9 steps) is taken.
m=$top/examples/vecadd.ptx
fail=0
# refused by the option's own check, not by the count of parameters (one
# here), and with no output written
refuse() {
	"$PTX_RUN" "$@" "$m" >out 2>err
	rc=$?
	if [ $rc -ne 2 ] || [ -e out.bin ] || grep -q "Sanitizer\|runtime error\|parameters" err; then
		echo "FAIL: ptx-run $*: exit $rc, want 2"
		cat err
		fail=1
	fi
	rm -f out.bin
}
accept() {
	"$PTX_RUN" "$@" "$m" >out 2>err
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "FAIL: ptx-run $*: exit $rc, want 0"
		cat err
		fail=1
	fi
}
b="-b 8 -a zeros:32 -o 0:out.bin"
refuse $b -s -1
refuse $b -s 4294967296
refuse $b -s 99999999999999999999
refuse $b -s 1G2
refuse $b -s " 16"
refuse $b -s +16
refuse $b -s 16x
refuse $b -s ""
refuse $b -g -1
refuse $b -g 1,
refuse $b -g ,1
refuse $b -g 1,1,1,1
refuse $b -g 4294967297
refuse $b -g 1,65536
refuse $b -g 2147483648
refuse -a zeros:32 -o 0:out.bin -b 0
refuse -a zeros:32 -o 0:out.bin -b 1025
refuse -a zeros:32 -o 0:out.bin -b 1,1,65
refuse -a zeros:32 -o 0:out.bin -b 4294967304
refuse -a zeros:32 -o 0:out.bin -b 64,64
refuse $b --cluster 0
refuse $b --cluster 2147483648
refuse $b -j 0
refuse $b -j 257
refuse $b -j -1
refuse $b -j 1.5
refuse $b --threads=4294967297
refuse $b --max-steps 0
refuse $b --max-steps -1
refuse $b --max-steps 1e20
refuse $b --max-steps 18446744073709551616
refuse $b --max-steps 1.5
refuse $b --max-steps 1e
refuse -b 8 -a zeros:-1 -o 0:out.bin
refuse -b 8 -a zeros:18446744073709551616
refuse -b 8 -a zeros:16E
refuse -b 8 -a zeros:0x
refuse -b 8 -a zeros:32 -o -1:x
refuse -b 8 -a zeros:32 -o 4294967296:x
refuse -b 8 -a zeros:32 -o 1:x
refuse -b 8 -a zeros:32 --expect 0:want:f32ulp:-1
refuse -b 8 -a zeros:32 --expect 0:want:f32ulp:9223372036854775808
refuse -b 8 -a zeros:32 --expect 0:want:f32ulp:1x
refuse -b 8 -a zeros:32 --expect 99999999999:want
# scalars: within their type, no sign on unsigned types
for v in u8:256 u8:-1 u32:-1 u32:4294967296 s8:128 s8:-129 s32:2147483648 \
    u64:18446744073709551616 s64:9223372036854775808 b8:-129 b16:0x10000 \
    f32:1e39 f64:1e400 f16:65536 bf16:1e39 f32:0x100000000 u32:" 1" u32:1x; do
	refuse -b 8 -a "$v"
done
# tensor maps: an index past int, box sizes past 32 bits, sizes that overflow
refuse -b 8 -a zeros:32 -a tensormap:2147483648:f32:8:8
refuse -b 8 -a zeros:32 -a tensormap:0:f32:8:4294967297
refuse -b 8 -a zeros:32 -a tensormap:0:f32:8x8:8x4294967297
refuse -b 8 -a zeros:32 -a tensormap:0:f32:4611686018427387904x4:8x4
refuse -b 8 -a zeros:32 -a tensormap:zeros:-1:f32:8:8
refuse -b 8 -a zeros:32 -a tensormap:0+18446744073709551616:f32:8:8
# the limits
refuse $b --max-memory -1
refuse $b --max-memory 16777216T
refuse $b --heap-size 17179869184G
refuse $b --stack-size 1M
refuse $b --stack-size ""
# the good spellings
accept -b 8 -a zeros:0x20
accept -b 0x8 -a zeros:32
accept -b 8,1,1 -g 1,1 -a zeros:32 -s 1K
accept -b 8 -a zeros:32 --max-steps 1e9
accept -b 8 -a zeros:32 --max-steps=100000 -j 256
accept -b 8 -a zeros:32 --stack-size 2K --heap-size 16M --max-memory 1G
exit $fail

#!/bin/sh
# Bad command lines for the three tools, tried by hand once and kept:
# empty strings, missing values, repeated options, nonexistent files,
# directories and binary files as inputs.  Each must end in a usage or
# I/O error (2) or a rejected module (ptx-run 3, the others 1), with a
# message, and never in a signal or a sanitizer report.
m=$top/examples/vecadd.ptx
fail=0
mkdir dir
# 4 KiB of every byte value: a module no lexer rule expects
i=0
while [ $i -lt 16 ]; do printf '\000\001\377\200{;%%.\t\r\n"\\@$'"'"'x'; i=$((i + 1)); done >bin.ptx
cat bin.ptx bin.ptx bin.ptx bin.ptx bin.ptx bin.ptx bin.ptx bin.ptx >bin2.ptx
try() {
	want=$1
	shift
	"$@" </dev/null >out 2>err
	rc=$?
	case " $want " in *" $rc "*) ;; *) rc="$rc, want $want" ;; esac
	if [ "${rc#*want}" != "$rc" ] || [ ! -s err ] || grep -q "Sanitizer\|runtime error" err; then
		echo "FAIL: $*: exit $rc"
		head -n 3 err
		fail=1
	fi
}
R=$PTX_RUN
try 2 "$R"
try 2 "$R" ""
try 2 "$R" dir
try 3 "$R" bin2.ptx
try 2 "$R" nonexistent.ptx
try 2 "$R" -- -x
try 2 "$R" "$m" "$m"
for o in -k -g -b -s -a -o -j --kernel --grid --block --shared --arg --out --expect --cluster \
    --symbol-in --symbol-out --backend --max-steps --threads --stats-json --annotate \
    --max-memory --heap-size --stack-size; do
	try 2 "$R" "$m" $o
	try 2 "$R" $o "" "$m"
done
try 2 "$R" -k "" -b 8 -a zeros:32 "$m"
try 2 "$R" --kernel= -b 8 -a zeros:32 "$m"
try 2 "$R" --bogus "$m"
try 2 "$R" -a : "$m"
try 2 "$R" -a file: "$m"
try 2 "$R" -a file:dir "$m"
try 2 "$R" -a file:nonexistent "$m"
try 2 "$R" -a bytes: "$m"
try 2 "$R" -a bytes:0 "$m"
try 2 "$R" -a bytes:zz "$m"
try 2 "$R" -a tensormap: "$m"
try 2 "$R" -a tensormap:0 "$m"
try 2 "$R" -a tensormap:file: "$m"
try 2 "$R" -a tensormap:file:dir:f32:8:8 "$m"
try 2 "$R" -a tensormap:zeros:64:f32:8 "$m"
try 2 "$R" -a zeros:32 -a tensormap:0:f32:8:8:swizzle= "$m"
try 2 "$R" -a zeros:32 -a tensormap:0:f32:8:8:strides= "$m"
try 2 "$R" -a zeros:32 -a tensormap:0:f32:8x8x8x8x8x8:8 "$m"
try 2 "$R" -a zeros:32 -a tensormap:0:f32::8 "$m"
try 2 "$R" -a zeros:32 -a tensormap:1:f32:8:8 "$m"
try 2 "$R" -a zeros:32 -a zeros:32 "$m"
try 2 "$R" --symbol-in : "$m"
try 2 "$R" --symbol-in fmt: -b 8 -a zeros:32 "$m"
try 2 "$R" --symbol-in fmt:dir -b 8 -a zeros:32 "$m"
try 2 "$R" --symbol-in nosuch:bin.ptx -b 8 -a zeros:32 "$m"
try 2 "$R" --symbol-out nosuch:x -b 8 -a zeros:32 "$m"
try 2 "$R" --expect 0: -b 8 -a zeros:32 "$m"
try 2 "$R" --expect 0:dir -b 8 -a zeros:32 "$m"
try 2 "$R" --expect 0:nonexistent -b 8 -a zeros:32 "$m"
try 2 "$R" --expect 0:x:nosuchulp:1 -b 8 -a zeros:32 "$m"
try 2 "$R" --stats-json "" -a zeros:32 "$m"
try 2 "$R" --annotate dir -a zeros:32 "$m"
try 2 "$R" -o 0:dir -a zeros:32 "$m"
try 2 "$R" -o 0: -a zeros:32 "$m"
try 2 "$R" --no-stats --stats -a zeros:32 "$m"
try 2 "$R" --backend cuda --stack-size 1K -a zeros:32 "$m"
# repeated options: the last one counts; bad ones still fail
try 2 "$R" -b 8 -b 0 -a zeros:32 "$m"
try 2 "$R" -g 1 -g 1,1,1,1 -b 8 -a zeros:32 "$m"
for t in "$PTX_AS" "$PTX_LINT"; do
	try 2 "$t"
	try 2 "$t" ""
	try 2 "$t" dir
	try 1 "$t" bin.ptx
	try 1 "$t" bin2.ptx
	try 2 "$t" nonexistent.ptx
	try 2 "$t" -arch
	try 2 "$t" -arch= "$m"
	try 2 "$t" --bogus "$m"
done
try 2 "$PTX_AS" -o
try 2 "$PTX_AS" -o "" "$m"
try 2 "$PTX_AS" -o dir "$m"
try 2 "$PTX_AS" -o missing/x.ptx "$m"
try 2 "$PTX_AS" --emit= "$m"
try 2 "$PTX_AS" "$m" "$m"
try 2 "$PTX_LINT" --format= "$m"
try 2 "$PTX_LINT" -Wno- "$m"
try 2 "$PTX_LINT" "$m" dir nonexistent.ptx
exit $fail

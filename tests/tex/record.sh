#!/bin/sh
# record.sh -- records tests/tex/ref.bin, the reference of tests/tex.test,
# on a machine with an NVIDIA GPU (an H100: sm_90) and its driver.
#
#	sh tests/tex/record.sh            (from the source tree, any directory)
#
# Builds textest.c against the toolkit's cuda.h and the real libcuda, runs
# it twice on tex.ptx (the committed PTX of tex.cu) and keeps the output
# when both runs agree; then commit tests/tex/ref.bin.  REGEN=1 first
# rebuilds tex.ptx from tex.cu with nvcc -arch=sm_90 (then commit tex.ptx
# with ref.bin).  NCU=1 then runs textest once more under Nsight Compute
# (ncu, from the toolkit) for the texture pipe's request and sector
# counters of every launch and writes them to tests/tex/ncu.tsv, a line a
# launch and metric (id, kernel, block, grid, metric, value), ids
# counting launches from 0 as the shim's PTXKIT_COUNTERS does;
# NCU_SKIP=N profiles launches N on only (their ids stay) and writes
# ncu-from-N.tsv beside it instead, rows to merge into ncu.tsv (so were
# launches 240 on recorded), NCU_LAST=N none after N.  NCU_ALL=1 asks for every metric of the
# first ncu.tsv (hits, misses, operations); else only the four that
# tests/tex.test compares.  NCU_LOG=DIR keeps ncu's own output of each
# run there; NCU_SECONDS (default 600) bounds the time of the ncu runs.
# NCU_RUN_SECONDS bounds each ncu run (default: NCU_SECONDS); NCU_REF=0
# leaves ref.bin alone (only the counters are recorded); NCU_MODE=application
# replays the whole application from the first run on; NCU_ARGS: more
# options for ncu (such as --cache-control none).
# CUDA_HOME: the toolkit (default /usr/local/cuda); CC: the C compiler
# (default cc); NCU: the profiler when not the toolkit's.
set -e
here=$(cd "$(dirname "$0")" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "${REGEN:-0}" = 1 ]; then
	"$cuda/bin/nvcc" -arch=sm_90 -ptx "$here/tex.cu" -o "$here/tex.ptx"
fi
stub=
[ -f "$cuda/lib64/stubs/libcuda.so" ] && stub="-L$cuda/lib64/stubs"
${CC:-cc} -std=c11 -O1 -I"$cuda/include" "$here/textest.c" -o "$tmp/textest" $stub -lcuda -lm
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
if [ "${NCU_REF:-1}" != 0 ]; then
	# A call that fails stops textest after writing the records before it:
	# those still make a reference (tex.test compares the records it has).
	rc=0
	"$tmp/textest" "$here/tex.ptx" "$tmp/a.bin" || rc=$?
	"$tmp/textest" "$here/tex.ptx" "$tmp/b.bin" || true
	if [ $rc -ne 0 ]; then
		echo "record.sh: textest stopped early (exit $rc): the reference holds the records before the failure" >&2
	fi
	if ! cmp -s "$tmp/a.bin" "$tmp/b.bin"; then
		echo "record.sh: two runs on the GPU differ; nothing written" >&2
		exit 1
	fi
	cp "$tmp/a.bin" "$here/ref.bin"
	echo "wrote $here/ref.bin ($(wc -c < "$here/ref.bin") bytes)"
fi
[ "${NCU:-0}" = 1 ] || exit 0
ncu=$cuda/bin/ncu
[ -x "$ncu" ] || ncu=$(command -v ncu) || { echo "record.sh: no ncu (in $cuda/bin or on PATH)" >&2; exit 1; }

# The metrics: requests and sectors of the texture pipe's texture and
# surface halves, those tests/tex.test compares; with NCU_ALL=1 also the
# pipe's totals, its operations and sectors' tag hits and misses.  Each
# metric more can take ncu another replay of every launch.
m=
for k in texture surface; do
	m=$m${m:+,}l1tex__t_requests_pipe_tex_mem_$k.sum,l1tex__t_sectors_pipe_tex_mem_$k.sum
done
if [ "${NCU_ALL:-0}" = 1 ]; then
	m=$m,l1tex__t_requests_pipe_tex.sum
	for k in surface_op_atom surface_op_ld surface_op_red surface_op_st texture_op_ld texture_op_tex; do
		m=$m,l1tex__t_requests_pipe_tex_mem_$k.sum
	done
	for k in '' _mem_surface _mem_surface_op_atom _mem_surface_op_ld _mem_surface_op_red _mem_surface_op_st \
	    _mem_texture _mem_texture_op_ld _mem_texture_op_tex; do
		for h in '' _lookup_hit _lookup_miss; do
			case "$k$h" in _mem_texture|_mem_surface) ;; *) m=$m,l1tex__t_sectors_pipe_tex$k$h.sum ;; esac
		done
	done
fi

# ncu in runs of NCU_CHUNK launches (default 64), each a process of its
# own: a launch that ncu fails to profile (CUDA_ERROR_LAUNCH_FAILED,
# "Unknown Error", "Failed to profile", after which ncu can hang while it
# shuts textest down) costs the rest of its run only.  ncu and textest
# run in a process group of their own, ended as soon as ncu's log says
# ==ERROR== (or at NCU_SECONDS); the next run begins at the launch that
# failed, a second failure there is replayed alone with the whole
# application (--replay-mode application: no save and restore of device
# memory), and a third leaves that launch without rows.  textest's last
# launch ends a run short of its count without an error.
# ncu's CSV: every field quoted, ID the profiled launch's index from 0
# within the run, sizes as "(256, 1, 1)", values grouped by commas; a
# launch with fewer rows than metrics is dropped.
skip=${NCU_SKIP:-0}
chunk=${NCU_CHUNK:-64}
log=${NCU_LOG:-$tmp}
mkdir -p "$log"
nm=$(echo "$m" | tr ',' '\n' | grep -c .)
setsid=setsid   # without it, only ncu itself is ended
command -v setsid > /dev/null || setsid=
t0=$(date +%s)
end_by=$((t0 + ${NCU_SECONDS:-600}))
: > "$tmp/rows"
s=$skip
fails=0
last=${NCU_LAST:-}
while [ "$(date +%s)" -lt $end_by ] && { [ -z "$last" ] || [ $s -le "$last" ]; }; do
	mode=${NCU_MODE:-kernel} n=$chunk
	[ $fails -lt 2 ] || mode=application n=1
	[ -z "$last" ] || [ $((s + n - 1)) -le "$last" ] || n=$((last - s + 1))
	f=$log/ncu-$s-$mode
	rm -f "$f.csv"
	# shellcheck disable=SC2086
	$setsid "$ncu" ${NCU_ARGS:-} --replay-mode $mode --launch-skip "$s" --launch-count "$n" --metrics "$m" --csv --print-units base \
	    --log-file "$f.csv" "$tmp/textest" "$here/tex.ptx" "$tmp/c.bin" > "$f.out" 2>&1 &
	pid=$!
	run_by=$(($(date +%s) + ${NCU_RUN_SECONDS:-${NCU_SECONDS:-600}}))
	stop=
	while kill -0 $pid 2> /dev/null; do
		# a launch ncu fails to profile shows first as its attempt to
		# end textest, after which it may hang before saying ==ERROR==
		if grep -q -e '==ERROR==' -e '==PROF== Trying to shutdown' "$f.csv" "$f.out" 2> /dev/null; then
			stop=error
		elif [ "$(date +%s)" -ge $end_by ] || [ "$(date +%s)" -ge $run_by ]; then
			stop=time
		else
			sleep 0.5
			continue
		fi
		sleep 1   # the rows of the launches before
		kill -TERM -$pid $pid 2> /dev/null || true
		sleep 1
		kill -KILL -$pid $pid 2> /dev/null || true
		break
	done
	rc=0
	wait $pid || rc=$?
	[ -f "$f.csv" ] || : > "$f.csv"
	awk -v skip="$s" -v nm="$nm" '/^"[0-9]/ {
		sub(/^"/, ""); sub(/"$/, "")
		n = split($0, f, /","/)
		if (n < 15)
			next
		gsub(/ /, "", f[8]); gsub(/ /, "", f[9]); gsub(/,/, "", f[15])
		id = f[1] + skip
		row[id] = row[id] sprintf("%d\t%s\t%s\t%s\t%s\t%s\n", id, f[5], f[8], f[9], f[13], f[15])
		k[id]++
	} END {
		for (id in row)
			if (k[id] == nm)
				printf "%s", row[id]
	}' "$f.csv" | sort -s -n -k1,1 > "$tmp/run"
	cat "$tmp/run" >> "$tmp/rows"
	got=$(cut -f1 "$tmp/run" | sort -un | wc -l)
	end=$(cut -f1 "$tmp/run" | sort -n | tail -1)
	grep -q '==ERROR==' "$f.csv" "$f.out" 2> /dev/null && stop=${stop:-error}
	[ $rc -eq 0 ] || stop=${stop:-exit}
	echo "record.sh: ncu ($mode replay) from launch $s: $got launches, exit $rc${stop:+, stopped: $stop}" >&2
	if [ -z "$stop" ]; then
		[ "$got" -eq "$n" ] || break   # past textest's last launch
		s=$((s + n)) fails=0
	elif [ -n "$end" ]; then
		s=$((end + 1)) fails=1   # the launch that failed begins the next run
	elif [ $fails -lt 2 ]; then
		fails=$((fails + 1))
	else
		echo "record.sh: launch $s: no counters (ncu's output: $f.csv)" >&2
		s=$((s + 1)) fails=0
	fi
done
if [ "$(date +%s)" -ge $end_by ]; then
	echo "record.sh: stopped at launch $s after ${NCU_SECONDS:-600} s of ncu" >&2
fi
{
	echo "# ncu ($("$ncu" --version | tail -1)) on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1):"
	echo "# the texture pipe's counters of each launch textest.c makes with tex.ptx (tests/tex/record.sh NCU=1)."
	printf 'id\tkernel\tblock\tgrid\tmetric\tvalue\n'
	sort -s -n -k1,1 "$tmp/rows"
} > "$tmp/ncu.tsv"
if ! grep -q '^[0-9]' "$tmp/ncu.tsv"; then
	echo "record.sh: ncu gave no counters (its logs: $log/ncu-*)" >&2
	cat "$log/ncu-$skip-kernel.csv" >&2
	exit 1
fi
dst=$here/ncu.tsv
[ "$skip" = 0 ] || dst=$here/ncu-from-$skip.tsv
cp "$tmp/ncu.tsv" "$dst"
echo "wrote $dst ($(grep -c '^[0-9]' "$dst") counters, $(cut -f1 "$tmp/rows" | sort -u | wc -l) launches)"

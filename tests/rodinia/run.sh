#!/bin/sh
# run.sh -- the CUDA benchmarks of Rodinia 3.1, built by the toolkit's nvcc
# and run with the small inputs of tests/rodinia/list, on whatever
# libcuda.so.1 the loader finds (make check-rodinia puts the shim first);
# each result is compared with what the same build printed and wrote on
# an H200 (tests/rodinia/expected/), where that was recorded.
#
#   run.sh -r RODINIA -w WORKDIR [-j JOBS] [-o OUTDIR] [-n] [NAME...]
#
#   -r   a Rodinia 3.1 tree (its cuda/ and common/; data/ is not needed:
#        the inputs are made by gen.py, mkavi.c and the programs
#        themselves, except myocyte's, taken from data/myocyte/ when there)
#   -w   where the copy is built (made afresh each time)
#   -o   where each NAME.stdout and NAME.FILE goes (default WORKDIR/out)
#   -j   parallel builds (default 2)
#   -n   run what an earlier run.sh built in WORKDIR, without building
#   NAME: benchmarks of the list (default: all)
#
# The copy is edited for CUDA 13 first (port.sh: removed fields and
# calls, texture references as texture objects through compat.h), and
# nvcc is nvcc.sh: $RODINIA_ARCH (default PTX for compute_90 only, which
# is what the shim runs) instead of each Makefile's arch flags.
# Environment: PTX_CUDA_SHIM (libptxcuda.so: the programs load it as
# libcuda.so.1; unset, whatever libcuda.so.1 the loader finds), NVCC
# (default nvcc on PATH, else /usr/local/cuda/bin/nvcc), RODINIA_ARCH,
# RODINIA_TIMEOUT (seconds per run, default 120).
# Prints one line per benchmark: NAME, its status (ok: exit 0 and equal to
# the GPU's results; ran: exit 0, nothing recorded to compare; DIFF,
# EXIT n, BUILD), and the seconds it ran.  Exit 0 when every one is ok or
# ran; 77 without nvcc or python3; 1 otherwise.

here=$(cd "$(dirname "$0")" && pwd)
rod='' work='' out='' jobs=2 nobuild=''
while getopts r:w:o:j:n o; do
	case $o in
	r) rod=$OPTARG ;;
	w) work=$OPTARG ;;
	o) out=$OPTARG ;;
	j) jobs=$OPTARG ;;
	n) nobuild=1 ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ -z "$rod" ] || [ ! -d "$rod/cuda" ] || [ -z "$work" ]; then
	echo "usage: run.sh -r RODINIA -w WORKDIR [-j JOBS] [-o OUTDIR] [-n] [NAME...]" >&2
	exit 2
fi
nvcc=${NVCC:-}
if [ -z "$nvcc" ]; then
	if command -v nvcc > /dev/null 2>&1; then
		nvcc=$(command -v nvcc)
	elif [ -x /usr/local/cuda/bin/nvcc ]; then
		nvcc=/usr/local/cuda/bin/nvcc
	else
		echo "SKIP: no nvcc"
		exit 77
	fi
fi
command -v python3 > /dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
rod=$(cd "$rod" && pwd)
[ -n "$nobuild" ] || rm -rf "$work"
mkdir -p "$work" || exit 1
work=$(cd "$work" && pwd)
out=${out:-$work/out}
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
tk=$(cd "$(dirname "$nvcc")/.." && pwd)

list() {
	grep -v '^#' "$here/list" | while IFS='|' read -r name dir cmd files keep; do
		if [ $# -gt 0 ]; then
			case " $* " in *" $name "*) ;; *) continue ;; esac
		fi
		echo "$name|$dir|$cmd|$files|$keep"
	done
}

if [ -z "$nobuild" ]; then

# --- the copy, its edits and inputs
cp -R "$rod/cuda" "$rod/common" "$work/" || exit 1
sh "$here/port.sh" "$work" || { echo "port.sh failed"; exit 1; }
python3 "$here/gen.py" "$work/data" || exit 1
if [ -f "$rod/data/myocyte/y.txt" ] && [ -f "$rod/data/myocyte/params.txt" ]; then
	mkdir -p "$work/data/myocyte" && cp "$rod/data/myocyte/y.txt" "$rod/data/myocyte/params.txt" "$work/data/myocyte/"
fi
avi=$work/cuda/heartwall/AVI
if ${CC:-cc} -O2 -I"$avi" -o "$work/mkavi" "$here/mkavi.c" "$avi/avilib.c" -lm > "$work/mkavi.log" 2>&1; then
	mkdir -p "$work/data/heartwall" "$work/data/leukocyte"
	"$work/mkavi" "$work/data/heartwall/test.avi" 640 640 3
	"$work/mkavi" "$work/data/leukocyte/testfile.avi" 320 240 2
fi

# a toolkit tree whose bin/nvcc is nvcc.sh, for the Makefiles' CUDA_DIR;
# -lcuda links against the toolkit's stub
cw=$work/toolkit
mkdir -p "$cw/bin" "$cw/lib64"
ln -s "$tk/include" "$cw/include"
for f in "$tk"/lib64/*; do ln -s "$f" "$cw/lib64/"; done
[ -e "$cw/lib64/libcuda.so" ] || ln -s "$tk/lib64/stubs/libcuda.so" "$cw/lib64/libcuda.so"
ln -s lib64 "$cw/lib"
cp "$here/nvcc.sh" "$cw/bin/nvcc" && chmod +x "$cw/bin/nvcc"
RODINIA_NVCC=$nvcc RODINIA_COMPAT=$here/compat.h
PATH=$cw/bin:$PATH
export RODINIA_NVCC RODINIA_COMPAT PATH

# --- build, JOBS at a time (each benchmark's make is serial)
n=0
for d in $(list "$@" | cut -d'|' -f2 | sort -u); do
	(cd "$work/cuda/$d" && make OUTPUT=-DOUTPUT VERIFY=-DVERIFY CUDA_DIR="$cw" CUDA_INSTALL_PATH="$cw" > "$work/build.$(echo "$d" | tr / _).log" 2>&1) &
	n=$((n + 1))
	[ $((n % jobs)) -eq 0 ] && wait
done
wait
fi

# --- run and compare
LD_LIBRARY_PATH=${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$tk/lib64
if [ -n "${PTX_CUDA_SHIM:-}" ]; then
	mkdir -p "$work/lib"
	ln -sf "$(cd "$(dirname "$PTX_CUDA_SHIM")" && pwd)/$(basename "$PTX_CUDA_SHIM")" "$work/lib/libcuda.so.1"
	LD_LIBRARY_PATH=$work/lib:$LD_LIBRARY_PATH
fi
export LD_LIBRARY_PATH
bad=0
list "$@" > "$work/list"
while IFS='|' read -r name dir cmd files keep; do
	cd "$work/cuda/$dir" || exit 1
	# shellcheck disable=SC2086
	rm -f $files
	s=$(date +%s.%N)
	timeout "${RODINIA_TIMEOUT:-120}" sh -c "$cmd" > "$out/$name.stdout" 2> "$out/$name.stderr" < /dev/null
	rc=$?
	t=$(awk "BEGIN { print $(date +%s.%N) - $s }")
	for f in $files; do
		[ -f "$f" ] && cp "$f" "$out/$name.$f"
	done
	# what is compared: the stdout lines KEEP matches, and FILES
	if [ -n "$keep" ]; then
		grep -E "$keep" "$out/$name.stdout" > "$out/$name.check"
	else
		: > "$out/$name.check"
	fi
	st=ran
	if [ ! -x "$(echo "$cmd" | cut -d' ' -f1)" ]; then
		st=BUILD
	elif [ $rc -ne 0 ]; then
		st="EXIT $rc"
	elif [ -f "$here/expected/$name.check" ]; then
		st=ok
		cmp -s "$here/expected/$name.check" "$out/$name.check" || st=DIFF
		for f in $files; do
			cmp -s "$here/expected/$name.$f" "$out/$name.$f" || st=DIFF
		done
	fi
	case $st in ok | ran) ;; *) bad=$((bad + 1)) ;; esac
	printf '%-15s %-8s %7.1fs\n' "$name" "$st" "$t"
done < "$work/list"
[ $bad -eq 0 ]

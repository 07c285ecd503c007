#!/bin/sh
# run.sh -- the real clients' own test suites on libptxcuda as installed:
# a virtual environment with the latest releases of numba-cuda, pycuda and
# tinygrad (pip) and what their tests import (pytest, filecheck, cffi,
# ml_dtypes: numba-cuda's bfloat16 tests compare with its bfloat16),
# and CuPy (cupy-cuda13x with its toolkit wheels, and SciPy, which
# cupyx.scipy's tests compare with, installed when its suite is asked for:
# they are large), the test files of pycuda's, tinygrad's
# and CuPy's source releases (numba-cuda ships its tests), and a fixed
# subset of each suite (tests/clients/CLIENT.list) run through ptxkit-env
# with no test plugins.
# CuPy's toolkit wheels are held at CUDA 13.0, whose NVRTC writes PTX
# ISA 9.0, the newest libptx reads.
# cuda-bindings is held below 13.4, where its IPC handles lost the
# 'reserved' field that numba-cuda pickles them by (its IPC tests fail
# on any driver with 13.4 on).
# tinygrad's source release holds only test_tiny.py; given the test/
# folder of its repository at the release's commit (-s), the wider subset
# of tests/clients/tinygrad-src.list runs too, a file a process (each under
# the suite's timeout), which needs torch and hypothesis in the venv as
# well (installed then).
# Prints one line per suite, "NAME: N passed, M failed, K skipped", and
# checks the passes against tests/clients/expected (the fewest accepted).
#
#   run.sh [-e PTXKIT_ENV] [-w WORKDIR] [-m full|driver] [-s TINYGRAD_SRC] [CLIENT...]
#
#   -e   the installed ptxkit-env (default: ptxkit-env on PATH)
#   -w   where the venv, the sources and the logs go (default
#        ./clients-work); a venv already there is used as it is
#   -m   full (default): the whole environment ptxkit-env sets up;
#        driver: the shim as libcuda.so.1 alone, the toolkit's nvJitLink,
#        ptxas and nvcc as they are (what clients saw before the
#        stand-ins), for comparison; nothing is checked then
#   -s   a folder holding tinygrad's test/ at the installed release
#        (for 0.14.0: `git archive COMMIT test | tar -x -C DIR`); its files
#        of tinygrad-src.list run from DIR under DEV=CUDA and DEV=CUDA:PTX
#        as the suites "tinygrad-src DEV=...", beside test_tiny.py's.
#        A tinygrad/ package in DIR would shadow the installed one: give
#        the tests alone.  Default: $TINYGRAD_SRC, else none
#   CLIENT: numba, pycuda, tinygrad, cupy (default: all four)
#
# Environment: PYTHON (the interpreter the venv is made from, default
# python3), CLIENTS_TIMEOUT (seconds per suite, default 1200),
# CLIENTS_FILE_TIMEOUT (seconds per file of tinygrad-src.list, default
# 3600: test_ops.py alone takes most of an hour interpreted).
# Exit 0: every suite ran and passed at least as many tests as expected;
# 77: the clients cannot be installed here (no network, no compiler ...);
# 1 otherwise.

here=$(cd "$(dirname "$0")" && pwd)
env=ptxkit-env work=clients-work mode=full tsrc=${TINYGRAD_SRC:-}
while getopts e:w:m:s: o; do
	case $o in
	e) env=$OPTARG ;;
	w) work=$OPTARG ;;
	m) mode=$OPTARG ;;
	s) tsrc=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- numba pycuda tinygrad cupy
case $mode in full|driver) ;; *) echo "run.sh: -m full or driver" >&2; exit 2 ;; esac
if ! command -v "$env" > /dev/null 2>&1; then
	echo "run.sh: no $env (install ptxkit, or name it with -e)" >&2
	exit 2
fi
env=$(command -v "$env")
if [ -n "$tsrc" ]; then
	if [ ! -d "$tsrc/test" ]; then
		echo "run.sh: no test/ folder in $tsrc" >&2
		exit 2
	fi
	tsrc=$(cd "$tsrc" && pwd)
fi
mkdir -p "$work" || exit 1
work=$(cd "$work" && pwd)
py=$work/venv/bin/python
tmo=${CLIENTS_TIMEOUT:-1200}
ftmo=${CLIENTS_FILE_TIMEOUT:-3600}

# --- the venv and the sources of the tests
if [ ! -x "$py" ]; then
	echo "setting up $work/venv (pip: numba-cuda pycuda tinygrad) ..."
	if ! { "${PYTHON:-python3}" -m venv "$work/venv" &&
	    "$py" -m pip install -q -U pip setuptools wheel &&
	    "$py" -m pip install -q numba-cuda 'cuda-bindings<13.4' pycuda tinygrad numpy pytest \
	        filecheck cffi ml_dtypes; } \
	    > "$work/setup.log" 2>&1; then
		tail -5 "$work/setup.log"
		rm -rf "$work/venv"
		echo "SKIP: the clients cannot be installed here (see $work/setup.log)"
		exit 77
	fi
fi
case " $* " in
*" numba "*)
	# (a venv made before ml_dtypes was in the list above gets it here)
	if ! "$py" -c "import importlib.metadata as m; m.version('ml_dtypes')" 2>/dev/null &&
	    ! "$py" -m pip install -q ml_dtypes >> "$work/setup.log" 2>&1; then
		tail -5 "$work/setup.log"
		echo "SKIP: ml_dtypes cannot be installed here (see $work/setup.log)"
		exit 77
	fi ;;
esac
case " $* " in
*" cupy "*)
	# (a venv that got CuPy before SciPy was asked for gets SciPy here)
	if ! "$py" -c "import importlib.metadata as m; m.version('cupy-cuda13x'); m.version('scipy')" 2>/dev/null; then
		echo "installing cupy-cuda13x[ctk] and scipy into $work/venv ..."
		if ! "$py" -m pip install -q 'cupy-cuda13x[ctk]' 'cuda-toolkit==13.0.*' scipy \
		    > "$work/setup-cupy.log" 2>&1; then
			tail -5 "$work/setup-cupy.log"
			echo "SKIP: CuPy cannot be installed here (see $work/setup-cupy.log)"
			exit 77
		fi
	fi ;;
esac
# the wider tinygrad subset compares with torch (a CPU run of it) and
# draws inputs with hypothesis, in the versions of tinygrad's own
# testing-minimal extra: a later torch differs where the tests expect its
# answers (clip's gradient at the bounds: 1 in torch 2.11, 0 in 2.15)
tdeps=$("$py" -c 'import importlib.metadata as m
print(" ".join(r.split(";")[0].replace(" ", "") for r in m.requires("tinygrad") or []
    if r.startswith(("torch", "hypothesis")) and "testing-minimal" in r))' 2>/dev/null)
if [ -n "$tsrc" ]; then
	# (pip asks no index for a requirement the venv already meets)
	# shellcheck disable=SC2086
	if ! "$py" -m pip install -q ${tdeps:-torch hypothesis} >> "$work/setup.log" 2>&1; then
		tail -5 "$work/setup.log"
		echo "SKIP: torch cannot be installed here (see $work/setup.log)"
		exit 77
	fi
fi
ver() { "$py" -c "import importlib.metadata as m; print(m.version('$1'))"; }
# the source releases whose test files are run, of the clients asked for:
# the sdist of each (numba-cuda ships its tests; CuPy's wheel is
# cupy-cuda13x, its sdist cupy, whose metadata step wants the build
# isolation: a newer setuptools, Cython)
for c in "$@"; do
	iso=--no-build-isolation
	case $c in
	pycuda|tinygrad) p=$c; v=$(ver $p) || exit 77 ;;
	cupy) p=cupy iso=; v=$(ver cupy-cuda13x) || exit 77 ;;
	*) continue ;;
	esac
	[ -d "$work/src/$p-$v" ] && continue
	mkdir -p "$work/src"
	# shellcheck disable=SC2086
	if ! "$py" -m pip download -q --no-deps $iso --no-binary "$p" -d "$work/src" \
	    "$p==$v" > "$work/download.log" 2>&1 ||
	    ! tar -xzf "$work/src/$p-$v.tar.gz" -C "$work/src"; then
		cat "$work/download.log"
		echo "SKIP: no source release of $p $v"
		exit 77
	fi
done
vers=
for d in numba-cuda pycuda tinygrad cupy-cuda13x; do
	v=$(ver $d 2>/dev/null) && vers="$vers${vers:+, }$d $v"
done
echo "$vers; mode $mode"

# --- the environment: ptxkit-env's, or (driver) the shim alone
if [ $mode = driver ]; then
	# ptxkit-env's library path less its first folder, the shim's
	# (libnvJitLink is there); the shim's libcuda.so.1 in one of its own
	lib=$(env -u LD_LIBRARY_PATH "$env" sh -c 'echo "$LD_LIBRARY_PATH"')
	mkdir -p "$work/driver"
	ln -sf "${lib%%:*}/libcuda.so.1" "$work/driver/libcuda.so.1"
	rest=
	case $lib in *:*) rest=${lib#*:} ;; esac
	run_env() { env LD_LIBRARY_PATH="$work/driver${rest:+:$rest}" "$@"; }
else
	run_env() { "$env" "$@"; }
fi
# caches stay in the work folder; no plugins but the runner's own
mkdir -p "$work/cache"
XDG_CACHE_HOME=$work/cache NUMBA_CACHE_DIR=$work/cache PYCUDA_CACHE_DIR=$work/cache
PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 CACHELEVEL=0
export XDG_CACHE_HOME NUMBA_CACHE_DIR PYCUDA_CACHE_DIR PYTEST_DISABLE_PLUGIN_AUTOLOAD CACHELEVEL

# NVIDIA's NVRTC behind the shim's: the one the clients would load
# (cuda-pathfinder's choice: the venv's wheel, else the system's), which
# the stand-in, preloaded, stands in for
nvrtc=$(cd "$work" && "$py" -c "from cuda import pathfinder
print(pathfinder.load_nvidia_dynamic_lib('nvrtc').abs_path)" 2>/dev/null)
[ -n "$nvrtc" ] && PTXKIT_NVRTC=$nvrtc && export PTXKIT_NVRTC

list() { grep -v '^#' "$here/$1.list" | grep -v '^$'; }
nl='
'

# pytest's last line: "3 failed, 40 passed, 2 skipped, 1 xfailed in 9.1s"
pytest_counts() {
	tail -1 "$1" | awk '{
		for (i = 2; i <= NF; i++) {
			w = $i; sub(/,$/, "", w)
			if (w == "passed") p += $(i - 1)
			else if (w == "failed" || w == "error" || w == "errors") f += $(i - 1)
			else if (w == "skipped" || w == "xfailed" || w == "deselected") s += $(i - 1)
		}
	} END { printf "%d passed, %d failed, %d skipped\n", p, f, s }'
}
# unittest's: "Ran 152 tests in 95.6s" then "OK (skipped=1)" or
# "FAILED (failures=2, errors=1, skipped=3, expected failures=1)"
unittest_counts() {
	awk '/^Ran [0-9]+ tests? in/ { n = $2; seen = 1 }
	    /^(OK|FAILED)/ {
		s = $0; gsub(/[(),]/, " ", s); k = split(s, w, " ")
		for (i = 2; i <= k; i++) {
			if (w[i] == "expected" || w[i] == "unexpected") {
				split(w[++i], kv, "=")   # two words: not failures of ours
				s2 += w[i - 1] == "expected" ? kv[2] : 0
				continue
			}
			split(w[i], kv, "=")
			if (kv[1] == "failures" || kv[1] == "errors") f += kv[2]
			else if (kv[1] == "skipped") s2 += kv[2]
		}
	} END {   # a run cut short (timeout, crash) counts as one failure
		if (!seen) f = 1
		printf "%d passed, %d failed, %d skipped\n", n - f - s2 + !seen, f, s2
	}' "$1"
}

summary=$work/summary-$mode.txt
: > "$summary"
result() {   # NAME LOG COUNTS
	echo "$1: $3" | tee -a "$summary"
}

for c in "$@"; do
	case $c in
	numba)
		# a module a process: a kernel fault ends its context (as on a
		# GPU), and with it every later test of the process
		mkdir -p "$work/run-numba"
		log=$work/numba-$mode.log
		: > "$log"
		for m in $(list numba); do
			(cd "$work/run-numba" && run_env timeout "$tmo" "$py" -m numba.runtests -v "$m") \
			    > "$log.one" 2>&1
			cat "$log.one" >> "$log"
			unittest_counts "$log.one"
		done | awk '{ p += $1; f += $3; s += $5 }
		    END { printf "%d passed, %d failed, %d skipped\n", p, f, s }' > "$log.sum"
		rm -f "$log.one"
		result numba-cuda "$log" "$(cat "$log.sum")" ;;
	pycuda)
		log=$work/pycuda-$mode.log
		# shellcheck disable=SC2046
		(cd "$work/src/pycuda-$(ver pycuda)/test" && run_env timeout "$tmo" "$py" -m pytest -q \
		    -p no:cacheprovider -rfE $(list pycuda)) > "$log" 2>&1
		result pycuda "$log" "$(pytest_counts "$log")" ;;
	tinygrad)
		for dev in CUDA CUDA:PTX; do
			log=$work/tinygrad-$(echo $dev | tr : -)-$mode.log
			# shellcheck disable=SC2046
			(cd "$work/src/tinygrad-$(ver tinygrad)/test" && DEV=$dev run_env timeout "$tmo" \
			    "$py" -m pytest -q -p no:cacheprovider -rfE $(list tinygrad)) > "$log" 2>&1
			result "tinygrad DEV=$dev" "$log" "$(pytest_counts "$log")"
			[ -n "$tsrc" ] || continue
			# a file a process, so that one file's timeout or crash
			# costs that file alone (counted as one failure)
			log=$work/tinygrad-src-$(echo $dev | tr : -)-$mode.log
			: > "$log"
			# a line: FILE [PYTEST OPTION...] in shell words (-k for a
			# test that runs too long on the interpreter; --deselect
			# would drop every test whose name it begins)
			list tinygrad-src | while read -r f opts; do
				(cd "$tsrc" && eval "set -- $opts" && DEV=$dev run_env timeout "$ftmo" \
				    "$py" -m pytest -q -p no:cacheprovider -rfE "$f" "$@") \
				    < /dev/null > "$log.one" 2>&1
				cat "$log.one" >> "$log"
				case $(tail -1 "$log.one") in
				*" in "*s*) pytest_counts "$log.one" ;;
				*) echo "0 passed, 1 failed, 0 skipped" ;;
				esac
			done | awk '{ p += $1; f += $3; s += $5 }
			    END { printf "%d passed, %d failed, %d skipped\n", p, f, s }' > "$log.sum"
			rm -f "$log.one"
			result "tinygrad-src DEV=$dev" "$log" "$(cat "$log.sum")"
		done ;;
	cupy)
		# one GPU (CuPy's multi-GPU tests skip); kernels cached in the
		# work folder
		log=$work/cupy-$mode.log
		# each line of the list one argument (test ids hold spaces),
		# none a pattern (they hold brackets)
		# shellcheck disable=SC2046
		(cd "$work/src/cupy-$(ver cupy-cuda13x)/tests" && IFS=$nl && set -f &&
		    CUPY_CACHE_DIR=$work/cache/cupy CUPY_TEST_GPU_LIMIT=1 \
		    run_env timeout "$tmo" "$py" -m pytest -q -p no:cacheprovider -rfE \
		    $(list cupy)) > "$log" 2>&1
		result cupy "$log" "$(pytest_counts "$log")" ;;
	*)
		echo "run.sh: no client $c" >&2
		exit 2 ;;
	esac
done

[ $mode = driver ] && exit 0
# --- against the passes expected: "NAME: N" lines
bad=0
# (a suite's name may hold a colon: the count follows the last one, and
# the summary's line is the one that starts with the name and ": ")
while IFS= read -r line; do
	case $line in '#'*|'') continue ;; esac
	name=${line%:*} want=${line##*: }
	got=$(awk -v n="$name: " 'index($0, n) == 1 { sub(/ passed.*/, ""); print substr($0, length(n) + 1); exit }' "$summary")
	[ -n "$got" ] || continue
	if [ "$got" -lt "$want" ]; then
		echo "FAIL: $name: $got passed, $want expected"
		bad=1
	fi
done < "$here/expected"
exit $bad

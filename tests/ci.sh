#!/bin/sh
# ci.sh — the whole test suite, as CI runs it.  From the top of the tree:
#
#	tests/ci.sh
#
#  1. configure in the tree with --enable-werror, build from clean,
#     make check, then make distcheck (CI_DISTCHECK=0: only make dist);
#  2. unpack the tarball into _ci/ and build it there with
#     --enable-sanitizers --enable-debug --disable-computed-goto, then make
#     check again (the first build dispatches by computed goto, this one
#     by switch, so both are tested); both make checks run
#     tests/clients.test on numba-cuda, pycuda and tinygrad installed
#     with pip into _ci-venv where they can be (CI_CLIENTS=0: not tried);
#  3. build libptx and the shim from the tarball with --enable-tsan in
#     _ci/tsan, and run the shim's multi-threaded stress test
#     (tests/shim/stress.c) on them under ThreadSanitizer, which must report
#     nothing (skipped without the toolkit's cuda.h).
#
# The replay of tests/diff/cases is most of the time, and grows with each
# recording, so CI replays a share of the records, the same ones each time,
# spread over every generator version and family: the first make check one
# in DIFF_FIRST (default 6), distcheck and the sanitizer build one in
# DIFF_SAMPLE (default 32) each, each build another share (DIFF_SAMPLE_AT),
# about a quarter of the records in all; with more, CI's two cores ran past
# its 90 minutes.  A plain make check replays every record (more than an
# hour on two cores); DIFF_FIRST=1 does that here.
# Where the toolkit's ptxas is installed, the records of
# tests/diff/oracle.txt among them are replayed with its f64 NaN operand
# order (tests/diff.test says how), each a ptxas run.
#
# The logs of failing tests are printed.  The last line sums the automake
# test counts of both builds: "N passed, M failed" (", K skipped" when any);
# a failed build or distcheck counts as one failure.  Exit status 0 only
# when nothing failed.  JOBS sets make's -j (default 2).

cd "$(dirname "$0")/.." || exit 99
jobs=${JOBS:-2}
sample=${DIFF_SAMPLE:-32}
first=${DIFF_FIRST:-6}
pass=0
fail=0
skip=0

# Each stage's start says how long CI has run, to keep the whole inside
# CI's time limit.
start=$(date +%s)
say() {
	printf '\n=== ci: %s (at %ds)\n' "$*" $(($(date +%s) - start))
}

# broken WHAT: count one failure that has no test-suite.log of its own.
broken() {
	echo "ci: FAILED: $*"
	fail=$((fail + 1))
}

# count WHAT LOG: the "# WHAT: N" figure of an automake test-suite.log.
count() {
	n=$(sed -n "s/^# $1: *\([0-9]*\).*/\1/p" "$2" | head -n 1)
	echo "${n:-0}"
}

# tally DIR: adds DIR/test-suite.log's counts; prints it when something failed.
tally() {
	log=$1/test-suite.log
	if ! test -f "$log"; then
		broken "no $log: the test suite did not run"
		return
	fi
	bad=$(($(count FAIL "$log") + $(count XPASS "$log") + $(count ERROR "$log")))
	pass=$((pass + $(count PASS "$log") + $(count XFAIL "$log")))
	skip=$((skip + $(count SKIP "$log")))
	fail=$((fail + bad))
	if test $bad -gt 0; then
		say "failures in $log"
		cat "$log"
	fi
}

finish() {
	say "done"
	if test $skip -gt 0; then
		echo "$pass passed, $fail failed, $skip skipped"
	else
		echo "$pass passed, $fail failed"
	fi
	test $fail -eq 0
	exit
}

if ! test -x configure || test configure.ac -nt configure || test Makefile.am -nt Makefile.in; then
	say "autoreconf -fi"
	autoreconf -fi || { broken "autoreconf"; finish; }
fi

say "in-tree build with --enable-werror"
./configure --enable-werror || { broken "configure --enable-werror"; finish; }
make clean >/dev/null
make -j"$jobs" || { broken "make (--enable-werror)"; finish; }

# The clients tests/clients.test runs (numba-cuda, pycuda, tinygrad), each
# installed with pip into a virtual environment of its own name, outside
# the tree's tarball; one that cannot be installed here (no network, no
# compiler for pycuda) is left out and the test skips it.  CI_CLIENTS=0
# leaves them all out.
if test "${CI_CLIENTS:-1}" != 0 && command -v python3 >/dev/null 2>&1; then
	say "the clients in a virtual environment (_ci-venv) for tests/clients.test"
	venv=$(pwd)/_ci-venv
	if test -x "$venv/bin/python" ||
	    timeout 300 python3 -m venv "$venv" >/dev/null 2>&1 &&
	    timeout 300 "$venv/bin/python" -m pip install -q numpy >/dev/null 2>&1; then
		for c in "numba-cuda cuda-bindings<13.4" pycuda tinygrad; do
			# shellcheck disable=SC2086
			timeout 900 "$venv/bin/python" -m pip install -q $c >/dev/null 2>&1 ||
				echo "ci: $c cannot be installed here; tests/clients.test skips it"
		done
		PYTHON=$venv/bin/python
		export PYTHON
	else
		echo "ci: no virtual environment here; tests/clients.test skips"
	fi
fi

say "make check"
DIFF_SAMPLE=$first DIFF_SAMPLE_AT=0 make -j"$jobs" check
tally .

if test "${CI_DISTCHECK:-1}" != 0; then
	say "make distcheck"
	if ! DIFF_SAMPLE=$sample DIFF_SAMPLE_AT=$((1 % sample)) make -j"$jobs" distcheck DISTCHECK_CONFIGURE_FLAGS=--enable-werror; then
		broken "make distcheck"
		# the failing tests' logs, which distcheck leaves in its tree
		for log in ptxkit-*/_build/sub/test-suite.log; do
			test -f "$log" && { say "failures in $log"; cat "$log"; }
		done
	fi
else
	make dist || broken "make dist"
fi

tarball=$(ls -t ptxkit-*.tar.gz 2>/dev/null | head -n 1)
if test -z "$tarball"; then
	broken "no tarball to build with sanitizers"
	finish
fi
say "$tarball with --enable-sanitizers --enable-debug --disable-computed-goto, in _ci/asan"
rm -rf _ci
mkdir -p _ci/asan && tar -xzf "$tarball" -C _ci || { broken "unpacking $tarball"; finish; }
src=../${tarball%.tar.gz}
if (cd _ci/asan && "$src"/configure --enable-sanitizers --enable-debug --disable-computed-goto &&
    make -j"$jobs"); then
	(cd _ci/asan && DIFF_SAMPLE=$sample DIFF_SAMPLE_AT=$((2 % sample)) make -j"$jobs" check)
	tally _ci/asan
else
	broken "build with --enable-sanitizers --enable-debug"
fi

cudainc=
for i in ${CUDA_HOME:+$CUDA_HOME/include} /usr/local/cuda/include /usr/include; do
	test -f "$i/cuda.h" && { cudainc=$i; break; }
done
if test -z "$cudainc"; then
	say "no cuda.h: the ThreadSanitizer run of the shim is skipped"
	skip=$((skip + 1))
	finish
fi
say "libptx and the shim with --enable-tsan, tests/shim/stress.c under ThreadSanitizer, in _ci/tsan"
mkdir -p _ci/tsan
t=$(pwd)/_ci/tsan
if (cd _ci/tsan && "$src"/configure --enable-tsan >/dev/null &&
    make -j"$jobs" libptx.la cuda/libptxcuda.la) &&
    ${CC:-cc} -std=c11 -g -fsanitize=thread -pthread -I"$cudainc" "_ci/${tarball%.tar.gz}/tests/shim/stress.c" \
    -o "$t/stress" -L"$t/cuda/.libs" -lptxcuda; then
	if LD_LIBRARY_PATH="$t/cuda/.libs:$t/.libs" TSAN_OPTIONS="halt_on_error=1 exitcode=66" \
	    "$t/stress" 8 16; then
		pass=$((pass + 1))
	else
		broken "tests/shim/stress.c under ThreadSanitizer"
	fi
else
	broken "build with --enable-tsan"
fi
finish

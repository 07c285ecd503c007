#!/bin/sh
# run.sh SECONDS [JOBS [TARGET...]] — builds the libFuzzer harnesses with
# clang (-fsanitize=fuzzer,address,undefined) and fuzzes each TARGET for
# SECONDS, one after the other.  Targets: parse (the front end,
# fuzz_parse.c), run (the execution engine, fuzz_run.c), check (fuzz_run.c
# again with every dynamic check on unless an input's launch line says
# otherwise), image (the
# CUDA driver's image loader, fuzz_image.c), args (ptx-run's command
# line, fuzz_args.c), shim (the driver's calls given hostile
# descriptors, fuzz_shim.c, built against the toolkit's cuda.h: skipped
# without one) and drv (the driver's resources: tensor maps, pools,
# allocations, virtual memory, function attributes, the legacy launch's
# parameters, stream memory operations, JIT options; fuzz_drv.c, as shim)
# and cubin (the order oracle's readers of ptxas's cubins and nvdisasm's
# text, fuzz_cubin.c); default all nine.
#
# The library is compiled from $FUZZ_SRCS (make fuzz passes the sources of
# libptxcore.la) or, run by hand, from the .c files of each stage's folder,
# with $FUZZ_CPPFLAGS (make passes the build's) or the source tree's
# folders.  The generated lexer and parser come from the build tree
# (FUZZ_BUILDDIR, default the source tree): run make first.
#
# The image, shim and drv targets also compile the shim's sources ($FUZZ_SHIM_SRCS, by
# hand cuda/shim*.c and cuda/jit_image.c) and links $FUZZ_SHIM_LIBS (by hand -lzstd and -llz4
# when config.h says the build has them).
#
# Seeds: parse starts from tests/parse and the small files of tests/corpus;
# run from tests/fuzz/corpus-run (see the top of fuzz_run.c for the
# launch line its inputs end with), tests/lint and tests/counters; check
# from tests/fuzz/corpus-run, tests/regress, the cases of tests/run (each
# given the launch line of its case by caseseed.sh) and the differential
# tester's kernels, a few seeds of each family with their launches; image
# from tests/fuzz/corpus-image and tests/shim/images (a type byte in
# front of each: see fuzz_image.c); args from tests/fuzz/corpus-args;
# shim from tests/fuzz/corpus-shim; drv from tests/fuzz/corpus-drv; cubin
# from tests/fuzz/corpus-cubin.  Each
# target's working corpus is kept in $FUZZ_BUILD/corpus-TARGET between
# runs.  Crashes, timeouts and leaks are written to tests/fuzz/crashes/;
# turn each into a tests/regress/ case (args: a tests/fuzz/corpus-args
# input).  FUZZ_VALUE_PROFILE=1 adds
# libFuzzer's -use_value_profile (comparisons as coverage).
set -eu
secs=${1:-60}
jobs=${2:-1}
[ $# -ge 2 ] && shift 2 || shift $#
targets=${*:-parse run check image args shim drv cubin}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
bld=${FUZZ_BUILDDIR:-$top}
build=${FUZZ_BUILD:-/tmp/ptxkit-fuzz}
CC=${CC_FUZZ:-clang}
command -v "$CC" >/dev/null || { echo "no clang: skipping"; exit 77; }
# gen FILE: a generated source, from the build tree or (a tarball ships
# them) the source tree
gen() {
	if [ -f "$bld/$1" ]; then echo "$bld/$1"
	elif [ -f "$top/$1" ]; then echo "$top/$1"
	else echo "no $1: run make first" >&2; exit 77
	fi
}
mkdir -p "$build/obj" "$here/crashes"

if [ -n "${FUZZ_SRCS:-}" ]; then
	srcs=
	for f in $FUZZ_SRCS; do
		case $f in
		*.re) srcs="$srcs $(gen "${f%.re}.c")" ;;
		*.y) srcs="$srcs $(gen "${f%.y}.c")" ;;
		*.c) srcs="$srcs $top/$f" ;;
		esac
	done
else
	srcs="$(gen lexer/lex.c) $(gen parser/gram.c)"
	for f in "$top"/parser/*.c "$top"/ir/*.c "$top"/verify/*.c "$top"/interp/*.c "$top"/api/*.c; do
		[ "$f" = "$top/parser/gram.c" ] || srcs="$srcs $f"
	done
fi
cppflags=${FUZZ_CPPFLAGS:-"-I$bld -I$top -I$top/ir -I$top/parser -I$bld/parser -I$top/interp -DHAVE_CONFIG_H"}
# no target_clones: clang (14) names their ifuncs apart from the symbol
# that callers link against, and the fuzzer needs no AVX2 build anyway
cppflags=$(printf '%s\n' "$cppflags" | sed 's/-DINTERP_CLONES//g')
cflags="-std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fno-omit-frame-pointer"
san=address,undefined

# The library once, instrumented for coverage but without libFuzzer's main;
# an object is rebuilt when its source, or any header of the tree, is newer
# (headers are not tracked one by one: the newest of them stands for all).
objs=
hdr=$(ls -t "$top"/*/*.h "$top"/*/*.def "$bld"/parser/gram.h 2>/dev/null | head -1)
# obj SRC: SRC's object, compiled when out of date, its path in $o
obj() {
	o=$build/obj/$(echo "${1#"$top"/}" | tr / _).o
	if [ ! -f "$o" ] || [ "$1" -nt "$o" ] || [ "$hdr" -nt "$o" ]; then
		echo "  CC $1"
		# shellcheck disable=SC2086
		$CC $cflags $cppflags -fsanitize=fuzzer-no-link,$san -c -o "$o" "$1"
	fi
}
for f in $srcs; do
	obj "$f"
	objs="$objs $o"
done

# the shim's objects, for the image and shim targets
shimobjs=
shimlibs=
case " $targets " in
*" image "*|*" shim "*|*" drv "*)
	if [ -n "${FUZZ_SHIM_SRCS:-}" ]; then
		ssrcs=
		# those libptxcore has too (ir/tree.c) are linked once
		for f in $FUZZ_SHIM_SRCS; do
			case " $srcs " in *" $top/$f "*) continue ;; esac
			case $f in *.c) ssrcs="$ssrcs $top/$f" ;; esac
		done
		shimlibs=${FUZZ_SHIM_LIBS:-}
	else
		# jit_image.c too: the loader lowers a stand-in PTX's
		# .version with it
		ssrcs="$(ls "$top"/cuda/shim*.c) $top/cuda/jit_image.c"
		grep -q '^#define HAVE_ZSTD' "$bld/config.h" 2>/dev/null && shimlibs="$shimlibs -lzstd"
		grep -q '^#define HAVE_LZ4' "$bld/config.h" 2>/dev/null && shimlibs="$shimlibs -llz4"
	fi
	for f in $ssrcs; do
		obj "$f"
		shimobjs="$shimobjs $o"
	done ;;
esac

# ptx-run's own files, for the args target (ir/json.c, which run_stats.c
# uses, is among the library's): fuzz_args.c includes
# ptx-run.c and outfile.c, and FUZZ_TOP locates the modules its inputs name
toolobjs=
case " $targets " in
*" args "*)
	for f in run_args.c run_stats.c readall.c number.c; do
		obj "$top/tools/$f"
		toolobjs="$toolobjs $o"
	done ;;
esac

# The dictionary of parse and run: ptx.dict's tokens, and every opcode,
# modifier, type, directive and special register of the tables, so that
# mutations reach the forms the tables name rather than spelling them
# a byte at a time
dict=$build/ptx-full.dict
{
	grep -v '^#' "$here/ptx.dict"
	sed -n 's/^OP([A-Z0-9_]*, *"\([^"]*\)".*/"\1"/p' "$top/ir/ops.def"
	sed -n 's/^MD([A-Z0-9_]*, *"\([^"]*\)".*/".\1"/p' "$top/ir/mods.def"
	sed -n 's/^ *TY([A-Z0-9_]*, *"\([^"]*\)".*/".\1"/p' "$top/ir/types.def"
	grep -o '{"[a-z_]*", K_' "$top/lexer/lex.re" | sed 's/{"\([a-z_]*\)".*/".\1"/'
	sed -n '/^static const struct { const char \*name; int type; } sregs/,/^};/p' "$top/parser/sym.c" |
	    grep -o '"[%A-Z][A-Za-z_0-9]*"'
} | sort -u > "$dict"

# UBSan reports undefined behaviour and goes on, and under -fork a job's
# output is shown only when the job fails: without halting at the first
# report, what the fuzzer found was printed to a log nobody read
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
for t in $targets; do
	corpus=$build/corpus-$t
	mkdir -p "$corpus"
	extra=
	[ "$t" = image ] && extra="$shimobjs $shimlibs"
	[ "$t" = args ] && extra="$toolobjs -I$top -DFUZZ_TOP=\"$top\""
	src=$here/fuzz_$t.c
	# check: the run target built with every check on (PTX_CHECK_ALL)
	[ "$t" = check ] && src=$here/fuzz_run.c extra="-DFUZZ_RUN_CHECK=31"
	if [ "$t" = shim ] || [ "$t" = drv ]; then
		cudainc=
		for i in ${CUDA_HOME:+$CUDA_HOME/include} /usr/local/cuda/include /usr/include; do
			[ -f "$i/cuda.h" ] && { cudainc=$i; break; }
		done
		[ -n "$cudainc" ] || { echo "no cuda.h: skipping fuzz_$t"; continue; }
		extra="-I$cudainc $shimobjs $shimlibs"
	fi
	# shellcheck disable=SC2086
	$CC $cflags $cppflags -fsanitize=fuzzer,$san -o "$build/fuzz_$t" "$src" $extra $objs -ldl -lm -lpthread
	opts=
	case $t in
	parse)
		# seeds: small files (the fuzzer works best on short inputs)
		for f in "$top"/tests/parse/*.ptx "$top"/tests/corpus/ptx/*.ptx; do
			[ -f "$f" ] || continue
			[ "$(wc -c <"$f")" -lt 65536 ] && cp "$f" "$corpus/" || true
		done
		maxlen=65536 ;;
	run)
		# seeds: the launch-line kernels, and the verifier's cases (small
		# kernels that do odd things), run with the default launch
		cp "$here"/corpus-run/* "$corpus/"
		for f in "$top"/tests/lint/*.ptx "$top"/tests/counters/*.ptx; do
			[ -f "$f" ] && [ "$(wc -c <"$f")" -lt 16384 ] && cp "$f" "$corpus/" || true
		done
		maxlen=16384 ;;
	check)
		# seeds: real kernels with the launches they were written for
		cp "$here"/corpus-run/* "$corpus/"
		for f in "$top"/tests/regress/*.ptx; do
			[ "$(wc -c <"$f")" -lt 65536 ] && cp "$f" "$corpus/" || true
		done
		sh "$here/caseseed.sh" "$top/tests/run" "$corpus" 65536
		# the differential tester's kernels: its first line says the
		# launch ("N CTAs of M threads"), which becomes the second; its
		# parameters are the input, the output and the clock buffers
		dt=$bld/tests/diff/difftest
		if [ -x "$dt" ]; then
			for fam in $("$dt" families | awk '$1 != "" {print $1}'); do
				for s in 1 2; do
					f=$corpus/diff-$fam-$s.ptx
					"$dt" gen "$s" "$fam" 2>/dev/null | sed '1{p;s|.*: \([0-9]*\) CTAs of \([0-9]*\) threads.*|//@ grid=\1 block=\2 buf=65536 p=b0,b1,b2|;}' > "$f" || true
					[ "$(wc -c <"$f")" -gt 100 ] || rm -f "$f"
				done
			done
		fi
		maxlen=65536 ;;
	image)
		# seeds: the images as they are, and the fixtures undeclared
		cp "$here"/corpus-image/* "$corpus/"
		rm -f "$corpus/README"
		for f in "$top"/tests/shim/images/*.fatbin "$top"/tests/shim/images/*.cubin; do
			[ -f "$f" ] && { printf '\000'; cat "$f"; } > "$corpus/fixture-$(basename "$f")"
		done
		# each rejected image is reported on stderr: keep it quiet
		opts=-close_fd_mask=2
		maxlen=65536 ;;
	cubin)
		cp "$here"/corpus-cubin/* "$corpus/"
		rm -f "$corpus/README"
		maxlen=65536 ;;
	shim|drv)
		cp "$here"/corpus-$t/* "$corpus/"
		rm -f "$corpus/README"
		# each refused copy is reported on stderr
		opts=-close_fd_mask=2
		maxlen=4096 ;;
	args)
		cp "$here"/corpus-args/* "$corpus/"
		rm -f "$corpus/README"
		# ptx-run reports each refused command line on stderr
		opts=-close_fd_mask=3
		maxlen=1024 ;;
	esac
	echo "=== fuzz_$t for $secs s"
	# -fork keeps fuzzing after a crash (each is saved), so that a long run
	# finds every bug it can rather than stopping at the first.
	# (an absolute artifact prefix: fuzz_args runs each input in a folder of its own)
	(cd "$here/crashes" && "$build/fuzz_$t" -max_total_time="$secs" -fork="$jobs" -ignore_crashes=1 \
		-artifact_prefix="$here/crashes/" \
		-ignore_timeouts=1 -ignore_ooms=1 -max_len=$maxlen -timeout=10 -rss_limit_mb=2048 \
		-use_value_profile="${FUZZ_VALUE_PROFILE:-0}" $opts \
		$(case $t in parse|run|check) echo "-dict=$dict" ;; args) echo "-dict=$here/args.dict" ;; esac) "$corpus") || true
done

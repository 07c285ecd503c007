#!/bin/sh
# run.sh SECONDS [JOBS] — builds the libFuzzer harness with clang and fuzzes
# the front end, seeded from the corpus and the parse tests.  Crashes are
# written to tests/fuzz/crashes/; turn each into a tests/regress/ case.
set -eu
secs=${1:-60}
jobs=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
build=${FUZZ_BUILD:-/tmp/ptxkit-fuzz}
CC=${CC_FUZZ:-clang}
command -v "$CC" >/dev/null || { echo "no clang: skipping"; exit 77; }
command -v re2c >/dev/null && command -v bison >/dev/null || { echo "no re2c/bison"; exit 77; }
mkdir -p "$build" "$here/crashes" "$build/corpus"
re2c -W --no-generation-date -o "$build/lex.c" "$top/lexer/lex.re"
bison -d -o "$build/ptx.c" "$top/parser/ptx.y"
$CC -std=c11 -D_GNU_SOURCE -g -O1 -fsanitize=fuzzer,address,undefined \
	-I"$top/ir" -I"$top/parser" -I"$build" -o "$build/fuzz_parse" \
	"$here/fuzz_parse.c" "$build/lex.c" "$build/ptx.c" "$top/parser/parse.c" \
	"$top"/ir/arena.c "$top"/ir/diag.c "$top"/ir/module.c "$top"/ir/ops.c \
	"$top"/ir/cfg.c "$top"/ir/dom.c "$top"/ir/ssa.c "$top"/ir/check.c \
	"$top"/ir/dump.c "$top"/ir/print.c "$top"/ir/pipeline.c
# seeds: small corpus files (the fuzzer works best on short inputs)
for f in "$top"/tests/parse/*.ptx "$top"/tests/corpus/ptx/*.ptx; do
	[ -f "$f" ] || continue
	[ "$(wc -c <"$f")" -lt 65536 ] && cp "$f" "$build/corpus/" || true
done
cd "$here/crashes"
# -fork keeps fuzzing after a crash (each is saved), so that a long run
# finds every bug it can rather than stopping at the first.
"$build/fuzz_parse" -max_total_time="$secs" -fork="$jobs" -ignore_crashes=1 \
	-max_len=65536 -timeout=10 -rss_limit_mb=2048 -dict="$here/ptx.dict" \
	"$build/corpus"

#!/bin/sh
# The JSON reports copied the module's bytes as they were: a diagnostic
# that quotes an unterminated string (ptxas-lint --format=json and sarif),
# a .file name (ptx-run --check-json and --stats-json).  JSON is UTF-8,
# and its readers refuse the whole file at the first malformed byte.  Each
# such byte is U+FFFD now; well-formed UTF-8 (the euro sign) is kept.
command -v iconv >/dev/null || exit 77
fail=0
bad() { echo "FAIL: $*"; head -c 600 "$1"; fail=1; }
# valid: each output is UTF-8 throughout, has the replacement, keeps the euro
valid() {
	iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1 || bad "$1" "$1: not UTF-8"
	grep -q 'ufffd' "$1" || bad "$1" "$1: no \\ufffd"
}
printf '.version 8.6\n.target sm_90a\n.address_size 64\n.file 1 "k\377\303(\342\202\254.cu"\n' >m.ptx
printf '.visible .entry k()\n{\n\t.reg .b32 %%r<4>;\n\t.shared .align 4 .b32 s[4];\n' >>m.ptx
printf '\t.loc 1 7 1\n\tld.shared.u32 %%r1, [s];\n\tret;\n}\n' >>m.ptx
printf '.version 8.6\n.target sm_90a\n.address_size 64\n.visible .entry k()\n{\n\t"\377\001\n\tret;\n}\n' >bad.ptx
for fmt in json sarif; do
	"$PTX_LINT" --format=$fmt bad.ptx >lint.$fmt 2>err
	[ $? -eq 1 ] || bad err "ptxas-lint --format=$fmt: exit not 1"
	valid lint.$fmt
done
"$PTX_RUN" -b 32 --check initcheck --check-json check.json --stats-json stats.json m.ptx >out 2>err
[ $? -eq 4 ] || bad err "ptx-run: exit not 4"
for f in check.json stats.json; do
	valid $f
	grep -q "$(printf '\342\202\254')" $f || bad $f "$f: the euro sign is lost"
done
exit $fail

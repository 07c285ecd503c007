#!/bin/sh
# ptxas-lint --format=sarif wrote a file's name as its artifactLocation.uri
# as it was, where SARIF wants a URI reference (RFC 3986): a file named
# "a b#1%?.ptx" read as "a b" with a fragment.  Every byte but the
# unreserved ones and '/' is percent-encoded now.
printf '.version 8.6\n.target sm_90a\n.address_size 64\n.visible .entry k()\n{\n\tfoo;\n\tret;\n}\n' >'a b#1%?.ptx' ||
	exit 77
"$PTX_LINT" --format=sarif 'a b#1%?.ptx' >out.sarif 2>err
rc=$?
[ $rc -eq 1 ] || { echo "FAIL: exit $rc"; cat err; exit 1; }
grep -q '"uri": "a%20b%231%25%3F.ptx"' out.sarif || { echo "FAIL: uri"; grep uri out.sarif; exit 1; }
exit 0

"""tally.py -- the checks of the client scripts that clients.test runs: a
PASS or FAIL line each, then "N passed, M failed" and the exit status
(1 after a failure); or a skip (77) where the client is missing."""
import sys

passed = failed = 0


def check(name, ok):
    """one check: its line, counted"""
    global passed, failed
    print("%s: %s" % ("PASS" if ok else "FAIL", name))
    passed += bool(ok)
    failed += not ok


def done():
    """the count; exits 1 after a failure, else 0"""
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


def skip(client, why):
    """the client cannot be imported or used here: exit 77"""
    print("SKIP: %s: %s" % (client, why))
    sys.exit(77)

#!/usr/bin/env python3
"""tests/diff/survey.py -- what the generator draws, against ir/ops.def.

  python3 tests/diff/survey.py [-g V] [-n N] [-f FORMS] [-d DUMP] [BUILDDIR]

Generates seeds 1..N (default 150) of every family of generator version V
(default the newest) with BUILDDIR's difftest (default .), each family
named, and parses every instruction: its opcode is the longest ops.def
row name that is a whole-word prefix of its dot chain, the rest are its
words.  Prints each row no instruction has ("never"), and each type or
modifier word of a row that none of its instructions carries.

-f FORMS: a file of dotted forms, one a line (say, every combination
ptxas accepts of some rows' words); prints those whose set of words no
generated instruction has (so that an order of the same words counts as
drawn).  -d DUMP: writes every distinct dotted form drawn, with counts.
"""
import argparse
import collections
import os
import re
import subprocess
import sys


def rows(path):
    text = re.sub(r'/\*.*?\*/', '', open(path).read(), flags=re.S)
    pat = (r'OP\(\s*(\w+)\s*,\s*"([^"]*)"\s*,\s*"[^"]*"\s*,\s*([^,]*),\s*\d+\s*,\s*\d+\s*,'
           r'\s*((?:"[^"]*"\s*)+),\s*((?:"[^"]*"\s*)+),')
    for m in re.finditer(pat, text):
        words = lambda g: ' '.join(re.findall(r'"([^"]*)"', g)).split()
        yield m.group(2), m.group(3).strip(), words(m.group(4)), words(m.group(5))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('-g', type=int, default=0)
    ap.add_argument('-n', type=int, default=150)
    ap.add_argument('-f')
    ap.add_argument('-d')
    ap.add_argument('builddir', nargs='?', default='.')
    a = ap.parse_args()
    top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    dt = os.path.join(a.builddir, 'tests', 'diff', 'difftest')
    ver = ['--gen-version', str(a.g)] if a.g else []
    fams = subprocess.run([dt] + ver + ['families'], capture_output=True, text=True, check=True).stdout
    table = list(rows(os.path.join(top, 'ir', 'ops.def')))
    names = sorted((r[0] for r in table), key=len, reverse=True)
    seen = collections.defaultdict(collections.Counter)
    forms = collections.Counter()
    which = {}
    for fam in (l.split()[0] for l in fams.splitlines() if l.strip()):
        out = subprocess.run([dt] + ver + ['module', '1', str(a.n + 1), fam], capture_output=True, text=True,
                             check=True).stdout
        for line in out.splitlines():
            s = line.strip()
            if not s or s.startswith(('//', '.', '{', '}')) or s.endswith(':'):
                continue
            op = re.sub(r'^@!?%p\d+\s+', '', s).split()[0].rstrip(';')
            forms[op] += 1
    for op, n in forms.items():
        w = op.split('.')
        nm = next((x for x in names if w[:len(x.split('.'))] == x.split('.')), None)
        if nm is None:
            continue
        which[op] = nm
        seen[nm][''] += n
        for x in w[len(nm.split('.')):]:
            seen[nm][x] += n
    for name, flags, types, mods in table:
        c = seen.get(name)
        if not c:
            print(f'never {name} [{flags}]')
            continue
        miss = [x for x in types + mods if not x.startswith('{') and not c[x]]
        if miss:
            print(f'{name} ({c[""]}): not drawn: {" ".join(miss)}')
    if a.f:
        drawn = {frozenset(op.split('.')) for op in forms}
        for line in open(a.f):
            f = line.strip()
            if f and frozenset(f.split('.')) not in drawn:
                print(f'form not drawn: {f}')
    if a.d:
        with open(a.d, 'w') as o:
            for op, n in sorted(forms.items()):
                o.write(f'{n}\t{op}\n')


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
# tests/forms/formfuzz.py -- random one-instruction kernels, judged by ptxas
# and by ptx-as, which must agree on every one.
#
# Each kernel holds one instruction built from a row of ir/ops.def: the row's
# opcode with a random choice of its modifiers (a class such as {MC_CMP}
# stands for its members) and of its types, and operands of the kinds its
# shape lists (registers of the first type's width, literals, addresses,
# predicates), the optional ones sometimes left out.  Most of the forms are
# wrong in some way, which is the point: ptx-as must refuse exactly those
# that ptxas refuses.  ptxas -arch=ARCH judges each kernel; ptx-as -arch=ARCH
# must give the same verdict (exit 0 or 1; anything else is a crash).
#
# Usage: formfuzz.py [--seed S] [--count N] [--keep DIR] [--srcdir D]
#                    [--ptx-as P] [--ptxas P] [--arch A] [--jobs J]
# Prints one line per disagreement (PTXAS-ONLY: ptxas accepts, ptx-as
# refuses; OURS-ONLY: the reverse, with ptxas's message) and a summary.
# Exit 0 all agree, 1 a disagreement or a crash of ptx-as, 77 no ptxas,
# 99 harness error.  `make check-forms [FORMS_SEED=S] [FORMS_N=N]`.
import argparse
import concurrent.futures
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROW = re.compile(r'OP\(\s*(\w+),\s*"([^"]+)",\s*"([^"]*)",\s*([^,]+),\s*(\d+),\s*(\d+),\s*'
                 r'((?:"[^"]*"\s*)+),\s*((?:"[^"]*"\s*)+),\s*(\w+)\)')

# the members a modifier class of ops.def stands for
CLASSES = {
    'MC_CMP': 'eq ne lt le gt ge lo ls hi hs equ neu ltu leu gtu geu num nan'.split(),
    'MC_BOOL': ['and', 'or', 'xor'],
    'MC_SPACE': ['global', 'shared', 'local', 'const', 'param', 'shared::cta', 'shared::cluster'],
    'MC_SCOPE': ['cta', 'gpu', 'sys', 'cluster'],
    'MC_SEM': ['relaxed', 'acquire', 'release', 'acq_rel', 'sc', 'weak', 'volatile'],
    'MC_CACHE': ['ca', 'cg', 'cs', 'lu', 'cv', 'wb', 'wt'],
    'XN': ['x1', 'x2', 'x4'],
    'MC_VEC': ['v2', 'v4', 'v8'],
}

WIDTH = {'pred': 1, 'b128': 128}
for _t in 'u8 s8 b8 u16 s16 b16 f16 bf16 e4m3x2 e5m2x2'.split():
    WIDTH[_t] = 16
for _t in 'u32 s32 b32 f32 f16x2 bf16x2 u16x2 s16x2 u8x4 s8x4 tf32 e4m3x4 e5m2x4'.split():
    WIDTH[_t] = 32
for _t in 'u64 s64 b64 f64 f32x2'.split():
    WIDTH[_t] = 64

KERNEL = """.version 9.0
.target {arch}
.address_size 64
.global .align 16 .b8 gv[64];
.shared .align 16 .b8 sv[64];
.visible .entry k(.param .u64 a)
{{
\t.reg .pred %p<8>;
\t.reg .b16 %h<12>;
\t.reg .b32 %r<12>;
\t.reg .b64 %rd<12>;
\t.reg .b128 %q<12>;
\tld.param.u64 %rd9, [a];
\tsetp.ne.u64 %p3, %rd9, 0;
\t{ins}
\tret;
}}
"""


def words(field):
    return ' '.join(re.findall(r'"([^"]*)"', field)).split()


def rows(opsdef):
    with open(opsdef) as f:
        text = f.read()
    out = []
    for ident, name, shape, _flags, _isa, _sm, types, mods, _vr in ROW.findall(text):
        specs = shape.split(',')
        # forms whose operands this generator cannot write: labels, symbols,
        # vectors, anything, and the variadic call
        if shape in ('', '*') or any(s.rstrip('?') in ('x', 'l', 's', 'v', '*') for s in specs):
            continue
        out.append((ident, name, specs, words(types), words(mods)))
    return out


def reg(width, i):
    return {1: '%p', 16: '%h', 32: '%r', 64: '%rd', 128: '%q'}[width] + str(i)


def literal(rng, ty):
    if ty.startswith('f') or ty in ('bf16', 'tf32'):
        return rng.choice(['1.0', '0f3F800000', '0d3FF0000000000000', '2'])
    return rng.choice(['1', '7', '-3', '0x10'])


def form(rng, row):
    """One instruction of the row, as text."""
    ident, name, specs, types, mods = row
    pool = []
    for m in mods:
        c = re.fullmatch(r'\{(\w+)\}', m)
        pool += CLASSES.get(c.group(1), []) if c else [m]
    chosen = rng.sample(pool, min(len(pool), rng.choice([0, 1, 1, 2, 2, 3]))) if pool else []
    tys = [rng.choice(types) for _ in range(rng.choice([1, 1, 1, 2]))] if types else []
    width = WIDTH.get(tys[0], 32) if tys else 32
    last = WIDTH.get(tys[-1], 32) if tys else 32
    ops, n = [], 1
    for spec in specs:
        if spec.endswith('?') and rng.random() < 0.5:
            break       # the optionals come last: leave out this one and the rest
        spec = spec.rstrip('?')
        if spec in ('d', 'D'):
            if spec == 'D' and rng.random() < 0.3:
                ops.append('%p1|%p2')
            else:
                ops.append(reg(1 if ident == 'SETP' else width, n))
                n += 1
        elif spec == 'r':
            ops.append(literal(rng, tys[-1] if tys else 'u32') if rng.random() < 0.25 else reg(last, n))
            n += 1
        elif spec == 'R':
            ops.append(reg(last, n))
            n += 1
        elif spec == 'i':
            ops.append(rng.choice(['1', '0', '4', '16']))
        elif spec == 'p':
            ops.append(rng.choice(['%p3', '!%p3']))
        elif spec == 'm':
            ops.append(rng.choice(['[%rd9]', '[%rd9+8]', '[sv]', '[gv+4]']))
    ins = '.'.join([name] + chosen + tys) + (' ' + ', '.join(ops) if ops else '') + ';'
    return rng.choice(['', '', '', '@%p3 ']) + ins


def first_line(text):
    lines = [l for l in text.strip().split('\n') if l]
    return lines[0][:200] if lines else ''


def main():
    ap = argparse.ArgumentParser(description='compare the verdicts of ptxas and ptx-as on random instruction forms')
    ap.add_argument('--seed', type=int, default=1, help='random seed (default 1)')
    ap.add_argument('--count', type=int, default=500, help='forms to try (default 500)')
    ap.add_argument('--keep', metavar='DIR', help='keep the kernels of the disagreements in DIR')
    ap.add_argument('--srcdir', default=os.environ.get('srcdir', '.'), help='source tree, for ir/ops.def (default $srcdir or .)')
    ap.add_argument('--ptx-as', default='./ptx-as', help='ptx-as to judge (default ./ptx-as, of the build tree)')
    ap.add_argument('--ptxas', default=os.environ.get('PTXAS'), help='ptxas (default $PTXAS, PATH, /usr/local/cuda/bin)')
    ap.add_argument('--arch', default='sm_90a', help='target of the kernels and -arch of both (default sm_90a)')
    ap.add_argument('--jobs', type=int, default=2, help='kernels judged at once (default 2)')
    a = ap.parse_args()

    ptxas = a.ptxas or shutil.which('ptxas') or '/usr/local/cuda/bin/ptxas'
    if not os.access(ptxas, os.X_OK):
        print('formfuzz: no ptxas found (set PTXAS): skipped', file=sys.stderr)
        return 77
    if not os.access(a.ptx_as, os.X_OK):
        print(f'formfuzz: no ptx-as at {a.ptx_as}', file=sys.stderr)
        return 99
    opsdef = os.path.join(a.srcdir, 'ir', 'ops.def')
    try:
        table = rows(opsdef)
    except OSError as e:
        print(f'formfuzz: {e}', file=sys.stderr)
        return 99
    if not table:
        print(f'formfuzz: no rows read from {opsdef}', file=sys.stderr)
        return 99

    rng = random.Random(a.seed)
    forms = [form(rng, rng.choice(table)) for _ in range(a.count)]
    work = tempfile.mkdtemp(prefix='formfuzz.')
    if a.keep:
        os.makedirs(a.keep, exist_ok=True)

    def judge(k):
        path = os.path.join(work, f'f{a.seed}_{k}.ptx')
        with open(path, 'w') as f:
            f.write(KERNEL.format(arch=a.arch, ins=forms[k]))
        theirs = subprocess.run([ptxas, '-arch=' + a.arch, path, '-o', os.devnull], capture_output=True, text=True)
        ours = subprocess.run([a.ptx_as, '-arch=' + a.arch, path, '-o', os.devnull], capture_output=True, text=True)
        return k, path, theirs, ours

    agree = bad = 0
    try:
        with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
            for k, path, theirs, ours in pool.map(judge, range(len(forms))):
                ins = forms[k]
                if ours.returncode not in (0, 1):
                    print(f'CRASH ptx-as exit {ours.returncode}: {ins} | {first_line(ours.stderr)}')
                    bad += 1
                elif (theirs.returncode == 0) == (ours.returncode == 0):
                    agree += 1
                    continue
                elif theirs.returncode == 0:
                    print(f'PTXAS-ONLY {ins} | {first_line(ours.stderr)}')
                    bad += 1
                else:
                    print(f'OURS-ONLY {ins} | {first_line(theirs.stderr)}')
                    bad += 1
                if a.keep:
                    shutil.copy(path, a.keep)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f'formfuzz: seed {a.seed}: {agree} of {len(forms)} forms agree', file=sys.stderr)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())

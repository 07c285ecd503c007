#!/usr/bin/env python3
# tests/diff/nanorder.py -- how well the loader predicts the SASS operand
# slot ptxas gives each operand of an f64 add, sub, mul, fma, min and max.
#
#   python3 tests/diff/nanorder.py [-j N] [-v] [-g V] FROM TO [BUILDDIR]
#   python3 tests/diff/nanorder.py [-j N] [-v] [-g V] -s FILE [BUILDDIR]
#   python3 tests/diff/nanorder.py [-j N] -t RECORDS [BUILDDIR]
#   -f (with either form): feature lines instead, see below
#   -t: for each "VERSION SEED FAMILY" line of RECORDS (a record's first
#   three words), the kernel difftest replay loads, compiled with the other
#   records of its version and family (40 a module, 8 for flowx), and one
#   line "HASH LINE WIN" per f64 instruction whose slot it resolves: the
#   table api/nanorder.c reads from PTXKIT_NANORDER_TABLE (HASH the FNV-1a
#   of the kernel's text, LINE its line there, WIN a or b)
#   -g V: generator version V's kernels (default the newest); the seeds
#   of xfail.txt's "seed N" lines are version 1's
#   -F FAMILY: every seed's kernel of that family (difftest families)
#
# For seeds FROM..TO-1 (or those of FILE, one "N" or "seed N" a line, as
# tests/diff/xfail.txt lists them) of the differential tester: the kernel's PTX
# (difftest gen) is compiled by ptxas with a `.loc` before every
# instruction, so that nvdisasm -g names the PTX line of each SASS
# instruction (the .loc lines change nothing else in the SASS).  For each
# f64 instruction the interpreter decodes (tests/diff/nanorder), the SASS
# instruction of its line (DADD, DMUL, DFMA, or the DSETP.MIN/MAX that a
# min or max becomes) is found, and each of its source registers is traced
# back, through register moves, to the PTX lines that computed it; the PTX
# operands are traced back the same way through movs, negs and abss (which
# ptxas folds).  Where that identifies which PTX operand sits in the SASS
# slot whose NaN wins (the second: nanres in interp/alu_float.c; for a
# DSETP.MIN/MAX the second too, whose high word the result keeps), it is
# compared with the loader's choice; where both slots read one SASS
# register (ptxas found the two operands to be one value) the order
# cannot matter and the instruction counts as "same".  Where one of the
# two is an immediate that is not a NaN, two NaN operands cannot meet
# there, so the order cannot matter either: "imm", not compared.  Prints one line
# per wrong or unresolved instruction (-v: per instruction), then the
# totals.  With -f,
# each instruction whose two register operands it resolves prints one
# tab-separated feature line instead: seed, line (counted from the
# kernel's .entry line, plus 6), status, loader's choice, SASS truth, the
# PTX opcodes that computed a and b (through movs, negs and abss), their
# PTX lines (counted as the instruction's), the SASS indices of the
# instructions that last wrote the register in the winning and in the
# other slot (a CALL counts as the writer of every register), and the
# SASS instruction.  Needs
# ptxas and nvdisasm: PTXKIT_PTXAS and PTXKIT_NVDISASM, else the PATH, else
# /usr/local/cuda/bin (tests/diff/sassline.py).
import os, re, subprocess, sys, tempfile, shutil
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sassline  # noqa: E402  (beside this file)
from sassline import with_locs  # noqa: E402

PTXAS = NVDISASM = None   # main() finds them

REGTOK = re.compile(r'^[-|!]*(R\d+|RZ)')

CLOBBERS = os.environ.get('NANORDER_CALLS') != 'old'   # the calls' rule, see sass_origin

def parse_sass(text):
    """Each kernel's own code (up to its subroutines) as [line, op, operands, guarded];
    the subroutines (the slow paths of div, rcp, sqrt) in SUBS, by label."""
    kern, subs = {}, {}
    for sect, label, line, guarded, op, ops in sassline.read(text):
        if label is not None:
            ins = subs.setdefault(label, [])
        else:
            m = re.fullmatch(r'\.text\.k(\d+)', sect or '')
            if not m:
                continue   # a callee's section (flowx's .func k1_f0)
            ins = kern.setdefault(int(m.group(1)), [])
        ins.append([line, op, ops, guarded])
    return kern, subs

def reg(o):
    m = REGTOK.match(o.replace('.reuse', ''))
    return m.group(1) if m else None

MOVS = ('MOV', 'IMAD.MOV.U32', 'IMAD.MOV')
NOWRITE = ('ST', 'STG', 'STS', 'STL', 'RED', 'BRA', 'BSSY', 'BSYNC', 'EXIT', 'BAR', 'WARPSYNC', 'NOP')

def written(op, ops):
    """The registers a SASS instruction other than a CALL writes, as a
    range (empty for none): its first operand, 2 or 4 wide for .64, the
    D ops and .128."""
    base = op.split('.')[0]
    if base in NOWRITE or base.startswith('ST') or not ops:
        return range(0)
    d = reg(ops[0])
    if d is None or d == 'RZ':
        return range(0)
    width = 4 if '.128' in op else 2 if re.search(r'\.64|^D(ADD|MUL|FMA)', op) else 1
    return range(int(d[1:]), int(d[1:]) + width)

def clobbers(subs, name, seen=()):
    """The registers subroutine name writes (through its own calls too),
    None when its code is not in the listing."""
    if name not in subs or name in seen:
        return None
    out = set()
    for ln, op, ops, guarded in subs[name]:
        if op.startswith('CALL'):
            c = clobbers(subs, target(ops), seen + (name,))
            if c is None:
                return None
            out |= c
            continue
        out |= set(written(op, ops))
    return out

def target(ops):
    m = re.search(r'\((\$[^)]*)\)', ' '.join(ops))
    return m.group(1) if m else None

def sass_origin(ins, i, r, depth=0, subs=None):
    """PTX lines whose values reach register r read by ins[i]."""
    lines = set()
    call = None
    if r is None or r == 'RZ' or depth > 12:
        return lines
    for j in range(i - 1, -1, -1):
        ln, op, ops, guarded = ins[j]
        if op.startswith('CALL') and subs is not None and call is None:
            # a subroutine of the listing: it wrote r if its code writes r
            # (a value live across it is in a register it leaves alone)
            c = clobbers(subs, target(ops))
            if c is not None:
                if int(r[1:]) in c:
                    lines.add(ln)
                    return lines
                continue
        if op.startswith('CALL'):
            # a subroutine (the slow path of a div, rcp or sqrt) returns
            # in the registers its arguments came in: it wrote r if the
            # value r held before it was one set up for it
            call = call or ln
            continue
        if int(r[1:]) not in written(op, ops):
            continue
        if call is not None and ln == call:
            lines.add(call)
            return lines
        lines.add(ln)
        if op in MOVS:
            src = ops[-1]
            s = reg(src)
            if s:
                lines |= sass_origin(ins, j, s, depth + 1, subs)
        if not guarded:
            return lines
    if call is not None:
        lines.add(call)
    return lines

PTXINS = re.compile(r'^\s*(@!?%p\d+\s+)?([a-z][a-z0-9_.]*)\s+(.*?);')

def ptx_lines(ptx):
    return ptx.split('\n')

def ptx_origin(lines, L, opnd, depth=0):
    """PTX lines that computed opnd as read at line L (looking through
    mov, neg.f64 and abs.f64, which ptxas folds or copies)."""
    out = set()
    if not opnd.startswith('%') or depth > 12:
        return out
    for j in range(L - 1, 0, -1):
        m = PTXINS.match(lines[j - 1])
        if not m:
            continue
        ops = [o.strip() for o in m.group(3).split(',')]
        dsts = re.findall(r'%\w+', ops[0]) if ops else []
        if opnd not in dsts:
            continue
        out.add(j)
        op = m.group(2)
        if (op.startswith('mov.') or op in ('neg.f64', 'abs.f64')) and len(ops) == 2 and ops[1].startswith('%rd'):
            out |= ptx_origin(lines, j, ops[1], depth + 1)
        if not m.group(1):
            return out
    return out

def slots(op, ops):
    """(winning, other) source operands of a SASS f64 instruction."""
    if op.startswith('DFMA'):
        return ops[2], ops[1]
    if op.startswith('DSETP'):
        return ops[3], ops[2]
    return ops[2], ops[1]

def last_write(ins, i, r):
    """Index of the SASS instruction before ins[i] that last wrote r (a
    CALL counts as writing every register), -1 if none."""
    rn = int(r[1:])
    for j in range(i - 1, -1, -1):
        ln, op, ops, guarded = ins[j]
        if op.startswith('CALL'):
            return j
        if rn in written(op, ops):
            return j
    return -1

def ptx_op(lines, L):
    m = PTXINS.match(lines[L - 1]) if L > 0 else None
    return m.group(2) if m else '-'

def is_const(o):
    return reg(o) in (None, 'RZ')

def nanimm(o):
    """Is PTX operand o an f64 immediate whose value is a NaN?"""
    m = re.match(r'0[dD]([0-9a-fA-F]{16})$', o)
    return m is not None and (int(m.group(1), 16) >> 52) & 0x7FF == 0x7FF and int(m.group(1), 16) & (2**52 - 1) != 0

def fnv(b):
    h = 0xcbf29ce484222325
    for c in b:
        h = ((h ^ c) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h

def gen(builddir, ver, seed, fam):
    return subprocess.run([os.path.join(builddir, 'tests/diff/difftest'), '--gen-version', str(ver), 'gen',
                           str(seed), fam], capture_output=True, text=True).stdout

def records_module(builddir, recs):
    """The kernels of records recs ((version, seed, family), one version
    and family) as one module, and a function from its lines to (the hash
    of the record's own text, its line there), None outside a body."""
    texts = [gen(builddir, v, s, f) for v, s, f in recs]
    out, chunks = [], []
    for r, t in zip(recs, texts):
        ls = t.split('\n')
        body = next((i for i, l in enumerate(ls) if l.startswith('.address_size')), None)
        if body is None:
            sys.stderr.write('nanorder.py: no kernel for v%d seed %d %s\n' % r)
            continue
        body += 1
        if not out:
            out = ls[:body]
        chunks.append((len(out) + 1, len(out) + len(ls) - body, len(out) - body, '%016x' % fnv(t.encode())))
        out += ls[body:]
    if any('\n.target sm_90a\n' in t for t in texts):
        out = [l.replace('.target sm_90', '.target sm_90a') if l == '.target sm_90' else l for l in out]
    def where(L):
        for a, b, off, key in chunks:
            if a <= L <= b:
                return key, L - off
        return None
    return '\n'.join(out), where

def analyse(batch, builddir, tmp, feat=False, ver=None, fam=None, recs=None):
    lo, hi = batch
    gv = ['--gen-version', str(ver)] if ver else []
    table = recs is not None
    if table:
        ptx, where = records_module(builddir, recs)
    else:
        ptx = subprocess.run([os.path.join(builddir, 'tests/diff/difftest')] + gv +
                             ['module', str(lo), str(hi)] + ([fam] if fam else []),
                             capture_output=True, text=True).stdout
    tag = '%d-%s-%s' % (lo, recs[0][0] if recs else ver, recs[0][2] if recs else fam)
    k = os.path.join(tmp, 'k%s.ptx' % tag)
    kl = os.path.join(tmp, 'kl%s.ptx' % tag)
    cub = os.path.join(tmp, 'k%s.cubin' % tag)
    open(k, 'w').write(ptx)
    open(kl, 'w').write(with_locs(ptx))
    res = []
    arch = 'sm_90a' if '\n.target sm_90a' in ptx else 'sm_90'   # the wgmma and later families'
    r = subprocess.run([PTXAS, '-arch', arch, '-lineinfo', kl, '-o', cub], capture_output=True, text=True)
    if r.returncode:
        return [(lo, 0, 'ptxas', '-', '-', 'ptxas-failed')]
    kern, subs = parse_sass(subprocess.run([NVDISASM, '-c', '-g', cub], capture_output=True, text=True).stdout)
    if not CLOBBERS:
        subs = None
    pred = subprocess.run([os.path.join(builddir, 'tests/diff/nanorder'), k], capture_output=True, text=True,
                          env={e: v for e, v in os.environ.items() if not e.startswith('PTXKIT_NANORDER')}).stdout
    lines = ptx.split('\n')
    first = {}    # the line each kernel starts at
    for i, l in enumerate(lines, 1):
        m = re.match(r'\.visible \.entry k(\d+)\(', l)
        if m:
            first[i] = int(m.group(1))
    starts = sorted(first)
    for p in pred.split('\n'):
        f = p.split()
        if len(f) != 4 or f[0] == '#':
            continue
        L, opname, win, mul = int(f[0]), f[1], f[2], int(f[3])
        if not starts or L < starts[0]:
            continue   # in a .func before the first kernel
        seed = first[max(x for x in starts if x <= L)]
        sass = kern.get(seed, [])
        text = lines[L - 1].strip()
        src = lines[mul - 1] if mul else lines[L - 1]
        m = PTXINS.match(src)
        ops = [o.strip() for o in m.group(3).split(',')]
        a, b = ops[1], ops[2]
        if a == b:
            continue
        if (not a.startswith('%') and not nanimm(a)) or (not b.startswith('%') and not nanimm(b)):
            if not feat:
                res.append((first[max(x for x in starts if x <= L)], L - max(x for x in starts if x <= L) + 6,
                            text, win, '-', 'imm'))
            continue
        want = ('DSETP',) if opname in ('min', 'max') else ('DFMA',) if (mul or opname in ('fma', 'mad')) else \
            ('DMUL',) if opname == 'mul' else ('DADD',)
        cand = [i for i, s in enumerate(sass) if s[0] in (L, mul) and s[1].startswith(want) and
                (not s[1].startswith('DSETP') or '.MIN' in s[1] or '.MAX' in s[1])]
        if len(cand) != 1:
            fusedby = [s[1] for s in sass if s[0] == L and s[1][0] == 'D']
            res.append((seed, L, text, win, '?', 'nosass:%d:%s' % (len(cand), '/'.join(fusedby))))
            continue
        i = cand[0]
        w, o = slots(sass[i][1], sass[i][2])
        oa, ob = ptx_origin(lines, mul or L, a), ptx_origin(lines, mul or L, b)
        ka, kb = not a.startswith('%'), not b.startswith('%')
        truth = '?'
        if is_const(w) and not is_const(o):
            truth = 'a' if ka else 'b' if kb else 'p'   # p: a param or other constant bank value
        elif not is_const(w) and is_const(o):
            truth = 'b' if ka else 'a' if kb else 'p'
        elif reg(w) == reg(o):
            truth = '='   # one register in both slots: the order cannot show
        elif not is_const(w) and not is_const(o):
            sw, so = sass_origin(sass, i, reg(w), subs=subs), sass_origin(sass, i, reg(o), subs=subs)
            hitw = (bool(sw & oa), bool(sw & ob))
            hito = (bool(so & oa), bool(so & ob))
            if hitw == (True, False) and hito[0] is False:
                truth = 'a'
            elif hitw == (False, True) and hito[1] is False:
                truth = 'b'
            elif hito == (True, False):
                truth = 'b'
            elif hito == (False, True):
                truth = 'a'
        st = 'ok' if truth == win else 'same' if truth == '=' else 'unresolved' if truth in '?p' else 'WRONG'
        rel = L - [x for x in starts if x <= L][-1] + 6
        if table:
            if truth in 'ab' and where(L):
                res.append('%s %d %s' % (where(L) + (truth,)))
            continue
        if feat:
            if truth in 'ab' and not is_const(w) and not is_const(o):
                la, lb = max(oa, default=0), max(ob, default=0)
                res.append('\t'.join(str(x) for x in (
                    seed, rel, st, win, truth, ptx_op(lines, la), ptx_op(lines, lb), la and la - L + rel,
                    lb and lb - L + rel,
                    last_write(sass, i, reg(w)), last_write(sass, i, reg(o)),
                    sass[i][1] + ' ' + ', '.join(sass[i][2]))))
            continue
        res.append((seed, rel, text, win, truth, st))
    return res

def main():
    global PTXAS, NVDISASM
    PTXAS, NVDISASM = sassline.tool('ptxas', 'PTXKIT_PTXAS'), sassline.tool('nvdisasm', 'PTXKIT_NVDISASM')
    if not PTXAS or not NVDISASM:
        sys.exit('nanorder.py: needs ptxas and nvdisasm (PATH, or PTXKIT_PTXAS and PTXKIT_NVDISASM)')
    args = sys.argv[1:]
    jobs, verbose, seeds, feat, ver, fam, recs = 2, False, None, False, None, None, None
    while args and args[0].startswith('-'):
        if args[0] == '-j':
            jobs = int(args[1]); args = args[2:]
        elif args[0] == '-v':
            verbose = True; args = args[1:]
        elif args[0] == '-g':
            ver = int(args[1]); args = args[2:]
        elif args[0] == '-F':
            fam = args[1]; args = args[2:]
        elif args[0] == '-f':
            feat = True; args = args[1:]
        elif args[0] == '-t':
            recs = [(int(l.split()[0]), int(l.split()[1]), l.split()[2]) for l in open(args[1])
                    if len(l.split()) >= 3]
            feat = True; args = args[2:]
        elif args[0] == '-s':
            seeds = sorted({int(m.group(1)) for m in
                            (re.match(r'\s*(?:seed\s+)?(\d+)\b', l) for l in open(args[1])) if m})
            args = args[2:]
        else:
            sys.exit('usage: nanorder.py [-j N] [-v] [-f] [-g V] [-F FAMILY] {FROM TO | -s FILE} [BUILDDIR]')
    if recs is not None:
        groups = {}
        for r in recs:
            g = groups.setdefault((r[0], r[2]), [[]])
            if len(g[-1]) == (8 if r[2] == 'flowx' else 40) or any(x[1] == r[1] for x in g[-1]):
                g.append([])
            g[-1].append(r)
        batches = [(b[0][1], b[0][1] + 1, b) for g in groups.values() for b in g]
        lo, hi = 0, 1
        builddir = args[0] if args else '.'
    elif seeds is not None:
        batches = [(x, x + 1) for x in seeds]
        lo, hi = (seeds[0], seeds[-1] + 1) if seeds else (0, 0)
        builddir = args[0] if args else '.'
    else:
        lo, hi = int(args[0]), int(args[1])
        batches = [(x, min(x + 50, hi)) for x in range(lo, hi, 50)]
        builddir = args[2] if len(args) > 2 else '.'
    tmp = tempfile.mkdtemp(prefix='nanorder')
    count = {}
    try:
        with ThreadPoolExecutor(jobs) as ex:
            for res in ex.map(lambda b: analyse(b[:2], builddir, tmp, feat, recs=b[2]) if len(b) == 3 else
                              analyse(b, builddir, tmp, feat, ver, fam), batches):
                if feat:
                    for r in res:
                        if isinstance(r, str):   # not a failed compile or unmatched line
                            print(r)
                    sys.stdout.flush()
                    continue
                for seed, L, text, win, truth, st in res:
                    count[st.split(':')[0]] = count.get(st.split(':')[0], 0) + 1
                    if verbose or st not in ('ok', 'imm'):
                        print('%d %d %s %s %s  %s' % (seed, L, st, win, truth, text))
                sys.stdout.flush()
    finally:
        shutil.rmtree(tmp)
    if feat:
        return
    print('# seeds %d..%d: %s' % (lo, hi - 1, ' '.join('%s %d' % kv for kv in sorted(count.items()))))

main()

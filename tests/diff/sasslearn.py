#!/usr/bin/env python3
# tests/diff/sasslearn.py -- learns api/sass.c's table of sm_90 opcodes
# from listings of `nvdisasm -c -hex` (each instruction's text next to its
# two 64-bit words), as api/nanorder.c reads the text.
#
#   python3 tests/diff/sasslearn.py FILE.sass...   > rows (the table's lines)
#
# For each opcode (the low 12 bits of the first word) it finds the rule
# that gives, for every instruction of the listings, what nanorder.c
# takes from the text: the register written (the first operand where it
# names one and the mnemonic is no store, branch or barrier: Rd, bits
# 16-23; Ra for RET and BRX; Rb for NANOSLEEP; none where the first
# operand is a predicate or a uniform register; Rd unless a bit says the
# text puts a predicate first, or a mnemonic in lower case, "VIADD.16x2",
# which the text reader cuts at the x), how many registers from there
# (1, 2, 4, or by a load's or ATOMS's size field), a move's source field,
# the second slot of an f64 add, mul, fma or min/max.  An opcode no rule
# explains is reported on stderr and left out (api/sass.c then refuses
# it: its function gives no answers).  The listings: compile modules
# (difftest module, tests/corpus) with ptxas -arch=sm_90 or sm_90a and
# run nvdisasm -c -hex on the cubins.
import collections
import re
import sys

INS = re.compile(r'^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;\s*/\* (0x[0-9a-f]{16}) \*/\s*$')
HI = re.compile(r'^\s*/\* (0x[0-9a-f]{16}) \*/\s*$')
NOWRITE = ("RED", "BRA", "BSSY", "BSYNC", "EXIT", "BAR", "WARPSYNC", "NOP")


def read(path):
    lines = open(path, errors='replace').read().split('\n')
    for i, l in enumerate(lines[:-1]):
        m = INS.match(l)
        h = m and HI.match(lines[i + 1])
        if h:
            yield m.group(2), int(m.group(3), 16), int(h.group(1), 16)


def textreg(s):
    s = s.lstrip('-|! ')
    if not s.startswith('R'):
        return None
    if s[1:2] == 'Z':
        return 'RZ'
    m = re.match(r'R(\d+)', s)
    return int(m.group(1)) if m else None


def features(text):
    """what api/sass.c's text reader takes from one instruction"""
    t = text
    if t.startswith('@'):
        t = t.split(None, 1)[1] if ' ' in t else ''
    op = re.match(r'[A-Z0-9_.]*', t).group(0)
    rest = t[len(op):].strip()
    ops = [o.strip() for o in rest.split(',')] if rest else []
    regs = [textreg(o) for o in ops]
    nowrite = op.startswith('ST') or not ops or any(op == b or op.startswith(b + '.') for b in NOWRITE)
    dst = regs[0] if ops and not nowrite and isinstance(regs[0], int) else None
    width = 4 if '.128' in op else 2 if '.64' in op or op.startswith(('DADD', 'DMUL', 'DFMA')) else 1
    kind = 'o'
    if op.startswith('CALL'):
        kind, dst = 'call', None
    elif op in ('MOV', 'IMAD.MOV.U32', 'IMAD.MOV'):
        kind = 'mov' if 1 <= len(ops) <= 6 and isinstance(regs[-1], int) else 'o'
    elif op.startswith(('DADD', 'DMUL', 'DFMA')):
        kind = op[:4].lower()
    elif op.startswith('DSETP') and ('.MIN' in op or '.MAX' in op):
        kind = 'dmnmx'
    slot = None
    if kind in ('dadd', 'dmul', 'dfma') and len(regs) > 2:
        slot = regs[2]
    elif kind == 'dmnmx' and len(regs) > 3:
        slot = regs[3]
    return dict(op=op, ops=ops, regs=regs, dst=dst, width=width if dst is not None else 0, kind=kind,
                src=regs[-1] if kind == 'mov' else None, slot=slot, guarded=text.startswith('@'))


def field(w, lo, n=8):
    return (w >> lo) & ((1 << n) - 1)


def reg(w, lo):
    v = field(w, lo)
    return 'RZ' if v == 255 else v


def nz(r):
    return None if r == 'RZ' else r


DST = {
    'D_RD': lambda w: nz(reg(w, 16)),
    'D_RA': lambda w: nz(reg(w, 24)),
    'D_RB': lambda w: nz(reg(w, 32)),
    'D_NONE': lambda w: None,
    'D_X2': lambda w: None if field(w, 73, 1) else nz(reg(w, 16)),
    'D_MATCH': lambda w: nz(reg(w, 16)) if field(w, 79, 1) else None,
    'D_LOP': lambda w: nz(reg(w, 16)) if field(w, 81, 3) == 7 else None,
}
WIDTH = {
    'W_1': lambda w: 1, 'W_2': lambda w: 2, 'W_4': lambda w: 4,
    'W_SZ': lambda w: {5: 2, 6: 4}.get(field(w, 73, 3), 1),
    'W_ATOMS': lambda w: {1: 2, 2: 4}.get(field(w, 74, 2), 1),
}
SLOT = {'F_RB': 32, 'F_RC': 64}


def learn(key, L):
    name = collections.Counter(f['op'].split('.')[0] for _, f in L).most_common(1)[0][0]
    # a first operand that is a predicate, whatever Rd holds: none
    firstp = all(f['ops'] and f['ops'][0].lstrip('!').startswith('P') for _, f in L)
    dst = next((d for d in (['D_NONE'] if firstp else DST) if all(DST[d](w) == f['dst'] for w, f in L)), None)
    if dst not in (None, 'D_RD', 'D_NONE') and all(f['dst'] is None for _, f in L):
        dst = 'D_NONE'   # a field that happened to hold RZ every time
    width = next((c for c in WIDTH if all(WIDTH[c](w) == f['width'] for w, f in L if f['dst'] is not None)), None)
    if all(DST[dst](w) is None for w, _ in L) if dst else False:
        width = 'W_1'
    kinds = set(f['kind'] for _, f in L)
    kind, fld = 'SK_OTHER', 'F_NONE'
    if kinds == {'call'}:
        kind = 'SK_CALL'
        # CALL.REL to a label: its offset (CALL.ABS: a relocation's, another function)
        fld = 'F_REL' if all('.REL' in f['op'] and textreg(f['ops'][0]) is None for _, f in L if f['ops']) \
            else 'F_NONE'
    elif 'mov' in kinds:
        movs = [(w, f) for w, f in L if f['kind'] == 'mov']
        fs = [k for k, lo in SLOT.items() if all(reg(w, lo) == f['src'] for w, f in movs)]
        if fs and all((f['kind'] == 'mov') == (field(w, SLOT[fs[0]]) != 255) for w, f in L):
            kind, fld = 'SK_MOVE', fs[0]
        elif fs and all((f['kind'] == 'mov') == (field(w, 24) == 255 and field(w, 32) == 255 and
                        not field(w, 74, 1) and field(w, 64) != 255) for w, f in L):
            kind, fld = 'SK_IMAD', fs[0]
        else:
            return name, None
    elif kinds & {'dadd', 'dmul', 'dfma'}:
        if len(kinds) != 1:
            return name, None
        kind = 'SK_' + kinds.pop().upper()
    elif name == 'DSETP':
        kind = 'SK_DSETP'
        if not all((f['kind'] == 'dmnmx') == (field(w, 76, 4) in (0, 15)) for w, f in L):
            return name, None
    if kind in ('SK_DADD', 'SK_DMUL', 'SK_DFMA', 'SK_DSETP'):
        D = [(w, f) for w, f in L if f['kind'] != 'o']
        fs = [k for k, lo in SLOT.items() if all(reg(w, lo) == f['slot'] for w, f in D)]
        fld = fs[0] if fs else 'F_NONE' if all(f['slot'] is None for _, f in D) else None
        if fld is None:
            return name, None
    if dst is None or width is None:
        return name, None
    return name, '\t{ 0x%03x, "%s", %s, %s, %s, %s },' % (key, name, kind, dst, width, fld)


def main():
    by = collections.defaultdict(list)
    for path in sys.argv[1:]:
        for text, lo, hi in read(path):
            by[lo & 0xfff].append((hi << 64 | lo, features(text)))
    for key in sorted(by):
        name, row = learn(key, by[key])
        if row:
            print(row)
        else:
            print('sasslearn: opcode 0x%03x (%s, %d instructions): no rule fits' % (key, name, len(by[key])),
                  file=sys.stderr)


if __name__ == '__main__':
    main()

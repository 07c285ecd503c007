#!/usr/bin/env python3
"""exec.py -- another project's table of PTX execution tests, run on ptx-run.

    exec.py PTX_RUN DIR [NAME...]

DIR holds NAME.ptx files and a Rust file (mod.rs) whose macro calls
list the tests:

    test_ptx!(NAME, [INPUTS], [OUTPUTS]);       one thread
    test_ptx_with_32!(NAME, [INPUTS], [OUTPUTS]);   also 32/NAME.ptx
    test_ptx_warp!(NAME, [OUTPUTS]);            64 threads, no input

The arrays are Rust literals (typed by a suffix such as 7u32 or 0.5f32,
or by a half::f16 constructor, the half:: prefix optional as older
tables write it; the first typed element types the rest).
A test with inputs gets two kernel parameters, a global buffer of the
inputs and a zeroed output buffer; one without gets its zeroed output
buffer for every parameter it declares.  One CTA, 1024 bytes of dynamic
shared memory, as that project's harness launches them.  The output
buffer is four times the expected size and only its prefix is compared:
a few of the kernels' extra threads write past the expected words, which
the GPU's allocation granule absorbs.

Each test prints one line, NAME and pass, FAIL (with why) or REJECT (ptx-run
refused the module at load with a located error, exit 3: right only where
ptxas refuses it too, which peers.test judges).  The last line counts them.
Exit 0 when every test ran, whatever the verdicts; 99 on a harness error.
"""
import math
import os
import re
import struct
import subprocess
import sys
import tempfile

FMT = {'u8': 'B', 'i8': 'b', 'u16': 'H', 'i16': 'h', 'u32': 'I', 'i32': 'i',
       'u64': 'Q', 'i64': 'q', 'f32': 'f', 'f64': 'd', 'f16': 'e'}


def f16bits(x):
    return struct.unpack('<H', struct.pack('<e', x))[0]


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def value(e):
    """(value, type or None) of one Rust literal expression; an f16 value
    is ('h', bits)."""
    e = e.strip()
    m = re.fullmatch(r'(?:half::)?f16::from_f(?:32|64)\((.*)\)', e)
    if m:
        return ('h', f16bits(float(value(m.group(1))[0]))), 'f16'
    m = re.fullmatch(r'(?:half::)?f16::from_bits\((.*)\)', e)
    if m:
        return ('h', int(value(m.group(1))[0])), 'f16'
    consts = {'NAN': 0x7e00, 'INFINITY': 0x7c00, 'NEG_INFINITY': 0xfc00}
    m = re.fullmatch(r'(?:half::)?f16::(NAN|INFINITY|NEG_INFINITY)(\.to_bits\(\))?', e)
    if m:
        v = consts[m.group(1)]
        return (v, 'u16') if m.group(2) else (('h', v), 'f16')
    m = re.fullmatch(r'f(32|64)::from_bits\((.*)\)', e)
    if m:
        v = int(value(m.group(2))[0])
        if m.group(1) == '32':
            return struct.unpack('<f', struct.pack('<I', v))[0], 'f32'
        return struct.unpack('<d', struct.pack('<Q', v))[0], 'f64'
    m = re.fullmatch(r'f(32|64)::(NAN|INFINITY|NEG_INFINITY)', e)
    if m:
        return {'NAN': math.nan, 'INFINITY': math.inf,
                'NEG_INFINITY': -math.inf}[m.group(2)], 'f' + m.group(1)
    m = re.fullmatch(r'(?:std::)?f(32|64)::consts::PI(?:\s*/\s*(\d+)f(?:32|64))?', e)
    if m:
        v = math.pi if m.group(1) == '64' else f32(math.pi)
        if m.group(2):
            v = v / int(m.group(2))
            v = f32(v) if m.group(1) == '32' else v
        return v, 'f' + m.group(1)
    m = re.fullmatch(r'([ui])(\d+)::(MIN|MAX|max_value\(\)|min_value\(\))', e)
    if m:
        bits, lo = int(m.group(2)), m.group(3).lower().startswith('min')
        if m.group(1) == 'u':
            return (0 if lo else (1 << bits) - 1), 'u' + m.group(2)
        return (-(1 << bits - 1) if lo else (1 << bits - 1) - 1), 'i' + m.group(2)
    if e.startswith('-'):
        v, t = value(e[1:])
        return -v, t
    m = re.fullmatch(r'(0x[0-9a-fA-F_]+|0b[01_]+|[0-9_]+(?:\.[0-9_]*)?(?:[eE]-?\d+)?)([uif]\d+)?', e)
    if not m:
        raise ValueError('cannot read %r' % e)
    lit, t = m.group(1).replace('_', ''), m.group(2)
    if lit.startswith('0x'):
        return int(lit, 16), t
    if lit.startswith('0b'):
        return int(lit, 2), t
    if '.' in lit or 'e' in lit.lower():
        return float(lit), t or 'float'
    return int(lit), t


def split(s):
    """Top-level comma-separated items of s."""
    out, depth, cur = [], 0, ''
    for c in s:
        depth += c in '([{'
        depth -= c in ')]}'
        if c == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


def pack(arr):
    """The bytes of a Rust array literal."""
    vals = [value(x) for x in split(arr.strip()[1:-1])]
    ty = next((t for _, t in vals if t and t != 'float'), None)
    ty = ty or ('f64' if any(t == 'float' for _, t in vals) else 'i32')
    out = b''
    for v, _ in vals:
        if isinstance(v, tuple):
            out += struct.pack('<H', v[1])
            continue
        f = FMT[ty]
        if f in 'fde':
            out += struct.pack('<' + f, float(v))
            continue
        n = struct.calcsize(f) * 8
        v &= (1 << n) - 1
        if f.islower() and v >= 1 << (n - 1):
            v -= 1 << n
        out += struct.pack('<' + f, v)
    return out


def calls(src):
    """(macro, body) of every test macro call in src."""
    for m in re.finditer(r'\b(test_ptx|test_ptx_with_32|test_ptx_warp)!\s*\(', src):
        i, depth = m.end(), 1
        while depth and i < len(src):
            depth += src[i] in '(['
            depth -= src[i] in ')]'
            i += 1
        yield m.group(1), src[m.end():i - 1]


def nparams(ptx, name):
    sig = re.search(r'\.entry\s+' + re.escape(name) + r'\s*\(([^)]*)\)', ptx)
    return max(1, sig.group(1).count('.param')) if sig else 1


def main():
    if len(sys.argv) < 3:
        sys.stderr.write('usage: exec.py PTX_RUN DIR [NAME...]\n')
        return 99
    ptxrun, root, only = sys.argv[1], sys.argv[2], set(sys.argv[3:])
    try:
        src = open(os.path.join(root, 'mod.rs')).read()
    except OSError as e:
        sys.stderr.write('exec.py: %s\n' % e)
        return 99
    src = re.sub(r'//[^\n]*', '', src)
    tmp = tempfile.mkdtemp(prefix='peers-exec.')
    count = {'pass': 0, 'FAIL': 0, 'REJECT': 0}
    for macro, body in calls(src):
        parts = split(body)
        name = parts[0]
        if only and name not in only:
            continue
        try:
            if macro == 'test_ptx_warp':
                inp, want, block = None, pack(parts[1]), 64
            elif len(parts) == 3:
                inp, want, block = pack(parts[1]), pack(parts[2]), 1
            else:
                continue        # a test of the translation alone
        except (ValueError, KeyError, IndexError) as e:
            print('%s FAIL cannot read its arrays: %s' % (name, e))
            count['FAIL'] += 1
            continue
        files = [(name, os.path.join(root, name + '.ptx'))]
        if macro == 'test_ptx_with_32':
            files.append((name + '/32', os.path.join(root, '32', name + '.ptx')))
        for label, path in files:
            try:
                ptx = open(path).read()
            except OSError:
                print('%s FAIL no %s' % (label, path))
                count['FAIL'] += 1
                continue
            got = os.path.join(tmp, 'got')
            if os.path.exists(got):
                os.unlink(got)
            big = 'zeros:%d' % (4 * len(want))
            args = [ptxrun, '-k', name, '-b', str(block), '-s', '1024']
            if inp is not None:
                with open(os.path.join(tmp, 'in'), 'wb') as f:
                    f.write(inp)
                args += ['-a', 'file:' + os.path.join(tmp, 'in'), '-a', big, '-o', '1:' + got]
            else:
                n = nparams(ptx, name)
                args += ['-a', big] * n + ['-o', '%d:%s' % (n - 1, got)]
            args.append(path)
            try:
                p = subprocess.run(args, capture_output=True, text=True, timeout=300)
            except subprocess.TimeoutExpired:
                print('%s FAIL timed out' % label)
                count['FAIL'] += 1
                continue
            err = (p.stderr or '').strip().split('\n')[0]
            if p.returncode == 0:
                data = open(got, 'rb').read()[:len(want)]
                if data == want:
                    verdict = 'pass'
                else:
                    verdict = 'FAIL got %s want %s' % (data[:32].hex(), want[:32].hex())
            elif p.returncode == 3 and re.match(re.escape(path) + r':\d+:\d+: error: ', err):
                verdict = 'REJECT ' + err
            else:
                verdict = 'FAIL exit %d: %s' % (p.returncode, err)
            print('%s %s' % (label, verdict), flush=True)
            count[verdict.split()[0]] += 1
    print('ran %d: %d passed, %d failed, %d rejected' %
          (sum(count.values()), count['pass'], count['FAIL'], count['REJECT']))
    return 0


if __name__ == '__main__':
    sys.exit(main())

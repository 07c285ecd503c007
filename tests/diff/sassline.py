"""tests/diff/sassline.py -- the PTX line of each SASS instruction ptxas
makes, for the scripts that hold the loader's plans against ptxas's code
(nanorder.py: the f64 NaN operand order; fusecheck.py: the contraction).

A module is compiled with a `.loc` before every instruction line of each
body (with_locs: which leaves the SASS as it was), then `nvdisasm -c -g`
names the PTX line above each SASS instruction, and read() gives them
back in order.  Nothing here exits: a caller without the tools decides
what that means (tool() returns None)."""
import os
import re
import shutil

# the lines of a body that are no instruction: directives, comments, braces
SKIP = ('.reg', '.shared', '.local', '.param', '//', '{', '}', '.pragma')
LINE = re.compile(r'//## File "k\.ptx", line (\d+)')
INS = re.compile(r'/\*[0-9a-f]{4,}\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)\s*(.*?)\s*;')
SECTION = re.compile(r'\s*\.section\s+([^\s,]+)')


def tool(name, env=None):
    """ptxas or nvdisasm: $env where set, else the PATH, else the CUDA
    toolkit's bin (ptxas); None where none is found"""
    p = os.environ.get(env) if env else None
    if not p:
        p = shutil.which(name)
    if not p and os.path.exists(os.path.join('/usr/local/cuda/bin', name)):
        p = os.path.join('/usr/local/cuda/bin', name)
    return p


def with_locs(ptx):
    """the module with `.loc 1 N 0` before each instruction of line N, and
    the `.file` that names it after `.address_size`"""
    out = []
    body = False
    for i, l in enumerate(ptx.split('\n'), 1):
        s = l.strip()
        if s == '{':
            body = True
        elif s == '}' and l.startswith('}'):
            body = False
        if body and s and not s.startswith(SKIP) and not s.endswith(':'):
            out.append('\t.loc 1 %d 0' % i)
        out.append(l)
    return '\n'.join(out).replace('.address_size 64', '.address_size 64\n.file 1 "k.ptx"', 1)


def read(text):
    """each SASS instruction of nvdisasm -c -g output TEXT, in order, as
    (section, label, line, guarded, op, operands): the section's name
    (.text.k3), the last `$` label above it in that section (a subroutine,
    such as a div's slow path; None before the first), the PTX line, whether
    a predicate guards it, the opcode, and the operand list"""
    sect, label, line = None, None, 0
    for l in text.split('\n'):
        m = SECTION.match(l)
        if m:
            sect, label = m.group(1), None
            continue
        if l.startswith('$'):
            label = l.split(':')[0]
            continue
        m = LINE.search(l)
        if m:
            line = int(m.group(1))
            continue
        m = INS.search(l)
        if m:
            ops = [o.strip() for o in m.group(3).split(',')] if m.group(3) else []
            yield sect, label, line, bool(m.group(1)), m.group(2), ops

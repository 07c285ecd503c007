#!/usr/bin/env python3
"""mutate.py — single-instruction mutants of clean PTX, judged by ptxas.

Takes the modules of tests/run, tests/isa and tests/corpus that ptxas
accepts, changes one instruction in one way at a time, and runs ptxas and
ptxas-lint on each mutant.  A mutant ptxas rejects must get an error from
ptxas-lint; one ptxas accepts must get none, except from the checks that
look for bugs ptxas lets through (alignment, bounds, pointer-space and
the other ones named in FINDINGS), which are counted apart.  The mutations:

  type    a type suffix swapped for another (.u32 -> .s64, .f32 -> .f16 ...)
  width   a register operand swapped for one of another declared type
  space   a state space swapped (.global -> .shared ...)
  drop    a modifier removed
  add     a modifier added (.ftz, .sat, .rn, .wide, .approx ...)
  kind    an operand of another kind: a register for an immediate and back
  vector  a vector width changed (.v2 <-> .v4, the braces to match or not)

Usage: tests/lint/mutate.py [-j N] [-n FILES] [-m MUTANTS] [-s SEED] [-v] [DIR|FILE...]
  -n   at most this many modules, the smallest first (default 60)
  -m   at most this many mutants per module and mutation (default 6)
  -s   the seed of the mutations (default 1): another seed, other mutants
  -v   print every disagreement (default: the first 3 per class)
  $PTXAS (default /usr/local/cuda/bin/ptxas), $PTXAS_LINT (default ./ptxas-lint).
Prints the disagreements by class, the counts, and exits 1 when there are
any.  Deterministic for a given seed.  Not part of make check (make
lint-mutate): it needs ptxas and takes a minute or two.
"""
import collections
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import tempfile

PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
LINT = os.environ.get("PTXAS_LINT", "./ptxas-lint")
TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FINDINGS = {"alignment", "bounds", "pointer-space", "param-write", "barrier", "resources"}

TYPES = ["b16", "b32", "b64", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "f16", "f16x2", "bf16",
         "f32", "f64", "pred"]
SPACES = ["global", "shared", "local", "const", "param"]
ADDS = ["ftz", "sat", "rn", "rz", "wide", "lo", "hi", "approx", "full", "cc", "volatile", "relaxed.gpu", "nc",
        "uni", "sync", "aligned", "noftz", "relu", "NaN"]
INSN = re.compile(r"^(\s*(?:@!?%\w+\s+)?)([a-z][\w.:]*)(\s+)([^;]*)(;.*)$")
REGDECL = re.compile(r"^\s*\.reg\s+\.(\w+)\s+(%\w+?)(<\d+>)?\s*;")
OPERAND = re.compile(r"%[A-Za-z_]\w*|(?<![\w.%])-?\d+(?![\w.])|0[fFdD][0-9a-fA-F]+")


def target(text):
    m = re.search(r"^\s*\.target\s+sm_(\d+)([af]?)", text, re.M)
    n = int(m.group(1)) if m else 75
    return "sm_%d%s" % (max(n, 75), m.group(2) if m and n >= 75 else "")


def registers(lines):
    """type -> a register name of that type (the first of a range)."""
    regs = {}
    for ln in lines:
        m = REGDECL.match(ln)
        if m and m.group(1) not in regs:
            regs[m.group(1)] = m.group(2) + ("1" if m.group(3) else "")
    return regs


def mutants(lines, rng, per):
    """(kind, line index, new line) for one module."""
    regs = registers(lines)
    out = collections.defaultdict(list)
    for i, ln in enumerate(lines):
        m = INSN.match(ln)
        if not m or ln.lstrip().startswith(".") or m.group(2).startswith(("ret", "bra", "exit", "call")):
            continue
        pre, op, sp, args, end = m.groups()
        words = op.split(".")
        for k, w in enumerate(words[1:], 1):
            if w in TYPES:
                t = rng.choice([x for x in TYPES if x != w])
                out["type"].append((i, pre + ".".join(words[:k] + [t] + words[k + 1:]) + sp + args + end))
            if w in SPACES:
                s = rng.choice([x for x in SPACES if x != w])
                out["space"].append((i, pre + ".".join(words[:k] + [s] + words[k + 1:]) + sp + args + end))
            if w.startswith("v") and w[1:] in ("2", "4"):
                nw = "v4" if w == "v2" else "v2"
                out["vector"].append((i, pre + ".".join(words[:k] + [nw] + words[k + 1:]) + sp + args + end))
            if w not in TYPES:
                out["drop"].append((i, pre + ".".join(words[:k] + words[k + 1:]) + sp + args + end))
        a = rng.choice(ADDS)
        out["add"].append((i, pre + ".".join(words[:1] + [a] + words[1:]) + sp + args + end))
        ops = list(OPERAND.finditer(args))
        if ops:
            o = rng.choice(ops)
            tok = o.group(0)
            if tok.startswith("%") and regs:
                alt = [r for r in regs.values() if r != tok and not r.startswith(tok.rstrip("0123456789"))]
                if alt:
                    out["width"].append((i, pre + op + sp + args[:o.start()] + rng.choice(alt) +
                                         args[o.end():] + end))
                out["kind"].append((i, pre + op + sp + args[:o.start()] + rng.choice(["1", "0f3f800000"]) +
                                    args[o.end():] + end))
            elif regs:
                out["kind"].append((i, pre + op + sp + args[:o.start()] + rng.choice(list(regs.values())) +
                                    args[o.end():] + end))
    for kind, lst in sorted(out.items()):
        rng.shuffle(lst)
        for i, new in lst[:per]:
            yield kind, i, new


def run(argv, src):
    fd, path = tempfile.mkstemp(suffix=".ptx")
    try:
        os.write(fd, src.encode())
        os.close(fd)
        r = subprocess.run(argv + [path], capture_output=True, text=True, timeout=60)
        return r.returncode, r.stderr.replace(path, "<mutant>")
    except subprocess.TimeoutExpired:
        return None, "timeout"
    finally:
        os.unlink(path)


def judge(case):
    path, arch, kind, i, lines, new = case
    src = "\n".join(lines[:i] + [new] + lines[i + 1:]) + "\n"
    prc, pout = run([PTXAS, "-arch=" + arch, "-o", os.devnull], src)
    lrc, lout = run([LINT, "-arch=" + arch], src)
    errs = [ln for ln in lout.splitlines() if ": error: " in ln]
    checks = {m.group(1) for m in (re.search(r"\[-W([\w-]+)\]$", e) for e in errs) if m}
    if prc is None or prc < 0:
        return case, "ptxas-crash", pout  # ptxas itself dies on a few mutants: no verdict
    if lrc is None or lrc < 0 or lrc >= 2:
        return case, "crash", lout
    if prc != 0 and not errs:
        perr = next((ln for ln in pout.splitlines() if "error" in ln or "fatal" in ln), pout.strip())
        return case, "miss", perr
    if prc == 0 and errs:
        return case, "finding" if checks <= FINDINGS else "false", errs[0]
    return case, "agree", ""


def modules(args, limit):
    roots = args or [os.path.join(TOP, "tests", d) for d in ("run", "isa", "corpus")]
    files = []
    for r in roots:
        if os.path.isfile(r):
            files.append(r)
        for d, _, names in os.walk(r):
            files += [os.path.join(d, n) for n in names if n.endswith(".ptx")]
    files = sorted(set(files), key=lambda f: (os.path.getsize(f), f))
    # clean modules only: what ptxas accepts
    out = []
    for f in files:
        if len(out) >= limit:
            break
        text = open(f, encoding="utf-8", errors="replace").read()
        arch = target(text)
        if run([PTXAS, "-arch=" + arch, "-o", os.devnull], text)[0] == 0:
            out.append((f, arch, text.split("\n")))
    return out


def main(argv):
    jobs, limit, per, seed, verbose, args = 2, 60, 6, 1, False, []
    it = iter(argv)
    for a in it:
        if a == "-j":
            jobs = int(next(it))
        elif a == "-n":
            limit = int(next(it))
        elif a == "-m":
            per = int(next(it))
        elif a == "-s":
            seed = int(next(it))
        elif a == "-v":
            verbose = True
        else:
            args.append(a)
    rng = random.Random(seed)
    cases = []
    for f, arch, lines in modules(args, limit):
        for kind, i, new in mutants(lines, rng, per):
            cases.append((f, arch, kind, i, lines, new))
    count = collections.Counter()
    shown = collections.Counter()
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        for (f, arch, kind, i, lines, new), verdict, why in ex.map(judge, cases):
            count[verdict] += 1
            count[verdict, kind] += 1
            if verdict in ("agree", "finding", "ptxas-crash"):
                continue
            shown[verdict, kind] += 1
            if verbose or shown[verdict, kind] <= 3:
                print("%s %-6s %s:%d (-arch=%s)\n\t%s\n\t# %s" % (verdict.upper(), kind, os.path.relpath(f, TOP),
                      i + 1, arch, new.strip(), why.strip().splitlines()[0] if why.strip() else ""))
    kinds = sorted({k for v, k in (x for x in count if isinstance(x, tuple))})
    print("%-8s %6s %6s %6s %6s %6s" % ("mutation", "agree", "miss", "false", "finding", "crash"))
    for k in kinds:
        print("%-8s %6d %6d %6d %6d %6d" % (k, count["agree", k], count["miss", k], count["false", k],
                                            count["finding", k], count["crash", k]))
    print("%-8s %6d %6d %6d %6d %6d" % ("total", count["agree"], count["miss"], count["false"], count["finding"],
                                        count["crash"]))
    print("%d mutants (%d crash ptxas), %d disagreements (miss: ptxas rejects, ptxas-lint accepts; false: the"
          " reverse; crash: ptxas-lint's)" % (len(cases), count["ptxas-crash"],
                                              count["miss"] + count["false"] + count["crash"]))
    return 1 if count["miss"] or count["false"] or count["crash"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""tests/diff/fusecheck.py -- the contraction plan against ptxas, no GPU.

  python3 tests/diff/fusecheck.py [-j N] [-g V] [-k K] [-v] FAMILY FROM TO
  python3 tests/diff/fusecheck.py [-v] FILE.ptx...

Which float adds and subs the loader fuses with a mul (interp/contract.c,
printed by tests/diff/nanorder -f) against the SASS ptxas 13 makes of the
same PTX: each module is compiled with -lineinfo (a .loc before every
instruction, which leaves the code as it was) and disassembled with
nvdisasm -c -g; the SASS instructions of an add's line say whether ptxas
fused it (FFMA, DFMA, HFMA2) or not (FADD, DADD, HADD2).  A line with
both, or neither (the add folded away, or moved to another line), is not
judged.  Prints each disagreement,

  D FILE LINE OURS SASS | TEXT | SASS of the line

OURS "fused@M" (M the mul's line) or "apart", SASS what ptxas made, and
a total.  With FAMILY FROM TO, the seeds FROM..TO-1 of generator version
V (default the newest) are written K a module (default 20) by
tests/diff/difftest and checked in N processes.  The tools: PTXKIT_PTXAS
or ptxas on PATH, PTXKIT_NVDISASM or nvdisasm on PATH (the
nvidia-cuda-nvdisasm wheel has one); exit 77 without them.  A
disagreement on a kernel the GPU records is one to replay there; the
rules it found are in tests/diff/README ("The contraction plan against
ptxas").
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sassline  # noqa: E402  (beside this file)

KIND = {"f32": "F", "f64": "D", "f16": "H", "f16x2": "H", "bf16": "H", "bf16x2": "H"}
FMA = {"F": ("FFMA",), "D": ("DFMA",), "H": ("HFMA2",)}
ADD = {"F": ("FADD",), "D": ("DADD",), "H": ("HADD2",)}


def sass(path, text, ptxas, nvdisasm):
    """{line: [SASS instruction text]} of the module"""
    with tempfile.TemporaryDirectory() as t:
        k, c = os.path.join(t, "k.ptx"), os.path.join(t, "k.cubin")
        open(k, "w").write(sassline.with_locs(text))
        r = subprocess.run([ptxas, "-arch=sm_90", "-lineinfo", k, "-o", c], capture_output=True, text=True)
        if r.returncode:
            return None
        r = subprocess.run([nvdisasm, "-c", "-g", c], capture_output=True, text=True)
        if r.returncode:
            return None
    by = {}
    for _, _, line, _, op, ops in sassline.read(r.stdout):
        by.setdefault(line, []).append(op + (" " + ", ".join(ops) if ops else ""))
    return by


def check(path, text, nanorder, ptxas, nvdisasm):
    """(judged, [disagreement lines]) of one module"""
    r = subprocess.run([nanorder, "-f", path], capture_output=True, text=True)
    if r.returncode:
        return 0, ["E %s: nanorder cannot load it" % path]
    by = sass(path, text, ptxas, nvdisasm)
    if by is None:
        return 0, ["E %s: ptxas refuses it" % path]
    lines = text.split("\n")
    judged, out = 0, []
    for l in r.stdout.split("\n"):
        w = l.split()
        if len(w) != 5 or w[0] != "F":
            continue
        n, ty, mul = int(w[1]), w[3], int(w[4])
        kind = KIND[ty]
        fused = apart = False
        for s in by.get(n, []):
            o = s.split()[0]
            if o.startswith(FMA[kind]):
                # an add on the fma pipe: x * 1 + y (HFMA2.MMA R, x, 1, 1, y)
                if re.search(r', -?1(\.0*)?, (-?1(\.0*)?, )?', s) and not re.search(r'R\d+, R\d+, R', s):
                    apart = True
                else:
                    fused = True
            elif o.split(".")[0] in ADD[kind]:
                apart = True
        if fused == apart:
            continue
        judged += 1
        if fused != (mul > 0):
            out.append("D %s %d %s %s | %s | %s" % (path, n, "fused@%d" % mul if mul else "apart",
                       "fused" if fused else "apart", lines[n - 1].strip(), " ; ".join(by.get(n, []))))
    return judged, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("-g", type=int, default=0)
    ap.add_argument("-k", type=int, default=20)
    ap.add_argument("-v", action="store_true")
    ap.add_argument("args", nargs="+")
    a = ap.parse_args()
    build = os.environ.get("BUILDDIR", os.getcwd())
    nanorder = os.path.join(build, "tests/diff/nanorder")
    difftest = os.path.join(build, "tests/diff/difftest")
    ptxas, nvdisasm = sassline.tool("ptxas", "PTXKIT_PTXAS"), sassline.tool("nvdisasm", "PTXKIT_NVDISASM")
    if not ptxas or not nvdisasm:
        print("fusecheck: needs ptxas and nvdisasm")
        return 77
    tmp = tempfile.mkdtemp()
    jobs = []
    if a.args[0].endswith(".ptx"):
        jobs = [(p, open(p).read()) for p in a.args]
    else:
        fam, lo, hi = a.args[0], int(a.args[1]), int(a.args[2])
        gv = ["--gen-version", str(a.g)] if a.g else []
        for s in range(lo, hi, a.k):
            e = min(hi, s + a.k)
            p = os.path.join(tmp, "%s-%d-%d.ptx" % (fam, s, e))
            text = subprocess.run([difftest] + gv + ["module", str(s), str(e), fam],
                                  capture_output=True, text=True).stdout
            open(p, "w").write(text)
            jobs.append((p, text))
    judged = differ = 0
    with ThreadPoolExecutor(a.j) as ex:
        for n, out in ex.map(lambda j: check(j[0], j[1], nanorder, ptxas, nvdisasm), jobs):
            judged += n
            differ += sum(1 for o in out if o.startswith("D"))
            for o in out:
                print(o, flush=True)
    print("fusecheck: %d adds judged, %d differ" % (judged, differ))
    if not a.v:
        shutil.rmtree(tmp, ignore_errors=True)
    else:
        print("fusecheck: modules kept in %s" % tmp)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""client_numba_race.py -- the checks found in an unmodified numba-cuda
program: a shared-memory stencil whose __syncthreads() is left out runs
through the shim with PTXKIT_CHECK=racecheck and must be reported (both
accesses, the kernel, the line of this file); the same kernel with the
barrier must be reported clean under PTXKIT_CHECK=all, by every check;
and the results of both must equal what they are without the check (a
check never changes an output).

Each kernel runs in a child process of its own, as a user would run the
program, so that the shim reads the variables when it loads and writes
its reports (PTXKIT_CHECK_LOG) when the process exits.

usage: client_numba_race.py   exit 0 all passed, 1 a failure, 77 no numba-cuda
"""
import os
import subprocess
import sys
import tempfile

N = 256     # threads of the one CTA: eight warps


def child(which):
    import warnings
    import numpy as np
    from numba import cuda, int32
    warnings.simplefilter("ignore")

    # lineinfo: the .loc lines the reports name (as compute-sanitizer
    # needs -lineinfo)
    @cuda.jit(lineinfo=True)
    def racy(src, out):
        s = cuda.shared.array(256, int32)
        t = cuda.threadIdx.x
        s[t] = src[t]                       # RACE-WRITE
        # the barrier that belongs here is missing
        out[t] = s[(t + 33) % 256] - s[t]   # RACE-READ

    @cuda.jit(lineinfo=True)
    def clean(src, out):
        s = cuda.shared.array(256, int32)
        t = cuda.threadIdx.x
        s[t] = src[t]
        cuda.syncthreads()
        out[t] = s[(t + 33) % 256] - s[t]

    src = np.arange(N, dtype=np.int32) * 7 + 3
    out = np.zeros(N, dtype=np.int32)
    d_src, d_out = cuda.to_device(src), cuda.to_device(out)
    (racy if which == "racy" else clean)[1, N](d_src, d_out)
    cuda.synchronize()
    got = d_out.copy_to_host()
    want = np.roll(src, -33) - src
    # the interpreter runs a CTA's warps one after the other, so even the
    # racy kernel reads what a GPU usually reads; either way the bytes
    # are what they are without the check (compared by the parent)
    print(" ".join(str(int(v)) for v in got))
    print("equal" if (got == want).all() else "differs")


def run(which, check, log):
    env = dict(os.environ)
    env.pop("PTXKIT_CHECK", None)
    env.pop("PTXKIT_CHECK_LOG", None)
    if check:
        env["PTXKIT_CHECK"] = check
        env["PTXKIT_CHECK_LOG"] = log
    p = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", which],
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def line_of(tag):
    with open(os.path.abspath(__file__)) as f:
        for i, l in enumerate(f, 1):
            if "# " + tag in l and "tag" not in l:
                return i
    return 0


def main():
    try:
        import numpy   # noqa: F401
        from numba import cuda
        cuda.compile_ptx(lambda a: None, "void(float32[:])")   # NVVM is there
    except Exception as e:
        print("SKIP: numba-cuda: %s" % e)
        return 77
    passed = failed = 0

    def check(name, ok, why=""):
        nonlocal passed, failed
        print("%s: %s%s" % ("PASS" if ok else "FAIL", name, "" if ok else " (%s)" % why))
        passed += bool(ok)
        failed += not ok

    with tempfile.TemporaryDirectory() as tmp:
        for which in ("racy", "clean"):
            log = os.path.join(tmp, which + ".log")
            checks = "all" if which == "clean" else "racecheck"
            rc0, out0, err0 = run(which, None, log)
            rc1, out1, err1 = run(which, checks, log)
            check("%s: runs without the check" % which, rc0 == 0, err0[-400:])
            check("%s: runs with PTXKIT_CHECK=%s" % (which, checks), rc1 == 0, err1[-400:])
            check("%s: the same output with the check" % which, out0 == out1 and out0 != "",
                  "%r vs %r" % (out0[-80:], out1[-80:]))
            rep = open(log).read() if os.path.exists(log) else ""
            races = [l for l in rep.splitlines() if l.startswith("libptxcuda: racecheck:")]
            if which == "clean":
                anything = [l for l in rep.splitlines() if l.startswith("libptxcuda: ")]
                check("clean: nothing reported by any check", not anything and "equal" in out1, rep[-400:])
                continue
            check("racy: a race reported", len(races) > 0, rep[-400:] or "no report")
            # the report names the kernel and both accesses by this file's lines
            wl, rl = line_of("RACE-WRITE"), line_of("RACE-READ")
            src = os.path.basename(__file__)
            both = any("racy" in l for l in races) and \
                "%s:%d" % (src, wl) in rep and "%s:%d" % (src, rl) in rep
            check("racy: the report names the kernel, the store and the load", both, rep[-600:])
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(sys.argv[2])
        sys.exit(0)
    sys.exit(main())

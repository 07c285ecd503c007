#!/usr/bin/env python3
"""tests/isa/sfu/fit.py -- fits the SFU tables to the H100 measurements.

Usage: fit.py RAWDIR > interp/alu_sfu_tab.c
(RAWDIR: what `collect.py unpack` restores: NAME.bin outputs of collect.cu.)

Every MUFU function evaluates, for a segment chosen by the leading bits of
its reduced argument, V = C0 + C1*X + C2*SQ(X), X being the next 17 argument
bits and SQ(X) the columns of weight 2^19 and above of X*X's partial-product
array (a truncated squarer; interp/SFU.md).  This script finds, segment by
segment, the integers C1, C2 and the range of C0 that reproduce every
measured output of the segment, and fails unless each segment has one.  The
argument reductions and output roundings are those of interp/alu_sfu.c; for
each function the comment in front of its table in the output says which
measurements fix it.
"""
import os
import sys

import numpy as np

RAW = sys.argv[1] if len(sys.argv) > 1 else "."


def load(nm):
    return np.fromfile(os.path.join(RAW, nm + ".bin"), dtype=np.uint32)


def binade(k, n=1 << 23, stride=1):
    return (np.uint32((127 + k) << 23) + np.arange(n, dtype=np.uint32) * np.uint32(stride)).astype(np.uint32)


def sq19(x):
    """columns >= 19 of the partial-product array of x*x, x < 2^17, in units of 2^19"""
    x = np.asarray(x, dtype=np.int64)
    s = np.zeros(x.shape, dtype=np.int64)
    for a in range(17):
        xa = (x >> a) & 1
        if 2 * a >= 19:
            s += xa << (2 * a)
        for b in range(a + 1, 17):
            if a + b + 1 >= 19:
                s += (xa & (x >> b)) << (a + b + 1)
    return s >> 19


SQ = sq19(np.arange(1 << 17))
X17 = np.arange(1 << 17, dtype=np.int64)


def value(o, G):
    """f32 outputs as integers out * 2^G (must be exact)"""
    v = o.view(np.float32).astype(np.float64) * 2.0 ** G
    assert np.all(v == np.floor(v)), "output grid"
    return v.astype(np.int64)


def ulp24(v):
    """the step of a value truncated to 24 significant bits (1 below 2^24)"""
    n = np.floor(np.log2(np.maximum(v, 1).astype(np.float64))).astype(np.int64) + 1
    return np.int64(1) << np.maximum(n - 24, 0)


def fit(lo, hi, nb=17, R=6):
    """integers C1, C2 and [C0lo, C0hi] with lo <= C0 + C1*X + C2*SQ <= hi for all X"""
    X = X17[: 1 << nb]
    sq = SQ[X << (17 - nb)]
    w = 1.0 / np.maximum(hi - lo + 1, 1).astype(np.float64)
    A = np.vstack([np.ones(len(X)), X, sq]).T.astype(np.float64)
    c = np.linalg.lstsq(A * w[:, None], (lo + hi).astype(np.float64) / 2 * w, rcond=None)[0]
    for r in (R, 4 * R):
        best = None
        for C1 in range(int(np.floor(c[1])) - r, int(np.ceil(c[1])) + r + 1):
            t1 = C1 * X
            for C2 in range(int(np.floor(c[2])) - r, int(np.ceil(c[2])) + r + 1):
                W = t1 + C2 * sq
                L, H = int((lo - W).max()), int((hi - W).min())
                if best is None or L - H < best[0]:
                    best = (L - H, C1, C2, L, H)
        if best[0] <= 0:
            return best[1:]
    raise SystemExit("no fit (violation %d)" % best[0])


def floor_fit(Y, g, nb=17, skip0=False):
    """segments where Y = floor(V / 2^g); skip0: the first input is special-cased"""
    n = 1 << nb
    lo, hi = Y << g, (Y << g) + (1 << g) - 1
    if skip0:
        lo[0], hi[0] = -(1 << 50), 1 << 50
    return [fit(lo[j * n:(j + 1) * n], hi[j * n:(j + 1) * n], nb) for j in range(len(Y) // n)]


def rcp():
    return floor_fit(value(load("rcp_p0"), 24), 15, 16)


def rsq():
    # 1/sqrt(4^k) is exact: not the table's value at X = 0
    return floor_fit(value(np.concatenate([load("rsq_p0"), load("rsq_p1")]), 24), 16, skip0=True)


def sqrt():
    return floor_fit(value(np.concatenate([load("sqrt_p0"), load("sqrt_p1")]), 23), 17)


def ex2():
    return floor_fit(value(load("ex2_p0"), 22), 15)


def lg2():
    # log2 of [2,4): 1 + V/2^38 truncated to 2^-23; of [1,2): V truncated to
    # 24 bits and 2^-36; of [0.5,1): ~(V - 2^38) (ones' complement), likewise
    Y1 = value(load("lg2_p1"), 23) - (1 << 23)
    segs = floor_fit(Y1, 15)
    o0 = value(load("lg2_p0"), 38)
    m1 = -value(load("lg2_p-1"), 38)
    out = []
    for j, (C1, C2, L, H) in enumerate(segs):
        s = slice(j << 17, (j + 1) << 17)
        W = C1 * X17 + C2 * SQ
        u0 = o0[s]
        ul = np.maximum(ulp24(u0), 4)
        lo0, hi0 = u0 - W, u0 + ul - 1 - W
        if j == 0:
            lo0[0], hi0[0] = -(1 << 50), 1 << 50    # log2(1) = 0 is special-cased
        um = m1[s]
        ul = np.maximum(ulp24(um), 4)
        lom, him = (1 << 38) - 1 - um - ul + 1 - W, (1 << 38) - 1 - um - W
        L = max(L, int(lo0.max()), int(lom.max()))
        H = min(H, int(hi0.min()), int(him.min()))
        if L > H:
            raise SystemExit("lg2 segment %d inconsistent" % j)
        out.append((C1, C2, L, H))
    return out


def sin():
    # quadrant 0 of the turn, from every binade of sin.approx's argument
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import collect
    Q = 1 << 23
    S = np.full(Q, 0xFFFFFFFF, dtype=np.uint32)
    for k in range(-26, 1):
        st = 1 if k >= -12 else 4
        nm = "sin_p%d" % k + ("" if st == 1 else "s%d" % st)
        if not os.path.exists(os.path.join(RAW, nm + ".bin")):
            continue
        x = binade(k, (1 << 23) // st, st)
        t = collect.rz_mul(x.view(np.float32), collect.C2PI).astype(np.float64)
        T = np.floor(t * 2.0 ** 25).astype(np.int64)
        o = load(nm)
        sel = T < Q
        S[T[sel]] = o[sel]
    assert (S != 0xFFFFFFFF).all(), "quadrant 0 not covered"
    v = value(S, 37)
    return [fit(v[j << 17:(j + 1) << 17], v[j << 17:(j + 1) << 17] + ulp24(v[j << 17:(j + 1) << 17]) - 1)
            for j in range(64)]


# tanh: binade k of the argument has 2^TANH_SEG[k] segments, X its next 17 bits
TANH_SEG = {-8: 0, -7: 0, -6: 0, -5: 1, -4: 1, -3: 2, -2: 2, -1: 2, 0: 3, 1: 4, 2: 3}


def tanh():
    out = []
    for k in range(-8, 3):
        o = load("tanh_p%d" % k)
        mk = TANH_SEG[k]
        n = 1 << (23 - mk)
        for j in range(1 << mk):
            so = o[j * n:(j + 1) * n]
            r = so.reshape(1 << 17, -1)
            assert (r == r[:, :1]).all(), "tanh ignores fewer bits"
            so = so[:: n >> 17]
            G = 23 - (int(((so >> 23) & 0xFF).min()) - 127)
            v = value(so, G)
            for g in range(4, 24):
                try:
                    C1, C2, L, H = fit(v << g, ((v + ulp24(v)) << g) - 1, 17, 3)
                    break
                except SystemExit:
                    continue
            out.append((G, g, C1, C2, L, H))
    return out


def emit(name, segs, doc):
    print("\n/* %s */" % doc)
    print("const AluSfuSeg %s[%d] = {" % (name, len(segs)))
    for i in range(0, len(segs), 2):
        print("\t" + " ".join("{%dll, %d, %d}," % (s[2], s[0], s[1]) for s in segs[i:i + 2]))
    print("};")


def main():
    print("/*\n * interp/alu_sfu_tab.c -- the H100's SFU interpolation tables.\n *")
    print(" * Generated by tests/isa/sfu/fit.py from measurements (tests/isa/sfu/collect.cu);")
    print(" * do not edit.  Each row is {C0, C1, C2} of V = C0 + C1*X + C2*SQ(X) (alu_sfu.c).\n */")
    print('#include "alu.h"')
    emit("alu_sfu_rcp", rcp(), "1/x on [1,2): 128 segments, X = 16 bits, result V >> 15 in units of 2^-24")
    emit("alu_sfu_rsq", rsq(), "1/sqrt(x) on [1,4): 128 segments, result V >> 16 in units of 2^-24")
    emit("alu_sfu_sqrt", sqrt(), "sqrt(x) on [1,4): 128 segments, result V >> 17 in units of 2^-23")
    emit("alu_sfu_ex2", ex2(), "2^t on [0,1): 64 segments, result V >> 15 in units of 2^-23")
    emit("alu_sfu_lg2", lg2(), "log2(x) on [1,2): 64 segments, V in units of 2^-38")
    emit("alu_sfu_sin", sin(), "sin(2 pi t) on [0,1/4): 64 segments, V in units of 2^-37")
    t = tanh()
    print("\n/* tanh(x) on [2^-8, 8): the segments of binade k in order (TANH_SEG in fit.py);")
    print(" * V >> g truncated to 24 bits, in units of 2^-G */")
    print("const AluSfuTanh alu_sfu_tanh[%d] = {" % len(t))
    for G, g, C1, C2, L, H in t:
        print("\t{{%dll, %d, %d}, %d, %d}," % (L, C1, C2, G, g))
    print("};")


if __name__ == "__main__":
    main()

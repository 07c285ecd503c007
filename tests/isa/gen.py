#!/usr/bin/env python3
"""tests/isa/gen.py -- emits the instruction-set reference suite.

For each ALU instruction variant (opcode, type, modifiers) it writes one
kernel that reads input tuples from a buffer of 64-bit words, applies the
instruction once per thread and writes the results back as 64-bit words.
The same variant list drives alu_test.c, which decodes the instruction with
the project's parser and compares alu_exec with what the GPU produced.

Outputs (into the directory given as argv[1], default tests/isa/ref):
  variants.txt  one line per variant: name, instruction, operand classes,
                tuple count (tab separated)
  kernels.ptx   one .entry per variant, k0 .. kN-1
  inputs.bin    the tuples, each operand stored in its register width
                (pred 1 byte, b16 2, b32 4, b64 8, little endian)

Operand classes: d:CLASS destination, s:CLASS source, c:pred carry-in
(loaded into CC before the instruction), o:pred carry-out (CC read back
after it).  The inputs are a fixed seeded mix of edge values (zeros, signed
zeros, infinities, NaNs with payloads, denormals, integer extremes, shift
counts beyond the width) and random values, so the files are reproducible.
"""
import os
import random
import struct
import sys

R = random.Random(20240613)
RX = random.Random(20251122)   # the extra SFU tuples only, so that R's sequence stays as it was
WIDTH = {"pred": 1, "b16": 2, "b32": 4, "b64": 8}
NRAND = 160

# ---------------------------------------------------------------- edge values
I32E = [0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 255, 256, 0x7FFF, 0x8000, 0xFFFF,
        0x10000, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF, 0xFFFFFFFE, 0x12345678,
        0xDEADBEEF, 0x00FF00FF, 0xFFFFFF80, 0x55555555]
I16E = [0, 1, 2, 15, 16, 17, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0x8001, 0xFFFF, 0xFFFE, 0x1234, 0xABCD]
I64E = [0, 1, 2, 63, 64, 65, 0xFFFFFFFF, 0x100000000, 0x7FFFFFFFFFFFFFFF, 0x8000000000000000,
        0x8000000000000001, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFE, 0x123456789ABCDEF0,
        0x7FFFFFFF, 0x80000000, 0xFFFFFFFF80000000]
F32E = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000, 0x7FC00000,
        0x7FA12345, 0xFFC00001, 0x7F800001, 0x00000001, 0x807FFFFF, 0x00800000, 0x80800000,
        0x7F7FFFFF, 0xFF7FFFFF, 0x3F000000, 0x40000000, 0x40490FDB, 0x3F800001, 0x4B000000,
        0x4B7FFFFF, 0x3EFFFFFF, 0x3FC00000, 0xC0200000, 0x4F000000, 0xCF000000, 0x5F800000,
        0x00400000, 0x1E3CE508, 0x60AD78EC, 0x3FB504F3]
F64E = [0, 0x8000000000000000, 0x3FF0000000000000, 0xBFF0000000000000, 0x7FF0000000000000,
        0xFFF0000000000000, 0x7FF8000000000000, 0x7FF4000000012345, 0xFFF8000000000001,
        0x0000000000000001, 0x800FFFFFFFFFFFFF, 0x0010000000000000, 0x7FEFFFFFFFFFFFFF,
        0x3FE0000000000000, 0x4000000000000000, 0x400921FB54442D18, 0x3FF0000000000001,
        0x4330000000000000, 0x3FDFFFFFFFFFFFFF, 0x3FF8000000000000, 0xC004000000000000,
        0x41E0000000000000, 0xC3E0000000000000, 0x47EFFFFFE0000000, 0x36A0000000000000,
        0x380FFFFFFFFFFFFF, 0x3810000000000000, 0x43F0000000000000]
F16E = [0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0x7D23, 0xFE01, 0x0001, 0x83FF,
        0x0400, 0x7BFF, 0xFBFF, 0x3800, 0x4000, 0x4248, 0x3C01, 0x6400, 0x3BFF, 0x3E00, 0xC100,
        0x0200, 0x5640]
BF16E = [0x0000, 0x8000, 0x3F80, 0xBF80, 0x7F80, 0xFF80, 0x7FC0, 0x7FA1, 0xFFC1, 0x0001, 0x807F,
         0x0080, 0x7F7F, 0xFF7F, 0x3F00, 0x4000, 0x4049, 0x3F81, 0x4B00, 0x3EFF, 0x3FC0, 0xC020,
         0x0040]
F8E = [0x00, 0x80, 0x01, 0x07, 0x08, 0x38, 0x7E, 0x7F, 0xFF, 0xFE, 0x7C, 0x7B, 0x3C, 0xBC, 0x40, 0x55]


def rf32():
    k = R.random()
    if k < 0.45:   # moderate exponents so that sums cancel and round
        return (R.getrandbits(1) << 31) | (R.randint(0x70, 0x8F) << 23) | R.getrandbits(23)
    if k < 0.6:
        return (R.getrandbits(1) << 31) | R.getrandbits(23)          # denormal
    if k < 0.7:
        return (R.getrandbits(1) << 31) | (R.randint(1, 4) << 23) | R.getrandbits(23)
    return R.getrandbits(32)


def rf64():
    k = R.random()
    if k < 0.45:
        return (R.getrandbits(1) << 63) | (R.randint(0x3E0, 0x420) << 52) | R.getrandbits(52)
    if k < 0.6:
        return (R.getrandbits(1) << 63) | R.getrandbits(52)
    if k < 0.7:    # near the f32 range ends, for cvt.f32.f64
        return (R.getrandbits(1) << 63) | (R.choice([R.randint(0x360, 0x381), R.randint(0x47D, 0x47F)]) << 52) | R.getrandbits(52)
    return R.getrandbits(64)


def rf16():
    k = R.random()
    if k < 0.5:
        return (R.getrandbits(1) << 15) | (R.randint(10, 20) << 10) | R.getrandbits(10)
    if k < 0.65:
        return (R.getrandbits(1) << 15) | R.getrandbits(10)
    return R.getrandbits(16)


def rbf16():
    k = R.random()
    if k < 0.5:
        return (R.getrandbits(1) << 15) | (R.randint(0x70, 0x8F) << 7) | R.getrandbits(7)
    if k < 0.65:
        return (R.getrandbits(1) << 15) | R.getrandbits(7)
    return R.getrandbits(16)


def rint(bits):
    def f():
        k = R.random()
        if k < 0.3:
            return R.getrandbits(R.randint(1, bits))
        if k < 0.4:
            return (1 << bits) - 1 - R.getrandbits(R.randint(1, bits))
        return R.getrandbits(bits)
    return f


def pair(e, r):
    return (lambda: (R.choice(e) << 16) | R.choice(e)) if R.random() < 0.3 else ((r() << 16) | r())


def r2(r):
    return lambda: (r() << 16) | r()


# value kinds: (edge list, random generator, register class)
K = {
    "u16": (I16E, rint(16), "b16"), "u32": (I32E, rint(32), "b32"), "u64": (I64E, rint(64), "b64"),
    "f32": (F32E, rf32, "b32"), "f64": (F64E, rf64, "b64"), "f16": (F16E, rf16, "b16"),
    "bf16": (BF16E, rbf16, "b16"), "pred": ([0, 1], lambda: R.getrandbits(1), "pred"),
    "f16x2": ([(a << 16) | b for a, b in zip(F16E, reversed(F16E))], r2(rf16), "b32"),
    "bf16x2": ([(a << 16) | b for a, b in zip(BF16E, reversed(BF16E))], r2(rbf16), "b32"),
    "f8x2": ([(a << 8) | b for a, b in zip(F8E, reversed(F8E))], rint(16), "b16"),
    "sh32": ([0, 1, 7, 8, 16, 31, 32, 33, 40, 63, 64, 255, 256, 0x80000000, 0xFFFFFFFF], None, "b32"),
    "sh16": ([0, 1, 7, 8, 15, 16, 17, 31, 32, 64, 0xFFFF], None, "b16"),
    "i8x4": ([0, 0x7F7F7F7F, 0x80808080, 0xFFFFFFFF, 0x01FF7F80, 0x12345678], rint(32), "b32"),
    "sel": ([0, 1, 2, 3, 0x3210, 0x7654, 0x8888, 0x4321, 0x0123, 0xFFFF, 0x9ABC], None, "b32"),
}
K["sh32"] = (K["sh32"][0], lambda: R.choice([R.getrandbits(6), R.getrandbits(8), R.getrandbits(32)]), "b32")
K["sh16"] = (K["sh16"][0], lambda: R.choice([R.getrandbits(5), R.getrandbits(16)]), "b16")
K["sel"] = (K["sel"][0], lambda: R.getrandbits(16) if R.random() < 0.7 else R.getrandbits(32), "b32")
for n in ("s16", "b16"):
    K[n] = K["u16"]
for n in ("s32", "b32"):
    K[n] = K["u32"]
for n in ("s64", "b64"):
    K[n] = K["u64"]


def tuples(kinds):
    """Edge cross-products (capped) then random tuples."""
    out = []
    edges = [K[k][0] for k in kinds]
    if len(kinds) == 1:
        out = [(e,) for e in edges[0]]
    elif len(kinds) == 2:
        out = [(a, b) for a in edges[0] for b in edges[1]]
        if len(out) > 400:
            out = R.sample(out, 400)
    else:
        for _ in range(240):
            out.append(tuple(R.choice(e) for e in edges))
    for _ in range(NRAND):
        out.append(tuple(K[k][1]() if R.random() < 0.8 else R.choice(K[k][0]) for k in kinds))
    return out


V = []   # (name, instruction, [(role, class)], tuples)


def sfu32():
    """An f32 for the special-function variants: any exponent, or near 1."""
    k = RX.random()
    if k < 0.4:
        return RX.getrandbits(32)
    if k < 0.9:
        return (RX.getrandbits(1) << 31) | (RX.randint(127 - 30, 127 + 30) << 23) | RX.getrandbits(23)
    return (RX.getrandbits(1) << 31) | RX.getrandbits(23)


def sfu64():
    k = RX.random()
    if k < 0.4:
        return RX.getrandbits(64)
    if k < 0.9:
        return (RX.getrandbits(1) << 63) | (RX.randint(1023 - 60, 1023 + 60) << 52) | RX.getrandbits(52)
    return (RX.getrandbits(1) << 63) | RX.getrandbits(52)


# Extra tuples of the SFU-backed variants: NSFU random ones (every input for
# the scalar 16-bit forms), appended after the common edge and random tuples.
NSFU = 1000
SFUGEN = {"f32": sfu32, "f64": sfu64, "f16x2": lambda: RX.getrandbits(32), "bf16x2": lambda: RX.getrandbits(32)}


def sfu_more(kinds):
    if kinds in (["f16"], ["bf16"]):
        return [(v,) for v in range(1 << 16)]
    return [tuple(SFUGEN[k]() for k in kinds) for _ in range(NSFU)]


def add(ins, dsts, srcs, flags=(), tup=None, more=False):
    """ins: text with {d0} {d1} {s0} ... placeholders; dsts: register classes;
    srcs: value kinds (see K); flags: 'cin' / 'cout'; more: add sfu_more's tuples."""
    ops = [("d", c) for c in dsts] + [("s", K[k][2]) for k in srcs]
    kinds = list(srcs)
    if "cin" in flags:
        ops.append(("c", "pred"))
        kinds.append("pred")
    if "cout" in flags:
        ops.append(("o", "pred"))
    t = tup if tup is not None else tuples(kinds)
    if more:
        t = t + sfu_more(list(srcs))
    name = ins.split(" ")[0]
    if any(v[0] == name for v in V):
        name += "#%d" % len(V)
    fm = {"d%d" % i: "%%d%d" % i for i in range(len(dsts))}
    fm.update({"s%d" % i: "%%s%d" % i for i in range(len(srcs))})
    V.append((name, ins.format(**fm), ops, t))


def bin_(op, cls, kind, dcls=None):
    add(op + " {d0}, {s0}, {s1};", [dcls or cls], [kind, kind])


def ter(op, cls, kinds, dcls=None):
    add(op + " {d0}, {s0}, {s1}, {s2};", [dcls or cls], kinds)


def gen():
    IT = [("u16", "b16"), ("s16", "b16"), ("u32", "b32"), ("s32", "b32"), ("u64", "b64"), ("s64", "b64")]
    # ---- integer arithmetic
    for t, c in IT:
        bin_("add.%s" % t, c, t)
        bin_("sub.%s" % t, c, t)
        bin_("mul.lo.%s" % t, c, t)
        bin_("mul.hi.%s" % t, c, t)
        ter("mad.lo.%s" % t, c, [t, t, t])
        ter("mad.hi.%s" % t, c, [t, t, t])
        ter("sad.%s" % t, c, [t, t, t])
        bin_("div.%s" % t, c, t)
        bin_("rem.%s" % t, c, t)
        bin_("min.%s" % t, c, t)
        bin_("max.%s" % t, c, t)
        if t[0] == "s":
            add("abs.%s {d0}, {s0};" % t, [c], [t])
            add("neg.%s {d0}, {s0};" % t, [c], [t])
    for t, c, w in (("u16", "b16", "b32"), ("s16", "b16", "b32"), ("u32", "b32", "b64"), ("s32", "b32", "b64")):
        bin_("mul.wide.%s" % t, c, t, w)
        add("mad.wide.%s {d0}, {s0}, {s1}, {s2};" % t, [w], [t, t, "u" + w[1:]])
    bin_("add.sat.s32", "b32", "s32")
    bin_("sub.sat.s32", "b32", "s32")
    ter("mad.hi.sat.s32", "b32", ["s32"] * 3)
    bin_("min.relu.s32", "b32", "s32")
    bin_("max.relu.s32", "b32", "s32")
    for t in ("u16x2", "s16x2"):
        bin_("min.%s" % t, "b32", "u32")
        bin_("max.%s" % t, "b32", "u32")
        bin_("add.%s" % t, "b32", "u32")
    for t in ("u32", "s32"):
        bin_("mul24.lo.%s" % t, "b32", t)
        bin_("mul24.hi.%s" % t, "b32", t)
        ter("mad24.lo.%s" % t, "b32", [t] * 3)
        ter("mad24.hi.%s" % t, "b32", [t] * 3)
    ter("mad24.hi.sat.s32", "b32", ["s32"] * 3)
    # ---- carry chains
    for t, c in (("u32", "b32"), ("s32", "b32"), ("u64", "b64")):
        add("add.cc.%s {d0}, {s0}, {s1};" % t, [c], [t, t], ("cout",))
        add("sub.cc.%s {d0}, {s0}, {s1};" % t, [c], [t, t], ("cout",))
        add("addc.%s {d0}, {s0}, {s1};" % t, [c], [t, t], ("cin",))
        add("addc.cc.%s {d0}, {s0}, {s1};" % t, [c], [t, t], ("cin", "cout"))
        add("subc.%s {d0}, {s0}, {s1};" % t, [c], [t, t], ("cin",))
        add("subc.cc.%s {d0}, {s0}, {s1};" % t, [c], [t, t], ("cin", "cout"))
        add("mad.lo.cc.%s {d0}, {s0}, {s1}, {s2};" % t, [c], [t, t, t], ("cout",))
        add("mad.hi.cc.%s {d0}, {s0}, {s1}, {s2};" % t, [c], [t, t, t], ("cout",))
        add("madc.lo.%s {d0}, {s0}, {s1}, {s2};" % t, [c], [t, t, t], ("cin",))
        add("madc.hi.cc.%s {d0}, {s0}, {s1}, {s2};" % t, [c], [t, t, t], ("cin", "cout"))
    # ---- bit manipulation
    for b, c in (("b32", "b32"), ("b64", "b64")):
        add("popc.%s {d0}, {s0};" % b, ["b32"], [b])
        add("clz.%s {d0}, {s0};" % b, ["b32"], [b])
        add("brev.%s {d0}, {s0};" % b, [c], [b])
        add("bfi.%s {d0}, {s0}, {s1}, {s2}, {s3};" % b, [c], [b, b, "sh32", "sh32"])
    for t in ("u32", "s32", "u64", "s64"):
        c = "b64" if "64" in t else "b32"
        add("bfind.%s {d0}, {s0};" % t, ["b32"], [t])
        add("bfind.shiftamt.%s {d0}, {s0};" % t, ["b32"], [t])
        ter("bfe.%s" % t, c, [t, "sh32", "sh32"])
    add("fns.b32 {d0}, {s0}, {s1}, {s2};", ["b32"], ["b32", "sh32", "s32"])
    add("prmt.b32 {d0}, {s0}, {s1}, {s2};", ["b32"], ["b32", "b32", "sel"])
    for m in ("f4e", "b4e", "rc8", "ecl", "ecr", "rc16"):
        add("prmt.b32.%s {d0}, {s0}, {s1}, {s2};" % m, ["b32"], ["b32", "b32", "sel"])
    for d in ("l", "r"):
        for m in ("wrap", "clamp"):
            add("shf.%s.%s.b32 {d0}, {s0}, {s1}, {s2};" % (d, m), ["b32"], ["b32", "b32", "sh32"])
    for t, c, s in (("b16", "b16", "sh32"), ("b32", "b32", "sh32"), ("b64", "b64", "sh32")):
        add("shl.%s {d0}, {s0}, {s1};" % t, [c], [t, s])
    for t, c in (("b16", "b16"), ("u16", "b16"), ("s16", "b16"), ("b32", "b32"), ("u32", "b32"),
                 ("s32", "b32"), ("b64", "b64"), ("u64", "b64"), ("s64", "b64")):
        add("shr.%s {d0}, {s0}, {s1};" % t, [c], [t, "sh32"])
    for lut in (0x96, 0xE8, 0xF0, 0xCA, 0x1E, 0x00, 0xFF, 0x80, 0x6A, 0x3C):
        add("lop3.b32 {d0}, {s0}, {s1}, {s2}, 0x%02x;" % lut, ["b32"], ["b32"] * 3)
    for t, c in (("b16", "b16"), ("b32", "b32"), ("b64", "b64"), ("pred", "pred")):
        for op in ("and", "or", "xor"):
            bin_("%s.%s" % (op, t), c, t)
        add("not.%s {d0}, {s0};" % t, [c], [t])
        if t != "pred":
            add("cnot.%s {d0}, {s0};" % t, [c], [t])
    for a in ("u32", "s32"):
        for b in ("u32", "s32"):
            add("dp4a.%s.%s {d0}, {s0}, {s1}, {s2};" % (a, b), ["b32"], ["i8x4", "i8x4", "u32"])
            for h in ("lo", "hi"):
                add("dp2a.%s.%s.%s {d0}, {s0}, {s1}, {s2};" % (h, a, b), ["b32"], ["i8x4", "i8x4", "u32"])
    for m in ("clamp", "wrap"):
        add("bmsk.%s.b32 {d0}, {s0}, {s1};" % m, ["b32"], ["sh32", "sh32"])
        for t in ("u32", "s32"):
            add("szext.%s.%s {d0}, {s0}, {s1};" % (m, t), ["b32"], ["u32", "sh32"])

    # ---- f32 / f64
    for t, c in (("f32", "b32"), ("f64", "b64")):
        ftzs = ("", ".ftz") if t == "f32" else ("",)
        for z in ftzs:
            for rm in ("rn", "rz", "rm", "rp"):
                for op in ("add", "sub", "mul"):
                    bin_("%s.%s%s.%s" % (op, rm, z, t), c, t)
                ter("fma.%s%s.%s" % (rm, z, t), c, [t] * 3)
                bin_("div.%s%s.%s" % (rm, z, t), c, t)
                add("rcp.%s%s.%s {d0}, {s0};" % (rm, z, t), [c], [t])
                add("sqrt.%s%s.%s {d0}, {s0};" % (rm, z, t), [c], [t])
            add("abs%s.%s {d0}, {s0};" % (z, t), [c], [t])
            add("neg%s.%s {d0}, {s0};" % (z, t), [c], [t])
            bin_("min%s.%s" % (z, t), c, t)
            bin_("max%s.%s" % (z, t), c, t)
            bin_("add%s.%s" % (z, t), c, t)
            bin_("mul%s.%s" % (z, t), c, t)
            ter("mad.rn%s.%s" % (z, t), c, [t] * 3)
        bin_("copysign.%s" % t, c, t)
        for cls in ("finite", "infinite", "number", "notanumber", "normal", "subnormal"):
            add("testp.%s.%s {d0}, {s0};" % (cls, t), ["pred"], [t])
    for z in ("", ".ftz"):
        bin_("add%s.sat.f32" % z, "b32", "f32")
        bin_("mul%s.sat.f32" % z, "b32", "f32")
        ter("fma.rn%s.sat.f32" % z, "b32", ["f32"] * 3)
        add("div.approx%s.f32 {d0}, {s0}, {s1};" % z, ["b32"], ["f32", "f32"], more=True)
        add("div.full%s.f32 {d0}, {s0}, {s1};" % z, ["b32"], ["f32", "f32"], more=True)
        for f in ("rcp", "sqrt", "rsqrt", "sin", "cos", "lg2", "ex2"):
            add("%s.approx%s.f32 {d0}, {s0};" % (f, z), ["b32"], ["f32"], more=True)
        bin_("min%s.NaN.f32" % z, "b32", "f32")
        bin_("max%s.NaN.f32" % z, "b32", "f32")
    add("tanh.approx.f32 {d0}, {s0};", ["b32"], ["f32"], more=True)
    bin_("min.xorsign.abs.f32", "b32", "f32")
    bin_("max.xorsign.abs.f32", "b32", "f32")
    add("rcp.approx.ftz.f64 {d0}, {s0};", ["b64"], ["f64"], more=True)
    add("rsqrt.approx.f64 {d0}, {s0};", ["b64"], ["f64"], more=True)
    add("rsqrt.approx.ftz.f64 {d0}, {s0};", ["b64"], ["f64"], more=True)

    # ---- half precision
    for t, c, cn in (("f16", "b16", "f16"), ("f16x2", "b32", "f16x2"), ("bf16", "b16", "bf16"), ("bf16x2", "b32", "bf16x2")):
        hz = ("", ".ftz") if t[0] == "f" else ("",)
        for z in hz:
            for op in ("add", "sub", "mul"):
                bin_("%s.rn%s.%s" % (op, z, t), c, cn)
                if t[0] == "f":
                    bin_("%s%s.sat.%s" % (op, z, t), c, cn)
            ter("fma.rn%s.%s" % (z, t), c, [cn] * 3)
            if t[0] == "f":
                ter("fma.rn%s.sat.%s" % (z, t), c, [cn] * 3)
            bin_("min%s.%s" % (z, t), c, cn)
            bin_("max%s.%s" % (z, t), c, cn)
            bin_("min%s.NaN.%s" % (z, t), c, cn)
            bin_("max%s.NaN.%s" % (z, t), c, cn)
            add("neg%s.%s {d0}, {s0};" % (z, t), [c], [cn])
            add("abs%s.%s {d0}, {s0};" % (z, t), [c], [cn])
        ter("fma.rn.relu.%s" % t, c, [cn] * 3)
        bin_("min.xorsign.abs.%s" % t, c, cn)
        bin_("max.xorsign.abs.%s" % t, c, cn)
        add("tanh.approx.%s {d0}, {s0};" % t, [c], [cn], more=True)
        add("ex2.approx%s.%s {d0}, {s0};" % (".ftz" if t[0] == "b" else "", t), [c], [cn], more=True)

    # ---- comparisons and selection
    CF = ("eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan")
    for t, c in (("f32", "b32"), ("f64", "b64"), ("f16", "b16"), ("bf16", "b16")):
        for cm in CF:
            add("setp.%s.%s {d0}, {s0}, {s1};" % (cm, t), ["pred"], [t, t])
    for cm in ("lt", "equ", "gt"):
        add("setp.%s.ftz.f32 {d0}, {s0}, {s1};" % cm, ["pred"], ["f32", "f32"])
    for t in ("u16", "s16", "u32", "s32", "u64", "s64"):
        for cm in ("eq", "ne", "lt", "le", "gt", "ge"):
            add("setp.%s.%s {d0}, {s0}, {s1};" % (cm, t), ["pred"], [t, t])
    for cm in ("lo", "ls", "hi", "hs"):
        add("setp.%s.u32 {d0}, {s0}, {s1};" % cm, ["pred"], ["u32", "u32"])
    for b in ("and", "or", "xor"):
        add("setp.lt.%s.s32 {d0}|{d1}, {s0}, {s1}, {s2};" % b, ["pred", "pred"], ["s32", "s32", "pred"])
        add("setp.gtu.%s.f32 {d0}|{d1}, {s0}, {s1}, !{s2};" % b, ["pred", "pred"], ["f32", "f32", "pred"])
    add("setp.le.f32 {d0}|{d1}, {s0}, {s1};", ["pred", "pred"], ["f32", "f32"])
    for cm in ("lt", "equ", "nan"):
        add("set.%s.u32.f32 {d0}, {s0}, {s1};" % cm, ["b32"], ["f32", "f32"])
        add("set.%s.f32.f32 {d0}, {s0}, {s1};" % cm, ["b32"], ["f32", "f32"])
        add("set.%s.s32.s32 {d0}, {s0}, {s1};" % cm.replace("equ", "ge").replace("nan", "ne"), ["b32"], ["s32", "s32"])
    add("set.lt.or.u32.f64 {d0}, {s0}, {s1}, {s2};", ["b32"], ["f64", "f64", "pred"])
    add("set.lt.f16x2.f16x2 {d0}, {s0}, {s1};", ["b32"], ["f16x2", "f16x2"])
    add("set.lt.u32.f16x2 {d0}, {s0}, {s1};", ["b32"], ["f16x2", "f16x2"])
    add("set.ltu.bf16x2.bf16x2 {d0}, {s0}, {s1};", ["b32"], ["bf16x2", "bf16x2"])
    add("selp.b32 {d0}, {s0}, {s1}, {s2};", ["b32"], ["b32", "b32", "pred"])
    add("selp.f64 {d0}, {s0}, {s1}, {s2};", ["b64"], ["f64", "f64", "pred"])
    add("selp.b16 {d0}, {s0}, {s1}, {s2};", ["b16"], ["b16", "b16", "pred"])
    add("slct.b32.s32 {d0}, {s0}, {s1}, {s2};", ["b32"], ["b32", "b32", "s32"])
    add("slct.u64.f32 {d0}, {s0}, {s1}, {s2};", ["b64"], ["u64", "u64", "f32"])
    add("slct.ftz.s32.f32 {d0}, {s0}, {s1}, {s2};", ["b32"], ["s32", "s32", "f32"])
    add("mov.b32 {d0}, {s0};", ["b32"], ["b32"])
    add("mov.b64 {d0}, {s0};", ["b64"], ["b64"])
    add("mov.pred {d0}, {s0};", ["pred"], ["pred"])

    # ---- conversions
    CLS = {"f16": "b16", "bf16": "b16", "f32": "b32", "f64": "b64", "tf32": "b32",
           "u8": "b16", "s8": "b16", "u16": "b16", "s16": "b16", "u32": "b32", "s32": "b32",
           "u64": "b64", "s64": "b64"}
    DCLS = dict(CLS, u8="b32", s8="b32")
    KIND = {"u8": "u16", "s8": "u16", "tf32": "f32"}
    RM = ("rn", "rz", "rm", "rp")
    RI = ("rni", "rzi", "rmi", "rpi")
    INTS = ("u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64")

    def cvt(mods, d, s, srckind=None):
        add("cvt%s.%s.%s {d0}, {s0};" % (mods, d, s), [DCLS[d]], [srckind or KIND.get(s, s)])
    for d in INTS:
        for s in INTS:
            if d != s:
                cvt("", d, s)
                # ptxas refuses .sat where the destination holds every source value
                wid = int(d[1:]) > int(s[1:]) and (d[0] == s[0] or d[0] == "s")
                if not wid:
                    cvt(".sat", d, s)
    for f in ("f16", "f32", "f64", "bf16"):
        for i in INTS:
            for r in RI:
                if f in ("f16", "bf16") and r != "rni" and r != "rzi":
                    continue
                if f == "bf16" and i in ("u8", "s8"):
                    continue
                cvt("." + r, i, f)
            if f in ("f16", "f32", "f64"):
                for r in RM:
                    if f == "f16" and r != "rn" and r != "rz":
                        continue
                    cvt("." + r, f, i)
        if f == "f32":
            cvt(".rzi.ftz", "s32", "f32")
            cvt(".rni.sat", "u32", "f32")
    for i in ("s32", "u32", "s64", "u16"):
        for r in RM:
            cvt("." + r, "bf16", i)
    for r in RM:
        cvt("." + r, "f16", "f32")
        cvt("." + r, "f16", "f64")
        cvt("." + r, "f32", "f64")
        cvt("." + r + ".ftz", "f32", "f64")
        cvt("." + r, "bf16", "f32")
        cvt("." + r, "bf16", "f64")
        cvt("." + r, "bf16", "f16")
        cvt("." + r, "f16", "bf16")
    for r in RI:
        for f in ("f16", "f32", "f64", "bf16"):
            cvt("." + r, f, f)
        cvt("." + r + ".ftz", "f32", "f32")
    cvt(".rn.sat", "f16", "f32")
    cvt(".rn.sat", "f32", "f64")
    cvt(".sat", "f32", "f32")
    cvt(".ftz.sat", "f32", "f32")
    cvt(".ftz", "f32", "f32")
    cvt(".rni.sat", "f32", "f32")
    cvt(".rn.relu", "f16", "f32")
    cvt(".rn.relu", "bf16", "f32")
    cvt(".rn.satfinite", "f16", "f32")
    cvt(".rn.satfinite", "bf16", "f32")
    for f in ("f16", "bf16", "f32"):
        cvt("", "f64", f)
        if f != "f32":
            cvt("", "f32", f)
    cvt(".ftz", "f32", "f16")
    cvt(".ftz", "f64", "f32")
    cvt(".rna", "tf32", "f32")
    add("cvt.rna.satfinite.tf32.f32 {d0}, {s0};", ["b32"], ["f32"], more=True)
    cvt(".rn", "tf32", "f32")
    cvt(".rz", "tf32", "f32")
    for r in ("rn", "rz"):
        for m in ("", ".relu", ".satfinite"):
            if r == "rz" and m == ".relu":
                continue
            add("cvt.%s%s.f16x2.f32 {d0}, {s0}, {s1};" % (r, m), ["b32"], ["f32", "f32"])
            add("cvt.%s%s.bf16x2.f32 {d0}, {s0}, {s1};" % (r, m), ["b32"], ["f32", "f32"])
    for f8 in ("e4m3x2", "e5m2x2"):
        add("cvt.rn.satfinite.%s.f32 {d0}, {s0}, {s1};" % f8, ["b16"], ["f32", "f32"])
        add("cvt.rn.satfinite.relu.%s.f32 {d0}, {s0}, {s1};" % f8, ["b16"], ["f32", "f32"])
        add("cvt.rn.satfinite.%s.f16x2 {d0}, {s0};" % f8, ["b16"], ["f16x2"])
        add("cvt.rn.satfinite.relu.%s.f16x2 {d0}, {s0};" % f8, ["b16"], ["f16x2"])
        add("cvt.rn.f16x2.%s {d0}, {s0};" % f8, ["b32"], ["f8x2"])
        add("cvt.rn.relu.f16x2.%s {d0}, {s0};" % f8, ["b32"], ["f8x2"])
    for d in ("s8", "u8"):
        add("cvt.pack.sat.%s.s32.b32 {d0}, {s0}, {s1}, {s2};" % d, ["b32"], ["s32", "s32", "u32"])
    for d in ("s16", "u16"):
        add("cvt.pack.sat.%s.s32 {d0}, {s0}, {s1};" % d, ["b32"], ["s32", "s32"])
    for d in ("s4", "u4", "s2", "u2"):
        add("cvt.pack.sat.%s.s32.b32 {d0}, {s0}, {s1}, {s2};" % d, ["b32"], ["s32", "s32", "u32"])


# ---------------------------------------------------------------- later variants
# Appended after every variant above, with their own generator, so that the
# tuples above stay as recorded: regenerating keeps variants.txt and
# inputs.bin of the old variants byte for byte as a prefix.
RV = random.Random(20251201)


def nan64():
    """An f64 NaN, quiet or signaling, either sign, with a random payload."""
    q = RV.getrandbits(1)
    pay = RV.getrandbits(51) | (0 if q else 1)
    return (RV.getrandbits(1) << 63) | (0x7FF << 52) | (q << 51) | pay


def tiny32():
    """An f32 subnormal or small normal of either sign (cvt to f16 near 0)."""
    k = RV.random()
    if k < 0.6:
        return (RV.getrandbits(1) << 31) | RV.getrandbits(23)
    return (RV.getrandbits(1) << 31) | (RV.randint(1, 0x66) << 23) | RV.getrandbits(23)


def gen_more():
    global R
    saved, R = R, RV   # tuples() and K's generators draw from R
    K["nan64"] = ([0x7FF8000000000000, 0xFFF8000000000000, 0x7FF0000000000001, 0xFFF7FFFFFFFFFFFF,
                   0x7FFFFFFFFFFFFFFF], lambda: nan64() if RV.random() < 0.6 else rf64(), "b64")
    K["tiny32"] = ([0x00000001, 0x80000001, 0x007FFFFF, 0x807FFFFF, 0x00400000, 0x0D000000, 0x33000000,
                    0x33000001, 0xB3000001, 0x387FC000], tiny32, "b32")
    # setp on f16x2/bf16x2 with p|q: one comparison per half
    for cm in ("eq", "lt", "le", "gtu", "ne", "num", "nan"):
        add("setp.%s.f16x2 {d0}|{d1}, {s0}, {s1};" % cm, ["pred", "pred"], ["f16x2", "f16x2"])
    for cm in ("lt", "geu"):
        add("setp.%s.bf16x2 {d0}|{d1}, {s0}, {s1};" % cm, ["pred", "pred"], ["bf16x2", "bf16x2"])
    add("setp.lt.ftz.f16x2 {d0}|{d1}, {s0}, {s1};", ["pred", "pred"], ["f16x2", "f16x2"])
    for b in ("and", "or", "xor"):
        add("setp.le.%s.f16x2 {d0}|{d1}, {s0}, {s1}, {s2};" % b, ["pred", "pred"], ["f16x2", "f16x2", "pred"])
        add("setp.gt.%s.bf16x2 {d0}|{d1}, {s0}, {s1}, !{s2};" % b, ["pred", "pred"], ["bf16x2", "bf16x2", "pred"])
    # f64 NaN propagation: random payloads and signs, every rounding, immediates
    for rm in ("rn", "rz", "rm", "rp"):
        for op in ("add", "sub", "mul"):
            bin_("%s.%s.f64" % (op, rm), "b64", "nan64")
        ter("fma.%s.f64" % rm, "b64", ["nan64"] * 3)
        ter("mad.%s.f64" % rm, "b64", ["nan64"] * 3)
    for op in ("min", "max", "add", "sub", "mul"):
        bin_("%s.f64" % op, "b64", "nan64")
    for ins in ("add.rn.f64 {d0}, {s0}, 0d7FF4000000000001;", "add.rn.f64 {d0}, 0dFFF8000000000123, {s0};",
                "sub.rm.f64 {d0}, {s0}, 0d7FF8000000000ABC;", "sub.rp.f64 {d0}, 0d7FF8000000000ABC, {s0};",
                "mul.rz.f64 {d0}, 0d7FF0000000000001, {s0};", "min.f64 {d0}, {s0}, 0dFFF8000000000077;",
                "max.f64 {d0}, 0d7FF4000000000055, {s0};"):
        add(ins, ["b64"], ["nan64"])
    add("fma.rn.f64 {d0}, {s0}, {s1}, 0dFFF4000000000005;", ["b64"], ["nan64", "nan64"])
    add("fma.rz.f64 {d0}, {s0}, 0d7FF8000000000009, {s1};", ["b64"], ["nan64", "nan64"])
    # cvt.ftz to f16 of f32 subnormals and tiny normals
    for rm in ("rn", "rz", "rm", "rp"):
        add("cvt.%s.ftz.f16.f32 {d0}, {s0};" % rm, ["b16"], ["tiny32"])
        add("cvt.%s.ftz.sat.f16.f32 {d0}, {s0};" % rm, ["b16"], ["tiny32"])
        add("cvt.%s.f16.f32 {d0}, {s0};" % rm, ["b16"], ["tiny32"])
    add("cvt.rn.relu.f16.f32 {d0}, {s0};", ["b16"], ["tiny32"])   # ptxas takes no .ftz with these
    add("cvt.rn.satfinite.f16.f32 {d0}, {s0};", ["b16"], ["tiny32"])
    # bfi with immediate positions and lengths, in and beyond the width
    for pos, ln in ((0, 64), (8, 64), (40, 8), (0, 32), (31, 255), (16, 0), (255, 255), (1, 33)):
        add("bfi.b32 {d0}, {s0}, {s1}, %d, %d;" % (pos, ln), ["b32"], ["b32", "b32"])
    for pos, ln in ((4, 64), (0, 128), (60, 255), (64, 8)):
        add("bfi.b64 {d0}, {s0}, {s1}, %d, %d;" % (pos, ln), ["b64"], ["b64", "b64"])
    add("bfi.b32 {d0}, {s0}, {s1}, {s2}, 64;", ["b32"], ["b32", "b32", "sh32"])
    add("bfi.b32 {d0}, {s0}, {s1}, 8, {s2};", ["b32"], ["b32", "b32", "sh32"])
    # scalar video instructions
    VT = (("u32", "u32", "u32"), ("s32", "s32", "s32"), ("u32", "s32", "u32"), ("s32", "u32", "s32"))
    for op in ("vadd", "vsub", "vabsdiff", "vmin", "vmax"):
        for dt, at, bt in VT:
            t = "%s.%s.%s.%s" % (op, dt, at, bt)
            add(t + " {d0}, {s0}, {s1};", ["b32"], ["u32", "u32"])
            add(t + ".sat {d0}, {s0}, {s1};", ["b32"], ["u32", "u32"])
        for sa, sb in (("b0", "b1"), ("b3", "h1"), ("h0", "b2"), ("h1", "h0")):
            add("%s.s32.s32.u32 {d0}, {s0}.%s, {s1}.%s;" % (op, sa, sb), ["b32"], ["u32", "u32"])
            add("%s.u32.s32.s32.sat {d0}, {s0}.%s, {s1}.%s;" % (op, sa, sb), ["b32"], ["u32", "u32"])
        for o2 in ("add", "min", "max"):
            add("%s.s32.s32.s32.%s {d0}, {s0}, {s1}, {s2};" % (op, o2), ["b32"], ["u32", "u32", "u32"])
            add("%s.u32.u32.u32.sat.%s {d0}, {s0}.b1, {s1}.h0, {s2};" % (op, o2), ["b32"], ["u32", "u32", "u32"])
        for ds in ("b0", "b2", "h1"):
            add("%s.s32.s32.s32.sat {d0}.%s, {s0}, {s1}.b3, {s2};" % (op, ds), ["b32"], ["u32", "u32", "u32"])
            add("%s.u32.u32.s32 {d0}.%s, {s0}.h1, {s1}, {s2};" % (op, ds), ["b32"], ["u32", "u32", "u32"])
    for op in ("vshl", "vshr"):
        for dt, at in (("u32", "u32"), ("s32", "s32"), ("u32", "s32")):
            for m in ("clamp", "wrap"):
                add("%s.%s.%s.u32.%s {d0}, {s0}, {s1};" % (op, dt, at, m), ["b32"], ["u32", "sh32"])
                add("%s.%s.%s.u32.sat.%s {d0}, {s0}, {s1};" % (op, dt, at, m), ["b32"], ["u32", "sh32"])
        add("%s.s32.s32.u32.clamp.add {d0}, {s0}.b2, {s1}, {s2};" % op, ["b32"], ["u32", "sh32", "u32"])
        add("%s.u32.u32.u32.wrap {d0}.h0, {s0}, {s1}.b0, {s2};" % op, ["b32"], ["u32", "sh32", "u32"])
    for cm in ("eq", "ne", "lt", "le", "gt", "ge"):
        add("vset.s32.u32.%s {d0}, {s0}, {s1};" % cm, ["b32"], ["u32", "u32"])
    add("vset.u32.u32.lt {d0}, {s0}.b1, {s1}.h1;", ["b32"], ["u32", "u32"])
    for o2 in ("add", "min", "max"):
        add("vset.s32.s32.ge.%s {d0}, {s0}, {s1}, {s2};" % o2, ["b32"], ["u32", "u32", "u32"])
    add("vset.u32.s32.ne {d0}.b3, {s0}, {s1}, {s2};", ["b32"], ["u32", "u32", "u32"])
    for dt, at, bt in VT:
        add("vmad.%s.%s.%s {d0}, {s0}, {s1}, {s2};" % (dt, at, bt), ["b32"], ["u32", "u32", "u32"])
    add("vmad.s32.s32.s32.sat {d0}, {s0}.h0, {s1}.h1, {s2};", ["b32"], ["u32", "u32", "u32"])
    add("vmad.u32.u32.u32.shr7 {d0}, {s0}.b0, {s1}.b1, {s2};", ["b32"], ["u32", "u32", "u32"])
    add("vmad.s32.u32.s32.sat.shr15 {d0}, {s0}, {s1}, {s2};", ["b32"], ["u32", "u32", "u32"])
    add("vmad.u32.u32.u32.po {d0}, {s0}, {s1}, {s2};", ["b32"], ["u32", "u32", "u32"])
    # SIMD video with selectors and masks
    add("vadd2.u32.u32.u32 {d0}.h0, {s0}.h10, {s1}.h01, {s2};", ["b32"], ["u32", "u32", "u32"])
    add("vsub2.s32.s32.s32.sat {d0}.h1, {s0}.h01, {s1}.h11, {s2};", ["b32"], ["u32", "u32", "u32"])
    add("vmax2.s32.s32.s32.add {d0}.h1, {s0}, {s1}, {s2};", ["b32"], ["u32", "u32", "u32"])
    add("vadd4.u32.u32.u32.sat {d0}.b2, {s0}.b3210, {s1}.b7654, {s2};", ["b32"], ["u32", "u32", "u32"])
    add("vabsdiff4.u32.s32.s32 {d0}.b3, {s0}.b0123, {s1}.b4567, {s2};", ["b32"], ["u32", "u32", "u32"])
    add("vset4.u32.u32.lt.add {d0}.b1, {s0}.b0123, {s1}, {s2};", ["b32"], ["u32", "u32", "u32"])
    R = saved


# ---------------------------------------------------------------- video, second batch
# After gen_more's variants, with a generator of their own: vmad's negated
# operands, and the SIMD video selectors of b:a, destination masks and .add
# under a mask, in forms ptxas 13 accepts.
RVID = random.Random(20251205)
MASK4 = ("b0", "b1", "b10", "b2", "b20", "b21", "b210", "b3", "b30", "b31", "b310", "b32", "b320", "b321",
         "b3210")


def gen_video():
    global R
    saved, R = R, RVID
    VT = (("u32", "u32", "u32"), ("s32", "s32", "s32"), ("u32", "s32", "u32"), ("s32", "u32", "s32"),
          ("u32", "u32", "s32"))
    u3 = ["u32", "u32", "u32"]
    # vmad: a negated product (one of a, b), a negated c, both a and b
    # negated (no negation), with .sat, the scales and .po
    for dt, at, bt in VT:
        t = "vmad.%s.%s.%s" % (dt, at, bt)
        for ins in ("%s {d0}, -{s0}, {s1}, {s2};", "%s.sat {d0}, {s0}, -{s1}, {s2};",
                    "%s.sat {d0}, {s0}, {s1}, -{s2};", "%s {d0}, {s0}, {s1}, -{s2};",
                    "%s {d0}, -{s0}, -{s1}, -{s2};", "%s.sat {d0}, -{s0}, -{s1}, {s2};",
                    "%s.sat.shr15 {d0}, -{s0}, {s1}, {s2};", "%s.shr7 {d0}, {s0}, {s1}, -{s2};",
                    "%s.po.sat {d0}, {s0}, {s1}, {s2};", "%s.sat {d0}, {s0}, {s1}, {s2};",
                    "%s.shr15 {d0}, {s0}, {s1}, {s2};"):
            add(ins % t, ["b32"], u3)
    add("vmad.s32.u32.s32.sat.shr7 {d0}, -{s0}.b2, {s1}.h1, {s2};", ["b32"], u3)
    add("vmad.u32.u32.u32.po.shr15 {d0}, {s0}.h1, {s1}.h0, {s2};", ["b32"], u3)
    add("vmad.u32.s32.u32.sat {d0}, {s0}.b3, -{s1}.b0, {s2};", ["b32"], u3)
    add("vmad.s32.s32.s32.shr7.sat {d0}, {s0}.h0, {s1}.h0, -{s2};", ["b32"], u3)
    add("vmad.u32.u32.u32.po {d0}, -{s0}.b1, -{s1}.b1, {s2};", ["b32"], u3)
    add("vmad.s32.s32.s32 {d0}, {s0}, 7, -{s1};", ["b32"], ["u32", "u32"])
    # scalar forms with a c that neither a secondary operation nor a merge reads
    add("vadd.u32.u32.u32 {d0}, {s0}, {s1}, {s2};", ["b32"], u3)
    add("vmax.s32.s32.s32.sat {d0}, {s0}.b1, {s1}, {s2};", ["b32"], u3)
    add("vset.u32.s32.gt {d0}, {s0}, {s1}.h1, {s2};", ["b32"], u3)
    # SIMD video: random selectors of b:a, masks, .sat or .add
    for w, ops in (("2", ("vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax", "vset")),
                   ("4", ("vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax", "vset"))):
        kind = "u32" if w == "2" else "i8x4"
        for op in ops:
            for k in range(7):
                if w == "2":
                    sa = ".h%d%d" % (R.randrange(4), R.randrange(4))
                    sb = ".h%d%d" % (R.randrange(4), R.randrange(4))
                    mask = R.choice(("", ".h0", ".h1", ".h10"))
                else:
                    sa = ".b" + "".join(str(R.randrange(8)) for _ in range(4))
                    sb = ".b" + "".join(str(R.randrange(8)) for _ in range(4))
                    mask = "." + R.choice(MASK4) if R.random() < 0.8 else ""
                if R.random() < 0.25:
                    sa = ""
                if R.random() < 0.25:
                    sb = ""
                if op == "vset":
                    t = "%s.%s.%s" % (R.choice(("u32", "s32")), R.choice(("u32", "s32")),
                                      ("eq", "ne", "lt", "le", "gt", "ge", "lt")[k])
                    o2 = R.choice(("", ".add"))
                else:
                    t = "%s.%s.%s" % VT[k % len(VT)]
                    o2 = ("", ".sat", ".add")[k % 3]
                add("%s%s.%s%s {d0}%s, {s0}%s, {s1}%s, {s2};" % (op, w, t, o2, mask, sa, sb), ["b32"],
                    [kind, kind, "u32"])
    R = saved


REG = {"pred": ".pred", "b16": ".b16", "b32": ".b32", "b64": ".b64"}


def kernel(i, v):
    name, ins, ops, _ = v
    nin = sum(1 for r, _ in ops if r in "sc")
    nout = sum(1 for r, _ in ops if r in "do")
    L = [".visible .entry k%d(.param .u64 pin, .param .u64 pout, .param .u32 n)" % i, "{",
         "\t.reg .b64 %w<2>; .reg .b64 %a<4>; .reg .b32 %t<4>; .reg .pred %q;"]
    di = si = 0
    decl = []
    load = []
    store = []
    k = 0
    for r, c in ops:
        if r == "d":
            decl.append("\t.reg %s %%d%d;" % (REG[c], di))
            di += 1
        elif r == "s":
            decl.append("\t.reg %s %%s%d;" % (REG[c], si))
            si += 1
    L += decl
    L += ["\tmov.u32 %t0, %ctaid.x;", "\tmov.u32 %t1, %ntid.x;", "\tmov.u32 %t2, %tid.x;",
          "\tmad.lo.u32 %t0, %t0, %t1, %t2;", "\tld.param.u32 %t3, [n];",
          "\tsetp.ge.u32 %q, %t0, %t3;", "\t@%q bra DONE;",
          "\tld.param.u64 %a0, [pin];", "\tld.param.u64 %a1, [pout];",
          "\tcvta.to.global.u64 %a0, %a0;", "\tcvta.to.global.u64 %a1, %a1;",
          "\tmul.wide.u32 %%a2, %%t0, %d;" % (8 * nin), "\tadd.s64 %a0, %a0, %a2;",
          "\tmul.wide.u32 %%a2, %%t0, %d;" % (8 * nout), "\tadd.s64 %a1, %a1, %a2;"]
    si = 0
    for r, c in ops:
        if r == "s":
            load.append("\tld.global.u64 %%w0, [%%a0+%d];" % (8 * k))
            reg = "%%s%d" % si
            if c == "pred":
                load.append("\tsetp.ne.u64 %s, %%w0, 0;" % reg)
            elif c == "b64":
                load.append("\tmov.b64 %s, %%w0;" % reg)
            else:
                load.append("\tcvt.u%s.u64 %s, %%w0;" % (c[1:], reg))
            si += 1
            k += 1
        elif r == "c":
            load.append("\tld.global.u64 %%w0, [%%a0+%d];" % (8 * k))
            load.append("\tcvt.u32.u64 %t1, %w0;")
            load.append("\tadd.cc.u32 %t1, %t1, 0xFFFFFFFF;")
            k += 1
    L += load
    L.append("\t" + ins)
    k = 0
    di = 0
    for r, c in ops:
        if r == "d":
            reg = "%%d%d" % di
            if c == "pred":
                store.append("\tselp.u64 %%w1, 1, 0, %s;" % reg)
            elif c == "b64":
                store.append("\tmov.b64 %%w1, %s;" % reg)
            else:
                store.append("\tcvt.u64.u%s %%w1, %s;" % (c[1:], reg))
            store.append("\tst.global.u64 [%%a1+%d], %%w1;" % (8 * k))
            di += 1
            k += 1
        elif r == "o":
            store.append("\taddc.u32 %t1, 0, 0;")
            store.append("\tcvt.u64.u32 %w1, %t1;")
            store.append("\tst.global.u64 [%%a1+%d], %%w1;" % (8 * k))
            k += 1
    L += store
    L += ["DONE:", "\tret;", "}", ""]
    return "\n".join(L)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "ref")
    os.makedirs(out, exist_ok=True)
    gen()
    gen_more()
    gen_video()
    with open(os.path.join(out, "kernels.ptx"), "w") as f:
        f.write(".version 8.5\n.target sm_90\n.address_size 64\n\n")
        for i, v in enumerate(V):
            f.write(kernel(i, v))
    with open(os.path.join(out, "variants.txt"), "w") as f, open(os.path.join(out, "inputs.bin"), "wb") as b:
        for name, ins, ops, tup in V:
            f.write("%s\t%s\t%s\t%d\n" % (name, ins, " ".join("%s:%s" % o for o in ops), len(tup)))
            ins_cls = [c for r, c in ops if r in "sc"]
            for t in tup:
                for val, c in zip(t, ins_cls):
                    w = WIDTH[c]
                    b.write((val & ((1 << (8 * w)) - 1)).to_bytes(w, "little"))
    print("%d variants" % len(V))


if __name__ == "__main__":
    main()

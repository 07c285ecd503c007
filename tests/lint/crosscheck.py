#!/usr/bin/env python3
"""crosscheck.py — ptxas-lint against ptxas on generated statements.

The operand rules of verify/tensor.c and verify/types.c for the tensor-core,
vector, texture and surface instructions mirror what ptxas accepts.  This
script writes one small kernel per statement (every shape and type
combination of mma and mma.sp, the register types of each fragment, wmma,
wgmma, vectors mixing register types, texture and surface operands), runs
both tools on it and lists the statements where one accepts and the other
rejects (an error of either counts as a rejection).

Usage: tests/lint/crosscheck.py [-j N] [FAMILY...]
  FAMILY: mma mma-sp mma-regs wmma wgmma vectors texture surface cvt-sat cvt-float targets
          (default: all)
  $PTXAS (default /usr/local/cuda/bin/ptxas), $PTXAS_LINT (default ./ptxas-lint).
Exit 0 when the tools agree everywhere, 1 otherwise.  Not part of make check:
it needs ptxas and takes minutes.
"""
import concurrent.futures
import os
import subprocess
import sys
import tempfile

PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
LINT = os.environ.get("PTXAS_LINT", "./ptxas-lint")

# register prefix -> declaration; every family picks registers from these
REGS = {"%p": ".pred", "%rs": ".b16", "%h": ".f16", "%r": ".b32", "%f": ".f32", "%hh": ".f16x2",
        "%u": ".u32", "%s": ".s32", "%rd": ".b64", "%fd": ".f64", "%ud": ".u64", "%sd": ".s64", "%rb": ".b8"}


def kernel(target, body, pre=""):
    decl = "".join("\t.reg %s %s<140>;\n" % (t, p) for p, t in REGS.items())
    return (".version 8.7\n.target %s\n.address_size 64\n%s.shared .align 16 .b8 sm[4096];\n"
            ".visible .entry k(.param .u64 p)\n{\n%s\tld.param.u64 %%rd1, [p];\n\t%s\n\tret;\n}\n"
            % (target, pre, decl, body.replace("|", "\n\t")))


def vec(prefix, n, base=1):
    return "{" + ", ".join("%s%d" % (prefix, base + i) for i in range(n)) + "}"


def shape(s):
    m, rest = s[1:].split("n")
    n, k = rest.split("k")
    return int(m), int(n), int(k)


BITS = {"f16": 16, "f32": 32, "bf16": 16, "tf32": 32, "f64": 32, "s8": 8, "u8": 8, "s4": 4, "u4": 4,
        "b1": 1, "s32": 32, "e4m3": 8, "e5m2": 8, "e3m2": 8, "e2m3": 8, "e2m1": 8}


def regs(r, c, ty, q=1):
    """Registers per thread of an r x c tile (q: m8n8k4 .f16 takes four)."""
    return max(1, q * r * c * BITS[ty] // 1024)


def mma_family(sparse):
    op = "mma.sp::ordered_metadata" if sparse else "mma"
    shapes = (["m16n8k8", "m16n8k16", "m16n8k32", "m16n8k64", "m16n8k128"] if sparse else
              ["m8n8k4", "m16n8k4", "m16n8k8", "m16n8k16", "m8n8k16", "m16n8k32", "m8n8k32", "m16n8k64",
               "m8n8k128", "m16n8k128", "m16n8k256"])
    same = ["f16", "bf16", "tf32", "f64", "s8", "u8", "s4", "u4", "b1", "e4m3", "e5m2", "e3m2", "e2m1"]
    pairs = [(t, t) for t in same] + [("s8", "u8"), ("u8", "s8"), ("s4", "u4"), ("e4m3", "e5m2"),
                                      ("e5m2", "e3m2"), ("f16", "bf16"), ("s8", "s4")]
    accs = [("f16", "f16"), ("f32", "f32"), ("s32", "s32"), ("f64", "f64"), ("f32", "f16"), ("f16", "f32")]
    for target in ("sm_90", "sm_120a"):
        for s in shapes:
            m, n, k = shape(s)
            for a, b in pairs:
                q = 4 if (m, n, k) == (8, 8, 4) and a == "f16" else 1
                na = 2 if q == 4 else max(1, regs(m, k, a) // (2 if sparse else 1))
                nb = 2 if q == 4 else regs(k, n, b)
                for d, c in accs:
                    p = lambda t: "%rd" if t == "f64" else "%r"
                    yield target, "", "%s.sync.aligned.%s.row.col.%s.%s.%s.%s%s %s, %s, %s, %s%s;" % (
                        op, s, d, a, b, c, ".xor.popc" if a == "b1" else "", vec(p(d), regs(m, n, d, q)),
                        vec(p(a), na, 20), vec(p(b), nb, 40), vec(p(c), regs(m, n, c, q), 60),
                        ", %r100, 0" if sparse else "")


def mma_regs():
    rows = [("m8n8k4", "f64", "f64"), ("m16n8k8", "f16", "f16"), ("m16n8k8", "f16", "f32"), ("m16n8k8", "bf16", "f32"),
            ("m16n8k8", "tf32", "f32"), ("m16n8k16", "f64", "f64"), ("m8n8k16", "s8", "s32"), ("m16n8k16", "s8", "s32"),
            ("m16n8k32", "u8", "s32"), ("m16n8k32", "e4m3", "f32"), ("m16n8k32", "e5m2", "f16"),
            ("m16n8k32", "s4", "s32"), ("m8n8k32", "u4", "s32"), ("m8n8k128", "b1", "s32")]
    for s, a, d in rows:
        m, n, k = shape(s)
        kinds = ["%rd", "%fd", "%ud", "%sd"] if a == "f64" else ["%r", "%f", "%hh", "%u", "%s"]
        dflt = "%rd" if a == "f64" else "%r"
        for which in "ABCD":
            for rp in kinds:
                p = lambda w: rp if which == w else dflt
                yield "sm_90", "", "mma.sync.aligned.%s.row.col.%s.%s.%s.%s%s %s, %s, %s, %s;" % (
                    s, d, a, a, d, ".xor.popc" if a == "b1" else "", vec(p("D"), regs(m, n, d)),
                    vec(p("A"), regs(m, k, a), 20), vec(p("B"), regs(k, n, a), 40), vec(p("C"), regs(m, n, d), 60))


def wmma():
    forms = [("m16n16k16", "f16"), ("m32n8k16", "f16"), ("m8n32k16", "f16"), ("m16n16k16", "bf16"),
             ("m32n8k16", "bf16"), ("m8n32k16", "bf16"), ("m16n16k16", "s8"), ("m32n8k16", "u8"),
             ("m8n32k16", "s8"), ("m16n16k8", "tf32"), ("m8n8k4", "f64"), ("m8n8k32", "s4"), ("m8n8k32", "u4"),
             ("m8n8k128", "b1")]
    acc = {"f16": ["f16", "f32"], "bf16": ["f32"], "s8": ["s32"], "u8": ["s32"], "tf32": ["f32"], "f64": ["f64"],
           "s4": ["s32"], "u4": ["s32"], "b1": ["s32"]}

    def size(s, f, ty):
        m, n, k = shape(s)
        if f in "ab" and ty == "f16":
            return 8
        r, c = {"a": (m, k), "b": (k, n)}.get(f, (m, n))
        return regs(r, c, ty) if ty in BITS else 1

    def rp(ty):
        return "%rd" if ty == "f64" else "%r"
    for s, ty in forms:
        for f in "abc":
            for t in (acc[ty] + ["f16"] if f == "c" else [ty, "s32"]):
                lay = "col" if f == "b" else "row"
                for prefix in ([rp(t), "%f", "%hh", "%u"] if t != "f64" else ["%rd", "%fd", "%ud"]):
                    yield "sm_80", "", "wmma.load.%s.sync.aligned.%s.%s.%s %s, [%%rd1];" % (
                        f, lay, s, t, vec(prefix, size(s, f, t)))
                yield "sm_80", "", "wmma.load.%s.sync.aligned.%s.%s.%s %s, [%%rd1];" % (
                    f, lay, s, t, vec(rp(t), size(s, f, t) + 1))
        for t in acc[ty]:
            d = vec(rp(t), size(s, "d", t))
            for form in ("row.%s.%s [%%rd1], %s;", "row.%s.%s [%%rd1], %s, 64;", "%s.%s [%%rd1], %s;"):
                yield "sm_80", "", "wmma.store.d.sync.aligned." + form % (s, t, d)
        for d in acc[ty]:
            for c in acc[ty]:
                bop = ".xor.popc" if ty == "b1" else ""
                types = ".%s.%s" % (d, c) if ty == "f16" else ".%s.%s.%s.%s" % (d, ty, ty, c)
                ops = "%s, %s, %s, %s" % (vec(rp(d), size(s, "d", d)), vec(rp(ty), size(s, "a", ty), 20),
                                          vec(rp(ty), size(s, "b", ty), 40), vec(rp(c), size(s, "c", c), 60))
                for lay, ts, b in (("row.col", types, bop), ("col.row", types, bop), ("row.col", types, ""),
                                   ("row.col", ".%s.%s.%s.%s" % (d, ty, ty, c), bop)):
                    yield "sm_80", "", "wmma.mma.sync.aligned.%s.%s%s%s %s;" % (lay, s, ts, b, ops)


def wgmma():
    fence, tail = "wgmma.fence.sync.aligned;|", "|wgmma.commit_group.sync.aligned;|wgmma.wait_group.sync.aligned 0;"
    forms = [("f16", "f16", 16, 32, ", 1, 1, 0, 0"), ("bf16", "bf16", 16, 32, ", 1, 1, 0, 0"),
             ("tf32", "tf32", 8, 16, ", 1, 1"), ("e4m3", "e5m2", 32, 64, ", 1, 1"), ("s8", "u8", 32, 64, ""),
             ("b1", "b1", 256, 0, "")]
    dts = {"f16": ["f16", "f32"], "bf16": ["f32"], "tf32": ["f32"], "e4m3": ["f16", "f32"], "s8": ["s32"],
           "b1": ["s32"]}
    for a, b, k, ksp, imms in forms:
        for sp in (0, 1):
            if sp and not ksp:
                continue
            op = "wgmma.mma_async.sp" if sp else "wgmma.mma_async"
            kk, meta, bop = ksp if sp else k, ", %r120, 0" if sp else "", ".and.popc" if a == "b1" else ""
            head = "%s.sync.aligned.m64n%%dk%d.%%s.%s.%s%%s%s" % (op, kk, a, b, bop)

            def acc(d, n):
                return vec("%r" if d in ("s32", "f16") else "%f", n * (16 if d == "f16" else 32) // 64)
            for d in dts[a] + ["f32" if a == "s8" else "s32"]:
                for n in (8, 24, 40, 48, 256):
                    if n < 256 or d == "f16":
                        yield "sm_90a", "", fence + head % (n, d, "") + " %s, %%rd2, %%rd3%s, 1%s;" % (
                            acc(d, n), meta, imms) + tail
            d = dts[a][0]
            areg = imms[:-3] if imms.count(",") == 4 else imms      # no imm-trans-a with A in registers
            for prefix in ("%r", "%f", "%hh", "%u"):
                yield "sm_90a", "", fence + head % (16, d, "") + " %s, %s, %%rd3%s, 1%s;" % (
                    acc(d, 16), vec(prefix, 4, 100), meta, areg) + tail
            yield "sm_90a", "", fence + head % (16, d, "") + " %s, %s, %%rd3%s, 1%s;" % (
                acc(d, 16), vec("%r", 2, 100), meta, areg) + tail
            for sd in ("0", "2", "%p1", "%r1"):
                yield "sm_90a", "", fence + head % (16, d, "") + " %s, %%rd2, %%rd3%s, %s%s;" % (
                    acc(d, 16), meta, sd, imms) + tail
            for desc in ("%fd2, %rd3", "%ud2, %sd3"):
                yield "sm_90a", "", fence + head % (16, d, "") + " %s, %s%s, 1%s;" % (
                    acc(d, 16), desc, meta, imms) + tail
            yield "sm_90a", "", fence + head % (16, d, ".satfinite") + " %s, %%rd2, %%rd3%s, 1%s;" % (
                acc(d, 16), meta, imms) + tail
            if imms:
                yield "sm_90a", "", fence + head % (16, d, "") + " %s, %%rd2, %%rd3%s, 1%s, 1;" % (
                    acc(d, 16), meta, imms) + tail
                yield "sm_90a", "", fence + head % (16, d, "") + " %s, %%rd2, %%rd3%s, 1, -1, 2%s;" % (
                    acc(d, 16), meta, imms[6:]) + tail
            for m2 in ((", %f120, 0", ", %rd4, 0", ", 5, 0", ", %r120, 1", ", %r120, 2") if sp else ()):
                yield "sm_90a", "", fence + head % (16, d, "") + " %s, %%rd2, %%rd3%s, 1%s;" % (
                    acc(d, 16), m2, imms) + tail


def vectors():
    combos = ["%r1, %r2", "%r1, %f2", "%r1, %rs2", "%rs1, %rs2", "%hh1, %u2", "%f1, %u2", "%u1, %s2", "%hh1, %f2",
              "%r1, %hh2", "%f1, %r2", "%r1, %rd2"]
    for c in combos:
        yield "sm_90", "", "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%s}, [sm];" % c
        yield "sm_90", "", "stmatrix.sync.aligned.m8n8.x2.shared.b16 [sm], {%s};" % c
        yield "sm_90", "", "ld.global.v2.b32 {%s}, [%%rd1];" % c
        yield "sm_90", "", "st.global.v2.f32 [%%rd1], {%s};" % c
        yield "sm_90", "", "mov.b64 %%rd2, {%s};" % c
    for c in ("%rs1, %h2", "%h1, %rs2", "%rs1, %r2", "%r1, %r3", "%rs1, _", "%rs1, 7"):
        yield "sm_90", "", "mov.b32 %%r2, {%s};" % c
    for t in ("b64", "u64", "f64", "b16", "b128"):
        for c in ("%r1, %r2", "%rs1, %rs2, %rs3, %rs4", "%rs1, %rs2", "%rd3, %rd4"):
            yield "sm_90", "", "mov.%s %s, {%s};" % (t, "%rs10" if t == "b16" else "%rd10", c)
            if t != "b128":
                yield "sm_90", "", "mov.%s {%s}, %s;" % (t, c, "%rs10" if t == "b16" else "%rd10")
    for t in ("f32", "u32", "s32", "b32", "f64", "u64", "s64", "b64", "u16", "s8", "b16"):
        for p in ("%r", "%f", "%hh", "%u", "%s", "%rd", "%fd", "%ud", "%sd", "%rs", "%h"):
            yield "sm_90", "", "ld.global.%s %s1, [%%rd1];" % (t, p)
            yield "sm_90", "", "st.global.%s [%%rd1], %s1;" % (t, p)
            yield "sm_90", "", "ld.global.v2.%s %s, [%%rd1];" % (t, vec(p, 2))
            yield "sm_90", "", "st.global.v4.%s [%%rd1], %s;" % (t, vec(p, 4))
    for d, a in (("%f1, %f2, %f3, %f4", "%r1, %r2, %hh3, %r4"), ("%r1, %u2, %u3, %u4", "%r1, %r2, %r3, %r4"),
                 ("%u1, %u2, %u3, %u4", "%r1, %r2, %r3, %r4"), ("%f1, %f2, %f3, %f4", "%f1, %r2, %r3, %r4"),
                 ("%f1, %f2, %f3, %f4", "%f1, %f2, %f3, %f4")):
        yield "sm_90", "", "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%s}, {%s}, {%%r5, %%r6}, " \
                           "{%%f7, %%f8, %%f9, %%f10};" % (d, a)
    for target in ("sm_90", "sm_100"):
        for t, n in (("b64", 4), ("f32", 8), ("b32", 4)):
            for sp in ("global", "shared"):
                yield target, "", "ld.%s.v%d.%s %s, [%%rd1];" % (sp, n, t, vec("%rd" if t == "b64" else "%r", n))
    yield "sm_90", "", "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r1, %r2, %r3, %r4}, " \
                       "{%r1, %f2, %hh3, %u4}, {%r5, %r6}, {%r7, %r8, %r9, %r10};"


TEXPRE = ".global .texref t;\n.global .surfref sf;\n"


def texture():
    geoms = {"1d": 1, "2d": 2, "3d": 4, "a1d": 2, "a2d": 4, "cube": 4, "acube": 4, "2dms": 4}
    lanes = ["%f", "%r", "%s", "%u", "%fd", "%rd", "%hh", "%h"]
    for g, n in geoms.items():
        for ct in ("f32", "s32"):
            for pr in lanes:
                yield "sm_80", TEXPRE, "tex.%s.v4.f32.%s {%%f1, %%f2, %%f3, %%f4}, [t, %s];" % (g, ct, vec(pr, n, 10))
                if g.startswith("a"):
                    for ix in ("%u20", "%f20", "%rd20"):
                        yield "sm_80", TEXPRE, "tex.%s.v4.f32.%s {%%f1, %%f2, %%f3, %%f4}, [t, {%s, %s}];" % (
                            g, ct, ix, vec(pr, n - 1, 10)[1:-1])
        if g in ("2d", "a2d", "cube", "acube"):
            for ct in ("f32", "s32"):
                for pr in ("%f", "%r", "%fd"):
                    yield "sm_80", TEXPRE, "tld4.r.%s.v4.f32.%s {%%f1, %%f2, %%f3, %%f4}, [t, %s];" % (
                        g, ct, vec(pr, n, 10))
    for extra in ("%f7", "%fd7", "%r7", "{%r1, %r2}", "{%rd1, %rd2}", "{%r1, %rs2}"):
        yield "sm_80", TEXPRE, "tex.level.2d.v4.f32.f32 {%%f1, %%f2, %%f3, %%f4}, [t, {%%f5, %%f6}], %s;" % extra
        yield "sm_80", TEXPRE, "tex.2d.v4.f32.f32 {%%f1, %%f2, %%f3, %%f4}, [t, {%%f5, %%f6}], %s;" % extra
    for h in ("%rd2", "%r2"):
        yield "sm_80", TEXPRE, "tex.2d.v4.f32.f32 {%%f1, %%f2, %%f3, %%f4}, [%s, {%%f5, %%f6}];" % h
    for d in ("{%f1, %f2, %f3, %fd4}", "{%rd1, %rd2, %rd3, %rd4}", "{%r1, %r2, %r3, %r4}"):
        yield "sm_80", TEXPRE, "tex.2d.v4.f32.f32 %s, [t, {%%f5, %%f6}];" % d


def surface():
    data = ["%rs", "%h", "%r", "%f", "%rd", "%fd"]
    for b in ("b8", "b16", "b32", "b64"):
        for v, n in (("", 1), ("v2.", 2), ("v4.", 4)):
            for pr in data:
                for cnt in sorted({n, 2, 4, 1}):
                    d = "%s1" % pr if cnt == 1 else vec(pr, cnt)
                    yield "sm_80", TEXPRE, "suld.b.2d.%s%s.trap %s, [sf, {%%r20, %%r21}];" % (v, b, d)
                    yield "sm_80", TEXPRE, "sust.b.2d.%s%s.trap [sf, {%%r20, %%r21}], %s;" % (v, b, d)
            yield "sm_80", TEXPRE, "suld.b.2d.%s%s.trap {%%rs1, %%r2}, [sf, {%%r20, %%r21}];" % (v or "v2.", b)
            yield "sm_80", TEXPRE, "sust.b.2d.%s%s.trap [sf, {%%r20, %%r21}], {%%u1, %%f2};" % (v or "v2.", b)
    for c in ("{%r20, %r21}", "{%rd20, %rd21}", "{%f20, %f21}", "{%u20, %s21}"):
        yield "sm_80", TEXPRE, "suld.b.2d.b32.trap %%r1, [sf, %s];" % c
        yield "sm_80", TEXPRE, "sured.b.add.2d.trap.u32 [sf, %s], %%r1;" % c
    for c in ("%r20", "%f20", "%rd20", "{%r20}"):
        yield "sm_80", TEXPRE, "suld.b.1d.b32.trap %%r1, [sf, %s];" % c


INTS = ["u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64"]
# a register of each cvt type's width (the packed 8-bit pairs in a .b16, .e2m1x2 in a .b8)
CVTREG = {"u8": "%rs", "s8": "%rs", "u16": "%rs", "s16": "%rs", "u32": "%u", "s32": "%s", "u64": "%ud",
          "s64": "%sd", "f16": "%h", "bf16": "%rs", "f32": "%f", "f64": "%fd", "f16x2": "%r", "bf16x2": "%r",
          "tf32": "%r", "e4m3x2": "%rs", "e5m2x2": "%rs", "e2m3x2": "%rs", "e3m2x2": "%rs", "ue8m0x2": "%rs",
          "e2m1x2": "%rb"}


def cvt_sat():
    """.sat on every integer pair, and on the float-integer conversions."""
    for d in INTS:
        for s in INTS:
            for m in ("", ".sat"):
                yield "sm_90", "", "cvt%s.%s.%s %s1, %s2;" % (m, d, s, CVTREG[d], CVTREG[s])
    for f in ("f16", "bf16", "f32", "f64"):
        for i in INTS:
            for m in ("", ".sat"):
                yield "sm_90", "", "cvt.rni%s.%s.%s %s1, %s2;" % (m, i, f, CVTREG[i], CVTREG[f])
                yield "sm_90", "", "cvt.rn%s.%s.%s %s1, %s2;" % (m, f, i, CVTREG[f], CVTREG[i])


PACKED = ["f16", "f16x2", "bf16", "bf16x2", "tf32", "f32", "f64", "e4m3x2", "e5m2x2", "e2m1x2", "e2m3x2",
          "e3m2x2", "ue8m0x2"]


def cvt_float():
    """Every pair of the half, packed and narrow float types with every
    rounding, .relu and .satfinite; one source, and two where it is .f32."""
    for target in ("sm_90", "sm_100a"):
        for d in PACKED:
            for s in PACKED:
                if d == s:
                    continue
                for rnd in ("", ".rn", ".rz", ".rm", ".rp", ".rna"):
                    for relu in ("", ".relu"):
                        for sf in ("", ".satfinite"):
                            op = "cvt%s%s%s.%s.%s" % (rnd, relu, sf, d, s)
                            yield target, "", "%s %s1, %s2;" % (op, CVTREG[d], CVTREG[s])
                            if s == "f32":
                                yield target, "", "%s %s1, %s2, %s3;" % (op, CVTREG[d], CVTREG[s], CVTREG[s])


# instructions against the target where they came later than PTX itself
GATED = ["isspacep.global %p1, %rd1;", "isspacep.shared %p1, %rd1;", "isspacep.local %p1, %rd1;",
         "isspacep.const %p1, %rd1;", "isspacep.param %p1, %rd1;", "isspacep.param::entry %p1, %rd1;",
         "isspacep.shared::cta %p1, %rd1;", "isspacep.shared::cluster %p1, %rd1;",
         "cvta.param.u64 %rd2, %rd1;", "cvta.to.param.u64 %rd2, %rd3;", "cvta.const.u64 %rd2, %rd1;",
         "cvta.shared::cluster.u64 %rd2, %rd1;", "cvta.to.shared::cluster.u64 %rd2, %rd3;",
         "nanosleep.u32 %r1;", "match.any.sync.b32 %r1, %r2, 0xffffffff;", "bmsk.clamp.b32 %r1, %r2, %r3;",
         "szext.clamp.s32 %r1, %r2, %r3;", "redux.sync.add.u32 %r1, %r2, 0xffffffff;",
         "dp4a.u32.u32 %r1, %r2, %r3, %r4;", "dp2a.lo.u32.u32 %r1, %r2, %r3, %r4;",
         "activemask.b32 %r1;", "elect.sync %r1|%p1, 0xffffffff;", "mapa.u64 %rd2, %rd1, %r1;",
         "getctarank.u64 %r1, %rd1;", "griddepcontrol.wait;", "fence.proxy.async;", "tanh.approx.f32 %f1, %f2;",
         "ex2.approx.f16 %h1, %h2;", "cvt.rna.tf32.f32 %r1, %f2;", "cvt.rn.tf32.f32 %r1, %f2;",
         "cvt.rn.f16x2.f32 %r1, %f2, %f3;", "cvt.rn.bf16.f32 %rs1, %f2;", "cvt.f32.bf16 %f1, %rs2;",
         "cvt.rn.satfinite.e4m3x2.f32 %rs1, %f2, %f3;", "cvt.rn.f16x2.e4m3x2 %r1, %rs2;",
         "min.relu.s32 %r1, %r2, %r3;", "min.NaN.f32 %f1, %f2, %f3;", "abs.bf16 %rs1, %rs2;",
         "fma.rn.relu.f16 %h1, %h2, %h3, %h4;", "add.rn.bf16 %rs1, %rs2, %rs3;", "mov.u32 %r1, %clusterid.x;",
         "mov.u64 %rd2, %globaltimer;", "mov.u32 %r1, %dynamic_smem_size;", "ld.global.nc.L2::256B.b32 %r1, [%rd1];",
         "prefetch.global.L2::evict_last [%rd1];", "ld.global.L1::no_allocate.b32 %r1, [%rd1];",
         "bar.warp.sync 0xffffffff;", "barrier.sync.aligned 0;", "fns.b32 %r1, %r2, %r3, %r4;",
         "mul24.lo.s32 %r1, %r2, %r3;", "atom.global.add.noftz.f16 %h1, [%rd1], %h2;",
         "atom.global.add.f64 %fd1, [%rd1], %fd2;", "red.global.add.noftz.bf16 [%rd1], %rs2;",
         "atom.global.cas.b16 %rs1, [%rd1], %rs2, %rs3;", "ld.acquire.gpu.global.b32 %r1, [%rd1];",
         "fence.acq_rel.gpu;", "cp.async.ca.shared.global [sm], [%rd1], 4;", "cp.async.wait_all;",
         "discard.global.L2 [%rd1], 128;", "applypriority.global.L2::evict_normal [%rd1], 128;",
         "createpolicy.fractional.L2::evict_last.b64 %rd2, 1.0;", "stackrestore.u64 %rd1;",
         "alloca.u64 %rd2, %rd1;", "setmaxnreg.inc.sync.aligned.u32 64;", "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 %p1, %rd1;",
         "st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%rd1], %r1, [%rd2];",
         "multimem.ld_reduce.relaxed.sys.global.add.u32 %r1, [%rd1];", "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%rd1], %r1, [%rd2];"]


def targets():
    for stmt in GATED:
        for t in ("sm_60", "sm_70", "sm_72", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100a"):
            yield t, "", stmt


FAMILIES = {"mma": lambda: mma_family(0), "mma-sp": lambda: mma_family(1), "mma-regs": mma_regs, "wmma": wmma,
            "wgmma": wgmma, "vectors": vectors, "texture": texture, "surface": surface,
            "cvt-sat": cvt_sat, "cvt-float": cvt_float, "targets": targets}


def rejects(argv, src):
    """1 rejected, 0 accepted, None when the tool crashed (ptxas does, on a few surface forms)."""
    fd, path = tempfile.mkstemp(suffix=".ptx")
    try:
        os.write(fd, src.encode())
        os.close(fd)
        r = subprocess.run(argv + [path], capture_output=True, text=True)
        if r.returncode < 0:
            return None
        return int(r.returncode != 0 or ": error:" in r.stderr)
    finally:
        os.unlink(path)


def one(case):
    target, pre, stmt = case
    src = kernel(target, stmt, pre)
    # ptxas 13 builds for sm_75 and later only; an older .target is still checked
    arch = target if int(target[3:].rstrip("af")) >= 75 else "sm_75"
    p = rejects([PTXAS, "-arch=" + arch, "-o", os.devnull], src)
    lint = rejects([LINT, "-Wno-uninit"], src)
    return case, p, lint


def main(args):
    jobs = os.cpu_count() or 1
    if args[:1] == ["-j"]:
        jobs, args = int(args[1]), args[2:]
    names = args or list(FAMILIES)
    bad = total = 0
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        for name in names:
            n = nbad = 0
            for (target, _, stmt), p, lint in ex.map(one, FAMILIES[name]()):
                n += 1
                if p is None:
                    print("%s: ptxas crashed: %s %s" % (name, target, stmt.replace("|", " ")))
                elif p != lint:
                    nbad += 1
                    print("%s: ptxas %s, ptxas-lint %s: %s %s" % (name, "rejects" if p else "accepts",
                          "rejects" if lint else "accepts", target, stmt.replace("|", " ")))
            print("%-8s %5d statements, %d disagreements" % (name, n, nbad))
            bad, total = bad + nbad, total + n
    print("total    %5d statements, %d disagreements" % (total, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

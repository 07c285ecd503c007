#!/usr/bin/env python3
"""crosscheck.py — ptxas-lint against ptxas on generated statements.

The operand rules of verify/tensor.c and verify/types.c for the tensor-core,
vector, texture and surface instructions mirror what ptxas accepts.  This
script writes one small kernel per statement (every shape and type
combination of mma and mma.sp, the register types of each fragment, wmma,
wgmma, vectors mixing register types, texture and surface operands), runs
both tools on it and lists the statements where one accepts and the other
rejects (an error of either counts as a rejection).

The ops-* families sweep the ordinary instructions from the rows of
ir/ops.def itself: every type of a row and types outside it (ops-types),
each modifier alone, after what the type needs, and in pairs (ops-mods),
operands of the wrong size, type or kind (ops-operands), the targets and
PTX versions around the minimums (ops-targets, as sm_NN@V.V), and the
memory words of ld, st, atom and red (ops-mem, ops-atom), and the rows of
other shapes from a valid statement each (ops-misc).

Usage: tests/lint/crosscheck.py [-j N] [FAMILY...]
  FAMILY: mma mma-sp mma-regs wmma wgmma vectors texture surface cvt-sat cvt-float cvt-round
          float-mods targets
          ops-types ops-mods ops-operands ops-targets ops-mem ops-atom ops-misc (default: all)
  $PTXAS (default /usr/local/cuda/bin/ptxas), $PTXAS_LINT (default ./ptxas-lint).
Exit 0 when the tools agree everywhere, 1 otherwise.  Not part of make check:
it needs ptxas and takes minutes.
"""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
LINT = os.environ.get("PTXAS_LINT", "./ptxas-lint")

# register prefix -> declaration; every family picks registers from these
REGS = {"%p": ".pred", "%rs": ".b16", "%h": ".f16", "%r": ".b32", "%f": ".f32", "%hh": ".f16x2",
        "%u": ".u32", "%s": ".s32", "%rd": ".b64", "%fd": ".f64", "%ud": ".u64", "%sd": ".s64", "%rb": ".b8", "%q": ".b128"}


def kernel(target, body, pre=""):
    """A kernel for TARGET (sm_NN, or sm_NN@V.V for another .version than 8.7)
    declaring the register sets the body uses."""
    target, _, version = target.partition("@")
    used = set(re.findall(r"(%[a-z]+)[0-9]", body)) | {"%rd"}
    decl = "".join("\t.reg %s %s<140>;\n" % (t, p) for p, t in REGS.items() if p in used)
    return (".version %s\n.target %s\n.address_size 64\n%s.shared .align 16 .b8 sm[4096];\n"
            ".visible .entry k(.param .u64 p)\n{\n%s\tld.param.u64 %%rd1, [p];\n\t%s\n\tret;\n}\n"
            % (version or "8.7", target, pre, decl, body.replace("|", "\n\t")))


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
    rounding (stochastic .rs too), .ftz, .relu and .satfinite; one source,
    and two where it is .f32 (and the random bits after them with .rs).
    Then .rs into the packs of four, with the operand forms ptxas weighs,
    on the targets it is and is not for."""
    for target in ("sm_90", "sm_100a"):
        for d in PACKED:
            for s in PACKED:
                if d == s:
                    continue
                for rnd in ("", ".rn", ".rz", ".rm", ".rp", ".rna", ".rs"):
                    for ftz in ("", ".ftz"):
                        for relu in ("", ".relu"):
                            for sf in ("", ".satfinite"):
                                op = "cvt%s%s%s%s.%s.%s" % (rnd, ftz, relu, sf, d, s)
                                yield target, "", "%s %s1, %s2;" % (op, CVTREG[d], CVTREG[s])
                                if s == "f32":
                                    yield target, "", "%s %s1, %s2, %s3;" % (op, CVTREG[d], CVTREG[s], CVTREG[s])
                                if s == "f32" and rnd == ".rs":
                                    yield target, "", "%s %s1, %s2, %s3, %%r4;" % (op, CVTREG[d], CVTREG[s],
                                                                                  CVTREG[s])
    four = {"e4m3x4": "%r", "e5m2x4": "%r", "e2m3x4": "%r", "e3m2x4": "%r", "e2m1x4": "%rs"}
    for target in ("sm_90a", "sm_100", "sm_100a", "sm_100f", "sm_103a", "sm_120a@8.8", "sm_100a@8.6"):
        for d, reg in four.items():
            for rnd in (".rs", ".rn"):
                for mods in ("", ".relu", ".satfinite", ".relu.satfinite", ".ftz.satfinite"):
                    op = "cvt%s%s.%s.f32" % (rnd, mods, d)
                    for dst in (reg, "%u", "%rs", "%f"):
                        yield target, "", "%s %s1, {%%f2, %%f3, %%f4, %%f5}, %%r6;" % (op, dst)
                    for src in ("{%r2, %r3, %r4, %r5}", "{%u2, %u3, %u4, %u5}", "{%f2, %f3, %f4, 1.0}",
                                "{%f2, %f3, %f4, 1}", "{%f2, %f3}", "%f2"):
                        yield target, "", "%s %s1, %s, %%r6;" % (op, reg, src)
                    for rb in ("%u6", "%f6", "%rd6", "7", "%r6, %r7"):
                        yield target, "", "%s %s1, {%%f2, %%f3, %%f4, %%f5}, %s;" % (op, reg, rb)
                    yield target, "", "%s %s1, {%%f2, %%f3, %%f4, %%f5};" % (op, reg)
        for d in ("f16x2", "bf16x2"):
            for rb in ("%r4", "%u4", "%s4", "%rd4", "%f4", "7"):
                for a in ("%f2", "%r2", "1.0", "1", "%u2"):
                    yield target, "", "cvt.rs.%s.f32 %%r1, %s, %%f3, %s;" % (d, a, rb)
            for dst in ("%u1", "%f1"):
                yield target, "", "cvt.rs.%s.f32 %s, %%f2, %%f3, %%r4;" % (d, dst)



def cvt_round():
    """cvt between the scalar integer and float types with every rounding,
    .ftz and .sat, in the written order and the other (.sat first)."""
    tys = ["u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "f16", "bf16", "f32", "f64"]
    for d in tys:
        for s in tys:
            for rnd in ("", ".rn", ".rz", ".rm", ".rp", ".rni", ".rzi", ".rmi", ".rpi", ".rna"):
                for ftz in ("", ".ftz"):
                    for sat in ("", ".sat"):
                        for mods in {rnd + ftz + sat, sat + ftz + rnd}:
                            yield "sm_90", "", "cvt%s.%s.%s %s1, %s2;" % (mods, d, s, CVTREG[d], CVTREG[s])


# the float arithmetic and its modifiers, for float_mods
FLOATOPS = {"add": 2, "sub": 2, "mul": 2, "fma": 3, "mad": 3, "min": 2, "max": 2, "neg": 1, "abs": 1, "div": 2,
            "rcp": 1, "sqrt": 1, "rsqrt": 1, "ex2": 1, "lg2": 1, "sin": 1, "cos": 1, "tanh": 1, "copysign": 2}
FLOATREG = {"f16": "%h", "f16x2": "%hh", "bf16": "%rs", "bf16x2": "%r", "f32": "%f", "f64": "%fd"}
FLOATMODS = ["rn", "rz", "rm", "rp", "ftz", "sat", "relu", "approx", "full", "NaN", "xorsign.abs", "oob"]


def float_mods():
    """The float instructions of every float type with no modifier, one, and
    each ordered pair of them (ptxas takes some pairs in one order only:
    div.full.ftz, not div.ftz.full)."""
    pairs = [()] + [(m,) for m in FLOATMODS] + [(a, b) for a in FLOATMODS for b in FLOATMODS if a != b]
    for op, n in FLOATOPS.items():
        for ty, r in FLOATREG.items():
            srcs = ", ".join("%s%d" % (r, i + 2) for i in range(n))
            for ms in pairs:
                yield "sm_90", "", "%s%s.%s %s1, %s;" % (op, "".join("." + m for m in ms), ty, r, srcs)

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


# ---------------------------------------------------------------- the opcode table's rows

def ops_table():
    """The rows of ir/ops.def: name, shape letters, flags, isa, sm, types, mods, vrule."""
    import re
    here = os.path.dirname(os.path.abspath(__file__))
    text = open(os.path.join(here, "..", "..", "ir", "ops.def")).read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    rows = {}
    for m in re.finditer(r"^OP\((.*?)\)\s*$", text, flags=re.M | re.S):
        body = m.group(1)
        strs = re.findall(r'"((?:[^"\\]|\\.)*)"\s*', body)
        parts = re.sub(r'"(?:[^"\\]|\\.)*"(\s*"(?:[^"\\]|\\.)*")*', "S", body)
        fields = [f.strip() for f in parts.split(",")]
        # id, name, shape, flags, isa, sm, types, mods, vrule with the strings as S
        it = iter(strs)
        vals, k = [], 0
        for f in fields:
            if f == "S":
                s = next(it)
                # adjacent literals are one string
                while k < len(strs) - 1 and False:
                    pass
                vals.append(s)
            else:
                vals.append(f)
        # join adjacent string literals: re-read them from the body in order
        lits = re.findall(r'((?:"(?:[^"\\]|\\.)*"\s*)+)', body)
        joined = ["".join(re.findall(r'"((?:[^"\\]|\\.)*)"', l)) for l in lits]
        vals = []
        j = 0
        for f in fields:
            if f == "S":
                vals.append(joined[j])
                j += 1
            else:
                vals.append(f)
        if len(vals) != 9:
            continue
        _, name, shp, flags, isa, sm, types, mods, vrule = vals
        rows[name] = {"name": name, "shape": [s for s in shp.split(",") if s], "flags": flags,
                      "isa": int(isa), "sm": int(sm), "types": types.split(), "mods": mods.split(),
                      "vrule": vrule}
    return rows


CMPS = ["eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ", "neu", "ltu", "leu", "gtu", "geu",
        "num", "nan"]
ROUNDS = ["rn", "rz", "rm", "rp"]
# the register of each width holding any type of it (.bN registers fit every N-bit type)
WREG = {1: "%p", 8: "%rs", 16: "%rs", 32: "%r", 64: "%rd", 128: "%q"}
TBITS = {"pred": 1, "b8": 8, "u8": 8, "s8": 8, "b16": 16, "u16": 16, "s16": 16, "f16": 16, "bf16": 16,
         "b32": 32, "u32": 32, "s32": 32, "f32": 32, "tf32": 32, "f16x2": 32, "bf16x2": 32, "u16x2": 32,
         "s16x2": 32, "u8x4": 32, "s8x4": 32, "b64": 64, "u64": 64, "s64": 64, "f64": 64, "f32x2": 64,
         "b128": 128, "e4m3": 8, "e5m2": 8, "e4m3x2": 16, "e5m2x2": 16, "e4m3x4": 32, "e5m2x4": 32}
# a typed register of each type, for the wrong-register operands
TREG = {"f32": "%f", "f64": "%fd", "u32": "%u", "s32": "%s", "u64": "%ud", "s64": "%sd", "f16": "%h",
        "f16x2": "%hh", "pred": "%p", "b16": "%rs", "b32": "%r", "b64": "%rd", "b8": "%rb"}
# types tried on every row besides its own: one of each kind and width
OUTSIDE = ["pred", "b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f16", "f16x2", "bf16",
           "bf16x2", "f32", "f64", "u8", "s8", "b128"]
# instructions the sweep leaves to their own families (tensor cores, texture,
# bulk copies, cvt) or that need more than plain operands
SKIP = ("tcgen05", "wgmma", "wmma", "mma", "ldmatrix", "stmatrix", "movmatrix", "cp.", "multimem",
        "tensormap", "clusterlaunchcontrol", "mbarrier", "tex", "tld4", "txq", "istypep", "suld", "sust",
        "sured", "suq", "bra", "brx", "call", "ret", "exit", "cvt", "v", "red.async", "st.async", "st.bulk",
        "elect", "griddep", "setmaxnreg", "createpolicy", "applypriority", "discard", "prefetch", "pmevent",
        "brkpt", "trap", "fence", "membar", "bar", "barrier", "alloca", "stack", "ld", "st", "atom", "red",
        "isspacep", "cvta", "mapa", "getctarank", "activemask", "nanosleep")
KEEP = ("vote", "vote.sync", "redux.sync", "cvt.pack")

# operand roles where they are not the instruction type: T the type, T2 the
# second type, W2 twice its width, a type name a fixed one, I an immediate
ROLES = {"setp": ["pred", "T", "T", "pred"], "set": ["T2", "T", "T", "pred"], "selp": ["T", "T", "T", "pred"],
         "slct": ["T", "T", "T", "T2"], "testp": ["pred", "T"], "shl": ["T", "T", "u32"],
         "shr": ["T", "T", "u32"], "popc": ["u32", "T"], "clz": ["u32", "T"], "bfind": ["u32", "T"],
         "bfe": ["T", "T", "u32", "u32"], "bfi": ["T", "T", "T", "u32", "u32"], "szext": ["T", "T", "u32"],
         "bmsk": ["T", "u32", "u32"], "fns": ["b32", "b32", "u32", "s32"], "dp4a": ["T", "b32", "b32", "T"],
         "dp2a": ["T", "b32", "b32", "T"], "lop3": ["T", "T", "T", "T", "I", "pred"], "shf": ["T"] * 4,
         "prmt": ["T"] * 4, "shfl.sync": ["T", "T", "b32", "b32", "b32"], "shfl": ["T", "T", "b32", "b32"],
         "vote": ["T", "pred"], "vote.sync": ["T", "pred", "b32"], "match": ["b32", "T", "b32"],
         "redux.sync": ["T", "T", "b32"], "cvt.pack": ["b32", "T2", "T2", "b32"],
         "mul": ["W", "T", "T"], "mad": ["W", "T", "T", "W"], "mul24": ["T"] * 3, "mad24": ["T"] * 4}
# the second type of the two-type opcodes
SECOND = {"set": "u32", "slct": "s32", "dp4a": "u32", "dp2a": "u32", "cvt.pack": "s32"}
# a modifier the opcode needs with each kind of type, so that a type's own form is tried
NEEDS = {("mul", "int"): "lo", ("mad", "int"): "lo", ("mul24", "int"): "lo", ("mad24", "int"): "lo",
         ("mad", "float"): "rn", ("fma", "float"): "rn", ("div", "float"): "rn", ("rcp", "float"): "rn", ("sqrt", "float"): "rn",
         ("rsqrt", "float"): "approx", ("sin", "float"): "approx", ("cos", "float"): "approx",
         ("lg2", "float"): "approx", ("ex2", "float"): "approx", ("tanh", "float"): "approx",
         ("setp", None): "eq", ("set", None): "eq", ("testp", None): "finite", ("shf", None): "l.wrap",
         ("vote", None): "all", ("vote.sync", None): "ballot", ("shfl", None): "idx", ("shfl.sync", None): "idx",
         ("match", None): "any.sync", ("redux.sync", None): "add", ("dp2a", None): "lo", ("madc", None): "lo",
         ("szext", None): "wrap", ("bmsk", None): "wrap", ("cvt.pack", None): "sat"}


def kindof(t):
    return "float" if t[0] in "fe" or t.startswith("bf") or t == "tf32" else "int"


def sweep_rows():
    rows = ops_table()
    out = []
    for name, r in rows.items():
        if name not in KEEP and any(name == s or name.startswith(s) for s in SKIP):
            continue
        if r["vrule"] in ("VR_TENSOR", "VR_TEX", "VR_VIDEO", "VR_CVT", "VR_LD", "VR_ST"):
            continue
        if not r["types"] or any(c in "mlsx*" for s in r["shape"] for c in s):
            continue
        out.append(r)
    return out


def role_type(role, t, t2, mods):
    if role == "T":
        return t
    if role == "T2":
        return t2
    if role == "W":
        if "wide" in mods and t in TBITS and TBITS[t] <= 32:
            return t[0] + str(2 * TBITS[t]) if t[0] in "us" else "b" + str(2 * TBITS[t])
        return t
    return role


def operand(ty, k=1):
    if ty == "I":
        return "0x%x" % (0xfe if k == 4 else 1)
    bits = TBITS.get(ty, 32)
    return "%s%d" % (WREG[bits], k + 1)


def statement(r, t, mods, opnds=None, t2=None):
    name = r["name"]
    shape = [s.rstrip("?") for s in r["shape"] if not s.endswith("?")]
    roles = ROLES.get(name, ["T"] * len(shape))
    t2 = t2 or SECOND.get(name, t)
    ops = []
    for k, s in enumerate(shape):
        role = roles[k] if k < len(roles) else "T"
        ty = role_type(role, t, t2, mods)
        if s == "p" and role != "pred":
            ty = "pred"
        ops.append(operand(ty, k))
    if name in ("setp",) and len(ops) > 3:
        ops = ops[:3]
    if opnds:
        for k, v in opnds.items():
            ops[k] = v
    words = [name] + [m for m in mods if m] + ([t] if t else [])
    if name in ("set", "slct", "dp4a", "dp2a", "cvt.pack"):
        words = [name] + [m for m in mods if m] + ([t2, t] if name == "set" else [t, t2])
        if name == "cvt.pack" and t in ("u2", "s2", "u4", "s4", "u8", "s8"):
            words.append("b32")         # the sub-word forms pack into c
            ops.append(operand("b32", 3))
    return "%s %s;" % (".".join(words), ", ".join(ops))


def base_mods(r, t):
    need = NEEDS.get((r["name"], kindof(t)), NEEDS.get((r["name"], None), ""))
    return [w for w in need.split(".") if w]


def expand_mods(r):
    mods = []
    for m in r["mods"]:
        if m == "{MC_CMP}":
            mods += CMPS
        elif not m.startswith("{"):
            mods.append(m)
    return mods


def ops_types():
    """Every row's types and the others, each with what the opcode needs of a modifier."""
    for r in sweep_rows():
        for t in r["types"] + [t for t in OUTSIDE if t not in r["types"]]:
            tgt = "sm_100a" if t == "f32x2" else "sm_90"
            yield tgt, "", statement(r, t, base_mods(r, t))


MODPOOL = ["rn", "rz", "ftz", "sat", "approx", "cc", "relu", "NaN", "hi", "wide", "satfinite", "full", "rni",
           "shiftamt", "clamp", "uni", "sync", "xorsign.abs", "oob"]


def ops_mods():
    """Each modifier of the row alone, after what the type needs, and in
    pairs of the arithmetic ones (rounding x ftz x sat ...), on every type of
    the row; the modifiers of other opcodes on its first types."""
    arithw = ROUNDS + ["ftz", "sat", "approx", "relu", "NaN", "full", "satfinite", "hi", "lo", "wide", "cc", "oob",
                       "xorsign", "abs", "clamp", "wrap", "shiftamt"]
    for r in sweep_rows():
        mods = expand_mods(r)
        firsts = [r["types"][0]] + [t for t in r["types"] if kindof(t) != kindof(r["types"][0])][:1]
        for t in r["types"]:
            tgt = "sm_100a" if t == "f32x2" else "sm_90"
            base = base_mods(r, t)
            seen = set()
            cands = [[]]
            for m in mods + ([m for m in MODPOOL if m not in mods] if t in firsts else []):
                cands.append([m])
                if base and m not in base:
                    swap = m in CMPS or m in ROUNDS and base[0] in ROUNDS or m in ("hi", "wide") and base[0] == "lo"
                    cands.append([m] + base[1:] if swap else base + [m])
            arith = [m for m in mods if m in arithw]
            for i, a in enumerate(arith):
                for b in arith[i + 1:]:
                    if a in ROUNDS and b in ROUNDS and a != "rn":
                        continue
                    cands.append([a, b])
                    if a in ROUNDS and b not in ROUNDS:
                        for c in ("ftz", "sat", "relu"):
                            if c in arith and c != b and arith.index(c) > arith.index(b):
                                cands.append([a, b, c])
            for ms in cands:
                if tuple(ms) not in seen:
                    seen.add(tuple(ms))
                    yield tgt, "", statement(r, t, ms)


def ops_operands():
    """Operands of the wrong kind: registers of another size or type, immediates, predicates, vectors, sinks."""
    subs = ["%r9", "%rd9", "%rs9", "%f9", "%fd9", "%h9", "%hh9", "%s9", "%p9", "1", "-1", "0f3F800000",
            "0d3FF0000000000000", "{%r8, %r9}", "_", "sm"]
    for r in sweep_rows():
        types = r["types"]
        picks = [types[0]] + [t for t in types[1:] if kindof(t) != kindof(types[0])][:1] or \
            [t for t in types if t in ("u32", "b64") and t != types[0]][:1]
        n = len([s for s in r["shape"] if not s.endswith("?")])
        for t in picks:
            tgt = "sm_100a" if t == "f32x2" else "sm_90"
            base = base_mods(r, t)
            for k in range(n):
                for s in subs:
                    yield tgt, "", statement(r, t, base, {k: s})


VERSIONS = [(20, "sm_20"), (30, "sm_30"), (43, "sm_53"), (50, "sm_60"), (60, "sm_70"), (63, "sm_75"),
            (70, "sm_80"), (78, "sm_90"), (86, "sm_100")]
TARGETS = ["sm_50", "sm_52", "sm_53", "sm_60", "sm_61", "sm_62", "sm_70", "sm_72", "sm_75", "sm_80", "sm_86",
           "sm_89", "sm_90", "sm_100"]


def ver(v):
    return "%d.%d" % (v // 10, v % 10)


def ops_targets():
    """Each row's types on the targets and PTX versions around the minimums
    of the table and of the types (sm_50 to sm_100 with 8.7, and 6.0 to 9.0
    on a target that every one of them takes)."""
    targets = ["sm_50", "sm_53", "sm_60", "sm_61", "sm_70", "sm_75", "sm_80", "sm_90", "sm_100"]
    versions = [("sm_70", 60), ("sm_75", 63), ("sm_75", 65), ("sm_80", 70), ("sm_90", 78), ("sm_90", 80),
                ("sm_90", 86)]
    for r in sweep_rows():
        for t in r["types"]:
            st = statement(r, t, base_mods(r, t))
            for sm in targets:
                yield "%s@8.7" % sm, "", st
            for sm, v in versions:
                yield "%s@%s" % (sm, ver(v)), "", st


MEMTYPES = ["b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "f32", "f64",
            "f16", "f16x2", "bf16", "pred"]


def memreg(t, n=1, base=1):
    """The value of an ld/st of type T: a register of its width (8-bit in a
    16-bit one), or a vector of N."""
    r = WREG[max(16, TBITS.get(t, 32))] if t != "pred" else "%p"
    return "%s%d" % (r, base) if n == 1 else vec(r, n, base)


def ldst(op, mods, t, n=1, addr="[%rd3]", extra=""):
    """An ld, ldu or st; its address register is not the parameter's
    pointer, which ptxas-lint follows into the .global space."""
    words = ".".join([op] + [m for m in mods if m] + [t])
    if op in ("ld", "ldu"):
        return "%s %s, %s%s;" % (words, memreg(t, n), addr, extra)
    return "%s %s, %s%s;" % (words, addr, memreg(t, n), extra)


def ops_mem():
    """ld, ldu and st: every type and vector width, each state space, cache
    operator, eviction priority, memory order and scope, and pairs of them."""
    vecs = [([], 1), (["v2"], 2), (["v4"], 4), (["v8"], 8)]
    for t in MEMTYPES:
        for v, n in vecs:
            for op in ("ld", "st", "ldu"):
                yield "sm_90", "", ldst(op, ["global"] + v, t, n)
            yield "sm_100", "", ldst("ld", ["global"] + v, t, n)
    spaces = ["", "global", "shared", "shared::cta", "shared::cluster", "local", "const", "param", "param::entry",
              "param::func"]
    for sp in spaces:
        for op in ("ld", "st", "ldu"):
            for t, n in (("b32", 1), ("b32", 2), ("f64", 1)):
                yield "sm_90", "", ldst(op, [sp] + (["v2"] if n == 2 else []), t, n,
                                       "[sm]" if sp.startswith("shared") else "[%rd3]")
    caches = ["ca", "cg", "cs", "lu", "cv", "nc", "wb", "wt", "L2::64B", "L2::128B", "L2::256B",
              "L1::evict_normal", "L1::evict_unchanged", "L1::evict_first", "L1::evict_last", "L1::no_allocate",
              "L2::evict_normal", "L2::evict_first", "L2::evict_last", "L2::evict_unchanged", "unified"]
    for c in caches:
        for sp in ("", "global", "shared", "local", "const", "param"):
            for op in ("ld", "st"):
                yield "sm_90", "", ldst(op, [sp, c], "b32")
            yield "sm_90", "", ldst("ld", [sp, "nc", c] if c != "nc" else [sp, c], "b32")
        yield "sm_90", "", ldst("ld", ["global", c, "L2::cache_hint"], "b32", extra=", %rd2")
        yield "sm_90", "", ldst("st", ["global", c, "L2::cache_hint"], "b32", extra=", %rd2")
        yield "sm_90", "", ldst("ld", ["global", c, "v4"], "f32", 4)
        yield "sm_90", "", ldst("ld", ["global", "relaxed", "gpu", c], "b32")
        yield "sm_90", "", ldst("ld", ["global", "volatile", c], "b32")
    for i, a in enumerate(caches[:8]):
        for b in caches[8:]:
            yield "sm_90", "", ldst("ld", ["global", a, b], "b32")
        for b in caches[i + 1:8]:
            yield "sm_90", "", ldst("ld", ["global", a, b], "b32")
    for h in ("%rd2", "%r2", "1"):
        yield "sm_90", "", ldst("ld", ["global", "L2::cache_hint"], "b32", extra=", " + h)
        yield "sm_90", "", ldst("st", ["global", "L2::cache_hint"], "b32", extra=", " + h)
    yield "sm_90", "", ldst("ld", ["global"], "b32", extra=", %rd2")
    sems = ["", "weak", "relaxed", "acquire", "release", "volatile", "mmio", "sc", "acq_rel"]
    scopes = ["", "cta", "cluster", "gpu", "sys"]
    for sem in sems:
        for sc in scopes:
            for sp in ("", "global", "shared", "shared::cluster", "local", "const", "param"):
                for op in ("ld", "st"):
                    yield "sm_90", "", ldst(op, [sem, sc, sp], "b32", 1, "[sm]" if sp.startswith("shared") else
                                            "[%rd3]")
            yield "sm_90", "", ldst("ld", [sem, sc, "global", "v2"], "b32", 2)
            yield "sm_90", "", ldst("st", [sem, sc, "global", "b128"][:-1], "b128")
            yield "sm_70", "", ldst("ld", [sem, sc, "global"], "b32")
            yield "sm_90@7.8", "", ldst("ld", [sem, sc, "global"], "b32")
    # the order of the words: space before or after the semantics, vector before the type
    for ms in (["global", "relaxed", "gpu"], ["relaxed", "global", "gpu"], ["gpu", "relaxed", "global"],
               ["v2", "global"], ["global", "v2", "ca"], ["global", "ca", "v2"], ["global", "nc", "ca"],
               ["nc", "global"], ["global", "L1::evict_last", "L2::evict_first"], ["global", "global"],
               ["global", "shared"], ["relaxed", "relaxed", "gpu", "global"], ["ca", "ca", "global"]):
        yield "sm_90", "", ldst("ld", ms, "b32", 2 if "v2" in ms else 1)
    for sp in ("", "global", "shared", "local", "const", "param"):
        yield "sm_90", "", "ld.%sb32 %%r1, [%%rd3+4];" % (sp + "." if sp else "")
        yield "sm_90", "", "ld.%sb32 %%r1, [%%rd3].unified;" % (sp + "." if sp else "")
        yield "sm_90", "", "st.%sb32 [%%rd3].unified, %%r1;" % (sp + "." if sp else "")
        yield "sm_90", "", "ld.%sb32 %%r1, [%%r1];" % (sp + "." if sp else "")
        yield "sm_90", "", "ld.%sb32 %%r1, [4];" % (sp + "." if sp else "")
        yield "sm_90", "", "ld.%sb32 %%r1, [sm+4];" % (sp + "." if sp else "")


ATOMOPS = ["and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max"]
ATOMTYPES = ["b16", "b32", "b64", "b128", "u16", "u32", "u64", "s16", "s32", "s64", "f16", "f16x2", "bf16", "bf16x2",
             "f32", "f64", "e4m3"]


def atomic(op, mods, t, n=1, nsrc=1, extra=""):
    words = ".".join([op] + [m for m in mods if m] + [t])
    vals = [memreg(t, n, 2 + 8 * k) for k in range(nsrc)]
    if op == "atom":
        return "%s %s, [%%rd40], %s%s;" % (words, memreg(t, n, 10 + 8 * nsrc), ", ".join(vals), extra)
    return "%s [%%rd40], %s%s;" % (words, ", ".join(vals), extra)


def ops_atom():
    """atom and red: every operation on every type, the state spaces,
    memory orders and scopes, .noftz, vector widths and cache hints."""
    for op in ("atom", "red"):
        for a in ATOMOPS:
            for t in ATOMTYPES:
                yield "sm_90", "", atomic(op, ["global", a], t, 1, 2 if a == "cas" else 1)
                if a in ("add", "min", "max", "cas", "exch"):
                    yield "sm_90", "", atomic(op, [a], t, 1, 2 if a == "cas" else 1)
                    yield "sm_70", "", atomic(op, ["global", a], t, 1, 2 if a == "cas" else 1)
            if op == "atom" or a != "cas":
                yield "sm_90", "", atomic(op, ["global", a, "noftz"], "f16", 1, 2 if a == "cas" else 1)
        for a, t in (("add", "u32"), ("cas", "b32"), ("exch", "b64"), ("add", "f32"), ("min", "s32"),
                     ("add", "f16x2"), ("max", "bf16")):
            ns = 2 if a == "cas" else 1
            for sem in ("", "relaxed", "acquire", "release", "acq_rel", "weak", "volatile", "sc"):
                for sc in ("", "cta", "cluster", "gpu", "sys", "gl"):
                    yield "sm_90", "", atomic(op, [sem, sc, "global", a], t, 1, ns)
            for sp in ("", "global", "shared", "shared::cta", "shared::cluster", "local", "const", "param"):
                yield "sm_90", "", atomic(op, [sp, a], t, 1, ns)
            for ms in (["global", a, "L2::cache_hint"], [a, "global"], ["global", "gpu", a],
                       ["relaxed", "gpu", "global", a, "L2::cache_hint"], ["global", a, "noftz"],
                       ["global", "ca", a], ["global", a, a], ["global", a, "L2::evict_last"]):
                yield "sm_90", "", atomic(op, ms, t, 1, ns, ", %rd8" if "L2::cache_hint" in ms else "")
        for v, n in (("v2", 2), ("v4", 4), ("v8", 8)):
            for a in ("add", "min", "max", "exch", "cas"):
                for t in ("f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "u32", "b32"):
                    for tgt in ("sm_90", "sm_80"):
                        yield tgt, "", atomic(op, ["global", a, "noftz", v] if t[:2] in ("f1", "bf") else
                                              ["global", a, v], t, n, 2 if a == "cas" else 1)


# the other instructions of ops.def: a valid statement each, whose type is
# swapped for the row's others and some outside it, and each of the row's
# modifiers added after the opcode name
MISC = [("mov", "mov.b32 %r1, %r2;", "b32"), ("mov", "mov.u64 %rd2, sm;", "u64"),
        ("cvta", "cvta.shared.u64 %rd2, %rd3;", "u64"), ("cvta", "cvta.to.shared.u64 %rd2, %rd3;", "u64"),
        ("isspacep", "isspacep.global %p1, %rd3;", None), ("mapa", "mapa.shared::cluster.u64 %rd2, %rd3, %r1;", "u64"),
        ("getctarank", "getctarank.shared::cluster.u64 %r1, %rd3;", "u64"), ("activemask", "activemask.b32 %r1;", "b32"),
        ("nanosleep", "nanosleep.u32 %r1;", "u32"), ("prefetch", "prefetch.global.L1 [%rd3];", None),
        ("prefetchu", "prefetchu.L1 [%rd3];", None),
        ("createpolicy.fractional", "createpolicy.fractional.L2::evict_last.b64 %rd2, 1.0;", "b64"),
        ("membar", "membar.gl;", None), ("fence", "fence.acq_rel.gpu;", None), ("bar.sync", "bar.sync 0;", None),
        ("barrier.sync", "barrier.sync 0;", None), ("bar.red", "bar.red.popc.u32 %r1, 0, %p1;", "u32"),
        ("bar.warp.sync", "bar.warp.sync 0xffffffff;", None), ("elect.sync", "elect.sync %r1|%p1, 0xffffffff;", None),
        ("stacksave", "stacksave.u64 %rd2;", "u64"), ("stackrestore", "stackrestore.u64 %rd2;", "u64"),
        ("mbarrier.init", "mbarrier.init.shared.b64 [sm], %r1;", "b64"),
        ("mbarrier.arrive", "mbarrier.arrive.shared.b64 %rd2, [sm];", "b64"),
        ("mbarrier.test_wait", "mbarrier.test_wait.shared.b64 %p1, [sm], %rd2;", "b64"),
        ("mbarrier.try_wait", "mbarrier.try_wait.shared.b64 %p1, [sm], %rd2;", "b64"),
        ("cp.async", "cp.async.ca.shared.global [sm], [%rd3], 4;", None),
        ("st.async", "st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%rd3], %r1, [%rd4];", "b32"),
        ("red.async", "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%rd3], %r1, "
                      "[%rd4];", "u32"),
        ("griddepcontrol", "griddepcontrol.wait;", None), ("discard", "discard.global.L2 [%rd3], 128;", None),
        ("applypriority", "applypriority.global.L2::evict_normal [%rd3], 128;", None),
        ("ldu", "ldu.global.b32 %r1, [%rd3];", "b32"), ("brev", "brev.b32 %r1, %r2;", "b32")]


def ops_misc():
    """The instructions of other shapes (mov, cvta, barriers, fences,
    mbarrier, cp.async ...): each type of the row and others, each modifier
    of the row added, on sm_90 and sm_80."""
    rows = ops_table()
    for name, st, t in MISC:
        r = rows[name]
        yield "sm_90", "", st
        yield "sm_80", "", st
        if t:
            for u in r["types"] + [u for u in OUTSIDE if u not in r["types"]]:
                if u != t:
                    yield "sm_90", "", st.replace(".%s " % t, ".%s " % u, 1)
        for m in expand_mods(r):
            yield "sm_90", "", name + "." + m + st[len(name):]


FAMILIES = {"mma": lambda: mma_family(0), "mma-sp": lambda: mma_family(1), "mma-regs": mma_regs, "wmma": wmma,
            "wgmma": wgmma, "vectors": vectors, "texture": texture, "surface": surface,
            "cvt-sat": cvt_sat, "cvt-float": cvt_float, "cvt-round": cvt_round, "float-mods": float_mods, "targets": targets, "ops-types": ops_types,
            "ops-mods": ops_mods, "ops-operands": ops_operands, "ops-targets": ops_targets, "ops-mem": ops_mem,
            "ops-atom": ops_atom, "ops-misc": ops_misc}


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
    target = target.partition("@")[0]
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

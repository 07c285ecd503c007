#!/usr/bin/env python3
# wmma.py -- writes tests/run/wmma.ptx (run once, by hand; the output is
# committed) and, imported by mkcases.py, describes its kernels.
#
# wmma_probe_ld(img, out): every wmma.load form (shape, type, fragment,
#   layout, stride or its default, global/generic/shared) reads an image
#   whose elements hold their own index (wmma.img: see IMAGES), and each
#   lane writes its fragment registers to out: the H100's per-lane
#   fragment layout, for the interpreter to match bit for bit.
# wmma_probe_st(out): every wmma.store form stores registers that hold
#   their lane and register number; out shows where each lands.
# wmma_mma_GROUP(a, b, c, ch, d): load A, B, C (f32/s32/f64 from c, f16
#   from ch), wmma.mma, store D, for each form of MMAS[GROUP] in turn; D of
#   form i at d + i * M * N elements.
import os

SHAPES = {"m16n16k16": (16, 16, 16), "m32n8k16": (32, 8, 16), "m8n32k16": (8, 32, 16),
          "m16n16k8": (16, 16, 8), "m8n8k4": (8, 8, 4), "m8n8k32": (8, 8, 32), "m8n8k128": (8, 8, 128)}
BITS = {"f16": 16, "bf16": 16, "f32": 32, "s32": 32, "tf32": 32, "f64": 64, "s8": 8, "u8": 8,
        "s4": 4, "u4": 4, "b1": 1}
# image byte offsets of the element sizes (each element holds its index;
# sub-word sizes in several images, one per digit of the index)
IMAGES = {16: [0], 32: [8192], 64: [24576], 8: [28672, 29696], 4: [30720, 30848],
          1: [30976 + 128 * i for i in range(10)]}
IMGSIZE = 32768

def dims(frag, shape):
    m, n, k = SHAPES[shape]
    return {"a": (m, k), "b": (k, n), "c": (m, n), "d": (m, n)}[frag]

def nregs(frag, shape, ty):
    r, c = dims(frag, shape)
    if ty == "f16" and frag in "ab":
        return 8
    if ty == "f64":
        return r * c // 32
    return max(1, r * c // 32 * BITS[ty] // 32)

def rtype(frag, ty):
    return "fd" if ty == "f64" else "f" if ty in ("f32", "tf32") and frag in "cd" else "r"

def default_ld(frag, shape, lay):
    r, c = dims(frag, shape)
    return c if lay == "row" else r

# probe loads: (frag, shape, type, layout, padded stride, space)
LOADS = []
for shape, tys in [("m16n16k16", ["f16", "bf16", "s8", "u8"]), ("m32n8k16", ["f16", "bf16", "s8", "u8"]),
                   ("m8n32k16", ["f16", "bf16", "s8", "u8"]), ("m16n16k8", ["tf32"]), ("m8n8k4", ["f64"])]:
    for ty in tys:
        for frag in "ab":
            for lay in ("row", "col"):
                LOADS.append((frag, shape, ty, lay, lay == "row", "global"))
    cts = ["f16", "f32"] if "f16" in tys else ["s32"] if "s8" in tys else ["f64"] if "f64" in tys else ["f32"]
    for ct in cts:
        for lay in ("row", "col"):
            LOADS.append(("c", shape, ct, lay, lay == "col", "global"))
LOADS += [("a", "m8n8k32", "s4", "row", False, "global"), ("b", "m8n8k32", "u4", "col", True, "global"),
          ("c", "m8n8k32", "s32", "row", True, "global"),
          ("a", "m8n8k128", "b1", "row", True, "global"), ("b", "m8n8k128", "b1", "col", False, "global"),
          ("a", "m16n16k16", "f16", "row", True, "generic"), ("c", "m16n16k16", "f32", "col", False, "generic"),
          ("a", "m16n16k16", "f16", "col", True, "shared"), ("b", "m32n8k16", "f16", "row", False, "shared"),
          ("c", "m8n32k16", "f16", "row", True, "shared")]

STORES = []
for shape, cts in [("m16n16k16", ["f16", "f32", "s32"]), ("m32n8k16", ["f16", "f32"]), ("m8n32k16", ["f16", "s32"]),
                   ("m16n16k8", ["f32"]), ("m8n8k4", ["f64"]), ("m8n8k32", ["s32"])]:
    for ct in cts:
        for lay in ("row", "col"):
            STORES.append((shape, ct, lay, lay == "row", "global"))
STORES += [("m16n16k16", "f32", "row", False, "generic"), ("m32n8k16", "f16", "col", True, "generic")]

# mma groups: (shape, alayout, blayout, dtype, ctype, atype, extra)
MMAS = {
    "f16f32": [("m16n16k16", a, b, "f32", "f32", "f16", "") for a in ("row", "col") for b in ("row", "col")] +
              [("m16n16k16", "row", "col", "f32", "f16", "f16", ""), ("m32n8k16", "row", "row", "f32", "f32", "f16", ""),
               ("m32n8k16", "col", "col", "f32", "f16", "f16", ""), ("m8n32k16", "col", "col", "f32", "f32", "f16", ""),
               ("m8n32k16", "row", "col", "f32", "f32", "f16", "")],
    "f16f16": [("m16n16k16", "row", "col", "f16", "f16", "f16", ""), ("m16n16k16", "col", "row", "f16", "f32", "f16", ""),
               ("m32n8k16", "row", "col", "f16", "f16", "f16", ""), ("m8n32k16", "col", "row", "f16", "f16", "f16", ""),
               ("m16n16k16", "col", "col", "f16", "f16", "f16", ""),
               ("m16n16k16", "row", "row", "f16", "f32", "f16", "")],
    "bf16": [("m16n16k16", "row", "col", "f32", "f32", "bf16", ""), ("m16n16k16", "col", "row", "f32", "f32", "bf16", ""),
             ("m32n8k16", "row", "row", "f32", "f32", "bf16", ""), ("m8n32k16", "col", "col", "f32", "f32", "bf16", "")],
    "tf32": [("m16n16k8", a, b, "f32", "f32", "tf32", "") for a in ("row", "col") for b in ("row", "col")],
    "int": [("m16n16k16", "row", "col", "s32", "s32", "s8", ""), ("m16n16k16", "col", "row", "s32", "s32", "u8", ""),
            ("m32n8k16", "row", "row", "s32", "s32", "s8", ".satfinite"),
            ("m8n32k16", "col", "col", "s32", "s32", "u8", ".satfinite"),
            ("m16n16k16", "row", "col", "s32", "s32", "s8", ".satfinite")],
    "f64": [("m8n8k4", a, b, "f64", "f64", "f64", "") for a in ("row", "col") for b in ("row", "col")],
    "sub": [("m8n8k32", "row", "col", "s32", "s32", "s4", ""), ("m8n8k32", "row", "col", "s32", "s32", "u4", ".satfinite"),
            ("m8n8k128", "row", "col", "s32", "s32", "b1", ".xor.popc"),
            ("m8n8k128", "row", "col", "s32", "s32", "b1", ".and.popc")],
}

def regs(frag, shape, ty, first):
    p = rtype(frag, ty)
    return p, ["%%%s%d" % (p, first + j) for j in range(nregs(frag, shape, ty))]

HEAD = """\t.reg .pred %%p<4>;
\t.reg .b32 %%r<%d>;
\t.reg .f32 %%f<%d>;
\t.reg .f64 %%fd<%d>;
\t.reg .b64 %%rd<%d>;
"""

def load_ins(frag, shape, ty, lay, space, regl, addr, stride):
    sp = "" if space == "generic" else "." + space
    st = ", %s" % stride if stride is not None else ""
    return "\twmma.load.%s.sync.aligned.%s.%s%s.%s {%s}, [%s]%s;\n" % (frag, lay, shape, sp, ty, ", ".join(regl), addr, st)

def probe_ld():
    s = [".visible .entry wmma_probe_ld(.param .u64 img, .param .u64 out)\n{\n", HEAD % (64, 64, 32, 16),
         "\t.shared .align 32 .b8 sm[8192];\n",
         "\tld.param.u64 %rd1, [img];\n\tld.param.u64 %rd2, [out];\n\tcvta.to.global.u64 %rd3, %rd1;\n",
         "\tcvta.to.global.u64 %rd2, %rd2;\n\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, sm;\n",
         # copy the 16-bit image (8 KiB) to shared: 16 bytes per lane a step
         "\tmov.u32 %r3, 0;\nCOPY:\n\tshl.b32 %r4, %r1, 4;\n\tadd.u32 %r4, %r4, %r3;\n",
         "\tcvt.u64.u32 %rd4, %r4;\n\tadd.s64 %rd5, %rd3, %rd4;\n\tld.global.v4.u32 {%r5, %r6, %r7, %r8}, [%rd5];\n",
         "\tadd.u32 %r9, %r2, %r4;\n\tst.shared.v4.u32 [%r9], {%r5, %r6, %r7, %r8};\n",
         "\tadd.u32 %r3, %r3, 512;\n\tsetp.lt.u32 %p1, %r3, 8192;\n\t@%p1 bra COPY;\n\tbar.sync 0;\n"]
    base = 0
    for frag, shape, ty, lay, pad, space in LOADS:
        stride = None
        if pad:
            stride = default_ld(frag, shape, lay) + max(1, 128 // BITS[ty])
            if BITS[ty] == 1:
                stride = default_ld(frag, shape, lay) + 128
        nr = nregs(frag, shape, ty)
        for img in IMAGES[BITS[ty]]:
            p, rl = regs(frag, shape, ty, 10)
            if space == "shared":
                s.append("\tadd.u32 %%r9, %%r2, %d;\n" % img)
                addr = "%r9"
            elif space == "generic":
                s.append("\tadd.s64 %%rd6, %%rd1, %d;\n" % img)
                addr = "%rd6"
            else:
                s.append("\tadd.s64 %%rd6, %%rd3, %d;\n" % img)
                addr = "%rd6"
            if stride is not None:
                s.append("\tmov.u32 %%r8, %d;\n" % stride)
            s.append(load_ins(frag, shape, ty, lay, space, rl, addr, "%r8" if stride is not None else None))
            w = 2 if p == "fd" else 1
            s.append("\tmul.wide.u32 %%rd7, %%r1, %d;\n\tadd.s64 %%rd8, %%rd2, %%rd7;\n" % (nr * w * 4))
            for j, r in enumerate(rl):
                sfx = "f64" if p == "fd" else "f32" if p == "f" else "b32"
                s.append("\tst.global.%s [%%rd8+%d], %s;\n" % (sfx, (base + j * w) * 4, r))
            base += 32 * nr * w
    s.append("\tret;\n}\n")
    return "".join(s), base

def probe_st():
    s = [".visible .entry wmma_probe_st(.param .u64 out)\n{\n", HEAD % (64, 64, 32, 16),
         "\tld.param.u64 %rd1, [out];\n\tcvta.to.global.u64 %rd2, %rd1;\n\tmov.u32 %r1, %tid.x;\n"]
    base = 0   # bytes
    for shape, ct, lay, pad, space in STORES:
        r, c = dims("d", shape)
        ld = default_ld("d", shape, lay) + (128 // BITS[ct] if pad else 0)
        nr = nregs("d", shape, ct)
        p, rl = regs("d", shape, ct, 10)
        s.append("\tmul.lo.u32 %%r3, %%r1, %d;\n" % nr)
        for j, reg in enumerate(rl):
            if ct == "f16":   # two halves: 2 * (l * nr + j) + 1 and + 2
                s.append("\tadd.u32 %%r4, %%r3, %d;\n\tshl.b32 %%r4, %%r4, 1;\n\tadd.u32 %%r5, %%r4, 1;\n" % j)
                s.append("\tadd.u32 %%r6, %%r4, 2;\n\tshl.b32 %%r6, %%r6, 16;\n\tor.b32 %s, %%r5, %%r6;\n" % reg)
            elif p == "fd":
                s.append("\tadd.u32 %%r4, %%r3, %d;\n\tcvt.u64.u32 %%rd3, %%r4;\n\tmov.b64 %s, %%rd3;\n" % (j + 1, reg))
            elif p == "f":
                s.append("\tadd.u32 %%r4, %%r3, %d;\n\tmov.b32 %s, %%r4;\n" % (j + 1, reg))
            else:
                s.append("\tadd.u32 %s, %%r3, %d;\n" % (reg, j + 1))
        if space == "generic":
            s.append("\tadd.s64 %%rd4, %%rd1, %d;\n" % base)
        else:
            s.append("\tadd.s64 %%rd4, %%rd2, %d;\n" % base)
        sp = "" if space == "generic" else ".global"
        stt = ", %r7" if pad else ""
        if pad:
            s.append("\tmov.u32 %%r7, %d;\n" % ld)
        s.append("\twmma.store.d.sync.aligned.%s.%s%s.%s [%%rd4], {%s}%s;\n" % (lay, shape, sp, ct, ", ".join(rl), stt))
        n = (r if lay == "row" else c) * ld
        base += (n * BITS[ct] // 8 + 31) // 32 * 32
    s.append("\tret;\n}\n")
    return "".join(s), base

def mma_kernel(group):
    s = [".visible .entry wmma_mma_%s(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 ch, .param .u64 d)\n{\n"
         % group, HEAD % (64, 64, 32, 16)]
    for i, n in enumerate("a b c ch d".split()):
        s.append("\tld.param.u64 %%rd%d, [%s];\n\tcvta.to.global.u64 %%rd%d, %%rd%d;\n" % (i + 1, n, i + 1, i + 1))
    off = 0
    for i, (shape, la, lb, dt, ct, at, extra) in enumerate(MMAS[group]):
        cl = "row" if i % 2 == 0 else "col"
        _, ra = regs("a", shape, at, 10)
        _, rb = regs("b", shape, at, 20)
        pc, rc = regs("c", shape, ct, 30 if ct != "f64" else 4)
        if pc == "f":
            rc = ["%%f%d" % (j) for j in range(len(rc))]
        pd, rd = regs("d", shape, dt, 40 if dt != "f64" else 8)
        if pd == "f":
            rd = ["%%f%d" % (20 + j) for j in range(len(rd))]
        if pd == "fd":
            rd = ["%%fd%d" % (8 + j) for j in range(len(rd))]
        if pc == "fd":
            rc = ["%%fd%d" % (4 + j) for j in range(len(rc))]
        s.append(load_ins("a", shape, at, la, "global", ra, "%rd1", None))
        s.append(load_ins("b", shape, at, lb, "global", rb, "%rd2", None))
        s.append(load_ins("c", shape, ct, cl, "global", rc, "%rd4" if ct == "f16" else "%rd3", None))
        if at in ("f16",):
            tys = ".%s.%s" % (dt, ct)
        else:
            tys = ".%s.%s.%s.%s" % (dt, at, at, ct)
        rnd = ".rn" if at == "f64" else ""
        op = "wmma.mma%s" % (extra if "popc" in extra else "")
        sat = extra if extra == ".satfinite" else ""
        s.append("\t%s.sync.aligned.%s.%s.%s%s%s%s {%s}, {%s}, {%s}, {%s};\n" % (op, la, lb, shape, tys, sat, rnd,
                 ", ".join(rd), ", ".join(ra), ", ".join(rb), ", ".join(rc)))
        s.append("\tadd.s64 %%rd6, %%rd5, %d;\n" % off)
        s.append("\twmma.store.d.sync.aligned.%s.%s.global.%s [%%rd6], {%s};\n" % (cl, shape, dt, ", ".join(rd)))
        m, n, _ = SHAPES[shape]
        off += m * n * BITS[dt] // 8
    s.append("\tret;\n}\n")
    return "".join(s), off

if __name__ == "__main__":
    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    out = ["// wmma.ptx - every wmma.load/store form against index images, and\n",
           "// wmma.mma in each shape, type and layout pair (written by wmma.py).\n",
           ".version 8.3\n.target sm_90\n.address_size 64\n\n"]
    out.append(probe_ld()[0] + "\n" + probe_st()[0])
    for g in MMAS:
        out.append("\n" + mma_kernel(g)[0])
    open("wmma.ptx", "w").write("".join(out))

#!/usr/bin/env python3
# mma_int.py -- writes tests/run/mma_int.ptx and the cases of the integer
# mma.sync forms mkcases.py does not cover: the mixed-sign m16n8k32 forms
# (.s8.u8, .u8.s8), and the m16n8k16 and m8n8k16 shapes.  Unlike the
# other mma cases, the expected outputs are not recorded on a GPU: this
# script computes them from the PTX ISA's fragment layouts and the exact
# integer sum (wrapping to 32 bits, or clamped with .satfinite), apart from
# the interpreter.  Run it once by hand; the outputs are committed.
import os, random, struct
os.chdir(os.path.dirname(os.path.abspath(__file__)))
R = random.Random(20251206)
NBLK = 4

# name, shape, .satfinite, A type, B type; (m, n, k, A regs, B regs, C regs)
SHAPES = {"m16n8k32": (16, 8, 32, 4, 2, 4), "m16n8k16": (16, 8, 16, 2, 1, 4), "m8n8k16": (8, 8, 16, 1, 1, 2)}
CASES = [("mma_s8u8_k32", "m16n8k32", 0, "s8", "u8"), ("mma_u8s8_k32_sat", "m16n8k32", 1, "u8", "s8"),
         ("mma_s8_k16", "m16n8k16", 0, "s8", "s8"), ("mma_u8s8_k16_sat", "m16n8k16", 1, "u8", "s8"),
         ("mma_s8u8_m8k16", "m8n8k16", 0, "s8", "u8"), ("mma_u8_m8k16_sat", "m8n8k16", 1, "u8", "u8")]


def afrag(shape, g, t, i):
    if shape == "m16n8k32":
        return g + 8 * ((i >> 2) & 1), t * 4 + (i & 3) + 16 * (i >> 3)
    if shape == "m16n8k16":
        return g + 8 * (i >> 2), t * 4 + (i & 3)
    return g, t * 4 + i


def bfrag(shape, g, t, i):
    if shape == "m16n8k32":
        return t * 4 + (i & 3) + 16 * (i >> 2), g
    return t * 4 + i, g


def cfrag(shape, g, t, i):
    if shape == "m8n8k16":
        return g, t * 2 + i
    return g + 8 * (i >> 1), t * 2 + (i & 1)


def byte(v, ty):
    return v - 256 if ty == "s8" and v >= 128 else v


def kernel(name, shape, sat, at, bt):
    m, n, k, na, nb, nc = SHAPES[shape]
    L = [".visible .entry %s(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)" % name, "{",
         "\t.reg .b32 %r<4>;", "\t.reg .b64 %rd<16>;", "\t.reg .b32 %%a<%d>;" % na, "\t.reg .b32 %%b<%d>;" % nb,
         "\t.reg .b32 %%c<%d>;" % nc, "\t.reg .b32 %%d<%d>;" % nc]
    for j, p in enumerate("abcd"):
        L += ["\tld.param.u64 %%rd%d, [%s];" % (j, p), "\tcvta.to.global.u64 %%rd%d, %%rd%d;" % (j, j)]
    L += ["\tmov.u32 %r0, %tid.x;", "\tmov.u32 %r1, %ctaid.x;", "\tmad.lo.u32 %r2, %r1, 32, %r0;",
          "\tcvt.u64.u32 %rd4, %r2;"]
    for j, cnt in enumerate((na, nb, nc, nc)):
        L += ["\tmul.lo.u64 %%rd%d, %%rd4, %d;" % (5 + j, 4 * cnt), "\tadd.s64 %%rd%d, %%rd%d, %%rd%d;" % (5 + j, j, 5 + j)]
    for p, cnt, rd in (("a", na, 5), ("b", nb, 6), ("c", nc, 7)):
        L += ["\tld.global.b32 %%%s%d, [%%rd%d+%d];" % (p, i, rd, 4 * i) for i in range(cnt)]
    vec = lambda p, cnt: "{" + ", ".join("%%%s%d" % (p, i) for i in range(cnt)) + "}"
    L.append("\tmma.sync.aligned.%s.row.col%s.s32.%s.%s.s32 %s, %s, %s, %s;" % (
        shape, ".satfinite" if sat else "", at, bt, vec("d", nc), vec("a", na), vec("b", nb), vec("c", nc)))
    L += ["\tst.global.b32 [%%rd8+%d], %%d%d;" % (4 * i, i) for i in range(nc)]
    L += ["\tret;", "}", ""]
    return "\n".join(L)


def w(path, vals):
    open(path, "wb").write(struct.pack("<%dI" % len(vals), *vals))


ptx = ["// mma_int.ptx - written by mma_int.py: one integer mma.sync per kernel on",
       "// fragments loaded straight from global memory (lane l of block b reads",
       "// its registers at (b*32+l)*N), expectations computed by mma_int.py.",
       ".version 8.3", ".target sm_90", ".address_size 64", ""]
for name, shape, sat, at, bt in CASES:
    m, n, k, na, nb, nc = SHAPES[shape]
    ptx.append(kernel(name, shape, sat, at, bt))
    A, B, C, D = [], [], [], []
    for blk in range(NBLK):
        ra = [[R.getrandbits(32) for _ in range(na)] for _ in range(32)]
        rb = [[R.getrandbits(32) for _ in range(nb)] for _ in range(32)]
        rc = [[R.choice([R.getrandbits(32), R.randint(0, 1000), 0x7fffff00 + R.randint(0, 255),
                         0x80000000 + R.randint(0, 255)]) for _ in range(nc)] for _ in range(32)]
        if blk == NBLK - 1:   # extremes: every product at its largest magnitude
            ra = [[0x80808080 if at == "s8" else 0xFFFFFFFF] * na for _ in range(32)]
            rb = [[0x80808080 if bt == "s8" else 0xFFFFFFFF] * nb for _ in range(32)]
        Am = [[0] * k for _ in range(m)]
        Bm = [[0] * n for _ in range(k)]
        Cm = [[0] * n for _ in range(m)]
        for l in range(32):
            g, t = l // 4, l % 4
            for i in range(4 * na):
                r, c = afrag(shape, g, t, i)
                Am[r][c] = byte(ra[l][i // 4] >> (8 * (i % 4)) & 0xFF, at)
            for i in range(4 * nb):
                r, c = bfrag(shape, g, t, i)
                Bm[r][c] = byte(rb[l][i // 4] >> (8 * (i % 4)) & 0xFF, bt)
            for i in range(nc):
                r, c = cfrag(shape, g, t, i)
                v = rc[l][i]
                Cm[r][c] = v - (1 << 32) if v >= 1 << 31 else v
        for l in range(32):
            g, t = l // 4, l % 4
            out = []
            for i in range(nc):
                r, c = cfrag(shape, g, t, i)
                v = Cm[r][c] + sum(Am[r][j] * Bm[j][c] for j in range(k))
                if sat:
                    v = max(-(1 << 31), min((1 << 31) - 1, v))
                out.append(v & 0xFFFFFFFF)
            D += out
        A += [x for regs in ra for x in regs]
        B += [x for regs in rb for x in regs]
        C += [x for regs in rc for x in regs]
    w(name + ".fa", A)
    w(name + ".fb", B)
    w(name + ".fc", C)
    w(name + ".want.3", D)
    open(name + ".case", "w").write("mma_int.ptx -k %s -g %d -b 32 -a file:%s.fa -a file:%s.fb -a file:%s.fc "
                                    "-a zeros:%d\nouts: 3\n" % (name, NBLK, name, name, name, NBLK * 32 * nc * 4))
open("mma_int.ptx", "w").write("\n".join(ptx))

#!/usr/bin/env python3
# mksp.py -- writes tests/run/mma_sp.ptx and the inputs and case files of
# its kernels (run once, by hand; the outputs are committed): one kernel a
# form of mma.sp / mma.sp::ordered_metadata, each warp (a CTA of 32) on its
# own fragments, read straight from global memory (lane l of CTA b reads
# its registers at (b*32+l)*16: A, B and C four .b32 words each, unused
# ones ignored, the metadata one word).  The values are floats of few
# mantissa bits or random integers; every lane's metadata is random valid
# 2:4 nibbles (0x4 or 0xe for tf32), so whichever lanes the selector names
# hold valid ones.  NAME.want.4 (D) was recorded with ptx-run --backend
# cuda on an H200.
import random, struct, os
os.chdir(os.path.dirname(os.path.abspath(__file__)))
R = random.Random(20261129)
G = 16   # CTAs (warps) of each case

def f16(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]

def small():
    return R.randint(-24, 24) / (1 << R.randint(0, 4))

def word(ty):
    if ty in ("f16",):
        return f16(small()) | f16(small()) << 16
    if ty == "bf16":
        return (struct.unpack("<I", struct.pack("<f", small()))[0] >> 16) | \
            (struct.unpack("<I", struct.pack("<f", small()))[0] >> 16) << 16
    if ty in ("tf32", "f32"):
        return struct.unpack("<I", struct.pack("<f", small()))[0]
    if ty in ("e4m3", "e5m2"):   # bytes of small magnitude: no NaN patterns
        return sum((R.randint(0, 0x5f) | R.randint(0, 1) << 7) << (8 * i) for i in range(4))
    return R.getrandbits(32)

PAIRS = [0x4, 0x8, 0xc, 0x9, 0xd, 0xe]
def meta(tf32):
    return sum((R.choice([0x4, 0xe]) if tf32 else R.choice(PAIRS)) << (4 * i) for i in range(8))

# name, variant, shape and types, A/B type, C type, registers of A, B, C/D, selector
FORMS = [
    ("sp_f16_k16_f32", "sp", "m16n8k16.row.col.f32.f16.f16.f32", "f16", "f32", 2, 2, 4, 0),
    ("sp_f16_k16_f32_s1", "sp::ordered_metadata", "m16n8k16.row.col.f32.f16.f16.f32", "f16", "f32", 2, 2, 4, 1),
    ("sp_f16_k32_f16", "sp", "m16n8k32.row.col.f16.f16.f16.f16", "f16", "f16", 4, 4, 2, 1),
    ("sp_bf16_k32", "sp::ordered_metadata", "m16n8k32.row.col.f32.bf16.bf16.f32", "bf16", "f32", 4, 4, 4, 0),
    ("sp_tf32_k8_s1", "sp", "m16n8k8.row.col.f32.tf32.tf32.f32", "tf32", "f32", 2, 2, 4, 1),
    ("sp_tf32_k16", "sp", "m16n8k16.row.col.f32.tf32.tf32.f32", "tf32", "f32", 4, 4, 4, 0),
    ("sp_u8s8_k32_s1", "sp", "m16n8k32.row.col.satfinite.s32.u8.s8.s32", "s8", "s32", 2, 2, 4, 1),
    ("sp_s8_k64", "sp::ordered_metadata", "m16n8k64.row.col.s32.s8.s8.s32", "s8", "s32", 4, 4, 4, 0),
    ("sp_e4m3_k64", "sp", "m16n8k64.row.col.f32.e4m3.e5m2.f32", "e4m3", "f32", 4, 4, 4, 0),
    ("sp_s4_k64_s1", "sp", "m16n8k64.row.col.s32.s4.u4.s32", "s4", "s32", 2, 2, 4, 1),
    ("sp_u4_k128", "sp::ordered_metadata", "m16n8k128.row.col.satfinite.s32.u4.u4.s32", "s4", "s32", 4, 4, 4, 0),
    ("sp_f16_k16_s3", "sp", "m16n8k16.row.col.f16.f16.f16.f16", "f16", "f16", 2, 2, 2, 3),
    ("sp_tf32_k8_s2", "sp::ordered_metadata", "m16n8k8.row.col.f32.tf32.tf32.f32", "tf32", "f32", 2, 2, 4, 2),
    ("sp_bf16_k16_s2", "sp", "m16n8k16.row.col.f32.bf16.bf16.f32", "bf16", "f32", 2, 2, 4, 2),
]

def regs(p, n):
    return "{" + ", ".join("%%%s%d" % (p, i) for i in range(n)) + "}"

ptx = ["// mma_sp.ptx - written by mksp.py: one mma.sp form a kernel (see there).",
       ".version 8.6", ".target sm_90", ".address_size 64", ""]
for name, var, form, aty, cty, na, nb, nc, sel in FORMS:
    ptx += [".visible .entry %s(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 e, .param .u64 d)" % name,
            "{", "\t.reg .b32 %r<4>;", "\t.reg .b64 %rd<12>;", "\t.reg .b32 %a<4>;", "\t.reg .b32 %b<4>;",
            "\t.reg .b32 %c<4>;", "\t.reg .b32 %d<4>;", "\t.reg .b32 %e;"]
    for i, p in enumerate("abced"):
        ptx += ["\tld.param.u64 %%rd%d, [%s];" % (i, p), "\tcvta.to.global.u64 %%rd%d, %%rd%d;" % (i, i)]
    ptx += ["\tmov.u32 %r0, %tid.x;", "\tmov.u32 %r1, %ctaid.x;", "\tmad.lo.u32 %r2, %r1, 32, %r0;",
            "\tmul.wide.u32 %rd5, %r2, 16;", "\tmul.wide.u32 %rd6, %r2, 4;",
            "\tadd.s64 %rd7, %rd0, %rd5;", "\tadd.s64 %rd8, %rd1, %rd5;", "\tadd.s64 %rd9, %rd2, %rd5;",
            "\tadd.s64 %rd10, %rd3, %rd6;", "\tadd.s64 %rd11, %rd4, %rd5;"]
    for p, n, rd in (("a", na, 7), ("b", nb, 8), ("c", nc, 9)):
        ptx += ["\tld.global.b32 %%%s%d, [%%rd%d+%d];" % (p, i, rd, 4 * i) for i in range(n)]
    ptx += ["\tld.global.b32 %e, [%rd10];",
            "\tmma.%s.sync.aligned.%s %s, %s, %s, %s, %%e, %d;" % (var, form, regs("d", nc), regs("a", na),
                                                                 regs("b", nb), regs("c", nc), sel)]
    ptx += ["\tst.global.b32 [%%rd11+%d], %%d%d;" % (4 * i, i) for i in range(nc)]
    ptx += ["\tret;", "}", ""]
    n = G * 32 * 4
    btype = form.split(".")[-2]
    abw = [word(aty) for _ in range(n)]
    bbw = [word(btype if aty in ("e4m3",) else aty) for _ in range(n)]
    ccw = [word(cty if cty != "f16" else "f16") for _ in range(n)]
    ew = [meta(aty == "tf32") for _ in range(G * 32)]
    for ext, vals in (("fa", abw), ("fb", bbw), ("fc", ccw), ("fe", ew)):
        open("%s.%s" % (name, ext), "wb").write(struct.pack("<%dI" % len(vals), *vals))
    open("%s.case" % name, "w").write(
        "mma_sp.ptx -k %s -g %d -b 32 -a file:%s.fa -a file:%s.fb -a file:%s.fc -a file:%s.fe -a zeros:%d\nouts: 4\n"
        % (name, G, name, name, name, name, n * 4))
open("mma_sp.ptx", "w").write("\n".join(ptx))

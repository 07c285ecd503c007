#!/usr/bin/env python3
# wgmma.py -- writes tests/run/wgmma.ptx (run once, by hand; the output is
# committed) and, imported by mkcases.py, describes its kernels and the
# matrix descriptors and shared-memory layouts the cases use.
#
# Every kernel runs one wgmma.mma_async on a warpgroup (or two) and takes
#   img, nimg   a shared-memory image: copied to the first 1024-aligned
#               address of the dynamic shared memory (so the swizzle
#               patterns are the same on any GPU), nimg bytes, a multiple of 16
#   ain         A's four registers of each thread (A-in-registers kernels)
#   din         D's registers, the same for lane l of every warp
#   out         D's registers after the instruction, of each thread
#   adesc, bdesc  matrix descriptors, start addresses relative to the image
#   scaled      scale-d
# so the H100 and the interpreter read the same bytes through the same
# descriptors, and the outputs show how each reads them.
import os

# name: (N, K, dtype, atype, btype, A in registers, immediates, extra modifiers)
# immediates: imm-scale-a, imm-scale-b {, imm-trans-a}, imm-trans-b as the form takes them
KERNELS = {
    "wg_f16_rs_n128": (128, 16, "f32", "f16", "f16", 1, "1, 1, 0", ""),
    "wg_f16_rs_n128_tb": (128, 16, "f32", "f16", "f16", 1, "1, 1, 1", ""),
    "wg_f16_rs_n128_nb": (128, 16, "f32", "f16", "f16", 1, "1, -1, 0", ""),
    "wg_f16_ss_n16": (16, 16, "f32", "f16", "f16", 0, "1, 1, 0, 0", ""),
    "wg_f16_ss_n16_ta": (16, 16, "f32", "f16", "f16", 0, "1, 1, 1, 0", ""),
    "wg_f16_rs_n256": (256, 16, "f32", "f16", "f16", 1, "1, 1, 0", ""),
    "wg_f16h_ss_n8_tb": (8, 16, "f16", "f16", "f16", 0, "1, 1, 0, 1", ""),
    "wg_bf16_ss_n64_ta_tb_na": (64, 16, "f32", "bf16", "bf16", 0, "-1, 1, 1, 1", ""),
    "wg_tf32_ss_n32_nb": (32, 8, "f32", "tf32", "tf32", 0, "1, -1", ""),
    "wg_tf32_rs_n16": (16, 8, "f32", "tf32", "tf32", 1, "1, 1", ""),
    "wg_s8_ss_n64_sat": (64, 32, "s32", "s8", "s8", 0, "", ".satfinite"),
    "wg_u8s8_rs_n24": (24, 32, "s32", "u8", "s8", 1, "", ""),
    "wg_b1_ss_n64": (64, 256, "s32", "b1", "b1", 0, "", ".and.popc"),
    "wg_b1_rs_n128": (128, 256, "s32", "b1", "b1", 1, "", ".and.popc"),
    "wg_e4m3_ss_n64": (64, 32, "f32", "e4m3", "e4m3", 0, "1, 1", ""),
    "wg_e5m2e4m3_rs_n32_h": (32, 32, "f16", "e5m2", "e4m3", 1, "1, -1", ""),
}


def nregs(name):
    n, k, dt = KERNELS[name][:3]
    return n // 4 if dt == "f16" else n // 2


# ---------------------------------------------------------------- descriptors

SWIZZLE = {0: 0, 128: 1, 64: 2, 32: 3}


def desc(start, lbo, sbo, sw=0, base=0):
    enc = lambda x: (x & 0x3FFFF) >> 4
    return enc(start) | enc(lbo) << 16 | enc(sbo) << 32 | base << 49 | SWIZZLE[sw] << 62


def addr(start, lbo, sbo, sw, base, mnmajor, mn, k, bits):
    """The byte address of element (mn, k) of a descriptor's matrix (bits >= 8;
    b1 as bytes): the PTX ISA's canonical layouts, as interp/wgmma.c reads them."""
    eb = bits // 8
    if not mnmajor:
        kb = k * eb
        if not sw:
            a = mn % 8 * 16 + mn // 8 * sbo + kb // 16 * lbo + kb % 16
        else:
            a = mn % 8 * sw + mn // 8 * sbo + kb % sw + kb // sw * lbo
    else:
        mb = mn * eb
        if not sw:
            a = mb % 16 + mb // 16 * sbo + k % 8 * 16 + k // 8 * lbo
        else:
            a = mb % sw + mb // sw * lbo + k % 8 * sw + k // 8 * sbo
    a += start
    if sw:
        a ^= (((a >> 7) - base) & (sw // 16 - 1)) << 4
    return a


# ---------------------------------------------------------------- the PTX

def emit(name, nd, instr, meta=False):
    """One kernel around the wgmma line instr: the image copied to shared
    memory, D's registers and A's loaded, instr, D stored.  With meta (the
    sparse kernels of mkwgsp.py) a parameter of each thread's metadata word,
    loaded into %r12."""
    L = []
    e = L.append
    e(".visible .entry %s(.param .u64 img, .param .u32 nimg, .param .u64 ain, .param .u64 din," % name)
    e("\t.param .u64 out, .param .u64 adesc, .param .u64 bdesc, .param .u32 scaled%s)"
      % (", .param .u64 meta" if meta else ""))
    e("{")
    e("\t.reg .pred %p<2>;")
    e("\t.reg .b32 %%r<%d>;" % (13 if meta else 12))
    e("\t.reg .b64 %%rd<%d>;" % (14 if meta else 12))
    e("\t.reg .b32 %a<4>;")
    e("\t.reg .b32 %%d<%d>;" % nd)
    e("\tld.param.u64 %rd0, [img];")
    e("\tld.param.u32 %r0, [nimg];")
    e("\tld.param.u64 %rd1, [ain];")
    e("\tld.param.u64 %rd2, [din];")
    e("\tld.param.u64 %rd3, [out];")
    e("\tld.param.u64 %rd4, [adesc];")
    e("\tld.param.u64 %rd5, [bdesc];")
    e("\tld.param.u32 %r1, [scaled];")
    if meta:
        e("\tld.param.u64 %rd11, [meta];")
    for i in range(4):
        e("\tcvta.to.global.u64 %%rd%d, %%rd%d;" % (i, i))
    if meta:
        e("\tcvta.to.global.u64 %rd11, %rd11;")
    e("\tmov.u32 %r2, %tid.x;")
    e("\tmov.u32 %r3, %ntid.x;")
    e("\tmov.u32 %r4, smem;")
    e("\tadd.u32 %r4, %r4, 1023;")
    e("\tand.b32 %r4, %r4, -1024;")
    e("\tshl.b32 %r5, %r2, 4;")
    e("\tshl.b32 %r6, %r3, 4;")
    e("$copy:")
    e("\tsetp.ge.u32 %p0, %r5, %r0;")
    e("\t@%p0 bra $copied;")
    e("\tcvt.u64.u32 %rd6, %r5;")
    e("\tadd.s64 %rd7, %rd0, %rd6;")
    e("\tld.global.v4.b32 {%r7, %r8, %r9, %r10}, [%rd7];")
    e("\tadd.u32 %r11, %r4, %r5;")
    e("\tst.shared.v4.b32 [%r11], {%r7, %r8, %r9, %r10};")
    e("\tadd.u32 %r5, %r5, %r6;")
    e("\tbra $copy;")
    e("$copied:")
    e("\tfence.proxy.async.shared::cta;")
    e("\tbar.sync 0;")
    e("\tshr.u32 %r7, %r4, 4;")
    e("\tcvt.u64.u32 %rd6, %r7;")
    e("\tadd.s64 %rd4, %rd4, %rd6;")
    e("\tadd.s64 %rd5, %rd5, %rd6;")
    e("\tand.b32 %r8, %r2, 31;")
    e("\tmul.wide.u32 %%rd8, %%r8, %d;" % (nd * 4))
    e("\tadd.s64 %rd8, %rd2, %rd8;")
    for i in range(nd):
        e("\tld.global.b32 %%d%d, [%%rd8+%d];" % (i, 4 * i))
    e("\tmul.wide.u32 %rd9, %r2, 16;")
    e("\tadd.s64 %rd9, %rd1, %rd9;")
    e("\tld.global.v4.b32 {%a0, %a1, %a2, %a3}, [%rd9];")
    if meta:
        e("\tmul.wide.u32 %rd12, %r2, 4;")
        e("\tadd.s64 %rd12, %rd11, %rd12;")
        e("\tld.global.b32 %r12, [%rd12];")
    e("\tsetp.ne.u32 %p1, %r1, 0;")
    e("\twgmma.fence.sync.aligned;")
    e(instr)
    e("\twgmma.commit_group.sync.aligned;")
    e("\twgmma.wait_group.sync.aligned 0;")
    e("\tmul.wide.u32 %%rd10, %%r2, %d;" % (nd * 4))
    e("\tadd.s64 %rd10, %rd3, %rd10;")
    for i in range(nd):
        e("\tst.global.b32 [%%rd10+%d], %%d%d;" % (4 * i, i))
    e("\tret;")
    e("}")
    return "\n".join(L) + "\n"


def kernel(name):
    n, k, dt, at, bt, areg, imm, extra = KERNELS[name]
    nd = nregs(name)
    sat = ".satfinite" if extra == ".satfinite" else ""
    op = extra if extra != ".satfinite" else ""
    dl = "{" + ", ".join("%%d%d" % i for i in range(nd)) + "}"
    a = "{%a0, %a1, %a2, %a3}" if areg else "%rd4"
    tail = ", " + imm if imm else ""
    return emit(name, nd, "\twgmma.mma_async.sync.aligned.m64n%dk%d%s.%s.%s.%s%s %s, %s, %%rd5, %%p1%s;"
                % (n, k, sat, dt, at, bt, op, dl, a, tail))


def ptx():
    head = """// wgmma.ptx -- one wgmma.mma_async per kernel, on a shared-memory image and
// register values given by the case (tests/run/wgmma.py writes this file and
// describes the parameters; mkcases.py the cases).  The forms cover each
// swizzle mode and major-ness of the descriptors, A in registers and in
// shared memory, imm-trans, scale-d = 0, imm-scale = -1, N = 8 and N = 256,
// f16 accumulators, bf16, tf32, s8/u8, b1 and fp8.
.version 8.7
.target sm_90a
.address_size 64
.extern .shared .align 16 .b8 smem[];
"""
    return head + "".join(kernel(nm) for nm in KERNELS)


if __name__ == "__main__":
    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    open("wgmma.ptx", "w").write(ptx())

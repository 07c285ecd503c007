#!/usr/bin/env python3
# mkwgsp.py -- writes tests/run/wgmma_sp.ptx and the inputs and case files of
# its kernels (run once, by hand; the outputs are committed): one
# wgmma.mma_async.sp a kernel, on a shared-memory image and register values
# that the case gives, as wgmma.py's kernels take them (img, nimg, ain, din,
# out, adesc, bdesc, scaled), plus
#   meta        each thread's metadata word (tid order)
# and the sparsity selector an immediate of the kernel.  A is the packed
# 64 x K/2 matrix, in registers or through adesc; B is K x N.
#
# The probes (wgsp_bk_*, wgsp_bn_*: B; wgsp_ak_*, wgsp_am_*: A) multiply by
# a one-hot A (or B) so that D shows which element each position read: the
# image holds i % 2048 in its i-th 16-bit slot.  B's K of 32 f16 is 64 bytes
# a row, twice the dense instruction's, so the probes show where a swizzled
# K-major row's second 32 bytes lie.  The other cases are random, with the
# types' edge values (NaN, infinities, subnormals, the largest finite) in a
# few percent of the elements and accumulators of wide range (or near the
# s32 limits, for .satfinite); every lane's metadata word is random valid
# 2:4 nibbles (0x4 or 0xe for tf32), so the lanes that the selector names
# hold valid ones and the others are ignored.  NAME.want.4 (D) was recorded
# with ptx-run --backend cuda on an H200 (gen.sh).
import random, struct, os, sys
os.chdir(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ".")
import wgmma as WG

R = random.Random(20261201)

def w(name, fmt, vals):
    open(name, "wb").write(struct.pack("<%d%s" % (len(vals), fmt), *vals))
def fbits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]
def h16(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]

# name: (N, dense K of one packed row (K/2), dtype, atype, btype, A in registers, selector,
#        immediates after scale-d, extra modifier)
KERNELS = {
    "wgsp_f16_rs_n128": (128, 16, "f32", "f16", "f16", 1, 0, "1, 1, 0", ""),
    "wgsp_f16_rs_n128_tb": (128, 16, "f32", "f16", "f16", 1, 1, "1, 1, 1", ""),
    "wgsp_f16_ss_n16": (16, 16, "f32", "f16", "f16", 0, 0, "1, 1, 0, 0", ""),
    "wgsp_f16_ss_n16_ta": (16, 16, "f32", "f16", "f16", 0, 1, "1, 1, 1, 0", ""),
    "wgsp_f16_rs_n64": (64, 16, "f32", "f16", "f16", 1, 0, "1, 1, 0", ""),
    "wgsp_f16h_ss_n32_ta": (32, 16, "f16", "f16", "f16", 0, 1, "1, 1, 1, 0", ""),
    "wgsp_bf16_ss_n16_na_tb": (16, 16, "f32", "bf16", "bf16", 0, 1, "-1, 1, 0, 1", ""),
    "wgsp_bf16_rs_n128_nb": (128, 16, "f32", "bf16", "bf16", 1, 0, "1, -1, 0", ""),
    "wgsp_tf32_ss_n32": (32, 8, "f32", "tf32", "tf32", 0, 0, "1, 1", ""),
    "wgsp_tf32_rs_n16_na": (16, 8, "f32", "tf32", "tf32", 1, 1, "-1, 1", ""),
    "wgsp_e4m3_ss_n64": (64, 32, "f32", "e4m3", "e4m3", 0, 0, "1, 1", ""),
    "wgsp_e5m2e4m3_rs_n32_h_nb": (32, 32, "f16", "e5m2", "e4m3", 1, 0, "1, -1", ""),
    "wgsp_e4m3e5m2_ss_n8_na": (8, 32, "f32", "e4m3", "e5m2", 0, 0, "-1, 1", ""),
    "wgsp_e5m2_rs_n16_h": (16, 32, "f16", "e5m2", "e5m2", 1, 0, "1, 1", ""),
    "wgsp_s8_ss_n64_sat": (64, 32, "s32", "s8", "s8", 0, 0, "", ".satfinite"),
    "wgsp_u8s8_rs_n24": (24, 32, "s32", "u8", "s8", 1, 0, "", ""),
    "wgsp_s8u8_rs_n32_sat": (32, 32, "s32", "s8", "u8", 1, 0, "", ".satfinite"),
    "wgsp_u8_ss_n256": (256, 32, "s32", "u8", "u8", 0, 0, "", ""),
    "wgsp_f16_rs_n16": (16, 16, "f32", "f16", "f16", 1, 0, "1, 1, 0", ""),
}


def nregs(name):
    n, k, dt = KERNELS[name][:3]
    return n // 4 if dt == "f16" else n // 2


def kernel(name):
    n, k, dt, at, bt, areg, sel, imm, sat = KERNELS[name]
    nd = nregs(name)
    dl = "{" + ", ".join("%%d%d" % i for i in range(nd)) + "}"
    a = "{%a0, %a1, %a2, %a3}" if areg else "%rd4"
    tail = ", " + imm if imm else ""
    return WG.emit(name, nd, "\twgmma.mma_async.sp.sync.aligned.m64n%dk%d%s.%s.%s.%s %s, %s, %%rd5, %%r12, %d, %%p1%s;"
                   % (n, 2 * k, sat, dt, at, bt, dl, a, sel, tail), meta=True)


def ptx():
    head = """// wgmma_sp.ptx -- one wgmma.mma_async.sp per kernel, on a shared-memory image
// and register values given by the case (tests/run/mkwgsp.py writes this file,
// the inputs and the cases, and describes the parameters).  The forms cover
// A in registers and in shared memory, both selectors of the 16- and 32-bit
// types, imm-trans-a/b, imm-scale -1, scale-d 0, f16 accumulators, bf16,
// tf32, each pair of fp8 types, s8/u8 with and without .satfinite, and N
// from 8 to 256.
.version 8.7
.target sm_90a
.address_size 64
.extern .shared .align 16 .b8 smem[];
"""
    return head + "".join(kernel(nm) for nm in KERNELS)


# ---------------------------------------------------------------- inputs

def bitsof(t):
    return {"f16": 16, "bf16": 16, "tf32": 32}.get(t, 8)

PAIRS = [0x4, 0x8, 0xc, 0x9, 0xd, 0xe]
def meta(tf32):
    return sum((R.choice([0x4, 0xe]) if tf32 else R.choice(PAIRS)) << (4 * i) for i in range(8))

def aregs(threads, kf, bits, elem):   # A registers of every thread, elem(row, col) -> bits (row of the warpgroup)
    out = []
    for tid in range(threads):
        l, wr = tid % 32, tid // 32 % 4
        for j in range(4):
            v = 0
            for e in range(32 // bits):
                row, col = l // 4 + 8 * (j & 1), (l % 4) * (32 // bits) + e + kf // 2 * (j >> 1)
                v |= elem(16 * wr + row, col) << (bits * e)
            out.append(v)
    return out

def slots(n):
    return bytearray(struct.pack("<%dH" % (n // 2), *[h16(float(i % 2048)) for i in range(n // 2)]))
def put(img, a, bits, v):
    img[a:a + bits // 8] = v.to_bytes(bits // 8, "little")

# edge values: mostly moderate finite ones, a few subnormals, infinities, NaNs, the largest finite
def f16v():
    k = R.random()
    if k < 0.03:
        return R.choice([0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe00])
    if k < 0.08:
        return R.getrandbits(1) << 15 | R.randint(1, 0x3ff)              # subnormal
    if k < 0.10:
        return R.choice([0x7bff, 0xfbff, 0x0400, 0x8400, 0, 0x8000])
    return h16(R.choice([-1, 1]) * R.uniform(1, 2) * 2.0 ** R.randint(-8, 4))
def bf16v():
    k = R.random()
    if k < 0.03:
        return R.choice([0x7f80, 0xff80, 0x7fc0, 0x7f81, 0xffc0])
    if k < 0.08:
        return R.getrandbits(1) << 15 | R.randint(1, 0x7f)
    if k < 0.10:
        return R.choice([0x7f7f, 0xff7f, 0x0080, 0x8080, 0, 0x8000])
    return fbits(R.choice([-1, 1]) * R.uniform(1, 2) * 2.0 ** R.randint(-30, 30)) >> 16
def tf32v():   # the low 13 bits random: the tensor cores do not read them
    k = R.random()
    lo = R.getrandbits(13)
    if k < 0.03:
        return R.choice([0x7f800000, 0xff800000, 0x7fc00000, 0x7f802000]) | lo
    if k < 0.08:
        return R.getrandbits(1) << 31 | R.randint(1, 0x3ff) << 13 | lo
    if k < 0.10:
        return R.choice([0x7f7fe000, 0xff7fe000, 0x00800000, 0, 0x80000000]) | lo
    return (fbits(R.choice([-1, 1]) * R.uniform(1, 2) * 2.0 ** R.randint(-60, 60)) & ~0x1fff) | lo
def fp8v(kind):
    b = R.getrandbits(8)
    nan = (b & 0x7f) == 0x7f if kind == "e4m3" else (b & 0x7f) > 0x7c
    if nan and R.random() < 0.8:
        b ^= 0x04
    if kind == "e5m2" and (b & 0x7f) == 0x7c and R.random() < 0.6:
        b ^= 0x01
    return b
def cwide():
    k = R.randrange(5)
    if k == 0:
        return fbits(R.uniform(-4, 4))
    if k == 1:
        return fbits(R.choice([-1, 1]) * R.uniform(1, 2) * 2.0 ** R.randrange(5, 21))
    if k == 2:
        return fbits(R.choice([-1, 1]) * R.uniform(1, 2) * 2.0 ** -R.randrange(5, 31))
    if k == 3:
        return R.choice([0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x807fffff,
                         0x7f7fffff, 0xff7fffff])
    return fbits(R.uniform(-300, 300))
def hwide():
    k = R.randrange(4)
    if k == 0:
        return h16(R.uniform(-4, 4))
    if k == 1:
        return h16(R.choice([-1, 1]) * R.uniform(1, 2) * 2.0 ** R.randrange(-24, 15))
    if k == 2:
        return R.choice([0, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x83ff, 0x7bff, 0xfbff])
    return h16(R.uniform(-60, 60))
def big():
    return R.choice([R.getrandbits(32), 0x7ffff000 + R.getrandbits(12), 0x80000000 + R.getrandbits(12),
                     R.randint(0, 1000), (-R.randint(0, 1000)) & 0xffffffff])

MOD = [False]   # moderate values only: no specials, no subnormals
def modv(t):
    if t in ("e4m3", "e5m2"):   # finite, of magnitude 2^-3..2^4
        if t == "e4m3":
            return R.getrandbits(1) << 7 | R.randint(4, 10) << 3 | R.getrandbits(3)
        return R.getrandbits(1) << 7 | R.randint(12, 18) << 2 | R.getrandbits(2)
    x = R.choice([-1, 1]) * R.uniform(1, 2) * 2.0 ** R.randint(-6, 3)
    return h16(x) if t == "f16" else fbits(x) >> 16 if t == "bf16" else fbits(x) & ~0x1fff | R.getrandbits(13)

def elemf(t):
    if MOD[0] and t in ("f16", "bf16", "tf32", "e4m3", "e5m2"):
        return lambda: modv(t)
    return {"f16": f16v, "bf16": bf16v, "tf32": tf32v, "e4m3": lambda: fp8v("e4m3"),
            "e5m2": lambda: fp8v("e5m2")}.get(t, lambda: R.getrandbits(8))

def rimg(nbytes, t):
    bits, f = bitsof(t), elemf(t)
    return bytearray(b"".join(f().to_bytes(bits // 8, "little") for _ in range(nbytes * 8 // bits)))

def rareg(threads, t):
    bits, f = bitsof(t), elemf(t)
    out = []
    for _ in range(4 * threads):
        v = 0
        for e in range(32 // bits):
            v |= f() << (bits * e)
        out.append(v)
    return out

def dwords(name, scaled):
    n, k, dt = KERNELS[name][:3]
    if not scaled:
        return [R.getrandbits(32) for _ in range(32 * nregs(name))]   # never read
    if dt == "f16":
        return [hwide() | hwide() << 16 for _ in range(32 * nregs(name))]
    if dt == "s32":
        return [big() for _ in range(32 * nregs(name))]
    return [cwide() for _ in range(32 * nregs(name))]

cases = {}
def wgcase(name, kern, img, ain, din, mw, adesc, bdesc, scaled, threads=128):
    nd = nregs(kern)
    open(name + ".img", "wb").write(bytes(img))
    w(name + ".ain", "I", ain)
    w(name + ".din", "I", din)
    w(name + ".meta", "I", mw)
    cases[name] = ("wgmma_sp.ptx -k %s -b %d -s %d -a file:%s.img -a u32:%d -a file:%s.ain -a file:%s.din "
                   "-a zeros:%d -a u64:%d -a u64:%d -a u32:%d -a file:%s.meta"
                   % (kern, threads, len(img) + 1024, name, len(img), name, name, threads * nd * 4,
                      adesc, bdesc, scaled, name))

def metas(threads, at):
    return [meta(at == "tf32") for _ in range(threads)]

# B probes: (start, lbo, sbo, swizzle, base offset) of a 32 x 128 f16 B; A (in registers) is one-hot:
# packed row r has 1.0 at r % 16, so D row r shows the B element at K position positions(r)[r % 16].
for name, kern, d, n in [
        ("wgsp_bk_none", "wgsp_f16_rs_n128", (0, 2048, 128, 0, 0), 8192),
        ("wgsp_bk_sw32", "wgsp_f16_rs_n128", (0, 4096, 256, 32, 0), 8192),
        ("wgsp_bk_sw64", "wgsp_f16_rs_n128", (0, 8192, 512, 64, 0), 16384),
        ("wgsp_bk_sw128", "wgsp_f16_rs_n128", (64, 16, 1024, 128, 0), 16384),
        ("wgsp_bn_none", "wgsp_f16_rs_n128_tb", (0, 2048, 128, 0, 0), 8192),
        ("wgsp_bn_sw32", "wgsp_f16_rs_n128_tb", (0, 1024, 256, 32, 0), 8192),
        ("wgsp_bn_sw64", "wgsp_f16_rs_n128_tb", (0, 2048, 512, 64, 0), 8192),
        ("wgsp_bn_sw128", "wgsp_f16_rs_n128_tb", (0, 4096, 1024, 128, 0), 8192)]:
    ain = aregs(128, 16, 16, lambda r, c: h16(1.0) if c == r % 16 else 0)
    wgcase(name, kern, slots(n), ain, dwords(kern, 0), metas(128, "f16"), 0, WG.desc(*d), 0)
# A probes: A (packed 64 x 16 f16) from shared memory; every metadata nibble 0x4 (positions 0 and 1
# of each chunk of 4), and B (32 x 16, K-major, at boff) one where K position k is packed column c,
# so that D is A.
for name, kern, d, ta, boff in [
        ("wgsp_ak_none", "wgsp_f16_ss_n16", (0, 128, 256, 0, 0), 0, 4096),
        ("wgsp_ak_sw128", "wgsp_f16_ss_n16", (0, 16, 1024, 128, 0), 0, 8192),
        ("wgsp_am_none", "wgsp_f16_ss_n16_ta", (0, 1024, 128, 0, 0), 1, 4096),
        ("wgsp_am_sw64", "wgsp_f16_ss_n16_ta", (0, 1024, 512, 64, 0), 1, 4096)]:
    img = slots(boff + 1024)
    bd = (boff, 256, 128, 0, 0)
    for k in range(32):
        for c in range(16):
            put(img, WG.addr(*bd, 0, c, k, 16), 16, h16(1.0) if k == c // 2 * 4 + c % 2 else 0)
    wgcase(name, kern, img, [0] * 512, dwords(kern, 0), [0x44444444] * 128, WG.desc(*d), WG.desc(*bd), 0)

# random operands: A in registers or at 0 (K-major, 128-byte swizzle: 64 rows of 32 bytes in 8192),
# B K-major with a 128-byte swizzle (64 bytes of K a row) or MN-major
def rcase(name, kern, adesc, bdesc, nimg, scaled=1, threads=128):
    at = KERNELS[kern][3]
    bt = KERNELS[kern][4]
    img = rimg(nimg, at)
    if bdesc[0] >= 0:   # B's part of the image in B's type
        b0 = bdesc[0]
        img[b0:] = rimg(nimg - b0, bt)
    ain = rareg(threads, at) if KERNELS[kern][5] else [0] * (4 * threads)
    wgcase(name, kern, img, ain, dwords(kern, scaled), metas(threads, at),
           WG.desc(*adesc) if adesc else 0, WG.desc(*bdesc), scaled, threads)

rcase("wgsp_f16_n64", "wgsp_f16_rs_n64", None, (0, 16, 1024, 128, 0), 8192)
rcase("wgsp_f16h_n32", "wgsp_f16h_ss_n32_ta", (0, 1024, 512, 64, 0), (4096, 16, 1024, 128, 0), 8192)
rcase("wgsp_bf16_n16", "wgsp_bf16_ss_n16_na_tb", (0, 16, 1024, 128, 0), (8192, 2048, 128, 0, 0), 16384)
rcase("wgsp_bf16_n128", "wgsp_bf16_rs_n128_nb", None, (0, 16, 1024, 128, 0), 16384, scaled=0)
rcase("wgsp_tf32_n32", "wgsp_tf32_ss_n32", (0, 16, 1024, 128, 0), (8192, 16, 1024, 128, 0), 16384)
rcase("wgsp_tf32_n16_2wg", "wgsp_tf32_rs_n16_na", None, (0, 16, 1024, 128, 0), 2048, threads=256)
rcase("wgsp_e4m3_n64", "wgsp_e4m3_ss_n64", (0, 16, 1024, 128, 0), (8192, 16, 1024, 128, 0), 16384)
rcase("wgsp_e5m2e4m3_n32", "wgsp_e5m2e4m3_rs_n32_h_nb", None, (0, 16, 1024, 128, 0), 4096)
rcase("wgsp_e4m3e5m2_n8", "wgsp_e4m3e5m2_ss_n8_na", (0, 16, 1024, 128, 0), (8192, 16, 1024, 128, 0), 9216)
rcase("wgsp_e5m2_n16", "wgsp_e5m2_rs_n16_h", None, (0, 16, 1024, 128, 0), 2048)
rcase("wgsp_s8_n64_sat", "wgsp_s8_ss_n64_sat", (0, 16, 1024, 128, 0), (8192, 16, 1024, 128, 0), 16384)
rcase("wgsp_u8s8_n24", "wgsp_u8s8_rs_n24", None, (0, 16, 1024, 128, 0), 3072)
rcase("wgsp_s8u8_n32_sat", "wgsp_s8u8_rs_n32_sat", None, (0, 16, 1024, 128, 0), 4096)
rcase("wgsp_u8_n256", "wgsp_u8_ss_n256", (0, 16, 1024, 128, 0), (8192, 16, 1024, 128, 0), 8192 + 32768)

# the same forms with moderate values only, so that the sums' rounding shows apart from the specials
MOD[0] = True
rcase("wgsp_f16_n64_mod", "wgsp_f16_rs_n64", None, (0, 16, 1024, 128, 0), 8192)
rcase("wgsp_bf16_n128_mod", "wgsp_bf16_rs_n128_nb", None, (0, 16, 1024, 128, 0), 16384)
rcase("wgsp_tf32_n32_mod", "wgsp_tf32_ss_n32", (0, 16, 1024, 128, 0), (8192, 16, 1024, 128, 0), 16384)
rcase("wgsp_e4m3_n64_mod", "wgsp_e4m3_ss_n64", (0, 16, 1024, 128, 0), (8192, 16, 1024, 128, 0), 16384)
rcase("wgsp_e5m2e4m3_n32_mod", "wgsp_e5m2e4m3_rs_n32_h_nb", None, (0, 16, 1024, 128, 0), 4096)

# B probes of a 32-byte swizzle, K-major: a row holds 32 of B's 64 bytes of K.  N = 16, so that the
# image (2048 bytes) holds distinct slots; the second 32 bytes at LBO (1024, 640: a 128-byte line
# odd, so that the swizzle's row bits change) or after the N rows (2 SBO), whichever it is.
MOD[0] = False
for name, d in [("wgsp_bk_sw32_l1024", (0, 1024, 256, 32, 0)), ("wgsp_bk_sw32_l640", (0, 640, 256, 32, 0)),
                ("wgsp_bk_sw32_s384", (0, 1024, 384, 32, 0)), ("wgsp_bk_sw32_at256", (256, 1024, 256, 32, 0))]:
    ain = aregs(128, 16, 16, lambda r, c: h16(1.0) if c == r % 16 else 0)
    wgcase(name, "wgsp_f16_rs_n16", slots(2048), ain, dwords("wgsp_f16_rs_n16", 0), metas(128, "f16"), 0,
           WG.desc(*d), 0)

# a B descriptor whose rows run past the shared memory: the kernel faults (run.test; gen.sh leaves it out)
faults = {"wgsp_oob": (cases["wgsp_f16_n64"].replace("-a u64:%d" % WG.desc(0, 16, 1024, 128, 0), "-a u64:%d" %
                       WG.desc(4096, 16, 1024, 128, 0)), "is outside the CTA's shared memory")}

if __name__ == "__main__":
    open("wgmma_sp.ptx", "w").write(ptx())
    for name, opts in cases.items():
        with open(name + (".case" if os.path.exists(name + ".want.4") else ".pending"), "w") as f:
            f.write(opts + "\nouts: 4\n")
    for name, (opts, text) in faults.items():
        with open(name + ".case", "w") as f:
            f.write(opts + "\nouts:\nexit: 4\nreport: " + text + "\n")

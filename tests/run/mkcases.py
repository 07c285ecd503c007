#!/usr/bin/env python3
# mkcases.py -- writes the inputs and case files of tests/run (run once, by
# hand; the outputs are committed).  Each NAME.case holds, on its first line,
# the ptx-run options (paths relative to tests/run), and on its second
# "outs: N[:CMP] ..." the buffer arguments compared with NAME.want.N, which
# were recorded on an H100 with `ptx-run --backend cuda` (see gen.sh).
# NAME.pending is a case recorded but not yet run by tests/run.test.
# NAME.stdout, when present, is the device printf output to compare.
# The cu_* cases are written by cuda/cases.py from the CUDA sources in cuda/.
# The sp_* cases (mma.sp) are mksp.py's, the wgsp_* ones (wgmma.mma_async.sp)
# mkwgsp.py's: each writes its own PTX, inputs and cases.
import random, struct, os
os.chdir(os.path.dirname(os.path.abspath(__file__)))
R = random.Random(20261122)
C = "../corpus/ptx/"

def w(name, fmt, vals):
    open(name, "wb").write(struct.pack("<%d%s" % (len(vals), fmt), *vals))

cases = {}
def case(name, opts, outs):
    cases[name] = (opts, outs)

# saxpy: 1000 elements, 4 blocks of 256
w("saxpy.x", "f", [R.uniform(-4, 4) for _ in range(1000)])
w("saxpy.y", "f", [R.uniform(-4, 4) for _ in range(1000)])
case("saxpy", "../../examples/saxpy.ptx -g 4 -b 256 -a u32:1000 -a f32:2.5 -a file:saxpy.x -a file:saxpy.y", "3")

# block reductions (shared memory, barriers, shfl.down)
w("reduce_f32.in", "f", [R.uniform(-1, 1) for _ in range(10000)])
case("reduce_f32", C + "reductions_scan.sm_90.ptx -k _Z12block_reduceIf3SumIfELi256EEvPKT_PS2_m -g 8 -b 256 "
     "-a file:reduce_f32.in -a zeros:32 -a u64:10000", "1")
w("reduce_i32.in", "i", [R.randint(-10**9, 10**9) for _ in range(5000)])
case("reduce_max_i32", C + "reductions_scan.sm_90.ptx -k _Z12block_reduceIi3MaxIiELi128EEvPKT_PS2_m -g 6 -b 128 "
     "-a file:reduce_i32.in -a zeros:24 -a u64:5000", "1")
w("reduce_f64.in", "d", [R.uniform(-1, 1) for _ in range(7000)])
case("reduce_f64", C + "reductions_scan.sm_90.ptx -k _Z12block_reduceId3SumIdELi512EEvPKT_PS2_m -g 3 -b 512 "
     "-a file:reduce_f64.in -a zeros:24 -a u64:7000", "1")
case("reduce_f32_G", C + "reductions_scan.sm_90.G.ptx -k _Z12block_reduceIf3SumIfELi256EEvPKT_PS2_m -g 8 -b 256 "
     "-a file:reduce_f32.in -a zeros:32 -a u64:10000", "1")

# Blelloch scan: dynamic shared memory
w("scan.in", "i", [R.randint(-1000, 1000) for _ in range(1000)])
case("scan_i32", C + "reductions_scan.sm_90.ptx -k _Z13blelloch_scanIiEvPKT_PS0_S3_i -g 4 -b 128 -s 1056 "
     "-a file:scan.in -a zeros:4000 -a zeros:16 -a s32:1000", "1 2")

# histogram with shared and global atomics
open("hist.in", "wb").write(bytes(R.randint(0, 255) for _ in range(20000)))
case("histogram", C + "atomics.sm_90.ptx -k _Z12histogram256PKhmPj -g 5 -b 192 "
     "-a file:hist.in -a u64:20000 -a zeros:1024", "2")

# warp collectives
w("shfl.f", "f", [R.uniform(-2, 2) for _ in range(200)])
w("shfl.d", "d", [R.uniform(-2, 2) for _ in range(200)])
case("shuffles", C + "warp_intrinsics.sm_90.ptx -k _Z8shufflesPKfPfPKdPdi -g 2 -b 128 "
     "-a file:shfl.f -a zeros:800 -a file:shfl.d -a zeros:1600 -a s32:200", "1 3")
w("votes.in", "i", [R.randint(-50, 50) for _ in range(256)])
case("votes", C + "warp_intrinsics.sm_90.ptx -k _Z5votesPKiPjPiS2_Pfi -g 2 -b 128 "
     "-a file:votes.in -a zeros:1024 -a zeros:1024 -a zeros:1024 -a zeros:1024 -a s32:250", "1 2 3 4")
w("match.keys", "i", [R.randint(0, 5) for _ in range(256)])
w("match.vals", "I", [R.randint(0, 1000) for _ in range(256)])
case("matches", C + "warp_intrinsics.sm_90.ptx -k _Z19matches_and_reducesPKiPKjPjPii -g 1 -b 256 "
     "-a file:match.keys -a file:match.vals -a zeros:8192 -a zeros:8192 -a s32:256", "2 3")
w("divmask.in", "i", [R.randint(-100, 100) for _ in range(256)])
case("divergent_masks", C + "warp_intrinsics.sm_90.ptx -k _Z15divergent_masksPKiPii -g 2 -b 128 "
     "-a file:divmask.in -a zeros:4096 -a s32:256", "1")

# divergent loops
w("collatz.in", "Q", [R.randint(1, 10**6) for _ in range(300)])
case("collatz", C + "control_flow.sm_90.ptx -k _Z7collatzPKyPii -g 3 -b 128 "
     "-a file:collatz.in -a zeros:1200 -a s32:300", "1")
case("collatz_G", C + "control_flow.sm_90.G.ptx -k _Z7collatzPKyPii -g 3 -b 128 "
     "-a file:collatz.in -a zeros:1200 -a s32:300", "1")

# recursion (call frames, local memory)
w("rec.in", "i", [R.randint(-500, 500) for _ in range(40)])
case("recursion", C + "recursion_dispatch.sm_90.ptx -k _Z17recursive_kernelsPKiPiPyS1_i -g 1 -b 32 "
     "-a file:rec.in -a zeros:160 -a zeros:192 -a zeros:12 -a s32:40", "1 2 3")

# dynamic shared memory carved in three arrays; tiled transpose
w("dsmem.in", "f", [R.uniform(-1, 1) for _ in range(4 * 100)])
case("dynamic_smem", C + "memory_spaces.sm_90.ptx -k _Z12dynamic_smemPKfPfii -g 4 -b 128 -s 1024 "
     "-a file:dsmem.in -a zeros:1600 -a s32:100 -a s32:50", "1")
w("tr.in", "f", [R.uniform(-1, 1) for _ in range(70 * 45)])
case("transpose", C + "memory_spaces.sm_90.ptx -k _Z14transpose_tilePKfPfii -g 3,2 -b 32,8 "
     "-a file:tr.in -a zeros:12600 -a s32:70 -a s32:45", "1")

# printf
case("print_formats", C + "printf_assert_malloc.sm_90.ptx -k _Z13print_formatsdxysc "
     "-a f64:3.14159 -a s64:-1234567890123 -a u64:18446744073709551615 -a s16:-7 -a s8:66", "")

# the same kernels as nvcc -G writes them (unoptimised: local depots, calls)
for n in ["recursion", "scan_i32", "transpose", "dynamic_smem", "histogram", "print_formats", "shuffles"]:
    o, outs = cases[n]
    case(n + "_G", o.replace(".sm_90.ptx", ".sm_90.G.ptx"), outs)

# 128-bit registers, cp.async, ldmatrix/stmatrix/movmatrix (one warp)
T = random.Random(20261123)
open("b128.in", "wb").write(bytes(T.randrange(256) for _ in range(512)))
case("b128", "b128.ptx -b 32 -a file:b128.in -a zeros:1024", "1")
open("cp_async.in", "wb").write(bytes(T.randrange(256) for _ in range(4096)))
case("cp_async", "cp_async.ptx -b 32 -a file:cp_async.in -a zeros:4096", "1")
open("ldmatrix.in", "wb").write(bytes(T.randrange(256) for _ in range(2048)))
case("ldmatrix", "ldmatrix.ptx -b 32 -a file:ldmatrix.in -a zeros:2048 -a zeros:2048", "1 2")

# mma.sync: 64 warps a kernel, each on its own fragments.  Blocks differ in
# the spread of magnitudes (cancellation, denormals, products far below the
# accumulator) so that the order and rounding of the accumulation show.
def fbits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]
def h16(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]
def bf16(x):
    return fbits(x) >> 16
def rndval(style, lo, hi):
    if style == 0:
        return T.uniform(-1, 1)
    if style == 1:
        return T.choice([-1, 1]) * 2.0 ** T.randint(lo, hi) * T.uniform(1, 2)
    if style == 2:   # mostly small, some large
        e = hi if T.random() < 0.15 else T.randint(lo, lo + 6)
        return T.choice([-1, 1]) * 2.0 ** e * T.uniform(1, 2)
    return T.choice([-1, 1]) * 2.0 ** T.randint(lo - 10, lo) * T.uniform(1, 2)   # denormal-ish
def mmadata(kind, na, nb, nc, nblk=64):
    A, B, C = [], [], []
    for blk in range(nblk):
        st = blk % 4
        if kind in ("f16", "f16acc"):
            pk = lambda: h16(rndval(st, -14, 7)) | h16(rndval(st, -14, 7)) << 16
        elif kind == "bf16":
            pk = lambda: bf16(rndval(st, -40, 40)) | bf16(rndval(st, -40, 40)) << 16
        elif kind == "tf32":
            pk = lambda: fbits(rndval(st, -40, 40))
        else:
            pk = lambda: T.getrandbits(32)
        A += [pk() for _ in range(32 * na)]
        B += [pk() for _ in range(32 * nb)]
        for _ in range(32 * nc):
            if kind == "f16acc":
                C.append(h16(rndval(st, -14, 10)) | h16(rndval(st, -14, 10)) << 16)
            elif kind in ("s8", "u8"):
                C.append(T.choice([T.getrandbits(32), T.randint(0, 1000), 0x7fffff00 + T.randint(0, 255)]))
            else:
                C.append(fbits(rndval(st, -30, 30) if kind != "f16" else rndval(st, -20, 12)))
    return A, B, C
# Every result must equal the H100's bit for bit (interp/mma.c, measured
# with tests/tc): no tolerance.
tol = {}
for name, kind, na, nb, nc in [("mma_f16_f32", "f16", 4, 2, 4), ("mma_bf16_f32", "bf16", 4, 2, 4),
        ("mma_k8_f16", "f16", 2, 1, 4), ("mma_k8_bf16", "bf16", 2, 1, 4), ("mma_tf32", "tf32", 4, 2, 4),
        ("mma_f16_f16", "f16acc", 4, 2, 2), ("mma_s8", "s8", 4, 2, 4), ("mma_u8", "u8", 4, 2, 4),
        ("mma_s8_sat", "s8", 4, 2, 4)]:
    A, B, C = mmadata(kind, na, nb, nc)
    w(name + ".fa", "I", A)
    w(name + ".fb", "I", B)
    w(name + ".fc", "I", C)
    case(name, "mma.ptx -k %s -g 64 -b 32 -a file:%s.fa -a file:%s.fb -a file:%s.fc -a zeros:%d"
         % (name, name, name, name, 64 * 32 * nc * 4), "3" + tol.get(name, ""))
w("mma_f64.fa", "d", [rndval(i // 32 % 4, -30, 30) for i in range(64 * 32)])
w("mma_f64.fb", "d", [rndval(i // 32 % 4, -30, 30) for i in range(64 * 32)])
w("mma_f64.fc", "d", [rndval(i // 64 % 4, -60, 60) for i in range(64 * 64)])
case("mma_f64", "mma.ptx -k mma_f64 -g 64 -b 32 -a file:mma_f64.fa -a file:mma_f64.fb -a file:mma_f64.fc "
     "-a zeros:32768", "3" + tol.get("mma_f64", ""))

# Triton's fp32 matmul (input_precision "ieee"): cp.async.cg pipeline of 3
# stages into dynamic shared memory, 128x128x32 tiles, 8 warps
w("tmm.fa", "f", [T.uniform(-1, 1) for _ in range(128 * 128)])
w("tmm.fb", "f", [T.uniform(-1, 1) for _ in range(128 * 128)])
case("triton_matmul_fp32", "../corpus/ptx/triton.matmul_fp32.ptx -g 1 -b 256 -s 98304 -a file:tmm.fa -a file:tmm.fb "
     "-a zeros:65536 -a u32:128 -a u32:128 -a u32:128 -a u32:128 -a u32:128 -a u32:128 "
     "-a zeros:16 -a zeros:16", "2")

# fp8 mma.sync (sm_89 and later): e4m3 and e5m2 inputs, f32 and f16
# accumulators, the same four spreads of magnitudes.  A generator of their
# own leaves the inputs above as they were.  Their references were recorded
# with `tests/tc/tcgpu run` (the same launch as ptx-run --backend cuda).
E = random.Random(20261124)
def f8(kind, st):
    eb, mb = (4, 3) if kind == "e4m3" else (5, 2)
    bias = (1 << (eb - 1)) - 1
    top = 8 if kind == "e4m3" else 15
    e = [E.randint(-2, 2), E.randint(1 - bias, top), E.choice([E.randint(-3, 0), top - 1]),
         E.randint(-bias - mb + 1, 1 - bias)][st]
    m = E.getrandbits(mb)
    if e < 1 - bias:   # subnormal: the significand shifted down
        be, m = 0, ((1 << mb) | m) >> (1 - bias - e)
    else:
        be = e + bias
    if kind == "e4m3" and be == 15 and m == 7:
        m = 6          # S.1111.111 is e4m3's NaN
    return E.getrandbits(1) << 7 | be << mb | m
for name, ka, kb, acc in [("mma_e4m3_f32", "e4m3", "e4m3", "f32"), ("mma_e5m2_f32", "e5m2", "e5m2", "f32"),
        ("mma_e4m3_e5m2_f32", "e4m3", "e5m2", "f32"), ("mma_e4m3_f16", "e4m3", "e4m3", "f16"),
        ("mma_e5m2_f16", "e5m2", "e5m2", "f16")]:
    A, B, C = [], [], []
    nc = 2 if acc == "f16" else 4
    for blk in range(64):
        st = blk % 4
        pk = lambda k: f8(k, st) | f8(k, st) << 8 | f8(k, st) << 16 | f8(k, st) << 24
        A += [pk(ka) for _ in range(32 * 4)]
        B += [pk(kb) for _ in range(32 * 2)]
        for _ in range(32 * nc):
            if acc == "f16":
                C.append(h16(E.choice([-1, 1]) * 2.0 ** E.randint(-14, 12) * E.uniform(1, 2)) |
                         h16(E.choice([-1, 1]) * 2.0 ** E.randint(-14, 12) * E.uniform(1, 2)) << 16)
            else:
                C.append(fbits(E.choice([0, 1, -1]) * 2.0 ** E.randint(-30, 20) * E.uniform(1, 2)))
    w(name + ".fa", "I", A)
    w(name + ".fb", "I", B)
    w(name + ".fc", "I", C)
    case(name, "mma_fp8%s.ptx -k %s -g 64 -b 32 -a file:%s.fa -a file:%s.fb -a file:%s.fc -a zeros:%d"
         % ("h" if acc == "f16" else "", name, name, name, name, 64 * 32 * nc * 4), "3")

# wgmma (tests/run/wgmma.py has the kernels and the descriptor layouts).
# The probes multiply by a one-hot A (in registers, or B the identity) so
# that D shows exactly which shared-memory element each position read: the
# image holds i % 2048 in its i-th 16-bit slot.  The other cases are random.
import wgmma as WG
U = random.Random(20261124)
pending = set()   # fp8: H100 references kept, compared once interp_mma_elem takes fp8 inputs
def wgcase(name, kern, img, ain, din, adesc, bdesc, scaled, threads=128, tol=""):
    # ain, din: the words, or the name of a file written before
    nd = WG.nregs(kern)
    open(name + ".img", "wb").write(bytes(img))
    if not isinstance(ain, str):
        w(name + ".ain", "I", ain)
        ain = name + ".ain"
    if not isinstance(din, str):
        w(name + ".din", "I", din)
        din = name + ".din"
    case(name, "wgmma.ptx -k %s -b %d -s %d -a file:%s.img -a u32:%d -a file:%s -a file:%s "
         "-a zeros:%d -a u64:%d -a u64:%d -a u32:%d" % (kern, threads, len(img) + 1024, name, len(img), ain,
         din, threads * nd * 4, adesc, bdesc, scaled), "4" + tol)
def slots(n):   # an image whose i-th 16-bit slot holds the f16 of i % 2048
    return bytearray(struct.pack("<%dH" % (n // 2), *[h16(float(i % 2048)) for i in range(n // 2)]))
def put(img, a, bits, v):
    img[a:a + bits // 8] = v.to_bytes(bits // 8, "little")
def aregs(threads, kf, bits, elem):   # A registers of every thread, elem(row, col) -> bits
    out = []
    for tid in range(threads):
        l = tid % 32
        for j in range(4):
            v = 0
            for e in range(32 // bits):
                row, col = l // 4 + 8 * (j & 1), (l % 4) * (32 // bits) + e + kf // 2 * (j >> 1)
                v |= elem(row, col) << (bits * e)
            out.append(v)
    return out
def fp8(kind):   # a finite e4m3/e5m2 of magnitude 2^-3..2^4
    if kind == "e4m3":
        return U.getrandbits(1) << 7 | U.randint(4, 10) << 3 | U.getrandbits(3)
    return U.getrandbits(1) << 7 | U.randint(12, 18) << 2 | U.getrandbits(2)
w("wgmma_onehot.ain", "I", aregs(128, 16, 16, lambda r, c: h16(1.0) if r == c else 0))
w("wgmma_zero.ain", "I", [0] * 512)
w("wgmma_junk.din", "I", [U.getrandbits(32) for _ in range(32 * 64)])   # D for scale-d = 0: never read
# B probes: (start, lbo, sbo, swizzle, base offset) of a 16 x 128 f16 B, image bytes
for name, kern, d, n in [
        ("wgmma_bk_none", "wg_f16_rs_n128", (0, 128, 256, 0, 0), 4096),
        ("wgmma_bk_sw32", "wg_f16_rs_n128", (0, 16, 256, 32, 0), 4096),
        ("wgmma_bk_sw64", "wg_f16_rs_n128", (0, 16, 512, 64, 0), 8192),
        ("wgmma_bk_sw128_k32", "wg_f16_rs_n128", (32, 16, 1024, 128, 0), 16384),
        ("wgmma_bk_base2_neg", "wg_f16_rs_n128_nb", (256, 16, 1024, 128, 2), 17408),
        ("wgmma_bk_base0", "wg_f16_rs_n128", (256, 16, 1024, 128, 0), 17408),
        ("wgmma_bk_base3", "wg_f16_rs_n128", (384, 16, 1024, 128, 3), 17408),
        ("wgmma_bk_sw64_base2", "wg_f16_rs_n128", (256, 16, 512, 64, 2), 8704),
        ("wgmma_bn_none", "wg_f16_rs_n128_tb", (0, 128, 256, 0, 0), 4096),
        ("wgmma_bn_sw32", "wg_f16_rs_n128_tb", (0, 512, 256, 32, 0), 4096),
        ("wgmma_bn_sw64", "wg_f16_rs_n128_tb", (0, 1024, 512, 64, 0), 4096),
        ("wgmma_bn_sw128", "wg_f16_rs_n128_tb", (0, 2048, 1024, 128, 0), 4096)]:
    wgcase(name, kern, slots(n), "wgmma_onehot.ain", "wgmma_junk.din", 0, WG.desc(*d), 0)
# A probes: A (64 x 16 f16) from shared memory times an identity B (16 x 16, K-major, at 4096 or 8192)
for name, kern, d, ta, boff in [
        ("wgmma_ak_none", "wg_f16_ss_n16", (0, 128, 256, 0, 0), 0, 4096),
        ("wgmma_ak_sw128", "wg_f16_ss_n16", (0, 16, 1024, 128, 0), 0, 8192),
        ("wgmma_am_none", "wg_f16_ss_n16_ta", (0, 1024, 128, 0, 0), 1, 4096),
        ("wgmma_am_sw64", "wg_f16_ss_n16_ta", (0, 1024, 512, 64, 0), 1, 4096)]:
    img = slots(boff + 512)
    bd = (boff, 128, 256, 0, 0)
    for k in range(16):
        for c in range(16):
            put(img, WG.addr(*bd, 0, c, k, 16), 16, h16(1.0) if k == c else 0)
    wgcase(name, kern, img, "wgmma_zero.ain", "wgmma_junk.din", WG.desc(*d), WG.desc(*bd), 0)
# random operands
rh = lambda: h16(U.uniform(-1, 1))
rimg = lambda n, bits, f: bytearray(b"".join(f().to_bytes(bits // 8, "little") for _ in range(n * 8 // bits)))
rf = lambda lo, hi, n: [fbits(U.uniform(lo, hi)) for _ in range(n)]
wgcase("wgmma_f16_n256", "wg_f16_rs_n256", rimg(32768, 16, rh), [rh() | rh() << 16 for _ in range(512)],
       rf(-4, 4, 32 * 128), 0, WG.desc(0, 16, 1024, 128), 1)
wgcase("wgmma_f16h_n8", "wg_f16h_ss_n8_tb", rimg(4608, 16, rh), "wgmma_zero.ain",
       [h16(U.uniform(-2, 2)) | h16(U.uniform(-2, 2)) << 16 for _ in range(32 * 2)],
       WG.desc(0, 16, 256, 32), WG.desc(4096, 128, 256), 1)
rb = lambda: fbits(U.uniform(-1, 1)) >> 16
wgcase("wgmma_bf16_n64", "wg_bf16_ss_n64_ta_tb_na", rimg(8192, 16, rb), "wgmma_zero.ain", rf(-4, 4, 32 * 32),
       WG.desc(0, 8192, 1024, 128), WG.desc(4096, 1024, 512, 64), 1)
rt = lambda: fbits(U.uniform(-1, 1))
wgcase("wgmma_tf32_n32", "wg_tf32_ss_n32_nb", rimg(10240, 32, rt), "wgmma_zero.ain", rf(-4, 4, 32 * 16),
       WG.desc(0, 16, 1024, 128), WG.desc(8192, 16, 512, 64), 1)
wgcase("wgmma_tf32_rs_n16_2wg", "wg_tf32_rs_n16", rimg(512, 32, rt), [rt() for _ in range(1024)],
       rf(-4, 4, 32 * 8), 0, WG.desc(0, 128, 256), 1, threads=256)
r8 = lambda: U.getrandbits(8)
big = lambda: U.choice([U.getrandbits(32), 0x7ffff000 + U.getrandbits(12), 0x80000000 + U.getrandbits(12)])
wgcase("wgmma_s8_n64_sat", "wg_s8_ss_n64_sat", rimg(12288, 8, r8), "wgmma_zero.ain", [big() for _ in range(32 * 32)],
       WG.desc(0, 128, 256), WG.desc(4096, 16, 1024, 128), 1)
wgcase("wgmma_u8s8_n24", "wg_u8s8_rs_n24", rimg(768, 8, r8), [U.getrandbits(32) for _ in range(512)],
       [big() for _ in range(32 * 12)], 0, WG.desc(0, 16, 256, 32), 1)
wgcase("wgmma_b1_n64", "wg_b1_ss_n64", rimg(6144, 8, r8), "wgmma_zero.ain", [U.getrandbits(16) for _ in range(32 * 32)],
       WG.desc(0, 16, 512, 64), WG.desc(4096, 128, 256), 1)
wgcase("wgmma_b1_rs_n128", "wg_b1_rs_n128", rimg(16384, 8, r8), [U.getrandbits(32) for _ in range(512)],
       "wgmma_junk.din", 0, WG.desc(0, 16, 1024, 128), 0)
wgcase("wgmma_e4m3_n64", "wg_e4m3_ss_n64", rimg(12288, 8, lambda: fp8("e4m3")), "wgmma_zero.ain", rf(-4, 4, 32 * 32),
       WG.desc(0, 16, 1024, 128), WG.desc(8192, 16, 512, 64), 1)
wgcase("wgmma_e5m2e4m3_n32", "wg_e5m2e4m3_rs_n32_h", rimg(1024, 8, lambda: fp8("e4m3")),
       [fp8("e5m2") | fp8("e5m2") << 8 | fp8("e5m2") << 16 | fp8("e5m2") << 24 for _ in range(512)],
       [h16(U.uniform(-2, 2)) | h16(U.uniform(-2, 2)) << 16 for _ in range(32 * 8)], 0, WG.desc(0, 128, 256), 1)
# Every case here matches the H100 bit for bit, the f32 sums included
# (interp/mma.c's models of the accumulation; fp8 inputs have their own).
notes = {}

# Triton's H100 kernels with wgmma: the fp16/bf16 matmuls (128x128x64 tiles,
# 3 cp.async stages, 8 warps; M=N=128, K=256: params M N K, stride_am,
# stride_bk, stride_cm, then Triton's two scratch pointers), tf32 (K tiles of
# 32, the fp32 case's inputs), the causal attention (64x64 tiles, 4 warps,
# one head of 130 rows: sm_scale, seqlen, stride_h, stride_s) and fp8
# (128x128x128: scale_a, scale_b, M, N, K).
CP = "../corpus/ptx/"   # (C was reused above)
w("tmm16.fa", "H", [h16(U.uniform(-1, 1)) for _ in range(128 * 256)])
w("tmm16.fb", "H", [h16(U.uniform(-1, 1)) for _ in range(256 * 128)])
mm = "-a u32:128 -a u32:128 -a u32:256 -a u32:256 -a u32:128 -a u32:128 -a zeros:16 -a zeros:16"
case("triton_matmul_fp16", CP + "triton.matmul_fp16.ptx -g 1 -b 256 -s 98304 -a file:tmm16.fa -a file:tmm16.fb "
     "-a zeros:32768 " + mm, "2")
case("triton_matmul_bf16", CP + "triton.matmul_bf16.ptx -g 1 -b 256 -s 98304 -a file:tmm16.fa -a file:tmm16.fb "
     "-a zeros:32768 " + mm, "2")
case("triton_matmul_tf32", CP + "triton.matmul_tf32.ptx -g 1 -b 256 -s 98304 -a file:tmm.fa -a file:tmm.fb "
     "-a zeros:65536 -a u32:128 -a u32:128 -a u32:128 -a u32:128 -a u32:128 -a u32:128 -a zeros:16 -a zeros:16",
     "2")
for x in "qkv":
    w("tattn." + x, "H", [h16(U.uniform(-1, 1)) for _ in range(130 * 64)])
case("triton_attention", CP + "triton.attention.ptx -g 3,1 -b 128 -s 40960 -a file:tattn.q -a file:tattn.k "
     "-a file:tattn.v -a zeros:16640 -a f32:0.125 -a u32:130 -a u32:8320 -a u32:64 -a zeros:16 -a zeros:16",
     "3")
w("tmm8.fa", "B", [fp8("e4m3") for _ in range(128 * 128)])
w("tmm8.fb", "B", [fp8("e4m3") for _ in range(128 * 128)])
case("triton_matmul_fp8", CP + "triton.matmul_fp8.ptx -g 1,1 -b 256 -s 49152 -a file:tmm8.fa -a file:tmm8.fb "
     "-a zeros:32768 -a f32:0.5 -a f32:2.0 -a u32:128 -a u32:128 -a u32:128 -a zeros:16 -a zeros:16", "2")

# nvcc's wgmma kernels (tests/corpus/cuda/wgmma.cu): m64n8k16 over 3 k tiles,
# the register-A variants (bf16, tf32 with imm-scale-b -1, e4m3 into one D,
# s8), and setmaxnreg in a warp-specialized kernel.  Every
# byte is an e4m3 of 2^-3..2^4, so the bf16, tf32 and fp8 readings are finite.
w("wgc.fa", "H", [h16(U.uniform(-1, 1)) for _ in range(3 * 1024)])
w("wgc.fb", "H", [h16(U.uniform(-1, 1)) for _ in range(3 * 128)])
case("wgmma_nvcc_m64n8k16", CP + "wgmma.sm_90a.ptx -k _Z14wgmma_m64n8k16PK6__halfS1_Pfi -b 128 -a file:wgc.fa "
     "-a file:wgc.fb -a zeros:2048 -a s32:3", "2")
w("wgv.fa", "B", [fp8("e4m3") for _ in range(128 * 16)])
w("wgv.fb", "B", [fp8("e4m3") for _ in range(4096)])
case("wgmma_nvcc_variants", CP + "wgmma.sm_90a.ptx -k _Z14wgmma_variantsPKjPKvPf -b 128 -a file:wgv.fa "
     "-a file:wgv.fb -a zeros:6144", "2")
case("setmaxnreg_ws", CP + "wgmma.sm_90a.ptx -k _Z16warp_specializedPf -b 384 -a zeros:1536", "0")

# wgmma's fp8 adder at the edges (its own random stream, so that the cases
# above keep their inputs): every encoding (subnormals, e5m2 infinities, a
# few NaNs), and C from 2^-30 to 2^20, so that C sets the alignment in some
# sums and is cut away in others.
G = random.Random(20261127)
def fp8any(kind):
    b = G.getrandbits(8)
    nan = (b & 0x7f) == 0x7f if kind == "e4m3" else (b & 0x7f) > 0x7c
    if nan and G.random() < 0.9:
        b ^= 0x04   # most NaNs become finite (e4m3) or large (e5m2)
    if kind == "e5m2" and (b & 0x7f) == 0x7c and G.random() < 0.8:
        b ^= 0x01   # and most infinities
    return b
def cwide():
    k = G.randrange(4)
    if k == 0:
        return fbits(G.uniform(-4, 4))
    if k == 1:
        return fbits(G.choice([-1, 1]) * G.uniform(1, 2) * 2.0 ** G.randrange(5, 21))
    if k == 2:
        return fbits(G.choice([-1, 1]) * G.uniform(1, 2) * 2.0 ** -G.randrange(5, 31))
    return G.choice([0, 0x80000000])
wgcase("wgmma_e4m3_edges", "wg_e4m3_ss_n64", rimg(12288, 8, lambda: fp8any("e4m3")), "wgmma_zero.ain",
       [cwide() for _ in range(32 * 32)], WG.desc(0, 16, 1024, 128), WG.desc(8192, 16, 512, 64), 1)
wgcase("wgmma_e5m2e4m3_edges", "wg_e5m2e4m3_rs_n32_h", rimg(1024, 8, lambda: fp8any("e4m3")),
       [fp8any("e5m2") | fp8any("e5m2") << 8 | fp8any("e5m2") << 16 | fp8any("e5m2") << 24 for _ in range(512)],
       [h16(G.uniform(-2, 2) * 2.0 ** G.randrange(-20, 12)) | h16(G.uniform(-2, 2)) << 16 for _ in range(32 * 8)],
       0, WG.desc(0, 128, 256), 1)

for name, (opts, outs) in cases.items():
    with open(name + (".pending" if name in pending else ".case"), "w") as f:
        f.write(opts + "\nouts: " + outs + "\n" + ("# " + notes[name] + "\n" if name in notes else ""))
# mbarriers, bulk copies and tensor copies (mbarrier.ptx), and the corpus
# kernels that use them.  Fault cases end with "exit: 4" and the text the
# report must contain (run.test); gen.sh does not run them on the GPU,
# where they would hang.
written = set(cases)   # the cases above have their files already
A = random.Random(20261124)
M = "mbarrier.ptx -k "
faults = {}
def fault(name, opts, text):
    cases[name] = (opts, "")
    faults[name] = text
def rnd(n):
    return bytes(A.randrange(256) for _ in range(n))
case("mbar_phases", M + "mbar_phases -b 1 -a zeros:160", "0")
open("mbar_cpasync.in", "wb").write(rnd(2048))
case("mbar_cpasync", M + "mbar_cpasync -b 64 -a file:mbar_cpasync.in -a zeros:2048", "1")
w("mbar_pingpong.in", "I", [A.getrandbits(32) for _ in range(24)])
case("mbar_pingpong", M + "mbar_pingpong -b 256 -a file:mbar_pingpong.in -a zeros:1024", "1")
case("mbar_timeout", M + "mbar_timeout -b 1 -a zeros:12", "0")
fault("mbar_deadlock", M + "mbar_deadlock -b 64", "waits on the mbarrier")
fault("mbar_deadlock_test", M + "mbar_deadlock_test -b 64", "waits on the mbarrier")
open("bulk_copy.in", "wb").write(rnd(2048))
case("bulk_copy", M + "bulk_copy -b 128 -a file:bulk_copy.in -a zeros:4096", "1")
case("bulk_sym", M + "bulk_sym -b 1 -a file:bulk_copy.in -a zeros:512", "1")
case("bulk_s2s", M + "bulk_s2s -b 128 -a file:bulk_copy.in -a zeros:1024", "1")
open("bulk_multicast.map", "wb").write(rnd(24 * 10 * 4))
open("bulk_multicast.in", "wb").write(rnd(256))
case("bulk_multicast", M + "bulk_multicast -b 32 -a tensormap:file:bulk_multicast.map:f32:24x10:16x8 "
     "-a file:bulk_multicast.in -a zeros:768", "2")

# bulk reductions: 27 regions of 128 bytes, one per operation and type of
# the global form, the first ten of them also in the shared form
def h16v():
    return A.choice([h16(A.uniform(-8, 8)), h16(A.uniform(-1, 1) * 2.0 ** -20), 0x7c00, 0xfc00, 0x7e00,
                     0x8000, 0, h16(60000.0), A.getrandbits(16)])
def bf16v():
    return A.choice([bf16(A.uniform(-8, 8)), bf16(A.uniform(-1, 1) * 2.0 ** -130), 0x7f80, 0xff80, 0x7fc0,
                     0x8000, 0, bf16(3e38), A.getrandbits(16)])
def f32v():
    return A.choice([fbits(A.uniform(-8, 8)), fbits(A.uniform(-1, 1) * 2.0 ** -130), 0x7f800000,
                     0xff800000, 0x7fc00000, 0x80000000, 0, fbits(3e38), A.getrandbits(32)])
def f64v():
    return A.choice([struct.unpack("<Q", struct.pack("<d", A.uniform(-8, 8)))[0],
                     struct.unpack("<Q", struct.pack("<d", A.uniform(-1, 1) * 2.0 ** -1030))[0],
                     0x7ff0000000000000, 0x8000000000000000, 0, A.getrandbits(64)])
def small32():
    return A.choice([A.getrandbits(32), A.randrange(8), 0xffffffff - A.randrange(4), A.randrange(1 << 31)])
REDS = [("b32", 4, lambda: A.getrandbits(32)), ("b64", 8, lambda: A.getrandbits(64))] * 3 + [
    ("u32", 4, small32), ("s32", 4, small32), ("u64", 8, lambda: A.choice([A.getrandbits(64), A.randrange(9)])),
    ("f16", 2, h16v), ("bf16", 2, bf16v), ("f32", 4, f32v), ("f64", 8, f64v),
    ("u32", 4, lambda: A.choice([A.randrange(12), small32()])), ("u32", 4, lambda: A.choice([A.randrange(12), small32()])),
    ("u32", 4, small32), ("s32", 4, small32), ("u64", 8, lambda: A.getrandbits(64)), ("s64", 8, lambda: A.getrandbits(64)),
    ("f16", 2, h16v), ("bf16", 2, bf16v),
    ("u32", 4, small32), ("s32", 4, small32), ("u64", 8, lambda: A.getrandbits(64)), ("s64", 8, lambda: A.getrandbits(64)),
    ("f16", 2, h16v), ("bf16", 2, bf16v)]
def region(ty, size, gen):
    return b"".join(gen().to_bytes(size, "little") for _ in range(128 // size))
open("bulk_reduce.gdst", "wb").write(b"".join(region(*r) for r in REDS))
open("bulk_reduce.src", "wb").write(b"".join(region(*r) for r in REDS))
open("bulk_reduce.sinit", "wb").write(b"".join(region(*REDS[i]) for i in [0, 2, 4, 6, 7, 8, 13, 14, 16, 21]))
case("bulk_reduce", M + "bulk_reduce -b 128 -a file:bulk_reduce.gdst -a file:bulk_reduce.src", "0")
case("bulk_reduce_s", M + "bulk_reduce_s -b 128 -a file:bulk_reduce.src -a file:bulk_reduce.sinit -a zeros:1280", "2")

# tensor copies: ELT, DIMS, BOX, coordinates; the map's options, shared offset
ESIZE = {"u8": 1, "u16": 2, "u32": 4, "s32": 4, "u64": 8, "s64": 8, "f16": 2, "f32": 4, "f64": 8, "bf16": 2,
         "tf32": 4, "f32ftz": 4, "tf32ftz": 4}
TIES = [0x3f801000, 0x3f803000, 0xbf801000, 0xbf803000, 0x00001000, 0x00003000, 0x80001000, 0x7f7ff000,
        0x7f7fffff, 0xff7ff000, 0x7f800000, 0xff800000, 0x7f800001, 0x7fc01000, 0xffc00000, 0x00000fff]
def tensorfile(name, elt, dims, strides):
    n = strides[-1] * dims[-1] if strides else dims[0] * ESIZE[elt]
    if name.startswith("tma_load_tf32_ties"):   # halfway cases, overflow, NaNs
        data = struct.pack("<%dI" % (n // 4), *[TIES[i % 16] ^ (A.randrange(2) << 14) for i in range(n // 4)])
    elif elt == "f32":
        data = struct.pack("<%df" % (n // 4), *[A.uniform(-100, 100) for _ in range(n // 4)])
    elif elt in ("tf32", "f32ftz", "tf32ftz"):   # denormals, NaNs, low mantissa bits
        data = struct.pack("<%dI" % (n // 4), *[f32v() for _ in range(n // 4)])
    else:
        data = rnd(n)
    open(name, "wb").write(data)
def tmap(name, elt, dims, box, opts, strides=None):
    e = ESIZE[elt]
    if strides is None:
        strides = []
        for i in range(len(dims) - 1):
            strides.append((strides[-1] if strides else e) * dims[i])
    tensorfile(name + ".t", elt, dims, strides)
    o = ["strides=" + "x".join(map(str, strides))] if len(dims) > 1 else []
    o += opts
    return "tensormap:file:%s.t:%s:%s:%s%s" % (name, elt, "x".join(map(str, dims)), "x".join(map(str, box)),
                                                  ":" + ",".join(o) if o else "")
def boxbytes(elt, box, opts):
    """bytes a box moves: an interleaved one units of 16 or 32 bytes along
    dimension 0 and one index of dimension rank-2 (interp/bulk.c)"""
    es = [1] * len(box)
    for o in opts:
        if o.startswith("estrides="):
            es = [int(x) for x in o[9:].split("x")]
    il = [o[11:] for o in opts if o.startswith("interleave=") and o != "interleave=none"]
    if not il:
        es[0] = 1
    n = int(il[0][:-1]) if il else ESIZE[elt]
    for i, (b, k) in enumerate(zip(box, es)):
        n *= 1 if il and i == len(box) - 2 else (b + k - 1) // k
    return n
def coords(c):
    c = list(c) + [0] * (5 - len(c))
    return " ".join("-a s32:%d" % x for x in c)
def padded(elt, box, opts, n):
    """bytes a box takes in shared memory: a swizzle gives each row its span
    (not an interleaved box's)"""
    sw = [o[8:] for o in opts if o.startswith("swizzle=")]
    if not sw or sw[0] == "none" or any(o.startswith("interleave=") and o != "interleave=none" for o in opts):
        return n
    return n // (box[0] * ESIZE[elt]) * int(sw[0][:-1])
def tma_load(name, elt, dims, box, c, opts=(), soff=0, strides=None):
    n = boxbytes(elt, box, opts)
    o = padded(elt, box, opts, n)
    case(name, M + "tma_load -b 128 -a %s -a zeros:%d -a u32:%d %s -a u32:%d -a u32:%d -a u32:%d"
         % (tmap(name, elt, dims, box, list(opts), strides), o, len(dims), coords(c), n, soff, o), "1")
def tma_store(name, elt, dims, box, c, opts=(), soff=0, strides=None):
    n = padded(elt, box, opts, boxbytes(elt, box, opts))
    open(name + ".in", "wb").write(struct.pack("<%dI" % (n // 4), *[f32v() for _ in range(n // 4)])
                                   if ESIZE[elt] == 4 and elt != "s32" else rnd(n))
    case(name, M + "tma_store -b 128 -a %s -a file:%s.in -a u32:%d %s -a u32:%d -a u32:%d"
         % (tmap(name, elt, dims, box, list(opts), strides), name, len(dims), coords(c), n, soff), "0")
def tma_reduce(name, elt, dims, box, c, op, gen=None):
    n = boxbytes(elt, box, [])
    if gen:
        open(name + ".in", "wb").write(b"".join(gen().to_bytes(ESIZE[elt], "little") for _ in range(n // ESIZE[elt])))
    else:
        open(name + ".in", "wb").write(rnd(n))
    t = tmap(name, elt, dims, box, [])
    if gen:
        e = ESIZE[elt]
        open(name + ".t", "wb").write(b"".join(gen().to_bytes(e, "little") for _ in range(dims[0] * dims[1])))
    case(name, M + "tma_reduce -b 128 -a %s -a file:%s.in -a s32:%d -a s32:%d -a u32:%d -a u32:%d"
         % (t, name, c[0], c[1], n, op), "0")
tma_load("tma_load_2d", "f32", [40, 30], [32, 8], [0, 0])
tma_load("tma_load_2d_oob", "f32", [40, 30], [32, 8], [20, 26])
tma_load("tma_load_2d_neg", "f32", [40, 30], [32, 8], [-8, -3])
tma_load("tma_load_nan", "f32", [40, 30], [32, 8], [20, 26], ["fill=nan"])
tma_load("tma_load_sw32", "f32", [40, 30], [8, 16], [4, 5], ["swizzle=32B"])
tma_load("tma_load_sw64", "f32", [40, 30], [16, 8], [0, 4], ["swizzle=64B"])
tma_load("tma_load_sw128", "f32", [40, 30], [32, 8], [8, 22], ["swizzle=128B"])
tma_load("tma_load_sw128_narrow", "f32", [40, 30], [16, 16], [0, 0], ["swizzle=128B"])
tma_load("tma_load_sw128_off", "f32", [40, 30], [32, 8], [4, 1], ["swizzle=128B"], soff=256)
tma_load("tma_load_sw64_off", "f32", [40, 30], [16, 16], [4, 2], ["swizzle=64B"], soff=384)
tma_load("tma_load_sw128_f16", "f16", [72, 20], [64, 8], [0, 15], ["swizzle=128B"], strides=[160])
tma_load("tma_load_3d_f16", "f16", [24, 10, 5], [16, 4, 3], [8, 8, 3])
tma_load("tma_load_3d_estride", "f16", [24, 10, 5], [16, 8, 4], [0, 1, 0], ["estrides=1x2x2"])
tma_load("tma_load_estride0", "f32", [40, 30], [16, 4], [4, 4], ["estrides=2x1"])
tma_load("tma_load_1d", "u8", [1000], [256], [896])
tma_load("tma_load_4d_f64", "f64", [6, 5, 4, 3], [2, 3, 2, 2], [4, -1, 3, 1])
tma_load("tma_load_5d", "u16", [16, 3, 2, 3, 2], [8, 2, 2, 2, 2], [8, 2, 1, 2, 1])
# interleaved layouts (recorded on an H200): dimension 0 in units of 16 or
# 32 bytes (8 of them a row here, read on past the 16 bytes of each
# dimension-1 step), the box of dimension 1 (rank-2) one index; a row of
# il16 past the tensor, il32 starting 4 units in, past dimension 0's 16
tma_load("tma_load_il16", "f16", [8, 20, 4], [8, 8, 2], [0, 4, 3], ["interleave=16B"])
tma_load("tma_load_il16_sw128", "f16", [8, 20, 4], [8, 16, 2], [0, 2, 1], ["interleave=16B", "swizzle=128B"])
tma_load("tma_load_il32", "f16", [16, 20, 3], [16, 8, 2], [4, 2, 1], ["interleave=32B", "swizzle=32B"])
tma_load("tma_load_bf16_nan", "bf16", [24, 10], [16, 8], [16, 5], ["fill=nan"])
tma_load("tma_load_f16_nan", "f16", [24, 10], [16, 8], [-8, 6], ["fill=nan"])
tma_load("tma_load_f64_nan", "f64", [10, 10], [4, 4], [8, 8], ["fill=nan"])
tma_load("tma_load_far", "s32", [40, 30], [8, 8], [1000, -1000])
tma_load("tma_load_big", "u8", [300, 100], [256, 64], [48, 40], strides=[304])
tma_load("tma_load_sw32_narrow", "f32", [40, 30], [4, 16], [0, 0], ["swizzle=32B"])
tma_load("tma_load_sw64_narrow", "f32", [40, 30], [8, 16], [0, 0], ["swizzle=64B"])
tma_load("tma_load_estride_odd", "f32", [40, 30], [16, 7], [0, 1], ["estrides=1x3"])
tma_load("tma_load_3d_tiny", "f32", [4, 3, 2], [8, 4, 4], [-4, -1, -1])
tma_load("tma_load_tf32", "tf32", [40, 30], [32, 8], [0, 0])
tma_load("tma_load_tf32ftz", "tf32ftz", [40, 30], [32, 8], [0, 0])
tma_load("tma_load_f32ftz", "f32ftz", [40, 30], [32, 8], [0, 0])
tma_store("tma_store_2d_oob", "f32", [40, 30], [32, 8], [20, 26])
tma_store("tma_store_sw128", "f32", [40, 30], [32, 8], [4, 3], ["swizzle=128B"])
tma_store("tma_store_3d_neg", "f16", [24, 10, 5], [16, 4, 3], [-8, -2, 3])
tma_store("tma_store_estride", "f32", [40, 30], [16, 8], [8, 10], ["estrides=1x2"])
tma_store("tma_store_5d", "u16", [16, 3, 2, 3, 2], [8, 2, 2, 2, 2], [8, 2, 1, 2, 1])
tma_store("tma_store_1d", "u8", [1000], [128], [944])
tma_store("tma_store_tf32", "tf32", [40, 30], [32, 8], [4, 3])
tma_reduce("tma_reduce_add_f32", "f32", [40, 30], [32, 8], [16, 25], 0, f32v)
tma_reduce("tma_reduce_min_s32", "s32", [40, 30], [32, 8], [4, 3], 1, small32)
tma_reduce("tma_reduce_max_u32", "u32", [40, 30], [32, 8], [4, 3], 2, small32)
tma_reduce("tma_reduce_inc_u32", "u32", [40, 30], [32, 8], [4, 3], 3, lambda: A.choice([A.randrange(12), small32()]))
tma_reduce("tma_reduce_dec_u32", "u32", [40, 30], [32, 8], [4, 3], 4, lambda: A.choice([A.randrange(12), small32()]))
tma_reduce("tma_reduce_and_u32", "u32", [40, 30], [32, 8], [4, 3], 5)
tma_reduce("tma_reduce_or_s32", "s32", [40, 30], [32, 8], [4, 3], 6)
tma_reduce("tma_reduce_xor_u64", "u64", [20, 30], [16, 8], [8, 3], 7)
tma_reduce("tma_reduce_add_f16", "f16", [40, 30], [32, 8], [8, 3], 0, h16v)
tma_reduce("tma_reduce_add_bf16", "bf16", [40, 30], [32, 8], [8, 3], 0, bf16v)
tma_reduce("tma_reduce_min_s64", "s64", [20, 30], [16, 8], [8, 3], 1, lambda: A.getrandbits(64))
tma_reduce("tma_reduce_max_f16", "f16", [40, 30], [32, 8], [8, 3], 2, h16v)
tensorfile("tma_replace.data", "f32", [24, 20], [96])
case("tma_replace", M + "tma_replace -b 128 -a tensormap:zeros:4800:f32:40x30:32x8 -a file:tma_replace.data "
     "-a zeros:128 -a zeros:1152", "3")
tensorfile("tma_build.data", "f32", [40, 12], [160])
case("tma_build", M + "tma_build -b 128 -a file:tma_build.data -a zeros:128 -a zeros:512", "2")
case("tma_global", M + "tma_global -b 128 -a %s -a zeros:1024 -a s32:12 -a s32:25 -a u32:1024"
     % tmap("tma_global", "f32", [40, 30], [32, 8], ["swizzle=128B"]), "1")

# the corpus kernels (nvcc from tests/corpus/cuda): libcu++ barriers and
# pipelines, bulk copies, a TMA transpose.  Sums are of small integers, so
# exact in any order of the atomics and bulk reductions.
CP = "../corpus/ptx/"
TB, AC = CP + "tma_bulk.sm_90.ptx -k ", CP + "async_copy.sm_90.ptx -k "
w("bulk_scale.in", "f", [A.uniform(-4, 4) for _ in range(1024)])
case("bulk_scale", TB + "_Z10bulk_scalePKfPffi -g 4 -b 128 -s 1024 -a file:bulk_scale.in -a zeros:4096 "
     "-a f32:1.5 -a s32:256", "1")
w("tma_transpose.in", "f", [A.uniform(-4, 4) for _ in range(64 * 64)])
case("tma_transpose", TB + "_Z18tma_tile_transpose14CUtensorMap_stS_ -g 2,2 -b 128 "
     "-a tensormap:file:tma_transpose.in:f32:64x64:32x32 -a tensormap:zeros:16384:f32:64x64:32x32", "1")
w("bulk_reduce_add.in", "f", [float(A.randint(-64, 64)) for _ in range(1280)])
case("bulk_reduce_add", TB + "_Z15bulk_reduce_addPKfPfi -g 4 -b 128 -s 1024 -a file:bulk_reduce_add.in "
     "-a zeros:1024 -a s32:256", "1")
w("barrier_tx_copy.in", "i", [A.randint(-10**9, 10**9) for _ in range(3072)])
case("barrier_tx_copy", TB + "_Z15barrier_tx_copyPK4int4PS_i -g 3 -b 256 -a file:barrier_tx_copy.in "
     "-a zeros:12288 -a s32:700", "1")
w("gemv_a.in", "f", [float(A.randint(-8, 8)) for _ in range(8 * 1024)])
w("gemv_x.in", "f", [float(A.randint(-8, 8)) for _ in range(1024)])
for st in ["2", "4"]:
    case("staged_gemv" + st, AC + "_Z11staged_gemvILi%sEEvPKfS1_Pfii -g 8 -b 128 -s 2048 -a file:gemv_a.in "
         "-a file:gemv_x.in -a zeros:32 -a s32:8 -a s32:1024" % st, "2")
case("barrier_copy", AC + "_Z12barrier_copyPK4int4PS_i -g 2 -b 128 -a file:barrier_tx_copy.in "
     "-a zeros:12288 -a s32:700", "1")
w("split_barrier.in", "f", [A.uniform(-1, 1) for _ in range(600)])
case("split_barrier", AC + "_Z13split_barrierPfi -g 3 -b 256 -a file:split_barrier.in -a s32:600", "0")
for n in ["bulk_scale", "tma_transpose", "barrier_tx_copy", "staged_gemv4", "barrier_copy"]:
    o, outs = cases[n]
    case(n + "_G", o.replace(".sm_90.ptx", ".sm_90.G.ptx"), outs)

# more tensor copies: tf32 rounding ties, a swizzled store of a narrow box,
# a reduction at negative coordinates; a box must start on a 16-byte
# boundary of dimension 0 (on the GPU an illegal instruction)
tma_load("tma_load_tf32_ties", "tf32", [40, 30], [32, 8], [0, 0])
tma_store("tma_store_sw64_narrow", "f32", [40, 30], [8, 16], [4, 20], ["swizzle=64B"])
tma_reduce("tma_reduce_add_neg", "f32", [40, 30], [32, 8], [-8, -3], 0, f32v)
fault("tma_load_misaligned", M + "tma_load -b 128 -a %s -a zeros:1024 -a u32:2 %s -a u32:1024 -a u32:0 -a u32:1024"
      % (tmap("tma_load_misaligned", "f32", [40, 30], [32, 8], []), coords([-5, -3])), "16-byte boundary")
# stores and reductions may not start at a negative coordinate (on the GPU
# an illegal instruction, as for these four); a box starting past the end
# is fine
tma_store("tma_store_neg1", "f32", [40, 30], [32, 8], [0, -3])
tma_reduce("tma_reduce_neg1", "f32", [40, 30], [32, 8], [0, -3], 0, f32v)
for n in ["tma_store_3d_neg", "tma_reduce_add_neg", "tma_store_neg1", "tma_reduce_neg1"]:
    fault(n, cases[n][0], "starts before the tensor")
tma_store("tma_store_past", "f32", [40, 30], [32, 8], [48, 3])
tma_load("tma_load_past", "f32", [40, 30], [32, 8], [48, 3])

# Triton's TMA matmul: tensor maps built in the kernel (tensormap.replace),
# TMA loads completing on mbarriers, wgmma, a TMA store of C = A B^T
# (256 x 256 x 256 f16, 2 x 2 programs of 128 x 128).  The scratch buffer
# holds the programs' tensor maps.
T = random.Random(20261125)
w("ttma.fa", "H", [h16(T.uniform(-1, 1)) for _ in range(256 * 256)])
w("ttma.fb", "H", [h16(T.uniform(-1, 1)) for _ in range(256 * 256)])
case("triton_tma_matmul", CP + "triton.tma_matmul.ptx -g 2,2 -b 256 -s 196608 -a file:ttma.fa -a file:ttma.fb "
     "-a zeros:131072 -a u32:256 -a u32:256 -a u32:256 -a zeros:8192 -a zeros:16", "2")

# an interleaved store (recorded on an H200; a generator of its own, the
# other cases' data kept): rows of two 16-byte units, dimension 2 (rank-2)
# one index, dimensions 1 and 3 crossing the tensor's end
I = random.Random(20261201)
open("tma_store_il16_4d.t", "wb").write(bytes(I.randrange(256) for _ in range(960 * 3)))
open("tma_store_il16_4d.in", "wb").write(bytes(I.randrange(256) for _ in range(256)))
case("tma_store_il16_4d", M + "tma_store -b 128 -a tensormap:file:tma_store_il16_4d.t:f64:2x6x5x3:2x4x3x2:"
     "strides=32x192x960,interleave=16B -a file:tma_store_il16_4d.in -a u32:4 %s -a u32:256 -a u32:0"
     % coords([0, 3, 1, 2]), "0")

# tf32 .add (recorded on an H200, which took it through an interleaved map
# first): values with mantissa bits below tf32's, denormals, infinities
# and NaNs (a generator of its own too)
I = random.Random(20261202)
def tf32v():
    return I.choice([fbits(I.uniform(-8, 8)), fbits(I.uniform(-1, 1) * 2.0 ** -130), 0x7f800000, 0xff800000,
                     0x7fc00000, 0x80000000, 0, fbits(3e38), I.getrandbits(32), fbits(I.uniform(-8, 8)) | 0x1fff,
                     0x3f801000])
w("tma_reduce_add_tf32.t", "I", [tf32v() for _ in range(1200)])
w("tma_reduce_add_tf32.in", "I", [tf32v() for _ in range(256)])
case("tma_reduce_add_tf32", M + "tma_reduce -b 128 -a tensormap:file:tma_reduce_add_tf32.t:tf32:40x30:32x8:"
     "strides=160 -a file:tma_reduce_add_tf32.in -a s32:4 -a s32:3 -a u32:1024 -a u32:0", "0")

for name, (opts, outs) in cases.items():
    if name in written:
        continue
    with open(name + ".case", "w") as f:
        f.write(opts + "\nouts: " + outs + "\n")
        if name in faults:
            f.write("exit: 4\nreport: " + faults[name] + "\n")

# wmma (tests/run/wmma.py has the kernels).  The probes read an image whose
# elements hold their own index and write each lane's fragment registers
# (loads), or store registers that hold their lane and number (stores), so
# the outputs show the H100's fragment layouts.  The mma kernels run each
# form on random data; the corpus kernels (tests/corpus/cuda/wmma.cu) too.
import wmma as WM
done = set(cases)
V = random.Random(20261126)
img = bytearray(WM.IMGSIZE)
for bits, offs in WM.IMAGES.items():
    n = {16: 4096, 32: 4096, 64: 512, 8: 1024, 4: 256, 1: 1024}[bits]
    for d, off in enumerate(offs):
        for i in range(n):
            if bits >= 16:
                img[off + i * bits // 8:off + (i + 1) * bits // 8] = i.to_bytes(bits // 8, "little")
            elif bits == 8:
                img[off + i] = (i >> (8 * d)) & 255
            elif bits == 4:
                img[off + i // 2] |= ((i >> (4 * d)) & 15) << (4 * (i % 2))
            else:
                img[off + i // 8] |= ((i >> d) & 1) << (i % 8)
open("wmma.img", "wb").write(bytes(img))
case("wmma_probe_ld", "wmma.ptx -k wmma_probe_ld -b 32 -a file:wmma.img -a zeros:%d" % (WM.probe_ld()[1] * 4), "1")
case("wmma_probe_st", "wmma.ptx -k wmma_probe_st -b 32 -a zeros:%d" % WM.probe_st()[1], "0")
def bf(x):
    return fbits(x) >> 16
def near_limits(n):
    return [V.choice([V.randint(-10**6, 10**6), 2**31 - 1 - V.randint(0, 300000), -2**31 + V.randint(0, 300000)])
            for _ in range(n)]
wdata = {
    "f16f32": ("H", [h16(V.uniform(-2, 2)) for _ in range(512)], "H", [h16(V.uniform(-2, 2)) for _ in range(512)]),
    "bf16": ("H", [bf(V.uniform(-2, 2)) for _ in range(512)], "H", [bf(V.uniform(-2, 2)) for _ in range(512)]),
    "tf32": ("f", [V.uniform(-2, 2) for _ in range(512)], "f", [V.uniform(-2, 2) for _ in range(512)]),
    "int": ("B", [V.randrange(256) for _ in range(512)], "B", [V.randrange(256) for _ in range(512)]),
    "f64": ("d", [V.uniform(-2, 2) for _ in range(512)], "d", [V.uniform(-2, 2) for _ in range(512)]),
    "sub": ("B", [V.randrange(256) for _ in range(512)], "B", [V.randrange(256) for _ in range(512)]),
}
wdata["f16f16"] = wdata["f16f32"]
# Every float result compares exactly (tf32's two k = 4 steps: wmma.c).
wtol = {}
for g in WM.MMAS:
    fa, a, fb, b = wdata[g]
    w("wmma_%s.fa" % g, fa, a)
    w("wmma_%s.fb" % g, fb, b)
    if g == "f64":
        w("wmma_%s.fc" % g, "d", [V.uniform(-4, 4) for _ in range(256)])
    elif g in ("int", "sub"):
        w("wmma_%s.fc" % g, "i", near_limits(256))
    else:
        w("wmma_%s.fc" % g, "f", [V.uniform(-4, 4) for _ in range(256)])
    w("wmma_%s.fh" % g, "H", [h16(V.uniform(-4, 4)) for _ in range(256)])
    case("wmma_mma_" + g, "wmma.ptx -k wmma_mma_%s -b 32 -a file:wmma_%s.fa -a file:wmma_%s.fb -a file:wmma_%s.fc "
         "-a file:wmma_%s.fh -a zeros:%d" % (g, g, g, g, g, WM.mma_kernel(g)[1]), "4" + wtol.get(g, ""))
WC = "../corpus/ptx/wmma.sm_90.ptx -k "
w("wmma_gemm.fa", "H", [h16(V.uniform(-1, 1)) for _ in range(64 * 64)])
w("wmma_gemm.fb", "H", [h16(V.uniform(-1, 1)) for _ in range(64 * 64)])
w("wmma_gemm.fc", "f", [V.uniform(-1, 1) for _ in range(64 * 64)])
gemm = ("_Z13wmma_gemm_f16PK6__halfS1_Pfiiiff -g 1,4 -b 128 -a file:wmma_gemm.fa -a file:wmma_gemm.fb "
        "-a file:wmma_gemm.fc -a s32:64 -a s32:64 -a s32:64 -a f32:1.5 -a f32:-0.5")
case("wmma_gemm_f16", WC + gemm, "2")
case("wmma_gemm_f16_G", WC.replace(".sm_90.", ".sm_90.G.") + gemm, "2")
case("wmma_smem_gemm", WC + "_Z14wmma_smem_gemmPK6__halfS1_Pfiii -g 2,2 -b 128 -a file:wmma_gemm.fa "
     "-a file:wmma_gemm.fb -a zeros:16384 -a s32:64 -a s32:64 -a s32:64", "2")
w("wmma_shapes.fa", "H", [h16(V.uniform(-1, 1)) for _ in range(512)])
w("wmma_shapes.fb", "H", [h16(V.uniform(-1, 1)) for _ in range(768)])
w("wmma_shapes.fc", "H", [h16(V.uniform(-1, 1)) for _ in range(1280)])
case("wmma_shapes_f16", WC + "_Z15wmma_shapes_f16PK6__halfS1_PS_ -b 32 -a file:wmma_shapes.fa "
     "-a file:wmma_shapes.fb -a file:wmma_shapes.fc", "2")
w("wmma_int8.fa", "B", [V.randrange(256) for _ in range(512)])
w("wmma_int8.fb", "B", [V.randrange(256) for _ in range(512)])
case("wmma_int8", WC + "_Z9wmma_int8PKaS0_PiPKhS3_S1_ -b 32 -a file:wmma_int8.fa -a file:wmma_int8.fb -a zeros:1024 "
     "-a file:wmma_int8.fa -a file:wmma_int8.fb -a zeros:1024", "2 5")
case("wmma_subbyte", WC + "_Z12wmma_subbytePKvS0_PiS1_ -b 32 -a file:wmma_int8.fa -a file:wmma_int8.fb -a zeros:256 "
     "-a zeros:256", "2 3")
w("wmma_mixed.fa", "f", [V.uniform(-2, 2) for _ in range(256)])
w("wmma_mixed.da", "d", [V.uniform(-2, 2) for _ in range(256)])
w("wmma_mixed.db", "d", [V.uniform(-2, 2) for _ in range(256)])
w("wmma_mixed.dc", "d", [V.uniform(-2, 2) for _ in range(64)])
case("wmma_bf16_tf32_f64", WC + "_Z18wmma_bf16_tf32_f64PK13__nv_bfloat16S1_PfPKfS4_S2_PKdS6_Pd -b 32 "
     "-a file:wmma_bf16.fa -a file:wmma_bf16.fb -a zeros:1024 -a file:wmma_mixed.fa -a file:wmma_tf32.fb "
     "-a zeros:1024 -a file:wmma_mixed.da -a file:wmma_mixed.db -a file:wmma_mixed.dc",
     "2 5 8")
for name, (opts, outs) in cases.items():
    if name not in done:
        with open(name + ".case", "w") as f:
            f.write(opts + "\nouts: " + outs + "\n")
            if "ulp" in outs:
                f.write("# ulp: the largest distance of the interpreter's f32/f64 accumulation model (mma.c) "
                        "from the H100 on this data\n")

# The device runtime (interp/cdp.c): kernels of tests/corpus/cuda that launch
# kernels.  adaptive_quad sums its leaves with float atomics in whatever
# order the children run, on the GPU too, so its one value compares within
# a few ulp; everything else is exact, the tail launch's printf included.
done = set(cases)
D = random.Random(20261128)
DR = CP + "device_runtime.sm_90.ptx -k "
case("cdp_parent", DR + "_Z6parentPiS_i -g 3 -b 32 -a zeros:1024 -a zeros:1024 -a s32:40", "0 1")
case("cdp_recurse", DR + "_Z7recursePii -a zeros:64 -a s32:0", "0")
case("cdp_per_thread", DR + "_Z10per_threadPi -g 2 -b 64 -a zeros:1024", "0")
case("cdp_queries", DR + "_Z7queriesPi -a zeros:256", "0")
DP = CP + "dynamic_parallelism.sm_90.ptx -k "
case("cdp_quad", DP + "_Z13adaptive_quadfffiPf -a f32:0 -a f32:10 -a f32:0.0001 -a s32:0 -a zeros:4",
     "4:f32ulp:8")
w("cdp_seg.data", "f", [D.uniform(-4, 4) for _ in range(1000)])
w("cdp_seg.off", "i", [0, 100, 100, 357, 600, 1000])
case("cdp_segments", DP + "_Z15parent_segmentsPfPKii -g 2 -b 4 -a file:cdp_seg.data -a file:cdp_seg.off -a s32:5",
     "0")
case("cdp_fire", DP + "_Z15fire_and_forgetPii -g 2 -b 32 -a file:cdp_seg.data -a s32:20", "0")
case("cdp_api", DP + "_Z10api_launchPfi -g 2 -b 32 -a file:cdp_seg.data -a s32:300", "0")
for name, (opts, outs) in cases.items():
    if name not in done:
        with open(name + ".case", "w") as f:
            f.write(opts + "\nouts: " + outs + "\n")

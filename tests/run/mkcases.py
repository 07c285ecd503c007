#!/usr/bin/env python3
# mkcases.py -- writes the inputs and case files of tests/run (run once, by
# hand; the outputs are committed).  Each NAME.case holds, on its first line,
# the ptx-run options (paths relative to tests/run), and on its second
# "outs: N[:CMP] ..." the buffer arguments compared with NAME.want.N, which
# were recorded on an H100 with `ptx-run --backend cuda` (see gen.sh).
# NAME.stdout, when present, is the device printf output to compare.
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

for name, (opts, outs) in cases.items():
    with open(name + ".case", "w") as f:
        f.write(opts + "\nouts: " + outs + "\n")

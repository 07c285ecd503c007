#!/usr/bin/env python3
# cases.py -- writes the inputs (cuda/in.*) and the case files (cu_*.case) of
# the kernels in tests/run/cuda (run once, by hand; gen.sh builds their PTX,
# ../gen.sh records the H100's outputs).  Inputs open with the special values
# of their type (zeros, infinities, NaNs, denormals, limits, halfway cases)
# and go on with random values spread over many magnitudes.
import math, os, random, struct
os.chdir(os.path.dirname(os.path.abspath(__file__)))
R = random.Random(20261127)

def w(name, fmt, vals):
    open(name, "wb").write(struct.pack("<%d%s" % (len(vals), fmt), *vals))

def bits32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]

N = 512
F32_SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 3.0, -3.0, 10.0, -10.0, 100.0, 1e-38, 1e-40, -1e-45,
               1.17549435e-38, 3.4028235e38, -3.4028235e38, math.inf, -math.inf, math.nan, math.pi, -math.pi,
               math.pi / 2, 1e10, -1e10, 88.72, 89.0, -87.33, -104.0, 0.99999994, 1.0000001, 1e-7, 126.5,
               0.1, 1 / 3, 16777216.0, -0.25, 4.5, 2.5, -2.5, 1.5, 0.75, 65504.0, 65520.0, 1e5, 1e-5, -1e-30,
               2.0 ** -126, 2.0 ** -149, 8388609.0, -7.0, 1e30, -1e38, 0.70710677, 1.4142135, 128.0, -150.0,
               39.0, -40.0, 5.5e-39, 12.0, 0.3, -0.7]
def f32_rand():
    k = R.randrange(5)
    if k == 0:
        return R.uniform(-1, 1)
    if k == 1:
        return R.uniform(-12, 12)
    if k == 2:
        return R.choice([-1, 1]) * 2.0 ** R.uniform(-140, 127)
    if k == 3:
        return float(R.randint(-300, 300)) + R.choice([0, 0.5, 0.25])
    return R.uniform(-120, 120)
f32 = [bits32(x) for x in F32_SPECIAL] + [0x7fc00001, 0xffbfffff, 0x7f800001, 0x807fffff]
f32 += [bits32(f32_rand()) for _ in range(N - len(f32))]
w("in.f32", "I", f32)
w("in.r32", "f", [R.uniform(-1, 1) for _ in range(1024)])

F64_SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 3.0, -3.0, 10.0, -10.0, 1e-308, 5e-324, -2.2250738585072014e-308,
               1.7976931348623157e308, -1.7976931348623157e308, math.inf, -math.inf, math.nan, math.pi, -math.pi,
               math.pi / 2, 1e22, -1e22, 709.78, 710.0, -708.4, -745.2, 0.9999999999999999, 1.0000000000000002,
               1e-17, 0.1, 1 / 3, 2.0 ** 53, 2.0 ** 53 + 2, -0.25, 4.5, 2.5, -2.5, 1.5, 0.75, 1e300, -1e-300,
               171.6, 172.0, 1e16, 3.4028235677973366e38, 1.401298464324817e-45, -7.0, 12.0, 0.3, -0.7,
               4503599627370495.5, 1e-5, 100.0, 33.0]
def f64_rand():
    k = R.randrange(4)
    if k == 0:
        return R.uniform(-1, 1)
    if k == 1:
        return R.uniform(-12, 12)
    if k == 2:
        return R.choice([-1, 1]) * 2.0 ** R.uniform(-1070, 1023)
    return R.uniform(-800, 800)
w("in.f64", "d", F64_SPECIAL + [f64_rand() for _ in range(N - len(F64_SPECIAL))])

U32_SPECIAL = [0, 1, 2, 3, 0xffffffff, 0xfffffffe, 0x80000000, 0x7fffffff, 0x80000001, 0xffff, 0x10000, 0x7fff,
               0x8000, 0xff, 0x100, 0x01010101, 0x80808080, 0x7f7f7f7f, 31, 32, 33, 63, 64, 1000000007, 0xfffffff9,
               10, 7, 0x80007fff, 0x7fff8000, 0xffff0000, 0x0000ffff, 0xdeadbeef, 0x55555555, 0xaaaaaaaa]
def u32_rand():
    k = R.randrange(4)
    if k == 0:
        return R.getrandbits(32)
    if k == 1:
        return R.randrange(1000)
    if k == 2:
        return (-R.randrange(1, 1000)) & 0xffffffff
    return R.getrandbits(R.randint(1, 32))
w("in.u32", "I", U32_SPECIAL + [u32_rand() for _ in range(1024 - len(U32_SPECIAL))])
U64_SPECIAL = [0, 1, 2, 2**64 - 1, 2**63, 2**63 - 1, 2**32, 2**32 - 1, 2**63 + 1, 10, 7, 2**64 - 7, 1000000007,
               0x5555555555555555, 0xffffffff00000000]
w("in.u64", "Q", U64_SPECIAL + [R.getrandbits(R.choice([64, 64, 32, 48, 8])) for _ in range(N - len(U64_SPECIAL))])

H16_SPECIAL = [0, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7d00, 0xfe01, 0x0001, 0x8001, 0x03ff, 0x0400,
               0x7bff, 0xfbff, 0x3555, 0x4248, 0x3800, 0xb800, 0x4000, 0x5bf0, 0x2e66, 0x1400, 0x0200]
def h16_rand():
    k = R.randrange(3)
    if k == 0:
        return struct.unpack("<H", struct.pack("<e", R.uniform(-8, 8)))[0]
    if k == 1:
        return R.getrandbits(16)
    return struct.unpack("<H", struct.pack("<e", R.uniform(-100, 100)))[0]
w("in.h16", "H", H16_SPECIAL + [h16_rand() for _ in range(N - len(H16_SPECIAL))])
BF16_SPECIAL = [0, 0x8000, 0x3f80, 0xbf80, 0x7f80, 0xff80, 0x7fc0, 0x7fa0, 0xffc1, 0x0001, 0x8001, 0x007f,
                0x0080, 0x7f7f, 0xff7f, 0x3eab, 0x4049, 0x3f00, 0xbf00, 0x4000, 0x42f7, 0x3dcd, 0x1f00]
w("in.bf16", "H", BF16_SPECIAL + [bits32(f32_rand()) >> 16 if R.random() < 0.6 else R.getrandbits(16)
                                  for _ in range(N - len(BF16_SPECIAL))])
w("in.i32", "i", [R.choice([R.randint(-50, 50), R.randint(-50, 50), R.getrandbits(31) - 2**30, R.randint(0, 3)])
                  for _ in range(1000)])

# Odd structs for memory_ops (24 bytes each) and the constant table
open("in.odd", "wb").write(bytes(R.getrandbits(8) for _ in range(256 * 24)))
w("in.ctab", "i", [R.randint(-1000, 1000) for _ in range(64)])

# the atomics' initial Acc (184 bytes), then one zeroed Acc per CTA for the
# copies of the shared one
acc = struct.pack("<8i", 5, 100, 0, 0, 0, 0, 0, 0)
acc += struct.pack("<8I", 0xffffffff, 0, 0, 0, 0, 0xffffffff, 0, 0)
acc += struct.pack("<4Q", 0, 2**63 - 1, 0, 0)
acc += struct.pack("<4f", 0.5, 0.0, -1e30, 0.0) + struct.pack("<4d", 0.25, 0.0, 0.0, 0.0)
acc += bytes(184 - len(acc))
open("in.acc", "wb").write(acc + bytes(184 * 4))

# a signed 64-bit value and a double for each printing thread
w("in.pd", "d", [3.14159, -0.0, math.inf, -math.inf, math.nan, 1e-310, 1.7976931348623157e308, 0.5, 123456789.125,
                 -1e-5, 2.5, 1e21, 0.1, -42.0, 1e-300, 6.02214076e23] + [R.uniform(-1e4, 1e4) for _ in range(16)])
w("in.pl", "q", [0, -1, 2**63 - 1, -2**63, 255, -255, 4294967295, 4294967296, 65535, -32768, 127, -128,
                 1234567890123, -7, 8, 9] + [R.randint(-2**40, 2**40) for _ in range(16)])
w("in.assert", "i", [0, 1, 2, 5, 4, 3, 9, 8])

cases = {}
def case(name, opts, outs, variants=("",)):
    for v in variants:
        o = opts.replace(".ptx", v + ".ptx") if v else opts
        cases["cu_" + name + v.replace(".", "_")] = (o, outs)

def grid(n, b):
    return "-g %d -b %d" % ((n + b - 1) // b, b)

P = "cuda/"
case("libm_f32", P + "libm_f32.ptx -k libm_f32 %s -a file:cuda/in.f32 -a zeros:%d -a s32:%d" % (grid(N, 256), 88 * N * 4, N),
     "1", ("", ".fast", ".G"))
case("rounded_f32", P + "libm_f32.ptx -k rounded_f32 %s -a file:cuda/in.f32 -a zeros:%d -a s32:%d" % (grid(N, 128), 32 * N * 4, N),
     "1", ("", ".li"))
case("libm_f64", P + "libm_f64.ptx -k libm_f64 %s -a file:cuda/in.f64 -a zeros:%d -a s32:%d" % (grid(N, 128), 93 * N * 8, N), "1",
     ("", ".G"))
case("int_ops", P + "int_ops.ptx -k int_ops %s -a file:cuda/in.u32 -a zeros:%d -a s32:%d" % (grid(N, 128), 67 * N * 4, N),
     "1", ("", ".G"))
case("video", P + "int_ops.ptx -k video_simd %s -a file:cuda/in.u32 -a zeros:%d -a s32:%d" % (grid(N, 128), 44 * N * 4, N), "1")
case("int128", P + "int_ops.ptx -k int128_ops %s -a file:cuda/in.u64 -a zeros:%d -a s32:%d" % (grid(N, 128), 16 * N * 8, N),
     "1", ("", ".G"))
case("half", P + "half.ptx -k half_ops %s -a file:cuda/in.h16 -a zeros:%d -a s32:%d" % (grid(N, 256), 64 * N * 2, N),
     "1", ("", ".fast"))
case("bf16", P + "half.ptx -k bf16_ops %s -a file:cuda/in.bf16 -a zeros:%d -a s32:%d" % (grid(N, 256), 47 * N * 2, N),
     "1", ("", ".fast"))
case("fp8", P + "half.ptx -k fp8_ops %s -a file:cuda/in.f32 -a zeros:%d -a s32:%d" % (grid(N, 256), 12 * N * 4, N),
     "1", ("", ".fast"))
case("conv", P + "conv.ptx -k conv_f32 %s -a file:cuda/in.f32 -a zeros:%d -a s32:%d" % (grid(N, 128), 48 * N * 4, N), "1")
case("warp", P + "warp.ptx -k warp_ops %s -a file:cuda/in.u32 -a zeros:%d -a s32:%d" % (grid(N, 128), 24 * N * 4, N),
     "1", ("", ".G"))
case("atomics", P + "atomics.ptx -k atomics_all -g 4 -b 256 -a file:cuda/in.u32 -a file:cuda/in.acc -a s32:1024",
     "1", ("", ".G"))
case("cg", P + "cg.ptx -k cg_ops %s -a file:cuda/in.u32 -a zeros:%d -a s32:%d" % (grid(N, 256), 17 * N * 4, N),
     "1", ("", ".G"))
case("cub_block", P + "cub.ptx -k cub_block -g 2 -b 128 -a file:cuda/in.i32 -a zeros:%d -a s32:1000" % ((2 * 512 * 6 + 8) * 4), "1")
case("cub_warp", P + "cub.ptx -k cub_warp -g 2 -b 64 -a file:cuda/in.f32 -a zeros:%d -a s32:128" % (6 * 128 * 4), "1")
case("control", P + "control.ptx -k control %s -a file:cuda/in.u32 -a zeros:%d -a s32:%d" % (grid(N, 128), 9 * N * 4, N),
     "1", ("", ".G"))
case("printf", P + "printf.ptx -k printf_formats -b 32 -a file:cuda/in.pd -a file:cuda/in.pl -a s32:32", "",
     ("", ".G"))
case("memory", P + "memory.ptx -k memory_ops -g 2 -b 128 -s 1024 -a file:cuda/in.u32 -a file:cuda/in.odd -a zeros:%d "
     "-a zeros:6144 -a s32:256 --symbol-in ctab:cuda/in.ctab" % (8 * 256 * 4), "2 3", ("", ".G", ".li"))
params = struct.pack("<fid3hb", 1.5, -3, 0.25, 7, -8, 9, 65) + bytes(1)
case("by_value", P + "memory.ptx -k by_value -b 64 -a bytes:%s -a file:cuda/in.r32 -a zeros:%d -a s32:64"
     % (params.hex(), 64 * 3 * 8), "2", ("", ".G"))
case("block_votes", P + "warp.ptx -k block_votes -g 2 -b 256 -a file:cuda/in.u32 -a zeros:%d -a s32:512" % (4 * 512 * 4),
     "1", ("", ".G"))
case("shfl_inactive", P + "warp.ptx -k shfl_inactive -g 2 -b 128 -a file:cuda/in.u32 -a zeros:4096 -a s32:256", "1",
     ("", ".G"))
case("complex", P + "libcxx.ptx -k complex_ops %s -a file:cuda/in.f32 -a zeros:%d -a s32:%d" % (grid(N, 128), 21 * N * 4, N), "1")
case("atomic_ref", P + "libcxx.ptx -k atomic_ref_ops -g 4 -b 128 -a file:cuda/in.u32 -a zeros:64 -a zeros:%d -a s32:512"
     % (7 * 512 * 4), "1 2")
case("bitfields", P + "libcxx.ptx -k bitfields -g 2 -b 128 -a file:cuda/in.odd -a zeros:2048 -a zeros:2048 -a s32:256", "1 2")
case("malloc", P + "libcxx.ptx -k malloc_ops -g 2 -b 128 -a file:cuda/in.u32 -a zeros:1024 -a s32:256", "1")
case("cub_more", P + "cub_more.ptx -k cub_more -g 2 -b 128 -a file:cuda/in.i32 -a zeros:%d -a s32:1000" % (2 * 2368 * 4), "1")
case("narrow", P + "narrow.ptx -k narrow %s -a file:cuda/in.u32 -a file:cuda/in.u32 -a zeros:%d -a zeros:%d -a zeros:%d "
     "-a s32:%d" % (grid(N, 128), N, 2 * N, 19 * N * 4, N), "2 3 4", ("", ".G"))
AX = P + "narrow.ptx -k _Z6axpy_t"
case("axpy_f32", AX + "IfLi3EEvT_PKS0_PS0_i -g 2 -b 256 -a f32:2.5 -a file:cuda/in.f32 -a file:cuda/in.r32 -a s32:512", "2",
     ("", ".G"))
case("axpy_f64", AX + "IdLi2EEvT_PKS0_PS0_i -g 4 -b 128 -a f64:-0.75 -a file:cuda/in.f64 -a file:cuda/in.f64 -a s32:512", "2")
case("axpy_f16", AX + "I6__halfLi4EEvT_PKS1_PS1_i -g 2 -b 256 -a f16:1.5 -a file:cuda/in.h16 -a file:cuda/in.h16 "
     "-a s32:512", "2", ("", ".G"))
case("axpy_s32", AX + "IiLi5EEvT_PKS0_PS0_i -g 4 -b 256 -a s32:-3 -a file:cuda/in.u32 -a file:cuda/in.u32 -a s32:1024", "2")
case("int_more", P + "int_more.ptx -k int_more %s -a file:cuda/in.u64 -a zeros:%d -a s32:%d" % (grid(N, 128), 27 * N * 8, N), "1")
case("contract", P + "contract.ptx -k contract %s -a file:cuda/in.f32 -a zeros:%d -a s32:%d" % (grid(N, 128), 32 * N * 4, N),
     "1", ("", ".G"))
case("contract_cfg", P + "contract_cfg.ptx -g 2 -b 256 -a file:cuda/in.f32 -a zeros:%d -a s32:%d" % (16 * (N - 2) * 4, N - 2),
     "1")
case("sregs3d", P + "sregs.ptx -k sregs3d -g 3,2,2 -b 8,4,4 -s 512 -a file:cuda/in.r32 -a zeros:%d -a zeros:%d "
     "-a s32:20 -a s32:7 -a s32:6" % (6 * 1536 * 4, 20 * 7 * 6 * 4), "1 2", ("", ".G"))
case("printf_more", P + "sregs.ptx -k printf_more -b 32 -a file:cuda/in.i32 -a s32:32", "", ("", ".G"))
case("alloca", P + "alloca.ptx -k alloca_ops %s -a file:cuda/in.u32 -a zeros:%d -a s32:%d" % (grid(N, 128), 3 * N * 4, N),
     "1", ("", ".G"))
case("stack_sr", P + "stack_sr.ptx -g 2 -b 128 -a file:cuda/in.u32 -a zeros:%d -a s32:256" % (256 * 4), "1")
case("atomics_vec", P + "atomics_vec.ptx -k atomics_vec -g 4 -b 128 -a file:cuda/in.u32 -a zeros:192 -a zeros:%d "
     "-a s32:512" % (2 * 512 * 4), "1 2", ("", ".G"))
case("named_barriers", P + "barriers.ptx -k named_barriers -g 2 -b 128 -a file:cuda/in.u32 -a zeros:%d -a s32:256"
     % (3 * 256 * 4), "1", ("", ".G"))
for k in ("bar_arms", "bar_after_if", "bar_loop", "bar_return"):
    case(k, P + "divbar.ptx -k %s -g 2 -b 128 -a file:cuda/in.u32 -a zeros:1024 -a s32:256" % k, "1", ("", ".G"))
case("llvm_mix", P + "llvm_mix.ptx -k llvm_mix %s -a file:cuda/in.u32 -a zeros:%d -a s32:%d" % (grid(N, 128), 16 * N * 4, N), "1")
case("llvm_reduce", P + "llvm_mix.ptx -k llvm_reduce -g 4 -b 256 -a file:cuda/in.r32 -a zeros:16 -a s32:1000", "1")
faults = {}
for v in ("", "_G"):
    o = P + "printf%s.ptx -k assert_fails -b 8 -a file:cuda/in.assert -a s32:8" % v.replace("_", ".")
    cases["cu_assert" + v] = (o, "")
    faults["cu_assert" + v] = "Assertion `a[i] != 3` failed"

for name, (opts, outs) in cases.items():
    with open("../" + name + ".case", "w") as f:
        f.write(opts + "\nouts: " + outs + "\n")
        if name in faults:
            f.write("exit: 4\nreport: " + faults[name] + "\n")

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

for name, (opts, outs) in cases.items():
    with open(name + ".case", "w") as f:
        f.write(opts + "\nouts: " + outs + "\n")

#!/usr/bin/env python3
# cub_dev.py -- writes the inputs (dev.*) and the cases (../cu_dev_*.case)
# of cub_dev.cu (run once, by hand, after gen.sh; ../gen.sh records the
# H100's outputs).  Each case launches one kernel of a device-wide CUB
# algorithm the way its dispatch does: grid = the number of tiles (CUB
# never launches more: a CTA past the end would take its negative
# remainder, unsigned, for a full tile), the tile states as the init kernel
# leaves them (32 padding words "out of bounds", then one "invalid" word a
# tile), empty operator structs as one byte.
import os, random, re, struct
os.chdir(os.path.dirname(os.path.abspath(__file__)))
R = random.Random(20261122)
PTX = "cub_dev.ptx"
names = re.findall(r"\.entry (\S+)\(", open(PTX).read())

def kern(*parts):
    hit = [n for n in names if all(p in n for p in parts)]
    assert len(hit) == 1, (parts, hit)
    return hit[0]

def w(name, fmt, vals):
    open(name, "wb").write(struct.pack("<%d%s" % (len(vals), fmt), *vals))

def case(name, opts, outs, vary=False):
    with open("../cu_dev_%s.case" % name, "w") as f:
        f.write("cuda/%s %s\nouts: %s\n" % (PTX, opts, outs))
        if vary:
            f.write("counts: vary\n")

def tiles8(n):  # ScanTileState<int>: {u32 status, int value}
    w("dev.ts%d" % n, "I", [0, 0] * 32 + [99, 0] * n)
    return "file:cuda/dev.ts%d" % n

def tiles16(n):  # ReduceByKeyScanTileState<int, int>: {key, value, u64 status}
    w("dev.kts%d" % n, "Q", [0, 0] * 32 + [0, 99] * n)
    return "file:cuda/dev.kts%d" % n

N = 20000
w("dev.i32", "i", [R.randint(-1000, 1000) for _ in range(N)])
w("dev.u32", "I", [R.getrandbits(R.choice([32, 32, 12, 5])) for _ in range(N)])
runs = []
while len(runs) < N:
    runs += [R.randint(0, 9)] * R.choice([1, 1, 2, 3, 7, 40])
w("dev.runs", "i", runs[:N])
w("dev.f64", "d", [R.choice([-1, 1]) * R.uniform(0.5, 2) * 10.0 ** R.randint(-8, 8) for _ in range(N)])
seg = [0, 5, 5, 300, 301, 1024, 3000, 3001, 4000]
w("dev.segb", "i", seg[:-1])
w("dev.sege", "i", seg[1:])

E = "bytes:00"
# DeviceScan::InclusiveSum: tiles of 128 x 24
n = 20000
case("scan_sum", "-k %s -g 7 -b 128 -a file:cuda/dev.i32 -a zeros:%d -a %s -a u32:0 -a %s -a %s -a u32:%d"
     % (kern("DeviceScanKernel", "policy_hubIiiij", "plusIvE"), 4 * n, tiles8(7), E, E, n), "1 2", True)
# DeviceScan::InclusiveSum of doubles (16-byte tile states: u64 status,
# value; the look-back's order of additions shows in the roundings):
# tiles of 224 x 12
def tiles16d(n):
    w("dev.dts%d" % n, "Q", [0, 0] * 32 + [99, 0] * n)
    return "file:cuda/dev.dts%d" % n
case("scan_dsum", "-k %s -g 8 -b 224 -a file:cuda/dev.f64 -a zeros:%d -a %s -a u32:0 -a %s -a %s -a u32:%d"
     % (kern("DeviceScanKernel", "policy_hubIddd"), 8 * n, tiles16d(8), E, E, n), "1 2", True)
# DeviceScan::ExclusiveScan with a max operator, init -7 (InputValue: is_future byte, value at 8)
# (tiles of 128 x 15)
case("scan_max", "-k %s -g 11 -b 128 -a file:cuda/dev.i32 -a zeros:%d -a %s -a u32:0 -a %s -a bytes:%s -a u32:%d"
     % (kern("DeviceScanKernel", "MaxOp"), 4 * n, tiles8(11), E, "00" * 8 + "f9ffffff00000000", n), "1", True)
# the init kernel itself: its tile states are the dev.ts files above
case("scan_init", "-k %s -g 1 -b 128 -a zeros:%d -a u32:7" % (kern("DeviceScanInitKernel", "ScanTileStateIiLb1"), 8 * 39), "0")
# DeviceReduce::Sum, the single-tile kernel (int offsets; the dispatch runs
# it over the partial sums of DeviceReduceKernel, here over all items)
case("reduce", "-k %s -g 1 -b 256 -a file:cuda/dev.i32 -a zeros:4 -a u32:%d -a %s -a s32:5 -a %s"
     % (kern("DeviceReduceSingleTileKernel", "plusIvE", "EPiSC_iS9_"), N, E, E), "1")
# DeviceRadixSort::SortKeys / SortPairs, the single-tile kernel (up to 256 x 19)
n = 1500
case("sort_keys", "-k %s -g 1 -b 256 -a file:cuda/dev.u32 -a zeros:%d -a u64:0 -a u64:0 -a u32:%d -a u32:0 -a u32:32 -a %s"
     % (kern("DeviceRadixSortSingleTileKernel", "NullType"), 4 * n, n, E), "1")
case("sort_pairs", "-k %s -g 1 -b 256 -a file:cuda/dev.u32 -a zeros:%d -a file:cuda/dev.i32 -a zeros:%d -a u32:%d -a u32:3 -a u32:29 -a %s"
     % (kern("DeviceRadixSortSingleTileKernel", "policy_hubIjijE"), 4 * n, 4 * n, n, E), "1 3")
# DeviceSegmentedReduce::Sum over 8 segments (two empty), init 0
case("segreduce", "-k %s -g 8 -b 256 -a file:cuda/dev.i32 -a zeros:32 -a file:cuda/dev.segb -a file:cuda/dev.sege -a %s -a s32:0"
     % (kern("DeviceSegmentedReduceKernel"), E), "1")
# DeviceSelect::If (odd items), Unique, DevicePartition::If: tiles of 384 x
# 17, 384 x 17, 256 x 14; the streaming context of If and Unique: first and
# last partition, total items, no items before
n = N
ctx = struct.pack("<BBxxxxxxqqqq", 1, 1, n, 0, 0, 0).hex()
case("select_if", "-k %s -g 4 -b 384 -a file:cuda/dev.i32 -a u64:0 -a zeros:%d -a zeros:4 -a %s -a %s -a %s -a u32:%d -a u32:4 -a bytes:%s -a u64:0"
     % (kern("SelectImplE0", "IsOdd"), 4 * n, tiles8(4), E, E, n, ctx), "2 3", True)
case("unique", "-k %s -g 4 -b 384 -a file:cuda/dev.runs -a u64:0 -a zeros:%d -a zeros:4 -a %s -a %s -a %s -a u32:%d -a u32:4 -a bytes:%s -a u64:0"
     % (kern("SelectImplE0", "equal_to"), 4 * n, tiles8(4), E, E, n, ctx), "2 3", True)
case("partition", "-k %s -g 6 -b 256 -a file:cuda/dev.i32 -a u64:0 -a zeros:%d -a zeros:4 -a %s -a %s -a %s -a u32:%d -a u32:6 -a %s -a u64:0"
     % (kern("SelectImplE2"), 4 * n, tiles8(6), E, E, n, E), "2 3", True)
# DeviceRunLengthEncode::Encode: reduce-by-key of a constant 1 (a
# constant_iterator: offset, value), tiles of 192 x 14
case("rle", "-k %s -g 8 -b 192 -a file:cuda/dev.runs -a zeros:%d -a bytes:0000000001000000 -a zeros:%d -a zeros:4 -a %s -a u32:0 -a %s -a %s -a u32:%d"
     % (kern("DeviceReduceByKeyKernel", "rle"), 4 * n, 4 * n, tiles16(8), E, E, n), "1 3 4", True)
# DeviceReduce::ReduceByKey with a max operator: tiles of 128 x 6
case("reduce_by_key", "-k %s -g 27 -b 128 -a file:cuda/dev.runs -a zeros:%d -a file:cuda/dev.i32 -a zeros:%d -a zeros:4 -a %s -a u32:0 -a %s -a %s -a u32:%d"
     % (kern("DeviceReduceByKeyKernel", "MaxOp"), 4 * n, 4 * n, tiles16(27), E, E, n), "1 3 4", True)
# DeviceHistogram::HistogramEven, 17 levels over [0, 1000): the sweep
# kernel with the bins privatized in shared memory, merged into the output
# with global atomics; ScaleTransform {max, min, bins, range}; one row of
# n samples in 4 tiles of 384 x 16;
# the tile queue (unused by this policy) two zero counters
case("histogram", "-k %s -g 4 -b 384 -a file:cuda/dev.i32 -a s32:16 -a s32:16 -a zeros:64 -a u64:0 -a %s -a bytes:%s -a u32:%d -a u32:1 -a u32:%d -a u32:4 -a zeros:8"
     % (kern("DeviceHistogramSweepKernel", "Li256E"), E, struct.pack("<4i", 1000, 0, 16, 1000).hex(), n, n), "3")
# DeviceRadixSort's onesweep path (more than one tile): the histogram
# kernel (the digit counts of all four 8-bit passes, global atomics; any
# grid, the dispatch's is 12 CTAs an SM), the exclusive sum kernel (one CTA a pass) over those counts, then
# one onesweep pass: CTAs take tiles from a counter and chain their digit
# offsets through a look-back array (zeros, as the dispatch clears it);
# tiles of 384 x 20
u = list(struct.unpack("<%dI" % N, open("dev.u32", "rb").read()))
counts, starts = [], []
for p in range(4):
    c = [0] * 256
    for k in u:
        c[(k >> (8 * p)) & 255] += 1
    counts += c
    starts.append([sum(c[:d]) for d in range(256)])
w("dev.rcounts", "i", counts)
w("dev.rstart0", "i", starts[0])
w("dev.rstart1", "i", starts[1])
case("radix_hist", "-k %s -g 16 -b 128 -a zeros:4096 -a file:cuda/dev.u32 -a u32:%d -a u32:0 -a u32:32 -a %s"
     % (kern("DeviceRadixSortHistogramKernel", "NullType"), N, E), "0")
case("radix_exsum", "-k %s -g 4 -b 256 -a file:cuda/dev.rcounts" % kern("DeviceRadixSortExclusiveSumKernel", "NullType"), "0")
case("onesweep", "-k %s -g 3 -b 384 -a zeros:%d -a zeros:4 -a u64:0 -a file:cuda/dev.rstart0 -a zeros:%d -a file:cuda/dev.u32 -a u64:0 -a u64:0 -a u32:%d -a s32:0 -a s32:8 -a %s"
     % (kern("DeviceRadixSortOnesweepKernel", "NullType"), 4 * 256 * 3, 4 * N, N, E), "4", True)
case("onesweep_pairs", "-k %s -g 3 -b 384 -a zeros:%d -a zeros:4 -a u64:0 -a file:cuda/dev.rstart1 -a zeros:%d -a file:cuda/dev.u32 -a zeros:%d -a file:cuda/dev.i32 -a u32:%d -a s32:8 -a s32:8 -a %s"
     % (kern("DeviceRadixSortOnesweepKernel", "policy_hubIjijE"), 4 * 256 * 3, 4 * N, 4 * N, N, E), "4 6", True)
# the decoupled look-back scan of cub_dev.cu: 79 tiles of 256
case("lb_scan", "-k lb_scan -g 79 -b 256 -a file:cuda/dev.i32 -a zeros:%d -a zeros:%d -a zeros:4 -a u32:%d"
     % (4 * n, 8 * 79, n), "1 2", True)
# cooperative: four grid barriers, 24 CTAs of 160 threads
case("grid_rounds", "--cooperative -k grid_rounds -g 24 -b 160 -a file:cuda/dev.i32 -a zeros:%d -a u32:%d"
     % (4 * 5 * 24 * 160, n), "1", True)

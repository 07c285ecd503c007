#!/usr/bin/env python3
# small deterministic inputs for the Rodinia CUDA benchmarks
import os, random, struct, sys
D = sys.argv[1]
R = random.Random(12345)
def w(path, text):
    p = os.path.join(D, path); os.makedirs(os.path.dirname(p), exist_ok=True)
    mode = 'wb' if isinstance(text, bytes) else 'w'
    with open(p, mode) as f: f.write(text)
# bfs: 4096 nodes, ~4 edges each
n = 4096; edges = []; lines = [str(n)]
for i in range(n):
    k = R.randint(1, 6); lines.append("%d %d" % (len(edges), k))
    for _ in range(k): edges.append(R.randrange(n))
lines.append("0"); lines.append(str(len(edges)))
lines += ["%d %d" % (e, R.randint(1, 10)) for e in edges]
w("bfs/graph4096.txt", "\n".join(lines) + "\n")
# hotspot 64x64
for g in (64,):
    w("hotspot/temp_%d" % g, "".join("%.6f\n" % (320 + R.random() * 20) for _ in range(g * g)))
    w("hotspot/power_%d" % g, "".join("%.6f\n" % (R.random() * 0.01) for _ in range(g * g)))
# hotspot3D 64x64x4
w("hotspot3D/temp_64x4", "".join("%.6f\n" % (320 + R.random() * 20) for _ in range(64 * 64 * 4)))
w("hotspot3D/power_64x4", "".join("%.6f\n" % (R.random() * 0.01) for _ in range(64 * 64 * 4)))
# b+tree: 10000 keys, commands
keys = R.sample(range(1, 1000000), 10000)
w("b+tree/mil.txt", "%d\n" % len(keys) + "".join("%d\n" % k for k in keys))
w("b+tree/command.txt", "j 1000 100\nk 1000\n")
# kmeans: 2048 points, 34 features
w("kmeans/small", "".join("%d %s\n" % (i + 1, " ".join("%.4f" % (R.random() * 10) for _ in range(34))) for i in range(2048)))
# cfd: 1536 elements on a ring of neighbours
nel = 1536; cl = [str(nel)]
for i in range(nel):
    parts = ["%.6f" % (0.001 + R.random() * 0.001)]
    for j in range(4):
        nb = (i + (1, -1, 7, -7)[j]) % nel + 1
        if R.random() < 0.02: nb = -1 if j < 2 else -2
        parts.append(str(nb)); parts += ["%.6f" % (R.random() * 0.02 - 0.01) for _ in range(3)]
    cl.append(" ".join(parts))
w("cfd/small.domn", "\n".join(cl) + "\n")
# srad_v1: 128x128 P2 pgm (the program asks for rows/cols on the command line)
pg = ["P2", "128 128", "255"] + [" ".join(str((x * y + R.randrange(32)) % 256) for x in range(128)) for y in range(128)]
w("srad/image.pgm", "\n".join(pg) + "\n")
# huffman: 64 KiB of skewed bytes
w("huffman/small.in", bytes(min(255, int(R.expovariate(0.05))) for _ in range(65536)))
# mummergpu: reference and 200 queries of 50bp taken from it (some mutated)
ref = "".join(R.choice("ACGT") for _ in range(20000))
w("mummergpu/ref.fna", ">ref\n" + "\n".join(ref[i:i + 70] for i in range(0, len(ref), 70)) + "\n")
q = []
for i in range(200):
    s = R.randrange(len(ref) - 50); t = list(ref[s:s + 50])
    if i % 3 == 0: t[R.randrange(50)] = R.choice("ACGT")
    q.append(">q%d\n%s" % (i, "".join(t)))
w("mummergpu/query.fna", "\n".join(q) + "\n")
# dwt2d: 24-bit bmps, 192x192 (the size Rodinia runs) and 64x64
for W in (192, 64):
    H = W; row = (W * 3 + 3) & ~3; px = bytearray()
    for y in range(H):
        for x in range(W): px += bytes(((x * 4 + y) & 255, (y * 4) & 255, (x ^ y) & 255))
        px += b"\0" * (row - W * 3)
    hdr = b"BM" + struct.pack("<IHHI", 54 + len(px), 0, 0, 54) + struct.pack("<IiiHHIIiiII", 40, W, H, 1, 24, 0, len(px), 2835, 2835, 0, 0)
    w("dwt2d/%d.bmp" % W, hdr + bytes(px))
# nn: 4 files of hurricane records in hurricane_gen's format
names = ["ALBERTO", "BERYL", "CHRIS", "DEBBY", "ERNESTO", "FLORENCE", "GORDON"]
for j in range(4):
    t = ""
    for i in range(2000):
        t += "%4d %2d %2d %2d %2d %-9s %5.1f %5.1f %4d %4d\n" % (1950 + R.randrange(55), 1 + R.randrange(12), 1 + R.randrange(28), R.choice((0, 6, 12, 18)), 1 + R.randrange(28), R.choice(names), 7 + R.randrange(63) + R.random(), R.randrange(358) + R.random(), 10 + R.randrange(155), R.randrange(900))
    w("nn/cane4_%d.db" % j, t)
# hybridsort: 65536 floats in [0, 1)
w("hybridsort/small.txt", " ".join("%f" % R.random() for _ in range(65536)) + "\n")

#!/usr/bin/env python3
"""Compile a set of Numba CUDA kernels to PTX.

Usage: python3 gen_numba.py OUTDIR [CC]   (CC like 90; default 90)
Writes OUTDIR/numba.<name>.ptx for each kernel. Failures are reported and
skipped.
"""
import math
import os
import sys
import traceback

import numpy as np

# numba-cuda still refers to numpy aliases that newer numpy releases removed
for _old, _new in (("row_stack", "vstack"), ("trapz", "trapezoid"),
                   ("in1d", "isin")):
    if not hasattr(np, _old) and hasattr(np, _new):
        setattr(np, _old, getattr(np, _new))

from numba import cuda, float32, float64, int32, int64, uint32, complex64, void
from numba import types

OUT = sys.argv[1] if len(sys.argv) > 1 else "."
CC = int(sys.argv[2]) if len(sys.argv) > 2 else 90
cc = (CC // 10, CC % 10)

TILE = 16


def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]


def block_reduce(x, out):
    buf = cuda.shared.array(256, dtype=float32)
    tid = cuda.threadIdx.x
    i = cuda.blockIdx.x * cuda.blockDim.x + tid
    acc = float32(0.0)
    stride = cuda.gridDim.x * cuda.blockDim.x
    while i < x.size:
        acc += x[i]
        i += stride
    buf[tid] = acc
    cuda.syncthreads()
    s = cuda.blockDim.x // 2
    while s > 0:
        if tid < s:
            buf[tid] += buf[tid + s]
        cuda.syncthreads()
        s //= 2
    if tid == 0:
        cuda.atomic.add(out, 0, buf[0])


def tiled_matmul(A, B, C):
    sA = cuda.shared.array((TILE, TILE), dtype=float32)
    sB = cuda.shared.array((TILE, TILE), dtype=float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    acc = float32(0.0)
    for t in range((A.shape[1] + TILE - 1) // TILE):
        k = t * TILE
        sA[ty, tx] = A[y, k + tx] if (y < A.shape[0] and k + tx < A.shape[1]) else 0.0
        sB[ty, tx] = B[k + ty, x] if (x < B.shape[1] and k + ty < B.shape[0]) else 0.0
        cuda.syncthreads()
        for j in range(TILE):
            acc += sA[ty, j] * sB[j, tx]
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = acc


def atomics(keys, hist, mx, mn, flag):
    i = cuda.grid(1)
    if i < keys.size:
        k = keys[i]
        cuda.atomic.add(hist, k & 63, 1)
        cuda.atomic.max(mx, 0, k)
        cuda.atomic.min(mn, 0, k)
        cuda.atomic.compare_and_swap(flag, 0, k)
        cuda.atomic.exch(flag, 1, int32(i))
        cuda.atomic.sub(hist, 64, 1)


@cuda.jit(device=True, inline=False)
def smooth_step(e0, e1, x):
    t = min(max((x - e0) / (e1 - e0), 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)


def math_kernel(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        r = math.exp(v) * math.sin(v) + math.log1p(abs(v)) + math.erf(v)
        r += math.atan2(v, 1.5) + math.pow(abs(v), 0.3) + math.tanh(v)
        r += math.sqrt(abs(v)) + math.floor(v) + math.copysign(1.0, v)
        r += smooth_step(-1.0, 1.0, v)
        out[i] = r


def int64_kernel(a, out):
    i = cuda.grid(1)
    if i < a.size:
        h = a[i] * int64(0x9E3779B97F4A7C15 - (1 << 64))
        h ^= h >> 31
        h = h * 7 // 3 + h % 11
        c = cuda.popc(h) + cuda.clz(h) + cuda.ffs(h) + cuda.brev(int64(h)) % 5
        out[i] = h + c


def warp_kernel(x, out):
    i = cuda.grid(1)
    lane = cuda.laneid
    v = x[i] if i < x.size else 0.0
    off = 16
    while off > 0:
        v += cuda.shfl_down_sync(0xFFFFFFFF, v, off)
        off //= 2
    b = cuda.ballot_sync(0xFFFFFFFF, v > 0)
    a = cuda.any_sync(0xFFFFFFFF, v > 1)
    w = cuda.shfl_sync(0xFFFFFFFF, v, 0) + cuda.shfl_xor_sync(0xFFFFFFFF, v, 1)
    if lane == 0 and i < x.size:
        out[i // 32] = v + b + a + w


def complex_kernel(z, out):
    i = cuda.grid(1)
    if i < z.size:
        c = z[i]
        acc = complex64(0)
        for _ in range(8):
            acc = acc * acc + c
        out[i] = abs(acc)


def fp16_kernel(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = cuda.fp16.hfma(a[i], b[i], a[i]) + cuda.fp16.hmax(a[i], b[i])


def local_array_kernel(x, out):
    i = cuda.grid(1)
    tmp = cuda.local.array(16, dtype=float64)
    for j in range(16):
        tmp[j] = x[(i + j) % x.size] if x.size > 0 else 0.0
    # insertion sort of the local window
    for j in range(1, 16):
        k = tmp[j]
        m = j - 1
        while m >= 0 and tmp[m] > k:
            tmp[m + 1] = tmp[m]
            m -= 1
        tmp[m + 1] = k
    if i < out.size:
        out[i] = tmp[8]


JOBS = [
    ("saxpy", saxpy, void(float32, float32[:], float32[:], float32[:]), {}),
    ("block_reduce", block_reduce, void(float32[:], float32[:]), {}),
    ("tiled_matmul", tiled_matmul, void(float32[:, :], float32[:, :], float32[:, :]), {}),
    ("atomics", atomics, void(int32[:], int32[:], int32[:], int32[:], int32[:]), {}),
    ("math", math_kernel, void(float64[:], float64[:]), {}),
    ("math_fast", math_kernel, void(float32[:], float32[:]), {"fastmath": True}),
    ("int64", int64_kernel, void(int64[:], int64[:]), {}),
    ("warp", warp_kernel, void(float32[:], float32[:]), {}),
    ("complex", complex_kernel, void(complex64[:], float32[:]), {}),
    ("fp16", fp16_kernel, void(types.float16[:], types.float16[:], types.float16[:]), {}),
    ("local_array", local_array_kernel, void(float64[:], float64[:]), {}),
    ("tiled_matmul_lineinfo", tiled_matmul, void(float32[:, :], float32[:, :], float32[:, :]), {"lineinfo": True}),
    ("block_reduce_debug", block_reduce, void(float32[:], float32[:]), {"debug": True, "opt": False}),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    ok = 0
    for name, fn, sig, kw in JOBS:
        try:
            ptx, _ = cuda.compile_ptx(fn, sig, cc=cc, **kw)
            with open(os.path.join(OUT, "numba.%s.sm_%d.ptx" % (name, CC)), "w") as f:
                f.write(ptx)
            ok += 1
            print("ok", name)
        except Exception:
            print("FAIL", name)
            traceback.print_exc()
    import numba
    print("numba %s: %d/%d kernels" % (numba.__version__, ok, len(JOBS)))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""client_numba.py -- numba-cuda on libptxcuda: @cuda.jit kernels compiled by
the CUDA toolkit's NVVM to PTX, linked by libptxcuda's libnvJitLink (which
clients.test puts first on the library path, as ptxkit-env does), loaded
with cuLibraryLoadData through cuda.core, launched with cuLaunchKernel;
each result is compared with numpy.

usage: client_numba.py     exit 0 all passed, 1 a failure, 77 no numba-cuda
"""
import math
import sys
import warnings

from tally import check, done, skip

try:
    import numpy as np
except ImportError as e:
    skip("numba-cuda", e)

try:
    from numba import cuda, float32
    cuda.compile_ptx(lambda a: None, "void(float32[:])")   # NVVM is there
except Exception as e:
    skip("numba-cuda", e)
warnings.simplefilter("ignore")   # occupancy and host-copy hints

rng = np.random.default_rng(1)


@cuda.jit(device=True)
def poly(x):
    return 3.0 * x * x - 2.0 * x + 1.0


@cuda.jit
def elementwise(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = poly(a[i]) + b[i]


@cuda.jit
def block_sum(a, partial):
    buf = cuda.shared.array(128, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    buf[t] = a[i] if i < a.size else 0.0
    cuda.syncthreads()
    s = 64
    while s > 0:
        if t < s:
            buf[t] += buf[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        partial[cuda.blockIdx.x] = buf[0]


@cuda.jit
def histogram(x, bins):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.add(bins, x[i] % bins.size, 1)


@cuda.jit
def transcendental(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.sin(x[i]) * math.exp(-x[i]) + math.sqrt(abs(x[i])) + math.atan2(x[i], 1.5)


@cuda.jit
def warp_sum(out):
    v = cuda.threadIdx.x
    for off in (16, 8, 4, 2, 1):
        v += cuda.shfl_down_sync(0xffffffff, v, off)
    if cuda.threadIdx.x == 0:
        out[0] = v


@cuda.jit
def matmul(a, b, c):
    i, j = cuda.grid(2)
    if i < c.shape[0] and j < c.shape[1]:
        acc = 0.0
        for k in range(a.shape[1]):
            acc += a[i, k] * b[k, j]
        c[i, j] = acc


n = 1000
a = rng.standard_normal(n).astype(np.float32)
b = rng.standard_normal(n).astype(np.float32)
out = np.zeros(n, np.float32)
elementwise[(n + 127) // 128, 128](a, b, out)
check("elementwise with a device function", np.allclose(out, 3 * a * a - 2 * a + 1 + b, 1e-5, 1e-5))

partial = cuda.device_array((n + 127) // 128, np.float32)
block_sum[(n + 127) // 128, 128](cuda.to_device(a), partial)
check("shared-memory reduction", np.allclose(partial.copy_to_host().sum(), a.sum(), 1e-4, 1e-4))

x = rng.integers(0, 1 << 20, 5000).astype(np.int32)
bins = cuda.to_device(np.zeros(16, np.int32))
histogram[(x.size + 255) // 256, 256](cuda.to_device(x), bins)
check("atomics", (bins.copy_to_host() == np.bincount(x % 16, minlength=16)).all())

A = rng.standard_normal((20, 30)).astype(np.float32)
B = rng.standard_normal((30, 10)).astype(np.float32)
C = cuda.device_array((20, 10), np.float32)
matmul[(3, 2), (8, 8)](A, B, C)
check("2-D grid matmul", np.allclose(C.copy_to_host(), A @ B, 1e-4, 1e-4))

xs = np.linspace(-3, 3, 257)
ys = np.zeros_like(xs)
transcendental[3, 128](xs, ys)
check("float64 libdevice math", np.allclose(ys, np.sin(xs) * np.exp(-xs) + np.sqrt(np.abs(xs)) +
                                            np.arctan2(xs, 1.5), 1e-12, 1e-12))

w = np.zeros(1, np.int32)
warp_sum[1, 32](w)
check("warp shuffle", w[0] == sum(range(32)))

s = cuda.stream()
d = cuda.to_device(a, stream=s)
s.synchronize()
check("stream copy", (d.copy_to_host() == a).all())

done()

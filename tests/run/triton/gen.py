#!/usr/bin/env python3
"""gen.py RUNDIR -- compiles the Triton kernels below for the local GPU (sm_90)
and writes what tests/run needs to run them on the interpreter:

  RUNDIR/triton/NAME.ptx        the PTX Triton compiled
  RUNDIR/triton/in.NAME.K       the bytes of argument K (an input buffer)
  RUNDIR/tt_NAME.case           the ptx-run options and the compared outputs
  RUNDIR/triton/torch/tt_NAME.want.K   the output buffers of Triton's own
                                launch, to check the case (../gen.sh records
                                the references with ptx-run --backend cuda)

Each kernel is launched once from PyTorch (which compiles it); the case gets
the same grid, num_warps * 32 threads, the dynamic shared memory of the
compiled kernel, and its arguments in the order of the kernel's parameters:
the tensors and scalars Triton kept (integers equal to 1 and constexprs are
specialized away), then Triton's global and profile scratch pointers.
A failing kernel is reported and skipped.  device.sh runs it on the GPU
machine (one call: PTX, inputs and the H100's outputs).
"""
import os
import re
import sys
import time
import traceback
import zlib

import torch
import triton
import triton.language as tl

try:
    from triton.language.extra import libdevice
except ImportError:  # older layout
    from triton.language.extra.cuda import libdevice

RUN = sys.argv[1] if len(sys.argv) > 1 else "."
ONLY = sys.argv[2:]
DEV = "cuda"
TD = os.path.join(RUN, "triton")
os.makedirs(os.path.join(TD, "torch"), exist_ok=True)


def _alloc(size, align, stream):
    return torch.zeros(size, dtype=torch.int8, device=DEV)


triton.set_allocator(_alloc)

# ----------------------------------------------------------------------------
# inputs: special values first, then random ones of many magnitudes

F32_SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 3.0, -3.0, 10.0, -10.0, 100.0, 1e-38, 1e-40, -1e-45,
               3.4028235e38, -3.4028235e38, float("inf"), float("-inf"), float("nan"), 3.14159265, -1.5707963,
               88.72, 89.0, -87.33, -104.0, 0.99999994, 1.0000001, 1e-7, 126.5, 0.1, 1 / 3, 16777216.0,
               2.5, -2.5, 1.5, 0.75, 65504.0, 65520.0, 1e5, 1e-5, 448.0, 464.0, 57344.0, 61440.0, 1e-3,
               -7.0, 1e30, 0.70710677, 128.0, -150.0, 39.0, -40.0, 12.0, 0.3, -0.7, 2 ** -7, 2 ** -10,
               2 ** -16, 2 ** -20, 2147483648.0, -2147483904.0, 9.2233720e18, 255.5, -128.5, 127.5]


def gen(name):
    return torch.Generator().manual_seed(zlib.crc32(name.encode()))


def f32(name, n, scale=1.0, special=True):
    g = gen(name)
    k = torch.randint(0, 4, (n,), generator=g)
    x = torch.randn(n, generator=g) * scale
    x = torch.where(k == 1, torch.randn(n, generator=g) * 30, x)
    x = torch.where(k == 2, torch.exp2(torch.rand(n, generator=g) * 120 - 60) *
                    torch.sign(torch.randn(n, generator=g)), x)
    x = torch.where(k == 3, torch.round(torch.randn(n, generator=g) * 200) / 4, x)
    if special:
        s = torch.tensor(F32_SPECIAL[:n], dtype=torch.float32)
        x[:len(s)] = s
    return x


def rnd(name, *shape, dtype=torch.float32, scale=1.0):
    g = gen(name)
    return (torch.randn(*shape, generator=g) * scale).to(dtype)


def ints(name, lo, hi, *shape, dtype=torch.int32):
    return torch.randint(lo, hi, shape, generator=gen(name), dtype=torch.int64).to(dtype)


class Out:
    """A buffer the case compares (initial contents: those given)."""
    def __init__(self, t):
        self.t = t


class Scalar:
    def __init__(self, v):
        self.v = v


# ----------------------------------------------------------------------------
# kernels

@triton.jit
def cvt_kernel(x_ptr, y_ptr, z_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, x.to(y_ptr.dtype.element_ty), mask=m)
    tl.store(z_ptr + offs, x * x + x - x * 3, mask=m)


@triton.jit
def cvt_only_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, x.to(y_ptr.dtype.element_ty), mask=m)


@triton.jit
def math_kernel(x_ptr, y_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    y = tl.load(y_ptr + offs, mask=m, other=1.0)
    if OP == 0:
        r0 = tl.exp(x)
        r1 = tl.log(x)
        r2 = tl.sqrt(x)
        r3 = tl.rsqrt(x)
    elif OP == 1:
        r0 = tl.sin(x)
        r1 = tl.cos(x)
        r2 = tl.erf(x)
        r3 = libdevice.tanh(x)
    elif OP == 2:
        r0 = libdevice.pow(x, y)
        r1 = tl.floor(x) + tl.ceil(y)
        r2 = libdevice.round(x)
        r3 = libdevice.rint(y)
    elif OP == 3:
        r0 = tl.exp2(x)
        r1 = tl.log2(x)
        r2 = tl.sqrt_rn(x)
        r3 = tl.fdiv(x, y) + tl.div_rn(y, x)
    elif OP == 4:
        r0 = libdevice.fast_expf(x)
        r1 = libdevice.fast_logf(x)
        r2 = libdevice.fast_sinf(x) + libdevice.fast_cosf(y)
        r3 = libdevice.fast_tanf(x)
    elif OP == 5:
        r0 = libdevice.exp(x)
        r1 = libdevice.log1p(x) + libdevice.expm1(y)
        r2 = libdevice.atan2(x, y)
        r3 = libdevice.asin(x) + libdevice.acos(y) + libdevice.atan(x)
    elif OP == 6:
        r0 = libdevice.sinh(x) + libdevice.cosh(y)
        r1 = libdevice.cbrt(x)
        r2 = libdevice.lgamma(x)
        r3 = libdevice.erfinv(y) + libdevice.tan(x)
    else:
        r0 = tl.sigmoid(x)
        r1 = tl.maximum(x, y) - tl.minimum(x, y) + tl.clamp(x, -2.0, 2.0)
        r2 = tl.abs(x) % 3.0 + tl.floor(x / 2.0)
        r3 = tl.fma(x, y, 1.0) + tl.math.div_rn(x, 3.0)
    tl.store(out_ptr + offs, r0, mask=m)
    tl.store(out_ptr + n + offs, r1, mask=m)
    tl.store(out_ptr + 2 * n + offs, r2, mask=m)
    tl.store(out_ptr + 3 * n + offs, r3, mask=m)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * stride + cols, mask=mask, other=-float("inf")).to(tl.float32)
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    den = tl.sum(num, axis=0)
    tl.store(out_ptr + row * stride + cols, (num / den).to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def rmsnorm_kernel(x_ptr, w_ptr, y_ptr, r_ptr, stride, n, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, n, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + row * stride + cols, mask=cols < n, other=0.0).to(tl.float32)
        acc += v * v
    rstd = tl.rsqrt(tl.sum(acc, axis=0) / n + eps)
    tl.store(r_ptr + row, rstd)
    for off in range(0, n, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        m = cols < n
        v = tl.load(x_ptr + row * stride + cols, mask=m, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + cols, mask=m, other=0.0).to(tl.float32)
        tl.store(y_ptr + row * stride + cols, (v * rstd * w).to(y_ptr.dtype.element_ty), mask=m)


@triton.jit
def layernorm_kernel(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr, n, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n
    x = tl.load(x_ptr + row * n + cols, mask=m, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n
    d = tl.where(m, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / n
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=m)
    b = tl.load(b_ptr + cols, mask=m)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    tl.store(y_ptr + row * n + cols, (d * rstd * w + b).to(y_ptr.dtype.element_ty), mask=m)


@triton.jit
def reduce2d_kernel(x_ptr, out_ptr, idx_ptr, M, N, AXIS: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
                    L: tl.constexpr):
    pid = tl.program_id(0)
    rm = pid * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    m = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=m, other=0.0)
    s = tl.sum(x, axis=AXIS)
    mx = tl.max(tl.where(m, x, -float("inf")), axis=AXIS)
    mn = tl.min(tl.where(m, x, float("inf")), axis=AXIS)
    am = tl.argmax(tl.where(m, x, -float("inf")), axis=AXIS)
    an = tl.argmin(tl.where(m, x, float("inf")), axis=AXIS)
    o = tl.arange(0, L)
    base = pid * 3 * L
    tl.store(out_ptr + base + o, s)
    tl.store(out_ptr + base + L + o, mx)
    tl.store(out_ptr + base + 2 * L + o, mn)
    tl.store(idx_ptr + pid * 2 * L + o, am)
    tl.store(idx_ptr + pid * 2 * L + L + o, an)


@triton.jit
def _or(a, b):
    return a | b


@triton.jit
def _max(a, b):
    return tl.maximum(a, b)


@triton.jit
def reduce_int_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0)
    tl.store(out_ptr + pid * 6, tl.sum(x, axis=0))
    tl.store(out_ptr + pid * 6 + 1, tl.max(tl.where(m, x, -1000000), axis=0))
    tl.store(out_ptr + pid * 6 + 2, tl.min(tl.where(m, x, 1000000), axis=0))
    tl.store(out_ptr + pid * 6 + 3, tl.xor_sum(x, axis=0))
    tl.store(out_ptr + pid * 6 + 4, tl.argmax(tl.where(m, x, -1000000), axis=0).to(x.dtype))
    tl.store(out_ptr + pid * 6 + 5, tl.reduce(x, 0, _or))


@triton.jit
def _combine_affine(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2


@triton.jit
def scan_kernel(x_ptr, a_ptr, out_ptr, out2_ptr, out3_ptr, n, BLOCK: tl.constexpr, REV: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + row * n + offs, mask=m, other=0.0)
    a = tl.load(a_ptr + row * n + offs, mask=m, other=1.0)
    tl.store(out_ptr + row * n + offs, tl.cumsum(x, axis=0, reverse=REV), mask=m)
    _, h = tl.associative_scan((a, x), 0, _combine_affine, reverse=REV)
    tl.store(out2_ptr + row * n + offs, h, mask=m)
    xi = x.to(tl.int32)
    tl.store(out3_ptr + row * n + offs, tl.cumprod(xi | 1, axis=0) + tl.cumsum(xi, axis=0), mask=m)


@triton.jit
def scan2d_kernel(x_ptr, out_ptr, M, N: tl.constexpr, BM: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=rm[:, None] < M, other=0.0)
    r = tl.cumsum(x, axis=1) * tl.associative_scan(x, 0, _max)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], r, mask=rm[:, None] < M)


@triton.jit
def sort_kernel(x_ptr, out_ptr, idx_ptr, N: tl.constexpr, K: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + row * N + offs)
    s = tl.sort(x)
    tl.store(out_ptr + row * N + offs, s)
    d = tl.sort(x, descending=True)
    tl.store(idx_ptr + row * N + offs, d)


@triton.jit
def topk_kernel(x_ptr, out_ptr, N: tl.constexpr, K: tl.constexpr):
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * N + tl.arange(0, N))
    t = tl.topk(x, K)
    tl.store(out_ptr + row * K + tl.arange(0, K), t)


@triton.jit
def atomic_kernel(x_ptr, fsum_ptr, ints_ptr, h_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    xi = tl.load(x_ptr + offs, mask=m, other=0)
    # float atomics on integer values: the sum does not depend on the order
    tl.atomic_add(fsum_ptr + (xi & 7), xi.to(tl.float32), mask=m)
    tl.atomic_add(ints_ptr, tl.sum(xi, axis=0))
    tl.atomic_max(ints_ptr + 1, tl.max(xi, axis=0))
    z = offs * 0
    tl.atomic_min(ints_ptr + 2 + z, xi, mask=m)
    tl.atomic_and(ints_ptr + 3 + z, xi | 0x10000, mask=m)
    tl.atomic_or(ints_ptr + 4 + z, xi & 0xff0, mask=m)
    tl.atomic_xor(ints_ptr + 5 + z, xi, mask=m)
    tl.atomic_add(ints_ptr + 8 + (xi & 15), 1, mask=m, sem="relaxed")
    tl.atomic_max(ints_ptr + 24 + (xi & 3), xi, mask=m, sem="release", scope="gpu")
    # a CAS loop: every CTA increments slot 6 once
    old = tl.atomic_cas(ints_ptr + 6, 0, 0)
    while tl.atomic_cas(ints_ptr + 6, old, old + 1) != old:
        old = tl.atomic_cas(ints_ptr + 6, 0, 0)
    tl.atomic_add(h_ptr + (xi & 31), (xi & 3).to(tl.float16), mask=m)
    tl.atomic_max(fsum_ptr + 8 + (xi & 3), xi.to(tl.float32) * 0.5, mask=m)


@triton.jit
def where_gather_kernel(x_ptr, idx_ptr, y_ptr, out_ptr, n, m_src, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    idx = tl.load(idx_ptr + offs, mask=m, other=0)
    g = tl.load(x_ptr + idx, mask=m & (idx < m_src) & (idx >= 0), other=-3.0)
    y = tl.load(y_ptr + offs, mask=m & (offs % 3 != 0), other=7.5)
    r = tl.where(g > y, g - y, tl.where(y > 0, y * 2.0, g))
    r = tl.where(idx % 5 == 0, float("nan"), r)
    r = tl.minimum(r, 1e30)
    tl.store(out_ptr + offs, r, mask=m & (offs % 7 != 1))


@triton.jit
def gather_kernel(x_ptr, i_ptr, out_ptr, N: tl.constexpr, M: tl.constexpr):
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * N + tl.arange(0, N))
    i = tl.load(i_ptr + row * M + tl.arange(0, M))
    tl.store(out_ptr + row * M + tl.arange(0, M), tl.gather(x, i, 0))


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr,
                  PREC: tl.constexpr, ACT: tl.constexpr):
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    group = GROUP_M * num_n
    gid = pid // group
    first_m = gid * GROUP_M
    gsize = min(num_m - first_m, GROUP_M)
    pid_m = first_m + (pid % group) % gsize
    pid_n = (pid % group) // gsize
    rm = (pid_m * BM + tl.arange(0, BM)) % M
    rn = (pid_n * BN + tl.arange(0, BN)) % N
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * sam + rk[None, :] * sak
    b_ptrs = b_ptr + rk[:, None] * sbk + rn[None, :] * sbn
    if c_ptr.dtype.element_ty == tl.int32:
        acc = tl.zeros((BM, BN), dtype=tl.int32)
        for k in range(0, tl.cdiv(K, BK)):
            a = tl.load(a_ptrs, mask=rk[None, :] < K - k * BK, other=0)
            b = tl.load(b_ptrs, mask=rk[:, None] < K - k * BK, other=0)
            acc = tl.dot(a, b, acc, out_dtype=tl.int32)
            a_ptrs += BK * sak
            b_ptrs += BK * sbk
    else:
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            a = tl.load(a_ptrs, mask=rk[None, :] < K - k * BK, other=0.0)
            b = tl.load(b_ptrs, mask=rk[:, None] < K - k * BK, other=0.0)
            acc = tl.dot(a, b, acc, input_precision=PREC)
            a_ptrs += BK * sak
            b_ptrs += BK * sbk
    if ACT == 1:
        acc = acc * tl.sigmoid(acc)
    elif ACT == 2:
        acc = 0.5 * acc * (1.0 + libdevice.tanh(0.7978845608 * (acc + 0.044715 * acc * acc * acc)))
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    mask = (cm[:, None] < M) & (cn[None, :] < N)
    tl.store(c_ptr + cm[:, None] * scm + cn[None, :] * scn, acc.to(c_ptr.dtype.element_ty), mask=mask)


@triton.jit
def tma_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=2):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(c_ptr.dtype.element_ty))


@triton.jit
def attention_kernel(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, seqlen, stride_h, stride_s,
                     BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr, CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    head = tl.program_id(1)
    offs_m = start_m * BM + tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    offs_d = tl.arange(0, D)
    base = head * stride_h
    q = tl.load(q_ptr + base + offs_m[:, None] * stride_s + offs_d[None, :], mask=offs_m[:, None] < seqlen, other=0.0)
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], tl.float32)
    acc = tl.zeros([BM, D], tl.float32)
    qk_scale = sm_scale * 1.44269504
    hi = seqlen
    if CAUSAL:
        hi = tl.minimum((start_m + 1) * BM, seqlen)
    for start_n in range(0, hi, BN):
        cols = start_n + offs_n
        k = tl.load(k_ptr + base + cols[None, :] * stride_s + offs_d[:, None], mask=cols[None, :] < seqlen, other=0.0)
        qk = tl.dot(q, k) * qk_scale
        valid = cols[None, :] < seqlen
        if CAUSAL:
            valid = valid & (offs_m[:, None] >= cols[None, :])
        qk = tl.where(valid, qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(v_ptr + base + cols[:, None] * stride_s + offs_d[None, :], mask=cols[:, None] < seqlen, other=0.0)
        acc = tl.dot(p.to(v.dtype), v, acc)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * stride_s + offs_d[None, :], acc.to(o_ptr.dtype.element_ty),
             mask=offs_m[:, None] < seqlen)


@triton.jit
def dequant_int8_kernel(q_ptr, s_ptr, x_ptr, out_ptr, K, N, BK: tl.constexpr, BN: tl.constexpr):
    # y[n] = sum_k x[k] * (q[k, n] * s[n]): weight-only int8 GEMV
    pid = tl.program_id(0)
    rn = pid * BN + tl.arange(0, BN)
    acc = tl.zeros([BN], tl.float32)
    for k0 in range(0, K, BK):
        rk = k0 + tl.arange(0, BK)
        q = tl.load(q_ptr + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0)
        x = tl.load(x_ptr + rk, mask=rk < K, other=0.0)
        acc += tl.sum(q.to(tl.float16).to(tl.float32) * x[:, None].to(tl.float32), axis=0)
    s = tl.load(s_ptr + rn, mask=rn < N, other=0.0)
    tl.store(out_ptr + rn, (acc * s.to(tl.float32)).to(tl.float16), mask=rn < N)


@triton.jit
def dequant_int4_kernel(q_ptr, scale_ptr, zero_ptr, out_ptr, n_cols, GROUP: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    half = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    m = half < n_cols // 2
    packed = tl.load(q_ptr + row * (n_cols // 2) + half, mask=m, other=0)
    lo = (packed & 0xF).to(tl.int32)
    hi = ((packed >> 4) & 0xF).to(tl.int32)
    col = half * 2
    g = col // GROUP
    s = tl.load(scale_ptr + row * (n_cols // GROUP) + g, mask=m, other=0.0)
    z = tl.load(zero_ptr + row * (n_cols // GROUP) + g, mask=m, other=0)
    v = tl.join((lo - z).to(tl.float16) * s, (hi - z).to(tl.float16) * s)
    v = tl.reshape(v, [2 * BLOCK])
    c2 = tl.program_id(1) * 2 * BLOCK + tl.arange(0, 2 * BLOCK)
    tl.store(out_ptr + row * n_cols + c2, v, mask=c2 < n_cols)


@triton.jit
def act_kernel(x_ptr, g_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    g = tl.load(g_ptr + offs, mask=m, other=0.0).to(tl.float32)
    gelu = 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))
    gelu_t = 0.5 * x * (1.0 + libdevice.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))
    silu = g * tl.sigmoid(g) * x
    tl.store(out_ptr + offs, gelu.to(out_ptr.dtype.element_ty), mask=m)
    tl.store(out_ptr + n + offs, gelu_t.to(out_ptr.dtype.element_ty), mask=m)
    tl.store(out_ptr + 2 * n + offs, silu.to(out_ptr.dtype.element_ty), mask=m)


@triton.jit
def dropout_kernel(x_ptr, out_ptr, r_ptr, n, p, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    r = tl.rand(seed, offs)
    keep = r > p
    tl.store(out_ptr + offs, tl.where(keep, x / (1 - p), 0.0), mask=m)
    tl.store(r_ptr + offs, tl.randn(seed, offs), mask=m)
    tl.store(r_ptr + n + offs, tl.randint(seed, offs).to(tl.float32, bitcast=True), mask=m)


@triton.jit
def print_kernel(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.device_print("x", x)


@triton.jit
def int_ops_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=1)
    b = tl.load(b_ptr + offs, mask=m, other=1)
    b = tl.where(b == 0, 3, b)
    tl.store(out_ptr + offs, a // b, mask=m)
    tl.store(out_ptr + n + offs, a % b, mask=m)
    tl.store(out_ptr + 2 * n + offs, (a << (b & 7)) ^ (a >> (b & 15)), mask=m)
    tl.store(out_ptr + 3 * n + offs, a * b + tl.abs(a), mask=m)
    tl.store(out_ptr + 4 * n + offs, tl.maximum(a, b) - tl.minimum(a, b) + (a.to(tl.float32) / 3.0).to(a.dtype), mask=m)


# ----------------------------------------------------------------------------
# the jobs: name -> (kernel, grid, args, kwargs)

J = {}


def job(name):
    def deco(f):
        J[name] = f
        return f
    return deco


def elem_n():
    return 1000


CVT = [("f32_f16", torch.float32, torch.float16), ("f32_bf16", torch.float32, torch.bfloat16),
       ("f16_f32", torch.float16, torch.float32), ("bf16_f32", torch.bfloat16, torch.float32),
       ("f32_f64", torch.float32, torch.float64), ("f64_f32", torch.float64, torch.float32),
       ("f32_i32", torch.float32, torch.int32), ("i32_f32", torch.int32, torch.float32),
       ("f32_i8", torch.float32, torch.int8), ("i8_f16", torch.int8, torch.float16),
       ("i64_f32", torch.int64, torch.float32), ("f32_i64", torch.float32, torch.int64),
       ("f64_i64", torch.float64, torch.int64), ("f16_bf16", torch.float16, torch.bfloat16),
       ("bf16_f16", torch.bfloat16, torch.float16), ("f64_f16", torch.float64, torch.float16),
       ("f32_u8", torch.float32, torch.uint8), ("i32_i8", torch.int32, torch.int8),
       ("i8_i64", torch.int8, torch.int64), ("f16_i32", torch.float16, torch.int32)]


def src_data(name, dt, n):
    if dt.is_floating_point:
        x = f32(name, n, 8.0)
        if dt == torch.float64:
            x = x.double() * (1 + 1e-9 * rnd(name + "e", n).double())
        return x.to(dt)
    if dt == torch.int8:
        return ints(name, -128, 128, n, dtype=dt)
    if dt == torch.int64:
        g = ints(name, -2 ** 40, 2 ** 40, n, dtype=torch.int64)
        g[:4] = torch.tensor([2 ** 62, -2 ** 63, 2 ** 53 + 1, 2 ** 24 + 1])
        return g
    g = ints(name, -2 ** 31, 2 ** 31 - 1, n, dtype=torch.int64)
    g[: n // 2] = g[: n // 2] % 2000 - 1000
    return g.to(dt)


for nm, sd, dd in CVT:
    def mk(nm=nm, sd=sd, dd=dd):
        n = elem_n()
        x = src_data("cvt_" + nm, sd, n)
        return cvt_kernel, (triton.cdiv(n, 256),), [x, Out(torch.zeros(n, dtype=dd)), Out(torch.zeros(n, dtype=sd)),
                                                    n], dict(BLOCK=256)
    J["cvt_" + nm] = mk

FP8 = [("f32_e4m3", torch.float32, torch.float8_e4m3fn), ("f32_e5m2", torch.float32, torch.float8_e5m2),
       ("e4m3_f32", torch.float8_e4m3fn, torch.float32), ("e5m2_f32", torch.float8_e5m2, torch.float32),
       ("f16_e4m3", torch.float16, torch.float8_e4m3fn), ("bf16_e5m2", torch.bfloat16, torch.float8_e5m2),
       ("e4m3_f16", torch.float8_e4m3fn, torch.float16), ("e5m2_bf16", torch.float8_e5m2, torch.bfloat16)]
for nm, sd, dd in FP8:
    def mk(nm=nm, sd=sd, dd=dd):
        n = 1024
        if sd in (torch.float8_e4m3fn, torch.float8_e5m2):
            x = torch.arange(n, dtype=torch.int32).to(torch.uint8).view(sd)
        else:
            x = f32("fp8_" + nm, n, 64.0).to(sd)
        return cvt_only_kernel, (4,), [x, Out(torch.zeros(n, dtype=dd)), n], dict(BLOCK=256)
    J["fp8_" + nm] = mk

MATH = {"basic": 0, "trig": 1, "pow_round": 2, "exp2_div": 3, "fast": 4, "libdev_a": 5, "libdev_b": 6, "misc": 7}
for nm, op in MATH.items():
    for dt in (torch.float32, torch.float64):
        if dt != torch.float32 and op not in (0, 1, 2, 5):
            continue
        tn = {torch.float32: "f32", torch.float64: "f64", torch.float16: "f16"}[dt]

        def mk(nm=nm, op=op, dt=dt, tn=tn):
            n = 768
            x = f32("m_" + nm, n, 4.0).to(dt)
            y = f32("m2_" + nm, n, 2.0, special=False).to(dt)
            return math_kernel, (3,), [x, y, Out(torch.zeros(4 * n, dtype=dt)), n], dict(OP=op, BLOCK=256)
        J["math_%s_%s" % (nm, tn)] = mk


def softmax_job(nm, rows, cols, block, warps, dt):
    def mk():
        x = (rnd(nm, rows, cols) * 4).to(dt)
        return softmax_kernel, (rows,), [Out(torch.zeros(rows, cols, dtype=dt)), x, cols, cols], \
            dict(BLOCK=block, num_warps=warps)
    J[nm] = mk


softmax_job("softmax_f16_w8", 8, 781, 1024, 8, torch.float16)
softmax_job("softmax_f32_w1", 16, 100, 128, 1, torch.float32)
softmax_job("softmax_bf16_w16", 4, 3000, 4096, 16, torch.bfloat16)
softmax_job("softmax_f32_w4", 8, 500, 512, 4, torch.float32)


def rms_job(nm, rows, cols, block, warps, dt):
    def mk():
        x = rnd(nm, rows, cols, dtype=dt)
        w = rnd(nm + "w", cols, dtype=dt)
        return rmsnorm_kernel, (rows,), [x, w, Out(torch.zeros(rows, cols, dtype=dt)), Out(torch.zeros(rows)),
                                         cols, cols, 1e-6], dict(BLOCK=block, num_warps=warps)
    J[nm] = mk


rms_job("rmsnorm_f16", 8, 1000, 256, 4, torch.float16)
rms_job("rmsnorm_bf16_w2", 6, 2048, 1024, 2, torch.bfloat16)


def ln_job(nm, rows, cols, block, warps, dt):
    def mk():
        x = rnd(nm, rows, cols, dtype=dt, scale=3.0) + 0.5
        w = rnd(nm + "w", cols)
        b = rnd(nm + "b", cols)
        return layernorm_kernel, (rows,), [x.to(dt), Out(torch.zeros(rows, cols, dtype=dt)), w, b,
                                           Out(torch.zeros(rows)), Out(torch.zeros(rows)), cols, 1e-5], \
            dict(BLOCK=block, num_warps=warps)
    J[nm] = mk


ln_job("layernorm_f32_w4", 8, 700, 1024, 4, torch.float32)
ln_job("layernorm_f16_w8", 4, 2000, 2048, 8, torch.float16)


def red_job(nm, M, N, axis, BM, BN, warps):
    def mk():
        x = torch.round(rnd(nm, M, N) * 64) / 8
        L = BN if axis == 0 else BM
        g = triton.cdiv(M, BM)
        return reduce2d_kernel, (g,), [x, Out(torch.zeros(g * 3 * L)), Out(torch.zeros(g * 2 * L, dtype=torch.int32)),
                                       M, N], dict(AXIS=axis, BM=BM, BN=BN, L=L, num_warps=warps)
    J[nm] = mk


red_job("reduce_ax1", 100, 50, 1, 32, 64, 4)
red_job("reduce_ax0", 30, 200, 0, 32, 256, 8)
red_job("reduce_ax1_w1", 20, 20, 1, 16, 32, 1)


def redi_job(nm, dt, block, warps):
    def mk():
        n = 3000
        x = ints(nm, -100000, 100000, n, dtype=dt)
        g = triton.cdiv(n, block)
        return reduce_int_kernel, (g,), [x, Out(torch.zeros(6 * g, dtype=dt)), n], dict(BLOCK=block, num_warps=warps)
    J[nm] = mk


redi_job("reduce_i32", torch.int32, 512, 4)
redi_job("reduce_i64", torch.int64, 1024, 8)


def scan_job(nm, n, block, rev, warps):
    def mk():
        x = torch.round(rnd(nm, 8, n) * 8) / 4
        a = rnd(nm + "a", 8, n) * 0.5 + 0.7
        return scan_kernel, (8,), [x, a, Out(torch.zeros(8, n)), Out(torch.zeros(8, n)),
                                   Out(torch.zeros(8, n, dtype=torch.int32)), n], dict(BLOCK=block, REV=rev,
                                                                                      num_warps=warps)
    J[nm] = mk


scan_job("scan_fwd", 1000, 1024, False, 4)
scan_job("scan_rev_w2", 200, 256, True, 2)


@job("scan2d")
def _():
    M, N = 50, 32
    x = torch.round(rnd("scan2d", M, N) * 8) / 8
    return scan2d_kernel, (triton.cdiv(M, 16),), [x, Out(torch.zeros(M, N)), M], dict(N=N, BM=16)


@job("sort_f32")
def _():
    x = rnd("sort", 4, 128)
    x[0, :8] = torch.tensor([float("nan"), -0.0, 0.0, float("inf"), float("-inf"), 1.0, 1.0, -1.0])
    return sort_kernel, (4,), [x, Out(torch.zeros(4, 128)), Out(torch.zeros(4, 128))], dict(N=128, K=8)


@job("sort_i32")
def _():
    x = ints("sorti", -50, 50, 4, 256)
    return sort_kernel, (4,), [x, Out(torch.zeros(4, 256, dtype=torch.int32)),
                               Out(torch.zeros(4, 256, dtype=torch.int32))], dict(N=256, K=8)


@job("topk")
def _():
    x = rnd("topk", 4, 256)
    return topk_kernel, (4,), [x, Out(torch.zeros(4, 16))], dict(N=256, K=16)


@job("atomics")
def _():
    n = 4000
    x = ints("atom", -3000, 3000, n)
    ints0 = torch.zeros(32, dtype=torch.int32)
    ints0[2] = 10 ** 6
    ints0[3] = -1
    ints0[24:28] = -10 ** 6
    fs = torch.zeros(16)
    fs[8:12] = -1e30
    return atomic_kernel, (triton.cdiv(n, 512),), [x, Out(fs), Out(ints0), Out(torch.zeros(32, dtype=torch.float16)),
                                                  n], dict(BLOCK=512)


@job("where_gather")
def _():
    n = 2000
    return where_gather_kernel, (triton.cdiv(n, 512),), [rnd("wg", 700), ints("wgi", -50, 800, n),
                                                        rnd("wgy", n), Out(torch.zeros(n)), n, 700], dict(BLOCK=512)


@job("tl_gather")
def _():
    return gather_kernel, (4,), [rnd("tg", 4, 64), ints("tgi", 0, 64, 4, 128), Out(torch.zeros(4, 128))], \
        dict(N=64, M=128)


def mm_job(nm, dt, odt, M, N, K, BM, BN, BK, stages, warps, prec=None, act=0, trans_b=False):
    def mk():
        if dt == torch.int8:
            a = ints(nm + "a", -128, 128, M, K, dtype=dt)
            b = ints(nm + "b", -128, 128, K, N, dtype=dt)
        elif dt in (torch.float8_e4m3fn, torch.float8_e5m2):
            a = rnd(nm + "a", M, K).to(dt)
            b = rnd(nm + "b", K, N).to(dt)
        else:
            a = rnd(nm + "a", M, K, dtype=dt)
            b = rnd(nm + "b", K, N, dtype=dt)
        if trans_b:
            b = b.t().contiguous().t()
        c = torch.zeros(M, N, dtype=odt)
        grid = (triton.cdiv(M, BM) * triton.cdiv(N, BN),)
        return matmul_kernel, grid, [a, b, Out(c), M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                     c.stride(0), c.stride(1)], \
            dict(BM=BM, BN=BN, BK=BK, GROUP_M=4, PREC=prec, ACT=act, num_stages=stages, num_warps=warps)
    J[nm] = mk


mm_job("mm_f16_64x64x32_s2_w4", torch.float16, torch.float16, 128, 128, 96, 64, 64, 32, 2, 4)
mm_job("mm_f16_128x64x64_s4_w8", torch.float16, torch.float32, 128, 128, 256, 128, 64, 64, 4, 8)
mm_job("mm_bf16_64x128x32_s3_w4_silu", torch.bfloat16, torch.bfloat16, 128, 256, 100, 64, 128, 32, 3, 4, act=1)
mm_job("mm_f16_16x16x16_s1_w1", torch.float16, torch.float16, 48, 40, 50, 16, 16, 16, 1, 1)
mm_job("mm_f16_32x32x32_w2_gelu_tb", torch.float16, torch.float16, 64, 96, 80, 32, 32, 32, 2, 2, act=2,
       trans_b=True)
mm_job("mm_tf32_64x64x32_s3_w4", torch.float32, torch.float32, 128, 64, 128, 64, 64, 32, 3, 4, prec="tf32")
mm_job("mm_f32_ieee_32x32x16_w4", torch.float32, torch.float32, 64, 64, 40, 32, 32, 16, 2, 4, prec="ieee")
mm_job("mm_tf32x3_64x64x32_w4", torch.float32, torch.float32, 64, 64, 64, 64, 64, 32, 2, 4, prec="tf32x3")
mm_job("mm_i8_64x64x64_w4", torch.int8, torch.int32, 128, 64, 128, 64, 64, 64, 3, 4)
mm_job("mm_i8_32x32x32_mma_w2", torch.int8, torch.int32, 64, 64, 64, 32, 32, 32, 2, 2)
mm_job("mm_e5m2_64x64x64_w4", torch.float8_e5m2, torch.float16, 128, 128, 128, 64, 64, 64, 3, 4)


@job("tma_matmul_bf16")
def _():
    M, N, K = 128, 128, 128
    a = rnd("tmaa", M, K, dtype=torch.bfloat16)
    b = rnd("tmab", K, N, dtype=torch.bfloat16)
    return tma_matmul_kernel, (2, 2), [a, b, Out(torch.zeros(M, N, dtype=torch.bfloat16)), M, N, K], \
        dict(BM=64, BN=64, BK=64, num_warps=4)


def attn_job(nm, H, S, D, BM, BN, causal, warps, stages, dt=torch.float16):
    def mk():
        q, k, v = (rnd(nm + c, H, S, D, dtype=dt) for c in "qkv")
        return attention_kernel, (triton.cdiv(S, BM), H), [q, k, v, Out(torch.zeros(H, S, D, dtype=dt)), 0.125,
                                                           S, q.stride(0), q.stride(1)], \
            dict(BM=BM, BN=BN, D=D, CAUSAL=causal, num_warps=warps, num_stages=stages)
    J[nm] = mk


attn_job("attn_d32_noncausal", 2, 100, 32, 64, 32, False, 4, 2)
attn_job("attn_d64_bf16_causal_w8", 2, 200, 64, 128, 64, True, 8, 3, torch.bfloat16)
attn_job("attn_d16_mma_w1", 2, 40, 16, 16, 16, True, 1, 1)


@job("dequant_int8")
def _():
    K, N = 300, 256
    return dequant_int8_kernel, (triton.cdiv(N, 64),), [ints("dq8", -128, 128, K, N, dtype=torch.int8),
                                                        rnd("dq8s", N, dtype=torch.float16) * 0.01,
                                                        rnd("dq8x", K, dtype=torch.float16),
                                                        Out(torch.zeros(N, dtype=torch.float16)), K, N], \
        dict(BK=64, BN=64)


@job("dequant_int4")
def _():
    R, C, G = 16, 512, 64
    q = ints("dq4", 0, 256, R, C // 2, dtype=torch.uint8)
    s = rnd("dq4s", R, C // G, dtype=torch.float16)
    z = ints("dq4z", 0, 15, R, C // G)
    return dequant_int4_kernel, (R, 2), [q, s, z, Out(torch.zeros(R, C, dtype=torch.float16)), C], \
        dict(GROUP=G, BLOCK=128)


for dt, tn in ((torch.float16, "f16"), (torch.bfloat16, "bf16"), (torch.float32, "f32")):
    def mk(dt=dt, tn=tn):
        n = 1500
        return act_kernel, (triton.cdiv(n, 512),), [f32("act" + tn, n, 3.0).to(dt), rnd("actg" + tn, n, dtype=dt),
                                                   Out(torch.zeros(3 * n, dtype=dt)), n], dict(BLOCK=512)
    J["act_" + tn] = mk


@job("dropout")
def _():
    n = 3000
    return dropout_kernel, (triton.cdiv(n, 1024),), [rnd("drop", n), Out(torch.zeros(n)), Out(torch.zeros(2 * n)),
                                                    n, 0.25, 123457], dict(BLOCK=1024)


@job("device_print")
def _():
    return print_kernel, (1,), [ints("pr", -100, 100, 32)], dict(BLOCK=32, num_warps=1)


for dt, tn in ((torch.int32, "i32"), (torch.int64, "i64"), (torch.int16, "i16"), (torch.uint8, "u8")):
    def mk(dt=dt, tn=tn):
        n = 1000
        a = src_data("io" + tn, torch.int64 if dt == torch.int64 else torch.int32, n).to(dt)
        b = src_data("iob" + tn, torch.int32, n).to(dt)
        return int_ops_kernel, (4,), [a, b, Out(torch.zeros(5 * n, dtype=dt)), n], dict(BLOCK=256)
    J["intops_" + tn] = mk



# ----------------------------------------------------------------------------
# the second batch (JOBS=b2)

@triton.jit
def shape_ops_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    tl.store(out_ptr + rn[:, None] * M + rm[None, :], tl.trans(x) * 2.0)
    a, b = tl.split(tl.reshape(x, [M, N // 2, 2]))
    rh = tl.arange(0, N // 2)
    tl.store(out_ptr + M * N + rm[:, None] * (N // 2) + rh[None, :], a - b)
    tl.store(out_ptr + 2 * M * N + rm[:, None] * N + rn[None, :], tl.interleave(a, b + 1.0))
    r = tl.sum(tl.permute(tl.reshape(x, [M, 2, N // 2]), (1, 0, 2)), axis=1)
    tl.store(out_ptr + 3 * M * N + tl.arange(0, 2)[:, None] * (N // 2) + rh[None, :], r)


@triton.jit
def hist_kernel(x_ptr, out_ptr, n, BINS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.atomic_add(out_ptr + tl.arange(0, BINS), tl.histogram(x, BINS))


@triton.jit
def uint_ops_kernel(a_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0, cache_modifier=".cg")
    r0 = a // 7 + a % 10
    r1 = (a >> 3) | (a << 29)
    r2 = tl.cdiv(a, 13) ^ tl.umulhi(a, a ^ 0x55)
    r3 = (a.to(tl.float32) * 0.5).to(a.dtype) + (a.to(tl.int64) * 3 // 5).to(a.dtype)
    tl.store(out_ptr + offs, r0, mask=m, cache_modifier=".cs")
    tl.store(out_ptr + n + offs, r1, mask=m, eviction_policy="evict_last")
    tl.store(out_ptr + 2 * n + offs, r2, mask=m)
    tl.store(out_ptr + 3 * n + offs, r3, mask=m)


@triton.jit
def asm_kernel(x_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0, volatile=True)
    b = tl.load(b_ptr + offs, mask=m, other=0)
    y = tl.inline_asm_elementwise("prmt.b32 $0, $1, 0, 0x0123;", "=r,r", [x], dtype=tl.int32, is_pure=True, pack=1)
    z = tl.inline_asm_elementwise(
        "{ .reg .b8 a<4>; mov.b32 {a0, a1, a2, a3}, $4; cvt.s32.s8 $0, a0; cvt.u32.u8 $1, a1; "
        "cvt.s32.s8 $2, a2; cvt.u32.u8 $3, a3; }", "=r,=r,=r,=r,r", [b], dtype=tl.int32, is_pure=True, pack=4)
    tl.store(out_ptr + offs, y + z, mask=m)


@triton.jit
def _argmax_combine(v1, i1, v2, i2):
    gt = (v1 > v2) | ((v1 == v2) & (i1 < i2))
    return tl.where(gt, v1, v2), tl.where(gt, i1, i2)


@triton.jit
def tuple_reduce_kernel(x_ptr, out_ptr, idx_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    a = tl.arange(0, A)[:, None, None]
    b = tl.arange(0, B)[None, :, None]
    c = tl.arange(0, C)[None, None, :]
    x = tl.load(x_ptr + a * B * C + b * C + c)
    v, j = tl.reduce((x, tl.broadcast_to(b, [A, B, C])), 1, _argmax_combine)
    o = tl.arange(0, A)[:, None] * C + tl.arange(0, C)[None, :]
    tl.store(out_ptr + o, v + tl.sum(x, axis=1))
    tl.store(idx_ptr + o, j)
    tl.store(out_ptr + A * C + tl.arange(0, A), tl.max(tl.max(x, axis=2), axis=1))


@triton.jit
def f16_arith_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = tl.load(y_ptr + offs, mask=m, other=0.0)
    r3 = tl.abs(x) / (y + 2.0)
    tl.store(out_ptr + offs, x * y + x, mask=m)
    tl.store(out_ptr + n + offs, tl.maximum(x, y) - tl.minimum(x, y, propagate_nan=tl.PropagateNan.ALL) * y, mask=m)
    tl.store(out_ptr + 2 * n + offs, r3, mask=m)
    tl.store(out_ptr + 3 * n + offs, tl.fma(x, y, r3), mask=m)


@triton.jit
def libdev_more_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    y = tl.load(y_ptr + offs, mask=m, other=1.0)
    tl.store(out_ptr + offs, libdevice.erfc(x) + libdevice.normcdf(y), mask=m)
    tl.store(out_ptr + n + offs, libdevice.fmod(x, y) + libdevice.remainder(y, x), mask=m)
    tl.store(out_ptr + 2 * n + offs, libdevice.hypot(x, y) * libdevice.logb(x), mask=m)
    tl.store(out_ptr + 3 * n + offs, libdevice.nextafter(x, y) + libdevice.log10(tl.abs(y)), mask=m)
    tl.store(out_ptr + 4 * n + offs, libdevice.sinpi(x) + libdevice.cospi(y) + libdevice.exp10(y), mask=m)
    tl.store(out_ptr + 5 * n + offs, libdevice.isnan(x).to(x.dtype) + libdevice.signbit(y).to(x.dtype) +
             libdevice.copysign(x, y) + libdevice.trunc(y), mask=m)


@triton.jit
def splitk_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                  SPLIT: tl.constexpr):
    pid = tl.program_id(0)
    pk = tl.program_id(1)
    rm = (pid // tl.cdiv(N, BN)) * BM + tl.arange(0, BM)
    rn = (pid % tl.cdiv(N, BN)) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), tl.float32)
    for k in range(pk * BK, K, BK * SPLIT):
        rk = k + tl.arange(0, BK)
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :], mask=rk[None, :] < K, other=0.0)
        b = tl.load(b_ptr + rk[:, None] * N + rn[None, :], mask=rk[:, None] < K, other=0.0)
        acc += tl.dot(a, b)
    tl.atomic_add(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def blockptr_mm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    a_bp = tl.make_block_ptr(a_ptr, (M, K), (K, 1), (pm * BM, 0), (BM, BK), (1, 0))
    b_bp = tl.make_block_ptr(b_ptr, (K, N), (N, 1), (0, pn * BN), (BK, BN), (1, 0))
    acc = tl.zeros((BM, BN), tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_bp, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_bp, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(a, b, acc)
        a_bp = tl.advance(a_bp, (0, BK))
        b_bp = tl.advance(b_bp, (BK, 0))
    c_bp = tl.make_block_ptr(c_ptr, (M, N), (N, 1), (pm * BM, pn * BN), (BM, BN), (1, 0))
    tl.store(c_bp, acc.to(c_ptr.dtype.element_ty), boundary_check=(0, 1))


@triton.jit
def persistent_mm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, NPROG: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
                         BK: tl.constexpr):
    pid = tl.program_id(0)
    nn = tl.cdiv(N, BN)
    tiles = tl.cdiv(M, BM) * nn
    for t in tl.range(pid, tiles, NPROG, flatten=True):
        rm = (t // nn) * BM + tl.arange(0, BM)
        rn = (t % nn) * BN + tl.arange(0, BN)
        acc = tl.zeros((BM, BN), tl.float32)
        for k in range(0, K, BK):
            rk = k + tl.arange(0, BK)
            a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
            b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
            acc = tl.dot(a, b, acc)
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))


@triton.jit
def mm64_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    acc = tl.zeros((M, N), tl.float64)
    for k in range(0, K, BK):
        rk = k + tl.arange(0, BK)
        acc = tl.dot(tl.load(a_ptr + rm[:, None] * K + rk[None, :]), tl.load(b_ptr + rk[:, None] * N + rn[None, :]),
                     acc, out_dtype=tl.float64)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)


@triton.jit
def online_softmax_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    m_i = tl.full([BLOCK], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK], tl.float32)
    for off in range(0, n, BLOCK):
        c = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n + c, mask=c < n, other=float("-inf")).to(tl.float32)
        m_new = tl.maximum(m_i, x)
        l_i = l_i * tl.exp(m_i - m_new) + tl.exp(x - m_new)
        l_i = tl.where(m_new == float("-inf"), 0.0, l_i)
        m_i = m_new
    mx = tl.max(m_i, 0)
    den = tl.sum(l_i * tl.exp(m_i - mx), 0)
    for off in range(0, n, BLOCK):
        c = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n + c, mask=c < n, other=float("-inf")).to(tl.float32)
        tl.store(out_ptr + row * n + c, tl.exp(x - mx) / den, mask=c < n)


@triton.jit
def atomic16_kernel(x_ptr, h_ptr, b_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    xi = tl.load(x_ptr + offs, mask=m, other=0)
    tl.atomic_add(h_ptr + (offs % 64), (xi & 3).to(tl.float16), mask=m)
    tl.atomic_add(b_ptr + (offs % 64), (xi & 1).to(tl.bfloat16), mask=m)


@triton.jit
def rand4_kernel(out_ptr, seed, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a, b, c, d = tl.randint4x(seed, offs, 7)
    tl.store(out_ptr + offs, a ^ b, mask=m)
    tl.store(out_ptr + n + offs, c + d, mask=m)
    r1, r2, r3, r4 = tl.rand4x(seed, offs)
    tl.store(out_ptr + 2 * n + offs, (r1 + r2 * r3 - r4).to(tl.uint32, bitcast=True), mask=m)
    tl.store(out_ptr + 3 * n + offs, tl.randn(seed + 1, offs).to(tl.uint32, bitcast=True), mask=m)


@triton.jit
def i64_scan_kernel(x_ptr, out_ptr, h_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0)
    tl.store(out_ptr + offs, tl.cumsum(x, 0), mask=m)
    h = tl.load(h_ptr + offs, mask=m, other=0.0)
    tl.store(h_ptr + offs, tl.cumsum(h, 0, reverse=True), mask=m)


B2 = []


def job2(name):
    def deco(f):
        J[name] = f
        B2.append(name)
        return f
    return deco


@job2("shape_ops")
def _():
    return shape_ops_kernel, (1,), [rnd("shp", 16, 32), Out(torch.zeros(4 * 16 * 32))], dict(M=16, N=32)


@job2("histogram")
def _():
    n = 5000
    return hist_kernel, (triton.cdiv(n, 1024),), [ints("hist", 0, 64, n), Out(torch.zeros(64, dtype=torch.int32)), n], \
        dict(BINS=64, BLOCK=1024)


@job2("uint_ops")
def _():
    n = 1000
    a = src_data("uops", torch.int32, n).view(torch.uint32)
    return uint_ops_kernel, (4,), [a, Out(torch.zeros(4 * n, dtype=torch.int32).view(torch.uint32)), n], \
        dict(BLOCK=256)


@job2("inline_asm")
def _():
    n = 1000
    return asm_kernel, (4,), [src_data("asm", torch.int32, n), ints("asmb", -128, 128, n, dtype=torch.int8),
                              Out(torch.zeros(n, dtype=torch.int32)), n], dict(BLOCK=256)


@job2("tuple_reduce")
def _():
    x = torch.round(rnd("tred", 4, 8, 16) * 4)
    x[0, 3, 5] = float("nan")
    return tuple_reduce_kernel, (1,), [x, Out(torch.zeros(4 * 16 + 4)), Out(torch.zeros(4 * 16, dtype=torch.int32))], \
        dict(A=4, B=8, C=16)


for dt, tn in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
    def mk(dt=dt, tn=tn):
        n = 1024
        return f16_arith_kernel, (4,), [f32("f16a" + tn, n, 4.0).to(dt), f32("f16b" + tn, n, 2.0, special=False).to(dt),
                                        Out(torch.zeros(4 * n, dtype=dt)), n], dict(BLOCK=256)
    J["arith_" + tn] = mk
    B2.append("arith_" + tn)

for dt, tn in ((torch.float32, "f32"), (torch.float64, "f64")):
    def mk(dt=dt, tn=tn):
        n = 512
        return libdev_more_kernel, (2,), [f32("ldm" + tn, n, 4.0).to(dt), f32("ldm2" + tn, n, 3.0).to(dt),
                                          Out(torch.zeros(6 * n, dtype=dt)), n], dict(BLOCK=256)
    J["libdev_more_" + tn] = mk
    B2.append("libdev_more_" + tn)


@job2("splitk_atomic")
def _():
    M, N, K = 64, 64, 256
    a = torch.round(rnd("ska", M, K) * 2).to(torch.float16)
    b = torch.round(rnd("skb", K, N) * 2).to(torch.float16)
    return splitk_kernel, (1, 4), [a, b, Out(torch.zeros(M, N)), M, N, K], dict(BM=64, BN=64, BK=32, SPLIT=4)


@job2("blockptr_mm")
def _():
    M, N, K = 96, 80, 72
    return blockptr_mm_kernel, (2, 2), [rnd("bpa", M, K, dtype=torch.float16), rnd("bpb", K, N, dtype=torch.float16),
                                        Out(torch.zeros(M, N, dtype=torch.float16)), M, N, K], dict(BM=64, BN=64, BK=32)


@job2("persistent_mm")
def _():
    M, N, K = 256, 128, 128
    return persistent_mm_kernel, (3,), [rnd("pma", M, K, dtype=torch.float16), rnd("pmb", K, N, dtype=torch.float16),
                                        Out(torch.zeros(M, N, dtype=torch.float16)), M, N, K], \
        dict(NPROG=3, BM=64, BN=64, BK=64, num_stages=3)


@job2("mm_f64")
def _():
    return mm64_kernel, (1,), [rnd("f64a", 32, 64).double(), rnd("f64b", 64, 32).double(),
                               Out(torch.zeros(32, 32, dtype=torch.float64))], dict(M=32, N=32, K=64, BK=16)


@job2("mm_cluster2")
def _():
    M, N, K = 256, 128, 64
    a, b = rnd("cla", M, K, dtype=torch.float16), rnd("clb", K, N, dtype=torch.float16)
    c = torch.zeros(M, N, dtype=torch.float16)
    return matmul_kernel, (2,), [a, b, Out(c), M, N, K, K, 1, N, 1, N, 1], \
        dict(BM=128, BN=128, BK=64, GROUP_M=4, PREC=None, ACT=0, num_warps=4, num_ctas=2)


@job2("online_softmax")
def _():
    n = 3000
    return online_softmax_kernel, (4,), [rnd("osm", 4, n, dtype=torch.bfloat16, scale=5.0),
                                         Out(torch.zeros(4, n)), n], dict(BLOCK=512, num_warps=4)


@job2("atomic16")
def _():
    n = 2048
    return atomic16_kernel, (4,), [ints("a16", -100, 100, n), Out(torch.zeros(64, dtype=torch.float16)),
                                   Out(torch.zeros(64, dtype=torch.bfloat16)), n], dict(BLOCK=512)


@job2("rand4x")
def _():
    n = 1000
    return rand4_kernel, (4,), [Out(torch.zeros(4 * n, dtype=torch.int32)), 987654, n], dict(BLOCK=256)


@job2("scan_i64_f16")
def _():
    n = 700
    return i64_scan_kernel, (1,), [ints("si64", -2 ** 40, 2 ** 40, n, dtype=torch.int64),
                                   Out(torch.zeros(n, dtype=torch.int64)),
                                   Out(torch.round(rnd("sf16", n) * 4).to(torch.float16)), n], dict(BLOCK=1024)


attn_job("attn_d128_bf16_w8", 1, 150, 128, 64, 64, False, 8, 2, torch.bfloat16)
softmax_job("softmax_f16_w2_b64", 32, 50, 64, 2, torch.float16)
mm_job("mm_bf16_128x128x64_s4_w8", torch.bfloat16, torch.float32, 256, 256, 192, 128, 128, 64, 4, 8)
mm_job("mm_e4m3_128x64x128_w4", torch.float8_e4m3fn, torch.bfloat16, 128, 128, 256, 128, 64, 128, 3, 4)
B2 += ["attn_d128_bf16_w8", "softmax_f16_w2_b64", "mm_bf16_128x128x64_s4_w8", "mm_e4m3_128x64x128_w4"]


# ----------------------------------------------------------------------------

def ptx_of(ret, fn):
    asm = getattr(ret, "asm", None)
    if asm and "ptx" in asm:
        return asm["ptx"]
    for cache in getattr(fn, "device_caches", {}).values():
        kc = cache[0] if isinstance(cache, tuple) else cache
        for k in kc.values():
            return k.asm["ptx"]
    raise RuntimeError("no PTX found")


def params(ptx):
    m = re.search(r"\.entry\s+\w+\s*\((.*?)\)", ptx, re.S)
    return [re.search(r"\.param\s+(?:\.align\s+\d+\s+)?\.(\w+)", ln).group(1)
            for ln in m.group(1).split("\n") if ".param" in ln]


def run_one(name):
    fn, grid, args, kw = J[name]()
    dev_args = []
    for a in args:
        t = a.t if isinstance(a, Out) else a
        dev_args.append(t.to(DEV) if isinstance(t, torch.Tensor) else t)
    # the inputs as they are before the launch
    host = [a.t.clone() if isinstance(a, Out) else (a.clone() if isinstance(a, torch.Tensor) else a) for a in args]
    ret = fn[grid](*dev_args, **kw)
    torch.cuda.synchronize()
    ptx = ptx_of(ret, fn)
    # no absolute paths in .file directives
    ptx = re.sub(r'(\.file\s+\d+\s+")[^"]*/', r"\1", ptx)
    open(os.path.join(TD, name + ".ptx"), "w").write(ptx)
    md = ret.metadata
    warps = md.num_warps
    shared = md.shared
    ps = params(ptx)
    opts = ["triton/%s.ptx" % name]
    g = list(grid) + [1] * (3 - len(grid))
    nprog = g[0] * g[1] * g[2]
    nctas = getattr(md, "num_ctas", 1) or 1
    if nctas > 1:   # Triton launches clusters of num_ctas CTAs along x
        g[0] *= nctas
        opts.append("--cluster %d,1,1" % nctas)
    opts.append("-g %d,%d,%d -b %d" % (g[0], g[1], g[2], warps * 32))
    if shared:
        opts.append("-s %d" % shared)
    kept = [(i, a, h) for i, (a, h) in enumerate(zip(args, host))
            if not (isinstance(a, int) and not isinstance(a, bool) and a == 1) and a is not None]
    if len(kept) + 2 != len(ps):
        raise RuntimeError("%d arguments, %d parameters %s" % (len(kept), len(ps), ps))
    outs = []
    for k, (i, a, h) in enumerate(kept):
        ty = ps[k]
        if isinstance(h, torch.Tensor):
            fname = "in.%s.%d" % (name, k)
            b = h.contiguous().view(-1).view(torch.uint8).numpy().tobytes()
            if isinstance(a, Out) and not any(b):
                opts.append("-a zeros:%d" % len(b))
            else:
                open(os.path.join(TD, fname), "wb").write(b)
                opts.append("-a file:triton/" + fname)
            if isinstance(a, Out):
                outs.append(str(k))
                res = dev_args[i].cpu().contiguous().view(-1).view(torch.uint8).numpy().tobytes()
                open(os.path.join(TD, "torch", "tt_%s.want.%d" % (name, k)), "wb").write(res)
        elif isinstance(h, float):
            opts.append("-a %s:%r" % ("f64" if ty == "f64" else "f32", h))
        else:
            sz = {"u32": "s32", "s32": "s32", "b32": "s32", "u64": "s64", "s64": "s64", "b64": "s64",
                  "u16": "s16", "s16": "s16", "u8": "s8", "s8": "s8"}[ty]
            opts.append("-a %s:%d" % (sz, h))
    nprog *= nctas
    for key in ("global_scratch_size", "profile_scratch_size"):
        sz = getattr(md, key, 0) or 0
        opts.append("-a zeros:%d" % max(16, nprog * sz))
    open(os.path.join(RUN, "tt_%s.case" % name), "w").write(" ".join(opts) + "\nouts: " + " ".join(outs) + "\n")
    return "%s: ok (%d warps, %d shared, %d params)" % (name, warps, shared, len(ps))


t0 = time.time()
# JOBS=b2: the second batch alone; JOBS=NAME,NAME...: those
SEL = B2 if os.environ.get("JOBS") == "b2" else os.environ["JOBS"].split(",") if os.environ.get("JOBS") else list(J)
if ONLY and ONLY[0].startswith("@"):  # @I/K: every K-th job from the I-th
    i, k = map(int, ONLY[0][1:].split("/"))
    ONLY = SEL[i::k] or ["-"]
for name in (ONLY or SEL):
    if name == "-":   # an empty share
        break
    try:
        print(run_one(name), "%.1fs" % (time.time() - t0), flush=True)
    except Exception as e:
        print("%s: FAILED %s: %s" % (name, type(e).__name__, str(e).splitlines()[0] if str(e) else ""), flush=True)
        traceback.print_exc(file=sys.stderr)

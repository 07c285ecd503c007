#!/usr/bin/env python3
"""Compile a set of Triton kernels on the local GPU and write their PTX.

Usage: python3 gen_triton.py OUTDIR
Each kernel is launched once on small tensors (which also JIT-compiles it);
the PTX of the compiled kernel is written to OUTDIR/triton.<name>.ptx.
A failure in one kernel is reported and does not stop the others.
"""
import os
import sys
import traceback

import torch
import triton
import triton.language as tl

OUT = sys.argv[1] if len(sys.argv) > 1 else "."
DEV = "cuda"


# ----------------------------------------------------------------------------
@triton.jit
def vadd_kernel(x_ptr, y_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, x * alpha + y, mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_cols,
                   BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_stride + cols, mask=mask,
                other=-float("inf")).to(tl.float32)
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    den = tl.sum(num, axis=0)
    tl.store(out_ptr + row * out_stride + cols, (num / den).to(tl.float16),
             mask=mask)


@triton.jit
def layernorm_kernel(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr, stride,
                     n, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x_ptr += row * stride
    y_ptr += row * stride
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, n, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + cols, mask=cols < n, other=0.0).to(tl.float32)
    mean = tl.sum(acc, axis=0) / n
    var_acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, n, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + cols, mask=cols < n, other=0.0).to(tl.float32)
        v = tl.where(cols < n, v - mean, 0.0)
        var_acc += v * v
    rstd = 1.0 / tl.sqrt(tl.sum(var_acc, axis=0) / n + eps)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    for off in range(0, n, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        m = cols < n
        w = tl.load(w_ptr + cols, mask=m)
        b = tl.load(b_ptr + cols, mask=m)
        v = tl.load(x_ptr + cols, mask=m, other=0.0).to(tl.float32)
        tl.store(y_ptr + cols, ((v - mean) * rstd * w + b).to(tl.bfloat16),
                 mask=m)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  sam, sak, sbk, sbn, scm, scn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                  GROUP_M: tl.constexpr, PREC: tl.constexpr,
                  OUT_F16: tl.constexpr):
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
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=rk[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=rk[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc, input_precision=PREC)
        a_ptrs += BK * sak
        b_ptrs += BK * sbk
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    c_ptrs = c_ptr + cm[:, None] * scm + cn[None, :] * scn
    mask = (cm[:, None] < M) & (cn[None, :] < N)
    if OUT_F16:
        tl.store(c_ptrs, acc.to(tl.float16), mask=mask)
    else:
        tl.store(c_ptrs, acc, mask=mask)


@triton.jit
def matmul_fp8_kernel(a_ptr, b_ptr, c_ptr, scale_a, scale_b, M, N, K,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(a, b, acc)
    acc = acc * (scale_a * scale_b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.bfloat16))


@triton.jit
def attention_kernel(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, seqlen,
                     stride_h, stride_s,
                     BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr,
                     CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    head = tl.program_id(1)
    offs_m = start_m * BM + tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    offs_d = tl.arange(0, D)
    base = head * stride_h
    q = tl.load(q_ptr + base + offs_m[:, None] * stride_s + offs_d[None, :],
                mask=offs_m[:, None] < seqlen, other=0.0)
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], tl.float32)
    acc = tl.zeros([BM, D], tl.float32)
    qk_scale = sm_scale * 1.44269504
    hi = seqlen
    if CAUSAL:
        hi = tl.minimum((start_m + 1) * BM, seqlen)
    for start_n in range(0, hi, BN):
        cols = start_n + offs_n
        k = tl.load(k_ptr + base + cols[None, :] * stride_s + offs_d[:, None],
                    mask=cols[None, :] < seqlen, other=0.0)
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
        v = tl.load(v_ptr + base + cols[:, None] * stride_s + offs_d[None, :],
                    mask=cols[:, None] < seqlen, other=0.0)
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * stride_s + offs_d[None, :],
             acc.to(tl.float16), mask=offs_m[:, None] < seqlen)


@triton.jit
def reduce_atomic_kernel(x_ptr, sum_ptr, max_ptr, cnt_ptr, n,
                         BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.atomic_add(sum_ptr, tl.sum(x, axis=0))
    xi = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.int32)
    tl.atomic_max(max_ptr, tl.max(xi, axis=0))
    pos = tl.sum((x > 0).to(tl.int32), axis=0)
    tl.atomic_add(cnt_ptr, pos, sem="relaxed")
    # per-bucket histogram with vector atomics
    bucket = (xi & 15)
    tl.atomic_add(cnt_ptr + 1 + bucket, 1, mask=m)
    # ticket lock style cas on an auxiliary slot
    tl.atomic_cas(cnt_ptr + 17, 0, pid)
    tl.atomic_xchg(cnt_ptr + 18, pid)


@triton.jit
def argmax_kernel(x_ptr, idx_ptr, val_ptr, n_cols, stride,
                  BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols,
                other=-float("inf"))
    v, i = tl.max(x, axis=0, return_indices=True)
    j = tl.argmin(x, axis=0)
    tl.store(idx_ptr + 2 * row, i)
    tl.store(idx_ptr + 2 * row + 1, j)
    tl.store(val_ptr + row, v)


@triton.jit
def _combine_affine(a1, b1, a2, b2):
    # composition of x -> a*x + b
    return a1 * a2, b1 * a2 + b2


@triton.jit
def scan_kernel(x_ptr, a_ptr, out_ptr, out2_ptr, out3_ptr, n,
                BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + row * n + offs, mask=m, other=0.0)
    a = tl.load(a_ptr + row * n + offs, mask=m, other=1.0)
    tl.store(out_ptr + row * n + offs, tl.cumsum(x, axis=0), mask=m)
    _, h = tl.associative_scan((a, x), 0, _combine_affine)
    tl.store(out2_ptr + row * n + offs, h, mask=m)
    xi = x.to(tl.int32)
    tl.store(out3_ptr + row * n + offs, tl.cumprod(xi | 1, axis=0, reverse=True),
             mask=m)


@triton.jit
def dequant_int4_kernel(q_ptr, scale_ptr, zero_ptr, out_ptr, n_rows, n_cols,
                        GROUP: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    pid = tl.program_id(1)
    half = pid * BLOCK + tl.arange(0, BLOCK)
    m = half < n_cols // 2
    packed = tl.load(q_ptr + row * (n_cols // 2) + half, mask=m, other=0)
    lo = (packed & 0xF).to(tl.int32)
    hi = ((packed >> 4) & 0xF).to(tl.int32)
    col_lo = half * 2
    g = col_lo // GROUP
    s = tl.load(scale_ptr + row * (n_cols // GROUP) + g, mask=m, other=0.0)
    z = tl.load(zero_ptr + row * (n_cols // GROUP) + g, mask=m, other=0)
    vlo = (lo - z).to(tl.float16) * s
    vhi = (hi - z).to(tl.float16) * s
    tl.store(out_ptr + row * n_cols + col_lo, vlo, mask=m)
    tl.store(out_ptr + row * n_cols + col_lo + 1, vhi, mask=m)


@triton.jit
def gelu_math_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    g = 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))
    t = tl.sin(x) * tl.cos(x) + tl.log(tl.abs(x) + 1.0) + tl.sqrt_rn(x * x + 1.0)
    r = tl.fdiv(g, t + 2.0, ieee_rounding=True) + tl.math.rsqrt(x * x + 1.0)
    bits = tl.inline_asm_elementwise(
        "prmt.b32 $0, $1, 0, 0x0123;", "=r,r", [x.to(tl.int32, bitcast=True)],
        dtype=tl.int32, is_pure=True, pack=1)
    r = r + (bits & 1).to(tl.float32) + tl.umulhi(offs.to(tl.uint32), 0x9E3779B9).to(tl.float32)
    tl.store(out_ptr + offs, r.to(tl.float64).to(tl.float32), mask=m)


@triton.jit
def tma_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1],
                                       block_shape=[BN, BK])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BM, BN])
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=3):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([pid_n * BN, k])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))


# ----------------------------------------------------------------------------
def _ptx(ret, fn):
    asm = getattr(ret, "asm", None)
    if asm and "ptx" in asm:
        return asm["ptx"]
    # fall back to the JIT cache of the function
    for cache in getattr(fn, "device_caches", {}).values():
        kc = cache[0] if isinstance(cache, tuple) else cache
        for k in kc.values():
            return k.asm["ptx"]
    raise RuntimeError("no PTX found")


def t(*shape, dtype=torch.float32):
    return torch.randn(*shape, device=DEV).to(dtype)


def run_all():
    jobs = {}

    def vadd():
        n = 10000
        x, y, o = t(n), t(n), t(n)
        return vadd_kernel[(triton.cdiv(n, 1024),)](x, y, o, n, 2.0, BLOCK=1024), vadd_kernel
    jobs["vadd"] = vadd

    def softmax():
        x = t(64, 781, dtype=torch.float16)
        o = torch.empty_like(x)
        return softmax_kernel[(64,)](o, x, x.stride(0), o.stride(0), 781,
                                     BLOCK=1024, num_warps=8), softmax_kernel
    jobs["softmax"] = softmax

    def layernorm():
        x = t(32, 3000)
        y = torch.empty_like(x, dtype=torch.bfloat16)
        w, b = t(3000), t(3000)
        mu, rs = t(32), t(32)
        return layernorm_kernel[(32,)](x, y, w, b, mu, rs, x.stride(0), 3000,
                                       1e-5, BLOCK=512), layernorm_kernel
    jobs["layernorm"] = layernorm

    def mm(dtype, prec, name):
        def f():
            M, N, K = 256, 256, 256
            a, b = t(M, K, dtype=dtype), t(K, N, dtype=dtype)
            c = torch.empty(M, N, device=DEV, dtype=torch.float16 if dtype != torch.float32 else torch.float32)
            grid = (triton.cdiv(M, 128) * triton.cdiv(N, 128),)
            r = matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1),
                                    b.stride(0), b.stride(1), c.stride(0),
                                    c.stride(1), BM=128, BN=128,
                                    BK=32 if dtype == torch.float32 else 64,
                                    GROUP_M=8, PREC=prec,
                                    OUT_F16=dtype != torch.float32,
                                    num_warps=8, num_stages=3)
            return r, matmul_kernel
        jobs[name] = f
    mm(torch.float16, "ieee", "matmul_fp16")
    mm(torch.bfloat16, "ieee", "matmul_bf16")
    mm(torch.float32, "tf32", "matmul_tf32")
    mm(torch.float32, "ieee", "matmul_fp32")

    def mm8():
        M = N = K = 256
        a = t(M, K).to(torch.float8_e4m3fn)
        b = t(K, N).to(torch.float8_e4m3fn)
        c = torch.empty(M, N, device=DEV, dtype=torch.bfloat16)
        return matmul_fp8_kernel[(M // 128, N // 128)](a, b, c, 0.5, 2.0, M, N, K,
                                                      BM=128, BN=128, BK=64,
                                                      num_warps=8), matmul_fp8_kernel
    jobs["matmul_fp8"] = mm8

    def attn():
        H, S, D = 4, 500, 64
        q, k, v = (t(H, S, D, dtype=torch.float16) for _ in range(3))
        o = torch.empty_like(q)
        return attention_kernel[(triton.cdiv(S, 64), H)](
            q, k, v, o, 0.125, S, q.stride(0), q.stride(1), BM=64, BN=64, D=D,
            CAUSAL=True, num_warps=4, num_stages=2), attention_kernel
    jobs["attention"] = attn

    def red():
        n = 5000
        x = t(n)
        s = torch.zeros(1, device=DEV)
        mx = torch.zeros(1, device=DEV, dtype=torch.int32)
        cnt = torch.zeros(32, device=DEV, dtype=torch.int32)
        return reduce_atomic_kernel[(triton.cdiv(n, 256),)](x, s, mx, cnt, n,
                                                            BLOCK=256), reduce_atomic_kernel
    jobs["reduce_atomic"] = red

    def am():
        x = t(16, 300)
        idx = torch.empty(32, device=DEV, dtype=torch.int32)
        val = torch.empty(16, device=DEV)
        return argmax_kernel[(16,)](x, idx, val, 300, x.stride(0), BLOCK=512), argmax_kernel
    jobs["argmax"] = am

    def scan():
        n = 1000
        x, a = t(8, n), t(8, n)
        o1, o2 = torch.empty_like(x), torch.empty_like(x)
        o3 = torch.empty(8, n, device=DEV, dtype=torch.int32)
        return scan_kernel[(8,)](x, a, o1, o2, o3, n, BLOCK=1024), scan_kernel
    jobs["scan"] = scan

    def dq():
        R, C, G = 64, 512, 64
        q = torch.randint(0, 255, (R, C // 2), device=DEV, dtype=torch.uint8)
        s = t(R, C // G, dtype=torch.float16)
        z = torch.randint(0, 15, (R, C // G), device=DEV, dtype=torch.int32)
        o = torch.empty(R, C, device=DEV, dtype=torch.float16)
        return dequant_int4_kernel[(R, 1)](q, s, z, o, R, C, GROUP=G, BLOCK=256), dequant_int4_kernel
    jobs["dequant_int4"] = dq

    def gelu():
        n = 4096
        x, o = t(n), t(n)
        return gelu_math_kernel[(4,)](x, o, n, BLOCK=1024), gelu_math_kernel
    jobs["gelu_math"] = gelu

    def tma():
        def alloc(size, alignment, stream):
            return torch.empty(size, device=DEV, dtype=torch.int8)
        triton.set_allocator(alloc)
        M = N = K = 512
        a, b = t(M, K, dtype=torch.float16), t(N, K, dtype=torch.float16)
        c = torch.empty(M, N, device=DEV, dtype=torch.float16)
        return tma_matmul_kernel[(M // 128, N // 128)](a, b, c, M, N, K, BM=128,
                                                      BN=128, BK=64, num_warps=8), tma_matmul_kernel
    jobs["tma_matmul"] = tma

    ok = 0
    for name, job in jobs.items():
        try:
            ret, fn = job()
            torch.cuda.synchronize()
            with open(os.path.join(OUT, "triton.%s.ptx" % name), "w") as f:
                f.write(_ptx(ret, fn))
            ok += 1
            print("ok", name)
        except Exception:
            print("FAIL", name)
            traceback.print_exc()
    print("triton %s: %d/%d kernels" % (triton.__version__, ok, len(jobs)))


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    run_all()

#!/usr/bin/env python3
"""client_tinygrad.py -- tinygrad on libptxcuda: tinygrad's CUDA runtime
loads PTX with cuModuleLoadData and launches it with cuLaunchKernel; each
result is compared with numpy.  Three passes over the same cases:

  ptx-noopt  tinygrad's own PTX renderer (DEV=CUDA:PTX) without kernel
             optimisations (NOOPT): no kernel uses shared memory; and a
             TinyJit function, which tinygrad replays as a CUDA graph
  ptx        the same renderer with them: reductions stage partial sums in
             shared memory
  nvrtc      tinygrad's CUDA C renderer, compiled to PTX by the toolkit's
             NVRTC (DEV=CUDA:CUDA); skipped without NVRTC

usage: client_tinygrad.py     exit 0 all passed, 1 a failure, 77 no tinygrad
"""
import ctypes
import os
import sys

os.environ["DEV"] = "CUDA:PTX"
os.environ["CACHELEVEL"] = "0"      # compile everything here, cache nothing
try:
    import numpy as np
    from tinygrad import Tensor, TinyJit, dtypes
    from tinygrad.helpers import Context
except ImportError as e:
    print("SKIP: tinygrad: %s" % e)
    sys.exit(77)

rng = np.random.default_rng(0)
passed = failed = 0


def check(name, got, want, tol=1e-4):
    global passed, failed
    ok = got.shape == want.shape and np.allclose(got, want, rtol=tol, atol=tol, equal_nan=True)
    print("%s: %s" % ("PASS" if ok else "FAIL", name))
    passed += ok
    failed += not ok


def conv_ref(img, w, pad):
    n, c, h, wd = img.shape
    o, _, kh, kw = w.shape
    p = np.pad(img, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    out = np.zeros((n, o, h + 2 * pad - kh + 1, wd + 2 * pad - kw + 1), np.float32)
    for i in range(kh):
        for j in range(kw):
            out += np.einsum("nchw,oc->nohw", p[:, :, i:i + out.shape[2], j:j + out.shape[3]],
                             w[:, :, i, j])
    return out


def cases(tag, subset=False):
    x = rng.standard_normal((64, 48)).astype(np.float32)
    y = rng.standard_normal((64, 48)).astype(np.float32)
    check(tag + " elementwise", (Tensor(x) * Tensor(y) + Tensor(x).exp()).numpy(), x * y + np.exp(x))
    check(tag + " sum rows", Tensor(x).sum(axis=1).numpy(), x.sum(axis=1))
    if not subset:
        check(tag + " sqrt/where", Tensor(x).relu().sqrt().numpy(), np.sqrt(np.maximum(x, 0)))
        check(tag + " max cols", Tensor(x).max(axis=0).numpy(), x.max(axis=0))
        check(tag + " mean", Tensor(x).mean().numpy(), np.float32(x.mean()))
    e = np.exp(x - x.max(axis=1, keepdims=True))
    check(tag + " softmax", Tensor(x).softmax(axis=1).numpy(), e / e.sum(axis=1, keepdims=True))
    a = rng.standard_normal((33, 70)).astype(np.float32)
    b = rng.standard_normal((70, 17)).astype(np.float32)
    check(tag + " matmul", (Tensor(a) @ Tensor(b)).numpy(), a @ b, 1e-3)
    img = rng.standard_normal((2, 3, 10, 10)).astype(np.float32)
    w = rng.standard_normal((4, 3, 3, 3)).astype(np.float32)
    check(tag + " conv2d", Tensor(img).conv2d(Tensor(w), padding=1).numpy(), conv_ref(img, w, 1), 1e-3)
    if subset:
        return
    iv = rng.integers(-1000, 1000, 100).astype(np.int32)
    check(tag + " int32", (Tensor(iv) * 3 + 7).numpy(), iv * 3 + 7)
    h = x.astype(np.float16)
    check(tag + " float16", (Tensor(h, dtype=dtypes.half) * 2).numpy().astype(np.float32),
          (h * 2).astype(np.float32))


@TinyJit
def jitted(a, b):
    c = (a * b).relu().contiguous()
    d = (c + a).exp2().contiguous()
    return ((d @ b.T).sum(axis=1) + c.sum()).realize()


def jit(tag):
    """TinyJit replays its kernels as one CUDA graph from the third call on."""
    ok = True
    for _ in range(4):
        a = rng.standard_normal((16, 8)).astype(np.float32)
        b = rng.standard_normal((16, 8)).astype(np.float32)
        c = np.maximum(a * b, 0)
        ok &= np.allclose(jitted(Tensor(a), Tensor(b)).numpy(), (np.exp2(c + a) @ b.T).sum(axis=1) + c.sum(),
                          1e-4, 1e-4)
    check(tag + " TinyJit (CUDA graph)", np.array(ok), np.array(True))


def have_nvrtc():
    try:
        from tinygrad.runtime.autogen import nvrtc
        major, minor = ctypes.c_int(), ctypes.c_int()
        return nvrtc.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor)) == 0
    except Exception:
        return False


skipped = 0
with Context(NOOPT=1):
    cases("ptx-noopt")
    jit("ptx-noopt")
cases("ptx")   # optimised: shared buffers addressed as `mov.u64 %r, local0[0]`
if have_nvrtc():
    with Context(DEV="CUDA:CUDA"):
        cases("nvrtc", subset=True)
else:
    print("SKIP: nvrtc (no NVRTC)")
    skipped += 1
print("%d passed, %d failed%s" % (passed, failed, ", %d skipped" % skipped if skipped else ""))
sys.exit(1 if failed else 0)

#!/usr/bin/env python3
"""shim_launch.py -- launches through libptxcuda, as an unmodified
driver-API program makes them: kernel k of MODULE.ptx twice, or each
kernel of the comma-separated list KERNELS once, in order, then the
context destroyed; each on one CTA of BLOCK threads, with one zeroed
4 KiB buffer as its only parameter, freed after the launches unless
KEEP is "keep" (memcheck's leak check then finds it, at the context's
destruction or at the process's end).

usage: shim_launch.py LIBCUDA.so MODULE.ptx BLOCK [KERNELS [KEEP]]
exit 1 on a failed call
"""
import ctypes as C
import sys

cu = C.CDLL(sys.argv[1])


def ck(r, what):
    if r != 0:
        print("FAIL %s: %d" % (what, r))
        sys.exit(1)


ptx = open(sys.argv[2], "rb").read() + b"\0"
ck(cu.cuInit(0), "cuInit")
dev = C.c_int()
ck(cu.cuDeviceGet(C.byref(dev), 0), "cuDeviceGet")
ctx = C.c_void_p()
ck(cu.cuCtxCreate_v2(C.byref(ctx), 0, dev), "cuCtxCreate_v2")
mod = C.c_void_p()
ck(cu.cuModuleLoadData(C.byref(mod), C.c_char_p(ptx)), "cuModuleLoadData")
names = sys.argv[4].split(",") if len(sys.argv) > 4 and sys.argv[4] else ["k", "k"]   # twice: one report, counted twice
fns = []
for n in names:
    fn = C.c_void_p()
    ck(cu.cuModuleGetFunction(C.byref(fn), mod, n.encode()), "cuModuleGetFunction")
    fns.append(fn)
buf = C.c_uint64()
ck(cu.cuMemAlloc_v2(C.byref(buf), C.c_size_t(4096)), "cuMemAlloc_v2")
ck(cu.cuMemsetD8_v2(buf, 0, C.c_size_t(4096)), "cuMemsetD8_v2")
params = (C.c_void_p * 1)(C.cast(C.byref(buf), C.c_void_p))
for fn in fns:
    ck(cu.cuLaunchKernel(fn, 1, 1, 1, int(sys.argv[3]), 1, 1, 0, None, params, None), "cuLaunchKernel")
ck(cu.cuCtxSynchronize(), "cuCtxSynchronize")
if len(sys.argv) <= 5 or sys.argv[5] != "keep":
    ck(cu.cuMemFree_v2(buf), "cuMemFree_v2")
if len(sys.argv) > 4 and sys.argv[4]:
    ck(cu.cuCtxDestroy_v2(ctx), "cuCtxDestroy_v2")
print("launched")

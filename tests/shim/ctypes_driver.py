#!/usr/bin/env python3
"""ctypes_driver.py -- the CUDA driver API through ctypes, as a Python
program without bindings would use it: load libcuda.so.1 (found by the
dynamic loader, so LD_LIBRARY_PATH picks the interpreter's), run saxpy from
a corpus-style module, and check the error paths a GPU would take: a kernel
that writes out of bounds, a cubin image, an unknown kernel.

usage: ctypes_driver.py SAXPY.ptx          prints results; exit 1 on failure
"""
import ctypes as C
import sys

cu = C.CDLL("libcuda.so.1")
failed = 0


def name(r):
    s = C.c_char_p()
    cu.cuGetErrorName(r, C.byref(s))
    return s.value.decode() if s.value else str(r)


def ck(r, what):
    global failed
    if r != 0:
        print("FAIL %s: %s" % (what, name(r)))
        failed = 1
        sys.exit(1)


ptx = open(sys.argv[1], "rb").read() + b"\0"
ck(cu.cuInit(0), "cuInit")
dev = C.c_int()
ck(cu.cuDeviceGet(C.byref(dev), 0), "cuDeviceGet")
ctx = C.c_void_p()
ck(cu.cuCtxCreate_v2(C.byref(ctx), 0, dev), "cuCtxCreate_v2")
mod = C.c_void_p()
ck(cu.cuModuleLoadData(C.byref(mod), C.c_char_p(ptx)), "cuModuleLoadData")
fn = C.c_void_p()
ck(cu.cuModuleGetFunction(C.byref(fn), mod, b"saxpy"), "cuModuleGetFunction")

n = 1000
x = (C.c_float * n)(*[float(i) for i in range(n)])
y = (C.c_float * n)(*[float(2 * i + 1) for i in range(n)])
dx, dy = C.c_uint64(), C.c_uint64()
ck(cu.cuMemAlloc_v2(C.byref(dx), C.c_size_t(4 * n)), "cuMemAlloc_v2")
ck(cu.cuMemAlloc_v2(C.byref(dy), C.c_size_t(4 * n)), "cuMemAlloc_v2")
ck(cu.cuMemcpyHtoD_v2(dx, x, C.c_size_t(4 * n)), "cuMemcpyHtoD_v2")
ck(cu.cuMemcpyHtoD_v2(dy, y, C.c_size_t(4 * n)), "cuMemcpyHtoD_v2")
cn, ca = C.c_int(n), C.c_float(3.0)
params = (C.c_void_p * 4)(C.cast(C.byref(cn), C.c_void_p), C.cast(C.byref(ca), C.c_void_p),
                          C.cast(C.byref(dx), C.c_void_p), C.cast(C.byref(dy), C.c_void_p))
ck(cu.cuLaunchKernel(fn, 4, 1, 1, 256, 1, 1, 0, None, params, None), "cuLaunchKernel")
ck(cu.cuCtxSynchronize(), "cuCtxSynchronize")
out = (C.c_float * n)()
ck(cu.cuMemcpyDtoH_v2(out, dy, C.c_size_t(4 * n)), "cuMemcpyDtoH_v2")
ok = all(out[i] == 3.0 * i + 2 * i + 1 for i in range(n))
print("saxpy: %g %g %g %s" % (out[0], out[1], out[n - 1], "OK" if ok else "WRONG"))
failed |= not ok

# cuGetProcAddress gives the versioned entry point
p = C.c_void_p()
st = C.c_int()
ck(cu.cuGetProcAddress_v2(b"cuMemAlloc", C.byref(p), 12000, C.c_uint64(0), C.byref(st)),
   "cuGetProcAddress_v2")
alloc = C.CFUNCTYPE(C.c_int, C.POINTER(C.c_uint64), C.c_size_t)(p.value)
dz = C.c_uint64()
ck(alloc(C.byref(dz), 64), "cuMemAlloc through cuGetProcAddress")
print("proc address: cuMemAlloc %s" % ("OK" if dz.value else "WRONG"))

# a cubin is refused
elf = b"\x7fELF" + b"\0" * 60
m2 = C.c_void_p()
print("cubin image: %s" % name(cu.cuModuleLoadData(C.byref(m2), C.c_char_p(elf))))
print("no such kernel: %s" % name(cu.cuModuleGetFunction(C.byref(fn), mod, b"nope")))

# y 1 TiB past its buffer, where no allocation is: the kernel faults (a
# little past the end would not, as on a GPU: small buffers lie among
# others and memory of the driver's, 72 MiB of it after a context's
# first); the launch returns once queued, as on a GPU, and the
# synchronize after it gets the fault; the context stays poisoned
dy.value += 1 << 40
ck(cu.cuMemFree_v2(dz), "cuMemFree_v2")
r = cu.cuLaunchKernel(fn, 4, 1, 1, 256, 1, 1, 0, None, params, None)
print("out of bounds launch: %s" % name(r))
print("then synchronize: %s" % name(cu.cuCtxSynchronize()))
ck(cu.cuCtxDestroy_v2(ctx), "cuCtxDestroy_v2")
print("done")
sys.exit(1 if failed else 0)

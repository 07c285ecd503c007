#!/usr/bin/env python3
"""client_pycuda.py -- pycuda on libptxcuda: pycuda links the driver API
directly (148 entry points, the legacy launch calls among them); this loads
PTX that nvcc made from pycuda_kernels.cu, launches it with pycuda's
argument handlers, and runs gpuarray transfers and a pitched 2-D copy,
comparing with numpy.  (pycuda's SourceModule and the gpuarray kernels
compile to cubin, which the interpreter cannot run.)

usage: client_pycuda.py KERNELS.ptx     exit 0 all passed, 1 a failure, 77 no pycuda
"""
import sys

from tally import check, done, skip

try:
    import numpy as np
    import pycuda.driver as drv
except ImportError as e:
    skip("pycuda", e)


drv.init()
dev = drv.Device(0)
check("device", dev.compute_capability() == (9, 0) and dev.count() == 1)
ctx = dev.make_context()
try:
    import pycuda.gpuarray as gpuarray
    rng = np.random.default_rng(2)
    mod = drv.module_from_buffer(open(sys.argv[1], "rb").read())
    f = mod.get_function("scale_add")
    n = 1000
    a = rng.random(n, dtype=np.float32)
    b = rng.random(n, dtype=np.float32)
    out = np.zeros_like(a)
    f(drv.Out(out), drv.In(a), drv.In(b), np.float32(2.5), np.int32(n), block=(128, 1, 1), grid=(8, 1))
    check("scale_add", np.allclose(out, np.float32(2.5) * a + b))
    g = gpuarray.to_gpu(a)
    check("gpuarray round trip", (g.get() == a).all())
    t = mod.get_function("transpose2d")
    m = rng.random((30, 50), dtype=np.float32)
    mt = np.zeros((50, 30), np.float32)
    t(drv.Out(mt), drv.In(m), np.int32(30), np.int32(50), block=(16, 16, 1), grid=(4, 2))
    check("2-D block transpose", (mt == m.T).all())
    d, pitch = drv.mem_alloc_pitch(50 * 4, 30, 4)
    c = drv.Memcpy2D()
    c.set_src_host(m)
    c.set_dst_device(d)
    c.width_in_bytes = c.src_pitch = 50 * 4
    c.dst_pitch = pitch
    c.height = 30
    c(aligned=True)
    back = np.zeros_like(m)
    c2 = drv.Memcpy2D()
    c2.set_src_device(d)
    c2.set_dst_host(back)
    c2.width_in_bytes = c2.dst_pitch = 50 * 4
    c2.src_pitch = pitch
    c2.height = 30
    c2(aligned=True)
    check("pitched 2-D copy (pitch %d)" % pitch, (back == m).all())
finally:
    ctx.pop()
done()

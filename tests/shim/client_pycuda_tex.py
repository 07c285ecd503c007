#!/usr/bin/env python3
"""client_pycuda_tex.py -- pycuda's texture references on libptxcuda: a
matrix bound to a .texref through a CUDA array (pycuda's matrix_to_texref:
cuArrayCreate, cuMemcpy2D, cuTexRefSetArray), read with point sampling and
then with linear filtering between two texels; a gpuarray bound as linear
memory (cuTexRefSetAddress, cuTexRefSetFormat) read by index; the texrefs
passed to the launch as pycuda passes them (cuParamSetTexRef).  The
kernels are pycuda_tex.ptx.

usage: client_pycuda_tex.py PYCUDA_TEX.ptx   exit 0 all passed, 1 a failure, 77 no pycuda
"""
import sys

from tally import check, done, skip

try:
    import numpy as np
    import pycuda.driver as drv
except ImportError as e:
    skip("pycuda", e)


drv.init()
ctx = drv.Device(0).make_context()
try:
    import pycuda.gpuarray as gpuarray
    mod = drv.module_from_buffer(open(sys.argv[1], "rb").read())
    f2 = mod.get_function("fetch2d")
    f1 = mod.get_function("fetch1d")
    mtex = mod.get_texref("mtex")
    ltex = mod.get_texref("ltex")
    h, w = 13, 21
    # small integers and halves: every texel and midpoint exact in a float
    m = (np.arange(h * w, dtype=np.float32).reshape(h, w) % 37) / 2 - 7
    drv.matrix_to_texref(m, mtex, order="C")
    check("texref format", mtex.get_format() == (drv.array_format.FLOAT, 1))
    out = np.zeros_like(m)
    grid = ((w + 7) // 8, (h + 7) // 8)
    f2(drv.Out(out), np.int32(w), np.int32(h), np.float32(0.5), block=(8, 8, 1), grid=grid, texrefs=[mtex])
    check("tex2D of an array, point", (out == m).all())
    mtex.set_filter_mode(drv.filter_mode.LINEAR)
    check("filter mode", mtex.get_filter_mode() == drv.filter_mode.LINEAR)
    f2(drv.Out(out), np.int32(w), np.int32(h), np.float32(1.0), block=(8, 8, 1), grid=grid, texrefs=[mtex])
    right = np.concatenate([m[:, 1:], m[:, -1:]], axis=1)   # clamped at the last column
    check("tex2D of an array, linear halfway", (out == (m + right) / 2).all())
    n = 300
    v = np.random.default_rng(3).integers(-1000, 1000, n).astype(np.float32)
    g = gpuarray.to_gpu(v)
    ltex.set_format(drv.array_format.FLOAT, 1)
    g.bind_to_texref_ext(ltex)
    check("texref address", ltex.get_address() == int(g.gpudata))
    o1 = np.zeros_like(v)
    f1(drv.Out(o1), np.int32(n), block=(128, 1, 1), grid=((n + 127) // 128, 1), texrefs=[ltex])
    check("tex1Dfetch of linear memory", (o1 == v[::-1]).all())
finally:
    ctx.pop()
done()

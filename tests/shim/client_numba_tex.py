#!/usr/bin/env python3
"""client_numba_tex.py -- numba-cuda kernels reading CUDA arrays through
texture objects on libptxcuda: the arrays and objects made with
cuda-bindings' driver API (cuArrayCreate, cuArray3DCreate, cuMemcpy2D,
cuMemcpy3D, cuTexObjectCreate) in numba's context, the reads in
numba_tex.cu (tex2D, tex3D of a cudaTextureObject_t), which numba-cuda
compiles with NVRTC and links to its @cuda.jit kernels.  Every expected
value is exact: integers read with point sampling at texel centres and
beyond the edges (clamped, and border), and halfway between two float
texels of small integers.

usage: client_numba_tex.py NUMBA_TEX.cu   exit 0 all passed, 1 a failure, 77 no numba-cuda
"""
import sys
import warnings

from tally import check, done, skip

try:
    import numpy as np
    from numba import cuda
    from cuda.bindings import driver as cu
    cuda.compile_ptx(lambda a: None, "void(float32[:])")   # NVVM is there
except Exception as e:
    skip("numba-cuda", e)
warnings.simplefilter("ignore")   # occupancy and host-copy hints

src = sys.argv[1]


def ck(r):
    """cuda-bindings' (error, value...) tuples: the value, or an exception"""
    err, rest = r[0], r[1:]
    if err != cu.CUresult.CUDA_SUCCESS:
        raise RuntimeError("driver call failed: %s" % err)
    return rest[0] if len(rest) == 1 else rest


def array2d(a, fmt):
    """a CUDA array of a's 2D contents, one channel"""
    h, w = a.shape
    d = cu.CUDA_ARRAY_DESCRIPTOR()
    d.Width, d.Height, d.Format, d.NumChannels = w, h, fmt, 1
    arr = ck(cu.cuArrayCreate(d))
    c = cu.CUDA_MEMCPY2D()
    c.srcMemoryType = cu.CUmemorytype.CU_MEMORYTYPE_HOST
    c.srcHost = a.ctypes.data
    c.srcPitch = a.strides[0]
    c.dstMemoryType = cu.CUmemorytype.CU_MEMORYTYPE_ARRAY
    c.dstArray = arr
    c.WidthInBytes = w * a.itemsize
    c.Height = h
    ck(cu.cuMemcpy2D(c))
    return arr


def array3d(a, fmt):
    """a 3D CUDA array of a's contents (depth, height, width), one channel"""
    dd, h, w = a.shape
    d = cu.CUDA_ARRAY3D_DESCRIPTOR()
    d.Width, d.Height, d.Depth, d.Format, d.NumChannels, d.Flags = w, h, dd, fmt, 1, 0
    arr = ck(cu.cuArray3DCreate(d))
    c = cu.CUDA_MEMCPY3D()
    c.srcMemoryType = cu.CUmemorytype.CU_MEMORYTYPE_HOST
    c.srcHost = a.ctypes.data
    c.srcPitch = a.strides[1]
    c.srcHeight = h
    c.dstMemoryType = cu.CUmemorytype.CU_MEMORYTYPE_ARRAY
    c.dstArray = arr
    c.WidthInBytes = w * a.itemsize
    c.Height = h
    c.Depth = dd
    ck(cu.cuMemcpy3D(c))
    return arr


def texobj(arr, filt, addr):
    """a texture object over arr: unnormalized coordinates, elements as they are"""
    rd = cu.CUDA_RESOURCE_DESC()
    rd.resType = cu.CUresourcetype.CU_RESOURCE_TYPE_ARRAY
    rd.res.array.hArray = arr
    td = cu.CUDA_TEXTURE_DESC()
    td.addressMode = [addr] * 3
    td.filterMode = filt
    td.flags = 0
    if addr == cu.CUaddress_mode.CU_TR_ADDRESS_MODE_BORDER:
        td.borderColor = [0.0] * 4
    return ck(cu.cuTexObjectCreate(rd, td, None))


fetch2d_i32 = cuda.declare_device("fetch2d_i32", "int32(uint64, float32, float32)", link=[src])
fetch2d_f32 = cuda.declare_device("fetch2d_f32", "float32(uint64, float32, float32)", link=[src])
fetch3d_i32 = cuda.declare_device("fetch3d_i32", "int32(uint64, float32, float32, float32)", link=[src])


@cuda.jit
def read2d_i32(t, out, dx, dy):
    x, y = cuda.grid(2)
    if y < out.shape[0] and x < out.shape[1]:
        out[y, x] = fetch2d_i32(t, x + dx, y + dy)


@cuda.jit
def read2d_f32(t, out, dx, dy):
    x, y = cuda.grid(2)
    if y < out.shape[0] and x < out.shape[1]:
        out[y, x] = fetch2d_f32(t, x + dx, y + dy)


@cuda.jit
def read3d_i32(t, out):
    i = cuda.grid(1)
    d, h, w = out.shape
    if i < out.size:
        x, y, z = i % w, i // w % h, i // (w * h)
        out[z, y, x] = fetch3d_i32(t, x + 0.5, y + 0.5, z + 0.5)


cuda.current_context()   # numba's context current: the objects are made in it
POINT, LINEAR = cu.CUfilter_mode.CU_TR_FILTER_MODE_POINT, cu.CUfilter_mode.CU_TR_FILTER_MODE_LINEAR
CLAMP, BORDER = cu.CUaddress_mode.CU_TR_ADDRESS_MODE_CLAMP, cu.CUaddress_mode.CU_TR_ADDRESS_MODE_BORDER
I32, F32 = cu.CUarray_format.CU_AD_FORMAT_SIGNED_INT32, cu.CUarray_format.CU_AD_FORMAT_FLOAT
h, w = 13, 21
m = (np.arange(h * w, dtype=np.int32).reshape(h, w) * 7919 % 2003) - 1000
arr = array2d(m, I32)
blk, grid = (8, 8), ((w + 7) // 8, (h + 7) // 8)

t = texobj(arr, POINT, CLAMP)
out = cuda.device_array((h, w), np.int32)
read2d_i32[grid, blk](int(t), out, np.float32(0.5), np.float32(0.5))
check("tex2D<int> at texel centres", (out.copy_to_host() == m).all())
# 3 texels left and 2 up: the first column and row again, clamped
read2d_i32[grid, blk](int(t), out, np.float32(-2.5), np.float32(-1.5))
cols, rows = np.clip(np.arange(w) - 3, 0, w - 1), np.clip(np.arange(h) - 2, 0, h - 1)
check("tex2D<int> clamped", (out.copy_to_host() == m[rows][:, cols]).all())
ck(cu.cuTexObjectDestroy(t))

t = texobj(arr, POINT, BORDER)
read2d_i32[grid, blk](int(t), out, np.float32(4.5), np.float32(0.5))
want = np.zeros_like(m)
want[:, :w - 4] = m[:, 4:]
check("tex2D<int> border", (out.copy_to_host() == want).all())
ck(cu.cuTexObjectDestroy(t))
ck(cu.cuArrayDestroy(arr))

# small integers: the midpoint of two texels is exact in a float
f = ((np.arange(h * w, dtype=np.int32).reshape(h, w) % 37) - 18).astype(np.float32)
arr = array2d(f, F32)
t = texobj(arr, LINEAR, CLAMP)
fo = cuda.device_array((h, w), np.float32)
read2d_f32[grid, blk](int(t), fo, np.float32(1.0), np.float32(0.5))
right = np.concatenate([f[:, 1:], f[:, -1:]], axis=1)   # clamped at the last column
check("tex2D<float> linear halfway", (fo.copy_to_host() == (f + right) / 2).all())
ck(cu.cuTexObjectDestroy(t))
ck(cu.cuArrayDestroy(arr))

dd, h3, w3 = 5, 6, 7
v = (np.arange(dd * h3 * w3, dtype=np.int32).reshape(dd, h3, w3) * 31) - 500
arr = array3d(v, I32)
t = texobj(arr, POINT, CLAMP)
o3 = cuda.device_array((dd, h3, w3), np.int32)
read3d_i32[(v.size + 63) // 64, 64](int(t), o3)
check("tex3D<int> at texel centres", (o3.copy_to_host() == v).all())
ck(cu.cuTexObjectDestroy(t))
ck(cu.cuArrayDestroy(arr))

done()

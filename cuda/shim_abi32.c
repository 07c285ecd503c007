/*
 * shim_abi32.c -- the entry points of the CUDA 2.x ABI that the driver
 * still exports under their unversioned names (cuMemAlloc, cuMemcpyHtoD,
 * cuArrayCreate, cuMemcpy2D, cuMemsetD2D8, cuTexRefSetAddress, ...):
 * sizes, offsets and pitches are 32-bit unsigned int, device pointers
 * CUdeviceptr_v1 (unsigned int), and arrays and copies are described by
 * the _v1 structures, whose fields are the same as the _v2 ones at those
 * widths.  cuda.h has named the _v2 calls by macro since CUDA 3.2, so
 * only a program built against an older cuda.h, or one that looks the old
 * names up, calls these.
 *
 * Each ABI takes a context of its own and refuses the other's, with
 * CUDA_ERROR_INVALID_CONTEXT: the old calls a context the unversioned
 * cuCtxCreate made, and the _v2 calls of CUDA 3.2 (ABI64() at the top of
 * each, in their files) any other, as an H200's driver (580) answers
 * (tests/shim/legacy32.c, abimix.c).  Each old call widens its arguments
 * and calls the _v2 entry point, which does the work and every check,
 * through INNER(), which lets it pass the old context.  A 32-bit device
 * pointer widens to the address it names.  Device memory an old context
 * allocates lies below 4 GiB, as the driver places it (shim_low_pages in
 * shim_mem.c; CUDA_ERROR_OUT_OF_MEMORY once none is left there,
 * tests/shim/v1alloc.c); every other value handed back must fit its
 * 32-bit field, and one that does not (an address of the 64-bit space,
 * where module variables and host memory lie, a pitch or size of 4 GiB or
 * more) is CUDA_ERROR_NOT_SUPPORTED, after what the call made is undone;
 * the driver's own memory sizes (cuMemGetInfo, cuDeviceTotalMem) read as
 * 4 GiB - 1 past that, as it answers.  A context of either ABI is refused
 * while one of the other lives (shim.c).  tests/shim/abimix.c holds what
 * an H200 answered call by call.
 */
#include <string.h>
#include "cuda/shim.h"

typedef unsigned Dptr1;   /* CUdeviceptr_v1 */

/* the _v1 structures (cuda.h before 3.2) and the _v2 ones they become */
typedef struct { unsigned Width, Height; int Format; unsigned NumChannels; } Desc1;
typedef struct { unsigned Width, Height, Depth; int Format; unsigned NumChannels, Flags; } Desc3d1;
typedef struct { size_t Width, Height; int Format; unsigned NumChannels; } Desc2;
typedef struct { size_t Width, Height, Depth; int Format; unsigned NumChannels, Flags; } Desc3d2;
typedef struct {
	unsigned srcXInBytes, srcY;
	int srcMemoryType;
	const void *srcHost;
	Dptr1 srcDevice;
	CUarray srcArray;
	unsigned srcPitch;
	unsigned dstXInBytes, dstY;
	int dstMemoryType;
	void *dstHost;
	Dptr1 dstDevice;
	CUarray dstArray;
	unsigned dstPitch;
	unsigned WidthInBytes, Height;
} Copy2d1;
typedef struct {
	size_t srcXInBytes, srcY;
	int srcMemoryType;
	const void *srcHost;
	CUdeviceptr srcDevice;
	CUarray srcArray;
	size_t srcPitch;
	size_t dstXInBytes, dstY;
	int dstMemoryType;
	void *dstHost;
	CUdeviceptr dstDevice;
	CUarray dstArray;
	size_t dstPitch;
	size_t WidthInBytes, Height;
} Copy2d2;
typedef struct {
	unsigned srcXInBytes, srcY, srcZ, srcLOD;
	int srcMemoryType;
	const void *srcHost;
	Dptr1 srcDevice;
	CUarray srcArray;
	void *reserved0;
	unsigned srcPitch, srcHeight;
	unsigned dstXInBytes, dstY, dstZ, dstLOD;
	int dstMemoryType;
	void *dstHost;
	Dptr1 dstDevice;
	CUarray dstArray;
	void *reserved1;
	unsigned dstPitch, dstHeight;
	unsigned WidthInBytes, Height, Depth;
} Copy3d1;

/* the _v2 entry points, as their files define them */
CUresult cuArrayCreate_v2(CUarray *out, const Desc2 *d);
CUresult cuArray3DCreate_v2(CUarray *out, const Desc3d2 *d);
CUresult cuArrayGetDescriptor_v2(Desc2 *d, CUarray h);
CUresult cuArray3DGetDescriptor_v2(Desc3d2 *d, CUarray h);
CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice d);
CUresult cuModuleGetGlobal_v2(CUdeviceptr *p, size_t *bytes, CUmodule m, const char *name);
CUresult cuGraphicsResourceGetMappedPointer_v2(CUdeviceptr *p, size_t *size, void *res);
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n);
CUresult cuMemAllocHost_v2(void **p, size_t n);
CUresult cuMemAllocPitch_v2(CUdeviceptr *p, size_t *pitch, size_t w, size_t h, unsigned elt);
CUresult cuMemFree_v2(CUdeviceptr p);
CUresult cuMemGetInfo_v2(size_t *freeb, size_t *total);
CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *d, void *p, unsigned flags);
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t n);
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t n);
CUresult cuMemcpyDtoD_v2(CUdeviceptr d, CUdeviceptr s, size_t n);
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void *s, size_t n, CUstream st);
CUresult cuMemcpyDtoHAsync_v2(void *d, CUdeviceptr s, size_t n, CUstream st);
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t n, CUstream st);
CUresult cuMemsetD8_v2(CUdeviceptr d, unsigned char v, size_t n);
CUresult cuMemsetD16_v2(CUdeviceptr d, unsigned short v, size_t n);
CUresult cuMemsetD32_v2(CUdeviceptr d, unsigned v, size_t n);
CUresult cuMemGetAddressRange_v2(CUdeviceptr *base, size_t *size, CUdeviceptr p);
CUresult cuMemcpy2D_v2(const Copy2d2 *c);
CUresult cuMemcpy2DUnaligned_v2(const Copy2d2 *c);
CUresult cuMemcpy2DAsync_v2(const Copy2d2 *c, CUstream s);
CUresult cuMemcpy3D_v2(const CUDA_MEMCPY3D *c);
CUresult cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *c, CUstream s);
CUresult cuMemcpyAtoA_v2(CUarray d, size_t doff, CUarray s, size_t soff, size_t n);
CUresult cuMemcpyAtoD_v2(CUdeviceptr d, CUarray s, size_t soff, size_t n);
CUresult cuMemcpyAtoH_v2(void *d, CUarray s, size_t soff, size_t n);
CUresult cuMemcpyAtoHAsync_v2(void *d, CUarray s, size_t soff, size_t n, CUstream st);
CUresult cuMemcpyDtoA_v2(CUarray d, size_t doff, CUdeviceptr s, size_t n);
CUresult cuMemcpyHtoA_v2(CUarray d, size_t doff, const void *s, size_t n);
CUresult cuMemcpyHtoAAsync_v2(CUarray d, size_t doff, const void *s, size_t n, CUstream st);
CUresult cuMemsetD2D8_v2(CUdeviceptr dst, size_t pitch, unsigned char v, size_t w, size_t h);
CUresult cuMemsetD2D16_v2(CUdeviceptr dst, size_t pitch, unsigned short v, size_t w, size_t h);
CUresult cuMemsetD2D32_v2(CUdeviceptr dst, size_t pitch, unsigned v, size_t w, size_t h);
CUresult cuTexRefSetAddress_v2(size_t *off, void *t, CUdeviceptr p, size_t bytes);
CUresult cuTexRefSetAddress2D_v3(void *t, const Desc2 *d, CUdeviceptr p, size_t pitch);
CUresult cuTexRefGetAddress_v2(CUdeviceptr *p, void *t);

#define FITS(v) ((uint64_t)(v) <= UINT32_MAX)

/* The current context is one of this ABI's. */
static CUresult
ctx32(void)
{
	CUresult r;
	Ctx *c;

	LOCK();
	if (!(r = shim_current(&c)) && !c->abi32)
		r = CUDA_ERROR_INVALID_CONTEXT;
	UNLOCK();
	return r;
}

#define CTX32() do { CUresult r32_ = ctx32(); if (r32_) return r32_; } while (0)

/* The other way round, today's ABI refuses an old context (ABI64() in
 * each of its entry points), but for the shim's own calls: this file's,
 * which hand their work on, and those other entry points make.  A count,
 * not a flag: INNER() calls nest (cuMemAllocPitch frees what it made). */
_Thread_local unsigned shim_inner;

CUresult
shim_inner_done(CUresult r)
{
	shim_inner--;
	return r;
}

CUresult
shim_abi64(void)
{
	CUresult r = CUDA_SUCCESS;
	Ctx *c;

	if (shim_inner)
		return CUDA_SUCCESS;
	LOCK();
	/* with no context current, the call itself says so */
	if (!shim_current(&c) && c->abi32)
		r = CUDA_ERROR_INVALID_CONTEXT;
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- arrays */

CUresult
cuArrayCreate(CUarray *out, const Desc1 *d)
{
	CTX32();
	Desc2 w;

	if (!d)
		return INNER(cuArrayCreate_v2(out, NULL));
	w = (Desc2){d->Width, d->Height, d->Format, d->NumChannels};
	return INNER(cuArrayCreate_v2(out, &w));
}

CUresult
cuArray3DCreate(CUarray *out, const Desc3d1 *d)
{
	CTX32();
	Desc3d2 w;

	if (!d)
		return INNER(cuArray3DCreate_v2(out, NULL));
	w = (Desc3d2){d->Width, d->Height, d->Depth, d->Format, d->NumChannels, d->Flags};
	return INNER(cuArray3DCreate_v2(out, &w));
}

CUresult
cuArrayGetDescriptor(Desc1 *d, CUarray h)
{
	CTX32();
	Desc2 w;
	CUresult r;

	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = INNER(cuArrayGetDescriptor_v2(&w, h))))
		return r;
	if (!FITS(w.Width) || !FITS(w.Height))
		return CUDA_ERROR_NOT_SUPPORTED;
	*d = (Desc1){(unsigned)w.Width, (unsigned)w.Height, w.Format, w.NumChannels};
	return CUDA_SUCCESS;
}

CUresult
cuArray3DGetDescriptor(Desc3d1 *d, CUarray h)
{
	CTX32();
	Desc3d2 w;
	CUresult r;

	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = INNER(cuArray3DGetDescriptor_v2(&w, h))))
		return r;
	if (!FITS(w.Width) || !FITS(w.Height) || !FITS(w.Depth))
		return CUDA_ERROR_NOT_SUPPORTED;
	*d = (Desc3d1){(unsigned)w.Width, (unsigned)w.Height, (unsigned)w.Depth, w.Format, w.NumChannels, w.Flags};
	return CUDA_SUCCESS;
}

/* ---------------------------------------------------------------- memory */

/* Sizes past 32 bits read as 4 GiB - 1, as an H200's driver (580)
 * answers cuDeviceTotalMem and cuMemGetInfo (abimix.gpu, total, info). */
static unsigned
clamp(size_t n)
{
	return FITS(n) ? (unsigned)n : UINT32_MAX;
}

/* The outputs are zeroed first, refused or not, as the driver does. */
CUresult
cuMemGetInfo(unsigned *freeb, unsigned *total)
{
	size_t f, t;
	CUresult r;

	if (freeb)
		*freeb = 0;
	if (total)
		*total = 0;
	CTX32();
	if ((r = INNER(cuMemGetInfo_v2(&f, &t))))
		return r;
	if (freeb)
		*freeb = clamp(f);
	if (total)
		*total = clamp(t);
	return CUDA_SUCCESS;
}

/* A query of the device, which takes no context. */
CUresult
cuDeviceTotalMem(unsigned *bytes, CUdevice d)
{
	size_t n;
	CUresult r;

	if (!bytes)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = cuDeviceTotalMem_v2(&n, d)))
		return r;
	*bytes = clamp(n);
	return CUDA_SUCCESS;
}

CUresult
cuMemAlloc(Dptr1 *p, unsigned n)
{
	CUdeviceptr d;
	CUresult r;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	*p = 0;   /* refused or not, as the driver does */
	CTX32();
	if ((r = INNER(cuMemAlloc_v2(&d, n))))
		return r;
	if (!FITS(d)) {
		INNER(cuMemFree_v2(d));
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	*p = (Dptr1)d;
	return CUDA_SUCCESS;
}

CUresult
cuMemFree(Dptr1 p)
{
	CTX32();
	return INNER(cuMemFree_v2(p));
}

CUresult
cuMemAllocHost(void **p, unsigned n)
{
	CTX32();
	return INNER(cuMemAllocHost_v2(p, n));
}

CUresult
cuMemHostGetDevicePointer(Dptr1 *d, void *p, unsigned flags)
{
	CUdeviceptr w;
	CUresult r;

	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	*d = 0;   /* refused or not, as the driver does */
	CTX32();
	if ((r = INNER(cuMemHostGetDevicePointer_v2(&w, p, flags))))
		return r;
	if (!FITS(w))
		return CUDA_ERROR_NOT_SUPPORTED;
	*d = (Dptr1)w;
	return CUDA_SUCCESS;
}

CUresult
cuModuleGetGlobal(Dptr1 *p, unsigned *bytes, CUmodule m, const char *name)
{
	CUdeviceptr d;
	size_t n;
	CUresult r;

	if (p)
		*p = 0;   /* refused or not, as the driver does */
	CTX32();

	if ((r = INNER(cuModuleGetGlobal_v2(&d, &n, m, name))))
		return r;
	if (!FITS(d) || !FITS(n))
		return CUDA_ERROR_NOT_SUPPORTED;
	if (p)
		*p = (Dptr1)d;
	if (bytes)
		*bytes = (unsigned)n;
	return CUDA_SUCCESS;
}

/* No resource can be mapped here: the _v2 call's answer, which writes
 * nothing. */
CUresult
cuGraphicsResourceGetMappedPointer(Dptr1 *p, unsigned *size, void *res)
{
	CTX32();
	CUdeviceptr d;
	size_t n;

	(void)p;
	(void)size;
	return INNER(cuGraphicsResourceGetMappedPointer_v2(&d, &n, res));
}

CUresult
cuMemsetD8(Dptr1 dst, unsigned char v, unsigned n)
{
	CTX32();
	return INNER(cuMemsetD8_v2(dst, v, n));
}

CUresult
cuMemsetD16(Dptr1 dst, unsigned short v, unsigned n)
{
	CTX32();
	return INNER(cuMemsetD16_v2(dst, v, n));
}

CUresult
cuMemsetD32(Dptr1 dst, unsigned v, unsigned n)
{
	CTX32();
	return INNER(cuMemsetD32_v2(dst, v, n));
}

CUresult
cuMemAllocPitch(Dptr1 *p, unsigned *pitch, unsigned w, unsigned h, unsigned elt)
{
	CTX32();
	CUdeviceptr d;
	size_t pt;
	CUresult r;

	if (!p || !pitch)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = INNER(cuMemAllocPitch_v2(&d, &pt, w, h, elt))))
		return r;
	if (!FITS(d) || !FITS(pt)) {
		INNER(cuMemFree_v2(d));
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	*p = (Dptr1)d;
	*pitch = (unsigned)pt;
	return CUDA_SUCCESS;
}

CUresult
cuMemGetAddressRange(Dptr1 *base, unsigned *size, Dptr1 p)
{
	CTX32();
	CUdeviceptr b;
	size_t n;
	CUresult r;

	if ((r = INNER(cuMemGetAddressRange_v2(&b, &n, p))))
		return r;
	if (!FITS(b) || !FITS(n))
		return CUDA_ERROR_NOT_SUPPORTED;
	if (base)
		*base = (Dptr1)b;
	if (size)
		*size = (unsigned)n;
	return CUDA_SUCCESS;
}

CUresult
cuMemsetD2D8(Dptr1 dst, unsigned pitch, unsigned char v, unsigned w, unsigned h)
{
	CTX32();
	return INNER(cuMemsetD2D8_v2(dst, pitch, v, w, h));
}

CUresult
cuMemsetD2D16(Dptr1 dst, unsigned pitch, unsigned short v, unsigned w, unsigned h)
{
	CTX32();
	return INNER(cuMemsetD2D16_v2(dst, pitch, v, w, h));
}

CUresult
cuMemsetD2D32(Dptr1 dst, unsigned pitch, unsigned v, unsigned w, unsigned h)
{
	CTX32();
	return INNER(cuMemsetD2D32_v2(dst, pitch, v, w, h));
}

/* ---------------------------------------------------------------- copies */

CUresult
cuMemcpyHtoD(Dptr1 d, const void *s, unsigned n)
{
	CTX32();
	return INNER(cuMemcpyHtoD_v2(d, s, n));
}

CUresult
cuMemcpyDtoH(void *d, Dptr1 s, unsigned n)
{
	CTX32();
	return INNER(cuMemcpyDtoH_v2(d, s, n));
}

CUresult
cuMemcpyDtoD(Dptr1 d, Dptr1 s, unsigned n)
{
	CTX32();
	return INNER(cuMemcpyDtoD_v2(d, s, n));
}

CUresult
cuMemcpyHtoDAsync(Dptr1 d, const void *s, unsigned n, CUstream st)
{
	CTX32();
	return INNER(cuMemcpyHtoDAsync_v2(d, s, n, st));
}

CUresult
cuMemcpyDtoHAsync(void *d, Dptr1 s, unsigned n, CUstream st)
{
	CTX32();
	return INNER(cuMemcpyDtoHAsync_v2(d, s, n, st));
}

CUresult
cuMemcpyDtoDAsync(Dptr1 d, Dptr1 s, unsigned n, CUstream st)
{
	CTX32();
	return INNER(cuMemcpyDtoDAsync_v2(d, s, n, st));
}

CUresult
cuMemcpyHtoA(CUarray d, unsigned doff, const void *s, unsigned n)
{
	CTX32();
	return INNER(cuMemcpyHtoA_v2(d, doff, s, n));
}

CUresult
cuMemcpyHtoAAsync(CUarray d, unsigned doff, const void *s, unsigned n, CUstream st)
{
	CTX32();
	return INNER(cuMemcpyHtoAAsync_v2(d, doff, s, n, st));
}

CUresult
cuMemcpyAtoH(void *d, CUarray s, unsigned soff, unsigned n)
{
	CTX32();
	return INNER(cuMemcpyAtoH_v2(d, s, soff, n));
}

CUresult
cuMemcpyAtoHAsync(void *d, CUarray s, unsigned soff, unsigned n, CUstream st)
{
	CTX32();
	return INNER(cuMemcpyAtoHAsync_v2(d, s, soff, n, st));
}

CUresult
cuMemcpyAtoA(CUarray d, unsigned doff, CUarray s, unsigned soff, unsigned n)
{
	CTX32();
	return INNER(cuMemcpyAtoA_v2(d, doff, s, soff, n));
}

CUresult
cuMemcpyDtoA(CUarray d, unsigned doff, Dptr1 s, unsigned n)
{
	CTX32();
	return INNER(cuMemcpyDtoA_v2(d, doff, s, n));
}

CUresult
cuMemcpyAtoD(Dptr1 d, CUarray s, unsigned soff, unsigned n)
{
	CTX32();
	return INNER(cuMemcpyAtoD_v2(d, s, soff, n));
}

static Copy2d2
widen2d(const Copy2d1 *c)
{
	return (Copy2d2){
		c->srcXInBytes, c->srcY, c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray, c->srcPitch,
		c->dstXInBytes, c->dstY, c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray, c->dstPitch,
		c->WidthInBytes, c->Height,
	};
}

CUresult
cuMemcpy2D(const Copy2d1 *c)
{
	CTX32();
	Copy2d2 w;

	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	w = widen2d(c);
	return INNER(cuMemcpy2D_v2(&w));
}

CUresult
cuMemcpy2DUnaligned(const Copy2d1 *c)
{
	CTX32();
	Copy2d2 w;

	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	w = widen2d(c);
	return INNER(cuMemcpy2DUnaligned_v2(&w));
}

CUresult
cuMemcpy2DAsync(const Copy2d1 *c, CUstream s)
{
	CTX32();
	Copy2d2 w;

	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	w = widen2d(c);
	return INNER(cuMemcpy2DAsync_v2(&w, s));
}

static void
widen3d(CUDA_MEMCPY3D *w, const Copy3d1 *c)
{
	memset(w, 0, sizeof *w);
	w->srcXInBytes = c->srcXInBytes;
	w->srcY = c->srcY;
	w->srcZ = c->srcZ;
	w->srcLOD = c->srcLOD;
	w->srcMemoryType = c->srcMemoryType;
	w->srcHost = c->srcHost;
	w->srcDevice = c->srcDevice;
	w->srcArray = c->srcArray;
	w->reserved0 = c->reserved0;
	w->srcPitch = c->srcPitch;
	w->srcHeight = c->srcHeight;
	w->dstXInBytes = c->dstXInBytes;
	w->dstY = c->dstY;
	w->dstZ = c->dstZ;
	w->dstLOD = c->dstLOD;
	w->dstMemoryType = c->dstMemoryType;
	w->dstHost = c->dstHost;
	w->dstDevice = c->dstDevice;
	w->dstArray = c->dstArray;
	w->reserved1 = c->reserved1;
	w->dstPitch = c->dstPitch;
	w->dstHeight = c->dstHeight;
	w->WidthInBytes = c->WidthInBytes;
	w->Height = c->Height;
	w->Depth = c->Depth;
}

CUresult
cuMemcpy3D(const Copy3d1 *c)
{
	CTX32();
	CUDA_MEMCPY3D w;

	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	widen3d(&w, c);
	return INNER(cuMemcpy3D_v2(&w));
}

CUresult
cuMemcpy3DAsync(const Copy3d1 *c, CUstream s)
{
	CTX32();
	CUDA_MEMCPY3D w;

	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	widen3d(&w, c);
	return INNER(cuMemcpy3DAsync_v2(&w, s));
}

/* ---------------------------------------------------------------- texture references */

CUresult
cuTexRefSetAddress(unsigned *off, void *t, Dptr1 p, unsigned bytes)
{
	CTX32();
	size_t o;
	CUresult r;

	if ((r = INNER(cuTexRefSetAddress_v2(off ? &o : NULL, t, p, bytes))))
		return r;
	/* the offset is below the texture alignment: it always fits */
	if (off)
		*off = (unsigned)o;
	return CUDA_SUCCESS;
}

CUresult
cuTexRefSetAddress2D(void *t, const Desc1 *d, Dptr1 p, unsigned pitch)
{
	CTX32();
	Desc2 w;

	if (!d)
		return INNER(cuTexRefSetAddress2D_v3(t, NULL, p, pitch));
	w = (Desc2){d->Width, d->Height, d->Format, d->NumChannels};
	return INNER(cuTexRefSetAddress2D_v3(t, &w, p, pitch));
}

CUresult
cuTexRefGetAddress(Dptr1 *p, void *t)
{
	CTX32();
	CUdeviceptr d;
	CUresult r;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = INNER(cuTexRefGetAddress_v2(&d, t))))
		return r;
	if (!FITS(d))
		return CUDA_ERROR_NOT_SUPPORTED;
	*p = (Dptr1)d;
	return CUDA_SUCCESS;
}

/*
 * shim_copy.c -- the strided copies and fills of libptxcuda (cuMemcpy2D,
 * cuMemcpy3D, cuMemsetD2D*), copies between contexts (cuMemcpyPeer), and
 * what a pointer is (cuPointerGetAttribute).
 *
 * Every context shares the one device memory, so a peer copy is a plain
 * device-to-device copy.  A strided copy moves one row at a time (one copy
 * when both sides are dense); a CUDA array is a side whose pitch is its
 * row (shim_tex.c).  As everywhere in the shim,
 * the Async forms have finished when they return.
 */
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

/* CUDA_MEMCPY2D (the _v2 layout of cuda.h); CUDA_MEMCPY3D is in shim.h. */
typedef struct {
	size_t srcXInBytes, srcY;
	int srcMemoryType;
	const void *srcHost;
	CUdeviceptr srcDevice;
	void *srcArray;
	size_t srcPitch;
	size_t dstXInBytes, dstY;
	int dstMemoryType;
	void *dstHost;
	CUdeviceptr dstDevice;
	void *dstArray;
	size_t dstPitch;
	size_t WidthInBytes, Height;
} CUDA_MEMCPY2D;

/* CUDA_MEMCPY3D_PEER: the same with a context instead of the reserved
 * pointer on each side. */
typedef CUDA_MEMCPY3D CUDA_MEMCPY3D_PEER;

/* One side of a strided copy: device address or host pointer, and where
 * byte x of row y of slice z lies. */
typedef struct {
	int dev;
	CUdeviceptr d;
	char *h;
	size_t pitch, height;
} Side;

/* No user address lies at or past 2^57 (x86-64's five-level paging and
 * arm64's 52-bit addresses stay below it): a host side that reaches there
 * is no buffer of the caller's, whatever its pitch claims. */
#define HOST_END ((uint64_t)1 << 57)

/* The offset of byte x of row y of slice z, and the bytes a copy of w x h x
 * d from there spans (to the end of its last row); 1 when either does not
 * fit in 64 bits.  Pitches and extents are the caller's: every step is
 * checked. */
static int
extent(size_t x, size_t y, size_t z, size_t w, size_t h, size_t d, size_t pitch, size_t height,
       uint64_t *off, uint64_t *end)
{
	uint64_t slice, a, b;

	if (__builtin_mul_overflow((uint64_t)pitch, (uint64_t)height, &slice) ||
	    __builtin_mul_overflow((uint64_t)y, (uint64_t)pitch, &a) ||
	    __builtin_mul_overflow((uint64_t)z, slice, &b) ||
	    __builtin_add_overflow(a, b, off) || __builtin_add_overflow(*off, (uint64_t)x, off))
		return 1;
	if (!w || !h || !d) {
		*end = *off;
		return 0;
	}
	return __builtin_mul_overflow((uint64_t)(h - 1), (uint64_t)pitch, &a) ||
	    __builtin_mul_overflow((uint64_t)(d - 1), slice, &b) ||
	    __builtin_add_overflow(a, b, end) || __builtin_add_overflow(*end, *off, end) ||
	    __builtin_add_overflow(*end, (uint64_t)w, end);
}

/* Resolves a CUmemorytype side of a copy of w x h x d bytes; under LOCK.
 * An array is device memory whose pitch is its row (shim_tex.c).  A side
 * whose rows reach past the end of the address space is refused before
 * a byte moves. */
static CUresult
side(Side *s, int type, const void *host, CUdeviceptr dev, const void *array, size_t pitch,
     size_t height, size_t x, size_t y, size_t z, size_t w, size_t h, size_t d)
{
	uint64_t off, end;

	if (type == CU_MEMORYTYPE_UNIFIED) {
		type = shim_isdev(dev) ? CU_MEMORYTYPE_DEVICE : CU_MEMORYTYPE_HOST;
		host = (const void *)(uintptr_t)dev;
	}
	if (type == CU_MEMORYTYPE_ARRAY) {
		CUresult r = shim_array_side(array, x, y, z, w, h, d, &dev, &pitch, &height);
		if (r)
			return r;
		type = CU_MEMORYTYPE_DEVICE;
	}
	if (type != CU_MEMORYTYPE_HOST && type != CU_MEMORYTYPE_DEVICE)
		return CUDA_ERROR_INVALID_VALUE;
	if (extent(x, y, z, w, h, d, pitch, height, &off, &end))
		return CUDA_ERROR_INVALID_VALUE;
	if (type == CU_MEMORYTYPE_DEVICE ? end > UINT64_MAX - dev :
	    (uint64_t)(uintptr_t)host >= HOST_END || end > HOST_END - (uint64_t)(uintptr_t)host)
		return CUDA_ERROR_INVALID_VALUE;
	if (type == CU_MEMORYTYPE_DEVICE && w && h && d) {   /* the rows' span: within the allocation */
		CUresult r = shim_devspan(dev + off, end - off);
		if (r)
			return r;
	}
	s->dev = type == CU_MEMORYTYPE_DEVICE;
	s->d = dev + off;
	s->h = host ? (char *)(uintptr_t)host + off : NULL;   /* no offset from NULL (a device side) */
	s->pitch = pitch;
	s->height = height;
	if (s->dev ? !dev : !host)
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

/* n bytes from src+off_s to dst+off_d; under LOCK. */
static CUresult
move(const Side *dst, size_t od, const Side *src, size_t os, size_t n)
{
	int rc;

	if (dst->dev && src->dev)
		rc = ptx_mem_copy_dtod(shim.cx, dst->d + od, src->d + os, n);
	else if (dst->dev)
		rc = ptx_mem_copy_htod(shim.cx, dst->d + od, src->h + os, n);
	else if (src->dev)
		rc = ptx_mem_copy_dtoh(shim.cx, dst->h + od, src->d + os, n);
	else {
		memmove(dst->h + od, src->h + os, n);
		rc = PTX_OK;
	}
	if (rc == PTX_EFAULT)
		shim_print_diags("bad copy");
	return shim_merr(rc);
}

/* width x height x depth bytes between two sides; under LOCK.
 *
 * The sides may be regions of one buffer (of one array: shim_array_side
 * gives both its base, pitch and height), overlapping.  The driver
 * leaves the result of such a copy undefined (cudaMemcpy2D: "the memory
 * areas may not overlap"); here it is what a copy through a temporary
 * gives where both sides have one pitch and height: rows are laid out in
 * the order they are copied, so taking the last row first when the
 * destination lies above the source reads each source row before a
 * destination row covers it (dst row i can reach only source rows at or
 * past i), and each row moves as memmove moves it.  Regions apart are
 * copied whichever way. */
static CUresult
strided(const Side *dst, const Side *src, size_t width, size_t height, size_t depth)
{
	CUresult r = CUDA_SUCCESS;
	int back;

	if (!width || !height || !depth)
		return CUDA_SUCCESS;
	if ((height > 1 || depth > 1) && (src->pitch < width || dst->pitch < width))
		return CUDA_ERROR_INVALID_VALUE;
	if (depth > 1 && (src->height < height || dst->height < height))
		return CUDA_ERROR_INVALID_VALUE;
	if (src->pitch == width && dst->pitch == width &&
	    (depth == 1 || (src->height == height && dst->height == height)))
		return move(dst, 0, src, 0, width * height * depth);
	back = dst->dev == src->dev && dst->pitch == src->pitch && (depth == 1 || dst->height == src->height) &&
	    (dst->dev ? dst->d > src->d : dst->h > src->h);
	for (size_t i = 0; i < depth * height && !r; i++) {   /* below both extents: side() checked them */
		size_t k = back ? depth * height - 1 - i : i, z = k / height, y = k % height;
		r = move(dst, (z * dst->height + y) * dst->pitch, src, (z * src->height + y) * src->pitch, width);
	}
	return r;
}

static CUresult
copy2d(const CUDA_MEMCPY2D *c)
{
	Side s, d;
	CUresult r;

	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(NULL)) &&
	    !(r = side(&s, c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray, c->srcPitch, 0,
	    c->srcXInBytes, c->srcY, 0, c->WidthInBytes, c->Height, 1)) &&
	    !(r = side(&d, c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray, c->dstPitch, 0,
	    c->dstXInBytes, c->dstY, 0, c->WidthInBytes, c->Height, 1)))
		r = strided(&d, &s, c->WidthInBytes, c->Height, 1);
	UNLOCK();
	return r;
}

CUresult
cuMemcpy2D_v2(const CUDA_MEMCPY2D *c)
{
	ABI64();
	return copy2d(c);
}

/* Device memory has no alignment rule for copies here: the same copy. */
CUresult
cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *c)
{
	ABI64();
	return copy2d(c);
}

CUresult
cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *c, CUstream st)
{
	ABI64();
	CUDA_MEMCPY3D c3;
	CUresult r;

	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&c3, 0, sizeof c3);
	c3.srcXInBytes = c->srcXInBytes, c3.srcY = c->srcY;
	c3.srcMemoryType = c->srcMemoryType, c3.srcHost = c->srcHost, c3.srcDevice = c->srcDevice;
	c3.srcArray = c->srcArray, c3.srcPitch = c->srcPitch;
	c3.dstXInBytes = c->dstXInBytes, c3.dstY = c->dstY;
	c3.dstMemoryType = c->dstMemoryType, c3.dstHost = c->dstHost, c3.dstDevice = c->dstDevice;
	c3.dstArray = c->dstArray, c3.dstPitch = c->dstPitch;
	c3.WidthInBytes = c->WidthInBytes, c3.Height = c->Height, c3.Depth = 1;
	if (shim_capture_copy(st, &r, &c3))
		return r;
	return copy2d(c);
}

/* Under LOCK. */
CUresult
shim_copy3d(const CUDA_MEMCPY3D *c, int peer)
{
	Side s, d;
	CUresult r;

	/* a level names one of an array's (none but the first here); on a side
	 * that is no array an H200's driver ignores it, as it ignores reserved0
	 * and reserved1 outside the peer form, where they are the contexts
	 * (hostile.gpu) */
	if (!c || (c->srcLOD && c->srcMemoryType == CU_MEMORYTYPE_ARRAY) ||
	    (c->dstLOD && c->dstMemoryType == CU_MEMORYTYPE_ARRAY))
		return CUDA_ERROR_INVALID_VALUE;
	if (!(r = shim_ready(NULL)) && peer &&
	    ((c->reserved0 && !CTX(c->reserved0)) || (c->reserved1 && !CTX(c->reserved1))))
		r = CUDA_ERROR_INVALID_CONTEXT;
	if (!r &&
	    !(r = side(&s, c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray, c->srcPitch,
	    c->srcHeight, c->srcXInBytes, c->srcY, c->srcZ, c->WidthInBytes, c->Height, c->Depth)) &&
	    !(r = side(&d, c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray, c->dstPitch,
	    c->dstHeight, c->dstXInBytes, c->dstY, c->dstZ, c->WidthInBytes, c->Height, c->Depth)))
		r = strided(&d, &s, c->WidthInBytes, c->Height, c->Depth);
	return r;
}

static CUresult
copy3d(const CUDA_MEMCPY3D *c, int peer)
{
	CUresult r;

	LOCK();
	r = shim_copy3d(c, peer);
	UNLOCK();
	return r;
}

CUresult
cuMemcpy3D_v2(const CUDA_MEMCPY3D *c)
{
	ABI64();
	return copy3d(c, 0);
}

CUresult
cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *c, CUstream st)
{
	ABI64();
	CUresult r;

	if (c && shim_capture_copy(st, &r, c))
		return r;
	return copy3d(c, 0);
}

CUresult
cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *c)
{
	return copy3d(c, 1);
}

CUresult
cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *c, CUstream st)
{
	CUresult r = shim_stream_check(st);

	return r ? r : copy3d(c, 1);
}

CUresult
cuMemcpyPeer(CUdeviceptr dst, CUcontext dctx, CUdeviceptr src, CUcontext sctx, size_t n)
{
	CUresult r;

	LOCK();
	r = !shim.inited ? CUDA_ERROR_NOT_INITIALIZED :
	    !CTX(dctx) || !CTX(sctx) ? CUDA_ERROR_INVALID_CONTEXT : CUDA_SUCCESS;
	UNLOCK();
	return r ? r : INNER(cuMemcpyDtoD_v2(dst, src, n));
}

CUresult
cuMemcpyPeerAsync(CUdeviceptr dst, CUcontext dctx, CUdeviceptr src, CUcontext sctx, size_t n,
                  CUstream st)
{
	CUresult r = shim_stream_check(st);

	return r ? r : cuMemcpyPeer(dst, dctx, src, sctx, n);
}

/* Rows of width elements of esz bytes, pitch bytes apart. */
static CUresult
fill2d(CUdeviceptr dst, size_t pitch, unsigned v, size_t esz, size_t width, size_t height)
{
	CUresult r;

	if (width > SIZE_MAX / esz || (height > 1 && pitch < width * esz))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(NULL)))
		r = shim_fill2d(dst, pitch, v, esz, width, height);
	UNLOCK();
	return r;
}

CUresult
cuMemsetD2D8_v2(CUdeviceptr dst, size_t pitch, unsigned char v, size_t w, size_t h)
{
	ABI64();
	return fill2d(dst, pitch, v, 1, w, h);
}

CUresult
cuMemsetD2D16_v2(CUdeviceptr dst, size_t pitch, unsigned short v, size_t w, size_t h)
{
	ABI64();
	return fill2d(dst, pitch, v, 2, w, h);
}

CUresult
cuMemsetD2D32_v2(CUdeviceptr dst, size_t pitch, unsigned v, size_t w, size_t h)
{
	ABI64();
	return fill2d(dst, pitch, v, 4, w, h);
}

CUresult
cuMemsetD2D8Async(CUdeviceptr dst, size_t pitch, unsigned char v, size_t w, size_t h, CUstream st)
{
	CUresult r;

	if (shim_capture_fill(st, &r, dst, pitch, v, 1, w, h))
		return r;
	return fill2d(dst, pitch, v, 1, w, h);
}

CUresult
cuMemsetD2D16Async(CUdeviceptr dst, size_t pitch, unsigned short v, size_t w, size_t h,
                   CUstream st)
{
	CUresult r;

	if (shim_capture_fill(st, &r, dst, pitch, v, 2, w, h))
		return r;
	return fill2d(dst, pitch, v, 2, w, h);
}

CUresult
cuMemsetD2D32Async(CUdeviceptr dst, size_t pitch, unsigned v, size_t w, size_t h, CUstream st)
{
	CUresult r;

	if (shim_capture_fill(st, &r, dst, pitch, v, 4, w, h))
		return r;
	return fill2d(dst, pitch, v, 4, w, h);
}

/* ---------------------------------------------------------------- pointer attributes */

/* CUpointer_attribute values answered; the others are
 * CUDA_ERROR_INVALID_VALUE (P2P tokens, handle types, mempools, ...). */
enum {
	PA_CONTEXT = 1, PA_MEMORY_TYPE = 2, PA_DEVICE_POINTER = 3, PA_HOST_POINTER = 4,
	PA_SYNC_MEMOPS = 6, PA_BUFFER_ID = 7, PA_IS_MANAGED = 8, PA_DEVICE_ORDINAL = 9,
	PA_RANGE_START_ADDR = 11, PA_RANGE_SIZE = 12, PA_MAPPED = 13
};

/* What p is: device memory (a cuMemAlloc or managed allocation), page-locked host
 * memory (entry h of shim.hosts), or neither; under LOCK. */
typedef struct {
	int kind;                   /* 0 unknown, CU_MEMORYTYPE_DEVICE or _HOST */
	Ctx *ctx;
	CUdeviceptr base;
	size_t size;
	int managed, mapped;        /* cuMemAllocManaged memory; host memory that kernels see */
	Alloc *a;                   /* a cuMemAlloc or managed allocation: its record */
} Ptr;

static void
lookup(Ptr *o, CUdeviceptr p)
{
	Alloc *a = shim_alloc_holding(p);
	int h;

	memset(o, 0, sizeof *o);
	if (a) {
		o->kind = CU_MEMORYTYPE_DEVICE;
		o->ctx = a->ctx;
		o->base = a->p;
		o->size = a->n;
		o->managed = a->host && !a->low;
		o->a = a;
		return;
	}
	if (shim_vmm_find(p, &o->base, &o->size)) {   /* mapped by cuMemMap: no context's */
		o->kind = CU_MEMORYTYPE_DEVICE;
		return;
	}
	if (shim_ipc_find(p, &o->base, &o->size)) {
		o->kind = CU_MEMORYTYPE_DEVICE;
		(void)shim_current(&o->ctx);   /* the context it was opened in is current */
		return;
	}
	if ((h = shim_host_find((const void *)(uintptr_t)p)) >= 0) {
		o->kind = CU_MEMORYTYPE_HOST;
		o->base = (CUdeviceptr)(uintptr_t)shim.hosts[h].p;
		o->size = shim.hosts[h].n;
		o->mapped = shim.hosts[h].mapped;
	}
}

/* One attribute of a known pointer.  Booleans are written as the int the
 * driver writes. */
static CUresult
attr(void *data, int a, const Ptr *o, CUdeviceptr p)
{
	switch (a) {
	case PA_CONTEXT:
		if (o->kind != CU_MEMORYTYPE_DEVICE)
			return CUDA_ERROR_INVALID_VALUE;
		*(CUcontext *)data = o->ctx ? o->ctx->h : NULL;
		break;
	case PA_MEMORY_TYPE: *(unsigned *)data = (unsigned)o->kind; break;
	case PA_DEVICE_POINTER:
		/* mapped host memory is device memory at the same address */
		if (o->kind != CU_MEMORYTYPE_DEVICE && !o->mapped)
			return CUDA_ERROR_INVALID_VALUE;
		*(CUdeviceptr *)data = p;
		break;
	case PA_HOST_POINTER:
		if (o->kind != CU_MEMORYTYPE_HOST && !o->managed)
			return CUDA_ERROR_INVALID_VALUE;
		*(void **)data = (void *)(uintptr_t)p;
		break;
	case PA_SYNC_MEMOPS: *(int *)data = o->a ? o->a->syncmemops : 0; break;   /* 0: the driver's default */
	case PA_BUFFER_ID:
		/* an allocation's own number; another's base (an address the
		 * placement may hand out again only to an allocation) for the rest */
		*(unsigned long long *)data = o->a ? o->a->id : o->base;
		break;
	case PA_IS_MANAGED: *(int *)data = o->managed; break;
	case PA_DEVICE_ORDINAL: *(int *)data = 0; break;
	case PA_RANGE_START_ADDR: *(CUdeviceptr *)data = o->base; break;
	case PA_RANGE_SIZE: *(size_t *)data = o->size; break;
	case PA_MAPPED: *(int *)data = 1; break;
	default: return CUDA_ERROR_INVALID_VALUE;
	}
	return CUDA_SUCCESS;
}

CUresult
cuPointerGetAttribute(void *data, int a, CUdeviceptr p)
{
	CUresult r;
	Ptr o;

	if (!data)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim.inited ? CUDA_SUCCESS : CUDA_ERROR_NOT_INITIALIZED)) {
		lookup(&o, p);
		r = o.kind ? attr(data, a, &o, p) : CUDA_ERROR_INVALID_VALUE;
	}
	UNLOCK();
	return r;
}

/* The one attribute a program sets: CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, on
 * an allocation (every copy here is synchronous already, so it changes
 * nothing but what is read back).  Every other attribute and pointer is
 * CUDA_ERROR_INVALID_VALUE. */
CUresult
cuPointerSetAttribute(const void *value, int a, CUdeviceptr p)
{
	CUresult r;
	Ptr o;

	if (!value || a != PA_SYNC_MEMOPS)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim.inited ? CUDA_SUCCESS : CUDA_ERROR_NOT_INITIALIZED)) {
		lookup(&o, p);
		if (o.a && !o.managed)
			o.a->syncmemops = *(const int *)value != 0;
		else
			r = CUDA_ERROR_INVALID_VALUE;
	}
	UNLOCK();
	return r;
}

/* Unlike the singular form, memory the driver does not know is no error:
 * its context, memory type and pointers read as zero (0, NULL), and the
 * other attributes asked for are left as they were, as with the driver. */
CUresult
cuPointerGetAttributes(unsigned n, int *as, void **data, CUdeviceptr p)
{
	CUresult r = CUDA_SUCCESS;
	Ptr o;

	if (!n || !as || !data)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else {
		lookup(&o, p);
		for (unsigned i = 0; i < n && !r; i++) {
			if (!data[i])
				continue;
			if (as[i] < PA_CONTEXT || as[i] > PA_MAPPED || as[i] == 5 || as[i] == 10)
				r = CUDA_ERROR_INVALID_VALUE;
			else if ((!o.kind || attr(data[i], as[i], &o, p)) && as[i] <= PA_HOST_POINTER)
				memset(data[i], 0, as[i] == PA_MEMORY_TYPE ? sizeof(unsigned) : sizeof(void *));
		}
	}
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- batch copies */

/* CUmemcpyAttributes: the source access order (1-3 valid), two
 * CUmemLocation hints, the CUmemcpyFlags. */
typedef struct {
	int order;
	int srchint[2], dsthint[2];
	unsigned flags;
} CopyAttr;

enum { ORDER_STREAM = 1, ORDER_ANY = 3, COPY_FLAG_OVERLAP = 1 };

static int
attrok(const CopyAttr *a)
{
	return a->order >= ORDER_STREAM && a->order <= ORDER_ANY && !(a->flags & ~(unsigned)COPY_FLAG_OVERLAP);
}

/* The legacy default stream cannot take a batch: its implicit
 * synchronisation is what a batch is there to avoid. */
static CUresult
batch_stream(CUstream s)
{
	if (!s || s == (CUstream)(uintptr_t)1)
		return CUDA_ERROR_INVALID_VALUE;
	return shim_stream_check(s);
}

/* CUDA 13: count copies, each as cuMemcpy (unified addressing decides the
 * sides); attrs[j] applies from copy idxs[j] on.  All is checked before
 * anything is copied. */
CUresult
cuMemcpyBatchAsync_v2(CUdeviceptr *dsts, CUdeviceptr *srcs, size_t *sizes, size_t count, CopyAttr *attrs,
                      size_t *idxs, size_t nattrs, CUstream s)
{
	CUresult r;

	if (!dsts || !srcs || !sizes || !count || !attrs || !idxs || !nattrs || nattrs > count || idxs[0])
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t j = 0; j < nattrs; j++)
		if (!attrok(&attrs[j]) || (j && (idxs[j] <= idxs[j - 1] || idxs[j] >= count)))
			return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < count; i++)
		if (!sizes[i] || !dsts[i] || !srcs[i])
			return CUDA_ERROR_INVALID_VALUE;
	if ((r = batch_stream(s)))
		return r;
	for (size_t i = 0; i < count && !r; i++)
		r = cuMemcpy(dsts[i], srcs[i], sizes[i]);
	return r;
}

/* CUDA 12.8: the same, and the index of the copy that failed. */
CUresult
cuMemcpyBatchAsync(CUdeviceptr *dsts, CUdeviceptr *srcs, size_t *sizes, size_t count, CopyAttr *attrs,
                   size_t *idxs, size_t nattrs, size_t *fail, CUstream s)
{
	CUresult r = cuMemcpyBatchAsync_v2(dsts, srcs, sizes, count, attrs, idxs, nattrs, s);

	if (fail)
		*fail = r ? SIZE_MAX : 0;   /* SIZE_MAX: no one copy is to blame */
	return r;
}

/* CUmemcpy3DOperand: a pointer (with its row length and layer height,
 * in bytes and rows, 0 for packed) or an array at an offset. */
typedef struct {
	int type;
	union {
		struct { CUdeviceptr ptr; size_t row, layer; int hint[2]; } ptr;
		struct { CUarray array; size_t x, y, z; } array;
	} op;
} Operand;

typedef struct {
	Operand src, dst;
	size_t w, h, d;
	int order;
	unsigned flags;
} BatchOp;

enum { OPERAND_POINTER = 1, OPERAND_ARRAY = 2 };

/* One side of a CUDA_MEMCPY3D from an operand; arrays are not taken. */
static CUresult
operand(const Operand *o, size_t w, size_t h, int *type, CUdeviceptr *p, size_t *pitch, size_t *height)
{
	if (o->type == OPERAND_ARRAY)
		return CUDA_ERROR_NOT_SUPPORTED;
	if (o->type != OPERAND_POINTER || !o->op.ptr.ptr)
		return CUDA_ERROR_INVALID_VALUE;
	*pitch = o->op.ptr.row ? o->op.ptr.row : w;
	*height = o->op.ptr.layer ? o->op.ptr.layer : h;
	if (*pitch < w || *height < h)
		return CUDA_ERROR_INVALID_VALUE;
	*type = CU_MEMORYTYPE_UNIFIED;
	*p = o->op.ptr.ptr;
	return CUDA_SUCCESS;
}

/* Op o as a CUDA_MEMCPY3D, checked. */
static CUresult
batchop(const BatchOp *o, CUDA_MEMCPY3D *c)
{
	CopyAttr a = { .order = o->order, .flags = o->flags };
	CUresult r;

	memset(c, 0, sizeof *c);
	if (!o->w || !o->h || !o->d || !attrok(&a))
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = operand(&o->src, o->w, o->h, &c->srcMemoryType, &c->srcDevice, &c->srcPitch, &c->srcHeight)) ||
	    (r = operand(&o->dst, o->w, o->h, &c->dstMemoryType, &c->dstDevice, &c->dstPitch, &c->dstHeight)))
		return r;
	c->WidthInBytes = o->w, c->Height = o->h, c->Depth = o->d;
	return CUDA_SUCCESS;
}

/* Every op is checked, then each is made again and copied: nothing is
 * allocated for the n the caller claims. */
CUresult
cuMemcpy3DBatchAsync_v2(size_t n, BatchOp *ops, unsigned long long flags, CUstream s)
{
	CUDA_MEMCPY3D c;
	CUresult r = CUDA_SUCCESS;

	if (!n || !ops || flags)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < n && !r; i++)
		r = batchop(&ops[i], &c);
	if (!r)
		r = batch_stream(s);
	LOCK();
	for (size_t i = 0; i < n && !r; i++)
		if (!(r = shim_ready(NULL)) && !(r = batchop(&ops[i], &c)))
			r = shim_copy3d(&c, 0);
	UNLOCK();
	return r;
}

CUresult
cuMemcpy3DBatchAsync(size_t n, BatchOp *ops, size_t *fail, unsigned long long flags, CUstream s)
{
	CUresult r = cuMemcpy3DBatchAsync_v2(n, ops, flags, s);

	if (fail)
		*fail = r ? SIZE_MAX : 0;
	return r;
}

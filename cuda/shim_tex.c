/*
 * shim_tex.c -- CUDA arrays, mipmapped arrays, and texture and surface
 * objects for libptxcuda (cuArray*, cuMipmappedArray*, cuMemcpy*A*,
 * cuTexObject*, cuSurfObject*) and the legacy texture and surface
 * references (cuModuleGetTexRef, cuTexRef*, cuSurfRef*; at the end), on
 * libptx's ptx_texture_create and ptx_surface_create.
 *
 * An array is one device allocation holding its texels packed: rows of
 * width texels, then the rows of the next slice (a 3D slice, a layer, a
 * cubemap face), so the strided copies of shim_copy.c reach an array as
 * they reach pitched memory whose pitch is the row (shim_array_side).  A
 * mipmapped array is one array per level.  Arrays and mipmapped arrays are
 * handles of the handle table; texture and surface objects are libptx's
 * handles themselves (they go to kernels as they are), with the
 * descriptors they were made from kept here for the Get calls.
 *
 * A context owns the arrays, mipmapped arrays and texture and surface
 * objects made while it was current, and the texture references of
 * cuTexRefCreate; a module owns its references.  They go with their owner
 * (shim_tex_release, shim_tex_unload), as with the driver: a program that
 * resets the primary context, or destroys a context, leaves nothing behind
 * of what it made there.
 * Descriptors are checked as the driver checks them, with its result codes.
 */
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

/* ---------------------------------------------------------------- the ABI */

enum { CUDA_ARRAY3D_LAYERED = 1, CUDA_ARRAY3D_SURFACE_LDST = 2, CUDA_ARRAY3D_CUBEMAP = 4,
       CUDA_ARRAY3D_TEXTURE_GATHER = 8, CUDA_ARRAY3D_DEPTH_TEXTURE = 0x10,
       CUDA_ARRAY3D_COLOR_ATTACHMENT = 0x20, ARRAY_FLAGS = 0x1ff };
enum { CU_RESOURCE_TYPE_ARRAY, CU_RESOURCE_TYPE_MIPMAPPED_ARRAY, CU_RESOURCE_TYPE_LINEAR,
       CU_RESOURCE_TYPE_PITCH2D };

typedef struct { size_t Width, Height; int Format; unsigned NumChannels; } CUDA_ARRAY_DESCRIPTOR;
typedef struct { size_t Width, Height, Depth; int Format; unsigned NumChannels, Flags; } CUDA_ARRAY3D_DESCRIPTOR;
typedef struct {
	int resType;
	union {
		struct { CUarray hArray; } array;
		struct { CUmipmappedArray hMipmappedArray; } mipmap;
		struct { CUdeviceptr devPtr; int format; unsigned numChannels; size_t sizeInBytes; } linear;
		struct { CUdeviceptr devPtr; int format; unsigned numChannels; size_t width, height, pitchInBytes; } pitch2D;
		struct { int reserved[32]; } reserved;
	} res;
	unsigned flags;
} CUDA_RESOURCE_DESC;
typedef struct {
	int addressMode[3];
	int filterMode;
	unsigned flags, maxAnisotropy;
	int mipmapFilterMode;
	float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
	float borderColor[4];
	int reserved[12];
} CUDA_TEXTURE_DESC;
typedef struct {
	int format;
	size_t width, height, depth;
	unsigned firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer;
	unsigned reserved[16];
} CUDA_RESOURCE_VIEW_DESC;
typedef unsigned long long CUtexObject, CUsurfObject;

/* ---------------------------------------------------------------- state */

typedef struct Mip Mip;
/* An array format: its CUarray_format, PTX_TEXFMT_*, the channel count an
 * array of it is made with (0: 1, 2 or 4) and that its texels read (the
 * decoded ones of a block), the bytes of a channel (of a packed texel, of
 * a block of 4x4), and how it reads (FM_*). */
enum { FM_NORM = 1, FM_SRGB = 2, FM_BLOCK = 4 };
typedef struct { int code, fmt; unsigned nch, rch, bytes, how; } Fmt;
static const Fmt fmts[] = {
	{ 0x01, PTX_TEXFMT_U8, 0, 0, 1, 0 }, { 0x02, PTX_TEXFMT_U16, 0, 0, 2, 0 },
	{ 0x03, PTX_TEXFMT_U32, 0, 0, 4, 0 }, { 0x08, PTX_TEXFMT_S8, 0, 0, 1, 0 },
	{ 0x09, PTX_TEXFMT_S16, 0, 0, 2, 0 }, { 0x0a, PTX_TEXFMT_S32, 0, 0, 4, 0 },
	{ 0x10, PTX_TEXFMT_F16, 0, 0, 2, 0 }, { 0x20, PTX_TEXFMT_F32, 0, 0, 4, 0 },
	/* the unorm and snorm formats: the 8- and 16-bit integers read only
	 * as normalized floats */
	{ 0xc0, PTX_TEXFMT_U8, 1, 1, 1, FM_NORM }, { 0xc1, PTX_TEXFMT_U8, 2, 2, 1, FM_NORM },
	{ 0xc2, PTX_TEXFMT_U8, 4, 4, 1, FM_NORM }, { 0xc3, PTX_TEXFMT_U16, 1, 1, 2, FM_NORM },
	{ 0xc4, PTX_TEXFMT_U16, 2, 2, 2, FM_NORM }, { 0xc5, PTX_TEXFMT_U16, 4, 4, 2, FM_NORM },
	{ 0xc6, PTX_TEXFMT_S8, 1, 1, 1, FM_NORM }, { 0xc7, PTX_TEXFMT_S8, 2, 2, 1, FM_NORM },
	{ 0xc8, PTX_TEXFMT_S8, 4, 4, 1, FM_NORM }, { 0xc9, PTX_TEXFMT_S16, 1, 1, 2, FM_NORM },
	{ 0xca, PTX_TEXFMT_S16, 2, 2, 2, FM_NORM }, { 0xcb, PTX_TEXFMT_S16, 4, 4, 2, FM_NORM },
	{ 0x91, PTX_TEXFMT_BC1, 4, 4, 8, FM_BLOCK }, { 0x92, PTX_TEXFMT_BC1, 4, 4, 8, FM_BLOCK | FM_SRGB },
	{ 0x93, PTX_TEXFMT_BC2, 4, 4, 16, FM_BLOCK }, { 0x94, PTX_TEXFMT_BC2, 4, 4, 16, FM_BLOCK | FM_SRGB },
	{ 0x95, PTX_TEXFMT_BC3, 4, 4, 16, FM_BLOCK }, { 0x96, PTX_TEXFMT_BC3, 4, 4, 16, FM_BLOCK | FM_SRGB },
	{ 0x97, PTX_TEXFMT_BC4, 1, 1, 8, FM_BLOCK }, { 0x98, PTX_TEXFMT_BC4S, 1, 1, 8, FM_BLOCK },
	{ 0x99, PTX_TEXFMT_BC5, 2, 2, 16, FM_BLOCK }, { 0x9a, PTX_TEXFMT_BC5S, 2, 2, 16, FM_BLOCK },
	{ 0x9b, PTX_TEXFMT_BC6H, 3, 3, 16, FM_BLOCK }, { 0x9c, PTX_TEXFMT_BC6HS, 3, 3, 16, FM_BLOCK },
	{ 0x9d, PTX_TEXFMT_BC7, 4, 4, 16, FM_BLOCK }, { 0x9e, PTX_TEXFMT_BC7, 4, 4, 16, FM_BLOCK | FM_SRGB },
	/* 10-10-10-2: one 32-bit texel of four channels */
	{ 0x50, PTX_TEXFMT_UNORM_10_10_10_2, 4, 4, 4, 0 },
};

/* The format of an array of CUarray_format f, or NULL */
static const Fmt *
fmtinfo(int f)
{
	for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++)
		if (fmts[i].code == f)
			return &fmts[i];
	return NULL;
}

typedef struct {
	CUarray h;
	CUDA_ARRAY3D_DESCRIPTOR d;
	const Fmt *f;
	int fmt;                    /* PTX_TEXFMT_* */
	CUdeviceptr p;
	size_t row, rows, slices;   /* bytes of a row; rows of a slice; slices */
	Mip *mm;                    /* a level of it, else NULL */
	Ctx *ctx;                   /* the owner */
} Arr;
struct Mip { CUmipmappedArray h; CUDA_ARRAY3D_DESCRIPTOR d; Arr *lv[PTX_TEX_MAXLEVELS]; unsigned n; Ctx *ctx; };

/* the texture and surface objects made, with what they were made from */
typedef struct {
	uint64_t h;
	int surf, hasview;
	Ctx *ctx;                   /* the owner */
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUDA_RESOURCE_VIEW_DESC vd;
} Obj;
static Obj *objs;
static size_t nobjs;
/* The objects that went with their contexts (shim_tex_release), newest
 * last: destroying one succeeds, as on an H200 (tests/shim/ctxown.gpu),
 * once; bounded, the oldest forgotten first. */
enum { NGONE = 1024 };
static struct { uint64_t h; int surf; } gone[NGONE];
static size_t ngone;

static void
forget(uint64_t h, int surf)
{
	for (size_t i = 0; i < ngone; i++)
		if (gone[i].h == h && gone[i].surf == surf) {
			memmove(&gone[i], &gone[i + 1], (ngone - i - 1) * sizeof gone[0]);
			ngone--;
			return;
		}
}

#define ARR(h) ((Arr *)shim_hget((h), H_ARRAY))
#define MIP(h) ((Mip *)shim_hget((h), H_MIPMAP))

static const unsigned chbytes[] = { 1, 2, 4, 1, 2, 4, 2, 4 };

/* A plain CUarray_format (of 1, 2 or 4 channels, which linear and
 * pitched memory and texture references take) -> PTX_TEXFMT_*, or -1 */
static int
fmtof(int f)
{
	const Fmt *m = fmtinfo(f);

	return m && !m->nch ? m->fmt : -1;
}

/* linear and pitched memory: the plain formats and 10-10-10-2 (of 4
 * channels, 4 bytes a texel), as an H200's driver takes them */
static int
memfmt(int f, unsigned nch, unsigned *tsz)
{
	int x = fmtof(f);

	if (f == 0x50 && (nch == 1 || nch == 2 || nch == 4)) {   /* any of the counts (edges.gpu) */
		*tsz = 4;
		return PTX_TEXFMT_UNORM_10_10_10_2;
	}
	if (x < 0 || (nch != 1 && nch != 2 && nch != 4))
		return -1;
	*tsz = chbytes[x] * nch;
	return x;
}


/* Whether d is an array the driver makes (sizes within an H100's limits). */
static int
validdesc(const CUDA_ARRAY3D_DESCRIPTOR *d)
{
	size_t w = d->Width, h = d->Height, z = d->Depth;
	unsigned f = d->Flags;

	const Fmt *fm = fmtinfo(d->Format);

	if (!fm || (fm->nch ? d->NumChannels != fm->nch :
	    d->NumChannels != 1 && d->NumChannels != 2 && d->NumChannels != 4))
		return 0;
	/* blocks of 4x4 texels make 2D images (3D ones of 2D slices): no 1D
	 * array (a surface of them: blocksurf) */
	if ((fm->how & FM_BLOCK) && !h)
		return 0;
	/* a depth texture or a colour attachment of an f32 array an H200's
	 * driver refuses (tests/shim/edges.gpu); no other format makes one here */
	if ((f & ~(unsigned)ARRAY_FLAGS) || (f & (CUDA_ARRAY3D_DEPTH_TEXTURE | CUDA_ARRAY3D_COLOR_ATTACHMENT)) || !w)
		return 0;
	if (f & CUDA_ARRAY3D_CUBEMAP)
		return w == h && w <= 32768 && z && (f & CUDA_ARRAY3D_LAYERED ? z % 6 == 0 && z <= 6 * 2046 : z == 6);
	if (f & CUDA_ARRAY3D_LAYERED)
		return z && z <= 2048 && w <= 32768 && h <= 32768;
	if ((f & CUDA_ARRAY3D_TEXTURE_GATHER) && (!h || z))
		return 0;
	if (z)   /* the 3D limits, or the alternate ones (8192 x 8192 x 32768) */
		return h && ((w <= 16384 && h <= 16384 && z <= 16384) || (w <= 8192 && h <= 8192 && z <= 32768));
	return h ? w <= 131072 && h <= 65536 : w <= 131072;
}

/* Whether d is a surface-capable array of blocks: CUDA_ERROR_NOT_SUPPORTED
 * on an H200 (tests/shim/texfmt.gpu) */
static int
blocksurf(const CUDA_ARRAY3D_DESCRIPTOR *d)
{
	const Fmt *fm = fmtinfo(d->Format);

	return fm && (fm->how & FM_BLOCK) && (d->Flags & CUDA_ARRAY3D_SURFACE_LDST);
}

/* A new array of d (checked); under LOCK.
 *
 * Fresh arrays read zeros on the interpreter, whatever a GPU leaves, and
 * initcheck takes them as written: ptx_mem_alloc_zeroed, whose memory is
 * taken from the host only where a copy or a kernel writes it, so that an
 * array of 16 GiB (32768 x 32768 float4) costs the host nothing until it
 * is filled.  An array larger than the device memory cuMemGetInfo reports
 * free (in the driver's 2 MiB pages) is CUDA_ERROR_OUT_OF_MEMORY, as on a
 * GPU, before anything is made. */
static CUresult
newarr(Arr **out, const CUDA_ARRAY3D_DESCRIPTOR *d, Mip *mm, Ctx *ctx)
{
	Arr *a;
	size_t n, bytes, nch;
	ptx_devptr p;
	int rc;
	const Fmt *f = fmtinfo(d->Format);

	/* a block-compressed array's rows are rows of blocks; validdesc's
	 * limits keep every size below 2^47, checked all the same */
	bytes = f->bytes;
	nch = f->fmt > PTX_TEXFMT_F32 ? 1 : d->NumChannels;
	if (!(a = calloc(1, sizeof *a)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	a->d = *d;
	a->f = f;
	a->fmt = f->fmt;
	a->mm = mm;
	a->ctx = ctx;
	a->slices = d->Depth ? d->Depth : 1;
	if (f->how & FM_BLOCK) {
		a->rows = d->Height / 4 + (d->Height % 4 != 0);
		rc = __builtin_mul_overflow(d->Width / 4 + (d->Width % 4 != 0), bytes, &a->row);
	} else {
		a->rows = d->Height ? d->Height : 1;
		rc = __builtin_mul_overflow(d->Width, bytes, &a->row) || __builtin_mul_overflow(a->row, nch, &a->row);
	}
	if (rc || __builtin_mul_overflow(a->row, a->rows, &n) || __builtin_mul_overflow(n, a->slices, &n) ||
	    n > shim_free_mem() / SHIM_PAGE * SHIM_PAGE) {
		free(a);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	rc = ptx_mem_alloc_zeroed(shim.cx, n, &p);
	a->p = p;
	if (rc != PTX_OK || !(a->h = shim_hnew(H_ARRAY, a))) {
		if (rc == PTX_OK)
			ptx_mem_free(shim.cx, a->p);
		free(a);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	*out = a;
	return CUDA_SUCCESS;
}

static void
droparr(Arr *a)
{
	ptx_mem_free(shim.cx, a->p);
	shim_hkeepas(a->h, shim.gone);   /* with its context: release_ctx */
	shim_hfree(a->h);
	free(a);
}

static CUresult
create3d(CUarray *out, const CUDA_ARRAY3D_DESCRIPTOR *d)
{
	CUDA_ARRAY3D_DESCRIPTOR e;
	CUresult r;
	Arr *a;
	Ctx *ctx;

	if (!out || !d)
		return CUDA_ERROR_INVALID_VALUE;
	/* the driver keeps a height and a depth in 32 bits: one of 2^40 is 0
	 * (an H200 made a 1D array of 1 x 2^40, tests/shim/edges.gpu) */
	e = *d;
	e.Height = (uint32_t)e.Height, e.Depth = (uint32_t)e.Depth;
	LOCK();
	if (!(r = shim_ready(&ctx))) {
		if (!validdesc(&e))
			r = CUDA_ERROR_INVALID_VALUE;
		else if (blocksurf(&e))
			r = CUDA_ERROR_NOT_SUPPORTED;
		else if (!(r = newarr(&a, &e, NULL, ctx)))
			*out = a->h;
	}
	UNLOCK();
	return r;
}

CUresult
cuArray3DCreate_v2(CUarray *out, const CUDA_ARRAY3D_DESCRIPTOR *d)
{
	ABI64();
	return create3d(out, d);
}

CUresult
cuArrayCreate_v2(CUarray *out, const CUDA_ARRAY_DESCRIPTOR *d)
{
	ABI64();
	CUDA_ARRAY3D_DESCRIPTOR e;

	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&e, 0, sizeof e);
	e.Width = d->Width;
	e.Height = d->Height;
	e.Format = d->Format;
	e.NumChannels = d->NumChannels;
	return create3d(out, &e);
}

CUresult
cuArray3DGetDescriptor_v2(CUDA_ARRAY3D_DESCRIPTOR *d, CUarray h)
{
	ABI64();
	CUresult r;
	Arr *a;

	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_current(NULL))) {
		if (!(a = ARR(h)))
			r = shim_hgone(h, H_ARRAY);
		else
			*d = a->d;
	}
	UNLOCK();
	return r;
}

CUresult
cuArrayGetDescriptor_v2(CUDA_ARRAY_DESCRIPTOR *d, CUarray h)
{
	ABI64();
	CUresult r;
	Arr *a;

	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_current(NULL))) {
		if (!(a = ARR(h)))
			r = shim_hgone(h, H_ARRAY);
		else {
			/* any array, 3D and layered too (an H200's driver 580
			 * answers them): the depth and flags are left out */
			d->Width = a->d.Width;
			d->Height = a->d.Height;
			d->Format = a->d.Format;
			d->NumChannels = a->d.NumChannels;
		}
	}
	UNLOCK();
	return r;
}

CUresult
cuArrayDestroy(CUarray h)
{
	CUresult r;
	Arr *a;

	LOCK();
	if (!(r = shim_current(NULL))) {
		if (!(a = ARR(h)))
			r = shim_hgone(h, H_ARRAY);
		else if (a->mm)
			r = CUDA_ERROR_INVALID_VALUE;   /* a level goes with its mipmapped array */
		else
			droparr(a);
	}
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- mipmapped arrays */

static void
dropmip(Mip *m)
{
	for (unsigned l = 0; l < m->n; l++)
		droparr(m->lv[l]);
	shim_hkeepas(m->h, shim.gone);
	shim_hfree(m->h);
	free(m);
}

CUresult
cuMipmappedArrayCreate(CUmipmappedArray *out, const CUDA_ARRAY3D_DESCRIPTOR *d, unsigned levels)
{
	CUresult r;
	Mip *m;
	Ctx *ctx;
	size_t big;
	unsigned most = 1;

	if (!out || !d)
		return CUDA_ERROR_INVALID_VALUE;
	big = d->Width > d->Height ? d->Width : d->Height;
	if (!(d->Flags & (CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_CUBEMAP)) && d->Depth > big)
		big = d->Depth;
	while (most < PTX_TEX_MAXLEVELS && big >> most)
		most++;
	if (!validdesc(d))
		return CUDA_ERROR_INVALID_VALUE;
	if (blocksurf(d))
		return CUDA_ERROR_NOT_SUPPORTED;
	/* the driver clamps the count to [1, 1 + floor(log2(largest side))]
	 * (0 and one too many succeed on an H200) */
	levels = levels < 1 ? 1 : levels > most ? most : levels;
	LOCK();
	if (!(r = shim_ready(&ctx))) {
		if (!(m = calloc(1, sizeof *m)) || !(m->h = shim_hnew(H_MIPMAP, m))) {
			free(m);
			r = CUDA_ERROR_OUT_OF_MEMORY;
		} else {
			m->d = *d;
			m->ctx = ctx;
			for (unsigned l = 0; l < levels && !r; l++) {
				CUDA_ARRAY3D_DESCRIPTOR e = *d;
				int solid = !(d->Flags & (CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_CUBEMAP));
				e.Width = d->Width >> l ? d->Width >> l : 1;
				e.Height = d->Height ? (d->Height >> l ? d->Height >> l : 1) : 0;
				e.Depth = d->Depth && solid ? (d->Depth >> l ? d->Depth >> l : 1) : d->Depth;
				if (!(r = newarr(&m->lv[l], &e, m, ctx)))
					m->n++;
			}
			if (r)
				dropmip(m);
			else
				*out = m->h;
		}
	}
	UNLOCK();
	return r;
}

CUresult
cuMipmappedArrayGetLevel(CUarray *out, CUmipmappedArray h, unsigned level)
{
	CUresult r;
	Mip *m;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_current(NULL))) {
		if (!(m = MIP(h)))
			r = shim_hgone(h, H_MIPMAP);
		else if (level >= m->n)
			r = CUDA_ERROR_INVALID_VALUE;
		else
			*out = m->lv[level]->h;
	}
	UNLOCK();
	return r;
}

CUresult
cuMipmappedArrayDestroy(CUmipmappedArray h)
{
	CUresult r;
	Mip *m;

	LOCK();
	if (!(r = shim_current(NULL))) {
		if (!(m = MIP(h)))
			r = shim_hgone(h, H_MIPMAP);
		else
			dropmip(m);
	}
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- copies */

CUresult
shim_array_side(const void *h, size_t x, size_t y, size_t z, size_t w, size_t hgt, size_t d,
                CUdeviceptr *base, size_t *pitch, size_t *height)
{
	Arr *a = ARR(h);

	if (!a)
		return CUDA_ERROR_INVALID_HANDLE;
	if (x > a->row || w > a->row - x || y > a->rows || hgt > a->rows - y || z > a->slices ||
	    d > a->slices - z)
		return CUDA_ERROR_INVALID_VALUE;
	*base = a->p;
	*pitch = a->row;
	*height = a->rows;
	return CUDA_SUCCESS;
}

/* An array's bytes [off, off + n) as device memory, for the driver's
 * one-dimensional copies (cuMemcpyHtoA, AtoH, AtoD, DtoA, AtoA); under
 * LOCK.  Those reach the array's first row alone: of a 2D, 3D or layered
 * array an H200's driver refuses any byte past it (CUDA_ERROR_INVALID_
 * VALUE), of a 1D array or one of a single row it takes the whole
 * (tests/shim/arr1d.gpu).  A copy of 0 bytes ends within the array. */
static CUresult
linear(CUarray h, size_t off, size_t n, CUdeviceptr *p)
{
	Arr *a = ARR(h);
	size_t all;

	if (!a)
		return CUDA_ERROR_INVALID_HANDLE;
	all = n ? a->row : a->row * a->rows * a->slices;
	if (off > all || n > all - off)
		return CUDA_ERROR_INVALID_VALUE;
	*p = a->p + off;
	return CUDA_SUCCESS;
}

/* One copy with an array on either side or both: kind 'h' host, 'd' device, 'a' array. */
static CUresult
acopy(CUarray da, size_t doff, CUdeviceptr dd, void *dh, CUarray sa, size_t soff, CUdeviceptr sd,
      const void *sh, size_t n)
{
	CUresult r;
	int rc = PTX_OK;

	LOCK();
	if (!(r = shim_ready(NULL)) && (!da || !(r = linear(da, doff, n, &dd))) &&
	    (!sa || !(r = linear(sa, soff, n, &sd)))) {
		if (dh)
			rc = ptx_mem_copy_dtoh(shim.cx, dh, sd, n);
		else if (sh)
			rc = ptx_mem_copy_htod(shim.cx, dd, sh, n);
		else
			rc = ptx_mem_copy_dtod(shim.cx, dd, sd, n);
		r = shim_merr(rc);
	}
	UNLOCK();
	return r;
}

CUresult
cuMemcpyHtoA_v2(CUarray d, size_t doff, const void *s, size_t n)
{
	ABI64();
	return s ? acopy(d, doff, 0, NULL, NULL, 0, 0, s, n) : CUDA_ERROR_INVALID_VALUE;
}

CUresult
cuMemcpyHtoAAsync_v2(CUarray d, size_t doff, const void *s, size_t n, CUstream st)
{
	ABI64();
	CUresult r = shim_stream_check(st);

	return r ? r : cuMemcpyHtoA_v2(d, doff, s, n);
}

CUresult
cuMemcpyAtoH_v2(void *d, CUarray s, size_t soff, size_t n)
{
	ABI64();
	return d ? acopy(NULL, 0, 0, d, s, soff, 0, NULL, n) : CUDA_ERROR_INVALID_VALUE;
}

CUresult
cuMemcpyAtoHAsync_v2(void *d, CUarray s, size_t soff, size_t n, CUstream st)
{
	ABI64();
	CUresult r = shim_stream_check(st);

	return r ? r : cuMemcpyAtoH_v2(d, s, soff, n);
}

CUresult
cuMemcpyAtoD_v2(CUdeviceptr d, CUarray s, size_t soff, size_t n)
{
	ABI64();
	return acopy(NULL, 0, d, NULL, s, soff, 0, NULL, n);
}

CUresult
cuMemcpyDtoA_v2(CUarray d, size_t doff, CUdeviceptr s, size_t n)
{
	ABI64();
	return acopy(d, doff, 0, NULL, NULL, 0, s, NULL, n);
}

CUresult
cuMemcpyAtoA_v2(CUarray d, size_t doff, CUarray s, size_t soff, size_t n)
{
	ABI64();
	return acopy(d, doff, 0, NULL, s, soff, 0, NULL, n);
}

/* ---------------------------------------------------------------- objects */

/* The ptx_texture of an array: geometry from its flags and sizes. */
static void
fromarr(ptx_texture *t, const Arr *a)
{
	const CUDA_ARRAY3D_DESCRIPTOR *d = &a->d;

	t->format = (unsigned)a->fmt;
	t->channels = a->f->rch ? a->f->rch : d->NumChannels;
	if (a->f->how & FM_SRGB)
		t->flags |= PTX_TEXF_SRGB;
	if (a->f->how & FM_NORM)
		t->flags |= PTX_TEXF_NORMFMT;
	t->width = d->Width;
	t->height = d->Height;
	t->depth = d->Depth;
	if (d->Flags & CUDA_ARRAY3D_CUBEMAP)
		t->geom = d->Flags & CUDA_ARRAY3D_LAYERED ? PTX_TEX_ACUBE : PTX_TEX_CUBE;
	else if (d->Flags & CUDA_ARRAY3D_LAYERED)
		t->geom = d->Height ? PTX_TEX_A2D : PTX_TEX_A1D;
	else
		t->geom = d->Depth ? PTX_TEX_3D : d->Height ? PTX_TEX_2D : PTX_TEX_1D;
	t->addr[0] = a->p;
	t->pitch = a->row;
	t->flags |= PTX_TEXF_BLOCK_LINEAR;   /* for the texture counters' sectors */
}

/* Whether p has the texture alignment (CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT,
 * 512): an H200's driver refuses 256 and 768 bytes into an allocation
 * (tests/shim/edges.gpu).  Its allocations start at multiples of 512, the
 * interpreter's at multiples of 256, so the offset into the allocation is
 * what counts; under LOCK. */
static int
texaligned(CUdeviceptr p)
{
	ptx_devptr base;
	size_t n;

	if (ptx_mem_range(shim.cx, p, &base, &n) != PTX_OK)
		return p % 512 == 0;
	return p % 256 == 0 && (p - base) % 512 == 0;
}

/* The ptx_texture of a resource, checked; under LOCK.  surf: for a surface. */
static CUresult
resource(ptx_texture *t, const CUDA_RESOURCE_DESC *rd, int surf, unsigned *how)
{
	Arr *a;
	Mip *m;
	int f;
	unsigned tsz;

	*how = 0;
	if (rd->flags)
		return CUDA_ERROR_INVALID_VALUE;
	if (surf && rd->resType != CU_RESOURCE_TYPE_ARRAY)
		return CUDA_ERROR_INVALID_VALUE;
	switch (rd->resType) {
	case CU_RESOURCE_TYPE_ARRAY:
		if (!rd->res.array.hArray)
			return CUDA_ERROR_INVALID_VALUE;   /* none given, as an H200 answers (hostile.gpu) */
		if (!(a = ARR(rd->res.array.hArray)))
			return CUDA_ERROR_INVALID_HANDLE;
		/* an array without CUDA_ARRAY3D_SURFACE_LDST makes a surface too
		 * (an H200's driver 580 says CUDA_SUCCESS) */
		fromarr(t, a);
		*how = a->f->how;
		return CUDA_SUCCESS;
	case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
		if (!(m = MIP(rd->res.mipmap.hMipmappedArray)))
			return CUDA_ERROR_INVALID_HANDLE;
		fromarr(t, m->lv[0]);
		*how = m->lv[0]->f->how;
		t->levels = m->n;
		for (unsigned l = 1; l < m->n; l++)
			t->addr[l] = m->lv[l]->p;
		return CUDA_SUCCESS;
	case CU_RESOURCE_TYPE_LINEAR:
		if ((f = memfmt(rd->res.linear.format, rd->res.linear.numChannels, &tsz)) < 0)
			return CUDA_ERROR_INVALID_VALUE;
		/* the texture alignment (texaligned); a size below
		 * one texel (0 too) reads the first texel and zeros past it, as on
		 * an H200 (tests/shim/edges.gpu) */
		if (!rd->res.linear.devPtr || !texaligned(rd->res.linear.devPtr) ||
		    rd->res.linear.sizeInBytes / tsz > (1u << 27))
			return CUDA_ERROR_INVALID_VALUE;
		t->geom = PTX_TEX_BUFFER;
		t->format = (unsigned)f;
		t->channels = f == PTX_TEXFMT_UNORM_10_10_10_2 ? 4 : rd->res.linear.numChannels;
		t->width = rd->res.linear.sizeInBytes < tsz ? 1 : rd->res.linear.sizeInBytes / tsz;
		t->addr[0] = rd->res.linear.devPtr;
		return CUDA_SUCCESS;
	case CU_RESOURCE_TYPE_PITCH2D:
		if ((f = memfmt(rd->res.pitch2D.format, rd->res.pitch2D.numChannels, &tsz)) < 0)
			return CUDA_ERROR_INVALID_VALUE;
		/* The pitch a multiple of CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT
		 * (32) up to 2^21 - 32, the base of the texture alignment (texaligned).
		 * An H200's driver takes a pitch below the row, whose rows then
		 * overlap (row y starts y pitches on), and a pitch of 0 or a height
		 * of 0, where every row reads the first (tests/shim/edges.gpu):
		 * that is a texture of one row.  A width of 0 it takes too, and
		 * reads texels past it unclamped: not modelled, refused. */
		if (!rd->res.pitch2D.devPtr || !texaligned(rd->res.pitch2D.devPtr) || rd->res.pitch2D.pitchInBytes % 32 ||
		    !rd->res.pitch2D.width || rd->res.pitch2D.width > 131072 || rd->res.pitch2D.height > 65000 ||
		    rd->res.pitch2D.pitchInBytes > 2097120)
			return CUDA_ERROR_INVALID_VALUE;
		t->geom = PTX_TEX_2D;
		t->format = (unsigned)f;
		t->channels = f == PTX_TEXFMT_UNORM_10_10_10_2 ? 4 : rd->res.pitch2D.numChannels;
		t->width = rd->res.pitch2D.width;
		t->height = rd->res.pitch2D.pitchInBytes && rd->res.pitch2D.height ? rd->res.pitch2D.height : 1;
		t->addr[0] = rd->res.pitch2D.devPtr;
		t->pitch = t->height > 1 ? rd->res.pitch2D.pitchInBytes : 0;
		return CUDA_SUCCESS;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

/* Keeps the descriptors of object h; under LOCK. */
static CUresult
keep(uint64_t h, int surf, Ctx *ctx, const CUDA_RESOURCE_DESC *rd, const CUDA_TEXTURE_DESC *td,
     const CUDA_RESOURCE_VIEW_DESC *vd)
{
	Obj *o = realloc(objs, (nobjs + 1) * sizeof *o);

	if (!o)
		return CUDA_ERROR_OUT_OF_MEMORY;
	objs = o;
	o = &objs[nobjs++];
	memset(o, 0, sizeof *o);
	forget(h, surf);   /* the value names this object now */
	o->h = h;
	o->surf = surf;
	o->ctx = ctx;
	o->rd = *rd;
	if (td)
		o->td = *td;
	if ((o->hasview = vd != NULL))
		o->vd = *vd;
	return CUDA_SUCCESS;
}

static Obj *
findobj(uint64_t h, int surf)
{
	for (size_t i = 0; i < nobjs; i++)
		if (objs[i].h == h && objs[i].surf == surf)
			return &objs[i];
	return NULL;
}

CUresult
cuTexObjectCreate(CUtexObject *out, const CUDA_RESOURCE_DESC *rd, const CUDA_TEXTURE_DESC *td,
                  const CUDA_RESOURCE_VIEW_DESC *vd)
{
	ptx_texture t = PTX_TEXTURE_INIT;
	CUresult r;
	uint64_t h;
	unsigned how;
	Ctx *ctx;

	if (!out || !rd || !td)
		return CUDA_ERROR_INVALID_VALUE;
	for (int a = 0; a < 3; a++)
		if (td->addressMode[a] < 0 || td->addressMode[a] > PTX_ADDR_BORDER)
			return CUDA_ERROR_INVALID_VALUE;
	if ((unsigned)td->filterMode > 1 || (unsigned)td->mipmapFilterMode > 1 || (td->flags & ~0x73u))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(&ctx)) && !(r = resource(&t, rd, 0, &how))) {
		if (vd && (vd->format || vd->firstMipmapLevel || vd->firstLayer ||
		    (vd->lastMipmapLevel && vd->lastMipmapLevel + 1 != t.levels)))
			r = CUDA_ERROR_NOT_SUPPORTED;   /* views other than the whole resource */
		memcpy(t.addr_mode, td->addressMode, sizeof t.addr_mode);
		t.filter = (unsigned)td->filterMode;
		t.mip_filter = (unsigned)td->mipmapFilterMode;
		t.flags |= td->flags;
		if (how & FM_NORM)   /* the unorm and snorm formats read normalized whatever the flag */
			t.flags &= ~(unsigned)PTX_TEXF_READ_INT;
		if ((how & FM_NORM) && t.format == PTX_TEXFMT_S8)
			t.flags |= PTX_TEXF_SNORM8;
		/* an sRGB format's texture must ask for sRGB (an H200's driver
		 * refuses it otherwise: tests/shim/texfmt.gpu) */
		if ((how & FM_SRGB) && !(td->flags & PTX_TEXF_SRGB) && !r)
			r = CUDA_ERROR_INVALID_VALUE;
		memcpy(t.border, td->borderColor, sizeof t.border);
		t.lod_bias = td->mipmapLevelBias;
		t.min_lod = td->minMipmapLevelClamp;
		t.max_lod = td->maxMipmapLevelClamp;
		if (!r && ptx_texture_create(shim.cx, &t, &h) != PTX_OK)
			r = CUDA_ERROR_INVALID_VALUE;
		if (!r && (r = keep(h, 0, ctx, rd, td, vd)))
			ptx_texture_destroy(shim.cx, h);
		if (!r)
			*out = h;
	}
	UNLOCK();
	return r;
}

CUresult
cuSurfObjectCreate(CUsurfObject *out, const CUDA_RESOURCE_DESC *rd)
{
	ptx_texture t = PTX_TEXTURE_INIT;
	CUresult r;
	uint64_t h;
	unsigned how;
	Ctx *ctx;

	if (!out || !rd)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(&ctx)) && !(r = resource(&t, rd, 1, &how))) {
		if (ptx_surface_create(shim.cx, &t, &h) != PTX_OK)
			r = CUDA_ERROR_INVALID_VALUE;
		else if ((r = keep(h, 1, ctx, rd, NULL, NULL)))
			ptx_texture_destroy(shim.cx, h);
		else
			*out = h;
	}
	UNLOCK();
	return r;
}

/* Object o, and its interpreter object, gone; under LOCK */
static void
dropobj(Obj *o)
{
	ptx_texture_destroy(shim.cx, o->h);
	*o = objs[--nobjs];
}

static CUresult
destroy(uint64_t h, int surf)
{
	CUresult r;
	Obj *o;

	LOCK();
	if (!(r = shim_current(NULL))) {
		if ((o = findobj(h, surf)))
			dropobj(o);
		else {
			size_t n = ngone;
			forget(h, surf);
			if (n == ngone)
				r = CUDA_ERROR_INVALID_VALUE;
		}
	}
	UNLOCK();
	return r;
}

/* Object 0 is none, and destroying it succeeds, as on an H200 (hostile.gpu). */
CUresult
cuTexObjectDestroy(CUtexObject h)
{
	return h ? destroy(h, 0) : CUDA_SUCCESS;
}

CUresult
cuSurfObjectDestroy(CUsurfObject h)
{
	return destroy(h, 1);
}

/* One of the descriptors of object h into out: 'r' resource, 't' texture, 'v' view. */
static CUresult
getdesc(void *out, uint64_t h, int surf, int which)
{
	CUresult r;
	Obj *o;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_current(NULL))) {
		if (!(o = findobj(h, surf)))
			r = CUDA_ERROR_INVALID_VALUE;
		else if (which == 'r')
			memcpy(out, &o->rd, sizeof o->rd);
		else if (which == 't') {
			/* all but the border colour, which the driver leaves as
			 * it was (an H200, driver 580) */
			CUDA_TEXTURE_DESC *t = out;
			float keepb[4];
			memcpy(keepb, t->borderColor, sizeof keepb);
			*t = o->td;
			memcpy(t->borderColor, keepb, sizeof keepb);
		} else if (!o->hasview)
			memset(out, 0, sizeof o->vd);   /* no view: succeeds (an H200); what it writes is not recorded */
		else
			memcpy(out, &o->vd, sizeof o->vd);
	}
	UNLOCK();
	return r;
}

CUresult
cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *d, CUtexObject h)
{
	return getdesc(d, h, 0, 'r');
}

CUresult
cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *d, CUtexObject h)
{
	return getdesc(d, h, 0, 't');
}

CUresult
cuTexObjectGetResourceViewDesc(CUDA_RESOURCE_VIEW_DESC *d, CUtexObject h)
{
	return getdesc(d, h, 0, 'v');
}

CUresult
cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *d, CUsurfObject h)
{
	return getdesc(d, h, 1, 'r');
}

/* ---------------------------------------------------------------- references
 *
 * The legacy texture and surface references (cuModuleGetTexRef,
 * cuTexRefSet*, cuSurfRefSetArray), which CUDA 13's driver still exports
 * and clients such as pycuda call.  A reference is the state those calls
 * set; whenever it changes with a resource bound, a texture (surface)
 * object is made of it and its handle stored into the module's .texref
 * (.surfref) variable, which is where the interpreter's tex and suld
 * look (interp/tex.c).  An array bound keeps its own format (the
 * texels are what they are); linear and pitched memory take the
 * reference's (cuTexRefSetFormat; 1 float until set).  A reference made
 * by cuTexRefCreate belongs to no module: it holds state only, and goes
 * with its context.  A module's references (one per variable asked for)
 * go with the module.
 */

typedef struct {
	int surf;
	CUmodule md;              /* NULL: cuTexRefCreate's */
	char *name;               /* the variable */
	int bound;                /* rd holds a resource */
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	int fmt;                  /* cuTexRefSetFormat's CUarray_format, channels */
	unsigned nch;
	uint64_t obj;             /* the object made of it, 0: none */
	Ctx *ctx;                 /* cuTexRefCreate's: the owner */
} Ref;
static Ref **refs;
static size_t nrefs;

static Ref *
findref(const void *h, int surf)
{
	for (size_t i = 0; i < nrefs; i++)
		if (refs[i] == h && refs[i]->surf == surf)
			return refs[i];
	return NULL;
}

static CUresult
newref(Ref **out, int surf, CUmodule md, const char *name)
{
	Ref **v = realloc(refs, (nrefs + 1) * sizeof *v), *r;

	if (!v)
		return CUDA_ERROR_OUT_OF_MEMORY;
	refs = v;
	if (!(r = calloc(1, sizeof *r)) || (name && !(r->name = strdup(name)))) {
		free(r);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	r->surf = surf;
	r->md = md;
	r->fmt = 0x20;   /* CU_AD_FORMAT_FLOAT */
	r->nch = 1;
	r->td.addressMode[0] = r->td.addressMode[1] = r->td.addressMode[2] = PTX_ADDR_CLAMP;
	refs[nrefs++] = r;
	*out = r;
	return CUDA_SUCCESS;
}

/* Remakes r's object from its state and stores its handle into r's
 * variable; under LOCK. */
static CUresult
rebind(Ref *r)
{
	ptx_texture t = PTX_TEXTURE_INIT;
	CUdeviceptr var = 0;
	size_t n = 0;
	Mod *md = r->md ? MOD(r->md) : NULL;
	CUresult e;
	uint64_t h = 0;
	unsigned how;

	if (r->obj)
		ptx_texture_destroy(shim.cx, r->obj);
	r->obj = 0;
	if (r->bound) {
		if ((e = resource(&t, &r->rd, r->surf, &how)))
			return e;
		if (!r->surf) {
			memcpy(t.addr_mode, r->td.addressMode, sizeof t.addr_mode);
			t.filter = (unsigned)r->td.filterMode;
			t.mip_filter = (unsigned)r->td.mipmapFilterMode;
			t.flags |= r->td.flags;
			if (how & FM_NORM)
				t.flags &= ~(unsigned)PTX_TEXF_READ_INT;
			if ((how & FM_NORM) && t.format == PTX_TEXFMT_S8)
				t.flags |= PTX_TEXF_SNORM8;
			memcpy(t.border, r->td.borderColor, sizeof t.border);
			t.lod_bias = r->td.mipmapLevelBias;
			t.min_lod = r->td.minMipmapLevelClamp;
			t.max_lod = r->td.maxMipmapLevelClamp;
		}
		if ((r->surf ? ptx_surface_create : ptx_texture_create)(shim.cx, &t, &h) != PTX_OK)
			return CUDA_ERROR_INVALID_VALUE;
		r->obj = h;
	}
	/* the module may be gone (its variable with it) */
	if (md && shim_global(&var, &n, md, r->name) == CUDA_SUCCESS && n == 8)
		ptx_mem_copy_htod(shim.cx, var, &h, 8);
	return CUDA_SUCCESS;
}

/* Runs set(r, arg) on reference h under LOCK, then rebind. */
static CUresult
update(const void *h, int surf, CUresult (*set)(Ref *, const void *), const void *arg)
{
	CUresult e;
	Ref *r;

	LOCK();
	if (!(e = shim_current(NULL))) {
		if (!(r = findref(h, surf)))
			e = CUDA_ERROR_INVALID_VALUE;
		else if (!(e = set(r, arg)))
			e = rebind(r);
	}
	UNLOCK();
	return e;
}

static CUresult
getref(void **out, CUmodule hm, const char *name, int surf)
{
	CUdeviceptr var;
	size_t n;
	CUresult e;
	Mod *md;
	Ref *r = NULL;

	if (!out || !name)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(e = shim_current(NULL))) {
		if (!(md = MOD(hm)))
			e = CUDA_ERROR_INVALID_HANDLE;
		else if (shim_global(&var, &n, md, name) != CUDA_SUCCESS || n != 8)
			e = CUDA_ERROR_NOT_FOUND;
		else {
			for (size_t i = 0; i < nrefs && !r; i++)
				if (refs[i]->md == hm && refs[i]->surf == surf && !strcmp(refs[i]->name, name))
					r = refs[i];
			if (!r)
				e = newref(&r, surf, hm, name);
			if (!e)
				*out = r;
		}
	}
	UNLOCK();
	return e;
}

CUresult
cuModuleGetTexRef(void **t, CUmodule md, const char *name)
{
	return getref(t, md, name, 0);
}

CUresult
cuModuleGetSurfRef(void **s, CUmodule md, const char *name)
{
	return getref(s, md, name, 1);
}

CUresult
cuTexRefCreate(void **t)
{
	CUresult e;
	Ref *r;
	Ctx *ctx;

	if (!t)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(e = shim_current(&ctx)) && !(e = newref(&r, 0, NULL, NULL))) {
		r->ctx = ctx;
		*t = r;
	}
	UNLOCK();
	return e;
}

/* Reference r, and its object, gone; under LOCK */
static void
dropref(Ref *r)
{
	for (size_t i = 0; i < nrefs; i++)
		if (refs[i] == r) {
			refs[i] = refs[--nrefs];
			break;
		}
	if (r->obj)
		ptx_texture_destroy(shim.cx, r->obj);
	free(r->name);
	free(r);
}

/* The references of module h gone with it (shim_unload); under LOCK */
void
shim_tex_unload(CUmodule h)
{
	for (size_t i = nrefs; i-- > 0;)
		if (i < nrefs && refs[i]->md == h)
			dropref(refs[i]);
}

/* What ctx made here gone with it (release_ctx, after its modules):
 * texture and surface objects, texture references, mipmapped arrays with
 * their levels, arrays; under LOCK */
void
shim_tex_release(Ctx *ctx)
{
	size_t i;
	Mip *m;
	Arr *a;

	for (i = nobjs; i-- > 0;)
		if (i < nobjs && objs[i].ctx == ctx) {
			if (ngone == NGONE)
				memmove(&gone[0], &gone[1], --ngone * sizeof gone[0]);
			gone[ngone].h = objs[i].h;
			gone[ngone++].surf = objs[i].surf;
			dropobj(&objs[i]);
		}
	for (i = nrefs; i-- > 0;)
		if (i < nrefs && !refs[i]->md && refs[i]->ctx == ctx)
			dropref(refs[i]);
	i = 0;
	while ((m = shim_heach(H_MIPMAP, &i)))
		if (m->ctx == ctx)
			dropmip(m);
	i = 0;
	while ((a = shim_heach(H_ARRAY, &i)))
		if (a->ctx == ctx && !a->mm)
			droparr(a);
}

CUresult
cuTexRefDestroy(void *t)
{
	CUresult e;
	Ref *r;

	LOCK();
	if (!(e = shim_current(NULL))) {
		if (!(r = findref(t, 0)) || r->md)
			e = CUDA_ERROR_INVALID_VALUE;   /* a module's references go with it */
		else
			dropref(r);
	}
	UNLOCK();
	return e;
}

static CUresult
setarray(Ref *r, const void *a)
{
	if (!ARR(*(const CUarray *)a))
		return CUDA_ERROR_INVALID_HANDLE;
	memset(&r->rd, 0, sizeof r->rd);
	r->rd.resType = CU_RESOURCE_TYPE_ARRAY;
	r->rd.res.array.hArray = *(const CUarray *)a;
	r->bound = 1;
	return CUDA_SUCCESS;
}

static CUresult
setmip(Ref *r, const void *m)
{
	if (!MIP(*(const CUmipmappedArray *)m))
		return CUDA_ERROR_INVALID_HANDLE;
	memset(&r->rd, 0, sizeof r->rd);
	r->rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
	r->rd.res.mipmap.hMipmappedArray = *(const CUmipmappedArray *)m;
	r->bound = 1;
	return CUDA_SUCCESS;
}

CUresult
cuTexRefSetArray(void *t, CUarray a, unsigned flags)
{
	(void)flags;   /* CU_TRSA_OVERRIDE_FORMAT: an array always reads as its own format here */
	return update(t, 0, setarray, &a);
}

CUresult
cuTexRefSetMipmappedArray(void *t, CUmipmappedArray m, unsigned flags)
{
	(void)flags;
	return update(t, 0, setmip, &m);
}

CUresult
cuSurfRefSetArray(void *s, CUarray a, unsigned flags)
{
	if (flags)
		return CUDA_ERROR_INVALID_VALUE;
	return update(s, 1, setarray, &a);
}

/* linear (pitch 0) or pitched memory under the reference's format */
typedef struct { CUdeviceptr p; size_t bytes, w, h, pitch; } Lin;

static CUresult
setlin(Ref *r, const void *v)
{
	const Lin *l = v;

	memset(&r->rd, 0, sizeof r->rd);
	if (!l->pitch) {
		r->rd.resType = CU_RESOURCE_TYPE_LINEAR;
		r->rd.res.linear.devPtr = l->p;
		r->rd.res.linear.format = r->fmt;
		r->rd.res.linear.numChannels = r->nch;
		r->rd.res.linear.sizeInBytes = l->bytes;
	} else {
		r->rd.resType = CU_RESOURCE_TYPE_PITCH2D;
		r->rd.res.pitch2D.devPtr = l->p;
		r->rd.res.pitch2D.format = r->fmt;
		r->rd.res.pitch2D.numChannels = r->nch;
		r->rd.res.pitch2D.width = l->w;
		r->rd.res.pitch2D.height = l->h;
		r->rd.res.pitch2D.pitchInBytes = l->pitch;
	}
	r->bound = 1;
	return CUDA_SUCCESS;
}

/* Whether t is a texture reference and p an address no allocation holds
 * (0 too). */
static int
strayaddr(const void *t, CUdeviceptr p)
{
	ptx_devptr base;
	size_t n;
	int r;

	LOCK();
	r = findref(t, 0) && (!p || ptx_mem_range(shim.cx, p, &base, &n) != PTX_OK);
	UNLOCK();
	return r;
}

/* An address no allocation holds (0 too) the driver takes, and reads it
 * back (an H200, driver 580: tests/shim/texfail.gpu); the reference keeps
 * it with no texture behind it, so a kernel's read through it faults, as
 * on the H200. */
CUresult
cuTexRefSetAddress_v2(size_t *off, void *t, CUdeviceptr p, size_t bytes)
{
	ABI64();
	Lin l = { p, bytes, 0, 0, 0 };
	CUresult e = update(t, 0, setlin, &l);

	if (e == CUDA_ERROR_INVALID_VALUE && strayaddr(t, p))
		e = CUDA_SUCCESS;
	if (!e && off)
		*off = 0;   /* allocations are aligned past the texture alignment */
	return e;
}

CUresult
cuTexRefSetAddress2D_v3(void *t, const CUDA_ARRAY_DESCRIPTOR *d, CUdeviceptr p, size_t pitch)
{
	ABI64();
	Lin l;

	if (!d || !pitch)
		return CUDA_ERROR_INVALID_VALUE;
	l = (Lin){ p, 0, d->Width, d->Height, pitch };
	/* the descriptor's format is the reference's from now on */
	{
		CUresult e;
		LOCK();
		Ref *r = findref(t, 0);
		if (r && fmtof(d->Format) >= 0)
			r->fmt = d->Format, r->nch = d->NumChannels;
		e = r ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
		UNLOCK();
		if (e)
			return e;
	}
	return update(t, 0, setlin, &l);
}

CUresult
cuTexRefSetAddress2D_v2(void *t, const CUDA_ARRAY_DESCRIPTOR *d, CUdeviceptr p, size_t pitch)
{
	ABI64();
	return cuTexRefSetAddress2D_v3(t, d, p, pitch);
}

/* The setters of one field: v[0], v[1] the values. */
typedef struct { int what; long long v[4]; float f[4]; } Set;

static CUresult
setfield(Ref *r, const void *arg)
{
	const Set *s = arg;

	switch (s->what) {
	case 'f':
		if (fmtof((int)s->v[0]) < 0 || (s->v[1] != 1 && s->v[1] != 2 && s->v[1] != 4))
			return CUDA_ERROR_INVALID_VALUE;
		r->fmt = (int)s->v[0], r->nch = (unsigned)s->v[1];
		if (r->bound && r->rd.resType == CU_RESOURCE_TYPE_LINEAR)
			r->rd.res.linear.format = r->fmt, r->rd.res.linear.numChannels = r->nch;
		if (r->bound && r->rd.resType == CU_RESOURCE_TYPE_PITCH2D)
			r->rd.res.pitch2D.format = r->fmt, r->rd.res.pitch2D.numChannels = r->nch;
		return CUDA_SUCCESS;
	case 'a':
		if (s->v[0] < 0 || s->v[0] > 2 || s->v[1] < 0 || s->v[1] > PTX_ADDR_BORDER)
			return CUDA_ERROR_INVALID_VALUE;
		r->td.addressMode[s->v[0]] = (int)s->v[1];
		return CUDA_SUCCESS;
	case 'm':
		if (s->v[0] < 0 || s->v[0] > 1)
			return CUDA_ERROR_INVALID_VALUE;
		if (s->v[1])
			r->td.mipmapFilterMode = (int)s->v[0];
		else
			r->td.filterMode = (int)s->v[0];
		return CUDA_SUCCESS;
	case 'F':
		if ((unsigned long long)s->v[0] & ~0x73ull)
			return CUDA_ERROR_INVALID_VALUE;
		r->td.flags = (unsigned)s->v[0];
		return CUDA_SUCCESS;
	case 'b':
		memcpy(r->td.borderColor, s->f, sizeof r->td.borderColor);
		return CUDA_SUCCESS;
	case 'l':
		r->td.mipmapLevelBias = s->f[0];
		return CUDA_SUCCESS;
	case 'c':
		r->td.minMipmapLevelClamp = s->f[0], r->td.maxMipmapLevelClamp = s->f[1];
		return CUDA_SUCCESS;
	default:   /* 'x': anisotropy, which the interpreter's filter ignores */
		r->td.maxAnisotropy = (unsigned)s->v[0];
		return CUDA_SUCCESS;
	}
}

CUresult
cuTexRefSetFormat(void *t, int fmt, int n)
{
	Set s = { 'f', { fmt, n, 0, 0 }, { 0 } };
	return update(t, 0, setfield, &s);
}

CUresult
cuTexRefSetAddressMode(void *t, int dim, int m)
{
	Set s = { 'a', { dim, m, 0, 0 }, { 0 } };
	return update(t, 0, setfield, &s);
}

CUresult
cuTexRefSetFilterMode(void *t, int m)
{
	Set s = { 'm', { m, 0, 0, 0 }, { 0 } };
	return update(t, 0, setfield, &s);
}

CUresult
cuTexRefSetMipmapFilterMode(void *t, int m)
{
	Set s = { 'm', { m, 1, 0, 0 }, { 0 } };
	return update(t, 0, setfield, &s);
}

CUresult
cuTexRefSetFlags(void *t, unsigned flags)
{
	Set s = { 'F', { flags, 0, 0, 0 }, { 0 } };
	return update(t, 0, setfield, &s);
}

CUresult
cuTexRefSetBorderColor(void *t, float *c)
{
	Set s = { 'b', { 0 }, { 0 } };

	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(s.f, c, sizeof s.f);
	return update(t, 0, setfield, &s);
}

CUresult
cuTexRefSetMipmapLevelBias(void *t, float bias)
{
	Set s = { 'l', { 0 }, { bias, 0, 0, 0 } };
	return update(t, 0, setfield, &s);
}

CUresult
cuTexRefSetMipmapLevelClamp(void *t, float lo, float hi)
{
	Set s = { 'c', { 0 }, { lo, hi, 0, 0 } };
	return update(t, 0, setfield, &s);
}

CUresult
cuTexRefSetMaxAnisotropy(void *t, unsigned n)
{
	Set s = { 'x', { n, 0, 0, 0 }, { 0 } };
	return update(t, 0, setfield, &s);
}

/* A reference's state into out: 'p' address, 'a' array, 'y' mipmapped
 * array, 'A' address mode (dim), 'm' filter mode, 'M' mipmap filter mode,
 * 'F' flags, 'b' border colour (float[4]), 'l' mipmap level bias (float),
 * 'c' mipmap level clamps (float[2]), 'x' maximum anisotropy, 'f' format
 * (int[2]): each as the cuTexRefSet* call left it. */
static CUresult
query(const void *h, int surf, int what, int dim, void *out)
{
	CUresult e;
	Ref *r;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(e = shim_current(NULL))) {
		if (!(r = findref(h, surf)))
			e = CUDA_ERROR_INVALID_VALUE;
		else
			switch (what) {
			case 'p':
				if (!r->bound || (r->rd.resType != CU_RESOURCE_TYPE_LINEAR &&
				    r->rd.resType != CU_RESOURCE_TYPE_PITCH2D))
					e = CUDA_ERROR_INVALID_VALUE;
				else
					*(CUdeviceptr *)out = r->rd.resType == CU_RESOURCE_TYPE_LINEAR ?
					    r->rd.res.linear.devPtr : r->rd.res.pitch2D.devPtr;
				break;
			case 'a':
				if (!r->bound || r->rd.resType != CU_RESOURCE_TYPE_ARRAY)
					e = CUDA_ERROR_INVALID_VALUE;
				else
					*(CUarray *)out = r->rd.res.array.hArray;
				break;
			case 'A':
				if (dim < 0 || dim > 2)
					e = CUDA_ERROR_INVALID_VALUE;
				else
					*(int *)out = r->td.addressMode[dim];
				break;
			case 'y':
				if (!r->bound || r->rd.resType != CU_RESOURCE_TYPE_MIPMAPPED_ARRAY)
					e = CUDA_ERROR_INVALID_VALUE;
				else
					*(CUmipmappedArray *)out = r->rd.res.mipmap.hMipmappedArray;
				break;
			case 'm': *(int *)out = r->td.filterMode; break;
			case 'M': *(int *)out = r->td.mipmapFilterMode; break;
			case 'F': *(unsigned *)out = r->td.flags; break;
			case 'b': memcpy(out, r->td.borderColor, sizeof r->td.borderColor); break;
			case 'l': *(float *)out = r->td.mipmapLevelBias; break;
			case 'c':
				((float *)out)[0] = r->td.minMipmapLevelClamp;
				((float *)out)[1] = r->td.maxMipmapLevelClamp;
				break;
			case 'x': *(int *)out = (int)r->td.maxAnisotropy; break;
			default:
				((int *)out)[0] = r->fmt;
				((int *)out)[1] = (int)r->nch;
				break;
			}
	}
	UNLOCK();
	return e;
}

CUresult
cuTexRefGetAddress_v2(CUdeviceptr *p, void *t)
{
	ABI64();
	return query(t, 0, 'p', 0, p);
}

CUresult
cuTexRefGetArray(CUarray *a, void *t)
{
	return query(t, 0, 'a', 0, a);
}

CUresult
cuSurfRefGetArray(CUarray *a, void *s)
{
	return query(s, 1, 'a', 0, a);
}

CUresult
cuTexRefGetAddressMode(int *m, void *t, int dim)
{
	return query(t, 0, 'A', dim, m);
}

CUresult
cuTexRefGetFilterMode(int *m, void *t)
{
	return query(t, 0, 'm', 0, m);
}

CUresult
cuTexRefGetFlags(unsigned *f, void *t)
{
	return query(t, 0, 'F', 0, f);
}

CUresult
cuTexRefGetMipmappedArray(CUmipmappedArray *m, void *t)
{
	return query(t, 0, 'y', 0, m);
}

CUresult
cuTexRefGetMipmapFilterMode(int *m, void *t)
{
	return query(t, 0, 'M', 0, m);
}

CUresult
cuTexRefGetBorderColor(float *c, void *t)
{
	return query(t, 0, 'b', 0, c);
}

CUresult
cuTexRefGetMipmapLevelBias(float *bias, void *t)
{
	return query(t, 0, 'l', 0, bias);
}

CUresult
cuTexRefGetMipmapLevelClamp(float *lo, float *hi, void *t)
{
	float v[2];
	CUresult e;

	if (!lo || !hi)
		return CUDA_ERROR_INVALID_VALUE;
	if (!(e = query(t, 0, 'c', 0, v)))
		*lo = v[0], *hi = v[1];
	return e;
}

CUresult
cuTexRefGetMaxAnisotropy(int *n, void *t)
{
	return query(t, 0, 'x', 0, n);
}

CUresult
cuTexRefGetFormat(int *f, int *n, void *t)
{
	int v[2];
	CUresult e;

	if (!f || !n)
		return CUDA_ERROR_INVALID_VALUE;
	if (!(e = query(t, 0, 'f', 0, v)))
		*f = v[0], *n = v[1];
	return e;
}

/* Binding happens when the reference changes: the launch has nothing
 * left to do but check the reference (CU_PARAM_TR_DEFAULT is -1). */
CUresult
cuParamSetTexRef(CUfunction fn, int unit, void *t)
{
	CUresult e;

	LOCK();
	if (!(e = shim_current(NULL))) {
		if (!FN(fn))
			e = CUDA_ERROR_INVALID_HANDLE;
		else if (unit != -1 || !findref(t, 0))
			e = CUDA_ERROR_INVALID_VALUE;
	}
	UNLOCK();
	return e;
}

/* The widest 1D texture over linear memory in elements of the format:
 * 2^30 elements or 4 GiB, the fewer, as an H200's driver answers
 * (strattr.gpu: 2^28 for 16-byte elements, which is
 * CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH). */
CUresult
cuDeviceGetTexture1DLinearMaxWidth(size_t *w, int format, unsigned nch, CUdevice dev)
{
	int v;
	CUresult r = cuDeviceGetAttribute(&v, 69, dev);

	if (r)
		return r;
	if (!w || fmtof(format) < 0 || (nch != 1 && nch != 2 && nch != 4))
		return CUDA_ERROR_INVALID_VALUE;
	size_t bytes = (size_t)chbytes[fmtof(format)] * nch;
	*w = ((size_t)1 << 32) / bytes < ((size_t)1 << 30) ? ((size_t)1 << 32) / bytes : (size_t)1 << 30;
	return CUDA_SUCCESS;
}

/*
 * textest.c -- textures and surfaces through the CUDA driver API: CUDA
 * arrays (1D, 2D, 3D, layered, cubemap, mipmapped), linear and pitched
 * resources, texture and surface objects over them, the kernels of tex.ptx
 * fetching, gathering, querying, loading, storing and reducing, and the
 * driver's answers to bad descriptors.
 *
 *	textest TEX.PTX OUT.BIN [REF.BIN]
 *
 * Everything the device answers goes to OUT.BIN as records, in a fixed
 * order: the magic "PTXTEX1\n", then per record a u32 name length, the
 * name, a u32 byte count and the bytes (little-endian).  The input data
 * are generated, so one program run on an H100 (record.sh) and on the
 * interpreter must write the same file.  With REF.BIN, each record is
 * compared with the reference's of the same name and every difference is
 * reported; exit 0 when none.  Exit 1 when a call fails unexpectedly.
 *
 * The legacy texture references (cuModuleGetTexRef, cuTexRefSet*) are
 * checked against the objects: a kernel reading a .texref (refptx below)
 * must return what t2d_f returns through an object of the same settings,
 * on any device; a difference is reported as the records' are ("DIFF
 * texref ...").
 */
#define CUDA_ENABLE_DEPRECATED 1   /* texture references (references()) */
#include <cuda.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(call) ck((call), #call, __LINE__)
#define MAXN 1024

static FILE *out;
static FILE *dumpf;   /* TEXTEST_DUMP: the inputs of the case running */
static const char *doing = "setup";   /* the case running, for a failure's report */
static CUmodule mod;
static CUdeviceptr dcoord, dout;

static void
ck(CUresult r, const char *what, int line)
{
	const char *name = NULL;

	if (r == CUDA_SUCCESS)
		return;
	cuGetErrorName(r, &name);
	fprintf(stderr, "textest: %s: line %d: %s: %s\n", doing, line, what, name ? name : "?");
	if (out)
		fclose(out);
	exit(1);
}

static void
emit(const char *name, const void *p, size_t n)
{
	uint32_t a = (uint32_t)strlen(name), b = (uint32_t)n;

	fwrite(&a, 4, 1, out);
	fwrite(name, 1, a, out);
	fwrite(&b, 4, 1, out);
	fwrite(p, 1, n, out);
}

/* ---------------------------------------------------------------- data */

static uint32_t rng = 1;
static uint32_t probes_rng;   /* rng where probes() ended */

static uint32_t
rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

/* A uniform float in [lo, hi), on a grid of 1/4096. */
static float
uni(float lo, float hi)
{
	return lo + (float)(rnd() % 4096u) / 4096.0f * (hi - lo);
}

static unsigned
esize(CUarray_format f)
{
	switch (f) {
	case CU_AD_FORMAT_UNSIGNED_INT8: case CU_AD_FORMAT_SIGNED_INT8: return 1;
	case CU_AD_FORMAT_UNSIGNED_INT16: case CU_AD_FORMAT_SIGNED_INT16: case CU_AD_FORMAT_HALF: return 2;
	default: return 4;
	}
}

/* f16 bits of a float that is exactly one (a multiple of 1/64 below 64) */
static uint16_t
half(float f)
{
	uint32_t u;
	int e;
	uint16_t s;

	memcpy(&u, &f, 4);
	s = (uint16_t)(u >> 16 & 0x8000);
	if (f == 0)
		return s;
	e = (int)(u >> 23 & 0xff) - 127 + 15;
	if (e <= 0)   /* not reached for the values made below */
		return s;
	return (uint16_t)(s | e << 10 | (u >> 13 & 0x3ff));
}

/* n elements of format f: integers anything, floats finite and varied */
static void *
texels(CUarray_format f, size_t n)
{
	uint8_t *p = malloc(n * esize(f) + 1);

	for (size_t i = 0; i < n; i++) {
		if (f == CU_AD_FORMAT_FLOAT) {
			float v = (float)((int)(rnd() % 4001u) - 2000) / 64.0f;
			memcpy(p + 4 * i, &v, 4);
		} else if (f == CU_AD_FORMAT_HALF) {
			uint16_t h = half((float)((int)(rnd() % 1025u) - 512) / 64.0f);
			memcpy(p + 2 * i, &h, 2);
		} else {
			for (unsigned k = 0; k < esize(f); k++)
				p[i * esize(f) + k] = (uint8_t)rnd();
		}
	}
	return p;
}

/* With TEXTEST_DUMP=DIR, a texture case's inputs go to DIR/NAME.WHAT
 * (texels: each level's, layer's or face's in upload order, as stored;
 * coords: float[4] a lane) for a look at a record that differs; NULL
 * closes the file.  Whether one is open. */
static int
dumpopen(const char *name, const char *what)
{
	const char *dir = getenv("TEXTEST_DUMP");
	char path[512];

	if (dumpf)
		fclose(dumpf);
	dumpf = NULL;
	if (!name || !dir || !*dir)
		return 0;
	snprintf(path, sizeof path, "%s/%s.%s", dir, name, what);
	dumpf = fopen(path, "wb");
	return dumpf != NULL;
}

/* ---------------------------------------------------------------- arrays */

/* Geometries of the cases. */
enum { G_1D, G_2D, G_3D, G_A1D, G_A2D, G_CUBE, G_ACUBE, G_LIN, G_PITCH };

typedef struct {
	CUarray a;
	CUmipmappedArray mm;
	CUdeviceptr dp;
	size_t pitch;
} Res;

/* rows rows of pitch bytes from host src into the 2D array (or level) a */
static void
toarray(CUarray a, const void *src, size_t pitch, size_t rows)
{
	CUDA_MEMCPY2D c;

	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = src;
	c.srcPitch = pitch;
	c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
	c.dstArray = a;
	c.WidthInBytes = pitch;
	c.Height = rows;
	CK(cuMemcpy2D(&c));
}

/* Uploads generated texels into array a of w x h x d (d counts layers and
 * faces), each kind of copy for some shape. */
static void
fill(CUarray a, CUarray_format f, unsigned ch, size_t w, size_t h, size_t d)
{
	size_t rowb = w * ch * esize(f), hh = h ? h : 1, dd = d ? d : 1;
	void *p = texels(f, w * hh * dd * ch);

	if (dumpf)
		fwrite(p, esize(f), w * hh * dd * ch, dumpf);
	if (!h && !d)
		CK(cuMemcpyHtoA(a, 0, p, rowb));
	else if (!d)
		toarray(a, p, rowb, hh);
	else {
		CUDA_MEMCPY3D c;
		memset(&c, 0, sizeof c);
		c.srcMemoryType = CU_MEMORYTYPE_HOST;
		c.srcHost = p;
		c.srcPitch = rowb;
		c.srcHeight = hh;
		c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
		c.dstArray = a;
		c.WidthInBytes = rowb;
		c.Height = hh;
		c.Depth = dd;
		CK(cuMemcpy3D(&c));
	}
	free(p);
}

static CUarray
mkarray(CUarray_format f, unsigned ch, size_t w, size_t h, size_t d, unsigned flags)
{
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CUarray a;

	memset(&ad, 0, sizeof ad);
	ad.Width = w;
	ad.Height = h;
	ad.Depth = d;
	ad.Format = f;
	ad.NumChannels = ch;
	ad.Flags = flags;
	CK(cuArray3DCreate(&a, &ad));
	return a;
}

/* ---------------------------------------------------------------- texture cases */

typedef struct {
	const char *name, *kern;
	int geom;
	CUarray_format fmt;
	unsigned ch;
	unsigned w, h, d;      /* d: depth, or layers */
	unsigned levels;       /* > 1: a mipmapped array */
	CUaddress_mode am[3];
	CUfilter_mode filter, mipfilter;
	unsigned flags;        /* CU_TRSF_* */
	float border[4];
	int lod, layer;        /* the coordinate component holding the level, the layer; -1 none */
	unsigned n;            /* coordinates */
} Case;

#define U8 CU_AD_FORMAT_UNSIGNED_INT8
#define S8 CU_AD_FORMAT_SIGNED_INT8
#define U16 CU_AD_FORMAT_UNSIGNED_INT16
#define S16 CU_AD_FORMAT_SIGNED_INT16
#define U32 CU_AD_FORMAT_UNSIGNED_INT32
#define S32 CU_AD_FORMAT_SIGNED_INT32
#define F16 CU_AD_FORMAT_HALF
#define F32 CU_AD_FORMAT_FLOAT
#define WR CU_TR_ADDRESS_MODE_WRAP
#define CL CU_TR_ADDRESS_MODE_CLAMP
#define MI CU_TR_ADDRESS_MODE_MIRROR
#define BO CU_TR_ADDRESS_MODE_BORDER
#define PT CU_TR_FILTER_MODE_POINT
#define LI CU_TR_FILTER_MODE_LINEAR
#define INT CU_TRSF_READ_AS_INTEGER
#define NC CU_TRSF_NORMALIZED_COORDINATES
#define SRGB CU_TRSF_SRGB
#define AM(a, b, c) { a, b, c }

static const Case cases[] = {
	/* 2D: formats and read modes, point and linear, unnormalized, clamp */
	{ "2d_u8x4_nf_point", "t2d_f", G_2D, U8, 4, 13, 7, 0, 1, AM(CL, CL, CL), PT, PT, 0, {0}, -1, -1, 256 },
	{ "2d_u8x4_nf_linear", "t2d_f", G_2D, U8, 4, 13, 7, 0, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, -1, 512 },
	{ "2d_u8x4_int_point", "t2d_u", G_2D, U8, 4, 13, 7, 0, 1, AM(CL, CL, CL), PT, PT, INT, {0}, -1, -1, 256 },
	{ "2d_s8x2_nf_linear", "t2d_f", G_2D, S8, 2, 9, 9, 0, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, -1, 256 },
	{ "2d_s8x1_int_point", "t2d_i", G_2D, S8, 1, 9, 9, 0, 1, AM(CL, CL, CL), PT, PT, INT, {0}, -1, -1, 128 },
	{ "2d_u16x1_nf_linear", "t2d_f", G_2D, U16, 1, 8, 5, 0, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, -1, 256 },
	{ "2d_s16x4_int_point", "t2d_i", G_2D, S16, 4, 8, 5, 0, 1, AM(CL, CL, CL), PT, PT, INT, {0}, -1, -1, 128 },
	{ "2d_s16x2_nf_linear", "t2d_f", G_2D, S16, 2, 8, 5, 0, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, -1, 256 },
	{ "2d_u32x1_int_point", "t2d_u", G_2D, U32, 1, 6, 6, 0, 1, AM(CL, CL, CL), PT, PT, INT, {0}, -1, -1, 128 },
	{ "2d_s32x2_int_point", "t2d_i", G_2D, S32, 2, 6, 6, 0, 1, AM(CL, CL, CL), PT, PT, INT, {0}, -1, -1, 128 },
	{ "2d_f16x4_linear", "t2d_f", G_2D, F16, 4, 7, 7, 0, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, -1, 256 },
	{ "2d_f16x1_point", "t2d_f", G_2D, F16, 1, 7, 7, 0, 1, AM(CL, CL, CL), PT, PT, 0, {0}, -1, -1, 128 },
	{ "2d_f32x1_linear", "t2d_f", G_2D, F32, 1, 11, 6, 0, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, -1, 512 },
	{ "2d_f32x2_point", "t2d_f", G_2D, F32, 2, 11, 6, 0, 1, AM(CL, CL, CL), PT, PT, 0, {0}, -1, -1, 256 },
	{ "2d_f32x4_linear", "t2d_f", G_2D, F32, 4, 5, 4, 0, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, -1, 256 },
	{ "2d_u8x4_srgb_linear", "t2d_f", G_2D, U8, 4, 6, 6, 0, 1, AM(CL, CL, CL), LI, PT, SRGB, {0}, -1, -1, 256 },
	{ "2d_u8x4_srgb_point", "t2d_f", G_2D, U8, 4, 6, 6, 0, 1, AM(CL, CL, CL), PT, PT, SRGB, {0}, -1, -1, 128 },
	/* address modes, normalized coordinates */
	{ "2d_f32_wrap_nc", "t2d_f", G_2D, F32, 1, 8, 5, 0, 1, AM(WR, WR, WR), LI, PT, NC, {0}, -1, -1, 512 },
	{ "2d_f32_mirror_nc", "t2d_f", G_2D, F32, 1, 8, 5, 0, 1, AM(MI, MI, MI), LI, PT, NC, {0}, -1, -1, 512 },
	{ "2d_f32_clamp_nc", "t2d_f", G_2D, F32, 1, 8, 5, 0, 1, AM(CL, CL, CL), LI, PT, NC, {0}, -1, -1, 256 },
	{ "2d_f32_border_nc", "t2d_f", G_2D, F32, 1, 8, 5, 0, 1, AM(BO, BO, BO), LI, PT, NC, {0.75f, -2, 3, 4}, -1, -1, 256 },
	{ "2d_u8x4_border", "t2d_f", G_2D, U8, 4, 8, 5, 0, 1, AM(BO, BO, BO), LI, PT, 0, {0.3f, 0.6f, -1, 2}, -1, -1, 256 },
	{ "2d_u8x4_border_int", "t2d_u", G_2D, U8, 4, 8, 5, 0, 1, AM(BO, BO, BO), PT, PT, INT, {5, 6, 7, 300}, -1, -1, 128 },
	{ "2d_f32_wrap_mirror_nc_point", "t2d_f", G_2D, F32, 1, 8, 5, 0, 1, AM(WR, MI, WR), PT, PT, NC, {0}, -1, -1, 256 },
	{ "2d_f32_mirror_border_nc", "t2d_f", G_2D, F32, 1, 8, 5, 0, 1, AM(MI, BO, WR), LI, PT, NC, {1, 2, 3, 4}, -1, -1, 256 },
	{ "2d_u8x4_wrap_nc_linear", "t2d_f", G_2D, U8, 4, 4, 4, 0, 1, AM(WR, WR, WR), LI, PT, NC, {0}, -1, -1, 256 },
	/* 1D, 3D */
	{ "1d_f32_linear", "t1d_f", G_1D, F32, 1, 17, 0, 0, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, -1, 256 },
	{ "1d_u16x2_nf_wrap_nc", "t1d_f", G_1D, U16, 2, 10, 0, 0, 1, AM(WR, CL, CL), LI, PT, NC, {0}, -1, -1, 256 },
	{ "1d_s32_int_border", "t1d_i", G_1D, S32, 1, 10, 0, 0, 1, AM(BO, CL, CL), PT, PT, INT, {-7, 0, 0, 0}, -1, -1, 128 },
	{ "3d_f32_linear", "t3d_f", G_3D, F32, 1, 5, 4, 3, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, -1, 512 },
	{ "3d_u8x4_nf_linear_wrap_nc", "t3d_f", G_3D, U8, 4, 4, 3, 5, 1, AM(WR, MI, CL), LI, PT, NC, {0}, -1, -1, 256 },
	{ "3d_u16_int_point", "t3d_u", G_3D, U16, 1, 4, 3, 5, 1, AM(CL, CL, CL), PT, PT, INT, {0}, -1, -1, 128 },
	/* layered, cubemaps */
	{ "a1d_f32_linear", "ta1d_f", G_A1D, F32, 1, 9, 0, 4, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, 1, 256 },
	{ "a2d_f32_linear", "ta2d_f", G_A2D, F32, 1, 6, 5, 3, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, 2, 256 },
	{ "a2d_s8x4_int_point_nc", "ta2d_i", G_A2D, S8, 4, 6, 5, 3, 1, AM(WR, WR, CL), PT, PT, INT | NC, {0}, -1, 2, 128 },
	{ "cube_f32_point", "tcube_f", G_CUBE, F32, 1, 4, 4, 6, 1, AM(CL, CL, CL), PT, PT, NC, {0}, -1, -1, 256 },
	{ "cube_f32_linear", "tcube_f", G_CUBE, F32, 1, 4, 4, 6, 1, AM(CL, CL, CL), LI, PT, NC, {0}, -1, -1, 256 },
	{ "cube_u8x4_nf_linear", "tcube_f", G_CUBE, U8, 4, 3, 3, 6, 1, AM(CL, CL, CL), LI, PT, NC, {0}, -1, -1, 256 },
	{ "acube_f32_linear", "tacube_f", G_ACUBE, F32, 1, 4, 4, 12, 1, AM(CL, CL, CL), LI, PT, NC, {0}, -1, 3, 256 },
	/* linear and pitched memory */
	{ "lin_f32x1_fetch", "t1dfetch_f", G_LIN, F32, 1, 40, 0, 0, 1, AM(CL, CL, CL), PT, PT, 0, {0}, -1, -1, 128 },
	{ "lin_u8x4_nf_fetch", "t1dfetch_f", G_LIN, U8, 4, 40, 0, 0, 1, AM(CL, CL, CL), PT, PT, 0, {0}, -1, -1, 128 },
	{ "lin_s16x2_int_fetch", "t1dfetch_i", G_LIN, S16, 2, 40, 0, 0, 1, AM(CL, CL, CL), PT, PT, INT, {0}, -1, -1, 128 },
	{ "pitch_f32_linear", "t2d_f", G_PITCH, F32, 1, 24, 7, 0, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, -1, 256 },
	{ "pitch_u8x2_nf_border", "t2d_f", G_PITCH, U8, 2, 40, 5, 0, 1, AM(BO, BO, BO), LI, PT, 0, {0.5f, 1, 0, 0}, -1, -1, 256 },
	/* mipmaps: levels, gradients */
	{ "mip2d_f32_lod_point", "t2dlod_f", G_2D, F32, 1, 16, 8, 0, 5, AM(CL, CL, CL), LI, PT, NC, {0}, 2, -1, 256 },
	{ "mip2d_f32_lod_linear", "t2dlod_f", G_2D, F32, 1, 16, 8, 0, 5, AM(CL, CL, CL), LI, LI, NC, {0}, 2, -1, 512 },
	{ "mip2d_u8x4_lod_linear", "t2dlod_f", G_2D, U8, 4, 16, 16, 0, 5, AM(WR, WR, CL), LI, LI, NC, {0}, 2, -1, 256 },
	{ "mip2d_f32_grad", "t2dgrad_f", G_2D, F32, 1, 16, 8, 0, 5, AM(CL, CL, CL), LI, LI, NC, {0}, -1, -1, 256 },
	{ "mip1d_f32_lod", "t1dlod_f", G_1D, F32, 1, 32, 0, 0, 6, AM(CL, CL, CL), LI, LI, NC, {0}, 1, -1, 256 },
	{ "mip3d_f32_lod", "t3dlod_f", G_3D, F32, 1, 8, 4, 4, 4, AM(CL, CL, CL), LI, LI, NC, {0}, 3, -1, 256 },
	{ "mipa2d_f32_lod", "ta2dlod_f", G_A2D, F32, 1, 8, 8, 2, 4, AM(CL, CL, CL), LI, LI, NC, {0}, 3, 2, 256 },
	{ "mipcube_f32_lod", "tcubelod_f", G_CUBE, F32, 1, 8, 8, 6, 4, AM(CL, CL, CL), LI, LI, NC, {0}, 3, -1, 256 },
	/* gathers */
	{ "tld4_u8x4_nf", "tld4_f", G_2D, U8, 4, 5, 4, 0, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, -1, 128 },
	{ "tld4_f32x2_wrap_nc", "tld4_f", G_2D, F32, 2, 5, 4, 0, 1, AM(WR, WR, CL), LI, PT, NC, {0}, -1, -1, 128 },
	{ "tld4_u16x4_int", "tld4_u", G_2D, U16, 4, 5, 4, 0, 1, AM(BO, BO, CL), PT, PT, INT, {0}, -1, -1, 128 },
	{ "tld4_s8x1_int", "tld4_i", G_2D, S8, 1, 5, 4, 0, 1, AM(CL, CL, CL), PT, PT, INT, {0}, -1, -1, 64 },
	/* offsets, depth compare, the residency predicate */
	{ "2d_f32_asm", "t2dasm_f", G_2D, F32, 1, 9, 7, 0, 1, AM(CL, CL, CL), LI, PT, 0, {0}, -1, -1, 128 },
	{ "2d_u8x4_asm_border", "t2dasm_f", G_2D, U8, 4, 9, 7, 0, 1, AM(BO, WR, CL), LI, PT, NC, {0.25f, 0, 0, 1}, -1, -1, 128 },
};

/* One coordinate along an axis of s texels (normalized when nc). */
static float
axis(unsigned s, int nc, unsigned k)
{
	float x;

	switch (k % 4) {
	case 0: x = uni(-1.5f, (float)s + 1.5f); break;
	case 1: x = (float)(rnd() % (s + 2)) - 0.5f; break;         /* texel centres and edges */
	case 2: x = (float)(rnd() % s) + (float)(rnd() % 64) / 512.0f; break;   /* between the 1/256 steps */
	default: x = uni(-(float)s, 2.0f * (float)s); break;
	}
	return nc ? x / (float)s : x;
}

static void
coords(const Case *c, float (*p)[4], unsigned n)
{
	int nc = (c->flags & NC) != 0, cube = c->geom == G_CUBE || c->geom == G_ACUBE;
	unsigned dims = c->geom == G_1D || c->geom == G_LIN || c->geom == G_A1D ? 1 :
	    c->geom == G_3D || cube ? 3 : 2;
	unsigned size[3] = { c->w, c->h, c->d };

	for (unsigned k = 0; k < n; k++) {
		for (unsigned a = 0; a < 4; a++)
			p[k][a] = 0;
		for (unsigned a = 0; a < dims; a++) {
			if (cube)
				p[k][a] = k % 3 == 1 ? (a == (k / 3) % 3 ? ((k / 9) % 2 ? -1.0f : 1.0f) : uni(-1, 1)) :
				    uni(-1.25f, 1.25f);
			else if (c->geom == G_LIN)
				p[k][a] = (float)((int)(rnd() % (c->w + 8)) - 4);
			else
				p[k][a] = axis(size[a], nc, k + a);
		}
		if (c->layer >= 0)
			p[k][c->layer] = (float)(rnd() % ((c->geom == G_ACUBE ? c->d / 6 : c->d) + 2)) - 0.0f;
		if (c->lod >= 0)
			p[k][c->lod] = uni(-0.75f, (float)c->levels + 0.5f);
	}
}

/* With TEXTEST_QUADS=N,NAME,NAME... only the texture launches of the
 * records named (as "tex NAME" or "probe NAME" without the prefix, '_'
 * for ' ') run, each followed by launches of single quads of its lanes:
 * every quad, or N spread over the launch when it has more (for the
 * texture unit's counters of one request: the shim's PTXKIT_COUNTERS and
 * ncu number launches alike), each said on stdout ("quad NAME Q", Q
 * "all" for the record's own launch).  TEXTEST_QUADS_OF=G launches G
 * quads at a time instead (Q their first), to find the part of a launch
 * that counts differently.  The quads' output goes to dquad.  The
 * records are then not the GPU's: such a run is for its counters. */
static const char *curname;   /* the record the next launch() is for */
static CUdeviceptr dquad;

/* Under TEXTEST_QUADS, whether the launch for curname is one to run. */
static int
listed(void)
{
	const char *e = getenv("TEXTEST_QUADS"), *p;
	size_t len;

	if (!curname)
		return 0;
	len = strlen(curname);
	for (p = strchr(e, ','); p; p = strchr(p, ','))
		if (!strncmp(++p, curname, len) && (p[len] == ',' || !p[len]))
			return 1;
	return 0;
}

static void
quads(CUfunction f, const char *kern, CUdeviceptr obj, unsigned n)
{
	const char *of = getenv("TEXTEST_QUADS_OF");
	unsigned g = of && atoi(of) > 0 && atoi(of) <= 64 ? (unsigned)atoi(of) : 1;
	unsigned want = (unsigned)strtoul(getenv("TEXTEST_QUADS"), NULL, 10), nq = (n + 4 * g - 1) / (4 * g);
	unsigned stride = !strcmp(kern, "t2dgrad_f") ? 2 : !strcmp(kern, "t3dgrad_f") ? 3 : 1;

	if (!dquad)
		CK(cuMemAlloc(&dquad, 64 * 4 * 16));
	for (unsigned k = 0; k < (want < nq ? want : nq); k++) {
		unsigned q = (want < nq ? k * nq / want : k) * g;
		CUdeviceptr c = dcoord + (CUdeviceptr)q * 4 * stride * 16;
		int nn = (int)(n - 4 * q < 4 * g ? n - 4 * q : 4 * g);
		void *args[] = { &obj, &c, &dquad, &nn };
		printf("quad %s %u\n", curname, q);
		CK(cuLaunchKernel(f, 1, 1, 1, (unsigned)nn, 1, 1, 0, NULL, args, NULL));
		CK(cuCtxSynchronize());
	}
}

static void
launch(const char *kern, CUdeviceptr obj, unsigned n)
{
	CUfunction f;
	int nn = (int)n;
	void *args[] = { &obj, &dcoord, &dout, &nn };

	if (getenv("TEXTEST_QUADS") && !listed())
		return;
	if (getenv("TEXTEST_QUADS"))
		printf("quad %s all\n", curname);
	CK(cuModuleGetFunction(&f, mod, kern));
	CK(cuLaunchKernel(f, (n + 255) / 256, 1, 1, n < 256 ? n : 256, 1, 1, 0, NULL, args, NULL));
	CK(cuCtxSynchronize());
	if (getenv("TEXTEST_QUADS"))
		quads(f, kern, obj, n);
}

/* The resource of case c: an array, a mipmapped array, linear or pitched memory. */
static void
resource(const Case *c, CUDA_RESOURCE_DESC *rd, Res *r)
{
	unsigned es = esize(c->fmt) * c->ch;

	memset(rd, 0, sizeof *rd);
	memset(r, 0, sizeof *r);
	if (c->geom == G_LIN || c->geom == G_PITCH) {
		size_t rows = c->geom == G_LIN ? 1 : c->h;
		size_t row = (size_t)c->w * es;
		void *p = texels(c->fmt, (size_t)c->w * rows * c->ch);
		if (dumpf)
			fwrite(p, esize(c->fmt), (size_t)c->w * rows * c->ch, dumpf);
		r->pitch = c->geom == G_LIN ? row : (row + 127) / 128 * 128;
		CK(cuMemAlloc(&r->dp, r->pitch * rows));
		CK(cuMemsetD8(r->dp, 0x5a, r->pitch * rows));
		for (size_t y = 0; y < rows; y++)
			CK(cuMemcpyHtoD(r->dp + y * r->pitch, (uint8_t *)p + y * row, row));
		free(p);
		if (c->geom == G_LIN) {
			rd->resType = CU_RESOURCE_TYPE_LINEAR;
			rd->res.linear.devPtr = r->dp;
			rd->res.linear.format = c->fmt;
			rd->res.linear.numChannels = c->ch;
			rd->res.linear.sizeInBytes = row;
		} else {
			rd->resType = CU_RESOURCE_TYPE_PITCH2D;
			rd->res.pitch2D.devPtr = r->dp;
			rd->res.pitch2D.format = c->fmt;
			rd->res.pitch2D.numChannels = c->ch;
			rd->res.pitch2D.width = c->w;
			rd->res.pitch2D.height = c->h;
			rd->res.pitch2D.pitchInBytes = r->pitch;
		}
		return;
	}
	{
		unsigned flags = c->geom == G_A1D || c->geom == G_A2D ? CUDA_ARRAY3D_LAYERED :
		    c->geom == G_CUBE ? CUDA_ARRAY3D_CUBEMAP :
		    c->geom == G_ACUBE ? CUDA_ARRAY3D_CUBEMAP | CUDA_ARRAY3D_LAYERED : 0;
		size_t h = c->geom == G_1D || c->geom == G_A1D ? 0 : c->h;
		if (!strncmp(c->kern, "tld4", 4) || !strncmp(c->kern, "t2dasm", 6))
			flags |= CUDA_ARRAY3D_TEXTURE_GATHER;   /* tld4 needs it */
		size_t d = c->geom == G_2D ? 0 : c->d;
		if (c->levels <= 1) {
			r->a = mkarray(c->fmt, c->ch, c->w, h, d, flags);
			fill(r->a, c->fmt, c->ch, c->w, c->geom == G_A1D ? 1 : h, d);
			if (c->geom == G_A1D) {
				/* a layered 1D array's layers are its "rows": cuMemcpy3D with
				 * height 1 and depth the layers (fill did that) */
			}
			rd->resType = CU_RESOURCE_TYPE_ARRAY;
			rd->res.array.hArray = r->a;
			return;
		}
		CUDA_ARRAY3D_DESCRIPTOR ad;
		memset(&ad, 0, sizeof ad);
		ad.Width = c->w;
		ad.Height = h;
		ad.Depth = d;
		ad.Format = c->fmt;
		ad.NumChannels = c->ch;
		ad.Flags = flags;
		CK(cuMipmappedArrayCreate(&r->mm, &ad, c->levels));
		for (unsigned l = 0; l < c->levels; l++) {
			CUarray la;
			size_t lw = c->w >> l, lh = h >> l, ld = c->geom == G_3D ? d >> l : d;
			CK(cuMipmappedArrayGetLevel(&la, r->mm, l));
			fill(la, c->fmt, c->ch, lw ? lw : 1, h ? (lh ? lh : 1) : 0, d ? (ld ? ld : 1) : 0);
		}
		rd->resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
		rd->res.mipmap.hMipmappedArray = r->mm;
	}
}

static void
release(Res *r)
{
	if (r->a)
		CK(cuArrayDestroy(r->a));
	if (r->mm)
		CK(cuMipmappedArrayDestroy(r->mm));
	if (r->dp)
		CK(cuMemFree(r->dp));
}

static void
texcase(const Case *c, unsigned idx)
{
	static float p[2 * MAXN][4];
	static uint8_t o[4 * MAXN * 16];
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUtexObject t;
	Res r;
	unsigned n = c->n, nout = n, ncoord = n;
	char name[128];

	rng = 0x9e3779b9u * (idx + 1);
	doing = c->name;
	dumpopen(c->name, "texels");
	resource(c, &rd, &r);
	memset(&td, 0, sizeof td);
	memcpy(td.addressMode, c->am, sizeof td.addressMode);
	td.filterMode = c->filter;
	td.mipmapFilterMode = c->mipfilter;
	td.flags = c->flags;
	td.maxMipmapLevelClamp = (float)c->levels - 1;
	memcpy(td.borderColor, c->border, sizeof td.borderColor);
	CK(cuTexObjectCreate(&t, &rd, &td, NULL));
	if (!strcmp(c->kern, "t2dgrad_f")) {
		ncoord = 2 * n;
		coords(c, p, ncoord);
		for (unsigned k = 0; k < n; k++) {
			/* gradients of 1/64 to 8 texels, in normalized units */
			float s = (float)(1u << (k % 10)) / 64.0f;
			p[2 * k + 1][0] = uni(-s, s) / (float)c->w;
			p[2 * k + 1][1] = uni(-s, s) / (float)c->h;
			p[2 * k + 1][2] = uni(-s, s) / (float)c->w;
			p[2 * k + 1][3] = uni(-s, s) / (float)c->h;
		}
	} else
		coords(c, p, ncoord);
	if (!strncmp(c->kern, "tld4", 4) || !strncmp(c->kern, "t2dasm", 6))
		nout = 4 * n;
	if (!strncmp(c->kern, "t2dasm", 6))
		for (unsigned k = 0; k < n; k++)
			p[k][2] = uni(-0.5f, 1.5f);   /* the depth-compare value */
	CK(cuMemcpyHtoD(dcoord, p, ncoord * 16));
	if (dumpopen(c->name, "coords"))
		fwrite(p, 16, ncoord, dumpf);
	dumpopen(NULL, NULL);
	CK(cuMemsetD8(dout, 0xee, nout * 16));
	curname = c->name;
	launch(c->kern, t, n);
	curname = NULL;
	CK(cuMemcpyDtoH(o, dout, nout * 16));
	snprintf(name, sizeof name, "tex %s", c->name);
	emit(name, o, nout * 16);
	if (idx % 8 == 0) {
		/* what the object says of itself: txq (level 1 when mipmapped) */
		float lv[4] = { c->levels > 1 ? 1.0f : 0.0f, 0, 0, 0 };
		CK(cuMemcpyHtoD(dcoord, lv, sizeof lv));
		launch("txq_all", t, 1);
		CK(cuMemcpyDtoH(o, dout, 6 * 4));
		snprintf(name, sizeof name, "txq %s", c->name);
		emit(name, o, 6 * 4);
	}
	CK(cuTexObjectDestroy(t));
	release(&r);
}

/* ---------------------------------------------------------------- surfaces */

/* A surface object over a new array with generated texels. */
static CUsurfObject
mksurf(CUarray *a, CUarray_format f, unsigned ch, size_t w, size_t h, size_t d, unsigned flags)
{
	CUDA_RESOURCE_DESC rd;
	CUsurfObject s;

	*a = mkarray(f, ch, w, h, d, flags | CUDA_ARRAY3D_SURFACE_LDST);
	fill(*a, f, ch, w, h, d);
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_ARRAY;
	rd.res.array.hArray = *a;
	CK(cuSurfObjectCreate(&s, &rd));
	return s;
}

/* The whole array back, as a record. */
static void
dump(const char *name, CUarray a, size_t bytes_row, size_t h, size_t d)
{
	CUDA_MEMCPY3D c;
	void *p = malloc(bytes_row * h * d);

	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_ARRAY;
	c.srcArray = a;
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = p;
	c.dstPitch = bytes_row;
	c.dstHeight = h;
	c.WidthInBytes = bytes_row;
	c.Height = h;
	c.Depth = d;
	CK(cuMemcpy3D(&c));
	emit(name, p, bytes_row * h * d);
	free(p);
}

static void
surfcase(const char *name, const char *kern, CUsurfObject s, const int (*p)[4], unsigned n, unsigned outw)
{
	static uint8_t o[MAXN * 16];
	char nm[128];

	CK(cuMemcpyHtoD(dcoord, p, n * 16));
	CK(cuMemsetD8(dout, 0xee, (n > 8 ? n : 8) * 16));
	launch(kern, s, n);
	CK(cuMemcpyDtoH(o, dout, (size_t)outw * 4));
	snprintf(nm, sizeof nm, "surf %s", name);
	emit(nm, o, (size_t)outw * 4);
}

static void
surfaces(void)
{
	static int p[MAXN][4];
	CUarray a;
	CUsurfObject s;
	unsigned n;

	rng = 12345;
	doing = "surfaces";
	/* 2D int: read-modify-write of every texel, in a shuffled order */
	s = mksurf(&a, S32, 1, 12, 5, 0, 0);
	for (n = 0; n < 60; n++)
		p[n][0] = (int)((n * 7) % 12), p[n][1] = (int)((n * 7) / 12 % 5), p[n][2] = p[n][3] = 0;
	for (n = 0; n < 60; n++)   /* one lane a texel: (n * 7) mod 60 is a permutation */
		p[n][0] = (int)(n * 7 % 60 % 12), p[n][1] = (int)(n * 7 % 60 / 12);
	surfcase("s2d_rmw", "s2d_rmw", s, (const int (*)[4])p, 60, 60 * 4);
	dump("surf s2d_rmw array", a, 12 * 4, 5, 1);
	/* reads anywhere: byte x from -12 to 60 (aligned: a misaligned x is not
	 * defined), rows -2 to 6 */
	for (n = 0; n < 128; n++)
		p[n][0] = ((int)(rnd() % 19) - 3) * 4, p[n][1] = (int)(rnd() % 9) - 2, p[n][2] = p[n][3] = 0;
	for (n = 0; n < 16; n++)
		p[n][0] = (int)n * 4 - 8;
	surfcase("s2d_rd", "s2d_rd", s, (const int (*)[4])p, 128, 128 * 4);
	/* writes anywhere with clamp and zero */
	for (n = 0; n < 64; n++)
		p[n][0] = ((int)(rnd() % 19) - 3) * 4, p[n][1] = (int)(rnd() % 9) - 2, p[n][2] = (int)(n & 1);
	surfcase("s2d_wr", "s2d_wr", s, (const int (*)[4])p, 64, 4);
	dump("surf s2d_wr array", a, 12 * 4, 5, 1);
	CK(cuSurfObjectDestroy(s));
	CK(cuArrayDestroy(a));

	/* 1D u16 */
	s = mksurf(&a, U16, 1, 40, 0, 0, 0);
	for (n = 0; n < 40; n++)
		p[n][0] = (int)(n * 3 % 40);
	surfcase("s1d_b16", "s1d_b16", s, (const int (*)[4])p, 40, 40 * 4);
	dump("surf s1d_b16 array", a, 40 * 2, 1, 1);
	CK(cuSurfObjectDestroy(s));
	CK(cuArrayDestroy(a));

	/* 2D of four 32-bit channels */
	s = mksurf(&a, U32, 4, 6, 4, 0, 0);
	for (n = 0; n < 24; n++)
		p[n][0] = (int)(n % 6), p[n][1] = (int)(n / 6);
	surfcase("s2d_v4", "s2d_v4", s, (const int (*)[4])p, 24, 24 * 4);
	dump("surf s2d_v4 array", a, 6 * 16, 4, 1);
	CK(cuSurfObjectDestroy(s));
	CK(cuArrayDestroy(a));

	/* 2D of 64-bit texels (two 32-bit channels), some lanes out of bounds */
	s = mksurf(&a, U32, 2, 5, 3, 0, 0);
	for (n = 0; n < 20; n++)
		p[n][0] = (int)(n % 7) - 1, p[n][1] = (int)(n / 7);
	surfcase("s2d_b64", "s2d_b64", s, (const int (*)[4])p, 20, 20 * 4);
	dump("surf s2d_b64 array", a, 5 * 8, 3, 1);
	CK(cuSurfObjectDestroy(s));
	CK(cuArrayDestroy(a));

	/* layered 2D and 3D */
	s = mksurf(&a, S32, 1, 4, 3, 3, CUDA_ARRAY3D_LAYERED);
	for (n = 0; n < 48; n++)
		p[n][0] = (int)(n % 4), p[n][1] = (int)(n / 4 % 3), p[n][2] = (int)(n / 12);   /* layer 3 is past the end */
	surfcase("sa2d", "sa2d", s, (const int (*)[4])p, 48, 48 * 4);
	dump("surf sa2d array", a, 16, 3, 3);
	CK(cuSurfObjectDestroy(s));
	CK(cuArrayDestroy(a));
	s = mksurf(&a, S32, 1, 4, 3, 2, 0);
	for (n = 0; n < 30; n++)
		p[n][0] = (int)(n % 5), p[n][1] = (int)(n / 5 % 3), p[n][2] = (int)(n / 15);
	surfcase("s3d", "s3d", s, (const int (*)[4])p, 30, 30 * 4);
	dump("surf s3d array", a, 16, 3, 2);
	CK(cuSurfObjectDestroy(s));
	CK(cuArrayDestroy(a));

	/* what suq says of a layered array */
	s = mksurf(&a, U8, 4, 7, 5, 3, CUDA_ARRAY3D_LAYERED);
	surfcase("suq a2d u8x4", "suq_all", s, (const int (*)[4])p, 1, 3);
	CK(cuSurfObjectDestroy(s));
	CK(cuArrayDestroy(a));
	s = mksurf(&a, F32, 1, 9, 0, 0, 0);
	surfcase("suq 1d f32", "suq_all", s, (const int (*)[4])p, 1, 3);
	CK(cuSurfObjectDestroy(s));
	CK(cuArrayDestroy(a));

	/* sured: 64 lanes onto 4 texels each of add, min and max (texels of
	 * their own: the result does not depend on the warps' order) */
	s = mksurf(&a, U32, 1, 16, 2, 0, 0);
	for (n = 0; n < 64; n++)
		p[n][0] = (int)(n % 4) * 4, p[n][1] = (int)(n / 4 % 2), p[n][2] = (int)(rnd() % 1000),
		p[n][3] = (int)(rnd() % 2001) - 1000;
	surfcase("s2d_red", "s2d_red", s, (const int (*)[4])p, 64, 4);
	dump("surf s2d_red array", a, 16 * 4, 2, 1);
	CK(cuSurfObjectDestroy(s));
	CK(cuArrayDestroy(a));

	/* sust.p: formatted stores into f32x4 and u8x4 */
	for (int k = 0; k < 2; k++) {
		s = mksurf(&a, k ? U8 : F32, 4, 4, 4, 0, 0);
		for (n = 0; n < 16; n++)
			p[n][0] = (int)(n % 4), p[n][1] = (int)(n / 4), p[n][2] = (int)n - 4,   /* x in texels */
			p[n][3] = (int)(n * 3) - 20;
		surfcase(k ? "s2d_p u8x4" : "s2d_p f32x4", "s2d_p", s, (const int (*)[4])p, 16, 4);
		dump(k ? "surf s2d_p u8x4 array" : "surf s2d_p f32x4 array", a, k ? 16 : 64, 4, 1);
		CK(cuSurfObjectDestroy(s));
		CK(cuArrayDestroy(a));
	}
}

/* ---------------------------------------------------------------- probes */

/* A w x h f32 mipmapped array (sides powers of 2 up to 16) of 5 levels,
 * level l all l: what a fetch returns is the level of detail it took. */
static CUmipmappedArray
levelswh(unsigned w, unsigned h)
{
	static float f[16 * 16];
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CUmipmappedArray mm;

	memset(&ad, 0, sizeof ad);
	ad.Width = w, ad.Height = h, ad.Format = F32, ad.NumChannels = 1;
	CK(cuMipmappedArrayCreate(&mm, &ad, 5));
	for (unsigned l = 0; l < 5; l++) {
		CUarray la;
		unsigned lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;
		for (unsigned i = 0; i < lw * lh; i++)
			f[i] = (float)l;
		CK(cuMipmappedArrayGetLevel(&la, mm, l));
		toarray(la, f, lw * 4, lh);
	}
	return mm;
}

static CUmipmappedArray
levels16(void)
{
	return levelswh(16, 16);
}

/* A 16x16x16 f32 mipmapped array of 5 levels, level l all l. */
static CUmipmappedArray
levels3d16(void)
{
	static float g[16 * 16 * 16];
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CUmipmappedArray mm;

	memset(&ad, 0, sizeof ad);
	ad.Width = 16, ad.Height = 16, ad.Depth = 16, ad.Format = F32, ad.NumChannels = 1;
	CK(cuMipmappedArrayCreate(&mm, &ad, 5));
	for (unsigned l = 0; l < 5; l++) {
		CUarray la;
		CUDA_MEMCPY3D c;
		unsigned w = 16u >> l;
		for (unsigned i = 0; i < w * w * w; i++)
			g[i] = (float)l;
		CK(cuMipmappedArrayGetLevel(&la, mm, l));
		memset(&c, 0, sizeof c);
		c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = g, c.srcPitch = w * 4, c.srcHeight = w;
		c.dstMemoryType = CU_MEMORYTYPE_ARRAY, c.dstArray = la;
		c.WidthInBytes = w * 4, c.Height = w, c.Depth = w;
		CK(cuMemcpy3D(&c));
	}
	return mm;
}

/* A texture object over array or mipmapped array (the other NULL), of
 * filter and mipmap filter f, mf, flags fl, clamping. */
static CUtexObject
probeobj(CUarray a, CUmipmappedArray mm, CUfilter_mode f, CUfilter_mode mf, unsigned fl, float maxlod)
{
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUtexObject t;

	memset(&rd, 0, sizeof rd);
	if (a) {
		rd.resType = CU_RESOURCE_TYPE_ARRAY;
		rd.res.array.hArray = a;
	} else {
		rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
		rd.res.mipmap.hMipmappedArray = mm;
	}
	memset(&td, 0, sizeof td);
	td.filterMode = f;
	td.mipmapFilterMode = mf;
	td.flags = fl;
	td.maxMipmapLevelClamp = maxlod;
	CK(cuTexObjectCreate(&t, &rd, &td, NULL));
	return t;
}

/* One probe: n coordinates p through kern into record "probe NAME". */
static void
probe(const char *name, const char *kern, CUtexObject t, const float (*p)[4], unsigned n, unsigned ncoord)
{
	static uint8_t o[MAXN * 16];
	char nm[128];

	CK(cuMemcpyHtoD(dcoord, p, ncoord * 16));
	snprintf(nm, sizeof nm, "probe_%s", name);
	for (char *q = nm; *q; q++)
		*q = *q == ' ' ? '_' : *q;
	if (dumpopen(nm, "coords"))
		fwrite(p, 16, ncoord, dumpf);
	dumpopen(NULL, NULL);
	CK(cuMemsetD8(dout, 0xee, n * 16));
	curname = nm + 6;   /* "probe_NAME" */
	launch(kern, t, n);
	curname = NULL;
	CK(cuMemcpyDtoH(o, dout, n * 16));
	snprintf(nm, sizeof nm, "probe %s", name);
	emit(nm, o, n * 16);
}

/* Arrays of chosen texels, each read so that a record shows one rule of
 * the texture unit: the sRGB decoding of every code, and its blending;
 * the weights of 3D linear filtering (one-hot texels); the weight between
 * mipmap levels for a sweep of levels of detail and of gradients
 * (levels of constant value). */
static void
probes(void)
{
	static float p[2 * MAXN][4];
	static uint8_t b8[256 * 4];
	static float f32[16 * 16 * 4];
	CUarray a;
	CUmipmappedArray mm;
	CUtexObject t;
	unsigned n;

	doing = "probes";
	rng = 0x2545f491u;
	/* sRGB: texel i is (i, 255 - i, i, i) */
	for (n = 0; n < 256; n++)
		b8[4 * n] = b8[4 * n + 2] = b8[4 * n + 3] = (uint8_t)n, b8[4 * n + 1] = (uint8_t)(255 - n);
	a = mkarray(U8, 4, 256, 1, 0, 0);
	CK(cuMemcpyHtoA(a, 0, b8, sizeof b8));
	t = probeobj(a, NULL, PT, PT, SRGB, 0);
	for (n = 0; n < 256; n++)
		p[n][0] = (float)n + 0.5f, p[n][1] = 0.5f, p[n][2] = p[n][3] = 0;
	probe("srgb point", "t2d_f", t, (const float (*)[4])p, 256, 256);
	CK(cuTexObjectDestroy(t));
	t = probeobj(a, NULL, LI, PT, SRGB, 0);
	for (n = 0; n < 1024; n++) {
		/* neighbours at weights 128 (n < 256), then every 1/256 step and
		 * between the steps */
		float x = n < 256 ? (float)n + 1.0f : (float)(n % 255) + 0.5f + (float)(n / 255 * 67 % 256) / 256.0f +
		    (n & 1 ? 1.0f / 1024 : 0);
		p[n][0] = x, p[n][1] = 0.5f, p[n][2] = p[n][3] = 0;
	}
	probe("srgb linear", "t2d_f", t, (const float (*)[4])p, 1024, 1024);
	CK(cuTexObjectDestroy(t));
	CK(cuArrayDestroy(a));

	/* 3D linear weights: a 2x2x2 f32x4 array, channel c of corner q
	 * (bit 0 x, 1 y, 2 z) 1 when q == c and 512 when q == c + 4, so that
	 * channel c reads w(c) / 256 + 2 w(c + 4) */
	{
		CUDA_MEMCPY3D c;
		memset(f32, 0, sizeof f32);
		for (unsigned q = 0; q < 8; q++)
			f32[4 * q + (q & 3)] = q < 4 ? 1.0f : 512.0f;
		a = mkarray(F32, 4, 2, 2, 2, 0);
		memset(&c, 0, sizeof c);
		c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = f32, c.srcPitch = 32, c.srcHeight = 2;
		c.dstMemoryType = CU_MEMORYTYPE_ARRAY, c.dstArray = a;
		c.WidthInBytes = 32, c.Height = 2, c.Depth = 2;
		CK(cuMemcpy3D(&c));
	}
	for (int nc = 0; nc < 2; nc++) {
		t = probeobj(a, NULL, LI, PT, nc ? NC : 0, 0);
		for (n = 0; n < 1024; n++)
			for (unsigned k = 0; k < 3; k++) {
				/* inside [0.5, 1.5]: on the 1/512 grid (ties of the 1/256
				 * rounding), then anywhere */
				float u = n < 512 ? 0.5f + (float)(rnd() % 513) / 512.0f : uni(0.5f, 1.5f) + (float)(rnd() % 7) / 65536.0f;
				p[n][k] = nc ? u / 2 : u;
			}
		probe(nc ? "3d weights nc" : "3d weights", "t3d_f", t, (const float (*)[4])p, 1024, 1024);
		CK(cuTexObjectDestroy(t));
	}
	CK(cuArrayDestroy(a));

	/* levels of detail: a 16x16 f32 mipmapped array of 5 levels, level l
	 * all l (and a u8 one, level l all 0 or 255, alternating): the result
	 * is the level's weight */
	for (int u8 = 0; u8 < 2; u8++) {
		CUDA_ARRAY3D_DESCRIPTOR ad;
		memset(&ad, 0, sizeof ad);
		ad.Width = 16, ad.Height = 16, ad.Format = u8 ? U8 : F32, ad.NumChannels = 1;
		CK(cuMipmappedArrayCreate(&mm, &ad, 5));
		for (unsigned l = 0; l < 5; l++) {
			CUarray la;
			unsigned w = 16 >> l;
			for (unsigned i = 0; i < w * w; i++)
				f32[i] = (float)l, b8[i] = l & 1 ? 255 : 0;
			CK(cuMipmappedArrayGetLevel(&la, mm, l));
			toarray(la, u8 ? (void *)b8 : (void *)f32, w * (u8 ? 1 : 4), w);
		}
		for (int mf = 0; mf < (u8 ? 1 : 2); mf++) {
			t = probeobj(NULL, mm, LI, mf ? PT : LI, NC, 4);
			for (n = 0; n < 1024; n++) {
				/* -1 to 5 in steps of 1/170 (across the 1/256 steps), then
				 * near the level boundaries and the 1/256 steps */
				float l = n < 768 ? -1.0f + (float)n / 128.0f : (float)(n % 6) - 0.5f +
				    (float)((n - 768) / 6) / 256.0f + (n & 1 ? 1.0f / 4096 : -1.0f / 4096);
				p[n][0] = uni(0, 1), p[n][1] = uni(0, 1), p[n][2] = l, p[n][3] = 0;
			}
			probe(u8 ? "lod u8" : mf ? "lod point" : "lod linear", "t2dlod_f", t, (const float (*)[4])p, 1024, 1024);
			if (!u8 && !mf) {
				/* gradients: along x only, 2^-3 to 2^6 texels, then both
				 * axes, both gradients (normalized units) */
				for (n = 0; n < 256; n++) {
					float g = exp2f(-3.0f + (float)n * 9.0f / 128.0f) / 16.0f;
					p[2 * n][0] = uni(0, 1), p[2 * n][1] = uni(0, 1), p[2 * n][2] = p[2 * n][3] = 0;
					if (n < 128)
						p[2 * n + 1][0] = g, p[2 * n + 1][1] = p[2 * n + 1][2] = p[2 * n + 1][3] = 0;
					else
						for (unsigned k = 0; k < 4; k++)
							p[2 * n + 1][k] = uni(-4, 4) / 16.0f * exp2f((float)(rnd() % 8) - 4.0f);
				}
				probe("grad", "t2dgrad_f", t, (const float (*)[4])p, 256, 512);
			}
			CK(cuTexObjectDestroy(t));
		}
		CK(cuMipmappedArrayDestroy(mm));
	}
	/* the spatial weights under a level's weight: an f32x4 mipmapped array
	 * with one level of one-hot texels (texel (1 + c % 2, c / 2) has
	 * channel c 1, every other texel 0): level 0 of 4x2 ("lower"), or
	 * level 1 of 8x4 ("upper"); levels of detail in [0, 1) */
	for (int up = 0; up < 2; up++) {
		CUDA_ARRAY3D_DESCRIPTOR ad;
		unsigned nl = up ? 4 : 3;
		memset(&ad, 0, sizeof ad);
		ad.Width = up ? 8 : 4, ad.Height = up ? 4 : 2, ad.Format = F32, ad.NumChannels = 4;
		CK(cuMipmappedArrayCreate(&mm, &ad, nl));
		for (unsigned l = 0; l < nl; l++) {
			CUarray la;
			unsigned w = (unsigned)ad.Width >> l, h = (unsigned)ad.Height >> l;
			w = w ? w : 1, h = h ? h : 1;
			memset(f32, 0, sizeof f32);
			if (l == (unsigned)up)
				for (unsigned q = 0; q < 4; q++)
					f32[4 * ((q / 2) * w + 1 + q % 2) + q] = 1.0f;
			CK(cuMipmappedArrayGetLevel(&la, mm, l));
			toarray(la, f32, w * 16, h);
		}
		t = probeobj(NULL, mm, LI, LI, NC, (float)nl - 1);
		for (n = 0; n < 1024; n++) {
			/* x in [1.5, 2.5] of 4 texels, y in [0.5, 1.5] of 2, on the
			 * 1/512 grid, then anywhere */
			float fx = n < 512 ? (float)(rnd() % 513) / 512.0f : uni(0, 1) + (float)(rnd() % 5) / 65536.0f;
			float fy = n < 512 ? (float)(rnd() % 513) / 512.0f : uni(0, 1) + (float)(rnd() % 5) / 65536.0f;
			p[n][0] = (1.5f + fx) / 4, p[n][1] = (0.5f + fy) / 2;
			p[n][2] = (float)(rnd() % 1024) / 1024.0f, p[n][3] = 0;
		}
		probe(up ? "mip weights upper" : "mip weights lower", "t2dlod_f", t, (const float (*)[4])p, 1024, 1024);
		CK(cuTexObjectDestroy(t));
		CK(cuMipmappedArrayDestroy(mm));
	}
	probes_rng = rng;
}

/* More probes, after the launches tests/tex/ncu.tsv numbers: the rng
 * goes on from where probes() left it (the inputs recorded on the GPU). */
static void
moreprobes(void)
{
	static float p[2 * MAXN][4];
	static float f32[16 * 16 * 4];
	CUarray a;
	CUmipmappedArray mm;
	CUtexObject t;
	unsigned n;

	doing = "probes";
	rng = probes_rng;
	/* sRGB in two dimensions: a 256x2 array whose rows hold different
	 * codes, read across x alone, y alone and both, to set the vertical
	 * and the two-axis blends beside the horizontal one */
	{
		static uint8_t s2[256 * 2 * 4];
		for (n = 0; n < 256; n++) {
			uint8_t *r0 = s2 + 4 * n, *r1 = s2 + 4 * (256 + n);
			r0[0] = (uint8_t)n, r0[1] = (uint8_t)(255 - n), r0[2] = (uint8_t)(n * 37), r0[3] = (uint8_t)(n * 101);
			r1[0] = (uint8_t)(255 - n), r1[1] = (uint8_t)n, r1[2] = (uint8_t)(n * 59 + 7), r1[3] = (uint8_t)(n * 13 + 200);
		}
		a = mkarray(U8, 4, 256, 2, 0, 0);
		toarray(a, s2, 1024, 2);
		t = probeobj(a, NULL, LI, PT, SRGB, 0);
		for (n = 0; n < 1024; n++) {
			/* y alone, x alone, then both, on the 1/256 grid */
			float fx = n < 256 ? 0 : (float)((n * 67) % 256) / 256.0f;
			float fy = n >= 256 && n < 512 ? 0 : (float)((n * 29 + n / 256) % 257) / 256.0f;
			p[n][0] = (float)(n % 255) + 0.5f + fx, p[n][1] = 0.5f + fy, p[n][2] = p[n][3] = 0;
		}
		probe("srgb 2d", "t2d_f", t, (const float (*)[4])p, 1024, 1024);
		CK(cuTexObjectDestroy(t));
		CK(cuArrayDestroy(a));
	}
	/* 3D and two-level blends of values of mixed magnitudes (f32x4,
	 * random): with the weights known from the probes above, these set
	 * the order and the precision of the sums */
	{
		CUDA_MEMCPY3D c;
		for (n = 0; n < 32; n++)
			f32[n] = uni(-1, 1) * exp2f((float)(rnd() % 24) - 12.0f);
		if (dumpopen("probe_3d_values", "texels"))
			fwrite(f32, 4, 32, dumpf);
		dumpopen(NULL, NULL);
		a = mkarray(F32, 4, 2, 2, 2, 0);
		memset(&c, 0, sizeof c);
		c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = f32, c.srcPitch = 32, c.srcHeight = 2;
		c.dstMemoryType = CU_MEMORYTYPE_ARRAY, c.dstArray = a;
		c.WidthInBytes = 32, c.Height = 2, c.Depth = 2;
		CK(cuMemcpy3D(&c));
		t = probeobj(a, NULL, LI, PT, 0, 0);
		for (n = 0; n < 1024; n++)
			for (unsigned k = 0; k < 3; k++) {
				/* one axis blending (n < 384), then all three */
				float u = 0.5f + (float)(rnd() % 257) / 256.0f;
				p[n][k] = n < 384 && k != n / 128 ? 0.5f + (float)(rnd() % 2) : u;
			}
		probe("3d values", "t3d_f", t, (const float (*)[4])p, 1024, 1024);
		CK(cuTexObjectDestroy(t));
		CK(cuArrayDestroy(a));
	}
	{
		CUDA_ARRAY3D_DESCRIPTOR ad;
		memset(&ad, 0, sizeof ad);
		ad.Width = 4, ad.Height = 4, ad.Format = F32, ad.NumChannels = 4;
		CK(cuMipmappedArrayCreate(&mm, &ad, 3));
		for (unsigned l = 0; l < 3; l++) {
			CUarray la;
			unsigned w = 4u >> l;
			for (unsigned i = 0; i < w * w * 4; i++)
				f32[i] = uni(-1, 1) * exp2f((float)(rnd() % 24) - 12.0f);
			if (dumpopen(l == 0 ? "probe_mip_values_0" : l == 1 ? "probe_mip_values_1" : "probe_mip_values_2", "texels"))
				fwrite(f32, 4, w * w * 4, dumpf);
			dumpopen(NULL, NULL);
			CK(cuMipmappedArrayGetLevel(&la, mm, l));
			toarray(la, f32, w * 16, w);
		}
		t = probeobj(NULL, mm, LI, LI, NC, 2);
		for (n = 0; n < 1024; n++) {
			/* on the 1/1024 grid: level weight 0 (n < 256), then any */
			p[n][0] = (float)(rnd() % 1025) / 1024.0f, p[n][1] = (float)(rnd() % 1025) / 1024.0f;
			p[n][2] = n < 256 ? (float)(n % 3) : (float)(rnd() % 512) / 256.0f, p[n][3] = 0;
		}
		probe("mip values", "t2dlod_f", t, (const float (*)[4])p, 1024, 1024);
		CK(cuTexObjectDestroy(t));
		CK(cuMipmappedArrayDestroy(mm));
	}
	/* the level of detail from gradients, finer: 16x16 f32 of 5 levels,
	 * level l all l; dx along x over one octave in 1/512 steps (the log2),
	 * dx at 1.5 texels turning through a quarter (the length), dx and dy
	 * of ratios 1/2 to 2 (how the two combine), then any */
	{
		mm = levels16();
		t = probeobj(NULL, mm, LI, LI, NC, 4);
		for (n = 0; n < 1024; n++) {
			float *g = p[2 * n + 1];
			p[2 * n][0] = uni(0, 1), p[2 * n][1] = uni(0, 1), p[2 * n][2] = p[2 * n][3] = 0;
			g[0] = g[1] = g[2] = g[3] = 0;
			if (n < 512) {
				g[0] = exp2f((float)n / 512.0f) * 2.0f / 16.0f;
			} else if (n < 640) {
				float th = (float)(n - 512) / 127.0f * 1.5707964f;
				g[0] = 1.5f / 16.0f * cosf(th), g[1] = 1.5f / 16.0f * sinf(th);
			} else if (n < 768) {
				g[0] = 1.5f / 16.0f, g[3] = 1.5f / 16.0f * exp2f((float)(n - 704) / 64.0f);
			} else {
				for (unsigned k = 0; k < 4; k++)
					g[k] = uni(-4, 4) / 16.0f * exp2f((float)(rnd() % 8) - 4.0f);
			}
		}
		probe("grad fine", "t2dgrad_f", t, (const float (*)[4])p, 1024, 2048);
		/* the same levels, gradients whose sizes are exact floats:
		 * dx along x over [2, 4) texels in mantissa steps of 2^-8 (a
		 * table's entries), dx along y and dy along y over [2, 4) in
		 * 2^-7 steps (the axes alike?), dx = 0.5 texels across with dy
		 * down of ratio 1 to 16 (an anisotropy clamp), dx and dy both
		 * along x (how two gradients add), dx diagonal, then any */
		for (n = 0; n < 1024; n++) {
			float *g = p[2 * n + 1], m;
			p[2 * n][0] = uni(0, 1), p[2 * n][1] = uni(0, 1), p[2 * n][2] = p[2 * n][3] = 0;
			g[0] = g[1] = g[2] = g[3] = 0;
			if (n < 256) {
				g[0] = (2.0f + (float)n / 128.0f) / 16.0f;
			} else if (n < 384) {
				g[1] = (2.0f + (float)(n - 256) / 64.0f) / 16.0f;
			} else if (n < 512) {
				g[3] = (2.0f + (float)(n - 384) / 64.0f) / 16.0f;
			} else if (n < 768) {
				g[0] = 0.5f / 16.0f, g[3] = 0.5f / 16.0f * exp2f((float)(n - 512) / 64.0f);
			} else if (n < 832) {
				m = (float)(n - 768) / 32.0f;
				g[0] = 2.0f / 16.0f, g[2] = 2.0f / 16.0f * m;
			} else if (n < 896) {
				m = 1.0f + (float)(n - 832) / 64.0f;
				g[0] = g[1] = m / 16.0f;
			} else {
				for (unsigned k = 0; k < 4; k++)
					g[k] = uni(-4, 4) / 16.0f * exp2f((float)(rnd() % 8) - 4.0f);
			}
		}
		probe("grad exact", "t2dgrad_f", t, (const float (*)[4])p, 1024, 2048);
		/* dx along x of the same 256 mantissas in [1, 2), [4, 8) and
		 * [8, 16) texels (does the level's fraction depend on the
		 * mantissa alone?), then just above 2^(1 + k/256) texels */
		for (n = 0; n < 1024; n++) {
			float *g = p[2 * n + 1], m = 1.0f + (float)(n % 256) / 256.0f;
			p[2 * n][0] = uni(0, 1), p[2 * n][1] = uni(0, 1), p[2 * n][2] = p[2 * n][3] = 0;
			g[1] = g[2] = g[3] = 0;
			if (n < 768)
				g[0] = m * (float)(n < 256 ? 1 : n < 512 ? 4 : 8) / 16.0f;
			else
				g[0] = exp2f(1.0f + (float)(n - 768) / 256.0f) * (1.0f + 0x1p-12f) / 16.0f;
		}
		probe("grad octaves", "t2dgrad_f", t, (const float (*)[4])p, 1024, 2048);
		/* the length of one gradient (h, l), h of 10 bits: l from 0 to
		 * h in steps of h / 256, for h 2.5, 3, 4.921875 and 5.5 texels
		 * (how the shorter component adds) */
		for (n = 0; n < 1024; n++) {
			static const float hs[4] = { 2.5f, 3.0f, 4.921875f, 5.5f };
			float *g = p[2 * n + 1], h = hs[n / 256];
			p[2 * n][0] = uni(0, 1), p[2 * n][1] = uni(0, 1), p[2 * n][2] = p[2 * n][3] = 0;
			g[0] = h / 16.0f, g[1] = h * (float)(n % 256) / 256.0f / 16.0f, g[2] = g[3] = 0;
		}
		probe("grad len", "t2dgrad_f", t, (const float (*)[4])p, 1024, 2048);
		CK(cuTexObjectDestroy(t));
		CK(cuMipmappedArrayDestroy(mm));
	}
	/* 3D gradients: a 16x16x16 f32 mipmapped array of 5 levels, level l
	 * all l, read by tex.grad.3d (c[3i] the coordinates, c[3i+1] dx,
	 * c[3i+2] dy, in texels / 16): dx along x over [2, 4) texels in
	 * mantissa steps of 2^-7 (the 2D table?), along z alone; (2, t, 0),
	 * (2, 0, t) and (2, t, t) for t in [0, 2) (how three components
	 * measure); then dx along x with dy along z, and any */
	{
		mm = levels3d16();
		t = probeobj(NULL, mm, LI, LI, NC, 4);
		for (unsigned half = 0; half < 2; half++) {
			for (n = 0; n < 512; n++) {
				unsigned k = half * 512 + n;
				float *x = p[3 * n + 1], *y = p[3 * n + 2], m;
				p[3 * n][0] = uni(0, 1), p[3 * n][1] = uni(0, 1), p[3 * n][2] = uni(0, 1), p[3 * n][3] = 0;
				memset(x, 0, 16), memset(y, 0, 16);
				if (k < 256) {
					x[0] = (2.0f + (float)k / 128.0f) / 16.0f;
				} else if (k < 384) {
					x[2] = (2.0f + (float)(k - 256) / 64.0f) / 16.0f;
				} else if (k < 768) {
					m = (float)(k % 128) / 64.0f;
					x[0] = 2.0f / 16.0f;
					x[1] = k < 512 || k >= 640 ? m / 16.0f : 0;
					x[2] = k >= 512 ? m / 16.0f : 0;
				} else if (k < 896) {
					x[0] = 2.0f / 16.0f, y[2] = 2.0f / 16.0f * exp2f((float)(k - 832) / 64.0f);
				} else {
					for (unsigned q = 0; q < 3; q++) {
						x[q] = uni(-4, 4) / 16.0f * exp2f((float)(rnd() % 8) - 4.0f);
						y[q] = uni(-4, 4) / 16.0f * exp2f((float)(rnd() % 8) - 4.0f);
					}
				}
			}
			probe(half ? "grad 3d b" : "grad 3d a", "t3dgrad_f", t, (const float (*)[4])p, 512, 1536);
		}
		CK(cuTexObjectDestroy(t));
		CK(cuMipmappedArrayDestroy(mm));
	}
	/* sRGB blends of chosen pairs: a 256x2 array, column i holding (0, i)
	 * in channel 0 (rows 0, 1), (255, i) in channel 1 and (i, i + 128) in
	 * channel 2, read across y alone with the upper row's weight 1, 32,
	 * 128 or 224 (lanes 0-255, 256-511, ...), then x alone between
	 * columns i and i + 1 of row 1 at those weights */
	{
		static uint8_t s2[256 * 2 * 4];
		static const unsigned wt[4] = { 1, 32, 128, 224 };
		for (n = 0; n < 256; n++) {
			uint8_t *r0 = s2 + 4 * n, *r1 = s2 + 4 * (256 + n);
			r0[0] = 0, r1[0] = (uint8_t)n;
			r0[1] = 255, r1[1] = (uint8_t)n;
			r0[2] = (uint8_t)n, r1[2] = (uint8_t)(n + 128);
			r0[3] = (uint8_t)n, r1[3] = (uint8_t)~n;
		}
		a = mkarray(U8, 4, 256, 2, 0, 0);
		toarray(a, s2, 1024, 2);
		t = probeobj(a, NULL, LI, PT, SRGB, 0);
		for (unsigned xs = 0; xs < 2; xs++) {
			for (n = 0; n < 1024; n++) {
				float f = (float)wt[n / 256] / 256.0f;
				p[n][0] = (float)(n % 256) + 0.5f + (xs ? f : 0);
				p[n][1] = xs ? 1.5f : 0.5f + f;
				p[n][2] = p[n][3] = 0;
			}
			probe(xs ? "srgb pairs x" : "srgb pairs y", "t2d_f", t, (const float (*)[4])p, 1024, 1024);
		}
		CK(cuTexObjectDestroy(t));
		CK(cuArrayDestroy(a));
	}
}

/* ---------------------------------------------------------------- the driver's answers */

/* Result codes of calls given bad (and some good) descriptors, and the
 * descriptors the driver gives back. */
static void
answers(void)
{
	int32_t code[64];
	unsigned nc = 0;
	CUDA_ARRAY3D_DESCRIPTOR ad, back;
	CUDA_ARRAY_DESCRIPTOR ad2;
	CUDA_RESOURCE_DESC rd, rback;
	CUDA_TEXTURE_DESC td, tback;
	CUDA_RESOURCE_VIEW_DESC vback;
	CUarray a = NULL, good;
	CUmipmappedArray mm;
	CUtexObject t;
	CUsurfObject s;
	CUdeviceptr dp;
	uint64_t rec[32];
	unsigned nrec = 0;

#define TRY(call) (code[nc++] = (int32_t)(call))
#define ARR(w, h, d, f, ch, fl) (memset(&ad, 0, sizeof ad), ad.Width = (w), ad.Height = (h), ad.Depth = (d), \
    ad.Format = (f), ad.NumChannels = (ch), ad.Flags = (fl), &ad)
	TRY(cuArray3DCreate(&a, ARR(8, 8, 0, 0x77, 1, 0)));             /* unknown format */
	TRY(cuArray3DCreate(&a, ARR(8, 8, 0, F32, 3, 0)));              /* three channels */
	TRY(cuArray3DCreate(&a, ARR(0, 8, 0, F32, 1, 0)));              /* no width */
	TRY(cuArray3DCreate(&a, ARR(8, 4, 6, F32, 1, CUDA_ARRAY3D_CUBEMAP)));   /* not square */
	TRY(cuArray3DCreate(&a, ARR(8, 8, 5, F32, 1, CUDA_ARRAY3D_CUBEMAP)));   /* not 6 faces */
	TRY(cuArray3DCreate(&a, ARR(8, 8, 10, F32, 1, CUDA_ARRAY3D_CUBEMAP | CUDA_ARRAY3D_LAYERED)));
	TRY(cuArray3DCreate(&a, ARR(8, 0, 4, F32, 1, 0)));              /* depth without height */
	TRY(cuArray3DCreate(&a, ARR(1u << 20, 0, 0, F32, 1, 0)));       /* past the 1D width limit */
	TRY(cuArray3DCreate(&a, ARR(8, 8, 0, F32, 1, 0x4000)));         /* unknown flag */
	TRY(cuArray3DCreate(NULL, ARR(8, 8, 0, F32, 1, 0)));
	TRY(cuArray3DCreate(&good, ARR(8, 4, 3, S16, 2, CUDA_ARRAY3D_LAYERED)));
	memset(&back, 0, sizeof back);
	TRY(cuArray3DGetDescriptor(&back, good));
	rec[nrec++] = back.Width, rec[nrec++] = back.Height, rec[nrec++] = back.Depth;
	rec[nrec++] = back.Format, rec[nrec++] = back.NumChannels, rec[nrec++] = back.Flags;
	memset(&ad2, 0, sizeof ad2);
	TRY(cuArrayGetDescriptor(&ad2, good));                          /* a 3D (layered) array */
	memset(&ad2, 0, sizeof ad2);
	ad2.Width = 10, ad2.Height = 3, ad2.Format = U8, ad2.NumChannels = 4;
	TRY(cuArrayCreate(&a, &ad2));
	memset(&ad2, 0, sizeof ad2);
	TRY(cuArrayGetDescriptor(&ad2, a));
	rec[nrec++] = ad2.Width, rec[nrec++] = ad2.Height, rec[nrec++] = ad2.Format, rec[nrec++] = ad2.NumChannels;
	memset(&back, 0, sizeof back);
	TRY(cuArray3DGetDescriptor(&back, a));
	rec[nrec++] = back.Width, rec[nrec++] = back.Height, rec[nrec++] = back.Depth, rec[nrec++] = back.Flags;
	/* a surface needs SURFACE_LDST */
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_ARRAY;
	rd.res.array.hArray = a;
	TRY(cuSurfObjectCreate(&s, &rd));
	TRY(cuArrayDestroy(a));
	/* textures over a good array, then bad resources */
	rd.res.array.hArray = good;
	memset(&td, 0, sizeof td);
	td.addressMode[0] = BO, td.addressMode[1] = MI, td.filterMode = LI, td.flags = NC | SRGB;
	td.borderColor[0] = 0.5f, td.borderColor[3] = -1;
	TRY(cuTexObjectCreate(&t, &rd, &td, NULL));
	memset(&rback, 0, sizeof rback);
	TRY(cuTexObjectGetResourceDesc(&rback, t));
	rec[nrec++] = rback.resType, rec[nrec++] = rback.res.array.hArray == good;
	memset(&tback, 0x33, sizeof tback);
	TRY(cuTexObjectGetTextureDesc(&tback, t));
	rec[nrec++] = tback.addressMode[0] | tback.addressMode[1] << 4 | tback.addressMode[2] << 8;
	rec[nrec++] = tback.filterMode, rec[nrec++] = tback.flags, rec[nrec++] = tback.mipmapFilterMode;
	{
		uint32_t b[4];
		memcpy(b, tback.borderColor, 16);
		rec[nrec++] = b[0] | (uint64_t)b[3] << 32;
	}
	memset(&vback, 0x33, sizeof vback);
	TRY(cuTexObjectGetResourceViewDesc(&vback, t));
	TRY(cuTexObjectDestroy(t));
	TRY(cuTexObjectCreate(&t, &rd, NULL, NULL));                   /* no texture descriptor */
	TRY(cuTexObjectCreate(NULL, &rd, &td, NULL));
	rd.flags = 1;
	TRY(cuTexObjectCreate(&t, &rd, &td, NULL));                    /* flags must be 0 */
	rd.flags = 0;
	rd.resType = (CUresourcetype)7;
	TRY(cuTexObjectCreate(&t, &rd, &td, NULL));                    /* unknown resource type */
	/* linear and pitched memory: alignment, formats, sizes */
	CK(cuMemAlloc(&dp, 1 << 16));
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_LINEAR;
	rd.res.linear.devPtr = dp + 4, rd.res.linear.format = F32, rd.res.linear.numChannels = 1;
	rd.res.linear.sizeInBytes = 1024;
	TRY(cuTexObjectCreate(&t, &rd, &td, NULL));                    /* misaligned */
	rd.res.linear.devPtr = dp, rd.res.linear.numChannels = 3;
	TRY(cuTexObjectCreate(&t, &rd, &td, NULL));                    /* three channels */
	rd.res.linear.numChannels = 1;
	rd.res.linear.sizeInBytes = 0;
	TRY(cuTexObjectCreate(&t, &rd, &td, NULL));                    /* empty */
	rd.res.linear.sizeInBytes = 1000;
	memset(&td, 0, sizeof td);
	TRY(cuTexObjectCreate(&t, &rd, &td, NULL));                    /* not a multiple of a texel? */
	if (code[nc - 1] == CUDA_SUCCESS)
		TRY(cuTexObjectDestroy(t));
	else
		code[nc++] = -1;
	TRY(cuSurfObjectCreate(&s, &rd));                              /* a surface over linear memory */
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_PITCH2D;
	rd.res.pitch2D.devPtr = dp, rd.res.pitch2D.format = U8, rd.res.pitch2D.numChannels = 1;
	rd.res.pitch2D.width = 16, rd.res.pitch2D.height = 16, rd.res.pitch2D.pitchInBytes = 48;
	TRY(cuTexObjectCreate(&t, &rd, &td, NULL));                    /* pitch not a multiple of 32 */
	rd.res.pitch2D.pitchInBytes = 8;
	TRY(cuTexObjectCreate(&t, &rd, &td, NULL));                    /* pitch below the row */
	rd.res.pitch2D.pitchInBytes = 64;
	rd.res.pitch2D.devPtr = dp + 32;
	TRY(cuTexObjectCreate(&t, &rd, &td, NULL));                    /* misaligned base */
	rd.res.pitch2D.devPtr = dp;
	TRY(cuTexObjectCreate(&t, &rd, &td, NULL));
	if (code[nc - 1] == CUDA_SUCCESS)
		TRY(cuTexObjectDestroy(t));
	else
		code[nc++] = -1;
	/* mipmapped arrays */
	TRY(cuMipmappedArrayCreate(&mm, ARR(16, 8, 0, F32, 1, 0), 6)); /* more levels than the size has */
	TRY(cuMipmappedArrayCreate(&mm, ARR(16, 8, 0, F32, 1, 0), 0));
	TRY(cuMipmappedArrayCreate(&mm, ARR(16, 8, 0, F32, 1, 0), 5));
	if (code[nc - 1] == CUDA_SUCCESS) {
		CUarray lv;
		TRY(cuMipmappedArrayGetLevel(&lv, mm, 5));
		TRY(cuMipmappedArrayGetLevel(&lv, mm, 4));
		memset(&back, 0, sizeof back);
		TRY(cuArray3DGetDescriptor(&back, lv));
		rec[nrec++] = back.Width, rec[nrec++] = back.Height, rec[nrec++] = back.Depth;
		TRY(cuMipmappedArrayDestroy(mm));
	}
	TRY(cuArrayDestroy(good));
	TRY(cuMemFree(dp));
#undef TRY
#undef ARR
	emit("answers codes", code, nc * 4);
	emit("answers descriptors", rec, nrec * 8);
}

/* ---------------------------------------------------------------- compare */

typedef struct { char *name; uint8_t *p; uint32_t n; } Rec;

static Rec *
readrecs(const char *path, unsigned *nrec)
{
	FILE *f = fopen(path, "rb");
	char magic[8];
	Rec *r = NULL;
	unsigned n = 0, cap = 0;
	uint32_t a, b;

	if (!f || fread(magic, 1, 8, f) != 8 || memcmp(magic, "PTXTEX1\n", 8)) {
		fprintf(stderr, "textest: %s: not a record file\n", path);
		exit(2);
	}
	while (fread(&a, 4, 1, f) == 1) {
		if (n == cap)
			r = realloc(r, (cap = cap ? 2 * cap : 64) * sizeof *r);
		r[n].name = calloc(a + 1, 1);
		if (a > 4096 || fread(r[n].name, 1, a, f) != a || fread(&b, 4, 1, f) != 1 || b > (64u << 20)) {
			fprintf(stderr, "textest: %s: truncated\n", path);
			exit(2);
		}
		r[n].p = malloc(b + 1);
		r[n].n = b;
		if (fread(r[n].p, 1, b, f) != b) {
			fprintf(stderr, "textest: %s: truncated\n", path);
			exit(2);
		}
		n++;
	}
	fclose(f);
	*nrec = n;
	return r;
}

static void
freerecs(Rec *r, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		free(r[i].name);
		free(r[i].p);
	}
	free(r);
}

/* Each record of got against want's of the same name: the first words
 * that differ, and how many. */
static int
compare(const char *gotp, const char *wantp)
{
	unsigned ng, nw, bad = 0, same = 0;
	Rec *g = readrecs(gotp, &ng), *w = readrecs(wantp, &nw);

	for (unsigned i = 0; i < nw; i++) {
		unsigned j, nd = 0;
		for (j = 0; j < ng && strcmp(g[j].name, w[i].name); j++)
			;
		if (j == ng) {
			printf("MISSING %s\n", w[i].name);
			bad++;
			continue;
		}
		if (g[j].n != w[i].n) {
			printf("DIFF %s: %u bytes, the reference has %u\n", w[i].name, g[j].n, w[i].n);
			bad++;
			continue;
		}
		for (uint32_t k = 0; k + 4 <= w[i].n; k += 4) {
			uint32_t a, b;
			memcpy(&a, g[j].p + k, 4);
			memcpy(&b, w[i].p + k, 4);
			if (a != b && nd++ < 4)
				printf("DIFF %s: word %u (vector %u): %08x, the reference %08x\n", w[i].name, k / 4,
				    k / 16, a, b);
		}
		if (nd) {
			printf("DIFF %s: %u of %u words differ\n", w[i].name, nd, w[i].n / 4);
			bad++;
		} else
			same++;
	}
	printf("%u records as on the GPU, %u differ\n", same, bad);
	freerecs(g, ng);
	freerecs(w, nw);
	return bad != 0;
}

/* ---------------------------------------------------------------- references */

/* t2d_f through a .texref variable instead of an object parameter */
static const char refptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".global .texref rt;\n"
	".visible .entry tref2d(.param .u64 unused, .param .u64 c, .param .u64 o, .param .u32 n)\n"
	"{\n"
	"\t.reg .pred %p<2>; .reg .f32 %f<12>; .reg .b32 %r<6>; .reg .b64 %rd<9>;\n"
	"\tld.param.u64 %rd2, [c];\n"
	"\tld.param.u64 %rd3, [o];\n"
	"\tld.param.u32 %r2, [n];\n"
	"\tmov.u32 %r3, %ctaid.x;\n"
	"\tmov.u32 %r4, %ntid.x;\n"
	"\tmov.u32 %r5, %tid.x;\n"
	"\tmad.lo.s32 %r1, %r3, %r4, %r5;\n"
	"\tsetp.ge.s32 %p1, %r1, %r2;\n"
	"\t@%p1 bra DONE;\n"
	"\tcvta.to.global.u64 %rd4, %rd2;\n"
	"\tmul.wide.s32 %rd5, %r1, 16;\n"
	"\tadd.s64 %rd6, %rd4, %rd5;\n"
	"\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd6];\n"
	"\tcvta.to.global.u64 %rd7, %rd3;\n"
	"\tadd.s64 %rd8, %rd7, %rd5;\n"
	"\ttex.2d.v4.f32.f32 {%f7, %f8, %f9, %f10}, [rt, {%f1, %f2}];\n"
	"\tst.global.v4.f32 [%rd8], {%f7, %f8, %f9, %f10};\n"
	"DONE:\n"
	"\tret;\n"
	"}\n";

/* Case c read through a texture reference and through an object; the
 * number of 32-bit words that differ, or -1 after saying why it could
 * not run. */
static int
refcase(CUmodule rm, const Case *c)
{
	static float p[MAXN][4];
	static uint8_t a[MAXN * 16], b[MAXN * 16];
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUtexref tr;
	CUtexObject t;
	CUfunction f;
	Res r;
	int nd = 0, nn = (int)c->n;
	void *args[] = { &t, &dcoord, &dout, &nn };

	rng = 0x5bd1e995u;
	doing = c->name;
	resource(c, &rd, &r);
	coords(c, p, c->n);
	CK(cuMemcpyHtoD(dcoord, p, c->n * 16));
	memset(&td, 0, sizeof td);
	memcpy(td.addressMode, c->am, sizeof td.addressMode);
	td.filterMode = c->filter;
	td.flags = c->flags;
	memcpy(td.borderColor, c->border, sizeof td.borderColor);
	CK(cuTexObjectCreate(&t, &rd, &td, NULL));
	launch(c->kern, t, c->n);
	CK(cuMemcpyDtoH(b, dout, c->n * 16));
	if (cuModuleGetTexRef(&tr, rm, "rt") != CUDA_SUCCESS) {
		/* a driver without references: nothing to compare */
		printf("NOTE: cuModuleGetTexRef fails: texture references not checked\n");
		CK(cuTexObjectDestroy(t));
		release(&r);
		return 0;
	}
	CK(cuTexRefSetArray(tr, r.a, CU_TRSA_OVERRIDE_FORMAT));
	for (int i = 0; i < 3; i++)
		CK(cuTexRefSetAddressMode(tr, i, c->am[i]));
	CK(cuTexRefSetFilterMode(tr, c->filter));
	CK(cuTexRefSetFlags(tr, c->flags));
	CK(cuTexRefSetBorderColor(tr, (float *)c->border));
	CK(cuMemsetD8(dout, 0xee, c->n * 16));
	CK(cuModuleGetFunction(&f, rm, "tref2d"));
	CK(cuLaunchKernel(f, (c->n + 255) / 256, 1, 1, c->n < 256 ? c->n : 256, 1, 1, 0, NULL, args, NULL));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(a, dout, c->n * 16));
	for (unsigned k = 0; k < c->n * 16; k += 4)
		if (memcmp(a + k, b + k, 4) && nd++ < 4)
			printf("DIFF texref %s: word %u: %02x%02x%02x%02x through the reference\n", c->name, k / 4,
			    a[k + 3], a[k + 2], a[k + 1], a[k]);
	if (nd)
		printf("DIFF texref %s: %d of %u words differ\n", c->name, nd, c->n * 4);
	CK(cuTexObjectDestroy(t));
	release(&r);
	return nd;
}

/* Texture references against objects, over 2D cases of the table (point
 * and linear, unnormalized and normalized, border); the differences. */
static int
references(void)
{
	static const char *const names[] = { "2d_f32x1_linear", "2d_u8x4_nf_point", "2d_f32_wrap_nc",
		"2d_f32_border_nc", "2d_u8x4_border" };
	CUmodule rm;
	int bad = 0;

	CK(cuModuleLoadData(&rm, refptx));
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++)
			if (!strcmp(cases[j].name, names[i]))
				bad += refcase(rm, &cases[j]) != 0;
	CK(cuModuleUnload(rm));
	return bad;
}

/* A texture as a kernel parameter (.param .texref, legal PTX: ptxas gives
 * it no room in the parameter buffer).  The record holds the result codes
 * of loading, of the parameters' places, of cuModuleGetTexRef on the
 * parameter's name, and of a launch passing a texture object for it, then
 * what 4 lanes read (t2d_f's texels of case 2d_f32x1_linear through an
 * object read the same where the object is what the kernel samples).
 * Last: a launch the driver takes badly may leave the context unusable. */
static const char parptx[] =
	".version 7.8\n.target sm_90\n.address_size 64\n"
	".visible .entry tpar(.param .texref tr, .param .u64 c, .param .u64 o)\n"
	"{\n"
	"\t.reg .f32 %f<8>; .reg .b32 %r<2>; .reg .b64 %rd<6>;\n"
	"\tld.param.u64 %rd1, [c];\n"
	"\tld.param.u64 %rd2, [o];\n"
	"\tmov.u32 %r1, %tid.x;\n"
	"\tmul.wide.u32 %rd3, %r1, 16;\n"
	"\tadd.s64 %rd4, %rd1, %rd3;\n"
	"\tadd.s64 %rd5, %rd2, %rd3;\n"
	"\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd4];\n"
	"\ttex.2d.v4.f32.f32 {%f4, %f5, %f6, %f7}, [tr, {%f1, %f2}];\n"
	"\tst.global.v4.f32 [%rd5], {%f4, %f5, %f6, %f7};\n"
	"\tret;\n"
	"}\n";

static void
texrefparam(void)
{
	static float p[4][4] = { { 0.5f, 0.5f }, { 3.25f, 1.75f }, { 7.5f, 2.5f }, { 1.0f, 4.0f } };
	static uint8_t o[4 * 16];
	int32_t rec[8 + 16];
	const Case *c = NULL;
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUtexObject t = 0;
	CUmodule m = NULL;
	CUfunction f = NULL;
	CUtexref tr;
	Res r;
	void *args[] = { &t, &dcoord, &dout };

	doing = "texref parameter";
	for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++)
		if (!strcmp(cases[j].name, "2d_f32x1_linear"))
			c = &cases[j];
	memset(rec, 0, sizeof rec);
	memset(o, 0xee, sizeof o);
	rng = 0x5bd1e995u;
	resource(c, &rd, &r);
	memset(&td, 0, sizeof td);
	td.filterMode = c->filter;
	CK(cuTexObjectCreate(&t, &rd, &td, NULL));
	CK(cuMemcpyHtoD(dcoord, p, sizeof p));
	/* the same lanes through t2d_f, for comparison */
	launch("t2d_f", t, 4);
	CK(cuMemcpyDtoH(o, dout, sizeof o));
	emit("probe texref param object", o, sizeof o);
	memset(o, 0xee, sizeof o);
	CK(cuMemsetD8(dout, 0xee, sizeof o));
	rec[0] = (int32_t)cuModuleLoadData(&m, parptx);
	if (rec[0] == CUDA_SUCCESS) {
		rec[1] = (int32_t)cuModuleGetFunction(&f, m, "tpar");
		for (unsigned i = 0; i < 3 && f; i++) {
			size_t off = 0, sz = 0;
			rec[2] |= (int32_t)cuFuncGetParamInfo(f, i, &off, &sz) << (8 * i);
			rec[8 + 2 * i] = (int32_t)off, rec[9 + 2 * i] = (int32_t)sz;
		}
		rec[3] = (int32_t)cuModuleGetTexRef(&tr, m, "tr");
		if (f) {
			rec[4] = (int32_t)cuLaunchKernel(f, 1, 1, 1, 4, 1, 1, 0, NULL, args, NULL);
			rec[5] = (int32_t)cuCtxSynchronize();
			if (rec[4] == CUDA_SUCCESS && rec[5] == CUDA_SUCCESS)
				rec[6] = (int32_t)cuMemcpyDtoH(o, dout, sizeof o);
		}
	}
	emit("probe texref param", rec, sizeof rec);
	emit("probe texref param texels", o, sizeof o);
	if (m)
		cuModuleUnload(m);
	cuTexObjectDestroy(t);
	release(&r);
}

/* Launches of one lane (and a few of one quad) at chosen positions, for
 * the texture unit's sectors of one request as ncu counts them: 2D
 * arrays of 16-, 8- and 4-byte texels and 3D arrays of 4- and 16-byte
 * ones, linear filtering, unnormalized coordinates; each lane at texel
 * centres (weights 0), halfway along each axis from even and odd texels
 * (rows of one 2-row sector, or of two), a weight below the 1/256 steps,
 * then a quad of one position and a quad of four; record "probe lanes
 * NAME" holds the results, launch by launch.  Then "probe grad sweep":
 * the length of one gradient (2, l) for l in 1/128 steps, of (h, 1) for
 * h in 2^-10 steps, and footprints where 11/16 |dx + dy| wins; "probe
 * grad steps": lengths and footprints near the steps of the level;
 * "probe lanes lod", one lane at a time between mipmap levels. */
static void
laneprobes(void)
{
	static const struct {
		const char *name;
		unsigned ch, dims, w, h, d;
	} tx[] = { { "2d f32x4", 4, 2, 8, 8, 0 }, { "2d f32x2", 2, 2, 8, 8, 0 }, { "2d f32", 1, 2, 8, 8, 0 },
		   { "3d f32", 1, 3, 8, 8, 8 }, { "3d f32x4", 4, 3, 8, 8, 8 }, { "2d f32x4 5x4", 4, 2, 5, 4, 0 },
		   { "3d f32 5x4x3", 1, 3, 5, 4, 3 } };
	/* offsets from texel (2, 2, 2)'s corner: 0.5 a centre, 1.0 halfway
	 * from texel 2 to 3, 2.0 from 3 to 4 */
	static const float pos[][3] = {
		{ 0.5f, 0.5f, 0.5f }, { 1.5f, 1.5f, 1.5f }, { 1.0f, 0.5f, 0.5f }, { 2.0f, 0.5f, 0.5f },
		{ 0.5f, 1.0f, 0.5f }, { 0.5f, 2.0f, 0.5f }, { 0.5f, 0.5f, 1.0f }, { 0.5f, 0.5f, 2.0f },
		{ 1.0f, 1.0f, 1.0f }, { 2.0f, 2.0f, 2.0f }, { 1.0f, 2.0f, 1.0f }, { 2.0f, 1.0f, 2.0f },
		{ 0.5f + 1.0f / 1024, 0.5f, 0.5f }, { 1.25f, 1.75f, 1.5f },
	};
	enum { NPOS = sizeof pos / sizeof pos[0], NL = NPOS + 2 };
	static float p[2 * MAXN][4];
	static uint8_t o[NL * 4 * 16];
	char nm[64];
	CUmipmappedArray mm;
	CUtexObject t;
	CUarray a;
	unsigned n;

	doing = "lane probes";
	rng = 0x9e3779b9u;
	for (unsigned k = 0; k < sizeof tx / sizeof tx[0]; k++) {
		a = mkarray(F32, tx[k].ch, tx[k].w, tx[k].h, tx[k].d, 0);
		fill(a, F32, tx[k].ch, tx[k].w, tx[k].h, tx[k].d);
		t = probeobj(a, NULL, LI, PT, 0, 0);
		memset(o, 0xee, sizeof o);
		for (unsigned i = 0; i < NL; i++) {
			unsigned nn = i < NPOS ? 1 : 4;
			memset(p, 0, 4 * sizeof p[0]);
			for (unsigned l = 0; l < nn; l++)
				for (unsigned c = 0; c < tx[k].dims; c++)
					p[l][c] = 2.0f + (i < NPOS ? pos[i][c] : i == NPOS ? 1.0f : pos[8 + l % 2][c] +
					    (float)(c == l / 2));
			CK(cuMemcpyHtoD(dcoord, p, 4 * 16));
			CK(cuMemsetD8(dout, 0xee, 4 * 16));
			curname = "lanes";
			launch(tx[k].dims == 3 ? "t3d_f" : "t2d_f", t, nn);
			curname = NULL;
			CK(cuMemcpyDtoH(o + i * 64, dout, nn * 16));
		}
		snprintf(nm, sizeof nm, "probe lanes %s", tx[k].name);
		emit(nm, o, sizeof o);
		CK(cuTexObjectDestroy(t));
		CK(cuArrayDestroy(a));
	}
	/* the gradient sweep: 16x16 f32 of 5 levels, level l all l */
	{
		mm = levels16();
		t = probeobj(NULL, mm, LI, LI, NC, 4);
		for (n = 0; n < 1024; n++) {
			float *g = p[2 * n + 1];
			p[2 * n][0] = uni(0, 1), p[2 * n][1] = uni(0, 1), p[2 * n][2] = p[2 * n][3] = 0;
			g[0] = g[1] = g[2] = g[3] = 0;
			if (n < 256) {
				g[0] = 2.0f, g[1] = (float)n / 128.0f;
			} else if (n < 512) {
				g[0] = 2.0f + (float)(n - 256) / 1024.0f, g[1] = 1.0f;
			} else if (n < 768) {
				g[0] = 2.0f, g[2] = 1.0f + (float)(n - 512) / 256.0f;
			} else {
				g[0] = 2.0f, g[1] = 0.5f, g[2] = 1.0f + (float)(n - 768) / 256.0f, g[3] = 0.25f;
			}
			for (unsigned c = 0; c < 4; c++)
				g[c] /= 16.0f;
		}
		probe("grad sweep", "t2dgrad_f", t, (const float (*)[4])p, 1024, 2048);
		/* near the steps of the level: one gradient (h, l), h of 10
		 * bits in [2, 16), l of any bits, h + 11/32 l within a 2^-9 of
		 * h's unit of a step of 1/256 of the log2 (n < 512); two
		 * gradients along x whose 11/16 (a + b) is as near a step
		 * (n < 768); then both of any sizes */
		for (n = 0; n < 1024; n++) {
			float *g = p[2 * n + 1];
			double h, b, l, e;
			unsigned k;
			p[2 * n][0] = uni(0, 1), p[2 * n][1] = uni(0, 1), p[2 * n][2] = p[2 * n][3] = 0;
			g[0] = g[1] = g[2] = g[3] = 0;
			e = ldexp(1.0, 1 + (int)(n % 3));
			h = e * (1 + (double)(rnd() % 512) / 512);
			/* a step b of the log2 above h, below h (1 + 11/32) */
			b = floor(h / e * 256 + 1 + rnd() % 64) / 256 * e;
			if (b > h * 1.3)
				b = floor(h / e * 256 + 1) / 256 * e;
			if (b >= 2 * e)
				b = 2 * e;
			if (n < 512) {
				l = (b - h) * 32 / 11 + ldexp((double)uni(-1, 1), (int)(n % 3) - 9);
				k = rnd() % 4;
				g[k & 1] = (float)(k & 2 ? -h : h), g[!(k & 1)] = (float)(rnd() % 2 ? -l : l);
			} else if (n < 768) {
				l = b * 16 / 11 + ldexp((double)uni(-1, 1), (int)(n % 3) - 9);
				g[0] = (float)(l * uni(0.3f, 0.7f));
				g[2] = (float)l - g[0];
			} else {
				for (unsigned c = 0; c < 4; c++)
					g[c] = uni(-4, 4) * exp2f((float)(rnd() % 6) - 2.0f);
			}
			for (unsigned c = 0; c < 4; c++)
				g[c] /= 16.0f;
		}
		probe("grad steps", "t2dgrad_f", t, (const float (*)[4])p, 1024, 2048);
		CK(cuTexObjectDestroy(t));
		/* one lane at a time between levels (.level): the sectors of
		 * each level as its weight goes to 0 */
		{
			static const float lods[] = { 0, 1.0f / 512, 1.0f / 256, 0.5f, 1 - 1.0f / 256, 1 - 1.0f / 512, 1,
				2.25f, 3.75f, 4 };
			enum { NLOD = sizeof lods / sizeof lods[0] };
			static uint8_t lo[NLOD * 16];
			t = probeobj(NULL, mm, LI, LI, NC, 4);
			for (n = 0; n < NLOD; n++) {
				p[0][0] = 0.3f, p[0][1] = 0.55f, p[0][2] = lods[n], p[0][3] = 0;
				CK(cuMemcpyHtoD(dcoord, p, 16));
				curname = "lanes_lod";
				launch("t2dlod_f", t, 1);
				curname = NULL;
				CK(cuMemcpyDtoH(lo + n * 16, dout, 16));
			}
			emit("probe lanes lod", lo, sizeof lo);
			CK(cuTexObjectDestroy(t));
		}
		CK(cuMipmappedArrayDestroy(mm));
	}
}

/* "probe grad mul": how the texture unit scales the shorter component
 * of a gradient by 11/32 and a sum of gradients by 11/16, a lane a
 * question.  16x16 f32 of 5 levels, level l all l.  Launch a: one
 * gradient (h, l), h of 10 bits in [2, 4) texels, l of 10-bit mantissa
 * m, l = m 2^-(8 + s) for s 1 and 2 (h's unit is 2^-8), h chosen so that
 * h + 11/32 l sits at the nearest step of the level (the steps are 2^-7
 * apart in [2, 4)): the level says on which side the scaled l fell.
 * Launch b: the same for s 0 (m below 752), 3 and 4.  Launch c: dx, dy along x of sum
 * S, 11/16 S near a step: S of 10 bits (m 512 to 1023), then of any bits.
 * Components on x or y and their signs at random. */
static void
mulprobes(void)
{
	static float p[2 * MAXN][4];
	CUmipmappedArray mm;
	CUtexObject t;

	doing = "grad mul probes";
	rng = 0x6a09e667u;
	mm = levels16();
	t = probeobj(NULL, mm, LI, LI, NC, 4);
	for (unsigned run = 0; run < 3; run++) {
		for (unsigned n = 0; n < 1024; n++) {
			float *g = p[2 * n + 1];
			unsigned m = 512 + n % 512, s, k = rnd() % 4;
			double h, l, tn, b, lu, lo, a, sum;
			p[2 * n][0] = uni(0, 1), p[2 * n][1] = uni(0, 1), p[2 * n][2] = p[2 * n][3] = 0;
			g[0] = g[1] = g[2] = g[3] = 0;
			if (run < 2) {
				s = run == 0 ? 1 + n / 512 : n < 240 ? 0 : n < 752 ? 3 : 4;
				if (run == 1 && n < 240)
					m = 512 + n;
				else if (run == 1 && n >= 752)
					m = 512 + (n - 752);
				/* in units of 2^-8 (h's): l, its scaled value's nearest
				 * whole unit, an even one below 1022 (a step below 4
				 * texels) at least 520 and l above that */
				lu = ldexp((double)m, -(int)s);
				tn = floor(lu * 11 / 32 + 0.5);
				lo = lu + 1 > 520 ? lu + 1 : 520;
				b = 2 * floor((tn + lo + (double)(rnd() % (unsigned)(1022 - tn - lo))) / 2);
				h = (b - tn) / 256, l = lu / 256;
				g[k & 1] = (float)(k & 2 ? -h : h), g[!(k & 1)] = (float)(rnd() % 2 ? -l : l);
			} else {
				if (n < 512)
					sum = (double)m / 256;
				else
					sum = 2 + (double)(rnd() % 65536) / 32768;
				a = floor(sum * (0.35 + (double)(rnd() % 1024) / 3413) * 2048) / 2048;
				g[2 * (k & 1)] = (float)a, g[2 * (k & 1) + 1] = 0;
				g[2 * !(k & 1)] = (float)(sum - a);
				if (k & 2)
					for (unsigned c = 0; c < 4; c++)
						g[c] = -g[c];
			}
			for (unsigned c = 0; c < 4; c++)
				g[c] /= 16.0f;
		}
		probe(run == 0 ? "grad mul a" : run == 1 ? "grad mul b" : "grad mul c", "t2dgrad_f", t,
		    (const float (*)[4])p, 1024, 2048);
	}
	CK(cuTexObjectDestroy(t));
	CK(cuMipmappedArrayDestroy(mm));
}

/* "probe grad rect 16x8" and "probe grad rect 8x16": the level of
 * detail of tex.grad on arrays of unequal sides, 5 levels, level l all
 * l, the same gradients in texels on both: one gradient along y of
 * 2 + k/128 texels; (2, l) and (l, 2) for l in 1/128 steps; then both
 * gradients of any sizes.  On an H200 both give every lane the same
 * level, which the square arrays' rule gives them (interp/tex.c's
 * gradlod()). */
static void
rectprobes(void)
{
	static float p[2 * MAXN][4];
	static const unsigned wh[][2] = { { 16, 8 }, { 8, 16 } };
	CUmipmappedArray mm;
	CUtexObject t;
	char nm[64];

	doing = "grad rect probes";
	for (unsigned r = 0; r < 2; r++) {
		rng = 0xbb67ae85u;
		mm = levelswh(wh[r][0], wh[r][1]);
		t = probeobj(NULL, mm, LI, LI, NC, 4);
		for (unsigned n = 0; n < 1024; n++) {
			float *g = p[2 * n + 1];
			p[2 * n][0] = uni(0, 1), p[2 * n][1] = uni(0, 1), p[2 * n][2] = p[2 * n][3] = 0;
			g[0] = g[1] = g[2] = g[3] = 0;
			if (n < 256) {
				g[1] = 2.0f + (float)n / 128.0f;
			} else if (n < 512) {
				g[0] = 2.0f, g[1] = (float)(n - 256) / 128.0f;
			} else if (n < 768) {
				g[0] = (float)(n - 512) / 128.0f, g[1] = 2.0f;
			} else {
				for (unsigned c = 0; c < 4; c++)
					g[c] = uni(-4, 4) * exp2f((float)(rnd() % 6) - 2.0f);
			}
			for (unsigned c = 0; c < 4; c++)
				g[c] /= (float)wh[r][c & 1];
		}
		snprintf(nm, sizeof nm, "grad rect %ux%u", wh[r][0], wh[r][1]);
		probe(nm, "t2dgrad_f", t, (const float (*)[4])p, 1024, 2048);
		CK(cuTexObjectDestroy(t));
		CK(cuMipmappedArrayDestroy(mm));
	}
}

/* "probe sectors": one launch a question, for the texture unit's
 * sectors and requests of one quad as ncu counts them.  "3d pairs":
 * quads of 3D linear filtering (f32, 32x16x12, unnormalized, every
 * texel inside): lane 0 at a base a quarter, half or three quarters
 * into a texel, lanes 1 and 2 at the base plus vectors u and v whose
 * components are 0 or +-1/4 to 3 texels (2 in z), lane 3 at the base
 * plus u + v (the last 32: a vector of its own).  Where pairing lanes 0-1 and
 * 2-3 counts other sectors than pairing 0-2 and 1-3, the count says which
 * pairing the unit took for those vectors.  "3d f32x4 lanes": launches
 * of 1 to 5, 8 and 32 lanes of 16-byte texels in 3D (linear and point
 * filtering), of 8-byte ones, and of a layered 2D array, for the texture
 * requests of a lane alone.  "levels": tex.grad and tex.level, below.
 * Each record holds the results, launch by launch, 4 lanes each (the
 * 32-lane launch's first 4). */
static void
sectorprobes(void)
{
	static const float mag[] = { 0.25f, 0.5f, 1.0f, 1.5f, 2.0f, 2.5f, 3.0f };
	static const float frac[] = { 0.25f, 0.5f, 0.75f };
	enum { NPAIR = 160, NLANE = 16 };
	static uint8_t o[NPAIR * 64];
	static float p[32][4];
	CUtexObject t;
	CUarray a;

	doing = "sector probes";
	rng = 0x3c6ef372u;
	a = mkarray(F32, 1, 32, 16, 12, 0);
	fill(a, F32, 1, 32, 16, 12);
	t = probeobj(a, NULL, LI, PT, 0, 0);
	for (unsigned i = 0; i < NPAIR; i++) {
		float b[3], u[3][3];
		b[0] = (float)(10 + rnd() % 12) + frac[rnd() % 3];
		b[1] = (float)(7 + rnd() % 2) + frac[rnd() % 3];
		b[2] = (float)(5 + rnd() % 2) + frac[rnd() % 3];
		for (unsigned k = 0; k < 3; k++)
			for (unsigned c = 0; c < 3; c++) {
				float m = rnd() % 2 ? mag[rnd() % 7] : 0;
				if (c == 2 && m > 2)
					m = 2;   /* depth 12: z within 1 and 11 */
				u[k][c] = rnd() % 2 ? -m : m;
			}
		memset(p, 0, 4 * sizeof p[0]);
		for (unsigned c = 0; c < 3; c++) {
			p[0][c] = b[c];
			p[1][c] = b[c] + u[0][c];
			p[2][c] = b[c] + u[1][c];
			p[3][c] = b[c] + (i < NPAIR - 32 ? u[0][c] + u[1][c] : u[2][c]);
		}
		CK(cuMemcpyHtoD(dcoord, p, 4 * 16));
		CK(cuMemsetD8(dout, 0xee, 4 * 16));
		curname = "sectors_3d_pairs";
		launch("t3d_f", t, 4);
		curname = NULL;
		CK(cuMemcpyDtoH(o + i * 64, dout, 64));
	}
	emit("probe sectors 3d pairs", o, NPAIR * 64);
	CK(cuTexObjectDestroy(t));
	CK(cuArrayDestroy(a));

	/* 16-byte texels in 3D: lanes at texel centres (one texel each) or
	 * between texels (8 each); then point filtering, 8-byte texels, a
	 * layered 2D array of 16-byte texels */
	{
		static const struct {
			unsigned ch, layered, lanes;
			CUfilter_mode f;
			float at;   /* offset from texel (3, 3, 3)'s corner; lanes step 2 texels in x */
		} lk[NLANE] = {
			{ 4, 0, 1, LI, 0.5f }, { 4, 0, 2, LI, 0.5f }, { 4, 0, 3, LI, 0.5f }, { 4, 0, 4, LI, 0.5f },
			{ 4, 0, 5, LI, 0.5f }, { 4, 0, 8, LI, 0.5f }, { 4, 0, 32, LI, 0.5f }, { 4, 0, 1, LI, 1.0f },
			{ 4, 0, 2, LI, 1.0f }, { 4, 0, 1, PT, 1.0f }, { 4, 0, 4, PT, 1.0f }, { 2, 0, 1, LI, 1.0f },
			{ 2, 0, 4, LI, 1.0f }, { 4, 1, 1, LI, 1.0f }, { 4, 1, 4, LI, 1.0f }, { 1, 0, 1, LI, 1.0f },
		};
		memset(o, 0xee, NLANE * 64);
		for (unsigned i = 0; i < NLANE; i++) {
			a = mkarray(F32, lk[i].ch, 80, 8, 8, lk[i].layered ? CUDA_ARRAY3D_LAYERED : 0);
			fill(a, F32, lk[i].ch, 80, 8, 8);
			t = probeobj(a, NULL, lk[i].f, PT, 0, 0);
			memset(p, 0, sizeof p);
			for (unsigned l = 0; l < lk[i].lanes; l++) {
				p[l][0] = 3.0f + lk[i].at + 2.0f * (float)l;
				p[l][1] = 3.0f + lk[i].at;
				p[l][2] = lk[i].layered ? 3.0f : 3.0f + lk[i].at;
			}
			CK(cuMemcpyHtoD(dcoord, p, sizeof p));
			CK(cuMemsetD8(dout, 0xee, 32 * 16));
			curname = "sectors_lanes";
			launch(lk[i].layered ? "ta2d_f" : "t3d_f", t, lk[i].lanes);
			curname = NULL;
			CK(cuMemcpyDtoH(o + i * 64, dout, 64));
			CK(cuTexObjectDestroy(t));
			CK(cuArrayDestroy(a));
		}
		emit("probe sectors 3d f32x4 lanes", o, NLANE * 64);
	}

	/* tex.grad and tex.level on 16x16 and 16x16x16 f32 of 5 levels,
	 * level l all l (normalized coordinates, linear between levels):
	 * one lane, or a quad, at a level-0 texel centre (8.5 texels on each
	 * axis) or corner (9), lane l dx texels further in x; tex.grad with
	 * dx of v[l] texels along axis ax (dy gy along y), or tex.level at
	 * level v[l] (lod).  Record "probe sectors levels". */
	{
		enum { G, LOD };
		static const struct {
			unsigned dims, n, kind, ax;
			float at, dx, gy, v[4];
		} gk[] = {
			/* one lane of tex.grad.3d, then 2D: the footprint of a level of detail */
			{ 3, 1, G, 0, 8.5f, 0, 0, { 0 } }, { 3, 1, G, 0, 8.5f, 0, 0, { 1 } },
			{ 3, 1, G, 0, 8.5f, 0, 0, { 1.5f } }, { 3, 1, G, 0, 8.5f, 0, 0, { 2 } },
			{ 3, 1, G, 0, 8.5f, 0, 0, { 3 } }, { 3, 1, G, 0, 8.5f, 0, 0, { 4 } },
			{ 3, 1, G, 0, 9, 0, 0, { 0 } }, { 3, 1, G, 0, 9, 0, 0, { 1 } },
			{ 3, 1, G, 0, 9, 0, 0, { 1.5f } }, { 3, 1, G, 0, 9, 0, 0, { 2 } },
			{ 3, 1, G, 0, 9, 0, 0, { 3 } }, { 3, 1, G, 0, 9, 0, 0, { 4 } },
			{ 3, 1, G, 0, 8.5f, 0, 2, { 2 } }, { 3, 1, G, 0, 8.5f, 0, 3, { 3 } },
			{ 3, 1, G, 2, 8.5f, 0, 0, { 2 } },
			{ 2, 1, G, 0, 8.5f, 0, 0, { 1 } }, { 2, 1, G, 0, 8.5f, 0, 0, { 2 } },
			{ 2, 1, G, 0, 8.5f, 0, 0, { 3 } }, { 2, 1, G, 0, 9, 0, 0, { 1 } },
			{ 2, 1, G, 0, 9, 0, 0, { 2 } }, { 2, 1, G, 0, 9, 0, 0, { 3 } },
			/* quads: which lanes share sectors, by their levels of detail */
			{ 3, 4, G, 0, 8.5f, 0, 0, { 2, 2, 2, 2 } }, { 3, 4, G, 0, 8.5f, 1, 0, { 2, 2, 2, 2 } },
			{ 3, 4, G, 0, 8.5f, 0, 0, { 3, 3, 3, 3 } }, { 3, 4, G, 0, 8.5f, 0, 0, { 3, 3, 5, 5 } },
			{ 3, 4, G, 0, 8.5f, 0, 0, { 2, 3, 4, 5 } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 2, 2, 2, 2 } }, { 2, 4, G, 0, 8.5f, 1, 0, { 2, 2, 2, 2 } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 1, 1, 1, 1 } }, { 2, 4, G, 0, 8.5f, 0, 0, { 0.5f, 0.5f, 0.5f, 0.5f } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 2, 3, 4, 5 } }, { 2, 4, G, 0, 8.5f, 0, 0, { 3, 3, 3, 3 } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 3, 3, 5, 5 } }, { 2, 4, G, 0, 8.5f, 0, 0, { 3, 5, 3, 5 } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 3, 3, 3, 5 } }, { 2, 4, G, 0, 8.5f, 0, 0, { 5, 3, 3, 3 } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 3, 5, 5, 3 } }, { 2, 4, G, 0, 8.5f, 0, 0, { 2, 2, 4, 4 } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 2, 4, 2, 4 } }, { 2, 4, G, 0, 8.5f, 0, 0, { 16, 16, 16, 16 } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 16, 32, 16, 32 } }, { 2, 4, G, 0, 8.5f, 0, 0, { 3, 3.01f, 3, 3.01f } },
			{ 2, 4, G, 0, 8.5f, 1, 0, { 3, 3, 3, 3 } }, { 2, 4, G, 0, 8.5f, 1, 0, { 3, 3, 5, 5 } },
			/* the gradients of probe grad fine's lanes 16-19, 48-51, 64-67, 208-211 */
			{ 2, 4, G, 0, 8.5f, 0, 0, { 2.043794f, 2.046563f, 2.049336f, 2.052112f } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 2.134281f, 2.137172f, 2.140067f, 2.142967f } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 2.181015f, 2.183970f, 2.186929f, 2.189891f } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 2.650473f, 2.654064f, 2.657659f, 2.661260f } },
			/* tex.level: one lane in 3D, then quads */
			{ 3, 1, LOD, 0, 8.5f, 0, 0, { 0 } }, { 3, 1, LOD, 0, 8.5f, 0, 0, { 0.5f } },
			{ 3, 1, LOD, 0, 8.5f, 0, 0, { 1 } }, { 3, 1, LOD, 0, 8.5f, 0, 0, { 1.5f } },
			{ 3, 1, LOD, 0, 9, 0, 0, { 0 } }, { 3, 1, LOD, 0, 9, 0, 0, { 0.5f } },
			{ 3, 1, LOD, 0, 9, 0, 0, { 1 } }, { 3, 1, LOD, 0, 9, 0, 0, { 1.5f } },
			{ 3, 4, LOD, 0, 8.5f, 0, 0, { 1.5f, 1.5f, 1.5f, 1.5f } },
			{ 3, 4, LOD, 0, 8.5f, 1, 0, { 1.5f, 1.5f, 1.5f, 1.5f } },
			{ 3, 4, LOD, 0, 8.5f, 0, 0, { 0.5f, 1, 1.5f, 2 } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 1.5f, 1.5f, 1.5f, 1.5f } },
			{ 2, 4, LOD, 0, 8.5f, 1, 0, { 1.5f, 1.5f, 1.5f, 1.5f } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 0.5f, 1, 1.5f, 2 } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 1.5f, 1.5f, 2.5f, 2.5f } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 1.5f, 2.5f, 1.5f, 2.5f } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 1.5f, 1.5f, 1.5f, 2.5f } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 1, 1, 1, 1 } }, { 2, 4, LOD, 0, 8.5f, 0, 0, { 1, 1, 2, 2 } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 1, 2, 1, 2 } }, { 2, 4, LOD, 0, 8.5f, 0, 0, { 1, 1.5f, 1, 1.5f } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 4, 4, 4, 4 } }, { 2, 4, LOD, 0, 8.5f, 0, 0, { 1.25f, 1.5f, 1.25f, 1.5f } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 1, 1.25f, 1.25f, 1.25f } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 1.25f, 1.25f, 1.25f, 1 } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 0, -1, 0.25f, 0.25f } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { -1, -1, 0, 0 } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 3.75f, 4, 4, 5 } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 1, 1 + 1.0f / 256, 1, 1 + 1.0f / 256 } },
			{ 2, 4, LOD, 0, 8.5f, 0, 0, { 1.5f, 1.5f, 1.5f, 1.5f + 1.0f / 256 } },
			/* tex.grad quads at one level (whole, or clamped to the
			 * last) and between two, the lanes at one place or a
			 * texel apart */
			{ 2, 4, G, 0, 8.5f, 0, 0, { 4, 4, 4, 4 } }, { 2, 4, G, 0, 8.5f, 0, 0, { 8, 8, 8, 8 } },
			{ 2, 4, G, 0, 8.5f, 1, 0, { 4, 4, 4, 4 } }, { 2, 4, G, 0, 8.5f, 1, 0, { 8, 8, 8, 8 } },
			{ 2, 4, G, 0, 8.5f, 1, 0, { 16, 16, 16, 16 } }, { 2, 4, G, 0, 8.5f, 1, 0, { 32, 32, 32, 32 } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 32, 32, 32, 32 } }, { 2, 4, G, 0, 8.5f, 0, 0, { 12, 12, 12, 12 } },
			{ 2, 4, G, 0, 8.5f, 1, 0, { 12, 12, 12, 12 } }, { 2, 4, G, 0, 8.5f, 0, 0, { 24, 24, 24, 24 } },
			{ 2, 4, G, 0, 8.5f, 0, 0, { 16, 16, 8, 8 } }, { 2, 4, G, 0, 8.5f, 0, 0, { 8, 8, 4, 4 } },
			{ 2, 4, G, 0, 8.5f, 1, 0, { 1, 1, 1, 1 } }, { 2, 4, G, 0, 8.5f, 1, 0, { 0.5f, 0.5f, 0.5f, 0.5f } },
			{ 2, 2, G, 0, 8.5f, 0, 0, { 16, 16 } }, { 2, 4, G, 0, 8.5f, 0, 0, { 16, 16, 16, 8 } },
			{ 3, 4, G, 0, 8.5f, 0, 0, { 16, 16, 16, 16 } }, { 3, 4, G, 0, 8.5f, 0, 0, { 4, 4, 4, 4 } },
			{ 3, 4, G, 0, 8.5f, 1, 0, { 4, 4, 4, 4 } }, { 3, 1, G, 0, 8.5f, 0, 0, { 16 } },
		};
		enum { NGK = sizeof gk / sizeof gk[0] };
		CUmipmappedArray m2 = levels16(), m3 = levels3d16();
		CUtexObject t2 = probeobj(NULL, m2, LI, LI, NC, 4), t3 = probeobj(NULL, m3, LI, LI, NC, 4);
		static float q[12][4];
		memset(o, 0xee, NGK * 64);
		for (unsigned i = 0; i < NGK; i++) {
			unsigned dims = gk[i].dims, st = gk[i].kind == LOD ? 1 : dims;   /* float4s a lane */
			memset(q, 0, sizeof q);
			for (unsigned l = 0; l < gk[i].n; l++) {
				float *c = q[st * l], *x = q[st * l + 1], *y = dims == 3 ? q[st * l + 2] : x + 2;
				for (unsigned a = 0; a < dims; a++)
					c[a] = (gk[i].at + (a == 0 ? gk[i].dx * (float)l : 0)) / 16.0f;
				if (gk[i].kind == LOD) {
					c[dims] = gk[i].v[l];
					continue;
				}
				x[gk[i].ax] = gk[i].v[l] / 16.0f;
				y[1] = gk[i].gy / 16.0f;
			}
			CK(cuMemcpyHtoD(dcoord, q, sizeof q));
			CK(cuMemsetD8(dout, 0xee, 4 * 16));
			curname = "sectors_levels";
			launch(gk[i].kind == LOD ? (dims == 3 ? "t3dlod_f" : "t2dlod_f") : dims == 3 ? "t3dgrad_f" : "t2dgrad_f",
			    dims == 3 ? t3 : t2, gk[i].n);
			curname = NULL;
			CK(cuMemcpyDtoH(o + i * 64, dout, 64));
		}
		emit("probe sectors levels", o, NGK * 64);
		CK(cuTexObjectDestroy(t2));
		CK(cuTexObjectDestroy(t3));
		CK(cuMipmappedArrayDestroy(m2));
		CK(cuMipmappedArrayDestroy(m3));
	}
}

/* "probe sectors 3d axes": quads of 3D linear filtering as "3d pairs"
 * (f32, 32x16x12, unnormalized), lane 0 at base b, lanes 1 and 2 at b
 * plus u and v, lane 3 at b + u + v, where u lies along one axis and v
 * along another, each 0.5, 1, 2 or 3 texels long: for each pair of axes
 * and lengths, which lanes the unit pairs.  Two bases, a quarter and
 * three quarters into a texel. */
static void
axisprobes(void)
{
	static const float mag[] = { 0.5f, 1.0f, 2.0f, 3.0f };
	static const float base[2][3] = { { 13.25f, 7.25f, 5.25f }, { 13.75f, 7.75f, 5.75f } };
	enum { NAX = 2 * 6 * 16 };
	static uint8_t o[NAX * 64];
	static float p[4][4];
	CUtexObject t;
	CUarray a;
	unsigned n = 0;

	doing = "axis probes";
	rng = 0x3c6ef372u;
	a = mkarray(F32, 1, 32, 16, 12, 0);
	fill(a, F32, 1, 32, 16, 12);
	t = probeobj(a, NULL, LI, PT, 0, 0);
	for (unsigned b = 0; b < 2; b++)
		for (unsigned ua = 0; ua < 3; ua++)
			for (unsigned va = 0; va < 3; va++)
				for (unsigned m = 0; va != ua && m < 16; m++) {
					memset(p, 0, sizeof p);
					for (unsigned c = 0; c < 3; c++)
						for (unsigned l = 0; l < 4; l++)
							p[l][c] = base[b][c] + ((l & 1) && c == ua ? mag[m / 4] : 0) +
							    ((l & 2) && c == va ? mag[m % 4] : 0);
					CK(cuMemcpyHtoD(dcoord, p, sizeof p));
					CK(cuMemsetD8(dout, 0xee, 4 * 16));
					curname = "sectors_3d_axes";
					launch("t3d_f", t, 4);
					curname = NULL;
					CK(cuMemcpyDtoH(o + n++ * 64, dout, 64));
				}
	emit("probe sectors 3d axes", o, NAX * 64);
	CK(cuTexObjectDestroy(t));
	CK(cuArrayDestroy(a));
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext cx;
	int refbad;
	char *img;
	FILE *f;
	long len;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: textest TEX.PTX OUT.BIN [REF.BIN]\n");
		return 2;
	}
	if (!(f = fopen(argv[1], "rb")) || fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) || !(img = calloc((size_t)len + 1, 1)) ||
	    fread(img, 1, (size_t)len, f) != (size_t)len) {
		fprintf(stderr, "textest: %s: cannot read\n", argv[1]);
		return 2;
	}
	fclose(f);
	if (!(out = fopen(argv[2], "wb"))) {
		fprintf(stderr, "textest: %s: cannot write\n", argv[2]);
		return 2;
	}
	fwrite("PTXTEX1\n", 1, 8, out);
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDevicePrimaryCtxRetain(&cx, dev));
	CK(cuCtxSetCurrent(cx));
	CK(cuModuleLoadData(&mod, img));
	CK(cuMemAlloc(&dcoord, 2 * MAXN * 16));
	CK(cuMemAlloc(&dout, 4 * MAXN * 16));
	doing = "answers";
	answers();
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
		texcase(&cases[i], i);
	surfaces();
	refbad = references();
	probes();
	texrefparam();
	moreprobes();
	laneprobes();
	mulprobes();
	rectprobes();
	sectorprobes();
	axisprobes();
	CK(cuModuleUnload(mod));
	CK(cuDevicePrimaryCtxRelease(dev));
	fclose(out);
	out = NULL;
	free(img);
	return (argc == 4 ? compare(argv[2], argv[3]) : 0) || refbad;
}

/*
 * texfmt.c -- the array formats beyond the eight plain ones, read by
 * textures: 10-10-10-2, the unorm and snorm formats of 1, 2 and 4
 * channels of 8 and 16 bits, and the block-compressed BC1 to BC7.
 *
 * For each format: a 2D array of chosen texels (pseudo-random, with the
 * edge codes of each format and every mode of BC6H and BC7 placed on
 * purpose), what cuArray3DCreate answers for each channel count, the
 * descriptor cuArray3DGetDescriptor gives back, the copy in and back out,
 * then textures over it (point, linear, read as integer, sRGB; clamp,
 * unnormalized coordinates), each sampled at every texel's centre (point)
 * or at fractional coordinates (linear).  Prints the results as hex
 * words, a line a sample (those of integer and sRGB reads only where they
 * differ from the plain point or linear read's, after a count of those
 * that do not); a call that fails prints its error and the program goes
 * on.  The same program ran on an H200 (texfmt.gpu).
 */
#include "shimtest.h"

/* kernel NAME: thread i samples texture t at float coordinates c[i] and
 * stores the four results, of type TY, at o[i] */
#define KERN(name, ty) \
	".visible .entry " name "(.param .u64 t, .param .u64 c, .param .u64 o, .param .u32 n)\n{\n" \
	"\t.reg .pred %p; .reg .u32 %r<3>; .reg ." ty " %v<5>; .reg .f32 %f<3>; .reg .u64 %rd<8>;\n" \
	"\tld.param.u64 %rd1, [t];\n\tld.param.u64 %rd2, [c];\n\tld.param.u64 %rd3, [o];\n" \
	"\tld.param.u32 %r2, [n];\n\tmov.u32 %r1, %tid.x;\n\tsetp.ge.u32 %p, %r1, %r2;\n\t@%p ret;\n" \
	"\tmul.wide.u32 %rd4, %r1, 8;\n\tadd.u64 %rd5, %rd2, %rd4;\n" \
	"\tld.global.v2.f32 {%f1, %f2}, [%rd5];\n" \
	"\ttex.2d.v4." ty ".f32 {%v1, %v2, %v3, %v4}, [%rd1, {%f1, %f2}];\n" \
	"\tmul.wide.u32 %rd6, %r1, 16;\n\tadd.u64 %rd7, %rd3, %rd6;\n" \
	"\tst.global.v4." ty " [%rd7], {%v1, %v2, %v3, %v4};\n\tret;\n}\n"
static const char ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n" KERN("kf", "f32") KERN("ki", "u32");

/* a format: its code, name, the channel count its array is made with
 * first, the bytes of a texel (or of a 4x4 block, bc) */
typedef struct { int code; const char *name; unsigned nch, bytes, bc; } Fmt;
static const Fmt fmts[] = {
	{ 0x50, "UNORM_INT_101010_2", 4, 4, 0 },
	{ 0xc0, "UNORM_INT8X1", 1, 1, 0 }, { 0xc1, "UNORM_INT8X2", 2, 2, 0 },
	{ 0xc2, "UNORM_INT8X4", 4, 4, 0 }, { 0xc3, "UNORM_INT16X1", 1, 2, 0 },
	{ 0xc4, "UNORM_INT16X2", 2, 4, 0 }, { 0xc5, "UNORM_INT16X4", 4, 8, 0 },
	{ 0xc6, "SNORM_INT8X1", 1, 1, 0 }, { 0xc7, "SNORM_INT8X2", 2, 2, 0 },
	{ 0xc8, "SNORM_INT8X4", 4, 4, 0 }, { 0xc9, "SNORM_INT16X1", 1, 2, 0 },
	{ 0xca, "SNORM_INT16X2", 2, 4, 0 }, { 0xcb, "SNORM_INT16X4", 4, 8, 0 },
	{ 0x91, "BC1_UNORM", 4, 8, 1 }, { 0x92, "BC1_UNORM_SRGB", 4, 8, 1 },
	{ 0x93, "BC2_UNORM", 4, 16, 1 }, { 0x94, "BC2_UNORM_SRGB", 4, 16, 1 },
	{ 0x95, "BC3_UNORM", 4, 16, 1 }, { 0x96, "BC3_UNORM_SRGB", 4, 16, 1 },
	{ 0x97, "BC4_UNORM", 1, 8, 1 }, { 0x98, "BC4_SNORM", 1, 8, 1 },
	{ 0x99, "BC5_UNORM", 2, 16, 1 }, { 0x9a, "BC5_SNORM", 2, 16, 1 },
	{ 0x9b, "BC6H_UF16", 3, 16, 1 }, { 0x9c, "BC6H_SF16", 3, 16, 1 },
	{ 0x9d, "BC7_UNORM", 4, 16, 1 }, { 0x9e, "BC7_UNORM_SRGB", 4, 16, 1 },
};
#define NFMT (sizeof fmts / sizeof fmts[0])

/* the arrays' sizes in texels: a BC6H or BC7 array is 8 x 4 blocks (32
 * of them, one for each value of BC6H's 5 mode bits), the other BC
 * arrays 4 x 2 */
enum { PW = 8, PH = 4, BW = 32, BH = 16, NLIN = 24, MAXS = BW * BH };

static CUmodule mod;
/* the array's point and linear samples of the format probed */
static uint32_t bases[2][MAXS * 4];
#define base_point bases[0]
static CUfunction kf, ki;
static CUdeviceptr dcoord, dout;
static uint32_t seed;

static uint32_t
rnd(void)
{
	seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
	return seed;
}

/* the texels (or blocks) of f: n bytes */
static void
fill(const Fmt *f, unsigned char *p, size_t n)
{
	seed = 0x9e3779b9u ^ (uint32_t)f->code;
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)rnd();
	if (!f->bc) {
		/* the codes at the ends of the range first: 0, the largest,
		 * the most negative and one above it, then a middle one */
		static const unsigned char e8[] = { 0x00, 0xff, 0x80, 0x81, 0x7f, 0x01, 0xfe, 0x40 };
		static const uint16_t e16[] = { 0x0000, 0xffff, 0x8000, 0x8001, 0x7fff, 0x0001, 0xfffe, 0x4000 };
		if (f->code == 0x50) {
			static const uint32_t e[] = { 0, 0xffffffffu, 0x3ff, 0xffc00, 0x3ff00000, 0xc0000000u,
			    0x40000000u, 0x80000000u, 0x20080200u, 0x1ff7fdffu };
			for (size_t i = 0; i < sizeof e / sizeof e[0]; i++)
				w32(p + 4 * i, e[i]);
		} else if (f->bytes / f->nch == 1) {
			memcpy(p, e8, sizeof e8);
		} else {
			for (size_t i = 0; i < 8; i++)
				w16(p + 2 * i, e16[i]);
		}
		return;
	}
	for (size_t b = 0; b < n / f->bytes; b++) {
		unsigned char *q = p + b * f->bytes;
		if (f->code == 0x9b || f->code == 0x9c) {
			q[0] = (unsigned char)((q[0] & 0xe0) | b);   /* every mode, reserved ones too */
		} else if (f->code == 0x9d || f->code == 0x9e) {
			unsigned m = b % 9;   /* modes 0-7, then a block of no mode */
			q[0] = m == 8 ? 0 : (unsigned char)(((q[0] << (m + 1)) & 0xff) | (1u << m));
		} else if ((f->code == 0x91 || f->code == 0x92) && b % 8 == 3) {
			q[2] = q[0], q[3] = q[1];   /* colour 0 = colour 1: the 3-colour mode */
		} else if ((f->code == 0x97 || f->code == 0x98) && b % 8 == 5) {
			q[0] = 0x80, q[1] = 0x81;   /* -128 and -127, the ends of snorm */
		} else if ((f->code == 0x99 || f->code == 0x9a) && b % 8 == 6) {
			q[0] = q[1], q[8] = 0x80, q[9] = 0x7f;
		}
	}
}

/* n samples of texture t at c[] through kernel k into o[] (4 words each) */
static CUresult
sample(CUtexObject t, CUfunction k, const float *c, unsigned n, uint32_t *o)
{
	CUresult r;
	void *args[] = { &t, &dcoord, &dout, &n };

	if ((r = cuMemcpyHtoD(dcoord, c, (size_t)n * 8)) || (r = cuMemsetD8(dout, 0xa5, (size_t)n * 16)))
		return r;
	if ((r = cuLaunchKernel(k, 1, 1, 1, MAXS, 1, 1, 0, NULL, args, NULL)) || (r = cuCtxSynchronize()))
		return r;
	return cuMemcpyDtoH(o, dout, (size_t)n * 16);
}

/* The texels in linear memory (a texture of 1D linear memory: what the
 * driver answers) and in pitched memory (rows 256 bytes apart), read by
 * point sampling at c[] (w x h texels): the lines that differ from the
 * array's, whose results sample() left in dout's host copy pt[]. */
static void
pitched(const Fmt *f, const unsigned char *in, size_t pitch, unsigned rows, unsigned w, unsigned h, const float *c)
{
	static uint32_t o[MAXS * 4], pt[MAXS * 4];
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUtexObject t;
	CUdeviceptr p;
	CUresult r;

	if (cuMemAlloc(&p, 256 * (size_t)rows))
		return;
	memset(&rd, 0, sizeof rd);
	memset(&td, 0, sizeof td);
	rd.resType = CU_RESOURCE_TYPE_LINEAR, rd.res.linear.devPtr = p;
	rd.res.linear.format = (CUarray_format)f->code, rd.res.linear.numChannels = f->nch;
	rd.res.linear.sizeInBytes = 256;
	r = cuTexObjectCreate(&t, &rd, &td, NULL);
	printf("%s linear-memory texture: %s\n", f->name, ename(r));
	if (!r)
		cuTexObjectDestroy(t);
	for (unsigned y = 0; y < rows; y++)
		cuMemcpyHtoD(p + 256 * y, in + pitch * y, pitch);
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_PITCH2D, rd.res.pitch2D.devPtr = p;
	rd.res.pitch2D.format = (CUarray_format)f->code, rd.res.pitch2D.numChannels = f->nch;
	rd.res.pitch2D.width = w, rd.res.pitch2D.height = h, rd.res.pitch2D.pitchInBytes = 256;
	td.addressMode[0] = td.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
	r = cuTexObjectCreate(&t, &rd, &td, NULL);
	printf("%s pitch2d texture: %s\n", f->name, ename(r));
	if (!r) {
		unsigned same = 0, n = w * h;
		/* the array's point samples again, then the pitched ones */
		memcpy(pt, base_point, (size_t)n * 16);
		r = sample(t, kf, c, n, o);
		if (r) {
			printf("%s pitch2d sample: %s\n", f->name, ename(r));
		} else {
			for (unsigned i = 0; i < n; i++)
				same += !memcmp(o + 4 * i, pt + 4 * i, 16);
			printf("%s pitch2d: %u of %u as point\n", f->name, same, n);
			for (unsigned i = 0; i < n; i++)
				if (memcmp(o + 4 * i, pt + 4 * i, 16))
					printf("%s pitch2d %g,%g: %08x %08x %08x %08x\n", f->name, c[2 * i], c[2 * i + 1],
					    o[4 * i], o[4 * i + 1], o[4 * i + 2], o[4 * i + 3]);
		}
		cuTexObjectDestroy(t);
	}
	cuMemFree(p);
}

static void
probe(const Fmt *f)
{
	int big = f->code >= 0x9b && f->code <= 0x9e;
	unsigned w = f->bc ? (big ? BW : BW / 2) : PW, h = f->bc ? (big ? BH : BH / 2) : PH;
	unsigned cols = f->bc ? w / 4 : w, rows = f->bc ? h / 4 : h;
	size_t pitch = (size_t)cols * f->bytes, n = pitch * rows;
	unsigned char in[BW / 4 * BH / 4 * 16], back[sizeof in];
	static float pc[MAXS * 2], lc[NLIN * 2];
	static uint32_t o[MAXS * 4];
	uint32_t (*base)[MAXS * 4] = bases;
	CUDA_ARRAY3D_DESCRIPTOR d, g;
	CUarray a = 0;
	CUresult r = CUDA_ERROR_INVALID_VALUE;
	unsigned nch = 0;

	fill(f, in, n);
	/* the channel count the driver takes: the format's own first */
	static const unsigned tries[] = { 0, 1, 2, 3, 4 };
	for (size_t i = 0; i < 5; i++) {
		unsigned c = tries[i] ? tries[i] : f->nch;
		if (i && c == f->nch)
			continue;
		memset(&d, 0, sizeof d);
		d.Width = w, d.Height = h, d.Format = (CUarray_format)f->code, d.NumChannels = c;
		r = cuArray3DCreate(&a, &d);
		printf("%s create %ux%u nch %u: %s\n", f->name, w, h, c, ename(r));
		if (!r) {
			nch = c;
			break;
		}
	}
	if (r)
		return;
	memset(&g, 0, sizeof g);
	r = cuArray3DGetDescriptor(&g, a);
	printf("%s descriptor: %s %zux%zux%zu format 0x%x nch %u flags 0x%x\n", f->name, ename(r),
	    (size_t)g.Width, (size_t)g.Height, (size_t)g.Depth, (unsigned)g.Format, g.NumChannels, g.Flags);
	{   /* a surface-capable array of it */
		CUarray s;
		CUDA_ARRAY3D_DESCRIPTOR e = d;
		e.Flags = CUDA_ARRAY3D_SURFACE_LDST;
		r = cuArray3DCreate(&s, &e);
		printf("%s surface array: %s\n", f->name, ename(r));
		if (!r) {
			CUDA_RESOURCE_DESC rd;
			CUsurfObject so;
			memset(&rd, 0, sizeof rd);
			rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = s;
			r = cuSurfObjectCreate(&so, &rd);
			printf("%s surface object: %s\n", f->name, ename(r));
			if (!r)
				cuSurfObjectDestroy(so);
			cuArrayDestroy(s);
		}
	}
	/* in: rows of texels, or rows of blocks */
	CUDA_MEMCPY2D m;
	memset(&m, 0, sizeof m);
	m.srcMemoryType = CU_MEMORYTYPE_HOST, m.srcHost = in, m.srcPitch = pitch;
	m.dstMemoryType = CU_MEMORYTYPE_ARRAY, m.dstArray = a;
	m.WidthInBytes = pitch, m.Height = rows;
	r = cuMemcpy2D(&m);
	printf("%s copy in %zu x %u: %s\n", f->name, pitch, rows, ename(r));
	if (r && f->bc) {   /* else heights in texels */
		m.Height = h;
		r = cuMemcpy2D(&m);
		printf("%s copy in %zu x %u: %s\n", f->name, pitch, h, ename(r));
	}
	memset(back, 0x5a, sizeof back);
	memset(&m, 0, sizeof m);
	m.srcMemoryType = CU_MEMORYTYPE_ARRAY, m.srcArray = a;
	m.dstMemoryType = CU_MEMORYTYPE_HOST, m.dstHost = back, m.dstPitch = pitch;
	m.WidthInBytes = pitch, m.Height = rows;
	r = cuMemcpy2D(&m);
	printf("%s copy out: %s, %s\n", f->name, ename(r), !r && !memcmp(in, back, n) ? "same" : "differs");

	for (unsigned y = 0; y < h; y++)
		for (unsigned x = 0; x < w; x++)
			pc[2 * (y * w + x)] = (float)x + 0.5f, pc[2 * (y * w + x) + 1] = (float)y + 0.5f;
	/* fractions of every kind of weight, blocks' edges crossed */
	for (unsigned i = 0; i < NLIN; i++) {
		lc[2 * i] = (float)((i * 37 + 11) % (w * 16)) / 16.0f + (float)(i % 5) / 256.0f;
		lc[2 * i + 1] = (float)((i * 23 + 5) % (h * 16)) / 16.0f + (float)(i % 7) / 128.0f;
	}
	static const struct { const char *name; int filter; unsigned flags; int lin; } v[] = {
		{ "point", CU_TR_FILTER_MODE_POINT, 0, 0 },
		{ "linear", CU_TR_FILTER_MODE_LINEAR, 0, 1 },
		{ "int", CU_TR_FILTER_MODE_POINT, CU_TRSF_READ_AS_INTEGER, 0 },
		{ "srgb", CU_TR_FILTER_MODE_POINT, CU_TRSF_SRGB, 0 },
		{ "srgb-linear", CU_TR_FILTER_MODE_LINEAR, CU_TRSF_SRGB, 1 },
	};
	for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
		CUDA_RESOURCE_DESC rd;
		CUDA_TEXTURE_DESC td;
		CUtexObject t;
		unsigned ns = v[k].lin ? NLIN : w * h;
		memset(&rd, 0, sizeof rd);
		memset(&td, 0, sizeof td);
		rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = a;
		td.addressMode[0] = td.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
		td.filterMode = (CUfilter_mode)v[k].filter, td.flags = v[k].flags;
		r = cuTexObjectCreate(&t, &rd, &td, NULL);
		printf("%s %s texture: %s\n", f->name, v[k].name, ename(r));
		if (r)
			continue;
		r = sample(t, v[k].flags & CU_TRSF_READ_AS_INTEGER ? ki : kf, v[k].lin ? lc : pc, ns, o);
		if (r) {
			printf("%s %s sample: %s\n", f->name, v[k].name, ename(r));
			cuTexObjectDestroy(t);
			return;   /* the context may be gone */
		}
		/* point and linear in full; the others where they differ */
		const uint32_t *b = k < 2 ? NULL : base[v[k].lin];
		if (b) {
			unsigned same = 0;
			for (unsigned i = 0; i < ns; i++)
				same += !memcmp(o + 4 * i, b + 4 * i, 16);
			printf("%s %s: %u of %u as %s\n", f->name, v[k].name, same, ns, v[v[k].lin].name);
		} else {
			memcpy(base[v[k].lin], o, (size_t)ns * 16);
		}
		for (unsigned i = 0; i < ns; i++) {
			const float *c = v[k].lin ? lc + 2 * i : pc + 2 * i;
			if (!b || memcmp(o + 4 * i, b + 4 * i, 16))
				printf("%s %s %g,%g: %08x %08x %08x %08x\n", f->name, v[k].name, c[0], c[1],
				    o[4 * i], o[4 * i + 1], o[4 * i + 2], o[4 * i + 3]);
		}
		cuTexObjectDestroy(t);
	}
	(void)nch;
	pitched(f, in, pitch, rows, w, h, pc);
	cuArrayDestroy(a);
}

int
main(int argc, char **argv)
{
	primary_ctx();
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&kf, mod, "kf"));
	CK(cuModuleGetFunction(&ki, mod, "ki"));
	CK(cuMemAlloc(&dcoord, MAXS * 8));
	CK(cuMemAlloc(&dout, MAXS * 16));
	for (size_t i = 0; i < NFMT; i++)
		if (argc < 2 || !strcmp(argv[1], fmts[i].name))
			probe(&fmts[i]);
	printf("done\n");
	return 0;
}

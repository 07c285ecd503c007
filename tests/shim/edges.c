/*
 * edges.c -- descriptors and copies at their edges: pitch2D and linear
 * texture resources (pitches below a row, not a multiple of the
 * alignment, heights and widths of 0 and past the limits, bases off the
 * alignment, every format with every channel count) and what a kernel
 * fetches from those the driver takes; surfaces of each kind of
 * resource; arrays of every format and channel count, of zero and huge
 * extents and each flag; copies of every kind that reach past an
 * allocation's end (into its rounding and past it, into the next one),
 * start before it, or span two; images whose headers claim more than
 * they hold.  One line per call: its answer, and what it read where
 * that matters.
 *
 * usage: edges [SECTION...]     tex fetch array copy image
 *        edges SECTION N        case N of fetch, copy or image alone (a
 *                               driver may crash or fault on one: each
 *                               ran in a process of its own on a GPU)
 *
 * edges.out is the shim's answers, edges.gpu an H200's (driver 580),
 * recorded with PTXKIT_REAL_DRIVER set.  Exits 1 when a call that sets
 * things up fails.
 */
#include <stdint.h>
#include <string.h>
#include "shimtest.h"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry t2(.param .u64 t, .param .u64 out, .param .u32 w)\n{\n"
	"\t.reg .b64 %rd<6>;\n\t.reg .b32 %r<6>;\n\t.reg .f32 %f<8>;\n"
	"\tld.param.u64 %rd1, [t];\n\tld.param.u64 %rd2, [out];\n\tld.param.u32 %r1, [w];\n"
	"\tmov.u32 %r2, %tid.x;\n\tmov.u32 %r3, %ctaid.x;\n"
	"\tcvt.rn.f32.u32 %f1, %r2;\n\tadd.f32 %f1, %f1, 0f3F000000;\n"
	"\tcvt.rn.f32.u32 %f2, %r3;\n\tadd.f32 %f2, %f2, 0f3F000000;\n"
	"\ttex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];\n"
	"\tmad.lo.u32 %r4, %r3, %r1, %r2;\n\tmul.wide.u32 %rd3, %r4, 4;\n\tadd.u64 %rd4, %rd2, %rd3;\n"
	"\tst.global.f32 [%rd4], %f3;\n\tret;\n}\n"
	".visible .entry t1(.param .u64 t, .param .u64 out, .param .u32 w)\n{\n"
	"\t.reg .b64 %rd<6>;\n\t.reg .b32 %r<6>;\n\t.reg .f32 %f<8>;\n"
	"\tld.param.u64 %rd1, [t];\n\tld.param.u64 %rd2, [out];\n"
	"\tmov.u32 %r2, %tid.x;\n"
	"\ttex.1d.v4.f32.s32 {%f3, %f4, %f5, %f6}, [%rd1, {%r2}];\n"
	"\tmul.wide.u32 %rd3, %r2, 4;\n\tadd.u64 %rd4, %rd2, %rd3;\n"
	"\tst.global.f32 [%rd4], %f3;\n\tret;\n}\n"
	".visible .entry k(.param .u64 p)\n{\n\tret;\n}\n";

static CUcontext ctx;
static CUmodule mod;
static CUfunction ft2, ft1;
static CUdeviceptr dbuf;       /* 1 MiB of floats 1, 2, 3, ... */
static CUdeviceptr dout;       /* 64 KiB */

#define SAY(what, call) printf("%s: %s\n", (what), ename(call))

/* ---------------------------------------------------------------- textures */

static const struct {
	unsigned f;
	const char *name;
} fmts[] = {
	{0x01, "u8"}, {0x02, "u16"}, {0x03, "u32"}, {0x08, "s8"}, {0x09, "s16"}, {0x0a, "s32"},
	{0x10, "f16"}, {0x20, "f32"}, {0x00, "0"}, {0x04, "4"}, {0x11, "0x11"}, {0x50, "unorm101010_2"},
	{0x91, "bc1"}, {0x97, "bc4"}, {0x9b, "bc6h"}, {0x9f, "p010"}, {0xa5, "yuy2"}, {0xa8, "ayuv"},
	{0xb0, "nv12"}, {0xb2, "y444p8"}, {0xc0, "unorm8x1"}, {0xc1, "unorm8x2"}, {0xc2, "unorm8x4"},
	{0xc5, "unorm16x4"}, {0xc6, "snorm8x1"}, {0xcb, "snorm16x4"},
};
#define NFMTS (sizeof fmts / sizeof fmts[0])

/* Creates a texture object of rd (point sampling, clamped, unnormalized);
 * keeps it in *t when asked and made, else destroys it. */
static CUresult
tex(const CUDA_RESOURCE_DESC *rd, CUtexObject *keep)
{
	CUDA_TEXTURE_DESC td;
	CUtexObject t;
	CUresult r;

	memset(&td, 0, sizeof td);
	td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = CU_TR_ADDRESS_MODE_CLAMP;
	r = cuTexObjectCreate(&t, rd, &td, NULL);
	if (!r) {
		if (keep)
			*keep = t;
		else
			CK(cuTexObjectDestroy(t));
	}
	return r;
}

/* What t2 fetches from t over w x h texel centres, one line a row. */
static void
fetch2d(const char *what, CUtexObject t, unsigned w, unsigned h)
{
	float v[256];
	void *args[] = { &t, &dout, &w };

	CK(cuMemsetD8(dout, 0xff, w * h * 4));
	CK(cuLaunchKernel(ft2, h, 1, 1, w, 1, 1, 0, NULL, args, NULL));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(v, dout, w * h * 4));
	for (unsigned y = 0; y < h; y++) {
		printf("%s, row %u:", what, y);
		for (unsigned x = 0; x < w; x++)
			printf(" %g", v[y * w + x]);
		printf("\n");
	}
}

static void
fetch1d(const char *what, CUtexObject t, unsigned w)
{
	float v[256];
	void *args[] = { &t, &dout, &w };

	CK(cuMemsetD8(dout, 0xff, w * 4));
	CK(cuLaunchKernel(ft1, 1, 1, 1, w, 1, 1, 0, NULL, args, NULL));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(v, dout, w * 4));
	printf("%s:", what);
	for (unsigned x = 0; x < w; x++)
		printf(" %g", v[x]);
	printf("\n");
}

static void
pitch2d(CUDA_RESOURCE_DESC *rd, CUdeviceptr p, size_t w, size_t h, size_t pitch)
{
	memset(rd, 0, sizeof *rd);
	rd->resType = CU_RESOURCE_TYPE_PITCH2D;
	rd->res.pitch2D.devPtr = p, rd->res.pitch2D.format = CU_AD_FORMAT_FLOAT;
	rd->res.pitch2D.numChannels = 1, rd->res.pitch2D.width = w, rd->res.pitch2D.height = h;
	rd->res.pitch2D.pitchInBytes = pitch;
}

static void
linear(CUDA_RESOURCE_DESC *rd, CUdeviceptr p, size_t n)
{
	memset(rd, 0, sizeof *rd);
	rd->resType = CU_RESOURCE_TYPE_LINEAR;
	rd->res.linear.devPtr = p, rd->res.linear.format = CU_AD_FORMAT_FLOAT;
	rd->res.linear.numChannels = 1, rd->res.linear.sizeInBytes = n;
}

static void
textures(void)
{
	static const size_t pitches[] = { 0, 4, 32, 60, 64, 68, 96, 100, 128, 160, 192, 256, 288, 512,
	    2097120, 2097152, 4194304 };
	static const size_t heights[] = { 0, 1, 2, 65000, 65001, 65535, 65536, 1u << 20 };
	static const size_t widths[] = { 0, 1, 2, 16, 8192, 65536, 131072, 131073, 1u << 20 };
	static const size_t offs[] = { 4, 16, 32, 64, 128, 256, 512, 768 };
	static const size_t sizes[] = { 0, 1, 3, 4, 6, 16, 4096, (size_t)1 << 29, ((size_t)1 << 29) + 4,
	    (size_t)1 << 30, (size_t)1 << 31 };
	CUDA_RESOURCE_DESC rd;
	CUsurfObject so;
	CUresult r;

	/* pitch2D: pitches, heights, widths, bases */
	for (size_t i = 0; i < sizeof pitches / sizeof pitches[0]; i++) {
		pitch2d(&rd, dbuf, 16, 16, pitches[i]);
		printf("pitch2D 16x16 f32, pitch %zu: %s\n", pitches[i], ename(tex(&rd, NULL)));
	}
	for (size_t i = 0; i < sizeof pitches / sizeof pitches[0]; i++) {
		pitch2d(&rd, dbuf, 1, 4, pitches[i]);
		printf("pitch2D 1x4 f32, pitch %zu: %s\n", pitches[i], ename(tex(&rd, NULL)));
	}
	for (size_t i = 0; i < sizeof heights / sizeof heights[0]; i++) {
		pitch2d(&rd, dbuf, 16, heights[i], 64);
		printf("pitch2D 16 wide, height %zu: %s\n", heights[i], ename(tex(&rd, NULL)));
	}
	for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
		pitch2d(&rd, dbuf, widths[i], 2, widths[i] * 4 < 64 ? 64 : (widths[i] * 4 + 63) & ~(size_t)63);
		printf("pitch2D width %zu, height 2: %s\n", widths[i], ename(tex(&rd, NULL)));
	}
	for (size_t i = 0; i < sizeof offs / sizeof offs[0]; i++) {
		pitch2d(&rd, dbuf + offs[i], 16, 16, 64);
		printf("pitch2D at +%zu: %s\n", offs[i], ename(tex(&rd, NULL)));
	}
	pitch2d(&rd, 0, 16, 16, 64);
	SAY("pitch2D at 0", tex(&rd, NULL));
	pitch2d(&rd, dbuf + (1 << 20) - 512, 16, 16, 64);
	SAY("pitch2D reaching past its allocation", tex(&rd, NULL));
	pitch2d(&rd, dbuf + (1 << 20), 16, 16, 64);
	SAY("pitch2D at its allocation's end", tex(&rd, NULL));
	pitch2d(&rd, (CUdeviceptr)0x10000000000ull, 16, 16, 64);
	SAY("pitch2D at 2^40", tex(&rd, NULL));

	/* formats and channels */
	for (size_t i = 0; i < NFMTS; i++)
		for (unsigned c = 0; c <= 5; c++) {
			pitch2d(&rd, dbuf, 16, 16, 256);
			rd.res.pitch2D.format = (CUarray_format)fmts[i].f, rd.res.pitch2D.numChannels = c;
			printf("pitch2D %s x%u: %s", fmts[i].name, c, ename(tex(&rd, NULL)));
			linear(&rd, dbuf, 4096);
			rd.res.linear.format = (CUarray_format)fmts[i].f, rd.res.linear.numChannels = c;
			printf(", linear: %s\n", ename(tex(&rd, NULL)));
		}

	/* linear: sizes and bases */
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		linear(&rd, dbuf, sizes[i]);
		printf("linear of %zu bytes: %s\n", sizes[i], ename(tex(&rd, NULL)));
	}
	for (size_t i = 0; i < sizeof offs / sizeof offs[0]; i++) {
		linear(&rd, dbuf + offs[i], 4096);
		printf("linear at +%zu: %s\n", offs[i], ename(tex(&rd, NULL)));
	}
	linear(&rd, dbuf + (1 << 20) - 256, 4096);
	SAY("linear reaching past its allocation", tex(&rd, NULL));

	/* surfaces of each kind of resource */
	linear(&rd, dbuf, 4096);
	SAY("surface of linear memory", cuSurfObjectCreate(&so, &rd));
	pitch2d(&rd, dbuf, 16, 16, 64);
	r = cuSurfObjectCreate(&so, &rd);
	printf("surface of pitch2D: %s\n", ename(r));
	if (!r)
		CK(cuSurfObjectDestroy(so));
	pitch2d(&rd, dbuf, 16, 16, 32);
	r = cuSurfObjectCreate(&so, &rd);
	printf("surface of pitch2D, pitch under the width: %s\n", ename(r));
	if (!r)
		CK(cuSurfObjectDestroy(so));
	{
		static const struct {
			size_t w, h, d;
			unsigned flags;
			const char *what;
		} sa[] = {
			{16, 0, 0, 0, "1D"}, {16, 16, 0, 0, "2D"}, {16, 16, 4, 0, "3D"},
			{16, 16, 0, CUDA_ARRAY3D_SURFACE_LDST, "2D, surface flag"},
			{16, 16, 4, CUDA_ARRAY3D_LAYERED, "layered"},
			{16, 16, 6, CUDA_ARRAY3D_CUBEMAP, "cubemap"},
			{16, 16, 6, CUDA_ARRAY3D_CUBEMAP | CUDA_ARRAY3D_SURFACE_LDST, "cubemap, surface flag"},
			{16, 16, 0, CUDA_ARRAY3D_TEXTURE_GATHER, "gather"},
		};
		CUDA_ARRAY3D_DESCRIPTOR a3;
		CUarray arr;
		for (size_t i = 0; i < sizeof sa / sizeof sa[0]; i++) {
			memset(&a3, 0, sizeof a3);
			a3.Format = CU_AD_FORMAT_FLOAT, a3.NumChannels = 1;
			a3.Width = sa[i].w, a3.Height = sa[i].h, a3.Depth = sa[i].d, a3.Flags = sa[i].flags;
			r = cuArray3DCreate(&arr, &a3);
			if (r) {
				printf("array %s: %s\n", sa[i].what, ename(r));
				continue;
			}
			memset(&rd, 0, sizeof rd);
			rd.resType = CU_RESOURCE_TYPE_ARRAY;
			rd.res.array.hArray = arr;
			r = cuSurfObjectCreate(&so, &rd);
			printf("surface of a %s array: %s\n", sa[i].what, ename(r));
			if (!r)
				CK(cuSurfObjectDestroy(so));
			CK(cuArrayDestroy(arr));
		}
	}
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
	SAY("surface of mipmapped array NULL", cuSurfObjectCreate(&so, &rd));
	rd.resType = CU_RESOURCE_TYPE_ARRAY;
	SAY("surface of array NULL", cuSurfObjectCreate(&so, &rd));
	rd.resType = (CUresourcetype)7;
	SAY("surface of resource type 7", cuSurfObjectCreate(&so, &rd));
}

/* What a kernel fetches from the textures the driver takes: case only
 * (-1: all of them). */
static void
fetches(int only)
{
	static const struct {
		size_t off, w, h, pitch;
		unsigned fw, fh;
	} f2[] = {
		{0, 16, 4, 64, 18, 5}, {0, 16, 4, 32, 18, 5}, {0, 16, 4, 4, 18, 5}, {0, 16, 0, 64, 18, 3},
		{0, 0, 4, 64, 4, 5}, {0, 16, 4, 0, 18, 3}, {0, 16, 4, 96, 18, 5}, {0, 16, 4, 68, 18, 5},
		{0, 3, 3, 12, 5, 4}, {32, 16, 4, 64, 18, 5}, {0, 16, 1, 64, 18, 3}, {4, 16, 4, 64, 18, 5},
	};
	static const size_t l1[] = { 0, 1, 3, 4, 6, 8, 16 };
	const int n2 = (int)(sizeof f2 / sizeof f2[0]);
	CUDA_RESOURCE_DESC rd;
	CUtexObject t;
	char what[160];
	CUresult r;

	for (int i = 0; i < n2; i++) {
		if (only >= 0 && only != i)
			continue;
		/* width 0: an H200's driver took it, and the fetches read the
		 * texels asked for, unclamped (1 2 3 4, 17 18 19 20, ... on rows
		 * of 16); the shim refuses it.  Its lines are the shim's alone. */
		if (!f2[i].w && getenv("PTXKIT_REAL_DRIVER"))
			continue;
		pitch2d(&rd, dbuf + f2[i].off, f2[i].w, f2[i].h, f2[i].pitch);
		snprintf(what, sizeof what, "%sfetch pitch2D at +%zu %zux%zu, pitch %zu", f2[i].w ? "" : "~ ",
		    f2[i].off, f2[i].w, f2[i].h, f2[i].pitch);
		r = tex(&rd, &t);
		printf("%s: %s\n", what, ename(r));
		if (!r) {
			fetch2d(what, t, f2[i].fw, f2[i].fh);
			CK(cuTexObjectDestroy(t));
		}
	}
	for (int i = 0; i < (int)(sizeof l1 / sizeof l1[0]); i++) {
		if (only >= 0 && only != n2 + i)
			continue;
		linear(&rd, dbuf, l1[i]);
		snprintf(what, sizeof what, "fetch linear of %zu bytes", l1[i]);
		r = tex(&rd, &t);
		printf("%s: %s\n", what, ename(r));
		if (!r) {
			fetch1d(what, t, 8);
			CK(cuTexObjectDestroy(t));
		}
	}
}
#define NFETCH 19

static void
fetch_all(void)
{
	fetches(-1);
}

/* ---------------------------------------------------------------- arrays */

static void
arrays(void)
{
	static const struct {
		size_t w, h, d;
		unsigned flags;
		const char *what;
	} ex[] = {
		{0, 0, 0, 0, "0x0x0"}, {1, 0, 0, 0, "1"}, {0, 1, 0, 0, "0x1"}, {0, 0, 1, 0, "0x0x1"},
		{1, 0, 1, 0, "1x0x1"}, {16, 0, 4, 0, "16x0x4"}, {16, 16, 0, 0, "16x16"}, {0, 16, 16, 0, "0x16x16"},
		{131072, 0, 0, 0, "131072"}, {131073, 0, 0, 0, "131073"}, {1u << 27, 0, 0, 0, "2^27"},
		{(size_t)1 << 40, 0, 0, 0, "2^40"}, {~(size_t)0, 0, 0, 0, "2^64-1"},
		{131072, 1, 0, 0, "131072x1"}, {131073, 1, 0, 0, "131073x1"}, {1, 65536, 0, 0, "1x65536"},
		{1, 65537, 0, 0, "1x65537"}, {1, (size_t)1 << 40, 0, 0, "1x2^40"},
		{16384, 1, 1, 0, "16384x1x1"}, {16385, 1, 1, 0, "16385x1x1"}, {1, 16385, 1, 0, "1x16385x1"},
		{1, 1, 16384, 0, "1x1x16384"}, {1, 1, 16385, 0, "1x1x16385"}, {1, 1, (size_t)1 << 40, 0, "1x1x2^40"},
		{32768, 0, 2048, CUDA_ARRAY3D_LAYERED, "layered 32768x0x2048"},
		{32769, 0, 2, CUDA_ARRAY3D_LAYERED, "layered 32769x0x2"},
		{16, 0, 2049, CUDA_ARRAY3D_LAYERED, "layered 16x0x2049"},
		{16, 16, 0, CUDA_ARRAY3D_LAYERED, "layered 16x16x0"},
		{16, 32769, 2, CUDA_ARRAY3D_LAYERED, "layered 16x32769x2"},
		{16, 16, 6, CUDA_ARRAY3D_CUBEMAP, "cubemap 16x16x6"},
		{16, 8, 6, CUDA_ARRAY3D_CUBEMAP, "cubemap 16x8x6"},
		{16, 16, 5, CUDA_ARRAY3D_CUBEMAP, "cubemap 16x16x5"},
		{16, 16, 12, CUDA_ARRAY3D_CUBEMAP, "cubemap 16x16x12"},
		{16, 16, 12, CUDA_ARRAY3D_CUBEMAP | CUDA_ARRAY3D_LAYERED, "layered cubemap 16x16x12"},
		{16, 16, 13, CUDA_ARRAY3D_CUBEMAP | CUDA_ARRAY3D_LAYERED, "layered cubemap 16x16x13"},
		{32769, 32769, 6, CUDA_ARRAY3D_CUBEMAP, "cubemap 32769"},
		{16, 16, 0, CUDA_ARRAY3D_TEXTURE_GATHER, "gather 16x16"},
		{16, 0, 0, CUDA_ARRAY3D_TEXTURE_GATHER, "gather 16"},
		{16, 16, 4, CUDA_ARRAY3D_TEXTURE_GATHER, "gather 16x16x4"},
		{16, 16, 0, CUDA_ARRAY3D_DEPTH_TEXTURE, "depth texture 16x16"},
		{16, 16, 0, CUDA_ARRAY3D_COLOR_ATTACHMENT, "color attachment 16x16"},
		{16, 16, 0, CUDA_ARRAY3D_SPARSE, "sparse 16x16"},
		{16, 16, 0, CUDA_ARRAY3D_DEFERRED_MAPPING, "deferred mapping 16x16"},
		{16, 16, 0, CUDA_ARRAY3D_VIDEO_ENCODE_DECODE, "video 16x16"},
		{16, 16, 0, 0x200, "flags 0x200 16x16"},
		{16, 16, 4, CUDA_ARRAY3D_SURFACE_LDST, "surface 16x16x4"},
		{16, 0, 4, CUDA_ARRAY3D_SURFACE_LDST | CUDA_ARRAY3D_LAYERED, "layered surface 16x0x4"},
	};
	CUDA_ARRAY_DESCRIPTOR ad;
	CUDA_ARRAY3D_DESCRIPTOR a3;
	CUarray arr;
	CUresult r, r3;

	for (size_t i = 0; i < NFMTS; i++)
		for (unsigned c = 0; c <= 5; c++) {
			memset(&ad, 0, sizeof ad);
			ad.Format = (CUarray_format)fmts[i].f, ad.NumChannels = c, ad.Width = 16, ad.Height = 16;
			if (!(r = cuArrayCreate(&arr, &ad)))
				CK(cuArrayDestroy(arr));
			memset(&a3, 0, sizeof a3);
			a3.Format = (CUarray_format)fmts[i].f, a3.NumChannels = c, a3.Width = 16, a3.Height = 16;
			a3.Depth = 4;
			if (!(r3 = cuArray3DCreate(&arr, &a3)))
				CK(cuArrayDestroy(arr));
			printf("array %s x%u: 2D %s, 3D %s\n", fmts[i].name, c, ename(r), ename(r3));
		}
	/* copies of a 16x16 f32 array (1 KiB) that reach past it */
	{
		static float h[1024];
		static const struct {
			size_t off, n;
		} ac[] = { {0, 1024}, {0, 1025}, {1024, 1}, {1020, 8}, {1023, 1}, {0, 0}, {4096, 4} };
		CUDA_MEMCPY2D c;
		memset(&ad, 0, sizeof ad);
		ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 1, ad.Width = 16, ad.Height = 16;
		CK(cuArrayCreate(&arr, &ad));
		for (size_t i = 0; i < sizeof ac / sizeof ac[0]; i++) {
			r = cuMemcpyHtoA(arr, ac[i].off, h, ac[i].n);
			r3 = cuMemcpyAtoH(h, arr, ac[i].off, ac[i].n);
			printf("array 16x16 f32, %zu bytes at %zu: HtoA %s, AtoH %s, AtoD %s\n", ac[i].n, ac[i].off,
			    ename(r), ename(r3), ename(cuMemcpyAtoD(dout, arr, ac[i].off, ac[i].n)));
		}
		static const struct {
			size_t x, y, w, hh;
		} a2[] = { {0, 0, 64, 16}, {0, 0, 64, 17}, {0, 0, 68, 1}, {4, 0, 64, 1}, {0, 15, 64, 2}, {0, 16, 4, 1},
		    {60, 15, 4, 1}, {64, 0, 1, 1} };
		for (size_t i = 0; i < sizeof a2 / sizeof a2[0]; i++) {
			memset(&c, 0, sizeof c);
			c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = h, c.srcPitch = 128;
			c.dstMemoryType = CU_MEMORYTYPE_ARRAY, c.dstArray = arr;
			c.dstXInBytes = a2[i].x, c.dstY = a2[i].y, c.WidthInBytes = a2[i].w, c.Height = a2[i].hh;
			r = cuMemcpy2D(&c);
			memset(&c, 0, sizeof c);
			c.dstMemoryType = CU_MEMORYTYPE_HOST, c.dstHost = h, c.dstPitch = 128;
			c.srcMemoryType = CU_MEMORYTYPE_ARRAY, c.srcArray = arr;
			c.srcXInBytes = a2[i].x, c.srcY = a2[i].y, c.WidthInBytes = a2[i].w, c.Height = a2[i].hh;
			printf("array 16x16 f32, 2D of %zux%zu at (%zu, %zu): in %s, out %s\n", a2[i].w, a2[i].hh,
			    a2[i].x, a2[i].y, ename(r), ename(cuMemcpy2D(&c)));
		}
		CK(cuArrayDestroy(arr));
	}
	for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
		memset(&a3, 0, sizeof a3);
		a3.Format = CU_AD_FORMAT_UNSIGNED_INT8, a3.NumChannels = 1;
		a3.Width = ex[i].w, a3.Height = ex[i].h, a3.Depth = ex[i].d, a3.Flags = ex[i].flags;
		if (!(r3 = cuArray3DCreate(&arr, &a3)))
			CK(cuArrayDestroy(arr));
		if (!ex[i].d && !ex[i].flags) {
			memset(&ad, 0, sizeof ad);
			ad.Format = CU_AD_FORMAT_UNSIGNED_INT8, ad.NumChannels = 1;
			ad.Width = ex[i].w, ad.Height = ex[i].h;
			if (!(r = cuArrayCreate(&arr, &ad)))
				CK(cuArrayDestroy(arr));
			printf("array %s: 3D %s, 2D %s\n", ex[i].what, ename(r3), ename(r));
		} else
			printf("array %s: 3D %s\n", ex[i].what, ename(r3));
	}
}

/* ---------------------------------------------------------------- copies */

static unsigned char hsrc[16 << 20], hdst[16 << 20];

enum { HTOD, DTOH, DTOD_TO, DTOD_FROM, UNIFIED, HTOD_ASYNC, DTOH_ASYNC, DTOD_ASYNC, D2D_2D, H2D_2D,
    D2H_3D, SET8, SET32, SET2D, NKIND };
static const char *const kinds[NKIND] = {
	"HtoD", "DtoH", "DtoD into", "DtoD from", "cuMemcpy into", "HtoDAsync", "DtoHAsync", "DtoDAsync from",
	"2D DtoD into", "2D HtoD 2 rows", "3D DtoH 2 slices", "MemsetD8", "MemsetD32", "MemsetD2D8 2 rows",
};

/* A copy of kind k of n bytes at p (the allocation's side); other: a
 * device buffer of 16 MiB. */
static CUresult
copy(int k, CUdeviceptr p, size_t n, CUdeviceptr other, CUstream s)
{
	CUDA_MEMCPY2D c;
	CUDA_MEMCPY3D c3;
	CUresult r;

	switch (k) {
	case HTOD: return cuMemcpyHtoD(p, hsrc, n);
	case DTOH: return cuMemcpyDtoH(hdst, p, n);
	case DTOD_TO: return cuMemcpyDtoD(p, other, n);
	case DTOD_FROM: return cuMemcpyDtoD(other, p, n);
	case UNIFIED: return cuMemcpy(p, other, n);
	case HTOD_ASYNC:
		if ((r = cuMemcpyHtoDAsync(p, hsrc, n, s)))
			return r;
		return cuStreamSynchronize(s);
	case DTOH_ASYNC:
		if ((r = cuMemcpyDtoHAsync(hdst, p, n, s)))
			return r;
		return cuStreamSynchronize(s);
	case D2D_2D:
		memset(&c, 0, sizeof c);
		c.srcMemoryType = CU_MEMORYTYPE_DEVICE, c.srcDevice = other, c.srcPitch = n;
		c.dstMemoryType = CU_MEMORYTYPE_DEVICE, c.dstDevice = p, c.dstPitch = n;
		c.WidthInBytes = n, c.Height = 1;
		return cuMemcpy2D(&c);
	case H2D_2D:   /* two rows of n/2 (n odd: the last byte stays) */
		memset(&c, 0, sizeof c);
		c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = hsrc, c.srcPitch = n / 2 ? n / 2 : 1;
		c.dstMemoryType = CU_MEMORYTYPE_DEVICE, c.dstDevice = p, c.dstPitch = c.srcPitch;
		c.WidthInBytes = n / 2 ? n / 2 : 1, c.Height = n / 2 ? 2 : 1;
		return cuMemcpy2D(&c);
	case D2H_3D:
		memset(&c3, 0, sizeof c3);
		c3.srcMemoryType = CU_MEMORYTYPE_DEVICE, c3.srcDevice = p, c3.srcPitch = n / 2 ? n / 2 : 1;
		c3.srcHeight = 1;
		c3.dstMemoryType = CU_MEMORYTYPE_HOST, c3.dstHost = hdst, c3.dstPitch = c3.srcPitch, c3.dstHeight = 1;
		c3.WidthInBytes = c3.srcPitch, c3.Height = 1, c3.Depth = n / 2 ? 2 : 1;
		return cuMemcpy3D(&c3);
	case DTOD_ASYNC:
		if ((r = cuMemcpyDtoDAsync(other, p, n, s)))
			return r;
		return cuStreamSynchronize(s);
	case SET8: return cuMemsetD8(p, 0x5a, n);
	case SET2D: return n / 2 ? cuMemsetD2D8(p, n / 2, 0x5a, n / 2, 2) : cuMemsetD8(p, 0x5a, n);
	default: return n % 4 ? cuMemsetD8(p, 0x5a, n) : cuMemsetD32(p, 0x5a5a5a5a, n / 4);
	}
}

#define NCOPY 10

static size_t
up(size_t n, size_t to)
{
	return (n + to - 1) / to * to;
}

static void
copies1(int only)
{
	static const size_t sizes[] = { 1, 100, 512, 4000, 4096, 65540, 1u << 20, (1u << 20) + 4096,
	    2u << 20, (2u << 20) + 4096 };
	CUdeviceptr other, pad, a, b;
	CUstream s;

	CK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	CK(cuMemAlloc(&other, 16 << 20));
	CK(cuMemAlloc(&pad, 4096));
	for (int i = 0; i < NCOPY; i++) {
		size_t n = sizes[i], gap;
		if (only >= 0 && only != i)
			continue;
		struct {
			size_t off;
			size_t len;
			const char *what;
		} v[12];
		int nv = 0;

		CK(cuMemAlloc(&a, n));
		CK(cuMemAlloc(&b, n));
		gap = b > a ? (size_t)(b - a) : 0;
		printf("size %zu: the next allocation %s\n", n,
		    b == a + up(n, 512) ? "follows at 512" : b == a + up(n, 2u << 20) ? "follows at 2 MiB" :
		    b > a ? "lies above, further" : "lies below");
		v[nv].off = 0, v[nv].len = n, v[nv++].what = "all of it";
		v[nv].off = 0, v[nv].len = n + 1, v[nv++].what = "one byte more";
		v[nv].off = n, v[nv].len = 1, v[nv++].what = "the byte past it";
		v[nv].off = n - 1, v[nv].len = 2, v[nv++].what = "the last byte and one past";
		v[nv].off = 0, v[nv].len = up(n, 256), v[nv++].what = "to 256";
		v[nv].off = 0, v[nv].len = up(n, 512), v[nv++].what = "to 512";
		v[nv].off = 0, v[nv].len = up(n, 4096), v[nv++].what = "to 4 KiB";
		v[nv].off = 0, v[nv].len = up(n, 65536), v[nv++].what = "to 64 KiB";
		v[nv].off = 0, v[nv].len = up(n, 2u << 20), v[nv++].what = "to 2 MiB";
		v[nv].off = up(n, 512) - 1, v[nv].len = 1, v[nv++].what = "the last byte of 512";
		v[nv].off = (size_t)-1, v[nv].len = 2, v[nv++].what = "a byte before it and its first";
		v[nv].off = 0, v[nv].len = gap && gap < (8u << 20) ? gap + n : n + (8u << 20),
		    v[nv++].what = "on through the next allocation";
		/* cuMemcpy decides by the addresses: an H200's driver took one
		 * past a small allocation's end (in its rounding) for a host
		 * pointer and crashed, so its lines are the shim's alone (~) */
		for (int k = 0; k < NKIND; k++)
			for (int j = 0; j < nv; j++)
				if (k != UNIFIED || !getenv("PTXKIT_REAL_DRIVER"))
					printf("%ssize %zu, %s, %s: %s\n", k == UNIFIED ? "~ " : "", n, kinds[k],
					    v[j].what, ename(copy(k, a + v[j].off, v[j].len, other, s)));
		CK(cuMemFree(b));
		CK(cuMemFree(a));
	}
	CK(cuMemFree(pad));
	CK(cuMemFree(other));
	CK(cuStreamDestroy(s));
}
static void
copies(void)
{
	copies1(-1);
}

/* ---------------------------------------------------------------- images */

static unsigned char img[8 << 20];

static const char kptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n\tret;\n}\n";

/* A fatbin of one PTX entry for compute_90 at img (nvcc 13's layout). */
static size_t
fatbin(void)
{
	size_t n = strlen(kptx) + 1, pay = (n + 7) & ~(size_t)7;
	unsigned char *e = img + 16;

	memset(img, 0, sizeof img);
	w32(img, 0xba55ed50u), w16(img + 4, 1), w16(img + 6, 16), w64(img + 8, 80 + pay);
	w16(e, 1), w16(e + 2, 0x101), w32(e + 4, 80), w64(e + 8, pay);
	w32(e + 20, 64), w16(e + 26, 8), w32(e + 28, 90);
	w64(e + 40, 0x11), w32(e + 64, 72);
	memcpy(e + 80, kptx, n);
	return 16 + 80 + pay;
}

/* An ELF64 header for sm_90 with 3 empty section headers at 64 (the
 * string table the second) at img. */
static void
elf(void)
{
	memset(img, 0, sizeof img);
	memcpy(img, "\177ELF\2\1\1", 7);
	w16(img + 0x10, 2), w16(img + 0x12, 190), w32(img + 0x14, 1);
	w64(img + 0x28, 64), w16(img + 0x34, 64), w16(img + 0x3a, 64), w16(img + 0x3c, 3), w16(img + 0x3e, 1);
}

#define SH(i) (img + 64 + 64 * (i))

/* The image shapes: each sets img up. */
static void
shape(int i, const char **what)
{
	unsigned char *e = img + 16;

	switch (i) {
	case 0: *what = "a fatbin of PTX"; fatbin(); break;
	case 1: *what = "fatbin version 2"; fatbin(), w16(img + 4, 2); break;
	case 2: *what = "fatbin header of 8 bytes"; fatbin(), w16(img + 6, 8); break;
	case 3: *what = "fatbin header of 0 bytes"; fatbin(), w16(img + 6, 0); break;
	case 4: *what = "fatbin header of 4096 bytes"; fatbin(), w16(img + 6, 4096); break;
	case 5: *what = "fatbin of size 0"; fatbin(), w64(img + 8, 0); break;
	case 6: *what = "fatbin of size 2^63"; fatbin(), w64(img + 8, (uint64_t)1 << 63); break;
	case 7: *what = "entry kind 0"; fatbin(), w16(e, 0); break;
	case 8: *what = "entry kind 7"; fatbin(), w16(e, 7); break;
	case 9: *what = "entry kind 2 (ELF) of PTX text"; fatbin(), w16(e, 2); break;
	case 10: *what = "entry header of 0 bytes"; fatbin(), w32(e + 4, 0); break;
	case 11: *what = "entry header of 2^31 bytes"; fatbin(), w32(e + 4, 1u << 31); break;
	case 12: *what = "entry payload of 0 bytes"; fatbin(), w64(e + 8, 0); break;
	case 13: *what = "entry payload of 8 bytes"; fatbin(), w64(e + 8, 8); break;
	case 14: *what = "entry payload of 2^63 bytes"; fatbin(), w64(e + 8, (uint64_t)1 << 63); break;
	case 15: *what = "entry for sm 0"; fatbin(), w32(e + 28, 0); break;
	case 16: *what = "entry for sm 80"; fatbin(), w32(e + 28, 80); break;
	case 17: *what = "entry flags 0"; fatbin(), w64(e + 40, 0); break;
	case 18: *what = "entry uncompressed size 2^40, not compressed"; fatbin(), w64(e + 56, (uint64_t)1 << 40); break;
	case 19: *what = "entry PTX without a NUL"; fatbin(), memset(e + 80 + strlen(kptx), 'x', 8); break;
	case 20: *what = "an ELF of no sections"; elf(), w16(img + 0x3c, 0), w16(img + 0x3e, 0); break;
	case 21: *what = "an ELF of section headers of 0 bytes"; elf(), w16(img + 0x3a, 0); break;
	case 22: *what = "an ELF of section headers of 32 bytes"; elf(), w16(img + 0x3a, 32); break;
	case 23: *what = "a 32-bit ELF"; elf(), img[4] = 1; break;
	case 24: *what = "a big-endian ELF"; elf(), img[5] = 2; break;
	case 25: *what = "an ELF of version 0"; elf(), w32(img + 0x14, 0); break;
	case 26: *what = "a relocatable ELF"; elf(), w16(img + 0x10, 1); break;
	case 27: *what = "an ELF whose section table is misaligned"; elf(), w64(img + 0x28, 65); break;
	case 28: *what = "an ELF whose section table lies 1 MiB on"; elf(), w64(img + 0x28, 1u << 20); break;
	case 29: *what = "an ELF of 65535 sections"; elf(), w16(img + 0x3c, 65535); break;
	case 30: *what = "an ELF whose string table lies 1 MiB on"; elf();
		w32(SH(1) + 4, 3), w64(SH(1) + 0x18, 1u << 20), w64(SH(1) + 0x20, 64); break;
	case 31: *what = "an ELF whose string table ends past 2^64"; elf();
		w32(SH(1) + 4, 3), w64(SH(1) + 0x18, ~(uint64_t)0 - 8), w64(SH(1) + 0x20, 64); break;
	case 32: *what = "an ELF of a .text section 1 MiB on"; elf();
		w32(SH(1) + 4, 3), w64(SH(1) + 0x18, 512), w64(SH(1) + 0x20, 16);
		memcpy(img + 512, "\0.text.k\0", 9);
		w32(SH(2), 1), w32(SH(2) + 4, 1), w64(SH(2) + 8, 6), w64(SH(2) + 0x18, 1u << 20),
		    w64(SH(2) + 0x20, 128); break;
	case 33: *what = "an ELF of a .text section of 2^40 bytes"; elf();
		w32(SH(1) + 4, 3), w64(SH(1) + 0x18, 512), w64(SH(1) + 0x20, 16);
		memcpy(img + 512, "\0.text.k\0", 9);
		w32(SH(2), 1), w32(SH(2) + 4, 1), w64(SH(2) + 8, 6), w64(SH(2) + 0x18, 1024),
		    w64(SH(2) + 0x20, (uint64_t)1 << 40); break;
	case 34: *what = "an ELF whose section name lies past its string table"; elf();
		w32(SH(1) + 4, 3), w64(SH(1) + 0x18, 512), w64(SH(1) + 0x20, 16);
		w32(SH(2), 4096), w32(SH(2) + 4, 1); break;
	case 35: *what = "an ELF whose string table index is 65535"; elf(), w16(img + 0x3e, 65535); break;
	case 36: *what = "an ELF for machine 0"; elf(), w16(img + 0x12, 0); break;
	case 37: *what = "an ELF of program headers 1 MiB on"; elf();
		w64(img + 0x20, 1u << 20), w16(img + 0x36, 56), w16(img + 0x38, 4); break;
	case 38: *what = "an ELF header only"; elf(), w64(img + 0x28, 0), w16(img + 0x3c, 0), w16(img + 0x3e, 0),
		w16(img + 0x3a, 0); break;
	default: *what = NULL;
	}
}
#define NSHAPES 39

/* Shapes an H200's driver did not come back from: a fatbin header of
 * 4096 bytes, a fatbin of 2^63 bytes and an entry header of 2^31 bytes
 * (each still running after 20 s), a payload of 2^63 bytes (a
 * segmentation fault).  Their lines (~) are the shim's alone.  (Entries of
 * kind 0, 7 or 2 and an entry header of 0 bytes were answered, but the
 * process did not end.) */
static int
hangs(int i)
{
	return i == 4 || i == 6 || i == 11 || i == 14;
}

/* Loads shape i by each call; a library taken lazily is asked for k. */
static void
image1(int i)
{
	const char *what;
	CUmodule m;
	CUlibrary l;
	CUkernel kk;
	CUfunction f;
	CUresult r, r2, r3 = CUDA_SUCCESS, r4 = CUDA_SUCCESS;

	if (hangs(i) && getenv("PTXKIT_REAL_DRIVER"))
		return;
	shape(i, &what);
	r = cuModuleLoadData(&m, img);
	if (!r)
		CK(cuModuleUnload(m));
	shape(i, &what);
	r2 = cuLibraryLoadData(&l, img, NULL, NULL, 0, NULL, NULL, 0);
	if (!r2) {
		r3 = cuLibraryGetKernel(&kk, l, "k");
		if (!r3)
			r4 = cuKernelGetFunction(&f, kk);
		CK(cuLibraryUnload(l));
	}
	printf("%simage %d, %s: module %s, library %s", hangs(i) ? "~ " : "", i, what, ename(r), ename(r2));
	if (!r2)
		printf(" (kernel %s, function %s)", ename(r3), ename(r4));
	printf("\n");
}

static void
images(void)
{
	for (int i = 0; i < NSHAPES; i++)
		image1(i);
}

int
main(int argc, char **argv)
{
	static const Section sec[] = {
		{"tex", textures}, {"fetch", fetch_all}, {"array", arrays}, {"copy", copies}, {"image", images},
	};
	setvbuf(stdout, NULL, _IOLBF, 0);
	ctx = primary_ctx();
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&ft2, mod, "t2"));
	CK(cuModuleGetFunction(&ft1, mod, "t1"));
	CK(cuMemAlloc(&dbuf, 1 << 20));
	CK(cuMemAlloc(&dout, 1 << 16));
	{
		static float f[1 << 18];
		for (int i = 0; i < 1 << 18; i++)
			f[i] = (float)(i + 1);
		CK(cuMemcpyHtoD(dbuf, f, sizeof f));
	}
	if (argc == 3) {   /* one case of a section */
		int n = atoi(argv[2]);
		if (!strcmp(argv[1], "image") && n >= 0 && n < NSHAPES)
			image1(n);
		else if (!strcmp(argv[1], "copy") && n >= 0 && n < NCOPY)
			copies1(n);
		else if (!strcmp(argv[1], "fetch") && n >= 0 && n < NFETCH)
			fetches(n);
		else
			return 2;
		return 0;
	}
	sections(sec, sizeof sec / sizeof sec[0], argc, argv);
	return 0;
}

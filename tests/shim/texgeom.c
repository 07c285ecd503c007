/*
 * texgeom.c -- the geometries tests/tex/tex.cu does not reach from CUDA
 * C++: tld4 of layered 2D arrays, cubemaps and layered cubemaps (and
 * with offsets), tex.level of layered 1D arrays and layered cubemaps,
 * tex.grad of 1D, layered 1D and 2D arrays, cubemaps and layered
 * cubemaps, texel offsets of 1D, layered 1D and 2D arrays and 3D ones.
 * Each kernel samples an f32x4 array of pseudo-random texels, mipmapped
 * (3 levels) but for the 3D one, linear within and between levels,
 * normalized coordinates wrapping (cubemaps clamp), at 64 lanes of
 * pseudo-random coordinates, levels, gradients and layers (a quarter of
 * the layers past the last); a line a kernel, the lanes' results as an
 * H200 returned them (texgeom.gpu), and ncu's counters (texgeom.ncu).
 * Then the texel formats textest.c leaves out (formats()).
 *
 *	texgeom           the lines (texgeom.gpu, texgeom.ncu)
 *	texgeom quads     lvl_a1d alone, then each of its quads a launch
 *	                  (texgeom.quads.ncu)
 *	texgeom subsets   lvl_a1d alone, then each subset of the lanes of
 *	                  its quad of lanes 36 to 39 a launch, in the order
 *	                  of their masks 1 to 15 (texgeom.subsets.ncu)
 *	texgeom orders    lvl_a1d alone, then its quad of lanes 36 to 39 in
 *	                  each of the 24 orders of its lanes (ids 1 to 24,
 *	                  lexicographic), then 8 variants of it in its own
 *	                  order, one input changed (variants[]; ids 25 to 32)
 *	texgeom acube     grad_acube alone, then each of its 64 lanes a launch
 *	                  (ids 1 to 64), each on grad_cube's cubemap (65 to
 *	                  128), and each of those past layer 0 in layer 0 of
 *	                  the layered cubemap (129 on; texgeom.acube.ncu)
 *	texgeom acube2    grad_acube whole (0), with every lane in layer 0 and
 *	                  in layer 1 (1, 2), each quad alone in its place
 *	                  (3-18), each lane alone in its place (19-82), each
 *	                  lane as the first of four whose idle three ask for
 *	                  layer 0 (83-146) and 1 (147-210), and each lane alone
 *	                  in layers 0 to 3 of a cubemap of 4 layers (211-466;
 *	                  texgeom.acube2.ncu)
 *	texgeom alanes L...  grad_acube (the kernel that skips lanes marked idle)
 *	                  whole (0), then a launch each L: "N:" (a layered
 *	                  cubemap of N layers, 2 (the one above) or 4; "Nf:"
 *	                  the same by grad_acube, which has every lane
 *	                  sample, idle or not), then
 *	                  its lanes, comma-separated: "S@Y" grad_acube's lane
 *	                  S in layer Y, "S@Y!" the same idle, "S@Y*A/B" with
 *	                  dx times A and dy times B; a launch of as many
 *	                  threads as lanes (texgeom.alanes.ncu: lanes alone
 *	                  and together by place in the quad and layer;
 *	                  .alanes2.ncu: lanes whose quads cross a face's
 *	                  edge, their gradients scaled, and lanes alone in a
 *	                  launch of one after their quad; .alanes3.ncu:
 *	                  larger gradients, lanes beside idle lanes and
 *	                  past the block's end, random quads)
 */
#include "shimtest.h"

/* lane i: c[3i] (x, y, z, layer), c[3i + 1] (level or dx), c[3i + 2] (dy) */
#define K(name, op) \
	".visible .entry " name "(.param .u64 t, .param .u64 c, .param .u64 o)\n{\n" \
	"\t.reg .u32 %r<3>; .reg .f32 %f<17>; .reg .u64 %rd<7>;\n" \
	"\tld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [c]; ld.param.u64 %rd3, [o]; mov.u32 %r1, %tid.x;\n" \
	"\tmul.wide.u32 %rd4, %r1, 48; add.u64 %rd5, %rd2, %rd4;\n" \
	"\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd5]; ld.global.v4.f32 {%f5, %f6, %f7, %f8}, [%rd5+16];\n" \
	"\tld.global.v4.f32 {%f9, %f10, %f11, %f12}, [%rd5+32]; cvt.rzi.u32.f32 %r2, %f4;\n" \
	"\t" op " {%f13, %f14, %f15, %f16}, [%rd1, "

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
#define END "\tmul.wide.u32 %rd6, %r1, 16; add.u64 %rd6, %rd3, %rd6; st.global.v4.f32 [%rd6], {%f13, %f14, %f15, %f16};\n\tret;\n}\n"
	K("tld4r_a2d", "tld4.r.a2d.v4.f32.f32") "{%r2, %f1, %f2, %f2}];\n" END
	K("tld4a_a2d_off", "tld4.a.a2d.v4.f32.f32") "{%r2, %f1, %f2, %f2}], {1, -2};\n" END
	K("tld4g_cube", "tld4.g.cube.v4.f32.f32") "{%f1, %f2, %f3, %f3}];\n" END
	K("tld4b_acube", "tld4.b.acube.v4.f32.f32") "{%r2, %f1, %f2, %f3}];\n" END
	K("lvl_a1d", "tex.level.a1d.v4.f32.f32") "{%r2, %f1}], %f5;\n" END
	K("lvl_acube", "tex.level.acube.v4.f32.f32") "{%r2, %f1, %f2, %f3}], %f5;\n" END
	K("grad_1d", "tex.grad.1d.v4.f32.f32") "{%f1}], {%f5}, {%f9};\n" END
	K("grad_a1d", "tex.grad.a1d.v4.f32.f32") "{%r2, %f1}], {%f5}, {%f9};\n" END
	K("grad_a2d", "tex.grad.a2d.v4.f32.f32") "{%r2, %f1, %f2, %f2}], {%f5, %f6}, {%f9, %f10};\n" END
	K("grad_cube", "tex.grad.cube.v4.f32.f32") "{%f1, %f2, %f3, %f3}], {%f5, %f6, %f7, %f7}, {%f9, %f10, %f11, %f11};\n" END
	K("grad_acube", "tex.grad.acube.v4.f32.f32") "{%r2, %f1, %f2, %f3}], {%f5, %f6, %f7, %f7}, {%f9, %f10, %f11, %f11};\n" END
	/* grad_acube, but a lane whose c[3i + 2].w is not 0 samples nothing */
	".visible .entry grad_acube_p(.param .u64 t, .param .u64 c, .param .u64 o)\n{\n"
	"\t.reg .u32 %r<3>; .reg .f32 %f<17>; .reg .u64 %rd<7>; .reg .pred %p1;\n"
	"\tld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [c]; ld.param.u64 %rd3, [o]; mov.u32 %r1, %tid.x;\n"
	"\tmul.wide.u32 %rd4, %r1, 48; add.u64 %rd5, %rd2, %rd4;\n"
	"\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd5]; ld.global.v4.f32 {%f5, %f6, %f7, %f8}, [%rd5+16];\n"
	"\tld.global.v4.f32 {%f9, %f10, %f11, %f12}, [%rd5+32]; cvt.rzi.u32.f32 %r2, %f4;\n"
	"\tsetp.ne.f32 %p1, %f12, 0f00000000; @%p1 bra DONE;\n"
	"\ttex.grad.acube.v4.f32.f32 {%f13, %f14, %f15, %f16}, [%rd1, {%r2, %f1, %f2, %f3}], {%f5, %f6, %f7, %f7}, {%f9, %f10, %f11, %f11};\n"
	"\tmul.wide.u32 %rd6, %r1, 16; add.u64 %rd6, %rd3, %rd6; st.global.v4.f32 [%rd6], {%f13, %f14, %f15, %f16};\nDONE:\n\tret;\n}\n"
	K("off_1d", "tex.1d.v4.f32.f32") "{%f1}], {3};\n" END
	K("off_a1d", "tex.a1d.v4.f32.f32") "{%r2, %f1}], {-2};\n" END
	K("off_a2d", "tex.a2d.v4.f32.f32") "{%r2, %f1, %f2, %f2}], {1, -1};\n" END
	K("off_3d", "tex.3d.v4.f32.f32") "{%f1, %f2, %f3, %f3}], {1, -1, 2, 0};\n" END
	K("fmt_f", "tex.2d.v4.f32.f32") "{%f1, %f2}];\n" END
	".visible .entry fmt_i(.param .u64 t, .param .u64 c, .param .u64 o)\n{\n"
	"\t.reg .u32 %r<6>; .reg .f32 %f<3>; .reg .u64 %rd<7>;\n"
	"\tld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [c]; ld.param.u64 %rd3, [o]; mov.u32 %r1, %tid.x;\n"
	"\tmul.wide.u32 %rd4, %r1, 48; add.u64 %rd5, %rd2, %rd4; ld.global.v2.f32 {%f1, %f2}, [%rd5];\n"
	"\ttex.2d.v4.s32.f32 {%r2, %r3, %r4, %r5}, [%rd1, {%f1, %f2}];\n"
	"\tmul.wide.u32 %rd6, %r1, 16; add.u64 %rd6, %rd3, %rd6; st.global.v4.u32 [%rd6], {%r2, %r3, %r4, %r5};\n\tret;\n}\n";

/* The objects: 1D (16), layered 1D (16, 3 layers), layered 2D (8x8, 3),
 * cubemap (8x8), layered cubemap (8x8, 2 cubes), 3D (8x8x8) */
enum { O1D, OA1D, OA2D, OCUBE, OACUBE, O3D, NOBJ };
static const struct { unsigned w, h, d, flags, nl; } obj[NOBJ] = {
	{ 16, 0, 0, 0, 3 }, { 16, 0, 3, CUDA_ARRAY3D_LAYERED, 3 }, { 8, 8, 3, CUDA_ARRAY3D_LAYERED, 3 },
	{ 8, 8, 6, CUDA_ARRAY3D_CUBEMAP, 3 }, { 8, 8, 12, CUDA_ARRAY3D_CUBEMAP | CUDA_ARRAY3D_LAYERED, 3 },
	{ 8, 8, 8, 0, 1 },
};

/* kernel, object, what its lanes take: 'l' a level, 'g' gradients (of
 * 1, 2 or 3 axes: ga) */
static const struct { const char *k; unsigned o; char what; unsigned ga; } kern[] = {
	{ "tld4r_a2d", OA2D, 0, 0 }, { "tld4a_a2d_off", OA2D, 0, 0 }, { "tld4g_cube", OCUBE, 0, 0 },
	{ "tld4b_acube", OACUBE, 0, 0 }, { "lvl_a1d", OA1D, 'l', 0 }, { "lvl_acube", OACUBE, 'l', 0 },
	{ "grad_1d", O1D, 'g', 1 }, { "grad_a1d", OA1D, 'g', 1 }, { "grad_a2d", OA2D, 'g', 2 },
	{ "grad_cube", OCUBE, 'g', 3 }, { "grad_acube", OACUBE, 'g', 3 }, { "off_1d", O1D, 0, 0 },
	{ "off_a1d", OA1D, 0, 0 }, { "off_a2d", OA2D, 0, 0 }, { "off_3d", O3D, 0, 0 },
};

static uint32_t seed = 0x9e3779b9u;

static uint32_t
rnd(void)
{
	seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
	return seed;
}

/* uniform in [lo, hi) on a grid of 1/4096 of the range */
static float
uni(float lo, float hi)
{
	return lo + (float)(rnd() % 4096u) / 4096.0f * (hi - lo);
}

static uint32_t
fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* The texel formats tests/tex/textest.c's cases leave out, each an 8x8
 * array of pseudo-random texels (halves of multiples of 1/64 in [-1, 1),
 * any bits else), read at 64 places of normalized coordinates (clamped),
 * linearly as normalized floats or by point as integers: a line each,
 * "fmt NAME:" and the lanes' results */
static void
formats(CUmodule mod, CUdeviceptr dc, CUdeviceptr dout)
{
	static const struct { const char *name; CUarray_format f; unsigned ch, isint; } fm[] = {
		{ "f16x2", CU_AD_FORMAT_HALF, 2, 0 }, { "u8x1", CU_AD_FORMAT_UNSIGNED_INT8, 1, 0 },
		{ "u8x2", CU_AD_FORMAT_UNSIGNED_INT8, 2, 0 }, { "s8x1", CU_AD_FORMAT_SIGNED_INT8, 1, 0 },
		{ "s8x4", CU_AD_FORMAT_SIGNED_INT8, 4, 0 }, { "u16x4", CU_AD_FORMAT_UNSIGNED_INT16, 4, 0 },
		{ "s16x1", CU_AD_FORMAT_SIGNED_INT16, 1, 0 }, { "u16x2", CU_AD_FORMAT_UNSIGNED_INT16, 2, 0 },
		{ "u32x4", CU_AD_FORMAT_UNSIGNED_INT32, 4, 1 }, { "s32x4", CU_AD_FORMAT_SIGNED_INT32, 4, 1 },
		{ "u32x2", CU_AD_FORMAT_UNSIGNED_INT32, 2, 1 }, { "s32x1", CU_AD_FORMAT_SIGNED_INT32, 1, 1 },
		{ "u8x2i", CU_AD_FORMAT_UNSIGNED_INT8, 2, 1 }, { "s16x4i", CU_AD_FORMAT_SIGNED_INT16, 4, 1 },
		{ "f16x4", CU_AD_FORMAT_HALF, 4, 0 },
	};
	static float c[64 * 12], o[64 * 4];
	static uint8_t tx[8 * 8 * 16];
	CUfunction kf, ki;

	CK(cuModuleGetFunction(&kf, mod, "fmt_f"));
	CK(cuModuleGetFunction(&ki, mod, "fmt_i"));
	for (size_t i = 0; i < sizeof fm / sizeof fm[0]; i++) {
		unsigned es = fm[i].f == CU_AD_FORMAT_HALF || fm[i].f == CU_AD_FORMAT_UNSIGNED_INT16 ||
		    fm[i].f == CU_AD_FORMAT_SIGNED_INT16 ? 2 : fm[i].f == CU_AD_FORMAT_UNSIGNED_INT8 ||
		    fm[i].f == CU_AD_FORMAT_SIGNED_INT8 ? 1 : 4, tb = es * fm[i].ch;
		CUDA_ARRAY_DESCRIPTOR ad = { 8, 8, fm[i].f, fm[i].ch };
		CUDA_RESOURCE_DESC rd;
		CUDA_TEXTURE_DESC td;
		CUDA_MEMCPY2D cp;
		CUarray a;
		CUtexObject t;
		void *args[] = { &t, &dc, &dout };
		for (unsigned k = 0; k < 8 * 8 * tb; k++)
			tx[k] = (uint8_t)rnd();
		if (fm[i].f == CU_AD_FORMAT_HALF)   /* sign, exponent 0 to 15 (below 1), 6 bits of mantissa */
			for (unsigned k = 0; k < 8 * 8 * tb; k += 2) {
				unsigned r = rnd(), h = (r & 0x8000) | (r % 16) << 10 | (r >> 4 & 63) << 4;
				tx[k] = (uint8_t)h, tx[k + 1] = (uint8_t)(h >> 8);
			}
		CK(cuArrayCreate(&a, &ad));
		memset(&cp, 0, sizeof cp);
		cp.srcMemoryType = CU_MEMORYTYPE_HOST, cp.srcHost = tx, cp.srcPitch = 8 * tb;
		cp.dstMemoryType = CU_MEMORYTYPE_ARRAY, cp.dstArray = a, cp.WidthInBytes = 8 * tb, cp.Height = 8;
		CK(cuMemcpy2D(&cp));
		memset(&rd, 0, sizeof rd);
		memset(&td, 0, sizeof td);
		rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = a;
		td.filterMode = fm[i].isint ? CU_TR_FILTER_MODE_POINT : CU_TR_FILTER_MODE_LINEAR;
		td.flags = CU_TRSF_NORMALIZED_COORDINATES | (fm[i].isint ? CU_TRSF_READ_AS_INTEGER : 0);
		CK(cuTexObjectCreate(&t, &rd, &td, NULL));
		memset(c, 0, sizeof c);
		for (unsigned n = 0; n < 64; n++)
			c[12 * n] = uni(-0.125f, 1.125f), c[12 * n + 1] = uni(-0.125f, 1.125f);
		CK(cuMemcpyHtoD(dc, c, sizeof c));
		CK(cuLaunchKernel(fm[i].isint ? ki : kf, 1, 1, 1, 64, 1, 1, 0, NULL, args, NULL));
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(o, dout, sizeof o));
		printf("fmt %s:", fm[i].name);
		for (unsigned n = 0; n < 64 * 4; n++)
			printf("%s%08x", n % 4 ? " " : n % 32 ? "  " : "\n ", fbits(o[n]));
		printf("\n");
		cuTexObjectDestroy(t);
		cuArrayDestroy(a);
	}
}

/* A layered cubemap of 8x8 f32x4 texels, nl layers, 3 levels, its texels
 * left as they are (only its counters matter), *mm holding it */
static CUtexObject
acubeof(unsigned nl, CUmipmappedArray *mm)
{
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUtexObject t;

	memset(&ad, 0, sizeof ad);
	ad.Width = 8, ad.Height = 8, ad.Depth = 6 * nl, ad.Flags = CUDA_ARRAY3D_CUBEMAP | CUDA_ARRAY3D_LAYERED;
	ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 4;
	CK(cuMipmappedArrayCreate(mm, &ad, 3));
	memset(&rd, 0, sizeof rd);
	memset(&td, 0, sizeof td);
	rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY, rd.res.mipmap.hMipmappedArray = *mm;
	for (unsigned a = 0; a < 3; a++)
		td.addressMode[a] = CU_TR_ADDRESS_MODE_WRAP;
	td.filterMode = td.mipmapFilterMode = CU_TR_FILTER_MODE_LINEAR;
	td.flags = CU_TRSF_NORMALIZED_COORDINATES, td.maxMipmapLevelClamp = 2;
	CK(cuTexObjectCreate(&t, &rd, &td, NULL));
	return t;
}

/* "alanes": grad_acube's 64 lanes c in the launches of av[0..n) (the usage
 * says how), on the layered cubemap t or one of 4 layers */
static void
alanes(CUmodule mod, CUfunction f, CUtexObject t, CUdeviceptr dc, const float *c, char **av, int n)
{
	static float lc[64 * 12];
	CUfunction fp;
	CUmipmappedArray mm;
	CUtexObject t4 = acubeof(4, &mm);
	CUdeviceptr dout;

	CK(cuMemAlloc(&dout, 64 * 16));
	CK(cuModuleGetFunction(&fp, mod, "grad_acube_p"));
	for (int k = 0; k < n; k++) {
		const char *r = strchr(av[k], ':');
		unsigned nl = 0, four = atoi(av[k]) == 4, plain = r && r > av[k] && r[-1] == 'f';
		void *args[] = { four ? &t4 : &t, &dc, &dout };
		memset(lc, 0, sizeof lc);
		for (r = r ? r + 1 : av[k]; *r && nl < 64; nl++) {
			float *p = lc + 12 * nl, a = 1, b = 1;
			char *e;
			unsigned src = (unsigned)strtoul(r, &e, 10);
			if (*r == '-' || e == r || src >= 64) {
				p[11] = 1;
			} else {
				memcpy(p, c + 12 * src, 48);
				p[3] = *e == '@' ? (float)strtod(e + 1, &e) : p[3];
				p[11] = *e == '!' ? (e++, 1.0f) : 0.0f;
				if (*e == '*')
					a = (float)strtod(e + 1, &e);
				if (*e == '/')
					b = (float)strtod(e + 1, &e);
				for (unsigned i = 0; i < 3; i++)
					p[4 + i] *= a, p[8 + i] *= b;
			}
			while (*r && *r != ',')
				r++;
			r += *r == ',';
		}
		CK(cuMemcpyHtoD(dc, lc, sizeof lc));
		CK(cuLaunchKernel(plain ? f : fp, 1, 1, 1, nl, 1, 1, 0, NULL, args, NULL));
		CK(cuCtxSynchronize());
	}
	cuTexObjectDestroy(t4);
	cuMipmappedArrayDestroy(mm);
	cuMemFree(dout);
}

/* "acube2": grad_acube's 64 lanes c (48 bytes each) in the launches the
 * usage lists, on the layered cubemap t and on one of 4 layers */
static void
acube2run(CUmodule mod, CUfunction f, CUtexObject t, CUdeviceptr dc, const float *c)
{
	static float lc[64 * 12];
	CUfunction fp;
	CUmipmappedArray mm;
	CUtexObject t4 = acubeof(4, &mm);
	void *args[] = { &t, &dc, &dc };
	void *args4[] = { &t4, &dc, &dc };
	CUdeviceptr dout;

	CK(cuMemAlloc(&dout, 64 * 16));
	args[2] = args4[2] = &dout;
	CK(cuModuleGetFunction(&fp, mod, "grad_acube_p"));
	for (unsigned v = 1; v < 467; v++) {   /* 0: the launch before */
		unsigned n = 64, one = v < 19 ? 0 : v < 83 ? v - 19 : v < 211 ? (v - 83) % 64 : (v - 211) % 64;
		memcpy(lc, c, sizeof lc);
		for (unsigned i = 0; i < 64; i++) {
			if (v == 1 || v == 2)
				lc[12 * i + 3] = (float)(v - 1);
			if (v >= 3 && v < 19)
				lc[12 * i + 11] = i / 4 != v - 3;
			if (v >= 19 && v < 83)
				lc[12 * i + 11] = i != one;
		}
		if (v >= 83) {   /* lane one as lane 0 of a launch of 4 or 1 */
			n = v < 211 ? 4 : 1;
			memcpy(lc, c + 12 * one, 48);
			if (v >= 211)
				lc[3] = (float)((v - 211) / 64);
			for (unsigned i = 1; i < 4; i++) {
				memcpy(lc + 12 * i, c + 12 * one, 48);
				lc[12 * i + 3] = v < 147 ? 0.0f : 1.0f, lc[12 * i + 11] = 1;
			}
		}
		CK(cuMemcpyHtoD(dc, lc, sizeof lc));
		CK(cuLaunchKernel(v < 3 ? f : fp, 1, 1, 1, n, 1, 1, 0, NULL, v >= 211 ? args4 : args, NULL));
		CK(cuCtxSynchronize());
	}
	cuTexObjectDestroy(t4);
	cuMipmappedArrayDestroy(mm);
	cuMemFree(dout);
}

int
main(int argc, char **argv)
{
	int subsets = argc > 1 && !strcmp(argv[1], "subsets");
	int orders = argc > 1 && !strcmp(argv[1], "orders");
	int acube2 = argc > 1 && !strcmp(argv[1], "acube2");
	int al = argc > 1 && !strcmp(argv[1], "alanes");
	int acube = acube2 || al || (argc > 1 && !strcmp(argv[1], "acube"));
	int quads = subsets || orders || (argc > 1 && !strcmp(argv[1], "quads"));
	static float tx[8 * 8 * 12 * 4], c[64 * 12], o[64 * 4];
	CUmodule mod;
	CUmipmappedArray mm[NOBJ];
	CUarray a3;
	CUtexObject t[NOBJ];
	CUdeviceptr dc, dout;

	primary_ctx();
	CK(cuModuleLoadData(&mod, ptx));
	for (unsigned k = 0; k < NOBJ; k++) {
		CUDA_ARRAY3D_DESCRIPTOR ad;
		CUDA_RESOURCE_DESC rd;
		CUDA_TEXTURE_DESC td;
		memset(&ad, 0, sizeof ad);
		ad.Width = obj[k].w, ad.Height = obj[k].h, ad.Depth = obj[k].d, ad.Flags = obj[k].flags;
		ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 4;
		memset(&rd, 0, sizeof rd);
		if (k == O3D) {
			CK(cuArray3DCreate(&a3, &ad));
			rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = a3;
		} else {
			CK(cuMipmappedArrayCreate(&mm[k], &ad, obj[k].nl));
			rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY, rd.res.mipmap.hMipmappedArray = mm[k];
		}
		for (unsigned l = 0; l < obj[k].nl; l++) {
			/* a level: w x h texels (h 1 for 1D), d slices (layers and
			 * faces keep their count, a 3D array's depth halves) */
			unsigned w = obj[k].w >> l, h = obj[k].h ? obj[k].h >> l : 1;
			unsigned d = obj[k].d ? obj[k].d : 1;
			CUDA_MEMCPY3D cp;
			for (unsigned i = 0; i < w * h * d * 4; i++)
				tx[i] = uni(-1, 1);
			memset(&cp, 0, sizeof cp);
			cp.srcMemoryType = CU_MEMORYTYPE_HOST, cp.srcHost = tx, cp.srcPitch = w * 16, cp.srcHeight = h;
			cp.dstMemoryType = CU_MEMORYTYPE_ARRAY, cp.WidthInBytes = w * 16, cp.Height = h, cp.Depth = d;
			if (k == O3D)
				cp.dstArray = a3;
			else
				CK(cuMipmappedArrayGetLevel(&cp.dstArray, mm[k], l));
			CK(cuMemcpy3D(&cp));
		}
		memset(&td, 0, sizeof td);
		for (unsigned a = 0; a < 3; a++)
			td.addressMode[a] = CU_TR_ADDRESS_MODE_WRAP;
		td.filterMode = td.mipmapFilterMode = CU_TR_FILTER_MODE_LINEAR;
		td.flags = CU_TRSF_NORMALIZED_COORDINATES, td.maxMipmapLevelClamp = (float)obj[k].nl - 1;
		CK(cuTexObjectCreate(&t[k], &rd, &td, NULL));
	}
	CK(cuMemAlloc(&dc, sizeof c));
	CK(cuMemAlloc(&dout, sizeof o));
	for (size_t i = 0; i < sizeof kern / sizeof kern[0]; i++) {
		CUfunction f;
		unsigned k = kern[i].o, cube = k == OCUBE || k == OACUBE;
		unsigned layers = k == OA1D || k == OA2D ? obj[k].d : k == OACUBE ? obj[k].d / 6 : 1;
		void *args[] = { &t[k], &dc, &dout };
		CK(cuModuleGetFunction(&f, mod, kern[i].k));
		memset(c, 0, sizeof c);
		for (unsigned n = 0; n < 64; n++) {
			float *p = c + 12 * n;
			for (unsigned a = 0; a < 3; a++)   /* wrapping past both ends; a cube's direction */
				p[a] = cube ? uni(-1, 1) : uni(-0.25f, 1.25f);
			p[3] = (float)(rnd() % (layers + (layers > 1)));
			if (kern[i].what == 'l')
				p[4] = uni(-0.5f, 3);
			if (kern[i].what == 'g')   /* 2^-7 to 2^0 of the size, either sign */
				for (unsigned a = 0; a < kern[i].ga; a++) {
					float s = (float)(1u << (rnd() % 8)) / 128.0f;
					p[4 + a] = uni(-1, 1) * s, p[8 + a] = uni(-1, 1) * s;
				}
		}
		if ((quads && strcmp(kern[i].k, "lvl_a1d")) || (acube && strcmp(kern[i].k, "grad_acube")))
			continue;
		CK(cuMemcpyHtoD(dc, c, sizeof c));
		CK(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, NULL, args, NULL));
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(o, dout, sizeof o));
		if (al) {
			alanes(mod, f, t[OACUBE], dc, c, argv + 2, argc - 2);
			continue;
		}
		if (acube2) {
			acube2run(mod, f, t[OACUBE], dc, c);
			continue;
		}
		for (unsigned v = 0; acube && v < 3; v++) {
			/* lane n alone: as drawn, on the cubemap, in layer 0 */
			CUfunction fc;
			void *cargs[] = { &t[OCUBE], &dc, &dout };
			CK(cuModuleGetFunction(&fc, mod, "grad_cube"));
			for (unsigned n = 0; n < 64; n++) {
				float l1[12];
				memcpy(l1, c + 12 * n, sizeof l1);
				if (v == 2 && l1[3] == 0)
					continue;
				l1[3] = 0;
				if (v == 0)
					l1[3] = c[12 * n + 3];
				CK(cuMemcpyHtoD(dc, l1, sizeof l1));
				CK(cuLaunchKernel(v == 1 ? fc : f, 1, 1, 1, 1, 1, 1, 0, NULL, v == 1 ? cargs : args, NULL));
				CK(cuCtxSynchronize());
			}
		}
		for (unsigned m = 1; subsets && m < 16; m++) {   /* the lanes of mask m of lanes 36 to 39 */
			unsigned nl = 0;
			for (unsigned l = 0; l < 4; l++)
				if (m >> l & 1)
					CK(cuMemcpyHtoD(dc + 48 * nl++, c + 12 * (36 + l), 48));
			CK(cuLaunchKernel(f, 1, 1, 1, nl, 1, 1, 0, NULL, args, NULL));
			CK(cuCtxSynchronize());
		}
		for (unsigned q = 0; orders && q < 24 + 8; q++) {
			/* lane j of order q: lanes 36 to 39 permuted (q < 24), or
			 * with lane a's input i taken from lane b's (variants) */
			static const unsigned char variants[8][3] = {
				{ 0, 1, 3 }, { 0, 2, 3 }, { 0, 3, 3 }, { 2, 1, 3 }, { 1, 0, 4 }, { 2, 0, 4 }, { 3, 0, 4 }, { 1, 0, 0 },
			};   /* from lane, to lane, input (3: layer, 4: level, 0: x) */
			float qc[4 * 12];
			unsigned left[4] = { 0, 1, 2, 3 }, r = q;
			for (unsigned j = 0; j < 4; j++) {
				unsigned pick = q < 24 ? r % (4 - j) : j, l = left[pick];
				if (q < 24) {
					r /= 4 - j;
					for (unsigned x = pick; x + 1 < 4 - j; x++)
						left[x] = left[x + 1];
				}
				memcpy(qc + 12 * j, c + 12 * (36 + l), 48);
			}
			if (q == 24)   /* every lane in lane 0's layer */
				for (unsigned j = 1; j < 4; j++)
					qc[12 * j + 3] = qc[3];
			else if (q > 24)
				qc[12 * variants[q - 25][1] + variants[q - 25][2]] = qc[12 * variants[q - 25][0] + variants[q - 25][2]];
			if (getenv("TEXGEOM_SHOW"))
				for (unsigned j = 0; j < 4; j++)
					fprintf(stderr, "order %u lane %u: x %a layer %g level %a\n", q, j, qc[12 * j], qc[12 * j + 3], qc[12 * j + 4]);
			CK(cuMemcpyHtoD(dc, qc, sizeof qc));
			CK(cuLaunchKernel(f, 1, 1, 1, 4, 1, 1, 0, NULL, args, NULL));
			CK(cuCtxSynchronize());
		}
		for (unsigned q = 0; quads && !subsets && !orders && q < 16; q++) {   /* lanes 4q to 4q + 3 as lanes 0 to 3 */
			CK(cuMemcpyHtoD(dc, c + 48 * q, 4 * 48));
			CK(cuLaunchKernel(f, 1, 1, 1, 4, 1, 1, 0, NULL, args, NULL));
			CK(cuCtxSynchronize());
		}
		printf("%s:", kern[i].k);
		for (unsigned n = 0; n < 64 * 4; n++)
			printf("%s%08x", n % 4 ? " " : n % 32 ? "  " : "\n ", fbits(o[n]));
		printf("\n");
	}
	if (!quads && !acube)
		formats(mod, dc, dout);
	for (unsigned k = 0; k < NOBJ; k++) {
		cuTexObjectDestroy(t[k]);
		if (k == O3D)
			cuArrayDestroy(a3);
		else
			cuMipmappedArrayDestroy(mm[k]);
	}
	cuMemFree(dc);
	cuMemFree(dout);
	printf("done\n");
	return 0;
}

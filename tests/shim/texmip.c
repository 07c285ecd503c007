/*
 * texmip.c -- the sectors of tex.level between two mipmap levels, a
 * launch a case of one lane or one quad: 16-byte texels (f32x4) and
 * 4-byte ones (f32), linear within and between levels, each lane at a
 * chosen place and level of detail, so that ncu's sector count of each
 * launch (texmip.ncu) shows which texels of each level the unit fetches:
 * those of a level's weight split so finely that some corners weigh 0,
 * lanes of a quad at one level of detail or at several, a level whose
 * footprint is a single texel.  Each case prints the lanes' results, an
 * H200's in texmip.gpu.
 *
 * Coordinates are given in level-0 texels and passed normalized; a lane's
 * level of detail is its whole level plus t/256 (and half a step, so that
 * the fraction rounds down to t), or the level exactly (t W).
 *
 *	texmip            the cases (texmip.gpu, texmip.ncu)
 *	texmip quads      quads of tests/tex's launches 98 and 102 (.quads.ncu)
 *	texmip tf0        random quads with a lane below 1/256 of level 0 (.tf0.ncu)
 *	texmip file PATH A N...  the float4s of PATH on array A, N lanes a launch
 *	texmip levels     the "levels" cases 41 and 42: each subset of their
 *	                  lanes (masks 1 to 15, the lanes in order), then
 *	                  the four in five other orders (.levels.ncu)
 *	texmip mixed      quads of lanes of one level and of two (.mixed.ncu)
 *	texmip places     quads of lanes at one place or apart (.places.ncu)
 *	texmip random     random quads of lanes of whole levels and between
 *	                  two, a launch each, then 8 a launch (.random.ncu)
 *	texmip warps ID...  of the launches of 8 quads of "random" (ids as
 *	                  .random.ncu's), each quad alone in its place in
 *	                  the warp (the other lanes idle), then quads 0 to k
 *	                  for k of 1 to 6, a launch each (.warps.ncu: 46 47;
 *	                  .warpsb.ncu: 41 42 92 98)
 *	texmip rsub ID... of the single quads of "random" (ids as .random.ncu's),
 *	                  each subset of its lanes in their places (masks 1
 *	                  to 14), a launch each (.rsub.ncu: 4 18 39 53)
 *	texmip few [L...] launches of two to eight lanes around a lane at
 *	                  level 1 exactly beside one between 1 and 2 at one
 *	                  place, whose request ncu does not count (.few.ncu);
 *	                  or the launches L (lanes as few[] has them, on
 *	                  array 4, or 5 after a "/5"; or "X:Y:LOD;..." a lane
 *	                  each, level-0 texels and the level of detail, "-"
 *	                  an idle lane; .few2.ncu, and .pair.ncu: quads
 *	                  either side of the distance that pairs lanes,
 *	                  .apart.ncu: two lanes of one level beside two of two
 *	                  at random, .random2.ncu and .random3.ncu: random
 *	                  quads, ties of the pairing distance)
 *
 * What an H200 showed: every single lane and quad of quads and tf0 counts
 * as interp/tex.c has it, and so do launches 98 and 102 of
 * tests/tex/ncu.tsv (6614 and 5986 sectors), whose quads, a quad a
 * launch ("file", TEXTEST_DUMP's coordinates), showed the distance that
 * pairs a quad's lanes (interp/tex.c's quaddist()).  Of the "levels" cases
 * 41 and 42 and their subsets ("levels"): 42's lanes of one level pair
 * with each other and those of two with each other, and 41's lane at
 * level 1 exactly counts level 2 too beside a lane between levels 1 and
 * 2.  Of the "mixed" quads (their results the H200's, every lane), those
 * of two lanes of one level beside two of two pair so too, in every
 * place and kind tried.  The "places" quads (each lane at one place or
 * at a place of its own, on 256x256 arrays, .places.ncu) show which
 * levels each lane fetches and how the two passes pair (interp/tex.c's
 * pairup() and pairlanes()).  The "random" quads' warps that differed
 * from the shim, a quad at a time ("warps"), differed in single quads
 * (a lane at a level exactly beside one 1/512 above it, the pairing of
 * two lanes of one level beside two of two), and "few" and "rsub" show
 * which quads of two lanes ncu counts no request for (interp/tex.c's
 * uncounted()); the quads of "random" launches 46 and 47 that differed
 * (two lanes of two levels beside two of one, paired by level, sharing
 * no sectors) and launches 98 and 102's (paired by interp/tex.c's
 * quaddist()) are had now.
 */
#include "shimtest.h"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	/* kq: lane i samples t at (c[i].x, c[i].y), level c[i].z, into o[i] */
	".visible .entry kq(.param .u64 t, .param .u64 c, .param .u64 o)\n{\n"
	"\t.reg .u32 %r<2>; .reg .f32 %f<9>; .reg .u64 %rd<7>;\n"
	"\tld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [c]; ld.param.u64 %rd3, [o]; mov.u32 %r1, %tid.x;\n"
	"\tmul.wide.u32 %rd4, %r1, 16; add.u64 %rd5, %rd2, %rd4; ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd5];\n"
	"\ttex.level.2d.v4.f32.f32 {%f5, %f6, %f7, %f8}, [%rd1, {%f1, %f2}], %f3;\n"
	"\tadd.u64 %rd6, %rd3, %rd4; st.global.v4.f32 [%rd6], {%f5, %f6, %f7, %f8};\n\tret;\n}\n"
	/* kp: kq, but a lane whose c[i].w is not 0 samples nothing */
	".visible .entry kp(.param .u64 t, .param .u64 c, .param .u64 o)\n{\n"
	"\t.reg .u32 %r<2>; .reg .f32 %f<9>; .reg .u64 %rd<7>; .reg .pred %p1;\n"
	"\tld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [c]; ld.param.u64 %rd3, [o]; mov.u32 %r1, %tid.x;\n"
	"\tmul.wide.u32 %rd4, %r1, 16; add.u64 %rd5, %rd2, %rd4; ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd5];\n"
	"\tsetp.ne.f32 %p1, %f4, 0f00000000; @%p1 bra DONE;\n"
	"\ttex.level.2d.v4.f32.f32 {%f5, %f6, %f7, %f8}, [%rd1, {%f1, %f2}], %f3;\n"
	"\tadd.u64 %rd6, %rd3, %rd4; st.global.v4.f32 [%rd6], {%f5, %f6, %f7, %f8};\nDONE:\n\tret;\n}\n";

/* The arrays: width, height, levels, channels */
static const struct { unsigned w, h, nl, ch; } arr[] = {
	{ 16, 16, 5, 4 }, { 16, 16, 5, 1 }, { 8, 4, 4, 4 }, { 4, 4, 3, 4 }, { 256, 256, 9, 4 }, { 256, 256, 9, 1 },
};
#define NARR (sizeof arr / sizeof arr[0])

/* A case: array, lanes, each lane's place (level-0 texels) and level
 * (whole level, 256ths) */
typedef struct {
	const char *name;
	unsigned a, n;
	struct { float x, y; unsigned l, t; } ln[4];
} Case;

#define W 1000   /* t: the level exactly */
#define L1(a, x, y, l, t) { "", a, 1, { { x, y, l, t } } }
#define Q(name, a, x, y, l, t0, t1, t2, t3) \
	{ name, a, 4, { { x, y, l, t0 }, { x + 1, y, l, t1 }, { x, y + 1, l, t2 }, { x + 1, y + 1, l, t3 } } }
#define Q1(name, a, x, y, l, t0, t1, t2, t3) \
	{ name, a, 4, { { x, y, l, t0 }, { x, y, l, t1 }, { x, y, l, t2 }, { x, y, l, t3 } } }

static const Case cases[] = {
	/* one lane of f32x4 at (6.75, 8.125): 2x2 texels on level 0 over
	 * two sectors of rows, 2x2 on level 1 over two */
	L1(0, 6.75f, 8.125f, 0, 0), L1(0, 6.75f, 8.125f, 0, 1), L1(0, 6.75f, 8.125f, 0, 2), L1(0, 6.75f, 8.125f, 0, 3),
	L1(0, 6.75f, 8.125f, 0, 8), L1(0, 6.75f, 8.125f, 0, 64), L1(0, 6.75f, 8.125f, 0, 128),
	L1(0, 6.75f, 8.125f, 0, 192), L1(0, 6.75f, 8.125f, 0, 248), L1(0, 6.75f, 8.125f, 0, 253),
	L1(0, 6.75f, 8.125f, 0, 254), L1(0, 6.75f, 8.125f, 0, 255),
	L1(0, 6.75f, 8.125f, 1, 1), L1(0, 6.75f, 8.125f, 1, 128), L1(0, 6.75f, 8.125f, 1, 255),
	/* the same of f32 */
	L1(1, 6.75f, 8.125f, 0, 1), L1(1, 6.75f, 8.125f, 0, 2), L1(1, 6.75f, 8.125f, 0, 128),
	L1(1, 6.75f, 8.125f, 0, 254), L1(1, 6.75f, 8.125f, 0, 255),
	/* a texel centre of level 0 (one texel there), 2x2 on level 1 */
	L1(0, 6.5f, 8.5f, 0, 1), L1(0, 6.5f, 8.5f, 0, 128), L1(0, 6.5f, 8.5f, 0, 255),
	/* small fractions on level 0 (8/256 along x) */
	L1(0, 6.53125f, 8.5f, 0, 128), L1(0, 6.53125f, 8.5f, 0, 250), L1(0, 6.53125f, 8.625f, 0, 250),
	/* quads of f32x4, a texel apart, at one level of detail or several */
	Q("quad", 0, 6.75f, 8.125f, 0, 1, 1, 1, 1), Q("quad", 0, 6.75f, 8.125f, 0, 128, 128, 128, 128),
	Q("quad", 0, 6.75f, 8.125f, 0, 255, 255, 255, 255), Q("quad", 0, 6.75f, 8.125f, 0, 1, 128, 255, 0),
	Q("quad", 0, 6.75f, 8.125f, 0, 128, 129, 130, 131),
	/* quads of four lanes at one place */
	Q1("same", 0, 6.75f, 8.125f, 0, 128, 128, 128, 128), Q1("same", 0, 6.75f, 8.125f, 0, 1, 1, 1, 1),
	Q1("same", 0, 6.75f, 8.125f, 0, 1, 128, 255, 64),
	/* a lane below 1/256 of its level (t 0), or at a level exactly
	 * (W), beside lanes between two */
	Q1("same", 0, 6.75f, 8.125f, 0, 0, 128, 128, 128), Q1("same", 0, 6.75f, 8.125f, 0, 0, 0, 128, 128),
	Q1("same", 0, 6.75f, 8.125f, 0, 0, 0, 0, 0), Q("quad", 0, 6.75f, 8.125f, 0, 0, 128, 128, 128),
	Q("quad", 0, 6.75f, 8.125f, 0, 128, 0, 128, 128), Q1("same", 0, 6.75f, 8.125f, 1, W, 128, 128, 128),
	Q1("same", 0, 6.75f, 8.125f, 0, W, 128, 128, 128),
	{ "levels", 0, 4, { { 6.75f, 8.125f, 1, W }, { 6.75f, 8.125f, 0, 128 }, { 6.75f, 8.125f, 0, 128 },
	    { 6.75f, 8.125f, 1, 128 } } },
	{ "levels", 0, 4, { { 6.75f, 8.125f, 0, 0 }, { 6.75f, 8.125f, 0, 128 }, { 7.75f, 8.125f, 0, 0 },
	    { 7.75f, 8.125f, 0, 128 } } },
	/* the 8x4 array of 4 levels: level 1 is 4x2, every footprint there
	 * within one sector of rows */
	L1(2, 4.0f, 2.0f, 0, 1), L1(2, 4.0f, 2.0f, 0, 128), L1(2, 4.0f, 2.0f, 0, 255),
	L1(2, 3.25f, 1.25f, 0, 1), L1(2, 3.25f, 1.25f, 0, 128), L1(2, 3.25f, 1.25f, 0, 255),
	L1(2, 4.75f, 2.75f, 0, 128), L1(2, 4.75f, 2.75f, 0, 255),
	Q("quad", 2, 3.25f, 1.25f, 0, 1, 1, 1, 1), Q("quad", 2, 3.25f, 1.25f, 0, 128, 128, 128, 128),
	Q("quad", 2, 3.25f, 1.25f, 0, 255, 255, 255, 255),
};

/* "quads": quads of tests/tex/textest.c's launches 98 and 102 (probe
 * mip weights upper, on the 8x4 array; probe mip values, on the 4x4 one):
 * the array, then each lane's normalized x, y and level of detail (bits),
 * those quads where a lane is at a level exactly or within 1/256 of it,
 * or whose lanes pair one way or another */
static const struct { unsigned a; uint32_t c[12]; } quads[] = {
	{ 2, { 0x3f0d8000, 0x3ead8000, 0x3b400000, 0x3efb0000, 0x3f14c000, 0x3f0d0000, 0x3f14a000, 0x3eed0000, 0x3de20000, 0x3f032000, 0x3f0a8000, 0x3e380000 } },
	{ 2, { 0x3ed00000, 0x3f1f0000, 0x3ce80000, 0x3f12c000, 0x3f240000, 0x3b000000, 0x3eee0000, 0x3f290000, 0x3f2b8000, 0x3f1ce000, 0x3f324000, 0x3dfc0000 } },
	{ 2, { 0x3eca0000, 0x3ec48000, 0x3dc40000, 0x3ef30000, 0x3eb10000, 0x3b400000, 0x3f02c000, 0x3e838000, 0x3f784000, 0x3f1d4000, 0x3eb78000, 0x3f770000 } },
	{ 2, { 0x3eeaba00, 0x3f0bb200, 0x3f654000, 0x3ee60880, 0x3ec37100, 0x3f22c000, 0x3ef41180, 0x3ee7e200, 0x3d0c0000, 0x3f1d3400, 0x3f3b3100, 0x3b000000 } },
	{ 3, { 0x3ec38000, 0x3f3d8000, 0x3fe00000, 0x3f264000, 0x3f184000, 0x3f800000, 0x3f70c000, 0x3e5e0000, 0x3fc88000, 0x3f110000, 0x3d980000, 0x3d600000 } },
	{ 3, { 0x3ef00000, 0x3f6fc000, 0x3eb20000, 0x3f4b4000, 0x3da40000, 0x3f3e0000, 0x3e1b0000, 0x3f030000, 0x3fc20000, 0x3ee80000, 0x3eb98000, 0x3f150000 } },
	{ 3, { 0x3ed68000, 0x3e690000, 0x3ff38000, 0x3f800000, 0x3e9e0000, 0x3f790000, 0x3e8f0000, 0x3f48c000, 0x3e440000, 0x3e800000, 0x3ed60000, 0x3f630000 } },
	{ 3, { 0x3c880000, 0x3f770000, 0x3da00000, 0x3ea90000, 0x3f3e0000, 0x3ed20000, 0x3d9e0000, 0x3e4a0000, 0x3fa78000, 0x3e360000, 0x3f218000, 0x3f6c0000 } },
	{ 3, { 0x3f400000, 0x3c900000, 0x3fd38000, 0x3ee30000, 0x3f58c000, 0x3f480000, 0x3f324000, 0x3f7e0000, 0x3f5a0000, 0x3e9c8000, 0x3ec80000, 0x3e640000 } },
	{ 3, { 0x3f6fc000, 0x3f0f8000, 0x3d880000, 0x3f7e8000, 0x3e8d8000, 0x3e240000, 0x3f614000, 0x3ef00000, 0x3f918000, 0x3f5c8000, 0x3f648000, 0x3e6c0000 } },
	{ 3, { 0x3e958000, 0x3eef8000, 0x3e400000, 0x3e0a0000, 0x3f60c000, 0x3fbf8000, 0x3f0ac000, 0x3f634000, 0x3f3a0000, 0x3f39c000, 0x3e3d0000, 0x3f670000 } },
};

static uint32_t
fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* lane l of case k as the kernel takes it: normalized x, y, level */
static void
lane(float *q, const Case *k, unsigned l)
{
	q[0] = k->ln[l].x / (float)arr[k->a].w, q[1] = k->ln[l].y / (float)arr[k->a].h;
	q[2] = (float)k->ln[l].l + (k->ln[l].t == W ? 0 : ((float)k->ln[l].t + 0.5f) / 256);
	q[3] = 0;
}

/* "file PATH A N...": the float4s of PATH (normalized x, y, level of
 * detail, unused) sampled from array A, N lanes a launch; each launch's
 * results as the cases' */
static void
fromfile(CUfunction kq, CUtexObject t, CUdeviceptr dc, CUdeviceptr dout, const char *path, unsigned a, unsigned n)
{
	size_t len;
	float *p = slurp(path, &len), o[4 * 256];

	if (!n || n > 256)
		n = 256;
	for (size_t i = 0; 16 * (i + 1) <= len; i += n) {
		unsigned m = (unsigned)(len / 16 - i < n ? len / 16 - i : n);
		void *args[] = { &t, &dc, &dout };
		CK(cuMemcpyHtoD(dc, p + 4 * i, 16 * m));
		CK(cuLaunchKernel(kq, 1, 1, 1, m, 1, 1, 0, NULL, args, NULL));
		CK(cuMemcpyDtoH(o, dout, 16 * m));
		printf("%s %zu array %u:", path, i, a);
		for (unsigned l = 0; l < 4 * m; l++)
			printf(" %08x", fbits(o[l]));
		printf("\n");
	}
	free(p);
}

int
main(int argc, char **argv)
{
	CUmodule mod;
	CUfunction kq, kp;
	CUtexObject t[NARR];
	CUmipmappedArray mm[NARR];
	CUdeviceptr dc, dout;
	static float f[256 * 256 * 4];

	primary_ctx();
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&kq, mod, "kq"));
	CK(cuModuleGetFunction(&kp, mod, "kp"));
	for (unsigned a = 0; a < NARR; a++) {
		CUDA_ARRAY3D_DESCRIPTOR ad;
		CUDA_RESOURCE_DESC rd;
		CUDA_TEXTURE_DESC td;
		memset(&ad, 0, sizeof ad);
		ad.Width = arr[a].w, ad.Height = arr[a].h, ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = arr[a].ch;
		CK(cuMipmappedArrayCreate(&mm[a], &ad, arr[a].nl));
		for (unsigned l = 0; l < arr[a].nl; l++) {   /* texel (i, j) of level l, channel c: l + j / 16 + i / 256 + c / 4096 */
			unsigned w = arr[a].w >> l, h = arr[a].h >> l;
			CUDA_MEMCPY2D c;
			w = w ? w : 1, h = h ? h : 1;
			for (unsigned j = 0; j < h; j++)
				for (unsigned i = 0; i < w; i++)
					for (unsigned k = 0; k < arr[a].ch; k++)
						f[(j * w + i) * arr[a].ch + k] = (float)l + (float)j / 16 + (float)i / 256 + (float)k / 4096;
			memset(&c, 0, sizeof c);
			c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = f, c.srcPitch = w * 4 * arr[a].ch;
			c.dstMemoryType = CU_MEMORYTYPE_ARRAY, c.WidthInBytes = w * 4 * arr[a].ch, c.Height = h;
			CK(cuMipmappedArrayGetLevel(&c.dstArray, mm[a], l));
			CK(cuMemcpy2D(&c));
		}
		memset(&rd, 0, sizeof rd);
		memset(&td, 0, sizeof td);
		rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY, rd.res.mipmap.hMipmappedArray = mm[a];
		td.filterMode = td.mipmapFilterMode = CU_TR_FILTER_MODE_LINEAR;
		td.flags = CU_TRSF_NORMALIZED_COORDINATES, td.maxMipmapLevelClamp = (float)arr[a].nl - 1;
		CK(cuTexObjectCreate(&t[a], &rd, &td, NULL));
	}
	CK(cuMemAlloc(&dc, 16 * 256));
	CK(cuMemAlloc(&dout, 16 * 256));
	if (argc > 1 && !strcmp(argv[1], "quads")) {
		for (size_t i = 0; i < sizeof quads / sizeof quads[0]; i++) {
			float q[16] = { 0 }, o[16];
			void *args[] = { &t[quads[i].a], &dc, &dout };
			for (unsigned l = 0; l < 4; l++)
				memcpy(q + 4 * l, quads[i].c + 3 * l, 12);
			CK(cuMemcpyHtoD(dc, q, sizeof q));
			CK(cuLaunchKernel(kq, 1, 1, 1, 4, 1, 1, 0, NULL, args, NULL));
			CK(cuMemcpyDtoH(o, dout, sizeof o));
			printf("quad %zu array %u:", i, quads[i].a);
			for (unsigned l = 0; l < 16; l++)
				printf(" %08x", fbits(o[l]));
			printf("\n");
		}
		argc = 0;
	}
	if (argc > 1 && !strcmp(argv[1], "tf0")) {
		/* 24 quads of random places as in launch 98 (x in [3, 5], y in
		 * [1, 3] texels of the 8x4 array; the first 12), or anywhere in
		 * [4, 12] of the 16x16 one, a random lane below 1/256 of level 0,
		 * the others anywhere in [1/256, 1) */
		uint32_t seed = 0x2f6b1d43u;
		for (unsigned i = 0; i < 24; i++) {
			unsigned a = i < 12 ? 2 : 0, z;
			float q[16], o[16];
			void *args[] = { &t[a], &dc, &dout };
			seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
			z = seed % 4;
			printf("tf0 %u array %u:", i, a);
			for (unsigned l = 0; l < 4; l++) {
				float r[3];
				for (unsigned k = 0; k < 3; k++) {
					seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
					r[k] = (float)(seed % 1024) / 1024.0f;
				}
				q[4 * l] = a == 2 ? (3 + 2 * r[0]) / 8 : (4 + 8 * r[0]) / 16;
				q[4 * l + 1] = a == 2 ? (1 + 2 * r[1]) / 4 : (4 + 8 * r[1]) / 16;
				q[4 * l + 2] = l == z ? (1 + r[2] * 2.9f) / 1024 : (4 + r[2] * 1019) / 1024;
				q[4 * l + 3] = 0;
				printf(" %08x %08x %08x", fbits(q[4 * l]), fbits(q[4 * l + 1]), fbits(q[4 * l + 2]));
			}
			CK(cuMemcpyHtoD(dc, q, sizeof q));
			CK(cuLaunchKernel(kq, 1, 1, 1, 4, 1, 1, 0, NULL, args, NULL));
			CK(cuMemcpyDtoH(o, dout, sizeof o));
			printf(" ->");
			for (unsigned l = 0; l < 16; l++)
				printf(" %08x", fbits(o[l]));
			printf("\n");
		}
		argc = 0;
	}
	if (argc > 1 && !strcmp(argv[1], "mixed")) {
		/* quads of lanes at (level-0 texels of the 16x16 array) P (6.75,
		 * 8.125), Q a texel along x, R one along y, S (9.25, 5.5), each
		 * at level of detail E (1 exactly), T (below 1/256 of level 0),
		 * H (0 + 128/256), K (1 + 128/256), U (1 + 0.5/256), C (-0.5,
		 * clamped to level 0), X (6, clamped to the last), F (2); the
		 * orders of "levels" 41 that "levels" leaves out, 42's lanes of
		 * one level beside lanes of two in other places and kinds, and
		 * eight random ones */
		static const char *mix[] = {
		"EPKPHPHP",
		"HPEPKPHP",
		"HPHPEPKP",
		"HPHPKPEP",
		"HPKPHPEP",
		"KPEPHPHP",
		"KPHPEPHP",
		"HPTPHQTQ",
		"TPTQHPHQ",
		"EPKPEQKQ",
		"CPHPCQHQ",
		"TPHQTQHP",
		"HPCSXQXR",
		"HPCQXRXS",
		"CQXPTPCP",
		"KPTSXPKP",
		"XPTQESEQ",
		"EQUSHPUQ",
		"TQCPTPKS",
		"XRFSCRKQ",
		"KPUSCSUP",
		"TSHRHSXP",
		};
		for (size_t i = 0; i < sizeof mix / sizeof mix[0]; i++) {
			float q[16] = { 0 }, o[16];
			void *args[] = { &t[0], &dc, &dout };
			for (unsigned l = 0; l < 4; l++) {
				const char *lv = "ETHKUCXF", *pl = "PQRS";
				static const float lod[] = { 1, 0.5f / 256, 128.5f / 256, 1 + 128.5f / 256, 1 + 0.5f / 256, -0.5f, 6, 2 };
				static const float xy[4][2] = { { 6.75f, 8.125f }, { 7.75f, 8.125f }, { 6.75f, 9.125f }, { 9.25f, 5.5f } };
				unsigned k = (unsigned)(strchr(lv, mix[i][2 * l]) - lv), p = (unsigned)(strchr(pl, mix[i][2 * l + 1]) - pl);
				q[4 * l] = xy[p][0] / 16, q[4 * l + 1] = xy[p][1] / 16, q[4 * l + 2] = lod[k];
			}
			CK(cuMemcpyHtoD(dc, q, sizeof q));
			CK(cuLaunchKernel(kq, 1, 1, 1, 4, 1, 1, 0, NULL, args, NULL));
			CK(cuMemcpyDtoH(o, dout, sizeof o));
			printf("mixed %s:", mix[i]);
			for (unsigned l = 0; l < 16; l++)
				printf(" %08x", fbits(o[l]));
			printf("\n");
		}
		argc = 0;
	}
	if (argc > 1 && !strcmp(argv[1], "places")) {
		/* quads on the 256x256 arrays: lanes at level of detail E (1
		 * exactly), F (2 exactly), U (1 + 0.5/256), C (-0.5), H (0 +
		 * 128/256), K (1 + 128/256), M (2 + 128/256), each at P (100.75,
		 * 120.125 texels) where the set's "at P" names it, else at a
		 * place of its own 64 or more texels away, in every order of
		 * the set's letters (sorted, each once); then lanes E and K
		 * alone, thrice */
		static const struct { const char *set, *atp; unsigned a; } ps[] = {
			{ "EHHK", "", 4 }, { "EHHK", "EK", 4 }, { "EHHK", "EHK", 4 }, { "FKKM", "FKM", 4 },
			{ "HHKU", "UHK", 4 }, { "EHHK", "EHK", 5 }, { "CKUU", "KUC", 4 },
		};
		static const float far[4][2] = { { 36.75f, 56.125f }, { 164.75f, 56.125f }, { 36.75f, 184.125f },
			{ 164.75f, 184.125f } };
		const char *lv = "EFUCHKM";
		static const float lod[] = { 1, 2, 1 + 0.5f / 256, -0.5f, 128.5f / 256, 1 + 128.5f / 256, 2 + 128.5f / 256 };
		for (size_t i = 0; i < sizeof ps / sizeof ps[0] + 3; i++) {
			char ord[24][5];
			unsigned n = 0;
			if (i < sizeof ps / sizeof ps[0]) {
				for (unsigned p = 0; p < 256; p++) {   /* every order of the 4 letters, sorted, once */
					unsigned x[4] = { p & 3, p >> 2 & 3, p >> 4 & 3, p >> 6 & 3 }, k = 0;
					char o4[5];
					if (x[0] == x[1] || x[0] == x[2] || x[0] == x[3] || x[1] == x[2] || x[1] == x[3] || x[2] == x[3])
						continue;
					for (unsigned j = 0; j < 4; j++)
						o4[j] = ps[i].set[x[j]];
					o4[4] = 0;
					while (k < n && strcmp(ord[k], o4))
						k++;
					if (k == n)
						memcpy(ord[n++], o4, 5);
				}
				qsort(ord, n, 5, (int (*)(const void *, const void *))strcmp);
			} else
				memcpy(ord[n++], "EK", 3);
			for (unsigned j = 0; j < n; j++) {
				unsigned a = i < sizeof ps / sizeof ps[0] ? ps[i].a : 4, nf = 0, nl = (unsigned)strlen(ord[j]);
				float q[16] = { 0 }, o[16];
				void *args[] = { &t[a], &dc, &dout };
				for (unsigned l = 0; l < nl; l++) {
					int atp = i >= sizeof ps / sizeof ps[0] || strchr(ps[i].atp, ord[j][l]);
					q[4 * l] = (atp ? 100.75f : far[nf][0]) / 256;
					q[4 * l + 1] = (atp ? 120.125f : far[nf][1]) / 256;
					q[4 * l + 2] = lod[strchr(lv, ord[j][l]) - lv];
					nf += !atp;
				}
				CK(cuMemcpyHtoD(dc, q, sizeof q));
				CK(cuLaunchKernel(kq, 1, 1, 1, nl, 1, 1, 0, NULL, args, NULL));
				CK(cuMemcpyDtoH(o, dout, sizeof o));
				printf("places %s (at P %s) array %u:", ord[j], i < sizeof ps / sizeof ps[0] ? ps[i].atp : "all", a);
				for (unsigned l = 0; l < 4 * nl; l++)
					printf(" %08x", fbits(o[l]));
				printf("\n");
			}
		}
		argc = 0;
	}
	if (argc > 1 && (!strcmp(argv[1], "random") || !strcmp(argv[1], "warps") || !strcmp(argv[1], "rsub"))) {
		/* on the 256x256 arrays of f32x4 and of f32: 40 quads a launch,
		 * then 12 launches of 8 quads (a warp), each quad's lanes within
		 * two texels of a random place, each lane's level of detail
		 * 1, 2 or 3 exactly (35 in 100), 0 to 3 plus 0.5/256 (10), or
		 * between two levels (55) */
		uint32_t seed = 0x6d2b79f5u;
		for (unsigned a = 4; a < 6; a++)
			for (unsigned i = 0; i < 52; i++) {
				unsigned nq = i < 40 ? 1 : 8;
				float q[4 * 32], o[4 * 32];
				void *args[] = { &t[a], &dc, &dout };
				for (unsigned k = 0; k < nq; k++) {
					float r[4];
					for (unsigned j = 0; j < 2; j++) {
						seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
						r[j] = 40 + (float)(seed % 40960) / 256;
					}
					for (unsigned l = 0; l < 4; l++) {
						static const float dx[5] = { 0, 0, 1, 2, 0.5f }, dy[4] = { 0, 0, 1, 0.25f };
						float *p = q + 16 * k + 4 * l, lod;
						unsigned u[4];
						for (unsigned j = 0; j < 4; j++) {
							seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
							u[j] = seed;
						}
						if (u[0] % 100 < 35)
							lod = (float)(1 + u[1] % 3);
						else if (u[0] % 100 < 45)
							lod = (float)(u[1] % 4) + 0.5f / 256;
						else
							lod = (float)(u[1] % 4) + (float)(1 + u[2] % 255) / 256 + 0.5f / 256;
						p[0] = (r[0] + dx[u[3] % 5]) / 256, p[1] = (r[1] + dy[u[3] / 5 % 4]) / 256;
						p[2] = lod, p[3] = 0;
					}
				}
				if (strcmp(argv[1], "random")) {
					int want = 0, w = !strcmp(argv[1], "warps");
					for (int k = 2; k < argc; k++)
						want |= nq == (w ? 8u : 1u) && (unsigned)atoi(argv[k]) == (a - 4) * 52 + i;
					for (unsigned v = 0; want && v < (w ? 8 + 6 : 14); v++) {
						/* warps: quad v alone, or quads 0 to v - 7;
						 * rsub: the lanes of mask v + 1 */
						float pq[4 * 32];
						memcpy(pq, q, sizeof pq);
						for (unsigned k = 0; k < 8; k++)
							for (unsigned l = 0; l < 4; l++)
								pq[16 * k + 4 * l + 3] = (w ? v < 8 ? k != v : k > v - 7 : k || !((v + 1) >> l & 1)) ? 1.0f : 0.0f;
						CK(cuMemcpyHtoD(dc, pq, sizeof pq));
						CK(cuLaunchKernel(kp, 1, 1, 1, w ? 32 : 4, 1, 1, 0, NULL, args, NULL));
						CK(cuMemcpyDtoH(o, dout, sizeof o));
						printf("%s %u array %u part %u:", argv[1], i, a, v);
						for (unsigned l = 0; l < 4 * 32; l++)
							if (pq[l / 4 * 4 + 3] == 0)
								printf(" %08x", fbits(o[l]));
						printf("\n");
					}
					continue;
				}
				CK(cuMemcpyHtoD(dc, q, 64 * nq));
				CK(cuLaunchKernel(kq, 1, 1, 1, 4 * nq, 1, 1, 0, NULL, args, NULL));
				CK(cuMemcpyDtoH(o, dout, 64 * nq));
				printf("random %u array %u:", i, a);
				for (unsigned l = 0; l < 16 * nq; l++)
					printf(" %08x", fbits(o[l]));
				printf("\n");
			}
		argc = 0;
	}
	if (argc > 1 && !strcmp(argv[1], "few")) {
		/* on the 256x256 arrays (f32x4, then f32 for those marked): a
		 * lane a letter pair, its level of detail (as "places", and V 1
		 * + 255.5/256, G 0 exactly) and place: P (100.75, 120.125
		 * texels), Q a texel along x, R one along y, Z (36.75,
		 * 56.125); ".." an idle lane */
		static const struct { const char *ln; int f32; } fw[] = {
			{ "EPKP", 1 }, { "KPEP", 1 }, { "EPKQ", 1 }, { "EPKZ", 1 }, { "EPEP", 0 }, { "KPKP", 0 },
			{ "FPMP", 1 }, { "UPKP", 0 }, { "EPVP", 0 }, { "EPHP", 0 }, { "HPKP", 0 }, { "EPKR", 0 },
			{ "EP..KP", 1 }, { "EP....KP", 0 }, { "..EPKP", 0 }, { "....EPKP", 0 }, { "EPKPKP", 1 },
			{ "EPKPEP", 0 }, { "EPKPEPKP", 1 }, { "EPEPKPKP", 0 }, { "EPKP....EPKP", 1 },
			{ "EPKP....HPKP", 0 }, { "EPKP....EP", 0 }, { "EP", 0 }, { "KP", 0 }, { "GPHP", 1 },
			{ "EPMP", 0 }, { "FPKP", 0 },
		};
		/* and Y 2 + 0.5/256, J 3, N 3 + 20.5/256; S a quarter texel
		 * along y from P, T a texel back along x, X (-2, 0.25) from P */
		const char *lv = "EFUCHKMVGYJN", *pl = "PQRZSTX";
		static const float lod[] = { 1, 2, 1 + 0.5f / 256, -0.5f, 128.5f / 256, 1 + 128.5f / 256, 2 + 128.5f / 256,
			1 + 255.5f / 256, 0, 2 + 0.5f / 256, 3, 3 + 20.5f / 256 };
		static const float xy[7][2] = { { 100.75f, 120.125f }, { 101.75f, 120.125f }, { 100.75f, 121.125f },
			{ 36.75f, 56.125f }, { 100.75f, 120.375f }, { 99.75f, 120.125f }, { 98.75f, 120.375f } };
		int given = argc > 2;
		for (unsigned a = 4; a < 6; a++)
			for (size_t i = 0; i < (given ? (size_t)argc - 2 : sizeof fw / sizeof fw[0]); i++) {
				float q[4 * 32] = { 0 }, o[4 * 32];
				const char *ln = given ? argv[2 + i] : fw[i].ln, *sl = strchr(ln, '/');
				unsigned nl = (unsigned)(sl ? (size_t)(sl - ln) : strlen(ln)) / 2;
				void *args[] = { &t[a], &dc, &dout };
				if (a == 5 && (given ? !sl : !fw[i].f32))
					continue;
				if (a == 4 && given && sl)
					continue;
				if (strchr(ln, ':')) {   /* X:Y:LOD;... */
					const char *r = ln;
					nl = 0;
					while (*r && *r != '/' && nl < 32) {
						float x, y, z;
						if (sscanf(r, "%f:%f:%f", &x, &y, &z) == 3)
							q[4 * nl] = x / 256, q[4 * nl + 1] = y / 256, q[4 * nl + 2] = z;
						else
							q[4 * nl + 3] = 1;
						nl++;
						while (*r && *r != ';' && *r != '/')
							r++;
						r += *r == ';';
					}
				} else
				for (unsigned l = 0; l < nl; l++) {
					const char *k = strchr(lv, ln[2 * l]), *p = strchr(pl, ln[2 * l + 1]);
					if (!ln[2 * l] || !k || !p || !ln[2 * l + 1]) {
						q[4 * l + 3] = 1;
						continue;
					}
					q[4 * l] = xy[p - pl][0] / 256, q[4 * l + 1] = xy[p - pl][1] / 256;
					q[4 * l + 2] = lod[k - lv];
				}
				CK(cuMemcpyHtoD(dc, q, 16 * nl));
				CK(cuLaunchKernel(kp, 1, 1, 1, nl, 1, 1, 0, NULL, args, NULL));
				CK(cuMemcpyDtoH(o, dout, 16 * nl));
				printf("few %.*s array %u:", (int)(sl ? (size_t)(sl - ln) : strlen(ln)), ln, a);
				for (unsigned l = 0; l < 4 * nl; l++)
					if (q[l / 4 * 4 + 3] == 0)
						printf(" %08x", fbits(o[l]));
				printf("\n");
			}
		argc = 0;
	}
	if (argc > 1 && !strcmp(argv[1], "file")) {
		for (int i = 2; i + 2 < argc; i += 3)
			if ((unsigned)atoi(argv[i + 1]) < NARR)
				fromfile(kq, t[atoi(argv[i + 1])], dc, dout, argv[i], (unsigned)atoi(argv[i + 1]),
				    (unsigned)atoi(argv[i + 2]));
		argc = 0;
	}
	if (argc > 1 && !strcmp(argv[1], "levels")) {
		static const unsigned char perm[5][4] = {
			{ 1, 0, 2, 3 }, { 2, 3, 0, 1 }, { 0, 2, 1, 3 }, { 3, 2, 1, 0 }, { 0, 1, 3, 2 },
		};
		for (size_t i = 41; i <= 42; i++)
			for (unsigned m = 1; m < 21; m++) {
				const Case *k = &cases[i];
				float q[16], o[16];
				unsigned n = 0, ln[4];
				void *args[] = { &t[k->a], &dc, &dout };
				for (unsigned l = 0; l < 4; l++)
					if (m >= 16 || m >> l & 1)
						ln[n++] = m >= 16 ? perm[m - 16][l] : l;
				for (unsigned l = 0; l < n; l++)
					lane(q + 4 * l, k, ln[l]);
				CK(cuMemcpyHtoD(dc, q, 16 * n));
				CK(cuLaunchKernel(kq, 1, 1, 1, n, 1, 1, 0, NULL, args, NULL));
				CK(cuMemcpyDtoH(o, dout, 16 * n));
				printf("levels %zu lanes", i);
				for (unsigned l = 0; l < n; l++)
					printf(" %u", ln[l]);
				printf(":");
				for (unsigned l = 0; l < 4 * n; l++)
					printf(" %08x", fbits(o[l]));
				printf("\n");
			}
		argc = 0;
	}
	for (size_t i = 0; argc && i < sizeof cases / sizeof cases[0]; i++) {
		const Case *k = &cases[i];
		float q[16], o[16];
		void *args[] = { &t[k->a], &dc, &dout };
		for (unsigned l = 0; l < k->n; l++)
			lane(q + 4 * l, k, l);
		CK(cuMemcpyHtoD(dc, q, 16 * k->n));
		CK(cuLaunchKernel(kq, 1, 1, 1, k->n, 1, 1, 0, NULL, args, NULL));
		CK(cuMemcpyDtoH(o, dout, 16 * k->n));
		printf("%zu %s%sarray %u", i, k->name, *k->name ? " " : "", k->a);
		for (unsigned l = 0; l < k->n; l++)
			if (k->ln[l].t == W)
				printf(" (%g, %g) lod %u", k->ln[l].x, k->ln[l].y, k->ln[l].l);
			else
				printf(" (%g, %g) lod %u+%u/256", k->ln[l].x, k->ln[l].y, k->ln[l].l, k->ln[l].t);
		printf(":");
		for (unsigned l = 0; l < 4 * k->n; l++)
			printf(" %08x", fbits(o[l]));
		printf("\n");
	}
	cuMemFree(dc);
	cuMemFree(dout);
	for (unsigned a = 0; a < NARR; a++) {
		cuTexObjectDestroy(t[a]);
		cuMipmappedArrayDestroy(mm[a]);
	}
	printf("done\n");
	return 0;
}

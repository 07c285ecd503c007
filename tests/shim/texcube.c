/*
 * texcube.c -- cubemaps at their faces' edges and corners, the last bits
 * of linear filtering of f16 and 8- and 16-bit normalized texels.
 *
 * Cubemaps: a 4x4 cubemap of f32 texels (3 levels), each texel holding
 * 1000 level + 100 face + 10 y + x + 1, so that tld4's four results name
 * the texels the unit gathers; sampled by tld4, tex.cube (level 0),
 * tex.level.cube at level 1 (2x2 faces: every footprint reaches an edge)
 * and at random levels, under each address mode with and without
 * CU_TRSF_SEAMLESS_CUBEMAP, at a grid of directions on every face (the
 * two minor components k/16, k from -16 to 16: edges, corners and the
 * ties between faces) and at random ones; tld4 and tex.level of a layered
 * cubemap; point sampling and tld4 of a point-sampled cubemap, seamless
 * or not; tex.grad.cube of a 16x16 cubemap whose level l holds l, so
 * that the result is the level of detail the unit took, at random
 * directions and gradients and on a grid of them (gradgrid()), and last
 * in sweeps of gradients that cross a face's edge (gradsweep()), on that
 * cube and on cubes of 12, 24, 20, 6, 48 and 17 texels a face, whose
 * sizes scale the gradients by more than a shift (random gradients on
 * the 12 and 17 ones too); tex.grad.2d's levels on arrays of such sizes
 * (grad2d()); tex.level.cube and tld4 of named texels on cubes of 12 and
 * 17 texels (npotcubes()); tex.grad.1d's levels on arrays of 3 to 12345
 * texels (grad1d()) and tex.grad.3d's on arrays with one axis of 3 to
 * 1000 texels and on arrays of three such sizes (grad3d()).
 *
 * Formats: 64x64 arrays of random texels (halves of any finite value),
 * tex.2d linear at texel centres plus k/256 along x (two texels), along
 * both axes (four), and at random places; 4x4 cubemaps of u8x4, s8x4,
 * f16x2, u16x4 and s16x1 texels by tex.cube and tld4 on the grid,
 * seamless or not (cubeformats(): the corner's blend in each format).
 *
 * A line a launch: its name, a hash of every lane's four results (FNV-1a
 * of their bits) and 8 lanes' results (texcube.gpu: an H200's).
 *
 *	texcube           the lines
 *	texcube dump DIR  also each launch's results, DIR/NAME.bin (with
 *	                  TEXCUBE_INPUTS set, its coordinates too, DIR/NAME.in,
 *	                  and the formats' texels, DIR/fmt_FORMAT.tex)
 *	texcube probe DIR SHIMDIR
 *	                  the launches SHIMDIR has the shim's results of,
 *	                  and around the lanes where they differ each input
 *	                  changed by ulps and bits (probe())
 *	texcube cubeparts [warps | quads L...]
 *	                  the seamless u8x4 cube's tex.cube grid (cubeformats())
 *	                  whole, then 512 lanes at a time, for its counters (with
 *	                  "warps" then each warp of the 1st, 3rd, ... 512 alone;
 *	                  with "quads L..." then each quad of lanes L to L + 3)
 */
#include <math.h>
#include "shimtest.h"

#define K(name, op, operands) \
	".visible .entry " name "(.param .u64 t, .param .u64 c, .param .u64 o)\n{\n" \
	"\t.reg .u32 %r<4>; .reg .f32 %f<17>; .reg .u64 %rd<7>;\n" \
	"\tld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [c]; ld.param.u64 %rd3, [o];\n" \
	"\tmov.u32 %r1, %tid.x; mov.u32 %r3, %ctaid.x; mad.lo.u32 %r1, %r3, 256, %r1;\n" \
	"\tmul.wide.u32 %rd4, %r1, 48; add.u64 %rd5, %rd2, %rd4;\n" \
	"\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd5]; ld.global.v4.f32 {%f5, %f6, %f7, %f8}, [%rd5+16];\n" \
	"\tld.global.v4.f32 {%f9, %f10, %f11, %f12}, [%rd5+32]; cvt.rzi.u32.f32 %r2, %f4;\n" \
	"\t" op " {%f13, %f14, %f15, %f16}, [%rd1, " operands ";\n" \
	"\tmul.wide.u32 %rd6, %r1, 16; add.u64 %rd6, %rd3, %rd6; st.global.v4.f32 [%rd6], {%f13, %f14, %f15, %f16};\n" \
	"\tret;\n}\n"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	K("t4cube", "tld4.r.cube.v4.f32.f32", "{%f1, %f2, %f3, %f3}]")
	K("t4acube", "tld4.r.acube.v4.f32.f32", "{%r2, %f1, %f2, %f3}]")
	K("txcube", "tex.cube.v4.f32.f32", "{%f1, %f2, %f3, %f3}]")
	K("lvcube", "tex.level.cube.v4.f32.f32", "{%f1, %f2, %f3, %f3}], %f5")
	K("lvacube", "tex.level.acube.v4.f32.f32", "{%r2, %f1, %f2, %f3}], %f5")
	K("grcube", "tex.grad.cube.v4.f32.f32", "{%f1, %f2, %f3, %f3}], {%f5, %f6, %f7, %f7}, {%f9, %f10, %f11, %f11}")
	K("tx2d", "tex.2d.v4.f32.f32", "{%f1, %f2}]")
	K("gr2d", "tex.grad.2d.v4.f32.f32", "{%f1, %f2}], {%f5, %f6}, {%f9, %f10}")
	K("gr1d", "tex.grad.1d.v4.f32.f32", "{%f1}], {%f5}, {%f9}")
	K("gr3d", "tex.grad.3d.v4.f32.f32", "{%f1, %f2, %f3, %f3}], {%f5, %f6, %f7, %f7}, {%f9, %f10, %f11, %f11}");

#define MAXN 8192
#define NFMT 4096
static float c[MAXN * 12], o[MAXN * 4];
static const char *dumpdir, *probedir, *shimdir;
static int cubeparts, cpargc;
static char **cpargv;
static CUmodule mod;
static CUdeviceptr dc, dout;

static uint32_t seed = 0x2545f491u;

static uint32_t
rnd(void)
{
	seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
	return seed;
}

/* uniform in [lo, hi) on a grid of 1/65536 of the range */
static float
uni(float lo, float hi)
{
	return lo + (float)(rnd() % 65536u) / 65536.0f * (hi - lo);
}

static uint32_t
fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static void probe(const char *name, const char *k, CUtexObject t, unsigned n);
static void runk(const char *k, CUtexObject t, unsigned n);

/* kernel k over texture t at c[] (n lanes): the line, and the dump */
static void
launch(const char *name, const char *k, CUtexObject t, unsigned n)
{
	uint32_t h = 2166136261u;

	if (probedir) {
		probe(name, k, t, n);
		return;
	}
	runk(k, t, n);
	for (unsigned i = 0; i < n * 4; i++) {
		uint32_t u = fbits(o[i]);
		for (int b = 0; b < 4; b++)
			h = (h ^ (u >> 8 * b & 255)) * 16777619u;
	}
	printf("%s: %08x", name, h);
	for (unsigned i = 0; i < 8; i++) {
		unsigned l = i * (n / 8) + n / 16;
		printf("%s%08x %08x %08x %08x", i % 4 ? "  " : "\n ", fbits(o[4 * l]), fbits(o[4 * l + 1]),
		    fbits(o[4 * l + 2]), fbits(o[4 * l + 3]));
	}
	printf("\n");
	if (dumpdir) {
		char path[512], fn[128];
		FILE *fp;
		snprintf(fn, sizeof fn, "%s", name);
		for (char *q = fn; *q; q++)
			*q = *q == ' ' ? '_' : *q;
		snprintf(path, sizeof path, "%s/%s.bin", dumpdir, fn);
		if ((fp = fopen(path, "wb"))) {
			fwrite(o, 16, n, fp);
			fclose(fp);
		}
		snprintf(path, sizeof path, "%s/%s.in", dumpdir, fn);
		if (getenv("TEXCUBE_INPUTS") && (fp = fopen(path, "wb"))) {
			fwrite(c, 48, n, fp);
			fclose(fp);
		}
	}
}

/* FNV-1a of the bytes of n floats */
static uint32_t
fnv(const float *v, unsigned n)
{
	uint32_t h = 2166136261u;

	for (unsigned i = 0; i < n; i++) {
		uint32_t u = fbits(v[i]);
		for (int b = 0; b < 4; b++)
			h = (h ^ (u >> 8 * b & 255)) * 16777619u;
	}
	return h;
}

/* k over t at c[]'s first n lanes into o[] */
static void
runk(const char *k, CUtexObject t, unsigned n)
{
	CUfunction f;
	void *args[] = { &t, &dc, &dout };

	CK(cuModuleGetFunction(&f, mod, k));
	memset(o, 0, sizeof o);
	CK(cuMemcpyHtoD(dout, o, sizeof o));
	CK(cuMemcpyHtoD(dc, c, sizeof c));
	CK(cuLaunchKernel(f, (n + 255) / 256, 1, 1, 256, 1, 1, 0, NULL, args, NULL));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(o, dout, sizeof o));
}

static void
wfile(const char *dir, const char *fn, const char *ext, const void *p, size_t sz)
{
	char path[600];
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s%s", dir, fn, ext);
	if (!(fp = fopen(path, "wb")) || fwrite(p, 1, sz, fp) != sz) {
		fprintf(stderr, "texcube: cannot write %s\n", path);
		exit(1);
	}
	fclose(fp);
}

/* lane b's inputs changed one at a time into c[]: each nonzero input
 * (direction or coordinates, level, gradients) 1 to 48 ulps either way,
 * 1 to 16 steps of its 10-bit mantissa's last bit either way, and each
 * of its 23 mantissa bits flipped; then all the gradients (or the level)
 * scaled by 1 + j/4096, j from -128 to 128; lane 0 b itself.  Returns
 * the lanes. */
static unsigned
perturb(const float *b)
{
	static const unsigned in[] = { 0, 1, 2, 4, 5, 6, 8, 9, 10 };
	unsigned m = 1;

	memset(c, 0, sizeof c);
	memcpy(c, b, 48);
	for (unsigned i = 0; i < 9; i++) {
		uint32_t u = fbits(b[in[i]]), v[96 + 32 + 23];
		unsigned nv = 0;
		if (!(u & 0x7fffffffu))
			continue;
		for (int d = -48; d <= 48; d++)
			if (d)
				v[nv++] = u + (uint32_t)d;
		for (int d = -16; d <= 16; d++)
			if (d)
				v[nv++] = u + (uint32_t)d * 8192u;
		for (unsigned bit = 0; bit < 23; bit++)
			v[nv++] = u ^ 1u << bit;
		for (unsigned j = 0; j < nv; j++, m++) {
			memcpy(c + 12 * m, b, 48);
			memcpy(c + 12 * m + in[i], &v[j], 4);
		}
	}
	for (int j = -128; j <= 128; j++)
		if (j) {
			float *p = c + 12 * m++;
			memcpy(p, b, 48);
			for (unsigned a = 4; a < 11; a++)
				p[a] = (float)(p[a] * (1 + j / 4096.0));
		}
	return m;
}

/* texcube probe DIR SHIMDIR: of the launches only those whose results
 * the shim gave in SHIMDIR/NAME.bin (texcube dump SHIMDIR, under the
 * shim), each's results dumped to DIR/NAME.bin; at each of its lanes
 * whose four results differ from the shim's (16 at most), the lane's
 * inputs changed one at a time (perturb()), a launch whose results go to
 * DIR/NAME.LANE.bin, and a line, "probe NAME LANE: HASH LANES" (FNV-1a
 * of the results, as launch()'s); DIR/lanes lists those lanes.  With
 * TEXCUBE_PROBELANES naming such a list ("NAME LANE" a line) instead,
 * the launches and lanes it names (texcube.probe.gpu: an H200's lines
 * of the lanes of texcube.probe.lanes).  The inputs are the same on any
 * machine; TEXCUBE_INPUTS writes them too, as .in. */
static void
probe(const char *name, const char *k, CUtexObject t, unsigned n)
{
	static float save[MAXN * 12], sh[MAXN * 4];
	char fn[128], path[600], ln[200], sfx[32];
	unsigned lanes[16], nlanes = 0;
	const char *lf = getenv("TEXCUBE_PROBELANES");
	FILE *fp;

	snprintf(fn, sizeof fn, "%s", name);
	for (char *q = fn; *q; q++)
		*q = *q == ' ' ? '_' : *q;
	if (lf) {
		char nm[128];
		unsigned l;
		if (!(fp = fopen(lf, "r")))
			return;
		while (fgets(ln, sizeof ln, fp))
			if (sscanf(ln, "%127s %u", nm, &l) == 2 && !strcmp(nm, fn) && l < n && nlanes < 16)
				lanes[nlanes++] = l;
		fclose(fp);
		if (!nlanes)
			return;
		runk(k, t, n);
	} else {
		snprintf(path, sizeof path, "%s/%s.bin", shimdir, fn);
		if (!(fp = fopen(path, "rb")))
			return;
		memset(sh, 0, sizeof sh);
		if (fread(sh, 16, n, fp) != n)
			fprintf(stderr, "texcube: %s is short\n", path);
		fclose(fp);
		runk(k, t, n);
		for (unsigned i = 0; i < n && nlanes < 16; i++)
			if (memcmp(o + 4 * i, sh + 4 * i, 16))
				lanes[nlanes++] = i;
	}
	wfile(probedir, fn, ".bin", o, 16 * (size_t)n);
	if (getenv("TEXCUBE_INPUTS"))
		wfile(probedir, fn, ".in", c, 48 * (size_t)n);
	snprintf(path, sizeof path, "%s/lanes", probedir);
	if ((fp = fopen(path, "a"))) {
		for (unsigned i = 0; i < nlanes; i++)
			fprintf(fp, "%s %u\n", fn, lanes[i]);
		fclose(fp);
	}
	memcpy(save, c, sizeof save);
	for (unsigned i = 0; i < nlanes; i++) {
		unsigned m = perturb(save + 12 * lanes[i]);
		runk(k, t, m);
		if (getenv("TEXCUBE_INPUTS")) {
			snprintf(sfx, sizeof sfx, ".%u.in", lanes[i]);
			wfile(probedir, fn, sfx, c, 48 * (size_t)m);
		}
		snprintf(sfx, sizeof sfx, ".%u.bin", lanes[i]);
		wfile(probedir, fn, sfx, o, 16 * (size_t)m);
		printf("probe %s %u: %08x %u\n", fn, lanes[i], fnv(o, 4 * m), m);
	}
	memcpy(c, save, sizeof save);
}

/* A cubemap (layered: nc cubes) of f32 texels, size x size faces, nl
 * levels, each texel val(level, slice, x, y) */
static CUmipmappedArray
cubemap(unsigned size, unsigned nc, unsigned nl, float (*val)(unsigned, unsigned, unsigned, unsigned))
{
	float *tx = malloc(sizeof *tx * size * size * 6 * nc);
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CUmipmappedArray m;

	if (!tx)
		abort();
	memset(&ad, 0, sizeof ad);
	ad.Width = ad.Height = size, ad.Depth = 6 * nc;
	ad.Flags = CUDA_ARRAY3D_CUBEMAP | (nc > 1 ? CUDA_ARRAY3D_LAYERED : 0);
	ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 1;
	CK(cuMipmappedArrayCreate(&m, &ad, nl));
	for (unsigned l = 0; l < nl; l++) {
		unsigned w = size >> l;
		CUDA_MEMCPY3D cp;
		for (unsigned s = 0; s < 6 * nc; s++)
			for (unsigned y = 0; y < w; y++)
				for (unsigned x = 0; x < w; x++)
					tx[(s * w + y) * w + x] = val(l, s, x, y);
		memset(&cp, 0, sizeof cp);
		cp.srcMemoryType = CU_MEMORYTYPE_HOST, cp.srcHost = tx, cp.srcPitch = w * 4, cp.srcHeight = w;
		cp.dstMemoryType = CU_MEMORYTYPE_ARRAY, cp.WidthInBytes = w * 4, cp.Height = w, cp.Depth = 6 * nc;
		CK(cuMipmappedArrayGetLevel(&cp.dstArray, m, l));
		CK(cuMemcpy3D(&cp));
	}
	free(tx);
	return m;
}

static float
named(unsigned l, unsigned s, unsigned x, unsigned y)
{
	return (float)(10000 * (s / 6) + 1000 * l + 100 * (s % 6) + 10 * y + x + 1);
}

static float
levelof(unsigned l, unsigned s, unsigned x, unsigned y)
{
	(void)s, (void)x, (void)y;
	return (float)l;
}

static CUtexObject
texobj(CUmipmappedArray m, unsigned nl, CUaddress_mode am, unsigned flags)
{
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUtexObject t;

	memset(&rd, 0, sizeof rd);
	memset(&td, 0, sizeof td);
	rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY, rd.res.mipmap.hMipmappedArray = m;
	for (unsigned a = 0; a < 3; a++)
		td.addressMode[a] = am;
	td.filterMode = td.mipmapFilterMode = CU_TR_FILTER_MODE_LINEAR;
	td.flags = CU_TRSF_NORMALIZED_COORDINATES | flags, td.maxMipmapLevelClamp = (float)nl - 1;
	td.borderColor[0] = 0.5f;
	if (cuTexObjectCreate(&t, &rd, &td, NULL) != CUDA_SUCCESS) {
		printf("texture of flags %#x refused\n", td.flags);
		return 0;
	}
	return t;
}

/* the grid: 6 faces of 33 x 33 directions; returns the lanes */
static unsigned
grid(float lod)
{
	unsigned n = 0;

	memset(c, 0, sizeof c);
	for (unsigned f = 0; f < 6; f++)
		for (int a = -16; a <= 16; a++)
			for (int b = -16; b <= 16; b++, n++) {
				float *p = c + 12 * n;
				unsigned ax = f / 2;
				p[ax] = f & 1 ? -1.0f : 1.0f;
				p[(ax + 1) % 3] = (float)a / 16, p[(ax + 2) % 3] = (float)b / 16;
				p[4] = lod;
			}
	return n;
}

/* n random directions, random layers of nc cubes, levels in [lo, hi) */
static unsigned
randomdirs(unsigned n, unsigned nc, float lo, float hi)
{
	memset(c, 0, sizeof c);
	for (unsigned i = 0; i < n; i++) {
		float *p = c + 12 * i;
		for (unsigned a = 0; a < 3; a++)
			p[a] = uni(-1, 1);
		p[3] = (float)(rnd() % nc);
		p[4] = uni(lo, hi);
	}
	return n;
}

/* tex.grad.cube's gradients on a grid: directions on +x and +z (the
 * centre, off it along one axis or both), dx and dy each along one axis
 * (or both along s) of 2^-k, either sign; returns the lanes */
static unsigned
gradgrid(void)
{
	static const float off[][2] = { { 0, 0 }, { 0.5f, 0 }, { 0, 0.5f }, { -0.75f, 0.25f }, { 0.9f, -0.9f } };
	static const float gv[][3] = {
		{ 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 0, -1, 0 }, { 0, 0, -1 }, { -1, 0, 0 }, { 0, 1, 1 }, { 1, 1, 0 },
	};
	unsigned n = 0;

	memset(c, 0, sizeof c);
	for (unsigned f = 0; f < 2; f++)
		for (unsigned o = 0; o < sizeof off / sizeof off[0]; o++)
			for (unsigned gx = 0; gx < 8; gx++)
				for (unsigned gy = 0; gy < 8; gy++)
					for (unsigned k = 0; k < 6 && n < MAXN; k++, n++) {
						float *p = c + 12 * n, sx = (float)(1u << (k + 1)) / 512.0f, sy = sx * (k & 1 ? 2 : 0.5f);
						unsigned ax = f ? 2 : 0;
						p[ax] = 1, p[(ax + 1) % 3] = off[o][0], p[(ax + 2) % 3] = off[o][1];
						for (unsigned a = 0; a < 3; a++)
							p[4 + a] = gv[gx][a] * sx, p[8 + a] = gv[gy][a] * sy;
					}
	return n;
}

/* tex.grad.cube's sweeps across a face's edge: 47 families of 4096
 * lanes, d on a face (+x, -y or -z) at (s0, t0) of its axes, dx (or dy)
 * along the face's axes (m, s, t) times delta, delta from 0.02 to 3 in
 * geometric steps, d and the gradients scaled together by sc; returns
 * the lanes of family k (0 past the last) */
static unsigned
gradsweep(unsigned k)
{
	static const signed char fb[6][3][3] = {
		{ { 1, 0, 0 }, { 0, 0, -1 }, { 0, -1, 0 } }, { { -1, 0, 0 }, { 0, 0, 1 }, { 0, -1, 0 } },
		{ { 0, 1, 0 }, { 1, 0, 0 }, { 0, 0, 1 } }, { { 0, -1, 0 }, { 1, 0, 0 }, { 0, 0, -1 } },
		{ { 0, 0, 1 }, { 1, 0, 0 }, { 0, -1, 0 } }, { { 0, 0, -1 }, { -1, 0, 0 }, { 0, -1, 0 } },
	};
	static const double s5[5] = { 0, 0.5, 0.8, 0.95, 0.99 }, t3[3] = { 0, 0.3, -0.7 };
	static const double st3[3][2] = { { 0.5, 0 }, { 0.95, 0.3 }, { 0.8, -0.7 } };
	static const double st2[2][2] = { { 0.3, 0.9 }, { -0.2, -0.95 } };
	double s0, t0, sc = 1, gx[3] = { 0, 1, 0 }, gy[3] = { 0, 0, 0 };
	unsigned f = 0;

	if (k < 15)   /* along s */
		s0 = s5[k / 3], t0 = t3[k % 3];
	else if (k < 20)   /* dy nearly along dx */
		s0 = s5[k - 15], t0 = 0.3, gy[1] = 0.8, gy[2] = 0.1;
	else if (k < 30)   /* dx along s and t */
		s0 = s5[(k - 20) % 5], t0 = 0.3, gx[2] = k < 25 ? 0.5 : -1.2;
	else if (k < 36)   /* d and the gradients scaled */
		s0 = st3[(k - 30) % 3][0], t0 = st3[(k - 30) % 3][1], sc = k < 33 ? 0.37 : 5.3;
	else if (k < 37)   /* toward a corner */
		s0 = t0 = 0.9, gx[2] = 1;
	else if (k < 43)   /* other faces */
		s0 = st3[(k - 37) % 3][0], t0 = st3[(k - 37) % 3][1], f = k < 40 ? 3 : 5;
	else if (k < 47) {   /* along t, dx or dy */
		s0 = st2[(k - 43) / 2][0], t0 = st2[(k - 43) / 2][1];
		gx[1] = 0, gx[2] = t0 > 0 ? 1 : -1;
		if ((k - 43) % 2)
			memcpy(gy, gx, sizeof gy), gx[2] = 0;
	} else
		return 0;
	memset(c, 0, sizeof c);
	for (unsigned n = 0; n < 4096; n++) {
		double dl = 0.02 * pow(150.0, n / 4095.0);
		double v[3][3] = { { sc, s0 * sc, t0 * sc } };
		float *p = c + 12 * n;
		for (unsigned a = 0; a < 3; a++)
			v[1][a] = gx[a] * dl * sc, v[2][a] = gy[a] * dl * sc;
		for (unsigned q = 0; q < 3; q++)
			for (unsigned a = 0; a < 3; a++)
				p[4 * q + a] = (float)(v[q][0] * fb[f][0][a] + v[q][1] * fb[f][1][a] + v[q][2] * fb[f][2][a]);
	}
	return 4096;
}

static void
cubes(void)
{
	static const struct { CUaddress_mode am; const char *name; } am[] = {
		{ CU_TR_ADDRESS_MODE_CLAMP, "clamp" }, { CU_TR_ADDRESS_MODE_WRAP, "wrap" },
		{ CU_TR_ADDRESS_MODE_MIRROR, "mirror" }, { CU_TR_ADDRESS_MODE_BORDER, "border" },
	};
	CUmipmappedArray m = cubemap(4, 1, 3, named), ma = cubemap(4, 2, 3, named), mg = cubemap(16, 1, 5, levelof);
	char name[64];

	for (unsigned i = 0; i < 4; i++)
		for (unsigned sl = 0; sl < 2; sl++) {
			CUtexObject t = texobj(m, 3, am[i].am, sl ? CU_TRSF_SEAMLESS_CUBEMAP : 0);
			CUtexObject ta = texobj(ma, 3, am[i].am, sl ? CU_TRSF_SEAMLESS_CUBEMAP : 0);
			const char *s = sl ? "seamless" : "plain";
			unsigned n;
			if (!t || !ta)
				continue;
			n = grid(0);
			snprintf(name, sizeof name, "tld4 %s %s grid", am[i].name, s);
			launch(name, "t4cube", t, n);
			snprintf(name, sizeof name, "tex %s %s grid", am[i].name, s);
			launch(name, "txcube", t, n);
			n = grid(1);
			snprintf(name, sizeof name, "level1 %s %s grid", am[i].name, s);
			launch(name, "lvcube", t, n);
			n = randomdirs(2048, 1, -0.5f, 2.5f);
			snprintf(name, sizeof name, "tld4 %s %s random", am[i].name, s);
			launch(name, "t4cube", t, n);
			snprintf(name, sizeof name, "tex %s %s random", am[i].name, s);
			launch(name, "txcube", t, n);
			snprintf(name, sizeof name, "level %s %s random", am[i].name, s);
			launch(name, "lvcube", t, n);
			n = randomdirs(2048, 3, -0.5f, 2.5f);
			snprintf(name, sizeof name, "tld4 layered %s %s random", am[i].name, s);
			launch(name, "t4acube", ta, n);
			snprintf(name, sizeof name, "level layered %s %s random", am[i].name, s);
			launch(name, "lvacube", ta, n);
			cuTexObjectDestroy(t);
			cuTexObjectDestroy(ta);
		}
	/* point sampling and tld4 of a point-sampled cube, seamless or not,
	 * wrapping */
	for (unsigned sl = 0; sl < 2; sl++) {
		CUDA_RESOURCE_DESC rd;
		CUDA_TEXTURE_DESC td;
		CUtexObject t;
		unsigned n = grid(0);
		memset(&rd, 0, sizeof rd);
		memset(&td, 0, sizeof td);
		rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY, rd.res.mipmap.hMipmappedArray = m;
		for (unsigned a = 0; a < 3; a++)
			td.addressMode[a] = CU_TR_ADDRESS_MODE_WRAP;
		td.flags = CU_TRSF_NORMALIZED_COORDINATES | (sl ? CU_TRSF_SEAMLESS_CUBEMAP : 0);
		td.maxMipmapLevelClamp = 2;
		if (cuTexObjectCreate(&t, &rd, &td, NULL) != CUDA_SUCCESS) {
			printf("point texture of flags %#x refused\n", td.flags);
			continue;
		}
		snprintf(name, sizeof name, "point %s grid", sl ? "seamless" : "plain");
		launch(name, "txcube", t, n);
		snprintf(name, sizeof name, "tld4 point %s grid", sl ? "seamless" : "plain");
		launch(name, "t4cube", t, n);
		cuTexObjectDestroy(t);
	}
	/* the level of detail of tex.grad.cube: random directions and
	 * gradients (2^-9 to 2^0, either sign, each component), then
	 * gradients along one axis alone */
	for (unsigned sl = 0; sl < 2; sl++) {
		CUtexObject t = texobj(mg, 5, CU_TR_ADDRESS_MODE_CLAMP, sl ? CU_TRSF_SEAMLESS_CUBEMAP : 0);
		unsigned n = randomdirs(4096, 1, 0, 0);
		if (!t)
			continue;
		for (unsigned i = 0; i < n; i++) {
			float *p = c + 12 * i;
			for (unsigned a = 0; a < 3; a++) {
				float sc = (float)(1u << (rnd() % 10)) / 512.0f;
				p[4 + a] = uni(-1, 1) * sc, p[8 + a] = uni(-1, 1) * sc;
			}
		}
		snprintf(name, sizeof name, "grad %s random", sl ? "seamless" : "plain");
		launch(name, "grcube", t, n);
		memset(c, 0, sizeof c);
		for (unsigned i = 0; i < 4096; i++) {
			float *p = c + 12 * i;
			unsigned ax = i % 3, g = i / 3 % 3;
			for (unsigned a = 0; a < 3; a++)
				p[a] = a == ax ? (i & 1 ? -1.0f : 1.0f) * uni(1, 2) : uni(-1, 1);
			p[4 + g] = (float)(1u << (rnd() % 10)) / 512.0f * (rnd() & 1 ? -1.0f : 1.0f);
			p[8 + (g + 1 + i / 9 % 2) % 3] = uni(-1, 1) / (float)(1u << (rnd() % 8));
		}
		snprintf(name, sizeof name, "grad %s axes", sl ? "seamless" : "plain");
		launch(name, "grcube", t, 4096);
		n = gradgrid();
		snprintf(name, sizeof name, "grad %s grid", sl ? "seamless" : "plain");
		launch(name, "grcube", t, n);
		cuTexObjectDestroy(t);
	}
	cuMipmappedArrayDestroy(m);
	cuMipmappedArrayDestroy(ma);
	cuMipmappedArrayDestroy(mg);
}

/* levels of a face of n texels, down to one texel */
static unsigned
nlevels(unsigned n)
{
	unsigned l = 1;

	while (n >>= 1)
		l++;
	return l;
}

/* tex.grad.cube of the sweeps across an edge (gradsweep()) on cubemaps of
 * levels (an H200 answered the same of a seamless one): 16 texels a face,
 * then faces of sizes other than powers of two, where the unit scales the
 * gradients by a size its exponent alone does not give, and the random
 * gradients of "grad plain random" on two of them */
static void
gradsweeps(void)
{
	static const unsigned sz[] = { 16, 12, 24, 20, 6, 48, 17 };
	char name[64];
	unsigned n;

	for (unsigned i = 0; i < sizeof sz / sizeof sz[0]; i++) {
		unsigned nl = nlevels(sz[i]);
		CUmipmappedArray mg = cubemap(sz[i], 1, nl, levelof);
		CUtexObject t = texobj(mg, nl, CU_TR_ADDRESS_MODE_CLAMP, 0);
		for (unsigned k = 0; t && (n = gradsweep(k)); k++) {
			if (sz[i] == 16)
				snprintf(name, sizeof name, "grad sweep %u", k);
			else
				snprintf(name, sizeof name, "grad sweep %u %u", sz[i], k);
			launch(name, "grcube", t, n);
		}
		if (t && (sz[i] == 12 || sz[i] == 17)) {
			n = randomdirs(4096, 1, 0, 0);
			for (unsigned j = 0; j < n; j++) {
				float *p = c + 12 * j;
				for (unsigned a = 0; a < 3; a++) {
					float sc = (float)(1u << (rnd() % 10)) / 512.0f;
					p[4 + a] = uni(-1, 1) * sc, p[8 + a] = uni(-1, 1) * sc;
				}
			}
			snprintf(name, sizeof name, "grad random %u", sz[i]);
			launch(name, "grcube", t, n);
		}
		if (t)
			cuTexObjectDestroy(t);
		cuMipmappedArrayDestroy(mg);
	}
}

/* A mipmapped array of f32 texels, w texels (h 0), w x h (d 0) or w x h
 * x d, nl levels, level l holding l */
static CUmipmappedArray
mipof(unsigned w, unsigned h, unsigned d, unsigned nl)
{
	float *tx = malloc(sizeof *tx * w * (h ? h : 1) * (d ? d : 1));
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CUmipmappedArray m;

	if (!tx)
		abort();
	memset(&ad, 0, sizeof ad);
	ad.Width = w, ad.Height = h, ad.Depth = d;
	ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 1;
	CK(cuMipmappedArrayCreate(&m, &ad, nl));
	for (unsigned l = 0; l < nl; l++) {
		unsigned lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1, ld = d >> l ? d >> l : 1;
		CUDA_MEMCPY3D cp;
		for (size_t k = 0; k < (size_t)lw * lh * ld; k++)
			tx[k] = (float)l;
		memset(&cp, 0, sizeof cp);
		cp.srcMemoryType = CU_MEMORYTYPE_HOST, cp.srcHost = tx, cp.srcPitch = lw * 4, cp.srcHeight = lh;
		cp.dstMemoryType = CU_MEMORYTYPE_ARRAY, cp.WidthInBytes = lw * 4, cp.Height = lh, cp.Depth = ld;
		CK(cuMipmappedArrayGetLevel(&cp.dstArray, m, l));
		CK(cuMemcpy3D(&cp));
	}
	free(tx);
	return m;
}

/* a float of random mantissa in [2^lo, 2^hi) / s, either sign */
static float
rndgrad(int lo, int hi, double s)
{
	double m = 1 + (double)(rnd() & 0x7fffff) / 8388608.0;

	return (float)(ldexp(m, lo + (int)(rnd() % (unsigned)(hi - lo))) / s * (rnd() & 1 ? -1 : 1));
}

/* kernel k over the MAXN lanes of c (filled by the caller) on a w, w x h
 * or w x h x d array of nl levels (mipof), clamped */
static void
launchnd(const char *name, const char *k, unsigned w, unsigned h, unsigned d, unsigned nl)
{
	CUmipmappedArray m = mipof(w, h, d, nl);
	CUtexObject t = texobj(m, nl, CU_TR_ADDRESS_MODE_CLAMP, 0);

	if (t) {
		launch(name, k, t, MAXN);
		cuTexObjectDestroy(t);
	}
	cuMipmappedArrayDestroy(m);
}

/* the gr2d kernel on a w x h array */
static void
launch2d(const char *name, unsigned w, unsigned h, unsigned nl)
{
	launchnd(name, "gr2d", w, h, 0, nl);
}

/* tex.grad.2d's level of detail on arrays whose sizes are not powers of
 * two: a gradient along the axis of w texels (the other 2048 or 1), 4096
 * lanes of a geometric sweep of 2^-0.5 to 2^11.5 texels and 4096 of
 * random mantissas from 1 to 2^11 texels; along y of h texels (w 2048);
 * and random dx and dy of both axes on arrays of both sizes neither a
 * power of two */
static void
grad2d(void)
{
	static const unsigned ws[] = { 3, 5, 6, 7, 12, 17, 20, 24, 48, 100, 1000, 1023 };
	static const unsigned hs[] = { 12, 17, 100 };
	static const unsigned both[][2] = { { 12, 20 }, { 17, 48 }, { 24, 24 }, { 100, 12 } };
	char name[64];

	for (unsigned i = 0; i < sizeof ws / sizeof ws[0] + sizeof hs / sizeof hs[0]; i++) {
		unsigned ax = i >= sizeof ws / sizeof ws[0], sz = ax ? hs[i - sizeof ws / sizeof ws[0]] : ws[i];
		unsigned w = ax ? 2048 : sz, h = ax ? sz : 2048, nl = nlevels(2048);
		memset(c, 0, sizeof c);
		for (unsigned n = 0; n < MAXN; n++) {
			float *p = c + 12 * n;
			p[0] = p[1] = 0.5f;
			if (n < MAXN / 2)
				p[4 + ax] = (float)(pow(2.0, -0.5 + 12.0 * n / (MAXN / 2 - 1)) / sz);
			else
				p[4 + ax] = rndgrad(0, 11, sz);
			if (n & 1)   /* dy instead */
				p[8 + ax] = p[4 + ax], p[4 + ax] = 0;
		}
		snprintf(name, sizeof name, "grad2d %ux%u", w, h);
		launch2d(name, w, h, nl);
	}
	for (unsigned i = 0; i < sizeof both / sizeof both[0]; i++) {
		unsigned w = both[i][0], h = both[i][1], nl = nlevels(w > h ? w : h);
		memset(c, 0, sizeof c);
		for (unsigned n = 0; n < MAXN; n++) {
			float *p = c + 12 * n;
			int hi = (int)nl + 1;
			p[0] = p[1] = 0.5f;
			if (n % 4 == 0)   /* dx along x, dy along y */
				p[4] = rndgrad(-1, hi, w), p[9] = rndgrad(-1, hi, h);
			else
				for (unsigned a = 0; a < 2; a++)
					p[4 + a] = rndgrad(-3, hi, a ? h : w), p[8 + a] = rndgrad(-3, hi, a ? h : w);
		}
		snprintf(name, sizeof name, "grad2d random %ux%u", w, h);
		launch2d(name, w, h, nl);
	}
}

static float
named2(unsigned l, unsigned s, unsigned x, unsigned y)
{
	return (float)(100000 * l + 10000 * s + 100 * y + x + 1);
}

/* cubes of 12 and 17 texels a face (levels of 6 and 3 texels, 8, 4 and
 * 2), each texel naming its level, face, y and x: tex.level and tld4 at
 * random directions, seamless or not */
static void
npotcubes(void)
{
	static const unsigned sz[] = { 12, 17 };
	char name[64];

	for (unsigned i = 0; i < 2; i++) {
		unsigned nl = nlevels(sz[i]);
		CUmipmappedArray m = cubemap(sz[i], 1, nl, named2);
		for (unsigned sl = 0; sl < 2; sl++) {
			CUtexObject t = texobj(m, nl, CU_TR_ADDRESS_MODE_CLAMP, sl ? CU_TRSF_SEAMLESS_CUBEMAP : 0);
			unsigned n;
			if (!t)
				continue;
			n = randomdirs(4096, 1, -0.5f, (float)nl - 0.5f);
			snprintf(name, sizeof name, "level %u %s random", sz[i], sl ? "seamless" : "plain");
			launch(name, "lvcube", t, n);
			snprintf(name, sizeof name, "tld4 %u %s random", sz[i], sl ? "seamless" : "plain");
			launch(name, "t4cube", t, n);
			cuTexObjectDestroy(t);
		}
		cuMipmappedArrayDestroy(m);
	}
}

/* tex.grad.1d's level of detail on arrays of sizes other than powers of
 * two (levels down to one texel): 2048 lanes of a geometric sweep of
 * 2^-0.5 to 2^(nl - 0.5) texels and 2048 of random mantissas, dx or dy
 * alone, then 4096 of both random (the last 2048 of them dy a random
 * fraction of 1/2 to 1 of dx, either sign: their sum or difference) */
static void
grad1d(void)
{
	static const unsigned ws[] = { 3, 5, 6, 7, 12, 17, 20, 24, 48, 100, 1000, 1023, 5000, 12345 };
	char name[64];

	for (unsigned i = 0; i < sizeof ws / sizeof ws[0]; i++) {
		unsigned sz = ws[i], nl = nlevels(sz);
		memset(c, 0, sizeof c);
		for (unsigned n = 0; n < MAXN; n++) {
			float *p = c + 12 * n;
			p[0] = 0.5f;
			if (n < MAXN / 4)
				p[4] = (float)(pow(2.0, -0.5 + (double)nl * n / (MAXN / 4 - 1)) / sz);
			else if (n < MAXN / 2)
				p[4] = rndgrad(0, (int)nl, sz);
			else if (n < 3 * MAXN / 4)
				p[4] = rndgrad(-2, (int)nl, sz), p[8] = rndgrad(-2, (int)nl, sz);
			else
				p[4] = rndgrad(-1, (int)nl, sz), p[8] = p[4] * uni(0.5f, 1), p[8] *= rnd() & 1 ? -1.0f : 1.0f;
			if (n < MAXN / 2 && n & 1)   /* dy instead */
				p[8] = p[4], p[4] = 0;
		}
		snprintf(name, sizeof name, "grad1d %u", sz);
		launchnd(name, "gr1d", sz, 0, 0, nl);
	}
}

/* tex.grad.3d's: a gradient along one axis of a size other than a power
 * of two (x, y, z in turn; the other axes 64 texels), as grad2d's sweep
 * and random mantissas, dx or dy; then random dx and dy of all three
 * axes on arrays of three such sizes */
static void
grad3d(void)
{
	static const unsigned sz[] = { 3, 5, 6, 7, 12, 17, 20, 24, 48, 100, 1000 };
	static const unsigned three[][3] = { { 12, 20, 17 }, { 100, 12, 48 }, { 24, 24, 24 }, { 17, 6, 5 } };
	char name[64];

	for (unsigned i = 0; i < sizeof sz / sizeof sz[0]; i++) {
		unsigned ax = i % 3, dim[3] = { 64, 64, 64 }, nl;
		dim[ax] = sz[i], nl = nlevels(sz[i] > 64 ? sz[i] : 64);
		memset(c, 0, sizeof c);
		for (unsigned n = 0; n < MAXN; n++) {
			float *p = c + 12 * n;
			p[0] = p[1] = p[2] = 0.5f;
			if (n < MAXN / 2)
				p[4 + ax] = (float)(pow(2.0, -0.5 + (double)nl * n / (MAXN / 2 - 1)) / sz[i]);
			else
				p[4 + ax] = rndgrad(0, (int)nl, sz[i]);
			if (n & 1)
				p[8 + ax] = p[4 + ax], p[4 + ax] = 0;
		}
		snprintf(name, sizeof name, "grad3d %ux%ux%u", dim[0], dim[1], dim[2]);
		launchnd(name, "gr3d", dim[0], dim[1], dim[2], nl);
	}
	for (unsigned i = 0; i < sizeof three / sizeof three[0]; i++) {
		const unsigned *dim = three[i];
		unsigned mx = dim[0] > dim[1] ? dim[0] : dim[1], nl;
		nl = nlevels(mx > dim[2] ? mx : dim[2]);
		memset(c, 0, sizeof c);
		for (unsigned n = 0; n < MAXN; n++) {
			float *p = c + 12 * n;
			int hi = (int)nl + 1;
			p[0] = p[1] = p[2] = 0.5f;
			if (n % 4 == 0)   /* dx along x, dy along y */
				p[4] = rndgrad(-1, hi, dim[0]), p[9] = rndgrad(-1, hi, dim[1]);
			else if (n % 4 == 1)   /* dx along z, dy along x */
				p[6] = rndgrad(-1, hi, dim[2]), p[8] = rndgrad(-1, hi, dim[0]);
			else
				for (unsigned a = 0; a < 3; a++)
					p[4 + a] = rndgrad(-3, hi, dim[a]), p[8 + a] = rndgrad(-3, hi, dim[a]);
		}
		snprintf(name, sizeof name, "grad3d random %ux%ux%u", dim[0], dim[1], dim[2]);
		launchnd(name, "gr3d", dim[0], dim[1], dim[2], nl);
	}
}

/* a half of any finite value, sign, exponent and mantissa random */
static uint16_t
randhalf(void)
{
	uint32_t r = rnd();
	return (uint16_t)((r & 0x8000) | (r >> 16) % 31 << 10 | (r & 0x3ff));
}

static void
formats(void)
{
	static const struct { CUarray_format f; unsigned ch, es; const char *name; } fm[] = {
		{ CU_AD_FORMAT_HALF, 4, 2, "f16x4" }, { CU_AD_FORMAT_SIGNED_INT8, 4, 1, "s8x4" },
		{ CU_AD_FORMAT_SNORM_INT8X4, 4, 1, "snorm8x4" }, { CU_AD_FORMAT_UNSIGNED_INT8, 4, 1, "u8x4" },
		{ CU_AD_FORMAT_UNSIGNED_INT16, 4, 2, "u16x4" }, { CU_AD_FORMAT_SIGNED_INT16, 4, 2, "s16x4" },
		{ CU_AD_FORMAT_SNORM_INT16X4, 4, 2, "snorm16x4" },
	};
	static uint8_t tx[64 * 64 * 16];

	for (size_t i = 0; i < sizeof fm / sizeof fm[0]; i++) {
		CUDA_ARRAY_DESCRIPTOR ad = { 64, 64, fm[i].f, fm[i].ch };
		unsigned tb = fm[i].ch * fm[i].es;
		CUDA_RESOURCE_DESC rd;
		CUDA_TEXTURE_DESC td;
		CUDA_MEMCPY2D cp;
		CUarray a;
		CUtexObject t;
		char name[64];
		for (unsigned k = 0; k < 64 * 64 * tb; k++)
			tx[k] = (uint8_t)rnd();
		if (fm[i].f == CU_AD_FORMAT_HALF)
			for (unsigned k = 0; k < 64 * 64 * tb; k += 2) {
				uint16_t h = randhalf();
				/* a third of them near the first texel's binade */
				if (rnd() % 3 == 0)
					h = (uint16_t)((h & 0x83ff) | (rnd() % 3 + 13) << 10);
				tx[k] = (uint8_t)h, tx[k + 1] = (uint8_t)(h >> 8);
			}
		if (dumpdir && getenv("TEXCUBE_INPUTS")) {
			char path[512];
			FILE *fp;
			snprintf(path, sizeof path, "%s/fmt_%s.tex", dumpdir, fm[i].name);
			if ((fp = fopen(path, "wb"))) {
				fwrite(tx, tb, 64 * 64, fp);
				fclose(fp);
			}
		}
		CK(cuArrayCreate(&a, &ad));
		memset(&cp, 0, sizeof cp);
		cp.srcMemoryType = CU_MEMORYTYPE_HOST, cp.srcHost = tx, cp.srcPitch = 64 * tb;
		cp.dstMemoryType = CU_MEMORYTYPE_ARRAY, cp.dstArray = a, cp.WidthInBytes = 64 * tb, cp.Height = 64;
		CK(cuMemcpy2D(&cp));
		memset(&rd, 0, sizeof rd);
		memset(&td, 0, sizeof td);
		rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = a;
		td.filterMode = CU_TR_FILTER_MODE_LINEAR;
		CK(cuTexObjectCreate(&t, &rd, &td, NULL));
		for (unsigned mode = 0; mode < 3; mode++) {
			static const char *mn[] = { "x", "xy", "random" };
			memset(c, 0, sizeof c);
			for (unsigned n = 0; n < NFMT; n++) {
				float *p = c + 12 * n;
				p[0] = (float)(rnd() % 63) + 0.5f + (float)(rnd() % 256) / 256.0f;
				p[1] = (float)(rnd() % 63) + 0.5f + (mode ? (float)(rnd() % 256) / 256.0f : 0);
				if (mode == 2)
					p[0] = uni(0, 64), p[1] = uni(0, 64);
			}
			snprintf(name, sizeof name, "fmt %s %s", fm[i].name, mn[mode]);
			launch(name, "tx2d", t, NFMT);
		}
		cuTexObjectDestroy(t);
		cuArrayDestroy(a);
	}
}

/* Seamless cubes of other texel formats at their faces' edges and
 * corners: a 4x4 cubemap of random texels (halves of any finite value),
 * linear, clamped, sampled by tex.cube and tld4 on the grid at level 0,
 * seamless and not: the corner's blend of three texels in each format's
 * filter arithmetic */
static void
cubeformats(void)
{
	static const struct { CUarray_format f; unsigned ch, es; const char *name; } fm[] = {
		{ CU_AD_FORMAT_UNSIGNED_INT8, 4, 1, "u8x4" }, { CU_AD_FORMAT_SIGNED_INT8, 4, 1, "s8x4" },
		{ CU_AD_FORMAT_HALF, 2, 2, "f16x2" }, { CU_AD_FORMAT_UNSIGNED_INT16, 4, 2, "u16x4" },
		{ CU_AD_FORMAT_SIGNED_INT16, 1, 2, "s16x1" },
	};
	static uint8_t tx[4 * 4 * 6 * 8];

	for (size_t i = 0; i < sizeof fm / sizeof fm[0]; i++) {
		unsigned tb = fm[i].ch * fm[i].es;
		CUDA_ARRAY3D_DESCRIPTOR ad;
		CUDA_MEMCPY3D cp;
		CUarray a;
		for (unsigned k = 0; k < 4 * 4 * 6 * tb; k++)
			tx[k] = (uint8_t)rnd();
		if (fm[i].f == CU_AD_FORMAT_HALF)
			for (unsigned k = 0; k < 4 * 4 * 6 * tb; k += 2) {
				uint16_t h = randhalf();
				tx[k] = (uint8_t)h, tx[k + 1] = (uint8_t)(h >> 8);
			}
		memset(&ad, 0, sizeof ad);
		ad.Width = ad.Height = 4, ad.Depth = 6, ad.Flags = CUDA_ARRAY3D_CUBEMAP;
		ad.Format = fm[i].f, ad.NumChannels = fm[i].ch;
		CK(cuArray3DCreate(&a, &ad));
		memset(&cp, 0, sizeof cp);
		cp.srcMemoryType = CU_MEMORYTYPE_HOST, cp.srcHost = tx, cp.srcPitch = 4 * tb, cp.srcHeight = 4;
		cp.dstMemoryType = CU_MEMORYTYPE_ARRAY, cp.dstArray = a, cp.WidthInBytes = 4 * tb, cp.Height = 4, cp.Depth = 6;
		CK(cuMemcpy3D(&cp));
		for (unsigned sl = 0; sl < 2; sl++) {
			CUDA_RESOURCE_DESC rd;
			CUDA_TEXTURE_DESC td;
			CUtexObject t;
			char name[64];
			unsigned n = grid(0);
			memset(&rd, 0, sizeof rd);
			memset(&td, 0, sizeof td);
			rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = a;
			td.filterMode = CU_TR_FILTER_MODE_LINEAR;
			td.flags = CU_TRSF_NORMALIZED_COORDINATES | (sl ? CU_TRSF_SEAMLESS_CUBEMAP : 0);
			if (cuTexObjectCreate(&t, &rd, &td, NULL) != CUDA_SUCCESS) {
				printf("%s cube of flags %#x refused\n", fm[i].name, td.flags);
				continue;
			}
			snprintf(name, sizeof name, "cube %s tex %s grid", fm[i].name, sl ? "seamless" : "plain");
			if (cubeparts && (i || !sl)) {
				cuTexObjectDestroy(t);
				continue;
			}
			launch(name, "txcube", t, n);
			if (cubeparts) {   /* its lanes 512 at a time, the rest of c[] zero as above */
				static float save[MAXN * 12];
				memcpy(save, c, sizeof save);
				for (unsigned j = 0; j < (n + 511) / 512; j++) {
					memset(c, 0, sizeof c);
					memcpy(c, save + 12 * 512 * j, 48 * 512);
					runk("txcube", t, 512);
				}
				/* with "quads L..." each quad of lanes L to L + 3 alone */
				for (int a = 0; cubeparts == 3 && a < cpargc; a++) {
					unsigned l0 = (unsigned)atoi(cpargv[a]) & ~3u;
					memset(c, 0, sizeof c);
					if (l0 + 4 <= n)
						memcpy(c, save + 12 * l0, 48 * 4);
					runk("txcube", t, 4);
				}
				/* then with "warps" each warp of the parts of ids 1, 3, ... alone */
				for (unsigned j = 0; cubeparts == 2 && j < (n + 511) / 512; j += 2)
					for (unsigned k = 0; k < 16; k++) {
						memset(c, 0, sizeof c);
						memcpy(c, save + 12 * (512 * j + 32 * k), 48 * 32);
						runk("txcube", t, 32);
					}
				memcpy(c, save, sizeof save);
				cuTexObjectDestroy(t);
				break;
			}
			snprintf(name, sizeof name, "cube %s tld4 %s grid", fm[i].name, sl ? "seamless" : "plain");
			launch(name, "t4cube", t, n);
			cuTexObjectDestroy(t);
		}
		cuArrayDestroy(a);
	}
}

int
main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "dump"))
		dumpdir = argv[2];
	if (argc > 3 && !strcmp(argv[1], "probe"))
		probedir = argv[2], shimdir = argv[3];
	cubeparts = argc > 1 && !strcmp(argv[1], "cubeparts") ? 1 + (argc > 2 && !strcmp(argv[2], "warps")) : 0;
	if (cubeparts && argc > 2 && !strcmp(argv[2], "quads"))
		cubeparts = 3, cpargc = argc - 3, cpargv = argv + 3;
	primary_ctx();
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuMemAlloc(&dc, sizeof c));
	CK(cuMemAlloc(&dout, sizeof o));
	if (cubeparts) {
		cubeformats();
		printf("done\n");
		return 0;
	}
	cubes();
	formats();
	cubeformats();
	gradsweeps();
	grad2d();
	npotcubes();
	grad1d();
	grad3d();
	cuMemFree(dc);
	cuMemFree(dout);
	printf("done\n");
	return 0;
}

/*
 * tex_test.c -- texture and surface objects through the public API
 * (ptx_texture_create, ptx_surface_create, ptx_texture_destroy) and the
 * instructions that use them.
 *
 * Descriptions the driver refuses are PTX_EINVAL with a diagnostic.
 * Fetches whose answer follows from the CUDA Programming Guide's texture
 * fetching rules alone (point sampling, linear filtering at a step of the
 * 8-bit fraction and between two, each address mode, normalized and
 * texel coordinates, integer reads) are checked against values computed
 * here; what only a GPU can say is tests/tex.test's.  Hostile handles: a
 * made-up number, a destroyed object, a surface named as a texture, and
 * an object over freed memory each fault the kernel cleanly.  Surfaces:
 * .trap faults out of bounds, .zero reads zeros and drops the store,
 * .clamp moves it to the edge.
 *
 * Prints "N passed, M failed" and exits 0 when nothing failed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "include/ptx.h"

static int npass, nfail;

#define CHECK(cond, ...) do { \
	if (cond) npass++; \
	else { nfail++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
} while (0)

#define HEAD ".version 8.0\n.target sm_90\n.address_size 64\n"

/* o[i] = tex.2d(t, c[i]) (four f32), and txq.width in o[n] */
static const char kernels[] = HEAD
	".visible .entry fetch(.param .u64 t, .param .u64 c, .param .u64 o)\n"
	"{\n"
	"\t.reg .b32 %r<4>; .reg .b64 %rd<8>; .reg .f32 %f<8>;\n"
	"\tld.param.u64 %rd1, [t];\n"
	"\tld.param.u64 %rd2, [c];\n"
	"\tld.param.u64 %rd3, [o];\n"
	"\tmov.u32 %r1, %tid.x;\n"
	"\tmul.wide.u32 %rd4, %r1, 8;\n"
	"\tadd.u64 %rd4, %rd2, %rd4;\n"
	"\tld.global.v2.f32 {%f1, %f2}, [%rd4];\n"
	"\ttex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];\n"
	"\tmul.wide.u32 %rd5, %r1, 16;\n"
	"\tadd.u64 %rd5, %rd3, %rd5;\n"
	"\tst.global.v4.f32 [%rd5], {%f3, %f4, %f5, %f6};\n"
	"\ttxq.width.b32 %r2, [%rd1];\n"
	"\tst.global.u32 [%rd3+4096], %r2;\n"
	"\tret;\n"
	"}\n"
	/* o[i] = tld4.r.cube(t, c[i]) (c: four f32 a lane, the direction first) */
	".visible .entry gather(.param .u64 t, .param .u64 c, .param .u64 o)\n"
	"{\n"
	"\t.reg .b32 %r<2>; .reg .b64 %rd<6>; .reg .f32 %f<9>;\n"
	"\tld.param.u64 %rd1, [t];\n"
	"\tld.param.u64 %rd2, [c];\n"
	"\tld.param.u64 %rd3, [o];\n"
	"\tmov.u32 %r1, %tid.x;\n"
	"\tmul.wide.u32 %rd4, %r1, 16;\n"
	"\tadd.u64 %rd2, %rd2, %rd4;\n"
	"\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd2];\n"
	"\ttld4.r.cube.v4.f32.f32 {%f5, %f6, %f7, %f8}, [%rd1, {%f1, %f2, %f3, %f4}];\n"
	"\tadd.u64 %rd5, %rd3, %rd4;\n"
	"\tst.global.v4.f32 [%rd5], {%f5, %f6, %f7, %f8};\n"
	"\tret;\n"
	"}\n"
	/* surface: lane i loads (4i, 0) in mode .trap/.zero/.clamp (m), stores i+100 there */
	".visible .entry surf(.param .u64 s, .param .u64 o, .param .u32 m)\n"
	"{\n"
	"\t.reg .b32 %r<8>; .reg .b64 %rd<8>; .reg .pred %p<3>;\n"
	"\tld.param.u64 %rd1, [s];\n"
	"\tld.param.u64 %rd2, [o];\n"
	"\tld.param.u32 %r7, [m];\n"
	"\tmov.u32 %r1, %tid.x;\n"
	"\tshl.b32 %r2, %r1, 2;\n"
	"\tmov.u32 %r3, 0;\n"
	"\tadd.u32 %r5, %r1, 100;\n"
	"\tsetp.eq.u32 %p1, %r7, 1;\n"
	"\tsetp.eq.u32 %p2, %r7, 2;\n"
	"\t@%p1 bra ZERO;\n"
	"\t@%p2 bra CLAMP;\n"
	"\tsuld.b.2d.b32.trap {%r4}, [%rd1, {%r2, %r3}];\n"
	"\tsust.b.2d.b32.trap [%rd1, {%r2, %r3}], {%r5};\n"
	"\tbra DONE;\n"
	"ZERO:\n"
	"\tsuld.b.2d.b32.zero {%r4}, [%rd1, {%r2, %r3}];\n"
	"\tsust.b.2d.b32.zero [%rd1, {%r2, %r3}], {%r5};\n"
	"\tbra DONE;\n"
	"CLAMP:\n"
	"\tsuld.b.2d.b32.clamp {%r4}, [%rd1, {%r2, %r3}];\n"
	"\tsust.b.2d.b32.clamp [%rd1, {%r2, %r3}], {%r5};\n"
	"DONE:\n"
	"\tmul.wide.u32 %rd3, %r1, 4;\n"
	"\tadd.u64 %rd3, %rd2, %rd3;\n"
	"\tst.global.u32 [%rd3], %r4;\n"
	"\tret;\n"
	"}\n";

static ptx_ctx *cx;
static ptx_module *mod;
static ptx_function *kfetch, *ksurf, *kgather;

/* 4 x 2 f32 texels: row 0 is 1 2 4 8, row 1 is 16 32 64 128 */
static const float texels[8] = { 1, 2, 4, 8, 16, 32, 64, 128 };

/* tex.2d of t at n coordinates; the results' first channels into r[], txq.width into *w */
static int
fetch(uint64_t t, const float (*c)[2], int n, float *r, unsigned *w)
{
	ptx_devptr dc, dout;
	float out[4 * 64];
	unsigned grid[3] = { 1, 1, 1 }, block[3] = { (unsigned)n, 1, 1 };
	void *args[] = { &t, &dc, &dout };
	int rc;

	ptx_mem_alloc(cx, 8 * 64, &dc);
	ptx_mem_alloc(cx, 4096 + 4, &dout);
	ptx_mem_copy_htod(cx, dc, c, (size_t)n * 8);
	rc = ptx_launch(cx, kfetch, grid, block, 0, args);
	if (rc == PTX_OK) {
		ptx_mem_copy_dtoh(cx, out, dout, (size_t)n * 16);
		for (int i = 0; i < n; i++)
			r[i] = out[4 * i];
		if (w)
			ptx_mem_copy_dtoh(cx, w, dout + 4096, 4);
	}
	ptx_mem_free(cx, dc);
	ptx_mem_free(cx, dout);
	return rc;
}

static uint64_t
mktex(ptx_devptr p, unsigned filter, unsigned am, unsigned flags)
{
	ptx_texture t = PTX_TEXTURE_INIT;
	uint64_t h = 0;

	t.geom = PTX_TEX_2D;
	t.format = PTX_TEXFMT_F32;
	t.width = 4;
	t.height = 2;
	t.addr[0] = p;
	t.filter = filter;
	t.addr_mode[0] = t.addr_mode[1] = am;
	t.flags = flags;
	t.border[0] = -5;
	CHECK(ptx_texture_create(cx, &t, &h) == PTX_OK, "texture: %s",
	    ptx_diag_count(cx) ? ptx_diag_get(cx, 0)->msg : "?");
	return h;
}

static void
descriptions(ptx_devptr p)
{
	ptx_texture t = PTX_TEXTURE_INIT, u;
	uint64_t h;

	t.geom = PTX_TEX_2D;
	t.format = PTX_TEXFMT_F32;
	t.width = 4;
	t.height = 2;
	t.addr[0] = p;
	u = t, u.width = 0;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_EINVAL && ptx_diag_count(cx) == 1, "width 0");
	u = t, u.channels = 3;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_EINVAL, "three channels");
	/* texels that start in an allocation and reach past it are taken, as
	 * a GPU's driver takes them; each texel is read through the address
	 * translation, which faults where nothing lies */
	u = t, u.height = 3;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_OK && ptx_texture_destroy(cx, h) == PTX_OK,
	    "reaching past the allocation");
	u = t, u.addr[0] = p + 2;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_EINVAL, "misaligned");
	u = t, u.version = 4;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_EINVAL, "an old description");
	u = t, u.geom = PTX_TEX_CUBE, u.depth = 6;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_EINVAL, "a cube of 4x2 faces");
	u = t, u.addr_mode[2] = 9;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_EINVAL, "an unknown address mode");
	u = t, u.pitch = 8;   /* below the row: the rows overlap, as a GPU's do */
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_OK && ptx_texture_destroy(cx, h) == PTX_OK,
	    "a pitch below the row");
	u = t, u.pitch = 6;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_EINVAL, "a pitch not a multiple of a channel");
	u = t, u.levels = 2;
	CHECK(ptx_surface_create(cx, &u, &h) == PTX_EINVAL, "a mipmapped surface");
	u = t, u.addr[0] = 0x1234;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_EINVAL, "host memory");
	/* packed and block-compressed formats: their own channel counts, a
	 * block of 4x4 texels (4x2 texels: one block), 2D only, no surface */
	u = t, u.format = PTX_TEXFMT_BC7, u.channels = 4;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_OK && ptx_texture_destroy(cx, h) == PTX_OK, "a BC7 block");
	u.channels = 1;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_EINVAL, "BC7 of one channel");
	u = t, u.format = PTX_TEXFMT_BC4, u.geom = PTX_TEX_1D, u.height = 0;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_EINVAL, "a 1D BC4 texture");
	u = t, u.format = PTX_TEXFMT_BC6H, u.channels = 3;
	CHECK(ptx_surface_create(cx, &u, &h) == PTX_EINVAL, "a BC6H surface");
	u.width = 16, u.height = 16;   /* 16 blocks of 16 bytes */
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_OK && ptx_texture_destroy(cx, h) == PTX_OK,
	    "BC6H blocks reaching past the allocation");
	u = t, u.format = PTX_TEXFMT_UNORM_10_10_10_2, u.channels = 4;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_OK && ptx_texture_destroy(cx, h) == PTX_OK, "10-10-10-2");
	u.channels = 2;
	CHECK(ptx_texture_create(cx, &u, &h) == PTX_EINVAL, "10-10-10-2 of two channels");
	CHECK(ptx_texture_destroy(cx, 12345) == PTX_EINVAL, "destroying nothing");
}

static void
sampling(ptx_devptr p)
{
	float r[64];
	unsigned w = 0;
	uint64_t h;
	/* point, texel coordinates: the texel the point falls in, clamped */
	static const float pc[][2] = { { 0.5f, 0.5f }, { 1.99f, 0.5f }, { 3.5f, 1.5f }, { -7, 9 }, { 2.0f, 1.0f } };
	static const float pw[] = { 1, 2, 128, 16, 64 };
	/* linear: halfway, a quarter, at a step of 1/256 and between two */
	static const float lc[][2] = { { 1.0f, 0.5f }, { 1.25f, 0.5f }, { 2.0f, 1.0f }, { 0.5f + 1.0f / 256, 0.5f },
		{ 0.5f + 1.0f / 512, 0.5f }, { 0.5f + 3.0f / 512, 0.5f } };
	int n;

	h = mktex(p, PTX_FILTER_POINT, PTX_ADDR_CLAMP, 0);
	n = (int)(sizeof pc / sizeof pc[0]);
	CHECK(fetch(h, pc, n, r, &w) == PTX_OK, "point fetch");
	for (int i = 0; i < n; i++)
		CHECK(r[i] == pw[i], "point %d: %g, want %g", i, r[i], pw[i]);
	CHECK(w == 4, "txq.width %u", w);
	ptx_texture_destroy(cx, h);

	h = mktex(p, PTX_FILTER_LINEAR, PTX_ADDR_CLAMP, 0);
	n = (int)(sizeof lc / sizeof lc[0]);
	CHECK(fetch(h, lc, n, r, NULL) == PTX_OK, "linear fetch");
	CHECK(r[0] == 1.5f, "linear halfway: %g", r[0]);
	CHECK(r[1] == 0.25f * 1 + 0.75f * 2, "linear three quarters: %g", r[1]);
	/* (2.0, 1.0): x halfway between texels 1 and 2, y between rows 0 and 1 */
	CHECK(r[2] == (2 + 4 + 32 + 64) / 4.0f, "bilinear: %g", r[2]);
	CHECK(r[3] == 1 + 1.0f / 256, "one step: %g", r[3]);
	/* half a step rounds to the nearest step (up, at the tie), 1.5 steps to 2 */
	CHECK(r[4] == 1 + 1.0f / 256, "half a step: %g", r[4]);
	CHECK(r[5] == 1 + 2.0f / 256, "a step and a half: %g", r[5]);
	{
		/* coordinates no texel has: NaN reads as 0, infinities clamp */
		float bad[3][2] = { { NAN, NAN }, { INFINITY, -INFINITY }, { 3e38f, -3e38f } };
		CHECK(fetch(h, (const float (*)[2])bad, 3, r, NULL) == PTX_OK && r[0] == 1 && r[1] == 8 && r[2] == 8,
		    "NaN and infinite coordinates: %g %g %g", r[0], r[1], r[2]);
	}
	ptx_texture_destroy(cx, h);

	{
		/* normalized coordinates: wrap, mirror, border; clamp does as clamp */
		static const float nc[][2] = { { 1.125f, 0.25f }, { -0.125f, 0.25f }, { 1.375f, 0.75f }, { 0.375f, 0.75f } };
		static const float want[3][4] = { { 1, 8, 32, 32 }, { 8, 1, 64, 32 }, { -5, -5, -5, 32 } };
		static const unsigned am[3] = { PTX_ADDR_WRAP, PTX_ADDR_MIRROR, PTX_ADDR_BORDER };
		for (int m = 0; m < 3; m++) {
			h = mktex(p, PTX_FILTER_POINT, am[m], PTX_TEXF_NORMALIZED);
			CHECK(fetch(h, nc, 4, r, NULL) == PTX_OK, "normalized fetch");
			for (int i = 0; i < 4; i++)
				CHECK(r[i] == want[m][i], "mode %u point %d: %g, want %g", am[m], i, r[i], want[m][i]);
			ptx_texture_destroy(cx, h);
		}
		/* wrap and mirror need normalized coordinates: with texel ones they clamp */
		h = mktex(p, PTX_FILTER_POINT, PTX_ADDR_WRAP, 0);
		{
			static const float tc[][2] = { { 5.5f, 0.5f }, { -1.5f, 0.5f } };
			CHECK(fetch(h, tc, 2, r, NULL) == PTX_OK && r[0] == 8 && r[1] == 1, "wrap with texel coordinates: %g %g",
			    r[0], r[1]);
		}
		ptx_texture_destroy(cx, h);
	}
}

static void
hostile(ptx_devptr p)
{
	static const float c[][2] = { { 0.5f, 0.5f } };
	float r[1];
	uint64_t h = mktex(p, PTX_FILTER_POINT, PTX_ADDR_CLAMP, 0), s;
	ptx_texture t = PTX_TEXTURE_INIT;
	ptx_devptr q;
	const ptx_fault *f;

	CHECK(fetch(0x00007d0000000000ull, c, 1, r, NULL) == PTX_ETRAP, "a made-up handle");
	f = ptx_fault_get(cx);
	CHECK(f->kind == PTX_FAULT_OOB && strstr(f->msg, "not a texture object"), "made-up handle: %s", f->msg);
	CHECK(fetch(h + 1, c, 1, r, NULL) == PTX_ETRAP, "a neighbour of a handle");
	CHECK(fetch(h ^ (1ull << 40), c, 1, r, NULL) == PTX_ETRAP, "another generation");
	ptx_texture_destroy(cx, h);
	CHECK(fetch(h, c, 1, r, NULL) == PTX_ETRAP, "a destroyed texture");
	/* a surface is not a texture */
	t.geom = PTX_TEX_2D, t.format = PTX_TEXFMT_F32, t.width = 4, t.height = 2, t.addr[0] = p;
	CHECK(ptx_surface_create(cx, &t, &s) == PTX_OK, "surface");
	CHECK(fetch(s, c, 1, r, NULL) == PTX_ETRAP, "a surface as a texture");
	ptx_texture_destroy(cx, s);
	/* memory freed under an object */
	ptx_mem_alloc(cx, 32, &q);
	t.addr[0] = q;
	CHECK(ptx_texture_create(cx, &t, &h) == PTX_OK, "texture over q");
	ptx_mem_free(cx, q);
	CHECK(fetch(h, c, 1, r, NULL) == PTX_ETRAP && ptx_fault_get(cx)->kind == PTX_FAULT_OOB,
	    "a texture over freed memory");
	ptx_texture_destroy(cx, h);
}

static void
surfaces(void)
{
	ptx_texture t = PTX_TEXTURE_INIT;
	ptx_devptr p, dout;
	uint32_t in[4] = { 7, 8, 9, 10 }, back[4], out[8];
	unsigned grid[3] = { 1, 1, 1 }, block[3] = { 8, 1, 1 };
	uint64_t s;
	unsigned m;
	void *args[] = { &s, &dout, &m };

	ptx_mem_alloc(cx, 16, &p);
	ptx_mem_alloc(cx, 32, &dout);
	t.geom = PTX_TEX_2D, t.format = PTX_TEXFMT_U32, t.width = 4, t.height = 1, t.addr[0] = p;
	CHECK(ptx_surface_create(cx, &t, &s) == PTX_OK, "surface");
	/* lanes 4..7 are past the row */
	m = 0;
	ptx_mem_copy_htod(cx, p, in, 16);
	CHECK(ptx_launch(cx, ksurf, grid, block, 0, args) == PTX_ETRAP &&
	    strstr(ptx_fault_get(cx)->msg, ".trap"), ".trap out of bounds");
	m = 1;
	ptx_mem_copy_htod(cx, p, in, 16);
	CHECK(ptx_launch(cx, ksurf, grid, block, 0, args) == PTX_OK, ".zero");
	ptx_mem_copy_dtoh(cx, out, dout, 32);
	ptx_mem_copy_dtoh(cx, back, p, 16);
	CHECK(out[0] == 7 && out[3] == 10 && out[4] == 0 && out[7] == 0, ".zero loads: %u %u %u %u", out[0], out[3],
	    out[4], out[7]);
	CHECK(back[0] == 100 && back[3] == 103, ".zero stores: %u %u", back[0], back[3]);
	m = 2;
	ptx_mem_copy_htod(cx, p, in, 16);
	block[0] = 6;
	CHECK(ptx_launch(cx, ksurf, grid, block, 0, args) == PTX_OK, ".clamp");
	ptx_mem_copy_dtoh(cx, out, dout, 24);
	ptx_mem_copy_dtoh(cx, back, p, 4);
	CHECK(out[4] == 10 && out[5] == 10, ".clamp loads: %u %u", out[4], out[5]);
	ptx_texture_destroy(cx, s);
	ptx_mem_free(cx, p);
	ptx_mem_free(cx, dout);
}

/* Unified mode's .texref/.surfref variables hold a handle the host
 * stores; independent mode's tex names a .texref and a .samplerref,
 * whose initializer's filter and address modes apply to the texture's
 * texels (the object's own are overridden). */
static const char refmod[] = HEAD
	".global .texref tr;\n"
	".global .surfref sr;\n"
	".visible .entry uni(.param .u64 c, .param .u64 o)\n"
	"{\n"
	"\t.reg .b32 %r<8>; .reg .b64 %rd<8>; .reg .f32 %f<8>;\n"
	"\tld.param.u64 %rd2, [c];\n"
	"\tld.param.u64 %rd3, [o];\n"
	"\tmov.u32 %r1, %tid.x;\n"
	"\tmul.wide.u32 %rd4, %r1, 8;\n"
	"\tadd.u64 %rd4, %rd2, %rd4;\n"
	"\tld.global.v2.f32 {%f1, %f2}, [%rd4];\n"
	"\ttex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [tr, {%f1, %f2}];\n"
	"\ttxq.width.b32 %r2, [tr];\n"
	"\tshl.b32 %r3, %r1, 2;\n"
	"\tmov.u32 %r4, 0;\n"
	"\tsuld.b.2d.b32.clamp {%r5}, [sr, {%r3, %r4}];\n"
	"\tmul.wide.u32 %rd5, %r1, 16;\n"
	"\tadd.u64 %rd5, %rd3, %rd5;\n"
	"\tmov.b32 %r6, %f3;\n"
	"\tst.global.v4.b32 [%rd5], {%r6, %r2, %r5, %r1};\n"
	"\tret;\n"
	"}\n";
static const char indmod[] = ".version 8.0\n.target sm_90, texmode_independent\n.address_size 64\n"
	".global .texref t;\n"
	".global .samplerref sp = { addr_mode_0 = wrap, addr_mode_1 = clamp_to_edge, filter_mode = nearest };\n"
	".global .samplerref sl = { filter_mode = linear, force_unnormalized_coords = 1 };\n"
	".visible .entry ind(.param .u64 c, .param .u64 o)\n"
	"{\n"
	"\t.reg .b32 %r<4>; .reg .b64 %rd<8>; .reg .f32 %f<12>;\n"
	"\tld.param.u64 %rd2, [c];\n"
	"\tld.param.u64 %rd3, [o];\n"
	"\tmov.u32 %r1, %tid.x;\n"
	"\tmul.wide.u32 %rd4, %r1, 8;\n"
	"\tadd.u64 %rd4, %rd2, %rd4;\n"
	"\tld.global.v2.f32 {%f1, %f2}, [%rd4];\n"
	"\ttex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [t, sp, {%f1, %f2}];\n"
	"\ttex.2d.v4.f32.f32 {%f7, %f8, %f9, %f10}, [t, sl, {%f1, %f2}];\n"
	"\tmul.wide.u32 %rd5, %r1, 8;\n"
	"\tadd.u64 %rd5, %rd3, %rd5;\n"
	"\tst.global.v2.f32 [%rd5], {%f3, %f7};\n"
	"\tret;\n"
	"}\n";

/* Launches kernel k of one CTA of n lanes over coordinates c, outputs into out (bytes). */
static int
launch2(ptx_function *k, const float (*c)[2], int n, void *out, size_t bytes)
{
	ptx_devptr dc, dout;
	unsigned grid[3] = { 1, 1, 1 }, block[3] = { (unsigned)n, 1, 1 };
	void *args[] = { &dc, &dout };
	int rc;

	ptx_mem_alloc(cx, 8 * 64, &dc);
	ptx_mem_alloc(cx, bytes, &dout);
	ptx_mem_copy_htod(cx, dc, c, (size_t)n * 8);
	rc = ptx_launch(cx, k, grid, block, 0, args);
	if (rc == PTX_OK)
		ptx_mem_copy_dtoh(cx, out, dout, bytes);
	ptx_mem_free(cx, dc);
	ptx_mem_free(cx, dout);
	return rc;
}

static void
references(ptx_devptr p)
{
	ptx_module *mu = NULL, *mi = NULL;
	ptx_function *ku = NULL, *ki = NULL;
	ptx_devptr vt, vs;
	size_t sz = 0;
	uint64_t h, s, none = 0x4242;
	ptx_texture t = PTX_TEXTURE_INIT;
	static const float c[][2] = { { 0.5f, 0.5f }, { 1.0f, 1.5f }, { 5.25f, 0.5f }, { -0.5f, 7 } };
	static const float want_u[] = { 1, 32, 8, 16 };
	uint32_t u[4 * 4];
	float f[2 * 4];

	CHECK(ptx_module_load(cx, "refs", refmod, sizeof refmod - 1, &mu) == PTX_OK &&
	    ptx_module_load(cx, "indep", indmod, sizeof indmod - 1, &mi) == PTX_OK, "modules with references: %s",
	    ptx_diag_count(cx) ? ptx_diag_get(cx, 0)->msg : "?");
	if (!mu || !mi)
		return;
	ptx_module_get_function(mu, "uni", &ku);
	ptx_module_get_function(mi, "ind", &ki);
	/* unified: the variables hold the handles */
	h = mktex(p, PTX_FILTER_POINT, PTX_ADDR_CLAMP, 0);
	t.geom = PTX_TEX_2D;
	t.format = PTX_TEXFMT_U32;
	t.width = 4;
	t.height = 2;
	t.addr[0] = p;
	CHECK(ptx_surface_create(cx, &t, &s) == PTX_OK, "surface");
	CHECK(ptx_module_get_global(mu, "tr", &vt, &sz) == PTX_OK && sz == 8, ".texref variable: %zu bytes", sz);
	CHECK(ptx_module_get_global(mu, "sr", &vs, &sz) == PTX_OK && sz == 8, ".surfref variable");
	ptx_mem_copy_htod(cx, vt, &h, 8);
	ptx_mem_copy_htod(cx, vs, &s, 8);
	CHECK(launch2(ku, c, 4, u, sizeof u) == PTX_OK, "tex, txq, suld through references: %s",
	    ptx_fault_get(cx) ? ptx_fault_get(cx)->msg : "?");
	for (int i = 0; i < 4; i++) {
		float v;
		uint32_t want;
		memcpy(&v, &u[4 * i], 4);
		memcpy(&want, &texels[i], 4);
		CHECK(v == want_u[i], "lane %d: tex through .texref %g", i, v);
		CHECK(u[4 * i + 1] == 4, "lane %d: txq through .texref %u", i, u[4 * i + 1]);
		CHECK(u[4 * i + 2] == want, "lane %d: suld through .surfref %08x, want %08x", i, u[4 * i + 2], want);
	}
	/* a variable holding no object faults */
	ptx_mem_copy_htod(cx, vt, &none, 8);
	CHECK(launch2(ku, c, 1, u, sizeof u) == PTX_ETRAP && ptx_fault_get(cx)->kind == PTX_FAULT_OOB,
	    "a .texref holding no object");
	/* independent: the sampler decides (the object's border mode and
	 * normalized coordinates are not used) */
	ptx_texture_destroy(cx, h);
	h = mktex(p, PTX_FILTER_POINT, PTX_ADDR_BORDER, PTX_TEXF_NORMALIZED);
	CHECK(ptx_module_get_global(mi, "t", &vt, &sz) == PTX_OK, "independent .texref");
	ptx_mem_copy_htod(cx, vt, &h, 8);
	{
		/* sp: wrap along x, clamp along y, nearest, normalized; sl:
		 * linear, texel coordinates, clamp */
		static const float ic[][2] = { { 0.125f, 0.25f }, { 1.375f, 0.75f }, { -0.125f, 3 }, { 1.0f, 0.5f } };
		static const float wp[] = { 1, 32, 128, 16 }, wl[] = { 1, 8.90625f, 16, 1.5f };
		CHECK(launch2(ki, ic, 4, f, sizeof f) == PTX_OK, "independent-mode tex: %s",
		    ptx_fault_get(cx) ? ptx_fault_get(cx)->msg : "?");
		for (int i = 0; i < 4; i++) {
			CHECK(f[2 * i] == wp[i], "lane %d: sampler sp %g, want %g", i, f[2 * i], wp[i]);
			CHECK(f[2 * i + 1] == wl[i], "lane %d: sampler sl %g, want %g", i, f[2 * i + 1], wl[i]);
		}
	}
	ptx_texture_destroy(cx, h);
	ptx_texture_destroy(cx, s);
	ptx_module_free(mu);
	ptx_module_free(mi);
}

/*
 * tld4 of a cubemap of 2x2 faces whose texels name themselves (100 face +
 * 10 y + x + 1), on +x near the corner of +y and -z ((s, t) = (7/8,
 * 1/8)): each face alone under the address modes (clamp: the edge texels
 * again; wrap: the face's far ones), or, seamless, the texels of the
 * faces beyond the edges: -z's row of x 0 for s past 1, +y's column of
 * x 1 for t below 0 (CU_TRSF_SEAMLESS_CUBEMAP, the CUDA Programming
 * Guide's cubemap fetching), and past the corner, where no texel lies,
 * the blend of those three, 85, 85 and 86 (the face's own) in 256ths, as
 * an H200 gathers it (tests/shim/texcube.gpu).
 */
static void
cubes(void)
{
	static const struct { unsigned am, flags; float want[4]; } cs[] = {
		{ PTX_ADDR_CLAMP, 0, { 2, 2, 2, 2 } },
		{ PTX_ADDR_WRAP, 0, { 2, 1, 11, 12 } },
		{ PTX_ADDR_CLAMP, PTX_TEXF_SEAMLESS, { 2, 501, 234.08984375f, 202 } },
	};
	static const float dir[4] = { 1, 0.75f, -0.75f, 0 };
	float tx[6 * 4], out[4];
	ptx_devptr dt, dc, dout;
	unsigned grid[3] = { 1, 1, 1 }, block[3] = { 1, 1, 1 };

	for (unsigned f = 0; f < 6; f++)
		for (unsigned y = 0; y < 2; y++)
			for (unsigned x = 0; x < 2; x++)
				tx[4 * f + 2 * y + x] = (float)(100 * f + 10 * y + x + 1);
	ptx_mem_alloc(cx, sizeof tx, &dt);
	ptx_mem_alloc(cx, 16, &dc);
	ptx_mem_alloc(cx, 16, &dout);
	ptx_mem_copy_htod(cx, dt, tx, sizeof tx);
	ptx_mem_copy_htod(cx, dc, dir, sizeof dir);
	for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
		ptx_texture t = PTX_TEXTURE_INIT;
		uint64_t h = 0;
		void *args[] = { &h, &dc, &dout };
		t.geom = PTX_TEX_CUBE;
		t.format = PTX_TEXFMT_F32;
		t.width = t.height = 2;
		t.depth = 6;
		t.addr[0] = dt;
		t.filter = PTX_FILTER_LINEAR;
		t.addr_mode[0] = t.addr_mode[1] = t.addr_mode[2] = cs[i].am;
		t.flags = PTX_TEXF_NORMALIZED | cs[i].flags;
		CHECK(ptx_texture_create(cx, &t, &h) == PTX_OK, "a cube");
		memset(out, 0, sizeof out);
		CHECK(ptx_launch(cx, kgather, grid, block, 0, args) == PTX_OK, "tld4.cube");
		ptx_mem_copy_dtoh(cx, out, dout, sizeof out);
		CHECK(!memcmp(out, cs[i].want, sizeof out), "cube %zu: tld4 %g %g %g %g, not %g %g %g %g", i,
		    out[0], out[1], out[2], out[3], cs[i].want[0], cs[i].want[1], cs[i].want[2], cs[i].want[3]);
		ptx_texture_destroy(cx, h);
	}
	ptx_mem_free(cx, dt);
	ptx_mem_free(cx, dc);
	ptx_mem_free(cx, dout);
}

int
main(void)
{
	ptx_devptr p;

	if (ptx_ctx_new(&cx, NULL) != PTX_OK ||
	    ptx_module_load(cx, "tex_test", kernels, sizeof kernels - 1, &mod) != PTX_OK) {
		ptx_diag_print(cx, stdout);
		printf("0 passed, 1 failed\n");
		return 1;
	}
	ptx_set_threads(cx, 1);
	ptx_module_get_function(mod, "fetch", &kfetch);
	ptx_module_get_function(mod, "surf", &ksurf);
	ptx_module_get_function(mod, "gather", &kgather);
	ptx_mem_alloc(cx, sizeof texels, &p);
	ptx_mem_copy_htod(cx, p, texels, sizeof texels);
	descriptions(p);
	sampling(p);
	hostile(p);
	surfaces();
	references(p);
	cubes();
	ptx_ctx_free(cx);
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail ? 1 : 0;
}

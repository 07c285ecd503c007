/*
 * texbits.c -- the bits of single texture rules, each probed over a
 * table of its inputs: the values between the endpoints of BC3's alpha,
 * BC4 and BC5 (unorm and snorm) for chosen first endpoints and every
 * second one and index, linear filtering of random blocks of BC1, BC3,
 * BC4, BC5, BC6H and BC7, and sust.p's conversions into every format of
 * surface an H200 makes (10-10-10-2, unorm and snorm, the plain ones);
 * for ncu's counters, single surface stores and single lanes of
 * tex.grad.3d (grad3d: gradients along the axes; grad3r: pseudo-random
 * ones, the level each lane reads).
 *
 *	texbits [full] [SECTION...]
 *
 * The endpoint tables: a line a first endpoint a, "NAME a:" then, for
 * each second endpoint b from 0 to 255 (a fifth of them: 0, 5, ..., 255,
 * unless "full"), the 8 texels of indices 0 to 7 (hex: 8-bit codes for
 * BC3's alpha, 16-bit unorm or snorm numbers for BC4 and BC5), each
 * group after a space.  "full" takes every a and b (and 2048 linear
 * samples instead of 64); else a few a.  A value that is not a whole
 * number of units is counted ("inexact").  sust.p's texels: a line a
 * format, row and 16 texels, each texel's bytes as they lie.  The same
 * program ran on an H200 (texbits.gpu).
 */
#include <math.h>
#include "shimtest.h"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	/* kb: texel (b * 4 + t % 4, a * 4 + t / 4) for a = al[i >> 11],
	 * b = i >> 3 & 255, t = i & 7, point sampled into o[i] */
	".visible .entry kb(.param .u64 t, .param .u64 al, .param .u64 o, .param .u32 n)\n{\n"
	"\t.reg .pred %p; .reg .u32 %r<12>; .reg .f32 %f<7>; .reg .u64 %rd<6>;\n"
	"\tld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [al]; ld.param.u64 %rd3, [o]; ld.param.u32 %r2, [n];\n"
	"\tmov.u32 %r3, %ctaid.x; mov.u32 %r4, %ntid.x; mov.u32 %r5, %tid.x; mad.lo.u32 %r1, %r3, %r4, %r5;\n"
	"\tsetp.ge.u32 %p, %r1, %r2; @%p ret;\n"
	"\tshr.u32 %r6, %r1, 11; mul.wide.u32 %rd4, %r6, 4; add.u64 %rd4, %rd2, %rd4; ld.global.u32 %r7, [%rd4];\n"
	"\tshr.u32 %r8, %r1, 3; and.b32 %r8, %r8, 255; and.b32 %r9, %r1, 7; and.b32 %r10, %r9, 3; shr.u32 %r11, %r9, 2;\n"
	"\tshl.b32 %r8, %r8, 2; add.u32 %r8, %r8, %r10; shl.b32 %r7, %r7, 2; add.u32 %r7, %r7, %r11;\n"
	"\tcvt.rn.f32.u32 %f1, %r8; add.f32 %f1, %f1, 0f3F000000; cvt.rn.f32.u32 %f2, %r7; add.f32 %f2, %f2, 0f3F000000;\n"
	"\ttex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];\n"
	"\tmul.wide.u32 %rd5, %r1, 16; add.u64 %rd5, %rd3, %rd5; st.global.v4.f32 [%rd5], {%f3, %f4, %f5, %f6};\n\tret;\n}\n"
	/* kl: texture t sampled at c[i] into o[i] */
	".visible .entry kl(.param .u64 t, .param .u64 c, .param .u64 o, .param .u32 n)\n{\n"
	"\t.reg .pred %p; .reg .u32 %r<6>; .reg .f32 %f<7>; .reg .u64 %rd<8>;\n"
	"\tld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [c]; ld.param.u64 %rd3, [o]; ld.param.u32 %r2, [n];\n"
	"\tmov.u32 %r3, %ctaid.x; mov.u32 %r4, %ntid.x; mov.u32 %r5, %tid.x; mad.lo.u32 %r1, %r3, %r4, %r5;\n"
	"\tsetp.ge.u32 %p, %r1, %r2; @%p ret;\n"
	"\tmul.wide.u32 %rd4, %r1, 8; add.u64 %rd5, %rd2, %rd4; ld.global.v2.f32 {%f1, %f2}, [%rd5];\n"
	"\ttex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];\n"
	"\tmul.wide.u32 %rd6, %r1, 16; add.u64 %rd7, %rd3, %rd6; st.global.v4.f32 [%rd7], {%f3, %f4, %f5, %f6};\n\tret;\n}\n"
	/* ks4, ks2, ks1: sust.p of s[i]'s words at texel (i, row) */
#define KS(name, vec, regs) \
	".visible .entry " name "(.param .u64 s, .param .u64 src, .param .u32 row)\n{\n" \
	"\t.reg .u32 %r<3>; .reg .b32 %v<5>; .reg .u64 %rd<5>;\n" \
	"\tld.param.u64 %rd1, [s]; ld.param.u64 %rd2, [src]; ld.param.u32 %r2, [row]; mov.u32 %r1, %tid.x;\n" \
	"\tmul.wide.u32 %rd3, %r1, 16; add.u64 %rd4, %rd2, %rd3; ld.global.v4.b32 {%v1, %v2, %v3, %v4}, [%rd4];\n" \
	"\tsust.p.2d" vec ".b32.trap [%rd1, {%r1, %r2}], " regs ";\n\tret;\n}\n"
	KS("ks4", ".v4", "{%v1, %v2, %v3, %v4}") KS("ks2", ".v2", "{%v1, %v2}") KS("ks1", "", "{%v1}")
	/* kc_MODE: lanes below nl store it times, each at byte x = 4 * ((lane
	 * + i) % 8) + off of row 0; kcl: the same loads (and a store of a
	 * value the texels never hold) */
#define KC(name, op) \
	".visible .entry " name "(.param .u64 s, .param .u32 nl, .param .u32 it, .param .s32 off)\n{\n" \
	"\t.reg .pred %p, %q; .reg .u32 %r<9>; .reg .u64 %rd<2>;\n" \
	"\tld.param.u64 %rd1, [s]; ld.param.u32 %r2, [nl]; ld.param.u32 %r3, [it]; ld.param.u32 %r4, [off];\n" \
	"\tmov.u32 %r1, %tid.x; setp.ge.u32 %p, %r1, %r2; @%p ret; mov.u32 %r5, 0; mov.u32 %r8, 0;\n" \
	"L:\tadd.u32 %r6, %r1, %r5; and.b32 %r6, %r6, 7; shl.b32 %r6, %r6, 2; add.s32 %r6, %r6, %r4;\n" \
	"\t" op ";\n" \
	"\tadd.u32 %r5, %r5, 1; setp.lt.u32 %p, %r5, %r3; @%p bra L;\n\tret;\n}\n"
	KC("kc_trap", "sust.b.2d.b32.trap [%rd1, {%r6, %r8}], {%r5}")
	KC("kc_clamp", "sust.b.2d.b32.clamp [%rd1, {%r6, %r8}], {%r5}")
	KC("kc_zero", "sust.b.2d.b32.zero [%rd1, {%r6, %r8}], {%r5}")
	KC("kcl_clamp", "suld.b.2d.b32.clamp {%r7}, [%rd1, {%r6, %r8}]; setp.eq.u32 %q, %r7, 12345; @%q sust.b.2d.b32.trap [%rd1, {%r8, %r8}], {%r8}")
	/* kg3: lane 0's tex.grad.3d at c[0] with gradients c[1], c[2] into o */
	".visible .entry kg3(.param .u64 t, .param .u64 c, .param .u64 o)\n{\n"
	"\t.reg .f32 %f<16>; .reg .u64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [c]; ld.param.u64 %rd3, [o];\n"
	"\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd2]; ld.global.v4.f32 {%f5, %f6, %f7, %f8}, [%rd2+16];\n"
	"\tld.global.v4.f32 {%f9, %f10, %f11, %f12}, [%rd2+32];\n"
	"\ttex.grad.3d.v4.f32.f32 {%f13, %f14, %f15, %f0}, [%rd1, {%f1, %f2, %f3, %f3}], {%f5, %f6, %f7, %f7}, {%f9, %f10, %f11, %f11};\n"
	"\tst.global.v4.f32 [%rd3], {%f13, %f14, %f15, %f0};\n\tret;\n}\n";

static CUmodule mod;
static CUfunction kb, kl, ks[3], kg;
static int full;
static uint32_t seed;

static uint32_t
rnd(void)
{
	seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
	return seed;
}

static uint32_t
fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static float
bitsf(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

/* A w x h texel array of format code, nch channels, filled from in
 * (rows of pitch bytes, rows of them), or 0 */
static CUarray
mkarray(int code, unsigned nch, unsigned w, unsigned h, unsigned flags, const void *in, size_t pitch, unsigned rows)
{
	CUDA_ARRAY3D_DESCRIPTOR d;
	CUDA_MEMCPY2D m;
	CUarray a;
	CUresult r;

	memset(&d, 0, sizeof d);
	d.Width = w, d.Height = h, d.Format = (CUarray_format)code, d.NumChannels = nch, d.Flags = flags;
	if ((r = cuArray3DCreate(&a, &d))) {
		printf("array 0x%x: %s\n", (unsigned)code, ename(r));
		return 0;
	}
	memset(&m, 0, sizeof m);
	m.srcMemoryType = CU_MEMORYTYPE_HOST, m.srcHost = in, m.srcPitch = pitch;
	m.dstMemoryType = CU_MEMORYTYPE_ARRAY, m.dstArray = a;
	m.WidthInBytes = pitch, m.Height = rows;
	if ((r = cuMemcpy2D(&m))) {
		printf("copy into 0x%x: %s\n", (unsigned)code, ename(r));
		cuArrayDestroy(a);
		return 0;
	}
	return a;
}

static CUtexObject
mktex(CUarray a, int filter)
{
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUtexObject t;
	CUresult r;

	memset(&rd, 0, sizeof rd);
	memset(&td, 0, sizeof td);
	rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = a;
	td.addressMode[0] = td.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
	td.filterMode = (CUfilter_mode)filter;
	if ((r = cuTexObjectCreate(&t, &rd, &td, NULL))) {
		printf("texture: %s\n", ename(r));
		return 0;
	}
	return t;
}

/* ---------------------------------------------------------------- endpoints */

/* The first endpoints of the tables (full: all 256) */
static const unsigned some[] = { 0x01, 0x5a, 0x80, 0x81, 0xa7, 0xff };

/*
 * Format code (blocks of bytes bytes), its 256 x 256 blocks: the block
 * of row a and column b has endpoints a, b (in both halves of a BC5
 * block) and indices 0 to 7 twice.  Prints the tables of channels ch[]
 * (names nm[]) in units of scale[], then the inexact count.
 */
static void
endpoints(int code, unsigned nch, unsigned bytes, int nt, const int *ch, const char *const *nm, const double *scale)
{
	static unsigned char blk[256 * 256 * 16];
	unsigned na = full ? 256 : sizeof some / sizeof some[0], al[256], n = na * 2048, inexact = 0;
	static float o[256 * 2048 * 4];
	CUdeviceptr dal, dout;
	CUarray a;
	CUtexObject t;
	CUresult r;

	memset(blk, 0, sizeof blk);
	for (unsigned i = 0; i < 256 * 256; i++) {
		unsigned char *q = blk + (size_t)i * bytes;
		for (unsigned h = 0; h < (bytes == 16 && code != 0x95 ? 2u : 1u); h++) {
			unsigned char *e = q + 8 * h;
			uint64_t ix = 0;
			for (unsigned k = 0; k < 16; k++)
				ix |= (uint64_t)(k % 8) << (3 * k);
			e[0] = (unsigned char)(i >> 8), e[1] = (unsigned char)i;
			for (unsigned k = 0; k < 6; k++)
				e[2 + k] = (unsigned char)(ix >> (8 * k));
		}
	}
	if (!(a = mkarray(code, nch, 1024, 1024, 0, blk, 256 * (size_t)bytes, 256)) || !(t = mktex(a, CU_TR_FILTER_MODE_POINT)))
		return;
	for (unsigned i = 0; i < na; i++)
		al[i] = full ? i : some[i];
	CK(cuMemAlloc(&dal, sizeof al));
	CK(cuMemAlloc(&dout, (size_t)n * 16));
	CK(cuMemcpyHtoD(dal, al, sizeof al));
	void *args[] = { &t, &dal, &dout, &n };
	if ((r = cuLaunchKernel(kb, n / 256, 1, 1, 256, 1, 1, 0, NULL, args, NULL)) || (r = cuCtxSynchronize()) ||
	    (r = cuMemcpyDtoH(o, dout, (size_t)n * 16))) {
		printf("0x%x: %s\n", (unsigned)code, ename(r));
		return;
	}
	for (int c = 0; c < nt; c++)
		for (unsigned i = 0; i < na; i++) {
			printf("%s %02x:", nm[c], al[i]);
			for (unsigned k = 0; k < 2048; k++) {
				double v = o[4 * ((size_t)i * 2048 + k) + (unsigned)ch[c]] * scale[c], x = nearbyint(v);
				inexact += fabs(v - x) > 0.02;
				if (!full && k / 8 % 5)
					continue;
				if (k % 8 == 0)
					putchar(' ');
				if (scale[c] < 256)
					printf("%02x", (unsigned)x & 0xff);
				else
					printf("%04x", (unsigned)(int)x & 0xffff);
			}
			putchar('\n');
		}
	printf("0x%x inexact %u\n", (unsigned)code, inexact);
	cuMemFree(dal);
	cuMemFree(dout);
	cuTexObjectDestroy(t);
	cuArrayDestroy(a);
}

static void
bc3(void)
{
	static const int ch[] = { 3 };
	static const char *const nm[] = { "BC3.a" };
	static const double sc[] = { 255 };
	endpoints(0x95, 4, 16, 1, ch, nm, sc);
}

static void
bc4(void)
{
	static const int ch[] = { 0 };
	static const char *const nu[] = { "BC4U" }, *const ns[] = { "BC4S" };
	static const double su[] = { 65535 }, ss[] = { 32767 };
	endpoints(0x97, 1, 8, 1, ch, nu, su);
	endpoints(0x98, 1, 8, 1, ch, ns, ss);
}

static void
bc5(void)
{
	static const int ch[] = { 0, 1 };
	static const char *const nu[] = { "BC5U.r", "BC5U.g" }, *const ns[] = { "BC5S.r", "BC5S.g" };
	static const double su[] = { 65535, 65535 }, ss[] = { 32767, 32767 };
	endpoints(0x99, 2, 16, 2, ch, nu, su);
	endpoints(0x9a, 2, 16, 2, ch, ns, ss);
}

/* ---------------------------------------------------------------- linear */

/* Random blocks of each BC format, 32 x 16 texels, filtered linearly at
 * random places (any fraction): "NAME x,y: r g b a", coordinates as
 * float bits. */
static void
linear(void)
{
	static const struct { int code; const char *name; unsigned nch, bytes; } f[] = {
		{ 0x91, "BC1", 4, 8 }, { 0x95, "BC3", 4, 16 }, { 0x97, "BC4U", 1, 8 }, { 0x98, "BC4S", 1, 8 },
		{ 0x99, "BC5U", 2, 16 }, { 0x9a, "BC5S", 2, 16 }, { 0x9b, "BC6H_UF16", 3, 16 },
		{ 0x9c, "BC6H_SF16", 3, 16 }, { 0x9d, "BC7", 4, 16 },
	};
	unsigned n = full ? 2048 : 64;
	static float c[2048 * 2];
	static uint32_t o[2048 * 4];
	unsigned char blk[8 * 4 * 16];
	CUdeviceptr dc, dout;

	CK(cuMemAlloc(&dc, sizeof c));
	CK(cuMemAlloc(&dout, sizeof o));
	for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
		CUarray a;
		CUtexObject t;
		CUresult r;
		seed = 0x2545f491u ^ (uint32_t)f[k].code;
		for (size_t i = 0; i < sizeof blk; i++)
			blk[i] = (unsigned char)rnd();
		for (unsigned b = 0; b < 32; b++) {
			unsigned char *q = blk + b * f[k].bytes;
			if (f[k].code == 0x9b || f[k].code == 0x9c) {
				/* the modes in use, none reserved */
				static const unsigned char m[] = { 0, 1, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15 };
				q[0] = (unsigned char)((q[0] & 0xe0) | m[b % 14]);
				if (m[b % 14] < 2)
					q[0] = (unsigned char)((q[0] & 0xfc) | m[b % 14]);
			} else if (f[k].code == 0x9d) {
				unsigned md = b % 8;
				q[0] = (unsigned char)(((q[0] << (md + 1)) & 0xff) | (1u << md));
			}
		}
		for (unsigned i = 0; i < n; i++) {
			c[2 * i] = (float)(rnd() % (34u << 16)) / 65536.0f - 1.0f;
			c[2 * i + 1] = (float)(rnd() % (18u << 16)) / 65536.0f - 1.0f;
		}
		if (!(a = mkarray(f[k].code, f[k].nch, 32, 16, 0, blk, 8 * (size_t)f[k].bytes, 4)))
			continue;
		if (!(t = mktex(a, CU_TR_FILTER_MODE_LINEAR))) {
			cuArrayDestroy(a);
			continue;
		}
		void *args[] = { &t, &dc, &dout, &n };
		if ((r = cuMemcpyHtoD(dc, c, sizeof c)) || (r = cuLaunchKernel(kl, (n + 63) / 64, 1, 1, 64, 1, 1, 0, NULL, args, NULL)) ||
		    (r = cuCtxSynchronize()) || (r = cuMemcpyDtoH(o, dout, (size_t)n * 16))) {
			printf("%s linear: %s\n", f[k].name, ename(r));
			return;
		}
		for (unsigned i = 0; i < n; i++)
			printf("%s %08x,%08x: %08x %08x %08x %08x\n", f[k].name, fbits(c[2 * i]), fbits(c[2 * i + 1]),
			    o[4 * i], o[4 * i + 1], o[4 * i + 2], o[4 * i + 3]);
		cuTexObjectDestroy(t);
		cuArrayDestroy(a);
	}
	cuMemFree(dc);
	cuMemFree(dout);
}

/* ---------------------------------------------------------------- sust.p */

/* The sources: floats at the ends and midpoints of each format's units,
 * special values, and integers */
static uint32_t vals[64];

static void
mkvals(void)
{
	static const float fl[] = {
		0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.0f, -2.0f, 0.25f, 1.0f / 3, 2.0f / 3, 0.1f, 0.9f, 0.999f,
		1.0f / 1023, 0.5f / 1023, 1.5f / 1023, 2.5f / 1023, 0.5f / 255, 1.5f / 255, 0.5f / 65535,
		127.5f / 255, 0.5f / 3, 1.5f / 3, 2.5f / 3, 0.5f / 127, -0.5f / 127, -1.5f / 127, 0.5f / 32767,
		1e-30f, -1e-30f, 65504.0f, 1e10f, -0.6f, 511.5f / 1023,
	};
	static const uint32_t in[] = {
		0x7fc00000u, 0xffc00000u, 0x7f800000u, 0xff800000u, 0x00000001u, 1, 2, 3, 0xff, 0x100, 0x3ff, 0x400,
		0xffff, 0x10000, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xfffffffeu, 0xffffff80u, 0xffffff7fu, 0x7f,
		0x80, 0x7fff, 0x8000, 0xffff8000u, 0x12345678u, 0x3f7ff000u, 0x3effffffu, 0x3f000001u, 0xbf000000u,
	};
	size_t k = 0;
	for (size_t i = 0; i < sizeof fl / sizeof fl[0]; i++)
		vals[k++] = fbits(fl[i]);
	for (size_t i = 0; i < sizeof in / sizeof in[0] && k < 64; i++)
		vals[k++] = in[i];
}

static void
sustp(void)
{
	static const struct { int code; unsigned nch, bytes; } f[] = {
		{ 0x01, 4, 4 }, { 0x02, 4, 8 }, { 0x03, 4, 16 }, { 0x08, 4, 4 }, { 0x09, 4, 8 }, { 0x0a, 4, 16 },
		{ 0x10, 4, 8 }, { 0x20, 4, 16 }, { 0x01, 1, 1 }, { 0x10, 2, 4 },
		{ 0xc0, 1, 1 }, { 0xc1, 2, 2 }, { 0xc2, 4, 4 }, { 0xc3, 1, 2 }, { 0xc4, 2, 4 }, { 0xc5, 4, 8 },
		{ 0xc6, 1, 1 }, { 0xc7, 2, 2 }, { 0xc8, 4, 4 }, { 0xc9, 1, 2 }, { 0xca, 2, 4 }, { 0xcb, 4, 8 },
		{ 0x50, 4, 4 },
	};
	static uint32_t src[64 * 4];
	static unsigned char buf[4 * 64 * 16];
	CUdeviceptr ds;

	mkvals();
	CK(cuMemAlloc(&ds, sizeof src));
	for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
		size_t pitch = 64 * (size_t)f[k].bytes;
		CUDA_RESOURCE_DESC rd;
		CUsurfObject s;
		CUarray a;
		CUresult r;
		memset(buf, 0xa5, sizeof buf);
		if (!(a = mkarray(f[k].code, f[k].nch, 64, 4, CUDA_ARRAY3D_SURFACE_LDST, buf, pitch, 4)))
			continue;
		memset(&rd, 0, sizeof rd);
		rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = a;
		if ((r = cuSurfObjectCreate(&s, &rd))) {
			printf("0x%02x x%u surface: %s\n", (unsigned)f[k].code, f[k].nch, ename(r));
			cuArrayDestroy(a);
			continue;
		}
		/* row 0: v4 of one value; row 1: v4 of four; row 2: v2; row 3: v1 */
		for (unsigned row = 0; row < 4; row++) {
			unsigned ki = row < 2 ? 0 : row - 1;
			for (unsigned i = 0; i < 64; i++)
				for (unsigned c = 0; c < 4; c++)
					src[4 * i + c] = row == 0 ? vals[i] : vals[(i + 17 * c) % 64];
			void *args[] = { &s, &ds, &row };
			if ((r = cuMemcpyHtoD(ds, src, sizeof src)) ||
			    (r = cuLaunchKernel(ks[ki], 1, 1, 1, 64, 1, 1, 0, NULL, args, NULL)) || (r = cuCtxSynchronize())) {
				printf("0x%02x x%u sust.p row %u: %s\n", (unsigned)f[k].code, f[k].nch, row, ename(r));
				return;
			}
		}
		CUDA_MEMCPY2D m;
		memset(&m, 0, sizeof m);
		m.srcMemoryType = CU_MEMORYTYPE_ARRAY, m.srcArray = a;
		m.dstMemoryType = CU_MEMORYTYPE_HOST, m.dstHost = buf, m.dstPitch = pitch;
		m.WidthInBytes = pitch, m.Height = 4;
		CK(cuMemcpy2D(&m));
		for (unsigned row = 0; row < 4; row++)
			for (unsigned i = 0; i < 64; i++) {
				if (i % 16 == 0)
					printf("0x%02x x%u row %u texels %u-%u:", (unsigned)f[k].code, f[k].nch, row, i, i + 15);
				putchar(' ');
				for (unsigned b = 0; b < f[k].bytes; b++)
					printf("%02x", buf[row * pitch + i * f[k].bytes + b]);
				if (i % 16 == 15)
					putchar('\n');
			}
		cuSurfObjectDestroy(s);
		cuArrayDestroy(a);
	}
	cuMemFree(ds);
	(void)bitsf;
}

/* ---------------------------------------------------------------- counters */

/* Launches of single surface instructions, for ncu's texture-pipe
 * counters of each (tests/tex's s2d_wr counts a texture request a store
 * besides its surface one): one lane or 32, one store or 8, in and out
 * of range, under each bounds mode */
static void
surfcount(void)
{
	static const struct { const char *k; unsigned nl, it; int off; } l[] = {
		{ "kc_trap", 1, 1, 0 }, { "kc_clamp", 1, 1, 0 }, { "kc_zero", 1, 1, 0 },
		{ "kc_trap", 32, 1, 0 }, { "kc_clamp", 32, 1, 0 }, { "kc_zero", 32, 1, 0 },
		{ "kc_trap", 1, 8, 0 }, { "kc_clamp", 1, 8, 0 }, { "kc_zero", 1, 8, 0 },
		{ "kc_clamp", 32, 8, 0 }, { "kc_clamp", 1, 1, -1000 }, { "kc_zero", 1, 1, -1000 },
		{ "kc_clamp", 1, 8, -1000 }, { "kcl_clamp", 1, 1, 0 }, { "kcl_clamp", 1, 8, 0 },
		{ "kcl_clamp", 32, 8, 0 }, { "kc_clamp", 2, 8, 0 }, { "kc_clamp", 8, 8, 0 },
	};
	static uint32_t z[8 * 2];
	CUDA_RESOURCE_DESC rd;
	CUsurfObject s;
	CUarray a;

	if (!(a = mkarray(0x03, 1, 8, 2, CUDA_ARRAY3D_SURFACE_LDST, z, 32, 2)))
		return;
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = a;
	CK(cuSurfObjectCreate(&s, &rd));
	for (size_t i = 0; i < sizeof l / sizeof l[0]; i++) {
		CUfunction f;
		CUresult r;
		void *args[] = { &s, (void *)&l[i].nl, (void *)&l[i].it, (void *)&l[i].off };
		CK(cuModuleGetFunction(&f, mod, l[i].k));
		r = cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, args, NULL);
		if (!r)
			r = cuCtxSynchronize();
		printf("launch %zu %s lanes %u times %u offset %d: %s\n", i, l[i].k, l[i].nl, l[i].it, l[i].off, ename(r));
	}
	CK(cuMemcpyAtoH(z, a, 0, 32));
	for (unsigned i = 0; i < 8; i++)
		printf("%s%08x", i ? " " : "texels ", z[i]);
	putchar('\n');
	cuSurfObjectDestroy(s);
	cuArrayDestroy(a);
}

/* ---------------------------------------------------------------- grad3d */

/* The array of grad3d and grad3r: 16x16x16 f32 texels of 5 levels, level
 * l all l, and *t a texture of it, linear within and between levels */
static CUmipmappedArray
grad3tex(CUtexObject *t)
{
	static float f[16 * 16 * 16];
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUmipmappedArray mm;

	memset(&ad, 0, sizeof ad);
	ad.Width = ad.Height = ad.Depth = 16, ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 1;
	CK(cuMipmappedArrayCreate(&mm, &ad, 5));
	for (unsigned l = 0, w = 16; l < 5; l++, w /= 2) {   /* level l: w^3 texels of value l */
		CUDA_MEMCPY3D c = { .srcMemoryType = CU_MEMORYTYPE_HOST, .srcHost = f, .srcPitch = w * 4,
		    .srcHeight = w, .dstMemoryType = CU_MEMORYTYPE_ARRAY, .WidthInBytes = w * 4, .Height = w, .Depth = w };
		for (unsigned i = 0; i < w * w * w; i++)
			f[i] = (float)l;
		CK(cuMipmappedArrayGetLevel(&c.dstArray, mm, l));
		CK(cuMemcpy3D(&c));
	}
	memset(&rd, 0, sizeof rd);
	memset(&td, 0, sizeof td);
	rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY, rd.res.mipmap.hMipmappedArray = mm;
	td.filterMode = td.mipmapFilterMode = CU_TR_FILTER_MODE_LINEAR;
	td.flags = CU_TRSF_NORMALIZED_COORDINATES, td.maxMipmapLevelClamp = 4;
	CK(cuTexObjectCreate(t, &rd, &td, NULL));
	return mm;
}

/* One lane of tex.grad.3d a launch on a 16x16x16 f32 array of 5 levels,
 * level l all l, filtered linearly within and between levels, at (8.5,
 * 8.5, 8.5) texels (or 9: a corner), dx along axis ax of length a, dy
 * along axis ay of length b (level-0 texels): the sectors each fetches
 * (ncu) and the level it read */
static void
grad3d(void)
{
	static const struct { float at; unsigned ax, ay; float a, b; } g[] = {
		{ 8.5f, 0, 1, 2, 2 }, { 8.5f, 0, 1, 3, 3 }, { 8.5f, 0, 1, 2, 0 }, { 8.5f, 0, 1, 0, 2 },
		{ 8.5f, 0, 1, 2, 1 }, { 8.5f, 0, 1, 1, 2 }, { 8.5f, 0, 1, 4, 4 }, { 8.5f, 0, 1, 3, 0 },
		{ 8.5f, 0, 1, 0, 3 }, { 8.5f, 0, 1, 3, 2 }, { 8.5f, 0, 1, 2, 3 }, { 8.5f, 0, 1, 4, 2 },
		{ 8.5f, 0, 1, 2, 4 }, { 8.5f, 0, 1, 1, 1 }, { 8.5f, 0, 1, 1.5f, 1.5f }, { 8.5f, 0, 1, 2.5f, 2.5f },
		{ 8.5f, 0, 2, 2, 2 }, { 8.5f, 0, 2, 3, 3 }, { 8.5f, 1, 2, 2, 2 }, { 8.5f, 1, 2, 3, 3 },
		{ 8.5f, 2, 0, 2, 2 }, { 8.5f, 1, 0, 2, 2 }, { 8.5f, 0, 0, 2, 2 }, { 8.5f, 0, 0, 2, 0.5f },
		{ 9, 0, 1, 2, 2 }, { 9, 0, 1, 3, 3 }, { 9, 0, 1, 2, 0 }, { 9, 0, 1, 0, 2 },
		{ 8.5f, 0, 1, 2, 1.5f }, { 8.5f, 0, 1, 1.5f, 2 }, { 8.5f, 0, 1, 6, 6 }, { 8.5f, 0, 1, 8, 8 },
	};
	CUtexObject t;
	CUmipmappedArray mm = grad3tex(&t);
	CUdeviceptr dc, dout;

	CK(cuMemAlloc(&dc, 48));
	CK(cuMemAlloc(&dout, 16));
	for (size_t i = 0; i < sizeof g / sizeof g[0]; i++) {
		float q[12] = { 0 }, o[4];
		void *args[] = { &t, &dc, &dout };
		for (unsigned a = 0; a < 3; a++)
			q[a] = g[i].at / 16.0f;
		q[4 + g[i].ax] = g[i].a / 16.0f;
		q[8 + g[i].ay] += g[i].b / 16.0f;
		CK(cuMemcpyHtoD(dc, q, sizeof q));
		CK(cuLaunchKernel(kg, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL));
		CK(cuMemcpyDtoH(o, dout, 16));
		printf("grad3d %zu at %g dx %g along %u dy %g along %u: %08x\n", i, g[i].at, g[i].a, g[i].ax, g[i].b,
		    g[i].ay, fbits(o[0]));
	}
	cuMemFree(dc);
	cuMemFree(dout);
	cuTexObjectDestroy(t);
	cuMipmappedArrayDestroy(mm);
}

/* grad3r: the same array and kernel, 32 lanes (a launch each) of
 * pseudo-random coordinates and gradients: 16 with dx of (2, m, m) or
 * (2, 0, m) texels, m in [0, 2), and dy 0; 16 with every component of
 * dx and dy of either sign and 2^-4 to 2^3 texels: the level each lane
 * reads, as an H200 read it (texbits.gpu) */
static void
grad3r(void)
{
	CUtexObject t;
	CUmipmappedArray mm = grad3tex(&t);
	CUdeviceptr dc, dout;

	seed = 0x6d2b79f5u;
	CK(cuMemAlloc(&dc, 48));
	CK(cuMemAlloc(&dout, 16));
	for (unsigned i = 0; i < 32; i++) {
		float q[12] = { 0 }, o[4];
		void *args[] = { &t, &dc, &dout };
		for (unsigned a = 0; a < 3; a++)
			q[a] = (float)(rnd() % 4096) / 4096.0f;
		if (i < 16) {
			float m = (float)(rnd() % 128) / 64.0f;
			q[4] = 2.0f / 16.0f, q[5] = i & 1 ? m / 16.0f : 0, q[6] = m / 16.0f;
		} else {
			for (unsigned a = 0; a < 3; a++) {
				q[4 + a] = ((float)(rnd() % 4096) / 512.0f - 4.0f) / 16.0f * (float)(1u << (rnd() % 8)) / 16.0f;
				q[8 + a] = ((float)(rnd() % 4096) / 512.0f - 4.0f) / 16.0f * (float)(1u << (rnd() % 8)) / 16.0f;
			}
		}
		CK(cuMemcpyHtoD(dc, q, sizeof q));
		CK(cuLaunchKernel(kg, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL));
		CK(cuMemcpyDtoH(o, dout, 16));
		printf("grad3r %u at %08x %08x %08x dx %08x %08x %08x dy %08x %08x %08x: %08x\n", i, fbits(q[0]), fbits(q[1]),
		    fbits(q[2]), fbits(q[4]), fbits(q[5]), fbits(q[6]), fbits(q[8]), fbits(q[9]), fbits(q[10]), fbits(o[0]));
	}
	cuMemFree(dc);
	cuMemFree(dout);
	cuTexObjectDestroy(t);
	cuMipmappedArrayDestroy(mm);
}

int
main(int argc, char **argv)
{
	static const Section sec[] = { { "bc3", bc3 }, { "bc4", bc4 }, { "bc5", bc5 }, { "linear", linear }, { "sustp", sustp },
	    { "surfcount", surfcount }, { "grad3d", grad3d }, { "grad3r", grad3r } };

	if (argc > 1 && !strcmp(argv[1], "full"))
		full = 1, argc--, argv++;
	primary_ctx();
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&kb, mod, "kb"));
	CK(cuModuleGetFunction(&kl, mod, "kl"));
	CK(cuModuleGetFunction(&ks[0], mod, "ks4"));
	CK(cuModuleGetFunction(&ks[1], mod, "ks2"));
	CK(cuModuleGetFunction(&ks[2], mod, "ks1"));
	CK(cuModuleGetFunction(&kg, mod, "kg3"));
	sections(sec, sizeof sec / sizeof sec[0], argc, argv);
	return 0;
}

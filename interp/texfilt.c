/*
 * texfilt.c -- the texel arithmetic of the texture unit: reading a texel
 * (a plain one channel by channel, a packed or block-compressed one
 * whole, decoded by texbc.c), the border colour converted to the format,
 * and the filter that blends the texels under their weights, each
 * format in the unit's own arithmetic as an H200 computes it
 * (tests/tex/ref.bin, tests/shim/texfmt.gpu).  Which texels and weights
 * a fetch takes is tex.c's to say.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "interp.h"
#include "tex.h"

/* f16 to f32, exactly */
float
interp_tex_half(uint16_t h)
{
	int e = h >> 10 & 0x1f;
	uint32_t m = h & 0x3ff, s = (uint32_t)(h >> 15) << 31;

	if (e == 0x1f)
		return f32of(s | 0x7f800000u | m << 13);
	if (e == 0)
		return f32of(s) + (s ? -1.0f : 1.0f) * ldexpf((float)m, -24);
	return f32of(s | (uint32_t)(e - 15 + 127) << 23 | m << 13);
}

/* The texel at (i, j, k) of level lv, in range, into *t; -1 after a fault. */
int
interp_tex_texel(const Smp *s, unsigned lv, uint64_t i, uint64_t j, uint64_t k, Texel *t)
{
	const TexObj *o = s->o;
	uint64_t a;

	memset(t, 0, sizeof *t);
	if (o->t.format > PTX_TEXFMT_F32) {   /* a packed texel or a block, read whole */
		const uint8_t *p;
		uint32_t u;
		a = o->t.addr[lv] + k * o->slice[lv] + (o->bc ? j / 4 * o->pitch[lv] + i / 4 * o->tsz :
		    j * o->pitch[lv] + i * o->tsz);
		if (!(p = interp_xlate(s->L, s->w, s->lane, MS_GLOBAL, a, o->tsz, 0, s->xi)))
			return -1;
		if (s->L->chk & PTX_CHECK_MEMCHECK)
			interp_chk_texread(s->L, s->w, (uint32_t)s->lane, s->xi, a, p, o->tsz);
		if (o->bc) {
			interp_tex_bc(o->t.format, p, (unsigned)(i % 4 + 4 * (j % 4)), t->c);
			return 0;
		}
		/* 10-10-10-2: each channel widened to 16 bits by repeating its
		 * high bits, as 8-bit ones are (times 257) */
		memcpy(&u, p, 4);
		for (unsigned c = 0; c < 3; c++) {
			uint32_t v = u >> (10 * c) & 1023;
			t->c[c] = v << 6 | v >> 4;
		}
		t->c[3] = (u >> 30) * 0x5555;
		return 0;
	}
	a = o->t.addr[lv] + k * o->slice[lv] + j * o->pitch[lv] + i * o->tsz;
	for (unsigned c = 0; c < o->t.channels; c++) {
		const uint8_t *p = interp_xlate(s->L, s->w, s->lane, MS_GLOBAL, a + c * o->esz, o->esz, 0, s->xi);
		uint32_t u = 0;
		if (!p)
			return -1;
		if (s->L->chk & PTX_CHECK_MEMCHECK)   /* a checked launch: one host thread */
			interp_chk_texread(s->L, s->w, (uint32_t)s->lane, s->xi, a + c * o->esz, p, o->esz);
		memcpy(&u, p, o->esz);
		t->c[c] = o->t.format == PTX_TEXFMT_S8 ? (uint32_t)(int32_t)(int8_t)u :
		    o->t.format == PTX_TEXFMT_S16 ? (uint32_t)(int32_t)(int16_t)u : u;
	}
	return 0;
}

/* f truncated to a half (toward zero), its bits */
static uint32_t
half_trunc(float f)
{
	double ax = fabs((double)f);
	uint32_t sg = f < 0 ? 0x8000 : 0;
	int e;

	if (f != f)
		return 0x7e00;
	if (ax >= 65536.0)
		return sg | (isinf(f) ? 0x7c00 : 0x7bff);
	if (ax == 0)
		return sg;
	e = ilogb(ax);
	if (e < -14)
		return sg | (uint32_t)ldexp(ax, 24);
	return sg | (uint32_t)(e + 15) << 10 | ((uint32_t)ldexp(ax, 10 - e) & 0x3ff);
}

/* x in [lo, 1] (NaN: 0) times scale, the product a float, rounded to
 * nearest with ties down (0.3f * 255 = 76.5f reads 76, 0.5f 127, 0.25f 64) */
static int32_t
unorm_round(float x, float lo, float scale)
{
	float v = x != x ? 0 : x < lo ? lo : x > 1 ? 1 : x;
	return (int32_t)ceilf(v * scale - 0.5f);
}

/* The border colour as a texel of the object's format.  Integer reads
 * take the colour's bits as they are, cut to the channel's width (a u8
 * border of 5.0f, 0x40a00000, reads 0); normalized formats round the
 * float, ties down (unorm_round), measured on an H200. */
void
interp_tex_border(const Smp *s, Texel *t)
{
	const TexObj *o = s->o;

	memset(t, 0, sizeof *t);
	for (unsigned c = 0; c < o->fch; c++) {
		float b = o->t.border[c];
		uint32_t u = bitsof(b);
		if (s->isint) {
			if (o->esz < 4)
				u &= (1u << 8 * o->esz) - 1;
			if (o->t.format == PTX_TEXFMT_S8)
				u = (uint32_t)(int32_t)(int8_t)u;
			else if (o->t.format == PTX_TEXFMT_S16)
				u = (uint32_t)(int32_t)(int16_t)u;
			t->c[c] = u;
			continue;
		}
		switch (o->ff) {
		case PTX_TEXFMT_U8: u = (uint32_t)unorm_round(b, 0, 255); break;
		case PTX_TEXFMT_U16: u = (uint32_t)unorm_round(b, 0, 65535); break;
		case PTX_TEXFMT_S8: u = (uint32_t)unorm_round(b, -1, 127); break;
		case PTX_TEXFMT_S16: u = (uint32_t)unorm_round(b, -1, 32767); break;
		case PTX_TEXFMT_F16: u = half_trunc(b); break;
		default: break;
		}
		t->c[c] = u;
	}
}

/* An sRGB-encoded 8-bit channel as the filter takes it: the unit's own
 * table, the high 16 bits of each code's float, as an H200 returns it
 * under point sampling (tests/tex/ref.bin, "probe srgb point").  It is
 * the IEC 61966-2-1 curve to 8 significant bits but for 29 codes a unit
 * off (1, 2, 6 and 10 of the linear segment read code * 10 / 32768).
 * Linear filtering blends these values, cut to a block exponent
 * (srgb_blend). */
static const uint16_t srgbtab[256] = {
	0x0000, 0x39a0, 0x3a20, 0x3a70, 0x3aa0, 0x3ac8, 0x3af0, 0x3b0c,
	0x3b20, 0x3b34, 0x3b48, 0x3b5c, 0x3b70, 0x3b84, 0x3b90, 0x3b9c,
	0x3baa, 0x3bb8, 0x3bc6, 0x3bd6, 0x3be6, 0x3bf6, 0x3c03, 0x3c0c,
	0x3c16, 0x3c1f, 0x3c29, 0x3c34, 0x3c3e, 0x3c49, 0x3c55, 0x3c60,
	0x3c6c, 0x3c7a, 0x3c83, 0x3c8a, 0x3c91, 0x3c98, 0x3c9f, 0x3ca6,
	0x3cae, 0x3cb6, 0x3cbe, 0x3cc6, 0x3cce, 0x3cd7, 0x3ce0, 0x3ce9,
	0x3cf2, 0x3cfc, 0x3d03, 0x3d08, 0x3d0d, 0x3d12, 0x3d17, 0x3d1c,
	0x3d22, 0x3d28, 0x3d2d, 0x3d33, 0x3d39, 0x3d3f, 0x3d45, 0x3d4c,
	0x3d52, 0x3d58, 0x3d60, 0x3d66, 0x3d6c, 0x3d74, 0x3d7a, 0x3d81,
	0x3d85, 0x3d88, 0x3d8c, 0x3d90, 0x3d94, 0x3d98, 0x3d9c, 0x3da0,
	0x3da4, 0x3da9, 0x3dad, 0x3db1, 0x3db6, 0x3dba, 0x3dbf, 0x3dc3,
	0x3dc8, 0x3dcd, 0x3dd1, 0x3dd6, 0x3ddb, 0x3de0, 0x3de5, 0x3dea,
	0x3df0, 0x3df4, 0x3dfa, 0x3e00, 0x3e02, 0x3e05, 0x3e08, 0x3e0b,
	0x3e0e, 0x3e11, 0x3e14, 0x3e17, 0x3e1a, 0x3e1d, 0x3e20, 0x3e23,
	0x3e26, 0x3e29, 0x3e2c, 0x3e30, 0x3e33, 0x3e36, 0x3e3a, 0x3e3d,
	0x3e40, 0x3e44, 0x3e47, 0x3e4b, 0x3e4e, 0x3e52, 0x3e56, 0x3e59,
	0x3e5d, 0x3e61, 0x3e65, 0x3e68, 0x3e6c, 0x3e70, 0x3e74, 0x3e78,
	0x3e7c, 0x3e80, 0x3e82, 0x3e84, 0x3e86, 0x3e88, 0x3e8a, 0x3e8d,
	0x3e8f, 0x3e91, 0x3e93, 0x3e95, 0x3e98, 0x3e9a, 0x3e9c, 0x3e9e,
	0x3ea1, 0x3ea3, 0x3ea5, 0x3ea8, 0x3eaa, 0x3ead, 0x3eaf, 0x3eb2,
	0x3eb4, 0x3eb6, 0x3eb9, 0x3ebc, 0x3ebe, 0x3ec1, 0x3ec3, 0x3ec6,
	0x3ec8, 0x3ecb, 0x3ece, 0x3ed1, 0x3ed3, 0x3ed6, 0x3ed9, 0x3edb,
	0x3ede, 0x3ee1, 0x3ee4, 0x3ee7, 0x3eea, 0x3eed, 0x3ef0, 0x3ef2,
	0x3ef6, 0x3ef8, 0x3efc, 0x3efe, 0x3f01, 0x3f02, 0x3f04, 0x3f05,
	0x3f07, 0x3f09, 0x3f0a, 0x3f0c, 0x3f0d, 0x3f0f, 0x3f11, 0x3f12,
	0x3f14, 0x3f16, 0x3f17, 0x3f19, 0x3f1b, 0x3f1c, 0x3f1e, 0x3f20,
	0x3f21, 0x3f23, 0x3f25, 0x3f27, 0x3f29, 0x3f2a, 0x3f2c, 0x3f2e,
	0x3f30, 0x3f32, 0x3f33, 0x3f35, 0x3f37, 0x3f39, 0x3f3b, 0x3f3d,
	0x3f3f, 0x3f41, 0x3f43, 0x3f45, 0x3f47, 0x3f49, 0x3f4b, 0x3f4d,
	0x3f4f, 0x3f51, 0x3f53, 0x3f55, 0x3f57, 0x3f59, 0x3f5b, 0x3f5d,
	0x3f5f, 0x3f61, 0x3f63, 0x3f65, 0x3f68, 0x3f6a, 0x3f6c, 0x3f6e,
	0x3f70, 0x3f72, 0x3f74, 0x3f76, 0x3f7a, 0x3f7c, 0x3f7e, 0x3f80,
};

/* floor(a / b), b > 0 */
static int64_t
floordiv(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return q * b > a ? q - 1 : q;
}

/* A half's value in units of 2^-24, exactly (finite halves only). */
static int64_t
half_fixed(uint32_t h)
{
	int e = h >> 10 & 0x1f;
	int64_t m = h & 0x3ff, v = e ? (m | 0x400) << (e - 1) : m;
	return h & 0x8000 ? -v : v;
}

/*
 * Channel c of n f16 texels t[] (halves, plain or BC6H's) blended under
 * weights w[]: the values aligned to the largest exponent among those of
 * non-zero weight, keeping 14 bits below its leading one (the rest cut
 * off, toward zero), in units of 2^-24 for the caller to weight and
 * round (tests/shim/texfmt.gpu's BC6H linear samples, texgeom.gpu's and
 * texcube.gpu's f16 ones: a small half beside a large one loses its low
 * bits).
 */
static void
half_align(const Texel *t, const uint32_t *w, int n, unsigned c, int64_t *v)
{
	uint64_t big = 0;
	int sh;

	for (int i = 0; i < n; i++) {
		int64_t x = half_fixed(t[i].c[c]);
		v[i] = x;
		if (w[i] && (uint64_t)llabs(x) > big)
			big = (uint64_t)llabs(x);
	}
	sh = big ? 63 - __builtin_clzll(big) - 14 : 0;
	for (int i = 0; sh > 0 && i < n; i++)
		v[i] = v[i] < 0 ? -((-v[i]) >> sh << sh) : v[i] >> sh << sh;
}

/* x rounded to a half, ties away from zero (as the filter rounds its
 * f16 result), as a float */
static float
half_round(double x)
{
	double ax = fabs(x), n;
	int e;

	if (x != x || ax == 0)
		return (float)x;
	if (ax >= 65520.0)
		return copysignf(INFINITY, (float)x);
	e = ilogb(ax);
	if (e < -14)
		e = -14;
	n = floor(ldexp(ax, 10 - e) + 0.5);
	return (float)copysign(ldexp(n, e - 10), x);
}

/* The exponent of srgbtab[v] (v > 0: a normal bf16 of sign 0) */
static int
srgb_exp(unsigned v)
{
	return (srgbtab[v] >> 7) - 127;
}

/*
 * Channel c of n sRGB texels t[] blended under weights w[] (256ths), as
 * an H200 does it ("probe srgb 2d" in tests/tex/ref.bin, every lane):
 * each code decodes to srgbtab's value (8 significant bits), and the
 * values are aligned to one block exponent, the largest over the texels
 * of non-zero weight of their group's exponent (codes 8k to 8k + 7 take
 * the exponent of code 8k + 7's value, so that code 248 already counts
 * as 1.0's binade), keeping 7 bits below it (the rest cut off); the
 * weighted sum of the aligned values is rounded to a half, ties away
 * from zero.  A small value beside a large one thus loses its low bits
 * or all of itself.
 */
static float
srgb_blend(const Texel *t, const uint32_t *w, int n, unsigned c)
{
	int e = -200;
	int64_t sum = 0;

	for (int i = 0; i < n; i++)
		if (w[i] && srgb_exp((t[i].c[c] & 255) | 7) > e)
			e = srgb_exp((t[i].c[c] & 255) | 7);
	for (int i = 0; i < n; i++) {
		unsigned v = t[i].c[c] & 255, sh;
		if (!w[i] || !v)
			continue;
		sh = (unsigned)(e - srgb_exp(v));   /* >= 0; 8 or more leaves nothing of the 8 bits */
		sum += (int64_t)w[i] * ((0x80u | (srgbtab[v] & 0x7f)) >> (sh > 8 ? 8 : sh));
	}
	/* sum is in units of 2^(e - 7) / 256 */
	return half_round(ldexp((double)sum, e - 15));
}

/* x rounded to a float, to nearest but ties away from zero (as the
 * filter rounds its f32 result: "probe 3d values" in tests/tex/ref.bin) */
static float
float_away(long double x)
{
	float r = (float)x, o;

	if (x != x || isinf(r) || (long double)r == x)
		return r;
	o = nextafterf(r, x > r ? INFINITY : -INFINITY);
	if (fabsl(x - r) == fabsl((long double)o - x))
		return fabsf(o) > fabsf(r) ? o : r;
	return r;
}

/*
 * Channel c of the f32 texels t[] of one block (a level's or a 3D
 * slice's 2x2, or fewer) weighted by w[] (256ths), exactly: the values
 * aligned to the largest exponent among those of non-zero weight and cut
 * (toward zero) to 27 bits below it ("probe 3d values" and "probe mip
 * values" in tests/tex/ref.bin fit in every word; 26 or 28 bits, one
 * block for all 8 texels or rounding do not).  Infinities and NaNs add
 * as they are.
 */
static long double
f32_block(const Texel *t, const uint32_t *w, int n, unsigned c)
{
	long double sum = 0;
	int e = INT_MIN;

	for (int i = 0; i < n; i++) {
		float x = f32of(t[i].c[c]);
		if (w[i] && isfinite(x) && x != 0 && ilogb(x) > e)
			e = ilogb(x);
	}
	for (int i = 0; i < n; i++) {
		long double x = f32of(t[i].c[c]);
		if (!w[i])
			continue;
		if (e != INT_MIN && isfinite(x))
			x = ldexpl(truncl(ldexpl(x, 27 - e)), e - 27);
		sum += w[i] * x;
	}
	return sum;
}

/* x rounded to a float as float_away does, from a double. */
static float
float_away_d(double x)
{
	float r = (float)x, o;

	if ((double)r == x || isinf(r))
		return r;
	o = nextafterf(r, x > r ? INFINITY : -INFINITY);
	if (fabs(x - r) == fabs((double)o - x))
		return fabsf(o) > fabsf(r) ? o : r;
	return r;
}

/*
 * Channel c of the f32 filter in doubles, when that is exact and gives
 * f32_block's answer: the one place the fast path is decided.  What must
 * hold: every texel of non-zero weight is finite, and each non-zero one
 * lies within 4 binades of the largest of them (ilogb at least e - 4),
 * so that its 24-bit mantissa has no bit below f32_block's cut of 27
 * bits under e, in any block (a block's largest is at most e); then
 * each product w x (9 + 24 bits) and their sum (below 2^(e + 13), no
 * bit below 2^(e - 27)) are exact in a double, as f32_block's long
 * double sums are, and the sum starts from +0 as there.  Point sampling
 * (one texel of weight 256) and 1D and 2D linear filtering of texels of
 * like magnitudes take it; 0 otherwise (*out untouched).  tests/tex.test
 * covers both ways: "probe 3d values" and "probe mip values" have
 * texels of far-apart exponents, the cases' generated texels mostly
 * like ones. */
static int
f32_fast(const Texel *t, const uint32_t *w, int n, unsigned c, uint32_t *out)
{
	uint32_t emax = 0, emin = 255;
	double sum = 0;

	for (int i = 0; i < n; i++) {
		uint32_t e = t[i].c[c] >> 23 & 255;
		if (!w[i] || !(t[i].c[c] & 0x7fffffff))
			continue;
		if (e == 255)
			return 0;
		emax = e > emax ? e : emax;
		emin = e < emin ? e : emin;
	}
	/* subnormals (e 0) have fewer bits but the same unit: let the slow path have them */
	if (emin == 0 || (emax > emin && emax - emin > 4))
		return 0;
	for (int i = 0; i < n; i++)
		if (w[i])
			sum += (double)w[i] * (double)f32of(t[i].c[c]);
	*out = bitsof(float_away_d(sum / 256));
	return 1;
}

/*
 * The filter: n texels t[] under weights w[] (in 256ths, summing to 256),
 * each channel as an H200 computes it (tests/tex/ref.bin):
 *
 *   8- and 16-bit normalized formats blend the integers exactly (8-bit
 *   ones first widened to 16 bits: u8 times 257, s8 times 258), keep the
 *   sum with 3 fractional bits (rounded down), and round that, half up,
 *   to a 16-bit normalized number: u/65535 or s/32767 (s8's -128 and
 *   s16's -32768 blend as they are and the result clamps to -1); s8's
 *   sum x (codes times 258) is scaled by 33025/33024 before it rounds,
 *   which takes a code c to 258c + c/128, not 32767c/127's 258c + c/127
 *   (127 reads 32767 either way; the mean of 0 and 127 reads 16383, not
 *   16384): so an H200 filtered every pair of s8 texels under every
 *   weight, all 16,777,216 results (tests/shim/texs8.c; 32767/32766
 *   puts 45,505 of them a unit farther from zero, near half a step);
 *   halves are cut to 14 bits below the largest (half_align), blend
 *   exactly and round to a half, ties away from zero;
 *   floats blend in blocks of grp texels (f32_block), whose sums add
 *   exactly (in a long double) and round once to a float, ties away from
 *   zero;
 *   sRGB colour channels blend in srgb_blend.
 *
 * Point sampling is the filter with one texel of weight 256; channels
 * the format lacks read 0, alpha too.  Integer reads return the texel.
 */
void
interp_tex_filter(const Smp *s, const Texel *t, const uint32_t *w, int n, int grp, uint32_t out[4])
{
	const TexObj *o = s->o;
	int64_t hv[16];

	memset(out, 0, 16);
	if (s->isint) {
		memcpy(out, t[0].c, 16);
		return;
	}
	for (unsigned c = 0; c < o->fch; c++) {
		int64_t sum = 0, f, q;
		double d = 0;
		long double ld = 0;
		int inf = 0;
		/* point sampling of 10-10-10-2 and of the snorm formats' s8
		 * texels converts the code exactly (tests/shim/texfmt.gpu);
		 * linear filtering blends the widened texels as u16's or s8's */
		if (n == 1 && o->t.format == PTX_TEXFMT_UNORM_10_10_10_2) {
			out[c] = bitsof(c < 3 ? (float)(t[0].c[c] >> 6) / 1023.0f : (float)(t[0].c[c] / 0x5555) / 3.0f);
			continue;
		}
		if (n == 1 && o->ff == PTX_TEXFMT_S8 && (o->t.flags & PTX_TEXF_SNORM8)) {
			int32_t x = (int32_t)t[0].c[c];
			out[c] = bitsof(x < -127 ? -1.0f : (float)x / 127.0f);
			continue;
		}
		/* sRGB decodes red, green and blue, but the green of two channels */
		if (o->ff == PTX_TEXFMT_U8 && (o->t.flags & PTX_TEXF_SRGB) && c < (o->fch == 2 ? 1u : 3u)) {
			out[c] = bitsof(srgb_blend(t, w, n, c));
			continue;
		}
		switch (o->ff) {
		case PTX_TEXFMT_U8: case PTX_TEXFMT_U16:
			for (int i = 0; i < n; i++)
				sum += (int64_t)w[i] * t[i].c[c];
			f = sum * (o->ff == PTX_TEXFMT_U8 ? 257 : 1) >> 5;
			out[c] = bitsof((float)((f + 4) >> 3) / 65535.0f);
			break;
		case PTX_TEXFMT_S8: case PTX_TEXFMT_S16:
			for (int i = 0; i < n; i++)
				sum += (int64_t)w[i] * (int32_t)t[i].c[c];
			if (o->ff == PTX_TEXFMT_S8) {
				f = floordiv(sum * 258, 32);
				q = floordiv(f * 33025 + 4 * 33024, 8 * 33024);
			} else {
				f = floordiv(sum, 32);
				q = floordiv(f + 4, 8);
			}
			out[c] = bitsof((float)(q < -32767 ? -32767 : q) / 32767.0f);
			break;
		case PTX_TEXFMT_F16:
			for (int i = 0; i < n; i++)
				inf |= (t[i].c[c] & 0x7c00) == 0x7c00 && w[i];
			if (!inf)
				half_align(t, w, n, c, hv);
			for (int i = 0; !inf && i < n; i++)
				sum += (int64_t)w[i] * hv[i];
			for (int i = 0; inf && i < n; i++)   /* infinities and NaNs add as they are */
				d += w[i] ? w[i] * (double)interp_tex_half((uint16_t)t[i].c[c]) : 0;
			/* |sum| < 2^51: exact in a double */
			out[c] = bitsof(inf ? (float)(d / 256) : half_round(ldexp((double)sum, -32)));
			break;
		default:   /* f32 */
			/* point sampling of a normal texel or a zero: the texel, a zero
			 * +0, what f32_fast gives (256 x / 256 is x, exactly) */
			if (n == 1 && w[0] == 256) {
				uint32_t v = t[0].c[c], e = v >> 23 & 255;
				if (!(v & 0x7fffffff) || (e && e != 255)) {
					out[c] = v & 0x7fffffff ? v : 0;
					break;
				}
			}
			if (f32_fast(t, w, n, c, &out[c]))
				break;
			for (int g = 0; g < n; g += grp)
				ld += f32_block(t + g, w + g, grp < n - g ? grp : n - g, c);
			out[c] = bitsof(float_away(ld / 256));
			break;
		}
	}
}

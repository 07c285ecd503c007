/*
 * texbc.c -- the texels of the block-compressed formats, BC1 to BC7:
 * each 4x4 texels of a level a block of 8 bytes (BC1, BC4) or 16, the
 * blocks in rows, a texel's block at (i / 4, j / 4) and the texel at
 * (i % 4, j % 4) within it (tex.c reads the block).
 *
 * interp_tex_bc decodes one texel into the form the filter blends (the
 * plain format interp_tex_bcform names): BC1, BC2, BC3 and BC7 colours
 * and alphas are 8-bit unorm codes (so that sRGB decodes them as it
 * decodes u8 texels); BC4 and BC5 channels come from 8-bit endpoints
 * interpolated in sevenths or fifths, kept as 16-bit unorm or snorm
 * numbers (BC3's alpha in 8 bits, weighted its own way); BC6H's are halves.  The
 * block layouts and BC6H's and BC7's arithmetic are those of the BPTC format
 * (ARB_texture_compression_bptc, BC6H and BC7 in Direct3D); BC1's
 * interpolated colours are the texture unit's own fixed-point
 * approximation of thirds and halves, as an H200 returns them
 * (tests/shim/texfmt.gpu).  A BC7 block of no mode (a first byte of 0)
 * reads (0, 0, 0, 0), a BC6H block of a reserved mode (0, 0, 0, 1).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "interp.h"
#include "tex.h"

/* n bits (n <= 32) of the little-endian block b from bit pos */
static uint32_t
bits(const uint8_t *b, unsigned pos, unsigned n)
{
	uint32_t v = 0;

	for (unsigned k = 0; k < n; k++)
		v |= (uint32_t)(b[(pos + k) / 8] >> ((pos + k) % 8) & 1) << k;
	return v;
}

/* ---------------------------------------------------------------- BC1-BC5 */

/* The 5-6-5 colour of BC1's 16-bit word v, each channel widened to 8
 * bits by repeating its high bits, into c[0..2]. */
static void
rgb565(unsigned v, unsigned c[3])
{
	unsigned r = v >> 11, g = v >> 5 & 63, b = v & 31;

	c[0] = r << 3 | r >> 2, c[1] = g << 2 | g >> 4, c[2] = b << 3 | b >> 2;
}

/* The unit's third of the way from 5-bit a to 5-bit b (two thirds of a,
 * one of b), and the half of both, in 8 bits: (2a + b) * 22 / 8 and
 * (a + b) * 33 / 8, which approximate 255 / 93 and 255 / 62. */
static unsigned
third5(unsigned a, unsigned b)
{
	return (2 * a + b) * 22 / 8;
}

static unsigned
half5(unsigned a, unsigned b)
{
	return (a + b) * 33 / 8;
}

/* The same for green, from the 8-bit widened endpoints: a plus
 * (b - a) * 80.25 / 256 (a third) or * 128.25 / 256 (a half), rounded
 * (the quarter of the difference truncated toward zero). */
static unsigned
third6(int a, int b)
{
	int d = b - a;
	return (unsigned)((256 * a + d / 4 + 128 + d * 80) / 256);
}

static unsigned
half6(int a, int b)
{
	int d = b - a;
	return (unsigned)((256 * a + d / 4 + 128 + d * 128) / 256);
}

/* Texel t (0-15) of BC1's colour block q (the 8 bytes of colours and
 * indices): c[0..3] 8-bit codes.  four: BC2's and BC3's blocks, whose
 * colours always take the 4-colour mode. */
static void
bc1(const uint8_t *q, unsigned t, int four, unsigned c[4])
{
	unsigned v0 = q[0] | (unsigned)q[1] << 8, v1 = q[2] | (unsigned)q[3] << 8;
	unsigned e0[3], e1[3], k = q[4 + t / 4] >> (2 * (t % 4)) & 3;
	unsigned r0 = v0 >> 11, b0 = v0 & 31, r1 = v1 >> 11, b1 = v1 & 31;

	rgb565(v0, e0);
	rgb565(v1, e1);
	c[3] = 255;
	if (k == 0) {
		memcpy(c, e0, sizeof e0);
	} else if (k == 1) {
		memcpy(c, e1, sizeof e1);
	} else if (four || v0 > v1) {
		if (k == 2)
			c[0] = third5(r0, r1), c[1] = third6((int)e0[1], (int)e1[1]), c[2] = third5(b0, b1);
		else
			c[0] = third5(r1, r0), c[1] = third6((int)e1[1], (int)e0[1]), c[2] = third5(b1, b0);
	} else if (k == 2) {
		c[0] = half5(r0, r1), c[1] = half6((int)e0[1], (int)e1[1]), c[2] = half5(b0, b1);
	} else {
		c[0] = c[1] = c[2] = c[3] = 0;   /* transparent black */
	}
}

/* An 8-bit snorm code (-128 read as -127) in 16 bits: the magnitude's 7
 * bits repeated below it (m * 258 + m / 64, so 127 reads 32767) */
static int32_t
snorm16(int v)
{
	int m = v < 0 ? (v < -127 ? 127 : -v) : v, x = 258 * m + (m >> 6);

	return v < 0 ? -x : x;
}

/* The 3-bit index of texel t of BC4's block q (BC5's channel, BC3's
 * alpha): 6 bytes of indices after the two endpoints */
static unsigned
bc4index(const uint8_t *q, unsigned t)
{
	uint64_t ix = 0;

	for (int i = 0; i < 6; i++)
		ix |= (uint64_t)q[2 + i] << (8 * i);
	return (unsigned)(ix >> (3 * t) & 7);
}

/*
 * Texel t of BC4's block q (BC5's channel): two 8-bit endpoints and 3-bit
 * indices, in 16-bit unorm (sgn: snorm) units.  The endpoints widen as
 * 8-bit texels do (times 257; snorm16()).  The values between them weigh
 * the endpoints in 257ths (snorm: 258ths), the unit's weights for 1/7,
 * 2/7, 4/7 being 36, 72, 144 and for 1/5 and 2/5 48 and 96, each other
 * one the rest of the whole.  Unorm: the codes so weighted, exactly.
 * Snorm: from the endpoint e of the rest, plus the table weight's share
 * of the other one f, less its share of e, each share of the widened
 * endpoint cut toward zero: e + trunc(f w / 258) - trunc(e w / 258); the
 * mode is that of the endpoints with -128 read as -127.  The mode of six
 * values between adds 0 and 1 (-1 and 1).  Every pair of endpoints and
 * index of tests/shim/texbits.c's full tables on an H200 fits, BC4 and
 * BC5 alike.
 */
static int32_t
bc4(const uint8_t *q, unsigned t, int sgn)
{
	static const uint8_t w7[8] = { 0, 0, 36, 72, 0, 144, 0, 0 }, w5[8] = { 0, 0, 48, 96 };
	int a = sgn ? (int8_t)q[0] : q[0], b = sgn ? (int8_t)q[1] : q[1], w;
	int seven = (a < -127 ? -127 : a) > (b < -127 ? -127 : b);   /* 1/7 .. 6/7: indices 2 .. 7 */
	unsigned k = bc4index(q, t);
	int32_t e, f;

	if (k < 2)
		return sgn ? snorm16(k ? b : a) : (k ? b : a) * 257;
	if (!seven && k >= 6)   /* else 1/5 .. 4/5: 2 .. 5 */
		return k == 6 ? (sgn ? -32767 : 0) : (sgn ? 32767 : 65535);
	if (!sgn) {
		if (seven)
			w = w7[k] ? w7[k] : 257 - w7[9 - k];
		else
			w = w5[k] ? w5[k] : 257 - w5[7 - k];
		return a * (257 - w) + b * w;
	}
	/* f: the endpoint the table's weight w goes to, e the other */
	if (seven)
		w = w7[k] ? w7[k] : w7[9 - k], f = snorm16(w7[k] ? b : a), e = snorm16(w7[k] ? a : b);
	else
		w = w5[k] ? w5[k] : w5[7 - k], f = snorm16(w5[k] ? b : a), e = snorm16(w5[k] ? a : b);
	return e + f * w / 258 - e * w / 258;   /* C's division cuts toward zero */
}

/* Texel t of BC3's alpha block q: the 8-bit endpoints weighted in
 * 2048ths, rounded: the unit's own weights, not BC4's (289, 578, 1156 for
 * 1/7, 2/7, 4/7 and 385, 770 for 1/5, 2/5, each other one the rest of
 * 2048): every pair and index of tests/shim/texbits.c's full table on an
 * H200. */
static unsigned
bc3alpha(const uint8_t *q, unsigned t)
{
	static const uint16_t w7[8] = { 0, 0, 289, 578, 0, 1156, 0, 0 }, w5[8] = { 0, 0, 385, 770 };
	unsigned a = q[0], b = q[1], k = bc4index(q, t), w;

	if (k < 2)
		return k ? b : a;
	if (a > b)
		w = w7[k] ? w7[k] : 2048u - w7[9 - k];
	else if (k < 6)
		w = w5[k] ? w5[k] : 2048u - w5[7 - k];
	else
		return k == 6 ? 0 : 255;
	return (a * (2048 - w) + b * w + 1024) >> 11;
}

/* ---------------------------------------------------------------- BC7 */

/* the subsets of the 64 partitions of two and three subsets: a bit (two
 * bits) a texel, texel 0 lowest */
static const uint16_t part2[64] = {
	0xcccc, 0x8888, 0xeeee, 0xecc8, 0xc880, 0xfeec, 0xfec8, 0xec80,
	0xc800, 0xffec, 0xfe80, 0xe800, 0xffe8, 0xff00, 0xfff0, 0xf000,
	0xf710, 0x008e, 0x7100, 0x08ce, 0x008c, 0x7310, 0x3100, 0x8cce,
	0x088c, 0x3110, 0x6666, 0x366c, 0x17e8, 0x0ff0, 0x718e, 0x399c,
	0xaaaa, 0xf0f0, 0x5a5a, 0x33cc, 0x3c3c, 0x55aa, 0x9696, 0xa55a,
	0x73ce, 0x13c8, 0x324c, 0x3bdc, 0x6996, 0xc33c, 0x9966, 0x0660,
	0x0272, 0x04e4, 0x4e40, 0x2720, 0xc936, 0x936c, 0x39c6, 0x639c,
	0x9336, 0x9cc6, 0x817e, 0xe718, 0xccf0, 0x0fcc, 0x7744, 0xee22,
};
static const uint32_t part3[64] = {
	0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8, 0xa5a50000, 0xa0a05050,
	0x5555a0a0, 0x5a5a5050, 0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090,
	0x94949494, 0xa4a4a4a4, 0xa9a59450, 0x2a0a4250, 0xa5945040, 0x0a425054,
	0xa5a5a500, 0x55a0a0a0, 0xa8a85454, 0x6a6a4040, 0xa4a45000, 0x1a1a0500,
	0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400, 0xa08585a0, 0xaa821414,
	0x50a4a450, 0x6a5a0200, 0xa9a58000, 0x5090a0a8, 0xa8a09050, 0x24242424,
	0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50, 0x500aa550, 0xaaaa4444,
	0x66660000, 0xa5a0a5a0, 0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600,
	0xaa444444, 0x54a854a8, 0x95809580, 0x96969600, 0xa85454a8, 0x80959580,
	0xaa141414, 0x96960000, 0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000,
	0x40804080, 0xa9a8a9a8, 0xaaaaaa44, 0x2a4a5254,
};

/* the anchor texel of subset 1 of a partition of two subsets, of
 * subsets 1 and 2 of one of three */
static const uint8_t anchor2[64] = {
	15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
	15, 2, 8, 2, 2, 8, 8, 15, 2, 8, 2, 2, 8, 8, 2, 2,
	15, 15, 6, 8, 2, 8, 15, 15, 2, 8, 2, 2, 2, 15, 15, 6,
	6, 2, 6, 8, 15, 15, 2, 2, 15, 15, 15, 15, 15, 2, 2, 15,
};
static const uint8_t anchor3a[64] = {
	3, 3, 15, 15, 8, 3, 15, 15, 8, 8, 6, 6, 6, 5, 3, 3,
	3, 3, 8, 15, 3, 3, 6, 10, 5, 8, 8, 6, 8, 5, 15, 15,
	8, 15, 3, 5, 6, 10, 8, 15, 15, 3, 15, 5, 15, 15, 15, 15,
	3, 15, 5, 5, 5, 8, 5, 10, 5, 10, 8, 13, 15, 12, 3, 3,
};
static const uint8_t anchor3b[64] = {
	15, 8, 8, 3, 15, 15, 3, 8, 15, 15, 15, 15, 15, 15, 15, 8,
	15, 8, 15, 3, 15, 8, 15, 8, 3, 15, 6, 10, 15, 15, 10, 8,
	15, 3, 15, 10, 10, 8, 9, 10, 6, 15, 8, 15, 3, 6, 6, 8,
	15, 3, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3, 15, 15, 8,
};

/* the interpolation weights (64ths) of 2-, 3- and 4-bit indices */
static const uint8_t wt2[] = { 0, 21, 43, 64 };
static const uint8_t wt3[] = { 0, 9, 18, 27, 37, 46, 55, 64 };
static const uint8_t wt4[] = { 0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64 };

static unsigned
weight(unsigned nbits, unsigned k)
{
	return nbits == 2 ? wt2[k] : nbits == 3 ? wt3[k] : wt4[k];
}

/* The subset of texel t in partition p of ns subsets */
static unsigned
subset(unsigned ns, unsigned p, unsigned t)
{
	return ns == 1 ? 0 : ns == 2 ? (unsigned)(part2[p] >> t & 1) : (unsigned)(part3[p] >> (2 * t) & 3);
}

/* Whether texel t is an anchor (its index a bit short) in partition p */
static int
isanchor(unsigned ns, unsigned p, unsigned t)
{
	return t == 0 || (ns == 2 && t == anchor2[p]) || (ns == 3 && (t == anchor3a[p] || t == anchor3b[p]));
}

/* The index of texel t among indices of nb bits from bit pos (each
 * anchor's a bit short) */
static unsigned
index_of(const uint8_t *q, unsigned pos, unsigned nb, unsigned ns, unsigned p, unsigned t)
{
	for (unsigned u = 0; u < t; u++)
		pos += nb - (unsigned)isanchor(ns, p, u);
	return bits(q, pos, nb - (unsigned)isanchor(ns, p, t));
}

/* BC7's modes: subsets, partition, rotation and index-selection bits,
 * colour and alpha bits, per-endpoint and shared P-bits, the bits of the
 * primary and secondary indices */
static const struct { uint8_t ns, pb, rb, isb, cb, ab, epb, spb, ib, ib2; } bc7modes[8] = {
	{ 3, 4, 0, 0, 4, 0, 1, 0, 3, 0 }, { 2, 6, 0, 0, 6, 0, 0, 1, 3, 0 },
	{ 3, 6, 0, 0, 5, 0, 0, 0, 2, 0 }, { 2, 6, 0, 0, 7, 0, 1, 0, 2, 0 },
	{ 1, 0, 2, 1, 5, 6, 0, 0, 2, 3 }, { 1, 0, 2, 0, 7, 8, 0, 0, 2, 2 },
	{ 1, 0, 0, 0, 7, 7, 1, 0, 4, 0 }, { 2, 6, 0, 0, 5, 5, 1, 0, 2, 0 },
};

/* Texel t of BC7 block q: 8-bit codes */
static void
bc7(const uint8_t *q, unsigned t, unsigned c[4])
{
	unsigned m, pos, p, rot, isel, s, e[3][2][4], pbit[3][2], prec, ci, ai, cn, an;

	memset(c, 0, 4 * sizeof *c);
	if (!q[0])
		return;   /* no mode: (0, 0, 0, 0) on an H200 */
	m = (unsigned)__builtin_ctz(q[0]);
	pos = m + 1;
	p = bits(q, pos, bc7modes[m].pb), pos += bc7modes[m].pb;
	rot = bits(q, pos, bc7modes[m].rb), pos += bc7modes[m].rb;
	isel = bits(q, pos, bc7modes[m].isb), pos += bc7modes[m].isb;
	unsigned ns = bc7modes[m].ns;
	for (unsigned ch = 0; ch < 4; ch++) {
		unsigned nb = ch < 3 ? bc7modes[m].cb : bc7modes[m].ab;
		for (unsigned k = 0; k < ns; k++)
			for (unsigned n = 0; n < 2; n++)
				e[k][n][ch] = bits(q, pos, nb), pos += nb;
	}
	memset(pbit, 0, sizeof pbit);
	for (unsigned k = 0; k < ns; k++)
		for (unsigned n = 0; n < 2; n++)
			if (bc7modes[m].epb)
				pbit[k][n] = bits(q, pos, 1), pos++;
	for (unsigned k = 0; k < ns; k++)
		if (bc7modes[m].spb)
			pbit[k][0] = pbit[k][1] = bits(q, pos, 1), pos++;
	s = subset(ns, p, t);
	/* the endpoints of t's subset: P-bit below, then the high bits
	 * repeated into the rest of the byte */
	for (unsigned n = 0; n < 2; n++)
		for (unsigned ch = 0; ch < 4; ch++) {
			unsigned nb = ch < 3 ? bc7modes[m].cb : bc7modes[m].ab, v = e[s][n][ch];
			if (!nb) {
				e[s][n][ch] = 255;
				continue;
			}
			prec = nb;
			if (bc7modes[m].epb || bc7modes[m].spb)
				v = v << 1 | pbit[s][n], prec++;
			v <<= 8 - prec;
			e[s][n][ch] = v | v >> prec;
		}
	/* the indices: colour from the secondary set when the selection bit
	 * says so, alpha from the other set (if there are two) */
	ci = index_of(q, pos, bc7modes[m].ib, ns, p, t);
	cn = bc7modes[m].ib;
	ai = ci, an = cn;
	if (bc7modes[m].ib2) {
		unsigned i2 = index_of(q, pos + 16 * bc7modes[m].ib - 1, bc7modes[m].ib2, 1, 0, t);
		if (isel)
			ai = ci, an = cn, ci = i2, cn = bc7modes[m].ib2;
		else
			ai = i2, an = bc7modes[m].ib2;
	}
	for (unsigned ch = 0; ch < 4; ch++) {
		unsigned w = ch < 3 ? weight(cn, ci) : weight(an, ai);
		c[ch] = ((64 - w) * e[s][0][ch] + w * e[s][1][ch] + 32) >> 6;
	}
	if (rot) {
		unsigned x = c[3];
		c[3] = c[rot - 1], c[rot - 1] = x;
	}
}

/* ---------------------------------------------------------------- BC6H */

/* BC6H's modes (by their 2- or 5-bit number): transformed endpoints,
 * two subsets, endpoint bits, the delta bits of r, g, b, and where each
 * field's bits lie, in order from bit 2 (modes 0 and 1) or 5: a field
 * S(v, a, b) takes |a - b| + 1 bits into bits b, b +- 1, ..., a of
 * endpoint value v (r0, g0, b0, r1, ... b3) */
#define S(v, a, b) { v, a, b }
static const struct {
	uint8_t mode, tr, two, epb, db[3];
	uint8_t f[24][3];
} bc6modes[] = {
	{ 0, 1, 1, 10, { 5, 5, 5 }, { S(7,4,4), S(8,4,4), S(11,4,4), S(0,9,0), S(1,9,0), S(2,9,0), S(3,4,0), S(10,4,4), S(7,3,0), S(4,4,0), S(11,0,0), S(10,3,0), S(5,4,0), S(11,1,1), S(8,3,0), S(6,4,0), S(11,2,2), S(9,4,0), S(11,3,3) } },
	{ 1, 1, 1, 7, { 6, 6, 6 }, { S(7,5,5), S(10,4,4), S(10,5,5), S(0,6,0), S(11,0,0), S(11,1,1), S(8,4,4), S(1,6,0), S(8,5,5), S(11,2,2), S(7,4,4), S(2,6,0), S(11,3,3), S(11,5,5), S(11,4,4), S(3,5,0), S(7,3,0), S(4,5,0), S(10,3,0), S(5,5,0), S(8,3,0), S(6,5,0), S(9,5,0) } },
	{ 2, 1, 1, 11, { 5, 4, 4 }, { S(0,9,0), S(1,9,0), S(2,9,0), S(3,4,0), S(0,10,10), S(7,3,0), S(4,3,0), S(1,10,10), S(11,0,0), S(10,3,0), S(5,3,0), S(2,10,10), S(11,1,1), S(8,3,0), S(6,4,0), S(11,2,2), S(9,4,0), S(11,3,3) } },
	{ 6, 1, 1, 11, { 4, 5, 4 }, { S(0,9,0), S(1,9,0), S(2,9,0), S(3,3,0), S(0,10,10), S(10,4,4), S(7,3,0), S(4,4,0), S(1,10,10), S(10,3,0), S(5,3,0), S(2,10,10), S(11,1,1), S(8,3,0), S(6,3,0), S(11,0,0), S(11,2,2), S(9,3,0), S(7,4,4), S(11,3,3) } },
	{ 10, 1, 1, 11, { 4, 4, 5 }, { S(0,9,0), S(1,9,0), S(2,9,0), S(3,3,0), S(0,10,10), S(8,4,4), S(7,3,0), S(4,3,0), S(1,10,10), S(11,0,0), S(10,3,0), S(5,4,0), S(2,10,10), S(8,3,0), S(6,3,0), S(11,1,1), S(11,2,2), S(9,3,0), S(11,4,4), S(11,3,3) } },
	{ 14, 1, 1, 9, { 5, 5, 5 }, { S(0,8,0), S(8,4,4), S(1,8,0), S(7,4,4), S(2,8,0), S(11,4,4), S(3,4,0), S(10,4,4), S(7,3,0), S(4,4,0), S(11,0,0), S(10,3,0), S(5,4,0), S(11,1,1), S(8,3,0), S(6,4,0), S(11,2,2), S(9,4,0), S(11,3,3) } },
	{ 18, 1, 1, 8, { 6, 5, 5 }, { S(0,7,0), S(10,4,4), S(8,4,4), S(1,7,0), S(11,2,2), S(7,4,4), S(2,7,0), S(11,3,3), S(11,4,4), S(3,5,0), S(7,3,0), S(4,4,0), S(11,0,0), S(10,3,0), S(5,4,0), S(11,1,1), S(8,3,0), S(6,5,0), S(9,5,0) } },
	{ 22, 1, 1, 8, { 5, 6, 5 }, { S(0,7,0), S(11,0,0), S(8,4,4), S(1,7,0), S(7,5,5), S(7,4,4), S(2,7,0), S(10,5,5), S(11,4,4), S(3,4,0), S(10,4,4), S(7,3,0), S(4,5,0), S(10,3,0), S(5,4,0), S(11,1,1), S(8,3,0), S(6,4,0), S(11,2,2), S(9,4,0), S(11,3,3) } },
	{ 26, 1, 1, 8, { 5, 5, 6 }, { S(0,7,0), S(11,1,1), S(8,4,4), S(1,7,0), S(8,5,5), S(7,4,4), S(2,7,0), S(11,5,5), S(11,4,4), S(3,4,0), S(10,4,4), S(7,3,0), S(4,4,0), S(11,0,0), S(10,3,0), S(5,5,0), S(8,3,0), S(6,4,0), S(11,2,2), S(9,4,0), S(11,3,3) } },
	{ 30, 0, 1, 6, { 6, 6, 6 }, { S(0,5,0), S(10,4,4), S(11,0,0), S(11,1,1), S(8,4,4), S(1,5,0), S(7,5,5), S(8,5,5), S(11,2,2), S(7,4,4), S(2,5,0), S(10,5,5), S(11,3,3), S(11,5,5), S(11,4,4), S(3,5,0), S(7,3,0), S(4,5,0), S(10,3,0), S(5,5,0), S(8,3,0), S(6,5,0), S(9,5,0) } },
	{ 3, 0, 0, 10, { 10, 10, 10 }, { S(0,9,0), S(1,9,0), S(2,9,0), S(3,9,0), S(4,9,0), S(5,9,0) } },
	{ 7, 1, 0, 11, { 9, 9, 9 }, { S(0,9,0), S(1,9,0), S(2,9,0), S(3,8,0), S(0,10,10), S(4,8,0), S(1,10,10), S(5,8,0), S(2,10,10) } },
	{ 11, 1, 0, 12, { 8, 8, 8 }, { S(0,9,0), S(1,9,0), S(2,9,0), S(3,7,0), S(0,10,11), S(4,7,0), S(1,10,11), S(5,7,0), S(2,10,11) } },
	{ 15, 1, 0, 16, { 4, 4, 4 }, { S(0,9,0), S(1,9,0), S(2,9,0), S(3,3,0), S(0,10,15), S(4,3,0), S(1,10,15), S(5,3,0), S(2,10,15) } },
};
#undef S

/* x of n bits, sign-extended */
static int32_t
sext(uint32_t x, unsigned n)
{
	return n >= 32 ? (int32_t)x : (int32_t)(x << (32 - n)) >> (32 - n);
}

/* An endpoint value of n bits to 16 (unsigned) or 15 and a sign */
static int32_t
unquant6(int32_t x, unsigned n, int sgn)
{
	int s = 0;

	if (!sgn) {
		if (n >= 15 || x == 0)
			return x;
		if (x == (1 << n) - 1)
			return 0xffff;
		return ((x << 15) + 0x4000) >> (n - 1);
	}
	if (n >= 16)
		return x;
	if (x < 0)
		s = 1, x = -x;
	if (x == 0)
		return 0;
	x = x >= (1 << (n - 1)) - 1 ? 0x7fff : ((x << 15) + 0x4000) >> (n - 1);
	return s ? -x : x;
}

/* Texel t of BC6H block q (sgn: the signed format): c[0..2] halves,
 * c[3] 1.0 */
static void
bc6h(const uint8_t *q, unsigned t, int sgn, unsigned c[4])
{
	unsigned mode = q[0] & 3, k, pos, ns, p, ib, ix;
	int32_t v[12] = { 0 };
	size_t i;

	c[0] = c[1] = c[2] = 0, c[3] = 0x3c00;
	if (mode >= 2)
		mode = q[0] & 31;
	for (i = 0; i < sizeof bc6modes / sizeof bc6modes[0] && bc6modes[i].mode != mode; i++)
		;
	if (i == sizeof bc6modes / sizeof bc6modes[0])
		return;   /* reserved */
	pos = mode < 2 ? 2 : 5;
	for (k = 0; k < 24 && (bc6modes[i].f[k][1] | bc6modes[i].f[k][2] | bc6modes[i].f[k][0]); k++) {
		unsigned a = bc6modes[i].f[k][1], b = bc6modes[i].f[k][2], n = (a > b ? a - b : b - a) + 1;
		for (unsigned u = 0; u < n; u++, pos++)
			v[bc6modes[i].f[k][0]] |= (int32_t)bits(q, pos, 1) << (a >= b ? b + u : b - u);
	}
	ns = bc6modes[i].two ? 2 : 1;
	p = ns == 2 ? bits(q, 77, 5) : 0;
	unsigned epb = bc6modes[i].epb;
	for (k = 0; k < 6 * ns; k++) {
		unsigned n = k < 3 || !bc6modes[i].tr ? epb : bc6modes[i].db[k % 3];
		if (sgn || (k >= 3 && bc6modes[i].tr))
			v[k] = sext((uint32_t)v[k], n);
		if (k >= 3 && bc6modes[i].tr) {
			v[k] = (v[k] + v[k % 3]) & ((1 << epb) - 1);
			if (sgn)
				v[k] = sext((uint32_t)v[k], epb);
		}
	}
	unsigned s = ns == 2 ? subset(2, p, t) : 0;
	ib = ns == 2 ? 3 : 4;
	ix = index_of(q, ns == 2 ? 82 : 65, ib, ns, p, t);
	for (unsigned ch = 0; ch < 3; ch++) {
		int32_t a = unquant6(v[6 * s + ch], epb, sgn), b = unquant6(v[6 * s + 3 + ch], epb, sgn);
		int32_t w = (int32_t)weight(ib, ix), x = (a * (64 - w) + b * w + 32) >> 6;
		if (!sgn)
			c[ch] = (unsigned)(x * 31 >> 6);
		else
			c[ch] = x < 0 ? 0x8000u | (unsigned)((-x * 31) >> 5) : (unsigned)(x * 31 >> 5);
	}
}

/* ---------------------------------------------------------------- the texel */

unsigned
interp_tex_bcform(unsigned fmt)
{
	switch (fmt) {
	case PTX_TEXFMT_BC4: case PTX_TEXFMT_BC5: return PTX_TEXFMT_U16;
	case PTX_TEXFMT_BC4S: case PTX_TEXFMT_BC5S: return PTX_TEXFMT_S16;
	case PTX_TEXFMT_BC6H: case PTX_TEXFMT_BC6HS: return PTX_TEXFMT_F16;
	default: return PTX_TEXFMT_U8;
	}
}

void
interp_tex_bc(unsigned fmt, const uint8_t *q, unsigned t, uint32_t out[4])
{
	unsigned c[4] = { 0, 0, 0, 0 };

	switch (fmt) {
	case PTX_TEXFMT_BC1:
		bc1(q, t, 0, c);
		break;
	case PTX_TEXFMT_BC2:
		bc1(q + 8, t, 1, c);
		c[3] = (q[t / 2] >> (4 * (t % 2)) & 15) * 17;
		break;
	case PTX_TEXFMT_BC3:
		bc1(q + 8, t, 1, c);
		c[3] = bc3alpha(q, t);
		break;
	case PTX_TEXFMT_BC4: case PTX_TEXFMT_BC4S:   /* (r, 0, 0, 1) */
		c[0] = (unsigned)bc4(q, t, fmt == PTX_TEXFMT_BC4S);
		c[3] = fmt == PTX_TEXFMT_BC4S ? 32767 : 65535;
		break;
	case PTX_TEXFMT_BC5: case PTX_TEXFMT_BC5S:   /* (r, g, 0, 1) */
		c[0] = (unsigned)bc4(q, t, fmt == PTX_TEXFMT_BC5S);
		c[1] = (unsigned)bc4(q + 8, t, fmt == PTX_TEXFMT_BC5S);
		c[3] = fmt == PTX_TEXFMT_BC5S ? 32767 : 65535;
		break;
	case PTX_TEXFMT_BC6H: case PTX_TEXFMT_BC6HS:
		bc6h(q, t, fmt == PTX_TEXFMT_BC6HS, c);
		break;
	default:
		bc7(q, t, c);
		break;
	}
	for (int i = 0; i < 4; i++)
		out[i] = c[i];
}

/*
 * interp/alu_sfu.c -- the H100's special-function unit (MUFU), bit for bit.
 *
 * Each MUFU operation reduces its argument to a table segment and a 17-bit
 * offset X within it, evaluates the quadratic
 *
 *     V = C0 + C1*X + C2*SQ(X)
 *
 * in integer arithmetic, where SQ(X) keeps only the columns of weight 2^19
 * and above of X*X's partial-product array (a truncated squarer), and
 * turns V into a float by truncation.  The coefficients (alu_sfu_tab.c) and
 * every reduction and rounding rule here were fitted to exhaustive H100
 * measurements; interp/SFU.md has the reasoning and tests/isa/sfu the
 * programs.  All functions take and return bit patterns:
 *
 *   rcp rsq sqrt      f32 in, f32 out; denormal inputs and outputs flush
 *   ex2 lg2           likewise; ex2 reads its argument as fixed point with
 *                     23 fraction bits, lg2 returns a fixed-point sum
 *   sin cos           the argument in turns (ptxas multiplies by 1/(2 pi)
 *                     first), read as fixed point with 25 fraction bits
 *   tanh              f32, identity below 2^-8 (denormals included)
 *   rcp64h rsq64h     the high word of an f64 in and out: the f32 result
 *                     of the 20-bit significand, truncated to 20 bits
 *   ex2/tanh f16 bf16 the f32 operation on the widened input, truncated
 *
 * NaN results are the canonical NaN of the output format.
 */
#include <stdatomic.h>
#include "alu.h"

enum { Q23 = 1 << 23, QNAN32 = 0x7FFFFFFF };

/* The steps below are a few instructions each: inlined by force into the
 * batch loops of alu_sfu_v, where a call each would cost as much again. */
#ifdef __GNUC__
#define STEP static inline __attribute__((always_inline))
#else
#define STEP static inline
#endif

/* Columns >= 19 of the partial-product array of x*x (x < 2^17), / 2^19:
 * x*x less the dropped terms, which are bit a's square (2a < 19) and its
 * products with bits a+1 .. 17-a (column a+b+1 < 19), for a <= 9. */
static int64_t sq19_bits(uint32_t x)
{
	uint64_t d = 0;
	/* without branches: the bits of x are random, and the loop unrolls */
	for (int a = 0; a <= 9; a++) {
		uint64_t on = 0 - (uint64_t)(x >> a & 1);
		uint32_t span = a < 9 ? ((1u << (18 - a)) - (1u << (a + 1))) : 0;
		d += (((uint64_t)1 << (2 * a)) + ((uint64_t)(x & span) << (a + 1))) & on;
	}
	return (int64_t)(((uint64_t)x * x - d) >> 19);
}

/* sq19 of each 17-bit x met so far, plus one (0: not yet; the values are
 * below 2^15).  Relaxed atomics: threads that race store the same value.
 * 256 KiB that an SFU-heavy kernel reads instead of ten partial products
 * a lane. */
static _Atomic uint16_t sqtab[1 << 17];

STEP int64_t sq19(uint32_t x)
{
	unsigned v = atomic_load_explicit(&sqtab[x], memory_order_relaxed);

	if (v)
		return (int64_t)v - 1;
	v = (unsigned)sq19_bits(x);
	atomic_store_explicit(&sqtab[x], (uint16_t)(v + 1), memory_order_relaxed);
	return v;
}

/* V for segment seg of table t; X has nb bits (16 for rcp, else 17). */
STEP int64_t quad(const AluSfuSeg *t, uint32_t seg, uint32_t x, int nb)
{
	const AluSfuSeg *s = &t[seg];
	return s->c0 + (int64_t)s->c1 * x + (int64_t)s->c2 * sq19(x << (17 - nb));
}

/* f32 of sign s and value y * 2^e, y in [2^23, 2^24]; results below 2^-126
 * flush to zero and from 2^128 up become infinities. */
STEP uint32_t pack(uint32_t s, int64_t y, int e)
{
	if (y >= (int64_t)1 << 24) { y >>= 1; e++; }
	int be = e + 23 + 127;
	if (be <= 0) return s << 31;
	if (be >= 255) return s << 31 | 0x7F800000;
	return s << 31 | (uint32_t)be << 23 | ((uint32_t)y & (Q23 - 1));
}

/* f32 of sign s and value m * 2^e, m truncated to 24 significant bits. */
STEP uint32_t packtrunc(uint32_t s, uint64_t m, int e)
{
	if (!m) return s << 31;
	int n = 64 - __builtin_clzll(m);
	if (n > 24) { m >>= n - 24; e += n - 24; }
	else { m <<= 24 - n; e -= 24 - n; }
	return pack(s, (int64_t)m, e);
}

/* Significand of a normal f32 as a reciprocal-family table input: the
 * 24-bit result of 1/x or 1/sqrt(x) in units of 2^-24. */
STEP int64_t rcp_y(uint32_t m) { return quad(alu_sfu_rcp, m >> 16, m & 0xFFFF, 16) >> 15; }

STEP int64_t rsq_y(int e, uint32_t m)
{
	if (m == 0 && !(e & 1)) return (int64_t)1 << 24;     /* 1/sqrt(4^k) is exact */
	uint32_t i = (uint32_t)(e & 1) << 23 | m;
	return quad(alu_sfu_rsq, i >> 17, i & 0x1FFFF, 17) >> 16;
}

STEP uint32_t rcp(uint32_t x)
{
	uint32_t s = x >> 31, E = x >> 23 & 0xFF, m = x & (Q23 - 1);
	if (E == 0) return s << 31 | 0x7F800000;
	if (E == 255) return m ? QNAN32 : s << 31;
	return pack(s, rcp_y(m), -24 - ((int)E - 127));
}

STEP uint32_t rsq(uint32_t x)
{
	uint32_t s = x >> 31, E = x >> 23 & 0xFF, m = x & (Q23 - 1);
	if (E == 0) return s << 31 | 0x7F800000;
	if (s || (E == 255 && m)) return QNAN32;
	if (E == 255) return 0;
	int e = (int)E - 127;
	return pack(0, rsq_y(e, m), -24 - (e >> 1));
}

STEP uint32_t sqrt_(uint32_t x)
{
	uint32_t s = x >> 31, E = x >> 23 & 0xFF, m = x & (Q23 - 1);
	if (E == 0) return s << 31;
	if (s || (E == 255 && m)) return QNAN32;
	if (E == 255) return x;
	int e = (int)E - 127;
	uint32_t i = (uint32_t)(e & 1) << 23 | m;
	return pack(0, quad(alu_sfu_sqrt, i >> 17, i & 0x1FFFF, 17) >> 17, -23 + (e >> 1));
}

/* 2^x: x as fixed point with 23 fraction bits, its magnitude truncated; a
 * negative one is complemented in its fraction bits only (ones'
 * complement), so -n stays exact. */
STEP uint32_t ex2(uint32_t x)
{
	uint32_t s = x >> 31, E = x >> 23 & 0xFF, m = x & (Q23 - 1);
	if (E == 255) return m ? QNAN32 : s ? 0 : 0x7F800000;
	if (E >= 127 + 9) return s ? 0 : 0x7F800000;
	int64_t sig = E ? (int64_t)(m | Q23) : 0, sh = (int64_t)E - 127;
	int64_t mag = sh >= 0 ? sig << sh : sh > -32 ? sig >> -sh : 0;
	int64_t q = !s ? mag : (mag & (Q23 - 1)) ? -mag - 1 : -mag;
	int64_t n = q >> 23;          /* arithmetic: floor */
	uint32_t t = (uint32_t)(q & (Q23 - 1));
	return pack(0, quad(alu_sfu_ex2, t >> 17, t & 0x1FFFF, 17) >> 15, (int)n - 23);
}

/* log2: e + V/2^38 in two's complement fixed point; a negative sum is
 * complemented (ones' complement) to a magnitude, which keeps 36 fraction
 * bits and is truncated to 24 significant bits. */
STEP uint32_t lg2(uint32_t x)
{
	uint32_t s = x >> 31, E = x >> 23 & 0xFF, m = x & (Q23 - 1);
	if (E == 0) return 0xFF800000;
	if (E == 255 && !m && !s) return 0x7F800000;
	if (s || E == 255) return QNAN32;
	if (x == 0x3F800000) return 0;
	int64_t r = (int64_t)((int)E - 127) * ((int64_t)1 << 38) + quad(alu_sfu_lg2, m >> 17, m & 0x1FFFF, 17);
	uint32_t neg = r < 0;
	uint64_t mag = (uint64_t)(neg ? -r - 1 : r) >> 2;
	return packtrunc(neg, mag, -36);
}

/* sin(2 pi t), or cos as sin a quarter turn on: t as fixed point with 25
 * fraction bits, its magnitude truncated; quadrant 0 from the table, the
 * others by symmetry (the mirrored quadrants index it ones'-complemented). */
STEP uint32_t sincos(uint32_t x, int cos)
{
	uint32_t s = x >> 31, E = x >> 23 & 0xFF, m = x & (Q23 - 1);
	if (E == 255) return QNAN32;
	int64_t sig = E ? (int64_t)(m | Q23) : 0, sh = (int64_t)E - 127 + 2;
	uint32_t T = sh >= 25 ? 0 : (uint32_t)((sh >= 0 ? sig << sh : sh > -32 ? sig >> -sh : 0) & ((1 << 25) - 1));
	uint32_t q = (T >> 23) + (uint32_t)cos, u = T & (Q23 - 1);
	if (q & 1) u = Q23 - 1 - u;
	uint32_t neg = (q >> 1 & 1) ^ (cos ? 0 : s);
	return packtrunc(neg, (uint64_t)quad(alu_sfu_sin, u >> 17, u & 0x1FFFF, 17), -37);
}

/* tanh: 2^TSEG[k] segments in binade k of the argument, each with its own
 * output scale (AluSfuTanh.G) and rounding position (.g). */
static const signed char TSEG[11] = { 0, 0, 0, 1, 1, 2, 2, 2, 3, 4, 3 };   /* k = -8 .. 2 */

static uint32_t tanh_(uint32_t x)
{
	uint32_t s = x >> 31, E = x >> 23 & 0xFF, m = x & (Q23 - 1);
	int k = (int)E - 127;
	if (E == 255 && m) return QNAN32;
	if (k < -8) return x;
	if (k > 2) return s << 31 | 0x3F800000;
	int base = 0;
	for (int i = -8; i < k; i++) base += 1 << TSEG[i + 8];
	int mk = TSEG[k + 8];
	const AluSfuTanh *c = &alu_sfu_tanh[base + (int)(m >> (23 - mk))];
	uint32_t X = m >> (6 - mk) & 0x1FFFF;
	int64_t v = c->q.c0 + (int64_t)c->q.c1 * X + (int64_t)c->q.c2 * sq19(X);
	return packtrunc(s, (uint64_t)(v >> c->g), -c->G);
}

/* RCP64H / RSQ64H: x is the high word of an f64. */
static uint32_t h64(uint32_t x, int rsqrt)
{
	uint32_t s = x >> 31, E = x >> 20 & 0x7FF, m = x & 0xFFFFF;
	if (E == 0) return s << 31 | 0x7FF00000;
	if (rsqrt && (s || (E == 2047 && m))) return QNAN32;
	if (E == 2047) return m ? QNAN32 : rsqrt ? 0 : s << 31;
	int e = (int)E - 1023;
	int64_t y = rsqrt ? rsq_y(e, m << 3) : rcp_y(m << 3);
	int ex = rsqrt ? -(e >> 1) - 1 : -e - 1;   /* value = (y / 2^23) * 2^ex */
	if (y >= (int64_t)1 << 24) { y >>= 1; ex++; }
	if (rsqrt) s = 0;
	int be = ex + 1023;
	if (be <= 0) return s << 31;
	if (be >= 2047) return s << 31 | 0x7FF00000;
	return s << 31 | (uint32_t)be << 20 | ((uint32_t)y & (Q23 - 1)) >> 3;
}

/* The 16-bit forms: the f32 result truncated; ex2.f16 overflows to inf. */
static uint32_t half(int fmt, uint32_t x, int tanh)
{
	int sg, e = 0; uint64_t mm = 0;
	int c = alu_funpack(fmt, x, &sg, &e, &mm);
	if (c == 3) return (uint32_t)alu_fqnan(fmt);
	uint32_t w = (uint32_t)alu_fround(ALU_F32, sg, c == 2 ? 4096 : e, c == 0 ? 0 : c == 2 ? 1 : mm, 0, ALU_RN, 0);
	uint32_t r = tanh ? tanh_(w) : ex2(w);
	if ((r & 0x7FFFFFFF) > 0x7F800000) return (uint32_t)alu_fqnan(fmt);
	if (fmt == ALU_BF16) return r >> 16;
	if ((r & 0x7FFFFFFF) >= 0x47800000) return (r >> 16 & 0x8000) | 0x7C00;   /* 2^16 and up */
	uint32_t be = r >> 23 & 0xFF;
	return (uint32_t)alu_fround(ALU_F16, (int)(r >> 31), (int)be - 150, be ? (r & (Q23 - 1)) | Q23 : 0, 0, ALU_RZ, 0);
}

/* The common functions with the switch outside the loop, so that each
 * body is inlined: the warp-wide .approx handlers take 32 at a time. */
void alu_sfu_v(int fn, const uint64_t *x, uint64_t *r, int n)
{
	switch (fn) {
	case ALU_SFU_SIN: for (int i = 0; i < n; i++) r[i] = sincos((uint32_t)x[i], 0); return;
	case ALU_SFU_COS: for (int i = 0; i < n; i++) r[i] = sincos((uint32_t)x[i], 1); return;
	case ALU_SFU_EX2: for (int i = 0; i < n; i++) r[i] = ex2((uint32_t)x[i]); return;
	case ALU_SFU_LG2: for (int i = 0; i < n; i++) r[i] = lg2((uint32_t)x[i]); return;
	case ALU_SFU_RCP: for (int i = 0; i < n; i++) r[i] = rcp((uint32_t)x[i]); return;
	case ALU_SFU_RSQ: for (int i = 0; i < n; i++) r[i] = rsq((uint32_t)x[i]); return;
	case ALU_SFU_SQRT: for (int i = 0; i < n; i++) r[i] = sqrt_((uint32_t)x[i]); return;
	}
	for (int i = 0; i < n; i++)
		r[i] = alu_sfu(fn, (uint32_t)x[i]);
}

uint32_t alu_sfu(int fn, uint32_t x)
{
	switch (fn) {
	case ALU_SFU_RCP: return rcp(x);
	case ALU_SFU_RSQ: return rsq(x);
	case ALU_SFU_SQRT: return sqrt_(x);
	case ALU_SFU_EX2: return ex2(x);
	case ALU_SFU_LG2: return lg2(x);
	case ALU_SFU_SIN: return sincos(x, 0);
	case ALU_SFU_COS: return sincos(x, 1);
	case ALU_SFU_TANH: return tanh_(x);
	case ALU_SFU_RCP64H: return h64(x, 0);
	case ALU_SFU_RSQ64H: return h64(x, 1);
	case ALU_SFU_EX2_F16: return half(ALU_F16, x, 0);
	case ALU_SFU_TANH_F16: return half(ALU_F16, x, 1);
	case ALU_SFU_EX2_BF16: return half(ALU_BF16, x, 0);
	case ALU_SFU_TANH_BF16: return half(ALU_BF16, x, 1);
	}
	return QNAN32;
}

/*
 * interp/alu_math.c -- the .approx instructions (rcp sqrt rsqrt sin cos lg2
 * ex2 tanh, div.approx) and div.full, as ptxas compiles them for sm_90.
 *
 * Each is one MUFU operation (alu_sfu.c) plus the instructions ptxas wraps
 * around it, read off `cuobjdump -sass` of ptxas 13.0 output: the SFU
 * flushes denormal arguments and results, so the forms without .ftz scale
 * such arguments into range first and scale the result back with ordinary
 * IEEE multiplies (which may then produce denormals).  Those FMUL/FADD/DFMA
 * steps go through the soft-float core, so the whole sequence is exact.
 * The .ftz forms are the bare MUFU operation.  sin and cos always multiply
 * by 1/(2 pi) rounded toward zero first (FMUL.RZ), .ftz or not.
 */
#include <string.h>
#include "alu.h"

enum {
	F32_TWO24 = 0x4B800000, F32_TWOM12 = 0x39800000, F32_4096 = 0x45800000, F32_QUARTER = 0x3E800000,
	F32_HALF = 0x3F000000, F32_M24 = 0xC1C00000, F32_M126 = 0xC2FC0000, F32_1 = 0x3F800000,
	F32_INV2PI = 0x3E22F983,          /* 0.15915493667125701904, ptxas's constant */
	F32_MINNORM = 0x00800000, F32_2P126 = 0x7E800000
};

/* FSETP.GEU |a|, lim (true for NaN) and FSETP.GT |a|, lim (false for NaN),
 * lim a positive finite bit pattern: magnitudes order as integers. */
static int absgeu(uint64_t a, uint32_t lim) { uint32_t m = (uint32_t)a & 0x7FFFFFFF; return m > 0x7F800000 || m >= lim; }
static int absgt(uint64_t a, uint32_t lim) { uint32_t m = (uint32_t)a & 0x7FFFFFFF; return m <= 0x7F800000 && m > lim; }

static uint64_t mul(uint64_t a, uint64_t b) { return alu_fmul(ALU_F32, a, b, ALU_RN, 0); }

/* FMUL.RZ of a by a normal constant b: the double product of two f32 is
 * exact, and a normal f32 result is its first 24 bits.  Zero, denormal,
 * infinite and NaN arguments and results take the soft-float path. */
static uint64_t mulrz(uint64_t a, uint32_t b)
{
	uint32_t ea = (uint32_t)a >> 23 & 0xFF;
	float fa, fb;
	double p;
	uint64_t pb;
	int e;

	if (ea != 0 && ea != 255) {
		uint32_t ua = (uint32_t)a;
		memcpy(&fa, &ua, 4);
		memcpy(&fb, &b, 4);
		p = (double)fa * (double)fb;
		memcpy(&pb, &p, 8);
		e = (int)(pb >> 52 & 0x7FF) - 1023;
		if (e >= -126 && e <= 127)
			return (uint32_t)(pb >> 63) << 31 | (uint32_t)(e + 127) << 23 | (uint32_t)(pb >> 29 & 0x7FFFFF);
	}
	return alu_fmul(ALU_F32, a, b, ALU_RZ, 0);
}

/* FSETP.GEU a, b: true unless a < b (NaN compares unordered). */
static int geu(uint64_t a, uint32_t b)
{
	uint32_t ua = (uint32_t)a;
	float fa, fb;

	memcpy(&fa, &ua, 4);
	memcpy(&fb, &b, 4);
	return !(fa < fb);
}
static uint64_t mfu(int fn, uint64_t a) { return alu_sfu(fn, (uint32_t)a); }

/* The f32 forms over n arguments, at most 32 (a warp; alu_approx takes
 * one): the MUFU operations in one batch, between ptxas's steps before
 * and after, which scale arguments below 2^-126 by 2^24 (lg2, sqrt,
 * rsqrt) among others. */
static void f32_approxv(int opc, const uint64_t *a, uint64_t *d, int n, int ftz)
{
	uint64_t x[32], sc[32];
	uint8_t tiny[32], alt[32];
	if (opc == OP_RCP || opc == OP_SQRT || opc == OP_RSQRT || opc == OP_LG2)
		for (int i = 0; i < n; i++) {
			tiny[i] = !ftz && !absgeu(a[i], F32_MINNORM);
			x[i] = tiny[i] ? mul(a[i], F32_TWO24) : a[i];
		}
	switch (opc) {
	case OP_RCP:
		if (ftz) { alu_sfu_v(ALU_SFU_RCP, a, d, n); return; }
		/* FSEL of the scale: 1/4 above 2^126 (whose reciprocal would flush), 2^24 below 2^-126;
		 * a scale of 1 multiplies nothing (a * 1 is a, and 1 * r is r: NaNs are the MUFU's canonical one) */
		for (int i = 0; i < n; i++) {
			sc[i] = absgt(a[i], F32_2P126) ? F32_QUARTER : tiny[i] ? F32_TWO24 : F32_1;
			x[i] = sc[i] != F32_1 ? mul(a[i], sc[i]) : a[i];
		}
		alu_sfu_v(ALU_SFU_RCP, x, d, n);
		for (int i = 0; i < n; i++)
			if (sc[i] != F32_1) d[i] = mul(sc[i], d[i]);
		return;
	case OP_SQRT:
		alu_sfu_v(ALU_SFU_SQRT, x, d, n);
		for (int i = 0; i < n; i++) if (tiny[i]) d[i] = mul(d[i], F32_TWOM12);
		return;
	case OP_RSQRT:
		alu_sfu_v(ALU_SFU_RSQ, x, d, n);
		for (int i = 0; i < n; i++) if (tiny[i]) d[i] = mul(d[i], F32_4096);
		return;
	case OP_LG2:
		alu_sfu_v(ALU_SFU_LG2, x, d, n);
		for (int i = 0; i < n; i++) if (tiny[i]) d[i] = alu_fadd(ALU_F32, d[i], F32_M24, ALU_RN, 0);
		return;
	case OP_EX2:
		/* below -126 the result would flush: 2^(a/2) squared */
		for (int i = 0; i < n; i++) {
			alt[i] = !ftz && !geu(a[i], F32_M126);
			x[i] = alt[i] ? mul(a[i], F32_HALF) : a[i];
		}
		alu_sfu_v(ALU_SFU_EX2, x, d, n);
		for (int i = 0; i < n; i++) if (alt[i]) d[i] = mul(d[i], d[i]);
		return;
	case OP_SIN: case OP_COS:
		for (int i = 0; i < n; i++) x[i] = mulrz(a[i], F32_INV2PI);
		alu_sfu_v(opc == OP_SIN ? ALU_SFU_SIN : ALU_SFU_COS, x, d, n);
		return;
	case OP_TANH:
		alu_sfu_v(ALU_SFU_TANH, a, d, n);
		return;
	}
	for (int i = 0; i < n; i++) d[i] = alu_fqnan(ALU_F32);
}

static uint64_t f32_approx(int opc, uint64_t a, int ftz)
{
	uint64_t d;
	f32_approxv(opc, &a, &d, 1, ftz);
	return d;
}

void alu_approx_f32v(int opc, const uint64_t *a, uint64_t *d, int n, int ftz)
{
	for (int i = 0; i < n; i += 32)
		f32_approxv(opc, a + i, d + i, n - i < 32 ? n - i : 32, ftz);
}

/* rsqrt.approx.f64: RSQ64H's 32-bit estimate y refined once,
 * y + (3/8 e + 1/2) * (y e) with e = 1 - x y^2, all in DMUL/DFMA; zero, NaN,
 * negative, infinite and denormal arguments take ptxas's slow path. */
static uint64_t rsqrt64_step(uint64_t x)
{
	const uint64_t one = 0x3FF0000000000000ull, half = 0x3FE0000000000000ull, c38 = 0x3FD8000000000000ull;
	uint64_t y = (uint64_t)alu_sfu(ALU_SFU_RSQ64H, (uint32_t)(x >> 32)) << 32;
	uint64_t t = alu_fmul(ALU_F64, y, y, ALU_RN, 0);
	uint64_t e = alu_ffma(ALU_F64, x, t ^ 0x8000000000000000ull, one, ALU_RN, 0);
	uint64_t c = alu_ffma(ALU_F64, e, c38, half, ALU_RN, 0);
	return alu_ffma(ALU_F64, c, alu_fmul(ALU_F64, y, e, ALU_RN, 0), y, ALU_RN, 0);
}

static uint64_t rsqrt64(uint64_t x)
{
	uint32_t hi = (uint32_t)(x >> 32);
	if (hi - 0x100000u < 0x7FE00000u) return rsqrt64_step(x);       /* positive and normal */
	if (!(x << 1)) return (uint64_t)((hi & 0x80000000u) | 0x7FF00000u) << 32;
	if (alu_fisnan(ALU_F64, x)) return alu_fadd(ALU_F64, x, x, ALU_RN, 0);
	if (hi >> 31) return 0xFFF8000000000000ull;
	if (x == 0x7FF0000000000000ull) return 0;
	uint64_t r = rsqrt64_step(alu_fmul(ALU_F64, x, 0x4350000000000000ull, ALU_RN, 0));   /* * 2^54 */
	return alu_fmul(ALU_F64, r, 0x41A0000000000000ull, ALU_RN, 0);                    /* * 2^27 */
}

uint64_t alu_approx(int opc, int fmt, uint64_t a, int ftz)
{
	switch (fmt) {
	case ALU_F32:
		return f32_approx(opc, a, ftz);
	case ALU_F64:
		if (opc == OP_RCP) return (uint64_t)alu_sfu(ALU_SFU_RCP64H, (uint32_t)(a >> 32)) << 32;
		if (opc == OP_RSQRT)
			return ftz ? (uint64_t)alu_sfu(ALU_SFU_RSQ64H, (uint32_t)(a >> 32)) << 32 : rsqrt64(a);
		break;
	case ALU_F16:
		if (opc == OP_EX2 || opc == OP_TANH) return alu_sfu(opc == OP_EX2 ? ALU_SFU_EX2_F16 : ALU_SFU_TANH_F16, (uint32_t)a);
		break;
	case ALU_BF16:
		if (opc == OP_EX2 || opc == OP_TANH) return alu_sfu(opc == OP_EX2 ? ALU_SFU_EX2_BF16 : ALU_SFU_TANH_BF16, (uint32_t)a);
		break;
	}
	return alu_fqnan(fmt);
}

/* div.approx.f32 is a * MUFU.RCP(b), with both scaled by 2^24 when b is
 * below 2^-126 (not .ftz); div.full also scales both by 1/4 when b is above
 * 2^126, so that 1/b does not flush.  The scalings use the original b. */
uint64_t alu_approx_divfma(uint64_t a, uint64_t b, uint64_t c, int full, int neg, int ftz)
{
	if (full && absgt(b, F32_2P126)) {
		a = alu_fmul(ALU_F32, a, F32_QUARTER, ALU_RN, ftz);
		b = alu_fmul(ALU_F32, b, F32_QUARTER, ALU_RN, ftz);
	}
	if (!ftz && !absgeu(b, F32_MINNORM)) {
		a = mul(a, F32_TWO24);
		b = mul(b, F32_TWO24);
	}
	if (neg && !alu_fisnan(ALU_F32, a))
		a ^= 0x80000000u;
	return alu_ffma(ALU_F32, a, mfu(ALU_SFU_RCP, b), c, ALU_RN, ftz);
}

/* The same by a b that ptxas knows: its reciprocal (of b scaled as
 * above) is the correctly rounded one ptxas computes, an FMUL by it in
 * sm_90 SASS (div.approx.f32 x, -1.66015625 is x * 0xbf1a33cd, the
 * MUFU.RCP's 0xbf1a33ce), flushed below 2^-126 as the MUFU's (fold.c
 * foldmufuk) */
static uint64_t rcpk(uint64_t b)
{
	return alu_fdiv(ALU_F32, 0x3F800000u, b, ALU_RN, 1);
}

uint64_t alu_approx_divk(uint64_t a, uint64_t b, int full, int ftz)
{
	if (ftz) {
		if (full && absgt(b, F32_2P126)) {
			a = alu_fmul(ALU_F32, a, F32_QUARTER, ALU_RN, 1);
			b = alu_fmul(ALU_F32, b, F32_QUARTER, ALU_RN, 1);
		}
		return alu_fmul(ALU_F32, a, rcpk(b), ALU_RN, 1);
	}
	int big = full && absgt(b, F32_2P126), tiny = !absgeu(b, F32_MINNORM);
	if (big) { a = mul(a, F32_QUARTER); b = mul(b, F32_QUARTER); }
	if (tiny) { a = mul(a, F32_TWO24); b = mul(b, F32_TWO24); }
	return mul(rcpk(b), a);
}

uint64_t alu_approx_div(uint64_t a, uint64_t b, int full, int ftz)
{
	if (ftz) {
		if (full && absgt(b, F32_2P126)) {
			a = alu_fmul(ALU_F32, a, F32_QUARTER, ALU_RN, 1);
			b = alu_fmul(ALU_F32, b, F32_QUARTER, ALU_RN, 1);
		}
		return alu_fmul(ALU_F32, a, mfu(ALU_SFU_RCP, b), ALU_RN, 1);
	}
	int big = full && absgt(b, F32_2P126), tiny = !absgeu(b, F32_MINNORM);
	if (big) { a = mul(a, F32_QUARTER); b = mul(b, F32_QUARTER); }
	if (tiny) { a = mul(a, F32_TWO24); b = mul(b, F32_TWO24); }
	return mul(mfu(ALU_SFU_RCP, b), a);
}

/*
 * interp/alu_math.c -- the .approx functions (rcp sqrt rsqrt sin cos lg2 ex2
 * tanh, div.approx/div.full).
 *
 * The H100 computes these in its special-function unit with table-driven
 * quadratic interpolation whose tables are not published.  Until they are
 * fitted from measurements, each function here is the correctly rounded
 * value computed in double precision, with the GPU's handling of special
 * inputs (flushed denormals, signed zeros, infinities, canonical NaNs).
 * The ULP gap to the hardware is recorded in tests/isa/GAPS.
 */
#include <math.h>
#include <string.h>
#include "alu.h"

/* f32 <-> double for the common case, in integer arithmetic so that the
 * host's rounding mode and flush modes play no part: the widening is exact,
 * the narrowing rounds to nearest-even (as alu_fround does, much faster). */
static double f32tod(uint64_t a)
{
	uint32_t u = (uint32_t)a, e = u >> 23 & 0xFF, m = u & 0x7FFFFF;
	uint64_t b = (uint64_t)(u >> 31) << 63;
	double d;
	if (e == 0xFF)
		b |= 0x7FF0000000000000ull | (uint64_t)m << 29;
	else if (e)
		b |= (uint64_t)(e - 127 + 1023) << 52 | (uint64_t)m << 29;
	else if (m) {       /* subnormal: m * 2^-149, normalised */
		int sh = __builtin_clz(m) - 8;
		b |= (uint64_t)(1 - sh - 127 + 1023) << 52 | (uint64_t)(m << sh & 0x7FFFFF) << 29;
	}
	memcpy(&d, &b, 8);
	return d;
}

static uint64_t dtof32(double v)     /* v is not a NaN */
{
	uint64_t b, m, q, rest, half;
	memcpy(&b, &v, 8);
	uint32_t s = (uint32_t)(b >> 63) << 31;
	int e = (int)(b >> 52 & 0x7FF), E = e - 1023, sh;
	if (e == 0x7FF || E > 127) return s | 0x7F800000;
	if (e == 0 || E < -151) return s;     /* below half the smallest subnormal */
	m = (b & 0xFFFFFFFFFFFFFull) | 1ull << 52;
	sh = E >= -126 ? 29 : 29 - 126 - E;   /* bits below the f32's last place */
	q = m >> sh;
	rest = m & ((1ull << sh) - 1);
	half = 1ull << (sh - 1);
	q += rest > half || (rest == half && (q & 1));
	if (E < -126)
		return s | (uint32_t)q;            /* 2^23 after rounding up is the smallest normal */
	if (q >> 24) {
		q >>= 1;
		E++;
	}
	if (E > 127) return s | 0x7F800000;
	return s | (uint32_t)(E + 127) << 23 | (uint32_t)(q & 0x7FFFFF);
}

static double f2d(int fmt, uint64_t a)
{
	if (fmt == ALU_F64) { double d; memcpy(&d, &a, 8); return d; }
	if (fmt == ALU_F32) return f32tod(a);
	int s, e = 0; uint64_t m = 0;
	int c = alu_funpack(fmt, a, &s, &e, &m);
	double v = c == 0 ? 0.0 : c == 2 ? INFINITY : c == 3 ? NAN : ldexp((double)m, e);
	return s ? -v : v;
}

static uint64_t d2f(int fmt, double v)
{
	uint64_t b;
	memcpy(&b, &v, 8);
	if (fmt == ALU_F64) return b;
	if (isnan(v)) return alu_fqnan(fmt);
	if (fmt == ALU_F32) return dtof32(v);
	int s = (int)(b >> 63);
	int be = (int)(b >> 52 & 0x7FF);
	uint64_t m = b & 0xFFFFFFFFFFFFFull;
	if (be == 0x7FF) return alu_fround(fmt, s, 4096, 1, 0, ALU_RN, 0);
	if (be == 0 && m == 0) return alu_fround(fmt, s, 0, 0, 0, ALU_RN, 0);
	if (be == 0) return alu_fround(fmt, s, -1074, m, 0, ALU_RN, 0);
	return alu_fround(fmt, s, be - 1075, m | 1ull << 52, 0, ALU_RN, 0);
}

uint64_t alu_approx(int opc, int fmt, uint64_t a, int ftz)
{
	/* f32 .approx inputs are flushed by the SFU itself; f16/bf16 keep denormals */
	if (ftz || fmt == ALU_F32) a = ftz ? alu_fflush(fmt, a) : a;
	double x = f2d(fmt, a), r;
	switch (opc) {
	case OP_RCP: r = 1.0 / x; break;
	case OP_SQRT: r = sqrt(x); break;
	case OP_RSQRT: r = 1.0 / sqrt(x); break;
	case OP_SIN: r = sin(x); break;
	case OP_COS: r = cos(x); break;
	case OP_LG2: r = log2(x); break;
	case OP_EX2: r = exp2(x); break;
	case OP_TANH: r = tanh(x); break;
	default: r = x; break;
	}
	uint64_t v = d2f(fmt, r);
	if (ftz) v = alu_fflush(fmt, v);
	return v;
}

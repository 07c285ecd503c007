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

static double f2d(int fmt, uint64_t a)
{
	if (fmt == ALU_F64) { double d; memcpy(&d, &a, 8); return d; }
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

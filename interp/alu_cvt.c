/*
 * interp/alu_cvt.c -- cvt and cvt.pack between every pair of types.
 *
 * All float conversions go through the exact rounding of alu_float.c, so the
 * four IEEE directed modes, .rna and the integer roundings (.rni .rzi .rmi
 * .rpi) are exact for every pair of formats.  Float-to-integer conversions
 * saturate on the GPU whether or not .sat is written, and NaN becomes 0.
 * An 8-bit destination is returned sign- or zero-extended, which is what the
 * H100 leaves in the wider register that holds it.
 */
#include "alu.h"

typedef alu_u128 u128;
typedef alu_s128 s128;

static int bitsof(int ty) { return ir_tyinfo[ty].bits; }
static int issigned(int ty) { return ir_tyinfo[ty].kind == TK_SINT; }

/* Rounds a float to an integer (as a signed 128-bit value); *cls as alu_funpack. */
static s128 toint(int fmt, uint64_t a, int rnd, int *cls)
{
	int s, e = 0; uint64_t m = 0;
	*cls = alu_funpack(fmt, a, &s, &e, &m);
	if (*cls != 1) return 0;
	u128 mag;
	if (e >= 0) {
		mag = e > 70 ? (u128)1 << 100 : (u128)m << e;
	} else {
		int sh = -e;
		u128 q = sh >= 64 ? 0 : m >> sh;
		int half = sh > 64 ? 0 : (int)((m >> (sh - 1)) & 1);
		int sticky = sh > 64 ? m != 0 : (m & (((uint64_t)1 << (sh - 1)) - 1)) != 0;
		if (sh == 64) { half = (int)(m >> 63); sticky = (m << 1) != 0; }
		int up = 0;
		switch (rnd) {
		case ALU_RN: up = half && (sticky || (q & 1)); break;
		case ALU_RNA: up = half; break;
		case ALU_RZ: break;
		case ALU_RM: up = s && (half || sticky); break;
		case ALU_RP: up = !s && (half || sticky); break;
		}
		mag = q + (u128)up;
	}
	return s ? -(s128)mag : (s128)mag;
}

static uint64_t clampint(s128 v, int ty)
{
	int w = bitsof(ty);
	s128 lo = issigned(ty) ? -((s128)1 << (w - 1)) : 0;
	s128 hi = issigned(ty) ? ((s128)1 << (w - 1)) - 1 : ((s128)1 << w) - 1;
	v = v < lo ? lo : v > hi ? hi : v;
	return (uint64_t)v;
}

/* Narrow results as the register holds them: sign-extended for signed types. */
static uint64_t intout(uint64_t v, int ty)
{
	int w = bitsof(ty);
	if (w >= 64) return v;
	if (issigned(ty)) return (uint64_t)((int64_t)(v << (64 - w)) >> (64 - w));
	return v & (((uint64_t)1 << w) - 1);
}

/* A NaN converted between formats keeps its sign and the top of its payload
 * and is quieted when f64 is one side; bf16 -> f32 is a plain shift (but
 * not with .ftz: f2f); every other pair gives the canonical NaN (measured). */
static uint64_t nanconv(int df, int sf, uint64_t a, int rnd)
{
	static const int mb[ALU_NFMT] = { 52, 23, 10, 7, 10, 3, 2 };
	static const int nb[ALU_NFMT] = { 64, 32, 16, 16, 32, 8, 8 };
	if (df == ALU_TF32)
		return rnd == ALU_RNA ? (a & 0xFFFFE000) : 0x7FFFE000;
	if (sf == ALU_BF16 && df == ALU_F32) return a << 16;     /* a plain widening, not even quieted */
	if ((sf != ALU_F64 && df != ALU_F64) || sf == ALU_TF32) return alu_fqnan(df);
	uint64_t sign = a >> (nb[sf] - 1) & 1;
	uint64_t pay = a & (((uint64_t)1 << mb[sf]) - 1);
	pay = mb[df] >= mb[sf] ? pay << (mb[df] - mb[sf]) : pay >> (mb[sf] - mb[df]);
	uint64_t exp = ((uint64_t)1 << (nb[df] - 1 - mb[df])) - 1;
	return sign << (nb[df] - 1) | exp << mb[df] | (uint64_t)1 << (mb[df] - 1) | pay;
}

/* Float-to-float conversion of one element. */
static uint64_t f2f(int df, int sf, uint64_t a, int rnd, uint32_t fl)
{
	int s, e = 0; uint64_t m = 0;
	if ((fl & ALU_FTZ) && sf == ALU_F32) {
		/* an f16 destination keeps the f32 subnormal: cvt.rp.ftz.f16.f32 of
		 * one gives 0x0001, as without .ftz */
		if (df != ALU_F16)
			a = alu_fflush(sf, a);
		if (alu_fisnan(sf, a)) a = 0x7FFFFFFF;   /* .ftz also canonicalises an f32 NaN source */
	}
	int c = alu_funpack(sf, a, &s, &e, &m);
	uint64_t r;
	uint32_t rf = fl & ALU_SATFINITE;
	if (df == ALU_TF32 && (fl & ALU_SATFINITE) && (a & 0x7F800000) == 0x7F800000)
		/* inf and NaN alike: truncated to tf32, then one step down, as ptxas's
		 * integer sequence does it (so a NaN whose payload lies in the cut bits
		 * becomes the largest finite value) */
		return ((a & 0xFFFFE000) - 0x2000) & 0xFFFFFFFF;
	if (c == 3) {
		if (fl & ALU_SAT) return 0;
		/* cvt.ftz.f32.bf16 is no plain widening: the flush makes it an FP
		 * operation, whose NaN is the canonical one (measured) */
		if ((fl & ALU_FTZ) && sf == ALU_BF16 && df == ALU_F32) return 0x7FFFFFFF;
		return nanconv(df, sf, a, rnd);
	}
	if (c == 2)
		r = alu_fround(df, s, 4096, 1, 0, ALU_RN, fl & ALU_SATFINITE);
	else if (c == 0)
		r = alu_fround(df, s, 0, 0, 0, rnd, 0);
	else {
		/* unlike arithmetic, cvt flushes by the rounded result (measured) */
		r = alu_fround(df, s, e, m, 0, rnd, rf);
		if ((fl & ALU_FTZ) && df == ALU_F32) r = alu_fflush(df, r);
	}
	if ((fl & ALU_RELU) && s && !alu_fisnan(df, r)) r = 0;
	if (fl & ALU_SAT) r = alu_fsat(df, r);
	return r;
}

/* Integer rounding of a float within its own format. */
static uint64_t fint(int fmt, uint64_t a, int rnd, uint32_t fl)
{
	int s, e = 0; uint64_t m = 0;
	if ((fl & ALU_FTZ)) a = alu_fflush(fmt, a);
	int c = alu_funpack(fmt, a, &s, &e, &m);
	if (c == 3) {
		if (fl & ALU_SAT) return 0;
		return fmt == ALU_F64 ? a | 0x0008000000000000ull : alu_fqnan(fmt);
	}
	uint64_t r = a;
	if (c == 1 && e < 0) {
		int cls;
		s128 v = toint(fmt, a, rnd, &cls);
		u128 mag = (u128)(v < 0 ? -v : v);
		r = alu_fround(fmt, s, 0, mag, 0, ALU_RN, 0);
	}
	if (fl & ALU_SAT) r = alu_fsat(fmt, r);
	return r;
}

/* A float converted to its own format with no rounding (cvt.f32.f32,
 * cvt.ftz.sat.f32.f32, cvt.f16.f16, cvt.sat.f64.f64 ...): the value as it
 * is, flushed by .ftz (f32) and clamped by .sat (a NaN to +0); a NaN is
 * left as it is in f64 and in f32 without .ftz, and is the canonical one
 * in f16, bf16 and in f32 with .ftz (an H200: generator version 12's
 * formx records, 1,178 of whose first differences were these forms) */
static uint64_t samefmt(int fmt, uint64_t a, uint32_t fl)
{
	if ((fl & ALU_FTZ) && fmt == ALU_F32)
		a = alu_fflush(fmt, a);
	if (alu_fisnan(fmt, a)) {
		if (fl & ALU_SAT)
			return 0;
		return fmt == ALU_F64 || (fmt == ALU_F32 && !(fl & ALU_FTZ)) ? a : alu_fqnan(fmt);
	}
	return (fl & ALU_SAT) ? alu_fsat(fmt, a) : a;
}

static uint64_t cvt1(const AluOp *op, int dty, int sty, uint64_t a)
{
	uint32_t fl = op->flags;
	int df = alu_fmt_of(dty), sf = alu_fmt_of(sty);
	if (df >= 0 && sf >= 0) {
		if (df == sf && !(fl & ALU_RNDSET))
			return samefmt(df, a, fl);
		if (fl & ALU_INTRND)
			return fint(df, a, op->rnd, fl);
		return f2f(df, sf, a, op->rnd, fl);
	}
	if (sf >= 0) {
		int cls;
		if ((fl & ALU_FTZ)) a = alu_fflush(sf, a);
		s128 v = toint(sf, a, op->rnd, &cls);
		/* NaN: 0, except from f64 or into 64 bits, where it is the sign-bit pattern (measured) */
		if (cls == 3)
			return (sf == ALU_F64 || bitsof(dty) == 64) ? intout((uint64_t)1 << (bitsof(dty) - 1), dty) : 0;
		if (cls == 2) {
			int s, e; uint64_t m;
			alu_funpack(sf, a, &s, &e, &m);
			v = s ? -((s128)1 << 100) : ((s128)1 << 100);
		}
		return intout(clampint(v, dty), dty);
	}
	/* integer source */
	int sw = bitsof(sty);
	uint64_t am = sw >= 64 ? a : a & (((uint64_t)1 << sw) - 1);
	s128 v = issigned(sty) ? (s128)(int64_t)(am << (64 - sw)) >> (64 - sw) : (s128)am;
	if (df >= 0) {
		int s = v < 0;
		u128 mag = (u128)(s ? -v : v);
		uint64_t r = alu_fround(df, s, 0, mag, 0, op->rnd, 0);
		if (fl & ALU_SAT) r = alu_fsat(df, r);
		return r;
	}
	/* a neg or abs .s32 result ptxas keeps exact (imm 1: INT_MIN is +2^31),
	 * a cnot.b32 it keeps as -m and saturates so (imm 2: 1 is below any
	 * bound); foldint.c interp_fold_satexact */
	if ((fl & ALU_SAT) && op->imm == 1 && am == 0x80000000u)
		v = (s128)1 << 31;
	if ((fl & ALU_SAT) && op->imm == 2 && v == 1)
		v = -((s128)1 << 40);
	if (fl & ALU_SAT) return intout(clampint(v, dty), dty);
	return intout((uint64_t)v, dty);
}

uint64_t alu_f2i64(uint64_t a, int sg)
{
	AluOp op = { .op = OP_CVT, .ty = sg ? TY_S64 : TY_U64, .ty2 = TY_F32, .rnd = ALU_RZ };
	return cvt1(&op, op.ty, TY_F32, a & 0xFFFFFFFFu);
}

uint64_t alu_u64f32(uint64_t a)
{
	AluOp op = { .op = OP_CVT, .ty = TY_F32, .ty2 = TY_U64, .rnd = ALU_RN };
	return cvt1(&op, op.ty, TY_U64, a);
}

static uint64_t pack(const AluOp *op, const uint64_t *s)
{
	int w = bitsof(op->ty);
	uint64_t ta = clampint((s128)(int32_t)s[0], op->ty) & ((1ull << w) - 1);
	uint64_t tb = clampint((s128)(int32_t)s[1], op->ty) & ((1ull << w) - 1);
	uint64_t r = ta << w | tb;
	if (op->nsrc > 2) r |= s[2] << 2 * w;
	return r & 0xFFFFFFFF;
}

void alu_cvt_exec(const AluOp *op, const uint64_t *s, uint64_t *d)
{
	if (op->op == OP_CVT_PACK) {
		d[0] = pack(op, s);
		return;
	}
	int dty = op->ty, sty = op->ty2;
	switch (dty) {
	case TY_F16X2: case TY_BF16X2: case TY_E4M3X2: case TY_E5M2X2: {
		int et = dty == TY_F16X2 ? TY_F16 : dty == TY_BF16X2 ? TY_BF16 : dty == TY_E4M3X2 ? TY_E4M3 : TY_E5M2;
		int eb = et == TY_F16 || et == TY_BF16 ? 16 : 8;
		uint64_t hi, lo;
		if (sty == TY_F32) {       /* d = {cvt(a), cvt(b)}: a goes high */
			hi = cvt1(op, et, TY_F32, s[0]);
			lo = cvt1(op, et, TY_F32, s[1]);
		} else {                   /* element-wise from a packed source */
			int st = sty == TY_F16X2 ? TY_F16 : sty == TY_E4M3X2 ? TY_E4M3 : TY_E5M2;
			int sb = st == TY_F16 ? 16 : 8;
			hi = cvt1(op, et, st, s[0] >> sb & ((1ull << sb) - 1));
			lo = cvt1(op, et, st, s[0] & ((1ull << sb) - 1));
		}
		d[0] = hi << eb | lo;
		return;
	}
	}
	d[0] = cvt1(op, dty, sty, s[0]);
}

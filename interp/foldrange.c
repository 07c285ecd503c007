/*
 * interp/foldrange.c -- the f32 value ranges ptxas reasons with, NaN
 * left out, and the saturated results it decides by them.
 *
 * ptxas bounds an f32 value from what made it, as if no operand were a
 * NaN, and where an add.f32 or sub.f32 with .sat (no rounding modifier,
 * no .ftz) must come out at least 1.0 or at most 0 it takes that result
 * for the constant 1.0 or +0 in every float instruction that reads it: an
 * add, sub, mul, fma, min, max, setp, selp.f32, cvt from f32, neg, abs.
 * A NaN operand makes the saturated add +0 at run time, which only the
 * readers that move bits see: a store, a mov.b32, an and.b32 read the
 * FADD.SAT's register; the float readers read the constant (sm_90 SASS
 * of ptxas 13.0: FADD.RP R, R, 1 for add.rp.f32 of add.sat.f32 of |x| and
 * 156.0 whose result is stored, STG of the FADD.SAT; a mul.f32 by it is no
 * FMUL, the other factor stored with its NaN payload; v1 seed 201550,
 * 204205 on an H200: 0x3f800000 where x was a NaN).
 *
 * The ranges (frange), read off the SASS of each form:
 *   - an immediate, a value ptxas knows (interp_fold_f32val): that point;
 *   - abs.f32 (not .ftz, an FADD.FTZ of -0 it does not bound), mul.f32 of
 *     a value by itself (.ftz or not), ex2.approx.f32: at least 0;
 *   - sin, cos and tanh .approx.f32 (.ftz or not): [-1, 1] (FADD R, y, 1
 *     for add.f32 of y and add.sat.f32 of each and 2.0, the MUFU gone;
 *     v1 seed 96456: mul.f32 of add.sat.f32 of cos.approx.ftz and 2^31 by
 *     itself, 1.0 on an H200 where the cosine was a NaN);
 *   - add, sub, min, max, neg of bounded values, without a rounding
 *     modifier: the bounds that arithmetic gives; one operand it does not
 *     bound leaves the result unbounded, even where the other bounds it
 *     (add.sat of max.f32 of |x| and y and 2^31 stays: v1 seed 10181);
 *   - a .sat result of add, sub, mul, fma or a cvt to f32: [0, 1],
 *     whatever its operands, rounding or .ftz (a mul.f32 by add.sat.f32
 *     of add.sat.f32 x, y, of sub.rm.sat, add.ftz.sat, mul.sat,
 *     fma.rn.sat or cvt.sat.f32.f32 of unknowns and 2.0 is no FMUL);
 * and nothing else: not mul of two values, sqrt, rsqrt, cvt, a guarded
 * instruction.  The add or sub decided has no rounding modifier, nor
 * .ftz but where a division or an .approx rcp, sqrt, rsqrt, ex2 or lg2
 * reads it (mufureader): FADD.FTZ.SAT |x|, 2 stays for a mul.f32 or a
 * sin.approx, is 1.0 to a div.full.  Not followed: ptxas decides such a
 * .ftz add for every float reader at times where it has two readers (two
 * muls, a mul and a store, a mul of it by itself: no FMUL), at times not
 * (v14 dag 37574: add.ftz.sat.f32 of +inf and x * x read by a neg.ftz and
 * a mad.rn stays; v1 f32 941377), so the interpreter leaves them all.
 * So add.sat of |x| and 1.0 is 1.0, of |x| and 0.5 is not decided, of x
 * and 2.0 neither; sub.sat of 0.5 and |x| + 1.0 is +0; add.sat of an
 * add.sat and 1.0 is 1.0.
 *
 * Decided in one place: interp_fold_range, before every other rule of
 * fold.c's foldone, so that they see the constant as an immediate (a
 * mul.f32 by it is then foldid's copy).  Tested by
 * tests/regress/fold-sat-range.ptx.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "interp.h"
#include "fold.h"

static int frange(ptx_module *pm, const Func *f, int v, int depth, int any, double *lo, double *hi);

/* The range of source operand oi of d: an immediate's point, or its
 * value's range; 0 where neither is known. */
static int
oprange(ptx_module *pm, const Func *f, const Ins *d, int oi, int depth, int any, double *lo, double *hi)
{
	const Opnd *o = &d->opnd[oi];
	int v;

	if (o->kind == OK_FIMM) {
		double x;
		if (o->flkind == FL_F32HEX)
			x = bitsf((uint32_t)o->fbits);
		else {
			memcpy(&x, &o->fbits, sizeof x);
			x = (float)x;   /* an f64 literal read as f32 */
		}
		*lo = *hi = x;
		return !isnan(x) && !(any && isinf(x));
	}
	return (v = srcval(d, oi)) >= 0 && frange(pm, f, v, depth + 1, any, lo, hi);
}

/* The range [*lo, *hi] ptxas gives f32 value v, NaN left out; 0 where it
 * bounds it no more than any value.  A short walk: depth 6. */
static int
frange(ptx_module *pm, const Func *f, int v, int depth, int any, double *lo, double *hi)
{
	int w;
	const Ins *d = v >= 0 && depth < 6 ? defof(f, v, &w) : NULL;
	double alo, ahi, blo, bhi;
	uint32_t c;

	if (!d || d->guard || d->ndef != 1 || d->ty[0] != TY_F32)
		return 0;
	/* a saturated f32 result, whatever its operands, rounding or .ftz */
	if (any && ir_hasmod(d, MOD_SAT) && (d->op == OP_ADD || d->op == OP_SUB || d->op == OP_MUL ||
	    d->op == OP_FMA || d->op == OP_MAD || d->op == OP_CVT)) {
		*lo = 0;
		*hi = 1;
		return 1;
	}
	if (d->nty != 1)
		return 0;
	if (interp_fold_f32val(pm, f, v, &c)) {
		if (isnan(bitsf(c)) || (any && isinf(bitsf(c))))
			return 0;
		*lo = *hi = bitsf(c);
		return 1;
	}
	switch (d->op) {
	case OP_ABS:
		if (ir_hasmod(d, MOD_FTZ) || d->nopnd != 2)
			return 0;
		*lo = 0;
		*hi = INFINITY;
		return 1;
	case OP_EX2:
		if (!ir_hasmod(d, MOD_APPROX))
			return 0;
		*lo = 0;
		*hi = INFINITY;
		return 1;
	case OP_SIN: case OP_COS: case OP_TANH:
		if (!ir_hasmod(d, MOD_APPROX))
			return 0;
		*lo = -1;
		*hi = 1;
		return 1;
	case OP_MUL:
		if (rounds(d) || d->nopnd != 3 || ir_hasmod(d, MOD_SAT) || srcval(d, 1) < 0 ||
		    interp_fold_copyroot(pm, f, srcval(d, 1)) != interp_fold_copyroot(pm, f, srcval(d, 2)))
			return 0;
		*lo = 0;
		*hi = INFINITY;
		return 1;
	case OP_NEG:
		if (ir_hasmod(d, MOD_FTZ) || d->nopnd != 2)
			return 0;
		if (!oprange(pm, f, d, 1, depth, any, &alo, &ahi))
			return 0;
		*lo = -ahi;
		*hi = -alo;
		break;
	case OP_ADD: case OP_SUB: case OP_MIN: case OP_MAX:
		if (rounds(d) || d->nopnd != 3 || ir_hasmod(d, MOD_NAN_PROP) || ir_hasmod(d, MOD_XORSIGN) ||
		    ir_hasmod(d, MOD_RELU))
			return 0;
		if (!oprange(pm, f, d, 1, depth, any, &alo, &ahi) || !oprange(pm, f, d, 2, depth, any, &blo, &bhi))
			return 0;
		if (d->op == OP_ADD)
			*lo = alo + blo, *hi = ahi + bhi;
		else if (d->op == OP_SUB)
			*lo = alo - bhi, *hi = ahi - blo;
		else if (d->op == OP_MIN)
			*lo = fmin(alo, blo), *hi = fmin(ahi, bhi);
		else
			*lo = fmax(alo, blo), *hi = fmax(ahi, bhi);
		if (isnan(*lo) || isnan(*hi))   /* inf - inf: no bound */
			return 0;
		break;
	default:
		return 0;
	}
	if (ir_hasmod(d, MOD_SAT)) {
		*lo = fmin(fmax(*lo, 0), 1);
		*hi = fmin(fmax(*hi, 0), 1);
	}
	return 1;
}

/* Is v an add.sat or sub.sat .f32 that ptxas decides (*r: 1.0 or +0)?
 * First by the ranges without the rules below; then by them (any): a
 * .sat result in [0, 1] whatever made it, and .ftz where the reader is a
 * division or a MUFU (ftzok), but no operand an infinite constant (sm_90
 * SASS: add.sat.f32 of |x|, of mul.sat.f32 x, y, and +inf keeps its
 * FADD.SAT and the FMUL, of 0x7f7fffff neither; v15 immx 690966), which
 * the first way takes as it always has. */
static int
satconst(ptx_module *pm, const Func *f, int v, int ftzok, uint32_t *r)
{
	int w;
	const Ins *d = defof(f, v, &w);
	double lo, hi, alo, ahi, blo, bhi;

	if (!d || d->guard || (d->op != OP_ADD && d->op != OP_SUB) || d->nty != 1 || d->ty[0] != TY_F32 ||
	    !ir_hasmod(d, MOD_SAT) || rounds(d) || d->nopnd != 3)
		return 0;
	if (!ir_hasmod(d, MOD_FTZ) && frange(pm, f, v, 0, 0, &lo, &hi) && (lo >= 1 || hi <= 0))
		return *r = lo >= 1 ? 0x3F800000u : 0, 1;
	if ((ir_hasmod(d, MOD_FTZ) && !ftzok) || !oprange(pm, f, d, 1, 0, 1, &alo, &ahi) ||
	    !oprange(pm, f, d, 2, 0, 1, &blo, &bhi))
		return 0;
	lo = d->op == OP_ADD ? alo + blo : alo - bhi;
	hi = d->op == OP_ADD ? ahi + bhi : ahi - blo;
	if (isnan(lo) || isnan(hi))
		return 0;
	if (lo >= 1)
		return *r = 0x3F800000u, 1;
	if (hi <= 0)
		return *r = 0, 1;
	return 0;
}

/* Does in read its source operand oi as an f32 value: an arithmetic,
 * compare, select or conversion of f32 (not a mov, store or bit
 * operation, which take the register, nor a copysign, whose LOP3 does:
 * v13 dag 2579, the magnitude of add.sat.f32 of 1.0e+38 and x * x) */
static int
floatreader(const Ins *in, int oi)
{
	int t = in->nty > 0 ? in->ty[in->nty - 1] : TY_NONE;

	switch (in->op) {
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_FMA: case OP_MAD: case OP_DIV: case OP_MIN: case OP_MAX:
	case OP_NEG: case OP_ABS: case OP_SQRT: case OP_RCP: case OP_RSQRT: case OP_SIN: case OP_COS: case OP_LG2:
	case OP_EX2: case OP_TANH: case OP_SETP: case OP_SET: case OP_CVT:
		return t == TY_F32;
	case OP_SELP:
		return in->ty[0] == TY_F32 && oi < in->ndst + 2;
	case OP_SLCT:
		return in->ty[0] == TY_F32 && oi < in->ndst + 2;
	default:
		return 0;
	}
}

/* Is in a division or an .approx MUFU of f32, whose expansion ptxas
 * bounds its operands for with .ftz adds too (sm_90 SASS: div.full,
 * div.approx, div.rn, rcp, sqrt, rsqrt, ex2 and lg2 .approx of add.ftz.sat
 * of |x| and 2.0 take 1.0, a mul.f32 or sin.approx of it the FADD.FTZ.SAT;
 * v1 f32 seed 1027504 on an H100: div.full of x by add.ftz.sat.f32 of a
 * sub.rm.sat and 2.7e36 stored x, a NaN's payload kept) */
static int
mufureader(const Ins *in)
{
	switch (in->op) {
	case OP_DIV:
		return 1;
	case OP_RCP: case OP_SQRT: case OP_RSQRT: case OP_EX2: case OP_LG2:
		return ir_hasmod(in, MOD_APPROX);
	default:
		return 0;
	}
}

int
interp_fold_range(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	uint32_t c;

	if (in->nopnd - in->ndst != xi->ns)
		return 0;
	for (int i = 0; i < xi->ns; i++) {
		int oi = in->ndst + i, v = srcval(in, oi);
		if (xi->s[i].k != XO_REG || v < 0 || !floatreader(in, oi) || !satconst(pm, f, v, mufureader(in), &c))
			continue;
		xi->s[i] = (XOp){ .k = XO_IMM, .imm = c };
	}
	return 0;
}

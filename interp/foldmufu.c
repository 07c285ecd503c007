/*
 * interp/foldmufu.c -- the f32 values ptxas computes on the host where an
 * .approx instruction (rcp, sqrt, rsqrt, lg2, ex2, sin, cos, div) or a
 * div.full reads constants, and the f32 values it knows that reach them
 * (fold.c foldmufuk makes the instruction a mov of the value).
 *
 * Read off the sm_90 SASS of ptxas 13.0 (a MOV of the constant where the
 * MUFU would be) for every class of operand, and the H200's records of the
 * immx family (tests/diff, version 15):
 *
 *   - the value is the correctly rounded one (the host's double, rounded
 *     to f32), not the MUFU's: rsqrt.approx.f32 of 0f00018001 is
 *     0x6093cd09, the MUFU 0x6093cd08 (v15 immx 20045).
 *   - .ftz flushes a subnormal operand and a subnormal result, the sign
 *     kept; without it both stay (rcp of 0f7F7FFFFF is 0x00200000, ex2 of
 *     -144.0 is 0x00000020; .ftz: 0).  sin and cos flush a subnormal
 *     operand either way (sin of 0f00000001 is 0, of 0f80000001 -0).
 *   - what it leaves to the MUFU: a NaN operand; sqrt and rsqrt of a
 *     negative one (not of -0: -0 and -inf); lg2 of a zero, of a negative
 *     and, with .ftz, of a subnormal one (-inf or the NaN all the same);
 *     sin and cos of an infinity.  Everything else it folds: +inf and the
 *     zeros included (rsqrt of +inf is 0, ex2 of -inf 0).  lg2 of a
 *     subnormal is the MUFU path's, lg2 of x * 2^24, less 24.
 *   - div keeps its shape, x times the reciprocal of y: the reciprocal
 *     rounded to 24 bits without f32's exponent range (div.approx of
 *     0f00018001 by 0f00000100 is 384.00390625, the exact quotient, where
 *     1/y alone overflows), flushed to 0 below the normal range by
 *     div.approx, .ftz or not, but not by div.full (div.approx.f32 of -46.0
 *     by 0f7F7FFFFF is -0, div.full.ftz.f32 0x82380001: v15 immx 21825),
 *     then the product rounded to f32, flushed by .ftz (x / x of
 *     0x031dd13c is 0x3f7fffff; v6 seed 33916).  Where that product is a
 *     NaN (0 times inf, a NaN x) ptxas leaves an FMUL, without .FTZ, of x
 *     and the folded reciprocal: div.full.ftz of 0f00000041 by 0 is +inf
 *     (v15 immx 20263), of a NaN by 1.0 the canonical NaN (23755).  A NaN
 *     y it leaves to the MUFU.
 *
 * The values it knows (f32val): immediates and movs of them, integer
 * instructions of them (intevaluated), and add, sub and mul .f32 (.ftz and .sat alike, in the
 * default or .rn rounding), neg, abs, min and max .f32, cvt between floats
 * and from 32-bit integers, div.approx, div.full and the .approx
 * instructions above, of values it knows (rsqrt.approx.f32 of a mul.f32 of
 * two literals is a MOV).  Not fma or mad, nor .rz, .rm or .rp
 * arithmetic, div.rn, rcp.rn or sqrt.rn, copysign, max.NaN, nor a cvt
 * from a 64-bit integer: those run (an FFMA, an FMUL.RZ, an I2F.S64
 * before the MUFU in SASS).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "interp.h"
#include "fold.h"

static float
bitsf(uint32_t a)
{
	float x;

	memcpy(&x, &a, 4);
	return x;
}

static uint32_t
fbits(float x)
{
	uint32_t a;

	memcpy(&a, &x, 4);
	return a;
}

static int
nan32(uint32_t a)
{
	return (a & 0x7FFFFFFFu) > 0x7F800000u;
}

/* a subnormal as a zero of its sign */
static uint32_t
flush32(uint32_t a)
{
	return (a & 0x7F800000u) ? a : a & 0x80000000u;
}

/* 1/y rounded to 24 significant bits, f32's exponent range aside */
static double
rcp24(double y)
{
	double m;
	int e;

	if (y == 0 || isinf(y))
		return 1 / y;
	m = frexp(1 / y, &e);
	return ldexp(nearbyint(ldexp(m, 24)), e - 24);
}

/* div.approx or div.full .f32 of x (a) by y (b), as ptxas folds it */
static int
mufudiv(const Ins *in, uint32_t a, uint32_t b, uint32_t *r)
{
	int ftz = ir_hasmod(in, MOD_FTZ);
	double rc, q;
	uint32_t z;

	if (nan32(b))
		return 0;
	rc = rcp24(bitsf(ftz ? flush32(b) : b));
	if (ir_hasmod(in, MOD_APPROX) && fabs(rc) < 0x1p-126)
		rc = copysign(0, rc);
	if (!nan32(a)) {
		/* 24 bits times 24: exact in double, rounded once */
		q = (double)bitsf(ftz ? flush32(a) : a) * rc;
		if (!isnan(q)) {
			z = fbits((float)q);
			*r = ftz ? flush32(z) : z;
			return 1;
		}
	}
	/* rc is a zero or an infinity here, or x a NaN */
	*r = (uint32_t)alu_fmul(ALU_F32, a, fbits((float)rc), ALU_RN, 0);
	return 1;
}

/* The value ptxas folds instruction in (an .approx one of the list above,
 * or div.full) of the f32 bits a (and b, a division's y) to: 0 where it
 * leaves the MUFU to run. */
int
interp_fold_mufuval(const Ins *in, uint32_t a, uint32_t b, uint32_t *r)
{
	int ftz = ir_hasmod(in, MOD_FTZ);
	double x, q;
	uint32_t z;

	if (in->op == OP_DIV)
		return mufudiv(in, a, b, r);
	if (nan32(a))
		return 0;
	if (ftz || in->op == OP_SIN || in->op == OP_COS)
		a = flush32(a);
	x = bitsf(a);
	switch (in->op) {
	case OP_RCP:
		q = 1 / x;
		break;
	case OP_SQRT: case OP_RSQRT:
		if (x < 0)
			return 0;
		q = sqrt(x);
		if (in->op == OP_RSQRT)
			q = 1 / q;
		break;
	case OP_LG2:
		if (!(x > 0))
			return 0;
		q = log2(x);
		/* of a subnormal as the MUFU path computes it: lg2 of x * 2^24
		 * rounded to f32, less 24 rounded again (v15 immx 29776: of
		 * 0f00000021, 0xc30ff4a2, the correctly rounded 0xc30ff4a3) */
		if (!(a & 0x7F800000u))
			q = (float)((double)(float)log2(x * 0x1p24) - 24);
		break;
	case OP_EX2:
		q = exp2(x);
		break;
	case OP_SIN: case OP_COS:
		if (isinf(x))
			return 0;
		q = in->op == OP_SIN ? sin(x) : cos(x);
		break;
	default:
		return 0;
	}
	z = fbits((float)q);
	*r = ftz ? flush32(z) : z;
	return 1;
}

/* Is in one of the instructions whose f32 result interp_fold_mufuval
 * gives? */
static int
mufuop(const Ins *in)
{
	if (in->ty[0] != TY_F32 || in->nty != 1)
		return 0;
	switch (in->op) {
	case OP_DIV:
		return ir_hasmod(in, MOD_APPROX) || ir_hasmod(in, MOD_FULL);
	case OP_RCP: case OP_SQRT: case OP_RSQRT: case OP_LG2: case OP_EX2: case OP_SIN: case OP_COS:
		return ir_hasmod(in, MOD_APPROX);
	default:
		return 0;
	}
}

/* Does ptxas evaluate d, an integer ALU instruction of known sources of
 * 32 bits or fewer?  Not szext, bmsk, sad, prmt, lop3, dp4a, cvt.pack,
 * mad.hi or video instructions (SGXT, BMSK, VABSDIFF, PRMT, LOP3, IDP,
 * I2IP, IMAD.HI, VADD in sm_90 SASS of immediates; v15 immx 20809, 22463:
 * an rsqrt and a sin of szext of immediates run their MUFU), where mad.lo,
 * mad24.hi.sat, mul.hi, bfe, bfi, shf, popc, clz, bfind and the plain
 * arithmetic and logic fold. */
static int
intevaluated(const Ins *d)
{
	if (!isint(d->ty[0]) && ir_tyinfo[d->ty[0]].kind != TK_BIT)
		return 0;
	if (ir_tyinfo[d->ty[0]].bits > 32 || ir_hasmod(d, MOD_WIDE) || ir_hasmod(d, MOD_CC))
		return 0;
	switch (d->op) {
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_MUL24: case OP_MAD24: case OP_AND: case OP_OR: case OP_XOR:
	case OP_NOT: case OP_SHL: case OP_SHR: case OP_BFE: case OP_BFI: case OP_SHF: case OP_POPC: case OP_BREV:
	case OP_CLZ: case OP_BFIND: case OP_MIN: case OP_MAX: case OP_ABS: case OP_NEG:
		return 1;
	case OP_MAD:
		return ir_hasmod(d, MOD_LO);
	case OP_CVT:
		return d->nty == 2 && isint(d->ty[1]) && ir_tyinfo[d->ty[1]].bits <= 32;
	default:
		return 0;
	}
}

/* Does ptxas evaluate d, an ALU instruction of known sources?  A cvt to a
 * float from a 32-bit integer in the .rn rounding alone (I2FP.F32.S32.RZ,
 * I2F.U32.RM of immediates run). */
static int
evaluated(const Ins *d)
{
	int s = d->nty == 2 ? d->ty[1] : d->ty[0];

	if (mufuop(d) || intevaluated(d))
		return 1;
	/* a set into a 32-bit integer or f32 of f32 or integer sources (not
	 * of half pairs: v15 immx 23982, a sin of set.lt.bf16x2 runs) */
	if (d->op == OP_SET)
		return d->nopnd == 3 && d->nty == 2 && ir_tyinfo[d->ty[0]].bits == 32 &&
		    (isint(d->ty[0]) || ir_tyinfo[d->ty[0]].kind == TK_BIT || d->ty[0] == TY_F32) &&
		    ir_tyinfo[d->ty[1]].bits <= 32 && (isint(d->ty[1]) || ir_tyinfo[d->ty[1]].kind == TK_BIT ||
		    d->ty[1] == TY_F32);
	if (d->op == OP_CVT)
		return d->nty == 2 && ir_tyinfo[d->ty[0]].kind == TK_FLOAT && (ir_tyinfo[s].kind == TK_FLOAT ||
		    (isint(s) && ir_tyinfo[s].bits <= 32 && ir_hasmod(d, MOD_RN)));
	if (d->ty[0] != TY_F32 || d->nty != 1)
		return 0;
	switch (d->op) {
	case OP_ADD: case OP_SUB: case OP_MUL:
		return !ir_hasmod(d, MOD_RZ) && !ir_hasmod(d, MOD_RM) && !ir_hasmod(d, MOD_RP);
	case OP_NEG: case OP_ABS:
		return 1;
	case OP_MIN: case OP_MAX:
		return !ir_hasmod(d, MOD_NAN_PROP) && !ir_hasmod(d, MOD_XORSIGN) && !ir_hasmod(d, MOD_RELU);
	default:
		return 0;
	}
}

static int f32val(ptx_module *pm, const Func *f, int v, int depth, uint64_t *r);

/* source j of d, read as type ty, where ptxas knows it */
static int
opval(ptx_module *pm, const Func *f, const Ins *d, int j, int ty, int depth, uint64_t *r)
{
	const Opnd *o = &d->opnd[j];
	XOp x;

	if (o->kind == OK_IMM || o->kind == OK_FIMM) {
		if (interp_decode_op(pm, o, ty, &x) || x.k != XO_IMM)
			return 0;
		return *r = x.imm, 1;
	}
	return o->kind == OK_REG && f32val(pm, f, srcval(d, j), depth + 1, r);
}

/* The bits of value v where ptxas knows it (see the list above); not a
 * NaN.  A short walk: depth 8. */
static int
f32val(ptx_module *pm, const Func *f, int v, int depth, uint64_t *r)
{
	int w, n, bits, fmt;
	const Ins *d;
	uint64_t src[3], dst[2] = { 0, 0 };
	uint32_t cc = 0, z;
	AluOp op;
	const char *why;

	if (v < 0 || depth > 8 || !(d = defof(f, v, &w)) || d->guard || d->ndst != 1 || d->ndef != 1)
		return 0;
	bits = ir_tyinfo[f->regs[f->val[w].reg]->type].bits;
	if (bits > 64)
		return 0;
	if (d->op == OP_MOV)
		return d->nopnd == 2 && d->opnd[0].kind == OK_REG && ir_tyinfo[d->ty[0]].bits == bits &&
		    opval(pm, f, d, 1, d->ty[0], depth, r);
	if (d->nopnd < 2 || (n = d->nopnd - 1) > 3 || !evaluated(d))
		return 0;
	for (int i = 0; i < n; i++)
		if (!opval(pm, f, d, 1 + i, d->nty == 2 ? d->ty[1] : d->ty[0], depth, &src[i]))
			return 0;
	/* ptxas's own rules for a bfe.s32 and a bfi of fields it knows
	 * (foldint.c, kconst) */
	if (d->op == OP_BFE || d->op == OP_BFI)
		return bits == 32 && interp_fold_kconst(f, v, r);
	if (mufuop(d)) {
		if (!interp_fold_mufuval(d, (uint32_t)src[0], n > 1 ? (uint32_t)src[1] : 0, &z) || nan32(z))
			return 0;
		return *r = z, 1;
	}
	if (alu_decode(d, &op, &why) != 0 || op.ndst != 1 || op.nwords != 1 || op.negsrc || op.nsrc != n ||
	    (op.flags & (ALU_CCIN | ALU_CCOUT)))
		return 0;
	alu_exec(&op, src, dst, &cc);
	*r = bits == 64 ? dst[0] : dst[0] & ((1ull << bits) - 1);
	fmt = alu_fmt_of(d->ty[0]);
	return fmt < 0 || !alu_fisnan(fmt, *r);
}

/* The f32 bits of value v where ptxas knows them (f32val) */
int
interp_fold_f32val(ptx_module *pm, const Func *f, int v, uint32_t *r)
{
	uint64_t c;

	if (!f32val(pm, f, v, 0, &c))
		return 0;
	return *r = (uint32_t)c, 1;
}

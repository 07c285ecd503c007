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
 * The values it knows (f32val): immediates and movs of them, selps by an
 * immediate predicate or on a testp it decides (interp_fold_selknown),
 * integer instructions of them (intevaluated), add,
 * sub and mul .f32 (.ftz and .sat alike, in the default or .rn rounding,
 * but not .rn.sat), neg, abs, min and max .f32, slct.f32, set into a
 * word, cvt between floats in .rn or an integer rounding (to an f16x2
 * pair too, not to bf16x2: v15 immx 20143, 24078, an F2FP.BF16 of
 * immediates runs), cvt.rn to a float from a 32-bit integer, div.approx,
 * div.full and the .approx instructions above, of values it knows
 * (rsqrt.approx.f32 of a mul.f32 of two literals is a MOV).  Not fma or
 * mad, nor .rz, .rm or .rp arithmetic or cvts, div.rn, rcp.rn or sqrt.rn,
 * copysign, max.NaN, nor a cvt from a 64-bit integer: those run (an FFMA,
 * an FMUL.RZ, an I2F.S64 before the MUFU in sm_90 SASS).  Also a set of
 * f64 sources and one whose comparison decides it whatever its predicate
 * (run), a half of mov.b64 {lo, hi} of a value it knows, and clz, bfind
 * and popc of 64 bits; not min or max .relu, cvt.rpi or .rmi to an
 * integer, cvt of an f64 to s16, s8 or u8, nor cvt.satfinite, which run
 * (intevaluated, evaluated).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "interp.h"
#include "fold.h"

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
	/* a subnormal reciprocal is rounded twice: to 24 significant bits,
	 * then to f32's subnormal grid (v15 immx 376823, 272772: rcp.approx of
	 * -3.16424e38 is 0x802269ac, of -1.16616e38 0x805d6000, where the
	 * nearest are 0x802269ad and 0x805d6001; 232852: of 1.76148e38
	 * 0x003dd141, the nearest; sm_90 SASS stores the MOV) */
	case OP_RCP:
		q = 1 / x;
		if (!ftz && fabs(q) < 0x1p-126)
			q = rcp24(x);
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
 * 32 bits or fewer?  Not bmsk, sad, prmt, lop3, dp4a, cvt.pack, mad.hi,
 * madc or video instructions (BMSK, VABSDIFF, PRMT, LOP3, IDP, I2IP,
 * IMAD.HI, VADD in sm_90 SASS of immediates), nor szext but where it is a
 * copy, .clamp at 32 or more read as signed, or 0, .wrap at a multiple of
 * 32 (SGXT at a negative position: v15 immx 26904; SGXT.W
 * else; v15 immx 20809, 22463: an rsqrt and a sin of szext.wrap at 62 of
 * immediates run their MUFU), where mad.lo, mad24.hi.sat, mul.hi,
 * mad.wide.u16, bfe, bfi, shf, popc, clz, bfind, slct, cvt from a float
 * and the plain arithmetic and logic fold; the carry instructions too
 * (ccin). */
static int
intevaluated(const Ins *d)
{
	if (!isint(d->ty[0]) && ir_tyinfo[d->ty[0]].kind != TK_BIT)
		return 0;
	/* clz, bfind and popc of a 64-bit value give 32 bits (v15 immx
	 * 191678, 382568: an rsqrt of clz.b64 or bfind.shiftamt.u64 of a
	 * literal is folded, a MOV in the sm_90 SASS) */
	if (ir_tyinfo[d->ty[0]].bits > (ir_hasmod(d, MOD_WIDE) ? 16 : 32) &&
	    !((d->op == OP_CLZ || d->op == OP_BFIND || d->op == OP_POPC) && ir_tyinfo[d->ty[0]].bits == 64))
		return 0;
	switch (d->op) {
	case OP_ADD: case OP_SUB: case OP_ADDC: case OP_SUBC: case OP_MUL: case OP_MUL24: case OP_MAD24:
	case OP_AND: case OP_OR: case OP_XOR: case OP_NOT: case OP_SHL: case OP_SHR: case OP_BFE: case OP_BFI:
	case OP_SHF: case OP_POPC: case OP_BREV: case OP_CLZ: case OP_BFIND: case OP_ABS:
	case OP_NEG: case OP_SLCT: case OP_SZEXT:
		return 1;
	/* not .relu (VIMNMX.RELU of immediates runs: v15 immx 306850, 97662,
	 * 169350, a sin of max.relu.s32 of literals is a MUFU.SIN) */
	case OP_MIN: case OP_MAX:
		return !ir_hasmod(d, MOD_RELU);
	case OP_MAD:
		return ir_hasmod(d, MOD_LO) || ir_hasmod(d, MOD_WIDE);
	/* from a float to 32 bits or more, or from an f64 to u16 (F2I.U8,
	 * F2IP.U8.F32, F2I.S16 of immediates run: v15 immx 23678; F2I.S16.F64,
	 * F2I.S8.F64 and F2I.U8.F64 too, where cvt.rni and .rzi.u16.f64 are a
	 * MOV), in .rni or .rzi: F2I.CEIL and F2I.FLOOR of immediates run
	 * (v15 immx 42114, 47394, 59821: an rsqrt or lg2 of cvt.rpi.u32.f32,
	 * cvt.rpi.s16.f64, cvt.rmi.s16.f64 of a literal is a MUFU) */
	case OP_CVT:
		return d->nty == 2 && ir_tyinfo[d->ty[1]].bits <= 64 && (isint(d->ty[1]) ||
		    (ir_tyinfo[d->ty[1]].kind == TK_FLOAT && !ir_hasmod(d, MOD_RPI) && !ir_hasmod(d, MOD_RMI) &&
		    (ir_tyinfo[d->ty[0]].bits >= 32 || (d->ty[1] == TY_F64 && d->ty[0] == TY_U16))));
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
	/* a set into a 32-bit integer or f32 of f32, f64 or integer sources,
	 * 64-bit ones too (v15 5122: a sin of set.ne.f32.b64 of -48, -52 is sin
	 * 1.0 folded; 12793, 97746: of set.lt.f32.f64 and set.gtu.f32.f64 of
	 * literals), not of half pairs (v15 immx 23982: a sin of set.lt.bf16x2
	 * runs); one with a predicate where the comparison alone decides (run) */
	if (d->op == OP_SET)
		return (d->nopnd == 3 || d->nopnd == 4) && d->nty == 2 && ir_tyinfo[d->ty[0]].bits == 32 &&
		    (isint(d->ty[0]) || ir_tyinfo[d->ty[0]].kind == TK_BIT || d->ty[0] == TY_F32) &&
		    (((isint(d->ty[1]) || ir_tyinfo[d->ty[1]].kind == TK_BIT) && ir_tyinfo[d->ty[1]].bits <= 64) ||
		    d->ty[1] == TY_F32 || d->ty[1] == TY_F64);
	/* not in a directed rounding, nor .relu or .satfinite (v15 7392:
	 * cvt.rm.f32.f64 of 0.1 runs; 1248: cvt.rn.relu.f16x2.f32 of literals;
	 * 108331, 18337, 118850: cvt.rn.satfinite.f16x2.f32 of literals is an
	 * F2FP.SATFINITE that runs, and the sin of it a MUFU.SIN), but for
	 * tf32: cvt.rna.satfinite.tf32.f32 of a literal folds (v15 xmix
	 * 274426: a setp.geu.f32 of it against x picks by the FMNMX rules;
	 * sm_90 SASS of a cos.approx of it: no MUFU) */
	if (d->op == OP_CVT)
		return d->nty == 2 && (ir_tyinfo[d->ty[0]].kind == TK_FLOAT || d->ty[0] == TY_F16X2) &&
		    !ir_hasmod(d, MOD_RZ) && !ir_hasmod(d, MOD_RM) && !ir_hasmod(d, MOD_RP) && !ir_hasmod(d, MOD_RELU) &&
		    (!ir_hasmod(d, MOD_SATFINITE) || d->ty[0] == TY_TF32) &&
		    (ir_tyinfo[s].kind == TK_FLOAT ||
		    (isint(s) && ir_tyinfo[s].bits <= 32 && ir_hasmod(d, MOD_RN)));
	if (d->op == OP_SLCT)
		return d->ty[0] == TY_F32;
	if (d->ty[0] != TY_F32 || d->nty != 1)
		return 0;
	switch (d->op) {
	/* .sat, but not .rn.sat (v15 1243: sub.rn.ftz.sat.f32 of literals
	 * runs an FADD; sm_90 SASS: add.ftz.sat a MOV, add.rn.sat an FADD) */
	case OP_ADD: case OP_SUB: case OP_MUL:
		return !ir_hasmod(d, MOD_RZ) && !ir_hasmod(d, MOD_RM) && !ir_hasmod(d, MOD_RP) &&
		    !(ir_hasmod(d, MOD_RN) && ir_hasmod(d, MOD_SAT));
	case OP_NEG: case OP_ABS:
		return 1;
	case OP_MIN: case OP_MAX:
		return !ir_hasmod(d, MOD_NAN_PROP) && !ir_hasmod(d, MOD_XORSIGN) && !ir_hasmod(d, MOD_RELU);
	default:
		return 0;
	}
}

/* the type source j of d is read as */
static int
srcty(const Ins *d, int j)
{
	if ((d->op == OP_CVT || d->op == OP_SET) && d->nty == 2)
		return d->ty[1];
	if (d->op == OP_SLCT && d->nty == 2 && j == 3)
		return d->ty[1];
	return d->ty[0];
}

static int f32val(ptx_module *pm, const Func *f, int v, int depth, uint64_t *r);

/* source j of d where ptxas knows it: an integer immediate as written
 * (alu_exec truncates it; a mad.wide's addend is wide), a float one
 * decoded as type ty */
static int
opval(ptx_module *pm, const Func *f, const Ins *d, int j, int ty, int depth, uint64_t *r)
{
	const Opnd *o = &d->opnd[j];
	XOp x;

	if (o->kind == OK_IMM)
		return *r = (uint64_t)o->imm, 1;
	if (o->kind == OK_FIMM) {
		if (interp_decode_op(pm, o, ty, &x) || x.k != XO_IMM)
			return 0;
		return *r = x.imm, 1;
	}
	return o->kind == OK_REG && f32val(pm, f, srcval(d, j), depth + 1, r);
}

static int run(ptx_module *pm, const Func *f, const Ins *d, int k, int depth, uint64_t *dst, uint32_t *cc);

/* The carry flag that instruction k (of block blk) reads where ptxas
 * knows it, and it is 0: the last carry-out before it in the block, of an
 * instruction of known sources.  ptxas folds an addc or subc by it only
 * then, where the carry is 1 it keeps an IADD3.X (sm_90 SASS: addc after
 * add.cc of 0x40000000 and 1 is a MOV, of 0x40000000 and -1 an IADD3.X;
 * subc after sub.cc of immediates that borrow is a MOV, v15 immx 22330:
 * a sin of one is its folded value). */
static int
ccin(ptx_module *pm, const Func *f, int k, int depth)
{
	AluOp op;
	const char *why;
	uint64_t dst[2];
	uint32_t cc = 0;

	for (int j = k - 1; j >= 0 && j > k - 64 && f->ins[j]->blk == f->ins[k]->blk; j--) {
		const Ins *e = f->ins[j];
		if (e->op == OP_CALL)
			return 0;
		if (alu_decode(e, &op, &why) != 0 || !(op.flags & ALU_CCOUT))
			continue;
		return !e->guard && run(pm, f, e, j, depth + 1, dst, &cc) && cc == 0;
	}
	return 0;
}

/* Runs d (instruction k) on its sources, where ptxas knows them all:
 * *dst its result, *cc its carry-out.  A set's predicate (set.or, .and,
 * .xor with a third source) ptxas need not know where the comparison
 * alone decides, as an or of a true one or an and of a false one: the
 * result is the same for either value of the predicate (v15 immx 126215,
 * 29484, 49689: a cos or sin of set.ne.or.f32.b32 of two different
 * literals and a loaded predicate is cos 1.0 or sin 1.0 folded, a MOV in
 * the sm_90 SASS; set.ne.and of them with a predicate, 295565, runs). */
static int
run(ptx_module *pm, const Func *f, const Ins *d, int k, int depth, uint64_t *dst, uint32_t *cc)
{
	uint64_t src[4], r0 = 0;
	AluOp op;
	const char *why;
	int n = d->nopnd - 1, pred = d->op == OP_SET && n == 3, both = 0;

	if (depth > 6 || n < 1 || n > 4 || d->ndst != 1 || alu_decode(d, &op, &why) != 0 || op.ndst != 1 ||
	    op.nwords != 1 || (op.negsrc & ~(pred ? 4u : 0u)) || op.nsrc != n)
		return 0;
	for (int i = 0; i < n; i++)
		if (!opval(pm, f, d, 1 + i, srcty(d, 1 + i), depth, &src[i]) && !(both = pred && i == 2))
			return 0;
	if (d->op == OP_SZEXT && !(ir_hasmod(d, MOD_CLAMP) ? (int32_t)src[1] >= 32 : (src[1] & 31) == 0))
		return 0;
	*cc = 0;
	if ((op.flags & ALU_CCIN) && !ccin(pm, f, k, depth))
		return 0;
	if (both) {
		src[2] = 0, dst[0] = dst[1] = 0;
		alu_exec(&op, src, dst, cc);
		r0 = dst[0], src[2] = 1;
	}
	dst[0] = dst[1] = 0;
	alu_exec(&op, src, dst, cc);
	return !both || dst[0] == r0;
}

/* The bits of value v where ptxas knows it (see the list above); not a
 * NaN.  A short walk: depth 6 (each step reads up to four values). */
static int
f32val(ptx_module *pm, const Func *f, int v, int depth, uint64_t *r)
{
	int w, bits, fmt, kf;
	const Ins *d;
	uint64_t src[2] = { 0, 0 }, dst[2];
	uint32_t cc = 0, z;

	if (v < 0 || depth > 6 || !(d = defof(f, v, &w)) || d->guard || d->ndst != 1)
		return 0;
	/* a half of a 64-bit value it knows, mov.b64 {lo, hi} of a literal
	 * (v15 immx 14094, 109179, 146099: a sin or cos of the high or low
	 * word of one is folded, a MOV in the sm_90 SASS) */
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[0].kind == OK_VEC && d->opnd[0].nsub == 2 && d->ndef == 2 &&
	    ir_tyinfo[d->ty[0]].bits == 64) {
		if (!opval(pm, f, d, 1, d->ty[0], depth, r))
			return 0;
		*r = w == d->def[1] ? *r >> 32 : *r & 0xFFFFFFFFu;
		return 1;
	}
	if (d->ndef != 1)
		return 0;
	bits = ir_tyinfo[f->regs[f->val[w].reg]->type].bits;
	if (bits > 64)
		return 0;
	if (d->op == OP_MOV)
		return d->nopnd == 2 && d->opnd[0].kind == OK_REG && ir_tyinfo[d->ty[0]].bits == bits &&
		    opval(pm, f, d, 1, d->ty[0], depth, r);
	/* a selp by an immediate predicate is the source it picks */
	if (d->op == OP_SELP && d->nopnd == 4 && d->opnd[3].kind == OK_IMM)
		return opval(pm, f, d, d->opnd[3].imm ? 1 : 2, d->ty[0], depth, r);
	/* and so is a selp on a testp that ptxas decides (interp_fold_testpick;
	 * v1 seed 497746: sqrt.approx.ftz.f32 of selp.f32 x, 0f41750000 on
	 * testp.notanumber of tid & 31 is MOV 0x407a708b, the correctly
	 * rounded root, in sm_90 SASS; the MUFU.SQRT's is 0x407a708a) */
	if ((kf = interp_fold_testpick(f, d)) != 0)
		return opval(pm, f, d, kf, d->ty[0], depth, r);
	/* a set of x against itself, float or not, and a shift of 0 by any
	 * amount, which foldint.c's kconst knows (v1 seed 200288: sin.approx.ftz
	 * of ex2.approx of shr.b32 of set.lt.u32.f16 x, x by a loaded amount is
	 * sin 1.0 folded; kconst's other rules, an and with 0, an xor of x
	 * with x, ptxas applies after it folds the MUFU: v15 immx 10207) */
	kf = (d->op == OP_SET || d->op == OP_SHL || d->op == OP_SHR) && bits == 32 && d->nty >= 1 &&
	    (isint(d->ty[0]) || ir_tyinfo[d->ty[0]].kind == TK_BIT);
	/* cvt.rpi and .rmi to an integer run (intevaluated), but one to an
	 * unsigned integer of a negative value ptxas knows is its 0 (v15
	 * immx 170167: cos.approx.ftz of cvt.rmi.u32.f32 of -108.5, less
	 * 0x3f800000, is cos -4.0 folded, 0xbf275530 on an H200; sm_90 SASS
	 * of u16, u32 and u64 of -108.5 and -0.5: no F2I, no MUFU; of s16 and
	 * s32, both) */
	if (d->op == OP_CVT && d->nty == 2 && d->nopnd == 2 && (ir_hasmod(d, MOD_RPI) || ir_hasmod(d, MOD_RMI)) &&
	    (d->ty[0] == TY_U8 || d->ty[0] == TY_U16 || d->ty[0] == TY_U32 || d->ty[0] == TY_U64) &&
	    (d->ty[1] == TY_F32 || d->ty[1] == TY_F64) && opval(pm, f, d, 1, d->ty[1], depth, &src[0]) &&
	    !alu_fisnan(alu_fmt_of(d->ty[1]), src[0]) && src[0] >> (ir_tyinfo[d->ty[1]].bits - 1) & 1)
		return *r = 0, 1;
	if (d->nopnd < 2 || !evaluated(d))
		return kf && interp_fold_kconst(f, v, r);
	/* ptxas's own rules for a bfe.s32 and a bfi of fields it knows
	 * (foldint.c, kconst) */
	if (d->op == OP_BFE || d->op == OP_BFI)
		return bits == 32 && interp_fold_kconst(f, v, r);
	if (mufuop(d)) {
		for (int i = 0; i < d->nopnd - 1 && i < 2; i++)
			if (!opval(pm, f, d, 1 + i, TY_F32, depth, &src[i]))
				return 0;
		if (!interp_fold_mufuval(d, (uint32_t)src[0], (uint32_t)src[1], &z) || nan32(z))
			return 0;
		return *r = z, 1;
	}
	if (!run(pm, f, d, f->val[w].ins, depth, dst, &cc))
		return kf && interp_fold_kconst(f, v, r);
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

/*
 * interp/foldf32.c -- f32 rules of fold.c's kind whose condition is the
 * whole function, not the instruction and what defines its sources.
 *
 * Set masks pushed through neg and abs (interp_fold_setmask):
 * ptxas has a pass that holds the 0 / -1 masks of integer-destination
 * sets (and selp of -1, 0) as predicates and rewrites their readers as
 * selects; it runs where the function has a reader that wants the mask as
 * a predicate: an and, or, xor or not.b32 of a mask, or a slct by one, or
 * where a library routine it calls does (sqrt.rz, .rm, .rp.f64 and
 * rcp.rm, .rp.f64; not .rn, rcp.rz.f64, div.f64, 64-bit division).  Then
 * an unguarded neg.f32 or abs.f32 without .ftz of such a mask is no FADD:
 * ptxas folds the instruction for each of the mask's two values, as if it
 * were an integer neg or abs, and selects (sm_90 SASS: SEL R, RZ, 0x1, !P
 * for neg.f32 and abs.f32 of set.ne.s32.s32 x, y, where the FADD -R, -RZ
 * of the 0 / -1 register stands without such a reader), so the result is
 * 1 where the mask is -1 (not the canonical NaN) and +0 where it is 0
 * (not -0).  An f32-destination set (1.0 / 0.0) likewise: neg is FSEL R,
 * RZ, -1, !P, -1.0 or +0 (not -0); abs what the FADD gives.  With .ftz,
 * or guarded, the FADD.FTZ or FSEL of the register stays.  The pass
 * drops a mask only where it can rewrite every reader as a select
 * (maskreader); one that needs the value (a store, a mov, a cvt, an
 * add) keeps the register, and the neg its FADD.  Only a neg or abs whose
 * result goes to stores alone is taken so (storedonly).  A mask ptxas knows
 * (set.lt of a value with itself) is a constant whose neg or abs it folds
 * as floats (foldnegk, foldabsk: v14 xmix 17330, neg.f32 of
 * set.lt.u32.s64 x, x is -0 on an H200).  Records: v14
 * xmix seeds 22914 (abs.f32 of set.ne.and.s32.s32 read by an and.b32,
 * line 248: 1 on an H200), 24805 (neg.f32 of set.eq.s32.s32, a slct by a
 * set.ne.s32.u32 elsewhere: +0), 17738 (neg.f32 of set.le.f32.u32: +0),
 * 57182; v15 xmix 81485 (neg.f32 of a set.hi.u32.u32 in a kernel with
 * sqrt.rz.f64: +0).  Tested by tests/regress/neg-abs-f32-of-set-mask.ptx.
 */
#include <stdint.h>
#include <string.h>
#include "interp.h"
#include "fold.h"

/* Is v a 32-bit set mask to ptxas's pass: an unguarded set with a .u32
 * or .s32 destination (0 or -1), or an unguarded selp of -1 and 0 (1: an
 * integer mask), or an unguarded set with an .f32 destination (2)?  0
 * otherwise. */
static int
maskof(const Func *f, int v)
{
	/* the set itself, not a copy, whose other readers would count too
	 * (v15 xmix 257141: neg.f32 of selp.f32 x, x of an f32 set that two
	 * setp.f32 read, the FADD's -0 on an H200) */
	const Ins *d = v >= 0 && v < f->nval && f->val[v].ins >= 0 ? f->ins[f->val[v].ins] : NULL;
	uint64_t c;

	/* not one ptxas knows (set.lt of a value with itself: kconstint),
	 * whose neg or abs it folds as the float constant (foldnegk) */
	if (!d || d->guard || d->ndef != 1 || interp_fold_kconstint(f, v, &c))
		return 0;
	/* (an integer-destination set of a 16-bit compare is none: its SEL
	 * of 0 and -1 stays and the neg.f32 its FADD, whose NaN is the
	 * canonical one; sm_90 SASS of set.ge.u32.u16, .u32.s16, .u32.b16
	 * of a loaded half with an and.b32 of a 32-bit set's mask beside it,
	 * which that pass makes a SEL by its predicate; v14 xmix 10941, line
	 * 128: neg.f32 of set.ge.u32.u16 -5, h, 0x7fffffff on an H200; an
	 * .f32 destination is one: FSEL R, RZ, -1, !P for set.gt.f32.u16;
	 * tests/regress/neg-f32-of-set-mask-16bit.ptx) */
	if (d->op == OP_SET && d->nty == 2 && d->ndst == 1 && ir_tyinfo[d->ty[1]].bits == 16 && d->ty[0] != TY_F32)
		return 0;
	if (d->op == OP_SET && d->nty == 2 && d->ndst == 1)
		return d->ty[0] == TY_U32 || d->ty[0] == TY_S32 ? 1 : d->ty[0] == TY_F32 ? 2 : 0;
	if (d->op == OP_SELP && d->nopnd == 4 && d->nty == 1 && ir_tyinfo[d->ty[0]].bits == 32 &&
	    ir_tyinfo[d->ty[0]].kind != TK_FLOAT && d->opnd[1].kind == OK_IMM && d->opnd[2].kind == OK_IMM &&
	    (uint32_t)d->opnd[1].imm == 0xFFFFFFFFu && d->opnd[2].imm == 0)
		return 1;
	return 0;
}

/* Does instruction m make ptxas run its mask pass (see above)? */
static int
masktrigger(const Func *f, const Ins *m)
{
	if ((m->op == OP_AND || m->op == OP_OR || m->op == OP_XOR || m->op == OP_NOT) && m->nty == 1 &&
	    m->ty[0] == TY_B32) {
		for (int i = m->ndst; i < m->nopnd; i++)
			if (maskof(f, srcval(m, i)) == 1)
				return 1;
		return 0;
	}
	/* (not a slct of one value twice, a copy to ptxas: v15 xmix 400606,
	 * abs.f32 of a set.eq.xor.s32.f32 mask that only such a slct.ftz
	 * reads beside it, the FADD's 0x7fffffff on an H200) */
	if (m->op == OP_SLCT && m->nopnd == 4 && m->nty == 2 && ir_tyinfo[m->ty[1]].bits == 32)
		return maskof(f, srcval(m, 3)) == 1 && !same(m, 1, m, 2);
	if ((m->op == OP_SQRT || m->op == OP_RCP) && m->nty == 1 && m->ty[0] == TY_F64)
		return ir_hasmod(m, MOD_RM) || ir_hasmod(m, MOD_RP) || (m->op == OP_SQRT && ir_hasmod(m, MOD_RZ));
	return 0;
}

/* Can ptxas's mask pass rewrite m, a reader of mask v, as a select of
 * the mask's predicate?  An and, or or not.b32, an xor.b32 of two
 * registers (of a 0 / -1 mask: an f32 set's 1.0 they read as bits; v15
 * xmix 322832, an xor.b32 of set.lo.f32.u32 kept its FSEL and the neg its
 * FADD), a neg, abs or 0 - v of .s32, a setp.ne or .eq against 0, a
 * slct by it, neg.f32 and abs.f32 without .ftz (sm_90 SASS: the neg.f32
 * of the mask stays an FADD where it is also stored, moved, shifted,
 * converted, added, read with .ftz, by a selp as a value or by an xor with
 * an immediate; v14 xmix 14405: a mov.b32 and a store of the mask beside
 * an and.b32, the FADD's 0x7fffffff on an H200; 32583, a cvt.rm.f32.s32
 * and an add.bf16x2, -0). */
static int
maskreader(const Ins *m, int v, int kind)
{
	if (m->guard)
		return 0;
	switch (m->op) {
	case OP_AND: case OP_OR: case OP_NOT:
		return kind == 1 && m->nty == 1 && m->ty[0] == TY_B32;
	case OP_XOR:
		return kind == 1 && m->nty == 1 && m->ty[0] == TY_B32 && m->nopnd == 3 && srcval(m, 1) >= 0 &&
		    srcval(m, 2) >= 0;
	case OP_NEG: case OP_ABS:
		if (m->nty == 1 && m->ty[0] == TY_S32)
			return 1;
		return m->nty == 1 && m->ty[0] == TY_F32 && !ir_hasmod(m, MOD_FTZ);
	case OP_SUB:
		return m->nty == 1 && m->ty[0] == TY_S32 && m->nopnd == 3 && m->opnd[1].kind == OK_IMM &&
		    m->opnd[1].imm == 0 && srcval(m, 2) == v;
	case OP_SETP:
		/* (of .f32 against 0.0 too: v15 xmix 291700, setp.eq.f32 of
		 * set.gt.or.f32.f64 and 0f00000000 beside a slct by it, the
		 * neg +0 on an H200) */
		if (m->nty != 1 || m->ndst != 1 || m->nopnd != 3 || srcval(m, 1) != v ||
		    (!ir_hasmod(m, MOD_NE) && !ir_hasmod(m, MOD_EQ)))
			return 0;
		if (m->ty[0] == TY_F32)
			return m->opnd[2].kind == OK_FIMM && (m->opnd[2].fbits & 0x7FFFFFFFFFFFFFFFull) == 0;
		return isint(m->ty[0]) && ir_tyinfo[m->ty[0]].bits == 32 && m->opnd[2].kind == OK_IMM &&
		    m->opnd[2].imm == 0;
	case OP_SLCT:
		return m->nopnd == 4 && srcval(m, 3) == v && srcval(m, 1) != v && srcval(m, 2) != v;
	default:
		return 0;
	}
}

/* Does every reader of v let the pass drop the mask's register? */
static int
maskreaders(const Func *f, int v, int kind)
{
	if (v < 0 || v >= f->nval || !f->rdoff)
		return 0;
	for (int r = f->rdoff[v]; r < f->rdoff[v + 1]; r++)
		if (!maskreader(f->ins[f->rd[r]], v, kind))
			return 0;
	return 1;
}

/* Do stores alone read what in writes?  A float reader may take the neg
 * or abs as an operand modifier, and the FADD of the mask stays (v15
 * xmix 395499: abs.f32 of a set.num.u32.f64 mask beside an and.b32,
 * read by a selp.f32 of it twice and a cvt.rz.ftz.sat.f16.f32 of that,
 * the FADD's 0x7fffffff on an H200); those were not measured. */
static int
storedonly(const Func *f, const Ins *in)
{
	int v = in->ndef == 1 ? in->def[0] : -1;

	if (v < 0 || v >= f->nval || !f->rdoff)
		return 0;
	for (int r = f->rdoff[v]; r < f->rdoff[v + 1]; r++)
		if (f->ins[f->rd[r]]->op != OP_ST)
			return 0;
	return 1;
}

int
interp_fold_setmask(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	int kind, t = 0;
	XOp *ns;

	if ((in->op != OP_NEG && in->op != OP_ABS) || in->ty[0] != TY_F32 || in->guard || ir_hasmod(in, MOD_FTZ) ||
	    in->nopnd != 2 || xi->ns != 1 || xi->s[0].k != XO_REG || !(kind = maskof(f, srcval(in, 1))) ||
	    (kind == 2 && in->op == OP_ABS) || !maskreaders(f, srcval(in, 1), kind) || !storedonly(f, in))
		return 0;
	/* the scan once per function (XFunc.masktrig): a kernel of many such
	 * negs must not make loading quadratic */
	if (!xi->fn || xi->fn->f != f)
		return 0;
	if (!xi->fn->masktrig) {
		for (int j = 0; j < f->nins && !t; j++)
			t = masktrigger(f, f->ins[j]);
		xi->fn->masktrig = t ? 1 : 2;
	}
	if (xi->fn->masktrig != 1)
		return 0;
	if (!(ns = interp_realloc(pm->cx, xi->s, 2 * sizeof *xi->s)))
		return -1;
	xi->s = ns;
	/* the low word of x * K: 1 or 0 of the -1 or 0 mask (K = -1), and
	 * 0xbf800000 or 0 of 1.0 or 0.0 (K = 257) */
	xi->s[1] = (XOp){ .k = XO_IMM, .imm = kind == 1 ? 0xFFFFFFFFu : 257 };
	xi->ns = 2;
	xi->alu.op = OP_MUL;
	xi->alu.ty = TY_U32;
	xi->alu.nsrc = 2;
	xi->alu.flags = 0;
	xi->alu.negsrc = 0;
	return 1;
}

/*
 * interp/foldint.c -- ptxas's simplifications of integer instructions that
 * change a result (fold.c has the others and the list; each rule here
 * reads the same way).
 *
 *   - add.sat.s32 and sub.sat.s32 cancel a term with the wrapping add or
 *     sub (.cc or not) that defines an operand, a copy of the other
 *     operand or a neg.s32 of it among the terms, unless that add or sub
 *     cancels one of its own first (foldsat, relsign, innercancel); an
 *     add.sat of two products with a factor in common is the wrapped sum
 *     (satfactor); a constant and an add or sub of a constant that
 *     nothing else reads saturate once, the constants gathered
 *     (satgather); a sub.sat of an f32 NaN ptxas knows adds 0x7fffffff.
 *   - abs.s16 and neg.s16 results (a sub.s16 from a known 0 too) read
 *     sign-extended, and f16/bf16 set results of halves of their own
 *     format with a BoolOp by mul.wide, mul.hi, shr (not by 16 or more),
 *     sad, set and setp .u16 as both halves of their register (foldw16,
 *     wide16, halfset).
 *   - a 64-bit shl or shr by an amount an f32 instruction wrote converts
 *     it as an f32 first (foldshamt).
 *   - slct.s32.s32 of -x tests x <= 0; any other slct of abs.s32 x is a,
 *     and so is a slct into another type than f32 of an f32 whose sign
 *     ptxas knows, abs.f32 x or x * x (foldslct).
 *   - mad.hi.sat.s32 of operands a mul.lo (or a later mad.wide) also
 *     multiplies, registers loaded from one .const word alike, drops the
 *     .sat, where no other multiply, division or fence stands between
 *     them (foldmadhi, sameconst, mulapart).
 *   - cvt.sat from s32 of a neg.s32 or abs.s32 result saturates the
 *     exact -x or |x|, INT_MIN read as +2^31; cvt.sat.s8 and .s16 .u32 of
 *     a cnot.b32 result give the minimum for a 1 (interp_fold_satexact,
 *     called by fold.c).
 *   - a 16-bit shl or unsigned shr by a cnot.b32 result (foldcnot), or
 *     by an element of a vector ld.s8, taken as signed (foldshs8).
 *   - bfi.b32 into a base ptxas knows keeps the manual's rule (foldbfi);
 *     bfi.b32 and bfe.s32 of fields it knows fold by its rule for
 *     immediates (bfiknown, foldbfek); all by kconst, the 32-bit values
 *     it knows (a mov of an immediate among them, of an f32 literal, a
 *     word of an f64 one, a pack of two b16 ones), which takes a bfe.s32
 *     for what its own fold gives (bfeimm); a bfe.s32 of a source it
 *     computes (bfesrcknown: min, max, mad.lo, the .approx.ftz MUFU
 *     instructions, div.full, a set of floats, not a NaN: bfefone; an
 *     and, mul, mad or dp4a by a 0 it knows: bfeabsorb; a cvt.f32 of a
 *     known bf16 or f16 half; a selp.f32 by a setp.f32 it decides:
 *     bfesetpf; an integer set or an xor of a value with itself, a shift
 *     of it by 0 too: shift0; neg and abs.f64; an instruction under a
 *     guard it decides: kguard) has the manual's result.  kconst, for
 *     the fields and bases of bfe.s32 and bfi.b32 and the lop3 merges
 *     (klit), knows what ptxas's known-bits analysis does (kbits: not
 *     of a shr.u32 its one add reads, a LEA.HI first: leahi), a selp of
 *     two arms of one constant and a mov.b16 of an immediate.  What only
 *     that analysis knows is the later pass's: a bfe.s32's known source
 *     where that pass folds the bfe (bfefieldkbits), and a neg.ftz or
 *     abs.ftz.f32 of it an FADD.FTZ (kbitsonly, interp_fold_ftzlate).
 *   - and/or/xor merged with a lop3 of a repeated operand, or of a copy
 *     of one, or of the lop3's constant in another form (foldlop,
 *     lopsame).
 *   - rem.s32 of an abs.s32 result is unsigned (foldabsrem).
 *   - sub.cc.s64 of an abs.s64 result adds its negation: no carry out
 *     where it is 0 (foldsubabs).
 *   - min.s32 of a known 0 and a max.u32 of it is 0, and so is max.u32
 *     of one and a min.s32 of it (foldabsorb).
 *   - cnot.b32 of an f32 set.ftz is the opposite compare without .ftz
 *     (foldcnotset).
 *   - fns.b32 whose offset is an f32 set.ftz tests it against 0 by the
 *     set's compare without .ftz (foldfnsset).
 *   - neg.s32 of a set's f32 that ptxas makes a select of 1.0 is the
 *     select of -1.0 (interp_fold_negset), and of an f32 NaN it holds as a float
 *     the canonical NaN (nanknown).
 *   - sub.s32/.u32 of such a NaN adds 0x7fffffff (foldsubnan); an add,
 *     sub or mul .f32 is one where it reads a value ptxas holds as the
 *     integer 0x7fffffff: a mov of it, an integer constant, a saturating
 *     cvt.s32 of a float literal, a neg.f32 or min.NaN of literals, an
 *     .rn.f32 add, sub or mul of known values that is a NaN (cnanint,
 *     rnnan, cvtsatmax).
 *   - bfi.b32 of immediate fields into an and.b32 with an immediate mask,
 *     its only reader, that keeps every bit outside the manual's field
 *     reads the and's source: ptxas drops the and, then inserts by the
 *     mask rule (bfiandbase).
 *   - slct.s32.s32 by a known c tests it as an f32 (foldslct), the
 *     literals ptxas propagates and selps by setps it decides (of a
 *     register with itself too) known (slctklit), but a sub.sat.s32
 *     result as the integer (slctsubsat).
 *   - neg.s32 of a set's f32 read by several negations (through movs
 *     too) folds into one select of -1.0 (negreaders, interp_fold_negset).
 *   - cvt.pack.sat is no value ptxas knows (an I2IP at run time), and a
 *     set of a literal it propagates is (interp_fold_kconstf); a guarded
 *     instruction it knows dead is skipped (interp_fold_livedef).
 *   - and.b16 of a tanh.approx.f16 or ex2.approx.f16 result and an
 *     immediate or mov'd constant is that result (andmufu); an add, sub
 *     or mul .f32 of a selp that picks the literal 0f7FFFFFFF is that
 *     literal to nanknown (selpnanlit).
 *   - a zero-extending read of the low byte or half of a prmt.b32, or
 *     an and.b32 of it with a mask of whole bytes keeping byte 0, whose
 *     selector nibbles there are all 4 or more takes a as 0
 *     (interp_fold_prmtlow, called by fold.c).
 */
#include <string.h>

#include "interp.h"
#include "fold.h"

static int kconst(const Func *f, int v, int depth, uint64_t *r);
static uint32_t kzero(const Func *f, int v, int depth);
static void kbits(const Func *f, int v, int depth, uint32_t *z, uint32_t *o);
static int kandand(const Func *f, const Ins *d);
/* kconst takes movs of f64 immediates for known (interp_fold_kconst64) */
static _Thread_local int kf64;
/* kbits is walking (kconst asks it only from the top) */
static _Thread_local int kbitsin;
/* kconst asks no kbits (kbitsonly) */
static _Thread_local int kbitsoff;
/* kbits combined a value whose bits it knows only in part (kbitsonly) */
static _Thread_local int kbitspart;
/* kconst takes no f16x2 or bf16x2 instruction's result for known */
static _Thread_local int knohalf2;
/* kconst takes a selp by a setp it decides for known (kselp) */
static _Thread_local int kselk;
/* ksetpval decides an integer setp of a register with itself (slctklit) */
static _Thread_local int kselfp;
/* bfesrcknown asks of ptxas's later pass, which knows what its early one
 * does not (bfefieldlate) */
static _Thread_local int kbfelate;
/* kconst takes the movs of float literals and of b16 pairs ptxas
 * propagates for known (klit): asked for the fields and bases of bfe.s32
 * and bfi.b32 only, as the other folds' readers of such a value were not
 * measured */
static _Thread_local int klit;
/* how many definitions back kconst walks: 6, 8 for interp_fold_dconstdeep, 12 for kconstlit */
static _Thread_local int kdepth = 6;
/* interp_fold_dconstdeep's walk: the high words early64 adds, and the
 * add.cc and sub.cc of literals ptxas folds (kconst) */
static _Thread_local int kwhole;
static int bfeimm(const Func *f, const Ins *d, int k, int depth);
static int bfesrcknown(const Func *f, int v, int k, int depth);
static int kbitsonly(const Func *f, int v);
static int wordsk(const Func *f, int v, int need, int depth);
static int kconstf64src(const Func *f, int v, int depth, uint64_t *r);
static int earlystop(const Func *f, int i, int k);
static int nanknown(ptx_module *pm, const Func *f, int v, int depth, int rnd);

/* How operand a of ia stands to operand b of ib for ptxas: 1 where they
 * read one value, copies of one too (copyroot: v10 seed 8608 tmap, an
 * add of a shr.b32 by 46 and x is x), -1 where a reads a neg.s32 of b's
 * value, which ptxas takes for b negated (v10 seed 5991 tmap), else 0.
 * (Not where b reads the neg: foldsat.) */
static int
relsign(const ptx_module *pm, const Func *f, const Ins *ia, int a, const Ins *ib, int b)
{
	int va = srcval(ia, a), vb = srcval(ib, b), w, u;
	const Ins *n;

	if (same(ia, a, ib, b))
		return 1;
	if (va < 0 || vb < 0)
		return 0;
	vb = interp_fold_copyroot(pm, f, vb);
	if (interp_fold_copyroot(pm, f, va) == vb)
		return 1;
	/* through a neg of a neg too (sm_90 SASS: x +.sat (y - -(-x)) is y) */
	for (int sg = -1, i = 0; i < 4 && (n = defof(f, va, &w)) && !n->guard && n->op == OP_NEG &&
	     n->ty[0] == TY_S32 && n->nopnd == 2 && (u = srcval(n, 1)) >= 0; sg = -sg, i++) {
		if (interp_fold_copyroot(pm, f, u) == vb)
			return sg;
		va = u;
	}
	return 0;
}

/* add.sat/sub.sat.s32 c whose operand k (1 or 2) is the add or sub d of
 * t1 and t2 (its operands 1 and 2): the index in d of the term that is
 * left when the other cancels against c's other operand A, with *neg its
 * sign; 0 when nothing cancels.  c is sa * A + sd * d and d t1 + e * t2:
 * a term r * A (relsign) cancels where sa + sd * r times its sign in d
 * is 0; so (t1 + t2) - t1 = t2, t1 - (t1 - t2) = t2, (t1 - t2) + t2 = t1,
 * and (-A + t2) + A = t2 (sm_90 SASS: the wrapping sum's register stored
 * for the add.sat; v10 seed 5991 tmap). */
static int
cancel(const ptx_module *pm, const Func *f, const Ins *c, const Ins *d, int k, int *neg)
{
	int o = k == 1 ? 2 : 1, e[3] = { 0, 1, d->op == OP_SUB ? -1 : 1 };
	int sa = c->op == OP_SUB && k == 1 ? -1 : 1, sd = c->op == OP_SUB && k == 2 ? -1 : 1;

	*neg = 0;
	for (int i = 1; i <= 2; i++) {
		int r = relsign(pm, f, d, i, c, o);
		if (r && sa + sd * e[i] * r == 0)
			return *neg = sd * e[3 - i] < 0, 3 - i;
	}
	return 0;
}

/* Is d an unguarded wrapping add or sub of two 32-bit integers (.cc or
 * not, no .sat): a term list foldsat's rules read? */
static int
wrapaddsub32(const Ins *d)
{
	return d && (d->op == OP_ADD || d->op == OP_SUB) && !d->guard && d->nopnd == 3 && d->nty == 1 &&
	       (d->ty[0] == TY_S32 || d->ty[0] == TY_U32) && !ir_hasmod(d, MOD_SAT);
}

/* Does add or sub d cancel a term itself, an operand the add or sub of
 * that term (cancel)?  ptxas simplifies it first, and the add.sat that
 * reads it then saturates what is left with its other operand, cancelling
 * nothing more: add.sat.s32 of (x + x) - x and x is x +sat x (sm_90 SASS:
 * the PLOP3 test of x and x; v15 dag 451248 on an H100, where cancelling
 * at the add.sat left the wrapped x + x).  That is PTX's answer. */
static int
innercancel(const ptx_module *pm, const Func *f, const Ins *d)
{
	int n, w;

	/* not an add.cc or sub.cc, whose carry ptxas keeps computing: the
	 * sum stays, and the add.sat's cancel comes first (v1 seed 811277:
	 * sub.sat.s32 of add.cc x, y - x and y - x is x on an H100) */
	if (ir_hasmod(d, MOD_CC))
		return 0;
	for (int i = 1; i <= 2; i++) {
		const Ins *e = defof(f, srcval(d, i), &w);
		if (wrapaddsub32(e) && cancel(pm, f, d, e, i, &n))
			return 1;
	}
	return 0;
}

/* sub.sat.s32 c of a mad24.hi d (oi: which operand of c) whose addend is
 * c's other operand: the addend cancels, and what remains is d's product
 * (oi 1) or 0 -.sat it (oi 2), a mul24.hi of d's factors (imm 1: negated
 * and saturated, alu_int.c); seeds 34038, 79512. */
static int
foldsat24(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, const Ins *d, int w, int oi, int k)
{
	int u;
	XOp a, b;

	if (in->op != OP_SUB || d->nopnd != 4 || !ir_hasmod(d, MOD_HI) || ir_hasmod(d, MOD_SAT) || d->guard ||
	    !same(d, 3, in, oi == 1 ? 2 : 1))
		return 0;
	for (int i = 1; i <= 2; i++)
		if (d->opnd[i].kind != OK_IMM && ((u = srcval(d, i)) < 0 || !holds(f, u, f->val[w].ins, k)))
			return 0;
	if (interp_decode_op(pm, &d->opnd[1], d->ty[0], &a) || interp_decode_op(pm, &d->opnd[2], d->ty[0], &b))
		return 0;
	xi->s[0] = a;
	xi->s[1] = b;
	xi->alu.op = OP_MUL24;
	xi->alu.ty = d->ty[0];
	xi->alu.flags = ALU_HI;
	xi->alu.imm = oi == 2;
	return 1;
}

/* Is operand o of in a 32-bit constant ptxas knows (*c)? */
static int
satconst(const Func *f, const Ins *in, int o, uint64_t *c)
{
	int v = srcval(in, o);

	if (in->opnd[o].kind == OK_IMM)
		return *c = (uint64_t)in->opnd[o].imm & 0xFFFFFFFFu, 1;
	if (v < 0 || !kconst(f, v, 0, c))
		return 0;
	*c &= 0xFFFFFFFFu;
	return 1;
}

/* Is value v a product ptxas may factor, and which kind: 1 an IMAD (an
 * unguarded mul.lo.s32 or .u32, or a mul24.lo by a constant, which ptxas
 * makes an IMAD), 2 a mul.wide.u16?  0 else, and for a mul.lo or mul24.lo
 * by a power of two, which becomes a shift (x * 2 + y * 2 saturates).
 * *dp the instruction. */
static int
factorable(const Func *f, int v, const Ins **dp)
{
	int w, k = 0;
	uint64_t c;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (!d || (d->op != OP_MUL && d->op != OP_MUL24) || d->guard || d->nopnd != 3 || d->nty != 1)
		return 0;
	if (d->op == OP_MUL && ir_hasmod(d, MOD_WIDE) && d->ty[0] == TY_U16)
		return *dp = d, 2;
	if (!ir_hasmod(d, MOD_LO) || (d->ty[0] != TY_S32 && d->ty[0] != TY_U32))
		return 0;
	for (int i = 1; i <= 2; i++)
		if (satconst(f, d, i, &c)) {
			if ((c & (c - 1)) == 0)
				return 0;
			k = 1;
		}
	if (d->op == OP_MUL24 && !k)
		return 0;
	return *dp = d, 1;
}

/* Do factor i of a and factor j of b read one value (copies alike), or
 * constants ptxas knows to be equal (*k 1 then)? */
static int
samefactor(const ptx_module *pm, const Func *f, const Ins *a, int i, const Ins *b, int j, int *k)
{
	int u = srcval(a, i), v = srcval(b, j);
	uint64_t x, y;

	*k = satconst(f, a, i, &x) && satconst(f, b, j, &y);
	if (*k)
		return x == y;
	if (u >= 0 && v >= 0)
		return interp_fold_copyroot(pm, f, u) == interp_fold_copyroot(pm, f, v);
	return 0;
}

/* add.sat.s32 of two products with a factor in common, x * y and x * z:
 * ptxas factors the sum, x * (y + z), and drops the saturation, so the
 * result is the wrapped sum, which that product is (sm_90 SASS: IADD3 of
 * y and z, then IMAD by x, no PLOP3 and SEL; v1 seed 728430, add.sat of
 * mul.lo r15, r15 and r15, r20, stored wrapped on an H100).  The products
 * are mul.lo.s32 or .u32 in any mix, or mul24.lo by a constant, which
 * ptxas makes the same IMAD (then the constant must be the common
 * factor: mul24.lo x * 3 + x * 5 saturates, x * 3 + y * 3 does not;
 * v15 dag 729910), or both mul.wide.u16 of a loaded factor.  Not one
 * product read twice (x * y +.sat x * y of one register saturates), nor
 * for sub.sat, mul.wide.s16, mul.hi, mul24.lo of registers, mad, or a
 * product by a power of two, which ptxas makes a shift first: those sums
 * saturate.
 * tests/regress/add-sat-reassociated.ptx. */
static int
satfactor(const ptx_module *pm, const Func *f, const Ins *in)
{
	const Ins *a, *b, *d;
	int ka = factorable(f, srcval(in, 1), &a), kb = factorable(f, srcval(in, 2), &b), kc, w;

	if (!ka || ka != kb || a == b)
		return 0;
	for (int i = 1; i <= 2; i++)
		for (int j = 1; j <= 2; j++) {
			if (!samefactor(pm, f, a, i, b, j, &kc) || (!kc && (a->op == OP_MUL24 || b->op == OP_MUL24)))
				continue;
			/* of 16-bit factors, a loaded one alone, which ptxas
			 * knows is zero-extended (LDG.U16): one it computed is
			 * extended for each product apart, and the sum
			 * saturates (v1 seed 218546: mul.wide.u16 by a max.u16
			 * and a rem.u16 result; an add.u16's or a neg.s16's
			 * alike, sm_90 SASS) */
			if (ka == 2 && (!(d = defof(f, srcval(a, i), &w)) || (d->op != OP_LD && d->op != OP_LDU)))
				continue;
			return 1;
		}
	return 0;
}

/* add.sat.s32 or sub.sat.s32 (instruction k) of a constant c (not 0) and
 * a value t + c1 or t - c1 that a wrapping add or sub computes for it
 * alone (its one reader; .cc or not), or c1 - t: ptxas gathers the
 * constants first and saturates t + (c1 + c) once, t's sign as it stands
 * (sm_90 SASS: VIADD of t and 0xc with the PLOP3 overflow test of t and
 * 0xc, for add.sat of add x, 5 and 7, where PTX adds 5 wrapping and then
 * 7 saturating: x = INT_MAX - 2 gives INT_MAX, not INT_MIN + 9; IADD3 of
 * -t and the sum, tested as a subtraction, for c1 - t).  A chain of such
 * adds gathers all its constants, down to a neg.s32 of the value, taken
 * as -x; one read elsewhere, guarded, saturating, or reached through
 * c1 - t stops it, and so does a mad.lo, even of constants kconst knows
 * (v15 dag 882886: of a mul.lo of a mad.hi.sat ptxas computes at run
 * time).  sub.sat of the constant minus the sum, of INT_MIN, and a 0
 * (which ptxas drops first, the sum PTX's), do not gather.  *x the value
 * (the operand that reads it) and *neg its sign; *sum the constant; 0
 * where nothing gathers.
 * tests/regress/add-sat-reassociated.ptx. */
static int
satgather(const Func *f, const Ins *in, int k, const Opnd **x, int *neg, uint64_t *sum)
{
	uint64_t c, c1;
	int o, v, w, sg = 1, at = -1, n;
	const Ins *d;
	const Opnd *xo = NULL;

	for (o = 2; o >= 1; o--)
		if ((in->op == OP_ADD || o == 2) && satconst(f, in, o, &c) && c != 0)
			break;
	/* a sub.sat of INT_MIN, whose negation is itself, stays a
	 * subtraction of it from the sum (v15 dag 57086, v13 dag 5722) */
	if (o < 1 || (v = srcval(in, 3 - o)) < 0 || (in->op == OP_SUB && c == 0x80000000u))
		return 0;
	c = in->op == OP_SUB ? (uint32_t)-c : c;
	for (n = 0; n < 8; n++) {
		int t, ci;
		if (!wrapaddsub32(d = defof(f, v, &w)) || f->phird[w] || f->rdoff[w + 1] - f->rdoff[w] != 1)
			break;
		for (ci = 2; ci >= 1; ci--)
			if (satconst(f, d, ci, &c1))
				break;
		if (ci < 1 || (t = srcval(d, 3 - ci)) < 0)
			break;
		if (d->op == OP_SUB && ci == 2)
			c1 = (uint32_t)-c1;
		c = (uint32_t)(c + c1);
		at = f->val[w].ins;
		v = t;
		xo = &d->opnd[3 - ci];
		if (d->op == OP_SUB && ci == 1) {   /* c1 - t: t as it is */
			sg = -1;
			break;
		}
	}
	if (at < 0)
		return 0;
	if (sg > 0 && (d = defof(f, v, &w)) && !d->guard && d->op == OP_NEG && d->nopnd == 2 && d->nty == 1 &&
	    d->ty[0] == TY_S32 && (o = srcval(d, 1)) >= 0) {
		at = f->val[w].ins;
		v = o;
		xo = &d->opnd[1];
		sg = -1;
	}
	if (!holds(f, v, at, k) || kconst(f, v, 0, &c1))
		return 0;
	*x = xo;
	*neg = sg < 0;
	*sum = c;
	return 1;
}

static int
foldsat(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	/* add.sat.s32 of an abs.s32 and a 0 ptxas knows: the abs is not
	 * negative to it, so the sum only saturates up, the abs of INT_MIN
	 * (itself) giving INT_MAX (sm_90 SASS: IABS, ISETP.EQ -0x80000000,
	 * SEL 0x7fffffff; v3 seed 28107): a min.u32 of the abs and INT_MAX */
	for (int oi = 1; oi <= 2 && in->op == OP_ADD; oi++) {
		int v = srcval(in, oi), w;
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
		if (!d || d->op != OP_ABS || d->guard || d->ty[0] != TY_S32 || d->nopnd != 2 ||
		    !interp_fold_knownzero(f, in, 3 - oi))
			continue;
		xi->s[0] = xi->s[oi - 1];
		xi->s[1] = (XOp){ .k = XO_IMM, .imm = 0x7FFFFFFFu };
		xi->alu.op = OP_MIN;
		xi->alu.ty = TY_U32;
		xi->alu.flags = 0;
		return 0;
	}
	/* of two values ptxas knows, a constant it folds with the
	 * saturation, as PTX says: nothing cancels first (sm_90 SASS: a
	 * MOV of 0x7fffffff for sub.sat.s32 x, x + y of mov'd 0x5852b6cf
	 * and 0x3f7a0000; tests/regress/ptxas-folds.ptx trapped on an H100) */
	{
		uint64_t c;
		int known = 0;
		for (int oi = 1; oi <= 2; oi++)
			known += satconst(f, in, oi, &c);
		if (known == 2)
			return 0;
	}
	/* sub.sat.s32 of a b that is an f32 NaN ptxas knows (nanknown): it
	 * adds -b, negated as a float, the canonical NaN 0x7fffffff again
	 * (foldsubnan), and saturates that sum (sm_90 SASS: VIADD of x and
	 * 0x7fffffff with the PLOP3 test of an add; v1 seed 212855, sub.sat of
	 * an add.f32 of a mul.f32 by 0f7FFFFFFF, on an H100) */
	if (in->op == OP_SUB && xi->s[1].k != XO_IMM && nanknown(pm, f, srcval(in, 2), 0, 0)) {
		xi->alu.op = OP_ADD;
		xi->s[1] = (XOp){ .k = XO_IMM, .imm = 0x7FFFFFFFu };
		return 0;
	}
	if (in->op == OP_ADD && satfactor(pm, f, in)) {
		xi->alu.flags &= ~(uint32_t)ALU_SAT;
		return 0;
	}
	{
		const Opnd *xo;
		int neg;
		uint64_t c;
		XOp x, z;
		if (satgather(f, in, k, &xo, &neg, &c) && !interp_decode_op(pm, xo, TY_S32, &x)) {
			z = (XOp){ .k = XO_IMM, .imm = c };
			xi->s[0] = neg ? z : x;
			xi->s[1] = neg ? x : z;
			xi->alu.op = neg ? OP_SUB : OP_ADD;
			return 0;
		}
	}
	for (int oi = 1; oi <= 2; oi++) {
		int v = srcval(in, oi), w, neg, t, tv;
		const Ins *d;
		if (v >= 0 && (d = defof(f, v, &w)) && d->op == OP_MAD24 && foldsat24(pm, f, xi, in, d, w, oi, k))
			return 0;
		if (v < 0 || !wrapaddsub32(d = defof(f, v, &w)))
			continue;
		if ((t = cancel(pm, f, in, d, oi, &neg)) == 0 || innercancel(pm, f, d))
			continue;
		/* a term that is a neg.s32 result ptxas folds into the add as a
		 * negated operand, and then cancels nothing (H100: (a + -b) -.sat
		 * -b saturates as PTX says; seed 80380) */
		{
			int x, y = srcval(in, oi == 1 ? 2 : 1);
			const Ins *e = y >= 0 ? defof(f, y, &x) : NULL;
			if (e && e->op == OP_NEG)
				continue;
		}
		if ((tv = srcval(d, t)) >= 0 && !holds(f, tv, f->val[w].ins, k))
			continue;
		if (d->opnd[t].kind != OK_IMM && tv < 0)
			continue;
		{
			XOp z = { .k = XO_IMM }, term;
			if (interp_decode_op(pm, &d->opnd[t], TY_S32, &term))
				return 0;
			xi->s[0] = neg ? z : term;
			xi->s[1] = neg ? term : z;
			xi->alu.op = neg ? OP_SUB : OP_ADD;
		}
		return 0;
	}
	return 0;
}

/* Is operand o of in a 16-bit 0 that ptxas knows: an immediate, a mov of
 * one, a shl or unsigned shr by an immediate of 16 or more, a half of a
 * mov.b32 unpack of a 32-bit value it knows (kconst) whose half is 0, or
 * a neg.s16 or abs.s16 of such a 0 (v10 seed 8262 tmap: a sub.s16 from a
 * neg.s16 of the low half of a shl.b32 by 45 is a neg, IMAD.MOV of -x in
 * the sm_90 SASS, read widened)? */
static int
zero16(const Func *f, const Ins *in, int o, int depth)
{
	int v = srcval(in, o), w, u;
	const Ins *d;
	uint64_t c;

	if (in->opnd[o].kind == OK_IMM)
		return in->opnd[o].imm == 0;
	if (v < 0 || depth > 4 || !(d = defof(f, v, &w)) || d->guard || d->nopnd < 2 || d->nty < 1)
		return 0;
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[0].kind == OK_VEC && d->ndef == 2 &&
	    ir_tyinfo[d->ty[0]].bits == 32 && (u = srcval(d, 1)) >= 0 && kconst(f, u, 0, &c))
		return (c >> (w == d->def[1] ? 16 : 0) & 0xFFFF) == 0;
	if (d->op == OP_MOV && d->nopnd == 2)
		return d->opnd[1].kind == OK_IMM && d->opnd[1].imm == 0;
	if ((d->op == OP_NEG || d->op == OP_ABS) && d->ty[0] == TY_S16 && d->nopnd == 2)
		return zero16(f, d, 1, depth + 1);
	return (d->op == OP_SHL || d->op == OP_SHR) && d->ty[0] != TY_S16 && ir_tyinfo[d->ty[0]].bits == 16 &&
	       d->nopnd == 3 && d->opnd[2].kind == OK_IMM && (uint64_t)d->opnd[2].imm >= 16;
}

/* Is value v an abs.s16 or neg.s16 result that ptxas holds widened?  A
 * sub.s16 from a 0 it knows is its neg (v6 seed 70333: sub.s16 of 0x8000
 * from a shl.b16 by 28, read by shr.s16 as +32768; sm_90 SASS: IMAD.MOV
 * of the negated PRMT 0x9910, not extended again, for an immediate 0, a
 * mov of 0 and such a shl, and an IADD and a PRMT 0x9910 for a register) */
static int
wide16(const Func *f, int v)
{
	int w, u, x, sub0;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL, *e;
	uint64_t c;

	/* and, or, min and max of a value with itself are that value to ptxas
	 * (seeds 52606, 93757, 95386) */
	for (int n = 0; n < 4 && d && !d->guard && d->nopnd == 3 && (d->op == OP_AND || d->op == OP_OR ||
	    d->op == OP_MIN || d->op == OP_MAX) && ir_tyinfo[d->ty[0]].bits == 16 && (u = srcval(d, 1)) >= 0 &&
	    u == srcval(d, 2); n++)
		d = defof(f, u, &w);
	sub0 = d && d->op == OP_SUB && d->nopnd == 3 && d->nty == 1 && zero16(f, d, 1, 0);
	/* under a guard ptxas knows true, as unguarded (v1 seed 422175:
	 * cvt.sat.u32.s16 of @!p neg.s16 of -32768, p an xor of a predicate
	 * with itself, was 0x8000 on an H200) */
	if (!d || (d->op != OP_ABS && d->op != OP_NEG && !sub0) || d->ty[0] != TY_S16 ||
	    (d->guard && interp_fold_guardconst(f, d) != 1))
		return 0;
	/* an abs of an abs or neg keeps the +32768 (seeds 27067, 41842, 82378,
	 * 95816: IABS of the INEG); a neg of one does not (neg(neg x) ptxas
	 * folds to x, and -|x| is 0x8000 read as -32768 either way) */
	e = (u = srcval(d, sub0 ? 2 : 1)) >= 0 ? defof(f, u, &x) : NULL;
	/* of a constant ptxas folds by the manual, in 16 bits (v15 xmix
	 * 339981: cvt.s64.s16 of neg.s16 of a mov'd 0x8000 was
	 * 0xffffffffffff8000 on an H200; sm_90 SASS: a MOV of it), an
	 * immediate operand too (v15 immx 602508: mul.wide.s16 by neg.s16 of
	 * 0x8000 multiplied by -32768 on an H100; sm_90 SASS: IMAD by -0x8000;
	 * tests/regress/neg16-imm-min.ptx) */
	if (d->opnd[sub0 ? 2 : 1].kind == OK_IMM)
		return 0;
	if (u >= 0 && ((e && e->op == OP_MOV && !e->guard && e->nopnd == 2 && e->opnd[1].kind == OK_IMM) ||
	    interp_fold_kconst(f, u, &c)))
		return 0;
	return d->op == OP_ABS || !(e && (e->op == OP_ABS || e->op == OP_NEG) && e->ty[0] == TY_S16);
}

/* Is value v an f16 or bf16 set's result with a BoolOp, which ptxas
 * computes as an HSET2 of two H0_H0 operands and the predicate: 0 or 1.0
 * in both halves of the register, read as it is by the readers below that
 * take the register whole (sm_90 SASS: IMAD of the zero-extended other
 * operand, SHF.R.U32.HI, ISETP.U32 for a u16 or b16 compare, VABSDIFF.U32
 * for sad; v5 seeds 11422, 17783, 21047, 6256, v6 851, 39543, 41537,
 * 68449)?  Only a set whose sources are halves of its own format is an
 * HSET2.BF: of integers, f32 or f64 sources it is an ISETP, FSETP or
 * DSETP and a SEL of 0 or 1.0, of the other half format an HSET2 mask
 * converted by I2F.F16.S16 or I2F.BF16.S16, and with .ftz (no HSET2.BF
 * has it) a mask whose low half PRMT, IABS and I2F turn into 1.0; each
 * holds the value in the low half, the high half 0, and the readers see
 * the manual's value (v12 formx: 427 records of set.bf16.b32,
 * set.f16.s64, set.bf16.f16 ... read by setp.le.u16 and the like; v6 seed
 * 19044, an f16 set.ge.and.ftz read by mul.hi.u16).  Of its own format,
 * with a BoolOp or without, ptxas's allocation decides: in the 8,000
 * kernels of v12 formx the register a 16-bit reader above takes is, of
 * 208 sets with a BoolOp, the HSET2's in 78, a SEL's (an HSETP2 made the
 * set) in 95 and a PRMT copy of the low half into a register holding an
 * earlier value in 35 (of 229 without one: 74, 113, 42), with nothing in
 * the PTX to tell them apart (comparison, reader, distance, the set's
 * other readers); without a BoolOp the earlier versions' records are
 * split alike (v4 seed 15263, v5 17350, v6 30001 and 58667 whole; v4 857
 * and 26345, v3 28577 and five of version 1 the SEL's; v1 50192 a PRMT
 * copy), and so the rule keeps to the BoolOp the earlier records showed
 * (tests/diff/README).  So for cvt.u32.u16 with a BoolOp: none at all,
 * the HSET2's register itself, in v6 16052, the PRMT copy in v5 17191. */
static int
halfset(const Func *f, int v)
{
	int w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	return d && d->op == OP_SET && !d->guard && d->nty == 2 && (d->ty[0] == TY_F16 || d->ty[0] == TY_BF16) &&
	       d->ty[1] == d->ty[0] && !ir_hasmod(d, MOD_FTZ) &&
	       (ir_hasmod(d, MOD_AND) || ir_hasmod(d, MOD_OR) || ir_hasmod(d, MOD_XOR));
}

/* How many sources of in (a, then b) a u16 or b16 reader takes as the
 * whole 32-bit register that holds them, where one is an f16 or bf16 set's
 * result in both halves (halfset; the oracle's answer where it has one,
 * interp_fold_w16src) */
static int
w16reads(const Ins *in)
{
	int st = in->op == OP_SET || in->op == OP_CVT ? in->ty[in->nty - 1] : in->ty[0];

	if (st != TY_U16 && st != TY_B16)
		return 0;
	switch (in->op) {
	case OP_MUL: case OP_MAD:
		return ir_hasmod(in, MOD_HI) || ir_hasmod(in, MOD_WIDE) ? 2 : 0;
	/* madc.hi's IMAD.HI.U32 reads the registers whole (sm_90 SASS); an
	 * f16 or bf16 set without a BoolOp is an HSET2's x | x << 16 in some
	 * kernels (v15 immx 2139, 0x3f803f80 of a set.nan.bf16.bf16), an
	 * HSETP2's SEL in others (6950), as for the other 16-bit readers
	 * (halfset) */
	case OP_MADC:
		return ir_hasmod(in, MOD_HI) ? 2 : 0;
	case OP_SHR:
		/* by an immediate of 16 or more ptxas knows the 0 PTX gives and
		 * stores RZ (v6 seed 66173: shr.u16 by 26; sm_90 SASS of 15, 16
		 * and 26) */
		return !(in->nopnd == 3 && in->opnd[2].kind == OK_IMM && (uint64_t)in->opnd[2].imm >= 16);
	case OP_SET: case OP_SETP:   /* ISETP.U32 of the registers (v6 seeds 39543, 41537) */
	/* sad.u16 is a VABSDIFF.U32 of the registers, c added (v5 seed 6256,
	 * v6 5081, 11146, 14746, 51047, 68449); where the allocator moves the
	 * set's value, of a PRMT copy of its low half into a register whose
	 * high half is that register's (v5 and v6 seed 5470, v6 15758:
	 * tests/diff/README) */
	case OP_SAD:
		return 2;
	}
	return 0;
}

/* For the order oracle (api/nanorder.c): the sources of in (bit 0 a, bit
 * 1 b) that a u16 or b16 reader of the kind above takes whole and that a
 * set of a 16-bit type wrote, and the lines of those sets (line[0], [1]).
 * Which register the reader gets, the HSET2's with the value in both
 * halves or a SEL's or copy's, ptxas's allocation decides; the oracle
 * reads it off the SASS. */
int
interp_fold_w16src(const Func *f, const Ins *in, int line[2])
{
	int n = w16reads(in), mask = 0, w;

	for (int i = 0; i < n; i++) {
		int v = srcval(in, in->ndst + i);
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
		if (d && d->op == OP_SET && d->nty == 2 && ir_tyinfo[d->ty[0]].bits == 16 && d->loc.line > 0) {
			line[i] = d->loc.line;
			mask |= 1 << i;
		}
	}
	return mask;
}

static void
foldw16(const Func *f, XIns *xi, const Ins *in)
{
	int n = w16reads(in), st = in->op == OP_SET || in->op == OP_CVT ? in->ty[in->nty - 1] : in->ty[0];

	if (st == TY_U16 || st == TY_B16) {
		for (int i = 0; i < n; i++)
			if (halfset(f, srcval(in, in->ndst + i)))
				xi->alu.flags |= i ? ALU_W16B : ALU_W16A;
		return;
	}
	if (st != TY_S16)
		return;
	switch (in->op) {
	case OP_MUL: case OP_MAD: case OP_DIV: case OP_REM: case OP_SAD: case OP_SET: case OP_SETP:
		n = 2;
		break;
	case OP_MADC:   /* IMAD.HI of the registers (v15 immx 30785: of an abs.s16) */
		n = ir_hasmod(in, MOD_HI) ? 2 : 0;
		break;
	case OP_SHR:
		n = 1;
		break;
	case OP_CVT:   /* to 32 or 64 bits, or saturating (seed 89388: IABS then SEL 0x7f) */
		n = ir_tyinfo[in->ty[0]].kind != TK_FLOAT && (ir_tyinfo[in->ty[0]].bits >= 32 || ir_hasmod(in, MOD_SAT));
		/* or to .s16 in a .b32 register, which PTX fills with the value
		 * sign-extended: ptxas stores the 32-bit IABS or negation as it
		 * is, so 0x8000 is +32768 there too (sm_90 SASS: cvt.s16.s16 r
		 * of abs.s16 and neg.s16 is the IABS or IADD3 of the PRMT'd
		 * source; v1 seed 1010898: 0x00008000 on an H100) */
		if (!n && in->ty[0] == TY_S16 && !ir_hasmod(in, MOD_SAT) && in->ndef == 1 && in->def[0] >= 0 &&
		    regbits(f, in->def[0]) == 32 && wide16(f, srcval(in, 1))) {
			xi->alu.ty = TY_S32;
			n = 1;
		}
		break;
	}
	for (int i = 0; i < n; i++)
		if (wide16(f, srcval(in, in->ndst + i)))
			xi->alu.flags |= i ? ALU_W16B : ALU_W16A;
}

/* Does instruction d give the 32-bit register it writes the type f32 in
 * ptxas's eyes (see the top: shift amounts)?  Measured with ptxas 13 on
 * each writer, by whether a 64-bit shift by the register gets an F2I. */
static int
f32writer(const Ins *d)
{
	/* a cvt to tf32 writes an f32 register too (v4 seeds 6455, 13911), and
	 * a vector ld.f32 each of its elements (v11 seeds 1574, 3754 of the
	 * vars family: a shr.u64 by the last of an ld.v4.f32's, which the H200
	 * shifted by the F2I of the float) */
	if ((d->ty[0] != TY_F32 && !(d->op == OP_CVT && d->ty[0] == TY_TF32)) || d->ndst != 1 ||
	    (d->opnd[0].kind != OK_REG && !(d->opnd[0].kind == OK_VEC && (d->op == OP_LD || d->op == OP_LDU))))
		return 0;
	/* a guarded write is typed too, a selp under its own predicate as
	 * well, with the register's old value merged in (v1 seed 410695:
	 * shr.s64 by @p selp.f32 r, x, K, p after mov.b32 r, y shifted by the
	 * F2I.S64.TRUNC on an H200; sm_90 SASS of it, of @!p selp, of selp by
	 * another predicate and of @p add.f32, each after a mov.b32 or an
	 * add.u32: F2I each time) */
	switch (d->op) {
	/* a set with a BoolOp gets its F2I (v4 seeds 5206, 11315); without
	 * one ptxas converts the 0 or 1.0 it knows by an IABS of the SEL of 0
	 * or -1 that makes the set (v6 seeds 32227 and 64718: the H200
	 * shifted by 1; sm_90 SASS of set.lt.f32.f32 and .f32.s32 each read
	 * by a 64-bit shift), no F2I but typed all the same */
	case OP_SET:
		return 1;
	case OP_COPYSIGN: case OP_TESTP:
		return 0;
	case OP_CVT:
		/* an f64 narrowed with .ftz is left untyped */
		return !(d->nty == 2 && d->ty[1] == TY_F64 && ir_hasmod(d, MOD_FTZ));
	case OP_DIV:
		if (ir_hasmod(d, MOD_FULL))
			return 0;
		/* a directed div.rz/.rm/.rp.f32 is a subroutine call, and under a
		 * guard ptxas branches around it: the register, merged with its
		 * old value after the branch, is left untyped (v11 seed 4120
		 * shape: a shr.s64 by a guarded div.rp.ftz.f32, which the H200
		 * shifted by the raw bits; sm_90 SASS of each directed div and
		 * of div.rn, sqrt, rcp and the .approx ones guarded: only the
		 * directed divs lose the F2I) */
		if (d->guard && (ir_hasmod(d, MOD_RZ) || ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RP)))
			return 0;
		/* fallthrough */
	case OP_RCP: case OP_SQRT:
	case OP_EX2: case OP_LG2: case OP_RSQRT:
		return !ir_hasmod(d, MOD_APPROX) || ir_hasmod(d, MOD_FTZ);
	}
	return 1;
}

/* Does d, between the writer of a shift amount and the shift, end what
 * ptxas knows of the amount's type?  The IEEE f32 and f64 divides, square
 * roots and reciprocals, the .approx f32 ones without .ftz and
 * rsqrt.approx.f64 without .ftz do, and so do a 64-bit bfe, bfi, brev or
 * bfind, a guarded
 * carry instruction and an integer div or rem (each measured as above;
 * div.full, conversions, 64-bit shifts and unguarded carries do not). */
static int
amtkiller(const Ins *d)
{
	/* not elect.sync: on an H200 the amount was converted across one
	 * (tests/regress/fold-shift-f32-elect.ptx) */
	if (d->op != OP_ELECT_SYNC && (ir_opinfo[d->op].flags & (OF_BAR | OF_WARP | OF_VOLATILE_SIDE)))
		return 1;
	/* a call: the amount crosses it in a register the ABI saves, untyped
	 * (v6 seeds 13944, 14669: no F2I of an f32 result after a call) */
	if (d->op == OP_CALL)
		return 1;
	/* a 64-bit bfe, and a carry instruction under a guard (seeds 42437,
	 * 51324, 70671: no F2I of the amount after one) */
	/* an integer div or rem of any width, by a register or an immediate,
	 * a power of two too (v4 seed 2610: div.u16; v6 44925: a div.u64
	 * between an rcp.rp.f32 and a shl.b64 by its result, which shifted by
	 * the raw bits; sm_90 SASS of div and rem .u64/.s64 and div.u32 by 7
	 * and by 8 each alone: no F2I) */
	if ((d->op == OP_DIV || d->op == OP_REM) && d->nty >= 1 && ir_tyinfo[d->ty[0]].kind != TK_FLOAT)
		return 1;
	/* brev, bfind and bfi of 64 bits too (v5 seed 2013: a brev.b64 between
	 * a sqrt.rm.ftz.f32 and a shr.s64 by its result; each alone measured) */
	if (((d->op == OP_BFE || d->op == OP_BREV || d->op == OP_BFIND || d->op == OP_BFI) && d->nty >= 1 &&
	     ir_tyinfo[d->ty[0]].bits == 64) ||
	    (d->guard && (ir_hasmod(d, MOD_CC) || d->op == OP_ADDC || d->op == OP_SUBC || d->op == OP_MADC)))
		return 1;
	if (d->nty < 1 || (d->ty[0] != TY_F32 && d->ty[0] != TY_F64))
		return 0;
	switch (d->op) {
	case OP_DIV:
		if (d->ty[0] == TY_F32 && ir_hasmod(d, MOD_FULL))
			return 0;
		/* fallthrough */
	case OP_RCP: case OP_SQRT: case OP_RSQRT:
		/* rcp.rn/.rz/.rm/.rp.ftz.f64 is the IEEE one, its .ftz ignored
		 * (alu_float.c): it ends the amount's type as rcp.f64 does (v12
		 * formx 500, 732, 3119: a 64-bit shift by an f32 cvt or min
		 * result with an rcp.rp.ftz.f64 between, no F2I in sm_90 SASS) */
		if (d->ty[0] == TY_F64)
			return !ir_hasmod(d, MOD_FTZ) || (d->op == OP_RCP && !ir_hasmod(d, MOD_APPROX));
		return d->op == OP_RSQRT ? !ir_hasmod(d, MOD_FTZ) : !(ir_hasmod(d, MOD_APPROX) && ir_hasmod(d, MOD_FTZ));
	case OP_EX2: case OP_LG2:
		return d->ty[0] == TY_F32 && !ir_hasmod(d, MOD_FTZ);
	}
	return 0;
}

/* Is instruction i one ptxas's early pass of constant folds carries to
 * in: in in's block, before it, with no instruction between that ptxas
 * expands into a call, a branch or a collective (what amtkiller names:
 * an IEEE or non-.ftz approximate divide, reciprocal or square root, an
 * integer div or rem, a barrier, fence, shfl, vote, match or mma)?  Its
 * later pass does not know what the early one computed of floats (sm_90
 * SASS: cvt.f32.bf16 of sub.u16 53, 0x6f is MOV 0x7fffffff, its early
 * fold, and MOV 0xffc60000, the later one, with a div.rn.f32,
 * rcp.approx.f32, ex2.approx.f32, div.u32, match.any or membar between,
 * where an add, fma, sin.approx, ex2.approx.ftz, rcp.approx.ftz or
 * div.full between leaves the early fold; v15 immx 55679: a bfe.s32 at
 * 47, 14 of mul.sat.f32 of two literals with an rcp.rp.ftz.f32 between
 * is the immediate rule's -1 on an H200, the source unknown). */
int
interp_fold_early(const Func *f, int i, const Ins *in)
{
	if (i < 0 || i >= f->nins || f->ins[i]->blk != in->blk)
		return 0;
	while (++i < f->nins && f->ins[i] != in)
		if (amtkiller(f->ins[i]))
			return 0;
	return i < f->nins;
}

/* Is the f32 source of neg.ftz or abs.ftz in a value ptxas's early pass
 * does not carry to in (interp_fold_early: another block, or an
 * instruction it expands into a call, a branch or a collective between)?
 * Only that pass folds them of a NaN it knows; a later one leaves the
 * FADD.FTZ of -RZ and the constant, whose NaN is the canonical one (sm_90
 * SASS: neg.ftz.f32 and abs.ftz.f32 of a mov.b32 0x7ffffffc are MOV
 * 0xfffffffc and 0x7ffffffc, but with a branch or an
 * rsqrt.approx.f64's call between FADD.FTZ R, -RZ, -QNAN, where neg.f32
 * and abs.f32 stay folded, as the integer sign operations they are; v15
 * immx 48377: neg.ftz.f32 of a szext.clamp.s32 of -4 with an
 * rsqrt.approx.f64 between was 0x7fffffff on an H200). */
int
interp_fold_ftzlate(const Func *f, const Ins *in)
{
	int v = srcval(in, 1);

	return ir_hasmod(in, MOD_FTZ) && v >= 0 && v < f->nval && f->val[v].ins >= 0 &&
	    (!interp_fold_early(f, f->val[v].ins, in) || kbitsonly(f, v));
}

/* k is in's index in f->ins.  A barrier, fence or warp collective other
 * than elect.sync between the write and the shift ends what ptxas knows of
 * the value's type, as a block boundary does, and so does any instruction
 * amtkiller names. */
static int
foldshamt(const Func *f, XIns *xi, const Ins *in, int k)
{
	int v = srcval(in, in->ndst + 1), i;
	const Ins *d;

	if (v < 0 || v >= f->nval || (i = f->val[v].ins) < 0 || i >= k || k - i > 4096)
		return 0;
	d = f->ins[i];
	if (d->blk != in->blk || !f32writer(d))
		return 0;
	while (++i < k)
		if (amtkiller(f->ins[i]))
			return 0;
	xi->alu.flags |= ALU_F2IAMT;
	return 0;
}

/* Is v a constant ptxas knows only by its known-bits analysis (kbits,
 * kconst of klit's literals, combining a value whose bits it knows only
 * in part), which is its later pass's?  Where every value it combines is
 * a constant, the early pass folds them. */
static int
kbitsonly(const Func *f, int v)
{
	uint64_t c;
	int off = kbitsoff, part = kbitspart, k;

	kbitspart = 0;
	k = interp_fold_kconstintlit(f, v, &c) && kbitspart;
	kbitspart = part;
	if (!k)
		return 0;
	kbitsoff = 1;
	k = interp_fold_kconstintlit(f, v, &c);
	kbitsoff = off;
	return !k;
}

/* kconst with the literals of klit known, walking 12 definitions back:
 * the constants ptxas propagates into a bit field's position, length or
 * base come through longer chains than the other folds were measured on
 * (v15 xmix 178065: a bfe.s32 of a lane number at the xor of a sub.s32
 * and shr.u32 of shr.s32 of it, of a shr.u32 of a bfe.s32 of a
 * mov.b32 0x3eabff80, seven definitions, took the immediate rule's all
 * ones on an H200; 153460 likewise through an add.rp.f64) */
static int
kconstlit(const Func *f, int v, int depth, uint64_t *r)
{
	int k, lit = klit, kd = kdepth;

	klit = 1;
	kdepth = 12;
	k = kconst(f, v, depth, r);
	klit = lit;
	kdepth = kd;
	return k;
}

/* bfi.b32 whose position and length ptxas knows, immediates or kconst
 * values, folds by its rule for immediate fields (alu_int.c), as a bfe.s32
 * does (foldbfek): v6 seed 69084, a length of 64 from a popc.b64 of a
 * not.b64 of a shl.b64 by 69 at position 28, inserts nothing (sm_90 SASS:
 * LOP3 with mask RZ), and v6 seed 49841, a length of 0x81 from a mov.f32
 * of 0f7FC17F81 at 25, one bit (mask 0x2000000), as does position 25 from
 * a mov.b32 and length 33 (fold-bfi-known-field.ptx), as in v1 seed
 * 143251, whose inserted value it knows.  Where it knows both the value
 * and the base it computes the constant by the manual's rule (sm_90 SASS
 * of 1, a mov of 33: 0xbc8c21f6), and so it does for immediate fields:
 * an H200 gave the manual's answer for bfi 14, 65 and 1, 33 of two movs
 * of immediates in bitfield-immediate.ptx, where the H100's ptxas had
 * given the mask rule's.  Into an immediate 0 it keeps that rule, as
 * alu_decode.c says. */
static void
bfiknown(const Func *f, XIns *xi, const Ins *in)
{
	uint64_t c;
	int known = 0;

	if (in->opnd[2].kind == OK_IMM && in->opnd[2].imm == 0)
		return;
	for (int i = 3; i <= 4; i++)
		if (in->opnd[i].kind != OK_IMM && !kconstlit(f, srcval(in, i), 0, &c))
			return;
	for (int i = 1; i <= 2; i++)
		known += in->opnd[i].kind == OK_IMM || kconstlit(f, srcval(in, i), 0, &c);
	if (known < 2)
		xi->alu.flags |= ALU_IMMFIELD;
	else
		xi->alu.flags &= ~(uint32_t)ALU_IMMFIELD;
}

/* bfi.b32 of immediate position and length into a base that ptxas knows:
 * 0 from a shl or shr.u32/b32 by an immediate of 32 or more or a mov of an
 * immediate 0, a literal, or any kconst value (a bfe past the word, a
 * set.ne.f32 of a value with itself) where it does not know the inserted value too (then
 * it computes the whole bfi by the manual's rule: bfiknown).  It
 * makes a shift of the inserted value (SHF.L.U32, or a LEA into all ones),
 * which keeps the manual's rule, not the mask rule of a register base
 * (alu_int.c; seed 2929: bfi 2, 42 into such a base inserts 30 bits;
 * seeds 39465, 96971, 101316). */
/* bfi.b32 of immediate fields into a base that an and.b32 with an
 * immediate mask wrote, its only reader: ptxas's known-bits pass takes
 * the field by the manual's rule, [pos, min(pos + len, 32)), and drops
 * the and where its mask keeps every bit outside that field, but the
 * LOP3 it then makes inserts by the mask rule (alu_int.c), len modulo 32
 * bits, and so the bits of the and's source between (sm_90 SASS:
 * and.b32 x, 0x7fffff then bfi.b32 at 7, 33 is LOP3.LUT R, a << 7,
 * 0x80, x, 0xe2, the and gone; at 7, 40 of an and with 0x7f, LOP3 by
 * 0x7f80 of x; kept with a second reader, a mask that clears a bit
 * below the field, a field that ends below bit 31 where the mask clears
 * a bit above it, and for an or or xor in its place).  v15 xmix 305850,
 * line 82: bfi.b32 at 7, 33 of 127 into and.b32 0x7fffff of a shl.b32
 * by 23 gave 0x3f800080 on an H100 (tests/regress/bfi-and-base-drop.ptx).
 * Returns the value the bfi reads for its base: the and's source where
 * it redirects the base to it, else the base's. */
static int
bfiandbase(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int v = srcval(in, 2), w, u = -1, mi = 0;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	uint32_t pos, len, end, keep, m;
	XOp x;

	if (!d || d->guard || d->op != OP_AND || d->nopnd != 3 || d->nty != 1 || ir_tyinfo[d->ty[0]].bits != 32 ||
	    in->opnd[3].kind != OK_IMM || in->opnd[4].kind != OK_IMM || in->guard || xi->s[1].k != XO_REG ||
	    !f->rdoff || v >= f->nval || f->rdoff[v + 1] - f->rdoff[v] != 1)
		return v;
	for (int i = 1; i <= 2; i++)
		if (d->opnd[i].kind == OK_IMM && d->opnd[3 - i].kind == OK_REG) {
			mi = i;
			u = srcval(d, 3 - i);
		}
	if (!mi || u < 0 || !holds(f, u, f->val[w].ins, k))
		return v;
	pos = (uint32_t)in->opnd[3].imm & 0xFFu;
	len = (uint32_t)in->opnd[4].imm & 0xFFu;
	if (pos >= 32 || len == 0)
		return v;
	end = pos + len >= 32 ? 32 : pos + len;
	keep = ~((end == 32 ? 0xFFFFFFFFu : (1u << end) - 1) & ~((1u << pos) - 1));
	m = (uint32_t)d->opnd[mi].imm;
	if ((m & keep) != keep || interp_decode_op(pm, &d->opnd[3 - mi], TY_B32, &x))
		return v;
	xi->s[1] = x;
	return u;
}

/* Is d an f32 MUFU instruction of literals that ptxas evaluates before
 * it makes a bfi.b32 into it: lg2.approx, ex2.approx, sin.approx,
 * rcp.approx and sqrt.approx (.ftz or not) and div.full?  The base is
 * then one it knows, and the bfi keeps the manual's rule (sm_90 SASS:
 * LEA R, x, base's low bits, 0x9 for bfi.b32 x into each at 9, 38,
 * where into tanh.approx or sqrt.rn of a literal it is a LOP3 by the
 * mask rule's 0x7e00; v15 immx 159148, 32547, 86973, 433957, 351843:
 * bfi.b32 into lg2.approx.f32, sqrt.approx.ftz.f32, rcp.approx.f32 and
 * div.full.f32 of literals gave the manual's rule on an H100;
 * tests/regress/bfi-and-base-drop.ptx). */
static int
bfimufu(const Ins *d)
{
	if (!d || d->guard || d->nty != 1 || d->ty[0] != TY_F32 || d->ndst != 1)
		return 0;
	if (!((d->op == OP_LG2 || d->op == OP_EX2 || d->op == OP_SIN || d->op == OP_RCP || d->op == OP_SQRT) &&
	      ir_hasmod(d, MOD_APPROX) && d->nopnd == 2) && !(d->op == OP_DIV && ir_hasmod(d, MOD_FULL) && d->nopnd == 3))
		return 0;
	for (int i = 1; i < d->nopnd; i++)
		if (d->opnd[i].kind != OK_FIMM && d->opnd[i].kind != OK_IMM)
			return 0;
	return 1;
}

static int
foldbfi(const Func *f, XIns *xi, const Ins *in, int v)
{
	int w;
	uint64_t c;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	/* a literal base is one ptxas knows too: bfi.b32 d, a, 0xb7688f7e, 3,
	 * 56 is LEA d, a, 0x6, 0x3 (v15 immx seeds 20545, 24606: a << pos
	 * over the base's low pos bits) */
	if (in->opnd[2].kind == OK_IMM) {
		xi->alu.flags &= ~(uint32_t)ALU_IMMFIELD;
		return 0;
	}
	if (!d || d->guard)
		return 0;
	if (((d->op == OP_SHL && d->ty[0] != TY_S32) || (d->op == OP_SHR && d->ty[0] != TY_S32)) &&
	    ir_tyinfo[d->ty[0]].bits == 32 && d->nopnd == 3 && d->opnd[2].kind == OK_IMM &&
	    (uint64_t)d->opnd[2].imm >= 32)
		xi->alu.flags &= ~(uint32_t)ALU_IMMFIELD;
	else if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_IMM && d->opnd[1].imm == 0)
		xi->alu.flags &= ~(uint32_t)ALU_IMMFIELD;
	else if (kconstlit(f, v, 0, &c) && in->opnd[1].kind != OK_IMM && !kconstlit(f, srcval(in, 1), 0, &c))
		xi->alu.flags &= ~(uint32_t)ALU_IMMFIELD;
	/* and a base whose every bit its known-bits analysis clears (kzero),
	 * but an and of an and (kandand) */
	else if (kzero(f, v, 0) == 0xFFFFFFFFu && !kandand(f, d))
		xi->alu.flags &= ~(uint32_t)ALU_IMMFIELD;
	else if (bfimufu(d))
		xi->alu.flags &= ~(uint32_t)ALU_IMMFIELD;
	return 0;
}

/* Do operands a of ia and b of ib read one value: same(), or two
 * unguarded scalar ld.const of one type from one variable and offset,
 * which ptxas loads once, the kernel unable to write the bank (v6 seed
 * 70988: ULDC c[0x3][0x8] for both)? */
static int
sameconst(const Func *f, const Ins *ia, int a, const Ins *ib, int b)
{
	int va = srcval(ia, a), vb = srcval(ib, b), w;
	const Ins *x, *y;
	const Opnd *p, *q;

	if (same(ia, a, ib, b))
		return 1;
	/* copies of one value (a max of x and x, an xor with a known 0, an
	 * or of x and x: v13 dag seeds 946, 5555, the mul.lo's operand a copy
	 * of the mad.hi's) */
	if (va >= 0 && vb >= 0 && interp_fold_copyroot(NULL, f, va) == interp_fold_copyroot(NULL, f, vb))
		return 1;
	if (va < 0 || vb < 0 || !(x = defof(f, va, &w)) || !(y = defof(f, vb, &w)))
		return 0;
	for (int i = 0; i < 2; i++) {
		const Ins *l = i ? y : x;
		if (l->op != OP_LD || l->space != SP_CONST || l->guard || l->vec >= 2 || l->nopnd != 2 ||
		    l->nty != 1 || l->ndef != 1 || l->opnd[1].kind != OK_ADDR || l->opnd[1].addrlist ||
		    !l->opnd[1].base || l->opnd[1].base->kind != OK_SYM)
			return 0;
	}
	p = &x->opnd[1];
	q = &y->opnd[1];
	return x->ty[0] == y->ty[0] && p->base->sym == q->base->sym && p->base->imm == q->base->imm && p->imm == q->imm;
}

/* Does value v depend on value t, through at most depth instructions? */
static int
dependson(const Func *f, int v, int t, int depth)
{
	const Ins *d;

	if (v == t)
		return 1;
	if (v < 0 || v >= f->nval || f->val[v].ins < 0 || depth <= 0)
		return 0;
	d = f->ins[f->val[v].ins];
	for (int u = 0; u < d->nuse; u++)
		if (dependson(f, d->use[u], t, depth - 1))
			return 1;
	return 0;
}

/* Does ptxas keep no multiply of its own for e: nothing reads what it
 * writes (dead code), or one integer add or sub alone, without .cc or
 * .sat, which it makes an IMAD with that addend (sm_90 SASS: x * y + z,
 * x * y - z and z - x * y are each one IMAD)? */
static int
nomul(const Func *f, const Ins *e)
{
	const Ins *r = NULL;

	if (e->ndef != 1 || e->def[0] < 0 || f->val[e->def[0]].ins < 0)
		return 0;
	/* a phi reads it on to a join (v8 seed 70988: a store there) */
	if (!f->rdoff || f->phird[e->def[0]])
		return 0;
	for (int q = f->rdoff[e->def[0]]; q < f->rdoff[e->def[0] + 1]; q++)
		if (f->rd[q] > f->val[e->def[0]].ins) {
			if (r)
				return 0;
			r = f->ins[f->rd[q]];
		}
	return !r || ((r->op == OP_ADD || r->op == OP_SUB) && !r->guard && r->nty >= 1 && isint(r->ty[0]) &&
	       !ir_hasmod(r, MOD_CC) && !ir_hasmod(r, MOD_SAT));
}

/* Does e, between a mad.hi.sat.s32 and a mul.lo of its factors, keep
 * them apart?  Another multiply of 16 or 32 bits that stays one: a mul.lo
 * (mul24.lo, a mul.wide of 16 bits) but by an immediate 0, 1, -1 or power
 * of two (a mov, a negation, a shift), any mul.hi, mad.hi or madc.hi, a
 * mad.wide of 32 bits, a mul24.hi or mad24.hi; an integer div or rem, of
 * a power of two and of 64 bits too; a membar or fence but fence.proxy;
 * an IEEE div, sqrt or rcp of f32 or f64 (sm_90 SASS of a pair with each
 * between, in either order: two IMAD.HI and SELs; with a bar.sync, atom,
 * red, ld.volatile, mad.lo, mad24.lo, mul.wide of 32 bits, mad.wide of
 * 16, a 64-bit mul, mad or mul.hi, dp4a, prefetch.tensormap or
 * div.full.f32 between them one IMAD.WIDE; v2 seed 2753: a rem.s16 and
 * a mul.hi.u32 between; v1 seed 560422: a mad.wide.s32 and a mad24.hi.u32
 * between a mad.hi.sat.s32 and a mad.wide.u32 of its factors, saturated
 * on an H100; tests/regress/madhi-sat-apart.ptx). */
static int
mulapart(const Func *f, const Ins *e)
{
	int bits = e->nty >= 1 ? ir_tyinfo[e->ty[0]].bits : 0;
	uint64_t m = bits == 16 ? 0xFFFF : 0xFFFFFFFF, c;

	if (!bits)
		return e->op == OP_MEMBAR || e->op == OP_FENCE;
	switch (e->op) {
	case OP_DIV: case OP_REM: case OP_SQRT: case OP_RCP:
		return isint(e->ty[0]) || (ir_tyinfo[e->ty[0]].kind == TK_FLOAT && !ir_hasmod(e, MOD_APPROX) &&
		       !ir_hasmod(e, MOD_FULL));
	case OP_MEMBAR: case OP_FENCE:
		return 1;
	case OP_MAD: case OP_MADC:
		return isint(e->ty[0]) && (ir_hasmod(e, MOD_HI) || ir_hasmod(e, MOD_WIDE)) && bits == 32;
	case OP_MAD24:
		return ir_hasmod(e, MOD_HI);
	case OP_MUL:
		if (!isint(e->ty[0]) || bits > 32)
			return 0;
		if (ir_hasmod(e, MOD_HI))
			return 1;
		if (ir_hasmod(e, MOD_WIDE) && bits != 16)
			return 0;
		break;
	case OP_MUL24:
		if (ir_hasmod(e, MOD_HI))
			return 1;
		break;
	default:
		return 0;
	}
	/* a mul.lo, mul24.lo or mul.wide of 16 bits, but one ptxas keeps no
	 * multiply for (nomul; the SASS of a dead mul.lo between, and an
	 * H200's IMAD.WIDE pair across a mul.lo read by an add alone), or an
	 * add of an immediate by an immediate, which it makes an IMAD with
	 * the product of the immediates as addend (an H200: across
	 * (x + 0x12345678) * 3) */
	if (nomul(f, e))
		return 0;
	for (int i = 1; i <= 2 && e->nopnd == 3; i++) {
		int x, w;
		const Ins *a;
		if (e->opnd[i].kind != OK_IMM)
			continue;
		if ((c = (uint64_t)e->opnd[i].imm & m) == m || (c & (c - 1)) == 0)
			return 0;
		if ((x = srcval(e, 3 - i)) >= 0 && (a = defof(f, x, &w)) && !a->guard && a->op == OP_ADD &&
		    a->nopnd == 3 && (a->opnd[1].kind == OK_IMM || a->opnd[2].kind == OK_IMM) &&
		    !ir_hasmod(a, MOD_CC) && !ir_hasmod(a, MOD_SAT))
			return 0;
	}
	return 1;
}

/* For a mul.lo d (instruction j) before the mad.hi.sat.s32 in
 * (instruction k): is the addend there before anything reads d's
 * product?  ptxas puts the one IMAD.WIDE where the product is first read,
 * and pairs them only if the addend is made by then (sm_90 SASS: mul.lo,
 * st of its product, add making the addend, mad.hi: an IMAD, an IMAD.HI
 * and the SELs that saturate; the add before the st: one IMAD.WIDE; v1
 * int 1017149, a bfi after the st).  A mov of a register is followed to
 * what it copies, which ptxas reads in its place. */
static int
addendbefore(const Func *f, const Ins *in, int k, const Ins *d, int j)
{
	int v = srcval(in, 3), di, first = k;

	for (int n = 0; v >= 0 && v < f->nval && (di = f->val[v].ins) >= 0 && n < 8; n++) {
		const Ins *c = f->ins[di];
		if (c->op != OP_MOV || c->guard || c->nopnd != 2 || c->opnd[1].kind != OK_REG)
			break;
		v = srcval(c, 1);
	}
	if (v < 0 || v >= f->nval || (di = f->val[v].ins) < 0 || di < j || di > k || f->ins[di]->blk != in->blk)
		return 1;
	if (d->ndef != 1 || d->def[0] < 0 || !f->rdoff)
		return 1;
	for (int q = f->rdoff[d->def[0]]; q < f->rdoff[d->def[0] + 1]; q++)
		if (f->rd[q] > j && f->rd[q] < first)
			first = f->rd[q];
	return di < first;
}

/* Is d (instruction j) a mul.lo that shares an IMAD.WIDE with the
 * mad.hi.sat.s32 in (instruction k), or a later mad.wide? */
static int
madpair(const Func *f, const Ins *in, int k, const Ins *d, int j)
{
	if ((d->guard && d->op != OP_MUL) || d->nopnd < 3 || (d->ty[0] != TY_S32 && d->ty[0] != TY_U32) ||
	    (d->ndef == 1 && d->def[0] == srcval(in, 3)) ||
	    ir_hasmod(d, MOD_CC) || !((d->op == OP_MUL && ir_hasmod(d, MOD_LO)) ||
	    (d->op == OP_MAD && ir_hasmod(d, MOD_WIDE) && j > k)))
		return 0;
	/* not when the addend is computed from the mul.lo's product: the
	 * IMAD.WIDE would need it before it makes it (v1 seed 120298: an
	 * addend a lop3 of a bfi of the mul.lo saturates) */
	if (d->ndef == 1 && dependson(f, srcval(in, 3), d->def[0], 6))
		return 0;
	if (j < k && !addendbefore(f, in, k, d, j))
		return 0;
	/* nor a guarded mul.lo whose guard ptxas knows false: it is gone
	 * (v13 dag seed 6613: under !p of setp.eq x, x; sm_90 SASS IMAD.HI
	 * and the SELs that saturate) */
	if (d->guard && interp_fold_guardconst(f, d) == 0)
		return 0;
	/* nor when ptxas keeps no multiply for the mul.lo: dead, or an add
	 * or sub alone reads it (nomul; sm_90 SASS: IMAD.HI and SELs) */
	if (d->op == OP_MUL && nomul(f, d))
		return 0;
	return (sameconst(f, in, 1, d, 1) && sameconst(f, in, 2, d, 2)) ||
	       (sameconst(f, in, 1, d, 2) && sameconst(f, in, 2, d, 1));
}

/* mad.hi.sat.s32 of a and b that a mul.lo .s32/.u32 (before or after it)
 * or a later mad.wide .s32/.u32 of its block also multiplies: ptxas
 * computes both with one IMAD.WIDE of a, b and c << 32, whose high word is
 * hi(a * b) + c wrapped, no saturation (sm_90 SASS; seeds 39489, 75897,
 * 76871).  An earlier mad.wide, a mul.wide and a mad.lo with an addend
 * keep their own multiply, and the mad.hi its SELs that saturate; so does
 * a mul.lo whose product is the mad.hi's addend (seeds 43567, 103338),
 * or that nothing reads, or an add's or sub's alone (nomul).
 * A guarded mul.lo pairs too: ptxas computes it unguarded with the
 * mad.hi (v13 dag seed 693: IMAD.WIDE R16, R9, R27, R8 under no guard).
 * Copies of one operand count as it (copyroot; seeds 946, 5555).
 * How far apart they stand does not matter (v10 seed 6571 tmap: 22
 * instructions), what stands between does (mulapart).  An operand
 * loaded by ld.const is the same as another loaded from the same word
 * (sameconst; v6 seed 70988: mad.hi.sat of a and b, mul.lo of a' and b,
 * a and a' ld.const of one word, one IMAD.WIDE). */
static int
foldmadhi(const Func *f, XIns *xi, const Ins *in, int k)
{
	/* each way to the block's end or to what keeps them apart; at most
	 * 4096 instructions, that the load of a huge block stays linear */
	for (int dir = -1; dir <= 1; dir += 2)
		for (int j = k + dir; j >= 0 && j < f->nins && j != k + 4096 * dir && f->ins[j]->blk == in->blk; j += dir) {
			if (madpair(f, in, k, f->ins[j], j)) {
				xi->alu.flags &= ~(uint32_t)ALU_SAT;
				return 0;
			}
			if (mulapart(f, f->ins[j]))
				break;
		}
	return 0;
}

/* slct with an s32 c that a neg.s32 (or a sub.s32 from 0) or an abs.s32
 * computed: ptxas reasons as if the negation could not overflow.
 * slct.s32.s32 of -x tests x <= 0 (ISETP.LE on x), so x = INT_MIN picks a
 * (seeds 5263, 16232); every other slct type of abs(x) takes c >= 0 for
 * granted and is a copy of a (seed 11019), where slct.s32.s32 keeps the
 * IABS and its test.  Likewise a slct of an f32 c whose sign ptxas knows
 * (an abs.f32, a mul of a value by itself: fold.c interp_fold_slctpos),
 * into any type but f32, without .ftz: a copy of a, though NaN >= 0 is
 * false (v4 seed 2940, v6 59252; slct.f32.f32 keeps its FSEL, a .ftz its
 * SEL).  A neg.s32 of a neg.s32 of y is y, tested as it is. */
/* Is slct's c (a value ptxas knows) a sub.sat.s32 result, or a copy of
 * one (a mov, an add of 0)?  ptxas decides such a slct.s32.s32 by the
 * integer test c >= 0, not as the f32 it takes another known c for
 * (sm_90 SASS: a copy of a for sub.sat.s32 0x7fc00001, 1 and for
 * sub.sat.s32 1333788672, 0xb9bd406f, 0x7fffffff, of movs or
 * immediates, and of b for one that saturates to 0x80000000, where
 * add.sat.s32 0x7fc00000, 1, add.sat 0x7ffffff0, 0x100 and sub.s32
 * 0x7fc00001, 1 pick b, NaNs; v15 immx 304225, line 93: a slct.s32.s32
 * by such a sub.sat gave a on an H100; tests/regress/slct-subsat-known.ptx) */
static int
slctsubsat(const ptx_module *pm, const Func *f, const Ins *in)
{
	int v = in->opnd[3].kind == OK_REG ? srcval(in, 3) : -1, w;
	const Ins *d;

	if (v < 0)
		return 0;
	v = interp_fold_copyroot(pm, f, v);
	d = v >= 0 ? defof(f, v, &w) : NULL;
	return d && !d->guard && d->op == OP_SUB && d->nty == 1 && d->ty[0] == TY_S32 && ir_hasmod(d, MOD_SAT);
}

/* kconst with the literals of klit and the selps of kselk known, for
 * slct's c: ptxas takes a mov.b32 pack of two mov.b16 immediates and a
 * decimal f32 literal for known as it does a 0f one (sm_90 SASS:
 * slct.s32.s32 by a pack of 32767 twice, 0x7fff7fff, is a copy of b, a
 * NaN, and by a pack of 0 and 0x8000 or by mov.f32 -0.0 a copy of a,
 * -0.0; v13 dag 15651, line 126: the pack's slct gave b on an H200), and
 * a selp by a setp it decides, of values it knows (5 < 7) or of a
 * register with itself (x > x, x == x, x <= x, x >= x unsigned too,
 * whatever x), for the operand it picks (sm_90 SASS: a copy of a for the
 * 0x80000000 such a selp picks, of b for its 0x7fc00000; v13 dag 13280
 * and v15 dag 58412, lines 128 and 79: b for 0x7fffffff and a for
 * 0x80000000 on an H200);
 * tests/regress/slct-known-literal.ptx */
static int
slctklit(const Func *f, int v, uint64_t *r)
{
	int k, lit = klit, sel = kselk, self = kselfp;

	klit = kselk = kselfp = 1;
	k = kconst(f, v, 0, r);
	klit = lit;
	kselk = sel;
	kselfp = self;
	return k;
}

static int
foldslct(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int v = srcval(in, 3), w, u;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	int neg;

	uint64_t c;

	/* slct.s32.s32 of a c ptxas knows (an immediate, or a kconst value)
	 * is decided at compile time as if c were an f32: c >= 0.0, so that
	 * 0x7fffffff (a NaN) picks b and 0x80000000 (-0.0) picks a (sm_90
	 * SASS: a copy of b or of a; dag seeds 191, 939, 1533 on an H200;
	 * every other slct type tests the integer) */
	if (in->ty[0] == TY_S32 && in->ty[1] == TY_S32 &&
	    (xi->s[2].k == XO_IMM || slctklit(f, srcval(in, 3), &c))) {
		if (slctsubsat(pm, f, in))
			return 0;
		xi->alu.ty2 = TY_F32;
		xi->alu.flags &= ~(uint32_t)(ALU_FTZ | ALU_SLCTLE);
		return 0;
	}
	if (d && in->ty[1] == TY_F32 && in->ty[0] != TY_F32 && !ir_hasmod(in, MOD_FTZ) && interp_fold_slctpos(f, d)) {
		copyof(xi, 0, 0);
		return 0;
	}
	/* c a selp by a predicate ptxas knows is the operand it picks (v10
	 * seed 78573 tmap: a selp.b32 of -x and y by a setp.eq.u16 of h with
	 * itself, and the slct.s32.s32 an ISETP.LE on x in the sm_90 SASS) */
	if (d && d->op == OP_SELP && !d->guard && d->nopnd == 4 && in->ty[1] == TY_S32 &&
	    (u = interp_fold_selknown(f, d)) >= 1 && u <= 2 && (u = srcval(d, u)) >= 0 &&
	    holds(f, u, f->val[w].ins, k))
		d = defof(f, v = u, &w);
	if (!d || d->guard || d->ty[0] != TY_S32 || in->ty[1] != TY_S32)
		return 0;
	if (d->op == OP_ABS && d->nopnd == 2 && in->ty[0] != TY_S32) {
		copyof(xi, 0, 0);
		return 0;
	}
	neg = d->op == OP_NEG && d->nopnd == 2;
	if (d->op == OP_SUB && d->nopnd == 3 && d->opnd[1].kind == OK_IMM && d->opnd[1].imm == 0 &&
	    !ir_hasmod(d, MOD_SAT) && !ir_hasmod(d, MOD_CC))
		neg = 2;
	if (!neg || in->ty[0] != TY_S32 || (u = srcval(d, neg)) < 0 || !holds(f, u, f->val[w].ins, k))
		return 0;
	/* -x of a neg.s32 of y is y to ptxas, which slct then tests as it
	 * is, y >= 0: INT_MIN picks b (v3 seed 4708) */
	int x;
	const Ins *e = defof(f, u, &x);
	if (e && !e->guard && e->op == OP_NEG && e->ty[0] == TY_S32 && e->nopnd == 2 && (x = srcval(e, 1)) >= 0 &&
	    holds(f, x, f->val[u].ins, k)) {
		interp_decode_op(pm, &e->opnd[1], TY_S32, &xi->s[2]);
		return 0;
	}
	if (interp_decode_op(pm, &d->opnd[neg], TY_S32, &xi->s[2]))
		return 0;
	xi->alu.flags |= ALU_SLCTLE;
	return 0;
}

/* A 16-bit shl, or an unsigned shr, by a cnot.b32 result: ptxas keeps
 * the cnot as 0 or -1 and then reads as the amount the low half of a
 * register it never wrote for it.  Before the kernel's first call (a
 * subroutine of an IEEE div, rcp or sqrt, or an integer div or rem) that
 * register is R1, the stack pointer, whose low half is 16 or more on the
 * H100: the result is 0 (seed 4545).  After one it is whatever the
 * register holds (seeds 2711, 33536, 33744: unknown here, so PTX's answer
 * stays; tests/diff/README).  shr.s16 shifts by the cnot kept as 0 or -1,
 * so where PTX shifts by 1 it fills with the sign (H100, before a call;
 * H200, after one). */
static int
mayhavecalled(ptx_module *pm, const Func *f, int k)
{
	interp_fold_subat(pm, f);
	return pm->callat < k;
}

/* A 16-bit shl, or an unsigned shr, by an element of a vector ld of .s8
 * (v2 or v4, any space) into 32-bit registers: ptxas extracts the byte
 * sign-extended (PRMT 0x8880) and clamps it to [0, 0xffff] as a signed
 * value, so a negative amount shifts by 0 where PTX's, unsigned, shifts
 * everything out (v4 seed 8599: shr.b16 by -88 kept the value).  A scalar
 * ld.s8, a cvt.s32.s8 and vectors of .s16 clamp unsigned; shr.s16 is a
 * shift by the sign-extended clamp, which fills with the sign as PTX
 * does (sm_90 SASS of each). */
static int
foldshs8(const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 2), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (!d || d->op != OP_LD || d->vec < 2 || d->nty < 1 || d->ty[0] != TY_S8 || d->guard ||
	    ir_tyinfo[f->regs[f->val[w].reg]->type].bits != 32)
		return 0;
	xi->alu.imm = 1;
	return 1;
}

static int
foldcnot(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int v = srcval(in, 2), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	/* shr.s16 computes its 0 or -1 after a call too (v6 seed 75849: the
	 * ISETP.EQ and SEL of the cnot made again after a div.s64's CALL, the
	 * amount clamped to 0xffff8000 and the SHF.R.S32.HI filling with the
	 * sign, as the H200 gave) */
	if (d && d->op == OP_CNOT && d->ty[0] == TY_B32 && !d->guard &&
	    ((in->op == OP_SHR && in->ty[0] == TY_S16) || !mayhavecalled(pm, f, k)))
		xi->alu.flags |= ALU_CNOTAMT;
	else
		foldw16(f, xi, in);
	return 0;
}

/* add, sub or mul.f32 of values ptxas knows, immediates or kconst values,
 * in the default or .rn rounding (.ftz and .sat or not), and cvt.f32.f32
 * of one in any rounding, neither a source nor the result a NaN: it
 * computes them (v15 immx 43667: a bfi.b32 at 26, 64 into a
 * cvt.ftz.f32.f32 of 0d000FFFFFFFFFFFFF inserts by the manual's rule, as
 * into a base it knows, on an H200; sm_90 SASS: a bfe.s32
 * past the word of mul.f32 1.5, 2.5, of add.f32 of a mov'd 1.5 with
 * itself, is RZ, the manual's 0 for a known positive source, where of
 * mul.rz, add.rp, fma.rn, of a NaN or of 0 * inf the immediate rule's
 * -1; v15 immx 40834, 48290: bfe.s32 at 43 and 58 of such a mul are 0
 * on an H200; 51321: a bfe.s32 at the mul.f32 65504.0, 6.1e-5 of a lane
 * number is the immediate rule's -1).  *r the result's bits. */
static int
kfarith(const Func *f, const Ins *d, int depth, uint64_t *r)
{
	uint64_t src[2], dst[2] = { 0, 0 };
	uint32_t cc = 0;
	AluOp op;
	const char *why;

	int n = d->nopnd - 1;

	if (d->op == OP_CVT ? d->nty != 2 || d->ty[0] != TY_F32 || d->ty[1] != TY_F32 || n != 1 :
	    (d->op != OP_ADD && d->op != OP_SUB && d->op != OP_MUL) || d->ty[0] != TY_F32 || n != 2 ||
	    ir_hasmod(d, MOD_RZ) || ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RP))
		return 0;
	/* not .rn with .sat, which it leaves to run (sm_90 SASS: a
	 * div.approx.f32 by add, sub or mul .rn.sat.f32 of literals that give
	 * 1.0 keeps its MUFU.RCP, and a bfe.s32 past the word of one is the
	 * immediate rule's -1, where of .sat or .rn alone the division is
	 * dropped and the bfe RZ; v15 immx 22453: a div.approx.f32 by
	 * sub.rn.sat.f32 10.71875, 1.0 divided on an H200) */
	if (d->op != OP_CVT && ir_hasmod(d, MOD_RN) && ir_hasmod(d, MOD_SAT))
		return 0;
	for (int i = 0; i < n; i++) {
		const Opnd *o = &d->opnd[1 + i];
		if (o->kind == OK_FIMM)
			src[i] = interp_fimm(TY_F32, o->fbits, o->flkind) & 0xFFFFFFFFull;
		else if (o->kind == OK_IMM)
			src[i] = (uint64_t)o->imm & 0xFFFFFFFFull;
		else if (o->kind != OK_REG || !kconst(f, srcval(d, 1 + i), depth + 1, &src[i]))
			return 0;
		if ((src[i] & 0x7FFFFFFFu) > 0x7F800000u)
			return 0;
	}
	if (alu_decode(d, &op, &why) != 0 || op.ndst != 1 || op.nsrc != n || op.negsrc)
		return 0;
	alu_exec(&op, src, dst, &cc);
	if ((dst[0] & 0x7FFFFFFFu) > 0x7F800000u)
		return 0;
	*r = dst[0] & 0xFFFFFFFFull;
	return 1;
}

/* The truth of predicate value pv where an unguarded setp without a
 * BoolOp of values ptxas knows writes it (its first destination or the
 * second, !p): 1 or 0, else -1. */
static int
ksetpval(const Func *f, int pv, int depth, int fcmp)
{
	int w, neg;
	const Ins *e;
	uint64_t src[2], dst[2] = { 0, 0 };
	uint32_t cc = 0;
	AluOp op;
	const char *why;

	if (pv < 0 || !(e = defof(f, pv, &w)) || e->op != OP_SETP || e->guard ||
	    e->nopnd != 3 || e->nty != 1 || e->ndef < 1 || (e->ty[0] == TY_F32 ? !fcmp : !(ir_tyinfo[e->ty[0]].bits == 32 &&
	    (isint(e->ty[0]) || ir_tyinfo[e->ty[0]].kind == TK_BIT))))
		return -1;
	neg = w != e->def[0];
	/* an integer compare of a register with itself, where asked
	 * (kselfp: slctklit) */
	if (kselfp && isint(e->ty[0]) && e->opnd[1].kind == OK_REG && srcval(e, 1) >= 0 &&
	    srcval(e, 1) == srcval(e, 2)) {
		int t = ir_hasmod(e, MOD_EQ) || ir_hasmod(e, MOD_LE) || ir_hasmod(e, MOD_GE) || ir_hasmod(e, MOD_LS) ||
			ir_hasmod(e, MOD_HS);
		if (t || ir_hasmod(e, MOD_NE) || ir_hasmod(e, MOD_LT) || ir_hasmod(e, MOD_GT) || ir_hasmod(e, MOD_LO) ||
		    ir_hasmod(e, MOD_HI))
			return t ^ neg;
	}
	/* (of values its integer folds know, as kconstint: not a set.hs of a
	 * value with itself, which stays an ISETP; v14 xmix 8854) */
	int nh = knohalf2, ok = 1;
	knohalf2 = 1;
	for (int i = 0; i < 2 && ok; i++) {
		const Opnd *o = &e->opnd[1 + i];
		if (o->kind == OK_FIMM)
			src[i] = interp_fimm(e->ty[0], o->fbits, o->flkind) & 0xFFFFFFFFull;
		else if (o->kind == OK_IMM)
			src[i] = (uint64_t)o->imm & 0xFFFFFFFFull;
		else if (o->kind != OK_REG || !kconst(f, srcval(e, 1 + i), depth + 1, &src[i]))
			ok = 0;
	}
	knohalf2 = nh;
	if (!ok || alu_decode(e, &op, &why) != 0 || op.nsrc != 2 || op.negsrc)
		return -1;
	alu_exec(&op, src, dst, &cc);
	return (int)(dst[0] & 1) ^ neg;
}

/* selp.b32 d by a predicate a setp of values ptxas knows writes, an f32
 * or 32-bit integer compare without a BoolOp: it decides the compare and
 * picks the operand, which is known where that one is (sm_90 SASS, v14
 * xmix 2118: selp.f32 x, c, !(x > c) of an x that shr.s32 and sub.s32 of
 * add.f32 of 0 and 1.17549435e-38 make, a NaN, and of a selp by
 * setp.le.f32 x, x, is IMAD.MOV -0x7e stored, no FMNMX; 0xffffff82 on an
 * H200).  kselpick: which operand it picks, 1 or 2, else 0, of an f32
 * compare only where fcmp; kselp: *r the operand's bits. */
static int
kselpick(const Func *f, const Ins *d, int depth, int fcmp)
{
	const Opnd *po = &d->opnd[3];
	int neg = po->kind == OK_NOT, u = 0, t;

	if (neg)
		po = po->nsub == 1 ? &po->sub[0] : NULL;
	if (!po || po->kind != OK_REG || !po->sym || po->sym->kind != SYM_REG || po->sel != SEL_NONE || po->imm)
		return 0;
	for (int i = 1; i <= 2; i++)
		u += srcval(d, i) >= 0;
	if (u >= d->nuse || (t = ksetpval(f, d->use[u], depth, fcmp)) < 0)
		return 0;
	return t ^ neg ? 1 : 2;
}

/* A set of a float with itself: 0 where it is false whatever the value
 * (the ordered ne, lt and gt), 1 where true (the unordered equ, leu and
 * geu), NaN or not (set.ne.u32.f32 x, x is RZ in sm_90 SASS); 2 where a
 * NaN decides it; -1 for any other instruction. */
static int
fselfset(const Ins *d)
{
	if (d->op != OP_SET || d->nopnd != 3 || d->nty != 2 || ir_tyinfo[d->ty[1]].kind != TK_FLOAT ||
	    srcval(d, 1) < 0 || srcval(d, 1) != srcval(d, 2))
		return -1;
	if (ir_hasmod(d, MOD_EQU) || ir_hasmod(d, MOD_LEU) || ir_hasmod(d, MOD_GEU))
		return 1;
	return ir_hasmod(d, MOD_NE) || ir_hasmod(d, MOD_LT) || ir_hasmod(d, MOD_GT) ? 0 : 2;
}

/* Is v a set of a value with itself by an unsigned compare (lo, hi, ls,
 * hs)?  Its value is the same whatever the value, but ptxas leaves it to
 * an ISETP that runs, so an slct by it is a SEL at run time (sm_90 SASS:
 * slct.u32.f32 of -1 and x by set.lo.s32.u32 y, y is FSETP.GE and SEL; v15
 * xmix 218208: a bfe.s32 at that slct's -1, 4 took its position at run
 * time, not by the immediate rule, on an H200) */
static int
unsignedself(const Func *f, int v)
{
	int w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	return d && d->op == OP_SET && d->nopnd == 3 && srcval(d, 1) >= 0 && srcval(d, 1) == srcval(d, 2) &&
	    (ir_hasmod(d, MOD_LO) || ir_hasmod(d, MOD_HI) || ir_hasmod(d, MOD_LS) || ir_hasmod(d, MOD_HS));
}

/* Operand i (1 or 2) of a 32-bit selp or slct d, which it picks, where
 * ptxas knows it: a literal, or a register kconst knows (*r its bits). */
static int
kpicked(const Func *f, const Ins *d, int i, int depth, uint64_t *r)
{
	const Opnd *o = &d->opnd[i];

	if (o->kind == OK_IMM)
		return *r = (uint64_t)o->imm & 0xFFFFFFFFull, 1;
	if (o->kind == OK_FIMM)
		return *r = interp_fimm(d->ty[0], o->fbits, o->flkind) & 0xFFFFFFFFull, 1;
	return o->kind == OK_REG && kconst(f, srcval(d, i), depth + 1, r);
}

static int
kselp(const Func *f, const Ins *d, int depth, uint64_t *r)
{
	int pick = kselpick(f, d, depth, 1);

	return pick && kpicked(f, d, pick, depth, r);
}

/* szext.clamp of a width it knows of 32 or more is its source, which
 * ptxas drops the SGXT for, so a source it knows is known (sm_90 SASS: a
 * bfe.s32 of a lane number at szext.clamp.s32 0xff, 32, 33 or
 * 1056964608 is the immediate rule's -1, where at the szext.clamp of 31,
 * 9 or 8, or at a .wrap of 32, 40 or 64, it keeps the SGXT; v15 immx
 * 62339: such a bfe at 0xff, 1056964608 is -1 on an H200). */
static int
kszext(const Func *f, const Ins *d, int depth, uint64_t *r)
{
	uint64_t c[2];

	for (int i = 0; i < 2; i++)
		if (d->opnd[1 + i].kind == OK_IMM)
			c[i] = (uint64_t)d->opnd[1 + i].imm & 0xFFFFFFFFull;
		else if (d->opnd[1 + i].kind != OK_REG || !kconst(f, srcval(d, 1 + i), depth + 1, &c[i]))
			return 0;
	if (c[1] < 32)
		return 0;
	*r = c[0];
	return 1;
}

/* Does ptxas leave packed half instruction d to run even of constants?
 * All but neg and abs .f16x2 without .ftz, which it folds as the sign
 * bits they are (sm_90 SASS: a bfe.s32 past the word of add, min, fma
 * .f16x2, add.bf16x2, cvt.rn.f16x2.f32, set.f16x2, neg.ftz.f16x2 and
 * neg or abs.bf16x2 of mov'd positive constants is the immediate rule's
 * -1, of neg.f16x2 of a negative one RZ; neg.f32 of mul.f16x2 of movs is
 * an HMUL2 and an FADD -R, -RZ, the canonical NaN; v15 immx 9522, 73151,
 * 41990: neg.f32, abs.ftz.f32 of mul, add.f16x2 and neg.bf16x2 of
 * values ptxas knows gave 0x7fffffff on an H200). */
static int
khalf2run(const Ins *d)
{
	if (d->nty < 1 || (d->ty[0] != TY_F16X2 && d->ty[0] != TY_BF16X2 && d->ty[d->nty - 1] != TY_F16X2 &&
	    d->ty[d->nty - 1] != TY_BF16X2))
		return 0;
	return d->op != OP_MOV &&
	    !((d->op == OP_NEG || d->op == OP_ABS) && d->ty[0] == TY_F16X2 && !ir_hasmod(d, MOD_FTZ));
}

/* The bits of 32-bit value v that ptxas knows are 0 whatever the inputs,
 * as a bfi's base (foldbfi): its known-bits analysis sees through and, or,
 * shl and shr by an immediate and a zero-extending cvt from u8 or u16
 * (sm_90 SASS: a shr.u32 of an and with 255 by 8, shr.s32 by 9, an and
 * by 0x0f of an and with 0xf0, a shr.u32 by 8 of a shr.u32 by 24 are
 * each RZ stored;
 * v1 seed 309056: a bfi.b32 at 30, 64 into a shr.s32 by 30 of the lane,
 * an and with 31, is a shift of the inserted value, the manual's rule
 * for a base it knows), and so is a mov of %laneid by 5.  %tid.x it does
 * not bound (SHF.R.U32.HI by 10 of it stays).  Not a value it knows
 * (kconst) for every reader: a sub.s32 of 127 from a shr.u32 by 23 of an
 * and with 255 is a LEA.HI of the register (v15 xmix 101085: max.ftz.f32
 * of it with itself was the FADD.FTZ's canonical NaN on an H200, not the
 * constant 0x7fffff81 folded). */
static uint32_t
kzero(const Func *f, int v, int depth)
{
	int w;
	const Ins *d = v >= 0 && depth < kdepth ? defof(f, v, &w) : NULL;
	uint32_t z[2] = { 0, 0 }, k;
	uint64_t c;

	if (!d || d->guard || d->ndst != 1 || d->ndef != 1 || d->nty < 1 || ir_tyinfo[d->ty[0]].bits != 32 ||
	    ir_tyinfo[f->regs[f->val[w].reg]->type].bits != 32)
		return 0;
	if (d->op == OP_CVT && d->nopnd == 2 && d->nty == 2 && (d->ty[1] == TY_U8 || d->ty[1] == TY_U16) &&
	    !ir_hasmod(d, MOD_SAT))
		return d->ty[1] == TY_U8 ? ~0xFFu : ~0xFFFFu;
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_REG && d->opnd[1].sym &&
	    d->opnd[1].sym->kind == SYM_SREG && d->opnd[1].sym->sreg == SR_LANEID)
		return ~31u;
	if ((d->op != OP_AND && d->op != OP_OR && d->op != OP_SHL && d->op != OP_SHR) || d->nopnd != 3)
		return 0;
	for (int i = 1; i <= 2; i++) {
		const Opnd *o = &d->opnd[i];
		if (o->kind == OK_IMM)
			z[i - 1] = ~(uint32_t)o->imm;
		else if (srcval(d, i) < 0)
			return 0;
		else if (kconst(f, srcval(d, i), depth + 1, &c))
			z[i - 1] = ~(uint32_t)c;
		else if (i == 1 || d->op == OP_AND || d->op == OP_OR)
			z[i - 1] = kzero(f, srcval(d, i), depth + 1);
		else
			return 0;   /* a shift by an amount it does not know */
	}
	if (d->op == OP_AND)
		return z[0] | z[1];
	if (d->op == OP_OR)
		return z[0] & z[1];
	k = ~z[1];
	if (k >= 32)
		return d->op == OP_SHR && d->ty[0] == TY_S32 ? (z[0] & 0x80000000u ? ~0u : 0) : ~0u;
	if (d->op == OP_SHL)
		return z[0] << k | ((1u << k) - 1);
	if (d->ty[0] == TY_S32 && !(z[0] & 0x80000000u))
		return (z[0] >> k) & (0xFFFFFFFFu >> k);
	return z[0] >> k | ~(0xFFFFFFFFu >> k);
}

/* Does ptxas fuse shr v (by an amount it knows) into a LEA.HI with the
 * add that reads it before its known-bits analysis sees the shift?  Where
 * the add or sub (no .cc, no .sat) is its one reader (through movs), and
 * reads it once, as either addend of an add, as the minuend of a sub, but
 * as the second addend only where the first is not such a shr itself
 * (sm_90 SASS: (x & 255) >> 23 added to 7 or y, or less 127, and
 * ((x & 0x7fffff) | 0x3f800000) >> 23 less 127 or y, are each LEA.HI of
 * the and or or, its shift unfolded; with a second reader, as the
 * subtrahend, read twice, by add.cc or add.sat, or of a shl, the
 * constant; v14 xmix 3188, line 176: the sub of 127 of such a shr of an
 * and with 255 is no constant, its neg.ftz.f32 at line 195 an FADD.FTZ
 * of the register). */
static int
leahi(const Func *f, int v)
{
	for (int n = 0; n < 8; n++) {
		const Ins *e;
		int u, z;
		if (v < 0 || v >= f->nval || f->phird[v] || f->rdoff[v + 1] - f->rdoff[v] != 1)
			return 0;
		e = f->ins[f->rd[f->rdoff[v]]];
		if (e->guard || e->ndef != 1 || e->nty != 1 || ir_tyinfo[e->ty[0]].bits != 32)
			return 0;
		if (e->op == OP_MOV && e->nopnd == 2 && e->opnd[1].kind == OK_REG) {
			v = e->def[0];
			continue;
		}
		if ((e->op != OP_ADD && e->op != OP_SUB) || e->nopnd != 3 || !isint(e->ty[0]) ||
		    ir_hasmod(e, MOD_SAT) || ir_hasmod(e, MOD_CC) || srcval(e, 1) == srcval(e, 2))
			return 0;
		if (srcval(e, 1) == v)
			return 1;
		if (e->op == OP_SUB)
			return 0;
		/* the second addend: the first a shr that this rule fuses */
		const Ins *a = (u = srcval(e, 1)) >= 0 ? defof(f, u, &z) : NULL;
		return !(a && !a->guard && a->op == OP_SHR && a->nopnd == 3 && ir_tyinfo[a->ty[0]].bits == 32 &&
		    f->rdoff[z + 1] - f->rdoff[z] == 1);
	}
	return 0;
}

/* The bits of 32-bit value v that ptxas's known-bits analysis knows:
 * *z those it knows 0, *o those it knows 1, through and, or, xor, not and
 * shifts by an amount it knows, of immediates, kconst values and
 * zero-extending cvts.  ptxas folds a value all of whose bits it knows
 * (sm_90 SASS: shr.u32 by 23 of an or with 0f3F800000 of an and with
 * 0x7fffff of a loaded value, an and of that with 255 and an
 * add.ftz.f32 of it and 0.5 are the constant 0.5, and a bfi.b32 of 127
 * at 11, 33 into it the manual's 0x3f800, IMAD.MOV.U32 R, RZ, RZ,
 * 0x3f800; v15 xmix 389296, line 79, on an H100, where the mask rule for
 * an unknown base gives 0x3f000800).  Asked where klit is (kconst). */
static void
kbits(const Func *f, int v, int depth, uint32_t *z, uint32_t *o)
{
	int w;
	const Ins *d = v >= 0 && depth < kdepth ? defof(f, v, &w) : NULL;
	uint32_t zz[2] = { 0, 0 }, oo[2] = { 0, 0 }, k;
	uint64_t c;

	*z = *o = 0;
	if (!d || d->guard || d->ndst != 1 || d->ndef != 1 || d->nty < 1 || ir_tyinfo[d->ty[0]].bits != 32 ||
	    ir_tyinfo[f->regs[f->val[w].reg]->type].bits != 32)
		return;
	if (kconst(f, v, depth, &c)) {
		*o = (uint32_t)c;
		*z = ~(uint32_t)c;
		return;
	}
	if (d->op == OP_CVT && d->nopnd == 2 && d->nty == 2 && (d->ty[1] == TY_U8 || d->ty[1] == TY_U16) &&
	    isint(d->ty[0]) && !ir_hasmod(d, MOD_SAT)) {
		*z = d->ty[1] == TY_U8 ? ~0xFFu : ~0xFFFFu;
		return;
	}
	if (d->op == OP_NOT && d->nopnd == 2 && d->opnd[1].kind == OK_REG) {
		kbits(f, srcval(d, 1), depth + 1, o, z);
		return;
	}
	if ((d->op != OP_AND && d->op != OP_OR && d->op != OP_XOR && d->op != OP_SHL && d->op != OP_SHR) ||
	    d->nopnd != 3)
		return;
	for (int i = 1; i <= 2; i++) {
		const Opnd *o1 = &d->opnd[i];
		if (o1->kind == OK_IMM || (o1->kind == OK_FIMM && o1->flkind == FL_F32HEX)) {
			oo[i - 1] = o1->kind == OK_IMM ? (uint32_t)o1->imm : (uint32_t)o1->fbits;
			zz[i - 1] = ~oo[i - 1];
		} else if (o1->kind != OK_REG || srcval(d, i) < 0)
			return;
		else
			kbits(f, srcval(d, i), depth + 1, &zz[i - 1], &oo[i - 1]);
	}
	/* (one operand known in part: the analysis's own result) */
	int part = (zz[0] | oo[0]) != 0xFFFFFFFFu || (zz[1] | oo[1]) != 0xFFFFFFFFu;
	switch (d->op) {
	case OP_AND:
		if (part)
			kbitspart = 1;
		*z = zz[0] | zz[1];
		*o = oo[0] & oo[1];
		return;
	case OP_OR:
		if (part)
			kbitspart = 1;
		*z = zz[0] & zz[1];
		*o = oo[0] | oo[1];
		return;
	case OP_XOR:
		if (part)
			kbitspart = 1;
		*z = (zz[0] & zz[1]) | (oo[0] & oo[1]);
		*o = (zz[0] & oo[1]) | (oo[0] & zz[1]);
		return;
	default:
		break;
	}
	if ((zz[1] | oo[1]) != 0xFFFFFFFFu)
		return;   /* a shift by an amount it does not know */
	k = oo[1];
	/* (a shift of a constant is the early pass's; of a value known in
	 * part, a LEA.HI where leahi says so) */
	if (part && d->op == OP_SHR && k >= 1 && k <= 31 && leahi(f, w))
		return;
	if (part)
		kbitspart = 1;
	if (k >= 32) {
		if (d->op == OP_SHR && d->ty[0] == TY_S32) {
			*z = zz[0] & 0x80000000u ? ~0u : 0;
			*o = oo[0] & 0x80000000u ? ~0u : 0;
		} else
			*z = ~0u;
		return;
	}
	if (d->op == OP_SHL) {
		*z = zz[0] << k | ((1u << k) - 1);
		*o = oo[0] << k;
	} else if (d->ty[0] == TY_S32) {
		*z = (uint32_t)((int32_t)zz[0] >> k);
		*o = (uint32_t)((int32_t)oo[0] >> k);
	} else {
		*z = zz[0] >> k | ~(0xFFFFFFFFu >> k);
		*o = oo[0] >> k;
	}
}

/* Does ptxas's known-bits analysis (kbits) know every bit of 32-bit value
 * v, where klit's literals are known?  *part: combining a value it knows
 * only in part (kbitsonly). */
static int
kbitsall(const Func *f, int v, int *part)
{
	int lit = klit, in = kbitsin, kd = kdepth, pt = kbitspart;
	uint32_t z, o;

	klit = 1;
	kbitsin = 1;
	kdepth = 12;
	kbitspart = 0;
	kbits(f, v, 0, &z, &o);
	*part = kbitspart;
	klit = lit;
	kbitsin = in;
	kdepth = kd;
	kbitspart = pt;
	return (z | o) == 0xFFFFFFFFu;
}

/* Is a field of bfe.s32 instruction k a value ptxas knows only by its
 * known-bits analysis (kbitsonly)? */
static int
bfefieldkbits(const Func *f, int k)
{
	const Ins *d = k >= 0 && k < f->nins ? f->ins[k] : NULL;

	if (!d || d->op != OP_BFE || d->nopnd != 4)
		return 0;
	for (int i = 2; i <= 3; i++)
		if (d->opnd[i].kind == OK_REG && kbitsonly(f, srcval(d, i)))
			return 1;
	return 0;
}

/* Is d an and of a register an and wrote?  ptxas folds an and by 0x0f of
 * an and with 0xf0 only later: a bfi.b32 at 3, 56 into it is a LOP3 by
 * the mask rule's 0x7fffff8 in sm_90 SASS, where into a shr of such an
 * and, or an and of a shr, it is a shift, the manual's rule (foldbfi). */
static int
kandand(const Func *f, const Ins *d)
{
	int w;

	if (d->op != OP_AND)
		return 0;
	for (int i = 1; i <= 2; i++) {
		const Ins *s = srcval(d, i) >= 0 ? defof(f, srcval(d, i), &w) : NULL;
		if (s && s->op == OP_AND)
			return 1;
	}
	return 0;
}

/* Is predicate value pv the second of a setp's pair (p|q's q)?  ptxas's
 * early pass does not know it, even of a compare it knows (v14 dag 27519:
 * an @q add.s32 under setp.eq.s32 p|q of x, x ran on an H200 as if q were
 * unknown), so kconst's guard rule leaves it. */
static int
kpairq(const Func *f, int pv)
{
	int w;
	const Ins *e = pv >= 0 ? defof(f, pv, &w) : NULL;

	return e && e->op == OP_SETP && e->opnd[0].kind == OK_PAIR && e->ndef == 2 && w == e->def[1];
}

/* The width of source i (0 the first) of d, where an immediate stands:
 * its last type's, but slct's a and b are of its first (v15 immx 260601:
 * neg.f64 of slct.u64.s32 0xfff8000000012345, -1 by a positive selector
 * is ptxas's folded 0x7ff8000000012345 on an H200, not of the word
 * 0x12345) and mad.wide's c twice the factors' */
static int
srcbits(const Ins *d, int i)
{
	if (d->op == OP_SLCT && d->nty == 2 && i < 2)
		return ir_tyinfo[d->ty[0]].bits;
	if (d->op == OP_MAD && ir_hasmod(d, MOD_WIDE) && i == 2)
		return 2 * ir_tyinfo[d->ty[d->nty - 1]].bits;
	return ir_tyinfo[d->ty[d->nty - 1]].bits;
}

/* Is d an add.cc or sub.cc (no carry in) of two integer literals, whose
 * value ptxas evaluates as it compiles, whether the carry out is read or
 * not?  neg.f64 or abs.f64 of it is the constant with its sign flipped or
 * cleared, a NaN's payload kept (sm_90 SASS: a MOV of 0x7fffffffffffffe5
 * for neg.f64 of add.cc.s64 -29, 2; v15 immx 15797, 62555, 107914,
 * 127637, 133535, 309841 on an H200, where the DADD that neg.f64 of a
 * register is keeps a NaN's sign).  interp_fold_dconstdeep's walk
 * (kwhole) asks, and so do the readers of klit's literals: a bfe.s32
 * past the word of a length add.cc.u32 0x3effffff, 87 is the immediate
 * rule's -1, a slct.s32.s32 by sub.cc.u32 0x7fc00001, 1 a copy of b, a
 * cvt.rzi.u32.f32 of cvt.rz.f32.u32 of set.gt.u32.s32 of add.cc.u32
 * 0x7fffff00, 0x10 and 8 an I2FP of 0xffffffff (sm_90 SASS of each;
 * v15 immx 286560, line 168: the bfe gave -1 on an H100;
 * tests/regress/bfe-s32-cvt-pack-field.ptx); the other readers of
 * kconst were not measured. */
static int
ccliterals(const Ins *d)
{
	if (!(kwhole || klit) || (d->op != OP_ADD && d->op != OP_SUB) || d->ndst != 1 || d->nopnd != 3 || d->guard)
		return 0;
	return d->opnd[1].kind == OK_IMM && d->opnd[2].kind == OK_IMM;
}

/* Is d a 64-bit add, sub, mul or mad.lo with a source that a 64-bit and,
 * or, xor or shr wrote (through movs)?  ptxas splits such a logical op or
 * shift into word ops and folds them late, after it has made the add a
 * carry chain, which it leaves to run even of constants (sm_90 SASS:
 * add.s64 of xor.b64 of a mov'd 2251799813685247 with its shr.s64 by 63,
 * plus 1, is UMOV 0x1, UIADD3 UR4, UP0, UR4, -0x1 and UIADD3.X of
 * 0x7ffff, and a set.gt.f32.s64 of it an ISETP and SEL at run time, the
 * same for shr.u64, and.b64, or.b64 and a sub, mul.lo, mul.hi or mad.lo;
 * of shl.b64, not.b64, neg.s64, a cvt.u64.u32 or a pack it folds the
 * add).  So such a value is none ptxas knows: a mul.f32 by a set's 1.0 of
 * it is an FMUL, a NaN factor the canonical NaN (v14 xmix 37699, line
 * 86: 0x7fffffff on an H200, where the folded FMUL kept the payload;
 * tests/regress/fold-add64-of-split-logic-late.ptx).  A bfe.u64 or
 * .s64 alike (sm_90 SASS: UIADD3 UR4, UR4, -0x40000000 for add.s64 of
 * bfe.u64 of an xor.b64 of a mov, and 1023, so mul.f64 by the 1.0 its
 * shl.b64 by 52 makes is a DMUL; v15 xmix 436347, 76970 on an H100). */
static int
add64late(const Func *f, const Ins *d)
{
	if ((d->op != OP_ADD && d->op != OP_SUB && d->op != OP_MUL && d->op != OP_MAD) || d->nty != 1 ||
	    ir_tyinfo[d->ty[0]].bits != 64 || ir_tyinfo[d->ty[0]].kind == TK_FLOAT)
		return 0;
	for (int i = 1; i < d->nopnd && i <= 3; i++) {
		int v = srcval(d, i), w;
		const Ins *s = v >= 0 ? defof(f, v, &w) : NULL;
		if (s && !s->guard && s->nty == 1 && ir_tyinfo[s->ty[0]].bits == 64 &&
		    (s->op == OP_AND || s->op == OP_OR || s->op == OP_XOR || s->op == OP_SHR || s->op == OP_BFE))
			return 1;
	}
	return 0;
}

/* A set.f32 (no BoolOp) with a source ptxas knows to be a NaN (an
 * immediate or a value it knows) is decided whatever the other: false for
 * eq, ne, lt, le, gt, ge and num, true for the unordered compares and nan;
 * 0, or all ones (1.0 for an .f32 destination) (sm_90 SASS: RZ stored for
 * set.ne.u32.f32 x, 0f7F80FF80 and set.gt.u32.f32 x of a mov.f32 of
 * 0f7FC00001, 0xffffffff for set.gtu, 1.0 for set.equ.f32.f32 x,
 * 0fFFC00000, of a loaded x).  So selp.f32 x, s, p of setp.ltu.ftz s, x of
 * such a set s of x and 0f7F80FF80, +0, is the FMNMX.NAN of +0 and x
 * (fold.c foldselmm), a NaN x the canonical NaN (v14 xmix 36856, line
 * 124: 0x7fffffff on an H200; tests/regress/set-f32-of-known-nan.ptx).
 * A set.f64 alike, of an f64 NaN it holds (as interp_fold_dconst): v15 xmix
 * 8881, bfe.s32 x, set.nan.s32.f64 y, mov'd 0Dfff4000000000abc, 3 is the
 * immediate rule's -1, an FMUL of -QNAN on an H200, and the bfe of
 * another set.nan.u32.f64 of a NaN literal alike (sm_90 SASS).
 * 1 with the result in *r, else 0. */
static int
setnank(const Func *f, const Ins *d, int depth, uint64_t *r)
{
	static const int ord[] = { MOD_EQ, MOD_NE, MOD_LT, MOD_LE, MOD_GT, MOD_GE, MOD_NUM };
	static const int un[] = { MOD_EQU, MOD_NEU, MOD_LTU, MOD_LEU, MOD_GTU, MOD_GEU, MOD_NAN_CMP };
	int t = -1, f64 = d->nty == 2 && d->ty[1] == TY_F64;

	if (d->op != OP_SET || d->guard || d->nopnd != 3 || d->nty != 2 || (d->ty[1] != TY_F32 && !f64) ||
	    (d->ty[0] != TY_U32 && d->ty[0] != TY_S32 && d->ty[0] != TY_F32) ||
	    ir_hasmod(d, MOD_AND) || ir_hasmod(d, MOD_OR) || ir_hasmod(d, MOD_XOR))
		return 0;
	for (int i = 0; i < 7; i++) {
		if (ir_hasmod(d, ord[i]))
			t = 0;
		if (ir_hasmod(d, un[i]))
			t = 1;
	}
	if (t < 0)
		return 0;
	for (int i = 1; i <= 2; i++) {
		const Opnd *o = &d->opnd[i];
		uint64_t c;
		if (f64) {
			if (o->kind == OK_FIMM)
				c = interp_fimm(TY_F64, o->fbits, o->flkind);
			else if (o->kind == OK_IMM)
				c = (uint64_t)o->imm;
			else if (o->kind != OK_REG || !kconstf64src(f, srcval(d, i), depth + 1, &c) ||
			    !wordsk(f, srcval(d, i), 3, 0))
				continue;   /* (interp_fold_dconst's test, inside this walk) */
			if ((c & ~(1ull << 63)) > 0x7FF0000000000000ull)
				return *r = !t ? 0 : d->ty[0] == TY_F32 ? 0x3F800000u : 0xFFFFFFFFu, 1;
			continue;
		}
		if (o->kind == OK_FIMM && o->flkind == FL_F32HEX)
			c = (uint32_t)o->fbits;
		else if (o->kind == OK_IMM)
			c = (uint32_t)o->imm;
		else if (o->kind != OK_REG || !kconst(f, srcval(d, i), depth + 1, &c))
			continue;
		if ((c & 0x7FFFFFFFu) > 0x7F800000u)
			return *r = !t ? 0 : d->ty[0] == TY_F32 ? 0x3F800000u : 0xFFFFFFFFu, 1;
	}
	return 0;
}

/* Is d a cvt to a 32-bit integer from an f64?  ptxas
 * computes one of an f64 it knows, a mov of an f64 immediate, 0d or
 * decimal, too (kf64) (sm_90 SASS: a max.ftz.f32 of a value with itself
 * of a brev.b32 of a set.gtu.ftz.f32.f32 less 1 of a set.le.s32.s32 of
 * cvt.rzi.s32.f64 of mov.b64 0D7ff0000000000000 is a MOV of 0xffffffff,
 * where a max.ftz.f32 it does not know is an FADD.FTZ, the canonical NaN;
 * cvt.rni.u32.f64 of mov.b64 0dFFF0000000000000 likewise; v14 xmix
 * 10619, line 94: 0xffffffff on an H200).  Not to a 64-bit integer: an
 * F2I.S64.F64.FLOOR of +QNAN stays for cvt.rmi.s64.f64 of a mov.b64 of
 * 0d7FF8000000000000 (tests/regress/cvt-int-f64-literal-known.ptx),
 * nor to u8: cvt.rmi.u8.f64 of a mov.u64 0x7ff0000000000001 is an
 * F2I.U8.F64.FLOOR of the UMOV'd pair, and a bfe.s32 at it takes its
 * position at run time (v14 xmix 38060: max.f16x2 of that bfe with
 * itself 0 on an H100). */
static int
cvtf64int(const Ins *d)
{
	return d->op == OP_CVT && d->nty == 2 && d->ty[1] == TY_F64 && isint(d->ty[0]) &&
	       ir_tyinfo[d->ty[0]].bits == 32;
}

/* The guard of d where ptxas decides it: 1 true, 0 false (it drops d,
 * the register keeping the value before), else -1.  A guard it knows
 * (interp_fold_guardconst) or one an integer setp of values it knows
 * writes (sm_90 SASS: the same HFMA2 as kconst's for an @p mov.b32 by
 * setp.le.s32 of two bfes of a mov'd 0x80003c00 and it, or by
 * setp.gt.s32 of a mov'd 7 and 5; v14 xmix 20732: the -0 high half on an
 * H200); not the second of a setp's pair (kpairq), nor for an
 * instruction that reads its destination. */
static int
kguard(const Func *f, const Ins *d, int depth)
{
	int g;

	if (!d->guard || d->ndef != 1 || d->nuse < 2 || (ir_opinfo[d->op].flags & OF_RDST) || kpairq(f, d->use[0]))
		return -1;
	g = interp_fold_guardconst(f, d);
	if (g < 0 && (d->guard->kind == OK_REG || d->guard->kind == OK_NOT) &&
	    (g = ksetpval(f, d->use[0], depth, 0)) >= 0)
		g ^= d->guard->kind == OK_NOT;
	return g;
}

/* A set or setp of an integer or bit type whose two sources are one
 * value: 1 where its compare holds whatever the value (eq, le, ge, ls,
 * hs), 0 where it fails (ne, lt, gt, lo, hi); -1 for any other
 * instruction. */
static int
selfcmp(const Ins *d)
{
	int t;

	if (d->nty < 1 || !(isint(d->ty[d->nty - 1]) || ir_tyinfo[d->ty[d->nty - 1]].kind == TK_BIT) ||
	    d->nopnd < d->ndst + 2 || srcval(d, d->ndst) < 0 || srcval(d, d->ndst) != srcval(d, d->ndst + 1))
		return -1;
	t = ir_hasmod(d, MOD_EQ) || ir_hasmod(d, MOD_LE) || ir_hasmod(d, MOD_GE) || ir_hasmod(d, MOD_LS) ||
	    ir_hasmod(d, MOD_HS);
	if (!t && !ir_hasmod(d, MOD_NE) && !ir_hasmod(d, MOD_LT) && !ir_hasmod(d, MOD_GT) && !ir_hasmod(d, MOD_LO) &&
	    !ir_hasmod(d, MOD_HI))
		return -1;
	return t;
}

/* Is 32-bit value v one ptxas knows whatever the inputs (*r its bits)?
 * Yes for a mov of an immediate, an rcp.f32 of a known 1.0, an or with
 * all ones, an and or a mul with 0, an xor of a value with itself, a sub
 * of x from an add of x and a value it knows, a set
 * or setp-free compare of an integer with itself, and an integer ALU
 * instruction all of whose sources are immediates or such values
 * (computed as the interpreter would: a bfe.s32 by the rule bfeimm
 * decides, as its own fold does), and a min or max.f32 of such
 * values that are not NaNs.  Values of 64 bits are walked
 * as sources, so a popc, clz or bfind of 64 bits is known where its
 * source is (v6 seed 69084: a popc.b64 of a not.b64 of a shl.b64 by 69
 * is 64 to ptxas).  A short walk: depth 6. */
static int
kconst(const Func *f, int v, int depth, uint64_t *r)
{
	int w, n, any = 0, bits, fminmax, unguarded = 0;
	const Ins *d = v >= 0 && depth < kdepth ? defof(f, v, &w) : NULL;
	uint64_t src[4], dst[2] = { 0, 0 }, m;
	uint32_t cc = 0;
	AluOp op;
	const char *why;

	if (knohalf2 && d && d->nty >= 1 && (d->ty[0] == TY_F16X2 || d->ty[0] == TY_BF16X2 ||
	    d->ty[d->nty - 1] == TY_F16X2 || d->ty[d->nty - 1] == TY_BF16X2 ||
	    (d->op == OP_SET && (ir_hasmod(d, MOD_HS) || ir_hasmod(d, MOD_LS) || ir_hasmod(d, MOD_LO) ||
	     ir_hasmod(d, MOD_HI)))))
		return 0;
	if (d && khalf2run(d))
		return 0;
	/* an instruction under a guard ptxas knows false is gone, its
	 * register keeps the value before it; under one it knows true it is
	 * the unguarded instruction (sm_90 SASS: fma.rn.f16x2 x, x, x of
	 * mov.b32 0x42008000 and an @p mov.b32 of 0x7fff by setp.ne.s32 of a
	 * value with itself is the HFMA2 R, R'.H0_NH1 of the known pair's -0
	 * half, no SEL; v15 xmix 54342: the -0 low half on an H200; 8978: of a
	 * shf.r.clamp by an @p xor.b32 x, x under setp.gt.f16 y, y) */
	if (d && d->guard) {
		int g = kguard(f, d, depth);
		if (g == 0)
			return kconst(f, d->use[d->nuse - 1], depth + 1, r);
		if (g == 1)
			unguarded = 1;
	}
	/* a word of a mov.b64 {lo, hi} unpack of a 64-bit value it knows, or
	 * the word a shift by an immediate of 32 or more clears: the high one
	 * of a shr.u64 or .b64 and the low one of a shl.b64 (v10 seed 59174
	 * tmap: a bfi.b32 at 23 whose length is an add of 0xff812345 and the
	 * high word of a shr.u64 by 62 inserted the immediate-field rule's
	 * five bits on an H200, as for a length it knows) */
	if (d && !d->guard && d->op == OP_MOV && d->nopnd == 2 && d->opnd[0].kind == OK_VEC && d->opnd[0].nsub == 2 &&
	    d->ndef == 2 && d->nty == 1 && ir_tyinfo[d->ty[0]].bits == 64 &&
	    (srcval(d, 1) >= 0 || d->opnd[1].kind == OK_IMM ||
	    (d->opnd[1].kind == OK_FIMM && d->opnd[1].flkind == FL_F64HEX))) {
		int hi = w == d->def[1], u = srcval(d, 1), z;
		const Ins *s = u >= 0 ? defof(f, u, &z) : NULL;
		uint64_t c;
		/* of a literal too (v15 immx 22935: neg.f16x2 of the high word
		 * of mov.b64 {lo, hi}, 18442240474082181120 keeps its NaN) */
		if (u < 0)
			return *r = (d->opnd[1].kind == OK_IMM ? (uint64_t)d->opnd[1].imm : d->opnd[1].fbits) >>
			    (hi ? 32 : 0) & 0xFFFFFFFFull, 1;
		if (kconst(f, u, depth + 1, &c))
			return *r = hi ? c >> 32 : c & 0xFFFFFFFFull, 1;
		/* of a mov.f64 of a literal, 0d or decimal: two word movs to
		 * ptxas (v15 xmix 131891, 255404: a bfi.b32 at 6, 32 and at
		 * 15, 32 into a word of mov.f64 0D4011500000000000 or 2.5
		 * inserts by the manual's rule, as into a base it knows, on an
		 * H200; 269545: a bfe.s32 of a loaded value at the low word of
		 * mov.f64 -0.1, 0x9999999a, is the immediate rule's -1) */
		if (klit && s && !s->guard && s->op == OP_MOV && s->nopnd == 2 && s->opnd[1].kind == OK_FIMM &&
		    s->nty == 1 && ir_tyinfo[s->ty[0]].bits == 64) {
			c = interp_fimm(TY_F64, s->opnd[1].fbits, s->opnd[1].flkind);
			return *r = hi ? c >> 32 : c & 0xFFFFFFFFull, 1;
		}
		if (s && !s->guard && s->nopnd == 3 && s->nty == 1 && ir_tyinfo[s->ty[0]].bits == 64 &&
		    s->opnd[2].kind == OK_IMM && (uint64_t)s->opnd[2].imm >= 32 &&
		    ((hi && s->op == OP_SHR && s->ty[0] != TY_S64) || (!hi && s->op == OP_SHL)))
			return *r = 0, 1;
		return 0;
	}
	if (!d || (d->guard && !unguarded) || d->ndst != 1 || d->ndef != 1 || d->nty < 1 || d->nopnd > 5)
		return 0;
	/* the width of the register written */
	bits = ir_tyinfo[f->regs[f->val[w].reg]->type].bits;
	/* a 16-bit mov of an immediate as a source, for the readers of
	 * klit's literals (sm_90 SASS: neg.s32 of set.lt.f32.u16 of a
	 * mov.b16 3 and -32768 is IMAD.MOV -0x3f800000, and a lop3 of it
	 * twice and 0x80000000 by 0x96 a LOP3 of that constant and the
	 * register, unmerged with the xor.b32 by 0x80000000 that reads it:
	 * foldlop; v15 xmix 433610, line 127, 0 on an H100) */
	if (klit && bits == 16 && depth > 0 && d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_IMM)
		return *r = (uint64_t)d->opnd[1].imm & 0xFFFFu, 1;
	if (bits != 32 && !(bits == 64 && depth > 0))
		return 0;
	m = bits == 64 ? ~0ull : 0xFFFFFFFFull;
	if (bits == 64 && add64late(f, d))
		return 0;
	if (bits == 32 && setnank(f, d, depth, r))
		return 1;
	/* a mov of an immediate, an integer or a 0f one (v5 seed 16008: a
	 * bfe.s32 by the position of a mov.f32 0fFFFFFFFF and a length of 53
	 * is ptxas's all ones) */
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_IMM)
		return *r = (uint64_t)d->opnd[1].imm & m, 1;
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_FIMM && d->opnd[1].flkind == FL_F32HEX &&
	    bits == 32)
		return *r = (uint32_t)d->opnd[1].fbits, 1;
	/* and a decimal or 0d one into 32 bits, the f32 it rounds to (v15
	 * xmix 82879, 174133: a bfe.s32 of a loaded value at a shr.u32 by 8
	 * of mov.f32 -0.1, or at mov.f32 1E-40, is the immediate rule's -1
	 * on an H200, as in sm_90 SASS; 321462: a bfi.b32 at 22, 34 into
	 * mov.f32 1.17549435e-38 inserts by the manual's rule) */
	if (klit && d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_FIMM && d->nty == 1 &&
	    d->ty[0] == TY_F32 && bits == 32)
		return *r = interp_fimm(TY_F32, d->opnd[1].fbits, d->opnd[1].flkind) & 0xFFFFFFFFull, 1;
	/* of 64 bits, a mov of an f64 immediate, 0d or decimal (its f64
	 * bits), for the cvt of one only (kf64: v14 xmix 4060, 7832: ptxas
	 * computes shr.s64, xor.b64 of mov.f64 -0.0, a pack of a bfe.s32 of
	 * a word of mov.f64 0.333333333, and folds their cvt.rn.f16.f64;
	 * sm_90 SASS: an HFMA2.MMA of +QNAN; but a bfind.u64 of an or.b64 of
	 * mov.f64 1e-50 it leaves to a VIADD, and a bfe.s32 by it keeps its
	 * register position, 467), and a mov.b64 {lo, hi} pack of two words
	 * it knows */
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_FIMM && d->opnd[1].flkind != FL_F32HEX &&
	    bits == 64 && kf64)
		return *r = d->opnd[1].fbits, 1;
	/* and a neg or abs .f64 of such an immediate or of a value it knows,
	 * not a NaN (sm_90 SASS: cvt.f64.bf16 of cvt.rzi.sat.u16.f64 of
	 * abs.f64 9007199254740993.0 is a MOV of 0x7fffffff, the folded NaN
	 * of the 0xffff; v15 immx 591607 on an H100;
	 * tests/regress/kconst-abs-f64.ptx) */
	if ((d->op == OP_NEG || d->op == OP_ABS) && d->nty == 1 && d->ty[0] == TY_F64 && d->nopnd == 2 &&
	    bits == 64 && kf64) {
		uint64_t c;
		if (d->opnd[1].kind == OK_FIMM && d->opnd[1].flkind != FL_F32HEX)
			c = d->opnd[1].fbits;
		else if (d->opnd[1].kind != OK_REG || !kconst(f, srcval(d, 1), depth + 1, &c))
			return 0;
		if ((c & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull)
			return 0;
		return *r = d->op == OP_NEG ? c ^ 0x8000000000000000ull : c & 0x7FFFFFFFFFFFFFFFull, 1;
	}
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_VEC && d->opnd[1].nsub == 2 && d->nuse == 2 &&
	    bits == 64) {
		uint64_t lo, hi;
		if (!kconst(f, d->use[0], depth + 1, &lo) || !kconst(f, d->use[1], depth + 1, &hi))
			return 0;
		return *r = hi << 32 | (lo & 0xFFFFFFFFull), 1;
	}
	/* a mov.b32 {lo, hi} pack of two halves that movs of immediates wrote
	 * (v15 xmix 101923, 102424: a bfe.s32 of a loaded value at a pack
	 * of mov.b16 -12406 or 4224 twice is the immediate rule's -1 on an
	 * H200, as in sm_90 SASS) */
	if (klit && d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_VEC && d->opnd[1].nsub == 2 &&
	    d->nuse == 2 && bits == 32) {
		uint64_t h[2];
		for (int i = 0; i < 2; i++) {
			int z;
			const Ins *s = defof(f, d->use[i], &z);
			if (!s || s->guard || s->op != OP_MOV || s->nopnd != 2 || s->opnd[1].kind != OK_IMM ||
			    ir_tyinfo[f->regs[f->val[z].reg]->type].bits != 16)
				return 0;
			h[i] = (uint64_t)s->opnd[1].imm & 0xFFFFu;
		}
		return *r = h[1] << 16 | h[0], 1;
	}
	/* rcp.f32 of a 1.0 it knows, in any rounding (v6 seed 9658: a div.approx
	 * by rcp.rp.ftz of a mov of 1.0, fold.c folddiv1) */
	if (d->op == OP_RCP && d->ty[0] == TY_F32 && d->nopnd == 2 && d->opnd[1].kind == OK_REG &&
	    kconst(f, srcval(d, 1), depth + 1, r))
		return *r == 0x3F800000u;
	if ((d->op == OP_OR || d->op == OP_AND) && d->nopnd == 3)
		for (int i = 1; i <= 2; i++) {
			uint64_t c;
			if (d->opnd[i].kind == OK_IMM)
				c = (uint64_t)d->opnd[i].imm & m;
			else if (!kconst(f, srcval(d, i), depth + 1, &c))
				continue;
			if (c == (d->op == OP_OR ? m : 0))
				return *r = c, 1;
		}
	/* and, or, xor or a shift whose every bit its known-bits analysis
	 * knows (kbits), for the readers of klit's literals */
	if (klit && bits == 32 && d->nopnd == 3 && (d->op == OP_AND || d->op == OP_OR || d->op == OP_XOR ||
	    d->op == OP_SHL || d->op == OP_SHR) && !kbitsin && !kbitsoff) {
		uint32_t z, o;
		int pt = kbitspart;
		kbitsin = 1;
		kbits(f, v, depth, &z, &o);
		kbitsin = 0;
		if ((z | o) == 0xFFFFFFFFu)
			return *r = o, 1;
		kbitspart = pt;
	}
	/* an xor of a value with itself is 0 (v10 seed 7799 tmap: a clz.b32 of
	 * one is 32, a bfi's length), and so is an integer mul of a 0 it
	 * knows, lo, hi or wide, mul24 too (v10 seed 9559 tmap: a bfind.s32
	 * of a mul.lo.u32 of a shl.b32 by 54 is all ones, a bfi's base; sm_90
	 * SASS: RZ stored for the mul, -1 for the bfind) */
	if (d->op == OP_XOR && d->nopnd == 3 && srcval(d, 1) >= 0 && srcval(d, 1) == srcval(d, 2))
		return *r = 0, 1;
	/* (x + c) - x of 32 bits is the c it knows, .cc or not (v1 seed
	 * 368230: a bfi.b32 at 11 whose length is sub.cc.u32 of add.s32 x,
	 * 0xb320f223 and x inserted the immediate rule's three bits on an
	 * H200; sm_90 SASS: a LOP3 by the mask 0x3800) */
	if (d->op == OP_SUB && d->nopnd == 3 && isint(d->ty[0]) && bits == 32 && !ir_hasmod(d, MOD_SAT) &&
	    srcval(d, 1) >= 0 && srcval(d, 2) >= 0) {
		int z;
		const Ins *a = defof(f, srcval(d, 1), &z);
		if (a && !a->guard && a->op == OP_ADD && a->nopnd == 3 && a->nty == 1 && isint(a->ty[0]) &&
		    ir_tyinfo[a->ty[0]].bits == 32 && !ir_hasmod(a, MOD_SAT))
			for (int i = 1; i <= 2; i++) {
				uint64_t c;
				if (!same(a, i, d, 2))
					continue;
				if (a->opnd[3 - i].kind == OK_IMM)
					return *r = (uint64_t)a->opnd[3 - i].imm & 0xFFFFFFFFull, 1;
				if (a->opnd[3 - i].kind == OK_REG && kconst(f, srcval(a, 3 - i), depth + 1, &c))
					return *r = c & 0xFFFFFFFFull, 1;
			}
	}
	if ((d->op == OP_MUL || d->op == OP_MUL24) && d->nopnd == 3 && isint(d->ty[0]))
		for (int i = 1; i <= 2; i++) {
			uint64_t c;
			if (d->opnd[i].kind == OK_IMM ? d->opnd[i].imm == 0 :
			    kconst(f, srcval(d, i), depth + 1, &c) && c == 0)
				return *r = 0, 1;
		}
	/* (and with a BoolOp the compare decides, a false one .and, a true
	 * one .or, of a value it knows, for the readers of klit's literals:
	 * sm_90 SASS: a bfi.b32 of 127 at 2, 33 into set.lt.and.f32.s16 x,
	 * x, !p of a mov.b16 x is the manual's 0x1fc, where the mask rule
	 * gives 4, as it does of a loaded x, whose ISETP.LT.AND stays; v15
	 * xmix 330948, line 199, on an H100) */
	int t;
	if (d->op == OP_SET && (d->nopnd == 3 || (klit && d->nopnd == 4 && (ir_hasmod(d, MOD_AND) ||
	    ir_hasmod(d, MOD_OR)))) && d->nty == 2 && (t = selfcmp(d)) >= 0) {
		if (d->nopnd == 4 && (t != ir_hasmod(d, MOD_OR) || !kconst(f, srcval(d, 1), depth + 1, r)))
			return 0;
		*r = !t ? 0 : d->ty[0] == TY_F32 ? 0x3F800000u : 0xFFFFFFFFu;
		return 1;
	}
	/* of a float with itself, where no NaN decides it (fselfset) */
	int self = fselfset(d);
	if (self == 2)
		return 0;
	if (self >= 0)
		return *r = !self ? 0 : d->ty[0] == TY_F32 ? 0x3F800000u : 0xFFFFFFFFu, 1;
	/* not a lop3.b32, even of values it knows (an H200: a bfe.s32 at 52
	 * by a lop3 of 0s by 0xcb, all ones, has the manual's result, where
	 * by a not.b32 of such a 0 it has the immediate rule's; v10 seed 620
	 * tmap, tests/regress/bfe-s32-lop3-length.ptx) */
	if (d->op == OP_LOP3)
		return 0;
	/* nor szext, bmsk, sad or prmt, immediates or not: sm_90 SASS keeps
	 * SGXT, BMSK, VABSDIFF and PRMT of immediates (v15 immx 26244: a
	 * bfe.s32 at the szext.clamp of -1, 7 took its position at run time,
	 * the H200's 0 for a positive source where the immediate rule gives
	 * all ones; 28086: abs.f16x2 of a bmsk.clamp of 1, 34 gave the HADD2's
	 * canonical NaN) */
	if (d->op == OP_SZEXT && ir_hasmod(d, MOD_CLAMP) && d->nopnd == 3)
		return kszext(f, d, depth, r);
	if (d->op == OP_SZEXT || d->op == OP_BMSK || d->op == OP_SAD || d->op == OP_PRMT)
		return 0;
	/* nor cvt.pack.sat, which it leaves to an I2IP even of immediates
	 * (sm_90 SASS: I2IP.S16.S32.SAT R, R, 0x2e000000, RZ of two movs of
	 * 0x2e000000, and a bfe.s32 by it takes its fields at run time:
	 * PRMT, SHF.R.S32.HI, SGXT; v15 xmix 128803: a bfe.s32 of a loaded
	 * value at such a pack, 0x7fff7fff, gave the source's sign on an
	 * H100, where the immediate rule gives all ones;
	 * tests/regress/bfe-s32-cvt-pack-field.ptx) */
	if (d->op == OP_CVT_PACK)
		return 0;
	/* selp by an immediate predicate is the operand it picks, which a
	 * known one is (sm_90 SASS: a bfe.s32 past the word of selp.f32 1.0,
	 * 2.0, 0 or of selp.b32 of a mov'd 1 by 1 is RZ, the manual's 0 for a
	 * known positive source; v15 immx 52350: a bfi.b32 at 19, 32 into a
	 * selp.f32 x, 0fBA80A493, 0 inserts by the manual's rule, as into a
	 * base it knows, on an H200) */
	if (d->op == OP_SELP && d->nopnd == 4 && d->opnd[3].kind == OK_IMM && bits == 32)
		return kpicked(f, d, d->opnd[3].imm ? 1 : 2, depth, r);
	/* slct by a selector it knows, an immediate or a value it knows, is
	 * the operand it picks: a for c >= 0 (an f32 -0 too), b below; not
	 * by a NaN f32 (sm_90 SASS: fma.rn.bf16x2 x, x, x of slct.u32.s32 y,
	 * 0x80000000 by a mov'd 0x80000000 or by a shl of an add of mov'd -5
	 * and 1, or of slct.u32.f32 by a mov.f32 of 0fBFC00000, is the
	 * HFMA2.BF16_V2 R, -R'.H0_NH1 of the known pair's -0 half, no SEL;
	 * v15 xmix 43392: the -0 high half on an H200) */
	if (d->op == OP_SLCT && d->nopnd == 4 && d->nty == 2 && bits == 32 &&
	    (d->ty[1] == TY_S32 || d->ty[1] == TY_F32)) {
		uint64_t c;
		int pick;
		if (d->opnd[3].kind == OK_IMM)
			c = (uint64_t)d->opnd[3].imm & 0xFFFFFFFFull;
		else if (d->opnd[3].kind == OK_FIMM)
			c = interp_fimm(TY_F32, d->opnd[3].fbits, d->opnd[3].flkind) & 0xFFFFFFFFull;
		else if (d->opnd[3].kind != OK_REG || unsignedself(f, srcval(d, 3)) ||
		    !kconst(f, srcval(d, 3), depth + 1, &c))
			return 0;
		if (d->ty[1] == TY_F32 && (c & 0x7FFFFFFFu) > 0x7F800000u)
			return 0;
		/* (.ftz takes a subnormal c for 0) */
		if (d->ty[1] == TY_F32 && ir_hasmod(d, MOD_FTZ) && !(c & 0x7F800000u))
			c = 0;
		pick = d->ty[1] == TY_F32 ? ((c & 0x80000000u) && (c & 0x7FFFFFFFu) ? 2 : 1) : (c & 0x80000000u ? 2 : 1);
		return kpicked(f, d, pick, depth, r);
	}
	/* selp of two operands it knows to be one value, whatever the
	 * predicate (sm_90 SASS: selp.f32 of a mov'd -0.0 and a mul.f32 of
	 * it by an and.b32 of set.lt.u32.u64 8, 8 is no SEL, a sub.ftz.f32 of
	 * it from a mov'd 1 and the bfi.b32 of 127 at 26, 35 into an xor of
	 * that with 0x80000000 the constant 0xfc000000, the manual's rule for
	 * a base it knows, where the mask rule gives 0x9c000000;
	 * tests/regress/bfi-bfe-known-bits-selp.ptx.  v15 xmix 437700, line
	 * 198, 0xfc000000 on an H100, needs its bfind.shiftamt.s64 of a
	 * mov.f64 NaN known as well) */
	if (klit && d->op == OP_SELP && d->nopnd == 4 && bits == 32 && (d->opnd[3].kind == OK_REG ||
	    d->opnd[3].kind == OK_NOT)) {
		uint64_t a, b;
		if (kpicked(f, d, 1, depth, &a) && kpicked(f, d, 2, depth, &b) && a == b)
			return *r = a, 1;
	}
	/* and by a predicate a setp of values it knows writes, where asked
	 * (kselk: kselp) */
	if (kselk && d->op == OP_SELP && d->nopnd == 4 && bits == 32 && (d->opnd[3].kind == OK_REG || d->opnd[3].kind == OK_NOT))
		return kselp(f, d, depth, r);
	/* neg and abs .f32 of a value it knows are that value with its sign
	 * flipped or cleared, a NaN's payload kept, .ftz flushing a
	 * subnormal to a 0 of its sign first (sm_90 SASS: a bfi.b32 of a
	 * loaded x at 1, 32 into neg.f32 or abs.f32 of mov.f32 0F7FC00001 is
	 * LEA R, x, 0x1, 0x1, into neg.ftz.f32 of 0F00000001 SHF.L.U32 x, 1;
	 * v15 xmix 457063, line 96: a bfi.b32 of 76 at 1, 32 into max.ftz.f32
	 * of neg.f32 of such a value and 3.0 is the manual's 0x98 on an H100,
	 * as into a base it knows).  A NaN only without .ftz and for the
	 * readers of klit's literals: the early pass that folds a min or max
	 * of a known NaN with itself (fold.c foldmmnan) does not take one
	 * from this rule alone (v15 xmix 98889: min.ftz.f32 x, x of a mov of
	 * set.nan.ftz.s32.f32 y, |set.geu.s32.f64 z, z| is an FADD.FTZ of the
	 * -1, the canonical NaN, in sm_90 SASS and on an H200; 257026: neg.ftz
	 * of neg.ftz of a bfe.s32 past the word is an FADD.FTZ of +QNAN,
	 * 0x7fffffff; 176394: min.f32 x, x of neg.ftz.f32 of a mov'd
	 * 0f7F800001 is the quieted 0xffc00001), though it folds some
	 * (207536: min.ftz.f32 x, x of neg.f32 of an or.b32 of mov'd
	 * 0f7F800001 and 0f7F800000 is 0xffc00001 on an H200) */
	if ((d->op == OP_NEG || d->op == OP_ABS) && d->nty == 1 && d->ty[0] == TY_F32 && d->nopnd == 2 &&
	    bits == 32 && d->opnd[1].kind == OK_REG) {
		uint64_t c;
		if (!kconst(f, srcval(d, 1), depth + 1, &c) ||
		    ((!klit || ir_hasmod(d, MOD_FTZ)) && (c & 0x7FFFFFFFu) > 0x7F800000u))
			return 0;
		c &= 0xFFFFFFFFu;
		if (ir_hasmod(d, MOD_FTZ) && !(c & 0x7F800000u))
			c &= 0x80000000u;
		return *r = d->op == OP_NEG ? c ^ 0x80000000u : c & 0x7FFFFFFFu, 1;
	}
	/* add, sub, mul and cvt.f32 of known values it computes (kfarith) */
	if ((d->op == OP_ADD || d->op == OP_SUB || d->op == OP_MUL || d->op == OP_CVT) && d->ty[0] == TY_F32 &&
	    bits == 32 && (d->op != OP_CVT || (d->nty == 2 && d->ty[1] == TY_F32)))
		return kfarith(f, d, depth, r);
	/* nor a cvt to a float from a 64-bit integer: ptxas folds
	 * cvt.rn.f32.s32, .u32 and .u16 of a constant (sm_90 SASS: a MOV of
	 * the float) but leaves an I2F.S64 of one to run (v14 xmix 16634:
	 * max.ftz.f32 of a set.ne of cvt.rn.f32.s64 of a mov.b64 -1 with
	 * itself is an FADD.FTZ of the set's register, the canonical NaN on
	 * an H200, not the folded 0xffffffff) */
	if (d->op == OP_CVT && d->nty == 2 && ir_tyinfo[d->ty[0]].kind == TK_FLOAT && ir_tyinfo[d->ty[1]].bits == 64)
		return 0;
	/* nor one from an integer in a directed rounding, .rz, .rm or .rp,
	 * which it leaves to an I2F (sm_90 SASS: cvt.rz.f32.u16 0xfe00,
	 * cvt.rm.f32.s32 3, cvt.rp.f32.u32 5 are I2F of the immediate, and a
	 * bfe.s32 past the word of each the immediate rule's -1, where of
	 * cvt.rn.sat.f32.u16 RZ; v15 immx 53234: a mul.f32 by a szext.clamp
	 * of cvt.rz.sat.f32.u16 0xfe00, 1.0, multiplied on an H200) */
	if (d->op == OP_CVT && d->nty == 2 && ir_tyinfo[d->ty[0]].kind == TK_FLOAT &&
	    isint(d->ty[1]) &&
	    (ir_hasmod(d, MOD_RZ) || ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RP)))
		return 0;
	if (alu_decode(d, &op, &why) != 0 || op.ndst != 1 || op.nwords != 1 || op.negsrc ||
	    (op.flags & ALU_CCIN) || ((op.flags & ALU_CCOUT) && !ccliterals(d)) ||
	    (n = d->nopnd - 1) != op.nsrc || n < 1 || n > 4)
		return 0;
	fminmax = (d->op == OP_MIN || d->op == OP_MAX) && d->ty[0] == TY_F32 && d->nopnd == 3;
	/* not min or max .NaN or .xorsign.abs, which ptxas leaves to an
	 * FMNMX.NAN or FMNMX.XORSIGN even of immediates (sm_90 SASS: a
	 * div.approx.f32 by max.NaN.f32 of 1.0 and 0.5 keeps its MUFU.RCP,
	 * where by max.f32 of them it is dropped, and a bfe.s32 past the
	 * word of it is the immediate rule's -1; v15 immx 22369: a
	 * div.approx.f32 by max.ftz.NaN.f32 1.0, 1e-38 divided on an H200) */
	if (fminmax && (op.flags & (ALU_NANP | ALU_XORSIGN)))
		return 0;
	/* a bfe's field past the word leaves the source unread, and so does a
	 * shift by 32 or more; a dp2a or dp4a of a known 0 does not need the
	 * other factor (seed 37029: dp2a.hi of 0); a shift of 0 (or shr.s32
	 * of all ones) is that whatever the amount (v1 seed 200288: sin.approx
	 * of ex2.approx of shr.b32 of a set of x < x by a loaded amount is
	 * ptxas's constant sin(1.0), 0x3f576aa4 in sm_90 SASS and on an H200):
	 * such a source may be anything (tried as 0 and as all ones, which
	 * for a shift amount agree only where every amount does) */
	for (int i = 0; i < n; i++) {
		const Opnd *o = &d->opnd[1 + i];
		if (o->kind == OK_IMM)
			src[i] = (uint64_t)o->imm & (srcbits(d, i) == 64 ? ~0ull : 0xFFFFFFFFull);
		else if (fminmax && o->kind == OK_FIMM)
			/* a 0f, 0d or decimal one, as the f32 it is (v14 xmix
			 * 30955: a bfe.s32 of mul.ftz.sat.f32 of min.f32 x, 1e-50
			 * of a known x is RZ in sm_90 SASS) */
			src[i] = interp_fimm(TY_F32, o->fbits, o->flkind) & 0xFFFFFFFFu;
		else if (ir_tyinfo[d->ty[d->nty - 1]].kind == TK_FLOAT && d->op != OP_SET && !fminmax &&
		    !(cvtf64int(d) && o->kind == OK_REG))
			return 0;   /* ptxas evaluates no float instruction of a known value
			             * (v4 seed 30714: sqrt.rn.ftz.f32 of a mov) but
			             * min and max (below) */
		else if (o->kind == OK_FIMM && ir_tyinfo[d->ty[d->nty - 1]].kind == TK_FLOAT)
			/* a float operand of a set's compare, a decimal one too, as
			 * the value of the compare's type (v15 xmix 52771: max.ftz.f32
			 * with itself of an or with set.geu.u32.f32 of a mov'd NaN and
			 * 0.1, all ones, is the folded 0xffffffff on an H200) */
			src[i] = interp_fimm(d->ty[d->nty - 1], o->fbits, o->flkind) &
			    (ir_tyinfo[d->ty[d->nty - 1]].bits == 64 ? ~0ull : 0xFFFFFFFFull);
		else if (o->kind == OK_FIMM) {
			/* a 0f or 0d operand of an integer instruction of its
			 * width is its bits (v14 xmix 3884: xor.b32 of a word of
			 * a mov.b64 0x7ff0000000000001 with 0f80000000) */
			int tb = ir_tyinfo[d->ty[d->nty - 1]].bits;
			if (!((o->flkind == FL_F32HEX && tb == 32) || (o->flkind == FL_F64HEX && tb == 64)))
				return 0;
			src[i] = tb == 32 ? (uint32_t)o->fbits : o->fbits;
		}
		else if (!(cvtf64int(d) ? kconstf64src : kconst)(f, srcval(d, 1 + i), depth + 1, &src[i])) {
			if (any || !((i <= 1 && (d->op == OP_SHL || d->op == OP_SHR)) || (i == 0 && d->op == OP_BFE) ||
			    (i <= 1 && (d->op == OP_DP2A || d->op == OP_DP4A))))
				return 0;
			src[i] = ~0ull;
			any = 1 + i;
		}
	}
	/* dp2a and dp4a of factors it knows are IDP at run time (sm_90 SASS
	 * of immediates; v15 immx 26283: abs.f16x2 of a dp2a.hi of two
	 * literals gave the HADD2's canonical NaN), but for a factor of 0 */
	if ((d->op == OP_DP2A || d->op == OP_DP4A) && !any && (src[0] & 0xFFFFFFFFu) && (src[1] & 0xFFFFFFFFu))
		return 0;
	/* min and max .f32 of values it knows whose result is not a NaN (v6
	 * seed 130827: a setp.ne.f32 of min.ftz.f32 of a known 0 and 108.5
	 * against a set's result is an integer test of the set, foldsetpset;
	 * sm_90 SASS of min, max, .ftz or not; of a mov'd NaN and 1.0 or
	 * 1e-50 too, the number: a bfe.s32 past the word of it is RZ, v14
	 * xmix 30955) */
	if (fminmax) {
		uint64_t t[2] = { 0, 0 };
		uint32_t tc = 0;
		alu_exec(&op, src, t, &tc);
		if ((t[0] & 0x7FFFFFFFu) > 0x7F800000u)
			return 0;
	}
	/* a bfe.s32 by the rule bfeimm decides, as foldbfek folds it; a bfi
	 * or another bfe of known sources by the manual's (bfiknown) */
	if (d->op == OP_BFE && d->ty[0] == TY_S32 && n == 3)
		op.flags = (op.flags & ~(uint32_t)ALU_IMMFIELD) | (bfeimm(f, d, f->val[w].ins, depth + 1) ? ALU_IMMFIELD : 0);
	else if (!any)
		op.flags &= ~(uint32_t)ALU_IMMFIELD;
	alu_exec(&op, src, dst, &cc);
	*r = dst[0] & m;
	if (any) {
		src[any - 1] = 0;
		alu_exec(&op, src, dst, &cc);
		return *r == (dst[0] & m);
	}
	return 1;
}

int
interp_fold_kconst(const Func *f, int v, uint64_t *r)
{
	return kconst(f, v, 0, r);
}

/* kconst of what ptxas folds as integers: no packed half instruction of
 * constants, which it leaves to an HADD2 or HFMA2 (v13 dag 4930, 5856:
 * an fma.rn.bf16x2 and an fma.rn.ftz.f16x2 of mov.b32 pairs), and no
 * set.hs, ls, lo or hi of a value with itself, which it leaves to an
 * ISETP (v14 xmix 30175: set.lo.u32.u16 x, x subtracted from 0x41) */
int
interp_fold_kconstint(const Func *f, int v, uint64_t *r)
{
	int k;

	knohalf2 = 1;
	k = kconst(f, v, 0, r);
	knohalf2 = 0;
	return k;
}

/* kconstint with the float literals and b16 pairs ptxas propagates
 * (klit) known: for the halves of an fma x * x + c's pair (fold.c
 * pair32k), which ptxas reads off the constant it folds */
int
interp_fold_kconstintlit(const Func *f, int v, uint64_t *r)
{
	int k, lit = klit;

	klit = 1;
	k = interp_fold_kconstint(f, v, r);
	klit = lit;
	return k;
}

/* kconstint with a selp by a setp of values it knows taken for the
 * operand it picks (kselp).  Only for what a selp's FMNMX needs: the
 * later folds do not see that choice, a min.ftz.f32 of such a value with
 * itself stays an FADD.FTZ of the constant, its NaN the canonical one
 * (sm_90 SASS of selp.f32 x, y, !p by setp.nan or setp.gt.f32 of a mov'd
 * 0x7f7f7f7f, then shf.r.wrap and bfe.s32 past the word; v14 xmix 55700,
 * 34603, dag 31896 on an H200). */
int
interp_fold_kconstsel(const Func *f, int v, uint64_t *r)
{
	int k;

	knohalf2 = kselk = 1;
	k = kconst(f, v, 0, r);
	knohalf2 = kselk = 0;
	return k;
}

/* kconst from depth with movs of f64 immediates known (kf64) for a
 * cvt's source, kf64 as it was after (cvtf64int).  Not a cvt to f64 of
 * an integer, which ptxas leaves to an I2F.F64 even of a constant (v15
 * xmix 454231: neg.ftz.f32 of cvt.rzi.u32.f64 of cvt.rn.f64.u32 of a
 * mov.u32 0xfffffff8 is an FADD.FTZ, the canonical NaN, on an H100) */
static int
kconstf64src(const Func *f, int v, int depth, uint64_t *r)
{
	int k, was = kf64, w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (d && d->op == OP_CVT && d->nty == 2 && d->ty[0] == TY_F64 && isint(d->ty[1]))
		return 0;

	kf64 = 1;
	k = kconst(f, v, depth, r);
	kf64 = was;
	return k;
}

/* kconst from depth with movs of f64 immediates known (kf64) */
static int
kconstf64(const Func *f, int v, int depth, uint64_t *r)
{
	int k;

	kf64 = 1;
	k = kconst(f, v, depth, r);
	kf64 = 0;
	return k;
}

/* The same for a 64-bit value v (kconst walks those as sources, one
 * level down). */
int
interp_fold_kconst64(const Func *f, int v, uint64_t *r)
{
	int w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (!d || ir_tyinfo[f->regs[f->val[w].reg]->type].bits != 64)
		return 0;
	return kconstf64(f, v, 1, r);
}

/* Is each word of what d computes made of the same word of its sources
 * alone (the low word of an add, sub or neg too)? */
static int
wordwise(const Ins *d)
{
	switch (d->op) {
	case OP_ADD: case OP_SUB: case OP_NEG: case OP_AND: case OP_OR: case OP_XOR: case OP_NOT: case OP_LOP3:
	case OP_MOV:
		return 1;
	default:
		return 0;
	}
}

/* Is v a value ptxas's first pass evaluates whole, before it splits 64-bit
 * integer instructions into words: an immediate's mov, a value of 32 bits
 * or fewer, a pack of two words, or an add, sub, neg, abs, not, cnot, shl,
 * mul.lo, mul.wide, mad.lo or integer cvt of such values?  A 64-bit add,
 * sub or neg of those folds, the carry across the words too; one of a
 * value a 64-bit and, or, xor, shr, min, bfe or mul.hi makes is split
 * first, its high word an IADD3.X at run time (sm_90 SASS of neg.f64 of
 * add.s64 of each with a mov.u64 of a NaN: a MOV of the negated constant,
 * or DADD R, -RZ, -UR; v14 xmix 37: neg.f64 of add.s64 of a mov.f64 copy
 * of a mov.u64 is 0x7fffffff00000001 on an H200).  Only the neg and abs
 * rule asks (kwhole, which interp_fold_dconstdeep sets): of a sub.f64 of
 * two constants ptxas puts an early one in either slot, by what else
 * reads them (v15 xmix 203410, 46566, 301656), which foldsubk does not
 * model.  Callers know v's value (kconst); this says only when ptxas
 * learns it.  A brev.b64 of such a value is whole too, and so is a neg or
 * abs .f64 of an f64 literal, the first thing ptxas folds, or of such a
 * value, a mov.f64 of a literal among them (sm_90 SASS: neg.f64 of a
 * min.s64 x, x of a sub.u64 of a brev.b64 of neg.f64 of a mov.f64
 * 16777217.0 is a MOV of the constant, sign flipped, no DADD; v15 xmix
 * 48767, 0x7ff0000800000e83 on an H100, and 267593, 391264: abs.f64 of
 * neg.s64 of brev.b64 of mov.f64 -65520.0). */
static int
early64(const Func *f, int v, int depth)
{
	int w, n;
	const Ins *d = v >= 0 && depth < 8 ? defof(f, v, &w) : NULL;

	if (!d || d->guard || d->ndef != 1 || d->nty < 1 || ir_hasmod(d, MOD_CC))
		return 0;
	/* sm_90 SASS: add.s64 of a mov.b64 pack of a word an xor.b32 of a
	 * mov makes, and of shl.b64 of cvt.u64.u32 of it, fold whole */
	if (ir_tyinfo[f->regs[f->val[w].reg]->type].bits < 64 ||
	    (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_VEC))
		return 1;
	if (d->ndst != 1)
		return 0;
	switch (d->op) {
	case OP_MOV:
		if (d->nopnd != 2 || d->opnd[0].kind == OK_VEC)
			return 0;
		if (d->opnd[1].kind == OK_FIMM)
			return 1;
		break;
	case OP_ADD: case OP_SUB: case OP_NEG: case OP_ABS: case OP_NOT: case OP_CNOT: case OP_SHL:
		/* an f64 one: of a literal, or of a value known whole (below) */
		if ((d->op == OP_NEG || d->op == OP_ABS) && d->ty[0] == TY_F64 && d->nopnd == 2) {
			if (d->opnd[1].kind == OK_FIMM)
				return 1;
			break;
		}
		if (!isint(d->ty[0]) && d->op != OP_SHL && d->op != OP_NOT && d->op != OP_CNOT)
			return 0;
		break;
	case OP_MUL: case OP_MAD:
		if (!isint(d->ty[0]) || ir_hasmod(d, MOD_HI))
			return 0;
		break;
	case OP_CVT:
		if (d->nty != 2 || !isint(d->ty[0]) || !isint(d->ty[1]) || ir_hasmod(d, MOD_SAT))
			return 0;
		break;
	case OP_BREV:
		break;
	default:
		return 0;
	}
	for (n = d->ndst; n < d->nopnd; n++)
		if (d->opnd[n].kind != OK_IMM && (d->opnd[n].kind != OK_REG || !early64(f, srcval(d, n), depth + 1)))
			return 0;
	return 1;
}

/* early64 for fold.c: does ptxas know v whole in its first pass (fold.c
 * foldsqneg: a neg.f64 it squares folds then, before the negations of
 * the mul's factors cancel)? */
int
interp_fold_early64(const Func *f, int v)
{
	return early64(f, v, 0);
}

/* Does ptxas hold words need (1 the low, 2 the high) of value v as
 * constants where an f64 instruction reads it, not only kconst's value?
 * It splits 64-bit integer instructions into words and folds each word
 * whose inputs it knows, but not across a carry: the high word of an add,
 * sub or neg of 64 bits stays an IADD3.X at run time (v14 xmix 129, 1363,
 * 2507: x - x of sub.s64 0x5fe6eb50c7b537a9, y, of add.s64 y, 1, a DADD
 * R, -R of registers), where the low word alone folds (134: a shl.b64 by
 * 52 of add.s64 of a mov, an immediate in the DADD).  It converts no
 * integer to a float at compile time (I2F.F64 of a mov or a set: 2542,
 * 838, 527) and leaves a prmt of a mode to run (714, 1153). */
static int
wordsk(const Func *f, int v, int need, int depth)
{
	int w, n;
	const Ins *d = v >= 0 && depth < 8 ? defof(f, v, &w) : NULL;

	if (!d)
		return 0;
	if (ir_tyinfo[f->regs[f->val[w].reg]->type].bits != 64)
		need = 1;
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[0].kind == OK_VEC && d->opnd[0].nsub == 2 && d->ndef == 2)
		return wordsk(f, srcval(d, 1), w == d->def[1] ? 2 : 1, depth + 1);
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_VEC && d->opnd[1].nsub == 2 && d->nuse == 2)
		return (!(need & 1) || wordsk(f, d->use[0], 1, depth + 1)) &&
		    (!(need & 2) || wordsk(f, d->use[1], 1, depth + 1));
	if ((d->op == OP_CVT && d->nty == 2 && ir_tyinfo[d->ty[0]].kind == TK_FLOAT) || d->op == OP_PRMT ||
	    (d->op == OP_MUL && ir_tyinfo[d->ty[0]].bits == 64))
		return 0;
	/* an integer instruction of literals alone ptxas evaluates whole,
	 * carries and shifts across the words too (v15 immx 44205, 58218,
	 * 62555: neg.f64 of neg.s64 32, of shr.s64 -47, 63, of sub.cc.u64
	 * -20, 68 fold to the constant with its sign flipped, on an H200) */
	if (d->nty >= 1 && isint(d->ty[0]) && d->ndst == 1 && d->nopnd > 1) {
		for (n = d->ndst; n < d->nopnd && d->opnd[n].kind == OK_IMM; n++)
			;
		if (n == d->nopnd)
			return 1;
	}
	if (ir_tyinfo[d->ty[0]].bits == 64 && d->nopnd == 3 && d->opnd[2].kind == OK_IMM &&
	    (d->op == OP_SHL || d->op == OP_SHR)) {
		int64_t c = d->opnd[2].imm;
		int lo = d->op == OP_SHL, sx = d->op == OP_SHR && d->ty[0] == TY_S64;
		if ((uint64_t)c >= 64)
			return 1;
		/* the words of the source each result word is made of */
		if (c >= 32)
			need = lo ? (need & 2 ? 1 : 0) : ((need & 1) || (sx && (need & 2)) ? 2 : 0);
		else
			need = lo ? (need & 2 ? 3 : 1) : (need & 1 ? 3 : 2);
		return !need || wordsk(f, srcval(d, 1), need, depth + 1);
	}
	if ((need & 2) && ir_tyinfo[d->ty[0]].bits == 64 && isint(d->ty[0]) &&
	    (d->op == OP_ADD || d->op == OP_SUB || d->op == OP_NEG))
		return kwhole && early64(f, v, 0);
	for (n = d->ndst; n < d->nopnd; n++) {
		int u = srcval(d, n);
		if (d->opnd[n].kind == OK_REG && (u < 0 || !wordsk(f, u, wordwise(d) ? need : 3, depth + 1)))
			return 0;
	}
	return 1;
}

/* A 64-bit value v that ptxas materializes as a constant (*r) where an
 * f64 instruction reads it: kconst's value, each word of which it folds
 * (wordsk) */
int
interp_fold_dconst(const Func *f, int v, uint64_t *r)
{
	return interp_fold_kconst64(f, v, r) && wordsk(f, v, 3, 0);
}

/* interp_fold_dconst walking two definitions deeper (kconst's bound of
 * six): an f64 neg or abs of a value that ptxas computes from constants
 * folds through longer chains of integer instructions than the operands
 * the other rules read (fold.c foldnegk; v15 xmix 41446, 57735: a
 * mov.b64 pack of a word that a shr.s32, xor and and of a mov.u64's
 * unpack compute), and with the high words of 64-bit adds that ptxas's
 * first pass evaluates whole (early64).  Each step reads at most four
 * sources, so the walk is bounded and the load time stays linear. */
int
interp_fold_dconstdeep(const Func *f, int v, uint64_t *r)
{
	int k, w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	/* an unguarded neg.f64 or abs.f64 of an immediate, which ptxas folds
	 * first, a bit operation even of a NaN: the neg or abs reading it
	 * folds too, neither quieting a NaN (sm_90 SASS: a MOV of
	 * 0xfff0000000000001 for neg.f64 of abs.f64 0D7ff0000000000001; v15
	 * xmix 303815, v15 dag 366181, v14 xmix 40385, v14 dag 32132, v15
	 * immx 9387, 122573, 391772 on an H200, where the DADD that neg.f64 of
	 * a register is quiets a NaN and keeps its sign) */
	if (d && !d->guard && (d->op == OP_NEG || d->op == OP_ABS) && d->nty == 1 && d->ty[0] == TY_F64 &&
	    d->ndst == 1 && d->nopnd == 2 && d->opnd[1].kind == OK_FIMM) {
		uint64_t c = interp_fimm(TY_F64, d->opnd[1].fbits, d->opnd[1].flkind);
		*r = d->op == OP_NEG ? c ^ 0x8000000000000000ull : c & 0x7FFFFFFFFFFFFFFFull;
		return 1;
	}
	/* an unguarded cvt of a float immediate to a 64-bit integer or to
	 * f64, which ptxas evaluates as it compiles (kconst takes no float
	 * source), a NaN quieted as the F2F would (sm_90 SASS: a MOV of
	 * 0x7ffffffffffffffd for abs.f64 of cvt.rni.s64.f64 -2.75, of
	 * 0xfffc2468a0000000 for neg.f64 of cvt.f64.f32 0f7FA12345; v15
	 * immx 231935, 306485, 308366, 315418, 363834, 91509, 141909, 57883,
	 * v15 xmix 42501, 276380, 99937, v14 xmix 49058 on an H200) */
	if (d && !d->guard && d->op == OP_CVT && d->nty == 2 && d->ndst == 1 && d->nopnd == 2 &&
	    d->opnd[1].kind == OK_FIMM && ir_tyinfo[d->ty[0]].bits == 64 &&
	    (d->ty[1] == TY_F32 || d->ty[1] == TY_F64) && (d->ty[0] == TY_F64 || isint(d->ty[0]))) {
		uint64_t src = interp_fimm(d->ty[1], d->opnd[1].fbits, d->opnd[1].flkind);
		/* but an f64 rounded to an integral f64 of a NaN, which it
		 * leaves to an FRND at run time (sm_90 SASS: FRND.F64.TRUNC of
		 * UR for cvt.rzi.f64.f64 of 0dFFF8000000012345, a DADD for the
		 * neg.f64 of it; v15 immx 745154, 0xfff8000000012345 on an
		 * H100; a non-NaN it folds) */
		if (d->ty[0] == TY_F64 && d->ty[1] == TY_F64 && (src & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull &&
		    (ir_hasmod(d, MOD_RZI) || ir_hasmod(d, MOD_RNI) || ir_hasmod(d, MOD_RMI) || ir_hasmod(d, MOD_RPI)))
			return 0;
		return interp_fold_kexec(d, 1, &src, r);
	}
	kdepth = 8;
	kwhole = 1;
	k = interp_fold_dconst(f, v, r);
	kdepth = 6;
	kwhole = 0;
	return k;
}

/* An integer min or max (not .relu), an and or an or of a register with
 * itself into itself, guarded or not, which does nothing and which ptxas
 * drops as it starts (sm_90 SASS: cvt.sat.u32.u64 of a cvt.rni.u64.f16
 * with an @p max.u64 of the result with itself into its register between
 * is one F2I.U32.F16; v15 dag 684483, 0 for a NaN on an H100;
 * tests/regress/cvt-sat-f2i-selfop.ptx).  Into another register it is a
 * copy that ptxas propagates too late for that fold (v15 dag 610432:
 * and.b64 y, x, x between keeps the F2I.S64 and the saturating SELs).
 * The value it copies, else -1. */
static int
selfop(const Func *f, const Ins *d)
{
	int v = srcval(d, 1);

	if (d->ndef != 1 || d->nopnd != 3 || v < 0 || srcval(d, 2) != v || ir_hasmod(d, MOD_RELU) ||
	    (ir_opinfo[d->op].flags & OF_RDST) || d->def[0] < 0 || f->val[d->def[0]].reg != f->val[v].reg)
		return -1;
	if (!(((d->op == OP_MIN || d->op == OP_MAX) && isint(d->ty[0])) || d->op == OP_AND || d->op == OP_OR))
		return -1;
	if (d->guard && (d->nuse < 2 || d->use[d->nuse - 1] != v))
		return -1;
	return v;
}

/* The definition of v that ptxas keeps: past instructions under a guard
 * it knows false, which it drops, the register keeping the value before
 * (as kconst takes them; sm_90 SASS: cvt.rmi.u32.f32 of a cvt.rz.f32.u32
 * of a set's -1, with an @!p add.f32 into the f32's register between, p
 * a setp.ge.s32 of x with itself, is the set's register stored, no I2F
 * or F2I: fold.c foldsetrt; v14 xmix 5827, line 218: 0xffffffff on an
 * H200; tests/regress/cvt-set-known-literal.ptx).  *w the value whose
 * definition it is. */
const Ins *
interp_fold_livedef(const Func *f, int v, int *w)
{
	const Ins *d = v >= 0 ? defof(f, v, w) : NULL;

	for (int n = 0; n < 4 && d && d->guard && d->ndef == 1 && d->nuse >= 2 && !(ir_opinfo[d->op].flags & OF_RDST) &&
	     interp_fold_guardconst(f, d) == 0; n++)
		d = defof(f, d->use[d->nuse - 1], w);
	return d;
}

/* livedef past the instructions selfop names too, for foldcvt, the rule
 * they were measured for (a first form of livedef that took copies into
 * other registers for every reader broke foldsetrt's set cvt pair: v15
 * xmix 337467, cvt.rzi.s32.f64 of or.b64 y, x, x of cvt.rm.f64.u32 of a
 * set is an F2I.F64.TRUNC at run time, 0x7fffffff in its record). */
const Ins *
interp_fold_copydef(const Func *f, int v, int *w)
{
	const Ins *d = interp_fold_livedef(f, v, w);

	for (int n = 0, u; n < 6 && d && (u = selfop(f, d)) >= 0; n++)
		d = interp_fold_livedef(f, u, w);
	return d;
}

/* kconst of a 32-bit value v with movs of f64 immediates known too, and
 * the literals of klit: a set of a decimal mov.f32 or of a mov.b32 pack
 * of mov.b16 immediates is one ptxas folds, keeping the I2F of its
 * constant (fold.c foldsetrt; sm_90 SASS: I2F.U32.RM R, 0xffffffff then
 * F2I.FTZ.U32.FLOOR for set.ge.u32.s32 of mov.f32 3.4028235e38 and 8
 * through cvt.rm.f32.u32 and cvt.rmi.ftz.u32.f32, I2FP.F32.U32.RZ of
 * 0xffffffff for set.gt.s32.s32 of such a pack of 5 and 8; v15 xmix
 * 102171, line 208: 0xffffff00 on an H100;
 * tests/regress/cvt-set-known-literal.ptx) */
int
interp_fold_kconstf(const Func *f, int v, uint64_t *r)
{
	int k, lit = klit;

	klit = 1;
	k = kconstf64(f, v, 0, r);
	klit = lit;
	return k;
}

/* A read of the low byte or half of a prmt.b32 (the default mode, a
 * selector ptxas knows) that zero-extends it: a cvt between integers
 * with a .u8 or .u16 side narrower than the register written (not .s8 or
 * .s16), into 32 bits or 64 (v1 seed 993377: cvt.u64.u8 is the PRMT and
 * an RZ high word).  ptxas makes the pair one PRMT of the low nibbles, and where
 * each of them is 4 or more it takes the bytes for b's alone and gives
 * RZ as a, so a nibble of 8 to 0xb, a's byte with its sign replicated,
 * gives 0 (sm_90 SASS: cvt.u32.u8 of prmt a, b, 0x...3a is PRMT R, RZ,
 * 0xa, Rb; v8, v9 and v10 seed 73586 regs), where the manual takes a's
 * sign.  The low half of a mov.b32 unpack of the result counts as the
 * result (its high half does not).
 *
 * and.b32 of the prmt's result with an immediate of whole bytes that
 * keeps byte 0 (0xff, 0xffff, 0xffffff, 0xff00ff, 0xff0000ff, ...; not
 * 0xff00 or 0xffffffff) is one PRMT too, its masked bytes' nibbles made
 * 0, and with the same test: where the kept nibbles are all 4 or more, a
 * is RZ (v1 seed 363224: and.b32 of prmt a, b, 0x9ee57d99 with 0xffff is
 * PRMT R, RZ, 0x99, Rb, 0, where a's byte 1 was 0xff; sm_90 SASS of each
 * mask).  Where a setp.eq or .ne tests the and's result against 0, ptxas
 * makes one LOP3 of the whole PRMT with a predicate out, read by every
 * reader, and the manual holds. */
static int
setpzero(const Func *f, const Ins *in)
{
	int v = in->def[0];

	if (v < 0 || v >= f->nval || !f->rdoff)
		return 1;
	for (int r = f->rdoff[v]; r < f->rdoff[v + 1]; r++) {
		const Ins *m = f->ins[f->rd[r]];
		if (m->op == OP_SETP && (ir_hasmod(m, MOD_EQ) || ir_hasmod(m, MOD_NE)) && m->nopnd >= 3)
			for (int i = m->nopnd - 2; i < m->nopnd; i++)
				if (m->opnd[i].kind == OK_IMM && m->opnd[i].imm == 0)
					return 1;
	}
	return 0;
}

int
interp_fold_prmtlow(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int n, v, w, b, wb;
	const Ins *d;
	uint64_t sel, keep;
	XOp *ns;

	if (in->guard || in->ndst != 1 || in->ndef != 1)
		return 0;
	if (in->op == OP_AND) {
		/* the mask's operand and the prmt's */
		int mi = in->nopnd == 3 && in->opnd[2].kind == OK_IMM ? 2 : in->nopnd == 3 && in->opnd[1].kind == OK_IMM ? 1 : 0;
		uint32_t m;
		if (!mi || in->ty[0] != TY_B32 || (v = srcval(in, 3 - mi)) < 0)
			return 0;
		m = (uint32_t)in->opnd[mi].imm;
		keep = 0;
		for (int i = 0; i < 4; i++) {
			uint32_t byte = m >> 8 * i & 0xFF;
			if (byte != 0 && byte != 0xFF)
				return 0;
			if (byte)
				keep |= (uint64_t)0xF << 4 * i;
		}
		if (!(keep & 0xF) || keep == 0xFFFF || setpzero(f, in) || !(d = defof(f, v, &w)))
			return 0;
	} else {
		if ((v = srcval(in, 1)) < 0)
			return 0;
		wb = ir_tyinfo[f->regs[f->val[in->def[0]].reg]->type].bits;
		if (in->op != OP_CVT || in->nty != 2 || in->nopnd != 2 || ir_hasmod(in, MOD_SAT) || !isint(in->ty[0]) ||
		    !isint(in->ty[1]) || in->ty[0] == TY_S8 || in->ty[0] == TY_S16 || in->ty[1] == TY_S8 ||
		    in->ty[1] == TY_S16 ||
		    (in->ty[0] != TY_U8 && in->ty[0] != TY_U16 && in->ty[1] != TY_U8 && in->ty[1] != TY_U16))
			return 0;
		/* the bits read: the narrower side */
		n = ir_tyinfo[in->ty[0]].bits < ir_tyinfo[in->ty[1]].bits ? ir_tyinfo[in->ty[0]].bits :
									   ir_tyinfo[in->ty[1]].bits;
		if ((n != 8 && n != 16) || n >= wb || !(d = defof(f, v, &w)))
			return 0;
		keep = ((uint64_t)1 << n / 2) - 1;	/* a nibble a byte */
		/* or of the low half a mov.b32 {lo, hi} unpack of its result takes
		 * (v3 seed 20996: cvt.u32.u16 of it is PRMT R, RZ, 0xdb, Rb; the
		 * high half keeps the whole PRMT) */
		if (d->op == OP_MOV && !d->guard && d->nopnd == 2 && d->opnd[0].kind == OK_VEC &&
		    d->opnd[0].nsub == 2 && d->ndef == 2 && w == d->def[0] && d->nty == 1 &&
		    ir_tyinfo[d->ty[0]].bits == 32 && (v = srcval(d, 1)) >= 0 && !(d = defof(f, v, &w)))
			return 0;
	}
	if (d->op != OP_PRMT || d->guard || d->nopnd != 4 || d->ty[0] != TY_B32 ||
	    ir_hasmod(d, MOD_F4E) || ir_hasmod(d, MOD_B4E) || ir_hasmod(d, MOD_RC8) || ir_hasmod(d, MOD_ECL) ||
	    ir_hasmod(d, MOD_ECR) || ir_hasmod(d, MOD_RC16))
		return 0;
	if (d->opnd[3].kind == OK_IMM)
		sel = (uint64_t)d->opnd[3].imm;
	else if (!kconst(f, srcval(d, 3), 0, &sel))
		return 0;
	sel &= keep;
	for (int i = 0; i < 4; i++)
		if ((keep >> 4 * i & 0xF) && (sel >> 4 * i & 0xF) < 4)
			return 0;
	/* not of an a ptxas knows, whose prmt it evaluates, the sign taken
	 * (v15 xmix 413035: cvt.u64.u8 of prmt a, a, 0x32ba with a an or of
	 * a mov.f32 of 16777217.0 and 0x80000000 is 0xff on an H100; sm_90
	 * SASS: the PRMT of the known words, then the LOP3) */
	if (d->opnd[1].kind == OK_IMM || (d->opnd[1].kind == OK_REG && kconstlit(f, srcval(d, 1), 0, &(uint64_t){0})))
		return 0;
	if (d->opnd[2].kind == OK_REG && ((b = srcval(d, 2)) < 0 || !holds(f, b, f->val[w].ins, k)))
		return 0;
	if (!(ns = interp_realloc(pm->cx, xi->s, 3 * sizeof *xi->s)))
		return -1;
	xi->s = ns;
	if (interp_decode_op(pm, &d->opnd[2], TY_B32, &xi->s[1]))
		return 0;
	xi->s[0] = (XOp){ .k = XO_IMM, .imm = 0 };
	xi->s[2] = (XOp){ .k = XO_IMM, .imm = sel };
	xi->ns = 3;
	memset(&xi->alu, 0, sizeof xi->alu);
	xi->alu.op = OP_PRMT;
	xi->alu.ty = TY_B32;
	xi->alu.nsrc = 3;
	xi->alu.ndst = 1;
	xi->alu.nwords = 1;
	return 1;
}

/* Is value v, read by in (instruction k), a shl or shr.b32/.u32 by an
 * immediate of 32 or more (a 0 ptxas knows), or of such a 0, or an and
 * with such a 0, of in's
 * block, with nothing between them that ptxas expands early: what
 * amtkiller names, and an
 * integer div or rem of 64 bits?  Then it folds the bfe.s32 of it as
 * the constant 0 (v3 seed 10769: 0 for a field past the word); with one
 * in between it folds the bfe first, by its immediate rule (v1 seed
 * 24423: a div.s64 between gave -1; sm_90 SASS of a shr.u32 by 41, each
 * such instruction, and a bfe.s32 by 62, 67: -1, RZ without one). */
static int
zeroshift(const Func *f, int v, const Ins *in, int k, int depth)
{
	int w, i;
	const Ins *d = v >= 0 && depth < 4 ? defof(f, v, &w) : NULL;

	/* a mul.lo or mul.hi of 32 bits by such a 0 is one too (v10 seed 2450
	 * tmap: a bfe.s32 at 43 of a mul.hi.u32 of a shr.u32 by 49 gave 0) */
	if (d && !d->guard && d->op == OP_MUL && d->nopnd == 3 && ir_tyinfo[d->ty[0]].bits == 32 &&
	    !ir_hasmod(d, MOD_WIDE) && d->blk == in->blk && (i = f->val[w].ins) >= 0 && i < k)
		return zeroshift(f, srcval(d, 1), in, k, depth + 1) || zeroshift(f, srcval(d, 2), in, k, depth + 1);
	if (!d || d->guard || (d->op != OP_SHL && d->op != OP_SHR && d->op != OP_AND) || d->nopnd != 3 ||
	    d->ty[0] == TY_S32 || ir_tyinfo[d->ty[0]].bits != 32 || d->blk != in->blk || (i = f->val[w].ins) < 0 ||
	    i >= k)
		return 0;
	/* by 32 or more, or a shift of such a 0 by anything (v3 seed 21912);
	 * an and with such a 0 is one too (v1 seed 106462: bfe.s32 62, 17 of
	 * it is RZ in the sm_90 SASS) */
	if (d->op == OP_AND ? !zeroshift(f, srcval(d, 1), d, i, depth + 1) && !zeroshift(f, srcval(d, 2), d, i, depth + 1) :
	    !(d->opnd[2].kind == OK_IMM && (uint64_t)d->opnd[2].imm >= 32) && !zeroshift(f, srcval(d, 1), d, i, depth + 1))
		return 0;
	/* (a prefetch.tensormap between is no such instruction: v10 seed
	 * 1818 tmap, one between a shr.b32 by 66 and a bfe.s32 at 51 of it,
	 * gave 0) */
	while (++i < k) {
		const Ins *e = f->ins[i];
		if (e->op == OP_PREFETCH && ir_hasmod(e, MOD_TENSORMAP))
			continue;
		if (amtkiller(e) || ((e->op == OP_DIV || e->op == OP_REM) && e->nty >= 1 && isint(e->ty[0]) &&
		    ir_tyinfo[e->ty[0]].bits == 64))
			return 0;
	}
	return 1;
}

/* Is d one of the f32 instructions (or a set of floats, a cvt from a
 * float to an integer) that ptxas computes of values it knows, for
 * bfesrcknown? */
static int
bfefone(const Ins *d)
{
	if (d->nty == 2 && (d->op == OP_SET || d->op == OP_CVT))
		return (d->ty[1] == TY_F32 || d->ty[1] == TY_F64) &&
		    (d->op == OP_SET ? d->nopnd == 3 : isint(d->ty[0]));
	if (d->ty[0] != TY_F32)
		return 0;
	switch (d->op) {
	case OP_RCP: case OP_SQRT: case OP_RSQRT: case OP_EX2: case OP_LG2:
		return ir_hasmod(d, MOD_APPROX) && ir_hasmod(d, MOD_FTZ);
	case OP_SIN: case OP_COS: case OP_ABS:
		return 1;
	case OP_DIV:
		return ir_hasmod(d, MOD_FULL);
	case OP_MIN: case OP_MAX:
		return !ir_hasmod(d, MOD_NAN_PROP) && !ir_hasmod(d, MOD_XORSIGN);
	default:
		return 0;
	}
}

/* The bits of operand i of d, of d's source type, where it is a literal
 * or a value it knows: a mov of a float immediate, what kconst finds. */
static int
bfefval(const Func *f, const Ins *d, int i, uint64_t *r)
{
	int ty = d->ty[d->nty - 1], v, w;
	const Ins *s;

	if (d->opnd[i].kind == OK_FIMM)
		return *r = interp_fimm(ty, d->opnd[i].fbits, d->opnd[i].flkind), 1;
	if (d->opnd[i].kind == OK_IMM)
		return *r = (uint64_t)d->opnd[i].imm, 1;
	if (d->opnd[i].kind != OK_REG)
		return 0;
	v = srcval(d, i);
	if ((s = v >= 0 ? defof(f, v, &w) : NULL) && !s->guard && s->op == OP_MOV && s->nopnd == 2 &&
	    s->opnd[1].kind == OK_FIMM)
		return *r = interp_fimm(s->ty[0], s->opnd[1].fbits, s->opnd[1].flkind), 1;
	return ir_tyinfo[ty].bits == 64 ? interp_fold_kconst64(f, v, r) : kconst(f, v, 0, r);
}

/* Would bfefone instruction d give a NaN, or read one, of operands c?
 * Then ptxas's bfe of it is its rule for immediate fields, all ones
 * (sm_90 SASS: lg2, sqrt and rsqrt .approx.ftz of -1.0 or -2^31,
 * div.full of 0.0 by 0.0, sin.approx of infinity and cvt.rzi.s32.f32 of
 * a NaN, where the H200 gives a positive NaN or 0; v15 immx 125402); a
 * set's result is no NaN, and abs of one is RZ, its sign cleared. */
static int
bfefnan(const Ins *d, const uint64_t *c)
{
	int ty = d->ty[d->nty - 1];
	uint32_t x = (uint32_t)c[0];

	if (d->op == OP_SET || d->op == OP_ABS)
		return 0;
	for (int i = 0; i < d->nopnd - 1; i++)
		if (alu_fisnan(alu_fmt_of(ty), c[i]))
			return 1;
	switch (d->op) {
	case OP_SQRT: case OP_RSQRT: case OP_LG2:
		return (x >> 31) && (x & 0x7FFFFFFFu);
	case OP_SIN: case OP_COS:
		return (x & 0x7FFFFFFFu) == 0x7F800000u;
	case OP_DIV: {
		uint32_t a = x & 0x7FFFFFFFu, b = (uint32_t)c[1] & 0x7FFFFFFFu;
		/* (a denormal is 0 to div.full, which flushes it) */
		return (a < 0x800000u && b < 0x800000u) || (a == 0x7F800000u && b == 0x7F800000u);
	}
	default:
		return 0;
	}
}

/* Is v an xor or an integer set of a value with itself, whose constant
 * (0 for the xor and a false compare) kconst gives?  Not a set by lo,
 * ls, hi or hs, which ptxas's later pass folds (sm_90 SASS: a bfe.s32 at
 * 39, 1 of an and of set.lo.u32.u16 x, x and its cvt.rp.f32.u32 is a MOV
 * of -1, of set.lt RZ; v15 xmix 323619, all ones on an H200). */
static int
kself(const Func *f, int v)
{
	int w;
	const Ins *d = defof(f, v, &w);

	return d && !d->guard && (d->op == OP_XOR || (d->op == OP_SET && d->nty == 2 && isint(d->ty[1]) &&
	    !ir_hasmod(d, MOD_LO) && !ir_hasmod(d, MOD_LS) && !ir_hasmod(d, MOD_HI) && !ir_hasmod(d, MOD_HS))) &&
	    d->nopnd == 3 && srcval(d, 1) >= 0 && srcval(d, 1) == srcval(d, 2);
}

/* Is operand i of d (instruction j; the bfe.s32 is instruction k) a 0
 * ptxas knows for bfeabsorb: an immediate 0, or a 0 kconst finds that
 * is a constant it propagates (bfesrcknown), a shift close enough before
 * (zeroshift) or a value with itself (kself)? */
static int
bfezero(const Func *f, const Ins *d, int i, int j, int k, int depth)
{
	uint64_t c;
	int v = srcval(d, i);

	if (d->opnd[i].kind == OK_IMM)
		return d->opnd[i].imm == 0;
	if (d->opnd[i].kind != OK_REG || v < 0 || !kconst(f, v, 0, &c) || (uint32_t)c != 0)
		return 0;
	return bfesrcknown(f, v, k, depth + 1) || zeroshift(f, v, d, j, 0) || kself(f, v);
}

/* Is d (instruction j) an integer instruction of 32 bits that such a 0
 * decides, for bfesrcknown: an and or a mul (lo, hi, mul24) with a 0, or
 * a mad.lo, mad24 or dp4a/dp2a that multiplies by one and adds a value
 * it knows?  ptxas folds them before the bfe, whatever the other factor
 * (sm_90 SASS: a bfe.s32 at 64, 18 of mul.hi.u32 of a loaded value by
 * set.lt.u32.s32 y, y, at 39, 47 of mad24.hi.u32 x, z, z by a shl.b32
 * by 48, at 48, 26 of dp4a.s32.u32 x, z, z or and.b32 x, z of an
 * xor.b32 y, y: RZ each; v1 seeds 243127, 272038, 319424, the manual's 0
 * on an H200 where the immediate rule gives all ones). */
static int
bfeabsorb(const Func *f, const Ins *d, int j, int k, int depth)
{
	int mul = d->op == OP_MUL || d->op == OP_MUL24, add = d->op == OP_MAD || d->op == OP_MAD24 ||
	    d->op == OP_DP4A || d->op == OP_DP2A;

	if (!(mul || add || d->op == OP_AND) || d->guard || d->ndst != 1 || d->nty < 1 ||
	    ir_tyinfo[d->ty[0]].bits != 32 || ir_hasmod(d, MOD_WIDE) || ir_hasmod(d, MOD_SAT) ||
	    d->nopnd != (add ? 4 : 3) || (!isint(d->ty[0]) && d->op != OP_AND) ||
	    ir_hasmod(d, MOD_CC))
		return 0;
	if (!bfezero(f, d, 1, j, k, depth) && !bfezero(f, d, 2, j, k, depth))
		return 0;
	return !add || d->opnd[3].kind == OK_IMM || bfezero(f, d, 3, j, k, depth) ||
	    (d->opnd[3].kind == OK_REG && bfesrcknown(f, srcval(d, 3), k, depth + 1));
}

/* The value v copies through a shl or shr by an immediate 0 (defof),
 * else v: ptxas drops such a shift before it folds a set of the two as
 * of one value (sm_90 SASS: a bfe.s32 at 39, 32 of set.le.f32.s32 x,
 * x << 0 or of set.gt.u32.s32 x >> 0, x of a loaded x is RZ, the
 * manual's 0; v15 xmix 323106, line 158, 0 on an H200). */
static int
shift0(const Func *f, int v)
{
	int w = v;

	return v >= 0 && defof(f, v, &w) ? w : v;
}

/* selp d (for bfesrcknown, of the bfe.s32 at instruction k) by a
 * setp.f32 without a BoolOp of literals and values bfesrcknown finds:
 * ptxas decides the compare before it folds the bfe, and the operand it
 * picks, 1 or 2, is what the bfe reads, else 0 (sm_90 SASS: a bfe.s32 at
 * 37, 19 of a shl.b32 by 23 of an add of 3 to selp.f32 x, y by
 * setp.eq.f32 of set.gt.f32.u64 of two mov.b64 with 0.0, y an and.b32 of
 * the set and a known value, is RZ, the manual's 0, where for an unknown
 * y it is the immediate rule's -1; v14 xmix 6778, line 185, 0 on an
 * H200).  Not by a negated predicate, which ptxas decides only after
 * the bfe: selp.f32 of a mov'd 65025 and a loaded value by !p, p any
 * setp.f32 of the 65025 with itself or 0.0, eq, ne, lt, neu, and a
 * bfe.s32 at 255, 8 of it is the immediate rule's -1 whichever operand
 * it picks, where by p it is RZ where it picks the 65025 (v14 xmix
 * 34603, line 99: of setp.neu.f32 x, x of a mul.lo.u32 of constants,
 * -1 on an H200).  The integer compares kselpick decides by itself. */
static int
bfesetpf(const Func *f, const Ins *d, int k, int depth)
{
	const Opnd *po = &d->opnd[3];
	const Ins *e;
	int w;

	if (po->kind != OK_REG || d->nuse < 1)
		return 0;
	int u = 0;
	for (int i = 1; i <= 2; i++)
		u += srcval(d, i) >= 0;
	if (u >= d->nuse || !(e = defof(f, d->use[u], &w)) || e->op != OP_SETP || e->guard || e->nopnd != 3 ||
	    e->nty != 1 || e->ty[0] != TY_F32)
		return 0;
	for (int i = 1; i <= 2; i++)
		if (e->opnd[i].kind != OK_FIMM && e->opnd[i].kind != OK_IMM &&
		    !(e->opnd[i].kind == OK_REG && bfesrcknown(f, srcval(e, i), k, depth + 1)))
			return 0;
	return kselpick(f, d, 0, 1);
}

/* Is 32-bit value v a constant ptxas propagates, for the bfe.s32 rule
 * below?  A mov of an immediate (a float one, a decimal literal too), a
 * word of a mov.b64 unpack of a mov.u64 immediate, and an integer logic
 * op, shift, add, sub, not, brev or bfe whose sources are immediates and
 * such values; not what kconst finds known of a source it does not read
 * (a shift by 32 or more, a bfe.u32 past the word: v10 seeds 9475, 3307,
 * 7831 tmap, v1 46743, each a bfe.s32 past the word of one, all ones on
 * an H200).  (v14 xmix seeds 64, 2175, 2300, 3351, 4624, 6256, 6757: a
 * bfe.s32 at 32-38 of an and with 0f7FFFFFFF of a mov.f32 of
 * 1.17549435e-38, of and/or chains of mov'd constants, of the high word
 * of a mov.u64 immediate is the manual's 0 on an H200, not the immediate
 * rule's all ones; of an and of an unknown value with 0x3ff03ff or 31, or
 * of a bfe.u32 of one by 23, 8, all ones: 4299, 2279, 4027.) */
static int
bfesrcknown(const Func *f, int v, int k, int depth)
{
	int w, u, part;
	const Ins *d = v >= 0 && depth < 12 ? defof(f, v, &w) : NULL;

	/* under a guard ptxas decides (kguard), the value before where it is
	 * false, the instruction where true (sm_90 SASS: a bfe.s32 at 32, 20
	 * of mov.f32 0f5F000000 with an @p add.rn.f32 of it to itself, p a
	 * setp.eq.s32 or .ne.s32 of a loaded x with itself, is RZ, the
	 * manual's 0, where by an unknown p it is the immediate rule's -1;
	 * v15 xmix 177244, line 123, 0 on an H200) */
	if (d && d->guard) {
		int g = kguard(f, d, 0);
		if (g == 0)
			return bfesrcknown(f, d->use[d->nuse - 1], k, depth + 1);
		if (g != 1)
			return 0;
	}
	if (!d || d->ndst != 1)
		return 0;
	/* a word of a 64-bit value of the same kinds: a mov of an immediate,
	 * integer instructions of such values, a pack of two (v14 xmix 467,
	 * 3238: a bfe.s32 by the low word of a sub.s64 of a shr.u64 of an
	 * and.b64 of a brev.b64 of mov.f64 -0.1, of an add to the high word,
	 * is the manual's 0 on an H200) */
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[0].kind == OK_VEC && d->ndef == 2 &&
	    ir_tyinfo[d->ty[0]].bits == 64)
		return (u = srcval(d, 1)) >= 0 && bfesrcknown(f, u, k, depth + 1);
	/* and a half of a 32-bit one, and cvt.f32.bf16 or .f16 of such a
	 * half, exact (sm_90 SASS: a bfe.s32 at 37, 19 of a shl.b32 by 23 of
	 * cvt.f32.bf16 of the low half of a mov.b32 unpack of a mov'd
	 * 0x40408001, or of a mov.b16 0x8001, is RZ, the manual's 0; v14 xmix
	 * 6778, line 185, 0 on an H200) */
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[0].kind == OK_VEC && d->ndef == 2 &&
	    ir_tyinfo[d->ty[0]].bits == 32)
		return (u = srcval(d, 1)) >= 0 && bfesrcknown(f, u, k, depth + 1);
	if (d->op == OP_CVT && d->nty == 2 && d->ty[0] == TY_F32 && (d->ty[1] == TY_BF16 || d->ty[1] == TY_F16) &&
	    d->ndef == 1 && d->nopnd == 2 && !d->guard)
		return d->opnd[1].kind == OK_REG && (u = srcval(d, 1)) >= 0 && bfesrcknown(f, u, k, depth + 1);
	/* (a cvt between integers by the register it writes: v15 immx 3562,
	 * a bfe.s32 at 0xbb, 52 of cvt.s16.u8 of 0x69cb into a 32-bit
	 * register is the manual's 0 on an H200; and a 16-bit one into a
	 * 16-bit register, as the source of a set: v15 xmix 345499, a bfe.s32
	 * at 34, 33 of set.le.f32.s16 of shl.b16 by 15 of a mov.b16 of 0 and
	 * that mov, is the manual's 0 on an H200) */
	if (d->ndef != 1 || d->nty < 1 || (ir_tyinfo[d->ty[0]].bits != 32 && ir_tyinfo[d->ty[0]].bits != 64 &&
	    !(d->op == OP_CVT && ir_tyinfo[f->regs[f->val[w].reg]->type].bits == 32) &&
	    !(ir_tyinfo[d->ty[0]].bits == 16 && ir_tyinfo[f->regs[f->val[w].reg]->type].bits == 16)))
		return 0;
	/* a copy of a 32-bit register is its value, and a set of a float
	 * with itself that no NaN decides (the ordered ne, lt and gt false,
	 * the unordered equ, leu and geu true, as kconst takes it) is known
	 * before any pass evaluates a constant (v14 xmix 37573: a bfe.s32 at
	 * 0xba, 11 of a bfe.u32 at 0, 23 of a mov.f32 of set.ne.f32.f32 x,
	 * x, with a setp.nan.f16 and an slct between, is SGXT of RZ in sm_90
	 * SASS, the manual's 0 on an H200) */
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_REG && ir_tyinfo[d->ty[0]].bits == 32 &&
	    (u = srcval(d, 1)) >= 0)
		return bfesrcknown(f, u, k, depth + 1);
	if ((u = fselfset(d)) == 0 || u == 1)
		return 1;
	/* (the others as a set of floats below: v14 xmix 7197, a bfe.s32
	 * at 255, 1 of set.ge.f32.f64 of a mov'd NaN with itself is the
	 * manual's 0 on an H200) */
	/* all by its early pass (interp_fold_early: v15 immx 69603, a bfe.s32
	 * at 54, 52 of popc.b32 of a literal with a bfe.s64 between is all
	 * ones on an H200, 55679 of a mul.sat.f32 of literals with an
	 * rcp.rp.ftz.f32 between) */
	if (!kbfelate && !interp_fold_early(f, f->val[w].ins, f->ins[k]))
		return 0;
	/* an add, sub, mul or cvt.f32 it computes (kfarith) */
	if (d->ty[0] == TY_F32 && (d->op == OP_ADD || d->op == OP_SUB || d->op == OP_MUL || d->op == OP_CVT)) {
		uint64_t c;
		return kfarith(f, d, 0, &c);
	}
	/* and of f64 such values, in the default rounding or .rn (v15 xmix
	 * 285860: a bfe.s32 at a mul.lo.u32 by 9 of the high word of mov.f64
	 * 0d800FFFFFFFFFFFFF, whose source is the high word of add.f64 x, x of
	 * a pack of that mov's words, is the manual's 0 on an H200; sm_90
	 * SASS: every value a constant) */
	/* neg and abs.f64 of such values too (sm_90 SASS: a bfe.s32 at 39,
	 * 23 of an or with 0x3ff00000 of an and with 0xfffff of the high word
	 * of neg.f64 of a pack of the low word of mov.f64 0D0000000000000001
	 * and a brev.b32 of its high one, or of the high word of abs.f64 of
	 * mov.f64 2.0, is RZ, the manual's 0; v15 xmix 43179, line 173, 0 on
	 * an H200) */
	if (d->ty[0] == TY_F64 && (d->op == OP_NEG || d->op == OP_ABS) && d->nopnd == 2)
		return d->opnd[1].kind == OK_FIMM || (d->opnd[1].kind == OK_REG &&
		    bfesrcknown(f, srcval(d, 1), k, depth + 1));
	if (d->ty[0] == TY_F64 && (d->op == OP_ADD || d->op == OP_SUB || d->op == OP_MUL)) {
		if (d->nopnd != 3 || ir_hasmod(d, MOD_RZ) || ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RP))
			return 0;
		for (int i = 1; i <= 2; i++)
			if (d->opnd[i].kind != OK_FIMM && d->opnd[i].kind != OK_IMM &&
			    !(d->opnd[i].kind == OK_REG && bfesrcknown(f, srcval(d, i), k, depth + 1)))
				return 0;
		return 1;
	}
	/* an f32 instruction that is one SASS instruction, of literals or
	 * such values: the .approx.ftz MUFU ones, sin and cos, div.full,
	 * abs and min or max (not .NaN or .xorsign), a set of floats and a
	 * cvt from a float to an integer (sm_90 SASS: a bfe.s32 at 37, 20 of
	 * each of positive constants is RZ, the manual's 0, where of
	 * rcp.approx, ex2.approx and sqrt.approx without .ftz, div.approx,
	 * div.rn, fma.rn, tanh.approx, mul24, sad or mad.hi of them it is the
	 * immediate rule's -1, as of a loaded value; v15 immx 24816, 73978,
	 * 133755, 149991, 158344: div.full, rcp.approx.ftz, set.nan.u32.f64,
	 * cos.approx and sin.approx of literals, 0 on an H200); not where it
	 * would be a NaN (bfefnan) */
	if (bfefone(d)) {
		uint64_t c[3] = { 0, 0, 0 };
		for (int i = 1; i < d->nopnd; i++)
			if (i > 3 || (d->opnd[i].kind == OK_REG && !bfesrcknown(f, srcval(d, i), k, depth + 1)) ||
			    !bfefval(f, d, i, &c[i - 1]))
				return 0;
		return !bfefnan(d, c);
	}
	if (bfeabsorb(f, d, f->val[w].ins, k, depth))
		return 1;
	/* an xor of a value with itself is 0, whatever the value (sm_90
	 * SASS: a bfe.s32 at 35, 33 of xor.b32 x, x of a loaded x or of a
	 * shl of one is RZ, the manual's 0, where of sub.s32 x, x it is the
	 * immediate rule's -1; v15 xmix 220654, line 192, 0 on an H200) */
	if (d->op == OP_XOR && d->nopnd == 3 && ir_tyinfo[d->ty[0]].bits == 32 && srcval(d, 1) >= 0 &&
	    shift0(f, srcval(d, 1)) == shift0(f, srcval(d, 2)))
		return 1;
	switch (d->op) {
	case OP_SELP:
		/* by a predicate it decides (kselpick), the operand it picks
		 * (v14 xmix 8324: a bfe.s32 at 38, 16 of an and with 0x7fffff
		 * of selp.f32 x, 0fFFA00000 by setp.ne.s32 of set.ne.s32.s64
		 * y, y and 0 is the manual's 0 on an H200); an integer compare
		 * only (34603: of a selp by setp.neu.f32 x, x of a mul.lo.u32 of
		 * constants the immediate rule's -1); by an immediate
		 * predicate too (v15 immx 284848: a bfe.s32 at 0x27, 31 of
		 * selp.b32 x, y, 0 of a y add.f32 and mul.f32 of literals
		 * make, positive, is the manual's 0 on an H200; sm_90 SASS: RZ
		 * stored) */
		if (d->nopnd != 4 || ir_tyinfo[d->ty[0]].bits != 32)
			return 0;
		if (d->opnd[3].kind == OK_IMM)
			u = d->opnd[3].imm ? 1 : 2;
		/* (of one register twice, that register: v15 xmix 314534) */
		else if (d->opnd[1].kind == OK_REG && srcval(d, 1) >= 0 && srcval(d, 1) == srcval(d, 2))
			u = 1;
		else if (!(u = kselpick(f, d, 0, 0)) && !(u = bfesetpf(f, d, k, depth)))
			return 0;
		return d->opnd[u].kind == OK_IMM || d->opnd[u].kind == OK_FIMM ||
		    (d->opnd[u].kind == OK_REG && bfesrcknown(f, srcval(d, u), k, depth + 1));
	case OP_MOV:   /* (its early pass: earlystop) */
		if (d->nopnd == 2 && d->opnd[1].kind == OK_VEC && d->opnd[1].nsub == 2 && d->nuse == 2 &&
		    ir_tyinfo[d->ty[0]].bits == 64)
			return bfesrcknown(f, d->use[0], k, depth + 1) && bfesrcknown(f, d->use[1], k, depth + 1);
		return d->nopnd == 2 && (d->opnd[1].kind == OK_IMM || d->opnd[1].kind == OK_FIMM) &&
		    !earlystop(f, f->val[w].ins, k);
	case OP_SET:
		/* a set of integers or bits, whatever its destination (v14 xmix
		 * 5745: a bfe.s32 at 32, 26 of set.eq.f32.b32 of two movs is the
		 * manual's 0 on an H200, and abs.ftz.f32 of it 0) */
		if (d->nty != 2 || (!isint(d->ty[1]) && ir_tyinfo[d->ty[1]].kind != TK_BIT) || d->nopnd != 3)
			return 0;
		/* of a value with itself by a signed or bit compare, whatever
		 * the value, into an f32 (v14 xmix 20502: a bfe.s32 at 34, 16
		 * of set.lt.f32.s32 x, x is the manual's 0 on an H200, RZ
		 * stored) or an integer (sm_90 SASS: a bfe.s32 at 33, 31 of
		 * set.gt.u32.s64, set.lt.u32.u64, set.gt.s32.s32 or set.ne.u32.b32
		 * x, x of a loaded x is RZ, and so of a bfe.u32 of a mov'd 1 at
		 * an add of -1 to one; v15 xmix 294886, line 173, 0 on an H200);
		 * where the early pass stops before the bfe (the check above) its
		 * later pass folds it, the immediate rule's -1 (v14 formx 17976:
		 * set.gt.s32.s32 x, x with a div.rn.ftz.f32 between); not hs,
		 * ls, lo and hi, which ptxas leaves to an ISETP) */
		if (srcval(d, 1) >= 0 && shift0(f, srcval(d, 1)) == shift0(f, srcval(d, 2)) && !ir_hasmod(d, MOD_HS) &&
		    !ir_hasmod(d, MOD_LS) && !ir_hasmod(d, MOD_LO) && !ir_hasmod(d, MOD_HI))
			return 1;
		/* fall through */
	case OP_BFIND:
		/* a bfind.s32 or .u32 of a value it knows (v14 xmix 24092,
		 * 21102: bfe.s32 at 37, 11 and at 33, 39 of bfind.shiftamt.s32
		 * of an or and of an add of movs are the manual's 0 on an H200;
		 * a bfind.u64 it leaves to run, 467) */
		if (d->op == OP_BFIND && ir_tyinfo[d->ty[0]].bits != 32)
			return 0;
		/* fall through */
	/* popc, clz, shf and integer mul of such values too (v14 xmix
	 * 22158: popc of a mov; 6468: clz.b64 of a mov.f64; 14647: mul.lo.u32
	 * of a word of mov.u64 0x7ff0000000000000 by 13; 1157, 33183: shf.l of
	 * a mov'd value by itself: a bfe.s32 past the word of each is the
	 * manual's 0 on an H200); a bfi.b32 too (8346: at 34 of a bfi of 127
	 * into a mov'd value is 0; v15 xmix 343098, at 32 of a bfi of a mov'd
	 * 0x7fffff into itself, 345326 at 33 of one of a word of mov.f64
	 * -50.4375 into itself, 337704 at a shr.s32 by 31 of a mov'd
	 * 0x80017fc0 of one of a bfe.s32 of movs, 0 on an H200), where
	 * nothing stops the early pass that knows its base (55930: at a
	 * mov'd 255 of a bfi of 123 into a mov.b32 0x7d010010 with an
	 * fma.rn.bf16x2 and a fence between is all ones) */
	/* a cvt between integers too (v15 immx 3562: a bfe.s32 at 0xbb, 52
	 * of cvt.s16.u8 of 0x69cb is the manual's 0 on an H200) */
	case OP_CVT:
		if (d->op == OP_CVT && (d->nty != 2 || !isint(d->ty[1])))
			return 0;
		/* fall through */
	case OP_AND: case OP_OR: case OP_XOR: case OP_SHL: case OP_SHR: case OP_ADD: case OP_SUB: case OP_NOT:
	/* min, max and mad.lo too (sm_90 SASS: a bfe.s32 at 37, 20 of
	 * min.u32, max.s32 or mad.lo.u32 of literals or of a mov'd value is
	 * RZ; v15 immx 158366, 171690 on an H200); not mad.hi (above) */
	case OP_MIN: case OP_MAX: case OP_MAD:
		if (d->op == OP_MAD && (ir_hasmod(d, MOD_HI) || ir_hasmod(d, MOD_WIDE)))
			return 0;
		/* fall through */
	/* neg and abs of an integer too (v15 immx 185852: a bfe.s32 of
	 * neg.s32 0x911984c8 at itself, 147, is the manual's 0 on an H200;
	 * sm_90 SASS: RZ for neg and abs.s32 of 0x911984c8 at 39, 23, -1 for
	 * neg of 0x111984c8) */
	case OP_NEG: case OP_ABS:
	case OP_BREV: case OP_BFE: case OP_BFI: case OP_POPC: case OP_MUL: case OP_SHF: case OP_CLZ:
		if (d->op != OP_SET && !isint(d->ty[0]) && ir_tyinfo[d->ty[0]].kind != TK_BIT)
			return 0;
		/* not an and, or, xor or not of 64 bits where the bfe's fields
		 * are immediates: the early pass that folds such a bfe does not
		 * evaluate them (sm_90 SASS: a bfe.s32 at 34, 8 of a word of
		 * xor.b64 x, x, and.b64 x, 0 or or.b64 x, 0 of a mov'd x, or of
		 * a mul.f64 of one, is MOV -1, of add.s64 or shl.b64 of x RZ;
		 * v14 xmix 2054: at 34, 8 of mul.lo.u32 of the words of mul.f64
		 * of xor.b64 of mov.f64 -2.75 with itself and 5.0 was all ones
		 * on an H200).  Fields ptxas computes from them make the bfe the
		 * later pass's, which knows them (v14 xmix 3238, the manual's 0
		 * at the low word of a chain of an and.b64 of a brev.b64). */
		if ((d->op == OP_AND || d->op == OP_OR || d->op == OP_XOR || d->op == OP_NOT) &&
		    ir_tyinfo[d->ty[0]].bits == 64 && !kbfelate && f->ins[k]->op == OP_BFE && f->ins[k]->nopnd == 4 &&
		    f->ins[k]->opnd[2].kind == OK_IMM && f->ins[k]->opnd[3].kind == OK_IMM)
			return 0;
		/* a value its known-bits analysis knows whole (kbits), where
		 * the later pass folds the bfe: a field known only by that
		 * analysis too, or one the early pass does not carry (sm_90 SASS:
		 * a bfe.s32 of ((x & 0x7fffff) | 1.0) & 0x80000000, or of
		 * ((x & 0x7fffff) | 1.0) >> 23 & 255, 127, at 37, 22 or at a
		 * mov'd 37 and 22 is the immediate rule's -1, at the 127 and 22,
		 * or of the 127 at itself, length 1, RZ, the manual's 0; v15 xmix
		 * 444310, line 89, 0 on an H200, 240566, line 194, -1).  Of values
		 * all known the walk below decides (an and of set.lo.u32.u16 x, x
		 * is its later pass's: tests/regress/bfe-s32-past-word-lo-set-f64-add.ptx) */
		if ((d->op == OP_AND || d->op == OP_OR || d->op == OP_XOR || d->op == OP_SHL || d->op == OP_SHR) &&
		    kbitsall(f, v, &part) && part && (kbfelate || bfefieldkbits(f, k)))
			return 1;
		for (int i = 1; i < d->nopnd; i++)
			if (d->opnd[i].kind != OK_IMM && d->opnd[i].kind != OK_FIMM &&
			    !(d->opnd[i].kind == OK_REG && bfesrcknown(f, srcval(d, i), k, depth + 1)))
				return 0;
		return 1;
	default:
		return 0;
	}
}

/* bfe.s32 whose position and length ptxas knows (immediates or kconst
 * values) folds by its rule for immediates (alu_int.c): a field past the
 * word is all ones (seeds 21315, 42284, 76914, 82183: lengths of an or
 * with -1, a set of x with x, a bfe of immediates, shifts of those).  Not
 * when it knows the source as well: then the constant it computes is the
 * manual's (sm_90 SASS: mov 13, mov 69, bfe.s32 by those and 10 is RZ),
 * and so it is for a shift to 0 close enough before it (zeroshift); a
 * mov's constant only where nothing between stops the early pass that
 * knows it (earlystop). */
/* Does something between instructions i and k stop the early pass of
 * ptxas's that evaluates an instruction of a constant a mov wrote: a
 * barrier, a fence or membar, a warp collective (mma, shfl, vote), or a
 * branch (i in another block)?  The later pass that folds it instead
 * follows the immediate rules (sm_90 SASS: mov.s32 0x7bff0400, then a
 * membar.cta, bar.sync, fence or mma.sync, then bfe.s32 by 55, 1 is -1,
 * RZ without one; v8 and v9 seed 20137, an mma.sync and fences between). */
static int
earlystop(const Func *f, int i, int k)
{
	if (i >= 0 && i < k && kbfelate)
		return 0;
	if (i < 0 || i >= k || f->ins[i]->blk != f->ins[k]->blk)
		return 1;
	/* (and an instruction ptxas expands into a call or a branch, which
	 * stops it as for the floats it computes, interp_fold_early: v15
	 * immx 16081, a bfe.s32 at 65, 62 of a mov.f32 0f5F000000 with a
	 * sqrt.rm.ftz.f32 between, all ones on an H200) */
	while (++i < k)
		if ((ir_opinfo[f->ins[i]->op].flags & (OF_BAR | OF_WARP | OF_VOLATILE_SIDE)) || amtkiller(f->ins[i]))
			return 1;
	return 0;
}

/* Is a field of bfe.s32 d (instruction k) a register whose constant
 * ptxas's early pass does not carry to d (earlystop: another block, or a
 * stop between)?  Then its later pass folds the bfe, and that one knows
 * the source wherever it computes it, early pass or not: the source is
 * walked without the stops (kbfelate; sm_90 SASS: a bfe.s32 of the high
 * word of mov.f64 0.5 at 217, 1 is RZ, the manual's 0, with nothing
 * between, -1 with a bfe.u64 between, but at a mov'd 217 RZ with the
 * bfe.u64 between too, and of a loaded source -1 either way; v15 xmix
 * 77024: such a bfe at a mov'd 3638054105 was 0 on an H200). */
static int
bfefieldlate(const Func *f, const Ins *d, int k)
{
	int v, u;
	const Ins *e;

	for (int i = 2; i <= 3; i++) {
		if (d->opnd[i].kind != OK_REG || (v = srcval(d, i)) < 0 || v >= f->nval)
			continue;
		/* a word of a mov.b64 unpack is the 64-bit value's constant,
		 * carried from where that was written (v15 xmix 103830: a
		 * bfe.s32 of the high word of mov.f64 1.0e+38 at its low word,
		 * with an rcp.rm.ftz.f32 between the mov and the unpack, was
		 * the manual's 0 on an H200) */
		if (f->val[v].ins >= 0 && (e = f->ins[f->val[v].ins])->op == OP_MOV && !e->guard && e->nopnd == 2 &&
		    e->opnd[0].kind == OK_VEC && e->ndef == 2 && (u = srcval(e, 1)) >= 0 && u < f->nval &&
		    f->val[u].ins >= 0)
			v = u;
		if (earlystop(f, f->val[v].ins, k))
			return 1;
	}
	return 0;
}

/* Does ptxas fold bfe.s32 d (instruction k) by its rule for immediate
 * fields (the comment above)?  One decision for the bfe's own result
 * (foldbfek) and for the constant kconst takes it for where another rule
 * reads it: v10 seed 9475 tmap, an add.sat.s32 of an abs and a bfe.s32
 * at 63 of a shr by 47 too far before it, was the abs plus all ones on
 * an H200, as the bfe itself (foldsat had taken the manual's 0). */
static int
bfeimm(const Func *f, const Ins *d, int k, int depth)
{
	uint64_t c;
	int v, w, r, late = kbfelate;
	const Ins *s;

	for (int i = 2; i <= 3; i++)
		if (d->opnd[i].kind != OK_IMM && !kconstlit(f, srcval(d, i), depth, &c))
			return 0;
	/* of a source it knows too, ptxas's answer is the manual's, even for
	 * immediate fields (H100: mov 13, bfe.s32 by 69, 10 gives 0); a
	 * source the walk of kconst finds it does not take for known (seed
	 * 37034: a bfe.u32 past the word) */
	kbfelate = 0;   /* the fields' stops are the early pass's own */
	kbfelate = bfefieldlate(f, d, k);
	r = !(d->opnd[1].kind == OK_IMM || ((v = srcval(d, 1)) >= 0 && (s = defof(f, v, &w)) && s->op == OP_MOV &&
	    !s->guard && s->nopnd == 2 && s->opnd[1].kind == OK_IMM && !earlystop(f, f->val[w].ins, k)) ||
	    zeroshift(f, srcval(d, 1), d, k, 0) || bfesrcknown(f, srcval(d, 1), k, 0));
	kbfelate = late;
	return r;
}

/* Is v a bfe.s32 result that ptxas's later pass folds by the immediate
 * rule (bfeimm), a constant its early folds do not see? */
int
interp_fold_bfelate(const Func *f, int v)
{
	int w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	uint64_t c[2];

	if (!d || d->op != OP_BFE || d->guard || d->ty[0] != TY_S32 || d->nopnd != 4 || !bfeimm(f, d, f->val[w].ins, 0))
		return 0;
	/* (a field inside the word is the manual's to either pass: v14 xmix
	 * 3848, max.ftz.f32 of a bfe.s32 at 23, 8 of -1 with itself is -1) */
	for (int i = 0; i < 2; i++)
		if (d->opnd[2 + i].kind == OK_IMM)
			c[i] = (uint64_t)d->opnd[2 + i].imm;
		else if (!kconst(f, srcval(d, 2 + i), 0, &c[i]))
			return 0;
	return (c[0] & 0xFF) + (c[1] & 0xFF) > 32;
}

static int
foldbfek(const Func *f, XIns *xi, const Ins *in, int k)
{
	if (bfeimm(f, in, k, 0))
		xi->alu.flags |= ALU_IMMFIELD;
	else
		xi->alu.flags &= ~(uint32_t)ALU_IMMFIELD;
	return 0;
}

/* The 32-bit bits of operand o of in where it is an immediate, integer or
 * f32 (0f80000000 and 0x80000000 are one operand to ptxas), or a register
 * an unguarded mov of one wrote: 1 and *c, else 0. */
static int
lopimm(ptx_module *pm, const Func *f, const Ins *in, int o, uint32_t *c)
{
	int v = srcval(in, o), w;
	const Ins *d;
	XOp x;

	if (in->opnd[o].kind != OK_IMM && in->opnd[o].kind != OK_FIMM) {
		if (v < 0 || !(d = defof(f, v, &w)) || d->op != OP_MOV || d->guard || d->nopnd != 2 ||
		    d->nty != 1 || ir_tyinfo[d->ty[0]].bits != 32)
			return 0;
		in = d;
		o = 1;
		if (in->opnd[o].kind != OK_IMM && in->opnd[o].kind != OK_FIMM)
			return 0;
	}
	if (interp_decode_op(pm, &in->opnd[o], TY_B32, &x) || x.k != XO_IMM)
		return 0;
	*c = (uint32_t)x.imm;
	return 1;
}

/* The value left of (x + y) - x where v is such a sub of 32 bits (.cc or
 * not, unguarded, no .sat), y or x, else -1: ptxas cancels the term as
 * kconst does for a constant y. */
static int
addleft(const Func *f, int v)
{
	int w, z;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL, *a;

	if (!d || d->guard || d->op != OP_SUB || d->nopnd != 3 || d->nty != 1 || !isint(d->ty[0]) ||
	    ir_tyinfo[d->ty[0]].bits != 32 || ir_hasmod(d, MOD_SAT) || srcval(d, 1) < 0 || srcval(d, 2) < 0 ||
	    !(a = defof(f, srcval(d, 1), &z)) || a->guard || a->op != OP_ADD || a->nopnd != 3 || a->nty != 1 ||
	    !isint(a->ty[0]) || ir_tyinfo[a->ty[0]].bits != 32 || ir_hasmod(a, MOD_SAT))
		return -1;
	for (int i = 1; i <= 2; i++)
		if (same(a, i, d, 2) && a->opnd[3 - i].kind == OK_REG)
			return srcval(a, 3 - i);
	return -1;
}

/* Does operand o of in read what slot a of the lop3 (or copysign) d
 * reads, a -1 the copysign's sign mask: one value (relsign; 1), or one
 * constant (2), immediates or movs of them (v15 xmix 161979: and.b32 of
 * 0f80000000 and a lop3 of 0f80000000, x, x; 82670: of 0x80000000 and a
 * lop3 of a mov'd 0x80000000 thrice; 103130: of 0f80000000 and a
 * copysign.f32 of x, x; on an H200 each the merged LOP3's)? */
static int
lopsame(ptx_module *pm, const Func *f, const Ins *in, int o, const Ins *d, int a)
{
	uint32_t x, y;
	int u, v;

	if (a >= 0 && relsign(pm, f, in, o, d, a) > 0)
		return 1;
	/* or a sub.cc of an add of it that cancels to it (v1 seed 412663,
	 * memory: and.b32 of a lop3 of x, y, y by 0x89 and sub.cc.u32 of
	 * add.u32 z, y and z is 0 on an H200; sm_90 SASS LOP3 y, RZ, x) */
	if (a >= 0 && (u = addleft(f, srcval(in, o))) >= 0 && (v = srcval(d, a)) >= 0 &&
	    interp_fold_copyroot(pm, f, u) == interp_fold_copyroot(pm, f, v))
		return 1;
	/* (not under a guard: v15 xmix 153100, @p xor.b32 of
	 * 0b1000...0 and a lop3 of x, x, 0f80000000, 0x96, was PTX's 0 on
	 * an H200) */
	if (in->guard || !lopimm(pm, f, in, o, &x))
		return 0;
	if (a < 0)
		return x == 0x80000000u ? 2 : 0;
	return lopimm(pm, f, d, a, &y) && x == y ? 2 : 0;
}

/* Does operand oi of in read the result of d through nothing but
 * unguarded movs of a register?  (Not a shf.l.clamp.b32 of one value by 32
 * or more, which defof takes for a copy: v15 xmix 205852, and.b32 of
 * 0f7FFFFFFF and such a shf of a lop3 of a mov'd 0f7FFFFFFF, x and it
 * again, was PTX's answer on an H200.) */
static int
lopdirect(const Func *f, const Ins *in, int oi, const Ins *d)
{
	int v = srcval(in, oi);

	for (int n = 0; n < 8 && v >= 0 && v < f->nval && f->val[v].ins >= 0; n++) {
		const Ins *e = f->ins[f->val[v].ins];
		if (e == d)
			return 1;
		if (e->op != OP_MOV || e->guard || e->nopnd != 2)
			return 0;
		v = srcval(e, 1);
	}
	return 0;
}

/* Does ptxas's early pass carry the constants value v is computed from
 * to instruction k: each mov of an immediate among the definitions walked
 * back from v (depth of them) with nothing between it and k that stops
 * the pass (interp_fold_early)?  foldlop asks of the constant whose match
 * keeps a lop3 unmerged: only the early pass knows it before the merge. */
static int
kearly(const Func *f, int v, int k, int depth)
{
	int w;
	const Ins *d = v >= 0 && depth < 8 ? defof(f, v, &w) : NULL;

	if (!d)
		return 1;
	if (d->op == OP_MOV && d->nuse == 0)
		return interp_fold_early(f, f->val[w].ins, f->ins[k]);
	for (int i = 0; i < d->nuse; i++)
		if (!kearly(f, d->use[i], k, depth + 1))
			return 0;
	return 1;
}

/* and, or or xor .b32 of a lop3.b32 result one of whose operands repeats
 * an earlier one, and of one of the lop3's operands: ptxas merges the two
 * into one LOP3 of the two registers, whose table it computes with the
 * repeated register in two slots, and then gives the later of those slots
 * RZ.  The result is op(o, lop3(a, b, 0)) for lop3(a, b, a) or (a, b, b),
 * op(o, lop3(a, 0, b)) for lop3(a, a, b): a LOP3 of the two registers and
 * o here (seeds 39403, 67665, 80172, 90086; sm_90 SASS of each; the H100
 * on twelve tables of each form).  Two forms of registers give another
 * slot RZ: for lop3(a, a, b) with b it is slot 1, op(b, lop3(0, a, b))
 * (v1 seeds 416042, 305653: lop3 of r20, r20, r18 by 0xcf and r18 is
 * LOP3 r18, RZ, r20, 0xb0, r18 on an H200), and for lop3(a, a, a) with a
 * slots 2 and 3 both, op(a, lop3(a, 0, 0)); ptxas 13.0's sm_90 SASS of
 * all 256 tables of each of (a, a, b), (a, b, a), (a, b, b), (b, a, a)
 * and (a, a, a), with a or b as the and, or or xor's first or second
 * source, agrees with these slots in every one; with an immediate b,
 * lop3(a, a, b) merged with b keeps slot 2 RZ in all 256 (v15 xmix
 * 153918).  A copy of an operand repeats it (v10 seed 9823 tmap: a lop3
 * of x, y and a shf.l.clamp.b32 of x by 69).  copysign.f32 d, a, b is such a lop3
 * too, LOP3(a, 0x80000000, b, 0xb8) in ptxas's code, so copysign of x and
 * x merged with x is op(x, |x|) (v6 seed 35179: xor.b32 of x and
 * copysign.f32 x, x gives x's sign bit; sm_90 SASS LOP3 x, 0x80000000, RZ). */
static int
foldlop(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	for (int oi = 1; oi <= 2; oi++) {
		int v = srcval(in, oi), w, o = oi == 1 ? 2 : 1, u, ok = 1, m;
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
		uint32_t t, lut = 0;
		uint64_t kc;
		uint32_t kc32;
		XOp s[3], *ns;
		/* the lop3's three slots as d's operand indices; -1 is the
		 * copysign's sign mask, an immediate 0x80000000 */
		int at[4] = { 0, 1, 2, 3 };

		/* zs: the slot that reads RZ, the later of the repeated pair
		 * but for the two cases below; p and q the other two; zq: q
		 * reads RZ too */
		int zs = 0, p = 1, q = 2, zq = 0, mp;
		if (!d || d->guard || d->ndst != 1)
			continue;
		if (d->op == OP_LOP3 && d->nopnd == 5 && d->ty[0] == TY_B32 && d->opnd[4].kind == OK_IMM) {
			zs = relsign(pm, f, d, 3, d, 1) > 0 || relsign(pm, f, d, 3, d, 2) > 0 ? 3 :
			     relsign(pm, f, d, 2, d, 1) > 0 ? 2 : 0;
			zq = zs == 3 && relsign(pm, f, d, 2, d, 1) > 0;
			t = (uint32_t)d->opnd[4].imm;
		} else if (d->op == OP_COPYSIGN && d->nopnd == 3 && d->nty == 1 && d->ty[0] == TY_F32) {
			at[2] = -1;
			at[3] = 2;
			zs = same(d, 1, d, 2) ? 3 : 0;
			t = 0xb8;
		}
		if (zs == 2)
			q = 3;
		if (!zs || !(m = (mp = lopsame(pm, f, in, o, d, at[p])) ? mp : lopsame(pm, f, in, o, d, at[q])))
			continue;
		/* lop3(a, a, b) with the register b: slot 1 reads RZ, not slot
		 * 2; with an immediate b in slot 3 slot 2 still does, matched as
		 * one operand or as one constant (v14 xmix 12768, v15 153918;
		 * sm_90 SASS of all 256 tables); and of a, a, a with a slots 2
		 * and 3 (zq), of a register only, and not of a register ptxas
		 * knows, a mov'd constant or float literal, which keeps the
		 * later slot's RZ alone (v15 xmix 78653: xor.b32 of lop3 of a
		 * mov'd 0x7fc17f81 thrice, 0x6a, and it was 0 on an H200; sm_90
		 * SASS: LOP3 of the register, the immediate and RZ; 150212: of
		 * a mov.f32 -1e39, 0xb8) */
		if (m != 1 || d->opnd[1].kind != OK_REG || ((u = srcval(d, 1)) >= 0 && kconstlit(f, u, 0, &kc)))
			zq = 0;
		if (zs == 2 && !mp && m == 1 && d->opnd[3].kind == OK_REG) {
			zs = 1;
			p = 2;
		}
		if (m == 2 && !lopdirect(f, in, oi, d))
			continue;
		/* matched by the constant, a repeated register whose value
		 * ptxas knows, in a lop3 with an immediate operand too, it
		 * reads as that constant, and merges nothing (v14 xmix 8725:
		 * lop3 of a selp c, c of a mov.f32 twice and 2147483648, a LOP3
		 * of the constants and then the and in the sm_90 SASS, PTX's
		 * answer on an H200; v15 81591, an or with 0x3f800000 of an
		 * and of mov.f32 2.5, alike); of three registers it merges (v15
		 * xmix 82670: lop3 of a mov'd 0x80000000 thrice, the merged
		 * LOP3's answer on an H200).  So too matched as one immediate
		 * operand, the and, or or xor's immediate the lop3's (v15 xmix
		 * 117113: an or with 0x3f800000 of an and with 0x7fffff of a
		 * lop3 of a mov'd 1 twice and 0x7fffff by 0xd9; 159781, of a
		 * mov.f32 twice and 0x7fffffff; v14 xmix 8511, an xor with
		 * 0x80000000 of one of a mov.f32 twice and 0x80000000; v14
		 * xmix 16517, v15 158690, of a selp c, c of a mov; v14 17497,
		 * 48726, v15 178246, 192071, 239883: PTX's answers on an
		 * H200), a constant kconst knows with the float literals
		 * (kconstlit), not one only interp_fold_f32val computes (v15
		 * xmix 101317: an xor with 0x80000000 of a lop3 of x, x and
		 * 0x80000000, x made by a brev.b32 of cvt.rn.tf32.f32 of mov.f32
		 * 1E-40, merged on an H200).  A constant the early pass knows
		 * (kearly: v15 xmix 324916, an xor with 0x80000000 of a lop3 of
		 * 0x80000000, x, x by 0xb8, x an add.f32 of a bfe.u32 of an or
		 * of an and of a mov'd 0x7e80fbff with a bfe.s64 between the mov
		 * and the and, merged on an H200: LOP3 x, 0x80000000, RZ, 0x60
		 * in sm_90 SASS, none without the bfe.s64). */
		if ((m == 2 || in->opnd[o].kind != OK_REG) && at[zs] >= 0 && (u = srcval(d, at[zs])) >= 0 &&
		    (m == 2 ? kconst(f, u, 0, &kc) || interp_fold_f32val(pm, f, u, &kc32) : kconstlit(f, u, 0, &kc)) &&
		    kearly(f, u, k, 0) &&
		    (d->op != OP_LOP3 || d->opnd[1].kind != OK_REG || d->opnd[2].kind != OK_REG ||
		     d->opnd[3].kind != OK_REG))
			continue;
		/* an f32 immediate in the lop3 merges where the constant
		 * matched, not where a register did (v15 xmix 155671: xor.b32
		 * of x and a lop3 of 0f007FFFFF, x, x, 0x60, x an add.u32 of a
		 * mov.f32, was PTX's answer on an H200) */
		for (int i = 1; i <= 3; i++)
			if (i != zs && at[i] >= 0 && d->opnd[at[i]].kind != OK_IMM &&
			    (m == 1 || d->opnd[at[i]].kind != OK_FIMM) &&
			    ((u = srcval(d, at[i])) < 0 || !holds(f, u, f->val[w].ins, k)))
				ok = 0;
		if (!ok)
			continue;
		for (int i = 0; i < 2; i++) {
			int a = at[i ? q : p];

			if (a < 0)
				s[i] = (XOp){ .k = XO_IMM, .imm = 0x80000000u };
			else if (interp_decode_op(pm, &d->opnd[a], TY_B32, &s[i]))
				ok = 0;
		}
		if (!ok || interp_decode_op(pm, &in->opnd[o], TY_B32, &s[2]))
			continue;
		for (int idx = 0; idx < 8; idx++) {
			/* the lop3's slot values: p is x (bit 2), q is y (bit 1), zs 0 */
			uint32_t x = (uint32_t)idx >> 2 & 1, y = (uint32_t)idx >> 1 & 1, z = (uint32_t)idx & 1;
			uint32_t slot[4] = { 0, 0, 0, 0 }, l;
			slot[p] = x;
			slot[q] = zq ? 0 : y;
			l = t >> (slot[1] << 2 | slot[2] << 1 | slot[3]) & 1;
			lut |= (in->op == OP_AND ? z & l : in->op == OP_OR ? z | l : z ^ l) << idx;
		}
		if (!(ns = interp_realloc(pm->cx, xi->s, 3 * sizeof *xi->s)))
			return -1;
		xi->s = ns;
		for (int i = 0; i < 3; i++)
			xi->s[i] = s[i];
		xi->ns = 3;
		xi->alu.nsrc = 3;
		xi->alu.op = OP_LOP3;
		xi->alu.imm = lut;
		xi->alu.flags = 0;
		return 0;
	}
	return 0;
}

/* cvt.sat from s32 of a neg.s32 or abs.s32 result (unguarded): ptxas
 * knows the sign that gives, keeps -x or |x| exact and saturates it with
 * an unsigned compare (sm_90 SASS: IMAD.MOV -x or IABS, ISETP.GT.U32 with
 * the bound, SEL), so that of INT_MIN, which both leave INT_MIN, is +2^31:
 * cvt.sat.u32.s32 keeps 0x80000000, s8 gives 127, u16 65535 (v13 dag
 * seeds 1480, 1117 on an H200), and so does cvt.sat.u64.s32, its high
 * word 0 (SASS: IMAD.MOV -x, ISETP.GT.U32 with 0x80000000, SEL; IABS
 * alone for |x|; v14 dag 22620, 7331), where PTX's saturation of INT_MIN gives 0
 * or the type's minimum.  cvt.sat.s8.u32 and cvt.sat.s16.u32 of a
 * cnot.b32 result (unguarded) take the cnot as the negation -m of its
 * mask m, 0 or -1, and saturate as if m were unsigned (ISETP.GT.U32 m
 * with 0x80, SEL -m or 0xffffff80), so a cnot of 1 gives the minimum,
 * -128 or -32768 (seeds 812, 2174); u8 and u16 read a register ptxas
 * never writes, and s32.u32 and the signed sources are exact.
 * AluOp.imm 1 (-x or |x|) or 2 (cnot) for alu_cvt.c; 1 when it applies. */
int
interp_fold_satexact(const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w, x;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	uint64_t r;

	/* a shift by an immediate 0 is a copy to ptxas (v14 dag 4070:
	 * cvt.sat.u8.s32 of shl.b32 by 0 of neg.s32 x is ISETP.LE x with
	 * -0xff and SEL 0xff in the sm_90 SASS) */
	for (int n = 0; n < 4 && d && (d->op == OP_SHL || d->op == OP_SHR) && !d->guard && d->nopnd == 3 &&
	     d->opnd[2].kind == OK_IMM && d->opnd[2].imm == 0 && (x = srcval(d, 1)) >= 0; n++)
		d = defof(f, x, &w);
	/* not of a value ptxas knows, which it folds (v13 seed 4641: a cnot
	 * of a mul.lo by 0) */
	if (!d || d->guard || d->nopnd != 2 || d->opnd[1].kind == OK_IMM || (x = srcval(d, 1)) < 0 ||
	    interp_fold_kconst(f, x, &r))
		return 0;
	if ((d->op == OP_NEG || d->op == OP_ABS) && d->ty[0] == TY_S32 && in->ty[1] == TY_S32)
		xi->alu.imm = 1;
	else if (d->op == OP_CNOT && d->ty[0] == TY_B32 && in->ty[1] == TY_U32 &&
		 (in->ty[0] == TY_S8 || in->ty[0] == TY_S16))
		xi->alu.imm = 2;
	else
		return 0;
	return 1;
}

/* Is 32-bit value v a 0 that ptxas's add.sat sees as one: a mov of 0 or
 * a shl or shr by an immediate of 32 or more?  Not every 0 kconst finds:
 * ptxas keeps the PLOP3 sum for one a mad.hi.sat.s32 of 0s makes (v15 dag
 * 136713, 247062 on an H200). */
static int
zero32(const Func *f, int v)
{
	int w;
	const Ins *d = defof(f, v, &w);

	if (!d || d->guard || d->nopnd < 2)
		return 0;
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_IMM)
		return (uint32_t)d->opnd[1].imm == 0;
	return (d->op == OP_SHL || d->op == OP_SHR) && d->nopnd == 3 && d->opnd[2].kind == OK_IMM &&
	       (uint64_t)d->opnd[2].imm >= 32 && d->ty[0] != TY_S32;
}

/* add.sat.s32 of a neg.s32, sub.s32 0, x or abs.s32 result (unguarded)
 * and a 0 (an immediate, a mov of one, a shift past the word: zero32),
 * either order: ptxas takes the sum for the negation or absolute value
 * saturated, keeps it exact and tests it against INT_MIN (sm_90 SASS:
 * IMAD.MOV -x or IABS, then ISETP.EQ with -0x80000000 and SEL
 * 0x7fffffff), so that of INT_MIN is INT_MAX where PTX's sum of INT_MIN
 * and 0 is INT_MIN (v1 seed 525261: add.sat.s32 of neg.s32 of
 * 0x80000000 and a shr.u32 by 39, 0x7fffffff on an H100;
 * tests/regress/add-sat-neg-zero.ptx).  Any other addend keeps the PLOP3
 * overflow test of the wrapped -x, and a sub.sat, a not.b32 or a plain
 * value is PTX's sum; so does the negation of a value ptxas knows, which
 * it folds.  AluOp.imm 1 (a exact) or 2 (b) for alu_int.c; 1 when it
 * applies. */
int
interp_fold_addsatneg(const Func *f, XIns *xi, const Ins *in)
{
	if (in->guard || in->nopnd != 3 || in->ty[0] != TY_S32 || !ir_hasmod(in, MOD_SAT) || xi->ns != 2)
		return 0;
	for (int i = 1; i <= 2; i++) {
		int v = srcval(in, i), z = srcval(in, 3 - i), w;
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
		uint64_t c;
		if (!(in->opnd[3 - i].kind == OK_IMM ? in->opnd[3 - i].imm == 0 : z >= 0 && zero32(f, z)))
			continue;
		if (!d || d->guard || d->nty != 1 || (d->ty[0] != TY_S32 && !(d->op == OP_SUB && isint(d->ty[0]) &&
		    ir_tyinfo[d->ty[0]].bits == 32)))
			continue;
		if (!((d->op == OP_NEG || d->op == OP_ABS) && d->nopnd == 2) &&
		    !(d->op == OP_SUB && d->nopnd == 3 && !ir_hasmod(d, MOD_SAT) && !ir_hasmod(d, MOD_CC) &&
		      d->opnd[1].kind == OK_IMM && d->opnd[1].imm == 0))
			continue;
		/* not of a value it knows, whose negation it folds (v15 dag
		 * 247062: add.sat.s32 of neg.s32 of a mov'd 0x80000000 is the
		 * PLOP3 overflow test of that constant on an H200) */
		int x = srcval(d, d->nopnd - 1);
		if (x < 0 || interp_fold_kconst(f, x, &c))
			continue;
		xi->alu.imm = (uint32_t)i;
		return 1;
	}
	return 0;
}

/* The low half of R1, the stack pointer (c[0x0][0x28], 0xfffdc0 on an
 * H200: v15 dag 310763 reads it whole), which ptxas reads for a cnot.b32
 * result it never wrote (interp_fold_satcnot). */
#define SPLOW 0xfdc0u

/* cvt.sat.u8.u32 and cvt.sat.u16.u32 (instruction k, unguarded) of a
 * cnot.b32 result (unguarded, of a value ptxas does not know): ptxas
 * takes the cnot for 0 or 1, which no unsigned bound clips, and keeps the
 * low byte or half of the register that should hold it, one its code
 * never writes (sm_90 SASS: LOP3.LUT R, R1, 0xff and STG, or STG.U16 of
 * R1 itself, the cnot's ISETP and SEL elsewhere).  Which register that is
 * is the allocator's; before any subroutine call (interp_fold_subcall) it is
 * most often R1, the stack pointer, and the result its low bits, 0xfdc0
 * or 0xc0 in every thread on an H200 (v13 dag 5092, 8557, 11134, 11583;
 * v14 dag 18614, 45102; v15 dag 186203, 190495, 301167).  Others the
 * PTX does not tell apart read a register never written (v13 dag 8831:
 * R0, 0x3c00; v15 dag 366346, 11412) or one a MUFU.RCP wrote (v13 dag
 * 2314), and stay listed; so do those after a call.  Of the 34 listed
 * records that differ at such a cvt, 11 pass with the rule, none
 * without it.  1 when it applies: the source is then R1's bits. */
int
interp_fold_satcnot(const Func *f, XIns *xi, const Ins *in, int k)
{
	int v = srcval(in, 1), w, x;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	uint64_t r;

	if (!ir_hasmod(in, MOD_SAT) || in->nty != 2 || in->ty[1] != TY_U32 || (in->ty[0] != TY_U8 && in->ty[0] != TY_U16) ||
	    in->guard || !d || d->guard || d->op != OP_CNOT || d->ty[0] != TY_B32 || d->nopnd != 2 ||
	    (x = srcval(d, 1)) < 0 || interp_fold_kconst(f, x, &r))
		return 0;
	for (int j = 0; j < k && j < f->nins; j++)
		if (interp_fold_subcall(f->ins[j]))
			return 0;   /* R1 may hold another value after a call */
	xi->s[0] = (XOp){ .k = XO_IMM, .imm = in->ty[0] == TY_U8 ? SPLOW & 0xFFu : SPLOW };
	return 1;
}

/* rem.s32 of an abs.s32 result: ptxas knows the dividend is not negative
 * and divides |a| by |b| unsigned, with no sign to restore, so that of
 * INT_MIN, whose abs is itself, the remainder is 2^31 mod |b| (seeds
 * 39152, 60866, 63538, 75915, 78233), where PTX's is negative. */
static int
foldabsrem(const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (d && d->op == OP_ABS && d->ty[0] == TY_S32 && !d->guard)
		xi->alu.flags |= ALU_ABSREM;
	return 0;
}

/* sub.cc.s64 a, b of an abs.s64 result b: ptxas adds -|x|, which it
 * selects from x and the -x it made for the abs (sm_90 SASS: IADD3 a, SEL
 * and IADD3.X, no negation), so the carry out is that of an add: 0 where b
 * is 0, where PTX's a + ~b + 1 carries (v4 seeds 3031, 13844).  The sum is
 * the same, and so is the carry for every other b.  sub.cc.u64, and 32-bit
 * ones (IABS, then IADD3 of -|x|), keep the subtraction's carry. */
static int
foldsubabs(const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 2), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (d && d->op == OP_ABS && d->ty[0] == TY_S64 && !d->guard)
		xi->alu.imm = 1;
	return 0;
}

/* and.b32 with an immediate of a cvt that zero-extends a tanh.approx.f16
 * or ex2.approx.f16 result (.u8 or .u16 source, integer cvts taken for
 * movs): ptxas drops the and and the cvt's mask whatever the immediate
 * (sm_90 SASS: the MUFU.TANH.F16 register stored as it is, for masks 1,
 * 3, 0xfe, 0x100 and 0xffff; seed 81964), so the result is the 16 bits of
 * the MUFU (fold.c foldmufu8 keeps them through the cvt alone).  1 where
 * it applies. */
static int
foldmufuand(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int oi = in->opnd[2].kind == OK_IMM ? 1 : in->opnd[1].kind == OK_IMM ? 2 : 0, v, w, u, z;
	const Ins *c, *d;
	XOp m = { .k = XO_IMM, .imm = 0xFFFF };

	if (!oi || (v = srcval(in, oi)) < 0)
		return 0;
	/* through min, max, and and or of the value with itself (seed 81964) */
	for (int n = 0; n < 4 && (c = defof(f, v, &w)) && !c->guard && c->nopnd == 3 && (c->op == OP_MIN ||
	    c->op == OP_MAX || c->op == OP_AND || c->op == OP_OR) && (isint(c->ty[0]) || ir_tyinfo[c->ty[0]].kind == TK_BIT) &&
	    (u = srcval(c, 1)) >= 0 && u == srcval(c, 2); n++)
		v = u;
	if (!(c = defof(f, v, &w)) || c->op != OP_CVT || c->guard ||
	    c->nty != 2 || (c->ty[1] != TY_U8 && c->ty[1] != TY_U16) || ir_hasmod(c, MOD_SAT) ||
	    ir_tyinfo[c->ty[0]].kind == TK_FLOAT || (u = srcval(c, 1)) < 0 || !(d = defof(f, u, &z)) ||
	    d->guard || (d->op != OP_TANH && d->op != OP_EX2) || d->ty[0] != TY_F16 || d->nopnd != 2 ||
	    !holds(f, u, f->val[w].ins, k) || interp_decode_op(pm, &c->opnd[1], TY_B32, &xi->s[0]))
		return 0;
	xi->s[1] = m;
	return 1;
}

/* Is operand o of in a 0 that ptxas knows: an immediate, a kconst value,
 * or an xor of one value with itself?  Not a sub of it, which ptxas
 * computes (IMAD.IADD x, 1, -x) and whose min and max it keeps (v6 seed
 * 73319, in a callee: max.u32 of x - x and a min.s32 of it and a negative
 * y was y on an H200; sm_90 SASS: the two VIMNMX), and of which an add.u32
 * with x is an IADD3 x + y - y, so a max.f32 of it and x keeps its FMNMX
 * (fold.c zeroside). */
int
interp_fold_knownzero(const Func *f, const Ins *in, int o)
{
	int v = srcval(in, o), w;
	const Ins *d;
	uint64_t c;

	if (in->opnd[o].kind == OK_IMM)
		return in->opnd[o].imm == 0;
	if (v < 0 || !(d = defof(f, v, &w)))
		return 0;
	if (d->op == OP_XOR && !d->guard && d->nopnd == 3 && srcval(d, 1) >= 0 && srcval(d, 1) == srcval(d, 2))
		return 1;
	return kconst(f, v, 0, &c) && c == 0;
}

/* min.s32 of a 0 ptxas knows and a max.u32 of that 0 and y is 0 to it,
 * where the manual's answer is y for a negative y: it takes the max for
 * a value >= 0 whatever the signedness (v6 seed 16482: the H200's 0 in
 * every thread, for xor.b32 q, q as the 0; on an H200 so for an
 * immediate 0 and either operand order too).  Of a register it does not
 * know it computes both (v6 seeds 11321, 12611, 15760, 16722: min.s32 of
 * a register and a max.u32 of it), and so it does of 64 bits (v6 seed
 * 16243; the H200, min.s64 of 0 and max.u64 of 0 and -5: -5).  The other
 * pairings of 0 are the manual's answers already (min.u32 of 0, max.u32
 * of y, max.s32 of 0 and a min.u32 of 0) but max.u32 of 0 and a min.s32
 * of 0 and y, which it takes for 0 as well (v6 seed 24351, in a callee:
 * the H200's 0 for a negative y; sm_90 SASS stores RZ for an xor or an
 * immediate 0 in either operand order, and computes both for a register
 * it does not know and of 64 bits). */
static int
foldabsorb(const Func *f, XIns *xi, const Ins *in, int k)
{
	for (int i = 1; i <= 2; i++) {
		int v = srcval(in, i), o = 3 - i, w, u;
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

		if (!d || d->guard || d->op != (in->op == OP_MIN ? OP_MAX : OP_MIN) || d->nopnd != 3 || d->nty < 1 ||
		    d->ty[0] != (in->op == OP_MIN ? TY_U32 : TY_S32) || ir_hasmod(d, MOD_RELU))
			continue;
		for (int j = 1; j <= 2; j++)
			if (same(d, j, in, o) && interp_fold_knownzero(f, in, o) &&
			    (in->opnd[o].kind == OK_IMM || ((u = srcval(in, o)) >= 0 && holds(f, u, f->val[w].ins, k)))) {
				copyof(xi, o - 1, 0);
				return 1;
			}
	}
	return 0;
}

/* Is set d one without a BoolOp both of whose sources are values ptxas
 * knows (immediates, kconst)?  It evaluates such a set, .ftz and all,
 * before it would compare its sources again for a reader (setftzsrc,
 * fold.c foldsetpftz; v15 xmix 1062038: selp.f32 by setp.ne.u32 of
 * set.ge.ftz.u32.f32 of mov'd 0x80000001 and 0f007FFFFF, -0 >= 0 with
 * both flushed, picks its first operand in sm_90 SASS and on an H100; a
 * cnot of that set is RZ).  A BoolOp's predicate it does not know leaves
 * the compare made again without .ftz (932156, 449094: set.gt.or.ftz and
 * set.neu.xor.ftz of such sources). */
int
interp_fold_setsrck(const Func *f, const Ins *d)
{
	uint64_t c;

	if (d->nopnd != 3)
		return 0;
	for (int j = 1; j <= 2; j++)
		if (d->opnd[j].kind != OK_IMM && d->opnd[j].kind != OK_FIMM &&
		    (d->opnd[j].kind != OK_REG || !interp_fold_kconst(f, srcval(d, j), &c)))
			return 0;
	return 1;
}

/* Is value v, read by instruction k, an unguarded f32 set.ftz with an
 * integer destination and no BoolOp whose sources still hold at k?  Its
 * decoded form in *op, its sources in src[0..1] (foldcnotset and
 * foldfnsset, where ptxas makes the set's compare again without .ftz). */
static int
setftzsrc(ptx_module *pm, const Func *f, int v, int k, AluOp *op, XOp src[2])
{
	int w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	const char *why;

	if (!d || d->op != OP_SET || d->guard || d->ndst != 1 || d->nty != 2 || d->ty[1] != TY_F32 ||
	    (d->ty[0] != TY_U32 && d->ty[0] != TY_S32) || !ir_hasmod(d, MOD_FTZ) || d->nopnd != 3 ||
	    alu_decode(d, op, &why) != 0 || op->bop || op->negsrc || !op->cmp || interp_fold_setsrck(f, d))
		return 0;
	for (int j = 0; j < 2; j++) {
		int u = srcval(d, 1 + j);
		if ((d->opnd[1 + j].kind == OK_REG && (u < 0 || !holds(f, u, f->val[w].ins, k))) ||
		    interp_decode_op(pm, &d->opnd[1 + j], TY_F32, &src[j]))
			return 0;
	}
	return 1;
}

/* cnot.b32 of an unguarded f32 set.ftz with an integer destination and
 * no BoolOp: ptxas makes the pair one FSETP of the opposite compare
 * without the .ftz and a SEL (sm_90 SASS: FSETP.EQ for the cnot of a
 * set.neu.ftz, GEU of a set.lt.ftz, NE of a set.equ.ftz, each of the
 * fourteen compares so), so subnormals are compared as they are: v12
 * formx seed 2403, whose H200 result gave 0 for 0x1 and 0x2, unequal to
 * the cnot but equal zeros to the set (tests/regress/fold-cnot-set-ftz
 * .ptx).  The cnot becomes that compare of the set's sources, written as
 * 1 or 0 (a set to the width of a .pred, whose truth is 1). */
static int
foldcnotset(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	static const int from[] = { MOD_EQ, MOD_NE, MOD_LT, MOD_LE, MOD_GT, MOD_GE, MOD_EQU,
				    MOD_NEU, MOD_LTU, MOD_LEU, MOD_GTU, MOD_GEU, MOD_NUM, MOD_NAN_CMP };
	static const int to[] = { MOD_NEU, MOD_EQU, MOD_GEU, MOD_GTU, MOD_LEU, MOD_LTU, MOD_NE,
				  MOD_EQ, MOD_GE, MOD_GT, MOD_LE, MOD_LT, MOD_NAN_CMP, MOD_NUM };
	int j;
	AluOp op;
	XOp src[2], *ns;

	if (!setftzsrc(pm, f, srcval(in, 1), k, &op, src))
		return 0;
	for (j = 0; j < 14 && from[j] != op.cmp; j++)
		;
	if (j == 14)
		return 0;
	if (xi->ns < 2) {
		if (!(ns = interp_realloc(pm->cx, xi->s, 2 * sizeof *xi->s)))
			return -1;
		xi->s = ns;
	}
	xi->s[0] = src[0];
	xi->s[1] = src[1];
	xi->ns = 2;
	xi->alu = op;
	xi->alu.cmp = to[j];
	xi->alu.flags &= ~(uint32_t)ALU_FTZ;
	xi->alu.ty = TY_PRED;
	return 0;
}

/* fns.b32 whose offset is an unguarded f32 set.ftz with an integer
 * destination and no BoolOp: ptxas's expansion of fns tests the offset
 * against 0 by the set's compare made again without .ftz (sm_90 SASS:
 * FSETP.EQ, no .FTZ, of set.neu.ftz's sources branches to the offset-0
 * path, mask & 1 << base counted once; foldcnotset's view of a set).
 * Where that compare and the set disagree on a subnormal, the other path
 * runs on the register's value: an offset it takes for 0 that is -1 gives
 * the offset-0 answer, and one it takes for nonzero that is 0 searches
 * for no bit, 31 (v1 seeds 305065, 324095, 378910, 481436 on an H100).
 * The fns keeps mask and base and takes the set's two sources for its
 * offset, with the compare in alu.cmp (alu_int.c). */
static int
foldfnsset(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	AluOp op;
	XOp src[2], *ns;

	if (!setftzsrc(pm, f, srcval(in, 3), k, &op, src))
		return 0;
	if (!(ns = interp_realloc(pm->cx, xi->s, 4 * sizeof *xi->s)))
		return -1;
	xi->s = ns;
	xi->s[2] = src[0];
	xi->s[3] = src[1];
	xi->ns = 4;
	xi->alu.nsrc = 4;
	xi->alu.cmp = op.cmp;
	return 0;
}

/* shl.b64 by an immediate of 1-30 of a cvt.s64.u32 of x: ptxas makes the
 * high word an SHF.R.S32.HI of x, a sign extension, where the cvt
 * zero-extends (sm_90 SASS; dag seeds 106, 4697, 4831 on an H200: the
 * cvt itself stored zero-extended, the shift of 0xffffffff by 26
 * 0xfffffffffc000000): mul.wide.s32 of x by 2^n computes that.  (A shr,
 * or a shl of cvt.u64.u32 or of a 16-bit source, is exact; by 31 it is
 * likely the same, not modelled.) */
static int
foldshlsext(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int v = srcval(in, 1), w, u;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	int64_t n = in->opnd[2].imm;

	if (!d || d->op != OP_CVT || d->guard || d->nty != 2 || d->ty[0] != TY_S64 || d->ty[1] != TY_U32 ||
	    d->nopnd != 2 || ir_hasmod(d, MOD_SAT) || n < 1 || n > 30 || (u = srcval(d, 1)) < 0 ||
	    !holds(f, u, f->val[w].ins, k) || interp_decode_op(pm, &d->opnd[1], TY_U32, &xi->s[0]) ||
	    xi->s[0].k != XO_REG)
		return 0;
	xi->s[1] = (XOp){ .k = XO_IMM, .imm = (uint64_t)1 << n };
	xi->alu.op = OP_MUL;
	xi->alu.ty = TY_S32;
	xi->alu.flags = ALU_WIDE;
	return 0;
}

/* The amount of shl in as ptxas knows it: an immediate, a mov of one, or
 * a popc of a mov of one (v13 dag seed 3096: popc.b64 of all ones, 64);
 * else -1.  Not every kconst value: a prmt of a bfind.shiftamt of a
 * constant stays a register, which SHF shifts to 0 (seed 4648). */
static int64_t
shlamtk(const Func *f, const Ins *in)
{
	int64_t c;
	int v = srcval(in, 2), w;
	const Ins *d;

	if (in->opnd[2].kind == OK_IMM)
		return (uint64_t)in->opnd[2].imm > INT32_MAX ? INT32_MAX : in->opnd[2].imm;
	if (immof(f, in, 2, &c))
		return (uint32_t)c;
	if (v >= 0 && (d = defof(f, v, &w)) && d->op == OP_POPC && !d->guard && d->nopnd == 2 && immof(f, d, 1, &c))
		return __builtin_popcountll(d->ty[0] == TY_B64 ? (uint64_t)c : (uint32_t)c);
	return -1;
}

/* shl.b64 by an amount of 64 or more ptxas knows (shlamtk) of a mul.wide (.u32
 * or .s32) or a mul.lo of 64 bits by a constant ptxas knows (an
 * immediate, a kconst value): ptxas drops the shift and keeps the
 * product, where the shift gives 0 (sm_90 SASS: the IMAD.WIDE stored as
 * it is, for 64, 65, 100 and 255 alike; by a register factor it stores
 * RZ; dag seed 413 on an H200; a mov'd 0xf97450a9, seed 604, and a popc
 * of 64 ones, 3096, alike).  The product may come through a selp whose
 * predicate ptxas knows (604: a setp.ge.s64 of x with itself).  Not a
 * product of two factors it knows (tests/regress/shl64-known-product.ptx). */
static int
foldshlmulk(const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w, t, u;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	uint64_t c;

	if (d && d->op == OP_SELP && !d->guard && d->nopnd == 4 && (t = interp_fold_selknown(f, d)) >= 1 && t <= 2 &&
	    (u = srcval(d, t)) >= 0)
		d = defof(f, u, &w);
	if (!d || d->op != OP_MUL || d->guard || d->nopnd != 3 || d->ndef != 1 ||
	    !(ir_hasmod(d, MOD_WIDE) ? ir_tyinfo[d->ty[0]].bits == 32 :
	      ir_hasmod(d, MOD_LO) && ir_tyinfo[d->ty[0]].bits == 64 && isint(d->ty[0])))
		return 0;
	/* one factor known, not both: a product of two it knows is a
	 * constant, whose shift it folds to 0 (v15 dag 569941: mul.wide.s32
	 * of a mov'd 0x7fffffff by itself, shl by 65, 0 on an H100; sm_90
	 * SASS: STG of RZ) */
	int known = 0;
	for (int i = 1; i <= 2; i++)
		known += d->opnd[i].kind == OK_IMM || (d->opnd[i].kind == OK_REG && interp_fold_kconst(f, srcval(d, i), &c));
	if (known != 1)
		return 0;
	copyof(xi, 0, 0);
	return 1;
}

/* shr.s32 by an immediate of 1-31 of an unguarded neg.s32 of a word of a
 * mov.b64 {lo, hi} unpack, whose every reader is an add, or a sub that
 * subtracts something from it (.s32, .u32): ptxas makes each reader a
 * LEA.HI.SX32 with the negation as its operand's modifier, which
 * computes b - (x >> c), not b + ((-x) >> c): one more where x's low c
 * bits are not all 0 (v14 xmix seeds 3053, 6695: the f64 exponent idiom
 * -(hi) >> 20, - 1023 gave -1022 for a hi of -1 on an H200; sm_90 SASS:
 * LEA.HI.SX32 R, -R, 0xfffffc01, 0xc).  Without the unpack, or without
 * such a reader, an IADD3 negates first and the SHF shifts that.  The
 * shr then shifts x and negates the result (ALU_NEGK, on a shr). */
static int
foldnegshr(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int v = srcval(in, 1), w, u, z, me, n = 0;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL, *e;

	if (!d || d->op != OP_NEG || d->guard || d->ty[0] != TY_S32 || d->nopnd != 2 || (u = srcval(d, 1)) < 0 ||
	    !(e = defof(f, u, &z)) || e->op != OP_MOV || e->guard || e->nopnd != 2 || e->opnd[0].kind != OK_VEC ||
	    e->ndef != 2 || ir_tyinfo[e->ty[0]].bits != 64 || in->ndef != 1 || !holds(f, u, f->val[w].ins, k))
		return 0;
	me = in->def[0];
	if (me < 0 || me >= f->nval || !f->rdoff)
		return 0;
	for (int q = f->rdoff[me]; q < f->rdoff[me + 1]; q++) {
		const Ins *r = f->ins[f->rd[q]];
		if (r->guard || (r->op != OP_ADD && r->op != OP_SUB) || r->nopnd != 3 || r->nty != 1 ||
		    (r->ty[0] != TY_S32 && r->ty[0] != TY_U32) || ir_hasmod(r, MOD_SAT) || ir_hasmod(r, MOD_CC) ||
		    (r->op == OP_SUB && srcval(r, 2) == me))
			return 0;
		n++;
	}
	if (!n || interp_decode_op(pm, &d->opnd[1], TY_S32, &xi->s[0]))
		return 0;
	xi->alu.flags |= ALU_NEGK;
	return 0;
}

/* Is op an f32 literal NaN (*c its bits)? */
static int
nanlit(ptx_module *pm, const Opnd *op, uint32_t *c)
{
	XOp o;

	if (op->kind != OK_FIMM || interp_decode_op(pm, op, TY_F32, &o) || o.k != XO_IMM)
		return 0;
	*c = (uint32_t)o.imm;
	return (*c & 0x7FFFFFFFu) > 0x7F800000u;
}

/* Does ptxas know operand i of d, an f32 value: a literal, a value
 * kconst finds with the movs of float literals known (klit; its bits *c,
 * *val set), or an f32 instruction of one SASS instruction of literals
 * or such values that it computes (bfefone: a cos.approx.ftz of a
 * literal; *val clear)? */
static int
rnval(ptx_module *pm, const Func *f, const Ins *d, int i, uint32_t *c, int *val)
{
	XOp o;
	uint64_t k;
	int w, x;
	const Ins *s;

	*val = 1;
	if (d->opnd[i].kind == OK_FIMM || d->opnd[i].kind == OK_IMM) {
		if (interp_decode_op(pm, &d->opnd[i], TY_F32, &o) || o.k != XO_IMM)
			return 0;
		*c = (uint32_t)o.imm;
		return 1;
	}
	if (d->opnd[i].kind != OK_REG)
		return 0;
	if (kconstlit(f, srcval(d, i), 0, &k))
		return *c = (uint32_t)k, 1;
	*val = 0;
	if (!(s = defof(f, srcval(d, i), &w)) || s->guard || !bfefone(s) || s->ty[0] != TY_F32 || s->nopnd > 3)
		return 0;
	for (int j = 1; j < s->nopnd; j++)
		if (!rnval(pm, f, s, j, c, &x) || !x)
			return 0;
	return 1;
}

/* Is d an add, sub or mul .rn.f32 (.ftz too, not .sat) of values ptxas
 * knows (rnval) whose result is a NaN: a NaN among them, any NaN, or
 * infinity times 0 or less infinity?  ptxas folds it to the canonical
 * NaN 0x7fffffff; not the directed roundings .rz, .rm and .rp, which stay
 * an FMUL or FADD of the constants (sm_90 SASS: mul.rn.f32 or add.rn.f32
 * of 0fFF812345 and 2.0, or a mov'd 1.0, or a cos.approx.ftz of
 * 0f80800000, is known, an add.f32 of it and a loaded x subtracted from a
 * loaded y an IADD3 of y and 0x7fffffff; of mul.rp, .rz, .rm of
 * 0d7FFFFFFFFFFFFFFF and 29.625 an FMUL.RP and FADD at run time, the
 * IADD3 of -R; v15 immx 54479: sub.cc.s32 of such an add.f32 of a
 * mul.rp.ftz was x - 0x7fffffff on an H200, 220011: of an add.f32 of a
 * mul.rn.f32 of 0fFF812345 by a cos.approx.ftz.f32 of 0f80800000 2
 * below it, 167464: of mul.rn.f32 3.4028235677973366e38,
 * 0d0000000000000002, infinity times 0, with itself 0xfffffffe). */
static int
rnnan(ptx_module *pm, const Func *f, const Ins *d)
{
	uint32_t c[2], a[2];
	int val[2], nan = 0, ftz = ir_hasmod(d, MOD_FTZ);

	if (d->guard || d->nopnd != 3 || d->ty[0] != TY_F32 || ir_hasmod(d, MOD_SAT) || !ir_hasmod(d, MOD_RN) ||
	    (d->op != OP_ADD && d->op != OP_SUB && d->op != OP_MUL))
		return 0;
	for (int i = 0; i < 2; i++) {
		if (!rnval(pm, f, d, i + 1, &c[i], &val[i]))
			return 0;
		a[i] = c[i] & 0x7FFFFFFFu;
		nan |= val[i] && a[i] > 0x7F800000u;
	}
	if (nan || !val[0] || !val[1])
		return nan;
	if (d->op == OP_MUL)
		for (int i = 0; i < 2; i++)
			if (a[i] == 0x7F800000u && (a[1 - i] == 0 || (ftz && a[1 - i] < 0x800000u)))
				return 1;
	return d->op != OP_MUL && a[0] == 0x7F800000u && a[1] == 0x7F800000u &&
	    ((c[0] ^ c[1]) >> 31) == (d->op == OP_ADD);
}

/* Is cvt.s32.f32 or .f64 d of a literal, or of a mov of one, 0x7fffffff
 * (its value, rounded by d's modifier, 2^31 - 1 or more; the conversion
 * as the interpreter computes it: interp_fold_kexec)? */
static int
cvtsatmax(const Func *f, const Ins *d)
{
	const Opnd *o = &d->opnd[1];
	const Ins *s;
	int w;
	uint64_t src, r;

	if (o->kind == OK_REG && (s = defof(f, srcval(d, 1), &w)) && !s->guard && s->op == OP_MOV && s->nopnd == 2 &&
	    s->opnd[1].kind == OK_FIMM && s->nty == 1 && s->ty[0] == d->ty[1])
		o = &s->opnd[1];
	if (o->kind != OK_FIMM)
		return 0;
	src = interp_fimm(d->ty[1], o->fbits, o->flkind);
	return interp_fold_kexec(d, 1, &src, &r) && (uint32_t)r == 0x7FFFFFFFu;
}

/* Is 32-bit value v the canonical NaN 0x7fffffff that ptxas holds as an
 * integer, as a literal, where an add, sub or mul.f32 reads it: a mov of
 * 0x7fffffff (.f32 or .b32; for a sub's b, neg, of 0xffffffff, which it
 * negates as a float first), or an rn.f32 instruction it folds to it
 * (rnnan)?  The add then is the canonical NaN held as a float (sm_90
 * SASS: add.f32 and mul.f32, .ftz too, of a loaded x and a mov.f32 or
 * mov.b32 of 0x7fffffff, sub.f32 x of a mov.f32 0fFFFFFFFF, subtracted
 * from a loaded y, are an IADD3 of y and 0x7fffffff; of a mov'd
 * 0f7FC00000, or sub.f32 x of a mov'd 0f7FFFFFFF, an FADD of +QNAN or
 * -QNAN and the IADD3 of -R; of a selp of the mov, an FADD too). */
static int
cnanint(ptx_module *pm, const Func *f, int v, int neg)
{
	int w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	uint32_t c;

	if (!d || d->guard || d->nty < 1 || ir_tyinfo[f->regs[f->val[w].reg]->type].bits != 32 || d->ndst != 1)
		return 0;
	if (d->op == OP_MOV && d->nopnd == 2 && (d->opnd[1].kind == OK_FIMM || d->opnd[1].kind == OK_IMM))
		return rnval(pm, f, d, 1, &c, &w) && (c ^ (neg ? 0x80000000u : 0)) == 0x7FFFFFFFu;
	if (!neg && rnnan(pm, f, d))
		return 1;
	/* a neg.f32 or abs.f32 of such a value whose result has those bits
	 * (sm_90 SASS: neg.f32 and abs.f32 of 0fFFFFFFFF or a mov'd
	 * 0xffffffff, added to x, the IADD3 of y and 0x7fffffff; neg.f32 of
	 * 0f7FFFFFFF an FADD of -QNAN; v15 immx 273226: mul.f32 of neg.f32
	 * 0fFFFFFFFF subtracted, 2 below x - 0x7fffffff on an H200) */
	if ((d->op == OP_NEG || d->op == OP_ABS) && d->ty[0] == TY_F32 && d->nopnd == 2) {
		if (!rnval(pm, f, d, 1, &c, &w) || !w)
			return 0;
		c = d->op == OP_NEG ? c ^ 0x80000000u : c & 0x7FFFFFFFu;
		return (c ^ (neg ? 0x80000000u : 0)) == 0x7FFFFFFFu;
	}
	/* a min.NaN or max.NaN .f32 of values it knows, a NaN among them,
	 * which it folds to the canonical NaN, where of two numbers it
	 * keeps the FMNMX.NAN (sm_90 SASS: min.NaN.f32 of 0f5F000000 and
	 * 0f7F80FF80, max.NaN.f32 of 0f7FFFFFFF and 1.0, added to x, the
	 * IADD3 of y and 0x7fffffff; of 0f5F000000 and 1.0 an FADD of the
	 * FMNMX's register; v15 immx 301868: sub.cc.u32 of a sub.ftz.f32 of a
	 * mul.ftz.f32 of an add.f32 of a mul.ftz.f32 by such a min and that
	 * add, 0xfffffffe on an H200) */
	if ((d->op == OP_MIN || d->op == OP_MAX) && d->ty[0] == TY_F32 && d->nopnd == 3 && !neg &&
	    ir_hasmod(d, MOD_NAN_PROP) && !ir_hasmod(d, MOD_XORSIGN)) {
		uint32_t b;
		int x;
		if (!rnval(pm, f, d, 1, &c, &w) || !w || !rnval(pm, f, d, 2, &b, &x) || !x)
			return 0;
		return (c & 0x7FFFFFFFu) > 0x7F800000u || (b & 0x7FFFFFFFu) > 0x7F800000u;
	}
	/* a cvt to s32 from an f32 or f64 literal, or a mov of one, that
	 * saturates to 0x7fffffff (sm_90 SASS: cvt.rni.ftz.sat.s32.f32 1e39,
	 * cvt.rpi.sat.s32.f64 9007199254740993.0, cvt.rzi.s32.f32 of 0f4F000000
	 * or a mov.f32 of it, added to x, the IADD3 of y and 0x7fffffff; of a
	 * NaN an F2I at run time, its 0 no NaN; v15 immx 248719, 267639,
	 * 27196: 2 below x - 0x7fffffff on an H200, 0xfffffffe for x - x) */
	if (d->op == OP_CVT && d->nty == 2 && d->ty[0] == TY_S32 && !neg &&
	    (d->ty[1] == TY_F32 || d->ty[1] == TY_F64) && d->nopnd == 2)
		return cvtsatmax(f, d);
	/* and an integer constant it computes (sm_90 SASS: cvt.sat.s32.u32
	 * of 0xffffffff, cvt.rpi.sat.s32.f32 of 0d7FEFFFFFFFFFFFFF,
	 * cvt.sat.s32.s64 of 0x7ff4000000012345, shr.u32 of a mov'd -1 by 1,
	 * its and with 0x7fffffff, sub.s32 of 0x80000002 and a mov'd 3: an
	 * add.f32 of each and x, or a mul.f32 of it and 2.0 or a
	 * lg2.approx.f32 of a literal, subtracted from y is the IADD3 of y and
	 * 0x7fffffff; v15 immx 248719, 259933, 142086: 0xfffffffe on an
	 * H200 for x - x, 2 below x - 0x7fffffff) */
	uint64_t k;
	return isint(d->ty[0]) && kconstlit(f, v, 0, &k) && ((uint32_t)k ^ (neg ? 0x80000000u : 0)) == 0x7FFFFFFFu;
}

/* The source (1 or 2) a selp d picks as ptxas decides it: by an
 * immediate predicate, one it decides (kselpick), or either where both are
 * one value; 0 where it does not know */
static int
selpsrc(const Func *f, const Ins *d)
{
	int u = d->opnd[3].kind == OK_IMM ? (d->opnd[3].imm ? 1 : 2) : kselpick(f, d, 0, 0);

	return u ? u : same(d, 1, d, 2) ? 1 : 0;
}

/* Is v a selp.f32 (.b32) that picks an f32 literal, the canonical NaN
 * 0x7fffffff (a sub's b negated first), by an immediate or a predicate
 * ptxas decides?  As an operand of an add, sub or mul .f32 it is that
 * literal (sm_90 SASS: mul.f32 and add.f32 of selp.f32 y, 0f7FFFFFFF, 0
 * subtracted from x as integers are the IADD3 of x and 0x7fffffff; v15
 * immx 603412, sub.cc.s32 of a sub.ftz.f32 of such a mul, 2 below x -
 * 0x7fffffff on an H100).  Read directly by the sub.s32 it is the integer
 * 0x7fffffff, as a mov of the literal is, and a neg.f32 of it the integer
 * 0xffffffff (IADD3 of x and 1), so nanknown itself does not take it;
 * tests/regress/sub-selp-nanlit.ptx. */
static int
selpnanlit(ptx_module *pm, const Func *f, int v, int neg)
{
	int w, u;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	uint32_t c;

	if (!d || d->guard || d->op != OP_SELP || d->nopnd != 4 || ir_tyinfo[d->ty[0]].bits != 32)
		return 0;
	u = selpsrc(f, d);
	return u && d->opnd[u].kind == OK_FIMM && nanlit(pm, &d->opnd[u], &c) &&
	       (c ^ (neg ? 0x80000000u : 0)) == 0x7FFFFFFFu;
}

/* Is value v an f32 NaN that ptxas holds as a float as it compiles: an
 * add, sub or mul .f32 (.ftz too, not .sat nor a rounding modifier, .rn
 * included) with an operand that is the canonical NaN 0x7fffffff, a
 * literal (a sub's b negated first: sub.f32 of 0f80000000 and 0fFFFFFFFF
 * folds, of 9.2e18 and 0f7FFFFFFF stays an FADD of 0xffffffff), such a
 * value, or a mul.f32 with a rounding modifier of literals, a NaN among
 * them, which ptxas folds to the canonical NaN (sm_90 SASS: no FMUL of a
 * register and 0d7FFFFFFFFFFFFFFF, nor an FADD of such a mul.rn and 0.1;
 * an FMUL of a register and 0d7FF8000000000000, an FADD.RM of literals, an
 * add.rn or a mul.sat run).  Not a mov of one, nor the mul.rn itself,
 * which ptxas holds as the integers they are. */
static int
nanknown(ptx_module *pm, const Func *f, int v, int depth, int rnd)
{
	int w;
	const Ins *d = v >= 0 && depth < 6 ? defof(f, v, &w) : NULL;
	uint32_t c;

	if (!d || d->guard || d->nty != 1)
		return 0;
	/* and a selp.b32 that picks such a value, by an immediate or a
	 * predicate ptxas decides (kselpick) or of it twice (v15 immx 350871:
	 * sub.cc.u32 x, x of selp.b32 y, x, 0 of mul.f32 0f7FFFFFFF,
	 * 0fFF7FFFFF is 0xfffffffe on an H200), a neg.f32 or abs.f32 (not
	 * .ftz, an FADD.FTZ) of one (353966: sub.cc.s32 x, x of neg.f32 of
	 * mul.f32 y, 0f7FFFFFFF, 0xfffffffe), and a div.full or div.approx
	 * of one or of the literal 0x7fffffff by a literal (365867:
	 * div.full.ftz.f32 0d7FFFFFFFFFFFFFFF, 13.78125 subtracted from
	 * 0x80000000 is 0xffffffff); of a register divisor ptxas divides.
	 * The selp is a copy: a mul.rn of literals it picks is held as the
	 * integer 0x7fffffff, as where it is read directly (v15 immx 68438:
	 * sub.cc.u32 x of selp.b32 of mul.rn.f32 6.1e-5, 0f7F80FF80 by 1 is
	 * x - 0x7fffffff on an H200; sm_90 SASS: IADD3 R, R(x), -0x7fffffff) */
	if (d->op == OP_SELP && d->nopnd == 4 && ir_tyinfo[d->ty[0]].bits == 32) {
		int u = selpsrc(f, d);
		return u && d->opnd[u].kind == OK_REG && nanknown(pm, f, srcval(d, u), depth + 1, rnd);
	}
	if (d->ty[0] != TY_F32)
		return 0;
	if ((d->op == OP_NEG || d->op == OP_ABS) && d->nopnd == 2 && !ir_hasmod(d, MOD_FTZ))
		return d->opnd[1].kind == OK_REG && nanknown(pm, f, srcval(d, 1), depth + 1, 1);
	if (d->op == OP_DIV && (ir_hasmod(d, MOD_FULL) || ir_hasmod(d, MOD_APPROX)) && d->nopnd == 3 &&
	    d->opnd[2].kind == OK_FIMM)
		return d->opnd[1].kind == OK_FIMM ? nanlit(pm, &d->opnd[1], &c) && c == 0x7FFFFFFFu :
		    d->opnd[1].kind == OK_REG && nanknown(pm, f, srcval(d, 1), depth + 1, 1);
	if (d->nopnd != 3 || (d->op != OP_ADD && d->op != OP_SUB && d->op != OP_MUL) || ir_hasmod(d, MOD_SAT))
		return 0;
	if (ir_hasmod(d, MOD_RN) || ir_hasmod(d, MOD_RZ) || ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RP))
		return rnd && rnnan(pm, f, d);
	for (int i = 1; i < 3; i++)
		if (d->opnd[i].kind == OK_FIMM ? nanlit(pm, &d->opnd[i], &c) &&
		    (c ^ (d->op == OP_SUB && i == 2 ? 0x80000000u : 0)) == 0x7FFFFFFFu :
		    d->opnd[i].kind == OK_REG && (nanknown(pm, f, srcval(d, i), depth + 1, 1) ||
		    cnanint(pm, f, srcval(d, i), d->op == OP_SUB && i == 2) ||
		    selpnanlit(pm, f, srcval(d, i), d->op == OP_SUB && i == 2)))
			return 1;
	return 0;
}

/* sub.s32 or sub.u32 (.cc or not) of a b that is an f32 NaN ptxas knows
 * (nanknown): ptxas adds -b, the negation taken as a float's, which of
 * its NaN is the canonical NaN 0x7fffffff again, not b's two's complement
 * 0x80000001 (sm_90 SASS: IADD3 R, P0, R(x), 0x7fffffff for sub.cc.s32 x
 * of a mul.f32 of 0d7FFFFFFFFFFFFFFF and -69.125, or of a register; MOV of
 * 0x80000042 for 67 minus such a NaN plus 0.1; v15 immx 7863, 10317,
 * 24552 on an H200, each 2 below x - 0x7fffffff, the carry-out the
 * IADD3's): x - 0x80000001, which has the same sum and carry. */
static void
foldsubnan(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	if (xi->s[1].k == XO_IMM || !nanknown(pm, f, srcval(in, 2), 0, 0))
		return;
	xi->s[1].k = XO_IMM;
	xi->s[1].imm = 0x80000001u;
}

/* Is d an instruction whose sm_90 subroutine makes ptxas fold a neg.s32
 * of a set's f32 into the set's select (interp_fold_negset)?  rcp.rn, .rm and .rp
 * .f32 without .ftz (the rcp_rn, rcp_rd, rcp_ru slow paths) and div.rz,
 * .rm and .rp .f32, .ftz or not (div_rz, div_rd, div_ru); not rcp.rz or
 * an .ftz rcp, sqrt, div.rn or div.full (sm_90 SASS of each beside
 * neg.s32 of set.ne.f32.s32 of loaded values).  Of a register, even one
 * whose constant ptxas computes and whose call it drops (v15 xmix 278519:
 * rcp.rn.f32 of an or of a mov'd constant, no CALL nor MUFU in sm_90
 * SASS, and the FSEL -1); not of immediates only (rcp.rn.f32 of
 * 0f40400000: no fold). */
int
interp_fold_negsetsub(const Ins *d)
{
	int reg = 0;

	/* rcp and sqrt .rm and .rp .f64 of a register too (the rcp_rd,
	 * rcp_ru, dsqrt_rd and dsqrt_ru subroutines; not rcp.rn or .rz, sqrt.rn
	 * or any div.f64: sm_90 SASS of each beside neg.s32 of set.ne.f32.s32
	 * of loaded values; v15 xmix 348526, beside an rcp.rp.f64, 0xbf800000
	 * on an H200) */
	if ((d->op == OP_RCP || d->op == OP_SQRT) && d->nty == 1 && d->ty[0] == TY_F64 && d->nopnd == 2 &&
	    (ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RP)))
		return d->opnd[1].kind == OK_REG;
	if (d->op != OP_RCP && d->op != OP_DIV)
		return 0;
	if (d->nty != 1 || d->ty[0] != TY_F32 || ir_hasmod(d, MOD_APPROX) || ir_hasmod(d, MOD_FULL) ||
	    d->nopnd != (d->op == OP_RCP ? 2 : 3))
		return 0;
	if (d->op == OP_RCP ? ir_hasmod(d, MOD_FTZ) || ir_hasmod(d, MOD_RZ) : ir_hasmod(d, MOD_RN))
		return 0;
	for (int i = 1; i < d->nopnd; i++)
		reg |= d->opnd[i].kind == OK_REG;
	return reg;
}

/* neg.s32 of the f32 of a set, through movs, where ptxas makes the set a
 * select of 1.0 by the compare's predicate (FSEL R, RZ, 1): it folds the
 * negation into the select as if it were a float's, FSEL R, RZ, -1 (-1.0
 * where the compare holds, 0 where not), where the integer negation of
 * 1.0's bits is 0xc0800000.  It makes that select where a setp tells the
 * set's 1.0 from its 0 (it tests the predicate instead) or in a kernel with a
 * subroutine of interp_fold_negsetsub's; elsewhere the set is an FSET.BF,
 * or a SEL of -1, IABS and I2FP, and the negation an IADD3 or IMAD.MOV of
 * -R.  Not where the value is stored or read otherwise than by setps, which keeps the
 * select of 1.0 in a register and negates it as an integer (sm_90 SASS:
 * FSEL -1 for set.ne.f32.s32, set.eq.f32.f64, set.num.f32.f32,
 * set.gt.f32.s16 and set.lt.f32.u64 beside an rcp.rn.f32 of a loaded
 * value, before or after it, or read by setp.leu.f32 of it and 0 or
 * setp.ne.s32 of it and 0; IMAD.MOV of -R without either, where the set
 * is stored too, or for a set.ftz; v15 xmix 278519, 101829, 360437:
 * 0xbf800000 on an H200).  A neg.f32 (not .ftz) of such a set is the
 * same select, +0 where the compare fails where an FADD of -x would give
 * -0 (sm_90 SASS: FSEL R, RZ, -1 for neg.f32 of set.eq.f32.f32 beside an
 * rcp.rn.f32 or a div.rm.f32, or read by a setp.ne of it and 0; FSET.BF
 * and FADD -R, -RZ for neg.ftz.f32, without either, or where the set is
 * stored; v15 xmix 786766, 0 on an H100; one select for a neg.f32 and a
 * neg.s32 of one set; tests/regress/neg-f32-set-select.ptx).  The
 * multiply by 0x101 computes that: 1.0's bits times 0x101 are -1.0's, 0
 * stays 0.  1 where it does, -1 on an allocation failure. */
/* How many readers of v are negations of it: unguarded neg.s32 and
 * neg.f32 (not .ftz), and
 * unguarded 32-bit movs of it all of whose readers are such (0 where a
 * mov's are not).  ptxas makes one select of -1.0 for them all (sm_90
 * SASS: FSEL R, RZ, -1 stored for both of neg.s32 x and neg.s32 of
 * mov.b32 x, and for two neg.s32 x, x a set.ne or set.lt.f32.s32 beside
 * an rcp.rn.f32 of a loaded value, where beside an xor.b32 of x it keeps
 * FSEL R, RZ, 1 and an IMAD.MOV of -R; v15 xmix 395203, lines 71 and 73:
 * both 0xbf800000 on an H100; tests/regress/neg-set-two-negs.ptx). */
static int
negreaders(const Func *f, int v, int depth)
{
	int n = 0;

	for (int q = f->rdoff[v]; q < f->rdoff[v + 1]; q++) {
		const Ins *e = f->ins[f->rd[q]];
		int u;
		if (e->guard)
			continue;
		if (e->op == OP_NEG && (e->ty[0] == TY_S32 || (e->ty[0] == TY_F32 && !ir_hasmod(e, MOD_FTZ))) &&
		    e->nopnd == 2 && srcval(e, 1) == v)
			n++;
		else if (e->op == OP_MOV && depth < 4 && e->nopnd == 2 && e->opnd[1].kind == OK_REG && e->nty == 1 &&
		    ir_tyinfo[e->ty[0]].bits == 32 && e->ndef == 1 && (u = e->def[0]) >= 0 && u < f->nval &&
		    !f->phird[u] && f->rdoff[u + 1] > f->rdoff[u] &&
		    negreaders(f, u, depth + 1) == f->rdoff[u + 1] - f->rdoff[u])
			n++;
	}
	return n;
}

int
interp_fold_negset(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), nsetp = 0, nread = 0;
	const Ins *d = NULL;
	XOp *ns;

	if (!f->rdoff || !f->phird)
		return 0;
	for (int i = 0; i < 8; i++) {
		if (v < 0 || v >= f->nval || f->phird[v] || f->val[v].ins < 0 || (d = f->ins[f->val[v].ins])->guard)
			return 0;
		if (d->op != OP_MOV)
			break;
		if (f->rdoff[v + 1] - f->rdoff[v] != 1 || d->nopnd != 2 || d->opnd[1].kind != OK_REG || d->nty != 1 ||
		    ir_tyinfo[d->ty[0]].bits != 32)
			return 0;
		v = srcval(d, 1);
	}
	if (!d || d->op != OP_SET || d->nty != 2 || d->ty[0] != TY_F32 || ir_hasmod(d, MOD_FTZ) || d->ndef != 1 ||
	    d->nopnd < 3)
		return 0;
	/* (not of values it knows, a compare it decides and a negation of
	 * the constant 1.0 it computes: v15 xmix 268297, set.eq.f32.f32 of a
	 * selp of a mov'd 0f7F7F7F7F with itself, IMAD.MOV.U32 of -0x3f800000
	 * in sm_90 SASS) */
	int known = 1;
	for (int i = 1; i <= 2; i++) {
		uint64_t c;
		int u = d->opnd[i].kind == OK_REG ? interp_fold_copyroot(pm, f, srcval(d, i)) : -1;
		if (d->opnd[i].kind == OK_REG && (u < 0 || !(ir_tyinfo[d->ty[1]].bits == 64 ?
		    interp_fold_kconst64(f, u, &c) : interp_fold_kconst(f, u, &c))))
			known = 0;
	}
	/* (nor a set whose value it knows whatever the sources: an integer
	 * compare of a value with itself; v15 xmix 327926, set.le.f32.s32
	 * x, x, the integer negation of 1.0 on an H200) */
	uint64_t c;
	if (known || interp_fold_kconst(f, v, &c))
		return 0;
	/* (nor one whose BoolOp its compare of a value with itself decides:
	 * set.gt.and.f32.s16 x, x, p is 0 whatever p, and the neg.f32 of it
	 * an FADD's -0; v15 xmix 357385, beside a sqrt.rm.f64; and a
	 * neg.s32 of set.ge.or.f32.u16 x, x, !p is the integer negation of
	 * 1.0, 0xc0800000; v15 xmix 734973.  Not a rule of ptxas's: beside
	 * an rcp.rn.f32 the H100 gave +0 for the neg.f32 of
	 * set.gt.and.f32.s32 of the lane number with itself.  Nor, for a
	 * neg.f32, an .and of such a compare that holds: set.eq.and.f32.u32
	 * x, x, !p is an ISETP and a SEL of 1.0, and the negation of its 0
	 * -0 again; v15 xmix 828756, beside a setp.neu of it and 0, where an
	 * .xor of one, set.ls.xor.f32.u64 x, x, !p, is the select's +0:
	 * 334609) */
	int t = d->nopnd == 4 ? selfcmp(d) : -1;
	if (t >= 0) {
		if (t ? ir_hasmod(d, MOD_OR) : ir_hasmod(d, MOD_AND))
			return 0;
		if (in->op == OP_NEG && in->ty[0] == TY_F32 && ir_hasmod(d, MOD_AND))
			return 0;
	}
	/* (a setp of the value and 0 by a compare that tells 1.0 from 0
	 * makes the select: eq, ne, and value gt or le 0, ordered or not;
	 * not one the two values decide, setp.num, .nan, value lt or ge 0,
	 * which ptxas drops, keeping FSET.BF and the IMAD.MOV of -R unless
	 * a subroutine makes the select: v14 xmix 5011, v15 xmix 340381,
	 * setp.ltu.f32 of it and 0; 38678, setp.geu beside an rcp.rm.f32,
	 * FSEL -1 on an H200) */
	for (int q = f->rdoff[v]; q < f->rdoff[v + 1]; q++) {
		const Ins *e = f->ins[f->rd[q]];
		int a = -1;
		if (e->op != OP_SETP || e->nopnd < 3)
			continue;
		nread++;
		for (int i = 1; i <= 2; i++)
			if (e->opnd[3 - i].kind == OK_REG && (e->opnd[i].kind == OK_IMM || e->opnd[i].kind == OK_FIMM) &&
			    (e->opnd[i].kind == OK_IMM ? e->opnd[i].imm : (int64_t)e->opnd[i].fbits) == 0)
				a = 3 - i;   /* the operand the value is */
		nsetp += a > 0 && (ir_hasmod(e, MOD_EQ) || ir_hasmod(e, MOD_NE) || ir_hasmod(e, MOD_EQU) ||
		    ir_hasmod(e, MOD_NEU) || ir_hasmod(e, a == 1 ? MOD_GT : MOD_LT) ||
		    ir_hasmod(e, a == 1 ? MOD_LE : MOD_GE) || ir_hasmod(e, a == 1 ? MOD_GTU : MOD_LTU) ||
		    ir_hasmod(e, a == 1 ? MOD_LEU : MOD_GEU));
	}
	if (f->rdoff[v + 1] - f->rdoff[v] != nread + negreaders(f, v, 0))
		return 0;
	interp_fold_subat(pm, f);
	if (!nsetp && !pm->negsetsub)
		return 0;
	if (!(ns = interp_realloc(pm->cx, xi->s, 2 * sizeof *xi->s)))
		return -1;
	xi->s = ns;
	xi->s[1] = (XOp){ .k = XO_IMM, .imm = 0x101 };
	xi->ns = 2;
	xi->alu.nsrc = 2;
	xi->alu.op = OP_MUL;
	xi->alu.ty = TY_U32;
	xi->alu.flags = 0;
	return 1;
}

static int andmufu(const Func *f, const Ins *d, int depth);

/* Is v an unguarded ex2.approx.f16 or tanh.approx.f16 result, through
 * 16-bit copies and the and.b16s andmufu takes for copies? */
static int
mufu16(const Func *f, int v, int depth)
{
	int w;
	const Ins *d = v >= 0 && depth < 8 ? defof(f, v, &w) : NULL;

	if (!d || d->guard || d->nty < 1)
		return 0;
	if ((d->op == OP_TANH || d->op == OP_EX2) && d->nty == 1 && d->ty[0] == TY_F16)
		return 1;
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_REG && ir_tyinfo[d->ty[0]].bits == 16)
		return mufu16(f, srcval(d, 1), depth + 1);
	return d->op == OP_AND && d->ty[0] == TY_B16 && andmufu(f, d, depth + 1) > 0;
}

/* and.b16 of an ex2.approx.f16 or tanh.approx.f16 result (MUFU.EX2.F16,
 * MUFU.TANH.F16) and a constant ptxas knows, an immediate or a mov'd one,
 * in either order: ptxas drops the AND and keeps the MUFU's value, whatever
 * the constant (sm_90 SASS: no LOP3 for 1, 3, 86, 0xff, 0x7fff, 0x8000;
 * a chain of such ands, a copy of the result alike; v15 immx 564515,
 * and.b16 of tanh.approx.f16 and 86, the tanh itself on an H100).  An
 * and by a register ptxas does not know keeps its LOP3, and so do the
 * bf16 and f16x2 forms, and a guarded MUFU merged by a SEL.  Which
 * source is the MUFU's (1 or 2), else 0;
 * tests/regress/and16-mufu-f16.ptx. */
static int
andmufu(const Func *f, const Ins *d, int depth)
{
	int64_t c;

	if (d->nopnd != 3 || d->nty != 1)
		return 0;
	for (int i = 1; i <= 2; i++)
		if (d->opnd[i].kind == OK_REG && immof(f, d, 3 - i, &c) && mufu16(f, srcval(d, i), depth))
			return i;
	return 0;
}

int
interp_fold_int(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	if (in->op == OP_NEG && in->ty[0] == TY_S32 && xi->ns == 1 && in->nopnd == 2 && in->opnd[1].kind == OK_REG) {
		int r = in->guard ? 0 : interp_fold_negset(pm, f, xi, in);
		if (r != 0)
			return r < 0 ? -1 : 0;
		/* and of an f32 NaN ptxas holds as a float, its negation
		 * again the canonical NaN, as foldsubnan's (sm_90 SASS: MOV R,
		 * 0x7fffffff for neg.s32 of add.f32 x, 0f7FFFFFFF; v15 immx
		 * 163620, 219833: of an add.f32 of such a NaN, 0x7fffffff on an
		 * H200, not 0x80000001) */
		if (xi->s[0].k != XO_IMM && nanknown(pm, f, srcval(in, 1), 0, 0)) {
			xi->s[0] = (XOp){ .k = XO_IMM, .imm = 0x80000001u };
			return 0;
		}
	}
	if (in->op == OP_SUB && (in->ty[0] == TY_S32 || in->ty[0] == TY_U32) && !ir_hasmod(in, MOD_SAT) &&
	    xi->ns == 2 && in->nopnd == 3 && in->opnd[2].kind == OK_REG)
		foldsubnan(pm, f, xi, in);
	if (in->op == OP_AND && in->ty[0] == TY_B16 && xi->ns == 2) {
		int i = andmufu(f, in, 0);
		if (i > 0) {
			copyof(xi, i - 1, 0);
			return 0;
		}
	}
	if (in->op == OP_SHR && in->ty[0] == TY_S32 && !in->guard && xi->ns == 2 && in->nopnd == 3 &&
	    in->opnd[2].kind == OK_IMM && in->opnd[2].imm >= 1 && in->opnd[2].imm <= 31 &&
	    foldnegshr(pm, f, xi, in, k))
		return 0;
	if (in->op == OP_SHL && in->ty[0] == TY_B64 && xi->ns == 2 && in->nopnd == 3 && !in->guard &&
	    shlamtk(f, in) >= 64 && foldshlmulk(f, xi, in))
		return 0;
	if (in->op == OP_SHL && in->ty[0] == TY_B64 && xi->ns == 2 && in->nopnd == 3 && in->opnd[2].kind == OK_IMM &&
	    !in->guard)
		return foldshlsext(pm, f, xi, in, k);
	if (((in->op == OP_MIN && in->ty[0] == TY_S32) || (in->op == OP_MAX && in->ty[0] == TY_U32)) && in->nty >= 1 &&
	    xi->ns == 2 && in->nopnd == 3 && !ir_hasmod(in, MOD_RELU) && foldabsorb(f, xi, in, k))
		return 0;
	if ((in->op == OP_ADD || in->op == OP_SUB) && in->ty[0] == TY_S32 && ir_hasmod(in, MOD_SAT) && in->nopnd == 3 &&
	    xi->ns == 2)
		return foldsat(pm, f, xi, in, k);
	if ((in->op == OP_SHL || in->op == OP_SHR) && ir_tyinfo[in->ty[0]].bits == 64 && xi->ns == 2 &&
	    in->nopnd == 3 && in->opnd[2].kind == OK_REG)
		return foldshamt(f, xi, in, k);
	if ((in->op == OP_SHL || in->op == OP_SHR) && ir_tyinfo[in->ty[0]].bits == 16 &&
	    xi->ns == 2 && in->nopnd == 3 && in->opnd[2].kind == OK_REG)
		return in->ty[0] != TY_S16 && foldshs8(f, xi, in) ? 0 : foldcnot(pm, f, xi, in, k);
	if (in->op == OP_SLCT && in->nty == 2 && (in->ty[1] == TY_S32 || in->ty[1] == TY_F32) && xi->ns == 3)
		return foldslct(pm, f, xi, in, k);
	if (in->op == OP_CNOT && in->ty[0] == TY_B32 && !in->guard && xi->ns == 1 && in->nopnd == 2)
		return foldcnotset(pm, f, xi, in, k);
	if (in->op == OP_FNS && xi->ns == 3 && in->nopnd == 4 && in->opnd[3].kind == OK_REG && !xi->alu.cmp)
		return foldfnsset(pm, f, xi, in, k);
	if (in->op == OP_MAD && in->ty[0] == TY_S32 && ir_hasmod(in, MOD_HI) && ir_hasmod(in, MOD_SAT) && !in->guard &&
	    xi->ns == 3 && in->nopnd == 4)
		return foldmadhi(f, xi, in, k);
	if (in->op == OP_BFI && in->ty[0] == TY_B32 && in->nopnd == 5 && xi->ns == 4)
		bfiknown(f, xi, in);
	if (in->op == OP_BFI && in->ty[0] == TY_B32 && (xi->alu.flags & ALU_IMMFIELD))
		return foldbfi(f, xi, in, in->nopnd == 5 && xi->ns == 4 ? bfiandbase(pm, f, xi, in, k) : srcval(in, 2));
	if (in->op == OP_BFE && in->ty[0] == TY_S32 && xi->ns == 3 && in->nopnd == 4)
		return foldbfek(f, xi, in, k);
	if ((in->op == OP_AND || in->op == OP_OR || in->op == OP_XOR) && in->ty[0] == TY_B32 && xi->ns == 2 &&
	    in->nopnd == 3)
		return in->op == OP_AND && foldmufuand(pm, f, xi, in, k) ? 0 : foldlop(pm, f, xi, in, k);
	if (in->op == OP_REM && in->ty[0] == TY_S32 && xi->ns == 2 && in->nopnd == 3)
		return foldabsrem(f, xi, in);
	if (in->op == OP_SUB && in->ty[0] == TY_S64 && ir_hasmod(in, MOD_CC) && xi->ns == 2 && in->nopnd == 3)
		return foldsubabs(f, xi, in);
	foldw16(f, xi, in);
	return 0;
}

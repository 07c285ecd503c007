/*
 * interp/contract.c -- the mul + add pairs that ptxas fuses into one fma.
 *
 * PTX lets the code generator fuse a mul and an add (or sub) that carry no
 * rounding modifier, and ptxas does so whenever it optimizes (not for a
 * module whose .target says debug, as nvcc -G writes it): the sum is then
 * rounded once.  Measured on the H100 with inline and hand-written PTX
 * (tests/run/cuda/contract.cu, contract_cfg.ptx) and the SASS ptxas makes:
 *   - f32, f64, f16, bf16, f16x2 and bf16x2 alike;
 *   - the add may have .sat (FFMA.SAT); the mul may not; the two must
 *     agree on .ftz; a .rn (or other rounding) on either keeps them apart;
 *   - a product (one mul instruction) is fused only when every reader of
 *     it is such an add, and then into each of them; one also read by a
 *     compare or a store stays a FMUL and its adds round it;
 *   - a - b*c and -(b*c) + a fuse with the product negated; a mov between
 *     mul and add does not matter, nor an abs.f32 of x * x where it is
 *     added (absself); a neg.bf16x2 between them keeps them
 *     apart (its own HFMA2, then an HADD2);
 *   - a neg.ftz.f32 of a mul.ftz.f32, and an abs.ftz.f32 of x * x, is a
 *     product of its own (negftz), fused even where the add reads it
 *     twice, y - y;
 *   - when both operands are products, the first is fused if it can be,
 *     else the second; the other is read as a rounded product, so its
 *     mul stays a FMUL for its other readers too (countgood);
 *   - div.full.f32 and div.approx.f32 are a * MUFU.RCP(b) in ptxas's code
 *     (alu_math.c), and that multiply fuses as a mul would: Triton's
 *     mean = sum / n; x - mean is an FFMA of -sum, 1/n and x;
 *   - an add under a guard fuses as an unguarded one does (sm_90 SASS: an
 *     FFMA and an FSEL of it, or a guarded FFMA); an add of the product
 *     with itself, p + p or p - p, does not, and keeps the product a
 *     FMUL for its other readers too (FADD R, R0, R0);
 *   - what ptxas computes as it compiles is no read: a mul by 1.0 or -1.0
 *     it knows (unitfactor, constbits: an immediate, or and/or/xor/shift
 *     chains of them) is no product, an f32 add, sub or mul of the
 *     canonical NaN 0x7fffffff is a MOV of it, a guarded instruction
 *     nothing reads is dead, and one under a guard it knows true merges
 *     no old value (tests/diff/fusecheck.py holds this plan against
 *     ptxas's SASS, no GPU needed; tests/regress/contract-fusecheck-rules.ptx);
 *   - mul and add must lie in one straight run of code: the same block, or
 *     blocks joined by unconditional branches, and no IEEE div, rcp or sqrt
 *     (a branch to a slow path in ptxas's code) in between.  An add in a conditional
 *     block (even one the mul dominates) or past a merge is not fused.
 * Not modelled: ptxas unrolls loops of constant trip count and then fuses
 * across iterations; it also fuses when a register the mul read is written
 * again before the add (it works on values).  We fuse only where the add
 * can read the mul's operands from their registers: nothing in between
 * writes them.  The add then executes as an fma of the mul's sources; the
 * mul itself still runs, but for one that writes a register it reads and
 * whose product only the fused adds read: that one writes nothing
 * (keepsrc), so they read its sources as they were.
 */
#include <limits.h>
#include <string.h>
#include "interp.h"
#include "fold.h"

static int
rounded(const Ins *in)
{
	return ir_hasmod(in, MOD_RN) || ir_hasmod(in, MOD_RZ) || ir_hasmod(in, MOD_RM) || ir_hasmod(in, MOD_RP);
}

static int
debugtarget(const Module *m)
{
	for (int i = 0; i < m->ntargets; i++)
		if (strcmp(m->targets[i], "debug") == 0)
			return 1;
	return 0;
}

static int
floatty(int t)
{
	return t == TY_F32 || t == TY_F64 || t == TY_F16 || t == TY_F16X2 || t == TY_BF16 || t == TY_BF16X2;
}

/* How many entries of Ins.use operand o contributes, by ir/ssa.c's rules:
 * each register read, wherever it sits (vector elements, address bases,
 * under a !), but not special registers, which have no SSA values, nor
 * registers the operand writes. */
static int
nread(const Opnd *o, int dst)
{
	int n = 0;

	dst |= o->isdst;
	switch (o->kind) {
	case OK_REG:
		return !dst && o->sym && o->sym->kind == SYM_REG;
	case OK_VEC:
	case OK_LIST:
	case OK_PAIR:
		for (int k = 0; k < o->nsub; k++)
			n += nread(&o->sub[k], dst);
		return n;
	case OK_NOT:
	case OK_ADDR:
		if (o->kind == OK_ADDR && o->base)
			n += nread(o->base, 0);
		for (int k = 0; k < o->nsub; k++)
			n += nread(&o->sub[k], 0);
		return n;
	default:
		return 0;
	}
}

/* The SSA value that operand oi of in reads as a whole, or -1 when it is
 * not a plain register (an immediate, a special register, a vector, %r+4,
 * a component %r.x) or in has no SSA (an unreachable block).  The uses
 * list the guard first, then the registers read in operand order. */
static int
usedval(const Ins *in, int oi)
{
	const Opnd *o;
	int u = in->guard ? nread(in->guard, 0) : 0;

	if (oi >= in->nopnd)
		return -1;
	o = &in->opnd[oi];
	if (nread(o, 0) != 1 || o->kind != OK_REG || o->imm != 0 || o->sel != SEL_NONE)
		return -1;
	for (int k = 0; k < oi; k++)
		u += nread(&in->opnd[k], 0);
	return u < in->nuse ? in->use[u] : -1;
}

/* The block that b continues: its one predecessor when that ends in an
 * unconditional branch or falls through to b alone; else b itself. */
static int
runhead(const Func *f, int b)
{
	for (int n = 0; n < 64 && f->blk[b].npred == 1 && f->blk[f->blk[b].pred[0]].nsucc == 1; n++)
		b = f->blk[b].pred[0];
	return b;
}

/* An IEEE division, reciprocal or square root of f32 or f64: ptxas's code
 * for it branches to a slow path, which ends the straight run. */
static int
slowpath(const Ins *q)
{
	return (q->op == OP_DIV || q->op == OP_RCP || q->op == OP_SQRT) && (q->ty[0] == TY_F32 || q->ty[0] == TY_F64) &&
	    !ir_hasmod(q, MOD_APPROX) && !ir_hasmod(q, MOD_FULL);
}

/* Does the straight run from fn->ins[i] to fn->ins[k] (i's block, then the
 * single successors) write none of the registers mul m reads, and hold no
 * instruction that ptxas expands with a branch (slowpath)? */
static int
unchanged(const Func *f, const Ins *m, int i, int k)
{
	int b = f->ins[i]->blk, j = i + 1;
	for (int n = 0; n < 64; n++) {
		int end = b == f->ins[k]->blk ? k : f->blk[b].i1;
		for (; j < end; j++) {
			const Ins *q = f->ins[j];
			if (slowpath(q))
				return 0;
			for (int d = 0; d < q->ndef; d++)
				for (int u = 0; u < m->nuse; u++)
					if (f->val[q->def[d]].reg == f->val[m->use[u]].reg)
						return 0;
		}
		if (b == f->ins[k]->blk)
			return 1;
		if (f->blk[b].nsucc != 1)
			return 0;
		b = f->blk[b].succ[0];
		j = f->blk[b].i0;
	}
	return 0;
}

/* What computed an f64 operand, for interp_nan_first: an IEEE div, rcp
 * or sqrt rounded to nearest (which ptxas expands inline, with a branch
 * to a slow path), one rounded otherwise (a call), a selp or copysign
 * (whose place ptxas moves too), or anything else.  A neg.s64 or abs.s64
 * (a 64-bit integer made of 32-bit halves, a carry chain or a select,
 * that an f64 instruction reads as bits) counts as an rn expansion does:
 * later than any plain value, whatever the program order.  Of the
 * 47,720 recorded kernels this leaves 18 fewer differing, none new (neg
 * alone 11, abs 7); the same rule for sub, shr.s64, bfi, not, bfe, sad,
 * mul.lo or mul.hi of 64 bits fixed some and broke as many.  An
 * rsqrt.approx.f64 without .ftz (DK_RSQ: a MUFU.RSQ64H refined inline,
 * with a branch to a slow-path subroutine) is later than a plain value
 * only: an rn expansion, a neg.s64, a selp, a call, a guarded
 * instruction's or an atomic's result (DK_LATE, a plain value otherwise)
 * keep program order against it (interp_nan_first says how it was
 * measured). */
enum { DK_PLAIN, DK_RN, DK_MOVED, DK_RSQ, DK_LATE, DK_IMM };

/* A 64-bit integer ALU instruction, which ptxas computes as two 32-bit
 * halves (not a mul.wide or cvt, whose type is the narrow one, nor a
 * load, store, mov or brev). */
static int
int64op(const Ins *q)
{
	int ty = q->nty > 0 ? q->ty[0] : TY_NONE;

	if (ty == TY_NONE || ir_tyinfo[ty].bits != 64 ||
	    (ir_tyinfo[ty].kind != TK_SINT && ir_tyinfo[ty].kind != TK_UINT && ir_tyinfo[ty].kind != TK_BIT))
		return 0;
	switch (q->op) {
	case OP_ADD: case OP_SUB: case OP_AND: case OP_OR: case OP_XOR: case OP_NOT: case OP_SHL:
	case OP_SHR: case OP_BFE: case OP_BFI: case OP_MAD: case OP_MUL: case OP_MIN: case OP_MAX:
	case OP_SAD: case OP_SELP: case OP_NEG: case OP_ABS: case OP_SETP:
		return 1;
	default:
		return 0;
	}
}

/* Does a 64-bit integer instruction (int64op) among the 512 after the
 * one at i read value v, and no store to shared memory?  (A st.shared of
 * the value keeps it whole for ptxas, whatever else reads it.)  The bound
 * keeps load time linear. */
static int
intread(const Func *f, int v, int i)
{
	int n = 0;

	for (int j = i + 1; j < f->nins && j <= i + 512; j++) {
		const Ins *q = f->ins[j];
		for (int u = 0; u < q->nuse; u++) {
			if (q->use[u] != v)
				continue;
			if (q->op == OP_ST && q->space == SP_SHARED)
				return 0;
			n += int64op(q);
		}
	}
	return n > 0;
}

/* Is d a mad.wide.u32 or .s32?  Its 64-bit result is a 64-bit integer
 * value to the shared f64 atomic add's order as int64op's are (sm_90
 * SASS: with a sub.s64 or shr.u64 reading it too the loop's DADD takes
 * it second, its NaN winning; with a st.shared.b64 as well, or no such
 * reader, first; v1 seed 348495 memory, a mad.wide.u32 that a sub.s64
 * reads, the H200 gave the added NaN).  A mul.wide is not: the DADD takes
 * it first whatever reads it. */
static int
madwide(const Ins *d)
{
	return d->op == OP_MAD && ir_hasmod(d, MOD_WIDE) && d->nty == 1 && (d->ty[0] == TY_U32 || d->ty[0] == TY_S32);
}

/* The kind of value v, computed by d, the instruction at i.  For a shared
 * f64 atomic add (atomic: interp_nan_late), also: a 64-bit integer result
 * that another 64-bit integer instruction reads counts as an rn expansion
 * does; one that only stores, movs and f64 instructions read is a plain
 * value.  Found on ptxas's SASS for the atomic's loop with added values
 * of xor, add, sub, not, and, shl, shr, bfe, bfi, mad.lo, mul.lo, min, sad
 * and selp, each stored by a st.global.b64 and read by nothing else, or
 * also by an add.s64, shr.u64, xor.b64, mul.lo.u64 or setp.eq.u64 (these
 * make it late, unless a st.shared.b64 reads it too), an add.f64, a
 * mov.b64 split or a cvt.u32.u64 (these do not); a mul.hi.u64 is late
 * whoever reads it (a mul.hi.s64 is as the others).  Of the 54,000
 * recorded kernels this leaves 3 fewer differing, none new; of their 865
 * loops it predicts ptxas's DADD order for 851 (missed: results of
 * mad.wide.u32, since counted (madwide), add.cc, addc, mad.hi.u64, a
 * guarded not, a selp of a constant, all late for ptxas; an add.u64 and
 * an rn div taken as late).  The same
 * rule for the pairs of interp_nan_first fixed 40 and broke 18 (a 64-bit
 * integer against a mul.f64 or another integer, a selp): ptxas's order
 * there needs more than this. */
static int
defkind(const Func *f, int v, const Ins *d, int i, int atomic)
{
	if ((d->op == OP_DIV || d->op == OP_RCP || d->op == OP_SQRT) && d->ty[0] == TY_F64 &&
	    !ir_hasmod(d, MOD_APPROX))
		return ir_hasmod(d, MOD_RN) ? DK_RN : DK_MOVED;
	if ((d->op == OP_NEG || d->op == OP_ABS) && d->ty[0] == TY_S64 && !d->guard && d->ndef == 1)
		return DK_RN;   /* a 64-bit integer built of halves: see above */
	if (d->op == OP_RSQRT && d->ty[0] == TY_F64 && !ir_hasmod(d, MOD_FTZ))
		return DK_RSQ;
	if (atomic && d->op == OP_MUL && ir_hasmod(d, MOD_HI) && d->ty[0] == TY_U64 && !d->guard && d->ndef == 1)
		return DK_RN;
	if (atomic && (int64op(d) || madwide(d)) && d->op != OP_SETP && !d->guard && d->ndef == 1 && intread(f, v, i))
		return DK_RN;
	if (d->op == OP_SELP || d->op == OP_COPYSIGN)
		return DK_MOVED;
	return d->guard || d->op == OP_ATOM ? DK_LATE : DK_PLAIN;
}

/* The ops whose result is a function of their operands alone, which
 * ptxas computes once where a kernel writes the same expression twice
 * (common-subexpression elimination); commutative() says which of them
 * take their first two sources in either order.  Not an IEEE div
 * (slowpath: a call or a branch to one), nor any rcp, sqrt or rsqrt:
 * the operand order shows ptxas keeping their repeats apart (a repeated
 * rcp.approx.ftz.f64 merged broke 10 recorded kernels). */
static int
cseop(const Ins *d)
{
	if (slowpath(d))
		return 0;
	switch (d->op) {
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_MAD: case OP_FMA: case OP_MIN: case OP_MAX:
	case OP_DIV: case OP_REM: case OP_AND: case OP_OR: case OP_XOR: case OP_NOT: case OP_SHL:
	case OP_SHR: case OP_NEG: case OP_ABS: case OP_CVT: case OP_SELP: case OP_COPYSIGN:
		return !d->guard && d->ndef == 1 && d->ndst == 1 && !ir_hasmod(d, MOD_CC);
	default:
		return 0;
	}
}

static int
commutative(const Ins *d)
{
	return d->op == OP_ADD || d->op == OP_MUL || d->op == OP_MAD || d->op == OP_FMA || d->op == OP_MIN ||
	    d->op == OP_MAX || d->op == OP_AND || d->op == OP_OR || d->op == OP_XOR;
}

/* v with unguarded movs of a whole register looked through. */
static int
uncopied(const Func *f, int v)
{
	for (int n = 0; n < 16 && v >= 0 && v < f->nval && f->val[v].ins >= 0; n++) {
		const Ins *d = f->ins[f->val[v].ins];
		int u;
		if (d->op != OP_MOV || d->guard || d->ndef != 1 || d->nopnd != 2 || (u = usedval(d, 1)) < 0)
			break;
		v = u;
	}
	return v;
}

static int samevalue(const Func *f, int u, int v, int depth, int *budget);

/* Do source operands i of p and j of q hold the same value? */
static int
sameopnd(const Func *f, const Ins *p, int i, const Ins *q, int j, int depth, int *budget)
{
	const Opnd *x = &p->opnd[i], *y = &q->opnd[j];
	if (x->kind != y->kind)
		return 0;
	if (x->kind == OK_IMM)
		return x->imm == y->imm;
	if (x->kind == OK_FIMM)
		return x->fbits == y->fbits && x->flkind == y->flkind;
	if (x->kind == OK_REG && usedval(p, i) >= 0 && usedval(q, j) >= 0)
		return samevalue(f, usedval(p, i), usedval(q, j), depth, budget);
	return 0;
}

/* Are u and v one value for ptxas: copies of each other, or computed by
 * the same cseop() of the same operands (recursively, depth deep)?  Each
 * call spends one of *budget, and none left answers no: the cost of a
 * search stays bounded whatever the kernel. */
static int
samevalue(const Func *f, int u, int v, int depth, int *budget)
{
	const Ins *p, *q;
	int k, direct = 1, swapped;

	u = uncopied(f, u);
	v = uncopied(f, v);
	if (u == v)
		return 1;
	if (--*budget < 0 || depth <= 0 || u < 0 || v < 0 || u >= f->nval || v >= f->nval || f->val[u].ins < 0 || f->val[v].ins < 0)
		return 0;
	p = f->ins[f->val[u].ins];
	q = f->ins[f->val[v].ins];
	if (p->op != q->op || !cseop(p) || !cseop(q) || p->nopnd != q->nopnd || p->nmod != q->nmod ||
	    p->nty != q->nty || memcmp(p->ty, q->ty, sizeof p->ty) != 0)
		return 0;
	for (k = 0; k < p->nmod; k++)
		if (p->mod[k] != q->mod[k])
			return 0;
	for (k = 3; k < p->nopnd; k++)
		if (!sameopnd(f, p, k, q, k, depth - 1, budget))
			return 0;
	for (k = 1; k < p->nopnd && k < 3; k++)
		direct = direct && sameopnd(f, p, k, q, k, depth - 1, budget);
	if (direct)
		return 1;
	swapped = p->nopnd >= 3 && commutative(p) && sameopnd(f, p, 1, q, 2, depth - 1, budget) &&
	    sameopnd(f, p, 2, q, 1, depth - 1, budget);
	return swapped;
}

/* The first instruction of d's block, at most 512 before it, that
 * computes the same value as d's (samevalue), or d's own index i.  The
 * bounds (512 instructions, 1,024 comparisons) keep a hostile kernel's
 * load time linear; the recorded kernels stay far below them. */
static int
firstsame(const Func *f, int i)
{
	const Ins *d = f->ins[i];
	int first = i, budget = 1024;

	if (!cseop(d))
		return i;
	for (int j = i - 1; j >= f->blk[d->blk].i0 && j >= i - 512; j--) {
		const Ins *q = f->ins[j];
		if (q->op == d->op && q->ndef == 1 && samevalue(f, q->def[0], d->def[0], 4, &budget))
			first = j;
	}
	return first;
}

/* The value of predicate v when ptxas knows it whatever the inputs: a
 * setp (no boolean combination, one destination) of one value against
 * itself, x < x, x > x and x != x being false even for a NaN x, x ==u x,
 * x <=u x and x >=u x true (for an integer, also x <= x, x >= x and
 * x == x); -1 otherwise.  ptxas folds such a setp, and a selp that reads
 * it becomes a copy of the operand it picks (seen in recorded kernels:
 * selp.f64 of a setp.lt.f64 x, x and an immediate is that immediate, in
 * the operand slot of a constant). */
static int
knownpred(const Func *f, int v)
{
	const Ins *d;
	int budget = 64, fl;

	if (v < 0 || v >= f->nval || f->val[v].ins < 0)
		return -1;
	d = f->ins[f->val[v].ins];
	if (d->op != OP_SETP || d->guard || d->ndef != 1 || d->ndst != 1 || d->nopnd != 3 ||
	    ir_modof(d, MC_BOOL) != MOD_NONE || !sameopnd(f, d, 1, d, 2, 2, &budget))
		return -1;
	fl = floatty(d->ty[0]);
	switch (ir_modof(d, MC_CMP)) {
	case MOD_LT: case MOD_GT: case MOD_NE: case MOD_LO: case MOD_HI:
		return 0;
	case MOD_EQU: case MOD_LEU: case MOD_GEU:
		return fl ? 1 : -1;
	case MOD_EQ: case MOD_LE: case MOD_GE: case MOD_LS: case MOD_HS:
		return fl ? -1 : 1;
	default:
		return -1;
	}
}

/* Where ptxas sees value v computed, in program order (doubled, so that a
 * phi sits just before its block's first instruction; an entry value is
 * before everything): a mov is where its source is, and so is a neg or
 * abs of an f64, which ptxas folds into the instruction reading it as an
 * operand modifier, and a mul.f64 by 1.0 or -1.0 (unitmul); so is a min or max of an f64 or a selp whose two
 * sources are one value (ptxas folds them to a copy of it), and a selp
 * whose predicate ptxas knows (knownpred) is the operand it picks, a
 * constant where that is an immediate (LONG_MAX, as a parameter); a value
 * computed a second time is where its first computation is (ptxas
 * eliminates the common subexpression: firstsame). */
/* defpos of a value ptxas knows to be zero (a 64-bit shl, or shr other
 * than .s64, by 64 or more): the zero register RZ, which ptxas puts in
 * the operand slot whose NaN loses (seen in recorded kernels: an fma of
 * shr.b64 x, 65 read RZ in its first slot, the other register in its
 * second). */
#define KNOWNZERO (-2L)

/* A cvt between two 64-bit integer types without .sat (cvt.s64.u64,
 * cvt.u64.s64, cvt.s64.s64, cvt.u64.u64): the bits pass unchanged, and
 * ptxas makes no instruction of it, so the value is where its source is.
 * nanorder.py over seeds 1-4000 and the differing recorded kernels found
 * 10 instructions with such an operand mispredicted by the cvt's own
 * place, 15 predicted. */
static int
samewidthcvt(const Ins *d)
{
	int t, s;

	if (d->op != OP_CVT || d->nty < 2 || ir_hasmod(d, MOD_SAT))
		return 0;
	t = d->ty[0];
	s = d->ty[1];
	return ir_tyinfo[t].bits == 64 && ir_tyinfo[s].bits == 64 &&
	    (ir_tyinfo[t].kind == TK_SINT || ir_tyinfo[t].kind == TK_UINT) &&
	    (ir_tyinfo[s].kind == TK_SINT || ir_tyinfo[s].kind == TK_UINT);
}

/* The source operand (1 or 2) of a mul.f64 by 1.0 or -1.0 without a
 * rounding modifier, 0 for any other instruction.  ptxas folds such a
 * product: x * 1.0 is x itself, x * -1.0 a neg modifier on the operand
 * that reads it (or, moved across a DMUL, on the other one), so the
 * value is where x is.  sm_90 SASS of v6 seed 178634 (a mul.f64 by 1.0
 * stored as the loaded register, which a DFMA.RM reads in its losing
 * slot) and 180256 (by -1.0: DADD -RZ, -x for the store, a DMUL.RP of x
 * and the negated other operand); with .rn, .rz, .rm or .rp the DMUL
 * stays.  nanorder.py -F f64 over version 6 seeds 177001-181000: of the
 * 14 instructions that read such a product and another register, the
 * source's place predicts all 14, the mul's own 7 (no other changes);
 * over the 230 listed f64 seeds the 2 of them stay right.
 * tests/regress/nan-order-unitmul.ptx runs both forms and a .rn one. */
static int
unitmul(const Ins *d)
{
	if (d->op != OP_MUL || d->ty[0] != TY_F64 || d->guard || d->ndef != 1 || d->nopnd != 3 || rounded(d))
		return 0;
	for (int k = 1; k <= 2; k++) {
		const Opnd *o = &d->opnd[k];
		if (o->kind == OK_FIMM && o->flkind != FL_F32HEX &&
		    (o->fbits == 0x3FF0000000000000ull || o->fbits == 0xBFF0000000000000ull) && usedval(d, 3 - k) >= 0)
			return 3 - k;
	}
	return 0;
}

/* defpos of a phi (x->ins < 0): where the earliest of its incoming
 * values was computed (for a loop's carried value, the copy before the
 * loop), or its block's head when none was computed by an instruction
 * (an incoming phi of an enclosing loop). */
static long
phipos(const Func *f, const Val *x)
{
	const Phi *ph = &f->blk[x->blk].phi[x->phi];
	long p = LONG_MAX;

	for (int k = 0; k < ph->narg; k++) {
		int a = ph->arg[k];
		if (a >= 0 && a < f->nval && f->val[a].ins >= 0 && 2L * f->val[a].ins < p)
			p = 2L * f->val[a].ins;
	}
	return p == LONG_MAX ? 2L * f->blk[x->blk].i0 - 1 : p;
}

/* An unguarded mov of a nonzero immediate into a register: a constant
 * for ptxas, which gives it the operand slot of an immediate, the one
 * whose NaN wins (interp_nan_first says when); a zero it reads as RZ,
 * whose slot is the losing one (KNOWNZERO), so a zero stays where the mov
 * is (v14 seed 555: mov.f64 0.0 in an fma, the SASS's RZ). */
static int
movimm(const Ins *d)
{
	const Opnd *o = &d->opnd[1];

	if (d->op != OP_MOV || d->guard || d->ndef != 1 || d->nopnd != 2)
		return 0;
	return (o->kind == OK_IMM && o->imm != 0) || (o->kind == OK_FIMM && o->fbits != 0);
}

/* The instruction that wrote value v, looked through up to 8 unguarded
 * movs of registers: a mov of an immediate, or whatever else wrote it
 * (NULL where v has no writer or the movs go on). */
static const Ins *
movthru(const Func *f, int v)
{
	for (int n = 0; n < 8 && v >= 0 && v < f->nval && f->val[v].ins >= 0; n++) {
		const Ins *d = f->ins[f->val[v].ins];
		if (d->op != OP_MOV || d->guard || d->ndef != 1 || d->nopnd != 2 || usedval(d, 1) < 0)
			return d;
		v = usedval(d, 1);
	}
	return NULL;
}

/* Is operand oi of in a register that an unguarded mov of a nonzero
 * immediate wrote, through movs of it (*c its bits)? */
int
interp_nan_movconst(const Func *f, const Ins *in, int oi, uint64_t *c)
{
	const Ins *d = movthru(f, usedval(in, oi));

	if (!d || !movimm(d))
		return 0;
	*c = d->opnd[1].kind == OK_IMM ? (uint64_t)d->opnd[1].imm : d->opnd[1].fbits;
	return 1;
}

/* How many instructions read the value operand oi of in reads? */
int
interp_nan_readers(const Func *f, const Ins *in, int oi)
{
	int v = usedval(in, oi);

	return v >= 0 && v < f->nval && f->rdoff ? f->rdoff[v + 1] - f->rdoff[v] : 0;
}

/* Is operand oi of in a register that an unguarded neg or abs .f64 of an
 * immediate wrote, or a selp.f64 whose predicate ptxas knows (knownpred)
 * picking an immediate, through movs of it: a constant ptxas folds?  (v1
 * seed 255688: sub.f64 |x|, s of selp.f64 s, y, 0dFFFFFFFF00000000, p of
 * setp.gt.f64 p, z, z is DADD R, |R|, +QNAN, the immediate negated as it
 * compiles; the H200 gave 0x7fffffff00000000.) */
int
interp_nan_foldedimm(const Func *f, const Ins *in, int oi)
{
	const Ins *d = movthru(f, usedval(in, oi));
	int k;

	if (d && !d->guard && d->ndef == 1 && d->nopnd == 4 && d->op == OP_SELP && d->ty[0] == TY_F64 &&
	    (k = knownpred(f, usedval(d, 3))) >= 0)
		return d->opnd[2 - k].kind == OK_IMM || d->opnd[2 - k].kind == OK_FIMM;
	return d && !d->guard && d->ndef == 1 && d->nopnd == 2 && (d->op == OP_NEG || d->op == OP_ABS) &&
	       d->ty[0] == TY_F64 && (d->opnd[1].kind == OK_IMM || d->opnd[1].kind == OK_FIMM);
}

/* May operand o be a compile-time constant: an immediate, a register, or
 * a vector of them (not a special register, address or symbol)? */
static int
constopnd(const Opnd *o)
{
	if (o->kind == OK_IMM || o->kind == OK_FIMM)
		return 1;
	if (o->kind == OK_REG)
		return o->sym && o->sym->kind == SYM_REG && o->sel == SEL_NONE;
	if (o->kind != OK_VEC)
		return 0;
	for (int k = 0; k < o->nsub; k++)
		if (!constopnd(&o->sub[k]))
			return 0;
	return 1;
}

/* Is value v computed from immediates alone, by unguarded arithmetic,
 * logic, moves and conversions (depth deep, *budget instructions at
 * most)?  ptxas folds such a value to a constant, and of two constants
 * only one takes the immediate slot (interp_nan_first).  A selp of one
 * value twice is that value whatever its predicate.  Not a float
 * operation with a directed rounding: ptxas keeps a DADD.RP of constants
 * (v14 seed 612), so its result is a register value
 * against which a mov of an immediate wins.  The bounds keep a hostile
 * kernel's load time linear. */
static int
constval(const Func *f, int v, int depth, int *budget)
{
	const Ins *d;

	if (--*budget < 0 || depth <= 0 || v < 0 || v >= f->nval || f->val[v].ins < 0)
		return 0;
	d = f->ins[f->val[v].ins];
	if (d->guard || d->nopnd <= d->ndst)
		return 0;
	if (d->op == OP_SELP && d->ndef == 1 && d->nopnd == 4 && usedval(d, 1) >= 0 &&
	    samevalue(f, usedval(d, 1), usedval(d, 2), 1, budget))
		return constval(f, usedval(d, 1), depth - 1, budget);   /* whatever the predicate */
	switch (d->op) {
	case OP_MOV: case OP_ADD: case OP_SUB: case OP_MUL: case OP_MAD: case OP_MUL24: case OP_MAD24:
	case OP_SAD: case OP_DIV: case OP_REM: case OP_ABS: case OP_NEG: case OP_MIN: case OP_MAX: case OP_POPC:
	case OP_CLZ: case OP_BFIND: case OP_BREV: case OP_BFE: case OP_BFI: case OP_SZEXT: case OP_BMSK:
	case OP_COPYSIGN: case OP_FMA: case OP_RCP: case OP_SQRT: case OP_RSQRT: case OP_SIN: case OP_COS:
	case OP_LG2: case OP_EX2: case OP_TANH: case OP_TESTP: case OP_SET: case OP_SETP: case OP_SELP:
	case OP_SLCT: case OP_AND: case OP_OR: case OP_XOR: case OP_NOT: case OP_CNOT: case OP_LOP3: case OP_SHF:
	case OP_SHL: case OP_SHR: case OP_PRMT: case OP_CVT: case OP_CVT_PACK:
		break;
	default:
		return 0;
	}
	if ((ir_hasmod(d, MOD_RZ) || ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RP)) &&
	    (floatty(d->ty[0]) || (d->nty > 1 && floatty(d->ty[1]))))
		return 0;   /* a directed float operation stays (DADD.RP) */
	for (int k = d->ndst; k < d->nopnd; k++)
		if (!constopnd(&d->opnd[k]))
			return 0;
	for (int u = 0; u < d->nuse; u++)
		if (!constval(f, d->use[u], depth - 1, budget))
			return 0;
	return 1;
}

static long
defpos(const Func *f, int v, int *kind, int atomic)
{
	*kind = DK_PLAIN;
	for (int n = 0; n < 16 && v >= 0 && v < f->nval; n++) {
		const Val *x = &f->val[v];
		const Ins *d;
		int u = -1, budget = 64, k;
		if (x->ins < 0) {
			if (x->phi < 0 || atomic)
				return -1;
			*kind = DK_RN;
			return phipos(f, x);
		}
		d = f->ins[x->ins];
		if (!d->guard && d->ndef == 1 && d->nopnd == 2 &&
		    (d->op == OP_MOV || ((d->op == OP_NEG || d->op == OP_ABS) && d->ty[0] == TY_F64) || samewidthcvt(d)))
			u = usedval(d, 1);
		if ((k = unitmul(d)) > 0)
			u = usedval(d, k);
		if (!d->guard && d->ndef == 1 && d->nopnd >= 3 && usedval(d, 1) >= 0 &&
		    (((d->op == OP_MIN || d->op == OP_MAX) && d->ty[0] == TY_F64 && d->nopnd == 3) ||
		    (d->op == OP_SELP && d->nopnd == 4)) && samevalue(f, usedval(d, 1), usedval(d, 2), 1, &budget))
			u = usedval(d, 1);
		if (!d->guard && d->ndef == 1 && d->op == OP_SELP && d->nopnd == 4 && (k = knownpred(f, usedval(d, 3))) >= 0) {
			if (d->opnd[2 - k].kind == OK_IMM || d->opnd[2 - k].kind == OK_FIMM)
				return LONG_MAX;   /* the immediate it picks: a constant operand */
			u = usedval(d, 2 - k);
		}
		if (!d->guard && d->ndef == 1 && (d->op == OP_SHL || (d->op == OP_SHR && d->ty[0] != TY_S64)) &&
		    ir_tyinfo[d->ty[0]].bits == 64 && d->nopnd == 3 && d->opnd[2].kind == OK_IMM &&
		    (uint64_t)d->opnd[2].imm >= 64)
			return KNOWNZERO;
		if (d->op == OP_LD && d->space == SP_PARAM && f->entry)
			return LONG_MAX;   /* a kernel parameter is a constant-bank operand: where a constant goes */
		if (u < 0 && movimm(d)) {
			*kind = DK_IMM;   /* where the mov is, until interp_nan_first sees what it meets */
			return 2L * x->ins;
		}
		if (u < 0) {
			*kind = defkind(f, v, d, x->ins, atomic);
			return 2L * firstsame(f, x->ins);
		}
		v = u;
	}
	return -1;
}

/* Both a and b NaN: which one an f64 add, sub, mul, fma or min/max
 * returns is decided by the operand slots ptxas gives them (alu_float.c
 * nanres), and ptxas, free to swap a commutative pair, puts the value
 * computed later where its NaN wins; except that the result of an IEEE
 * div, rcp or sqrt rounded to nearest (expanded inline with a branch to a
 * slow path) counts as later than any value of a plain instruction (not
 * a selp or copysign, nor another f64 div, rcp or sqrt, against which
 * program order stays the better guess).  tests/diff/nanorder.py reads
 * the slots ptxas chose from its SASS: over seeds 1-1999 (4,903
 * instructions with two register operands whose slots it resolves)
 * program order alone predicts 4,657 (95.0%), with the rn rule 4,754
 * (97.0%); of 12,000 recorded kernels it leaves 919 differing against
 * 1,062, two of them new (a later rcp.approx and a later add.s64 that won
 * against an rn sqrt and div).  The rest still wrong mostly pair a selp,
 * a directed div/rcp/sqrt call or two rn expansions, where ptxas's order
 * follows no rule found yet.  Two facts narrow the search: the slot rule
 * itself holds (of the differing kernels among seeds 1-5720 whose first
 * differing result is an f64 instruction nanorder.py resolves, 117, every
 * one is one whose slot the loader mispredicts), and the order is not
 * the SASS schedule's (seeds 1-399, pairs with no call between: the
 * register written later in the SASS wins 229 of 263 times, program
 * order 261).  A selp winning against an rcp.approx.f64 whatever their
 * order, though right for 10 of 11 such pairs in seeds 1-399 and 60
 * mispredicted kernels, fixed 7 of 18,000 recorded kernels and broke 32.
 * Where the loader places a value (defpos) follows ptxas's own folding: a
 * min, max or selp of one value twice is that value, and a repeated
 * expression (commuted or not) is where it was first computed (found on
 * seeds 1-3000; over seeds 3001-5000 nanorder.py counts 73 instructions
 * mispredicted against 88, none new, and of the 41,720 recorded kernels
 * 858 differ against 991, none of them new).  What remains wrong mostly
 * pairs a directed div, rcp or sqrt (a call), a selp, an rn expansion or
 * a 64-bit integer op with another value.  Two more of ptxas's views,
 * each checked on nanorder.py's SASS (seeds 1-4000) and the replay of
 * all 71,720 recorded kernels (tests/regress/nan-order-cvt.ptx and
 * nan-order-rsqrt.ptx run one of each): a cvt between 64-bit integer
 * types without .sat is no instruction (defpos looks through it: 37 more
 * kernels match, none newly differs), and an rsqrt.approx.f64 keeping
 * denormals wins against a plain value as an rn expansion does (its NaN
 * won 30 of 31 such pairs; 57 more kernels match, none newly differs).
 * Not a rule: add.cc.u64 as such a late value (on the SASS it won 8 of 12
 * pairs where it came first) made 17 kernels differ and 10 match.
 * Where it stops: nanorder.py -g 1 -f over version 1's seeds 1-3000
 * resolves 4,664 instructions with two register operands, of which the
 * loader mispredicts 85 (52 with a directed div, rcp or sqrt result, 19 a
 * selp, 13 a 64-bit integer result, 8 an rn expansion); for every pair of
 * defining kinds (load, plain, rn expansion, call, selp, copysign,
 * rcp.approx, 64-bit integer) the rules above already take the side that
 * wins most often.  The call results are not decided by the two operands
 * and their definitions: a directed div, rcp or sqrt is a CALL of a
 * subroutine whose registers ptxas picks for the whole kernel, and the
 * order follows the rest of the kernel.  Of
 *     sqrt.rz a, x;  rcp.rm d, y;  st [p], a;  sqrt.rz s, z;
 *     fma.rz f, u, v, w;  mul.rp m, s, f;
 * ptxas puts s in the DMUL's winning slot (its dsqrt_rz returns in R12,
 * the argument in R14), as it does against f = s + w computed from s;
 * with the st moved above the rcp.rm, whose d nothing reads, f wins (the
 * result back in R14).  The result's register alone does not decide
 * either: over seeds 1-600 a call result returned in another register
 * than its argument's lost to a value computed later 60 times.
 * The differing records are ptxas's doing, not the driver's: of the
 * first 100 version 1 records xfail.txt lists for an f64 instruction,
 * the local ptxas (CUDA 13, sm_90) puts the other operand in the winning
 * slot for 92 (7 unresolved, 1 fused away).  Of those seeds' 977
 * instructions whose slots nanorder.py resolves, the loader predicts
 * 902, plain program order 844, the SASS order (each operand's last
 * SASS instruction, or its CALL) 783; in 65 of the 75 it mispredicts,
 * the value computed earlier in the PTX and in the SASS wins.  None of
 * these separates the wrong from the right: the physical register
 * numbers, which operand this is the last reader of, which has more
 * readers, the PTX operand order, whether the later value depends on the
 * earlier call's result, or whether its operands were ready before that
 * call (so that ptxas could have hoisted it).  Nor does a call's result
 * passed to a later call: of
 *     div.rm a, x, y;  div.rp b, y, a;  fma.rp f, a, b, z;
 * ptxas puts a (the earlier) in the winning slot, as it does for
 * div.rp b, a, y and for sqrt.rp b, a, but taking every such pair so
 * (seeds 1-400 and the 100 above) fixed 2 instructions and broke 2
 * (seed 328: div.rm a;  sqrt.rm b, a;  mad.rz f, a, b, c has b winning):
 * whether the subroutine leaves a in a register the caller reads after
 * it, or the caller copies it, is the register allocator's choice.  The
 * same holds for a selp.f64 that a directed div, rcp or sqrt reads,
 * before or after the instruction: in
 *     selp.f64 s, x, imm, p;  st s;  add.rp.f64 t, y, imm;  st t;
 *     fma.rm.f64 f, t, s, z;  st f;  sqrt.rz.f64 q, s;
 * ptxas puts s in the DFMA's winning slot (without the sqrt.rz, t), and
 * such a selp won all 39 of its pairs against a load, plain value,
 * rcp.approx or rn expansion in nanorder.py's SASS of version 1's seeds
 * 1-400 and 100 differing records; but taken as a rule over all the
 * records it made 393 listed ones pass and 311 equal ones differ, alike
 * for a reader before or after the instruction.
 * A value carried around a loop (an SSA phi: ptxas keeps it in one
 * register that the loop's last write and the copy before it share)
 * counts as an rn expansion does, at the place of its earliest incoming
 * value (phipos): it wins against a value computed before the loop or in
 * its body, and of two such values, or one and an rn expansion, the
 * earlier wins.  Found on generator version 13's loopx records (loop-
 * carried f64 sums, min and max): of 5,000 kernels 1,302 differed on
 * such an instruction, the interpreter returning the other operand's
 * NaN (a phi had no place, and b won); with the phi a later plain value,
 * 154; as an rn expansion, 31 (tests/regress/nan-order-loop-phi.ptx).
 * No f64 instruction of the earlier versions' kernels reads a phi (their
 * loops carry integers), so their records are as before; a shared f64
 * atomic's added value (interp_nan_late) keeps its rule.
 * A mov of a nonzero immediate (movimm, DK_IMM: mov.f64 %rd, 0d7FF8...;
 * mov.b64 of an integer) is a constant for ptxas, which reads it from a
 * uniform register or an immediate in the operand slot whose NaN wins, or
 * keeps it in a register in that slot (DADD.RZ, DMUL.RP, DFMA.RM,
 * DSETP.MAX of such a value on the sm_90 SASS of generator version 14's
 * xmix kernels), wherever it sits in the program.  Except against
 * another constant: a kernel parameter, or a value that ptxas folds from
 * immediates (constval: a second mov of an immediate, an add.s64 of one,
 * a mov.b64 of halves of one): then one of them is in a register and the
 * later one wins, program order (v14 seeds 343, 1201, 2567, 3453, 4682,
 * each a sNaN or qNaN constant against another).  Without that exception
 * the rule broke those 5 of the 7,454 v14 records that passed; with it,
 * and a zero left where its mov is (555), none of the replayed records
 * newly differs and 69 listed ones pass (v14 43, v13 25, v4 1;
 * tests/diff/README, interp_nan_first's paragraph, has the measure;
 * tests/regress/nan-order-mov-imm.ptx runs the rule and its exceptions).
 * 1 when a is
 * the later, 0 when b is, -1 when in's a and b are not two distinct
 * register values whose places are known. */
int
interp_nan_first(const Func *f, const Ins *in)
{
	int va, vb, ka, kb, budget = 256;
	long pa, pb;

	if (!f->built || in->nopnd < in->ndst + 2)
		return -1;
	va = usedval(in, in->ndst);
	vb = usedval(in, in->ndst + 1);
	if (va < 0 || vb < 0 || va == vb)
		return -1;
	pa = defpos(f, va, &ka, 0);
	pb = defpos(f, vb, &kb, 0);
	if (pa == KNOWNZERO && pb >= 0)
		return 0;
	if (pb == KNOWNZERO && pa >= 0)
		return 1;
	if (pa < 0 || pb < 0 || pa == pb)
		return -1;
	if (ka == DK_IMM && kb != DK_IMM && pb != LONG_MAX && !constval(f, vb, 32, &budget))
		return 1;
	if (kb == DK_IMM && ka != DK_IMM && pa != LONG_MAX && !constval(f, va, 32, &budget))
		return 0;
	ka = ka == DK_IMM ? DK_PLAIN : ka;
	kb = kb == DK_IMM ? DK_PLAIN : kb;
	if (pa != LONG_MAX && pb != LONG_MAX && ka == DK_RN && kb == DK_RN)
		return pa < pb;
	if (pa != LONG_MAX && pb != LONG_MAX && ka != kb && (ka == DK_RN || kb == DK_RN))
		return ka == DK_RN;
	if (pa != LONG_MAX && pb != LONG_MAX && ((ka == DK_RSQ && kb == DK_PLAIN) || (ka == DK_PLAIN && kb == DK_RSQ)))
		return ka == DK_RSQ;
	return pa > pb;
}

/* For tests/diff/nanorder -c, which sets interp_nan_first beside the
 * order oracle's answers: where defpos places operand k (0: a, 1: b) of
 * in, doubled as there (-1 unknown, LONG_MAX a constant, -2 a known zero),
 * with *kind its class (0 plain, 1 rn expansion or phi, 2 selp, copysign
 * or directed call, 3 rsqrt, 4 guarded or atomic, 5 a mov of an
 * immediate). */
long
interp_nan_where(const Func *f, const Ins *in, int k, int *kind)
{
	int v;

	*kind = DK_PLAIN;
	if (!f->built || k < 0 || k > 1 || in->nopnd < in->ndst + 2 || (v = usedval(in, in->ndst + k)) < 0)
		return -1;
	return defpos(f, v, kind, 0);
}

int
interp_nan_same(const Func *f, int k, int *swapped)
{
	int first, budget = 256;

	*swapped = 0;
	if (!f->built || k < 0 || k >= f->nins || (first = firstsame(f, k)) == k)
		return k;
	/* samevalue takes the terms of a commutative op in either order */
	*swapped = !(sameopnd(f, f->ins[k], 1, f->ins[first], 1, 4, &budget) &&
	    sameopnd(f, f->ins[k], 2, f->ins[first], 2, 4, &budget));
	return first;
}

/* Is value v, as an f64 operand, one that ptxas treats as computed later
 * than a plain value (defpos's DK_RN: an rn div, rcp or sqrt expansion, a
 * neg.s64 or abs.s64)?  A shared-memory f64 atomic add is a compare-and-
 * swap loop whose DADD reads the old value, loaded in the loop, and the
 * added one: the old value's NaN wins over a plain added value's (the
 * load is later), an added value of this kind's wins over it. */
int
interp_nan_late(const Func *f, int v)
{
	int kind;
	long p;

	if (!f->built || v < 0 || v >= f->nval)
		return 0;
	p = defpos(f, v, &kind, 1);
	return p >= 0 && p != LONG_MAX && kind == DK_RN;
}

typedef struct {
	int *nuse;    /* readers of each value, phis included */
	int *good;    /* readers that are adds able to fuse it */
	unsigned char *negok;   /* a negftz value all of whose readers fuse it (countgood) */
} Plan;

/* The add re-reads the mul's sources (see the top): they must be
 * registers, whose writes unchanged() sees, or immediates; a special
 * register may not read the same twice (%clock). */
static int
steady(const Ins *m)
{
	for (int k = 1; k < m->nopnd; k++)
		if (m->opnd[k].kind != OK_IMM && m->opnd[k].kind != OK_FIMM && usedval(m, k) < 0)
			return 0;
	return 1;
}

/* Is d an abs.f32 (no .ftz) of a mul of one value by itself, the
 * product's sign known and nothing else reading the product, which ptxas
 * drops (sm_90 SASS: add.f32 of abs.f32 of mul.f32 x, x and 1.5 is FFMA
 * R, x, x, 1.5; v13 dag seed 687 on an H200)? */
static int
absself(const Func *f, const Ins *d, int ty)
{
	int u;
	const Ins *m;

	if (d->op != OP_ABS || d->ty[0] != TY_F32 || ty != TY_F32 || d->guard || d->nopnd != 2 ||
	    ir_hasmod(d, MOD_FTZ) || (u = usedval(d, 1)) < 0 || f->val[u].ins < 0)
		return 0;
	m = f->ins[f->val[u].ins];
	if (m->op != OP_MUL || m->nopnd != 3 || m->guard || usedval(m, 1) < 0 || usedval(m, 1) != usedval(m, 2))
		return 0;
	/* the abs the product's one reader: one read elsewhere too keeps the
	 * FMUL and the abs an operand of an FADD (tests/run's contract_cfg
	 * case 11, an H100's: |x*x| + (x*x - y*z)) */
	if (!f->rdoff || f->phird[u] || f->rdoff[u + 1] - f->rdoff[u] > 1)
		return 0;
	for (int q = f->rdoff[u], n = 0; q < f->rdoff[u + 1]; q++)
		for (int j = 0; j < f->ins[f->rd[q]]->nuse; j++)
			if (f->ins[f->rd[q]]->use[j] == u && ++n > 1)
				return 0;
	return 1;
}

/* Is d a neg.ftz.f32 of a mul.ftz.f32, or an abs.ftz.f32 of a mul.ftz.f32
 * of a value by itself, that could fuse (no rounding, no .sat, steady
 * operands)?  ptxas makes it a product of its own, an FFMA.FTZ of the
 * negated factors (of x, x for the abs, whose sign it knows) and -0: an
 * add.ftz or sub.ftz that reads it as its first operand, or an add.ftz
 * as its second, is an FFMA.FTZ of those factors, whatever else reads
 * the neg, and so is sub.ftz y, y of it, which gives the product's
 * rounding error (sm_90 SASS: FFMA.FTZ R, -a, b, -RZ then FFMA.FTZ R',
 * -a, b, -R; v13 dag 6690, v14 xmix 11551, 18265, 59340, v15 xmix
 * 183821, 191189, 279775, 303805, 328845, 348737, 355331, 355351 of a
 * neg, v15 xmix 315349, 323238, 222923, 227914, 82974, v13 dag 2151,
 * 6911 of an abs, on an H200: the rounding error, +-inf where the product
 * overflows).  A sub.ftz that subtracts it keeps the FADD.FTZ of it, and
 * so does an add.ftz of it with itself (FADD.FTZ R, -p, -p); a mul also
 * read otherwise keeps its FMUL, and the neg is a FADD.FTZ then, which
 * nothing fuses; the abs.ftz of a product of two values is a FADD.FTZ of
 * |R| too (tests/regress/contract-ftz-neg-abs-product.ptx). */
static int
negftz(const Func *f, const Ins *d)
{
	int u;
	const Ins *m;

	if ((d->op != OP_NEG && d->op != OP_ABS) || d->ty[0] != TY_F32 || !ir_hasmod(d, MOD_FTZ) || d->guard ||
	    d->nopnd != 2 || d->ndef != 1 || (u = usedval(d, 1)) < 0 || f->val[u].ins < 0)
		return 0;
	m = f->ins[f->val[u].ins];
	if (m->op != OP_MUL || m->ty[0] != TY_F32 || !ir_hasmod(m, MOD_FTZ) || m->guard || m->ndef != 1 ||
	    m->nopnd != 3 || rounded(m) || ir_hasmod(m, MOD_SAT) || !steady(m) ||
	    (d->op == OP_ABS && (usedval(m, 1) < 0 || usedval(m, 1) != usedval(m, 2))))
		return 0;
	/* not of two factors ptxas computes from immediates: it folds the
	 * product, and the neg is a constant (v15 xmix 306719: -(c * c) - x
	 * of a c made by and, xor and or of a mov.b32 is an FADD.FTZ of -x
	 * and the rounded product) */
	for (int k = 1; k <= 2; k++) {
		int budget = 64;
		if (m->opnd[k].kind != OK_IMM && m->opnd[k].kind != OK_FIMM && !constval(f, usedval(m, k), 8, &budget))
			return 1;
	}
	return 0;
}

/* The immediate operand of the unguarded mov of one bits-wide register
 * that wrote value v; NULL if another instruction (or none) wrote it.
 * (constbits evaluates such a mov too; slctknown and unitfactor read the
 * immediate as their own type, as ptxas does.) */
static const Opnd *
immmov(const Func *f, int v, int bits)
{
	const Ins *m;

	if (v < 0 || v >= f->nval || f->val[v].ins < 0)
		return NULL;
	m = f->ins[f->val[v].ins];
	if (m->op != OP_MOV || m->guard || m->nopnd != 2 || m->ndef != 1 || m->nty != 1 ||
	    ir_tyinfo[m->ty[0]].bits != bits)
		return NULL;
	return m->opnd[1].kind == OK_IMM || m->opnd[1].kind == OK_FIMM ? &m->opnd[1] : NULL;
}

/* The bits of a value v that constval finds ptxas computes as it
 * compiles: unguarded one-result instructions of immediates and such
 * values, run by interp_fold_kexec as the interpreter runs them, and an
 * element of a mov that unpacks one.  depth and *budget bound the search
 * (a hostile kernel's load time stays linear). */
static int
constbits(const Func *f, int v, int depth, int *budget, uint64_t *r)
{
	uint64_t src[4], x;
	const Ins *d;
	int n = 0;

	if (--*budget < 0 || depth <= 0 || v < 0 || v >= f->nval || f->val[v].ins < 0)
		return 0;
	d = f->ins[f->val[v].ins];
	if (d->guard)
		return 0;
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[0].kind == OK_VEC && d->nty == 1 &&
	    d->ndef == d->opnd[0].nsub && d->ndef > 1) {
		int bits = ir_tyinfo[d->ty[0]].bits / d->ndef, e = 0;
		const Opnd *o = &d->opnd[1];
		while (e < d->ndef && d->def[e] != v)
			e++;
		if (e == d->ndef || bits <= 0 || bits > 32)
			return 0;
		if (o->kind == OK_IMM)
			x = (uint64_t)o->imm;
		else if (usedval(d, 1) < 0 || !constbits(f, usedval(d, 1), depth - 1, budget, &x))
			return 0;
		*r = x >> (e * bits) & ((1ull << bits) - 1);
		return 1;
	}
	if (d->ndef != 1)
		return 0;
	for (int k = d->ndst; k < d->nopnd; k++) {
		const Opnd *o = &d->opnd[k];
		if (n == 4)
			return 0;
		if (o->kind == OK_IMM)
			src[n++] = (uint64_t)o->imm;
		else if (o->kind == OK_FIMM)
			src[n++] = interp_fimm(d->ty[d->nty - 1], o->fbits, o->flkind);
		else if (usedval(d, k) < 0 || !constbits(f, usedval(d, k), depth - 1, budget, &src[n++]))
			return 0;
	}
	return interp_fold_kexec(d, n, src, r);
}

/* Which operand slct d = c >= 0 ? a : b picks where ptxas knows c (an
 * immediate, or what kconst says it knows whatever the inputs: not a
 * cvt.rmi of constants, which it leaves to run, v15 xmix 379929, dag
 * 515513): 1, 2, or 0 not known.  An f32 c: -0 and, with
 * .ftz, a negative subnormal are >= 0, a NaN is not. */
static int
slctknown(const Func *f, const Ins *d)
{
	uint64_t c;
	int v = usedval(d, 3), ty = d->ty[d->nty - 1];
	const Opnd *o = immmov(f, v, 32);   /* a mov of an immediate (v15 dag 183956) */

	if (!o)
		o = &d->opnd[3];
	if (o->kind == OK_IMM)
		c = (uint64_t)o->imm;
	else if (o->kind == OK_FIMM)
		c = interp_fimm(TY_F32, o->fbits, o->flkind);
	else if (v < 0 || !interp_fold_kconst(f, v, &c))
		return 0;
	c &= 0xFFFFFFFFu;
	if (ty != TY_F32)
		return c >> 31 ? 2 : 1;
	if ((c & 0x7FFFFFFFu) > 0x7F800000u)
		return 2;
	if (ir_hasmod(d, MOD_FTZ) && (c & 0x7F800000u) == 0)
		return 1;
	return c >> 31 && c != 0x80000000u ? 2 : 1;
}

/* Is mul d one by 1.0 or -1.0 of its scalar type, an immediate or an
 * unguarded mov of one?  ptxas folds it to its other factor or that
 * negated before it fuses: no product (sm_90 SASS: mul.bf16 p, y, -1.0
 * of a mov.b16 0xbf80 added to x * x is HFMA2.BF16 x, x, -y; v15 dag
 * 92260, which an H200 computed so). */
static int
unitfactor(const Func *f, const Ins *d)
{
	uint64_t one, b;
	int ty = d->ty[0];

	if (ty != TY_F16 && ty != TY_BF16 && ty != TY_F32 && ty != TY_F64)
		return 0;
	one = alu_fone(alu_fmt_of(ty));
	for (int k = 1; k <= 2; k++) {
		int v = usedval(d, k), known = 64, bits = 64;   /* each search its own bound */
		const Opnd *o = immmov(f, v, ir_tyinfo[ty].bits);
		if (!o)
			o = &d->opnd[k];
		if (o->kind == OK_IMM)
			b = (uint64_t)o->imm;
		else if (o->kind == OK_FIMM)
			b = interp_fimm(ty, o->fbits, o->flkind);
		else if (!constval(f, v, 8, &known) || !constbits(f, v, 8, &bits, &b))
			/* else a value ptxas computes as it compiles: and, or,
			 * xor and shifts of immediates, an abs of one, a half of
			 * a mov.b32 of one (sm_90 SASS: an HADD2 of the other
			 * factor; tests/diff/fusecheck.py's modules of v15 xmix
			 * seeds 21-40 and 441-460, dag 341-360 and 1181-1200) */
			continue;
		if (ir_tyinfo[ty].bits < 64)
			b &= (1ull << ir_tyinfo[ty].bits) - 1;
		if ((b & ~(1ull << (ir_tyinfo[ty].bits - 1))) == one)
			return 1;
	}
	return 0;
}

/* Is mul d an f64 one of two constants ptxas holds (immediates, or
 * values each word of which it folds: interp_fold_dconstdeep), neither
 * a NaN?
 * It folds the product as it compiles, before it fuses, so an add of it
 * rounds the folded product (sm_90 SASS: no instruction for add.f64 of
 * mov.f64 3.0 and mul.f64 of it by a value computed from -2.75; v14 xmix
 * 49757, 0xbff2000000000004 on an H100 where the fma gives ...03). */
static int
constmul64(const Func *f, const Ins *d)
{
	uint64_t c[2];

	if (d->ty[0] != TY_F64 || d->nopnd != 3)
		return 0;
	for (int k = 0; k < 2; k++) {
		const Opnd *o = &d->opnd[1 + k];
		int v = usedval(d, 1 + k);
		if (o->kind == OK_IMM)
			c[k] = (uint64_t)o->imm;
		else if (o->kind == OK_FIMM)
			c[k] = interp_fimm(TY_F64, o->fbits, o->flkind);
		else if (v < 0 || !interp_fold_dconstdeep(f, v, &c[k]))
			return 0;
		if ((c[k] & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull)
			return 0;
	}
	return 1;
}

/* The mul whose product value v is (through movs and negs), with *neg
 * its sign; -1 if none.  A value may come from anything: a phi or the
 * entry (no instruction), a guarded or multi-destination instruction, a
 * call, a load, a mov of a special register or of a vector; only an
 * unguarded mov or neg of one whole register of the same width (for a
 * neg, of the same type ty) is looked through, and only a mul or div that
 * writes just v ends the search.  Whether every reader of the values on
 * the way fuses is chainok's to say. */
static int
source(const Func *f, int v, int ty, int *neg)
{
	*neg = 0;
	for (int n = 0; n < 8 && v >= 0 && v < f->nval && f->val[v].ins >= 0; n++) {
		const Ins *d = f->ins[f->val[v].ins];
		if (d->guard || d->ndef != 1 || d->nopnd < 1 || !(d->opnd[0].kind == OK_REG && d->opnd[0].isdst) ||
		    (ir_opinfo[d->op].flags & OF_RDST))
			return -1;
		if (d->op == OP_MUL)
			return d->nopnd == 3 && !rounded(d) && !ir_hasmod(d, MOD_SAT) && steady(d) && !unitfactor(f, d) &&
			    !constmul64(f, d) ?
			    f->val[v].ins : -1;
		if (d->op == OP_DIV)   /* div.full/.approx.f32: its a * MUFU.RCP(b) is a product too */
			return d->nopnd == 3 && d->ty[0] == TY_F32 && (ir_hasmod(d, MOD_FULL) || ir_hasmod(d, MOD_APPROX)) &&
			    steady(d) ? f->val[v].ins : -1;
		if (ty == TY_F32 && negftz(f, d)) {   /* -(a * b) or |x * x| of its own (*neg bit 2) */
			*neg = (*neg ^ (d->op == OP_NEG)) | 4;
			v = usedval(d, 1);
			continue;
		}
		if (absself(f, d, ty)) {   /* |x * x| is x * x to ptxas (*neg bit 1) */
			*neg |= 2;
			v = usedval(d, 1);
			continue;
		}
		/* a neg.bf16x2 is an HFMA2.BF16 -0 * 0 + -p of its own, read by
		 * an HADD2: no product (sm_90 SASS; v13 dag seeds 1006, 1162,
		 * 1252 on an H200); neg.bf16 and neg.f16x2 fuse */
		if ((d->op != OP_MOV && d->op != OP_NEG) || d->nopnd != 2 || ir_hasmod(d, MOD_FTZ) ||
		    (d->op == OP_NEG && (d->ty[0] != ty || ty == TY_BF16X2)) ||
		    ir_tyinfo[d->ty[0]].bits != ir_tyinfo[ty].bits)
			return -1;
		if (d->op == OP_NEG)
			*neg ^= 1;
		if ((v = usedval(d, 1)) < 0)
			return -1;
	}
	return -1;
}

/* Is v (a product, or a mov or neg of one) fused into every reader: is
 * each reader of v and of every value on its way back to the mul an add
 * able to fuse it, or a mov or neg whose readers all are (p->good, which
 * counts both)?  ptxas works on values: -(a*b) is a product too, which an
 * FFMA reads with its sign (sm_90: a mul read by an add and by a neg
 * that an add reads is two FFMAs). */
static int
chainok(const Func *f, const Plan *p, int v)
{
	int own = 0;

	for (int n = 0; n < 9 && v >= 0 && v < f->nval; n++) {
		/* a neg.ftz of a product is one of its own, whatever else
		 * reads it (negftz), where the product is read by nothing
		 * else, or by readers that all fuse it, the neg too: a neg
		 * some of whose readers take it rounded (y + y, x - y, a
		 * store) leaves the FMUL standing for the product's other
		 * adds, and then nothing fuses through the neg either (sm_90
		 * SASS: mul.ftz p; neg.ftz y, p; y + y beside x + y is an
		 * FFMA of x, FADD.FTZ -p, -p of the FMUL, but with p + z as
		 * well three FADDs) */
		if (f->val[v].ins >= 0 && negftz(f, f->ins[f->val[v].ins])) {
			own = !p->negok[v];
			v = usedval(f->ins[f->val[v].ins], 1);
			continue;
		}
		if (own ? p->nuse[v] != 1 : p->nuse[v] != p->good[v])
			return 0;
		if (f->val[v].ins < 0)
			return 0;
		const Ins *d = f->ins[f->val[v].ins];
		if (d->op == OP_MUL || d->op == OP_DIV)
			return 1;
		v = usedval(d, 1);
	}
	return 0;
}

/* Could the add at k fuse the product in its operand oi?  Returns the
 * mul's index, or -1. */
static int
fusable(const Func *f, const Plan *p, int k, int oi, int *neg)
{
	const Ins *a = f->ins[k], *m;
	int v = usedval(a, oi), i = v >= 0 ? source(f, v, a->ty[0], neg) : -1;

	(void)p;
	if (i < 0 || i >= k)
		return -1;
	/* an abs of x * x fuses where it is added, not subtracted (sm_90
	 * SASS: y + |x*x| and |x*x| - y are FFMAs, y - |x*x| an FADD of
	 * -|R|; v13 dag seed 3380) */
	if (*neg & 2) {
		*neg &= 1;
		if (*neg ^ (a->op == OP_SUB && oi == 2))
			return -1;
	}
	/* a neg.ftz product fuses where it is added or subtracted from,
	 * not where subtracted (negftz) */
	if (*neg & 4) {
		*neg &= 1;
		if (a->op == OP_SUB && oi == 2)
			return -1;
	}
	m = f->ins[i];
	if (m->ty[0] != a->ty[0] || ir_hasmod(m, MOD_FTZ) != ir_hasmod(a, MOD_FTZ))
		return -1;
	if (runhead(f, m->blk) != runhead(f, a->blk) || !unchanged(f, m, i, k))
		return -1;
	return i;
}

/* An add or sub ptxas may fuse: no rounding, guarded or not (a guarded
 * one is an FFMA under the guard, or one whose result an FSEL picks) */
int
interp_contract_plainadd(const Ins *a)
{
	return (a->op == OP_ADD || a->op == OP_SUB) && a->nopnd == 3 && a->ndst == 1 && !rounded(a) &&
	    floatty(a->ty[0]);
}

/* Is every reader of the negftz value q an add that fuses it: one
 * operand q, the other not, where fusable takes it (q + x, x + q, q - x);
 * a dead reader is none (countgood's negftz count) */
static int
negfull(const Func *f, const Plan *p, const unsigned char *dead, int q)
{
	if (!f->rdoff || f->phird[q])
		return 0;
	for (int r = f->rdoff[q]; r < f->rdoff[q + 1]; r++) {
		int k = f->rd[r], neg;
		const Ins *a = f->ins[k];
		if (dead[k])
			continue;
		if (!interp_contract_plainadd(a) || usedval(a, 1) == usedval(a, 2) ||
		    fusable(f, p, k, usedval(a, 1) == q ? 1 : 2, &neg) < 0)
			return 0;
	}
	return 1;
}

/* Count in p->good the readers of each product value that fuse it: the
 * adds that could (an add of two products, pick[k] 1 or 2, only the one
 * it fuses; 3, neither; 4, not decided yet, both), the movs and negs of a
 * product all of whose readers fuse it, and the negftz products.  The
 * product an add of two does not fuse is read rounded there, and an add
 * of it alone then does not fuse it either: its mul a FMUL (sm_90 SASS:
 * mul p = x * x, add x + p, mul q = y * x, sub q - p is FMUL, FADD of it,
 * FFMA y, x, -p; f32, f16 and bf16 alike (HMUL2, HADD2, HFMA2); v15 dag
 * 86425: add.bf16 x + p beside sub.bf16 q - p, the HADD2's rounding on an
 * H200). */
static void
countgood(const Func *f, Plan *p, const unsigned char *dead, int *pick)
{
	memset(p->good, 0, ((size_t)f->nval + 1) * sizeof *p->good);
	/* the adds that could fuse each product value (the value they read);
	 * not one that reads one product twice, p + p, p - p or -p + p (also
	 * through movs and negs), which ptxas keeps an FADD of the rounded
	 * product, and so the mul a FMUL for every reader */
	for (int k = 0; k < f->nins; k++) {
		int neg, i1, i2, two;
		if (!interp_contract_plainadd(f->ins[k]) || dead[k])
			continue;
		i1 = fusable(f, p, k, 1, &neg);
		i2 = fusable(f, p, k, 2, &neg);
		if (i1 >= 0 && i1 == i2)
			continue;
		two = i1 >= 0 && i2 >= 0;
		if (two && !pick[k])
			pick[k] = 4;
		if (i1 >= 0 && (!two || pick[k] == 4 || pick[k] == 1))
			p->good[usedval(f->ins[k], 1)]++;
		if (i2 >= 0 && (!two || pick[k] == 4 || pick[k] == 2))
			p->good[usedval(f->ins[k], 2)]++;
	}
	/* a mov or neg of a product whose readers all fuse it fuses too, as a
	 * reader of what it copies (the later ones first, so that a chain of
	 * them counts from its end) */
	for (int k = f->nins - 1; k >= 0; k--) {
		const Ins *q = f->ins[k];
		int v, neg;
		if ((q->op != OP_MOV && q->op != OP_NEG && !absself(f, q, q->ty[0])) || dead[k] || q->guard || q->ndef != 1 ||
		    q->nopnd != 2 || ir_hasmod(q, MOD_FTZ) || (q->op == OP_NEG && !floatty(q->ty[0])) ||
		    (v = usedval(q, 1)) < 0 ||
		    p->nuse[q->def[0]] == 0 || p->nuse[q->def[0]] != p->good[q->def[0]] || source(f, v, q->ty[0], &neg) < 0)
			continue;
		p->good[v]++;
	}
	/* a neg.ftz of a product reads it as a product of its own does
	 * (negftz): the mul's value is fused there, where each reader of
	 * the neg is an add that fuses it, once (not y + y, y - y, nor x - y,
	 * which read it rounded) */
	for (int k = 0; k < f->nins; k++)
		if (negftz(f, f->ins[k]) && (p->negok[f->ins[k]->def[0]] = negfull(f, p, dead, f->ins[k]->def[0])))
			p->good[usedval(f->ins[k], 1)]++;
}

/* n[v]: how many times value v is read, by instructions and phis. */
static void
countreads(const Func *f, int *n, size_t nv)
{
	memset(n, 0, nv * sizeof *n);
	for (int k = 0; k < f->nins; k++)
		for (int u = 0; u < f->ins[k]->nuse; u++)
			n[f->ins[k]->use[u]]++;
	for (int b = 0; b < f->nblk; b++)
		for (int q = 0; q < f->blk[b].nphi; q++)
			for (int a = 0; a < f->blk[b].phi[q].narg; a++)
				if (f->blk[b].phi[q].arg[a] >= 0)
					n[f->blk[b].phi[q].arg[a]]++;
}

/* A fused mul that writes a register it reads (mul.f32 %r1, %r1, %r1):
 * ptxas works on values, so its adds compute x * x + c of the x before
 * the mul (sm_90 SASS: FFMA R5, R0, R0, R5), but an add here reads the
 * mul's sources from their registers, which then hold the product.
 * Where nothing but the adds fused with it reads the product (no phi,
 * no other instruction, no mov or neg on the way) the mul writes nothing
 * (CONTRACT_KEEPSRC: load.c makes it a copy of its destination to
 * itself) and they read x; elsewhere those adds do not fuse, the product
 * rounded as it is.  Linear in the function's length (load-linear-time.sh
 * absself); -1 where memory runs out.
 * tests/regress/fma-mul-overwrites-source.ptx. */
static int
keepsrc(ptx_ctx *cx, const Func *f, int *plan)
{
	size_t nv = (size_t)f->nval + 1;
	int *all = interp_alloc(cx, nv * sizeof *all), *fused = interp_alloc(cx, nv * sizeof *fused);

	if (!all || !fused) {
		interp_free(cx, all);
		interp_free(cx, fused);
		return -1;
	}
	/* every read of each value (phis too), and the reads of fused adds
	 * of their own mul's product: one pass each, the load stays linear */
	countreads(f, all, nv);
	memset(fused, 0, nv * sizeof *fused);
	for (int k = 0; k < f->nins; k++) {
		const Ins *q = f->ins[k];
		const Ins *m = plan[k] >= 8 ? f->ins[(plan[k] >> 3) - 1] : NULL;
		for (int u = 0; m && m->ndef == 1 && u < q->nuse; u++)
			fused[m->def[0]] += q->use[u] == m->def[0];
	}
	for (int i = 0; i < f->nins; i++) {
		const Ins *m = f->ins[i];
		int over = 0, v;
		if (m->op != OP_MUL || m->ndef != 1 || (v = m->def[0]) < 0)
			continue;
		for (int u = 0; u < m->nuse; u++)
			over |= m->use[u] >= 0 && f->val[m->use[u]].reg == f->val[v].reg;
		if (over && fused[v] > 0)
			plan[i] = fused[v] == all[v] ? CONTRACT_KEEPSRC : -1;
	}
	/* a mul whose product something else reads too: its adds do not
	 * fuse (marked -1 above, cleared here; from the end, so that each add
	 * is seen before its mul) */
	for (int k = f->nins - 1; k >= 0; k--)
		if (plan[k] == -1 || (plan[k] >= 8 && plan[(plan[k] >> 3) - 1] == -1))
			plan[k] = 0;
	interp_free(cx, all);
	interp_free(cx, fused);
	return 0;
}

/* For a selp whose predicate ptxas knows (v13 dag seed 4175: a mul read
 * by an add and by such a selp's other operand is an FFMA, the selp a
 * copy), or a slct whose c it computes as it compiles (an immediate, a
 * mov of -1, a NaN: slctknown; sm_90 SASS, fusecheck.py: v13 dag 13969,
 * v15 dag seeds 1641-1660, a product in the other operand of such a slct fused):
 * the value of the operand it does not pick, which it does not read;
 * -1 otherwise. */
static int
knownpick(const Func *f, const Ins *q)
{
	int t, v;
	const Ins *d;

	/* (one setp result, not a pair's, nor of packed halves, which
	 * interp_fold_selknown does not tell apart: seed 1974) */
	if (q->op == OP_SELP && q->nopnd == 4 && !q->guard && q->nuse >= 1 && q->use[q->nuse - 1] >= 0 &&
	    f->val[q->use[q->nuse - 1]].ins >= 0 && (d = f->ins[f->val[q->use[q->nuse - 1]].ins])->ndef == 1 &&
	    d->ty[0] != TY_F16X2 && d->ty[0] != TY_BF16X2 && (t = interp_fold_selknown(f, q)) >= 1 && t <= 2 &&
	    (v = usedval(q, 3 - t)) >= 0 && v != usedval(q, t))
		return v;
	if (q->op == OP_SLCT && q->nopnd == 4 && !q->guard && (t = slctknown(f, q)) >= 1 &&
	    (v = usedval(q, 3 - t)) >= 0 && v != usedval(q, t))
		return v;
	return -1;
}

/* Does guarded q merge no old value: a guard ptxas knows true (fusecheck.py,
 * v15 xmix seeds 1221-1240: a setp of a register against itself)?  Its old
 * values, the last ndef of its uses, are then not read. */
static int
oldgone(const Func *f, const Ins *q)
{
	return q->guard && q->nuse > q->ndef && !(ir_opinfo[q->op].flags & OF_RDST) &&
	    interp_fold_guardconst(f, q) == 1;
}

/* Is q an f32 add, sub or mul without a rounding or .sat of the
 * canonical NaN 0f7FFFFFFF, which ptxas makes a MOV of that NaN? */
static int
nanmov(const Ins *q)
{
	if ((q->op != OP_ADD && q->op != OP_SUB && q->op != OP_MUL) || q->guard || q->ty[0] != TY_F32 ||
	    q->nopnd != 3 || rounded(q) || ir_hasmod(q, MOD_SAT))
		return 0;
	for (int k = 1; k <= 2; k++)
		if (q->opnd[k].kind == OK_FIMM && q->opnd[k].fbits == 0x7FFFFFFF && q->opnd[k].flkind == FL_F32HEX)
			return 1;
	return 0;
}

/* Count off the reads of q's uses from..to-1 in nuse (q dead, or those
 * operands not read), all but one of value skip (-1: none), which was
 * counted off already; a count stays at least 0. */
static void
unread(int *nuse, const Ins *q, int from, int to, int skip)
{
	for (int u = from; u < to; u++)
		if (q->use[u] >= 0 && nuse[q->use[u]] > 0 && (q->use[u] != skip || (skip = -1, 0)))
			nuse[q->use[u]]--;
}

int *
interp_contract_plan(ptx_ctx *cx, const Module *m, const Func *f)
{
	Plan p;
	int *plan;
	unsigned char *dead;
	int *pick;
	size_t nv = (size_t)f->nval + 1;

	if (!f->built || debugtarget(m))
		return NULL;
	p.nuse = interp_alloc(cx, nv * sizeof *p.nuse);
	p.good = interp_alloc(cx, nv * sizeof *p.good);
	p.negok = interp_alloc(cx, nv);
	plan = interp_alloc(cx, (size_t)(f->nins + 1) * sizeof *plan);
	dead = interp_alloc(cx, (size_t)f->nins + 1);
	pick = interp_alloc(cx, (size_t)(f->nins + 1) * sizeof *pick);
	if (!p.nuse || !p.good || !p.negok || !plan || !dead || !pick) {
		interp_free(cx, p.nuse);
		interp_free(cx, p.good);
		interp_free(cx, p.negok);
		interp_free(cx, plan);
		interp_free(cx, dead);
		interp_free(cx, pick);
		return NULL;
	}
	memset(pick, 0, (size_t)(f->nins + 1) * sizeof *pick);
	memset(p.good, 0, nv * sizeof *p.good);
	memset(p.negok, 0, nv);
	memset(plan, 0, (size_t)(f->nins + 1) * sizeof *plan);
	memset(dead, 0, (size_t)f->nins + 1);
	countreads(f, p.nuse, nv);
	/* a setp whose predicates nothing reads but selps of one value twice
	 * (copies) is dead to ptxas, and so are its reads (v13 dag seeds 233,
	 * 4856: a product read by an add and by setp.eq p, x, x whose p only
	 * such a selp reads is an FFMA) */
	for (int k = 0; k < f->nins; k++) {
		const Ins *q = f->ins[k];
		/* the predicate is the last use, read as it is or negated */
		if (q->op == OP_SELP && q->nopnd == 4 && !q->guard && q->nuse >= 1 && usedval(q, 1) >= 0 &&
		    usedval(q, 1) == usedval(q, 2) && (q->opnd[3].kind == OK_REG ||
		    (q->opnd[3].kind == OK_NOT && q->opnd[3].nsub == 1 && q->opnd[3].sub[0].kind == OK_REG)) &&
		    q->use[q->nuse - 1] >= 0)
			p.good[q->use[q->nuse - 1]]++;
	}
	for (int k = 0; k < f->nins; k++) {
		const Ins *q = f->ins[k];
		dead[k] = q->op == OP_SETP && q->ndef >= 1;
		for (int d = 0; dead[k] && d < q->ndef; d++)
			dead[k] = q->def[d] >= 0 && p.nuse[q->def[d]] == p.good[q->def[d]];
		if (dead[k])
			unread(p.nuse, q, 0, q->nuse, -1);
	}
	/* the operand a selp or slct of a known choice does not pick is not
	 * read (knownpick), before the dead ones are found: a slct that a
	 * known selp does not pick is dead (fusecheck.py, v15 dag seeds 1281-1300) */
	for (int k = 0; k < f->nins; k++) {
		int v = knownpick(f, f->ins[k]);
		if (v >= 0 && p.nuse[v] > 0)
			p.nuse[v]--;
	}
	/* and an instruction none of whose results is read then, a dead one's
	 * readers counted off before it (readers come later, so one pass from
	 * the end), is dead to ptxas too, its reads with it, and fuses nothing:
	 * p - p read only by such a setp does not keep p's other add from
	 * fusing (v13 dag 6804: mul.bf16 p, x, x; sub.bf16 p - x; sub.bf16
	 * p - p read by setp.equ whose predicate only selp.b16 y, y reads is
	 * an HFMA2.BF16 of x, x, -x, sm_90 SASS, 0x439d for x = 18.25 on an
	 * H200); a dead add is no reader that fuses either.  A guarded one
	 * too, and the old values it merges are not read then (sm_90 SASS:
	 * mul p; x - p; a guarded mul into p's register that nothing reads
	 * after is an FFMA of x; fusecheck.py, v15 xmix seeds 1221-1240).  (A setp the
	 * loop above counts dead is not counted again.)  And an f32 add, sub
	 * or mul without a rounding or .sat of the canonical NaN 0x7fffffff
	 * is that NaN to ptxas, a MOV of it, which reads nothing (fusecheck.py,
	 * v15 xmix seeds 761-780: a mul.ftz read by sub.ftz and by add.f32 of the NaN is
	 * an FFMA.FTZ; a .rn add or one of 0x7fc00000 is an FADD or FFMA). */
	for (int k = 0; k < f->nins; k++) {
		const Ins *q = f->ins[k];
		/* a guard ptxas knows true merges no old value (oldgone) */
		if (oldgone(f, q))
			unread(p.nuse, q, q->nuse - q->ndef, q->nuse, -1);
		if (!dead[k] && nanmov(q)) {
			dead[k] = 1;
			unread(p.nuse, q, 0, q->nuse, -1);
		}
	}
	for (int k = f->nins - 1; k >= 0; k--) {
		const Ins *q = f->ins[k];
		if (dead[k])
			continue;
		dead[k] = q->ndef >= 1 && !(ir_opinfo[q->op].flags & (OF_BRANCH | OF_CALL | OF_RET |
		    OF_EXIT | OF_LOAD | OF_STORE | OF_ATOM | OF_BAR | OF_WARP | OF_ASYNC | OF_TEX | OF_RDST |
		    OF_VOLATILE_SIDE));
		for (int d = 0; dead[k] && d < q->ndef; d++)
			dead[k] = q->def[d] >= 0 && p.nuse[q->def[d]] == 0;
		/* (once, not the operand knownpick took off above, nor the old
		 * values oldgone did) */
		if (dead[k])
			unread(p.nuse, q, 0, oldgone(f, q) ? q->nuse - q->ndef : q->nuse, knownpick(f, q));
	}
	/* a neg.f32 read by selps alone: ptxas folds it into them as an operand
	 * sign, a bit flip even of a NaN (a neg.f32 left standing is an FADD,
	 * whose NaN is the canonical one: alu_float.c); seen in libdevice's
	 * cbrtf, where selp(x < 0, -r, r) of a NaN r gave 0xffffffff); not a
	 * selp whose predicate ptxas knows, a copy of the FADD (fold.c), nor
	 * one of the neg and itself, a copy too (v14 xmix 53372: selp.f32 -x,
	 * -x, p of a NaN x is the FADD's 0x7fffffff on an H200) */
	memset(p.good, 0, nv * sizeof *p.good);
	for (int k = 0; k < f->nins; k++)
		if (f->ins[k]->op == OP_SELP && f->ins[k]->ty[0] == TY_F32 && f->ins[k]->nopnd == 4 &&
		    !interp_fold_selknown(f, f->ins[k]) && usedval(f->ins[k], 1) != usedval(f->ins[k], 2))
			for (int oi = 1; oi <= 2; oi++)
				if (usedval(f->ins[k], oi) >= 0)
					p.good[usedval(f->ins[k], oi)]++;
	for (int k = 0; k < f->nins; k++) {
		const Ins *q = f->ins[k];
		if (q->op == OP_NEG && q->ty[0] == TY_F32 && !ir_hasmod(q, MOD_FTZ) && !q->guard && q->ndef == 1 &&
		    p.nuse[q->def[0]] > 0 && p.nuse[q->def[0]] == p.good[q->def[0]])
			plan[k] = CONTRACT_SIGNFLIP;
	}
	/* the readers that could fuse each product (countgood); an add of two
	 * products picks by those counts the first it can fuse, else the
	 * second, and fuses it whatever else reads it rounded (sm_90 SASS, v14
	 * dag 30116: add.bf16x2 p + q and sub.bf16x2 r - p of three products
	 * are HFMA2s of p's and r's factors, p's HMUL2 kept for the sub); the
	 * readers are then counted again with the other product read rounded,
	 * by which the adds of one product fuse it or not (countgood) */
	countgood(f, &p, dead, pick);
	for (int k = 0; k < f->nins; k++) {
		int neg;
		if (!pick[k])
			continue;
		if (fusable(f, &p, k, 1, &neg) >= 0 && chainok(f, &p, usedval(f->ins[k], 1)))
			pick[k] = 1;
		else if (fusable(f, &p, k, 2, &neg) >= 0 && chainok(f, &p, usedval(f->ins[k], 2)))
			pick[k] = 2;
		else
			pick[k] = 3;
	}
	countgood(f, &p, dead, pick);
	/* each add fuses its first operand whose product has no other reader */
	for (int k = 0; k < f->nins; k++) {
		int neg, i;
		/* y + y reads y rounded, a negftz product too (FADD.FTZ R,
		 * -p, -p); y - y of one fuses its first operand (negftz) */
		if (!interp_contract_plainadd(f->ins[k]) || dead[k] ||
		    (f->ins[k]->op == OP_ADD && usedval(f->ins[k], 1) >= 0 && usedval(f->ins[k], 1) == usedval(f->ins[k], 2)))
			continue;
		if (pick[k] == 1 || pick[k] == 2) {
			if ((i = fusable(f, &p, k, pick[k], &neg)) >= 0)
				plan[k] = (i + 1) << 3 | neg << 2 | pick[k];
			continue;
		}
		if (pick[k])
			continue;
		for (int oi = 1; oi <= 2; oi++) {
			int v = usedval(f->ins[k], oi);
			if ((i = fusable(f, &p, k, oi, &neg)) >= 0 && chainok(f, &p, v)) {
				plan[k] = (i + 1) << 3 | neg << 2 | oi;
				break;
			}
		}
	}
	interp_free(cx, p.nuse);
	interp_free(cx, p.good);
	interp_free(cx, p.negok);
	interp_free(cx, dead);
	interp_free(cx, pick);
	if (keepsrc(cx, f, plan)) {
		interp_free(cx, plan);
		return NULL;
	}
	return plan;
}

/*
 * interp/contract.c -- the mul + add pairs that ptxas fuses into one fma.
 *
 * PTX lets the code generator fuse a mul and an add (or sub) that carry no
 * rounding modifier, and ptxas does so whenever it optimizes (not for a
 * module whose .target says debug, as nvcc -G writes it): the sum is then
 * rounded once.  Measured on the H100 with inline PTX
 * (tests/run/cuda/contract.cu, and the SASS ptxas makes of it):
 *   - f32, f64, f16, bf16, f16x2 and bf16x2 alike;
 *   - the add may have .sat (FFMA.SAT); the mul may not; the two must
 *     agree on .ftz; a .rn (or other rounding) on either keeps them apart;
 *   - a product is fused only when every reader of it is an add that
 *     fuses it (a product also read by a compare, say, stays a FMUL, and
 *     the adds round it), and then into each of them;
 *   - a - b*c and -(b*c) + a fuse with the product negated;
 *   - when both operands of the add are products, the first is fused and
 *     the second rounded.
 * We fuse only what we can prove: the mul (and a neg between) in the same
 * block as the add, before it, unguarded, and no register the mul reads
 * written in between, so that the fma reads the mul's operands as they
 * were.  The add then executes as an fma of the mul's sources; the mul
 * itself still runs, for its other readers.
 */
#include <string.h>
#include "interp.h"

static int
hasmod(const Ins *in, int id)
{
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] == id)
			return 1;
	return 0;
}

static int
rounded(const Ins *in)
{
	return hasmod(in, MOD_RN) || hasmod(in, MOD_RZ) || hasmod(in, MOD_RM) || hasmod(in, MOD_RP);
}

static int
debugtarget(const Module *m)
{
	for (int i = 0; i < m->ntargets; i++)
		if (strcmp(m->targets[i], "debug") == 0)
			return 1;
	return 0;
}

/* The instruction defining the register operand o of in (operand index oi),
 * or -1: its SSA value is the (oi-th register) use after the guard. */
static int
definer(const Func *f, const Ins *in, int oi)
{
	int u = in->guard ? 1 : 0;
	for (int i = in->ndst; i < oi; i++)
		if (in->opnd[i].kind == OK_REG)
			u++;
	if (in->opnd[oi].kind != OK_REG || u >= in->nuse)
		return -1;
	return f->val[in->use[u]].ins;
}

/* Is no register that fn->ins[from] reads written by fn->ins[from+1 .. to-1]? */
static int
unchanged(const Func *f, int from, int to)
{
	const Ins *p = f->ins[from];
	for (int i = from + 1; i < to; i++) {
		const Ins *q = f->ins[i];
		for (int d = 0; d < q->ndef; d++)
			for (int u = 0; u < p->nuse; u++)
				if (f->val[q->def[d]].reg == f->val[p->use[u]].reg)
					return 0;
	}
	return 1;
}

/* A plain product of add's type and .ftz, defined at index i before k in
 * k's block, whose operands still hold at k. */
static int
product(const Func *f, int i, int k)
{
	const Ins *a = f->ins[k], *p;
	if (i < 0 || i >= k)
		return 0;
	p = f->ins[i];
	return p->op == OP_MUL && p->ty[0] == a->ty[0] && !p->guard && p->nopnd == 3 && !rounded(p) &&
	    !hasmod(p, MOD_SAT) && hasmod(p, MOD_FTZ) == hasmod(a, MOD_FTZ) && p->blk == a->blk &&
	    unchanged(f, i, k);
}

/* The operand (1 or 2) of the add at k whose product it would fuse, looking
 * through a neg (*neg), or 0; *vid is the product's (or the neg's) value. */
static int
candidate(const Module *m, const Func *f, int k, int *neg, int *vid)
{
	const Ins *a = f->ins[k];
	int t = a->ty[0];

	if ((a->op != OP_ADD && a->op != OP_SUB) || a->nopnd != 3 || a->ndst != 1 || rounded(a) || debugtarget(m))
		return 0;
	if (t != TY_F32 && t != TY_F64 && t != TY_F16 && t != TY_F16X2 && t != TY_BF16 && t != TY_BF16X2)
		return 0;
	for (int oi = 1; oi <= 2; oi++) {
		int i = definer(f, a, oi);
		*neg = 0;
		if (product(f, i, k)) {
			*vid = f->ins[i]->def[0];
			return oi;
		}
		if (i >= 0 && i < k) {
			/* -(b*c): a neg of the add's type and .ftz over a product */
			const Ins *n = f->ins[i];
			int j = n->op == OP_NEG && !n->guard && n->ty[0] == t && n->blk == a->blk && n->ndef == 1 &&
			    hasmod(n, MOD_FTZ) == hasmod(a, MOD_FTZ) ? definer(f, n, 1) : -1;
			if (product(f, j, k)) {
				*neg = 1;
				*vid = n->def[0];
				return oi;
			}
		}
	}
	return 0;
}

int *
interp_contract_plan(ptx_ctx *cx, const Module *m, const Func *f)
{
	int *nuse, *good;
	int *plan;

	if (!f->built || debugtarget(m))
		return NULL;
	nuse = interp_alloc(cx, (size_t)(f->nval + 1) * sizeof *nuse);
	good = interp_alloc(cx, (size_t)(f->nval + 1) * sizeof *good);
	plan = interp_alloc(cx, (size_t)(f->nins + 1) * sizeof *plan);
	if (!nuse || !good || !plan) {
		interp_free(cx, nuse);
		interp_free(cx, good);
		interp_free(cx, plan);
		return NULL;
	}
	memset(nuse, 0, (size_t)(f->nval + 1) * sizeof *nuse);
	memset(good, 0, (size_t)(f->nval + 1) * sizeof *good);
	memset(plan, 0, (size_t)(f->nins + 1) * sizeof *plan);
	/* every reader of every value, phis included */
	for (int k = 0; k < f->nins; k++)
		for (int u = 0; u < f->ins[k]->nuse; u++)
			nuse[f->ins[k]->use[u]]++;
	for (int b = 0; b < f->nblk; b++)
		for (int p = 0; p < f->blk[b].nphi; p++)
			for (int a = 0; a < f->blk[b].phi[p].narg; a++)
				if (f->blk[b].phi[p].arg[a] >= 0)
					nuse[f->blk[b].phi[p].arg[a]]++;
	/* the adds that would fuse each value (a product, or a neg of one) */
	for (int k = 0; k < f->nins; k++) {
		int neg, vid, oi = candidate(m, f, k, &neg, &vid);
		if (oi)
			good[vid]++;
	}
	for (int k = 0; k < f->nins; k++) {
		int neg, vid, oi = candidate(m, f, k, &neg, &vid);
		int whole = oi && nuse[vid] == good[vid];
		int mul = f->val[vid].ins;
		if (whole && neg) {   /* and the product's one reader is the neg */
			mul = f->val[f->ins[mul]->use[0]].ins;
			whole = nuse[f->ins[mul]->def[0]] == 1;
		}
		if (whole)
			plan[k] = (mul + 1) << 3 | neg << 2 | oi;
	}
	interp_free(cx, nuse);
	interp_free(cx, good);
	return plan;
}

/*
 * uniform.c — divergence analysis: which values and blocks may differ
 * between threads (the findings it serves are in diverge.c).
 *
 * Every SSA value gets a level: 0 uniform across the CTA, 1 uniform within
 * each warp but not across the CTA (%warpid, %tid.x / 32, tid.x < 64), 2 may
 * differ between lanes of a warp.  Sources of divergence are %tid, %laneid,
 * %lanemask_*, clocks, atomics, volatile or relaxed loads, call results
 * and shuffles.  A plain load from a uniform address is uniform, as in
 * LLVM's divergence analysis: threads that read one location without a
 * racing write see one value (the broadcast through shared memory after a
 * barrier is the common case), and so is a volatile one of shared memory
 * that follows a CTA barrier (see afterbar).  A shuffle's result differs
 * between lanes no more than its operand does; bar.red's is the CTA's one
 * reduction.  %tid.y and %tid.z are warp-uniform under the assumption
 * TX_W32 makes, %ntid.x a multiple of 32.  Levels flow through data
 * dependence and through control dependence: a conditional branch on a
 * divergent predicate makes divergent every block between it and its
 * immediate post-dominator, and the phis at that post-dominator, where the
 * paths merge.  A branch one of whose sides exits has no post-dominator
 * inside the body: what follows runs only in the threads that did not exit,
 * which the spec still counts as divergence but which works in practice;
 * those findings go to the separate exit-barrier check.
 *
 * Loops add a third way, temporal divergence: when a loop's exit branch
 * differs between threads, they leave it in different iterations, so a
 * value defined inside the loop is, where it is read after the loop, as
 * divergent as that branch even when every iteration computes it uniformly
 * (a counter that runs to a thread-dependent bound).  Natural loops are
 * found from the back edges; a read outside a loop of a value defined inside
 * it takes the level of the loop's most divergent exit.
 *
 * Everything is about linear in the size of the body for each round of
 * the fixpoint, but for one walk that follows the nesting: a branch that
 * leaves several nested loops at once costs their number.  Natural loops
 * are kept as a forest (each block knows its innermost loop), not as a set
 * of blocks per loop, and regions are grown as sets over the whole
 * analysis rather than walked branch by branch (see region()).
 *
 * Definite and data-dependent divergence.  A branch whose predicate is
 * computed from thread indices and constants alone (`tid.x < 16`) splits
 * the threads of some CTA shape whatever the data; without .reqntid or
 * .maxntid the kernel may be launched with any block up to 1024 threads,
 * as nvcc assumes, so such a branch is reported with the CTA widths it
 * splits.  Where .reqntid/.maxntid bound %tid.x, a comparison of %tid.x
 * with a constant that every possible thread passes (or fails) is uniform,
 * and so are %tid.x >> k and %tid.x / k where they are 0 in every thread.
 * A kernel's parameters and the grid's shape count as inputs of such a
 * predicate too: `if (tid.x >= n) return;` before a barrier is a bug for
 * every n smaller than the block, whatever memory holds; so do the results
 * of atomics (each thread sees the location at another moment) and loop
 * counters stepped by such values from such a start (the grid-stride
 * loop, see induct).  A branch on loaded data splits the threads only for
 * some memory contents: the divergent-barrier and exit-barrier findings of
 * CTA barriers it causes go to -Wmaybe-divergent, off by default, because
 * library code branches on values every thread loads alike (a row length
 * read per lane, a flag of a spin loop) and the CTA in fact stays
 * together; a full-mask warp collective under it is reported all the same
 * (diverge.c's fullmask() says why).  A division by a value that is not a constant is counted with
 * the data: whether `global index / n` splits a CTA is whether the launch
 * makes the CTA a multiple of n.
 *
 * .func parameters are assumed uniform: a callee cannot see its call sites'
 * divergence, and assuming the worst would flag every helper.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "uniform.h"

/* Whether loop l contains block b. */
static int
inloop(const U *u, int l, int b)
{
	int x = u->inner[b];
	return x >= 0 && u->loop[l].pre <= u->loop[x].pre && u->loop[x].pre <= u->loop[l].last;
}

/* The loops whose level is at least k, for the innermost such loop around
 * a loop, while levels rise: a tree over the forest's preorder whose node
 * holds the deepest such loop whose interval covers the node's.  Setting a
 * loop touches the O(log) nodes of its interval, finding one the path up
 * from a leaf: the loops that cover a point are nested, so the deepest one
 * met is the innermost. */
static void
setmark(U *u, int k, int l)
{
	int *t = u->mark[k - 1];
	int lo = u->loop[l].pre + u->nseg, hi = u->loop[l].last + u->nseg + 1;

	for (; lo < hi; lo /= 2, hi /= 2) {
		if (lo & 1) {
			if (t[lo] < 0 || u->loop[t[lo]].depth < u->loop[l].depth)
				t[lo] = l;
			lo++;
		}
		if (hi & 1) {
			hi--;
			if (t[hi] < 0 || u->loop[t[hi]].depth < u->loop[l].depth)
				t[hi] = l;
		}
	}
}

static int
marked(const U *u, int k, int l)
{
	const int *t = u->mark[k - 1];
	int best = -1;

	for (int c = u->loop[l].pre + u->nseg; c >= 1; c /= 2)
		if (t[c] >= 0 && (best < 0 || u->loop[t[c]].depth > u->loop[best].depth))
			best = t[c];
	return best;
}

/* The level a value defined in block def has when read in block use: its
 * own, raised by every loop it leaves on the way whose exit is divergent. */
static int
temporal(const U *u, int val, int use)
{
	const Val *vl = &u->fn->val[val];
	int m = u->lv[val];

	if (vl->ins < 0 && vl->phi < 0)
		return m;       /* an entry value: defined before any loop */
	/* the loops around the definition that do not hold the use are the
	 * innermost ones, up to the first that holds it: one of them is at
	 * least k when the innermost loop of level k around it is one */
	if (!u->inner || u->inner[vl->blk] < 0)
		return m;       /* (no loops: the analysis did not run) */
	for (int k = 2; k > m; k--) {
		int l = marked(u, k, u->inner[vl->blk]);
		if (l >= 0 && !inloop(u, l, use))
			return k;
	}
	return m;
}

static int
sreglevel(const Opnd *o, int *istidx)
{
	const char *n = o->sym->name;

	*istidx = 0;
	if (!strcmp(n, "%tid")) {
		*istidx = o->sel == SEL_X || o->sel == SEL_NONE ? TX_COPY : 0;
		/* with %ntid.x a multiple of 32 (see TX_W32) a warp's threads
		 * share %tid.y and %tid.z */
		return o->sel == SEL_Y || o->sel == SEL_Z ? 1 : 2;
	}
	if (!strcmp(n, "%ntid") && (o->sel == SEL_X || o->sel == SEL_NONE))
		*istidx = TX_M32;
	if (!strcmp(n, "%warpid"))
		return 1;
	if (!strcmp(n, "%laneid") || !strncmp(n, "%lanemask", 9) || !strncmp(n, "%clock", 6) ||
	    !strncmp(n, "%globaltimer", 12) || !strcmp(n, "%smid") || !strncmp(n, "%pm", 3))
		return 2;
	return 0;
}

static int pow32(int64_t x);

/* The level, ignoring its own, that a value defined in block def's loops
 * gets where block use reads it: that of the most divergent exit of a
 * loop around def but not around use (see temporal). */
static int
leaves(const U *u, int val, int use)
{
	const Val *vl = &u->fn->val[val];

	if ((vl->ins < 0 && vl->phi < 0) || !u->inner || u->inner[vl->blk] < 0)
		return 0;
	for (int k = 2; k > 0; k--) {
		int l = marked(u, k, u->inner[vl->blk]);
		if (l >= 0 && !inloop(u, l, use))
			return k;
	}
	return 0;
}

/*
 * Lane terms that cancel.  cub's decoupled look-back walks the tiles
 * before its own one lane apiece: lane i looks at tile t - 1 - i, then 32
 * further back each round, and the loop's test `t - 1 - i + i >= 0` or
 * `p > ~i` (p counting down from t + ~i) holds in every lane or in none.
 * A value is taken apart as k * a + r: a the one divergent value it grows
 * with (its atom), k a constant and r terms of level 0 or 1, through
 * copies, widening conversions, not, add, sub, multiplication and shifts
 * by constants, and once through a loop header's phi whose back edges add
 * only such terms to it (the phi stands for itself on the way round).  A
 * comparison of two values with the same atom and factor compares terms of
 * level 0 or 1 alone.  Wrapping is not considered: these are indices.
 */
typedef struct {
	int atom;           /* value id; -1: none (k 0), -2: the phi being taken apart, -3: an
	                     * operand not taken apart, -10 %laneid, -11 %tid.x */
	int64_t k;
	int lv;             /* the highest level of the other terms */
} Lin;

static int linof(U *u, Ins *in, const Opnd *o, int hdr, int *budget, Lin *r);

static int lin1(U *u, int val, int hdr, int *budget, Lin *r);

/* A value not taken apart is its own atom, or, where its level is 0 or
 * 1, one of the other terms.  (The levels rise while solve() runs, and a
 * term taken for uniform too early only makes this round's answer lower
 * than the last one's, which solve() then raises: decomposing by the
 * definitions, not by the levels, keeps each round's answer from going
 * the other way.) */
static int
lin(U *u, int val, int hdr, int *budget, Lin *r)
{
	lin1(u, val, hdr, budget, r);
	if (r->atom == val && r->k == 1 && u->lv[val] <= 1)
		*r = (Lin){ -1, 0, u->lv[val] };
	return 1;
}

static int
lin1(U *u, int val, int hdr, int *budget, Lin *r)
{
	Func *fn = u->fn;
	Ins *d;
	Lin x, y;

	*r = (Lin){ val, 1, 0 };
	if (val == hdr && hdr >= 0) {
		r->atom = -2;
		return 1;
	}
	if (--*budget <= 0 || val < 0 || val >= fn->nval || verify_isentry(fn, val))
		return 1;
	if (fn->val[val].phi >= 0) {
		const Val *va = &fn->val[val];
		const Phi *ph = &fn->blk[va->blk].phi[va->phi];
		Lin m = { -1, 0, 0 };
		int own = 0;
		if (hdr >= 0 || u->stoplv[va->blk] > 0)
			return 1;
		for (int k = 0; k < ph->narg; k++) {
			if (ph->arg[k] < 0 || leaves(u, ph->arg[k], va->blk))
				return 1;
			lin(u, ph->arg[k], val, budget, &x);
			if (x.atom == -3)
				return 1;
			if (x.atom == -2 && x.k == 1) {
				own = 1;
			} else if (x.atom == -2 || (m.atom != -1 && (x.atom != m.atom || x.k != m.k))) {
				return 1;
			} else {
				m.atom = x.atom, m.k = x.k;
			}
			m.lv = x.lv > m.lv ? x.lv : m.lv;
		}
		if (own && m.atom != -1)
			*r = m;
		return 1;
	}
	d = verify_defins(fn, val);
	if (!d || d->guard || d->ndef != 1 || ir_hasmod(d, MOD_SAT) || ir_hasmod(d, MOD_CC))
		return 1;
	switch (d->op) {
	case OP_MOV:
		if (d->nopnd == 2 && d->opnd[1].kind == OK_REG)
			linof(u, d, &d->opnd[1], hdr, budget, r);
		return 1;
	case OP_CVT:
		if (d->nopnd == 2 && d->nty == 2 && verify_kind(d->ty[0]) == verify_kind(d->ty[1]) &&
		    (verify_kind(d->ty[0]) == TK_UINT || verify_kind(d->ty[0]) == TK_SINT) &&
		    verify_bits(d->ty[0]) >= verify_bits(d->ty[1]))
			linof(u, d, &d->opnd[1], hdr, budget, r);
		return 1;
	case OP_NOT:
		if (d->nopnd == 2 && verify_kind(d->ty[0]) != TK_PRED && linof(u, d, &d->opnd[1], hdr, budget, &x) &&
		    x.atom != -3)
			*r = (Lin){ x.atom, -x.k, x.lv };    /* ~a is -a - 1 */
		return 1;
	case OP_ADD: case OP_SUB:
		if (d->nopnd != 3)
			return 1;
		linof(u, d, &d->opnd[1], hdr, budget, &x);
		linof(u, d, &d->opnd[2], hdr, budget, &y);
		if ((x.k != 0 && x.atom == -3) || (y.k != 0 && y.atom == -3))
			return 1;
		if (d->op == OP_SUB)
			y.k = -y.k;
		if (x.k != 0 && y.k != 0 && x.atom != y.atom)
			return 1;
		r->atom = x.k != 0 ? x.atom : y.atom;
		r->k = x.atom == y.atom || x.k == 0 || y.k == 0 ? x.k + y.k : 0;
		r->lv = x.lv > y.lv ? x.lv : y.lv;
		if (r->k == 0)
			r->atom = -1;
		return 1;
	case OP_MUL: case OP_SHL:
		if (d->nopnd != 3 || d->opnd[2].kind != OK_IMM || (d->op == OP_MUL && !ir_hasmod(d, MOD_LO)) ||
		    (d->op == OP_SHL && (d->opnd[2].imm < 0 || d->opnd[2].imm > 30)) ||
		    d->opnd[2].imm < -(1 << 20) || d->opnd[2].imm > (1 << 20))
			return 1;
		linof(u, d, &d->opnd[1], hdr, budget, &x);
		if (x.atom == -2 || x.atom == -3 || x.k < -(1 << 20) || x.k > (1 << 20))
			return 1;
		*r = x;
		r->k *= d->op == OP_MUL ? d->opnd[2].imm : (int64_t)1 << d->opnd[2].imm;
		return 1;
	}
	return 1;
}

/* lin() of operand o of in: an immediate or a value of level 0 or 1 is all
 * other terms.  Returns 1. */
static int
linof(U *u, Ins *in, const Opnd *o, int hdr, int *budget, Lin *r)
{
	int t, l = uniform_oplevel(u, in, o, &t), val;

	if (o->kind == OK_IMM || (o->kind == OK_REG && o->sym && o->sym->kind == SYM_SREG && l <= 1)) {
		*r = (Lin){ -1, 0, l };
		return 1;
	}
	if (o->kind == OK_REG && o->sym && o->sym->kind == SYM_SREG && !strcmp(o->sym->name, "%laneid")) {
		*r = (Lin){ -10, 1, 0 };
		return 1;
	}
	if (o->kind == OK_REG && o->sym && o->sym->kind == SYM_SREG && !strcmp(o->sym->name, "%tid") &&
	    (o->sel == SEL_X || o->sel == SEL_NONE)) {
		*r = (Lin){ -11, 1, 0 };
		return 1;
	}
	if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG || (val = verify_useof(in, o)) < 0) {
		*r = (Lin){ -3, 1, 0 };     /* an atom of its own */
		return 1;
	}
	if (leaves(u, val, in->blk)) {
		*r = (Lin){ val, 1, 0 };
		return 1;
	}
	return lin(u, val, hdr, budget, r);
}

/* The level of a comparison of two values whose divergent parts cancel, or
 * -1. */
static int
diffuniform(U *u, Ins *in)
{
	Lin x, y;
	int t, budget = 64;

	if (uniform_oplevel(u, in, &in->opnd[1], &t) < 2 && uniform_oplevel(u, in, &in->opnd[2], &t) < 2)
		return -1;
	linof(u, in, &in->opnd[1], -1, &budget, &x);
	linof(u, in, &in->opnd[2], -1, &budget, &y);
	if (budget <= 0 || x.atom == -2 || x.atom == -3 || y.atom == -2 || y.atom == -3 || x.k != y.k ||
	    (x.k != 0 && x.atom != y.atom))
		return -1;
	return x.lv > y.lv ? x.lv : y.lv;
}

/* Whether the full CTA barrier a plain, unguarded bar.sync or
 * barrier.sync is. */
static int
ctasync(const Ins *in)
{
	return !in->guard && in->nopnd == 1 && (in->op == OP_BAR_SYNC || in->op == OP_BAR_CTA_SYNC ||
	    in->op == OP_BARRIER_SYNC || in->op == OP_BARRIER_CTA_SYNC);
}

/* Whether generic load in reads through a cvta.shared of its own (nvcc -G
 * makes every shared access generic so). */
static int
genshared(const Func *fn, const Ins *in)
{
	const Opnd *a = in->nopnd >= 2 ? &in->opnd[1] : NULL;
	Ins *d;

	if ((in->space != SP_NONE && in->space != SP_GENERIC) || !a || a->kind != OK_ADDR || !a->base ||
	    a->base->kind != OK_REG || !a->base->sym || a->base->sym->kind != SYM_REG)
		return 0;
	d = verify_defins((Func *)fn, verify_useof((Ins *)in, a->base));
	return d && d->op == OP_CVTA && d->space == SP_SHARED && !ir_hasmod(d, MOD_TO);
}

/* Whether the volatile (or relaxed, acquire) load in of shared memory
 * follows a CTA barrier with no store, atomic or call of this thread
 * between, along the one path into its block.  Such a load of a uniform
 * address is the read side of a broadcast (one thread stores, the CTA
 * syncs, every thread reads): with no racing write every thread sees the
 * one value, as for a plain load.  The volatile only keeps the compiler
 * from caching it across the barrier; a spin loop on a flag has no
 * barrier before its read and stays divergent. */
static int
afterbar(const Func *fn, const Ins *in)
{
	int b, i, budget = 64;

	if (in->ndef < 1 || in->def[0] < 0 || in->blk < 0 || (in->space != SP_SHARED && !genshared(fn, in)))
		return 0;
	b = in->blk;
	i = fn->val[in->def[0]].ins;
	if (i < 0 || fn->ins[i] != in)
		return 0;
	for (;;) {
		while (--i >= fn->blk[b].i0) {
			const Ins *x = fn->ins[i];
			unsigned fl = ir_opinfo[x->op].flags;
			if (ctasync(x))
				return 1;
			if ((fl & (OF_STORE | OF_ATOM | OF_CALL | OF_BAR | OF_ASYNC)) || --budget <= 0)
				return 0;
		}
		if (fn->blk[b].npred != 1 || --budget <= 0)
			return 0;
		b = fn->blk[b].pred[0];
		i = fn->blk[b].i1;
	}
}

/* The level of the one operand o of in. */
int
uniform_oplevel(U *u, Ins *in, const Opnd *o, int *istidx)
{
	int val, t = 0;

	*istidx = 0;
	switch (o->kind) {
	case OK_IMM:
		*istidx = pow32(o->imm) ? TX_M32 : 0;
		return 0;
	case OK_REG:
		if (o->sym && o->sym->kind == SYM_SREG)
			return sreglevel(o, istidx);
		val = verify_useof(in, o);
		if (val < 0)
			return 0;
		*istidx = u->tidx[val];
		return temporal(u, val, in->blk);
	case OK_ADDR: case OK_VEC: case OK_NOT: case OK_PAIR: case OK_LIST: {
		int m = 0;
		if (o->base)
			m = uniform_oplevel(u, in, o->base, &t);
		for (int k = 0; k < o->nsub; k++) {
			int x = uniform_oplevel(u, in, &o->sub[k], &t);
			m = x > m ? x : m;
		}
		*istidx = 0;
		return m;
	}
	}
	return 0;
}

/* The arithmetic an induction variable steps by (see induct). */
static int
stepop(int op)
{
	return op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_MAD || op == OP_SHL || op == OP_SHR ||
	    op == OP_MOV || op == OP_CVT || op == OP_AND || op == OP_OR || op == OP_XOR || op == OP_MIN ||
	    op == OP_MAX || op == OP_NEG;
}

/* Thread indices and launch shape: what a pure value may be computed from. */
static int
puresreg(const Opnd *o)
{
	const char *n = o->sym->name;

	return !strcmp(n, "%tid") || !strcmp(n, "%laneid") || !strcmp(n, "%warpid") || !strcmp(n, "%ntid") ||
	    !strncmp(n, "%lanemask", 9) || !strcmp(n, "%ctaid") || !strcmp(n, "%nctaid") ||
	    !strncmp(n, "%cluster", 8) || !strcmp(n, "%nclusterid") || !strcmp(n, "%is_explicit_cluster");
}

static int
sregspure(const Opnd *o)
{
	if (o->kind == OK_REG && o->sym && o->sym->kind == SYM_SREG)
		return puresreg(o);
	if (o->kind == OK_SYM || o->kind == OK_EXPR)
		return 0;
	if (o->base && !sregspure(o->base))
		return 0;
	for (int k = 0; k < o->nsub; k++)
		if (!sregspure(&o->sub[k]))
			return 0;
	return 1;
}

/* Whether every source of in is an immediate, a thread index or a pure value. */
static int
inspure(U *u, Ins *in)
{
	Opnd *r[64];
	unsigned fl = ir_opinfo[in->op].flags;
	int n;

	/* a kernel's parameter is an input of the launch like its shape */
	if (in->op == OP_LD && in->space == SP_PARAM && u->fn->entry && !in->guard)
		return 1;
	/* an atomic's result differs between the threads that run it
	 * whatever memory holds: each sees the location at another moment */
	if ((fl & OF_ATOM) && !in->guard)
		return 1;
	if (fl & (OF_LOAD | OF_ATOM | OF_CALL | OF_TEX) || in->op == OP_LD || in->op == OP_LDU)
		return 0;
	for (int k = in->ndst; k < in->nopnd; k++)
		if (!sregspure(&in->opnd[k]))
			return 0;
	/* `(ctaid.x * 128 + tid.x) / n`, n a parameter: whether that splits
	 * a CTA is whether the launch makes the CTA a multiple of n, which
	 * the caller arranges (cuRAND's generators) */
	if ((in->op == OP_DIV || in->op == OP_REM) && in->nopnd == 3 && in->opnd[2].kind != OK_IMM)
		return 0;
	n = verify_reads(in, r, 64);
	if (n > in->nuse)
		return 0;
	/* `lane < 8 && v > 0`: the thread-dependent half splits the threads
	 * wherever the data lets it decide, as it must for some data */
	if ((in->op == OP_AND || in->op == OP_OR) && in->ty[0] == TY_PRED && !in->guard) {
		for (int k = 0; k < n; k++) {
			int val = in->use[k];
			if (val >= 0 && !verify_isentry(u->fn, val) && u->pure[val] && u->lv[val] > 0)
				return 1;
		}
		return 0;
	}
	for (int k = 0; k < n; k++) {
		int val = in->use[k];
		if (val < 0 || verify_isentry(u->fn, val) || !u->pure[val])
			return 0;
	}
	return 1;
}

/* The %tid.x bound .reqntid or .maxntid gives (threads have %tid.x < it), or 0. */
static int64_t
ntidx(const Func *fn)
{
	if (fn->nreqntid)
		return fn->reqntid[0];
	if (fn->nmaxntid)
		return fn->maxntid[0];
	return 0;
}

/* setp of %tid.x against constant k: 1 when its result is the same for every
 * %tid.x in [0, n), where n is what the launch bounds allow. */
static int
tidconst(const Func *fn, const Ins *in, int64_t k)
{
	int64_t n = ntidx(fn);

	if (n <= 0)
		return 0;
	if (ir_hasmod(in, MOD_LT) || ir_hasmod(in, MOD_LO) || ir_hasmod(in, MOD_GE) || ir_hasmod(in, MOD_HS))
		return k <= 0 || n <= k;
	if (ir_hasmod(in, MOD_LE) || ir_hasmod(in, MOD_LS) || ir_hasmod(in, MOD_GT) || ir_hasmod(in, MOD_HI))
		return k < 0 || n - 1 <= k;
	if (ir_hasmod(in, MOD_EQ) || ir_hasmod(in, MOD_NE))
		return k < 0 || k >= n || n == 1;
	return 0;
}

static int
pow32(int64_t x)
{
	return x > 0 && x % 32 == 0;
}

/* Whether the second operand of in is %tid.x & 31 (or of a TX_W32 value:
 * the same low bits). */
static int
lanebits(U *u, Ins *in)
{
	Ins *d = verify_defins(u->fn, verify_useof(in, &in->opnd[2]));
	int t;

	if (!d || d->op != OP_AND || d->guard || d->nopnd != 3 || d->opnd[1].kind != OK_REG ||
	    d->opnd[2].kind != OK_IMM || d->opnd[2].imm != 31)
		return 0;
	uniform_oplevel(u, d, &d->opnd[1], &t);
	return (t & (TX_COPY | TX_W32)) != 0;
}

/* Whether and-instruction in's register operand is %tid.x (or TX_W32)
 * shifted left by s, and mask k clears its low s + 5 bits. */
static int
shlw32(U *u, Ins *in, int64_t k)
{
	Ins *d = verify_defins(u->fn, verify_useof(in, &in->opnd[1]));
	int t;

	if (!d || d->op != OP_SHL || d->guard || d->nopnd != 3 || d->opnd[2].kind != OK_IMM ||
	    d->opnd[2].imm < 0 || d->opnd[2].imm > 26)
		return 0;
	uniform_oplevel(u, d, &d->opnd[1], &t);
	return (t & (TX_COPY | TX_W32)) && (k & (((int64_t)32 << d->opnd[2].imm) - 1)) == 0;
}

/* Whether setp in tests a match.any result for equality with the whole
 * warp (-1) or with the match's own member mask: each lane's result names
 * the lanes holding its value, which is every member in every lane or in
 * none, so the test is the warp's one answer (cooperative groups'
 * partitions test it so before a full-mask shuffle). */
static int
matchall(Func *fn, Ins *in)
{
	if (in->nopnd != 3 || in->guard || !(ir_hasmod(in, MOD_EQ) || ir_hasmod(in, MOD_NE)))
		return 0;
	for (int k = 1; k <= 2; k++) {
		Opnd *a = &in->opnd[k], *b = &in->opnd[3 - k];
		Ins *d = a->kind == OK_REG ? verify_defins(fn, verify_useof(in, a)) : NULL;
		int bv;
		if (!d || d->op != OP_MATCH || d->guard || d->nopnd != 3 || !ir_hasmod(d, MOD_ANY))
			continue;
		if (b->kind == OK_IMM && (uint32_t)b->imm == 0xffffffffu)
			return 1;
		if (b->kind == OK_REG && d->opnd[2].kind == OK_REG && (bv = verify_useof(in, b)) >= 0 &&
		    bv == verify_useof(d, &d->opnd[2]))
			return 1;
	}
	return 0;
}

/* Level of the values in defines; *tid set when it copies %tid.x. */
static int
inslevel(U *u, Ins *in, int *tid)
{
	unsigned fl = ir_opinfo[in->op].flags;
	int m = 0, t;

	*tid = 0;
	if ((in->op == OP_LD || in->op == OP_LDU) && ((!ir_hasmod(in, MOD_VOLATILE) &&
	    !ir_hasmod(in, MOD_RELAXED) && !ir_hasmod(in, MOD_ACQUIRE)) || afterbar(u->fn, in))) {
		;   /* uniform if its address is: fall through to the operands */
	} else if (fl & (OF_LOAD | OF_ATOM | OF_CALL | OF_TEX)) {
		return 2;
	} else if (in->op == OP_SHFL_SYNC && in->nopnd == 5) {
		/* each lane gets another lane's operand: the result differs
		 * between lanes no more than the operand does, and .idx from a
		 * lane the warp agrees on gives the warp one value */
		m = uniform_oplevel(u, in, &in->opnd[1], &t);
		if (m > 1 && ir_hasmod(in, MOD_IDX) && uniform_oplevel(u, in, &in->opnd[2], &t) < 2)
			m = 1;
	} else if (in->op == OP_SHFL || in->op == OP_SHFL_SYNC || in->op == OP_ACTIVEMASK || in->op == OP_MATCH) {
		return 2;
	} else if (in->op == OP_VOTE || in->op == OP_VOTE_SYNC || in->op == OP_REDUX_SYNC) {
		return 1;
	} else if (in->op == OP_BAR_RED || in->op == OP_BAR_CTA_RED || in->op == OP_BARRIER_RED ||
	    in->op == OP_BARRIER_CTA_RED) {
		return 0;       /* every thread that takes part gets the one reduction */
	} else if (in->op == OP_SETP && in->nopnd == 3 && !in->guard && (t = diffuniform(u, in)) >= 0) {
		return t;
	} else if (in->op == OP_SETP && matchall(u->fn, in)) {
		return 1;
	}
	for (int i = in->ndst; i < in->nopnd && in->op != OP_SHFL_SYNC; i++) {
		int x = uniform_oplevel(u, in, &in->opnd[i], &t);
		m = x > m ? x : m;
	}
	if (in->guard) {
		int x = uniform_oplevel(u, in, in->guard, &t);
		m = x > m ? x : m;
	}
	if (in->blk >= 0) {
		int x = u->bj[in->blk] > u->bx[in->blk] ? u->bj[in->blk] : u->bx[in->blk];
		if (in->guard && x > m)
			m = x;  /* a guarded write keeps the old value where the guard is false */
	}
	/* warp-uniform forms of %tid.x: tid.x >> 5.., tid.x / 32k, tid.x < 32k */
	if (in->nopnd == 3 && in->opnd[1].kind == OK_REG && in->opnd[2].kind == OK_IMM) {
		int a = uniform_oplevel(u, in, &in->opnd[1], &t);
		int64_t k = in->opnd[2].imm;
		(void)a;
		/* tid.x >> k and tid.x / k are 0 in every thread when the launch
		 * bounds keep %tid.x below 2^k or k (cuBLAS's `tid.x >> 7` under
		 * .maxntid 128): uniform */
		if (t == TX_COPY && !in->guard && ntidx(u->fn) > 0 &&
		    ((in->op == OP_SHR && k >= 0 && k < 62 && ntidx(u->fn) <= ((int64_t)1 << k)) ||
		     (in->op == OP_DIV && k > 0 && ntidx(u->fn) <= k)))
			return 0;
		if ((t & (TX_COPY | TX_W32)) && ((in->op == OP_SHR && k >= 5) || (in->op == OP_DIV && pow32(k)) ||
		    (in->op == OP_AND && (k & 31) == 0)))
			return 1;
		/* (tid.x << s) & k with the low s + 5 bits of k clear: the
		 * warp's first lane scaled (cub's warp-striped offsets) */
		if (in->op == OP_AND && !in->guard && shlw32(u, in, k))
			return 1;
		if (t == TX_COPY && in->op == OP_SETP && !in->guard && tidconst(u->fn, in, k))
			return 0;
		if ((t & (TX_COPY | TX_W32)) && in->op == OP_SETP && ((pow32(k) &&
		    (ir_hasmod(in, MOD_LT) || ir_hasmod(in, MOD_GE) || ir_hasmod(in, MOD_LO) ||
		    ir_hasmod(in, MOD_HS))) || (k < INT64_MAX && pow32(k + 1) &&
		    (ir_hasmod(in, MOD_LE) || ir_hasmod(in, MOD_GT) || ir_hasmod(in, MOD_LS) ||
		    ir_hasmod(in, MOD_HI)))))
			return in->guard ? m : 1;
	}
	/* i - (tid.x & 31), i = tid.x plus a multiple of 32: the index of the
	 * warp's first thread (cuSPARSE's `if (warp's first >= n) return`) */
	if (in->op == OP_SUB && in->nopnd == 3 && !in->guard && in->opnd[1].kind == OK_REG &&
	    in->opnd[2].kind == OK_REG && lanebits(u, in)) {
		uniform_oplevel(u, in, &in->opnd[1], &t);
		if (t & (TX_COPY | TX_W32))
			return 1;
	}
	/* tid.x < n rounded up to 32 (`(n + 31) & -32`, cuSPARSE's gathers):
	 * a warp's lanes fall on one side of a multiple of 32 */
	if (in->op == OP_SETP && in->nopnd == 3 && in->opnd[1].kind == OK_REG && in->opnd[2].kind == OK_REG) {
		int x1, x2, l1 = uniform_oplevel(u, in, &in->opnd[1], &x1), l2 = uniform_oplevel(u, in, &in->opnd[2], &x2);
		int ltge = ir_hasmod(in, MOD_LT) || ir_hasmod(in, MOD_GE) || ir_hasmod(in, MOD_LO) ||
		    ir_hasmod(in, MOD_HS);
		int legt = ir_hasmod(in, MOD_LE) || ir_hasmod(in, MOD_GT) || ir_hasmod(in, MOD_LS) ||
		    ir_hasmod(in, MOD_HI);
		/* tid < m, tid >= m; m <= tid, m > tid */
		if ((ltge && (x1 & (TX_COPY | TX_W32)) && l2 == 0 && (x2 & TX_M32)) ||
		    (legt && (x2 & (TX_COPY | TX_W32)) && l1 == 0 && (x1 & TX_M32)))
			return in->guard ? m : 1;
	}
	if ((in->op == OP_MOV || in->op == OP_CVT) && in->nopnd == 2 && !in->guard) {
		uniform_oplevel(u, in, &in->opnd[1], &t);
		*tid = t;
	} else if (!in->guard && in->op == OP_AND && in->nopnd == 3 && in->opnd[2].kind == OK_IMM &&
	    (in->opnd[2].imm & 31) == 0 && uniform_oplevel(u, in, &in->opnd[1], &t) == 0) {
		*tid = TX_M32;  /* a uniform value rounded down to a multiple of 32 */
	} else if (!in->guard && (in->op == OP_ADD || in->op == OP_MUL || in->op == OP_SHL || in->op == OP_MAD) &&
	    in->nopnd == (in->op == OP_MAD ? 4 : 3) && (in->op == OP_ADD || in->op == OP_SHL ||
	    ir_hasmod(in, MOD_LO) || ir_hasmod(in, MOD_WIDE))) {
		int l[3], x[3], n = in->nopnd - 1;
		for (int i = 0; i < n; i++)
			l[i] = uniform_oplevel(u, in, &in->opnd[i + 1], &x[i]);
		/* the product's terms: a multiple of 32 times anything uniform */
		int prod = in->op == OP_ADD ? -1 : in->op == OP_SHL ?
		    (l[0] == 0 && l[1] == 0 && ((x[0] & TX_M32) || (in->opnd[2].kind == OK_IMM && in->opnd[2].imm >= 5))) :
		    (l[0] == 0 && l[1] == 0 && ((x[0] | x[1]) & TX_M32));
		int a = in->op == OP_ADD ? 0 : in->op == OP_MAD ? 2 : -1;   /* the addend */
		if (in->op == OP_ADD && l[0] == 0 && l[1] == 0 && (x[0] & x[1] & TX_M32))
			*tid = TX_M32;
		else if (in->op == OP_ADD && ((x[0] & (TX_COPY | TX_W32)) && l[1] == 0 && (x[1] & TX_M32)))
			*tid = TX_W32;
		else if (in->op == OP_ADD && ((x[1] & (TX_COPY | TX_W32)) && l[0] == 0 && (x[0] & TX_M32)))
			*tid = TX_W32;
		else if (a < 0 && prod > 0)
			*tid = TX_M32;
		else if (a == 2 && prod > 0 && (x[2] & (TX_COPY | TX_W32)))
			*tid = TX_W32;
		else if (a == 2 && prod > 0 && l[2] == 0 && (x[2] & TX_M32))
			*tid = TX_M32;
	}
	return m;
}

/* Whether block b does nothing but leave the function (ret or exit): the
 * common exit block nvcc gives an early `return` and the end of the body. */
static int
onlyexits(const Func *fn, int b)
{
	const Blk *k = &fn->blk[b];

	if (k->nsucc || k->i1 <= k->i0)
		return 0;
	for (int i = k->i0; i < k->i1; i++)
		if (fn->ins[i]->op != OP_RET && fn->ins[i]->op != OP_EXIT)
			return 0;
	return 1;
}

/* Whether block x is stop, or leads to it through blocks that only jump
 * (at -G nvcc routes an early return through such a block). */
static int
passes(const Func *fn, int x, int stop)
{
	for (int step = 0; step < 16 && x >= 0; step++) {
		const Blk *k = &fn->blk[x];
		if (x == stop)
			return 1;
		if (k->nsucc != 1)
			return 0;
		for (int i = k->i0; i < k->i1; i++)
			if (fn->ins[i]->op != OP_BRA || fn->ins[i]->guard)
				return 0;
		x = k->succ[0];
	}
	return 0;
}

/*
 * Marks the blocks control-dependent on the branch ending block b: those
 * reachable from its successors without passing its immediate
 * post-dominator P (its region).  A branch one side of which jumps
 * straight to a block that only leaves the function (nvcc's shared exit
 * block for an early `return`) divides threads that exit from threads that
 * go on: that is exit divergence (bx), as when the post-dominator lies
 * outside the body.  Paths that each do work before meeting at the exit
 * stay join divergence (bj).
 *
 * Walking each region took the sum of their sizes, quadratic for nested
 * loops.  Instead: every path from a block x to P passes ipdom(x) first
 * (else ipdom(x) and P would post-dominate each other), so the region of
 * b is, for each successor w, the post-dominator tree path from w up to,
 * not including, P, and from each block x on it the same again with
 * ipdom(x) for P (the blocks control-dependent on x).  The blocks tagged at
 * least k in one tag array (bj or bx; from any branch or from branches on
 * pure predicates alone) are the union of such regions, a set that only
 * grows: it is kept as a union-find over the post-dominator tree whose
 * find gives the nearest ancestor not yet in the set, so each block joins
 * each of the eight sets once and its successors are looked at then.
 */
static int
pfind(int *j, int x)
{
	while (j[x] != x) {
		j[x] = j[j[x]];
		x = j[x];
	}
	return x;
}

/* Adds to the set of blocks tagged at least k in bx (or bj), by branches
 * on pure predicates alone when pure is set, the region of block b: the
 * tree paths from its successors up to ipdom(b), then, for each block
 * that joins, its own region.  A block that joins records cause as the
 * branch behind its tag unless an earlier one is recorded.  1 when a tag
 * rose. */
static int
grow(U *u, int bx, int pure, int k, int b, int cause)
{
	Func *fn = u->fn;
	int *j = u->jump[bx][pure][k - 1], *why = u->why[bx][pure][k - 1];
	unsigned char *tag = pure ? (bx ? u->dx : u->dj) : (bx ? u->bx : u->bj);
	int nb = fn->nblk, n = 0, changed = 0, x = b;

	for (;;) {
		Blk *bk = &fn->blk[x];
		int top = bk->ipdom < 0 ? nb : bk->ipdom;
		for (int s = 0; s < bk->nsucc; s++)
			for (int y = pfind(j, bk->succ[s]); u->pdep[y] > u->pdep[top]; y = pfind(j, y)) {
				j[y] = fn->blk[y].ipdom < 0 ? nb : fn->blk[y].ipdom;
				if (why[y] < 0)
					why[y] = cause;
				if (tag[y] < k) {
					tag[y] = (unsigned char)k;
					changed = 1;
				}
				u->work[n++] = y;
			}
		if (n == 0)
			return changed;
		x = u->work[--n];
	}
}

static int
region(U *u, int b, int lv, int def, int cause)
{
	Func *fn = u->fn;
	int stop = fn->blk[b].ipdom, changed = 0, direct = 0, bx;

	for (int k = 0; k < fn->blk[b].nsucc; k++)
		direct |= passes(fn, fn->blk[b].succ[k], stop);
	bx = stop < 0 || (direct && onlyexits(fn, stop));
	for (int k = lv; k >= 1; k--) {
		changed |= grow(u, bx, 0, k, b, cause);
		if (def)
			changed |= grow(u, bx, 1, k, b, cause);
	}
	/* the merge point's phis see values from divergent paths */
	if (stop >= 0 && u->stoplv[stop] < lv) {
		u->stoplv[stop] = (unsigned char)lv;
		for (int p = 0; p < fn->blk[stop].nphi; p++) {
			int d = fn->blk[stop].phi[p].def;
			if (u->lv[d] < lv) {
				u->lv[d] = (unsigned char)lv;
				changed = 1;
			}
		}
	}
	return changed;
}

/* Depths in the post-dominator tree, the virtual exit (nb) at 0: each
 * chain is climbed to a known depth, then numbered on the way back. */
static void
pdepths(U *u)
{
	Func *fn = u->fn;
	int nb = fn->nblk;

	for (int b = 0; b < nb; b++)
		u->pdep[b] = -1;
	u->pdep[nb] = 0;
	for (int b = 0; b < nb; b++) {
		int n = 0, x = b;
		while (u->pdep[x] < 0) {
			u->work[n++] = x;
			x = fn->blk[x].ipdom < 0 ? nb : fn->blk[x].ipdom;
		}
		while (n > 0) {
			int y = u->work[--n];
			u->pdep[y] = u->pdep[x] + 1;
			x = y;
		}
	}
}

/* Raises block y to level lv in the reach of guarded exits (pure ones or
 * all) and in bx (dx); pushes it on u->work when it rose.  1 when a tag
 * rose. */
static int
reach(U *u, int def, int lv, int y, int cause, int *n)
{
	unsigned char *seen = u->rx[def], *tag = def ? u->dx : u->bx;
	int changed = 0;

	if (seen[y] >= lv)
		return 0;
	for (int k = seen[y] + 1; k <= lv; k++)
		if (u->why[1][def][k - 1][y] < 0)
			u->why[1][def][k - 1][y] = cause;
	seen[y] = (unsigned char)lv;
	if (tag[y] < lv) {
		tag[y] = (unsigned char)lv;
		changed = 1;
	}
	u->work[(*n)++] = y;
	return changed;
}

/* A guarded ret or exit ending block b on a thread-dependent guard: the
 * threads it removes are gone for the rest of the body, so every block
 * reachable from b is exit-divergent.  What guarded exits of level k reach
 * is closed under successors, so the walk stops at a block already
 * reached at that level, and each block is walked at most twice over the
 * whole analysis.  Returns 1 when a tag changed. */
static int
guardedexit(U *u, Blk *b)
{
	Func *fn = u->fn;
	Ins *last;
	int t, lv, def = 0, changed = 0;

	if (b->i1 <= b->i0)
		return 0;
	last = fn->ins[b->i1 - 1];
	if ((last->op != OP_EXIT && last->op != OP_RET) || !last->guard ||
	    (lv = uniform_oplevel(u, last, last->guard, &t)) == 0)
		return 0;
	if (last->nuse > 0 && last->use[0] >= 0 && !verify_isentry(fn, last->use[0]))
		def = u->pure[last->use[0]];
	for (int d = 0; d <= def; d++) {
		int n = 0;
		for (int k = 0; k < b->nsucc; k++)
			changed |= reach(u, d, lv, b->succ[k], b->i1 - 1, &n);
		while (n > 0) {
			Blk *x = &fn->blk[u->work[--n]];
			for (int k = 0; k < x->nsucc; k++)
				changed |= reach(u, d, lv, x->succ[k], b->i1 - 1, &n);
		}
	}
	return changed;
}

/* The level of the conditional branch ending block b; 0 when there is none. */
static int
brlevel(U *u, Blk *b, int *def)
{
	Ins *last;
	int t;

	*def = 0;
	if (b->i1 <= b->i0 || b->nsucc < 2)
		return 0;
	last = u->fn->ins[b->i1 - 1];
	if (last->nuse > 0 && last->use[0] >= 0 && !verify_isentry(u->fn, last->use[0]))
		*def = u->pure[last->use[0]];
	if (last->op == OP_BRX_IDX && last->nopnd > 0)
		return uniform_oplevel(u, last, &last->opnd[0], &t);
	return last->guard ? uniform_oplevel(u, last, last->guard, &t) : 0;
}

/* Raises the exit level of every loop that block b's branch (of level lv)
 * leaves; 1 when one changed.  The loops it leaves are the innermost ones
 * around it, up to the first that holds all its successors. */
static int
exits(U *u, Blk *b, int lv)
{
	int changed = 0;

	for (int l = u->inner[b->id]; l >= 0; l = u->loop[l].parent) {
		int out = 0;
		for (int k = 0; k < b->nsucc; k++)
			out |= !inloop(u, l, b->succ[k]);
		if (!out)
			break;
		if (u->loop[l].lv < lv) {
			for (int k = u->loop[l].lv + 1; k <= lv; k++)
				setmark(u, k, l);
			u->loop[l].lv = lv;
			changed = 1;
		}
	}
	return changed;
}

/* The natural loops of fn: for each header, the blocks that reach one of
 * its back edges (a jump to a block that dominates the jumping one) without
 * passing the header.  Irreducible cycles have no header and are left out.
 * Headers are taken innermost first (by decreasing dominator preorder
 * number: a header dominates the headers of the loops inside its own);
 * the walk back from a back edge jumps over each inner loop already found
 * through its header (rep[], union-find), so each block is looked at once
 * per loop it is the header or a direct member of.  Returns 0 when out of
 * memory. */
static int
findrep(int *rep, int x)
{
	while (rep[x] != x) {
		rep[x] = rep[rep[x]];
		x = rep[x];
	}
	return x;
}

static int
findloops(U *u)
{
	Func *fn = u->fn;
	int nb = fn->nblk, ok = 0;
	int *stack = malloc(((size_t)nb + 1) * sizeof *stack);
	int *rep = malloc(((size_t)nb + 1) * sizeof *rep);
	int *byp = malloc(((size_t)nb + 1) * sizeof *byp);
	int *head = malloc(((size_t)nb + 1) * sizeof *head);   /* per block: loop it heads, -1 */
	int *mark = malloc(((size_t)nb + 1) * sizeof *mark);
	int *cnt = calloc((size_t)nb + 2, sizeof *cnt);
	int *kid = malloc(((size_t)nb + 1) * sizeof *kid);

	u->inner = malloc(((size_t)nb + 1) * sizeof *u->inner);
	u->loop = malloc(((size_t)nb + 1) * sizeof *u->loop);
	if (!stack || !rep || !byp || !head || !mark || !cnt || !kid || !u->inner || !u->loop)
		goto out;
	for (int b = 0; b < nb; b++) {
		rep[b] = b;
		head[b] = u->inner[b] = mark[b] = -1;
		if (fn->blk[b].dpre >= 0)
			byp[fn->blk[b].dpre] = b;
	}
	for (int d = fn->nrpo - 1; d >= 0; d--) {
		int h = byp[d], l = -1, n = 0;
		Blk *hb = &fn->blk[h];
		for (int p = 0; p < hb->npred; p++) {
			Blk *t = &fn->blk[hb->pred[p]];
			if (t->rpo < 0 || t->dpre < hb->dpre || t->dpre > hb->dlast)
				continue;   /* not a back edge: h does not dominate t */
			if (l < 0) {
				l = u->nloop++;
				u->loop[l] = (Loop){ -1, 0, 0, 0, 0 };
				head[h] = u->inner[h] = l;
				mark[h] = h;
			}
			stack[n++] = findrep(rep, t->id);
		}
		while (n > 0) {
			int y = stack[--n];
			if (mark[y] == h)
				continue;
			mark[y] = h;
			rep[y] = h;
			if (head[y] >= 0)
				u->loop[head[y]].parent = l;    /* y heads a loop inside */
			else
				u->inner[y] = l;
			for (int q = 0; q < fn->blk[y].npred; q++)
				if (fn->blk[fn->blk[y].pred[q]].rpo >= 0) {
					int z = findrep(rep, fn->blk[y].pred[q]);
					if (mark[z] != h)
						stack[n++] = z;
				}
		}
	}
	/* preorder intervals of the forest, children grouped by counting sort */
	for (int l = 0; l < u->nloop; l++)
		cnt[u->loop[l].parent + 2]++;
	for (int l = 0; l <= u->nloop; l++)
		cnt[l + 1] += cnt[l];
	for (int l = 0; l < u->nloop; l++)
		kid[cnt[u->loop[l].parent + 1]++] = l;
	/* cnt[p + 1] now ends p's children (p = -1: the roots), cnt[p] starts them */
	{
		int pre = 0, sp = 0;
		for (int r = 0; r < cnt[0]; r++) {
			stack[sp++] = kid[r];
			while (sp > 0) {
				int l = stack[sp - 1];
				if (l >= 0) {
					stack[sp - 1] = -l - 1;
					u->loop[l].pre = pre++;
					u->loop[l].depth = u->loop[l].parent < 0 ? 0 : u->loop[u->loop[l].parent].depth + 1;
					for (int c = cnt[l]; c < cnt[l + 1]; c++)
						stack[sp++] = kid[c];
				} else {
					u->loop[-l - 1].last = pre - 1;
					sp--;
				}
			}
		}
	}
	for (u->nseg = 1; u->nseg < u->nloop; u->nseg *= 2)
		;
	for (int k = 0; k < 2; k++) {
		if (!(u->mark[k] = malloc(2 * (size_t)u->nseg * sizeof *u->mark[k])))
			goto out;
		for (int c = 0; c < 2 * u->nseg; c++)
			u->mark[k][c] = -1;
	}
	ok = 1;
out:
	free(stack);
	free(rep);
	free(byp);
	free(head);
	free(mark);
	free(cnt);
	free(kid);
	return ok;
}

/* Whether phi ph is an induction variable of pure values: each argument
 * pure, or computed from ph itself through a chain of unguarded
 * arithmetic whose other operands are pure (`i += blockDim.x *
 * gridDim.x` around a grid-stride loop, a count down from %tid.x).  The
 * chain is a cycle that pure[], raised from 0, never gets into. */
static int
induct(const U *u, const Phi *ph)
{
	Func *fn = u->fn;

	for (int k = 0; k < ph->narg; k++) {
		int x = ph->arg[k];
		for (int step = 0; x != ph->def; step++) {
			Ins *d;
			int next = -1;
			if (x < 0 || verify_isentry(fn, x) || step >= 8)
				return 0;
			if (u->pure[x])
				break;
			d = verify_defins(fn, x);
			if (!d || d->guard || d->ndef != 1 || d->nuse < 1 || d->nuse > 3 || !stepop(d->op))
				return 0;
			for (int i = d->ndst; i < d->nopnd; i++)
				if (!sregspure(&d->opnd[i]))
					return 0;
			for (int i = 0; i < d->nuse; i++) {
				int y = d->use[i];
				if (y >= 0 && !verify_isentry(fn, y) && u->pure[y])
					continue;
				if (next >= 0 || y < 0)
					return 0;
				next = y;
			}
			if (next < 0)
				break;      /* pure operands alone: pure[] catches up */
			x = next;
		}
	}
	return 1;
}

/* Whether operand o of in is value val, or a copy of it (-G moves every
 * loop variable through a register of its own). */
static int
copyof(Func *fn, Ins *in, const Opnd *o, int val)
{
	int x = o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG ? verify_useof(in, o) : -1;

	for (int step = 0; x >= 0 && step < 4; step++) {
		Ins *d;
		if (x == val)
			return 1;
		d = verify_defins(fn, x);
		if (!d || d->op != OP_MOV || d->guard || d->nopnd != 2 || d->opnd[1].kind != OK_REG ||
		    !d->opnd[1].sym || d->opnd[1].sym->kind != SYM_REG)
			return 0;
		x = verify_useof(d, &d->opnd[1]);
	}
	return 0;
}

/* Whether operand o of in is %ntid.x or a copy of it: the step of a
 * loop's latch is read before solve() has been round to its definition. */
static int
ntidcopy(Func *fn, Ins *in, const Opnd *o)
{
	for (int step = 0; step < 4; step++) {
		Ins *d;
		if (o->kind == OK_REG && o->sym && o->sym->kind == SYM_SREG)
			return !strcmp(o->sym->name, "%ntid") && (o->sel == SEL_X || o->sel == SEL_NONE);
		if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG)
			return 0;
		d = verify_defins(fn, verify_useof(in, o));
		if (!d || d->op != OP_MOV || d->guard || d->nopnd != 2)
			return 0;
		in = d;
		o = &d->opnd[1];
	}
	return 0;
}

/* Whether phi ph of loop header b is %tid.x plus a warp-uniform multiple
 * of 32 (see TX_W32): it enters as one and steps by a uniform multiple of
 * 32 (`for (i = tid.x; i < m; i += 128)`). */
static int
stepw32(U *u, Blk *b, Phi *ph)
{
	Func *fn = u->fn;
	int back = 0, t;

	if (u->stoplv[b->id] > 0 || ph->narg != b->npred)
		return 0;
	for (int k = 0; k < ph->narg; k++) {
		int x = ph->arg[k];
		Ins *d;
		if (x < 0 || verify_isentry(fn, x))
			return 0;
		if (u->tidx[x] & (TX_COPY | TX_W32))
			continue;
		d = verify_defins(fn, x);
		for (int step = 0; d && d->op == OP_MOV && !d->guard && d->nopnd == 2 && d->opnd[1].kind == OK_REG &&
		    d->opnd[1].sym && d->opnd[1].sym->kind == SYM_REG && step < 4; step++)
			d = verify_defins(fn, verify_useof(d, &d->opnd[1]));
		if (!d || d->guard || d->op != OP_ADD || d->nopnd != 3)
			return 0;
		int s1 = copyof(fn, d, &d->opnd[1], ph->def), s2 = copyof(fn, d, &d->opnd[2], ph->def);
		Opnd *step = &d->opnd[s1 ? 2 : 1];
		if (!(s1 || s2) || uniform_oplevel(u, d, step, &t) != 0 || !(t & TX_M32 || ntidcopy(fn, d, step)))
			return 0;
		back = 1;
	}
	return back;
}

static void
solve(U *u)
{
	Func *fn = u->fn;
	int changed = 1;

	for (int iter = 0; changed && iter < 50; iter++) {
		changed = 0;
		for (int r = 0; r < fn->nrpo; r++) {
			Blk *b = &fn->blk[fn->rpo[r]];
			for (int p = 0; p < b->nphi; p++) {
				Phi *ph = &b->phi[p];
				int m = u->lv[ph->def];
				for (int k = 0; k < ph->narg; k++)
					if (ph->arg[k] >= 0 && temporal(u, ph->arg[k], b->id) > m)
						m = temporal(u, ph->arg[k], b->id);
				if (m != u->lv[ph->def]) {
					u->lv[ph->def] = (unsigned char)m;
					changed = 1;
				}
				/* `a && lane < 8` at -G: a predicate merged from a
				 * thread-dependent side, as and/or in inspure */
				Sym *r = ph->reg >= 0 && ph->reg < fn->nregs ? fn->regs[ph->reg] : NULL;
				if (r && r->type == TY_PRED && !u->pure[ph->def])
					for (int k = 0; k < ph->narg; k++)
						if (ph->arg[k] >= 0 && u->pure[ph->arg[k]] && u->lv[ph->arg[k]] > 0) {
							u->pure[ph->def] = 1;
							changed = 1;
							break;
						}
				if (!(u->tidx[ph->def] & TX_W32) && stepw32(u, b, ph)) {
					u->tidx[ph->def] = TX_W32;
					changed = 1;
				}
				if (!u->pure[ph->def] && ph->narg > 0 && induct(u, ph)) {
					u->pure[ph->def] = 1;
					changed = 1;
				}
			}
			for (int i = b->i0; i < b->i1; i++) {
				Ins *in = fn->ins[i];
				int tid, x;
				if (in->ndef == 0)
					continue;
				x = inslevel(u, in, &tid);
				int pu = inspure(u, in);
				for (int d = 0; d < in->ndef; d++) {
					int v = in->def[d];
					/* shfl.sync's predicate: whether this lane's source lane was in range */
					int xv = in->op == OP_SHFL_SYNC && d > 0 ? 2 : x;
					if (pu != u->pure[v]) {
						u->pure[v] = (unsigned char)pu;
						changed = 1;
					}
					if (xv > u->lv[v] || (tid && tid != u->tidx[v])) {
						if (xv > u->lv[v])
							u->lv[v] = (unsigned char)xv;
						u->tidx[v] = (unsigned char)tid;
						changed = 1;
					}
				}
			}
			/* a conditional branch ending the block */
			int def, lv = brlevel(u, b, &def);
			if (lv > 0 && region(u, b->id, lv, def, b->i1 - 1))
				changed = 1;
			if (lv > 0 && exits(u, b, lv))
				changed = 1;
			if (guardedexit(u, b))
				changed = 1;
		}
	}
}

/* The per-value and per-block state of fn's analysis, all uniform (and no
 * loops) until uniform_solve: 0 when out of memory (uniform_free then
 * still frees what was had). */
int
uniform_init(U *u, Func *fn)
{
	memset(u, 0, sizeof *u);
	u->fn = fn;
	u->lv = calloc((size_t)fn->nval + 1, 1);
	u->tidx = calloc((size_t)fn->nval + 1, 1);
	u->bj = calloc((size_t)fn->nblk + 1, 1);
	u->bx = calloc((size_t)fn->nblk + 1, 1);
	u->pure = calloc((size_t)fn->nval + 1, 1);
	u->dj = calloc((size_t)fn->nblk + 1, 1);
	u->dx = calloc((size_t)fn->nblk + 1, 1);
	u->rx[0] = calloc((size_t)fn->nblk + 1, 1);
	u->rx[1] = calloc((size_t)fn->nblk + 1, 1);
	u->pdep = malloc(((size_t)fn->nblk + 1) * sizeof *u->pdep);
	u->work = malloc(((size_t)fn->nblk + 1) * sizeof *u->work);
	u->stoplv = calloc((size_t)fn->nblk + 1, 1);
	u->said = calloc((size_t)fn->nins + 1, 1);
	int ok = u->lv && u->tidx && u->bj && u->bx && u->pure && u->dj && u->dx && u->rx[0] && u->rx[1] &&
	    u->pdep && u->work && u->stoplv;
	for (int t = 0; t < 8; t++) {
		int *j = u->jump[t / 4][t / 2 % 2][t % 2] = malloc(((size_t)fn->nblk + 1) * sizeof *j);
		int *w = u->why[t / 4][t / 2 % 2][t % 2] = malloc(((size_t)fn->nblk + 1) * sizeof *w);
		ok = ok && j && w;
		for (int b = 0; j && w && b <= fn->nblk; b++) {
			j[b] = b;
			w[b] = -1;
		}
	}
	return ok;
}

/* The levels of every value and block of u->fn: 0 when out of memory. */
int
uniform_solve(U *u)
{
	if (!findloops(u))
		return 0;
	pdepths(u);
	solve(u);
	return 1;
}

void
uniform_free(U *u)
{
	free(u->lv);
	free(u->tidx);
	free(u->bj);
	free(u->bx);
	free(u->pure);
	free(u->dj);
	free(u->dx);
	free(u->rx[0]);
	free(u->rx[1]);
	free(u->loop);
	free(u->inner);
	free(u->mark[0]);
	free(u->mark[1]);
	free(u->pdep);
	free(u->work);
	free(u->stoplv);
	free(u->said);
	for (int t = 0; t < 8; t++) {
		free(u->jump[t / 4][t / 2 % 2][t % 2]);
		free(u->why[t / 4][t / 2 % 2][t % 2]);
	}
}

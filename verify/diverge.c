/*
 * diverge.c — barriers and collectives that need uniform control flow,
 * found with the divergence analysis of uniform.c.
 *
 * Reported: bar.sync / barrier.sync.aligned / bar.red / bar.arrive in
 * divergent blocks or under a divergent guard (bar.sync means .aligned:
 * every thread of the warp must execute the same one), non-uniform barrier
 * ids, barrier ids over 15 and thread counts that are not a multiple of 32
 * (ptxas errors) or exceed .reqntid/.maxntid (the barrier never completes),
 * bra.uni on a divergent predicate, warp collectives whose member mask
 * is 0 or all 32 lanes while some lanes may be inactive, and
 * barrier.cluster.arrive (any form) or an .aligned barrier.cluster.wait
 * where the lanes of a warp may diverge: the cluster barrier counts warps,
 * and an H100 hung when the lanes of a warp arrived from two branches
 * (warps that diverge as a whole are fine).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "uniform.h"

static int64_t
maxthreads(const Func *fn)
{
	int64_t n = 1;

	if (fn->nreqntid) {
		for (int i = 0; i < fn->nreqntid; i++)
			n *= fn->reqntid[i];
		return n;
	}
	if (fn->nmaxntid) {
		for (int i = 0; i < fn->nmaxntid; i++)
			n *= fn->maxntid[i];
		return n;
	}
	return 0;
}

static int
isbar(int op)
{
	return op == OP_BAR_SYNC || op == OP_BAR_ARRIVE || op == OP_BAR_RED || op == OP_BAR_CTA_SYNC ||
	    op == OP_BAR_CTA_ARRIVE || op == OP_BAR_CTA_RED || op == OP_BARRIER_SYNC ||
	    op == OP_BARRIER_ARRIVE || op == OP_BARRIER_RED || op == OP_BARRIER_CTA_SYNC ||
	    op == OP_BARRIER_CTA_ARRIVE || op == OP_BARRIER_CTA_RED;
}

/* Says which threads the branch (instruction index ci) divides: for a
 * comparison of %tid.x with a constant, which threads take which side and
 * from which CTA width on; else where the branch is. */
static void
describe(U *u, int ci, char *buf, size_t n)
{
	Func *fn = u->fn;
	Ins *br = ci >= 0 && ci < fn->nins ? fn->ins[ci] : NULL;
	Ins *c = NULL;
	int t;

	snprintf(buf, n, "%s", "");
	if (!br)
		return;
	if (br->guard && (br->guard->kind == OK_REG || br->guard->kind == OK_NOT) && br->nuse > 0)
		c = verify_defins(fn, br->use[0]);
	if (c && c->op == OP_SETP && c->nopnd == 3 && c->opnd[1].kind == OK_REG && c->opnd[2].kind == OK_IMM &&
	    (uniform_oplevel(u, c, &c->opnd[1], &t), t)) {
		static const struct { ModId m; const char *op; int plus; } cmp[] = {
			{MOD_LT, "<", 0}, {MOD_LO, "<", 0}, {MOD_GE, ">=", 0}, {MOD_HS, ">=", 0},
			{MOD_LE, "<=", 1}, {MOD_LS, "<=", 1}, {MOD_GT, ">", 1}, {MOD_HI, ">", 1},
			{MOD_EQ, "==", 1}, {MOD_NE, "!=", 1},
		};
		for (size_t i = 0; i < sizeof cmp / sizeof cmp[0]; i++)
			if (ir_hasmod(c, cmp[i].m)) {
				long long k = (long long)c->opnd[2].imm, w = k + cmp[i].plus;
				snprintf(buf, n, " (line %d %s on %%tid.x %s %lld, which differs between threads of any CTA"
				    " wider than %lld)", br->loc.line, br->op == OP_BRA ? "branches" : "leaves", cmp[i].op, k,
				    w < 1 ? 1 : w);
				return;
			}
	}
	snprintf(buf, n, " (the branch at line %d divides them)", br->loc.line);
}

/* The branch to name for the divergence of block b in bx (or bj) at level
 * k or more: one on a pure predicate when there is one (*def then set),
 * else the first that raised the block to its level.  -1 when the
 * analysis did not run. */
static int
because(const U *u, int bx, int b, int k, int *def)
{
	const unsigned char *d = bx ? u->dx : u->dj, *t = bx ? u->bx : u->bj;

	*def = d[b] >= k;
	if (*def)
		return u->why[bx][1][k - 1][b];
	return t[b] >= k ? u->why[bx][0][t[b] - 1][b] : -1;
}

/* Whether the exit branch (instruction index ci) was named by a finding
 * already, marking it: one early return before a long unrolled kernel is
 * one bug, reported at the first barrier or collective after it, not at
 * every one. */
static int
named(U *u, int ci)
{
	if (ci < 0 || ci >= u->fn->nins || !u->said)
		return 0;
	if (u->said[ci])
		return 1;
	u->said[ci] = 1;
	return 0;
}

/* Whether the guard of in is computed without loaded data (see inspure):
 * the threads it divides are divided whatever memory holds. */
static int
guardpure(const U *u, const Ins *in)
{
	return in->guard && in->nuse > 0 && in->use[0] >= 0 && u->pure[in->use[0]];
}

static void
barrier(Verify *v, U *u, Ins *in)
{
	Func *fn = u->fn;
	int aligned = ir_hasmod(in, MOD_ALIGNED) ||
	    in->op == OP_BAR_SYNC || in->op == OP_BAR_ARRIVE || in->op == OP_BAR_RED ||
	    in->op == OP_BAR_CTA_SYNC || in->op == OP_BAR_CTA_ARRIVE || in->op == OP_BAR_CTA_RED;
	int ididx = (in->op == OP_BAR_RED || in->op == OP_BAR_CTA_RED || in->op == OP_BARRIER_RED ||
	    in->op == OP_BARRIER_CTA_RED) ? 1 : 0;
	const char *name = ir_opinfo[in->op].name;
	int t, g = in->guard ? uniform_oplevel(u, in, in->guard, &t) : 0;
	/* a thread count names the threads that take part (warp-specialized
	 * code puts such barriers on one branch on purpose) */
	int counted = ididx + 1 < in->nopnd && in->op != OP_BAR_RED && in->op != OP_BAR_CTA_RED &&
	    in->op != OP_BARRIER_RED && in->op != OP_BARRIER_CTA_RED;

	char why[160];
	int def;

	if (counted)
		aligned = 0;
	if (aligned && (u->bj[in->blk] || g)) {
		int ci = g ? -1 : because(u, 0, in->blk, 1, &def);
		if (g)
			def = guardpure(u, in);
		describe(u, ci, why, sizeof why);
		verify_report(v, def ? VC_DIVBAR : VC_MAYBEDIV, in->loc,
		    "'%s' %s: threads of the CTA may not all reach it%s", name,
		    g ? "under a thread-dependent guard" : "in thread-dependent control flow", why);
	} else if (aligned && u->bx[in->blk] >= 2 && !named(u, because(u, 1, in->blk, 2, &def))) {
		/* An exit that removes whole warps leaves the barrier whole:
		 * exiting threads release a barrier that waits only for them
		 * (PTX ISA, exit), and the warps left execute it together, as
		 * .aligned wants.  A lane-dependent exit leaves part of a warp
		 * at an .aligned barrier, which is undefined. */
		describe(u, because(u, 1, in->blk, 2, &def), why, sizeof why);
		verify_report(v, def ? VC_EXITBAR : VC_MAYBEDIV, in->loc,
		    "'%s' after a thread-dependent exit: the exited threads never arrive%s", name, why);
	}
	if (ididx < in->nopnd) {
		Opnd *id = &in->opnd[ididx];
		/* ptxas reads a literal barrier number and thread count as
		 * .u32: 2^32 + 1 is barrier 1, -1 is 0xffffffff */
		if (id->kind == OK_IMM && (uint32_t)id->imm > 15)
			verify_report(v, VC_BARRIER, id->loc, "barrier number %llu out of range 0..15",
			    (unsigned long long)id->imm);
		else if (id->kind == OK_REG && uniform_oplevel(u, in, id, &t) > 0)
			verify_report(v, VC_DIVBAR, id->loc, "barrier number '%s' may differ between threads",
			    id->sym->name);
	}
	if (ididx + 1 < in->nopnd && in->op != OP_BAR_RED && in->op != OP_BAR_CTA_RED &&
	    in->op != OP_BARRIER_RED && in->op != OP_BARRIER_CTA_RED) {
		Opnd *cnt = &in->opnd[ididx + 1];
		int64_t mx = maxthreads(fn);
		uint32_t n = (uint32_t)cnt->imm;
		if (cnt->kind == OK_IMM && n % 32 != 0)
			verify_report(v, VC_BARRIER, cnt->loc,
			    "barrier thread count %llu is not a multiple of the warp size (32)",
			    (unsigned long long)cnt->imm);
		else if (cnt->kind == OK_IMM && mx && n > mx)
			verify_report(v, VC_LAUNCH, cnt->loc,
			    "barrier waits for %lu threads but the CTA has at most %lld: it never completes",
			    (unsigned long)n, (long long)mx);
	}
}

/* The lanes a full-mask collective names must all be there: in (the
 * collective, or a call of a wrapper around one) in lane-dependent control
 * flow is reported at operand at.  Unlike a CTA barrier's, the finding
 * stands when the branch tests loaded data (def 0): the lanes of a warp
 * read different values far more often than the threads of a CTA all
 * agree, a full mask under such a branch is the classic misuse of
 * __shfl_sync, and the correct code of nvcc, cuBLAS-like libraries and
 * cooperative groups passes the lanes that take part (__activemask(), a
 * ballot), or tests what the warp agrees on (see uniform.c's
 * matchall()).  Over the corpus and every PTX file of the tests, no clean
 * module is reported so. */
static void
fullmask(Verify *v, U *u, Ins *in, const Opnd *at, const char *what)
{
	int t, def, g = in->guard ? uniform_oplevel(u, in, in->guard, &t) : 0;
	char why[160];

	if (u->bj[in->blk] >= 2 || g >= 2) {
		int ci = because(u, 0, in->blk, 2, &def);
		if (g >= 2)
			def = guardpure(u, in);
		describe(u, g >= 2 ? -1 : ci, why, sizeof why);
		verify_report(v, VC_WARPDIV, at->loc, "%s names all 32 lanes, but it is %s: some lanes may be inactive%s%s",
		    what, g >= 2 ? "under a lane-dependent guard" : "in lane-dependent control flow", why,
		    def ? "" : "; the condition depends on loaded data, which splits the warp when its lanes read different values");
	} else if (u->bx[in->blk] >= 2 && !named(u, because(u, 1, in->blk, 2, &def))) {
		describe(u, because(u, 1, in->blk, 2, &def), why, sizeof why);
		verify_report(v, VC_EXITBAR, at->loc, "%s names all 32 lanes after a lane-dependent exit%s%s", what, why,
		    def ? "" : "; the exit depends on loaded data, which splits the warp when its lanes read different values");
	}
}

static void
warp(Verify *v, U *u, Ins *in)
{
	Opnd *mask = verify_maskof(in);
	int64_t mv;
	char what[64];

	if (!mask)
		return;
	if (mask->kind == OK_IMM)
		mv = mask->imm;
	else if (!verify_constreg(u->fn, in, mask, &mv))
		return;
	if ((uint32_t)mv == 0) {
		verify_report(v, VC_WARPMASK, mask->loc,
		    "member mask 0: the executing lane is not in it");
		return;
	}
	if ((uint32_t)mv != 0xffffffffu)
		return;
	snprintf(what, sizeof what, "'%s'", ir_opinfo[in->op].name);
	fullmask(v, u, in, mask, what);
}

/* A call of a wrapper that runs a warp collective on all 32 lanes, named
 * there or passed in by this call. */
static void
callwarp(Verify *v, U *u, Ins *in, Wrap *w, int nw)
{
	Wrap *d = verify_wrapof(w, nw, verify_callee(in));
	char what[160];
	int full, k;

	if (!d || !d->what)
		return;
	full = d->full;
	for (int a = 0; a < 64 && !full && d->par >> a; a++) {
		Ins *at;
		Opnd *arg;
		if ((d->par >> a & 1) && (arg = verify_callarg(u->fn, in, a, &at)))
			full = verify_maskval(u->fn, at, arg, &k);
	}
	if (!full)
		return;
	snprintf(what, sizeof what, "the call of '%s' (its '%s' at line %d)", d->fn->name,
	    ir_opinfo[d->what->op].name, d->what->loc.line);
	fullmask(v, u, in, &in->opnd[in->ndst], what);
}

static void
clusterbar(Verify *v, U *u, Ins *in)
{
	int t, def, g = in->guard ? uniform_oplevel(u, in, in->guard, &t) : 0;

	if (in->op == OP_BARRIER_CLUSTER_WAIT && !ir_hasmod(in, MOD_ALIGNED))
		return;
	if (g >= 2)
		def = guardpure(u, in);
	else
		because(u, 0, in->blk, 2, &def);
	if (u->bj[in->blk] >= 2 || g >= 2)
		verify_report(v, def ? VC_DIVBAR : VC_MAYBEDIV, in->loc,
		    "'%s' %s: the cluster barrier counts warps, and lanes of a warp arriving apart hang it",
		    ir_opinfo[in->op].name, g >= 2 ? "under a lane-dependent guard" : "in lane-dependent control flow");
}

static int
divchecks(const VerifyOpts *o)
{
	static const int c[] = { VC_DIVBAR, VC_EXITBAR, VC_MAYBEDIV, VC_LAUNCH, VC_WARPMASK, VC_WARPDIV, VC_BRAUNI };

	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
		if (o->sev[c[i]] >= 0)
			return 1;
	return 0;
}

static void
uniform(Verify *v, Func *fn, Wrap *w, int nw)
{
	U u;

	if (!uniform_init(&u, fn))
		goto out;
	/* Without a divergence check on (the loader's case), everything stays
	 * uniform and only barrier numbers and counts are checked. */
	if (divchecks(v->o) && !uniform_solve(&u))
		goto out;
	for (int i = 0; i < fn->nins; i++) {
		Ins *in = fn->ins[i];
		int t;
		if (in->blk < 0 || fn->blk[in->blk].rpo < 0)
			continue;
		if (isbar(in->op))
			barrier(v, &u, in);
		else if (in->op == OP_BARRIER_CLUSTER_ARRIVE || in->op == OP_BARRIER_CLUSTER_WAIT)
			clusterbar(v, &u, in);
		else if (ir_opinfo[in->op].flags & OF_WARP)
			warp(v, &u, in);
		else if (in->op == OP_CALL)
			callwarp(v, &u, in, w, nw);
		else if (in->op == OP_BRA && in->guard && ir_hasmod(in, MOD_UNI) &&
		    uniform_oplevel(&u, in, in->guard, &t) > 0)
			verify_report(v, VC_BRAUNI, in->guard->loc,
			    "'bra.uni' on a predicate that may differ between threads");
	}
out:
	uniform_free(&u);
}

void
verify_uniform(Verify *v)
{
	int nw = 0;
	Wrap *w = v->o->sev[VC_WARPDIV] >= 0 || v->o->sev[VC_MAYBEDIV] >= 0 || v->o->sev[VC_EXITBAR] >= 0 ?
	    verify_wraps(v->m, &nw) : NULL;

	for (int f = 0; f < v->m->nfn; f++) {
		Func *fn = v->m->fn[f];
		if (fn->hasbody && fn->built)
			uniform(v, fn, w, nw);
	}
	free(w);
}

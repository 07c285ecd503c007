/*
 * exec_plain.h -- part of exec.c (exec.h): the fast paths that run many
 * instructions at once, as plan.c marked them: plainrun, a straight-line
 * stretch without the dispatch loop's checks, and run_prologue, the
 * kernel's uniform prologue run by one warp of a CTA for all (owed: the
 * counts of a warp that skipped it).
 */
#include "exec.h"

/* One ALU, mov or cvta instruction of a plain stretch, for the lanes of m;
 * 0 (nothing done) for any other, or for an FPU one under nofpu: the
 * stretch ends before it.  Both stretches' loops, plainrun and
 * plainrun_check, step through it. */
static HOT_INLINE int
plainstep(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m, int nofpu)
{
	switch (xi->x) {
	case X_ALU:
		if (xi->fpu && nofpu)
			return 0;
		fast(L, w, r, xi, m, xi->fast);
		return 1;
	case X_MOV:
		mov(L, w, r, xi, m);
		return 1;
	case X_CVTA: case X_CVTATO:
		cvta(L, w, r, xi, m);
		return 1;
	}
	return 0;
}

/* The counts the main loop would have made for a stretch of k instructions
 * from pc, run by the n lanes of its mask; k. */
static inline int
plaindone(Launch *L, int32_t pc, int k, uint32_t n)
{
	if (L->st)
		for (int i = 0; i < k; i++) {
			L->st[pc + i].executions++;
			L->st[pc + i].active_threads += n;
		}
	L->wsteps += (uint64_t)k;
	L->steps += (uint64_t)k * n;
	return k;
}

/* Runs the plain instructions (plan.c) from pc on, at most lim of them and
 * not past end, for the lanes of m: the straight-line stretches of a
 * kernel without the main loop's per-instruction checks, which cost as
 * much as a simple instruction's work.  A memory access that ldst cannot
 * take whole ends the stretch before it.  Returns how many ran (0: the
 * first must take the main loop). */
#ifndef INTERP_CHECK
static int
plainrun(Launch *L, Warp *w, uint64_t *r, int32_t pc, int32_t end, int lim, uint32_t m)
{
	const XIns *x0 = &L->pm->code[pc], *xi = x0, *stop = x0 + lim;
	uint32_t n = popc(m);
	int nofpu = L->nofpu;

	if (end > pc && end - pc < lim)
		stop = x0 + (end - pc);
	for (; xi != stop && xi->plain; xi++)
		if (xi->x == X_LD || xi->x == X_ST ? !access(L, w, r, xi, m) :   /* else the main loop's per-lane path */
		    !plainstep(L, w, r, xi, m, nofpu))
			break;
	return plaindone(L, pc, (int)(xi - x0), n);
}
#else
/* plainrun in the checked executor (doc/checks.md, interp/README): the
 * stretch's ALU instructions, moves and cvta alone, since for them the
 * main loop's hooks have nothing to say but initcheck's -- their
 * destinations are defined in the lanes of m (interp_chk_regs, which
 * reports nothing for them: sources are checked only where they decide
 * something, and they take no address register).  racecheck's ordering
 * count ignores them, synccheck looks at barriers, collectives and
 * .aligned instructions only, and asynccheck at them only while a wgmma's
 * accumulators are in flight, which takes the main loop.  A full warp's
 * kernel-parameter read joins the stretch (the kernel's start-up code,
 * which run_prologue runs through it once a CTA); any other load or
 * store ends it. */
static int
plainrun_check(Launch *L, Warp *w, uint64_t *r, int32_t pc, int32_t end, int lim, uint32_t m)
{
	const XIns *x0 = &L->pm->code[pc], *xi = x0, *stop = x0 + lim;
	const CFrame *f = &w->cf[w->ncf - 1];
	uint32_t *def = L->chk & PTX_CHECK_INITCHECK ? RDEF(f->r, f->fn->nregs) : NULL;
	uint32_t n = popc(m);
	int nofpu = L->nofpu, k;
	/* loads and stores at a register address join the stretch where the
	 * main loop's access() leaves them to ldlanes and stlanes: a full
	 * warp under a check that follows memory (else access() takes them,
	 * as plainrun's do) */
	int regs = m == 0xffffffffu && (INITMEM(L) || MEMCHK(L) || RACECHK(L) || ASYNCCHK(L));
	uint64_t ws = L->wsteps;

	if (ASYNCCHK(L) && interp_chk_wgmma_pending(L))
		return 0;
	if (end > pc && end - pc < lim)
		stop = x0 + (end - pc);
	for (; xi != stop && xi->plain; xi++) {
		if (xi->abase.k == XO_REG) {
			/* a quiet full warp's load or store (the main loop's hooks:
			 * initcheck's test of the address register alone) whose
			 * lanes chk_lanes finds whole, so that no lane can fault;
			 * else the main loop takes it */
			uint64_t ad[WARP];
			uint8_t *hp[WARP];
			uintptr_t span[2];
			int whole;
			if (!regs || !xi->quiet || (def && def[xi->abase.r] != 0xffffffffu) ||
			    !(whole = chk_lanes(L, w, r, xi, m, ad, hp, span)))
				break;
			L->wsteps = ws + (uint64_t)(xi - x0) + 1;   /* the main loop's count at it: racecheck's stamp */
			if (xi->x == X_LD)
				(void)ldlanes_at(L, w, r, xi, m, ad, hp, span, whole);
			else
				(void)stlanes_at(L, w, r, xi, m, ad, hp, span, whole);
			if (L->fault) {   /* a check that stops the launch: it ran, the main loop returns */
				xi++;
				break;
			}
		} else if (xi->x == X_LD && xi->shape == SHAPE_KPARAM && m == 0xffffffffu && xi->quiet) {
			/* a full warp's read of a kernel parameter (SHAPE_KPARAM),
			 * which the main loop takes whole with no check (access):
			 * its hooks have nothing to do where plan.c made it quiet
			 * (a weak load, no wgmma), but initcheck's marking its
			 * destination defined */
			kparam(L, r, xi, m);
		} else if (!plainstep(L, w, r, xi, m, nofpu))
			break;   /* other loads and stores: the main loop's hooks */
		if (def)
			for (int j = 0; j < xi->nd && j < 8; j++)
				if (xi->d[j].k == XO_REG)
					def[xi->d[j].r] |= m;
	}
	L->wsteps = ws;
	k = plaindone(L, pc, (int)(xi - x0), n);
	return k;
}
#endif

/* The difference between two states of an instruction's memory counts, as
 * (word, amount) pairs after a count: d holds the state before, a the one
 * after.  A kernel-parameter load changes one or two of the MCWORDS words;
 * 0 when more changed than d can hold. */
_Static_assert(sizeof(ptx_mem_counts) == 4 * sizeof(uint64_t), "four counts a class");

static int
pairs(uint64_t *d, const uint64_t *a)
{
	uint64_t p[MCWORDS], n = 0;

	for (int j = 0; j < MCWORDS; j++)
		if (a[j] != d[j]) {
			if (n + 2 > MCWORDS - 1)
				return 0;
			p[n++] = (uint64_t)j, p[n++] = a[j] - d[j];
		}
	d[0] = n / 2;
	memcpy(d + 1, p, n * sizeof *p);
	return 1;
}

/*
 * A new CTA's uniform prologue (plan.c): the first of its warps to run
 * runs it, and every other full warp takes the registers it wrote and
 * starts after it, owing its counts until it runs (so that a launch that
 * stops early counts what ran).  Before, each warp spent about a seventh
 * of saxpy there, reading the same parameters and %ctaid.  A partial warp
 * runs the prologue itself, so that its missing lanes' registers stay as
 * they were.  The checked executor runs it as plainrun_check runs any
 * stretch, which calls none of the checks' hooks for these instructions
 * and only defines their destinations for initcheck: the other warps get
 * the registers defined with the values.  When plainrun_check stops
 * short (a wgmma in flight, a parameter read that is not quiet), every
 * warp runs the prologue itself, as in the unchecked run when the host
 * FPU cannot.
 */
static void
run_prologue(Launch *L, Warp *w0)
{
	const XFunc *k = L->k;
	Cta *c = w0->cta;
	uint64_t *r0 = w0->cf[0].r;
	int n = k->upre, ran, learn = L->st && c->pdelta && !c->pdok;

	c->prologue = 0;
	if (w0->valid != 0xffffffffu || L->steps > L->budget ||
	    L->budget - L->steps < (uint64_t)n * L->nthreads)
		return;

	if (learn)   /* what a warp adds to the counters, from before ... */
		for (int i = 0; i < n; i++)
			if (L->pm->code[k->pc0 + i].x == X_LD)
				memcpy(c->pdelta + (size_t)i * MCWORDS, L->st[k->pc0 + i].mem, sizeof L->st->mem);
#ifdef INTERP_CHECK
	ran = plainrun_check(L, w0, r0, k->pc0, -1, n, w0->valid);
#else
	ran = plainrun(L, w0, r0, k->pc0, -1, n, w0->valid);
#endif
	w0->st[0].pc = k->pc0 + ran;
	if (ran != n)   /* the host FPU cannot run one of them: the other warps run it all */
		return;
	if (learn) {   /* ... to after, kept as (word, amount) pairs */
		c->pdok = 1;
		for (int i = 0; i < n; i++)
			if (L->pm->code[k->pc0 + i].x == X_LD)
				c->pdok &= pairs(c->pdelta + (size_t)i * MCWORDS, (const uint64_t *)L->st[k->pc0 + i].mem);
	}
	for (int i = 0; i < c->nw; i++) {
		Warp *w = &c->w[i];
		uint64_t *r = w->cf[0].r;
		if (w == w0 || w->valid != 0xffffffffu)
			continue;
		for (int j = 0; j < k->nupreg; j++)
			memcpy(r + (size_t)k->upreg[j] * WARP, r0 + (size_t)k->upreg[j] * WARP, WARP * sizeof *r);
#ifdef INTERP_CHECK
		if (L->chk & PTX_CHECK_INITCHECK)   /* defined, as plainrun_check defined w0's */
			for (int j = 0; j < k->nupreg; j++)
				RDEF(r, k->nregs)[k->upreg[j]] = 0xffffffffu;
#endif
		w->st[0].pc = k->pc0 + n;
		w->owed = 1;
	}
}

/* What a warp that skipped the prologue owes: the counts of running it. */
static void
owed(Launch *L, Warp *w)
{
	const XFunc *k = L->k;

	w->owed = 0;
	L->wsteps += (uint64_t)k->upre;
	L->steps += (uint64_t)k->upre * WARP;
	if (L->st)
		for (int pc = k->pc0; pc < k->pc0 + k->upre; pc++) {
			const uint64_t *d;
			uint64_t *a;
			L->st[pc].executions++;
			L->st[pc].active_threads += WARP;
			if (L->pm->code[pc].x != X_LD)
				continue;
			if (!w->cta->pdok) {
				kparam_count(L, &L->pm->code[pc], w->valid);
				continue;
			}
			d = w->cta->pdelta + (size_t)(pc - k->pc0) * MCWORDS;
			a = (uint64_t *)L->st[pc].mem;
			for (uint64_t j = 0; j < d[0]; j++)
				a[d[1 + 2 * j]] += d[2 + 2 * j];
		}
}

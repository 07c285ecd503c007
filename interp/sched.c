/*
 * sched.c -- a launch: the grid's CTAs, their warps, and CTA barriers.
 *
 * Warps of a CTA run round-robin, a slice of instructions at a time, until
 * they finish or block on a barrier.  CTAs run one after another, except
 * that a CTA which has not finished after CTA_QUANTUM warp-instructions
 * yields: the next CTA of the grid starts (up to MAX_LIVE at once) and the
 * live CTAs take turns.  That is what lets a CTA that spins on a flag set by
 * another CTA make progress, at no cost to kernels that do not spin.
 *
 * A CTA whose live warps are all blocked at barriers can never move again:
 * the launch ends with a deadlock report naming each warp and where it
 * waits.  A launch that runs past its budget of thread-instructions ends
 * with a report of where the warps are.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "interp.h"

enum { SLICE = 256, CTA_QUANTUM = 1 << 18, MAX_LIVE = 512 };

static void
release(Launch *L, Cta *c, int id)
{
	Bar *b = &c->bar[id];

	for (int i = 0; i < c->nw; i++) {
		Warp *w = &c->w[i];
		if (w->blocked != id + 1)
			continue;
		if (b->red) {
			CFrame *f = &w->cf[w->ncf - 1];
			uint64_t v = b->red == MOD_POPC ? b->acc : b->red == MOD_AND ? (b->acc == b->arrived) :
			    (b->acc != 0);
			for (uint32_t m = w->bmask; m; m &= m - 1)
				if (w->bdst.k == XO_REG)
					f->r[(size_t)w->bdst.r * WARP + (uint32_t)__builtin_ctz(m)] = v;
		}
		w->blocked = 0;
		w->bmask = 0;
	}
	memset(b, 0, sizeof *b);
	(void)L;
}

static int
complete(const Cta *c, const Bar *b)
{
	uint32_t need = b->expect ? b->expect : c->nlive;
	return b->arrived && b->arrived >= need;
}

void
interp_bar_check(Launch *L, Cta *c)
{
	for (int id = 0; id < 16; id++)
		if (c->bar[id].arrived && complete(c, &c->bar[id]))
			release(L, c, id);
}

void
interp_bar_arrive(Launch *L, Warp *w, int id, uint32_t count, uint32_t m, int block, int red,
                  uint32_t pred)
{
	Cta *c = w->cta;
	Bar *b = &c->bar[id];

	b->arrived += (uint32_t)__builtin_popcount(m);
	if (count)
		b->expect = count;
	if (red) {
		b->red = red;
		/* popc counts; and/or count the lanes whose predicate holds */
		b->acc += (uint32_t)__builtin_popcount(pred & m);
	}
	if (block) {
		w->blocked = id + 1;
		w->bmask = m;
	}
	if (complete(c, b))
		release(L, c, id);
}

static void
cta_free(Launch *L, Cta *c)
{
	for (int i = 0; i < c->nw; i++) {
		Warp *w = &c->w[i];
		for (int l = 0; l < WARP; l++)
			interp_free(L->cx, w->loc[l]);
		for (int d = 0; w->rpool && d < w->nrpool; d++)   /* NULL: cta_new ran out of memory */
			interp_free(L->cx, w->rpool[d]);
		interp_free(L->cx, w->rpool);
		interp_free(L->cx, w->rcap);
		interp_free(L->cx, w->st);
		interp_free(L->cx, w->cf);
	}
	interp_free(L->cx, c->w);
	interp_free(L->cx, c->shared);
	interp_free(L->cx, c);
}

static Cta *
cta_new(Launch *L, uint32_t linear)
{
	Cta *c = interp_alloc(L->cx, sizeof *c);
	uint32_t nt = L->nthreads;

	if (!c)
		return NULL;
	c->linear = linear;
	c->id[0] = linear % L->grid[0];
	c->id[1] = linear / L->grid[0] % L->grid[1];
	c->id[2] = linear / (L->grid[0] * L->grid[1]);
	c->nw = (int)((nt + WARP - 1) / WARP);
	c->nlive = nt;
	c->nshared = L->pm->shared_static + L->dyn;
	c->shared = interp_alloc(L->cx, c->nshared + 16);
	c->w = interp_alloc(L->cx, (size_t)c->nw * sizeof *c->w);
	if (!c->shared || !c->w) {
		interp_free(L->cx, c->shared);
		interp_free(L->cx, c->w);
		interp_free(L->cx, c);
		return NULL;
	}
	for (int i = 0; i < c->nw; i++) {
		Warp *w = &c->w[i];
		uint32_t n = nt - (uint32_t)i * WARP;
		w->cta = c;
		w->id = i;
		w->valid = w->live = n >= WARP ? 0xffffffffu : (1u << n) - 1;
		w->capcf = 8;
		w->cf = interp_alloc(L->cx, (size_t)w->capcf * sizeof *w->cf);
		w->nrpool = 8;
		w->rpool = interp_alloc(L->cx, 8 * sizeof *w->rpool);
		w->rcap = interp_alloc(L->cx, 8 * sizeof *w->rcap);
		w->capst = 16;
		w->st = interp_alloc(L->cx, 16 * sizeof *w->st);
		if (!w->cf || !w->rpool || !w->rcap || !w->st)
			goto fail;
		w->locsz = (L->k->frame + 1023) / 1024 * 1024;
		if (w->locsz == 0)
			w->locsz = 1024;
		for (int l = 0; l < WARP; l++)
			if (!(w->loc[l] = interp_alloc(L->cx, w->locsz)))
				goto fail;
		w->ncf = 1;
		w->cf[0].fn = L->k;
		w->cf[0].base = 0;
		w->rpool[0] = interp_alloc(L->cx, (size_t)(L->k->nregs ? L->k->nregs : 1) * WARP * sizeof(uint64_t));
		w->rcap[0] = (size_t)(L->k->nregs ? L->k->nregs : 1) * WARP * sizeof(uint64_t);
		if (!w->rpool[0])
			goto fail;
		w->cf[0].r = w->rpool[0];
		w->sp = L->k->frame;
		w->nst = 1;
		w->st[0] = (SEnt){ L->k->pc0, -1, w->live };
	}
	return c;
fail:
	cta_free(L, c);
	return NULL;
}

static const char *
where(const Launch *L, const Warp *w, char *buf, size_t n)
{
	if (w->nst > 0) {
		const XIns *xi = &L->pm->code[w->st[w->nst - 1].pc - (w->blocked ? 1 : 0)];
		snprintf(buf, n, "line %d", xi->in ? xi->in->loc.line : 0);
	} else
		snprintf(buf, n, "exit");
	return buf;
}

static void
deadlock(Launch *L, Cta *c)
{
	char list[1024], b[64];
	size_t n = 0;
	Warp *first = NULL;

	list[0] = 0;
	for (int i = 0; i < c->nw && n < sizeof list - 100; i++) {
		Warp *w = &c->w[i];
		if (w->done)
			continue;
		if (!first)
			first = w;
		n += (size_t)snprintf(list + n, sizeof list - n, "\n  warp %d waits at barrier %d (%s), %d threads arrived",
		    i, w->blocked - 1, where(L, w, b, sizeof b), (int)c->bar[w->blocked - 1].arrived);
	}
	interp_fault(L, first, first ? __builtin_ctz(first->bmask | 1) : -1,
	    first && first->nst ? &L->pm->code[first->st[first->nst - 1].pc - 1] : NULL,
	    PTX_FAULT_DEADLOCK, 0, 0, "every live warp of block (%u,%u,%u) is blocked (%u live threads)%s",
	    c->id[0], c->id[1], c->id[2], c->nlive, list);
}

/* Runs CTA c for up to quantum warp-instructions: RUN_DONE, RUN_SLICE or RUN_FAULT. */
static int
cta_run(Launch *L, Cta *c, uint64_t quantum)
{
	uint64_t start = L->wsteps;

	while (L->wsteps - start < quantum) {
		int ran = 0;
		for (int i = 0; i < c->nw; i++) {
			Warp *w = &c->w[i];
			int rc;
			if (w->done || w->blocked)
				continue;
			ran = 1;
			rc = interp_run(L, w, SLICE);
			if (rc == RUN_FAULT)
				return RUN_FAULT;
			if (rc == RUN_DONE) {
				c->ndone++;
				interp_bar_check(L, c);
			}
		}
		if (c->ndone == c->nw)
			return RUN_DONE;
		if (!ran) {
			deadlock(L, c);
			return RUN_FAULT;
		}
	}
	return RUN_SLICE;
}

int
interp_launch(ptx_ctx *cx, ptx_function *fn, const unsigned grid[3], const unsigned block[3],
              const unsigned cluster[3], size_t shared, const uint8_t *params)
{
	Launch L;
	fenv_t fenv;
	ptx_module *pm = NULL;
	Cta **live = NULL;
	int nlive = 0, cur = 0, rc = PTX_OK, fpu;
	uint64_t total, next = 0;

	for (ptx_module *m = cx->mods; m; m = m->next)
		if (fn >= (ptx_function *)(void *)m->fn && fn < (ptx_function *)(void *)(m->fn + m->nfn))
			pm = m;
	if (!pm || !fn->x.f->entry)
		return PTX_EINVAL;
	memset(&L, 0, sizeof L);
	L.cx = cx;
	L.pm = pm;
	L.k = &fn->x;
	for (int i = 0; i < 3; i++) {
		L.grid[i] = grid[i] ? grid[i] : 1;
		L.block[i] = block[i] ? block[i] : 1;
		L.cluster[i] = cluster[i] ? cluster[i] : 1;
	}
	L.nthreads = L.block[0] * L.block[1] * L.block[2];
	if (L.nthreads > 1024) {
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "a block of %u threads is more than 1024", L.nthreads);
		return PTX_EINVAL;
	}
	L.params = params;
	L.psize = fn->x.psize;
	L.dyn = (uint32_t)shared;
	L.budget = cx->max_steps;
	total = (uint64_t)L.grid[0] * L.grid[1] * L.grid[2];
	memset(&cx->stats, 0, sizeof cx->stats);
	if (interp_count_begin(&L))
		return PTX_ENOMEM;
	live = interp_alloc(cx, MAX_LIVE * sizeof *live);
	if (!live) {
		interp_free(cx, L.st);
		return PTX_ENOMEM;
	}
	fpu = interp_fpu_enter(&fenv);   /* this thread's, until the launch ends */
	L.nofpu = fpu != 1;
	while (nlive || next < total) {
		int r;
		if (nlive == 0 || (cur == nlive && next < total && nlive < MAX_LIVE)) {
			Cta *c = cta_new(&L, (uint32_t)next++);
			if (!c) {
				rc = PTX_ENOMEM;
				break;
			}
			cx->stats.ctas++;
			cx->stats.warps += (uint64_t)c->nw;
			cur = nlive;
			live[nlive++] = c;
		}
		if (cur >= nlive)
			cur = 0;
		r = cta_run(&L, live[cur], CTA_QUANTUM);
		if (r == RUN_FAULT) {
			rc = PTX_ETRAP;
			break;
		}
		if (r == RUN_DONE) {
			cta_free(&L, live[cur]);
			live[cur] = live[--nlive];
			if (cur > nlive)
				cur = nlive;
			continue;
		}
		cur++;   /* quantum used up: give the next CTA (or a new one) a turn */
	}
	if (fpu >= 0)
		interp_fpu_leave(&fenv);
	for (int i = 0; i < nlive; i++)
		cta_free(&L, live[i]);
	interp_free(cx, live);
	cx->stats.warp_insns = L.wsteps;
	cx->stats.thread_insns = L.steps;
	interp_count_end(&L);   /* a faulted launch keeps what it counted */
	if (rc == PTX_ETRAP)
		interp_diag(cx, NULL, cx->fault.line, 0, PTX_SEV_ERROR, NULL, "%s",
		    cx->fault.msg ? cx->fault.msg : "kernel fault");
	return rc;
}

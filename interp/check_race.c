/*
 * check_race.c -- racecheck, shared memory within a CTA: two accesses of
 * the same 4-byte word by different warps, at least one a store, with
 * nothing between them that orders the warps.
 *
 * What orders them is approximated by the CTA's count of events other
 * than exits (Cta.events - Cta.exits), which moves when a thread arrives
 * at a barrier or an mbarrier changes: accesses in one interval of it
 * come from warps that cannot have synchronized through a barrier in
 * between.  That errs
 * towards silence: an arrival anywhere in the CTA ends the interval.
 * Accesses of one warp are never reported (the interpreter runs a warp in
 * lockstep, and warp-synchronous code orders its lanes with __syncwarp,
 * which it does not see), nor an atomic with another atomic or with a
 * load: atomics race with plain stores only (a CAS loop reads its guess
 * with a plain load, and the CAS decides).  Loads and
 * stores of the executor's per-lane path are followed; cp.async, the bulk
 * copies and the matrix loads and stores are not.  Global memory and
 * spin-waits on shared flags are not covered.
 *
 * Each word keeps its last store and its last load: the warp and lane, the
 * instruction, the event count, whether it was atomic, and which CTA (its
 * linear index + 1) they belong to, so that a CTA that reuses a host
 * buffer finds the previous CTA's records stale.  The records live in a
 * table of the launch by host page, freed when it ends.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <string.h>
#include "interp.h"

enum { RPAGE = 4096, RWORDS = RPAGE / 4 };

typedef struct {
	const XIns *xi;
	uint64_t ev;              /* the CTA's event count at the access */
	uint32_t warp;
	uint8_t lane, atom, valid;
} RAcc;

typedef struct {
	uintptr_t key;            /* host address / RPAGE + 1 */
	uint64_t cta[RWORDS];     /* linear index + 1 of the CTA the records are of */
	RAcc w[RWORDS], r[RWORDS];
} RPg;

struct ChkRace {
	RPg **tab;
	size_t cap, n;
};

static size_t
hash(uintptr_t k, size_t cap)
{
	return (size_t)((k * 0x9e3779b97f4a7c15ull) >> 24) & (cap - 1);
}

static RPg *
page(ptx_ctx *cx, struct ChkRace **root, uintptr_t key)
{
	struct ChkRace *s = *root;
	RPg *p;
	size_t i;

	if (!s && !(s = *root = interp_alloc(cx, sizeof *s)))
		return NULL;
	for (i = s->cap ? hash(key, s->cap) : 0; s->cap && s->tab[i]; i = (i + 1) & (s->cap - 1))
		if (s->tab[i]->key == key)
			return s->tab[i];
	if (2 * (s->n + 1) > s->cap) {
		size_t nc = s->cap ? 2 * s->cap : 64;
		RPg **t = interp_alloc(cx, nc * sizeof *t);
		if (!t)
			return NULL;
		for (size_t j = 0; j < s->cap; j++)
			if (s->tab[j]) {
				size_t h = hash(s->tab[j]->key, nc);
				while (t[h])
					h = (h + 1) & (nc - 1);
				t[h] = s->tab[j];
			}
		interp_free(cx, s->tab);
		s->tab = t;
		s->cap = nc;
	}
	if (!(p = interp_alloc(cx, sizeof *p)))
		return NULL;
	p->key = key;
	for (i = hash(key, s->cap); s->tab[i]; i = (i + 1) & (s->cap - 1))
		;
	s->tab[i] = p;
	s->n++;
	return p;
}

void
interp_chk_race_free(ptx_ctx *cx, struct ChkRace **root)
{
	struct ChkRace *s = *root;

	if (!s)
		return;
	for (size_t i = 0; i < s->cap; i++)
		interp_free(cx, s->tab[i]);
	interp_free(cx, s->tab);
	interp_free(cx, s);
	*root = NULL;
}

/* The site of an earlier access, from its record. */
static void
earlier(const Launch *L, const Cta *c, const RAcc *a, int access, uint64_t addr, unsigned size, ChkSite *s)
{
	Warp w;

	memset(&w, 0, sizeof w);
	w.cta = (Cta *)c;
	w.id = (int)a->warp;
	interp_chk_site(L, &w, a->lane, a->xi, access, addr, size, s);
}

static void
hazard(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, unsigned n, int acc, const RAcc *e,
       int eacc, const char *kind)
{
	ChkSite a, b;

	interp_chk_site(L, w, (int)lane, xi, acc, addr, n, &a);
	earlier(L, w->cta, e, eacc, addr, n, &b);
	interp_chk_report(L, w, (int)lane, PTX_CHECK_RACECHECK, kind, &a, &b,
	    "shared memory at 0x%" PRIx64 ": a %s of warp %d and a %s of warp %u with no barrier between them",
	    addr, acc == PTX_ACCESS_READ ? "load" : acc == PTX_ACCESS_WRITE ? "store" : "atomic", w->id,
	    eacc == PTX_ACCESS_READ ? "load" : eacc == PTX_ACCESS_WRITE ? "store" : "atomic", e->warp);
}

void
interp_chk_race(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n,
                int acc)
{
	Cta *c = w->cta;
	uintptr_t a = (uintptr_t)p, end = a + n;
	int write = acc != PTX_ACCESS_READ, atom = acc == PTX_ACCESS_ATOMIC;
	uint64_t ev = c->events - c->exits;   /* arrivals and mbarrier changes: what may order warps */

	if (a < (uintptr_t)c->shared || end > (uintptr_t)c->shared + c->nshared || !n)
		return;   /* another CTA's (shared::cluster) or not shared memory */
	for (uintptr_t wd = a & ~(uintptr_t)3; wd < end; wd += 4) {
		RPg *pg = page(L->cx, &L->race, wd / RPAGE + 1);
		size_t i = wd % RPAGE / 4;
		RAcc *lw, *lr, cur = { xi, ev, (uint32_t)w->id, (uint8_t)lane, (uint8_t)atom, 1 };
		if (!pg)
			return;
		if (pg->cta[i] != c->linear + 1) {   /* records of an earlier CTA on this buffer */
			pg->cta[i] = c->linear + 1;
			pg->w[i].valid = pg->r[i].valid = 0;
		}
		lw = &pg->w[i];
		lr = &pg->r[i];
		/* an atomic races with plain stores only: CAS loops read a guess
		 * with a plain load before the atomic that checks it */
		if (lw->valid && lw->ev == ev && lw->warp != (uint32_t)w->id && !(lw->atom && (atom || !write))) {
			hazard(L, w, lane, xi, addr, n, acc, lw, lw->atom ? PTX_ACCESS_ATOMIC : PTX_ACCESS_WRITE,
			    write ? "write-write" : "write-read");
			return;   /* one report for the access */
		}
		if (write && !atom && lr->valid && lr->ev == ev && lr->warp != (uint32_t)w->id) {
			hazard(L, w, lane, xi, addr, n, acc, lr, PTX_ACCESS_READ, "read-write");
			return;
		}
		if (write)
			*lw = cur;
		else
			*lr = cur;
	}
}

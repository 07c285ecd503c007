/*
 * check_race.c -- racecheck: two accesses of the same bytes by different
 * warps, at least one a plain store, with nothing between them that
 * orders them.
 *
 * Shared memory within a CTA.  What orders warps is approximated by the
 * CTA's count of synchronizations (interp_chk_syncs), which moves when a
 * phase of a CTA barrier completes or an mbarrier changes: accesses in
 * one interval of it come from warps that cannot have synchronized
 * through a barrier in between.  That errs towards silence: a phase of
 * any barrier completing anywhere in the CTA ends the interval.  An
 * arrival does not: the warps still running when another arrived have
 * passed no barrier since its accesses.  Nor does an mbarrier change for
 * a warp that took no part in it: a plain store, load or copy of another
 * warp is also compared with a plain access of an earlier interval that
 * only mbarrier changes ended, when its thread released nothing since
 * (unreleased: an mbarrier orders only what a thread did before its own
 * arrive, or before a warp collective it took part in with the arriving
 * lane, interp_chk_release; lanes of one warp may arrive in different
 * phases).  An atomic races with
 * plain stores only (a CAS loop reads its guess with a plain load, and
 * the CAS decides).  Each word keeps its last store and its last load: the
 * warp and lane, the instruction, the event count, whether it was atomic,
 * the bytes of the word accessed, and which CTA (its linear index + 1)
 * they belong to, so that a CTA that reuses a host buffer finds the
 * previous CTA's records stale.  A copy into shared memory (cp.async,
 * bulk, tensor) becomes, at the wait that completes it, a store of the
 * waiting thread (interp_chk_race_copied): the wait orders only its own
 * thread.
 *
 * Global memory (check_race_global.c) is followed with counts of the
 * instructions that may order threads of different CTAs, which
 * interp_chk_order (below) keeps.
 *
 * The records live in tables of the launch by host page, freed when it
 * ends.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "interp.h"
#include "check_race.h"

typedef struct {
	uintptr_t key;            /* host address / RPAGE + 1 */
	/* the CTA (linear index + 1) and event count of the store record
	 * written last on the page (0: none yet): while they are the loading
	 * CTA's and an earlier count, no word's store can race with a load
	 * (a CTA's count is monotonic, and every test of a load against a
	 * store wants the store's count to be the load's), so a warp's load
	 * skips the words' store records (shared_reads) */
	uint64_t wcta, wev;
	uint64_t cta[RWORDS];     /* linear index + 1 of the CTA the records are of */
	RAcc w[RWORDS], r[RWORDS];
} RPg;

static size_t
hash(uintptr_t k, size_t cap)
{
	return (size_t)((k * 0x9e3779b97f4a7c15ull) >> 24) & (cap - 1);
}

static uintptr_t
keyof(const void *pg)
{
	uintptr_t k;

	memcpy(&k, pg, sizeof k);
	return k;
}

/* check_race.h: the page of key, past what interp_race_page answers
 * inline. */
void *
interp_race_pagefind(ptx_ctx *cx, struct ChkRace **root, uintptr_t key, size_t size, size_t max, int make)
{
	struct ChkRace *s = *root;
	void *p;
	size_t i;

	if (!s && !(s = *root = interp_alloc(cx, sizeof *s)))
		return NULL;
	for (i = s->cap ? hash(key, s->cap) : 0; s->cap && s->tab[i]; i = (i + 1) & (s->cap - 1))
		if (keyof(s->tab[i]) == key) {
			s->last2 = s->last;
			s->lastkey2 = s->lastkey;
			s->lastkey = key;
			return s->last = s->tab[i];
		}
	if (!make) {
		s->misskey2 = s->misskey;
		s->misskey = key;
		return NULL;
	}
	s->misskey = s->misskey2 = 0;
	s->made = 0;
	if (s->n >= max)
		return NULL;
	if (2 * (s->n + 1) > s->cap) {
		size_t nc = s->cap ? 2 * s->cap : 64;
		void **t = interp_alloc(cx, nc * sizeof *t);
		if (!t)
			return NULL;
		for (size_t j = 0; j < s->cap; j++)
			if (s->tab[j]) {
				size_t h = hash(keyof(s->tab[j]), nc);
				while (t[h])
					h = (h + 1) & (nc - 1);
				t[h] = s->tab[j];
			}
		interp_free(cx, s->tab);
		s->tab = t;
		s->cap = nc;
	}
	if (!(p = interp_alloc(cx, size)))
		return NULL;
	memcpy(p, &key, sizeof key);
	for (i = hash(key, s->cap); s->tab[i]; i = (i + 1) & (s->cap - 1))
		;
	s->tab[i] = p;
	s->n++;
	s->made = 1;
	s->last2 = s->last;
	s->lastkey2 = s->lastkey;
	s->lastkey = key;
	return s->last = p;
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
	interp_free(cx, s->held);
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

/* check_race.h.  A new held pair in s: the load of thread (cta, warp, lane) of host word
 * wd against an atomic, a and b the later and the earlier instruction;
 * NULL when the same is held already, or past GHELD_MAX (missed, never
 * made up) or out of memory. */
struct GHeld *
interp_race_heldnew(Launch *L, struct ChkRace *s, uintptr_t wd, uint32_t cta, uint16_t warp, uint8_t lane,
                    const XIns *a, const XIns *b)
{
	struct GHeld *h;

	for (size_t j = 0; j < s->nheld; j++)   /* one a thread, word and pair of instructions */
		if (s->held[j].word == wd && s->held[j].cta == cta && s->held[j].warp == warp &&
		    s->held[j].lane == lane && s->held[j].a.xi == a && s->held[j].b.xi == b)
			return NULL;
	if (s->nheld == s->capheld) {
		size_t nc = s->capheld ? 2 * s->capheld : 16;
		if (s->nheld >= GHELD_MAX || !(h = interp_realloc(L->cx, s->held, nc * sizeof *h)))
			return NULL;
		s->held = h;
		s->capheld = nc;
	}
	h = &s->held[s->nheld++];
	memset(h, 0, sizeof *h);
	h->word = wd;
	h->cta = cta;
	h->warp = warp;
	h->lane = lane;
	return h;
}

/* A plain load and an atomic other than a CAS of the shared word at host
 * wd, of different warps with no barrier between them: held under the
 * loading thread (cur's, or the earlier record e's when loadfirst) as
 * global memory's are (hold, below), until it executes a CAS of the word
 * or the launch ends and reports it. */
static void
shhold(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, unsigned n, int acc, const RAcc *e,
       int loadfirst, uintptr_t wd)
{
	struct GHeld *h = interp_race_heldnew(L, L->race, wd, (uint32_t)w->cta->linear + 1,
	    loadfirst ? e->warp : (uint16_t)w->id, loadfirst ? e->lane : (uint8_t)lane, xi, e->xi);

	if (!h)
		return;
	h->loadfirst = (uint8_t)loadfirst;
	h->how = 1;
	interp_chk_site(L, w, (int)lane, xi, acc, addr, n, &h->a);
	earlier(L, w->cta, e, loadfirst ? PTX_ACCESS_READ : PTX_ACCESS_ATOMIC, addr, n, &h->b);
}

/* A CAS by lane of w of the shared word at host wd: the plain loads of
 * its thread held against atomics were its guesses. */
static void
shunhold(Launch *L, Warp *w, uint32_t lane, uintptr_t wd)
{
	struct ChkRace *s = L->race;
	uint32_t cta = (uint32_t)w->cta->linear + 1;

	for (size_t j = 0; j < s->nheld;)
		if (s->held[j].word == wd && s->held[j].cta == cta && s->held[j].warp == w->id && s->held[j].lane == lane)
			s->held[j] = s->held[--s->nheld];
		else
			j++;
}

static int
iscas(const XIns *xi)
{
	return xi->x == X_ATOM && xi->in && ir_mod_atomop(xi->in) == MOD_CAS;
}

/* ------------------------------------------------------------ ordering */

int
interp_chk_strong(const Ins *in)
{
	return in && (ir_hasmod(in, MOD_VOLATILE) || ir_hasmod(in, MOD_RELAXED) || ir_hasmod(in, MOD_ACQUIRE) ||
	    ir_hasmod(in, MOD_RELEASE) || ir_hasmod(in, MOD_ACQ_REL) || ir_hasmod(in, MOD_SC) ||
	    ir_hasmod(in, MOD_MMIO));
}

/* strong() of xi, remembered by pc for the launch: the lanes of one
 * access, and the accesses of a loop, ask again and again (strongx, the
 * answer remembered, inline, check_race.h; this, the first time). */
int
interp_race_strongpc(Launch *L, const XIns *xi, size_t pc)
{
	if (!L->strongpc && pc < (size_t)L->pm->ncode)
		L->strongpc = interp_alloc(L->cx, (size_t)L->pm->ncode);
	if (!L->strongpc || pc >= (size_t)L->pm->ncode)
		return interp_chk_strong(xi->in);
	if (!L->strongpc[pc])
		L->strongpc[pc] = (uint8_t)(1 + interp_chk_strong(xi->in));
	return L->strongpc[pc] - 1;
}

static int
scoped(const Ins *in)
{
	return in && ir_mod_scope(in) == MOD_CTA ? ORD_CTA : ORD_ALL;
}

/* A strong access or atomic without release or acquire semantics
 * (.relaxed, .volatile, .mmio, an atomic with no .sem) orders nothing
 * beyond its CTA by itself: the PTX memory model's release and acquire
 * patterns across CTAs need a fence with it, and the fence is counted.
 * So a flag published with a relaxed store and no fence before it leaves
 * the data beside it unordered, and is reported. */
static int
semscoped(const Ins *in)
{
	if (in && !ir_hasmod(in, MOD_RELEASE) && !ir_hasmod(in, MOD_ACQUIRE) && !ir_hasmod(in, MOD_ACQ_REL) &&
	    !ir_hasmod(in, MOD_SC))
		return ORD_CTA;
	return scoped(in);
}

int
interp_race_ordering(Launch *L, const XIns *xi)
{
	const Ins *in = xi->in;

	switch (xi->x) {
	case X_SHFL: case X_VOTE: case X_MATCH: case X_REDUX: case X_ELECT: case X_BARWARP:
		return ORD_WARP;
	case X_ALU: case X_MOV: case X_MOVPACK: case X_MOVUNPACK: case X_CVTA: case X_CVTATO:
	case X_ISSPACEP: case X_BRA: case X_BRX: case X_RET: case X_EXIT: case X_TRAP: case X_BRKPT:
	case X_ACTIVEMASK: case X_MOVN: case X_CPASYNC: case X_LDMATRIX: case X_STMATRIX: case X_MOVMATRIX:
	case X_MMA: case X_WGMMA: case X_WMMALD: case X_WMMAST: case X_WMMA: case X_STACK: case X_TEX:
	case X_END:
		return ORD_NONE;
	case X_LD: case X_ST:
		return interp_race_strong(L, xi) ? semscoped(in) : ORD_NONE;
	case X_ATOM:
		return semscoped(in);
	case X_BAR: case X_BARARRIVE: case X_BARRED:
		return ORD_CTA;
	case X_CALL:
		return xi->target >= 0 && L->pm->fn[xi->target].f->hasbody ? ORD_NONE : ORD_ALL;
	case X_NOP:
		if (!in)
			return ORD_ALL;
		switch (in->op) {
		case OP_MEMBAR: case OP_FENCE:
			return scoped(in);
		case OP_PREFETCH: case OP_PREFETCHU: case OP_NANOSLEEP: case OP_PMEVENT: case OP_DISCARD:
		case OP_APPLYPRIORITY: case OP_SETMAXNREG: case OP_CP_ASYNC_COMMIT_GROUP:
		case OP_CP_ASYNC_WAIT_GROUP: case OP_CP_ASYNC_WAIT_ALL: case OP_WGMMA_FENCE:
		case OP_CP_ASYNC_BULK_COMMIT_GROUP: case OP_CP_ASYNC_BULK_WAIT_GROUP:
		case OP_WGMMA_COMMIT_GROUP: case OP_WGMMA_WAIT_GROUP:
			return ORD_NONE;
		default:
			return ORD_ALL;
		}
	default:
		return ORD_ALL;
	}
}

/* Whether an instruction interp_race_ordering() counts as ORD_ALL can be the acquire
 * half of a chain between CTAs: everything but stores and reductions
 * (st.release, red.release: releases only), barrier.cluster.arrive (its
 * wait acquires) and atomics whose only semantics is .release.  A fence counts, so the volatile or relaxed load
 * and fence that __threadfence() makes of a reader's acquire does. */
int
interp_chk_acquires(const XIns *xi)
{
	const Ins *in = xi->in;

	if (!in)
		return 1;
	if (xi->x == X_ST || in->op == OP_RED || in->op == OP_BARRIER_CLUSTER_ARRIVE)
		return 0;
	return xi->x != X_ATOM || !ir_hasmod(in, MOD_RELEASE);
}

void
interp_chk_order(Launch *L, Warp *w, const XIns *xi, uint32_t m)
{
	int ord = m ? interp_race_ordering(L, xi) : ORD_NONE;
	uint64_t acq = 0;

	/* what the lanes' mbarrier waits saw (Warp.lacq, unreleased): shared
	 * by the lanes of a warp collective, and a fence, a strong load or an
	 * atomic may acquire from a thread that saw more -- all completions
	 * so far, missed rather than reported falsely (a CTA barrier ends the
	 * interval itself, Cta.chkbar, and mbarriers have their own rule).
	 * Before the launch's first release it matters to nothing: a release
	 * goes into a phase that completes after it */
	if (!L->racerel)
		;
	else if (ord == ORD_WARP) {
		for (uint32_t k = m; k; k &= k - 1)
			acq = acq > w->lacq[__builtin_ctz(k)] ? acq : w->lacq[__builtin_ctz(k)];
	} else if (ord != ORD_NONE && (xi->x == X_NOP || xi->x == X_LD || xi->x == X_ATOM || xi->x == X_CALL ||
	    xi->x == X_CLU) && interp_chk_acquires(xi))
		acq = interp_chk_syncs(w->cta);
	if (acq)
		for (uint32_t k = m; k; k &= k - 1)
			if (w->lacq[__builtin_ctz(k)] < acq)
				w->lacq[__builtin_ctz(k)] = acq;
	switch (ord) {
	case ORD_WARP:
		w->chkw++;
		for (uint32_t k = m; k; k &= k - 1)   /* the lanes of this collective (interp_chk_release) */
			w->lsw[__builtin_ctz(k)] = w->chkw;
		if (L->racecopy) {   /* and each lane's order after a copy another lane waited for */
			uint64_t v = ++w->cta->chkwaits;
			for (uint32_t k = m; k; k &= k - 1)
				w->lwait[__builtin_ctz(k)] = v;
		}
		break;
	case ORD_CTA:
		w->cta->chkord++;
		break;
	case ORD_ALL:
		/* the records keep the low 32 bits: start afresh when they wrap */
		if (!(uint32_t)++L->gord) {
			interp_chk_race_free(L->cx, &L->grace);
			interp_chk_race_free(L->cx, &L->gread);
			if (L->relg)
				memset(L->relg, 0, (size_t)L->nrelg * sizeof *L->relg);
			if (L->acqg)
				memset(L->acqg, 0, (size_t)L->nrelg * sizeof *L->acqg);
		}
		if (!L->relg && !L->nrelg) {
			uint64_t n = (uint64_t)L->grid[0] * L->grid[1] * L->grid[2];
			L->nrelg = n <= 1u << 22 ? n : 1;   /* 1 and NULL: not followed, the grid-wide rule alone */
			if (n <= 1u << 22 && !(L->relg = interp_alloc(L->cx, (size_t)n * sizeof *L->relg)))
				L->nrelg = 1;
			if (L->relg && !(L->acqg = interp_alloc(L->cx, (size_t)n * sizeof *L->acqg))) {
				interp_free(L->cx, L->relg);
				L->relg = NULL;
				L->nrelg = 1;
			}
		}
		if (L->relg && w->cta->linear < L->nrelg)
			L->relg[w->cta->linear] = (uint32_t)L->gord;
		if (L->acqg && w->cta->linear < L->nrelg && interp_chk_acquires(xi))
			L->acqg[w->cta->linear] = (uint32_t)L->gord;
		if (w->cta->clu && w->cta->clu->n > 1)
			interp_chk_dsmem_order(L, w, xi, m);
		break;
	}
}

/* Two lanes of warp w: the access of lane (site a) and an earlier one of
 * lane elane (site b), with nothing between them that orders the lanes. */
void
interp_race_lanehazard(Launch *L, Warp *w, uint32_t lane, const char *space, uint64_t addr, int acc, int eacc,
                       unsigned elane, const ChkSite *a, const ChkSite *b)
{
	interp_chk_report(L, w, (int)lane, PTX_CHECK_RACECHECK,
	    acc == PTX_ACCESS_WRITE ? eacc == PTX_ACCESS_WRITE ? "warp-write-write" : "warp-read-write" :
	    "warp-write-read", a, b,
	    "%s memory at 0x%" PRIx64 ": a %s of lane %u and a %s of lane %u of warp %d, in different instructions "
	    "with no __syncwarp (bar.warp.sync) between them: the lanes of a warp are not ordered without one",
	    space, addr, acc == PTX_ACCESS_WRITE ? "store" : "load", lane, eacc == PTX_ACCESS_WRITE ? "store" : "load",
	    elane, w->id);
}

/* The launch ends: the plain loads held against atomics that no CAS of
 * their thread followed are reported. */
void
interp_chk_race_end(Launch *L)
{
	struct ChkRace *s = L->grace;

	for (size_t j = 0; L->race && j < L->race->nheld; j++) {
		const struct GHeld *h = &L->race->held[j];
		const ChkSite *a = &h->a, *b = &h->b;
		interp_chk_report(L, NULL, -1, PTX_CHECK_RACECHECK, h->loadfirst ? "read-write" : "write-read", a, b,
		    "shared memory at 0x%" PRIx64 ": a%s of thread (%u,%u,%u) and a%s of thread (%u,%u,%u), of another "
		    "warp, with no barrier between them (a plain load races with an atomic of another thread; the "
		    "load was no guess that a CAS of its thread then checked)", a->addr,
		    h->loadfirst ? "n atomic" : " load", a->thread[0], a->thread[1], a->thread[2],
		    h->loadfirst ? " load" : "n atomic", b->thread[0], b->thread[1], b->thread[2]);
	}
	if (L->race)
		L->race->nheld = 0;
	for (size_t j = 0; s && j < s->nheld; j++) {
		const struct GHeld *h = &s->held[j];
		const ChkSite *a = &h->a, *b = &h->b;
		interp_chk_report(L, NULL, -1, PTX_CHECK_RACECHECK, h->loadfirst ? "global-read-write" :
		    "global-write-read", a, b, "global memory at 0x%" PRIx64 ": a%s of block (%u,%u,%u) and a%s of "
		    "block (%u,%u,%u) with nothing between them that orders the two (a plain load races with an "
		    "atomic of another thread%s; the load was no guess that a CAS of its thread then checked)",
		    a->addr, h->loadfirst ? "n atomic" : " load", a->cta[0], a->cta[1], a->cta[2],
		    h->loadfirst ? " load" : "n atomic", b->cta[0], b->cta[1], b->cta[2],
		    h->how == 3 ? ": the atomic's block released it, but the load's block executed no acquire "
		    "since" : "");
	}
	if (s)
		s->nheld = 0;
}

/* -------------------------------------------------------- shared memory */

#if defined(__GNUC__)
#define RACE_INLINE inline __attribute__((always_inline))
#else
#define RACE_INLINE inline
#endif

/* Warp id of c makes records of shared memory in c's interval ev
 * (ChkRace.ivwarps). */
static RACE_INLINE void
ivmark(struct ChkRace *s, const Cta *c, uint64_t ev, int id)
{
	if (s->ivcta != c->linear + 1) {   /* another CTA's in between: the earlier ones not known */
		s->ivcta = c->linear + 1;
		s->ivev = ev;
		s->ivwarps = ~(uint64_t)0;
	} else if (s->ivev != ev) {   /* a new interval: none yet */
		s->ivev = ev;
		s->ivwarps = 0;
	}
	s->ivwarps |= (uint64_t)1 << (id & 63);
}

/* The record of an access of the instruction xi that its lanes share (all
 * but the lane and the bytes), made for the first lane (a checked launch
 * runs on one host thread and counts its warp-instructions in L->wsteps):
 * the CTA's count of arrivals and mbarrier changes, which may order
 * warps; what may order lanes of the warp -- any of that, the warp's own
 * collectives, the CTA's and the launch's fences, strong accesses and
 * atomics (monotonic counts: the sum moves when any does).  NULL: out of
 * memory. */
static const RAcc *
shcur(Launch *L, Warp *w, const XIns *xi, int acc)
{
	struct ChkRace *s = L->race;
	Cta *c = w->cta;

	if (w->id > UINT16_MAX || (!s && !(s = L->race = interp_alloc(L->cx, sizeof *s))))
		return NULL;   /* warps of a CTA are at most 32: the first never happens */
	if (s->stamp != L->wsteps || s->cur.xi != xi || s->acc != acc) {
		uint64_t ev = interp_chk_syncs(c);
		int atom = acc == PTX_ACCESS_ATOMIC;
		s->stamp = L->wsteps;
		s->acc = acc;
		s->cur = (RAcc){ .xi = xi, .ev = ev, .wv = ev + c->chkord + w->chkw + L->gord,
		    .warp = (uint16_t)w->id, .atom = (uint8_t)atom, .valid = 1,
		    .weak = (uint8_t)(!atom && !interp_race_strong(L, xi)) };
		ivmark(s, c, ev, w->id);
	}
	return &s->cur;
}

/* Whether the plain access of record e, of another warp of c than the
 * one asking (lane of w), and of an earlier interval, is still unordered
 * before the asker: every change of the CTA's count since was an
 * mbarrier's (no barrier phase completed), and no release of e's thread
 * since reached the asker.  An mbarrier phase orders what a thread did
 * before its arrive (or before a copy it issued completes on it) ahead
 * of the waits that see that phase complete -- not the waits of an
 * earlier phase (race_mbar_phase.ptx), and not a thread that waited for
 * nothing (race_mbar_reader.ptx).  So e is released to the asker when a
 * release of e's thread after it (Warp.lrl: the phase it went into, and
 * when that completed) went into a phase that completed no later than the
 * last completion the asker's waits saw (Warp.lacq).  Comparing
 * completions by the CTA's count, rather than naming the object, keeps
 * chains (a waits, then arrives on another mbarrier a second thread waits
 * for): a completion the asker saw came after every one before it, which
 * errs towards silence.  Another thread's arrive orders nothing of e's,
 * not even one of its warp's that arrives in another phase
 * (race_mbar_lanes.ptx), and neither does e's thread's own wait (a
 * reading warp that waits for the next stage's phase has released nothing
 * of the stage it read: cuda/pipe.cu tma_pipe mode 3 at -G).  A thread
 * whose releases since e are more than the LREL kept counts as released
 * (missed, never reported falsely). */
static int
unreleased(const Cta *c, const RAcc *e, const Warp *w, uint32_t lane)
{
	const Warp *o;
	uint32_t l, n, k;
	uint64_t first = LREL_NEVER;   /* the first completion of a phase it released e into */

	if (e->atom || c->chkbar > e->ev || e->warp >= c->nw)
		return 0;
	o = &c->w[e->warp];
	l = e->lane % WARP;
	if (o->lrel[l] <= e->ev)   /* released nothing since */
		return 1;
	n = o->nlrl[l];
	for (k = 0; k < LREL && k < n; k++) {   /* the newest first */
		const LRel *r = &o->lrl[l][(n - 1 - k) % LREL];
		if (r->ev <= e->ev)
			break;
		first = first < r->done ? first : r->done;
	}
	if (k == LREL && n > LREL)
		return 0;   /* one not kept may be after e too, and may have completed first */
	return first > w->lacq[lane % WARP];
}

/* One release of lane l of w into the open phase of its CTA's mbarrier
 * at shared offset off, at ev. */
static void
relnote(Warp *w, uint32_t l, uint32_t off, uint64_t ev)
{
	LRel *r = &w->lrl[l][w->nlrl[l] % LREL];

	w->lrel[l] = ev;
	*r = (LRel){ .ev = ev, .done = LREL_PEND, .mb = off + 1 };
	w->nlrl[l]++;
}

/* Lane of w made an operation on one of its CTA's mbarriers other than a
 * wait (mbarrier.c): what it did before is released to the waits that see
 * the phase complete, and so is what the lanes of its last warp
 * collective (a __syncwarp, an elect.sync, a shuffle ...) did before that
 * collective -- or after it, which is missed, never made up: the common
 * form, every lane's stores, __syncwarp, one elected lane's arrive. */
void
interp_chk_release(Launch *L, Warp *w, uint32_t lane, uint32_t off)
{
	uint64_t ev;
	uint32_t sw;

	if (!(L->chk & PTX_CHECK_RACECHECK) || lane >= WARP)
		return;
	L->racerel = 1;
	ev = interp_chk_syncs(w->cta);
	relnote(w, lane, off, ev);
	if (!(sw = w->lsw[lane]))
		return;
	for (uint32_t k = 0; k < WARP; k++)
		if (k != lane && w->lsw[k] == sw)
			relnote(w, k, off, ev);
}

/* The open phase of c's mbarrier at shared offset off completed (gone:
 * the object was invalidated, or initialised again, and its open phase
 * never completes): the releases into it of c's lanes get their
 * completion, and the object's last completion is kept for the waits
 * that see it (interp_chk_acquire). */
void
interp_chk_mbphase(Launch *L, Cta *c, uint32_t off, int gone)
{
	struct ChkRace *s = L->race;
	uint64_t ev = interp_chk_syncs(c), cta = c->linear + 1;
	uint32_t j;

	if (!(L->chk & PTX_CHECK_RACECHECK))
		return;
	for (int i = 0; i < c->nw; i++) {
		Warp *w = &c->w[i];
		for (uint32_t l = 0; l < WARP; l++)
			for (uint32_t k = 0; k < LREL && k < w->nlrl[l]; k++)
				if (w->lrl[l][k].mb == off + 1 && w->lrl[l][k].done == LREL_PEND)
					w->lrl[l][k].done = gone ? LREL_NEVER : ev;
	}
	if (gone || (!s && !(s = L->race = interp_alloc(L->cx, sizeof *s))))
		return;   /* no table: a wait then acquires all (interp_chk_acquire) */
	for (j = 0; j < s->nmbc && !(s->mbc[j].cta == cta && s->mbc[j].off == off); j++)
		;
	if (j == MBC_MAX) {   /* full: the least recently completed goes */
		for (uint32_t i = j = 0; i < MBC_MAX; i++)
			if (s->mbc[i].ev < s->mbc[j].ev)
				j = i;
	} else if (j == s->nmbc) {
		s->nmbc++;
	}
	s->mbc[j].cta = cta;
	s->mbc[j].off = off;
	s->mbc[j].ev = ev;
}

/* Lane of w saw, by a wait, the last completed phase of its CTA's
 * mbarrier at off: what was released into that phase or an earlier
 * completion is now ordered before it.  An object whose completion is no
 * longer kept gives all completions so far (missed, never reported
 * falsely). */
void
interp_chk_acquire(Launch *L, Warp *w, uint32_t lane, uint32_t off)
{
	const struct ChkRace *s = L->race;
	uint64_t ev = interp_chk_syncs(w->cta), cta = w->cta->linear + 1;

	if (!(L->chk & PTX_CHECK_RACECHECK) || lane >= WARP)
		return;
	for (uint32_t j = 0; s && j < s->nmbc; j++)
		if (s->mbc[j].cta == cta && s->mbc[j].off == off) {
			ev = s->mbc[j].ev;
			break;
		}
	if (w->lacq[lane] < ev)
		w->lacq[lane] = ev;
}

/* The access cur (lane, bytes filled) to word i of the page pg of shared
 * memory: compared with the word's records (of its interval, and plain
 * ones of earlier intervals that are unreleased), then recorded.  1:
 * reported (one report an access). */
static RACE_INLINE int
sword(Launch *L, Warp *w, const XIns *xi, uint64_t addr, unsigned n, int acc, RPg *pg, size_t i, const RAcc *cur)
{
	Cta *c = w->cta;
	int write = acc != PTX_ACCESS_READ, atom = acc == PTX_ACCESS_ATOMIC, rep = 0;
	uint32_t lane = cur->lane;
	RAcc *lw, *lr, *e = NULL;
	uintptr_t wd;

	if (pg->cta[i] != c->linear + 1) {   /* records of an earlier CTA on this buffer */
		pg->cta[i] = c->linear + 1;
		pg->w[i].valid = pg->r[i].valid = 0;
	}
	lw = &pg->w[i];
	lr = &pg->r[i];
	wd = (uintptr_t)pg->key * RPAGE - RPAGE + i * 4;   /* the word's host address: what held pairs name */
	/* an atomic races with plain stores; with plain loads too, unless
	 * the load was a CAS loop's guess (held until the loading thread's
	 * CAS or the launch's end tells, shhold) */
	if (atom && L->race->nheld && iscas(xi))
		shunhold(L, w, lane, wd);
	if (lw->valid && (lw->bytes & cur->bytes) && lw->ev == cur->ev && lw->warp != cur->warp && lw->atom &&
	    !write && !iscas(lw->xi))
		shhold(L, w, lane, xi, addr, n, acc, lw, 0, wd);
	else if (atom && !iscas(xi) && lr->valid && (lr->bytes & cur->bytes) && lr->ev == cur->ev &&
	    lr->warp != cur->warp)
		shhold(L, w, lane, xi, addr, n, acc, lr, 1, wd);
	if (lw->valid && (lw->bytes & cur->bytes) && lw->warp != cur->warp &&
	    (lw->ev == cur->ev || (lw->valid == 1 && !atom && unreleased(c, lw, w, lane))) &&
	    !(lw->atom && (atom || !write)) && !(lw->valid == 2 && w->lwait[lane] > lw->wv)) {
		hazard(L, w, lane, xi, addr, n, acc, lw, lw->atom ? PTX_ACCESS_ATOMIC : PTX_ACCESS_WRITE,
		    write ? "write-write" : "write-read");
		rep = 1;
	} else if (write && !atom && lr->valid && (lr->bytes & cur->bytes) && lr->warp != cur->warp &&
	    (lr->ev == cur->ev || unreleased(c, lr, w, lane))) {
		hazard(L, w, lane, xi, addr, n, acc, lr, PTX_ACCESS_READ, "read-write");
		rep = 1;
	}
	/* lanes of this warp: plain accesses of other lanes in other
	 * instructions (lanes of one instruction run together); a copy
	 * another lane waited for (interp_chk_race_copied) */
	if (rep)
		;
	else if (cur->weak && lw->valid && lw->weak && (lw->bytes & cur->bytes) && lw->warp == cur->warp &&
	    lw->lane != lane && lw->xi != xi && lw->wv == cur->wv)
		e = lw;
	else if (cur->weak && lw->valid >= 2 && (lw->bytes & cur->bytes) && lw->warp == cur->warp &&
	    lw->lane != lane && lw->ev == cur->ev && w->lwait[lane] <= lw->wv)
		e = lw;
	else if (cur->weak && write && lr->valid && lr->weak && (lr->bytes & cur->bytes) &&
	    lr->warp == cur->warp && lr->lane != lane && lr->xi != xi && lr->wv == cur->wv)
		e = lr;
	if (e) {
		ChkSite sa, sb;
		int eacc = e == lw ? PTX_ACCESS_WRITE : PTX_ACCESS_READ;
		interp_chk_site(L, w, (int)lane, xi, acc, addr, n, &sa);
		earlier(L, c, e, eacc, addr, n, &sb);
		interp_race_lanehazard(L, w, lane, "shared", addr, acc, eacc, e->lane, &sa, &sb);
		rep = 1;
	}
	/* a reported access is recorded all the same: a later access races
	 * with it as with any other */
	if (write) {
		*lw = *cur;
		pg->wcta = c->linear + 1;
		pg->wev = cur->ev;
	} else
		*lr = *cur;
	return rep;
}

static RACE_INLINE void
shared(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n, int acc)
{
	uintptr_t a = (uintptr_t)p, end = a + n;
	const RAcc *tmpl = shcur(L, w, xi, acc);
	RAcc cur;

	if (!tmpl)
		return;
	cur = *tmpl;
	cur.lane = (uint8_t)lane;
	for (uintptr_t wd = a & ~(uintptr_t)3; wd < end; wd += 4) {
		struct ChkRace *s = L->race;
		RPg *pg = s->last && s->lastkey == wd / RPAGE + 1 ? s->last :
		    interp_race_page(L->cx, &L->race, wd / RPAGE + 1, sizeof(RPg), SIZE_MAX, 1);
		if (!pg)
			return;
		cur.bytes = wd >= a && wd + 4 <= end ? 0xf : interp_race_wordbytes(wd, a, end);
		if (sword(L, w, xi, addr, n, acc, pg, wd % RPAGE / 4, &cur))
			return;   /* one report for the access */
	}
}

/* The n bytes at host p of w's CTA's shared memory, which the copy xi
 * wrote, are complete for lane of w: its cp.async wait, or (mbar) the
 * first wait that saw the bulk copy's phase complete.  They become that
 * thread's store at this moment, so that another warp's access that no
 * barrier orders after the wait races with the copy; after a bulk copy,
 * a thread's own wait on an mbarrier orders it too (valid 2: wv holds the
 * CTA's count of waits, which the thread's, Warp.lwait, must pass; a wait
 * on another mbarrier counts as well: missed, never made up).  The other lanes of
 * the waiting warp are ordered after it by a wait of their own on an
 * mbarrier (valid 2) or a __syncwarp (bar.warp.sync) since, which set
 * their Warp.lwait past wv, or a barrier; a cp.async wait (valid 3)
 * completes its own thread's copies alone.  Lanes that each wait for
 * their own copies and read the others' race, as the PTX memory model
 * has it. */
void
interp_chk_race_copied(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const uint8_t *p, uint64_t n, int mbar)
{
	Cta *c = w->cta;
	uintptr_t a = (uintptr_t)p, end = a + n;
	RAcc cur;

	if (!n || w->id > UINT16_MAX || p < c->shared || n > c->nshared || (uint64_t)(p - c->shared) > c->nshared - n ||
	    (!L->race && !(L->race = interp_alloc(L->cx, sizeof *L->race))))
		return;
	L->racecopy = 1;
	cur = (RAcc){ .xi = xi, .ev = interp_chk_syncs(c), .wv = c->chkwaits,
	    .warp = (uint16_t)w->id, .lane = (uint8_t)lane, .valid = mbar ? 2 : 3 };
	ivmark(L->race, c, cur.ev, w->id);
	for (uintptr_t wd = a & ~(uintptr_t)3; wd < end; wd += 4) {
		RPg *pg = interp_race_page(L->cx, &L->race, wd / RPAGE + 1, sizeof(RPg), SIZE_MAX, 1);
		size_t i = wd % RPAGE / 4;
		if (!pg)
			return;
		if (pg->cta[i] != c->linear + 1) {   /* records of an earlier CTA on this buffer */
			pg->cta[i] = c->linear + 1;
			pg->w[i].valid = pg->r[i].valid = 0;
		}
		cur.bytes = wd >= a && wd + 4 <= end ? 0xf : interp_race_wordbytes(wd, a, end);
		/* a store of this interval stays: the race it is part of (with
		 * the copy, racecheck's write-write already) is also one with
		 * the readers that come next */
		if (!(pg->w[i].valid == 1 && pg->w[i].ev == cur.ev)) {
			pg->w[i] = cur;
			pg->wcta = c->linear + 1;
			pg->wev = cur.ev;
		}
	}
	L->race->stamp = 0;   /* shcur's record of the last instruction is stale */
}

/* A copy xi of lane of w (cp.async, a bulk or tensor copy) was issued into
 * the n bytes at host p of w's CTA's shared memory: its bytes may land at
 * any moment until it completes, so a load or store of another warp that
 * nothing orders before the issue -- of the CTA's current interval, or
 * of an earlier one that only mbarriers ended, by a warp that released
 * nothing since (unreleased) -- races with it (read-write, write-write:
 * a pipeline that copies into a stage other warps may still be reading,
 * with no barrier after their reads).  The words' records are compared,
 * not changed: the copy is recorded as a store when it completes
 * (interp_chk_race_copied).  One report a copy. */
void
interp_chk_race_issued(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const uint8_t *p, uint64_t n)
{
	Cta *c = w->cta;
	uintptr_t a = (uintptr_t)p, end = a + n;
	uint64_t ev = interp_chk_syncs(c);
	RPg *pg = NULL;

	if (!n || !L->race || p < c->shared || n > c->nshared || (uint64_t)(p - c->shared) > c->nshared - n)
		return;
	/* no other warp made a record in the interval, and none of an
	 * earlier one can be unreleased (a barrier phase ended it): nothing
	 * to race with (a copy issued after a barrier; the words cost a cache
	 * miss each) */
	if (L->race->ivcta == c->linear + 1 && L->race->ivev == ev && c->chkbar == ev &&
	    !(L->race->ivwarps & ~((uint64_t)1 << (w->id & 63))))
		return;
	for (uintptr_t wd = a & ~(uintptr_t)3; wd < end; wd += 4) {
		size_t i = wd % RPAGE / 4;
		uint8_t bytes;
		const RAcc *e = NULL;
		uint64_t at;
		ChkSite sa, sb;
		if (!pg || i == 0) {   /* the page, once a page (a copy is 4-16 bytes, a bulk copy more) */
			pg = interp_race_page(L->cx, &L->race, wd / RPAGE + 1, sizeof(RPg), SIZE_MAX, 0);
			if (!pg) {   /* no records on the page: on to the next */
				wd = (wd / RPAGE + 1) * RPAGE - 4;
				continue;
			}
		}
		if (pg->cta[i] != c->linear + 1)
			continue;
		bytes = wd >= a && wd + 4 <= end ? 0xf : interp_race_wordbytes(wd, a, end);
		if (pg->w[i].valid && (pg->w[i].bytes & bytes) && pg->w[i].warp != w->id &&
		    (pg->w[i].ev == ev || (pg->w[i].valid == 1 && unreleased(c, &pg->w[i], w, lane))))
			e = &pg->w[i];
		else if (pg->r[i].valid && (pg->r[i].bytes & bytes) && pg->r[i].warp != w->id &&
		    (pg->r[i].ev == ev || unreleased(c, &pg->r[i], w, lane)))
			e = &pg->r[i];
		if (!e)
			continue;
		at = wd < a ? (uint64_t)(a - (uintptr_t)c->shared) : (uint64_t)(wd - (uintptr_t)c->shared);
		interp_chk_site(L, w, (int)lane, xi, PTX_ACCESS_WRITE, at, 4, &sa);
		earlier(L, c, e, e == &pg->w[i] ? PTX_ACCESS_WRITE : PTX_ACCESS_READ, at, 4, &sb);
		interp_chk_report(L, w, (int)lane, PTX_CHECK_RACECHECK, e == &pg->w[i] ? "write-write" : "read-write", &sa,
		    &sb, "shared memory at 0x%" PRIx64 ": a copy of warp %d into bytes that a %s of warp %u accessed "
		    "with no barrier between them: the copy may land before that %s", at, w->id,
		    e == &pg->w[i] ? "store" : "load", e->warp, e == &pg->w[i] ? "store" : "load");
		return;
	}
}

/* ------------------------------------------------------------ the entry */

/* The CTA of cluster k whose shared memory holds [a, a + n); NULL: none. */
static const Cta *
owner(const Clu *k, uintptr_t a, unsigned n)
{
	for (int i = 0; i < k->n; i++) {
		const Cta *o = k->cta[i];
		if (a >= (uintptr_t)o->shared && a + n <= (uintptr_t)o->shared + o->nshared)
			return o;
	}
	return NULL;
}

static RACE_INLINE void
race(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n, int acc)
{
	Cta *c = w->cta;
	uintptr_t a = (uintptr_t)p;
	const Cta *o;

	if (!n)
		return;
	if (a >= (uintptr_t)c->shared && a + n <= (uintptr_t)c->shared + c->nshared) {
		shared(L, w, lane, xi, addr, p, n, acc);
		if (c->clu && c->clu->n > 1)
			interp_chk_dsmem(L, w, lane, xi, addr, p, n, acc, c);
	} else if (c->clu && c->clu->n > 1 && (o = owner(c->clu, a, n)))
		interp_chk_dsmem(L, w, lane, xi, addr, p, n, acc, o);
	else if (interp_isglobal(xi->space, addr))
		interp_race_global(L, w, lane, xi, addr, p, n, acc);
	/* local memory and parameters are not followed */
}

void
interp_chk_race(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n,
                int acc)
{
	race(L, w, lane, xi, addr, p, n, acc);
}

/* The lanes of m, each one aligned word of the CTA's shared memory: each
 * lane's record by word, the page found once a page. */
static RACE_INLINE void
shared_lanes(Launch *L, Warp *w, uint32_t m, const XIns *xi, const uint64_t *addr, uint8_t *const *p, int acc)
{
	const RAcc *tmpl = shcur(L, w, xi, acc);
	uintptr_t key = 0;
	RPg *pg = NULL;
	RAcc cur;

	if (!tmpl)
		return;
	cur = *tmpl;
	cur.bytes = 0xf;
	for (; m; m &= m - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(m);
		uintptr_t wd = (uintptr_t)p[l];
		if (!pg || key != wd / RPAGE + 1) {
			key = wd / RPAGE + 1;
			if (!(pg = interp_race_page(L->cx, &L->race, key, sizeof(RPg), SIZE_MAX, 1)))
				return;
		}
		cur.lane = (uint8_t)l;
		sword(L, w, xi, addr[l], 4, acc, pg, wd % RPAGE / 4, &cur);
	}
}

/* A warp's load of aligned words of the CTA's shared memory, all within
 * 64 words from lo (the lowest of the lanes' p), by word rather than by
 * lane: a load is compared with the word's last store alone, in a test
 * that depends on the lane only where it reports, so when no word can
 * report, the lanes of a word leave the record the last of them would
 * (sword, lane by lane, leaves the highest lane's).  Broadcasts, a row
 * read by a warp and the half-warps of a tile reading one row are a few
 * words for 32 lanes, found as bits of one 64-bit mask relative to lo.
 * Decided in interp_chk_race_span (every lane one aligned word of the
 * CTA's own shared memory, a load, one page, highest - lowest < 256);
 * tests/check's shared-memory race cases (race_*.ptx: warps, lanes,
 * broadcasts) check that its reports and records are those of the
 * lane-by-lane path.  0: a word may report, nothing was recorded, and the
 * caller takes the lanes one by one. */
/* The words (bits relative to lo) that lanes 0 to n - 1 read at p, each
 * lane taken as lane + add, and in last[j] the highest such lane of word
 * j.  Unrolled by four: the loop's own tests were a third of it. */
static RACE_INLINE uint64_t
lanewords(uint8_t *const *p, uintptr_t lo, uint32_t n, uint32_t add, uint8_t *last)
{
	uint64_t seen = 0;

	for (uint32_t l = 0; l < n; l += 4) {
		uint32_t j0 = (uint32_t)(((uintptr_t)p[l] - lo) / 4), j1 = (uint32_t)(((uintptr_t)p[l + 1] - lo) / 4);
		uint32_t j2 = (uint32_t)(((uintptr_t)p[l + 2] - lo) / 4), j3 = (uint32_t)(((uintptr_t)p[l + 3] - lo) / 4);
		seen |= 1ull << j0 | 1ull << j1 | 1ull << j2 | 1ull << j3;
		last[j0] = (uint8_t)(l + add);   /* in lane order: the highest lane of a word stays */
		last[j1] = (uint8_t)(l + 1 + add);
		last[j2] = (uint8_t)(l + 2 + add);
		last[j3] = (uint8_t)(l + 3 + add);
	}
	return seen;
}

static int
shared_reads(Launch *L, Warp *w, uint32_t m, const XIns *xi, uint8_t *const *p, uintptr_t lo)
{
	const RAcc *tmpl = shcur(L, w, xi, PTX_ACCESS_READ);
	uint64_t seen = 0;        /* bit j: the word at lo + 4 j */
	uint8_t last[64];         /* read only where seen */
	uint64_t cta = w->cta->linear + 1;
	size_t i0 = lo % RPAGE / 4;
	RPg *pg;
	RAcc rec;

	if (!tmpl || w->cta->chkbar != tmpl->ev ||
	    !(pg = interp_race_page(L->cx, &L->race, lo / RPAGE + 1, sizeof(RPg), SIZE_MAX, 1)))
		return 0;
	if (m == 0xffffffffu) {   /* a full warp: a counted loop, without finding the lanes */
		uintptr_t dup = 0;
		for (uint32_t l = 0; l < WARP / 2; l++)
			dup |= (uintptr_t)p[l] ^ (uintptr_t)p[l + WARP / 2];
		if (!dup)   /* the half-warps read the same words (a row of a tile): the upper half's lanes stay */
			seen = lanewords(p, lo, WARP / 2, WARP / 2, last);
		else
			seen = lanewords(p, lo, WARP, 0, last);
	} else
		for (uint32_t k = m; k; k &= k - 1) {
			uint32_t l = (uint32_t)__builtin_ctz(k);
			uint32_t j = (uint32_t)(((uintptr_t)p[l] - lo) / 4);
			seen |= 1ull << j;
			last[j] = (uint8_t)l;
		}
	/* sword's tests of a load against the store record, less the lane:
	 * each wants a store record, of this CTA at the load's event count
	 * (or an unreleased one of an earlier count, which none is while no
	 * mbarrier changed since the last barrier phase: tested above),
	 * which none has when the page has no store record at all, or when
	 * its last was this CTA's at an earlier count */
	for (uint64_t k = !pg->wcta || (pg->wcta == cta && pg->wev != tmpl->ev) ? 0 : seen; k; k &= k - 1) {
		size_t i = i0 + (size_t)__builtin_ctzll(k);
		const RAcc *lw = &pg->w[i];
		if (pg->cta[i] != cta || !lw->valid || !(lw->bytes & 0xf))
			continue;
		if (lw->ev == tmpl->ev && (lw->warp != tmpl->warp || lw->valid >= 2))
			return 0;   /* write-read, held against an atomic, or a copy another lane waited for */
		if (tmpl->weak && lw->weak && lw->warp == tmpl->warp && lw->xi != xi && lw->wv == tmpl->wv)
			return 0;   /* warp-write-read, unless the store was the lane's own */
	}
	rec = *tmpl;   /* the record made once, each word's written whole */
	rec.bytes = 0xf;
	for (uint64_t k = seen; k; k &= k - 1) {
		uint32_t j = (uint32_t)__builtin_ctzll(k);
		size_t i = i0 + j;
		if (pg->cta[i] != cta) {   /* records of an earlier CTA on this buffer */
			pg->cta[i] = cta;
			pg->w[i].valid = 0;
		}
		rec.lane = last[j];
		pg->r[i] = rec;
	}
	return 1;
}

void
interp_chk_race_lanes(Launch *L, Warp *w, uint32_t m, const XIns *xi, const uint64_t *addr, uint8_t *const *p,
                      unsigned n, int acc)
{
	uintptr_t lo = UINTPTR_MAX, hi = 0;

	for (uint32_t k = m; k; k &= k - 1) {
		uintptr_t h = (uintptr_t)p[__builtin_ctz(k)];
		lo = h < lo ? h : lo;
		hi = h > hi ? h : hi;
	}
	interp_chk_race_span(L, w, m, xi, addr, p, n, acc, lo, hi, 0);
}

/* The lanes of m, lo and hi the lowest and highest of their p (exactly:
 * the tests below pick a path from them). */
void
interp_chk_race_span(Launch *L, Warp *w, uint32_t m, const XIns *xi, const uint64_t *addr, uint8_t *const *p,
                     unsigned n, int acc, uintptr_t lo, uintptr_t hi, int run)
{
	Cta *c = w->cta;

	/* every lane in the CTA's shared memory, one aligned word each: the
	 * lanes' records by word, the page found once a page */
	if (m && n == 4 && !((lo | hi) & 3) && lo >= (uintptr_t)c->shared && !(c->clu && c->clu->n > 1) &&
	    hi + n <= (uintptr_t)c->shared + c->nshared) {
		/* loads, the most of them, with the access kind a constant */
		if (acc == PTX_ACCESS_READ && lo / RPAGE == hi / RPAGE && hi - lo < 64 * 4 &&
		    shared_reads(L, w, m, xi, p, lo))
			return;
		if (acc == PTX_ACCESS_READ)
			shared_lanes(L, w, m, xi, addr, p, PTX_ACCESS_READ);
		else
			shared_lanes(L, w, m, xi, addr, p, acc);
		return;
	}
	/* every lane outside the CTA's shared memory, in global memory (the
	 * test race() makes for each): interp_race_global_lanes */
	if (m && n && (hi < (uintptr_t)c->shared || lo >= (uintptr_t)c->shared + c->nshared) &&
	    (xi->space == MS_GLOBAL || xi->space == MS_GENERIC) && !(c->clu && c->clu->n > 1)) {
		uint32_t k = xi->space == MS_GENERIC ? m : 0;   /* k: the lanes not yet seen global */
		for (; k; k &= k - 1) {
			uint64_t a = addr[__builtin_ctz(k)];
			if (!(a - SHARED_WIN >= WIN_SIZE && a - LOCAL_WIN >= WIN_SIZE && a - PARAM_WIN >= WIN_SIZE))
				break;
		}
		if (!k) {
			interp_race_global_lanes(L, w, m, xi, addr, p, n, acc, lo, hi, run);
			return;
		}
	}
	for (; m; m &= m - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(m);
		race(L, w, l, xi, addr[l], p[l], n, acc);
	}
}

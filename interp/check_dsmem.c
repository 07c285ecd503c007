/*
 * check_dsmem.c -- racecheck of distributed shared memory: the shared
 * memory of the CTAs of a cluster, which every CTA of it reaches through
 * shared::cluster addresses (mapa, the generic window), as the CTA's own
 * accesses reach it.  Two accesses of the same bytes by different CTAs of
 * the cluster, at least one a plain store, are a race unless a chain of
 * release and acquire joins them: the usual one is barrier.cluster.arrive
 * (.release by default) in the first CTA after its access and
 * barrier.cluster.wait (.acquire) in the second before its own; a fence
 * of cluster scope or wider with a flag, or an mbarrier a remote arrive
 * completes, do the same.
 *
 * The barrier: an access is released by the completion of the phase its
 * warp arrives in next (the open phase, or the one after when the warp
 * has already arrived in it), and a wait acquires every phase completed
 * when it returns; the second access is ordered when its warp's last
 * wait returned with the first access's phase complete.  So an access
 * between arrive and wait is not released until the next phase, and one
 * after a split arrive and before the wait is not ordered.  The warp's
 * arrival stands for its lanes (as in cluster.c); a .relaxed arrive
 * releases nothing, unless a fence came before it (release()).
 *
 * Anything else is the rule check_race.c applies to global memory across
 * CTAs, on the same count (Launch.gord, moved by every instruction that
 * may order CTAs): each CTA of a cluster keeps the count at its last
 * such instruction and at its last that may acquire, the cluster
 * barrier left out (it is not a release an arbitrary acquire reads
 * from).  A checked launch is one interleaving, so a chain of a flag
 * from the first access to the second executed its release after the
 * first and its acquire before the second: when the first access's CTA
 * executed no release since it, or the second access's CTA no acquire
 * since, nothing orders them.  The price is the rule's: a release or
 * acquire for something else silences the pair.
 *
 * Strong accesses (.relaxed, .acquire, .release, .volatile) and atomics
 * are followed as the PTX memory model has it: two of them never race
 * when they are morally strong -- both strong, each of a scope that
 * includes the other's thread (.cluster or wider, for two CTAs of a
 * cluster), and of the same bytes and size.  Anything else against one
 * of them is a race unless ordered as above: a plain store against an
 * atomic, two atomics of .cta scope from different CTAs.
 *
 * Each word of a cluster CTA's shared memory keeps its last store (or
 * atomic) and load by any CTA of the cluster (28 bytes each), in a
 * table of the launch by host page; launches without clusters of two or
 * more CTAs never reach it.  Pairs within one CTA are check_race.c's.
 * st.async, red.async and the bulk copies into another CTA's shared
 * memory are writes that the mbarrier they complete on orders
 * (interp_chk_dsmem_copy): for the CTA that owns the mbarrier, through
 * its thread's wait; for a third CTA, through a wait of the owner and
 * then a release of the owner after the wait (a cluster barrier phase,
 * a fence and a flag) that the third CTA acquires.
 *
 * A CTA's shared memory lives until the CTA exits (the interpreter keeps
 * it until the cluster ends): an access by another CTA after the exit is
 * memcheck's "dsmem-after-exit" (interp_chk_dsmem_exited), and one
 * before it that nothing orders before the exit -- the owner did not wait
 * at a cluster barrier the accessing CTA arrived at after it -- is
 * racecheck's "cluster-exit-race" (interp_chk_dsmem_exit), as it may land
 * after the exit on a GPU.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <string.h>
#include "interp.h"

enum { DPAGE = 4096, DWORDS = DPAGE / 4 };
/* past this many pages (about 400 MiB of records) the launch stops
 * following distributed shared memory rather than grow without limit */
enum { DPAGES_MAX = 8192 };

typedef struct {
	uint32_t pc, g;           /* the instruction; Launch.gord's low bits at the access */
	uint32_t cta;             /* the CTA's linear index + 1; 0: no record */
	uint32_t ph;              /* the count of the cluster's completed barrier phases that
	                           * releases the access: the next, or the one after when
	                           * its warp already arrived in the open phase */
	uint16_t warp;
	uint8_t lane, bytes;      /* bytes: those of the word accessed (bit i: byte i) */
	uint8_t str, n;           /* str: 0 for a weak access, else its scope (DS_CTA..DS_GPU)
	                           * with DS_ATOM for an atomic; n: its size in bytes (at most 255) */
	uint8_t rank;             /* the CTA's rank in its cluster */
	uint8_t seen;             /* a strong store or atomic: bit r set when CTA rank r read it
	                           * with a morally strong load or atomic since (observed it) */
	uint32_t mb;              /* a copy's write (st.async, cp.async.bulk) into another CTA:
	                           * its mbarrier's offset in that CTA's shared memory + 1
	                           * (then ph: the mbarrier phase it completes; g: the
	                           * CTA's chkord at the copy); 0: an access */
} DAcc;

/* What orders a CTA of a cluster with the others, by its linear index
 * (direct-mapped: when two CTAs meet in one slot after records were made,
 * the launch stops following distributed shared memory). */
enum { DSLOTS = 1024, DWARPS = 32 };
enum { DS_CTA = 1, DS_CLU = 2, DS_GPU = 3, DS_SCOPE = 3, DS_ATOM = 4 };
typedef struct {
	uint64_t tag;             /* linear index + 1 */
	uint32_t rel, acq;        /* Launch.gord at its last release, its last acquire,
	                           * the cluster barrier's arrive and wait left out */
	uint32_t ph[DWARPS];      /* by warp: the phase count its last barrier.cluster.wait
	                           * acquired (the phases completed when it returned) */
	uint64_t rlx[DWARPS];     /* by warp: bit p % 64 set when its arrive in the phase that
	                           * completes as count p was .relaxed (releases nothing) */
	uint32_t rlxrel[DWARPS];  /* by warp: rel when its last .relaxed arrive ran (a fence
	                           * before the arrive makes it a release of what preceded) */
} DSlot;

typedef struct {
	uintptr_t key;            /* host address / DPAGE + 1 */
	DAcc w[DWORDS], r[DWORDS];
} DPg;

struct ChkDsmem {
	DSlot *slot;              /* DSLOTS of them; NULL: not yet */
	DPg **tab;
	size_t cap, n;
	DPg *last;
	int off;                  /* out of memory or past DPAGES_MAX: not followed */
};

static DPg *
dpage(Launch *L, uintptr_t key)
{
	struct ChkDsmem *s = L->dsm;
	size_t i;

	if (!s && !(s = L->dsm = interp_alloc(L->cx, sizeof *s)))
		return NULL;
	if (s->off)
		return NULL;
	if (s->last && s->last->key == key)
		return s->last;
	for (i = s->cap ? (size_t)(key * 0x9e3779b97f4a7c15ull >> 24) & (s->cap - 1) : 0; s->cap && s->tab[i];
	     i = (i + 1) & (s->cap - 1))
		if (s->tab[i]->key == key)
			return s->last = s->tab[i];
	if (s->n >= DPAGES_MAX)
		goto off;
	if (2 * (s->n + 1) > s->cap) {
		size_t nc = s->cap ? 2 * s->cap : 16;
		DPg **t = interp_alloc(L->cx, nc * sizeof *t);
		if (!t)
			goto off;
		for (size_t j = 0; j < s->cap; j++)
			if (s->tab[j]) {
				size_t h = (size_t)(s->tab[j]->key * 0x9e3779b97f4a7c15ull >> 24) & (nc - 1);
				while (t[h])
					h = (h + 1) & (nc - 1);
				t[h] = s->tab[j];
			}
		interp_free(L->cx, s->tab);
		s->tab = t;
		s->cap = nc;
	}
	DPg *p = interp_alloc(L->cx, sizeof *p);
	if (!p)
		goto off;
	memset(p, 0, sizeof *p);
	p->key = key;
	for (i = (size_t)(key * 0x9e3779b97f4a7c15ull >> 24) & (s->cap - 1); s->tab[i]; i = (i + 1) & (s->cap - 1))
		;
	s->tab[i] = p;
	s->n++;
	return s->last = p;
off:
	s->off = 1;   /* silence, never a guess */
	return NULL;
}

void
interp_chk_dsmem_free(Launch *L)
{
	struct ChkDsmem *s = L->dsm;

	if (!s)
		return;
	for (size_t i = 0; i < s->cap; i++)
		interp_free(L->cx, s->tab[i]);
	interp_free(L->cx, s->tab);
	interp_free(L->cx, s->slot);
	interp_free(L->cx, s);
	L->dsm = NULL;
}

/* The slot of CTA linear index lin; make: take it over if another CTA
 * has it.  NULL: none (out of memory, or another CTA's). */
static DSlot *
slot(Launch *L, uint64_t lin, int make)
{
	struct ChkDsmem *s = L->dsm;
	DSlot *t;

	if (!s && (!make || !(s = L->dsm = interp_alloc(L->cx, sizeof *s))))
		return NULL;
	if (!s->slot && (!make || !(s->slot = interp_alloc(L->cx, DSLOTS * sizeof *s->slot))))
		return NULL;
	t = &s->slot[lin % DSLOTS];
	if (t->tag != lin + 1) {
		if (!make)
			return NULL;
		if (t->tag && s->n) {
			/* another CTA's, which may still be live and have
			 * records: stop rather than forget what ordered it */
			s->off = 1;
			return NULL;
		}
		memset(t, 0, sizeof *t);
		t->tag = lin + 1;
	}
	return t;
}

/* An instruction that may order CTAs (check_race.c's ORD_ALL), executed by
 * the lanes m of warp w of a CTA in a cluster of two or more. */
void
interp_chk_dsmem_order(Launch *L, Warp *w, const XIns *xi, uint32_t m)
{
	const Ins *in = xi->in;
	DSlot *t = slot(L, w->cta->linear, 1);

	if (!t)
		return;
	if (xi->x == X_CLU) {
		/* before it runs: a wait whose warp still has arrivals in the
		 * open phase returns when that phase completes */
		if (in && in->op == OP_BARRIER_CLUSTER_WAIT && w->id < DWARPS)
			t->ph[w->id] = (uint32_t)w->cta->clu->phases + !!(w->carr & m);
		/* an arrive belongs to the phase that completes as the count
		 * DAcc.ph gives an access made now */
		if (in && in->op == OP_BARRIER_CLUSTER_ARRIVE && w->id < DWARPS) {
			uint32_t p = (uint32_t)w->cta->clu->phases + 1 + !!(w->carr & m);
			if (ir_hasmod(in, MOD_RELAXED)) {
				t->rlx[w->id] |= 1ull << p % 64;
				t->rlxrel[w->id] = t->rel;
			} else {
				t->rlx[w->id] &= ~(1ull << p % 64);
			}
		}
		return;   /* the arrive releases through the phase (DAcc.ph); mapa, getctarank order nothing */
	}
	/* an mbarrier operation of .relaxed semantics (arrive, complete_tx,
	 * a wait) is neither a release nor an acquire: the memory model's
	 * patterns need a fence with it, and the fence counts by itself */
	if (in && ir_hasmod(in, MOD_RELAXED) &&
	    (in->op == OP_MBARRIER_ARRIVE || in->op == OP_MBARRIER_ARRIVE_DROP || in->op == OP_MBARRIER_EXPECT_TX ||
	     in->op == OP_MBARRIER_COMPLETE_TX || in->op == OP_MBARRIER_TEST_WAIT || in->op == OP_MBARRIER_TRY_WAIT))
		return;
	t->rel = (uint32_t)L->gord;
	if (interp_chk_acquires(xi))
		t->acq = (uint32_t)L->gord;
}

/* DAcc.str of the access xi (acc: PTX_ACCESS_*).  .volatile and .mmio
 * are .relaxed of .sys scope; an atomic without a scope is of .gpu's. */
static uint8_t
strength(const XIns *xi, int acc)
{
	const Ins *in = xi->in;
	uint8_t at = acc == PTX_ACCESS_ATOMIC ? DS_ATOM : 0;

	if (!at && !interp_chk_strong(in))
		return 0;
	if (!in || ir_hasmod(in, MOD_VOLATILE) || ir_hasmod(in, MOD_MMIO))
		return DS_GPU | at;
	switch (ir_mod_scope(in)) {
	case MOD_CTA:
		return DS_CTA | at;
	case MOD_CLUSTER:
		return DS_CLU | at;
	default:
		return DS_GPU | at;
	}
}

/* Whether two accesses of different CTAs of a cluster are morally
 * strong: both strong, of scopes that include the other CTA, of the same
 * bytes and size (memory consistency model, "Morally strong
 * operations").  Such a pair is no data race, whatever orders it. */
static int
morally(const DAcc *e, const DAcc *cur)
{
	return (e->str & DS_SCOPE) >= DS_CLU && (cur->str & DS_SCOPE) >= DS_CLU && e->n == cur->n &&
	    e->bytes == cur->bytes;
}

/* Whether the strong store or atomic e is ordered before what the CTA of
 * cur does from now on because that CTA observed it: a morally strong
 * load or atomic of it read the value (observation order, then program
 * order, are causality order).  Per CTA, not per thread: another thread
 * of the observer's CTA may be taken as ordered too (a race missed). */
static int
observed(const DAcc *e, const DAcc *cur)
{
	return e->str && cur->rank < 8 && (e->seen >> cur->rank & 1);
}

/* Count a (low 32 bits) taken after count b. */
static int
after(uint32_t a, uint32_t b)
{
	return a != b && (uint32_t)(a - b) <= 1u << 31;
}

/* The phase count whose completion releases the record e of the CTA
 * whose slot is es: the phase e->ph names, or a later one while its
 * warp's arrives in them were .relaxed (a relaxed arrive orders none of
 * the warp's earlier accesses) unless a release of the CTA came between
 * the access and the warp's last relaxed arrive (fence.acq_rel and a
 * relaxed arrive are a release).  Only the last relaxed arrive's is
 * kept: an access that some later fence follows counts as released by
 * the earlier phases too, a race missed, never one made up. */
static uint32_t
release(const DSlot *es, const DAcc *e)
{
	uint32_t p = e->ph;

	if (e->warp >= DWARPS || after(es->rlxrel[e->warp], e->g))
		return p;
	for (int i = 0; i < 63 && es->rlx[e->warp] >> (p % 64) & 1; i++)
		p++;
	return p;
}

/* Whether the record e, of another CTA of the cluster k, and the access
 * cur can be unordered. */
static int
unordered(const Launch *L, const Clu *k, const DAcc *e, const DAcc *cur)
{
	int live = 0;
	const DSlot *es, *cs;

	if (!e->cta || e->cta == cur->cta || !(e->bytes & cur->bytes) || morally(e, cur) || observed(e, cur))
		return 0;
	for (int i = 0; i < k->n; i++)
		live |= k->cta[i]->linear + 1 == e->cta;
	if (!live)
		return 0;   /* a record of an earlier cluster on this buffer */
	if (e->g == cur->g)
		return 1;
	if (!(es = slot((Launch *)L, e->cta - 1, 0)) || !(cs = slot((Launch *)L, cur->cta - 1, 0)))
		return 0;   /* a slot another CTA took over: silence */
	/* the cluster barrier: a wait of the second access's warp that
	 * returned with the phase that released the first access complete */
	if (cur->warp >= DWARPS || (cs->ph[cur->warp] && (uint32_t)(cs->ph[cur->warp] - release(es, e)) < 1u << 31))
		return 0;
	/* a release of the first CTA after the access, an acquire of the
	 * second after that (fences and flags, mbarriers) */
	return !after(es->rel, e->g) || !after(cs->acq, e->g);
}

/* The bytes of the word at host wd that [a, end) covers (DAcc.bytes). */
static uint8_t
wordbytes(uintptr_t wd, uintptr_t a, uintptr_t end)
{
	uintptr_t lo = a > wd ? a - wd : 0, hi = end < wd + 4 ? end - wd : 4;

	return (uint8_t)(((1u << hi) - 1) & ~((1u << lo) - 1));
}

static void report(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, unsigned n, int acc,
                   uint8_t str, const DAcc *e, int eacc, const Cta *owner);

/* Whether the access cur, by lane of warp w, races with the record e of
 * a copy another CTA made into owner's shared memory: it completes on an
 * mbarrier of owner, and an access of owner is ordered after it when its
 * thread's last wait on that mbarrier saw the copy's phase complete, or a
 * wait of another thread of owner did and a barrier of owner followed
 * the copy (the waiter may have released the others with bar.sync).  A
 * third CTA cannot wait on owner's mbarrier: its access is ordered when
 * it is ordered after the first wait of owner that saw the phase, as
 * after an access of the waiting thread then (a cluster barrier phase it
 * arrived at after the wait, or a release and an acquire); with no such
 * wait yet, nothing orders it. */
static int
copyrace(Launch *L, const Clu *k, const DAcc *e, const DAcc *cur, const Warp *w, uint32_t lane, const Cta *owner)
{
	const uint8_t *mb = owner->shared + (e->mb - 1);
	int live = 0;
	ChkMbObs o;
	DAcc obs;

	if (!(e->bytes & cur->bytes) || e->cta == cur->cta || morally(e, cur))
		return 0;
	for (int i = 0; i < k->n; i++)
		live |= k->cta[i]->linear + 1 == e->cta;
	if (!live || e->mb - 1 + 8 > owner->nshared)
		return 0;
	if (w->cta == owner) {
		if (interp_chk_mbar_saw(L, mb, (int64_t)w->id * WARP + lane, e->ph))
			return 0;
		return !interp_chk_mbar_saw(L, mb, -1, e->ph) || (uint32_t)owner->chkord == e->g;
	}
	switch (interp_chk_mbar_obs(L, mb, e->ph, &o)) {
	case 0:
		return 1;
	case 1:
		break;
	default:
		return 0;   /* not known: silence */
	}
	memset(&obs, 0, sizeof obs);
	obs.cta = (uint32_t)owner->linear + 1;
	obs.g = o.g;
	obs.ph = o.ph;
	obs.warp = o.warp;
	obs.lane = o.lane;
	obs.bytes = cur->bytes;
	obs.rank = (uint8_t)owner->rank;
	return unordered(L, k, &obs, cur);
}

/* A copy's write of n bytes at host p of CTA c (st.async, red.async,
 * cp.async.bulk into the shared memory of another CTA of the cluster),
 * completing on the mbarrier at host mb of c in its phase ph: checked as
 * a store of the
 * issuing thread against the accesses before it (a load of the buffer
 * that the issuer did not wait for: the consumer's release, an arrive on
 * an "empty" mbarrier, and the producer's acquire), then kept as the
 * words' last store, which the mbarrier orders (copyrace); two copies
 * are not compared (two red.async are atomics, and never race). */
void
interp_chk_dsmem_copy(Launch *L, Warp *w, int lane, const XIns *xi, const Cta *c, const uint8_t *p, uint64_t n,
                      const uint8_t *mb, uint32_t ph)
{
	uintptr_t a = (uintptr_t)p, end;
	DAcc cur, st;

	if (!c->clu || c->clu->n < 2 || c == w->cta || !n || n > c->nshared ||
	    mb < c->shared || (uint64_t)(mb - c->shared) + 8 > c->nshared || w->cta->linear >= UINT32_MAX - 1 ||
	    w->id > UINT16_MAX || !slot(L, w->cta->linear, 1))
		return;
	end = a + (uintptr_t)n;
	memset(&cur, 0, sizeof cur);
	cur.pc = (uint32_t)(xi - L->pm->code);
	cur.g = (uint32_t)c->chkord;
	cur.cta = (uint32_t)w->cta->linear + 1;
	cur.ph = ph;
	cur.warp = (uint16_t)w->id;
	cur.lane = (uint8_t)lane;
	cur.mb = (uint32_t)(mb - c->shared) + 1;
	cur.rank = (uint8_t)w->cta->rank;
	/* red.async is an atomic of .cluster scope (st.async and the bulk
	 * copies are weak) */
	if (xi->in && xi->in->op == OP_RED_ASYNC) {
		cur.str = DS_CLU | DS_ATOM;
		cur.n = (uint8_t)xi->size;
	}
	st = cur;   /* the same as a store of the issuing thread */
	st.g = (uint32_t)L->gord;
	st.ph = (uint32_t)c->clu->phases + 1 + ((w->carr >> lane) & 1);
	st.mb = 0;
	for (uintptr_t wd = a & ~(uintptr_t)3; wd < end; wd += 4) {
		DPg *pg = dpage(L, wd / DPAGE + 1);
		size_t i = wd % DPAGE / 4;
		const DAcc *e = NULL;
		if (!pg)
			return;
		cur.bytes = st.bytes = wordbytes(wd, a, end);
		if (!pg->w[i].mb && unordered(L, c->clu, &pg->w[i], &st))
			e = &pg->w[i];
		else if (unordered(L, c->clu, &pg->r[i], &st))
			e = &pg->r[i];
		if (e) {
			report(L, w, (uint32_t)lane, xi, (uint64_t)c->rank << 24 | (uint64_t)(wd - (uintptr_t)c->shared), 4,
			    st.str ? PTX_ACCESS_ATOMIC : PTX_ACCESS_WRITE, st.str, e,
			    e == &pg->w[i] ? PTX_ACCESS_WRITE : PTX_ACCESS_READ, c);
			return;   /* one report for the copy */
		}
		pg->w[i] = cur;
	}
}

/* How a report names an access of kind acc (PTX_ACCESS_*) and DAcc.str str. */
static const char *
accname(int acc, uint8_t str)
{
	if (acc == PTX_ACCESS_ATOMIC || (str & DS_ATOM))
		return "an atomic";
	if (acc == PTX_ACCESS_WRITE)
		return str ? "a strong store" : "a store";
	return str ? "a strong load" : "a load";
}

/* The CTA and warp of record e, for interp_chk_site (c, ew: the caller's). */
static const Warp *
recwarp(const Launch *L, const DAcc *e, Cta *c, Warp *ew)
{
	uint64_t lin = e->cta - 1;

	memset(c, 0, sizeof *c);
	memset(ew, 0, sizeof *ew);
	c->id[0] = (unsigned)(lin % L->grid[0]);
	c->id[1] = (unsigned)(lin / L->grid[0] % L->grid[1]);
	c->id[2] = (unsigned)(lin / ((uint64_t)L->grid[0] * L->grid[1]));
	ew->cta = c;
	ew->id = e->warp;
	return ew;
}

static void
report(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, unsigned n, int acc, uint8_t str,
       const DAcc *e, int eacc, const Cta *owner)
{
	ChkSite sa, sb;
	Cta c;
	Warp ew;
	int write = acc != PTX_ACCESS_READ;

	if (e->str & DS_ATOM)
		eacc = PTX_ACCESS_ATOMIC;
	interp_chk_site(L, w, (int)lane, xi, acc, addr, n, &sa);
	interp_chk_site(L, recwarp(L, e, &c, &ew), e->lane, &L->pm->code[e->pc], eacc, addr, n, &sb);
	interp_chk_report(L, w, (int)lane, PTX_CHECK_RACECHECK,
	    write ? eacc != PTX_ACCESS_READ ? "cluster-write-write" : "cluster-read-write" : "cluster-write-read",
	    &sa, &sb,
	    "distributed shared memory of CTA rank %u at 0x%" PRIx64 ": %s of block (%u,%u,%u) warp %d and %s of "
	    "block (%u,%u,%u) warp %u with nothing between them that orders the two (barrier.cluster.arrive in "
	    "the first and barrier.cluster.wait in the second, or a release and an acquire of cluster scope)%s",
	    owner->rank, addr, accname(acc, str), sa.cta[0], sa.cta[1], sa.cta[2], w->id, accname(eacc, e->str),
	    sb.cta[0], sb.cta[1], sb.cta[2], e->warp,
	    str || e->str ? "; strong accesses and atomics do not race only when both are of .cluster scope or wider "
	    "and of the same bytes" : "");
}

void
interp_chk_dsmem(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n, int acc,
                 const Cta *owner)
{
	Cta *c = w->cta;
	Clu *k = c->clu;
	uintptr_t a = (uintptr_t)p, end = a + n;
	int write = acc != PTX_ACCESS_READ;   /* an atomic reads and writes: it is kept as a store */
	DAcc cur;

	if (!k || k->n < 2 || c->linear >= UINT32_MAX - 1 || w->id > UINT16_MAX)
		return;
	cur.pc = (uint32_t)(xi - L->pm->code);
	cur.g = (uint32_t)L->gord;
	cur.cta = (uint32_t)c->linear + 1;
	cur.warp = (uint16_t)w->id;
	cur.lane = (uint8_t)lane;
	cur.ph = (uint32_t)k->phases + 1 + ((w->carr >> lane) & 1);
	cur.str = strength(xi, acc);
	cur.n = (uint8_t)(n > 255 ? 255 : n);
	cur.rank = (uint8_t)c->rank;
	cur.seen = 0;
	cur.mb = 0;
	if (!slot(L, c->linear, 1))
		return;
	for (uintptr_t wd = a & ~(uintptr_t)3; wd < end; wd += 4) {
		DPg *pg = dpage(L, wd / DPAGE + 1);
		size_t i = wd % DPAGE / 4;
		const DAcc *e = NULL;
		if (!pg)
			return;
		cur.bytes = wordbytes(wd, a, end);
		if (pg->w[i].mb ? copyrace(L, k, &pg->w[i], &cur, w, lane, owner) : unordered(L, k, &pg->w[i], &cur))
			e = &pg->w[i];
		else if (write && unordered(L, k, &pg->r[i], &cur))
			e = &pg->r[i];
		if (e) {
			report(L, w, lane, xi, addr, n, acc, cur.str, e, e == &pg->w[i] ? PTX_ACCESS_WRITE : PTX_ACCESS_READ,
			    owner);
			return;   /* one report for the access */
		}
		/* a morally strong read of another CTA's strong store or atomic
		 * observes it */
		if (acc != PTX_ACCESS_WRITE && cur.str && !pg->w[i].mb && pg->w[i].cta && pg->w[i].cta != cur.cta &&
		    morally(&pg->w[i], &cur) && cur.rank < 8)
			pg->w[i].seen |= (uint8_t)(1u << cur.rank);
		if (write)
			pg->w[i] = cur;
		else
			pg->r[i] = cur;
	}
}

/* The ret or exit warp xw ended by (NULL: not known). */
static const XIns *
exitins(const Launch *L, const Warp *xw)
{
	return xw->xpc > 0 && xw->xpc < L->pm->ncode ? &L->pm->code[xw->xpc] : NULL;
}

/* A CTA's shared memory lives until the CTA exits: lane of w accesses
 * the shared memory of c, a CTA of its cluster that has exited. */
void
interp_chk_dsmem_exited(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t a, unsigned n, int write,
                        const Cta *c)
{
	ChkSite sa, sb;
	const Warp *xw = &c->w[c->xwarp];

	interp_chk_site(L, w, lane, xi, write ? PTX_ACCESS_WRITE : PTX_ACCESS_READ, a, n, &sa);
	interp_chk_site(L, xw, 0, exitins(L, xw), PTX_ACCESS_NONE, 0, 0, &sb);
	interp_chk_report(L, w, lane, PTX_CHECK_MEMCHECK, "dsmem-after-exit", &sa, &sb,
	    "a %s of %u bytes at shared::cluster 0x%" PRIx64 ", in the shared memory of CTA rank %u (block "
	    "(%u,%u,%u)), which has exited: a CTA's shared memory lives only until it exits, so the CTA must "
	    "wait for the cluster's other CTAs to finish their accesses (barrier.cluster.arrive after them, "
	    "barrier.cluster.wait before its exit)", write ? "store" : "load", n, a, c->rank, c->id[0], c->id[1],
	    c->id[2]);
}

/* CTA c exited: each access of its shared memory by another CTA of the
 * cluster (the words' last store and load) must be ordered before the
 * exit, as before an access of one of c's warps now; else it may happen
 * after the exit on a GPU.  A copy's write is not looked at: it completes
 * on an mbarrier of c, and a phase that never completes is asynccheck's. */
void
interp_chk_dsmem_exit(Launch *L, Cta *c)
{
	struct ChkDsmem *s = L->dsm;
	uintptr_t lo = (uintptr_t)c->shared, hi = lo + c->nshared;
	Warp *xw = &c->w[c->xwarp];
	DAcc cur;

	if (!s || s->off || !s->n || !c->clu || c->linear >= UINT32_MAX - 1 || c->nw < 1)
		return;
	memset(&cur, 0, sizeof cur);
	cur.cta = (uint32_t)c->linear + 1;
	cur.g = (uint32_t)L->gord;
	cur.pc = UINT32_MAX;
	cur.rank = (uint8_t)c->rank;
	for (size_t t = 0; t < s->cap; t++) {
		DPg *pg = s->tab[t];
		uintptr_t p0, p1;
		if (!pg)
			continue;
		p0 = (pg->key - 1) * DPAGE;
		p1 = p0 + DPAGE;
		if (p1 <= lo || p0 >= hi)
			continue;
		for (uintptr_t wd = p0 > lo ? p0 : lo & ~(uintptr_t)3; wd < p1 && wd < hi; wd += 4) {
			size_t i = wd % DPAGE / 4;
			for (int rw = 0; rw < 2; rw++) {
				const DAcc *e = rw ? &pg->r[i] : &pg->w[i];
				int ordered = 0;
				ChkSite sa, sb;
				Cta ec;
				Warp ew;
				if (!e->cta || e->cta == cur.cta || e->mb)
					continue;
				cur.bytes = e->bytes;
				for (int k = 0; k < c->nw && k < DWARPS && !ordered; k++) {
					cur.warp = (uint16_t)k;
					cur.ph = (uint32_t)c->clu->phases + 1;
					ordered = !unordered(L, c->clu, e, &cur);
				}
				if (ordered)
					continue;
				interp_chk_site(L, recwarp(L, e, &ec, &ew), e->lane, &L->pm->code[e->pc],
				    e->str & DS_ATOM ? PTX_ACCESS_ATOMIC : rw ? PTX_ACCESS_READ : PTX_ACCESS_WRITE,
				    (uint64_t)c->rank << 24 | (uint64_t)(wd - lo), 4, &sa);
				interp_chk_site(L, xw, 0, exitins(L, xw), PTX_ACCESS_NONE, 0, 0, &sb);
				interp_chk_report(L, xw, 0, PTX_CHECK_RACECHECK, "cluster-exit-race", &sb, &sa,
				    "distributed shared memory of CTA rank %u at 0x%" PRIx64 ": %s of block (%u,%u,%u) "
				    "warp %u and the exit of block (%u,%u,%u) with nothing between them that orders the "
				    "access before the exit (barrier.cluster.arrive after the access and "
				    "barrier.cluster.wait in the exiting CTA): a CTA's shared memory lives only until it "
				    "exits", c->rank, (uint64_t)(wd - lo), accname(rw ? PTX_ACCESS_READ : PTX_ACCESS_WRITE, e->str),
				    sa.cta[0], sa.cta[1], sa.cta[2], e->warp, c->id[0], c->id[1], c->id[2]);
				return;   /* one report for the exit */
			}
		}
	}
}

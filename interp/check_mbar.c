/*
 * check_mbar.c -- asynccheck of mbarriers, the bulk and tensor copies
 * that complete on them, and the async proxy's reads of shared memory.
 *
 * The interpreter's mbarrier (mbarrier.c) and copies (bulk.c) are exact
 * about what completes when, but a copy is done when it is issued, so a
 * program that reads its destination without waiting for the mbarrier
 * phase gets the right bytes here and, some of the time, stale ones on a
 * GPU.  This file follows what the PTX ISA promises instead:
 *
 *   - "mbarrier-uninit": an mbarrier operation on an object that
 *     mbarrier.init of its CTA never initialised (or that was
 *     invalidated): the bytes may look valid -- a previous CTA's object
 *     left in the same place -- and the GPU's behaviour is undefined;
 *   - "mbarrier-stale-parity": a successful wait (test_wait, try_wait,
 *     their .parity forms) sees the same completed phase that the same
 *     thread's previous successful wait on the object, by the same
 *     instruction, saw.  A pipeline loop that forgets to flip its parity
 *     waits on the phase it has already consumed, which passes at once, so
 *     it reads a stage before its data arrived.  Two different waits on
 *     one phase (a test_wait, then a try_wait; one elected thread, then
 *     all) are not reported;
 *   - "tx-count-underflow": a complete_tx (a copy's or the instruction's)
 *     that takes the tx-count of a phase whose arrivals are all in below
 *     zero: more bytes arrived than were expected;
 *   - "tx-count-mismatch": when the CTA ends, a phase whose arrivals are
 *     all in has a tx-count other than zero: the bytes expected
 *     (expect_tx) and the bytes completed (complete_tx) do not add up, and
 *     the phase can never complete;
 *   - "bulk-read-before-wait": a load of shared memory that a bulk or
 *     tensor copy writes, before any thread of the CTA saw (by a
 *     successful wait) the completion of the mbarrier phase the copy
 *     completes on.  One waiter is enough, so that a thread that waits and
 *     then releases the others with a barrier is not reported (a reader
 *     that a barrier does not order after the waiter is missed);
 *   - "bulk-source-write-before-wait" (with check_async.c): a generic
 *     store or atomic into the source of a bulk copy into shared memory
 *     before a wait saw the phase the copy completes on complete;
 *   - "mbarrier-init-in-flight": mbarrier.init or mbarrier.inval of an
 *     object that a copy not yet waited for completes on, or whose
 *     current phase still expects transaction bytes: the copy's
 *     complete_tx would land on the new object;
 *   - "missing-proxy-fence": the async proxy (a bulk or tensor copy out of
 *     shared memory) reads shared bytes that a generic-proxy store or
 *     atomic wrote with no fence.proxy.async executed in the CTA since.
 *     Any thread's fence counts (a fence of another thread than the
 *     writer's is missed rather than reported).
 *
 * An mbarrier is an entry from its init to its inval or its CTA's end:
 * its host address, the phases it completed, the tx bytes of the current
 * phase, and for each thread of the CTA the last completed phase one of
 * its waits saw.  Copies in flight are entries too (the destination, the
 * mbarrier, the phase they complete), with a bit-a-byte table of their
 * bytes so that a load finds none cheaply.  Generic stores to shared
 * memory are followed only in launches whose module has an async-proxy
 * read of shared memory: a word a CTA, the fence count at the store and
 * the store's site.  Past MB_MAX entries of a kind nothing more is kept,
 * and what depends on the entries is no longer reported (missed, never
 * reported falsely).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "interp.h"

enum { MB_MAX = 1 << 12, BK_MAX = 1 << 16, PX_CTAS = 64, MB_OBS = 4 };

typedef struct {              /* a thread's last successful wait on an mbarrier */
	uint32_t seen;            /* phases completed that it saw, plus one (0: no wait yet) */
	uint32_t pc;              /* the wait */
} MbSeen;

typedef struct {
	const uint8_t *p;         /* the object's 8 bytes */
	uint64_t cta;             /* its CTA, linear */
	uint32_t phase;           /* phases completed since init */
	uint32_t pend;            /* arrivals pending and tx-count, as the last operation left them */
	int32_t tx;
	int64_t expect, done;     /* the current phase's bytes expected and completed */
	const XIns *txi[2];       /* the last complete_tx and expect_tx (the sites of a mismatch) */
	uint64_t tcta[2];
	uint16_t twarp[2];
	uint8_t tlane[2];
	MbSeen *seen;             /* a thread of the CTA each */
	uint32_t nseen;
	/* the first successful wait to see each count of completed phases,
	 * the last MB_OBS of them (nobs: how many were ever kept), for a
	 * third CTA's reads of a copy into the CTA (check_dsmem.c) */
	struct { uint32_t k; ChkMbObs o; } obs[MB_OBS];
	uint32_t nobs;
} MbEnt;

typedef struct {              /* a bulk or tensor copy into shared memory not yet waited for */
	const uint8_t *p, *mb;    /* p NULL: one more run of a tensor copy's source */
	const uint8_t *src;       /* the bytes it reads, sn of them (NULL: none followed) */
	uint64_t n, sn, cta, icta;   /* bytes written; read; the destination's CTA, the issuer's */
	uint32_t phase;           /* the mbarrier phase it completes */
	const XIns *xi;
	uint16_t warp;
	uint8_t lane;
} BkEnt;

typedef struct {              /* a generic store to a shared word */
	uint32_t fence;           /* the CTA's fence.proxy.async count at the store, plus one */
	uint32_t pc;
	uint16_t warp;
	uint8_t lane;
} PxWord;

typedef struct {
	const uint8_t *shared;    /* the CTA's shared memory (NULL: free slot) */
	uint64_t cta;
	uint32_t fences;
	PxWord *w;                /* nshared / 4 of them */
} PxCta;

struct ChkMbar {
	MbEnt *mb;
	size_t nmb, capmb;
	int mbfull;               /* an init was not kept: no "mbarrier-uninit" any more */
	BkEnt *bk;
	size_t nbk, capbk;
	struct ChkShadow *bits;   /* bytes of the copies in bk */
	struct ChkShadow *srcbits;   /* bytes their sources read (two overlapping: cleared by the first to go) */
	size_t nsrc;              /* the entries of bk with a source */
	int proxy;                /* -1: not asked yet; 0/1: the module has async-proxy reads of shared memory */
	PxCta px[PX_CTAS];
	int npx;                  /* of px in use: a CTA's start and end look only when some are */
};

static struct ChkMbar *
state(Launch *L)
{
	if (!L->mbchk && (L->mbchk = interp_alloc(L->cx, sizeof *L->mbchk)))
		L->mbchk->proxy = -1;
	return L->mbchk;
}

static void *
grow(ptx_ctx *cx, void *v, size_t *cap, size_t n, size_t size, size_t max)
{
	size_t nc;
	void *p;

	if (n < *cap)
		return v;
	if (n >= max)
		return NULL;
	nc = *cap ? 2 * *cap : 16;
	if (!(p = interp_realloc(cx, v, nc * size)))
		return NULL;
	*cap = nc;
	return p;
}

/* A site of warp/lane of the CTA with linear index cta (not necessarily
 * w's: a copy may come from another CTA of the cluster). */
static void
site(const Launch *L, const Warp *w, uint64_t cta, unsigned warp, unsigned lane, const XIns *xi, int acc,
     uint64_t addr, unsigned size, ChkSite *s)
{
	Cta c;
	Warp ew;

	memset(&c, 0, sizeof c);
	memset(&ew, 0, sizeof ew);
	c.id[0] = (unsigned)(cta % L->grid[0]);
	c.id[1] = (unsigned)(cta / L->grid[0] % L->grid[1]);
	c.id[2] = (unsigned)(cta / ((uint64_t)L->grid[0] * L->grid[1]));
	c.linear = cta;
	ew.cta = cta == w->cta->linear ? w->cta : &c;
	ew.id = (int)warp;
	interp_chk_site(L, &ew, (int)lane, xi, acc, addr, size, s);
}

static MbEnt *
find(struct ChkMbar *s, const uint8_t *p)
{
	for (size_t i = 0; s && i < s->nmb; i++)
		if (s->mb[i].p == p)
			return &s->mb[i];
	return NULL;
}

static void
dropmb(Launch *L, struct ChkMbar *s, size_t i)
{
	interp_free(L->cx, s->mb[i].seen);
	s->mb[i] = s->mb[--s->nmb];
}

static void
dropbk(Launch *L, struct ChkMbar *s, size_t i)
{
	if (s->bk[i].p)
		interp_chk_mark(L->cx, &s->bits, s->bk[i].p, (size_t)s->bk[i].n, 0);
	if (s->bk[i].src) {
		interp_chk_mark(L->cx, &s->srcbits, s->bk[i].src, (size_t)s->bk[i].sn, 0);
		s->nsrc--;
	}
	s->bk[i] = s->bk[--s->nbk];
}

/* mbarrier.init or inval (what) at host p of c by lane of w: a copy not
 * yet waited for that completes on it, or bytes its phase still expects,
 * would complete on the new object. */
static void
inflight(Launch *L, Warp *w, int lane, const XIns *xi, const Cta *c, const MbEnt *e, const char *what)
{
	struct ChkMbar *s = L->mbchk;
	const BkEnt *k = NULL;
	ChkSite a, b;

	for (size_t i = 0; i < s->nbk && !k; i++)
		if (s->bk[i].mb == e->p)
			k = &s->bk[i];
	if (!k && e->tx <= 0)
		return;
	interp_chk_site(L, w, lane, xi, PTX_ACCESS_NONE, 0, 0, &a);
	if (k)
		site(L, w, k->icta, k->warp, k->lane, k->xi, PTX_ACCESS_NONE, 0, 0, &b);
	else if (e->txi[1])
		site(L, w, e->tcta[1], e->twarp[1], e->tlane[1], e->txi[1], PTX_ACCESS_NONE, 0, 0, &b);
	interp_chk_report(L, w, lane, PTX_CHECK_ASYNCCHECK, "mbarrier-init-in-flight", &a, k || e->txi[1] ? &b : NULL,
	    "%s of the mbarrier at shared 0x%x while %s: its complete_tx may land on the new object", what,
	    (unsigned)(e->p - c->shared), k ? "a copy that completes on it was not waited for" :
	    "its phase still expects transaction bytes");
}

/* The CTA of the object at p: c if it is in c's shared memory. */
static int
inside(const Cta *c, const uint8_t *p)
{
	return p >= c->shared && p < c->shared + c->nshared;
}

void
interp_chk_mbar(Launch *L, Warp *w, int lane, const XIns *xi, Cta *c, const uint8_t *p, const ChkMbarOp *op)
{
	struct ChkMbar *s = state(L);
	MbEnt *e;
	ChkSite a;

	if (!s)
		return;
	e = find(s, p);
	if (e && (op->op == CMB_INIT || op->op == CMB_INVAL))
		inflight(L, w, lane, xi, c, e, op->op == CMB_INIT ? "mbarrier.init" : "mbarrier.inval");
	if (op->op == CMB_INIT) {
		if (!e) {
			MbEnt *v = grow(L->cx, s->mb, &s->capmb, s->nmb, sizeof *v, MB_MAX);
			uint32_t nt = (uint32_t)c->nw * WARP;
			if (!v) {
				s->mbfull = 1;
				return;
			}
			s->mb = v;
			e = &s->mb[s->nmb];
			memset(e, 0, sizeof *e);
			if (!(e->seen = interp_alloc(L->cx, (size_t)nt * sizeof *e->seen))) {
				s->mbfull = 1;
				return;
			}
			e->nseen = nt;
			s->nmb++;
		} else
			memset(e->seen, 0, (size_t)e->nseen * sizeof *e->seen);
		e->p = p;
		e->cta = c->linear;
		e->phase = 0;
		e->pend = op->pend;
		e->tx = 0;
		e->expect = e->done = 0;
		e->txi[0] = e->txi[1] = NULL;
		e->nobs = 0;
		/* copies still waiting on an object initialised again are forgotten */
		for (size_t i = 0; i < s->nbk;)
			if (s->bk[i].mb == p)
				dropbk(L, s, i);
			else
				i++;
		return;
	}
	if (!e) {
		if (s->mbfull)
			return;
		interp_chk_site(L, w, lane, xi, PTX_ACCESS_NONE, 0, 0, &a);
		interp_chk_report(L, w, lane, PTX_CHECK_ASYNCCHECK, "mbarrier-uninit", &a, NULL,
		    "an mbarrier operation on shared 0x%x of CTA rank %u, which no mbarrier.init of its CTA "
		    "initialised (or which mbarrier.inval invalidated)", (unsigned)(p - c->shared), c->rank);
		return;
	}
	if (op->op == CMB_INVAL) {
		dropmb(L, s, (size_t)(e - s->mb));
		return;
	}
	if (op->op == CMB_WAIT) {
		uint32_t t = (uint32_t)w->id * WARP + (uint32_t)lane;
		/* a wait that succeeds the first time it runs sees every phase
		 * completed so far (its parity is not the current phase's);
		 * lanes that saw theirs in an earlier run of a try_wait that
		 * blocked for other lanes are not new waits */
		uint32_t k = e->phase;
		MbSeen *sn;
		if (op->ok && !op->retry && w->cta == c)   /* orders the warp after the copies completed so far */
			w->lwait[lane] = ++c->chkwaits;
		if (!op->ok || op->retry || op->parity == op->want || t >= e->nseen || w->cta != c)
			return;
		sn = &e->seen[t];
		if (sn->seen == k + 1 && sn->pc == (uint32_t)(xi - L->pm->code)) {
			ChkSite pa, pb;
			interp_chk_site(L, w, lane, xi, PTX_ACCESS_NONE, 0, 0, &pa);
			site(L, w, c->linear, t / WARP, t % WARP, &L->pm->code[sn->pc], PTX_ACCESS_NONE, 0, 0, &pb);
			interp_chk_report(L, w, lane, PTX_CHECK_ASYNCCHECK, "mbarrier-stale-parity", &pa, &pb,
			    "a wait on parity %u of the mbarrier at shared 0x%x succeeds on the phase this thread's "
			    "previous wait already saw complete (%u phases completed): the parity was not flipped "
			    "for the next phase", op->want, (unsigned)(p - c->shared), k);
		}
		sn->seen = k + 1;
		sn->pc = (uint32_t)(xi - L->pm->code);
		if (!e->nobs || e->obs[(e->nobs - 1) % MB_OBS].k != k) {
			uint32_t j = e->nobs++ % MB_OBS;
			e->obs[j].k = k;
			e->obs[j].o.g = (uint32_t)L->gord;
			e->obs[j].o.ph = (uint32_t)(c->clu ? c->clu->phases : 0) + 1 + ((w->carr >> lane) & 1);
			e->obs[j].o.warp = (uint16_t)w->id;
			e->obs[j].o.lane = (uint8_t)lane;
		}
		/* the copies of the phases this wait saw complete may be read */
		for (size_t i = 0; i < s->nbk;)
			if (s->bk[i].mb == p && s->bk[i].phase < k) {
				/* complete for this thread: another that no wait or
				 * barrier orders after it races with the copy */
				if (s->bk[i].p && (L->chk & PTX_CHECK_RACECHECK))
					interp_chk_race_copied(L, w, (uint32_t)lane, s->bk[i].xi, s->bk[i].p, s->bk[i].n,
					    1);
				dropbk(L, s, i);
			}
			else
				i++;
		return;
	}
	/* arrivals and transactions */
	if (op->txd) {
		if (op->txd > 0)
			e->expect += op->txd;
		else
			e->done -= op->txd;
		int k = op->txd > 0;
		e->txi[k] = xi;
		e->tcta[k] = w->cta->linear;
		e->twarp[k] = (uint16_t)w->id;
		e->tlane[k] = (uint8_t)lane;
	}
	if (op->completed) {
		e->phase++;
		e->expect = e->done = 0;
	} else if (op->txd < 0 && op->pend == 0 && op->tx < 0) {
		ChkSite b;
		interp_chk_site(L, w, lane, xi, PTX_ACCESS_NONE, 0, 0, &a);
		if (e->txi[1])
			site(L, w, e->tcta[1], e->twarp[1], e->tlane[1], e->txi[1], PTX_ACCESS_NONE, 0, 0, &b);
		interp_chk_report(L, w, lane, PTX_CHECK_ASYNCCHECK, "tx-count-underflow", &a, e->txi[1] ? &b : NULL,
		    "a complete_tx of %" PRId64 " bytes takes the tx-count of the mbarrier at shared 0x%x below zero "
		    "(%d) after all arrivals of its phase: %" PRId64 " bytes were expected, %" PRId64 " completed",
		    -op->txd, (unsigned)(p - c->shared), (int)op->tx, e->expect, e->done);
	}
	e->pend = op->pend;
	e->tx = op->tx;
}

/* Whether the copy xi reduces into its destination (red.async,
 * cp.reduce.async.bulk) rather than writing it. */
static int
reduces(const XIns *xi)
{
	return xi->in && (xi->in->op == OP_RED_ASYNC || xi->in->op == OP_CP_REDUCE_ASYNC_BULK ||
	    xi->in->op == OP_CP_REDUCE_ASYNC_BULK_TENSOR);
}

/* A bulk or tensor copy by lane of w writes n bytes at host p of CTA c
 * and completes on the mbarrier at host mb (in c). */
void
interp_chk_bulk(Launch *L, Warp *w, int lane, const XIns *xi, Cta *c, const uint8_t *p, uint64_t n,
                const uint8_t *mb)
{
	struct ChkMbar *s = state(L);
	MbEnt *e = find(s, mb);
	BkEnt *v;

	if (!s || !e || !n)
		return;
	if ((L->chk & PTX_CHECK_RACECHECK) && c != w->cta)   /* into another CTA: racecheck follows it */
		interp_chk_dsmem_copy(L, w, lane, xi, c, p, n, mb, e->phase);
	if ((L->chk & PTX_CHECK_RACECHECK) && c == w->cta)   /* other warps' accesses before it */
		interp_chk_race_issued(L, w, lane, xi, p, n);
	/* another copy in flight into the same bytes (either may land last),
	 * or reading them */
	if (c == w->cta && n <= UINT_MAX)
		interp_chk_copy_write(L, w, (uint32_t)lane, xi, (uint64_t)(p - c->shared), p, (unsigned)n);
	else if ((L->chk & PTX_CHECK_RACECHECK) && n <= UINT_MAX)
		interp_chk_bulk_deststore(L, w, (uint32_t)lane, xi, (uint64_t)(p - c->shared), p, (unsigned)n, 1);
	if (w->id > UINT16_MAX || !(v = grow(L->cx, s->bk, &s->capbk, s->nbk, sizeof *v, BK_MAX)))
		return;
	s->bk = v;
	s->bk[s->nbk++] = (BkEnt){ p, mb, NULL, n, 0, c->linear, w->cta->linear, e->phase, xi, (uint16_t)w->id,
	    (uint8_t)lane };
	interp_chk_mark(L->cx, &s->bits, p, (size_t)n, 1);
}

/* The copy not waited for whose destination (src: whose source) holds
 * some of the n bytes at host p, or NULL. */
static const BkEnt *
bkhit(const struct ChkMbar *s, const void *p, unsigned n, int src)
{
	const uint8_t *q = p;

	if (!s || !(src ? s->nsrc : s->nbk) || !interp_chk_count(src ? s->srcbits : s->bits, p, n))
		return NULL;
	for (size_t i = 0; i < s->nbk; i++) {
		const uint8_t *b = src ? s->bk[i].src : s->bk[i].p;
		if (b && b < q + n && q < b + (src ? s->bk[i].sn : s->bk[i].n))
			return &s->bk[i];
	}
	return NULL;
}

/* An access of n bytes at host p (guest a) by lane against the copies
 * not waited for (bkhit), how: BK_LOAD a load of a destination, BK_SRC a
 * store into a source, BK_DEST a store into a destination.  1: reported. */
enum { BK_LOAD, BK_SRC, BK_DEST };

static int
bkaccess(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n, int how,
         int copy)
{
	static const struct { int check; const char *kind, *what; } k[] = {
		{ PTX_CHECK_ASYNCCHECK, "bulk-read-before-wait", "a %s of %u bytes at 0x%" PRIx64 " that a bulk "
		  "copy writes" },
		{ PTX_CHECK_ASYNCCHECK, "bulk-source-write-before-wait", "a %s of %u bytes at 0x%" PRIx64 " that a "
		  "bulk copy still reads" },
		{ PTX_CHECK_RACECHECK, "write-write", "a %s of %u bytes at shared 0x%" PRIx64 " into the "
		  "destination of a bulk copy, which may land after it," },
	};
	static const char *const acc[2][3] = { { "load", "store", "store" }, { "copy's read", "copy's write",
	    "copy's write" } };
	const BkEnt *e = bkhit(L->mbchk, p, n, how == BK_SRC);
	char msg[160], where[48];
	ChkSite sa, sb;

	/* copies that reduce into one word add up in any order */
	if (!e || (copy && how == BK_DEST && (reduces(xi) || reduces(e->xi))))
		return 0;
	interp_chk_site(L, w, (int)lane, xi, how == BK_LOAD ? PTX_ACCESS_READ : PTX_ACCESS_WRITE, a, n, &sa);
	site(L, w, e->icta, e->warp, e->lane, e->xi, how == BK_SRC ? PTX_ACCESS_READ : PTX_ACCESS_WRITE, a, n, &sb);
	snprintf(msg, sizeof msg, k[how].what, acc[copy != 0][how], n, a);
	if (w->cta->linear == e->cta)   /* the mbarrier is in the destination CTA */
		snprintf(where, sizeof where, "shared 0x%x", (unsigned)(e->mb - w->cta->shared));
	else
		snprintf(where, sizeof where, "in block %" PRIu64, e->cta);
	interp_chk_report(L, w, (int)lane, k[how].check, k[how].kind, &sa, &sb, "%s before a wait on its mbarrier "
	    "(%s) saw the phase complete", msg, where);
	/* a load of a destination is racecheck's too: the copy's bytes land
	 * when its phase completes, which the load may precede */
	if (how == BK_LOAD)
		interp_chk_report(L, w, (int)lane, PTX_CHECK_RACECHECK, "write-read", &sa, &sb, "%s before a wait on "
		    "its mbarrier (%s) saw the phase complete: the load may come before or after the copy's write",
		    msg, where);
	return 1;
}

/* racecheck: a store into the shared destination of a
 * bulk copy whose phase no wait saw complete races with the copy. */
int
interp_chk_bulk_deststore(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n,
                          int copy)
{
	return bkaccess(L, w, lane, xi, a, p, n, BK_DEST, copy);
}

/* A generic store or atomic (copy: a copy's write): the sources of
 * copies not waited for. */
int
interp_chk_bulk_store(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n,
                      int copy)
{
	return bkaccess(L, w, lane, xi, a, p, n, BK_SRC, copy);
}

/* A load: the destinations of copies not waited for. */
void
interp_chk_bulk_load(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n)
{
	bkaccess(L, w, lane, xi, a, p, n, BK_LOAD, 0);
}

size_t
interp_chk_bulk_mark(const Launch *L)
{
	return L->mbchk ? L->mbchk->nbk : 0;
}

void
interp_chk_bulk_source(Launch *L, size_t mark, const void *src, uint64_t n)
{
	struct ChkMbar *s = L->mbchk;

	for (size_t i = mark; s && src && i < s->nbk; i++)
		if (!s->bk[i].src && s->bk[i].n == n) {
			s->bk[i].src = src;
			s->bk[i].sn = n;
			s->nsrc++;
			interp_chk_mark(L->cx, &s->srcbits, src, (size_t)n, 1);
		}
}

/* One run of n contiguous source bytes at host src of the tensor copy
 * whose destinations are the entries mark..end-1 (one a CTA it
 * multicasts to).  A box's rows lie apart in global memory, and the
 * bytes between them are not read: each run after the first is an entry
 * of its own, without a destination, completed with the copy's phase. */
void
interp_chk_bulk_run(Launch *L, size_t mark, size_t end, const void *src, uint64_t n)
{
	struct ChkMbar *s = L->mbchk;

	for (size_t i = mark; s && src && n && i < end && i < s->nbk; i++) {
		BkEnt e = s->bk[i], *v;
		if (!e.p)
			continue;
		if (!e.src) {
			s->bk[i].src = src;
			s->bk[i].sn = n;
		} else {
			if (!(v = grow(L->cx, s->bk, &s->capbk, s->nbk, sizeof *v, BK_MAX)))
				return;
			s->bk = v;
			e.p = NULL;
			e.n = 0;
			e.src = src;
			e.sn = n;
			s->bk[s->nbk++] = e;
		}
		s->nsrc++;
		interp_chk_mark(L->cx, &s->srcbits, src, (size_t)n, 1);
	}
}

int
interp_chk_bulk_srcs(const Launch *L)
{
	return L->mbchk && L->mbchk->nsrc;
}

/* Whether the waits on the mbarrier at host mb saw more than phase of
 * its phases complete: thread tid's of its CTA, or any thread's (tid < 0). */
int
interp_chk_mbar_saw(const Launch *L, const uint8_t *mb, int64_t tid, uint32_t phase)
{
	const MbEnt *e = find(L->mbchk, mb);

	if (!e)
		return 1;   /* not followed: taken as ordered */
	for (uint32_t t = tid < 0 ? 0 : (uint32_t)tid; t < e->nseen && (tid < 0 || t == (uint64_t)tid); t++)
		if (e->seen[t].seen > phase + 1)
			return 1;
	return 0;
}

int
interp_chk_mbar_obs(const Launch *L, const uint8_t *mb, uint32_t phase, ChkMbObs *o)
{
	const MbEnt *e = find(L->mbchk, mb);
	uint32_t first;

	if (!e)
		return -1;
	first = e->nobs > MB_OBS ? e->nobs - MB_OBS : 0;
	/* the counts only grow from one wait to the next */
	for (uint32_t i = first; i < e->nobs; i++)
		if (e->obs[i % MB_OBS].k > phase) {
			if (i == first && first > 0)
				return -1;   /* an earlier one, forgotten, may have seen it first */
			*o = e->obs[i % MB_OBS].o;
			return 1;
		}
	return 0;
}

/* Whether a bulk copy waits for its phase: a load can then be reported;
 * the checked executor's warp-wide loads are taken only when none does. */
int
interp_chk_bulk_pending(const Launch *L)
{
	return L->mbchk && L->mbchk->nbk;
}

/* ------------------------------------------------------------ the async proxy */

/* Whether the module reads shared memory through the async proxy: a bulk
 * copy or tensor store out of shared memory, or wgmma.mma_async (its
 * descriptors' operands). */
static int
proxyreads(Launch *L, struct ChkMbar *s)
{
	if (s->proxy < 0) {
		s->proxy = 0;
		for (int i = 0; i < L->pm->ncode && !s->proxy; i++)
			s->proxy = interp_bulk_reads_shared(&L->pm->code[i]) || L->pm->code[i].x == X_WGMMA;
	}
	return s->proxy;
}

/* Whether generic stores to shared memory are followed for the async
 * proxy (the module reads shared memory through it): when not, the
 * checked executor skips interp_chk_proxy_store for a whole access. */
int
interp_chk_proxy_follows(Launch *L)
{
	struct ChkMbar *s = state(L);

	return s && proxyreads(L, s);
}

static PxCta *
pxcta(Launch *L, struct ChkMbar *s, const Cta *c, int make)
{
	PxCta *fr = NULL;

	for (int i = 0; i < PX_CTAS; i++) {
		if (s->px[i].shared == c->shared && s->px[i].cta == c->linear && s->px[i].w)
			return &s->px[i];
		if (!s->px[i].w && !fr)
			fr = &s->px[i];
	}
	if (!make || !fr || !c->nshared || !(fr->w = interp_alloc(L->cx, (size_t)(c->nshared / 4 + 1) * sizeof *fr->w)))
		return NULL;
	fr->shared = c->shared;
	fr->cta = c->linear;
	fr->fences = 0;
	s->npx++;
	return fr;
}

/* A generic store or atomic of n bytes at host p by lane: shared ones are
 * remembered for the async proxy's reads. */
void
interp_chk_proxy_store(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const void *p, unsigned n)
{
	struct ChkMbar *s;
	Cta *c = w->cta;
	const uint8_t *q = p;
	PxCta *x;

	if (!inside(c, q) || !(s = state(L)) || !proxyreads(L, s) || w->id > UINT16_MAX || !(x = pxcta(L, s, c, 1)))
		return;
	for (uint64_t o = (uint64_t)(q - c->shared) & ~3ull; o < (uint64_t)(q - c->shared) + n && o / 4 <= c->nshared / 4;
	    o += 4)
		x->w[o / 4] = (PxWord){ x->fences + 1, (uint32_t)(xi - L->pm->code), (uint16_t)w->id, (uint8_t)lane };
}

void
interp_chk_proxy_fence(Launch *L, Warp *w)
{
	PxCta *x;

	if (L->mbchk && (x = pxcta(L, L->mbchk, w->cta, 0)))
		x->fences++;
}

/* The async proxy reads n bytes at offset off of w's CTA's shared memory
 * for xi, issued by lane. */
void
interp_chk_proxy_read(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t off, uint64_t n)
{
	struct ChkMbar *s = L->mbchk;
	Cta *c = w->cta;
	PxCta *x;

	if (!s || !(x = pxcta(L, s, c, 0)) || off > c->nshared || n > c->nshared - off)
		return;
	for (uint64_t o = off & ~3ull; o < off + n; o += 4) {
		const PxWord *pw = &x->w[o / 4];
		ChkSite a, b;
		if (pw->fence != x->fences + 1)
			continue;
		interp_chk_site(L, w, lane, xi, PTX_ACCESS_READ, o, 4, &a);
		site(L, w, c->linear, pw->warp, pw->lane, &L->pm->code[pw->pc], PTX_ACCESS_WRITE, o, 4, &b);
		interp_chk_report(L, w, lane, PTX_CHECK_ASYNCCHECK, "missing-proxy-fence", &a, &b,
		    "the async proxy reads shared 0x%" PRIx64 ", which a generic-proxy store wrote with no "
		    "fence.proxy.async in the CTA since", o);
		return;
	}
}

/* ------------------------------------------------------------ CTAs and launches */

/* When c starts or ends: its mbarriers (a phase that can no longer
 * complete is reported when it ends), copies and proxy words go. */
void
interp_chk_mbar_cta(Launch *L, Cta *c, int end)
{
	struct ChkMbar *s = L->mbchk;

	if (!s)
		return;
	for (size_t i = 0; i < s->nmb;) {
		MbEnt *e = &s->mb[i];
		if (!inside(c, e->p)) {
			i++;
			continue;
		}
		if (end && e->pend == 0 && e->tx != 0 && (e->txi[0] || e->txi[1]) && c->nw > 0) {
			ChkSite a, b;
			Warp *w = &c->w[0];
			int k = e->txi[0] ? 0 : 1;   /* the last completion, and the last expectation */
			site(L, w, e->tcta[k], e->twarp[k], e->tlane[k], e->txi[k], PTX_ACCESS_NONE, 0, 0, &a);
			if (k == 0 && e->txi[1])
				site(L, w, e->tcta[1], e->twarp[1], e->tlane[1], e->txi[1], PTX_ACCESS_NONE, 0, 0, &b);
			interp_chk_report(L, w, 0, PTX_CHECK_ASYNCCHECK, "tx-count-mismatch", &a, k == 0 && e->txi[1] ? &b : NULL,
			    "the mbarrier at shared 0x%x ends with its phase's arrivals all in and a tx-count of %d: "
			    "%" PRId64 " bytes were expected and %" PRId64 " completed, so the phase never completes",
			    (unsigned)(e->p - c->shared), (int)e->tx, e->expect, e->done);
		}
		dropmb(L, s, i);
	}
	for (size_t i = 0; i < s->nbk;)
		if (inside(c, s->bk[i].mb))   /* the mbarrier is in the destination CTA */
			dropbk(L, s, i);
		else
			i++;
	for (int i = 0; s->npx && i < PX_CTAS; i++)
		if (s->px[i].w && s->px[i].shared == c->shared) {
			interp_free(L->cx, s->px[i].w);
			memset(&s->px[i], 0, sizeof s->px[i]);
			s->npx--;
		}
}

void
interp_chk_mbar_free(Launch *L)
{
	struct ChkMbar *s = L->mbchk;

	if (!s)
		return;
	while (s->nmb)
		dropmb(L, s, s->nmb - 1);
	interp_free(L->cx, s->mb);
	interp_chk_table_free(L->cx, &s->bits);
	interp_chk_table_free(L->cx, &s->srcbits);
	interp_free(L->cx, s->bk);
	for (int i = 0; i < PX_CTAS; i++)
		interp_free(L->cx, s->px[i].w);
	interp_free(L->cx, s);
	L->mbchk = NULL;
}

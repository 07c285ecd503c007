/*
 * check_async.c -- asynccheck: results of asynchronous operations used
 * before the operation is known to be complete.
 *
 * The interpreter completes cp.async and wgmma.mma_async when they are
 * issued, so a program that reads too early computes the right answer
 * here and the wrong one, some of the time, on a GPU.  asynccheck follows
 * what the PTX ISA promises instead:
 *
 *   - "cp-async-read-before-wait": a load of shared memory that a
 *     cp.async of the CTA writes, before the issuing thread waited for
 *     it: cp.async.wait_group N completes the thread's groups but the N
 *     most recent committed ones, cp.async.wait_all every copy of the
 *     thread.  A cp.async.mbarrier.arrive counts as completing the
 *     thread's copies (whether the mbarrier's phase was then waited for
 *     is not followed: silence rather than a guess);
 *   - "wgmma-accumulator-access": an instruction other than
 *     wgmma.mma_async that reads or writes an accumulator register of a
 *     wgmma.mma_async before wgmma.wait_group completed its group;
 *   - "wgmma-missing-fence": a warp's first wgmma.mma_async with no
 *     wgmma.fence executed by the warp before it (registers written
 *     between a fence and a later wgmma are not followed);
 *   - "bulk-source-write-before-wait": a generic store or atomic into the
 *     bytes a copy in flight reads: a cp.async's global source before
 *     its thread waited for its group (as above), a bulk copy's shared
 *     source into global memory before its thread's
 *     cp.async.bulk.wait_group (.read or not) completed its bulk group, a
 *     bulk copy into shared memory before a wait saw the phase it
 *     completes on (check_mbar.c).  The copy may read the new bytes;
 *   - "bulk-read-before-wait" for global memory: a load of bytes that a
 *     bulk or tensor copy out of shared memory writes, before the thread
 *     that issued it waited for its bulk group with
 *     cp.async.bulk.wait_group (without .read, which waits for the
 *     copy's reads of its source alone).  The load may see the bytes as
 *     they were (the shared destinations are check_mbar.c's).
 *
 * cp.async: each copy is an entry (the thread, its group -- the thread's
 * count of commits when it issued the copy --, the host bytes written),
 * and a bit-a-byte table of the launch marks the bytes of entries not yet
 * complete.  A CTA's entries go when it starts or ends (sched.c), so a
 * host buffer a later CTA reuses has none.  wgmma: each warp's
 * accumulator registers in flight, with their group (the warp's count of
 * wgmma.commit_group).  Entries past ASYNC_MAX are not kept (missed, never
 * reported falsely).  The sources are entries of their own (SrcEnt) with
 * a bit-a-byte table of their bytes, so that a store finds none cheaply;
 * where two sources overlap, the first one's completion clears the
 * other's bits (a store into them is missed, never made up).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <string.h>
#include "interp.h"

enum { ASYNC_MAX = 1 << 16 };

#define FOR_EACH_LANE(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

typedef struct {
	const XIns *xi;
	const uint8_t *p;         /* cp.async: the bytes written; wgmma: the function (frame()) */
	uint64_t cta;             /* linear index */
	uint32_t group;           /* the thread's (cp.async) or warp's (wgmma) group */
	uint32_t n;               /* cp.async: bytes; wgmma: the register slot */
	uint16_t warp;
	uint8_t lane;             /* cp.async only */
	uint8_t depth;            /* wgmma: the call depth of the register file, low bits */
} AEnt;

typedef struct {              /* the source of a copy in flight */
	const XIns *xi;
	const uint8_t *p;
	uint64_t ga;              /* a global destination's guest address */
	uint64_t gord;            /* and Launch.gord after the copy (racecheck) */
	uint64_t n, cta;          /* bytes; the issuer's CTA, linear */
	uint32_t group;           /* the thread's cp.async or bulk group count at the copy */
	uint16_t warp;
	uint8_t lane, bulk;       /* bulk: completed by cp.async.bulk.wait_group, else by the cp.async waits */
} SrcEnt;

struct ChkAsync {
	SrcEnt *src;
	size_t nsrc, capsrc;
	struct ChkShadow *srcbits;   /* bytes of the sources in src */
	SrcEnt *dst;              /* the global destinations of bulk copies in flight */
	size_t ndst, capdst;
	struct ChkShadow *dstbits;
	AEnt *cp, *wg;
	size_t ncp, capcp, nwg, capwg;
	AEnt *fen;                /* warps that executed wgmma.fence (cta, warp) */
	size_t nfen, capfen;
	struct ChkShadow *bits;   /* bytes of incomplete cp.async copies */
};

static struct ChkAsync *
state(Launch *L)
{
	if (!L->async)
		L->async = interp_alloc(L->cx, sizeof *L->async);
	return L->async;
}

static AEnt *
push(ptx_ctx *cx, AEnt **v, size_t *n, size_t *cap)
{
	if (*n == ASYNC_MAX)
		return NULL;
	if (*n == *cap) {
		size_t nc = *cap ? 2 * *cap : 64;
		AEnt *p = interp_realloc(cx, *v, nc * sizeof *p);
		if (!p)
			return NULL;
		*v = p;
		*cap = nc;
	}
	return &(*v)[(*n)++];
}

/* Drops the cp.async entries for which done() holds, clearing their
 * bytes; w: the issuing warp's wait completed them, and under racecheck
 * their bytes become its lanes' stores (interp_chk_race_copied). */
static void
cpdrop(Launch *L, Warp *w, struct ChkAsync *s, int (*done)(const AEnt *, const void *), const void *arg)
{
	for (size_t i = 0; i < s->ncp;)
		if (done(&s->cp[i], arg)) {
			if (w && (L->chk & PTX_CHECK_RACECHECK))
				interp_chk_race_copied(L, w, s->cp[i].lane, s->cp[i].xi, s->cp[i].p, s->cp[i].n, 0);
			interp_chk_mark(L->cx, &s->bits, s->cp[i].p, s->cp[i].n, 0);
			s->cp[i] = s->cp[--s->ncp];
		} else
			i++;
}

typedef struct {
	uint64_t cta;
	uint32_t warp, lanes;
	const uint32_t *count;    /* the lanes' commit counts */
	uint32_t keep;            /* groups kept pending; UINT32_MAX: none kept, uncommitted ones too */
	int bulk;                 /* the bulk groups' wait (sources only) */
} Wait;

/* Whether the wait q completes a copy of thread (cta, warp, lane) of
 * group (the thread's commit count at the copy). */
static int
done(const Wait *q, uint64_t cta, unsigned warp, unsigned lane, uint32_t group)
{
	if (cta != q->cta || warp != q->warp || !(q->lanes >> lane & 1))
		return 0;
	if (q->keep == UINT32_MAX)
		return 1;
	return q->count[lane] >= q->keep && group < q->count[lane] - q->keep;
}

static int
waited(const AEnt *e, const void *arg)
{
	return done(arg, e->cta, e->warp, e->lane, e->group);
}

/* Drops the sources (dst: the global destinations) the wait q of warp w
 * completes (q NULL: those of CTA cta); under racecheck a destination's
 * bytes become the waiting thread's store, as a shared destination's do
 * (the wait orders its own thread alone). */
static void
srcdrop(Launch *L, Warp *w, struct ChkAsync *s, const Wait *q, uint64_t cta, int dst)
{
	SrcEnt *v = dst ? s->dst : s->src;
	size_t *np = dst ? &s->ndst : &s->nsrc;

	for (size_t i = 0; i < *np;) {
		const SrcEnt *e = &v[i];
		if (q ? e->bulk == q->bulk && done(q, e->cta, e->warp, e->lane, e->group) : e->cta == cta) {
			if (dst && q && w && (L->chk & PTX_CHECK_RACECHECK))
				interp_chk_race_stored(L, w, e->lane, e->xi, e->ga, e->p, e->n, L->gord == e->gord);
			interp_chk_mark(L->cx, dst ? &s->dstbits : &s->srcbits, e->p, (size_t)e->n, 0);
			v[i] = v[--*np];
		} else
			i++;
	}
}

/* A copy of lane of w reads (dst: writes, in global memory) n bytes at
 * host p until the wait of its group (bulk: a bulk group). */
static void
srcadd(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const void *p, uint64_t n, int bulk, int dst, uint64_t ga)
{
	struct ChkAsync *s = state(L);
	SrcEnt **vp, *v;
	size_t *np, *capp;

	if (!s || !p || !n || w->id > UINT16_MAX)
		return;
	vp = dst ? &s->dst : &s->src;
	np = dst ? &s->ndst : &s->nsrc;
	capp = dst ? &s->capdst : &s->capsrc;
	if (*np == *capp) {
		size_t nc = *capp ? 2 * *capp : 16;
		if (*np >= ASYNC_MAX || !(v = interp_realloc(L->cx, *vp, nc * sizeof *v)))
			return;
		*vp = v;
		*capp = nc;
	}
	(*vp)[(*np)++] = (SrcEnt){ xi, p, ga, L->gord, n, w->cta->linear, bulk ? w->bkg[lane] : w->cpg[lane], (uint16_t)w->id,
	    (uint8_t)lane, (uint8_t)bulk };
	interp_chk_mark(L->cx, dst ? &s->dstbits : &s->srcbits, p, (size_t)n, 1);
}

static int
inrange(const AEnt *e, const void *arg)
{
	const Cta *c = arg;

	return e->p >= c->shared && e->p < c->shared + c->nshared;
}

void
interp_chk_async_cta(Launch *L, Cta *c)
{
	struct ChkAsync *s = L->async;

	interp_chk_mbar_cta(L, c, 0);
	/* the counts start at zero in a new launch's warps; once one moved,
	 * every CTA's warps (reused for the next CTA) start afresh: clearing
	 * them for every CTA of a launch without copies was a cost of its own
	 * (a few per cent of a checked saxpy) */
	for (int i = 0; L->asyncgrp && i < c->nw; i++) {
		memset(c->w[i].cpg, 0, sizeof c->w[i].cpg);
		memset(c->w[i].bkg, 0, sizeof c->w[i].bkg);
		c->w[i].wgg = 0;
	}
	if (!s)
		return;
	if (s->nsrc)
		srcdrop(L, NULL, s, NULL, c->linear, 0);
	if (s->ndst)
		srcdrop(L, NULL, s, NULL, c->linear, 1);
	if (s->ncp)
		cpdrop(L, NULL, s, inrange, c);
	for (size_t i = 0; i < s->nwg;)
		if (s->wg[i].cta == c->linear)
			s->wg[i] = s->wg[--s->nwg];
		else
			i++;
	for (size_t i = 0; i < s->nfen;)
		if (s->fen[i].cta == c->linear)
			s->fen[i] = s->fen[--s->nfen];
		else
			i++;
}

/* Whether warp w executed a wgmma.fence; mark: remember that it did.
 * -1: not followed (past ASYNC_MAX warps, out of memory). */
static int
fenced(Launch *L, Warp *w, int mark)
{
	struct ChkAsync *s = state(L);
	AEnt *e;

	if (!s)
		return -1;
	for (size_t i = 0; i < s->nfen; i++)
		if (s->fen[i].cta == w->cta->linear && s->fen[i].warp == w->id)
			return 1;
	if (!mark)
		return 0;
	if (!(e = push(L->cx, &s->fen, &s->nfen, &s->capfen)))
		return -1;
	*e = (AEnt){ .cta = w->cta->linear, .warp = (uint16_t)w->id };
	return 0;
}

/* The function of w's current frame, which names a wgmma entry's
 * registers together with the call depth and the slot. */
static const uint8_t *
frame(const Warp *w)
{
	return (const uint8_t *)(const void *)w->cf[w->ncf - 1].fn;
}

/* Before xi runs for the lanes m of w: the waits and commits, and the
 * accumulator registers of wgmma groups in flight. */
void
interp_chk_async(Launch *L, Warp *w, const XIns *xi, uint32_t m)
{
	struct ChkAsync *s = L->async;
	const Ins *in = xi->in;
	Wait q;

	if (!m)
		return;
	if (xi->x == X_NOP && in) {
		switch (in->op) {
		case OP_CP_ASYNC_COMMIT_GROUP:
			L->asyncgrp = 1;
			FOR_EACH_LANE(m, l)
				w->cpg[l]++;
			return;
		case OP_CP_ASYNC_BULK_COMMIT_GROUP:
			L->asyncgrp = 1;
			FOR_EACH_LANE(m, l)
				w->bkg[l]++;
			return;
		case OP_CP_ASYNC_BULK_WAIT_GROUP:
			/* .read or not, the bulk groups' reads of their sources are done */
			q = (Wait){ w->cta->linear, (uint32_t)w->id, m, w->bkg, 0, 1 };
			q.keep = in->nopnd > 0 && in->opnd[0].kind == OK_IMM && in->opnd[0].imm >= 0 &&
			    in->opnd[0].imm < UINT32_MAX ? (uint32_t)in->opnd[0].imm : 0;
			if (s && s->nsrc)
				srcdrop(L, w, s, &q, 0, 0);
			if (s && s->ndst && !ir_hasmod(in, MOD_READ))
				srcdrop(L, w, s, &q, 0, 1);   /* the writes are done too */
			return;
		case OP_FENCE_PROXY_ASYNC:
			if (L->chk & PTX_CHECK_ASYNCCHECK)
				interp_chk_proxy_fence(L, w);
			return;
		case OP_CP_ASYNC_WAIT_GROUP: case OP_CP_ASYNC_WAIT_ALL:
			q.cta = w->cta->linear;
			q.warp = (uint32_t)w->id;
			q.lanes = m;
			q.count = w->cpg;
			q.keep = UINT32_MAX;
			q.bulk = 0;
			if (in->op == OP_CP_ASYNC_WAIT_GROUP)
				q.keep = in->nopnd > 0 && in->opnd[0].kind == OK_IMM && in->opnd[0].imm >= 0 &&
				    in->opnd[0].imm < UINT32_MAX ? (uint32_t)in->opnd[0].imm : 0;
			else {
				L->asyncgrp = 1;
				FOR_EACH_LANE(m, l)
					w->cpg[l]++;   /* wait_all commits first */
			}
			if (s && s->ncp)
				cpdrop(L, w, s, waited, &q);
			if (s && s->nsrc)
				srcdrop(L, w, s, &q, 0, 0);
			return;
		case OP_WGMMA_COMMIT_GROUP:
			L->asyncgrp = 1;
			w->wgg++;
			return;
		case OP_WGMMA_FENCE:
			if (L->chk & PTX_CHECK_ASYNCCHECK)
				fenced(L, w, 1);
			return;
		case OP_WGMMA_WAIT_GROUP: {
			uint32_t keep = in->nopnd > 0 && in->opnd[0].kind == OK_IMM && in->opnd[0].imm >= 0 &&
			    in->opnd[0].imm < UINT32_MAX ? (uint32_t)in->opnd[0].imm : 0;
			for (size_t i = 0; s && i < s->nwg;) {
				AEnt *e = &s->wg[i];
				if (e->cta == w->cta->linear && e->warp == w->id && w->wgg >= keep && e->group < w->wgg - keep)
					*e = s->wg[--s->nwg];
				else
					i++;
			}
			return;
		}
		default:
			break;
		}
	}
	if (xi->x == X_MBAR && in && in->op == OP_CP_ASYNC_MBARRIER_ARRIVE) {
		q.cta = w->cta->linear;
		q.warp = (uint32_t)w->id;
		q.lanes = m;
		q.count = w->cpg;
		q.keep = UINT32_MAX;
		q.bulk = 0;
		if (s && s->ncp)
			cpdrop(L, w, s, waited, &q);
		if (s && s->nsrc)
			srcdrop(L, w, s, &q, 0, 0);
		return;
	}
	if (xi->x == X_WGMMA) {
		/* a wgmma may name the accumulators of one in flight (a chain
		 * into one accumulator needs no wait): they join its group;
		 * racecheck follows the copies alone */
		if (!(L->chk & PTX_CHECK_ASYNCCHECK))
			return;
		if (!fenced(L, w, 0)) {
			/* the PTX ISA: wgmma.fence before the first wgmma.mma_async of
			 * the warpgroup, so that it sees the registers written before */
			ChkSite a;
			interp_chk_site(L, w, __builtin_ctz(m), xi, PTX_ACCESS_NONE, 0, 0, &a);
			interp_chk_report(L, w, __builtin_ctz(m), PTX_CHECK_ASYNCCHECK, "wgmma-missing-fence", &a, NULL,
			    "a warp's first wgmma.mma_async with no wgmma.fence before it: its accumulator and A "
			    "registers may be read before the writes that precede it");
			fenced(L, w, 1);   /* once a warp */
		}
		if (!(s = state(L)))
			return;
		for (int k = 0; k < xi->nd; k++) {
			AEnt *e = NULL;
			if (xi->s[k].k != XO_REG)
				continue;
			for (size_t i = 0; i < s->nwg && !e; i++)
				if (s->wg[i].cta == w->cta->linear && s->wg[i].warp == w->id && s->wg[i].n == (uint32_t)xi->s[k].r &&
				    s->wg[i].depth == (uint8_t)w->ncf && s->wg[i].p == frame(w))
					e = &s->wg[i];
			if (!e && !(e = push(L->cx, &s->wg, &s->nwg, &s->capwg)))
				return;
			*e = (AEnt){ xi, frame(w), w->cta->linear, w->wgg, (uint32_t)xi->s[k].r, (uint16_t)w->id, 0,
			    (uint8_t)w->ncf };
		}
		return;
	}
	if (!s || !s->nwg)
		return;
	for (size_t i = 0; i < s->nwg; i++) {
		const AEnt *e = &s->wg[i];
		int hit = 0;
		if (e->cta != w->cta->linear || e->warp != w->id || e->depth != (uint8_t)w->ncf || e->p != frame(w))
			continue;
		for (int k = 0; k < xi->ns && !hit; k++)
			hit = (xi->s[k].k == XO_REG || xi->s[k].k == XO_NOT) && (uint32_t)xi->s[k].r == e->n;
		for (int k = 0; k < xi->nd && !hit; k++)
			hit = xi->d[k].k == XO_REG && (uint32_t)xi->d[k].r == e->n;
		hit = hit || (xi->abase.k == XO_REG && (uint32_t)xi->abase.r == e->n);
		if (hit) {
			ChkSite a, b;
			Warp ew = *w;
			interp_chk_site(L, w, __builtin_ctz(m), xi, PTX_ACCESS_NONE, 0, 0, &a);
			interp_chk_site(L, &ew, __builtin_ctz(m), e->xi, PTX_ACCESS_NONE, 0, 0, &b);
			interp_chk_report(L, w, __builtin_ctz(m), PTX_CHECK_ASYNCCHECK, "wgmma-accumulator-access", &a, &b,
			    "an accumulator register of a wgmma.mma_async is accessed before wgmma.wait_group "
			    "completed its group (warp %d)", w->id);
			return;
		}
	}
}

static void srcwrite(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n,
                     int copy);

/* A cp.async of lane l wrote n bytes at host p (shared memory) from
 * srcn bytes at host src (global memory; none under ignore-src). */
void
interp_chk_cpasync(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const void *p, unsigned n,
                   const void *src, unsigned srcn)
{
	struct ChkAsync *s = state(L);
	AEnt *e;

	if (L->chk & PTX_CHECK_ASYNCCHECK)   /* its source, read until the wait */
		srcadd(L, w, lane, xi, src, srcn, 0, 0, 0);
	if (L->chk & PTX_CHECK_RACECHECK)
		interp_chk_race_issued(L, w, lane, xi, p, n);
	if (s)
		srcwrite(L, w, lane, xi, (uint64_t)((const uint8_t *)p - w->cta->shared), p, n, 1);
	if (!s || w->id > UINT16_MAX || !(e = push(L->cx, &s->cp, &s->ncp, &s->capcp)))
		return;
	*e = (AEnt){ xi, p, w->cta->linear, w->cpg[lane], n, (uint16_t)w->id, (uint8_t)lane, 0 };
	interp_chk_mark(L->cx, &s->bits, p, n, 1);
}

/* A load of n bytes at host p (guest a) by lane. */
/* Whether a cp.async copy is in flight: a load can then be reported; the
 * checked executor's warp-wide loads are taken only when none is. */
int
interp_chk_async_pending(const Launch *L)
{
	return L->async && (L->async->ncp || L->async->ndst);
}

/* Whether a wgmma's accumulators are in flight: any instruction can then
 * be reported, and the checked executor's straight-line runs are off. */
int
interp_chk_wgmma_pending(const Launch *L)
{
	return L->async && L->async->nwg;
}

/* The cp.async in flight that writes some of the n bytes at host p, or
 * NULL. */
static const AEnt *
cphit(const struct ChkAsync *s, const void *p, unsigned n)
{
	const uint8_t *b = p;

	if (!s || !s->ncp || !interp_chk_count(s->bits, p, n))
		return NULL;
	for (size_t i = 0; i < s->ncp; i++)
		if (s->cp[i].p < b + n && b < s->cp[i].p + s->cp[i].n)
			return &s->cp[i];
	return NULL;
}

/* The global destination of a bulk copy in flight that holds some of the
 * n bytes at host p, or NULL. */
static const SrcEnt *
dsthit(const struct ChkAsync *s, const void *p, unsigned n)
{
	const uint8_t *b = p;

	if (!s || !s->ndst || !interp_chk_count(s->dstbits, p, n))
		return NULL;
	for (size_t i = 0; i < s->ndst; i++)
		if (s->dst[i].p < b + n && b < s->dst[i].p + s->dst[i].n)
			return &s->dst[i];
	return NULL;
}

void
interp_chk_async_load(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n)
{
	const AEnt *e = cphit(L->async, p, n);
	const SrcEnt *d = e ? NULL : dsthit(L->async, p, n);
	uint64_t lin = e ? e->cta : d ? d->cta : 0;
	ChkSite sa, sb;
	Cta c;
	Warp ew;

	if (!e && !d)
		return;
	memset(&ew, 0, sizeof ew);
	memset(&c, 0, sizeof c);
	c.linear = lin;
	c.id[0] = (unsigned)(lin % L->grid[0]);
	c.id[1] = (unsigned)(lin / L->grid[0] % L->grid[1]);
	c.id[2] = (unsigned)(lin / ((uint64_t)L->grid[0] * L->grid[1]));
	ew.cta = &c;
	ew.id = e ? e->warp : d->warp;
	interp_chk_site(L, w, (int)lane, xi, PTX_ACCESS_READ, a, n, &sa);
	interp_chk_site(L, &ew, e ? e->lane : d->lane, e ? e->xi : d->xi, PTX_ACCESS_WRITE, a, n, &sb);
	interp_chk_report(L, w, (int)lane, PTX_CHECK_ASYNCCHECK, e ? "cp-async-read-before-wait" : "bulk-read-before-wait",
	    &sa, &sb, e ? "a load of %u bytes at 0x%" PRIx64 " that a cp.async of warp %u writes, before the thread that "
	    "issued it waited for its group (cp.async.wait_group or wait_all)" : "a load of %u bytes at 0x%" PRIx64
	    " of global memory that a bulk copy of warp %u writes, before the thread that issued it waited for its "
	    "bulk group (cp.async.bulk.wait_group without .read)", n, a, (unsigned)ew.id);
	/* and a race with the copy, whose bytes land when it completes: the
	 * load may see them or not (any thread, the issuer's too: the async
	 * proxy writes them) */
	interp_chk_report(L, w, (int)lane, PTX_CHECK_RACECHECK, e ? "write-read" : "global-write-read", &sa, &sb,
	    "%s memory at 0x%" PRIx64 ": a load of warp %d of bytes that a %s of warp %u writes, before %s: the load "
	    "may come before or after the copy's write", e ? "shared" : "global", a, w->id,
	    e ? "cp.async" : "bulk copy", (unsigned)ew.id, e ? "the thread that issued it waited for its group" :
	    "the thread that issued it waited for its bulk group");
}

void
interp_chk_bulk_group(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const void *src, uint64_t n)
{
	srcadd(L, w, lane, xi, src, n, 1, 0, 0);
}

void
interp_chk_bulk_dst(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const void *dst, uint64_t n,
                    uint64_t ga)
{
	srcadd(L, w, lane, xi, dst, n, 1, 1, ga);
}


int
interp_chk_src_pending(const Launch *L)
{
	return (L->async && (L->async->nsrc || L->async->ncp)) || interp_chk_bulk_srcs(L) || interp_chk_bulk_pending(L);
}

/* racecheck: a store (copy: another cp.async) of lane
 * into the shared destination of a cp.async in flight races with the
 * copy: the copies complete in no order the PTX ISA gives.  1: reported. */
static int
cpwrite(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n, int copy)
{
	const AEnt *e = cphit(L->async, p, n);
	ChkSite sa, sb;
	Warp ew;

	if (!e)
		return 0;
	memset(&ew, 0, sizeof ew);
	ew.cta = w->cta;
	ew.id = e->warp;
	interp_chk_site(L, w, (int)lane, xi, PTX_ACCESS_WRITE, a, n, &sa);
	interp_chk_site(L, &ew, e->lane, e->xi, PTX_ACCESS_WRITE, a, n, &sb);
	interp_chk_report(L, w, (int)lane, PTX_CHECK_RACECHECK, "write-write", &sa, &sb,
	    "shared memory at 0x%" PRIx64 ": a %s of warp %d into the destination of a cp.async of warp %u "
	    "before the thread that issued it waited for its group: %s", a, copy ? "copy" : "store",
	    w->id, e->warp, copy ? "either may land last" : "the copy may land after the store");
	return 1;
}

/* A generic store or atomic (copy: a copy's write into shared memory of
 * w's CTA) of n bytes at host p (guest a) by lane: the destinations of
 * the copies in flight (racecheck), then their sources. */
static void
srcwrite(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n, int copy)
{
	struct ChkAsync *s = L->async;
	const uint8_t *b = p;
	ChkSite sa, sb;

	if ((L->chk & PTX_CHECK_RACECHECK) &&
	    (cpwrite(L, w, lane, xi, a, p, n, copy) || interp_chk_bulk_deststore(L, w, lane, xi, a, p, n, copy)))
		return;
	if (interp_chk_bulk_store(L, w, lane, xi, a, p, n, copy) || !s || !s->nsrc ||
	    !interp_chk_count(s->srcbits, p, n))
		return;
	for (size_t i = 0; i < s->nsrc; i++) {
		const SrcEnt *e = &s->src[i];
		Cta c;
		Warp ew;
		if (!(e->p < b + n && b < e->p + e->n))
			continue;
		memset(&ew, 0, sizeof ew);
		memset(&c, 0, sizeof c);
		c.linear = e->cta;
		c.id[0] = (unsigned)(e->cta % L->grid[0]);
		c.id[1] = (unsigned)(e->cta / L->grid[0] % L->grid[1]);
		c.id[2] = (unsigned)(e->cta / ((uint64_t)L->grid[0] * L->grid[1]));
		ew.cta = e->cta == w->cta->linear ? w->cta : &c;
		ew.id = e->warp;
		interp_chk_site(L, w, (int)lane, xi, PTX_ACCESS_WRITE, a, n, &sa);
		interp_chk_site(L, &ew, e->lane, e->xi, PTX_ACCESS_READ, a, n, &sb);
		interp_chk_report(L, w, (int)lane, PTX_CHECK_ASYNCCHECK, "bulk-source-write-before-wait", &sa, &sb,
		    "a %s of %u bytes at 0x%" PRIx64 " that a %s of block (%u,%u,%u) warp %u still reads, before "
		    "its thread waited for it (%s)", copy ? "copy's write" : "store", n, a,
		    e->bulk ? "cp.async.bulk" : "cp.async", ew.cta->id[0],
		    ew.cta->id[1], ew.cta->id[2], e->warp, e->bulk ? "cp.async.bulk.wait_group, .read or not" :
		    "cp.async.wait_group or wait_all");
		return;
	}
}

void
interp_chk_src_store(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n)
{
	srcwrite(L, w, lane, xi, a, p, n, 0);
}

/* A copy (cp.async, bulk) writes n bytes at host p, guest a, of w's CTA:
 * another copy in flight into them, or reading them, races with it. */
void
interp_chk_copy_write(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n)
{
	srcwrite(L, w, lane, xi, a, p, n, 1);
}

void
interp_chk_async_free(Launch *L)
{
	struct ChkAsync *s = L->async;

	interp_chk_mbar_free(L);
	if (!s)
		return;
	interp_chk_table_free(L->cx, &s->srcbits);
	interp_free(L->cx, s->src);
	interp_chk_table_free(L->cx, &s->dstbits);
	interp_free(L->cx, s->dst);
	interp_chk_table_free(L->cx, &s->bits);
	interp_free(L->cx, s->cp);
	interp_free(L->cx, s->wg);
	interp_free(L->cx, s->fen);
	interp_free(L->cx, s);
	L->async = NULL;
}

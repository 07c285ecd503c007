/*
 * check_cdp.c -- racecheck between the grids of one launch from the host
 * and the grids its kernels launch from the device (cdp.c).
 *
 * The interpreter runs a child grid after its parent's grid has ended,
 * each with racecheck records of its own (check_race.c), so what orders
 * grids is followed here, on records that the whole family of grids
 * shares: each global word keeps its last weak store and load, which
 * grid, CTA and thread made them, the CTA's count of barriers at the
 * access and the context's count of device launches then (the tick).
 *
 * The CDP2 model (CUDA 12 and later) orders grids so:
 *   - a launch releases what its thread did before it: the child sees the
 *     launching thread's earlier accesses, and those of the threads of
 *     its CTA that a barrier ordered before the launch;
 *   - the parent cannot wait for a child (no device-side
 *     cudaDeviceSynchronize): every access of the parent grid after the
 *     launch races with the child's accesses of the same bytes
 *     (cdp-parent-child), but for a tail launch, which starts after its
 *     parent and all the parent's other children completed;
 *   - two children of one parent are ordered when one is a tail launch
 *     (started after the other) or both went into one stream: the same
 *     created stream, or the NULL or per-thread stream of one CTA;
 *     fire-and-forget launches and children of different streams are
 *     unordered (cdp-sibling).
 * A grid's descendants complete before it does, so an access of a
 * grandchild is ordered against another grid as the child it descends
 * from is.
 *
 * Chosen to err towards silence: an access of another CTA of the parent
 * before the launch is taken as ordered (a fence and a flag may order it:
 * not followed), as are atomics and strong accesses, and accesses
 * of one grid against each other (check_race.c's).  Each word keeps one
 * store and one load, so an access of the same grid in between hides an
 * earlier one.  Records are kept only in launches of modules that launch
 * from the device, in pages of host memory, at most 256 MiB of them;
 * past that the family's grids are not followed further.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <string.h>
#include "interp.h"

enum { CPAGE = 4096, CWORDS = CPAGE / 4, CDP_NODES = 1 << 20, STREAM_NULL = 0, STREAM_PERTHREAD = 2,
       STREAM_FAF = 4 };

typedef struct {
	uint64_t tick;            /* the context's count of device launches at the access */
	uint64_t sync;            /* the CTA's count of what orders its threads, at the access */
	uint32_t grid;            /* the grid's node + 1; 0: no record */
	uint32_t cta;             /* the CTA's linear index */
	uint32_t pc;
	uint32_t g;               /* its grid's Launch.gord (low 32 bits) at the access */
	uint16_t tid;             /* the thread's index in its CTA */
	uint8_t bytes;
} CAcc;

typedef struct {
	uintptr_t key;            /* host address / CPAGE + 1 */
	CAcc w[CWORDS], r[CWORDS];
} CPg;

typedef struct {
	uint32_t parent;          /* node index; the root is its own */
	uint32_t depth;
	uint64_t tick;            /* the tick the launch made */
	uint64_t sync;            /* the launching CTA's count then */
	uint64_t stream;
	uint32_t cta;             /* the launching thread */
	uint16_t tid;
	uint8_t tail;
	uint32_t *rel;            /* this grid's, when it launched any: each CTA's Launch.relg when it
	                           * ended (NULL: not kept, taken as ordered) */
	uint64_t nrel;
} CNode;

struct ChkCdp {
	CNode *node; uint32_t nnode, capnode;
	uint32_t cur;             /* the node of the grid running */
	uint64_t tick;
	CPg **tab; size_t cap, n;
	int off;                  /* out of memory or past the bound: not followed */
};

enum { CPAGES_MAX = (256u << 20) / sizeof(CPg) };

/* Whether the module launches grids from the device. */
static int
launches(const ptx_module *pm)
{
	for (int i = 0; i < pm->nfn; i++)
		if (pm->fn[i].builtin == BI_CDP_LAUNCH || pm->fn[i].builtin == BI_CDP_LAUNCH2)
			return 1;
	return 0;
}

void
interp_chk_cdp_begin(Launch *L)
{
	ptx_ctx *cx = L->cx;
	struct ChkCdp *f;

	interp_chk_cdp_free(cx);   /* a family that a fault left behind */
	if (!(L->chk & PTX_CHECK_RACECHECK) || !launches(L->pm) || !(f = interp_alloc(cx, sizeof *f)))
		return;
	memset(f, 0, sizeof *f);
	if (!(f->node = interp_alloc(cx, 16 * sizeof *f->node))) {
		interp_free(cx, f);
		return;
	}
	memset(f->node, 0, 16 * sizeof *f->node);
	f->nnode = 1;
	f->capnode = 16;
	cx->cdpchk = f;
}

void
interp_chk_cdp_free(ptx_ctx *cx)
{
	struct ChkCdp *f = cx->cdpchk;

	if (!f)
		return;
	for (size_t i = 0; i < f->cap; i++)
		interp_free(cx, f->tab[i]);
	interp_free(cx, f->tab);
	for (uint32_t i = 0; i < f->nnode; i++)
		interp_free(cx, f->node[i].rel);
	interp_free(cx, f->node);
	interp_free(cx, f);
	cx->cdpchk = NULL;
}

static size_t
slot(uintptr_t k, size_t cap)
{
	return (size_t)((k * 0x9e3779b97f4a7c15ull) >> 24) & (cap - 1);
}

/* The page of key, made when missing and make is set; NULL: none. */
static CPg *
cpage(ptx_ctx *cx, struct ChkCdp *f, uintptr_t key, int make)
{
	size_t i;

	if (f->cap)
		for (i = slot(key, f->cap); f->tab[i]; i = (i + 1) & (f->cap - 1))
			if (f->tab[i]->key == key)
				return f->tab[i];
	if (!make || f->off)
		return NULL;
	if (f->n >= CPAGES_MAX) {
		f->off = 1;
		return NULL;
	}
	if (2 * (f->n + 1) > f->cap) {
		size_t nc = f->cap ? 2 * f->cap : 64;
		CPg **nt = interp_alloc(cx, nc * sizeof *nt);
		if (!nt) {
			f->off = 1;
			return NULL;
		}
		memset(nt, 0, nc * sizeof *nt);
		for (size_t j = 0; j < f->cap; j++)
			if (f->tab[j]) {
				for (i = slot(f->tab[j]->key, nc); nt[i]; i = (i + 1) & (nc - 1))
					;
				nt[i] = f->tab[j];
			}
		interp_free(cx, f->tab);
		f->tab = nt;
		f->cap = nc;
	}
	CPg *pg = interp_alloc(cx, sizeof *pg);
	if (!pg) {
		f->off = 1;
		return NULL;
	}
	memset(pg, 0, sizeof *pg);
	pg->key = key;
	for (i = slot(key, f->cap); f->tab[i]; i = (i + 1) & (f->cap - 1))
		;
	f->tab[i] = pg;
	f->n++;
	return pg;
}

static uint64_t
ctasync(const Cta *c)
{
	return interp_chk_syncs(c) + c->chkord;
}

uint32_t
interp_chk_cdp_launch(Launch *L, Warp *w, uint32_t lane, uint64_t stream, int tail)
{
	struct ChkCdp *f = L->cx->cdpchk;
	CNode *n;

	if (!f || f->off)
		return 0;
	if (f->nnode == f->capnode) {
		CNode *nn;
		if (f->capnode >= CDP_NODES || !(nn = interp_realloc(L->cx, f->node, 2 * (size_t)f->capnode * sizeof *nn))) {
			f->off = 1;
			return 0;
		}
		f->node = nn;
		f->capnode *= 2;
	}
	n = &f->node[f->nnode];
	n->parent = f->cur;
	n->depth = f->node[f->cur].depth + 1;
	n->tick = ++f->tick;
	n->sync = ctasync(w->cta);
	n->stream = stream;
	n->cta = (uint32_t)w->cta->linear;
	n->tid = (uint16_t)(w->id * WARP + lane);
	n->tail = (uint8_t)(tail != 0);
	n->rel = NULL;
	n->nrel = 0;
	return f->nnode++;
}

/* The grid of L ends, and launched grids that run next: keep what its
 * CTAs released (check_race.c's Launch.relg, freed with the launch), to
 * order their accesses before the children's. */
void
interp_chk_cdp_end(Launch *L)
{
	struct ChkCdp *f = L->cx->cdpchk;
	CNode *g;

	if (!f || f->off || !L->cdp || !L->relg || f->cur >= f->nnode)
		return;
	g = &f->node[f->cur];
	interp_free(L->cx, g->rel);
	g->nrel = 0;
	if ((g->rel = interp_alloc(L->cx, (size_t)L->nrelg * sizeof *g->rel))) {
		memcpy(g->rel, L->relg, (size_t)L->nrelg * sizeof *g->rel);
		g->nrel = L->nrelg;
	}
}

uint32_t
interp_chk_cdp_enter(ptx_ctx *cx, uint32_t node)
{
	struct ChkCdp *f = cx->cdpchk;
	uint32_t old;

	if (!f)
		return 0;
	old = f->cur;
	f->cur = node < f->nnode ? node : 0;
	return old;
}

/* Whether the earlier launch a and the later b, children of one grid,
 * are ordered. */
static int
siblings(const CNode *a, const CNode *b)
{
	if (b->tail)
		return 1;
	if (a->tail || a->stream != b->stream || a->stream == STREAM_FAF)
		return 0;
	return (a->stream != STREAM_NULL && a->stream != STREAM_PERTHREAD) || a->cta == b->cta;
}

/* Count a (low 32 bits) taken after count b. */
static int
after(uint32_t a, uint32_t b)
{
	return a != b && (uint32_t)(a - b) <= 1u << 31;
}

/* Whether a chain of release and acquire orders the record e, of
 * another CTA of the grid that made launch n or of any CTA after the
 * launch, before the access of CTA c of the running grid L: e's CTA
 * executed a release (a fence or strong access of .gpu/.sys scope that
 * check_race.c counts) after e, and then the launching thread an acquire
 * before the launch (the launch carries it to the child) or, after the
 * launch, the accessing CTA an acquire before its access (the child runs
 * after whatever it reads from).  The launching CTA's device-runtime
 * calls count as its acquires (check_race.c counts them), so before the
 * launch the release alone decides.  As check_race.c's rule, on one
 * interleaving: a release or acquire for something else silences the
 * pair; a CTA the counts do not follow is taken as ordered. */
static int
chained(const Launch *L, const Cta *c, const struct ChkCdp *f, const CNode *n, const CAcc *e)
{
	const CNode *x = &f->node[n->parent];

	if (!x->rel || e->cta >= x->nrel)
		return 1;
	if (!after(x->rel[e->cta], e->g))
		return 0;
	return e->tick < n->tick || (L->acqg && c->linear < L->nrelg && L->acqg[c->linear] != 0);
}

/* The kind of race between the record e and the access of node cur, by
 * CTA c of the grid L; NULL: ordered or not followed. */
static const char *
unordered(const Launch *L, const Cta *c, const struct ChkCdp *f, const CAcc *e, uint32_t cur, uint8_t bytes)
{
	uint32_t x = e->grid - 1, y = cur, xa = UINT32_MAX, ya = UINT32_MAX;
	const CNode *n;

	if (!e->grid || x == y || !(e->bytes & bytes) || x >= f->nnode)
		return NULL;
	/* up to the grids below the common ancestor */
	while (f->node[x].depth > f->node[y].depth)
		x = f->node[xa = x].parent;
	while (f->node[y].depth > f->node[x].depth)
		y = f->node[ya = y].parent;
	while (x != y) {
		x = f->node[xa = x].parent;
		y = f->node[ya = y].parent;
	}
	if (ya == UINT32_MAX)
		return NULL;   /* the record is of a descendant: it ran first and completed */
	n = &f->node[ya];
	if (xa != UINT32_MAX)
		return siblings(&f->node[xa], n) ? NULL : "cdp-sibling";
	/* the record is of the ancestor x, the access of the grid that descends
	 * from its launch n */
	if (n->tail)
		return NULL;
	if (e->tick < n->tick && e->cta == n->cta)
		/* the launching thread's, or its CTA's before a barrier; the
		 * launch itself counts as a release of the CTA, so no chain */
		return e->tid == n->tid || e->sync != n->sync ? NULL : "cdp-parent-child";
	/* another CTA before the launch, or anything after it (the parent
	 * cannot wait for its child): only a release and an acquire order them */
	return chained(L, c, f, n, e) ? NULL : "cdp-parent-child";
}

void
interp_chk_cdp(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n, int acc)
{
	struct ChkCdp *f = L->cx->cdpchk;
	uintptr_t a = (uintptr_t)p, end = a + n;
	int write = acc == PTX_ACCESS_WRITE;
	CAcc cur;

	if (!f || f->off || !n)
		return;
	memset(&cur, 0, sizeof cur);
	cur.tick = f->tick;
	cur.sync = ctasync(w->cta);
	cur.grid = f->cur + 1;
	cur.cta = (uint32_t)w->cta->linear;
	cur.pc = (uint32_t)(xi - L->pm->code);
	cur.g = (uint32_t)L->gord;
	cur.tid = (uint16_t)(w->id * WARP + lane);
	for (uintptr_t wd = a & ~(uintptr_t)3; wd < end; wd += 4) {
		CPg *pg = cpage(L->cx, f, wd / CPAGE + 1, 1);
		size_t i = wd % CPAGE / 4;
		const CAcc *e = NULL;
		const char *kind;
		if (!pg)
			return;
		cur.bytes = 0;
		for (unsigned b = 0; b < 4; b++)
			if (wd + b >= a && wd + b < end)
				cur.bytes |= (uint8_t)(1u << b);
		if ((kind = unordered(L, w->cta, f, &pg->w[i], f->cur, cur.bytes)))
			e = &pg->w[i];
		else if (write && (kind = unordered(L, w->cta, f, &pg->r[i], f->cur, cur.bytes)))
			e = &pg->r[i];
		if (e) {
			int eacc = e == &pg->w[i] ? PTX_ACCESS_WRITE : PTX_ACCESS_READ;
			ChkSite sa, sb;
			Warp ew;
			Cta ec;
			memset(&ec, 0, sizeof ec);
			memset(&ew, 0, sizeof ew);
			ec.id[0] = e->cta;   /* the other grid's shape is gone: its linear index */
			ew.cta = &ec;
			ew.id = e->tid / WARP;
			interp_chk_site(L, w, (int)lane, xi, acc, addr, n, &sa);
			interp_chk_site(L, &ew, e->tid % WARP, &L->pm->code[e->pc], eacc, addr, n, &sb);
			sb.thread[0] = e->tid;   /* its block's shape is gone too: the linear index */
			sb.thread[1] = sb.thread[2] = 0;
			interp_chk_report(L, w, (int)lane, PTX_CHECK_RACECHECK, kind, &sa, &sb,
			    "global memory at 0x%" PRIx64 ": a %s of this grid and a %s of %s (block %u, thread %u) that "
			    "the device launch does not order: %s", addr, write ? "store" : "load",
			    eacc == PTX_ACCESS_WRITE ? "store" : "load",
			    kind[4] == 's' ? "a sibling grid" : f->node[f->cur].parent == e->grid - 1 ? "its parent grid" :
			    "a grid it descends from",
			    e->cta, e->tid,
			    kind[4] == 's' ? "two children of one grid in different streams (or fire-and-forget) run "
			    "concurrently" : "a parent's accesses after the launch, or another thread's before it with "
			    "no barrier, are not ordered with the child");
			return;
		}
		if (write)
			pg->w[i] = cur;
		else
			pg->r[i] = cur;
	}
}

/*
 * shim_place.c -- where cuMemAlloc's allocations go in a context's device
 * address space, as a GPU's driver places them, and what cuMemGetInfo
 * counts as taken.  shim_mem.c makes the allocations (the interpreter's
 * memory laid at the addresses chosen here, ptx_mem_alloc_at) and frees
 * them.
 */
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

/*
 * What cuMemGetInfo reports as free is what a GPU's driver counts: device
 * memory taken in 2 MiB pages.  An allocation smaller than a page (its
 * extent, below) shares a page-sized chunk with other small ones (first
 * fit), so the first 1000-byte cuMemAlloc of a fresh context takes 2 MiB
 * and the next ones nothing until the chunk is full; one of a page or
 * more takes its own pages, its size rounded up to 2 MiB (as an H200's
 * driver answered tests/shim/drvfacts.c: one of 1 MiB + 1 byte took a new
 * chunk, and smaller ones made later filled it); a chunk goes back when
 * its last allocation is freed.  The rest the interpreter holds (module variables,
 * device malloc's heap, textures' arrays) is counted in whole pages too.
 * An allocation is refused when the pages it needs are more than is free,
 * so all that cuMemGetInfo reports free can be allocated.  Under LOCK.
 */
#define PAGE SHIM_PAGE
#define GRANULE SHIM_GRANULE

static size_t
pages(size_t n)
{
	return n / PAGE * PAGE + (n % PAGE ? PAGE : 0);
}

/*
 * Memory pools hold device memory in reserve (shim_pool.c: chunks of
 * 32 MiB), and what the driver reports free falls by that reserve whether
 * or not allocations fill it: an H200's fell by 128 MiB for a pool's one
 * allocation of 100 MiB, by 32 MiB for one of a byte, and stayed down when
 * they were freed until the reserve was given back (tests/shim/poolres.gpu).
 * The pools' allocations are cuMemAllocs here, placed as any other; the
 * pages that hold them alone (poolheld: their own, and chunks with no other
 * allocation) lie within the reserve, which counts in their stead where it
 * is the larger.
 */
static size_t
pooltaken(uint64_t rsv, size_t poolheld)
{
	return rsv > poolheld ? (rsv - poolheld > SIZE_MAX ? SIZE_MAX : (size_t)(rsv - poolheld)) : 0;
}

size_t
shim_free_mem(void)
{
	size_t total = shim_total_mem(), other, pool = pooltaken(shim_pool_reserve(), shim.poolheld);
	uint64_t used = 0;

	ptx_mem_used(shim.cx, &used);
	other = used > shim.extents ? pages((size_t)(used - shim.extents)) : 0;
	if (total <= other || total - other <= shim.held)
		return 0;
	total -= other + shim.held;
	return total > pool ? total - pool : 0;
}

/* What an allocation for a pool takes from what is free: need bytes of
 * pages of its own, its pool's reserve growing by grow; under LOCK */
size_t
shim_pool_cost(size_t need, uint64_t grow)
{
	uint64_t rsv = shim_pool_reserve();
	size_t before = shim.held + pooltaken(rsv, shim.poolheld);
	size_t after = shim.held + need + pooltaken(rsv > UINT64_MAX - grow ? UINT64_MAX : rsv + grow,
	    shim.poolheld + need);

	return after > before ? after - before : 0;
}

/* The bytes the interpreter backs past an allocation of extent ext of a
 * page or more: what a kernel may touch past its end without a fault, as
 * on a GPU, where it has 2 MiB pages of its own, mapped whole, and the
 * next address past them faults (an H200 faulted on loads just past 2, 4,
 * 10 and 16 MiB allocated as 2 MiB, 3 MiB, 10,000,000 bytes and 16 MiB;
 * tests/shim/slackmap.gpu).  A smaller one lies in a chunk over zeros
 * (placement, below).  The slack is anonymous memory of the allocation's
 * own (shim_ipc.c maps it), zero until a kernel writes it: a kernel that
 * reads past its buffer reads zeros or what it wrote there, never the
 * host's memory.  The slack is no device memory, so the interpreter's
 * limit is raised by it while the allocation lives; that the host's
 * memory stays bounded, the slack of all live allocations is at most a
 * quarter of the device memory, past which an allocation gets none. */
size_t
shim_place_slack(size_t ext)
{
	size_t s = pages(ext) - ext;

	return shim.slack + s <= shim_total_mem() / 4 ? s : 0;
}

/*
 * Where an allocation goes, as a GPU's driver places it (an H200's
 * answers to tests/shim/placement.c and placebig.c; negmap.c, drvfacts.c,
 * undermap.c and slackmap.c for what lies around it).  A context's device
 * memory is address space taken in 2 MiB pages, laid out at its first
 * allocation, from the top down:
 *
 *   its first segment, NORMAL pages: page 0, the driver's DRIVER pages
 *   (1 to 36: 72 MiB that read zeros), 12 pages more (24 MiB);
 *   below it, BELOW (414 MiB) of the driver's own, which reads zeros and
 *   keeps what is stored there (ptx_mem_zeros, which memcheck reports):
 *   on an H200 (driver 580) loads from 4 bytes to 400 MiB below a small
 *   first allocation read 0 and 424 MiB below faulted, 484 MiB below one
 *   of 3 to 24 MiB read 0 and 496 MiB faulted (negmap.gpu), which is the
 *   same boundary once that one lies at page 37;
 *   below that, the huge region: blocks of a multiple of BLOCK pages
 *   (32 MiB) taken from its top down, an allocation at the bottom of its
 *   block (the H200 put 32, 32 and 26 MiB at 446, 478 and 510 MiB below a
 *   small first allocation), the rest of the block free for pages.
 *
 * A chunk (the page small allocations share) or an allocation of a page
 * or more takes the lowest run of free pages that holds it (first fit in
 * address order: a 2 MiB allocation went into the 6 MiB left above a
 * 26 MiB one rather than the 24 MiB of the first segment above it, a
 * 4 MiB one into 8 MiB left in a block rather than 6 MiB above it, a
 * first one of 2 MiB to page 0, one of 3 MiB to page 37); where none
 * holds it, a new block.  One of more than BELOW_FIRST_MAX (24 MiB)
 * always takes a new block.  A block all of whose pages are free again is
 * given up: the lowest goes back to the region, with the given-up blocks
 * right above it (32, 64, 128 MiB ... 4 GiB each freed before the next
 * went at the region's top, each over the last), while one above a block
 * in use is not used again until then (a 32 MiB allocation freed above
 * others, the next went below the lowest block).
 *
 * An allocation smaller than a page goes into the smallest run of free
 * GRANULE-byte granules of the chunks that holds it, the lowest of equals
 * (best fit: the H200 put 512 bytes into a hole of 1024 rather than the
 * one of 2048 before it), else into a new chunk.  Each is an allocation
 * of the interpreter of its own bytes, laid over a range of zeros
 * (ptx_mem_zeros, which memcheck reports) that covers its chunk's page
 * and the two after it: a kernel that reads past its buffer reads the
 * next buffer, as on a GPU, or zeros where nothing is (or what it stored
 * there), up to 4 MiB past its start at least, never the host's memory.
 * An allocation of a page or more is backed to its pages' end (shim_place_slack),
 * and past them faults (an H200 faulted just past a 2 MiB allocation made
 * after a small one).  The ranges of zeros are host memory only once
 * stored to; they are at most a quarter of the device memory (more chunks
 * get none).
 */
#define BELOW_FIRST_MAX ((size_t)24 << 20)
#define BELOW ((size_t)414 << 20)
#define NORMAL 49   /* page 0, the driver's, 12 more */
#define DRIVER 36   /* the driver's pages after page 0: 72 MiB */
#define BLOCK 16    /* the huge region's blocks: multiples of 32 MiB */
#define GRANS (PAGE / GRANULE)

/*
 * The free space is indexed so that placing and freeing cost O(log n) in
 * the allocations a context holds: the holes of all its chunks (runs of
 * free granules) in one set keyed by length, then address, where the
 * smallest hole that holds an allocation, the lowest of equals, is the
 * first key at or above (its granules, 0); the runs of free pages, in one
 * set keyed by address with their length as the value, where the first
 * fit is a descent (ir_tree_first).  Each run's length is written at its first and
 * its last granule or page (tag, ptag), so that a free finds the runs on
 * either side of it at once and joins them (pages only within a block).
 * A run whose node could not be had (the host out of memory) is not
 * indexed and never handed out.
 */
struct Sseg {
	CUdeviceptr base;
	size_t npages;
	int huge;                   /* the huge region, else the first segment */
	size_t drv;                 /* pages of the driver's from page drv (0: none) */
	unsigned char *use;         /* each page: 0 free, 1 a chunk, 2 an allocation's own, 3 the driver's,
	                             * 4 a block's given up */
	unsigned char *cover;       /* chunks whose range of zeros covers it (at most 3) */
	unsigned char *zr;          /* that range is there now */
	size_t *ptag;               /* a free run's length, at its first and last page */
	Chunk **ch;                 /* each page of a chunk: the chunk */
	size_t *blk;                /* the huge region: each page's block's first page, */
	size_t *bused;              /* and at that page, the block's pages in use */
};

struct Schunk {
	CUdeviceptr base;
	size_t used;                /* bytes of its allocations' extents */
	size_t poolused;            /* of them, those of pools' allocations (Alloc.pool) */
	uint64_t map[GRANS / 64];   /* the granules in use */
	uint16_t tag[GRANS];        /* a hole's length, at its first and last granule */
};

static int
bit(const Chunk *c, size_t i)
{
	return (int)(c->map[i / 64] >> (i % 64) & 1);
}

static void
setbits(Chunk *c, size_t from, size_t n, int on)
{
	for (size_t i = from; i < from + n; i++)
		if (on)
			c->map[i / 64] |= (uint64_t)1 << (i % 64);
		else
			c->map[i / 64] &= ~((uint64_t)1 << (i % 64));
}

/* The node of key (k1, k2) in the set, or NULL (a run left unindexed) */
static Tnode *
exact(Tnode *root, uint64_t k1, uint64_t k2)
{
	Tnode *t = ir_tree_near(root, k1, k2, 0);

	return t && t->k1 == k1 && t->k2 == k2 ? t : NULL;
}

static void
unindex(Tnode **root, Tnode *t)
{
	if (t) {
		ir_tree_del(root, t);
		free(t);
	}
}

static void
free_set(Tnode *t)
{
	if (t) {
		free_set(t->kid[0]);
		free_set(t->kid[1]);
		free(t);
	}
}

/* The hole [from, from + n) of chunk c: tagged and indexed */
static void
hole(Ctx *ctx, Chunk *c, size_t from, size_t n)
{
	Tnode *t = calloc(1, sizeof *t);

	c->tag[from] = c->tag[from + n - 1] = (uint16_t)n;
	if (t) {
		t->k1 = n, t->k2 = c->base + from * GRANULE;
		ir_tree_put(&ctx->holes, t);
	}
}

/* The hole of chunk c with a granule at i, out of the index; its start and length in *from, *n */
static void
unhole(Ctx *ctx, Chunk *c, size_t at_end, size_t i, size_t *from, size_t *n)
{
	*n = c->tag[i];
	*from = at_end ? i + 1 - *n : i;
	unindex(&ctx->holes, exact(ctx->holes, *n, c->base + *from * GRANULE));
}

/* The free pages [from, from + n) of segment g: tagged and indexed */
static void
pagerun(Ctx *ctx, Seg *g, size_t from, size_t n)
{
	Tnode *t = calloc(1, sizeof *t);

	g->ptag[from] = g->ptag[from + n - 1] = n;
	if (t) {
		t->k1 = g->base + from * PAGE, t->v = n;
		ir_tree_put(&ctx->pruns, t);
	}
}

/* The run of free pages of g that starts at page from, out of the index */
static void
unrun(Ctx *ctx, Seg *g, size_t from)
{
	unindex(&ctx->pruns, exact(ctx->pruns, g->base + from * PAGE, 0));
}

/* Pages [page, page + n) of g, taken from the free run that starts at page */
static void
pages_take(Ctx *ctx, Seg *g, size_t page, size_t n, int use)
{
	size_t len = g->ptag[page];

	unrun(ctx, g, page);
	memset(g->use + page, use, n);
	if (g->huge)
		g->bused[g->blk[page]] += n;
	if (len > n)
		pagerun(ctx, g, page + n, len - n);
}

/* Pages [page, page + n) of g given back, joined with the free runs beside
 * them in their block; a block left with none in use is given up */
static void
pages_give(Ctx *ctx, Seg *g, size_t page, size_t n)
{
	size_t b = g->huge ? g->blk[page] : 0;

	memset(g->use + page, 0, n);
	if (g->huge)
		g->bused[b] -= n;
	if (page && !g->use[page - 1] && (!g->huge || g->blk[page - 1] == b)) {
		size_t l = g->ptag[page - 1];
		unrun(ctx, g, page - l);
		page -= l, n += l;
	}
	if (page + n < g->npages && !g->use[page + n] && (!g->huge || g->blk[page + n] == b)) {
		unrun(ctx, g, page + n);
		n += g->ptag[page + n];
	}
	if (g->huge && !g->bused[b]) {   /* the whole block, free: given up */
		memset(g->use + page, 4, n);
		if (page == ctx->hugetop)   /* the lowest: it and the given-up blocks above go back */
			while (ctx->hugetop < g->npages && g->use[ctx->hugetop] == 4)
				g->use[ctx->hugetop++] = 0;
		return;
	}
	pagerun(ctx, g, page, n);
}

/* One segment of npages pages at base, its page tables made; under LOCK */
static int
seginit(Seg *g, CUdeviceptr base, size_t npages, int huge)
{
	memset(g, 0, sizeof *g);
	g->base = base;
	g->npages = npages;
	g->huge = huge;
	g->use = calloc(npages, 1);
	g->cover = calloc(npages, 1);
	g->zr = calloc(npages, 1);
	g->ptag = calloc(npages, sizeof *g->ptag);
	g->ch = calloc(npages, sizeof *g->ch);
	if (huge) {
		g->blk = calloc(npages, sizeof *g->blk);
		g->bused = calloc(npages, sizeof *g->bused);
	}
	return g->use && g->cover && g->zr && g->ptag && g->ch && (!huge || (g->blk && g->bused));
}

static void
segfree(Seg *g)
{
	for (size_t i = 0; g->ch && i < g->npages; i++)
		free(g->ch[i]);   /* none is left: each went with its last allocation */
	free(g->use), free(g->cover), free(g->zr), free(g->ptag), free(g->ch), free(g->blk), free(g->bused);
}

/* The huge region's pages: twice the device memory, so that blocks given
 * up above blocks in use wait long before they are taken again */
static size_t
hugepages(void)
{
	size_t n = shim_total_mem() / PAGE * 2;

	n = n < 64 * BLOCK ? 64 * BLOCK : n > ((size_t)1 << 40) / PAGE ? ((size_t)1 << 40) / PAGE : n;
	return n / BLOCK * BLOCK;
}

/*
 * The address space of contexts that ended, for the layouts of those made
 * later, oldest first.  A layout reserves twice the device memory and
 * more (38 GiB for the H200's 18 GiB of PTXKIT_MAX_MEMORY by default), and
 * the interpreter never gives reserved space back: a program that made
 * and destroyed contexts, or reset the primary one, 3,000 times ran out of
 * the 117 TiB of global addresses, every cuMemAlloc failing from then on
 * (the shim fuzzer's harness, which resets the primary context after each
 * input whose launch faulted, did after 16,600 inputs).  A GPU's driver,
 * too, hands a new context the addresses an ended one used.  Under LOCK.
 */
static struct { ptx_devptr base; size_t n; } *spent;
static size_t nspent, capspent;

/* [base, base + n) given up; kept for a later layout where the list can
 * grow (else it stays reserved, unused) */
static void
unreserve(ptx_devptr base, size_t n)
{
	if (nspent == capspent) {
		size_t cap = capspent ? 2 * capspent : 4;
		void *p = realloc(spent, cap * sizeof *spent);
		if (!p)
			return;
		spent = p, capspent = cap;
	}
	spent[nspent].base = base;
	spent[nspent++].n = n;
}

/* n bytes of address space: an ended context's, else reserved anew */
static int
reserve(size_t n, ptx_devptr *at)
{
	for (size_t i = 0; i < nspent; i++)
		if (spent[i].n == n) {
			*at = spent[i].base;
			memmove(spent + i, spent + i + 1, (nspent - i - 1) * sizeof *spent);
			nspent--;
			return 0;
		}
	return ptx_mem_reserve(shim.cx, n, PAGE, 0, at) != PTX_OK;
}

/* ctx's address space laid out, at its first allocation (above); under
 * LOCK.  segs[0] is the huge region, segs[1] the first segment, in
 * address order. */
static CUresult
layout(Ctx *ctx)
{
	size_t hp = hugepages(), n = hp * PAGE + BELOW + NORMAL * PAGE;
	ptx_devptr at;
	Seg *g;

	if (ctx->nsegs)
		return CUDA_SUCCESS;
	if (reserve(n, &at))
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (!(g = calloc(2, sizeof *g)) || !seginit(&g[0], at, hp, 1) ||
	    !seginit(&g[1], at + hp * PAGE + BELOW, NORMAL, 0)) {
		if (g)
			segfree(&g[0]), segfree(&g[1]);
		free(g);
		unreserve(at, n);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	ctx->segs = g;
	ctx->nsegs = 2;
	ctx->hugetop = hp;
	ctx->below = ptx_mem_zeros(shim.cx, at + hp * PAGE, BELOW) ? 0 : at + hp * PAGE;
	if (!ptx_mem_zeros(shim.cx, g[1].base + PAGE, DRIVER * PAGE))
		g[1].drv = 1;
	memset(g[1].use + 1, 3, DRIVER);
	pagerun(ctx, &g[1], 0, 1);
	pagerun(ctx, &g[1], 1 + DRIVER, NORMAL - 1 - DRIVER);
	return CUDA_SUCCESS;
}

/* A new block of the huge region for k pages, as a free run: its first
 * page, or -1 when the region is spent.  From the top down; once the
 * bottom is reached, the highest run of given-up pages long enough. */
static long
newblock(Ctx *ctx, size_t k)
{
	Seg *g = &ctx->segs[0];
	size_t m = (k + BLOCK - 1) / BLOCK * BLOCK, b, run = 0;

	if (m < k)
		return -1;
	if (ctx->hugetop >= m)
		b = ctx->hugetop -= m;
	else {
		for (b = ctx->hugetop, run = 0; b-- > 0;) {   /* rare: the region all spent once */
			run = g->use[b] == 4 ? run + 1 : 0;
			if (run == m)
				break;
		}
		if (run < m)
			return -1;
	}
	memset(g->use + b, 0, m);
	for (size_t i = b; i < b + m; i++)
		g->blk[i] = b;
	g->bused[b] = 0;
	pagerun(ctx, g, b, m);
	return (long)b;
}

/* Page i of segment g given its range of zeros, when it has none and the
 * ranges are under their bound; under LOCK */
static void
zerorange(Seg *g, size_t i)
{
	if (!g->zr[i] && g->cover[i] && shim.zpages < shim_total_mem() / 4 / PAGE &&
	    !ptx_mem_zeros(shim.cx, g->base + i * PAGE, PAGE))
		g->zr[i] = 1, shim.zpages++;
}

/* The pages a chunk at page i of g covers with zeros: its own and the two after (d 1), or no
 * more (d -1) */
static void
cover(Seg *g, size_t i, int d)
{
	for (size_t j = i; j < i + 3 && j < g->npages; j++) {
		g->cover[j] += d;
		if (d > 0)
			zerorange(g, j);
		else if (!g->cover[j] && g->zr[j]) {
			ptx_mem_zeros(shim.cx, g->base + j * PAGE, 0);
			g->zr[j] = 0, shim.zpages--;
		}
	}
}

/* The segment and page of address p of ctx's: the segments lie in address order */
static Seg *
segof(Ctx *ctx, CUdeviceptr p, size_t *page)
{
	size_t lo = 0, hi = ctx->nsegs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ctx->segs[mid].base <= p)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || p - ctx->segs[lo - 1].base >= ctx->segs[lo - 1].npages * PAGE)
		return NULL;
	*page = (p - ctx->segs[lo - 1].base) / PAGE;
	return &ctx->segs[lo - 1];
}

/* Allocation a's extent added to chunk ch (d 1) or taken out of it (d
 * -1), and the chunk's page counted with the pools' (shim.poolheld) while
 * it holds theirs alone; what the chunk then holds.  Under LOCK. */
static size_t
poolpage(Chunk *ch, const Alloc *a, int d)
{
	int was = ch->used && ch->used == ch->poolused, is;

	ch->used = d > 0 ? ch->used + a->ext : ch->used - a->ext;
	if (a->pool)
		ch->poolused = d > 0 ? ch->poolused + a->ext : ch->poolused - a->ext;
	is = ch->used && ch->used == ch->poolused;
	if (is != was)
		shim.poolheld = is ? shim.poolheld + PAGE : shim.poolheld - PAGE;
	return ch->used;
}

/* Where an extent goes in its context (spot; no change made): in hole
 * hole, or (hole NULL) in npages pages from page page of segment g, or
 * (g NULL) a new block; need, the bytes that takes from what is free. */
typedef struct {
	Tnode *hole;
	Seg *g;
	size_t page, npages, need;
} Spot;

static Spot
spot(Ctx *ctx, size_t ext)
{
	Spot w = { NULL, NULL, 0, ext < PAGE ? 1 : pages(ext) / PAGE, 0 };
	Tnode *t;

	w.need = w.npages * PAGE;
	if (ext < PAGE && (w.hole = ir_tree_near(ctx->holes, ext / GRANULE, 0, 1))) {
		w.need = 0;   /* the smallest hole that holds it, the lowest of equals */
		return w;
	}
	if (ext <= BELOW_FIRST_MAX && (t = ir_tree_first(ctx->pruns, w.npages)))
		w.g = segof(ctx, t->k1, &w.page);   /* the lowest run of pages that holds it */
	return w;
}

/* Takes the place spot finds for allocation a (not yet in the index): its
 * address in *at.  Under LOCK. */
CUresult
shim_place_take(Ctx *ctx, Alloc *a, ptx_devptr *at)
{
	Spot w = spot(ctx, a->ext);
	size_t page, from, n, g = a->ext / GRANULE;
	long b;
	Seg *sg;
	Chunk *ch;

	if (!w.hole && !w.g) {
		if ((b = newblock(ctx, w.npages)) < 0)
			return CUDA_ERROR_OUT_OF_MEMORY;
		w.g = &ctx->segs[0], w.page = (size_t)b;
	}
	if (!w.hole && a->ext >= PAGE) {   /* pages of its own */
		sg = w.g;
		pages_take(ctx, sg, w.page, w.npages, 2);
		a->chunk = -1;
		*at = sg->base + w.page * PAGE;
		shim.held += w.need;
		if (a->pool)
			shim.poolheld += w.need;
		return CUDA_SUCCESS;
	}
	if (!w.hole) {   /* a new chunk, one hole */
		sg = w.g;
		if (!(ch = calloc(1, sizeof *ch)))
			return CUDA_ERROR_OUT_OF_MEMORY;
		ch->base = sg->base + w.page * PAGE;
		pages_take(ctx, sg, w.page, 1, 1);
		sg->ch[w.page] = ch;
		cover(sg, w.page, 1);
		from = 0, n = GRANS;
	} else {
		sg = segof(ctx, w.hole->k2, &page);
		ch = sg->ch[page];
		n = w.hole->k1;
		from = (w.hole->k2 - ch->base) / GRANULE;
		unindex(&ctx->holes, w.hole);
	}
	setbits(ch, from, g, 1);
	if (n > g)
		hole(ctx, ch, from + g, n - g);
	if (!ch->used)
		shim.held += PAGE;
	poolpage(ch, a, 1);
	a->chunk = 0;
	*at = ch->base + from * GRANULE;
	return CUDA_SUCCESS;
}

/* What shim_place_take did for a undone; under LOCK */
void
shim_place_give(Alloc *a)
{
	Ctx *ctx = a->ctx;
	size_t page, from, n, l, r, x;
	Seg *g;
	Chunk *ch;

	if (!(g = segof(ctx, a->p, &page)))
		return;
	if (a->chunk < 0) {
		n = pages(a->ext) / PAGE;
		pages_give(ctx, g, page, n);
		shim.held -= n * PAGE;
		if (a->pool)
			shim.poolheld -= n * PAGE;
		return;
	}
	ch = g->ch[page];
	from = (a->p - ch->base) / GRANULE, n = a->ext / GRANULE;
	setbits(ch, from, n, 0);
	if (from && !bit(ch, from - 1))
		unhole(ctx, ch, 1, from - 1, &l, &x), from = l, n += x;
	if (from + n < GRANS && !bit(ch, from + n))
		unhole(ctx, ch, 0, from + n, &r, &x), n += x;
	if (poolpage(ch, a, -1)) {
		hole(ctx, ch, from, n);
		return;
	}
	shim.held -= PAGE;   /* empty: its page goes back */
	g->ch[page] = NULL;
	cover(g, page, -1);
	pages_give(ctx, g, page, 1);
	free(ch);
}

/* The bytes an allocation of extent ext takes from what is free, ctx's
 * address space laid out first if it is not yet; under LOCK */
CUresult
shim_place_need(Ctx *ctx, size_t ext, size_t *need)
{
	CUresult r;

	if (!(r = layout(ctx)))
		*need = spot(ctx, ext).need;
	return r;
}

/* ctx's address space given up (its allocations are freed): it goes to
 * the list above, and the next first allocation lays out anew; under LOCK */
void
shim_place_end(Ctx *ctx)
{
	if (ctx->nsegs == 2)
		unreserve(ctx->segs[0].base, ctx->segs[1].base + NORMAL * PAGE - ctx->segs[0].base);
	/* the space below its first segment is the driver's no more (its memory goes back) */
	if (ctx->below)
		ptx_mem_zeros(shim.cx, ctx->below, 0);
	ctx->below = 0;
	for (size_t s = 0; s < ctx->nsegs; s++) {
		Seg *g = &ctx->segs[s];
		if (g->drv)
			ptx_mem_zeros(shim.cx, g->base + g->drv * PAGE, 0);
		segfree(g);
	}
	free(ctx->segs);
	free_set(ctx->holes);
	free_set(ctx->pruns);
	ctx->segs = NULL, ctx->holes = ctx->pruns = NULL;
	ctx->nsegs = 0;
}

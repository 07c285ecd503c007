/*
 * shim_mem.c -- device and host memory, linear copies and fills, and the
 * error names of libptxcuda.  Device memory is the interpreter's: a
 * CUdeviceptr is a guest address.  Host memory (cuMemAllocHost,
 * cuMemHostAlloc, cuMemHostRegister) is plain host memory, which the
 * interpreter's copies read like any host buffer, and is mapped into the
 * device address space at its own address (ptx_mem_map), as unified
 * addressing does on a GPU; managed memory (cuMemAllocManaged) is host
 * memory mapped the same way, so host and kernels share it.  Strided copies are in shim_copy.c, streams and events
 * in shim_stream.c, where allocations go in shim_place.c.
 */
#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <unistd.h>
#include "cuda/shim.h"

/*
 * Host memory the shim allocates to share with kernels (managed memory,
 * page-locked memory) is made device memory at its own address, which
 * must lie outside the ranges the interpreter reserves (the windows of
 * the other state spaces just below the top of the user address space,
 * and the device allocations from GLOBAL_BASE up).  Where malloc put it
 * depended on where the kernel's randomised mmap base fell, and now and
 * then that was inside a window, and the allocation failed.  So these
 * pages are asked of mmap at addresses in regions the interpreter leaves
 * alone, each range a page apart: from 8 TiB up, below the device
 * allocations, and, where something else holds that region (AddressSanitizer
 * keeps its shadow memory there, so the kernel placed the pages elsewhere
 * and, with its mmap base randomised over a TiB or more, now and then in a
 * window), from 64 TiB up, far above any device allocation and below the
 * sanitizers' own heaps.  When the kernel gives another address in both,
 * the mapping decides as before.  Under LOCK.
 */
static struct {
	uintptr_t next, hi;
} region[] = {
	{ 0x080000000000, 0x100000000000 },
	{ 0x400000000000, 0x500000000000 },
};

static size_t
host_len(size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);

	return n ? (n + pg - 1) / pg * pg : pg;
}

void *
shim_host_pages(size_t n)
{
	size_t len, i;
	void *hint, *p;

	if (n > SIZE_MAX / 2)
		return NULL;
	len = host_len(n);
	for (i = 0; i < sizeof region / sizeof region[0]; i++) {
		if (region[i].next >= region[i].hi || len >= region[i].hi - region[i].next)
			continue;
		hint = (void *)region[i].next;
		p = mmap(hint, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return NULL;
		if (p == hint) {
			region[i].next += len + host_len(1);
			return p;
		}
		munmap(p, len);
	}
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

/*
 * Device memory of a context of the CUDA 2.x ABI (shim_abi32.c): its
 * CUdeviceptr_v1 is 32 bits, and the driver places that context's memory
 * below 4 GiB (an H200's, tests/shim/abimix.gpu and v1alloc.gpu).  The
 * interpreter's allocations lie from GLOBAL_BASE up, so such memory is
 * host pages asked of mmap below 4 GiB and made device memory at their
 * own address (ptx_mem_map), as managed memory is.  From LOW_FIRST up,
 * leaving the space below to a program's image and its heap (a binary
 * built without PIE sits at 4 MiB, its brk heap after it); first fit from
 * where the last one ended, then from the bottom again, so that space
 * freed is taken again; a step a host page past a range mmap will not
 * give (MAP_FIXED_NOREPLACE where the kernel has it; without it, the
 * address mmap gives elsewhere is let go).  NULL when no range below
 * 4 GiB holds n bytes.  Under LOCK.
 */
#define LOW_FIRST ((uintptr_t)256 << 20)
#define LOW_END ((uintptr_t)1 << 32)
#define LOW_STEP ((uintptr_t)2 << 20)
#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0
#endif

static uintptr_t lownext = LOW_FIRST;

void *
shim_low_pages(size_t n)
{
	size_t len;
	uintptr_t at, from = lownext;

	if (sizeof(uintptr_t) < 8 || n > LOW_END - LOW_FIRST || (len = host_len(n)) > LOW_END - LOW_FIRST)
		return NULL;
	for (int pass = 0; pass < 2; pass++, from = LOW_FIRST)
		for (at = from; at <= LOW_END - len && (pass == 0 || at < lownext); at += LOW_STEP) {
			void *p = mmap((void *)at, len, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
			if (p == MAP_FAILED)
				continue;
			if ((uintptr_t)p == at) {
				lownext = at + len;
				return p;
			}
			munmap(p, len);
		}
	return NULL;
}

void
shim_host_pages_free(void *p, size_t n)
{
	if (p)
		munmap(p, host_len(n));
}

CUresult
shim_merr(int rc)
{
	switch (rc) {
	case PTX_OK: return CUDA_SUCCESS;
	case PTX_ENOMEM: return CUDA_ERROR_OUT_OF_MEMORY;
	default: return CUDA_ERROR_INVALID_VALUE;
	}
}

/*
 * Managed memory where an H200's driver (580) puts it (tests/shim/
 * mpack.gpu).  Its address space is reserved in blocks of 32 MiB (or as
 * many 32 MiB as one allocation needs), each just below the lowest made
 * before, and handed out in 2 MiB granules, first fit from the lowest
 * address: an allocation of 2 MiB or more takes granules of its own, its
 * size rounded up to 2 MiB, and those below 2 MiB share 2 MiB chunks,
 * each packed in 512-byte units, first fit over the chunks from the
 * lowest; a new chunk takes the lowest free granule.  Freed units are
 * taken again; a chunk left empty gives its granule back.  The range
 * attributes and cuMemGetAddressRange give each allocation's own start
 * and size, and nothing for the bytes between allocations; cuMemGetInfo
 * does not count managed memory.  A kernel reaches a whole chunk without
 * a fault (the driver maps it whole), and an allocation of its own
 * granules to the end of its last 4 KiB page (mextent.gpu).
 */
enum { MUNIT = 512, MUNITS = SHIM_PAGE / MUNIT, MGRANULES = 16 };
typedef struct Smblock Mblock;
struct Smblock {
	Mblock *next;
	uint8_t *base;              /* its address space, reserved */
	size_t ngran;               /* its granules: a multiple of 16 */
	uint8_t *busy;              /* each taken, a byte each */
};
static Mblock *mblocks;         /* by address */

typedef struct Smchunk Mchunk;
struct Smchunk {
	Mchunk *next;
	Mblock *b;
	size_t g, k;                /* its granules in b */
	size_t len;                 /* the bytes of them mapped */
	int whole;                  /* one allocation's own granules, not a chunk of small ones */
	uint8_t *host;              /* its pages, device memory at their own address */
	ptx_devptr dev;             /* that address */
	size_t live;                /* a chunk's allocations */
	uint64_t used[MUNITS / 64]; /* a chunk's units taken */
};
static Mchunk *mchunks;         /* the chunks, by address */

/* n bytes of address space (a multiple of 32 MiB), 2 MiB-aligned, just
 * below the lowest block where that is free (first below 16 TiB, or
 * 80 TiB where a sanitizer holds the lower region: shim_host_pages'
 * regions); NULL if none */
static uint8_t *
mblock_reserve(size_t n)
{
	static const uintptr_t tops[] = { 0x100000000000, 0x500000000000 };
	int fl = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
	uint8_t *p;
	uintptr_t a;

	for (size_t i = 0; i < sizeof tops / sizeof tops[0]; i++) {
		uintptr_t low = tops[i], bottom = tops[i] - ((uintptr_t)1 << 42);
		for (Mblock *b = mblocks; b; b = b->next)   /* the lowest block in this region */
			if ((uintptr_t)b->base < low && (uintptr_t)b->base > bottom)
				low = (uintptr_t)b->base;
		if (low - bottom < n)
			continue;
		p = mmap((void *)(low - n), n, PROT_NONE, fl, -1, 0);
		if (p == MAP_FAILED)
			return NULL;
		if ((uintptr_t)p == low - n)
			return p;
		munmap(p, n);
	}
	/* elsewhere: 2 MiB more, trimmed to the alignment */
	if ((p = mmap(NULL, n + SHIM_PAGE, PROT_NONE, fl, -1, 0)) == MAP_FAILED)
		return NULL;
	a = ((uintptr_t)p + SHIM_PAGE - 1) & ~(uintptr_t)(SHIM_PAGE - 1);
	if (a > (uintptr_t)p)
		munmap(p, a - (uintptr_t)p);
	munmap((uint8_t *)a + n, (uintptr_t)p + SHIM_PAGE - a);
	return (uint8_t *)a;
}

/* The first of k free granules side by side in b; b->ngran: none */
static size_t
granules_fit(const Mblock *b, size_t k)
{
	size_t run = 0;

	for (size_t g = 0; g < b->ngran; g++) {
		run = b->busy[g] ? 0 : run + 1;
		if (run == k)
			return g + 1 - k;
	}
	return b->ngran;
}

/* k granules, first fit, their first len bytes host pages made device
 * memory; NULL if none.  Under LOCK. */
static Mchunk *
mrange_take(size_t k, size_t len)
{
	size_t g = 0;
	Mblock *b, **pp;
	Mchunk *c;

	for (b = mblocks; b; b = b->next)
		if ((g = granules_fit(b, k)) < b->ngran)
			break;
	if (!b) {   /* a new block, the lowest */
		size_t n = (k + MGRANULES - 1) / MGRANULES * MGRANULES;
		if (!(b = calloc(1, sizeof *b)) || !(b->busy = calloc(n, 1))) {
			free(b);
			return NULL;
		}
		b->ngran = n;
		if (n > SIZE_MAX / SHIM_PAGE || !(b->base = mblock_reserve(n * SHIM_PAGE))) {
			free(b->busy);
			free(b);
			return NULL;
		}
		for (pp = &mblocks; *pp && (*pp)->base < b->base; pp = &(*pp)->next)
			;
		b->next = *pp;
		*pp = b;
		g = 0;
	}
	if (!(c = calloc(1, sizeof *c)))
		return NULL;
	c->b = b, c->g = g, c->k = k, c->len = len;
	c->host = b->base + g * SHIM_PAGE;
	if (mmap(c->host, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) {
		free(c);
		return NULL;
	}
	if (ptx_mem_map(shim.cx, c->host, len, &c->dev) != PTX_OK) {
		mmap(c->host, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
		free(c);
		return NULL;
	}
	memset(b->busy + g, 1, k);
	return c;
}

/* c's granules given back: unmapped, their pages dropped, the space kept */
static void
mrange_give(Mchunk *c)
{
	ptx_mem_free(shim.cx, c->dev);
	mmap(c->host, c->len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
	memset(c->b->busy + c->g, 0, c->k);
	free(c);
}

static int
unit_used(const Mchunk *c, size_t u)
{
	return (int)(c->used[u / 64] >> (u % 64) & 1);
}

static void
units_mark(Mchunk *c, size_t u, size_t k, int on)
{
	for (size_t i = u; i < u + k; i++)
		if (on)
			c->used[i / 64] |= (uint64_t)1 << (i % 64);
		else
			c->used[i / 64] &= ~((uint64_t)1 << (i % 64));
}

/* The first unit of the first run of k free units in c; MUNITS: none */
static size_t
units_fit(const Mchunk *c, size_t k)
{
	size_t run = 0;

	for (size_t u = 0; u < MUNITS; u++) {
		run = unit_used(c, u) ? 0 : run + 1;
		if (run == k)
			return u + 1 - k;
	}
	return MUNITS;
}

/* Managed memory of n bytes placed as above: t gets its range (mchunk),
 * host address and extent, *a its device address.  Under LOCK. */
static CUresult
mtake(size_t n, Alloc *t, ptx_devptr *a)
{
	size_t k = (n + MUNIT - 1) / MUNIT, u = 0;
	Mchunk *c, **pp;

	if (n >= SHIM_PAGE) {   /* granules of its own, mapped in 4 KiB pages (mextent.gpu) */
		if (n > SIZE_MAX - SHIM_PAGE || !(c = mrange_take((n + SHIM_PAGE - 1) / SHIM_PAGE, (n + 4095) / 4096 * 4096)))
			return CUDA_ERROR_OUT_OF_MEMORY;
		c->whole = 1;
		c->live = 1;
		t->ext = c->len;
	} else {
		for (c = mchunks; c; c = c->next)
			if ((u = units_fit(c, k)) < MUNITS)
				break;
		if (!c) {
			if (!(c = mrange_take(1, SHIM_PAGE)))
				return CUDA_ERROR_OUT_OF_MEMORY;
			for (pp = &mchunks; *pp && (*pp)->dev < c->dev; pp = &(*pp)->next)
				;
			c->next = *pp;
			*pp = c;
			u = 0;
		}
		units_mark(c, u, k, 1);
		c->live++;
		t->ext = k * MUNIT;
		memset(c->host + u * MUNIT, 0, t->ext);   /* zeros, as fresh pages have: runs repeat */
	}
	t->mchunk = c;
	t->host = c->host + u * MUNIT;
	*a = c->dev + u * MUNIT;
	return CUDA_SUCCESS;
}

/* Whether b is the start of a chunk of small managed allocations */
static int
mchunk_at(ptx_devptr b)
{
	for (Mchunk *c = mchunks; c; c = c->next)
		if (c->dev == b)
			return 1;
	return 0;
}

/* A's memory given back to its chunk; a chunk left empty, and an
 * allocation's own granules, to the block. */
static void
mgive(Alloc *a)
{
	Mchunk *c = a->mchunk, **pp;

	if (!c->whole) {
		units_mark(c, (size_t)((uint8_t *)a->host - c->host) / MUNIT, a->ext / MUNIT, 0);
		if (--c->live)
			return;
		for (pp = &mchunks; *pp != c; pp = &(*pp)->next)
			;
		*pp = c->next;
	}
	mrange_give(c);
}

/* Allocation a's memory given back, device or managed (unmapped, then freed) */
static void
release(Alloc *a)
{
	if (a->mchunk) {
		mgive(a);
		return;
	}
	ptx_mem_free(shim.cx, a->p);
	if (a->host) {
		if (a->low) {
			shim.held -= host_len(a->ext);
			if (a->pool)
				shim.poolheld -= host_len(a->ext);
		}
		shim_host_pages_free(a->host, a->ext);
		return;
	}
	shim.extents -= a->ext + a->slack;
	if (a->slack) {
		uint64_t v = 0;
		ptx_get_limit(shim.cx, PTX_LIMIT_MEMORY, &v);
		ptx_set_limit(shim.cx, PTX_LIMIT_MEMORY, v - a->slack);
		shim.slack -= a->slack;
	}
	shim_place_give(a);
}

/* cuMemAlloc and cuMemAllocManaged: n bytes of device memory or, managed,
 * zeroed host memory made device memory at its own address (a GPU gives
 * no promise of zeros; runs repeat with them), recorded for cuMemFree.
 * The extent is n rounded up to SHIM_GRANULE (managed memory: mtake's),
 * as the driver hands out memory:
 * an H200's (580) gave allocations of 1, 100, 512, 513 and 4096 bytes one
 * after another at +0, +512, +1024, +1536 and +2560, each 512-aligned,
 * placed as above; cuMemGetAddressRange and the range attributes said the
 * size asked for; cuMemAllocPitch's pitch was the width rounded up to
 * 512.  The size recorded is n, which memcheck holds kernels to.  Managed
 * memory is host memory, outside cuMemGetInfo's count.  An allocation
 * for a pool (kind A_POOL) takes from what is free only what its pool's
 * reserve grows by, grow, past what the pools hold already (shim_place.c). */
enum { A_DEVICE, A_MANAGED, A_POOL };

static CUresult
alloc(CUdeviceptr *p, size_t n, int kind, uint64_t grow)
{
	int managed = kind == A_MANAGED;
	Ctx *ctx;
	CUresult r;
	ptx_devptr a;
	Alloc *rec, t = { 0 };
	void *h = NULL;
	size_t ext, need = 0, slack = 0;
	uint64_t lim = 0;

	LOCK();
	if ((r = shim_ready(&ctx)))
		goto out;
	if (n > SIZE_MAX - 2 * SHIM_PAGE) {
		r = CUDA_ERROR_OUT_OF_MEMORY;
		goto out;
	}
	ext = (n + SHIM_GRANULE - 1) / SHIM_GRANULE * SHIM_GRANULE;
	if (!managed && ctx->abi32)   /* below 4 GiB, in host pages (shim_low_pages) */
		need = host_len(ext);
	else if (!managed && (r = shim_place_need(ctx, ext, &need)))
		goto out;
	if ((managed ? n : kind == A_POOL ? shim_pool_cost(need, grow) : need) > shim_free_mem()) {
		r = CUDA_ERROR_OUT_OF_MEMORY;
		goto out;
	}
	t.n = n;
	t.ext = ext;
	t.ctx = ctx;
	t.chunk = -1;
	t.pool = kind == A_POOL;
	if (managed) {   /* in a block (mtake) */
		if ((r = mtake(n, &t, &a)))
			goto out;
	} else if (ctx->abi32) {
		if (!(h = shim_low_pages(ext))) {   /* zeros, page-aligned */
			r = CUDA_ERROR_OUT_OF_MEMORY;
			goto out;
		}
		if ((r = shim_merr(ptx_mem_map(shim.cx, h, ext, &a)))) {
			shim_host_pages_free(h, ext);
			goto out;
		}
		t.host = h;
		t.low = 1;
		shim.held += need;
		if (t.pool)
			shim.poolheld += need;
	} else {
		if ((r = shim_place_take(ctx, &t, &a)))
			goto out;
		t.p = a;   /* for give, should what follows fail */
		ptx_get_limit(shim.cx, PTX_LIMIT_MEMORY, &lim);
		if (ext >= SHIM_PAGE && (slack = shim_place_slack(ext)) > UINT64_MAX - lim)
			slack = 0;
		ptx_set_limit(shim.cx, PTX_LIMIT_MEMORY, lim + slack);
		shim_ipc_arm(ext + slack);   /* pages of its own, to share if asked (shim_ipc.c) */
		r = shim_merr(ptx_mem_alloc_at(shim.cx, a, ext + slack));
		shim_ipc_armed(r ? 0 : a);
		if (r) {
			ptx_set_limit(shim.cx, PTX_LIMIT_MEMORY, lim);
			shim_place_give(&t);
			goto out;
		}
		t.slack = slack;
		shim.slack += slack;
		shim.extents += ext + slack;
		if (n && n < ext + slack)   /* memcheck reports what reaches past n (PTXKIT_CHECK) */
			ptx_mem_slack(shim.cx, a, n);
	}
	if (!(rec = shim_alloc_add(a))) {
		t.p = a;
		release(&t);
		r = CUDA_ERROR_OUT_OF_MEMORY;
		goto out;
	}
	rec->n = t.n, rec->ext = t.ext, rec->slack = t.slack, rec->ctx = t.ctx, rec->host = t.host;
	rec->chunk = t.chunk, rec->low = t.low, rec->pool = t.pool, rec->mchunk = t.mchunk;
	*p = a;
out:
	UNLOCK();
	return r;
}

CUresult
cuMemAlloc_v2(CUdeviceptr *p, size_t n)
{
	ABI64();
	if (!p || !n)
		return CUDA_ERROR_INVALID_VALUE;
	return alloc(p, n, A_DEVICE, 0);
}

CUresult
shim_pool_alloc(CUdeviceptr *p, size_t n, uint64_t grow)
{
	return alloc(p, n, A_POOL, grow);
}

/* Pitch is the width rounded up to the texture pitch alignment (512). */
CUresult
cuMemAllocPitch_v2(CUdeviceptr *p, size_t *pitch, size_t w, size_t h, unsigned elt)
{
	ABI64();
	size_t pt;

	/* the element sizes the driver documents */
	if (!pitch || (elt != 4 && elt != 8 && elt != 16))
		return CUDA_ERROR_INVALID_VALUE;
	if (!w || !h)
		return cuMemAlloc_v2(p, 0);
	if (w > SIZE_MAX - 511 || (pt = (w + 511) & ~(size_t)511) > SIZE_MAX / h)
		return CUDA_ERROR_INVALID_VALUE;   /* as an H200 answers (tests/shim/newcalls.gpu) */
	*pitch = pt;
	return cuMemAlloc_v2(p, pt * h);
}

static void
drop(Alloc *a)
{
	release(a);
	shim_alloc_del(a);
}

CUresult
cuMemAllocManaged(CUdeviceptr *p, size_t n, unsigned flags)
{
	ABI64();   /* as an H200's driver answers (tests/shim/abimix.gpu) */
	if (!p || !n || (flags != 1 && flags != 2))   /* CU_MEM_ATTACH_GLOBAL, _HOST */
		return CUDA_ERROR_INVALID_VALUE;
	return alloc(p, n, A_MANAGED, 0);
}

/* Under LOCK. */
CUresult
shim_free(CUdeviceptr p)
{
	Alloc *a = shim_alloc_near(p, 0);

	if (!a || a->p != p)
		return CUDA_ERROR_INVALID_VALUE;
	drop(a);
	return CUDA_SUCCESS;
}

CUresult
cuMemFree_v2(CUdeviceptr p)
{
	ABI64();
	CUresult r;

	if (!p)
		return CUDA_SUCCESS;
	LOCK();
	/* graph memory stays with its graph (shim_graph_unmap) */
	r = !shim.inited ? CUDA_ERROR_NOT_INITIALIZED : shim_graph_unmap(p) ? CUDA_SUCCESS : shim_free(p);
	UNLOCK();
	return r;
}

void
shim_free_ctx_allocs(Ctx *ctx)
{
	for (Alloc *a = shim_alloc_near(0, 1), *next; a; a = next) {
		next = a->p < UINT64_MAX ? shim_alloc_near(a->p + 1, 1) : NULL;
		if (a->ctx == ctx)
			drop(a);
	}
	shim_place_end(ctx);
}

CUresult
cuMemGetInfo_v2(size_t *freeb, size_t *total)
{
	ABI64();
	CUresult r;

	LOCK();
	if (!(r = shim_ready(NULL))) {
		if (freeb)
			*freeb = shim_free_mem();
		if (total)
			*total = shim_total_mem();
	}
	UNLOCK();
	return r;
}

CUresult
cuMemGetAddressRange_v2(CUdeviceptr *base, size_t *size, CUdeviceptr p)
{
	ABI64();
	ptx_devptr b;
	size_t n;
	CUresult r;

	LOCK();
	if (!(r = shim_ready(NULL))) {
		Alloc *m = shim_alloc_near(p, 0);
		if (m && m->mchunk && p - m->p < (size_t)(m->mchunk->dev + (size_t)m->mchunk->k * SHIM_PAGE - m->p)) {
			/* managed memory in a block: the allocation's own bytes alone */
			if (p - m->p >= m->n)
				r = CUDA_ERROR_NOT_FOUND;
			else {
				if (base)
					*base = m->p;
				if (size)
					*size = m->n;
			}
		} else if (ptx_mem_range(shim.cx, p, &b, &n) != PTX_OK || mchunk_at(b))
			r = CUDA_ERROR_NOT_FOUND;
		else {
			/* the size asked for, not the extent alloc() rounded up */
			Alloc *a = shim_alloc_near(b, 0);
			if (a && a->p == b && a->n < n)
				n = a->n;
			if (base)
				*base = b;
			if (size)
				*size = n;
		}
	}
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- copies */

/* Device addresses are those inside an allocation (mapped host memory
 * too) or where allocations are placed: an address just past a buffer, in
 * a freed one, is no host pointer, and a copy there is refused rather than
 * made to whatever the host has at that address.  Anything else is host. */
int
shim_isdev(CUdeviceptr p)
{
	return ptx_mem_range(shim.cx, p, NULL, NULL) == PTX_OK || ptx_mem_devspace(shim.cx, p);
}

/* [p, p + n) against the cuMemAlloc'd allocation p lies in: an H200's
 * driver refuses a copy or a fill that reaches past the size asked for,
 * into the allocation's rounding or on into the next one, and one that
 * starts there (tests/shim/edges.gpu), where the interpreter backs slack.
 * Memory of other kinds (a module's variables, arrays, mapped ranges) is
 * left to the interpreter's own range check.  Under LOCK. */
CUresult
shim_devspan(CUdeviceptr p, uint64_t n)
{
	Alloc *a = shim_alloc_near(p, 0);

	if (!n || !a || p - a->p >= a->ext + a->slack)   /* not in what the interpreter backs for it */
		return CUDA_SUCCESS;
	return p - a->p < a->n && n <= a->n - (p - a->p) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

static CUresult
copy(int kind, CUdeviceptr dst, const void *hsrc, CUdeviceptr src, void *hdst, size_t n)
{
	CUresult r;
	int rc = PTX_OK;

	LOCK();
	if ((r = shim_ready(NULL)) || !n)
		goto out;
	if (kind == 'u') {   /* cuMemcpy: unified addressing decides */
		int d = shim_isdev(dst), s = shim_isdev(src);
		kind = d && s ? 'd' : d ? 'h' : s ? 'H' : 'm';
		hsrc = (const void *)(uintptr_t)src;
		hdst = (void *)(uintptr_t)dst;
	}
	if (((kind == 'h' || kind == 'd') && (r = shim_devspan(dst, n))) ||
	    ((kind == 'H' || kind == 'd') && (r = shim_devspan(src, n))))
		goto out;
	switch (kind) {
	case 'h': rc = ptx_mem_copy_htod(shim.cx, dst, hsrc, n); break;
	case 'H': rc = ptx_mem_copy_dtoh(shim.cx, hdst, src, n); break;
	case 'd': rc = ptx_mem_copy_dtod(shim.cx, dst, src, n); break;
	default: memmove(hdst, hsrc, n);
	}
	if (rc != PTX_OK) {
		if (rc == PTX_EFAULT)
			shim_print_diags("bad copy");
		r = shim_merr(rc);
	}
out:
	UNLOCK();
	return r;
}

CUresult
cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n)
{
	ABI64();
	return copy('h', dst, src, 0, NULL, n);
}

CUresult
cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n)
{
	ABI64();
	return copy('H', 0, NULL, src, dst, n);
}

CUresult
cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t n)
{
	ABI64();
	return copy('d', dst, NULL, src, NULL, n);
}

CUresult
cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t n)
{
	ABI64();   /* as an H200's driver answers (tests/shim/abimix.gpu) */
	return copy('u', dst, NULL, src, NULL, n);
}

CUresult
cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t n, CUstream s)
{
	ABI64();
	CUresult r;

	if (shim_capture_copy1d(s, &r, 2, dst, NULL, 1, 0, src, n))
		return r;
	return cuMemcpyHtoD_v2(dst, src, n);
}

CUresult
cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t n, CUstream s)
{
	ABI64();
	CUresult r;

	if (shim_capture_copy1d(s, &r, 1, 0, dst, 2, src, NULL, n))
		return r;
	return cuMemcpyDtoH_v2(dst, src, n);
}

CUresult
cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s)
{
	ABI64();
	CUresult r;

	if (shim_capture_copy1d(s, &r, 2, dst, NULL, 2, src, NULL, n))
		return r;
	return cuMemcpyDtoD_v2(dst, src, n);
}

/* The first versions' names, which the driver still exports */
CUresult
cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t n, CUstream s)
{
	CUresult r;

	if (shim_capture_copy1d(s, &r, 4, dst, NULL, 4, src, NULL, n))
		return r;
	return cuMemcpy(dst, src, n);
}

/* Fills n elements of size esz with the pattern v; under LOCK. */
CUresult
shim_fill(CUdeviceptr dst, unsigned v, size_t esz, size_t n)
{
	unsigned char chunk[4096];
	size_t per = sizeof chunk / esz, done = 0;
	int rc = PTX_OK;
	CUresult r;

	if (n > SIZE_MAX / esz)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_devspan(dst, n * esz)))
		return r;

	for (size_t i = 0; i < per; i++)
		memcpy(chunk + i * esz, &v, esz);   /* little-endian: the low esz bytes */
	if (esz == 1)
		rc = ptx_mem_memset(shim.cx, dst, (int)(v & 0xff), n);
	else
		while (rc == PTX_OK && done < n) {
			size_t k = n - done < per ? n - done : per;
			rc = ptx_mem_copy_htod(shim.cx, dst + done * esz, chunk, k * esz);
			done += k;
		}
	return shim_merr(rc);
}

/* Fills height rows of width elements of size esz, pitch bytes apart (a
 * memset node, cuMemsetD2D*); under LOCK.  The whole span is checked
 * before a row is written, rows of no bytes (or no rows) write nothing
 * without being walked, and rows that touch are one fill: a memset of
 * width 0 and 2^32 rows took minutes, the lock held. */
CUresult
shim_fill2d(CUdeviceptr dst, size_t pitch, unsigned v, size_t esz, size_t width, size_t height)
{
	uint64_t span;
	CUresult r;

	if (width > SIZE_MAX / esz)
		return CUDA_ERROR_INVALID_VALUE;
	if (!width || !height)
		return CUDA_SUCCESS;
	if (__builtin_mul_overflow((uint64_t)(height - 1), (uint64_t)pitch, &span) ||
	    __builtin_add_overflow(span, (uint64_t)width * esz, &span))
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_devspan(dst, span)))
		return r;
	if (pitch == width * esz)
		return shim_fill(dst, v, esz, (size_t)(span / esz));
	for (size_t y = 0; y < height && !r; y++)
		r = shim_fill(dst + y * pitch, v, esz, width);
	return r;
}

static CUresult
fill(CUdeviceptr dst, unsigned v, size_t esz, size_t n)
{
	CUresult r;

	LOCK();
	if (!(r = shim_ready(NULL)))
		r = shim_fill(dst, v, esz, n);
	UNLOCK();
	return r;
}

CUresult
cuMemsetD8_v2(CUdeviceptr dst, unsigned char v, size_t n)
{
	ABI64();
	return fill(dst, v, 1, n);
}

CUresult
cuMemsetD16_v2(CUdeviceptr dst, unsigned short v, size_t n)
{
	ABI64();
	return fill(dst, v, 2, n);
}

CUresult
cuMemsetD32_v2(CUdeviceptr dst, unsigned v, size_t n)
{
	ABI64();
	return fill(dst, v, 4, n);
}

/* A 1D fill captured is a node of one row whose pitch is 0, as an H200's
 * driver records it (its dot print: tests/shim/poolcap.gpu) */
CUresult
cuMemsetD8Async(CUdeviceptr dst, unsigned char v, size_t n, CUstream s)
{
	ABI64();   /* as an H200's driver answers (tests/shim/abimix.gpu) */
	CUresult r;

	if (shim_capture_fill(s, &r, dst, 0, v, 1, n, 1))
		return r;
	return fill(dst, v, 1, n);
}

CUresult
cuMemsetD16Async(CUdeviceptr dst, unsigned short v, size_t n, CUstream s)
{
	CUresult r;

	if (shim_capture_fill(s, &r, dst, 0, v, 2, n, 1))
		return r;
	return fill(dst, v, 2, n);
}

CUresult
cuMemsetD32Async(CUdeviceptr dst, unsigned v, size_t n, CUstream s)
{
	CUresult r;

	if (shim_capture_fill(s, &r, dst, 0, v, 4, n, 1))
		return r;
	return fill(dst, v, 4, n);
}

/* ---------------------------------------------------------------- host memory */

/*
 * Page-locked host memory is plain host memory here, but the shim keeps a
 * table of it (shim.hosts) so that cuMemHostGetFlags, cuPointerGetAttribute
 * and the registration errors answer as the driver does.  Each range is
 * also made device memory at its own address (ptx_mem_map) where the
 * interpreter can place it, outside the ranges it reserves; with
 * CU_MEMHOSTALLOC_DEVICEMAP or CU_MEMHOSTREGISTER_DEVICEMAP a range it
 * cannot place fails with CUDA_ERROR_OUT_OF_MEMORY.  The device still
 * reports CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY as 0 (shim.c).
 */
enum { HOST_PORTABLE = 1, HOST_DEVICEMAP = 2, HOST_WRITECOMBINED = 4, REGISTER_IOMEMORY = 4,
       REGISTER_READ_ONLY = 8 };

int
shim_host_find(const void *p)
{
	uintptr_t a = (uintptr_t)p;

	for (size_t i = 0; i < shim.nhosts; i++) {
		uintptr_t b = (uintptr_t)shim.hosts[i].p;
		if (a >= b && a - b < (shim.hosts[i].n ? shim.hosts[i].n : 1))
			return (int)i;
	}
	return -1;
}

/* Records a host range; under LOCK. */
static CUresult
host_add(void *p, size_t n, unsigned flags, int registered)
{
	if (shim.nhosts == shim.caphosts) {
		size_t cap = shim.caphosts ? shim.caphosts * 2 : 16;
		void *nh = realloc(shim.hosts, cap * sizeof *shim.hosts);
		if (!nh)
			return CUDA_ERROR_OUT_OF_MEMORY;
		shim.hosts = nh;
		shim.caphosts = cap;
	}
	shim.hosts[shim.nhosts].p = p;
	shim.hosts[shim.nhosts].n = n;
	shim.hosts[shim.nhosts].flags = flags;
	shim.hosts[shim.nhosts].registered = registered;
	shim.hosts[shim.nhosts].ctx = NULL;
	{
		ptx_devptr d;   /* unmapped (a range the interpreter reserves): host copies only */
		shim.hosts[shim.nhosts].mapped = ptx_mem_map(shim.cx, p, n, &d) == PTX_OK;
	}
	if ((flags & HOST_DEVICEMAP) && !shim.hosts[shim.nhosts].mapped)
		return CUDA_ERROR_OUT_OF_MEMORY;
	shim.nhosts++;
	return CUDA_SUCCESS;
}

static void
host_drop(int i)
{
	if (shim.hosts[i].mapped)
		ptx_mem_free(shim.cx, (ptx_devptr)(uintptr_t)shim.hosts[i].p);
	shim.hosts[i] = shim.hosts[--shim.nhosts];
}

CUresult
cuMemHostGetDevicePointer_v2(CUdeviceptr *d, void *p, unsigned flags)
{
	ABI64();
	CUresult r;
	int i;

	if (!d || !p || flags)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(NULL))) {
		if ((i = shim_host_find(p)) < 0 || !shim.hosts[i].mapped)
			r = CUDA_ERROR_INVALID_VALUE;
		else
			*d = (CUdeviceptr)(uintptr_t)p;
	}
	UNLOCK();
	return r;
}

/* Under a context of the CUDA 2.x ABI the pages lie below 4 GiB where
 * any are left (shim_low_pages), so that the device pointer, their own
 * address, fits the old cuMemHostGetDevicePointer's CUdeviceptr_v1, as
 * the driver's does (tests/shim/abimix.gpu). */
CUresult
cuMemHostAlloc(void **p, size_t n, unsigned flags)
{
	CUresult r;
	Ctx *ctx;

	if (!p || flags > (HOST_PORTABLE | HOST_DEVICEMAP | HOST_WRITECOMBINED))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if ((r = shim_ready(&ctx)))
		goto out;
	if (!(*p = ctx->abi32 ? shim_low_pages(n) : NULL) && !(*p = shim_host_pages(n))) {
		r = CUDA_ERROR_OUT_OF_MEMORY;
		goto out;
	}
	if ((r = host_add(*p, n, flags, 0))) {
		shim_host_pages_free(*p, n);
		*p = NULL;
	} else
		shim.hosts[shim.nhosts - 1].ctx = ctx;
out:
	UNLOCK();
	return r;
}

CUresult
cuMemAllocHost_v2(void **p, size_t n)
{
	ABI64();
	return cuMemHostAlloc(p, n, 0);
}

CUresult
cuMemFreeHost(void *p)
{
	CUresult r = CUDA_SUCCESS;
	int i;

	LOCK();
	if ((i = shim_host_find(p)) < 0 || shim.hosts[i].p != p || shim.hosts[i].registered)
		r = CUDA_ERROR_INVALID_VALUE;
	else {
		size_t n = shim.hosts[i].n;
		host_drop(i);
		shim_host_pages_free(p, n);
	}
	UNLOCK();
	return r;
}

/* The page-locked memory ctx allocated, freed with it: an H200's driver
 * then answers CUDA_ERROR_INVALID_VALUE to cuMemHostGetFlags and
 * cuMemFreeHost of it, after cuCtxDestroy and cuDevicePrimaryCtxReset
 * alike (tests/shim/ctxown.gpu).  Registered memory is the program's and
 * stays registered. */
void
shim_host_release(Ctx *ctx)
{
	for (size_t i = shim.nhosts; i-- > 0;)
		if (i < shim.nhosts && shim.hosts[i].ctx == ctx && !shim.hosts[i].registered) {
			void *p = shim.hosts[i].p;
			size_t n = shim.hosts[i].n;
			host_drop((int)i);
			shim_host_pages_free(p, n);
		}
}

CUresult
cuMemHostGetFlags(unsigned *flags, void *p)
{
	CUresult r = CUDA_SUCCESS;
	int i;

	if (!flags)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(NULL))) {
		if ((i = shim_host_find(p)) < 0 || shim.hosts[i].registered)
			r = CUDA_ERROR_INVALID_VALUE;
		else
			*flags = shim.hosts[i].flags;
	}
	UNLOCK();
	return r;
}

CUresult
cuMemHostRegister_v2(void *p, size_t n, unsigned flags)
{
	CUresult r;

	if (!p || !n || flags > (HOST_PORTABLE | HOST_DEVICEMAP | REGISTER_IOMEMORY | REGISTER_READ_ONLY))
		return CUDA_ERROR_INVALID_VALUE;
	if (flags & (REGISTER_IOMEMORY | REGISTER_READ_ONLY))
		return CUDA_ERROR_NOT_SUPPORTED;
	LOCK();
	if (!(r = shim_ready(NULL))) {
		for (size_t i = 0; i < shim.nhosts && !r; i++) {
			uintptr_t a = (uintptr_t)p, b = (uintptr_t)shim.hosts[i].p;
			if (a < b + shim.hosts[i].n && b < a + n)
				r = CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
		}
		if (!r)
			r = host_add(p, n, flags, 1);
	}
	UNLOCK();
	return r;
}

CUresult
cuMemHostRegister(void *p, size_t n, unsigned flags)
{
	return cuMemHostRegister_v2(p, n, flags);
}

CUresult
cuMemHostUnregister(void *p)
{
	CUresult r;
	int i;

	LOCK();
	if (!(r = shim_ready(NULL))) {
		if ((i = shim_host_find(p)) < 0 || shim.hosts[i].p != p || !shim.hosts[i].registered)
			r = CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
		else
			host_drop(i);
	}
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- error names */

/* Every code an H200's driver (580) names, with its name and text
 * (tests/shim/errnames.gpu), so that whatever the shim returns reads as
 * the driver's. */
static const struct { CUresult r; const char *name, *text; } errs[] = {
	{0, "CUDA_SUCCESS", "no error"},
	{1, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
	{2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
	{3, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
	{4, "CUDA_ERROR_DEINITIALIZED", "driver shutting down"},
	{5, "CUDA_ERROR_PROFILER_DISABLED", "profiler disabled while using external profiling tool"},
	{6, "CUDA_ERROR_PROFILER_NOT_INITIALIZED", "profiler not initialized: call cudaProfilerInitialize()"},
	{7, "CUDA_ERROR_PROFILER_ALREADY_STARTED", "profiler already started"},
	{8, "CUDA_ERROR_PROFILER_ALREADY_STOPPED", "profiler already stopped"},
	{34, "CUDA_ERROR_STUB_LIBRARY", "CUDA driver is a stub library"},
	{36, "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER",
	    "API call is not supported in the installed CUDA driver"},
	{46, "CUDA_ERROR_DEVICE_UNAVAILABLE", "CUDA-capable device(s) is/are busy or unavailable"},
	{100, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
	{101, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
	{102, "CUDA_ERROR_DEVICE_NOT_LICENSED", "device doesn't have valid Grid license"},
	{200, "CUDA_ERROR_INVALID_IMAGE", "device kernel image is invalid"},
	{201, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
	{202, "CUDA_ERROR_CONTEXT_ALREADY_CURRENT", "context already current"},
	{205, "CUDA_ERROR_MAP_FAILED", "mapping of buffer object failed"},
	{206, "CUDA_ERROR_UNMAP_FAILED", "unmapping of buffer object failed"},
	{207, "CUDA_ERROR_ARRAY_IS_MAPPED", "array is mapped"},
	{208, "CUDA_ERROR_ALREADY_MAPPED", "resource already mapped"},
	{209, "CUDA_ERROR_NO_BINARY_FOR_GPU", "no kernel image is available for execution on the device"},
	{210, "CUDA_ERROR_ALREADY_ACQUIRED", "resource already acquired"},
	{211, "CUDA_ERROR_NOT_MAPPED", "resource not mapped"},
	{212, "CUDA_ERROR_NOT_MAPPED_AS_ARRAY", "resource not mapped as array"},
	{213, "CUDA_ERROR_NOT_MAPPED_AS_POINTER", "resource not mapped as pointer"},
	{214, "CUDA_ERROR_ECC_UNCORRECTABLE", "uncorrectable ECC error encountered"},
	{215, "CUDA_ERROR_UNSUPPORTED_LIMIT", "limit is not supported on this architecture"},
	{216, "CUDA_ERROR_CONTEXT_ALREADY_IN_USE",
	    "exclusive-thread device already in use by a different thread"},
	{217, "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED", "peer access is not supported between these two devices"},
	{218, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
	{219, "CUDA_ERROR_INVALID_GRAPHICS_CONTEXT", "invalid OpenGL or DirectX context"},
	{220, "CUDA_ERROR_NVLINK_UNCORRECTABLE", "uncorrectable NVLink error detected during the execution"},
	{221, "CUDA_ERROR_JIT_COMPILER_NOT_FOUND", "PTX JIT compiler library not found"},
	{222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
	    "the provided PTX was compiled with an unsupported toolchain."},
	{223, "CUDA_ERROR_JIT_COMPILATION_DISABLED", "PTX JIT compilation was disabled"},
	{224, "CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY", "the provided execution affinity is not supported"},
	{225, "CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC",
	    "the provided PTX contains unsupported call to cudaDeviceSynchronize"},
	{226, "CUDA_ERROR_CONTAINED", "Invalid access of peer GPU memory over nvlink or a hardware error"},
	{300, "CUDA_ERROR_INVALID_SOURCE", "device kernel image is invalid"},
	{301, "CUDA_ERROR_FILE_NOT_FOUND", "file not found"},
	{302, "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND", "shared object symbol not found"},
	{303, "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED", "shared object initialization failed"},
	{304, "CUDA_ERROR_OPERATING_SYSTEM", "OS call failed or operation not supported on this OS"},
	{400, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
	{401, "CUDA_ERROR_ILLEGAL_STATE", "the operation cannot be performed in the present state"},
	{402, "CUDA_ERROR_LOSSY_QUERY", "attempted introspection would be semantically lossy"},
	{500, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
	{600, "CUDA_ERROR_NOT_READY", "device not ready"},
	{700, "CUDA_ERROR_ILLEGAL_ADDRESS", "an illegal memory access was encountered"},
	{701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", "too many resources requested for launch"},
	{702, "CUDA_ERROR_LAUNCH_TIMEOUT", "the launch timed out and was terminated"},
	{703, "CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING", "launch uses incompatible texturing mode"},
	{704, "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED", "peer access is already enabled"},
	{705, "CUDA_ERROR_PEER_ACCESS_NOT_ENABLED", "peer access has not been enabled"},
	{708, "CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE", "cannot set while device is active in this process"},
	{709, "CUDA_ERROR_CONTEXT_IS_DESTROYED", "context is destroyed"},
	{710, "CUDA_ERROR_ASSERT", "device-side assert triggered"},
	{711, "CUDA_ERROR_TOO_MANY_PEERS", "peer mapping resources exhausted"},
	{712, "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED",
	    "part or all of the requested memory range is already mapped"},
	{713, "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED",
	    "pointer does not correspond to a registered memory region"},
	{714, "CUDA_ERROR_HARDWARE_STACK_ERROR", "hardware stack error"},
	{715, "CUDA_ERROR_ILLEGAL_INSTRUCTION", "an illegal instruction was encountered"},
	{716, "CUDA_ERROR_MISALIGNED_ADDRESS", "misaligned address"},
	{717, "CUDA_ERROR_INVALID_ADDRESS_SPACE", "operation not supported on global/shared address space"},
	{718, "CUDA_ERROR_INVALID_PC", "invalid program counter"},
	{719, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
	{720, "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE", "too many blocks in cooperative launch"},
	{721, "CUDA_ERROR_TENSOR_MEMORY_LEAK", "tensor memory not completely freed"},
	{800, "CUDA_ERROR_NOT_PERMITTED", "operation not permitted"},
	{801, "CUDA_ERROR_NOT_SUPPORTED", "operation not supported"},
	{802, "CUDA_ERROR_SYSTEM_NOT_READY", "system not yet initialized"},
	{803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
	    "system has unsupported display driver / cuda driver combination"},
	{804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
	    "forward compatibility was attempted on non supported HW"},
	{805, "CUDA_ERROR_MPS_CONNECTION_FAILED",
	    "MPS client failed to connect to the MPS control daemon or the MPS server"},
	{806, "CUDA_ERROR_MPS_RPC_FAILURE",
	    "the remote procedural call between the MPS server and the MPS client failed"},
	{807, "CUDA_ERROR_MPS_SERVER_NOT_READY", "MPS server is not ready to accept new MPS client requests"},
	{808, "CUDA_ERROR_MPS_MAX_CLIENTS_REACHED",
	    "the hardware resources required to create MPS client have been exhausted"},
	{809, "CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED",
	    "the hardware resources required to support device connections have been exhausted"},
	{810, "CUDA_ERROR_MPS_CLIENT_TERMINATED", "the MPS client has been terminated by the server"},
	{811, "CUDA_ERROR_CDP_NOT_SUPPORTED",
	    "is using CUDA Dynamic Parallelism, but the current configuration, like MPS, does not "
	    "support it"},
	{812, "CUDA_ERROR_CDP_VERSION_MISMATCH",
	    "unsupported interaction between different versions of CUDA Dynamic Parallelism"},
	{900, "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED", "operation not permitted when stream is capturing"},
	{901, "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED",
	    "operation failed due to a previous error during capture"},
	{902, "CUDA_ERROR_STREAM_CAPTURE_MERGE",
	    "operation would result in a merge of separate capture sequences"},
	{903, "CUDA_ERROR_STREAM_CAPTURE_UNMATCHED", "capture was not ended in the same stream as it began"},
	{904, "CUDA_ERROR_STREAM_CAPTURE_UNJOINED", "capturing stream has unjoined work"},
	{905, "CUDA_ERROR_STREAM_CAPTURE_ISOLATION",
	    "dependency created on uncaptured work in another stream"},
	{906, "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT",
	    "operation would make the legacy stream depend on a capturing blocking stream"},
	{907, "CUDA_ERROR_CAPTURED_EVENT",
	    "operation not permitted on an event last recorded in a capturing stream"},
	{908, "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD",
	    "attempt to terminate a thread-local capture sequence from another thread"},
	{909, "CUDA_ERROR_TIMEOUT", "wait operation timed out"},
	{910, "CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE",
	    "the graph update was not performed because it included changes which violated constraints "
	    "specific to instantiated graph update"},
	{911, "CUDA_ERROR_EXTERNAL_DEVICE", "an async error has occured in external entity outside of CUDA"},
	{912, "CUDA_ERROR_INVALID_CLUSTER_SIZE",
	    "a kernel launch error has occurred due to cluster misconfiguration"},
	{913, "CUDA_ERROR_FUNCTION_NOT_LOADED",
	    "the function handle is not loaded when calling an API that requires a loaded function"},
	{914, "CUDA_ERROR_INVALID_RESOURCE_TYPE",
	    "one or more resources passed in are not valid resource types for the operation"},
	{915, "CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION",
	    "one or more resources are insufficient or non-applicable for the operation"},
	{916, "CUDA_ERROR_KEY_ROTATION", "an error happened during the key rotation sequence"},
	{999, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

CUresult
cuGetErrorName(CUresult r, const char **s)
{
	if (!s)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++)
		if (errs[i].r == r) {
			*s = errs[i].name;
			return CUDA_SUCCESS;
		}
	*s = NULL;
	return CUDA_ERROR_INVALID_VALUE;
}

CUresult
cuGetErrorString(CUresult r, const char **s)
{
	if (!s)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++)
		if (errs[i].r == r) {
			*s = errs[i].text;
			return CUDA_SUCCESS;
		}
	*s = NULL;
	return CUDA_ERROR_INVALID_VALUE;
}

/*
 * mem.c -- global device memory: the allocation table, behind the host's
 * calls of api/mem.c and the guest's malloc and free.
 *
 * Allocations are handed out by a bump pointer from GLOBAL_BASE, 256-byte
 * aligned, with at least 4 KiB of unmapped space after each one, and never
 * reused: an address that runs off the end of one buffer lands in a gap
 * (and faults) instead of in its neighbour.  The table is an ordered set
 * (ir/tree.c) keyed by address, then by the order the entries were made,
 * so that a lookup, an insertion and a removal each cost O(log n): an
 * allocator laid over it (the CUDA driver shim's, ptx_mem_alloc_at) puts
 * allocations anywhere in its reserved space, in holes among hundreds of
 * thousands of live ones.  Entries are allocated one by one and never
 * move.  A freed allocation stays in the table (marked dead) so that a
 * fault report can still name it, until an allocation made over it takes
 * its place, or until it is the oldest of more than DEAD_KEEP freed ones:
 * the bump pointer never comes back, so an entry nothing is made over
 * would otherwise stay for the context's life (a program that made and
 * freed an array a million times kept a million entries, 144 bytes each,
 * and device malloc and free in a loop as many as it ran).  Host memory
 * mapped with ptx_mem_map keeps its host address, wherever that is.
 *
 * Limits: every byte of guest memory the interpreter backs (allocations,
 * module variables, the malloc heap, and the shared and local memory of the
 * CTAs a launch runs, sched.c) is charged to cx->used, which may not pass
 * PTX_LIMIT_MEMORY; device malloc is further held to PTX_LIMIT_MALLOC_HEAP.
 * Mapped host memory is the caller's and is not charged.  The bump pointer
 * stops short of the other spaces' windows, so that the address space,
 * too, is a limit rather than a wrap.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "interp.h"

static Alloc *
entry(Tnode *t)
{
	return t ? (Alloc *)(void *)((char *)t - offsetof(Alloc, t)) : NULL;
}

/* A new entry of the table at addr, after any already there; NULL when out of memory. */
static Alloc *
slot(ptx_ctx *cx, uint64_t addr)
{
	Alloc *a = interp_alloc(cx, sizeof *a);

	if (!a)
		return NULL;
	memset(a, 0, sizeof *a);
	a->addr = addr;
	a->t.k1 = addr;
	a->t.k2 = ++cx->memseq;
	ir_tree_put(&cx->mem, &a->t);
	cx->nmem++;
	return a;
}

/* The freed entries kept: the newest DEAD_KEEP, which is more than any
 * fault report names (one allocation, the nearest) and enough that an
 * access of memory freed a while ago is still reported as one after its
 * free; past it the oldest go, at O(1) a free. */
#define DEAD_KEEP 4096

/* Entry a out of the list of freed entries, if it is on it */
static void
unbury(ptx_ctx *cx, Alloc *a)
{
	if (!a->dprev && cx->dead != a)
		return;
	if (a->dprev)
		a->dprev->dnext = a->dnext;
	else
		cx->dead = a->dnext;
	if (a->dnext)
		a->dnext->dprev = a->dprev;
	else
		cx->deadtail = a->dprev;
	a->dprev = a->dnext = NULL;
	cx->ndead--;
}

static void forget(ptx_ctx *cx, Alloc *a);

/* Freed entry a on the list, and the oldest off the table past DEAD_KEEP.
 * Not while a launch's child grids run (cdp.c): a parent's launch may
 * hold an entry in its cache of the last two (exec_mem.h globalloc),
 * which is only ever a live one, and a grid's own free empties its
 * cache (BI_FREE), so no cache holds an entry forgotten here. */
static void
bury(ptx_ctx *cx, Alloc *a)
{
	a->dnext = NULL;
	a->dprev = cx->deadtail;
	if (cx->deadtail)
		cx->deadtail->dnext = a;
	else
		cx->dead = a;
	cx->deadtail = a;
	cx->ndead++;
	while (cx->ndead > DEAD_KEEP && !cx->cdp_depth)
		forget(cx, cx->dead);
}

/* Entry a out of the table, and gone (not its memory, nor its name) */
static void
unslot(ptx_ctx *cx, Alloc *a)
{
	unbury(cx, a);
	ir_tree_del(&cx->mem, &a->t);
	cx->nmem--;
	interp_free(cx, a);
}

/* Entry a out of the table with its name and its variables (not its memory) */
static void
forget(ptx_ctx *cx, Alloc *a)
{
	interp_free(cx, a->name);
	interp_free(cx, a->var);
	unslot(cx, a);
}

Alloc *
interp_mem_after(ptx_ctx *cx, uint64_t addr)
{
	return entry(ir_tree_near(cx->mem, addr, 0, 1));
}

Alloc *
interp_mem_next(ptx_ctx *cx, const Alloc *a)
{
	return entry(ir_tree_step(cx->mem, &a->t, 1));
}

static Alloc *
prev(ptx_ctx *cx, const Alloc *a)
{
	return entry(ir_tree_step(cx->mem, &a->t, 0));
}

int
interp_mem_charge(ptx_ctx *cx, uint64_t n)
{
	uint64_t u = atomic_load_explicit(&cx->used, memory_order_relaxed), t;

	do {
		if (ir_size_add(u, n, &t) || t > cx->limit[PTX_LIMIT_MEMORY])
			return -1;
	} while (!atomic_compare_exchange_weak(&cx->used, &u, t));
	return 0;
}

void
interp_mem_uncharge(ptx_ctx *cx, uint64_t n)
{
	atomic_fetch_sub(&cx->used, n);
}

/* The diagnostic of a charge of n bytes that failed: "WHAT would pass ...", WHAT naming n. */
void
interp_mem_nomem(ptx_ctx *cx, uint64_t n, const char *fmt, ...)
{
	char what[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	(void)n;   /* what names it */
	interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "%s would pass the device memory limit "
	    "(PTX_LIMIT_MEMORY %" PRIu64 " bytes, %" PRIu64 " in use)", what, cx->limit[PTX_LIMIT_MEMORY],
	    (uint64_t)atomic_load(&cx->used));
}

/* A live allocation of size bytes of memory of its own at at, charged
 * (interp_mem_new's and interp_mem_alloc_at's); NULL when out of memory */
static Alloc *
backed(ptx_ctx *cx, uint64_t at, uint64_t size, const char *name, int kind)
{
	Alloc *a;
	uint8_t *p;

	if (interp_mem_charge(cx, size)) {
		if (kind != AK_HEAP)
			interp_mem_nomem(cx, size, "device memory: %s%s%sallocating %" PRIu64 " bytes",
			    name ? "'" : "", name ? name : "", name ? "': " : "", size);
		return NULL;
	}
	if (!(p = interp_alloc(cx, size ? size : 1))) {
		interp_mem_uncharge(cx, size);
		if (kind != AK_HEAP)
			interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "device memory: the host has no %" PRIu64
			    " bytes for %s%s%s", size, name ? "'" : "an allocation", name ? name : "", name ? "'" : "");
		return NULL;
	}
	if (!(a = slot(cx, at))) {
		interp_free(cx, p);
		interp_mem_uncharge(cx, size);
		return NULL;
	}
	a->p = p;
	a->size = size;
	a->live = 1;
	a->kind = kind;
	a->konst = 0;   /* load.c sets it for .const variables */
	return a;
}

/* The entry of the greatest address not above addr, the last made of those there */
static Alloc *
lookup(ptx_ctx *cx, uint64_t addr)
{
	return entry(ir_tree_near(cx->mem, addr, UINT64_MAX, 0));
}

/* Space for span bytes (the gap after an allocation included) from the
 * bump pointer, at alignment align: its address in *at, and where the
 * bump pointer goes after it in *top, below the windows of the other
 * spaces; -1 when none is left.  A mapping of host memory keeps the
 * host's address, which interp_mem_map keeps a window's width ahead of
 * the bump pointer when it is made, and no further: the space goes past
 * each live mapping in its way (with a gap after it), where it once took
 * the mapping's addresses (an allocation whose bytes were partly the
 * host's buffer).  Only mappings lie at or above the bump pointer, and
 * they do not overlap one another. */
static int
bump(ptx_ctx *cx, uint64_t span, uint64_t align, uint64_t *at, uint64_t *top)
{
	uint64_t from = cx->next_addr;

	for (;;) {
		Alloc *m;
		if (ir_size_align(from, align, at) || ir_size_add(*at, span, top) || *top > FUNC_WIN)
			return -1;
		for (m = lookup(cx, *top - 1); m && m->addr >= *at && !m->live; m = prev(cx, m))
			;
		if (!m || m->addr < *at)
			return 0;
		if (ir_size_add(m->addr, m->size ? m->size : 1, &from) || ir_size_add(from, 4096, &from))
			return -1;
	}
}

int
interp_mem_new(ptx_ctx *cx, uint64_t size, const char *name, int kind, uint64_t *addr)
{
	Alloc *a;
	uint64_t span, end, at, top;

	/* the allocation and its gap, 256-byte aligned (a reservation of
	 * any size may come before), below the windows of the other spaces */
	if (ir_size_align(size, 256, &span) || ir_size_add(span, 4096, &span) || size > SIZE_MAX - 1 ||
	    bump(cx, span, 256, &at, &top)) {
		if (kind != AK_HEAP)
			interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "device memory: %s%s%s%" PRIu64 " bytes "
			    "do not fit in the global address space", name ? "'" : "", name ? name : "",
			    name ? "': " : "", size);
		return PTX_ENOMEM;
	}
	if (kind == AK_HEAP && (ir_size_add(cx->heap_used, size, &end) || end > cx->limit[PTX_LIMIT_MALLOC_HEAP]))
		return PTX_ENOMEM;   /* device malloc: NULL, as on a GPU */
	if (!(a = backed(cx, at, size, name, kind)))
		return PTX_ENOMEM;
	if (kind == AK_HEAP)
		cx->heap_used += size;
	if (name) {
		size_t n = strlen(name);
		if ((a->name = interp_alloc(cx, n + 1)))
			memcpy(a->name, name, n);
	}
	cx->next_addr = top;
	*addr = a->addr;
	return PTX_OK;
}

Alloc *
interp_mem_find(ptx_ctx *cx, uint64_t addr, uint64_t size)
{
	Alloc *a = lookup(cx, addr);

	return interp_mem_holds(a, addr, size) ? a : NULL;
}

/* The allocation of module variables holds one or more of them
 * (layout.c), found by offset in log time. */
const VarSpan *
interp_mem_var(const Alloc *a, uint64_t addr)
{
	size_t lo = 0, hi;
	uint64_t off;

	if (!a->nvar)
		return NULL;
	off = addr < a->addr ? 0 : addr - a->addr;
	hi = a->nvar;
	while (hi - lo > 1) {   /* the last whose offset is at most off (the first if none) */
		size_t mid = lo + (hi - lo) / 2;
		if (a->var[mid].off <= off)
			lo = mid;
		else
			hi = mid;
	}
	return &a->var[lo];
}

const char *
interp_mem_name(const Alloc *a, uint64_t addr)
{
	const VarSpan *v = interp_mem_var(a, addr);

	return v ? v->name : a->name ? a->name : "?";
}

/* Whether p is where a variable of a's starts (a module's), or a itself does */
static int
isvar(const Alloc *a, uint64_t p)
{
	const VarSpan *v = interp_mem_var(a, p);

	return v ? a->addr + v->off == p : a->addr == p;
}

/* The variables (n of them, by offset) of a, an allocation of module
 * variables, copied with their names into one block; one where a kernel
 * can reach bytes outside the variable it means (two or more of them, or
 * padding) is one memcheck looks at (nslack). */
int
interp_mem_setvars(ptx_ctx *cx, Alloc *a, const VarSpan *v, size_t n)
{
	size_t bytes, at;
	char *p;

	if (ir_size_mul(n, sizeof *v, &bytes))
		return PTX_ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (ir_size_add(bytes, strlen(v[i].name) + 1, &at))
			return PTX_ENOMEM;
		else
			bytes = at;
	if (!n || !(p = interp_alloc(cx, bytes)))
		return n ? PTX_ENOMEM : PTX_OK;
	a->var = (VarSpan *)(void *)p;
	a->nvar = n;
	at = n * sizeof *v;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(v[i].name) + 1;
		memcpy(p + at, v[i].name, k);
		a->var[i] = (VarSpan){ v[i].off, v[i].size, p + at };
		at += k;
	}
	a->vargap = !(n == 1 && v[0].off == 0 && v[0].size == a->size);
	cx->nslack += a->vargap != 0;
	return PTX_OK;
}

Alloc *
interp_mem_before(ptx_ctx *cx, uint64_t addr)
{
	/* live allocations are disjoint: the last live one starting at or below addr ends last */
	for (Alloc *a = lookup(cx, addr); a; a = prev(cx, a))
		if (a->live)
			return a->addr + a->size <= addr ? a : NULL;
	return NULL;
}

char *
interp_mem_nearest(ptx_ctx *cx, uint64_t addr)
{
	Alloc *a = lookup(cx, addr), *b, *best = NULL;
	char buf[256];
	char *s;
	size_t n;

	b = a ? interp_mem_next(cx, a) : interp_mem_after(cx, 0);
	if (a && addr - a->addr < a->size)   /* inside it (a freed one: the fault's own allocation) */
		best = a;
	else if (a && b)
		best = addr - (a->addr + a->size) <= b->addr - addr ? a : b;
	else
		best = a ? a : b;
	if (!best)
		return NULL;
	if (best->var) {   /* module variables: the one nearest */
		const VarSpan *v = interp_mem_var(best, addr);
		snprintf(buf, sizeof buf, "'%s' [0x%" PRIx64 ", 0x%" PRIx64 ") (%" PRIu64 " bytes%s)", v->name,
		    best->addr + v->off, best->addr + v->off + v->size, v->size, best->live ? "" : ", freed");
	} else
		snprintf(buf, sizeof buf, "%s%s%s[0x%" PRIx64 ", 0x%" PRIx64 ") (%" PRIu64 " bytes%s)",
		    best->name ? "'" : "", best->name ? best->name : "",
		    best->name ? "' " : "allocation ", best->addr, best->addr + best->size, best->size,
		    best->live ? "" : ", freed");
	n = strlen(buf);
	if ((s = interp_alloc(cx, n + 1)))
		memcpy(s, buf, n);
	return s;
}

/* Allocations are never reused (the bump pointer), so an address inside a
 * freed one is an access of memory after its free. */
int
interp_mem_freed(ptx_ctx *cx, uint64_t addr)
{
	Alloc *a = lookup(cx, addr);

	return a && !a->live && addr - a->addr < (a->size ? a->size : 1);
}

void
interp_mem_release(ptx_ctx *cx)
{
	while (cx->mem) {
		Alloc *a = entry(cx->mem);
		if (!a->mapped)
			interp_free(cx, a->p);
		forget(cx, a);
	}
	for (size_t i = 0; i < cx->nzero; i++)
		interp_free(cx, atomic_load(&cx->zero[i].p));
	interp_free(cx, cx->zero);
	cx->zero = NULL;
	cx->nslack -= cx->nzero - cx->deadzero;
	cx->nzero = cx->capzero = cx->deadzero = 0;
	interp_tex_release(cx);   /* objects over the memory */
}

/* Ends live allocation a, whatever its kind, and gives its memory back. */
void
interp_mem_drop(ptx_ctx *cx, Alloc *a)
{
	if (a->mapped) {   /* the host's memory: forget it, so that a new mapping may reuse the range */
		unslot(cx, a);
		return;
	}
	interp_mem_uncharge(cx, a->size);
	if (a->kind == AK_HEAP)
		cx->heap_used -= a->size;
	if (a->slack)
		cx->nslack--;
	if (a->vargap)
		cx->nslack--;
	a->slack = 0;
	a->vargap = 0;
	a->live = 0;
	interp_chk_unpoison(cx, a->p, a->size);   /* the host may reuse it: no stale shadow behind */
	interp_free(cx, a->p);
	a->p = NULL;
	bury(cx, a);
}

int
interp_mem_free(ptx_ctx *cx, uint64_t p)
{
	Alloc *a = lookup(cx, p);

	if (a && a->live && a->kind == AK_MODULE && isvar(a, p)) {   /* its module owns it, and frees it with itself */
		interp_diag_clear(cx);
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "0x%" PRIx64 " is module variable '%s', "
		    "which is freed with its module", p, interp_mem_name(a, p));
		return PTX_EINVAL;
	}
	if (!a || a->addr != p || !a->live || a->kind == AK_MODULE)
		return PTX_EFAULT;
	interp_mem_drop(cx, a);
	return PTX_OK;
}

int
interp_heap_free(ptx_ctx *cx, uint64_t p, const char **why)
{
	Alloc *a = lookup(cx, p);

	if (!a || p - a->addr >= (a->size ? a->size : 1))
		*why = "an address outside every allocation";
	else if (!a->live)
		*why = a->addr == p ? "memory already freed" : "inside memory already freed";
	else if (a->kind == AK_MODULE)
		*why = isvar(a, p) ? "a module variable" : "inside a module variable";
	else if (a->addr != p)
		*why = "inside an allocation, not its start";
	else if (a->kind != AK_HEAP)
		*why = "memory the host allocated";
	else {
		interp_mem_drop(cx, a);
		return PTX_OK;
	}
	return PTX_EFAULT;
}

/* The caller's memory host (size bytes) as the allocation at [a, end),
 * which no live allocation may overlap: interp_mem_map's and
 * interp_mem_map_at's entry.  Mapped memory is not charged. */
static int overlaps_live(ptx_ctx *cx, uint64_t at, uint64_t end);

static int
mapped(ptx_ctx *cx, uint64_t a, uint64_t end, void *host, size_t size)
{
	Alloc *al;

	if (overlaps_live(cx, a, end))
		return PTX_EINVAL;
	if (!(al = slot(cx, a)))
		return PTX_ENOMEM;
	al->p = host;
	al->size = size;
	al->live = 1;
	al->mapped = 1;
	al->kind = AK_MAPPED;
	return PTX_OK;
}

int
interp_mem_map(ptx_ctx *cx, void *host, size_t size, uint64_t *out)
{
	uint64_t a = (uint64_t)(uintptr_t)host, n = size ? size : 1;
	int rc;

	if (a + n < a)
		return PTX_EINVAL;
	/* not in the windows of the other spaces, nor in the allocations' range */
	if ((a < FUNC_WIN + 4 * WIN_SIZE && a + n > FUNC_WIN) || (a < cx->next_addr + WIN_SIZE && a + n > GLOBAL_BASE))
		return PTX_EINVAL;
	/* a dead entry at the same address (a freed mapping is removed, so only a device allocation) stays */
	if ((rc = mapped(cx, a, a + n, host, size)) == PTX_OK)
		*out = a;
	return rc;
}

uint8_t *
interp_mem_host(ptx_ctx *cx, uint64_t addr, size_t n)
{
	Alloc *a = interp_mem_find(cx, addr, n);

	if (!a) {
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL,
		    "device range [0x%" PRIx64 ", +%zu) is not inside one allocation", addr, n);
		return NULL;
	}
	return a->p + (addr - a->addr);
}

/* Address space with nothing behind it yet: taken from the bump pointer
 * (aligned; the usual gap after it), or at hint when hint is aligned, free
 * and not far ahead (a window's width at most, so that a hint cannot push
 * the allocations into the host addresses ptx_mem_map takes), and clears
 * every mapping of host memory by the margin interp_mem_map keeps; the
 * space below hint is then skipped.  The end of the last reservation is
 * free too, when nothing was placed since: a range grown in place (the
 * hint of allocators that extend a reservation) gives up the gap. */
int
interp_mem_reserve(ptx_ctx *cx, uint64_t size, uint64_t align, uint64_t hint, uint64_t *out)
{
	uint64_t a, end, top, from = cx->next_addr;

	if (!size || !align || (align & (align - 1)))
		return PTX_EINVAL;
	if (cx->resv_end && cx->resv_end + 4096 == cx->next_addr)
		from = cx->resv_end;
	if (hint && hint % align == 0 && hint >= from && hint - from <= WIN_SIZE && !ir_size_add(hint, size, &end) &&
	    !ir_size_add(end, 4096, &top) && top <= FUNC_WIN) {
		/* a mapping of host memory in the way: the hint goes */
		a = top + WIN_SIZE > top && overlaps_live(cx, cx->next_addr, top + WIN_SIZE) ? 0 : hint;
		if (a) {
			cx->next_addr = top;
			cx->resv_end = end;
			*out = a;
			return PTX_OK;
		}
	}
	if (ir_size_add(size, 4096, &end) || bump(cx, end, align, &a, &top))
		return PTX_ENOMEM;
	end = a + size;
	cx->next_addr = top;
	cx->resv_end = end;
	*out = a;
	return PTX_OK;
}

/* A mapping into reserved space: like interp_mem_map's, the memory is the
 * caller's and is not charged, but the address is the caller's choice. */
int
interp_mem_map_at(ptx_ctx *cx, uint64_t at, void *host, size_t size)
{
	uint64_t end;

	if (!size || ir_size_add(at, size, &end) || at < GLOBAL_BASE || end > cx->next_addr)
		return PTX_EINVAL;
	return mapped(cx, at, end, host, size);
}

/* What a load reads in a range no store has reached yet: one shared block
 * of zeros, never written (interp_mem_zero gives it to loads only), so a
 * range that is only read takes no memory whatever its size. */
static const uint8_t zeros[256];

/* Reserved space [at, at + size) made a range that starts as zeros, or
 * (size 0) the range that starts at at ended.  It must lie in reserved
 * space, where no allocation can come, and overlap no live allocation. */
/* The zero ranges are kept in address order (they never overlap), so that
 * an access, an overlap test and a removal each find theirs by binary
 * search: a program that makes 100,000 allocations makes as many ranges
 * (the shim gives each allocation's slack one).  A range that ends stays
 * as an empty one (lo == hi, between its neighbours) until compact(), so
 * an end does not shift the table; both ends stay in order along the table
 * (a new range over empty ones takes the first, the others move to its end).
 * zfirst is the first range whose end
 * lies above addr: the one holding addr if any holds it, since an empty
 * one it meets first starts above addr. */
static size_t
zfirst(const ptx_ctx *cx, uint64_t addr)
{
	size_t lo = 0, hi = cx->nzero;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cx->zero[mid].hi <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Whether a live allocation overlaps [at, end).  Live allocations are
 * disjoint and cx->mem is in address order, so going down from the last
 * entry that starts below end, the first live one that ends at or below at
 * ends the search; the freed entries passed on the way are few where ranges
 * are made (the slack of the allocation just made starts where it ends). */
static int
overlaps_live(ptx_ctx *cx, uint64_t at, uint64_t end)
{
	Alloc *a = lookup(cx, end - 1);

	for (; a; a = prev(cx, a)) {
		if (!a->live)
			continue;
		if (a->addr + a->size > at)
			return 1;
		if (a->addr + a->size <= at)
			return 0;
	}
	return 0;
}

int
interp_mem_alloc_at(ptx_ctx *cx, uint64_t at, uint64_t size)
{
	uint64_t end;
	Alloc *a, *next;

	if (!size || ir_size_add(at, size, &end) || at < GLOBAL_BASE || end > cx->next_addr || size > SIZE_MAX - 1 ||
	    overlaps_live(cx, at, end))
		return PTX_EINVAL;
	/* the freed entries that start inside it go, so that a lookup there finds it */
	for (a = interp_mem_after(cx, at); a && a->addr < end; a = next) {
		next = interp_mem_next(cx, a);
		forget(cx, a);
	}
	return backed(cx, at, size, NULL, AK_HOST) ? PTX_OK : PTX_ENOMEM;
}

/* Drops the empty ranges that ended ones left, once they are half of the
 * table: an end costs O(log n) and the table stays at most twice its live
 * size. */
static void
compact(ptx_ctx *cx)
{
	size_t j = 0;

	for (size_t i = 0; i < cx->nzero; i++) {
		if (cx->zero[i].lo == cx->zero[i].hi)
			continue;
		if (j != i) {
			cx->zero[j].lo = cx->zero[i].lo;
			cx->zero[j].hi = cx->zero[i].hi;
			atomic_store(&cx->zero[j].p, atomic_load(&cx->zero[i].p));
		}
		j++;
	}
	cx->nzero = j;
	cx->deadzero = 0;
}

int
interp_mem_zeros(ptx_ctx *cx, uint64_t at, uint64_t size)
{
	uint64_t end;
	size_t i, j;

	if (!size) {   /* the range's end: it stays in place, empty (lo == hi), until compact() */
		i = zfirst(cx, at);
		if (i == cx->nzero || cx->zero[i].lo != at)
			return PTX_EINVAL;
		interp_free(cx, atomic_load(&cx->zero[i].p));
		atomic_store(&cx->zero[i].p, NULL);
		cx->zero[i].hi = at;
		cx->nslack--;
		if (++cx->deadzero > cx->nzero / 2)
			compact(cx);
		return PTX_OK;
	}
	if (ir_size_add(at, size, &end) || at < GLOBAL_BASE || end > cx->next_addr)
		return PTX_EINVAL;
	if (overlaps_live(cx, at, end))
		return PTX_EINVAL;
	i = zfirst(cx, at);
	for (j = i; j < cx->nzero && cx->zero[j].lo < end; j++)
		if (cx->zero[j].lo < cx->zero[j].hi)
			return PTX_EINVAL;
	if (j > i) {   /* empty ones inside: the first becomes the range, the others move to its end */
		for (size_t k = i + 1; k < j; k++)
			cx->zero[k].lo = cx->zero[k].hi = end;
		cx->deadzero--;
	} else {
		if (cx->nzero == cx->capzero) {
			size_t nc = cx->capzero ? 2 * cx->capzero : 64;
			struct ZeroRange *z = interp_realloc(cx, cx->zero, nc * sizeof *z);
			if (!z)
				return PTX_ENOMEM;
			cx->zero = z;
			cx->capzero = nc;
		}
		for (j = cx->nzero; j > i; j--) {
			cx->zero[j].lo = cx->zero[j - 1].lo;
			cx->zero[j].hi = cx->zero[j - 1].hi;
			atomic_init(&cx->zero[j].p, atomic_load(&cx->zero[j - 1].p));
		}
		cx->nzero++;
	}
	cx->zero[i].lo = at;
	cx->zero[i].hi = end;
	atomic_init(&cx->zero[i].p, NULL);
	cx->nslack++;   /* memcheck reports the loads there, as it does the slack's */
	return PTX_OK;
}

/* The first store into a range takes memory for all of it, as untouched
 * pages where the allocator gives them (interp_alloc), so what it costs
 * the host is the pages written.  The CTAs of a launch run on several host
 * threads: one of two first stores keeps its block, the other's goes back,
 * and a load that runs beside them reads zeros from one or the other. */
uint8_t *
interp_mem_zero(ptx_ctx *cx, uint64_t addr, uint64_t n, int write, uint64_t *top)
{
	size_t i = zfirst(cx, addr);

	if (i < cx->nzero) {
		struct ZeroRange *z = &cx->zero[i];
		uint8_t *p, *none = NULL;
		if (addr < z->lo || n > z->hi - addr)
			return NULL;
		if (top)
			*top = z->hi;
		if (!(p = atomic_load_explicit(&z->p, memory_order_acquire)) && write) {
			if (!(p = interp_alloc(cx, z->hi - z->lo)))
				return NULL;
			if (!atomic_compare_exchange_strong_explicit(&z->p, &none, p, memory_order_acq_rel,
			        memory_order_acquire)) {
				interp_free(cx, p);
				p = none;
			}
		}
		if (p)
			return p + (addr - z->lo);
		return n <= sizeof zeros ? (uint8_t *)(uintptr_t)zeros : NULL;
	}
	return NULL;
}

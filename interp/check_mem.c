/*
 * check_mem.c -- memcheck's additions to the faults every launch reports
 * (out-of-bounds and misaligned accesses, frees of what malloc did not
 * return):
 *
 *   - "nc-load-of-written": ld.global.nc or ldu of bytes this launch has
 *     stored to.  Those loads go through the non-coherent (read-only) data
 *     cache, which the PTX ISA lets serve a stale value unless the memory
 *     is read-only for the whole kernel;
 *   - "store-to-nc-loaded": the same in the other order, a store to bytes
 *     that an earlier ld.global.nc, ldu or texture fetch of the launch read;
 *   - "tex-of-written": a texture fetch (tex, tld4) of texels in memory
 *     this launch has stored to: the texture cache is not coherent with
 *     the kernel's stores either;
 *   - "store-to-const": a store or atomic through a generic or global
 *     address into a .const variable (cvta.const gives kernels its
 *     address, but constant memory is read-only to them: the constant
 *     cache would not see the store);
 *   - "heap-leak": device malloc blocks that a launch under memcheck made
 *     and nothing freed by the program's end (ptx_report_leaks: one
 *     report a kernel, counting them), or by the teardown of the context
 *     that launched it, for a host that runs several on one ptx_ctx
 *     (ptx_set_leak_owner names the one launching, ptx_report_leaks_of
 *     checks one).  Not at the launch's end: the device heap lives as
 *     long as the context, and a later launch may free the block
 *     (tests/check/mem_leak_later.ptx), as compute-sanitizer's leak
 *     check, at the context's teardown, has it;
 *   - "alloc-leak": device memory the host allocated and did not free by
 *     the context's teardown or the program's end, which only the host
 *     knows (the CUDA shim's cuMemAlloc): ptx_report_alloc_leak;
 *   - "slack": a load, store or atomic that reaches past the bytes an
 *     allocation was asked for into the slack its host gave it
 *     (ptx_mem_slack: the CUDA driver API library models a GPU driver's
 *     rounding that way), which runs on as on a GPU.  Looked for only
 *     while some allocation has slack; the warp-wide paths of the checked
 *     executor (exec_mem.h chk_lanes) leave such an access to the lanes;
 *   - "past-variable": a load, store or atomic in the allocation of a
 *     module's variables (layout.c: a .global one rounded up to 256
 *     bytes, the .const ones together, as a GPU's driver places them)
 *     outside the variable it is based on, the one its address operand
 *     names, else the one at or below its address: it reads or writes
 *     the padding or a neighbour, as on a GPU.  Looked for as "slack" is,
 *     the warp-wide paths taking a warp whole only inside its first
 *     lane's variable.
 *
 * Two bit-a-byte tables of the launch (check_init.c's ChkShadow, by host
 * page) hold the bytes stored to and the bytes read non-coherently; they
 * are freed when the launch ends.  The heap blocks followed carry their
 * kernel (Alloc.leak) as an index into the context's ChkLeak, the names
 * of the kernels that made them: the modules may be gone by the end.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "interp.h"

/* At most this many kernels' blocks are followed; past it a new kernel's
 * are not (a leak missed, never one made up). */
enum { LEAK_SRC_MAX = 4096 };

struct ChkLeak {
	struct { char *kernel, *module; uint64_t owner; } *src;
	uint32_t n, cap;
};

int
interp_chk_noncoherent(const XIns *xi)
{
	return xi->in && (xi->in->op == OP_LDU || (xi->in->op == OP_LD && ir_hasmod(xi->in, MOD_NC)));
}

/* A read through the non-coherent cache (ld.global.nc, ldu; tex: a
 * texture fetch) of bytes the launch may have stored to, remembered for
 * the stores after it. */
static void
ncread(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n, int tex)
{
	ChkSite s;

	if (L->wrote && interp_chk_count(L->wrote, p, n)) {
		interp_chk_site(L, w, (int)lane, xi, PTX_ACCESS_READ, a, n, &s);
		if (tex)
			interp_chk_report(L, w, (int)lane, PTX_CHECK_MEMCHECK, "tex-of-written", &s, NULL,
			    "a texture fetch of %u bytes at 0x%" PRIx64 " from memory the launch has stored to: the "
			    "texture cache is not coherent with the kernel's stores, so the fetch may see either value",
			    n, a);
		else
			interp_chk_report(L, w, (int)lane, PTX_CHECK_MEMCHECK, "nc-load-of-written", &s, NULL,
			    "a non-coherent load of %u bytes at 0x%" PRIx64 " from memory the launch has stored to: "
			    "ld.global.nc and ldu need memory that is read-only for the whole kernel", n, a);
	}
	interp_chk_mark(L->cx, &L->ncread, p, n, 1);
}

void
interp_chk_access(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n,
                  int write)
{
	ptx_ctx *cx = L->cx;
	ChkSite s;

	if (write) {
		Alloc *al;
		if (cx->nkonst && interp_isglobal(xi->space, a) && (al = interp_mem_find(cx, a, n)) && al->konst) {
			interp_chk_site(L, w, (int)lane, xi, PTX_ACCESS_WRITE, a, n, &s);
			interp_chk_report(L, w, (int)lane, PTX_CHECK_MEMCHECK, "store-to-const", &s, NULL,
			    "a store of %u bytes at 0x%" PRIx64 " into the .const variable '%s': constant memory is "
			    "read-only to kernels, and its cache would not see the store", n, a,
			    interp_mem_name(al, a));
		}
		if (L->ncread && interp_chk_count(L->ncread, p, n)) {
			interp_chk_site(L, w, (int)lane, xi, PTX_ACCESS_WRITE, a, n, &s);
			interp_chk_report(L, w, (int)lane, PTX_CHECK_MEMCHECK, "store-to-nc-loaded", &s, NULL,
			    "a store of %u bytes at 0x%" PRIx64 " to memory that ld.global.nc, ldu or a texture fetch read "
			    "earlier in the launch: the non-coherent cache may hold either value", n, a);
		}
		interp_chk_mark(cx, &L->wrote, p, n, 1);
		return;
	}
	if (interp_chk_noncoherent(xi))
		ncread(L, w, lane, xi, a, p, n, 0);
}

/* A texel's bytes, read by a texture fetch: the texture cache is the
 * non-coherent one, so they count as ld.global.nc's do. */
void
interp_chk_texread(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n)
{
	ncread(L, w, lane, xi, a, p, n, 1);
}

static const char *
accname(int acc)
{
	return acc == PTX_ACCESS_WRITE ? "a store" : acc == PTX_ACCESS_ATOMIC ? "an atomic" : "a load";
}

/* The variable of al (module variables) that an access at a is based on: the
 * one its address operand names ([var+imm]), else the one at or below a
 * (an address in a register says no more). */
static const VarSpan *
basevar(Launch *L, const XIns *xi, const Alloc *al, uint64_t a)
{
	const Ins *in = xi->in;
	SymLoc *l;

	for (int k = 0; in && k < in->nopnd; k++) {
		const Opnd *o = &in->opnd[k];
		if (o->kind == OK_ADDR && o->base && o->base->kind == OK_SYM && o->base->sym &&
		    (l = interp_symloc(L->pm, o->base->sym, 0)) && l->space == MS_GLOBAL &&
		    l->addr - al->addr < al->size)
			return interp_mem_var(al, l->addr);
	}
	return interp_mem_var(al, a);
}

/* An access of n bytes at a in al, the allocation of module variables,
 * outside the variable it is based on: the padding or a neighbour, which
 * a GPU reads and writes without a fault (layout.c). */
static void
chk_var(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const Alloc *al, uint64_t a, unsigned n, int acc)
{
	const VarSpan *v = basevar(L, xi, al, a), *to;
	uint64_t off = a - al->addr, last = off + n - 1;
	char where[64], into[96];
	ChkSite s;

	if (!v || !n || (off >= v->off && off - v->off < v->size && n <= v->size - (off - v->off)))
		return;
	if (off < v->off)
		snprintf(where, sizeof where, "%" PRIu64 " bytes before", v->off - off);
	else if (off - v->off == v->size)
		snprintf(where, sizeof where, "just past the end of");
	else if (off - v->off > v->size)
		snprintf(where, sizeof where, "%" PRIu64 " bytes past the end of", off - v->off - v->size);
	else
		snprintf(where, sizeof where, "across the end of");
	/* what it reaches: the variable holding its last byte, or padding */
	to = last < al->size ? interp_mem_var(al, al->addr + last) : NULL;
	if (to && to != v && last - to->off < to->size)
		snprintf(into, sizeof into, "into '%s'", to->name);
	else
		snprintf(into, sizeof into, "into the padding after it");
	interp_chk_site(L, w, (int)lane, xi, acc, a, n, &s);
	interp_chk_report(L, w, (int)lane, PTX_CHECK_MEMCHECK, "past-variable", &s, NULL,
	    "%s of %u bytes at 0x%" PRIx64 " lies %s the %" PRIu64 "-byte variable '%s' at 0x%" PRIx64 ", %s, "
	    "where a GPU does not fault (its driver rounds each .global variable up to 256 bytes of zeros, "
	    "and lays the .const ones out one after another)",
	    accname(acc), n, a, where, v->size, v->name, al->addr + v->off, into);
}

void
interp_chk_slack(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, unsigned n, int acc)
{
	ChkSite s;
	Alloc *al;
	uint64_t used, off;
	char where[48];

	if (!interp_isglobal(xi->space, a))
		return;
	/* in zeros: below the allocation they end at, or past the end of one
	 * laid over them, whichever is nearer (a chunk's, cuda/shim_mem.c) */
	if (!(al = interp_mem_find(L->cx, a, n)) && L->cx->nzero && interp_mem_zero(L->cx, a, n, 0, &used) &&
	    (!(al = interp_mem_before(L->cx, a)) || a - (al->addr + al->size) >= used - a)) {
		interp_chk_site(L, w, (int)lane, xi, acc, a, n, &s);
		interp_chk_report(L, w, (int)lane, PTX_CHECK_MEMCHECK, "slack", &s, NULL,
		    "%s of %u bytes at 0x%" PRIx64 " lies %" PRIu64 " bytes below the allocation at 0x%" PRIx64
		    ", in memory a GPU has below it, where nothing faults (its driver's own below a context's "
		    "first allocation, the allocations before it below a later one)", accname(acc), n, a,
		    used - a, used);
		return;
	}
	if (al && al->vargap) {
		chk_var(L, w, lane, xi, al, a, n, acc);
		return;
	}
	if (!al || (!al->slack && a < al->addr + al->size))
		return;
	used = al->size - al->slack;
	if (a - al->addr + n <= used)
		return;
	off = a - al->addr;
	if (off >= used)
		snprintf(where, sizeof where, "%" PRIu64 " bytes after", off - used);
	else
		snprintf(where, sizeof where, "across");
	interp_chk_site(L, w, (int)lane, xi, acc, a, n, &s);
	interp_chk_report(L, w, (int)lane, PTX_CHECK_MEMCHECK, "slack", &s, NULL,
	    "%s of %u bytes at 0x%" PRIx64 " lies %s the end of the %" PRIu64 "-byte allocation at 0x%" PRIx64
	    ", in the slack a GPU's driver leaves after it, where it does not fault",
	    accname(acc), n, a, where, used, al->addr);
}

static char *
dupstr(ptx_ctx *cx, const char *s)
{
	size_t n = strlen(s);
	char *d = interp_alloc(cx, n + 1);

	if (d)
		memcpy(d, s, n);
	return d;
}

/* Alloc.leak of L's kernel: its entry, found or made; 0 (not followed)
 * past LEAK_SRC_MAX kernels or out of memory. */
static uint32_t
leaksrc(Launch *L)
{
	ptx_ctx *cx = L->cx;
	struct ChkLeak *k = cx->leak;
	const char *kernel = L->k->f->name, *module = L->pm->m->name ? L->pm->m->name : "?";

	if (!k && !(k = cx->leak = interp_alloc(cx, sizeof *k)))
		return 0;
	for (uint32_t i = 0; i < k->n; i++)
		if (strcmp(k->src[i].kernel, kernel) == 0 && strcmp(k->src[i].module, module) == 0 &&
		    k->src[i].owner == cx->leak_owner)
			return i + 1;
	if (k->n == LEAK_SRC_MAX)
		return 0;
	if (k->n == k->cap) {
		uint32_t nc = k->cap ? 2 * k->cap : 8;
		void *p = interp_realloc(cx, k->src, (size_t)nc * sizeof *k->src);
		if (!p)
			return 0;
		k->src = p;
		k->cap = nc;
	}
	k->src[k->n].kernel = dupstr(cx, kernel);
	k->src[k->n].module = dupstr(cx, module);
	k->src[k->n].owner = cx->leak_owner;
	if (!k->src[k->n].kernel || !k->src[k->n].module) {
		interp_free(cx, k->src[k->n].kernel);
		interp_free(cx, k->src[k->n].module);
		return 0;
	}
	return ++k->n;
}

void
interp_chk_heap_new(Launch *L, Alloc *al)
{
	if (!L->leaksrc)
		L->leaksrc = leaksrc(L);
	al->leak = L->leaksrc;
}

/* The program's end (ptx_report_leaks, all set) or a context's teardown
 * (ptx_report_leaks_of: owner's): the blocks followed and not freed, one
 * report a kernel with their count and its first block. */
void
interp_chk_leaks(ptx_ctx *cx, int all, uint64_t owner)
{
	struct ChkLeak *k = cx->leak;
	struct { uint64_t n, addr, size; } *by;

	if (!k || !k->n || !(by = interp_alloc(cx, (size_t)k->n * sizeof *by)))
		return;
	for (Alloc *a = interp_mem_after(cx, 0); a; a = interp_mem_next(cx, a)) {
		if (!a->live || a->kind != AK_HEAP || !a->leak || a->leak > k->n ||
		    (!all && k->src[a->leak - 1].owner != owner))
			continue;
		if (!by[a->leak - 1].n++) {
			by[a->leak - 1].addr = a->addr;
			by[a->leak - 1].size = a->size;
		}
		a->leak = 0;   /* reported once */
	}
	for (uint32_t i = 0; i < k->n; i++)
		if (by[i].n)
			interp_chk_report_end(cx, PTX_CHECK_MEMCHECK, "heap-leak", k->src[i].kernel, k->src[i].module,
			    by[i].n, "a device malloc allocation the kernel made is not freed when %s (the count says "
			    "how many; the first: %" PRIu64 " bytes at 0x%" PRIx64 ")",
			    all ? "the program ends" : "its context is destroyed", by[i].size, by[i].addr);
	interp_free(cx, by);
}

/* ptx_report_alloc_leak: the host's count of its blocks, one report an
 * owner (no kernel made them). */
void
interp_chk_alloc_leak(ptx_ctx *cx, const char *owner, const char *when, uint64_t count, uint64_t size,
                      uint64_t addr)
{
	if (!(cx->checks & PTX_CHECK_MEMCHECK) || !count)
		return;
	interp_chk_report_end(cx, PTX_CHECK_MEMCHECK, "alloc-leak", "", owner ? owner : "", count,
	    "device memory the host allocated is not freed when %s (the count says how many; the first: %"
	    PRIu64 " bytes at 0x%" PRIx64 ")", when ? when : "the program ends", size, addr);
}

void
interp_chk_leak_free(ptx_ctx *cx)
{
	struct ChkLeak *k = cx->leak;

	if (!k)
		return;
	for (uint32_t i = 0; i < k->n; i++) {
		interp_free(cx, k->src[i].kernel);
		interp_free(cx, k->src[i].module);
	}
	interp_free(cx, k->src);
	interp_free(cx, k);
	cx->leak = NULL;
}

void
interp_chk_end(Launch *L)
{
	ptx_ctx *cx = L->cx;
	int fatal = cx->check_fatal;

	interp_chk_local_end(L);
	cx->check_fatal = 0;   /* the launch is over: a report now is no fault of it */
	interp_chk_race_end(L);
	cx->check_fatal = fatal;
	interp_chk_async_free(L);
	interp_chk_table_free(cx, &L->wrote);
	interp_chk_table_free(cx, &L->ncread);
	interp_chk_race_free(cx, &L->race);
	interp_chk_race_free(cx, &L->grace);
	interp_chk_race_free(cx, &L->gread);
	interp_chk_cdp_end(L);   /* before relg goes */
	interp_free(cx, L->relg);
	interp_free(cx, L->acqg);
	interp_chk_dsmem_free(L);
	interp_free(cx, L->strongpc);
	L->strongpc = NULL;
	L->relg = NULL;
	L->acqg = NULL;
	L->nrelg = 0;
}

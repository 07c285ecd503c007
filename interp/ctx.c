/*
 * ctx.c -- what the engine keeps on a context, below the public API:
 * memory from the context's allocator, the IR's memory taken from it for
 * a front-end phase, the diagnostics of the last failure, and the making
 * and freeing of contexts and modules.  The entry points of api/ call
 * these; nothing here checks a caller's arguments.
 *
 * Diagnostics: every public call that can fail clears them first, so that
 * they always describe the most recent failure; interp_diag_add copies
 * every string it is given, so a record outlives the front end's Diags.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "interp.h"

/* The C library's, its new blocks zeroed by calloc (large ones untouched
 * pages): the context's default allocator says zeroed. */
static void *
defrealloc(void *ud, void *p, size_t n)
{
	(void)ud;
	if (n == 0) {
		free(p);
		return NULL;
	}
	return p ? realloc(p, n) : calloc(1, n);
}

void *
interp_realloc(ptx_ctx *cx, void *p, size_t n)
{
	return cx->al.realloc(cx->al.ud, p, n);
}

/* A new block of zeros.  An allocator that says its blocks come zeroed
 * (the default's calloc, the shim's mmap pages) gives large ones as
 * untouched pages: a device allocation's memory is then taken from the
 * host only where a kernel or a copy writes it. */
void *
interp_alloc(ptx_ctx *cx, size_t n)
{
	void *p = cx->al.realloc(cx->al.ud, NULL, n ? n : 1);

	if (p && !cx->al.zeroed)
		memset(p, 0, n ? n : 1);
	return p;
}

void
interp_free(ptx_ctx *cx, void *p)
{
	if (p)
		cx->al.realloc(cx->al.ud, p, 0);
}

/* The jump target of a phase.  env lives in the caller's frame, so that
 * nothing local to the function calling setjmp changes before the jump. */
static int
protect(IrEnv *env, const IrAlloc *al, int (*phase)(void *), void *arg)
{
	jmp_buf jb;

	ir_env_enter(env, al, &jb);
	if (setjmp(jb))
		return PTX_ENOMEM;
	return phase(arg);
}

int
interp_front(ptx_ctx *cx, int jump, int (*phase)(void *), void *arg)
{
	IrEnv env;
	/* The context's own default is the C library's, which the arena
	 * calls directly (calloc gives it zeroed chunks for free). */
	IrAlloc al = { cx->al.realloc == defrealloc ? NULL : cx->al.realloc, cx->al.ud };
	int rc;

	if (jump) {
		rc = protect(&env, &al, phase, arg);
	} else {
		ir_env_enter(&env, &al, NULL);
		rc = phase(arg);
	}
	return ir_env_leave(&env) ? PTX_ENOMEM : rc;
}

static char *
dupstr(ptx_ctx *cx, const char *s)
{
	size_t n;
	char *d;

	if (!s)
		return NULL;
	n = strlen(s);
	if ((d = interp_alloc(cx, n + 1)))
		memcpy(d, s, n + 1);
	return d;
}

void
interp_diag_clear(ptx_ctx *cx)
{
	for (size_t i = 0; i < cx->ndiag; i++) {
		interp_free(cx, cx->diag[i].file);
		interp_free(cx, cx->diag[i].msg);
		interp_free(cx, cx->diag[i].check);
		interp_free(cx, cx->diag[i].srcline);
	}
	interp_free(cx, cx->diag);
	cx->diag = NULL;
	cx->ndiag = cx->capdiag = 0;
}

int
interp_diag_add(ptx_ctx *cx, const char *file, int line, int col, int sev, const char *check,
        const char *msg, const char *srcline)
{
	DiagRec *d;

	/* doubling: ptxas-lint keeps every warning, and a module of 300,000
	 * unreachable branches made as many, each copying the table before
	 * (seconds under an allocator whose realloc copies, as ASan's does) */
	if (cx->ndiag == cx->capdiag) {
		size_t nc = cx->capdiag ? 2 * cx->capdiag : 16;
		if (!(d = interp_realloc(cx, cx->diag, nc * sizeof *d)))
			return PTX_ENOMEM;
		cx->diag = d;
		cx->capdiag = nc;
	}
	d = cx->diag + cx->ndiag;
	memset(d, 0, sizeof *d);
	d->file = dupstr(cx, file);
	d->msg = dupstr(cx, msg);
	d->check = dupstr(cx, check);
	/* srcline the previous report's own: the two share it (reports on
	 * one line, api_takediags).  A module of one long line (a gigabyte of
	 * ';' is one) has all its errors on it, and a copy for each was that
	 * many times its size.  Only the first holds (and frees) it. */
	const char *same = srcline && cx->ndiag && srcline == d[-1].d.source_line ? srcline : NULL;
	d->srcline = same ? NULL : dupstr(cx, srcline);
	if ((file && !d->file) || (msg && !d->msg) || (check && !d->check) || (srcline && !same && !d->srcline)) {
		interp_free(cx, d->file);
		interp_free(cx, d->msg);
		interp_free(cx, d->check);
		interp_free(cx, d->srcline);
		return PTX_ENOMEM;
	}
	cx->ndiag++;
	d->d.file = d->file;
	d->d.line = line;
	d->d.col = col;
	d->d.severity = sev;
	d->d.check = d->check;
	d->d.msg = d->msg ? d->msg : "";
	d->d.source_line = same ? same : d->srcline;
	return PTX_OK;
}

void
interp_diag(ptx_ctx *cx, const char *file, int line, int col, int sev, const char *check,
            const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	interp_diag_add(cx, file, line, col, sev, check, buf, NULL);
}

/* What the host can give device memory: physical memory, capped by
 * RLIMIT_AS and RLIMIT_DATA, less a quarter kept for the host side (the
 * code, the decoded modules, the counters).  Clients size their pools
 * from the total the driver reports, so it must be memory that exists;
 * and no more than the H100's 80 GiB, so that a program which would run
 * out of memory on the GPU does here too. */
uint64_t
interp_host_memory(void)
{
	uint64_t total = 1ull << 32;
	long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
	struct rlimit rl;

	if (pages > 0 && psz > 0)
		total = (uint64_t)pages * (uint64_t)psz;
	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < total)
		total = rl.rlim_cur;
	if (getrlimit(RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < total)
		total = rl.rlim_cur;
	total -= total / 4;
	return total < DEVICE_MEMORY ? total : DEVICE_MEMORY;
}

ptx_ctx *
interp_ctx_new(const ptx_alloc *a)
{
	ptx_ctx *cx;
	ptx_alloc al = PTX_ALLOC_INIT;

	if (a && a->realloc) {   /* a version 6 struct ends before zeroed */
		al.realloc = a->realloc;
		al.ud = a->ud;
		al.zeroed = a->version >= 7 && a->zeroed;
	} else {
		al.realloc = defrealloc;
		al.zeroed = 1;
	}
	cx = al.realloc(al.ud, NULL, sizeof *cx);
	if (!cx)
		return NULL;
	memset(cx, 0, sizeof *cx);
	cx->al = al;
	cx->next_addr = GLOBAL_BASE;
	cx->max_steps = DEFAULT_MAX_STEPS;
	cx->limit[PTX_LIMIT_MEMORY] = interp_host_memory();
	cx->limit[PTX_LIMIT_MALLOC_HEAP] = DEFAULT_HEAP_SIZE;
	cx->limit[PTX_LIMIT_STACK] = DEFAULT_STACK_SIZE;
	return cx;
}

void
interp_module_free(ptx_module *pm)
{
	ptx_ctx *cx = pm->cx;
	ptx_module **pp;

	for (pp = &cx->mods; *pp; pp = &(*pp)->next)
		if (*pp == pm) {
			*pp = pm->next;
			break;
		}
	/* A load that ran out of memory may leave a count without its array. */
	for (int i = 0; pm->allocs && i < pm->nallocs; i++) {
		Alloc *a = interp_mem_find(cx, (uint64_t)pm->allocs[i], 0);
		if (a && a->addr == (uint64_t)pm->allocs[i])
			interp_mem_drop(cx, a);
	}
	for (int i = 0; pm->code && i < pm->ncode; i++) {
		interp_free(cx, pm->code[i].s);
		interp_free(cx, pm->code[i].tbl);
		interp_free(cx, pm->code[i].bc);
	}
	for (int i = 0; pm->fn && i < pm->nfn; i++) {
		interp_free(cx, pm->fn[i].paroff);
		interp_free(cx, pm->fn[i].parsz);
		interp_free(cx, pm->fn[i].paralign);
		interp_free(cx, pm->fn[i].retoff);
		interp_free(cx, pm->fn[i].retsz);
		interp_free(cx, pm->fn[i].parreg);
		interp_free(cx, pm->fn[i].upreg);
	}
	interp_free(cx, pm->nanwin);
	interp_free(cx, pm->nanconst);
	interp_free(cx, pm->w16);
	interp_count_free(cx);   /* the counters name the module's source files */
	interp_free(cx, pm->allocs);
	interp_free(cx, pm->code);
	interp_free(cx, pm->fn);
	interp_free(cx, pm->sl);
	interp_fold_sites_free(pm);
	interp_free(cx, pm->byfn);
	interp_free(cx, pm->bysym);
	diag_free(pm->dg);
	if (pm->m)
		ir_module_free(pm->m);
	interp_free(cx, pm->text);
	interp_free(cx, pm);
}

void
interp_ctx_free(ptx_ctx *cx)
{
	while (cx->mods)
		interp_module_free(cx->mods);
	interp_mem_release(cx);
	interp_diag_clear(cx);
	interp_free(cx, cx->fault_msg);
	interp_free(cx, cx->fault_insn);
	interp_free(cx, cx->fault_nearest);
	interp_count_free(cx);
	interp_chk_free(cx);
	cx->al.realloc(cx->al.ud, cx, 0);
}

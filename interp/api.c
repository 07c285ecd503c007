/*
 * api.c -- the public entry points of include/ptx.h: contexts, the
 * diagnostics of the last failure, modules, device memory and launches.
 *
 * Every call that can fail clears the diagnostics first and records why it
 * failed, so ptx_diag_get always describes the most recent failure.  The
 * library prints nothing: parser diagnostics are copied out of the front
 * end's Diags into the context, with the offending source line.
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
#include "verify/verify.h"

static void *
defrealloc(void *ud, void *p, size_t n)
{
	(void)ud;
	if (n == 0) {
		free(p);
		return NULL;
	}
	return realloc(p, n);
}

void *
interp_realloc(ptx_ctx *cx, void *p, size_t n)
{
	return cx->al.realloc(cx->al.ud, p, n);
}

void *
interp_alloc(ptx_ctx *cx, size_t n)
{
	void *p = cx->al.realloc(cx->al.ud, NULL, n ? n : 1);
	if (p)
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

int
ptx_ctx_new(ptx_ctx **out, const ptx_alloc *a)
{
	ptx_ctx *cx;
	ptx_alloc al = PTX_ALLOC_INIT;

	if (!out)
		return PTX_EINVAL;
	*out = NULL;
	if (a && a->realloc)
		al = *a;
	else
		al.realloc = defrealloc;
	cx = al.realloc(al.ud, NULL, sizeof *cx);
	if (!cx)
		return PTX_ENOMEM;
	memset(cx, 0, sizeof *cx);
	cx->al = al;
	cx->next_addr = GLOBAL_BASE;
	cx->max_steps = DEFAULT_MAX_STEPS;
	cx->limit[PTX_LIMIT_MEMORY] = interp_host_memory();
	cx->limit[PTX_LIMIT_MALLOC_HEAP] = DEFAULT_HEAP_SIZE;
	cx->limit[PTX_LIMIT_STACK] = DEFAULT_STACK_SIZE;
	*out = cx;
	return PTX_OK;
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
	cx->ndiag = 0;
}

int
interp_diag_add(ptx_ctx *cx, const char *file, int line, int col, int sev, const char *check,
        const char *msg, const char *srcline)
{
	DiagRec *d = interp_realloc(cx, cx->diag, (cx->ndiag + 1) * sizeof *d);
	if (!d)
		return PTX_ENOMEM;
	cx->diag = d;
	d += cx->ndiag;
	memset(d, 0, sizeof *d);
	d->file = dupstr(cx, file);
	d->msg = dupstr(cx, msg);
	d->check = dupstr(cx, check);
	d->srcline = dupstr(cx, srcline);
	if ((file && !d->file) || (msg && !d->msg) || (check && !d->check) || (srcline && !d->srcline)) {
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
	d->d.source_line = d->srcline;
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

size_t
ptx_diag_count(const ptx_ctx *cx)
{
	return cx ? cx->ndiag : 0;
}

const ptx_diag *
ptx_diag_get(const ptx_ctx *cx, size_t i)
{
	return cx && i < cx->ndiag ? &cx->diag[i].d : NULL;
}

void
ptx_module_free(ptx_module *pm)
{
	ptx_ctx *cx;
	ptx_module **pp;

	if (!pm)
		return;
	cx = pm->cx;
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
	interp_count_free(cx);   /* the counters name the module's source files */
	interp_free(cx, pm->allocs);
	interp_free(cx, pm->code);
	interp_free(cx, pm->fn);
	interp_free(cx, pm->sl);
	diag_free(pm->dg);
	if (pm->m)
		ir_module_free(pm->m);
	interp_free(cx, pm->text);
	interp_free(cx, pm);
}

void
ptx_ctx_free(ptx_ctx *cx)
{
	if (!cx)
		return;
	while (cx->mods)
		ptx_module_free(cx->mods);
	interp_mem_release(cx);
	interp_diag_clear(cx);
	interp_free(cx, cx->fault_msg);
	interp_free(cx, cx->fault_insn);
	interp_free(cx, cx->fault_nearest);
	interp_count_free(cx);
	cx->al.realloc(cx->al.ud, cx, 0);
}

/* The text of line `line` of src, without its newline, into buf. */
static const char *
srcline(const char *src, size_t len, int line, char *buf, size_t nbuf)
{
	size_t i = 0, n;
	int l = 1;

	if (line <= 0)
		return NULL;
	while (i < len && l < line)
		if (src[i++] == '\n')
			l++;
	if (l != line)
		return NULL;
	for (n = 0; i + n < len && src[i + n] != '\n' && n + 1 < nbuf; n++)
		buf[n] = src[i + n];
	buf[n] = 0;
	return buf;
}

/* ptx_module_load's front end: read and build pm->text. */
typedef struct {
	ptx_module *pm;
	const char *name;
	size_t len;
	Diags *dg;
} Load;

static int
loadphase(void *arg)
{
	Load *l = arg;
	ptx_module *pm = l->pm;

	if (!(l->dg = diag_new(l->name, pm->text, l->len)))
		return PTX_ENOMEM;
	pm->m = parse_module(l->name, pm->text, l->len, l->dg);
	if (pm->m && ir_build(pm->m, l->dg) != 0)
		return PTX_ESYNTAX;
	if (!pm->m || l->dg->nerr)
		return PTX_ESYNTAX;
	return PTX_OK;
}

/* The checks ptxas itself enforces, run on a module that read cleanly: the
 * driver's JIT would refuse a module with such an error, so loading does
 * too, with the same located diagnostics ptxas-lint gives.  Our own
 * bug-finding checks are left to ptxas-lint and ptx_verify.  Like
 * ptx_verify's phase this runs without a jump (the verifier's work arrays
 * are heap scratch); out of memory shows as NULL there and as a missing
 * finding here, never as a crash. */
static int
loadverify(void *arg)
{
	Load *l = arg;
	VerifyOpts vo;

	verify_opts_ptxas(&vo);
	return verify_module(l->pm->m, &vo, l->dg) ? PTX_ESYNTAX : PTX_OK;
}

int
ptx_module_load(ptx_ctx *cx, const char *name, const char *text, size_t len, ptx_module **out)
{
	ptx_module *pm;
	Diags *dg;
	Load l;
	int rc;

	if (!cx || !text || !out)
		return PTX_EINVAL;
	*out = NULL;
	interp_diag_clear(cx);
	if (!name)
		name = "<module>";
	pm = interp_alloc(cx, sizeof *pm);
	if (!pm)
		return PTX_ENOMEM;
	pm->cx = cx;
	/* The IR keeps pointers into the text's names, so the module owns a copy. */
	pm->text = interp_alloc(cx, len + 1);
	if (!pm->text) {
		interp_free(cx, pm);
		return PTX_ENOMEM;
	}
	memcpy(pm->text, text, len);
	l = (Load){ pm, name, len, NULL };
	rc = interp_front(cx, 1, loadphase, &l);
	if (rc == PTX_ENOMEM) {
		/* The Diags and the module went with the phase. */
		interp_free(cx, pm->text);
		interp_free(cx, pm);
		return PTX_ENOMEM;
	}
	/* The module and its Diags were made under the first env and outlive
	 * the second: on its failure they are still here to free. */
	if (rc == PTX_OK)
		rc = interp_front(cx, 0, loadverify, &l);
	dg = l.dg;
	for (size_t i = 0; i < dg->n && rc != PTX_ENOMEM; i++) {
		const Diag *d = &dg->d[i];
		char buf[512];
		if (interp_diag_add(cx, d->file ? d->file : name, d->loc.line, d->loc.col,
		    d->sev == SEV_ERROR ? PTX_SEV_ERROR : d->sev == SEV_WARNING ? PTX_SEV_WARNING : PTX_SEV_NOTE,
		    d->check, d->msg, srcline(pm->text, len, d->loc.line, buf, sizeof buf)) != PTX_OK) {
			/* a report with holes would mislead: none at all */
			interp_diag_clear(cx);
			rc = PTX_ENOMEM;
			break;
		}
	}
	diag_free(dg);
	if (rc == PTX_OK)
		rc = interp_load(pm);
	pm->next = cx->mods;
	cx->mods = pm;
	if (rc != PTX_OK) {
		ptx_module_free(pm);
		return rc;
	}
	*out = pm;
	return PTX_OK;
}

int
ptx_module_get_function(ptx_module *pm, const char *name, ptx_function **out)
{
	if (!pm || !name || !out)
		return PTX_EINVAL;
	*out = NULL;
	for (int i = 0; i < pm->nfn; i++)
		if (pm->fn[i].f->hasbody && pm->fn[i].f->entry && strcmp(pm->fn[i].f->name, name) == 0) {
			/* ptx_function is XFunc with a public name; the cast is the hand-off. */
			*out = (ptx_function *)(void *)&pm->fn[i];
			return PTX_OK;
		}
	interp_diag_clear(pm->cx);
	interp_diag(pm->cx, pm->m->name, 0, 0, PTX_SEV_ERROR, NULL, "no kernel named '%s'", name);
	return PTX_ENOTFOUND;
}

int
ptx_module_entry_count(const ptx_module *pm)
{
	int n = 0;
	for (int i = 0; pm && i < pm->nfn; i++)
		n += pm->fn[i].f->entry && pm->fn[i].f->hasbody;
	return n;
}

const char *
ptx_module_entry_name(const ptx_module *pm, int k)
{
	for (int i = 0; pm && i < pm->nfn; i++)
		if (pm->fn[i].f->entry && pm->fn[i].f->hasbody && k-- == 0)
			return pm->fn[i].f->name;
	return NULL;
}

int
ptx_module_get_global(ptx_module *pm, const char *name, ptx_devptr *addr, size_t *size)
{
	Sym *s;
	SymLoc *l;

	if (!pm || !name || pm->dg)
		return PTX_EINVAL;
	s = ir_lookup(pm->m, name);
	if (!s || s->kind != SYM_VAR || !(l = interp_symloc(pm, s, 0)) || l->space != MS_GLOBAL) {
		interp_diag_clear(pm->cx);
		interp_diag(pm->cx, pm->m->name, 0, 0, PTX_SEV_ERROR, NULL,
		    "no .global or .const variable named '%s'", name);
		return PTX_ENOTFOUND;
	}
	if (addr)
		*addr = l->addr;
	if (size)
		*size = (size_t)l->size;
	return PTX_OK;
}

const char *
ptx_function_name(const ptx_function *f)
{
	return f ? f->x.f->name : NULL;
}

int
ptx_function_param_count(const ptx_function *f)
{
	return f ? f->x.f->npar : 0;
}

int
ptx_function_param_info(const ptx_function *f, int i, size_t *size, size_t *align)
{
	if (!f || i < 0 || i >= f->x.f->npar)
		return PTX_EINVAL;
	if (size)
		*size = f->x.parsz[i];
	if (align)
		*align = f->x.paralign[i];
	return PTX_OK;
}

size_t
ptx_function_param_size(const ptx_function *f)
{
	return f ? f->x.psize : 0;
}

/* The marshalling shared by the interpreter and the CUDA backend. */
int
ptx_function_pack_params(const ptx_function *f, void **params, void *buf)
{
	if (!f || !buf || (f->x.f->npar && !params))
		return PTX_EINVAL;
	memset(buf, 0, f->x.psize);
	for (int i = 0; i < f->x.f->npar; i++) {
		if (!params[i])
			return PTX_EINVAL;
		memcpy((uint8_t *)buf + f->x.paroff[i], params[i], f->x.parsz[i]);
	}
	return PTX_OK;
}

int
ptx_launch_ex(ptx_ctx *cx, ptx_function *fn, const unsigned grid[3], const unsigned block[3],
              const unsigned cluster[3], size_t shared, void **params)
{
	uint8_t *buf;
	int rc;

	if (!cx || !fn || !grid || !block)
		return PTX_EINVAL;
	interp_diag_clear(cx);
	memset(&cx->fault, 0, sizeof cx->fault);
	buf = interp_alloc(cx, fn->x.psize + 16);
	if (!buf)
		return PTX_ENOMEM;
	if ((rc = ptx_function_pack_params(fn, params, buf)) != PTX_OK) {
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "missing kernel parameter");
		interp_free(cx, buf);
		return rc;
	}
	rc = interp_launch(cx, fn, grid, block, cluster, shared, buf);
	interp_free(cx, buf);
	return rc;
}

int
ptx_launch(ptx_ctx *cx, ptx_function *fn, const unsigned grid[3], const unsigned block[3],
           size_t shared, void **params)
{
	return ptx_launch_ex(cx, fn, grid, block, NULL, shared, params);
}

void
ptx_set_cooperative(ptx_ctx *cx, int on)
{
	if (cx)
		cx->coop = on != 0;
}

void
ptx_set_printf_sink(ptx_ctx *cx, ptx_printf_fn fn, void *user)
{
	if (cx) {
		cx->pf = fn;
		cx->pfu = user;
	}
}

void
ptx_set_max_steps(ptx_ctx *cx, uint64_t n)
{
	if (cx)
		cx->max_steps = n ? n : DEFAULT_MAX_STEPS;
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

int
ptx_set_limit(ptx_ctx *cx, int which, uint64_t value)
{
	if (!cx || which < PTX_LIMIT_MEMORY || which > PTX_LIMIT_STACK)
		return PTX_EINVAL;
	/* The driver takes a stack of at most 512 KiB a thread (sm_90). */
	if (which == PTX_LIMIT_STACK && value > MAX_LOCAL)
		return PTX_EINVAL;
	cx->limit[which] = value;
	return PTX_OK;
}

int
ptx_get_limit(const ptx_ctx *cx, int which, uint64_t *value)
{
	if (!cx || !value || which < PTX_LIMIT_MEMORY || which > PTX_LIMIT_STACK)
		return PTX_EINVAL;
	*value = cx->limit[which];
	return PTX_OK;
}

void
ptx_set_threads(ptx_ctx *cx, unsigned n)
{
	if (cx)
		cx->nthreads = (int)(n > 256 ? 256 : n);
}

const ptx_fault *
ptx_fault_get(const ptx_ctx *cx)
{
	return cx ? &cx->fault : NULL;
}

void
ptx_stats_get(const ptx_ctx *cx, ptx_stats *out)
{
	if (cx && out)
		*out = cx->stats;
}

size_t
ptx_stats_insn_count(const ptx_ctx *cx)
{
	return cx ? cx->nistat : 0;
}

const ptx_insn_stats *
ptx_stats_insn(const ptx_ctx *cx, size_t i)
{
	return cx && i < cx->nistat ? &cx->istat[i] : NULL;
}

void
ptx_set_counting(ptx_ctx *cx, int on)
{
	if (cx)
		cx->nocount = !on;
}

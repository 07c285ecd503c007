/*
 * api.c -- the public entry points of include/ptx.h: contexts, the
 * diagnostics of the last failure, modules and launches (device memory is
 * mem.c's).  Each checks its arguments and hands the work to the engine
 * (interp/), whose context services are interp/ctx.c's.
 *
 * Every call that can fail clears the diagnostics first and records why it
 * failed, so ptx_diag_get always describes the most recent failure.  The
 * library prints nothing: parser diagnostics are copied out of the front
 * end's Diags into the context, with the offending source line.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "interp/interp.h"
#include "verify/verify.h"

int
ptx_ctx_new(ptx_ctx **out, const ptx_alloc *a)
{
	if (!out)
		return PTX_EINVAL;
	*out = interp_ctx_new(a);
	return *out ? PTX_OK : PTX_ENOMEM;
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
	if (pm)
		interp_module_free(pm);
}

void
ptx_ctx_free(ptx_ctx *cx)
{
	if (cx)
		interp_ctx_free(cx);
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

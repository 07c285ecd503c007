/*
 * api.c -- the public entry points of include/ptx.h: contexts, the
 * diagnostics of the last failure, modules and launches (device memory is
 * mem.c's).  Each checks its arguments and hands the work to the engine
 * (interp/), whose context services are interp/ctx.c's.
 *
 * Every call that can fail clears the diagnostics first and records why it
 * failed, so ptx_diag_get always describes the most recent failure.  The
 * library prints nothing: parser diagnostics are copied out of the front
 * end's Diags into the context, with the offending source line (load.c,
 * which reads modules for every entry point).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "api/api.h"

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

int
ptx_module_load(ptx_ctx *cx, const char *name, const char *text, size_t len, ptx_module **out)
{
	static const ApiLoad run = { .run = 1 };

	if (!cx || !text || !out)
		return PTX_EINVAL;
	return api_load(cx, name, text, len, &run, out);
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
		cx->coop = on == 2 ? 2 : on != 0;
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
ptx_set_graph_cond(ptx_ctx *cx, ptx_graph_cond_fn fn, void *user)
{
	if (cx) {
		cx->condfn = fn;
		cx->condu = user;
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

/*
 * shim.c -- the queries at the end of include/ptx.h that a host
 * emulating another GPU API needs (libptxcuda): which allocation holds an
 * address, where each kernel parameter sits in the parameter buffer, and
 * what a kernel uses.  They read the context and the loaded module only.
 */
#include <stdatomic.h>
#include <string.h>
#include "api/api.h"

int
ptx_mem_devspace(ptx_ctx *cx, ptx_devptr p)
{
	/* from the first allocation's address to past the last, and the gap
	 * after it: where interp_mem_map refuses to put host memory */
	return cx && p >= GLOBAL_BASE && p < cx->next_addr + WIN_SIZE;
}

int
ptx_mem_range(ptx_ctx *cx, ptx_devptr p, ptx_devptr *base, size_t *size)
{
	Alloc *a;

	if (!cx)
		return PTX_EINVAL;
	if (!(a = interp_mem_find(cx, p, 0)) || p >= a->addr + a->size)
		return PTX_EFAULT;
	if (base)
		*base = a->addr;
	if (size)   /* a module's variables: to the last one's end, not the rounding (layout.c) */
		*size = (size_t)(a->nvar ? a->var[a->nvar - 1].off + a->var[a->nvar - 1].size : a->size);
	return PTX_OK;
}

int
ptx_mem_used(ptx_ctx *cx, uint64_t *out)
{
	if (!cx || !out)
		return PTX_EINVAL;
	*out = (uint64_t)atomic_load(&cx->used);
	return PTX_OK;
}

int
ptx_function_param_offset(const ptx_function *f, int i, size_t *off)
{
	if (!f || i < 0 || i >= f->x.f->npar || !off)
		return PTX_EINVAL;
	*off = f->x.paroff[i];
	return PTX_OK;
}

int
ptx_function_usage_get(const ptx_module *m, const ptx_function *f, ptx_function_usage *out)
{
	if (!m || !f || !out)
		return PTX_EINVAL;
	memset(out, 0, sizeof *out);
	out->nregs = f->x.nregs;
	out->local_bytes = f->x.frame;
	out->shared_bytes = f->x.shstatic;
	out->ptx_version = m->m->ver_major * 10 + m->m->ver_minor;
	out->sm = m->m->sm;
	out->maxclusterrank = f->x.f->maxclusterrank;
	out->maxnreg = f->x.f->maxnreg;
	for (int i = 0; i < 3; i++) {
		out->maxntid[i] = f->x.f->nmaxntid ? f->x.f->maxntid[i] : 0;
		out->reqntid[i] = f->x.f->nreqntid ? f->x.f->reqntid[i] : 0;
		out->reqcluster[i] = f->x.f->nreqnctapercluster ? f->x.f->reqnctapercluster[i] : 0;
	}
	/* ptxas's .nv.constant3: each variable at its alignment, in the order
	 * declared, no padding after the last (100 bytes then 3 at align 2 are
	 * 103; 100 then 24 at align 8, 128); those of external linkage
	 * (.extern, .visible) first (an H200's driver: 99 bytes declared
	 * before an .extern 64 are 163; interp/layout.c has the rule) */
	for (int k = 0; k < 2 * m->m->nsyms; k++) {
		const Sym *s = m->m->syms[k % m->m->nsyms];
		uint64_t a, end;
		if (s->kind != SYM_VAR || s->space != SP_CONST || (s->linkage != LINK_NONE) != (k < m->m->nsyms))
			continue;
		a = interp_symalign(s);
		end = a ? (out->const_bytes + a - 1) / a * a : out->const_bytes;
		if (ir_size_add(end, interp_symsize(s), &end))
			end = UINT64_MAX;   /* the verifier keeps .const far below this */
		out->const_bytes = (size_t)end;
	}
	return PTX_OK;
}

int
ptx_mem_reserve(ptx_ctx *cx, size_t size, size_t align, ptx_devptr hint, ptx_devptr *out)
{
	if (!cx || !out)
		return PTX_EINVAL;
	return interp_mem_reserve(cx, size, align, hint, out);
}

int
ptx_mem_map_at(ptx_ctx *cx, ptx_devptr at, void *host, size_t size)
{
	if (!cx || !host)
		return PTX_EINVAL;
	return interp_mem_map_at(cx, at, host, size);
}

int
ptx_mem_alloc_at(ptx_ctx *cx, ptx_devptr at, size_t size)
{
	Alloc *a;
	int rc;

	if (!cx)
		return PTX_EINVAL;
	interp_diag_clear(cx);
	if ((rc = interp_mem_alloc_at(cx, at, size)) == PTX_OK && (cx->checks & PTX_CHECK_INITCHECK) &&
	    (a = interp_mem_find(cx, at, size)))
		interp_chk_poison(cx, a->p, a->size);   /* initcheck: unwritten until written, as ptx_mem_alloc's */
	return rc;
}

int
ptx_mem_zeros(ptx_ctx *cx, ptx_devptr at, size_t size)
{
	if (!cx)
		return PTX_EINVAL;
	return interp_mem_zeros(cx, at, size);
}

int
ptx_mem_slack(ptx_ctx *cx, ptx_devptr p, size_t used)
{
	Alloc *a;

	if (!cx)
		return PTX_EINVAL;
	if (!(a = interp_mem_find(cx, p, 0)) || a->addr != p || a->kind != AK_HOST || a->mapped || !used ||
	    used > a->size)
		return PTX_EINVAL;
	cx->nslack -= a->slack != 0;
	a->slack = a->size - used;
	cx->nslack += a->slack != 0;
	return PTX_OK;
}

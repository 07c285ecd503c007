/*
 * mem.c -- device memory from the host: allocations, mappings of host
 * memory, copies, and tensor maps written into host memory.  The engine
 * keeps the allocation table (interp/mem.c) and the map layout
 * (interp/tensormap.c); here are the argument checks and the clearing of
 * the diagnostics that every public call does first.
 */
#include <string.h>
#include "api/api.h"

int
ptx_mem_alloc(ptx_ctx *cx, size_t size, ptx_devptr *out)
{
	int rc;

	if (!cx || !out)
		return PTX_EINVAL;
	interp_diag_clear(cx);
	if ((rc = interp_mem_new(cx, size, NULL, AK_HOST, out)) == PTX_OK && (cx->checks & PTX_CHECK_INITCHECK)) {
		Alloc *a = interp_mem_find(cx, *out, size ? size : 1);
		if (a)   /* initcheck: unwritten until a copy or a store writes it */
			interp_chk_poison(cx, a->p, a->size);
	}
	return rc;
}

int
ptx_mem_free(ptx_ctx *cx, ptx_devptr p)
{
	if (!cx)
		return PTX_EINVAL;
	return interp_mem_free(cx, p);
}

int
ptx_mem_map(ptx_ctx *cx, void *host, size_t size, ptx_devptr *out)
{
	if (!cx || !host || !out)
		return PTX_EINVAL;
	return interp_mem_map(cx, host, size, out);
}

int
ptx_mem_copy_htod(ptx_ctx *cx, ptx_devptr dst, const void *src, size_t n)
{
	uint8_t *p;

	if (!cx || (n && !src))
		return PTX_EINVAL;
	interp_diag_clear(cx);
	if (!(p = interp_mem_host(cx, dst, n)))
		return PTX_EFAULT;
	if (n)
		memcpy(p, src, n);
	interp_chk_unpoison(cx, p, n);   /* initcheck: the host wrote it */
	return PTX_OK;
}

int
ptx_mem_copy_dtoh(ptx_ctx *cx, void *dst, ptx_devptr src, size_t n)
{
	uint8_t *p;

	if (!cx || (n && !dst))
		return PTX_EINVAL;
	interp_diag_clear(cx);
	if (!(p = interp_mem_host(cx, src, n)))
		return PTX_EFAULT;
	if (n)
		memcpy(dst, p, n);
	return PTX_OK;
}

int
ptx_mem_copy_dtod(ptx_ctx *cx, ptx_devptr dst, ptx_devptr src, size_t n)
{
	uint8_t *d, *s;

	if (!cx)
		return PTX_EINVAL;
	interp_diag_clear(cx);
	if (!(d = interp_mem_host(cx, dst, n)) || !(s = interp_mem_host(cx, src, n)))
		return PTX_EFAULT;
	if (n)
		memmove(d, s, n);
	interp_chk_unpoison(cx, d, n);
	return PTX_OK;
}

int
ptx_mem_memset(ptx_ctx *cx, ptx_devptr dst, int byte, size_t n)
{
	uint8_t *d;

	if (!cx)
		return PTX_EINVAL;
	interp_diag_clear(cx);
	if (!(d = interp_mem_host(cx, dst, n)))
		return PTX_EFAULT;
	if (n)
		memset(d, byte, n);
	interp_chk_unpoison(cx, d, n);
	return PTX_OK;
}

int
ptx_tensormap_encode(ptx_ctx *cx, const ptx_tensormap *t, void *map)
{
	if (!cx || !t || !map)
		return PTX_EINVAL;
	interp_diag_clear(cx);
	return interp_tmap_encode(cx, t, map);
}

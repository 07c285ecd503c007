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

/* The allocation's memory is zeros already (interp_alloc): taken from the
 * host only where written, with an allocator whose blocks come zeroed,
 * as a memset would take it all.  Nothing poisons it, so initcheck takes
 * the zeros as written. */
int
ptx_mem_alloc_zeroed(ptx_ctx *cx, size_t size, ptx_devptr *out)
{
	if (!cx || !out)
		return PTX_EINVAL;
	interp_diag_clear(cx);
	return interp_mem_new(cx, size, NULL, AK_HOST, out);
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

/*
 * A device range may run over several allocations that touch, as mappings
 * placed side by side in reserved space do (ptx_mem_map_at): a copy walks
 * it in pieces, one allocation each.  span checks the whole range first
 * (NULL and a diagnostic when a byte of it lies outside every allocation,
 * so that a copy that fails writes nothing); piece is the host pointer of
 * addr and in *len how many of the n bytes from there are in its
 * allocation.
 */
static uint8_t *
piece(ptx_ctx *cx, ptx_devptr addr, size_t n, size_t *len)
{
	Alloc *a;

	if (!n || !(a = interp_mem_find(cx, addr, 1))) {
		*len = n;
		return interp_mem_host(cx, addr, n);
	}
	*len = a->addr + a->size - addr < n ? (size_t)(a->addr + a->size - addr) : n;
	return a->p + (addr - a->addr);
}

static int
span(ptx_ctx *cx, ptx_devptr addr, size_t n)
{
	size_t len;

	do {
		if (!piece(cx, addr, n, &len))
			return 0;
		addr += len;
		n -= len;
	} while (n);
	return 1;
}

int
ptx_mem_copy_htod(ptx_ctx *cx, ptx_devptr dst, const void *src, size_t n)
{
	const uint8_t *s = src;
	uint8_t *p;
	size_t len;

	if (!cx || (n && !src))
		return PTX_EINVAL;
	interp_diag_clear(cx);
	if (!span(cx, dst, n))
		return PTX_EFAULT;
	for (; n; dst += len, s += len, n -= len) {
		p = piece(cx, dst, n, &len);
		memmove(p, s, len);   /* the host's side may be mapped memory, this very range */
		interp_chk_unpoison(cx, p, len);   /* initcheck: the host wrote it */
	}
	return PTX_OK;
}

int
ptx_mem_copy_dtoh(ptx_ctx *cx, void *dst, ptx_devptr src, size_t n)
{
	uint8_t *d = dst, *p;
	size_t len;

	if (!cx || (n && !dst))
		return PTX_EINVAL;
	interp_diag_clear(cx);
	if (!span(cx, src, n))
		return PTX_EFAULT;
	for (; n; src += len, d += len, n -= len) {
		p = piece(cx, src, n, &len);
		memmove(d, p, len);   /* as in ptx_mem_copy_htod */
	}
	return PTX_OK;
}

/* Within one allocation, an overlapping copy is a memmove; over several,
 * pieces go in the order that reads each byte before it is written. */
int
ptx_mem_copy_dtod(ptx_ctx *cx, ptx_devptr dst, ptx_devptr src, size_t n)
{
	uint8_t *d, *s;
	size_t ld, ls, len;

	if (!cx)
		return PTX_EINVAL;
	interp_diag_clear(cx);
	if (!span(cx, dst, n) || !span(cx, src, n))
		return PTX_EFAULT;
	if (dst <= src || dst - src >= n) {
		for (; n; dst += len, src += len, n -= len) {
			d = piece(cx, dst, n, &ld);
			s = piece(cx, src, n, &ls);
			len = ld < ls ? ld : ls;
			memmove(d, s, len);
			interp_chk_unpoison(cx, d, len);
		}
		return PTX_OK;
	}
	while (n) {   /* backwards: the last byte of each range first */
		size_t back = n - 1;
		Alloc *ad = interp_mem_find(cx, dst + back, 1), *as = interp_mem_find(cx, src + back, 1);
		size_t od = (size_t)(dst + back - ad->addr), os = (size_t)(src + back - as->addr);
		len = (od < os ? od : os) + 1;
		if (len > n)
			len = n;
		d = ad->p + od + 1 - len;
		memmove(d, as->p + os + 1 - len, len);
		interp_chk_unpoison(cx, d, len);
		n -= len;
	}
	return PTX_OK;
}

int
ptx_mem_memset(ptx_ctx *cx, ptx_devptr dst, int byte, size_t n)
{
	uint8_t *d;
	size_t len;

	if (!cx)
		return PTX_EINVAL;
	interp_diag_clear(cx);
	if (!span(cx, dst, n))
		return PTX_EFAULT;
	for (; n; dst += len, n -= len) {
		d = piece(cx, dst, n, &len);
		memset(d, byte, len);
		interp_chk_unpoison(cx, d, len);
	}
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

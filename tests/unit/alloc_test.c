/*
 * alloc_test.c -- device memory through an allocator hook: zeros until
 * written, whatever the hook hands out, and untouched host pages when the
 * hook says its blocks come zeroed (ptx_alloc's zeroed).
 *
 * The hook serves large requests (device allocations) with fresh mmap
 * pages, which it may first scribble on to stand for a hook whose memory
 * is not clean, and small ones from the C library.  For each case a 32
 * MiB allocation is made, read back in places (zeros), written in one
 * page; the host pages its block holds right after the allocation are
 * counted with mincore.
 *
 * Prints "N passed, M failed" and exits 0 when nothing failed.
 */
#define _DEFAULT_SOURCE 1   /* mincore, MAP_ANONYMOUS */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "include/ptx.h"

#define BIG (32u << 20)

typedef struct {
	int scribble;   /* fill new large blocks with 0xa5 (not zeroed) */
	void *block;    /* the last large block */
	size_t len;
} Hook;

static void *
hook(void *ud, void *p, size_t n)
{
	Hook *h = ud;
	void *q;

	if (p && p == h->block) {   /* the test frees what it maps, resizes nothing */
		if (n)
			abort();
		munmap(p, h->len);
		h->block = NULL;
		return NULL;
	}
	if (!p && n >= BIG) {
		q = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (q == MAP_FAILED)
			return NULL;
		if (h->scribble)
			memset(q, 0xa5, n);
		h->block = q;
		h->len = n;
		return q;
	}
	if (!n) {
		free(p);
		return NULL;
	}
	return p ? realloc(p, n) : calloc(1, n);
}

static size_t
resident(const void *p, size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), np = (n + pg - 1) / pg, k = 0;
	unsigned char *v = malloc(np);

	if (!v || mincore((void *)p, n, v)) {
		free(v);
		return (size_t)-1;
	}
	for (size_t i = 0; i < np; i++)
		k += v[i] & 1;
	free(v);
	return k;
}

static int pass, fail;

static void
expect(int ok, const char *what)
{
	if (ok)
		pass++;
	else {
		fail++;
		printf("FAIL: %s\n", what);
	}
}

/* One case: a context over the hook with the given version, zeroed flag
 * and scribbling; want_clean: the block's pages must stay untouched. */
static void
one(const char *name, int version, int zeroed, int scribble, int want_clean)
{
	Hook h = { scribble, NULL, 0 };
	ptx_alloc a = PTX_ALLOC_INIT;
	ptx_ctx *cx;
	ptx_devptr d;
	unsigned char buf[256], ff[4096];
	static const size_t at[] = { 0, 4096, BIG / 2 + 77, BIG - sizeof buf };
	char what[128];
	int zeros = 1;
	size_t before;

	a.version = version;
	a.realloc = hook;
	a.ud = &h;
	a.zeroed = zeroed;
	if (ptx_ctx_new(&cx, &a) != PTX_OK) {
		expect(0, name);
		return;
	}
	if (ptx_mem_alloc(cx, BIG, &d) != PTX_OK || !h.block) {
		snprintf(what, sizeof what, "%s: allocation through the hook", name);
		expect(0, what);
		ptx_ctx_free(cx);
		return;
	}
	before = resident(h.block, h.len);
	for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
		memset(buf, 1, sizeof buf);
		if (ptx_mem_copy_dtoh(cx, buf, d + at[i], sizeof buf) != PTX_OK)
			zeros = 0;
		for (size_t j = 0; j < sizeof buf; j++)
			zeros &= buf[j] == 0;
	}
	snprintf(what, sizeof what, "%s: reads zeros", name);
	expect(zeros, what);
	memset(ff, 0xff, sizeof ff);
	snprintf(what, sizeof what, "%s: a written page reads back", name);
	expect(ptx_mem_copy_htod(cx, d + 8 * 4096, ff, sizeof ff) == PTX_OK &&
	    ptx_mem_copy_dtoh(cx, buf, d + 8 * 4096 + 100, sizeof buf) == PTX_OK && buf[0] == 0xff &&
	    buf[sizeof buf - 1] == 0xff, what);
	snprintf(what, sizeof what, "%s: %zu of %zu host pages touched by the allocation", name, before,
	    h.len / (size_t)sysconf(_SC_PAGESIZE));
	if (want_clean)
		expect(before == 0, what);
	else   /* cleared by the context */
		expect(before == h.len / (size_t)sysconf(_SC_PAGESIZE), what);
	snprintf(what, sizeof what, "%s: free", name);
	expect(ptx_mem_free(cx, d) == PTX_OK && !h.block, what);
	ptx_ctx_free(cx);
}

int
main(void)
{
	one("zeroed hook", PTX_API_VERSION, 1, 0, 1);
	one("hook not zeroed", PTX_API_VERSION, 0, 1, 0);
	/* a version 6 struct has no zeroed: whatever follows it is ignored */
	one("version 6 hook", 6, 1, 1, 0);
	printf("%d passed, %d failed\n", pass, fail);
	return fail ? 1 : 0;
}

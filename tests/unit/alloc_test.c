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
 * ptx_mem_alloc_zeroed's 32 MiB: untouched under initcheck too, and read
 * by a kernel without an initcheck report, where ptx_mem_alloc's memory
 * is reported.
 *
 * Then zero ranges (ptx_mem_zeros) in reserved space: made, ended, made
 * again over ended ones and in between, a thousand at once, each answer
 * checked against the rule (no overlap with a range or an allocation),
 * and a kernel's store and atomics there, which stick.
 *
 * Then the allocation table's freed entries: allocations made and freed
 * 40,000 times, modules with a variable loaded and freed 10,000 times, and
 * a kernel's device malloc and free 40,000 times in a loop, each with
 * the host memory the context holds (the hook counts its live blocks)
 * the same after the last half of the rounds as after the first: once
 * it kept every freed entry, 144 bytes each and the module's variable
 * names, for its life.
 *
 * Then where allocations go: 256-byte aligned after a reservation of an
 * odd size (once at the reservation's end plus its gap, 100 mod 256), and
 * never over host memory mapped ahead of the allocations (ptx_mem_map at
 * the host's address, 2 TiB past them): reservations bring the bump
 * pointer up to it, and the allocations and reservations that follow go
 * past it, where one once took its addresses (the allocation read the
 * host's bytes).
 *
 * Prints "N passed, M failed" and exits 0 when nothing failed.
 */
#define _DEFAULT_SOURCE 1   /* mincore, MAP_ANONYMOUS */
#include <stdint.h>
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

/* A range of zeros as a kernel sees it: loads give 0, a store and an
 * atomic stick (a later launch reads them back) without a fault, and the
 * host's copies find no allocation there. */
static const char zk[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry put(.param .u64 p)\n{\n\t.reg .u32 %r<3>;\n\t.reg .u64 %rd<2>;\n"
	"\tld.param.u64 %rd1, [p];\n\tld.global.u32 %r1, [%rd1+8];\n\tadd.u32 %r1, %r1, 0x5a;\n"
	"\tst.global.u32 [%rd1], %r1;\n\tatom.global.add.u32 %r2, [%rd1+4], 7;\n"
	"\tatom.global.add.u32 %r2, [%rd1+4], 7;\n\tret;\n}\n"
	".visible .entry get(.param .u64 p, .param .u64 out)\n{\n\t.reg .u32 %r<3>;\n\t.reg .u64 %rd<3>;\n"
	"\tld.param.u64 %rd1, [p];\n\tld.param.u64 %rd2, [out];\n\tld.global.u32 %r1, [%rd1];\n"
	"\tld.global.u32 %r2, [%rd1+4];\n\tst.global.u32 [%rd2], %r1;\n\tst.global.u32 [%rd2+4], %r2;\n"
	"\tret;\n}\n";

static void
stores(void)
{
	ptx_ctx *cx;
	ptx_module *m;
	ptx_function *put, *get;
	ptx_devptr r, out, at;
	unsigned g[3] = {1, 1, 1}, got[2] = {0, 0};
	void *pa[] = {&at}, *ga[] = {&at, &out};

	if (ptx_ctx_new(&cx, NULL) != PTX_OK || ptx_mem_reserve(cx, 1 << 20, 4096, 0, &r) != PTX_OK ||
	    ptx_mem_zeros(cx, r, 1 << 20) != PTX_OK || ptx_mem_alloc(cx, 8, &out) != PTX_OK ||
	    ptx_module_load(cx, "zeros", zk, strlen(zk), &m) != PTX_OK ||
	    ptx_module_get_function(m, "put", &put) != PTX_OK || ptx_module_get_function(m, "get", &get) != PTX_OK) {
		expect(0, "zeros: stores: context, range and module");
		return;
	}
	at = r + 4096;
	expect(ptx_launch(cx, put, g, g, 0, pa) == PTX_OK, "zeros: a store and atomics run without a fault");
	expect(ptx_launch(cx, get, g, g, 0, ga) == PTX_OK && ptx_mem_copy_dtoh(cx, got, out, 8) == PTX_OK &&
	    got[0] == 0x5a && got[1] == 14, "zeros: a later launch reads the store and the atomics");
	expect(ptx_mem_copy_dtoh(cx, got, at, 4) == PTX_EFAULT, "zeros: no copy of the host from there");
	expect(ptx_mem_zeros(cx, r, 0) == PTX_OK && ptx_mem_zeros(cx, r, 1 << 20) == PTX_OK &&
	    ptx_launch(cx, get, g, g, 0, ga) == PTX_OK && ptx_mem_copy_dtoh(cx, got, out, 8) == PTX_OK &&
	    got[0] == 0 && got[1] == 0, "zeros: a range made again reads zeros");
	ptx_ctx_free(cx);
}

static void
zeros(void)
{
	ptx_ctx *cx;
	ptx_devptr r, d;
	const size_t K = 1000;
	int ok = 1;

	if (ptx_ctx_new(&cx, NULL) != PTX_OK || ptx_mem_reserve(cx, 1 << 20, 4096, 0, &r) != PTX_OK) {
		expect(0, "zeros: context and reservation");
		return;
	}
	expect(ptx_mem_zeros(cx, r, 256) == PTX_OK && ptx_mem_zeros(cx, r + 512, 512) == PTX_OK &&
	    ptx_mem_zeros(cx, r + 2048, 256) == PTX_OK, "zeros: three ranges");
	expect(ptx_mem_zeros(cx, r + 100, 200) == PTX_EINVAL && ptx_mem_zeros(cx, r + 1000, 2000) == PTX_EINVAL &&
	    ptx_mem_zeros(cx, r + 256, 257) == PTX_EINVAL, "zeros: overlaps refused");
	expect(ptx_mem_zeros(cx, r + 512, 0) == PTX_OK && ptx_mem_zeros(cx, r + 512, 0) == PTX_EINVAL &&
	    ptx_mem_zeros(cx, r + 600, 0) == PTX_EINVAL, "zeros: an end, once, at the start only");
	expect(ptx_mem_zeros(cx, r + 256, 1792) == PTX_OK, "zeros: a range over an ended one");
	expect(ptx_mem_zeros(cx, r + 2304, 100) == PTX_OK && ptx_mem_zeros(cx, r + 2200, 200) == PTX_EINVAL &&
	    ptx_mem_zeros(cx, r + 2040, 16) == PTX_EINVAL, "zeros: neighbours after a reuse");
	for (size_t i = 0; i < K; i++)
		ok &= ptx_mem_zeros(cx, r + 4096 + 512 * i, 256) == PTX_OK;
	for (size_t i = 0; i < K; i += 2)
		ok &= ptx_mem_zeros(cx, r + 4096 + 512 * i, 0) == PTX_OK;
	for (size_t i = 0; i + 2 < K; i += 4)   /* over ended i and i + 2, meeting live i + 1 */
		ok &= ptx_mem_zeros(cx, r + 4096 + 512 * i, 1024 + 256) == PTX_EINVAL;
	for (size_t i = 0; i < K; i += 2)
		ok &= ptx_mem_zeros(cx, r + 4096 + 512 * i, 513) == PTX_EINVAL &&
		    ptx_mem_zeros(cx, r + 4096 + 512 * i, 256) == PTX_OK;
	for (size_t i = 0; i < K; i++)
		ok &= ptx_mem_zeros(cx, r + 4096 + 512 * i, 0) == PTX_OK;
	for (size_t i = 0; i < K; i++)
		ok &= ptx_mem_zeros(cx, r + 4096 + 512 * i, 0) == PTX_EINVAL;
	ok &= ptx_mem_zeros(cx, r + 4096, 512 * K) == PTX_OK && ptx_mem_zeros(cx, r + 4096, 0) == PTX_OK;
	expect(ok, "zeros: a thousand made, ended, made again");
	expect(ptx_mem_alloc(cx, 4096, &d) == PTX_OK && ptx_mem_zeros(cx, d, 16) == PTX_EINVAL &&
	    ptx_mem_zeros(cx, d + 4000, 16) == PTX_EINVAL, "zeros: not over an allocation");
	ptx_ctx_free(cx);
	stores();
}

/* ptx_mem_alloc_zeroed: zeros that count as written.  Under initcheck a
 * kernel's load of such an allocation is no report, of ptx_mem_alloc's
 * one is; through the zeroed hook its pages stay untouched, initcheck on
 * too. */
static void
zeroed(void)
{
	Hook h = { 0, NULL, 0 };
	ptx_alloc a = PTX_ALLOC_INIT;
	ptx_ctx *cx;
	ptx_module *m;
	ptx_function *get;
	ptx_devptr z, u, out;
	unsigned g[3] = {1, 1, 1}, got[2] = {1, 1};
	void *args[] = {&z, &out};
	size_t n;
	const ptx_report *r;

	a.realloc = hook;
	a.ud = &h;
	a.zeroed = 1;
	if (ptx_ctx_new(&cx, &a) != PTX_OK || ptx_module_load(cx, "zeroed", zk, strlen(zk), &m) != PTX_OK ||
	    ptx_module_get_function(m, "get", &get) != PTX_OK) {
		expect(0, "zeroed: context and module");
		return;
	}
	ptx_set_checks(cx, PTX_CHECK_INITCHECK, 0);
	expect(ptx_mem_alloc_zeroed(cx, BIG, &z) == PTX_OK && h.block && resident(h.block, h.len) == 0,
	    "zeroed: 32 MiB under initcheck, no host page touched");
	expect(ptx_mem_alloc(cx, 4096, &u) == PTX_OK && ptx_mem_alloc(cx, 8, &out) == PTX_OK,
	    "zeroed: a plain allocation beside it");
	z += BIG / 2;
	expect(ptx_launch(cx, get, g, g, 0, args) == PTX_OK && ptx_mem_copy_dtoh(cx, got, out, 8) == PTX_OK &&
	    got[0] == 0 && got[1] == 0 && ptx_report_count(cx) == 0, "zeroed: its loads read 0, no report");
	z = u;
	n = ptx_launch(cx, get, g, g, 0, args) == PTX_OK ? ptx_report_count(cx) : 0;
	r = ptx_report_get(cx, 1);
	expect(n == 2 && r && !strcmp(r->kind, "uninit-memory") && !strcmp(ptx_report_get(cx, 0)->kind, r->kind),
	    "zeroed: ptx_mem_alloc's is reported, each of the two loads");
	expect(ptx_mem_alloc_zeroed(NULL, 8, &z) == PTX_EINVAL && ptx_mem_alloc_zeroed(cx, 8, NULL) == PTX_EINVAL,
	    "zeroed: no context, no out");
	expect(ptx_mem_alloc_zeroed(cx, SIZE_MAX, &z) == PTX_ENOMEM, "zeroed: SIZE_MAX bytes refused");
	ptx_ctx_free(cx);
}

/* A hook that counts the bytes of its live blocks (a size word before each) */
static long long live;

static void *
counting(void *ud, void *p, size_t n)
{
	size_t *b = p ? (size_t *)p - 2 : NULL;

	(void)ud;
	if (b)
		live -= (long long)b[0];
	if (!n) {
		free(b);
		return NULL;
	}
	if (!(b = b ? realloc(b, n + 2 * sizeof *b) : calloc(1, n + 2 * sizeof *b))) {
		if (p)   /* the old block stays */
			live += (long long)((size_t *)p)[-2];
		return NULL;
	}
	b[0] = n;
	live += (long long)n;
	return b + 2;
}

static const char mk[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".global .align 8 .u64 var_with_a_name[4];\n"
	".extern .func (.param .b64 r) malloc (.param .b64 n);\n"
	".extern .func free (.param .b64 p);\n"
	".visible .entry churn(.param .u32 n)\n{\n\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<2>;\n\t.reg .pred %p;\n"
	"\tld.param.u32 %r1, [n];\n\tmov.u32 %r2, 0;\nL:\n"
	"\t{\n\t.param .b64 a;\n\t.param .b64 r;\n\tst.param.b64 [a], 64;\n"
	"\tcall.uni (r), malloc, (a);\n\tld.param.b64 %rd1, [r];\n\t}\n"
	"\t{\n\t.param .b64 f;\n\tst.param.b64 [f], %rd1;\n\tcall.uni free, (f);\n\t}\n"
	"\tadd.u32 %r2, %r2, 1;\n\tsetp.lt.u32 %p, %r2, %r1;\n\t@%p bra L;\n\tret;\n}\n";

static void
table(void)
{
	ptx_alloc a = PTX_ALLOC_INIT;
	ptx_ctx *cx;
	ptx_module *m;
	ptx_function *f;
	ptx_devptr d;
	unsigned g[3] = {1, 1, 1}, n = 20000;
	void *args[] = {&n};
	long long mid = 0, mid2 = 0, mid3 = 0;
	int ok = 1;
	char what[160];

	a.realloc = counting;
	if (ptx_ctx_new(&cx, &a) != PTX_OK) {
		expect(0, "table: context");
		return;
	}
	for (int i = 0; i < 40000 && ok; i++) {
		ok = ptx_mem_alloc(cx, 100, &d) == PTX_OK && ptx_mem_free(cx, d) == PTX_OK;
		if (i == 19999)
			mid = live;
	}
	snprintf(what, sizeof what, "table: 40,000 allocations freed: %lld bytes held after 20,000, %lld after 40,000",
	    mid, live);
	expect(ok && live == mid, what);
	/* (a module's freed entry is larger than an allocation's: those
	 * kept are all modules' after the first few thousand) */
	for (int i = 0; i < 10000 && ok; i++) {
		ok = ptx_module_load(cx, "churn", mk, strlen(mk), &m) == PTX_OK;
		if (ok)
			ptx_module_free(m);
		if (i == 4999)
			mid2 = live;
	}
	snprintf(what, sizeof what, "table: 10,000 modules freed: %lld bytes held after 5,000, %lld after 10,000",
	    mid2, live);
	expect(ok && live == mid2, what);
	ok = ptx_module_load(cx, "churn", mk, strlen(mk), &m) == PTX_OK &&
	     ptx_module_get_function(m, "churn", &f) == PTX_OK && ptx_launch(cx, f, g, g, 0, args) == PTX_OK;
	mid3 = live;
	ok = ok && ptx_launch(cx, f, g, g, 0, args) == PTX_OK;
	snprintf(what, sizeof what, "table: device malloc and free, 2 x 20,000: %lld bytes held after the first "
	    "launch, %lld after the second", mid3, live);
	expect(ok && live == mid3, what);
	ptx_ctx_free(cx);
	expect(live == 0, "table: the context freed gives every block back");
}

/* Where allocations and reservations go (see the top). */
static void
placement(void)
{
	const uint64_t step = (uint64_t)1 << 36, gib = (uint64_t)1 << 30, mb = (uint64_t)1 << 20;
	ptx_ctx *cx;
	ptx_devptr p, r = 0, m, q = 0;
	uint8_t *h;
	int ok = 1, n = 0;

	if (ptx_ctx_new(&cx, NULL) != PTX_OK) {
		expect(0, "placement: context");
		return;
	}
	expect(ptx_mem_reserve(cx, 100, 256, 0, &r) == PTX_OK && ptx_mem_alloc(cx, 64, &p) == PTX_OK &&
	    p % 256 == 0, "placement: an allocation after a 100-byte reservation is 256-byte aligned");
	h = mmap((void *)(uintptr_t)(r + ((uint64_t)2 << 40)), mb, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	if (h == MAP_FAILED || ptx_mem_map(cx, h, mb, &m) != PTX_OK) {
		/* the host would not place the buffer there, or it is no place the engine maps */
		if (h != MAP_FAILED)
			munmap(h, mb);
		ptx_ctx_free(cx);
		return;
	}
	memset(h, 0x5a, mb);
	while (r + 2 * step < m && n++ < 64 && ptx_mem_reserve(cx, step, 4096, 0, &r) == PTX_OK)
		;
	for (int i = 0; i < 128 && ok; i++) {
		if (ptx_mem_alloc(cx, gib, &q) != PTX_OK)
			break;
		ok = q + gib + 4096 <= m || q >= m + mb;
		ptx_mem_free(cx, q);
		if (i % 2 && ptx_mem_reserve(cx, gib, 4096, 0, &r) == PTX_OK)
			ok &= r + gib + 4096 <= m || r >= m + mb;
	}
	expect(ok, "placement: allocations and reservations keep clear of host memory mapped ahead of them");
	expect(q > m, "placement: the allocations went past the mapping");
	ptx_mem_free(cx, m);
	ptx_ctx_free(cx);
	munmap(h, mb);
}

int
main(void)
{
	placement();
	table();
	zeros();
	zeroed();
	one("zeroed hook", PTX_API_VERSION, 1, 0, 1);
	one("hook not zeroed", PTX_API_VERSION, 0, 1, 0);
	/* a version 6 struct has no zeroed: whatever follows it is ignored */
	one("version 6 hook", 6, 1, 1, 0);
	printf("%d passed, %d failed\n", pass, fail);
	return fail ? 1 : 0;
}

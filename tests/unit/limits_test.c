/*
 * limits_test.c -- the resource limits of include/ptx.h and the launch
 * checks, through the public API.
 *
 * ptx_set_limit / ptx_get_limit: the defaults and the values refused.
 * PTX_LIMIT_MEMORY: host allocations and module variables past it are
 * PTX_ENOMEM with a diagnostic, and memory freed is available again; a
 * launch whose block cannot have its local memory is PTX_ENOMEM before it
 * runs, one whose calls grow it past the limit faults; a grid whose CTAs
 * do not all fit at once runs them as memory allows, on several workers
 * as on one, unless it is cooperative.  PTX_LIMIT_MALLOC_HEAP: device malloc past it returns NULL.
 * The launch checks: each of the driver's limits on a launch shape.
 *
 * Prints "N passed, M failed" and exits 0 when nothing failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "include/ptx.h"

static int npass, nfail;

#define CHECK(cond, ...) do { \
	if (cond) npass++; \
	else { nfail++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
} while (0)

/* Whether some diagnostic of the last failed call contains text. */
static int
diag_has(const ptx_ctx *cx, const char *text)
{
	for (size_t i = 0; i < ptx_diag_count(cx); i++)
		if (strstr(ptx_diag_get(cx, i)->msg, text))
			return 1;
	return 0;
}

static const char *
diag0(const ptx_ctx *cx)
{
	return ptx_diag_count(cx) ? ptx_diag_get(cx, 0)->msg : "(no diagnostic)";
}

#define HEAD ".version 8.0\n.target sm_90\n.address_size 64\n"

/* out[ctaid * ntid + tid] = that index + 1, through a local array of
 * 16 KiB a thread.  The volatile load makes the launch start all its CTAs
 * at once (as a kernel that polls flags needs), as many as memory holds. */
static const char local_kernel[] = HEAD
	".visible .entry k(.param .u64 out)\n"
	"{\n"
	"\t.local .align 8 .b8 buf[16384];\n"
	"\t.reg .b32 %r<6>;\n"
	"\t.reg .b64 %rd<6>;\n"
	"\tmov.u32 %r1, %ctaid.x;\n"
	"\tmov.u32 %r2, %ntid.x;\n"
	"\tmov.u32 %r3, %tid.x;\n"
	"\tmad.lo.s32 %r4, %r1, %r2, %r3;\n"
	"\tadd.s32 %r5, %r4, 1;\n"
	"\tmov.u64 %rd1, buf;\n"
	"\tst.local.u32 [%rd1+16380], %r5;\n"
	"\tld.local.u32 %r5, [%rd1+16380];\n"
	"\tld.param.u64 %rd2, [out];\n"
	"\tmul.wide.u32 %rd3, %r4, 4;\n"
	"\tadd.s64 %rd4, %rd2, %rd3;\n"
	"\tld.volatile.global.u32 %r1, [%rd4];\n"
	"\tst.global.u32 [%rd4], %r5;\n"
	"\tret;\n"
	"}\n";

/* a callee with a 256 KiB frame */
static const char call_kernel[] = HEAD
	".func f()\n"
	"{\n"
	"\t.local .align 8 .b8 big[262144];\n"
	"\t.reg .b64 %rd<2>;\n"
	"\tmov.u64 %rd1, big;\n"
	"\tst.local.u64 [%rd1+262136], %rd1;\n"
	"\tret;\n"
	"}\n"
	".visible .entry k()\n"
	"{\n"
	"\tcall f, ();\n"
	"\tret;\n"
	"}\n";

/* *out = malloc(n) */
static const char malloc_kernel[] = HEAD
	".extern .func (.param .b64 r) malloc(.param .b64 n);\n"
	".visible .entry k(.param .u64 out, .param .u64 n)\n"
	"{\n"
	"\t.reg .b64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [out];\n"
	"\tld.param.u64 %rd2, [n];\n"
	"\t{\n"
	"\t.param .b64 a;\n"
	"\t.param .b64 r;\n"
	"\tst.param.b64 [a], %rd2;\n"
	"\tcall (r), malloc, (a);\n"
	"\tld.param.b64 %rd3, [r];\n"
	"\t}\n"
	"\tst.global.u64 [%rd1], %rd3;\n"
	"\tret;\n"
	"}\n";

static const char global_kernel[] = HEAD
	".global .align 8 .b8 g[2097152];\n"
	".visible .entry k()\n"
	"{\n"
	"\tret;\n"
	"}\n";

static const char empty_kernel[] = HEAD ".visible .entry k()\n{\n\tret;\n}\n";

static ptx_function *
kernel(ptx_ctx *cx, const char *text, ptx_module **pm)
{
	ptx_function *fn = NULL;

	if (ptx_module_load(cx, "limits", text, strlen(text), pm) != PTX_OK ||
	    ptx_module_get_function(*pm, "k", &fn) != PTX_OK) {
		printf("cannot load a test kernel: %s\n", diag0(cx));
		return NULL;
	}
	return fn;
}

static void
test_api(void)
{
	ptx_ctx *cx;
	uint64_t v;

	if (ptx_ctx_new(&cx, NULL) != PTX_OK)
		return;
	CHECK(ptx_get_limit(cx, PTX_LIMIT_MEMORY, &v) == PTX_OK && v > 0, "memory limit %llu", (unsigned long long)v);
	CHECK(ptx_get_limit(cx, PTX_LIMIT_MALLOC_HEAP, &v) == PTX_OK && v == 8u << 20, "heap %llu",
	    (unsigned long long)v);
	CHECK(ptx_get_limit(cx, PTX_LIMIT_STACK, &v) == PTX_OK && v == 1024, "stack %llu", (unsigned long long)v);
	CHECK(ptx_set_limit(cx, 3, 1) == PTX_EINVAL, "unknown limit");
	CHECK(ptx_set_limit(cx, -1, 1) == PTX_EINVAL, "unknown limit");
	CHECK(ptx_get_limit(cx, 3, &v) == PTX_EINVAL, "unknown limit");
	CHECK(ptx_get_limit(cx, PTX_LIMIT_STACK, NULL) == PTX_EINVAL, "no out");
	CHECK(ptx_set_limit(cx, PTX_LIMIT_STACK, (512u << 10) + 1) == PTX_EINVAL, "stack past 512 KiB");
	CHECK(ptx_set_limit(cx, PTX_LIMIT_STACK, 512u << 10) == PTX_OK, "stack of 512 KiB");
	CHECK(ptx_get_limit(cx, PTX_LIMIT_STACK, &v) == PTX_OK && v == 512u << 10, "stack %llu",
	    (unsigned long long)v);
	CHECK(ptx_set_limit(NULL, PTX_LIMIT_MEMORY, 1) == PTX_EINVAL, "no context");
	ptx_ctx_free(cx);
}

static void
test_memory(void)
{
	ptx_ctx *cx;
	ptx_module *pm = NULL;
	ptx_devptr a, b;
	size_t sz;
	int rc;

	if (ptx_ctx_new(&cx, NULL) != PTX_OK)
		return;
	ptx_set_limit(cx, PTX_LIMIT_MEMORY, 1u << 20);
	rc = ptx_mem_alloc(cx, (1u << 20) + 1, &a);
	CHECK(rc == PTX_ENOMEM && diag_has(cx, "would pass the device memory limit (PTX_LIMIT_MEMORY 1048576 bytes"),
	    "alloc past the limit: %d, %s", rc, diag0(cx));
	CHECK(ptx_mem_alloc(cx, 768u << 10, &a) == PTX_OK, "alloc within the limit");
	CHECK(ptx_mem_alloc(cx, 512u << 10, &b) == PTX_ENOMEM, "the second passes the limit");
	CHECK(ptx_mem_free(cx, a) == PTX_OK, "free");
	CHECK(ptx_mem_alloc(cx, 512u << 10, &b) == PTX_OK, "freed memory is available again");
	CHECK(ptx_mem_alloc(cx, (size_t)-1, &a) == PTX_ENOMEM, "SIZE_MAX");
	ptx_mem_free(cx, b);

	/* module variables count too */
	rc = ptx_module_load(cx, "g", global_kernel, strlen(global_kernel), &pm);
	CHECK(rc == PTX_ENOMEM && diag_has(cx, "'g': allocating 2097152 bytes"), "a 2 MiB .global: %d, %s", rc,
	    diag0(cx));
	ptx_set_limit(cx, PTX_LIMIT_MEMORY, 4u << 20);
	rc = ptx_module_load(cx, "g", global_kernel, strlen(global_kernel), &pm);
	CHECK(rc == PTX_OK, "the .global within the limit: %d, %s", rc, diag0(cx));
	if (rc == PTX_OK) {
		CHECK(ptx_module_get_global(pm, "g", &a, &sz) == PTX_OK, "g");
		CHECK(ptx_mem_free(cx, a) == PTX_EINVAL && diag_has(cx, "is module variable 'g'"),
		    "a module variable is not the host's to free: %s", diag0(cx));
		CHECK(ptx_mem_alloc(cx, 3u << 20, &b) == PTX_ENOMEM, "g still holds its memory");
		ptx_module_free(pm);
		CHECK(ptx_mem_alloc(cx, 3u << 20, &b) == PTX_OK, "freeing the module gives it back");
		ptx_mem_free(cx, b);
	}

	/* slack: only the start of an allocation, used within its size */
	CHECK(ptx_mem_alloc(cx, 4096, &a) == PTX_OK, "an allocation to give slack");
	CHECK(ptx_mem_slack(NULL, a, 100) == PTX_EINVAL, "slack of no context");
	CHECK(ptx_mem_slack(cx, a + 8, 100) == PTX_EINVAL, "slack inside an allocation");
	CHECK(ptx_mem_slack(cx, a, 0) == PTX_EINVAL, "slack of the whole allocation");
	CHECK(ptx_mem_slack(cx, a, 4097) == PTX_EINVAL, "used past the size");
	CHECK(ptx_mem_slack(cx, 0x10, 1) == PTX_EINVAL, "slack of no allocation");
	CHECK(ptx_mem_slack(cx, a, 100) == PTX_OK && ptx_mem_slack(cx, a, 200) == PTX_OK &&
	    ptx_mem_slack(cx, a, 4096) == PTX_OK, "slack set, moved and ended");
	CHECK(ptx_mem_slack(cx, a, 100) == PTX_OK && ptx_mem_free(cx, a) == PTX_OK, "an allocation with slack freed");
	CHECK(ptx_mem_slack(cx, a, 100) == PTX_EINVAL, "slack of freed memory");
	ptx_ctx_free(cx);
}

static void
test_local(void)
{
	ptx_ctx *cx;
	ptx_module *pm;
	ptx_function *fn;
	ptx_devptr out;
	unsigned grid[3] = { 16, 1, 1 }, block[3] = { 256, 1, 1 }, one[3] = { 1, 1, 1 }, warp[3] = { 32, 1, 1 };
	uint32_t h[16 * 256];
	void *args[1] = { &out };
	int rc, ok;

	for (int threads = 1; threads <= 4; threads += 3) {
		if (ptx_ctx_new(&cx, NULL) != PTX_OK)
			return;
		ptx_set_threads(cx, (unsigned)threads);
		if (!(fn = kernel(cx, local_kernel, &pm))) {
			nfail++;
			ptx_ctx_free(cx);
			return;
		}
		ptx_mem_alloc(cx, sizeof h, &out);
		/* a block needs 256 * 16 KiB = 4 MiB of local memory */
		ptx_set_limit(cx, PTX_LIMIT_MEMORY, (2u << 20) + sizeof h);
		rc = ptx_launch(cx, fn, grid, block, 0, args);
		CHECK(rc == PTX_ENOMEM && diag_has(cx, "launch of k: the shared and local memory of a block of 256 threads"),
		    "a block that does not fit: %d, %s", rc, diag0(cx));
		/* room for one block at a time, not two: the grid still runs */
		ptx_set_limit(cx, PTX_LIMIT_MEMORY, (6u << 20) + sizeof h);
		rc = ptx_launch(cx, fn, grid, block, 0, args);
		CHECK(rc == PTX_OK, "%d threads, one block at a time: %d, %s", threads, rc, diag0(cx));
		ok = ptx_mem_copy_dtoh(cx, h, out, sizeof h) == PTX_OK;
		for (uint32_t i = 0; ok && i < 16 * 256; i++)
			ok = h[i] == i + 1;
		CHECK(ok, "%d threads: the grid's results", threads);
		/* a cooperative grid is resident all at once, or refused */
		ptx_set_cooperative(cx, 1);
		rc = ptx_launch(cx, fn, grid, block, 0, args);
		CHECK(rc == PTX_ENOMEM && diag_has(cx, "the shared and local memory of a cooperative grid of 4096 threads"),
		    "a cooperative grid that does not fit: %d, %s", rc, diag0(cx));
		ptx_ctx_free(cx);
	}

	/* growth while running: 32 lanes * 256 KiB = 8 MiB */
	if (ptx_ctx_new(&cx, NULL) != PTX_OK)
		return;
	if ((fn = kernel(cx, call_kernel, &pm))) {
		const ptx_fault *f;
		ptx_set_limit(cx, PTX_LIMIT_MEMORY, 4u << 20);
		rc = ptx_launch(cx, fn, one, warp, 0, NULL);
		f = ptx_fault_get(cx);
		CHECK(rc == PTX_ETRAP && f->kind == PTX_FAULT_TRAP && f->msg &&
		    strstr(f->msg, "out of memory: the call needs 262144 bytes of local memory a thread"),
		    "a call past the limit: %d, %s", rc, f->msg ? f->msg : "(no fault)");
		ptx_set_limit(cx, PTX_LIMIT_MEMORY, 64u << 20);
		rc = ptx_launch(cx, fn, one, warp, 0, NULL);
		CHECK(rc == PTX_OK, "the call within the limit: %d, %s", rc, diag0(cx));
	} else
		nfail++;
	ptx_ctx_free(cx);
}

static void
test_heap(void)
{
	ptx_ctx *cx;
	ptx_module *pm;
	ptx_function *fn;
	ptx_devptr out;
	uint64_t n, got = 1;
	void *args[2] = { &out, &n };
	unsigned one[3] = { 1, 1, 1 };

	if (ptx_ctx_new(&cx, NULL) != PTX_OK)
		return;
	if (!(fn = kernel(cx, malloc_kernel, &pm))) {
		nfail++;
		ptx_ctx_free(cx);
		return;
	}
	ptx_mem_alloc(cx, 8, &out);
	ptx_set_limit(cx, PTX_LIMIT_MALLOC_HEAP, 4096);
	n = 4097;
	CHECK(ptx_launch(cx, fn, one, one, 0, args) == PTX_OK && ptx_mem_copy_dtoh(cx, &got, out, 8) == PTX_OK &&
	    got == 0, "malloc past the heap: %llx", (unsigned long long)got);
	n = 4096;
	CHECK(ptx_launch(cx, fn, one, one, 0, args) == PTX_OK && ptx_mem_copy_dtoh(cx, &got, out, 8) == PTX_OK &&
	    got != 0, "malloc of the whole heap");
	n = 1;
	CHECK(ptx_launch(cx, fn, one, one, 0, args) == PTX_OK && ptx_mem_copy_dtoh(cx, &got, out, 8) == PTX_OK &&
	    got == 0, "the heap is full");
	/* the heap is device memory too */
	ptx_set_limit(cx, PTX_LIMIT_MALLOC_HEAP, 1u << 30);
	ptx_set_limit(cx, PTX_LIMIT_MEMORY, 1u << 20);
	n = 2u << 20;
	CHECK(ptx_launch(cx, fn, one, one, 0, args) == PTX_OK && ptx_mem_copy_dtoh(cx, &got, out, 8) == PTX_OK &&
	    got == 0, "malloc past PTX_LIMIT_MEMORY");
	ptx_ctx_free(cx);
}

static void
test_shape(void)
{
	static const struct { unsigned g[3], b[3]; size_t sh; const char *diag; } bad[] = {
		{ { 1, 1, 1 }, { 65536, 65536, 1 }, 0, "block dimension x (65536) is more than 1024" },
		{ { 1, 1, 1 }, { 1, 1025, 1 }, 0, "block dimension y (1025) is more than 1024" },
		{ { 1, 1, 1 }, { 1, 1, 65 }, 0, "block dimension z (65) is more than 64" },
		{ { 1, 1, 1 }, { 32, 32, 2 }, 0, "a block of 2048 threads (32x32x2) is more than 1024" },
		{ { 1, 1, 1 }, { 0, 1, 1 }, 0, "block dimension x is 0" },
		{ { 1, 0, 1 }, { 1, 1, 1 }, 0, "grid dimension y is 0" },
		{ { 2147483648u, 1, 1 }, { 1, 1, 1 }, 0, "grid dimension x (2147483648) is more than 2147483647" },
		{ { 1, 65536, 1 }, { 1, 1, 1 }, 0, "grid dimension y (65536) is more than 65535" },
		{ { 1, 1, 65536 }, { 1, 1, 1 }, 0, "grid dimension z (65536) is more than 65535" },
		{ { 1, 1, 1 }, { 1, 1, 1 }, 232449, "232449 bytes of dynamic shared memory and 0 static are more than 232448" },
		{ { 1, 1, 1 }, { 1, 1, 1 }, 0xffffffffu, "4294967295 bytes of dynamic shared memory" },
		{ { 1, 1, 1 }, { 1, 1, 1 }, (size_t)-1, "18446744073709551615 bytes of dynamic shared memory" },
	};
	ptx_ctx *cx;
	ptx_module *pm;
	ptx_function *fn;
	unsigned g[3] = { 2147483647u, 1, 1 }, b[3] = { 1024, 1, 1 }, one[3] = { 1, 1, 1 };
	int rc;

	if (ptx_ctx_new(&cx, NULL) != PTX_OK)
		return;
	if (!(fn = kernel(cx, empty_kernel, &pm))) {
		nfail++;
		ptx_ctx_free(cx);
		return;
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		rc = ptx_launch(cx, fn, bad[i].g, bad[i].b, bad[i].sh, NULL);
		CHECK(rc == PTX_EINVAL && diag_has(cx, bad[i].diag), "case %zu: %d, %s", i, rc, diag0(cx));
	}
	rc = ptx_launch(cx, fn, one, b, 232448, NULL);
	CHECK(rc == PTX_OK, "the largest block and shared memory: %d, %s", rc, diag0(cx));
	/* the largest grid is accepted (not run: one step of budget ends it) */
	ptx_set_max_steps(cx, 1);
	rc = ptx_launch(cx, fn, g, one, 0, NULL);
	CHECK(rc == PTX_ETRAP && ptx_fault_get(cx)->kind == PTX_FAULT_BUDGET, "the largest grid: %d, %s", rc,
	    diag0(cx));
	ptx_ctx_free(cx);
}

int
main(void)
{
	test_api();
	test_memory();
	test_local();
	test_heap();
	test_shape();
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail ? 1 : 0;
}

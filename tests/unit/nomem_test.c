/*
 * nomem_test.c -- every allocation failure is reported, none is fatal.
 *
 * A context gets an allocator hook that fails its Nth request; the test
 * runs one scenario (load a module, allocate, copy, launch, copy back,
 * parse, verify and emit a module, read diagnostics and statistics) for
 * N = 1, 2, ... until a run meets no failure.  Each call must return
 * PTX_OK or an error code, and after an error the scenario stops cleanly
 * and frees the context; a crash, a wrong result after success, or a leak
 * (under the sanitizer build) is a failure.
 *
 * Prints "N passed, M failed" and exits 0 when nothing failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "include/ptx.h"

typedef struct {
	long n;         /* requests so far */
	long failat;    /* fail this request (1-based); 0: never */
	int failed;     /* a request was refused */
	long live;      /* blocks allocated and not freed */
} Hook;

static void *
hookrealloc(void *ud, void *p, size_t size)
{
	Hook *h = ud;

	if (size == 0) {
		if (p)
			h->live--;
		free(p);
		return NULL;
	}
	if (++h->n == h->failat) {
		h->failed = 1;
		return NULL;
	}
	void *q = realloc(p, size);
	if (q && !p)
		h->live++;
	return q;
}

static const char kernel[] =
	".version 8.5\n"
	".target sm_90\n"
	".address_size 64\n"
	".global .u32 total;\n"
	".visible .entry sq(.param .u64 out, .param .u32 n)\n"
	"{\n"
	"\t.reg .pred %p;\n"
	"\t.reg .b32 %r<6>;\n"
	"\t.reg .b64 %rd<4>;\n"
	"\tmov.u32 %r0, %tid.x;\n"
	"\tld.param.u32 %r1, [n];\n"
	"\tsetp.ge.u32 %p, %r0, %r1;\n"
	"\t@%p bra DONE;\n"
	"\tmul.lo.s32 %r2, %r0, %r0;\n"
	"\tld.param.u64 %rd0, [out];\n"
	"\tcvta.to.global.u64 %rd0, %rd0;\n"
	"\tmul.wide.u32 %rd1, %r0, 4;\n"
	"\tadd.s64 %rd2, %rd0, %rd1;\n"
	"\tst.global.u32 [%rd2], %r2;\n"
	"\tatom.global.add.u32 %r3, [total], 1;\n"
	"DONE:\n"
	"\tret;\n"
	"}\n";

static const char broken[] =
	".version 8.5\n.target sm_90\n.address_size 64\n.visible .entry bad() { add.u32 %r1, 1; }\n";

static int npass, nfail;

static void
check(int ok, long failat, const char *what)
{
	if (ok) {
		npass++;
	} else {
		nfail++;
		printf("FAIL failing request %ld: %s\n", failat, what);
	}
}

/* A status code ptx.h defines. */
static int
valid(int rc)
{
	return rc <= 0 && rc >= PTX_EUNSUPPORTED;
}

/* One run with request failat failing.  Returns 1 when the hook refused
 * nothing (the scenario ran through). */
static int
scenario(long failat)
{
	Hook h = { 0, failat, 0, 0 };
	ptx_alloc al = PTX_ALLOC_INIT;
	ptx_ctx *cx = NULL;
	ptx_module *m = NULL, *pm = NULL;
	ptx_function *fn = NULL;
	ptx_devptr d = 0;
	uint32_t out[40], n = 40;
	unsigned grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 };
	void *params[2] = { &d, &n };
	ptx_verify_opts vo = PTX_VERIFY_OPTS_INIT;
	const char *wall[] = { "all", NULL };
	ptx_stats st;
	FILE *f;
	int rc, ok = 1;

	al.realloc = hookrealloc;
	al.ud = &h;
	rc = ptx_ctx_new(&cx, &al);
	check(valid(rc) && (rc == PTX_OK) == (cx != NULL), failat, "ptx_ctx_new");
	if (rc != PTX_OK)
		return !h.failed;

	rc = ptx_module_load(cx, "broken", broken, sizeof broken - 1, &m);
	check(rc == PTX_ESYNTAX || rc == PTX_ENOMEM, failat, "loading a bad module");
	for (size_t i = 0; i < ptx_diag_count(cx); i++)
		ok &= ptx_diag_get(cx, i)->msg != NULL;

	rc = ptx_module_load(cx, "sq", kernel, sizeof kernel - 1, &m);
	check(valid(rc) && (rc == PTX_OK) == (m != NULL), failat, "ptx_module_load");
	if (rc == PTX_OK) {
		rc = ptx_module_get_function(m, "sq", &fn);
		check(rc == PTX_OK, failat, "ptx_module_get_function");
	}
	if (rc == PTX_OK) {
		rc = ptx_mem_alloc(cx, sizeof out, &d);
		check(valid(rc), failat, "ptx_mem_alloc");
	}
	if (rc == PTX_OK) {
		rc = ptx_mem_memset(cx, d, 0, sizeof out);
		check(rc == PTX_OK, failat, "ptx_mem_memset");
	}
	if (rc == PTX_OK) {
		rc = ptx_launch(cx, fn, grid, block, 0, params);
		check(valid(rc), failat, "ptx_launch");
	}
	if (rc == PTX_OK) {
		rc = ptx_mem_copy_dtoh(cx, out, d, sizeof out);
		check(rc == PTX_OK, failat, "ptx_mem_copy_dtoh");
		for (uint32_t i = 0; i < n; i++)
			ok &= out[i] == i * i;
		check(ok, failat, "results after a successful launch");
		ptx_stats_get(cx, &st);
		check(st.ctas == 1, failat, "ptx_stats_get");
	}
	if (d)
		check(ptx_mem_free(cx, d) == PTX_OK, failat, "ptx_mem_free");

	/* The front end. */
	rc = ptx_module_parse(cx, "sq", kernel, sizeof kernel - 1, NULL, &pm);
	check(valid(rc) && (rc == PTX_OK) == (pm != NULL), failat, "ptx_module_parse");
	if (rc == PTX_OK) {
		vo.checks = wall;
		rc = ptx_verify(pm, &vo);
		check(valid(rc), failat, "ptx_verify");
		if ((f = tmpfile())) {
			rc = ptx_module_emit(pm, PTX_EMIT_PTX | PTX_EMIT_SSA, f);
			check(valid(rc), failat, "ptx_module_emit");
			fclose(f);
		}
	}
	ptx_module_free(pm);
	ptx_module_free(m);
	ptx_ctx_free(cx);
	check(h.live == 0, failat, "every block given back to the hook");
	return !h.failed;
}

int
main(void)
{
	long k;

	/* failat 0 never fails: the scenario must run through. */
	if (!scenario(0))
		check(0, 0, "a run without failures");
	for (k = 1; k < 100000; k++)
		if (scenario(k))
			break;
	printf("%ld failure points\n", k - 1);
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}

/*
 * threads_test.c -- two contexts in two host threads are independent.
 *
 * Each thread makes its own ptx_ctx and, ROUNDS times over, loads a module
 * (a kernel that writes out[i] = i * k + seed, with seed different per
 * thread and round), runs it, checks every element, reads its statistics
 * and frees the module; a bad module now and then checks that one thread's
 * diagnostics never show in the other's.  The library has no global state,
 * so nothing is shared; under the sanitizer build this also checks for
 * data races that show as memory errors.
 *
 * Prints "N passed, M failed" and exits 0 when nothing failed.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "include/ptx.h"

enum { ROUNDS = 20, N = 300, BLOCK = 64, NTHREAD = 2 };

static const char kernel[] =
	".version 8.5\n"
	".target sm_90\n"
	".address_size 64\n"
	".visible .entry fill(.param .u64 out, .param .u32 k, .param .u32 seed, .param .u32 n)\n"
	"{\n"
	"\t.reg .pred %p;\n"
	"\t.reg .b32 %r<8>;\n"
	"\t.reg .b64 %rd<4>;\n"
	"\tmov.u32 %r0, %ctaid.x;\n"
	"\tmov.u32 %r1, %ntid.x;\n"
	"\tmov.u32 %r2, %tid.x;\n"
	"\tmad.lo.s32 %r0, %r0, %r1, %r2;\n"
	"\tld.param.u32 %r3, [n];\n"
	"\tsetp.ge.u32 %p, %r0, %r3;\n"
	"\t@%p bra DONE;\n"
	"\tld.param.u32 %r4, [k];\n"
	"\tld.param.u32 %r5, [seed];\n"
	"\tmad.lo.s32 %r6, %r0, %r4, %r5;\n"
	"\tld.param.u64 %rd0, [out];\n"
	"\tcvta.to.global.u64 %rd0, %rd0;\n"
	"\tmul.wide.u32 %rd1, %r0, 4;\n"
	"\tadd.s64 %rd2, %rd0, %rd1;\n"
	"\tst.global.u32 [%rd2], %r6;\n"
	"DONE:\n"
	"\tret;\n"
	"}\n";

static const char broken[] =
	".version 8.5\n.target sm_90\n.address_size 64\n.visible .entry nope() { frob; }\n";

typedef struct {
	int id;
	int npass, nfail;
	char why[256];
} Job;

static void
fail(Job *j, const char *what, int round)
{
	if (!j->nfail++)
		snprintf(j->why, sizeof j->why, "thread %d round %d: %s", j->id, round, what);
}

static void *
work(void *arg)
{
	Job *j = arg;
	ptx_ctx *cx;
	uint32_t out[N];

	if (ptx_ctx_new(&cx, NULL) != PTX_OK) {
		fail(j, "ptx_ctx_new", 0);
		return NULL;
	}
	for (int r = 0; r < ROUNDS; r++) {
		ptx_module *m;
		ptx_function *fn;
		ptx_devptr d;
		uint32_t k = 3 + (uint32_t)j->id, seed = (uint32_t)(j->id * 100000 + r), n = N;
		unsigned grid[3] = { (N + BLOCK - 1) / BLOCK, 1, 1 }, block[3] = { BLOCK, 1, 1 };
		void *params[4] = { &d, &k, &seed, &n };
		ptx_stats st;
		int ok = 1;

		if (r % 5 == j->id) {
			/* An error here must stay in this context. */
			if (ptx_module_load(cx, "broken", broken, sizeof broken - 1, &m) != PTX_ESYNTAX ||
			    ptx_diag_count(cx) == 0 || strcmp(ptx_diag_get(cx, 0)->file, "broken") != 0)
				fail(j, "broken module", r);
			else
				j->npass++;
		}
		if (ptx_module_load(cx, "fill", kernel, sizeof kernel - 1, &m) != PTX_OK) {
			fail(j, "ptx_module_load", r);
			continue;
		}
		if (ptx_diag_count(cx) != 0)
			fail(j, "diagnostics from another context", r);
		if (ptx_module_get_function(m, "fill", &fn) != PTX_OK ||
		    ptx_mem_alloc(cx, sizeof out, &d) != PTX_OK ||
		    ptx_launch(cx, fn, grid, block, 0, params) != PTX_OK ||
		    ptx_mem_copy_dtoh(cx, out, d, sizeof out) != PTX_OK) {
			fail(j, "launch", r);
			ptx_module_free(m);
			continue;
		}
		for (uint32_t i = 0; i < N; i++)
			if (out[i] != i * k + seed)
				ok = 0;
		ptx_stats_get(cx, &st);
		if (st.ctas != grid[0])
			ok = 0;
		if (ok)
			j->npass++;
		else
			fail(j, "wrong results", r);
		ptx_mem_free(cx, d);
		ptx_module_free(m);
	}
	ptx_ctx_free(cx);
	return NULL;
}

int
main(void)
{
	pthread_t t[NTHREAD];
	Job job[NTHREAD];
	int npass = 0, nfail = 0;

	for (int i = 0; i < NTHREAD; i++) {
		memset(&job[i], 0, sizeof job[i]);
		job[i].id = i;
		if (pthread_create(&t[i], NULL, work, &job[i]) != 0) {
			printf("FAIL pthread_create\n");
			return 99;
		}
	}
	for (int i = 0; i < NTHREAD; i++) {
		pthread_join(t[i], NULL);
		npass += job[i].npass;
		nfail += job[i].nfail;
		if (job[i].nfail)
			printf("FAIL %s\n", job[i].why);
	}
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}

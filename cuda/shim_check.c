/*
 * shim_check.c -- the dynamic checks (ptx_set_checks) for a program run on
 * libptxcuda, unmodified: the environment asks for them.
 *
 *   PTXKIT_CHECK=all|LIST      the checks (ptx-run's --check words)
 *   PTXKIT_CHECK_FATAL=1       the first report fails its launch
 *                              (CUDA_ERROR_LAUNCH_FAILED, as a trap does)
 *   PTXKIT_CHECK_LOG=FILE      the reports as text, to FILE in place of
 *                              standard error
 *   PTXKIT_CHECK_JSON=FILE     the reports as JSON, to FILE too
 *
 * Every launch of the process adds to the same reports (a finding met by
 * many launches is one report with their count); they are written once,
 * when the process exits, after memcheck's leak check.
 *
 * memcheck's leak check runs where compute-sanitizer's (--leak-check full)
 * does, at a context's teardown (cuCtxDestroy, the primary context's last
 * release or its reset) for that context's memory, and when the process
 * exits for what is left: device heap blocks its kernels made
 * (ptx_report_leaks_of: each launch names its context, ptx_set_leak_owner;
 * a block one launch allocates and a later one frees is no leak), and
 * with PTXKIT_LEAK_CHECK=full (compute-sanitizer's --leak-check full)
 * memory the program's cuMemAlloc, cuMemAllocPitch, cuMemAllocManaged and
 * cuMemAllocAsync calls made ("alloc-leak", ptx_report_alloc_leak, one
 * report a context counting its blocks).  A graph's memory nodes' memory
 * is the graph's, freed with it, and no leak of the program's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shim.h"

static int checking;   /* PTXKIT_CHECK asked for a check */
static int leakfull;   /* PTXKIT_LEAK_CHECK=full: the host's allocations too */

/* The leak check of ctx's memory at its teardown, or with ctx NULL at the
 * process's end of every context's; under LOCK, before release_ctx frees
 * any of it. */
void
shim_check_leaks(Ctx *ctx)
{
	char name[64];

	if (!checking)
		return;
	if (ctx)
		ptx_report_leaks_of(shim.cx, ctx->id);
	else
		ptx_report_leaks(shim.cx);
	/* the host's own allocations only when asked, as compute-sanitizer
	 * reports them only under --leak-check full: programs that leave
	 * their buffers to the context's teardown or the process's end
	 * (numba-cuda's deallocation queue) are not buggy for it */
	for (Alloc *a = leakfull ? shim_alloc_near(0, 1) : NULL, *next; a; a = next) {
		next = a->p < UINT64_MAX ? shim_alloc_near(a->p + 1, 1) : NULL;
		if ((ctx && a->ctx != ctx) || a->graph || !a->ctx)
			continue;
		if (a->ctx->primary)
			snprintf(name, sizeof name, "the primary context");
		else
			snprintf(name, sizeof name, "context %llu", a->ctx->id);
		ptx_report_alloc_leak(shim.cx, name, ctx ? "its context is destroyed" : NULL, 1, a->n, a->p);
	}
}

static void
flush(void)
{
	const char *log = getenv("PTXKIT_CHECK_LOG"), *json = getenv("PTXKIT_CHECK_JSON");
	FILE *f;

	LOCK();
	if (!shim.cx) {
		UNLOCK();
		return;
	}
	shim_check_leaks(NULL);
	if (log && *log && (f = fopen(log, "w"))) {
		ptx_report_write(shim.cx, f, 0, "libptxcuda");
		fclose(f);
	} else {
		if (log && *log)
			fprintf(stderr, "libptxcuda: PTXKIT_CHECK_LOG=%s: cannot write it; the reports follow\n", log);
		ptx_report_write(shim.cx, stderr, 0, "libptxcuda");
	}
	if (json && *json) {
		if ((f = fopen(json, "w"))) {
			ptx_report_write(shim.cx, f, 1, NULL);
			fclose(f);
		} else
			fprintf(stderr, "libptxcuda: PTXKIT_CHECK_JSON=%s: cannot write it\n", json);
	}
	UNLOCK();
}

void
shim_check_init(void)
{
	const char *s = getenv("PTXKIT_CHECK"), *fatal = getenv("PTXKIT_CHECK_FATAL");
	const char *leak = getenv("PTXKIT_LEAK_CHECK");
	unsigned m;

	if (!s || !*s)
		return;
	if (ptx_checks_parse(s, &m) != PTX_OK) {
		fprintf(stderr, "libptxcuda: PTXKIT_CHECK=%s: expected all or a comma-separated list of memcheck, "
		    "racecheck, initcheck, synccheck and asynccheck; no checks\n", s);
		return;
	}
	ptx_set_checks(shim.cx, m, fatal && *fatal && *fatal != '0');
	if (m) {
		checking = 1;
		leakfull = leak && strcmp(leak, "full") == 0 && (m & PTX_CHECK_MEMCHECK);
		atexit(flush);
	}
}

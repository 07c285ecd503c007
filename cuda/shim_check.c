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
 * when the process exits, after memcheck's leak check of the device heap
 * (ptx_report_leaks: a block one launch allocates and a later one frees
 * is no leak).
 */
#include <stdio.h>
#include <stdlib.h>
#include "shim.h"

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
	ptx_report_leaks(shim.cx);
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
	unsigned m;

	if (!s || !*s)
		return;
	if (ptx_checks_parse(s, &m) != PTX_OK) {
		fprintf(stderr, "libptxcuda: PTXKIT_CHECK=%s: expected all or a comma-separated list of memcheck, "
		    "racecheck, initcheck, synccheck and asynccheck; no checks\n", s);
		return;
	}
	ptx_set_checks(shim.cx, m, fatal && *fatal && *fatal != '0');
	if (m)
		atexit(flush);
}

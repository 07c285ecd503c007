/*
 * fuzz_run.c — libFuzzer entry point for the execution engine, through the
 * public API (include/ptx.h) only.
 *
 * Each input is a PTX module.  It is read and verified (ptx_module_parse,
 * ptx_verify with every check on), then loaded to run (ptx_module_load),
 * and each of its first few kernels is launched on a small grid, with a
 * small instruction budget, one host thread and a bounded memory limit, so
 * that every input finishes in milliseconds and a hang or a runaway
 * allocation is a finding rather than the fuzzer's normal state.
 *
 * The launch is described by the input's last line that starts with "//@"
 * (a PTX comment, so the file stays a valid module for ptx-as and ptx-run).
 * Its words, each optional, in any order:
 *
 *	grid=X[,Y[,Z]]      CTAs (default 1,1,1)
 *	block=X[,Y[,Z]]     threads per CTA (default 32,1,1)
 *	cluster=X[,Y[,Z]]   a cluster launch (default: none)
 *	shared=N            dynamic shared memory in bytes (default 0)
 *	steps=N             thread-instruction budget of each launch
 *	buf=N               bytes of each of the four device buffers (default 1024)
 *	seed=N              their contents: a byte pattern that N varies
 *	stack=N             PTX_LIMIT_STACK
 *	heap=N              PTX_LIMIT_MALLOC_HEAP
 *	k=NAME              launch only the kernel NAME (default: the
 *	                    module's first few kernels)
 *	coop=0|1            cooperative launches
 *	count=0|1           memory counters (default 1)
 *	check=N             dynamic checks: PTX_CHECK_* bits (default 0,
 *	                    or FUZZ_RUN_CHECK where that is defined: the
 *	                    check target's build; 31 all), their reports
 *	                    written out after each launch and the device
 *	                    heap's leaks at the end
 *	fatal=0|1           the first report ends the launch
 *	p=V,V,...           kernel arguments, in order: bK[+N|-N] is the
 *	                    address of buffer K plus N, tK a tensor map of
 *	                    buffer K (a 128-byte parameter), any other V an
 *	                    integer (decimal, 0x hex, optional sign) stored
 *	                    little-endian in the parameter's bytes
 *
 * For example "//@ grid=2 block=64 shared=256 p=b0,b1,128".  Parameters
 * without a V get a default: an 8-byte one buffer (i mod 4), a 4-byte one
 * 64 (a typical element count), others a byte pattern.  Every value is
 * clamped (see the LIM_ constants) so that the fuzzer explores the engine
 * rather than the host's memory; values past the engine's own limits (a
 * block over 1024 threads, shared memory over the device's) stay reachable
 * and must be refused with an error code.
 *
 * Nothing may crash, leak, hang or trip a sanitizer, whatever the bytes.
 * FUZZ_RUN_VERBOSE=1 in the environment prints each launch's outcome.
 * Built with libFuzzer (tests/fuzz/run.sh) or with tests/fuzz/replay.c,
 * which runs each file of a corpus once (make check).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "include/ptx.h"

enum {
	LIM_CTAS = 16,              /* CTAs per launch */
	LIM_THREADS = 4096,         /* threads per launch, all CTAs */
	LIM_BLOCK = 2048,           /* threads per CTA: twice what a launch may have */
	LIM_SHARED = 256 << 10,     /* past the device's 227 KiB */
	LIM_STEPS = 4000000,
	DEF_STEPS = 100000,
	LIM_BUF = 64 << 10,
	NBUF = 4,
	LIM_ENTRIES = 4,            /* kernels launched per input */
	LIM_PARAM = 64 << 10,       /* bytes of one parameter we are willing to fill */
	NSPEC = 32,
	LIM_TRAILER = 512
};
#define MEMORY_LIMIT ((uint64_t)64 << 20)

/* the checks of a launch whose line names none: tests/fuzz/run.sh builds
 * this file a second time as the check target, every check on, so that
 * seeds written for a plain run (tests/run's cases, tests/regress) are
 * run under the checks as they are mutated */
#ifndef FUZZ_RUN_CHECK
#define FUZZ_RUN_CHECK 0
#endif

/* FUZZ_RUN_VERBOSE set: what became of each launch, on stderr (triage) */
static int verbose = -1;

typedef struct {
	unsigned grid[3], block[3], cluster[3];
	int hascluster;
	uint64_t shared, steps, buf, seed, stack, heap;
	int coop, count;
	unsigned check;
	int fatal;
	char kernel[64];            /* k=NAME, or empty: the first few */
	int nspec;
	struct { char kind; int k; int64_t v; } spec[NSPEC];  /* kind 'b', 't' or 'n' */
} Launch;

/* number: parses an integer at *s (sign, decimal or 0x hex), saturating;
 * 0 when there is none.  *s moves past it. */
static int64_t
number(const char **s)
{
	const char *p = *s;
	int neg = 0, base = 10;
	uint64_t v = 0;
	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	}
	for (;; p++) {
		int d;
		if (*p >= '0' && *p <= '9')
			d = *p - '0';
		else if (base == 16 && *p >= 'a' && *p <= 'f')
			d = *p - 'a' + 10;
		else if (base == 16 && *p >= 'A' && *p <= 'F')
			d = *p - 'A' + 10;
		else
			break;
		v = v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base ? UINT64_MAX : v * (uint64_t)base + (uint64_t)d;
	}
	*s = p;
	/* two's complement, as a parameter's bytes would hold it */
	return (int64_t)(neg ? 0 - v : v);
}

static uint64_t
clamp(int64_t v, uint64_t lo, uint64_t hi)
{
	uint64_t u = v < 0 ? 0 : (uint64_t)v;
	return u < lo ? lo : u > hi ? hi : u;
}

/* dims: "X[,Y[,Z]]" into d, each dimension clamped to [0, hi[i]]. */
static void
dims(const char *s, unsigned d[3], const unsigned hi[3])
{
	d[0] = d[1] = d[2] = 1;
	for (int i = 0; i < 3; i++) {
		d[i] = (unsigned)clamp(number(&s), 0, hi[i]);
		if (*s != ',')
			break;
		s++;
	}
}

static void
trailer(const uint8_t *data, size_t size, Launch *l)
{
	static const unsigned gridhi[3] = { LIM_CTAS, LIM_CTAS, LIM_CTAS };
	static const unsigned blockhi[3] = { LIM_BLOCK, LIM_BLOCK, 64 };
	static const unsigned clusterhi[3] = { 16, 16, 16 };
	char line[LIM_TRAILER + 1], *save = NULL;
	size_t at = size, n = 0;

	memset(l, 0, sizeof *l);
	l->grid[0] = l->grid[1] = l->grid[2] = 1;
	l->block[0] = 32, l->block[1] = l->block[2] = 1;
	l->steps = DEF_STEPS;
	l->buf = 1024;
	l->count = 1;
	l->check = FUZZ_RUN_CHECK & PTX_CHECK_ALL;
	/* the last "//@" at the start of a line */
	for (size_t i = size; i >= 3; i--)
		if (memcmp(data + i - 3, "//@", 3) == 0 && (i == 3 || data[i - 4] == '\n')) {
			at = i;
			break;
		}
	while (at + n < size && n < LIM_TRAILER && data[at + n] != '\n' && data[at + n] != 0) {
		line[n] = (char)data[at + n];
		n++;
	}
	line[n] = 0;
	for (char *w = strtok_r(line, " \t\r", &save); w; w = strtok_r(NULL, " \t\r", &save)) {
		char *eq = strchr(w, '=');
		const char *v;
		if (!eq)
			continue;
		*eq = 0;
		v = eq + 1;
		if (strcmp(w, "grid") == 0)
			dims(v, l->grid, gridhi);
		else if (strcmp(w, "block") == 0)
			dims(v, l->block, blockhi);
		else if (strcmp(w, "cluster") == 0)
			dims(v, l->cluster, clusterhi), l->hascluster = 1;
		else if (strcmp(w, "shared") == 0)
			l->shared = clamp(number(&v), 0, LIM_SHARED);
		else if (strcmp(w, "steps") == 0)
			l->steps = clamp(number(&v), 1, LIM_STEPS);
		else if (strcmp(w, "buf") == 0)
			l->buf = clamp(number(&v), 0, LIM_BUF);
		else if (strcmp(w, "seed") == 0)
			l->seed = (uint64_t)number(&v);
		else if (strcmp(w, "stack") == 0)
			l->stack = (uint64_t)number(&v);
		else if (strcmp(w, "heap") == 0)
			l->heap = (uint64_t)number(&v);
		else if (strcmp(w, "k") == 0)
			snprintf(l->kernel, sizeof l->kernel, "%s", v);
		else if (strcmp(w, "coop") == 0)
			l->coop = number(&v) != 0;
		else if (strcmp(w, "count") == 0)
			l->count = number(&v) != 0;
		else if (strcmp(w, "check") == 0)
			l->check = (unsigned)number(&v) & PTX_CHECK_ALL;
		else if (strcmp(w, "fatal") == 0)
			l->fatal = number(&v) != 0;
		else if (strcmp(w, "p") == 0) {
			while (*v && l->nspec < NSPEC) {
				char kind = *v == 'b' || *v == 't' ? *v++ : 'n';
				int64_t x = number(&v);
				l->spec[l->nspec].kind = kind;
				l->spec[l->nspec].k = kind == 'n' ? 0 : (int)((uint64_t)x % NBUF);
				l->spec[l->nspec].v = kind == 'n' ? x :
				    kind == 'b' && (*v == '+' || *v == '-') ? number(&v) : 0;
				l->nspec++;
				while (*v && *v != ',')
					v++;
				if (*v == ',')
					v++;
			}
		}
	}
	/* a bounded launch: past LIM_CTAS CTAs or LIM_THREADS threads the grid
	 * shrinks to one CTA, past LIM_BLOCK threads the block to its x */
	uint64_t ctas = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
	uint64_t threads = (uint64_t)l->block[0] * l->block[1] * l->block[2];
	if (threads > LIM_BLOCK)
		l->block[1] = l->block[2] = 1, threads = l->block[0];
	if (ctas > LIM_CTAS || ctas * threads > LIM_THREADS)
		l->grid[0] = l->grid[1] = l->grid[2] = 1;
}

static void
sink(void *user, const char *text, size_t len)
{
	(void)text;
	*(size_t *)user += len;
}

/* launch: one kernel of pm with the arguments l describes. */
static void
launch(ptx_ctx *cx, ptx_module *pm, ptx_function *fn, const Launch *l, const ptx_devptr *buf)
{
	int np = ptx_function_param_count(fn);
	void **params;
	unsigned char **vals;
	ptx_stats stats;

	if (np < 0)
		return;
	params = calloc((size_t)np + 1, sizeof *params);
	vals = calloc((size_t)np + 1, sizeof *vals);
	if (!params || !vals)
		goto out;
	for (int i = 0; i < np; i++) {
		size_t size = 0, align = 0;
		if (ptx_function_param_info(fn, i, &size, &align) != PTX_OK || size > LIM_PARAM)
			goto out;
		/* 64-byte aligned and at least 128 bytes: room for a tensor map */
		size_t cap = size < 128 ? 128 : (size + 63) / 64 * 64;
		vals[i] = aligned_alloc(64, cap);
		if (!vals[i])
			goto out;
		memset(vals[i], 0, cap);
		params[i] = vals[i];
		uint64_t v;
		char kind = i < l->nspec ? l->spec[i].kind : size == 8 ? 'b' : size == 4 ? 'n' : 'x';
		int k = i < l->nspec ? l->spec[i].k : i % NBUF;
		int64_t x = i < l->nspec ? l->spec[i].v : kind == 'b' ? 0 : 64;
		if (kind == 't') {
			ptx_tensormap tm;
			memset(&tm, 0, sizeof tm);
			tm.addr = buf[k];
			tm.rank = 1;
			tm.elemtype = PTX_TMAP_U32;
			tm.dim[0] = l->buf / 4 ? l->buf / 4 : 1;
			tm.box[0] = tm.dim[0] < 256 ? (unsigned)tm.dim[0] : 256;
			tm.box[0] = (tm.box[0] + 3) / 4 * 4;   /* 16-byte rows */
			ptx_tensormap_encode(cx, &tm, vals[i]);
			continue;
		}
		if (kind == 'x') {
			for (size_t j = 0; j < size; j++)
				vals[i][j] = (unsigned char)(j * 13 + (size_t)i + l->seed);
			continue;
		}
		v = kind == 'b' ? buf[k] + (uint64_t)x : (uint64_t)x;
		for (size_t j = 0; j < size; j++)
			vals[i][j] = (unsigned char)(j < 8 ? v >> (8 * j) : 0);
	}
	int st = ptx_launch_ex(cx, fn, l->grid, l->block, l->hascluster ? l->cluster : NULL,
	    (size_t)l->shared, params);
	/* the reports of the launch, as a host would read them */
	const ptx_fault *f = ptx_fault_get(cx);
	if (f && f->msg)
		(void)strlen(f->msg);
	ptx_stats_get(cx, &stats);
	if (verbose) {
		const ptx_diag *d = ptx_diag_get(cx, 0);
		fprintf(stderr, "fuzz_run: %s: status %d, %llu thread instructions%s%s\n", ptx_function_name(fn),
		    st, (unsigned long long)stats.thread_insns, st == PTX_OK ? "" : ": ",
		    st == PTX_OK ? "" : f && f->kind != PTX_FAULT_NONE ? f->msg : d ? d->msg : "?");
	}
	for (size_t i = 0, n = ptx_stats_insn_count(cx); i < n; i++) {
		const ptx_insn_stats *s = ptx_stats_insn(cx, i);
		if (s && s->text)
			(void)strlen(s->text);
	}
	/* the dynamic checks' reports, as ptx-run writes them */
	if (l->check) {
		FILE *null = fopen("/dev/null", "w");
		if (null) {
			ptx_report_write(cx, null, 0, "fuzz: ");
			ptx_report_write(cx, null, 1, NULL);
			fclose(null);
		}
		ptx_report_clear(cx);
	}
	(void)pm;
out:
	for (int i = 0; i < np && vals; i++)
		free(vals[i]);
	free(vals);
	free(params);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const all[] = { "all", NULL };
	ptx_verify_opts vo = PTX_VERIFY_OPTS_INIT;
	ptx_ctx *cx;
	ptx_module *pm = NULL;
	ptx_devptr buf[NBUF];
	size_t printed = 0;
	Launch l;
	FILE *null;

	if (verbose < 0)
		verbose = getenv("FUZZ_RUN_VERBOSE") != NULL;
	if (ptx_ctx_new(&cx, NULL) != PTX_OK)
		return 0;
	trailer(data, size, &l);

	/* the lint path: read, verify with every check, print the findings */
	vo.checks = all;
	ptx_module_parse(cx, "fuzz.ptx", (const char *)data, size, NULL, &pm);
	if (pm)
		ptx_verify(pm, &vo);
	null = fopen("/dev/null", "w");
	if (null) {
		ptx_diag_print(cx, null);
		fclose(null);
	}
	ptx_module_free(pm);
	pm = NULL;

	/* the engine: limits first, so that loading the module's globals counts */
	ptx_set_limit(cx, PTX_LIMIT_MEMORY, MEMORY_LIMIT);
	ptx_set_limit(cx, PTX_LIMIT_MALLOC_HEAP, l.heap && l.heap < MEMORY_LIMIT ? l.heap : 1 << 20);
	if (l.stack)
		ptx_set_limit(cx, PTX_LIMIT_STACK, l.stack);
	ptx_set_threads(cx, 1);
	ptx_set_max_steps(cx, l.steps);
	ptx_set_cooperative(cx, l.coop);
	ptx_set_counting(cx, l.count);
	ptx_set_printf_sink(cx, sink, &printed);
	ptx_set_checks(cx, l.check, l.fatal);
	if (ptx_module_load(cx, "fuzz.ptx", (const char *)data, size, &pm) != PTX_OK) {
		if (verbose) {
			const ptx_diag *d = ptx_diag_get(cx, 0);
			fprintf(stderr, "fuzz_run: not loaded: %s\n", d ? d->msg : "?");
		}
		goto out;
	}
	for (int i = 0; i < NBUF; i++) {
		unsigned char *init = malloc(l.buf ? l.buf : 1);
		buf[i] = 0;
		/* a failed allocation leaves a null pointer argument: also a case */
		if (!init || ptx_mem_alloc(cx, l.buf, &buf[i]) != PTX_OK) {
			free(init);
			continue;
		}
		for (size_t j = 0; j < l.buf; j++)
			init[j] = (unsigned char)(j * 7 + (size_t)i * 31 + l.seed);
		ptx_mem_copy_htod(cx, buf[i], init, l.buf);
		free(init);
	}
	int n = ptx_module_entry_count(pm);
	for (int i = 0; i < n && i < LIM_ENTRIES; i++) {
		ptx_function *fn;
		const char *name = ptx_module_entry_name(pm, i);
		if (l.kernel[0] && ptx_module_get_function(pm, l.kernel, &fn) == PTX_OK) {
			launch(cx, pm, fn, &l, buf);
			break;
		}
		if (name && ptx_module_get_function(pm, name, &fn) == PTX_OK)
			launch(cx, pm, fn, &l, buf);
	}
	if (l.check)
		ptx_report_leaks(cx);   /* the device heap's blocks a checked launch left */
out:
	ptx_ctx_free(cx);   /* frees the module and the buffers */
	return 0;
}

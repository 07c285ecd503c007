/*
 * ptx-run.c -- launch one kernel of a PTX module on the interpreter (or on
 * a GPU through libcuda) and write, check or compare its outputs.
 *
 *	ptx-run [OPTIONS] MODULE.ptx      (see man/ptx-run.1 and --help)
 *
 * Only include/ptx.h is used.  Each -a names the next kernel parameter: a
 * scalar, a new buffer (file: or zeros:) whose address the parameter
 * receives, or raw bytes.  Both backends get the parameter buffer from the
 * same marshalling code (ptx_function_pack_params).  Exit status: 0
 * success, 1 outputs differ, 2 usage or I/O error, 3 module rejected,
 * 4 kernel fault or a --check report; no output file is written after a
 * fault.
 *
 * The command line is hostile input like any other: every number goes
 * through tools/number.c, in 64 bits against the range of what it sets,
 * and is refused before anything runs rather than narrowed; output targets
 * are checked up front and written through tools/outfile.c (a file
 * replaced only when complete, a device or FIFO written in place); every
 * input has a cap (tools/readall.c); standard output is checked at exit.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "include/ptx.h"
#include "tools/number.h"
#include "tools/outfile.h"
#include "tools/readall.h"
#include "tools/run.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: %s [OPTIONS] MODULE.ptx\n"
	    "Runs one kernel of a PTX module on the interpreter (or a GPU).\n"
	    "  -k, --kernel NAME        entry to launch (optional with one .entry)\n"
	    "  -g, --grid X[,Y[,Z]]     grid size in CTAs (default 1)\n"
	    "  -b, --block X[,Y[,Z]]    CTA size in threads (default 1)\n"
	    "  -s, --shared BYTES       dynamic shared memory per CTA (default 0)\n"
	    "      --cluster X[,Y[,Z]]  a cluster launch of that size (at most 8 CTAs)\n"
	    "      --cooperative        a cooperative launch (grid-wide barriers)\n"
	    "  -a, --arg SPEC           the next kernel parameter: TYPE:VALUE, file:PATH,\n"
	    "                           zeros:BYTES, bytes:HEX, or a tensor map over buffer\n"
	    "                           argument N or a buffer of its own (file:PATH or\n"
	    "                           zeros:BYTES): tensormap:BUFFER:TYPE:DIMS:BOX[:OPTS];\n"
	    "                           a texture or surface object over such a buffer:\n"
	    "                           texture:BUFFER:FORMAT:DIMS[:OPTS], surface:...\n"
	    "  -o, --out N:PATH         write buffer argument N to PATH after the launch\n"
	    "                           ('-': standard output)\n"
	    "      --symbol-in NAME:PATH   fill module variable NAME from PATH first\n"
	    "      --symbol-out NAME:PATH  write module variable NAME to PATH after\n"
	    "      --expect N:PATH[:CMP]   compare buffer N with PATH (exact, f32ulp:K,\n"
	    "                              f64ulp:K, f16ulp:K, bf16ulp:K)\n"
	    "      --backend interp|cuda   where to run (default interp)\n"
	    "      --diff                  run on both backends and compare the outputs\n"
	    "      --max-steps N           per-launch thread-instruction budget (default 1e10)\n"
	    "      --nanorder ptxas|predict  the f64 NaN operand order from the real ptxas (the\n"
	    "                              default where one is found) or predicted\n"
	    "                              (PTXKIT_NANORDER)\n"
	    "      --max-memory SIZE       all device memory the launch may use\n"
	    "      --heap-size SIZE        device malloc's heap (default 8M)\n"
	    "      --stack-size SIZE       each thread's stack (default 1K, at most 512K)\n"
	    "  -j, --threads N             host threads for the CTAs (default: every core)\n"
	    "      --stats                 print the memory counters by instruction, costliest first\n"
	    "      --stats-json FILE       write the counters as JSON ('-': standard output)\n"
	    "      --annotate FILE         write the source with the counters as HTML ('-': stdout)\n"
	    "      --no-stats              do not count (full speed; totals only)\n"
	    "      --time                  print the launch's wall time to standard error\n"
	    "      --check LIST            dynamic checks: all, or a comma-separated list of\n"
	    "                              memcheck, racecheck, initcheck, synccheck, asynccheck;\n"
	    "                              reports go to standard error, exit status 4\n"
	    "      --check-fatal           the first report ends the launch\n"
	    "      --check-json FILE       write the reports as JSON ('-': standard output)\n"
	    "  -h, --help, --version\n"
	    "Numbers are decimal or 0x-hex; a SIZE or BYTES may end in K, M or G (KiB,\n"
	    "MiB, GiB).  Output files are replaced only when complete; devices and\n"
	    "FIFOs are written in place.  Exit status: 0 success, 1 outputs differ,\n"
	    "2 usage or I/O error, 3 module rejected, 4 kernel fault or a --check report.\n", prog);
}

int
run_bad(const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", prog);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry '%s --help'.\n", prog);
	return -1;
}

/* The most a data file (-a file:, --symbol-in, --expect) may hold: what
 * device memory may hold (--max-memory, else the interpreter's default),
 * and 16 GiB at most, so that an endless input such as /dev/zero ends in
 * an error rather than in the host's memory running out. */
static uint64_t datamax = (uint64_t)16 << 30;

/* The whole of a file of at most max bytes, or NULL after saying why. */
unsigned char *
run_readfile(const char *path, size_t *n, uint64_t max)
{
	unsigned char *p;

	if (!*path) {
		fprintf(stderr, "%s: empty input file name\n", prog);
		return NULL;
	}
	if (!(p = (unsigned char *)readall(path, max, n)))
		fprintf(stderr, "%s: %s: %s\n", prog, path, readall_why(errno, max));
	return p;
}

/* A usage error for a number that num_* refused: not a number, or out of
 * range (errno ERANGE) with the largest value allowed. */
static int
badnum(const char *opt, const char *val, const char *what, uint64_t max)
{
	if (errno == ERANGE)
		fprintf(stderr, "%s: %s: '%s' is out of range (at most %" PRIu64 ")\n", prog, opt, val, max);
	else
		fprintf(stderr, "%s: %s: expected %s, not '%s'\n", prog, opt, what, val);
	fprintf(stderr, "Try '%s --help'.\n", prog);
	return -1;
}

/* The driver's limits on launch dimensions (sm_90): a grid of up to
 * 2^31-1 x 65535 x 65535 CTAs, a CTA of up to 1024 x 1024 x 64 threads and
 * 1024 in all.  A cluster is held to the grid's, its size to the launch. */
static const uint64_t gridmax[3] = { 0x7fffffff, 65535, 65535 }, blockmax[3] = { 1024, 1024, 64 };
enum { BLOCK_THREADS = 1024 };

/* X[,Y[,Z]]: each from 1 to max[i], their product at most maxprod (in 64
 * bits, so nothing wraps on the way: at most 2^31 * 2^16 * 2^16). */
static int
dims(const char *opt, const char *s, unsigned d[3], const uint64_t max[3], uint64_t maxprod)
{
	const char *p = s;
	uint64_t v, prod = 1;

	d[0] = d[1] = d[2] = 1;
	for (int i = 0;; i++) {
		errno = 0;
		if (num_u64(p, &p, max[i], &v) != 0 && errno == ERANGE) {
			fprintf(stderr, "%s: %s: '%s' is out of range (at most %" PRIu64 ",%" PRIu64 ",%" PRIu64
			    ")\nTry '%s --help'.\n", prog, opt, s, max[0], max[1], max[2], prog);
			return -1;
		}
		if (errno == EINVAL || v == 0 || (*p && (*p != ',' || i == 2))) {
			fprintf(stderr, "%s: %s: expected X[,Y[,Z]] of positive numbers, not '%s'\n"
			    "Try '%s --help'.\n", prog, opt, s, prog);
			return -1;
		}
		d[i] = (unsigned)v;
		prod *= v;
		if (!*p++)
			break;
	}
	if (prod > maxprod) {
		fprintf(stderr, "%s: %s: '%s' is %" PRIu64 " threads, more than %" PRIu64 "\nTry '%s --help'.\n",
		    prog, opt, s, prod, maxprod, prog);
		return -1;
	}
	return 0;
}

/* The array with room for element n, zeroed: the caller counts it at
 * once, so that an option that fails half-parsed leaves opts_free nothing
 * undefined to free.  NULL (reported) when out of memory. */
static void *
grow(void *arr, int n, size_t size)
{
	unsigned char *p = realloc(arr, ((size_t)n + 1) * size);

	if (!p) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return NULL;
	}
	memset(p + (size_t)n * size, 0, size);
	return p;
}

static const char *
optval(int argc, char **argv, int *i, const char *sh, const char *lg, int *missing)
{
	const char *a = argv[*i];
	size_t n = strlen(lg);

	if ((sh && strcmp(a, sh) == 0) || strcmp(a, lg) == 0) {
		if (*i + 1 >= argc) {
			*missing = 1;
			return NULL;
		}
		return argv[++*i];
	}
	if (strncmp(a, lg, n) == 0 && a[n] == '=')
		return a + n + 1;
	if (sh && strncmp(a, sh, 2) == 0 && a[2] && sh[1] != '-')
		return a + 2;
	return NULL;
}

/* --max-steps: a count, in digits or as 1e10 is written (mantissa digits,
 * e, exponent digits), from 1 to 2^64-1.  0, or -1 with errno. */
static int
steps(const char *s, uint64_t *v)
{
	const char *e;
	uint64_t x, ex;

	if (num_u64(s, &e, UINT64_MAX, &x) != 0)
		return -1;
	if (*e == 'e' || *e == 'E') {
		if (num_u64(e + 1, NULL, 99, &ex) != 0) {
			errno = errno == ERANGE ? ERANGE : EINVAL;
			return -1;
		}
		for (; ex > 0 && x; ex--) {
			if (x > UINT64_MAX / 10) {
				errno = ERANGE;
				return -1;
			}
			x *= 10;
		}
	} else if (*e) {
		errno = EINVAL;
		return -1;
	}
	if (x == 0) {
		errno = EINVAL;
		return -1;
	}
	*v = x;
	return 0;
}

/* Every value is checked here, before anything is read or run: a bad one
 * is a usage error (exit 2), never a value wrapped into range.  0: run;
 * 1: done (--help, --version); -1: usage error, reported; -2: I/O error,
 * reported. */
static int
parseargs(int argc, char **argv, Opts *o)
{
	static const char *const limname[3] = { "--max-memory", "--heap-size", "--stack-size" };
	int missing = 0, noopts = 0;
	const char *v;
	void *p;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int lim = -1;
		missing = 0;
		if (noopts || a[0] != '-' || strcmp(a, "-") == 0) {
			if (o->module)
				return run_bad("more than one module: '%s'", a);
			o->module = a;
		} else if (strcmp(a, "--") == 0) {
			noopts = 1;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			usage(stdout);
			return 1;
		} else if (strcmp(a, "--version") == 0) {
			printf("%s (ptxkit) %s\n", prog, PACKAGE_VERSION);
			return 1;
		} else if (strcmp(a, "--diff") == 0) {
			o->diff = 1;
		} else if ((v = optval(argc, argv, &i, "-k", "--kernel", &missing))) {
			o->kernel = v;
		} else if ((v = optval(argc, argv, &i, "-g", "--grid", &missing))) {
			if (dims("--grid", v, o->grid, gridmax, UINT64_MAX))
				return -1;
		} else if ((v = optval(argc, argv, &i, "-b", "--block", &missing))) {
			if (dims("--block", v, o->block, blockmax, BLOCK_THREADS))
				return -1;
		} else if ((v = optval(argc, argv, &i, NULL, "--cluster", &missing))) {
			/* the launch checks the cluster's size against the kernel's */
			if (dims("--cluster", v, o->cluster, gridmax, UINT64_MAX))
				return -1;
			o->hascluster = 1;
		} else if (strcmp(a, "--cooperative") == 0) {
			o->coop = 1;
		} else if ((v = optval(argc, argv, &i, "-s", "--shared", &missing))) {
			uint64_t n;
			/* the driver API's sharedMemBytes is an unsigned int */
			if (num_size(v, NULL, UINT_MAX, &n) != 0)
				return badnum("--shared", v, "a byte count", UINT_MAX);
			o->shared = (size_t)n;
		} else if ((v = optval(argc, argv, &i, "-a", "--arg", &missing))) {
			int rc;
			if (!(p = grow(o->args, o->nargs, sizeof *o->args)))
				return -2;
			o->args = p;
			if ((rc = run_parsearg(v, &o->args[o->nargs++])) != 0)
				return rc == -2 ? -2 : -1;
		} else if ((v = optval(argc, argv, &i, "-o", "--out", &missing))) {
			if (!(p = grow(o->outs, o->nouts, sizeof *o->outs)))
				return -2;
			o->outs = p;
			if (run_outspec("--out", v, &o->outs[o->nouts++], 0))
				return -1;
		} else if ((v = optval(argc, argv, &i, NULL, "--expect", &missing))) {
			if (!(p = grow(o->expects, o->nexpects, sizeof *o->expects)))
				return -2;
			o->expects = p;
			if (run_outspec("--expect", v, &o->expects[o->nexpects++], 1))
				return -1;
		} else if ((v = optval(argc, argv, &i, NULL, "--symbol-in", &missing))) {
			if (!(p = grow(o->symin, o->nsymin, sizeof *o->symin)))
				return -2;
			o->symin = p;
			if (run_symspec(v, &o->symin[o->nsymin++]))
				return -1;
		} else if ((v = optval(argc, argv, &i, NULL, "--symbol-out", &missing))) {
			if (!(p = grow(o->symout, o->nsymout, sizeof *o->symout)))
				return -2;
			o->symout = p;
			if (run_symspec(v, &o->symout[o->nsymout++]))
				return -1;
		} else if ((v = optval(argc, argv, &i, NULL, "--backend", &missing))) {
			if (strcmp(v, "interp") == 0)
				o->backend = B_INTERP;
			else if (strcmp(v, "cuda") == 0)
				o->backend = B_CUDA;
			else
				return run_bad("--backend: expected interp or cuda, not '%s'", v);
		} else if (strcmp(a, "--stats") == 0) {
			o->stats = 1;
		} else if (strcmp(a, "--no-stats") == 0) {
			o->nostats = 1;
		} else if (strcmp(a, "--time") == 0) {
			o->time = 1;
		} else if (strcmp(a, "--check-fatal") == 0) {
			o->checkfatal = 1;
		} else if ((v = optval(argc, argv, &i, NULL, "--check-json", &missing))) {
			o->checkjson = v;
		} else if ((v = optval(argc, argv, &i, NULL, "--check", &missing))) {
			if (ptx_checks_parse(v, &o->checks) != PTX_OK)
				return run_bad("--check: expected all or a list of memcheck, racecheck, initcheck, synccheck "
				    "and asynccheck, not '%s'", v);
		} else if ((v = optval(argc, argv, &i, NULL, "--stats-json", &missing))) {
			o->statsjson = v;
		} else if ((v = optval(argc, argv, &i, NULL, "--annotate", &missing))) {
			o->annotate = v;
		} else if ((v = optval(argc, argv, &i, "-j", "--threads", &missing))) {
			uint64_t n = 0;
			errno = 0;
			if (num_u64(v, NULL, 256, &n) != 0 || n < 1) {
				errno = errno == ERANGE ? ERANGE : EINVAL;
				return badnum("--threads", v, "a count from 1 to 256", 256);
			}
			o->threads = (int)n;
		} else if ((v = optval(argc, argv, &i, NULL, "--nanorder", &missing))) {
			/* libptx reads it at each module load (api/nanorder.c) */
			if (strcmp(v, "ptxas") != 0 && strcmp(v, "predict") != 0 && strcmp(v, "ptxas-nvdisasm") != 0)
				return run_bad("--nanorder: expected ptxas, predict or ptxas-nvdisasm, not '%s'", v);
			if (setenv("PTXKIT_NANORDER", v, 1) != 0)
				return run_bad("%s", "--nanorder: cannot set PTXKIT_NANORDER");
		} else if ((v = optval(argc, argv, &i, NULL, "--max-steps", &missing))) {
			if (steps(v, &o->max_steps) != 0)
				return badnum("--max-steps", v, "a positive count such as 100000 or 1e9", UINT64_MAX);
		} else if ((v = optval(argc, argv, &i, NULL, limname[lim = 0], &missing)) ||
		    (!missing && (v = optval(argc, argv, &i, NULL, limname[lim = 1], &missing))) ||
		    (!missing && (v = optval(argc, argv, &i, NULL, limname[lim = 2], &missing)))) {
			if (num_size(v, NULL, UINT64_MAX, &o->limit[lim]) != 0)
				return badnum(limname[lim], v, "a byte count such as 4096, 64K, 2M or 1G", UINT64_MAX);
			o->haslimit[lim] = 1;
		} else
			return run_bad(missing ? "option '%s' needs a value" : "unknown option '%s'", a);
	}
	if (!o->module)
		return run_bad("%s", "no module");
	if (o->nostats && (o->stats || o->statsjson || o->annotate))
		return run_bad("%s", "--no-stats with --stats, --stats-json or --annotate");
	if ((o->stats || o->statsjson || o->annotate) && (o->backend == B_CUDA || o->diff))
		return run_bad("%s", "the counters come from the interpreter: no --backend cuda or --diff");
	if ((o->checkfatal || o->checkjson) && !o->checks)
		return run_bad("%s", "--check-fatal and --check-json need --check");
	if (o->checks && (o->backend == B_CUDA || o->diff))
		return run_bad("%s", "the checks are the interpreter's: no --backend cuda or --diff");
	if ((o->haslimit[0] || o->haslimit[1] || o->haslimit[2]) && o->backend == B_CUDA && !o->diff)
		return run_bad("%s", "--max-memory, --heap-size and --stack-size are the interpreter's: no --backend cuda");
	for (int i = 0; i < o->nargs; i++) {
		if ((o->args[i].kind == A_TMAP || o->args[i].kind == A_TEX) && o->args[i].tbuf >= 0 &&
		    (o->args[i].tbuf >= i || !isbuf(&o->args[o->args[i].tbuf])))
			return run_bad("-a %s: the buffer must be an earlier file: or zeros: argument", o->args[i].spec);
		if (o->args[i].kind == A_TEX && (o->backend == B_CUDA || o->diff))
			return run_bad("-a %s: textures and surfaces run on the interpreter only", o->args[i].spec);
	}
	for (int i = 0; i < o->nouts; i++)
		if (o->outs[i].n >= o->nargs || !isbuf(&o->args[o->outs[i].n]))
			return run_bad("-o %s: not a buffer argument", o->outs[i].path);
	for (int i = 0; i < o->nexpects; i++)
		if (o->expects[i].n >= o->nargs || !isbuf(&o->args[o->expects[i].n]))
			return run_bad("--expect %s: not a buffer argument", o->expects[i].path);
	/* the outputs' targets, refused now rather than after the run */
	for (int i = 0; i < o->nouts; i++)
		if (outfile_check(prog, o->outs[i].path) != 0)
			return -2;
	for (int i = 0; i < o->nsymout; i++)
		if (outfile_check(prog, o->symout[i].path) != 0)
			return -2;
	if ((o->checkjson && outfile_check(prog, o->checkjson) != 0) ||
	    (o->statsjson && outfile_check(prog, o->statsjson) != 0) ||
	    (o->annotate && outfile_check(prog, o->annotate) != 0))
		return -2;
	return 0;
}

/* Reads the files of -a file: and tensormap:file:, and makes the buffers
 * of zeros:, once datamax is known: a buffer device memory cannot hold is
 * refused before the host is asked for it.  0, or -1 after saying why. */
static int
readargs(Opts *o)
{
	for (int i = 0; i < o->nargs; i++) {
		Arg *a = &o->args[i];
		char *path;
		if (a->zeros) {
			if (a->n > datamax) {
				fprintf(stderr, "%s: -a %s: %s\n", prog, a->spec, readall_why(EFBIG, datamax));
				return -1;
			}
			if (!(a->bytes = calloc(a->n ? a->n : 1, 1))) {
				fprintf(stderr, "%s: -a %s: cannot allocate %zu bytes\n", prog, a->spec, a->n);
				return -1;
			}
			continue;
		}
		if (!a->file)
			continue;
		if (!(path = malloc(a->nfile + 1))) {
			fprintf(stderr, "%s: out of memory\n", prog);
			return -1;
		}
		memcpy(path, a->file, a->nfile);
		path[a->nfile] = 0;
		a->bytes = run_readfile(path, &a->n, datamax);
		free(path);
		if (!a->bytes)
			return -1;
	}
	return 0;
}

/* ---------------------------------------------------------------- running */

typedef struct {
	char *p;
	size_t n, cap;
	int echo;
	int lost;   /* output dropped: out of memory */
} Sink;

static void
sinkfn(void *u, const char *text, size_t len)
{
	Sink *s = u;
	if (s->echo) {
		fwrite(text, 1, len, stdout);   /* errors: outfile_close_stdout */
		return;
	}
	if (s->lost)
		return;
	if (len > s->cap - s->n) {
		size_t nc = s->cap ? s->cap : 4096;
		char *p;
		while (nc - s->n < len && nc <= SIZE_MAX / 2)
			nc *= 2;
		if (nc - s->n < len || !(p = realloc(s->p, nc))) {
			s->lost = 1;
			return;
		}
		s->p = p;
		s->cap = nc;
	}
	memcpy(s->p + s->n, text, len);
	s->n += len;
}

static void
print_diags(ptx_ctx *cx)
{
	for (size_t i = 0; i < ptx_diag_count(cx); i++) {
		const ptx_diag *d = ptx_diag_get(cx, i);
		static const char *const sev[] = { "note", "warning", "error" };
		if (d->line)
			fprintf(stderr, "%s:%d:%d: %s: %s\n", d->file ? d->file : "?", d->line, d->col,
			    sev[d->severity], d->msg);
		else
			fprintf(stderr, "%s: %s: %s\n", d->file ? d->file : prog, sev[d->severity], d->msg);
		if (d->source_line) {
			fprintf(stderr, "  %s\n", d->source_line);
			if (d->col > 0)
				fprintf(stderr, "  %*s^\n", d->col - 1, "");
		}
	}
}

/* Loads and launches on one backend.  Returns an exit status; fills res. */
static int
run(const Opts *o, int backend, const char *text, size_t len, ptx_ctx *cx, ptx_module *pm,
    ptx_function *fn, Result *res, int capture)
{
	ptx_cuda *g = NULL;
	ptx_devptr *addr = calloc((size_t)o->nargs + 1, sizeof *addr);
	void **params = calloc((size_t)o->nargs + 1, sizeof *params);
	int npar = ptx_function_param_count(fn), rc = EX_OK, st;
	Sink sink = { NULL, 0, 0, !capture, 0 };
	int savefd = -1;
	struct timespec t0, t1, c0, c1;
	FILE *cap = NULL;

	res->buf = calloc((size_t)o->nargs + 1, sizeof *res->buf);
	res->len = calloc((size_t)o->nargs + 1, sizeof *res->len);
	res->sym = calloc((size_t)o->nsymout + 1, sizeof *res->sym);
	res->nsym = calloc((size_t)o->nsymout + 1, sizeof *res->nsym);
	if (!addr || !params || !res->buf || !res->len || !res->sym || !res->nsym) {
		fprintf(stderr, "%s: out of memory\n", prog);
		free(addr);
		free(params);
		return EX_USAGE;
	}
	if (backend == B_CUDA) {
		if ((st = ptx_cuda_open(&g)) != PTX_OK) {
			fprintf(stderr, "%s: cuda backend: %s\n", prog, ptx_cuda_error(g));
			ptx_cuda_close(g);
			return EX_USAGE;
		}
		if (ptx_cuda_module_load(g, text, len) != PTX_OK) {
			fprintf(stderr, "%s: cuda backend: %s\n", prog, ptx_cuda_error(g));
			ptx_cuda_close(g);
			return EX_MODULE;
		}
		ptx_cuda_set_cooperative(g, o->coop);
	} else {
		ptx_set_cooperative(cx, o->coop);
		ptx_set_printf_sink(cx, sinkfn, &sink);
		if (o->max_steps)
			ptx_set_max_steps(cx, o->max_steps);
		if (o->threads > 0)
			ptx_set_threads(cx, (unsigned)o->threads);
		ptx_set_checks(cx, o->checks, o->checkfatal);
	}
	for (int i = 0; i < o->nargs; i++) {
		const Arg *a = &o->args[i];
		size_t psz = 0;
		ptx_function_param_info(fn, i, &psz, NULL);
		if (isbuf(a)) {
			st = backend == B_CUDA ? ptx_cuda_mem_alloc(g, a->n, &addr[i]) : ptx_mem_alloc(cx, a->n, &addr[i]);
			if (st == PTX_OK && a->n)
				st = backend == B_CUDA ? ptx_cuda_copy_htod(g, addr[i], a->bytes, a->n) :
				    ptx_mem_copy_htod(cx, addr[i], a->bytes, a->n);
			if (st != PTX_OK) {
				fprintf(stderr, "%s: cannot allocate %zu bytes for argument %d\n", prog, a->n, i);
				rc = EX_USAGE;
				goto out;
			}
			if (psz != 8 && a->kind != A_TMAP && a->kind != A_TEX)
				fprintf(stderr, "%s: warning: parameter %d is %zu bytes, not a 64-bit pointer\n", prog, i, psz);
			params[i] = &addr[i];
		}
		if (a->kind == A_TEX) {
			/* an object over its buffer; levels after level 0, packed */
			ptx_texture t = a->tex;
			uint64_t *h = malloc(sizeof *h);
			ptx_devptr at = a->tbuf < 0 ? addr[i] : addr[a->tbuf] + a->toff;
			/* bytes of a channel by PTX_TEXFMT_* (of a packed texel, of a
			 * block of 4x4 texels) */
			static const unsigned char chb[] = { 1, 2, 4, 1, 2, 4, 2, 4, 8, 16, 16, 8, 8, 16, 16, 16, 16, 16, 4 };
			int bc = t.format >= PTX_TEXFMT_BC1 && t.format <= PTX_TEXFMT_BC7;
			unsigned es = t.format < sizeof chb ? chb[t.format] * (t.format > PTX_TEXFMT_F32 ? 1 : t.channels) : 0;
			if (!h) {
				fprintf(stderr, "%s: out of memory\n", prog);
				rc = EX_USAGE;
				goto out;
			}
			params[i] = h;
			for (unsigned l = 0; l < t.levels && l < PTX_TEX_MAXLEVELS; l++) {
				uint64_t w = t.width >> l ? t.width >> l : 1, hh = t.height >> l ? t.height >> l : 1;
				uint64_t dd = t.geom == PTX_TEX_3D ? (t.depth >> l ? t.depth >> l : 1) : t.depth ? t.depth : 1;
				t.addr[l] = at;
				if (!t.height)
					hh = 1;
				if (bc)   /* rows of blocks */
					w = (w + 3) / 4, hh = (hh + 3) / 4;
				at += (l == 0 && t.pitch ? t.pitch : w * es) * hh * dd;
			}
			st = (a->surf ? ptx_surface_create : ptx_texture_create)(cx, &t, h);
			if (st != PTX_OK) {
				const ptx_diag *d = ptx_diag_get(cx, 0);
				fprintf(stderr, "%s: argument %d: %s\n", prog, i, d ? d->msg : "bad texture");
				rc = EX_USAGE;
				goto out;
			}
			if (psz != 8)
				fprintf(stderr, "%s: warning: parameter %d is %zu bytes, not a 64-bit handle\n", prog, i, psz);
		} else if (a->kind == A_TMAP) {
			/* the map of the backend that runs it: each reads only its own encoding */
			ptx_tensormap tm = a->tm;
			void *map = aligned_alloc(64, 128);
			if (!map) {
				fprintf(stderr, "%s: out of memory\n", prog);
				rc = EX_USAGE;
				goto out;
			}
			tm.addr = a->tbuf < 0 ? addr[i] : addr[a->tbuf] + a->toff;
			memset(map, 0, 128);
			params[i] = map;
			st = backend == B_CUDA ? ptx_cuda_tensormap_encode(g, &tm, map) : ptx_tensormap_encode(cx, &tm, map);
			if (st != PTX_OK) {
				const ptx_diag *d = ptx_diag_get(cx, 0);
				fprintf(stderr, "%s: argument %d: %s\n", prog, i, backend == B_CUDA ? ptx_cuda_error(g) :
				    d ? d->msg : "bad tensor map");
				rc = EX_USAGE;
				goto out;
			}
			if (psz != 128)
				fprintf(stderr, "%s: warning: parameter %d is %zu bytes, not a 128-byte tensor map\n", prog, i, psz);
		} else if (!isbuf(a)) {
			if (a->n < psz && a->kind == A_BYTES) {
				fprintf(stderr, "%s: argument %d: %zu bytes given, the parameter has %zu\n", prog, i, a->n, psz);
				rc = EX_USAGE;
				goto out;
			}
			if (a->kind == A_SCALAR && (size_t)a->tsize != psz)
				fprintf(stderr, "%s: warning: argument %d is %d bytes, the parameter %zu\n", prog, i, a->tsize, psz);
			params[i] = a->bytes;
			if (a->kind == A_SCALAR && (size_t)a->tsize < psz) {
				/* widen: the scalar's bytes, zero- or sign-extended */
				unsigned char *w = calloc(psz, 1);
				if (!w) {
					fprintf(stderr, "%s: out of memory\n", prog);
					rc = EX_USAGE;
					goto out;
				}
				memcpy(w, a->bytes, (size_t)a->tsize);
				if (a->spec[0] == 's' && (a->bytes[a->tsize - 1] & 0x80))
					memset(w + a->tsize, 0xff, psz - (size_t)a->tsize);
				params[i] = w;
			}
		}
	}
	for (int i = 0; i < o->nsymin; i++) {
		size_t n, sz;
		ptx_devptr p;
		unsigned char *data;
		st = backend == B_CUDA ? ptx_cuda_get_global(g, o->symin[i].name, &p, &sz) :
		    ptx_module_get_global(pm, o->symin[i].name, &p, &sz);
		if (st != PTX_OK) {
			fprintf(stderr, "%s: --symbol-in: no module variable '%s'\n", prog, o->symin[i].name);
			rc = EX_USAGE;
			goto out;
		}
		/* at most what the variable holds, as cudaMemcpyToSymbol takes
		 * no more: an endless input (/dev/zero) is refused after its
		 * size and a byte, where it was read up to the memory limit
		 * (16 GiB) to keep its first bytes */
		if (!(data = run_readfile(o->symin[i].path, &n, sz < datamax ? sz : datamax))) {
			rc = EX_USAGE;
			goto out;
		}
		st = backend == B_CUDA ? ptx_cuda_copy_htod(g, p, data, n) : ptx_mem_copy_htod(cx, p, data, n);
		free(data);
	}
	if (backend == B_CUDA && capture) {
		fflush(stdout);
		cap = tmpfile();
		savefd = dup(1);
		if (cap)
			dup2(fileno(cap), 1);
	}
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	st = backend == B_CUDA ? ptx_cuda_launch_ex(g, fn, ptx_function_name(fn), o->grid, o->block,
	    o->hascluster ? o->cluster : NULL, o->shared, params) :
	    ptx_launch_ex(cx, fn, o->grid, o->block, o->hascluster ? o->cluster : NULL, o->shared, params);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
	if (o->time) {   /* the launch alone: no start-up, file reading or output */
		fprintf(stderr, "%s: launch of %s: %.6f s\n", prog, ptx_function_name(fn),
		    (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
		/* the CPU time of every host thread: on a machine shared with
		 * other work, one thread's launch (--threads 1) is measured by
		 * this better than by the wall time, which its waits inflate */
		fprintf(stderr, "%s: launch of %s: %.6f s of CPU time\n", prog, ptx_function_name(fn),
		    (double)(c1.tv_sec - c0.tv_sec) + (double)(c1.tv_nsec - c0.tv_nsec) / 1e9);
	}
	if (savefd >= 0) {
		long n;
		fflush(stdout);
		dup2(savefd, 1);
		close(savefd);
		n = ftell(cap);
		if (n < 0)
			n = 0;
		rewind(cap);
		sink.p = malloc((size_t)n + 1);
		sink.n = sink.p ? fread(sink.p, 1, (size_t)n, cap) : 0;
		sink.lost = !sink.p;
		fclose(cap);
	}
	if (st != PTX_OK) {
		if (backend == B_CUDA)
			fprintf(stderr, "%s: cuda backend: %s\n", prog, ptx_cuda_error(g));
		else {
			const ptx_fault *f = ptx_fault_get(cx);
			if (f->kind == PTX_FAULT_CHECK)
				;   /* the check's report, printed after the launch, says it all */
			else if (f->kind != PTX_FAULT_NONE)
				fprintf(stderr, "%s: %s\n", prog, f->msg);
			else
				print_diags(cx);
		}
		rc = EX_FAULT;
		goto out;
	}
	(void)npar;
	for (int i = 0; i < o->nargs; i++) {
		const Arg *a = &o->args[i];
		if (!isbuf(a))
			continue;
		if (!(res->buf[i] = malloc(a->n + 1))) {
			fprintf(stderr, "%s: out of memory for argument %d's %zu bytes\n", prog, i, a->n);
			rc = EX_USAGE;
			goto out;
		}
		res->len[i] = a->n;
		st = backend == B_CUDA ? ptx_cuda_copy_dtoh(g, res->buf[i], addr[i], a->n) :
		    ptx_mem_copy_dtoh(cx, res->buf[i], addr[i], a->n);
		if (st != PTX_OK) {
			rc = EX_FAULT;
			goto out;
		}
	}
	for (int i = 0; i < o->nsymout; i++) {
		size_t sz;
		ptx_devptr p;
		st = backend == B_CUDA ? ptx_cuda_get_global(g, o->symout[i].name, &p, &sz) :
		    ptx_module_get_global(pm, o->symout[i].name, &p, &sz);
		if (st != PTX_OK) {
			fprintf(stderr, "%s: --symbol-out: no module variable '%s'\n", prog, o->symout[i].name);
			rc = EX_USAGE;
			goto out;
		}
		if (!(res->sym[i] = malloc(sz + 1))) {
			fprintf(stderr, "%s: out of memory for '%s'\n", prog, o->symout[i].name);
			rc = EX_USAGE;
			goto out;
		}
		res->nsym[i] = sz;
		st = backend == B_CUDA ? ptx_cuda_copy_dtoh(g, res->sym[i], p, sz) : ptx_mem_copy_dtoh(cx, res->sym[i], p, sz);
		if (st != PTX_OK) {   /* never write a buffer the copy did not fill */
			fprintf(stderr, "%s: --symbol-out: module variable '%s' could not be read back\n", prog,
			    o->symout[i].name);
			rc = EX_FAULT;
			goto out;
		}
	}
out:
	res->out = sink.p;
	res->nout = sink.n;
	if (sink.lost && rc == EX_OK) {
		fprintf(stderr, "%s: out of memory for the printf output\n", prog);
		rc = EX_USAGE;
	}
	for (int i = 0; i < o->nargs; i++)
		if (params[i] && params[i] != o->args[i].bytes && params[i] != &addr[i])
			free(params[i]);
	free(params);
	free(addr);
	ptx_cuda_close(g);
	return rc;
}

/* ---------------------------------------------------------------- comparing */

static int64_t
ordered(uint64_t bits, int w)
{
	/* floats as integers whose order is the floats' order: ulp distance is a difference */
	uint64_t sign = 1ull << (w - 1);
	uint64_t mag = bits & (sign - 1);
	return bits & sign ? -(int64_t)mag : (int64_t)mag;
}

static int
isnanbits(uint64_t b, int w)
{
	switch (w) {
	case 16: return (b & 0x7c00) == 0x7c00 && (b & 0x3ff);
	case 17: return (b & 0x7f80) == 0x7f80 && (b & 0x7f);
	case 32: return (b & 0x7f800000) == 0x7f800000 && (b & 0x7fffff);
	default: return (b & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (b & 0xfffffffffffffull);
	}
}

static void
showval(char *buf, size_t n, uint64_t v, int w, int fl)
{
	if (fl && w == 32) {
		float f;
		uint32_t u = (uint32_t)v;
		memcpy(&f, &u, 4);
		snprintf(buf, n, "%.9g (0x%08x)", f, u);
	} else if (fl && w == 64) {
		double d;
		memcpy(&d, &v, 8);
		snprintf(buf, n, "%.17g (0x%016" PRIx64 ")", d, v);
	} else
		snprintf(buf, n, "0x%0*" PRIx64, w == 17 ? 4 : w / 4, v);
}

/* Compares got with want under cmp; prints the first mismatches. 0 equal, 1 differ. */
static int
compare(const char *what, const unsigned char *got, size_t ngot, const unsigned char *want, size_t nwant,
        const char *cmp)
{
	int w, fl;
	uint64_t uk;
	int64_t k;
	size_t es, n, run_bad = 0;

	if (run_parsecmp(cmp, &w, &uk) != 0) {   /* checked with the options: not reached */
		fprintf(stderr, "%s: unknown comparison '%s'\n", prog, cmp);
		return 2;
	}
	k = (int64_t)uk;
	fl = w != 0;
	if (!fl)
		w = 8;
	if (ngot != nwant) {
		printf("%s: size differs: got %zu bytes, want %zu\n", what, ngot, nwant);
		return 1;
	}
	es = (size_t)(w == 17 ? 2 : w / 8);
	n = ngot / es;
	for (size_t i = 0; i < n; i++) {
		uint64_t a = 0, b = 0;
		int ok;
		memcpy(&a, got + i * es, es);
		memcpy(&b, want + i * es, es);
		if (!fl || a == b)
			ok = a == b;
		else if (isnanbits(a, w) || isnanbits(b, w))
			ok = isnanbits(a, w) && isnanbits(b, w);
		else {
			int bw = w == 17 ? 16 : w;
			int64_t x = ordered(a, bw), y = ordered(b, bw);
			/* in unsigned arithmetic: f64 distances pass INT64_MAX */
			uint64_t d = x < y ? (uint64_t)y - (uint64_t)x : (uint64_t)x - (uint64_t)y;
			ok = d <= (uint64_t)k;
		}
		if (!ok) {
			if (run_bad < 10) {
				char g[64], x[64];
				showval(g, sizeof g, a, w, fl);
				showval(x, sizeof x, b, w, fl);
				printf("%s: [%zu] got %s, want %s\n", what, i, g, x);
			}
			run_bad++;
		}
	}
	if (!run_bad && ngot % es && memcmp(got + n * es, want + n * es, ngot % es))
		run_bad = 1;
	if (run_bad)
		printf("%s: %zu of %zu elements differ\n", what, run_bad, n);
	return run_bad != 0;
}

/* The reports of --check: as text to standard error, and as JSON to
 * --check-json's file.  Nonzero: an I/O error. */
static int
checks_report(const Opts *o, ptx_ctx *cx)
{
	Outfile of;

	ptx_report_write(cx, stderr, 0, prog);
	if (!o->checkjson)
		return 0;
	if (outfile_open(&of, prog, o->checkjson) != 0)
		return 1;
	ptx_report_write(cx, of.f, 1, NULL);
	return outfile_commit(&of, prog) != 0;
}

/* Everything main owns is released on every path, so that leak checkers
 * see a clean exit whatever the outcome. */
static void
opts_free(Opts *o)
{
	for (int i = 0; i < o->nargs; i++)
		free(o->args[i].bytes);
	free(o->args);
	/* an --expect PATH:CMP spec owns a copy of its path */
	for (int i = 0; i < o->nouts; i++)
		if (o->outs[i].cmp)
			free((char *)o->outs[i].path);
	for (int i = 0; i < o->nexpects; i++)
		if (o->expects[i].cmp)
			free((char *)o->expects[i].path);
	free(o->outs);
	free(o->expects);
	for (int i = 0; i < o->nsymin; i++)
		free((char *)o->symin[i].name);
	for (int i = 0; i < o->nsymout; i++)
		free((char *)o->symout[i].name);
	free(o->symin);
	free(o->symout);
}

static void
result_free(Result *r, const Opts *o)
{
	for (int i = 0; r->buf && i < o->nargs; i++)
		free(r->buf[i]);
	for (int i = 0; r->sym && i < o->nsymout; i++)
		free(r->sym[i]);
	free(r->buf);
	free(r->len);
	free(r->out);
	free(r->sym);
	free(r->nsym);
}

static int
finish(int rc, Opts *o, Result *r1, Result *r2, ptx_ctx *cx, unsigned char *text)
{
	/* A lost standard output (a full disk, /dev/full) fails a run that
	 * would have succeeded; a fault or a rejected module keeps its status. */
	if (outfile_close_stdout(prog) != 0 && (rc == EX_OK || rc == EX_DIFF))
		rc = EX_USAGE;
	result_free(r1, o);
	result_free(r2, o);
	opts_free(o);
	ptx_ctx_free(cx);
	free(text);
	return rc;
}

int
main(int argc, char **argv)
{
	Opts o;
	ptx_ctx *cx = NULL;
	ptx_module *pm = NULL;
	ptx_function *fn = NULL;
	unsigned char *text = NULL;
	size_t len;
	int rc, st;
	uint64_t lim;
	Result res, res2;

	memset(&o, 0, sizeof o);
	memset(&res, 0, sizeof res);
	memset(&res2, 0, sizeof res2);
	for (int i = 0; i < 3; i++)
		o.grid[i] = o.block[i] = o.cluster[i] = 1;
	rc = parseargs(argc, argv, &o);
	if (rc)
		return finish(rc > 0 ? EX_OK : EX_USAGE, &o, &res, &res2, cx, text);
	/* the order oracle unless told otherwise: libptx asks the real ptxas
	 * where one is found (api/nanorder.c), else predicts as always */
	if (!getenv("PTXKIT_NANORDER") && setenv("PTXKIT_NANORDER", "ptxas", 0) != 0) {
		fprintf(stderr, "%s: cannot set PTXKIT_NANORDER\n", prog);
		return finish(EX_USAGE, &o, &res, &res2, cx, text);
	}
	if (!(text = run_readfile(o.module, &len, READALL_TEXT_MAX)))
		return finish(EX_USAGE, &o, &res, &res2, cx, text);
	if (ptx_ctx_new(&cx, NULL) != PTX_OK) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return finish(EX_USAGE, &o, &res, &res2, cx, text);
	}
	/* before the module: its globals count against --max-memory */
	for (int i = 0; i < 3; i++) {
		static const char *const name[3] = { "--max-memory", "--heap-size", "--stack-size" };
		static const int which[3] = { PTX_LIMIT_MEMORY, PTX_LIMIT_MALLOC_HEAP, PTX_LIMIT_STACK };
		if (o.haslimit[i] && ptx_set_limit(cx, which[i], o.limit[i]) != PTX_OK) {
			fprintf(stderr, "%s: %s: %" PRIu64 " bytes is out of the interpreter's range\n", prog,
			    name[i], o.limit[i]);
			return finish(EX_USAGE, &o, &res, &res2, cx, text);
		}
	}
	if (ptx_get_limit(cx, PTX_LIMIT_MEMORY, &lim) == PTX_OK && lim < datamax)
		datamax = lim;
	if (readargs(&o) != 0)
		return finish(EX_USAGE, &o, &res, &res2, cx, text);
	st = ptx_module_load(cx, o.module, (const char *)text, len, &pm);
	if (st != PTX_OK) {
		print_diags(cx);
		return finish(EX_MODULE, &o, &res, &res2, cx, text);
	}
	if (!o.kernel) {
		if (ptx_module_entry_count(pm) != 1) {
			fprintf(stderr, "%s: %s has %d kernels; choose one with -k:", prog, o.module,
			    ptx_module_entry_count(pm));
			for (int i = 0; i < ptx_module_entry_count(pm); i++)
				fprintf(stderr, " %s", ptx_module_entry_name(pm, i));
			fprintf(stderr, "\n");
			return finish(EX_USAGE, &o, &res, &res2, cx, text);
		}
		o.kernel = ptx_module_entry_name(pm, 0);
	}
	if (ptx_module_get_function(pm, o.kernel, &fn) != PTX_OK) {
		fprintf(stderr, "%s: %s: no kernel named '%s'\n", prog, o.module, o.kernel);
		return finish(EX_USAGE, &o, &res, &res2, cx, text);
	}
	if (o.nargs != ptx_function_param_count(fn)) {
		fprintf(stderr, "%s: kernel %s takes %d parameters, %d given with -a\n", prog, o.kernel,
		    ptx_function_param_count(fn), o.nargs);
		return finish(EX_USAGE, &o, &res, &res2, cx, text);
	}
	if (o.diff) {
		int d = 0;
		rc = run(&o, B_INTERP, (const char *)text, len, cx, pm, fn, &res, 1);
		if (rc == EX_OK)
			rc = run(&o, B_CUDA, (const char *)text, len, cx, pm, fn, &res2, 1);
		if (rc == EX_OK) {
			fwrite(res.out, 1, res.nout, stdout);
			for (int i = 0; i < o.nargs; i++)
				if (res.buf[i]) {
					char what[64];
					snprintf(what, sizeof what, "argument %d", i);
					d |= compare(what, res.buf[i], res.len[i], res2.buf[i], res2.len[i], NULL);
				}
			if (res.nout != res2.nout || (res.nout && memcmp(res.out, res2.out, res.nout))) {
				printf("printf output differs (interp %zu bytes, cuda %zu bytes)\n", res.nout, res2.nout);
				d = 1;
			}
			rc = d ? EX_DIFF : EX_OK;
		}
	} else {
		ptx_set_counting(cx, !o.nostats);
		rc = run(&o, o.backend, (const char *)text, len, cx, pm, fn, &res, 0);
		if ((rc == EX_OK || rc == EX_FAULT) && o.backend == B_INTERP &&
		    run_report(&o, cx, (const char *)text, len) && rc == EX_OK)
			rc = EX_USAGE;
		/* the program ends with the launch: what the device heap still
		 * holds of it leaked (memcheck), unless a fault cut it short */
		if (o.checks && rc != EX_FAULT)
			ptx_report_leaks(cx);
		if (o.checks && checks_report(&o, cx))
			rc = EX_USAGE;
	}
	if (rc == EX_OK || rc == EX_DIFF) {
		int d = 0;
		for (int i = 0; i < o.nexpects; i++) {
			size_t n;
			unsigned char *want = run_readfile(o.expects[i].path, &n, datamax);
			char what[64];
			if (!want) {
				rc = EX_USAGE;
				break;
			}
			snprintf(what, sizeof what, "argument %d", o.expects[i].n);
			st = compare(what, res.buf[o.expects[i].n], res.len[o.expects[i].n], want, n, o.expects[i].cmp);
			free(want);
			if (st == 2) {
				rc = EX_USAGE;
				break;
			}
			d |= st;
		}
		if (d && rc == EX_OK)
			rc = EX_DIFF;
		for (int i = 0; i < o.nouts && rc != EX_USAGE; i++)
			if (outfile_write(prog, o.outs[i].path, res.buf[o.outs[i].n], res.len[o.outs[i].n]))
				rc = EX_USAGE;
		for (int i = 0; i < o.nsymout && rc != EX_USAGE; i++)
			if (res.sym[i] && outfile_write(prog, o.symout[i].path, res.sym[i], res.nsym[i]))
				rc = EX_USAGE;
	}
	/* a checked run that found anything fails as a fault does, its outputs written */
	if (o.checks && ptx_report_count(cx) && (rc == EX_OK || rc == EX_DIFF))
		rc = EX_FAULT;
	return finish(rc, &o, &res, &res2, cx, text);
}

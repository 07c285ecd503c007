/*
 * difftest.c -- the differential tester: random valid kernels (gen.c), run
 * on a GPU once and recorded, then replayed on the interpreter by make
 * check, which names the instruction of the first differing result.
 *
 *   difftest gen SEED [FAMILY]       the kernel's PTX
 *   difftest show SEED [FAMILY]      the PTX, the shape, the inputs and the slots
 *   difftest record --backend cuda|interp FROM TO [--family F] [-j N] [-b N]
 *                                    one line per seed in [FROM, TO)
 *   difftest replay [--xfail FILE] [--oracle FILE] [--part K/N] [--nanorder]
 *                   [--passed] [-v] FILE...
 *                                    runs the records on the interpreter
 *                                    (with --nanorder, the f64 NaN operand
 *                                    order from the real ptxas:
 *                                    PTXKIT_NANORDER=ptxas, api/nanorder.c;
 *                                    with --oracle, only for the records
 *                                    that FILE lists, which must then pass
 *                                    though xfail.txt lists them; with
 *                                    --passed, "passed KEY" for each record
 *                                    that passes, KEY as xfail.txt writes it)
 *                                    (with --part, only those whose
 *                                    version, seed and family hash to K
 *                                    modulo N: part of the records, or
 *                                    one of N workers' shares)
 *   difftest module FROM TO [FAMILY] the kernels of [FROM, TO) as one module,
 *                                    as the CUDA backend loads them
 *   difftest families                the families and their weights
 *   difftest load FROM TO [--family F]
 *                                    loads each seed's kernel of every
 *                                    family (or of F) without running it:
 *                                    the loader's passes (decode, folds,
 *                                    contraction, NaN order) over many
 *                                    more kernels than the records hold,
 *                                    cheap enough for a sanitizer build
 *                                    (make diff-load); a kernel that does
 *                                    not load is a line "VERSION SEED
 *                                    FAMILY error MESSAGE"
 *
 * gen, show, record, module, families and dump use the newest generator
 * version unless told `--gen-version N`; replay takes each record's.
 *
 * A record is one line:  VERSION SEED FAMILY STATUS [DETAIL]
 * STATUS ok is followed by one word per output slot, HASH:VALUE, the hash
 * (32 bits) of the slot's cells over all threads and the value of thread
 * 0's cell, both in hex; rejected (the GPU's JIT refused the module: a
 * generator bug), fault and error are followed by the message.
 *
 * Uses the public API of libptx only.  The CUDA backend runs several
 * kernels per module, since loading (the JIT) costs far more than a
 * launch of a few hundred threads, and -j N worker processes, each with
 * its own context.
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "include/ptx.h"
#include "difftest.h"

static const char *prog = "difftest";
static int genver = DT_VERSION;   /* --gen-version */

static int
usage(void)
{
	fprintf(stderr,
	    "usage: %s gen SEED [FAMILY]\n"
	    "       %s show SEED [FAMILY]\n"
	    "       %s record --backend cuda|interp FROM TO [--family F] [-j N] [-b N]\n"
	    "       %s replay [--xfail FILE] [--oracle FILE] [--part K/N] [--nanorder] [--passed] [-v] FILE...\n"
	    "       %s module FROM TO [FAMILY]\n"
	    "       %s families\n"
	    "       %s dump --backend cuda|interp [--family F] SEED...\n"
	    "       %s load FROM TO [--family F]\n"
	    "       (--gen-version N anywhere: generator version N, 1..%d; default %d)\n",
	    prog, prog, prog, prog, prog, prog, prog, prog, DT_NEWEST, DT_VERSION);
	return 2;
}

static int
parse_u64(const char *s, uint64_t *out)
{
	char *e;
	errno = 0;
	unsigned long long v = strtoull(s, &e, 0);
	if (errno || e == s || *e || *s == '-')
		return -1;
	*out = v;
	return 0;
}

static int
family_arg(const char *s)
{
	int f = dt_family_lookup(s);
	if (f < 0 || f >= dt_family_count(genver)) {
		fprintf(stderr, "%s: unknown family '%s' in generator version %d (see: %s families)\n", prog, s,
		    genver, prog);
		return -1;
	}
	return f;
}

/* ---------------------------------------------------------------- results */

/* The hash of a slot: every thread's 8-byte cell, in thread order. */
static uint32_t
slot_hash(const uint64_t *cell, unsigned n)
{
	uint64_t h = 0x6a09e667f3bcc908ULL;
	for (unsigned t = 0; t < n; t++) {
		h ^= cell[t] + t;
		h *= 0x9e3779b97f4a7c15ULL;
		h ^= h >> 29;
	}
	return (uint32_t)(h ^ h >> 32);
}

static void
print_ok(FILE *f, const DtKernel *k, const uint64_t *out)
{
	fprintf(f, "%d %s %s ok", k->version, k->name + 1, k->family);
	for (int s = 0; s < k->nslot; s++) {
		const uint64_t *c = out + (size_t)s * k->nthreads;
		fprintf(f, " %x:%llx", slot_hash(c, k->nthreads), (unsigned long long)c[0]);
	}
	fputc('\n', f);
}

/* One line of text: newlines and the like become spaces. */
static void
print_bad(FILE *f, const DtKernel *k, const char *status, const char *msg)
{
	fprintf(f, "%d %s %s %s ", k->version, k->name + 1, k->family, status);
	for (const char *p = msg; *p && p - msg < 300; p++)
		fputc(isprint((unsigned char)*p) ? *p : ' ', f);
	fputc('\n', f);
}

/* ---------------------------------------------------------------- the interpreter */

/* Runs k; out receives k->outsize bytes.  On failure returns the status
 * and writes a message to msg. */
static int
run_interp(ptx_ctx *cx, const DtKernel *k, uint64_t *out, char *msg, size_t nmsg)
{
	ptx_module *m = NULL;
	ptx_function *fn;
	ptx_devptr in = 0, o = 0, scr = 0;
	void *params[3] = { &in, &o, &scr };
	int st;

	msg[0] = 0;
	st = ptx_module_load(cx, k->name, k->text, k->len, &m);
	if (st != PTX_OK) {
		const ptx_diag *d = ptx_diag_get(cx, 0);
		snprintf(msg, nmsg, "load: %d:%d: %s", d ? d->line : 0, d ? d->col : 0, d ? d->msg : "failed");
		return st;
	}
	if ((st = ptx_module_get_function(m, k->name, &fn)) != PTX_OK ||
	    (st = ptx_mem_alloc(cx, k->insize, &in)) != PTX_OK ||
	    (st = ptx_mem_alloc(cx, k->outsize, &o)) != PTX_OK ||
	    (st = ptx_mem_alloc(cx, k->scrsize, &scr)) != PTX_OK ||
	    (st = ptx_mem_copy_htod(cx, in, k->in, k->insize)) != PTX_OK ||
	    (st = ptx_mem_memset(cx, o, 0, k->outsize)) != PTX_OK ||
	    (st = ptx_mem_memset(cx, scr, 0, k->scrsize)) != PTX_OK) {
		snprintf(msg, nmsg, "setup failed (%d)", st);
		goto out;
	}
	st = ptx_launch_ex(cx, fn, k->grid, k->block, k->cluster[0] ? k->cluster : NULL, 0, params);
	if (st != PTX_OK) {
		const ptx_fault *f = ptx_fault_get(cx);
		const ptx_diag *d = ptx_diag_get(cx, 0);
		if (f && f->kind != PTX_FAULT_NONE)
			snprintf(msg, nmsg, "fault at line %d: %s", f->line, f->msg ? f->msg : "");
		else
			snprintf(msg, nmsg, "launch: %s", d ? d->msg : "failed");
		goto out;
	}
	st = ptx_mem_copy_dtoh(cx, out, o, k->outsize);
out:
	if (in)
		ptx_mem_free(cx, in);
	if (o)
		ptx_mem_free(cx, o);
	if (scr)
		ptx_mem_free(cx, scr);
	ptx_module_free(m);
	return st;
}

static ptx_ctx *
new_ctx(void)
{
	ptx_ctx *cx;
	if (ptx_ctx_new(&cx, NULL) != PTX_OK) {
		fprintf(stderr, "%s: cannot create a context\n", prog);
		return NULL;
	}
	ptx_set_threads(cx, 1);
	ptx_set_counting(cx, 0);
	ptx_set_max_steps(cx, 10000000);
	return cx;
}

/* ---------------------------------------------------------------- record */

typedef struct {
	int cuda;
	int family;
	int batch;
	uint64_t from, to;
	unsigned jobs, job;     /* this worker takes the seeds from + job + n * jobs */
	uint64_t start;         /* from its first one on, or from this one (a restart) */
	uint64_t single;        /* seeds below this one are loaded one per module */
} RecOpts;

/* A launch that has not finished after this many seconds (the kernels
 * take milliseconds) ends its worker by SIGALRM: the parent records the
 * seed as a fault and starts the worker again after it. */
enum { WATCHDOG_S = 10 };

/* A module load (the driver's JIT, ptxas inside it) that has used this
 * many seconds of CPU ends its worker by SIGVTALRM: ptxas 13.0 never
 * finishes some kernels (v15 xmix seed 895527), where a batch of 32 takes
 * a second or two.  A batch's load that dies so, or by a crash of the
 * JIT, records nothing: its seeds are loaded one a module again, and the
 * one whose load dies alone is recorded as a fault. */
enum { JIT_CPU_S = 120 };

/* A worker's exit status when a fault left its process unable to open a
 * context again (a sticky error: the driver refuses every context of the
 * process after an illegal instruction): the parent starts another
 * worker for the seeds after the last one recorded. */
enum { REC_RESTART = 3 };

static int
record_interp(const RecOpts *o, FILE *f)
{
	ptx_ctx *cx = new_ctx();
	char msg[512];

	if (!cx)
		return 1;
	for (uint64_t s = o->from + o->job; s < o->to; s += o->jobs) {
		DtKernel k;
		if (dt_gen(&k, genver, s, o->family) != 0) {
			fprintf(stderr, "%s: out of memory\n", prog);
			return 1;
		}
		uint64_t *out = calloc(1, k.outsize);
		if (!out)
			return 1;
		if (run_interp(cx, &k, out, msg, sizeof msg) == PTX_OK)
			print_ok(f, &k, out);
		else
			print_bad(f, &k, "error", msg);
		free(out);
		dt_kernel_free(&k);
	}
	ptx_ctx_free(cx);
	return 0;
}

/* The GPU side of one worker: a context, three buffers of the largest
 * size a kernel needs, and the interpreter's view of the common
 * parameter list (which the driver's launch packs from). */
typedef struct {
	ptx_cuda *g;
	ptx_devptr in, out, scr;
	ptx_ctx *cx;
	ptx_function *stub;
	uint64_t *zero;
} Gpu;

/* the largest launch: two clusters of 4 CTAs (version 5) of 96 threads */
enum { MAX_CTA = 8, MAX_IN = MAX_CTA * 96 * DT_NIN * 8, MAX_OUT = 4 << 20,
	MAX_SCR = MAX_CTA * 96 * DT_SCR_CELL + MAX_CTA * DT_SCR_CTA };

static int
gpu_open(Gpu *u)
{
	if (ptx_cuda_open(&u->g) != PTX_OK) {
		fprintf(stderr, "%s: cuda: %s\n", prog, ptx_cuda_error(u->g));
		return -1;
	}
	if (ptx_cuda_mem_alloc(u->g, MAX_IN, &u->in) != PTX_OK || ptx_cuda_mem_alloc(u->g, MAX_OUT, &u->out) != PTX_OK ||
	    ptx_cuda_mem_alloc(u->g, MAX_SCR, &u->scr) != PTX_OK) {
		fprintf(stderr, "%s: cuda: %s\n", prog, ptx_cuda_error(u->g));
		return -1;
	}
	return 0;
}

static int
gpu_init(Gpu *u)
{
	static const char stub[] =
	    ".version 8.0\n.target sm_90\n.address_size 64\n"
	    ".visible .entry stub(.param .u64 a, .param .u64 b, .param .u64 c)\n{\n\tret;\n}\n";
	ptx_module *m;

	memset(u, 0, sizeof *u);
	if (!(u->cx = new_ctx()) || ptx_module_load(u->cx, "stub", stub, sizeof stub - 1, &m) != PTX_OK ||
	    ptx_module_get_function(m, "stub", &u->stub) != PTX_OK) {
		fprintf(stderr, "%s: cannot load the parameter stub\n", prog);
		return -1;
	}
	if (!(u->zero = calloc(1, MAX_OUT)))
		return -1;
	return gpu_open(u);
}

/* The modules of ks[0..n) as one: the first whole, the others from their
 * .entry on, the target sm_90a where any kernel's is (version 7's wgmma
 * family: sm_90a accepts all that sm_90 does).  NULL when out of memory. */
static char *
concat(const DtKernel *ks, int n, size_t *len)
{
	static const char t90[] = "\n.target sm_90\n";
	size_t l = 0, at = 0;
	char *text;
	const char *t;
	int arch = 0;

	for (int i = 0; i < n; i++) {
		l += ks[i].len - (i ? ks[i].body : 0) + 1;
		arch |= strstr(ks[i].text, "\n.target sm_90a\n") != NULL;
	}
	/* where the first kernel's header says sm_90, the byte to add "a" before */
	if (arch && n && (t = strstr(ks[0].text, t90)) && (size_t)(t - ks[0].text) < ks[0].body)
		at = (size_t)(t - ks[0].text) + sizeof t90 - 2;
	if (!(text = malloc(l + 2)))
		return NULL;
	l = 0;
	for (int i = 0; i < n; i++) {
		size_t from = i ? ks[i].body : 0;
		if (i == 0 && at) {
			memcpy(text, ks[0].text, at);
			text[at] = 'a';
			memcpy(text + at + 1, ks[0].text + at, ks[0].len - at);
			l = ks[0].len + 1;
		} else {
			memcpy(text + l, ks[i].text + from, ks[i].len - from);
			l += ks[i].len - from;
		}
		text[l++] = '\n';
	}
	text[l] = 0;
	*len = l;
	return text;
}

static int
gpu_load(Gpu *u, const DtKernel *ks, int n)
{
	size_t len;
	char *text = concat(ks, n, &len);
	int st;

	if (!text)
		return PTX_ENOMEM;
	st = ptx_cuda_module_load(u->g, text, len);
	free(text);
	return st;
}

/* gpu_load under the load watchdog (JIT_CPU_S, on the process's CPU
 * time): every load of record's workers */
static int
gpu_loadwatched(Gpu *u, const DtKernel *ks, int n)
{
	struct itimerval on = { { 0, 0 }, { JIT_CPU_S, 0 } }, off = { { 0, 0 }, { 0, 0 } };
	int st;

	setitimer(ITIMER_VIRTUAL, &on, NULL);
	st = gpu_load(u, ks, n);
	setitimer(ITIMER_VIRTUAL, &off, NULL);
	return st;
}

static int
gpu_run(Gpu *u, const DtKernel *k, uint64_t *out)
{
	void *params[3] = { &u->in, &u->out, &u->scr };
	int st;

	if (k->insize > MAX_IN || k->outsize > MAX_OUT || k->scrsize > MAX_SCR)
		return PTX_EINVAL;
	if ((st = ptx_cuda_copy_htod(u->g, u->in, k->in, k->insize)) != PTX_OK ||
	    (st = ptx_cuda_copy_htod(u->g, u->out, u->zero, k->outsize)) != PTX_OK ||
	    (st = ptx_cuda_copy_htod(u->g, u->scr, u->zero, k->scrsize)) != PTX_OK ||
	    (st = ptx_cuda_launch_ex(u->g, u->stub, k->name, k->grid, k->block, k->cluster[0] ? k->cluster : NULL, 0,
	    params)) != PTX_OK)
		return st;
	return ptx_cuda_copy_dtoh(u->g, out, u->out, k->outsize);
}

static int
record_cuda(const RecOpts *o, FILE *f)
{
	Gpu u;
	DtKernel *ks = calloc((size_t)o->batch, sizeof *ks);
	uint64_t *out = malloc(MAX_OUT);
	uint64_t s = o->start ? o->start : o->from + o->job;

	if (!ks || !out || gpu_init(&u) != 0)
		return 1;
	while (s < o->to) {
		int n = 0, whole, batch = s < o->single ? 1 : o->batch;
		for (; n < batch && s < o->to; n++, s += o->jobs)
			if (dt_gen(&ks[n], genver, s, o->family) != 0)
				return 1;
		whole = gpu_loadwatched(&u, ks, n) == PTX_OK;
		for (int i = 0; i < n; i++) {
			if (!whole && gpu_loadwatched(&u, &ks[i], 1) != PTX_OK) {
				print_bad(f, &ks[i], "rejected", ptx_cuda_error(u.g));
				fflush(f);
				continue;
			}
			/* each record reaches the file before the next launch, so
			 * that a worker's death names its kernel (cmd_record) */
			alarm(WATCHDOG_S);
			int st = gpu_run(&u, &ks[i], out);
			alarm(0);
			if (st == PTX_OK) {
				print_ok(f, &ks[i], out);
				fflush(f);
				continue;
			}
			/* a fault leaves the context unusable: start again */
			print_bad(f, &ks[i], "fault", ptx_cuda_error(u.g));
			fflush(f);
			ptx_cuda_close(u.g);
			if (gpu_open(&u) != 0)
				return fflush(f) ? 1 : REC_RESTART;
			if (whole && i + 1 < n && gpu_loadwatched(&u, ks + i + 1, n - i - 1) != PTX_OK)
				whole = 0;
		}
		fflush(f);
		for (int i = 0; i < n; i++)
			dt_kernel_free(&ks[i]);
	}
	ptx_cuda_close(u.g);
	ptx_ctx_free(u.cx);
	free(u.zero);
	free(ks);
	free(out);
	return 0;
}

/* Sorts the records of the workers' files by seed onto stdout. */
typedef struct {
	uint64_t seed;
	char *line;
} Rec;

static int
reccmp(const void *a, const void *b)
{
	const Rec *x = a, *y = b;
	return x->seed < y->seed ? -1 : x->seed > y->seed;
}

static int
merge(FILE **fs, unsigned n)
{
	Rec *r = NULL;
	size_t nr = 0, cap = 0;
	char *line = NULL;
	size_t lcap = 0;
	ssize_t len;

	for (unsigned i = 0; i < n; i++) {
		rewind(fs[i]);
		while ((len = getline(&line, &lcap, fs[i])) > 0) {
			unsigned long long seed;
			if (sscanf(line, "%*d %llu", &seed) != 1)
				continue;
			if (nr == cap) {
				cap = cap ? cap * 2 : 1024;
				Rec *p = realloc(r, cap * sizeof *p);
				if (!p)
					return 1;
				r = p;
			}
			r[nr].seed = seed;
			if (!(r[nr++].line = strdup(line)))
				return 1;
		}
	}
	qsort(r, nr, sizeof *r, reccmp);
	for (size_t i = 0; i < nr; i++) {
		fputs(r[i].line, stdout);
		free(r[i].line);
	}
	free(r);
	free(line);
	return fflush(stdout) != 0;
}

/* The seed of the last record in f, which a worker wrote (each of its
 * records is one line, well under 64 KiB). */
static int
last_seed(FILE *f, uint64_t *seed)
{
	static char buf[65536];
	off_t end, at;
	ssize_t n;
	char *p;
	unsigned long long v;

	if (fflush(f) != 0 || (end = lseek(fileno(f), 0, SEEK_END)) <= 0)
		return -1;
	at = end > (off_t)sizeof buf - 1 ? end - (off_t)sizeof buf + 1 : 0;
	if ((n = pread(fileno(f), buf, (size_t)(end - at), at)) <= 0)
		return -1;
	buf[n] = 0;
	if (buf[n - 1] == '\n')
		buf[--n] = 0;
	p = strrchr(buf, '\n');
	if (sscanf(p ? p + 1 : buf, "%*d %llu", &v) != 1)
		return -1;
	*seed = v;
	return 0;
}

/* Records seed as a fault: its worker was ended by signal sig. */
static int
dead_worker(const RecOpts *o, FILE *f, uint64_t seed, int sig)
{
	DtKernel k;
	char msg[128];

	if (seed >= o->to || dt_gen(&k, genver, seed, o->family) != 0)
		return -1;
	if (sig == SIGALRM)
		snprintf(msg, sizeof msg, "the launch ran past %d s (watchdog)", WATCHDOG_S);
	else if (sig == SIGVTALRM)
		snprintf(msg, sizeof msg, "loading its module ran past %d s of CPU (the JIT; watchdog)", JIT_CPU_S);
	else
		snprintf(msg, sizeof msg, "the worker was ended by signal %d (%s)", sig, strsignal(sig));
	fseek(f, 0, SEEK_END);
	print_bad(f, &k, "fault", msg);
	dt_kernel_free(&k);
	fprintf(stderr, "%s: seed %llu: %s\n", prog, (unsigned long long)seed, msg);
	return fflush(f) != 0 ? -1 : 0;
}

static int
cmd_record(int argc, char **argv)
{
	RecOpts o = { 0, -1, 32, 0, 0, 1, 0, 0, 0 };
	const char *backend = NULL;
	int npos = 0;
	uint64_t v;

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc)
			backend = argv[++i];
		else if (strcmp(argv[i], "--family") == 0 && i + 1 < argc) {
			if ((o.family = family_arg(argv[++i])) < 0)
				return 2;
		} else if ((strcmp(argv[i], "-j") == 0 || strcmp(argv[i], "-b") == 0) && i + 1 < argc) {
			if (parse_u64(argv[i + 1], &v) != 0 || v < 1 || v > 1024)
				return usage();
			if (argv[i][1] == 'j')
				o.jobs = (unsigned)v;
			else
				o.batch = (int)v;
			i++;
		} else if (npos < 2 && parse_u64(argv[i], &v) == 0) {
			if (npos++ == 0)
				o.from = v;
			else
				o.to = v;
		} else
			return usage();
	}
	if (npos != 2 || !backend || o.to < o.from)
		return usage();
	if (strcmp(backend, "cuda") == 0)
		o.cuda = 1;
	else if (strcmp(backend, "interp") != 0)
		return usage();

	/* every worker writes its own file; the parent merges them by seed */
	FILE **fs = calloc(o.jobs, sizeof *fs);
	pid_t *pid = calloc(o.jobs, sizeof *pid);
	int bad = 0;
	if (!fs || !pid)
		return 1;
	fflush(stdout);
	for (unsigned j = 0; j < o.jobs; j++) {
		if (!(fs[j] = tmpfile())) {
			fprintf(stderr, "%s: tmpfile: %s\n", prog, strerror(errno));
			return 1;
		}
		if (o.jobs == 1 && !o.cuda) {   /* a GPU worker may need starting again */
			pid[j] = 0;
			o.job = 0;
			bad |= o.cuda ? record_cuda(&o, fs[j]) : record_interp(&o, fs[j]);
			continue;
		}
		if ((pid[j] = fork()) < 0) {
			fprintf(stderr, "%s: fork: %s\n", prog, strerror(errno));
			return 1;
		}
		if (pid[j] == 0) {
			o.job = j;
			int r = o.cuda ? record_cuda(&o, fs[j]) : record_interp(&o, fs[j]);
			fflush(fs[j]);
			_exit(r);
		}
	}
	for (unsigned j = 0; j < o.jobs; j++) {
		int status = 0, ok = pid[j] == 0;
		uint64_t last, next = o.from + j;   /* where the running worker began */
		while (pid[j] > 0) {
			if (waitpid(pid[j], &status, 0) != pid[j])
				break;
			if (WIFEXITED(status) && ((ok = WEXITSTATUS(status) == 0) || WEXITSTATUS(status) != REC_RESTART))
				break;
			if (last_seed(fs[j], &last) != 0 || last < next)
				last = next - o.jobs;   /* nothing recorded since it began */
			if (WIFSIGNALED(status) && WTERMSIG(status) != SIGALRM && last + o.jobs >= o.single) {
				/* a batch's load that did not end (SIGVTALRM) or that
				 * crashed the JIT (SIGSEGV: the seed after the last
				 * record need not be the one, v15 xmix 940688 was
				 * blamed for 940992, its batch's): its seeds loaded one
				 * a module from the first again, the one whose load or
				 * run dies then is recorded */
				o.single = last + o.jobs + (uint64_t)o.batch * o.jobs;
			} else if (WIFSIGNALED(status)) {
				/* killed while running the seed after its last record
				 * (the launch watchdog's SIGALRM), or while loading or
				 * running it in a module of its own */
				if (dead_worker(&o, fs[j], last + o.jobs, WTERMSIG(status)) != 0)
					break;
				last += o.jobs;
				o.single = last + (uint64_t)o.batch * o.jobs;
			}
			if (last + o.jobs >= o.to) {
				ok = 1;
				break;
			}
			fprintf(stderr, "%s: worker %u starts again after seed %llu\n", prog, j, (unsigned long long)last);
			fflush(stderr);
			next = o.start = last + o.jobs;
			if ((pid[j] = fork()) == 0) {
				o.job = j;
				int r = record_cuda(&o, fs[j]);
				fflush(fs[j]);
				_exit(r);
			}
		}
		o.single = 0;
		if (!ok) {
			fprintf(stderr, "%s: worker %u failed\n", prog, j);
			bad = 1;
		}
	}
	bad |= merge(fs, o.jobs);
	for (unsigned j = 0; j < o.jobs; j++)
		fclose(fs[j]);
	free(fs);
	free(pid);
	return bad;
}

/* ---------------------------------------------------------------- replay */

/* Line n (1-based) of text, without its indentation. */
static void
text_line(const DtKernel *k, int n, char *buf, size_t nbuf)
{
	const char *p = k->text, *e;
	while (--n > 0 && (p = strchr(p, '\n')))
		p++;
	if (!p) {
		snprintf(buf, nbuf, "?");
		return;
	}
	while (*p == '\t' || *p == ' ')
		p++;
	e = strchr(p, '\n');
	snprintf(buf, nbuf, "%.*s", (int)(e ? e - p : (ptrdiff_t)strlen(p)), p);
}

typedef struct {
	char **pat;     /* "family F", "seed N" or "vV seed N F", sorted */
	int npat;
	char **opat;    /* --oracle's records, in the same forms */
	int nopat;
	const char *order;   /* PTXKIT_NANORDER as given, restored after each --oracle record */
	int verbose, passed;
	unsigned oracle;     /* records replayed with ptxas's order */
	uint64_t part, nparts;   /* --part K/N: the records that hash to K */
	unsigned pass, fail, xfail, xpass, skip;
	ptx_ctx *cx;
} Replay;

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
listed(char **pat, int npat, const char *key)
{
	/* no list: bsearch may not be given a null array, even of none */
	return npat && bsearch(&key, pat, (size_t)npat, sizeof *pat, cmp_str) != NULL;
}

/* Thousands of patterns against hundreds of thousands of records: sorted
 * once by load_list, each record looks up its three possible forms. */
static int
in_list(char **pat, int npat, int ver, uint64_t seed, const char *family)
{
	char f[48], s[32], v[64];
	/* "seed N" is a version 1 record; later versions name the version and
	 * the family, since one seed is recorded with several families */
	snprintf(f, sizeof f, "family %s", family);
	snprintf(s, sizeof s, "seed %llu", (unsigned long long)seed);
	snprintf(v, sizeof v, "v%d seed %llu %s", ver, (unsigned long long)seed, family);
	return listed(pat, npat, f) || (ver == 1 && listed(pat, npat, s)) || listed(pat, npat, v);
}

/* The share of a record under --part: a hash of what names the kernel, so
 * that a part spreads over every version, family and seed range alike. */
static uint64_t
record_hash(int ver, uint64_t seed, const char *family)
{
	uint64_t h = seed * 0x9e3779b97f4a7c15ull ^ (uint64_t)ver << 56;
	for (const char *c = family; *c; c++)
		h = (h ^ (unsigned char)*c) * 0x100000001b3ull;
	h ^= h >> 31;
	h *= 0xbf58476d1ce4e5b9ull;
	return h ^ h >> 29;
}

/* Reads xfail.txt's format (a key a line, "#" to the end of a line a
 * comment) into *pat, sorted. */
static int
load_list(char ***pat, int *npat, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[256];
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		char *h = strchr(line, '#');
		if (h)
			*h = 0;
		size_t n = strlen(line);
		while (n && isspace((unsigned char)line[n - 1]))
			line[--n] = 0;
		if (!n)
			continue;
		char **p = realloc(*pat, (size_t)(*npat + 1) * sizeof *p);
		if (!p || !(p[*npat] = strdup(line))) {
			fclose(f);
			return -1;
		}
		*pat = p;
		(*npat)++;
	}
	fclose(f);
	if (*npat)
		qsort(*pat, (size_t)*npat, sizeof **pat, cmp_str);
	return 0;
}

/* Replays one record; prints what differs.  1: pass, 0: fail, -1: skipped
 * (not ok on the GPU), -2: listed in xfail.txt, -3: another part's. */
static int
replay_line(Replay *r, const char *where, char *line)
{
	char fam[32], status[32];
	unsigned long long seed;
	int ver, pos = 0, f, ok = 1, nslot = 0;
	DtKernel k;
	char msg[512], insn[256];

	if (sscanf(line, "%d %llu %31s %31s %n", &ver, &seed, fam, status, &pos) != 4) {
		printf("%s: malformed record\n", where);
		return 0;
	}
	if (ver < 1 || ver > DT_NEWEST) {
		printf("%s: seed %llu: generator version %d, not 1..%d\n", where, seed, ver, DT_NEWEST);
		return 0;
	}
	if (r->nparts > 1 && record_hash(ver, seed, fam) % r->nparts != r->part)
		return -3;
	if (strcmp(status, "ok") != 0)
		return -1;
	if ((f = dt_family_lookup(fam)) < 0 || f >= dt_family_count(ver)) {
		printf("%s: seed %llu: unknown family %s\n", where, seed, fam);
		return 0;
	}
	if (dt_gen(&k, ver, seed, f) != 0)
		return 0;
	uint64_t *out = calloc(1, k.outsize ? k.outsize : 1);
	if (!out) {
		dt_kernel_free(&k);
		return 0;
	}
	int xf = in_list(r->pat, r->npat, ver, seed, fam);
	int orc = in_list(r->opat, r->nopat, ver, seed, fam), ran;
	char vs[8] = "";   /* the version, where not 1, before "seed" */
	if (ver != 1)
		snprintf(vs, sizeof vs, "v%d ", ver);
	/* an --oracle record is loaded with ptxas's order and must pass; the
	 * variable is read as each module loads */
	if (orc) {
		xf = 0;
		r->oracle++;
		if (setenv("PTXKIT_NANORDER", "ptxas", 1) != 0)
			orc = 0;
	}
	ran = run_interp(r->cx, &k, out, msg, sizeof msg);
	if (orc && (r->order ? setenv("PTXKIT_NANORDER", r->order, 1) : unsetenv("PTXKIT_NANORDER")) != 0) {
		printf("%s: the environment could not be restored\n", where);
		ok = 0;
	}
	if (ran != PTX_OK) {
		if (!xf || r->verbose)
			printf("%s: %sseed %llu (%s): %s%s\n", where, vs, seed, fam, msg, xf ? " [expected]" : "");
		ok = 0;
		goto done;
	}
	char *p = line + pos;
	int first = -1, ndiff = 0;
	while (*p && *p != '\n') {
		char *e;
		unsigned long h = strtoul(p, &e, 16);
		unsigned long long v;
		if (*e != ':')
			break;
		v = strtoull(e + 1, &e, 16);
		if (nslot < k.nslot) {
			const uint64_t *c = out + (size_t)nslot * k.nthreads;
			if (slot_hash(c, k.nthreads) != h || c[0] != v) {
				ndiff++;
				if (first < 0) {
					first = nslot;
					if (!xf || r->verbose) {
						text_line(&k, k.slot[nslot].line, insn, sizeof insn);
						printf("%s: %sseed %llu (%s) slot %d, line %d: %s\n", where, vs, seed, fam, nslot,
						    k.slot[nslot].line, insn);
						if (c[0] != v)
							printf("    thread 0: expected 0x%llx, got 0x%llx\n", v,
							    (unsigned long long)c[0]);
						else
							printf("    thread 0 agrees (0x%llx); other threads differ\n", v);
					}
				}
			}
		}
		nslot++;
		while (*e == ' ')
			e++;
		p = e;
	}
	if (nslot != k.nslot) {
		printf("%s: %sseed %llu (%s): %d slots recorded, the kernel has %d\n", where, vs, seed, fam, nslot,
		    k.nslot);
		ok = 0;
	} else if (first >= 0) {
		if ((!xf || r->verbose) && ndiff > 1)
			printf("    %d of %d slots differ; difftest --gen-version %d show %llu %s prints the kernel\n", ndiff,
			    nslot, ver, seed, fam);
		ok = 0;
	}
done:
	if (ok && r->passed)
		printf("passed %sseed %llu%s%s\n", vs, seed, ver != 1 ? " " : "", ver != 1 ? fam : "");
	if (xf) {
		if (ok) {
			printf("%s: %sseed %llu (%s): passes, but is listed as an expected failure\n", where, vs, seed, fam);
			r->xpass++;
		} else
			r->xfail++;
		ok = -2;
	}
	free(out);
	dt_kernel_free(&k);
	return ok;
}

static int
cmd_replay(int argc, char **argv)
{
	Replay r = { 0 };
	int nfiles = 0, bad = 0;
	clock_t t0 = clock();

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--xfail") == 0 && i + 1 < argc) {
			if (load_list(&r.pat, &r.npat, argv[++i]) != 0)
				return 99;
		} else if (strcmp(argv[i], "--oracle") == 0 && i + 1 < argc) {
			if (load_list(&r.opat, &r.nopat, argv[++i]) != 0)
				return 99;
		} else if (strcmp(argv[i], "--passed") == 0)
			r.passed = 1;
		else if (strcmp(argv[i], "--part") == 0 && i + 1 < argc) {
			unsigned long long k, n;
			char c;
			if (sscanf(argv[++i], "%llu/%llu%c", &k, &n, &c) != 2 || n < 1 || n > 1000000 || k >= n) {
				fprintf(stderr, "%s: --part %s: not K/N with K < N\n", prog, argv[i]);
				return usage();
			}
			r.part = k;
			r.nparts = n;
		} else if (strcmp(argv[i], "-v") == 0)
			r.verbose = 1;
		else if (strcmp(argv[i], "--nanorder") == 0) {
			if (setenv("PTXKIT_NANORDER", "ptxas", 1) != 0)
				return 99;
		} else if (argv[i][0] == '-')
			return usage();
	}
	r.order = getenv("PTXKIT_NANORDER");
	if (r.order && !(r.order = strdup(r.order)))
		return 99;
	if (!(r.cx = new_ctx()))
		return 99;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--xfail") == 0 || strcmp(argv[i], "--oracle") == 0 || strcmp(argv[i], "--part") == 0) {
			i++;
			continue;
		}
		if (argv[i][0] == '-')
			continue;
		const char *path = argv[i];
		size_t n = strlen(path);
		int pipe = (n > 3 && strcmp(path + n - 3, ".gz") == 0) || (n > 3 && strcmp(path + n - 3, ".xz") == 0);
		FILE *f;
		if (pipe) {
			/* no shell quoting to get wrong: refuse odd names */
			char cmd[4200];
			for (const char *c = path; *c; c++)
				if (!isalnum((unsigned char)*c) && !strchr("/._-+", *c)) {
					fprintf(stderr, "%s: %s: unusual characters in the name\n", prog, path);
					return 99;
				}
			snprintf(cmd, sizeof cmd, "%s -dc '%s'", path[n - 2] == 'g' ? "gzip" : "xz", path);
			f = popen(cmd, "r");
		} else
			f = fopen(path, "r");
		if (!f) {
			fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
			return 99;
		}
		nfiles++;
		char *line = NULL, where[4200];
		size_t cap = 0;
		unsigned lineno = 0;
		while (getline(&line, &cap, f) > 0) {
			lineno++;
			if (line[0] == '#' || line[0] == '\n')
				continue;
			snprintf(where, sizeof where, "%s:%u", path, lineno);
			switch (replay_line(&r, where, line)) {
			case 1: r.pass++; break;
			case 0: r.fail++; break;
			case -1: r.skip++; break;
			default: break;
			}
		}
		free(line);
		if (pipe ? pclose(f) != 0 : fclose(f) != 0) {
			fprintf(stderr, "%s: %s: could not be read to its end\n", prog, path);
			bad = 1;
		}
	}
	ptx_ctx_free(r.cx);
	for (int i = 0; i < r.npat; i++)
		free(r.pat[i]);
	free(r.pat);
	for (int i = 0; i < r.nopat; i++)
		free(r.opat[i]);
	free(r.opat);
	free((char *)r.order);
	if (!nfiles)
		return usage();
	fprintf(stderr, "%s: %.1f s of CPU\n", prog, (double)(clock() - t0) / CLOCKS_PER_SEC);
	if (r.xfail || r.xpass)
		printf("%u expected failures, %u unexpected passes\n", r.xfail, r.xpass);
	if (r.oracle)
		printf("%u with ptxas's order (--oracle)\n", r.oracle);
	if (r.skip)
		printf("%u passed, %u failed, %u skipped\n", r.pass, r.fail, r.skip);
	else
		printf("%u passed, %u failed\n", r.pass, r.fail);
	return bad ? 99 : r.fail || r.xpass ? 1 : 0;
}

/* ---------------------------------------------------------------- gen, show */

static int
load_kernel(DtKernel *k, int argc, char **argv)
{
	uint64_t seed;
	int f = -1;
	if (argc < 1 || argc > 2 || parse_u64(argv[0], &seed) != 0)
		return usage();
	if (argc == 2 && (f = family_arg(argv[1])) < 0)
		return 2;
	if (dt_gen(k, genver, seed, f) != 0) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 1;
	}
	return 0;
}

static int
cmd_gen(int argc, char **argv)
{
	DtKernel k;
	int r = load_kernel(&k, argc, argv);
	if (r)
		return r;
	fwrite(k.text, 1, k.len, stdout);
	dt_kernel_free(&k);
	return 0;
}

static int
cmd_show(int argc, char **argv)
{
	DtKernel k;
	char insn[256];
	int r = load_kernel(&k, argc, argv);
	int n = 1;
	if (r)
		return r;
	for (const char *p = k.text; *p; n++) {
		const char *e = strchr(p, '\n');
		printf("%4d  %.*s\n", n, (int)(e ? e - p : (ptrdiff_t)strlen(p)), p);
		p = e ? e + 1 : p + strlen(p);
	}
	printf("\nlaunch: %u CTAs of %u threads (grid %u,%u,%u, block %u,%u,%u); params: in, out (%d slots of %u 8-byte "
	    "cells), scratch\n", k.ncta, k.ntid, k.grid[0], k.grid[1], k.grid[2], k.block[0], k.block[1], k.block[2],
	    k.nslot, k.nthreads);
	if (k.cluster[0])
		printf("a cluster launch of %u,%u,%u\n", k.cluster[0], k.cluster[1], k.cluster[2]);
	printf("\ninputs (cells 0-3 .b64, 4-11 .b32, 12-15 .b16), first 4 threads and the last:\n");
	for (unsigned t = 0; t < k.nthreads; t++) {
		if (t >= 4 && t != k.nthreads - 1)
			continue;
		printf("  thread %u:", t);
		for (int c = 0; c < DT_NIN; c++)
			printf(" %llx", (unsigned long long)k.in[t * DT_NIN + c]);
		printf("\n");
	}
	printf("\nslots:\n");
	for (int s = 0; s < k.nslot; s++) {
		text_line(&k, k.slot[s].line, insn, sizeof insn);
		printf("  %3d  line %3d  %s\n", s, k.slot[s].line, insn);
	}
	dt_kernel_free(&k);
	return 0;
}

/* difftest module FROM TO [FAMILY]: the kernels of the seeds as the CUDA
 * backend loads them, one module */
static int
cmd_module(int argc, char **argv)
{
	uint64_t from, to;
	int f = -1, n;
	DtKernel *ks;
	size_t len;
	char *text;

	if (argc < 2 || argc > 3 || parse_u64(argv[0], &from) != 0 || parse_u64(argv[1], &to) != 0 ||
	    to <= from || to - from > 4096)
		return usage();
	if (argc == 3 && (f = family_arg(argv[2])) < 0)
		return 2;
	n = (int)(to - from);
	if (!(ks = calloc((size_t)n, sizeof *ks)))
		return 1;
	for (int i = 0; i < n; i++)
		if (dt_gen(&ks[i], genver, from + (uint64_t)i, f) != 0)
			return 1;
	if (!(text = concat(ks, n, &len)))
		return 1;
	fwrite(text, 1, len, stdout);
	free(text);
	for (int i = 0; i < n; i++)
		dt_kernel_free(&ks[i]);
	free(ks);
	return fflush(stdout) != 0;
}

/* difftest load FROM TO [--family F]: every family's kernel of each seed
 * (each version draws its family from the seed in records; here each one
 * is loaded), loaded in a fresh module and freed again, never run.  Exit 1
 * when any does not load: the generator makes only kernels ptxas takes. */
static int
cmd_load(int argc, char **argv)
{
	uint64_t from, to, n = 0, bad = 0;
	int f = -1;
	ptx_ctx *cx;

	if ((argc != 2 && argc != 4) || parse_u64(argv[0], &from) != 0 || parse_u64(argv[1], &to) != 0 || to <= from)
		return usage();
	if (argc == 4 && strcmp(argv[2], "--family") != 0)
		return usage();
	if (argc == 4 && (f = family_arg(argv[3])) < 0)
		return 2;
	if (!(cx = new_ctx()))
		return 1;
	for (uint64_t s = from; s < to; s++)
		for (int fam = f < 0 ? 0 : f; fam < (f < 0 ? dt_family_count(genver) : f + 1); fam++) {
			DtKernel k;
			ptx_module *m = NULL;
			if (dt_gen(&k, genver, s, fam) != 0) {
				fprintf(stderr, "%s: out of memory\n", prog);
				ptx_ctx_free(cx);
				return 1;
			}
			if (ptx_module_load(cx, k.name, k.text, k.len, &m) != PTX_OK) {
				const ptx_diag *d = ptx_diag_get(cx, 0);
				char msg[400];
				snprintf(msg, sizeof msg, "load: %d:%d: %s", d ? d->line : 0, d ? d->col : 0,
				    d ? d->msg : "failed");
				print_bad(stdout, &k, "error", msg);
				bad++;
			}
			ptx_module_free(m);
			dt_kernel_free(&k);
			n++;
		}
	ptx_ctx_free(cx);
	printf("%llu loaded, %llu did not\n", (unsigned long long)(n - bad), (unsigned long long)bad);
	return bad != 0 || fflush(stdout) != 0;
}

static int
cmd_families(void)
{
	for (int i = 0; i < dt_family_count(genver); i++)
		printf("%-9s %d\n", dt_family_name[i], dt_family_weight(genver, i));
	return 0;
}

/* ---------------------------------------------------------------- dump */

/* difftest dump --backend cuda|interp [--family F] SEED...: every
 * thread's cell of every slot, one line per slot ("SEED SLOT LINE v0 v1
 * ..."), so that a mismatch the hashes found can be read value by value;
 * each seed's own family unless one is named. */
static int
cmd_dump(int argc, char **argv)
{
	int cuda = -1, rc = 0, fam = -1;
	Gpu u;
	ptx_ctx *cx = NULL;
	uint64_t *out = NULL;

	if (argc >= 2 && strcmp(argv[0], "--backend") == 0)
		cuda = strcmp(argv[1], "cuda") == 0 ? 1 : strcmp(argv[1], "interp") == 0 ? 0 : -1;
	if (argc >= 4 && strcmp(argv[2], "--family") == 0) {
		if ((fam = dt_family_lookup(argv[3])) < 0 || fam >= dt_family_count(genver)) {
			fprintf(stderr, "%s: dump: no family '%s' in version %d\n", prog, argv[3], genver);
			return 2;
		}
		argc -= 2;
		argv += 2;
	}
	if (cuda < 0 || argc < 3)
		return usage();
	if (cuda ? gpu_init(&u) != 0 : !(cx = new_ctx()))
		return 2;
	if (!(out = malloc(MAX_OUT)))
		return 2;
	for (int i = 2; i < argc; i++) {
		uint64_t seed;
		DtKernel k;
		char msg[512];
		int st;

		if (parse_u64(argv[i], &seed) != 0 || dt_gen(&k, genver, seed, fam) != 0) {
			fprintf(stderr, "%s: dump: bad seed '%s'\n", prog, argv[i]);
			rc = 2;
			continue;
		}
		if (k.outsize > MAX_OUT)
			st = PTX_EINVAL, snprintf(msg, sizeof msg, "outputs too large");
		else if (cuda) {
			st = gpu_load(&u, &k, 1);
			if (st == PTX_OK)
				st = gpu_run(&u, &k, out);
			snprintf(msg, sizeof msg, "%s", st == PTX_OK ? "" : ptx_cuda_error(u.g));
		} else
			st = run_interp(cx, &k, out, msg, sizeof msg);
		if (st != PTX_OK) {
			printf("%llu error %s\n", (unsigned long long)seed, msg);
			rc = 1;
		} else
			for (int sl = 0; sl < k.nslot; sl++) {
				printf("%llu %d %d", (unsigned long long)seed, sl, k.slot[sl].line);
				for (unsigned t = 0; t < k.nthreads; t++)
					printf(" %llx", (unsigned long long)out[(size_t)sl * k.nthreads + t]);
				putchar('\n');
			}
		dt_kernel_free(&k);
	}
	free(out);
	return rc;
}

int
main(int argc, char **argv)
{
	/* --gen-version N, wherever it is */
	for (int i = 1; i < argc; i++) {
		uint64_t v;
		if (strcmp(argv[i], "--gen-version") != 0)
			continue;
		if (i + 1 >= argc || parse_u64(argv[i + 1], &v) != 0 || v < 1 || v > DT_NEWEST)
			return usage();
		genver = (int)v;
		memmove(argv + i, argv + i + 2, (size_t)(argc - i - 1) * sizeof *argv);
		argc -= 2;
		i--;
	}
	if (argc < 2)
		return usage();
	if (strcmp(argv[1], "gen") == 0)
		return cmd_gen(argc - 2, argv + 2);
	if (strcmp(argv[1], "show") == 0)
		return cmd_show(argc - 2, argv + 2);
	if (strcmp(argv[1], "record") == 0)
		return cmd_record(argc - 2, argv + 2);
	if (strcmp(argv[1], "replay") == 0)
		return cmd_replay(argc - 2, argv + 2);
	if (strcmp(argv[1], "module") == 0)
		return cmd_module(argc - 2, argv + 2);
	if (strcmp(argv[1], "families") == 0)
		return cmd_families();
	if (strcmp(argv[1], "dump") == 0)
		return cmd_dump(argc - 2, argv + 2);
	if (strcmp(argv[1], "load") == 0)
		return cmd_load(argc - 2, argv + 2);
	return usage();
}

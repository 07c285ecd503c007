/*
 * check.c -- the reports of the dynamic checks (ptx_set_checks, doc/checks.md):
 * collecting them, folding repeats into one report with a count, and
 * writing them as text or JSON.
 *
 * The checks themselves live in check_*.c and run only in a checked
 * launch: sched.c decides once per launch whether the warps run
 * interp_run or interp_run_check (exec_check.c, exec.c compiled again
 * with the hooks), so an unchecked launch executes no check code at all.
 *
 * A finding is identified by its check, its kind (a static string naming
 * what was found) and the instructions of its sites: the thousandth warp
 * to reach the same divergent barrier adds to the count of the first
 * warp's report, whose message, threads and addresses are the ones kept.
 * Reports outlive launches (a program checked through the CUDA shim runs
 * many) and are copied out of the modules, which may be freed before the
 * reports are read.  Past MAX_REPORTS distinct findings, new ones are only
 * counted (ChkLog.dropped).  A checked launch runs on one host thread
 * (sched.c), so nothing here is shared between workers.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "interp.h"
#include "ir/json.h"

enum { MAX_REPORTS = 1000 };

typedef struct {
	ptx_report r;
	const XIns *key[2];       /* the sites' instructions, for folding repeats */
	const ptx_module *pm;
} ChkRec;

struct ChkLog {
	ChkRec *rec;
	size_t n, cap;
	uint64_t dropped;         /* occurrences of findings past MAX_REPORTS */
};

static const char *const checkname[] = { "memcheck", "racecheck", "initcheck", "synccheck", "asynccheck" };

static const char *
nameof(int check)
{
	for (int i = 0; i < 5; i++)
		if (check == 1 << i)
			return checkname[i];
	return "check";
}

void
ptx_set_checks(ptx_ctx *cx, unsigned checks, int fatal)
{
	if (!cx)
		return;
	cx->checks = checks & PTX_CHECK_ALL;
	cx->check_fatal = fatal != 0;
}

int
ptx_checks_parse(const char *list, unsigned *checks)
{
	unsigned m = 0;
	const char *p = list;

	if (!list || !checks)
		return PTX_EINVAL;
	if (strcmp(list, "all") == 0) {
		*checks = PTX_CHECK_ALL;
		return PTX_OK;
	}
	if (strcmp(list, "none") == 0) {
		*checks = 0;
		return PTX_OK;
	}
	for (;;) {
		size_t n = strcspn(p, ",");
		int i;
		for (i = 0; i < 5; i++)
			if (n == strlen(checkname[i]) && strncmp(p, checkname[i], n) == 0)
				break;
		if (i == 5)
			return PTX_EINVAL;
		m |= 1u << i;
		if (!p[n])
			break;
		p += n + 1;
	}
	*checks = m;
	return PTX_OK;
}

static char *
dup(ptx_ctx *cx, const char *s)
{
	size_t n;
	char *d;

	if (!s)
		return NULL;
	n = strlen(s);
	if ((d = interp_alloc(cx, n + 1)))
		memcpy(d, s, n);
	return d;
}

/* The record after g's last, zeroed, the array grown as needed; NULL
 * where memory ran out.  It counts once its caller has filled it (g->n). */
static ChkRec *
newrec(ptx_ctx *cx, struct ChkLog *g)
{
	ChkRec *c;

	if (g->n == g->cap) {
		size_t nc = g->cap ? 2 * g->cap : 16;
		ChkRec *p = interp_realloc(cx, g->rec, nc * sizeof *p);
		if (!p)
			return NULL;
		g->rec = p;
		g->cap = nc;
	}
	c = &g->rec[g->n];
	memset(c, 0, sizeof *c);
	return c;
}

static void
recfree(ptx_ctx *cx, ChkRec *c)
{
	interp_free(cx, (char *)c->r.kernel);
	interp_free(cx, (char *)c->r.module);
	interp_free(cx, (char *)c->r.msg);
	for (int i = 0; i < c->r.nsite; i++) {
		interp_free(cx, (char *)c->r.site[i].insn);
		interp_free(cx, (char *)c->r.site[i].src_file);
	}
}

static void
logfree(ptx_ctx *cx)
{
	struct ChkLog *g = cx->chk;

	if (!g)
		return;
	for (size_t i = 0; i < g->n; i++)
		recfree(cx, &g->rec[i]);
	interp_free(cx, g->rec);
	interp_free(cx, g);
	cx->chk = NULL;
}

void
interp_chk_free(ptx_ctx *cx)
{
	logfree(cx);
	interp_chk_shadow_free(cx);
	interp_chk_leak_free(cx);
}

void
interp_chk_site(const Launch *L, const Warp *w, int lane, const XIns *xi, int access, uint64_t addr,
                unsigned size, ChkSite *s)
{
	memset(s, 0, sizeof *s);
	s->xi = xi;
	s->access = access;
	s->addr = addr;
	s->size = size;
	if (w && lane >= 0) {
		uint32_t i = (uint32_t)w->id * WARP + (uint32_t)lane;
		s->has_thread = 1;
		memcpy(s->cta, w->cta->id, sizeof s->cta);
		s->thread[0] = i % L->block[0];
		s->thread[1] = i / L->block[0] % L->block[1];
		s->thread[2] = i / (L->block[0] * L->block[1]);
	}
}

/* Fills the public form of a site; -1 when out of memory. */
static int
sitefill(const Launch *L, const ChkSite *s, ptx_report_site *o)
{
	ptx_ctx *cx = L->cx;
	const Ins *in = s->xi ? s->xi->in : NULL;

	memset(o, 0, sizeof *o);
	o->has_thread = s->has_thread;
	memcpy(o->cta, s->cta, sizeof o->cta);
	memcpy(o->thread, s->thread, sizeof o->thread);
	o->access = s->access;
	o->addr = s->addr;
	o->size = s->size;
	if (!in)
		return 0;
	o->line = in->loc.line;
	o->src_line = in->srcline;
	if (in->srcline)
		for (int i = 0; i < L->pm->m->nfile; i++)
			if (L->pm->m->file[i].index == in->srcfile && !(o->src_file = dup(cx, L->pm->m->file[i].path)))
				return -1;
	return (o->insn = interp_ins_text(cx, in)) ? 0 : -1;
}

static ChkRec *
find(struct ChkLog *g, const ptx_module *pm, int check, const char *kind, const XIns *k0, const XIns *k1)
{
	for (size_t i = g->n; i-- > 0;) {   /* the latest first: repeats come in runs */
		ChkRec *c = &g->rec[i];
		if (c->r.check == check && c->r.kind == kind && c->key[0] == k0 && c->key[1] == k1 && c->pm == pm)
			return c;
	}
	return NULL;
}

void
interp_chk_report(Launch *L, Warp *w, int lane, int check, const char *kind, const ChkSite *a,
                  const ChkSite *b, const char *fmt, ...)
{
	ptx_ctx *cx = L->cx;
	struct ChkLog *g = cx->chk;
	const XIns *k0 = a ? a->xi : NULL, *k1 = b ? b->xi : NULL;
	char msg[1024];
	va_list ap;
	ChkRec *c;

	if (!(L->chk & check))   /* followed for another check (CHK_COPIES) */
		return;
	if (!g && !(g = cx->chk = interp_alloc(cx, sizeof *g)))
		return;
	if ((c = find(g, L->pm, check, kind, k0, k1))) {
		c->r.count++;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (cx->check_fatal)
		interp_fault(L, w, lane, a ? a->xi : NULL, PTX_FAULT_CHECK, a ? a->addr : 0, a ? a->size : 0,
		    "%s: %s: %s", nameof(check), kind, msg);
	if (g->n == MAX_REPORTS) {
		g->dropped++;
		return;
	}
	if (!(c = newrec(cx, g)))
		return;
	c->key[0] = k0;
	c->key[1] = k1;
	c->pm = L->pm;
	c->r.check = check;
	c->r.kind = kind;
	c->r.count = 1;
	c->r.kernel = dup(cx, L->k->f->name);
	c->r.module = dup(cx, L->pm->m->name ? L->pm->m->name : "?");
	c->r.msg = dup(cx, msg);
	c->r.nsite = b ? 2 : a ? 1 : 0;
	if (!c->r.kernel || !c->r.module || !c->r.msg || (a && sitefill(L, a, &c->r.site[0])) || (b && sitefill(L, b, &c->r.site[1]))) {
		recfree(cx, c);   /* out of memory: the finding is lost, never half kept */
		return;
	}
	g->n++;
}

void
interp_chk_report_end(ptx_ctx *cx, int check, const char *kind, const char *kernel, const char *module,
                      uint64_t count, const char *fmt, ...)
{
	struct ChkLog *g = cx->chk;
	char msg[1024];
	va_list ap;
	ChkRec *c;

	if (!g && !(g = cx->chk = interp_alloc(cx, sizeof *g)))
		return;
	for (size_t i = 0; i < g->n; i++) {
		c = &g->rec[i];
		if (!c->pm && c->r.check == check && c->r.kind == kind && strcmp(c->r.kernel, kernel) == 0 &&
		    strcmp(c->r.module, module) == 0) {
			c->r.count += count;
			return;
		}
	}
	if (g->n == MAX_REPORTS) {
		g->dropped += count;
		return;
	}
	if (!(c = newrec(cx, g)))
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	c->r.check = check;
	c->r.kind = kind;
	c->r.count = count;
	c->r.kernel = dup(cx, kernel);
	c->r.module = dup(cx, module);
	c->r.msg = dup(cx, msg);
	if (!c->r.kernel || !c->r.module || !c->r.msg) {
		recfree(cx, c);   /* out of memory: the finding is lost, never half kept */
		return;
	}
	g->n++;
}

void
ptx_report_leaks(ptx_ctx *cx)
{
	if (cx)
		interp_chk_leaks(cx, 1, 0);
}

void
ptx_set_leak_owner(ptx_ctx *cx, uint64_t owner)
{
	if (cx)
		cx->leak_owner = owner;
}

void
ptx_report_leaks_of(ptx_ctx *cx, uint64_t owner)
{
	if (cx)
		interp_chk_leaks(cx, 0, owner);
}

void
ptx_report_alloc_leak(ptx_ctx *cx, const char *owner, const char *when, uint64_t count, uint64_t size,
                      ptx_devptr addr)
{
	if (cx)
		interp_chk_alloc_leak(cx, owner, when, count, size, addr);
}

size_t
ptx_report_count(const ptx_ctx *cx)
{
	return cx && cx->chk ? cx->chk->n : 0;
}

const ptx_report *
ptx_report_get(const ptx_ctx *cx, size_t i)
{
	return cx && cx->chk && i < cx->chk->n ? &cx->chk->rec[i].r : NULL;
}

void
ptx_report_clear(ptx_ctx *cx)
{
	if (cx)
		logfree(cx);
}

/* ---------------------------------------------------------------- matrix rows */

/* A row of ldmatrix or stmatrix (mma.c): n bytes at host p, guest a, that
 * lane's address named, read (store 0) or written; after the access, as a
 * load or store of exec.c's checked build is followed. */
void
interp_chk_rows(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const uint8_t *p, unsigned n,
                int store)
{
	int init = (L->chk & PTX_CHECK_INITCHECK) && !L->chkmemoff && L->cx->shadow;

	if (!store) {
		if (init)
			interp_chk_load(L, w, lane, xi, a, p, n);
		if (L->chk & PTX_CHECK_RACECHECK)
			interp_chk_race(L, w, lane, xi, a, p, n, PTX_ACCESS_READ);
		if (L->async)
			interp_chk_async_load(L, w, lane, xi, a, p, n);
		return;
	}
	if (init)
		interp_chk_unpoison(L->cx, p, n);
	if (L->chk & PTX_CHECK_MEMCHECK)
		interp_chk_access(L, w, lane, xi, a, p, n, 1);
	if (L->chk & PTX_CHECK_RACECHECK)
		interp_chk_race(L, w, lane, xi, a, p, n, PTX_ACCESS_WRITE);
	if (L->chk & PTX_CHECK_ASYNCCHECK)
		interp_chk_proxy_store(L, w, lane, xi, p, n);
	if ((L->chk & CHK_COPIES) && interp_chk_src_pending(L))
		interp_chk_src_store(L, w, lane, xi, a, p, n);
}

/* ---------------------------------------------------------------- output */

static const char *const accname[] = { "none", "read", "write", "atomic" };

static const char *
accof(int a)
{
	return a >= 0 && a <= PTX_ACCESS_ATOMIC ? accname[a] : "none";
}

static void
textsite(FILE *f, const char *module, const ptx_report_site *s, const char *lead)
{
	fprintf(f, "  %s %s:%d", lead, module, s->line);
	if (s->src_line)
		fprintf(f, " (source %s:%d)", s->src_file ? s->src_file : "?", s->src_line);
	if (s->insn)
		fprintf(f, ": %s", s->insn);
	fputc('\n', f);
	if (s->has_thread)
		fprintf(f, "    thread (%u,%u,%u) of block (%u,%u,%u)", s->thread[0], s->thread[1], s->thread[2],
		    s->cta[0], s->cta[1], s->cta[2]);
	if (s->access != PTX_ACCESS_NONE)
		fprintf(f, "%s%s of %u bytes at 0x%" PRIx64, s->has_thread ? ", " : "    ", accof(s->access), s->size,
		    s->addr);
	if (s->has_thread || s->access != PTX_ACCESS_NONE)
		fputc('\n', f);
}

/* s as a JSON string (ir/json.c: control bytes escaped, malformed UTF-8
 * as U+FFFD, since readers refuse a whole report at the first bad byte),
 * or null where a report has none */
static void
jstr(FILE *f, const char *s)
{
	if (s)
		json_str(f, s);
	else
		fputs("null", f);
}

static void
jsonsite(FILE *f, const ptx_report_site *s)
{
	fprintf(f, "{\"line\": %d, \"src_file\": ", s->line);
	jstr(f, s->src_file);
	fprintf(f, ", \"src_line\": %d, \"insn\": ", s->src_line);
	jstr(f, s->insn);
	if (s->has_thread)
		fprintf(f, ", \"cta\": [%u, %u, %u], \"thread\": [%u, %u, %u]", s->cta[0], s->cta[1], s->cta[2],
		    s->thread[0], s->thread[1], s->thread[2]);
	fprintf(f, ", \"access\": \"%s\"", accof(s->access));
	if (s->access != PTX_ACCESS_NONE)
		fprintf(f, ", \"address\": \"0x%" PRIx64 "\", \"size\": %u", s->addr, s->size);
	fputc('}', f);
}

int
ptx_report_write(const ptx_ctx *cx, FILE *f, int json, const char *prefix)
{
	size_t n = ptx_report_count(cx);
	uint64_t dropped = cx && cx->chk ? cx->chk->dropped : 0;

	if (!f)
		return PTX_EINVAL;
	if (json)
		fputs("[", f);
	for (size_t i = 0; i < n; i++) {
		const ptx_report *r = ptx_report_get(cx, i);
		if (json) {
			fprintf(f, "%s\n  {\"check\": \"%s\", \"kind\": \"%s\", \"kernel\": ", i ? "," : "",
			    nameof(r->check), r->kind);
			jstr(f, r->kernel);
			fputs(", \"module\": ", f);
			jstr(f, r->module);
			fprintf(f, ", \"count\": %" PRIu64 ", \"message\": ", r->count);
			jstr(f, r->msg);
			fputs(", \"sites\": [", f);
			for (int k = 0; k < r->nsite; k++) {
				if (k)
					fputs(", ", f);
				jsonsite(f, &r->site[k]);
			}
			fputs("]}", f);
			continue;
		}
		/* no kernel: memory of the host's (ptx_report_alloc_leak), of its owner */
		fprintf(f, "%s%s%s: %s %s %s: %s", prefix ? prefix : "", prefix ? ": " : "", nameof(r->check),
		    r->kind, *r->kernel ? "in kernel" : "of", *r->kernel ? r->kernel : r->module, r->msg);
		if (r->count > 1)
			fprintf(f, " (%" PRIu64 " times)", r->count);
		fputc('\n', f);
		for (int k = 0; k < r->nsite; k++)
			textsite(f, r->module, &r->site[k], k == 0 ? "at" : "and earlier at");
	}
	if (json)
		fprintf(f, "%s]\n", n ? "\n" : "");
	else if (dropped)
		fprintf(f, "%s%s%" PRIu64 " more occurrences of findings past the first %d were not kept\n",
		    prefix ? prefix : "", prefix ? ": " : "", dropped, MAX_REPORTS);
	return ferror(f) ? PTX_EINVAL : PTX_OK;
}

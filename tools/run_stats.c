/*
 * run_stats.c -- ptx-run's views of the memory counters: the table of
 * --stats, the JSON of --stats-json and the annotated source of --annotate.
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
#include "ir/json.h"
#include "tools/number.h"
#include "tools/outfile.h"
#include "tools/readall.h"
#include "tools/run.h"

/* ---------------------------------------------------------------- counters */

/* One instruction's counters folded into the shape of the kernel totals,
 * so the table, the JSON and the HTML read the same numbers. */
static void
fold(const ptx_insn_stats *is, ptx_stats *t)
{
	const ptx_mem_counts *c = is->mem;

	memset(t, 0, sizeof *t);
	t->warp_insns = is->executions;
	t->thread_insns = is->active_threads;
	t->global_load_requests = c[PTX_MC_GLOBAL_LD].requests;
	t->global_load_sectors = c[PTX_MC_GLOBAL_LD].sectors;
	t->global_store_requests = c[PTX_MC_GLOBAL_ST].requests;
	t->global_store_sectors = c[PTX_MC_GLOBAL_ST].sectors;
	t->global_atomic_requests = c[PTX_MC_GLOBAL_ATOM].requests;
	t->global_atomic_sectors = c[PTX_MC_GLOBAL_ATOM].sectors;
	t->global_red_requests = c[PTX_MC_GLOBAL_RED].requests;
	t->global_red_sectors = c[PTX_MC_GLOBAL_RED].sectors;
	t->local_load_requests = c[PTX_MC_LOCAL_LD].requests;
	t->local_load_sectors = c[PTX_MC_LOCAL_LD].sectors;
	t->local_store_requests = c[PTX_MC_LOCAL_ST].requests;
	t->local_store_sectors = c[PTX_MC_LOCAL_ST].sectors;
	t->shared_load_requests = c[PTX_MC_SHARED_LD].requests;
	t->shared_load_wavefronts = c[PTX_MC_SHARED_LD].wavefronts;
	t->shared_load_bank_conflicts = c[PTX_MC_SHARED_LD].conflicts;
	t->shared_store_requests = c[PTX_MC_SHARED_ST].requests;
	t->shared_store_wavefronts = c[PTX_MC_SHARED_ST].wavefronts;
	t->shared_store_bank_conflicts = c[PTX_MC_SHARED_ST].conflicts;
	t->shared_atomic_requests = c[PTX_MC_SHARED_ATOM].requests;
	t->shared_atomic_wavefronts = c[PTX_MC_SHARED_ATOM].wavefronts;
	t->shared_atomic_bank_conflicts = c[PTX_MC_SHARED_ATOM].conflicts;
	t->constant_load_requests = c[PTX_MC_CONST_LD].requests;
	t->constant_load_serializations = c[PTX_MC_CONST_LD].conflicts;
	t->divergent_branches = is->divergent;
	t->bulk_load_sectors = c[PTX_MC_BULK_LD].sectors;
	t->bulk_store_sectors = c[PTX_MC_BULK_ST].sectors;
	t->bulk_reduce_sectors = c[PTX_MC_BULK_RED].sectors;
	t->tex_requests = c[PTX_MC_TEX].requests;
	t->tex_sectors = c[PTX_MC_TEX].sectors;
	t->surface_requests = c[PTX_MC_SURF].requests;
	t->surface_sectors = c[PTX_MC_SURF].sectors;
}

/* The table's columns: L1TEX requests, sectors, wavefronts, conflicts
 * (constant loads: distinct addresses as requests, serializations as
 * conflicts). */
typedef struct { uint64_t req, sec, wf, cf; } Sum;

static Sum
sumof(const ptx_insn_stats *is)
{
	Sum s = { 0, 0, 0, 0 };

	for (int k = 0; k < PTX_MC_N; k++) {
		s.req += is->mem[k].requests;
		s.sec += is->mem[k].sectors;
		s.wf += is->mem[k].wavefronts;
		s.cf += is->mem[k].conflicts;
	}
	return s;
}

/* What an instruction costs the memory system: sectors moved, wavefronts
 * spent, constant-cache lookups; the sort key of the table and the heat of
 * the annotated source. */
static uint64_t
cost(const ptx_insn_stats *is)
{
	Sum s = sumof(is);
	return s.sec + s.wf + is->mem[PTX_MC_CONST_LD].requests;
}

static int
bycost(const void *a, const void *b)
{
	const ptx_insn_stats *x = *(const ptx_insn_stats *const *)a, *y = *(const ptx_insn_stats *const *)b;
	uint64_t cx = cost(x), cy = cost(y);

	if (cx != cy)
		return cx < cy ? 1 : -1;
	if (x->executions != y->executions)
		return x->executions < y->executions ? 1 : -1;
	return x->line - y->line;
}

static void
stats_table(FILE *f, ptx_ctx *cx, const char *kernel)
{
	size_t n = ptx_stats_insn_count(cx);
	const ptx_insn_stats **v = malloc((n + 1) * sizeof *v);
	ptx_stats t;

	if (!v)
		return;
	ptx_stats_get(cx, &t);
	for (size_t i = 0; i < n; i++)
		v[i] = ptx_stats_insn(cx, i);
	qsort(v, n, sizeof *v, bycost);
	fprintf(f, "kernel %s: %" PRIu64 " warp instructions, %" PRIu64 " thread instructions, "
	    "%" PRIu64 " divergent branches\n", kernel, t.warp_insns, t.thread_insns, t.divergent_branches);
	fprintf(f, "%6s  %-40s %10s %6s %10s %7s %10s %10s\n", "line", "instruction", "execs", "lanes",
	    "requests", "sec/req", "wavefronts", "conflicts");
	for (size_t i = 0; i < n; i++) {
		const ptx_insn_stats *is = v[i];
		Sum s = sumof(is);
		char sr[16] = "-", line[16];
		uint64_t gr = s.req - is->mem[PTX_MC_CONST_LD].requests - is->mem[PTX_MC_SHARED_LD].requests -
		    is->mem[PTX_MC_SHARED_ST].requests - is->mem[PTX_MC_SHARED_ATOM].requests;
		if (gr)
			snprintf(sr, sizeof sr, "%.2f", (double)s.sec / (double)gr);
		snprintf(line, sizeof line, "%d", is->src_line ? is->src_line : is->line);
		fprintf(f, "%6s  %-40.40s %10" PRIu64 " %6.2f %10" PRIu64 " %7s %10" PRIu64 " %10" PRIu64 "\n",
		    line, is->text ? is->text : "?", is->executions,
		    is->executions ? (double)is->active_threads / (double)is->executions : 0.0,
		    s.req, sr, s.wf, s.cf);
	}
	free(v);
}

/* The counters under their fixed JSON names; ind is the indentation of a
 * key, one key a line so that shell tools can pick values out. */
static void
jcounters(FILE *f, const ptx_stats *t, const char *ind)
{
	const struct { const char *k; uint64_t v; } kv[] = {
		{ "global_load_requests", t->global_load_requests },
		{ "global_load_sectors", t->global_load_sectors },
		{ "global_store_requests", t->global_store_requests },
		{ "global_store_sectors", t->global_store_sectors },
		/* atom and red together, as ATOMG/REDG; red alone below */
		{ "global_atomic_requests", t->global_atomic_requests + t->global_red_requests },
		{ "global_atomic_sectors", t->global_atomic_sectors + t->global_red_sectors },
		{ "global_red_requests", t->global_red_requests },
		{ "global_red_sectors", t->global_red_sectors },
		{ "local_load_requests", t->local_load_requests },
		{ "local_load_sectors", t->local_load_sectors },
		{ "local_store_requests", t->local_store_requests },
		{ "local_store_sectors", t->local_store_sectors },
		{ "shared_load_requests", t->shared_load_requests },
		{ "shared_load_wavefronts", t->shared_load_wavefronts },
		{ "shared_load_bank_conflicts", t->shared_load_bank_conflicts },
		{ "shared_store_requests", t->shared_store_requests },
		{ "shared_store_wavefronts", t->shared_store_wavefronts },
		{ "shared_store_bank_conflicts", t->shared_store_bank_conflicts },
		{ "shared_atomic_requests", t->shared_atomic_requests },
		{ "shared_atomic_wavefronts", t->shared_atomic_wavefronts },
		{ "shared_atomic_bank_conflicts", t->shared_atomic_bank_conflicts },
		{ "constant_load_requests", t->constant_load_requests },
		{ "constant_load_serializations", t->constant_load_serializations },
		{ "divergent_branches", t->divergent_branches },
		/* the copy engine's (bulk and tensor copies) global sectors */
		{ "bulk_load_sectors", t->bulk_load_sectors },
		{ "bulk_store_sectors", t->bulk_store_sectors },
		{ "bulk_reduce_sectors", t->bulk_reduce_sectors },
		/* the texture pipe: textures, surfaces */
		{ "tex_requests", t->tex_requests },
		{ "tex_sectors", t->tex_sectors },
		{ "surface_requests", t->surface_requests },
		{ "surface_sectors", t->surface_sectors },
	};
	size_t n = sizeof kv / sizeof kv[0];

	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s\"%s\": %" PRIu64 "%s\n", ind, kv[i].k, kv[i].v, i + 1 < n ? "," : "");
}

static int
stats_json(FILE *f, ptx_ctx *cx, const char *kernel)
{
	ptx_stats t;
	size_t n = ptx_stats_insn_count(cx);

	ptx_stats_get(cx, &t);
	fputs("{\n  \"kernel\": ", f);
	json_str(f, kernel);
	fprintf(f, ",\n  \"counted\": %s,\n  \"totals\": {\n", t.counted ? "true" : "false");
	fprintf(f, "    \"warp_instructions\": %" PRIu64 ",\n    \"thread_instructions\": %" PRIu64 ",\n",
	    t.warp_insns, t.thread_insns);
	jcounters(f, &t, "    ");
	fputs("  },\n  \"instructions\": [", f);
	for (size_t i = 0; i < n; i++) {
		const ptx_insn_stats *is = ptx_stats_insn(cx, i);
		ptx_stats one;
		fold(is, &one);
		fprintf(f, "%s\n    {\n      \"line\": %d,\n      \"ptx_line\": %d,\n", i ? "," : "",
		    is->src_line ? is->src_line : is->line, is->line);
		if (is->src_file) {
			fputs("      \"file\": ", f);
			json_str(f, is->src_file);
			fputs(",\n", f);
		}
		fputs("      \"text\": ", f);
		json_str(f, is->text);
		fprintf(f, ",\n      \"executions\": %" PRIu64 ",\n      \"active_threads\": %" PRIu64 ",\n",
		    is->executions, is->active_threads);
		jcounters(f, &one, "      ");
		fputs("    }", f);
	}
	fputs("\n  ]\n}\n", f);
	return ferror(f) ? -1 : 0;
}

/* ---------------------------------------------------------------- annotated source */

typedef struct { uint64_t exec, lanes, req, sec, wf, cf, cost; } Margin;

static void
html_text(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		switch (s[i]) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '\t': fputs("        ", f); break;
		default: fputc(s[i], f);
		}
}

/* One listing: each line of text with the counters of its instructions in
 * the margin; the heat of a line is its share of the costliest line's. */
static void
html_listing(FILE *f, const char *title, const char *text, size_t len, const Margin *mg, int nmg)
{
	uint64_t worst = 0;
	int ln = 1;

	for (int i = 0; i < nmg; i++)
		if (mg[i].cost > worst)
			worst = mg[i].cost;
	fputs("<h2>", f);
	html_text(f, title, strlen(title));
	fputs("</h2>\n<table>\n<tr><th>line</th><th>execs</th><th>lanes</th><th>requests</th>"
	    "<th>sectors</th><th>wavefronts</th><th>conflicts</th><th>source</th></tr>\n", f);
	for (size_t i = 0; i < len; ln++) {
		size_t e = i;
		while (e < len && text[e] != '\n')
			e++;
		if (ln < nmg && mg[ln].exec) {
			const Margin *m = &mg[ln];
			int heat = worst && m->cost ? (int)(1 + 9 * m->cost / worst) : 0;
			fprintf(f, "<tr class=\"h%d\"><td>%d</td><td>%" PRIu64 "</td><td>%.1f</td><td>%" PRIu64
			    "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td><pre>", heat, ln,
			    m->exec, (double)m->lanes / (double)m->exec, m->req, m->sec, m->wf, m->cf);
		} else
			fprintf(f, "<tr><td>%d</td><td></td><td></td><td></td><td></td><td></td><td></td><td><pre>", ln);
		html_text(f, text + i, e - i);
		fputs("</pre></td></tr>\n", f);
		i = e + 1;
	}
	fputs("</table>\n", f);
}

static void
margin_add(Margin *m, const ptx_insn_stats *is)
{
	Sum s = sumof(is);

	m->exec += is->executions;
	m->lanes += is->active_threads;
	m->req += s.req;
	m->sec += s.sec;
	m->wf += s.wf;
	m->cf += s.cf;
	m->cost += cost(is);
}

static int
annotate(FILE *f, ptx_ctx *cx, const char *module, const char *text, size_t len)
{
	size_t n = ptx_stats_insn_count(cx);
	int nl = 2, ns = 2;
	Margin *mp, *ms = NULL;
	const char *src = NULL;
	unsigned char *stext = NULL;
	size_t slen = 0;

	for (size_t i = 0; i < len; i++)
		nl += text[i] == '\n';
	mp = calloc((size_t)nl, sizeof *mp);
	if (!mp)
		return -1;
	/* the CUDA source: the .file of the first instruction that names one */
	for (size_t i = 0; i < n && !src; i++)
		if (ptx_stats_insn(cx, i)->src_file)
			src = ptx_stats_insn(cx, i)->src_file;
	if (src) {
		FILE *sf = fopen(src, "rb");
		if (sf) {
			fclose(sf);
			stext = run_readfile(src, &slen, READALL_TEXT_MAX);
		}
	}
	if (stext) {
		for (size_t i = 0; i < slen; i++)
			ns += stext[i] == '\n';
		ms = calloc((size_t)ns, sizeof *ms);
	}
	for (size_t i = 0; i < n; i++) {
		const ptx_insn_stats *is = ptx_stats_insn(cx, i);
		if (is->line > 0 && is->line < nl)
			margin_add(&mp[is->line], is);
		if (ms && is->src_file && strcmp(is->src_file, src) == 0 && is->src_line > 0 && is->src_line < ns)
			margin_add(&ms[is->src_line], is);
	}
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>ptx-run counters</title>\n<style>\n"
	    "body{font-family:sans-serif;margin:1em}table{border-collapse:collapse;font-size:12px}\n"
	    "td,th{padding:0 6px;text-align:right;border-bottom:1px solid #eee;white-space:nowrap}\n"
	    "td:last-child{text-align:left}pre{margin:0;font-family:monospace}\n", f);
	for (int h = 1; h <= 10; h++)
		fprintf(f, ".h%d{background:rgb(255,%d,%d)}\n", h, 250 - h * 15, 240 - h * 20);
	fputs("</style></head><body>\n<p>Counters as Nsight Compute reports them on an H100: L1TEX requests, "
	    "32-byte sectors (global, local), shared-memory wavefronts and bank conflicts; constant loads show "
	    "distinct addresses as requests and serializations as conflicts. Redder lines cost more.</p>\n", f);
	if (stext)
		html_listing(f, src, (const char *)stext, slen, ms, ns);
	html_listing(f, module, text, len, mp, nl);
	fputs("</body></html>\n", f);
	free(mp);
	free(ms);
	free(stext);
	return ferror(f) ? -1 : 0;
}

/* Writes what --stats, --stats-json and --annotate ask for.  Nonzero: an I/O error. */
int
run_report(const Opts *o, ptx_ctx *cx, const char *text, size_t len)
{
	int err = 0;

	if (o->stats)
		stats_table(stdout, cx, o->kernel);
	for (int k = 0; k < 2; k++) {
		const char *path = k ? o->annotate : o->statsjson;
		Outfile of;
		int st;
		if (!path)
			continue;
		if (outfile_open(&of, prog, path) != 0) {
			err = 1;
			continue;
		}
		st = k ? annotate(of.f, cx, o->module, text, len) : stats_json(of.f, cx, o->kernel);
		if (st != 0 && !ferror(of.f)) {
			fprintf(stderr, "%s: %s: out of memory\n", prog, path);
			outfile_abort(&of);
			err = 1;
		} else if (outfile_commit(&of, prog) != 0)
			err = 1;
	}
	return err;
}

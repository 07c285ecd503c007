/*
 * diag.c — diagnostics about the user's input.
 *
 * A Diags collects messages while the input is read and checked; nothing is
 * printed until the caller asks (diag_print), so the library itself never
 * writes to stderr.  Errors are counted without bound (nerr), but only the
 * first `limit` are recorded; the next one records a single note "too many
 * errors, stopping" and everything after it is dropped, warnings included.
 *
 * Printed form, one per diagnostic:
 *
 *	file:line:col: error: message [-Wcheck]
 *	<the source line>
 *	<a caret under col>
 *
 * The caret line copies the tabs of the source line before the column, so
 * that the caret lines up whatever the reader's tab width.  col counts
 * bytes; UTF-8 continuation bytes take no room on the caret line.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "ir.h"

enum { DEFAULT_LIMIT = 20 };

static const char *const sevname[] = {
	[SEV_NOTE] = "note", [SEV_WARNING] = "warning", [SEV_ERROR] = "error",
};

Diags *
diag_new(const char *file, const char *src, size_t len)
{
	Arena *a;
	Diags *dg;

	a = ir_arena_new();
	if (!a)
		return NULL;
	dg = ir_alloc(a, sizeof *dg);
	if (!dg) {
		ir_arena_free(a);
		return NULL;
	}
	dg->a = a;
	dg->limit = DEFAULT_LIMIT;
	dg->file = file ? ir_strndup(a, file, strlen(file)) : NULL;
	dg->src = src;      /* borrowed: must outlive diag_print */
	dg->len = len;
	return dg;
}

void
diag_free(Diags *dg)
{
	if (dg)
		ir_arena_free(dg->a);   /* dg lives in its own arena */
}

static void
record(Diags *dg, int sev, Loc loc, const char *check, char *msg)
{
	Diag d = { .sev = sev, .loc = loc, .file = dg->file, .check = check, .msg = msg };

	if (msg)
		PUSH(dg->a, dg->d, dg->n, dg->cap, d);
}

void
diag_at(Diags *dg, int sev, Loc loc, const char *check, const char *fmt, ...)
{
	va_list ap;
	char *msg;
	int n;

	if (sev == SEV_ERROR)
		dg->nerr++;
	if (dg->limit > 0 && dg->nerr > dg->limit) {
		static const char stop[] = "too many errors, stopping";
		if (sev == SEV_ERROR && dg->nerr == dg->limit + 1)
			record(dg, SEV_NOTE, (Loc){ 0, 0, 0 }, NULL, ir_strndup(dg->a, stop, sizeof stop - 1));
		return;
	}
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	msg = ir_alloc(dg->a, (size_t)n + 1);
	if (msg) {
		va_start(ap, fmt);
		vsnprintf(msg, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	record(dg, sev, loc, check, msg);
}

/* Byte offsets of the starts of lines 1..nline of the source, or NULL. */
static size_t *
linestarts(const Diags *dg, size_t *nline)
{
	size_t *start, n = 1, i;

	for (i = 0; i < dg->len; i++)
		n += dg->src[i] == '\n';
	start = malloc(n * sizeof *start);
	if (!start)
		return NULL;
	start[0] = 0;
	for (i = 0, n = 1; i < dg->len; i++)
		if (dg->src[i] == '\n')
			start[n++] = i + 1;
	*nline = n;
	return start;
}

/* A source line of len bytes and, under it, a caret at byte col (1-based).
 * Tabs before the column are copied so that the caret lines up whatever
 * the reader's tab width; UTF-8 continuation bytes take no room.  Generated
 * PTX has lines of 100 KB (initializers): a long line shows a window of
 * WIDE bytes around the column, marked with "..." where cut. */
enum { WIDE = 160 };

/* The bytes of a line of len bytes that diag_caret looks at for column
 * col: a window ends at most WIDE past the column, and one byte more says
 * whether the line goes on.  A report on a line of a gigabyte reads (and
 * measures) no more of it than this. */
static size_t
shown(size_t len, int col)
{
	size_t c = col > 1 ? (size_t)col - 1 : 0;
	return c < len && len - c > WIDE + 2 ? c + WIDE + 2 : len;
}

void
diag_caret(const char *line, size_t len, int col, FILE *f)
{
	const char *s = line, *e, *p, *at;
	const char *lead = "", *tail = "";
	size_t c = col > 1 ? (size_t)col - 1 : 0;

	/* past shown(), a '\r' is not the line's last byte and the window
	 * ends before it either way */
	len = shown(len, col);
	e = line + len;

	if (e > s && e[-1] == '\r')
		e--;
	at = c < (size_t)(e - s) ? s + c : e;   /* past the end: after the last byte */
	if (e - s > WIDE) {
		const char *ws = at - s > WIDE / 2 ? at - WIDE / 2 : s;
		const char *we = e - ws > WIDE ? ws + WIDE : e;
		if (ws > s)
			lead = "...";
		if (we < e)
			tail = "...";
		s = ws;
		e = we;
	}
	fprintf(f, "%s%.*s%s\n", lead, (int)(e - s), s, tail);
	fputs(*lead ? "   " : "", f);
	for (p = s; p < at; p++) {
		if (*p == '\t')
			fputc('\t', f);
		else if (((unsigned char)*p & 0xC0) != 0x80)
			fputc(' ', f);
	}
	fputs("^\n", f);
}

/* diag_caret of a NUL-terminated line, without measuring all of it */
void
diag_caret_str(const char *line, int col, FILE *f)
{
	size_t c = col > 1 ? (size_t)col - 1 : 0;
	diag_caret(line, strnlen(line, c > SIZE_MAX - WIDE - 2 ? SIZE_MAX : c + WIDE + 2), col, f);
}

/* The source line of loc and the caret under it. */
static void
caret(const Diags *dg, const size_t *start, size_t nline, Loc loc, FILE *f)
{
	const char *s, *e;

	if (loc.line < 1 || (size_t)loc.line > nline)
		return;
	s = dg->src + start[loc.line - 1];
	size_t n = shown((size_t)(dg->src + dg->len - s), loc.col);
	e = memchr(s, '\n', n);
	if (!e)
		e = s + n;
	diag_caret(s, (size_t)(e - s), loc.col, f);
}

void
diag_print(const Diags *dg, FILE *f)
{
	size_t *start = NULL, nline = 0, i;

	if (dg->src && dg->n)
		start = linestarts(dg, &nline);
	for (i = 0; i < dg->n; i++) {
		const Diag *d = &dg->d[i];
		const char *file = d->file ? d->file : "<input>";

		if (d->loc.line > 0)
			fprintf(f, "%s:%d:%d: %s: %s", file, d->loc.line, d->loc.col, sevname[d->sev], d->msg);
		else
			fprintf(f, "%s: %s: %s", file, sevname[d->sev], d->msg);
		if (d->check)
			fprintf(f, " [-W%s]", d->check);
		fputc('\n', f);
		if (start && d->loc.line > 0 && d->file == dg->file)
			caret(dg, start, nline, d->loc, f);
	}
	free(start);
}

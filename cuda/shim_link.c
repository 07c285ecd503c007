/*
 * shim_link.c -- what the text linker (shim_link_text, shim_mod.c) does to
 * its inputs before putting them together, so that symbols link as an ELF
 * linker links them:
 *
 *   internal  a module-scope variable or function without .visible,
 *             .extern, .weak or .common is local to its input (nvcc's
 *             printf strings $str, $str$1, ...; static functions and
 *             variables).  When another input declares the same name, the
 *             local one is renamed in its own input, every use with it.
 *   weak      a .weak definition gives way to a .visible one, or to the
 *             first .weak one, of the same name elsewhere: it becomes an
 *             .extern declaration (a function loses its body, a variable
 *             its initializer).
 *
 * Inputs are PTX texts, one declaration per line at module scope (as
 * every PTX writer lays them out); a module-scope line is one outside any
 * brace.  Names are matched as whole identifiers ([A-Za-z0-9_$%]), so
 * $str and $str$1 stay apart.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

enum { L_INTERNAL, L_VISIBLE, L_EXTERN, L_WEAK };

typedef struct {
	char name[256];
	int link;                   /* L_* */
	int func;                   /* a .func (else a variable) */
	size_t at;                  /* offset of its line in the text */
} Decl;

typedef struct {
	Decl *d;
	size_t n, cap;
} Decls;

static int
idchar(int c)
{
	return isalnum(c) || c == '_' || c == '$' || c == '%';
}

static int
isword(const char *p, size_t n, const char *w)
{
	return strlen(w) == n && !strncmp(p, w, n);
}

/* Reads the module-scope declaration on the line at s, if it is one. */
static int
parse_decl(const char *s, Decl *d)
{
	const char *p = s, *end = s + strcspn(s, "\n"), *name = NULL;
	size_t nname = 0;
	int link = L_INTERNAL, space = 0;

	d->func = 0;
	while (p < end) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		const char *w = p;
		if (*p == '.') {
			p++;
			while (p < end && idchar((unsigned char)*p))
				p++;
			size_t n = (size_t)(p - w);
			if (isword(w, n, ".visible"))
				link = L_VISIBLE;
			else if (isword(w, n, ".extern"))
				link = L_EXTERN;
			else if (isword(w, n, ".weak") || isword(w, n, ".common"))
				link = L_WEAK;
			else if (isword(w, n, ".func"))
				space = d->func = 1;
			else if (isword(w, n, ".global") || isword(w, n, ".const") || isword(w, n, ".shared"))
				space = 1;
			else if (!space)
				return 0;   /* .version, .entry, .file, ...: not ours */
			continue;
		}
		if (!space)
			return 0;
		if (*p == '(') {   /* a function's return parameters */
			int depth = 0;
			for (; p < end; p++)
				if (*p == '(')
					depth++;
				else if (*p == ')' && --depth == 0) {
					p++;
					break;
				}
			continue;
		}
		if (idchar((unsigned char)*p)) {
			while (p < end && idchar((unsigned char)*p))
				p++;
			name = w;
			nname = (size_t)(p - w);
			if (d->func)
				break;   /* the name follows .func and its return list */
			continue;
		}
		break;   /* '[', '=', ';', '<': the variable's name came last */
	}
	if (!name || nname >= sizeof d->name || isdigit((unsigned char)name[0]))
		return 0;
	memcpy(d->name, name, nname);
	d->name[nname] = 0;
	d->link = link;
	return 1;
}

/* The module-scope declarations of text; -1 when out of memory. */
static int
scan(const char *text, Decls *ds)
{
	int depth = 0;

	for (const char *s = text; *s; ) {
		const char *e = strchr(s, '\n');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		Decl d;
		if (depth == 0 && parse_decl(s, &d)) {
			if (ds->n == ds->cap) {
				size_t cap = ds->cap ? 2 * ds->cap : 32;
				Decl *nd = realloc(ds->d, cap * sizeof *nd);
				if (!nd)
					return -1;
				ds->d = nd;
				ds->cap = cap;
			}
			d.at = (size_t)(s - text);
			ds->d[ds->n++] = d;
		}
		for (size_t i = 0; i < len; i++) {
			if (s[i] == '/' && i + 1 < len && s[i + 1] == '/')
				break;
			depth += s[i] == '{' ? 1 : s[i] == '}' ? -1 : 0;
		}
		s += len + (e != NULL);
	}
	return 0;
}

static const Decl *
find(const Decls *ds, const char *name)
{
	for (size_t i = 0; i < ds->n; i++)
		if (!strcmp(ds->d[i].name, name))
			return &ds->d[i];
	return NULL;
}

/* text with every whole identifier old replaced by new; NULL when out of
 * memory. */
static char *
rename_in(const char *text, const char *old, const char *new)
{
	size_t no = strlen(old), nn = strlen(new), count = 0, len = strlen(text);
	char *out, *o;

	for (const char *p = strstr(text, old); p; p = strstr(p + no, old))
		count++;
	if (!(o = out = malloc(len + count * (nn > no ? nn - no : 0) + 1)))
		return NULL;
	for (const char *p = text; *p; ) {
		if (!strncmp(p, old, no) && (p == text || !idchar((unsigned char)p[-1])) &&
		    !idchar((unsigned char)p[no])) {
			memcpy(o, new, nn);
			o += nn;
			p += no;
		} else
			*o++ = *p++;
	}
	*o = 0;
	return out;
}

/* The definition at line 'at' of text made a declaration: ".weak" becomes
 * ".extern", the initializer or the body goes. */
static char *
demote(const char *text, const Decl *d)
{
	const char *line = text + d->at, *w = strstr(line, ".weak"), *end;
	size_t len = strlen(text);
	char *out;

	if (!w || !(out = malloc(len + 3)))
		return NULL;
	if (d->func) {
		/* the body: from the '{' after the parameter list to its match;
		 * a prototype (';' first) only changes its word */
		const char *b = line + strcspn(line, "(");
		int depth = 0;
		for (; *b && *b != '{' && *b != ';'; b++)
			;
		if (*b != '{') {
			strcpy(out, text);
			goto word;
		}
		for (end = b; *end; end++)
			if (*end == '{')
				depth++;
			else if (*end == '}' && --depth == 0) {
				end++;
				break;
			}
		size_t head = (size_t)(b - text);
		memcpy(out, text, head);
		out[head] = ';';
		strcpy(out + head + 1, end);
	} else {
		const char *eq = line + strcspn(line, "=;\n");
		end = line + strcspn(line, ";\n");
		size_t head = (size_t)(eq - text);
		while (head > 0 && (text[head - 1] == ' ' || text[head - 1] == '\t'))
			head--;
		memcpy(out, text, head);
		out[head] = 0;
		strcat(out + head, *end == ';' ? end : ";");
		if (*end != ';')
			strcat(out, end);
	}
word:	/* ".weak" -> ".extern": at the same offset (a block: C11 puts no
	 * declaration right after a label, and clang holds it to that) */
	{
		size_t at = (size_t)(w - text);
		memmove(out + at + 7, out + at + 5, strlen(out + at + 5) + 1);
		memcpy(out + at, ".extern", 7);
	}
	return out;
}

CUresult
shim_link_symbols(char **text, int n)
{
	Decls *ds = calloc((size_t)(n > 0 ? n : 1), sizeof *ds);
	CUresult r = CUDA_SUCCESS;

	if (!ds)
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (int i = 0; i < n && !r; i++)
		if (scan(text[i], &ds[i]))
			r = CUDA_ERROR_OUT_OF_MEMORY;
	for (int i = 0; i < n && !r; i++) {
		for (size_t k = 0; k < ds[i].n && !r; k++) {
			Decl *d = &ds[i].d[k];
			int clash = 0, wins = 0;
			for (int j = 0; j < n; j++) {
				const Decl *o = j == i ? NULL : find(&ds[j], d->name);
				if (!o)
					continue;
				clash = 1;
				/* a .weak one gives way to a .visible one, or to an earlier .weak one */
				if (o->link == L_VISIBLE || (o->link == L_WEAK && j < i))
					wins = 1;
			}
			if (!clash)
				continue;
			char *t = NULL;
			if (d->link == L_INTERNAL) {
				char new[300];
				snprintf(new, sizeof new, "%s_$link%d", d->name, i);
				t = rename_in(text[i], d->name, new);
			} else if (d->link == L_WEAK && wins)
				t = demote(text[i], d);
			else
				continue;
			if (!t) {
				r = CUDA_ERROR_OUT_OF_MEMORY;
				break;
			}
			free(text[i]);
			text[i] = t;
			/* offsets moved: read the input again */
			ds[i].n = 0;
			if (scan(text[i], &ds[i]))
				r = CUDA_ERROR_OUT_OF_MEMORY;
			k = (size_t)-1;   /* from the start; a renamed or demoted one no longer clashes */
		}
	}
	for (int i = 0; i < n; i++)
		free(ds[i].d);
	free(ds);
	return r;
}

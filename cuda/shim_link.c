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
 *   weak      a .weak (or .common) definition gives way to a .visible
 *             one, or to the first .weak one, of the same name elsewhere:
 *             it becomes an .extern declaration (a function loses its
 *             body, a variable its initializer).
 *   extern    an .extern .func declaration of a function another input
 *             defines is restated with the definition's lists: the
 *             linker takes types of one size for one another (.u32 for
 *             .b32, any alignment: shim_extern.c), which one module's
 *             declaration and definition may not be.
 *   files     the .file indices of a module are its own (numba's debug
 *             modules each name their source .file 1): an input's
 *             indices, and its .loc lines' (inlined_at's too), move past
 *             the largest of the inputs before it.
 *
 * Inputs are PTX texts, one declaration per line at module scope (as
 * every PTX writer lays them out); a module-scope line is one outside any
 * brace.  Names are matched as whole identifiers ([A-Za-z0-9_$%]), so
 * $str and $str$1 stay apart.
 */
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
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

/* Where the line at s says .weak or .common (its length into *n), NULL
 * when it does not: within the line, for a later line's .weak is another
 * declaration's (numba's .common NumbaEnv variable precedes its .weak
 * function). */
static const char *
linkword(const char *s, size_t *n)
{
	for (const char *p = s; *p && *p != '\n'; p++) {
		if (*p != '.' || (p > s && idchar((unsigned char)p[-1])))
			continue;
		*n = !strncmp(p, ".weak", 5) ? 5 : !strncmp(p, ".common", 7) ? 7 : 0;
		if (*n && !idchar((unsigned char)p[*n]))
			return p;
	}
	return NULL;
}

/* The definition at line 'at' of text made a declaration: ".weak" or
 * ".common" becomes ".extern", the initializer or the body goes. */
static char *
demote(const char *text, const Decl *d)
{
	size_t wl, len = strlen(text);
	const char *line = text + d->at, *w = linkword(line, &wl), *end;
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
		memmove(out + at + 7, out + at + wl, strlen(out + at + wl) + 1);
		memcpy(out + at, ".extern", 7);
	}
	return out;
}

/* Where the header of the function declared or defined at line s ends,
 * at the ';' or '{' after its lists (outside parentheses); NULL when
 * neither comes. */
static const char *
header_end(const char *s)
{
	int depth = 0;

	for (const char *p = s; *p; p++)
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth -= depth > 0;
		else if (!depth && (*p == ';' || *p == '{'))
			return p;
	return NULL;
}

/* Past the ".func" word of the line at s. */
static const char *
after_func(const char *s)
{
	for (const char *p = s; *p && *p != '\n' && *p != '('; p++)
		if (!strncmp(p, ".func", 5) && !idchar((unsigned char)p[5]) && (p == s || !idchar((unsigned char)p[-1])))
			return p + 5;
	return NULL;
}

/* text with the declaration d's lists replaced by those of the definition
 * at def (in another text): its words up to .func kept, the rest of the
 * definition's header after .func, then ';'.  NULL when out of memory;
 * text itself (not a copy) when either is not laid out as expected. */
static char *
restate(char *text, const Decl *d, const char *def)
{
	const char *line = text + d->at, *dw = after_func(line), *de = header_end(line);
	const char *fw = after_func(def), *fe = header_end(def);

	if (!dw || !de || *de != ';' || !fw || !fe || *fe != '{')
		return text;
	while (fe > fw && isspace((unsigned char)fe[-1]))
		fe--;
	/* only lists of one shape: a caller may declare a return the callee
	 * lacks (numba's C-ABI void functions), which the linker lets through
	 * and the call's own return list then needs */
	int dn[2], fn[2];
	if (!shim_func_lists(line, (size_t)(de - line), dn) || !shim_func_lists(def, (size_t)(fe - def), fn) ||
	    dn[0] != fn[0] || dn[1] != fn[1])
		return text;
	size_t head = (size_t)(dw - text), mid = (size_t)(fe - fw), tail = strlen(de);
	char *out = malloc(head + mid + tail + 1);
	if (!out)
		return NULL;
	memcpy(out, text, head);
	memcpy(out + head, fw, mid);
	memcpy(out + head + mid, de, tail + 1);
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
	/* extern: a declaration takes the lists of the definition it links to */
	for (int i = 0; i < n && !r; i++) {
		for (size_t k = 0; k < ds[i].n && !r; k++) {
			const Decl *d = &ds[i].d[k];
			if (!d->func || d->link != L_EXTERN)
				continue;
			for (int j = 0; j < n; j++) {
				const Decl *o = j == i ? NULL : find(&ds[j], d->name);
				const char *oe = o && o->func && o->link != L_EXTERN ? header_end(text[j] + o->at) : NULL;
				if (!oe || *oe != '{')
					continue;
				char *t = restate(text[i], d, text[j] + o->at);
				if (!t)
					r = CUDA_ERROR_OUT_OF_MEMORY;
				else if (t != text[i]) {
					free(text[i]);
					text[i] = t;
					ds[i].n = 0;
					if (scan(text[i], &ds[i]))
						r = CUDA_ERROR_OUT_OF_MEMORY;
				}
				break;
			}
		}
	}
	for (int i = 0; i < n; i++)
		free(ds[i].d);
	free(ds);
	return r;
}

/* The decimal number after p's blanks: its end into *e and its value into
 * *v; 0 when there is none or it is beyond INT_MAX. */
static int
number(const char *p, const char **e, long long *v)
{
	while (*p == ' ' || *p == '\t')
		p++;
	if (!isdigit((unsigned char)*p))
		return 0;
	*v = 0;
	for (; isdigit((unsigned char)*p); p++)
		if ((*v = *v * 10 + (*p - '0')) > INT_MAX)
			return 0;
	*e = p;
	return 1;
}

/* Whether the line at s begins (after blanks) with the directive w and a
 * blank: the text after it into *after. */
static int
directive(const char *s, const char *w, const char **after)
{
	size_t n = strlen(w);

	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, w, n) || (s[n] != ' ' && s[n] != '\t'))
		return 0;
	*after = s + n;
	return 1;
}

/* The largest .file index of text, 0 when it has none. */
static long long
maxfile(const char *text)
{
	long long max = 0, v;
	const char *a, *e;

	for (const char *s = text; s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL)
		if (directive(s, ".file", &a) && number(a, &e, &v) && v > max)
			max = v;
	return max;
}

/* text with its .file and .loc indices (and inlined_at's) moved up by off;
 * NULL when out of memory.  A number that would pass INT_MAX stays, for
 * the front end to refuse. */
static char *
shift_files(const char *text, long long off)
{
	size_t len = strlen(text), lines = 1;
	char *out, *o;

	for (const char *s = text; *s; s++)
		lines += *s == '\n';
	/* two numbers a line at most, each up to 10 digits longer */
	if (lines > (SIZE_MAX - len - 1) / 20 || !(o = out = malloc(len + 20 * lines + 1)))
		return NULL;
	for (const char *s = text; *s; ) {
		const char *eol = s + strcspn(s, "\n"), *a, *e, *in;
		long long v;
		int loc = 0;
		if ((directive(s, ".file", &a) || (loc = directive(s, ".loc", &a))) && number(a, &e, &v) &&
		    v + off <= INT_MAX) {
			/* the line up to the number, the number moved, the rest */
			const char *b = e;
			while (b > a && isdigit((unsigned char)b[-1]))
				b--;
			memcpy(o, s, (size_t)(b - s));
			o += b - s;
			o += sprintf(o, "%lld", v + off);
			s = e;
			/* (searched for within the line: a text of many .loc lines) */
			for (in = s; loc && in + 10 <= eol && strncmp(in, "inlined_at", 10); in++)
				;
			if (loc && in + 10 <= eol && !idchar((unsigned char)in[10]) && number(in + 10, &e, &v) &&
			    v + off <= INT_MAX) {
				b = e;
				while (b > in + 10 && isdigit((unsigned char)b[-1]))
					b--;
				memcpy(o, s, (size_t)(b - s));
				o += b - s;
				o += sprintf(o, "%lld", v + off);
				s = e;
			}
		}
		size_t n = (size_t)(eol - s) + (*eol == '\n');
		memcpy(o, s, n);
		o += n;
		s += n;
	}
	*o = 0;
	return out;
}

CUresult
shim_link_files(char **text, int n)
{
	long long off = 0;

	for (int i = 0; i < n; i++) {
		long long max = maxfile(text[i]);
		if (off && max) {
			char *t = shift_files(text[i], off);
			if (!t)
				return CUDA_ERROR_OUT_OF_MEMORY;
			free(text[i]);
			text[i] = t;
		}
		if ((off += max) > INT_MAX)
			off = INT_MAX;
	}
	return CUDA_SUCCESS;
}

/*
 * shim_extern.c -- functions a module calls but nobody defines, as the
 * driver finds them.  The interpreter runs the device runtime's functions
 * (cudaCG*, cudaLaunchDevice, ...) itself, so it would run a module that
 * calls them without libcudadevrt.a; a GPU does not: the JIT compiles a
 * module loaded alone as a whole program, and ptxas stops at the first
 * call of an .extern function that the module does not define ("Unresolved
 * extern function"), and the linker (cuLinkComplete) at an undefined
 * reference unless an input (the device runtime's library) defines it.
 * Only the functions ptxas supplies itself are exempt: vprintf, malloc,
 * free, __assertfail and cudaGraphSetConditional (ptxas 13 compiles a
 * call of it alone, to a call of an absolute address); with the device
 * runtime linked, its own (cuda*
 * and __cuda*: cudaCG*, cudaLaunchDevice, __cudaCDP2*, ...).
 *
 * The text is PTX as its writers lay it out: one declaration a line at
 * module scope, the function's name on the line of its .func.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

#define ISID(c) (isalnum((unsigned char)(c)) || (c) == '_' || (c) == '$' || (c) == '%')

/* The name a line declaring .func or .entry gives, into name (NUL when
 * there is none). */
static void
declname(const char *s, size_t len, char *name, size_t cap)
{
	const char *e = s + len, *p = NULL;
	size_t n = 0;

	name[0] = 0;
	for (const char *q = s; q + 5 <= e && !p; q++)
		if (!strncmp(q, ".func", 5) && (q + 5 == e || !ISID(q[5])))
			p = q + 5;
		else if (q + 6 <= e && !strncmp(q, ".entry", 6) && (q + 6 == e || !ISID(q[6])))
			p = q + 6;
	if (!p)
		return;
	while (p < e && isspace((unsigned char)*p))
		p++;
	if (p < e && *p == '(') {   /* the return parameters */
		while (p < e && *p != ')')
			p++;
		p += p < e;
		while (p < e && isspace((unsigned char)*p))
			p++;
	}
	while (p + n < e && ISID(p[n]))
		n++;
	if (n && n < cap) {
		memcpy(name, p, n);
		name[n] = 0;
	}
}

/* Whether s (len bytes) holds the word w. */
static int
hasword(const char *s, size_t len, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = s; p + n <= s + len; p++)
		if (!strncmp(p, w, n) && (p == s || !ISID(p[-1])) && (p + n == s + len || !ISID(p[n])))
			return 1;
	return 0;
}

static int
exempt(const char *name, int devrt)
{
	static const char *const jit[] = { "vprintf", "malloc", "free", "__assertfail",
	                                   "cudaGraphSetConditional" };

	for (size_t i = 0; i < sizeof jit / sizeof jit[0]; i++)
		if (!strcmp(name, jit[i]))
			return 1;
	/* libcudadevrt.a's are all cuda* or __cuda* */
	return devrt && (!strncmp(name, "cuda", 4) || !strncmp(name, "__cuda", 6));
}

/* The next line of *s outside every function body: its first non-blank
 * character, *len its length from there; NULL at the end.  *depth counts
 * the braces open before the line. */
static const char *
topline(const char **s, int *depth, size_t *len)
{
	while (**s) {
		const char *l = *s, *w = l;
		size_t n = strcspn(l, "\n");
		int top = !*depth;
		while (w < l + n && isspace((unsigned char)*w))
			w++;
		for (const char *p = l; p < l + n; p++)
			*depth += *p == '{' ? 1 : *p == '}' ? -(*depth > 0) : 0;
		*s = l + n + (l[n] == '\n');
		if (top) {
			*len = n - (size_t)(w - l);
			return w;
		}
	}
	return NULL;
}

/* Whether text defines (a .func or .entry line not .extern) name. */
static int
defined(const char *text, const char *name)
{
	char d[256];
	int depth = 0;
	size_t len;

	for (const char *s = text, *w; (w = topline(&s, &depth, &len));)
		if (strncmp(w, ".extern", 7) && strncmp(w, "//", 2)) {
			declname(w, len, d, sizeof d);
			if (d[0] && !strcmp(d, name))
				return 1;
		}
	return 0;
}

/* Whether a function body of text names name. */
static int
used(const char *text, const char *name)
{
	int depth = 0;

	for (const char *s = text; *s;) {
		size_t len = strcspn(s, "\n");
		if (depth && hasword(s, len, name))
			return 1;
		for (const char *p = s; p < s + len; p++)
			depth += *p == '{' ? 1 : *p == '}' ? -(depth > 0) : 0;
		s += len + (s[len] == '\n');
	}
	return 0;
}

int
shim_unresolved(const char *text, int devrt, char *name, size_t cap)
{
	int depth = 0;

	for (const char *s = text; *s;) {
		size_t len = strcspn(s, "\n");
		const char *w = s;
		while (w < s + len && isspace((unsigned char)*w))
			w++;
		if (!depth && !strncmp(w, ".extern", 7) && !ISID(w[7])) {
			declname(w, len - (size_t)(w - s), name, cap);
			if (name[0] && !exempt(name, devrt) && !defined(text, name) && used(text, name))
				return 1;
		}
		for (const char *p = s; p < s + len; p++)
			depth += *p == '{' ? 1 : *p == '}' ? -(depth > 0) : 0;
		s += len + (s[len] == '\n');
	}
	if (cap)
		name[0] = 0;
	return 0;
}

/*
 * In an image linked elsewhere (by nvJitLink, or an -rdc program's host
 * ELF), which the loader links again here, a call is checked against
 * nothing (cuLink's own inputs are: shim_link_protos, below).  A caller that
 * declares a function .extern with a return value the definition does not
 * have (numba-cuda declares a C function returning void so) runs on a GPU:
 * the callee leaves the return register alone, and the caller does not
 * use it.  Put into one module, such a call breaks the module's own
 * prototype check; so, in the caller's input, the declaration and its
 * calls lose their return lists (blanked, so nothing else moves), and the
 * caller's reads of its return parameter read what the call left there:
 * nothing written, as on a GPU.
 */

/* The return list of a .func line s (len bytes): [*at, *at + *n) from its
 * '(' through its ')', or 0. */
static int
retlist(const char *s, size_t len, size_t *at, size_t *n)
{
	const char *e = s + len, *p = NULL;

	for (const char *q = s; q + 5 <= e && !p; q++)
		if (!strncmp(q, ".func", 5) && (q + 5 == e || !ISID(q[5])))
			p = q + 5;
	while (p && p < e && isspace((unsigned char)*p))
		p++;
	if (!p || p >= e || *p != '(')
		return 0;
	*at = (size_t)(p - s);
	while (p < e && *p != ')')
		p++;
	if (p >= e)
		return 0;
	*n = (size_t)(p - s) - *at + 1;
	return 1;
}

/* Whether some input but i defines name with no return list. */
static int
defined_void(char **text, int n, int i, const char *name)
{
	char d[256];

	for (int j = 0; j < n; j++) {
		int depth = 0;
		if (j == i)
			continue;
		for (const char *s = text[j]; *s;) {
			size_t len = strcspn(s, "\n"), at, k;
			const char *w = s;
			while (w < s + len && isspace((unsigned char)*w))
				w++;
			if (!depth && strncmp(w, ".extern", 7) && strncmp(w, "//", 2)) {
				declname(w, len - (size_t)(w - s), d, sizeof d);
				if (d[0] && !strcmp(d, name))
					return !retlist(w, len - (size_t)(w - s), &at, &k);
			}
			for (const char *p = s; p < s + len; p++)
				depth += *p == '{' ? 1 : *p == '}' ? -(depth > 0) : 0;
			s += len + (s[len] == '\n');
		}
	}
	return 0;
}

/* Blanks the return lists of t's call statements of name. */
static void
blank_calls(char *t, const char *name)
{
	size_t nl = strlen(name);

	for (char *c = t; (c = strstr(c, "call")); c += 4) {
		char *p = c + 4, *q;
		if ((c > t && ISID(c[-1])) || (ISID(*p) && *p != '.'))
			continue;   /* not the instruction */
		while (*p == '.' || ISID(*p))
			p++;   /* .uni */
		while (isspace((unsigned char)*p))
			p++;
		if (*p != '(' || !(q = strchr(p, ')')) || memchr(p, ';', (size_t)(q - p)))
			continue;
		q++;
		while (isspace((unsigned char)*q))
			q++;
		if (*q != ',')
			continue;
		q++;
		while (isspace((unsigned char)*q))
			q++;
		if (strncmp(q, name, nl) || ISID(q[nl]))
			continue;
		for (char *b = p; b < q; b++)
			if (*b != '\n')
				*b = ' ';
		/* "call (r), f, (a)" is now "call f, (a)": the comma went with the list */
	}
}

void
shim_link_voids(char **text, int n)
{
	char name[256];

	for (int i = 0; i < n; i++) {
		int depth = 0;
		for (char *s = text[i]; *s;) {
			size_t len = strcspn(s, "\n"), at, k;
			char *w = s;
			while (w < s + len && isspace((unsigned char)*w))
				w++;
			if (!depth && !strncmp(w, ".extern", 7) && !ISID(w[7])) {
				declname(w, len - (size_t)(w - s), name, sizeof name);
				if (name[0] && retlist(w, len - (size_t)(w - s), &at, &k) &&
				    defined_void(text, n, i, name)) {
					memset(w + at, ' ', k);
					blank_calls(text[i], name);
				}
			}
			for (char *p = s; p < s + len; p++)
				depth += *p == '{' ? 1 : *p == '}' ? -(depth > 0) : 0;
			s += len + (s[len] == '\n');
		}
	}
}

/*
 * cuLink, unlike the loader of an image, compares a declaration with the
 * definition another input gives: an H200's driver refuses a caller's
 * .extern .func whose return list or parameters differ from the callee's
 * (CUDA_ERROR_UNKNOWN, "Prototype doesn't match").  Its linker compares
 * what nvlink compares (the same message, case for case: tests/shim/
 * protos.c): the count of each list and, per parameter, its element's
 * width, whether that element is a .f32 or .f64 (.f16 counts as .b16),
 * and whether it is an array and of how many; not the signedness (.u32,
 * .s32 and .b32 are one), nor the alignment or the name.  A parameter
 * whose type this cannot tell matches any.
 */
enum { PMAX = 32 };
typedef struct { int n[2]; unsigned long long size[2][PMAX]; } Proto;

/* What the linker compares of the parameter [s, e), one number, or 0. */
static unsigned long long
psize(const char *s, const char *e)
{
	unsigned long long bits = 0, count = 1, fp = 0, array = 0;

	for (const char *p = s; p < e; p++) {
		char *end;
		if (!bits && *p == '.' && e - p > 2 && strchr("bsuf", p[1]) && isdigit((unsigned char)p[2])) {
			bits = strtoull(p + 2, &end, 10);
			if (end > e || ISID(*end) || !bits || bits > 64)
				return 0;
			fp = p[1] == 'f' && bits >= 32;
		} else if (*p == '[') {
			unsigned long long k = strtoull(p + 1, &end, 10);
			if (end >= e || *end != ']' || !k || k > (1ull << 32))
				return 0;
			count *= k;   /* at most two of 2^32 before it is refused below */
			if (count > (1ull << 32))
				return 0;
			array = 1;
		}
	}
	return bits ? bits | fp << 7 | array << 8 | count << 9 : 0;
}

/* The list at *pp (its '('), into list k of pr; *pp past its ')'. */
static int
plist(const char **pp, int k, Proto *pr)
{
	const char *p = *pp + 1, *start = p;

	for (;; p++) {
		if (!*p || *p == ';' || *p == '{' || *p == '(')
			return 0;
		if (*p == ',' || *p == ')') {
			const char *q = start;
			while (q < p && isspace((unsigned char)*q))
				q++;
			if (q < p) {
				if (pr->n[k] < PMAX)
					pr->size[k][pr->n[k]] = psize(start, p);
				pr->n[k]++;
			}
			if (*p == ')')
				break;
			start = p + 1;
		}
	}
	*pp = p + 1;
	return 1;
}

/* The prototype of the .func on the line at s (len bytes), which may go
 * on over the lines after it; 0 when it is not one. */
static int
proto(const char *s, size_t len, Proto *pr)
{
	const char *p = NULL;

	memset(pr, 0, sizeof *pr);
	for (const char *q = s; q + 5 <= s + len && !p; q++)
		if (!strncmp(q, ".func", 5) && (q + 5 == s + len || !ISID(q[5])))
			p = q + 5;
	if (!p)
		return 0;
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '(' && !plist(&p, 0, pr))
		return 0;
	while (isspace((unsigned char)*p))
		p++;
	while (ISID(*p))
		p++;
	while (isspace((unsigned char)*p))
		p++;
	return *p != '(' || plist(&p, 1, pr);
}

/* The parameter counts of the return list and the parameter list of the
 * .func whose header is [s, s + len), as n[0] and n[1]; 0 when it is not
 * one (shim_link.c restates a declaration only over lists of one shape). */
int
shim_func_lists(const char *s, size_t len, int n[2])
{
	Proto pr;

	if (!proto(s, len, &pr))
		return 0;
	n[0] = pr.n[0];
	n[1] = pr.n[1];
	return 1;
}

static int
same(const Proto *a, const Proto *b)
{
	for (int k = 0; k < 2; k++) {
		if (a->n[k] != b->n[k])
			return 0;
		for (int i = 0; i < a->n[k] && i < PMAX; i++)
			if (a->size[k][i] && b->size[k][i] && a->size[k][i] != b->size[k][i])
				return 0;
	}
	return 1;
}

/* Whether input i's declaration pr of name differs from the definition of
 * another input: that input's index, else -1. */
static int
differs(char *const *text, int n, int i, const char *name, const Proto *pr)
{
	char d[256];
	Proto q;
	size_t len;

	for (int j = 0; j < n; j++) {
		int depth = 0;
		if (j == i)
			continue;
		for (const char *s = text[j], *w; (w = topline(&s, &depth, &len));)
			if (strncmp(w, ".extern", 7) && strncmp(w, "//", 2)) {
				declname(w, len, d, sizeof d);
				if (d[0] && !strcmp(d, name) && proto(w, len, &q))
					return same(pr, &q) ? -1 : j;
			}
	}
	return -1;
}

int
shim_link_protos(char *const *text, int n, char *name, size_t cap, int *decl)
{
	Proto pr;
	size_t len;

	for (int i = 0; i < n; i++) {
		int depth = 0, j;
		for (const char *s = text[i], *w; (w = topline(&s, &depth, &len));)
			if (!strncmp(w, ".extern", 7) && !ISID(w[7])) {
				declname(w, len, name, cap);
				if (name[0] && proto(w, len, &pr) &&
				    (j = differs(text, n, i, name, &pr)) >= 0) {
					*decl = i;
					return j;
				}
			}
	}
	return -1;
}

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
 * free and __assertfail; with the device runtime linked, its own (cuda*
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
	static const char *const jit[] = { "vprintf", "malloc", "free", "__assertfail" };

	for (size_t i = 0; i < sizeof jit / sizeof jit[0]; i++)
		if (!strcmp(name, jit[i]))
			return 1;
	/* libcudadevrt.a's are all cuda* or __cuda* */
	return devrt && (!strncmp(name, "cuda", 4) || !strncmp(name, "__cuda", 6));
}

/* Whether text defines (a .func or .entry line not .extern) name. */
static int
defined(const char *text, const char *name)
{
	char d[256];
	int depth = 0;

	for (const char *s = text; *s;) {
		size_t len = strcspn(s, "\n");
		const char *w = s;
		while (w < s + len && isspace((unsigned char)*w))
			w++;
		if (!depth && strncmp(w, ".extern", 7) && strncmp(w, "//", 2)) {
			declname(w, len - (size_t)(w - s), d, sizeof d);
			if (d[0] && !strcmp(d, name))
				return 1;
		}
		for (const char *p = s; p < s + len; p++)
			depth += *p == '{' ? 1 : *p == '}' ? -(depth > 0) : 0;
		s += len + (s[len] == '\n');
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

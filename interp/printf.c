/*
 * printf.c -- the device runtime's vprintf and __assertfail.
 *
 * nvcc turns printf(fmt, ...) into vprintf(fmt, buf): buf packs the
 * arguments after default promotions (char and short become int, float
 * becomes double), each at its own alignment.  We walk the format string,
 * take each conversion's argument from the buffer by the same rules, and
 * hand the conversion with its flags, width and precision to the host's
 * snprintf, whose output for these conversions is the GPU's.  The text of
 * one call goes to the context's sink in one piece.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "interp.h"

typedef struct {
	char *p;
	size_t n, cap;
	ptx_ctx *cx;
	int oom;
} Buf;

static void
put(Buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t nc = b->cap ? b->cap : 256;
		char *p;
		while (nc < b->n + n + 1)
			nc *= 2;
		if (!(p = interp_realloc(b->cx, b->p, nc))) {
			b->oom = 1;
			return;
		}
		b->p = p;
		b->cap = nc;
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = 0;
}

/* The most a conversion's width or precision counts for: one of 2^31
 * took the host's snprintf seconds to pad, a %s of one as many gigabytes,
 * and one past INT_MAX makes snprintf fail */
#define PF_MAX 65535
#define PF_MAXTEXT "65535"

/* spec[0..ns) with each number past PF_MAX made PF_MAX (leading zeros, a
 * flag, kept), in place: never longer; its new length */
static size_t
clampspec(char *spec, size_t ns)
{
	size_t i = 0, o = 0, j;

	while (i < ns) {
		uint64_t v = 0;
		if (spec[i] < '0' || spec[i] > '9') {
			spec[o++] = spec[i++];
			continue;
		}
		while (i < ns && spec[i] == '0')
			spec[o++] = spec[i++];
		for (j = i; j < ns && spec[j] >= '0' && spec[j] <= '9'; j++)
			if (v <= PF_MAX)
				v = v * 10 + (uint64_t)(spec[j] - '0');
		if (v > PF_MAX) {   /* 6 digits or more, or 5 as many as PF_MAX's */
			memcpy(spec + o, PF_MAXTEXT, sizeof PF_MAXTEXT - 1);
			o += sizeof PF_MAXTEXT - 1;
		} else
			while (i < j)
				spec[o++] = spec[i++];
		i = j;
	}
	return o;
}

/* One conversion through the host's snprintf, its output up to a NUL
 * (a %c of 0 prints nothing) into b: all of it, PF_MAX bytes of padding
 * and the value's own, where a buffer of 512 once cut it; -1 where
 * snprintf fails */
static int
conv1(Buf *b, const char *spec, ...)
{
	va_list ap;
	char *o;
	int n;

	va_start(ap, spec);
	n = vsnprintf(NULL, 0, spec, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if (!(o = interp_alloc(b->cx, (size_t)n + 1))) {
		b->oom = 1;
		return 0;
	}
	va_start(ap, spec);
	vsnprintf(o, (size_t)n + 1, spec, ap);
	va_end(ap);
	put(b, o, strlen(o));
	interp_free(b->cx, o);
	return 0;
}

/* Reads a guest byte; -1 after a fault. */
static int
gbyte(Launch *L, Warp *w, int lane, uint64_t a, const XIns *xi)
{
	uint8_t *p = interp_xlate(L, w, lane, MS_GENERIC, a, 1, 0, xi);
	return p ? *p : -1;
}

/* A guest string up to its NUL, into b; -1 after a fault.  Each byte is
 * read through interp_xlate, so a string with no NUL before the end of its
 * allocation stops with a report at the first byte past it (nothing of the
 * host's beyond is read), and one that runs into the next allocation reads
 * on, as an H200's vprintf does: it read on past a mapping's end into the
 * next and failed with an illegal address where nothing was mapped, for
 * %.4s of the mapping's last 4 bytes too, so a precision does not bound
 * the read (tests/regress/printf-string-end.sh). */
static int
gstr(Launch *L, Warp *w, int lane, uint64_t a, Buf *b, const XIns *xi)
{
	for (;; a++) {
		int c = gbyte(L, w, lane, a, xi);
		char ch;
		if (c < 0)
			return -1;
		if (c == 0)
			return 0;
		ch = (char)c;
		put(b, &ch, 1);
	}
}

/* The next argument of size sz (4 or 8), aligned. */
static uint64_t
next_arg(Launch *L, Warp *w, int lane, uint64_t *ap, unsigned sz, const XIns *xi)
{
	uint64_t v = 0;
	uint8_t *p;

	*ap = (*ap + sz - 1) / sz * sz;
	p = interp_xlate(L, w, lane, MS_GENERIC, *ap, sz, 0, xi);
	if (p)
		memcpy(&v, p, sz);
	*ap += sz;
	return v;
}

int
interp_vprintf(Launch *L, Warp *w, int lane, uint64_t fmt, uint64_t args, const XIns *xi)
{
	Buf b = { NULL, 0, 0, L->cx, 0 };
	uint64_t ap = args;
	int count, rc;

	for (;;) {
		char spec[64], out[32];
		size_t ns = 0;
		int c = gbyte(L, w, lane, fmt++, xi), lmod = 0, conv;
		if (c < 0)
			goto fail;
		if (c == 0)
			break;
		if (c != '%') {
			char ch = (char)c;
			put(&b, &ch, 1);
			continue;
		}
		spec[ns++] = '%';
		/* flags, width, precision: at most 40 characters, a '*' one
		 * too (it once wrote past spec), then the numbers held to PF_MAX */
		for (;;) {
			c = gbyte(L, w, lane, fmt, xi);
			if (c < 0)
				goto fail;
			if (ns > 40)
				break;
			if (c == '*') {
				int v = (int)next_arg(L, w, lane, &ap, 4, xi);
				v = v < -PF_MAX ? -PF_MAX : v > PF_MAX ? PF_MAX : v;
				ns += (size_t)snprintf(spec + ns, sizeof spec - ns, "%d", v);
				fmt++;
				continue;
			}
			if (!strchr("-+ #0123456789.", c) || c == 0)
				break;
			spec[ns++] = (char)c;
			fmt++;
		}
		ns = clampspec(spec, ns);
		/* length modifiers: l ll z j t make the argument 64-bit; h hh stay int */
		for (;;) {
			c = gbyte(L, w, lane, fmt, xi);
			if (c < 0)
				goto fail;
			if (c == 'l' || c == 'z' || c == 'j' || c == 't' || c == 'L' || c == 'q')
				lmod = 1;
			else if (c != 'h')
				break;
			fmt++;
		}
		conv = c;
		if (conv == 0)
			break;
		fmt++;
		spec[ns] = 0;
		switch (conv) {
		case '%':
			put(&b, "%", 1);
			break;
		case 'd': case 'i': {
			int64_t v = lmod ? (int64_t)next_arg(L, w, lane, &ap, 8, xi) :
			    (int64_t)(int32_t)next_arg(L, w, lane, &ap, 4, xi);
			memcpy(spec + ns, "lld", 4);
			if (conv1(&b, spec, (long long)v))
				goto fail;
			break;
		}
		case 'u': case 'x': case 'X': case 'o': {
			uint64_t v = lmod ? next_arg(L, w, lane, &ap, 8, xi) : (uint32_t)next_arg(L, w, lane, &ap, 4, xi);
			spec[ns] = 'l';
			spec[ns + 1] = 'l';
			spec[ns + 2] = (char)conv;
			spec[ns + 3] = 0;
			if (conv1(&b, spec, (unsigned long long)v))
				goto fail;
			break;
		}
		case 'c': {
			int v = (int)next_arg(L, w, lane, &ap, lmod ? 8 : 4, xi);
			spec[ns] = 'c';
			spec[ns + 1] = 0;
			if (conv1(&b, spec, v))
				goto fail;
			break;
		}
		case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
			uint64_t bits = next_arg(L, w, lane, &ap, 8, xi);
			double d;
			memcpy(&d, &bits, 8);
			spec[ns] = (char)conv;
			spec[ns + 1] = 0;
			if (conv1(&b, spec, d))
				goto fail;
			break;
		}
		case 's': {
			uint64_t a = next_arg(L, w, lane, &ap, 8, xi);
			Buf s = { NULL, 0, 0, L->cx, 0 };
			if (!a)
				put(&s, "(null)", 6);
			else if (gstr(L, w, lane, a, &s, xi) < 0) {
				interp_free(L->cx, s.p);
				goto fail;
			}
			spec[ns] = 's';
			spec[ns + 1] = 0;
			/* past INT_MAX bytes (a string of gigabytes) snprintf fails,
			 * and so does the call, as the C library's does */
			rc = conv1(&b, spec, s.p ? s.p : "");
			interp_free(L->cx, s.p);
			if (rc)
				goto fail;
			break;
		}
		case 'p': {
			uint64_t a = next_arg(L, w, lane, &ap, 8, xi);
			spec[ns] = 0;
			/* a null pointer prints as the host C library writes it (measured) */
			snprintf(out, sizeof out, a ? "0x%" PRIx64 : "(nil)", a);
			put(&b, out, strlen(out));
			break;
		}
		default:
			/* unknown conversion: printed as written, as the GPU does */
			put(&b, spec, ns);
			{
				char ch = (char)conv;
				put(&b, &ch, 1);
			}
			break;
		}
		if (L->fault)
			goto fail;
	}
	count = (int)b.n;
	if (L->cx->pf && b.n)
		L->cx->pf(L->cx->pfu, b.p, b.n);
	interp_free(L->cx, b.p);
	return count;
fail:
	interp_free(L->cx, b.p);
	return -1;
}

int
interp_assertfail(Launch *L, Warp *w, int lane, uint64_t msg, uint64_t file, uint32_t line,
                  uint64_t func, const XIns *xi)
{
	Buf b = { NULL, 0, 0, L->cx, 0 }, m = b, f = b, fn = b;
	char head[256];
	unsigned t[3];
	uint32_t i = (uint32_t)w->id * WARP + (uint32_t)lane;

	t[0] = i % L->block[0];
	t[1] = i / L->block[0] % L->block[1];
	t[2] = i / (L->block[0] * L->block[1]);
	if ((msg && gstr(L, w, lane, msg, &m, xi) < 0) || (file && gstr(L, w, lane, file, &f, xi) < 0) ||
	    (func && gstr(L, w, lane, func, &fn, xi) < 0))
		goto out;
	put(&b, f.p ? f.p : "", f.n);
	snprintf(head, sizeof head, ":%u: ", line);
	put(&b, head, strlen(head));
	put(&b, fn.p ? fn.p : "", fn.n);
	snprintf(head, sizeof head, ": block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `",
	    w->cta->id[0], w->cta->id[1], w->cta->id[2], t[0], t[1], t[2]);
	put(&b, head, strlen(head));
	put(&b, m.p ? m.p : "", m.n);
	put(&b, "` failed.\n", 10);
	if (L->cx->pf && b.p)
		L->cx->pf(L->cx->pfu, b.p, b.n);
out:
	interp_free(L->cx, b.p);
	interp_free(L->cx, m.p);
	interp_free(L->cx, f.p);
	interp_free(L->cx, fn.p);
	return 0;
}

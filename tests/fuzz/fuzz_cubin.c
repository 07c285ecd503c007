/*
 * fuzz_cubin.c -- libFuzzer entry point for the order oracle's readers of
 * SASS (api/cubin.c and api/sass.c): the cubin ptxas writes, and the text
 * nvdisasm makes of it, both of which api/nanorder.c trusts in nothing.
 *
 * An input's first byte picks the reader: even, the rest is a cubin (an
 * ELF64 with .text sections, a symbol table, .debug_line and its
 * relocations); odd, it is nvdisasm -c -g's text, a line at a time.  The
 * rest is in a buffer of exactly its length, so that under
 * AddressSanitizer a read past it is a finding.  The answer must be a
 * listing or a refusal, never a crash, a hang or a read outside the
 * input; whatever listing comes back must hold together: each function's
 * instructions inside the listing, each register in R0..R254, each line
 * in the module's (a module of 1000 lines is assumed) or 0.
 *
 * Seeds: tests/fuzz/corpus-cubin (cubins ptxas wrote for kernels with
 * the slow paths of div, rcp and sqrt, one of tests/nanorder.test's
 * making, and a listing), which make check replays (tests/fuzz/replay.c).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "api/sass.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { NLINES = 1000 };

static void
sane(const Sass *s)
{
	for (int i = 0; i < s->nfn; i++) {
		const SFunc *f = &s->fn[i];
		if (f->from < 0 || f->from > f->to || f->to > s->n)
			abort();
		if (f->bad)
			continue;
		for (int k = f->from; k < f->to; k++) {
			const SIns *si = &s->ins[k];
			if (si->line < 0 || si->line > NLINES || si->dst >= SASS_MAXREG || si->src >= SASS_MAXREG ||
			    si->a >= SASS_MAXREG || si->b >= SASS_MAXREG || si->width < 1 || si->width > 4)
				abort();
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static ptx_ctx *cx;
	Sass s = { 0 };
	uint8_t *b;

	if (!size || (!cx && ptx_ctx_new(&cx, NULL) != PTX_OK))
		return 0;
	if (!(b = malloc(size - 1 ? size - 1 : 1)))
		return 0;
	memcpy(b, data + 1, size - 1);
	if (!(data[0] & 1)) {
		if (!sass_cubin(cx, &s, b, size - 1, NLINES))
			sane(&s);
	} else {
		const char *t = (const char *)b, *end = t + (size - 1);
		int ok = 1;
		while (t < end && ok) {
			const char *e = memchr(t, '\n', (size_t)(end - t));
			if (!e)
				e = end;
			ok = !sass_textline(cx, &s, t, e, NLINES);
			t = e < end ? e + 1 : e;
		}
		if (ok)
			sane(&s);
	}
	interp_free(cx, s.ins);
	interp_free(cx, s.fn);
	free(b);
	return 0;
}

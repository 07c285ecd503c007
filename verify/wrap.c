/*
 * wrap.c — warp collectives' member masks, and the small functions that
 * run a collective for their caller (nvcc -G's out-of-line intrinsics),
 * summarized once per module for uniform.c's full-mask check.
 */
#include <stdint.h>
#include <stdlib.h>
#include "verify.h"

/* A register operand holding a constant: its value reaches in from one
 * mov of an immediate (nvcc loads the full mask so at -O3). */
int
verify_constreg(Func *fn, Ins *in, const Opnd *o, int64_t *out)
{
	int val;
	Ins *d;

	if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG)
		return 0;
	val = verify_useof(in, o);
	d = verify_defins(fn, val);
	if (!d || d->op != OP_MOV || d->guard || d->nopnd != 2 || d->opnd[1].kind != OK_IMM)
		return 0;
	*out = d->opnd[1].imm;
	return 1;
}

/* The member mask operand of a warp collective, or NULL. */
Opnd *
verify_maskof(Ins *in)
{
	int mi;

	switch (in->op) {
	case OP_SHFL_SYNC: mi = 4; break;
	case OP_VOTE_SYNC: case OP_MATCH: case OP_REDUX_SYNC: mi = 2; break;
	case OP_BAR_WARP_SYNC: mi = 0; break;
	default: return NULL;
	}
	return mi < in->nopnd ? &in->opnd[mi] : NULL;
}

/* Wrappers around full-mask collectives, summarized once per module: nvcc
 * -G calls each intrinsic as a small .func (__shfl_down_sync, which calls
 * __reduce_add_sync_unsigned_impl ...), the mask a parameter.  Per
 * function: whether its body runs a collective on all 32 lanes whatever it
 * is passed, and which of its parameters (up to 64) reach a member mask.
 * Only bodies of a few instructions are looked into: wrappers are small,
 * and a real callee's divergence is its own. */
enum { WRAPMAX = 64 };

static int
wrapcmp(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const Wrap *)a)->fn, y = (uintptr_t)((const Wrap *)b)->fn;
	return x < y ? -1 : x > y;
}

Wrap *
verify_wrapof(Wrap *w, int n, Func *f)
{
	Wrap key = { f, 0, 0, NULL };
	return f && w ? bsearch(&key, w, (size_t)n, sizeof *w, wrapcmp) : NULL;
}

/* What a value passed as a mask is: 1 all 32 lanes, 0 something else; the
 * parameter of fn it is, in *k, when it is one. */
int
verify_maskval(Func *fn, Ins *in, Opnd *o, int *k)
{
	int64_t mv = 0;

	*k = -1;
	if (o->kind == OK_IMM)
		return (uint32_t)o->imm == 0xffffffffu;
	if (verify_constreg(fn, in, o, &mv))
		return (uint32_t)mv == 0xffffffffu;
	*k = verify_paramof(fn, in, o);
	return 0;
}

/* One round over the wrappers; 1 when a summary grew. */
static int
wrapround(Wrap *w, int n)
{
	int changed = 0;

	for (int f = 0; f < n; f++) {
		Func *c = w[f].fn;
		for (int i = 0; i < c->nins && !w[f].full; i++) {
			Ins *x = c->ins[i], *at;
			Opnd *mask = verify_maskof(x), *arg;
			int k;
			Wrap *d;
			if (mask) {
				if (verify_maskval(c, x, mask, &k)) {
					w[f].full = 1, w[f].what = x, changed = 1;
				} else if (k >= 0 && k < 64 && !(w[f].par >> k & 1)) {
					w[f].par |= 1ull << k, changed = 1;
					if (!w[f].what)
						w[f].what = x;
				}
			} else if (x->op == OP_CALL && (d = verify_wrapof(w, n, verify_callee(x))) && d != &w[f]) {
				if (d->full) {
					w[f].full = 1, w[f].what = d->what, changed = 1;
					break;
				}
				for (int a = 0; a < 64 && d->par >> a; a++) {
					if (!(d->par >> a & 1) || !(arg = verify_callarg(c, x, a, &at)))
						continue;
					if (verify_maskval(c, at, arg, &k)) {
						w[f].full = 1, w[f].what = d->what, changed = 1;
						break;
					}
					if (k >= 0 && k < 64 && !(w[f].par >> k & 1)) {
						w[f].par |= 1ull << k, changed = 1;
						if (!w[f].what)
							w[f].what = d->what;
					}
				}
			}
		}
	}
	return changed;
}

/* The summaries of the module's small functions, sorted by Func; NULL when
 * there are none. */
Wrap *
verify_wraps(Module *m, int *n)
{
	Wrap *w = malloc(((size_t)m->nfn + 1) * sizeof *w);

	*n = 0;
	if (!w)
		return NULL;
	for (int f = 0; f < m->nfn; f++) {
		Func *c = m->fn[f];
		if (!c->entry && c->hasbody && c->built && c->nins <= WRAPMAX)
			w[(*n)++] = (Wrap){ c, 0, 0, NULL };
	}
	qsort(w, (size_t)*n, sizeof *w, wrapcmp);
	/* a chain of wrappers settles in as many rounds as it is deep */
	for (int r = 0; r < 4 && wrapround(w, *n); r++)
		;
	return w;
}

/*
 * smem.c -- static shared memory, kernel by kernel.
 *
 * A kernel's CTAs hold the shared variables that the kernel and the
 * functions it can call name, and no others, as ptxas allocates them: a
 * module of several kernels does not give each the sum of all their
 * arrays.  That is what the kernel's %total_smem_size, the driver's
 * SHARED_SIZE_BYTES and the room left for dynamic shared memory show, and
 * it spares a kernel that uses no shared memory the clearing of everyone
 * else's for each CTA.
 *
 * Each variable still has one offset, which every instruction naming it
 * is decoded with (a function called from two kernels finds it at the same
 * place in both).  Variables are placed in declaration order, module ones
 * first; each goes at the lowest offset past what is already placed for
 * any kernel that can reach it, so variables of kernels that cannot run
 * together overlap.  A kernel's static size is the end of its last
 * variable, rounded up to the extern arrays' alignment (16 at least) in a
 * module that declares any.  The extern unsized arrays (dynamic shared
 * memory) start where the running kernel's static part ends, as ptxas
 * places them for each kernel (an H100: a kernel without static shared
 * memory finds them at 1024 beside one with 48 bytes, tests/run/smem_dyn).
 * They are decoded at one offset, past the static part of every kernel
 * that reaches one, and each kernel moves them by its XFunc.shdyn.
 *
 * Reach is by the call graph: a direct call or an address taken (mov of a
 * function) is an edge; an indirect call reaches every function.  A shared
 * variable named in a module initializer counts as reached by every kernel.
 */
#include <inttypes.h>
#include <stdlib.h>   /* qsort, bsearch */
#include <string.h>
#include "interp.h"

typedef struct {
	ptx_module *pm;
	struct FSym { const Sym *s; int i; } *fs; int nfs;   /* function symbols and their functions, sorted */
	int nw;                 /* 64-bit words of a kernel set */
	uint64_t *kset;         /* per function: the kernels that reach it */
	uint64_t *users;        /* per shared variable: the kernels that name it */
	const Sym **var; int nvar;
	int *edge; int nedge, capedge;   /* while walking a function: the functions it names */
	int cur;                /* the function being walked */
	int indirect;           /* ... makes an indirect call */
	int phase;              /* 0: collect calls, 1: collect variable uses */
	int oom;
	int toobig;             /* a kernel has more static shared memory than IR_MAX_STATIC_SHARED */
} Walk;

static int
fscmp(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const struct FSym *)a)->s, y = (uintptr_t)((const struct FSym *)b)->s;
	return x < y ? -1 : x > y;
}

static int
isshared(const Sym *s)
{
	return s->kind == SYM_VAR && s->space == SP_SHARED;
}

/* The shared variable's index in w->var (its SymLoc holds it while this runs), or -1. */
static int
varidx(Walk *w, const Sym *s)
{
	SymLoc *l;

	if (!isshared(s) || !(l = interp_symloc(w->pm, s, 0)))
		return -1;
	return (int)l->addr;
}

static void
addedge(Walk *w, int to)
{
	if (w->nedge == w->capedge) {
		int n = w->capedge ? 2 * w->capedge : 16;
		int *e = interp_realloc(w->pm->cx, w->edge, (size_t)n * sizeof *e);
		if (!e) {
			w->oom = 1;
			return;
		}
		w->edge = e, w->capedge = n;
	}
	w->edge[w->nedge++] = to;
}

static void
ref(Walk *w, const Sym *s)
{
	if (!s)
		return;
	if (w->phase == 0 && s->kind == SYM_FUNC) {
		const Sym *keys[2] = { s, s->fn && s->fn->sym != s ? s->fn->sym : NULL };
		for (int k = 0; k < 2; k++) {
			struct FSym key = { keys[k], 0 }, *hit;
			if (!keys[k] || !(hit = bsearch(&key, w->fs, (size_t)w->nfs, sizeof *w->fs, fscmp)))
				continue;
			/* several functions may share the symbol (a declaration and its definition) */
			while (hit > w->fs && hit[-1].s == keys[k])
				hit--;
			for (; hit < w->fs + w->nfs && hit->s == keys[k]; hit++)
				addedge(w, hit->i);
		}
	} else if (w->phase == 1) {
		int v = varidx(w, s);
		if (v >= 0) {
			uint64_t *u = w->users + (size_t)v * w->nw;
			const uint64_t *k = w->cur < 0 ? NULL : w->kset + (size_t)w->cur * w->nw;
			for (int i = 0; i < w->nw; i++)
				u[i] |= k ? k[i] : ~0ull;   /* a module initializer: every kernel */
		}
	}
}

static void
expr(Walk *w, const Expr *e)
{
	if (!e)
		return;
	if (e->kind == E_SYM || e->kind == E_GENERIC)
		ref(w, e->sym);
	expr(w, e->a);
	expr(w, e->b);
	expr(w, e->c);
	for (int i = 0; i < e->nelt; i++)
		expr(w, e->elt[i]);
}

static void
opnd(Walk *w, const Opnd *o)
{
	if (!o)
		return;
	if (o->kind == OK_SYM)
		ref(w, o->sym);
	else if (o->kind == OK_ADDR)
		opnd(w, o->base);
	else if (o->kind == OK_EXPR)
		expr(w, o->e);
	for (int i = 0; i < o->nsub; i++)
		opnd(w, &o->sub[i]);
}

static void
walkfn(Walk *w, const Func *f)
{
	for (int i = 0; i < f->nins; i++) {
		const Ins *in = f->ins[i];
		for (int k = 0; k < in->nopnd; k++) {
			const Opnd *o = &in->opnd[k];
			opnd(w, o);
			/* call's callee is its first symbol or register operand */
			if (in->op == OP_CALL && o->kind == OK_REG) {
				int first = 1;
				for (int j = 0; j < k; j++)
					first &= in->opnd[j].kind != OK_SYM && in->opnd[j].kind != OK_REG;
				if (first)
					w->indirect = 1;
			}
		}
	}
}

/* Marks kernel in the set of every function that f reaches; iterative
 * (call chains of NVIDIA's libraries are deep), on a stack of nfn slots. */
static void
reach(Walk *w, int **succ, const int *nsucc, int f, int kernel, uint8_t *seen, int *stack)
{
	int n = 0;

	seen[f] = 1;
	stack[n++] = f;
	while (n) {
		int g = stack[--n];
		w->kset[(size_t)g * w->nw + (size_t)(kernel >> 6)] |= 1ull << (kernel & 63);
		for (int i = 0; i < nsucc[g]; i++)
			if (!seen[succ[g][i]]) {
				seen[succ[g][i]] = 1;
				stack[n++] = succ[g][i];
			}
	}
}

/* Places the variables (see the top). */
static void
place(Walk *w, const int *kern, int nk)
{
	ptx_module *pm = w->pm;
	ptx_ctx *cx = pm->cx;
	uint64_t *end = interp_alloc(cx, ((size_t)nk + 1) * sizeof *end), dyn = 0;
	uint64_t *dynusers = interp_alloc(cx, ((size_t)w->nw + 1) * sizeof *dynusers);
	uint32_t ext = 0;   /* the extern arrays' alignment, 0 when the module has none */

	if (!end || !dynusers) {
		w->oom = 1;
		goto out;
	}
	for (int v = 0; v < w->nvar; v++) {
		const Sym *s = w->var[v];
		const uint64_t *u = w->users + (size_t)v * w->nw;
		SymLoc *l;
		uint32_t a;
		uint64_t at = 0;
		if (!s)
			continue;
		l = interp_symloc(pm, s, 0);
		a = interp_symalign(s);
		l->space = MS_SHARED;
		l->size = interp_symsize(s);
		if (s->size <= 0) {   /* extern: placed below, 16-byte aligned at least */
			ext = a > ext ? a : ext < 16 ? 16 : ext;
			for (int i = 0; i < w->nw; i++)
				dynusers[i] |= u[i];
			continue;
		}
		/* sizes are the declarations' (up to 2^63 - 1): sums saturate,
		 * and any kernel past the static limit is refused below */
		for (int k = 0; k < nk; k++) {
			uint64_t e;
			if (u[k >> 6] >> (k & 63) & 1 && (ir_size_align(end[k], a, &e) ? (e = UINT64_MAX) : e) > at)
				at = e;
		}
		for (int k = 0; k < nk; k++)
			if (u[k >> 6] >> (k & 63) & 1 && ir_size_add(at, l->size, &end[k]))
				end[k] = UINT64_MAX;
		l->addr = at;   /* a variable no kernel names keeps 0 */
	}
	/* A kernel's static size is the end of its last variable, rounded to the
	 * extern arrays' alignment in a module that has any, whether or not the
	 * kernel uses them (the H100's SHARED_SIZE_BYTES: 1001 alone, 1264 for
	 * 1256 bytes beside an extern array of .align 16). */
	for (int k = 0; k < nk; k++) {
		const Func *f = pm->fn[kern[k]].f;
		if (ext && ir_size_align(end[k], ext, &end[k]))
			end[k] = UINT64_MAX;
		if (end[k] > IR_MAX_STATIC_SHARED) {   /* ptxas's words */
			interp_diag(cx, pm->m->name, f->loc.line, f->loc.col, PTX_SEV_ERROR, NULL,
			    "entry function '%s' uses too much shared data (0x%" PRIx64 " bytes, 0x%x max)",
			    f->name, end[k], IR_MAX_STATIC_SHARED);
			w->toobig = 1;
			goto out;
		}
		if (dynusers[k >> 6] >> (k & 63) & 1 && end[k] > dyn)
			dyn = end[k];
	}
	for (int v = 0; v < w->nvar; v++)
		if (w->var[v] && w->var[v]->size <= 0)
			interp_symloc(pm, w->var[v], 0)->addr = dyn;
	for (int k = 0; k < nk; k++) {
		pm->fn[kern[k]].shstatic = (uint32_t)end[k];
		if (dynusers[k >> 6] >> (k & 63) & 1)
			pm->fn[kern[k]].shdyn = (int64_t)end[k] - (int64_t)dyn;
	}
	for (int v = 0; v < w->nvar; v++)   /* past the system's KiB */
		if (w->var[v])
			interp_symloc(pm, w->var[v], 0)->addr += SMEM_RSV;
out:
	interp_free(cx, end);
	interp_free(cx, dynusers);
}

int
interp_smem_layout(ptx_module *pm)
{
	ptx_ctx *cx = pm->cx;
	Module *m = pm->m;
	Walk w;
	int nf = pm->nfn, nk = 0, rc = PTX_ENOMEM;
	int **succ = interp_alloc(cx, ((size_t)nf + 1) * sizeof *succ), *nsucc = interp_alloc(cx, ((size_t)nf + 1) * sizeof *nsucc);
	int *kern = interp_alloc(cx, ((size_t)nf + 1) * sizeof *kern);
	uint8_t *seen = interp_alloc(cx, (size_t)nf + 1);
	int *stack = interp_alloc(cx, ((size_t)nf + 1) * sizeof *stack);

	memset(&w, 0, sizeof w);
	w.pm = pm;
	w.fs = interp_alloc(cx, ((size_t)nf + 1) * sizeof *w.fs);
	if (!succ || !nsucc || !kern || !seen || !w.fs || !stack)
		goto out;
	for (int i = 0; i < nf; i++) {
		w.fs[i].s = pm->fn[i].f->sym;
		w.fs[i].i = i;
		if (pm->fn[i].f->entry && pm->fn[i].f->hasbody)
			kern[nk++] = i;
	}
	w.nfs = nf;
	qsort(w.fs, (size_t)nf, sizeof *w.fs, fscmp);

	/* the call graph */
	w.phase = 0;
	for (int i = 0; i < nf; i++) {
		const Func *f = pm->fn[i].f;
		if (!f->hasbody)
			continue;
		w.nedge = 0;
		w.indirect = 0;
		walkfn(&w, f);
		if (w.oom)
			goto out;
		if (w.indirect) {   /* every function */
			w.nedge = 0;
			for (int j = 0; j < nf; j++)
				addedge(&w, j);
		}
		if (!(succ[i] = interp_alloc(cx, ((size_t)w.nedge + 1) * sizeof **succ)))
			goto out;
		if (w.nedge)
			memcpy(succ[i], w.edge, (size_t)w.nedge * sizeof **succ);
		nsucc[i] = w.nedge;
	}

	/* the kernels reaching each function */
	w.nw = (nk + 63) / 64 + 1;
	if (!(w.kset = interp_alloc(cx, ((size_t)nf * (size_t)w.nw + 1) * sizeof *w.kset)))
		goto out;
	for (int k = 0; k < nk; k++) {
		memset(seen, 0, (size_t)nf);
		reach(&w, succ, nsucc, kern[k], k, seen, stack);
	}

	/* the shared variables, in declaration order (module ones first); a
	 * variable's SymLoc holds its index until place() gives it its offset */
	if (!(w.var = interp_alloc(cx, ((size_t)m->nsyms + 1) * sizeof *w.var)))
		goto out;
	for (int i = 0; i < m->nsyms; i++)
		if (isshared(m->syms[i]))
			w.var[w.nvar++] = m->syms[i];
	for (int i = 0; i < nf; i++) {
		const Func *f = pm->fn[i].f;
		int n = 0;
		for (int j = 0; j < f->nsyms; j++)
			n += isshared(f->syms[j]);
		if (n) {
			const Sym **v = interp_realloc(cx, w.var, ((size_t)w.nvar + (size_t)n + 1) * sizeof *v);
			if (!v)
				goto out;
			w.var = v;
			for (int j = 0; j < f->nsyms; j++)
				if (isshared(f->syms[j]))
					w.var[w.nvar++] = f->syms[j];
		}
	}
	for (int v = 0; v < w.nvar; v++) {
		SymLoc *l = interp_symloc(pm, w.var[v], 0);
		if (l) {   /* listed twice: placed once */
			w.var[v] = NULL;
			continue;
		}
		if (!(l = interp_symloc(pm, w.var[v], 1)))
			goto out;
		l->addr = (uint64_t)v;
	}
	if (!(w.users = interp_alloc(cx, ((size_t)w.nvar * (size_t)w.nw + 1) * sizeof *w.users)))
		goto out;

	/* who names each variable: the functions' instructions, and module initializers */
	w.phase = 1;
	for (int i = 0; i < nf; i++) {
		w.cur = i;
		if (pm->fn[i].f->hasbody)
			walkfn(&w, pm->fn[i].f);
	}
	w.cur = -1;
	for (int i = 0; i < m->nsyms; i++)
		expr(&w, m->syms[i]->init);
	place(&w, kern, nk);
	rc = w.oom ? PTX_ENOMEM : w.toobig ? PTX_ESYNTAX : PTX_OK;
out:
	for (int i = 0; succ && i < nf; i++)
		interp_free(cx, succ[i]);
	interp_free(cx, succ), interp_free(cx, nsucc), interp_free(cx, kern), interp_free(cx, seen), interp_free(cx, stack);
	interp_free(cx, w.fs), interp_free(cx, w.kset), interp_free(cx, w.users), interp_free(cx, w.var), interp_free(cx, w.edge);
	return rc;
}

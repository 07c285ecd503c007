/*
 * suspicious.c — legal PTX that is almost certainly not what was meant.
 *
 *  - integer div or rem by a constant zero: PTX leaves the result
 *    unspecified (H100 gives all ones), ptxas folds it silently;
 *  - a loop with no exit: a reachable block whose every path stays in the
 *    loop, found as a block that post-dominance cannot reach the exit from
 *    (dom.c links such loops to the virtual exit by a made-up edge, so here
 *    we check directly that no ret/exit/trap is reachable);
 *  - the same register twice in a vector destination (ld.v2 {%r1, %r1}):
 *    one of the loaded values is lost;
 *  - no .address_size directive: the PTX default is 32, while most tools
 *    assume 64; say which one is meant;
 *  - ld.global.nc (the non-coherent texture path) of memory the same
 *    kernel writes: the data must be read-only for the whole kernel, or the
 *    load may return stale values.  Both addresses are traced back through
 *    copies, cvta and constant or register offsets to their root, a kernel
 *    parameter or a variable; a load and a store with one root and
 *    offsets that may be equal are reported;
 *  - a global or generic access through a constant address in the first
 *    page (a store through a null pointer, `*(int *)0 = v`): no allocation
 *    is ever there, so the access faults.  Shared and local addresses are
 *    offsets into their windows, where 0 is the first byte of a variable.
 *    A block that goes on to trap is a deliberate crash (a fatal-error
 *    routine that leaves its code where a debugger finds it).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "verify.h"

static void
divzero(Verify *v, Ins *in)
{
	int k = verify_kind(in->ty[0]);

	if ((in->op == OP_DIV || in->op == OP_REM) && in->nopnd == 3 &&
	    (k == TK_UINT || k == TK_SINT) && in->opnd[2].kind == OK_IMM && in->opnd[2].imm == 0)
		verify_report(v, VC_DIVZERO, in->opnd[2].loc, "'%s' by constant zero has an unspecified result",
		    ir_opinfo[in->op].name);
}

/* Orders (register, position) pairs: by symbol address, then position. */
typedef struct {
	const Sym *sym;
	int at;
} Slot;

static int
slotcmp(const void *a, const void *b)
{
	const Slot *x = a, *y = b;

	if (x->sym != y->sym)
		return (uintptr_t)x->sym < (uintptr_t)y->sym ? -1 : 1;
	return (x->at > y->at) - (x->at < y->at);
}

/* Reported at the first element that repeats an earlier one.  Vectors are
 * short in practice, but nothing bounds a written list, so a long one is
 * sorted rather than compared pair by pair: the answer is then the
 * smallest second position among the runs of one register. */
static void
dupdest(Verify *v, Ins *in)
{
	if (in->ndst < 1 || in->opnd[0].kind != OK_VEC)
		return;
	Opnd *o = &in->opnd[0];
	int first = -1;
	if (o->nsub <= 16) {
		for (int i = 0; i < o->nsub && first < 0; i++)
			for (int j = 0; j < i; j++)
				if (o->sub[i].kind == OK_REG && o->sub[j].kind == OK_REG && o->sub[i].sym == o->sub[j].sym) {
					first = i;
					break;
				}
	} else {
		Slot *sl = malloc((size_t)o->nsub * sizeof *sl);
		int n = 0;
		if (!sl)
			return;
		for (int i = 0; i < o->nsub; i++)
			if (o->sub[i].kind == OK_REG)
				sl[n++] = (Slot){ o->sub[i].sym, i };
		qsort(sl, (size_t)n, sizeof *sl, slotcmp);
		for (int k = 1; k < n; k++)
			if (sl[k].sym == sl[k - 1].sym && (k < 2 || sl[k - 2].sym != sl[k].sym)
			    && (first < 0 || sl[k].at < first))
				first = sl[k].at;
		free(sl);
	}
	if (first >= 0)
		verify_report(v, VC_DUPDEST, o->sub[first].loc,
		    "'%s' appears twice in the destination vector; one value is lost", o->sub[first].sym->name);
}

/* Blocks from which no exiting block is reachable, reported once per loop
 * at its first block in source order.  live (can reach an exit) spreads
 * backwards from the exiting blocks over predecessor edges, each block
 * queued once: linear in the edges, where sweeping the blocks in order
 * until nothing changes took one sweep per block of a long chain. */
static void
loops(Verify *v, Func *fn)
{
	unsigned char *live = calloc((size_t)fn->nblk + 1, 1);
	int *queue = malloc(((size_t)fn->nblk + 1) * sizeof *queue);
	int n = 0;

	if (!live || !queue) {
		free(live);
		free(queue);
		return;
	}
	for (int b = 0; b < fn->nblk; b++)
		if (fn->blk[b].nsucc == 0) {
			live[b] = 1;
			queue[n++] = b;
		}
	while (n > 0) {
		Blk *bk = &fn->blk[queue[--n]];
		for (int k = 0; k < bk->npred; k++)
			if (!live[bk->pred[k]]) {
				live[bk->pred[k]] = 1;
				queue[n++] = bk->pred[k];
			}
	}
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bk = &fn->blk[b];
		if (live[b] || bk->rpo < 0)
			continue;
		/* report at the first dead-end block whose predecessors all can exit */
		int head = 1;
		for (int k = 0; k < bk->npred; k++)
			if (!live[bk->pred[k]] && fn->blk[bk->pred[k]].rpo >= 0)
				head = 0;
		if (head || b == 0) {
			Loc at = bk->i1 > bk->i0 ? fn->ins[bk->i0]->loc : fn->loc;
			for (int i = bk->i0; i < bk->i1; i++)
				if (ir_opinfo[fn->ins[i]->op].flags & OF_BRANCH) {
					at = fn->ins[i]->loc;
					break;
				}
			verify_report(v, VC_INFLOOP, at, "infinite loop: no path from here reaches ret or exit");
		}
	}
	free(live);
	free(queue);
}

/* Where an address comes from: the kernel parameter or variable it is
 * computed from (root), and its constant offset when known (*exact).
 * *budget bounds the definitions looked at: trying each side of a sum of
 * two registers would otherwise cost 2^depth on a long chain of sums.
 * A pointer a loop steps (a phi of its start and itself plus a stride)
 * has its start's root, its offset unknown: the phis being followed are
 * open[0..nopen-1], and meeting one again is the loop's own step, which
 * says nothing of the root (CYCLE).  Phis whose sides have different
 * roots have none. */
static const Sym cycle;
#define CYCLE (&cycle)
enum { MAXOPEN = 8 };

static const Sym *rootv(Func *fn, int val, int64_t *off, int *exact, int *budget, int *open, int nopen);

static const Sym *
rootn(Func *fn, Ins *in, const Opnd *o, int64_t *off, int *exact, int *budget, int *open, int nopen)
{
	int64_t base;

	*off = 0;
	*exact = 1;
	if (o->kind == OK_SYM && o->sym && o->sym->kind == SYM_VAR) {
		*off = o->imm;
		return o->sym;
	}
	if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG)
		return NULL;
	base = o->imm;
	const Sym *r = rootv(fn, verify_useof(in, o), off, exact, budget, open, nopen);
	*off = verify_wadd(*off, base);
	return r;
}

static const Sym *
rootphi(Func *fn, int val, int *exact, int *budget, int *open, int nopen)
{
	const Phi *ph = &fn->blk[fn->val[val].blk].phi[fn->val[val].phi];
	const Sym *r = NULL;

	for (int k = 0; k < nopen; k++)
		if (open[k] == val)
			return CYCLE;
	if (nopen == MAXOPEN)
		return NULL;
	open[nopen] = val;
	*exact = 0;
	for (int k = 0; k < ph->narg; k++) {
		int64_t x;
		int e;
		const Sym *s = ph->arg[k] < 0 ? CYCLE : rootv(fn, ph->arg[k], &x, &e, budget, open, nopen + 1);
		if (s == CYCLE)
			continue;
		if (!s || (r && s != r))
			return NULL;
		r = s;
	}
	return r ? r : CYCLE;
}

static const Sym *
rootv(Func *fn, int val, int64_t *off, int *exact, int *budget, int *open, int nopen)
{
	*off = 0;
	*exact = 1;
	for (int step = 0; step < 32 && (*budget)-- > 0; step++) {
		if (val >= 0 && val < fn->nval && fn->val[val].phi >= 0) {
			const Sym *r = rootphi(fn, val, exact, budget, open, nopen);
			*exact = 0;
			return r;
		}
		Ins *d = verify_defins(fn, val);
		const Opnd *o;
		if (!d || d->guard || d->ndef != 1)
			return NULL;
		if ((d->op == OP_MOV || d->op == OP_CVTA) && d->nopnd == 2) {
			o = &d->opnd[1];
		} else if (d->op == OP_LD && d->space == SP_PARAM && d->nopnd == 2 && d->opnd[1].kind == OK_ADDR &&
		    d->opnd[1].base && d->opnd[1].base->kind == OK_SYM) {
			*off = verify_wadd(*off, d->opnd[1].imm);
			return d->opnd[1].base->sym;
		} else if ((d->op == OP_ADD || d->op == OP_SUB) && d->nopnd == 3) {
			/* an offset: an immediate, or a register that is not itself an address */
			const Opnd *a = &d->opnd[1], *b = &d->opnd[2];
			if (b->kind == OK_IMM)
				*off = d->op == OP_ADD ? verify_wadd(*off, b->imm) : verify_wsub(*off, b->imm);
			else
				*exact = 0;
			o = a;
			if (d->op == OP_ADD && b->kind == OK_REG && a->kind == OK_REG) {
				/* which one is the base: the one that traces to a root */
				int64_t x;
				int e;
				const Sym *ra = rootn(fn, d, a, &x, &e, budget, open, nopen);
				if (!ra)
					o = b;
			}
		} else
			return NULL;
		if (o->kind == OK_SYM && o->sym && o->sym->kind == SYM_VAR) {
			*off = verify_wadd(*off, o->imm);
			return o->sym;
		}
		if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG)
			return NULL;
		*off = verify_wadd(*off, o->imm);
		val = verify_useof(d, o);
	}
	return NULL;
}

static const Sym *
root(Func *fn, Ins *in, const Opnd *o, int64_t *off, int *exact)
{
	int budget = 256, open[MAXOPEN];
	const Sym *r = rootn(fn, in, o, off, exact, &budget, open, 0);

	return r == CYCLE ? NULL : r;
}

static int
isstore(const Ins *in)
{
	return in->op == OP_ST || in->op == OP_ATOM || in->op == OP_RED;
}

/* Reports the nc load at loc (of root lr, offset lo, exact le) when a store
 * of fn may write the same memory. */
static void
ncstores(Verify *v, Func *fn, Loc loc, const Sym *lr, int64_t lo, int le)
{
	int64_t so;
	int se;

	for (int j = 0; j < fn->nins; j++) {
		Ins *st = fn->ins[j];
		Opnd *a = NULL;
		if (!isstore(st) || st->space == SP_SHARED || st->space == SP_LOCAL)
			continue;
		for (int k = 0; k < st->nopnd && !a; k++)
			if (st->opnd[k].kind == OK_ADDR && st->opnd[k].base)
				a = &st->opnd[k];
		if (!a || root(fn, st, a->base, &so, &se) != lr)
			continue;
		so += a->imm;
		if (le && se && so != lo)
			continue;
		verify_report(v, VC_NCWRITE, loc,
		    "'ld.global.nc' of memory the kernel also writes (line %d, through '%s' too): .nc data "
		    "must stay read-only while the kernel runs", st->loc.line, lr->name);
		return;
	}
}

/* The ld.global.nc of a small function (nvcc -G's __ldg) whose address is
 * one of its parameters plus a constant: 1, the parameter's index in *k
 * and the offset in *off. */
static int
ncwrapper(Func *c, int *k, int64_t *off, int *exact)
{
	if (c->nins > 64)
		return 0;
	for (int i = 0; i < c->nins; i++) {
		Ins *ld = c->ins[i];
		if (ld->op != OP_LD || !ir_hasmod(ld, MOD_NC) || ld->nopnd < 2 || ld->opnd[1].kind != OK_ADDR ||
		    !ld->opnd[1].base)
			continue;
		const Sym *r = root(c, ld, ld->opnd[1].base, off, exact);
		for (*k = 0; r && *k < c->npar; (*k)++)
			if (c->par[*k].sym == r) {
				*off = verify_wadd(*off, ld->opnd[1].imm);
				return 1;
			}
	}
	return 0;
}

static void
ncwrite(Verify *v, Func *fn)
{
	for (int i = 0; i < fn->nins; i++) {
		Ins *ld = fn->ins[i], *at;
		Func *c;
		Opnd *arg;
		int64_t lo, co;
		int le, ce, k;
		const Sym *lr;
		if (ld->op == OP_LD && ir_hasmod(ld, MOD_NC) && ld->nopnd >= 2 && ld->opnd[1].kind == OK_ADDR &&
		    ld->opnd[1].base) {
			if ((lr = root(fn, ld, ld->opnd[1].base, &lo, &le)))
				ncstores(v, fn, ld->opnd[1].loc, lr, verify_wadd(lo, ld->opnd[1].imm), le);
		} else if ((c = verify_callee(ld)) && ncwrapper(c, &k, &co, &ce) &&
		    (arg = verify_callarg(fn, ld, k, &at)) && (lr = root(fn, at, arg, &lo, &le))) {
			ncstores(v, fn, ld->opnd[ld->ndst].loc, lr, verify_wadd(lo, co), le && ce);
		}
	}
}

/* The constant an address operand holds, traced through copies, cvta,
 * conversions and constant offsets: 1 and *out, or 0 when not constant.
 * The sums wrap, as addresses do (verify_wadd). */
static int
constaddr(Func *fn, Ins *in, const Opnd *o, int64_t *out)
{
	int64_t off = 0;

	for (int step = 0; step < 16; step++) {
		if (o->kind == OK_IMM) {
			*out = verify_wadd(off, o->imm);
			return 1;
		}
		if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG)
			return 0;
		off = verify_wadd(off, o->imm);
		Ins *d = verify_defins(fn, verify_useof(in, o));
		if (!d || d->guard || d->ndef != 1 || d->nopnd < 2)
			return 0;
		if ((d->op == OP_MOV || d->op == OP_CVTA || d->op == OP_CVT) && d->nopnd == 2)
			o = &d->opnd[1];
		else if ((d->op == OP_ADD || d->op == OP_SUB) && d->nopnd == 3 && d->opnd[2].kind == OK_IMM) {
			off = d->op == OP_ADD ? verify_wadd(off, d->opnd[2].imm) : verify_wsub(off, d->opnd[2].imm);
			o = &d->opnd[1];
		} else
			return 0;
		in = d;
	}
	return 0;
}

/* trap, or a call of a function that traps (nvcc -G calls __trap) */
static int
traps(const Ins *in)
{
	Func *c;

	if (in->op == OP_TRAP)
		return 1;
	if (!(c = verify_callee(in)) || c->nins > 64)
		return 0;
	for (int i = 0; i < c->nins; i++)
		if (c->ins[i]->op == OP_TRAP)
			return 1;
	return 0;
}

static void
nulladdr(Verify *v, Func *fn, Ins *in)
{
	unsigned fl = ir_opinfo[in->op].flags;
	int64_t a;

	if (!(fl & (OF_LOAD | OF_STORE | OF_ATOM)) || (in->space != SP_GLOBAL && in->space != SP_NONE &&
	    in->space != SP_GENERIC))
		return;
	for (int k = 0; k < in->nopnd; k++) {
		Opnd *o = &in->opnd[k];
		if (o->kind != OK_ADDR || o->addrlist)
			continue;
		if (!o->base)
			a = o->imm;
		else if (!constaddr(fn, in, o->base, &a))
			return;
		else
			a += o->imm;
		if (in->blk < 0 || in->blk >= fn->nblk)
			return;
		for (int i = fn->blk[in->blk].i0; i < fn->blk[in->blk].i1; i++)
			if (traps(fn->ins[i]))
				return;
		if (a >= 0 && a < 4096)
			verify_report(v, VC_NULLADDR, o->loc, "'%s' through constant address %lld, in the null page: "
			    "no memory is there", ir_opinfo[in->op].name, (long long)a);
		return;
	}
}

void
verify_suspicious(Verify *v)
{
	Module *m = v->m;

	if (m->address_size == 0) {
		Loc at = { 0, 1, 1 };
		verify_report(v, VC_ADDRSIZE, at, "no .address_size directive: the PTX default is 32-bit addresses");
	}
	for (int f = 0; f < m->nfn; f++) {
		Func *fn = m->fn[f];
		if (!fn->hasbody)
			continue;
		for (int i = 0; i < fn->nins; i++) {
			divzero(v, fn->ins[i]);
			dupdest(v, fn->ins[i]);
		}
		if (fn->blk)
			loops(v, fn);
		if (fn->built && fn->entry)
			ncwrite(v, fn);
		if (fn->built)
			for (int i = 0; i < fn->nins; i++)
				nulladdr(v, fn, fn->ins[i]);
	}
}

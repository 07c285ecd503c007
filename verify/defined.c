/*
 * defined.c — registers and predicates read before any write.
 *
 * ir_ssa gives a register read on some path before any definition an
 * "entry value" (version 0, no defining instruction).  A direct use of one
 * is a read of an undefined register on every path to it (unless it is a
 * .reg parameter).  A phi with an entry-value argument means the register
 * is undefined on one incoming path; a use of such a phi (or of a phi fed by
 * one) is a read that may be undefined: a separate check, maybe-uninit,
 * off by default, since the path that leaves it undefined may be one the
 * program never takes (both branches test the same condition).  ptxas accepts both, even under -g;
 * an undefined predicate that drives a branch makes the control flow itself
 * unpredictable.
 *
 * The old value a guarded instruction merges (`@p mov %r, 1` keeps %r when
 * p is false) is not a read the program asked for, and is not reported;
 * a later read of %r may be of an undefined value, as after a phi.
 * Nor are the never-written elements nvcc leaves in a packing `mov` ({lo,
 * hi} with one half unused) and in the vector `st.param` of a structure's
 * padding bytes, nor the never-written byte a store copies for an empty
 * structure (a functor passed by value, at -G): their values are never
 * looked at.
 */
#include <stdlib.h>
#include "verify.h"

/* Marks in par[] the registers that are parameters (or return values)
 * of fn: their entry values are what the caller passed. */
static void
params(const Func *fn, unsigned char *par)
{
	for (int i = 0; i < fn->npar + fn->nret; i++) {
		const Sym *s = i < fn->npar ? fn->par[i].sym : fn->ret[i - fn->npar].sym;
		if (s && s->kind == SYM_REG && s->id >= 0 && s->id < fn->nregs && fn->regs[s->id] == s)
			par[s->id] = 1;
		for (int e = 0; s && s->kind == SYM_REG && s->part && e < s->vec; e++) {
			const Sym *x = s->part[e];
			if (x && x->id >= 0 && x->id < fn->nregs && fn->regs[x->id] == x)
				par[x->id] = 1;
		}
	}
}

/* Whether o is an element of the vector source of a packing mov or of a
 * vector st.param: a place nvcc fills with never-written padding. */
static int
padding(const Ins *in, const Opnd *o)
{
	if (in->op == OP_ST && (in->ty[0] == TY_B8 || in->ty[0] == TY_U8 || in->ty[0] == TY_S8))
		return 1;
	if (in->op != OP_MOV && !(in->op == OP_ST && in->space == SP_PARAM))
		return 0;
	for (int k = 0; k < in->nopnd; k++) {
		const Opnd *x = &in->opnd[k];
		if (x->kind == OK_VEC && !x->isdst && o >= x->sub && o < x->sub + x->nsub)
			return 1;
	}
	return 0;
}

/* The old value a guarded in merges under its def[k], or -1. */
static int
oldval(const Func *fn, const Ins *in, int k)
{
	int v = in->use[in->nuse - in->ndef + k];
	return v >= 0 && v < fn->nval && in->def[k] >= 0 && in->def[k] < fn->nval ? v : -1;
}

static void
defined(Verify *v, Func *fn)
{
	/* maybe[val]: the value is, or merges, an entry value */
	unsigned char *maybe = calloc((size_t)fn->nval + 1, 1);
	unsigned char *said = calloc((size_t)fn->nregs + 1, 1);
	unsigned char *par = calloc((size_t)fn->nregs + 1, 1);
	int *off = NULL, *user = NULL, *queue = NULL, n = 0;
	size_t nuse = 0;

	if (!maybe || !said || !par)
		goto out;
	params(fn, par);
	for (int i = 0; i < fn->nval; i++)
		if (verify_isentry(fn, i) && !par[fn->val[i].reg])
			maybe[i] = 2;
	/* A phi merges an entry value when one of its arguments is or merges
	 * one: spread from the entry values along phi arguments, each phi
	 * queued once (sweeping the blocks until nothing changed took a sweep
	 * per phi of a chain running against the block order). */
	for (int b = 0; b < fn->nblk; b++)
		for (int p = 0; p < fn->blk[b].nphi; p++)
			for (int k = 0; k < fn->blk[b].phi[p].narg; k++)
				if (fn->blk[b].phi[p].arg[k] >= 0)
					nuse++;
	for (int i = 0; i < fn->nins; i++)
		if (fn->ins[i]->guard)
			nuse += (size_t)fn->ins[i]->ndef;
	off = calloc((size_t)fn->nval + 2, sizeof *off);
	user = malloc((nuse + 1) * sizeof *user);
	queue = malloc(((size_t)fn->nval + 1) * sizeof *queue);
	if (!off || !user || !queue)
		goto out;
	for (int b = 0; b < fn->nblk; b++)
		for (int p = 0; p < fn->blk[b].nphi; p++)
			for (int k = 0; k < fn->blk[b].phi[p].narg; k++)
				if (fn->blk[b].phi[p].arg[k] >= 0)
					off[fn->blk[b].phi[p].arg[k] + 2]++;
	/* a guarded write keeps the old value where its guard is false: it
	 * merges that value as a phi does (use[nuse - ndef + k], def[k]) */
	for (int i = 0; i < fn->nins; i++) {
		const Ins *in = fn->ins[i];
		for (int k = 0; in->guard && k < in->ndef && in->nuse >= in->ndef; k++)
			if (oldval(fn, in, k) >= 0)
				off[oldval(fn, in, k) + 2]++;
	}
	for (int i = 0; i < fn->nval; i++)
		off[i + 2] += off[i + 1];
	for (int b = 0; b < fn->nblk; b++)
		for (int p = 0; p < fn->blk[b].nphi; p++)
			for (int k = 0; k < fn->blk[b].phi[p].narg; k++)
				if (fn->blk[b].phi[p].arg[k] >= 0)
					user[off[fn->blk[b].phi[p].arg[k] + 1]++] = fn->blk[b].phi[p].def;
	for (int i = 0; i < fn->nins; i++) {
		const Ins *in = fn->ins[i];
		for (int k = 0; in->guard && k < in->ndef && in->nuse >= in->ndef; k++)
			if (oldval(fn, in, k) >= 0 && in->def[k] >= 0 && in->def[k] < fn->nval)
				user[off[oldval(fn, in, k) + 1]++] = in->def[k];
	}
	/* off[v] .. off[v + 1] - 1: the phis that take v */
	for (int i = 0; i < fn->nval; i++)
		if (maybe[i])
			queue[n++] = i;
	while (n > 0) {
		int x = queue[--n];
		for (int k = off[x]; k < off[x + 1]; k++)
			if (!maybe[user[k]]) {
				maybe[user[k]] = 1;
				queue[n++] = user[k];
			}
	}
	for (int i = 0; i < fn->nins; i++) {
		Ins *in = fn->ins[i];
		Opnd *r[64];
		int n;
		if (in->blk < 0 || in->blk >= fn->nblk || fn->blk[in->blk].rpo < 0)
			continue;
		n = verify_reads(in, r, 64);
		for (int k = 0; k < n && k < in->nuse; k++) {
			int val = in->use[k];
			int reg = val >= 0 && val < fn->nval ? fn->val[val].reg : -1;
			if (reg < 0 || !maybe[val] || said[reg] || padding(in, r[k]))
				continue;
			Sym *s = fn->regs[reg];
			if (maybe[val] == 2) {
				said[reg] = 1;     /* once per register: the first read tells the story */
				verify_report(v, VC_UNINIT, r[k]->loc, "%s '%s' is read but never written before",
				    s->type == TY_PRED ? "predicate" : "register", s->name);
			} else if (v->o->sev[VC_MAYBEUNINIT] >= 0) {
				said[reg] = 1;
				verify_report(v, VC_MAYBEUNINIT, r[k]->loc,
				    "%s '%s' may be read before it is written on some path",
				    s->type == TY_PRED ? "predicate" : "register", s->name);
			}
		}
	}
out:
	free(maybe);
	free(off);
	free(user);
	free(queue);
	free(said);
	free(par);
}

void
verify_defined(Verify *v)
{
	for (int f = 0; f < v->m->nfn; f++) {
		Func *fn = v->m->fn[f];
		if (fn->hasbody && fn->built)
			defined(v, fn);
	}
}

/*
 * structure.c — control-flow shape and calls.
 *
 * The parser has already rejected unknown and duplicate symbols and wrong
 * operand counts, so this pass only looks at what needs the CFG:
 *
 *  - unreachable code: a block no path from the entry reaches.  Reported
 *    once, at the head of each dead region, since the blocks after it are
 *    dead for the same reason;
 *  - falling off the end: a reachable block with no successor whose last
 *    instruction is not an unguarded ret, exit, trap or branch, nor a call of
 *    a .noreturn function.  The hardware then runs whatever follows;
 *  - calls without a prototype: ptxas needs the callee declared before the
 *    call ("Call to 'f' requires call prototype"), and an indirect call
 *    through a register needs a .callprototype or .calltargets operand;
 *  - a direct call whose return or argument list disagrees with the
 *    callee's declaration in count, or passes a .param of another size.
 *    ptxas judges a call against the callee's header last written before
 *    it, a prototype above the call even where the definition below says
 *    otherwise (then the definition is an error of its own, next item);
 *  - a function header written again (-Wredeclaration): ptxas compares
 *    each header with the one before it ("Inconsistent prototypes of 'f',
 *    number of parameters differ", "parameter types differ", "parameter
 *    state space differ", "parameter alignment differ": the names may
 *    differ, nothing else); the linkage of the first header is the
 *    function's, and a later one may leave it out but not name another,
 *    while .noreturn must be on all or none ("Inconsistent redefinition of
 *    variable 'f'"; extern.c has .extern beside a definition); and a header
 *    after the definition is a second definition ("Duplicate definition of
 *    function 'f'").
 */
#include <stdint.h>
#include <stdlib.h>
#include "verify.h"

/* The module's function headers sorted by symbol, then by place: those of
 * one function side by side in source order. */
typedef struct {
	Func **h;
	int n;
} Hdrs;

static int
hdrcmp(const void *a, const void *b)
{
	const Func *x = *(Func *const *)a, *y = *(Func *const *)b;

	if (x->sym != y->sym)
		return (uintptr_t)x->sym < (uintptr_t)y->sym ? -1 : 1;
	return x->loc.off < y->loc.off ? -1 : x->loc.off > y->loc.off;
}

/* The header of s last written before offset off, NULL when none is: the
 * one before the first header that sorts after (s, off). */
static Func *
header(const Hdrs *hs, const Sym *s, uint32_t off)
{
	int lo = 0, hi = hs->n;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		const Func *f = hs->h[mid];
		if ((uintptr_t)f->sym < (uintptr_t)s || (f->sym == s && f->loc.off < off))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && hs->h[lo - 1]->sym == s ? hs->h[lo - 1] : NULL;
}

static int
terminates(const Ins *in)
{
	unsigned f = ir_opinfo[in->op].flags;

	if (in->guard)
		return 0;
	if (f & (OF_RET | OF_EXIT | OF_BRANCH))
		return 1;
	if ((f & OF_CALL) && in->nopnd > in->ndst) {
		const Opnd *t = &in->opnd[in->ndst];
		if (t->kind == OK_SYM && t->sym && t->sym->kind == SYM_FUNC && t->sym->fn && t->sym->fn->noreturn)
			return 1;
	}
	return 0;
}

/* A .param variable's alignment: the declared one, else its element's
 * size. */
static int64_t
palign(const Sym *s)
{
	if (s->align > 0)
		return s->align;
	return s->opaque ? 8 : (ir_tyinfo[s->type].bits + 7) / 8 * s->vec;
}

/* A vector register passed to a .reg formal, or any register to a vector
 * formal: ptxas takes any pair of the same size in bytes (a .v2 .u16 for a
 * .u32, a .v4 .u32 for a .v4 .f32) and refuses others ("Type of argument
 * does not match formal parameter"). */
static void
vecformal(Verify *v, const Opnd *a, const Sym *f, const char *name, const char *what)
{
	const Opnd *e = a->kind == OK_VEC && a->nsub > 0 ? &a->sub[0] : a;
	const Sym *r = e->kind == OK_REG ? e->sym : NULL;
	int64_t n = a->kind == OK_VEC ? a->nsub : 1, fb, ab;

	if (!r || r->kind != SYM_REG || e->sel)
		return;
	fb = (int64_t)f->vec * (ir_tyinfo[f->type].bits / 8);
	ab = n * (ir_tyinfo[r->type].bits / 8);
	if (fb != ab)
		verify_report(v, VC_CALLPROTO, a->loc,
		    "%s '%s' is %lld bytes, but formal parameter '%s' of '%s' is %lld bytes", what,
		    r->vecof ? r->vecof->name : r->name, (long long)ab, f->name, name, (long long)fb);
}

/* One list of a call (arguments or returns) against the callee's formals. */
static void
formals(Verify *v, Ins *in, const Opnd *l, const Param *par, int npar, const char *name, const char *what)
{
	int n = l ? l->nsub : 0;

	if (n != npar) {
		verify_report(v, VC_CALLPROTO, l ? l->loc : in->loc,
		    "call to '%s' passes %d %s%s, but it is declared with %d", name, n, what, n == 1 ? "" : "s", npar);
		return;
	}
	for (int k = 0; k < n; k++) {
		const Opnd *a = &l->sub[k];
		const Sym *f = par[k].sym;
		if (f && f->kind == SYM_REG && (f->vec > 1 || a->kind == OK_VEC)) {
			vecformal(v, a, f, name, what);
			continue;
		}
		/* a register for a scalar .reg formal: ptxas takes what an
		 * instruction of the formal's type takes ("Type of argument does
		 * not match formal parameter": .u32 for .f32, .u16 for .u32) */
		if (f && f->kind == SYM_REG && a->kind == OK_REG && a->sym && a->sym->kind == SYM_REG && !a->sel &&
		    f->type && a->sym->type && !verify_tyfits(f->type, a->sym->type)) {
			verify_report(v, VC_CALLPROTO, a->loc, "%s '%s' is .%s, but formal parameter '%s' of '%s' is .%s",
			    what, a->sym->name, ir_tyinfo[a->sym->type].name, f->name, name, ir_tyinfo[f->type].name);
			continue;
		}
		if (a->kind != OK_SYM || !a->sym || a->sym->kind != SYM_VAR || !f || f->space != SP_PARAM)
			continue;
		/* ptxas: "Alignment of argument does not match formal
		 * parameter 'x'", .align 16 against .align 8 or none */
		if (a->sym->space == SP_PARAM && palign(a->sym) != palign(f))
			verify_report(v, VC_PARAMALIGN, a->loc,
			    "%s '%s' is aligned to %lld bytes, but formal parameter '%s' of '%s' to %lld", what,
			    a->sym->name, (long long)palign(a->sym), f->name, name, (long long)palign(f));
		/* a vector formal (a declaration's) takes a scalar of its size
		 * alone: ptxas refuses an array of the same bytes ("Type of
		 * argument does not match formal parameter") */
		if (f->vec > 1 && a->sym->ndim > 0) {
			verify_report(v, VC_CALLPROTO, a->loc,
			    "%s '%s' is an array, but formal parameter '%s' of '%s' is a vector (pass a scalar of its size)",
			    what, a->sym->name, f->name, name);
			continue;
		}
		if (a->sym->size < 0 || f->size < 0 || a->sym->size == f->size)
			continue;
		verify_report(v, VC_CALLPROTO, a->loc,
		    "%s '%s' is %lld bytes, but formal parameter '%s' of '%s' is %lld bytes", what, a->sym->name,
		    (long long)a->sym->size, f->name, name, (long long)f->size);
	}
}

/* The return and argument lists of a direct call against the callee's header
 * (ptxas: "Call has wrong number of parameters", "Type of argument does not
 * match formal parameter"). */
static void
arity(Verify *v, Ins *in, const Func *callee, const char *name)
{
	const Opnd *ret = NULL, *args = NULL;
	int t = in->ndst;

	if (t > 0 && in->opnd[0].kind == OK_LIST)
		ret = &in->opnd[0];
	if (t + 1 < in->nopnd && in->opnd[t + 1].kind == OK_LIST)
		args = &in->opnd[t + 1];
	formals(v, in, ret, callee->ret, callee->nret, name, "return value");
	formals(v, in, args, callee->par, callee->npar, name, "argument");
}

static void
calls(Verify *v, const Hdrs *hs, Func *fn, Ins *in)
{
	const Opnd *t;

	if (in->nopnd <= in->ndst)
		return;
	t = &in->opnd[in->ndst];
	if (t->kind == OK_SYM && t->sym && t->sym->kind == SYM_FUNC) {
		/* declared later in the same module: Sym.loc is the first header */
		if (t->sym->loc.line > 0 && t->sym->loc.off > in->loc.off && t->sym->fn != fn)
			verify_report(v, VC_CALLPROTO, t->loc,
			    "call to '%s' requires a prototype: it is declared only after this call", t->sym->name);
		/* a prototype or target list makes the call indirect: ptxas
		 * "Argument 0 of instruction 'call': must be register" */
		if (in->nopnd > in->ndst + 1 && in->opnd[in->nopnd - 1].kind == OK_SYM)
			verify_report(v, VC_CALLPROTO, t->loc,
			    "a call with a prototype or target list goes through a register, not to '%s'", t->sym->name);
		/* ptxas: "Illegal call target, device function expected" */
		else if (t->sym->fn && t->sym->fn->entry)
			verify_report(v, VC_CALLPROTO, t->loc, "call to the kernel '%s': only a .func can be called",
			    t->sym->name);
		else if (t->sym->fn) {
			Func *h = header(hs, t->sym, in->loc.off);
			arity(v, in, h ? h : t->sym->fn, t->sym->name);
		}
	} else if (t->kind == OK_REG) {
		const Opnd *last = &in->opnd[in->nopnd - 1];
		if (!(last->kind == OK_SYM && last->sym &&
		    (last->sym->kind == SYM_PROTO || last->sym->kind == SYM_TARGETS)))
			verify_report(v, VC_CALLPROTO, t->loc,
			    "indirect call through '%s' needs a .callprototype or .calltargets operand",
			    t->sym ? t->sym->name : "register");
		else if (last->sym->kind == SYM_PROTO && last->sym->fn && in->nopnd > in->ndst + 1)
			/* the prototype is the callee's header here (ptxas: "Call has
			 * wrong number of parameters" against it) */
			arity(v, in, last->sym->fn, last->sym->name);
	}
}

static void
structure(Verify *v, const Hdrs *hs, Func *fn)
{
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bk = &fn->blk[b];
		if (bk->rpo < 0) {
			int head = bk->i1 > bk->i0;
			for (int k = 0; k < bk->npred && head; k++) {
				Blk *p = &fn->blk[bk->pred[k]];
				if (p->rpo < 0 && p->i1 > p->i0)
					head = 0;
			}
			/* code after an unguarded trap is the common inline-asm idiom: not reported */
			if (head && b > 0 && fn->blk[b - 1].i1 > fn->blk[b - 1].i0 &&
			    fn->ins[fn->blk[b - 1].i1 - 1]->op == OP_TRAP && !fn->ins[fn->blk[b - 1].i1 - 1]->guard)
				head = 0;
			if (head)
				verify_report(v, VC_UNREACHABLE, fn->ins[bk->i0]->loc, "unreachable code");
			continue;
		}
		if (bk->nsucc == 0 && (bk->i1 == bk->i0 || !terminates(fn->ins[bk->i1 - 1]))) {
			Loc at = bk->i1 > bk->i0 ? fn->ins[bk->i1 - 1]->loc : fn->loc;
			verify_report(v, VC_FALLOFF, at,
			    "control reaches the end of '%s' without ret or exit", fn->name);
		}
	}
	for (int i = 0; i < fn->nins; i++)
		if (ir_opinfo[fn->ins[i]->op].flags & OF_CALL)
			calls(v, hs, fn, fn->ins[i]);
}

static const char *const linkname[] = {"no linkage", ".visible", ".extern", ".weak", ".common"};

/* One parameter list of header f against the same list of p, the header
 * before it (what names ptxas's "Inconsistent prototypes of 'f', ..."). */
static void
samelist(Verify *v, const Func *f, const Func *p, const Param *a, const Param *b, int n, const char *what)
{
	for (int k = 0; k < n; k++) {
		const Sym *x = a[k].sym, *y = b[k].sym;
		const char *d = NULL;
		if (!x || !y)
			continue;
		if (x->kind != y->kind || x->space != y->space)
			d = "state space";
		else if (x->type != y->type || x->vec != y->vec || x->opaque != y->opaque || x->ndim != y->ndim ||
		    (x->ndim && x->dim[0] != y->dim[0]))
			d = "type";
		else if (x->kind == SYM_VAR && palign(x) != palign(y))
			d = "alignment";
		if (d)
			verify_report(v, VC_REDECL, x->loc,
			    "inconsistent prototypes of '%s': the %s of %s '%s' differs from line %d's", f->name, d, what,
			    x->name, p->loc.line);
	}
}

/* Header f against p, the header of the same function written before it,
 * and first, the function's first. */
static void
redeclared(Verify *v, const Func *f, const Func *p, const Func *first)
{
	int extdef = f->sym && f->sym->fn && f->sym->fn->hasbody &&
	    (first->linkage == LINK_EXTERN || f->linkage == LINK_EXTERN);

	/* a second body is the parser's error, an .extern one extern.c's */
	if (p->hasbody && !f->hasbody && f->linkage != LINK_EXTERN)
		verify_report(v, VC_REDECL, f->loc,
		    "duplicate definition of function '%s': it is defined at line %d, and no header may follow", f->name,
		    p->loc.line);
	if ((f->linkage != LINK_NONE || first->linkage == LINK_EXTERN) && f->linkage != first->linkage && !extdef)
		verify_report(v, VC_REDECL, f->loc,
		    "inconsistent redefinition of '%s': %s here, but line %d declares it with %s", f->name,
		    linkname[f->linkage], first->loc.line, linkname[first->linkage]);
	if (f->noreturn != first->noreturn)
		verify_report(v, VC_REDECL, f->loc, "inconsistent redefinition of '%s': %s .noreturn, but line %d %s",
		    f->name, f->noreturn ? "declared" : "not declared", first->loc.line,
		    first->noreturn ? "declares it so" : "does not");
	if (f->nret != p->nret || f->npar != p->npar) {
		verify_report(v, VC_REDECL, f->loc,
		    "inconsistent prototypes of '%s': %d return value%s and %d parameter%s here, %d and %d at line %d",
		    f->name, f->nret, f->nret == 1 ? "" : "s", f->npar, f->npar == 1 ? "" : "s", p->nret, p->npar,
		    p->loc.line);
		return;
	}
	samelist(v, f, p, f->ret, p->ret, f->nret, "return value");
	samelist(v, f, p, f->par, p->par, f->npar, "parameter");
}

void
verify_structure(Verify *v)
{
	const Module *m = v->m;
	Hdrs hs = {NULL, 0};

	if (m->nfn > 0 && (hs.h = ir_xtryrealloc(NULL, (size_t)m->nfn * sizeof *hs.h))) {
		for (int f = 0; f < m->nfn; f++)
			if (m->fn[f]->sym)
				hs.h[hs.n++] = m->fn[f];
		qsort(hs.h, (size_t)hs.n, sizeof *hs.h, hdrcmp);
		for (int k = 1, first = 0; k < hs.n; k++) {
			if (hs.h[k]->sym != hs.h[k - 1]->sym)
				first = k;
			else if (v->o->sev[VC_REDECL] >= 0)
				redeclared(v, hs.h[k], hs.h[k - 1], hs.h[first]);
		}
	}
	for (int f = 0; f < m->nfn; f++) {
		Func *fn = m->fn[f];
		if (fn->hasbody && fn->blk)
			structure(v, &hs, fn);
	}
	ir_xfree(hs.h);
}

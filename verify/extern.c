/*
 * extern.c — what a module's .extern declarations need, as ptxas 13.0
 * judges them.
 *
 * By default ptxas compiles a whole program: a module must define what it
 * uses.  Its -c (--compile-only) makes a relocatable object instead, and
 * leaves .extern names to the linker.  Whole-program findings belong to
 * -Wunresolved-extern and -Wextern-var, which ptxas-lint -c turns off:
 *
 *  - a call of an .extern function the module does not define ("Unresolved
 *    extern function"), in any body, reachable or not; taking its address
 *    (mov, an initializer) is refused too ("Cannot take address of
 *    function").  vprintf, malloc, free, __assertfail,
 *    cudaGraphSetConditional and the __cuda_syscall family are ptxas's
 *    own and need no definition;
 *  - an .extern array of no size, outside .shared (where it is the dynamic
 *    shared memory), that nothing defines ("Unresolved extern variable");
 *  - an .extern variable of known size that nothing defines: ptxas warns
 *    and makes the declaration a definition, so the program reads zeroes
 *    where it meant another module's data (-Wextern-var, a warning).
 *
 * In both modes: a call of cudaDeviceSynchronize, which the device runtime
 * no longer has from sm_90 on (-Wtarget); and (-Wextern-redefined): a function cannot be both declared
 * .extern and defined in one module, in either order, and an .extern
 * variable cannot be resolved by a later definition without .visible
 * (ptxas: "'.extern' variable 'g' cannot be resolved by a '.static'").
 */
#include <stdlib.h>
#include <string.h>
#include "verify.h"

static int
builtin(const char *name)
{
	static const char *const names[] = { "vprintf", "malloc", "free", "__assertfail",
	                                     "cudaGraphSetConditional" };

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(name, names[i]) == 0)
			return 1;
	return strncmp(name, "__cuda_syscall", 14) == 0;
}

/* .alias NAME, TARGET defines NAME (the item's text is "NAME, TARGET"). */
static int
aliased(const Module *m, const char *name)
{
	size_t n = strlen(name);

	for (int i = 0; i < m->nitem; i++)
		if (m->item[i].kind == 'a' && m->item[i].text && !strncmp(m->item[i].text, name, n) &&
		    m->item[i].text[n] == ',')
			return 1;
	return 0;
}

/* An .extern function of this module that nothing here defines. */
static int
unresolved(const Module *m, const Sym *s)
{
	if (!s || s->kind != SYM_FUNC || !s->fn || s->fn->hasbody)
		return 0;
	if (s->linkage != LINK_EXTERN && s->fn->linkage != LINK_EXTERN)
		return 0;   /* not .extern: target.c's "declared without .extern" */
	return !builtin(s->name) && !aliased(m, s->name);
}

static int
before(Loc a, Loc b)
{
	return a.line < b.line || (a.line == b.line && a.col < b.col);
}

/* Each unresolved function is reported once, at its first use; ptxas
 * stops at the first, so after MAXSAID of them the rest go unsaid, which
 * keeps the look-up short on any module. */
enum { MAXSAID = 32 };
typedef struct {
	const Sym *said[MAXSAID];
	int n;
} Said;

static int
once(Said *sd, const Sym *s)
{
	for (int i = 0; i < sd->n; i++)
		if (sd->said[i] == s)
			return 0;
	if (sd->n == MAXSAID)
		return 0;
	sd->said[sd->n++] = s;
	return 1;
}

/* an alias of an alias, which ptxas leaves unresolved (ir_fn_target) */
static int
aliasalias(const Sym *s)
{
	return s && s->kind == SYM_FUNC && !ir_fn_target(s);
}

static void
useop(Verify *v, Said *sd, const Ins *in, const Opnd *o)
{
	for (int k = 0; k < o->nsub; k++)
		useop(v, sd, in, &o->sub[k]);
	if (o->base)
		useop(v, sd, in, o->base);
	if (o->kind != OK_SYM)
		return;
	/* the device runtime's synchronisation is gone from sm_90 on, linked or not */
	int sm = v->o->arch ? v->o->arch : v->m->sm;
	if (in->op == OP_CALL && o->sym && o->sym->kind == SYM_FUNC && sm >= 90 &&
	    strcmp(o->sym->name, "cudaDeviceSynchronize") == 0)
		verify_report(v, VC_TARGET, o->loc, "Unsupported Function 'cudaDeviceSynchronize' on arch 'sm_90' or higher");
	if (in->op != OP_CALL && aliasalias(o->sym) && once(sd, o->sym)) {
		verify_report(v, VC_EXTERN, o->loc, "Undefined reference to '%s': an alias of the alias '%s' (ptxas resolves one)",
		    o->sym->name, o->sym->aliasee->name);
		return;
	}
	if (!unresolved(v->m, o->sym) || !once(sd, o->sym))
		return;
	if (in->op == OP_CALL)
		verify_report(v, VC_EXTERN, o->loc,
		    "Unresolved extern function '%s': it is not defined in this module (whole-program compilation; -c leaves it to the linker)",
		    o->sym->name);
	else
		verify_report(v, VC_EXTERN, o->loc,
		    "Cannot take address of function '%s': it is .extern and not defined in this module (whole-program compilation; -c allows it)",
		    o->sym->name);
}

static void
useexpr(Verify *v, Said *sd, const Expr *e, Loc at)
{
	if (!e)
		return;
	if ((e->kind == E_SYM || e->kind == E_GENERIC) && aliasalias(e->sym) && once(sd, e->sym))
		verify_report(v, VC_EXTERN, at, "Undefined reference to '%s': an alias of the alias '%s' (ptxas resolves one)",
		    e->sym->name, e->sym->aliasee->name);
	else if ((e->kind == E_SYM || e->kind == E_GENERIC) && unresolved(v->m, e->sym) && once(sd, e->sym))
		verify_report(v, VC_EXTERN, at,
		    "Cannot take address of function '%s': it is .extern and not defined in this module (whole-program compilation; -c allows it)",
		    e->sym->name);
	useexpr(v, sd, e->a, at);
	useexpr(v, sd, e->b, at);
	useexpr(v, sd, e->c, at);
	for (int i = 0; i < e->nelt; i++)
		useexpr(v, sd, e->elt[i], at);
}

static int
byname(const void *a, const void *b)
{
	const Sym *x = *(const Sym *const *)a, *y = *(const Sym *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : before(x->loc, y->loc) ? -1 : before(y->loc, x->loc);
}

/* The module-scope variables, grouped by name (sorted, so that a module of
 * many variables costs n log n, not n squared). */
static void
variables(Verify *v)
{
	const Module *m = v->m;
	const Sym **vs = NULL;
	int n = 0;

	for (int i = 0; i < m->nsyms; i++)
		if (m->syms[i]->kind == SYM_VAR)
			n++;
	if (n == 0 || !(vs = ir_xtryrealloc(NULL, (size_t)n * sizeof *vs)))
		return;
	n = 0;
	for (int i = 0; i < m->nsyms; i++)
		if (m->syms[i]->kind == SYM_VAR)
			vs[n++] = m->syms[i];
	qsort(vs, (size_t)n, sizeof *vs, byname);
	for (int i = 0, j; i < n; i = j) {
		const Sym *ext = NULL, *def = NULL;
		for (j = i; j < n && strcmp(vs[j]->name, vs[i]->name) == 0; j++) {
			if (vs[j]->linkage == LINK_EXTERN) {
				if (!ext)
					ext = vs[j];
			} else if (ext && vs[j]->linkage == LINK_NONE) {
				verify_report(v, VC_EXTERNDEF, vs[j]->loc,
				    "'.extern' variable '%s' cannot be resolved by a definition without .visible", vs[j]->name);
				def = vs[j];
			} else
				def = vs[j];
		}
		if (!ext || def)
			continue;
		if (ext->size < 0 && ext->space == SP_SHARED)
			continue;   /* the dynamic shared memory */
		if (ext->size < 0)
			verify_report(v, VC_EXTERN, ext->loc,
			    "Unresolved extern variable '%s': an .extern array of no size needs a definition (whole-program compilation; -c leaves it to the linker)",
			    ext->name);
		else
			verify_report(v, VC_EXTERNVAR, ext->loc,
			    "Unresolved extern variable '%s': whole-program compilation ignores .extern and makes this declaration its definition",
			    ext->name);
	}
	ir_xfree(vs);
}

void
verify_extern(Verify *v)
{
	const Module *m = v->m;
	Said sd = { 0 };

	for (int f = 0; f < m->nfn; f++) {
		const Func *fn = m->fn[f];
		/* an .extern declaration beside a definition of the same name, or
		 * a definition written .extern */
		if (fn->linkage == LINK_EXTERN && fn->hasbody)
			verify_report(v, VC_EXTERNDEF, fn->loc,
			    "Function definition conflicts with '.extern' declaration for function '%s': a definition cannot be .extern",
			    fn->name);
		if (fn->linkage == LINK_EXTERN && !fn->hasbody && fn->sym && fn->sym->fn && fn->sym->fn->hasbody &&
		    fn->sym->fn->linkage != LINK_EXTERN) {
			if (before(fn->sym->fn->loc, fn->loc))
				verify_report(v, VC_EXTERNDEF, fn->loc,
				    "Duplicate definition of function '%s': it is defined above, so it cannot be declared .extern",
				    fn->name);
			else
				verify_report(v, VC_EXTERNDEF, fn->sym->fn->loc,
				    "Function definition conflicts with '.extern' declaration for function '%s'", fn->name);
		}
		if (!fn->hasbody)
			continue;
		for (int i = 0; i < fn->nins; i++) {
			const Ins *in = fn->ins[i];
			for (int k = 0; k < in->nopnd; k++)
				useop(v, &sd, in, &in->opnd[k]);
		}
	}
	if (v->o->sev[VC_EXTERN] >= 0)
		for (int i = 0; i < m->nsyms; i++)
			if (m->syms[i]->kind == SYM_VAR && m->syms[i]->init)
				useexpr(v, &sd, m->syms[i]->init, m->syms[i]->loc);
	variables(v);
}

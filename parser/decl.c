/*
 * decl.c -- declarations and module directives: specifier lists and
 * declarators, variables and their initializers, .version, .target,
 * .address_size, .file/.loc, .pragma, .alias and .section.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "parse.h"
#include "gram.h"

/* ---------------------------------------------------------------- declarations */

Spec *
ps_mkspec(Parser *p, int kw, const Tok *t, int64_t i, Loc loc, int num)
{
	Spec *s = ir_alloc(p->a, sizeof *s);
	s->kw = kw;
	s->s = t->s;
	s->i = i;
	s->loc = loc;
	s->attr = num;
	return s;
}

SpecList *
ps_spec(Parser *p, SpecList *l, Spec *s)
{
	if (!l) {
		l = ir_alloc(p->a, sizeof *l);
		l->loc = s->loc;
	}
	PUSH(p->a, l->v, l->n, l->cap, *s);
	return l;
}

void
ps_attribute(Parser *p, Spec *s, EList *names)
{
	ps_elist_open(p, names);
	for (int i = 0; i < names->n; i++) {
		Expr *e = names->v[i];
		if (e->kind == E_SYM && strcmp(e->text, ".managed") == 0)
			s->attr |= VA_MANAGED;
		else if (e->kind == E_SYM && strcmp(e->text, ".unified") == 0)
			s->attr |= VA_UNIFIED;
		else
			diag_err(p->dg, e->loc, "unknown variable attribute (expected .managed or .unified)");
	}
}

Decl *
ps_dname(Parser *p, const char *name, int64_t range, Loc loc)
{
	Decl *d = ir_alloc(p->a, sizeof *d);
	d->name = name;
	d->loc = loc;
	d->range = range;
	return d;
}

/* The N of NAME<N>: ptxas 13.0 takes 32 bits ("Constant overflow" for
 * 4294967296); past them, 0 after the error. */
int64_t
ps_rangecount(Parser *p, const Tok *n, Loc loc)
{
	if (n->i < 0 || n->i > 0xffffffffLL) {   /* a negative i is past INT64_MAX */
		diag_err(p->dg, loc, "constant overflow: the count of a range is at most 32 bits");
		return 0;
	}
	return n->i;
}

DeclList *
ps_decl(Parser *p, DeclList *l, Decl *d)
{
	if (!l)
		l = ir_alloc(p->a, sizeof *l);
	PUSH(p->a, l->v, l->n, l->cap, *d);
	return l;
}

void
ps_dim(Parser *p, Decl *d, Expr *e, Loc loc)
{
	int64_t k = -1;
	if (e && (!parse_fold(p, e, &k) || k < 0)) {
		diag_err(p->dg, e->loc, "array size must be a non-negative integer constant");
		return;
	}
	if (!e && d->ndim > 0) {
		diag_err(p->dg, loc, "only the first array dimension can be left empty");
		return;
	}
	/* ptxas takes [0] as [] in the first dimension (its size is the
	 * initializer's or the linker's); ps_vardecl refuses it in another */
	if (e && k == 0 && d->ndim == 0)
		k = -1;
	PUSH(p->a, d->dim, d->ndim, d->capdim, k);
}

PList *
ps_plist(Parser *p, PList *l, SpecList *s, Decl *d)
{
	if (!l)
		l = ir_alloc(p->a, sizeof *l);
	if (s) {
		PUSH(p->a, l->spec, l->n, l->cap, s);
		PUSH(p->a, l->d, l->nd, l->capd, *d);
	}
	return l;
}

static int
spacekw(int kw)
{
	switch (kw) {
	case K_REG: return SP_REG;
	case K_SREG: return SP_SREG;
	case K_CONST: return SP_CONST;
	case K_GLOBAL: return SP_GLOBAL;
	case K_LOCAL: return SP_LOCAL;
	case K_PARAM: return SP_PARAM;
	case K_SHARED: return SP_SHARED;
	case K_TEX: return SP_TEX;
	default: return SP_NONE;
	}
}

/* Classifies declaration specifiers into a Sym prototype. */
int
parse_specs(Parser *p, SpecList *l, Sym *s)
{
	int inptr = 0;
	s->vec = 1;
	for (int i = 0; i < l->n; i++) {
		Spec *sp = &l->v[i];
		int kw = sp->kw;
		int64_t ty = 0;
		if (kw == -1) {     /* glued dot-word: classify it now */
			kw = lex_keyword(sp->s, &ty);
			if (kw == K_TYPE)
				sp->i = ty;
			if (sp->attr && kw != K_ALIGN) {
				diag_err(p->dg, sp->loc, "unexpected number after '.%s'", sp->s);
				return -1;
			}
		}
		/* .ptr [.space] [.align N]: the words after .ptr describe the
		 * pointed-to memory, written glued or apart */
		if (inptr && kw == K_ALIGN) {
			if (sp->i <= 0 || (sp->i & (sp->i - 1))) {
				diag_err(p->dg, sp->loc, "alignment must be a power of two");
				return -1;
			}
			s->ptralign = (int)sp->i;
			continue;
		}
		if (inptr && (spacekw(kw) != SP_NONE || strcmp(sp->s, "generic") == 0)) {
			if (s->ptrspace || inptr > 1) {
				diag_err(p->dg, sp->loc, "unexpected '.%s' after .ptr", sp->s);
				return -1;
			}
			s->ptrspace = spacekw(kw) != SP_NONE ? spacekw(kw) : SP_GENERIC;
			continue;
		}
		/* ptxas: a syntax error (.extern .visible, .visible .visible) */
		if ((kw == K_VISIBLE || kw == K_EXTERN || kw == K_WEAK || kw == K_COMMON) && s->linkage) {
			diag_err(p->dg, sp->loc, "more than one linkage directive ('.%s' after another)", sp->s);
			return -1;
		}
		switch (kw) {
		case K_VISIBLE: s->linkage = LINK_VISIBLE; break;
		case K_EXTERN: s->linkage = LINK_EXTERN; break;
		case K_WEAK: s->linkage = LINK_WEAK; break;
		case K_COMMON: s->linkage = LINK_COMMON; break;
		case K_REG: case K_SREG: case K_CONST: case K_GLOBAL: case K_LOCAL: case K_PARAM:
		case K_SHARED: case K_TEX:
			if (s->space) {
				diag_err(p->dg, sp->loc, "more than one state space in a declaration");
				return -1;
			}
			s->space = spacekw(kw);
			break;
		case K_V2: case K_V4:
			/* ptxas: a syntax error after the type or after another .vN */
			if (s->vec != 1 || s->type) {
				diag_err(p->dg, sp->loc, "'.%s' must come once, before the type", sp->s);
				return -1;
			}
			s->vec = kw == K_V2 ? 2 : 4;
			break;
		case K_V8:
			/* .v8 exists for ld/st only; ptxas rejects it in a declaration */
			diag_err(p->dg, sp->loc, "'.v8' is not allowed in a declaration (only .v2 and .v4)");
			return -1;
		case K_TEXREF: s->opaque = 1; break;
		case K_SAMPLERREF: s->opaque = 2; break;
		case K_SURFREF: s->opaque = 3; break;
		case K_TYPE:
			if (s->type) {
				diag_err(p->dg, sp->loc, "more than one type in a declaration");
				return -1;
			}
			s->type = (int)sp->i;
			break;
		case K_ALIGN:
			if (sp->i <= 0 || (sp->i & (sp->i - 1))) {
				diag_err(p->dg, sp->loc, "alignment must be a power of two");
				return -1;
			}
			s->align = (int)sp->i;
			break;
		case K_PTR:
			inptr = 1;
			s->attr |= VA_PTR;
			break;
		case K_ATTRIBUTE:
			s->attr |= sp->attr;
			break;
		default:
			diag_err(p->dg, sp->loc, "unknown directive '.%s'", sp->s);
			return -1;
		}
	}
	if (!s->space) {
		diag_err(p->dg, l->loc, "declaration without a state space");
		return -1;
	}
	if (!s->type && !s->opaque) {
		diag_err(p->dg, l->loc, "declaration without a type");
		return -1;
	}
	/* ptxas declares only the plain types (.pred, .bN, .uN, .sN, .f16,
	 * .f16x2, .f32, .f64): the packed integer and narrow float formats,
	 * .bf16/.bf16x2 and .tf32 (held in .b16 and .b32 variables) and the
	 * sub-byte types are instruction types alone */
	switch (s->type) {
	case TY_B1: case TY_U2: case TY_U4: case TY_S2: case TY_S4: case TY_U16X2: case TY_S16X2:
	case TY_U8X4: case TY_S8X4: case TY_BF16: case TY_TF32: case TY_BF16X2: case TY_F32X2:
	case TY_E4M3: case TY_E5M2: case TY_E4M3X2: case TY_E5M2X2: case TY_E4M3X4: case TY_E5M2X4:
	case TY_E2M3: case TY_E3M2: case TY_E2M3X2: case TY_E3M2X2: case TY_E2M1: case TY_E2M1X2:
	case TY_UE8M0: case TY_UE8M0X2: case TY_UE4M3: case TY_S2F6X2: case TY_B8X16: case TY_B6X16_P32:
	case TY_B4X16_P64:
		diag_err(p->dg, l->loc, "type .%s may only be used as an instruction type, not in a declaration",
			ir_tyinfo[s->type].name);
		return -1;
	}
	/* ptxas: "Predicate variable 'x' must be in register state space",
	 * for a parameter too */
	if (s->type == TY_PRED && s->space != SP_REG) {
		diag_err(p->dg, l->loc, "a .pred variable must be in the .reg state space");
		return -1;
	}
	if (s->vec > 1) {
		const char *why = NULL;
		if (s->type == TY_PRED)
			why = "a .pred variable cannot be a vector";
		else if (s->vec * ir_tyinfo[s->type].bits > 128)
			why = "a vector of more than 128 bits";
		if (why) {
			diag_err(p->dg, l->loc, "%s", why);
			return -1;
		}
	}
	return 0;
}

static int64_t
symsize(const Sym *s)
{
	if (s->opaque)
		return 8;
	uint64_t n = (uint64_t)(ir_tyinfo[s->type].bits + 7) / 8 * (uint64_t)s->vec;
	for (int i = 0; i < s->ndim; i++) {
		if (s->dim[i] < 0)
			return -1;
		if (ir_size_mul(n, (uint64_t)s->dim[i], &n) || n > INT64_MAX)
			return -2;
	}
	return (int64_t)n;
}

/* What an initializer value is made of: 1 integer, 2 floating point,
 * 0 addresses or nothing known. */
static int
initkind(const Expr *e)
{
	if (!e)
		return 0;
	switch (e->kind) {
	case E_INT: return 1;
	case E_FLOAT: return 2;
	case E_SYM: case E_GENERIC: case E_LIST: case E_FIELD: return 0;
	default: {
		int a = initkind(e->a), b = initkind(e->b), c = initkind(e->c);
		return a == 2 || b == 2 || c == 2 ? 2 : a | b | c;
	}
	}
}

/* Whether an initializer names a variable or function (an address). */
static int
hasaddr(const Expr *e)
{
	if (!e)
		return 0;
	if (e->kind == E_SYM || e->kind == E_GENERIC)
		return 1;
	if (e->kind == E_LIST || e->kind == E_BRACE || e->kind == E_PAREN) {
		for (int i = 0; i < e->nelt; i++)
			if (hasaddr(e->elt[i]))
				return 1;
		return 0;
	}
	if (e->kind == E_FIELD)
		return 0;
	return hasaddr(e->a) || hasaddr(e->b) || hasaddr(e->c);
}

/* The addresses of an initializer, as ptxas 13.0 reads them: NAME or
 * generic(NAME), then + a constant (h+4, h+1+2, h+-4, generic(h)+4; not
 * 4+h, h-4, -h, h*2 or h+4-h, "Parsing error"), of a .global or .const
 * variable or a function ("Variable used as initial value not in .global
 * or .const state space").  Returns whether it reported. */
static int
initaddr(Parser *p, const Expr *e)
{
	if (!e || !hasaddr(e))
		return 0;
	if (e->kind == E_LIST) {
		for (int i = 0; i < e->nelt; i++)
			if (initaddr(p, e->elt[i]))
				return 1;
		return 0;
	}
	if (e->kind == E_ADD && !hasaddr(e->b))
		return initaddr(p, e->a);
	if (e->kind != E_SYM && e->kind != E_GENERIC) {
		diag_err(p->dg, e->loc, "syntax error: an address in an initial value is NAME or generic(NAME), "
		    "then + a constant");
		return 1;
	}
	if (e->sym && e->sym->kind == SYM_VAR && e->sym->space != SP_GLOBAL && e->sym->space != SP_CONST) {
		diag_err(p->dg, e->loc, "'%s', of the .%s state space, cannot be an initial value: only .global "
		    "and .const variables", e->sym->name, ir_spacename[e->sym->space]);
		return 1;
	}
	return 0;
}

/* Parentheses in an initializer group constants only: ptxas 13.0 gives
 * "Parsing error" at the name in (h), (h+4) or {(h), h}, where h+(4) is
 * fine.  Read before parse_resolvetree, which drops the parentheses. */
static int
parenaddr(Parser *p, const Expr *e)
{
	if (!e)
		return 0;
	if (e->kind == E_PAREN && hasaddr(e)) {
		diag_err(p->dg, e->loc, "syntax error: an address in an initial value cannot be in parentheses");
		return 1;
	}
	if (e->kind == E_LIST || e->kind == E_BRACE) {
		for (int i = 0; i < e->nelt; i++)
			if (parenaddr(p, e->elt[i]))
				return 1;
		return 0;
	}
	return parenaddr(p, e->a) || parenaddr(p, e->b) || parenaddr(p, e->c);
}

/* ptxas refuses a float value for a .u/.s variable and an integer one
 * for a .f variable ("Initial value type mismatch"); .b takes both. */
static void
inittype(Parser *p, const Sym *s, const Expr *e)
{
	int tk = ir_tyinfo[s->type].kind, k;

	if (e->kind == E_LIST) {
		for (int i = 0; i < e->nelt; i++)
			inittype(p, s, e->elt[i]);
		for (int i = 0; i < e->nlit; i++) {
			int fl = e->lit[i].kind == E_FLOAT;
			if (fl ? tk == TK_UINT || tk == TK_SINT : tk == TK_FLOAT)
				diag_err(p->dg, e->lit[i].loc, "%s value for the .%s variable '%s'",
					fl ? "a floating-point" : "an integer", ir_tyinfo[s->type].name, s->name);
		}
		return;
	}
	k = initkind(e);
	if ((k == 2 && (tk == TK_UINT || tk == TK_SINT)) || (k == 1 && tk == TK_FLOAT))
		diag_err(p->dg, e->loc, "%s value for the .%s variable '%s'",
			k == 2 ? "a floating-point" : "an integer", ir_tyinfo[s->type].name, s->name);
}

/* An initializer's braces against the variable's shape, one level per
 * array dimension, then one for a vector: ptxas refuses more elements than
 * a dimension holds ("Greater number of elements in array initializer";
 * {1, 2, 3, 4} is no [2][2] array's, which wants {{1, 2}, {3, 4}}), a
 * vector of another length ("Incorrect number of elements in vector
 * initializer") and braces around a scalar ("Initial value type
 * mismatch").  Fewer elements than a dimension holds are zeroes.
 * Returns whether it reported. */
static int
initshape(Parser *p, const Sym *s, const Expr *e, int level)
{
	/* each level of an array's initializer is a braced list, and so is a
	 * vector's value: ptxas 13.0 refuses a value in its place, as in
	 * a[4] = 0, q[2][2] = {1, 2} or {{1, 2}, 3}, v2 x = 5 ("Initial
	 * value type mismatch") */
	if (e->kind != E_LIST && (level < s->ndim || s->vec > 1)) {
		diag_err(p->dg, e->loc, "a value where the initializer of '%s' needs a braced list (%s)", s->name,
			level < s->ndim ? "an array's dimension" : "a vector");
		return 1;
	}
	if (e->kind != E_LIST)
		return 0;
	int n = e->nelt + e->nlit;
	if (level < s->ndim) {
		if (s->dim[level] > 0 && n > s->dim[level]) {
			diag_err(p->dg, e->loc, "more elements in the initializer of '%s' than its array holds (%lld)",
				s->name, (long long)s->dim[level]);
			return 1;
		}
		for (int i = 0; i < e->nelt; i++)
			if (initshape(p, s, e->elt[i], level + 1))
				return 1;
		if (e->nlit && (level + 1 < s->ndim || s->vec > 1)) {   /* integers where lists belong */
			diag_err(p->dg, e->lit[0].loc, "a value where the initializer of '%s' needs a braced list (%s)",
				s->name, level + 1 < s->ndim ? "an array's dimension" : "a vector");
			return 1;
		}
		return 0;
	}
	if (s->vec > 1 && n != s->vec)
		diag_err(p->dg, e->loc, "a vector initializer of '%s' with %d element%s, not %d", s->name, n,
			n == 1 ? "" : "s", s->vec);
	else if (s->vec == 1)
		diag_err(p->dg, e->loc, "braces around the scalar initializer of '%s'", s->name);
	else
		return 0;
	return 1;
}

/* Makes the Sym of one declarator from the classified specifiers. */
Sym *
parse_declsym(Parser *p, const Sym *proto, Decl *d)
{
	Sym *s = parse_newsym(p, proto->space == SP_REG ? SYM_REG : SYM_VAR, d->name, d->loc);
	s->space = proto->space;
	s->type = proto->type;
	s->opaque = proto->opaque;
	s->vec = proto->vec;
	s->align = proto->align;
	s->linkage = proto->linkage;
	s->attr = proto->attr;
	s->ptrspace = proto->ptrspace;
	s->ptralign = proto->ptralign;
	s->ndim = d->ndim;
	s->dim = d->dim;   /* the Decl's array, in the arena */
	if (d->range >= 0) {
		s->isrange = 1;
		s->range = d->range;
	}
	if (d->init) {
		int paren = parenaddr(p, d->init);
		parse_resolvetree(p, d->init);
		s->init = d->init;
		if (s->type == TY_F16)
			diag_err(p->dg, d->init->loc, "a .f16 variable cannot have an initializer");
		else if (!paren && !s->opaque && !initaddr(p, d->init) && !initshape(p, s, d->init, 0))
			inittype(p, s, d->init);
		/* ptxas: "Feature 'addresses as initial values' requires PTX
		 * ISA .version 2.1 or later" */
		if (p->m->ver_major && p->m->ver_major * 10 + p->m->ver_minor < 21 && !s->opaque &&
		    hasaddr(d->init))
			diag_err(p->dg, d->init->loc, "an address as an initial value requires PTX ISA .version 2.1 or later");
		/* an unsized array takes its size from its initializer */
		if (s->ndim >= 1 && s->dim[0] < 0 && d->init->kind == E_LIST)
			s->dim[0] = d->init->nelt + d->init->nlit;
	}
	/* -2: the product of its dimensions does not fit in 63 bits, which
	 * ptxas takes (it wraps the size); the loader refuses to run it */
	s->size = symsize(s);
	return s;
}

void
parse_addstmt(Parser *p, Stmt st)
{
	PUSH(p->a, p->fn->stmt, p->fn->nstmt, p->fn->capstmt, st);
}

void
parse_additem(Parser *p, char kind, int idx, const char *text, Loc loc)
{
	struct Item it = {kind, idx, text, loc, NULL};
	PUSH(p->a, p->m->item, p->m->nitem, p->m->capitem, it);
}

/* A module-scope name is declared again: allowed when one of the two is
 * .extern (declaration, then definition). */
static int
redeclare(Parser *p, Sym *old, Sym *s)
{
	if (old->linkage == LINK_EXTERN || s->linkage == LINK_EXTERN)
		return 1;
	diag_err(p->dg, s->loc, "duplicate definition of '%s'", s->name);
	return 0;
}

static void headerorder(Parser *p, Loc loc, const char *what);
static Sym *inrange(Parser *p, const char *name, int scope);
static int modinrange(Parser *p, const char *name);
static Sym *covered(Parser *p, const Table *t, const Sym *range, int scope);
static void addscalar(Parser *p, Table *t, Sym *s, int scope);
static int bodyparam(Parser *p, Sym *s);

void
ps_vardecl(Parser *p, SpecList *l, DeclList *dl, Loc loc)
{
	Sym proto = {0};
	if (!p->fn)
		headerorder(p, loc, "a declaration");
	p->ntop++;
	/* ptxas: a syntax error; a body's variables have no linkage */
	for (int i = 0; p->fn && i < l->n; i++) {
		int kw = l->v[i].kw;
		if (kw == K_EXTERN || kw == K_VISIBLE || kw == K_WEAK || kw == K_COMMON) {
			diag_err(p->dg, l->v[i].loc, "a variable inside a function body cannot be .%s",
				l->v[i].s);
			return;
		}
	}
	if (parse_specs(p, l, &proto) < 0)
		return;
	/* ptxas: "Variable 'x' cannot be allocated in .param state space";
	 * only the parameters of a header with no body may be vectors */
	if (proto.space == SP_PARAM && proto.vec > 1) {
		diag_err(p->dg, l->loc, "a .param variable cannot be a vector");
		return;
	}
	/* ptxas: a syntax error; .ptr describes a kernel's parameters only */
	if (proto.attr & VA_PTR)
		diag_err(p->dg, l->loc, "'.ptr' is allowed on a kernel's parameters only");
	/* ptxas: ".common variables must be declared in .global space"; a
	 * syntax error for a declared special register */
	if (proto.linkage == LINK_COMMON && proto.space != SP_GLOBAL)
		diag_err(p->dg, l->loc, "a .common variable must be in the .global state space");
	else if (proto.linkage == LINK_COMMON && p->m->ver_major && p->m->ver_major < 5)
		diag_err(p->dg, l->loc, ".common requires PTX ISA .version 5.0 or later");
	if (proto.space == SP_SREG) {
		diag_err(p->dg, l->loc, "syntax error: special registers (.sreg) cannot be declared");
		return;
	}
	/* ptxas: "Texture variables must be declared at module scope" */
	if (p->fn && proto.space == SP_TEX) {
		diag_err(p->dg, l->loc, "a .tex variable must be declared at module scope");
		return;
	}
	/* ptxas: "Illegal attribute '.managed' for symbol 'm'" */
	if ((proto.attr & VA_MANAGED) && proto.space != SP_GLOBAL)
		diag_err(p->dg, l->loc, "'.attribute(.managed)' is for .global variables only");
	/* a .param of a body is a call's argument or return value, which
	 * ptxas aligns as a .func's parameters ("Parameter 'x' has illegal
	 * alignment (must be aligned to 1, 2, 4, ... or 128 bytes)") */
	if (p->fn && proto.space == SP_PARAM && proto.align > 128)
		diag_err(p->dg, l->loc, "a .param variable's alignment is %d, more than 128", proto.align);
	for (int i = 0; i < dl->n; i++) {
		Decl *d = &dl->v[i];
		Sym *s = parse_declsym(p, &proto, d);
		if (s->kind == SYM_REG && s->ndim) {
			diag_err(p->dg, d->loc, "a .reg variable cannot be an array");
			continue;
		}
		/* ptxas: "Array of incomplete type", a size 0 after the first */
		int zero = 0;
		for (int k = 1; k < s->ndim; k++)
			zero |= s->dim[k] == 0;
		if (zero) {
			diag_err(p->dg, d->loc, "array '%s' has a dimension of size 0 after its first", s->name);
			continue;
		}
		/* ptxas: a syntax error; _ is the sink operand */
		if (!strcmp(s->name, "_")) {
			diag_err(p->dg, d->loc, "syntax error: '_' cannot be declared (it is the sink operand)");
			continue;
		}
		/* ptxas: "No initial value is allowed for 'p' in this state space" */
		if (p->fn && s->init && s->space == SP_PARAM) {
			diag_err(p->dg, d->loc, "the .param variable '%s' cannot have an initializer", s->name);
			continue;
		}
		if (s->ndim && s->dim[0] < 0 && !s->init && s->linkage != LINK_EXTERN) {
			/* ptxas: "Non-external variable has incomplete type" */
			diag_err(p->dg, d->loc, "array '%s' has no size: only an .extern array may leave it out",
				s->name);
			continue;
		}
		/* ptxas: a syntax error; NAME<N> is a name alone */
		if (s->isrange && (s->ndim || s->init)) {
			diag_err(p->dg, d->loc, "syntax error: the range '%s<%lld>' cannot have %s", s->name,
				(long long)s->range, s->ndim ? "array dimensions" : "an initializer");
			continue;
		}
		if (p->fn) {
			/* a name, or a range's prefix, is declared once per scope;
			 * a nested { } may declare it again (ptxas: "Duplicate
			 * definition of variable '%r5'", of '%r<' for a range,
			 * whatever the spaces of the two: a .reg and a .local
			 * share the names) */
			Sym *old, *cover;
			if (s->isrange) {
				old = parse_mapget(&p->ranges, s->name);
				if (old && old->inner == s->inner) {
					diag_err(p->dg, d->loc, "duplicate definition of '%s<'", s->name);
					continue;
				}
				if ((cover = covered(p, &p->low, s, s->inner))) {
					diag_err(p->dg, d->loc, "duplicate definition of '%s': the range '%s<%lld>' declares it again",
						cover->name, s->name, (long long)s->range);
					continue;
				}
				parse_bind(p, &p->ranges, s->name, s);
				parse_addstmt(p, (Stmt){.kind = ST_DECL, .loc = d->loc, .sym = s});
				continue;
			}
			old = parse_mapget(&p->local, s->name);
			if (old && old->inner == s->inner) {
				diag_err(p->dg, d->loc, "duplicate definition of '%s'", s->name);
				continue;
			}
			/* ptxas: "Duplicate definition of variable 'L'" after a label L */
			if ((old = parse_mapget(&p->labels, s->name)) && old->defined) {
				diag_err(p->dg, d->loc, "duplicate definition of '%s': a label has the name", s->name);
				continue;
			}
			if ((cover = inrange(p, s->name, s->inner))) {
				diag_err(p->dg, d->loc, "duplicate definition of '%s': a %srange declares it", s->name,
					cover->kind == SYM_REG ? "register " : "");
				continue;
			}
			parse_bind(p, &p->local, s->name, s);
			if (s->kind == SYM_REG && s->vec == 1)
				parse_addreg(p, s);
			else if (bodyparam(p, s))
				;
			else
				PUSH(p->a, p->fn->syms, p->fn->nsyms, p->fn->capsyms, s);
			addscalar(p, &p->low, s, s->inner);
			parse_addstmt(p, (Stmt){.kind = ST_DECL, .loc = d->loc, .sym = s});
			continue;
		}
		/* a module-scope .reg (nvopencc's %ra<17>, %rv<5>): ptxas
		 * compiles the module without the ABI then ("Use of module
		 * scoped .local or .reg variable '%rv' found, disabling ABI"),
		 * which PTX ISA 3.0 and later always use ("Module-scoped
		 * variables in .reg state space are not allowed with ABI").
		 * Bound as a module variable is (one namespace), each function
		 * that names one gets its own register (parse_resolve) */
		if (s->kind == SYM_REG && p->m->ver_major * 10 + p->m->ver_minor >= 30)
			diag_err(p->dg, d->loc, "module-scope .reg variable '%s' is not allowed with the ABI, which PTX ISA 3.0 and later use",
				s->name);   /* and declared, for its uses */
		if (s->kind == SYM_REG && (s->init || s->ndim)) {
			diag_err(p->dg, d->loc, "a .reg variable cannot %s", s->init ? "have an initializer" : "be an array");
			continue;
		}
		/* ptxas: "Parameter variables may not be declared at module scope" */
		if (s->space == SP_PARAM) {
			diag_err(p->dg, d->loc, ".param variables may not be declared at module scope");
			continue;
		}
		/* ptxas: "No initial value is allowed for external symbol 'c'" */
		if (s->init && s->linkage == LINK_EXTERN) {
			diag_err(p->dg, d->loc, "the .extern variable '%s' cannot have an initial value", s->name);
			continue;
		}
		/* a module range g<N> is the variable 'g<' to ptxas ("Duplicate
		 * definition of variable 'g<'", an .extern one too); its
		 * elements are made as they are used (parse_resolve) */
		if (s->isrange) {
			Sym *cover;
			const char *key = parse_rangekey(p, s->name, strlen(s->name));
			if (parse_mapget(&p->global, key)) {
				diag_err(p->dg, d->loc, "duplicate definition of '%s'", key);
				continue;
			}
			if ((cover = covered(p, &p->glow, s, 0))) {
				diag_err(p->dg, d->loc, "duplicate definition of '%s': the range '%s<%lld>' declares it again",
					cover->name, s->name, (long long)s->range);
				continue;
			}
			parse_mapset(p->a, &p->global, key, s);
			struct Item it = {'r', -1, NULL, d->loc, s};
			PUSH(p->a, p->m->item, p->m->nitem, p->m->capitem, it);
			continue;
		}
		if (modinrange(p, s->name)) {
			diag_err(p->dg, d->loc, "duplicate definition of '%s': a range declares it", s->name);
			continue;
		}
		Sym *old = parse_mapget(&p->global, s->name);
		if (old && s->kind == SYM_REG) {
			diag_err(p->dg, d->loc, "duplicate definition of '%s'", s->name);
			continue;
		}
		if (old && !redeclare(p, old, s))
			continue;
		parse_mapset(p->a, &p->global, s->name, s);
		if (s->kind == SYM_REG) {
			/* a declaration only, as a range is: no module variable */
			struct Item it = {'r', -1, NULL, d->loc, s};
			PUSH(p->a, p->m->item, p->m->nitem, p->m->capitem, it);
			addscalar(p, &p->glow, s, 0);
			continue;
		}
		PUSH(p->a, p->m->syms, p->m->nsyms, p->m->capsyms, s);
		parse_additem(p, 'v', p->m->nsyms - 1, NULL, d->loc);
		addscalar(p, &p->glow, s, 0);
	}
}

/* Before PTX ISA 1.4 a kernel had no parameter list: the .param
 * variables its body declares (outside any nested { }) are its
 * parameters, in order.  Appends s to them when it is one. */
static int
bodyparam(Parser *p, Sym *s)
{
	Func *fn = p->fn;

	if (s->space != SP_PARAM || !fn->entry || parse_scope(p) != 0 ||
	    p->m->ver_major * 10 + p->m->ver_minor >= 14 || (fn->npar > 0 && !fn->bodyparams))
		return 0;
	Param *par = ir_alloc(p->a, (size_t)(fn->npar + 1) * sizeof *par);
	if (fn->npar)
		memcpy(par, fn->par, (size_t)fn->npar * sizeof *par);
	par[fn->npar++].sym = s;
	fn->par = par;
	fn->bodyparams = 1;
	return 1;
}

/* Whether a scalar's name (%r12, g1) is an element of a range declared
 * in the same scope (%r<13>): ptxas: "Duplicate definition of variable
 * '%r12'", of '%r01' too. */
static Sym *
inrange(Parser *p, const char *name, int scope)
{
	size_t k;
	int64_t n = parse_rangenum(name, &k);
	Sym *r;

	if (n < 0)
		return NULL;
	r = parse_mapget(&p->ranges, lex_intern(p, name, k));
	return r && r->inner == scope && r->range > n ? r : NULL;
}

/* The same at module scope, where the range g<N> is bound as 'g<'. */
static int
modinrange(Parser *p, const char *name)
{
	size_t k;
	int64_t n = parse_rangenum(name, &k);
	Sym *r;

	if (n < 0)
		return 0;
	r = parse_mapget(&p->global, parse_rangekey(p, name, k));
	return r && r->isrange && r->range > n;
}

/* Open-addressed hash tables of keys of three integers (Table, parse.h):
 * the slot of key k, empty when k is absent. */
static Slot *
tabfind(const Table *t, const int64_t k[3])
{
	uint64_t x = (uint64_t)k[0] * 0x9E3779B97F4A7C15u ^ (uint64_t)k[1] * 0xBF58476D1CE4E5B9u ^ (uint64_t)k[2];
	size_t j;

	if (!t->cap)
		return NULL;
	x ^= x >> 29;
	x *= 0x94D049BB133111EBu;
	for (j = (size_t)(x ^ (x >> 32)) & (t->cap - 1); t->v[j].used; j = (j + 1) & (t->cap - 1))
		if (!memcmp(t->v[j].k, k, sizeof t->v[j].k))
			break;
	return &t->v[j];
}

/* The slot of k, made (used, n and s zero) when k is new. */
static Slot *
tabadd(Parser *p, Table *t, const int64_t k[3])
{
	Slot *sl;

	if (2 * (t->n + 1) > t->cap) {
		Table old = *t;
		t->cap = old.cap ? 2 * old.cap : 16;
		t->v = ir_alloc(p->a, t->cap * sizeof *t->v);
		for (size_t i = 0; i < old.cap; i++)
			if (old.v[i].used)
				*tabfind(t, old.v[i].k) = old.v[i];
	}
	sl = tabfind(t, k);
	if (!sl->used) {
		memcpy(sl->k, k, sizeof sl->k);
		sl->used = 1;
		t->n++;
	}
	return sl;
}

/* The scalars (registers and variables) whose names end in digits, kept
 * for covered() as the lowest-numbered one of each prefix and scope: a
 * table keyed by (interned prefix, scope id), so that n scalars and m
 * ranges cost n + m probes, not n * m compares.  t is the body's (p->low)
 * or the module's (p->glow, scope 0). */
static void
addscalar(Parser *p, Table *t, Sym *s, int scope)
{
	size_t k;
	int64_t n = parse_rangenum(s->name, &k);
	Slot *sl;

	if (n < 0)
		return;
	sl = tabadd(p, t, (int64_t[3]){(int64_t)(intptr_t)lex_intern(p, s->name, k), scope, 0});
	if (!sl->s || n < sl->n) {
		sl->n = n;
		sl->s = s;
	}
}

/* A scalar of range's scope, still in sight, that the range names again
 * (.reg .b32 %r5; .reg .b32 %r<10>;): ptxas "Duplicate definition of
 * variable '%r5'".  The lowest-numbered one of the scope stands for them
 * all: all are in sight while their scope is the one declaring the range
 * (a module's always are). */
static Sym *
covered(Parser *p, const Table *t, const Sym *range, int scope)
{
	Slot *l = tabfind(t, (int64_t[3]){(int64_t)(intptr_t)range->name, scope, 0});

	if (!l || !l->used || l->n >= range->range)
		return NULL;
	return parse_mapget(t == &p->glow ? &p->global : &p->local, l->s->name) == l->s ? l->s : NULL;
}

/* ---------------------------------------------------------------- module directives */

/* The header is .version, .target and, when present, .address_size, in
 * that order and before anything else (ptxas: "Missing .target directive
 * at start of file" where the second item is not .target, "Parsing error
 * near '.address_size'" where .address_size comes later). */
static void
headerorder(Parser *p, Loc loc, const char *what)
{
	if (p->seen_version > 0 && p->ntop == 1 && !p->seen_target && strcmp(what, ".target") != 0)
		diag_err(p->dg, loc, "missing .target directive: it must follow .version, before %s", what);
	else if (strcmp(what, ".address_size") == 0 && p->seen_version > 0 &&
	    (!p->seen_target || p->ntop != p->seen_target + 1))
		diag_err(p->dg, loc, ".address_size must follow .target, before any other directive or declaration");
}

void
parse_topdirective(Parser *p, Loc loc, const char *what)
{
	headerorder(p, loc, what);
	if (!p->seen_version && p->ntop == 0) {
		diag_err(p->dg, loc, "missing .version directive at start of module");
		p->seen_version = -1;
	}
	/* anything but .address_size after a .target the .version is too old
	 * for makes ptxas report it (see parse_module) */
	if (p->tgtword && strcmp(what, ".address_size") != 0)
		p->tgtlater = 1;
	p->ntop++;
}

void
ps_version(Parser *p, const Tok *t, Loc loc)
{
	if (p->seen_version > 0 || p->ntop > 0) {
		diag_err(p->dg, loc, ".version must be the first directive of a module");
		return;
	}
	p->seen_version = 1;
	p->ntop++;
	const char *s = t->s ? t->s : "";
	int maj = 0, min = 0;
	const char *dot = strchr(s, '.');
	if (!dot || sscanf(s, "%d.%d", &maj, &min) != 2 || !dot[1]) {
		diag_err(p->dg, loc, "malformed .version '%s' (expected MAJOR.MINOR)", s);
		return;
	}
	if (maj < 1 || maj > 9) {
		diag_err(p->dg, loc, "unsupported .version %s", s);
		return;
	}
	p->m->ver_major = maj;
	p->m->ver_minor = min;
	p->m->version_loc = loc;
}

/* The PTX ISA version that introduced a target (ptxas 13.0 refuses an
 * older .version with it); 0 for the old ones every version has, -1 for
 * a number ptxas 13.0 does not know ("Unsupported .target 'sm_14'"). */
static int
targetisa(int sm)
{
	static const struct { int sm, isa; } v[] = {
		{10, 0}, {11, 0}, {12, 12}, {13, 12}, {20, 20}, {21, 20}, {30, 30}, {32, 40}, {35, 31}, {37, 41},
		{50, 40}, {52, 41}, {53, 42}, {60, 50}, {61, 50}, {62, 50}, {70, 60}, {72, 61}, {75, 63}, {80, 70},
		{82, 62}, {86, 71}, {87, 74}, {88, 73}, {89, 78}, {90, 78}, {100, 86}, {101, 86},
		{103, 88}, {110, 90}, {120, 87}, {121, 88},
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		if (v[i].sm == sm)
			return v[i].isa;
	return -1;
}

void
ps_target(Parser *p, EList *words, Loc loc)
{
	ps_elist_open(p, words);
	static const char *const known[] = {"texmode_unified", "texmode_independent", "debug",
		"map_f64_to_f32"};
	/* ptxas takes several .target directives in a row after .version,
	 * adding up their words; anywhere else one is a syntax error */
	if (p->seen_target && p->ntop != p->seen_target + 1)
		diag_err(p->dg, loc, "a second .target directive must follow the first directly");
	parse_topdirective(p, loc, ".target");
	p->seen_target++;
	for (int i = 0; i < words->n; i++) {
		const char *w = words->v[i]->text;
		Loc wl = words->v[i]->loc;
		int ok = 0, sm = 0, n = 0;
		char suf = 0, extra = 0;
		/* the two texture modes exclude each other, across the
		 * directives too (ptxas: "Conflicting .target option") */
		if (strncmp(w, "texmode_", 8) == 0)
			for (int k = 0; k < p->m->ntargets; k++)
				if (strncmp(p->m->targets[k], "texmode_", 8) == 0 && strcmp(p->m->targets[k], w) != 0) {
					diag_err(p->dg, wl, "conflicting .target option '%s'", w);
					break;
				}
		PUSH(p->a, p->m->targets, p->m->ntargets, p->m->captargets, w);
		for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
			ok |= strcmp(w, known[k]) == 0;
		if (ok)
			continue;
		if (strncmp(w, "sm_", 3) == 0)
			n = sscanf(w + 3, "%d%c%c", &sm, &suf, &extra);
		else if (strncmp(w, "compute_", 8) == 0)
			n = sscanf(w + 8, "%d%c%c", &sm, &suf, &extra);
		/* the arch-specific targets (a) begin with sm_90, the family
		 * ones (f) with sm_100 */
		if (n < 1 || targetisa(sm) < 0 || (n >= 2 && suf != 'a' && suf != 'f') || n == 3 ||
		    (n >= 2 && suf == 'a' && sm < 90) || (n >= 2 && suf == 'f' && sm < 100)) {
			diag_err(p->dg, wl, "unknown target '%s'", w);
			continue;
		}
		/* the last sm_ word is the target, in one list or several
		 * (ptxas 13.0: .target sm_90, sm_80 refuses %clusterid) */
		p->m->sm = sm;
		p->m->smsuffix = n >= 2 ? suf : 0;
		p->m->sm_loc = wl;
		int isa = targetisa(sm);
		/* the arch-specific sm_90a came with PTX ISA 8.0, a year after
		 * sm_90; the family targets (sm_100f) with 8.8 */
		if (n >= 2 && suf == 'a' && sm == 90 && isa < 80)
			isa = 80;
		if (n >= 2 && suf == 'f' && isa < 88)
			isa = 88;
		if (p->m->ver_major && p->m->ver_major * 10 + p->m->ver_minor < isa && !p->tgtword) {
			p->tgtword = w;
			p->tgtloc = wl;
			p->tgtisa = isa;
		}
	}
	for (int i = 0; i < words->n; i++)
		if (strcmp(words->v[i]->text, "map_f64_to_f32") == 0 && p->m->sm >= 13)
			diag_err(p->dg, words->v[i]->loc, "map_f64_to_f32 is not supported on sm_13 and later");
}

void
ps_address_size(Parser *p, const Tok *t, Loc loc)
{
	parse_topdirective(p, loc, ".address_size");
	if (p->m->ver_major && p->m->ver_major * 10 + p->m->ver_minor < 23) {
		diag_err(p->dg, loc, ".address_size requires PTX ISA .version 2.3 or later");
		return;
	}
	if (t->i != 32 && t->i != 64) {
		diag_err(p->dg, loc, ".address_size must be 32 or 64");
		return;
	}
	p->m->address_size = (int)t->i;
	p->m->address_size_loc = loc;
}

/* Out of memory: jumps under the API; elsewhere it is an error. */
static void
nomem(Parser *p)
{
	Loc l = {0, 0, 0};

	ir_nomem();
	diag_err(p->dg, l, "out of memory");
}

/* Closes a stdio memory stream and returns an arena copy of its text,
 * freeing stdio's buffer.  That buffer is not the env's to free, so the
 * copy must not jump while it is held: ir_tryalloc, then nomem once it
 * is gone. */
static char *
adopt(Parser *p, FILE *f, char **buf, size_t *len)
{
	int ok = fclose(f) == 0;    /* updates *buf and *len */
	char *s = ok ? ir_tryalloc(p->a, *len + 1) : NULL;

	if (s && *buf)
		memcpy(s, *buf, *len);
	free(*buf);
	*buf = NULL;
	if (!s)
		nomem(p);
	return s;
}

/* Canonical text of a list of expressions: ", a, b" style pieces. */
static char *
exprtext(Parser *p, Expr **v, int n, const char *lead, const char *sep)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f) {
		nomem(p);
		return NULL;
	}
	for (int i = 0; i < n; i++) {
		fputs(i ? sep : lead, f);
		if (v[i]->kind == E_SYM && !v[i]->sym)
			fputs(v[i]->text, f);
		else
			ir_print_expr(v[i], f);
	}
	return adopt(p, f, &buf, &len);
}

/* A .file index and a .loc's numbers are unsigned 32-bit: ptxas 13.0
 * takes 4294967295 and says "Constant overflow" for 4294967296 up to
 * 2^63 - 1, yet takes the literals of 2^63 and more (it reads them as
 * negative 64-bit values, which pass its check). */
static int
u32val(int64_t v)
{
	return v <= (int64_t)UINT32_MAX;
}

static int
u32tok(Parser *p, const Tok *t, Loc loc, const char *what)
{
	if (u32val(t->i))
		return 1;
	diag_err(p->dg, loc, "%s is %llu: more than 32 bits", what, (unsigned long long)t->i);
	return 0;
}

/* The source locations .loc has named so far, module-wide (p->locs):
 * inlined_at names one of them (ptxas: "Source location 1 2 0 used in
 * inlined_at directive must be used in a preceding .loc directive"). */
static int
locseen(const Parser *p, const int64_t k[3])
{
	const Slot *sl = tabfind(&p->locs, k);
	return sl && sl->used;
}

/* The tail of a .loc: none, or `, function_name NAME, inlined_at FILE
 * LINE COL`, both and in that order (ptxas 13.0: a syntax error for
 * either alone or the two swapped).  rest holds NULL before each comma
 * group. */
static int
loctail(Parser *p, const EList *rest, Loc loc)
{
	static const char *const want[] = {NULL, "function_name", "", NULL, "inlined_at", "#", "#", "#"};
	int ok = rest->n == 8;

	for (int i = 0; ok && i < 8; i++) {
		const Expr *e = rest->v[i];
		if (!want[i])
			ok = !e;
		else if (want[i][0] == '#')
			ok = e && e->kind == E_INT && u32val(e->i);
		else
			ok = e && e->kind == E_SYM && (!want[i][0] || strcmp(e->text, want[i]) == 0);
	}
	if (!ok) {
		diag_err(p->dg, loc, "a .loc ends in nothing or in ', function_name NAME, inlined_at FILE LINE COLUMN'");
		return 0;
	}
	/* ptxas: "Feature 'Line information of inline functions' requires
	 * PTX ISA .version 7.0 or later" */
	if (p->m->ver_major * 10 + p->m->ver_minor < 70) {
		diag_err(p->dg, loc, "a .loc with inlined_at requires PTX ISA .version 7.0 or later");
		return 0;
	}
	int64_t at[3] = {rest->v[5]->i, rest->v[6]->i, rest->v[7]->i};
	if (!locseen(p, at)) {
		diag_err(p->dg, loc, "inlined_at %lld %lld %lld names no source location of an earlier .loc",
			(long long)at[0], (long long)at[1], (long long)at[2]);
		return 0;
	}
	/* the name is a label of a .section, which may come later */
	PUSH(p->a, p->fnames, p->nfnames, p->capfnames, ((struct FnName){rest->v[2]->text, rest->v[2]->loc}));
	return 1;
}

/* function_name names a label of a .section (ptxas: "Unresolved label
 * '$L__info_string9' used in function_name attribute"); checked when
 * the module is read, since the sections come last. */
void
parse_fnames(Parser *p)
{
	for (int i = 0; i < p->nfnames; i++)
		if (!parse_mapget(&p->seclabels, p->fnames[i].name))
			diag_err(p->dg, p->fnames[i].loc, "function_name '%s' is no label of a .section", p->fnames[i].name);
}

void
ps_file(Parser *p, const Tok *idx, const Tok *path, EList *rest, Loc loc)
{
	ps_elist_open(p, rest);
	parse_topdirective(p, loc, ".file");
	if (!u32tok(p, idx, loc, "a .file index"))
		return;
	/* ptxas: "Duplicate file index #1" */
	for (int i = 0; i < p->m->nfile; i++)
		if (p->m->file[i].index == (int)idx->i) {
			diag_err(p->dg, loc, "duplicate file index #%d", (int)idx->i);
			return;
		}
	File fl = {(int)idx->i, path->s, rest ? exprtext(p, rest->v, rest->n, ", ", ", ") : NULL};
	PUSH(p->a, p->m->file, p->m->nfile, p->m->capfile, fl);
	parse_additem(p, 'l', p->m->nfile - 1, NULL, loc);
}

void
ps_locdir(Parser *p, const Tok *file, const Tok *line, const Tok *col, EList *rest, Loc loc)
{
	char *text = NULL;
	ps_elist_open(p, rest);
	if (!u32tok(p, file, loc, "a .loc file index") || !u32tok(p, line, loc, "a .loc line") ||
	    !u32tok(p, col, loc, "a .loc column") || (rest && !loctail(p, rest, loc)))
		return;
	if (rest) {
		/* NULL entries separate the comma groups */
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		if (f) {
			for (int i = 0; i < rest->n; i++) {
				Expr *e = rest->v[i];
				if (!e) {
					fputs(",", f);
					continue;
				}
				fputc(' ', f);
				if (e->kind == E_INT)
					fprintf(f, "%lld", (long long)e->i);
				else
					fputs(e->text, f);
			}
			text = adopt(p, f, &buf, &len);
		} else {
			nomem(p);
		}
	}
	tabadd(p, &p->locs, (int64_t[3]){file->i, line->i, col->i});
	p->locfile = (int)file->i;
	p->locline = (int)line->i;
	p->loccol = (int)col->i;
	if (p->fn)
		parse_addstmt(p, (Stmt){.kind = ST_LOC, .loc = loc, .a = (int)file->i, .b = (int)line->i,
			.c = (int)col->i, .text = text});
}

void
ps_pragma(Parser *p, EList *strs, Loc loc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ps_elist_open(p, strs);
	if (!f) {
		nomem(p);
		return;
	}
	/* the body pragmas newer than the directive ("Feature
	 * 'used_bytes_mask' requires PTX ISA .version 8.3 or later") */
	static const struct { const char *w; int isa; } newer[] = {
		{"used_bytes_mask", 83}, {"enable_smem_spilling", 87}, {"frequency", 90},
	};
	int ver = p->m->ver_major * 10 + p->m->ver_minor;
	for (int i = 0; i < strs->n; i++) {
		const char *t = strs->v[i]->text;
		size_t w = strcspn(t, " \t");
		for (size_t k = 0; k < sizeof newer / sizeof newer[0]; k++)
			if (strlen(newer[k].w) == w && !strncmp(t, newer[k].w, w) && p->m->ver_major && ver < newer[k].isa)
				diag_err(p->dg, loc, "pragma '%s' requires PTX ISA .version %d.%d or later", newer[k].w,
				    newer[k].isa / 10, newer[k].isa % 10);
	}
	for (int i = 0; i < strs->n; i++)
		fprintf(f, "%s\"%s\"", i ? ", " : "", strs->v[i]->text);
	char *text = adopt(p, f, &buf, &len);
	if (p->fn)
		parse_addstmt(p, (Stmt){.kind = ST_PRAGMA, .loc = loc, .text = text});
	else {
		parse_topdirective(p, loc, ".pragma");
		parse_additem(p, 'p', -1, text, loc);
	}
}

void
ps_alias(Parser *p, const Tok *a, const Tok *b, Loc loc)
{
	parse_topdirective(p, loc, ".alias");
	if (p->m->ver_major && p->m->ver_major * 10 + p->m->ver_minor < 63)
		diag_err(p->dg, loc, ".alias requires PTX ISA .version 6.3 or later");
	else if (p->m->sm && p->m->sm < 30)
		diag_err(p->dg, loc, ".alias requires .target sm_30 or higher");
	Sym *sa = parse_mapget(&p->global, a->s), *sb = parse_mapget(&p->global, b->s);
	if (!sb || sb->kind != SYM_FUNC)
		diag_err(p->dg, loc, ".alias target '%s' is not a declared function", b->s);
	else if (sb->fn && (sb->fn->linkage == LINK_WEAK || sb->fn->linkage == LINK_EXTERN))
		/* ptxas: "Function 'f' with .weak scope cannot be aliased" (.extern too) */
		diag_err(p->dg, loc, "function '%s' with .%s scope cannot be aliased", b->s,
		    sb->fn->linkage == LINK_WEAK ? "weak" : "extern");
	if (!sa || sa->kind != SYM_FUNC)
		diag_err(p->dg, loc, ".alias name '%s' must be declared as a function first", a->s);
	else if (sa == sb)
		diag_err(p->dg, loc, "cannot alias function '%s' to itself", a->s);
	else if (sa->fn && sa->fn->hasbody)
		diag_err(p->dg, loc, "function '%s' has a body: it cannot be redefined as an alias", a->s);
	else if (sa->aliasee)
		diag_err(p->dg, loc, "'%s' is already aliased to '%s' and cannot be redefined", a->s, sa->aliasee->name);
	else if (sa->fn && sb && sb->kind == SYM_FUNC && sb->fn) {
		/* ptxas: "Mismatch in prototype of alias 'g' and aliasee 'f'" */
		const Func *fa = sa->fn, *fb = sb->fn;
		int same = fa->nret == fb->nret && fa->npar == fb->npar;
		for (int i = 0; same && i < fa->nret + fa->npar; i++) {
			const Sym *x = i < fa->nret ? fa->ret[i].sym : fa->par[i - fa->nret].sym;
			const Sym *y = i < fb->nret ? fb->ret[i].sym : fb->par[i - fb->nret].sym;
			same = x && y && x->space == y->space && x->type == y->type && x->vec == y->vec &&
			    x->size == y->size;
		}
		if (!same)
			diag_err(p->dg, loc, "the prototype of alias '%s' differs from that of '%s'", a->s, b->s);
		else
			sa->aliasee = sb;
	}
	char buf[512];
	snprintf(buf, sizeof buf, "%s, %s", a->s, b->s);
	parse_additem(p, 'a', -1, ir_strndup(p->a, buf, strlen(buf)), loc);
}

/* The section text buffer (heap scratch: it outlives many scratch arena
 * resets).  sbroom makes room for n more bytes without jumping: 0 when out
 * of memory. */
static int
sbroom(Parser *p, size_t n)
{
	if (p->nsb + n + 1 > p->capsb) {
		size_t nc = p->capsb ? 2 * p->capsb : 4096;
		while (nc < p->nsb + n + 1)
			nc *= 2;
		char *b = ir_xtryrealloc(p->sb, nc);
		if (!b)
			return 0;
		p->sb = b;
		p->capsb = nc;
	}
	return 1;
}

static void
sbput(Parser *p, const char *s, size_t n)
{
	if (!sbroom(p, n)) {
		nomem(p);
		return;
	}
	memcpy(p->sb + p->nsb, s, n);
	p->nsb += n;
}

static void
sbint(Parser *p, int64_t v)
{
	char buf[24], *e = buf + sizeof buf, *q = e;
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	do
		*--q = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--q = '-';
	sbput(p, q, (size_t)(e - q));
}

void
ps_section_begin(Parser *p)
{
	p->insection = 1;
	p->nsb = 0;
	if (!p->scratch)
		p->scratch = ir_arena_new();
}

void
ps_seclabel(Parser *p, const Tok *name, Loc loc)
{
	/* ptxas: "Feature 'Defining labels in .section' requires PTX ISA
	 * .version 7.0 or later" */
	if (p->m->ver_major * 10 + p->m->ver_minor < 70)
		diag_err(p->dg, loc, "a label in a .section requires PTX ISA .version 7.0 or later");
	parse_mapset(p->a, &p->seclabels, name->s, (Sym *)&p->seclabels);  /* any non-NULL value: defined */
	sbput(p, name->s, strlen(name->s));
	sbput(p, ":\n", 2);
}

/* Section data is label arithmetic: unwraps grouping parentheses and
 * rejects the operand-only forms ([ ], { }, _), so that what is left is an
 * expression the printer knows. */
static int
plainexpr(Parser *p, Expr *e)
{
	if (!e)
		return 1;
	switch (e->kind) {
	case E_PAREN:
		if (e->nelt != 1)
			break;
		*e = *e->elt[0];
		return plainexpr(p, e);
	case E_BRACE: case E_BRACKET: case E_SINK: case E_LIST: case E_FIELD:
		break;
	default:
		return plainexpr(p, e->a) && plainexpr(p, e->b) && plainexpr(p, e->c);
	}
	diag_err(p->dg, e->loc, "not allowed in section data");
	return 0;
}

void
ps_secitem(Parser *p, const Tok *dir, EList *vals, Loc loc)
{
	ps_elist_open(p, vals);
	if (!(dir->kw == K_TYPE && (dir->i == TY_B8 || dir->i == TY_B16 || dir->i == TY_B32 ||
	      dir->i == TY_B64)))
		diag_err(p->dg, loc, "section data must be .b8, .b16, .b32 or .b64, not '.%s'", dir->s);
	sbput(p, "\t.", 2);
	sbput(p, dir->s, strlen(dir->s));
	sbput(p, " ", 1);
	for (int j = 0; j < vals->n; j++) {
		Expr *x = vals->v[j];
		int64_t k;
		if (j)
			sbput(p, ", ", 2);
		/* ptxas: "Value out of range for type .b8 256": a .b8 or .b16
		 * item takes what fits signed or unsigned; a .b32 one no value
		 * below -2^31 (ptxas 13.0 lets larger ones through) */
		if (parse_fold(p, x, &k) && dir->kw == K_TYPE &&
		    ((dir->i == TY_B8 && (k < -128 || k > 255)) || (dir->i == TY_B16 && (k < -32768 || k > 65535)) ||
		    (dir->i == TY_B32 && k < INT32_MIN)))
			diag_err(p->dg, x->loc, "value %lld out of range for .%s section data", (long long)k, dir->s);
		if (parse_fold(p, x, &k))
			sbint(p, k);
		else if (x->kind == E_SYM)
			sbput(p, x->text, strlen(x->text));
		else if (!plainexpr(p, x))
			continue;
		else {
			/* buf is stdio's: no jump while it is held */
			char *buf = NULL;
			size_t len = 0;
			int room = 0;
			FILE *f = open_memstream(&buf, &len);
			if (f) {
				ir_print_expr(x, f);
				if (fclose(f) == 0 && (room = sbroom(p, len))) {
					memcpy(p->sb + p->nsb, buf, len);
					p->nsb += len;
				}
			}
			free(buf);
			if (!room)
				nomem(p);
		}
	}
	sbput(p, "\n", 1);
	if (++p->nscratch == 256) {
		ir_arena_free(p->scratch);
		p->scratch = ir_arena_new();
		p->nscratch = 0;
	}
}

void
ps_section(Parser *p, const Tok *name, Loc loc)
{
	char nm[256];
	p->insection = 0;
	parse_topdirective(p, loc, ".section");
	/* a DOTWORD name comes without its dot; an IDENT name has none */
	snprintf(nm, sizeof nm, "%s%s", name->fl ? "." : "", name->s);
	Section s = {lex_intern(p, nm, strlen(nm)), ir_strndup(p->a, p->sb ? p->sb : "", p->nsb), loc};
	PUSH(p->a, p->m->sec, p->m->nsec, p->m->capsec, s);
	parse_additem(p, 's', p->m->nsec - 1, NULL, loc);
}

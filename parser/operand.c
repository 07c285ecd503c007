/*
 * operand.c -- operand expressions: the trees the grammar builds (ps_name,
 * ps_bin, ...), their constant folding and name resolution, and their
 * lowering to Opnd (registers, immediates, symbol addresses, [base+offset]
 * addresses, {vectors}, (lists), p|q pairs, !p).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "parse.h"
#include "gram.h"

/* ---------------------------------------------------------------- expressions */

/* Section data is the bulk of a debug build's PTX and is kept only as
 * text: its expressions come from a scratch arena dropped every few
 * hundred items. */
static void *
palloc(Parser *p, size_t n)
{
	return ir_alloc(p->insection ? p->scratch : p->a, n);
}

enum { E_SPARE = -1 };   /* a node on Parser.spare */

Expr *
ps_expr(Parser *p, int kind, Loc loc)
{
	Expr *e;

	if (p->spare && !p->insection) {
		e = p->spare;
		p->spare = e->a;
		memset(e, 0, sizeof *e);
	} else
		e = palloc(p, sizeof *e);
	e->kind = kind;
	e->loc = loc;
	return e;
}

/* Integer leaf e, folded into another, for ps_expr to hand out again
 * (section data comes from a scratch arena that is dropped: not kept) */
static void
spare(Parser *p, Expr *e)
{
	if (p->insection)
		return;
	e->kind = E_SPARE;
	e->a = p->spare;
	p->spare = e;
}

static int foldop(int kind, int64_t a, int auns, int64_t b, int buns, int64_t *v, int *uns);

/* The integer constant e is (an E_INT, or one in parentheses), or NULL */
static Expr *
konst(const Expr *e)
{
	if (e && e->kind == E_PAREN && e->nelt == 1)
		e = e->elt[0];
	return e && e->kind == E_INT ? (Expr *)e : NULL;
}

/* A floating-point leaf, alone or in parentheses */
static Expr *
fkonst(const Expr *e)
{
	if (e && e->kind == E_PAREN && e->nelt == 1)
		e = e->elt[0];
	return e && e->kind == E_FLOAT ? (Expr *)e : NULL;
}

/*
 * Floating-point constant expressions, as ptxas 13.0 reads them: decimal
 * literals are doubles, and +, -, * and / of two of them fold in double
 * arithmetic (round to nearest; 0.1 + 0.2 is 0d3FD3333333333334, 1e308 *
 * 10.0 infinity), a comparison of two is the integer 0 or 1, and the result
 * is a floating-point operand as a literal would be (rounded to an .f32
 * instruction's type as one is).  ptxas refuses a float beside an integer
 * ("Constant expression type mismatch"), a float under an integer operator
 * (%, shifts, bit and logical operators, !, ~, a ?: of floats: "Integer
 * constant expression expected"), a hexadecimal literal in an expression (a
 * syntax error) and a division by zero, 0.0 / 0.0 too.  NULL when a or b is
 * no float leaf (the integer folding's turn).
 */
static Expr *
foldfloat(Parser *p, int kind, Expr *a, Expr *b, Loc loc)
{
	Expr *fa = fkonst(a), *fb = fkonst(b), *k;
	double x, y, z;

	if (!fa && !fb)
		return NULL;
	if ((fa && fa->flkind != FL_DEC) || (fb && fb->flkind != FL_DEC)) {
		diag_err(p->dg, loc, "a hexadecimal floating-point literal cannot be part of an expression");
		return fa ? fa : fb;
	}
	if (!fa || !fb) {
		if (!konst(a) && !konst(b))
			return NULL;   /* a float and a name: the tree's report */
		diag_err(p->dg, loc, "constant expression type mismatch: a floating-point and an integer operand");
		return fa ? fa : fb;
	}
	memcpy(&x, &fa->bits, sizeof x);
	memcpy(&y, &fb->bits, sizeof y);
	switch (kind) {
	case E_ADD: z = x + y; break;
	case E_SUB: z = x - y; break;
	case E_MUL: z = x * y; break;
	case E_DIV:
		if (y == 0) {
			diag_err(p->dg, loc, "division by zero in constant expression");
			return fa;
		}
		z = x / y;
		break;
	case E_EQ: case E_NE: case E_LT: case E_LE: case E_GT: case E_GE:
		k = ps_expr(p, E_INT, loc);
		*k = (Expr){.kind = E_INT, .loc = loc, .folded = 1,
		    .i = kind == E_EQ ? x == y : kind == E_NE ? x != y : kind == E_LT ? x < y :
		    kind == E_LE ? x <= y : kind == E_GT ? x > y : x >= y};
		return k;
	default:
		diag_err(p->dg, loc, "integer constant expression expected: a floating-point operand");
		return fa;
	}
	k = a->kind == E_FLOAT ? a : ps_expr(p, E_FLOAT, loc);
	if (b->kind == E_FLOAT)
		spare(p, b);
	*k = (Expr){.kind = E_FLOAT, .loc = loc, .flkind = FL_DEC};   /* no spelling: printed as 0d... */
	memcpy(&k->bits, &z, sizeof z);
	return k;
}

/*
 * Folding as the parser goes.  A left-associative chain `1+1+...+1`
 * reduces one operator at a time, so each reduction sees its left operand
 * already folded: the chain is one leaf whatever its length, in constant
 * memory (the leaves folded away are reused), and the passes that walk
 * expressions by recursion never see it.  ptxas 13.0 takes chains of
 * 300,000 operators in an operand, an address and an initializer; so
 * does the parser, in the same time and memory as any other operand.
 * The same for an address or a symbol plus a chain of constants: `x+4-1`
 * and `[%rd1+1+1+...]` are `x+3` and `[%rd1+k]`, the forms ptxas reads
 * (NAME + a constant expression).  A division by zero is left unfolded,
 * for parse_fold's report where the value is needed; floating-point
 * operands fold in foldfloat (above).
 */
static Expr *
foldbin(Parser *p, int kind, Expr *a, Expr *b, Loc loc)
{
	Expr *ka = konst(a), *kb = konst(b), *k;
	int64_t v;
	int uns;

	if ((k = foldfloat(p, kind, a, b, loc)))
		return k;
	if (ka && kb) {
		if (!foldop(kind, ka->i, ka->uns, kb->i, kb->uns, &v, &uns))
			return NULL;
		/* a bare leaf is reused, one in parentheses left as it is */
		k = a->kind == E_INT ? a : ps_expr(p, E_INT, loc);
		if (b->kind == E_INT)
			spare(p, b);
		*k = (Expr){.kind = E_INT, .loc = loc, .i = v, .uns = uns, .folded = 1};
		return k;
	}
	/* NAME + k, then + or - a constant: NAME + (k +- c) */
	if (kb && (kind == E_ADD || kind == E_SUB) && a->kind == E_ADD && !a->indexed && a->b->kind == E_INT &&
	    (a->a->kind == E_SYM || a->a->kind == E_GENERIC) &&
	    foldop(kind, a->b->i, a->b->uns, kb->i, kb->uns, &v, &uns)) {
		k = a->b;
		*k = (Expr){.kind = E_INT, .loc = k->loc, .i = v, .uns = uns, .folded = 1};
		if (b->kind == E_INT)
			spare(p, b);
		return a;
	}
	return NULL;
}

/* Left-associative operators nest on the heap, not on the parser's stack,
 * so a chain the parser cannot fold as it goes (foldbin, below: `x+1.5`,
 * or `1+x+x`, which ptxas refuses) builds a tree as deep as it is long,
 * and every pass that walks a tree (folding, resolution, lowering,
 * printing) recurses once per level.  An expression whose longest path has
 * more than MAXDEPTH operators is refused, once, and stands as a leaf that
 * keeps the depth so that the operators after it are not reported again.
 * Folded operators add nothing to it.  Brackets and
 * unary operators nest on the parser's stack, which bison stops at 10,000
 * entries: brackets pass their contents' count on without adding to it,
 * so that `(1+...+1)+...` cannot start the count afresh.  MAXDEPTH is far
 * beyond anything a compiler writes and far below what the walks' stack
 * frames allow. */
enum { MAXDEPTH = 1000 };

/* e's depth from its operands a, b, c (any NULL), plus op (1 for an
 * operator, 0 for brackets) */
static Expr *
deep(Parser *p, Expr *e, int op, const Expr *a, const Expr *b, const Expr *c)
{
	int d = 0;
	if (a && a->depth > d)
		d = a->depth;
	if (b && b->depth > d)
		d = b->depth;
	if (c && c->depth > d)
		d = c->depth;
	if (d + op <= MAXDEPTH) {
		e->depth = d + op;
		return e;
	}
	if (d == MAXDEPTH)
		diag_err(p->dg, e->loc, "expression nested too deeply (more than %d operators)", MAXDEPTH);
	*e = (Expr){.kind = E_INT, .loc = e->loc, .depth = MAXDEPTH + 1};
	return e;
}

Expr *
ps_bin(Parser *p, int kind, Expr *a, Expr *b, Loc loc)
{
	Expr *e;

	if ((e = foldbin(p, kind, a, b, loc)))
		return e;
	e = ps_expr(p, kind, loc);
	e->a = a;
	e->b = b;
	return deep(p, e, 1, a, b, NULL);
}

Expr *
ps_cond(Parser *p, Expr *a, Expr *b, Expr *c, Loc loc)
{
	Expr *ka = konst(a), *kb = konst(b), *kc = konst(c), *e;

	if (fkonst(a) || fkonst(b) || fkonst(c)) {
		diag_err(p->dg, loc, "integer constant expression expected: a floating-point operand of ?:");
		return fkonst(b) ? b : fkonst(c) ? c : a;
	}
	if (ka && kb && kc) {
		Expr *k = ka->i ? kb : kc;
		int uns = kb->uns || kc->uns;
		e = ps_expr(p, E_INT, loc);
		*e = (Expr){.kind = E_INT, .loc = loc, .i = k->i, .uns = uns, .folded = 1};
		return e;
	}
	e = ps_expr(p, E_COND, loc);
	e->a = a;
	e->b = b;
	e->c = c;
	return deep(p, e, 1, a, b, c);
}

Expr *
ps_un(Parser *p, int kind, Expr *a, Loc loc)
{
	Expr *e;

	if (kind == E_NEG && fkonst(a)) {
		a = fkonst(a);   /* -(1.0 + 2.0) as -3.0 */
		/* -1.5 is a literal, in operands and initializers alike: the value
		 * with its sign flipped.  ptxas rejects a negated hex literal
		 * (-0f3F800000) as a syntax error. */
		if (a->flkind != FL_DEC)
			diag_err(p->dg, loc, "a hexadecimal floating-point literal cannot be negated: "
			    "write it with its sign bit set");
		a->bits ^= a->flkind == FL_F32HEX ? 1ull << 31 : 1ull << 63;
		if (a->text && a->text[0] == '-') {
			a->text++;
		} else if (a->text) {
			size_t n = strlen(a->text);
			char *t = palloc(p, n + 2);
			t[0] = '-';
			memcpy(t + 1, a->text, n + 1);
			a->text = t;
		}
		a->loc = loc;
		return a;
	}
	if (kind != E_NEG && fkonst(a)) {
		diag_err(p->dg, loc, "integer constant expression expected: '%s' of a floating-point operand",
		    kind == E_NOT ? "~" : "!");
		return a;
	}
	if ((e = konst(a))) {
		int64_t v = kind == E_NEG ? (int64_t)(0 - (uint64_t)e->i) : kind == E_NOT ? ~e->i : !e->i;
		int uns = kind == E_LNOT ? 0 : e->uns;
		if (a->kind != E_INT)
			a = ps_expr(p, E_INT, loc);
		*a = (Expr){.kind = E_INT, .loc = loc, .i = v, .uns = uns, .folded = 1};
		return a;
	}
	e = ps_expr(p, kind, loc);
	e->a = a;
	return deep(p, e, 1, a, NULL, NULL);
}

Expr *
ps_int(Parser *p, const Tok *t, Loc loc)
{
	Expr *e = ps_expr(p, E_INT, loc);
	e->i = t->i;
	e->uns = t->fl;
	return e;
}

Expr *
ps_float(Parser *p, const Tok *t, Loc loc)
{
	Expr *e = ps_expr(p, E_FLOAT, loc);
	e->bits = t->bits;
	e->flkind = t->fl;
	e->text = t->s;
	return e;
}

static int
selector(const char *s)
{
	for (int i = 1; i < NSEL; i++)
		if (strcmp(ir_selname[i], s) == 0)
			return i;
	return -1;
}

/* SIMD video selectors, as ptxas spells them: .hXY (X, Y in 0-3) picks
 * two of the four halves of b:a for vadd2 and friends, .bWXYZ (digits 0-7)
 * four of the eight bytes for vadd4 and friends (.b3210 is also the full
 * destination mask); a destination mask of bytes names 2 or 3 of them in
 * descending order (.b20, .b310).  .h10 doubles as vadd2's full mask.
 * Which operand may carry which is videocheck's concern. */
static int
simdsel(const char *s)
{
	size_t n = strlen(s);
	if (s[0] == 'h' && n == 3)
		return s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '3';
	if (s[0] == 'b' && n == 5) {
		for (int i = 1; i < 5; i++)
			if (s[i] < '0' || s[i] > '7')
				return 0;
		return 1;
	}
	if (s[0] == 'b' && (n == 3 || n == 4)) {
		for (size_t i = 1; i < n; i++)
			if (s[i] < '0' || s[i] > '3' || (i > 1 && s[i] >= s[i - 1]))
				return 0;
		return 1;
	}
	return 0;
}

Expr *
ps_name(Parser *p, const Tok *t, const Tok *sel, Loc loc)
{
	Expr *e = ps_expr(p, E_SYM, loc);
	e->text = t->s;
	if (sel) {
		int k = selector(sel->s);
		if (k < 0 && simdsel(sel->s)) {
			k = SEL_TEXT;
			e->c = ps_expr(p, E_SYM, loc);  /* carries the selector text to lowering */
			e->c->text = sel->s;
		}
		if (k < 0) {
			diag_err(p->dg, loc, "unknown component '.%s' of '%s'", sel->s, t->s);
			k = 0;
		}
		e->flkind = k;      /* the selector travels in flkind until lowering */
	}
	return e;
}

/* A name in an operand expression.  ptxas reads WARP_SZ as the integer
 * constant 32 (a reserved word, no register): it stands wherever an
 * integer immediate may, st's source and constant sums included, and
 * nowhere a float may. */
Expr *
ps_operand_name(Parser *p, const Tok *t, Loc loc)
{
	if (strcmp(t->s, "WARP_SZ") == 0) {
		Expr *e = ps_expr(p, E_INT, loc);
		e->i = 32;
		return e;
	}
	return ps_name(p, t, NULL, loc);
}

Expr *
ps_dotname(Parser *p, const Tok *t, Loc loc)
{
	char buf[256];
	int n = snprintf(buf, sizeof buf, ".%s", t->s);
	Expr *e = ps_expr(p, E_SYM, loc);
	e->text = lex_intern(p, buf, (size_t)(n < (int)sizeof buf ? n : (int)sizeof buf - 1));
	e->uns = 1;             /* a section name, never resolved */
	return e;
}

int parse_fold(Parser *p, const Expr *e, int64_t *v);

/* name[index]: the address of element index of an array variable, as the
 * PTX ISA writes it (`mov.u32 ptr, A[5]`); it becomes name+offset with the
 * index scaled by the element size, which is how the GPU reads it. */
Expr *
ps_index(Parser *p, const Tok *t, Expr *idx, Loc loc)
{
	Expr *e = ps_name(p, t, NULL, loc);
	Sym *s = parse_resolve(p, t->s, loc);
	int64_t k = 0;

	e->sym = s;
	if (!s)
		return e;
	if (s->kind != SYM_VAR) {
		diag_err(p->dg, loc, "'%s' is not a variable: only an array variable can be indexed", t->s);
		return e;
	}
	if (!parse_fold(p, idx, &k)) {
		diag_err(p->dg, idx->loc, "the index of '%s' must be a constant", t->s);
		return e;
	}
	Expr *off = ps_expr(p, E_INT, idx->loc);
	off->i = k * (int64_t)(ir_tyinfo[s->type].bits / 8) * (s->vec ? s->vec : 1);
	Expr *r = ps_bin(p, E_ADD, e, off, loc);
	r->indexed = 1;
	return r;
}

/*
 * Packed lists.  An initializer of N numbers (nvcc writes an array of N
 * bytes so) took an Expr and a pointer an element, 104 bytes, and 115 MB a
 * million elements: a 100 MB table would take 11 GB.  A list of number
 * leaves only holds them as Lits (32 bytes) once it has PACK_MIN of them,
 * each node going back to the spare list as it comes: the node of one
 * number at a time, whatever the list's length.  Only braces keep a list
 * packed (an initializer, where it becomes an E_LIST); the other uses of a
 * list (operands, calls, directives) take nodes, and get them back with
 * ps_elist_open, as they are short.  Section data (p->insection) keeps
 * its nodes: they live in scratch, not on the spare list.
 */
enum { PACK_MIN = 16 };

/* Whether e can be held as a Lit: a number leaf (not one an error
 * replaced, whose depth marks it) */
static int
packable(const Expr *e)
{
	return e && (e->kind == E_INT || e->kind == E_FLOAT) && !e->depth;
}

static Expr *
unlit(Parser *p, const Lit *l)
{
	Expr *e = ps_expr(p, l->kind, l->loc);
	if (l->kind == E_FLOAT) {
		e->bits = (uint64_t)l->i;
		e->flkind = l->uns;
		e->text = l->text;
	} else {
		e->i = l->i;
		e->uns = l->uns;
		e->folded = l->folded;
	}
	return e;
}

static void
pushlit(Parser *p, EList *l, Expr *e)
{
	Lit v = { e->i, NULL, e->loc, (uint8_t)e->kind, e->uns, e->folded };
	if (e->kind == E_FLOAT)
		v.i = (int64_t)e->bits, v.text = e->text, v.uns = e->flkind, v.folded = 0;
	PUSH(p->a, l->lit, l->nlit, l->caplit, v);
	spare(p, e);
}

EList *
ps_elist_open(Parser *p, EList *l)
{
	if (l && l->nlit) {
		int n = l->nlit;
		l->nlit = 0;
		for (int i = 0; i < n; i++)
			PUSH(p->a, l->v, l->n, l->cap, unlit(p, &l->lit[i]));
	}
	return l;
}

void
parse_openlist(Parser *p, Expr *e)
{
	if (!e->nlit)
		return;
	EList l = { NULL, 0, 0, e->loc, e->lit, e->nlit, e->nlit };
	ps_elist_open(p, &l);
	e->elt = l.v;
	e->nelt = l.n;
	e->nlit = 0;
}

Expr *
ps_listexpr(Parser *p, int kind, EList *l, Loc loc)
{
	Expr *e = ps_expr(p, kind, loc);
	const Expr *d = NULL;
	if (l && l->nlit && kind == E_BRACE) {
		e->lit = l->lit;
		e->nlit = l->nlit;
		return e;
	}
	ps_elist_open(p, l);
	if (l) {
		e->elt = l->v;
		e->nelt = l->n;
		for (int i = 0; i < l->n; i++)
			if (l->v[i] && (!d || l->v[i]->depth > d->depth))
				d = l->v[i];
	}
	return deep(p, e, 0, d, NULL, NULL);
}

/* [a].unified: the one suffix an address takes (ld's, PTX 8.0: the
 * address is in the unified space); kept in the bracket's uns, then the
 * address operand's. */
Expr *
ps_addrsuffix(Parser *p, Expr *e, const Tok *suffix, Loc loc)
{
	if (strcmp(suffix->s, "unified") == 0)
		e->uns = 1;
	else
		diag_err(p->dg, loc, "unknown address suffix '.%s' (only [a].unified)", suffix->s);
	return e;
}

Expr *
ps_call(Parser *p, const Tok *name, EList *args, Loc loc)
{
	ps_elist_open(p, args);
	if (strcmp(name->s, "generic") != 0 || !args || args->n != 1 || args->v[0]->kind != E_SYM) {
		diag_err(p->dg, loc, "'%s(...)' is not a PTX expression (only generic(symbol) is)", name->s);
		return ps_expr(p, E_INT, loc);
	}
	Expr *e = ps_expr(p, E_GENERIC, loc);
	e->a = args->v[0];
	e->text = args->v[0]->text;
	return e;
}

Expr *
ps_field(Parser *p, const Tok *name, Expr *val, Loc loc)
{
	Expr *e = ps_expr(p, E_FIELD, loc);
	e->text = name->s;
	e->a = val;
	return deep(p, e, 0, val, NULL, NULL);
}

EList *
ps_elist(Parser *p, EList *l, Expr *e)
{
	if (!l)
		l = palloc(p, sizeof *l);
	if (l->nlit && packable(e)) {
		pushlit(p, l, e);
		return l;
	}
	ps_elist_open(p, l);
	PUSH(p->insection ? p->scratch : p->a, l->v, l->n, l->cap, e);
	if (l->n == PACK_MIN && !p->insection) {
		int i;
		for (i = 0; i < l->n && packable(l->v[i]); i++)
			;
		if (i == l->n) {
			for (i = 0; i < l->n; i++)
				pushlit(p, l, l->v[i]);
			l->n = 0;
		}
	}
	return l;
}

/* Appends b to a with a NULL separator (the commas of a .loc tail). */
EList *
ps_elist_cat(Parser *p, EList *a, EList *b)
{
	ps_elist_open(p, b);
	a = ps_elist(p, a, NULL);
	for (int i = 0; i < b->n; i++)
		a = ps_elist(p, a, b->v[i]);
	return a;
}

/* Folds an integer constant expression; 0 when e is not one. */
int
parse_fold(Parser *p, const Expr *e, int64_t *v)
{
	int64_t a, b, c;
	const Expr *ka, *kb;
	int uns;
	switch (e->kind) {
	case E_INT: *v = e->i; return 1;
	case E_PAREN:
		return e->nelt == 1 && parse_fold(p, e->elt[0], v);
	case E_NEG: if (!parse_fold(p, e->a, &a)) return 0; *v = (int64_t)(0 - (uint64_t)a); return 1;
	case E_NOT: if (!parse_fold(p, e->a, &a)) return 0; *v = ~a; return 1;
	case E_LNOT: if (!parse_fold(p, e->a, &a)) return 0; *v = !a; return 1;
	case E_COND:
		if (!parse_fold(p, e->a, &a) || !parse_fold(p, e->b, &b) || !parse_fold(p, e->c, &c)) return 0;
		*v = a ? b : c;
		return 1;
	default:
		break;
	}
	if (e->kind < E_ADD || e->kind > E_GE || !parse_fold(p, e->a, &a) || !parse_fold(p, e->b, &b))
		return 0;
	/* a division by zero is reported, and reads 0 */
	ka = konst(e->a), kb = konst(e->b);
	if (!foldop(e->kind, a, ka && ka->uns, b, kb && kb->uns, v, &uns)) {
		diag_err(p->dg, e->loc, "division by zero in constant expression");
		*v = 0;
	}
	return 1;
}

/* a OP b for binary operator kind, and whether the result is unsigned
 * (auns, buns: whether a and b are); 0 for a division by zero.  The
 * operands are 64-bit and wrap.  A right shift is arithmetic, and logical
 * of an unsigned left operand (ptxas 13.0: -8 >> 1 is -4,
 * 0xFFFFFFFFFFFFFFFF >> 60 is 15). */
static int
foldop(int kind, int64_t a, int auns, int64_t b, int buns, int64_t *v, int *uns)
{
	uint64_t ua = (uint64_t)a, ub = (uint64_t)b;

	*uns = auns || buns;
	switch (kind) {
	case E_ADD: *v = (int64_t)(ua + ub); break;
	case E_SUB: *v = (int64_t)(ua - ub); break;
	case E_MUL: *v = (int64_t)(ua * ub); break;
	case E_DIV: case E_REM:
		if (b == 0)
			return 0;
		if (a == INT64_MIN && b == -1)
			*v = kind == E_DIV ? a : 0;
		else
			*v = kind == E_DIV ? a / b : a % b;
		break;
	case E_SHL: *v = ub >= 64 ? 0 : (int64_t)(ua << ub); *uns = auns; break;
	case E_SHR:
		if (auns)
			*v = ub >= 64 ? 0 : (int64_t)(ua >> ub);
		else
			*v = ub >= 64 ? (a < 0 ? -1 : 0) : a >> ub;
		*uns = auns;
		break;
	case E_AND: *v = a & b; break;
	case E_OR: *v = a | b; break;
	case E_XOR: *v = a ^ b; break;
	case E_LAND: *v = a && b; *uns = 0; break;
	case E_LOR: *v = a || b; *uns = 0; break;
	case E_EQ: *v = a == b; *uns = 0; break;
	case E_NE: *v = a != b; *uns = 0; break;
	case E_LT: *v = a < b; *uns = 0; break;
	case E_LE: *v = a <= b; *uns = 0; break;
	case E_GT: *v = a > b; *uns = 0; break;
	case E_GE: *v = a >= b; *uns = 0; break;
	default: return 0;
	}
	return 1;
}

/* Splits `name` and `name+k` into the name and k: the only forms PTX's
 * grammar has for an address or a symbol operand (ptxas rejects `name-k`
 * and `k+name` as syntax errors; a negative offset is written `name+-k`). */
static const Expr *
nameoff(Parser *p, const Expr *e, int64_t *off)
{
	int64_t k;
	const Expr *n;
	switch (e->kind) {
	case E_SYM:
		*off = 0;
		return e;
	case E_PAREN:
		return e->nelt == 1 ? nameoff(p, e->elt[0], off) : NULL;
	case E_ADD:
		if ((n = nameoff(p, e->a, off)) && parse_fold(p, e->b, &k)) {
			*off = (int64_t)((uint64_t)*off + (uint64_t)k);
			return n;
		}
		return NULL;
	default:
		return NULL;
	}
}

/* `k+name` or `name-k`: well-formed arithmetic that PTX does not accept
 * in an operand; worth a precise message. */
static int
badoffset(Parser *p, const Expr *e)
{
	int64_t k, off;
	if (e->kind == E_ADD && parse_fold(p, e->a, &k) && nameoff(p, e->b, &off))
		return 1;
	if (e->kind == E_SUB && nameoff(p, e->a, &off) && parse_fold(p, e->b, &k))
		return 1;
	return 0;
}

/* Resolves the names of an initializer or an unfoldable operand
 * expression, and turns braces into E_LIST. */
void
parse_resolvetree(Parser *p, Expr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_SYM:
		if (!e->uns && !e->sym)
			e->sym = parse_resolve(p, e->text, e->loc);
		return;
	case E_GENERIC:
		if (e->a && e->a->kind == E_SYM)
			e->sym = e->a->sym = parse_resolve(p, e->a->text, e->a->loc);
		return;
	case E_BRACE:
		e->kind = E_LIST;
		break;
	case E_PAREN:
		/* grouping only: the tree's shape already says it */
		if (e->nelt != 1) {
			diag_err(p->dg, e->loc, "a parenthesised list is not allowed here");
			*e = (Expr){.kind = E_INT, .loc = e->loc};
			return;
		}
		*e = *e->elt[0];
		parse_resolvetree(p, e);
		return;
	case E_FIELD:
		/* sampler fields: `filter_mode = linear`; the value is a keyword */
		if (e->a && e->a->kind == E_SYM)
			e->a->uns = 1;
		break;
	case E_BRACKET: case E_SINK:
		diag_err(p->dg, e->loc, "not allowed in a constant expression");
		return;
	default:
		break;
	}
	parse_resolvetree(p, e->a);
	parse_resolvetree(p, e->b);
	parse_resolvetree(p, e->c);
	for (int i = 0; i < e->nelt; i++)
		parse_resolvetree(p, e->elt[i]);
}

/* ---------------------------------------------------------------- recycling
 *
 * An instruction's operand expressions are garbage once it is lowered to
 * Opnds: only an OK_EXPR operand keeps its tree.  Each node of the others
 * goes to the list ps_expr hands out from, so that the expressions of a
 * kernel of 200,000 instructions take the memory of one instruction's
 * rather than 90 MB (about 450 bytes an instruction: three operands of an
 * Expr of 120 bytes and more).  A node already on the list (two operands
 * sharing one) is passed over. */
/* Whether o, or an operand inside it, holds an expression tree */
int
parse_keepsexpr(const Opnd *o)
{
	if (!o)
		return 0;
	if (o->kind == OK_EXPR || parse_keepsexpr(o->base))
		return 1;
	for (int i = 0; i < o->nsub; i++)
		if (parse_keepsexpr(&o->sub[i]))
			return 1;
	return 0;
}

/* Every node of e on the list, children first (the list link is a) */
void
parse_recycle(Parser *p, Expr *e)
{
	if (!e || e->kind == E_SPARE || p->insection)
		return;
	parse_recycle(p, e->a);
	parse_recycle(p, e->b);
	parse_recycle(p, e->c);
	for (int i = 0; i < e->nelt; i++)
		parse_recycle(p, e->elt[i]);
	spare(p, e);
}

/* ---------------------------------------------------------------- operands */

Opnd *
parse_newopnd(Parser *p, int kind, Loc loc)
{
	Opnd *o = ir_alloc(p->a, sizeof *o);
	o->kind = kind;
	o->loc = loc;
	return o;
}

void parse_lower(Parser *p, Expr *e, Opnd *o);

/* Whether an operand expression names a register (resolving names as a
 * side effect, which is harmless: unknown names become pending labels). */
static int
hasreg(Parser *p, const Expr *e)
{
	if (!e)
		return 0;
	if (e->kind == E_SYM && !e->uns) {
		if (e->text[0] != '%' && !p->fn)
			return 0;
		Sym *s = e->text[0] == '%' ? parse_resolve(p, e->text, e->loc) : NULL;
		return s && (s->kind == SYM_REG || s->kind == SYM_SREG);
	}
	if (hasreg(p, e->a) || hasreg(p, e->b) || hasreg(p, e->c))
		return 1;
	for (int i = 0; i < e->nelt; i++)
		if (hasreg(p, e->elt[i]))
			return 1;
	return 0;
}

Opnd *
parse_lowerlist(Parser *p, Expr **v, int n)
{
	Opnd *o = ir_alloc(p->a, (size_t)(n ? n : 1) * sizeof *o);
	for (int i = 0; i < n; i++)
		parse_lower(p, v[i], &o[i]);
	return o;
}

/* Whether e holds an array element name[i] (ptxas takes one as an
 * operand, a[1], but not inside an address: [a[1]] is a syntax error). */
static const Expr *
indexed(const Expr *e)
{
	const Expr *r;

	if (!e)
		return NULL;
	if (e->indexed)
		return e;
	if ((r = indexed(e->a)) || (r = indexed(e->b)))
		return r;
	return NULL;
}

/* [a], [a+k], [k]; or the list form [tex, sampler, {coords}]. */
static void
loweraddr(Parser *p, Expr *e, Opnd *o)
{
	int64_t k;
	const Expr *ix;
	o->kind = OK_ADDR;
	o->loc = e->loc;
	o->uns = e->uns;        /* [a].unified */
	if (e->nelt == 1 && (ix = indexed(e->elt[0]))) {
		diag_err(p->dg, ix->loc, "an array element cannot be written inside [ ]: write [name+offset]");
		return;
	}
	if (e->nelt != 1) {
		o->addrlist = 1;
		o->sub = parse_lowerlist(p, e->elt, e->nelt);
		o->nsub = e->nelt;
		return;
	}
	Expr *x = e->elt[0];
	if (parse_fold(p, x, &k)) {
		o->imm = k;
		return;
	}
	const Expr *n = nameoff(p, x, &k);
	if (!n) {
		if (badoffset(p, x))
			diag_err(p->dg, x->loc, "an address is written [base+offset], with +-N for a negative offset");
		else
			diag_err(p->dg, x->loc, "address must be a register or symbol plus a constant offset");
		return;
	}
	Opnd *b = parse_newopnd(p, OK_REG, n->loc);
	parse_lower(p, (Expr *)n, b);
	if (b->kind != OK_REG && b->kind != OK_SYM) {
		diag_err(p->dg, n->loc, "address base must be a register or a symbol");
		return;
	}
	o->base = b;
	o->imm = k;
}

/* Whether a special register has .x .y .z components. */
static int
sregvec(const char *name)
{
	static const char *const v[] = {"%tid", "%ntid", "%ctaid", "%nctaid", "%clusterid",
		"%nclusterid", "%cluster_ctaid", "%cluster_nctaid"};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		if (strcmp(v[i], name) == 0)
			return 1;
	return 0;
}

/* A vector register: `r.y` is its element register, `r` the vector of
 * its .v2/.v4 elements. */
static void
lowervecreg(Parser *p, const Expr *e, Sym *v, Opnd *o)
{
	int k = parse_selpart(e->flkind);
	if (e->flkind && k < 0) {
		diag_err(p->dg, e->loc, "'.%s' is no element of the vector register '%s' (.x .y .z .w or .r .g .b .a)",
			e->flkind == SEL_TEXT && e->c ? e->c->text : ir_selname[e->flkind], v->name);
		o->kind = OK_SINK;
		return;
	}
	if (k >= 0) {
		o->kind = OK_REG;
		o->sym = parse_vecpart(p, v, k);
		return;
	}
	o->kind = OK_VEC;
	o->nsub = v->vec;
	o->sub = ir_alloc(p->a, (size_t)v->vec * sizeof *o->sub);
	for (int i = 0; i < v->vec; i++) {
		o->sub[i].kind = OK_REG;
		o->sub[i].loc = e->loc;
		o->sub[i].sym = parse_vecpart(p, v, i);
	}
}

void
parse_lower(Parser *p, Expr *e, Opnd *o)
{
	int64_t k;
	memset(o, 0, sizeof *o);
	o->loc = e->loc;
	switch (e->kind) {
	case E_SYM: {
		Sym *s = parse_resolve(p, e->text, e->loc);
		o->sym = s;
		if (s && s->kind == SYM_REG && s->vec > 1) {
			lowervecreg(p, e, s, o);
			return;
		}
		if (s && s->kind == SYM_SREG && parse_selpart(e->flkind) >= 0 && !sregvec(s->name)) {
			/* ptxas: "Unknown field" */
			diag_err(p->dg, e->loc, "'%s' has no component '.%s'", s->name, ir_selname[e->flkind]);
			o->kind = OK_SINK;
			return;
		}
		if (s && (s->kind == SYM_REG || s->kind == SYM_SREG)) {
			o->kind = OK_REG;
			o->sel = (uint8_t)e->flkind;
			if (o->sel == SEL_TEXT && e->c)
				o->seltext = e->c->text;
		} else {
			o->kind = OK_SYM;
			if (e->flkind)
				diag_err(p->dg, e->loc, "component selector on '%s', which is not a register", e->text);
		}
		if (!s)
			o->kind = OK_SINK;   /* error reported; keep the operand count */
		return;
	}
	case E_SINK:
		o->kind = OK_SINK;
		return;
	case E_FLOAT:
		o->kind = OK_FIMM;
		o->fbits = e->bits;
		o->flkind = (uint8_t)e->flkind;
		o->ftext = e->text;
		return;
	case E_BRACKET:
		loweraddr(p, e, o);
		return;
	case E_BRACE:
		parse_openlist(p, e);
		if (e->nelt == 0) {
			/* ptxas: a syntax error */
			diag_err(p->dg, e->loc, "an operand vector cannot be empty");
			o->kind = OK_SINK;
			return;
		}
		o->kind = OK_VEC;
		o->sub = parse_lowerlist(p, e->elt, e->nelt);
		o->nsub = e->nelt;
		/* ptxas: "Illegal expression '%f1'" where %f1 is a .v2/.v4
		 * register written as an element */
		for (int i = 0; i < o->nsub; i++)
			if (o->sub[i].kind == OK_VEC) {
				diag_err(p->dg, o->sub[i].loc, "an element of a vector operand cannot be a vector");
				o->kind = OK_SINK;
				return;
			}
		return;
	case E_PAREN:
		if (e->nelt == 1 && e->elt[0]->kind == E_SYM && e->elt[0]->text[0] == '%') {
			diag_err(p->dg, e->loc, "a register cannot be written in parentheses");
			o->kind = OK_SINK;
			return;
		}
		if (e->nelt == 1 && !parse_fold(p, e, &k)) {
			parse_lower(p, e->elt[0], o);
			return;
		}
		break;
	case E_LNOT:
		if (e->a->kind == E_SYM && !parse_fold(p, e, &k)) {
			o->kind = OK_NOT;
			o->sub = parse_lowerlist(p, &e->a, 1);
			o->nsub = 1;
			return;
		}
		break;
	case E_OR:
		/* d|p, _|p, and tex's and tld4's {a, b, c, d}|p */
		if ((e->a->kind == E_SYM || e->a->kind == E_BRACE || e->a->kind == E_SINK) && e->b->kind == E_SYM) {
			o->kind = OK_PAIR;
			Expr *v[2] = {e->a, e->b};
			o->sub = parse_lowerlist(p, v, 2);
			o->nsub = 2;
			return;
		}
		break;
	default:
		break;
	}
	if (parse_fold(p, e, &k)) {
		o->kind = OK_IMM;
		o->imm = k;
		o->uns = (uint8_t)(e->kind == E_INT && e->uns && !e->folded);
		return;
	}
	const Expr *n = nameoff(p, e, &k);
	if (n) {
		parse_lower(p, (Expr *)n, o);
		o->imm = k;
		o->loc = e->loc;
		return;
	}
	if (e->kind == E_NEG && e->a->kind == E_SYM) {
		/* the grammar has operand negation; no instruction accepts it */
		diag_err(p->dg, e->loc, "operand negation is not allowed");
		o->kind = OK_SINK;
		return;
	}
	if (hasreg(p, e)) {
		diag_err(p->dg, e->loc, "a register cannot be part of an expression");
		o->kind = OK_SINK;
		return;
	}
	if (badoffset(p, e)) {
		diag_err(p->dg, e->loc, "a symbol offset is written symbol+offset, with +-N for a negative offset");
		o->kind = OK_SINK;
		return;
	}
	parse_resolvetree(p, e);
	o->kind = OK_EXPR;
	o->e = e;
}

/*
 * parse.c — the semantic half of the parser: symbols, declarations and
 * instruction decoding, called from the grammar's actions (ptx.y).
 *
 * Scoping: module symbols live in p->global; a function body has its own
 * map p->local, and each `{` pushes a mark on an undo stack so that names
 * declared inside a nested block disappear at its `}` (PTX call sequences
 * declare their .param buffers that way).  A register range `%r<N>` binds
 * the prefix `%r` in p->ranges; `%r7` then resolves to an element Sym made
 * on first use, so every register the body touches has exactly one Sym.
 *
 * Labels may be used before they are defined: an unknown name in an operand
 * becomes a pending label, and any still undefined at the end of the body is
 * reported there with the location of its first use.
 *
 * Instructions: the opcode table picks the opcode from the dot chain
 * (longest match), the rest are modifiers, each of which must be known.
 * Operand expressions are lowered to Opnd: registers, immediates, symbol
 * addresses, [base+offset] addresses, {vectors}, (lists), p|q pairs, !p.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "parse.h"
#include "ptx.h"

/* ---------------------------------------------------------------- maps */

static size_t
ptrhash(const void *k)
{
	uintptr_t x = (uintptr_t)k;
	x ^= x >> 17;
	x *= 0x9E3779B97F4A7C15u;
	return (size_t)(x ^ (x >> 29));
}

static Sym *
mapget(Map *m, const char *k)
{
	if (!m->cap)
		return NULL;
	size_t j = ptrhash(k) & (m->cap - 1);
	while (m->key[j]) {
		if (m->key[j] == k)
			return m->val[j];
		j = (j + 1) & (m->cap - 1);
	}
	return NULL;
}

/* Sets k to v (v may be NULL to hide a binding); returns the old value. */
static Sym *
mapset(Arena *a, Map *m, const char *k, Sym *v)
{
	if (2 * (m->n + 1) > m->cap) {
		size_t nc = m->cap ? 2 * m->cap : 64;
		const char **nk = ir_alloc(a, nc * sizeof *nk);
		Sym **nv = ir_alloc(a, nc * sizeof *nv);
		for (size_t i = 0; i < m->cap; i++) {
			if (!m->key[i])
				continue;
			size_t j = ptrhash(m->key[i]) & (nc - 1);
			while (nk[j])
				j = (j + 1) & (nc - 1);
			nk[j] = m->key[i];
			nv[j] = m->val[i];
		}
		m->key = nk;
		m->val = nv;
		m->cap = nc;
	}
	size_t j = ptrhash(k) & (m->cap - 1);
	while (m->key[j]) {
		if (m->key[j] == k) {
			Sym *old = m->val[j];
			m->val[j] = v;
			return old;
		}
		j = (j + 1) & (m->cap - 1);
	}
	m->key[j] = k;
	m->val[j] = v;
	m->n++;
	return NULL;
}

/* Binds in a function-scope map, remembering the old binding for `}`. */
static void
bind(Parser *p, Map *m, const char *k, Sym *v)
{
	Sym *old = mapset(p->a, m, k, v);
	if (p->nmark) {
		Undo u = {k, old};
		/* the map is encoded in the low bit of nothing: keep two stacks in one by tagging */
		u.key = k;
		PUSH(p->a, p->undo, p->nundo, p->capundo, u);
		PUSH(p->a, p->undo, p->nundo, p->capundo, ((Undo){m == &p->ranges ? "r" : "l", NULL}));
	}
}

/* ---------------------------------------------------------------- special registers */

static const struct { const char *name; int type; } sregs[] = {
	{"%tid", TY_U32}, {"%ntid", TY_U32}, {"%laneid", TY_U32}, {"%warpid", TY_U32},
	{"%nwarpid", TY_U32}, {"%ctaid", TY_U32}, {"%nctaid", TY_U32}, {"%smid", TY_U32},
	{"%nsmid", TY_U32}, {"%gridid", TY_U64}, {"%is_explicit_cluster", TY_PRED},
	{"%clusterid", TY_U32}, {"%nclusterid", TY_U32}, {"%cluster_ctaid", TY_U32},
	{"%cluster_nctaid", TY_U32}, {"%cluster_ctarank", TY_U32}, {"%cluster_nctarank", TY_U32},
	{"%lanemask_eq", TY_U32}, {"%lanemask_le", TY_U32}, {"%lanemask_lt", TY_U32},
	{"%lanemask_ge", TY_U32}, {"%lanemask_gt", TY_U32}, {"%clock", TY_U32},
	{"%clock_hi", TY_U32}, {"%clock64", TY_U64}, {"%globaltimer", TY_U64},
	{"%globaltimer_lo", TY_U32}, {"%globaltimer_hi", TY_U32},
	{"%total_smem_size", TY_U32}, {"%aggr_smem_size", TY_U32}, {"%dynamic_smem_size", TY_U32},
	{"%reserved_smem_offset_begin", TY_B32}, {"%reserved_smem_offset_end", TY_B32},
	{"%reserved_smem_offset_cap", TY_B32}, {"%current_graph_exec", TY_U64},
	{"WARP_SZ", TY_U32}, {"%envreg1", TY_U32}, {"%envreg2", TY_U32},
};

/* %pm0..7, %pm0_64..%pm7_64, %envreg0..31, %reserved_smem_offset_0/1 */
static int
sregnum(const char *s, int *type)
{
	size_t n = strlen(s);
	const char *num = NULL;
	if (strncmp(s, "%pm", 3) == 0)
		num = s + 3;
	else if (strncmp(s, "%envreg", 7) == 0)
		num = s + 7;
	else if (strncmp(s, "%reserved_smem_offset_", 22) == 0)
		num = s + 22;
	if (!num || !*num)
		return 0;
	const char *e = num;
	while (*e >= '0' && *e <= '9')
		e++;
	if (e == num)
		return 0;
	*type = TY_U32;
	if (strcmp(e, "_64") == 0 && s[1] == 'p') {
		*type = TY_U64;
		return 1;
	}
	return e == s + n;
}

static Sym *
sreg(Parser *p, const char *name, Loc loc)
{
	Sym *s = mapget(&p->sregs, name);
	if (s)
		return s;
	int type = 0;
	int idx = -1;
	for (size_t i = 0; i < sizeof sregs / sizeof sregs[0]; i++)
		if (strcmp(sregs[i].name, name) == 0) {
			type = sregs[i].type;
			idx = (int)i;
		}
	if (idx < 0 && !sregnum(name, &type))
		return NULL;
	s = ir_alloc(p->a, sizeof *s);
	s->kind = SYM_SREG;
	s->name = name;
	s->loc = loc;
	s->space = SP_SREG;
	s->type = type;
	s->vec = 1;
	s->sreg = idx;
	mapset(p->a, &p->sregs, name, s);
	return s;
}

/* ---------------------------------------------------------------- symbols */

static Sym *
newsym(Parser *p, int kind, const char *name, Loc loc)
{
	Sym *s = ir_alloc(p->a, sizeof *s);
	s->kind = kind;
	s->name = name;
	s->loc = loc;
	s->vec = 1;
	s->id = -1;
	s->fn = p->fn;
	s->inner = p->nmark > 0;
	return s;
}

static void
addreg(Parser *p, Sym *s)
{
	s->id = p->fn->nregs;
	PUSH(p->a, p->fn->regs, p->fn->nregs, p->fn->capregs, s);
}

/* %r17 → the element of a visible range %r<N> with N > 17.  Elements are
 * kept in a map on the range's Sym (not in the scoped maps), so that a
 * register used in a nested block is the same Sym after the block. */
static Sym *
rangeelem(Parser *p, const char *name, Loc loc)
{
	size_t n = strlen(name);
	size_t d = n;
	while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9')
		d--;
	if (d == n || d == 0 || (name[d] == '0' && d + 1 != n) || n - d > 18)
		return NULL;
	const char *pre = lex_intern(p, name, d);
	Sym *r = mapget(&p->ranges, pre);
	if (!r)
		return NULL;
	long long k = strtoll(name + d, NULL, 10);
	if (k >= r->range)
		return NULL;
	if (!r->elem)
		r->elem = ir_alloc(p->a, sizeof(Map));
	Sym *s = mapget(r->elem, name);
	if (!s) {
		s = newsym(p, SYM_REG, name, loc);
		s->space = SP_REG;
		s->type = r->type;
		s->vec = r->vec;
		s->parent = r;
		s->inner = r->inner;
		mapset(p->a, r->elem, name, s);
		if (s->vec == 1)
			addreg(p, s);
	}
	return s;
}

/* Element k (0..3: x y z w) of a vector register.  The parts are plain
 * scalar registers, so nothing past the parser knows vector registers:
 * `r.y` is the register "r.y" and `r` alone is the vector {r.x, r.y}. */
static Sym *
vecpart(Parser *p, Sym *v, int k)
{
	static const char xyzw[] = "xyzw";
	if (!v->part)
		v->part = ir_alloc(p->a, 4 * sizeof *v->part);
	if (!v->part[k]) {
		size_t n = strlen(v->name);
		char *buf = ir_alloc(p->a, n + 3);
		memcpy(buf, v->name, n);
		buf[n] = '.';
		buf[n + 1] = xyzw[k];
		Sym *s = newsym(p, SYM_REG, lex_intern(p, buf, n + 2), v->loc);
		s->space = SP_REG;
		s->type = v->type;
		s->vecof = v;
		s->inner = v->inner;
		s->fn = v->fn;
		addreg(p, s);
		v->part[k] = s;
	}
	return v->part[k];
}

/* The element a selector names: .x .y .z .w or .r .g .b .a; -1 for others. */
static int
selpart(int sel)
{
	switch (sel) {
	case SEL_X: case SEL_R: return 0;
	case SEL_Y: case SEL_G: return 1;
	case SEL_Z: case SEL_B: return 2;
	case SEL_W: case SEL_A: return 3;
	default: return -1;
	}
}

static Sym *
pendinglabel(Parser *p, const char *name, Loc loc)
{
	Sym *s = newsym(p, SYM_LABEL, name, loc);
	mapset(p->a, &p->labels, name, s);
	PUSH(p->a, p->pending, p->npending, p->cappending, s);
	PUSH(p->a, p->fn->syms, p->fn->nsyms, p->fn->capsyms, s);
	return s;
}

/* Resolves a name used in an operand.  Unknown %names are errors; other
 * unknown names inside a body are taken for labels defined later. */
static Sym *
resolve(Parser *p, const char *name, Loc loc)
{
	Sym *s;
	if (p->fn) {
		if ((s = mapget(&p->local, name)) || (s = rangeelem(p, name, loc)))
			return s;
	}
	if (name[0] == '%' || strcmp(name, "WARP_SZ") == 0)
		if ((s = sreg(p, name, loc)))
			return s;
	if ((s = mapget(&p->global, name)))
		return s;
	if (p->fn) {
		if ((s = mapget(&p->labels, name)))
			return s;
		if (name[0] != '%')
			return pendinglabel(p, name, loc);
	}
	diag_err(p->dg, loc, "unknown symbol '%s'", name);
	return NULL;
}

/* ---------------------------------------------------------------- expressions */

/* Section data is the bulk of a debug build's PTX and is kept only as
 * text: its expressions come from a scratch arena dropped every few
 * hundred items. */
static void *
palloc(Parser *p, size_t n)
{
	return ir_alloc(p->insection ? p->scratch : p->a, n);
}

Expr *
ps_expr(Parser *p, int kind, Loc loc)
{
	Expr *e = palloc(p, sizeof *e);
	e->kind = kind;
	e->loc = loc;
	return e;
}

Expr *
ps_bin(Parser *p, int kind, Expr *a, Expr *b, Loc loc)
{
	Expr *e = ps_expr(p, kind, loc);
	e->a = a;
	e->b = b;
	return e;
}

Expr *
ps_un(Parser *p, int kind, Expr *a, Loc loc)
{
	Expr *e;

	if (kind == E_NEG && a->kind == E_FLOAT) {
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
	e = ps_expr(p, kind, loc);
	e->a = a;
	return e;
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

static int fold(Parser *p, const Expr *e, int64_t *v);

/* name[index]: the address of element index of an array variable, as the
 * PTX ISA writes it (`mov.u32 ptr, A[5]`); it becomes name+offset with the
 * index scaled by the element size, which is how the GPU reads it. */
Expr *
ps_index(Parser *p, const Tok *t, Expr *idx, Loc loc)
{
	Expr *e = ps_name(p, t, NULL, loc);
	Sym *s = resolve(p, t->s, loc);
	int64_t k = 0;

	e->sym = s;
	if (!s)
		return e;
	if (s->kind != SYM_VAR) {
		diag_err(p->dg, loc, "'%s' is not a variable: only an array variable can be indexed", t->s);
		return e;
	}
	if (!fold(p, idx, &k)) {
		diag_err(p->dg, idx->loc, "the index of '%s' must be a constant", t->s);
		return e;
	}
	Expr *off = ps_expr(p, E_INT, idx->loc);
	off->i = k * (int64_t)(ir_tyinfo[s->type].bits / 8) * (s->vec ? s->vec : 1);
	Expr *r = ps_bin(p, E_ADD, e, off, loc);
	r->indexed = 1;
	return r;
}

Expr *
ps_listexpr(Parser *p, int kind, EList *l, Loc loc)
{
	Expr *e = ps_expr(p, kind, loc);
	if (l) {
		e->elt = l->v;
		e->nelt = l->n;
	}
	return e;
}

Expr *
ps_call(Parser *p, const Tok *name, EList *args, Loc loc)
{
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
	return e;
}

EList *
ps_elist(Parser *p, EList *l, Expr *e)
{
	if (!l)
		l = palloc(p, sizeof *l);
	PUSH(p->insection ? p->scratch : p->a, l->v, l->n, l->cap, e);
	return l;
}

/* Appends b to a with a NULL separator (the commas of a .loc tail). */
EList *
ps_elist_cat(Parser *p, EList *a, EList *b)
{
	a = ps_elist(p, a, NULL);
	for (int i = 0; i < b->n; i++)
		a = ps_elist(p, a, b->v[i]);
	return a;
}

/* Folds an integer constant expression; 0 when e is not one. */
static int
fold(Parser *p, const Expr *e, int64_t *v)
{
	int64_t a, b, c;
	switch (e->kind) {
	case E_INT: *v = e->i; return 1;
	case E_PAREN:
		return e->nelt == 1 && fold(p, e->elt[0], v);
	case E_NEG: if (!fold(p, e->a, &a)) return 0; *v = (int64_t)(0 - (uint64_t)a); return 1;
	case E_NOT: if (!fold(p, e->a, &a)) return 0; *v = ~a; return 1;
	case E_LNOT: if (!fold(p, e->a, &a)) return 0; *v = !a; return 1;
	case E_COND:
		if (!fold(p, e->a, &a) || !fold(p, e->b, &b) || !fold(p, e->c, &c)) return 0;
		*v = a ? b : c;
		return 1;
	default:
		break;
	}
	if (e->kind < E_ADD || e->kind > E_GE || !fold(p, e->a, &a) || !fold(p, e->b, &b))
		return 0;
	uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
	switch (e->kind) {
	case E_ADD: *v = (int64_t)(ua + ub); break;
	case E_SUB: *v = (int64_t)(ua - ub); break;
	case E_MUL: *v = (int64_t)(ua * ub); break;
	case E_DIV: case E_REM:
		if (b == 0) {
			diag_err(p->dg, e->loc, "division by zero in constant expression");
			*v = 0;
			return 1;
		}
		if (a == INT64_MIN && b == -1)
			*v = e->kind == E_DIV ? a : 0;
		else
			*v = e->kind == E_DIV ? a / b : a % b;
		break;
	case E_SHL: *v = ub >= 64 ? 0 : (int64_t)(ua << ub); break;
	case E_SHR: *v = ub >= 64 ? (a < 0 ? -1 : 0) : a >> ub; break;
	case E_AND: *v = a & b; break;
	case E_OR: *v = a | b; break;
	case E_XOR: *v = a ^ b; break;
	case E_LAND: *v = a && b; break;
	case E_LOR: *v = a || b; break;
	case E_EQ: *v = a == b; break;
	case E_NE: *v = a != b; break;
	case E_LT: *v = a < b; break;
	case E_LE: *v = a <= b; break;
	case E_GT: *v = a > b; break;
	case E_GE: *v = a >= b; break;
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
		if ((n = nameoff(p, e->a, off)) && fold(p, e->b, &k)) {
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
	if (e->kind == E_ADD && fold(p, e->a, &k) && nameoff(p, e->b, &off))
		return 1;
	if (e->kind == E_SUB && nameoff(p, e->a, &off) && fold(p, e->b, &k))
		return 1;
	return 0;
}

/* Resolves the names of an initializer or an unfoldable operand
 * expression, and turns braces into E_LIST. */
static void
resolvetree(Parser *p, Expr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_SYM:
		if (!e->uns && !e->sym)
			e->sym = resolve(p, e->text, e->loc);
		return;
	case E_GENERIC:
		if (e->a && e->a->kind == E_SYM)
			e->sym = e->a->sym = resolve(p, e->a->text, e->a->loc);
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
		resolvetree(p, e);
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
	resolvetree(p, e->a);
	resolvetree(p, e->b);
	resolvetree(p, e->c);
	for (int i = 0; i < e->nelt; i++)
		resolvetree(p, e->elt[i]);
}

/* ---------------------------------------------------------------- operands */

static Opnd *
newopnd(Parser *p, int kind, Loc loc)
{
	Opnd *o = ir_alloc(p->a, sizeof *o);
	o->kind = kind;
	o->loc = loc;
	return o;
}

static void lower(Parser *p, Expr *e, Opnd *o);

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
		Sym *s = e->text[0] == '%' ? resolve(p, e->text, e->loc) : NULL;
		return s && (s->kind == SYM_REG || s->kind == SYM_SREG);
	}
	if (hasreg(p, e->a) || hasreg(p, e->b) || hasreg(p, e->c))
		return 1;
	for (int i = 0; i < e->nelt; i++)
		if (hasreg(p, e->elt[i]))
			return 1;
	return 0;
}

static Opnd *
lowerlist(Parser *p, Expr **v, int n)
{
	Opnd *o = ir_alloc(p->a, (size_t)(n ? n : 1) * sizeof *o);
	for (int i = 0; i < n; i++)
		lower(p, v[i], &o[i]);
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
	if (e->nelt == 1 && (ix = indexed(e->elt[0]))) {
		diag_err(p->dg, ix->loc, "an array element cannot be written inside [ ]: write [name+offset]");
		return;
	}
	if (e->nelt != 1) {
		o->addrlist = 1;
		o->sub = lowerlist(p, e->elt, e->nelt);
		o->nsub = e->nelt;
		return;
	}
	Expr *x = e->elt[0];
	if (fold(p, x, &k)) {
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
	Opnd *b = newopnd(p, OK_REG, n->loc);
	lower(p, (Expr *)n, b);
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
	int k = selpart(e->flkind);
	if (e->flkind && k < 0) {
		diag_err(p->dg, e->loc, "'.%s' is no element of the vector register '%s' (.x .y .z .w or .r .g .b .a)",
			e->flkind == SEL_TEXT && e->c ? e->c->text : ir_selname[e->flkind], v->name);
		o->kind = OK_SINK;
		return;
	}
	if (k >= 0) {
		o->kind = OK_REG;
		o->sym = vecpart(p, v, k);
		return;
	}
	o->kind = OK_VEC;
	o->nsub = v->vec;
	o->sub = ir_alloc(p->a, (size_t)v->vec * sizeof *o->sub);
	for (int i = 0; i < v->vec; i++) {
		o->sub[i].kind = OK_REG;
		o->sub[i].loc = e->loc;
		o->sub[i].sym = vecpart(p, v, i);
	}
}

static void
lower(Parser *p, Expr *e, Opnd *o)
{
	int64_t k;
	memset(o, 0, sizeof *o);
	o->loc = e->loc;
	switch (e->kind) {
	case E_SYM: {
		Sym *s = resolve(p, e->text, e->loc);
		o->sym = s;
		if (s && s->kind == SYM_REG && s->vec > 1) {
			lowervecreg(p, e, s, o);
			return;
		}
		if (s && s->kind == SYM_SREG && selpart(e->flkind) >= 0 && !sregvec(s->name)) {
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
		o->kind = OK_VEC;
		o->sub = lowerlist(p, e->elt, e->nelt);
		o->nsub = e->nelt;
		return;
	case E_PAREN:
		if (e->nelt == 1 && e->elt[0]->kind == E_SYM && e->elt[0]->text[0] == '%') {
			diag_err(p->dg, e->loc, "a register cannot be written in parentheses");
			o->kind = OK_SINK;
			return;
		}
		if (e->nelt == 1 && !fold(p, e, &k)) {
			lower(p, e->elt[0], o);
			return;
		}
		break;
	case E_LNOT:
		if (e->a->kind == E_SYM && !fold(p, e, &k)) {
			o->kind = OK_NOT;
			o->sub = lowerlist(p, &e->a, 1);
			o->nsub = 1;
			return;
		}
		break;
	case E_OR:
		if (e->a->kind == E_SYM && e->b->kind == E_SYM) {
			o->kind = OK_PAIR;
			Expr *v[2] = {e->a, e->b};
			o->sub = lowerlist(p, v, 2);
			o->nsub = 2;
			return;
		}
		break;
	default:
		break;
	}
	if (fold(p, e, &k)) {
		o->kind = OK_IMM;
		o->imm = k;
		o->uns = (uint8_t)(e->kind == E_INT && e->uns);
		return;
	}
	const Expr *n = nameoff(p, e, &k);
	if (n) {
		lower(p, (Expr *)n, o);
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
	resolvetree(p, e);
	o->kind = OK_EXPR;
	o->e = e;
}

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
	if (e && (!fold(p, e, &k) || k < 0)) {
		diag_err(p->dg, e->loc, "array size must be a non-negative integer constant");
		k = 0;
	}
	if (d->ndim == 4) {
		diag_err(p->dg, loc, "too many array dimensions (at most 4)");
		return;
	}
	if (!e && d->ndim > 0) {
		diag_err(p->dg, loc, "only the first array dimension can be left empty");
		k = 0;
	}
	d->dim[d->ndim++] = k;
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
static int
specs(Parser *p, SpecList *l, Sym *s)
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
	if (s->vec > 1) {
		const char *why = NULL;
		if (s->type == TY_PRED)
			why = "a .pred variable cannot be a vector";
		else if (s->space == SP_PARAM)
			why = "a .param variable cannot be a vector";
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

/* ptxas refuses a float value for a .u/.s variable and an integer one
 * for a .f variable ("Initial value type mismatch"); .b takes both. */
static void
inittype(Parser *p, const Sym *s, const Expr *e)
{
	if (e->kind == E_LIST) {
		for (int i = 0; i < e->nelt; i++)
			inittype(p, s, e->elt[i]);
		return;
	}
	int tk = ir_tyinfo[s->type].kind, k = initkind(e);
	if ((k == 2 && (tk == TK_UINT || tk == TK_SINT)) || (k == 1 && tk == TK_FLOAT))
		diag_err(p->dg, e->loc, "%s value for the .%s variable '%s'",
			k == 2 ? "a floating-point" : "an integer", ir_tyinfo[s->type].name, s->name);
}

/* Makes the Sym of one declarator from the classified specifiers. */
static Sym *
declsym(Parser *p, const Sym *proto, Decl *d)
{
	Sym *s = newsym(p, proto->space == SP_REG ? SYM_REG : SYM_VAR, d->name, d->loc);
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
	memcpy(s->dim, d->dim, sizeof s->dim);
	if (d->range >= 0) {
		if (s->kind != SYM_REG) {
			diag_err(p->dg, d->loc, "a <N> range is only allowed on .reg declarations");
		} else if (d->range == 0) {
			diag_err(p->dg, d->loc, "register range %s<0> declares no registers", d->name);
		}
		s->range = d->range > 0 ? d->range : 1;
	}
	if (d->init) {
		resolvetree(p, d->init);
		s->init = d->init;
		if (s->type == TY_F16)
			diag_err(p->dg, d->init->loc, "a .f16 variable cannot have an initializer");
		else
			inittype(p, s, d->init);
		/* an unsized array takes its size from its initializer */
		if (s->ndim >= 1 && s->dim[0] < 0 && d->init->kind == E_LIST)
			s->dim[0] = d->init->nelt;
	}
	s->size = symsize(s);
	if (s->size == -2) {   /* the product of its dimensions does not fit in 64 bits */
		diag_err(p->dg, d->loc, "array '%s' is too large: its size does not fit in 64 bits", d->name);
		s->size = 0;
	}
	return s;
}

static void
addstmt(Parser *p, Stmt st)
{
	PUSH(p->a, p->fn->stmt, p->fn->nstmt, p->fn->capstmt, st);
}

static void
additem(Parser *p, char kind, int idx, const char *text, Loc loc)
{
	struct Item it = {kind, idx, text, loc};
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

void
ps_vardecl(Parser *p, SpecList *l, DeclList *dl, Loc loc)
{
	Sym proto = {0};
	(void)loc;
	p->ntop++;
	if (specs(p, l, &proto) < 0)
		return;
	for (int i = 0; i < dl->n; i++) {
		Decl *d = &dl->v[i];
		Sym *s = declsym(p, &proto, d);
		if (s->kind == SYM_REG && s->ndim) {
			diag_err(p->dg, d->loc, "a .reg variable cannot be an array");
			continue;
		}
		if (s->ndim && s->dim[0] < 0 && !s->init && s->linkage != LINK_EXTERN) {
			/* ptxas: "Non-external variable has incomplete type" */
			diag_err(p->dg, d->loc, "array '%s' has no size: only an .extern array may leave it out",
				s->name);
			continue;
		}
		if (p->fn) {
			if (mapget(&p->local, s->name) && !p->nmark) {
				diag_err(p->dg, d->loc, "duplicate definition of '%s'", s->name);
				continue;
			}
			if (s->kind == SYM_REG && s->range) {
				if (mapget(&p->ranges, s->name) && !p->nmark) {
					diag_err(p->dg, d->loc, "duplicate definition of '%s<%lld>'", s->name,
						(long long)s->range);
					continue;
				}
				bind(p, &p->ranges, s->name, s);
			} else {
				bind(p, &p->local, s->name, s);
				if (s->kind == SYM_REG && s->vec == 1)
					addreg(p, s);
				else
					PUSH(p->a, p->fn->syms, p->fn->nsyms, p->fn->capsyms, s);
			}
			addstmt(p, (Stmt){.kind = ST_DECL, .loc = d->loc, .sym = s});
			continue;
		}
		if (s->kind == SYM_REG) {
			diag_err(p->dg, d->loc, ".reg declarations are only allowed inside functions");
			continue;
		}
		Sym *old = mapget(&p->global, s->name);
		if (old && !redeclare(p, old, s))
			continue;
		mapset(p->a, &p->global, s->name, s);
		PUSH(p->a, p->m->syms, p->m->nsyms, p->m->capsyms, s);
		additem(p, 'v', p->m->nsyms - 1, NULL, d->loc);
	}
}

/* ---------------------------------------------------------------- module directives */

static void
topdirective(Parser *p, Loc loc, const char *what)
{
	if (!p->seen_version && p->ntop == 0) {
		diag_err(p->dg, loc, "missing .version directive at start of module");
		p->seen_version = -1;
	}
	(void)what;
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
}

/* The PTX ISA version that introduced a target (ptxas 13.0 refuses an
 * older .version with it); 0 for the old ones every version has. */
static int
targetisa(int sm)
{
	static const struct { int sm, isa; } v[] = {
		{12, 12}, {13, 12}, {20, 20}, {21, 20}, {30, 30}, {32, 40}, {35, 31}, {37, 41},
		{50, 40}, {52, 41}, {53, 42}, {60, 50}, {61, 50}, {62, 50}, {70, 60}, {72, 61}, {75, 63}, {80, 70},
		{86, 71}, {87, 74}, {89, 78}, {90, 78}, {100, 86}, {101, 86},
		{103, 88}, {110, 90}, {120, 87}, {121, 88},
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		if (v[i].sm == sm)
			return v[i].isa;
	return 0;
}

void
ps_target(Parser *p, EList *words, Loc loc)
{
	static const char *const known[] = {"texmode_unified", "texmode_independent", "debug",
		"map_f64_to_f32"};
	topdirective(p, loc, ".target");
	if (p->seen_target)
		diag_err(p->dg, loc, "more than one .target directive");
	p->seen_target = 1;
	for (int i = 0; i < words->n; i++) {
		const char *w = words->v[i]->text;
		Loc wl = words->v[i]->loc;
		int ok = 0, sm = 0, n = 0;
		char suf = 0, extra = 0;
		PUSH(p->a, p->m->targets, p->m->ntargets, p->m->captargets, w);
		for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
			ok |= strcmp(w, known[k]) == 0;
		if (ok)
			continue;
		if (strncmp(w, "sm_", 3) == 0)
			n = sscanf(w + 3, "%d%c%c", &sm, &suf, &extra);
		else if (strncmp(w, "compute_", 8) == 0)
			n = sscanf(w + 8, "%d%c%c", &sm, &suf, &extra);
		if (n < 1 || sm < 10 || (n >= 2 && suf != 'a' && suf != 'f') || n == 3) {
			diag_err(p->dg, wl, "unknown target '%s'", w);
			continue;
		}
		if (!p->m->sm) {
			p->m->sm = sm;
			p->m->smsuffix = n >= 2 ? suf : 0;
		}
		int isa = targetisa(sm);
		if (p->m->ver_major && p->m->ver_major * 10 + p->m->ver_minor < isa)
			diag_err(p->dg, wl, "PTX ISA .version %d.%d does not support .target %s (it needs %d.%d)",
				p->m->ver_major, p->m->ver_minor, w, isa / 10, isa % 10);
	}
	for (int i = 0; i < words->n; i++)
		if (strcmp(words->v[i]->text, "map_f64_to_f32") == 0 && p->m->sm >= 13)
			diag_err(p->dg, words->v[i]->loc, "map_f64_to_f32 is not supported on sm_13 and later");
}

void
ps_address_size(Parser *p, const Tok *t, Loc loc)
{
	topdirective(p, loc, ".address_size");
	if (p->m->ver_major && p->m->ver_major * 10 + p->m->ver_minor < 23) {
		diag_err(p->dg, loc, ".address_size requires PTX ISA .version 2.3 or later");
		return;
	}
	if (t->i != 32 && t->i != 64) {
		diag_err(p->dg, loc, ".address_size must be 32 or 64");
		return;
	}
	p->m->address_size = (int)t->i;
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

void
ps_file(Parser *p, const Tok *idx, const Tok *path, EList *rest, Loc loc)
{
	topdirective(p, loc, ".file");
	File fl = {(int)idx->i, path->s, rest ? exprtext(p, rest->v, rest->n, ", ", ", ") : NULL};
	PUSH(p->a, p->m->file, p->m->nfile, p->m->capfile, fl);
	additem(p, 'l', p->m->nfile - 1, NULL, loc);
}

void
ps_locdir(Parser *p, const Tok *file, const Tok *line, const Tok *col, EList *rest, Loc loc)
{
	char *text = NULL;
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
	p->locfile = (int)file->i;
	p->locline = (int)line->i;
	p->loccol = (int)col->i;
	if (p->fn)
		addstmt(p, (Stmt){.kind = ST_LOC, .loc = loc, .a = (int)file->i, .b = (int)line->i,
			.c = (int)col->i, .text = text});
}

void
ps_pragma(Parser *p, EList *strs, Loc loc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f) {
		nomem(p);
		return;
	}
	for (int i = 0; i < strs->n; i++)
		fprintf(f, "%s\"%s\"", i ? ", " : "", strs->v[i]->text);
	char *text = adopt(p, f, &buf, &len);
	if (p->fn)
		addstmt(p, (Stmt){.kind = ST_PRAGMA, .loc = loc, .text = text});
	else {
		topdirective(p, loc, ".pragma");
		additem(p, 'p', -1, text, loc);
	}
}

void
ps_alias(Parser *p, const Tok *a, const Tok *b, Loc loc)
{
	topdirective(p, loc, ".alias");
	Sym *sa = mapget(&p->global, a->s), *sb = mapget(&p->global, b->s);
	if (!sb || sb->kind != SYM_FUNC)
		diag_err(p->dg, loc, ".alias target '%s' is not a declared function", b->s);
	if (!sa || sa->kind != SYM_FUNC)
		diag_err(p->dg, loc, ".alias name '%s' must be declared as a function first", a->s);
	char buf[512];
	snprintf(buf, sizeof buf, "%s, %s", a->s, b->s);
	additem(p, 'a', -1, ir_strndup(p->a, buf, strlen(buf)), loc);
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
	(void)loc;
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
		if (fold(p, x, &k))
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
	topdirective(p, loc, ".section");
	/* a DOTWORD name comes without its dot; an IDENT name has none */
	snprintf(nm, sizeof nm, "%s%s", name->fl ? "." : "", name->s);
	Section s = {lex_intern(p, nm, strlen(nm)), ir_strndup(p->a, p->sb ? p->sb : "", p->nsb), loc};
	PUSH(p->a, p->m->sec, p->m->nsec, p->m->capsec, s);
	additem(p, 's', p->m->nsec - 1, NULL, loc);
}

/* ---------------------------------------------------------------- functions */

void
ps_fkind(Parser *p, SpecList *l, int entry, Loc loc)
{
	p->fspecs = l;
	p->fentry = entry;
	p->floc = loc;
}

static Param *
params(Parser *p, PList *l, int *n)
{
	*n = 0;
	if (!l || !l->n)
		return NULL;
	Param *v = ir_alloc(p->a, (size_t)l->n * sizeof *v);
	for (int i = 0; i < l->n; i++) {
		Sym proto = {0};
		if (specs(p, l->spec[i], &proto) < 0)
			continue;
		if (proto.space != SP_PARAM && proto.space != SP_REG) {
			diag_err(p->dg, l->spec[i]->loc, "parameters must be .param or .reg");
			continue;
		}
		if (proto.vec > 1) {
			diag_err(p->dg, l->spec[i]->loc, "a vector .reg parameter is not supported");
			continue;
		}
		if (l->d[i].init)
			diag_err(p->dg, l->d[i].loc, "a parameter cannot have an initializer");
		Func *save = p->fn;
		p->fn = NULL;
		v[*n].sym = declsym(p, &proto, &l->d[i]);
		p->fn = save;
		v[*n].sym->inner = 0;
		(*n)++;
	}
	return v;
}

void
ps_func_begin(Parser *p, PList *rets, const Tok *name, PList *pars, Loc loc)
{
	topdirective(p, p->floc, ".func");
	Func *fn = ir_alloc(p->a, sizeof *fn);
	Sym proto = {0};
	fn->entry = p->fentry;
	fn->name = name->s;
	fn->loc = loc;
	if (p->fspecs)
		for (int i = 0; i < p->fspecs->n; i++) {
			Spec *sp = &p->fspecs->v[i];
			switch (sp->kw) {
			case K_VISIBLE: fn->linkage = LINK_VISIBLE; break;
			case K_EXTERN: fn->linkage = LINK_EXTERN; break;
			case K_WEAK: fn->linkage = LINK_WEAK; break;
			case K_COMMON: fn->linkage = LINK_COMMON; break;
			default:
				diag_err(p->dg, sp->loc, "unexpected '.%s' before %s", sp->s,
					fn->entry ? ".entry" : ".func");
			}
		}
	if (rets && fn->entry)
		diag_err(p->dg, loc, "a kernel (.entry) cannot return values");
	fn->ret = params(p, rets, &fn->nret);
	fn->par = params(p, pars, &fn->npar);
	(void)proto;
	Sym *s = mapget(&p->global, name->s);
	if (s && s->kind != SYM_FUNC) {
		diag_err(p->dg, loc, "'%s' is already declared as a variable", name->s);
		s = NULL;
	}
	if (!s) {
		s = newsym(p, SYM_FUNC, name->s, loc);
		s->linkage = fn->linkage;
		mapset(p->a, &p->global, name->s, s);
		PUSH(p->a, p->m->syms, p->m->nsyms, p->m->capsyms, s);
	}
	if (!s->fn)
		s->fn = fn;
	fn->sym = s;
	p->hdr = fn;
}

void
ps_perf(Parser *p, const Tok *dir, EList *vals, Loc loc)
{
	Func *fn = p->hdr;
	int64_t v[3] = {0, 0, 0};
	int n = vals ? vals->n : 0;
	if (!fn)
		return;
	for (int i = 0; i < n && i < 3; i++)
		v[i] = vals->v[i]->i;
	int want3 = dir->kw == K_MAXNTID || dir->kw == K_REQNTID || dir->kw == K_REQNCTAPERCLUSTER;
	int want0 = dir->kw == K_EXPLICITCLUSTER || dir->kw == K_BLOCKSARECLUSTERS;
	if (want0 ? n != 0 : want3 ? (n < 1 || n > 3) : n != 1) {
		diag_err(p->dg, loc, "wrong number of values for .%s", dir->s);
		return;
	}
	for (int i = 0; i < n && i < 3; i++)
		if (v[i] < 0 || v[i] > 0x7fffffff) {
			diag_err(p->dg, loc, "value of .%s out of range", dir->s);
			return;
		}
	switch (dir->kw) {
	case K_MAXNREG: fn->maxnreg = (int)v[0]; break;
	case K_MINNCTAPERSM: fn->minnctapersm = (int)v[0]; break;
	case K_MAXNCTAPERSM: fn->maxnctapersm = (int)v[0]; break;
	case K_MAXCLUSTERRANK: fn->maxclusterrank = (int)v[0]; break;
	case K_EXPLICITCLUSTER: fn->explicitcluster = 1; break;
	case K_BLOCKSARECLUSTERS: fn->blocksareclusters = 1; break;
	case K_MAXNTID:
		for (int i = 0; i < 3; i++) fn->maxntid[i] = i < n ? (int)v[i] : 1;
		fn->nmaxntid = n;
		break;
	case K_REQNTID:
		for (int i = 0; i < 3; i++) fn->reqntid[i] = i < n ? (int)v[i] : 1;
		fn->nreqntid = n;
		break;
	case K_REQNCTAPERCLUSTER:
		for (int i = 0; i < 3; i++) fn->reqnctapercluster[i] = i < n ? (int)v[i] : 1;
		fn->nreqnctapercluster = n;
		break;
	}
}

void
ps_noreturn(Parser *p)
{
	if (!p->hdr)
		return;
	if (p->hdr->entry && p->hdr->sym) {
		/* ptxas: a syntax error */
		diag_err(p->dg, p->hdr->loc, "a kernel (.entry) cannot be .noreturn");
		return;
	}
	p->hdr->noreturn = 1;
}

void
ps_func_body(Parser *p)
{
	Func *fn = p->hdr;
	if (!fn)
		return;
	if (fn->sym->fn && fn->sym->fn != fn && fn->sym->fn->hasbody)
		diag_err(p->dg, fn->loc, "duplicate definition of function '%s'", fn->name);
	fn->sym->fn = fn;
	fn->hasbody = 1;
	p->fn = fn;
	memset(&p->local, 0, sizeof p->local);
	memset(&p->ranges, 0, sizeof p->ranges);
	memset(&p->labels, 0, sizeof p->labels);
	p->nundo = p->nmark = p->npending = 0;
	p->locfile = p->locline = p->loccol = 0;
	p->lastlabel = NULL;
	Param *lists[2] = {fn->ret, fn->par};
	int counts[2] = {fn->nret, fn->npar};
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < counts[k]; i++) {
			Sym *s = lists[k][i].sym;
			if (!s)
				continue;
			s->fn = fn;
			if (mapget(&p->local, s->name)) {
				diag_err(p->dg, s->loc, "duplicate parameter '%s'", s->name);
				continue;
			}
			mapset(p->a, &p->local, s->name, s);
			if (s->kind == SYM_REG)
				addreg(p, s);
			else
				PUSH(p->a, fn->syms, fn->nsyms, fn->capsyms, s);
		}
}

void
ps_func_end(Parser *p, int hasbody, Loc loc)
{
	Func *fn = hasbody > 0 ? p->fn : p->hdr;
	if (!fn)
		return;
	if (hasbody < 0) {
		/* no ';': ptxas takes it after a .func header, not after .entry */
		if (fn->entry)
			diag_err(p->dg, fn->loc, "a kernel declaration must end with ';'");
		hasbody = 0;
	}
	if (hasbody) {
		for (int i = 0; i < p->npending; i++) {
			Sym *s = p->pending[i];
			if (!s->defined)
				diag_err(p->dg, s->loc, "unknown symbol '%s'", s->name);
		}
		if (p->nmark)
			diag_err(p->dg, loc, "unbalanced '{' in function body");
	}
	PUSH(p->a, p->m->fn, p->m->nfn, p->m->capfn, fn);
	additem(p, 'f', p->m->nfn - 1, NULL, fn->loc);
	p->fn = NULL;
	p->hdr = NULL;
}

/* ---------------------------------------------------------------- body statements */

void
ps_label(Parser *p, const Tok *name, Loc loc)
{
	if (!p->fn)
		return;
	Sym *s = mapget(&p->labels, name->s);
	if (s && s->defined) {
		diag_err(p->dg, loc, "duplicate definition of label '%s'", name->s);
		return;
	}
	if (!s) {
		s = newsym(p, SYM_LABEL, name->s, loc);
		mapset(p->a, &p->labels, name->s, s);
		PUSH(p->a, p->fn->syms, p->fn->nsyms, p->fn->capsyms, s);
	}
	s->defined = 1;
	s->loc = loc;
	addstmt(p, (Stmt){.kind = ST_LABEL, .loc = loc, .sym = s});
	p->lastlabel = s;
	p->lastlabelstmt = p->fn->nstmt - 1;
}

/* `L: .branchtargets a, b;` turns the label just read into a target list. */
static Sym *
takelabel(Parser *p, const char *what, Loc loc)
{
	if (!p->fn || !p->lastlabel || p->lastlabelstmt != p->fn->nstmt - 1) {
		diag_err(p->dg, loc, "%s must follow a label", what);
		return NULL;
	}
	Sym *s = p->lastlabel;
	p->fn->nstmt--;
	p->lastlabel = NULL;
	return s;
}

void
ps_targets(Parser *p, const Tok *dir, EList *names, Loc loc)
{
	int call = dir->kw == K_CALLTARGETS;
	Sym *s = takelabel(p, call ? ".calltargets" : ".branchtargets", loc);
	if (!s)
		return;
	s->kind = SYM_TARGETS;
	s->list = lowerlist(p, names->v, names->n);
	s->nlist = names->n;
	for (int i = 0; i < s->nlist; i++)
		if (s->list[i].kind != OK_SYM)
			diag_err(p->dg, s->list[i].loc, "expected a %s name", call ? "function" : "label");
	addstmt(p, (Stmt){.kind = ST_TARGETS, .loc = s->loc, .sym = s,
		.text = call ? "calltargets" : "branchtargets"});
}

void
ps_proto(Parser *p, PList *rets, PList *pars, Loc loc)
{
	Sym *s = takelabel(p, ".callprototype", loc);
	Func *fn = ir_alloc(p->a, sizeof *fn);
	Func *save = p->fn;
	fn->ret = params(p, rets, &fn->nret);
	fn->par = params(p, pars, &fn->npar);
	p->fn = save;
	p->hdr = fn;
	if (!s)
		return;
	s->kind = SYM_PROTO;
	s->fn = fn;
	fn->sym = s;
	fn->name = s->name;
	addstmt(p, (Stmt){.kind = ST_PROTO, .loc = s->loc, .sym = s});
}

void
ps_proto_end(Parser *p)
{
	p->hdr = p->fn;
}

void
ps_open(Parser *p, Loc loc)
{
	PUSH(p->a, p->mark, p->nmark, p->capmark, p->nundo);
	addstmt(p, (Stmt){.kind = ST_OPEN, .loc = loc});
}

void
ps_close(Parser *p, Loc loc)
{
	if (!p->nmark)
		return;
	int to = p->mark[--p->nmark];
	while (p->nundo > to) {
		Undo tag = p->undo[--p->nundo];
		Undo u = p->undo[--p->nundo];
		mapset(p->a, tag.key[0] == 'r' ? &p->ranges : &p->local, u.key, u.old);
	}
	addstmt(p, (Stmt){.kind = ST_CLOSE, .loc = loc});
}

Head *
ps_head(Parser *p, Head *h, const Tok *t, Loc loc)
{
	if (!h) {
		h = &p->head;
		h->n = 0;
	}
	if (h->n == 64) {
		if (h->n++ == 64)
			diag_err(p->dg, loc, "too many modifiers");
		return h;
	}
	if (h->n > 64)
		return h;
	h->s[h->n] = t->s;
	h->len[h->n] = t->n;
	h->loc[h->n] = loc;
	h->n++;
	return h;
}

static void
initspaces(Parser *p)
{
	static const struct { const char *s; int sp; } v[] = {
		{"global", SP_GLOBAL}, {"shared", SP_SHARED}, {"shared::cta", SP_SHARED},
		{"shared::cluster", SP_SHARED}, {"local", SP_LOCAL}, {"const", SP_CONST},
		{"param", SP_PARAM}, {"param::entry", SP_PARAM}, {"param::func", SP_PARAM},
		{"tex", SP_TEX},
	};
	p->spaceof = ir_alloc(p->a, NMOD * sizeof *p->spaceof);
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		int id = ir_mod_lookup(v[i].s, strlen(v[i].s));
		if (id > 0 && id < NMOD)
			p->spaceof[id] = (int16_t)v[i].sp;
	}
	p->modv2 = ir_mod_lookup("v2", 2);
	p->modv4 = ir_mod_lookup("v4", 2);
	p->modv8 = ir_mod_lookup("v8", 2);
}

/* call [.uni] (rets), f, (args) [, proto]: which operands are lists. */
static void
lowercall(Parser *p, Ins *in, EList *ops)
{
	int first = 0;
	in->nopnd = ops ? ops->n : 0;
	in->opnd = ir_alloc(p->a, (size_t)(in->nopnd ? in->nopnd : 1) * sizeof *in->opnd);
	for (int i = 0; i < in->nopnd; i++) {
		Expr *e = ops->v[i];
		Opnd *o = &in->opnd[i];
		if (e->kind == E_PAREN) {
			memset(o, 0, sizeof *o);
			o->kind = OK_LIST;
			o->loc = e->loc;
			o->sub = lowerlist(p, e->elt, e->nelt);
			o->nsub = e->nelt;
			if (i == 0) {
				o->isdst = 1;
				first = 1;
			}
		} else
			lower(p, e, o);
	}
	if (in->nopnd <= first) {
		diag_err(p->dg, in->loc, "call without a target");
		return;
	}
	Opnd *t = &in->opnd[first];
	if (t->kind == OK_SYM && t->sym && t->sym->kind != SYM_FUNC && t->sym->kind != SYM_LABEL)
		diag_err(p->dg, t->loc, "'%s' is not a function", t->sym->name);
	in->ndst = first;
}

static int rewrite(Parser *p, Ins *in);
/* vmad's sources may be negated registers (`-%r1`): the negations are
 * taken off before lowering (bit i: source i) and set in Opnd.neg by
 * videocheck. */
static unsigned
vmadneg(EList *ops)
{
	unsigned neg = 0;
	for (int i = 1; ops && i < ops->n && i < 4; i++)
		if (ops->v[i]->kind == E_NEG && ops->v[i]->a->kind == E_SYM) {
			ops->v[i] = ops->v[i]->a;
			neg |= 1u << i;
		}
	return neg;
}

/* Whether selector sel (seltext for SEL_TEXT) may sit on operand i of a
 * video instruction, as ptxas has it: scalar forms take .b0-.b3, .h0, .h1
 * on d, a and b (vmad on a and b); the SIMD forms take a mask on d (.h0
 * .h1 .h10; .b0-.b3 and descending byte lists) and a selector of two
 * halves or four bytes of b:a on a and b.  c never has one. */
static int
videosel(int op, int i, int sel, const char *text)
{
	int simd2 = op >= OP_VADD2 && op <= OP_VSET2, simd4 = op >= OP_VADD4 && op <= OP_VSET4;
	size_t n = sel == SEL_TEXT && text ? strlen(text) : 0;
	if (sel == SEL_NONE)
		return 1;
	if (i == 0 || i == 3) {
		if (i == 3 || op == OP_VMAD)
			return 0;
		if (simd2)
			return sel == SEL_H0 || sel == SEL_H1 || (n == 3 && strcmp(text, "h10") == 0);
		if (simd4)   /* simdsel let through only descending lists and 4-digit forms */
			return (sel >= SEL_B0 && sel <= SEL_B3) || (n >= 3 && text[0] == 'b' && (n < 5 ||
			    strcmp(text, "b3210") == 0));
		return sel >= SEL_B0 && sel <= SEL_H1;
	}
	if (simd2)
		return n == 3 && text[0] == 'h';
	if (simd4)
		return n == 5 && text[0] == 'b';
	return sel >= SEL_B0 && sel <= SEL_H1;
}

/* The operand rules of the video instructions that the operand shapes of
 * ops.def do not say: selectors by position, vmad's negations (of the
 * product or of c, never with .po), and .sat never with a SIMD .add. */
static void
videocheck(Parser *p, Ins *in, unsigned neg)
{
	static const char *const what[] = { "the destination", "a", "b", "c" };
	const char *name = ir_opinfo[in->op].name;
	for (int i = 0; i < in->nopnd && i < 4; i++) {
		Opnd *o = &in->opnd[i];
		if (neg >> i & 1) {
			if (o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG)
				o->neg = 1;
			else
				diag_err(p->dg, o->loc, "only a register can be negated");
		}
		if (o->kind == OK_REG && !videosel(in->op, i, o->sel, o->seltext))
			diag_err(p->dg, o->loc, "'.%s' is not a selector for %s of '%s'",
			    o->sel == SEL_TEXT ? o->seltext : ir_selname[o->sel], what[i], name);
	}
	if (in->op == OP_VMAD && neg) {
		/* -a * -b is no negation */
		int prod = (neg >> 1 ^ neg >> 2) & 1, c = neg >> 3 & 1;
		if (ir_hasmod(in, MOD_PO) && (prod || c))
			diag_err(p->dg, in->loc, "'vmad.po' does not take a negated product or c");
		else if (prod && c)
			diag_err(p->dg, in->loc, "'vmad' negates a*b or c, not both");
	}
	if (in->op < OP_VMAD || in->op == OP_VSET) {
		/* c goes with a secondary operation or a merge into d's part, never both */
		int op2 = ir_hasmod(in, MOD_ADD) || ir_hasmod(in, MOD_MIN) || ir_hasmod(in, MOD_MAX);
		int dsel = in->nopnd > 0 && in->opnd[0].sel != SEL_NONE;
		if ((op2 || dsel) && in->nopnd < 4)
			diag_err(p->dg, in->loc, "'%s' with %s takes c", name, op2 ? "a secondary operation" : "a selector on d");
		else if (op2 && dsel)
			diag_err(p->dg, in->loc, "'%s' takes a secondary operation or a selector on d, not both", name);
	}
	if (in->op == OP_VSHL || in->op == OP_VSHR) {
		if (in->nty == 3 && in->ty[2] != TY_U32)
			diag_err(p->dg, in->loc, "the shift count of '%s' is .u32", name);
		if (!ir_hasmod(in, MOD_CLAMP) && !ir_hasmod(in, MOD_WRAP))
			diag_err(p->dg, in->loc, "'%s' takes .clamp or .wrap", name);
	}
	int nshr = 0;
	for (int i = 0; i < in->nmod; i++)
		nshr += in->mod[i] == MOD_SHR7 || in->mod[i] == MOD_SHR15;
	if (nshr > 1)
		diag_err(p->dg, in->loc, "'vmad' takes one scale, .shr7 or .shr15");
	if (in->op >= OP_VADD2 && ir_hasmod(in, MOD_SAT) && ir_hasmod(in, MOD_ADD))
		diag_err(p->dg, in->loc, "'%s' takes .sat or .add, not both", name);
}

void
ps_ins(Parser *p, Expr *guard, Head *h, EList *ops, Loc loc)
{
	(void)loc;
	if (!p->fn || h->n > 64)
		return;
	if (!p->spaceof)
		initspaces(p);
	int nused = 0;
	int op = ir_op_lookup(h->s, h->len, h->n, &nused);
	if (op < 0) {
		diag_err(p->dg, h->loc[0], "unknown instruction '%s'", h->s[0]);
		return;
	}
	/* A name word written after a modifier (`vote.ballot.sync`, the
	 * pre-.sync order some producers keep) is moved up to the name, so the
	 * longer row (`vote.sync`) is chosen; the printer then writes the
	 * canonical order. */
	for (int i = nused + 1; i < h->n; i++) {
		const char *s[3];
		size_t l[3];
		int k = 0, u;
		for (int j = 0; j < nused && k < 2; j++, k++)
			s[k] = h->s[j], l[k] = h->len[j];
		if (nused > 2)
			break;
		s[k] = h->s[i], l[k] = h->len[i];
		if (ir_op_lookup(s, l, k + 1, &u) >= 0 && u == k + 1) {
			const char *ts = h->s[i];
			size_t tl = h->len[i];
			Loc tloc = h->loc[i];
			for (int j = i; j > nused; j--) {
				h->s[j] = h->s[j - 1];
				h->len[j] = h->len[j - 1];
				h->loc[j] = h->loc[j - 1];
			}
			h->s[nused] = ts;
			h->len[nused] = tl;
			h->loc[nused] = tloc;
			op = ir_op_lookup(h->s, h->len, h->n, &nused);
		}
	}
	const OpInfo *oi = &ir_opinfo[op];
	Ins *in = ir_alloc(p->a, sizeof *in);
	in->op = op;
	in->loc = h->loc[0];
	in->vec = 1;
	in->nmod = h->n - nused;
	in->mod = ir_alloc(p->a, (size_t)(in->nmod ? in->nmod : 1) * sizeof *in->mod);
	in->modtext = ir_alloc(p->a, (size_t)(in->nmod ? in->nmod : 1) * sizeof *in->modtext);
	int bad = 0;
	for (int i = 0; i < in->nmod; i++) {
		int k = nused + i;
		int id = ir_mod_lookup(h->s[k], h->len[k]);
		if (id < 0) {
			diag_err(p->dg, h->loc[k], "unknown modifier '.%s' on '%s'", h->s[k], oi->name);
			bad = 1;
			continue;
		}
		in->mod[i] = (uint16_t)id;
		in->modtext[i] = h->s[k];
		if (id > 0 && id < NTY) {
			if (in->nty < 4)
				in->ty[in->nty++] = id;
		} else if (id == p->modv2)
			in->vec = 2;
		else if (id == p->modv4)
			in->vec = 4;
		else if (id == p->modv8)
			in->vec = 8;
		else if (id < NMOD && p->spaceof[id] && !in->space)
			in->space = p->spaceof[id];
	}
	if (bad)
		return;
	in->srcfile = p->locfile;
	in->srcline = p->locline;
	in->srccol = p->loccol;
	if (guard) {
		in->guard = newopnd(p, OK_REG, guard->loc);
		lower(p, guard, in->guard);
		Opnd *g = in->guard->kind == OK_NOT ? &in->guard->sub[0] : in->guard;
		if (g->kind != OK_REG)
			diag_err(p->dg, guard->loc, "guard must be a predicate register");
	}
	int n = ops ? ops->n : 0;
	if (n < oi->nmin || n > oi->nmax) {
		if (oi->nmin == oi->nmax)
			diag_err(p->dg, in->loc, "'%s' takes %d operand%s, not %d", oi->name, oi->nmin,
				oi->nmin == 1 ? "" : "s", n);
		else
			diag_err(p->dg, in->loc, "'%s' takes %d to %d operands, not %d", oi->name, oi->nmin,
				oi->nmax, n);
		return;
	}
	if (oi->flags & OF_CALL)
		lowercall(p, in, ops);
	else {
		unsigned neg = op == OP_VMAD ? vmadneg(ops) : 0;
		in->nopnd = n;
		in->opnd = lowerlist(p, ops ? ops->v : NULL, n);
		in->ndst = oi->ndst < n ? oi->ndst : n;
		for (int i = 0; i < in->ndst; i++)
			in->opnd[i].isdst = 1;
		if (op >= OP_VADD && op <= OP_VSET4)
			videocheck(p, in, neg);
	}
	if (rewrite(p, in))
		return;
	in->stmt = p->fn->nstmt;
	addstmt(p, (Stmt){.kind = ST_INS, .loc = in->loc, .ins = p->fn->nins});
	PUSH(p->a, p->fn->ins, p->fn->nins, p->fn->capins, in);
}

/* ---------------------------------------------------------------- rewrites
 * Two forms ptxas accepts are rewritten here into plain instructions, so
 * that the passes after the parser never meet them:
 *   - `mov.v4.u16 d, s` between vectors (vector registers or braces):
 *     one scalar mov per element.  ptxas copies all elements at once (a
 *     swap `mov.v2.u32 {r.y, r.x}, r` swaps), so a source element that an
 *     earlier element's mov would overwrite is first copied aside.
 *   - `r+k` as a source value (`st.u64 [a], r+1`): ptxas adds k to the
 *     register in its own width (an SASS IADD3 before the use); here an
 *     add into a fresh register does the same, and the instruction reads
 *     that register.
 * The fresh registers are named %__ptxkit_tN, declared where they are
 * first needed. */

/* A fresh scalar register of type ty, declared at this point of the body. */
static Sym *
tempreg(Parser *p, int ty, Loc loc)
{
	char buf[40];
	const char *name;
	do {
		int n = snprintf(buf, sizeof buf, "%%__ptxkit_t%d", p->ntemp++);
		name = lex_intern(p, buf, (size_t)n);
	} while (mapget(&p->local, name) || mapget(&p->global, name));
	Sym *s = newsym(p, SYM_REG, name, loc);
	s->space = SP_REG;
	s->type = ty;
	bind(p, &p->local, name, s);
	addreg(p, s);
	addstmt(p, (Stmt){.kind = ST_DECL, .loc = loc, .sym = s});
	return s;
}

/* Appends `[guard] name.ty o[0], o[1], ...` (o[0] written) to the body. */
static void
emitins(Parser *p, const char *name, int ty, const Opnd *guard, Opnd *o, int n, Loc loc)
{
	const char *w[1] = {name};
	size_t len[1] = {strlen(name)};
	int nused = 0;
	Ins *in = ir_alloc(p->a, sizeof *in);
	in->op = ir_op_lookup(w, len, 1, &nused);
	assert(in->op >= 0 && nused == 1);
	in->loc = loc;
	in->vec = 1;
	in->nmod = 1;
	in->mod = ir_alloc(p->a, sizeof *in->mod);
	in->modtext = ir_alloc(p->a, sizeof *in->modtext);
	in->mod[0] = (uint16_t)ty;
	in->modtext[0] = ir_tyinfo[ty].name;
	in->ty[0] = ty;
	in->nty = 1;
	in->srcfile = p->locfile;
	in->srcline = p->locline;
	in->srccol = p->loccol;
	if (guard) {
		in->guard = ir_alloc(p->a, sizeof *in->guard);
		*in->guard = *guard;
	}
	in->opnd = ir_alloc(p->a, (size_t)n * sizeof *in->opnd);
	memcpy(in->opnd, o, (size_t)n * sizeof *o);
	in->nopnd = n;
	in->ndst = 1;
	in->opnd[0].isdst = 1;
	in->stmt = p->fn->nstmt;
	addstmt(p, (Stmt){.kind = ST_INS, .loc = loc, .ins = p->fn->nins});
	PUSH(p->a, p->fn->ins, p->fn->nins, p->fn->capins, in);
}

/* `mov.vN.T d, s` with vectors of N on both sides: N scalar movs. */
static void
splitmov(Parser *p, Ins *in)
{
	Opnd *d = &in->opnd[0], *s = &in->opnd[1];
	int n = in->vec, ty = in->nty == 1 ? in->ty[0] : 0;
	if (ty == 0 || n > 4) {
		diag_err(p->dg, in->loc, "'mov.v%d' needs one type", n);
		return;
	}
	if (d->kind != OK_VEC || d->nsub != n) {
		diag_err(p->dg, d->loc, "'mov.v%d' writes a vector of %d registers", n, n);
		return;
	}
	if (s->kind != OK_VEC || s->nsub != n) {
		/* ptxas spreads the bytes of a scalar over the elements here; the
		 * pack form says the same thing plainly */
		diag_err(p->dg, s->loc, "'mov.v%d' of a scalar is not supported: the source must be a vector of %d",
			n, n);
		return;
	}
	Opnd src[4];
	for (int i = 0; i < n; i++) {
		src[i] = s->sub[i];
		int later = 0;
		for (int j = 0; j < i; j++)
			later |= src[i].kind == OK_REG && d->sub[j].kind == OK_REG && src[i].sym == d->sub[j].sym;
		if (later) {
			/* an earlier element writes this source: read it first */
			Opnd t[2] = {{.kind = OK_REG, .loc = src[i].loc}, src[i]};
			t[0].sym = tempreg(p, src[i].sym->type ? src[i].sym->type : ty, in->loc);
			emitins(p, "mov", t[0].sym->type, in->guard, t, 2, in->loc);
			src[i] = t[0];
			src[i].isdst = 0;
		}
	}
	for (int i = 0; i < n; i++) {
		Opnd o[2] = {d->sub[i], src[i]};
		emitins(p, "mov", ty, in->guard, o, 2, in->loc);
	}
}

/* A source `r+k`: reads a fresh register holding r+k instead.  0 when
 * the form is not allowed here (reported). */
static int
plusreg(Parser *p, Ins *in, Opnd *o)
{
	Sym *r = o->sym;
	int ty = r ? r->type : 0;
	if (o->isdst) {
		diag_err(p->dg, o->loc, "a destination must be a register, not a register plus a constant");
		return 0;
	}
	if (!r || r->kind != SYM_REG || o->sel != SEL_NONE) {
		diag_err(p->dg, o->loc, "only a register can have a constant added to it");
		return 0;
	}
	int k = ir_tyinfo[ty].kind, bits = ir_tyinfo[ty].bits;
	if ((k != TK_BIT && k != TK_UINT && k != TK_SINT) || bits < 16 || bits > 64) {
		/* ptxas accepts a float register here and then drops the instruction */
		diag_err(p->dg, o->loc, "a constant can only be added to a 16-, 32- or 64-bit integer register, "
			"not to '%s' (.%s)", r->name, ir_tyinfo[ty].name);
		return 0;
	}
	static const int uty[] = {[16] = TY_U16, [32] = TY_U32, [64] = TY_U64};
	Opnd t[3] = {{.kind = OK_REG, .loc = o->loc}, *o, {.kind = OK_IMM, .loc = o->loc}};
	t[1].imm = 0;
	t[2].imm = bits == 64 ? o->imm : (int64_t)((uint64_t)o->imm & ((1ull << bits) - 1));
	t[0].sym = tempreg(p, uty[bits], o->loc);
	emitins(p, "add", uty[bits], NULL, t, 3, in->loc);
	o->sym = t[0].sym;
	o->imm = 0;
	return 1;
}

/* Rewrites what the instruction needs (see above); 1 when in itself is
 * not to be added (it was replaced, or is in error). */
static int
rewrite(Parser *p, Ins *in)
{
	int bad = 0;
	for (int i = 0; i < in->nopnd; i++) {
		Opnd *o = &in->opnd[i];
		if (o->kind == OK_REG && o->imm)
			bad |= !plusreg(p, in, o);
		if (o->kind == OK_VEC && o->imm) {
			diag_err(p->dg, o->loc, "a constant cannot be added to a vector");
			bad = 1;
		}
		for (int j = 0; j < o->nsub && o->kind == OK_VEC; j++)
			if (o->sub[j].kind == OK_REG && o->sub[j].imm) {
				/* ptxas: a syntax error */
				diag_err(p->dg, o->sub[j].loc, "a vector element must be a register, not a register plus a constant");
				bad = 1;
			}
	}
	if (bad)
		return 1;
	if (in->op == OP_MOV && in->vec > 1 && in->nopnd == 2) {
		splitmov(p, in);
		return 1;
	}
	return 0;
}

/* ---------------------------------------------------------------- entry point */

Module *
parse_module(const char *name, const char *src, size_t len, Diags *dg)
{
	Module *m = ir_module_new(name);
	if (!m)
		return NULL;
	/* Heap scratch, owned by the env until it is freed below. */
	Parser *p = ir_xcalloc(1, sizeof *p);
	p->m = m;
	p->a = m->a;
	p->dg = dg;
	int nerr = dg->nerr;
	lex_init(p, src, len);
	int rc = yyparse(p);
	Loc top = {0, 1, 1};
	if (!p->seen_version && dg->nerr == nerr)
		diag_err(dg, top, "missing .version directive at start of module");
	else if (!p->seen_target && p->seen_version > 0 && dg->nerr == nerr)
		diag_err(dg, top, "missing .target directive");
	ir_arena_free(p->scratch);
	ir_xfree(p->sb);
	ir_xfree(p);
	if (rc != 0 || dg->nerr != nerr) {
		ir_module_free(m);
		return NULL;
	}
	return m;
}

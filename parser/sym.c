/*
 * sym.c -- the parser's symbol tables: the maps of names, the special
 * registers, and the symbols a module and a function body declare or use
 * (register ranges, vector parts, pending labels).  See parse.c for the
 * scoping rules.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "parse.h"
#include "gram.h"

/* ---------------------------------------------------------------- maps */

static size_t
ptrhash(const void *k)
{
	uintptr_t x = (uintptr_t)k;
	x ^= x >> 17;
	x *= 0x9E3779B97F4A7C15u;
	return (size_t)(x ^ (x >> 29));
}

Sym *
parse_mapget(Map *m, const char *k)
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
Sym *
parse_mapset(Arena *a, Map *m, const char *k, Sym *v)
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
void
parse_bind(Parser *p, Map *m, const char *k, Sym *v)
{
	Sym *old = parse_mapset(p->a, m, k, v);
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
	{"%envreg0", TY_U32}, {"%envreg6", TY_U32}, {"%envreg10", TY_U32},
};

/* %pm0..7, %pm0_64..%pm7_64, %envreg0..31, %reserved_smem_offset_0/1,
 * written without a leading zero (ptxas 13.0: "Unknown symbol '%pm8'",
 * of '%envreg32' and '%envreg01' too) */
static int
sregnum(const char *s, int *type)
{
	size_t n = strlen(s);
	const char *num = NULL;
	int max = 0;
	if (strncmp(s, "%pm", 3) == 0)
		num = s + 3, max = 7;
	else if (strncmp(s, "%envreg", 7) == 0)
		num = s + 7, max = 31;
	else if (strncmp(s, "%reserved_smem_offset_", 22) == 0)
		num = s + 22, max = 1;
	if (!num || !*num)
		return 0;
	const char *e = num;
	while (*e >= '0' && *e <= '9')
		e++;
	if (e == num || e - num > 2 || (num[0] == '0' && e - num > 1) || atoi(num) > max)
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
	Sym *s = parse_mapget(&p->sregs, name);
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
	parse_mapset(p->a, &p->sregs, name, s);
	return s;
}

/* ---------------------------------------------------------------- symbols */

Sym *
parse_newsym(Parser *p, int kind, const char *name, Loc loc)
{
	Sym *s = ir_alloc(p->a, sizeof *s);
	s->kind = kind;
	s->name = name;
	s->loc = loc;
	s->vec = 1;
	s->id = -1;
	s->fn = p->fn;
	s->inner = parse_scope(p);
	return s;
}

void
parse_addreg(Parser *p, Sym *s)
{
	s->id = p->fn->nregs;
	PUSH(p->a, p->fn->regs, p->fn->nregs, p->fn->capregs, s);
}

/* The number that ends a name (17 of %r17, 7 of g007), its prefix's
 * length in *prefix; -1 when the name does not end in digits, is all
 * digits or its number has more than 18 digits. */
int64_t
parse_rangenum(const char *name, size_t *prefix)
{
	size_t n = strlen(name), d = n, z;

	while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9')
		d--;
	if (d == n || d == 0)
		return -1;
	for (z = d; z + 1 < n && name[z] == '0'; z++)
		;
	if (n - z > 18)
		return -1;
	*prefix = d;
	return strtoll(name + z, NULL, 10);
}

/* The key a module range g<N> is bound to in p->global: 'g<', as ptxas
 * names it, which no other name can be. */
const char *
parse_rangekey(Parser *p, const char *name, size_t prefix)
{
	char tmp[128], *buf = prefix + 2 <= sizeof tmp ? tmp : ir_alloc(p->a, prefix + 2);

	memcpy(buf, name, prefix);
	buf[prefix] = '<';
	return lex_intern(p, buf, prefix + 1);
}

/* %r17 → the element of a visible range %r<N> with N > 17 (a body's
 * ranges; module: the module's, of variables).  Elements are kept in a
 * map on the range's Sym (not in the scoped maps), so that a name used in
 * a nested block is the same Sym after the block, and by their number:
 * %r017 is %r17 (ptxas makes one register, one variable, of both). */
static Sym *
rangeelem(Parser *p, int module, const char *name, Loc loc)
{
	size_t d;
	int64_t k = parse_rangenum(name, &d);
	Sym *r;
	char buf[24];

	if (k < 0)
		return NULL;
	r = module ? parse_mapget(&p->global, parse_rangekey(p, name, d)) :
	             parse_mapget(&p->ranges, lex_intern(p, name, d));
	if (!r || !r->isrange || k >= r->range)
		return NULL;
	if (!r->elem)
		r->elem = ir_alloc(p->a, sizeof(Map));
	/* k in decimal, as "%lld" writes it: every register operand comes
	 * here, and snprintf was an eighth of the parser's instructions on
	 * the differential tester's kernels */
	char *dig = buf + sizeof buf;
	*--dig = 0;
	do
		*--dig = (char)('0' + k % 10);
	while (k /= 10);
	size_t nb = (size_t)(buf + sizeof buf - 1 - dig);
	char tmp[128], *full = d + nb + 1 <= sizeof tmp ? tmp : ir_alloc(p->a, d + nb + 1);
	memcpy(full, name, d);
	memcpy(full + d, dig, nb + 1);
	const char *canon = lex_intern(p, full, d + nb);
	Sym *s = parse_mapget(r->elem, canon);
	if (s)
		return s;
	if (r->kind == SYM_REG) {
		s = parse_newsym(p, SYM_REG, canon, loc);
		s->space = SP_REG;
		s->type = r->type;
		s->vec = r->vec;
		s->parent = r;
		s->inner = r->inner;
		if (s->vec == 1)
			parse_addreg(p, s);
	} else {
		/* a variable: the range's declaration, named */
		s = ir_alloc(p->a, sizeof *s);
		*s = *r;
		s->name = canon;
		s->isrange = 0;
		s->range = 0;
		s->elem = NULL;
		s->parent = r;
		if (module)
			PUSH(p->a, p->m->syms, p->m->nsyms, p->m->capsyms, s);
		else
			PUSH(p->a, p->fn->syms, p->fn->nsyms, p->fn->capsyms, s);
	}
	parse_mapset(p->a, r->elem, canon, s);
	return s;
}

/* Element k (0..3: x y z w) of a vector register.  The parts are plain
 * scalar registers, so nothing past the parser knows vector registers:
 * `r.y` is the register "r.y" and `r` alone is the vector {r.x, r.y}. */
Sym *
parse_vecpart(Parser *p, Sym *v, int k)
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
		Sym *s = parse_newsym(p, SYM_REG, lex_intern(p, buf, n + 2), v->loc);
		s->space = SP_REG;
		s->type = v->type;
		s->vecof = v;
		s->inner = v->inner;
		s->fn = v->fn;
		parse_addreg(p, s);
		v->part[k] = s;
	}
	return v->part[k];
}

/* The element a selector names: .x .y .z .w or .r .g .b .a; -1 for others. */
int
parse_selpart(int sel)
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
	Sym *s = parse_newsym(p, SYM_LABEL, name, loc);
	parse_mapset(p->a, &p->labels, name, s);
	PUSH(p->a, p->pending, p->npending, p->cappending, s);
	PUSH(p->a, p->fn->syms, p->fn->nsyms, p->fn->capsyms, s);
	return s;
}

/* A module-scope .reg (decl.c) named in a body: the function's own
 * register of that name, made on first use (an element of a module
 * register range by its number, as rangeelem does); NULL when the name is
 * no module register. */
static Sym *
modreg(Parser *p, const char *name, Loc loc)
{
	Sym *r = parse_mapget(&p->global, name), *s;
	const char *canon = name;

	if (!r || r->kind != SYM_REG) {
		size_t d;
		int64_t k = parse_rangenum(name, &d);
		char buf[24], tmp[128], *full;
		if (k < 0)
			return NULL;
		r = parse_mapget(&p->global, parse_rangekey(p, name, d));
		if (!r || r->kind != SYM_REG || !r->isrange || k >= r->range)
			return NULL;
		snprintf(buf, sizeof buf, "%lld", (long long)k);
		size_t nb = strlen(buf);
		full = d + nb + 1 <= sizeof tmp ? tmp : ir_alloc(p->a, d + nb + 1);
		memcpy(full, name, d);
		memcpy(full + d, buf, nb + 1);
		canon = lex_intern(p, full, d + nb);
	}
	if ((s = parse_mapget(&p->fnmodreg, canon)))
		return s;
	s = parse_newsym(p, SYM_REG, canon, loc);
	s->space = SP_REG;
	s->type = r->type;
	s->vec = r->vec;
	s->inner = 0;
	s->modreg = r;
	if (s->vec == 1)
		parse_addreg(p, s);
	parse_mapset(p->a, &p->fnmodreg, canon, s);
	return s;
}

/* Resolves a name used in an operand.  Unknown %names are errors; other
 * unknown names inside a body are taken for labels defined later. */
Sym *
parse_resolve(Parser *p, const char *name, Loc loc)
{
	Sym *s;
	if (p->fn) {
		if ((s = parse_mapget(&p->local, name)) || (s = rangeelem(p, 0, name, loc)) ||
		    (s = modreg(p, name, loc)))
			return s;
	}
	if (name[0] == '%' || strcmp(name, "WARP_SZ") == 0)
		if ((s = sreg(p, name, loc)))
			return s;
	if ((s = parse_mapget(&p->global, name)) || (s = rangeelem(p, 1, name, loc)))
		return s;
	if (p->fn) {
		if ((s = parse_mapget(&p->labels, name)))
			return s;
		if (name[0] != '%')
			return pendinglabel(p, name, loc);
	}
	diag_err(p->dg, loc, "unknown symbol '%s'", name);
	return NULL;
}

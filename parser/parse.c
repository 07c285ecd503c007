/*
 * parse.c — the semantic half of the parser, called from the grammar's
 * actions (gram.y): functions, their bodies and instructions, and the entry
 * point.  Symbols are in sym.c, operand expressions in operand.c,
 * declarations and module directives in decl.c.
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
#include "gram.h"

/* ---------------------------------------------------------------- functions */

void
ps_fkind(Parser *p, SpecList *l, int entry, Loc loc)
{
	p->fspecs = l;
	p->fentry = entry;
	p->floc = loc;
}

/* what: 0 a .func's parameters, 1 a kernel's, 2 return values */
static Param *
params(Parser *p, PList *l, int *n, int what)
{
	*n = 0;
	if (!l || !l->n)
		return NULL;
	Param *v = ir_alloc(p->a, (size_t)l->n * sizeof *v);
	for (int i = 0; i < l->n; i++) {
		Sym proto = {0};
		if (parse_specs(p, l->spec[i], &proto) < 0)
			continue;
		if (proto.space != SP_PARAM && proto.space != SP_REG) {
			diag_err(p->dg, l->spec[i]->loc, "parameters must be .param or .reg");
			continue;
		}
		/* a vector .param is a declaration's (.extern, a header without
		 * a body, a .callprototype): ps_func_body refuses it in a
		 * definition, as ptxas does ("Variable 'x' cannot be allocated
		 * in .param state space") */
		/* ptxas: "Entry parameter 'p' must have .param state space";
		 * "Illegal placement of kernel parameter attribute"; a .func's
		 * parameters and return values are aligned to 128 bytes at most
		 * ("Parameter 'p' has illegal alignment"), a kernel's to any
		 * power of two its parameter space holds */
		if (what == 1 && proto.space != SP_PARAM) {
			diag_err(p->dg, l->spec[i]->loc, "a kernel parameter must be in the .param state space");
			continue;
		}
		if (what != 1 && (proto.attr & VA_PTR)) {
			diag_err(p->dg, l->spec[i]->loc, "'.ptr' is allowed on a kernel's parameters only");
			continue;
		}
		if (what != 1 && proto.align > 128) {
			diag_err(p->dg, l->spec[i]->loc, "a %s's alignment is %d, more than 128",
			    what ? "return value" : "parameter", proto.align);
			continue;
		}
		if (l->d[i].init)
			diag_err(p->dg, l->d[i].loc, "a parameter cannot have an initializer");
		/* ptxas: a syntax error at the '<' */
		if (l->d[i].range >= 0) {
			diag_err(p->dg, l->d[i].loc, "syntax error: a parameter cannot be a range %s<%lld>",
			    l->d[i].name, (long long)l->d[i].range);
			continue;
		}
		/* ptxas: a second dimension is a syntax error, and only a .func's
		 * input can leave its size to the caller ("Parameter to entry
		 * function cannot be an incomplete array", "Output parameter ...") */
		if (l->d[i].ndim > 1)
			diag_err(p->dg, l->d[i].loc, "a parameter has at most one array dimension");
		else if (l->d[i].ndim == 1 && l->d[i].dim[0] <= 0 && what)
			diag_err(p->dg, l->d[i].loc, "%s cannot be an array of unknown size",
			    what == 1 ? "a kernel parameter" : "a return value");
		/* ptxas: [0] is [] for a parameter; "Feature 'Unsized Array
		 * Parameter' requires .target sm_30 or higher" */
		else if (l->d[i].ndim == 1 && l->d[i].dim[0] <= 0 && p->m->sm && p->m->sm < 30)
			diag_err(p->dg, l->d[i].loc, "a parameter array of unknown size needs .target sm_30 or higher");
		Func *save = p->fn;
		p->fn = NULL;
		v[*n].sym = parse_declsym(p, &proto, &l->d[i]);
		p->fn = save;
		v[*n].sym->inner = 0;
		(*n)++;
	}
	return v;
}

void
ps_func_begin(Parser *p, PList *rets, const Tok *name, PList *pars, Loc loc)
{
	parse_topdirective(p, p->floc, ".func");
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
			/* ptxas: .common is a syntax error before .func and .entry */
			default:
				diag_err(p->dg, sp->loc, "unexpected '.%s' before %s", sp->s,
					fn->entry ? ".entry" : ".func");
			}
		}
	if (rets && fn->entry)
		diag_err(p->dg, loc, "a kernel (.entry) cannot return values");
	fn->ret = params(p, rets, &fn->nret, 2);
	fn->par = params(p, pars, &fn->npar, fn->entry);
	(void)proto;
	Sym *s = parse_mapget(&p->global, name->s);
	if (s && s->kind != SYM_FUNC) {
		diag_err(p->dg, loc, "'%s' is already declared as a variable", name->s);
		s = NULL;
	}
	if (!s) {
		Func *body = p->fn;   /* a declaration inside a body is still the module's */
		int nmark = p->nmark;
		p->fn = NULL;
		p->nmark = 0;
		s = parse_newsym(p, SYM_FUNC, name->s, loc);
		p->fn = body;
		p->nmark = nmark;
		s->linkage = fn->linkage;
		parse_mapset(p->a, &p->global, name->s, s);
		PUSH(p->a, p->m->syms, p->m->nsyms, p->m->capsyms, s);
	}
	if (!s->fn)
		s->fn = fn;
	fn->sym = s;
	p->hdr = fn;
	p->hdrpragma.line = 0;
}

void
ps_perf(Parser *p, const Tok *dir, EList *vals, Loc loc)
{
	Func *fn = p->hdr;
	ps_elist_open(p, vals);
	int64_t v[3] = {0, 0, 0};
	int n = vals ? vals->n : 0;
	if (!fn)
		return;
	for (int i = 0; i < n && i < 3; i++)
		v[i] = vals->v[i]->i;
	/* ptxas: a syntax error; they describe a kernel's launch */
	if (!fn->entry) {
		diag_err(p->dg, loc, "syntax error: .%s is a kernel's directive, not a .func's", dir->s);
		return;
	}
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
	/* ptxas: "Positive non-zero value expected for maxntid"; the cluster
	 * sizes may be 0 */
	for (int i = 0; i < n && i < 3; i++)
		if (v[i] == 0 && dir->kw != K_MAXCLUSTERRANK && dir->kw != K_REQNCTAPERCLUSTER) {
			diag_err(p->dg, loc, "positive non-zero value expected for .%s", dir->s);
			return;
		}
	/* ptxas: "Deprecated feature: '.maxnctapersm directive' not supported
	 * as of PTX version 2.1" */
	if (dir->kw == K_MAXNCTAPERSM && p->m->ver_major * 10 + p->m->ver_minor >= 21) {
		diag_err(p->dg, loc, ".maxnctapersm is not supported as of PTX ISA version 2.1 (use .minnctapersm)");
		return;
	}
	/* ptxas: "Conflicting directives: .maxntid and .reqntid cannot both
	 * be specified", and the same of the two cluster sizes */
	if ((dir->kw == K_MAXNTID && fn->nreqntid) || (dir->kw == K_REQNTID && fn->nmaxntid) ||
	    (dir->kw == K_MAXCLUSTERRANK && fn->nreqnctapercluster) ||
	    (dir->kw == K_REQNCTAPERCLUSTER && fn->hasmaxclusterrank)) {
		diag_err(p->dg, loc, "conflicting directives: .%s and .%s cannot both be specified",
		    dir->kw == K_MAXNTID || dir->kw == K_REQNTID ? "maxntid" : "reqnctapercluster",
		    dir->kw == K_MAXNTID || dir->kw == K_REQNTID ? "reqntid" : "maxclusterrank");
		return;
	}
	switch (dir->kw) {
	case K_MAXNREG: fn->maxnreg = (int)v[0]; break;
	case K_MINNCTAPERSM: fn->minnctapersm = (int)v[0]; break;
	case K_MAXNCTAPERSM: fn->maxnctapersm = (int)v[0]; break;
	case K_MAXCLUSTERRANK: fn->maxclusterrank = (int)v[0]; fn->hasmaxclusterrank = 1; break;
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
	/* ptxas: "Invalid directive '.noreturn' for function 'f'" */
	if (p->hdr->nret > 0) {
		diag_err(p->dg, p->hdr->loc, "'.noreturn' function '%s' cannot return values", p->hdr->name);
		return;
	}
	p->hdr->noreturn = 1;
}

/* A .pragma after a function's header, which ptxas 13.0 takes as one of
 * the module's (a body-only pragma there is "allowed only within function
 * scope").  A kernel's body may follow it; a .func's header ends before it
 * (a .func declaration needs no ';'), so a '{' or ';' after it is a syntax
 * error, as is a ';' after a kernel's.  Inside a body, where only
 * declarations have headers, it is an error at once. */
void
ps_hdrpragma(Parser *p, EList *strs, Loc loc)
{
	ps_elist_open(p, strs);
	if (p->fn) {
		diag_err(p->dg, loc, "a .pragma cannot come between a declaration's header and its ';'");
		return;
	}
	if (!p->hdrpragma.line)
		p->hdrpragma = loc;
	ps_pragma(p, strs, loc);
}

void
ps_func_body(Parser *p, Loc loc)
{
	Func *fn = p->hdr;
	if (!fn)
		return;
	if (p->hdrpragma.line && !fn->entry)
		diag_err(p->dg, loc, "syntax error: unexpected '{' after a .pragma (a .func's header ends before it)");
	if (fn->sym->fn && fn->sym->fn != fn && fn->sym->fn->hasbody)
		diag_err(p->dg, fn->loc, "duplicate definition of function '%s'", fn->name);
	fn->sym->fn = fn;
	fn->hasbody = 1;
	p->fn = fn;
	memset(&p->local, 0, sizeof p->local);
	memset(&p->ranges, 0, sizeof p->ranges);
	memset(&p->labels, 0, sizeof p->labels);
	memset(&p->fnmodreg, 0, sizeof p->fnmodreg);
	p->nundo = p->nmark = p->nscope = p->lastscope = p->npending = 0;
	memset(&p->low, 0, sizeof p->low);  /* a fresh table per body (its memory stays in the arena) */
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
			if (s->kind == SYM_VAR && s->space == SP_PARAM && s->vec > 1)
				diag_err(p->dg, s->loc, "parameter '%s' of a function with a body cannot be a vector .param",
				    s->name);
			if (parse_mapget(&p->local, s->name)) {
				diag_err(p->dg, s->loc, "duplicate parameter '%s'", s->name);
				continue;
			}
			parse_mapset(p->a, &p->local, s->name, s);
			/* a vector parameter is its elements, each defined on entry */
			if (s->kind == SYM_REG && s->vec > 1)
				for (int e = 0; e < s->vec; e++)
					parse_vecpart(p, s, e);
			else if (s->kind == SYM_REG)
				parse_addreg(p, s);
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
	if (hasbody == 0 && p->hdrpragma.line)
		diag_err(p->dg, loc, "syntax error: unexpected ';' after a .pragma (a declaration's header ends before it)");
	p->hdrpragma.line = 0;
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
	parse_additem(p, 'f', p->m->nfn - 1, NULL, fn->loc);
	p->fn = NULL;
	p->hdr = NULL;
}

/* A function declared inside a body (`.extern .func f(.param .u32 a);`), as
 * ptxas takes it: a declaration of the module, not of the body; a kernel
 * cannot be declared there. */
void
ps_func_inner(Parser *p, Loc loc)
{
	Func *fn = p->hdr;
	(void)loc;
	p->hdr = p->fn;
	if (!fn || fn == p->fn)
		return;
	if (fn->entry) {
		diag_err(p->dg, p->floc, "a kernel cannot be declared inside a function body");
		return;
	}
	PUSH(p->a, p->m->fn, p->m->nfn, p->m->capfn, fn);
	parse_additem(p, 'f', p->m->nfn - 1, NULL, fn->loc);
}

/* ---------------------------------------------------------------- body statements */

void
ps_label(Parser *p, const Tok *name, Loc loc)
{
	if (!p->fn)
		return;
	Sym *s = parse_mapget(&p->labels, name->s);
	/* a body's variable in sight names it already (ptxas: "Duplicate
	 * definition of label 'L'"; a module's does not) */
	if ((s && s->defined) || parse_mapget(&p->local, name->s)) {
		diag_err(p->dg, loc, "duplicate definition of label '%s'", name->s);
		return;
	}
	if (!s) {
		s = parse_newsym(p, SYM_LABEL, name->s, loc);
		parse_mapset(p->a, &p->labels, name->s, s);
		PUSH(p->a, p->fn->syms, p->fn->nsyms, p->fn->capsyms, s);
	}
	s->defined = 1;
	s->loc = loc;
	parse_addstmt(p, (Stmt){.kind = ST_LABEL, .loc = loc, .sym = s});
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
	ps_elist_open(p, names);
	if (!s)
		return;
	s->kind = SYM_TARGETS;
	s->list = parse_lowerlist(p, names->v, names->n);
	s->nlist = names->n;
	for (int i = 0; i < s->nlist; i++)
		if (s->list[i].kind != OK_SYM)
			diag_err(p->dg, s->list[i].loc, "expected a %s name", call ? "function" : "label");
		/* ptxas: "Illegal call target, device function expected" */
		else if (call && s->list[i].sym && s->list[i].sym->kind != SYM_FUNC)
			diag_err(p->dg, s->list[i].loc, "'%s' in a .calltargets list is no function", s->list[i].sym->name);
	parse_addstmt(p, (Stmt){.kind = ST_TARGETS, .loc = s->loc, .sym = s,
		.text = call ? "calltargets" : "branchtargets"});
}

void
ps_proto(Parser *p, PList *rets, PList *pars, Loc loc)
{
	Sym *s = takelabel(p, ".callprototype", loc);
	if (p->m->ver_major && p->m->ver_major * 10 + p->m->ver_minor < 21)
		diag_err(p->dg, loc, ".callprototype requires PTX ISA .version 2.1 or later");
	Func *fn = ir_alloc(p->a, sizeof *fn);
	Func *save = p->fn;
	fn->ret = params(p, rets, &fn->nret, 2);
	fn->par = params(p, pars, &fn->npar, 0);
	p->fn = save;
	p->hdr = fn;
	if (!s)
		return;
	s->kind = SYM_PROTO;
	s->fn = fn;
	fn->sym = s;
	fn->name = s->name;
	parse_addstmt(p, (Stmt){.kind = ST_PROTO, .loc = s->loc, .sym = s});
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
	PUSH(p->a, p->scope, p->nscope, p->capscope, ++p->lastscope);
	parse_addstmt(p, (Stmt){.kind = ST_OPEN, .loc = loc});
}

/* The id of the scope a declaration now goes to: 0 for the body itself
 * (or outside any), else that of the innermost open { }.  Two
 * declarations of one name clash only within one scope. */
int
parse_scope(const Parser *p)
{
	return p->nmark > 0 && p->nmark <= p->nscope ? p->scope[p->nmark - 1] : 0;
}

void
ps_close(Parser *p, Loc loc)
{
	if (!p->nmark)
		return;
	int to = p->mark[--p->nmark];
	if (p->nscope > p->nmark)
		p->nscope = p->nmark;
	while (p->nundo > to) {
		Undo tag = p->undo[--p->nundo];
		Undo u = p->undo[--p->nundo];
		parse_mapset(p->a, tag.key[0] == 'r' ? &p->ranges : &p->local, u.key, u.old);
	}
	parse_addstmt(p, (Stmt){.kind = ST_CLOSE, .loc = loc});
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
			o->sub = parse_lowerlist(p, e->elt, e->nelt);
			o->nsub = e->nelt;
			/* ptxas: a syntax error; a vector register passes whole */
			for (int k = 0; k < e->nelt; k++)
				if (e->elt[k]->kind == E_BRACE)
					diag_err(p->dg, e->elt[k]->loc, "a call's argument or return value cannot be a vector expression '{...}'");
			if (i == 0) {
				o->isdst = 1;
				first = 1;
			}
		} else
			parse_lower(p, e, o);
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

/* Moves word i of the chain to position j, the words between shifting. */
static void
headmove(Head *h, int i, int j)
{
	const char *ts = h->s[i];
	size_t tl = h->len[i];
	Loc tloc = h->loc[i];
	int d = j < i ? -1 : 1;
	for (; i != j; i += d) {
		h->s[i] = h->s[i + d];
		h->len[i] = h->len[i + d];
		h->loc[i] = h->loc[i + d];
	}
	h->s[j] = ts;
	h->len[j] = tl;
	h->loc[j] = tloc;
}

/* ptxas 13.0 reads .sync as a modifier that may stand anywhere in the
 * chain (redux.add.s32.sync, barrier.aligned.sync, barrier.cta.aligned.sync)
 * where the name words before it are kept in order (barrier.aligned.cta.sync
 * is "Illegal modifier '.cta'").  When the chain names nothing as written,
 * a later .sync goes where it completes the longest name; the words it
 * passes are modifiers then, checked as such.  -1 when it completes none. */
static int
syncfirst(Head *h, int *nused)
{
	int best = -1, bestj = 0, bestu = 0;
	for (int i = 2; i < h->n; i++) {
		if (h->len[i] != 4 || memcmp(h->s[i], "sync", 4) != 0)
			continue;
		for (int j = 1; j < i; j++) {
			int op, u;
			headmove(h, i, j);
			if ((op = ir_op_lookup(h->s, h->len, h->n, &u)) >= 0 && u > j && u > bestu)
				best = op, bestj = j, bestu = u;
			headmove(h, j, i);
		}
		if (best >= 0) {
			headmove(h, i, bestj);
			*nused = bestu;
			return best;
		}
	}
	return -1;
}

static void insn(Parser *p, Expr *guard, Head *h, EList *ops);

/* An instruction; then its operand expressions go back to the parser's
 * list of nodes (parse_recycle), unless an operand keeps one */
void
ps_ins(Parser *p, Expr *guard, Head *h, EList *ops, Loc loc)
{
	int from = p->fn ? p->fn->nins : 0;

	ps_elist_open(p, ops);
	(void)loc;
	insn(p, guard, h, ops);
	for (int i = from; p->fn && i < p->fn->nins; i++) {
		Ins *in = p->fn->ins[i];
		if (parse_keepsexpr(in->guard))
			return;
		for (int k = 0; k < in->nopnd; k++)
			if (parse_keepsexpr(&in->opnd[k]))
				return;
	}
	parse_recycle(p, guard);
	for (int i = 0; ops && i < ops->n; i++)
		parse_recycle(p, ops->v[i]);
}

static void
insn(Parser *p, Expr *guard, Head *h, EList *ops)
{
	if (!p->fn || h->n > 64)
		return;
	if (!p->spaceof)
		initspaces(p);
	int nused = 0;
	int op = ir_op_lookup(h->s, h->len, h->n, &nused);
	if (op < 0)
		op = syncfirst(h, &nused);
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
			headmove(h, i, nused);
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
	/* in the order written: the moves above take only name words out of
	 * the chain (ir_modbefore relies on it) */
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
		in->guard = parse_newopnd(p, OK_REG, guard->loc);
		parse_lower(p, guard, in->guard);
		Opnd *g = in->guard->kind == OK_NOT ? &in->guard->sub[0] : in->guard;
		if (g->kind != OK_REG)
			diag_err(p->dg, guard->loc, "guard must be a predicate register");
	}
	int n = ops ? ops->n : 0;
	/* d|_ as the first operand is d: ptxas drops a sink for the second
	 * half of a destination pair, whatever the instruction (shfl's and
	 * setp's, add's and mov's too), and judges what is left */
	if (n > 0 && ops->v[0]->kind == E_OR && ops->v[0]->b->kind == E_SINK && ops->v[0]->a->kind == E_SYM &&
	    ops->v[0]->a->text && ops->v[0]->a->text[0] == '%')
		ops->v[0] = ops->v[0]->a;
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
		in->opnd = parse_lowerlist(p, ops ? ops->v : NULL, n);
		in->ndst = oi->ndst < n ? oi->ndst : n;
		for (int i = 0; i < in->ndst; i++)
			in->opnd[i].isdst = 1;
		if (op >= OP_VADD && op <= OP_VSET4)
			videocheck(p, in, neg);
	}
	if (rewrite(p, in))
		return;
	in->stmt = p->fn->nstmt;
	parse_addstmt(p, (Stmt){.kind = ST_INS, .loc = in->loc, .ins = p->fn->nins});
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
	} while (parse_mapget(&p->local, name) || parse_mapget(&p->global, name));
	Sym *s = parse_newsym(p, SYM_REG, name, loc);
	s->space = SP_REG;
	s->type = ty;
	parse_bind(p, &p->local, name, s);
	parse_addreg(p, s);
	parse_addstmt(p, (Stmt){.kind = ST_DECL, .loc = loc, .sym = s});
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
	parse_addstmt(p, (Stmt){.kind = ST_INS, .loc = loc, .ins = p->fn->nins});
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
		/* ptxas 13.0 takes a float or predicate register here only while
		 * the result is dead: add.f32 %f2, %f1+4, %f1 with %f2 stored
		 * kills it (SIGSEGV), and.pred %p2, %p1+1, %p1 used hangs it */
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
	parse_fnames(p);
	if (p->tgtword && (p->tgtlater || m->nfn > 0 || m->nsyms > 0))
		diag_err(dg, p->tgtloc, "PTX ISA .version %d.%d does not support .target %s (it needs %d.%d)",
			m->ver_major, m->ver_minor, p->tgtword, p->tgtisa / 10, p->tgtisa % 10);
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

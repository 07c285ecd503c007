/*
 * print_test.c — builds a small Module by hand and checks the exact text
 * ir_print_ptx writes for it, then a few operands and expressions whose
 * spelling is easy to get wrong (negative offsets, unsigned and extreme
 * integers, float forms, parentheses).  The module is built through the
 * ir.h structures only, so this test does not depend on the parser; the
 * expected text is known to be accepted by ptxas (sm_90).
 *
 * Prints `FAIL ...` for each mismatch and ends with "N passed, M failed";
 * exits 0 when nothing failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ir.h"

static int npass, nfail;

#define CHECK(want, got) do { const char *w_ = (want), *g_ = (got); if (strcmp(w_, g_) == 0) npass++; else { \
	nfail++; printf("FAIL %s:%d\n--- want\n%s\n--- got\n%s\n", __FILE__, __LINE__, w_, g_); } } while (0)

static Arena *A;
static char buf[1 << 14];

/* Captures a printer's output: C11 has no memory stream, so a temporary file. */
static FILE *
capbegin(void)
{
	FILE *f = tmpfile();

	if (!f) {
		printf("FAIL tmpfile\n");
		exit(1);
	}
	return f;
}

static const char *
capend(FILE *f)
{
	size_t n;

	rewind(f);
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static const char *
sexpr(const Expr *e)
{
	FILE *f = capbegin();
	ir_print_expr(e, f);
	return capend(f);
}

static const char *
sopnd(const Opnd *o)
{
	FILE *f = capbegin();
	ir_print_opnd(o, f);
	return capend(f);
}

/* ---------------------------------------------------------------- builders */

static void *
new(size_t n)
{
	void *p = ir_alloc(A, n);

	if (!p) {
		printf("FAIL out of memory\n");
		exit(1);
	}
	return p;
}

static Sym *
sym(int kind, const char *name, int space, int type)
{
	Sym *s = new(sizeof *s);

	s->kind = kind;
	s->name = name;
	s->space = space;
	s->type = type;
	s->vec = 1;
	return s;
}

/* %rK of a range: its own Sym whose parent is the declaration */
static Sym *
elem(Sym *range, const char *name)
{
	Sym *s = sym(SYM_REG, name, SP_REG, range->type);

	s->parent = range;
	return s;
}

static Expr *
eint(int64_t v, int uns)
{
	Expr *e = new(sizeof *e);

	e->kind = E_INT;
	e->i = v;
	e->uns = uns;
	return e;
}

static Expr *
enode(int kind, Expr *a, Expr *b, Expr *c)
{
	Expr *e = new(sizeof *e);

	e->kind = kind;
	e->a = a;
	e->b = b;
	e->c = c;
	return e;
}

static Expr *
esym(int kind, Sym *s)
{
	Expr *e = new(sizeof *e);

	e->kind = kind;
	e->sym = s;
	e->text = kind == E_SYM ? s->name : NULL;
	return e;
}

static Expr *
elist(int n, Expr **v)
{
	Expr *e = new(sizeof *e);

	e->kind = E_LIST;
	e->nelt = n;
	e->elt = new(n * sizeof *v);
	memcpy(e->elt, v, n * sizeof *v);
	return e;
}

static Opnd
oreg(Sym *s)
{
	return (Opnd){ .kind = OK_REG, .sym = s };
}

static Opnd
oimm(int64_t v, int uns)
{
	return (Opnd){ .kind = OK_IMM, .imm = v, .uns = (uint8_t)uns };
}

static Opnd
osym(Sym *s, int64_t off)
{
	return (Opnd){ .kind = OK_SYM, .sym = s, .imm = off };
}

static Opnd
ofimm(uint64_t bits, int kind, const char *text)
{
	return (Opnd){ .kind = OK_FIMM, .fbits = bits, .flkind = (uint8_t)kind, .ftext = text };
}

static Opnd *
box(Opnd o)
{
	Opnd *p = new(sizeof *p);

	*p = o;
	return p;
}

static Opnd
oaddr(Opnd base, int64_t off)
{
	return (Opnd){ .kind = OK_ADDR, .base = box(base), .imm = off };
}

static Opnd
ogroup(int kind, int n, const Opnd *v)
{
	Opnd o = { .kind = (uint8_t)kind, .nsub = n };

	o.sub = new(n * sizeof *v);
	memcpy(o.sub, v, n * sizeof *v);
	return o;
}

/* An instruction: "ld.param.u64" is the opcode and its modifier words. */
static Ins *
ins(Func *fn, int op, const char *mods, Opnd *guard, int n, const Opnd *v)
{
	Ins *in = new(sizeof *in);
	char *w, *p;

	in->op = op;
	in->guard = guard;
	in->vec = 1;
	in->mod = new(8 * sizeof *in->mod);
	in->modtext = new(8 * sizeof *in->modtext);
	if (mods) {
		p = ir_strndup(A, mods, strlen(mods));
		for (w = strtok(p, "."); w; w = strtok(NULL, "."))
			in->modtext[in->nmod++] = w;
	}
	in->nopnd = n;
	in->opnd = new((n ? n : 1) * sizeof *v);
	memcpy(in->opnd, v, n * sizeof *v);
	in->stmt = fn->nstmt;
	PUSH(A, fn->ins, fn->nins, fn->capins, in);
	PUSH(A, fn->stmt, fn->nstmt, fn->capstmt, ((Stmt){ .kind = ST_INS, .ins = fn->nins - 1 }));
	return in;
}

static void
stmt(Func *fn, int kind, Sym *s)
{
	PUSH(A, fn->stmt, fn->nstmt, fn->capstmt, ((Stmt){ .kind = kind, .sym = s }));
}

static void
item(Module *m, char kind, int idx)
{
	PUSH(A, m->item, m->nitem, m->capitem, ((struct Item){ .kind = kind, .idx = idx }));
}

static void
addvar(Module *m, Sym *s)
{
	PUSH(A, m->syms, m->nsyms, m->capsyms, s);
	item(m, 'v', m->nsyms - 1);
}

/* ---------------------------------------------------------------- the module */

static const char want_module[] =
	".version 8.0\n"
	".target sm_90\n"
	".address_size 64\n"
	"\n"
	".global .align 4 .b32 tab[4] = {1, 2, 3, 4};\n"
	".global .align 8 .u64 ptrs[2][2] = {{generic(tab) + 4, tab}, {-1, 0xFFFFFFFFFFFFFFFFU}};\n"
	".global .s32 cst = (1 + 2) * -3;\n"
	"\n"
	".visible .entry k(\n"
	"\t.param .u64 .ptr.global.align 16 k_param_0,\n"
	"\t.param .align 8 .b8 k_param_1[16],\n"
	"\t.param .u32 k_param_2\n"
	")\n"
	".maxntid 256, 1, 1\n"
	"{\n"
	"\t.reg .pred %p<3>;\n"
	"\t.reg .b32 %r<4>;\n"
	"\t.reg .f32 %f<3>;\n"
	"\t.reg .b64 %rd<3>;\n"
	"\t.shared .align 16 .b8 smem[1024];\n"
	"\n"
	"\tld.param.u64 %rd1, [k_param_0];\n"
	"\tmov.u32 %r1, %tid.x;\n"
	"\tsetp.lt.u32 %p1|%p2, %r1, 32;\n"
	"\t@!%p1 bra $L__BB0_2;\n"
	"\tld.global.f32 %f1, [%rd1+-8];\n"
	"\tadd.f32 %f2, %f1, 0f3F800000;\n"
	"\tmov.u32 %r2, 4294967295U;\n"
	"\tst.shared.v2.f32 [smem+8], {%f1, %f2};\n"
	"$L__BB0_2:\n"
	"\tret;\n"
	"}\n"
	"\n"
	".file 1 \"k.cu\"\n";

static Module *
build(void)
{
	Module *m = ir_module_new("print_test");
	Func *fn;
	Sym *tab, *ptrs, *cst, *fs, *p0, *p1, *p2, *pr, *r, *fr, *rd, *smem, *tid, *lbl;
	Sym *p1e, *p2e, *r1, *r2, *f1, *f2, *rd1;
	Expr *v[4], *row[2];
	Opnd o[4];
	int i;

	A = m->a;
	m->ver_major = 8;
	m->ver_minor = 0;
	m->targets = new(sizeof *m->targets);
	m->targets[0] = "sm_90";
	m->ntargets = 1;
	m->sm = 90;
	m->address_size = 64;

	/* .global .align 4 .b32 tab[4] = {1, 2, 3, 4}; */
	tab = sym(SYM_VAR, "tab", SP_GLOBAL, TY_B32);
	tab->align = 4;
	tab->ndim = 1;
	tab->dim = new(sizeof *tab->dim);
	tab->dim[0] = 4;
	tab->size = 16;
	for (i = 0; i < 4; i++)
		v[i] = eint(i + 1, 0);
	tab->init = elist(4, v);
	addvar(m, tab);

	/* a nested initializer holding generic(tab)+4 and both big-integer forms */
	ptrs = sym(SYM_VAR, "ptrs", SP_GLOBAL, TY_U64);
	ptrs->align = 8;
	ptrs->ndim = 2;
	ptrs->dim = new(2 * sizeof *ptrs->dim);
	ptrs->dim[0] = ptrs->dim[1] = 2;
	ptrs->size = 32;
	v[0] = enode(E_ADD, esym(E_GENERIC, tab), eint(4, 0), NULL);
	v[1] = esym(E_SYM, tab);
	row[0] = elist(2, v);
	v[0] = eint(-1, 0);
	v[1] = eint(-1, 1);
	row[1] = elist(2, v);
	ptrs->init = elist(2, row);
	addvar(m, ptrs);

	cst = sym(SYM_VAR, "cst", SP_GLOBAL, TY_S32);
	cst->init = enode(E_MUL, enode(E_ADD, eint(1, 0), eint(2, 0), NULL), eint(-3, 0), NULL);
	addvar(m, cst);

	/* the kernel */
	fn = new(sizeof *fn);
	fs = sym(SYM_FUNC, "k", SP_NONE, 0);
	fs->fn = fn;
	fn->sym = fs;
	fn->name = "k";
	fn->entry = 1;
	fn->linkage = LINK_VISIBLE;
	fn->hasbody = 1;
	fn->maxntid[0] = 256;
	fn->maxntid[1] = fn->maxntid[2] = 1;
	fn->nmaxntid = 3;
	PUSH(A, m->syms, m->nsyms, m->capsyms, fs);

	p0 = sym(SYM_VAR, "k_param_0", SP_PARAM, TY_U64);
	p0->attr = VA_PTR;
	p0->ptrspace = SP_GLOBAL;
	p0->ptralign = 16;
	p1 = sym(SYM_VAR, "k_param_1", SP_PARAM, TY_B8);
	p1->align = 8;
	p1->ndim = 1;
	p1->dim = new(sizeof *p1->dim);
	p1->dim[0] = 16;
	p2 = sym(SYM_VAR, "k_param_2", SP_PARAM, TY_U32);
	fn->npar = 3;
	fn->par = new(3 * sizeof *fn->par);
	fn->par[0].sym = p0;
	fn->par[1].sym = p1;
	fn->par[2].sym = p2;

	pr = sym(SYM_REG, "%p", SP_REG, TY_PRED);
	pr->isrange = 1;
	pr->range = 3;
	r = sym(SYM_REG, "%r", SP_REG, TY_B32);
	r->isrange = 1;
	r->range = 4;
	fr = sym(SYM_REG, "%f", SP_REG, TY_F32);
	fr->isrange = 1;
	fr->range = 3;
	rd = sym(SYM_REG, "%rd", SP_REG, TY_B64);
	rd->isrange = 1;
	rd->range = 3;
	smem = sym(SYM_VAR, "smem", SP_SHARED, TY_B8);
	smem->align = 16;
	smem->ndim = 1;
	smem->dim = new(sizeof *smem->dim);
	smem->dim[0] = 1024;
	stmt(fn, ST_DECL, pr);
	stmt(fn, ST_DECL, r);
	stmt(fn, ST_DECL, fr);
	stmt(fn, ST_DECL, rd);
	stmt(fn, ST_DECL, smem);

	p1e = elem(pr, "%p1");
	p2e = elem(pr, "%p2");
	r1 = elem(r, "%r1");
	r2 = elem(r, "%r2");
	f1 = elem(fr, "%f1");
	f2 = elem(fr, "%f2");
	rd1 = elem(rd, "%rd1");
	tid = sym(SYM_SREG, "%tid", SP_SREG, TY_U32);
	lbl = sym(SYM_LABEL, "$L__BB0_2", SP_NONE, 0);

	o[0] = oreg(rd1);
	o[1] = (Opnd){ .kind = OK_ADDR, .base = box(osym(p0, 0)) };
	ins(fn, OP_LD, "param.u64", NULL, 2, o);

	o[0] = oreg(r1);
	o[1] = oreg(tid);
	o[1].sel = SEL_X;
	ins(fn, OP_MOV, "u32", NULL, 2, o);

	o[0] = oreg(p1e);
	o[1] = oreg(p2e);
	o[0] = ogroup(OK_PAIR, 2, o);
	o[1] = oreg(r1);
	o[2] = oimm(32, 0);
	ins(fn, OP_SETP, "lt.u32", NULL, 3, o);

	o[0] = oreg(p1e);
	o[1] = osym(lbl, 0);
	ins(fn, OP_BRA, NULL, box(ogroup(OK_NOT, 1, o)), 1, &o[1]);

	o[0] = oreg(f1);
	o[1] = oaddr(oreg(rd1), -8);
	ins(fn, OP_LD, "global.f32", NULL, 2, o);

	o[0] = oreg(f2);
	o[1] = oreg(f1);
	o[2] = ofimm(0x3F800000, FL_F32HEX, NULL);
	ins(fn, OP_ADD, "f32", NULL, 3, o);

	o[0] = oreg(r2);
	o[1] = oimm(4294967295, 1);
	ins(fn, OP_MOV, "u32", NULL, 2, o);

	o[0] = oreg(f1);
	o[1] = oreg(f2);
	o[1] = ogroup(OK_VEC, 2, o);
	o[0] = oaddr(osym(smem, 0), 8);
	ins(fn, OP_ST, "shared.v2.f32", NULL, 2, o);

	stmt(fn, ST_LABEL, lbl);
	ins(fn, OP_RET, NULL, NULL, 0, o);

	PUSH(A, m->fn, m->nfn, m->capfn, fn);
	item(m, 'f', m->nfn - 1);

	PUSH(A, m->file, m->nfile, m->capfile, ((File){ .index = 1, .path = "k.cu" }));
	item(m, 'l', m->nfile - 1);
	return m;
}

/* ---------------------------------------------------------------- the rest of the syntax
 * Declarations without bodies, return lists, register parameters,
 * .noreturn, cluster directives, nested scopes, .loc, .pragma,
 * .branchtargets, .callprototype, .alias, .file with its tail, .section.
 * (ptxas takes it with -c: f is only declared.) */

static const char want_module2[] =
	".version 8.0\n"
	".target sm_90\n"
	".address_size 64\n"
	"\n"
	".extern .func (.param .b32 func_retval0) f(\n"
	"\t.param .b32 f_param_0\n"
	")\n"
	";\n"
	"\n"
	".visible .func (.reg .b32 r) h(\n"
	"\t.reg .b32 a\n"
	")\n"
	"{\n"
	"\tmov.b32 r, a;\n"
	"\tret;\n"
	"}\n"
	"\n"
	".visible .func (.reg .b32 r) ha(\n"
	"\t.reg .b32 a\n"
	")\n"
	";\n"
	"\n"
	".visible .func die()\n"
	".noreturn\n"
	"{\n"
	"\ttrap;\n"
	"}\n"
	"\n"
	".global .texref tx;\n"
	"\n"
	".visible .entry k2()\n"
	".reqntid 32, 1, 1\n"
	".reqnctapercluster 2, 1, 1\n"
	".explicitcluster\n"
	"{\n"
	"\t.reg .b32 %r<3>;\n"
	"\t.reg .b64 %rd1;\n"
	"\t.param .b32 param0;\n"
	"\t.param .b32 retval0;\n"
	"\n"
	"\t.loc 1 7 2\n"
	"\tmov.u32 %r1, %ctaid.x;\n"
	"\t.pragma \"nounroll\";\n"
	"\t$T: .branchtargets $L1, $L2;\n"
	"\tbrx.idx %r1, $T;\n"
	"$L1:\n"
	"\t{\n"
	"\t.reg .b32 %t;\n"
	"\tst.param.b32 [param0], %r1;\n"
	"\tcall.uni (retval0), f, (param0);\n"
	"\t}\n"
	"$L2:\n"
	"\tmov.u64 %rd1, f;\n"
	"\tproto: .callprototype (.param .b32 _) _ (.param .b32 _);\n"
	"\tcall (retval0), %rd1, (param0), proto;\n"
	"\tret;\n"
	"}\n"
	"\n"
	".alias ha, h;\n"
	".pragma \"nounroll\";\n"
	".file 1 \"k2.cu\", 0, 0\n"
	"\n"
	".section .debug_str\n"
	"{\n"
	"$L__str0:\n"
	".b8 107,50,0\n"
	"}\n";

static Func *
func(Module *m, const char *name, int entry, int linkage, int hasbody)
{
	Func *fn = new(sizeof *fn);
	Sym *s = sym(SYM_FUNC, name, SP_NONE, 0);

	s->fn = fn;
	fn->sym = s;
	fn->name = name;
	fn->entry = entry;
	fn->linkage = linkage;
	fn->hasbody = hasbody;
	PUSH(A, m->fn, m->nfn, m->capfn, fn);
	item(m, 'f', m->nfn - 1);
	return fn;
}

static Param *
params(int n, Sym *a)
{
	Param *p = new(n * sizeof *p);

	p[0].sym = a;
	return p;
}

static void
text(Module *m, char kind, const char *t)
{
	PUSH(A, m->item, m->nitem, m->capitem, ((struct Item){ .kind = kind, .text = t }));
}

static Module *
build2(void)
{
	Module *m = ir_module_new("print_test2");
	Func *f, *h, *ha, *die, *k;
	Sym *r, *a, *tx, *rr, *rd1, *p0, *rv, *t, *ts, *l1, *l2, *proto, *r1;
	Opnd o[4];

	A = m->a;
	m->ver_major = 8;
	m->targets = new(sizeof *m->targets);
	m->targets[0] = "sm_90";
	m->ntargets = 1;
	m->address_size = 64;

	f = func(m, "f", 0, LINK_EXTERN, 0);
	f->nret = f->npar = 1;
	f->ret = params(1, sym(SYM_VAR, "func_retval0", SP_PARAM, TY_B32));
	f->par = params(1, sym(SYM_VAR, "f_param_0", SP_PARAM, TY_B32));

	h = func(m, "h", 0, LINK_VISIBLE, 1);
	r = sym(SYM_REG, "r", SP_REG, TY_B32);
	a = sym(SYM_REG, "a", SP_REG, TY_B32);
	h->nret = h->npar = 1;
	h->ret = params(1, r);
	h->par = params(1, a);
	o[0] = oreg(r);
	o[1] = oreg(a);
	ins(h, OP_MOV, "b32", NULL, 2, o);
	ins(h, OP_RET, NULL, NULL, 0, o);

	ha = func(m, "ha", 0, LINK_VISIBLE, 0);
	ha->nret = ha->npar = 1;
	ha->ret = h->ret;
	ha->par = h->par;

	die = func(m, "die", 0, LINK_VISIBLE, 1);
	die->noreturn = 1;
	ins(die, OP_TRAP, NULL, NULL, 0, o);

	tx = sym(SYM_VAR, "tx", SP_GLOBAL, 0);
	tx->opaque = 1;
	addvar(m, tx);

	k = func(m, "k2", 1, LINK_VISIBLE, 1);
	k->reqntid[0] = 32;
	k->reqntid[1] = k->reqntid[2] = 1;
	k->nreqntid = 3;
	k->explicitcluster = 1;
	k->reqnctapercluster[0] = 2;
	k->reqnctapercluster[1] = k->reqnctapercluster[2] = 1;
	k->nreqnctapercluster = 3;
	rr = sym(SYM_REG, "%r", SP_REG, TY_B32);
	rr->isrange = 1;
	rr->range = 3;
	r1 = elem(rr, "%r1");
	rd1 = sym(SYM_REG, "%rd1", SP_REG, TY_B64);
	p0 = sym(SYM_VAR, "param0", SP_PARAM, TY_B32);
	rv = sym(SYM_VAR, "retval0", SP_PARAM, TY_B32);
	t = sym(SYM_REG, "%t", SP_REG, TY_B32);
	t->inner = 1;
	l1 = sym(SYM_LABEL, "$L1", SP_NONE, 0);
	l2 = sym(SYM_LABEL, "$L2", SP_NONE, 0);
	ts = sym(SYM_TARGETS, "$T", SP_NONE, 0);
	ts->nlist = 2;
	ts->list = new(2 * sizeof *ts->list);
	ts->list[0] = osym(l1, 0);
	ts->list[1] = osym(l2, 0);
	proto = sym(SYM_PROTO, "proto", SP_NONE, 0);
	stmt(k, ST_DECL, rr);
	stmt(k, ST_DECL, rd1);
	stmt(k, ST_DECL, p0);
	stmt(k, ST_DECL, rv);
	PUSH(A, k->stmt, k->nstmt, k->capstmt, ((Stmt){ .kind = ST_LOC, .a = 1, .b = 7, .c = 2 }));
	o[0] = oreg(r1);
	o[1] = oreg(sym(SYM_SREG, "%ctaid", SP_SREG, TY_U32));
	o[1].sel = SEL_X;
	ins(k, OP_MOV, "u32", NULL, 2, o);
	/* the bare string contents get their quotes back */
	PUSH(A, k->stmt, k->nstmt, k->capstmt, ((Stmt){ .kind = ST_PRAGMA, .text = "nounroll" }));
	PUSH(A, k->stmt, k->nstmt, k->capstmt, ((Stmt){ .kind = ST_TARGETS, .sym = ts, .text = "branchtargets" }));
	o[0] = oreg(r1);
	o[1] = osym(ts, 0);
	ins(k, OP_BRX_IDX, NULL, NULL, 2, o);
	stmt(k, ST_LABEL, l1);
	stmt(k, ST_OPEN, NULL);
	stmt(k, ST_DECL, t);
	o[0] = (Opnd){ .kind = OK_ADDR, .base = box(osym(p0, 0)) };
	o[1] = oreg(r1);
	ins(k, OP_ST, "param.b32", NULL, 2, o);
	o[0] = ogroup(OK_LIST, 1, &(Opnd){ .kind = OK_SYM, .sym = rv });
	o[1] = osym(f->sym, 0);
	o[2] = ogroup(OK_LIST, 1, &(Opnd){ .kind = OK_SYM, .sym = p0 });
	ins(k, OP_CALL, "uni", NULL, 3, o);
	stmt(k, ST_CLOSE, NULL);
	stmt(k, ST_LABEL, l2);
	o[0] = oreg(rd1);
	o[1] = osym(f->sym, 0);
	ins(k, OP_MOV, "u64", NULL, 2, o);
	PUSH(A, k->stmt, k->nstmt, k->capstmt, ((Stmt){ .kind = ST_PROTO, .sym = proto,
		.text = "(.param .b32 _) _ (.param .b32 _)" }));
	o[0] = ogroup(OK_LIST, 1, &(Opnd){ .kind = OK_SYM, .sym = rv });
	o[1] = oreg(rd1);
	o[2] = ogroup(OK_LIST, 1, &(Opnd){ .kind = OK_SYM, .sym = p0 });
	o[3] = osym(proto, 0);
	ins(k, OP_CALL, NULL, NULL, 4, o);
	ins(k, OP_RET, NULL, NULL, 0, o);

	text(m, 'a', "ha, h");
	text(m, 'p', "\"nounroll\";");      /* a kept ';' is not doubled */
	PUSH(A, m->file, m->nfile, m->capfile, ((File){ .index = 1, .path = "k2.cu", .rest = ", 0, 0" }));
	item(m, 'l', m->nfile - 1);
	PUSH(A, m->sec, m->nsec, m->capsec, ((Section){ .name = ".debug_str", .body = "$L__str0:\n.b8 107,50,0" }));
	item(m, 's', m->nsec - 1);
	return m;
}

/* ---------------------------------------------------------------- pieces */

static void
pieces(void)
{
	Sym *rd = sym(SYM_REG, "%rd1", SP_REG, TY_B64), *g = sym(SYM_VAR, "g", SP_GLOBAL, TY_B32);
	Opnd o[2];

	/* negative offsets: ptxas rejects [%rd1-8] and g-8 */
	CHECK("[%rd1+-8]", sopnd(&(Opnd){ .kind = OK_ADDR, .base = box(oreg(rd)), .imm = -8 }));
	CHECK("[%rd1]", sopnd(&(Opnd){ .kind = OK_ADDR, .base = box(oreg(rd)) }));
	CHECK("[g+4]", sopnd(&(Opnd){ .kind = OK_ADDR, .base = box(osym(g, 0)), .imm = 4 }));
	CHECK("[16]", sopnd(&(Opnd){ .kind = OK_ADDR, .imm = 16 }));
	CHECK("g+-8", sopnd(&(Opnd){ .kind = OK_SYM, .sym = g, .imm = -8 }));
	o[0] = oreg(rd);
	o[1] = oreg(rd);
	o[1] = ogroup(OK_VEC, 2, o);
	CHECK("[g, {%rd1, %rd1}]", sopnd(&(Opnd){ .kind = OK_ADDR, .addrlist = 1, .sub = (Opnd[]){ osym(g, 0), o[1] }, .nsub = 2 }));
	CHECK("_", sopnd(&(Opnd){ .kind = OK_SINK }));
	CHECK("(%rd1, g)", sopnd(&(Opnd){ .kind = OK_LIST, .sub = (Opnd[]){ oreg(rd), osym(g, 0) }, .nsub = 2 }));

	/* an instruction built by a pass: modifier ids without their text */
	{
		uint16_t mods[] = { MOD_GLOBAL, TY_U32 };
		Sym *r1 = sym(SYM_REG, "%r1", SP_REG, TY_B32), *p = sym(SYM_REG, "%p", SP_REG, TY_PRED);
		Ins in = { .op = OP_LD, .nmod = 2, .mod = mods, .guard = box(oreg(p)), .nopnd = 2,
			.opnd = (Opnd[]){ oreg(r1), oaddr(oreg(rd), 4) } };
		FILE *f = capbegin();

		ir_print_ins(&in, f);
		CHECK("@%p ld.global.u32 %r1, [%rd1+4];\n", capend(f));
	}

	/* integers: exact value and signedness */
	CHECK("-5", sopnd(&(Opnd){ .kind = OK_IMM, .imm = -5 }));
	CHECK("5U", sopnd(&(Opnd){ .kind = OK_IMM, .imm = 5, .uns = 1 }));
	CHECK("0xFFFFFFFFFFFFFFFFU", sopnd(&(Opnd){ .kind = OK_IMM, .imm = -1, .uns = 1 }));
	CHECK("-9223372036854775808", sopnd(&(Opnd){ .kind = OK_IMM, .imm = INT64_MIN }));
	CHECK("9223372036854775807", sopnd(&(Opnd){ .kind = OK_IMM, .imm = INT64_MAX }));

	/* floats keep their written form */
	CHECK("0fBF800000", sopnd(&(Opnd){ .kind = OK_FIMM, .fbits = 0xBF800000, .flkind = FL_F32HEX }));
	CHECK("0d3FF8000000000000", sopnd(&(Opnd){ .kind = OK_FIMM, .fbits = 0x3FF8000000000000, .flkind = FL_F64HEX }));
	CHECK("1.5e3", sopnd(&(Opnd){ .kind = OK_FIMM, .fbits = 0x4097700000000000, .flkind = FL_DEC, .ftext = "1.5e3" }));

	/* precedence: the printed text must regroup to the same tree */
	CHECK("1 - (2 - 3)", sexpr(enode(E_SUB, eint(1, 0), enode(E_SUB, eint(2, 0), eint(3, 0), NULL), NULL)));
	CHECK("1 - 2 - 3", sexpr(enode(E_SUB, enode(E_SUB, eint(1, 0), eint(2, 0), NULL), eint(3, 0), NULL)));
	CHECK("1 << 2 + 3", sexpr(enode(E_SHL, eint(1, 0), enode(E_ADD, eint(2, 0), eint(3, 0), NULL), NULL)));
	CHECK("(1 << 2) + 3", sexpr(enode(E_ADD, enode(E_SHL, eint(1, 0), eint(2, 0), NULL), eint(3, 0), NULL)));
	CHECK("-(-5)", sexpr(enode(E_NEG, eint(-5, 0), NULL, NULL)));
	CHECK("~(1 | 2)", sexpr(enode(E_NOT, enode(E_OR, eint(1, 0), eint(2, 0), NULL), NULL, NULL)));
	CHECK("!g", sexpr(enode(E_LNOT, esym(E_SYM, g), NULL, NULL)));
	CHECK("1 || 2 && 3", sexpr(enode(E_LOR, eint(1, 0), enode(E_LAND, eint(2, 0), eint(3, 0), NULL), NULL)));
	CHECK("(1 ? 2 : 3) ? 4 : 5", sexpr(enode(E_COND, enode(E_COND, eint(1, 0), eint(2, 0), eint(3, 0)), eint(4, 0), eint(5, 0))));
	CHECK("1 == 2 < 3", sexpr(enode(E_EQ, eint(1, 0), enode(E_LT, eint(2, 0), eint(3, 0), NULL), NULL)));
	CHECK("generic(g) + -4", sexpr(enode(E_ADD, esym(E_GENERIC, g), eint(-4, 0), NULL)));
	{
		Expr *fe = enode(E_FIELD, esym(E_SYM, g), NULL, NULL);
		fe->text = "filter_mode";
		CHECK("{filter_mode = g}", sexpr(elist(1, &fe)));
	}
}

int
main(void)
{
	Module *m = build();
	FILE *f = capbegin();

	ir_print_ptx(m, f);
	CHECK(want_module, capend(f));
	ir_module_free(m);
	m = build2();
	f = capbegin();
	ir_print_ptx(m, f);
	CHECK(want_module2, capend(f));
	ir_module_free(m);
	A = ir_arena_new();
	pieces();
	ir_arena_free(A);
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}

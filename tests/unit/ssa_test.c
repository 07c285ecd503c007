/*
 * ssa_test.c — unit tests of ir_cfg, ir_dom, ir_ssa, ir_check and the dumps,
 * on functions built by hand through ir.h (no parser involved).
 *
 * Fixed cases check blocks, edges, idom/ipdom, phi placement and def/use
 * lists exactly; a randomized part builds many small functions (guarded
 * branches, brx.idx, unreachable code, infinite loops, irreducible flow),
 * compares dominators, frontiers and post-dominators with a brute-force
 * bit-set computation, and replays random paths to check that every SSA use
 * reads the value the register really holds; a last part times large bodies
 * (skipped with any argument).  -d and -g print the fixed cases' text and
 * dot dumps.  Prints FAIL lines, then "N passed, M failed"; exits 1 on
 * failure, 0 on success.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ir.h"

static int nfail, npass;
static Module *M;

#define CHECK(c) do { if (!(c)) { printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); nfail++; } \
	else npass++; } while (0)
#define EQS(got, want) eqs(__LINE__, (got), (want))

static void
eqs(int line, const char *got, const char *want)
{
	if (strcmp(got, want) != 0) {
		printf("FAIL %s:%d: got \"%s\", want \"%s\"\n", __FILE__, line, got, want);
		nfail++;
	} else {
		npass++;
	}
}

/* ------------------------------------------------------------ building */

/* Opcode by name: exact, or the table's name starts with it and a dot. */
static int
op(const char *name)
{
	size_t n = strlen(name);

	for (int k = 0; k < NOP; k++)
		if (ir_opinfo[k].name && strcmp(ir_opinfo[k].name, name) == 0)
			return k;
	for (int k = 0; k < NOP; k++)
		if (ir_opinfo[k].name && strncmp(ir_opinfo[k].name, name, n) == 0 && ir_opinfo[k].name[n] == '.')
			return k;
	printf("FAIL: no opcode %s\n", name);
	exit(1);
}

static Func *
newfn(const char *name)
{
	Func *fn = ir_alloc(M->a, sizeof *fn);

	fn->name = name;
	fn->entry = 1;
	fn->hasbody = 1;
	PUSH(M->a, M->fn, M->nfn, M->capfn, fn);
	return fn;
}

/* Operands: a read register, a written one, immediates, symbols, _ */
#define use(s) ((Opnd){ .kind = OK_REG, .sym = (s) })
#define dst(s) ((Opnd){ .kind = OK_REG, .sym = (s), .isdst = 1 })
#define imm(v) ((Opnd){ .kind = OK_IMM, .imm = (v) })
#define sym(s) ((Opnd){ .kind = OK_SYM, .sym = (s) })
#define sink() ((Opnd){ .kind = OK_SINK, .isdst = 1 })

/* The register (SYM_REG) or label (SYM_LABEL) called name, made on first
 * use; big bodies pass nolook to skip the linear search. */
static Sym *
named(Func *fn, const char *name, int kind, int nolook)
{
	Sym ***v = kind == SYM_REG ? &fn->regs : &fn->syms;
	int *n = kind == SYM_REG ? &fn->nregs : &fn->nsyms;
	int *cap = kind == SYM_REG ? &fn->capregs : &fn->capsyms;

	for (int k = 0; k < *n && !nolook; k++)
		if (strcmp((*v)[k]->name, name) == 0)
			return (*v)[k];
	Sym *s = ir_alloc(M->a, sizeof *s);
	s->kind = kind;
	s->name = ir_strndup(M->a, name, strlen(name));
	s->fn = fn;
	s->id = kind == SYM_REG ? *n : -1;
	PUSH(M->a, *v, *n, *cap, s);
	return s;
}

#define R(fn, name) named((fn), (name), SYM_REG, 0)
#define L(fn, name) named((fn), (name), SYM_LABEL, 0)

/* A .branchtargets list of two labels. */
static Sym *
table(Func *fn, const char *a, const char *b)
{
	Sym *t = ir_alloc(M->a, sizeof *t);
	t->kind = SYM_TARGETS;
	t->name = "$tbl";
	t->nlist = 2;
	t->list = ir_alloc(M->a, 2 * sizeof *t->list);
	t->list[0] = sym(L(fn, a));
	t->list[1] = sym(L(fn, b));
	return t;
}

static Opnd
addr(Sym *base, int64_t off)
{
	Opnd o = { .kind = OK_ADDR, .imm = off };
	if (base) {
		o.base = ir_alloc(M->a, sizeof *o.base);
		*o.base = use(base);
	}
	return o;
}

/* {a, b, ...} (kind OK_VEC), (a, ...) (OK_LIST) or a|b (OK_PAIR). */
static Opnd
group(int kind, int isdst, int n, ...)
{
	Opnd o = { .kind = (uint8_t)kind, .isdst = (uint8_t)isdst, .nsub = n };
	va_list ap;

	o.sub = ir_alloc(M->a, (size_t)n * sizeof *o.sub);
	va_start(ap, n);
	for (int k = 0; k < n; k++)
		o.sub[k] = va_arg(ap, Opnd);
	va_end(ap);
	return o;
}

static Opnd *
guard(Sym *p, int neg)
{
	Opnd *g = ir_alloc(M->a, sizeof *g);
	*g = use(p);
	if (neg) {
		Opnd *in = ir_alloc(M->a, sizeof *in);
		*in = *g;
		*g = (Opnd){ .kind = OK_NOT, .sub = in, .nsub = 1 };
	}
	return g;
}

static void
stmt(Func *fn, Stmt st)
{
	PUSH(M->a, fn->stmt, fn->nstmt, fn->capstmt, st);
}

static void
label(Func *fn, const char *name)
{
	stmt(fn, (Stmt){ .kind = ST_LABEL, .sym = L(fn, name) });
}

/* An instruction; mods is a dot-separated modifier string ("lt.s32"). */
static Ins *
ins(Func *fn, const char *opname, const char *mods, Opnd *g, int n, ...)
{
	Ins *in = ir_alloc(M->a, sizeof *in);
	va_list ap;

	in->op = op(opname);
	in->guard = g;
	in->vec = 1;
	in->nopnd = n;
	in->opnd = ir_alloc(M->a, (size_t)(n ? n : 1) * sizeof *in->opnd);
	va_start(ap, n);
	for (int k = 0; k < n; k++)
		in->opnd[k] = va_arg(ap, Opnd);
	va_end(ap);
	in->ndst = n && in->opnd[0].isdst;
	in->modtext = ir_alloc(M->a, 8 * sizeof *in->modtext);
	for (const char *s = mods; s && *s && in->nmod < 8;) {
		const char *e = strchr(s, '.');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		in->modtext[in->nmod++] = ir_strndup(M->a, s, len);
		s += len + (e != NULL);
	}
	in->stmt = fn->nstmt;
	stmt(fn, (Stmt){ .kind = ST_INS, .ins = fn->nins });
	PUSH(M->a, fn->ins, fn->nins, fn->capins, in);
	return in;
}

static int
build(Func *fn)
{
	Diags *dg = diag_new("test", NULL, 0);
	int e = ir_cfg(M, fn, dg);
	if (!e) {
		ir_dom(fn, M->a);
		ir_ssa(fn, M->a);
		ir_check(fn);
	}
	diag_free(dg);
	return e;
}

/* ------------------------------------------------------------ inspecting */

static char sbuf[8][512];
static int sidx;

static char *
fmt(const char *f, ...)
{
	char *s = sbuf[sidx++ & 7];
	va_list ap;

	va_start(ap, f);
	vsnprintf(s, sizeof sbuf[0], f, ap);
	va_end(ap);
	return s;
}

static char *
cat(char *s, const char *t)
{
	size_t n = strlen(s);
	snprintf(s + n, sizeof sbuf[0] - n, "%s%s", n ? " " : "", t);
	return s;
}

/* Value name into a caller's buffer, so that list builders below can use
 * it without cycling through sbuf. */
static const char *
vn2(char *t, size_t n, const Func *fn, int v)
{
	if (v < 0)
		return "undef";
	snprintf(t, n, "%s.%d", fn->regs[fn->val[v].reg]->name, fn->val[v].ver);
	return t;
}

#define vn(fn, v) vn2(tmp, sizeof tmp, (fn), (v))

/* The values an instruction uses (what = 'u') or defines ('d'). */
static const char *
vals(const Func *fn, int i, int what)
{
	char *s = fmt("%s", ""), tmp[64];
	const Ins *in = fn->ins[i];
	for (int k = 0; k < (what == 'u' ? in->nuse : in->ndef); k++)
		cat(s, vn(fn, what == 'u' ? in->use[k] : in->def[k]));
	return s;
}

#define uses(fn, i) vals((fn), (i), 'u')
#define defs(fn, i) vals((fn), (i), 'd')

static const char *
ints(const int *v, int n)
{
	char *s = fmt("%s", ""), tmp[16];
	for (int k = 0; k < n; k++) {
		snprintf(tmp, sizeof tmp, "%d", v[k]);
		cat(s, v[k] < 0 ? "-" : tmp);
	}
	return s;
}

/* idom (post = 0) or ipdom (post = 1) of every block, "-" for none */
static const char *
doms(const Func *fn, int post)
{
	int v[64], n = fn->nblk < 64 ? fn->nblk : 64;
	for (int b = 0; b < n; b++)
		v[b] = post ? fn->blk[b].ipdom : fn->blk[b].idom;
	return ints(v, n);
}

#define idoms(fn) doms((fn), 0)
#define ipdoms(fn) doms((fn), 1)

/* "%r2.3=%r2.1,%r2.2 ..." for the phis of block b */
static const char *
phis(const Func *fn, int b)
{
	char *s = fmt("%s", ""), tmp[64];
	for (int k = 0; k < fn->blk[b].nphi; k++) {
		const Phi *p = &fn->blk[b].phi[k];
		char one[128];
		int n = snprintf(one, sizeof one, "%s=", vn(fn, p->def));
		for (int j = 0; j < p->narg; j++)
			n += snprintf(one + n, sizeof one - (size_t)n, "%s%s", j ? "," : "", vn(fn, p->arg[j]));
		cat(s, one);
	}
	return s;
}

static char *
dump(void (*f)(const Module *, FILE *))
{
	static char *s;
	size_t n;
	FILE *t = tmpfile();

	f(M, t);
	n = (size_t)ftell(t);
	rewind(t);
	free(s);
	s = calloc(n + 1, 1);
	if (fread(s, 1, n, t) != n)
		s[0] = 0;
	fclose(t);
	return s;
}

/* ------------------------------------------------------------ fixed cases */

static void
straight(void)
{
	Func *fn = newfn("straight");
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r1")), imm(1));
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r2")), use(R(fn, "%r1")), use(R(fn, "%r1")));
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r1")), use(R(fn, "%r2")), use(R(fn, "%r3")));
	ins(fn, "ret", NULL, NULL, 0);
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 1);
	CHECK(fn->blk[0].i0 == 0 && fn->blk[0].i1 == 4 && fn->blk[0].nsucc == 0);
	EQS(idoms(fn), "-");
	EQS(ipdoms(fn), "-");
	EQS(defs(fn, 0), "%r1.1");
	EQS(uses(fn, 1), "%r1.1 %r1.1");
	EQS(defs(fn, 1), "%r2.1");
	EQS(uses(fn, 2), "%r2.1 %r3.0");
	EQS(defs(fn, 2), "%r1.2");
	int v = fn->ins[2]->use[1];
	CHECK(fn->val[v].ins == -1 && fn->val[v].phi == -1 && fn->val[v].blk == 0 && fn->val[v].ver == 0);
}

static void
diamond(void)
{
	Func *fn = newfn("diamond");
	ins(fn, "setp", "lt.s32", NULL, 3, dst(R(fn, "%p1")), use(R(fn, "%r1")), imm(0));
	ins(fn, "bra", NULL, guard(R(fn, "%p1"), 0), 1, sym(L(fn, "$L1")));
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r2")), imm(1));
	ins(fn, "bra", "uni", NULL, 1, sym(L(fn, "$L2")));
	label(fn, "$L1");
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r2")), imm(2));
	label(fn, "$L2");
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r3")), use(R(fn, "%r2")), imm(1));
	ins(fn, "ret", NULL, NULL, 0);
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 4);
	EQS(ints(fn->blk[0].succ, fn->blk[0].nsucc), "2 1");
	EQS(ints(fn->blk[3].pred, fn->blk[3].npred), "1 2");
	CHECK(fn->blk[2].label == L(fn, "$L1") && L(fn, "$L1")->id == 2 && L(fn, "$L2")->id == 3);
	CHECK(fn->blk[1].i0 == 2 && fn->blk[1].i1 == 4 && fn->blk[3].i0 == 5 && fn->blk[3].i1 == 7);
	EQS(idoms(fn), "- 0 0 0");
	EQS(ipdoms(fn), "3 3 3 -");
	EQS(phis(fn, 3), "%r2.3=%r2.1,%r2.2");
	EQS(uses(fn, 5), "%r2.3");
	EQS(uses(fn, 1), "%p1.1");
	CHECK(fn->blk[0].nphi == 0 && fn->blk[1].nphi == 0 && fn->blk[2].nphi == 0);
	CHECK(ir_dominates(fn, 0, 3) && !ir_dominates(fn, 1, 3) && ir_dominates(fn, 2, 2));
}

/* Pruning: %r4 is read (in b0) and written on both arms, but dead at the
 * join, so the join gets no phi for it; %r5 is live there and gets one. */
static void
pruned(void)
{
	Func *fn = newfn("pruned");
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r5")), use(R(fn, "%r4")), imm(1));
	ins(fn, "bra", NULL, guard(R(fn, "%p1"), 0), 1, sym(L(fn, "$E")));
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r4")), imm(1));
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r5")), imm(1));
	label(fn, "$E");
	ins(fn, "st", "u32", NULL, 2, addr(NULL, 64), use(R(fn, "%r5")));
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r4")), imm(3));
	ins(fn, "exit", NULL, NULL, 0);
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 3);
	EQS(phis(fn, 2), "%r5.3=%r5.1,%r5.2");
	EQS(uses(fn, 0), "%r4.0");
}

static void
loop(void)
{
	Func *fn = newfn("loop");
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r1")), imm(0));
	label(fn, "$L1");
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r1")), use(R(fn, "%r1")), imm(1));
	ins(fn, "setp", "lt.s32", NULL, 3, dst(R(fn, "%p1")), use(R(fn, "%r1")), imm(10));
	ins(fn, "bra", NULL, guard(R(fn, "%p1"), 0), 1, sym(L(fn, "$L1")));
	ins(fn, "st", "u32", NULL, 2, addr(R(fn, "%rd1"), 8), use(R(fn, "%r1")));
	ins(fn, "ret", NULL, NULL, 0);
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 3);
	EQS(ints(fn->blk[1].succ, fn->blk[1].nsucc), "1 2");
	EQS(ints(fn->blk[1].pred, fn->blk[1].npred), "0 1");
	EQS(idoms(fn), "- 0 1");
	EQS(ipdoms(fn), "1 2 -");
	EQS(phis(fn, 1), "%r1.2=%r1.1,%r1.3");
	EQS(uses(fn, 1), "%r1.2");
	EQS(defs(fn, 1), "%r1.3");
	EQS(uses(fn, 4), "%rd1.0 %r1.3");
	CHECK(fn->blk[2].nphi == 0);

	/* a loop at the very top: an empty entry block keeps phis out of b0 */
	fn = newfn("toploop");
	label(fn, "$T");
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r1")), use(R(fn, "%r1")), imm(1));
	ins(fn, "bra", NULL, NULL, 1, sym(L(fn, "$T")));
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 2 && fn->blk[0].i1 == 0 && !fn->blk[0].label && fn->blk[1].label == L(fn, "$T"));
	EQS(phis(fn, 1), "%r1.1=%r1.0,%r1.2");
	EQS(ipdoms(fn), "1 -");

	/* a label at the top that nothing targets names block 0 itself */
	fn = newfn("toplabel");
	label(fn, "$A");
	label(fn, "$B");
	ins(fn, "ret", NULL, NULL, 0);
	label(fn, "$C");
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 3 && fn->blk[0].label == L(fn, "$A") && fn->blk[1].label == L(fn, "$B"));
	CHECK(fn->blk[0].i1 == 0 && fn->blk[1].i1 == 1 && fn->blk[2].i0 == 1 && fn->blk[2].i1 == 1);
	EQS(ints(fn->blk[0].succ, fn->blk[0].nsucc), "1");
	CHECK(fn->blk[1].nsucc == 0 && fn->blk[2].rpo == -1);
}

static void
guarded(void)
{
	Func *fn = newfn("guarded");
	Sym *p = R(fn, "%p1");
	ins(fn, "setp", "lt.s32", NULL, 3, dst(p), use(R(fn, "%r5")), imm(0));
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r1")), imm(1));
	ins(fn, "mov", "u32", guard(p, 0), 2, dst(R(fn, "%r1")), imm(2));
	ins(fn, "mov", "u32", guard(p, 1), 2, dst(R(fn, "%r2")), use(R(fn, "%r1")));
	ins(fn, "ret", NULL, guard(p, 0), 0);
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r3")), use(R(fn, "%r2")), use(R(fn, "%r1")));
	ins(fn, "exit", NULL, NULL, 0);
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 2);
	EQS(ints(fn->blk[0].succ, fn->blk[0].nsucc), "1");
	EQS(ipdoms(fn), "1 -");
	EQS(uses(fn, 2), "%p1.1 %r1.1");
	EQS(defs(fn, 2), "%r1.2");
	EQS(uses(fn, 3), "%p1.1 %r1.2 %r2.0");
	EQS(defs(fn, 3), "%r2.1");
	EQS(uses(fn, 4), "%p1.1");
	EQS(uses(fn, 5), "%r2.1 %r1.2");
	/* a read-modify-write opcode, if the table has one */
	int rd = -1;
	for (int k = 0; k < NOP && rd < 0; k++)
		if (ir_opinfo[k].flags & OF_RDST && !(ir_opinfo[k].flags & (OF_BRANCH | OF_TERM | OF_CALL)))
			rd = k;
	if (rd >= 0) {
		fn = newfn("rdst");
		Ins *in = ins(fn, "mov", NULL, NULL, 2, dst(R(fn, "%r1")), use(R(fn, "%r2")));
		in->op = rd;
		CHECK(build(fn) == 0);
		EQS(uses(fn, 0), "%r2.0 %r1.0");
		EQS(defs(fn, 0), "%r1.1");
	}
}

static void
vectors(void)
{
	Func *fn = newfn("vectors");
	Sym *rd = R(fn, "%rd1"), *a = R(fn, "%r1"), *b = R(fn, "%r2"), *c = R(fn, "%r3");
	ins(fn, "ld", "global.v4.u32", NULL, 2,
		group(OK_VEC, 1, 4, dst(a), dst(b), sink(), dst(c)), addr(rd, 16));
	ins(fn, "st", "global.v2.u32", guard(R(fn, "%p1"), 1), 2, addr(rd, 0), group(OK_VEC, 0, 2, use(c), use(a)));
	/* elements of a written vector inherit isdst */
	ins(fn, "ld", "global.v2.u32", guard(R(fn, "%p1"), 0), 2,
		group(OK_VEC, 1, 2, use(b), use(a)), addr(rd, 0));
	ins(fn, "setp", "lt.s32", NULL, 3, group(OK_PAIR, 1, 2, dst(R(fn, "%p2")), dst(R(fn, "%p3"))),
		use(a), use(b));
	ins(fn, "call", "uni", NULL, 3, group(OK_LIST, 1, 1, use(c)), sym(L(fn, "callee")),
		group(OK_LIST, 0, 2, use(a), use(R(fn, "%p3"))));
	ins(fn, "ret", NULL, NULL, 0);
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 1);
	EQS(defs(fn, 0), "%r1.1 %r2.1 %r3.1");
	EQS(uses(fn, 0), "%rd1.0");
	EQS(uses(fn, 1), "%p1.0 %rd1.0 %r3.1 %r1.1");
	EQS(defs(fn, 1), "");
	EQS(defs(fn, 2), "%r2.2 %r1.2");
	EQS(uses(fn, 2), "%p1.0 %rd1.0 %r2.1 %r1.1");
	EQS(defs(fn, 3), "%p2.1 %p3.1");
	EQS(uses(fn, 3), "%r1.2 %r2.2");
	EQS(defs(fn, 4), "%r3.2");
	EQS(uses(fn, 4), "%r1.2 %p3.1");
}

static void
infinite(void)
{
	Func *fn = newfn("inf1");
	ins(fn, "bra", NULL, guard(R(fn, "%p1"), 0), 1, sym(L(fn, "$X")));
	label(fn, "$L");
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r1")), use(R(fn, "%r1")), imm(1));
	ins(fn, "bra", NULL, NULL, 1, sym(L(fn, "$L")));
	label(fn, "$X");
	ins(fn, "ret", NULL, NULL, 0);
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 3);
	EQS(idoms(fn), "- 0 0");
	EQS(ipdoms(fn), "- - -");
	EQS(phis(fn, 1), "%r1.1=%r1.0,%r1.2");

	/* header, body, latch: the latch is connected to the exit */
	fn = newfn("inf2");
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r1")), imm(0));
	label(fn, "$H");
	ins(fn, "bra", NULL, guard(R(fn, "%p1"), 0), 1, sym(L(fn, "$B")));
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r1")), use(R(fn, "%r1")), imm(1));
	label(fn, "$B");
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r1")), use(R(fn, "%r1")), imm(2));
	ins(fn, "bra", NULL, NULL, 1, sym(L(fn, "$H")));
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 4);
	EQS(idoms(fn), "- 0 1 1");
	EQS(ipdoms(fn), "1 3 3 -");
	EQS(phis(fn, 1), "%r1.2=%r1.1,%r1.5");
	EQS(phis(fn, 3), "%r1.4=%r1.2,%r1.3");
}

static void
unreachable(void)
{
	Func *fn = newfn("unreach");
	ins(fn, "bra", NULL, guard(R(fn, "%p1"), 0), 1, sym(L(fn, "$A")));
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r1")), imm(1));
	ins(fn, "bra", NULL, NULL, 1, sym(L(fn, "$J")));
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r1")), imm(9));   /* dead, falls into $A */
	label(fn, "$A");
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r1")), imm(2));
	label(fn, "$J");
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r2")), use(R(fn, "%r1")), imm(1));
	ins(fn, "ret", NULL, NULL, 0);
	label(fn, "$D");     /* an unreachable block branching into live code */
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r1")), imm(7));
	ins(fn, "bra", NULL, NULL, 1, sym(L(fn, "$J")));
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 6);
	EQS(ints(fn->blk[4].pred, fn->blk[4].npred), "1 3 5");
	EQS(ints(fn->blk[3].pred, fn->blk[3].npred), "0 2");
	CHECK(fn->blk[2].rpo == -1 && fn->blk[2].idom == -1 && fn->blk[5].rpo == -1);
	CHECK(fn->ins[3]->ndef == 0 && fn->ins[3]->nuse == 0 && fn->ins[7]->ndef == 0);
	EQS(idoms(fn), "- 0 - 0 0 -");
	EQS(ipdoms(fn), "4 4 3 4 - 4");
	EQS(phis(fn, 4), "%r1.3=%r1.1,%r1.2,undef");
	EQS(phis(fn, 3), "");
	CHECK(!ir_dominates(fn, 0, 2) && !ir_dominates(fn, 2, 4));
}

static void
irreducible(void)
{
	Func *fn = newfn("irred");
	ins(fn, "mov", "u32", NULL, 2, dst(R(fn, "%r1")), imm(0));
	ins(fn, "bra", NULL, guard(R(fn, "%p1"), 0), 1, sym(L(fn, "$B")));
	label(fn, "$A");
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r1")), use(R(fn, "%r1")), imm(1));
	ins(fn, "bra", NULL, guard(R(fn, "%p2"), 0), 1, sym(L(fn, "$X")));
	label(fn, "$B");
	ins(fn, "add", "s32", NULL, 3, dst(R(fn, "%r1")), use(R(fn, "%r1")), imm(2));
	ins(fn, "bra", NULL, guard(R(fn, "%p3"), 0), 1, sym(L(fn, "$A")));
	label(fn, "$X");
	ins(fn, "st", "u32", NULL, 2, addr(R(fn, "%rd1"), 0), use(R(fn, "%r1")));
	ins(fn, "ret", NULL, NULL, 0);
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 4);
	EQS(ints(fn->blk[1].succ, fn->blk[1].nsucc), "3 2");
	EQS(ints(fn->blk[2].succ, fn->blk[2].nsucc), "1 3");
	EQS(idoms(fn), "- 0 0 0");
	EQS(ipdoms(fn), "3 3 3 -");
	EQS(phis(fn, 1), "%r1.2=%r1.1,%r1.5");
	EQS(phis(fn, 2), "%r1.4=%r1.1,%r1.3");
	EQS(phis(fn, 3), "%r1.6=%r1.3,%r1.5");
	EQS(uses(fn, 6), "%rd1.0 %r1.6");
}

static void
brx(void)
{
	Func *fn = newfn("brx");
	Sym *t = table(fn, "$B", "$A");
	t->nlist = 3;  /* $B, $A, $B: duplicates give one edge */
	t->list = ir_grow(M->a, t->list, 2 * sizeof *t->list, 3 * sizeof *t->list);
	t->list[2] = t->list[0];
	ins(fn, "brx", NULL, guard(R(fn, "%p1"), 0), 2, use(R(fn, "%r1")), sym(t));
	ins(fn, "trap", NULL, NULL, 0);
	label(fn, "$A");
	ins(fn, "exit", NULL, NULL, 0);
	label(fn, "$B");
	ins(fn, "ret", NULL, NULL, 0);
	CHECK(build(fn) == 0);
	CHECK(fn->nblk == 4);
	EQS(ints(fn->blk[0].succ, fn->blk[0].nsucc), "3 2 1");
	CHECK(fn->blk[1].nsucc == 0);
	EQS(uses(fn, 0), "%p1.0 %r1.0");

	/* a branch to a label of another function is an error */
	Func *g = newfn("bad");
	ins(g, "bra", NULL, NULL, 1, sym(L(fn, "$A")));
	CHECK(build(g) == 1);
}

/* The example at the top of dump.c, kept true here. */
static void
example(void)
{
	Func *fn = newfn("k");
	Sym *p = R(fn, "%p1"), *r1 = R(fn, "%r1");
	ins(fn, "setp", "lt.s32", NULL, 3, dst(p), use(R(fn, "%r2")), imm(0));
	ins(fn, "mov", "u32", NULL, 2, dst(r1), imm(0));
	ins(fn, "bra", NULL, guard(p, 0), 1, sym(L(fn, "$L1")));
	ins(fn, "mov", "u32", NULL, 2, dst(r1), imm(1));
	label(fn, "$L1");
	ins(fn, "add", "s32", guard(p, 0), 3, dst(r1), use(r1), imm(1));
	ins(fn, "ret", NULL, NULL, 0);
	CHECK(build(fn) == 0);
}

static void
dumps(void)
{
	const char *want =
		".entry diamond\n"
		"\tin %r1.0\n"
		"b0: preds - | succs b2 b1 | idom - | ipdom b3\n"
		"\tsetp.lt.s32 %p1.1, %r1.0, 0;\n"
		"\t@%p1.1 bra $L1;\n"
		"b1: preds b0 | succs b3 | idom b0 | ipdom b3\n"
		"\tmov.u32 %r2.1, 1;\n"
		"\tbra.uni $L2;\n"
		"b2 $L1: preds b0 | succs b3 | idom b0 | ipdom b3\n"
		"\tmov.u32 %r2.2, 2;\n"
		"b3 $L2: preds b1 b2 | succs - | idom b0 | ipdom exit\n"
		"\t%r2.3 = phi b1 %r2.1, b2 %r2.2;\n"
		"\tadd.s32 %r3.1, %r2.3, 1;\n"
		"\tret;\n"
		"\n";
	char *s = dump(ir_dump_ssa);
	const char *ex =
		".entry k\n"
		"\tin %r2.0\n"
		"b0: preds - | succs b2 b1 | idom - | ipdom b2\n"
		"\tsetp.lt.s32 %p1.1, %r2.0, 0;\n"
		"\tmov.u32 %r1.1, 0;\n"
		"\t@%p1.1 bra $L1;\n"
		"b1: preds b0 | succs b2 | idom b0 | ipdom b2\n"
		"\tmov.u32 %r1.2, 1;\n"
		"b2 $L1: preds b0 b1 | succs - | idom b0 | ipdom exit\n"
		"\t%r1.3 = phi b0 %r1.1, b1 %r1.2;\n"
		"\t@%p1.1 add.s32 %r1.4, %r1.3, 1;\t# old %r1.3\n"
		"\tret;\n"
		"\n";
	CHECK(strstr(s, ex) != NULL);
	char *p = strstr(s, ".entry diamond\n");
	char *e = p ? strstr(p + 1, "\n\n") : NULL;
	CHECK(p && e);
	if (p && e && (size_t)(e + 2 - p) == strlen(want))
		CHECK(memcmp(p, want, strlen(want)) == 0);
	else
		CHECK(!"diamond dump has the wrong length");
	if (p && e && memcmp(p, want, strlen(want)) != 0)
		printf("---- got\n%.*s---- want\n%s", (int)(e + 2 - p), p, want);
	CHECK(strstr(s, "\t@%p1.1 mov.u32 %r1.2, 2;\t# old %r1.1\n"));
	CHECK(strstr(s, "\tld.global.v4.u32 {%r1.1, %r2.1, _, %r3.1}, [%rd1.0+16];\n"));
	CHECK(strstr(s, "\tsetp.lt.s32 %p2.1|%p3.1, %r1.2, %r2.2;\n"));
	CHECK(strstr(s, "\t@!%p1.0 st.global.v2.u32 [%rd1.0], {%r3.1, %r1.1};\n"));
	CHECK(strstr(s, "b2: unreachable | preds - | succs b3 | ipdom b3\n\tmov.u32 %r1, 9;\n"));
	char *d = dump(ir_dump_cfg);
	CHECK(strncmp(d, "digraph ptx {", 13) == 0);
	CHECK(strstr(d, "f1b0 -> f1b2;"));
	CHECK(strstr(d, "%r2.3 = phi b1 %r2.1, b2 %r2.2;\\l"));
}

/* ------------------------------------------------------------ random */

static uint64_t rs = 88172645463325252ull;

static int
rnd(int n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (int)(rs % (uint64_t)n);
}

static const char *const rname[] = { "%r0", "%r1", "%r2", "%r3" };
static const char *const pname[] = { "%p0", "%p1" };
static const char *const lname[] = { "$L0", "$L1", "$L2", "$L3", "$L4", "$L5", "$L6", "$L7",
	"$L8", "$L9", "$L10", "$L11", "$L12", "$L13", "$L14", "$L15" };

static Func *
randfn(int nseg)
{
	Func *fn = newfn("rand");
	int lab[16];

	for (int k = 0; k < nseg; k++)
		lab[k] = k == 0 ? rnd(2) : rnd(5) != 0;
	lab[nseg - 1] = 1;
	for (int k = 0; k < nseg; k++) {
		if (lab[k])
			label(fn, lname[k]);
		for (int n = rnd(3); n > 0; n--) {
			Opnd *g = rnd(3) ? NULL : guard(R(fn, pname[rnd(2)]), rnd(2));
			if (rnd(4) == 0)
				ins(fn, "setp", "lt.s32", g, 3, dst(R(fn, pname[rnd(2)])), use(R(fn, rname[rnd(4)])), imm(0));
			else
				ins(fn, "add", "s32", g, 3, dst(R(fn, rname[rnd(4)])), use(R(fn, rname[rnd(4)])), imm(1));
		}
		int t = rnd(nseg);
		while (!lab[t])
			t = (t + 1) % nseg;
		Opnd *g = rnd(2) ? guard(R(fn, pname[rnd(2)]), rnd(2)) : NULL;
		switch (rnd(6)) {
		case 0:
			break;
		case 1:
		case 2:
			ins(fn, "bra", NULL, g, 1, sym(L(fn, lname[t])));
			break;
		case 3:
			ins(fn, rnd(2) ? "ret" : "exit", NULL, g, 0);
			break;
		case 4: {
			int u = rnd(nseg);
			while (!lab[u])
				u = (u + 1) % nseg;
			ins(fn, "brx", NULL, g, 2, use(R(fn, rname[rnd(4)])), sym(table(fn, lname[t], lname[u])));
			break;
		}
		default:
			ins(fn, "bra", NULL, g, 1, sym(L(fn, lname[t])));
			break;
		}
	}
	return fn;
}

/* Brute-force (post)dominators with bit sets over n <= 63 nodes. */
static void
bitdom(int n, int root, const uint64_t *in, uint64_t *dom, uint64_t live)
{
	for (int b = 0; b < n; b++)
		dom[b] = live;
	dom[root] = 1ull << root;
	for (int ch = 1; ch;) {
		ch = 0;
		for (int b = 0; b < n; b++) {
			if (b == root || !(live >> b & 1))
				continue;
			uint64_t d = live;
			for (int p = 0; p < n; p++)
				if ((in[b] >> p & 1) && (live >> p & 1))
					d &= dom[p];
			d |= 1ull << b;
			if (d != dom[b]) {
				dom[b] = d;
				ch = 1;
			}
		}
	}
}

/* The immediate (post)dominator: the strict one dominated by all others. */
static int
closest(const uint64_t *dom, int b)
{
	uint64_t s = dom[b] & ~(1ull << b);
	for (int d = 0; d < 64; d++)
		if ((s >> d & 1) && dom[d] == s)
			return d;
	return -1;
}

/* The phis of each register are its iterated dominance frontier (from the
 * frontiers df[] found by brute force) where it is live on entry, by a
 * dataflow over bit sets of blocks. */
static void
brutephis(const Func *fn, const uint64_t *df, uint64_t reach)
{
	int n = fn->nblk;

	for (int r = 0; r < fn->nregs && r < 64; r++) {
		uint64_t ue = 0, wr = 0, in = 0, idf = 0, got = 0, work;
		for (int b = 0; b < n; b++) {
			int written = 0;
			for (int i = fn->blk[b].i0; i < fn->blk[b].i1 && (reach >> b & 1); i++) {
				const Ins *in = fn->ins[i];
				for (int k = 0; k < in->nuse; k++)
					if (fn->val[in->use[k]].reg == r && !written)
						ue |= 1ull << b;
				for (int k = 0; k < in->ndef; k++)
					if (fn->val[in->def[k]].reg == r)
						written = 1;
			}
			if (written)
				wr |= 1ull << b;
			for (int k = 0; k < fn->blk[b].nphi; k++)
				if (fn->blk[b].phi[k].reg == r)
					got |= 1ull << b;
		}
		for (int ch = 1; ch;) {
			ch = 0;
			for (int b = 0; b < n; b++) {
				uint64_t out = 0;
				for (int k = 0; k < fn->blk[b].nsucc; k++)
					out |= in & 1ull << fn->blk[b].succ[k];
				uint64_t x = (reach >> b & 1) && ((ue >> b & 1) || (out && !(wr >> b & 1)))
				    ? 1ull << b : 0;
				if (x && !(in & x)) {
					in |= x;
					ch = 1;
				}
			}
		}
		work = wr;
		while (work) {
			int x = __builtin_ctzll(work);
			work &= work - 1;
			uint64_t add = df[x] & ~idf;
			idf |= add;
			work |= add;
		}
		CHECK(got == (idf & in));
	}
}

static void
brute(const Func *fn)
{
	int n = fn->nblk, x = n;
	uint64_t pred[64] = { 0 }, succ[64] = { 0 }, dom[64], reach[64], all = 0, live = 0;

	for (int b = 0; b < n; b++) {
		for (int k = 0; k < fn->blk[b].nsucc; k++) {
			succ[b] |= 1ull << fn->blk[b].succ[k];
			pred[fn->blk[b].succ[k]] |= 1ull << b;
		}
		if (fn->blk[b].rpo >= 0)
			live |= 1ull << b;
	}
	uint64_t df[64] = { 0 };
	bitdom(n, 0, pred, dom, live);
	for (int b = 0; b < n; b++) {
		if (!(live >> b & 1))
			continue;
		CHECK(fn->blk[b].idom == (b ? closest(dom, b) : -1));
		for (int y = 0; y < n; y++)
			for (int p = 0; p < n; p++)
				if ((pred[y] >> p & 1) && (live >> p & 1) && (dom[p] >> b & 1)
				    && !((dom[y] >> b & 1) && y != b))
					df[b] |= 1ull << y;
	}
	brutephis(fn, df, live);
	/* transitive closure, then the loops with no way out, as dom.c says */
	for (int b = 0; b < n; b++)
		reach[b] = succ[b] | 1ull << b;
	for (int k = 0; k < n; k++)
		for (int b = 0; b < n; b++)
			if (reach[b] >> k & 1)
				reach[b] |= reach[k];
	uint64_t exits = 0, tox = 0;
	for (int b = 0; b < n; b++)
		if (!fn->blk[b].nsucc)
			exits |= 1ull << b;
	for (int b = 0; b < n; b++) {
		if (reach[b] & exits)
			continue;
		uint64_t scc = 0;
		int sink = 1;
		for (int c = 0; c < n; c++)
			if ((reach[b] >> c & 1) && (reach[c] >> b & 1))
				scc |= 1ull << c;
		for (int c = 0; c < n; c++)
			if ((reach[b] >> c & 1) && !(scc >> c & 1))
				sink = 0;
		int hi = 63;
		while (!(scc >> hi & 1))
			hi--;
		if (sink && hi == b)
			tox |= 1ull << b;
	}
	uint64_t rin[64] = { 0 };  /* reversed graph: node b's "preds" are its succs */
	for (int b = 0; b < n; b++) {
		rin[b] = succ[b];
		if ((exits | tox) >> b & 1)
			rin[b] |= 1ull << x;
		all |= 1ull << b;
	}
	all |= 1ull << x;
	bitdom(n + 1, x, rin, dom, all);
	for (int b = 0; b < n; b++) {
		int d = closest(dom, b);
		CHECK(fn->blk[b].ipdom == (d == x ? -1 : d));
	}
}

/* Replays random paths; content[] follows each value, reg[] each register. */
static void
replay(const Func *fn)
{
	long content[4096], reg[64], stamp = 0;
	int ok = 1;

	if (fn->nval > 4096 || fn->nregs > 64)
		return;
	for (int t = 0; t < 20; t++) {
		for (int r = 0; r < fn->nregs; r++)
			reg[r] = -(r + 1);
		for (int v = 0; v < fn->nval; v++)
			content[v] = fn->val[v].ins < 0 && fn->val[v].phi < 0 ? -(fn->val[v].reg + 1) : 0;
		int b = 0, prev = -1;
		for (int steps = 0; steps < 60 && b >= 0; steps++) {
			const Blk *bb = &fn->blk[b];
			long tmp[64];
			int j = 0;
			if (prev >= 0)
				while (bb->pred[j] != prev)
					j++;
			for (int k = 0; k < bb->nphi; k++)
				tmp[k] = content[bb->phi[k].arg[j]];
			for (int k = 0; k < bb->nphi; k++) {
				content[bb->phi[k].def] = tmp[k];
				ok &= tmp[k] == reg[bb->phi[k].reg];
			}
			int next = b + 1 < fn->nblk ? b + 1 : -1;
			for (int i = bb->i0; i < bb->i1; i++) {
				const Ins *in = fn->ins[i];
				int run = !in->guard || rnd(2);
				for (int k = 0; k < in->nuse; k++)
					ok &= content[in->use[k]] == reg[fn->val[in->use[k]].reg];
				for (int k = 0; k < in->ndef; k++) {
					int r = fn->val[in->def[k]].reg;
					if (run)
						reg[r] = ++stamp;
					content[in->def[k]] = reg[r];
				}
				unsigned f = ir_opinfo[in->op].flags;
				if (!run || i != bb->i1 - 1)
					continue;
				if (f & OF_BRANCH) {
					const Sym *s = in->opnd[in->nopnd - 1].sym;
					if (s->kind == SYM_TARGETS)
						s = s->list[rnd(s->nlist)].sym;
					next = s->id;
				} else if (f & (OF_TERM | OF_RET | OF_EXIT)) {
					next = -1;
				}
			}
			prev = b;
			b = next;
		}
	}
	CHECK(ok);  /* every use and phi saw what its register held */
}

static void
randomized(void)
{
	int before = nfail;

	for (int t = 0; t < 3000; t++) {
		Func *fn = randfn(2 + rnd(14));
		CHECK(build(fn) == 0);
		if (fn->built) {
			brute(fn);
			replay(fn);
		}
		if (nfail != before) {
			printf("FAIL: random function %d\n", t);
			return;
		}
	}
}

/* ------------------------------------------------------------ size */

static double
now(void)
{
	struct timespec ts;
	timespec_get(&ts, TIME_UTC);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void
big(int n, int chain)
{
	Func *fn = newfn(chain ? "chain" : "big");
	static const char *const regs[] = { "%r0", "%r1", "%r2", "%r3", "%r4", "%r5", "%r6", "%r7" };
	Sym **labs = malloc((size_t)n * sizeof *labs);
	char name[16];
	for (int k = 0; k < n; k++) {
		snprintf(name, sizeof name, "$B%d", k);
		labs[k] = named(fn, name, SYM_LABEL, 1);
	}
	for (int k = 0; k < n; k++) {
		stmt(fn, (Stmt){ .kind = ST_LABEL, .sym = labs[k] });
		ins(fn, "add", "s32", NULL, 3, dst(R(fn, regs[k % 8])), use(R(fn, regs[(k * 3 + 1) % 8])), imm(1));
		ins(fn, "setp", "lt.s32", NULL, 3, dst(R(fn, "%p0")), use(R(fn, regs[k % 8])), imm(0));
		int t = chain ? (k + 1) % n : rnd(n);
		ins(fn, "bra", NULL, guard(R(fn, "%p0"), 0), 1, sym(labs[t]));
	}
	ins(fn, "ret", NULL, NULL, 0);
	double t0 = now();
	CHECK(build(fn) == 0);
	double t1 = now();
	printf("%s: %d instructions, %d blocks, %d values: %.1f ms (with ir_check)\n",
		fn->name, fn->nins, fn->nblk, fn->nval, 1e3 * (t1 - t0));
	free(labs);
}

int
main(int argc, char **argv)
{
	M = ir_module_new("test");
	straight();
	diamond();
	loop();
	pruned();
	guarded();
	vectors();
	infinite();
	unreachable();
	irreducible();
	brx();
	example();
	dumps();
	/* -d / -g: show the fixed cases' dumps (text / dot) */
	if (argc > 1 && strcmp(argv[1], "-d") == 0)
		ir_dump_ssa(M, stdout);
	if (argc > 1 && strcmp(argv[1], "-g") == 0)
		ir_dump_cfg(M, stdout);
	randomized();
	if (argc < 2) {
		big(20000, 0);
		big(100000, 1);
	}
	ir_module_free(M);
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}

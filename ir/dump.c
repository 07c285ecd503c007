/*
 * dump.c — human-readable dumps of the SSA form (text) and of the CFG
 * (Graphviz dot).
 *
 * The text dump is meant for tests and for people, so it must be stable: it
 * depends only on the IR, never on source lines, spacing or comments, and
 * the same module printed as PTX and read back dumps identically.  Hence
 * float immediates are written by their bits (0f for .f32 hex literals,
 * 0d for the rest, which the parser keeps as f64 bits), phis and entry
 * values are sorted by register name in natural order (%r9 before %r10;
 * not by register id, which follows first use), and versions are numbered
 * per register in block order.
 *
 *	.entry k
 *		in %r2.0
 *	b0: preds - | succs b2 b1 | idom - | ipdom b2
 *		setp.lt.s32 %p1.1, %r2.0, 0;
 *		mov.u32 %r1.1, 0;
 *		@%p1.1 bra $L1;
 *	b1: preds b0 | succs b2 | idom b0 | ipdom b2
 *		mov.u32 %r1.2, 1;
 *	b2 $L1: preds b0 b1 | succs - | idom b0 | ipdom exit
 *		%r1.3 = phi b0 %r1.1, b1 %r1.2;
 *		@%p1.1 add.s32 %r1.4, %r1.3, 1;	# old %r1.3
 *		ret;
 *
 * `in` lists the entry values (registers read before any write on some
 * path); a guarded or read-modify-write instruction shows the values it
 * keeps when it does not write in a `# old` comment; an unreachable block
 * says so and prints plain register names.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "ir.h"

/* Output goes through a growable buffer so that the same printer serves the
 * text dump and the dot labels, which need escaping. */
typedef struct {
	char *s;
	size_t n, cap;
} Buf;

static void
bput(Buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->s = realloc(b->s, b->cap);
		if (!b->s)
			abort();
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = 0;
}

static void
bstr(Buf *b, const char *s)
{
	bput(b, s, strlen(s));
}

static void
bfmt(Buf *b, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof tmp) {
		bput(b, tmp, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	if (!big)
		abort();
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	bput(b, big, (size_t)n);
	free(big);
}

static const char *
nm(const char *s)
{
	return s ? s : "?";
}

static void
val(Buf *b, const Func *fn, int v)
{
	if (v < 0) {
		bstr(b, "undef");
		return;
	}
	bfmt(b, "%s.%d", nm(fn->regs[fn->val[v].reg]->name), fn->val[v].ver);
}

static void
fimm(Buf *b, int flkind, uint64_t bits)
{
	if (flkind == FL_F32HEX)
		bfmt(b, "0f%08X", (unsigned)(bits & 0xffffffffu));
	else
		bfmt(b, "0d%016llX", (unsigned long long)bits);
}

/* Constant expressions left unfolded by the parser; rare and shallow. */
static void
expr(Buf *b, const Expr *e)
{
	static const char *const bin[] = {
		[E_ADD] = "+", [E_SUB] = "-", [E_MUL] = "*", [E_DIV] = "/", [E_REM] = "%",
		[E_SHL] = "<<", [E_SHR] = ">>", [E_AND] = "&", [E_OR] = "|", [E_XOR] = "^",
		[E_LAND] = "&&", [E_LOR] = "||", [E_EQ] = "==", [E_NE] = "!=", [E_LT] = "<",
		[E_LE] = "<=", [E_GT] = ">", [E_GE] = ">=",
	};

	if (!e) {
		bstr(b, "?");
		return;
	}
	switch (e->kind) {
	case E_INT:
		if (e->uns)
			bfmt(b, "%lluU", (unsigned long long)e->i);
		else
			bfmt(b, "%lld", (long long)e->i);
		break;
	case E_FLOAT:
		fimm(b, e->flkind, e->bits);
		break;
	case E_SYM:
	case E_FIELD:
		bstr(b, e->sym ? nm(e->sym->name) : nm(e->text));
		if (e->kind == E_FIELD) {
			bstr(b, " = ");
			expr(b, e->a);
		}
		break;
	case E_GENERIC:
		bfmt(b, "generic(%s)", e->sym ? nm(e->sym->name) : nm(e->text));
		break;
	case E_NEG:
	case E_NOT:
	case E_LNOT:
		bstr(b, e->kind == E_NEG ? "-" : e->kind == E_NOT ? "~" : "!");
		expr(b, e->a);
		break;
	case E_COND:
		bstr(b, "(");
		expr(b, e->a);
		bstr(b, " ? ");
		expr(b, e->b);
		bstr(b, " : ");
		expr(b, e->c);
		bstr(b, ")");
		break;
	case E_LIST:
		bstr(b, "{");
		for (int k = 0; k < e->nelt; k++) {
			if (k)
				bstr(b, ", ");
			expr(b, e->elt[k]);
		}
		for (int k = 0; k < e->nlit; k++) {
			const Lit *l = &e->lit[k];
			Expr x = { .kind = l->kind, .i = l->i, .bits = (uint64_t)l->i, .text = l->text,
				.uns = l->kind == E_INT ? l->uns : 0, .flkind = l->kind == E_FLOAT ? l->uns : 0 };
			if (k)
				bstr(b, ", ");
			expr(b, &x);
		}
		bstr(b, "}");
		break;
	default:
		if (e->kind >= 0 && e->kind < (int)(sizeof bin / sizeof bin[0]) && bin[e->kind]) {
			bstr(b, "(");
			expr(b, e->a);
			bfmt(b, " %s ", bin[e->kind]);
			expr(b, e->b);
			bstr(b, ")");
		} else {
			bstr(b, "?");
		}
		break;
	}
}

/* Printing an instruction walks its operands in the order ssa.c does
 * (guard, operands; isdst spreads into vectors, lists and pairs, never into
 * addresses or negations) and takes the next def or use for each register. */
typedef struct {
	const Func *fn;
	const Ins *in;
	int ssa;        /* print versions */
	int nu, nd;
} Pr;

/* A register as its SSA value (name.version), or by its plain name for
 * special registers and code without SSA.  A selector follows the
 * version: %r1.2.b0. */
static void
regname(Buf *b, Pr *p, const Opnd *o, int dst)
{
	const Sym *s = o->sym;

	if (p->ssa && s->kind == SYM_REG && dst && p->nd < p->in->ndef)
		val(b, p->fn, p->in->def[p->nd++]);
	else if (p->ssa && s->kind == SYM_REG && !dst && p->nu < p->in->nuse)
		val(b, p->fn, p->in->use[p->nu++]);
	else
		bstr(b, nm(s->name));
	if (o->sel == SEL_TEXT && o->seltext)
		bfmt(b, ".%s", o->seltext);
	else if (o->sel != SEL_NONE && o->sel < NSEL)
		bfmt(b, ".%s", ir_selname[o->sel]);
}

static void
opnd(Buf *b, Pr *p, const Opnd *o, int dst)
{
	dst |= o->isdst;
	switch (o->kind) {
	case OK_REG:
		if (o->neg)
			bstr(b, "-");
		if (o->sym)
			regname(b, p, o, dst);
		else
			bstr(b, "?");
		if (o->imm)
			bfmt(b, "+%lld", (long long)o->imm);
		break;
	case OK_SINK:
		bstr(b, "_");
		break;
	case OK_IMM:
		if (o->uns)
			bfmt(b, "%lluU", (unsigned long long)o->imm);
		else
			bfmt(b, "%lld", (long long)o->imm);
		break;
	case OK_FIMM:
		fimm(b, o->flkind, o->fbits);
		break;
	case OK_SYM:
		bstr(b, o->sym ? nm(o->sym->name) : "?");
		if (o->imm)
			bfmt(b, "%+lld", (long long)o->imm);
		break;
	case OK_ADDR:
		/* [base+imm], [imm], or the list form [a, {b, c}]; base before
		 * list, as ssa.c takes them, should an address have both */
		bstr(b, "[");
		if (o->base) {
			opnd(b, p, o->base, 0);
			if (o->imm)
				bfmt(b, "%+lld", (long long)o->imm);
		} else if (!o->nsub) {
			bfmt(b, "%lld", (long long)o->imm);
		}
		for (int k = 0; k < o->nsub; k++) {
			if (k || o->base)
				bstr(b, ", ");
			opnd(b, p, &o->sub[k], 0);
		}
		bstr(b, "]");
		break;
	case OK_VEC:
	case OK_LIST:
		bstr(b, o->kind == OK_VEC ? "{" : "(");
		for (int k = 0; k < o->nsub; k++) {
			if (k)
				bstr(b, ", ");
			opnd(b, p, &o->sub[k], dst);
		}
		bstr(b, o->kind == OK_VEC ? "}" : ")");
		break;
	case OK_PAIR:
		for (int k = 0; k < o->nsub; k++) {
			if (k)
				bstr(b, "|");
			opnd(b, p, &o->sub[k], dst);
		}
		break;
	case OK_NOT:
		bstr(b, "!");
		if (o->nsub)
			opnd(b, p, &o->sub[0], 0);
		break;
	case OK_EXPR:
		expr(b, o->e);
		break;
	default:
		bstr(b, "?");
		break;
	}
}

/* One instruction, PTX-like, without indentation or newline.  Modifiers
 * are printed as written (modtext), falling back to the table's name. */
static void
ins(Buf *b, const Func *fn, const Ins *in, int ssa)
{
	Pr p = { fn, in, ssa, 0, 0 };

	if (in->guard) {
		bstr(b, "@");
		opnd(b, &p, in->guard, 0);
		bstr(b, " ");
	}
	bstr(b, in->op >= 0 && in->op < NOP ? nm(ir_opinfo[in->op].name) : "?");
	for (int k = 0; k < in->nmod; k++) {
		const char *t = in->modtext ? in->modtext[k] : NULL;
		if (!t && in->mod && in->mod[k] < NMOD)
			t = ir_modinfo[in->mod[k]].name;
		bfmt(b, ".%s", nm(t));
	}
	for (int k = 0; k < in->nopnd; k++) {
		bstr(b, k ? ", " : " ");
		opnd(b, &p, &in->opnd[k], 0);
	}
	bstr(b, ";");
	/* what is left of the uses are the old values of a merging write */
	if (ssa && p.nu < in->nuse) {
		bstr(b, "\t# old");
		while (p.nu < in->nuse) {
			bstr(b, " ");
			val(b, fn, in->use[p.nu++]);
		}
	}
}

/* " preds b1 b2", or " preds -" when empty */
static void
blist(Buf *b, const char *what, const int *v, int n)
{
	bfmt(b, "%s", what);
	if (!n)
		bstr(b, " -");
	for (int k = 0; k < n; k++)
		bfmt(b, " b%d", v[k]);
}

/* Names in natural order: digit runs compare as numbers, so %r9 comes
 * before %r10. */
static int
natcmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			size_t na = 0, nb = 0;
			while (*a == '0')
				a++;
			while (*b == '0')
				b++;
			while (a[na] >= '0' && a[na] <= '9')
				na++;
			while (b[nb] >= '0' && b[nb] <= '9')
				nb++;
			if (na != nb)
				return na < nb ? -1 : 1;
			int c = strncmp(a, b, na);
			if (c)
				return c;
			a += na;
			b += nb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return (*a != 0) - (*b != 0);
}

/* Phis and entry values are listed by register name: (name, index)
 * pairs sorted with natcmp, ties (none in a well-formed body) by index.
 * No globals, so dumps may run in several threads. */
typedef struct {
	const char *name;
	int idx;
} Key;

static int
bykey(const void *x, const void *y)
{
	const Key *a = x, *b = y;
	int c = natcmp(a->name, b->name);

	if (!c)
		c = strcmp(a->name, b->name);
	return c ? c : (a->idx > b->idx) - (a->idx < b->idx);
}

/* "b3 $L2: preds b1 b2 | succs - | idom b0 | ipdom exit".  Dominator
 * fields appear once ir_dom has run (fn->nrpo > 0). */
static void
header(Buf *b, const Func *fn, const Blk *bb)
{
	bfmt(b, "b%d", bb->id);
	if (bb->label)
		bfmt(b, " %s", nm(bb->label->name));
	bstr(b, ":");
	if (fn->nrpo && bb->rpo < 0)
		bstr(b, " unreachable |");
	blist(b, " preds", bb->pred, bb->npred);
	blist(b, " | succs", bb->succ, bb->nsucc);
	if (fn->nrpo) {
		/* unreachable blocks have no dominator to show */
		if (bb->idom >= 0)
			bfmt(b, " | idom b%d", bb->idom);
		else if (bb->rpo >= 0)
			bstr(b, " | idom -");
		if (bb->ipdom < 0)
			bstr(b, " | ipdom exit");
		else
			bfmt(b, " | ipdom b%d", bb->ipdom);
	}
}

/* The block's phis in register-name order, each between pre and post:
 * "%r1.3 = phi b0 %r1.1, b1 %r1.2;" with one argument per predecessor. */
static void
phis(Buf *b, const Func *fn, const Blk *bb, const char *pre, const char *post)
{
	Key *key;

	if (!bb->nphi)
		return;
	key = malloc((size_t)bb->nphi * sizeof *key);
	if (!key)
		abort();
	for (int k = 0; k < bb->nphi; k++)
		key[k] = (Key){ nm(fn->regs[bb->phi[k].reg]->name), k };
	qsort(key, (size_t)bb->nphi, sizeof *key, bykey);
	for (int k = 0; k < bb->nphi; k++) {
		const Phi *p = &bb->phi[key[k].idx];
		bstr(b, pre);
		val(b, fn, p->def);
		bstr(b, " = phi");
		for (int j = 0; j < p->narg; j++) {
			bfmt(b, "%s b%d ", j ? "," : "", bb->pred[j]);
			val(b, fn, p->arg[j]);
		}
		bstr(b, ";");
		bstr(b, post);
	}
	free(key);
}

/* A function: header line, entry values, then its blocks in id order.  A
 * body that ir_cfg never split is listed flat. */
static void
func(Buf *b, const Func *fn)
{
	bfmt(b, "%s %s\n", fn->entry ? ".entry" : ".func", nm(fn->name));
	if (!fn->built)
		bstr(b, "\t# no SSA\n");
	/* entry values, in name order */
	int ne = 0;
	Key *ev = malloc(((size_t)fn->nval + 1) * sizeof *ev);
	if (!ev)
		abort();
	for (int v = 0; v < fn->nval; v++)
		if (fn->val[v].ins < 0 && fn->val[v].phi < 0)
			ev[ne++] = (Key){ nm(fn->regs[fn->val[v].reg]->name), v };
	if (ne) {
		qsort(ev, (size_t)ne, sizeof *ev, bykey);
		bstr(b, "\tin");
		for (int k = 0; k < ne; k++)
			bfmt(b, " %s.0", ev[k].name);
		bstr(b, "\n");
	}
	free(ev);
	for (int k = 0; k < fn->nblk; k++) {
		const Blk *bb = &fn->blk[k];
		int ssa = fn->built && bb->rpo >= 0;
		header(b, fn, bb);
		bstr(b, "\n");
		phis(b, fn, bb, "\t", "\n");
		for (int i = bb->i0; i < bb->i1; i++) {
			bstr(b, "\t");
			ins(b, fn, fn->ins[i], ssa);
			bstr(b, "\n");
		}
	}
	if (!fn->nblk)
		for (int i = 0; i < fn->nins; i++) {
			bstr(b, "\t");
			ins(b, fn, fn->ins[i], 0);
			bstr(b, "\n");
		}
	bstr(b, "\n");
}

void
ir_dump_ssa(const Module *m, FILE *f)
{
	Buf b = { 0 };

	for (int k = 0; k < m->nfn; k++) {
		const Func *fn = m->fn[k];
		if (!fn->hasbody)
			continue;
		b.n = 0;
		func(&b, fn);
		fwrite(b.s, 1, b.n, f);
	}
	free(b.s);
}

/* A dot string: quotes and backslashes escaped, each line left-justified
 * (\l), tabs as spaces. */
static void
dotstr(FILE *f, const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		char c = s[k];
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\l", f);
		else if (c == '\t')
			fputs("  ", f);
		else
			fputc(c, f);
	}
}

/* One digraph; a cluster per function with a body; node fNbK per block,
 * labelled with its phis and instructions as in the text dump. */
void
ir_dump_cfg(const Module *m, FILE *f)
{
	Buf b = { 0 };
	int nf = 0;

	fputs("digraph ptx {\n\tnode [shape=box, fontname=\"monospace\"];\n", f);
	for (int k = 0; k < m->nfn; k++) {
		const Func *fn = m->fn[k];
		if (!fn->hasbody)
			continue;
		fprintf(f, "\tsubgraph cluster_%d {\n\t\tlabel=\"", nf);
		dotstr(f, nm(fn->name), strlen(nm(fn->name)));
		fputs("\";\n", f);
		for (int j = 0; j < fn->nblk; j++) {
			const Blk *bb = &fn->blk[j];
			int ssa = fn->built && bb->rpo >= 0;
			b.n = 0;
			bfmt(&b, "b%d", j);
			if (bb->label)
				bfmt(&b, " %s", nm(bb->label->name));
			bstr(&b, bb->rpo < 0 && fn->nrpo ? " (unreachable)\n" : "\n");
			phis(&b, fn, bb, "", "\n");
			for (int i = bb->i0; i < bb->i1; i++) {
				ins(&b, fn, fn->ins[i], ssa);
				bstr(&b, "\n");
			}
			fprintf(f, "\t\tf%db%d [label=\"", nf, j);
			dotstr(f, b.s, b.n);
			fputs("\"];\n", f);
		}
		for (int j = 0; j < fn->nblk; j++) {
			const Blk *bb = &fn->blk[j];
			for (int s = 0; s < bb->nsucc; s++)
				fprintf(f, "\t\tf%db%d -> f%db%d;\n", nf, j, nf, bb->succ[s]);
		}
		fputs("\t}\n", f);
		nf++;
	}
	fputs("}\n", f);
	free(b.s);
}

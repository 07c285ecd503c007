/*
 * print.c — canonical PTX from a Module.
 *
 * The output has two readers: ptxas, which must accept it, and our own
 * parser, which must read it back into the same IR.  So everything the IR
 * records is printed, always in one spelling, and nothing it does not record
 * is invented (no comments, no `.globl` notes).  The layout follows nvcc:
 * module directives and labels at column 0, one tab before declarations,
 * instructions and directives of a body, one item per line.
 *
 * A few spellings are forced by ptxas rather than chosen:
 *   - a negative offset is written `+-8`, both in addresses (`[%rd1+-8]`)
 *     and after a symbol (`sym+-8`): ptxas rejects `[%rd1-8]` and `sym-8`;
 *     this is also what LLVM's NVPTX back end emits;
 *   - `.align N` comes before `.vN` in a declaration;
 *   - `.ptr` on a parameter goes after the type, as one word
 *     (`.u64 .ptr.global.align 16`).
 * Integers print in signed decimal (`-5`); a literal the IR marks unsigned
 * keeps its `U` suffix, in hex when above INT64_MAX
 * (`0xFFFFFFFFFFFFFFFFU`), so that it reads back unsigned.
 * Floats keep the form they were written in: `0f`/`0d` with upper-case hex
 * digits, or the decimal text as written.
 */
#include <assert.h>
#include <inttypes.h>
#include <string.h>
#include "ir.h"

static const char *const linkname[] = {
	[LINK_VISIBLE] = ".visible", [LINK_EXTERN] = ".extern",
	[LINK_WEAK] = ".weak", [LINK_COMMON] = ".common",
};

/* Sym.opaque */
static const char *const opqname[] = { NULL, ".texref", ".samplerref", ".surfref" };

/* Writes `.word`.  The name tables of ops.h keep words without their dot;
 * a table that kept it must not give `..b32`. */
static void
dot(const char *w, FILE *f)
{
	assert(w);
	if (*w == '.')
		w++;
	fputc('.', f);
	fputs(w, f);
}

static const char *
symname(const Sym *s)
{
	assert(s && s->name);
	return s->name;
}

/* An integer literal that reads back as the same value and signedness.
 * INT64_MIN is written as nvcc writes it, -9223372036854775808: the
 * literal alone is unsigned (it exceeds INT64_MAX) but its negation folds
 * to a signed value, where the hex spelling would stay marked unsigned. */
static void
pint(int64_t v, int uns, FILE *f)
{
	uint64_t u = (uint64_t)v;

	if (uns) {
		if (u > (uint64_t)INT64_MAX)
			fprintf(f, "0x%016" PRIX64 "U", u);
		else
			fprintf(f, "%" PRIu64 "U", u);
	} else if (v == INT64_MIN)
		fputs("-9223372036854775808", f);
	else
		fprintf(f, "%" PRId64, v);
}

/* `+N` or `+-N`: the only offset forms ptxas reads after a base. */
static void
poff(int64_t v, FILE *f)
{
	fputc('+', f);
	pint(v, 0, f);
}

static void
pfloat(uint64_t bits, int kind, const char *text, FILE *f)
{
	switch (kind) {
	case FL_F32HEX:
		fprintf(f, "0f%08" PRIX32, (uint32_t)bits);
		break;
	case FL_DEC:
		if (text) {
			fputs(text, f);
			break;
		}
		/* no spelling kept: the f64 bits say the same value */
		/* fallthrough */
	case FL_F64HEX:
		fprintf(f, "0d%016" PRIX64, bits);
		break;
	default:
		assert(!"bad float kind");
	}
}

/* Text fields hold what follows a directive; some writers keep the ';'. */
static void
psemi(const char *text, FILE *f)
{
	size_t n = text ? strlen(text) : 0;

	while (n > 0 && (text[n-1] == ';' || text[n-1] == ' ' || text[n-1] == '\t' || text[n-1] == '\n'))
		n--;
	fprintf(f, "%.*s;\n", (int)n, text ? text : "");
}

/* .pragma takes strings; a text kept as the bare string contents gets its
 * quotes back. */
static void
ppragma(const char *text, FILE *f)
{
	fputs(".pragma ", f);
	if (text && !strchr(text, '"')) {
		fputc('"', f);
		for (; *text && *text != ';'; text++)
			fputc(*text, f);
		fputs("\";\n", f);
	} else
		psemi(text, f);
}

/* The tail of .file and .loc: ", a, b" whether or not the comma was kept. */
static void
ptail(const char *text, FILE *f)
{
	const char *t = text;

	if (!text)
		return;
	while (*t == ' ' || *t == '\t')
		t++;
	if (*t == '\0')
		return;
	if (*t == ',')
		t++;
	while (*t == ' ' || *t == '\t')
		t++;
	fprintf(f, ", %s", t);
}

/* ---------------------------------------------------------------- expressions */

enum { PCOND = 1, PUNARY = 12, PPRIM = 13 };

/* Binding strength, C's table.  A negative literal binds like a unary minus,
 * which is what it turns into when read back. */
static int
prec(const Expr *e)
{
	switch (e->kind) {
	case E_COND: return PCOND;
	case E_LOR: return 2;
	case E_LAND: return 3;
	case E_OR: return 4;
	case E_XOR: return 5;
	case E_AND: return 6;
	case E_EQ: case E_NE: return 7;
	case E_LT: case E_LE: case E_GT: case E_GE: return 8;
	case E_SHL: case E_SHR: return 9;
	case E_ADD: case E_SUB: return 10;
	case E_MUL: case E_DIV: case E_REM: return 11;
	case E_NEG: case E_NOT: case E_LNOT: return PUNARY;
	case E_INT: return !e->uns && e->i < 0 ? PUNARY : PPRIM;
	case E_FLOAT: return e->flkind == FL_DEC && e->text && e->text[0] == '-' ? PUNARY : PPRIM;
	case E_FIELD: return 0;
	default: return PPRIM;
	}
}

static const char *
binop(int k)
{
	switch (k) {
	case E_ADD: return "+";
	case E_SUB: return "-";
	case E_MUL: return "*";
	case E_DIV: return "/";
	case E_REM: return "%";
	case E_SHL: return "<<";
	case E_SHR: return ">>";
	case E_AND: return "&";
	case E_OR: return "|";
	case E_XOR: return "^";
	case E_LAND: return "&&";
	case E_LOR: return "||";
	case E_EQ: return "==";
	case E_NE: return "!=";
	case E_LT: return "<";
	case E_LE: return "<=";
	case E_GT: return ">";
	case E_GE: return ">=";
	default: return NULL;
	}
}

static void
psub(const Expr *e, int paren, FILE *f)
{
	if (paren)
		fputc('(', f);
	ir_print_expr(e, f);
	if (paren)
		fputc(')', f);
}

/* Parentheses go where C's precedence and left associativity would
 * otherwise regroup the tree.  Operands of a unary operator are bracketed
 * unless primary, so `-(-5)` never becomes `--5`; a conditional inside a
 * conditional is always bracketed rather than trusting `?:` associativity. */
void
ir_print_expr(const Expr *e, FILE *f)
{
	const char *op;
	int p, i;

	assert(e);
	switch (e->kind) {
	case E_INT:
		pint(e->i, e->uns, f);
		return;
	case E_FLOAT:
		pfloat(e->bits, e->flkind, e->text, f);
		return;
	case E_SYM:
		fputs(e->text ? e->text : symname(e->sym), f);
		return;
	case E_GENERIC:
		fprintf(f, "generic(%s)", e->sym ? symname(e->sym) : e->text);
		return;
	case E_NEG:
	case E_NOT:
	case E_LNOT:
		fputc(e->kind == E_NEG ? '-' : e->kind == E_NOT ? '~' : '!', f);
		psub(e->a, prec(e->a) < PPRIM, f);
		return;
	case E_COND:
		psub(e->a, prec(e->a) <= PCOND, f);
		fputs(" ? ", f);
		psub(e->b, prec(e->b) <= PCOND, f);
		fputs(" : ", f);
		psub(e->c, prec(e->c) <= PCOND, f);
		return;
	case E_LIST:
		fputc('{', f);
		for (i = 0; i < e->nelt; i++) {
			if (i)
				fputs(", ", f);
			ir_print_expr(e->elt[i], f);
		}
		for (i = 0; i < e->nlit; i++) {
			if (i)
				fputs(", ", f);
			if (e->lit[i].kind == E_FLOAT)
				pfloat((uint64_t)e->lit[i].i, e->lit[i].uns, e->lit[i].text, f);
			else
				pint(e->lit[i].i, e->lit[i].uns, f);
		}
		fputc('}', f);
		return;
	case E_FIELD:
		fputs(e->text, f);
		if (e->a) {     /* the parser's section labels are valueless fields */
			fputs(" = ", f);
			ir_print_expr(e->a, f);
		}
		return;
	}
	op = binop(e->kind);
	assert(op && "bad expression kind");
	p = prec(e);
	psub(e->a, prec(e->a) < p, f);
	fprintf(f, " %s ", op);
	psub(e->b, prec(e->b) <= p, f);
}

/* ---------------------------------------------------------------- operands */

static void
plist(const Opnd *o, int n, FILE *f)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i)
			fputs(", ", f);
		ir_print_opnd(&o[i], f);
	}
}

/* The vector register whose elements o lists, whole and in order, or NULL:
 * a call passes one by its name ({...} is no call operand). */
static const Sym *
wholevec(const Opnd *o)
{
	const Sym *v = o->kind == OK_VEC && o->nsub > 0 && o->sub[0].kind == OK_REG && o->sub[0].sym ?
	    o->sub[0].sym->vecof : NULL;
	for (int i = 0; v && i < o->nsub; i++)
		if (o->nsub != v->vec || !v->part || o->sub[i].kind != OK_REG || o->sub[i].sym != v->part[i] ||
		    o->sub[i].imm || o->sub[i].sel != SEL_NONE)
			v = NULL;
	return v;
}

void
ir_print_opnd(const Opnd *o, FILE *f)
{
	assert(o);
	switch (o->kind) {
	case OK_REG:
		if (o->neg)
			fputc('-', f);
		fputs(symname(o->sym), f);
		if (o->sel == SEL_TEXT && o->seltext)
			dot(o->seltext, f);
		else if (o->sel != SEL_NONE)
			dot(ir_selname[o->sel], f);
		if (o->imm)     /* `%r2+4`: ptxas takes a register plus a constant as a value */
			fprintf(f, "+%lld", (long long)o->imm);
		break;
	case OK_SINK:
		fputc('_', f);
		break;
	case OK_IMM:
		pint(o->imm, o->uns, f);
		break;
	case OK_FIMM:
		pfloat(o->fbits, o->flkind, o->ftext, f);
		break;
	case OK_SYM:
		fputs(symname(o->sym), f);
		if (o->imm)
			poff(o->imm, f);
		break;
	case OK_ADDR:
		fputc('[', f);
		if (o->addrlist)
			plist(o->sub, o->nsub, f);
		else if (o->base) {
			ir_print_opnd(o->base, f);
			if (o->imm)
				poff(o->imm, f);
		} else
			pint(o->imm, 0, f);
		fputs(o->uns ? "].unified" : "]", f);
		break;
	case OK_VEC:
		fputc('{', f);
		plist(o->sub, o->nsub, f);
		fputc('}', f);
		break;
	case OK_LIST:
		fputc('(', f);
		for (int i = 0; i < o->nsub; i++) {
			const Sym *v = wholevec(&o->sub[i]);
			if (i)
				fputs(", ", f);
			if (v)
				fputs(symname(v), f);
			else
				ir_print_opnd(&o->sub[i], f);
		}
		fputc(')', f);
		break;
	case OK_PAIR:
		assert(o->nsub == 2);
		ir_print_opnd(&o->sub[0], f);
		fputc('|', f);
		ir_print_opnd(&o->sub[1], f);
		break;
	case OK_NOT:
		fputc('!', f);
		ir_print_opnd(&o->sub[0], f);
		break;
	case OK_EXPR:
		ir_print_expr(o->e, f);
		break;
	default:
		assert(!"bad operand kind");
	}
}

/* ---------------------------------------------------------------- instructions */

/* The opcode table names the whole dotted opcode ("cp.async.bulk.tensor");
 * every later word is a modifier, printed as written.  A modifier without
 * its text (an instruction built by a pass) falls back to the table name. */
void
ir_print_ins(const Ins *in, FILE *f)
{
	int i;

	if (in->guard) {
		fputc('@', f);
		ir_print_opnd(in->guard, f);
		fputc(' ', f);
	}
	fputs(ir_opinfo[in->op].name, f);
	for (i = 0; i < in->nmod; i++)
		dot(in->modtext && in->modtext[i] ? in->modtext[i] : ir_modinfo[in->mod[i]].name, f);
	if (in->nopnd > 0) {
		fputc(' ', f);
		plist(in->opnd, in->nopnd, f);
	}
	fputs(";\n", f);
}

/* ---------------------------------------------------------------- declarations */

static void
ptype(const Sym *s, FILE *f)
{
	if (s->vec > 1)
		fprintf(f, ".v%d ", s->vec);
	if (s->opaque)
		fputs(opqname[s->opaque], f);
	else
		dot(ir_tyinfo[s->type].name, f);
}

/* One declared name, without the ';'.  Used for module variables, body
 * declarations and parameter lists alike: the IR stores them the same way. */
static void
pdecl(const Sym *s, FILE *f)
{
	int i;

	if (s->kind == SYM_REG) {
		fputs(".reg ", f);
		ptype(s, f);
		fprintf(f, " %s", symname(s));
		if (s->isrange)
			fprintf(f, "<%" PRId64 ">", s->range);
		return;
	}
	assert(s->kind == SYM_VAR);
	if (s->linkage != LINK_NONE)
		fprintf(f, "%s ", linkname[s->linkage]);
	if (s->space != SP_NONE) {
		dot(ir_spacename[s->space], f);
		fputc(' ', f);
	}
	if (s->attr & VA_MANAGED)
		fputs(".attribute(.managed) ", f);
	if (s->attr & VA_UNIFIED)
		fputs(".attribute(.unified) ", f);
	if (s->align)
		fprintf(f, ".align %d ", s->align);
	ptype(s, f);
	if (s->attr & VA_PTR) {
		fputs(" .ptr", f);
		if (s->ptrspace != SP_NONE)
			dot(ir_spacename[s->ptrspace], f);
		if (s->ptralign)
			fprintf(f, ".align %d", s->ptralign);
	}
	fprintf(f, " %s", symname(s));
	if (s->isrange)
		fprintf(f, "<%" PRId64 ">", s->range);
	for (i = 0; i < s->ndim; i++) {
		if (s->dim[i] < 0)
			fputs("[]", f);
		else
			fprintf(f, "[%" PRId64 "]", s->dim[i]);
	}
	if (s->init) {
		fputs(" = ", f);
		ir_print_expr(s->init, f);
	}
}

/* `.maxntid 256, 1, 1` with as many numbers as were written. */
static void
pdims(const char *dir, const int *v, int n, FILE *f)
{
	int i;

	if (n <= 0)
		return;
	fputs(dir, f);
	for (i = 0; i < n; i++)
		fprintf(f, "%s%d", i ? ", " : " ", v[i]);
	fputc('\n', f);
}

static void
pparams(const Param *p, int n, FILE *f)
{
	int i;

	fputc('(', f);
	for (i = 0; i < n; i++) {
		if (i)
			fputs(", ", f);
		pdecl(p[i].sym, f);
	}
	fputc(')', f);
}

static void
pfunchead(const Func *fn, FILE *f)
{
	int i;

	if (fn->linkage != LINK_NONE)
		fprintf(f, "%s ", linkname[fn->linkage]);
	fputs(fn->entry ? ".entry " : ".func ", f);
	if (!fn->entry && fn->nret > 0) {
		pparams(fn->ret, fn->nret, f);
		fputc(' ', f);
	}
	fputs(fn->name ? fn->name : symname(fn->sym), f);
	if (fn->bodyparams)
		fputc('\n', f);   /* its parameters are declared in the body */
	else if (fn->npar == 0)
		fputs("()\n", f);
	else {
		fputs("(\n", f);
		for (i = 0; i < fn->npar; i++) {
			fputc('\t', f);
			pdecl(fn->par[i].sym, f);
			fputs(i + 1 < fn->npar ? ",\n" : "\n", f);
		}
		fputs(")\n", f);
	}
	pdims(".maxntid", fn->maxntid, fn->nmaxntid, f);
	pdims(".reqntid", fn->reqntid, fn->nreqntid, f);
	if (fn->minnctapersm)
		fprintf(f, ".minnctapersm %d\n", fn->minnctapersm);
	if (fn->maxnctapersm)
		fprintf(f, ".maxnctapersm %d\n", fn->maxnctapersm);
	if (fn->maxnreg)
		fprintf(f, ".maxnreg %d\n", fn->maxnreg);
	pdims(".reqnctapercluster", fn->reqnctapercluster, fn->nreqnctapercluster, f);
	if (fn->explicitcluster)
		fputs(".explicitcluster\n", f);
	if (fn->hasmaxclusterrank)
		fprintf(f, ".maxclusterrank %d\n", fn->maxclusterrank);
	if (fn->blocksareclusters)
		fputs(".blocksareclusters\n", f);
	if (fn->noreturn)
		fputs(".noreturn\n", f);
}

/* A prototype kept as a Func (SYM_PROTO's fn): `(rets) _ (params)`,
 * the return list left out when empty. */
static void
pproto(const Func *fn, FILE *f)
{
	if (fn->nret > 0) {
		pparams(fn->ret, fn->nret, f);
		fputc(' ', f);
	}
	fputs("_ ", f);
	pparams(fn->par, fn->npar, f);
	if (fn->noreturn)
		fputs(" .noreturn", f);
	fputs(";\n", f);
}

static void
pstmt(const Func *fn, const Stmt *st, FILE *f)
{
	const Sym *s;
	int i;

	switch (st->kind) {
	case ST_INS:
		fputc('\t', f);
		ir_print_ins(fn->ins[st->ins], f);
		break;
	case ST_LABEL:
		fprintf(f, "%s:\n", symname(st->sym));
		break;
	case ST_DECL:
		fputc('\t', f);
		pdecl(st->sym, f);
		fputs(";\n", f);
		break;
	case ST_OPEN:
		fputs("\t{\n", f);
		break;
	case ST_CLOSE:
		fputs("\t}\n", f);
		break;
	case ST_LOC:
		fprintf(f, "\t.loc %d %d %d", st->a, st->b, st->c);
		ptail(st->text, f);
		fputc('\n', f);
		break;
	case ST_PRAGMA:
		fputc('\t', f);
		ppragma(st->text, f);
		break;
	case ST_TARGETS:
		/* text is the directive word as written; only "call" matters */
		s = st->sym;
		fprintf(f, "\t%s: %s ", symname(s),
			st->text && strstr(st->text, "call") ? ".calltargets" : ".branchtargets");
		for (i = 0; i < s->nlist; i++) {
			if (i)
				fputs(", ", f);
			ir_print_opnd(&s->list[i], f);
		}
		fputs(";\n", f);
		break;
	case ST_PROTO:
		fprintf(f, "\t%s: .callprototype ", symname(st->sym));
		if (st->text || !st->sym->fn)
			psemi(st->text, f);
		else
			pproto(st->sym->fn, f);
		break;
	case ST_OTHER:
		fprintf(f, "\t%s\n", st->text);
		break;
	default:
		assert(!"bad statement kind");
	}
}

static void
pfunc(const Func *fn, FILE *f)
{
	int i, depth = 0;

	pfunchead(fn, f);
	if (!fn->hasbody) {
		fputs(";\n", f);
		return;
	}
	fputs("{\n", f);
	for (i = 0; i < fn->nstmt; i++) {
		const Stmt *st = &fn->stmt[i];

		/* nvcc's blank line between the declarations and the code */
		if (i > 0 && depth == 0 && fn->stmt[i-1].kind == ST_DECL && st->kind != ST_DECL)
			fputc('\n', f);
		pstmt(fn, st, f);
		depth += (st->kind == ST_OPEN) - (st->kind == ST_CLOSE);
	}
	fputs("}\n", f);
}

/* ---------------------------------------------------------------- module */

void
ir_print_ptx(const Module *m, FILE *f)
{
	const Section *sec;
	const File *fl;
	size_t n;
	int i, big, prevbig = 1;

	fprintf(f, ".version %d.%d\n", m->ver_major, m->ver_minor);
	if (m->ntargets > 0) {
		fputs(".target ", f);
		for (i = 0; i < m->ntargets; i++)
			fprintf(f, "%s%s", i ? ", " : "", m->targets[i]);
		fputc('\n', f);
	}
	if (m->address_size)
		fprintf(f, ".address_size %d\n", m->address_size);

	for (i = 0; i < m->nitem; i++) {
		const struct Item *it = &m->item[i];

		/* functions and sections stand apart; runs of one-liners do not */
		big = it->kind == 'f' || it->kind == 's';
		if (big || prevbig)
			fputc('\n', f);
		prevbig = big;
		switch (it->kind) {
		case 'v':
			pdecl(m->syms[it->idx], f);
			fputs(";\n", f);
			break;
		case 'r':
			pdecl(it->range, f);
			fputs(";\n", f);
			break;
		case 'f':
			pfunc(m->fn[it->idx], f);
			break;
		case 'l':
			fl = &m->file[it->idx];
			if (fl->path[0] == '"')
				fprintf(f, ".file %d %s", fl->index, fl->path);
			else
				fprintf(f, ".file %d \"%s\"", fl->index, fl->path);
			ptail(fl->rest, f);
			fputc('\n', f);
			break;
		case 's':
			sec = &m->sec[it->idx];
			fprintf(f, ".section %s\n{\n", sec->name);
			n = sec->body ? strlen(sec->body) : 0;
			if (n > 0)
				fprintf(f, "%s%s", sec->body, sec->body[n-1] == '\n' ? "" : "\n");
			fputs("}\n", f);
			break;
		case 'a':
			fputs(".alias ", f);
			psemi(it->text, f);
			break;
		case 'p':
			ppragma(it->text, f);
			break;
		default:
			assert(!"bad module item");
		}
	}
}

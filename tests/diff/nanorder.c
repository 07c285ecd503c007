/*
 * tests/diff/nanorder.c -- which operand of each f64 add, sub, mul, fma,
 * min and max the interpreter lets win when both are NaN: the operand
 * order the loader decided (interp/contract.c interp_nan_first, the
 * constants' rule in alu_decode.c).  tests/diff/nanorder.sh compares it
 * with the operand slots ptxas gives the same instructions.
 *
 *   nanorder FILE.ptx...
 *   nanorder -c FILE.ptx...
 *   nanorder -f FILE.ptx...
 *
 * prints, per instruction, "LINE OP WIN MUL": LINE the instruction's
 * source line, OP its opcode, WIN the PTX operand in the slot whose NaN
 * wins (a or b; for fma, the slot before c's), MUL the line of the mul a
 * fused add takes its a and b from (0: not fused), and a fifth word,
 * "oracle", where the order oracle (PTXKIT_NANORDER, api/nanorder.c)
 * answered for the line.
 *
 * With -c it measures the prediction against the oracle: each file is
 * loaded twice, with PTXKIT_NANORDER=predict and =ptxas (the real ptxas,
 * no GPU), and for every instruction the oracle answers it prints a line
 * where the two orders differ,
 *   D FILE LINE OP ORACLE PRED | A | B | TEXT
 * ORACLE and PRED the winning operand (a or b), A and B each operand as
 * interp_nan_first places it (contract.c defpos: "line op kind", the
 * line and opcode of the instruction whose place it takes, the kind
 * plain, rn, moved, rsq, late or imm, a mov of an immediate; "const",
 * "zero" or "?" otherwise), TEXT
 * the instruction's PTX, then a total, "nanorder: N answered, A agree, D
 * differ".  A module of 20 difftest kernels takes ptxas about a second.
 * How interp_nan_first's rules were measured (tests/diff/README).
 *
 * With -f it prints the contraction plan instead (interp/contract.c), for
 * tests/diff/fusecheck.py to hold against the SASS ptxas makes: per
 * float add or sub without a rounding modifier, "F LINE OP TYPE MUL",
 * MUL the line of the mul it fuses with (0: none).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include "ir.h"
#include "alu.h"
#include "interp.h"

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, r;

	if (!f)
		return NULL;
	do {
		if (n == cap) {
			char *nb = realloc(buf, cap = cap ? 2 * cap : 65536);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
	} while (r > 0);
	fclose(f);
	*len = n;
	return buf;
}

static int
candidate(const XIns *xi)
{
	int op = xi->alu.op;
	return xi->x == X_ALU && xi->alu.ty == TY_F64 && xi->alu.nsrc >= 2 &&
	    (op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_MIN || op == OP_MAX || op == OP_FMA ||
	    op == OP_MAD);
}

static void
dump(ptx_ctx *cx, ptx_module *pm)
{
	for (int fi = 0; fi < pm->nfn; fi++) {
		XFunc *x = &pm->fn[fi];
		int *plan = x->f ? interp_contract_plan(cx, pm->m, x->f) : NULL;
		for (int pc = x->pc0; pc < x->pc0 + x->npc; pc++) {
			const XIns *xi = &pm->code[pc];
			int mul = 0;
			if (!candidate(xi) || !xi->in)
				continue;
			if (plan) {
				for (int j = 0; j < x->f->nins; j++)
					if (x->f->ins[j] == xi->in && plan[j] && plan[j] != CONTRACT_SIGNFLIP)
						mul = x->f->ins[(plan[j] >> 3) - 1]->loc.line;
			}
			int orc = 0;
			for (int k = 0; k < pm->nnanwin && !orc; k++)
				orc = pm->nanwin[k] >> 1 == xi->in->loc.line;
			printf("%d %s %c %d%s\n", xi->in->loc.line, ir_opinfo[xi->in->op].name,
			    xi->alu.flags & ALU_NANA ? 'a' : 'b', mul, orc ? " oracle" : "");
		}
		interp_free(cx, plan);
	}
}

/* -f: the adds the plan fuses, and those it leaves apart */
static void
fuses(ptx_ctx *cx, ptx_module *pm)
{
	for (int fi = 0; fi < pm->nfn; fi++) {
		const Func *f = pm->fn[fi].f;
		int *plan = f ? interp_contract_plan(cx, pm->m, f) : NULL;
		for (int j = 0; f && j < f->nins; j++) {
			const Ins *in = f->ins[j];
			int mul = 0;
			if (!interp_contract_plainadd(in))
				continue;
			if (plan && plan[j] && plan[j] != CONTRACT_SIGNFLIP && plan[j] != CONTRACT_KEEPSRC)
				mul = f->ins[(plan[j] >> 3) - 1]->loc.line;
			printf("F %d %s %s %d\n", in->loc.line, ir_opinfo[in->op].name, ir_tyinfo[in->ty[0]].name, mul);
		}
		interp_free(cx, plan);
	}
}

/* The text of line n of src (1-based), up to its newline, indent cut. */
static void
srcline(const char *src, size_t len, int n, const char **p, int *w)
{
	size_t i = 0;

	for (int l = 1; l < n && i < len; i++)
		if (src[i] == '\n')
			l++;
	while (i < len && (src[i] == ' ' || src[i] == '\t'))
		i++;
	*p = src + i;
	*w = 0;
	while (i + (size_t)*w < len && src[i + (size_t)*w] != '\n')
		++*w;
}

static void
where(const Func *f, const Ins *in, int k)
{
	static const char *kinds[] = { "plain", "rn", "moved", "rsq", "late", "imm" };
	int kind;
	long p = interp_nan_where(f, in, k, &kind);

	if (p == LONG_MAX)
		printf("const");
	else if (p == -2)
		printf("zero");
	else if (p < 0)
		printf("?");
	else if (p % 2)   /* a phi: its block's head */
		printf("%d phi %s", f->ins[(p + 1) / 2]->loc.line, kinds[kind]);
	else
		printf("%d %s %s", f->ins[p / 2]->loc.line, ir_opinfo[f->ins[p / 2]->op].name,
		    kind >= 0 && kind < 6 ? kinds[kind] : "?");
}

static ptx_module *
loadwith(ptx_ctx *cx, const char *order, const char *path, const char *text, size_t len)
{
	ptx_module *pm;

	setenv("PTXKIT_NANORDER", order, 1);
	return ptx_module_load(cx, path, text, len, &pm) == PTX_OK ? pm : NULL;
}

/* -c: the prediction (p) against the oracle (o), instruction by instruction. */
static int
compare(ptx_ctx *cx, const char *path, long *tot)
{
	size_t len;
	char *text = slurp(path, &len);
	ptx_module *p = text ? loadwith(cx, "predict", path, text, len) : NULL;
	ptx_module *o = p ? loadwith(cx, "ptxas", path, text, len) : NULL;
	int bad = !o || p->nfn != o->nfn;

	for (int fi = 0; !bad && fi < p->nfn; fi++) {
		XFunc *x = &p->fn[fi];
		int *plan = x->f ? interp_contract_plan(cx, p->m, x->f) : NULL;
		if (o->fn[fi].npc != x->npc) {
			bad = 1;
			break;
		}
		for (int pc = x->pc0; pc < x->pc0 + x->npc; pc++) {
			const XIns *xp = &p->code[pc], *xo = &o->code[o->fn[fi].pc0 + pc - x->pc0];
			const Ins *in = xp->in;
			const char *t;
			int w, line, answered = 0;
			if (!candidate(xp) || !in)
				continue;
			line = in->loc.line;
			for (int k = 0; k < o->nnanwin && !answered; k++)
				answered = o->nanwin[k] >> 1 == line;
			if (!answered)
				continue;
			tot[0]++;
			if ((xp->alu.flags & ALU_NANA) == (xo->alu.flags & ALU_NANA)) {
				tot[1]++;
				continue;
			}
			if (plan)   /* a fused add takes its mul's order */
				for (int j = 0; j < x->f->nins; j++)
					if (x->f->ins[j] == in && plan[j] && plan[j] != CONTRACT_SIGNFLIP)
						in = x->f->ins[(plan[j] >> 3) - 1];
			srcline(text, len, line, &t, &w);
			printf("D %s %d %s %c %c | ", path, line, ir_opinfo[xp->in->op].name,
			    xo->alu.flags & ALU_NANA ? 'a' : 'b', xp->alu.flags & ALU_NANA ? 'a' : 'b');
			where(x->f, in, 0);
			printf(" | ");
			where(x->f, in, 1);
			printf(" | %.*s\n", w, t);
		}
		interp_free(cx, plan);
	}
	if (bad)
		fprintf(stderr, "nanorder: %s: cannot load\n", path);
	if (o)
		ptx_module_free(o);
	if (p)
		ptx_module_free(p);
	free(text);
	return bad;
}

int
main(int argc, char **argv)
{
	ptx_ctx *cx;
	int bad = 0;
	long tot[2] = { 0, 0 };

	if (argc < 2 || ((!strcmp(argv[1], "-c") || !strcmp(argv[1], "-f")) && argc < 3)) {
		fprintf(stderr, "usage: nanorder [-c | -f] FILE.ptx...\n");
		return 2;
	}
	if (ptx_ctx_new(&cx, NULL) != PTX_OK)
		return 1;
	if (!strcmp(argv[1], "-c")) {
		for (int i = 2; i < argc; i++)
			bad |= compare(cx, argv[i], tot);
		printf("nanorder: %ld answered, %ld agree, %ld differ\n", tot[0], tot[1], tot[0] - tot[1]);
		ptx_ctx_free(cx);
		return bad;
	}
	int fuse = !strcmp(argv[1], "-f");
	for (int i = 1 + fuse; i < argc; i++) {
		size_t len;
		char *text = slurp(argv[i], &len);
		ptx_module *pm;
		if (!text || ptx_module_load(cx, argv[i], text, len, &pm) != PTX_OK) {
			fprintf(stderr, "nanorder: %s: cannot load\n", argv[i]);
			free(text);
			bad = 1;
			continue;
		}
		printf("# %s\n", argv[i]);
		if (fuse)
			fuses(cx, pm);
		else
			dump(cx, pm);
		ptx_module_free(pm);
		free(text);
	}
	ptx_ctx_free(cx);
	return bad;
}

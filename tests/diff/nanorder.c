/*
 * tests/diff/nanorder.c -- which operand of each f64 add, sub, mul, fma,
 * min and max the interpreter lets win when both are NaN: the operand
 * order the loader decided (interp/contract.c interp_nan_first, the
 * constants' rule in alu_decode.c).  tests/diff/nanorder.sh compares it
 * with the operand slots ptxas gives the same instructions.
 *
 *   nanorder FILE.ptx...
 *
 * prints, per instruction, "LINE OP WIN MUL": LINE the instruction's
 * source line, OP its opcode, WIN the PTX operand in the slot whose NaN
 * wins (a or b; for fma, the slot before c's), MUL the line of the mul a
 * fused add takes its a and b from (0: not fused), and a fifth word,
 * "oracle", where the order oracle (PTXKIT_NANORDER, api/nanorder.c)
 * answered for the line.
 */
#include <stdio.h>
#include <stdlib.h>
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

int
main(int argc, char **argv)
{
	ptx_ctx *cx;
	int bad = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: nanorder FILE.ptx...\n");
		return 2;
	}
	if (ptx_ctx_new(&cx, NULL) != PTX_OK)
		return 1;
	for (int i = 1; i < argc; i++) {
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
		dump(cx, pm);
		ptx_module_free(pm);
		free(text);
	}
	ptx_ctx_free(cx);
	return bad;
}

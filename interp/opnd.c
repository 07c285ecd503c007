/*
 * opnd.c -- an instruction's operands, decoded into XOps (interp.h) for
 * the executor: registers as slots (a .b128 register as two), immediates
 * with their type's bits, symbols as addresses (a shared variable's as a
 * special register, since its CTA's rank is added at run time, cluster.c),
 * local variables as frame offsets, and the memory operand as a state
 * space, base and offset.  load.c's decoder and those of the other files
 * (bulk.c, mbarrier.c, tex.c, ...) build on these; -1 means a form the
 * executor lacks, and the instruction becomes X_UNSUPPORTED.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "interp.h"

/* One operand (not a vector).  Returns -1 for forms the executor lacks. */
int
interp_decode_op(ptx_module *pm, const Opnd *o, int ty, XOp *x)
{
	memset(x, 0, sizeof *x);
	switch (o->kind) {
	case OK_REG:
		if (o->sym->kind == SYM_SREG) {
			x->k = XO_SREG;
			x->sreg = (uint8_t)(o->sym->sreg < 0 ? 255 : o->sym->sreg);
			x->comp = o->sel == SEL_Y ? 1 : o->sel == SEL_Z ? 2 : 0;
			return 0;
		}
		/* a video instruction's selectors and vmad's negations are alu_decode's */
		if (o->sel != SEL_NONE && !(pm->subsel && ((o->sel >= SEL_B0 && o->sel <= SEL_H1) || o->sel == SEL_TEXT)))
			return -1;
		if (o->neg && !pm->subsel)
			return -1;
		x->k = XO_REG;
		x->r = o->sym->id;
		return 0;
	case OK_SINK:
		x->k = XO_SINK;
		return 0;
	case OK_IMM:
		x->k = XO_IMM;
		x->imm = (uint64_t)o->imm;
		return 0;
	case OK_FIMM:
		x->k = XO_IMM;
		x->imm = interp_fimm(ty, o->fbits, o->flkind);
		return 0;
	case OK_NOT:
		if (o->nsub != 1 || o->sub[0].kind != OK_REG || o->sub[0].sym->kind != SYM_REG)
			return -1;
		x->k = XO_NOT;
		x->r = o->sub[0].sym->id;
		return 0;
	case OK_SYM: {
		SymLoc *l;
		if (o->sym->kind == SYM_VAR && (l = interp_symloc(pm, o->sym, 0)) && l->space == MS_LOCAL) {
			x->k = XO_LOCAL;
			x->imm = l->addr + (uint64_t)o->imm;
			return 0;
		}
		x->k = XO_IMM;
		if (interp_symaddr(pm, o->sym, &x->imm, 0))
			return -1;
		x->imm += (uint64_t)o->imm;
		if (o->sym->kind == SYM_VAR && (l = interp_symloc(pm, o->sym, 0)) && l->space == MS_SHARED) {
			/* in a cluster, the address carries the CTA's rank (cluster.c) */
			x->k = XO_SREG;
			x->sreg = o->sym->size <= 0 ? SR_SHDYN : SR_SHSYM;
		}
		return 0;
	}
	case OK_EXPR: {
		uint64_t v;
		if (interp_evalint(pm, o->e, &v))
			return -1;
		x->k = XO_IMM;
		x->imm = v;
		return 0;
	}
	}
	return -1;
}

/* A .b128 register is two slots: its own (the low half) and the one
 * interp_load gave its high half, kept in the symbol map. */
static int
is128(const Opnd *o)
{
	return o->kind == OK_REG && o->sym->kind == SYM_REG && o->sym->type == TY_B128;
}

static int
xop1(ptx_module *pm, const Opnd *o, int ty, XOp *out, int *k, int max)
{
	SymLoc *l;

	if (*k >= max || interp_decode_op(pm, o, ty, &out[(*k)++]))
		return -1;
	if (!is128(o))
		return 0;
	if (*k >= max || !(l = interp_symloc(pm, o->sym, 0)))
		return -1;
	out[*k] = out[*k - 1];
	out[(*k)++].r = (int32_t)l->addr;
	return 0;
}

/* Operands flattened (vector elements in order, .b128 registers as two
 * halves) into out[]; returns the count or -1. */
int
interp_decode_ops(ptx_module *pm, const Opnd *o, int n, int ty, XOp *out, int max)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (o[i].kind == OK_VEC || o[i].kind == OK_PAIR) {
			/* an integer literal in a float vector: ptxas compiles
			 * the instruction to nothing (verify/types.c veckinds) */
			for (int j = 0; j < o[i].nsub; j++)
				if ((o[i].sub[j].kind == OK_IMM && ty && ir_tyinfo[ty].kind == TK_FLOAT) ||
				    xop1(pm, &o[i].sub[j], ty, out, &k, max))
					return -1;
		} else if (xop1(pm, &o[i], ty, out, &k, max))
			return -1;
	}
	return k;
}

/* The memory operand o of in: its state space and address form. */
int
interp_decode_mem(ptx_module *pm, XFunc *x, const Ins *in, const Opnd *o, XIns *xi)
{
	SymLoc *l = NULL;

	if (o->kind != OK_ADDR || o->addrlist)
		return -1;
	switch (in->space) {
	case SP_GLOBAL: case SP_CONST: xi->space = MS_GLOBAL; break;
	case SP_SHARED: xi->space = MS_SHARED; break;
	case SP_LOCAL: xi->space = MS_LOCAL; break;
	case SP_PARAM: xi->space = x->f->entry ? MS_KPARAM : MS_LOCAL; break;
	case SP_NONE: case SP_GENERIC: xi->space = MS_GENERIC; break;
	default: return -1;
	}
	if (ir_hasmod(in, MOD_SHARED_CLUSTER))
		xi->space = MS_CLUSTER;
	xi->aoff = o->imm;
	if (!o->base) {
		xi->abase.k = XO_NONE;
		return 0;
	}
	if (o->base->kind == OK_SYM && o->base->sym->kind == SYM_VAR) {
		l = interp_symloc(pm, o->base->sym, 0);
		if (!l)
			return -1;
		if (l->space == MS_LOCAL) {
			xi->abase.k = XO_LOCAL;
			xi->abase.imm = l->addr + (uint64_t)o->base->imm;
		} else {
			xi->abase.k = XO_NONE;
			/* unsigned: an address wraps at 2^64 ([var+0x7fffffffffffffff]) */
			xi->aoff = (int64_t)((uint64_t)xi->aoff + l->addr + (uint64_t)o->base->imm);
		}
		if (xi->space == MS_GENERIC)   /* a symbol named in a generic access: its generic address */
			xi->aoff = (int64_t)((uint64_t)xi->aoff + (l->space == MS_SHARED ? SHARED_WIN :
			    l->space == MS_KPARAM ? PARAM_WIN : 0));
		if (xi->space == MS_GENERIC && l->space == MS_LOCAL) {
			xi->abase.imm += LOCAL_WIN;
		}
		if (xi->space != MS_GENERIC)
			xi->space = (uint8_t)l->space;
		/* the variable of the executing CTA (and kernel, for an extern array) */
		xi->shsym = l->space != MS_SHARED ? 0 : o->base->sym->size <= 0 ? 2 : 1;
		return 0;
	}
	/* [%r+off] with a 32-bit %r (shared and local addresses): the sum is
	 * 32 bits wide, as in ptxas's code, so a base below the offset's
	 * negation wraps (LLVM's sin/cos reduce through such a local index) */
	xi->a32 = o->base->kind == OK_REG && o->base->sym->kind == SYM_REG && o->base->sym->type &&
	    ir_tyinfo[o->base->sym->type].bits == 32;
	return interp_decode_op(pm, o->base, TY_U64, &xi->abase);
}

/* in's operands from first on (the sources, after the destinations), into a
 * fresh array. */
int
interp_decode_srcs(ptx_module *pm, XIns *xi, const Ins *in, int first, int ty)
{
	XOp tmp[64];
	int n = interp_decode_ops(pm, in->opnd + first, in->nopnd - first, ty, tmp, 64);

	if (n < 0)
		return -1;
	xi->s = interp_alloc(pm->cx, (size_t)(n + 1) * sizeof *xi->s);
	if (!xi->s)
		return -1;
	memcpy(xi->s, tmp, (size_t)n * sizeof *tmp);
	xi->ns = (uint8_t)n;
	return 0;
}

/* The destination o (a vector's elements in order) into xi->d. */
int
interp_decode_dsts(ptx_module *pm, XIns *xi, const Opnd *o)
{
	int n = interp_decode_ops(pm, o, 1, 0, xi->d, 8);
	if (n < 0)
		return -1;
	xi->nd = (uint8_t)n;
	return 0;
}

/* The immediate sources of a warp-wide instruction as planes, filled once
 * here rather than at every execution.  Without memory there are none, and
 * the executor broadcasts them itself. */
void
interp_bcast_imm(ptx_module *pm, XIns *xi)
{
	int n = 0;

	for (int k = 0; k < xi->ns; k++)
		n += xi->s[k].k == XO_IMM;
	if (!n || !(xi->bc = interp_alloc(pm->cx, (size_t)n * WARP * sizeof *xi->bc)))
		return;
	n = 0;
	for (int k = 0; k < xi->ns; k++)
		if (xi->s[k].k == XO_IMM) {
			for (int l = 0; l < WARP; l++)
				xi->bc[n * WARP + l] = xi->s[k].imm;
			xi->s[k].r = n++;
		}
}

/* The memory operand o as it would be in state space sp (SP_*), for
 * decoders whose instruction names no space. */
int
interp_decode_addr(ptx_module *pm, XFunc *x, const Opnd *o, int sp, XIns *xi)
{
	Ins in;

	memset(&in, 0, sizeof in);
	in.space = sp;
	return interp_decode_mem(pm, x, &in, o, xi);
}

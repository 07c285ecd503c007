/*
 * texdec.c -- the texture and surface instructions decoded at load time
 * (interp_tex_decode, for tex.c and surf.c): xi->s[0] is the handle (or
 * the address of the variable holding it), then the coordinates, then
 * the sampler's address in independent mode, then the operands after the
 * memory operand; xi->tbl[] says where each group begins (the T_*
 * indices of tex.h).  Also a .samplerref's initializer as the word the
 * variable holds.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "interp.h"
#include "tex.h"

/* ---------------------------------------------------------------- decoding */

static int
geomof(const Ins *in)
{
	static const int g[][2] = {
		{ MOD_1D, G_1D }, { MOD_2D, G_2D }, { MOD_3D, G_3D }, { MOD_A1D, G_A1D }, { MOD_A2D, G_A2D },
		{ MOD_CUBE, G_CUBE }, { MOD_ACUBE, G_ACUBE }
	};
	for (size_t i = 0; i < sizeof g / sizeof g[0]; i++)
		if (ir_hasmod(in, g[i][0]))
			return g[i][1];
	return -1;
}

/* Appends operand o (a vector flattened) to the sources tmp[0..*n); its count, or -1. */
static int
addsrc(ptx_module *pm, const Opnd *o, int ty, XOp *tmp, int *n)
{
	int k = interp_decode_ops(pm, o, 1, ty, tmp + *n, TEXNS - *n);

	if (k < 0)
		return -1;
	*n += k;
	return k;
}

/* Whether operand o names a module variable of opaque kind want (1
 * .texref or a legacy .tex variable, 2 .samplerref, 3 .surfref), whose
 * 8 bytes hold the handle or
 * the sampler: 1; a register: 0; anything else (another kind, a kernel
 * parameter): -1. */
static int
optref(ptx_module *pm, const Opnd *o, int want)
{
	const SymLoc *l;

	if (o->kind == OK_REG)
		return 0;
	if (o->kind != OK_SYM || o->sym->kind != SYM_VAR || o->imm ||
	    (o->sym->opaque != want && !(want == 1 && o->sym->space == SP_TEX)) ||
	    !(l = interp_symloc(pm, o->sym, 0)) || l->space != MS_GLOBAL)
		return -1;
	return 1;
}

static const int queries[] = {
	MOD_WIDTH, MOD_HEIGHT, MOD_DEPTH, MOD_CHANNEL_DATA_TYPE, MOD_CHANNEL_ORDER, MOD_NORMALIZED_COORDS,
	MOD_ARRAY_SIZE, MOD_NUM_MIPMAP_LEVELS, MOD_NUM_SAMPLES, MOD_FILTER_MODE, MOD_ADDR_MODE_0,
	MOD_ADDR_MODE_1, MOD_ADDR_MODE_2, MOD_FORCE_UNNORMALIZED_COORDS, MOD_MEMORY_LAYOUT
};

/* tex, tld4, txq, suld, sust, sured, suq: the object a 64-bit register
 * or a module .texref/.surfref variable holding its handle, and in
 * independent mode a module .samplerref; -1 for what the executor lacks
 * (references passed as kernel parameters, samplers in registers,
 * multisample geometries, f16 results), which the loader turns into an
 * unsupported instruction. */
int
interp_tex_decode(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	XOp tmp[TEXNS];
	int n = 0, *tb, g = geomof(in), kind;
	const Opnd *m, *dst = NULL;
	int first;   /* the first operand after the memory operand */

	(void)x;
	switch (in->op) {
	case OP_TEX: kind = TK_TEX; break;
	case OP_TLD4: kind = TK_TLD4; break;
	case OP_TXQ: kind = TK_TXQ; break;
	case OP_SULD: kind = TK_SULD; break;
	case OP_SUST: kind = ir_hasmod(in, MOD_P) ? TK_SUSTP : TK_SUST; break;
	case OP_SURED: kind = ir_hasmod(in, MOD_P) ? TK_SUREDP : TK_SURED; break;
	case OP_SUQ: kind = TK_SUQ; break;
	default: return -1;
	}
	if (kind == TK_SUST || kind == TK_SUSTP || kind == TK_SURED || kind == TK_SUREDP)
		m = &in->opnd[0], first = 1;
	else
		m = &in->opnd[1], dst = &in->opnd[0], first = 2;
	if (m->kind != OK_ADDR)
		return -1;
	if (!(tb = interp_alloc(pm->cx, T_N * sizeof *tb)))
		return -1;
	xi->tbl = tb;
	xi->ntbl = T_N;
	tb[T_KIND] = kind;
	tb[T_GEOM] = g;
	/* the object, then the coordinates: [obj, c], [tex, sampler, c]
	 * (independent mode), [obj] (txq, suq); obj a register holding a
	 * handle or a variable (.texref, .surfref) holding one */
	tb[T_SMP] = -1;
	if (m->addrlist) {
		int c = m->nsub - 1;
		if ((m->nsub != 2 && m->nsub != 3) || (kind == TK_TXQ || kind == TK_SUQ))
			return -1;
		if (m->nsub == 3 && (kind != TK_TEX && kind != TK_TLD4))
			return -1;
		if (addsrc(pm, &m->sub[0], TY_U64, tmp, &n) != 1)
			return -1;
		tb[T_REF] = optref(pm, &m->sub[0], kind == TK_TEX || kind == TK_TLD4 ? 1 : 3);
		tb[T_NC] = addsrc(pm, &m->sub[c], TY_B32, tmp, &n);
		if (tb[T_NC] < 1)
			return -1;
		if (m->nsub == 3) {   /* the sampler after the coordinates, which begin at s[1] */
			if (optref(pm, &m->sub[1], 2) != 1)
				return -1;   /* a sampler in a register: not modelled */
			tb[T_SMP] = n;
			if (addsrc(pm, &m->sub[1], TY_U64, tmp, &n) != 1)
				return -1;
		}
	} else {
		if (!m->base || m->imm || (kind != TK_TXQ && kind != TK_SUQ))
			return -1;
		if (addsrc(pm, m->base, TY_U64, tmp, &n) != 1)
			return -1;
		tb[T_REF] = optref(pm, m->base, kind == TK_TXQ ? 1 : 3);
	}
	if (tb[T_REF] < 0 || (tmp[0].k != XO_REG && tmp[0].k != XO_IMM))
		return -1;
	tb[T_AFTER] = n;
	tb[T_LOD] = tb[T_GX] = tb[T_GY] = tb[T_OFF] = tb[T_DC] = tb[T_DATA] = -1;
	if (kind == TK_TEX || kind == TK_TLD4) {
		int k = first;
		if (g < 0 || in->ty[1] == 0 || (in->ty[0] != TY_F32 && in->ty[0] != TY_U32 && in->ty[0] != TY_S32))
			return -1;
		tb[T_ICOORD] = in->ty[1] == TY_S32;
		if (ir_hasmod(in, MOD_LEVEL) && k < in->nopnd) {
			tb[T_LOD] = n;
			if (addsrc(pm, &in->opnd[k++], TY_F32, tmp, &n) != 1)
				return -1;
		} else if (ir_hasmod(in, MOD_GRAD) && k + 1 < in->nopnd) {
			tb[T_GX] = n;
			tb[T_NG] = addsrc(pm, &in->opnd[k++], TY_F32, tmp, &n);
			tb[T_GY] = n;
			if (tb[T_NG] < 1 || addsrc(pm, &in->opnd[k++], TY_F32, tmp, &n) != tb[T_NG])
				return -1;
		}
		if (k < in->nopnd && in->opnd[k].kind == OK_VEC) {
			tb[T_OFF] = n;
			if ((tb[T_NOFF] = addsrc(pm, &in->opnd[k++], TY_S32, tmp, &n)) < 1)
				return -1;
		}
		if (k < in->nopnd) {
			tb[T_DC] = n;
			if (addsrc(pm, &in->opnd[k++], TY_F32, tmp, &n) != 1)
				return -1;
		}
		if (k != in->nopnd)
			return -1;
		tb[T_COMP] = ir_hasmod(in, MOD_G) ? 1 : ir_hasmod(in, MOD_B) ? 2 : ir_hasmod(in, MOD_A) ? 3 : 0;
	} else if (kind == TK_TXQ || kind == TK_SUQ) {
		tb[T_QUERY] = -1;
		for (size_t i = 0; i < sizeof queries / sizeof queries[0]; i++)
			if (ir_hasmod(in, queries[i]))
				tb[T_QUERY] = queries[i];
		if (tb[T_QUERY] < 0)
			return -1;
		/* The driver refuses a module with these surface queries
		 * (CUDA_ERROR_NOT_SUPPORTED from cuModuleLoadData, measured on an
		 * H200 with driver 580, though ptxas takes them): so does the
		 * loader, naming the instruction. */
		if (kind == TK_SUQ && (tb[T_QUERY] == MOD_CHANNEL_DATA_TYPE || tb[T_QUERY] == MOD_CHANNEL_ORDER ||
		    tb[T_QUERY] == MOD_ARRAY_SIZE || tb[T_QUERY] == MOD_MEMORY_LAYOUT))
			return -1;
		/* txq of anything but the size loads there, but the kernel that
		 * holds it is gone: cuModuleGetFunction says CUDA_ERROR_NOT_FOUND
		 * (same H200).  Such a kernel cannot run on the GPU, so here the
		 * module is refused, naming the instruction. */
		if (kind == TK_TXQ && tb[T_QUERY] != MOD_WIDTH && tb[T_QUERY] != MOD_HEIGHT && tb[T_QUERY] != MOD_DEPTH)
			return -1;
		if (ir_hasmod(in, MOD_LEVEL)) {
			if (first >= in->nopnd)
				return -1;
			tb[T_LOD] = n;
			if (addsrc(pm, &in->opnd[first], TY_B32, tmp, &n) != 1)
				return -1;
		}
	} else {
		/* surfaces: the element type, the bounds mode, the data */
		if (g < 0 || g == G_CUBE || g == G_ACUBE || !in->ty[0])
			return -1;
		tb[T_BITS] = ir_tyinfo[in->ty[0]].bits;
		tb[T_SIGNED] = ir_tyinfo[in->ty[0]].kind == TK_SINT;
		tb[T_VEC] = in->vec;
		tb[T_MODE] = ir_hasmod(in, MOD_CLAMP) ? SB_CLAMP : ir_hasmod(in, MOD_ZERO) ? SB_ZERO : SB_TRAP;
		tb[T_OPER] = 0;
		if (kind == TK_SURED || kind == TK_SUREDP) {
			static const int ops[] = { MOD_ADD, MOD_MIN, MOD_MAX, MOD_AND, MOD_OR };
			for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
				if (ir_hasmod(in, ops[i]))
					tb[T_OPER] = ops[i];
			if (!tb[T_OPER])
				return -1;
		}
		if (dst == NULL) {
			tb[T_DATA] = n;
			if (addsrc(pm, &in->opnd[first], in->ty[0], tmp, &n) < 1)
				return -1;
		}
	}
	if (dst) {
		const Opnd *v = dst, *p = NULL;
		int nd;
		if (dst->kind == OK_PAIR) {
			v = &dst->sub[0], p = &dst->sub[1];
			if (kind != TK_TEX && kind != TK_TLD4)
				return -1;
		}
		nd = interp_decode_ops(pm, v, 1, 0, xi->d, 7);
		if (nd < 1 || (p && interp_decode_op(pm, p, 0, &xi->d[nd]) != 0))
			return -1;
		tb[T_PRED] = p != NULL;
		xi->nd = (uint8_t)(nd + (p != NULL));
		if ((kind == TK_TEX || kind == TK_TLD4) && nd != 4)
			return -1;
	}
	if (!(xi->s = interp_alloc(pm->cx, (size_t)(n + 1) * sizeof *xi->s)))
		return -1;
	memcpy(xi->s, tmp, (size_t)n * sizeof *tmp);
	xi->ns = (uint8_t)n;
	xi->x = X_TEX;
	return 0;
}

/* ---------------------------------------------------------------- references */

/* The value of a .samplerref initializer's field: a keyword or a number;
 * -1 when it is neither. */
static int64_t
fieldval(const Expr *v, const char *const *names, int n)
{
	if (v && v->kind == E_INT)
		return v->i;
	if (!v || v->kind != E_SYM || !v->text)
		return -1;
	for (int i = 0; i < n; i++)
		if (names[i] && !strcmp(v->text, names[i]))
			return i;
	return -1;
}

/* A .samplerref's initializer ({ filter_mode = linear, addr_mode_0 =
 * wrap, ... }) as the variable's word (SMP_*, tex.h). */
int
interp_tex_sampler_init(const Expr *e, uint64_t *word)
{
	/* by PTX_ADDR_*; clamp_ogl clamps as the texture unit's edge clamp does */
	static const char *const modes[] = { "wrap", "clamp_to_edge", "mirror", "clamp_to_border", "clamp_ogl" };
	static const char *const filters[] = { "nearest", "linear" };
	static const char *const axes[] = { "addr_mode_0", "addr_mode_1", "addr_mode_2" };
	uint64_t w = 0;

	if (e->kind != E_LIST)
		return -1;
	for (int i = 0; i < e->nelt; i++) {
		const Expr *f = e->elt[i];
		int64_t v;
		int a;
		if (f->kind != E_FIELD || !f->text)
			return -1;
		for (a = 0; a < 3 && strcmp(f->text, axes[a]); a++)
			;
		if (a < 3) {
			if ((v = fieldval(f->a, modes, 5)) < 0 || v > 4)
				return -1;
			w = (w & ~(7ull << 3 * a)) | ((uint64_t)(v == 4 ? PTX_ADDR_CLAMP : v) + 1) << 3 * a;
		} else if (!strcmp(f->text, "filter_mode")) {
			if ((v = fieldval(f->a, filters, 2)) < 0 || v > 1)
				return -1;
			w = v ? w | SMP_LINEAR : w & ~(uint64_t)SMP_LINEAR;
		} else if (!strcmp(f->text, "force_unnormalized_coords")) {
			if ((v = fieldval(f->a, NULL, 0)) < 0 || v > 1)
				return -1;
			w = v ? w | SMP_UNNORM : w & ~(uint64_t)SMP_UNNORM;
		} else
			return -1;
	}
	*word = w;
	return 0;
}

/*
 * load.c -- lay out a module's memory and pre-decode its functions.
 *
 * Runs once per ptx_module_load, after ir_build.  It
 *   1. has layout.c place every variable and parameter;
 *   2. turns each instruction into an XIns (see interp.h), its operands
 *      decoded by opnd.c, its arithmetic by alu_decode.c, the forms of
 *      other engines by their files (bulk.c, tex.c, ...).  Instructions
 *      the executor does not know become X_UNSUPPORTED, and the module is
 *      refused with a located error naming each (unsupported());
 *   3. has lower.c note what ptxas makes of each memory access, and plan.c
 *      choose each instruction's fast paths (interp/README).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "interp.h"

/* ---------------------------------------------------------------- decoding */

static int
modofclass(const Ins *in, int cls)
{
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] >= NTY && in->mod[i] < NMOD && ir_modinfo[in->mod[i]].cls == cls)
			return in->mod[i];
	return 0;
}

static int
tybytes(int ty)
{
	int b = ty ? ir_tyinfo[ty].bits : 32;
	return b < 8 ? 1 : b / 8;
}

static int
blkpc(const XFunc *x, int b)
{
	return b < 0 ? -1 : x->pc0 + x->f->blk[b].i0;
}

static int
bi_of(const char *name)
{
	if (strcmp(name, "vprintf") == 0) return BI_VPRINTF;
	if (strcmp(name, "malloc") == 0) return BI_MALLOC;
	if (strcmp(name, "free") == 0) return BI_FREE;
	if (strcmp(name, "__assertfail") == 0) return BI_ASSERT;
	if (strncmp(name, "cudaCG", 6) == 0)
		return interp_cg_builtin(name);
	return interp_cdp_builtin(name);
}

/* shfl and vote without .sync (PTX ISA before 6.4, or a target before
 * sm_70): the lanes that execute it take part, as with .sync and a full
 * membermask (ptxas compiles vote.ballot to VOTE.ANY R, PT).  The
 * membermask, source k of the .sync form, is that immediate; xi->s has
 * room for it (interp_decode_srcs). */
static int
allmask(XIns *xi, int k)
{
	if (xi->ns != k)
		return -1;
	memset(&xi->s[k], 0, sizeof xi->s[k]);
	xi->s[k].k = XO_IMM;
	xi->s[k].imm = 0xffffffffu;
	xi->ns++;
	return 0;
}

/* Width in bits of a register operand (of a vector register's element). */
static int
regbits(const Opnd *o)
{
	if (o->kind == OK_VEC && o->nsub > 0)
		o = &o->sub[0];
	return o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG ? ir_tyinfo[o->sym->type].bits : 0;
}

/* A decoded call: its ns sources src (when not NULL, copied), nret
 * returns, narg arguments, nd destinations in xi->d. */
static int
callops(ptx_module *pm, XIns *xi, const XOp *src, int ns, int nret, int narg, int nd)
{
	if (src) {
		xi->s = interp_alloc(pm->cx, (size_t)(ns + 1) * sizeof *xi->s);
		if (!xi->s)
			return -1;
		memcpy(xi->s, src, (size_t)ns * sizeof *src);
	}
	xi->nret = nret;
	xi->narg = narg;
	xi->nd = (uint8_t)nd;
	xi->ns = (uint8_t)ns;
	xi->x = X_CALL;
	return 0;
}

/* A call that passes or receives a vector register, or whose callee has a
 * vector .reg parameter or return value.  ptxas binds such a pair element
 * by element: element i of the destination is element i of the source,
 * truncated or zero-extended to its width (a .v2 .u32 return received in a
 * .b64 register is its .x alone).  xi->s holds every element: the
 * arguments', then the returns' destinations; xi->tbl, VC_N ints for each
 * argument then each return (VC_*).  A destination with more elements
 * than its source is refused: ptxas leaves the rest undefined (an H200
 * passed on 0x0038 for the .y of a .v2 .u16 that received a .b32) or
 * fails (a .u32 passed to a .v2 .u16 parameter crashes ptxas 13.0). */
static int
decode_vcall(ptx_module *pm, XIns *xi, const Func *cf, const Opnd *rets, const Opnd *args)
{
	int na = args ? args->nsub : 0, nr = rets ? rets->nsub : 0, ns = 0;
	XOp tmp[64];

	if (!cf || !cf->hasbody || na != cf->npar || nr != cf->nret || na + nr > 20)
		return -1;
	xi->tbl = interp_alloc(pm->cx, (size_t)(VC_N * (na + nr) + 1) * sizeof *xi->tbl);
	if (!xi->tbl)
		return -1;
	xi->ntbl = VC_N * (na + nr);
	for (int k = 0; k < na + nr; k++) {
		const Opnd *o = k < na ? &args->sub[k] : &rets->sub[k - na];
		const Sym *f = k < na ? cf->par[k].sym : cf->ret[k - na].sym;
		int n, fn = f ? f->vec : 0, on;
		if (!f || f->kind != SYM_REG || (o->kind != OK_VEC && o->kind != OK_REG && o->kind != OK_IMM))
			return -1;
		if ((n = interp_decode_ops(pm, o, 1, f->type, &tmp[ns], 64 - ns)) < 1)
			return -1;
		on = o->kind == OK_VEC ? n : 1;
		if (k < na ? fn > on : on > fn) {
			interp_diag(pm->cx, pm->m->name, o->loc.line, o->loc.col, PTX_SEV_ERROR, NULL,
			    "%s %d of the call to '%s' binds a %d-element %s to a %d-element %s: ptxas leaves the elements past the source's undefined",
			    k < na ? "argument" : "return value", (k < na ? k : k - na) + 1, cf->name,
			    k < na ? on : fn, k < na ? "register" : "return value", k < na ? fn : on,
			    k < na ? "parameter" : "register");
			return -1;
		}
		int32_t *t = &xi->tbl[VC_N * k];
		t[VC_AT] = ns;
		t[VC_CNT] = n;
		t[VC_BITS] = o->kind == OK_IMM ? ir_tyinfo[f->type].bits : regbits(o);
		t[VC_FBITS] = ir_tyinfo[f->type].bits;
		for (int e = 0; e < fn; e++) {
			const Sym *r = fn > 1 ? (f->part ? f->part[e] : NULL) : f;
			if (!r || r->id < 0 || r->id >= cf->nregs || cf->regs[r->id] != r)
				return -1;
			t[VC_SLOT + e] = r->id;
		}
		ns += n;
	}
	return callops(pm, xi, tmp, ns, nr, na, 0);
}

/* Whether a call's lists or its callee's header hold a vector register. */
static int
vcall(const Func *cf, const Opnd *rets, const Opnd *args)
{
	for (int k = 0; rets && k < rets->nsub; k++)
		if (rets->sub[k].kind == OK_VEC)
			return 1;
	for (int k = 0; args && k < args->nsub; k++)
		if (args->sub[k].kind == OK_VEC)
			return 1;
	for (int k = 0; cf && k < cf->npar + cf->nret; k++) {
		const Sym *s = k < cf->npar ? cf->par[k].sym : cf->ret[k - cf->npar].sym;
		if (s && s->kind == SYM_REG && s->vec > 1)
			return 1;
	}
	return 0;
}

static int
decode_call(ptx_module *pm, XIns *xi, const Ins *in)
{
	int fi = -1, nb = 0, na = 0;
	const Opnd *rets = NULL, *args = NULL;
	XOp tmp[64];

	for (int i = 0; i < in->nopnd; i++) {
		const Opnd *o = &in->opnd[i];
		if (fi < 0 && (o->kind == OK_SYM || o->kind == OK_REG)) {
			fi = i;
			if (o->kind == OK_SYM && o->sym->kind == SYM_FUNC) {
				/* the first that is its function or a definition of its symbol, else a declaration */
				const Sym *fs = ir_fn_target(o->sym);
				XFunc *x, *d;
				if (!fs) {
					interp_diag(pm->cx, pm->m->name, o->loc.line, o->loc.col, PTX_SEV_ERROR, NULL,
					    "'%s' is an alias of the alias '%s': the CUDA driver leaves a call of it unresolved",
					    o->sym->name, o->sym->aliasee->name);
					return -1;
				}
				x = interp_fn_of(pm, fs->fn);
				d = interp_fn_named(pm, fs, 1, 1);
				if (!x || (d && d->idx < x->idx))
					x = d;
				if (!x)
					x = interp_fn_named(pm, fs, 1, 0);
				if (!x)
					return -1;
				xi->target = x->idx;
			} else if (o->kind == OK_REG) {
				xi->target = -1;
				if (interp_decode_op(pm, o, TY_U64, &xi->abase))
					return -1;
			} else
				return -1;
		} else if (o->kind == OK_LIST) {
			if (fi < 0)
				rets = o;
			else if (!args)
				args = o;
		}
	}
	if (fi < 0)
		return -1;
	if (vcall(xi->target >= 0 ? pm->fn[xi->target].f : NULL, rets, args))
		return decode_vcall(pm, xi, xi->target >= 0 ? pm->fn[xi->target].f : NULL, rets, args);
	if (rets) {
		if (rets->nsub > 8 || interp_decode_ops(pm, rets->sub, rets->nsub, 0, xi->d, 8) != rets->nsub)
			return -1;
		nb = rets->nsub;
	}
	if (args) {
		/* an immediate argument takes the type of its parameter (-1.0 for an .f32) */
		const Func *cf = xi->target >= 0 ? pm->fn[xi->target].f : NULL;
		if (args->nsub > 64)
			return -1;
		for (na = 0; na < args->nsub; na++) {
			const Sym *ps = cf && na < cf->npar ? cf->par[na].sym : NULL;
			if (interp_decode_ops(pm, &args->sub[na], 1, ps ? ps->type : 0, &tmp[na], 1) != 1)
				return -1;
		}
	}
	return callops(pm, xi, args ? tmp : NULL, na, nb, na, nb);
}

/* The text of the instruction's numeric-shape modifier of class id (MOD_SHAPE, MOD_MN, MOD_XN). */
static const char *
modtext(const Ins *in, int id)
{
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] == id && in->modtext)
			return in->modtext[i];
	return NULL;
}

static int
shapeis(const Ins *in, int id, const char *s)
{
	const char *t = modtext(in, id);
	return t && strcmp(t, s) == 0;
}

/* st.f32 of a 64-bit register is a conversion, not a store of its low half:
 * ptxas 13 compiles st.global.f32 [a], %b64 to I2F.U64 and a 32-bit store
 * (the register's value as an unsigned integer, rounded to f32; the
 * verifier lets only a .b64 register through).  Bit k of the result: the
 * value's element k is such a register (XIns.sign of a store). */
static int
st_converts(const Opnd *o, int ty)
{
	int m = 0;
	if (ty != TY_F32)
		return 0;
	if (o->kind == OK_VEC) {
		for (int i = 0; i < o->nsub && i < 8; i++)
			m |= st_converts(&o->sub[i], ty) << i;
		return m;
	}
	return o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG && o->sym->type &&
	    ir_tyinfo[o->sym->type].bits == 64;
}

/* A vector holding a predicate beside 32-bit .b registers: bit k of the
 * result, element k is a predicate register.  What ptxas makes of one in
 * the instructions that execute it (sm_90 SASS, and the H100 where its
 * JIT compiles it; predvector refuses the others):
 *  - ld, ldmatrix and atom destinations: the predicate is its word's
 *    non-zero (ISETP.NE), the registers get their words;
 *  - atom and red values: a predicate is 0xffffffff or 0 (a SEL of -1);
 *  - st goes by the kind of the vector's last element: a predicate last
 *    makes every element a predicate, a register stored as 1 or 0 by
 *    whether it is non-zero (an ISETP and a SEL of 1 each: ST_PNZ); a
 *    register last stores the registers as they are and each predicate as
 *    0xffffffff or 0 (ST_PM1).
 * The driver's JIT (580.159) crashed on the second st form, on red, on
 * atom .f32 values with a predicate last, on ldmatrix's, and on an ld's
 * predicates read by xor.pred; ptxas 13 compiles each as said, and the
 * H100 ran the others so (memory equal to the interpreter's).
 * tests/regress/ldst-vec-pred.ptx, ldst-vec-pred-reg-last.ptx,
 * ldmatrix-pred-dest.ptx. */
static unsigned
vecpreds(const Opnd *o)
{
	unsigned m = 0;

	for (int i = 0; o->kind == OK_VEC && i < o->nsub && i < 8; i++) {
		const Opnd *e = &o->sub[i];
		if (e->kind == OK_REG && e->sym && e->sym->kind == SYM_REG && e->sym->type == TY_PRED)
			m |= 1u << i;
	}
	return m;
}

/* cp.async [dst], [src], cp-size {, src-size | ignore-src} {, cache-policy}:
 * the destination is the memory operand (shared), the source base and
 * offset s[0] and s[1], the cp-size xi->size, and src-size or the
 * ignore-src predicate s[2].  With .L2::cache_hint the last operand is the
 * policy, which the interpreter, having no cache, does not read. */
static int
decode_cpasync(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	XIns src;
	XOp tmp[3];
	int n = 2, nop = in->nopnd - (ir_hasmod(in, MOD_L2_CACHE_HINT) ? 1 : 0);

	memset(&src, 0, sizeof src);
	xi->x = X_CPASYNC;
	if (in->nopnd < 3 || in->opnd[2].kind != OK_IMM || interp_decode_mem(pm, x, in, &in->opnd[0], xi) ||
	    interp_decode_mem(pm, x, in, &in->opnd[1], &src))
		return -1;
	xi->space = MS_SHARED;
	xi->size = (uint8_t)in->opnd[2].imm;
	if (xi->size != 4 && xi->size != 8 && xi->size != 16)
		return -1;
	if (src.abase.k == XO_LOCAL)
		return -1;
	tmp[0] = src.abase;
	tmp[1] = (XOp){ .k = XO_IMM, .imm = (uint64_t)src.aoff };
	if (nop > 3) {
		const Opnd *o = &in->opnd[3];
		if (interp_decode_op(pm, o, TY_U32, &tmp[2]) || (tmp[2].k != XO_REG && tmp[2].k != XO_IMM && tmp[2].k != XO_NOT))
			return -1;
		xi->mod = o->kind == OK_NOT || (o->kind == OK_REG && o->sym->type == TY_PRED) ? 2 : 1;
		n = 3;
	}
	xi->s = interp_alloc(pm->cx, sizeof tmp);
	if (!xi->s)
		return -1;
	memcpy(xi->s, tmp, sizeof tmp);
	xi->ns = (uint8_t)n;
	return 0;
}

/* ldmatrix/stmatrix .m8n8 .x1/.x2/.x4 {.trans} .b16: aux the matrices, mod .trans. */
static int
decode_ldst_matrix(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	const char *xn = modtext(in, MOD_XN);
	int ld = in->op == OP_LDMATRIX;

	xi->x = ld ? X_LDMATRIX : X_STMATRIX;
	xi->pdst = (uint8_t)(ld && in->nopnd > 0 ? vecpreds(&in->opnd[0]) : 0);
	xi->aux = xn ? xn[1] - '0' : 0;
	xi->mod = ir_hasmod(in, MOD_TRANS);
	if (in->ty[0] != TY_B16 || !shapeis(in, MOD_MN, "m8n8") || (xi->aux != 1 && xi->aux != 2 && xi->aux != 4))
		return -1;
	/* a generic address is translated per row (interp_xlate): ldmatrix on
	 * one that points into shared memory is what nvcc writes without a
	 * __cvta_generic_to_shared */
	if (interp_decode_mem(pm, x, in, &in->opnd[ld ? 1 : 0], xi))
		return -1;
	if (ld)
		return interp_decode_dsts(pm, xi, &in->opnd[0]) || xi->nd != xi->aux ? -1 : 0;
	{
		XOp tmp[4];
		int n = interp_decode_ops(pm, &in->opnd[1], 1, TY_B32, tmp, 4);
		if (n != xi->aux)
			return -1;
		xi->s = interp_alloc(pm->cx, sizeof tmp);
		if (!xi->s)
			return -1;
		memcpy(xi->s, tmp, sizeof tmp);
		xi->ns = (uint8_t)n;
	}
	return 0;
}

/* mma.sync.aligned.m8n8k4.ALAYOUT.BLAYOUT.dtype.f16.f16.ctype (dtype and ctype
 * .f16 or .f32 each): aux holds C's bits, D's bits at 8, and the layouts (1:
 * col) at 16 and 17. */
static int
decode_mma_m8n8k4(ptx_module *pm, XIns *xi, const Ins *in)
{
	int dt = in->ty[0], ct = in->ty[3], lay[2], nl = 0;

	if (in->nty != 4 || in->nopnd != 4 || (dt != TY_F16 && dt != TY_F32) || (ct != TY_F16 && ct != TY_F32))
		return -1;
	for (int i = 0; i < in->nmod; i++)
		if ((in->mod[i] == MOD_ROW || in->mod[i] == MOD_COL) && nl < 2)
			lay[nl++] = in->mod[i] == MOD_COL;
	if (nl != 2)
		return -1;
	xi->mod = MMA_M8_K4_16;
	xi->ty = TY_F16;
	xi->aux = (ct == TY_F16 ? 16 : 32) | (dt == TY_F16 ? 16 : 32) << 8 | lay[0] << 16 | lay[1] << 17;
	if (interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, 0))
		return -1;
	return xi->nd == (dt == TY_F16 ? 4 : 8) && xi->ns == 2 + 2 + (ct == TY_F16 ? 4 : 8) ? 0 : -1;
}

/* mma.sp{::ordered_metadata}.sync.aligned.SHAPE.row.col{.satfinite}.dtype.atype.btype.ctype
 * d, a, b, c, e, f: the shape of half the k, whose A layout the packed A has
 * (mma.c), or -1.  f16 and bf16 m16n8k16/k32, tf32 m16n8k8/k16, s8/u8 and
 * fp8 m16n8k32/k64 (fp8 k64 only), s4/u4 m16n8k64/k128. */
static int
mma_sp_shape(const char *sh, int at)
{
	if (at == TY_F16 || at == TY_BF16)
		return strcmp(sh, "m16n8k16") == 0 ? MMA_K8_16 : strcmp(sh, "m16n8k32") == 0 ? MMA_K16_16 : -1;
	if (at == TY_TF32)
		return strcmp(sh, "m16n8k8") == 0 ? MMA_K4_TF32 : strcmp(sh, "m16n8k16") == 0 ? MMA_K8_TF32 : -1;
	if (at == TY_S8 || at == TY_U8)
		return strcmp(sh, "m16n8k32") == 0 ? MMA_K16_8 : strcmp(sh, "m16n8k64") == 0 ? MMA_K32_8 : -1;
	if (at == TY_E4M3 || at == TY_E5M2)
		return strcmp(sh, "m16n8k64") == 0 ? MMA_K32_8 : -1;
	if (at == TY_S4 || at == TY_U4)
		return strcmp(sh, "m16n8k64") == 0 ? MMA_K32_4 : strcmp(sh, "m16n8k128") == 0 ? MMA_K64_4 : -1;
	return -1;
}

/* the ALU_ rounding an f64 mma or wmma names (.rn when none) */
static int
mma_rnd(const Ins *in)
{
	return ir_hasmod(in, MOD_RZ) ? ALU_RZ : ir_hasmod(in, MOD_RM) ? ALU_RM : ir_hasmod(in, MOD_RP) ? ALU_RP : ALU_RN;
}

/* mma.sync.aligned.SHAPE.row.col{.rnd}{.satfinite}.dtype.atype.btype.ctype d, a, b, c:
 * mod the MMA_* shape, ty the A type, aux the C/D format and B's type (see interp.h).
 * mma.sp: mod the shape of half the k, MMA_SPARSE set in aux; the sources
 * are A, B, C, the metadata and the selector. */
static int
decode_mma(ptx_module *pm, XIns *xi, const Ins *in)
{
	const char *sh = modtext(in, MOD_SHAPE);
	int dt = in->ty[0], at = in->ty[1], bt = in->ty[2], ct = in->ty[3], cbits, na, nb, nc;
	int sp = in->op != OP_MMA;

	xi->x = X_MMA;
	if (!sp && sh && strcmp(sh, "m8n8k4") == 0 && at == TY_F16 && bt == TY_F16)
		return decode_mma_m8n8k4(pm, xi, in);
	if (!sh || in->nty != 4 || dt != ct || !ir_hasmod(in, MOD_ROW) || !ir_hasmod(in, MOD_COL) ||
	    in->nopnd != (sp ? 6 : 4))
		return -1;
	if (sp) {
		/* the types as mma.sync's: one A/B family, f32 (or f16 for f16) or s32 */
		int fam = (at == TY_S8 || at == TY_U8) && (bt == TY_S8 || bt == TY_U8) ? dt == TY_S32 :
		    (at == TY_S4 || at == TY_U4) && (bt == TY_S4 || bt == TY_U4) ? dt == TY_S32 :
		    (at == TY_E4M3 || at == TY_E5M2) && (bt == TY_E4M3 || bt == TY_E5M2) ? dt == TY_F32 :
		    bt == at && (dt == TY_F32 || (dt == TY_F16 && at == TY_F16));
		xi->mod = fam ? mma_sp_shape(sh, at) : -1;
	} else if ((at == TY_F16 || at == TY_BF16) && bt == at && (dt == TY_F32 || (dt == TY_F16 && at == TY_F16)))
		xi->mod = strcmp(sh, "m16n8k16") == 0 ? MMA_K16_16 : strcmp(sh, "m16n8k8") == 0 ? MMA_K8_16 : -1;
	else if (at == TY_TF32 && bt == TY_TF32 && dt == TY_F32)
		xi->mod = strcmp(sh, "m16n8k8") == 0 ? MMA_K8_TF32 : strcmp(sh, "m16n8k4") == 0 ? MMA_K4_TF32 : -1;
	else if ((at == TY_S8 || at == TY_U8) && (bt == TY_S8 || bt == TY_U8) && dt == TY_S32)
		xi->mod = strcmp(sh, "m16n8k32") == 0 ? MMA_K32_8 : strcmp(sh, "m16n8k16") == 0 ? MMA_K16_8 :
		    strcmp(sh, "m8n8k16") == 0 ? MMA_M8_K16_8 : -1;
	else if ((at == TY_S4 || at == TY_U4) && (bt == TY_S4 || bt == TY_U4) && dt == TY_S32)
		xi->mod = strcmp(sh, "m16n8k32") == 0 ? MMA_K32_4 : strcmp(sh, "m16n8k64") == 0 ? MMA_K64_4 :
		    strcmp(sh, "m8n8k32") == 0 ? MMA_M8_K32_4 : -1;
	else if (at == TY_B1 && bt == TY_B1 && dt == TY_S32 && ir_hasmod(in, MOD_POPC) &&
	    (ir_hasmod(in, MOD_AND) || ir_hasmod(in, MOD_XOR)))
		xi->mod = strcmp(sh, "m16n8k256") == 0 ? MMA_K256_1 : strcmp(sh, "m16n8k128") == 0 ? MMA_K128_1 :
		    strcmp(sh, "m8n8k128") == 0 ? MMA_M8_K128_1 : -1;
	else if ((at == TY_E4M3 || at == TY_E5M2) && (bt == TY_E4M3 || bt == TY_E5M2) && (dt == TY_F32 || dt == TY_F16))
		xi->mod = strcmp(sh, "m16n8k32") == 0 ? MMA_K32_8 : -1;   /* fp8: the s8 layouts */
	else if (at == TY_F64 && bt == TY_F64 && dt == TY_F64)
		xi->mod = strcmp(sh, "m8n8k4") == 0 ? MMA_K4_F64 : strcmp(sh, "m16n8k4") == 0 ? MMA_F64_K4 :
		    strcmp(sh, "m16n8k8") == 0 ? MMA_F64_K8 : strcmp(sh, "m16n8k16") == 0 ? MMA_F64_K16 : -1;
	else
		return -1;
	if (xi->mod < 0)
		return -1;
	/* f64 alone takes a rounding (each fma of the chain: mma.c) */
	if (at != TY_F64 && mma_rnd(in) != ALU_RN)
		return -1;
	cbits = dt == TY_F16 ? 16 : dt == TY_F64 ? 64 : 32;
	xi->ty = (uint8_t)at;
	xi->aux = cbits | (at == TY_S8 || at == TY_S4) << 8 | (bt == TY_S8 || bt == TY_S4) << 9 | ir_hasmod(in, MOD_SATFINITE) << 10 |
	    (dt == TY_F16 ? ALU_F16 : ALU_F32) << 11 | bt << 16 | ir_hasmod(in, MOD_XOR) << 24 | sp * MMA_SPARSE |
	    (uint32_t)mma_rnd(in) << MMA_AUXRND;
	interp_mma_regs(xi->mod, cbits, &na, &nb, &nc);
	if (sp)
		nb *= 2;   /* B has the whole k */
	if (interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, 0))
		return -1;
	/* the selector names lanes of each group of four that hold metadata */
	if (sp && (xi->ns != na + nb + nc + 2 || xi->s[na + nb + nc + 1].k != XO_IMM ||
	    xi->s[na + nb + nc + 1].imm >= (uint64_t)interp_mma_sp_nsel(xi)))
		return -1;
	return xi->nd == nc && xi->ns == na + nb + nc + 2 * sp ? 0 : -1;
}

/* wmma.load.{a,b,c}, wmma.store.d .sync.aligned.LAYOUT.SHAPE{.space}.TYPE and
 * wmma.mma{.OP.popc}.sync.aligned.ALAYOUT.BLAYOUT.SHAPE.TYPES{.satfinite}{.rn}:
 * the XIns layouts are interp.h's and wmma.c's. */
static int
decode_wmma(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	int shape = interp_wmma_shape(modtext(in, MOD_SHAPE)), lay[2] = { -1, -1 }, nl = 0, nr;

	for (int i = 0; i < in->nmod; i++)
		if ((in->mod[i] == MOD_ROW || in->mod[i] == MOD_COL) && nl < 2)
			lay[nl++] = in->mod[i] == MOD_COL;
	if (shape < 0)
		return -1;
	if (in->op == OP_WMMA_MMA) {
		int f16 = in->nty == 2, dt = in->ty[0], ct = f16 ? in->ty[1] : in->ty[3];
		int at = f16 ? TY_F16 : in->ty[1];
		xi->x = X_WMMA;
		if (nl != 2 || (!f16 && (in->nty != 4 || in->ty[2] != at)) || in->nopnd != 4)
			return -1;
		if (interp_wmma_nregs(WMMA_A, shape, at) < 0 || interp_wmma_nregs(WMMA_C, shape, ct) < 0 ||
		    interp_wmma_nregs(WMMA_C, shape, dt) < 0 || (at == TY_B1) != ir_hasmod(in, MOD_POPC) ||
		    (at != TY_F16 && dt != ct) || (at != TY_F64 && mma_rnd(in) != ALU_RN))
			return -1;   /* only f64 rounds otherwise than to nearest */
		/* D's type follows A's: f32 for bf16 and tf32, s32 for the integers (f64's is checked above) */
		if (f16 ? (dt != TY_F16 && dt != TY_F32) || (ct != TY_F16 && ct != TY_F32) :
		    at == TY_BF16 || at == TY_TF32 ? dt != TY_F32 : at != TY_F64 && dt != TY_S32)
			return -1;
		xi->ty = (uint8_t)at;
		xi->aux = shape | ct << 8 | dt << 16;
		xi->mod = lay[0] | lay[1] << 1 | ir_hasmod(in, MOD_SATFINITE) << 2 | ir_hasmod(in, MOD_AND) << 3 |
		    mma_rnd(in) << 4;
		if (interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, 0))
			return -1;
		return xi->nd == interp_wmma_nregs(WMMA_C, shape, dt) && xi->ns == interp_wmma_nregs(WMMA_A, shape, at) +
		    interp_wmma_nregs(WMMA_B, shape, at) + interp_wmma_nregs(WMMA_C, shape, ct) ? 0 : -1;
	}
	xi->ty = (uint8_t)in->ty[0];
	xi->aux = shape;
	xi->mod = (ir_hasmod(in, MOD_A) ? WMMA_A : ir_hasmod(in, MOD_B) ? WMMA_B : WMMA_C) | lay[0] << 2;
	if (nl != 1 || (nr = interp_wmma_nregs(xi->mod & 3, shape, xi->ty)) < 0)
		return -1;
	/* sub-byte A is row-major and B column-major only */
	if ((xi->ty == TY_S4 || xi->ty == TY_U4 || xi->ty == TY_B1) && lay[0] != ((xi->mod & 3) == WMMA_B))
		return -1;
	if (in->op == OP_WMMA_LOAD) {
		xi->x = X_WMMALD;
		if (interp_decode_mem(pm, x, in, &in->opnd[1], xi) || interp_decode_dsts(pm, xi, &in->opnd[0]) || xi->nd != nr)
			return -1;
		if (interp_decode_srcs(pm, xi, in, 2, TY_U32))
			return -1;
		return xi->ns <= 1 ? 0 : -1;
	}
	xi->x = X_WMMAST;
	if (!ir_hasmod(in, MOD_D) || interp_decode_mem(pm, x, in, &in->opnd[0], xi) || interp_decode_srcs(pm, xi, in, 1, 0))
		return -1;
	return xi->ns == nr || xi->ns == nr + 1 ? 0 : -1;
}

/* wgmma.mma_async.sync.aligned.SHAPE{.satfinite}.dtype.atype.btype{.and.popc}
 *   d, a-desc | {a}, b-desc, scale-d {, imm-scale-a, imm-scale-b {, imm-trans-a}, imm-trans-b}
 * and wgmma.mma_async.sp, with sp-meta, sp-sel before scale-d:
 * the XIns layout is interp.h's (wgmma.c).  The immediates a form takes
 * depend on its types: the 16-bit floats take all (imm-trans-a only with A
 * in shared memory), tf32 and fp8 the scales, the integer forms none. */
static int
decode_wgmma(ptx_module *pm, XIns *xi, const Ins *in)
{
	const char *sh = modtext(in, MOD_SHAPE);
	int dt = in->ty[0], at = in->ty[1], bt = in->ty[2], m, n, k, nd, na, ns, nimm, f16 = 0;
	int sp = in->op == OP_WGMMA_MMA_ASYNC_SP, i0 = sp ? 6 : 4;   /* the first immediate after scale-d */
	XOp tmp[WGMMA_MAXOPS];

	xi->x = X_WGMMA;
	if (!sh || in->nty != 3 || sscanf(sh, "m%dn%dk%d", &m, &n, &k) != 3 || m != 64 || in->nopnd < i0)
		return -1;
	/* .sp: A packed to half of each row, in the dense form's layouts of K / 2 */
	if ((sp && (k % 2 || at == TY_B1)) || (nd = interp_wgmma_nd(dt, at, bt, n, sp ? k / 2 : k)) < 0)
		return -1;
	xi->ty = (uint8_t)at;
	xi->mod = dt;
	xi->aux = n | bt << 16 | (in->opnd[1].kind == OK_VEC ? WG_AREG : 0) | (ir_hasmod(in, MOD_SATFINITE) ? WG_SAT : 0) |
	    (sp ? WG_SPARSE : 0);
	if (at == TY_F16 || at == TY_BF16)
		f16 = 1, nimm = xi->aux & WG_AREG ? 3 : 4;
	else
		nimm = at == TY_TF32 || at == TY_E4M3 || at == TY_E5M2 ? 2 : 0;
	if (in->nopnd > i0 + nimm || (at == TY_B1 && !(ir_hasmod(in, MOD_AND) && ir_hasmod(in, MOD_POPC))))
		return -1;
	for (int i = i0; i < in->nopnd; i++) {
		int64_t v = in->opnd[i].imm;
		if (in->opnd[i].kind != OK_IMM)
			return -1;
		if (i < i0 + 2) {   /* imm-scale-a, imm-scale-b: 1, or -1 to negate */
			if (v != 1 && v != -1)
				return -1;
			xi->aux |= v < 0 ? (i == i0 ? WG_NEGA : WG_NEGB) : 0;
		} else {       /* imm-trans-a (A in shared memory), imm-trans-b */
			int tb = i == i0 + 3 || (xi->aux & WG_AREG);
			if ((v != 0 && v != 1) || !f16)
				return -1;
			xi->aux |= v ? (tb ? WG_TRANSB : WG_TRANSA) : 0;
		}
	}
	if (interp_decode_ops(pm, &in->opnd[0], 1, TY_B32, tmp, WGMMA_MAXOPS) != nd)
		return -1;
	na = interp_decode_ops(pm, &in->opnd[1], 1, TY_B32, tmp + nd, WGMMA_MAXOPS - nd);
	if (na != ((xi->aux & WG_AREG) ? 4 : 1))
		return -1;
	ns = nd + na;
	if (interp_decode_ops(pm, &in->opnd[2], 1, TY_B64, tmp + ns, WGMMA_MAXOPS - ns) != 1)
		return -1;
	ns++;
	if (sp) {
		/* the metadata register, and the selector: which lanes of each
		 * group of four hold it (mma.sp's layout of the same rows) */
		int64_t sel = in->opnd[4].imm;
		if (interp_decode_ops(pm, &in->opnd[3], 1, TY_B32, tmp + ns, WGMMA_MAXOPS - ns) != 1 ||
		    in->opnd[4].kind != OK_IMM || sel < 0 || sel >= 4 / interp_mma_sp_lanes(at, k))
			return -1;
		xi->aux |= (uint32_t)sel << WG_SELSH;
		ns++;
	}
	if (interp_decode_ops(pm, &in->opnd[i0 - 1], 1, TY_B64, tmp + ns, WGMMA_MAXOPS - ns) != 1)
		return -1;
	ns++;
	xi->s = interp_alloc(pm->cx, (size_t)ns * sizeof *xi->s);
	if (!xi->s)
		return -1;
	memcpy(xi->s, tmp, (size_t)ns * sizeof *tmp);
	xi->nd = (uint8_t)nd;
	xi->ns = (uint8_t)ns;
	return 0;
}

/* An add or sub that ptxas fuses with the mul before it (contract.c)
 * becomes an fma of the mul's operands and its own other operand. */
static int
contract(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in, int ty)
{
	int pl = pm->fuse[(int)(xi - pm->code) - x->pc0], which = pl & 3, neg = (pl & 4) != 0;
	const Ins *p;
	XOp o[3], *ns;
	uint64_t k;

	if (pl == CONTRACT_SIGNFLIP) {   /* a neg folded into selps: the sign bit flips */
		xi->alu.flags |= ALU_NEGAB;
		return 0;
	}
	if (pl == CONTRACT_KEEPSRC) {   /* a fused mul that would overwrite its source: a copy of itself */
		if (interp_decode_op(pm, &in->opnd[0], ty, &xi->s[0]))
			return -1;
		xi->ns = 1;
		xi->alu.nsrc = 1;
		xi->alu.op = OP_MOV;
		xi->alu.flags = 0;
		return 0;
	}
	p = x->f->ins[(pl >> 3) - 1];

	if (interp_decode_op(pm, &p->opnd[1], ty, &o[0]) || interp_decode_op(pm, &p->opnd[2], ty, &o[1]))
		return -1;
	o[2] = xi->s[which == 1 ? 1 : 0];
	if (!(ns = interp_realloc(pm->cx, xi->s, 4 * sizeof *xi->s)))
		return -1;
	memcpy(ns, o, sizeof o);
	xi->s = ns;
	xi->ns = 3;
	xi->alu.nsrc = 3;
	xi->alu.op = OP_FMA;
	/* p + c, p - c, c - p; a neg on the product flips it once more */
	if ((in->op == OP_SUB && which == 2) != neg)
		xi->alu.flags |= ALU_NEGAB;
	/* of an f64 product of an immediate K and a register a mov of an
	 * immediate wrote, both constants to ptxas, the negation goes to K
	 * as it compiles, NaN or not (sm_90 SASS: v14 dag 19144, sub.f64 pi,
	 * p of mul.f64 c, 0dFFF4000000000ABC, is DFMA R, R, UR with UR
	 * 0x7ff4000000000abc, 0x7ffc000000000abc on the H200); of a register
	 * computed at run time the register takes it, DFMA R, -R, UR with K as
	 * it is, and a NaN K keeps its sign (v13 dag 459, v14 7092) */
	for (int k = 1; k >= 0 && ty == TY_F64 && (xi->alu.flags & ALU_NEGAB); k--) {
		uint64_t c;
		if (xi->s[k].k == XO_IMM && xi->s[1 - k].k == XO_REG && p->nopnd == 3 &&
		    interp_nan_movconst(x->f, p, 2 - k, &c)) {
			xi->s[k].imm ^= (uint64_t)1 << 63;
			xi->alu.flags &= ~(uint32_t)ALU_NEGAB;
		}
	}
	/* of the square of one register a mov of an f64 immediate K wrote,
	 * ptxas keeps K in the a slot and puts -K in b, NaN or not (v13 dag
	 * 12784, line 129: sub.f64 -(K * K), x of mov.f64 K,
	 * 0d7FF8000000000000 is DFMA R, R18, -QNAN, -R with R18:R19 K; the
	 * H200's NaN was -K's) */
	if (ty == TY_F64 && (xi->alu.flags & ALU_NEGAB) && xi->s[0].k == XO_REG && xi->s[1].k == XO_REG &&
	    xi->s[0].r == xi->s[1].r && xi->s[0].sel == xi->s[1].sel && p->nopnd == 3 &&
	    p->opnd[1].kind == OK_REG && p->opnd[2].kind == OK_REG && p->opnd[1].sym == p->opnd[2].sym &&
	    interp_nan_movconst(x->f, p, 1, &k)) {
		xi->s[1] = (XOp){ .k = XO_IMM, .imm = k ^ (uint64_t)1 << 63 };
		xi->alu.flags &= ~(uint32_t)ALU_NEGAB;
	}
	if (in->op == OP_SUB && which == 1)
		xi->alu.flags |= ALU_NEGC;
	if (p->op == OP_DIV)   /* the product is the div's a * MUFU.RCP(b) */
		xi->alu.flags |= ir_hasmod(p, MOD_FULL) ? ALU_FULL : ALU_APPROX;
	return 0;
}

/* The first of the n sorted answers w whose line (w >> shift) is line or
 * later. */
static int
firstanswer(const int *w, int n, int shift, int line)
{
	int lo = 0, hi = n;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (w[mid] >> shift < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The order oracle's answer for the instruction at line (pm->nanwin):
 * 1 a wins, 0 b wins, -1 none (its line is not in the table). */
static int
oracle(const ptx_module *pm, int line)
{
	int i = firstanswer(pm->nanwin, pm->nnanwin, 1, line);

	return i < pm->nnanwin && pm->nanwin[i] >> 1 == line ? pm->nanwin[i] & 1 : -1;
}

/* The order oracle's constant result for the f64 add, sub or mul at line
 * (pm->nanconst: a NaN that SASS holds in the winning slot, quieted): 1
 * and *v, else 0. */
static int
oracleconst(const ptx_module *pm, int line, uint64_t *v)
{
	int lo = 0, hi = pm->nnanconst;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		uint64_t l = pm->nanconst[2 * mid];
		if (l == (uint64_t)line)
			return *v = pm->nanconst[2 * mid + 1], 1;
		if (l < (uint64_t)line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* The oracle's answers for a u16 or b16 reader of a 16-bit set's result
 * (pm->w16, api/nanorder.c answer16): where it read which register the
 * reader's SASS takes, the set's in both halves or not, that decides
 * ALU_W16A and ALU_W16B over foldint.c's halfset (the oracle answers
 * only the readers interp_fold_w16src names). */
static void
halfwide(const ptx_module *pm, XIns *xi, const Ins *in)
{
	int line = in->loc.line;

	/* (not where a fold made it another operation, or a shift by a cnot) */
	if (line <= 0 || line > INT_MAX / 4 || xi->alu.op != in->op || (xi->alu.flags & ALU_CNOTAMT))
		return;
	for (int lo = firstanswer(pm->w16, pm->nw16, 2, line); lo < pm->nw16 && pm->w16[lo] >> 2 == line; lo++) {
		uint32_t bit = pm->w16[lo] >> 1 & 1 ? ALU_W16B : ALU_W16A;
		xi->alu.flags = (xi->alu.flags & ~bit) | (pm->w16[lo] & 1 ? bit : 0);
	}
}

/* Which of an f64 a and b ptxas lets win when both are NaN (ALU_NANA):
 * 1 where the oracle made the instruction a mov of its constant result,
 * else 0.  Between two registers, the order oracle's where it has one for the
 * line (what ptxas made of this very module), else interp_nan_first's;
 * a constant always wins
 * (alu_decode).  A fused add takes the order of its mul's operands, and a
 * constant addend that the fma subtracts is negated as ptxas compiles it. */
static int
nanorder(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	int pl = pm->fuse ? pm->fuse[(int)(xi - pm->code) - x->pc0] : 0, nf, line = in->loc.line;
	AluOp *op = &xi->alu;
	uint64_t c;

	if (op->ty != TY_F64 || !(op->op == OP_ADD || op->op == OP_SUB || op->op == OP_MUL || op->op == OP_MIN ||
	    op->op == OP_MAX || op->op == OP_FMA || op->op == OP_MAD))
		return 0;
	if (pl >= 8) {
		const Ins *add = in;
		in = x->f->ins[(pl >> 3) - 1];
		op->flags &= ~(uint32_t)(ALU_NANA | ALU_NEGK);
		if (xi->s[0].k == XO_IMM && xi->s[1].k != XO_IMM)
			op->flags |= ALU_NANA;
		if ((op->flags & ALU_NEGC) && xi->s[2].k == XO_IMM) {
			xi->s[2].imm ^= (uint64_t)1 << 63;
			op->flags &= ~(uint32_t)ALU_NEGC;
		}
		/* a subtrahend that a mov of an immediate (or a folded neg,
		 * abs or selp of one) wrote is a constant that ptxas negates as
		 * it compiles, NaN or not: ALU_NEGK on an fma negates a NaN c
		 * too (v13 dag 2000, line 122: sub.f64 p, c of mul.f64 p and
		 * mov.f64 c, 0D7fffffffffffffff is DFMA R, R, R, UR6 with UR6:UR7
		 * 0xffffffffffffffff, which the H200 returned) */
		if ((op->flags & ALU_NEGC) && xi->s[2].k == XO_REG && add->op == OP_SUB &&
		    (interp_nan_movconst(x->f, add, add->ndst + 1, &c) || interp_nan_foldedimm(x->f, add, add->ndst + 1)))
			op->flags |= ALU_NEGK;
	}
	/* where the SASS of the line returns a NaN constant whatever the
	 * run-time values (api/nanorder.c constanswer), that is the result:
	 * the instruction becomes a mov of it */
	if (!pl && line > 0 && pm->nnanconst && (op->op == OP_ADD || op->op == OP_SUB || op->op == OP_MUL ||
	    op->op == OP_FMA || op->op == OP_MAD) &&
	    oracleconst(pm, line, &c)) {
		xi->s[0].k = XO_IMM;
		xi->s[0].imm = c;
		xi->ns = 1;
		op->op = OP_MOV;
		op->flags = 0;
		op->nsrc = 1;
		return 1;
	}
	/* the oracle's line is the instruction's own, a fused add's too */
	if ((nf = pm->nnanwin ? oracle(pm, line) : -1) >= 0 || (nf = interp_nan_first(x->f, in)) >= 0)
		op->flags = (op->flags & ~(uint32_t)ALU_NANA) | (nf ? ALU_NANA : 0);
	/* a subtrahend that a mov of an immediate wrote is a constant to
	 * ptxas, negated as it compiles where it takes the slot whose NaN
	 * wins (v14 dag 241: sub.rn.f64 x, c of mov.f64 c, 0d7FF8000000000001
	 * is DADD R, R, UR6 with UR6:UR7 0xfff8000000000001 in sm_90 SASS);
	 * so is a neg or abs.f64 of an immediate, which ptxas folds (22749:
	 * sub.rp.f64 x, c of neg.f64 c, 0d7FF8000000000000 is DADD.RP R,
	 * +QNAN), and a selp of a known predicate that picks one */
	if (op->op == OP_SUB && !pl && !(op->flags & ALU_NANA) && in->opnd[in->ndst].kind == OK_REG &&
	    in->opnd[in->ndst + 1].kind == OK_REG && in->opnd[in->ndst].sym != in->opnd[in->ndst + 1].sym &&
	    ((interp_nan_where(x->f, in, 1, &nf) >= 0 && nf == 5) || interp_nan_foldedimm(x->f, in, in->ndst + 1)))
		op->flags |= ALU_NEGK;
	/* c - c of one register a mov of an f64 NaN immediate c wrote, the
	 * sub its one reader: ptxas keeps c in a register and reads c's
	 * negation as a constant, or the other way round, the constant's
	 * slot winning (sm_90 SASS: DADD R, UR with UR -c for
	 * 0x7ff8000000000001, DADD R, +QNAN with R -c for 0x7ff8000000000000):
	 * -c, quieted, where c's low word is not 0 and the sub rounds to
	 * nearest, or its low word is 0 (a 32-bit immediate) and it rounds
	 * .rz, .rm or .rp; else c (v14 dag 5285, 25211; v14 xmix 556, 6662
	 * keep c).  Where c has other readers the constant is c, shared with
	 * them, and the register -c: c (v13 dag 1460, 3115, v14 xmix 19124,
	 * 23048, 26594), and so where the sub is guarded (v14 dag 29073) */
	if (op->op == OP_SUB && !pl && !in->guard && in->opnd[in->ndst].kind == OK_REG &&
	    in->opnd[in->ndst + 1].kind == OK_REG &&
	    in->opnd[in->ndst].sym == in->opnd[in->ndst + 1].sym && interp_nan_movconst(x->f, in, in->ndst, &c) &&
	    (c & 0x7fffffffffffffffull) > 0x7ff0000000000000ull && interp_nan_readers(x->f, in, in->ndst) == 1) {
		op->flags &= ~(uint32_t)(ALU_NEGK | ALU_NANA);
		if (!(ir_hasmod(in, MOD_RZ) || ir_hasmod(in, MOD_RM) || ir_hasmod(in, MOD_RP)) != !(c & 0xffffffffu))
			op->flags |= ALU_NEGK;
	}
	return 0;
}

static int
decode(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	const char *why = NULL;
	const Ins *a;
	int ty = in->ty[0], pl;

	xi->in = in;
	xi->fn = x;
	xi->guard = -1;
	xi->ty = (uint8_t)ty;
	if (in->guard) {
		XOp g;
		if (interp_decode_op(pm, in->guard, 0, &g) || (g.k != XO_REG && g.k != XO_NOT))
			return -1;
		xi->guard = g.r;
		xi->gneg = g.k == XO_NOT;
	}
	xi->rpc = blkpc(x, x->f->blk[in->blk].ipdom);
	switch (in->op) {
	case OP_MOV:
		if (in->nopnd != 2)
			return -1;
		if (interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, ty))
			return -1;
		xi->size = (uint8_t)tybytes(ty);
		if (xi->size == 16) {
			/* .b128: halves to halves, whichever side is the pair */
			xi->x = X_MOVN;
			xi->size = 8;
			return xi->nd == 2 && xi->ns == 2 ? 0 : -1;
		}
		if (xi->nd > 1)
			xi->x = X_MOVUNPACK, xi->size = (uint8_t)(tybytes(ty) / xi->nd);
		else if (xi->ns > 1)
			xi->x = X_MOVPACK, xi->size = (uint8_t)(tybytes(ty) / xi->ns);
		else {
			xi->x = X_MOV;
			interp_bcast_imm(pm, xi);
		}
		if (xi->size > 8 && xi->x == X_MOV)
			return -1;
		return interp_fold_mov(pm, x, xi, in);
	case OP_LD: case OP_LDU:
		xi->x = X_LD;
		xi->size = (uint8_t)tybytes(ty);
		xi->sign = ir_tyinfo[ty].kind == TK_SINT;
		if (xi->size == 16)
			xi->size = 8;   /* .b128: two 64-bit halves */
		if (xi->size > 8 || interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_mem(pm, x, in, &in->opnd[1], xi))
			return -1;
		xi->pdst = (uint8_t)vecpreds(&in->opnd[0]);
		return 0;
	case OP_ST:
		xi->x = X_ST;
		xi->size = (uint8_t)tybytes(ty);
		if (xi->size == 16)
			xi->size = 8;
		if (xi->size > 8 || interp_decode_mem(pm, x, in, &in->opnd[0], xi))
			return -1;
		xi->sign = (uint8_t)st_converts(&in->opnd[1], ty);
		if ((xi->psrc = (uint8_t)vecpreds(&in->opnd[1])) != 0) {
			int n = in->opnd[1].nsub;
			xi->mod = xi->psrc >> (n - 1) & 1 ? ST_PNZ : ST_PM1;
			if (xi->mod == ST_PNZ)
				xi->psrc = (uint8_t)((1u << n) - 1);
		}
		{
			XOp tmp[8];
			int n = interp_decode_ops(pm, &in->opnd[1], 1, xi->size == 8 ? TY_B64 : ty, tmp, 8);
			if (n < 1)
				return -1;
			xi->s = interp_alloc(pm->cx, (size_t)n * sizeof *xi->s);
			if (!xi->s)
				return -1;
			memcpy(xi->s, tmp, (size_t)n * sizeof *tmp);
			xi->ns = (uint8_t)n;
		}
		return 0;
	case OP_ATOM: case OP_RED: {
		int first = in->op == OP_ATOM ? 2 : 1;
		xi->x = X_ATOM;
		/* add min max inc dec exch cas, or the bitwise and or xor */
		xi->mod = modofclass(in, MC_ATOMOP);
		if (!xi->mod)
			xi->mod = modofclass(in, MC_BOOL);
		/* the atom type is the last type word (atom.global.add.noftz.f16 ...) */
		for (int k = 0; k < in->nty; k++)
			ty = in->ty[k];
		xi->ty = (uint8_t)ty;
		xi->size = (uint8_t)tybytes(ty);
		/* .b128 (exch and cas): two 64-bit halves, swapped as one */
		if (xi->size == 16 && (xi->mod == MOD_EXCH || xi->mod == MOD_CAS) && in->vec <= 1) {
			xi->size = 8;
			xi->ty = TY_B64;
			ty = TY_B64;
			xi->aux = ATOM_B128;
		}
		/* .v2/.v4/.v8: that many elements, each its own atomic add, or
		 * min or max of the half types (sm_90) */
		if (!xi->mod || xi->size > 8 || (in->vec > 1 && xi->mod != MOD_ADD && xi->mod != MOD_MIN &&
		    xi->mod != MOD_MAX))
			return -1;
		if (in->op == OP_ATOM && interp_decode_dsts(pm, xi, &in->opnd[0]))
			return -1;
		if (interp_decode_mem(pm, x, in, &in->opnd[first - 1], xi) || interp_decode_srcs(pm, xi, in, first, ty))
			return -1;
		xi->pdst = (uint8_t)(in->op == OP_ATOM ? vecpreds(&in->opnd[0]) : 0);
		xi->psrc = (uint8_t)vecpreds(&in->opnd[first]);
		/* an L2::cache_hint policy is the last source, and no operand of the operation */
		int hint = ir_hasmod(in, MOD_L2_CACHE_HINT);
		if (in->vec > 1 && (xi->ns != in->vec + hint || (in->op == OP_ATOM && xi->nd != in->vec)))
			return -1;
		if (xi->aux & ATOM_B128) {
			if (xi->nd != (in->op == OP_ATOM ? 2 : 0) || xi->ns != (xi->mod == MOD_CAS ? 4 : 2) + hint)
				return -1;
			xi->aux |= 2 << 8;
			return 0;
		}
		xi->aux = (in->vec > 1 ? in->vec : 1) << 8;
		return interp_fold_atom(pm, x, xi, in);
	}
	case OP_CVTA:
		xi->x = ir_hasmod(in, MOD_TO) ? X_CVTATO : X_CVTA;
		xi->space = in->space == SP_SHARED ? MS_SHARED : in->space == SP_LOCAL ? MS_LOCAL :
		    in->space == SP_PARAM ? MS_KPARAM : MS_GLOBAL;
		if (ir_hasmod(in, MOD_SHARED_CLUSTER))
			xi->space = MS_SHARED;
		return interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, TY_U64) ? -1 : 0;
	case OP_ISSPACEP:
		xi->x = X_ISSPACEP;
		xi->space = in->space == SP_SHARED ? MS_SHARED : in->space == SP_LOCAL ? MS_LOCAL :
		    in->space == SP_PARAM ? MS_KPARAM : MS_GLOBAL;
		if (in->space == SP_CONST)
			xi->space = MS_CONSTVAR;
		if (ir_hasmod(in, MOD_SHARED_CLUSTER))
			xi->space = MS_CLUSTER;
		return interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, TY_U64) ? -1 : 0;
	case OP_BRA:
		xi->x = X_BRA;
		if (in->opnd[0].kind != OK_SYM || in->opnd[0].sym->kind != SYM_LABEL)
			return -1;
		xi->target = blkpc(x, in->opnd[0].sym->id);
		return 0;
	case OP_BRX_IDX: {
		const Sym *t = in->opnd[1].kind == OK_SYM ? in->opnd[1].sym : NULL;
		xi->x = X_BRX;
		if (!t || t->kind != SYM_TARGETS || in->nopnd != 2)
			return -1;
		xi->s = interp_alloc(pm->cx, 2 * sizeof *xi->s);
		if (!xi->s || interp_decode_ops(pm, &in->opnd[0], 1, TY_U32, xi->s, 1) != 1)
			return -1;
		xi->ns = 1;
		xi->tbl = interp_alloc(pm->cx, (size_t)(t->nlist + 1) * sizeof *xi->tbl);
		if (!xi->tbl)
			return -1;
		for (int k = 0; k < t->nlist; k++) {
			if (t->list[k].kind != OK_SYM || t->list[k].sym->kind != SYM_LABEL)
				return -1;
			xi->tbl[k] = blkpc(x, t->list[k].sym->id);
		}
		xi->ntbl = t->nlist;
		return 0;
	}
	case OP_CALL:
		return decode_call(pm, xi, in);
	case OP_RET:
		xi->x = x->f->entry ? X_EXIT : X_RET;
		return 0;
	case OP_EXIT: xi->x = X_EXIT; return 0;
	case OP_TRAP: xi->x = X_TRAP; return 0;
	case OP_BRKPT: xi->x = X_BRKPT; return 0;
	case OP_BAR_SYNC: case OP_BAR_CTA_SYNC: case OP_BARRIER_SYNC: case OP_BARRIER_CTA_SYNC:
		xi->x = X_BAR;
		return interp_decode_srcs(pm, xi, in, 0, TY_U32);
	case OP_BAR_ARRIVE: case OP_BAR_CTA_ARRIVE: case OP_BARRIER_ARRIVE: case OP_BARRIER_CTA_ARRIVE:
		xi->x = X_BARARRIVE;
		return interp_decode_srcs(pm, xi, in, 0, TY_U32);
	case OP_BAR_RED: case OP_BAR_CTA_RED: case OP_BARRIER_RED: case OP_BARRIER_CTA_RED:
		xi->x = X_BARRED;
		xi->mod = modofclass(in, MC_ATOMOP);
		if (!xi->mod)
			xi->mod = ir_hasmod(in, MOD_AND) ? MOD_AND : ir_hasmod(in, MOD_OR) ? MOD_OR : MOD_POPC;
		return interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, TY_U32) ? -1 : 0;
	case OP_BAR_WARP_SYNC:
		xi->x = X_BARWARP;   /* a no-op in lockstep; its membermask for synccheck */
		return interp_decode_srcs(pm, xi, in, 0, TY_B32);
	case OP_MEMBAR: case OP_FENCE: case OP_FENCE_PROXY: case OP_FENCE_PROXY_ASYNC:
	case OP_PREFETCH: case OP_PREFETCHU: case OP_NANOSLEEP: case OP_PMEVENT: case OP_GRIDDEPCONTROL:
	case OP_MEMBAR_PROXY: case OP_FENCE_MBARRIER_INIT:
	case OP_FENCE_PROXY_ASYNC_GENERIC: case OP_FENCE_PROXY_TENSORMAP_GENERIC:
		xi->x = X_NOP;
		return 0;
	case OP_MBARRIER_INIT: case OP_MBARRIER_INVAL: case OP_MBARRIER_EXPECT_TX: case OP_MBARRIER_COMPLETE_TX:
	case OP_MBARRIER_ARRIVE: case OP_MBARRIER_ARRIVE_DROP: case OP_CP_ASYNC_MBARRIER_ARRIVE:
	case OP_MBARRIER_TEST_WAIT: case OP_MBARRIER_TRY_WAIT: case OP_MBARRIER_PENDING_COUNT:
		return interp_mbar_decode(pm, x, xi, in);
	case OP_CP_ASYNC_BULK: case OP_CP_REDUCE_ASYNC_BULK: case OP_CP_ASYNC_BULK_TENSOR:
	case OP_CP_REDUCE_ASYNC_BULK_TENSOR: case OP_CP_ASYNC_BULK_PREFETCH: case OP_CP_ASYNC_BULK_PREFETCH_TENSOR:
	case OP_CP_ASYNC_BULK_COMMIT_GROUP: case OP_CP_ASYNC_BULK_WAIT_GROUP:
		return interp_bulk_decode(pm, x, xi, in);
	case OP_TENSORMAP_REPLACE: case OP_TENSORMAP_CP_FENCEPROXY:
		return interp_tmap_decode(pm, x, xi, in);
	case OP_TEX: case OP_TLD4: case OP_TXQ: case OP_SULD: case OP_SUST: case OP_SURED: case OP_SUQ:
		return interp_tex_decode(pm, x, xi, in);
	case OP_MAPA: case OP_GETCTARANK: case OP_BARRIER_CLUSTER_ARRIVE: case OP_BARRIER_CLUSTER_WAIT:
	case OP_ST_ASYNC: case OP_RED_ASYNC:
		return interp_clu_decode(pm, x, xi, in);
	case OP_SHFL_SYNC: case OP_SHFL:
		xi->x = X_SHFL;
		xi->mod = modofclass(in, MC_SHFL);
		if (interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, TY_B32))
			return -1;
		return in->op == OP_SHFL ? allmask(xi, 3) : 0;
	case OP_VOTE_SYNC: case OP_VOTE:
		xi->x = X_VOTE;
		xi->mod = modofclass(in, MC_VOTE);
		if (interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, TY_B32))
			return -1;
		return in->op == OP_VOTE ? allmask(xi, 1) : 0;
	case OP_MATCH:
		xi->x = X_MATCH;
		xi->mod = ir_hasmod(in, MOD_ALL) ? MOD_ALL : MOD_ANY;
		return interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, ty) ? -1 : 0;
	case OP_REDUX_SYNC:
		xi->x = X_REDUX;
		xi->mod = modofclass(in, MC_ATOMOP);
		if (!xi->mod)
			xi->mod = modofclass(in, MC_BOOL);
		return interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, ty) ? -1 : 0;
	case OP_CP_ASYNC:
		return decode_cpasync(pm, x, xi, in);
	case OP_CP_ASYNC_COMMIT_GROUP: case OP_CP_ASYNC_WAIT_GROUP: case OP_CP_ASYNC_WAIT_ALL:
		xi->x = X_NOP;   /* cp.async copies at once: every group is complete */
		return 0;
	case OP_LDMATRIX: case OP_STMATRIX:
		return decode_ldst_matrix(pm, x, xi, in);
	case OP_MOVMATRIX:
		xi->x = X_MOVMATRIX;
		if (ty != TY_B16 || !shapeis(in, MOD_MN, "m8n8"))
			return -1;
		return interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, TY_B32) || xi->ns != 1 ? -1 : 0;
	case OP_MMA: case OP_MMA_SP: case OP_MMA_SP_ORDERED_METADATA:
		return decode_mma(pm, xi, in);
	case OP_WGMMA_MMA_ASYNC: case OP_WGMMA_MMA_ASYNC_SP:
		if (decode_wgmma(pm, xi, in))
			return -1;
		/* ptxas negates A's registers as integers (fold.c), in the
		 * dense and the sparse form */
		if ((xi->aux & WG_AREG) && (xi->aux & WG_NEGA) &&
		    interp_fold_wgmma_intneg(x->f, in))
			xi->aux |= WG_INTNEGA;
		return 0;
	case OP_WMMA_LOAD: case OP_WMMA_STORE: case OP_WMMA_MMA:
		return decode_wmma(pm, x, xi, in);
	case OP_WGMMA_FENCE: case OP_WGMMA_COMMIT_GROUP: case OP_WGMMA_WAIT_GROUP:
		/* wgmma.mma_async completes when it is executed (wgmma.c): every
		 * group is complete, and its registers are already ordered */
		xi->x = X_NOP;
		return 0;
	case OP_SETMAXNREG:
		/* register reallocation between warpgroups: the interpreter's
		 * register files are not a shared budget, so nothing to move */
		xi->x = X_NOP;
		return 0;
	case OP_DISCARD:
		/* the line's contents become undefined: keeping them is one outcome */
		xi->x = X_NOP;
		return 0;
	case OP_APPLYPRIORITY:
		/* an L2 eviction priority: the interpreter has no cache to order */
		xi->x = X_NOP;
		return 0;
	case OP_CREATEPOLICY_FRACTIONAL: case OP_CREATEPOLICY_RANGE: case OP_CREATEPOLICY_CVT:
		/* an opaque L2 cache policy that only cache hints read, which the
		 * interpreter has no cache for: 0 */
		xi->x = X_MOV;
		if (interp_decode_dsts(pm, xi, &in->opnd[0]) || !(xi->s = interp_alloc(pm->cx, sizeof *xi->s)))
			return -1;
		memset(xi->s, 0, sizeof *xi->s);
		xi->s[0].k = XO_IMM;
		xi->ns = 1;
		interp_bcast_imm(pm, xi);
		return 0;
	case OP_ALLOCA: case OP_STACKSAVE: case OP_STACKRESTORE:
		if (in->op == OP_ALLOCA && (a = interp_fold_alloca(pm, x->f, in, (int)(xi - pm->code) - x->pc0))) {
			/* ptxas gives it the address of the same alloca before it */
			xi->x = X_MOV;
			if (interp_decode_dsts(pm, xi, &in->opnd[0]) || !(xi->s = interp_alloc(pm->cx, sizeof *xi->s)))
				return -1;
			xi->ns = 1;
			return interp_decode_op(pm, &a->opnd[0], TY_U64, &xi->s[0]);
		}
		xi->x = X_STACK;
		xi->mod = (uint16_t)in->op;
		if (in->op != OP_STACKRESTORE && interp_decode_dsts(pm, xi, &in->opnd[0]))
			return -1;
		return interp_decode_srcs(pm, xi, in, in->op == OP_STACKRESTORE ? 0 : 1, ty);
	case OP_ACTIVEMASK:
		xi->x = X_ACTIVEMASK;
		return interp_decode_dsts(pm, xi, &in->opnd[0]);
	case OP_ELECT_SYNC:
		xi->x = X_ELECT;
		return interp_decode_dsts(pm, xi, &in->opnd[0]) || interp_decode_srcs(pm, xi, in, 1, TY_B32) ? -1 : 0;
	}
	if (alu_decode(in, &xi->alu, &why) != 0)
		return -1;
	xi->x = X_ALU;
	pm->subsel = in->op >= OP_VADD && in->op <= OP_VSET4;
	if (in->ndst && interp_decode_dsts(pm, xi, &in->opnd[0]))
		return pm->subsel = 0, -1;
	/* the sources' type: a cvt's and a set's is the last, and slct's
	 * selector c has its second (a decimal literal there is an f32 for
	 * slct.u32.f32, not the double's bits) */
	if (interp_decode_srcs(pm, xi, in, in->ndst,
	    (in->op == OP_CVT || in->op == OP_SET) && in->nty > 1 ? in->ty[in->nty - 1] : in->op == OP_ISTYPEP ? TY_U64 : ty))
		return pm->subsel = 0, -1;
	pm->subsel = 0;
	/* a 16-bit shl or shr by a literal: ptxas shifts by the literal's low
	 * 16 bits, the type's width, where PTX's amount is a u32 (sm_90 SASS:
	 * shl.b16 by 0x7FC00000 or 65536 is a copy, by 0x10011 a shift by 17;
	 * a register holding 0x7FC00000 shifts by all of it, giving 0) */
	if ((in->op == OP_SHL || in->op == OP_SHR) && ir_tyinfo[in->ty[0]].bits == 16 && xi->ns == 2 &&
	    xi->s[1].k == XO_IMM)
		xi->s[1].imm &= 0xFFFF;
	if (in->op == OP_SLCT && in->nty == 2 && xi->ns == 3 && in->nopnd == 4 &&
	    interp_decode_op(pm, &in->opnd[3], in->ty[1], &xi->s[2]))
		return -1;
	if ((pl = pm->fuse ? pm->fuse[(int)(xi - pm->code) - x->pc0] : 0) && contract(pm, x, xi, in, ty))
		return -1;
	if (pl == CONTRACT_KEEPSRC)   /* a copy, no fold to apply */
		return 0;
	/* a constant the oracle gives is the result: no fold changes it */
	if (!nanorder(pm, x, xi, in) && interp_fold(pm, x, xi, in))
		return -1;
	if (pm->nw16)
		halfwide(pm, xi, in);
	/* alu_exec applies a `!p` itself where negsrc says so: pass the plain register */
	for (int k = 0; k < xi->ns && k < 32; k++)
		if (xi->s[k].k == XO_NOT && (xi->alu.negsrc >> k & 1))
			xi->s[k].k = XO_REG;
	return xi->ns > 64 ? -1 : 0;
}

/*
 * Nothing may run wrong silently, nor stop halfway: a module with an
 * instruction the executor does not know (X_UNSUPPORTED after decode) is
 * refused at load, each such instruction named where it stands, as a JIT
 * compiler refuses what it cannot compile.  The first MAXUNSUP are listed.
 */
enum { MAXUNSUP = 20 };

/* A vector holding a predicate anywhere but in ld, st, atom, red and
 * ldmatrix (vecpreds says what ptxas makes of those).  ptxas takes
 * mov.b64 %rd, {%r, %p} beside 32-bit .b registers and compiles it as if
 * every element were a predicate: on an H100 the 32-bit element became 0
 * or 1 by whether it was zero (sm_90 SASS: an ISETP and a SEL of 1 per
 * element), and {%p, %r} crashed the driver's JIT; it takes one in a
 * tensor-core fragment (mma, wmma.mma, movmatrix) too.  Not forms to guess
 * at: they are not executed. */
static int
predvector(const Ins *in)
{
	if (in->op == OP_LD || in->op == OP_LDU || in->op == OP_ST || in->op == OP_ATOM || in->op == OP_RED ||
	    in->op == OP_LDMATRIX)
		return 0;
	for (int i = 0; i < in->nopnd; i++)
		if (in->opnd[i].kind == OK_VEC && vecpreds(&in->opnd[i]))
			return 1;
	return 0;
}

static int
unsupported(ptx_module *pm)
{
	int n = 0;

	for (int i = 0; i < pm->ncode; i++) {
		const XIns *xi = &pm->code[i];
		char *t, name[96];
		size_t k = 0;
		if (xi->x != X_UNSUPPORTED || !xi->in)
			continue;
		if (n++ >= MAXUNSUP)
			continue;
		/* the opcode with its modifiers and types: the text to the first blank */
		if ((t = interp_ins_text(pm->cx, xi->in))) {
			const char *p = t;
			if (*p == '@')   /* a guard */
				while (*p && *p != ' ')
					p++;
			while (*p == ' ')
				p++;
			while (p[k] && p[k] != ' ' && p[k] != ';' && k < sizeof name - 1)
				name[k] = p[k], k++;
		}
		name[k] = 0;
		interp_free(pm->cx, t);
		interp_diag(pm->cx, pm->m->name, xi->in->loc.line, xi->in->loc.col, PTX_SEV_ERROR, NULL,
		    "'%s' is not executed by the interpreter", k ? name : ir_opinfo[xi->in->op].name);
	}
	if (n > MAXUNSUP)
		interp_diag(pm->cx, pm->m->name, 0, 0, PTX_SEV_NOTE, NULL,
		    "%d more instructions the interpreter does not execute", n - MAXUNSUP);
	return n ? PTX_EUNSUPPORTED : PTX_OK;
}

/* PTX ISA 1.0-1.3 wrote the floating-point division, square root,
 * reciprocal and special functions bare; 1.4 made their modifiers
 * explicit, and the verifier refuses them bare from then on.  div, sqrt,
 * rcp, rsqrt, sin, cos, lg2 and ex2 of .f32 were .approx.ftz; div, sqrt
 * and mad of .f64 .rn, and rsqrt of .f64 .approx.  Such an instruction
 * gets those modifiers here, before anything reads them. */
static int
oldfloat(Module *m)
{
	if (m->ver_major * 10 + m->ver_minor >= 14)
		return PTX_OK;
	for (int i = 0; i < m->nfn; i++)
		for (int k = 0; k < m->fn[i]->nins; k++) {
			Ins *in = m->fn[i]->ins[k];
			int t = in->ty[0], add[2], n = 0;
			if (in->nty != 1 || (t != TY_F32 && t != TY_F64) || ir_mod_round(in) != MOD_NONE ||
			    ir_hasmod(in, MOD_APPROX) || ir_hasmod(in, MOD_FULL))
				continue;
			switch (in->op) {
			case OP_DIV: case OP_SQRT: case OP_RCP:
				if (t == TY_F64)
					add[n++] = MOD_RN;
				else
					add[n++] = MOD_APPROX;
				break;
			case OP_RSQRT: case OP_SIN: case OP_COS: case OP_LG2: case OP_EX2:
				add[n++] = MOD_APPROX;
				break;
			case OP_MAD:
				if (t == TY_F64)
					add[n++] = MOD_RN;
				break;
			}
			if (n && t == TY_F32 && !ir_hasmod(in, MOD_FTZ))
				add[n++] = MOD_FTZ;
			if (!n)
				continue;
			uint16_t *mod = ir_tryalloc(m->a, (size_t)(in->nmod + n) * sizeof *mod);
			const char **text = ir_tryalloc(m->a, (size_t)(in->nmod + n) * sizeof *text);
			if (!mod || !text)
				return PTX_ENOMEM;
			for (int j = 0; j < in->nmod; j++) {
				mod[j] = in->mod[j];
				text[j] = in->modtext ? in->modtext[j] : NULL;
			}
			for (int j = 0; j < n; j++) {
				mod[in->nmod + j] = (uint16_t)add[j];
				text[in->nmod + j] = NULL;
			}
			in->mod = mod;
			in->modtext = text;
			in->nmod += n;
		}
	return PTX_OK;
}

int
interp_load(ptx_module *pm)
{
	ptx_ctx *cx = pm->cx;
	Module *m = pm->m;
	int rc, n = 0;

	if ((rc = oldfloat(m)) != PTX_OK)
		return rc;
	pm->nslused = 0;
	pm->nfn = m->nfn;
	pm->fn = interp_alloc(cx, (size_t)(m->nfn + 1) * sizeof *pm->fn);
	if (!pm->fn)
		return PTX_ENOMEM;
	for (int i = 0; i < m->nfn; i++) {
		pm->fn[i].f = m->fn[i];
		pm->fn[i].idx = i;
		if (!m->fn[i]->hasbody)
			pm->fn[i].builtin = bi_of(m->fn[i]->name);
	}
	if ((rc = interp_fn_index(pm)) != PTX_OK || (rc = interp_layout_module(pm)) != PTX_OK)
		return rc;
	for (int i = 0; i < m->nfn; i++) {
		if ((rc = interp_layout_func(pm, &pm->fn[i])) != PTX_OK)
			return rc;
		if (m->fn[i]->hasbody)
			n += m->fn[i]->nins + 1;
	}
	if ((rc = interp_init_module(pm)) != PTX_OK)
		return rc;
	pm->code = interp_alloc(cx, (size_t)(n + 1) * sizeof *pm->code);
	if (!pm->code)
		return PTX_ENOMEM;
	n = 0;
	for (int i = 0; i < m->nfn; i++) {
		XFunc *x = &pm->fn[i];
		Func *f = m->fn[i];
		if (!f->hasbody)
			continue;
		x->pc0 = n;
		x->npc = f->nins + 1;
		x->nregs = f->nregs;
		/* registers each thread writes before it reads them need not be
		 * cleared for a new CTA (sched.c): no SSA entry value is read */
		x->undef = !f->val;
		for (int v = 0; v < f->nval && !x->undef; v++)
			x->undef = f->val[v].ins < 0 && f->val[v].phi < 0;
		for (int k = 0; k < f->nregs; k++) {
			SymLoc *l;
			if (!f->regs[k] || f->regs[k]->type != TY_B128)
				continue;
			if (!(l = interp_symloc(pm, f->regs[k], 1)))
				return PTX_ENOMEM;
			l->space = -1;
			l->addr = (uint64_t)x->nregs++;   /* the high half's slot */
		}
		n += x->npc;
	}
	pm->ncode = n;   /* from here on a failure leaves the code to the caller's cleanup */
	if ((rc = interp_fold_sites(pm)) != PTX_OK)
		return rc;
	for (int i = 0; i < m->nfn; i++) {
		XFunc *x = &pm->fn[i];
		Func *f = m->fn[i];
		if (!f->hasbody)
			continue;
		pm->fuse = interp_contract_plan(cx, m, f);
		if (interp_fold_begin(pm, f) != PTX_OK) {
			interp_free(cx, (void *)pm->fuse);
			pm->fuse = NULL;
			return PTX_ENOMEM;
		}
		for (int k = 0; k < f->nins; k++) {
			XIns *xi = &pm->code[x->pc0 + k];
			if (predvector(f->ins[k]) || decode(pm, x, xi, f->ins[k]) != 0) {
				interp_free(cx, xi->s);
				interp_free(cx, xi->tbl);
				interp_free(cx, xi->bc);
				memset(xi, 0, sizeof *xi);
				xi->x = X_UNSUPPORTED;
				xi->in = f->ins[k];
				xi->fn = x;
				xi->guard = -1;
			}
		}
		interp_free(cx, (void *)pm->fuse);
		pm->fuse = NULL;
		interp_count_lower(pm, x);
		if (interp_plan(pm, x) != PTX_OK)
			return PTX_ENOMEM;
		pm->code[x->pc0 + f->nins].x = X_END;
		pm->code[x->pc0 + f->nins].fn = x;
		pm->code[x->pc0 + f->nins].guard = -1;
	}
	interp_fold_sites_free(pm);
	interp_plan_quiet(pm);
	return unsupported(pm);
}

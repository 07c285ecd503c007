/*
 * interp/fold.h -- what fold.c, foldint.c and foldmufu.c share: the SSA values an
 * instruction reads, the instruction that defines one, whether a register
 * still holds it, and the copy a rule may turn an instruction into.
 * Included by those files alone.
 */
#ifndef PTX_INTERP_FOLD_H
#define PTX_INTERP_FOLD_H

/* Does d carry a rounding modifier? */
static inline int
rounds(const Ins *d)
{
	return ir_hasmod(d, MOD_RN) || ir_hasmod(d, MOD_RZ) || ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RP);
}

/* The f32 whose bits are a */
static inline float
bitsf(uint32_t a)
{
	float x;

	memcpy(&x, &a, sizeof x);
	return x;
}

/* The width in bits of the register that SSA value v lives in */
static inline int
regbits(const Func *f, int v)
{
	return ir_tyinfo[f->regs[f->val[v].reg]->type].bits;
}

/* The SSA value that operand oi (a source) of in reads when it is a plain
 * register, else -1; -1 too when an operand before it is not a plain
 * register or an immediate (the uses would need counting as ir/ssa.c
 * does).  Uses list the guard first, then the source registers. */
static inline int
srcval(const Ins *in, int oi)
{
	int u = 0;

	if (in->guard)
		u = in->guard->kind == OK_REG || in->guard->kind == OK_NOT;
	if (oi < in->ndst || oi >= in->nopnd)
		return -1;
	for (int k = in->ndst; k <= oi; k++) {
		const Opnd *o = &in->opnd[k];
		if (o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG && !o->isdst && o->sel == SEL_NONE &&
		    o->imm == 0) {
			if (k == oi)
				return u < in->nuse ? in->use[u] : -1;
			u++;
		} else if (k == oi || (o->kind != OK_IMM && o->kind != OK_FIMM))
			return -1;
	}
	return -1;
}

/* Is operand o of in an immediate, or a register an unguarded mov of one
 * wrote (*c its value)? */
static inline int
immof(const Func *f, const Ins *in, int o, int64_t *c)
{
	int v = srcval(in, o);
	const Ins *d;

	if (in->opnd[o].kind == OK_IMM)
		return *c = in->opnd[o].imm, 1;
	if (v < 0 || v >= f->nval || f->val[v].ins < 0)
		return 0;
	d = f->ins[f->val[v].ins];
	if (d->op != OP_MOV || d->guard || d->nopnd != 2 || d->opnd[1].kind != OK_IMM)
		return 0;
	return *c = d->opnd[1].imm, 1;
}

/* The instruction that defines value v, looking through unguarded movs of
 * one whole register of the same width, selps and slcts of one value twice
 * (v2 seed 5516: an rcp.approx.ftz of an slct x, x, c of one), and through
 * a shf.b32.clamp by an immediate of 32 or more, which ptxas takes for a
 * copy of one word (shf.l of a, shf.r of b; seed 8313), and a bfi.b32
 * that inserts nothing; *vp receives the
 * value it defines.  NULL for a phi or an entry value. */
static inline const Ins *
defof(const Func *f, int v, int *vp)
{
	for (int n = 0; n < 8 && v >= 0 && v < f->nval && f->val[v].ins >= 0; n++) {
		const Ins *d = f->ins[f->val[v].ins];
		int u;
		*vp = v;
		if (d->op == OP_SHF && !d->guard && d->nopnd == 4 && ir_hasmod(d, MOD_CLAMP) &&
		    d->opnd[3].kind == OK_IMM && (uint64_t)d->opnd[3].imm >= 32 &&
		    (u = srcval(d, ir_hasmod(d, MOD_L) ? 1 : 2)) >= 0) {
			v = u;
			continue;
		}
		/* so is a bfi.b32 of fields it knows that insert nothing, at a
		 * position past the word or of length 0, of its base (v10 seed
		 * 9855 tmap: a slct.b32.s32 by a bfi at 33, 27 into an abs.s32
		 * result was a copy of a, as of the abs itself; sm_90 SASS: a's
		 * register stored, for immediates or movs of them; a length in a
		 * register it computes, BMSK, and so by the mask rule's 0 bits
		 * at 3, 32, an H200: the manual's slct) */
		if (d->op == OP_BFI && !d->guard && d->nopnd == 5 && d->ty[0] == TY_B32 && (u = srcval(d, 2)) >= 0) {
			int64_t pos, len;
			if (immof(f, d, 3, &pos) && immof(f, d, 4, &len) && ((pos >= 32 && pos < 256) || len == 0)) {
				v = u;
				continue;
			}
		}
		/* a half of a mov.b32 {a, b} unpack of a mov.b32 {c, d} pack is c
		 * or d (seed 13548: min.f16 of such a half and c) */
		if (d->op == OP_MOV && !d->guard && d->nopnd == 2 && d->opnd[0].kind == OK_VEC &&
		    d->opnd[0].nsub == 2 && d->ndef == 2 && (u = srcval(d, 1)) >= 0) {
			int i = v == d->def[1], z;
			const Ins *p = defof(f, u, &z);
			if (p && p->op == OP_MOV && !p->guard && p->nopnd == 2 && p->opnd[1].kind == OK_VEC &&
			    p->opnd[1].nsub == 2 && p->nuse == 2 && p->ndef == 1 && z == p->def[0] &&
			    f->regs[f->val[p->use[i]].reg]->type == f->regs[f->val[v].reg]->type) {
				v = p->use[i];
				continue;
			}
		}
		/* so is a shl or shr by an immediate 0 (v1 seed 480515:
		 * mul.wide.s16 of neg.s16 x and neg.s16 of shr.b16 of that by 0
		 * is -x times x, the second neg folded into the first; sm_90
		 * SASS: IMAD of the two PRMT 0x9910 of x, one negated) */
		if ((d->op == OP_SHL || d->op == OP_SHR) && !d->guard && d->nopnd == 3 && d->opnd[2].kind == OK_IMM &&
		    d->opnd[2].imm == 0 && (u = srcval(d, 1)) >= 0 &&
		    f->regs[f->val[u].reg]->type == f->regs[f->val[v].reg]->type) {
			v = u;
			continue;
		}
		/* a selp or slct of one value twice is a copy of it to ptxas */
		if ((d->op == OP_SELP || d->op == OP_SLCT) && !d->guard && d->nopnd == 4 &&
		    (u = srcval(d, 1)) >= 0 && u == srcval(d, 2) &&
		    f->regs[f->val[u].reg]->type == f->regs[f->val[v].reg]->type) {
			v = u;
			continue;
		}
		if (d->op != OP_MOV || d->guard || d->nopnd != 2 || (u = srcval(d, 1)) < 0 ||
		    f->regs[f->val[u].reg]->type != f->regs[f->val[v].reg]->type)
			return d;
		v = u;
	}
	return NULL;
}

/* in's guard as ptxas knows it: 1 always true, 0 always false, -1 unknown
 * (fold.c). */
int interp_fold_guardconst(const Func *f, const Ins *in);

/* Does register value v, read by instruction i, still hold at instruction
 * k, where k reads what i computes?  Yes when v is the one value its
 * register ever has (i, reading v, comes after its definition, and k after
 * i); else when i and k share a block with no write of the register in
 * between but under a guard ptxas knows false, which it drops (v15 dag
 * 358222: a selp.f32 of a copy of neg.f32 x, with @!q x = x - x between
 * for a q ptxas knows true, is an FSEL of -x, x's NaN payload kept, on an
 * H200). */
static inline int
holds(const Func *f, int v, int i, int k)
{
	/* the search is bounded: a hostile kernel of many such pairs must not
	 * make loading quadratic in its size */
	if (f->regdefs && f->regdefs[f->val[v].reg] == 1 && f->val[v].ins >= 0)
		return 1;
	if (i < 0 || i >= k || k - i > 512 || f->ins[i]->blk != f->ins[k]->blk)
		return 0;
	for (int j = i + 1; j < k; j++)
		for (int d = 0; d < f->ins[j]->ndef; d++)
			if (f->val[f->ins[j]->def[d]].reg == f->val[v].reg &&
			    (!f->ins[j]->guard || interp_fold_guardconst(f, f->ins[j]) != 0))
				return 0;
	return 1;
}

/* Do operands a of ia and b of ib read the same thing: one SSA value, or
 * equal immediates? */
static inline int
same(const Ins *ia, int a, const Ins *ib, int b)
{
	const Opnd *x = &ia->opnd[a], *y = &ib->opnd[b];
	int va = srcval(ia, a), vb = srcval(ib, b);

	if (va >= 0 || vb >= 0)
		return va >= 0 && va == vb;
	return x->kind == OK_IMM && y->kind == OK_IMM && x->imm == y->imm;
}

/* Is ty a signed or unsigned integer type? */
static inline int
isint(int ty)
{
	return ir_tyinfo[ty].kind == TK_UINT || ir_tyinfo[ty].kind == TK_SINT;
}

/* Becomes x + -0 (ftz: ptxas's FADD.FTZ that flushes and makes the
 * canonical NaN) or, without ftz, a copy of x: s[i] is x. */
static inline void
copyof(XIns *xi, int i, int ftz)
{
	XOp x = xi->s[i], z = { .k = XO_IMM };

	xi->s[0] = x;
	if (!ftz) {
		xi->alu.op = OP_MOV;
		xi->alu.flags = 0;
		xi->ns = 1;
		xi->alu.nsrc = 1;
		return;
	}
	z.imm = xi->alu.ty == TY_F16 ? 0x8000 : 0x80000000u;
	xi->s[1] = z;
	xi->alu.op = OP_ADD;
	xi->alu.flags = ALU_FTZ;
	xi->alu.rnd = ALU_RN;
}

/* fold.c: the one-word value of instruction d of the known sources
 * src[0..n-1] as the interpreter computes it (*r); 0 where d is not such
 * an instruction of n sources (a carry, a negated source, two results) */
int interp_fold_kexec(const Ins *d, int n, const uint64_t *src, uint64_t *r);
/* foldint.c: is 32-bit value v one ptxas knows whatever the inputs (*r
 * its bits: an integer compare of a value with itself, an or with all
 * ones, an ALU instruction of such values; kconst there) */
int interp_fold_kconst(const Func *f, int v, uint64_t *r);
/* foldint.c: is set d one without a BoolOp both of whose sources ptxas
 * knows, so that it evaluates the set (.ftz and all) rather than compare
 * them again? */
int interp_fold_setsrck(const Func *f, const Ins *d);
int interp_fold_negsetsub(const Ins *d);
int interp_fold_kconstint(const Func *f, int v, uint64_t *r);
int interp_fold_kconstintlit(const Func *f, int v, uint64_t *r);
int interp_fold_kconstsel(const Func *f, int v, uint64_t *r);
/* foldint.c: is v a bfe.s32 that ptxas folds late, by its immediate rule */
int interp_fold_bfelate(const Func *f, int v);
int interp_fold_early(const Func *f, int i, const Ins *in);
/* foldint.c: is the source of neg.ftz or abs.ftz.f32 in past ptxas's early pass */
int interp_fold_ftzlate(const Func *f, const Ins *in);
/* foldint.c: the same for a 64-bit value */
int interp_fold_kconst64(const Func *f, int v, uint64_t *r);
int interp_fold_dconstdeep(const Func *f, int v, uint64_t *r);
int interp_fold_early64(const Func *f, int v);
/* foldint.c: kconst of a 32-bit value, movs of f64 immediates known */
int interp_fold_kconstf(const Func *f, int v, uint64_t *r);
const Ins *interp_fold_livedef(const Func *f, int v, int *w);
const Ins *interp_fold_copydef(const Func *f, int v, int *w);
int interp_fold_dconst(const Func *f, int v, uint64_t *r);
/* foldmufu.c: the value ptxas folds an .approx.f32 instruction or a
 * div.full.f32 of the f32 bits a (b) to, 0 where it leaves it to run; the
 * f32 bits of value v where ptxas knows them */
int interp_fold_mufuval(const Ins *in, uint32_t a, uint32_t b, uint32_t *r);
int interp_fold_f32val(ptx_module *pm, const Func *f, int v, uint32_t *r);
/* foldrange.c: an f32 reader of a saturated add that ptxas decides by the
 * ranges of its operands reads the constant (0 always) */
int interp_fold_range(ptx_module *pm, const Func *f, XIns *xi, const Ins *in);
/* foldint.c: is operand o of in a 0 ptxas knows (an immediate, a kconst
 * value, an xor of a value with itself)? */
int interp_fold_knownzero(const Func *f, const Ins *in, int o);

/* fold.c: the value that value v copies to ptxas (through selp/slct of
 * one value, min/max/and/or of one, an or, xor or add of a known 0, a
 * cvt between integers of one width; copyroot there); pm may be NULL */
int interp_fold_copyroot(const ptx_module *pm, const Func *f, int v);

/* fold.c: does ptxas take the f32 that d makes for >= 0 where a slct into
 * an integer type tests it? */
int interp_fold_slctpos(const Func *f, const Ins *d);

/* foldint.c: the rules for integer instructions (1 where one applied), and
 * the 16-bit readers of a widened abs/neg.s16 otherwise (foldw16); -1 when
 * out of memory */
int interp_fold_int(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k);
/* foldint.c: neg.s32 or neg.f32 of a set's f32 that ptxas makes a select of -1.0 (1 folded, -1 no memory) */
int interp_fold_negset(ptx_module *pm, const Func *f, XIns *xi, const Ins *in);
/* cvt.sat between integers of a neg/abs.s32 or cnot.b32 result: 1 when it marks xi */
int interp_fold_satexact(const Func *f, XIns *xi, const Ins *in);
/* add.sat.s32 of a neg/abs.s32 result and a 0: 1 when it marks xi (INT_MIN gives INT_MAX) */
int interp_fold_addsatneg(const Func *f, XIns *xi, const Ins *in);
/* cvt.sat.u8/.u16.u32 of a cnot.b32 result: the stack pointer's low bits (1 when it applies) */
int interp_fold_satcnot(const Func *f, XIns *xi, const Ins *in, int k);
/* fold.c: does ptxas compile d as a subroutine call (a call, an IEEE div, rcp or sqrt's slow path,
 * a 16- or 64-bit integer div or rem)? */
int interp_fold_subcall(const Ins *d);
/* foldf32.c: neg or abs.f32 of a set mask where ptxas's mask pass runs
 * (1 when it applies, -1 when out of memory) */
int interp_fold_setmask(ptx_module *pm, const Func *f, XIns *xi, const Ins *in);
/* a zero-extending read of the low byte or half of a prmt.b32 (1 when
 * folded, -1 when out of memory) */
int interp_fold_prmtlow(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k);

#endif

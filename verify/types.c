/*
 * types.c — instruction types, modifiers and operands against the opcode
 * table (ir/ops.def).
 *
 * These are the checks ptxas does itself, mostly reported by it as
 * "Arguments mismatch for instruction 'add'" without naming the operand;
 * here each finding points at the operand.  What is checked here:
 *
 *  - the instruction types are among those the opcode accepts
 *    (ir_opinfo[op].types) and the modifiers among its modifiers (.mods;
 *    state spaces are left to space.c, which knows their rules, and to
 *    modrule.c, with the modifiers that go together);
 *  - a guard is a .pred register; cvt roundings against the types;
 *  - required modifiers: cvt between float and integer, or to a narrower
 *    float, needs a rounding mode; integer mul/mad need .lo, .hi or .wide;
 *  - setp/set comparisons against the type: bit types compare only with
 *    eq/ne, the unsigned-only lo/ls/hi/hs and the unordered float ones
 *    (equ, nan, ...) only where they mean something;
 *  - register operands against the instruction type, with PTX's relaxed
 *    rules: a .bN register fits any N-bit type, .uN/.sN registers fit the
 *    integer types of that size, float registers only float (and .b)
 *    instructions; cvt accepts wider registers for narrow values, and ld
 *    and st more still (see ldstok);
 *  - immediates: an integer literal in a float operand is an error, a value
 *    that does not fit an integer type is truncated silently by ptxas (a
 *    warning here);
 *  - operand kinds by shape letter: `i` immediate only, `R` register only,
 *    `p` a predicate; a predicate anywhere else is an error;
 *  - vector operands: the element count must be the .vN of the instruction,
 *    and the registers of any vector must agree, as ptxas requires: one
 *    width ("Incompatible elements of vector expression") and, .bN
 *    registers aside, one type with signed and unsigned integers counting
 *    as one ("Vector with elements of different types");
 *  - special registers, read by mov and cvt alone.
 *
 * The instruction families with operand rules of their own (texture,
 * surface, video, multimem ...) are family.c's, the tensor-core ones
 * tensor.c's; check() below runs them all on each instruction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "types.h"
#include "once.h"

static void
words(const char *s, int op, Accept *ac, int istype)
{
	while (s && *s) {
		const char *e;
		while (*s == ' ')
			s++;
		e = s;
		while (*e && *e != ' ')
			e++;
		if (e == s)
			break;
		if (*s == '{') {
			static const struct { const char *n; int id; } pat[] = {
				{"{SHAPE}", MOD_SHAPE}, {"{MN}", MOD_MN}, {"{XN}", MOD_XN}, {"{TMEMSHAPE}", MOD_TMEMSHAPE},
			};
			size_t n = (size_t)(e - s);
			for (size_t k = 0; k < sizeof pat / sizeof pat[0]; k++)
				if (strlen(pat[k].n) == n && memcmp(pat[k].n, s, n) == 0)
					ac->mod[op * NMOD + pat[k].id] = 1;
			for (int c = 0; c < NMC; c++)
				if (strlen(ir_mcname[c]) == n - 2 && memcmp(ir_mcname[c], s + 1, n - 2) == 0)
					ac->cls[op] |= 1u << c;
		} else {
			int id = ir_mod_lookup(s, (size_t)(e - s));
			if (id > 0 && id < NMOD) {
				if (istype && id < NTY)
					ac->ty[op * NTY + id] = 1;
				else
					ac->mod[op * NMOD + id] = 1;
			}
		}
		s = e;
	}
}

/* A register of type rty where the instruction expects ity. */
static int
compatible(int ity, int rty, int wider)
{
	int ik = verify_kind(ity), rk = verify_kind(rty);
	int ib = verify_bits(ity), rb = verify_bits(rty);

	if (ik < 0 || rk < 0 || ik == TK_OPAQUE || rk == TK_OPAQUE)
		return 1;
	if (ik == TK_PRED || rk == TK_PRED)
		return ik == rk;
	/* cvt: a wider register holds the value when it is a .bN one, or an
	 * integer one for an integer type, or a .f16x2 one for an integer type
	 * (ptxas 13.0 takes cvt.u8.u32, .s64.s16 and .sat.u16.s16 of one, as
	 * it takes one for a 32-bit integer below); never another float
	 * register */
	if (ib != rb)
		return wider && rb > ib && (rk == TK_BIT ||
		    ((ik == TK_UINT || ik == TK_SINT) && (rk == TK_UINT || rk == TK_SINT || rty == TY_F16X2)));
	switch (ik) {
	case TK_UINT: case TK_SINT:
		/* ptxas 13.0 takes a .f16x2 register for a 32-bit integer
		 * (add.u32 of one is accepted), as a .b32 one */
		return rk == TK_BIT || rk == TK_UINT || rk == TK_SINT || rty == TY_F16X2;
	case TK_FLOAT: case TK_PACKED:
		/* .f16 and .bf16 share a width, .f16x2, .bf16x2, .u16x2 ...
		 * another: a typed register must be of the type itself, but
		 * for the packed integers, which ptxas also takes in .f16x2 */
		return rk == TK_BIT || rty == ity ||
		    (rty == TY_F16X2 && (ity == TY_U16X2 || ity == TY_S16X2));
	}
	return 1;
}

int
verify_tyfits(int ity, int rty)
{
	return compatible(ity, rty, 0);
}

/* A register of type rty holding the .ity value of an ld, ldu or st, which
 * ptxas types more loosely than arithmetic: a wider register takes a
 * narrower value, integer values go in packed registers too, float ones in
 * .b registers of any larger width and, as vector elements, in integer
 * registers of their width. */
static int
ldstok(int ity, int rty, int invec)
{
	int ik = verify_kind(ity), rk = verify_kind(rty);
	int ib = verify_bits(ity), rb = verify_bits(rty);

	if (ik < 0 || rk < 0 || ik == TK_OPAQUE || rk == TK_OPAQUE)
		return 1;
	if (ik == TK_PRED || rk == TK_PRED)
		return ik == rk;
	if (rb < ib)
		return 0;
	switch (ik) {
	case TK_UINT: case TK_SINT:
		return rk != TK_FLOAT;
	case TK_FLOAT:
		if (rk == TK_BIT)
			return 1;
		return rb == ib && (rty == ity || (invec && (rk == TK_UINT || rk == TK_SINT)));
	}
	return 1;
}

static void operand(Verify *v, Ins *in, Opnd *o, int ity, int wider, int idx, int invec);

/* ptxas types a vector that holds a .bN register as .bN as a whole (its
 * other registers then only need the width): 1 when o is such a vector. */
int
verify_vecbits(const Opnd *o)
{
	for (int k = 0; o->kind == OK_VEC && k < o->nsub; k++)
		if (o->sub[k].kind == OK_REG && o->sub[k].sym && o->sub[k].sym->kind == SYM_REG &&
		    verify_kind(o->sub[k].sym->type) == TK_BIT)
			return 1;
	return 0;
}

/* The .bN type of ty's width (ty itself when there is none).  ptxas lets a
 * .pred stand in a vector typed .bN as a whole, as a 32-bit register. */
static int
bitsty(int ty)
{
	if (ty == TY_PRED)
		return TY_B32;
	switch (verify_bits(ty)) {
	case 8: return TY_B8;
	case 16: return TY_B16;
	case 32: return TY_B32;
	case 64: return TY_B64;
	}
	return ty;
}

/* The expected type of operand i, or 0 when it is not checked here.
 * *wider: a register wider than the type is allowed; 2: ld/st rules.  The
 * rule is the opcode's VR_ column in ops.def, which every row names. */
static int
expect(Ins *in, int i, int *wider)
{
	int t = in->ty[0], wide = ir_hasmod(in, MOD_WIDE);

	*wider = 0;
	/* atom and red (VR_NONE in the table): their value operands, not the
	 * address nor the 64-bit cache policy last, hold the type exactly, as
	 * in arithmetic */
	if (in->op == OP_ATOM || in->op == OP_RED)
		return in->nty != 1 || (t == TY_B128 && in->opnd[i].kind != OK_REG) || in->opnd[i].kind == OK_ADDR ||
		    (ir_hasmod(in, MOD_L2_CACHE_HINT) && i == in->nopnd - 1) ? 0 : t;
	/* a .b128 value is a .b128 register, never a narrower one ("Arguments
	 * mismatch"); its literals are kinds()'s */
	if (t == TY_B128 && in->nty == 1 && (in->op == OP_LD || in->op == OP_ST || in->op == OP_LDU))
		return in->opnd[i].kind == OK_REG && i == (in->op == OP_ST) ? t : 0;
	/* st.async's and red.async's value (VR_NONE): of the type's width
	 * ("Arguments mismatch for instruction 'st.async'" for a .b64 of a
	 * .b32 register) */
	if ((in->op == OP_ST_ASYNC || in->op == OP_RED_ASYNC) && in->nty == 1 && i == 1 && in->opnd[i].kind != OK_ADDR)
		return t;
	/* the bit instructions (VR_NONE): a count or position is 32-bit,
	 * the rest of the type (ptxas: "Arguments mismatch") */
	if (in->nty == 1 && in->opnd[i].kind != OK_ADDR)
		switch (in->op) {
		case OP_POPC: case OP_CLZ: case OP_BFIND:
			return i == 0 ? TY_U32 : t;
		case OP_BREV: case OP_PRMT: case OP_FNS:
			return t;
		case OP_BFE:
			return i <= 1 ? t : TY_U32;
		case OP_BFI:
			return i <= 2 ? t : TY_U32;
		/* szext d, a of the type, the width .u32; bmsk's result .b32
		 * and its position and width .u32; shf's d, a and b .b32;
		 * cvt.pack's below ("Arguments mismatch") */
		case OP_SZEXT:
			return i <= 1 ? t : TY_U32;
		case OP_BMSK:
			return TY_U32;     /* its .b32 result in no float register either */
		case OP_SHF:
			return i <= 2 ? t : 0;     /* the amount: family.c */
		default:
			break;
		}
	/* cvt.pack's result is a 32-bit integer (no .f32 register), its a and
	 * b .s32, c .b32; wider integer registers hold them, as cvt's do
	 * (ptxas takes a .b64 result and sources) */
	if (in->op == OP_CVT_PACK && in->nty >= 2 && in->opnd[i].kind != OK_ADDR) {
		*wider = 1;
		return i == 0 ? TY_U32 : i == 1 || i == 2 ? TY_S32 : TY_B32;
	}
	/* mapa and getctarank (VR_NONE): the address, and mapa's result,
	 * of the .u32/.u64 type, the CTA rank 32-bit ("Arguments mismatch") */
	if ((in->op == OP_MAPA || in->op == OP_GETCTARANK) && in->nty == 1 && in->opnd[i].kind != OK_ADDR)
		return (in->op == OP_MAPA ? i == 2 : i == 0) ? TY_U32 : t;
	/* cvta (VR_NONE too): registers and literals of its .u32/.u64 type,
	 * a variable's name as it is */
	if (in->op == OP_CVTA)
		return in->nty == 1 && (in->opnd[i].kind == OK_REG || in->opnd[i].kind == OK_IMM ||
		    in->opnd[i].kind == OK_FIMM) ? t : 0;
	/* the warp instructions (VR_NONE), as ptxas 13.0 types them ("Arguments
	 * mismatch"): a member mask, match's and elect's result and an integer
	 * redux's values are 32-bit integer or .b registers (no float); a
	 * shuffle's value, lane and clamp any 32-bit ones, the matched value
	 * one of the type.  A pair d|p is warppair()'s. */
	if (in->opnd[i].kind != OK_PAIR)
		switch (in->op) {
		case OP_SHFL: case OP_SHFL_SYNC:
			return i == 4 ? TY_U32 : TY_B32;
		case OP_MATCH:
			return i == 1 ? t : TY_U32;
		case OP_REDUX_SYNC:
			return i == 2 || isint(t) || t == TY_B32 ? TY_U32 : t;
		case OP_ELECT_SYNC:
			return i == in->nopnd - 1 ? TY_U32 : 0;
		case OP_LOP3:
			/* d, a, b, c of the .b32 type ("Arguments mismatch" for a
			 * predicate); a pair d|p is warppair()'s kind of check */
			return i <= 3 && in->nty == 1 ? t : 0;
		case OP_VOTE_SYNC: case OP_VOTE:
			/* the result: a predicate, or ballot's .b32 mask */
			return i == 0 && in->nty == 1 ? t : i == in->nopnd - 1 && in->op == OP_VOTE_SYNC ? TY_U32 : 0;
		case OP_ACTIVEMASK:
			return in->nty == 1 ? t : 0;
		case OP_BRX_IDX:
			/* the index: a 32-bit integer ("Arguments mismatch" for
			 * .b64, .u16, .f32) */
			return i == 0 ? TY_U32 : 0;
		case OP_NANOSLEEP:
			/* its .u32 time ("Arguments mismatch" for .b64, .b16, .f32) */
			return i == 0 ? TY_U32 : 0;
		case OP_BAR_RED: case OP_BAR_CTA_RED: case OP_BARRIER_RED: case OP_BARRIER_CTA_RED:
			/* the result, of the instruction's type */
			return i == 0 && in->nty == 1 ? t : 0;
		default:
			break;
		}
	switch (ir_opinfo[in->op].vrule) {
	case VR_SAME:
		if (in->nty != 1)
			return 0;
		return t;
	case VR_MULWIDE:
		if (in->nty != 1)
			return 0;
		if (wide && (i == 0 || i == 3)) {
			/* the destination (and mad's addend) are twice as wide */
			static const struct { int n, w; } dbl[] = {
				{TY_U16, TY_U32}, {TY_U32, TY_U64}, {TY_S16, TY_S32}, {TY_S32, TY_S64},
			};
			for (size_t k = 0; k < sizeof dbl / sizeof dbl[0]; k++)
				if (dbl[k].n == t)
					return dbl[k].w;
			return 0;
		}
		return t;
	case VR_SETP:
		if (i == 0)
			return TY_PRED;     /* a pair p|q is two predicates too */
		return in->nty == 1 && (i == 1 || i == 2) ? t : 0;
	case VR_SELP:
		return in->nty == 1 && i <= 2 ? t : 0;
	case VR_SET:
		return in->nty == 2 && i <= 2 ? in->ty[i == 0 ? 0 : 1] : 0;
	case VR_SLCT:
		return in->nty == 2 && i <= 3 ? in->ty[i == 3 ? 1 : 0] : 0;
	case VR_TESTP:
		/* the result is a predicate ("Arguments mismatch" for a .b32) */
		return in->nty == 1 && i <= 1 ? (i == 0 ? TY_PRED : t) : 0;
	case VR_SHIFT:
		if (in->nty != 1)
			return 0;
		return i == 2 ? TY_U32 : t;
	case VR_MOV:
		if (in->nty != 1 || in->nopnd != 2 || in->opnd[0].kind != OK_REG)
			return 0;
		/* the destination is of the type whatever the source; a
		 * special register is sregs()'s, an address taken as it is */
		if (i == 0)
			return t;
		if (in->opnd[1].kind == OK_REG && in->opnd[1].sym && in->opnd[1].sym->kind != SYM_REG)
			return 0;
		return in->opnd[1].kind == OK_REG || in->opnd[1].kind == OK_IMM || in->opnd[1].kind == OK_FIMM ? t : 0;
	case VR_CVT:
		if (in->nty != 2 || in->nopnd != 2)
			return 0;
		for (int k = 0; k < 2; k++)
			if (!isint(in->ty[k]) && !isfloat(in->ty[k]))
				return 0;
		if (in->ty[0] == TY_TF32 || in->ty[1] == TY_TF32)
			return 0;
		/* ptxas holds a .bf16 value, and the other side of its
		 * conversion, only in registers of their own width */
		*wider = in->ty[0] != TY_BF16 && in->ty[1] != TY_BF16;
		return in->ty[i == 0 ? 0 : 1];
	case VR_LD:
		*wider = 2;
		return in->nty == 1 && i == 0 && t != TY_B128 ? t : 0;
	case VR_ST:
		*wider = 2;
		return in->nty == 1 && i == 1 && t != TY_B128 ? t : 0;
	}
	return 0;
}

/* Whether operand i is a .u32 whatever the instruction's type: a member
 * mask, a shift amount, a bit position or count.  compatible() lets a
 * .f16x2 register stand for a 32-bit integer, as ptxas does where that is
 * the instruction's own type (add.u32 of one), but ptxas refuses one in
 * these ("Arguments mismatch for instruction 'shfl'", 'vote', 'shl', 'bfe'
 * ...), nor in an integer redux's value.  The same instruction with
 * another type tells the others apart. */
static int
fixedu32(Ins *in, int i)
{
	Ins alt = *in;
	int w;

	if (in->op == OP_REDUX_SYNC)
		return 1;
	if (in->op == OP_CVT_PACK)
		return 0;       /* its result may be a .f16x2 register (ptxas takes it) */
	alt.ty[0] = TY_B64;
	return expect(&alt, i, &w) == TY_U32;
}

void
verify_immediate(Verify *v, Ins *in, Opnd *o, int ity)
{
	int k = verify_kind(ity), b = verify_bits(ity);

	/* ptxas has no half-precision literal: neither 0x3c00 nor 0f3f800000
	 * stands for an .f16, .bf16 or packed pair of them; nor a packed pair
	 * of 16-bit integers ("Arguments mismatch for instruction 'add'" for
	 * add.u16x2 d, a, 0x10) */
	if ((o->kind == OK_IMM || o->kind == OK_FIMM) &&
	    (ity == TY_F16 || ity == TY_BF16 || ity == TY_F16X2 || ity == TY_BF16X2 || ity == TY_U16X2 ||
	    ity == TY_S16X2)) {
		verify_report(v, VC_OPTYPE, o->loc,
		    "literal where '%s' expects a .%s value: ptxas takes none of that type (move it into a .b%d register first)",
		    ir_opinfo[in->op].name, tyname(ity), b);
		return;
	}
	if (o->kind == OK_IMM && k == TK_FLOAT) {
		verify_report(v, VC_OPTYPE, o->loc,
		    "integer literal where '%s' expects a .%s value (write it as a float, e.g. 0f...)",
		    ir_opinfo[in->op].name, tyname(ity));
		return;
	}
	/* A float literal stands for its bits in a .bN operand only at its own
	 * width: 0f... (32 bits) for .b32; 0d... or a decimal one (a double)
	 * for .b64; none for .b16 or .b8. */
	if (o->kind == OK_FIMM && k == TK_BIT &&
	    (b == 32 ? o->flkind != FL_F32HEX : b == 64 ? o->flkind == FL_F32HEX : 1)) {
		verify_report(v, VC_OPTYPE, o->loc, "float literal where '%s' expects a .%s value%s",
		    ir_opinfo[in->op].name, tyname(ity),
		    b == 32 ? " (only a 0f... literal has 32 bits)" : b == 64 ? " (only a 0d... or decimal literal has 64 bits)" : "");
		return;
	}
	if (o->kind == OK_FIMM && (k == TK_UINT || k == TK_SINT)) {
		verify_report(v, VC_OPTYPE, o->loc, "float literal where '%s' expects a .%s value",
		    ir_opinfo[in->op].name, tyname(ity));
		return;
	}
	if (o->kind == OK_IMM && (k == TK_UINT || k == TK_SINT || k == TK_BIT) && b > 1 && b < 64) {
		int64_t lo = -((int64_t)1 << (b - 1)), hi = ((int64_t)1 << b) - 1;
		if (o->imm < lo || o->imm > hi || (o->uns && (uint64_t)o->imm > (uint64_t)hi))
			verify_report(v, VC_IMMRANGE, o->loc,
			    "immediate %lld does not fit .%s; it is truncated to %d bits",
			    (long long)o->imm, tyname(ity), b);
	}
}

/* The kinds of a vector's elements, where a literal is one of them: an
 * integer literal or register (.u, .s) and a float literal or register
 * (.f) may not meet ("Vector with elements of different types"); .b
 * registers go with either.  Registers alone are verify_vecmix()'s.  Beside
 * registers, an integer literal in a vector of a float type is taken by
 * ptxas 13 only as the first element, and then it compiles no store at
 * all; anywhere else it crashes.  0 when an error is reported. */
static int
veckinds(Verify *v, Ins *in, const Opnd *o, int ity)
{
	int lit = 0, reg = 0, ik = -1, fk = -1, nint = 0;

	for (int k = 0; k < o->nsub; k++) {
		const Opnd *e = &o->sub[k];
		const Sym *r = verify_elemreg(e);
		int kind = e->kind == OK_IMM ? TK_SINT : e->kind == OK_FIMM ? TK_FLOAT : r ? verify_kind(r->type) : TK_BIT;
		lit |= e->kind == OK_IMM || e->kind == OK_FIMM;
		reg |= r != NULL;
		nint += e->kind == OK_IMM;
		if (kind == TK_FLOAT)
			fk = fk < 0 ? k : fk;
		else if (kind == TK_SINT || kind == TK_UINT)
			ik = ik < 0 ? k : ik;
	}
	if (lit && ik >= 0 && fk >= 0) {
		verify_report(v, VC_VECTOR, o->sub[ik > fk ? ik : fk].loc,
		    "vector elements of different kinds in '%s': integer and float (a literal takes its kind from how it is written)",
		    ir_opinfo[in->op].name);
		return 0;
	}
	if (!reg || !nint || verify_kind(ity) != TK_FLOAT)
		return 1;
	if (nint == 1 && o->sub[0].kind == OK_IMM) {
		verify_report(v, VC_IMMRANGE, o->sub[0].loc,
		    "integer literal in a .%s vector of '%s': ptxas compiles no store for it (write it as a float, e.g. 0f...)",
		    tyname(ity), ir_opinfo[in->op].name);
		return 1;
	}
	for (int k = 1; k < o->nsub; k++)
		if (o->sub[k].kind == OK_IMM) {
			verify_report(v, VC_VECTOR, o->sub[k].loc,
			    "integer literal after the first element of a .%s vector of '%s' (ptxas cannot compile it)",
			    tyname(ity), ir_opinfo[in->op].name);
			break;
		}
	return 0;
}

/* ptxas takes a .pred in a vector beside 32-bit .b registers only, as
 * one of them ("Incompatible elements of vector expression", "Vector with
 * elements of different types"), and not beside predicates alone
 * ("Arguments mismatch": mov.b64 {%p1, %p2}, ld.v2.b32 {%p1, %p2}), where
 * mov.b64 {%r1, %p1} is taken, and so are ld, st, atom and red vectors
 * (interp/load.c vecpreds says what each makes of it).  0 when an error
 * is reported. */
static int
predvec(Verify *v, Ins *in, const Opnd *o)
{
	int p = -1, w = -1, reg = 0;

	for (int k = 0; k < o->nsub; k++) {
		const Opnd *e = &o->sub[k];
		const Sym *r = verify_elemreg(e);
		if (e->kind == OK_REG && e->sym && e->sym->kind == SYM_REG && e->sym->type == TY_PRED)
			p = p < 0 ? k : p;
		else if (r && (verify_bits(r->type) != 32 || verify_kind(r->type) != TK_BIT))
			w = k;
		reg |= r != NULL;
	}
	if (p >= 0 && w >= 0) {
		verify_report(v, VC_VECTOR, o->sub[p].loc,
		    "predicate '%s' in a vector of '%s' with .%s register '%s'; it goes only with 32-bit .b registers",
		    o->sub[p].sym->name, ir_opinfo[in->op].name, tyname(o->sub[w].sym->type), o->sub[w].sym->name);
		return 0;
	}
	if (p >= 0 && !reg) {
		verify_report(v, VC_VECTOR, o->sub[p].loc,
		    "a vector of predicates in '%s'; a predicate goes only beside 32-bit .b registers",
		    ir_opinfo[in->op].name);
		return 0;
	}
	return 1;
}

static void
operand(Verify *v, Ins *in, Opnd *o, int ity, int wider, int idx, int invec)
{
	int reg = 0;

	switch (o->kind) {
	case OK_REG:
		if (o->sym && o->sym->kind == SYM_REG && o->sel == SEL_NONE &&
		    !(invec && o->sym->type == TY_PRED && (in->op == OP_ATOM || in->op == OP_RED)) &&
		    !(wider == 2 ? ldstok(ity, invec & 2 ? bitsty(o->sym->type) : o->sym->type, invec) :
		    compatible(ity, o->sym->type, wider)))
		{
			/* an instruction written with no type (brx.idx, elect.sync)
			 * is named as written, as ptxas names it, and the type its
			 * operand wants said apart */
			const char *wide = verify_bits(o->sym->type) != verify_bits(ity) && o->sym->type != TY_PRED ?
			    " (wrong width)" : "";
			if (in->nty == 0 && isint(ity))
				verify_report(v, VC_OPTYPE, o->loc,
				    "operand %d of '%s' is register '%s' of type .%s, not a %d-bit integer", idx + 1,
				    ir_opinfo[in->op].name, o->sym->name, tyname(o->sym->type), verify_bits(ity));
			else if (in->nty == 0)
				verify_report(v, VC_OPTYPE, o->loc,
				    "operand %d of '%s' is register '%s' of type .%s, not .%s%s", idx + 1,
				    ir_opinfo[in->op].name, o->sym->name, tyname(o->sym->type), tyname(ity), wide);
			else
				verify_report(v, VC_OPTYPE, o->loc,
				    "operand %d of '%s.%s' is register '%s' of type .%s%s", idx + 1,
				    ir_opinfo[in->op].name, tyname(ity), o->sym->name, tyname(o->sym->type), wide);
		}
		break;
	case OK_IMM: case OK_FIMM:
		/* Beside a register in a vector, ptxas takes a literal of either
		 * kind for any type (veckinds() has checked it against the other
		 * elements) and uses its bits (interp_fimm); a vector of literals
		 * alone is held to the rules of a single operand. */
		if (!(invec & 4))
			verify_immediate(v, in, o, ity);
		break;
	case OK_VEC:
		if (!veckinds(v, in, o, ity) || !predvec(v, in, o))
			return;
		for (int k = 0; k < o->nsub; k++)
			reg |= verify_elemreg(&o->sub[k]) != NULL;
		for (int k = 0; k < o->nsub; k++)
			operand(v, in, &o->sub[k], ity, wider, idx, 1 | (verify_vecbits(o) ? 2 : 0) | (reg ? 4 : 0));
		break;
	}
}

/* Predicates only in p/D slots; registers and immediates where the shape says. */
/* A literal where a result goes, in a vector too ("Result register
 * required"). */
static void
results(Verify *v, Ins *in)
{
	for (int i = 0; i < in->nopnd; i++) {
		char s = verify_shape(in->op, i);
		const Opnd *o = &in->opnd[i];
		if (s != 'd' && s != 'D')
			continue;
		for (int k = 0; k < (o->kind == OK_VEC ? o->nsub : 1); k++) {
			const Opnd *e = o->kind == OK_VEC ? &o->sub[k] : o;
			if (e->kind == OK_IMM || e->kind == OK_FIMM) {
				verify_report(v, VC_OPTYPE, e->loc, "result register required for instruction '%s', not a literal",
				    ir_opinfo[in->op].name);
				return;
			}
		}
	}
}

/* Registers used where ptxas refuses them whatever the type: a .pred as an
 * address ("Illegal to use symbol ... of type .pred as address operand"),
 * and so is a float, packed or .b128 one ("... Use integer or bit only"),
 * a component selector (.x ...) on a plain register ("Unknown video
 * selector") and a byte or half selector outside the video instructions. */
static void
regforms(Verify *v, Ins *in, const Opnd *o, int addr)
{
	const Sym *r = o->sym;

	if (o->kind == OK_ADDR && o->base && !o->addrlist)
		regforms(v, in, o->base, 1);
	if (o->kind == OK_VEC)
		for (int k = 0; k < o->nsub; k++)
			regforms(v, in, &o->sub[k], 0);
	if (o->kind != OK_REG || !r || r->kind != SYM_REG)
		return;
	if (addr && r->type == TY_PRED)
		verify_report(v, VC_OPTYPE, o->loc, "predicate '%s' used as an address; addresses are integer or .b registers",
		    r->name);
	else if (addr && (isfloat(r->type) || verify_kind(r->type) == TK_PACKED || r->type == TY_B128))
		verify_report(v, VC_OPTYPE, o->loc, ".%s register '%s' used as an address; addresses are integer or .b registers",
		    tyname(r->type), r->name);
	else if (o->sel >= SEL_X && o->sel <= SEL_A)
		verify_report(v, VC_OPTYPE, o->loc, "register '%s' has no component selector (only special registers do)",
		    r->name);
	else if (o->sel != SEL_NONE && ir_opinfo[in->op].vrule != VR_VIDEO)
		verify_report(v, VC_OPTYPE, o->loc, "a byte or half selector on '%s' is only for the video instructions",
		    r->name);
}

/* The memory, texture, call, asynchronous and tensor-core instructions,
 * whose operands their families check (space.c, tex.c, tensor.c ...), not
 * the rules of the ordinary instructions below. */
static int
ownoperands(int op)
{
	return (ir_opinfo[op].flags & (OF_LOAD | OF_STORE | OF_ATOM | OF_TEX | OF_CALL | OF_ASYNC)) ||
	    ir_opinfo[op].vrule == VR_TENSOR;
}

/* A {vector} operand, or a whole .v2/.v4 register, of an instruction of
 * scalar operands alone ("Vector operand is not allowed for instruction
 * 'add'"): one whose shape has no vector, memory or free-form operand,
 * that has no .v2/.v4 modifier and neither moves memory nor works across
 * the warp. */
static int
scalarop(const Ins *in)
{
	const char *sh = ir_opinfo[in->op].shape;

	/* the warp instructions of scalar shape (shfl, match, vote, redux)
	 * take no vector either ("Arguments mismatch") */
	if (in->vec > 1 || ownoperands(in->op))
		return 0;
	for (; sh && *sh; sh++)
		if (*sh == 'v' || *sh == 'x' || *sh == 'm' || *sh == '*')
			return 0;
	return 1;
}

/* The instructions whose value operand may be a variable's name, its
 * address: those that take addresses, and those whose operands are their
 * own families'. */
static int
symvalue(int op)
{
	switch (op) {
	case OP_MOV: case OP_CVTA: case OP_MAPA: case OP_GETCTARANK:
		return 1;
	}
	return ownoperands(op);
}

static void
kinds(Verify *v, Ins *in)
{
	unsigned fl = ir_opinfo[in->op].flags;

	/* lop3's second form, d|p, a, b, c, lut, q, with .and or .or
	 * ("Predicate output expected", "Boolean operation is required") */
	if (in->op == OP_LOP3 && in->nopnd == 6 && in->opnd[0].kind != OK_PAIR)
		verify_report(v, VC_OPTYPE, in->opnd[0].loc, "'lop3' with a predicate source writes a pair d|p");
	else if (in->op == OP_LOP3 && in->opnd[0].kind == OK_PAIR && !ir_hasmod(in, MOD_AND) && !ir_hasmod(in, MOD_OR))
		verify_report(v, VC_MODIFIER, in->loc, "'lop3' writing d|p needs .and or .or");
	/* the pair's d is the 32-bit result, and q is read with it
	 * ("Arguments mismatch for instruction 'lop3'" for %p1|%p2 and for
	 * d|p without q) */
	else if (in->op == OP_LOP3 && in->opnd[0].kind == OK_PAIR && in->opnd[0].nsub == 2 &&
	    in->opnd[0].sub[0].kind == OK_REG && in->opnd[0].sub[0].sym && in->opnd[0].sub[0].sym->type == TY_PRED)
		verify_report(v, VC_OPTYPE, in->opnd[0].sub[0].loc, "'lop3' writes d|p: d is a 32-bit register, not the "
		    "predicate '%s'", in->opnd[0].sub[0].sym->name);
	else if (in->op == OP_LOP3 && in->opnd[0].kind == OK_PAIR && in->nopnd != 6)
		verify_report(v, VC_OPTYPE, in->opnd[0].loc, "'lop3' writing d|p reads a predicate q after its lookup table");
	/* its lookup table is an integer ("Arguments mismatch" for a float
	 * literal) */
	else if (in->op == OP_LOP3 && in->nopnd >= 5 && in->opnd[4].kind == OK_FIMM)
		verify_report(v, VC_OPTYPE, in->opnd[4].loc, "'lop3' takes its lookup table as an integer, not a float literal");
	/* and .and or .or only then ("Arguments mismatch for instruction
	 * 'lop3'" for lop3.and.b32 d, a, b, c, lut) */
	else if (in->op == OP_LOP3 && in->nopnd >= 1 && in->opnd[0].kind != OK_PAIR &&
	    (ir_hasmod(in, MOD_AND) || ir_hasmod(in, MOD_OR)))
		verify_report(v, VC_MODIFIER, in->loc, "'lop3' with .and or .or writes a pair d|p and reads a predicate q");
	if (scalarop(in))
		for (int i = 0; i < in->nopnd; i++)
			if (in->opnd[i].kind == OK_VEC) {
				verify_report(v, VC_VECTOR, in->opnd[i].loc, "vector operand %d: '%s' takes none",
				    i + 1, ir_opinfo[in->op].name);
				return;
			}
	results(v, in);
	for (int i = 0; i < in->nopnd; i++)
		regforms(v, in, &in->opnd[i], 0);
	if (fl & (OF_CALL | OF_TEX))
		return;
	for (int i = 0; i < in->nopnd; i++) {
		Opnd *o = &in->opnd[i];
		char s = verify_shape(in->op, i);
		int pred = o->kind == OK_REG && o->sym && o->sym->type == TY_PRED;
		if (o->kind == OK_FIMM && in->nty == 1 && in->ty[0] == TY_B128)
			verify_report(v, VC_OPTYPE, o->loc, "float literal where '%s' expects a .b128 value", ir_opinfo[in->op].name);
		/* a value's place takes no [address] (mbarrier.arrive's count
		 * written as a second address: "Arguments mismatch") */
		else if (strchr("rRip", s) && s && o->kind == OK_ADDR)
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is an address; it takes a value there",
			    i + 1, ir_opinfo[in->op].name);
		/* [a].unified is ld's alone, of a generic or .global address
		 * ("Illegal use of attribute '.unified' for instruction 'st'",
		 * the same for ld.shared) */
		else if (o->kind == OK_ADDR && o->uns && (in->op != OP_LD ||
		    (in->space != SP_NONE && in->space != SP_GENERIC && in->space != SP_GLOBAL)))
			verify_report(v, VC_OPTYPE, o->loc, "'.unified' after the address of '%s': only ld's generic or .global "
			    "address takes it", ir_opinfo[in->op].name);
		/* a memory operand is written in brackets, a result is a
		 * register (but for the tensor copies' shared memory and
		 * mbarrier operands, which ptxas 13.0 takes as a bare register
		 * too) ("Arguments mismatch" for `ld.param.b32 %r1, a`,
		 * `st.global.f32 %rd1, %f2`; "Argument 0 of instruction 'shf.l':
		 * must be register" for `shf.l.wrap.b32 [%r11], ...`) */
		else if (s == 'm' && o->kind != OK_ADDR && !(o->kind == OK_REG && (in->op == OP_CP_ASYNC_BULK_TENSOR ||
		    in->op == OP_CP_REDUCE_ASYNC_BULK_TENSOR)))
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is a memory operand: it is written in brackets",
			    i + 1, ir_opinfo[in->op].name);
		/* only a 'D' result (setp, shfl, match, elect, lop3, tex) has a
		 * predicate half ("Predicate output not allowed for instruction
		 * 'mov'"); d|_ is d (the parser's) */
		else if (s == 'd' && o->kind == OK_PAIR)
			verify_report(v, VC_OPTYPE, o->loc, "'%s' has no predicate output: its result is one register",
			    ir_opinfo[in->op].name);
		else if ((s == 'd' || s == 'D') && o->kind == OK_ADDR)
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is an address in brackets; the result is a register",
			    i + 1, ir_opinfo[in->op].name);
		/* mov, cvt and cvta work on registers, literals and a
		 * variable's address (`mov.u64 %rd, g`), never memory: `[g]`
		 * is "Arguments mismatch", `[%rd2]` "must be register" */
		else if ((in->op == OP_MOV || in->op == OP_CVT || in->op == OP_CVTA) && o->kind == OK_ADDR)
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is an address in brackets; it reads no memory "
			    "(ld does, and a bare name is the variable's address)", i + 1, ir_opinfo[in->op].name);
		/* a variable's name stands for its address only where an
		 * address is taken (mov, cvta, mapa, getctarank); a value
		 * operand elsewhere is a register or literal ("Argument 1 of
		 * instruction 'add': must be register"; isspacep's "Arguments
		 * mismatch"); nor is a result or a predicate ("Arguments
		 * mismatch") */
		else if (o->kind == OK_SYM && o->sym && o->sym->kind == SYM_VAR &&
		    (((s == 'r' || s == 'R' || s == 'i') && !symvalue(in->op)) || ((s == 'd' || s == 'D' || s == 'p') &&
		    !(fl & (OF_TEX | OF_CALL)) && ir_opinfo[in->op].vrule != VR_TENSOR)))
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is variable '%s'; it takes a register or literal "
			    "(mov or cvta takes the address)", i + 1, ir_opinfo[in->op].name, o->sym->name);
		else if (s == 'i' && o->kind == OK_REG)
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' must be an immediate, not register '%s'",
			    i + 1, ir_opinfo[in->op].name, o->sym ? o->sym->name : "?");
		else if (s == 'R' && (o->kind == OK_IMM || o->kind == OK_FIMM))
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' must be a register, not an immediate",
			    i + 1, ir_opinfo[in->op].name);
		else if (o->kind == OK_FIMM && in->nty == 1 && in->ty[0] == TY_PRED)
			verify_report(v, VC_OPTYPE, o->loc, "float literal as operand %d of '%s.pred'", i + 1, ir_opinfo[in->op].name);
		else if (s == 'p' && o->kind == OK_FIMM)
			verify_report(v, VC_OPTYPE, o->loc, "float literal as predicate operand %d of '%s'",
			    i + 1, ir_opinfo[in->op].name);
		else if (s == 'p' && o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG && !pred)
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' must be a predicate, not .%s register '%s'",
			    i + 1, ir_opinfo[in->op].name, tyname(o->sym->type), o->sym->name);
		else if ((s == 'r' || s == 'R') && pred && in->ty[0] != TY_PRED && in->nty <= 1 &&
		    !(fl & OF_WARP) && expect(in, i, &(int){0}) == 0 && in->op != OP_MOV)
			verify_report(v, VC_OPTYPE, o->loc, "predicate '%s' used as a data operand of '%s'",
			    o->sym->name, ir_opinfo[in->op].name);
	}
}

/* The result pair d|p of shfl, match and elect: d as expect() has it, p
 * a predicate ("Predicate output expected"), and elect's p not left out
 * (the same message). */
static void
warppair(Verify *v, Ins *in)
{
	int sh = in->op == OP_SHFL || in->op == OP_SHFL_SYNC;
	Opnd *d = &in->opnd[0];

	if ((!sh && in->op != OP_MATCH && in->op != OP_ELECT_SYNC) || in->nopnd < 1)
		return;
	if (d->kind != OK_PAIR) {
		if (in->op == OP_ELECT_SYNC)
			verify_report(v, VC_OPTYPE, d->loc, "'elect.sync' writes d|p: the predicate p is required");
		return;
	}
	if (d->nsub != 2)
		return;
	if (in->op == OP_MATCH && !ir_hasmod(in, MOD_ALL)) {
		verify_report(v, VC_OPTYPE, d->sub[1].loc, "'match.any' writes no predicate (only match.all does)");
		return;
	}
	if (sh && d->sub[0].kind == OK_SINK)
		verify_report(v, VC_OPTYPE, d->sub[0].loc, "'%s' cannot discard its result with '_'", ir_opinfo[in->op].name);
	operand(v, in, &d->sub[0], sh ? TY_B32 : TY_U32, 0, 0, 0);
	const Opnd *p = &d->sub[1];
	if (p->kind == OK_REG && p->sym && p->sym->kind == SYM_REG && p->sym->type != TY_PRED)
		verify_report(v, VC_OPTYPE, p->loc, "'%s' writes a predicate after '|', not .%s register '%s'",
		    ir_opinfo[in->op].name, tyname(p->sym->type), p->sym->name);
}

/* A barrier's id, thread count and member mask (bar, barrier,
 * bar.warp.sync): 32-bit integer or .b registers, or integer literals
 * ("Arguments mismatch" for 0f42000000, a .b16, .b64 or .f32 register). */
static void
barops(Verify *v, Ins *in)
{
	const char *n = ir_opinfo[in->op].name;

	if (strncmp(n, "bar.", 4) && strncmp(n, "barrier.", 8))
		return;
	for (int i = 0; i < in->nopnd; i++) {
		const Opnd *o = &in->opnd[i];
		char s = verify_shape(in->op, i);
		if (s == 'd' || s == 'D')
			continue;
		if (o->kind == OK_FIMM)
			verify_report(v, VC_OPTYPE, o->loc, "float literal as operand %d of '%s'", i + 1, n);
		else if (o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG &&
		    (o->sym->type != TY_PRED || in->op == OP_BAR_WARP_SYNC) &&
		    (verify_bits(o->sym->type) != 32 || (!isint(o->sym->type) && verify_kind(o->sym->type) != TK_BIT)))
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is .%s register '%s'; it is a 32-bit integer",
			    i + 1, n, tyname(o->sym->type), o->sym->name);
		else
			continue;
		return;
	}
}

/* dp4a and dp2a work on 32-bit integers: each register operand, the
 * result too, is a 32-bit integer or .b32 register ("Arguments
 * mismatch" for a predicate or a .b64 one). */
static void
dpops(Verify *v, Ins *in)
{
	if (in->op != OP_DP4A && in->op != OP_DP2A)
		return;
	for (int i = 0; i < in->nopnd; i++) {
		const Opnd *o = &in->opnd[i];
		const Sym *r = o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG ? o->sym : NULL;
		/* ptxas 13.0 takes a .f16x2 register for the packed sources a
		 * and b (as for add.u32), not for the result or c */
		if (r && (verify_bits(r->type) != 32 || (!isint(r->type) && verify_kind(r->type) != TK_BIT)) &&
		    !(r->type == TY_F16X2 && (i == 1 || i == 2))) {
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is .%s register '%s'; it is a 32-bit integer",
			    i + 1, ir_opinfo[in->op].name, tyname(r->type), r->name);
			return;
		}
		/* nor a float literal, in any place ("Arguments mismatch") */
		if (o->kind == OK_FIMM) {
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is a float literal; it is a 32-bit integer",
			    i + 1, ir_opinfo[in->op].name);
			return;
		}
	}
}

/* isspacep.space p, a: p a predicate, a an integer or .b register of 32
 * or 64 bits, or an integer literal ("Arguments mismatch"). */
static void
isspacep(Verify *v, Ins *in)
{
	const Opnd *d, *a;

	if (in->op != OP_ISSPACEP || in->nopnd != 2)
		return;
	d = &in->opnd[0], a = &in->opnd[1];
	if (d->kind == OK_REG && d->sym && d->sym->kind == SYM_REG && d->sym->type != TY_PRED)
		verify_report(v, VC_OPTYPE, d->loc, "result of 'isspacep' is .%s register '%s'; it is a predicate",
		    tyname(d->sym->type), d->sym->name);
	else if (a->kind == OK_FIMM)
		verify_report(v, VC_OPTYPE, a->loc, "float literal as the address of 'isspacep'");
	else if (a->kind == OK_REG && a->sym && a->sym->kind == SYM_REG && a->sym->type != TY_PRED &&
	    ((!isint(a->sym->type) && verify_kind(a->sym->type) != TK_BIT) ||
	    (verify_bits(a->sym->type) != 32 && verify_bits(a->sym->type) != 64)))
		verify_report(v, VC_OPTYPE, a->loc, "address '%s' of 'isspacep' is .%s; it is a 32- or 64-bit integer",
		    a->sym->name, tyname(a->sym->type));
}

/* clusterlaunchcontrol.query_cancel d, resp: resp a .b128 register (or a
 * literal), d a predicate for .is_canceled and 32-bit registers for
 * .get_first_ctaid ("Arguments mismatch"). */
static void
qcancel(Verify *v, Ins *in)
{
	const Opnd *d, *r;
	int pred;

	if (in->op != OP_CLUSTERLAUNCHCONTROL_QUERY_CANCEL || in->nopnd != 2)
		return;
	d = &in->opnd[0], r = &in->opnd[1], pred = ir_hasmod(in, MOD_IS_CANCELED);
	if (r->kind == OK_REG && r->sym && r->sym->kind == SYM_REG && r->sym->type != TY_B128) {
		verify_report(v, VC_OPTYPE, r->loc, "response '%s' of '%s' is .%s; it is a .b128 register", r->sym->name,
		    ir_opinfo[in->op].name, tyname(r->sym->type));
		return;
	}
	for (int k = 0; k < (d->kind == OK_VEC ? d->nsub : 1); k++) {
		const Opnd *e = d->kind == OK_VEC ? &d->sub[k] : d;
		const Sym *x = e->kind == OK_REG && e->sym && e->sym->kind == SYM_REG ? e->sym : NULL;
		if (x && (pred ? x->type != TY_PRED : x->type == TY_PRED || verify_bits(x->type) != 32)) {
			verify_report(v, VC_OPTYPE, d->loc, "result '%s' of '%s' is .%s; it is %s", x->name,
			    ir_opinfo[in->op].name, tyname(x->type), pred ? "a predicate" : "32-bit");
			return;
		}
	}
}

static void
compare(Verify *v, Ins *in)
{
	ModId cmp = ir_mod_cmp(in);
	int t = in->op == OP_SET ? in->ty[1] : in->ty[0];
	int k;

	if ((in->op != OP_SETP && in->op != OP_SET) || !cmp || !t)
		return;
	/* ptxas: "Multiple comparisons set" (setp.lo.lt, setp.eq.eq) */
	for (int i = 0, n = 0; i < in->nmod; i++)
		if (in->mod[i] >= NTY && in->mod[i] < NMOD && ir_modinfo[in->mod[i]].cls == MC_CMP && ++n == 2) {
			verify_report(v, VC_COMPARE, in->loc, "'%s' has two comparisons, '.%s' and '.%s'",
			    ir_opinfo[in->op].name, ir_modinfo[cmp].name, ir_modinfo[in->mod[i]].name);
			return;
		}
	k = verify_kind(t);
	if (k == TK_BIT && cmp != MOD_EQ && cmp != MOD_NE)
		goto bad;
	if ((cmp == MOD_LO || cmp == MOD_LS || cmp == MOD_HI || cmp == MOD_HS) && k != TK_UINT)
		goto bad;
	if ((cmp == MOD_EQU || cmp == MOD_NEU || cmp == MOD_LTU || cmp == MOD_LEU ||
	    cmp == MOD_GTU || cmp == MOD_GEU || cmp == MOD_NUM || cmp == MOD_NAN_CMP) &&
	    k != TK_FLOAT && k != TK_PACKED)
		goto bad;
	return;
bad:
	verify_report(v, VC_COMPARE, in->loc, "comparison '.%s' is not defined for .%s",
	    ir_modinfo[cmp].name, tyname(t));
}

/*
 * set.CMP.DTYPE.STYPE: which destination types go with which compared
 * type (ptxas 13.0, "Unexpected instruction types"): a .u32 or .s32 mask
 * always; .f32 1.0 and a .f16 or .bf16 one from any unpacked type but
 * .bf16; .u16 and .s16 from the scalar halves; a packed pair for its own
 * packed type only.
 */
static void
settypes(Verify *v, Ins *in)
{
	int d = in->ty[0], s = in->ty[1], ok;

	if (in->op != OP_SET || in->nty != 2 || d == TY_U32 || d == TY_S32)
		return;
	switch (s) {
	case TY_F16X2: case TY_BF16X2: ok = d == s; break;
	case TY_F16: ok = d == TY_U16 || d == TY_S16 || d == TY_F16 || d == TY_BF16; break;
	case TY_BF16: ok = d == TY_U16 || d == TY_S16 || d == TY_BF16; break;
	default: ok = d == TY_F32 || d == TY_F16 || d == TY_BF16; break;
	}
	if (!ok)
		verify_report(v, VC_INSTRTYPE, in->loc, "'set' of .%s cannot give a .%s result", tyname(s), tyname(d));
}

/* cvt's rounding against its types, for the integer and the f16/f32/f64
 * conversions ("Illegal rounding modifier"): none between integers or to
 * a wider float, an integer rounding (.rni ...) into an integer or to a
 * float of the same width, a float one (.rn ...) from an integer or to a
 * narrower float. */
static void
cvtround(Verify *v, Ins *in)
{
	int d = in->ty[0], s = in->ty[1], r = ir_mod_round(in), ok;
	int fi = r == MOD_RNI || r == MOD_RZI || r == MOD_RMI || r == MOD_RPI;
	int ff = r == MOD_RN || r == MOD_RZ || r == MOD_RM || r == MOD_RP;
	int df = d == TY_F16 || d == TY_BF16 || d == TY_F32 || d == TY_F64;
	int sf = s == TY_F16 || s == TY_BF16 || s == TY_F32 || s == TY_F64;

	/* .rs is of the packing conversions alone (cvtrs), .rna of .tf32
	 * ("Illegal rounding modifier" for cvt.rna.u8.u8, cvt.rna.f16.f32) */
	if ((r == MOD_RS || r == MOD_RNA) && (df || isint(d)) && (sf || isint(s))) {
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, r), "'cvt.%s.%s' cannot take rounding .%s", tyname(d),
		    tyname(s), ir_modinfo[r].name);
		return;
	}
	if ((!df && !isint(d)) || (!sf && !isint(s)) || (!fi && !ff))
		return;
	if (isint(d) && isint(s))
		ok = 0;
	else if (isint(d))
		ok = fi;
	else if (isint(s))
		ok = ff;
	else if ((d == TY_BF16 || s == TY_BF16) && d != s)
		ok = ff;   /* .bf16 and another float, narrower, wider or .f16: .rn and the like (cvt.rn.f32.bf16) */
	else
		ok = verify_bits(d) < verify_bits(s) ? ff : verify_bits(d) == verify_bits(s) && fi;
	if (!ok)
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, r), "'cvt.%s.%s' cannot take rounding .%s", tyname(d), tyname(s),
		    ir_modinfo[r].name);
}

/*
 * cvt to or from the packed and narrow float types, as ptxas 13.0 takes
 * them (tests/lint/crosscheck.py cvt-float): every (destination, source)
 * pair it knows, its roundings (one of them needed), whether .relu may
 * come, whether .satfinite may ('y') or must ('r') come, the number of
 * sources, and the target.  A pair that is not here is refused
 * ("Unexpected instruction types"); .tf32 from .f32 has a row per
 * rounding, its .satfinite with .rn/.rz being newer (sm_100).
 */
static const struct {
	unsigned char d, s; const char *rnd; char relu, satf; unsigned char nsrc, sm, satsm;
} cvtpack[] = {
	{TY_F16X2, TY_F32, "rn rz", 1, 'y', 2, 80, 0}, {TY_BF16X2, TY_F32, "rn rz", 1, 'y', 2, 80, 0},
	{TY_TF32, TY_F32, "rna", 0, 'y', 1, 80, 0}, {TY_TF32, TY_F32, "rn rz", 1, 'y', 1, 90, 100},
	{TY_E4M3X2, TY_F32, "rn", 1, 'r', 2, 89, 0}, {TY_E5M2X2, TY_F32, "rn", 1, 'r', 2, 89, 0},
	{TY_E4M3X2, TY_F16X2, "rn", 1, 'r', 1, 89, 0}, {TY_E5M2X2, TY_F16X2, "rn", 1, 'r', 1, 89, 0},
	{TY_E2M1X2, TY_F32, "rn", 1, 'r', 2, 100, 0}, {TY_E2M1X2, TY_F16X2, "rn", 1, 'r', 1, 100, 0},
	{TY_E2M3X2, TY_F32, "rn", 1, 'r', 2, 100, 0}, {TY_E3M2X2, TY_F32, "rn", 1, 'r', 2, 100, 0},
	{TY_UE8M0X2, TY_F32, "rz rp", 0, 'y', 2, 100, 0}, {TY_UE8M0X2, TY_BF16X2, "rz rp", 0, 'y', 1, 100, 0},
	{TY_F16X2, TY_E4M3X2, "rn", 1, 0, 1, 89, 0}, {TY_F16X2, TY_E5M2X2, "rn", 1, 0, 1, 89, 0},
	{TY_F16X2, TY_E2M1X2, "rn", 1, 0, 1, 100, 0}, {TY_F16X2, TY_E2M3X2, "rn", 1, 0, 1, 100, 0},
	{TY_F16X2, TY_E3M2X2, "rn", 1, 0, 1, 100, 0}, {TY_BF16X2, TY_UE8M0X2, "rn", 0, 0, 1, 100, 0},
};

/* The packs of four that only stochastic rounding converts to (cvtrs). */
static int
packed4(int ty)
{
	return ty == TY_E4M3X4 || ty == TY_E5M2X4 || ty == TY_E2M3X4 || ty == TY_E3M2X4 || ty == TY_E2M1X4;
}

static int
packedfloat(int ty)
{
	return ty == TY_F16X2 || ty == TY_BF16X2 || ty == TY_TF32 || ty == TY_E4M3X2 || ty == TY_E5M2X2 ||
	    ty == TY_E2M1X2 || ty == TY_E2M3X2 || ty == TY_E3M2X2 || ty == TY_UE8M0X2 || packed4(ty);
}

/* Whether the space-separated list has the modifier's name. */
static int
inlist(const char *list, int mod)
{
	const char *name = ir_modinfo[mod].name;
	size_t n = strlen(name);

	for (const char *t = list; *t; ) {
		size_t k = strcspn(t, " ");
		if (k == n && memcmp(t, name, n) == 0)
			return 1;
		t += k + (t[k] == ' ');
	}
	return 0;
}

/* Whether a register of type r holds a packed cvt's operand of type ty,
 * as ptxas 13.0 takes it ("Arguments mismatch"): an 8-bit float pair only
 * in a .b16 register, .e2m1x2 in a .b8 one, .tf32 and .bf16x2 in a .b32
 * one (.bf16x2 beside .ue8m0x2 in any 32-bit one), .f16x2 and .f32 in a
 * .b32 register or one of their own type; the packs of four of cvt.rs in
 * a .b32 register, .e2m1x4 in a .b16 one. */
static int
packedreg(int ty, int other, int r)
{
	switch (ty) {
	case TY_E4M3X2: case TY_E5M2X2: case TY_E2M3X2: case TY_E3M2X2: case TY_UE8M0X2: case TY_E2M1X4:
		return r == TY_B16;
	case TY_E2M1X2:
		return r == TY_B8;
	case TY_TF32: case TY_E4M3X4: case TY_E5M2X4: case TY_E2M3X4: case TY_E3M2X4:
		return r == TY_B32;
	case TY_BF16X2:
		return other == TY_UE8M0X2 ? r != TY_PRED && verify_bits(r) == 32 : r == TY_B32;
	case TY_F16X2: case TY_F32:
		return r == TY_B32 || r == ty;
	}
	return 1;
}

/* The operands of a packed cvt: registers as packedreg() says; a literal
 * only for an .f32 source, and then a float one. */
static void
packedopnds(Verify *v, Ins *in)
{
	for (int i = 0; i < in->nopnd; i++) {
		const Opnd *o = &in->opnd[i];
		int ty = in->ty[i == 0 ? 0 : 1], other = in->ty[i == 0 ? 1 : 0];
		if (o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG && o->sel == SEL_NONE &&
		    !packedreg(ty, other, o->sym->type)) {
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of 'cvt.%s.%s' is register '%s' of type .%s",
			    i + 1, tyname(in->ty[0]), tyname(in->ty[1]), o->sym->name, tyname(o->sym->type));
			return;
		}
		if ((o->kind == OK_IMM || o->kind == OK_FIMM) && i > 0 && !(ty == TY_F32 && o->kind == OK_FIMM)) {
			verify_report(v, VC_OPTYPE, o->loc, "%s literal where 'cvt.%s.%s' expects a .%s register",
			    o->kind == OK_IMM ? "integer" : "float", tyname(in->ty[0]), tyname(in->ty[1]), tyname(ty));
			return;
		}
		/* cvt.rna.tf32.f32 of a literal takes a 0f one alone: of a
		 * double one (0d, decimal) ptxas 13.0 says "Arguments mismatch
		 * for instruction 'mov'" (.rn and .rz take either) */
		if (o->kind == OK_FIMM && i > 0 && in->ty[0] == TY_TF32 && ir_hasmod(in, MOD_RNA) &&
		    o->flkind != FL_F32HEX) {
			verify_report(v, VC_OPTYPE, o->loc, "'cvt.rna.tf32.f32' takes a 0f literal, not a double one");
			return;
		}
	}
}

/* A source value of cvt.rs: an .f32 or .b32 register, or a float literal
 * (an integer one: "Arguments mismatch"; in a vector, "Vector with
 * elements of different types"). */
static int
rsvalue(Verify *v, const Ins *in, const Opnd *o, int k)
{
	if (o->kind == OK_FIMM)
		return 0;
	if (o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG && o->sel == SEL_NONE &&
	    packedreg(TY_F32, in->ty[0], o->sym->type))
		return 0;
	verify_report(v, VC_OPTYPE, o->loc, "operand %d of 'cvt.rs.%s.f32' is an .f32 or .b32 register or a float "
	    "literal", k, tyname(in->ty[0]));
	return 1;
}

/* cvt with stochastic rounding (PTX 8.7, sm_100a and sm_103a alone:
 * ptxas 13.0 says "Feature '.rs' not supported on .target 'sm_100f'", and
 * so for sm_110a, sm_120a):
 *   cvt.rs{.relu}{.satfinite}.f16x2|bf16x2.f32 d, a, b, rbits
 *   cvt.rs{.relu}.satfinite.e4m3x4|e5m2x4|e2m3x4|e3m2x4|e2m1x4.f32 d, {a, b, c, e}, rbits
 * d a register as packedreg() says (.b32, .f16x2 too for .f16x2, .b16
 * for .e2m1x4); rbits a .b32 register, no other type and no literal. */
static int
cvtrs(Verify *v, Ins *in)
{
	int d = in->ty[0], s = in->ty[1], four = packed4(d), sm = v->m->sm;
	const Opnd *o;

	if (s != TY_F32 || !(four || d == TY_F16X2 || d == TY_BF16X2)) {
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, MOD_RS), "'cvt.%s.%s' cannot take .rs (only to .f16x2, "
		    ".bf16x2 and the packs of four narrow floats, from .f32)", tyname(d), tyname(s));
		return 1;
	}
	if (four && !ir_hasmod(in, MOD_SATFINITE)) {
		verify_report(v, VC_MODIFIER, in->loc, "'cvt.rs.%s.f32' needs .satfinite", tyname(d));
		return 1;
	}
	if (in->nopnd != (four ? 3 : 4)) {
		verify_report(v, VC_OPTYPE, in->loc, "'cvt.rs.%s.f32' takes %s and the random bits", tyname(d),
		    four ? "a vector of four sources" : "two sources");
		return 1;
	}
	o = &in->opnd[0];
	if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG || o->sel != SEL_NONE ||
	    !packedreg(d, s, o->sym->type)) {
		verify_report(v, VC_OPTYPE, o->loc, "the destination of 'cvt.rs.%s.f32' is a .%s register", tyname(d),
		    d == TY_E2M1X4 ? "b16" : d == TY_F16X2 ? "b32 or .f16x2" : "b32");
		return 1;
	}
	if (four) {
		o = &in->opnd[1];
		if (o->kind != OK_VEC || o->nsub != 4) {
			verify_report(v, VC_VECTOR, o->loc, "'cvt.rs.%s.f32' converts a vector of four", tyname(d));
			return 1;
		}
		for (int k = 0; k < 4; k++)
			if (rsvalue(v, in, &o->sub[k], 2))
				return 1;
	} else if (rsvalue(v, in, &in->opnd[1], 2) || rsvalue(v, in, &in->opnd[2], 3))
		return 1;
	o = &in->opnd[in->nopnd - 1];
	if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG || o->sel != SEL_NONE || o->sym->type != TY_B32) {
		verify_report(v, VC_OPTYPE, o->loc, "the random bits of 'cvt.rs' are a .b32 register");
		return 1;
	}
	if (sm && !((sm == 100 || sm == 103) && v->m->smsuffix == 'a'))
		verify_report(v, VC_TARGET, verify_modloc(v, in, MOD_RS), "'cvt.rs' is not supported on .target sm_%d%s "
		    "(sm_100a or sm_103a)", sm, v->m->smsuffix ? (char[]){v->m->smsuffix, 0} : "");
	return 0;
}

/* cvt of the packed pairs against cvtpack[]; elsewhere .relu and
 * .satfinite only into .f16/.bf16 from .f32 with .rn or .rz, .rna only to
 * .tf32.  Returns 1 when it reported. */
static int
cvtpacked(Verify *v, Ins *in)
{
	int d = in->ty[0], s = in->ty[1], r = ir_mod_round(in);
	int relu = ir_hasmod(in, MOD_RELU), satf = ir_hasmod(in, MOD_SATFINITE);
	size_t i, n = sizeof cvtpack / sizeof cvtpack[0];

	if (r == MOD_RS || packed4(d) || packed4(s)) {
		if (r != MOD_RS && !packed4(s))
			verify_report(v, VC_MODIFIER, in->loc, "'cvt.%s.%s' needs rounding rs", tyname(d), tyname(s));
		else if (r != MOD_RS)
			verify_report(v, VC_INSTRTYPE, in->loc, "'cvt.%s.%s' is not a conversion PTX has", tyname(d),
			    tyname(s));
		return r != MOD_RS || cvtrs(v, in);
	}
	if (!packedfloat(d) && !packedfloat(s)) {
		int ok = !relu && !satf;
		if (!ok && (d == TY_F16 || d == TY_BF16) && s == TY_F32)
			ok = r == MOD_RN || r == MOD_RZ;
		if (!ok || r == MOD_RNA)
			verify_report(v, VC_MODIFIER, r == MOD_RNA ? verify_modloc(v, in, r) :
			    verify_modloc(v, in, relu ? MOD_RELU : MOD_SATFINITE), "'cvt.%s.%s' cannot take %s", tyname(d), tyname(s),
			    r == MOD_RNA ? ".rna (only cvt.rna.tf32.f32 does)" :
			    ".relu or .satfinite (only .rn/.rz to .f16 or .bf16 from .f32)");
		if (ok && r != MOD_RNA && in->nopnd != 2)
			verify_report(v, VC_OPTYPE, in->loc, "'cvt.%s.%s' takes one source", tyname(d), tyname(s));
		return !ok || r == MOD_RNA || in->nopnd != 2;
	}
	for (i = 0; i < n; i++)
		if (cvtpack[i].d == d && cvtpack[i].s == s && (!r || inlist(cvtpack[i].rnd, r)))
			break;
	if (i == n) {
		for (i = 0; i < n && !(cvtpack[i].d == d && cvtpack[i].s == s); i++)
			;
		if (i == n)
			verify_report(v, VC_INSTRTYPE, in->loc, "'cvt.%s.%s' is not a conversion PTX has", tyname(d),
			    tyname(s));
		else
			verify_report(v, VC_MODIFIER, in->loc, "'cvt.%s.%s' needs rounding %s", tyname(d), tyname(s),
			    cvtpack[i].rnd);
		return 1;
	}
	if (!r) {
		verify_report(v, VC_MODIFIER, in->loc, "'cvt.%s.%s' needs rounding %s", tyname(d), tyname(s),
		    cvtpack[i].rnd);
		return 1;
	}
	if ((relu && !cvtpack[i].relu) || (satf && !cvtpack[i].satf) || (!satf && cvtpack[i].satf == 'r')) {
		verify_report(v, VC_MODIFIER, relu && !cvtpack[i].relu ? verify_modloc(v, in, MOD_RELU) :
		    satf ? verify_modloc(v, in, MOD_SATFINITE) : in->loc, "'cvt.%s.%s' %s .%s", tyname(d), tyname(s),
		    !satf ? "needs" : "cannot take", relu && !cvtpack[i].relu ? "relu" : "satfinite");
		return 1;
	}
	if (in->nopnd != 1 + cvtpack[i].nsrc) {
		verify_report(v, VC_OPTYPE, in->loc, "'cvt.%s.%s' takes %d source%s", tyname(d), tyname(s),
		    cvtpack[i].nsrc, cvtpack[i].nsrc == 1 ? "" : "s");
		return 1;
	}
	packedopnds(v, in);
	/* the target, unless a modifier's own minimum or the .bf16 one
	 * (gate() and halfgate() in target.c) says as much */
	int sm = satf && cvtpack[i].satsm ? cvtpack[i].satsm : cvtpack[i].sm, msm = 0;
	for (int k = 0; k < in->nmod; k++)
		if (in->mod[k] >= NTY && in->mod[k] < NMOD && ir_modinfo[in->mod[k]].sm > msm)
			msm = ir_modinfo[in->mod[k]].sm;
	if ((d == TY_BF16X2 || s == TY_BF16X2) && msm < 80)
		msm = 80;
	if (v->m->sm && v->m->sm < sm && msm < sm)
		verify_report(v, VC_TARGET, in->loc, "'cvt.%s.%s'%s requires .target sm_%d or higher", tyname(d),
		    tyname(s), satf && cvtpack[i].satsm ? " with .satfinite" : "", sm);
	return 0;
}

/* cvt.sat where the conversion can go out of the destination's range
 * ("Illegal modifier '.sat'"): between integers only when the source's
 * range is not inside the destination's (narrowing, a sign change, or
 * .sN to .uN of any width; not .u8 to .s16), and never to or from .bf16,
 * whatever the other side. */
static void
cvtsat(Verify *v, Ins *in)
{
	int d = in->ty[0], s = in->ty[1], ok = 1;

	if (d == TY_BF16 || s == TY_BF16)
		ok = 0;   /* cvt.rn.sat.bf16.f32, cvt.sat.f32.bf16: "Illegal modifier '.sat'" too */
	else if (isint(d) && isint(s)) {
		int ds = verify_kind(d) == TK_SINT, ss = verify_kind(s) == TK_SINT;
		int bd = verify_bits(d), bs = verify_bits(s);
		/* inside: same sign and no narrower, or unsigned into a wider signed */
		ok = !((ds == ss && bd >= bs) || (ds && !ss && bd > bs));
	}
	if (!ok)
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, MOD_SAT), "'cvt.%s.%s' cannot take .sat (%s)", tyname(d), tyname(s),
		    isint(d) && isint(s) ? "every source value fits the destination" : "not with .bf16");
}

static int
cvtpackok(const Ins *in)
{
	int half = in->nty >= 1 && (in->ty[0] == TY_U16 || in->ty[0] == TY_S16);

	if (in->nty < 2 || in->ty[1] != TY_S32)
		return 0;
	if (half)
		return in->nty == 2;
	switch (in->ty[0]) {
	case TY_U2: case TY_S2: case TY_U4: case TY_S4: case TY_U8: case TY_S8:
		return in->nty == 3 && in->ty[2] == TY_B32;
	}
	return 0;
}

static void
required(Verify *v, Ins *in)
{
	int t = in->ty[0];
	const char *tys = ir_opinfo[in->op].types;

	/* an opcode with types takes one ("Unexpected instruction types
	 * specified"): ld, st, add, mov ... written without it; but for
	 * tcgen05.cp the type names a decompression, which is optional */
	if (!in->nty && tys && *tys && in->op != OP_TCGEN05_CP) {
		verify_report(v, VC_INSTRTYPE, in->loc, "'%s' needs a type (.%.*s ...)", ir_opinfo[in->op].name,
		    (int)strcspn(tys, " ,"), tys + (*tys == '.'));
		return;
	}
	/* a result type and a source type, both written (cvt.f32.s32,
	 * set.eq.u32.f32, tex.2d.v4.f32.s32, dp4a.u32.s32) */
	if (in->nty != 2 && (in->op == OP_CVT || in->op == OP_SET || in->op == OP_SLCT || in->op == OP_DP4A ||
	    in->op == OP_DP2A || in->op == OP_TEX || in->op == OP_TLD4)) {
		verify_report(v, VC_INSTRTYPE, in->loc, "'%s' takes two types, the result's and the source's, not %d",
		    ir_opinfo[in->op].name, in->nty);
		return;
	}
	/* slct's selector is an .s32 or an .f32 ("Unexpected instruction
	 * types specified for 'slct'" for slct.b32.b32, "Instruction 'slct'
	 * applies only to signed numeric types" for slct.b32.u32) */
	if (in->op == OP_SLCT && in->ty[1] != TY_S32 && in->ty[1] != TY_F32) {
		verify_report(v, VC_INSTRTYPE, verify_modlast(v, in, in->ty[1]), "'slct.%s.%s': the selector's type is "
		    ".s32 or .f32", tyname(in->ty[0]), tyname(in->ty[1]));
		return;
	}
	/* cvt.pack's forms: .u16/.s16 from two .s32, and the narrower
	 * .u2 .s2 .u4 .s4 .u8 .s8 from two .s32 into a .b32 c ("Unexpected
	 * instruction types specified for 'cvt.pack'" for cvt.pack.sat.u8.s32
	 * or cvt.pack.sat.s32.s32) */
	if (in->op == OP_CVT_PACK && !cvtpackok(in)) {
		verify_report(v, VC_INSTRTYPE, in->loc, "'cvt.pack' takes .u16 or .s16 and .s32, or .u2, .s2, .u4, .s4, "
		    ".u8 or .s8 and .s32 and .b32");
		return;
	}
	/* d, a, b to .u16 or .s16; d, a, b, c (the .b32 whose low bits are
	 * shifted up) to the narrower ones ("Arguments mismatch for
	 * instruction 'cvt.pack'" for either count of the other) */
	if (in->op == OP_CVT_PACK && in->nopnd != (in->nty == 2 ? 3 : 4)) {
		verify_report(v, VC_OPTYPE, in->loc, "'cvt.pack.%s' takes %s operands, not %d", tyname(in->ty[0]),
		    in->nty == 2 ? "three (d, a, b)" : "four (d, a, b, c)", in->nopnd);
		return;
	}

	if ((in->op == OP_MUL || in->op == OP_MAD) && isint(t) &&
	    !ir_hasmod(in, MOD_LO) && !ir_hasmod(in, MOD_HI) && !ir_hasmod(in, MOD_WIDE))
		verify_report(v, VC_MODIFIER, in->loc, "integer '%s.%s' needs .lo, .hi or .wide",
		    ir_opinfo[in->op].name, tyname(t));
	/* ptxas reads mad.cc and madc.cc as names of their own, which take no
	 * .lo or .hi after them: the carry comes last (mad.lo.cc) */
	if (in->op == OP_MAD || in->op == OP_MADC)
		for (int i = 0, cc = 0; i < in->nmod; i++) {
			cc |= in->mod[i] == MOD_CC;
			if (cc && (in->mod[i] == MOD_LO || in->mod[i] == MOD_HI)) {
				verify_report(v, VC_MODIFIER, verify_modloc(v, in, MOD_CC), "'%s' takes .cc after .%s, not before",
				    ir_opinfo[in->op].name, ir_modinfo[in->mod[i]].name);
				break;
			}
		}
	/* st.async and red.async with an mbarrier operand, at cluster scope
	 * or into .shared::cluster say how it is signalled ("Modifier
	 * '.shared::cluster' requires modifier '.completion_mechanism'",
	 * "Modifier '.cluster' requires ..."): with no state space named,
	 * ptxas 13.0 takes st.async [a], v on sm_90 as well */
	if ((in->op == OP_ST_ASYNC || in->op == OP_RED_ASYNC) && (in->nopnd == 3 || ir_hasmod(in, MOD_CLUSTER) ||
	    ir_hasmod(in, MOD_SHARED_CLUSTER)) && !ir_hasmod(in, MOD_MBAR_COMPLETE_TX))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' %s needs .mbarrier::complete_tx::bytes", ir_opinfo[in->op].name,
		    in->nopnd == 3 ? "with an mbarrier operand" : ir_hasmod(in, MOD_CLUSTER) ? "at .cluster scope" :
		    "into .shared::cluster");
	/* st.async stores no vector but to an mbarrier's transaction, its
	 * operand written ("Vector qualifier is not allowed for instruction
	 * 'st.async'" for st.async.mbarrier::complete_tx::bytes.v2 [a], v), a
	 * vector of .vN's size where it is one ("Argument vector size
	 * mismatch"; ptxas 13.0 takes a single register or a vector without
	 * .vN too), and no .b128 ("Unexpected instruction types specified") */
	if (in->op == OP_ST_ASYNC && in->vec > 1 && (!ir_hasmod(in, MOD_MBAR_COMPLETE_TX) || in->nopnd != 3))
		verify_report(v, VC_VECTOR, in->loc, "'st.async.v%d' is the mbarrier form's (.mbarrier::complete_tx::bytes, "
		    "with the mbarrier operand)", in->vec);
	else if (in->op == OP_ST_ASYNC && in->vec > 1 && in->opnd[1].kind == OK_VEC && in->opnd[1].nsub != in->vec)
		verify_report(v, VC_VECTOR, in->opnd[1].loc, "vector of %d elements for a .v%d 'st.async'", in->opnd[1].nsub,
		    in->vec);
	else if (in->op == OP_ST_ASYNC && in->nty == 1 && in->ty[0] == TY_B128)
		verify_report(v, VC_INSTRTYPE, verify_modloc(v, in, TY_B128), "'st.async' does not store .b128");
	/* shf is shf.l or shf.r ("Not a name of any known instruction"), the
	 * direction written first, as part of the name ("Not a name ..." for
	 * shf.wrap.r, "Unknown modifier '.l'" for shf.wrap.l), with one of
	 * .wrap and .clamp ("Clamp modifier required", "Multiple clamp
	 * modifiers specified") */
	if (in->op == OP_SHF && ir_hasmod(in, MOD_L) == ir_hasmod(in, MOD_R))
		verify_report(v, VC_MODIFIER, ir_hasmod(in, MOD_L) ? verify_modloc(v, in, MOD_R) : in->loc,
		    "'shf' needs one direction, .l or .r");
	else if (in->op == OP_SHF && !ir_modbefore(in, ir_hasmod(in, MOD_L) ? MOD_L : MOD_R, MOD_NONE))
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, ir_hasmod(in, MOD_L) ? MOD_L : MOD_R),
		    "'shf' is written shf.l or shf.r: the direction comes first");
	else if (in->op == OP_SHF && !ir_hasmod(in, MOD_WRAP) && !ir_hasmod(in, MOD_CLAMP))
		verify_report(v, VC_MODIFIER, in->loc, "'shf' needs one of .wrap and .clamp");   /* both: modcount.c */
	/* ldmatrix, stmatrix and movmatrix are written in full: ".sync
	 * modifier required", ".aligned ...", "Shape modifier required" and,
	 * but for movmatrix, ".num modifier required" */
	if (in->op == OP_LDMATRIX || in->op == OP_STMATRIX || in->op == OP_MOVMATRIX) {
		const char *miss = !ir_hasmod(in, MOD_SYNC) ? ".sync" : !ir_hasmod(in, MOD_ALIGNED) ? ".aligned" :
		    !ir_hasmod(in, MOD_MN) ? "a shape (.m8n8 ...)" :
		    in->op != OP_MOVMATRIX && !ir_hasmod(in, MOD_XN) ? "a count (.x1, .x2, .x4)" : NULL;
		if (miss)
			verify_report(v, VC_MODIFIER, in->loc, "'%s' needs %s", ir_opinfo[in->op].name, miss);
	}
	/* so are the warp matrix instructions: ".sync modifier required",
	 * ".aligned modifier required", "Shape modifier required".  wmma
	 * came (PTX ISA 6.0) without .aligned, which 6.3 added and made
	 * mandatory: before 6.3 it is refused ("Feature '.aligned modifier
	 * for wmma' requires PTX ISA .version 6.3 or later"); mma came with
	 * 6.4 and always takes it */
	if (in->op == OP_MMA || in->op == OP_MMA_SP || in->op == OP_MMA_SP_ORDERED_METADATA ||
	    in->op == OP_WMMA_LOAD || in->op == OP_WMMA_STORE || in->op == OP_WMMA_MMA) {
		int wmma = in->op == OP_WMMA_LOAD || in->op == OP_WMMA_STORE || in->op == OP_WMMA_MMA;
		int old = wmma && v->m->ver_major * 10 + v->m->ver_minor < 63;
		const char *miss = !ir_hasmod(in, MOD_SYNC) ? ".sync" :
		    !old && !ir_hasmod(in, MOD_ALIGNED) ? ".aligned" :
		    !ir_hasmod(in, MOD_SHAPE) ? "a shape (.m16n8k16 ...)" : NULL;
		if (miss)
			verify_report(v, VC_MODIFIER, in->loc, "'%s' needs %s", ir_opinfo[in->op].name, miss);
		if (old && ir_hasmod(in, MOD_ALIGNED))
			verify_report(v, VC_TARGET, verify_modloc(v, in, MOD_ALIGNED),
			    "'%s.aligned' requires PTX ISA .version 6.3 or later", ir_opinfo[in->op].name);
	}
	/* shfl names its mode ("Shuffle modifier required") */
	if ((in->op == OP_SHFL || in->op == OP_SHFL_SYNC) && !ir_mod_shfl(in))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs a mode (.up, .down, .bfly, .idx)", ir_opinfo[in->op].name);
	/* .ftz is for a conversion with a float side ("Illegal modifier"),
	 * and that side .f32 ("Modifier '.ftz' does not apply to this type
	 * of convert operation": not .f64, .f16 or .bf16 alone) */
	if (in->op == OP_CVT && in->nty == 2 && ir_hasmod(in, MOD_FTZ) && !isfloat(in->ty[0]) && !isfloat(in->ty[1]))
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, MOD_FTZ), "'cvt.ftz' between two integer types");
	/* nor of a packing conversion, nor beside .relu ("Illegal modifier
	 * '.ftz'") or .satfinite ("Modifier '.satfinite' cannot be combined
	 * with modifier '.ftz'"): cvt.rn.ftz.f16.f32 is, cvt.rn.ftz.relu.f16.f32
	 * and cvt.rn.ftz.f16x2.f32 are not */
	else if (in->op == OP_CVT && in->nty == 2 && ir_hasmod(in, MOD_FTZ) &&
	    (packedfloat(in->ty[0]) || packedfloat(in->ty[1]) || ir_hasmod(in, MOD_RELU) || ir_hasmod(in, MOD_SATFINITE)))
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, MOD_FTZ), "'cvt.ftz.%s.%s' cannot take .ftz %s",
		    tyname(in->ty[0]), tyname(in->ty[1]), packedfloat(in->ty[0]) || packedfloat(in->ty[1]) ?
		    "(a packing conversion)" : "with .relu or .satfinite");
	else if (in->op == OP_CVT && in->nty == 2 && ir_hasmod(in, MOD_FTZ) && in->ty[0] != TY_F32 &&
	    in->ty[1] != TY_F32 && (isfloat(in->ty[0]) || isfloat(in->ty[1])))
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, MOD_FTZ), "'cvt.ftz.%s.%s': .ftz applies only where one side is .f32",
		    tyname(in->ty[0]), tyname(in->ty[1]));
	/* txq and suq name what they query ("Query modifier required") */
	if ((in->op == OP_TXQ || in->op == OP_SUQ) && in->nmod == in->nty)
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs a query (.width, .height ...)", ir_opinfo[in->op].name);
	/* tld4 names its component ("Component modifier required"), redux.sync
	 * its operation ("Reduction operation is required"), match and vote
	 * their mode ("'.any' or '.all' modifier required") */
	if (in->op == OP_TLD4 && !ir_hasmod(in, MOD_R) && !ir_hasmod(in, MOD_G) && !ir_hasmod(in, MOD_B) &&
	    !ir_hasmod(in, MOD_A))
		verify_report(v, VC_MODIFIER, in->loc, "'tld4' needs a component (.r, .g, .b or .a)");
	/* match is match.sync from PTX ISA 6.0 on (".sync modifier required") */
	if (in->op == OP_MATCH && !ir_hasmod(in, MOD_SYNC))
		verify_report(v, VC_MODIFIER, in->loc, "'match' needs .sync");
	/* prefetch names its level ("Cache level modifier required"), or the
	 * tensormap it fetches; prefetchu its .L1 */
	if ((in->op == OP_PREFETCH || in->op == OP_PREFETCHU) && !ir_hasmod(in, MOD_L1) && !ir_hasmod(in, MOD_L2) &&
	    !ir_hasmod(in, MOD_L2_EVICT_LAST) && !ir_hasmod(in, MOD_L2_EVICT_NORMAL) && !ir_hasmod(in, MOD_TENSORMAP))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs a cache level (%s)", ir_opinfo[in->op].name,
		    in->op == OP_PREFETCH ? ".L1, .L2, .L2::evict_last or .L2::evict_normal" : ".L1");
	/* a tensormap is in .const or .param space, or generic ("Modifier
	 * '.tensormap' cannot be applied to '.global' space") */
	if (in->op == OP_PREFETCH && ir_hasmod(in, MOD_TENSORMAP) && in->space != SP_NONE && in->space != SP_CONST &&
	    in->space != SP_PARAM)
		verify_report(v, VC_MODIFIER, in->loc, "'prefetch.tensormap' is of generic, .const or .param space");
	if (in->op == OP_REDUX_SYNC && !ir_mod_atomop(in) && !ir_mod_boolop(in))
		verify_report(v, VC_MODIFIER, in->loc, "'redux.sync' needs an operation (.add, .min, .max, .and ...)");
	if ((in->op == OP_MATCH || in->op == OP_VOTE || in->op == OP_VOTE_SYNC) && !ir_mod_vote(in) &&
	    !ir_hasmod(in, MOD_UNI))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs a mode (%s)", ir_opinfo[in->op].name,
		    in->op == OP_MATCH ? ".any or .all" : ".all, .any, .uni or .ballot");
	/* a predicate c goes with a boolean operation, and the operation with
	 * c ("Boolean operation is required", "Arguments mismatch") */
	if ((in->op == OP_SETP || in->op == OP_SET) && (in->nopnd == 4) != (ir_mod_boolop(in) != MOD_NONE))
		verify_report(v, VC_MODIFIER, in->loc, in->nopnd == 4 ? "'%s' with a predicate operand needs .and, .or or .xor" :
		    "'%s.%s' needs a predicate operand to combine with", ir_opinfo[in->op].name,
		    ir_modinfo[ir_mod_boolop(in)].name);
	if ((in->op == OP_SETP || in->op == OP_SET) && !ir_mod_cmp(in))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs a comparison (.eq, .lt, ...)", ir_opinfo[in->op].name);
	/* setp of a scalar .f16 or .bf16 writes one predicate: the pair p|q
	 * is the packed types' (ptxas 13.0: "Predicate output not allowed
	 * for instruction 'setp'"), where every other type writes p|q */
	if (in->op == OP_SETP && in->nty == 1 && (in->ty[0] == TY_F16 || in->ty[0] == TY_BF16) && in->nopnd >= 1 &&
	    in->opnd[0].kind == OK_PAIR && in->opnd[0].nsub == 2 && in->opnd[0].sub[1].kind != OK_SINK)
		verify_report(v, VC_OPTYPE, in->opnd[0].loc, "'setp.%s' writes one predicate; p|q is .%sx2's",
		    tyname(in->ty[0]), tyname(in->ty[0]));
	/* the surface instructions are named with their .b or .p (suld.b,
	 * sust.p, sured.b), written first ("Not a name of any known
	 * instruction: 'sust'" without it or after another word), and take a
	 * geometry ("Geometry modifier required") and a clamp mode ("Clamp
	 * modifier required"); sured an operation too ("Illegal operation
	 * '(null)'") */
	int su = in->op == OP_SULD || in->op == OP_SUST || in->op == OP_SURED;
	ModId subp = ir_hasmod(in, MOD_B) ? MOD_B : in->op != OP_SULD && ir_hasmod(in, MOD_P) ? MOD_P : MOD_NONE;
	if (su && subp == MOD_NONE)
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs .b%s", ir_opinfo[in->op].name,
		    in->op != OP_SULD ? " or .p" : "");
	else if (su && !ir_modbefore(in, subp, MOD_NONE))
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, subp), "'%s' is written %s.%s: .%s comes first",
		    ir_opinfo[in->op].name, ir_opinfo[in->op].name, ir_modinfo[subp].name, ir_modinfo[subp].name);
	else if (su && !ir_hasmod(in, MOD_1D) && !ir_hasmod(in, MOD_2D) &&
	    !ir_hasmod(in, MOD_3D) && !ir_hasmod(in, MOD_A1D) && !ir_hasmod(in, MOD_A2D))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs a geometry (.1d, .2d, .3d%s)",
		    ir_opinfo[in->op].name, in->op == OP_SURED ? "" : ", .a1d, .a2d");
	else if (su && !ir_hasmod(in, MOD_TRAP) && !ir_hasmod(in, MOD_CLAMP) && !ir_hasmod(in, MOD_ZERO))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs a clamp mode (.trap, .clamp, .zero)",
		    ir_opinfo[in->op].name);
	else if (in->op == OP_SURED && !ir_hasmod(in, MOD_ADD) && !ir_hasmod(in, MOD_MIN) && !ir_hasmod(in, MOD_MAX) &&
	    !ir_hasmod(in, MOD_AND) && !ir_hasmod(in, MOD_OR))
		verify_report(v, VC_MODIFIER, in->loc, "'sured' needs an operation (.add, .min, .max, .and, .or)");
	if ((in->op == OP_TEX || in->op == OP_TLD4) && !verify_geometry(in, &(const char *){NULL}) &&
	    !ir_hasmod(in, MOD_2DMS) && !ir_hasmod(in, MOD_A2DMS))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs a geometry (.1d, .2d, .3d, .a1d, .a2d, .cube ...)",
		    ir_opinfo[in->op].name);
	if ((in->op == OP_TEX || in->op == OP_TLD4) && in->vec == 1)
		verify_report(v, VC_VECTOR, in->loc, "'%s' needs a vector result (.v4%s)", ir_opinfo[in->op].name,
		    in->op == OP_TEX ? " or .v2" : "");
	if (in->op == OP_LD && ir_hasmod(in, MOD_NC) && in->space != SP_GLOBAL)
		verify_report(v, VC_MODIFIER, in->loc, "'ld.nc' needs the .global state space");
	if ((in->op == OP_ATOM || in->op == OP_RED) && !ir_hasmod(in, MOD_AND) && !ir_hasmod(in, MOD_OR) &&
	    !ir_hasmod(in, MOD_XOR) && !ir_hasmod(in, MOD_CAS) && !ir_hasmod(in, MOD_EXCH) && !ir_hasmod(in, MOD_ADD) &&
	    !ir_hasmod(in, MOD_INC) && !ir_hasmod(in, MOD_DEC) && !ir_hasmod(in, MOD_MIN) && !ir_hasmod(in, MOD_MAX))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs an operation (.add, .cas, .exch, .min ...)",
		    ir_opinfo[in->op].name);
	if (in->op == OP_ISSPACEP && in->space == SP_NONE)
		verify_report(v, VC_MODIFIER, in->loc, "'isspacep' needs a state space (.global, .shared, .local ...)");
	if (in->op == OP_CVTA && in->space == SP_NONE)
		verify_report(v, VC_MODIFIER, in->loc, "'cvta' needs a state space (.global, .shared, .local, .const, .param)");
	if ((in->op == OP_MUL24 || in->op == OP_MAD24) &&
	    !ir_hasmod(in, MOD_LO) && !ir_hasmod(in, MOD_HI))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs .lo or .hi", ir_opinfo[in->op].name);
	/* mad.hi.sat, mad24.hi.sat and madc.hi.sat write .sat after .hi ("Unexpected
	 * instruction types specified for 'mad'" for mad.sat.hi.s32, "Not a
	 * name of any known instruction: 'mad24'" for mad24.sat.hi) */
	else if ((in->op == OP_MAD || in->op == OP_MAD24 || in->op == OP_MADC) && ir_hasmod(in, MOD_SAT) &&
	    ir_hasmod(in, MOD_HI) && ir_modbefore(in, MOD_SAT, MOD_HI))
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, MOD_SAT), "'%s' takes .sat after .hi, not before",
		    ir_opinfo[in->op].name);
	/* div.full is written before .ftz (div.ftz.full.f32: "Unknown
	 * modifier '.full'"); .approx goes either side of it */
	if (in->op == OP_DIV && ir_hasmod(in, MOD_FULL) && ir_hasmod(in, MOD_FTZ) && ir_modbefore(in, MOD_FTZ, MOD_FULL))
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, MOD_FULL), "'div' takes .full before .ftz, not after");
	/* a conversion of scalars: "Vector operand is not allowed for
	 * instruction 'cvt'" */
	if (in->op == OP_CVT && in->nty == 2 && !packedfloat(in->ty[0]) && !packedfloat(in->ty[1]))
		for (int i = 0; i < in->nopnd; i++)
			if (in->opnd[i].kind == OK_VEC) {
				verify_report(v, VC_VECTOR, in->opnd[i].loc, "vector operand %d: 'cvt.%s.%s' takes none",
				    i + 1, tyname(in->ty[0]), tyname(in->ty[1]));
				return;
			}
	/* a second source is for the packing conversions alone (cvtpacked) */
	if (in->op == OP_CVT && in->nty == 2 && !(isfloat(in->ty[0]) && isfloat(in->ty[1])) &&
	    !packedfloat(in->ty[0]) && !packedfloat(in->ty[1]) && in->nopnd != 2)
		verify_report(v, VC_OPTYPE, in->loc, "'cvt.%s.%s' takes one source", tyname(in->ty[0]), tyname(in->ty[1]));
	else if (in->op == OP_CVT && in->nty == 2 && ((isfloat(in->ty[0]) && isfloat(in->ty[1])) ||
	    packedfloat(in->ty[0]) || packedfloat(in->ty[1])) && cvtpacked(v, in))
		return;
	/* .relu and .satfinite are of the float conversions alone: with an
	 * integer on either side ptxas finds no such cvt */
	if (in->op == OP_CVT && in->nty == 2 && (isint(in->ty[0]) || isint(in->ty[1])) &&
	    (ir_hasmod(in, MOD_RELU) || ir_hasmod(in, MOD_SATFINITE))) {
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, ir_hasmod(in, MOD_RELU) ? MOD_RELU : MOD_SATFINITE),
		    "'cvt.%s.%s' cannot take .%s (a conversion between floats only)",
		    tyname(in->ty[0]), tyname(in->ty[1]), ir_hasmod(in, MOD_RELU) ? "relu" : "satfinite");
		return;
	}
	if (in->op == OP_CVT && in->nty == 2 && ir_mod_round(in))
		cvtround(v, in);
	if (in->op == OP_CVT && in->nty == 2 && ir_hasmod(in, MOD_SAT))
		cvtsat(v, in);
	if (in->op == OP_CVT && in->nty == 2 && !ir_mod_round(in)) {
		int d = in->ty[0], s = in->ty[1];
		int need = (isfloat(d) && isint(s)) || (isint(d) && isfloat(s)) ||
		    (isfloat(d) && isfloat(s) && verify_bits(d) < verify_bits(s));
		/* the narrow float formats (e4m3 ...) are packed and not listed as float */
		if (need && d != TY_TF32 && s != TY_TF32)
			verify_report(v, VC_MODIFIER, in->loc,
			    "'cvt.%s.%s' needs a rounding modifier (%s)", tyname(d), tyname(s),
			    isint(d) ? ".rni, .rzi, .rmi or .rpi" : ".rn, .rz, .rm or .rp");
	}
}

/* The register of vector element o, or NULL (an immediate, a sink, a selector). */
const Sym *
verify_elemreg(const Opnd *o)
{
	return o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG && o->sel == SEL_NONE &&
	    o->sym->type != TY_PRED ? o->sym : NULL;
}

/* mov of a variable's address (ptxas 13.0): a texture, sampler or surface
 * reference only as .u64 ("Indirect access to surface requires .u64
 * type"), any other variable in an integer or .b type, not a float or
 * predicate one ("Arguments mismatch").  Functions are let be (a
 * warning of ptxas). */
static void
movsym(Verify *v, Ins *in)
{
	const Opnd *o = &in->opnd[1];
	const Sym *s = o->sym;
	int t = in->ty[0];

	if (in->op != OP_MOV || in->nty != 1 || in->nopnd != 2 || o->kind != OK_SYM || !s || s->kind != SYM_VAR)
		return;
	if (s->opaque && t != TY_U64)
		verify_report(v, VC_OPTYPE, o->loc, "'mov.%s' of the .%s '%s': a reference is taken only as .u64",
		    tyname(t), s->opaque == 1 ? "texref" : s->opaque == 2 ? "samplerref" : "surfref", s->name);
	else if (isfloat(t) || t == TY_PRED)
		verify_report(v, VC_OPTYPE, o->loc, "'mov.%s' of the address of '%s': an address is an integer",
		    tyname(t), s->name);
}

/* mov packing registers into one value or unpacking it: a .bN type and
 * elements of N bits in all ("Arguments mismatch"). */
static void
movpack(Verify *v, Ins *in)
{
	const Opnd *x, *y;
	const char *t = in->nty == 1 ? tyname(in->ty[0]) : "";

	/* a literal unpacked: as a single operand of the type (0f... is 32
	 * bits, so not for a .b64) */
	if (in->nty == 1 && in->nopnd == 2 && in->opnd[0].kind == OK_VEC &&
	    (in->opnd[1].kind == OK_IMM || in->opnd[1].kind == OK_FIMM))
		verify_immediate(v, in, &in->opnd[1], in->ty[0]);
	/* one side packs, the other is one value: a vector on both sides is
	 * no mov ("Illegal vector-vector operands for vector-scalar or
	 * scalar-vector mov instruction") */
	if (in->nopnd == 2 && in->opnd[0].kind == OK_VEC && in->opnd[1].kind == OK_VEC) {
		verify_report(v, VC_VECTOR, in->opnd[1].loc, "'mov' with a vector on both sides; one side is a single value");
		return;
	}
	for (int i = 0; i < in->nopnd && in->nty == 1; i++) {
		Opnd *o = &in->opnd[i];
		const Sym *other = in->nopnd == 2 ? verify_elemreg(&in->opnd[1 - i]) : NULL;
		int all = 0, known = 1;
		if (o->kind != OK_VEC || verify_vecmix(o, &x, &y) || !veckinds(v, in, o, in->ty[0]) || !predvec(v, in, o))
			continue;
		for (int k = 0; k < o->nsub; k++)
			if (verify_elemreg(&o->sub[k]))
				all += verify_bits(verify_elemreg(&o->sub[k])->type);
			else
				known = 0;  /* a sink or an immediate: its width is the others' */
		if (verify_kind(in->ty[0]) != TK_BIT)
			verify_report(v, VC_OPTYPE, o->loc,
			    "'mov.%s' cannot pack or unpack a vector; that takes a .b type", t);
		else if (known && all != verify_bits(in->ty[0]))
			verify_report(v, VC_OPTYPE, o->loc, "a vector of %d bits in all for 'mov.%s'", all, t);
		else if (in->nopnd == 2 && in->opnd[1 - i].kind == OK_REG && in->opnd[1 - i].sym &&
		    in->opnd[1 - i].sym->kind == SYM_REG && in->opnd[1 - i].sym->type == TY_PRED)
			verify_report(v, VC_OPTYPE, in->opnd[1 - i].loc,
			    "operand %d of 'mov.%s' is predicate '%s'; a predicate is not packed or unpacked", 2 - i, t,
			    in->opnd[1 - i].sym->name);
		else if (other && verify_bits(other->type) != verify_bits(in->ty[0]))
			verify_report(v, VC_OPTYPE, in->opnd[1 - i].loc,
			    "operand %d of 'mov.%s' is register '%s' of type .%s", 2 - i, t, other->name,
			    tyname(other->type));
	}
}

static void
vectors(Verify *v, Ins *in)
{
	int di;

	if (in->op == OP_MOV) {
		movpack(v, in);
		movsym(v, in);
	}
	/* atom and red without .vN take no vector ("Vector is not expected") */
	for (int i = 0; (in->op == OP_ATOM || in->op == OP_RED) && in->vec <= 1 && i < in->nopnd; i++)
		if (in->opnd[i].kind == OK_VEC) {
			verify_report(v, VC_VECTOR, in->opnd[i].loc, "a vector in '%s' without .v2, .v4 or .v8",
			    ir_opinfo[in->op].name);
			break;
		}
	/* atom and red .v2/.v4/.v8: the values are vectors of that size
	 * ("Argument vector size mismatch") */
	for (int i = 0; (in->op == OP_ATOM || in->op == OP_RED) && in->vec > 1 && i < in->nopnd; i++) {
		const Opnd *o = &in->opnd[i];
		if (o->kind == OK_VEC && o->nsub != in->vec)
			verify_report(v, VC_VECTOR, o->loc, "vector of %d elements for a .v%d '%s'", o->nsub, in->vec,
			    ir_opinfo[in->op].name);
		else if (o->kind == OK_REG && !(ir_hasmod(in, MOD_L2_CACHE_HINT) && i == in->nopnd - 1))
			verify_report(v, VC_VECTOR, o->loc, "a .v%d '%s' needs a vector of %d registers here", in->vec,
			    ir_opinfo[in->op].name, in->vec);
	}
	/* the value of ld and st, and of multimem.ld_reduce, .st and .red, is
	 * a vector of .vN's size ("Vector of size 4 is expected for argument 1
	 * of instruction 'multimem.st'", "Argument vector size mismatch") */
	switch (in->op) {
	case OP_LD: case OP_LDU: case OP_MULTIMEM_LD_REDUCE: di = 0; break;
	case OP_ST: case OP_MULTIMEM_ST: case OP_MULTIMEM_RED: di = 1; break;
	default: return;
	}
	if (di >= in->nopnd)
		return;
	Opnd *o = &in->opnd[di];
	if (in->vec > 1 && o->kind != OK_VEC)
		verify_report(v, VC_VECTOR, o->loc, "'.v%d' access needs a vector of %d registers", in->vec, in->vec);
	else if (o->kind == OK_VEC && in->vec <= 1 && o->nsub != 1)
		verify_report(v, VC_VECTOR, o->loc, "a vector in '%s' without .v2, .v4 or .v8", ir_opinfo[in->op].name);
	else if (o->kind == OK_VEC && o->nsub != in->vec)
		verify_report(v, VC_VECTOR, o->loc, "vector of %d elements for a .v%d access", o->nsub, in->vec);
	if (in->op != OP_LD && in->op != OP_ST && in->op != OP_LDU)
		return;
	/* 256-bit accesses (.v8.b32, .v4.b64): PTX ISA 8.8, sm_100, .global only */
	if (in->nty == 1 && in->vec * verify_bits(in->ty[0]) > 128) {
		int ver = v->m->ver_major * 10 + v->m->ver_minor;
		if (ver < 88)
			verify_report(v, VC_TARGET, in->loc, "a 256-bit '%s' requires PTX ISA .version 8.8 or later",
			    ir_opinfo[in->op].name);
		if (v->m->sm && v->m->sm < 100)
			verify_report(v, VC_TARGET, in->loc, "a 256-bit '%s' requires .target sm_100 or higher",
			    ir_opinfo[in->op].name);
		if (in->space != SP_GLOBAL)
			verify_report(v, VC_SPACE, in->loc, "a 256-bit '%s' needs the .global state space",
			    ir_opinfo[in->op].name);
	}
}

/* ---------------------------------------------------------------- special registers
 *
 * ptxas reads a special register with mov, or as the source of an integer
 * cvt, and nowhere else ("Special register argument not allowed").  mov
 * takes it at its own width in an integer or .b type: %tid, %ntid, %ctaid
 * and %nctaid also in 16 bits (their PTX 1.x width), %gridid in 16, 32 or
 * 64, %is_explicit_cluster only as a .pred; cvt takes it where its source
 * type is no wider than the register (ptxas 13.0, every register tried).
 */

/* Bit 1 << (w / 16) for each width w that mov accepts (1: predicate). */
static unsigned
sregwidths(const Sym *s)
{
	static const char *const half[] = { "%tid", "%ntid", "%ctaid", "%nctaid" };

	if (strcmp(s->name, "%gridid") == 0)
		return 1u << 1 | 1u << 2 | 1u << 4;
	for (size_t k = 0; k < sizeof half / sizeof half[0]; k++)
		if (strcmp(s->name, half[k]) == 0)
			return 1u << 1 | 1u << 2;
	if (s->type == TY_PRED)
		return 1;
	return 1u << (verify_bits(s->type) / 16);
}

static void
sregs(Verify *v, Ins *in)
{
	const char *op = ir_opinfo[in->op].name;

	for (int i = 0; i < in->nopnd; i++) {
		const Opnd *o = &in->opnd[i];
		const Sym *s = o->kind == OK_REG && o->sym && o->sym->kind == SYM_SREG ? o->sym : NULL;
		int t = in->ty[in->op == OP_CVT ? 1 : 0], k = verify_kind(t);
		unsigned w;
		if (!s || in->nty < 1)
			continue;
		w = sregwidths(s);
		if (in->op == OP_MOV && i == 1 && in->nty == 1) {
			int b = t == TY_PRED ? 0 : verify_bits(t) / 16;
			if ((k != TK_BIT && k != TK_UINT && k != TK_SINT && t != TY_PRED) || !(w >> b & 1))
				verify_report(v, VC_OPTYPE, o->loc, "special register '%s' cannot be moved as .%s%s",
				    s->name, tyname(t), w == 1 ? " (it is a .pred)" :
				    w & 1u << 4 ? (w & 1u << 2 ? "" : " (it is 64-bit)") :
				    w & 1u << 1 ? " (it is 16 or 32-bit)" : " (it is 32-bit)");
		} else if (in->op == OP_CVT && i == 1 && in->nty == 2 && isint(in->ty[0]) && isint(t)) {
			if (verify_bits(t) > (w & 1u << 4 ? 64 : 32))
				verify_report(v, VC_OPTYPE, o->loc, "special register '%s' is narrower than .%s",
				    s->name, tyname(t));
		} else {
			verify_report(v, VC_OPTYPE, o->loc, "special register argument not allowed for instruction '%s'%s",
			    op, in->op == OP_CVT ? " (only an integer cvt reads one)" : " (mov it into a register first)");
		}
	}
}

/* A sink '_' is a destination: as a source, or inside a source vector or
 * an address's coordinates, ptxas refuses it ("Sink '_' not allowed as a
 * source operand", "Unable to infer type of vector elements"). */
static const Opnd *
sinkin(const Opnd *o)
{
	const Opnd *r;

	if (o->kind == OK_SINK)
		return o;
	if (o->kind == OK_VEC || o->kind == OK_ADDR)
		for (int k = 0; k < o->nsub; k++)
			if ((r = sinkin(&o->sub[k])))
				return r;
	return NULL;
}

/* Whether the whole result may be the sink '_': ptxas 13.0 takes it on
 * setp, lop3, atom and mbarrier.arrive(_drop) alone ("Result discard mode is
 * not allowed for instruction 'add'", 'ld', 'mov', 'cvt', 'suld', 'redux',
 * 'mbarrier.test_wait' ...).  The tensor-core loads are tensor.c's (ptxas
 * crashes on a sink there). */
static int
sinkresult(int op)
{
	switch (op) {
	case OP_SETP: case OP_LOP3: case OP_ATOM: case OP_MBARRIER_ARRIVE: case OP_MBARRIER_ARRIVE_DROP:
		return 1;
	}
	return ir_opinfo[op].vrule == VR_TENSOR;
}

static void
sinks(Verify *v, Ins *in)
{
	const Opnd *o;

	/* a result vector of sinks alone has no element type to go by
	 * ("Unable to infer type of vector elements"), and a surface load
	 * discards no whole result ("Result discard mode is not allowed") */
	if (in->ndst >= 1 && in->nopnd >= 1 && (o = &in->opnd[0])->kind == OK_VEC && o->nsub > 0) {
		int k = 0;
		while (k < o->nsub && o->sub[k].kind == OK_SINK)
			k++;
		if (k == o->nsub)
			verify_report(v, VC_OPTYPE, o->loc, "a result vector of '%s' all of sinks '_'", ir_opinfo[in->op].name);
	} else if (in->ndst >= 1 && in->nopnd >= 1 && in->opnd[0].kind == OK_SINK && !sinkresult(in->op))
		verify_report(v, VC_OPTYPE, in->opnd[0].loc, "'%s' cannot discard its result with '_'", ir_opinfo[in->op].name);

	for (int i = in->ndst; i < in->nopnd; i++) {
		const Opnd *s = &in->opnd[i];
		/* mov.b32 packs halves or bytes with a sink for some of them
		 * (not all: "Unable to infer type"), which ptxas fills with zeros
		 * (sm_90 SASS: PRMT R, R0, 0x5410, RZ); mov.b64 and .b16 packs
		 * take none ("Sink '_' not allowed as a source operand") */
		if (in->op == OP_MOV && s->kind == OK_VEC && in->nty == 1 && verify_bits(in->ty[0]) == 32 &&
		    (s->nsub == 2 || s->nsub == 4)) {
			int k = 0;
			while (k < s->nsub && s->sub[k].kind == OK_SINK)
				k++;
			if (k < s->nsub)
				continue;
		}
		/* a bare sink where mov, cvt or cvta read: ptxas's parser
		 * refuses it ("Parsing error near '_'") */
		if ((strchr("rRvpmi", verify_shape(in->op, i)) || s->kind == OK_VEC ||
		    (s->kind == OK_SINK && (in->op == OP_MOV || in->op == OP_CVT || in->op == OP_CVTA))) && (o = sinkin(s))) {
			verify_report(v, VC_OPTYPE, o->loc, "sink '_' as a source operand of '%s'", ir_opinfo[in->op].name);
			return;
		}
	}
}

static void
check(Verify *v, const Accept *ac, Ins *in)
{
	const OpInfo *oi = &ir_opinfo[in->op];
	unsigned mixed = 0;     /* operands whose vector registers disagree (reported once) */

	for (int i = 0; i < in->nmod; i++) {
		int id = in->mod[i];
		if (id <= 0 || id >= NMOD)
			continue;
		if (id < NTY) {
			if (!accepts(ac, in->op, id))
				verify_report(v, VC_INSTRTYPE, verify_modat(v, in, i), "'%s' does not take type .%s", oi->name, tyname(id));
		} else if (ir_modinfo[id].cls != MC_SPACE && !accepts(ac, in->op, id) &&
		    !(in->op == OP_TEX && id == MOD_UNI) && !(id == MOD_SYNC && verify_namesync(oi->name))) {
			/* ptxas takes (and ignores) tex.uni, and .sync again after
			 * a name that has it (bar.sync.sync, shfl.sync.sync) */
			verify_report(v, VC_MODIFIER, verify_modat(v, in, i), "'%s' does not take modifier .%s", oi->name,
			    in->modtext[i] ? in->modtext[i] : ir_modinfo[id].name);
		}
	}
	if (in->guard) {
		/* ptxas: "Predicate expression expected" */
		const Opnd *g = in->guard->kind == OK_NOT ? &in->guard->sub[0] : in->guard;
		if (g->kind == OK_REG && g->sym && g->sym->kind == SYM_REG && g->sym->type != TY_PRED)
			verify_report(v, VC_OPTYPE, g->loc, "guard '%s' is a .%s register, not a predicate",
			    g->sym->name, tyname(g->sym->type));
	}
	verify_spaces(v, ac, in);
	verify_immfields(v, in);
	sinks(v, in);
	verify_modrules(v, ac, in);
	sregs(v, in);
	verify_ldstorder(v, in);
	required(v, in);
	settypes(v, in);
	compare(v, in);
	isspacep(v, in);
	dpops(v, in);
	barops(v, in);
	warppair(v, in);
	qcancel(v, in);
	vectors(v, in);
	kinds(v, in);
	for (int i = 0; i < in->nopnd && i < 32; i++) {
		Opnd *o = &in->opnd[i];
		/* a texture result's registers are texresult()'s */
		if (!(i == 0 && (in->op == OP_TEX || in->op == OP_TLD4)) && verify_mixed(v, in, o))
			mixed |= 1u << i;
		if (o->kind == OK_ADDR && o->addrlist && in->op != OP_TEX && in->op != OP_TLD4)
			for (int k = 0; k < o->nsub; k++)
				verify_mixed(v, in, &o->sub[k]);
	}
	verify_families(v, in);
	for (int i = 0; i < in->nopnd; i++) {
		int wider, t = expect(in, i, &wider);
		if (t && (in->op == OP_ATOM || in->op == OP_RED) && !accepts(ac, in->op, t))
			continue;   /* a type it does not take is reported already */
		if (t == TY_U32 && in->opnd[i].kind == OK_REG && in->opnd[i].sym && in->opnd[i].sym->kind == SYM_REG &&
		    in->opnd[i].sym->type == TY_F16X2 && fixedu32(in, i)) {
			verify_report(v, VC_OPTYPE, in->opnd[i].loc,
			    "'%s' is .f16x2, but this operand of '%s' is a .u32 whatever the instruction's type (ptxas takes a .f16x2 register only where the instruction's own type is)",
			    in->opnd[i].sym->name, ir_opinfo[in->op].name);
			continue;
		}
		if (t && !(i < 32 && (mixed >> i & 1)))
			operand(v, in, &in->opnd[i], t, wider, i, 0);
	}
}

/*
 * The accepted types and modifiers of every opcode, read from the table's
 * strings (ir_opinfo, modrule.c's rows): the same for every module, so built
 * once a process on first use, then only read.  Built per module they were
 * about a third of the checks' time on small modules (80 KB zeroed, 13,000
 * strcmp of the rules' opcode names, the table's words looked up; the
 * differential tester's replay loads 800,000 modules).  What they hold does
 * not change: tests/lint.test and tests/diff.test check the findings.
 */
static unsigned char accept_ty[NOP * NTY], accept_mod[NOP * NMOD];
static unsigned accept_cls[NOP];
static int accept_rule0[NOP], accept_rule1[NOP];
static Accept accepted;
static ir_once_t accept_built = IR_ONCE_INIT;

static void
accept_build(void)
{
	Accept *ac = &accepted;

	ac->ty = accept_ty;
	ac->mod = accept_mod;
	ac->cls = accept_cls;
	ac->rule0 = accept_rule0;
	ac->rule1 = accept_rule1;
	ac->rule = verify_rules();
	verify_ruleinit(ac);
	for (int op = 0; op < NOP; op++) {
		words(ir_opinfo[op].types, op, ac, 1);
		words(ir_opinfo[op].mods, op, ac, 0);
	}
}

void
verify_types(Verify *v)
{
	ir_once(&accept_built, accept_build);
	for (int f = 0; f < v->m->nfn; f++) {
		Func *fn = v->m->fn[f];
		if (!fn->hasbody)
			continue;
		for (int i = 0; i < fn->nins; i++)
			check(v, &accepted, fn->ins[i]);
	}
}

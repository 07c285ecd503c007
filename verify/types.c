/*
 * types.c — instruction types, modifiers and operands against the opcode
 * table (ir/ops.def).
 *
 * These are the checks ptxas does itself, mostly reported by it as
 * "Arguments mismatch for instruction 'add'" without naming the operand;
 * here each finding points at the operand.  What is checked:
 *
 *  - the instruction types are among those the opcode accepts
 *    (ir_opinfo[op].types) and the modifiers among its modifiers (.mods;
 *    state spaces are left to space.c, which knows their rules);
 *  - required modifiers: cvt between float and integer, or to a narrower
 *    float, needs a rounding mode; integer mul/mad need .lo, .hi or .wide;
 *  - setp/set comparisons against the type: bit types compare only with
 *    eq/ne, the unsigned-only lo/ls/hi/hs and the unordered float ones
 *    (equ, nan, ...) only where they mean something;
 *  - register operands against the instruction type, with PTX's relaxed
 *    rules: a .bN register fits any N-bit type, .uN/.sN registers fit the
 *    integer types of that size, float registers only float (and .b)
 *    instructions; ld, st and cvt accept wider registers for narrow values;
 *  - immediates: an integer literal in a float operand is an error, a value
 *    that does not fit an integer type is truncated silently by ptxas (a
 *    warning here);
 *  - operand kinds by shape letter: `i` immediate only, `R` register only,
 *    `p` a predicate; a predicate anywhere else is an error;
 *  - vector operands: the element count must be the .vN of the instruction.
 *
 * Only opcodes whose operand typing is plain are type-checked operand by
 * operand; tensor-core, texture and video instructions are left alone
 * rather than guessed at.
 */
#include <string.h>
#include "verify.h"

/* Per opcode: accepted types and modifiers, from the table's strings. */
typedef struct {
	unsigned char *ty;      /* NOP * NTY */
	unsigned char *mod;     /* NOP * NMOD */
	unsigned *cls;          /* NOP: accepted classes, 1 << MC_* */
} Accept;

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

static int
accepts(const Accept *ac, int op, int id)
{
	if (id < NTY)
		return ac->ty[op * NTY + id] || ac->mod[op * NMOD + id];
	return ac->mod[op * NMOD + id] || (ac->cls[op] >> ir_modinfo[id].cls & 1);
}

static const char *
tyname(int ty)
{
	return ty > 0 && ty < NTY ? ir_tyinfo[ty].name : "?";
}

static int
isfloat(int ty)
{
	return verify_kind(ty) == TK_FLOAT;
}

static int
isint(int ty)
{
	int k = verify_kind(ty);
	return k == TK_UINT || k == TK_SINT;
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
	if (ib != rb)
		return wider && rb > ib;
	switch (ik) {
	case TK_UINT: case TK_SINT:
		return rk == TK_BIT || rk == TK_UINT || rk == TK_SINT;
	case TK_FLOAT:
		return rk == TK_BIT || rk == TK_FLOAT;
	}
	return 1;
}

static void operand(Verify *v, Ins *in, Opnd *o, int ity, int wider, int idx);

/* The expected type of operand i, or 0 when it is not checked here.
 * *wider: a register wider than the type is allowed. */
static int
expect(Ins *in, int i, int *wider)
{
	int t = in->ty[0], wide = verify_hasmod(in, "wide");

	*wider = 0;
	switch (in->op) {
	case OP_ADD: case OP_SUB: case OP_MIN: case OP_MAX: case OP_AND: case OP_OR:
	case OP_XOR: case OP_NOT: case OP_CNOT: case OP_NEG: case OP_ABS: case OP_DIV:
	case OP_REM: case OP_SAD: case OP_FMA: case OP_SQRT: case OP_RCP: case OP_RSQRT:
	case OP_SIN: case OP_COS: case OP_LG2: case OP_EX2: case OP_TANH: case OP_COPYSIGN:
	case OP_ADDC: case OP_SUBC: case OP_MADC: case OP_MUL24: case OP_MAD24:
		if (in->nty != 1)
			return 0;
		return t;
	case OP_MUL: case OP_MAD:
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
	case OP_SETP:
		return in->nty == 1 && (i == 1 || i == 2) ? t : 0;
	case OP_SELP:
		return in->nty == 1 && i <= 2 ? t : 0;
	case OP_SHL: case OP_SHR:
		if (in->nty != 1)
			return 0;
		return i == 2 ? TY_U32 : t;
	case OP_MOV:
		if (in->nty != 1 || in->nopnd != 2 || in->opnd[0].kind != OK_REG)
			return 0;
		if (in->opnd[1].kind == OK_REG && in->opnd[1].sym && in->opnd[1].sym->kind != SYM_REG)
			return 0;
		return in->opnd[1].kind == OK_REG || in->opnd[1].kind == OK_IMM || in->opnd[1].kind == OK_FIMM ? t : 0;
	case OP_CVT:
		if (in->nty != 2 || in->nopnd != 2)
			return 0;
		for (int k = 0; k < 2; k++)
			if (!isint(in->ty[k]) && !isfloat(in->ty[k]))
				return 0;
		if (in->ty[0] == TY_TF32 || in->ty[1] == TY_TF32)
			return 0;
		*wider = 1;
		return in->ty[i == 0 ? 0 : 1];
	case OP_LD: case OP_LDU:
		*wider = !isfloat(t);
		return in->nty == 1 && i == 0 && t != TY_B128 ? t : 0;
	case OP_ST:
		*wider = !isfloat(t);
		return in->nty == 1 && i == 1 && t != TY_B128 ? t : 0;
	}
	return 0;
}

static void
immediate(Verify *v, Ins *in, Opnd *o, int ity)
{
	int k = verify_kind(ity), b = verify_bits(ity);

	if (o->kind == OK_IMM && k == TK_FLOAT) {
		verify_report(v, VC_OPTYPE, o->loc,
		    "integer literal where '%s' expects a .%s value (write it as a float, e.g. 0f...)",
		    ir_opinfo[in->op].name, tyname(ity));
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

static void
operand(Verify *v, Ins *in, Opnd *o, int ity, int wider, int idx)
{
	switch (o->kind) {
	case OK_REG:
		if (o->sym && o->sym->kind == SYM_REG && o->sel == SEL_NONE &&
		    !compatible(ity, o->sym->type, wider))
			verify_report(v, VC_OPTYPE, o->loc,
			    "operand %d of '%s.%s' is register '%s' of type .%s%s", idx + 1,
			    ir_opinfo[in->op].name, tyname(ity), o->sym->name, tyname(o->sym->type),
			    verify_bits(o->sym->type) != verify_bits(ity) && o->sym->type != TY_PRED ?
			    " (wrong width)" : "");
		break;
	case OK_IMM: case OK_FIMM:
		immediate(v, in, o, ity);
		break;
	case OK_VEC:
		for (int k = 0; k < o->nsub; k++)
			operand(v, in, &o->sub[k], ity, wider, idx);
		break;
	}
}

/* Predicates only in p/D slots; registers and immediates where the shape says. */
static void
kinds(Verify *v, Ins *in)
{
	unsigned fl = ir_opinfo[in->op].flags;

	if (fl & (OF_CALL | OF_TEX))
		return;
	for (int i = 0; i < in->nopnd; i++) {
		Opnd *o = &in->opnd[i];
		char s = verify_shape(in->op, i);
		int pred = o->kind == OK_REG && o->sym && o->sym->type == TY_PRED;
		if (s == 'i' && o->kind == OK_REG)
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' must be an immediate, not register '%s'",
			    i + 1, ir_opinfo[in->op].name, o->sym ? o->sym->name : "?");
		else if (s == 'R' && (o->kind == OK_IMM || o->kind == OK_FIMM))
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' must be a register, not an immediate",
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

static void
compare(Verify *v, Ins *in)
{
	int cmp = verify_modclass(in, MC_CMP);
	int t = in->op == OP_SET ? in->ty[1] : in->ty[0];
	const char *c;
	int k;

	if ((in->op != OP_SETP && in->op != OP_SET) || !cmp || !t)
		return;
	c = ir_modinfo[cmp].name;
	k = verify_kind(t);
	if (k == TK_BIT && strcmp(c, "eq") != 0 && strcmp(c, "ne") != 0)
		goto bad;
	if ((!strcmp(c, "lo") || !strcmp(c, "ls") || !strcmp(c, "hi") || !strcmp(c, "hs")) &&
	    k != TK_UINT)
		goto bad;
	if ((!strcmp(c, "equ") || !strcmp(c, "neu") || !strcmp(c, "ltu") || !strcmp(c, "leu") ||
	    !strcmp(c, "gtu") || !strcmp(c, "geu") || !strcmp(c, "num") || !strcmp(c, "nan")) &&
	    k != TK_FLOAT && k != TK_PACKED)
		goto bad;
	return;
bad:
	verify_report(v, VC_COMPARE, in->loc, "comparison '.%s' is not defined for .%s", c, tyname(t));
}

static void
required(Verify *v, Ins *in)
{
	int t = in->ty[0];

	if ((in->op == OP_MUL || in->op == OP_MAD) && isint(t) &&
	    !verify_hasmod(in, "lo") && !verify_hasmod(in, "hi") && !verify_hasmod(in, "wide"))
		verify_report(v, VC_MODIFIER, in->loc, "integer '%s.%s' needs .lo, .hi or .wide",
		    ir_opinfo[in->op].name, tyname(t));
	if ((in->op == OP_MUL24 || in->op == OP_MAD24) &&
	    !verify_hasmod(in, "lo") && !verify_hasmod(in, "hi"))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs .lo or .hi", ir_opinfo[in->op].name);
	if (in->op == OP_CVT && in->nty == 2 && !verify_modclass(in, MC_ROUND)) {
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

static void
vectors(Verify *v, Ins *in)
{
	unsigned fl = ir_opinfo[in->op].flags;
	int di;

	if (in->op != OP_LD && in->op != OP_ST && in->op != OP_LDU)
		return;
	(void)fl;
	di = in->op == OP_ST ? 1 : 0;
	if (di >= in->nopnd)
		return;
	Opnd *o = &in->opnd[di];
	if (in->vec > 1 && o->kind != OK_VEC)
		verify_report(v, VC_VECTOR, o->loc, "'.v%d' access needs a vector of %d registers", in->vec, in->vec);
	else if (o->kind == OK_VEC && o->nsub != in->vec)
		verify_report(v, VC_VECTOR, o->loc, "vector of %d elements for a .v%d access", o->nsub, in->vec);
}

static void
check(Verify *v, const Accept *ac, Ins *in)
{
	const OpInfo *oi = &ir_opinfo[in->op];

	for (int i = 0; i < in->nmod; i++) {
		int id = in->mod[i];
		if (id <= 0 || id >= NMOD)
			continue;
		if (id < NTY) {
			if (!accepts(ac, in->op, id))
				verify_report(v, VC_INSTRTYPE, in->loc, "'%s' does not take type .%s", oi->name, tyname(id));
		} else if (ir_modinfo[id].cls != MC_SPACE && !accepts(ac, in->op, id)) {
			verify_report(v, VC_MODIFIER, in->loc, "'%s' does not take modifier .%s", oi->name,
			    in->modtext[i] ? in->modtext[i] : ir_modinfo[id].name);
		}
	}
	required(v, in);
	compare(v, in);
	vectors(v, in);
	kinds(v, in);
	for (int i = 0; i < in->nopnd; i++) {
		int wider, t = expect(in, i, &wider);
		if (t)
			operand(v, in, &in->opnd[i], t, wider, i);
	}
}

void
verify_types(Verify *v)
{
	Accept ac;

	ac.ty = ir_alloc(v->m->a, (size_t)NOP * NTY);
	ac.mod = ir_alloc(v->m->a, (size_t)NOP * NMOD);
	ac.cls = ir_alloc(v->m->a, (size_t)NOP * sizeof *ac.cls);
	if (!ac.ty || !ac.mod || !ac.cls)
		return;
	for (int op = 0; op < NOP; op++) {
		words(ir_opinfo[op].types, op, &ac, 1);
		words(ir_opinfo[op].mods, op, &ac, 0);
	}
	for (int f = 0; f < v->m->nfn; f++) {
		Func *fn = v->m->fn[f];
		if (!fn->hasbody)
			continue;
		for (int i = 0; i < fn->nins; i++)
			check(v, &ac, fn->ins[i]);
	}
}

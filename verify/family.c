/*
 * family.c — the instruction families whose operands follow rules of their
 * own, beyond the types of the opcode table (types.c runs them from its
 * check()):
 *
 *  - tensor-core fragments (the helpers tensor.c uses too): vectors of
 *    registers whose types ptxas matches loosely;
 *  - the texture and surface instructions: the handle, coordinate and
 *    data vector sizes and the register types ptxas takes in them;
 *  - the video instructions: 32-bit integer registers;
 *  - the reductions and vectors the multimem instructions take, the
 *    operands of st.bulk, stacksave/stackrestore/alloca, the mbarrier
 *    family, cache policies and shf's shift amount, discard's and
 *    applypriority's line, prefetchu's address, the operands of
 *    fence.proxy.tensormap::generic, min's and max's third source,
 *    istypep's operands, setmaxnreg's count, the parts of
 *    cp.reduce.async.bulk.tensor, the operands of the bulk copies;
 *  - immediates with a field of their own: bfe's and bfi's position and
 *    length, cp.async's and the bulk copies' sizes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "types.h"

/* ---------------------------------------------------------------- fragments, texture and video
 *
 * Tensor-core fragments (tensor.c), texture results and coordinates and
 * surface data are vectors of registers whose types ptxas matches more
 * loosely than for plain instructions ("Arguments mismatch" when not).
 */

int
verify_fragok(int fk, int rty)
{
	int k = verify_kind(rty), b = verify_bits(rty);

	/* ptxas takes a predicate for any 32-bit fragment register
	 * (movmatrix's, ldmatrix's, mma.sp's metadata, .s8 inputs) */
	if (rty == TY_PRED)
		return fk == FK_W32;
	if (b != (fk == FK_W64 || fk == FK_F64 || fk == FK_DESC ? 64 : 32))
		return 0;
	switch (fk) {
	case FK_F32: return k == TK_BIT || rty == TY_F32;
	case FK_F16X2: return k == TK_BIT || rty == TY_F16X2;
	case FK_B32: return k == TK_BIT;
	case FK_I32: case FK_DESC: return k == TK_BIT || k == TK_UINT || k == TK_SINT;
	case FK_F64: return k == TK_BIT || rty == TY_F64;
	}
	return 1;
}

static const char *
fkname(int fk)
{
	static const char *n[] = {".f32 or .b32", ".b32 or .f16x2", ".b32", ".b32, .u32 or .s32",
	    "32-bit", "64-bit", ".b64 or .f64", ".b64, .u64 or .s64"};
	return n[fk];
}

int
verify_fragreg(Verify *v, Ins *in, Opnd *o, int idx, int fk)
{
	if (o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG && o->sel == SEL_NONE &&
	    !verify_fragok(fk, o->sym->type))
		verify_report(v, VC_OPTYPE, o->loc,
		    "operand %d of '%s' is register '%s' of type .%s; this fragment needs %s registers",
		    idx + 1, ir_opinfo[in->op].name, o->sym->name, tyname(o->sym->type), fkname(fk));
	else
		return 1;
	return 0;
}

int
verify_vecmix(const Opnd *o, const Opnd **x, const Opnd **y)
{
	const Opnd *w = NULL, *t = NULL;

	if (o->kind != OK_VEC)
		return 0;
	for (int k = 0; k < o->nsub; k++) {
		const Sym *r = verify_elemreg(&o->sub[k]);
		if (!r)
			continue;
		if (w && verify_bits(w->sym->type) != verify_bits(r->type)) {
			*x = w, *y = &o->sub[k];
			return 1;
		}
		w = w ? w : &o->sub[k];
		if (verify_kind(r->type) == TK_BIT)
			continue;
		/* .bN registers go with anything; signed and unsigned integers with each other */
		if (t && t->sym->type != r->type &&
		    !(isint(t->sym->type) && isint(r->type))) {
			*x = t, *y = &o->sub[k];
			return 2;
		}
		t = t ? t : &o->sub[k];
	}
	return 0;
}

/* Reports a vector whose registers do not agree; 1 when it did. */
int
verify_mixed(Verify *v, Ins *in, const Opnd *o)
{
	const Opnd *x, *y;
	int mix = verify_vecmix(o, &x, &y);

	if (mix)
		verify_report(v, VC_VECTOR, y->loc,
		    "the registers of a vector of '%s' differ in %s: '%s' is .%s, '%s' .%s%s",
		    ir_opinfo[in->op].name, mix == 1 ? "width" : "type", x->sym->name, tyname(x->sym->type),
		    y->sym->name, tyname(y->sym->type),
		    mix == 2 ? " (only .b registers mix with other types)" : "");
	return mix != 0;
}

void
verify_fragment(Verify *v, Ins *in, int idx, int n, int fk)
{
	const Opnd *x, *y;
	Opnd *o;

	if (idx >= in->nopnd || n <= 0)
		return;
	o = &in->opnd[idx];
	if (o->kind == OK_REG)
		verify_report(v, VC_VECTOR, o->loc, "operand %d of '%s' must be a vector of %d register%s",
		    idx + 1, ir_opinfo[in->op].name, n, n == 1 ? "" : "s");
	else if (o->kind == OK_VEC && o->nsub != n)
		verify_report(v, VC_VECTOR, o->loc,
		    "operand %d of '%s' is a vector of %d register%s; this shape and type take %d",
		    idx + 1, ir_opinfo[in->op].name, o->nsub, o->nsub == 1 ? "" : "s", n);
	else if (o->kind == OK_VEC && !verify_vecmix(o, &x, &y)) {  /* a mix: reported by check() */
		if (verify_vecbits(o))     /* typed .bN as a whole: only the width counts */
			fk = fk == FK_W64 || fk == FK_F64 || fk == FK_DESC ? FK_W64 : FK_W32;
		for (int k = 0; k < o->nsub; k++) {
			/* ptxas takes a .pred beside .b32 registers as one of them */
			const Opnd *e = &o->sub[k];
			if (fk == FK_W32 && e->kind == OK_REG && e->sym && e->sym->type == TY_PRED)
				continue;
			if (!verify_fragreg(v, in, &o->sub[k], idx, fk))
				break;
		}
	}
}

/* The coordinates a texture or surface geometry needs; 0 when not checked. */
int
verify_geometry(const Ins *in, const char **name)
{
	static const struct { ModId g; int n; } tab[] = {
		{MOD_1D, 1}, {MOD_2D, 2}, {MOD_3D, 4}, {MOD_A1D, 2}, {MOD_A2D, 4}, {MOD_CUBE, 4}, {MOD_ACUBE, 4},
	};
	for (size_t t = 0; t < sizeof tab / sizeof tab[0]; t++)
		if (ir_hasmod(in, tab[t].g)) {
			*name = ir_modinfo[tab[t].g].name;
			return tab[t].n;
		}
	return 0;
}

/* An array geometry: its coordinate vector starts with the layer index. */
static int
isarray(const Ins *in)
{
	return ir_hasmod(in, MOD_A1D) || ir_hasmod(in, MOD_A2D) || ir_hasmod(in, MOD_ACUBE) ||
	    ir_hasmod(in, MOD_A2DMS);
}

/* Coordinates all literals: each held to the coordinate type as a single
 * operand would be (a float literal among .s32 ones, an integer among .f32
 * ones: "Arguments mismatch"); beside a register a literal is taken. */
static int
litcoords(Verify *v, Ins *in, Opnd *c, int ty)
{
	int n = c->kind == OK_VEC ? c->nsub : 1, nerr = v->nerr;

	for (int j = 0; j < n; j++)
		if (verify_elemreg(c->kind == OK_VEC ? &c->sub[j] : c))
			return 0;
	for (int j = 0; j < n; j++) {
		Opnd *e = c->kind == OK_VEC ? &c->sub[j] : c;
		if (e->kind == OK_IMM || e->kind == OK_FIMM)
			verify_immediate(v, in, e, ty);
	}
	return v->nerr != nerr;
}

/* A literal beside registers of the other kind in a coordinate vector: an
 * integer one beside a float register, a float one beside an integer (.u,
 * .s) register ("Vector with elements of different types"); .b registers
 * go with either.  1 when it reported. */
static int
litmix(Verify *v, Ins *in, const Opnd *c)
{
	int fr = 0, ir = 0;

	for (int j = 0; j < c->nsub; j++) {
		const Sym *r = verify_elemreg(&c->sub[j]);
		fr |= r && verify_kind(r->type) == TK_FLOAT;
		ir |= r && isint(r->type);
	}
	for (int j = 0; j < c->nsub; j++) {
		const Opnd *e = &c->sub[j];
		if ((e->kind == OK_IMM && fr) || (e->kind == OK_FIMM && ir)) {
			verify_report(v, VC_VECTOR, e->loc, "%s literal beside %s registers in the coordinates of '%s'",
			    e->kind == OK_IMM ? "integer" : "float", fr ? "float" : "integer", ir_opinfo[in->op].name);
			return 1;
		}
	}
	return 0;
}

/* tex and tld4 coordinates: 32-bit registers, of one type after the layer
 * index of an array geometry, which is an integer ("Arguments mismatch",
 * "Array index ... Expecting type .u32").  ptxas matches the vector against
 * the coordinate type by its first register only: no float one for .s32,
 * no packed one for .f32; an array index stands in for it. */
static void
coords(Verify *v, Ins *in, Opnd *c)
{
	int ct = in->nty >= 2 ? in->ty[1] : 0, arr = isarray(in);
	int n = c->kind == OK_VEC ? c->nsub : 1;
	const Opnd *x, *y;
	const char *op = ir_opinfo[in->op].name;

	/* ptxas: "Integer coordinates require .s32 instruction type"; the
	 * opcode's type list holds .u32 and the halves for the destination */
	if (ct && ct != TY_S32 && ct != TY_F32) {
		verify_report(v, VC_INSTRTYPE, in->loc, "coordinate type of '%s' is .%s; it is .s32 or .f32", op,
		    tyname(ct));
		return;
	}
	if (ct && litcoords(v, in, c, ct))
		return;
	if (c->kind == OK_VEC && litmix(v, in, c))
		return;
	if (c->kind == OK_VEC) {
		Opnd rest = *c;
		if (verify_vecmix(c, &x, &y) == 1) {
			verify_mixed(v, in, c);
			return;
		}
		if (arr && rest.nsub > 1)
			rest.sub++, rest.nsub--;
		if (verify_mixed(v, in, &rest))
			return;
	}
	for (int j = 0; j < n; j++) {
		Opnd *e = c->kind == OK_VEC ? &c->sub[j] : c;
		const Sym *r = verify_elemreg(e);
		if (!r)
			continue;
		if (verify_bits(r->type) != 32)
			verify_report(v, VC_OPTYPE, e->loc,
			    "coordinate '%s' of '%s' is a .%s register; coordinates are 32-bit", r->name, op,
			    tyname(r->type));
		else if (j == 0 && arr && !isint(r->type) && verify_kind(r->type) != TK_BIT)
			verify_report(v, VC_OPTYPE, e->loc, "array index '%s' of '%s' is .%s; it is an integer (.u32)",
			    r->name, op, tyname(r->type));
		else if (j == 0 && !arr && (isint(ct) ? isfloat(r->type) : verify_kind(r->type) == TK_PACKED))
			verify_report(v, VC_OPTYPE, e->loc, "coordinate '%s' of '%s' is .%s; the coordinates are .%s",
			    r->name, op, tyname(r->type), tyname(ct));
		else
			continue;
		return;
	}
}

/* Surface coordinates: 32-bit integer registers (.b32, .u32, .s32). */
static void
surfcoords(Verify *v, Ins *in, Opnd *c)
{
	const Opnd *x, *y;
	int n = c->kind == OK_VEC ? c->nsub : 1;

	if ((c->kind == OK_VEC && verify_vecmix(c, &x, &y)) || litcoords(v, in, c, TY_S32))
		return;
	for (int j = 0; j < n; j++) {
		Opnd *e = c->kind == OK_VEC ? &c->sub[j] : c;
		const Sym *r = verify_elemreg(e);
		if (r && !verify_fragok(FK_I32, r->type)) {
			verify_report(v, VC_OPTYPE, e->loc,
			    "coordinate '%s' of '%s' is .%s; surface coordinates are 32-bit integers", r->name,
			    ir_opinfo[in->op].name, tyname(r->type));
			return;
		}
	}
}

/* Registers under operand o that are not 32 bits wide (lod, gradients,
 * offsets, depth compare); vectors that mix widths are check()'s. */
static void
extra32(Verify *v, Ins *in, Opnd *o, int idx)
{
	const Opnd *x, *y;
	int n = o->kind == OK_VEC ? o->nsub : 1;

	if (o->kind == OK_VEC && verify_vecmix(o, &x, &y))
		return;
	for (int j = 0; j < n; j++) {
		Opnd *e = o->kind == OK_VEC ? &o->sub[j] : o;
		const Sym *r = verify_elemreg(e);
		if (r && verify_bits(r->type) != 32) {
			verify_report(v, VC_OPTYPE, e->loc,
			    "operand %d of '%s' is register '%s' of type .%s; it takes 32-bit registers", idx + 1,
			    ir_opinfo[in->op].name, r->name, tyname(r->type));
			return;
		}
	}
}

/* A register of a vector, predicates included; NULL for anything else. */
static const Sym *
vecreg(const Opnd *e)
{
	return e->kind == OK_REG && e->sym && e->sym->kind == SYM_REG && e->sel == SEL_NONE ? e->sym : NULL;
}

/* Two neighbouring registers of a texture result (ptxas 13.0, "Vector with
 * elements of different types"): ptxas compares each register with the
 * one before it only, so {%u, %b, %f} passes where {%u, %f} does not.  A
 * .b register goes with anything, a predicate with a .b register or
 * another predicate, an integer with an integer. */
static int
texpair(int a, int b)
{
	int ka = a == TY_PRED ? -1 : verify_kind(a), kb = b == TY_PRED ? -1 : verify_kind(b);

	return a == b || ka == TK_BIT || kb == TK_BIT || (isint(a) && isint(b));
}

/* A predicate among surface data (ptxas 13.0): taken in a vector beside
 * .b registers (texpair()), never alone ("Arguments mismatch").  1 when it
 * reported. */
static int
surfpred(Verify *v, Ins *in, const Opnd *d, int idx)
{
	int n = d->kind == OK_VEC ? d->nsub : 1, anyb = 0;
	const Sym *prev = NULL;

	for (int j = 0; j < n; j++) {
		const Sym *r = vecreg(d->kind == OK_VEC ? &d->sub[j] : d);
		anyb |= r && r->type != TY_PRED && verify_kind(r->type) == TK_BIT;
	}
	for (int j = 0; j < n; j++) {
		const Opnd *e = d->kind == OK_VEC ? &d->sub[j] : d;
		const Sym *r = vecreg(e);
		if (!r)
			continue;
		if (r->type == TY_PRED && (!anyb || (prev && !texpair(prev->type, r->type)))) {
			verify_report(v, VC_OPTYPE, e->loc,
			    "operand %d of '%s' is predicate '%s'; surface data takes one only beside .b registers",
			    idx + 1, ir_opinfo[in->op].name, r->name);
			return 1;
		}
		prev = r;
	}
	return 0;
}

/* suld and sust data: .vN elements (with .v2 or .v4, a vector of that
 * many; ptxas lets a store pass one register) in registers at least as
 * wide as the .bN type, 128 bits at most.  A vector without .vN is one
 * value packed from its registers, at least .bN wide in all. */
static void
surfdata(Verify *v, Ins *in, int idx)
{
	Opnd *d = &in->opnd[idx];
	int b = verify_bits(in->ty[0]), n = d->kind == OK_VEC ? d->nsub : 1, all = 0;
	const Opnd *x, *y;

	if (in->vec * b > 128) {
		verify_report(v, VC_VECTOR, in->loc, "'.v%d.%s' data is %d bits; a surface access moves at most 128",
		    in->vec, tyname(in->ty[0]), in->vec * b);
		return;
	}
	if (d->kind == OK_VEC && in->vec == 1 && n > 1) {
		for (int j = 0; j < n; j++)
			all += verify_elemreg(&d->sub[j]) ? verify_bits(verify_elemreg(&d->sub[j])->type) : b;
		if (all < b)
			verify_report(v, VC_OPTYPE, d->loc, "operand %d of '%s' packs %d bits; .%s data needs %d",
			    idx + 1, ir_opinfo[in->op].name, all, tyname(in->ty[0]), b);
		return;
	}
	if (d->kind == OK_VEC && in->vec > 1 && d->nsub != in->vec) {
		verify_report(v, VC_VECTOR, d->loc, "vector of %d elements for a .v%d surface %s", d->nsub, in->vec,
		    idx ? "store" : "load");
		return;
	}
	if (d->kind == OK_REG && in->vec > 1 && idx == 0) {
		verify_report(v, VC_VECTOR, d->loc, "a .v%d surface load needs a vector of %d registers", in->vec, in->vec);
		return;
	}
	if (d->kind == OK_VEC && verify_vecmix(d, &x, &y))
		return;
	if (surfpred(v, in, d, idx))
		return;
	for (int j = 0; j < n; j++) {
		Opnd *e = d->kind == OK_VEC ? &d->sub[j] : d;
		const Sym *r = verify_elemreg(e);
		if (r && verify_bits(r->type) < b) {
			verify_report(v, VC_OPTYPE, e->loc,
			    "operand %d of '%s' is register '%s' of type .%s; .%s data needs %d-bit"
			    " or wider registers", idx + 1, ir_opinfo[in->op].name, r->name, tyname(r->type),
			    tyname(in->ty[0]), b);
			return;
		}
	}
}

/* The registers of a texture result (ptxas 13.0).  All of one width, a
 * predicate counting as 32 bits ("Incompatible elements of vector
 * expression"); neighbours of kinds that go together (texpair()); then,
 * unless a .b register makes the vector untyped, of kinds the result type
 * takes ("Arguments mismatch"): .f16 ones in 16-bit registers, .f16x2 in
 * .f16x2 ones, .u32 and .s32 in any 32-bit register but a float one, .f32
 * in any; a predicate only among .b registers of a 32-bit result. */
static void
texresult(Verify *v, Ins *in, const Opnd *o)
{
	int t = in->ty[0], anyb = 0, anyp = 0;
	const Sym *prev = NULL, *wide = NULL;
	const char *op = ir_opinfo[in->op].name;

	for (int k = 0; k < o->nsub; k++) {
		const Opnd *e = &o->sub[k];
		const Sym *r = vecreg(e);
		if (!r)
			continue;
		int w = r->type == TY_PRED ? 32 : verify_bits(r->type);
		if (wide && w != (wide->type == TY_PRED ? 32 : verify_bits(wide->type))) {
			verify_report(v, VC_VECTOR, e->loc,
			    "the registers of a vector of '%s' differ in width: '%s' is .%s, '%s' .%s", op,
			    wide->name, tyname(wide->type), r->name, tyname(r->type));
			return;
		}
		if (prev && !texpair(prev->type, r->type)) {
			verify_report(v, VC_VECTOR, e->loc,
			    "result '%s' of '%s' is .%s beside .%s '%s' (only .b registers mix with other types)",
			    r->name, op, tyname(r->type), tyname(prev->type), prev->name);
			return;
		}
		wide = wide ? wide : r;
		prev = r;
		anyb |= r->type != TY_PRED && verify_kind(r->type) == TK_BIT;
		anyp |= r->type == TY_PRED;
	}
	for (int k = 0; k < o->nsub; k++) {
		const Opnd *e = &o->sub[k];
		const Sym *r = vecreg(e);
		int ok;
		if (!r)
			continue;
		if (r->type == TY_PRED)
			ok = anyb && t != TY_F16 && t != TY_F16X2;
		else if (t == TY_F16)
			ok = verify_bits(r->type) == 16;
		else if (verify_bits(r->type) != 32)
			ok = 0;
		else if (anyb || anyp)
			ok = 1;
		else if (t == TY_F16X2)
			ok = r->type == TY_F16X2;
		else if (t == TY_U32 || t == TY_S32)
			ok = !isfloat(r->type);
		else
			ok = 1;
		if (!ok) {
			verify_report(v, VC_OPTYPE, e->loc, "result '%s' of '%s.%s' is a .%s register", r->name, op,
			    tyname(t), tyname(r->type));
			return;
		}
	}
}

/* The destination of tex and tld4: a vector of the .vN registers ("Result
 * vector expected" for one register), then optionally |p, the predicate
 * that tells whether the texels were resident ("Predicate output
 * expected"). */
static void
texdst(Verify *v, Ins *in)
{
	const Opnd *d = &in->opnd[0];
	const char *op = ir_opinfo[in->op].name;

	if (d->kind == OK_PAIR && d->nsub == 2) {
		const Sym *p = vecreg(&d->sub[1]);
		if (p && p->type != TY_PRED)
			verify_report(v, VC_OPTYPE, d->sub[1].loc,
			    "residency result '%s' of '%s' is .%s; it is a predicate", p->name, op, tyname(p->type));
		d = &d->sub[0];
	}
	if (in->vec > 1 && d->kind == OK_REG)
		verify_report(v, VC_VECTOR, d->loc, "'%s.v%d' needs a vector of %d result registers", op, in->vec,
		    in->vec);
	else if (d->kind == OK_VEC && in->vec > 1 && d->nsub != in->vec)
		verify_report(v, VC_VECTOR, d->loc, "result of '%s' is a vector of %d register%s; .v%d takes %d", op,
		    d->nsub, d->nsub == 1 ? "" : "s", in->vec, in->vec);
	else if (d->kind == OK_VEC && in->vec > 1 && in->nty >= 1)
		texresult(v, in, d);
}

/* A texture or surface handle: a .u64 register (or a variable's name), no
 * literal ("Integer constant expression expected", a parse error for an
 * integer one); txq and suq name it bare, with no offset (".texref or .u64
 * register expected") and never in a 32-bit register ("Arguments
 * mismatch"). */
static int
texindependent(const Module *m)
{
	for (int i = 0; i < m->ntargets; i++)
		if (!strcmp(m->targets[i], "texmode_independent"))
			return 1;
	return 0;
}

static void
handle(Verify *v, Ins *in, const Opnd *m)
{
	const char *op = ir_opinfo[in->op].name;
	const Opnd *h = m->addrlist && m->nsub >= 1 ? &m->sub[0] : m->base;
	int surf = in->op == OP_SULD || in->op == OP_SUST || in->op == OP_SURED || in->op == OP_SUQ;

	if (m->kind != OK_ADDR)
		return;
	/* a variable named as the handle is one of its kind: a .texref
	 * for the texture instructions (txq also queries a .samplerref), a
	 * .surfref for the surface ones; a .u64 or an array parameter is
	 * no handle ("Argument 1 of instruction 'tex': .texref or .u64
	 * register expected", "Arguments mismatch"); PTX 1.x wrote a
	 * texture as a variable of the .tex space (.tex .u64 t) */
	if (h && h->kind == OK_SYM && h->sym && h->sym->kind == SYM_VAR &&
	    !(surf ? h->sym->opaque == 3 : h->sym->opaque == 1 || h->sym->space == SP_TEX ||
	    (in->op == OP_TXQ && h->sym->opaque == 2))) {
		verify_report(v, VC_OPTYPE, h->loc, "'%s' names %s '%s' as its handle; it takes a %s or a .u64 register", op,
		    h->sym->opaque == 1 ? "texture" : h->sym->opaque == 2 ? "sampler" : h->sym->opaque == 3 ? "surface" :
		    "variable", h->sym->name, surf ? ".surfref" : ".texref");
		return;
	}
	/* with independent samplers, [texture, sampler, coordinates] names
	 * a .samplerref variable second ("Arguments mismatch" for a .u64,
	 * .texref or any other) */
	if ((in->op == OP_TEX || in->op == OP_TLD4) && m->addrlist && m->nsub == 3 && m->sub[1].kind == OK_SYM &&
	    m->sub[1].sym && m->sub[1].sym->kind == SYM_VAR && m->sub[1].sym->opaque != 2 && texindependent(v->m)) {
		verify_report(v, VC_OPTYPE, m->sub[1].loc, "'%s' names '%s' as its sampler; it takes a .samplerref or a "
		    ".u64 register", op, m->sub[1].sym->name);
		return;
	}
	/* and without one it names none: tex [t, {c}] there is ".samplerref
	 * or .u64 register expected" */
	if ((in->op == OP_TEX || in->op == OP_TLD4) && m->addrlist && m->nsub == 2 && texindependent(v->m)) {
		verify_report(v, VC_OPTYPE, m->sub[1].loc, "'%s' names no sampler: with .target texmode_independent it "
		    "takes [texture, sampler, {coordinates}]", op);
		return;
	}
	/* a sampler in a register is a 64-bit integer one, in either mode
	 * ("Arguments mismatch" for a .b32, .f64 or predicate register, a
	 * literal) */
	if ((in->op == OP_TEX || in->op == OP_TLD4) && m->addrlist && m->nsub == 3) {
		const Opnd *sm = &m->sub[1];
		const Sym *r = sm->kind == OK_REG && sm->sym && sm->sym->kind == SYM_REG ? sm->sym : NULL;
		if (sm->kind == OK_IMM || sm->kind == OK_FIMM || (r && (r->type == TY_PRED || verify_bits(r->type) != 64 ||
		    (!isint(r->type) && verify_kind(r->type) != TK_BIT)))) {
			verify_report(v, VC_OPTYPE, sm->loc, "the sampler of '%s' is %s%s%s; it is a .samplerref or a 64-bit "
			    "integer register", op, r ? "." : "a literal", r ? tyname(r->type) : "", r ? " register" : "");
			return;
		}
	}
	/* with independent samplers, txq asks a texture about the texture
	 * and a sampler about the sampler (".texref or .u64 register
	 * expected", ".samplerref or .u64 register expected"); a unified
	 * texture answers for its sampler but for
	 * .force_unnormalized_coords (".samplerref expected") */
	if (in->op == OP_TXQ && h && h->kind == OK_SYM && h->sym && h->sym->kind == SYM_VAR) {
		int fu = ir_hasmod(in, MOD_FORCE_UNNORMALIZED_COORDS), ind = texindependent(v->m);
		int sq = fu || ir_hasmod(in, MOD_FILTER_MODE) || ir_hasmod(in, MOD_ADDR_MODE_0) ||
		    ir_hasmod(in, MOD_ADDR_MODE_1) || ir_hasmod(in, MOD_ADDR_MODE_2);
		if (ind ? h->sym->opaque != (sq ? 2 : 1) : fu && h->sym->opaque != 2) {
			verify_report(v, VC_OPTYPE, h->loc, "'txq' asks %s '%s' a %s query; it takes a %s or a .u64 register",
			    h->sym->opaque == 2 ? "sampler" : "texture", h->sym->name, sq ? "sampler" : "texture",
			    sq ? ".samplerref" : ".texref");
			return;
		}
	}
	if (m->addrlist && m->nsub >= 1 && (m->sub[0].kind == OK_IMM || m->sub[0].kind == OK_FIMM))
		verify_report(v, VC_OPTYPE, m->sub[0].loc, "literal as the handle of '%s'; it is a .u64 register or a variable",
		    op);
	else if (!m->addrlist && (in->op == OP_TXQ || in->op == OP_SUQ) && m->base && m->base->kind == OK_REG &&
	    m->base->sym && m->base->sym->kind == SYM_REG) {
		const Sym *h = m->base->sym;
		if (verify_bits(h->type) != 64 && h->type != TY_PRED && !isfloat(h->type))
			verify_report(v, VC_OPTYPE, m->base->loc, "handle '%s' of '%s' is .%s; it is a .u64 register",
			    h->name, op, tyname(h->type));
		else if (m->imm)
			verify_report(v, VC_OPTYPE, m->base->loc, "the handle of '%s' takes no offset", op);
	}
}

static void
texture(Verify *v, Ins *in)
{
	const char *g = "";
	int mi = in->op == OP_SUST || in->op == OP_SURED ? 0 : 1, need = verify_geometry(in, &g);
	int tex = in->op == OP_TEX || in->op == OP_TLD4;
	Opnd *m, *c;

	if (mi >= in->nopnd)
		return;
	m = &in->opnd[mi];
	/* the texture, sampler and coordinates are one bracketed operand
	 * ("Illegal Addressing Mode" without the brackets), and so is txq's
	 * and suq's handle ("Address expected") */
	if (mi == 1 && in->opnd[0].kind == OK_ADDR) {
		verify_report(v, VC_OPTYPE, in->opnd[0].loc, "the result of '%s' is a register, not an address in brackets",
		    ir_opinfo[in->op].name);
		return;
	}
	if ((tex || in->op == OP_TXQ || in->op == OP_SUQ) && m->kind != OK_ADDR) {
		verify_report(v, VC_OPTYPE, m->loc, "'%s' takes its %s in brackets", ir_opinfo[in->op].name,
		    tex ? "[texture, coordinates]" : "[handle]");
		return;
	}
	if (m->kind == OK_ADDR && m->addrlist && m->nsub >= 2) {
		c = &m->sub[m->nsub - 1];
		int have = c->kind == OK_VEC ? c->nsub : 1;
		/* after a sampler the coordinates are braced, one or not
		 * (ptxas 13.0: a syntax error); [tex, c] takes a bare one */
		if (tex && m->nsub == 3 && c->kind != OK_VEC)
			verify_report(v, VC_VECTOR, c->loc, "'%s' [texture, sampler, {coordinates}] takes them in braces",
			    ir_opinfo[in->op].name);
		/* PTX vectors have 1, 2, 4 or 8 elements: 3d pads its coordinates to 4 */
		/* a single register is taken for any geometry (ptxas 13.0);
		 * only a brace vector is held to it */
		if (need && c->kind == OK_VEC && (have == 3 || have < need))
			verify_report(v, VC_VECTOR, c->loc,
			    "%d coordinate%s for '%s.%s'; it takes a vector of %d", have, have == 1 ? "" : "s",
			    ir_opinfo[in->op].name, g, need);
		else if (tex)
			coords(v, in, c);
		else
			surfcoords(v, in, c);
		const Sym *h = verify_elemreg(&m->sub[0]);
		if (h && (verify_bits(h->type) != 64 || (!isint(h->type) && verify_kind(h->type) != TK_BIT)))
			verify_report(v, VC_OPTYPE, m->sub[0].loc,
			    "texture handle '%s' of '%s' is .%s; a handle is a 64-bit integer",
			    h->name, ir_opinfo[in->op].name, tyname(h->type));
	}
	if (tex && in->nty >= 2) {
		int ct = in->ty[1];
		if (in->op == OP_TLD4 && ct != TY_F32)
			verify_report(v, VC_INSTRTYPE, in->loc, "'tld4' takes .f32 coordinates only, not .%s", tyname(ct));
		else if ((ir_hasmod(in, MOD_2DMS) || ir_hasmod(in, MOD_A2DMS)) && ct != TY_S32)
			verify_report(v, VC_INSTRTYPE, in->loc, "multisample '%s' takes .s32 coordinates, not .%s",
			    ir_opinfo[in->op].name, tyname(ct));
		else if ((ir_hasmod(in, MOD_CUBE) || ir_hasmod(in, MOD_ACUBE)) && ct != TY_F32)
			verify_report(v, VC_INSTRTYPE, in->loc, "cube '%s' takes .f32 coordinates, not .%s",
			    ir_opinfo[in->op].name, tyname(ct));
	}
	/* past the texture the operands are values (lod, gradients,
	 * offset, depth compare): an address there is "Arguments mismatch" */
	for (int i = 2; tex && i < in->nopnd; i++)
		if (in->opnd[i].kind == OK_ADDR) {
			verify_report(v, VC_OPTYPE, in->opnd[i].loc, "operand %d of '%s' is an address; only operand 2 is",
			    i + 1, ir_opinfo[in->op].name);
			break;
		} else
			extra32(v, in, &in->opnd[i], i);
	if (tex) {
		texdst(v, in);
	} else if ((in->op == OP_SULD || in->op == OP_SUST) && in->nty == 1 && in->nopnd >= 2) {
		surfdata(v, in, in->op == OP_SUST ? 1 : 0);
	} else if (in->op == OP_TXQ || in->op == OP_SUQ) {
		const Opnd *d = &in->opnd[0];
		/* txq.level queries one level of detail, written after the
		 * texture; no other query takes it ("Arguments mismatch") */
		if (in->op == OP_TXQ && (in->nopnd == 3) != ir_hasmod(in, MOD_LEVEL))
			verify_report(v, VC_OPTYPE, in->nopnd == 3 ? in->opnd[2].loc : in->loc,
			    in->nopnd == 3 ? "'txq' takes a level of detail with .level only" :
			    "'txq.level' takes a level of detail after the texture");
		/* and asks for a level's size alone ("Illegal query modifier
		 * for instruction 'txq.level'" for .channel_order) */
		else if (in->op == OP_TXQ && ir_hasmod(in, MOD_LEVEL))
			for (int i = 0; i < in->nmod; i++) {
				int md = in->mod[i];
				if (md < NTY || md >= NMOD || md == MOD_LEVEL || md == MOD_WIDTH || md == MOD_HEIGHT ||
				    md == MOD_DEPTH || ir_modinfo[md].cls != MC_TEX)
					continue;
				verify_report(v, VC_MODIFIER, verify_modat(v, in, i), "'txq.level' queries .width, .height or "
				    ".depth, not .%s", ir_modinfo[md].name);
				break;
			}
		if (d->kind == OK_REG && d->sym && d->sym->kind == SYM_REG && d->sym->type == TY_PRED)
			verify_report(v, VC_OPTYPE, d->loc, "result '%s' of '%s' is a predicate; it is a 32-bit register",
			    d->sym->name, ir_opinfo[in->op].name);
		else
			verify_fragreg(v, in, &in->opnd[0], 0, FK_W32);
	}
	handle(v, in, m);
}

/* Where the k-th type of in is written. */
static Loc
typeloc(const Verify *v, const Ins *in, int k)
{
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] > 0 && in->mod[i] < NTY && k-- == 0)
			return verify_modat(v, in, i);
	return in->loc;
}

/*
 * The types and comparisons of a video instruction, as ptxas 13.0 takes
 * them: a result's and two sources' types (vadd.u32.u32.s32; vset, which
 * gives a mask, the sources' two only), "Unexpected instruction types"
 * for any other count; vset and its SIMD forms compare by one comparison
 * ("Comparison modifier required for instruction 'vset'", "Multiple
 * comparisons set").  The operand and mode rules (selectors, c with a
 * secondary operation, vshl's .u32 shift and mode, .sat with a SIMD .add)
 * are the parser's videocheck().  One finding: the first.
 */
static int
videomods(Verify *v, Ins *in)
{
	const char *op = ir_opinfo[in->op].name;
	int set = in->op == OP_VSET || in->op == OP_VSET2 || in->op == OP_VSET4;
	int want = set ? 2 : 3, ncmp = 0;

	if (in->nty != want) {
		verify_report(v, VC_INSTRTYPE, typeloc(v, in, in->nty > want ? want : 0),
		    "'%s' takes %s types (%s), not %d", op, set ? "two" : "three",
		    set ? "the sources'" : "the result's and the two sources'", in->nty);
		return 1;
	}
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] >= NTY && in->mod[i] < NMOD && ir_modinfo[in->mod[i]].cls == MC_CMP && ++ncmp == 2) {
			verify_report(v, VC_COMPARE, verify_modat(v, in, i), "'%s' has two comparisons", op);
			return 1;
		}
	if (set && !ncmp) {
		verify_report(v, VC_COMPARE, in->loc, "'%s' needs a comparison (.eq, .ne, .lt, .le, .gt or .ge)", op);
		return 1;
	}
	return 0;
}

/* Video instructions work on 32-bit integer registers (bytes and halves
 * picked by selectors). */
static void
video(Verify *v, Ins *in)
{
	static const int simd[] = { OP_VADD2, OP_VSUB2, OP_VAVRG2, OP_VABSDIFF2, OP_VMIN2, OP_VMAX2, OP_VSET2,
		OP_VADD4, OP_VSUB4, OP_VAVRG4, OP_VABSDIFF4, OP_VMIN4, OP_VMAX4, OP_VSET4 };

	if (videomods(v, in))
		return;
	for (int i = 0; i < in->nopnd; i++) {
		/* the SIMD forms read every source through a selector, which a
		 * literal has none of (ptxas 13.0: "Incorrect video selector for
		 * operand N"); the scalar ones take literals */
		for (size_t k = 0; i >= in->ndst && k < sizeof simd / sizeof simd[0]; k++)
			if (in->op == simd[k] && (in->opnd[i].kind == OK_IMM || in->opnd[i].kind == OK_FIMM)) {
				verify_report(v, VC_OPTYPE, in->opnd[i].loc, "operand %d of '%s' is a literal; the SIMD "
				    "video instructions read registers through selectors", i + 1, ir_opinfo[in->op].name);
				return;
			}
		/* a selector picks bytes or halves of a 32-bit register
		 * ("Unknown field '.h10'" of a .b16 or .b64 one) */
		if (in->opnd[i].kind == OK_REG && in->opnd[i].sel != SEL_NONE && in->opnd[i].sym &&
		    in->opnd[i].sym->kind == SYM_REG && verify_bits(in->opnd[i].sym->type) != 32) {
			verify_report(v, VC_OPTYPE, in->opnd[i].loc, "operand %d of '%s' selects from register '%s' of type "
			    ".%s; a video selector takes bytes or halves of a 32-bit register", i + 1,
			    ir_opinfo[in->op].name, in->opnd[i].sym->name, tyname(in->opnd[i].sym->type));
			return;
		}
		/* ptxas 13.0 takes a .f16x2 register wherever a video
		 * instruction takes a .b32 one, a destination too */
		if (!(in->opnd[i].kind == OK_REG && in->opnd[i].sym && in->opnd[i].sym->kind == SYM_REG &&
		    in->opnd[i].sym->type == TY_F16X2))
			verify_fragreg(v, in, &in->opnd[i], i, FK_I32);
	}
}

/*
 * multimem.ld_reduce, multimem.red and multimem.st, as ptxas 13.0 takes
 * them: .and/.or/.xor reduce only .b32 and .b64, .min/.max the 32- and
 * 64-bit integers and the 16-bit floats (red the packed .f16x2 and
 * .bf16x2 only in a vector), .add those but .s64, and .f32 and .f64 too; a vector (.v2/.v4/.v8) only of floats, of at most 16 bytes
 * and never of .f64; and scalar .f16/.bf16 not at all.  The 8-bit float
 * types (sm_100a) are left alone.
 */
static void
multimem(Verify *v, Ins *in)
{
	const char *name = ir_opinfo[in->op].name;
	int t = in->ty[0], k = verify_kind(t), vec = in->vec;
	int op = ir_hasmod(in, MOD_AND) ? MOD_AND : ir_hasmod(in, MOD_OR) ? MOD_OR :
	    ir_hasmod(in, MOD_XOR) ? MOD_XOR : ir_hasmod(in, MOD_MIN) ? MOD_MIN :
	    ir_hasmod(in, MOD_MAX) ? MOD_MAX : ir_hasmod(in, MOD_ADD) ? MOD_ADD : 0;
	int f16 = t == TY_F16 || t == TY_BF16 || t == TY_F16X2 || t == TY_BF16X2;
	int fp8 = t == TY_E4M3 || t == TY_E5M2 || t == TY_E4M3X2 || t == TY_E5M2X2 ||
	    t == TY_E4M3X4 || t == TY_E5M2X4;

	/* a scope goes with a memory order and the reverse: .weak, which
	 * ld_reduce and st take, with none ("Modifier '.gpu' requires order
	 * with 'multimem.st' instruction", "Modifier '.release' requires
	 * scope", "Modifier '.weak' cannot be combined with modifier '.gpu'") */
	if (ir_mod_scope(in) != MOD_NONE && (ir_mod_sem(in) == MOD_NONE || ir_hasmod(in, MOD_WEAK))) {
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, ir_mod_scope(in)), "'%s.%s' needs a memory order "
		    "(.relaxed, %s)", name, ir_modinfo[ir_mod_scope(in)].name,
		    in->op == OP_MULTIMEM_LD_REDUCE ? ".acquire" : ".release");
		return;
	}
	if (ir_mod_sem(in) != MOD_NONE && !ir_hasmod(in, MOD_WEAK) && ir_mod_scope(in) == MOD_NONE) {
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, ir_mod_sem(in)), "'%s.%s' needs a scope "
		    "(.cta, .cluster, .gpu, .sys)", name, ir_modinfo[ir_mod_sem(in)].name);
		return;
	}
	/* an accumulation precision is for .add of 16-bit floats (.acc::f32)
	 * or of 8-bit ones (.acc::f16, sm_100a) ("Illegal reduction
	 * operation for instruction 'multimem.ld_reduce.acc::f32'", "Illegal
	 * modifier '.acc::f32' for instruction 'multimem.ld_reduce' with
	 * type '.u32'") */
	if (in->op == OP_MULTIMEM_LD_REDUCE && (ir_hasmod(in, MOD_ACC_F32) || ir_hasmod(in, MOD_ACC_F16))) {
		int acc = ir_hasmod(in, MOD_ACC_F32) ? MOD_ACC_F32 : MOD_ACC_F16;
		if (op && op != MOD_ADD) {
			verify_report(v, VC_MODIFIER, verify_modloc(v, in, op), "'%s.%s' reduces by .add alone, not .%s", name,
			    ir_modinfo[acc].name, ir_modinfo[op].name);
			return;
		}
		if (in->nty == 1 && (acc == MOD_ACC_F32 ? !f16 : !fp8)) {
			verify_report(v, VC_MODIFIER, verify_modloc(v, in, acc), "'%s.%s' is for .%s types, not .%s", name,
			    ir_modinfo[acc].name, acc == MOD_ACC_F32 ? "f16, .bf16, .f16x2 and .bf16x2" :
			    "e4m3 and .e5m2 (and their x2 and x4)", tyname(t));
			return;
		}
	}
	if (in->nty != 1 || fp8)
		return;
	if (op) {
		int ok;
		if (op == MOD_AND || op == MOD_OR || op == MOD_XOR)
			ok = t == TY_B32 || t == TY_B64;
		else if (op == MOD_MIN || op == MOD_MAX)
			/* red takes the packed halves only in a vector */
			ok = t == TY_U32 || t == TY_S32 || t == TY_U64 || t == TY_S64 ||
			    (f16 && (in->op != OP_MULTIMEM_RED || vec > 1 || t == TY_F16 || t == TY_BF16));
		else
			ok = t == TY_U32 || t == TY_S32 || t == TY_U64 || f16 || t == TY_F32 || t == TY_F64;
		if (!ok) {
			verify_report(v, VC_INSTRTYPE, in->loc, "incorrect type '.%s' for operation '.%s' in '%s'",
			    tyname(t), ir_modinfo[op].name, name);
			return;
		}
	}
	if (vec > 1 && k != TK_FLOAT && k != TK_PACKED)
		verify_report(v, VC_VECTOR, in->loc, "a vector qualifier is not allowed for '%s' of .%s", name,
		    tyname(t));
	else if (vec > 1 && (t == TY_F64 || (int64_t)vec * verify_bits(t) > 128))
		verify_report(v, VC_VECTOR, in->loc, "inconsistent type '.%s' with vector .v%d for '%s'",
		    tyname(t), vec, name);
	else if (vec == 1 && (t == TY_F16 || t == TY_BF16))
		verify_report(v, VC_INSTRTYPE, in->loc, "'%s' takes .%s only as a vector (.v2, .v4 or .v8)", name,
		    tyname(t));
}

/*
 * sured: the types each operation reduces (ptxas 13.0 on sm_90).  sured.b
 * adds .u32, .s32 and .u64, takes the minimum or maximum of .u32 and
 * .s32 (and of .u64 and .s64 from PTX 8.1, target.c), and ands and ors
 * .b32 ("Incorrect type '.b32' for operation '.add' in instruction
 * 'sured.b'"); sured.p reduces .b32 only, and .b64 for .min and .max
 * from PTX 8.1 ("Unexpected instruction types specified for 'sured.p'").
 */
static void
suredtype(Verify *v, Ins *in)
{
	int t = in->nty == 1 ? in->ty[0] : 0, p = ir_hasmod(in, MOD_P), ok;
	int op = ir_hasmod(in, MOD_AND) ? MOD_AND : ir_hasmod(in, MOD_OR) ? MOD_OR :
	    ir_hasmod(in, MOD_MIN) ? MOD_MIN : ir_hasmod(in, MOD_MAX) ? MOD_MAX : ir_hasmod(in, MOD_ADD) ? MOD_ADD : 0;

	if (!t || !op)
		return;
	if (p)
		ok = t == TY_B32 || (t == TY_B64 && (op == MOD_MIN || op == MOD_MAX));
	else if (op == MOD_AND || op == MOD_OR)
		ok = t == TY_B32;
	else if (op == MOD_ADD)
		ok = t == TY_U32 || t == TY_S32 || t == TY_U64;
	else
		ok = t == TY_U32 || t == TY_S32 || t == TY_U64 || t == TY_S64;
	if (!ok)
		verify_report(v, VC_INSTRTYPE, in->loc, "incorrect type '.%s' for operation '.%s' in 'sured.%s'",
		    tyname(t), ir_modinfo[op].name, p ? "p" : "b");
}

/*
 * st.bulk [a], size, initval: the size a multiple of 8 (an immediate) or a
 * 64-bit register, the initial value the immediate 0, and with
 * .shared::cta the address in a register: ptxas 13.0 refuses a variable's
 * name there (as "Argument 1 of instruction 'add': must be register", a
 * message of its own lowering), though it takes one in a generic st.bulk.
 */
static void
stbulk(Verify *v, Ins *in)
{
	if (in->nopnd != 3)
		return;
	const Opnd *a = &in->opnd[0], *n = &in->opnd[1], *z = &in->opnd[2];
	if (ir_hasmod(in, MOD_SHARED_CTA) && a->kind == OK_ADDR && a->base && a->base->kind == OK_SYM)
		verify_report(v, VC_OPTYPE, a->loc,
		    "'st.bulk.shared::cta' takes its address in a register, not the variable '%s'",
		    a->base->sym ? a->base->sym->name : "?");
	if (n->kind == OK_IMM && n->imm % 8 != 0)
		verify_report(v, VC_OPTYPE, n->loc, "the size of 'st.bulk' is %lld, which is not a multiple of 8",
		    (long long)n->imm);
	else if (n->kind == OK_REG && n->sym && n->sym->kind == SYM_REG && verify_bits(n->sym->type) != 64)
		verify_report(v, VC_OPTYPE, n->loc, "the size of 'st.bulk' must be a 64-bit register, not the %d-bit '%s'",
		    verify_bits(n->sym->type), n->sym->name);
	if (z->kind == OK_IMM && z->imm != 0)
		verify_report(v, VC_OPTYPE, z->loc, "the initial value of 'st.bulk' must be 0, not %lld", (long long)z->imm);
}

/* discard and applypriority act on one 128-byte line ("Argument 2 of
 * instruction 'discard': unexpected value '4', expected to be 128"). */
static void
linesize(Verify *v, Ins *in)
{
	const Opnd *n = in->nopnd == 2 ? &in->opnd[1] : NULL;

	if (n && n->kind == OK_IMM && n->imm != 128)
		verify_report(v, VC_OPTYPE, n->loc, "the size of '%s' is %lld; it acts on one 128-byte line (128)",
		    ir_opinfo[in->op].name, (long long)n->imm);
}

/* prefetchu prefetches a generic address, which a register holds or a
 * .global variable names: a variable of another space is refused ("Non-
 * generic address is not supported as operand for prefetchu instruction",
 * "State space mismatch between instruction and address"). */
static void
prefetchu(Verify *v, Ins *in)
{
	const Opnd *a = in->nopnd == 1 ? &in->opnd[0] : NULL;
	const Sym *s = a && a->kind == OK_ADDR && a->base && a->base->kind == OK_SYM ? a->base->sym : NULL;

	if (s && s->kind == SYM_VAR && s->space != SP_GLOBAL)
		verify_report(v, VC_SPACE, a->loc, "'prefetchu' takes a generic address; '%s' is not in .global", s->name);
}

/* fence.proxy.tensormap::generic: the release has no operands, the
 * acquire an address and a size, that of a tensor map, 128 (".release
 * modifier required for instruction 'fence.proxy' with 0 arguments",
 * ".acquire ... with 2 arguments", "Argument 1 of instruction
 * 'fence.proxy': unexpected value '64', expected to be 128"). */
static void
tmapfence(Verify *v, Ins *in)
{
	if (ir_hasmod(in, MOD_RELEASE) && in->nopnd != 0)
		verify_report(v, VC_OPTYPE, in->opnd[0].loc, "'fence.proxy.tensormap::generic.release' takes no operands");
	else if (ir_hasmod(in, MOD_ACQUIRE) && in->nopnd != 2)
		verify_report(v, VC_OPTYPE, in->loc, "'fence.proxy.tensormap::generic.acquire' takes an address and a size");
	else if (in->nopnd == 2 && in->opnd[1].kind == OK_IMM && in->opnd[1].imm != 128)
		verify_report(v, VC_OPTYPE, in->opnd[1].loc, "the size of 'fence.proxy.tensormap::generic' is %lld; that "
		    "of a tensor map is 128", (long long)in->opnd[1].imm);
}

/* setmaxnreg's count is a multiple of 8 from 24 to 256 ("Argument 1 of
 * instruction 'setmaxnreg.inc': unexpected value '36', expected to be
 * multiple of 8", "value '16' out of range, expected to be in range
 * [24..256]"). */
static void
setmaxnreg(Verify *v, Ins *in)
{
	const Opnd *n = in->nopnd == 1 ? &in->opnd[0] : NULL;

	if (n && n->kind == OK_IMM && (n->imm < 24 || n->imm > 256 || n->imm % 8 != 0))
		verify_report(v, VC_OPTYPE, n->loc, "the register count of 'setmaxnreg' is %lld; it is a multiple of 8 "
		    "from 24 to 256", (long long)n->imm);
}

/* istypep tests a handle in a 64-bit register into a predicate
 * ("Arguments mismatch for instruction 'istypep'" for a .texref's name, a
 * 32-bit register or a 32-bit result). */
static void
istypep(Verify *v, Ins *in)
{
	const Opnd *d = in->nopnd == 2 ? &in->opnd[0] : NULL, *a = d ? &in->opnd[1] : NULL;

	if (d && d->kind == OK_REG && d->sym && d->sym->kind == SYM_REG && d->sym->type != TY_PRED)
		verify_report(v, VC_OPTYPE, d->loc, "the result of 'istypep' is a predicate, not the .%s '%s'",
		    tyname(d->sym->type), d->sym->name);
	else if (a && !(a->kind == OK_REG && a->sym && a->sym->kind == SYM_REG && a->sym->type != TY_PRED &&
	    verify_bits(a->sym->type) == 64))
		verify_report(v, VC_OPTYPE, a->loc, "'istypep' tests a handle held in a 64-bit register");
}

/* min and max take a third source for .f32 alone ("Arguments mismatch
 * for instruction 'max'" for max.u32 d, a, b, c and for .f16, .bf16x2,
 * .f64), from sm_100 ("Feature 'max.f32 with 3 input operands' requires
 * .target sm_100 or higher"). */
static void
minmax3(Verify *v, Ins *in)
{
	const char *op = ir_opinfo[in->op].name;

	if (in->nopnd != 4 || in->nty != 1)
		return;
	if (in->ty[0] != TY_F32)
		verify_report(v, VC_OPTYPE, in->opnd[3].loc, "'%s.%s' takes two sources; a third is for .f32 alone", op,
		    tyname(in->ty[0]));
	else if (v->m->sm && v->m->sm < 100)
		verify_report(v, VC_TARGET, in->opnd[3].loc, "'%s.f32' of three sources requires .target sm_100 or higher", op);
}

/* stackrestore takes its pointer in a register ("Result register
 * required"); alloca's alignment is a power of two ("Alignment must be a
 * power of two").  Their widths are VR_SAME's. */
static void
stackops(Verify *v, Ins *in)
{
	const Opnd *o;

	if (in->op == OP_STACKRESTORE && in->nopnd == 1 && (o = &in->opnd[0])->kind != OK_REG)
		verify_report(v, VC_OPTYPE, o->loc, "the pointer of 'stackrestore' must be a register");
	if (in->op == OP_ALLOCA && in->nopnd == 3 && (o = &in->opnd[2])->kind == OK_IMM &&
	    (o->imm <= 0 || (o->imm & (o->imm - 1)) != 0))
		verify_report(v, VC_OPTYPE, o->loc, "the alignment of 'alloca' is %lld, not a power of two",
		    (long long)o->imm);
}

/*
 * mbarrier operands as ptxas 13.0 types them ("Arguments mismatch"): the
 * arrival and transaction counts and try_wait's time hint are 32-bit
 * integers, the state arrive returns and the waits test 64-bit ones (a
 * 32-bit phase with .parity), the waits' result a predicate; no float
 * literal anywhere.  Shape letters: c 32-bit, s the state, p a predicate.
 */
static void
mbarops(Verify *v, Ins *in)
{
	const char *form;
	int parity = ir_hasmod(in, MOD_PARITY);

	/* arriving on a peer CTA's mbarrier (.shared::cluster) returns no
	 * state: its destination is the sink ("Sink '_' is expected as a
	 * destination operand for instruction 'mbarrier.arrive' with
	 * '.shared::cluster'") */
	if ((in->op == OP_MBARRIER_ARRIVE || in->op == OP_MBARRIER_ARRIVE_DROP) && in->nopnd >= 1 &&
	    ir_hasmod(in, MOD_SHARED_CLUSTER) && in->opnd[0].kind != OK_SINK) {
		verify_report(v, VC_OPTYPE, in->opnd[0].loc, "'%s.shared::cluster' returns no state: its destination is '_'",
		    ir_opinfo[in->op].name);
		return;
	}
	/* .expect_tx and .noComplete exclude each other ("Illegal modifier
	 * '.noComplete' for instruction 'mbarrier.arrive.expect_tx'") */
	if ((in->op == OP_MBARRIER_ARRIVE || in->op == OP_MBARRIER_ARRIVE_DROP) && ir_hasmod(in, MOD_EXPECT_TX) &&
	    ir_hasmod(in, MOD_NOCOMPLETE)) {
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, MOD_NOCOMPLETE), "'%s.expect_tx' takes no .noComplete",
		    ir_opinfo[in->op].name);
		return;
	}
	/* .expect_tx arrives with a transaction count and .noComplete with an
	 * arrival count, never without (ptxas 13.0: "Arguments mismatch",
	 * "Illegal modifier '.noComplete' for instruction 'mbarrier.arrive
	 * without count argument'") */
	if ((in->op == OP_MBARRIER_ARRIVE || in->op == OP_MBARRIER_ARRIVE_DROP) && in->nopnd < 3 &&
	    (ir_hasmod(in, MOD_EXPECT_TX) || ir_hasmod(in, MOD_NOCOMPLETE))) {
		verify_report(v, VC_OPTYPE, in->loc, "'%s.%s' takes a %s count after the mbarrier", ir_opinfo[in->op].name,
		    ir_hasmod(in, MOD_EXPECT_TX) ? "expect_tx" : "noComplete",
		    ir_hasmod(in, MOD_EXPECT_TX) ? "transaction" : "arrival");
		return;
	}
	/* an arrival count is positive ("Argument 2 of instruction
	 * 'mbarrier.arrive' : value '0' expected to be a non-zero positive");
	 * a transaction count (.expect_tx) may be 0 */
	if ((in->op == OP_MBARRIER_ARRIVE || in->op == OP_MBARRIER_ARRIVE_DROP) && in->nopnd == 3 &&
	    !ir_hasmod(in, MOD_EXPECT_TX) && in->opnd[2].kind == OK_IMM && in->opnd[2].imm <= 0) {
		verify_report(v, VC_OPTYPE, in->opnd[2].loc, "the arrival count of '%s' is %lld; it is positive",
		    ir_opinfo[in->op].name, (long long)in->opnd[2].imm);
		return;
	}
	switch (in->op) {
	case OP_MBARRIER_INIT: case OP_MBARRIER_EXPECT_TX: case OP_MBARRIER_COMPLETE_TX: form = "-c"; break;
	case OP_MBARRIER_ARRIVE: case OP_MBARRIER_ARRIVE_DROP: form = "s-c"; break;
	case OP_MBARRIER_TEST_WAIT: case OP_MBARRIER_TRY_WAIT: form = parity ? "p-cc" : "p-sc"; break;
	case OP_MBARRIER_PENDING_COUNT: form = "cs"; break;
	default: return;
	}
	for (int i = 0; i < in->nopnd && form[i]; i++) {
		const Opnd *o = &in->opnd[i];
		const Sym *r = o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG && o->sel == SEL_NONE ? o->sym : NULL;
		int want = form[i] == 's' ? 64 : 32, bad;
		if (form[i] == '-')
			continue;
		if (o->kind == OK_FIMM)
			bad = 1;
		else if (!r)
			continue;
		else if (form[i] == 'p')
			bad = r->type != TY_PRED;
		else
			bad = r->type != TY_PRED && (verify_bits(r->type) != want || (!isint(r->type) &&
			    verify_kind(r->type) != TK_BIT));
		if (bad) {
			if (o->kind == OK_FIMM)
				verify_report(v, VC_OPTYPE, o->loc, "float literal as operand %d of '%s'", i + 1,
				    ir_opinfo[in->op].name);
			else
				verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is .%s register '%s'; it is %s",
				    i + 1, ir_opinfo[in->op].name, tyname(r->type), r->name,
				    form[i] == 'p' ? "a predicate" : want == 64 ? "a 64-bit integer (the state)" :
				    "a 32-bit integer");
			return;
		}
	}
}

/* Whether register r is a 64-bit integer or .b one (a cache policy). */
static int
int64reg(const Sym *r)
{
	return r->type != TY_PRED && verify_bits(r->type) == 64 && (isint(r->type) || verify_kind(r->type) == TK_BIT);
}

/* The operand of cp.async after the size, where it is no cache policy:
 * the source size, a 32-bit integer register or literal, or the
 * ignore-src predicate (ptxas 13.0: "Arguments mismatch" for a .b16,
 * .b64 or float register and for a float literal). */
static int
srcsizeat(const Ins *in, int hint)
{
	return in->op == OP_CP_ASYNC && (in->nopnd == 5 || (in->nopnd == 4 && !hint)) ? 3 : -1;
}

static void
srcsize(Verify *v, Ins *in, int hint)
{
	int i = srcsizeat(in, hint);
	const Opnd *o = i >= 0 ? &in->opnd[i] : NULL;
	const Sym *r = o && o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG ? o->sym : NULL;

	if (o && o->kind == OK_NOT && o->nsub == 1)
		r = o->sub[0].kind == OK_REG && o->sub[0].sym && o->sub[0].sym->kind == SYM_REG ? o->sub[0].sym : NULL;
	if (!o || !(o->kind == OK_FIMM || (r && r->type != TY_PRED && (verify_bits(r->type) != 32 || isfloat(r->type) ||
	    verify_kind(r->type) == TK_PACKED))))
		return;
	verify_report(v, VC_OPTYPE, o->loc, "the source size of 'cp.async' is a 32-bit integer or the ignore-src "
	    "predicate, not %s%s%s", r ? "." : "a float literal", r ? tyname(r->type) : "", r ? " register" : "");
}

/*
 * The bulk copies, cp.async.bulk, cp.reduce.async.bulk and
 * cp.async.bulk.prefetch, as ptxas 13.0 counts and types their operands
 * ("Arguments mismatch"): the destination (none for the prefetch), the
 * source, the size, then the mbarrier with .mbarrier::complete_tx::bytes,
 * the CTA mask with .multicast::cluster, the cache policy with
 * .L2::cache_hint and last the byte mask with .cp_mask, each there when
 * and only when its word is written.  The size is a 32-bit integer
 * register or an integer literal (a .b64, .b16, .f32 or predicate
 * register, a float literal: "Arguments mismatch"); a literal one is a
 * multiple of 16 up to 1048560 (verify_immfields).  bulksizeat gives the
 * size's index, -1 for another instruction; bulkpolicyat the policy's,
 * -1 when the count is wrong or unknown.
 */
static int
bulksizeat(const Ins *in)
{
	switch (in->op) {
	case OP_CP_ASYNC_BULK_PREFETCH: return 1;
	case OP_CP_ASYNC_BULK: case OP_CP_REDUCE_ASYNC_BULK: return 2;
	}
	return -1;
}

/* The operands the bulk copy in takes by its words; -1 unknown (.ignore_oob, PTX 9.2). */
static int
bulkcount(const Ins *in)
{
	int size = bulksizeat(in);

	if (size < 0 || ir_hasmod(in, MOD_IGNORE_OOB))
		return -1;
	return size + 1 + ir_hasmod(in, MOD_MBAR_COMPLETE_TX) + ir_hasmod(in, MOD_MULTICAST_CLUSTER) +
	    ir_hasmod(in, MOD_L2_CACHE_HINT) + ir_hasmod(in, MOD_CP_MASK);
}

static int
bulkpolicyat(const Ins *in)
{
	int n = bulkcount(in);

	return n >= 0 && in->nopnd == n ? n - 1 - ir_hasmod(in, MOD_CP_MASK) : -1;
}

static void
bulkops(Verify *v, Ins *in)
{
	const char *op = ir_opinfo[in->op].name;
	int i = bulksizeat(in), n = bulkcount(in);
	const Opnd *o = i >= 0 && i < in->nopnd ? &in->opnd[i] : NULL;
	const Sym *r = o && o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG ? o->sym : NULL;

	if (n >= 0 && in->nopnd != n) {
		verify_report(v, VC_OPTYPE, in->loc, "'%s' takes %d operands here, not %d: %s", op, n, in->nopnd, i == 1 ?
		    "the source and the size, then a cache policy with .L2::cache_hint" : "the destination, the source and "
		    "the size, then an mbarrier, a CTA mask, a cache policy and a byte mask where their words are written");
		return;
	}
	if (o && (o->kind == OK_FIMM || (r && (r->type == TY_PRED || verify_bits(r->type) != 32 || isfloat(r->type) ||
	    verify_kind(r->type) == TK_PACKED))))
		verify_report(v, VC_OPTYPE, o->loc, "the size of '%s' is a 32-bit integer, not %s%s%s", op,
		    r ? "." : "a float literal", r ? tyname(r->type) : "", r ? " register" : "");
}

/*
 * Cache policies (ptxas 13.0, "Arguments mismatch"): the policy operand
 * .L2::cache_hint adds is a 64-bit integer register or an integer
 * literal; without .L2::cache_hint, ld, st, atom and red have no room for
 * it (".L2::cache_hint modifier required for instruction 'ld' with 3
 * arguments").  createpolicy gives a 64-bit policy, converts one
 * (createpolicy.cvt) and takes 32-bit sizes (createpolicy.range).
 */
static void
cachepolicy(Verify *v, Ins *in)
{
	const char *op = ir_opinfo[in->op].name;
	int hint = ir_hasmod(in, MOD_L2_CACHE_HINT), plain = 0;

	switch (in->op) {
	case OP_LD: case OP_ST: plain = 2; break;
	case OP_ATOM:
		plain = ir_hasmod(in, MOD_CAS) || (in->ty[0] == TY_B32 && (ir_hasmod(in, MOD_EXCH) ||
		    ir_hasmod(in, MOD_AND) || ir_hasmod(in, MOD_OR) || ir_hasmod(in, MOD_XOR))) ? 4 : 3;
		break;
	case OP_RED: plain = 2; break;
	/* d, s, the size and the source size (or the ignore-src predicate) */
	case OP_CP_ASYNC: plain = 4; break;
	}
	/* atom.cas has a compare and a swap value (ptxas: "Arguments mismatch");
	 * ptxas 13.0 also takes a second value after the .b32 forms of .exch,
	 * .and, .or and .xor (not .b64), and ignores it */
	if (in->op == OP_ATOM && ir_hasmod(in, MOD_CAS) && in->nopnd < 4) {
		verify_report(v, VC_OPTYPE, in->loc, "'atom.cas' takes a compare and a swap value (%d operands, not %d)",
		    4 + hint, in->nopnd);
		return;
	}
	if (plain && !hint && in->nopnd > plain) {
		verify_report(v, VC_MODIFIER, in->loc, "'%s' with %d operands needs .L2::cache_hint", op, in->nopnd);
		return;
	}
	/* the second value ptxas 13.0 takes after atom's .b32 .exch, .and, .or
	 * and .xor is a register: an integer literal there reads as a cache
	 * policy (".L2::cache_hint modifier required for instruction 'atom'
	 * with 4 arguments" for atom.and.b32 d, [a], b, 7) */
	if (in->op == OP_ATOM && !hint && !ir_hasmod(in, MOD_CAS) && in->nopnd == 4 && in->opnd[3].kind == OK_IMM) {
		verify_report(v, VC_MODIFIER, in->opnd[3].loc, "'atom' reads a literal fourth operand as a cache policy, "
		    "which needs .L2::cache_hint");
		return;
	}
	/* with .L2::cache_hint, ld, st, red and atom take the policy last and
	 * nothing else more: atom no second value but cas's swap ("Arguments
	 * mismatch for instruction 'ld'" for ld.L2::cache_hint d, [a]) */
	if (hint && (in->op == OP_LD || in->op == OP_ST || in->op == OP_RED || in->op == OP_ATOM)) {
		int want = in->op == OP_ATOM ? (ir_hasmod(in, MOD_CAS) ? 5 : 4) : 3;
		if (in->nopnd != want) {
			verify_report(v, VC_OPTYPE, in->loc, "'%s.L2::cache_hint' takes %d operands, the cache policy last, "
			    "not %d", op, want, in->nopnd);
			return;
		}
	}
	/* cp.async's policy comes after the size: d, s, size, policy at least */
	if (hint && in->op == OP_CP_ASYNC && in->nopnd < 4) {
		verify_report(v, VC_OPTYPE, in->loc, "'cp.async' with .L2::cache_hint takes a cache policy after the size");
		return;
	}
	if (bulksizeat(in) >= 0) {
		/* bulkops() counts the operands; a byte mask follows the policy */
		int at = bulkpolicyat(in);
		if (hint && at >= 0) {
			const Opnd *o = &in->opnd[at];
			const Sym *r = o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG ? o->sym : NULL;
			if (o->kind == OK_FIMM || (r && !int64reg(r)))
				verify_report(v, VC_OPTYPE, o->loc,
				    "the cache policy of '%s' is a 64-bit integer register or literal", op);
		}
		return;
	}
	if (hint && in->nopnd >= 2) {
		const Opnd *o = &in->opnd[in->nopnd - 1];
		const Sym *r = o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG ? o->sym : NULL;
		if (o->kind == OK_FIMM || (r && !int64reg(r))) {
			verify_report(v, VC_OPTYPE, o->loc, "the cache policy of '%s' is a 64-bit integer register or literal", op);
			return;
		}
	}
	if (in->op == OP_CP_ASYNC) {
		srcsize(v, in, hint);
		return;
	}
	if (in->op != OP_CREATEPOLICY_FRACTIONAL && in->op != OP_CREATEPOLICY_RANGE && in->op != OP_CREATEPOLICY_CVT)
		return;
	/* createpolicy.range names .global or no space ("State space
	 * incorrect for instruction 'createpolicy.range'" for .const,
	 * .shared, .local, .param) */
	if (in->op == OP_CREATEPOLICY_RANGE && in->space != SP_NONE && in->space != SP_GLOBAL) {
		verify_report(v, VC_SPACE, in->loc, "'%s' takes .global or no state space", op);
		return;
	}
	/* a primary priority, then a secondary one of .L2::evict_first or
	 * .L2::evict_unchanged alone (ptxas 13.0: "Unsupported modifier
	 * '.evict_last' as secondary_priority"), and no third ("Unexpected
	 * number of '.level::eviction_priority' modifiers specified") */
	for (int i = 0, n = 0; i < in->nmod; i++) {
		int md = in->mod[i];
		if (md != MOD_L2_EVICT_NORMAL && md != MOD_L2_EVICT_FIRST && md != MOD_L2_EVICT_LAST &&
		    md != MOD_L2_EVICT_UNCHANGED)
			continue;
		if (n == 2) {
			verify_report(v, VC_MODIFIER, verify_modat(v, in, i), "'%s' takes two priorities at most, a primary "
			    "and a secondary one", op);
			return;
		}
		if (n++ && md != MOD_L2_EVICT_FIRST && md != MOD_L2_EVICT_UNCHANGED) {
			verify_report(v, VC_MODIFIER, verify_modat(v, in, i), "'%s' takes .%s as its primary priority "
			    "only; the secondary is .L2::evict_first or .L2::evict_unchanged", op, ir_modinfo[md].name);
			return;
		}
	}
	for (int i = 0; i < in->nopnd; i++) {
		const Opnd *o = &in->opnd[i];
		const Sym *r = o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG ? o->sym : NULL;
		/* the policy made and the one converted are 64-bit; range's sizes 32-bit */
		int want64 = i == 0 || in->op == OP_CREATEPOLICY_CVT;
		/* fractional's fraction is a float: a literal of one, or a .f32
		 * or .b32 register ("Arguments mismatch for instruction
		 * 'createpolicy.fractional'" for 0, 16 or a .u32 register) */
		if (in->op == OP_CREATEPOLICY_FRACTIONAL && i == 1) {
			if (o->kind == OK_IMM || (r && r->type != TY_F32 && r->type != TY_B32))
				verify_report(v, VC_OPTYPE, o->loc, "the fraction of '%s' is a float: a float literal or a .f32 or "
				    ".b32 register", op);
			if (o->kind == OK_IMM || r)
				return;
		}
		/* range's sizes are integers ("Arguments mismatch" for 1.0) */
		if (o->kind == OK_FIMM && in->op == OP_CREATEPOLICY_RANGE) {
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is a float literal; it is an integer", i + 1, op);
			return;
		}
		if (!r || o->kind == OK_ADDR)
			continue;
		if (want64 ? !int64reg(r) : r->type == TY_PRED || verify_bits(r->type) != 32 || isfloat(r->type)) {
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is .%s register '%s'; it is a %s integer",
			    i + 1, op, tyname(r->type), r->name, want64 ? "64-bit" : "32-bit");
			return;
		}
	}
	/* range's primary size, where both are literals, is at most its total
	 * size, the two compared as unsigned 32-bit values ("Argument 3 of
	 * instruction 'createpolicy.range': value '16' must be less than or
	 * equal to the value '7' of argument 4"; ptxas 13.0 takes 1, -3) */
	if (in->op == OP_CREATEPOLICY_RANGE && in->nopnd == 4 && in->opnd[2].kind == OK_IMM && in->opnd[3].kind == OK_IMM &&
	    (uint32_t)in->opnd[2].imm > (uint32_t)in->opnd[3].imm)
		verify_report(v, VC_OPTYPE, in->opnd[2].loc, "the primary size of '%s', %lld, is over its total size, %lld", op,
		    (long long)in->opnd[2].imm, (long long)in->opnd[3].imm);
}

/* shf's shift amount, a 32-bit integer: register or integer literal
 * ("Arguments mismatch"; its other operands may be any 32 bits). */
static void
shfamount(Verify *v, Ins *in)
{
	const Opnd *o = in->nopnd == 4 ? &in->opnd[3] : NULL;
	const Sym *r = o && o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG ? o->sym : NULL;

	if (!o || !(o->kind == OK_FIMM || (r && r->type != TY_PRED && (verify_bits(r->type) != 32 || isfloat(r->type) ||
	    verify_kind(r->type) == TK_PACKED))))
		return;
	verify_report(v, VC_OPTYPE, o->loc, "the shift amount of 'shf' is a 32-bit integer, not %s%s%s",
	    r ? "." : "a float literal", r ? tyname(r->type) : "", r ? " register" : "");
}

/* cp.reduce.async.bulk.tensor is written in full, ptxas 13.0 wanting
 * each part: a dimension (".dim modifier required"), .global then
 * .shared::cta, the destination's space first ("State space incorrect"),
 * an operation ("Reduction operation is required"), .bulk_group
 * (".completion_mechanism modifier required"); its destination is
 * [tensormap, {coordinates}], one coordinate a dimension in braces, none
 * a register of other than 32 bits (a predicate or a float literal passes)
 * ("Arguments mismatch", "Vector expected", "Argument vector size
 * mismatch"), its source a plain address, and a cache policy follows when
 * and only when .L2::cache_hint is written ("Arguments mismatch"). */
static void
reducetensor(Verify *v, const Ins *in)
{
	static const ModId dims[] = { MOD_1D, MOD_2D, MOD_3D, MOD_4D, MOD_5D };
	static const ModId ops[] = { MOD_ADD, MOD_MIN, MOD_MAX, MOD_INC, MOD_DEC, MOD_AND, MOD_OR, MOD_XOR };
	const char *op = ir_opinfo[in->op].name;
	int dim = 0, hasop = 0;

	for (int i = 0; i < 5; i++)
		if (ir_hasmod(in, dims[i]))
			dim = i + 1;
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		hasop |= ir_hasmod(in, ops[i]);
	if (!dim)
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs a dimension (.1d ... .5d)", op);
	else if (!ir_modbefore(in, MOD_GLOBAL, MOD_SHARED_CTA))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' is written with .global.shared::cta, the destination's space "
		    "first", op);
	else if (!hasop)
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs an operation (.add, .min, .max, .inc, .dec, .and, .or, "
		    ".xor)", op);
	else if (!ir_hasmod(in, MOD_BULK_GROUP))
		verify_report(v, VC_MODIFIER, in->loc, "'%s' needs its completion mechanism, .bulk_group", op);
	if (in->nopnd < 2)
		return;
	const Opnd *d = &in->opnd[0], *s = &in->opnd[1];
	const Opnd *c = d->kind == OK_ADDR && d->addrlist && d->nsub == 2 ? &d->sub[1] : NULL;
	if (!c || c->kind != OK_VEC) {
		verify_report(v, VC_OPTYPE, d->loc, "the destination of '%s' is [tensormap, {coordinates}]", op);
		return;
	}
	for (int i = 0; i < c->nsub; i++) {
		const Sym *r = verify_elemreg(&c->sub[i]);
		if (c->sub[i].kind == OK_REG && r && r->type != TY_PRED && verify_bits(r->type) != 32) {
			verify_report(v, VC_OPTYPE, c->sub[i].loc, "coordinate '%s' of '%s' is a .%s register; "
			    "coordinates are 32-bit", r->name, op, tyname(r->type));
			return;
		}
	}
	if (dim && c->nsub != dim)
		verify_report(v, VC_VECTOR, c->loc, "%d coordinate%s for '%s.%dd'; it takes %d", c->nsub,
		    c->nsub == 1 ? "" : "s", op, dim, dim);
	if (s->kind == OK_ADDR && s->addrlist)
		verify_report(v, VC_OPTYPE, s->loc, "the source of '%s' is an address in .shared::cta, not a tensor", op);
	else if ((in->nopnd == 3) != ir_hasmod(in, MOD_L2_CACHE_HINT))
		verify_report(v, VC_OPTYPE, in->nopnd == 3 ? in->opnd[2].loc : in->loc, in->nopnd == 3 ?
		    "'%s' takes a cache policy with .L2::cache_hint only" : "'%s.L2::cache_hint' takes a cache policy", op);
}

/* A barrier reduction's operation fixes its type: .popc counts into a
 * .u32, .and and .or give a .pred (ptxas 13.0: "Operation requires .pred
 * type", "Operation requires .u32 type"). */
static void
barred(Verify *v, const Ins *in)
{
	int popc = ir_hasmod(in, MOD_POPC), want = popc ? TY_U32 : TY_PRED;

	if (in->nty != 1 || (!popc && !ir_hasmod(in, MOD_AND) && !ir_hasmod(in, MOD_OR)) || in->ty[0] == want)
		return;
	verify_report(v, VC_OPTYPE, in->loc, "'%s.%s' gives a .%s, not .%s", ir_opinfo[in->op].name,
	    popc ? "popc" : ir_hasmod(in, MOD_AND) ? "and" : "or", want == TY_U32 ? "u32" : "pred",
	    ir_tyinfo[in->ty[0]].name);
}

void
verify_families(Verify *v, Ins *in)
{
	switch (ir_opinfo[in->op].vrule) {
	case VR_TEX:
		texture(v, in);
		break;
	case VR_VIDEO:
		video(v, in);
		break;
	}
	if (in->op == OP_MULTIMEM_LD_REDUCE || in->op == OP_MULTIMEM_RED || in->op == OP_MULTIMEM_ST)
		multimem(v, in);
	else if (in->op == OP_ST_BULK)
		stbulk(v, in);
	else if (in->op == OP_STACKRESTORE || in->op == OP_ALLOCA)
		stackops(v, in);
	else if (in->op == OP_ISTYPEP)
		istypep(v, in);
	else if (in->op == OP_MIN || in->op == OP_MAX)
		minmax3(v, in);
	else if (in->op == OP_DISCARD || in->op == OP_APPLYPRIORITY)
		linesize(v, in);
	else if (in->op == OP_PREFETCHU)
		prefetchu(v, in);
	else if (in->op == OP_FENCE_PROXY_TENSORMAP_GENERIC)
		tmapfence(v, in);
	else if (in->op == OP_SETMAXNREG)
		setmaxnreg(v, in);
	else if (in->op == OP_SHF)
		shfamount(v, in);
	else if (in->op == OP_BAR_RED || in->op == OP_BAR_CTA_RED || in->op == OP_BARRIER_RED ||
	    in->op == OP_BARRIER_CTA_RED)
		barred(v, in);
	else if (in->op == OP_SURED)
		suredtype(v, in);
	else if (in->op == OP_CP_REDUCE_ASYNC_BULK_TENSOR)
		reducetensor(v, in);
	else if (bulksizeat(in) >= 0)
		bulkops(v, in);
	else
		mbarops(v, in);
	cachepolicy(v, in);
}

/*
 * Immediates with a field of their own (ptxas 13.0: "Argument 3 of
 * instruction 'bfe': value '256' out of range, expected to be in range
 * [0..255]"; "unexpected value '12', expected to be 4 or 8 or 16"): bfe's
 * and bfi's position and length, cp.async's size and its source size,
 * which is at most the size.  The value as written, all 64 bits of it.
 */
void
verify_immfields(Verify *v, Ins *in)
{
	static const struct { int op, i; int64_t lo, hi; } field[] = {
		{OP_BFE, 2, 0, 255}, {OP_BFE, 3, 0, 255}, {OP_BFI, 3, 0, 255}, {OP_BFI, 4, 0, 255},
	};
	const char *op = ir_opinfo[in->op].name;

	for (size_t k = 0; k < sizeof field / sizeof field[0]; k++) {
		const Opnd *o = field[k].i < in->nopnd ? &in->opnd[field[k].i] : NULL;
		if (field[k].op == in->op && o && o->kind == OK_IMM && (o->imm < field[k].lo || o->imm > field[k].hi))
			verify_report(v, VC_OPTYPE, o->loc, "operand %d of '%s' is %lld, out of range [%lld..%lld]",
			    field[k].i + 1, op, (long long)o->imm, (long long)field[k].lo, (long long)field[k].hi);
	}
	/* ptxas: "Argument 0 of instruction 'pmevent': value '16' out of
	 * range, expected to be in range [0..15]"; .mask takes 16 bits */
	if (in->op == OP_PMEVENT && in->nopnd > 0 && in->opnd[0].kind == OK_IMM) {
		int64_t hi = ir_hasmod(in, MOD_MASK) ? 0xffff : 15;
		if (in->opnd[0].imm < 0 || in->opnd[0].imm > hi)
			verify_report(v, VC_OPTYPE, in->opnd[0].loc, "operand 1 of 'pmevent%s' is %lld, out of range [0..%lld]",
			    hi == 15 ? "" : ".mask", (long long)in->opnd[0].imm, (long long)hi);
	}
	/* ptxas: "Argument 1 of instruction 'cp.async.bulk.prefetch':
	 * unexpected value '8', expected to be multiple of 16", "value
	 * '1048576' out of range, expected to be in range [0..1048560]" */
	int bs = bulksizeat(in);
	if (bs >= 0 && bs < in->nopnd && in->opnd[bs].kind == OK_IMM) {
		int64_t n = in->opnd[bs].imm;
		if (n % 16)
			verify_report(v, VC_OPTYPE, in->opnd[bs].loc, "the size of '%s' is %lld; it is a multiple of 16", op,
			    (long long)n);
		else if (n < 0 || n > 1048560)
			verify_report(v, VC_OPTYPE, in->opnd[bs].loc, "the size of '%s' is %lld, out of range [0..1048560]", op,
			    (long long)n);
	}
	if (in->op == OP_CP_ASYNC && in->nopnd > 2 && in->opnd[2].kind == OK_IMM) {
		int64_t n = in->opnd[2].imm;
		if (n != 4 && n != 8 && n != 16)
			verify_report(v, VC_OPTYPE, in->opnd[2].loc, "the size of 'cp.async' is %lld; it is 4, 8 or 16",
			    (long long)n);
		else if (srcsizeat(in, ir_hasmod(in, MOD_L2_CACHE_HINT)) == 3 && in->opnd[3].kind == OK_IMM &&
		    (in->opnd[3].imm < 0 || in->opnd[3].imm > n))
			verify_report(v, VC_OPTYPE, in->opnd[3].loc, "the source size of 'cp.async' is %lld, out of range [0..%lld]",
			    (long long)in->opnd[3].imm, (long long)n);
	}
}

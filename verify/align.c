/*
 * align.c — alignment and bounds of memory accesses.
 *
 * ptxas checks neither: `ld.global.v4.f32 [g+4]` with g `.align 16`, or
 * `ld.shared.u32 [s+64]` past a 16-byte array, assemble without a word and
 * then fault (misaligned address) or read a neighbour's data.  The pass
 * computes, for every SSA value, its known low bits (value == rem modulo a
 * power of two al) and, when it is a variable's address plus a constant,
 * which variable and which offset.  The facts come from declared .align (or
 * the natural alignment of the variable's type), .ptr.align on kernel
 * parameters, immediates, and flow through mov, cvta, cvt, add, sub, mul,
 * mad, shl, and with a constant mask, and phis (the meet keeps the low bits
 * both sides agree on).  Anything else knows nothing (al 1).
 *
 * The solver starts optimistic (top) and iterates in reverse postorder; a
 * function whose facts do not settle within the round limit is skipped, so
 * an unfinished, optimistic answer never reaches a check.  Only what is
 * proved is reported, which is what keeps the corpus free of findings: an
 * address whose low bits are unknown is never misaligned, an offset that is
 * not a constant is never out of bounds.
 *
 * The async pass reuses the same facts (verify_addrvals) to tell whether two
 * addresses name the same shared variable.
 */
#include <stdlib.h>
#include <string.h>
#include "verify.h"

enum { MAXAL = 1u << 16 };

static const AddrVal bot = { 0, 0, NULL, NULL, 0, 1, 0 };

static AddrVal
konst(int64_t c)
{
	return (AddrVal){ 0, 1, NULL, NULL, c, MAXAL, (uint32_t)((uint64_t)c & (MAXAL - 1)) };
}

static uint32_t
lowbit(uint64_t x)
{
	return x ? (uint32_t)(x & -x) : MAXAL;
}

/* Declared .align, else the natural alignment of the type (PTX's default). */
static uint32_t
symalign(const Sym *s)
{
	uint64_t a;

	if (s->align > 0)
		a = (uint64_t)s->align;
	else if (s->opaque)
		a = 8;
	else
		a = (uint64_t)(verify_bits(s->type) + 7) / 8 * (uint64_t)(s->vec > 0 ? s->vec : 1);
	a = a ? lowbit(a) : 1;
	return a > MAXAL ? MAXAL : (uint32_t)a;
}

static AddrVal
symval(Sym *s, int64_t off)
{
	uint32_t al = symalign(s);

	return (AddrVal){ 0, 1, s, s, off, al, (uint32_t)((uint64_t)off & (al - 1)) };
}

static AddrVal
add(AddrVal x, AddrVal y, int neg)
{
	AddrVal r = bot;

	if (x.top || y.top)
		return (AddrVal){ .top = 1, .al = 1 };
	r.al = x.al < y.al ? x.al : y.al;
	r.rem = (neg ? x.rem - y.rem : x.rem + y.rem) & (r.al - 1);
	if (x.obj && !y.obj)
		r.obj = x.obj;
	else if (y.obj && !x.obj && !neg)
		r.obj = y.obj;
	if (x.exact && y.exact && !(x.sym && y.sym) && !(neg && y.sym)) {
		r.exact = 1;
		r.sym = x.sym ? x.sym : y.sym;
		r.off = neg ? verify_wsub(x.off, y.off) : verify_wadd(x.off, y.off);
	}
	return r;
}

static AddrVal
mulc(AddrVal x, int64_t c)
{
	AddrVal r = bot;
	uint64_t al;

	if (x.top)
		return x;
	if (x.exact && !x.sym)
		return konst((int64_t)((uint64_t)x.off * (uint64_t)c));
	if (c == 0)
		return konst(0);
	al = (uint64_t)x.al * lowbit((uint64_t)c);
	r.al = al > MAXAL ? MAXAL : (uint32_t)al;
	r.rem = (uint32_t)((uint64_t)x.rem * (uint64_t)c) & (r.al - 1);
	return r;
}

static int
isconst(AddrVal x, int64_t *c)
{
	if (x.top || !x.exact || x.sym)
		return 0;
	*c = x.off;
	return 1;
}

static AddrVal
meet(AddrVal x, AddrVal y)
{
	AddrVal r = bot;

	if (x.top)
		return y;
	if (y.top)
		return x;
	r.al = x.al < y.al ? x.al : y.al;
	while (r.al > 1 && ((x.rem ^ y.rem) & (r.al - 1)))
		r.al >>= 1;
	r.rem = x.rem & (r.al - 1);
	r.obj = x.obj == y.obj ? x.obj : NULL;
	if (x.exact && y.exact && x.sym == y.sym && x.off == y.off) {
		r.exact = 1;
		r.sym = x.sym;
		r.off = x.off;
	}
	return r;
}

static int
same(AddrVal x, AddrVal y)
{
	return x.top == y.top && x.exact == y.exact && x.sym == y.sym && x.obj == y.obj &&
	    x.off == y.off && x.al == y.al && x.rem == y.rem;
}

AddrVal
verify_addrof(const AddrVal *av, Func *fn, Ins *in, const Opnd *o)
{
	AddrVal x;
	int val;

	switch (o->kind) {
	case OK_IMM:
		return konst(o->imm);
	case OK_SYM:
		if (o->sym && o->sym->kind == SYM_VAR)
			return symval(o->sym, o->imm);
		return bot;
	case OK_ADDR:
		if (o->addrlist)
			return bot;
		if (!o->base)
			return konst(o->imm);
		x = verify_addrof(av, fn, in, o->base);
		return o->imm ? add(x, konst(o->imm), 0) : x;
	case OK_REG:
		if (!o->sym || o->sym->kind != SYM_REG || o->sel != SEL_NONE)
			return bot;
		val = verify_useof(in, o);
		if (val < 0 || verify_isentry(fn, val))
			return bot;
		x = av[val];
		return o->imm ? add(x, konst(o->imm), 0) : x;
	}
	return bot;
}

static int
kernelparam(const Func *fn, const Sym *s)
{
	for (int i = 0; fn->entry && i < fn->npar; i++)
		if (fn->par[i].sym == s)
			return 1;
	return 0;
}

static int
isint(int ty)
{
	int k = verify_kind(ty);

	return k == TK_BIT || k == TK_UINT || k == TK_SINT;
}

/* The value the single definition of in gets. */
static AddrVal
transfer(const AddrVal *av, Func *fn, Ins *in)
{
	AddrVal a, b, c;
	int64_t k;
	Opnd *o = in->opnd;

	switch (in->op) {
	case OP_MOV:
		if (in->nopnd == 2 && (o[1].kind == OK_REG || o[1].kind == OK_SYM || o[1].kind == OK_IMM))
			return verify_addrof(av, fn, in, &o[1]);
		break;
	case OP_CVTA:
		if (in->nopnd == 2)
			return verify_addrof(av, fn, in, &o[1]);
		break;
	case OP_CVT:
		/* an integer conversion keeps the low bits; a narrowing one loses the offset */
		if (in->nopnd == 2 && in->nty == 2 && isint(in->ty[0]) && isint(in->ty[1]) && !in->guard) {
			a = verify_addrof(av, fn, in, &o[1]);
			/* ... but for a shared variable's address, which
			 * fits in 32 bits (nvcc -G's __cvta_generic_to_shared
			 * returns it as a .u64 that the caller narrows) */
			if (!a.top && verify_bits(in->ty[0]) < verify_bits(in->ty[1]) &&
			    !(verify_bits(in->ty[0]) >= 32 && a.exact && a.sym && a.sym->space == SP_SHARED))
				a.exact = 0, a.sym = NULL;
			return a;
		}
		break;
	case OP_ADD: case OP_SUB:
		if (in->nopnd == 3 && isint(in->ty[0]) && !ir_hasmod(in, MOD_SAT) && !ir_hasmod(in, MOD_CC))
			return add(verify_addrof(av, fn, in, &o[1]), verify_addrof(av, fn, in, &o[2]), in->op == OP_SUB);
		break;
	case OP_MUL: case OP_MAD:
		if (in->nopnd < 3 || !isint(in->ty[0]) || ir_hasmod(in, MOD_HI) || ir_hasmod(in, MOD_CC) ||
		    (in->op == OP_MAD && (in->nopnd != 4 || ir_hasmod(in, MOD_SAT))))
			break;
		a = verify_addrof(av, fn, in, &o[1]);
		b = verify_addrof(av, fn, in, &o[2]);
		if (isconst(b, &k))
			c = mulc(a, k);
		else if (isconst(a, &k))
			c = mulc(b, k);
		else if (a.top || b.top)
			return (AddrVal){ .top = 1, .al = 1 };
		else
			c = bot;
		return in->op == OP_MAD ? add(c, verify_addrof(av, fn, in, &o[3]), 0) : c;
	case OP_SHL:
		if (in->nopnd == 3) {
			b = verify_addrof(av, fn, in, &o[2]);
			if (isconst(b, &k) && k >= 0 && k < verify_bits(in->ty[0]) && k < 62)
				return mulc(verify_addrof(av, fn, in, &o[1]), (int64_t)1 << k);
			if (b.top)
				return b;
		}
		break;
	case OP_AND:
		if (in->nopnd == 3 && verify_kind(in->ty[0]) != TK_PRED) {
			a = verify_addrof(av, fn, in, &o[1]);
			b = verify_addrof(av, fn, in, &o[2]);
			if (!isconst(b, &k)) {
				c = a, a = b, b = c;
				if (!isconst(b, &k))
					return a.top || b.top ? (AddrVal){ .top = 1, .al = 1 } : bot;
			}
			if (a.top)
				return a;
			if (a.exact && !a.sym)
				return konst(a.off & k);
			c = bot;
			uint32_t z = lowbit((uint64_t)k);
			c.al = a.al > z ? a.al : z;
			c.rem = a.al >= z ? (a.rem & (uint32_t)k & (c.al - 1)) : 0;
			return c;
		}
		break;
	case OP_LD: {
		/* the result of an out-of-line __cvta_generic_to_shared is
		 * where its argument points */
		Ins *call = verify_retcall(fn, in), *at;
		Opnd *arg;
		if (call && verify_cvtashared(verify_callee(call)) && (arg = verify_callarg(fn, call, 0, &at)))
			return verify_addrof(av, fn, at, arg);
	}
		/* a kernel parameter declared .ptr.align N holds an N-aligned address */
		if (in->space == SP_PARAM && in->nopnd == 2 && o[1].kind == OK_ADDR && o[1].base &&
		    o[1].base->kind == OK_SYM && o[1].base->sym && o[1].base->sym->ptralign > 0 &&
		    o[1].imm == 0 && o[1].base->imm == 0 && kernelparam(fn, o[1].base->sym) && in->vec == 1) {
			uint64_t al = lowbit((uint64_t)o[1].base->sym->ptralign);
			return (AddrVal){ 0, 0, NULL, NULL, 0, al > MAXAL ? MAXAL : (uint32_t)al, 0 };
		}
		break;
	}
	return bot;
}

AddrVal *
verify_addrvals(Func *fn)
{
	AddrVal *av = malloc(((size_t)fn->nval + 1) * sizeof *av);
	int changed = 1, iter;

	if (!av)
		return NULL;
	for (int i = 0; i < fn->nval; i++)
		av[i] = (AddrVal){ .top = 1, .al = 1 };
	for (iter = 0; changed && iter < 200; iter++) {
		changed = 0;
		for (int r = 0; r < fn->nrpo; r++) {
			Blk *b = &fn->blk[fn->rpo[r]];
			for (int p = 0; p < b->nphi; p++) {
				Phi *ph = &b->phi[p];
				AddrVal x = { .top = 1, .al = 1 };
				for (int k = 0; k < ph->narg; k++) {
					int a = ph->arg[k];
					if (a >= 0)
						x = meet(x, verify_isentry(fn, a) ? bot : av[a]);
				}
				if (!same(x, av[ph->def])) {
					av[ph->def] = x;
					changed = 1;
				}
			}
			for (int i = b->i0; i < b->i1; i++) {
				Ins *in = fn->ins[i];
				AddrVal x;
				if (in->ndef == 0)
					continue;
				x = in->ndef == 1 ? transfer(av, fn, in) : bot;
				/* a guarded definition may leave the old value in place */
				if (in->guard && in->nuse > 0 && in->ndef == 1) {
					int old = in->use[in->nuse - 1];
					x = meet(x, verify_isentry(fn, old) ? bot : av[old]);
				}
				for (int d = 0; d < in->ndef; d++)
					if (!same(x, av[in->def[d]])) {
						av[in->def[d]] = x;
						changed = 1;
					}
			}
		}
	}
	if (changed) {
		free(av);
		return NULL;
	}
	return av;
}

/* Most dynamic shared memory one CTA may have, in KB, by target. */
static int
dynshared(int sm)
{
	switch (sm) {
	case 70: case 72: return 96;
	case 75: return 64;
	case 80: case 87: return 163;
	case 86: case 89: case 120: case 121: return 99;
	case 90: case 100: case 101: case 103: case 110: return 227;
	}
	return 0;
}

static const char *
spname(int sp)
{
	return sp > 0 && sp < NSP ? ir_spacename[sp] : "generic";
}

/* An access of size bytes at operand o of in, in state space sp, whose
 * first need bytes reach a register (bounds); alignment is the whole
 * access's. */
static void
access(Verify *v, const AddrVal *av, Func *fn, Ins *in, Opnd *o, int sp, int64_t size, int64_t need)
{
	AddrVal a;
	const char *opn = ir_opinfo[in->op].name;
	uint32_t m;

	if (o->kind != OK_ADDR || !o->base || size <= 0)
		return;
	a = verify_addrof(av, fn, in, o);
	if (a.top)
		return;
	m = size < (int64_t)a.al ? (uint32_t)size : a.al;
	if ((size & (size - 1)) == 0 && sp != SP_PARAM && (a.rem & (m - 1))) {
		if (a.exact && a.sym)
			verify_report(v, VC_ALIGN, o->loc,
			    "%lld-byte '%s' at '%s+%lld', which is not a multiple of %lld ('%s' is aligned to %u)",
			    (long long)size, opn, a.sym->name, (long long)a.off, (long long)size, a.sym->name,
			    symalign(a.sym));
		else
			verify_report(v, VC_ALIGN, o->loc,
			    "%lld-byte '%s' at an address that is %u modulo %u, so not a multiple of %lld",
			    (long long)size, opn, a.rem, a.al, (long long)size);
		return;
	}
	if (!a.exact || !a.sym || a.sym->opaque)
		return;
	Sym *s = a.sym;
	if (s->size >= 0 && s->linkage != LINK_EXTERN) {
		if (a.off < 0 || a.off > s->size - need) {
			if (s->space == SP_PARAM)
				verify_report(v, VC_BOUNDS, o->loc,
				    "'%s' %s bytes %lld..%lld of parameter '%s', which is %lld bytes",
				    opn, in->op == OP_LD || in->op == OP_LDU ? "reads" : in->op == OP_ST ? "writes" : "accesses", (long long)a.off, (long long)verify_wadd(a.off, size - 1), s->name, (long long)s->size);
			else
				verify_report(v, VC_BOUNDS, o->loc,
				    "%lld-byte '%s' at offset %lld of .%s variable '%s', which is %lld bytes",
				    (long long)size, opn, (long long)a.off, spname(s->space), s->name, (long long)s->size);
		}
	} else if (s->size < 0 && s->space == SP_SHARED) {
		int sm = v->o->arch ? v->o->arch : v->m->sm, kb = dynshared(sm);
		if (kb && (a.off < 0 || a.off > (int64_t)kb * 1024 - size))
			verify_report(v, VC_BOUNDS, o->loc,
			    "offset %lld of dynamic shared '%s' is beyond the %d KB sm_%d allows a CTA",
			    (long long)a.off, s->name, kb, sm);
	}
}

/* The bytes of a vector load of size bytes up to its last element that is
 * not a sink: nvcc's old front end loads a float3 as a .v4 whose fourth
 * element is '_', reading past a 12-byte variable (ptxas accepts it), and
 * those bytes go nowhere. */
static int64_t
needed(const Ins *in, int64_t size)
{
	const Opnd *d = &in->opnd[0];
	int n;

	if (d->kind != OK_VEC || d->nsub < 2 || size % d->nsub)
		return size;
	for (n = d->nsub; n > 1 && d->sub[n - 1].kind == OK_SINK; n--)
		;
	return size / d->nsub * n;
}

/* Bytes one access of in moves: the type times the vector count. */
static int64_t
accsize(const Ins *in)
{
	int bits = verify_bits(in->ty[0]);

	if (bits <= 0 || bits % 8 || verify_kind(in->ty[0]) == TK_PRED)
		return 0;
	return (int64_t)bits / 8 * (in->vec > 0 ? in->vec : 1);
}

static void
align(Verify *v, Func *fn)
{
	AddrVal *av = verify_addrvals(fn);

	if (!av)
		return;
	for (int i = 0; i < fn->nins; i++) {
		Ins *in = fn->ins[i];
		if (in->blk < 0 || in->blk >= fn->nblk || fn->blk[in->blk].rpo < 0)
			continue;
		switch (in->op) {
		case OP_LD: case OP_LDU:
			if (in->nopnd >= 2)
				access(v, av, fn, in, &in->opnd[1], in->space, accsize(in), needed(in, accsize(in)));
			break;
		case OP_ST:
			if (in->nopnd >= 1)
				access(v, av, fn, in, &in->opnd[0], in->space, accsize(in), accsize(in));
			break;
		case OP_ATOM: case OP_RED:
			if (in->vec > 1)
				break;
			for (int k = 0; k < in->nopnd; k++)
				if (in->opnd[k].kind == OK_ADDR) {
					access(v, av, fn, in, &in->opnd[k], in->space, accsize(in), accsize(in));
					break;
				}
			break;
		case OP_MBARRIER_INIT: case OP_MBARRIER_ARRIVE: case OP_MBARRIER_ARRIVE_DROP:
		case OP_MBARRIER_TEST_WAIT: case OP_MBARRIER_TRY_WAIT: case OP_MBARRIER_EXPECT_TX:
		case OP_MBARRIER_COMPLETE_TX: case OP_MBARRIER_INVAL:
			/* an mbarrier object is a .b64 */
			for (int k = 0; k < in->nopnd; k++)
				if (in->opnd[k].kind == OK_ADDR) {
					access(v, av, fn, in, &in->opnd[k], in->space, 8, 8);
					break;
				}
			break;
		case OP_CP_ASYNC:
			/* both sides aligned to cp-size (4, 8 or 16) */
			if (in->nopnd >= 3 && in->opnd[2].kind == OK_IMM &&
			    (in->opnd[2].imm == 4 || in->opnd[2].imm == 8 || in->opnd[2].imm == 16)) {
				access(v, av, fn, in, &in->opnd[0], SP_SHARED, in->opnd[2].imm, in->opnd[2].imm);
				access(v, av, fn, in, &in->opnd[1], SP_GLOBAL, in->opnd[2].imm, in->opnd[2].imm);
			}
			break;
		}
	}
	free(av);
}

void
verify_align(Verify *v)
{
	for (int f = 0; f < v->m->nfn; f++) {
		Func *fn = v->m->fn[f];
		if (fn->hasbody && fn->built)
			align(v, fn);
	}
}

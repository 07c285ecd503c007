/*
 * tests/unit/fast_test.c -- the warp-wide ALU handlers (interp/exec_fast.c)
 * against alu_exec, lane by lane, on random and special inputs.
 *
 * Each instruction of the lists below is parsed as a one-instruction
 * kernel and decoded with alu_decode.  interp_fast_pick must find a handler
 * for it (or, for the second list, must not).  The handler then runs
 * ROUNDS warps of random operands.  They are drawn from plain random bits
 * and from values at the edges of the type: zeros of both signs,
 * subnormals, the smallest normal, infinities, NaNs with assorted
 * payloads, products and quotients that land next to 2^-126, shift counts
 * around the width, the extreme integers, and 32-bit values with junk in
 * the upper half.  Runs use full, random and single-lane masks, with the
 * destination plane sometimes the same as a source.  Every active lane
 * must hold alu_exec's result and every inactive lane its old value.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ir.h"
#include "alu.h"
#include "interp.h"

enum { ROUNDS = 400 };

static int fails, npass;
static uint32_t extra;   /* flags added after decoding (contract.c's fused forms, fold.c's FSEL) */
static uint32_t extraimm;   /* AluOp.imm with ALU_SGNOP: the sign operations */

#define ASSERT(c, ...) \
	do { \
		if (!(c)) { \
			printf("FAIL %s:%d: ", __FILE__, __LINE__); \
			printf(__VA_ARGS__); \
			printf("\n"); \
			fails++; \
		} \
	} while (0)

static uint64_t seed = 0x9e3779b97f4a7c15ull;

static uint64_t
rnd(void)
{
	seed ^= seed >> 12;
	seed ^= seed << 25;
	seed ^= seed >> 27;
	return seed * 0x2545f4914f6cdd1dull;
}

static uint64_t
pick(const uint64_t *v, size_t n)
{
	return v[rnd() % n];
}

/* A value for an operand of kind c: 'i' integer, 'f' f32, 'd' f64, 'p' pred. */
static uint64_t
value(int c)
{
	static const uint64_t ints[] = {
		0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 30, 31, 32, 33, 62, 63, 64, 65, 100, 255, 256,
		0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe, 0x100000000ull, 0xffffffff80000000ull,
		0x7fffffffffffffffull, 0x8000000000000000ull, 0xffffffffffffffffull, 0xfffffffffffffffeull,
	};
	static const uint64_t f32s[] = {
		0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00400000,
		0x00800000, 0x80800000, 0x00800001, 0x00ffffff, 0x3f800000, 0xbf800000, 0x3f800001,
		0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001,
		0x7fbfffff, 0xff812345, 0x7fffffff, 0x34000000, 0x33800000, 0x4b800000, 0xcb000000,
		0x1f800000, 0x5f800000, 0x20000000, 0x1fffffff,
	};
	static const uint64_t f64s[] = {
		0, 0x8000000000000000ull, 1, 0x8000000000000001ull, 0x000fffffffffffffull,
		0x0010000000000000ull, 0x8010000000000000ull, 0x3ff0000000000000ull,
		0xbff0000000000000ull, 0x3ff0000000000001ull, 0x7fefffffffffffffull,
		0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
		0xfff8000000000000ull, 0x7ff0000000000001ull, 0x7ff4000000001234ull,
		0xfff7ffffffffffffull, 0x7ff8000000abcdefull, 0x3ca0000000000000ull,
		0x2000000000000000ull, 0x5ff0000000000000ull,
	};
	uint64_t r = rnd(), v;

	switch (c) {
	case 'p':
		return rnd() & 1;
	case 'f':
		switch (r % 8) {
		case 0: case 1: v = pick(f32s, sizeof f32s / sizeof *f32s); break;
		case 2: v = rnd() & 0x807fffff; break;                    /* subnormal */
		case 3: v = (rnd() & 0x80ffffff) | 0x00800000; break;     /* just above 2^-126 */
		case 4: v = (rnd() & 0x807fffff) | (uint64_t)(100 + rnd() % 56) << 23; break;
		default: v = rnd() & 0xffffffff; break;
		}
		if (rnd() % 8 == 0)
			v |= rnd() << 32;   /* junk above the f32 */
		return v;
	case 'd':
		switch (r % 6) {
		case 0: case 1: return pick(f64s, sizeof f64s / sizeof *f64s);
		case 2: return rnd() & 0x800fffffffffffffull;
		case 3: return (rnd() & 0x800fffffffffffffull) | (uint64_t)(1000 + rnd() % 48) << 52;
		default: return rnd();
		}
	}
	switch (r % 6) {
	case 0: case 1: return pick(ints, sizeof ints / sizeof *ints);
	case 2: return rnd() & 0xffffffff;
	case 3: return (uint64_t)(int64_t)(int32_t)rnd();
	case 4: return (uint64_t)(int64_t)(int8_t)rnd();
	default: return rnd();
	}
}

/* f32 of magnitude 2^e * [1, 2) with a random significand and sign */
static uint64_t
f32at(int e)
{
	return (rnd() & 0x807fffff) | (uint64_t)(e + 127) << 23;
}

static float
asf(uint64_t v)
{
	uint32_t u = (uint32_t)v;
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

static uint64_t
fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}

/* Operands a, b, (c) of an f32 mul, div or fma whose result lies a few
 * ulps from +-2^-126, where .ftz must look at the value before rounding. */
static void
edgef32(int op, uint64_t *a, uint64_t *b, uint64_t *c)
{
	int nudge = (int)(rnd() % 5) - 2;

	if (op == OP_DIV) {
		*a = f32at(-100 + (int)(rnd() % 20));
		*b = fbits(asf(*a) * 0x1p126f);
	} else {
		*a = f32at(-1 - (int)(rnd() % 4));   /* below 1, so that b is normal */
		*b = fbits(0x1p-126f / asf(*a));
		if (c)
			*c = rnd() % 2 ? 0 : (rnd() & 0x80000000) | (rnd() % 4);
	}
	*b = (*b + (uint64_t)(int64_t)nudge) & 0xffffffff;
}

/* Parses and decodes one instruction; ops names the operand classes as
 * tests/isa/ref/variants.txt does ("d:b32 s:b32 s:b32"). */
static Module *
decode1(const char *ins, const char *ops, const Ins **I, AluOp *op)
{
	char src[2048], cls[8];
	int len, di = 0, si = 0;
	const char *why;
	Diags *dg;
	Module *m;

	len = snprintf(src, sizeof src, ".version 8.5\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n");
	for (const char *t = ops; *t;) {
		size_t l = strcspn(t, " ");
		snprintf(cls, sizeof cls, "%.*s", (int)(l - 2), t + 2);
		if (t[0] == 'd')
			len += snprintf(src + len, sizeof src - (size_t)len, "\t.reg .%s %%d%d;\n", cls, di++);
		else
			len += snprintf(src + len, sizeof src - (size_t)len, "\t.reg .%s %%s%d;\n", cls, si++);
		t += l;
		t += strspn(t, " ");
	}
	len += snprintf(src + len, sizeof src - (size_t)len, "\t%s\n\tret;\n}\n", ins);
	dg = diag_new("fast", src, (size_t)len);
	m = parse_module("fast", src, (size_t)len, dg);
	if (!m || ir_build(m, dg) || !m->nfn || !m->fn[0]->nins) {
		diag_print(dg, stdout);
		diag_free(dg);
		if (m)
			ir_module_free(m);
		return NULL;
	}
	diag_free(dg);
	*I = m->fn[0]->ins[0];
	if (alu_decode(*I, op, &why)) {
		printf("%s: not decoded: %s\n", ins, why);
		ir_module_free(m);
		return NULL;
	}
	return m;
}

/* The operand kind of source j: the instruction's type decides it, with
 * cvt and setp/selp operands known by their position. */
static int
srckind(const AluOp *op, int j)
{
	int ty = op->ty;

	if (op->op == OP_SELP && j == 2)
		return 'p';
	if (op->op == OP_CVT)
		ty = op->ty2;
	if (ty == TY_PRED)
		return 'p';
	if (ty == TY_F32)
		return 'f';
	if (ty == TY_F64)
		return 'd';
	return 'i';
}

static void
check(const char *ins, const char *ops)
{
	const Ins *I;
	AluOp op;
	Module *m = decode1(ins, ops, &I, &op);
	XOp xo[3];
	FastFn *fn;
	int fpu, ns, nres, edges;

	int before = fails;

	ASSERT(m, "%s: does not decode", ins);
	if (!m)
		return;
	op.flags |= extra;
	if (extra & ALU_SGNOP)
		op.imm = extraimm;
	ns = op.nsrc;
	nres = op.ndst;
	memset(xo, 0, sizeof xo);
	for (int j = 0; j < ns; j++) {
		const Opnd *o = &I->opnd[I->ndst + j];
		xo[j].k = o->kind == OK_IMM ? XO_IMM : XO_REG;
		xo[j].imm = (uint64_t)o->imm;
	}
	fn = interp_fast_pick(&op, xo, ns, &fpu);
	ASSERT(fn, "%s: no warp-wide handler", ins);
	edges = (op.flags & ALU_FTZ) && op.ty == TY_F32 && (op.op == OP_MUL || op.op == OP_DIV ||
	    op.op == OP_FMA || op.op == OP_MAD);
	for (int round = 0; fn && round < ROUNDS; round++) {
		uint64_t pl[3][WARP], d[2][WARP], old[2][WARP], want[2][WARP];
		uint32_t mask;
		int alias = ns && xo[0].k == XO_REG && rnd() % 4 == 0;
		FastArgs x;

		switch (rnd() % 4) {
		case 0: mask = (uint32_t)rnd(); break;
		case 1: mask = 1u << rnd() % WARP; break;
		default: mask = 0xffffffffu; break;
		}
		for (int l = 0; l < WARP; l++) {
			for (int j = 0; j < 3; j++)
				pl[j][l] = j < ns && xo[j].k == XO_IMM ? xo[j].imm : value(srckind(&op, j));
			if (edges && rnd() % 4 == 0)
				edgef32(op.op, &pl[0][l], &pl[1][l], ns > 2 ? &pl[2][l] : NULL);
			d[0][l] = old[0][l] = alias ? pl[0][l] : rnd();
			d[1][l] = old[1][l] = rnd();
		}
		for (int l = 0; l < WARP; l++) {
			uint64_t s[3] = { pl[0][l], pl[1][l], pl[2][l] }, r[2] = { 0, 0 };
			uint32_t cc = 0;
			alu_exec(&op, s, r, &cc);
			for (int j = 0; j < 2; j++)
				want[j][l] = (mask >> l & 1) ? r[j] : old[j][l];
		}
		x.d = alias ? pl[0] : d[0];
		x.d2 = nres > 1 ? d[1] : NULL;
		x.a = ns > 0 ? pl[0] : NULL;
		x.b = ns > 1 ? pl[1] : NULL;
		x.c = ns > 2 ? pl[2] : NULL;
		x.k = ns > 1 ? xo[1].imm : 0;
		x.m = mask;
		x.op = &op;
		if (alias)
			memcpy(old[0], pl[0], sizeof old[0]);
		fn(&x);
		for (int l = 0; l < WARP; l++)
			for (int j = 0; j < nres; j++) {
				uint64_t got = j == 0 ? x.d[l] : d[1][l];
				if (got != want[j][l]) {
					ASSERT(0, "%s: lane %d (mask %#x%s) in %#" PRIx64 " %#" PRIx64 " %#" PRIx64
					    ": got %#" PRIx64 ", want %#" PRIx64, ins, l, (unsigned)mask,
					    alias ? ", d = a" : "", alias ? old[0][l] : pl[0][l], pl[1][l], pl[2][l],
					    got, want[j][l]);
					round = ROUNDS;
				}
			}
	}
	npass += fails == before;
	ir_module_free(m);
}

/* Instructions alu_exec must keep: interp_fast_pick finds no handler. */
static void
refused(const char *ins, const char *ops)
{
	const Ins *I;
	AluOp op;
	Module *m = decode1(ins, ops, &I, &op);
	XOp xo[3];
	int fpu;

	ASSERT(m, "%s: does not decode", ins);
	if (!m)
		return;
	memset(xo, 0, sizeof xo);
	ASSERT(!interp_fast_pick(&op, xo, op.nsrc, &fpu), "%s: has a warp-wide handler", ins);
	npass += !interp_fast_pick(&op, xo, op.nsrc, &fpu);
	ir_module_free(m);
}

static const char *const b32x2 = "d:b32 s:b32 s:b32", *const b64x2 = "d:b64 s:b64 s:b64";

int
main(void)
{
	static const char *const cmps[] = { "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs" };
	static const char *const fcmps[] = {
		"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"
	};
	static const char *const shifts[] = { "0", "1", "5", "31", "32", "33", "63", "64", "100" };
	char ins[128];
	fenv_t fenv;
	int fpu = interp_fpu_enter(&fenv);

	for (int w = 32; w <= 64; w += 32) {
		const char *o2 = w == 32 ? b32x2 : b64x2, *o3 = w == 32 ? "d:b32 s:b32 s:b32 s:b32" :
		    "d:b64 s:b64 s:b64 s:b64", *o1 = w == 32 ? "d:b32 s:b32" : "d:b64 s:b64";
		const char *ty[] = { "s", "u" };
		for (int t = 0; t < 2; t++) {
#define INS(...) (snprintf(ins, sizeof ins, __VA_ARGS__), ins)
			check(INS("add.%s%d %%d0, %%s0, %%s1;", ty[t], w), o2);
			check(INS("add.%s%d %%d0, %%s0, 7;", ty[t], w), o1);
			check(INS("sub.%s%d %%d0, %%s0, %%s1;", ty[t], w), o2);
			check(INS("mul.lo.%s%d %%d0, %%s0, %%s1;", ty[t], w), o2);
			check(INS("mad.lo.%s%d %%d0, %%s0, %%s1, %%s2;", ty[t], w), o3);
			check(INS("min.%s%d %%d0, %%s0, %%s1;", ty[t], w), o2);
			check(INS("max.%s%d %%d0, %%s0, %%s1;", ty[t], w), o2);
			check(INS("shr.%s%d %%d0, %%s0, %%s1;", ty[t], w), o2);
			for (size_t k = 0; k < sizeof shifts / sizeof *shifts; k++)
				check(INS("shr.%s%d %%d0, %%s0, %s;", ty[t], w, shifts[k]), o1);
			for (size_t k = 0; k < sizeof cmps / sizeof *cmps; k++) {
				check(INS("setp.%s.%s%d %%d0, %%s0, %%s1;", cmps[k], ty[t], w),
				    w == 32 ? "d:pred s:b32 s:b32" : "d:pred s:b64 s:b64");
				check(INS("setp.%s.%s%d %%d0|%%d1, %%s0, %%s1;", cmps[k], ty[t], w),
				    w == 32 ? "d:pred d:pred s:b32 s:b32" : "d:pred d:pred s:b64 s:b64");
			}
			if (w == 32) {
				check(INS("mul.hi.%s32 %%d0, %%s0, %%s1;", ty[t]), o2);
				check(INS("mul.wide.%s32 %%d0, %%s0, %%s1;", ty[t]), "d:b64 s:b32 s:b32");
				check(INS("mad.wide.%s32 %%d0, %%s0, %%s1, %%s2;", ty[t]), "d:b64 s:b32 s:b32 s:b64");
				check(INS("cvt.%s64.%s32 %%d0, %%s0;", ty[t], ty[t]), "d:b64 s:b32");
				check(INS("cvt.%s64.%s32 %%d0, %%s0;", ty[t], ty[1 - t]), "d:b64 s:b32");
				check(INS("cvt.%s32.%s64 %%d0, %%s0;", ty[t], ty[t]), "d:b32 s:b64");
				check(INS("cvt.%s32.%s32 %%d0, %%s0;", ty[t], ty[1 - t]), "d:b32 s:b32");
				if (fpu == 1) {
					check(INS("cvt.rn.f32.%s32 %%d0, %%s0;", ty[t]), "d:f32 s:b32");
					check(INS("cvt.rn.f64.%s32 %%d0, %%s0;", ty[t]), "d:f64 s:b32");
				}
			} else
				check(INS("cvt.%s64.%s64 %%d0, %%s0;", ty[t], ty[1 - t]), "d:b64 s:b64");
		}
		check(INS("and.b%d %%d0, %%s0, %%s1;", w), o2);
		check(INS("or.b%d %%d0, %%s0, %%s1;", w), o2);
		check(INS("xor.b%d %%d0, %%s0, %%s1;", w), o2);
		check(INS("not.b%d %%d0, %%s0;", w), o1);
		check(INS("shl.b%d %%d0, %%s0, %%s1;", w), o2);
		check(INS("shr.b%d %%d0, %%s0, %%s1;", w), o2);
		for (size_t k = 0; k < sizeof shifts / sizeof *shifts; k++)
			check(INS("shl.b%d %%d0, %%s0, %s;", w, shifts[k]), o1);
		check(INS("selp.b%d %%d0, %%s0, %%s1, %%s2;", w), w == 32 ? "d:b32 s:b32 s:b32 s:pred" :
		    "d:b64 s:b64 s:b64 s:pred");
		check(INS("setp.eq.b%d %%d0, %%s0, %%s1;", w), w == 32 ? "d:pred s:b32 s:b32" : "d:pred s:b64 s:b64");
		check(INS("setp.ne.b%d %%d0|%%d1, %%s0, %%s1;", w),
		    w == 32 ? "d:pred d:pred s:b32 s:b32" : "d:pred d:pred s:b64 s:b64");
	}
	check("and.pred %d0, %s0, %s1;", "d:pred s:pred s:pred");
	check("or.pred %d0, %s0, %s1;", "d:pred s:pred s:pred");
	check("xor.pred %d0, %s0, %s1;", "d:pred s:pred s:pred");
	check("not.pred %d0, %s0;", "d:pred s:pred");
	check("selp.f32 %d0, %s0, %s1, %s2;", "d:f32 s:f32 s:f32 s:pred");
	/* with the sign operations of an FSEL on either side (fold.c) */
	extra = ALU_SGNOP;
	for (extraimm = 0; extraimm < 16; extraimm++)
		check("selp.f32 %d0, %s0, %s1, %s2;", "d:f32 s:f32 s:f32 s:pred");
	extra = 0;

	/* the float handlers exist where the host FPU can give PTX's results
	 * (exec_fast.c): not under x87 precision or a foreign environment */
	if (fpu != 1)
		printf("the host FPU does not give IEEE results here: float handlers not checked\n");
	else {
		for (int ftz = 0; ftz < 2; ftz++) {
			const char *z = ftz ? ".ftz" : "";
			check(INS("add.rn%s.f32 %%d0, %%s0, %%s1;", z), "d:f32 s:f32 s:f32");
			check(INS("add%s.f32 %%d0, %%s0, %%s1;", z), "d:f32 s:f32 s:f32");
			check(INS("sub.rn%s.f32 %%d0, %%s0, %%s1;", z), "d:f32 s:f32 s:f32");
			check(INS("mul.rn%s.f32 %%d0, %%s0, %%s1;", z), "d:f32 s:f32 s:f32");
			check(INS("mul%s.f32 %%d0, %%s0, %%s1;", z), "d:f32 s:f32 s:f32");
			check(INS("div.rn%s.f32 %%d0, %%s0, %%s1;", z), "d:f32 s:f32 s:f32");
			check(INS("fma.rn%s.f32 %%d0, %%s0, %%s1, %%s2;", z), "d:f32 s:f32 s:f32 s:f32");
			check(INS("mad.rn%s.f32 %%d0, %%s0, %%s1, %%s2;", z), "d:f32 s:f32 s:f32 s:f32");
			for (size_t k = 0; k < sizeof fcmps / sizeof *fcmps; k++) {
				check(INS("setp.%s%s.f32 %%d0, %%s0, %%s1;", fcmps[k], z), "d:pred s:f32 s:f32");
				check(INS("setp.%s%s.f32 %%d0|%%d1, %%s0, %%s1;", fcmps[k], z), "d:pred d:pred s:f32 s:f32");
			}
			check(INS("sin.approx%s.f32 %%d0, %%s0;", z), "d:f32 s:f32");
			check(INS("cos.approx%s.f32 %%d0, %%s0;", z), "d:f32 s:f32");
			check(INS("ex2.approx%s.f32 %%d0, %%s0;", z), "d:f32 s:f32");
			check(INS("lg2.approx%s.f32 %%d0, %%s0;", z), "d:f32 s:f32");
			check(INS("rsqrt.approx%s.f32 %%d0, %%s0;", z), "d:f32 s:f32");
			check(INS("rcp.approx%s.f32 %%d0, %%s0;", z), "d:f32 s:f32");
			check(INS("sqrt.approx%s.f32 %%d0, %%s0;", z), "d:f32 s:f32");
			check(INS("abs%s.f32 %%d0, %%s0;", z), "d:f32 s:f32");
			check(INS("sqrt.rn%s.f32 %%d0, %%s0;", z), "d:f32 s:f32");
			check(INS("neg%s.f32 %%d0, %%s0;", z), "d:f32 s:f32");
		}
		check("copysign.f32 %d0, %s0, %s1;", "d:f32 s:f32 s:f32");
		check("cvt.f64.f32 %d0, %s0;", "d:f64 s:f32");
		check("cvt.rn.f32.f64 %d0, %s0;", "d:f32 s:f64");
		check("cvt.rzi.s32.f32 %d0, %s0;", "d:b32 s:f32");
		check("add.rn.f64 %d0, %s0, %s1;", "d:f64 s:f64 s:f64");
		check("sub.rn.f64 %d0, %s0, %s1;", "d:f64 s:f64 s:f64");
		check("mul.rn.f64 %d0, %s0, %s1;", "d:f64 s:f64 s:f64");
		check("div.rn.f64 %d0, %s0, %s1;", "d:f64 s:f64 s:f64");
		check("fma.rn.f64 %d0, %s0, %s1, %s2;", "d:f64 s:f64 s:f64 s:f64");
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
		/* a*b - c and c - a*b, what contract.c makes of a mul and a sub:
		 * handlers where the host has fused multiply-add */
		if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
			for (int k = 0; k < 2; k++) {
				extra = k ? ALU_NEGAB : ALU_NEGC;
				check("fma.rn.f32 %d0, %s0, %s1, %s2;", "d:f32 s:f32 s:f32 s:f32");
				check("fma.rn.ftz.f32 %d0, %s0, %s1, %s2;", "d:f32 s:f32 s:f32 s:f32");
				check("fma.rn.f64 %d0, %s0, %s1, %s2;", "d:f64 s:f64 s:f64 s:f64");
			}
			extra = 0;
		}
#endif
	}

	refused("add.sat.s32 %d0, %s0, %s1;", b32x2);
	refused("add.cc.u32 %d0, %s0, %s1;", b32x2);
	refused("addc.u32 %d0, %s0, %s1;", b32x2);
	refused("mad.hi.u32 %d0, %s0, %s1, %s2;", "d:b32 s:b32 s:b32 s:b32");
	refused("add.rz.f32 %d0, %s0, %s1;", "d:f32 s:f32 s:f32");
	refused("mul.rm.ftz.f32 %d0, %s0, %s1;", "d:f32 s:f32 s:f32");
	refused("add.sat.f32 %d0, %s0, %s1;", "d:f32 s:f32 s:f32");
	refused("div.approx.f32 %d0, %s0, %s1;", "d:f32 s:f32 s:f32");
	refused("div.full.f32 %d0, %s0, %s1;", "d:f32 s:f32 s:f32");   /* MUFU.RCP and fix-ups, not IEEE */
	refused("max.relu.s32 %d0, %s0, %s1;", b32x2);
	refused("setp.lt.and.s32 %d0, %s0, %s1, %s2;", "d:pred s:b32 s:b32 s:pred");
	refused("selp.b32 %d0, %s0, %s1, !%s2;", "d:b32 s:b32 s:b32 s:pred");
	refused("cvt.sat.s32.s64 %d0, %s0;", "d:b32 s:b64");
	refused("cvt.rz.f32.s32 %d0, %s0;", "d:f32 s:b32");
	refused("cvt.rz.f32.f64 %d0, %s0;", "d:f32 s:f64");
	refused("cvt.ftz.f64.f32 %d0, %s0;", "d:f64 s:f32");
	refused("cvt.rni.s32.f32 %d0, %s0;", "d:b32 s:f32");
	refused("cvt.rzi.sat.s32.f32 %d0, %s0;", "d:b32 s:f32");
	refused("abs.f64 %d0, %s0;", "d:f64 s:f64");
	refused("sqrt.rz.f32 %d0, %s0;", "d:f32 s:f32");
	refused("sqrt.rn.f64 %d0, %s0;", "d:f64 s:f64");
	refused("add.u16 %d0, %s0, %s1;", "d:b16 s:b16 s:b16");
	refused("add.rn.f16 %d0, %s0, %s1;", "d:b16 s:b16 s:b16");
	if (fpu >= 0)
		interp_fpu_leave(&fenv);
	printf("%d passed, %d failed\n", npass, fails);
	return fails ? 1 : 0;
}

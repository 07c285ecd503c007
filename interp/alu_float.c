/*
 * interp/alu_float.c -- the soft-float core and the float instructions.
 *
 * Every format (f64 f32 f16 bf16 tf32 e4m3 e5m2) goes through one rounding
 * routine, alu_fround, which takes an exact value as sign, a 128-bit integer
 * significand, an exponent and a sticky bit.  add, mul, fma, div and sqrt
 * compute such exact (or exact-plus-sticky) values in integer arithmetic, so
 * every rounding mode is exact and no host floating-point state is touched.
 *
 * GPU conventions measured on an H100 (tests/isa/ref):
 *   - f32 arithmetic writes the canonical NaN 0x7FFFFFFF; f16 and bf16 write
 *     0x7FFF; f64 propagates one NaN operand, quieted (nanres: which one
 *     depends on the operand order ptxas chose), and invalid operations
 *     (inf - inf, 0 * inf, 0/0, sqrt(-x)) give 0xFFF8000000000000.
 *   - .ftz flushes denormal inputs and results to zeros of the same sign.
 */
#include <string.h>
#include "alu.h"

typedef alu_u128 u128;

typedef struct { int ebits, mbits, ieee; } Fmt;

/* e4m3 has no infinities (0x7F is its NaN, 448 its largest value); tf32 is
 * an f32 container whose low 13 bits are zero. */
static const Fmt FMT[ALU_NFMT] = {
	[ALU_F64] = {11, 52, 1}, [ALU_F32] = {8, 23, 1}, [ALU_F16] = {5, 10, 1}, [ALU_BF16] = {8, 7, 1},
	[ALU_TF32] = {8, 10, 1}, [ALU_E4M3] = {4, 3, 0}, [ALU_E5M2] = {5, 2, 1},
};

int alu_fmt_of(int ty)
{
	switch (ty) {
	case TY_F64: return ALU_F64;
	case TY_F32: return ALU_F32;
	case TY_F16: case TY_F16X2: return ALU_F16;
	case TY_BF16: case TY_BF16X2: return ALU_BF16;
	case TY_TF32: return ALU_TF32;
	case TY_E4M3: case TY_E4M3X2: return ALU_E4M3;
	case TY_E5M2: case TY_E5M2X2: return ALU_E5M2;
	}
	return -1;
}

/* tf32 values live in 32 bits with the significand at the top: pack and
 * unpack through the 19-bit form. */
static int tbits(int fmt) { return fmt == ALU_TF32 ? 19 : 1 + FMT[fmt].ebits + FMT[fmt].mbits; }
static uint64_t tin(int fmt, uint64_t a) { return fmt == ALU_TF32 ? (a >> 13) & 0x7FFFF : a; }
static uint64_t tout(int fmt, uint64_t a) { return fmt == ALU_TF32 ? a << 13 : a; }

uint64_t alu_fqnan(int fmt)
{
	switch (fmt) {
	case ALU_F64: return 0xFFF8000000000000ull;
	case ALU_F32: case ALU_TF32: return 0x7FFFFFFF;
	case ALU_E4M3: return 0x7F;
	case ALU_E5M2: return 0x7F;
	default: return 0x7FFF;
	}
}

uint64_t alu_fone(int fmt)
{
	return tout(fmt, (uint64_t)((1 << (FMT[fmt].ebits - 1)) - 1) << FMT[fmt].mbits);
}

int alu_funpack(int fmt, uint64_t a, int *sign, int *exp, uint64_t *man)
{
	const Fmt *f = &FMT[fmt];
	a = tin(fmt, a);
	int nb = tbits(fmt);
	uint64_t mmask = ((uint64_t)1 << f->mbits) - 1;
	int emax = (1 << f->ebits) - 1, bias = (1 << (f->ebits - 1)) - 1;
	*sign = (int)(a >> (nb - 1) & 1);
	*exp = 0;   /* defined for every class, so a caller may copy them before it looks at the class */
	*man = 0;
	int be = (int)(a >> f->mbits & (uint64_t)emax);
	uint64_t m = a & mmask;
	if (!f->ieee) {
		if (be == emax && m == mmask) return 3;
	} else if (be == emax)
		return m ? 3 : 2;
	if (be == 0) {
		if (!m) return 0;
		*exp = 1 - bias - f->mbits;
		*man = m;
		return 1;
	}
	*exp = be - bias - f->mbits;
	*man = m | (mmask + 1);
	return 1;
}

static uint64_t inf(int fmt, int sign)
{
	const Fmt *f = &FMT[fmt];
	uint64_t v = (uint64_t)((1 << f->ebits) - 1) << f->mbits;
	return tout(fmt, v | (uint64_t)sign << (tbits(fmt) - 1));
}

static uint64_t maxfin(int fmt, int sign)
{
	const Fmt *f = &FMT[fmt];
	uint64_t v = f->ieee ? ((uint64_t)((1 << f->ebits) - 1) << f->mbits) - 1
	                     : ((uint64_t)((1 << f->ebits) - 1) << f->mbits) | (((uint64_t)1 << f->mbits) - 2);
	return tout(fmt, v | (uint64_t)sign << (tbits(fmt) - 1));
}

static uint64_t zero(int fmt, int sign) { return tout(fmt, (uint64_t)sign << (tbits(fmt) - 1)); }

static int clz128(u128 x)
{
	uint64_t hi = (uint64_t)(x >> 64);
	if (hi) return __builtin_clzll(hi);
	if ((uint64_t)x) return 64 + __builtin_clzll((uint64_t)x);
	return 128;
}

uint64_t alu_fround(int fmt, int sign, int exp, u128 sig, int sticky, int rnd, uint32_t flags)
{
	const Fmt *f = &FMT[fmt];
	int bias = (1 << (f->ebits - 1)) - 1, emin = 1 - bias;
	if (sig == 0) {
		if (!sticky) return zero(fmt, sign);
		sig = 1;     /* a value below every representable step: only its sign and "nonzero" matter */
		exp -= 200;
	}
	int n = 128 - clz128(sig);
	int E = exp + n - 1;
	/* .ftz flushes by the exact value: one that rounds up to the smallest
	 * normal is still flushed (measured on div.rm.ftz.f32); except an f32
	 * or f16 fma's and mul's, which round as if the exponent had no floor
	 * and flush what stays below the smallest normal (ALU_FTZRND: a value
	 * just below it that rounds up is kept, measured on fma.rn.ftz.f32,
	 * fma.rm.ftz.f32, fma.rn.ftz{,.sat,.relu}.f16{,x2}: -2^-14 * 2^-14 +
	 * 2^-14 gives 0x0400, mul.rn.ftz.f32, and mul.ftz.f16, an HMUL2.FTZ:
	 * 0x3801 * 0x07fe gives 0x0400 on an H200, v6 seed 36148) */
	int late = (flags & ALU_FTZRND) && E == emin - 1;
	if ((flags & ALU_FTZ) && E < emin && !late) return zero(fmt, sign);
	int lsbexp = (E < emin && !late ? emin : E) - f->mbits;
	int sh = lsbexp - exp;
	uint64_t m;
	int rbit = 0;
	if (sh > 0) {
		if (sh > 128) {
			sticky |= sig != 0;
			m = 0;
		} else {
			u128 rest = sh == 128 ? sig : sig & (((u128)1 << sh) - 1);
			rbit = (int)((rest >> (sh - 1)) & 1);
			sticky |= (rest & (((u128)1 << (sh - 1)) - 1)) != 0;
			m = sh == 128 ? 0 : (uint64_t)(sig >> sh);
		}
	} else
		m = (uint64_t)(sig << -sh);
	int up = 0;
	switch (rnd) {
	case ALU_RN: up = rbit && (sticky || (m & 1)); break;
	case ALU_RNA: up = rbit; break;
	case ALU_RZ: break;
	case ALU_RM: up = sign && (rbit || sticky); break;
	case ALU_RP: up = !sign && (rbit || sticky); break;
	}
	m += (uint64_t)up;
	if (m >> (f->mbits + 1)) {
		m >>= 1;
		lsbexp++;
	}
	uint64_t imp = (uint64_t)1 << f->mbits;
	int be = m >= imp ? lsbexp + f->mbits + bias : 0;
	int maxbe = (1 << f->ebits) - (f->ieee ? 2 : 1);
	uint64_t mm = m & (imp - 1);
	int over = be > maxbe || (!f->ieee && be == maxbe && mm == imp - 1);
	if (over) {
		if (flags & ALU_SATFINITE) return maxfin(fmt, sign);
		if (!f->ieee) return tout(fmt, 0x7F | (uint64_t)sign << 7);
		switch (rnd) {
		case ALU_RZ: return maxfin(fmt, sign);
		case ALU_RM: return sign ? inf(fmt, 1) : maxfin(fmt, 0);
		case ALU_RP: return sign ? maxfin(fmt, 1) : inf(fmt, 0);
		default: return inf(fmt, sign);
		}
	}
	if (be == 0 && (flags & ALU_FTZ)) return zero(fmt, sign);
	uint64_t v = (uint64_t)sign << (tbits(fmt) - 1) | (uint64_t)be << f->mbits | mm;
	return tout(fmt, v);
}

int alu_fisnan(int fmt, uint64_t a)
{
	int s, e; uint64_t m;
	return alu_funpack(fmt, a, &s, &e, &m) == 3;
}

uint64_t alu_fflush(int fmt, uint64_t a)
{
	const Fmt *f = &FMT[fmt];
	uint64_t x = tin(fmt, a);
	if ((x >> f->mbits & (uint64_t)((1 << f->ebits) - 1)) == 0)
		return tout(fmt, x & (uint64_t)1 << (tbits(fmt) - 1));
	return a;
}

/* The NaN an operation returns when an operand is NaN. */
static uint64_t nanres(int fmt, uint64_t a, uint64_t b, uint64_t c, int n)
{
	/* f64 keeps a NaN operand, quieted: the second source first, then the
	 * third, then the first.  These are the operand slots of ptxas's
	 * DADD/DMUL/DFMA/DMNMX, not PTX's: ptxas may swap a and b, and felem
	 * swaps them too where it did (ALU_NANA) */
	if (fmt != ALU_F64) return alu_fqnan(fmt);
	if (n > 1 && alu_fisnan(fmt, b)) return b | 0x0008000000000000ull;
	if (n > 2 && alu_fisnan(fmt, c)) return c | 0x0008000000000000ull;
	return a | 0x0008000000000000ull;
}

static uint64_t in_ftz(int fmt, uint64_t a, int ftz) { return ftz ? alu_fflush(fmt, a) : a; }

/* Exact sum of two scaled integers (sign, exp, sig), rounded.  Significands
 * are at most 106 bits wide; both are normalised to bit 125 so that the
 * smaller one is shifted right only when it lies wholly below the other's
 * low bits, where a sticky bit stands in for what is shifted out.  fl:
 * alu_fround's flags. */
static uint64_t addexact(int fmt, int sa, int ea, u128 ma, int sb, int eb, u128 mb, int rnd, uint32_t fl)
{
	if (!ma && !mb) return zero(fmt, sa == sb ? sa : rnd == ALU_RM);
	if (!ma) return alu_fround(fmt, sb, eb, mb, 0, rnd, fl);
	if (!mb) return alu_fround(fmt, sa, ea, ma, 0, rnd, fl);
	int ka = clz128(ma) - 2, kb = clz128(mb) - 2;
	ma <<= ka; ea -= ka;
	mb <<= kb; eb -= kb;
	if (ea < eb || (ea == eb && ma < mb)) {
		u128 t = ma; ma = mb; mb = t;
		int ti = ea; ea = eb; eb = ti;
		ti = sa; sa = sb; sb = ti;
	}
	int d = ea - eb, sticky = 0;
	if (d >= 127) {
		sticky = 1;
		mb = 0;
	} else if (d > 0) {
		sticky = (mb & (((u128)1 << d) - 1)) != 0;
		mb >>= d;
	}
	u128 r;
	if (sa == sb)
		r = ma + mb;
	else {
		r = ma - mb;
		if (sticky) r -= 1;    /* a - (b + frac) = (a - b - 1) + (1 - frac) */
	}
	if (!r && !sticky) return zero(fmt, rnd == ALU_RM);
	return alu_fround(fmt, sa, ea, r, sticky, rnd, fl);
}

uint64_t alu_fadd(int fmt, uint64_t a, uint64_t b, int rnd, int ftz)
{
	int sa, sb, ea = 0, eb = 0; uint64_t ma = 0, mb = 0;
	a = in_ftz(fmt, a, ftz); b = in_ftz(fmt, b, ftz);
	int ca = alu_funpack(fmt, a, &sa, &ea, &ma), cb = alu_funpack(fmt, b, &sb, &eb, &mb);
	if (ca == 3 || cb == 3) return nanres(fmt, a, b, 0, 2);
	if (ca == 2 || cb == 2) {
		if (ca == 2 && cb == 2 && sa != sb) return alu_fqnan(fmt);
		return ca == 2 ? inf(fmt, sa) : inf(fmt, sb);
	}
	return addexact(fmt, sa, ea, ca ? ma : 0, sb, eb, cb ? mb : 0, rnd, ftz ? ALU_FTZ : 0);
}

uint64_t alu_fmul(int fmt, uint64_t a, uint64_t b, int rnd, int ftz)
{
	int sa, sb, ea = 0, eb = 0; uint64_t ma = 0, mb = 0;
	a = in_ftz(fmt, a, ftz); b = in_ftz(fmt, b, ftz);
	int ca = alu_funpack(fmt, a, &sa, &ea, &ma), cb = alu_funpack(fmt, b, &sb, &eb, &mb);
	if (ca == 3 || cb == 3) return nanres(fmt, a, b, 0, 2);
	int s = sa ^ sb;
	if (ca == 2 || cb == 2) return (ca == 0 || cb == 0) ? alu_fqnan(fmt) : inf(fmt, s);
	if (ca == 0 || cb == 0) return zero(fmt, s);
	return alu_fround(fmt, s, ea + eb, (u128)ma * mb, 0, rnd,
	                  ftz ? ALU_FTZ | (fmt == ALU_F32 || fmt == ALU_F16 ? ALU_FTZRND : 0) : 0);
}

uint64_t alu_ffma(int fmt, uint64_t a, uint64_t b, uint64_t c, int rnd, int ftz)
{
	int sa, sb, sc, ea = 0, eb = 0, ec = 0; uint64_t ma = 0, mb = 0, mc = 0;
	a = in_ftz(fmt, a, ftz); b = in_ftz(fmt, b, ftz); c = in_ftz(fmt, c, ftz);
	int ca = alu_funpack(fmt, a, &sa, &ea, &ma), cb = alu_funpack(fmt, b, &sb, &eb, &mb);
	int cc = alu_funpack(fmt, c, &sc, &ec, &mc);
	if (ca == 3 || cb == 3 || cc == 3) return nanres(fmt, a, b, c, 3);
	int sp = sa ^ sb;
	if (ca == 2 || cb == 2) {
		if (ca == 0 || cb == 0) return alu_fqnan(fmt);
		if (cc == 2 && sc != sp) return alu_fqnan(fmt);
		return inf(fmt, sp);
	}
	if (cc == 2) return inf(fmt, sc);
	u128 p = (ca && cb) ? (u128)ma * mb : 0;
	/* FFMA.FTZ and HFMA2.FTZ flush what rounds to a subnormal, not what is
	 * one before rounding (ALU_FTZRND) */
	return addexact(fmt, sp, ea + eb, p, sc, ec, cc ? mc : 0, rnd,
	                ftz ? ALU_FTZ | (fmt == ALU_F32 || fmt == ALU_F16 ? ALU_FTZRND : 0) : 0);
}

uint64_t alu_fdiv(int fmt, uint64_t a, uint64_t b, int rnd, int ftz)
{
	int sa, sb, ea = 0, eb = 0; uint64_t ma = 0, mb = 0;
	a = in_ftz(fmt, a, ftz); b = in_ftz(fmt, b, ftz);
	int ca = alu_funpack(fmt, a, &sa, &ea, &ma), cb = alu_funpack(fmt, b, &sb, &eb, &mb);
	if (ca == 3 || cb == 3) {
		/* not commutative, so no operand swapping: the first NaN wins */
		if (fmt == ALU_F64) return (ca == 3 ? a : b) | 0x0008000000000000ull;
		return alu_fqnan(fmt);
	}
	int s = sa ^ sb;
	if (ca == 2) return cb == 2 ? alu_fqnan(fmt) : inf(fmt, s);
	if (cb == 2) return zero(fmt, s);
	if (cb == 0) return ca == 0 ? alu_fqnan(fmt) : inf(fmt, s);
	if (ca == 0) return zero(fmt, s);
	int k = clz128((u128)ma);
	u128 n = (u128)ma << k;
	u128 q = n / mb;
	int sticky = n % mb != 0;
	return alu_fround(fmt, s, ea - eb - k, q, sticky, rnd, ftz ? ALU_FTZ : 0);
}

static u128 isqrt128(u128 x, int *inexact)
{
	u128 r = 0, bit = (u128)1 << 126;
	while (bit > x) bit >>= 2;
	while (bit) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else
			r >>= 1;
		bit >>= 2;
	}
	*inexact = x != 0;
	return r;
}

uint64_t alu_fsqrt(int fmt, uint64_t a, int rnd, int ftz)
{
	int sa, ea = 0; uint64_t ma = 0;
	a = in_ftz(fmt, a, ftz);
	int ca = alu_funpack(fmt, a, &sa, &ea, &ma);
	if (ca == 3) return nanres(fmt, a, 0, 0, 1);
	if (ca == 0) return a;
	if (sa) return alu_fqnan(fmt);
	if (ca == 2) return a;
	int k = clz128((u128)ma) - 1;    /* leave bit 127 clear for the square root loop */
	if ((ea - k) & 1) k--;
	int inexact;
	u128 r = isqrt128((u128)ma << k, &inexact);
	return alu_fround(fmt, 0, (ea - k) / 2, r, inexact, rnd, ftz ? ALU_FTZ : 0);
}

uint64_t alu_fsat(int fmt, uint64_t a)
{
	int s, e; uint64_t m;
	int c = alu_funpack(fmt, a, &s, &e, &m);
	if (c == 3) return zero(fmt, 0);
	if (s) return zero(fmt, 0);
	uint64_t one = alu_fround(fmt, 0, 0, 1, 0, ALU_RN, 0);
	if (c == 2 || tin(fmt, a) > tin(fmt, one)) return one;
	return a;
}

/* A register's value cut to the format's bits: a wider register may hold
 * more (a sign-extended s32 moved into an f32 register), which the GPU's
 * 32-bit registers do not have. */
static uint64_t fbitsof(int fmt, uint64_t a)
{
	static const int nb[ALU_NFMT] = { 64, 32, 16, 16, 32, 8, 8 };
	return nb[fmt] >= 64 ? a : a & (((uint64_t)1 << nb[fmt]) - 1);
}

/* Total order key for comparisons of non-NaN values: -0 and +0 compare equal. */
static int fless(int fmt, uint64_t a, uint64_t b, int *eq)
{
	int nb = tbits(fmt);
	uint64_t x = tin(fmt, a), y = tin(fmt, b), sm = (uint64_t)1 << (nb - 1);
	uint64_t ax = x & (sm - 1), ay = y & (sm - 1);
	if (ax == 0 && ay == 0) { *eq = 1; return 0; }
	*eq = x == y;
	int sx = (x & sm) != 0, sy = (y & sm) != 0;
	if (sx != sy) return sx;
	return sx ? ax > ay : ax < ay;
}

int alu_fcmp(int fmt, uint64_t a, uint64_t b, int cmp, int ftz)
{
	a = in_ftz(fmt, fbitsof(fmt, a), ftz); b = in_ftz(fmt, fbitsof(fmt, b), ftz);
	int un = alu_fisnan(fmt, a) || alu_fisnan(fmt, b);
	if (cmp == MOD_NUM) return !un;
	if (cmp == MOD_NAN_CMP) return un;
	int eq, lt, gt;
	if (un) {
		eq = lt = gt = 0;
	} else {
		lt = fless(fmt, a, b, &eq);
		gt = !lt && !eq;
	}
	switch (cmp) {
	case MOD_EQ: return eq;
	case MOD_NE: return !un && !eq;
	case MOD_LT: return lt;
	case MOD_LE: return lt || eq;
	case MOD_GT: return gt;
	case MOD_GE: return gt || eq;
	case MOD_EQU: return un || eq;
	case MOD_NEU: return un || !eq;
	case MOD_LTU: return un || lt;
	case MOD_LEU: return un || lt || eq;
	case MOD_GTU: return un || gt;
	case MOD_GEU: return un || gt || eq;
	}
	return 0;
}

/* min/max: a NaN operand is ignored unless .NaN; -0 orders below +0. */
uint64_t alu_fmin(int fmt, uint64_t a, uint64_t b, int ismax, uint32_t flags)
{
	int nb = tbits(fmt);
	uint64_t sm = (uint64_t)1 << (nb - 1);
	a = fbitsof(fmt, a); b = fbitsof(fmt, b);
	if (flags & ALU_FTZ) { a = alu_fflush(fmt, a); b = alu_fflush(fmt, b); }
	uint64_t xs = 0;
	if (flags & ALU_XORSIGN) {
		xs = (tin(fmt, a) ^ tin(fmt, b)) & sm;
		a = tout(fmt, tin(fmt, a) & ~sm);
		b = tout(fmt, tin(fmt, b) & ~sm);
	}
	int na = alu_fisnan(fmt, a), nbn = alu_fisnan(fmt, b);
	uint64_t r;
	if (na || nbn) {
		if (fmt == ALU_F64 && !(flags & ALU_NANP) && na && nbn) return b | 0x0008000000000000ull;
		if ((flags & ALU_NANP) || (na && nbn)) return alu_fqnan(fmt);
		r = na ? b : a;
	} else {
		int eq, lt = fless(fmt, a, b, &eq);
		if (eq && !(tin(fmt, a) == tin(fmt, b)))     /* +0 vs -0 */
			lt = (tin(fmt, a) & sm) != 0;
		r = (lt != ismax) ? a : b;
	}
	if (flags & ALU_XORSIGN) r = tout(fmt, tin(fmt, r) | xs);
	if ((flags & ALU_RELU) && (tin(fmt, r) & sm) && !alu_fisnan(fmt, r)) r = zero(fmt, 0);
	return r;
}

/* An f16 value widened to f32 exactly, or an f32 one narrowed to f16 to
 * nearest (an F2FP's), a NaN the canonical one. */
static uint64_t f16f32(int df, int sf, uint64_t a)
{
	int sg, e; uint64_t m;
	switch (alu_funpack(sf, a, &sg, &e, &m)) {
	case 3: return alu_fqnan(df);
	case 2: return inf(df, sg);
	case 0: return zero(df, sg);
	default: return alu_fround(df, sg, e, m, 0, ALU_RN, 0);
	}
}

/* A directed scalar bf16 fma as ptxas compiles it (felem) */
static uint64_t bf16fma_as_f16(uint64_t a, uint64_t b, uint64_t c, int rnd)
{
	uint64_t r = alu_ffma(ALU_F32, f16f32(ALU_F32, ALU_F16, a), f16f32(ALU_F32, ALU_F16, b),
	                      f16f32(ALU_F32, ALU_F16, c), rnd, 0);
	return f16f32(ALU_F16, ALU_F32, r);
}

/* sqrt.ftz.f32 or div.rz/.rm/.rp.ftz.f32 whose operand is an f32 set's
 * result, as ptxas's slow path runs it when it tests the operand against
 * 0 by the set's compare again with .ftz (fold.c foldslowset): op->imm
 * bits 0-11 (16-27) the compare of a (b), 12-13 (28-29) its BoolOp, its
 * sources (and predicate) after the instruction's.  Where each test
 * agrees with the value, the IEEE answer; else the subroutine's steps
 * (sm_90 SASS of __cuda_sm20_sqrt_rn_ftz_f32_slowpath and
 * __cuda_sm20_div_rd_ftz_f32, the other roundings alike). */
static uint64_t slowset(const AluOp *op, const uint64_t *s)
{
	int n = op->op == OP_DIV ? 2 : 1, j = n, nz[2], dev = 0;
	uint32_t a = (uint32_t)s[0], b = n > 1 ? (uint32_t)s[1] : 0;
	for (int i = 0; i < n; i++) {
		uint32_t x = i ? b : a;
		int cmp = (int)(op->imm >> 16 * i & 0xfff), bop = (int)(op->imm >> (16 * i + 12) & 3);
		/* FSETP.NEU.FTZ x, RZ: a NaN is not zero */
		nz[i] = (x & 0x7fffffffu) > 0x7fffffu;
		if (cmp) {
			int c = alu_fcmp(ALU_F32, s[j], s[j + 1], cmp, 1);
			if (bop) {
				int p = (int)(s[j + 2] & 1);
				c = bop == 1 ? c & p : bop == 2 ? c | p : c ^ p;
			}
			j += bop ? 3 : 2;
			dev |= c != nz[i];
			nz[i] = c;
		}
	}
	if (!dev)
		return op->op == OP_DIV ? alu_fdiv(ALU_F32, a, b, op->rnd, 1) : alu_fsqrt(ALU_F32, a, op->rnd, 1);
	if (op->op == OP_SQRT) {
		/* only a value outside [2^-101, 2^126) reaches the slow path:
		 * a 0 taken for nonzero goes on to 0 * rsqrt(0), a NaN; a NaN
		 * or -1 taken for 0 is x * 1, the canonical NaN, as IEEE */
		if (nz[0] && (a & 0x7fffffffu) <= 0x7fffffu)
			return 0x7fffffffu;
		return alu_fsqrt(ALU_F32, a, op->rnd, 1);
	}
	uint32_t ea = a >> 23 & 0xff, eb = b >> 23 & 0xff, sg = (a ^ b) & 0x80000000u;
	if (ea - 1 > 0xfd || eb - 1 > 0xfd) {
		int ainf = (a & 0x7fffffffu) == 0x7f800000u, binf = (b & 0x7fffffffu) == 0x7f800000u;
		if ((a & 0x7fffffffu) > 0x7f800000u || (b & 0x7fffffffu) > 0x7f800000u)
			return 0x7fffffffu;
		if ((!nz[0] && !nz[1]) || (ainf && binf))
			return 0x7fffffffu;
		if (binf || !nz[0])
			return sg;
		if (ainf || !nz[1])
			return sg | 0x7f800000u;
	}
	/* both scaled to [1, 2) by their exponent fields (a zero's is 0),
	 * divided, and the quotient's exponent moved by the difference */
	uint32_t as = a - ((ea - 127) << 23), bs = b - ((eb - 127) << 23);
	uint32_t q = (uint32_t)alu_fdiv(ALU_F32, as, bs, op->rnd, 0);
	int e = (int)ea - (int)eb, r = (int)(q >> 23 & 0xff) + e;
	if (r >= 1 && r <= 0xfe)
		return q + ((uint32_t)e << 23);
	sg = q & 0x80000000u;
	if (r <= 0)
		return sg;
	if (op->rnd == ALU_RZ || (op->rnd == ALU_RP && sg) || (op->rnd == ALU_RM && !sg))
		return sg | 0x7f7fffffu;
	return sg | 0x7f800000u;
}

/* One element of a float instruction (f16x2 lanes call it twice). */
static uint64_t felem(const AluOp *op, int fmt, const uint64_t *src, int nb)
{
	int ftz = (op->flags & ALU_FTZ) != 0, rnd = op->rnd;
	uint64_t sm = (uint64_t)1 << (nb - 1), r = 0, sw[3];
	const uint64_t *s = src;
	/* ALU_NANA: ptxas put a where nanres looks first, b where it looks
	 * last.  Swapping a and b changes nothing else: add, mul and the
	 * product of fma are commutative bit for bit, min and max order -0
	 * below +0 either way, and a - b is the sum (-b) + a. */
	if ((op->flags & ALU_NANA) && fmt == ALU_F64 && op->nsrc > 1) {
		sw[0] = src[1];
		sw[1] = src[0];
		sw[2] = op->nsrc > 2 ? src[2] : 0;
		s = sw;
	}
	switch (op->op) {
	case OP_ADD: r = alu_fadd(fmt, s[0], s[1], rnd, ftz); break;
	case OP_SUB:
		/* the sign of a NaN b stays, unless b was a constant that ptxas negated */
		if (s == sw)
			r = alu_fadd(fmt, (op->flags & ALU_NEGK) || !alu_fisnan(fmt, s[0]) ? s[0] ^ sm : s[0], s[1], rnd, ftz);
		else
			r = alu_fadd(fmt, s[0], (op->flags & ALU_NEGK) || !alu_fisnan(fmt, s[1]) ? s[1] ^ sm : s[1], rnd, ftz);
		break;
	case OP_MUL: r = alu_fmul(fmt, s[0], s[1], rnd, ftz); break;
	case OP_FMA: case OP_MAD: {
		uint64_t x = s[0], c = s[2];
		/* fma.rz/.rm/.rp of one bf16 (with .relu, .oob or not): ptxas 13
		 * reads the three bit patterns as f16 and widens them to f32
		 * (HADD2.F32), takes an FFMA with the instruction's rounding, and
		 * narrows that to f16 to nearest (F2F.F16.F32 or
		 * F2FP.F16.F32.PACK_AB), with neither the relu nor the .oob test:
		 * two roundings, so a sum within an f32 step of an f16 tie rounds
		 * the way the directed FFMA pushed it; an exact zero is signed by
		 * the rounding (-0 * x + 0 is -0 with .rm), and a value below
		 * half the least f16 subnormal narrows to a zero of its sign.
		 * The SASS of each of the 140 v12 formx kernels the single
		 * rounding missed; an H200's values for 16,384 triples (6,000 of
		 * them just off an f16 tie; NaN, infinite, subnormal, zero and
		 * 0x7ff7 operands) in all twelve spellings equal these
		 * (tests/regress/fma-bf16-directed-double-rounding.ptx) */
		if (op->op == OP_FMA && fmt == ALU_BF16 && op->ty == TY_BF16 && rnd != ALU_RN)
			return bf16fma_as_f16(s[0], s[1], c, rnd);
		/* .oob: a factor that is the out-of-bounds NaN, 0x7ff7 of
		 * either sign in f16 and bf16 alike, makes the result +0
		 * whatever the other operands (an H200, every 16-bit pattern in
		 * a, b and c of each half type and lane: c's is an ordinary NaN) */
		if (op->mode == MOD_OOB && ((s[0] & 0x7fff) == 0x7ff7 || (s[1] & 0x7fff) == 0x7ff7))
			return 0;
		if ((op->flags & ALU_NEGAB) && !alu_fisnan(fmt, x))
			x ^= sm;
		/* (a NaN c keeps its sign, unless it was a constant that
		 * ptxas negated: ALU_NEGK, load.c nanorder) */
		if ((op->flags & ALU_NEGC) && (!alu_fisnan(fmt, c) || (op->flags & ALU_NEGK)))
			c ^= sm;
		if ((op->flags & (ALU_APPROX | ALU_FULL)) && fmt == ALU_F32)   /* a div fused with an add */
			r = alu_approx_divfma(s[0], s[1], c, (op->flags & ALU_FULL) != 0, (op->flags & ALU_NEGAB) != 0, ftz);
		else
			/* fma.rz/.rm/.rp.bf16x2 rounds to nearest: ptxas's HFMA2.BF16
			 * takes no rounding (an H200: v12 formx's bf16x2 records all
			 * match so; the scalar bf16 forms do not, xfail.txt) */
			r = alu_ffma(fmt, x, s[1], c, op->ty == TY_BF16X2 ? ALU_RN : rnd, ftz);
		break;
	}
	case OP_DIV:
		if (op->mode == OP_SET && fmt == ALU_F32)   /* of a set's result, the slow path's tests (fold.c) */
			r = slowset(op, s);
		else if (op->mode == OP_RSQRT)   /* by rsqrt(rcp(b)), .approx.ftz: a times MUFU.RSQ of b (fold.c) */
			r = alu_fmul(ALU_F32, s[0], alu_approx(OP_RSQRT, ALU_F32, s[1], 1), ALU_RN, 1);
		else if ((op->flags & (ALU_APPROX | ALU_FULL)) && fmt == ALU_F32 && op->mode == OP_RCP)
			r = alu_approx_divk(s[0], s[1], (op->flags & ALU_FULL) != 0, ftz);
		else if ((op->flags & (ALU_APPROX | ALU_FULL)) && fmt == ALU_F32)
			r = alu_approx_div(s[0], s[1], (op->flags & ALU_FULL) != 0, ftz);
		else
			r = alu_fdiv(fmt, s[0], s[1], rnd, ftz);
		break;
	case OP_RCP:
		/* ptxas takes .ftz on the IEEE f64 rcp and ignores it: subnormals
		 * in and out stay (an H200: v12 formx, rcp.rn/.rz/.rm/.rp.ftz.f64) */
		if (fmt == ALU_F64 && !(op->flags & ALU_APPROX))
			ftz = 0;
		r = (op->flags & ALU_APPROX) ? alu_approx(OP_RCP, fmt, s[0], ftz)
		                             : alu_fdiv(fmt, alu_fround(fmt, 0, 0, 1, 0, ALU_RN, 0), s[0], rnd, ftz);
		break;
	case OP_SQRT:
		if (op->mode == OP_SET && fmt == ALU_F32)   /* of a set's result (fold.c) */
			r = slowset(op, s);
		else
			r = (op->flags & ALU_APPROX) ? alu_approx(OP_SQRT, fmt, s[0], ftz) : alu_fsqrt(fmt, s[0], rnd, ftz);
		break;
	case OP_RSQRT: case OP_SIN: case OP_COS: case OP_LG2: case OP_EX2: case OP_TANH:
		r = alu_approx(op->op, fmt, s[0], ftz);
		break;
	case OP_ABS:
		if (op->flags & ALU_NEGAB)   /* an FSEL's operand modifier (fold.c) */
			return s[0] & ~sm;
		r = in_ftz(fmt, s[0], ftz);
		r = alu_fisnan(fmt, r) ? (fmt == ALU_F64 ? r | 0x0008000000000000ull : alu_fqnan(fmt)) : r & ~sm;
		break;
	case OP_NEG:
		if (op->flags & ALU_NEGAB)   /* folded into a select as its operand's sign (contract.c) */
			return s[0] ^ sm;
		r = in_ftz(fmt, s[0], ftz);
		r = alu_fisnan(fmt, r) ? (fmt == ALU_F64 ? r | 0x0008000000000000ull : alu_fqnan(fmt)) : r ^ sm;
		break;
	case OP_MIN: case OP_MAX:
		return alu_fmin(fmt, s[0], s[1], op->op == OP_MAX, op->flags);
	case OP_COPYSIGN: r = (s[1] & ~sm) | (s[0] & sm); break;
	}
	if ((op->flags & ALU_SAT) && op->op != OP_ABS && op->op != OP_NEG) r = alu_fsat(fmt, r);
	if ((op->flags & ALU_RELU) && (r & sm) && !alu_fisnan(fmt, r)) r = 0;
	return r;
}

static int testp(int fmt, uint64_t a, int cls)
{
	int s, e; uint64_t m;
	int c = alu_funpack(fmt, a, &s, &e, &m);
	int sub = c == 1 && (tin(fmt, a) >> FMT[fmt].mbits & (uint64_t)((1 << FMT[fmt].ebits) - 1)) == 0;
	switch (cls) {
	case MOD_FINITE: return c < 2;
	case MOD_INFINITE: return c == 2;
	case MOD_NUMBER: return c != 3;
	case MOD_NOTANUMBER: return c == 3;
	case MOD_NORMAL: return c < 2 && !sub;      /* the GPU counts zeros as normal (measured) */
	case MOD_SUBNORMAL: return sub;
	}
	return 0;
}

void alu_float_exec(const AluOp *op, const uint64_t *s, uint64_t *d)
{
	int fmt = alu_fmt_of(op->ty);
	if (op->op == OP_TESTP) {
		d[0] = (uint64_t)testp(fmt, s[0], op->mode);
		return;
	}
	if (op->ty == TY_F16X2 || op->ty == TY_BF16X2) {
		uint64_t lo[3], hi[3];
		for (int i = 0; i < op->nsrc && i < 3; i++) {
			lo[i] = s[i] & 0xFFFF;
			hi[i] = s[i] >> 16 & 0xFFFF;
		}
		/* fma of x * x whose halves in imm ptxas holds negated: their
		 * product negated (fold.c negmask) */
		if (op->op == OP_FMA && (op->imm & 3)) {
			AluOp l = *op, h = *op;
			l.flags |= (op->imm & 1) ? ALU_NEGAB : 0;
			h.flags |= (op->imm & 2) ? ALU_NEGAB : 0;
			d[0] = felem(&l, fmt, lo, 16) | felem(&h, fmt, hi, 16) << 16;
			return;
		}
		d[0] = felem(op, fmt, lo, 16) | felem(op, fmt, hi, 16) << 16;
		return;
	}
	d[0] = felem(op, fmt, s, tbits(fmt));
}

/*
 * mma.c -- the warp-wide matrix instructions: ldmatrix, stmatrix,
 * movmatrix and mma.sync.  exec.c gathers the operands of all 32 lanes
 * (these instructions are .sync.aligned: the whole warp takes part) and
 * scatters the results; this file knows the fragment layouts of the PTX ISA
 * manual and the tensor cores' arithmetic.
 *
 * An 8x8 matrix of b16 (ldmatrix, stmatrix, movmatrix) is held with row
 * r, columns 2c and 2c+1 in lane 4r + c; .trans swaps rows and columns.
 *
 * mma: lane l is in group g = l / 4 with index t = l % 4 (the manual's
 * groupID and threadID_in_group).  Element i of a fragment (packed values
 * counted from the low half of the first register) sits at the row and
 * column that afrag/bfrag/cfrag give.
 *
 * Numerics, as measured on an H100 (tests/tc: probes of chosen exponents,
 * gaps, signs, positions and specials, and random inputs in eleven styles,
 * every result compared bit for bit; tests/tc/tc.sh SEED NRAND re-runs it
 * where a GPU is).  Each variant below was compared on 3 to 9 million
 * results of four seeds without a difference, except that the rules for
 * results of subnormal size (the floor of -133, the exponent a subnormal
 * f16 C counts at) came from the last run's 51 differences and were then
 * checked on the recorded results only.
 *
 *   integer: exact, wrapping, or clamped under .satfinite.
 *
 *   f16, bf16, tf32 inputs (m16n8k16, m16n8k8), f32 or f16 accumulator:
 *   one fused sum of all k products and C (fdot).  Products are exact.  The
 *   alignment reads each term's nominal exponent: for a product the sum of
 *   the two exponent fields, for C its exponent field (a subnormal counts
 *   as the smallest normal exponent; the product of two significands in
 *   [1, 4) may carry a bit above it).  Each term is cut toward zero to a
 *   multiple of 2^(emax - 25), emax the largest nominal exponent but at
 *   least -133 (so no cut is finer than 2^-158), the cut terms are added
 *   exactly, and the sum is rounded once: toward zero into f32 (from 2^128
 *   up it is an infinity), to nearest even into f16.  tf32 reads only the
 *   top 19 bits of each input.
 *
 *   e4m3, e5m2 inputs (m16n8k32): two such sums, over the k with k % 4 < 2
 *   and then over the others plus the first sum, each rounded into the
 *   accumulator's format; C is added last, to nearest even (f8dot).
 *
 *   f64 (m8n8k4, and sm_90's m16n8k4/k8/k16): a chain of fmas from C, in
 *   k order (the m16n8 shapes measured with Triton's fp64 tl.dot).
 *
 *   Specials: a NaN input, inf * 0 or infinities of both signs give the
 *   canonical NaN (0x7fffffff, 0x7fff); otherwise an infinite input gives
 *   its infinity (products do not overflow inside the sum).  A zero result
 *   is +0, whatever the signs.  f64 follows its fmas.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "interp.h"

#define FOR_LANES(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

/* ---------------------------------------------------------------- ldmatrix, stmatrix, movmatrix */

/* n matrices (xi->aux), rows from lanes 8i..8i+7; v[i][lane] receives the fragments. */
int
interp_ldmatrix(Launch *L, Warp *w, const XIns *xi, uint32_t m, const uint64_t *ad, uint64_t v[][WARP])
{
	uint16_t mx[4][8][8];
	int n = xi->aux, tr = xi->mod;
	uint32_t rows = n == 4 ? ~0u : (1u << (8 * n)) - 1;

	for (int i = 0; i < n; i++)
		for (int r = 0; r < 8; r++) {
			uint8_t *p = interp_xlate(L, w, 8 * i + r, xi->space, ad[8 * i + r], 16, 0, xi);
			if (!p)
				return -1;
			memcpy(mx[i][r], p, 16);
			if (L->chk)
				interp_chk_rows(L, w, (uint32_t)(8 * i + r), xi, ad[8 * i + r], p, 16, 0);
		}
	FOR_LANES(m, l)
		for (int i = 0; i < n; i++) {
			uint32_t a = l / 4, b = (l % 4) * 2;
			v[i][l] = tr ? (uint64_t)mx[i][b][a] | (uint64_t)mx[i][b + 1][a] << 16 :
			    (uint64_t)mx[i][a][b] | (uint64_t)mx[i][a][b + 1] << 16;
		}
	if (L->st)
		interp_count_mem(L, xi, rows, ad, 16);
	return 0;
}

int
interp_stmatrix(Launch *L, Warp *w, const XIns *xi, uint32_t m, const uint64_t *ad, uint64_t v[][WARP])
{
	uint16_t mx[4][8][8];
	int n = xi->aux, tr = xi->mod;
	uint32_t rows = n == 4 ? ~0u : (1u << (8 * n)) - 1;

	(void)m;
	for (uint32_t l = 0; l < WARP; l++)
		for (int i = 0; i < n; i++) {
			uint32_t a = l / 4, b = (l % 4) * 2;
			uint16_t lo = (uint16_t)v[i][l], hi = (uint16_t)(v[i][l] >> 16);
			if (tr)
				mx[i][b][a] = lo, mx[i][b + 1][a] = hi;
			else
				mx[i][a][b] = lo, mx[i][a][b + 1] = hi;
		}
	for (int i = 0; i < n; i++)
		for (int r = 0; r < 8; r++) {
			uint8_t *p = interp_xlate(L, w, 8 * i + r, xi->space, ad[8 * i + r], 16, 1, xi);
			if (!p)
				return -1;
			memcpy(p, mx[i][r], 16);
			if (L->chk)
				interp_chk_rows(L, w, (uint32_t)(8 * i + r), xi, ad[8 * i + r], p, 16, 1);
		}
	if (L->st)
		interp_count_mem(L, xi, rows, ad, 16);
	return 0;
}

/* d of lane l = the transposed matrix's row l / 4, columns 2(l % 4) and 2(l % 4) + 1. */
void
interp_movmatrix(const uint64_t *s, uint64_t *d)
{
	for (uint32_t l = 0; l < WARP; l++) {
		uint32_t a = l / 4, b = (l % 4) * 2, v = 0;
		for (uint32_t j = 0; j < 2; j++) {
			uint32_t r = b + j;   /* source row r, column a */
			uint32_t h = (uint32_t)(s[r * 4 + a / 2] >> (16 * (a % 2))) & 0xffff;
			v |= h << (16 * j);
		}
		d[l] = v;
	}
}

/* ---------------------------------------------------------------- mma */

/* The shapes and input types the executor knows; the decoder picks one. */
typedef struct {
	int m, n, k;
	int abits;           /* bits of one A/B element */
	int na, nb, nc;      /* registers of A, B, C/D */
	int cbits;           /* bits of one C/D element */
} Shape;

static const Shape shapes[] = {
	[MMA_K16_16] = { 16, 8, 16, 16, 4, 2, 4, 32 },
	[MMA_K8_16] = { 16, 8, 8, 16, 2, 1, 4, 32 },
	[MMA_K8_TF32] = { 16, 8, 8, 32, 4, 2, 4, 32 },
	[MMA_K32_8] = { 16, 8, 32, 8, 4, 2, 4, 32 },
	[MMA_K4_F64] = { 8, 8, 4, 64, 1, 1, 2, 64 },
	[MMA_F64_K4] = { 16, 8, 4, 64, 2, 1, 4, 64 },
	[MMA_F64_K8] = { 16, 8, 8, 64, 4, 2, 4, 64 },
	[MMA_F64_K16] = { 16, 8, 16, 64, 8, 4, 4, 64 },
	[MMA_K16_8] = { 16, 8, 16, 8, 2, 1, 4, 32 },      /* s8/u8 m16n8k16 */
	[MMA_M8_K16_8] = { 8, 8, 16, 8, 1, 1, 2, 32 },    /* s8/u8 m8n8k16 */
	[MMA_K4_TF32] = { 16, 8, 4, 32, 2, 1, 4, 32 },
	[MMA_K32_4] = { 16, 8, 32, 4, 2, 1, 4, 32 },      /* s4/u4 m16n8k32 */
	[MMA_K64_4] = { 16, 8, 64, 4, 4, 2, 4, 32 },      /* s4/u4 m16n8k64 */
	[MMA_K256_1] = { 16, 8, 256, 1, 4, 2, 4, 32 },    /* b1 m16n8k256 */
	[MMA_M8_K32_4] = { 8, 8, 32, 4, 1, 1, 2, 32 },    /* s4/u4 m8n8k32 */
	[MMA_M8_K128_1] = { 8, 8, 128, 1, 1, 1, 2, 32 },  /* b1 m8n8k128 */
	[MMA_K128_1] = { 16, 8, 128, 1, 2, 1, 4, 32 },    /* b1 m16n8k128 */
};

void
interp_mma_regs(int shape, int cbits, int *na, int *nb, int *nc)
{
	*na = shapes[shape].na;
	*nb = shapes[shape].nb;
	*nc = cbits == 16 ? 2 : shapes[shape].nc;
}

static void
afrag(int shape, uint32_t g, uint32_t t, int i, int *row, int *col)
{
	switch (shape) {
	case MMA_K16_16: *row = (int)g + 8 * ((i >> 1) & 1); *col = (int)t * 2 + (i & 1) + 8 * (i >> 2); break;
	case MMA_K8_16: *row = (int)g + 8 * (i >> 1); *col = (int)t * 2 + (i & 1); break;
	case MMA_K8_TF32: *row = (int)g + 8 * (i & 1); *col = (int)t + 4 * (i >> 1); break;
	case MMA_K32_8: *row = (int)g + 8 * ((i >> 2) & 1); *col = (int)t * 4 + (i & 3) + 16 * (i >> 3); break;
	case MMA_F64_K4: case MMA_F64_K8: case MMA_F64_K16: case MMA_K4_TF32:
		*row = (int)g + 8 * (i & 1); *col = (int)t + 4 * (i >> 1); break;
	case MMA_K16_8: *row = (int)g + 8 * (i >> 2); *col = (int)t * 4 + (i & 3); break;
	case MMA_K32_4: *row = (int)g + 8 * (i >> 3); *col = (int)t * 8 + (i & 7); break;
	case MMA_K64_4: *row = (int)g + 8 * ((i >> 3) & 1); *col = (int)t * 8 + (i & 7) + 32 * (i >> 4); break;
	case MMA_K256_1: *row = (int)g + 8 * ((i >> 5) & 1); *col = (int)t * 32 + (i & 31) + 128 * (i >> 6); break;
	case MMA_M8_K16_8: *row = (int)g; *col = (int)t * 4 + i; break;
	case MMA_M8_K32_4: *row = (int)g; *col = (int)t * 8 + i; break;
	case MMA_M8_K128_1: *row = (int)g; *col = (int)t * 32 + i; break;
	case MMA_K128_1: *row = (int)g + 8 * (i >> 5); *col = (int)t * 32 + (i & 31); break;
	default: *row = (int)g; *col = (int)t; break;
	}
}

static void
bfrag(int shape, uint32_t g, uint32_t t, int i, int *row, int *col)
{
	*col = (int)g;
	switch (shape) {
	case MMA_K16_16: *row = (int)t * 2 + (i & 1) + 8 * (i >> 1); break;
	case MMA_K8_16: *row = (int)t * 2 + i; break;
	case MMA_K8_TF32: case MMA_F64_K4: case MMA_F64_K8: case MMA_F64_K16: case MMA_K4_TF32: *row = (int)t + 4 * i; break;
	case MMA_K32_4: *row = (int)t * 8 + i; break;
	case MMA_K64_4: *row = (int)t * 8 + (i & 7) + 32 * (i >> 3); break;
	case MMA_K256_1: *row = (int)t * 32 + (i & 31) + 128 * (i >> 5); break;
	case MMA_K32_8: *row = (int)t * 4 + (i & 3) + 16 * (i >> 2); break;
	case MMA_K16_8: case MMA_M8_K16_8: *row = (int)t * 4 + i; break;
	case MMA_M8_K32_4: *row = (int)t * 8 + i; break;
	case MMA_M8_K128_1: case MMA_K128_1: *row = (int)t * 32 + i; break;
	default: *row = (int)t; break;
	}
}

static void
cfrag(int shape, uint32_t g, uint32_t t, int i, int *row, int *col)
{
	if (shape == MMA_K4_F64 || shape == MMA_M8_K16_8 || shape == MMA_M8_K32_4 || shape == MMA_M8_K128_1) {
		*row = (int)g;
		*col = (int)t * 2 + i;
		return;
	}
	*row = (int)g + 8 * (i >> 1);
	*col = (int)t * 2 + (i & 1);
}

/* Element i of a fragment whose registers are r[0..], elements of `bits` each. */
static uint64_t
elem(const uint64_t *r, int bits, int i)
{
	int per = 32 / bits;
	if (bits == 64)
		return r[i];
	return (r[i / per] >> (bits * (i % per))) & ((1ull << bits) - 1);
}

/* C (or D) of shape, nc registers of cbits elements: from the lanes' registers
 * s[0..nc) into c, and from c into them */
static void
cload(int shape, int cbits, int nc, uint64_t s[][WARP], uint64_t c[16][8])
{
	for (uint32_t l = 0; l < WARP; l++) {
		uint64_t rc[4];
		int row, col;
		for (int j = 0; j < nc; j++)
			rc[j] = s[j][l];
		for (int i = 0; i < (cbits == 16 ? 2 * nc : nc); i++) {
			cfrag(shape, l / 4, l % 4, i, &row, &col);
			c[row][col] = elem(rc, cbits, i);
		}
	}
}

static void
cstore(int shape, int cbits, int nc, uint64_t c[16][8], uint64_t d[][WARP])
{
	for (uint32_t l = 0; l < WARP; l++) {
		int row, col;
		for (int j = 0; j < nc; j++)
			d[j][l] = 0;
		for (int i = 0; i < (cbits == 16 ? 2 * nc : nc); i++) {
			cfrag(shape, l / 4, l % 4, i, &row, &col);
			if (cbits == 16)
				d[i / 2][l] |= (c[row][col] & 0xffff) << (16 * (i % 2));
			else
				d[i][l] = c[row][col];
		}
	}
}

/*
 * The floating-point dot product.  A term is an exact value man * 2^exp; nom
 * is the exponent the alignment reads: the sum of the two exponent fields
 * for a product (a subnormal counts as the format's smallest exponent, and a
 * product of significands in [1, 4) may carry one bit above it), the
 * exponent field for the accumulator.
 */
typedef struct { uint64_t man; int exp, nom, neg; } Term;

/* Bits kept below the largest nom; the least the largest nom counts as (no cut is finer than 2^-158). */
enum { MMA_FRAC = 25, MMA_EMIN = -133 };

/* The exponent field of a finite f16, bf16 or f32 value (a subnormal's is the smallest normal one). */
static int
nomexp(int fmt, int exp)
{
	return exp + (fmt == ALU_F16 ? 10 : fmt == ALU_BF16 ? 7 : fmt == ALU_E4M3 ? 3 : fmt == ALU_E5M2 ? 2 : 23);
}

/*
 * The sum of the n nonzero terms as the tensor cores form it: each term cut
 * toward zero to a multiple of 2^(emax - frac), emax the largest nom (and at
 * least emin), and the cut terms added exactly.  Returns the sum's sign;
 * *mag * 2^*lsb is its magnitude.
 */
static int
alignsum(const Term *t, int n, int frac, int emin, uint64_t *mag, int *lsb)
{
	int emax = emin;
	int64_t sum = 0;

	for (int i = 0; i < n; i++)
		if (t[i].nom > emax)
			emax = t[i].nom;
	*lsb = emax - frac;
	for (int i = 0; i < n; i++) {
		int sh = *lsb - t[i].exp;   /* drop sh bits (shift left when negative) */
		uint64_t v = sh >= 64 ? 0 : sh >= 0 ? t[i].man >> sh : t[i].man << -sh;
		sum += t[i].neg ? -(int64_t)v : (int64_t)v;
	}
	*mag = sum < 0 ? -(uint64_t)sum : (uint64_t)sum;
	return sum < 0;
}

/* The infinity of the sign, or the canonical NaN, of format cfmt. */
static uint64_t
fspecial(int cfmt, int nan, int neg)
{
	if (nan)
		return alu_fqnan(cfmt);
	return cfmt == ALU_F16 ? (uint64_t)neg << 15 | 0x7c00 : (uint64_t)neg << 31 | 0x7f800000u;
}

/*
 * wgmma with fp8 inputs has a narrower adder than mma.sync (measured on the
 * H100): the k products and C are cut toward zero 13 bits below the largest
 * nominal exponent, the cut terms added exactly, and the sum cut toward zero
 * to 14 significant bits (an e8m13 accumulator) before it becomes the
 * result's format; an f16 result is rounded to nearest from the sum
 * itself: fdot with frac WG_F8FRAC and keep WG_F8BITS.
 */
enum { WG_F8FRAC = 13, WG_F8BITS = 14 };

/* An input element as the sums read it, unpacked once per instruction. */
static void
unpack(int fmt, uint64_t v, MmaIn *u)
{
	int neg, exp = 0;   /* alu_funpack sets exp and man only for a finite nonzero value */
	uint64_t man = 0;

	u->kind = (uint8_t)alu_funpack(fmt, v, &neg, &exp, &man);
	u->neg = (uint8_t)neg;
	u->exp = (int16_t)exp;
	u->nom = (int16_t)(u->kind == 1 ? nomexp(fmt, exp) : 0);
	u->man = (uint32_t)man;
}

/* One result in format cfmt (ALU_F32 or ALU_F16): c + the sum of a[i] * b[i],
 * the terms cut frac bits below the largest nominal exponent; keep > 0
 * cuts an f32 result's sum to that many significant bits first.
 *
 * Most of the tensor-core instructions' time (wgmma's above all), so it is
 * alignsum done inline, in two passes over the unpacked inputs and no
 * array of terms: the first finds the largest nom and the specials (one
 * test tells a pair of zeros or finite values from them; a NaN makes the
 * canonical NaN whatever follows, so it returns at once), the second adds
 * the cut terms.  The sum is exact, so its order does not matter.  This
 * took a fifth off the instructions of the differential tester's mma,
 * wgmma and sparse records; the results are alignsum's, term for term
 * (tests/tc where a GPU is, tests/diff.test's records). */
static uint64_t
fdot(const MmaIn *a, const MmaIn *b, int k, int cfmt, uint64_t c, int frac, int keep)
{
	int neg, lsb, inf = 0, top, emax = MMA_EMIN, cz = 0;   /* inf: 1 a positive, 2 a negative infinity */
	int64_t sum = 0;
	uint64_t mag, v, cm = 0;
	int ce = 0, cs = 0;

	/* the largest nom of the terms, and the specials */
	for (int i = 0; i < k; i++) {
		int ka = a[i].kind, kb = b[i].kind;
		if (!((ka | kb) & 2)) {   /* zeros and finite values */
			int nom = a[i].nom + b[i].nom;
			if (ka & kb && nom > emax)
				emax = nom;
		} else if (ka == 3 || kb == 3 || (ka == 2 && kb == 0) || (ka == 0 && kb == 2))
			return alu_fqnan(cfmt);   /* fspecial's NaN */
		else
			inf |= 1 << (a[i].neg ^ b[i].neg);
	}
	switch (alu_funpack(cfmt, c, &cs, &ce, &cm)) {
	case 1:
		cz = nomexp(cfmt, ce);
		emax = cz > emax ? cz : emax;
		cz = 1;
		break;
	case 2: inf |= 1 << cs; break;
	case 3: return alu_fqnan(cfmt);
	}
	/* products do not overflow: a NaN input, inf * 0 or infinities of both signs make the NaN */
	if (inf)
		return fspecial(cfmt, inf == 3, inf == 2);
	/* alignsum, with emax known: each term cut toward zero to a multiple
	 * of 2^lsb (a zero input's man is 0, its term nothing) */
	lsb = emax - frac;
	for (int i = 0; i < k; i++) {
		if (!(a[i].kind & b[i].kind))
			continue;
		uint64_t p = (uint64_t)a[i].man * b[i].man;
		int sh = lsb - (a[i].exp + b[i].exp);   /* drop sh bits (shift left when negative) */
		int64_t x = (int64_t)(sh >= 64 ? 0 : sh >= 0 ? p >> sh : p << -sh);
		sum += a[i].neg ^ b[i].neg ? -x : x;
	}
	if (cz) {
		int sh = lsb - ce;
		int64_t x = (int64_t)(sh >= 64 ? 0 : sh >= 0 ? cm >> sh : cm << -sh);
		sum += cs ? -x : x;
	}
	neg = sum < 0;
	mag = neg ? -(uint64_t)sum : (uint64_t)sum;
	if (!mag)
		return 0;
	top = 64 - __builtin_clzll(mag);
	if (keep && top > keep && cfmt != ALU_F16) {
		mag >>= top - keep;
		lsb += top - keep;
	}
	if (cfmt == ALU_F16)
		v = alu_fround(ALU_F16, neg, lsb, (alu_u128)mag, 0, ALU_RN, 0);
	else if (lsb + 64 - __builtin_clzll(mag) > 128)   /* 2^128 and above: the exponent overflows */
		v = fspecial(ALU_F32, 0, neg);
	else
		v = alu_fround(ALU_F32, neg, lsb, (alu_u128)mag, 0, ALU_RZ, 0);
	return v & (cfmt == ALU_F16 ? 0x7fff : 0x7fffffff) ? v : 0;   /* a zero is +0 */
}

/*
 * fp8 inputs.  The products are those of an e5m3 format that holds both
 * kinds (an e4m3 subnormal counts at its own exponent, an e5m2 one at the
 * smallest, 2^-14) and are summed in two groups: the k with k % 4 < 2 (the
 * low halves of the registers, two fp8 values each) first, then the rest
 * together with the first group's sum.  Each group is one aligned sum as
 * above, rounded into the accumulator's format (f32 toward zero, f16 to
 * nearest even, where it may overflow); C is added last, rounded to nearest
 * even, as an add instruction of that format would.  The k grouping (the
 * bytes of a register) was measured on mma.sync; wgmma's fp8 adder is
 * another (fdot with WG_F8FRAC and WG_F8BITS).
 */
static int
f8nom(int exp, uint64_t man)
{
	int e = exp + 63 - __builtin_clzll(man);
	return e < -14 ? -14 : e;
}

/* The sum of group g (k % 4 < 2, or the rest and *acc) into *acc, rounded into cfmt; 0, or 1 for a NaN. */
static int
f8group(int afmt, int bfmt, const uint64_t *a, const uint64_t *b, int k, int g, int cfmt, uint64_t *acc)
{
	Term t[33];
	int n = 0, inf = 0, neg, lsb;
	uint64_t mag;

	for (int i = 0; i < k; i++) {
		Term x, y;
		if ((i % 4 >= 2) != g)
			continue;
		int ka = alu_funpack(afmt, a[i], &x.neg, &x.exp, &x.man);
		int kb = alu_funpack(bfmt, b[i], &y.neg, &y.exp, &y.man);
		if (ka == 3 || kb == 3 || (ka == 2 && kb == 0) || (ka == 0 && kb == 2))
			return 1;
		if (ka == 2 || kb == 2)
			inf |= 1 << (x.neg ^ y.neg);
		else if (ka && kb)
			t[n++] = (Term){ x.man * y.man, x.exp + y.exp, f8nom(x.exp, x.man) + f8nom(y.exp, y.man), x.neg ^ y.neg };
	}
	if (g) {   /* the first group's sum joins at its own exponent */
		Term z;
		switch (alu_funpack(cfmt, *acc, &z.neg, &z.exp, &z.man)) {
		case 1: z.nom = z.exp + 63 - __builtin_clzll(z.man); t[n++] = z; break;
		case 2: inf |= 1 << z.neg; break;
		}
	}
	if (inf) {
		*acc = fspecial(cfmt, inf == 3, inf == 2);
		return inf == 3;
	}
	*acc = 0;
	if (n && (neg = alignsum(t, n, MMA_FRAC, MMA_EMIN, &mag, &lsb), mag))
		*acc = alu_fround(cfmt, neg, lsb, (alu_u128)mag, 0, cfmt == ALU_F16 ? ALU_RN : ALU_RZ, 0);
	if (!(*acc & (cfmt == ALU_F16 ? 0x7fff : 0x7fffffff)))
		*acc = 0;   /* a sum that rounds to zero is +0 */
	return 0;
}

static uint64_t
f8dot(int afmt, int bfmt, const uint64_t *a, const uint64_t *b, int k, int cfmt, uint64_t c)
{
	uint64_t s = 0;

	if (f8group(afmt, bfmt, a, b, k, 0, cfmt, &s) || f8group(afmt, bfmt, a, b, k, 1, cfmt, &s))
		return alu_fqnan(cfmt);
	return alu_fadd(cfmt, s, c, ALU_RN, 0);
}



static int
fmtof(int ty)
{
	switch (ty) {
	case TY_F16: return ALU_F16;
	case TY_BF16: return ALU_BF16;
	case TY_TF32: return ALU_F32;
	case TY_E4M3: return ALU_E4M3;
	case TY_E5M2: return ALU_E5M2;
	}
	return -1;
}

/* The input formats of A and B (ALU_*), or -1 for integers and f64. */
static void
fmts(int ty, int flags, int *fa, int *fb)
{
	*fa = ty == TY_F64 ? -1 : fmtof(ty);
	*fb = flags >> MMA_BTY & 0xff ? fmtof(flags >> MMA_BTY & 0xff) : *fa;
}

int
interp_mma_fused(int ty, int flags)
{
	int fa, fb;

	fmts(ty, flags, &fa, &fb);
	return fa >= 0 && ((fa != ALU_E4M3 && fa != ALU_E5M2) || (flags & MMA_WGF8));
}

void
interp_mma_in(int ty, int flags, int isb, const uint64_t *raw, int k, MmaIn *u)
{
	int fa, fb;

	fmts(ty, flags, &fa, &fb);
	for (int i = 0; i < k; i++)   /* tf32: the low 13 bits are not read */
		unpack(isb ? fb : fa, ty == TY_TF32 ? raw[i] & 0xffffe000u : raw[i], &u[i]);
}

uint64_t
interp_mma_dot(int ty, int cfmt, const MmaIn *a, const MmaIn *b, int k, uint64_t cin)
{
	int f8 = ty == TY_E4M3 || ty == TY_E5M2;   /* only wgmma's fp8 sums are fused */

	return fdot(a, b, k, cfmt == ALU_F16 ? ALU_F16 : ALU_F32, cin, f8 ? WG_F8FRAC : MMA_FRAC, f8 ? WG_F8BITS : 0);
}

/*
 * One element of D = A x B + C as the tensor cores compute it: the k products
 * a[i] * b[i] (raw element bits of input type ty: TY_F16, TY_BF16, TY_TF32,
 * TY_E4M3, TY_E5M2, TY_F64, TY_S8/TY_U8 with the signedness in flags; B of
 * type flags >> MMA_BTY where that is not 0) plus c (raw bits: f32, or f16 when
 * cfmt is ALU_F16, s32 for integer inputs, f64 for f64).  mma.sync and wgmma
 * share it, so both follow one model of the accumulation; where the fused
 * sum applies (interp_mma_fused) they unpack each input once and call
 * interp_mma_dot for each element instead.
 */
uint64_t
interp_mma_elem(int ty, int cfmt, int flags, const uint64_t *a, const uint64_t *b, int k, uint64_t cin)
{
	int fa, fb;

	fmts(ty, flags, &fa, &fb);
	if (ty == TY_F64) {
		/* a chain of fmas from the accumulator, in k order, each
		 * rounded by the instruction's .rn/.rz/.rm/.rp (DMMA.RZ ...) */
		uint64_t v = cin;
		int rnd = flags >> MMA_RNDSH & 3;
		for (int i = 0; i < k; i++)
			v = alu_ffma(ALU_F64, a[i], b[i], v, rnd, 0);
		return v;
	}
	if (fa < 0) {
		int asg = flags & MMA_ASIGNED ? 1 : 0, bsg = flags & MMA_BSIGNED ? 1 : 0;
		int sh = ty == TY_S4 || ty == TY_U4 ? 4 : 0;   /* 4-bit elements sign-extend from bit 3 */
		int64_t acc = (int32_t)(uint32_t)cin;
		if (ty == TY_B1)   /* the popcount of a AND b (or XOR) over k bits, added to C */
			for (int i = 0; i < k; i++)
				acc += flags & MMA_XOR ? (a[i] ^ b[i]) & 1 : a[i] & b[i] & 1;
		else
			for (int i = 0; i < k; i++)
			acc += (int64_t)(asg ? (int8_t)(uint8_t)(a[i] << sh) >> sh : (uint8_t)a[i]) *
			    (int64_t)(bsg ? (int8_t)(uint8_t)(b[i] << sh) >> sh : (uint8_t)b[i]);
		if (flags & MMA_SATFINITE)
			acc = acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : acc;
		return (uint32_t)acc;
	}
	if (!interp_mma_fused(ty, flags))
		return f8dot(fa, fb, a, b, k, cfmt == ALU_F16 ? ALU_F16 : ALU_F32, cin);
	{
		MmaIn ua[64], ub[64];
		interp_mma_in(ty, flags, 0, a, k, ua);
		interp_mma_in(ty, flags, 1, b, k, ub);
		return interp_mma_dot(ty, cfmt, ua, ub, k, cin);
	}
}

/* v converted between f16 and f32, to nearest even */
static uint64_t
ccvt(int from, int to, uint64_t v)
{
	int neg, exp;
	uint64_t man;

	switch (alu_funpack(from, v, &neg, &exp, &man)) {
	case 0: return (uint64_t)neg << (to == ALU_F16 ? 15 : 31);
	case 1: return alu_fround(to, neg, exp, (alu_u128)man, 0, ALU_RN, 0);
	case 2: return fspecial(to, 0, neg);
	default: return fspecial(to, 1, 0);
	}
}

/*
 * m8n8k4 with f16 inputs: four independent products, quad-pair q (lanes
 * 4q..4q+3, the low group, and 16+4q..16+4q+3, the high group) computing
 * its own 8x8 D from its own A, B and C.  In the low group lane l holds
 * row l % 4 of A (row major; column l % 4 col major), row l % 4 of B
 * (row major; its columns 0-3, col major: column l % 4), and a row of C
 * and D as f16; the high group holds rows (and columns of B) 4 higher.
 * An f32 C or D is spread over two lanes of each half: element i of lane
 * l is at row (l & 1) + (i & 2) (+4 in the high group), column (i & 4) +
 * (l & 2) + (i & 1).  Unlike the other shapes' fused sum, the arithmetic
 * is a chain of f32 adds (below), whose zero is +0 for an f32 D.
 */
static void
mma_m8n8k4(const XIns *xi, uint64_t s[][WARP], uint64_t d[][WARP])
{
	int cbits = xi->aux & 0xff, dbits = xi->aux >> 8 & 0xff, acol = xi->aux >> 16 & 1, bcol = xi->aux >> 17 & 1;
	int nd = dbits == 16 ? 4 : 8;
	uint64_t A[4][8][4], B[4][4][8], C[4][8][8];

	for (uint32_t l = 0; l < WARP; l++) {
		int q = (int)(l % 16) / 4, hi = l >= 16 ? 4 : 0, t = (int)l % 4;
		for (int i = 0; i < 4; i++) {
			uint64_t a = s[i / 2][l] >> (16 * (i % 2)) & 0xffff, b = s[2 + i / 2][l] >> (16 * (i % 2)) & 0xffff;
			if (acol)
				A[q][i + hi][t] = a;
			else
				A[q][t + hi][i] = a;
			if (bcol)
				B[q][i][t + hi] = b;
			else
				B[q][t][i + hi] = b;
		}
		for (int i = 0; i < 8; i++) {
			if (cbits == 16)
				C[q][t + hi][i] = s[4 + i / 2][l] >> (16 * (i % 2)) & 0xffff;
			else
				C[q][(t & 1) + (i & 2) + hi][(i & 4) + (t & 2) + (i & 1)] = s[4 + i][l];
		}
	}
	/* the products (exact in f32) added in k order, then C, each sum
	 * rounded to nearest in f32 (as measured on an H200), or for an f16 D
	 * in pairs (below); an f16 C is widened first (exactly), an f16 D is
	 * the sum rounded to f16 */
	for (int q = 0; q < 4; q++)
		for (int r = 0; r < 8; r++)
			for (int c = 0; c < 8; c++) {
				uint64_t v, cin = cbits == 16 ? ccvt(ALU_F16, ALU_F32, C[q][r][c]) : C[q][r][c], p[4];
				for (int k = 0; k < 4; k++)
					p[k] = alu_fmul(ALU_F32, ccvt(ALU_F16, ALU_F32, A[q][r][k]),
					    ccvt(ALU_F16, ALU_F32, B[q][k][c]), ALU_RN, 0);
				/* with an f16 D, ptxas's subroutine (sm_90 SASS:
				 * FMUL, FFMA, FADD twice) adds the products in two
				 * pairs, C first: (C + (p0 + p1)) + (p2 + p3) (v2
				 * seeds 4032, 4829, 10262, v6 196446) */
				if (dbits == 16) {
					v = alu_fadd(ALU_F32, cin, alu_fadd(ALU_F32, p[0], p[1], ALU_RN, 0), ALU_RN, 0);
					v = alu_fadd(ALU_F32, v, alu_fadd(ALU_F32, p[2], p[3], ALU_RN, 0), ALU_RN, 0);
				} else {
					v = p[0];
					for (int k = 1; k < 4; k++)
						v = alu_fadd(ALU_F32, v, p[k], ALU_RN, 0);
					v = alu_fadd(ALU_F32, v, cin, ALU_RN, 0);
				}
				/* an f32 D's zero is +0: ptxas's subroutine for the
				 * shape (sm_90 SASS) starts its FFMA chain of the
				 * products from +0 and adds C last (v5 seeds 19017,
				 * 20134, v6 7434: one lane's -0 here each, +0 on an
				 * H200); an f16 D keeps it (v2 seeds 5404, 6153) */
				if (v == 0x80000000u && dbits != 16)
					v = 0;
				C[q][r][c] = dbits == 16 ? ccvt(ALU_F32, ALU_F16, v) : v;
			}
	for (uint32_t l = 0; l < WARP; l++) {
		int q = (int)(l % 16) / 4, hi = l >= 16 ? 4 : 0, t = (int)l % 4;
		for (int j = 0; j < nd; j++)
			d[j][l] = 0;
		for (int i = 0; i < 8; i++) {
			if (dbits == 16)
				d[i / 2][l] |= (C[q][t + hi][i] & 0xffff) << (16 * (i % 2));
			else
				d[i][l] = C[q][(t & 1) + (i & 2) + hi][(i & 4) + (t & 2) + (i & 1)];
		}
	}
}

/*
 * mma.sp: A is packed, half of each row's k values, in the A layout of the
 * dense shape of half the k (xi->mod); B is whole, in the layout of the
 * dense shape of the whole k (the formulas of the shape of half the k's
 * type carried on).  The metadata gives, for each chunk of a row (4
 * elements of f16, bf16, 8-bit types; 2 of tf32; 8 of 4-bit types, as 4
 * pairs), the positions of its packed values: a nibble of two 2-bit
 * indices, for the two values (tf32: index 0 of 0b0100, 2 of 0b1110, the
 * value's halves; 4-bit types: the pairs).  The group of four lanes g
 * holds rows g and g+8; the sparsity selector f names which of its lanes
 * hold their metadata: n = (bits of a row) / 16 lanes from lane 4g + f*n.
 * For 16- and 32-bit types lane j of them has row g's bits 16j..16j+15 in
 * its low half and row g+8's in its high half; for 8- and 4-bit types lane
 * 2j has row g's bits 32j..32j+31, lane 2j+1 row g+8's (as measured on an
 * H200: tests/run/mma_sp.ptx).  Each result is the sum of the k/2 products of a
 * packed value and the B row its position names, as a dense mma of k/2
 * would sum them (zeros of A take no part: 0 * inf is not a NaN here).
 * interp_mma_sp_pos reads the positions, for wgmma.mma_async.sp too (its
 * warps' rows are those of an mma.sp of the same K: wgmma.c).
 */
static void
spchunk(int ty, int *ce, int *nz)
{
	*ce = ty == TY_TF32 ? 2 : ty == TY_S4 || ty == TY_U4 ? 8 : 4;
	*nz = ty == TY_TF32 ? 1 : ty == TY_S4 || ty == TY_U4 ? 4 : 2;
}

/* lanes of a group holding one row pair's metadata, for rows of k elements of type ty */
int
interp_mma_sp_lanes(int ty, int k)
{
	int ce, nz;
	spchunk(ty, &ce, &nz);
	return k / ce * 4 / 16;
}

int
interp_mma_sp_nsel(const XIns *xi)
{
	return 4 / interp_mma_sp_lanes(xi->ty, 2 * shapes[xi->mod].k);
}

void
interp_mma_sp_pos(int ty, int k, const uint64_t *meta, int sel, uint8_t pos[16][64])
{
	int ce, nz, nl = interp_mma_sp_lanes(ty, k);
	int wide = ty == TY_F16 || ty == TY_BF16 || ty == TY_TF32;   /* 16 or 32 bits an element */

	spchunk(ty, &ce, &nz);
	for (int r = 0; r < 16; r++)
		for (int c = 0; c < k / ce; c++) {
			int b = 4 * c, h = r >= 8, lane, bit;
			if (wide)   /* 16 bits of each of the two rows a lane */
				lane = b / 16, bit = b % 16 + 16 * h;
			else   /* 32 bits of one row a lane, the rows alternating */
				lane = b / 32 * 2 + h, bit = b % 32;
			unsigned nib = (unsigned)(meta[4 * (r % 8) + sel * nl + lane] >> bit) & 15;
			unsigned i0 = nib & 3, i1 = nib >> 2;
			for (int q = 0; q < nz; q++)
				pos[r][c * nz + q] = (uint8_t)(c * ce + (nz == 1 ? (int)i0 >> 1 :
				    nz == 2 ? (int)(q ? i1 : i0) : 2 * (int)(q < 2 ? i0 : i1) + (q & 1)));
		}
}

static void
mma_sp(const XIns *xi, uint64_t s[][WARP], uint64_t d[][WARP])
{
	static const int bshape[] = {
		[MMA_K8_16] = MMA_K16_16, [MMA_K16_16] = MMA_K16_16, [MMA_K4_TF32] = MMA_K8_TF32,
		[MMA_K8_TF32] = MMA_K8_TF32, [MMA_K16_8] = MMA_K32_8, [MMA_K32_8] = MMA_K32_8,
		[MMA_K32_4] = MMA_K64_4, [MMA_K64_4] = MMA_K64_4,
	};
	const Shape *sh = &shapes[xi->mod];
	int na, nb, nc, k = 2 * sh->k, half = sh->k;
	int abits = sh->abits, cbits = xi->aux & 0xff, asg = xi->aux >> 8 & 1, bsg = xi->aux >> 9 & 1;
	int sat = xi->aux >> 10 & 1, cfmt = xi->aux >> 11 & 7, bty = xi->aux >> 16 & 0xff, flags;
	uint64_t A[16][64], B[128][8], C[16][8];
	uint8_t pos[16][64];

	interp_mma_regs(xi->mod, cbits, &na, &nb, &nc);
	nb *= 2;
	int sel = (int)s[na + nb + nc + 1][0];
	for (uint32_t l = 0; l < WARP; l++) {
		uint64_t ra[4], rb[4];
		int row, col;
		for (int j = 0; j < na; j++)
			ra[j] = s[j][l];
		for (int j = 0; j < nb; j++)
			rb[j] = s[na + j][l];
		for (int i = 0; i < na * 32 / abits; i++) {
			afrag(xi->mod, l / 4, l % 4, i, &row, &col);
			A[row][col] = elem(ra, abits, i);
		}
		for (int i = 0; i < nb * 32 / abits; i++) {
			bfrag(bshape[xi->mod], l / 4, l % 4, i, &row, &col);
			B[row][col] = elem(rb, abits, i);
		}
	}
	cload(xi->mod, cbits, nc, s + na + nb, C);
	interp_mma_sp_pos(xi->ty, k, s[na + nb + nc], sel, pos);   /* each packed value's position in its row */
	flags = (asg ? MMA_ASIGNED : 0) | (bsg ? MMA_BSIGNED : 0) | (sat ? MMA_SATFINITE : 0) |
	    (bty != xi->ty ? bty << MMA_BTY : 0);
	if (interp_mma_fused(xi->ty, flags) && k <= 32) {
		/* each input unpacked once, as interp_mma below: a column of B
		 * whole, then the elements at row r's positions picked from it
		 * (interp_mma_elem unpacks elementwise, so this is the same) */
		MmaIn ua[16][32], ub[8][32], ubr[32];
		for (int r = 0; r < 16; r++)
			interp_mma_in(xi->ty, flags, 0, A[r], half, ua[r]);
		for (int c = 0; c < 8; c++) {
			uint64_t b[32];
			for (int j = 0; j < k; j++)
				b[j] = B[j][c];
			interp_mma_in(xi->ty, flags, 1, b, k, ub[c]);
		}
		for (int r = 0; r < 16; r++)
			for (int c = 0; c < 8; c++) {
				for (int j = 0; j < half; j++)
					ubr[j] = ub[c][pos[r][j]];
				C[r][c] = interp_mma_dot(xi->ty, cfmt, ua[r], ubr, half, C[r][c]);
			}
	} else
		for (int r = 0; r < 16; r++)
			for (int c = 0; c < 8; c++) {
				uint64_t b[64];
				for (int j = 0; j < half; j++)
					b[j] = B[pos[r][j]][c];
				C[r][c] = interp_mma_elem(xi->ty, cfmt, flags, A[r], b, half, C[r][c]);
			}
	cstore(xi->mod, cbits, nc, C, d);
}

/* s[j][lane]: the registers of A, B, C in operand order; d[j][lane] receives D. */
void
interp_mma(const XIns *xi, uint64_t s[][WARP], uint64_t d[][WARP])
{
	if (xi->mod == MMA_M8_K4_16) {   /* its own layouts; no row of shapes[] */
		mma_m8n8k4(xi, s, d);
		return;
	}
	if (xi->aux & MMA_SPARSE) {
		mma_sp(xi, s, d);
		return;
	}
	const Shape *sh = &shapes[xi->mod];
	int na, nb, nc;
	int abits = sh->abits, cbits = xi->aux & 0xff, asg = xi->aux >> 8 & 1, bsg = xi->aux >> 9 & 1;
	int sat = xi->aux >> 10 & 1, cfmt = xi->aux >> 11 & 7, bty = xi->aux >> 16 & 0xff, flags;
	uint64_t A[16][256], B[256][8], C[16][8];

	interp_mma_regs(xi->mod, cbits, &na, &nb, &nc);
	for (uint32_t l = 0; l < WARP; l++) {
		uint64_t ra[8], rb[4];
		uint32_t g = l / 4, t = l % 4;
		int row, col;
		for (int j = 0; j < na; j++) ra[j] = s[j][l];
		for (int j = 0; j < nb; j++) rb[j] = s[na + j][l];
		for (int i = 0; i < na * (abits == 64 ? 1 : 32 / abits); i++) {
			afrag(xi->mod, g, t, i, &row, &col);
			A[row][col] = elem(ra, abits, i);
		}
		for (int i = 0; i < nb * (abits == 64 ? 1 : 32 / abits); i++) {
			bfrag(xi->mod, g, t, i, &row, &col);
			B[row][col] = elem(rb, abits, i);
		}
	}
	cload(xi->mod, cbits, nc, s + na + nb, C);
	flags = (asg ? MMA_ASIGNED : 0) | (bsg ? MMA_BSIGNED : 0) | (sat ? MMA_SATFINITE : 0) |
	    (xi->aux >> 24 & 1 ? MMA_XOR : 0) | (int)(xi->aux >> MMA_AUXRND & 3) << MMA_RNDSH |
	    (bty != xi->ty ? bty << MMA_BTY : 0);
	if (interp_mma_fused(xi->ty, flags)) {   /* each input unpacked once */
		MmaIn ua[16][32], ub[8][32];
		for (int r = 0; r < sh->m; r++)
			interp_mma_in(xi->ty, flags, 0, A[r], sh->k, ua[r]);
		for (int c = 0; c < sh->n; c++) {
			uint64_t b[32];
			for (int k = 0; k < sh->k; k++)
				b[k] = B[k][c];
			interp_mma_in(xi->ty, flags, 1, b, sh->k, ub[c]);
		}
		for (int r = 0; r < sh->m; r++)
			for (int c = 0; c < sh->n; c++)
				C[r][c] = interp_mma_dot(xi->ty, cfmt, ua[r], ub[c], sh->k, C[r][c]);
	} else
		for (int r = 0; r < sh->m; r++)
			for (int c = 0; c < sh->n; c++) {
				uint64_t a[256], b[256];   /* the first k are read: not zeroed (4 KB an element) */
				for (int k = 0; k < sh->k; k++) {
					a[k] = A[r][k];
					b[k] = B[k][c];
				}
				C[r][c] = interp_mma_elem(xi->ty, cfmt, flags, a, b, sh->k, C[r][c]);
			}
	cstore(xi->mod, cbits, nc, C, d);
}

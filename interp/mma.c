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
 * Numerics: integer mma is exact (wrapping, or clamped under .satfinite).
 * Floating-point products are exact (f16, bf16 and tf32 products fit the
 * arithmetic below; tf32 ignores the low 13 bits of each input).  The
 * model of the accumulation: the products and the accumulator are aligned
 * to the largest exponent among them, truncated to MMA_FRAC bits below it,
 * summed exactly, and the sum rounded toward zero into f32.  It is the
 * closest of the (block size, kept bits, rounding) variants tried against
 * the H100 references of tests/run/mma_*, but not exact: about 1 result in
 * 13 (f16), 80 (bf16) or 50 (tf32) differs from the H100 by a few ulp, so
 * those cases compare with an ulp tolerance.  f64 is likewise close (fmas
 * in k order, then the accumulator) but not the H100's order.
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
	case MMA_K8_TF32: *row = (int)t + 4 * i; break;
	case MMA_K32_8: *row = (int)t * 4 + (i & 3) + 16 * (i >> 2); break;
	default: *row = (int)t; break;
	}
}

static void
cfrag(int shape, uint32_t g, uint32_t t, int i, int *row, int *col)
{
	if (shape == MMA_K4_F64) {
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

/* A term man * 2^exp (man < 2^62), negative when neg. */
typedef struct { uint64_t man; int exp, neg; } Term;

enum { MMA_GROUP = 16, MMA_FRAC = 27, MMA_RND = ALU_RZ };

/* The top bit's position + 1 (the exponent of the value's binade + 1). */
static int
topexp(const Term *t)
{
	return t->exp + 64 - __builtin_clzll(t->man);
}

/* acc + the n terms, added as the tensor cores add one block (see the top). */
static uint32_t
blockadd(uint32_t acc, const Term *p, int n)
{
	Term t[64];
	int nt = 0, emax = -100000, sg, ex, k;
	uint64_t man;
	int64_t sum = 0;

	k = alu_funpack(ALU_F32, acc, &sg, &ex, &man);
	if (k == 1)
		t[nt++] = (Term){ man, ex, sg };
	for (int i = 0; i < n; i++)
		if (p[i].man)
			t[nt++] = p[i];
	if (!nt)
		return n ? 0 : acc;
	for (int i = 0; i < nt; i++)
		if (topexp(&t[i]) > emax)
			emax = topexp(&t[i]);
	for (int i = 0; i < nt; i++) {
		int sh = emax - MMA_FRAC - t[i].exp;   /* drop sh bits */
		uint64_t v = sh >= 64 ? 0 : sh >= 0 ? t[i].man >> sh : t[i].man << -sh;
		sum += t[i].neg ? -(int64_t)v : (int64_t)v;
	}
	if (!sum)
		return 0;
	return (uint32_t)alu_fround(ALU_F32, sum < 0, emax - MMA_FRAC,
	    (alu_u128)(sum < 0 ? -(uint64_t)sum : (uint64_t)sum), 0, MMA_RND, 0);
}

/* Exact widening of an f16/bf16/f32 value to f32, and f32 to f16 (nearest even). */
static uint64_t
tof32(int fmt, uint64_t x)
{
	int sg, ex, bits = fmt == ALU_F32 ? 32 : 16;
	uint64_t man;

	switch (alu_funpack(fmt, x, &sg, &ex, &man)) {
	case 0: return (x >> (bits - 1) & 1) << 31;
	case 1: return alu_fround(ALU_F32, sg, ex, man, 0, ALU_RN, 0);
	case 2: return (x >> (bits - 1) & 1) << 31 | 0x7f800000u;
	}
	return alu_fqnan(ALU_F32);
}

static uint64_t
tof16(uint64_t x)
{
	int sg, ex;
	uint64_t man;

	switch (alu_funpack(ALU_F32, x, &sg, &ex, &man)) {
	case 0: return (x >> 31 & 1) << 15;
	case 1: return alu_fround(ALU_F16, sg, ex, man, 0, ALU_RN, 0);
	case 2: return (x >> 31 & 1) << 15 | 0x7c00;
	}
	return alu_fqnan(ALU_F16);
}

/* One f32 result: c + sum of a[i] * b[i], in the formats of the inputs. */
static uint32_t
fdot(int fmt, const uint64_t *a, const uint64_t *b, int k, uint32_t c, int *special)
{
	Term p[64];
	int np = 0;

	for (int i = 0; i < k; i++) {
		int sa, sb, ea, eb, ka, kb;
		uint64_t ma, mb;
		ka = alu_funpack(fmt, a[i], &sa, &ea, &ma);
		kb = alu_funpack(fmt, b[i], &sb, &eb, &mb);
		if (ka > 1 || kb > 1) {
			*special = 1;
			return 0;
		}
		if (ka == 0 || kb == 0)
			p[np++] = (Term){ 0, 0, 0 };
		else
			p[np++] = (Term){ ma * mb, ea + eb, sa ^ sb };
	}
	for (int i = 0; i < np; i += MMA_GROUP)
		c = blockadd(c, p + i, np - i < MMA_GROUP ? np - i : MMA_GROUP);
	return c;
}

/*
 * One element of D = A x B + C as the tensor cores compute it: the k products
 * a[i] * b[i] (raw element bits of input type ty: TY_F16, TY_BF16, TY_TF32,
 * TY_F64, TY_S8/TY_U8 with the signedness in flags) plus c (raw bits: f32, or
 * f16 when cfmt is ALU_F16, s32 for integer inputs, f64 for f64).  mma.sync
 * and wgmma share it, so both follow one model of the accumulation.
 */
uint64_t
interp_mma_elem(int ty, int cfmt, int flags, const uint64_t *a0, const uint64_t *b0, int k, uint64_t cin)
{
	uint64_t a[64], b[64], v;
	int fmt = -1;

	for (int i = 0; i < k; i++) {
		a[i] = a0[i];
		b[i] = b0[i];
		if (ty == TY_TF32)   /* the low 13 bits are not read */
			a[i] &= 0xffffe000u, b[i] &= 0xffffe000u;
	}
	switch (ty) {
	case TY_F16: fmt = ALU_F16; break;
	case TY_BF16: fmt = ALU_BF16; break;
	case TY_TF32: fmt = ALU_F32; break;
	}
	if (ty == TY_F64) {
		/* the products summed by a chain of fmas, then the accumulator */
		v = alu_fmul(ALU_F64, a[0], b[0], ALU_RN, 0);
		for (int i = 1; i < k; i++)
			v = alu_ffma(ALU_F64, a[i], b[i], v, ALU_RN, 0);
		return alu_fadd(ALU_F64, v, cin, ALU_RN, 0);
	}
	if (fmt < 0) {
		int asg = flags & MMA_ASIGNED ? 1 : 0, bsg = flags & MMA_BSIGNED ? 1 : 0;
		int64_t acc = (int32_t)(uint32_t)cin;
		for (int i = 0; i < k; i++)
			acc += (int64_t)(asg ? (int8_t)a[i] : (uint8_t)a[i]) *
			    (int64_t)(bsg ? (int8_t)b[i] : (uint8_t)b[i]);
		if (flags & MMA_SATFINITE)
			acc = acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : acc;
		return (uint32_t)acc;
	}
	int special = 0;
	uint32_t c0 = (uint32_t)cin;
	if (cfmt == ALU_F16)
		c0 = (uint32_t)tof32(ALU_F16, c0);
	v = fdot(fmt, a, b, k, c0, &special);
	if (special) {
		uint64_t acc = c0;
		for (int i = 0; i < k; i++)
			acc = alu_ffma(ALU_F32, tof32(fmt, a[i]), tof32(fmt, b[i]), acc, ALU_RN, 0);
		v = alu_fisnan(ALU_F32, acc) ? alu_fqnan(ALU_F32) : acc;
	}
	if (cfmt == ALU_F16)
		v = tof16(v);
	return v;
}

/* s[j][lane]: the registers of A, B, C in operand order; d[j][lane] receives D. */
void
interp_mma(const XIns *xi, uint64_t s[][WARP], uint64_t d[][WARP])
{
	const Shape *sh = &shapes[xi->mod];
	int na, nb, nc;
	int abits = sh->abits, cbits = xi->aux & 0xff, asg = xi->aux >> 8 & 1, bsg = xi->aux >> 9 & 1;
	int sat = xi->aux >> 10 & 1, cfmt = xi->aux >> 11 & 7;
	uint64_t A[16][32], B[32][8], C[16][8];

	interp_mma_regs(xi->mod, cbits, &na, &nb, &nc);
	for (uint32_t l = 0; l < WARP; l++) {
		uint64_t ra[4], rb[2], rc[4];
		uint32_t g = l / 4, t = l % 4;
		int row, col;
		for (int j = 0; j < na; j++) ra[j] = s[j][l];
		for (int j = 0; j < nb; j++) rb[j] = s[na + j][l];
		for (int j = 0; j < nc; j++) rc[j] = s[na + nb + j][l];
		for (int i = 0; i < na * (abits == 64 ? 1 : 32 / abits); i++) {
			afrag(xi->mod, g, t, i, &row, &col);
			A[row][col] = elem(ra, abits, i);
		}
		for (int i = 0; i < nb * (abits == 64 ? 1 : 32 / abits); i++) {
			bfrag(xi->mod, g, t, i, &row, &col);
			B[row][col] = elem(rb, abits, i);
		}
		for (int i = 0; i < (cbits == 64 ? 2 : 4); i++) {
			cfrag(xi->mod, g, t, i, &row, &col);
			C[row][col] = elem(rc, cbits, i);
		}
	}
	for (int r = 0; r < sh->m; r++)
		for (int c = 0; c < sh->n; c++) {
			uint64_t a[32] = { 0 }, b[32] = { 0 };
			for (int k = 0; k < sh->k; k++) {
				a[k] = A[r][k];
				b[k] = B[k][c];
			}
			C[r][c] = interp_mma_elem(xi->ty, cfmt, (asg ? MMA_ASIGNED : 0) |
			    (bsg ? MMA_BSIGNED : 0) | (sat ? MMA_SATFINITE : 0), a, b, sh->k, C[r][c]);
		}
	for (uint32_t l = 0; l < WARP; l++) {
		uint32_t g = l / 4, t = l % 4;
		int row, col;
		for (int j = 0; j < nc; j++)
			d[j][l] = 0;
		for (int i = 0; i < (cbits == 64 ? 2 : 4); i++) {
			cfrag(xi->mod, g, t, i, &row, &col);
			if (cbits == 16)
				d[i / 2][l] |= (C[row][col] & 0xffff) << (16 * (i % 2));
			else
				d[i][l] = C[row][col];
		}
	}
}

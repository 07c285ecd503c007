/*
 * wmma.c -- the warp-level matrix instructions wmma.load, wmma.store and
 * wmma.mma.  exec.c gathers the 32 lanes' operands (the instructions are
 * .sync.aligned); this file knows where each fragment element lives and
 * computes D = A x B + C one element at a time with interp_mma_elem
 * (mma.c), so wmma and mma.sync share one model of the tensor cores.
 *
 * Fragment layouts.  The PTX ISA manual leaves the element-to-lane mapping
 * unspecified; the one below is the H100's, read off tests/run/wmma_probe_*
 * (matrices whose elements hold their own index, loaded and stored in every
 * form).  It does not depend on the memory layout (.row/.col) and is built
 * from the tiles of mma.sync: lane l is in group g = l / 4 at index
 * t = l % 4, and a fragment is a sequence of chunks of p elements (p the
 * elements of 32 bits: 2 for 16-bit, 4 for 8-bit ... ; for C and D always
 * 2, a pair of adjacent columns).
 *  - A, C and D: chunk j covers the 8 x 4p tile at row g, columns
 *    t*p .. t*p+p-1 of the tile.  Tiles go down the two 8-row halves of a
 *    16-row band first, then across the columns, then to the next band.
 *  - B: chunk j covers rows t*p .. t*p+p-1 of a 4p x 8 tile, column g; tiles
 *    go down k first, then across n.
 *  - m8n32k16 is m32n8k16 transposed (see pos).
 * A fragment with more chunks than tiles (f16 A and B always have 8
 * registers) repeats them: chunk j is chunk j mod the tile count.
 *
 * Arithmetic: as mma.sync, except that tf32 (m16n16k8) is two steps of
 * k = 4 (k 0-3 into C, then k 4-7 into that), each rounded to f32 as one
 * tensor-core sum: the H100's results, where one sum of eight is not.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "interp.h"

#define FOR_LANES(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

static const struct { const char *name; int m, n, k; } shapes[] = {
	[WMMA_M16N16K16] = { "m16n16k16", 16, 16, 16 }, [WMMA_M32N8K16] = { "m32n8k16", 32, 8, 16 },
	[WMMA_M8N32K16] = { "m8n32k16", 8, 32, 16 }, [WMMA_M16N16K8] = { "m16n16k8", 16, 16, 8 },
	[WMMA_M8N8K4] = { "m8n8k4", 8, 8, 4 }, [WMMA_M8N8K32] = { "m8n8k32", 8, 8, 32 },
	[WMMA_M8N8K128] = { "m8n8k128", 8, 8, 128 },
};

int
interp_wmma_shape(const char *s)
{
	for (int i = 0; i < (int)(sizeof shapes / sizeof shapes[0]); i++)
		if (s && strcmp(s, shapes[i].name) == 0)
			return i;
	return -1;
}

static int
tybits(int ty)
{
	switch (ty) {
	case TY_F16: case TY_BF16: return 16;
	case TY_F32: case TY_S32: case TY_TF32: return 32;
	case TY_F64: return 64;
	case TY_S8: case TY_U8: return 8;
	case TY_S4: case TY_U4: return 4;
	case TY_B1: return 1;
	}
	return 0;
}

static void
dims(int frag, int shape, int *rows, int *cols)
{
	int m = shapes[shape].m, n = shapes[shape].n, k = shapes[shape].k;
	*rows = frag == WMMA_A ? m : frag == WMMA_B ? k : m;
	*cols = frag == WMMA_A ? k : n;
}

/* Registers of a fragment, or -1 when the shape, fragment and type do not go together. */
int
interp_wmma_nregs(int frag, int shape, int ty)
{
	int r, c, b = tybits(ty), f64 = shape == WMMA_M8N8K4, sub = shape >= WMMA_M8N8K32;
	int tf = shape == WMMA_M16N16K8;

	if (!b || shape < 0)
		return -1;
	if (frag == WMMA_C) {
		if (f64 ? ty != TY_F64 : sub ? ty != TY_S32 : tf ? ty != TY_F32 :
		    ty != TY_F16 && ty != TY_F32 && ty != TY_S32)
			return -1;
	} else {
		int ok = f64 ? ty == TY_F64 : tf ? ty == TY_TF32 :
		    shape == WMMA_M8N8K32 ? ty == TY_S4 || ty == TY_U4 : shape == WMMA_M8N8K128 ? ty == TY_B1 :
		    ty == TY_F16 || ty == TY_BF16 || ty == TY_S8 || ty == TY_U8;
		if (!ok)
			return -1;
		if (ty == TY_F16)
			return 8;
	}
	dims(frag, shape, &r, &c);
	return b == 64 ? r * c / 32 : r * c / 32 * b / 32;
}

/* Elements a chunk holds (see the top), and the element count of the fragment. */
static int
chunk(int frag, int b)
{
	return frag == WMMA_C ? 2 : b >= 32 ? 1 : 32 / b;
}

/* Row and column of element i of lane l's fragment.  m8n32k16 is m32n8k16
 * with the roles of A and B swapped and every matrix transposed, as the
 * H100 computes it (D^T = B^T A^T). */
static void
pos(int frag, int shape, int b, uint32_t l, int i, int *row, int *col)
{
	int R, C, p = chunk(frag, b), g = (int)l / 4, t = (int)l % 4, j = i / p, e = i % p;

	if (shape == WMMA_M8N32K16) {
		pos(frag == WMMA_C ? WMMA_C : frag == WMMA_A ? WMMA_B : WMMA_A, WMMA_M32N8K16, b, l, i, col, row);
		return;
	}
	dims(frag, shape, &R, &C);
	if (frag == WMMA_B) {
		int nkb = R / (4 * p);
		j %= nkb * (C / 8);
		*row = t * p + e + 4 * p * (j % nkb);
		*col = g + 8 * (j / nkb);
	} else {
		int nrb = R / 8, ncb = C / (4 * p), rg = nrb < 2 ? nrb : 2;
		j %= nrb * ncb;
		*row = g + 8 * (j % rg + rg * (j / rg / ncb));
		*col = t * p + e + 4 * p * (j / rg % ncb);
	}
}

static int
nelems(int frag, int shape, int ty)
{
	int b = tybits(ty), n = interp_wmma_nregs(frag, shape, ty);
	return b == 64 ? n : n * (32 / (b > 32 ? 32 : b));
}

/* Bit offset of element (row, col) from the matrix start. */
static uint64_t
bitoff(int col_major, uint64_t ld, int b, int row, int col)
{
	return (col_major ? (uint64_t)col * ld + (uint64_t)row : (uint64_t)row * ld + (uint64_t)col) * (uint64_t)b;
}

static uint64_t
getel(const uint64_t *r, int b, int i)
{
	if (b == 64)
		return r[i];
	return (r[i / (32 / b)] >> (b * (i % (32 / b)))) & ((1ull << b) - 1);
}

static void
putel(uint64_t *r, int b, int i, uint64_t v)
{
	if (b == 64) {
		r[i] = v;
		return;
	}
	int k = i / (32 / b), sh = b * (i % (32 / b));
	uint64_t mk = ((1ull << b) - 1) << sh;
	r[k] = (r[k] & ~mk) | ((v << sh) & mk);
}

/* An element of b bits at bit sh of q (little-endian, as the GPU's memory). */
static uint64_t
memget(const uint8_t *q, int sh, int b)
{
	uint64_t x = 0;

	if (b < 8)
		return (uint64_t)(q[0] >> sh) & ((1u << b) - 1);
	for (int i = b / 8 - 1; i >= 0; i--)
		x = x << 8 | q[i];
	return x;
}

static void
memput(uint8_t *q, int sh, int b, uint64_t x)
{
	if (b < 8) {
		uint32_t mk = ((1u << b) - 1) << sh;
		q[0] = (uint8_t)((q[0] & ~mk) | ((uint32_t)x << sh & mk));
		return;
	}
	for (int i = 0; i < b / 8; i++, x >>= 8)
		q[i] = (uint8_t)x;
}

/* Whether the p elements of chunk j lie along the memory's contiguous dimension. */
static int
adjacent(int frag, int shape, int b, int cm, int j)
{
	int p = chunk(frag, b), row0, col0, row1, col1;

	pos(frag, shape, b, 0, j * p, &row0, &col0);
	pos(frag, shape, b, 0, j * p + p - 1, &row1, &col1);
	return p == 1 || (cm ? col0 == col1 : row0 == row1);
}

/*
 * The accesses ptxas makes of a wmma.load/store, for the counters (measured
 * on the H100: cuobjdump and Nsight Compute of tests/run/wmma.ptx).  A
 * fragment of 16-bit elements is a set of 8 x 8 tiles, each 8 lines of 16
 * bytes along the memory's contiguous dimension; A and B loaded from
 * shared memory take one ldmatrix (.trans when the pairs run across the
 * lines) per 4 tiles, reported as ldmatrix reports its rows; anything
 * else one 32-bit access per lane per tile, lane l at line l / 4, bytes
 * 4 (l % 4) (ptxas loads the words of a tile and shuffles when its pairs run
 * across the lines).  Other types: one access per lane per chunk whose
 * elements are adjacent in memory, else one per element.  Repeated chunks
 * are not loaded again.
 */
int
interp_wmma_ldsm(const XIns *xi)
{
	return xi->x == X_WMMALD && (xi->mod & 3) != WMMA_C && tybits(xi->ty) == 16 && xi->space == MS_SHARED;
}

static void
count(Launch *L, const XIns *xi, uint32_t m, uint64_t base, uint64_t ld)
{
	int frag = xi->mod & 3, cm = xi->mod >> 2 & 1, shape = xi->aux, b = tybits(xi->ty), p = chunk(frag, b), R, C;
	uint64_t ad[WARP];

	dims(frag, shape, &R, &C);
	int uniq = R * C / 32 / p;
	if (b == 16) {
		int lsm = interp_wmma_ldsm(xi);
		for (int j0 = 0; j0 < uniq; j0 += lsm ? 4 : 1) {
			int n = lsm ? (uniq - j0 < 4 ? uniq - j0 : 4) : 1;
			for (uint32_t l = 0; l < WARP; l++) {
				int j = lsm ? j0 + (int)l / 8 % n : j0, line = lsm ? (int)l % 8 : (int)l / 4;
				int off = lsm ? 0 : 2 * ((int)l % 4), r0, c0;
				pos(frag, shape, b, 0, j * p, &r0, &c0);
				r0 &= ~7, c0 &= ~7;
				ad[l] = base + 2 * (cm ? (uint64_t)(c0 + line) * ld + (uint64_t)(r0 + off) :
				    (uint64_t)(r0 + line) * ld + (uint64_t)(c0 + off));
			}
			interp_count_mem(L, xi, lsm ? (n == 4 ? ~0u : (1u << (8 * n)) - 1) : m, ad, lsm ? 16 : 4);
		}
		return;
	}
	for (int j = 0; j < uniq; j++) {
		int adj = adjacent(frag, shape, b, cm, j), bytes = adj ? (p * b + 7) / 8 : (b + 7) / 8;
		for (int e = 0; e < (adj ? 1 : p); e++) {
			FOR_LANES(m, l) {
				int row, col;
				pos(frag, shape, b, l, j * p + e, &row, &col);
				ad[l] = base + bitoff(cm, ld, b, row, col) / 8;
			}
			interp_count_mem(L, xi, m, ad, (unsigned)bytes);
		}
	}
}

/*
 * wmma.load (write 0) and wmma.store (write 1): base and ld (elements) as
 * the first active lane gave them, ld ~0 when the instruction has no
 * stride (the default: the matrix packed); v[j][lane] the fragment registers.
 * Each chunk is one access per lane when its elements are adjacent in
 * memory, else one per element; count() reports them to the counters.
 */
int
interp_wmma_ldst(Launch *L, Warp *w, const XIns *xi, uint32_t m, uint64_t base, uint64_t ld,
                 uint64_t v[][WARP], int write)
{
	int frag = xi->mod & 3, cm = xi->mod >> 2 & 1, shape = xi->aux, b = tybits(xi->ty);
	int n = nelems(frag, shape, xi->ty), p = chunk(frag, b), nr = interp_wmma_nregs(frag, shape, xi->ty), R, C;

	dims(frag, shape, &R, &C);
	if (ld == ~0ull)
		ld = (uint64_t)(cm ? R : C);
	if (!write)
		for (int k = 0; k < nr; k++)
			for (uint32_t l = 0; l < WARP; l++)
				v[k][l] = 0;
	for (int j = 0; j < n / p; j++) {
		uint64_t regs[8];
		int adj = adjacent(frag, shape, b, cm, j), bytes = adj ? (p * b + 7) / 8 : (b + 7) / 8;
		for (int e = 0; e < (adj ? 1 : p); e++) {
			FOR_LANES(m, l) {
				int row, col;
				pos(frag, shape, b, l, j * p + e, &row, &col);
				uint64_t bo = bitoff(cm, ld, b, row, col);
				uint8_t *q = interp_xlate(L, w, (int)l, xi->space, base + bo / 8, (unsigned)bytes, write, xi);
				if (!q)
					return -1;
				for (int k = 0; k < nr; k++)
					regs[k] = v[k][l];
				for (int s = 0; s < (adj ? p : 1); s++) {
					int i = j * p + e + s;
					uint64_t bit = bo % 8 + (uint64_t)(s * b);
					if (write)
						memput(q + bit / 8, (int)(bit % 8), b, getel(regs, b, i));
					else
						putel(regs, b, i, memget(q + bit / 8, (int)(bit % 8), b));
				}
				for (int k = 0; !write && k < nr; k++)
					v[k][l] = regs[k];
			}
		}
	}
	if (L->st)
		count(L, xi, m, base, ld);
	return 0;
}

/* Exact f16 -> f32, and f32 -> f16 rounded to nearest even (NaN: the canonical one). */
static uint64_t
fconv(int from, int to, uint64_t x)
{
	int sg, ex, bits = from == ALU_F32 ? 32 : 16, tb = to == ALU_F32 ? 32 : 16;
	uint64_t man;

	switch (alu_funpack(from, x, &sg, &ex, &man)) {
	case 0: return (x >> (bits - 1) & 1) << (tb - 1);
	case 1: return alu_fround(to, sg, ex, man, 0, ALU_RN, 0);
	case 2: return (x >> (bits - 1) & 1) << (tb - 1) | (to == ALU_F32 ? 0x7f800000u : 0x7c00u);
	}
	return alu_fqnan(to);
}

/*
 * wmma.mma: s[j][lane] the registers of A, B and C in operand order, d[j][lane]
 * receives D.  XIns: ty the A/B type, aux the shape | C type << 8 | D type << 16,
 * mod: A column-major | B column-major << 1 | satfinite << 2 | the b1
 * operation << 3 (0 xor, 1 and).  The layouts name how A and B were loaded;
 * the fragments are the same either way, so they change nothing here.
 */
void
interp_wmma_mma(const XIns *xi, uint64_t s[][WARP], uint64_t d[][WARP])
{
	int shape = xi->aux & 0xff, ct = xi->aux >> 8 & 0xff, dt = xi->aux >> 16 & 0xff, at = xi->ty;
	int M = shapes[shape].m, N = shapes[shape].n, K = shapes[shape].k;
	int ab = tybits(at), cb = tybits(ct), db = tybits(dt);
	int na = interp_wmma_nregs(WMMA_A, shape, at), nb = interp_wmma_nregs(WMMA_B, shape, at);
	int nc = interp_wmma_nregs(WMMA_C, shape, ct), nd = interp_wmma_nregs(WMMA_C, shape, dt);
	int ea = nelems(WMMA_A, shape, at), eb = nelems(WMMA_B, shape, at), ec = nelems(WMMA_C, shape, ct);
	int sat = xi->mod >> 2 & 1, bop = xi->mod >> 3 & 1, flags = 0, mty = at, cfmt = ALU_F32;
	uint64_t mA[1024], mB[1024], mC[256];   /* row-major M x K, K x N, M x N: at most 1024 elements */

	for (uint32_t l = 0; l < WARP; l++) {
		uint64_t ra[8], rb[8], rc[8];
		int row, col;
		for (int j = 0; j < na; j++) ra[j] = s[j][l];
		for (int j = 0; j < nb; j++) rb[j] = s[na + j][l];
		for (int j = 0; j < nc; j++) rc[j] = s[na + nb + j][l];
		/* the later copies of a repeated chunk are ignored: the first wins */
		for (int i = ea - 1; i >= 0; i--) {
			pos(WMMA_A, shape, ab, l, i, &row, &col);
			mA[row * K + col] = getel(ra, ab, i);
		}
		for (int i = eb - 1; i >= 0; i--) {
			pos(WMMA_B, shape, ab, l, i, &row, &col);
			mB[row * N + col] = getel(rb, ab, i);
		}
		for (int i = 0; i < ec; i++) {
			pos(WMMA_C, shape, cb, l, i, &row, &col);
			mC[row * N + col] = getel(rc, cb, i);
		}
	}
	/* 4-bit inputs widen to the 8-bit ones of interp_mma_elem */
	switch (at) {
	case TY_S8: flags = MMA_ASIGNED | MMA_BSIGNED; break;
	case TY_S4: flags = MMA_ASIGNED | MMA_BSIGNED; mty = TY_S8; break;
	case TY_U4: mty = TY_U8; break;
	}
	if (sat)
		flags |= MMA_SATFINITE;
	flags |= (xi->mod >> 4 & 3) << MMA_RNDSH;   /* f64's rounding */
	if (ct == TY_F16 && dt == TY_F16)
		cfmt = ALU_F16;
	/* The float forms (f16, bf16, tf32: K at most 16) unpack each row of A
	 * and column of B once and take interp_mma_dot for each element, as
	 * mma.sync does: interp_mma_elem on an element's row and column is
	 * interp_mma_in of both, elementwise, then interp_mma_dot, so the
	 * results are the same (tf32 is always such a form).  Each row was
	 * unpacked N times and each column M times, most of wmma.mma's time
	 * (tests/run/wmma_* and tests/diff.test check the results). */
	int fused = at != TY_B1 && K <= 16 && interp_mma_fused(mty, flags);
	MmaIn ua[32][16], ub[32][16];
	for (int r = 0; fused && r < M; r++) {
		uint64_t raw[16];
		for (int k = 0; k < K; k++)
			raw[k] = mA[r * K + k];
		interp_mma_in(mty, flags, 0, raw, K, ua[r]);
	}
	for (int cc = 0; fused && cc < N; cc++) {
		uint64_t raw[16];
		for (int k = 0; k < K; k++)
			raw[k] = mB[k * N + cc];
		interp_mma_in(mty, flags, 1, raw, K, ub[cc]);
	}
	for (int r = 0; r < M; r++)
		for (int cc = 0; cc < N; cc++) {
			uint64_t va[128], vb[128], cin = mC[r * N + cc], out;
			for (int k = 0; !fused && k < K; k++) {
				va[k] = mA[r * K + k];
				vb[k] = mB[k * N + cc];
				if (at == TY_S4) {   /* the 8-bit pattern of the same value */
					va[k] = va[k] & 8 ? va[k] | 0xf0 : va[k];
					vb[k] = vb[k] & 8 ? vb[k] | 0xf0 : vb[k];
				}
			}
			if (at == TY_B1) {   /* c + popc(a op b): exact, wrapping */
				int64_t acc = (int32_t)(uint32_t)cin;
				for (int k = 0; k < K; k++)
					acc += bop ? (va[k] & vb[k]) : (va[k] ^ vb[k]);
				out = (uint32_t)acc;
			} else {
				if (ct == TY_F16 && dt != TY_F16)
					cin = fconv(ALU_F16, ALU_F32, cin);
				if (!fused)   /* integers, f64 */
					out = interp_mma_elem(mty, cfmt, flags, va, vb, K, cin);
				else if (at == TY_TF32)   /* two steps of k = 4, each rounded: see the top */
					out = interp_mma_dot(mty, cfmt, ua[r] + 4, ub[cc] + 4, 4,
					    interp_mma_dot(mty, cfmt, ua[r], ub[cc], 4, cin));
				else
					out = interp_mma_dot(mty, cfmt, ua[r], ub[cc], K, cin);
				if (dt == TY_F16 && ct != TY_F16)
					out = fconv(ALU_F32, ALU_F16, out);
			}
			mC[r * N + cc] = out;
		}
	for (uint32_t l = 0; l < WARP; l++) {
		uint64_t rd[8] = { 0 };
		int row, col;
		for (int i = 0; i < nelems(WMMA_C, shape, dt); i++) {
			pos(WMMA_C, shape, db, l, i, &row, &col);
			putel(rd, db, i, mC[row * N + col]);
		}
		for (int j = 0; j < nd; j++)
			d[j][l] = rd[j];
	}
}

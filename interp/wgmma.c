/*
 * wgmma.c -- Hopper's warpgroup matrix multiply-accumulate,
 * wgmma.mma_async.sync.aligned.m64nNkK: D (64 x N) = A (64 x K) * B (K x N)
 * + D, with A in registers or shared memory and B in shared memory, for
 * every dense form of PTX ISA 9.0 (f16/bf16 k16, tf32 k8, e4m3/e5m2 k32,
 * s8/u8 k32, b1 k256 .and.popc) and every sparse one (wgmma.mma_async.sp:
 * the same types but b1, twice the K).  load.c decodes it (decode_wgmma),
 * exec.c gathers the operands of one warp's 32 lanes and scatters D back.
 *
 * Execution.  Four consecutive warps (warp ranks 0..3 in the CTA, modulo 4)
 * form a warpgroup, and warp rank w owns rows 16w..16w+15 of D: its D
 * fragment depends only on its own rows of A (its A registers, or those rows
 * of the A descriptor's matrix) and all of B.  So each warp computes its own
 * fragment when it executes the instruction, with no rendezvous between the
 * warps.  The instruction completes at once, which is one of the orders the
 * GPU may take: a program must not touch D, or write the shared-memory
 * operands, before wgmma.wait_group says the group is done, and must fence
 * the registers with wgmma.fence before.  So wgmma.fence, commit_group and
 * wait_group are no-ops (load.c).
 *
 * Memory counters: the tensor cores read shared memory through the async
 * proxy, not as shared-memory instructions of the warp, and counters.c has
 * no measured rule for such reads, so wgmma reports nothing to it.
 *
 * Register fragments (PTX ISA "Register Fragments" of wgmma): lane l is in
 * group g = l / 4 with index t = l % 4.  A's four .b32 registers hold, in
 * register j, 32 / bits elements of row g + 8 (j & 1), columns from
 * t (32 / bits) + (K / 2) (j >> 1), lowest bits first.  D element i of a
 * lane (i < N/2) is row g + 8 ((i >> 1) & 1), column 8 (i >> 2) + 2t + (i & 1):
 * one .f32/.s32 register each, or two to an .f16x2 register.
 *
 * Shared memory (PTX ISA "Matrix Descriptor Format" and "Shared Memory
 * Matrix Layout"): the 64-bit descriptor holds the start address, the
 * leading (LBO) and stride (SBO) dimension byte offsets, each >> 4 in 14
 * bits, the base offset (bits 49-51) and the swizzle mode (bits 62-63: none,
 * 128, 64 or 32 bytes).  The matrix is made of core matrices of 8 rows of 16
 * bytes.  K-major (the default; A is MxK row-major, B KxN column-major): a
 * row is one M or N index, 16 bytes of K; without swizzle the 8 rows are
 * contiguous, the next 16 bytes of K are LBO away and the next 8 rows SBO;
 * with a swizzle of S bytes the rows are S bytes apart (the 32 bytes of K
 * of a dense instruction lie in a row) and the next 8 rows SBO away; a
 * sparse B's 64 bytes of K overflow a 32-byte row, and its second 32 bytes
 * lie LBO further, the swizzle then applied to that address (wgsp_bk_sw32*
 * on the H200: LBOs of 4096, 1024 and 640, an SBO of 384, a start of 256;
 * LBO is otherwise unread in these layouts).  M/N-major
 * (imm-trans-a/b = 1, 16-bit types only): a row is one K index, 16 bytes of
 * M or N; without swizzle the next 8 M/N elements are SBO away and the next
 * 8 K LBO; with a swizzle of S bytes a row holds S bytes of M/N, the next S
 * bytes are LBO away, and the next 8 K SBO.  A swizzle of S bytes XORs
 * address bits 4.. with the row within the pattern (bits 7.. of the address:
 * 3 bits for 128, 2 for 64, 1 for 32), the pattern repeating every 8 S
 * bytes; the base offset, (pattern start >> 7) & 7, says where the pattern
 * starts when that is not a multiple of 8 S, so the row is taken relative
 * to it: ((address >> 7) - base offset) & (S / 16 - 1).  b1 is addressed as
 * bytes (a byte holds 8 elements of K, the lowest bit first), like the
 * 8-bit types, in registers too.  The probes of tests/run (wgmma_a*,
 * wgmma_b*: each swizzle and major-ness, a start inside a swizzled row,
 * non-zero base offsets) read the same elements as the H100.
 *
 * Sparse A (.sp): A is packed, K/2 elements a row, and is held exactly as
 * the dense form of K/2 holds its A (the registers above, or a descriptor's
 * matrix of K/2 columns); B has the whole K, so a K-major row of B is 64
 * bytes.  The metadata register and the selector are mma.sp's (mma.c,
 * interp_mma_sp_pos): warp rank w's rows 16w..16w+15 take the layout of an
 * mma.sp of 16 rows of K (the f16/bf16 k32 form's: two lanes of each group
 * of four, selector 0 or 1; tf32 k16's: two, 0 or 1; the 8-bit k64 forms':
 * all four, selector 0).  Each D element sums the K/2 products of the packed
 * elements and the B elements at the positions the metadata names, as the
 * dense form of K/2 sums its products: the B elements at the other K
 * positions take no part (an infinity there makes no NaN).
 *
 * Arithmetic: interp_mma_elem (mma.c) for each D element, the model that
 * mma.sync uses, except that fp8 inputs go to wgmma's own narrower adder
 * (MMA_WGF8: the H100's wgmma and mma.sync sum fp8 products differently);
 * b1 is C + popc(A row & B column).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "interp.h"

/* Bits of one element as the operands are fetched (b1: bytes of 8). */
static int
fbits(int ty)
{
	switch (ty) {
	case TY_F16: case TY_BF16: return 16;
	case TY_TF32: return 32;
	case TY_E4M3: case TY_E5M2: case TY_S8: case TY_U8: case TY_B1: return 8;
	}
	return 0;
}

int
interp_wgmma_nd(int dt, int at, int bt, int n, int k)
{
	int ok, intg = at == TY_S8 || at == TY_U8 || at == TY_B1;

	switch (at) {
	case TY_F16: ok = bt == at && (dt == TY_F16 || dt == TY_F32) && k == 16; break;
	case TY_BF16: ok = bt == at && dt == TY_F32 && k == 16; break;
	case TY_TF32: ok = bt == at && dt == TY_F32 && k == 8; break;
	case TY_E4M3: case TY_E5M2:
		ok = (bt == TY_E4M3 || bt == TY_E5M2) && (dt == TY_F16 || dt == TY_F32) && k == 32;
		break;
	case TY_S8: case TY_U8: ok = (bt == TY_S8 || bt == TY_U8) && dt == TY_S32 && k == 32; break;
	case TY_B1: ok = bt == at && dt == TY_S32 && k == 256; break;
	default: ok = 0;
	}
	/* N: multiples of 8 up to 256; the integer forms 8, 16, 24, then multiples of 16 */
	if (!ok || n < 8 || n > 256 || n % 8 || (intg && n > 24 && n % 16))
		return -1;
	return dt == TY_F16 ? n / 4 : n / 2;
}

/* ---------------------------------------------------------------- shared memory */

typedef struct {
	uint32_t start, lbo, sbo, base;
	uint32_t sw;        /* swizzle width in bytes, 0 for none */
} Desc;

static Desc
desc(uint64_t d)
{
	static const uint32_t sw[4] = { 0, 128, 64, 32 };
	return (Desc){ (uint32_t)(d & 0x3fff) << 4, (uint32_t)(d >> 16 & 0x3fff) << 4,
	    (uint32_t)(d >> 32 & 0x3fff) << 4, (uint32_t)(d >> 49 & 7), sw[d >> 62] };
}

/* The shared-memory address of byte-or-wider element (mn, k), mn along M
 * (A) or N (B), of `bits` each; mnmajor is imm-trans (see the top). */
static uint32_t
elemaddr(const Desc *d, int mnmajor, uint32_t mn, uint32_t k, int bits)
{
	uint32_t a, eb = (uint32_t)bits / 8;

	if (!mnmajor) {
		uint32_t kb = k * eb;
		if (!d->sw)
			a = mn % 8 * 16 + mn / 8 * d->sbo + kb / 16 * d->lbo + kb % 16;
		else   /* a sparse B's 64 bytes of K: past a 32-byte row, LBO on */
			a = mn % 8 * d->sw + mn / 8 * d->sbo + kb % d->sw + kb / d->sw * d->lbo;
	} else {
		uint32_t mb = mn * eb;
		if (!d->sw)
			a = mb % 16 + mb / 16 * d->sbo + k % 8 * 16 + k / 8 * d->lbo;
		else
			a = mb % d->sw + mb / d->sw * d->lbo + k % 8 * d->sw + k / 8 * d->sbo;
	}
	a += d->start;
	if (d->sw)
		a ^= (((a >> 7) - d->base) & (d->sw / 16 - 1)) << 4;
	return a;
}

/* Fetches rows mn0..mn0+nmn-1 of a descriptor's matrix, kf elements each, into m[][64]. */
static int
fetch(Launch *L, Warp *w, const XIns *xi, uint64_t dv, int mnmajor, uint32_t mn0, int nmn, int kf, int bits,
      uint32_t m[][64])
{
	Desc d = desc(dv);

	for (int r = 0; r < nmn; r++)
		for (int k = 0; k < kf; k++) {
			uint32_t a = elemaddr(&d, mnmajor, mn0 + (uint32_t)r, (uint32_t)k, bits), v = 0;
			uint8_t *p = interp_xlate(L, w, 0, MS_SHARED, a, (unsigned)bits / 8, 0, xi);
			if (!p)
				return -1;
			if (L->chk & PTX_CHECK_ASYNCCHECK)   /* the async proxy's read: asynccheck's proxy fence */
				interp_chk_proxy_read(L, w, 0, xi, (uint64_t)(p - w->cta->shared), (unsigned)bits / 8);
			memcpy(&v, p, (size_t)bits / 8);   /* little-endian host, as the guest */
			m[r][k] = v;
		}
	return 0;
}

/* ---------------------------------------------------------------- arithmetic */

/* interp_mma_elem's flags for the instruction. */
static int
dflags(const XIns *xi)
{
	int at = xi->ty, bt = xi->aux >> 16 & 0xff;

	if (at == TY_E4M3 || at == TY_E5M2)
		return MMA_WGF8 | (at != bt ? bt << MMA_BTY : 0);
	if (at == TY_S8 || at == TY_U8)
		return (at == TY_S8 ? MMA_ASIGNED : 0) | (bt == TY_S8 ? MMA_BSIGNED : 0) |
		    (xi->aux & WG_SAT ? MMA_SATFINITE : 0);
	return 0;
}

/* The elements of k raw values, widened for interp_mma_elem and interp_mma_in. */
static void
widen(const uint32_t *v, int k, uint64_t *out)
{
	for (int i = 0; i < k; i++)
		out[i] = v[i];
}

/* One D element: row r of A (kf elements) by column c of B, plus cin. */
static uint32_t
delem(const XIns *xi, const uint32_t *ar, const uint32_t *bc, int kf, uint32_t cin)
{
	uint64_t a[32], b[32];

	if (xi->ty == TY_B1) {   /* .and.popc: bytes of 8 elements */
		uint32_t s = cin;
		for (int k = 0; k < kf; k++)
			s += (uint32_t)__builtin_popcount(ar[k] & bc[k]);
		return s;
	}
	widen(ar, kf, a);
	widen(bc, kf, b);
	return (uint32_t)interp_mma_elem(xi->ty, xi->mod == TY_F16 ? ALU_F16 : ALU_F32, dflags(xi), a, b, kf, cin);
}

/* ---------------------------------------------------------------- the instruction */

int
interp_wgmma(Launch *L, Warp *w, const XIns *xi, uint64_t v[][WARP])
{
	uint32_t A[16][64], B[256][64];
	int at = xi->ty, n = xi->aux & 0x1ff, bits = fbits(at), kf = 256 / bits, nd = xi->nd;
	int areg = xi->aux & WG_AREG, na = areg ? 4 : 1, f16 = xi->mod == TY_F16;
	int sp = !!(xi->aux & WG_SPARSE), kb = sp ? 2 * kf : kf;   /* A's elements a row, B's */
	uint32_t wr = (uint32_t)w->id % 4, neg = 1u << (bits - 1);
	int scaled = (int)(v[nd + na + 1 + sp][0] & 1);   /* scale-d (uniform in the warpgroup) */
	int flags = dflags(xi), fused;
	MmaIn ua[16][32], ub[64], ubr[32];
	uint64_t raw[64];
	uint8_t pos[16][64];

	if (areg) {
		/* where ptxas has negated A's registers as 32-bit integers for
		 * imm-scale-a -1 (fold.c interp_fold_wgmma_intneg), A is that */
		int per = 32 / bits, ineg = !!(xi->aux & WG_INTNEGA);
		for (uint32_t l = 0; l < WARP; l++)
			for (int j = 0; j < 4; j++) {
				uint32_t x = (uint32_t)v[nd + j][l];
				if (ineg)
					x = 0u - x;
				for (int e = 0; e < per; e++) {
					int row = (int)(l / 4) + 8 * (j & 1), col = (int)(l % 4) * per + e + kf / 2 * (j >> 1);
					A[row][col] = (x >> (bits * e)) & (uint32_t)((1ull << bits) - 1);
				}
			}
	} else if (fetch(L, w, xi, v[nd][0], !!(xi->aux & WG_TRANSA), 16 * wr, 16, kf, bits, A))
		return -1;
	if (fetch(L, w, xi, v[nd + na][0], !!(xi->aux & WG_TRANSB), 0, n, kb, bits, B))
		return -1;
	if (sp)   /* the K position of each packed element of A */
		interp_mma_sp_pos(at, kb, v[nd + na + 1], (int)(xi->aux >> WG_SELSH & 3), pos);
	/* imm-scale-a/b = -1 (float forms only): negate the elements, unless
	 * A's registers were negated as integers above */
	for (int r = 0; r < 16 && (xi->aux & WG_NEGA) && !(xi->aux & WG_INTNEGA); r++)
		for (int k = 0; k < kf; k++)
			A[r][k] ^= neg;
	for (int c = 0; c < n && (xi->aux & WG_NEGB); c++)
		for (int k = 0; k < kb; k++)
			B[c][k] ^= neg;
	fused = interp_mma_fused(xi->ty, flags);   /* not the integer and .b1 forms */
	for (int r = 0; fused && r < 16; r++) {   /* each input unpacked once */
		widen(A[r], kf, raw);
		interp_mma_in(xi->ty, flags, 0, raw, kf, ua[r]);
	}
	for (int c = 0; c < n; c++) {
		if (fused) {
			widen(B[c], kb, raw);
			interp_mma_in(xi->ty, flags, 1, raw, kb, ub);
		}
		for (int r = 0; r < 16; r++) {
			/* the lane and the fragment element holding (r, c), see the top */
			uint32_t l = (uint32_t)(r % 8) * 4 + (uint32_t)(c % 8) / 2, bc[32];
			int i = c / 8 * 4 + r / 8 * 2 + c % 2, sh = f16 ? 16 * (i % 2) : 0, j = f16 ? i / 2 : i;
			uint32_t mask = f16 ? 0xffffu << sh : 0xffffffffu;
			uint32_t cin = scaled ? (uint32_t)(v[j][l] & mask) >> sh : 0, d;
			/* the B elements that row r's elements multiply: all of
			 * column c, or (.sp) those at the metadata's positions */
			for (int k = 0; sp && k < kf; k++) {
				if (fused)
					ubr[k] = ub[pos[r][k]];
				else
					bc[k] = B[c][pos[r][k]];
			}
			d = fused ? (uint32_t)interp_mma_dot(xi->ty, f16 ? ALU_F16 : ALU_F32, ua[r], sp ? ubr : ub, kf, cin) :
			    delem(xi, A[r], sp ? bc : B[c], kf, cin);
			v[j][l] = ((uint32_t)v[j][l] & ~mask) | ((d << sh) & mask);
		}
	}
	return 0;
}

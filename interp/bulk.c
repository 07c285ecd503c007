/*
 * bulk.c -- the bulk copies of the asynchronous proxy: cp.async.bulk
 * (global -> shared, shared -> global, shared -> shared), cp.reduce.async.bulk,
 * their tensor forms through a tensor map (tile mode, 1 to 5 dimensions,
 * and im2col mode, 3 to 5),
 * and the prefetches and bulk-group operations that go with them.
 *
 * Every copy is done when it is issued.  The data may only be read after
 * the mbarrier phase it completes (complete_tx of its bytes, done at once
 * too) or after cp.async.bulk.wait_group, so this is one of the orders a
 * GPU may take, and commit_group and wait_group have nothing left to wait
 * for.  A shared::cluster destination names its CTA by the address's rank
 * bits (cluster.c), and the mbarrier the copy completes on is in that CTA;
 * a .multicast::cluster copy writes the same offset of every CTA of its
 * mask and completes on the mbarrier at the same offset of each.
 *
 * Tensor copies move a box (tensorbox.c walks it): in tile mode, for each
 * dimension i, ceil(box[i] / estride[i]) elements (dimension 0 ignores its
 * element stride), element k at global coordinate coord[i] + k *
 * estride[i]; in im2col mode, pixels rows of channels elements, a row a
 * pixel of the walk tensorbox.c describes (loads with the im2colOffsets).
 * In shared memory the box is dimension 0 fastest; without a swizzle it
 * is dense, with one each row (the run along dimension 0) takes the
 * swizzle span (mode s: 16 << s bytes) however narrow the box, and the
 * mode permutes 16-byte chunks: the chunk bits 4..3+s of a shared address
 * are XORed with its bits 7..6+s.
 * Interleaved tiled maps (16- or 32-byte interleave) move units of that
 * many bytes, as an H200 did for tests/shim/tmarand.c (the bytes of every
 * load, the result of every store and reduction): dimension 0's
 * coordinate, box, size and element stride all count units, and its
 * element stride is not ignored (a row's unit k is unit coord[0] + k *
 * estride[0], that many units from the row's origin; one at or past the
 * size reads the fill, but the size bounds nothing else: units past the
 * row's own bytes read on into the next rows, and past the tensor's end
 * whatever memory holds); dimension rank-2 takes one index, the copy's
 * coordinate, whatever its box (the mbarrier is told the bytes moved, so
 * a larger box there leaves a phase short on the GPU too); the rows are
 * dense, a swizzle permuting each 16 bytes but giving a row no whole span.
 * Interleaved im2col maps move units so too, a pixel one unit, whatever
 * the map's channels: their spatial dimensions are 0..rank-3 (W counting
 * units of dimension 0, from the copy's coordinate 0), dimension rank-2
 * takes the copy's coordinate alone, and the mbarrier is told the
 * pixels' units (tensorbox.c; an H200, tests/shim/tmarand.c seeds 9 and
 * 12 with TMARAND_ILIC: the bytes of all 124 loads, each phase complete,
 * and the 92 whose first pixel was outside the bounding box stopped the
 * kernel).  An im2col load takes a wide map (cuTensorMapEncodeIm2colWide)
 * as an im2col map whose corners but W's are 0 (an H200, tests/shim/
 * tmaodd.c); a tiled copy through an im2col map is an illegal
 * instruction there.  An im2col prefetch into L2 does nothing but check
 * its first pixel as a load does (the GPU stops the kernel over one
 * outside the bounding box); a tiled one is a hint.
 * Elements outside the tensor read as the fill (zeros, or the 16-bit
 * pattern 0x7ff7 repeated: a NaN of each float type) and are not written
 * by stores and reductions, but those past the end of dimension 0 in the
 * 16 bytes that hold its last element (an H200 writes them whole, where
 * the tensor's row has padding); the mbarrier is told the box's bytes,
 * padding not included.
 * What an H100 and an H200 showed beyond the manual, each an illegal
 * instruction on the GPU: a box must start on a 16-byte boundary of
 * dimension 0 (coord[0] * element size), stores and reductions may not
 * start at a negative coordinate (seen in dimensions 0 and 1; loads may,
 * and a start past the end is fine), an im2col copy's first pixel must
 * lie in the bounding box, a reduction takes only the element types of
 * redtype(), and an im2col_no_offs store or reduction only a map whose
 * bounding box pads nothing (every lower corner 0 or more, every upper
 * corner 0 or less: an H200 took the 2 of tests/shim/tmarand.c seed 1's
 * 40 stores through im2col maps and the 5 of 83 through interleaved ones,
 * seeds 9 and 12, that keep both rules, and stopped the kernel over the
 * others; tests/shim/tmaodd.c's reductions so too).  Tf32 maps round loaded elements to tf32 (to nearest even, NaN
 * to 0x7fffe000), and float reductions keep denormals, but through the
 * f32_ftz and tf32_ftz maps (flushed, and tf32_ftz added as f32).
 *
 * Counters: Nsight Compute's LSU counts do not see the copy engine (an
 * H100 showed bulk copies adding no LSU requests or wavefronts), so a copy
 * counts apart, as PTX_MC_BULK_LD/ST/RED: a request per copy and the
 * 32-byte sectors of global memory it reads or writes, which are ncu's
 * l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld and
 * l1tex__m_l1tex2xbar_write_sectors_mem_global_op_tma_st / _red (a
 * multicast reads once; a tensor copy touches the sectors of each row's
 * elements inside the tensor).  Shared-to-shared copies move no global
 * data.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <string.h>
#include "interp.h"

#define FOR_LANES(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

/* XIns.mod: the kind | the reduction (MOD_*) << 4 */
enum { BK_COPY, BK_RED, BK_TLOAD, BK_TSTORE, BK_TRED, BK_TPREFETCH };
/* XIns.aux: the source's MS_* | flags */
enum { BKF_MBAR = 16, BKF_MCAST = 32, BKF_NOFTZ = 64, BKF_CLU = 128 /* the destination is shared::cluster */,
       BKF_IM2COL = 256 };
/* the sources: of a copy, and of a tensor copy */
enum { S_SRC = 0, S_SIZE = 2, S_MBAR = 3, S_MASK = 5 };
enum { S_MAP = 0, S_COORD = 2, S_TMBAR = 7, S_TMASK = 9, S_OFFS = 10, NS_TENSOR = 13 };

/* ---------------------------------------------------------------- decoding */

/* The n-th state space modifier (the destination's, then the source's) as SP_*. */
static int
nthspace(const Ins *in, int n)
{
	for (int i = 0; i < in->nmod; i++) {
		int m = in->mod[i];
		int sp = m == MOD_GLOBAL ? SP_GLOBAL : m == MOD_SHARED || m == MOD_SHARED_CTA ||
		    m == MOD_SHARED_CLUSTER ? SP_SHARED : SP_NONE;
		if (sp != SP_NONE && n-- == 0)
			return sp;
	}
	return SP_NONE;
}

/* A memory operand in space sp as a base and an offset; its MS_* space. */
static int
pair(ptx_module *pm, XFunc *x, const Opnd *o, int sp, XOp *out)
{
	XIns t;

	memset(&t, 0, sizeof t);
	if (interp_decode_addr(pm, x, o, sp, &t) || t.abase.k == XO_LOCAL)
		return -1;
	out[0] = t.abase;
	out[1] = t.shsym ? (XOp){ .k = XO_SREG, .sreg = t.shsym == 2 ? SR_SHDYN : SR_SHSYM, .imm = (uint64_t)t.aoff } :
	    (XOp){ .k = XO_IMM, .imm = (uint64_t)t.aoff };
	return t.space;
}

/* [map, {coords}]: the map's generic address into s[S_MAP..], dim coordinates from s[S_COORD]. */
static int
tensoropnd(ptx_module *pm, const Opnd *o, int dim, XOp *s)
{
	const Opnd *mo;

	if (o->kind != OK_ADDR || !o->addrlist || o->nsub != 2)
		return -1;
	mo = &o->sub[0];
	if (interp_decode_op(pm, mo, TY_U64, &s[S_MAP]) || (s[S_MAP].k != XO_REG && s[S_MAP].k != XO_IMM &&
	    s[S_MAP].sreg != SR_SHSYM && s[S_MAP].sreg != SR_SHDYN))
		return -1;
	if (mo->kind == OK_SYM) {   /* a variable's name: its generic address */
		SymLoc *l = interp_symloc(pm, mo->sym, 0);
		if (!l || l->space == MS_LOCAL)
			return -1;
		s[S_MAP].imm += l->space == MS_KPARAM ? PARAM_WIN : l->space == MS_SHARED ? SHARED_WIN : 0;
	}
	s[S_MAP + 1] = (XOp){ .k = XO_IMM, .imm = 0 };
	return interp_decode_ops(pm, &o->sub[1], 1, TY_S32, &s[S_COORD], 5) == dim ? 0 : -1;
}

static int
redop(const Ins *in)
{
	static const int ops[] = { MOD_ADD, MOD_MIN, MOD_MAX, MOD_INC, MOD_DEC, MOD_AND, MOD_OR, MOD_XOR };
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (ir_hasmod(in, ops[i]))
			return ops[i];
	return 0;
}

/* An im2col prefetch, [map, {coords}], {offsets} {, policy}: a hint, but
 * one whose first pixel the GPU checks (tprefetch) */
static int
prefetch_decode(ptx_module *pm, XIns *xi, const Ins *in, int dim)
{
	XOp s[XNS];

	xi->x = X_BULK;
	xi->mod = BK_TPREFETCH;
	xi->size = (uint8_t)dim;
	memset(s, 0, sizeof s);
	if (dim < 3 || in->nopnd < 2 || tensoropnd(pm, &in->opnd[0], dim, s) ||
	    interp_decode_ops(pm, &in->opnd[1], 1, TY_U16, &s[S_OFFS], 3) != dim - 2 ||
	    !(xi->s = interp_alloc(pm->cx, NS_TENSOR * sizeof *xi->s)))
		return -1;
	memcpy(xi->s, s, NS_TENSOR * sizeof *s);
	xi->ns = NS_TENSOR;
	return 0;
}

int
interp_bulk_decode(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	XOp s[XNS];
	int n, k, dim = 0, dsp = nthspace(in, 0), ssp = nthspace(in, 1), mbar = ir_hasmod(in, MOD_MBAR_COMPLETE_TX);
	int red = in->op == OP_CP_REDUCE_ASYNC_BULK || in->op == OP_CP_REDUCE_ASYNC_BULK_TENSOR;

	for (int d = 0; d < 5; d++)
		if (ir_hasmod(in, (int[]){ MOD_1D, MOD_2D, MOD_3D, MOD_4D, MOD_5D }[d]))
			dim = d + 1;
	switch (in->op) {
	case OP_CP_ASYNC_BULK_PREFETCH_TENSOR:
		if (ir_hasmod(in, MOD_IM2COL))
			return prefetch_decode(pm, xi, in, dim);
		xi->x = X_NOP;   /* a hint */
		return 0;
	case OP_CP_ASYNC_BULK_PREFETCH: case OP_CP_ASYNC_BULK_COMMIT_GROUP: case OP_CP_ASYNC_BULK_WAIT_GROUP:
		xi->x = X_NOP;   /* a hint; copies complete when issued */
		return 0;
	}
	xi->x = X_BULK;
	memset(s, 0, sizeof s);
	/* forms of other targets and modes we lack: gather/scatter, byte masks */
	if (ir_hasmod(in, MOD_TILE_GATHER4) ||
	    ir_hasmod(in, MOD_TILE_SCATTER4) || ir_hasmod(in, MOD_IM2COL_W) || ir_hasmod(in, MOD_IM2COL_W_128) ||
	    ir_hasmod(in, MOD_CP_MASK) || ir_hasmod(in, MOD_IGNORE_OOB) || ir_hasmod(in, MOD_CTA_GROUP_2))
		return -1;
	xi->aux = (mbar ? BKF_MBAR : 0) | (ir_hasmod(in, MOD_MULTICAST_CLUSTER) ? BKF_MCAST : 0) |
	    (ir_hasmod(in, MOD_NOFTZ) ? BKF_NOFTZ : 0) |
	    (ir_hasmod(in, MOD_IM2COL) || ir_hasmod(in, MOD_IM2COL_NO_OFFS) ? BKF_IM2COL : 0);
	for (int i = 0; i < in->nmod; i++)   /* the first space named is the destination's */
		if (in->mod[i] == MOD_GLOBAL || in->mod[i] == MOD_SHARED || in->mod[i] == MOD_SHARED_CTA ||
		    in->mod[i] == MOD_SHARED_CLUSTER) {
			xi->aux |= in->mod[i] == MOD_SHARED_CLUSTER ? BKF_CLU : 0;
			break;
		}
	s[S_MASK] = s[S_TMASK] = (XOp){ .k = XO_IMM, .imm = 1 };   /* this CTA */
	if (red) {
		int op = redop(in);
		if (!op)
			return -1;
		xi->mod = op << 4;
		xi->ty = (uint8_t)in->ty[0];
	}
	if (in->op == OP_CP_ASYNC_BULK || in->op == OP_CP_REDUCE_ASYNC_BULK) {
		/* [dst], [src], size {, [mbar]} {, ctaMask} {, policy} */
		int ms;
		xi->mod |= red ? BK_RED : BK_COPY;
		if (in->nopnd < 3 || interp_decode_addr(pm, x, &in->opnd[0], dsp, xi) || xi->abase.k == XO_LOCAL ||
		    (ms = pair(pm, x, &in->opnd[1], ssp, &s[S_SRC])) < 0 || interp_decode_op(pm, &in->opnd[2], TY_U32, &s[S_SIZE]))
			return -1;
		if (!((xi->space == MS_SHARED && ms == MS_GLOBAL && mbar) || (xi->space == MS_GLOBAL && ms == MS_SHARED && !mbar) ||
		    (xi->space == MS_SHARED && ms == MS_SHARED && mbar)))
			return -1;
		xi->aux |= ms;
		k = 3;
		if (mbar && (k >= in->nopnd || pair(pm, x, &in->opnd[k++], SP_SHARED, &s[S_MBAR]) != MS_SHARED))
			return -1;
		if ((xi->aux & BKF_MCAST) && (k >= in->nopnd || interp_decode_op(pm, &in->opnd[k++], TY_U16, &s[S_MASK])))
			return -1;
		n = S_MASK + 1;
	} else {
		const Opnd *t;
		int load = in->op == OP_CP_ASYNC_BULK_TENSOR && dsp == SP_SHARED;
		xi->mod |= red ? BK_TRED : load ? BK_TLOAD : BK_TSTORE;
		xi->size = (uint8_t)dim;
		/* im2col: loads with offsets, stores and reductions without */
		if (!dim || in->nopnd < 2 || (load ? !mbar || ssp != SP_GLOBAL : mbar || dsp != SP_GLOBAL || ssp != SP_SHARED) ||
		    ((xi->aux & BKF_IM2COL) && (dim < 3 || ir_hasmod(in, load ? MOD_IM2COL_NO_OFFS : MOD_IM2COL))))
			return -1;
		/* the shared memory side is the memory operand, the tensor's side the sources */
		t = &in->opnd[load ? 1 : 0];
		if (interp_decode_addr(pm, x, &in->opnd[load ? 0 : 1], SP_SHARED, xi) || xi->abase.k == XO_LOCAL ||
		    xi->space != MS_SHARED || tensoropnd(pm, t, dim, s))
			return -1;
		k = 2;
		if (load && (k >= in->nopnd || pair(pm, x, &in->opnd[k++], SP_SHARED, &s[S_TMBAR]) != MS_SHARED))
			return -1;
		/* an im2col load's offsets, one a spatial dimension, after the mbarrier */
		if (load && (xi->aux & BKF_IM2COL) && (k >= in->nopnd ||
		    interp_decode_ops(pm, &in->opnd[k++], 1, TY_U16, &s[S_OFFS], 3) != dim - 2))
			return -1;
		if ((xi->aux & BKF_MCAST) && (k >= in->nopnd || interp_decode_op(pm, &in->opnd[k++], TY_U16, &s[S_TMASK])))
			return -1;
		n = NS_TENSOR;
	}
	xi->s = interp_alloc(pm->cx, (size_t)n * sizeof *xi->s);
	if (!xi->s)
		return -1;
	memcpy(xi->s, s, (size_t)n * sizeof *s);
	xi->ns = (uint8_t)n;
	return 0;
}

/* ---------------------------------------------------------------- execution */

static const char *const spacename[] = { "global", "shared", "local", "param", "generic", "shared::cluster" };

/* n bytes at a in space, 16-byte aligned and inside one allocation (or the
 * CTA's shared memory); NULL after a fault. */
static uint8_t *
span(Launch *L, Warp *w, int lane, const XIns *xi, int space, uint64_t a, uint64_t n)
{
	Cta *c = w->cta;

	if (a & 15) {
		interp_fault(L, w, lane, xi, PTX_FAULT_MISALIGNED, a, 16,
		    "bulk copy: the %s address 0x%" PRIx64 " is not 16-byte aligned", spacename[space], a);
		return NULL;
	}
	if (space == MS_SHARED && ((a >> 24) == c->rank || (a >> 24) == 0) && (a & 0xffffff) >= SMEM_RSV &&
	    (a & 0xffffff) <= c->nshared && n <= c->nshared - (a & 0xffffff))
		return c->shared + (a & 0xffffff);
	if (space == MS_GLOBAL) {
		Alloc *al = interp_mem_find(L->cx, a, n);
		if (al)
			return al->p + (a - al->addr);
	}
	interp_fault(L, w, lane, xi, PTX_FAULT_OOB, a, (unsigned)n, "bulk copy of %" PRIu64 " bytes at %s 0x%" PRIx64
	    " is outside %s", n, spacename[space], a, space == MS_SHARED ? "the CTA's shared memory" : "every allocation");
	return NULL;
}

/*
 * The CTAs a copy into shared memory at sh writes, into tg[] (*nt of them),
 * and the offset in each: those of a multicast's mask (none for 0), the
 * one a shared::cluster address names, or the executing CTA.
 */
static int
targets(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t sh, uint64_t mask, Cta **tg, int *nt, uint64_t *off)
{
	Clu *k = w->cta->clu;

	*nt = 0;
	*off = sh & 0xffffff;
	if (xi->aux & BKF_MCAST) {
		mask &= 0xffff;
		if (mask >> k->n) {
			interp_fault(L, w, lane, xi, PTX_FAULT_OOB, mask, 0,
			    "multicast mask 0x%" PRIx64 " names CTAs outside the cluster (of %d CTAs)", mask, k->n);
			return -1;
		}
		for (int r = 0; r < k->n; r++)
			if (mask >> r & 1)
				tg[(*nt)++] = k->cta[r];
		return 0;
	}
	if (xi->aux & BKF_CLU) {
		if ((sh >> 24) >= (uint64_t)k->n) {
			interp_fault(L, w, lane, xi, PTX_FAULT_OOB, sh, 0, "bulk copy to shared::cluster 0x%" PRIx64
			    " names CTA rank %" PRIu64 ", outside the cluster of %d CTAs", sh, sh >> 24, k->n);
			return -1;
		}
		tg[(*nt)++] = k->cta[sh >> 24];
		return 0;
	}
	tg[(*nt)++] = w->cta;
	return 0;
}

/* n bytes at offset a of c's shared memory (NULL after a fault). */
static uint8_t *
shspan(Launch *L, Warp *w, int lane, const XIns *xi, Cta *c, uint64_t a, uint64_t n)
{
	if (a & 15) {
		interp_fault(L, w, lane, xi, PTX_FAULT_MISALIGNED, a, 16,
		    "bulk copy: the shared address 0x%" PRIx64 " is not 16-byte aligned", a);
		return NULL;
	}
	if (a >= SMEM_RSV && a <= c->nshared && n <= c->nshared - a)
		return c->shared + a;
	interp_fault(L, w, lane, xi, PTX_FAULT_OOB, a, (unsigned)n, "bulk copy of %" PRIu64 " bytes at shared 0x%" PRIx64
	    " is outside the shared memory of CTA rank %u", n, a, c->rank);
	return NULL;
}

/* complete_tx of bytes on the mbarrier at mb for a copy into CTA c (a
 * multicast's: at the same offset in each CTA) that wrote dn bytes at dst. */
static int
copytx(Launch *L, Warp *w, int lane, const XIns *xi, const Cta *c, uint64_t mb, uint64_t bytes, const uint8_t *dst,
       uint64_t dn)
{
	if (xi->aux & BKF_MCAST)
		mb = (uint64_t)c->shbase | (mb & 0xffffff);
	else if (!(xi->aux & BKF_CLU) && (mb >> 24) == 0)
		mb |= w->cta->shbase;
	return interp_mbar_tx(L, w, lane, xi, mb, bytes, dst, dn) ? XR_FAULT : XR_OK;
}

/* d = d op s, element by element (the reduction's type and op).  Unlike
 * atom.add.f32, the copy engine's float additions keep denormals, and its
 * f64 addition passes a NaN on as it is, a signalling one unquieted, the
 * source's before the destination's (an H200, every pair of 16 special
 * values; f32, f16 and bf16 NaNs come out as the ALU's). */
static void
reduce(const XIns *xi, int ty, uint8_t *d, const uint8_t *s, uint64_t n, int ftz)
{
	unsigned es = (unsigned)ir_tyinfo[ty].bits / 8;
	int op = xi->mod >> 4, fmt = alu_fmt_of(ty);

	for (uint64_t i = 0; i < n; i += es) {
		uint64_t a = 0, b = 0;
		memcpy(&a, d + i, es);
		memcpy(&b, s + i, es);
		if (op == MOD_ADD && fmt == ALU_F64 && (alu_fisnan(fmt, b) || alu_fisnan(fmt, a)))
			a = alu_fisnan(fmt, b) ? b : a;
		else
			a = op == MOD_ADD && fmt >= 0 ? alu_fadd(fmt, a, b, ALU_RN, ftz) : alu_atomic(op, ty, a, b, 0, 0);
		memcpy(d + i, &a, es);
	}
}

/* Counts one copy of class cls (PTX_MC_BULK_*) and its sectors. */
static void
bcount(Launch *L, const XIns *xi, int cls, uint64_t sectors)
{
	if (L->st) {
		ptx_mem_counts *c = &L->st[xi - L->pm->code].mem[cls];
		c->requests++;
		c->sectors += sectors;
	}
}

/* The 32-byte sectors of [a, a + n), n > 0. */
static uint64_t
sectors(uint64_t a, uint64_t n)
{
	return ((a + n - 1) >> 5) - (a >> 5) + 1;
}

static int
copy(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t dst, uint64_t v[][WARP])
{
	uint64_t src = v[S_SRC][lane] + v[S_SRC + 1][lane], n = v[S_SIZE][lane] & 0xffffffffu, off;
	uint8_t *pd, *ps = NULL;
	size_t mark;
	Cta *tg[MAX_CLUSTER];
	int nt;

	if (n % 16) {
		interp_fault(L, w, lane, xi, PTX_FAULT_MISALIGNED, dst, 0,
		    "bulk copy of %" PRIu64 " bytes: the size is not a multiple of 16", n);
		return XR_FAULT;
	}
	if (xi->space != MS_SHARED) {   /* into global memory */
		if (!(ps = span(L, w, lane, xi, xi->aux & 15, src, n)) || !(pd = span(L, w, lane, xi, xi->space, dst, n)))
			return XR_FAULT;
		if ((L->chk & PTX_CHECK_ASYNCCHECK) && (xi->aux & 15) == MS_SHARED) {
			interp_chk_proxy_read(L, w, lane, xi, (uint64_t)(ps - w->cta->shared), n);
			interp_chk_bulk_group(L, w, (uint32_t)lane, xi, ps, n);   /* read until its bulk group's wait */
		}
		if ((L->chk & CHK_COPIES) && (xi->aux & 15) == MS_SHARED)
			interp_chk_bulk_dst(L, w, (uint32_t)lane, xi, pd, n, dst);   /* written until its wait */
		if ((xi->mod & 15) == BK_RED)
			reduce(xi, xi->ty, pd, ps, n, 0);
		else
			memmove(pd, ps, n);
		if ((L->chk & PTX_CHECK_INITCHECK) && !L->chkmemoff && (xi->mod & 15) == BK_COPY)
			interp_chk_shadow_copy(L, pd, ps, n);
		if (n)
			bcount(L, xi, (xi->mod & 15) == BK_RED ? PTX_MC_BULK_RED : PTX_MC_BULK_ST, sectors(dst, n));
		return XR_OK;
	}
	if (targets(L, w, lane, xi, dst, v[S_MASK][lane], tg, &nt, &off))
		return XR_FAULT;
	if (nt && !(ps = span(L, w, lane, xi, xi->aux & 15, src, n)))
		return XR_FAULT;
	if (nt && (L->chk & PTX_CHECK_ASYNCCHECK) && (xi->aux & 15) == MS_SHARED)
		interp_chk_proxy_read(L, w, lane, xi, (uint64_t)(ps - w->cta->shared), n);
	if (nt && n && (xi->aux & 15) != MS_SHARED)   /* from global memory: read once, multicast or not */
		bcount(L, xi, PTX_MC_BULK_LD, sectors(src, n));
	mark = interp_chk_bulk_mark(L);
	for (int i = 0; i < nt; i++) {
		if (!(pd = shspan(L, w, lane, xi, tg[i], off, n)))
			return XR_FAULT;
		if ((xi->mod & 15) == BK_RED)
			reduce(xi, xi->ty, pd, ps, n, 0);
		else
			memmove(pd, ps, n);
		if ((L->chk & PTX_CHECK_INITCHECK) && !L->chkmemoff && (xi->mod & 15) == BK_COPY)
			interp_chk_shadow_copy(L, pd, ps, n);
		if ((xi->aux & BKF_MBAR) && copytx(L, w, lane, xi, tg[i], v[S_MBAR][lane] + v[S_MBAR + 1][lane], n, pd, n))
			return XR_FAULT;
	}
	if (nt && (L->chk & PTX_CHECK_ASYNCCHECK))   /* read until a wait sees the phase */
		interp_chk_bulk_source(L, mark, ps, n);
	return XR_OK;
}

/* The address of the 16-byte chunk holding shared address a, swizzled. */
static uint64_t
swizzle(uint64_t a, int mode)
{
	return mode ? a ^ ((a >> 7) & ((1u << mode) - 1)) << 4 : a;
}

/* The type a tensor reduction combines elements as. */
static int
tmaptype(int et)
{
	static const int ty[] = { TY_U8, TY_U16, TY_U32, TY_S32, TY_U64, TY_S64, TY_F16, TY_F32, TY_F32, TY_F64,
		TY_BF16, TY_F32, TY_F32 };
	return ty[et];
}

/* Whether a tensor reduction by op (MOD_*) takes elements of tensor map
 * type et: the PTX ISA's table of cp.reduce.async.bulk.tensor, but that
 * .and, .or and .xor take u64 and not s64 and .add takes tf32 and
 * tf32_ftz (an H200: an illegal instruction over each of the others, of
 * 13 types by 8 ops; tf32 .add, first seen through an interleaved map,
 * adds as f32 does). */
static int
redtype(int op, int et)
{
#define B(t) (1u << PTX_TMAP_##t)
	unsigned m = op == MOD_ADD ? B(U32) | B(S32) | B(U64) | B(F32) | B(F32_FTZ) | B(TF32) | B(TF32_FTZ) |
	    B(F16) | B(BF16) :
	    op == MOD_MIN || op == MOD_MAX ? B(U32) | B(S32) | B(U64) | B(S64) | B(F16) | B(BF16) :
	    op == MOD_INC || op == MOD_DEC ? B(U32) : B(U32) | B(S32) | B(U64);
#undef B
	return m >> et & 1;
}

/* A loaded element of a tf32 map: rounded to tf32, to nearest even;
 * every NaN becomes 0x7fffe000. */
static uint32_t
totf32(uint32_t x)
{
	if ((x & 0x7f800000u) == 0x7f800000u && (x & 0x7fffffu))
		return 0x7fffe000u;
	return (x + 0xfffu + (x >> 13 & 1)) & 0xffffe000u;
}

/* Whether row r's dimensions 1.. are inside the tensor, and its first
 * element's global address (*ga, which may lie outside for a row that is) */
static int
rowin(const TMap *t, const TRows *r, uint64_t *ga)
{
	int in = 1;

	*ga = t->addr + (uint64_t)r->g[0] * (uint64_t)t->esize;
	for (int i = 1; i < t->rank; i++) {
		in &= r->g[i] >= 0 && (uint64_t)r->g[i] < t->dim[i];
		*ga += (uint64_t)r->g[i] * t->stride[i];
	}
	return in;
}

/*
 * The global sectors a tensor load reads, as an H100 counts them (ncu's
 * xbar2l1tex tma_ld sectors; 12 boxes in bounds, across the edges and
 * wholly outside): each row of the box goes in pieces of 128 bytes from
 * its start; a piece reads the sectors of its elements inside the tensor,
 * extended to a 16-byte boundary, and counts a sector per 32 bytes (or
 * part) of the rest; a row outside the tensor in an outer dimension is
 * all rest.
 */
/*
 * Through an interleaved map (an H200, tests/shim/tmasect.c, tmasect.ncu):
 * a tiled load whose dimension 0 takes every estride[0]-th unit reads
 * each unit apart, the sectors of one inside the tensor, a sector per 32
 * bytes of one outside; an im2col load goes over its pixels (a unit each)
 * 128 bytes of them at a time, each group reading the sectors of its
 * pixels inside the tensor and counting a sector per 32 bytes (or part)
 * of each run of its pixels outside that lie side by side (19 of 22
 * loads; 3 came to one or two more, tmasect.ncu-differs).
 */
static uint64_t
tload_sectors_il(const TMap *t, const int64_t *coord, const uint64_t *off)
{
	TRows r;
	uint64_t sec = 0, seen[16], run = 0, runend = 0;
	int nseen = 0, ingroup = 0, group = (int)(128 / (uint64_t)t->esize);

	interp_trows_start(&r, t, coord, off);
	for (uint64_t k = 0; k < r.rows; k++, interp_trows_next(&r, t)) {
		uint64_t ga;
		int rin = rowin(t, &r, &ga), in = rin && r.g[0] >= 0 && (uint64_t)r.g[0] < t->dim[0];
		if (t->form == TMAP_IM2COL) {
			if (ingroup == group) {   /* the next 128 bytes */
				sec += (run + 31) / 32;
				ingroup = nseen = 0;
				run = 0;
			}
			ingroup++;
			if (!in) {   /* a run outside, by its bytes */
				if (!run || ga != runend)
					sec += (run + 31) / 32, run = 0;
				run += (uint64_t)t->esize;
				runend = ga + (uint64_t)t->esize;
				continue;
			}
			sec += (run + 31) / 32;
			run = 0;
			for (uint64_t s = ga >> 5; s <= (ga + (uint64_t)t->esize - 1) >> 5; s++) {
				int i = 0;
				while (i < nseen && seen[i] != s)
					i++;
				if (i == nseen && nseen < 16) {
					seen[nseen++] = s;
					sec++;
				}
			}
			continue;
		}
		for (uint64_t j = 0; j < r.n0; j++, ga += t->estride[0] * (uint64_t)t->esize) {
			int64_t g0 = r.g[0] + (int64_t)j * t->estride[0];
			sec += rin && g0 >= 0 && (uint64_t)g0 < t->dim[0] ? sectors(ga, (uint64_t)t->esize) :
			    ((uint64_t)t->esize + 31) / 32;
		}
	}
	return sec + (run + 31) / 32;
}

static uint64_t
tload_sectors(const TMap *t, const int64_t *coord, const uint64_t *off)
{
	TRows r;
	uint64_t sec = 0, rowb;

	if (t->interleave && (t->form == TMAP_IM2COL || t->estride[0] > 1))
		return tload_sectors_il(t, coord, off);
	interp_trows_start(&r, t, coord, off);
	rowb = r.n0 * (uint64_t)t->esize;
	for (uint64_t k = 0; k < r.rows; k++, interp_trows_next(&r, t)) {
		uint64_t base;
		int in = rowin(t, &r, &base);
		base -= (uint64_t)r.g[0] * (uint64_t)t->esize;
		for (uint64_t k0 = 0; k0 < rowb; k0 += 128) {
			uint64_t k1 = k0 + 128 < rowb ? k0 + 128 : rowb;
			int64_t xa = r.g[0] + (int64_t)(k0 / (uint64_t)t->esize), xb = r.g[0] + (int64_t)(k1 / (uint64_t)t->esize);
			int64_t lo = xa > 0 ? xa : 0, hi = xb < (int64_t)t->dim[0] ? xb : (int64_t)t->dim[0];
			if (in && lo < hi) {
				/* the box starts on 16 bytes and so do the pieces: b stays inside */
				uint64_t a = base + (uint64_t)lo * (uint64_t)t->esize, b = base + (uint64_t)hi * (uint64_t)t->esize;
				b = (b + 15) / 16 * 16;
				sec += ((b - 1) >> 5) - (a >> 5) + 1;
				sec += ((k1 - k0) - (b - a) + 31) / 32;   /* the rest of the piece */
			} else
				sec += (k1 - k0 + 31) / 32;
		}
	}
	return sec;
}

/* The global bytes a tensor load of the box at coord reads, as runs of
 * contiguous host bytes, to asynccheck: the copy whose destinations are
 * its entries mark..end-1 reads them until a wait sees its phase
 * complete.  Elements outside the tensor read nothing; the bytes between
 * a box's rows are not read. */
static void
tsources(Launch *L, Warp *w, int lane, const XIns *xi, const TMap *t, const int64_t *coord, const uint64_t *off,
         size_t mark, size_t end)
{
	TRows r;
	uint8_t *run = NULL;
	uint64_t len = 0;

	if (mark == end)
		return;
	interp_trows_start(&r, t, coord, off);
	for (uint64_t k = 0; k < r.rows; k++, interp_trows_next(&r, t)) {
		uint64_t ga;
		int in = rowin(t, &r, &ga);
		for (uint64_t j = 0; in && j < r.n0; j++, ga += t->estride[0] * (uint64_t)t->esize) {
			int64_t g0 = r.g[0] + (int64_t)j * t->estride[0];
			uint8_t *pg;
			/* the copy itself translated each element, so none faults here */
			if (g0 < 0 || (uint64_t)g0 >= t->dim[0] ||
			    !(pg = interp_xlate(L, w, lane, MS_GLOBAL, ga, (unsigned)t->esize, 0, xi)))
				continue;
			if (run && pg == run + len)
				len += (uint64_t)t->esize;
			else {
				interp_chk_bulk_run(L, mark, end, run, len);
				run = pg;
				len = (uint64_t)t->esize;
			}
		}
	}
	interp_chk_bulk_run(L, mark, end, run, len);
}

/* The bytes from one row of the box to the next in shared memory: dense,
 * but a swizzled box's rows take whole spans (not an interleaved one's). */
static uint64_t
rowpitch(const TMap *t, uint64_t n0)
{
	uint64_t n = n0 * (uint64_t)t->esize, sp = 16u << t->swizzle;

	return t->swizzle && !t->interleave ? (n + sp - 1) / sp * sp : n;
}

/* An interleaved map as the tiled walk that an H200 makes of it (see the
 * top): its element is the interleave's unit of 16 or 32 bytes, which
 * dimension 0 counts, every element-stride-th one, and dimension rank-2
 * takes the copy's coordinate alone, whatever the box says. */
static void
interleaved(TMap *t)
{
	t->esize = 16 << (t->interleave - 1);
	t->stride[0] = (uint64_t)t->esize;
	t->box[t->rank - 2] = 1;
}

/* Whether an im2col copy's first pixel (coord) is outside the bounding
 * box, which the GPU stops the kernel over: then a fault. */
static int
firstpixel(Launch *L, Warp *w, int lane, const XIns *xi, const TMap *t, const int64_t *coord, const TRows *r)
{
	/* the spatial dimensions: 1..rank-2, an interleaved map's 0..rank-3 */
	for (int i = !t->interleave; i < t->rank - 1 - !!t->interleave; i++)
		if (coord[i] < r->lo[i] || coord[i] > r->hi[i]) {
			interp_fault(L, w, lane, xi, PTX_FAULT_ILLEGAL, 0, 0, "im2col %s: the first pixel is outside the "
			    "bounding box in dimension %d (%" PRId64 ", not %" PRId64 "..%" PRId64 "; an illegal instruction on "
			    "the GPU)", (xi->mod & 15) == BK_TPREFETCH ? "prefetch" : "copy", i, coord[i], r->lo[i], r->hi[i]);
			return -1;
		}
	return 0;
}

/* An im2col prefetch into L2 does nothing here, but that an H200 stopped
 * the kernel over one whose first pixel was outside the bounding box, as
 * for a load (tests/shim/tmaodd.c, through a plain and an interleaved
 * map); through a map of another form or rank it is left a hint. */
static int
tprefetch(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t v[][WARP])
{
	TMap t;
	TRows r;
	int64_t coord[5] = { 0, 0, 0, 0, 0 };
	uint64_t off[3];

	if (interp_tmap_read(L, w, lane, xi, v[S_MAP][lane] + v[S_MAP + 1][lane], &t))
		return XR_FAULT;
	if (t.form != TMAP_IM2COL || t.rank != xi->size)
		return XR_OK;
	if (t.interleave)
		interleaved(&t);
	for (int i = 0; i < t.rank; i++)
		coord[i] = (int32_t)v[S_COORD + i][lane];
	for (int i = 0; i < 3; i++)
		off[i] = v[S_OFFS + i][lane] & 0xffff;
	interp_trows_start(&r, &t, coord, off);
	return firstpixel(L, w, lane, xi, &t, coord, &r) ? XR_FAULT : XR_OK;
}

/* n loaded bytes, of elements of es bytes: tf32 maps round each */
static void
loadunit(uint8_t *ps, const uint8_t *pg, int n, int es, int tf32)
{
	memcpy(ps, pg, (size_t)n);
	for (int k = 0; tf32 && k < n; k += es) {
		uint32_t x;
		memcpy(&x, ps + k, 4);
		x = totf32(x);
		memcpy(ps + k, &x, 4);
	}
}

/* One tensor copy into or out of CTA c; cnt: count its global sectors
 * (a multicast's first target only). */
static int
tensor1(Launch *L, Warp *w, int lane, const XIns *xi, Cta *c, uint64_t sh, uint64_t v[][WARP], int cnt)
{
	int kind = xi->mod & 15, ty, es, form = xi->aux & BKF_IM2COL ? TMAP_IM2COL : TMAP_TILED;
	size_t mark;
	TMap t;
	TRows r;
	int64_t coord[5] = { 0, 0, 0, 0, 0 };
	uint64_t off[3], total, fill[4], pitch, span, nsec = 0, last = UINT64_MAX;
	int tf32, ftz, wcount = cnt && L->st && kind != BK_TLOAD;   /* stores count the sectors they write here */
	uint64_t end0;   /* a store's or reduction's end of dimension 0, in bytes */
	uint8_t *run = NULL;   /* asynccheck: the run of global bytes a store or reduction writes */
	uint64_t nrun = 0, rga = 0;   /* its bytes, its guest address */

	if (interp_tmap_read(L, w, lane, xi, v[S_MAP][lane] + v[S_MAP + 1][lane], &t))
		return XR_FAULT;
	/* an im2col load takes a wide map as an im2col one, whose corners
	 * but W's are 0 (an H200, tests/shim/tmaodd.c) */
	if (form == TMAP_IM2COL && t.form == TMAP_IM2COL_WIDE)
		t.form = TMAP_IM2COL;
	if (t.form != form) {
		/* a tiled load through an im2col map is an illegal instruction
		 * on an H200 (tests/shim/tmaodd.c); the others are not known */
		int ill = form == TMAP_TILED && t.form == TMAP_IM2COL;
		interp_fault(L, w, lane, xi, ill ? PTX_FAULT_ILLEGAL : PTX_FAULT_TRAP, 0, 0, "a%s copy through a tensor "
		    "map of the %s form%s", form == TMAP_IM2COL ? "n im2col" : " tiled", t.form == TMAP_TILED ? "tiled" :
		    t.form == TMAP_IM2COL ? "im2col" : "im2col wide", ill ? " (an illegal instruction on an H200)" : "");
		return XR_FAULT;
	}
	if (t.rank != xi->size) {
		interp_fault(L, w, lane, xi, PTX_FAULT_TRAP, 0, 0, "a %dd copy through a tensor map of rank %d", xi->size,
		    t.rank);
		return XR_FAULT;
	}
	for (int i = 0; form == TMAP_IM2COL && kind != BK_TLOAD && i < t.rank - 2; i++)
		if (t.lower[i] < 0 || t.upper[i] > 0) {
			interp_fault(L, w, lane, xi, PTX_FAULT_ILLEGAL, 0, 0, "tensor %s in im2col_no_offs mode through a "
			    "map whose bounding box pads the tensor (corners %d and %d of spatial dimension %d; an illegal "
			    "instruction on an H200)", kind == BK_TSTORE ? "store" : "reduction", t.lower[i], t.upper[i], i);
			return XR_FAULT;
		}
	if (kind == BK_TRED && !redtype(xi->mod >> 4, t.elemtype)) {
		interp_fault(L, w, lane, xi, PTX_FAULT_ILLEGAL, 0, 0, "tensor reduction .%s through a tensor map of "
		    "element type %d, which it does not take (an illegal instruction on the GPU)",
		    ir_modinfo[xi->mod >> 4].name, t.elemtype);
		return XR_FAULT;
	}
	if (sh & 127) {
		interp_fault(L, w, lane, xi, PTX_FAULT_MISALIGNED, sh, 128,
		    "tensor copy: the shared address 0x%" PRIx64 " is not 128-byte aligned", sh);
		return XR_FAULT;
	}
	es = t.esize;
	if (t.interleave)   /* the walk's element is the interleave's unit */
		interleaved(&t);
	else
		t.estride[0] = 1;   /* dimension 0 ignores its element stride */
	for (int i = 0; i < 4; i++)
		fill[i] = t.fill ? 0x7ff77ff77ff77ff7ull : 0;
	for (int i = 0; i < t.rank; i++)
		coord[i] = (int32_t)v[S_COORD + i][lane];
	for (int i = 0; i < 3; i++)
		off[i] = form == TMAP_IM2COL && kind == BK_TLOAD ? v[S_OFFS + i][lane] & 0xffff : 0;
	interp_trows_start(&r, &t, coord, off);
	total = r.rows * r.n0 * (uint64_t)t.esize;
	pitch = rowpitch(&t, r.n0);
	span = r.rows * pitch;
	if (coord[0] * t.esize % 16) {
		interp_fault(L, w, lane, xi, PTX_FAULT_ILLEGAL, 0, 0, "tensor copy: the box starts %" PRId64 " bytes into "
		    "dimension 0, not on a 16-byte boundary (an illegal instruction on the GPU)", coord[0] * t.esize);
		return XR_FAULT;
	}
	if (form == TMAP_IM2COL && firstpixel(L, w, lane, xi, &t, coord, &r))
		return XR_FAULT;
	for (int i = 0; kind != BK_TLOAD && i < t.rank; i++)
		if (coord[i] < 0) {
			interp_fault(L, w, lane, xi, PTX_FAULT_ILLEGAL, 0, 0, "tensor %s: the box starts before the tensor "
			    "in dimension %d (at %" PRId64 "; an illegal instruction on the GPU)",
			    kind == BK_TSTORE ? "store" : "reduction", i, coord[i]);
			return XR_FAULT;
		}
	if (sh < SMEM_RSV || sh > c->nshared || span > c->nshared - sh) {
		interp_fault(L, w, lane, xi, PTX_FAULT_OOB, sh, (unsigned)total, "tensor copy of a %" PRIu64
		    "-byte box at shared 0x%" PRIx64 " is outside the CTA's shared memory", total, sh);
		return XR_FAULT;
	}
	if (kind != BK_TLOAD && (L->chk & PTX_CHECK_ASYNCCHECK))   /* the async proxy reads the box */
		interp_chk_proxy_read(L, w, lane, xi, sh, span);
	ty = tmaptype(t.elemtype);
	tf32 = t.elemtype == PTX_TMAP_TF32 || t.elemtype == PTX_TMAP_TF32_FTZ;
	ftz = t.elemtype == PTX_TMAP_F32_FTZ || t.elemtype == PTX_TMAP_TF32_FTZ;
	/* stores and reductions write the last 16 bytes of a row whole, the
	 * elements past the end of dimension 0 in them too (an H200) */
	end0 = kind == BK_TLOAD ? t.dim[0] * (uint64_t)t.esize : (t.dim[0] * (uint64_t)t.esize + 15) / 16 * 16;
	for (uint64_t row = 0; row < r.rows; row++, interp_trows_next(&r, &t)) {
		uint64_t ga;
		int rin = rowin(&t, &r, &ga);
		last = UINT64_MAX;
		for (uint64_t j = 0; j < r.n0; j++, ga += t.estride[0] * (uint64_t)t.esize) {
			/* the element in shared memory: a 32-byte unit of an
			 * interleaved map in two pieces of 16, each swizzled */
			uint64_t s0 = sh + row * pitch + j * (uint64_t)t.esize, np = t.esize < 16 ? (uint64_t)t.esize : 16;
			int64_t g0 = r.g[0] + (int64_t)j * t.estride[0];
			int in = rin && g0 >= 0 && (uint64_t)g0 * (uint64_t)t.esize < end0;
			uint8_t *pg = NULL;
			/* past the end, and no allocation there: the GPU's padding */
			if (in && (uint64_t)g0 >= t.dim[0] && !interp_mem_find(L->cx, ga, (uint64_t)t.esize))
				in = 0;
			for (uint64_t q = 0; q < (uint64_t)t.esize; q += np) {
				uint64_t s = swizzle(s0 + q, t.swizzle);
				if (s < SMEM_RSV || s + np > c->nshared) {
					interp_fault(L, w, lane, xi, PTX_FAULT_OOB, s, (unsigned)np, "tensor copy: the swizzled "
					    "shared address 0x%" PRIx64 " is outside the CTA's shared memory", s);
					return XR_FAULT;
				}
			}
			if (in && !(pg = interp_xlate(L, w, lane, MS_GLOBAL, ga, (unsigned)t.esize, kind != BK_TLOAD, xi)))
				return XR_FAULT;
			if (in && kind != BK_TLOAD && (L->chk & CHK_COPIES)) {
				/* the global bytes written, in runs: until the bulk group's wait */
				if (run && pg == run + nrun)
					nrun += (uint64_t)t.esize;
				else {
					if (run)
						interp_chk_bulk_dst(L, w, (uint32_t)lane, xi, run, nrun, rga);
					run = pg;
					rga = ga;
					nrun = (uint64_t)t.esize;
				}
			}
			if (wcount && in && ((ga + (uint64_t)t.esize - 1) >> 5) != last) {   /* the row's next sector */
				nsec += sectors(ga, (uint64_t)t.esize) - ((ga >> 5) == last);
				last = (ga + (uint64_t)t.esize - 1) >> 5;
			}
			for (uint64_t q = 0; q < (uint64_t)t.esize; q += np) {
				uint8_t *ps = c->shared + swizzle(s0 + q, t.swizzle);
				if (kind == BK_TLOAD)
					loadunit(ps, in ? pg + q : (const uint8_t *)fill + q, (int)np, es, in && tf32);
				else if (in && kind == BK_TSTORE)
					memcpy(pg + q, ps, (size_t)np);
				else if (in)
					reduce(xi, ty, pg + q, ps, np, ftz);
			}
		}
	}
	if (cnt && L->st)   /* loads by their own rule (tload_sectors) */
		bcount(L, xi, kind == BK_TLOAD ? PTX_MC_BULK_LD : kind == BK_TSTORE ? PTX_MC_BULK_ST : PTX_MC_BULK_RED,
		    kind == BK_TLOAD ? tload_sectors(&t, coord, off) : nsec);
	if (kind != BK_TLOAD) {
		if (run)
			interp_chk_bulk_dst(L, w, (uint32_t)lane, xi, run, nrun, rga);
		if (L->chk & PTX_CHECK_ASYNCCHECK)   /* the box is read until its bulk group's wait */
			interp_chk_bulk_group(L, w, (uint32_t)lane, xi, c->shared + sh, span);
		return XR_OK;
	}
	mark = interp_chk_bulk_mark(L);
	if (copytx(L, w, lane, xi, c, v[S_TMBAR][lane] + v[S_TMBAR + 1][lane], total, c->shared + sh, span))
		return XR_FAULT;
	if (L->chk & PTX_CHECK_ASYNCCHECK)   /* the box is read until a wait sees the phase */
		tsources(L, w, lane, xi, &t, coord, off, mark, interp_chk_bulk_mark(L));
	return XR_OK;
}

static int
tensor(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t sh, uint64_t v[][WARP])
{
	Cta *tg[MAX_CLUSTER];
	int nt;
	uint64_t off;

	if ((xi->mod & 15) != BK_TLOAD) {   /* from the CTA's own shared memory */
		if (((sh >> 24) != w->cta->rank && (sh >> 24) != 0)) {
			interp_fault(L, w, lane, xi, PTX_FAULT_OOB, sh, 0, "tensor copy: the shared address 0x%" PRIx64
			    " is outside the CTA's shared memory", sh);
			return XR_FAULT;
		}
		return tensor1(L, w, lane, xi, w->cta, sh & 0xffffff, v, 1);
	}
	if (targets(L, w, lane, xi, sh, v[S_TMASK][lane], tg, &nt, &off))
		return XR_FAULT;
	for (int i = 0; i < nt; i++)
		if (tensor1(L, w, lane, xi, tg[i], off, v, i == 0) != XR_OK)
			return XR_FAULT;
	return XR_OK;
}

/* Whether a checked launch's initcheck follows xi's writes (plain bulk
 * copies give their bytes the state of what they read, and a prefetch
 * writes nothing; reductions and the tensor copies are not followed). */
int
interp_bulk_shadowed(const XIns *xi)
{
	return xi->x == X_BULK && xi->in && ((xi->in->op == OP_CP_ASYNC_BULK && (xi->mod & 15) == BK_COPY) ||
	    (xi->mod & 15) == BK_TPREFETCH);
}

int
interp_bulk_reads_shared(const XIns *xi)
{
	int k = xi->mod & 15;

	return xi->x == X_BULK && xi->in && (xi->in->op == OP_CP_ASYNC_BULK || xi->in->op == OP_CP_REDUCE_ASYNC_BULK ||
	    xi->in->op == OP_CP_ASYNC_BULK_TENSOR || xi->in->op == OP_CP_REDUCE_ASYNC_BULK_TENSOR) &&
	    ((k == BK_COPY || k == BK_RED) ? (xi->aux & 15) == MS_SHARED : k != BK_TLOAD);
}

int
interp_bulk(Launch *L, Warp *w, const XIns *xi, uint32_t m, const uint64_t *ad, uint64_t v[][WARP])
{
	/* each lane that executes the instruction issues its own copy */
	FOR_LANES(m, l) {
		int k = xi->mod & 15, rc = k == BK_COPY || k == BK_RED ? copy(L, w, (int)l, xi, ad[l], v) :
		    k == BK_TPREFETCH ? tprefetch(L, w, (int)l, xi, v) : tensor(L, w, (int)l, xi, ad[l], v);
		if (rc != XR_OK)
			return rc;
	}
	return XR_OK;
}

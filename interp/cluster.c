/*
 * cluster.c -- what the CTAs of a thread-block cluster share: the cluster
 * barrier (barrier.cluster.arrive/wait), distributed shared memory (mapa,
 * getctarank, shared::cluster addresses) and the asynchronous remote
 * stores st.async and red.async.
 *
 * Addresses, as an H100 showed them (a cluster of 4; base the generic
 * shared window, which the driver places anew in each process):
 *   - CTA rank r's shared memory is [r << 24, r << 24 + size) in
 *     shared::cta and shared::cluster alike: `mov.u32 %r, var` and
 *     cvta.to.shared give r << 24 + offset in rank r (0 outside clusters);
 *   - mapa.shared::cluster a, r gives r << 24 | (a & 0xffffff), getctarank
 *     a >> 24;
 *   - the generic address of shared::cluster address a is base + a: cvta
 *     (shared::cta or ::cluster) adds the base, cvta.to subtracts it, and
 *     mapa.u64 / getctarank.u64 work on the same bits above the base;
 *   - isspacep.shared::cluster holds in the whole window,
 *     isspacep.shared(::cta) only in the executing CTA's 16 MiB of it;
 *   - a shared::cta access outside the CTA's own range faults (the H100
 *     stopped the kernel).  The interpreter also takes an offset without
 *     the rank bits there, as a descriptor or tensor map gives it.
 * Here the base is SHARED_WIN.  A rank outside the cluster or an offset
 * past the target CTA's shared memory is a fault like any bad access.
 *
 * The barrier: a phase completes when every thread of the cluster that
 * has not exited has arrived (the H100 let a cluster through whose other
 * CTA had exited, whole or in part).  It counts warps: the first arrive
 * of a warp stands for all its live lanes, and another from the same
 * phase is reported (the H100 hung on lanes of a warp arriving from two
 * branches, even through the non-.aligned form).  A wait returns once the phase of
 * the thread's last arrive has completed; with no arrive since its last
 * wait it returns at once.  .aligned and the memory orders change nothing
 * here: every store is visible as soon as it is made.
 *
 * st.async / red.async store (or combine) at once and complete_tx their
 * bytes on the mbarrier they name, which lies in the same CTA as the data.
 *
 * Not modelled: what an H100 did with 64-bit atom/red min and max on
 * another CTA's shared memory (ptxas makes them ATOM.E.64 with an
 * ATOMS.CAST.SPIN.64 fallback, and the other CTAs' updates were lost:
 * tests/run/cluster_atom64.pending); they are done as the PTX ISA says.
 * Instructions of the shared::cluster space are not in the memory
 * counters (generic accesses count as shared, as before).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "interp.h"

#define FOR_LANES(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

/* XIns.mod of X_CLU */
enum { CL_MAPA, CL_RANK, CL_ARRIVE, CL_WAIT, CL_STASYNC, CL_REDASYNC };
enum { RANK_SHIFT = 24, OFF_MASK = (1 << RANK_SHIFT) - 1 };

/* ---------------------------------------------------------------- decoding */

static int
atomop(const Ins *in)
{
	static const int ops[] = { MOD_ADD, MOD_MIN, MOD_MAX, MOD_INC, MOD_DEC, MOD_AND, MOD_OR, MOD_XOR };
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (ir_hasmod(in, ops[i]))
			return ops[i];
	return 0;
}

int
interp_clu_decode(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	XOp s[XNS];
	int n = 0, ty = in->ty[0];

	xi->x = X_CLU;
	memset(s, 0, sizeof s);
	switch (in->op) {
	case OP_MAPA: case OP_GETCTARANK:
		xi->mod = in->op == OP_MAPA ? CL_MAPA : CL_RANK;
		xi->space = ir_hasmod(in, MOD_SHARED_CLUSTER) ? MS_CLUSTER : MS_GENERIC;
		if (in->nopnd != (in->op == OP_MAPA ? 3 : 2) || interp_decode_ops(pm, &in->opnd[0], 1, ty, xi->d, 1) != 1)
			return -1;
		xi->nd = 1;
		for (int k = 1; k < in->nopnd; k++)
			if (interp_decode_op(pm, &in->opnd[k], k == 1 ? ty : TY_U32, &s[n++]))
				return -1;
		break;
	case OP_BARRIER_CLUSTER_ARRIVE: case OP_BARRIER_CLUSTER_WAIT:
		xi->mod = in->op == OP_BARRIER_CLUSTER_ARRIVE ? CL_ARRIVE : CL_WAIT;
		return 0;
	case OP_ST_ASYNC: case OP_RED_ASYNC: {
		/* [a], b, [mbar]: the shared::cluster forms */
		XIns t;
		int vec = in->vec > 1 ? in->vec : 1;
		if (!ir_hasmod(in, MOD_SHARED_CLUSTER) || !ir_hasmod(in, MOD_MBAR_COMPLETE_TX) || in->nopnd != 3)
			return -1;
		xi->mod = in->op == OP_ST_ASYNC ? CL_STASYNC : CL_REDASYNC;
		for (int k = 0; k < in->nty; k++)
			ty = in->ty[k];
		xi->ty = (uint8_t)ty;
		xi->size = (uint8_t)(ir_tyinfo[ty].bits / 8);
		if (in->op == OP_RED_ASYNC && !(xi->aux = atomop(in)))
			return -1;
		if (interp_decode_addr(pm, x, &in->opnd[0], SP_SHARED, xi) || xi->abase.k == XO_LOCAL)
			return -1;
		xi->space = MS_CLUSTER;
		if ((n = interp_decode_ops(pm, &in->opnd[1], 1, ty, s, 4)) != vec)
			return -1;
		memset(&t, 0, sizeof t);
		if (interp_decode_addr(pm, x, &in->opnd[2], SP_SHARED, &t) || t.abase.k == XO_LOCAL)
			return -1;
		s[n++] = t.abase;
		s[n++] = t.shsym ? (XOp){ .k = XO_SREG, .sreg = t.shsym == 2 ? SR_SHDYN : SR_SHSYM, .imm = (uint64_t)t.aoff } :
		    (XOp){ .k = XO_IMM, .imm = (uint64_t)t.aoff };
		break;
	}
	default:
		return -1;
	}
	xi->s = interp_alloc(pm->cx, (size_t)(n ? n : 1) * sizeof *xi->s);
	if (!xi->s)
		return -1;
	memcpy(xi->s, s, (size_t)n * sizeof *s);
	xi->ns = (uint8_t)n;
	return 0;
}

/* ---------------------------------------------------------------- addresses */

Cta *
interp_clu_cta(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t a, unsigned size, int write, uint32_t *off)
{
	Clu *k = w->cta->clu;
	uint64_t r = a >> RANK_SHIFT;
	Cta *c;

	if (r >= (uint64_t)k->n) {
		interp_fault(L, w, lane, xi, PTX_FAULT_OOB, a, size,
		    "shared::cluster %s of %u bytes at 0x%" PRIx64 " names CTA rank %" PRIu64 ", outside the cluster of %d CTAs",
		    write ? "store" : "load", size, a, r, k->n);
		return NULL;
	}
	c = k->cta[r];
	*off = (uint32_t)(a & OFF_MASK);
	if (*off < SMEM_RSV || *off > c->nshared || size > c->nshared - *off) {
		interp_fault(L, w, lane, xi, PTX_FAULT_OOB, a, size,
		    "shared::cluster %s of %u bytes at 0x%" PRIx64 " is outside the shared memory of CTA rank %" PRIu64
		    " (%u bytes)", write ? "store" : "load", size, a, r, c->nshared);
		return NULL;
	}
	/* its memory stays here until the cluster ends, but a CTA's shared
	 * memory lives only as long as the CTA (memcheck says so) */
	if ((L->chk & PTX_CHECK_MEMCHECK) && c->nw > 0 && c->ndone == c->nw && c != w->cta)
		interp_chk_dsmem_exited(L, w, lane, xi, a, size, write, c);
	return c;
}

/* ---------------------------------------------------------------- the barrier */

void
interp_clu_check(Launch *L, Clu *k)
{
	(void)L;
	for (int i = 0; i < k->n; i++) {
		const Cta *c = k->cta[i];
		for (int j = 0; j < c->nw; j++)
			if (c->w[j].live & ~c->w[j].carr)
				return;   /* a thread has yet to arrive */
	}
	for (int i = 0; i < k->n; i++) {
		Cta *c = k->cta[i];
		for (int j = 0; j < c->nw; j++) {
			Warp *w = &c->w[j];
			w->cdone |= w->carr;
			w->carr = 0;
			if (w->blocked == BLOCKED_CLUSTER) {
				w->cdone &= ~w->bmask;   /* their wait is over */
				w->blocked = 0;
				w->bmask = 0;
			}
		}
		c->events++;
		c->chkbar = interp_chk_syncs(c);
	}
	k->open = 0;
	k->phases++;
}

void
interp_clu_describe(const Clu *k, char *buf, size_t n)
{
	uint32_t arrived = 0, live = 0;

	for (int i = 0; i < k->n; i++)
		for (int j = 0; j < k->cta[i]->nw; j++) {
			const Warp *w = &k->cta[i]->w[j];
			arrived += (uint32_t)__builtin_popcount(w->carr & w->live);
			live += (uint32_t)__builtin_popcount(w->live);
		}
	snprintf(buf, n, "%u of %u live threads of the cluster arrived", arrived, live);
}

/* ---------------------------------------------------------------- execution */

/* st.async / red.async of lane l: the data, then complete_tx on the mbarrier. */
static int
async1(Launch *L, Warp *w, int l, const XIns *xi, uint64_t a, uint64_t v[][WARP])
{
	int nv = xi->ns - 2;
	unsigned sz = xi->size, tot = sz * (unsigned)nv;
	uint32_t off;
	Cta *c = interp_clu_cta(L, w, l, xi, a, tot, 1, &off);
	uint64_t mb = v[nv][l] + v[nv + 1][l];

	if (!c)
		return XR_FAULT;
	if (a & (tot - 1)) {
		interp_fault(L, w, l, xi, PTX_FAULT_MISALIGNED, a, tot, "shared::cluster store of %u bytes at 0x%" PRIx64
		    " is not %u-byte aligned", tot, a, tot);
		return XR_FAULT;
	}
	if ((mb >> RANK_SHIFT) != (a >> RANK_SHIFT)) {
		interp_fault(L, w, l, xi, PTX_FAULT_OOB, mb, 8, "the mbarrier at 0x%" PRIx64 " is not in the CTA of the "
		    "data (0x%" PRIx64 ")", mb, a);
		return XR_FAULT;
	}
	for (int k = 0; k < nv; k++) {
		uint8_t *p = c->shared + off + (unsigned)k * sz;
		uint64_t old = 0, nw = v[k][l];
		if (xi->mod == CL_REDASYNC) {
			memcpy(&old, p, sz);
			nw = alu_atomic(xi->aux, xi->ty, old, v[k][l], 0, 0);
		}
		memcpy(p, &nw, sz);
	}
	return interp_mbar_tx(L, w, l, xi, mb, tot, c->shared + off, tot) ? XR_FAULT : XR_OK;
}

int
interp_clu(Launch *L, Warp *w, const XIns *xi, uint32_t m, const uint64_t *ad, uint64_t v[][WARP], uint64_t *d)
{
	Cta *c = w->cta;
	Clu *k = c->clu;

	switch (xi->mod) {
	case CL_MAPA:
		FOR_LANES(m, l) {
			uint64_t a = v[0][l], r = v[1][l] & 0xffffffffu;
			if (xi->space == MS_CLUSTER)
				d[l] = (a & OFF_MASK) | r << RANK_SHIFT;
			else
				d[l] = SHARED_WIN + (((a - SHARED_WIN) & OFF_MASK) | r << RANK_SHIFT);
		}
		return XR_OK;
	case CL_RANK:
		FOR_LANES(m, l)
			d[l] = ((xi->space == MS_CLUSTER ? v[0][l] : v[0][l] - SHARED_WIN) >> RANK_SHIFT) & 0xffffffffu;
		return XR_OK;
	case CL_ARRIVE:
		if (m & w->carr) {
			interp_fault(L, w, __builtin_ctz(m & w->carr), xi, PTX_FAULT_TRAP, 0, 0,
			    "barrier.cluster.arrive again before a wait");
			return XR_FAULT;
		}
		/* the barrier counts warps: an arrive stands for every live lane
		 * of its warp (on the H100 the lanes of one warp arriving from
		 * two branches hung the cluster) */
		w->carr |= w->live;
		w->cdone &= ~w->live;
		k->open = 1;
		for (int i = 0; i < k->n; i++) {
			k->cta[i]->events++;
			k->cta[i]->chkbar = interp_chk_syncs(k->cta[i]);
		}
		interp_clu_check(L, k);
		return XR_OK;
	case CL_WAIT: {
		uint32_t wait = m & w->carr;   /* their phase is still open */
		w->cdone &= ~m;
		if (!wait)
			return XR_OK;
		w->blocked = BLOCKED_CLUSTER;
		w->bmask = wait;
		return XR_PAUSE;
	}
	case CL_STASYNC: case CL_REDASYNC:
		FOR_LANES(m, l)
			if (async1(L, w, (int)l, xi, ad[l], v) != XR_OK)
				return XR_FAULT;
		return XR_OK;
	}
	(void)d;
	return XR_FAULT;
}

/*
 * exec_opnd.h -- part of exec.c (exec.h): operands.  The value of an operand
 * in one lane (val, sreg for the special registers), of a source in every
 * lane as one plane (plane, fastsrc), and the warp-wide instructions built
 * on them: the ALU handlers of exec_fast.c (fast), cvta and mov.
 */
#include "exec.h"

static uint64_t
sreg(const Launch *L, const Warp *w, const XOp *o, uint32_t lane)
{
	unsigned t[3];
	const Cta *c = w->cta;

	switch (o->sreg) {
	case SR_TID: interp_threadof(L, w, (int)lane, t); return t[o->comp];
	case SR_NTID: return L->block[o->comp];
	case SR_LANEID: return lane;
	case SR_WARPID: return (uint64_t)w->id;
	case SR_NWARPID: return 64;
	case SR_CTAID: return c->id[o->comp];
	case SR_CLUSTERID: return c->clu->id[o->comp];
	case SR_NCTAID: return L->grid[o->comp];
	case SR_NCLUSTERID: return L->grid[o->comp] / L->cluster[o->comp];
	case SR_SMID: return c->linear % 132;
	case SR_NSMID: return 132;
	case SR_GRIDID: return 1;
	case SR_CLUSTER_CTAID: return c->id[o->comp] % L->cluster[o->comp];
	case SR_CLUSTER_NCTAID: return L->cluster[o->comp];
	case SR_CLUSTER_CTARANK: return c->rank;
	case SR_CLUSTER_NCTARANK: return L->ncl;
	case SR_IS_EXPLICIT_CLUSTER: return (uint64_t)L->explicit_cl;
	case SR_SHSYM: return c->shbase + o->imm;
	case SR_SHDYN: return c->shbase + o->imm + (uint64_t)L->k->shdyn;
	case SR_LANEMASK_EQ: return 1u << lane;
	case SR_LANEMASK_LE: return lane == 31 ? 0xffffffffu : (2u << lane) - 1;
	case SR_LANEMASK_LT: return (1u << lane) - 1;
	case SR_LANEMASK_GE: return ~((1u << lane) - 1) & 0xffffffffu;
	case SR_LANEMASK_GT: return lane == 31 ? 0 : ~((2u << lane) - 1) & 0xffffffffu;
	case SR_CLOCK: return (uint32_t)L->wsteps;
	case SR_CLOCK_HI: return (uint32_t)(L->wsteps >> 32);
	case SR_CLOCK64: return L->wsteps;
	case SR_GLOBALTIMER: return L->wsteps * 32;
	case SR_GLOBALTIMER_LO: return (uint32_t)(L->wsteps * 32);
	case SR_GLOBALTIMER_HI: return (uint32_t)((L->wsteps * 32) >> 32);
	/* the H100: the CTA's shared memory in 128-byte units, and with the 1 KiB
	 * the system reserves (measured with static and dynamic sizes) */
	case SR_TOTAL_SMEM: return (c->nshared - SMEM_RSV + 127) & ~(uint64_t)127;
	/* the bytes asked for, not nshared: that is rounded up to the unit */
	case SR_AGGR_SMEM: return SMEM_RSV + (uint64_t)L->k->shstatic + L->dyn;
	case SR_DYNAMIC_SMEM: return L->dyn;
	/* the system's KiB (SMEM_RSV) and the part of it in use, as an H100
	 * reads them (tests/run/smem_rsv) */
	case SR_RSV_BEGIN: return 0;
	case SR_RSV_END: return 288;
	case SR_RSV_CAP: return SMEM_RSV;
	case SR_WARP_SZ: return WARP;
	case SR_ENVREG1: return (uint32_t)(L->gridws >> 32);
	case SR_ENVREG2: return (uint32_t)L->gridws;
	/* what an H200 (driver 580.159) gave in every launch, plain,
	 * cooperative, cluster, of a runtime program and of the driver API,
	 * in two processes (tests/regress/envreg.sh): %envreg0 a constant of
	 * the driver's, %envreg6 1, %envreg10 the system's shared memory in use
	 * (SR_RSV_END's 288); the other %envreg (3 to 31 but these) read 0
	 * there, as a register opnd.c gives no index (255) reads here */
	case SR_ENVREG0: return 0x038432c8u;
	case SR_ENVREG6: return 1;
	case SR_ENVREG10: return 288;
	}
	return 0;
}

static inline uint64_t
val(const Launch *L, const Warp *w, const uint64_t *r, const XOp *o, uint32_t lane)
{
	switch (o->k) {
	case XO_REG: return r[(size_t)o->r * WARP + lane];
	case XO_IMM: return o->imm;
	case XO_NOT: return !(r[(size_t)o->r * WARP + lane] & 1);
	case XO_LOCAL: return w->cf[w->ncf - 1].lbase + o->imm;
	case XO_SREG: return sreg(L, w, o, lane);
	}
	return 0;
}

#ifndef INTERP_CHECK
uint64_t
interp_opval(Launch *L, Warp *w, const XOp *o, uint32_t lane)
{
	return val(L, w, w->cf[w->ncf - 1].r, o, lane);
}
#endif

/* Fills out[] with component comp of every lane's %tid: one division for
 * the warp, then counting. */
static void
tids(const Launch *L, const Warp *w, int comp, uint64_t *out)
{
	unsigned t[3];

	interp_threadof(L, w, 0, t);
	if (t[0] + WARP <= L->block[0]) {   /* the warp within one row: x counts, y and z stay */
		if (comp == 0)
			interp_iota(out, t[0]);
		else
			interp_bcast(out, t[comp]);
		return;
	}
	for (uint32_t l = 0; l < WARP; l++) {
		out[l] = t[comp];
		if (++t[0] == L->block[0]) {
			t[0] = 0;
			if (++t[1] == L->block[1])
				t[1] = 0, t[2]++;
		}
	}
}

/* Source operand o of every lane as one plane: a register's own, else tmp,
 * filled once for the warp instruction (a value the same in every lane is
 * computed once and broadcast). */
static const uint64_t *
plane(const Launch *L, const Warp *w, const uint64_t *r, const XOp *o, uint64_t *tmp)
{
	uint64_t v;

	switch (o->k) {
	case XO_REG:
		return r + (size_t)o->r * WARP;
	case XO_NOT:
		for (uint32_t l = 0; l < WARP; l++)
			tmp[l] = !(r[(size_t)o->r * WARP + l] & 1);
		return tmp;
	case XO_SREG:
		if (o->sreg == SR_TID) {
			tids(L, w, o->comp, tmp);
			return tmp;
		}
		if (o->sreg == SR_LANEID || (o->sreg >= SR_LANEMASK_EQ && o->sreg <= SR_LANEMASK_GT)) {
			for (uint32_t l = 0; l < WARP; l++)
				tmp[l] = sreg(L, w, o, l);
			return tmp;
		}
		v = sreg(L, w, o, 0);
		break;
	default:
		v = val(L, w, r, o, 0);
		break;
	}
	interp_bcast(tmp, v);
	return tmp;
}

/* Source k of a warp-wide instruction: a register's plane, the load-time
 * broadcast of an immediate, else plane() fills tmp. */
static inline const uint64_t *
fastsrc(const Launch *L, const Warp *w, const uint64_t *r, const XIns *xi, int k, uint64_t *tmp)
{
	const XOp *o = &xi->s[k];

	if (o->k == XO_REG)
		return r + (size_t)o->r * WARP;
	if (o->k == XO_IMM && xi->bc)
		return xi->bc + (size_t)o->r * WARP;
	return plane(L, w, r, o, tmp);
}

/* Runs the warp-wide handler fn (exec_fast.c) for the lanes of m. */
static HOT_INLINE void
fast(const Launch *L, const Warp *w, uint64_t *r, const XIns *xi, uint32_t m, FastFn *fn)
{
	uint64_t tmp[4][WARP];
	FastArgs x = { 0 };

	if (xi->ns > 0)
		x.a = fastsrc(L, w, r, xi, 0, tmp[0]);
	if (xi->ns > 1) {
		x.b = fastsrc(L, w, r, xi, 1, tmp[1]);
		x.k = xi->s[1].imm;
	}
	if (xi->ns > 2)
		x.c = fastsrc(L, w, r, xi, 2, tmp[2]);
	x.d = xi->d[0].k == XO_REG ? r + (size_t)xi->d[0].r * WARP : tmp[3];
	if (xi->nd > 1)
		x.d2 = xi->d[1].k == XO_REG ? r + (size_t)xi->d[1].r * WARP : tmp[3];
	x.m = m;
	x.op = &xi->alu;
	fn(&x);
}

/* The generic window of a state space (cvta). */
static inline uint64_t
winof(int space)
{
	return space == MS_SHARED ? SHARED_WIN : space == MS_LOCAL ? LOCAL_WIN : space == MS_KPARAM ? PARAM_WIN : 0;
}

/* cvta and cvta.to, warp-wide: the source plus its space's window, or
 * minus it. */
static HOT_INLINE void
cvta(const Launch *L, const Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	uint64_t tmp[WARP], *d, add = xi->x == X_CVTA ? winof(xi->space) : 0 - winof(xi->space);
	const uint64_t *s = fastsrc(L, w, r, xi, 0, tmp);

	if (xi->d[0].k != XO_REG)
		return;
	d = r + (size_t)xi->d[0].r * WARP;
	interp_addk(d, s, add, m);
}

/* mov: a special register of a full warp is filled in place. */
static HOT_INLINE void
mov(const Launch *L, const Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	if (m == 0xffffffffu && xi->s[0].k == XO_SREG && xi->d[0].k == XO_REG)
		plane(L, w, r, &xi->s[0], r + (size_t)xi->d[0].r * WARP);
	else
		fast(L, w, r, xi, m, interp_fast_mov);
}

/*
 * exec.c -- run one warp: fetch the top SIMT entry's instruction, execute it
 * for the lanes of its mask, and keep the SIMT stack and call frames.
 *
 * The dispatch is a switch, or computed goto (GCC/Clang) through the same
 * DISPATCH/CASE/NEXT macros when -DINTERP_COMPUTED_GOTO is defined, which
 * configure does unless --disable-computed-goto.
 * Cases are short: per-lane loops (FOR_LANES walks the active mask) and
 * calls to the memory, divergence and collective helpers below, which do
 * the bookkeeping and hand faults to interp_fault (fault.c).  Nothing on
 * the normal path allocates or formats text; a fault report does both,
 * once.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <string.h>
#include "interp.h"

/* exec_check.c includes this file again with INTERP_CHECK defined: the
 * same executor as interp_run_check, with the dynamic checks' hooks
 * (check*.c) and without the shortcuts that skip them (plainrun, the
 * shared prologue, the warp-wide memory accesses).  The functions other
 * files call are compiled once, in the unchecked copy. */
#ifdef INTERP_CHECK
#define interp_run interp_run_check
#define CHECKED 1
#else
#define CHECKED 0
#endif

/* In the checked copy, initcheck's memory shadow: INITMEM(L) says whether
 * it is followed, UNPOISON marks host bytes written. */
#ifdef INTERP_CHECK
#define MEMCHK(L) ((L)->chk & PTX_CHECK_MEMCHECK)
#define RACECHK(L) ((L)->chk & PTX_CHECK_RACECHECK)
#define INITMEM(L) (((L)->chk & PTX_CHECK_INITCHECK) && !(L)->chkmemoff)
#define ASYNCCHK(L) ((L)->chk & PTX_CHECK_ASYNCCHECK)
#define UNPOISON(L, p, n) do { if (INITMEM(L)) interp_chk_unpoison((L)->cx, (p), (n)); } while (0)
#else
#define MEMCHK(L) 0
#define RACECHK(L) 0
#define INITMEM(L) 0
#define ASYNCCHK(L) 0
#define UNPOISON(L, p, n) ((void)0)
#endif

#define FOR_LANES(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

/* The number of lanes in m, without the library call that
 * __builtin_popcount becomes when the target has no popcount instruction. */
static inline uint32_t
popc(uint32_t m)
{
	if (m == 0xffffffffu)
		return WARP;
	m = m - ((m >> 1) & 0x55555555u);
	m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
	m = (m + (m >> 4)) & 0x0f0f0f0fu;
	return (m * 0x01010101u) >> 24;
}

/* ---------------------------------------------------------------- memory */

#ifndef INTERP_CHECK
static const char *const spacename[] = { "global", "shared", "local", "param", "generic", "shared::cluster" };
#endif

/* The live global allocation holding [a, a + size), or NULL: the last two
 * hit first (a kernel reads one array and writes another), then a search. */
static Alloc *
globalmiss(Launch *L, uint64_t a, unsigned size)
{
	Alloc *al;

	if (!interp_mem_holds(al = L->last2, a, size) && !(al = interp_mem_find(L->cx, a, size)))
		return NULL;
	L->last2 = L->last;
	L->last = al;
	return al;
}

static inline Alloc *
globalloc(Launch *L, uint64_t a, unsigned size)
{
	return interp_mem_holds(L->last, a, size) ? L->last : globalmiss(L, a, size);
}

#ifndef INTERP_CHECK
uint8_t *
interp_xlate(Launch *L, Warp *w, int lane, int space, uint64_t a, unsigned size, int write,
             const XIns *xi)
{
	uint64_t lim;
	uint8_t *base;
	Alloc *al;

	if (space == MS_GENERIC) {
		if (a - SHARED_WIN < WIN_SIZE)
			space = MS_CLUSTER, a -= SHARED_WIN;   /* any CTA of the cluster */
		else if (a - LOCAL_WIN < WIN_SIZE)
			space = MS_LOCAL, a -= LOCAL_WIN;
		else if (a - PARAM_WIN < WIN_SIZE)
			space = MS_KPARAM, a -= PARAM_WIN;
		else
			space = MS_GLOBAL;
	}
	if (size > 1 && (a & (size - 1))) {
		interp_fault(L, w, lane, xi, PTX_FAULT_MISALIGNED, a, size,
		    "%s %s of %u bytes at 0x%" PRIx64 " is not %u-byte aligned",
		    spacename[space], write ? "store" : "load", size, a, size);
		return NULL;
	}
	switch (space) {
	case MS_GLOBAL:
		if (!(al = globalloc(L, a, size)))
			break;
		return al->p + (a - al->addr);
	case MS_SHARED:
		/* the CTA's own range, or an offset without its rank bits (cluster.c) */
		lim = w->cta->nshared;
		if (((a >> 24) == w->cta->rank || (a >> 24) == 0) && (a & 0xffffff) >= SMEM_RSV &&
		    (a & 0xffffff) <= lim && size <= lim - (a & 0xffffff))
			return w->cta->shared + (a & 0xffffff);
		break;
	case MS_CLUSTER: {
		uint32_t off;
		Cta *c = interp_clu_cta(L, w, lane, xi, a, size, write, &off);
		return c ? c->shared + off : NULL;
	}
	case MS_LOCAL:
		base = w->loc[lane], lim = w->locsz;
		goto bounded;
	case MS_KPARAM:
		if (write) {
			interp_fault(L, w, lane, xi, PTX_FAULT_OOB, a, size, "store to kernel parameter space");
			return NULL;
		}
		base = (uint8_t *)(uintptr_t)L->params, lim = L->psize;
	bounded:
		if (a <= lim && size <= lim - a)
			return base + a;
		break;
	}
	interp_fault(L, w, lane, xi, PTX_FAULT_OOB, a, size, "%s %s of %u bytes at 0x%" PRIx64 " is outside %s",
	    spacename[space], write ? "store" : "load", size, a,
	    space == MS_GLOBAL ? "every allocation" : space == MS_SHARED ? "the CTA's shared memory" :
	    space == MS_LOCAL ? "the thread's local memory" : "the parameter buffer");
	return NULL;
}
#endif

/* ---------------------------------------------------------------- operands */

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

/* Inlined by force: as a call it took a tenth of the time of an ALU-bound
 * kernel (perf, bench/kernels.ptx's alu). */
#ifdef __GNUC__
#define HOT_INLINE inline __attribute__((always_inline))
#else
#define HOT_INLINE inline
#endif

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

/* size bytes (1, 2, 4 or 8) of memory as a zero-extended value.  A
 * memcpy of a variable size into a wider variable is copied byte by byte
 * and stalls the 8-byte read that follows. */
static inline uint64_t
memget(const uint8_t *p, unsigned size)
{
	uint8_t b;
	uint16_t h;
	uint32_t u;
	uint64_t d;

	switch (size) {
	case 1: memcpy(&b, p, 1); return b;
	case 2: memcpy(&h, p, 2); return h;
	case 4: memcpy(&u, p, 4); return u;
	case 8: memcpy(&d, p, 8); return d;
	}
	d = 0;
	memcpy(&d, p, size > 8 ? 8 : size);
	return d;
}

/* A loaded value of size bytes, sign-extended for a signed load. */
static inline uint64_t
ldval(const uint8_t *p, unsigned size, int sign)
{
	uint64_t v = memget(p, size);

	if (sign && size < 8)
		v = (uint64_t)((int64_t)(v << (64 - 8 * size)) >> (64 - 8 * size));
	return v;
}

/* Stores the low size bytes (1, 2, 4 or 8) of v, for the same reason. */
static inline void
memput(uint8_t *p, uint64_t v, unsigned size)
{
	uint8_t b = (uint8_t)v;
	uint16_t h = (uint16_t)v;
	uint32_t u = (uint32_t)v;

	switch (size) {
	case 1: memcpy(p, &b, 1); return;
	case 2: memcpy(p, &h, 2); return;
	case 4: memcpy(p, &u, 4); return;
	case 8: memcpy(p, &v, 8); return;
	}
	memcpy(p, &v, size > 8 ? 8 : size);
}

/* base + offset of a memory operand, 32 bits wide when the base is (a32) */
static inline uint64_t
a32(const XIns *xi, uint64_t a)
{
	return xi->a32 ? (uint32_t)a : a;
}

/* The common case of a memory access on its own (SHAPE_CO32): a full warp's
 * 32 words in a row, in one allocation, aligned.  Found from the first
 * lane's allocation and one pass over the addresses; 0 for anything else,
 * which takes ldst's general path. */
static HOT_INLINE int
co32(Launch *L, uint64_t *r, const XIns *xi)
{
	uint64_t ad[WARP];
	const uint64_t *base = r + (size_t)xi->abase.r * WARP;
	uint64_t aoff = (uint64_t)xi->aoff;
	Alloc *al = globalloc(L, base[0] + aoff, WARP * 4);
	uint8_t *mem;

	if (!al || (al->addr < FUNC_WIN + 4 * WIN_SIZE && al->addr + al->size > FUNC_WIN) ||
	    !interp_addr_run(base, aoff, al->addr, al->size - 4, 4, ad, ~(uint64_t)0, L->st != NULL))
		return 0;
	mem = al->p + (ad[0] - al->addr);
	if (xi->x == X_ST)
		interp_narrow32(mem, r + (size_t)xi->s[0].r * WARP);
	else
		interp_widen32(mem, r + (size_t)xi->d[0].r * WARP);
	if (L->st)
		interp_count_seq(L, xi, 0xffffffffu, ad, 4, ASEQ_RUN);
	return 1;
}

/* What a shared variable's address adds at run time: the CTA's rank bits,
 * and for an extern array the running kernel's dynamic base. */
static inline uint64_t
shadd(const Launch *L, const Warp *w, const XIns *xi)
{
	return !xi->shsym ? 0 : w->cta->shbase + (xi->shsym == 2 ? (uint64_t)L->k->shdyn : 0);
}

/* ld or st (st != 0) of one value when every active lane's address lies
 * in one piece of memory, aligned: the CTA's shared memory, the global
 * allocation the last access hit (for a generic address too, since the
 * windows lie far from every allocation), or the kernel's parameters.  The addresses are one plane and
 * nothing is translated lane by lane.  Returns 0, having done nothing, for
 * any other case: the per-lane loop then runs and reports the faults. */
static int
ldst(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m, int st)
{
	uint64_t ad[WARP], val[WARP], lo, lim, *d;
	uint64_t aoff = (uint64_t)xi->aoff + shadd(L, w, xi);
	const uint64_t *base = xi->abase.k == XO_REG ? r + (size_t)xi->abase.r * WARP : NULL;
	unsigned sz = xi->size;
	uint32_t bad = 0;
	uint8_t *mem;
	const XOp *o;
	int contig = 0;   /* the lanes' addresses consecutive (a full warp) */

	/* plan.c decided the operands' part (SHAPE_WHOLE); the rest is the lanes' */
	if (xi->space == MS_SHARED) {
		mem = w->cta->shared + SMEM_RSV, lo = w->cta->shbase + SMEM_RSV, lim = w->cta->nshared - SMEM_RSV;
	} else if (xi->space == MS_GLOBAL || xi->space == MS_GENERIC) {
		/* the first lane's allocation: the others are likely in it too */
		Alloc *al = globalloc(L, a32(xi, (base ? base[__builtin_ctz(m)] : 0) + aoff), sz);
		if (!al)
			return 0;
		mem = al->p, lo = al->addr, lim = al->size;
		if (lo < FUNC_WIN + 4 * WIN_SIZE && lo + lim > FUNC_WIN)
			return 0;   /* would reach the windows of the other spaces */
	} else if (xi->space == MS_KPARAM && !st) {
		mem = (uint8_t *)(uintptr_t)L->params, lo = 0, lim = L->psize;
	} else
		return 0;
	if (lim < sz)
		return 0;
	if (!base && !st) {   /* one address for every lane (a kernel parameter, a variable): one read */
		uint64_t a = aoff, v;
		if (a - lo > lim - sz || (a & (sz - 1)))
			return 0;
		v = ldval(mem + (a - lo), sz, xi->sign);
		d = xi->d[0].k == XO_REG ? r + (size_t)xi->d[0].r * WARP : val;
		if (m == 0xffffffffu)
			interp_bcast(d, v);
		else
			FOR_LANES(m, l)
				d[l] = v;
		if (L->st) {
			for (uint32_t l = 0; l < WARP; l++)
				ad[l] = a;
			interp_count_seq(L, xi, m, ad, sz, ASEQ_SAME);
		}
		return 1;
	}
	/* the lanes' addresses; any lane outside or misaligned: one reduction */
	if (m == 0xffffffffu && base) {
		uint64_t wrap = xi->a32 ? 0xffffffffu : ~(uint64_t)0;
		/* every lane's address is needed unless the copy below takes the
		 * run from the first (32-bit words, a register stored, no sign) */
		int all = L->st || sz != 4 || (st ? xi->s[0].k != XO_REG : xi->sign);
		/* coalesced, in range, aligned: found without the full check */
		contig = interp_addr_run(base, aoff, lo, lim - sz, sz, ad, wrap, all);
		if (!contig && !interp_addr_plane(base, aoff, lo, lim - sz, sz, ad, wrap))
			return 0;
	} else if (m == 0xffffffffu && !base) {
		uint64_t any = 0;
		for (uint32_t l = 0; l < WARP; l++) {
			ad[l] = aoff;
			any |= (uint64_t)(ad[l] - lo > lim - sz) | (ad[l] & (sz - 1));
		}
		if (any)
			return 0;
	} else {
		for (uint32_t l = 0; l < WARP; l++)
			ad[l] = a32(xi, (base ? base[l] : 0) + aoff);
		for (uint32_t l = 0; l < WARP; l++)
			bad |= (uint32_t)(ad[l] - lo > lim - sz || (ad[l] & (sz - 1))) << l;
		if (bad & m)
			return 0;
	}
	if (st) {
		o = &xi->s[0];
		if (m == 0xffffffffu && sz == 4 && o->k == XO_REG && contig)   /* coalesced */
			interp_narrow32(mem + (ad[0] - lo), r + (size_t)o->r * WARP);
		else if (m == 0xffffffffu && sz == 4 && o->k == XO_REG) {   /* the common case */
			const uint64_t *v = r + (size_t)o->r * WARP;
			for (uint32_t l = 0; l < WARP; l++) {
				uint32_t u = (uint32_t)v[l];
				memcpy(mem + (ad[l] - lo), &u, 4);
			}
		} else
			FOR_LANES(m, l)
				memput(mem + (ad[l] - lo), o->k == XO_REG ? r[(size_t)o->r * WARP + l] : o->imm, sz);
	} else {
		d = xi->d[0].k == XO_REG ? r + (size_t)xi->d[0].r * WARP : val;
		if (m == 0xffffffffu && sz == 4 && !xi->sign && contig)   /* coalesced */
			interp_widen32(mem + (ad[0] - lo), d);
		else if (m == 0xffffffffu && sz == 4 && !xi->sign)   /* the common case, without the bit walk */
			interp_gather32(mem, lo, ad, d);
		else
			FOR_LANES(m, l)
				d[l] = ldval(mem + (ad[l] - lo), sz, xi->sign);
	}
	if (L->st)
		interp_count_seq(L, xi, m, ad, sz, contig ? ASEQ_RUN : 0);
	return 1;
}

/* The counters of a kernel-parameter load (SHAPE_KPARAM) by the lanes of m. */
static void
kparam_count(Launch *L, const XIns *xi, uint32_t m)
{
	uint64_t ad[WARP];   /* the lanes' addresses */

	if (xi->lower)   /* a lowering may look at every lane */
		interp_bcast(ad, (uint64_t)xi->aoff);
	else   /* one address: the counters read the first lane's */
		ad[0] = (uint64_t)xi->aoff;
	interp_count_seq(L, xi, m, ad, xi->size, ASEQ_SAME);
}

/* A load of a kernel parameter that plan.c checked (SHAPE_KPARAM), for a
 * full warp: read once and broadcast. */
static HOT_INLINE void
kparam(Launch *L, uint64_t *r, const XIns *xi, uint32_t m)
{
	interp_bcast(r + (size_t)xi->d[0].r * WARP, ldval(L->params + xi->aoff, xi->size, xi->sign));
	if (L->st)
		kparam_count(L, xi, m);
}

/* A load or store that a warp takes whole: a checked parameter read, the
 * coalesced copy, or ldst.  0 leaves it, untouched, to the per-lane path. */
static HOT_INLINE int
access(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	if (INITMEM(L) || MEMCHK(L) || RACECHK(L))
		return 0;   /* the per-lane path, which the checks follow */
	switch (xi->shape) {
	case SHAPE_KPARAM:
		if (m != 0xffffffffu)
			break;
		kparam(L, r, xi, m);
		return 1;
	case SHAPE_CO32:
		if (m == 0xffffffffu && co32(L, r, xi))
			return 1;
		break;
	case SHAPE_WHOLE:
		break;
	default:
		return 0;
	}
	return ldst(L, w, r, xi, m, xi->x == X_ST);
}

#define V(o, l) val(L, w, r, (o), (l))
/* the address a memory operand [base+offset] names in lane l */
#define ADDR(xi, l) (a32((xi), ((xi)->abase.k ? V(&(xi)->abase, (l)) : 0) + (uint64_t)(xi)->aoff) + \
	shadd(L, w, (xi)))
#define SET(o, l, v) do { if ((o)->k == XO_REG) r[(size_t)(o)->r * WARP + (l)] = (v); } while (0)

/* ---------------------------------------------------------------- SIMT stack */

static int
push(Launch *L, Warp *w, int32_t pc, int32_t rpc, uint32_t mask)
{
	if (w->nst == w->capst) {
		int nc = w->capst ? 2 * w->capst : 16;
		SEnt *s = interp_realloc(L->cx, w->st, (size_t)nc * sizeof *s);
		if (!s)
			return -1;
		w->st = s;
		w->capst = nc;
	}
	w->st[w->nst++] = (SEnt){ pc, rpc, mask };
	return 0;
}

/* Lanes `a` go to apc, lanes `b` to bpc; they meet again at rpc. */
static int
diverge(Launch *L, Warp *w, int32_t apc, uint32_t a, int32_t bpc, uint32_t b, int32_t rpc)
{
	SEnt *t = &w->st[w->nst - 1];

	if (t->rpc == rpc) {
		/* the entry below already waits at rpc with these lanes */
		t->pc = bpc;
		t->mask = b;
	} else {
		t->pc = rpc;
		if (push(L, w, bpc, rpc, b))
			return -1;
	}
	return push(L, w, apc, rpc, a);
}

#ifndef INTERP_CHECK
void
interp_exited(Launch *L, Warp *w, uint32_t m)
{
	m &= w->live;
	for (int i = 0; i < w->nst; i++)
		w->st[i].mask &= ~m;
	for (int i = 0; i < w->ncf; i++)
		w->cf[i].retmask &= ~m;
	w->live &= ~m;
	w->cta->nlive -= popc(m);
	w->cta->events++;
	w->cta->exits++;
	if (w->cta->baropen || (w->cta->clu && w->cta->clu->open))   /* a barrier may now be complete */
		interp_bar_check(L, w->cta);
}
#endif

/*
 * Makes each lane's local memory at least need bytes (what): doubled, up to
 * MAX_LOCAL, the most a thread has on the GPU.  The growth of all 32 lanes
 * is charged to PTX_LIMIT_MEMORY, and held by the CTA until it is freed
 * (sched.c).  -1 after a fault report: a stack past MAX_LOCAL, a charge
 * past the limit, or a host out of memory.
 */
static int
growlocal(Launch *L, Warp *w, uint64_t need, const XIns *xi, int lane, const char *what)
{
	uint64_t n = w->locsz ? w->locsz : 1024, more;

	if (need <= w->locsz)
		return 0;
	if (need > MAX_LOCAL) {
		interp_fault(L, w, lane, xi, PTX_FAULT_TRAP, 0, 0, "stack overflow: %s needs %" PRIu64 " bytes of "
		    "local memory a thread, more than the %u an sm_90 thread can have", what, need, MAX_LOCAL);
		return -1;
	}
	while (n < need)
		n *= 2;
	if (n > MAX_LOCAL)
		n = MAX_LOCAL;
	more = (n - w->locsz) * WARP;
	if (interp_mem_charge(L->cx, more)) {
		interp_fault(L, w, lane, xi, PTX_FAULT_TRAP, 0, 0, "out of memory: %s needs %" PRIu64 " bytes of "
		    "local memory a thread; %" PRIu64 " bytes more for the warp would pass the device memory limit "
		    "(PTX_LIMIT_MEMORY %" PRIu64 " bytes, %" PRIu64 " in use)", what, need, more,
		    L->cx->limit[PTX_LIMIT_MEMORY], (uint64_t)L->cx->used);
		return -1;
	}
	for (int l = 0; l < WARP; l++) {
		uint8_t *p;
		UNPOISON(L, w->loc[l], w->locsz);   /* the host may move it: no stale shadow behind */
		p = interp_realloc(L->cx, w->loc[l], (size_t)n);
		if (!p) {
			interp_mem_uncharge(L->cx, more);
			interp_fault(L, w, lane, xi, PTX_FAULT_TRAP, 0, 0, "out of memory: the host has no %" PRIu64
			    " bytes of local memory a thread for %s", n, what);
			return -1;
		}
		memset(p + w->locsz, 0, (size_t)n - w->locsz);
		w->loc[l] = p;
	}
	w->cta->charged += more;
	w->locsz = (uint32_t)n;
	return 0;
}

/* The register file for call depth d, at least n slots. */
static uint64_t *
regfile(Launch *L, Warp *w, int d, int nregs)
{
	size_t need = (size_t)(nregs ? nregs : 1) * WARP * sizeof(uint64_t) + (CHECKED ? RDEF_BYTES(nregs) : 0);

	if (d >= w->nrpool) {
		int nn = d + 8;
		uint64_t **p = interp_realloc(L->cx, w->rpool, (size_t)nn * sizeof *p);
		size_t *c;
		if (!p)
			return NULL;
		w->rpool = p;
		c = interp_realloc(L->cx, w->rcap, (size_t)nn * sizeof *c);
		if (!c)
			return NULL;
		w->rcap = c;
		for (int i = w->nrpool; i < nn; i++)
			w->rpool[i] = NULL, w->rcap[i] = 0;
		w->nrpool = nn;
	}
	if (w->rcap[d] < need) {
		uint64_t *p = interp_realloc(L->cx, w->rpool[d], need);
		if (!p)
			return NULL;
		w->rpool[d] = p;
		w->rcap[d] = need;
	}
	memset(w->rpool[d], 0, need);
	return w->rpool[d];
}

/* Writes v (size bytes) into lane l's local memory at off. */
static void
locput(Warp *w, uint32_t l, uint32_t off, uint64_t v, uint32_t size)
{
	if (off + size <= w->locsz)
		memcpy(w->loc[l] + off, &v, size > 8 ? 8 : size);
}

static int
call(Launch *L, Warp *w, const XIns *xi, XFunc *cal, uint32_t m)
{
	CFrame *f = &w->cf[w->ncf - 1], *g;
	uint64_t *r = f->r;
	uint32_t lbase = (w->sp + 15) & ~15u;

	if (w->ncf >= 4096) {
		interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_TRAP, 0, 0, "call stack overflow (depth 4096)");
		return -1;
	}
	if (growlocal(L, w, (uint64_t)lbase + cal->frame, xi, __builtin_ctz(m), "the call"))
		return -1;
	if (w->ncf == w->capcf) {
		int nc = 2 * w->capcf;
		CFrame *p = interp_realloc(L->cx, w->cf, (size_t)nc * sizeof *p);
		if (!p)
			return -1;
		w->cf = p;
		w->capcf = nc;
		f = &w->cf[w->ncf - 1];
	}
	w->st[w->nst - 1].pc++;
	g = &w->cf[w->ncf];
	g->fn = cal;
	g->base = w->nst;
	g->lbase = lbase;
	g->retmask = 0;
	g->call = xi;
	g->callr = r;
	g->calllbase = f->lbase;
	if (!(g->r = regfile(L, w, w->ncf, cal->nregs)))
		return -1;
	/* arguments: from the caller's .param variables (or registers) into the callee's frame */
	for (int k = 0; k < xi->narg && k < cal->f->npar; k++) {
		const XOp *o = &xi->s[k];
		uint32_t sz = cal->parsz[k];
		if (cal->parreg[k] >= 0) {   /* a .reg parameter */
			FOR_LANES(m, l)
				g->r[(size_t)cal->parreg[k] * WARP + l] = val(L, w, r, o, l);
			if (CHECKED)
				RDEF(g->r, cal->nregs)[cal->parreg[k]] |= m;
			continue;
		}
		FOR_LANES(m, l) {
			if (o->k == XO_LOCAL) {
				uint32_t src = f->lbase + (uint32_t)o->imm;
				if (src + sz <= w->locsz)
					memmove(w->loc[l] + lbase + cal->paroff[k], w->loc[l] + src, sz);
			} else
				locput(w, l, lbase + cal->paroff[k], val(L, w, r, o, l), sz);
			if (lbase + cal->paroff[k] + sz <= w->locsz)
				UNPOISON(L, w->loc[l] + lbase + cal->paroff[k], sz);
		}
	}
	w->sp = lbase + cal->frame;
	w->ncf++;
	return push(L, w, cal->pc0, -1, m);
}

/* Every lane of the top frame has returned: copy return values, pop it. */
static void
finish_call(Launch *L, Warp *w)
{
	CFrame *g = &w->cf[w->ncf - 1];
	const XIns *xi = g->call;
	XFunc *cal = g->fn;
	uint64_t *r = g->callr;

	for (int k = 0; k < xi->nret && k < cal->f->nret; k++) {
		const XOp *o = &xi->d[k];
		uint32_t sz = cal->retsz[k], src = g->lbase + cal->retoff[k];
		if (cal->retreg[k] >= 0) {   /* a .reg return value */
			if (o->k == XO_REG)
				FOR_LANES(g->retmask, l)
					r[(size_t)o->r * WARP + l] = g->r[(size_t)cal->retreg[k] * WARP + l];
			continue;
		}
		FOR_LANES(g->retmask, l) {
			if (o->k == XO_LOCAL) {
				uint32_t dst = g->calllbase + (uint32_t)o->imm;
				if (dst + sz <= w->locsz && src + sz <= w->locsz) {
					memmove(w->loc[l] + dst, w->loc[l] + src, sz);
					UNPOISON(L, w->loc[l] + dst, sz);
				}
			} else if (o->k == XO_REG) {
				uint64_t v = 0;
				if (src + sz <= w->locsz)
					memcpy(&v, w->loc[l] + src, sz > 8 ? 8 : sz);
				r[(size_t)o->r * WARP + l] = v;
			}
		}
	}
	w->sp = g->lbase;
	w->ncf--;
	(void)L;
}

/* alloca, stacksave, stackrestore (xi->mod: the opcode).  The frame stack
 * is the warp's (every lane's local memory has the same layout), so an
 * alloca takes the largest size its lanes ask for, aligned, at the top of
 * the stack, and gives each lane that local address; a return pops it with
 * the frame.  stackrestore takes the first lane's pointer.  The contents
 * behave as on the GPU; the addresses do not: the H100 gives each thread
 * its own stack, growing down (a block sits at the saved pointer less its
 * size rounded to the alignment, tests/run/cuda/stack_sr.ptx). */
static int
stack(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	uint64_t need = 0, align = xi->ns > 1 ? V(&xi->s[1], __builtin_ctz(m)) : 8, top;

	if (xi->mod == OP_STACKSAVE) {
		FOR_LANES(m, l)
			SET(&xi->d[0], l, w->sp);
		return 0;
	}
	if (xi->mod == OP_STACKRESTORE) {
		uint64_t v = V(&xi->s[0], __builtin_ctz(m));
		if (v <= w->sp)
			w->sp = (uint32_t)v;
		return 0;
	}
	FOR_LANES(m, l)
		if (V(&xi->s[0], l) > need)
			need = V(&xi->s[0], l);
	if (align < 8 || (align & (align - 1)))
		align = 8;
	top = (w->sp + align - 1) & ~(align - 1);
	if (need > MAX_LOCAL || top + need > MAX_LOCAL) {
		interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_TRAP, 0, 0, "alloca: local memory exhausted");
		return -1;
	}
	if (growlocal(L, w, top + need, xi, __builtin_ctz(m), "alloca"))
		return -1;
	FOR_LANES(m, l)
		SET(&xi->d[0], l, top);
	w->sp = (uint32_t)((top + need + 7) & ~7ull);
	return 0;
}

/* ---------------------------------------------------------------- builtins */

#ifndef INTERP_CHECK
static uint64_t
locget(Warp *w, uint32_t l, uint32_t off, uint32_t size)
{
	uint64_t v = 0;
	if (off + size <= w->locsz)
		memcpy(&v, w->loc[l] + off, size > 8 ? 8 : size);
	return v;
}

/* The value of call argument k for lane l, off bytes into it (from a .param variable or a register). */
uint64_t
interp_arg(Launch *L, Warp *w, const XIns *xi, int k, uint32_t l, uint32_t off, uint32_t size)
{
	const XOp *o = &xi->s[k];
	CFrame *f = &w->cf[w->ncf - 1];

	if (k >= xi->narg)
		return 0;
	if (o->k == XO_LOCAL)
		return locget(w, l, f->lbase + (uint32_t)o->imm + off, size);
	return off ? 0 : val(L, w, f->r, o, l);
}

#endif

#define arg(L, w, xi, k, l, size) interp_arg(L, w, xi, k, l, 0, size)

#ifndef INTERP_CHECK
void
interp_setret(Warp *w, const XIns *xi, uint32_t l, uint64_t v, uint32_t size)
{
	CFrame *f = &w->cf[w->ncf - 1];
	const XOp *o = &xi->d[0];

	if (xi->nret < 1)
		return;
	if (o->k == XO_LOCAL)
		locput(w, l, f->lbase + (uint32_t)o->imm, v, size);
	else if (o->k == XO_REG)
		f->r[(size_t)o->r * WARP + l] = v;
}
#endif

#define setret interp_setret

static int
builtin(Launch *L, Warp *w, const XIns *xi, int bi, uint32_t m)
{
	FOR_LANES(m, l) {
		switch (bi) {
		case BI_VPRINTF:
			setret(w, xi, l, (uint64_t)(int64_t)interp_vprintf(L, w, (int)l, arg(L, w, xi, 0, l, 8),
			    arg(L, w, xi, 1, l, 8), xi), 4);
			break;
		case BI_MALLOC: {
			uint64_t a = 0;
			/* past PTX_LIMIT_MALLOC_HEAP or PTX_LIMIT_MEMORY: NULL, as on a GPU */
			if (interp_mem_new(L->cx, arg(L, w, xi, 0, l, 8), NULL, AK_HEAP, &a) != PTX_OK)
				a = 0;
			L->last = L->last2 = NULL;   /* the allocation table may have moved */
			setret(w, xi, l, a, 8);
#ifdef INTERP_CHECK
			if (a && (L->chk & PTX_CHECK_INITCHECK)) {   /* device malloc's memory: uninitialized */
				Alloc *al = interp_mem_find(L->cx, a, 1);
				if (al)
					interp_chk_poison(L->cx, al->p, al->size);
			}
#endif
			break;
		}
		case BI_FREE: {
			/* anything but what malloc returned (NULL aside) would
			 * corrupt a GPU's heap: a fault here, never a free */
			uint64_t p = arg(L, w, xi, 0, l, 8);
			const char *why;
			L->last = L->last2 = NULL;
			if (p && interp_heap_free(L->cx, p, &why) != PTX_OK) {
				interp_fault(L, w, (int)l, xi, PTX_FAULT_TRAP, p, 0,
				    "free() of 0x%" PRIx64 ", which malloc did not return: %s", p, why);
				return -1;
			}
			break;
		}
		case BI_ASSERT:
			interp_assertfail(L, w, (int)l, arg(L, w, xi, 0, l, 8), arg(L, w, xi, 1, l, 8),
			    (uint32_t)arg(L, w, xi, 2, l, 4), arg(L, w, xi, 3, l, 8), xi);
			break;
		default:
			if (interp_cdp_call(L, w, xi, bi, l))
				return -1;
			break;
		}
		if (L->fault)
			return -1;
		/* a result in the caller's .param variable: written */
		if (xi->nret && xi->d[0].k == XO_LOCAL && w->cf[w->ncf - 1].lbase + xi->d[0].imm + 8 <= w->locsz)
			UNPOISON(L, w->loc[l] + w->cf[w->ncf - 1].lbase + xi->d[0].imm, 8);
	}
	/* malloc and the device runtime may have grown the allocation table,
	 * which moves its entries: the cached ones are stale */
	L->last = L->last2 = NULL;
	if (bi == BI_ASSERT) {
		interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_ASSERT, 0, 0, "device-side assertion");
		return -1;
	}
	return 0;
}

/* ---------------------------------------------------------------- warp collectives */

static void
shfl(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	/* a source lane that does not execute the shfl gives 0 (measured on the
	 * H100: lanes that took another branch or left a loop) */
	uint64_t a[WARP] = {0};
	FOR_LANES(m, l)
		a[l] = V(&xi->s[0], l);
	FOR_LANES(m, l) {
		uint32_t b = (uint32_t)V(&xi->s[1], l) & 31, c = (uint32_t)V(&xi->s[2], l);
		uint32_t cv = c & 31, seg = (c >> 8) & 31;
		int32_t maxl = (int32_t)((l & seg) | (cv & ~seg)), minl = (int32_t)(l & seg), j;
		int p;
		switch (xi->mod) {
		case MOD_UP: j = (int32_t)l - (int32_t)b; p = j >= maxl; break;
		case MOD_DOWN: j = (int32_t)(l + b); p = j <= maxl; break;
		case MOD_BFLY: j = (int32_t)(l ^ b); p = j <= maxl; break;
		default: j = minl | (int32_t)(b & ~seg); p = j <= maxl; break;
		}
		if (!p || j < 0 || j > 31)
			j = (int32_t)l;
		SET(&xi->d[0], l, a[j] & 0xffffffffu);
		if (xi->nd > 1)
			SET(&xi->d[1], l, (uint64_t)p);
	}
}

/* The lanes a collective of lane l combines: the active lanes of its
 * membermask operand (s[k]).  Tiled partitions (cooperative groups) give
 * each tile its own mask, so one warp instruction may hold several groups. */
static uint32_t
group(Launch *L, Warp *w, uint64_t *r, const XIns *xi, int k, uint32_t l, uint32_t m)
{
	return ((uint32_t)V(&xi->s[k], l) & m) | 1u << l;
}

static void
vote(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	uint32_t b = 0;
	FOR_LANES(m, l)
		if (V(&xi->s[0], l) & 1)
			b |= 1u << l;
	FOR_LANES(m, l) {
		uint32_t g = group(L, w, r, xi, 1, l, m), bg = b & g;
		uint64_t v;
		switch (xi->mod) {
		case MOD_ALL: v = bg == g; break;
		case MOD_ANY: v = bg != 0; break;
		case MOD_BALLOT: v = bg; break;
		default: v = bg == 0 || bg == g; break;   /* uni */
		}
		SET(&xi->d[0], l, v);
	}
}

static void
match(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	uint64_t a[WARP];
	FOR_LANES(m, l)
		a[l] = V(&xi->s[0], l) & (xi->ty == TY_B32 ? 0xffffffffull : ~0ull);
	FOR_LANES(m, l) {
		uint32_t g = group(L, w, r, xi, 1, l, m), eq = 0;
		FOR_LANES(g, k)
			if (a[k] == a[l])
				eq |= 1u << k;
		if (xi->mod == MOD_ALL) {
			int all = 1;
			FOR_LANES(g, k)
				if (a[k] != a[l])
					all = 0;
			SET(&xi->d[0], l, all ? g : 0);
			if (xi->nd > 1)
				SET(&xi->d[1], l, (uint64_t)all);
		} else
			SET(&xi->d[0], l, eq);
	}
}

static void
redux(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	int sg = ir_tyinfo[xi->ty].kind == TK_SINT;
	uint32_t done = 0, acc = 0;
	FOR_LANES(m, l) {
		uint32_t g = group(L, w, r, xi, 1, l, m);
		if (!(done >> l & 1)) {
			/* the first lane of a new group: reduce it, answer its lanes of the same mask */
			int first = 1;
			FOR_LANES(g, k) {
				uint32_t v = (uint32_t)V(&xi->s[0], k);
				if (first) {
					acc = v;
					first = 0;
					continue;
				}
				switch (xi->mod) {
				case MOD_ADD: acc += v; break;
				case MOD_MIN: acc = sg ? ((int32_t)v < (int32_t)acc ? v : acc) : (v < acc ? v : acc); break;
				case MOD_MAX: acc = sg ? ((int32_t)v > (int32_t)acc ? v : acc) : (v > acc ? v : acc); break;
				case MOD_AND: acc &= v; break;
				case MOD_OR: acc |= v; break;
				case MOD_XOR: acc ^= v; break;
				}
			}
			FOR_LANES(g, k)
				if (group(L, w, r, xi, 1, k, m) == g) {
					SET(&xi->d[0], k, acc);
					done |= 1u << k;
				}
		}
	}
}

/* ---------------------------------------------------------------- cp.async */

/* Copies at once (a wait is what makes the data visible, so this is one of
 * the orders the GPU may take): src-size bytes, or none under ignore-src,
 * then zeros up to the cp-size. */
static int
cpasync(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	uint64_t ad[2 * WARP];   /* global sources, then shared destinations, for the counters */
	unsigned n = xi->size;
	uint32_t rd = 0;         /* the lanes that read global memory */

	FOR_LANES(m, l) {
		uint64_t d = ADDR(xi, l);
		uint64_t s = (xi->s[0].k ? V(&xi->s[0], l) : 0) + xi->s[1].imm;
		unsigned ss = n;
		uint8_t *pd, *ps = NULL, buf[16];
		if (xi->mod == 1) {
			uint64_t v = V(&xi->s[2], l) & 0xffffffffu;
			ss = v < n ? (unsigned)v : n;
		} else if (xi->mod == 2 && (V(&xi->s[2], l) & 1))
			ss = 0;
		ad[l] = s;
		ad[WARP + l] = d;
		if (!(pd = interp_xlate(L, w, (int)l, MS_SHARED, d, n, 1, xi)))
			return -1;
		if (s & (n - 1)) {
			interp_xlate(L, w, (int)l, MS_GLOBAL, s, n, 0, xi);   /* reports the misalignment */
			return -1;
		}
		if (ss && (!(ps = interp_xlate(L, w, (int)l, MS_GLOBAL, s, 1, 0, xi)) ||
		    !interp_xlate(L, w, (int)l, MS_GLOBAL, s + ss - 1, 1, 0, xi)))
			return -1;
		memset(buf, 0, sizeof buf);
		if (ss)
			memcpy(buf, ps, ss), rd |= 1u << l;
		memcpy(pd, buf, n);
		UNPOISON(L, pd, n);
#ifdef INTERP_CHECK
		if (ASYNCCHK(L))
			interp_chk_cpasync(L, w, l, xi, pd, n);
#endif
	}
	if (L->st)
		interp_count_mem(L, xi, rd, ad, n);
	return 0;
}

/* ---------------------------------------------------------------- dispatch */

#ifdef INTERP_COMPUTED_GOTO
#define DISPATCH(x) goto *jt[x];
#define CASE(x) L_##x:
#define NEXT goto next
#else
#define DISPATCH(x) switch (x)
#define CASE(x) case x:
#define NEXT goto next
#endif

/* Kinds that leave the SIMT stack and the call frames alone, apart from
 * moving the top entry's pc on by one.  A kind not listed here gets the
 * whole settle loop after it. */
static const uint8_t straight[NX] = {
	[X_ALU] = 1, [X_MOV] = 1, [X_MOVPACK] = 1, [X_MOVUNPACK] = 1, [X_LD] = 1, [X_ST] = 1,
	[X_ATOM] = 1, [X_CVTA] = 1, [X_CVTATO] = 1, [X_ISSPACEP] = 1, [X_NOP] = 1, [X_SHFL] = 1,
	[X_VOTE] = 1, [X_MATCH] = 1, [X_REDUX] = 1, [X_ACTIVEMASK] = 1, [X_ELECT] = 1,
	[X_BARWARP] = 1, [X_MOVN] = 1, [X_CPASYNC] = 1, [X_LDMATRIX] = 1, [X_STMATRIX] = 1,
	[X_MOVMATRIX] = 1, [X_MMA] = 1, [X_STACK] = 1,
};

/* The lanes whose predicate (plane p) is true (exec_fast.c, vectorized). */
#define pmask interp_pmask

/* Runs the plain instructions (plan.c) from pc on, at most lim of them and
 * not past end, for the lanes of m: the straight-line stretches of a
 * kernel without the main loop's per-instruction checks, which cost as
 * much as a simple instruction's work.  A memory access that ldst cannot
 * take whole ends the stretch before it.  Returns how many ran (0: the
 * first must take the main loop). */
static int
plainrun(Launch *L, Warp *w, uint64_t *r, int32_t pc, int32_t end, int lim, uint32_t m)
{
	const XIns *x0 = &L->pm->code[pc], *xi = x0, *stop = x0 + lim;
	uint32_t n = popc(m);
	int nofpu = L->nofpu, k;

	if (end > pc && end - pc < lim)
		stop = x0 + (end - pc);
	for (; xi != stop && xi->plain; xi++) {
		switch (xi->x) {
		case X_ALU:
			if (xi->fpu && nofpu)
				goto out;
			fast(L, w, r, xi, m, xi->fast);
			break;
		case X_MOV:
			mov(L, w, r, xi, m);
			break;
		case X_CVTA: case X_CVTATO:
			cvta(L, w, r, xi, m);
			break;
		case X_LD: case X_ST:
			if (!access(L, w, r, xi, m))
				goto out;   /* the per-lane path: the main loop's */
			break;
		}
	}
out:
	k = (int)(xi - x0);
	if (L->st)
		for (int i = 0; i < k; i++) {
			L->st[pc + i].executions++;
			L->st[pc + i].active_threads += n;
		}
	L->wsteps += (uint64_t)k;
	L->steps += (uint64_t)k * n;
	return k;
}

/* The difference between two states of an instruction's memory counts, as
 * (word, amount) pairs after a count: d holds the state before, a the one
 * after.  A kernel-parameter load changes one or two of the MCWORDS words;
 * 0 when more changed than d can hold. */
_Static_assert(sizeof(ptx_mem_counts) == 4 * sizeof(uint64_t), "four counts a class");

static int
pairs(uint64_t *d, const uint64_t *a)
{
	uint64_t p[MCWORDS], n = 0;

	for (int j = 0; j < MCWORDS; j++)
		if (a[j] != d[j]) {
			if (n + 2 > MCWORDS - 1)
				return 0;
			p[n++] = (uint64_t)j, p[n++] = a[j] - d[j];
		}
	d[0] = n / 2;
	memcpy(d + 1, p, n * sizeof *p);
	return 1;
}

/*
 * A new CTA's uniform prologue (plan.c): the first of its warps to run
 * runs it, and every other full warp takes the registers it wrote and
 * starts after it, owing its counts until it runs (so that a launch that
 * stops early counts what ran).  Before, each warp spent about a seventh
 * of saxpy there, reading the same parameters and %ctaid.  A partial warp
 * runs the prologue itself, so that its missing lanes' registers stay as
 * they were.
 */
static void
run_prologue(Launch *L, Warp *w0)
{
	const XFunc *k = L->k;
	Cta *c = w0->cta;
	uint64_t *r0 = w0->cf[0].r;
	int n = k->upre, ran, learn = L->st && c->pdelta && !c->pdok;

	c->prologue = 0;
	if (w0->valid != 0xffffffffu || L->steps > L->budget ||
	    L->budget - L->steps < (uint64_t)n * L->nthreads)
		return;

	if (learn)   /* what a warp adds to the counters, from before ... */
		for (int i = 0; i < n; i++)
			if (L->pm->code[k->pc0 + i].x == X_LD)
				memcpy(c->pdelta + (size_t)i * MCWORDS, L->st[k->pc0 + i].mem, sizeof L->st->mem);
	ran = plainrun(L, w0, r0, k->pc0, -1, n, w0->valid);
	w0->st[0].pc = k->pc0 + ran;
	if (ran != n)   /* the host FPU cannot run one of them: the other warps run it all */
		return;
	if (learn) {   /* ... to after, kept as (word, amount) pairs */
		c->pdok = 1;
		for (int i = 0; i < n; i++)
			if (L->pm->code[k->pc0 + i].x == X_LD)
				c->pdok &= pairs(c->pdelta + (size_t)i * MCWORDS, (const uint64_t *)L->st[k->pc0 + i].mem);
	}
	for (int i = 0; i < c->nw; i++) {
		Warp *w = &c->w[i];
		uint64_t *r = w->cf[0].r;
		if (w == w0 || w->valid != 0xffffffffu)
			continue;
		for (int j = 0; j < k->nupreg; j++)
			memcpy(r + (size_t)k->upreg[j] * WARP, r0 + (size_t)k->upreg[j] * WARP, WARP * sizeof *r);
		w->st[0].pc = k->pc0 + n;
		w->owed = 1;
	}
}

/* What a warp that skipped the prologue owes: the counts of running it. */
static void
owed(Launch *L, Warp *w)
{
	const XFunc *k = L->k;

	w->owed = 0;
	L->wsteps += (uint64_t)k->upre;
	L->steps += (uint64_t)k->upre * WARP;
	if (L->st)
		for (int pc = k->pc0; pc < k->pc0 + k->upre; pc++) {
			const uint64_t *d;
			uint64_t *a;
			L->st[pc].executions++;
			L->st[pc].active_threads += WARP;
			if (L->pm->code[pc].x != X_LD)
				continue;
			if (!w->cta->pdok) {
				kparam_count(L, &L->pm->code[pc], w->valid);
				continue;
			}
			d = w->cta->pdelta + (size_t)(pc - k->pc0) * MCWORDS;
			a = (uint64_t *)L->st[pc].mem;
			for (uint64_t j = 0; j < d[0]; j++)
				a[d[1 + 2 * j]] += d[2 + 2 * j];
		}
}

int
interp_run(Launch *L, Warp *w, int slice)
{
	const XIns *code = L->pm->code;
	SEnt *t = NULL;
	CFrame *f = NULL;
	int settle = 1;   /* the SIMT stack or the frames may have changed */
	/* the top entry and its frame, as settled: kept in registers while
	 * straight-line instructions run (the fast ones store t->pc, nothing
	 * else changes) */
	int32_t pc = 0, rpc = 0;
	uint32_t tmask = 0;
	uint64_t *r = NULL;
	/* whether the budget can run out within this slice (32 lanes a step) */
	int budget = L->steps > L->budget ||
	    L->budget - L->steps < (uint64_t)WARP * (uint64_t)(slice > 0 ? slice : 0);
#ifdef INTERP_COMPUTED_GOTO
	/* one label per X_* kind, in enum order */
	static void *const jt[] = {
		&&L_X_ALU, &&L_X_MOV, &&L_X_MOVPACK, &&L_X_MOVUNPACK, &&L_X_LD, &&L_X_ST, &&L_X_ATOM,
		&&L_X_CVTA, &&L_X_CVTATO, &&L_X_ISSPACEP, &&L_X_BRA, &&L_X_BRX, &&L_X_CALL, &&L_X_RET,
		&&L_X_EXIT, &&L_X_TRAP, &&L_X_BRKPT, &&L_X_BAR, &&L_X_BARARRIVE, &&L_X_BARRED, &&L_X_NOP,
		&&L_X_SHFL, &&L_X_VOTE, &&L_X_MATCH, &&L_X_REDUX, &&L_X_ACTIVEMASK, &&L_X_ELECT,
		&&L_X_BARWARP, &&L_X_MOVN, &&L_X_CPASYNC, &&L_X_LDMATRIX, &&L_X_STMATRIX,
		&&L_X_MOVMATRIX, &&L_X_MMA, &&L_X_WGMMA, &&L_X_MBAR, &&L_X_BULK, &&L_X_TMAP,
		&&L_X_WMMALD, &&L_X_WMMAST, &&L_X_WMMA, &&L_X_CLU, &&L_X_STACK, &&L_X_TEX, &&L_X_END,
		&&L_X_UNSUPPORTED
	};
	_Static_assert(sizeof jt / sizeof *jt == NX, "one label per X_* kind");
#endif

	if (!CHECKED && w->cta->prologue)
		run_prologue(L, w);
	if (!CHECKED && w->owed)
		owed(L, w);
	while (slice-- > 0) {
		const XIns *xi;
		uint32_t m, n;

		/* settle: drop finished entries, return from calls whose lanes all
		 * returned.  A straight-line instruction only moved the top entry's
		 * pc on, so after one only that pc needs a look. */
		if (settle || pc == rpc) {
			for (;;) {
				f = &w->cf[w->ncf - 1];
				if (w->nst <= f->base) {
					if (w->ncf == 1) {
						w->done = 1;
						return RUN_DONE;
					}
					finish_call(L, w);
					continue;
				}
				t = &w->st[w->nst - 1];
				if (t->mask == 0 || t->pc == t->rpc) {
					w->nst--;
					continue;
				}
				break;
			}
			settle = 0;
			pc = t->pc;
			rpc = t->rpc;
			tmask = t->mask;
			r = f->r;
		}
		xi = &code[pc];
		if (!CHECKED && xi->plain && tmask && !budget) {
			int k = plainrun(L, w, r, pc, rpc, slice + 1, tmask);
			if (k) {
				pc += k;
				t->pc = pc;
				slice -= k - 1;
				continue;
			}
		}
		m = tmask;
		if (xi->guard >= 0)
			m &= pmask(r + (size_t)xi->guard * WARP) ^ (xi->gneg ? 0xffffffffu : 0);
		n = popc(m);
		L->wsteps++;
		L->steps += n;
		if (L->st) {
			L->st[pc].executions++;
			L->st[pc].active_threads += n;
		}
		if (budget && L->steps > L->budget) {
			interp_fault(L, w, m ? __builtin_ctz(m) : -1, xi, PTX_FAULT_BUDGET, 0, 0,
			    "more than %" PRIu64 " thread-instructions (see --max-steps)", L->budget);
			return RUN_FAULT;
		}
#ifdef INTERP_CHECK
		if (RACECHK(L))
			interp_chk_order(L, w, xi, m);
		if (ASYNCCHK(L)) {
			interp_chk_async(L, w, xi, m);
			if (L->fault)
				return RUN_FAULT;
		}
		if (L->chk & (PTX_CHECK_SYNCCHECK | PTX_CHECK_INITCHECK)) {
			if (L->chk & PTX_CHECK_SYNCCHECK)
				interp_chk_sync(L, w, xi, t->mask, m);
			if (L->chk & PTX_CHECK_INITCHECK) {
				interp_chk_regs(L, w, xi, t->mask, m);
				/* memory these write on paths of their own: initcheck
				 * stops following memory rather than report falsely */
				if (m && (xi->x == X_STMATRIX || xi->x == X_WMMAST || xi->x == X_BULK ||
				    xi->x == X_TMAP || xi->x == X_CLU))
					L->chkmemoff = 1;
			}
			if (L->fault)
				return RUN_FAULT;
		}
#endif
		if (!m && xi->x != X_BAR && xi->x != X_BRA && xi->x != X_BRX) {
			t->pc = ++pc;
			continue;
		}
		DISPATCH(xi->x) {
		CASE(X_ALU) {
			uint64_t src[64], dst[2] = {0, 0};
			if (xi->fast && !(xi->fpu && L->nofpu)) {
				fast(L, w, r, xi, m, xi->fast);
				t->pc = ++pc;
				continue;   /* straight-line, cannot fault */
			}
			FOR_LANES(m, l) {
				for (int k = 0; k < xi->ns; k++)
					src[k] = V(&xi->s[k], l);
				alu_exec(&xi->alu, src, dst, &w->cc[l]);
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, dst[k]);
			}
			t->pc++;
			NEXT;
		}
		CASE(X_MOV) {
			mov(L, w, r, xi, m);
			t->pc = ++pc;
			continue;
		}
		CASE(X_MOVPACK) {
			unsigned sh = xi->size * 8u;
			uint64_t mk = sh >= 64 ? ~0ull : (1ull << sh) - 1;
			FOR_LANES(m, l) {
				uint64_t v = 0;
				for (int k = 0; k < xi->ns; k++)
					v |= (V(&xi->s[k], l) & mk) << (sh * (unsigned)k);
				SET(&xi->d[0], l, v);
			}
			t->pc++;
			NEXT;
		}
		CASE(X_MOVUNPACK) {
			unsigned sh = xi->size * 8u;
			uint64_t mk = sh >= 64 ? ~0ull : (1ull << sh) - 1;
			FOR_LANES(m, l) {
				uint64_t v = V(&xi->s[0], l);
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, (v >> (sh * (unsigned)k)) & mk);
			}
			t->pc++;
			NEXT;
		}
		CASE(X_LD) {
			uint64_t ad[WARP];   /* the lanes' addresses, for the counters */
			unsigned sz = xi->size, tot = sz * xi->nd;
			if (access(L, w, r, xi, m)) {
				t->pc = ++pc;
				continue;
			}
			FOR_LANES(m, l) {
				uint64_t a = ADDR(xi, l);
				uint8_t *p = interp_xlate(L, w, (int)l, xi->space, a, tot, 0, xi);
				ad[l] = a;
				if (!p)
					return RUN_FAULT;
#ifdef INTERP_CHECK
				if (INITMEM(L))
					interp_chk_load(L, w, l, xi, a, p, tot);
				if (MEMCHK(L))
					interp_chk_access(L, w, l, xi, a, p, tot, 0);
				if (RACECHK(L))
					interp_chk_race(L, w, l, xi, a, p, tot, PTX_ACCESS_READ);
				if (L->async)
					interp_chk_async_load(L, w, l, xi, a, p, tot);
				if (L->mbchk)
					interp_chk_bulk_load(L, w, l, xi, a, p, tot);
#endif
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, ldval(p + k * sz, sz, xi->sign));
			}
			if (L->st)
				interp_count_mem(L, xi, m, ad, tot);
			t->pc++;
			NEXT;
		}
		CASE(X_ST) {
			uint64_t ad[WARP];   /* the lanes' addresses, for the counters */
			unsigned sz = xi->size, tot = sz * xi->ns;
			if (access(L, w, r, xi, m)) {
				t->pc = ++pc;
				continue;
			}
			FOR_LANES(m, l) {
				uint64_t a = ADDR(xi, l);
				uint8_t *p = interp_xlate(L, w, (int)l, xi->space, a, tot, 1, xi);
				ad[l] = a;
				if (!p)
					return RUN_FAULT;
#ifdef INTERP_CHECK
				/* racecheck: a store that leaves memory as it was races
				 * with nothing (replicated layouts store one value from
				 * several warps) */
				uint8_t was[64];
				int same = RACECHK(L) && tot <= sizeof was;
				if (same)
					memcpy(was, p, tot);
#endif
				for (int k = 0; k < xi->ns; k++)
					memput(p + k * sz, V(&xi->s[k], l), sz);
				UNPOISON(L, p, tot);
#ifdef INTERP_CHECK
				if (L->lpend)
					interp_chk_local_store(L, w, l, xi, p, tot);
				if (MEMCHK(L))
					interp_chk_access(L, w, l, xi, a, p, tot, 1);
				if (RACECHK(L) && !(same && memcmp(was, p, tot) == 0))
					interp_chk_race(L, w, l, xi, a, p, tot, PTX_ACCESS_WRITE);
				if (ASYNCCHK(L))
					interp_chk_proxy_store(L, w, l, xi, p, tot);
#endif
			}
			if (L->st)
				interp_count_mem(L, xi, m, ad, tot);
			t->pc++;
			NEXT;
		}
		CASE(X_ATOM) {
			uint64_t ad[WARP];   /* the lanes' addresses, for the counters */
			unsigned sz = xi->size, nv = (unsigned)xi->aux >> 8;   /* nv > 1: a vector add */
			FOR_LANES(m, l) {
				uint64_t a = ADDR(xi, l);
				uint8_t *p = interp_xlate(L, w, (int)l, xi->space, a, sz * nv, 1, xi);
				/* global memory's atomics run in the L2, shared memory's in the SM */
				int l2 = xi->space == MS_GLOBAL || (xi->space == MS_GENERIC && a - SHARED_WIN >= WIN_SIZE &&
				    a - LOCAL_WIN >= WIN_SIZE && a - PARAM_WIN >= WIN_SIZE);
				ad[l] = a;
				if (!p)
					return RUN_FAULT;
#ifdef INTERP_CHECK
				if (INITMEM(L)) {
					interp_chk_load(L, w, l, xi, a, p, sz * nv);
					interp_chk_unpoison(L->cx, p, sz * nv);
				}
				if (MEMCHK(L))
					interp_chk_access(L, w, l, xi, a, p, sz * nv, 1);
				if (RACECHK(L))
					interp_chk_race(L, w, l, xi, a, p, sz * nv, PTX_ACCESS_ATOMIC);
				if (ASYNCCHK(L))
					interp_chk_proxy_store(L, w, l, xi, p, sz * nv);
#endif
				if (L->sh)
					interp_atom_lock(L, p, 1);
				for (unsigned e = 0; e < nv; e++) {
					uint64_t old = 0, nw;
					memcpy(&old, p + e * sz, sz);
					nw = alu_atomic(xi->mod, xi->ty, old, V(&xi->s[nv > 1 ? e : 0], l),
					    nv == 1 && xi->ns > 1 ? V(&xi->s[1], l) : 0, l2);
					memcpy(p + e * sz, &nw, sz);
					if (xi->nd > e)
						SET(&xi->d[e], l, old);
				}
				if (L->sh)
					interp_atom_lock(L, p, 0);
			}
			if (L->st)
				interp_count_mem(L, xi, m, ad, sz * nv);
			t->pc++;
			NEXT;
		}
		CASE(X_CVTA)
		CASE(X_CVTATO) {
			cvta(L, w, r, xi, m);
			t->pc = ++pc;
			continue;
		}
		CASE(X_ISSPACEP) {
			FOR_LANES(m, l) {
				uint64_t v = V(&xi->s[0], l);
				int sh = v - SHARED_WIN < WIN_SIZE, lo = v - LOCAL_WIN < WIN_SIZE,
				    pa = v - PARAM_WIN < WIN_SIZE;
				/* shared::cta: the executing CTA's part of the window only */
				int res = xi->space == MS_CLUSTER ? sh : xi->space == MS_SHARED ?
				    (v - SHARED_WIN) >> 24 == w->cta->rank : xi->space == MS_LOCAL ? lo :
				    xi->space == MS_KPARAM ? pa : xi->space == MS_GLOBAL ? !sh && !lo && !pa : 0;
				SET(&xi->d[0], l, (uint64_t)res);
			}
			t->pc++;
			NEXT;
		}
		CASE(X_BRA) {
			uint32_t nt = t->mask & ~m;
			/* uniform: the stack stays as it is; the head of the loop
			 * settles only on reaching the reconvergence pc */
			if (!nt) {
				t->pc = pc = xi->target;
				continue;
			}
			if (!m) {
				t->pc = ++pc;
				continue;
			} else {
				if (L->st)
					L->st[t->pc].divergent++;
				if (diverge(L, w, xi->target, m, t->pc + 1, nt, xi->rpc))
					return RUN_FAULT;
			}
			NEXT;
		}
		CASE(X_BRX) {
			/* one path per distinct target; lanes without a guard stay behind */
			uint32_t rest = m, nt = t->mask & ~m;
			int32_t here = t->pc, rpc = xi->rpc, tgt0 = -1;
			int first = 1, split = m && nt;   /* divergent: lanes take different targets */
			if (nt) {
				if (diverge(L, w, here + 1, nt, here + 1, 0, rpc))
					return RUN_FAULT;
				first = 0;
			}
			while (rest) {
				uint32_t l0 = (uint32_t)__builtin_ctz(rest), grp = 0;
				uint64_t i0 = V(&xi->s[0], l0) & 0xffffffffu;
				int32_t tgt;
				if (i0 >= (uint64_t)xi->ntbl) {
					interp_fault(L, w, (int)l0, xi, PTX_FAULT_OOB, i0, 0,
					    "brx.idx index %" PRIu64 " is past the %d targets", i0, xi->ntbl);
					return RUN_FAULT;
				}
				tgt = xi->tbl[i0];
				if (tgt0 < 0)
					tgt0 = tgt;
				else if (tgt != tgt0)
					split = 1;
				FOR_LANES(rest, l)
					if ((V(&xi->s[0], l) & 0xffffffffu) == i0)
						grp |= 1u << l;
				rest &= ~grp;
				if (first && !rest) {
					w->st[w->nst - 1].pc = tgt;
				} else if (first) {
					SEnt *tt = &w->st[w->nst - 1];
					if (tt->rpc != rpc) {
						tt->pc = rpc;
						if (push(L, w, tgt, rpc, grp))
							return RUN_FAULT;
					} else {
						tt->pc = tgt;
						tt->mask = grp;
					}
				} else if (push(L, w, tgt, rpc, grp))
					return RUN_FAULT;
				first = 0;
			}
			if (split && L->st)
				L->st[here].divergent++;
			NEXT;
		}
		CASE(X_CALL) {
			if (xi->target < 0) {
				uint64_t fa = V(&xi->abase, __builtin_ctz(m));
				XFunc *cal;
				FOR_LANES(m, l)
					if (V(&xi->abase, l) != fa) {
						/* different callees: run the first one's lanes now, the rest after */
						uint32_t same = 0;
						FOR_LANES(m, k)
							if (V(&xi->abase, k) == fa)
								same |= 1u << k;
						if (diverge(L, w, t->pc, same, t->pc, m & ~same, t->pc + 1))
							return RUN_FAULT;
						goto next;
					}
				XFunc *near;
				cal = interp_fnat(L->pm, fa, &near);
				if (!cal && near) {
					interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_OOB, fa, 0,
					    "indirect call to 0x%" PRIx64 " ('%s' + 0x%" PRIx64 "), which is not a function",
					    fa, near->f->name ? near->f->name : "?", (uint64_t)((fa - FUNC_WIN) % FUNC_STEP));
					return RUN_FAULT;
				}
				if (!cal) {
					interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_OOB, fa, 0,
					    "indirect call to 0x%" PRIx64 ", which is not a function", fa);
					return RUN_FAULT;
				}
				if (cal->f->entry) {
					/* a kernel is launched, never called: its ret ends the thread */
					interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_OOB, fa, 0,
					    "indirect call to 0x%" PRIx64 ", the address of kernel '%s', which cannot be called",
					    fa, cal->f->name ? cal->f->name : "?");
					return RUN_FAULT;
				}
				if (cal->builtin || !cal->f->hasbody) {
					if (!cal->builtin || builtin(L, w, xi, cal->builtin, m))
						goto nobody;
					t->pc++;
				} else if (call(L, w, xi, cal, m))
					return RUN_FAULT;
				NEXT;
			} else {
				XFunc *cal = &L->pm->fn[xi->target];
				if (!cal->f->hasbody) {
					if (!cal->builtin)
						goto nobody;
					if (builtin(L, w, xi, cal->builtin, m))
						return RUN_FAULT;
					t->pc++;
				} else if (call(L, w, xi, cal, m))
					return RUN_FAULT;
				NEXT;
			}
		nobody:
			if (!L->fault)
				interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_UNSUPPORTED, 0, 0,
				    "call of an external function without a body");
			return RUN_FAULT;
		}
		CASE(X_END)
		CASE(X_RET) {
			if (w->ncf == 1) {
				interp_exited(L, w, m);
				NEXT;
			}
			for (int i = f->base; i < w->nst; i++)
				w->st[i].mask &= ~m;
			f->retmask |= m;
			NEXT;
		}
		CASE(X_EXIT) {
			interp_exited(L, w, m);
			NEXT;
		}
		CASE(X_TRAP) {
			interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_TRAP, 0, 0, "trap executed");
			return RUN_FAULT;
		}
		CASE(X_BRKPT) {
			interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_BRKPT, 0, 0, "brkpt executed");
			return RUN_FAULT;
		}
		CASE(X_BAR) {
			uint32_t id = (uint32_t)(xi->ns ? V(&xi->s[0], __builtin_ctz(t->mask)) : 0);
			uint32_t cnt = xi->ns > 1 ? (uint32_t)V(&xi->s[1], __builtin_ctz(t->mask)) : 0;
			t->pc++;
			if (!m)
				NEXT;
			if (id > 15) {
				interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_TRAP, 0, 0, "barrier id %u > 15", id);
				return RUN_FAULT;
			}
			interp_bar_arrive(L, w, (int)id, cnt, m, 1, 0, 0);
			if (w->blocked)
				return RUN_BLOCKED;
			NEXT;
		}
		CASE(X_BARARRIVE) {
			uint32_t id = (uint32_t)V(&xi->s[0], __builtin_ctz(m));
			uint32_t cnt = xi->ns > 1 ? (uint32_t)V(&xi->s[1], __builtin_ctz(m)) : 0;
			t->pc++;
			interp_bar_arrive(L, w, (int)(id & 15), cnt, m, 0, 0, 0);
			NEXT;
		}
		CASE(X_BARRED) {
			uint32_t id = (uint32_t)V(&xi->s[0], __builtin_ctz(m)), pred = 0, cnt = 0;
			const XOp *po = &xi->s[xi->ns - 1];
			if (xi->ns > 2)
				cnt = (uint32_t)V(&xi->s[1], __builtin_ctz(m));
			FOR_LANES(m, l)
				if (V(po, l) & 1)
					pred |= 1u << l;
			t->pc++;
			w->bdst = xi->d[0];
			interp_bar_arrive(L, w, (int)(id & 15), cnt, m, 1, xi->mod, pred);
			if (w->blocked)
				return RUN_BLOCKED;
			NEXT;
		}
		CASE(X_NOP)
		CASE(X_BARWARP) {
			t->pc++;
			NEXT;
		}
		CASE(X_SHFL) { shfl(L, w, r, xi, m); t->pc++; NEXT; }
		CASE(X_VOTE) { vote(L, w, r, xi, m); t->pc++; NEXT; }
		CASE(X_MATCH) { match(L, w, r, xi, m); t->pc++; NEXT; }
		CASE(X_REDUX) { redux(L, w, r, xi, m); t->pc++; NEXT; }
		CASE(X_ACTIVEMASK) {
			FOR_LANES(m, l)
				SET(&xi->d[0], l, m);
			t->pc++;
			NEXT;
		}
		CASE(X_ELECT) {
			uint32_t mm = m & (uint32_t)V(&xi->s[0], __builtin_ctz(m));
			uint32_t lead = mm ? (uint32_t)__builtin_ctz(mm) : 0;
			FOR_LANES(m, l) {
				if (xi->nd > 1) {
					SET(&xi->d[0], l, lead);
					SET(&xi->d[1], l, (uint64_t)(l == lead && mm));
				} else
					SET(&xi->d[0], l, (uint64_t)(l == lead && mm));
			}
			t->pc++;
			NEXT;
		}
		CASE(X_MOVN) {
			FOR_LANES(m, l) {
				uint64_t v[2] = { V(&xi->s[0], l), V(&xi->s[1], l) };
				SET(&xi->d[0], l, v[0]);
				SET(&xi->d[1], l, v[1]);
			}
			t->pc++;
			NEXT;
		}
		CASE(X_STACK) {
			if (stack(L, w, r, xi, m))
				return RUN_FAULT;
			t->pc++;
			NEXT;
		}
		CASE(X_CPASYNC) {
			if (cpasync(L, w, r, xi, m))
				return RUN_FAULT;
			t->pc++;
			NEXT;
		}
		CASE(X_LDMATRIX) {
			uint64_t ad[WARP], v[4][WARP];
			for (uint32_t l = 0; l < WARP; l++)
				ad[l] = ADDR(xi, l);
			if (interp_ldmatrix(L, w, xi, m, ad, v))
				return RUN_FAULT;
			FOR_LANES(m, l)
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, v[k][l]);
			t->pc++;
			NEXT;
		}
		CASE(X_STMATRIX) {
			uint64_t ad[WARP], v[4][WARP];
			for (uint32_t l = 0; l < WARP; l++) {
				ad[l] = ADDR(xi, l);
				for (int k = 0; k < xi->ns; k++)
					v[k][l] = V(&xi->s[k], l);
			}
			if (interp_stmatrix(L, w, xi, m, ad, v))
				return RUN_FAULT;
			t->pc++;
			NEXT;
		}
		CASE(X_MOVMATRIX) {
			uint64_t v[WARP], d[WARP];
			for (uint32_t l = 0; l < WARP; l++)
				v[l] = V(&xi->s[0], l);
			interp_movmatrix(v, d);
			FOR_LANES(m, l)
				SET(&xi->d[0], l, d[l]);
			t->pc++;
			NEXT;
		}
		CASE(X_WMMALD)
		CASE(X_WMMAST) {
			/* wmma.c: the first active lane's address and stride, all lanes' registers */
			uint64_t v[8][WARP], base, ld = ~0ull;
			uint32_t l0 = (uint32_t)__builtin_ctz(m);
			int st = xi->x == X_WMMAST, nr = interp_wmma_nregs(xi->mod & 3, xi->aux, xi->ty);
			base = ADDR(xi, l0);
			if (st ? xi->ns > nr : xi->ns > 0)
				ld = (uint32_t)V(&xi->s[st ? nr : 0], l0);
			for (uint32_t l = 0; st && l < WARP; l++)
				for (int k = 0; k < nr; k++)
					v[k][l] = V(&xi->s[k], l);
			if (interp_wmma_ldst(L, w, xi, m, base, ld, v, st))
				return RUN_FAULT;
			FOR_LANES(m, l)
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, v[k][l]);
			t->pc++;
			NEXT;
		}
		CASE(X_MMA)
		CASE(X_WMMA) {
			/* the warp's fragments in, D's out (mma.c, wmma.c) */
			uint64_t v[24][WARP], d[8][WARP];
			for (uint32_t l = 0; l < WARP; l++)
				for (int k = 0; k < xi->ns; k++)
					v[k][l] = V(&xi->s[k], l);
			(xi->x == X_MMA ? interp_mma : interp_wmma_mma)(xi, v, d);
			FOR_LANES(m, l)
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, d[k][l]);
			t->pc++;
			NEXT;
		}
		CASE(X_WGMMA) {
			/* the registers of all 32 lanes: s[0..nd) is D, read and written */
			uint64_t v[WGMMA_MAXOPS][WARP];
			for (uint32_t l = 0; l < WARP; l++)
				for (int k = 0; k < xi->ns; k++)
					v[k][l] = V(&xi->s[k], l);
			if (interp_wgmma(L, w, xi, v))
				return RUN_FAULT;
			FOR_LANES(m, l)
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->s[k], l, v[k][l]);
			t->pc++;
			NEXT;
		}
		CASE(X_MBAR)
		CASE(X_BULK)
		CASE(X_CLU)
		CASE(X_TMAP) {
			/* mbarrier.c, bulk.c, tensormap.c: the lanes' addresses and sources in, one destination out */
			uint64_t ad[WARP], v[XNS][WARP], d[WARP];
			int rc;
			FOR_LANES(m, l) {
				ad[l] = ADDR(xi, l);
				for (int k = 0; k < xi->ns; k++)
					v[k][l] = V(&xi->s[k], l);
				d[l] = 0;
			}
			rc = xi->x == X_MBAR ? interp_mbar(L, w, xi, m, ad, v, d) :
			    xi->x == X_BULK ? interp_bulk(L, w, xi, m, ad, v) :
			    xi->x == X_CLU ? interp_clu(L, w, xi, m, ad, v, d) : interp_tmap(L, w, xi, m, ad, v);
			if (rc == XR_FAULT)
				return RUN_FAULT;
			if (rc == XR_WAIT)
				return RUN_BLOCKED;
			if (xi->nd)
				FOR_LANES(m, l)
					SET(&xi->d[0], l, d[l]);
			t->pc++;
			if (rc == XR_PAUSE)
				return RUN_BLOCKED;
			NEXT;
		}
		CASE(X_TEX) {
			/* tex.c, surf.c: the lanes' sources in, up to eight destinations out */
			uint64_t v[TEXNS][WARP], d[8][WARP];
			FOR_LANES(m, l)
				for (int k = 0; k < xi->ns; k++)
					v[k][l] = V(&xi->s[k], l);
			if (interp_tex(L, w, xi, m, v, d))
				return RUN_FAULT;
			FOR_LANES(m, l)
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, d[k][l]);
			t->pc++;
			NEXT;
		}
		CASE(X_UNSUPPORTED) {
			interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_UNSUPPORTED, 0, 0,
			    "the interpreter does not implement '%s'", ir_opinfo[xi->in->op].name);
			return RUN_FAULT;
		}
#ifndef INTERP_COMPUTED_GOTO
		default:
			interp_fault(L, w, -1, xi, PTX_FAULT_UNSUPPORTED, 0, 0, "bad decoded instruction");
			return RUN_FAULT;
#endif
		}
	next:
		if (L->fault)
			return RUN_FAULT;
		settle = !straight[xi->x];
		if (!settle)
			pc = t->pc;
	}
	return RUN_SLICE;
}

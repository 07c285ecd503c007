/*
 * exec_mem.h -- part of exec.c (exec.h): memory.  interp_xlate turns one
 * lane's address into a host pointer, or reports the fault; the warp-wide
 * accesses (access: co32, ldst, kparam) take a load or store whole when
 * plan.c's shape and the lanes' addresses allow, and leave it untouched
 * otherwise to ldlanes and stlanes, which go lane by lane.  atomlanes and
 * cpasync always go lane by lane.
 */
#include "exec.h"

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
		if ((al = globalloc(L, a, size)))
			return al->p + (a - al->addr);
		/* below a context's first allocation, where a GPU's driver keeps memory */
		if (L->cx->nzero && (base = interp_mem_zero(L->cx, a, size, write, NULL)))
			return base;
		break;
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
	interp_fault(L, w, lane, xi, PTX_FAULT_OOB, a, size, "%s %s of %u bytes at 0x%" PRIx64 " is %s",
	    spacename[space], write ? "store" : "load", size, a, space != MS_GLOBAL ? space == MS_SHARED ?
	    "outside the CTA's shared memory" : space == MS_LOCAL ? "outside the thread's local memory" :
	    "outside the parameter buffer" : interp_mem_freed(L->cx, a) ? "in memory already freed" :
	    "outside every allocation");
	return NULL;
}
#endif

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
	int whole = 0;    /* a partial warp whose every lane's address is in range and aligned */

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
	} else if (base && interp_addr_plane(base, aoff, lo, lim - sz, sz, ad,
	    xi->a32 ? 0xffffffffu : ~(uint64_t)0)) {
		/* a partial warp whose inactive lanes' addresses lie in range too,
		 * as they mostly do: all 32 checked at once, and loads may read
		 * them all (below) */
		whole = 1;
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
		else if (whole && sz == 4 && !xi->sign) {   /* every lane in range: read all, keep m's */
			interp_gather32(mem, lo, ad, val);
			interp_blend(d, val, m);
		} else
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
	if (xi->shape == SHAPE_KPARAM && m == 0xffffffffu) {
		/* kernel parameters: never uninitialized, stored to or shared */
		kparam(L, r, xi, m);
		return 1;
	}
	/* the per-lane path, which the checks follow: asynccheck's too,
	 * whose loads of a copy in flight and stores under a proxy or into a
	 * copy's source the warp-wide paths here do not see */
	if (INITMEM(L) || MEMCHK(L) || RACECHK(L) || ASYNCCHK(L))
		return 0;
	switch (xi->shape) {
	case SHAPE_KPARAM:
		break;
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

#ifdef INTERP_CHECK
/* A full warp's load or store of one value a lane (SHAPE_WHOLE or
 * SHAPE_CO32) in the checked executor: the lanes' guest addresses (ad)
 * and host ones (hp), found as ldst finds them, when every lane's access
 * lies in the first lane's allocation or the CTA's shared memory,
 * aligned, so that no lane can fault and interp_xlate would answer the
 * same; span[0] and span[1], the lowest and the highest of the hp (the
 * one place the warp-wide path finds them: initcheck's one-page test,
 * chk_clean, and racecheck, interp_chk_race_span, take them from here
 * rather than each walking the 32 lanes again).  2 when the lanes'
 * addresses are consecutive by the access's size (hp[l] = hp[0] + l *
 * size: interp_addr_run's test, which rules other patterns out at its
 * second lane), else 1; 0: the per-lane path, which translates each
 * lane. */
static int
chk_lanes(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m, uint64_t *ad, uint8_t **hp,
          uintptr_t span[2])
{
	uint64_t aoff, lo, lim, wrap = xi->a32 ? 0xffffffffu : ~(uint64_t)0;
	const uint64_t *base;
	unsigned sz = xi->size;
	uint8_t *mem;

	if (m != 0xffffffffu || xi->abase.k != XO_REG || (xi->shape != SHAPE_WHOLE && xi->shape != SHAPE_CO32))
		return 0;
	aoff = (uint64_t)xi->aoff + shadd(L, w, xi);
	base = r + (size_t)xi->abase.r * WARP;
	if (xi->space == MS_SHARED) {
		mem = w->cta->shared + SMEM_RSV, lo = w->cta->shbase + SMEM_RSV, lim = w->cta->nshared - SMEM_RSV;
	} else if (xi->space == MS_GLOBAL || xi->space == MS_GENERIC) {
		Alloc *al = globalloc(L, a32(xi, base[0] + aoff), sz);
		if (!al)
			return 0;
		/* memcheck reports an access of the slack, and one outside a
		 * module's variable: the lanes' path */
		mem = al->p, lo = al->addr, lim = al->size - (MEMCHK(L) ? al->slack : 0);
		if (MEMCHK(L) && al->vargap) {
			const VarSpan *v = interp_mem_var(al, a32(xi, base[0] + aoff));
			mem += v->off, lo += v->off, lim = v->size;
		}
		if (lo < FUNC_WIN + 4 * WIN_SIZE && lo + lim > FUNC_WIN)
			return 0;   /* would reach the windows of the other spaces */
	} else
		return 0;
	if (lim < sz)
		return 0;
	if (sz <= 8 && base[1] == base[0] + sz && interp_addr_run(base, aoff, lo, lim - sz, sz, ad, wrap, 1)) {
		/* lanes at consecutive addresses, the coalesced access: the
		 * host addresses follow from the first lane's, and the callers
		 * move and mark the lanes' bytes as one range (2) */
		uint8_t *h0 = mem + (ad[0] - lo);
		interp_hosts_run(h0, sz, hp);
		span[0] = (uintptr_t)h0;
		span[1] = (uintptr_t)(h0 + (size_t)(WARP - 1) * sz);
		return 2;
	}
	/* each ad[l] - lo <= lim - sz, or 0 */
	return interp_addr_chk(base, aoff, lo, lim - sz, sz, ad, wrap, mem, hp, span);
}
#endif

/* ---------------------------------------------------------------- lane by lane */

#ifdef INTERP_CHECK
/* The bits of an n-byte access, n <= 64. */
static inline uint64_t
nbits(unsigned n)
{
	return n >= 64 ? ~0ull : (1ull << n) - 1;
}

/* The checks before lane l loads n bytes at host p (guest a), in the order
 * check*.c want them; inline, the common answers: initcheck, bytes of
 * which at least one is written (its page's shadow is the one found last,
 * or known to be missing); memcheck, a load that is not non-coherent (nc,
 * asked once for the instruction). */
static inline void
chk_load(Launch *L, Warp *w, uint32_t l, const XIns *xi, uint64_t a, const uint8_t *p, unsigned n, int nc)
{
	uint64_t b;

	if (INITMEM(L) && L->cx->shadow && !(interp_chk_quick(L->cx->shadow, p, n, &b) && b != nbits(n)))
		interp_chk_load(L, w, l, xi, a, p, n);
	if (nc)
		interp_chk_access(L, w, l, xi, a, p, n, 0);
	if (MEMCHK(L) && L->cx->nslack)
		interp_chk_slack(L, w, l, xi, a, n, PTX_ACCESS_READ);
	if (RACECHK(L))
		interp_chk_race(L, w, l, xi, a, p, n, PTX_ACCESS_READ);
	if (L->async)
		interp_chk_async_load(L, w, l, xi, a, p, n);
}

/* Sets the bits of [p, p + n) in s inline when they lie in one word of the
 * page it found last; 0: interp_chk_mark's work. */
static inline int
chk_quickset(struct ChkShadow *s, const uint8_t *p, unsigned n)
{
	uintptr_t h = (uintptr_t)p, off = h % CHK_PAGE;
	ChkPage *pg;
	uint64_t m, b;

	if (!s || !(pg = s->last) || pg->key != h / CHK_PAGE + 1 || !n || n > 64 || off % 64 + n > 64)
		return 0;
	m = nbits(n) << off % 64;
	b = pg->bits[off / 64];
	if ((b & m) != m) {
		pg->bits[off / 64] = b | m;
		pg->nset += popc((uint32_t)(m & ~b)) + popc((uint32_t)((m & ~b) >> 32));
	}
	return 1;
}

/* Whether the shadow s has no bit set for the bytes the lanes' accesses
 * of n bytes at hp[lane] touch, when they all lie on one page: the
 * common case, a warp's access to one array, answered with one lookup.
 * span: the lowest and highest hp (chk_lanes). */
static inline int
chk_clean(struct ChkShadow *s, uint8_t *const *hp, const uintptr_t span[2], unsigned n)
{
	const ChkPage *pg;

	if (span[0] / CHK_PAGE != (span[1] + n - 1) / CHK_PAGE)
		return 0;
	pg = interp_chk_page(s, hp[0]);
	return !pg || !pg->nset;
}

/* Whether no lane's load of n bytes at hp[lane] is of uninitialized
 * memory (at least one of its bytes written: interp_chk_load's test). */
static inline int
chk_written(Launch *L, uint8_t *const *hp, const uintptr_t span[2], unsigned n)
{
	uint64_t b;

	if (!INITMEM(L) || !L->cx->shadow)
		return 1;
	if (chk_clean(L->cx->shadow, hp, span, n))
		return 1;
	for (uint32_t l = 0; l < WARP; l++)
		if (interp_chk_quick(L->cx->shadow, hp[l], n, &b) ? b == nbits(n) :
		    interp_chk_count(L->cx->shadow, hp[l], n) == n)
			return 0;
	return 1;
}

/* initcheck after a store of n bytes at host p: they are written; nothing
 * to do when none was poisoned. */
static inline void
chk_unpoison(Launch *L, const uint8_t *p, unsigned n)
{
	uint64_t b;

	if (INITMEM(L) && L->cx->shadow && !(interp_chk_quick(L->cx->shadow, p, n, &b) && !b))
		interp_chk_unpoison(L->cx, p, n);
}

/* memcheck after a store: the common case, no .const variables and no
 * non-coherent loads so far, only marks the bytes stored to. */
static inline void
chk_store(Launch *L, Warp *w, uint32_t l, const XIns *xi, uint64_t a, const uint8_t *p, unsigned n)
{
	if (L->cx->nkonst || L->ncread || !chk_quickset(L->wrote, p, n))
		interp_chk_access(L, w, l, xi, a, p, n, 1);
	if (L->cx->nslack)
		interp_chk_slack(L, w, l, xi, a, n, PTX_ACCESS_WRITE);
}
#endif



/* Element k of a store's value for lane l: where bit k of xi->psrc is
 * set (a vector holding a predicate, load.c vecpreds), 1 or 0 for each
 * element (ST_PNZ) or 0xffffffff or 0 for each predicate (ST_PM1); where
 * bit k of xi->sign is (st.f32 of a .b64 register, load.c st_converts),
 * the register's value as an unsigned integer rounded to f32, as ptxas
 * compiles it (I2F.U64). */
static inline uint64_t
stval(Launch *L, Warp *w, uint64_t *r, const XIns *xi, int k, uint32_t l)
{
	uint64_t v = V(&xi->s[k], l);
	if (xi->psrc >> k & 1)
		return xi->mod == ST_PNZ ? (uint32_t)v != 0 : v ? 0xffffffffu : 0;
	return xi->sign >> k & 1 ? alu_u64f32(v) : v;
}

/* A load's or an atom's destinations that are predicates (bit k of
 * xi->pdst, load.c vecpreds), set by their words' non-zero after the
 * words went in as they do for registers: a predicate is read by its
 * low bit (interp_pmask). */
static inline void
predfix(uint64_t *r, const XIns *xi, uint32_t m)
{
	for (int k = 0; k < xi->nd; k++)
		if (xi->pdst >> k & 1 && xi->d[k].k == XO_REG) {
			uint64_t *d = r + (size_t)xi->d[k].r * WARP;
			FOR_LANES(m, l)
				d[l] = (uint32_t)d[l] != 0;
		}
}

/* Lane l's host pointer for n bytes, its address left in ad[l]: taken from
 * hp when the warp was translated whole (chk_lanes filled hp and ad), else
 * translated here.  NULL after a fault.  One place for ldlanes and
 * stlanes; unchecked builds pass hp = NULL, which folds away. */
static inline uint8_t *
lanehost(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t l, unsigned n, int store,
         uint8_t *const *hp, uint64_t *ad)
{
	if (hp)
		return hp[l];
	ad[l] = ADDR(xi, l);
	return interp_xlate(L, w, (int)l, xi->space, ad[l], n, store, xi);
}

#ifdef INTERP_CHECK
#define HPWHOLE(hp) (whole ? (hp) : NULL)
#else
#define HPWHOLE(hp) NULL
#endif

/* ld of the lanes of m, each address translated (interp_xlate), the general
 * path behind access(): any space, vectors, faults reported with the lane.
 * Checked, a whole warp's aligned access within one allocation that no
 * check but racecheck can report takes the warp-wide path (chk_lanes).
 * -1 after a fault. */
/* ldlanes_at: with chk_lanes's answer (whole) and what it found (ad, hp,
 * span) given, as plainrun_check takes into its stretch a load that
 * chk_lanes finds whole (no lane can fault); the unchecked executor's
 * whole is 0 */
static HOT_INLINE int
ldlanes_at(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m, uint64_t *ad, uint8_t **hp,
           uintptr_t span[2], int whole)
{
	unsigned sz = xi->size, tot = sz * xi->nd;

	(void)hp, (void)span, (void)whole;
#ifdef INTERP_CHECK
	int nc = MEMCHK(L) && xi->space != MS_SHARED && interp_chk_noncoherent(xi);   /* ldu and .nc: global */
	if (whole && !nc && !interp_chk_async_pending(L) && !interp_chk_bulk_pending(L) &&
	    chk_written(L, hp, span, tot)) {
		/* neither initcheck nor memcheck can report a lane: racecheck
		 * takes them together, every lane of the warp, so that the
		 * span chk_lanes found is theirs */
		if (RACECHK(L))
			interp_chk_race_span(L, w, m, xi, ad, hp, tot, PTX_ACCESS_READ, span[0], span[1], whole == 2);
		/* the values, from the lanes' host addresses chk_lanes found:
		 * ldst would find them again to move the same bytes, so it is
		 * asked only for the counters' sake (L->st), which it keeps as
		 * the unchecked run does.  tests/check.test's clean kernels and
		 * bench/check.sh compare the values with an unchecked run's. */
		if (!L->st || !ldst(L, w, r, xi, m, 0)) {
			if (xi->d[0].k == XO_REG) {
				uint64_t *d = r + (size_t)xi->d[0].r * WARP;
				if (sz == 4 && !xi->sign && whole == 2)   /* consecutive words */
					interp_widen32(hp[0], d);
				else if (sz == 4 && !xi->sign)   /* the common word, without ldval's switch a lane */
					interp_load32(hp, d);
				else
					for (uint32_t l = 0; l < WARP; l++)
						d[l] = ldval(hp[l], sz, xi->sign);
			}
			if (L->st)
				interp_count_mem(L, xi, m, ad, tot);
		}
		return 0;
	}
#endif
	FOR_LANES(m, l) {
		uint8_t *p = lanehost(L, w, r, xi, l, tot, 0, HPWHOLE(hp), ad);
		if (!p)
			return -1;
#ifdef INTERP_CHECK
		chk_load(L, w, l, xi, ad[l], p, tot, nc);
		if (L->mbchk)
			interp_chk_bulk_load(L, w, l, xi, ad[l], p, tot);
#endif
		for (int k = 0; k < xi->nd; k++)
			SET(&xi->d[k], l, ldval(p + k * sz, sz, xi->sign));
	}
	if (L->st)
		interp_count_mem(L, xi, m, ad, tot);
	return 0;
}

static HOT_INLINE int
ldlanes(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	uint64_t ad[WARP];   /* the lanes' addresses, for the counters */
#ifdef INTERP_CHECK
	uint8_t *hp[WARP];
	uintptr_t span[2];

	return ldlanes_at(L, w, r, xi, m, ad, hp, span, chk_lanes(L, w, r, xi, m, ad, hp, span));
#else
	return ldlanes_at(L, w, r, xi, m, ad, NULL, NULL, 0);
#endif
}

/* st of the lanes of m, as ldlanes (stlanes_at, as ldlanes_at). */
static HOT_INLINE int
stlanes_at(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m, uint64_t *ad, uint8_t **hp,
           uintptr_t span[2], int whole)
{
	unsigned sz = xi->size, tot = sz * xi->ns;

	(void)hp, (void)span, (void)whole;
#ifdef INTERP_CHECK
	if (whole && !L->lpend && (!MEMCHK(L) || (!L->cx->nkonst && !L->ncread))) {
		/* no check can report a lane's store but racecheck, which
		 * takes the lanes that changed memory together */
		uint32_t changed = 0;
		int clean = INITMEM(L) && L->cx->shadow && chk_clean(L->cx->shadow, hp, span, sz);
		int px = ASYNCCHK(L) && interp_chk_proxy_follows(L);
		int src = COPYCHK(L) && interp_chk_src_pending(L);
		int run = whole == 2;   /* lane l's bytes follow lane l - 1's: one range for the shadows */
		if (run && sz == 4 && xi->s[0].k == XO_REG && !(xi->sign & 1))
			changed = interp_store32(hp[0], r + (size_t)xi->s[0].r * WARP);
		else if (sz == 4 && xi->s[0].k == XO_REG && !(xi->sign & 1)) {
			/* words from a register, stval's value without its
			 * conversion test a lane */
			const uint64_t *v = r + (size_t)xi->s[0].r * WARP;
			for (uint32_t l = 0; l < WARP; l++) {
				uint32_t was, now = (uint32_t)v[l];
				memcpy(&was, hp[l], 4);
				memcpy(hp[l], &now, 4);
				changed |= (uint32_t)(was != now) << l;
			}
		} else
			for (uint32_t l = 0; l < WARP; l++) {
				uint64_t was = memget(hp[l], sz);
				memput(hp[l], stval(L, w, r, xi, 0, l), sz);
				changed |= (uint32_t)(memget(hp[l], sz) != was) << l;
			}
		/* the shadows' bits do not depend on the order the lanes are
		 * marked in, and memcheck reports nothing here */
		if (!clean && run)
			chk_unpoison(L, hp[0], WARP * sz);
		if (MEMCHK(L) && run)
			interp_chk_mark(L->cx, &L->wrote, hp[0], WARP * sz, 1);
		for (uint32_t l = 0; (!run || px || src) && l < WARP; l++) {
			if (!clean && !run)
				chk_unpoison(L, hp[l], sz);
			if (MEMCHK(L) && !run)
				chk_store(L, w, l, xi, ad[l], hp[l], sz);
			if (px)
				interp_chk_proxy_store(L, w, l, xi, hp[l], sz);
			if (src)
				interp_chk_src_store(L, w, l, xi, ad[l], hp[l], sz);
		}
		/* racecheck follows the lanes that changed memory: all of them
		 * (the span is theirs), some (their own span), or none (nothing
		 * to follow: interp_chk_race_lanes would look at no lane) */
		if (RACECHK(L) && changed == 0xffffffffu)
			interp_chk_race_span(L, w, changed, xi, ad, hp, sz, PTX_ACCESS_WRITE, span[0], span[1], run);
		else if (RACECHK(L) && changed)
			interp_chk_race_lanes(L, w, changed, xi, ad, hp, sz, PTX_ACCESS_WRITE);
		if (L->st)
			interp_count_mem(L, xi, m, ad, tot);
		return 0;
	}
#endif
	FOR_LANES(m, l) {
		uint8_t *p = lanehost(L, w, r, xi, l, tot, 1, HPWHOLE(hp), ad);
		if (!p)
			return -1;
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
			memput(p + k * sz, stval(L, w, r, xi, k, l), sz);
#ifdef INTERP_CHECK
		chk_unpoison(L, p, tot);
		if (L->lpend)
			interp_chk_local_store(L, w, l, xi, p, tot);
		if (MEMCHK(L))
			chk_store(L, w, l, xi, ad[l], p, tot);
		if (RACECHK(L) && !(same && memcmp(was, p, tot) == 0))
			interp_chk_race(L, w, l, xi, ad[l], p, tot, PTX_ACCESS_WRITE);
		if (ASYNCCHK(L))
			interp_chk_proxy_store(L, w, l, xi, p, tot);
		if (COPYCHK(L) && interp_chk_src_pending(L))
			interp_chk_src_store(L, w, l, xi, ad[l], p, tot);
#endif
	}
	if (L->st)
		interp_count_mem(L, xi, m, ad, tot);
	return 0;
}

static HOT_INLINE int
stlanes(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	uint64_t ad[WARP];   /* the lanes' addresses, for the counters */
#ifdef INTERP_CHECK
	uint8_t *hp[WARP];
	uintptr_t span[2];

	return stlanes_at(L, w, r, xi, m, ad, hp, span, chk_lanes(L, w, r, xi, m, ad, hp, span));
#else
	return stlanes_at(L, w, r, xi, m, ad, NULL, NULL, 0);
#endif
}

/* atom and red of the lanes of m (xi->aux >> 8 > 1: a vector add), one
 * lane after the other, each under the lock of its address when CTAs run
 * on several host threads (L->sh).  -1 after a fault. */
static HOT_INLINE int
atomlanes(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	uint64_t ad[WARP];   /* the lanes' addresses, for the counters */
	unsigned sz = xi->size, nv = (unsigned)xi->aux >> 8;

	FOR_LANES(m, l) {
		uint64_t a = ADDR(xi, l);
		uint8_t *p = interp_xlate(L, w, (int)l, xi->space, a, sz * nv, 1, xi);
		/* global memory's atomics run in the L2, shared memory's in the SM */
		int l2 = interp_isglobal(xi->space, a);
		ad[l] = a;
		if (!p)
			return -1;
#ifdef INTERP_CHECK
		if (INITMEM(L)) {
			interp_chk_load(L, w, l, xi, a, p, sz * nv);
			interp_chk_unpoison(L->cx, p, sz * nv);
		}
		if (MEMCHK(L))
			interp_chk_access(L, w, l, xi, a, p, sz * nv, 1);
		if (MEMCHK(L) && L->cx->nslack)
			interp_chk_slack(L, w, l, xi, a, sz * nv, PTX_ACCESS_ATOMIC);
		if (RACECHK(L))
			interp_chk_race(L, w, l, xi, a, p, sz * nv, PTX_ACCESS_ATOMIC);
		if (ASYNCCHK(L))
			interp_chk_proxy_store(L, w, l, xi, p, sz * nv);
		if (COPYCHK(L) && interp_chk_src_pending(L))
			interp_chk_src_store(L, w, l, xi, a, p, sz * nv);
#endif
		if (L->sh)
			interp_atom_lock(L, p, 1);
		if (xi->aux & ATOM_B128) {
			/* exch or cas of 16 bytes, as one: s = {b.lo, b.hi} or
			 * {cmp.lo, cmp.hi, new.lo, new.hi} */
			uint64_t old[2], nw[2];
			int cas = xi->mod == MOD_CAS;
			memcpy(old, p, 16);
			nw[0] = V(&xi->s[cas ? 2 : 0], l);
			nw[1] = V(&xi->s[cas ? 3 : 1], l);
			if (!cas || (old[0] == V(&xi->s[0], l) && old[1] == V(&xi->s[1], l)))
				memcpy(p, nw, 16);
			for (unsigned e = 0; e < 2 && e < xi->nd; e++)
				SET(&xi->d[e], l, old[e]);
		}
		for (unsigned e = 0; e < ((xi->aux & ATOM_B128) ? 0 : nv); e++) {
			uint64_t old = 0, nw, b = V(&xi->s[nv > 1 ? e : 0], l);
			if (xi->aux & (ATOM_SPLITLO | ATOM_SPLITHI))   /* fold.c: interp_fold_atom */
				b = (b >> 32 & 0xFFFF) << 16 | ((xi->aux & ATOM_SPLITHI ? b >> 32 : b) & 0xFFFF);
			if (xi->aux & ATOM_SPLITPAIR)   /* the high half: the pair's high word's low half */
				b = (V(&xi->s[1], l) & 0xFFFF) << 16 | (b & 0xFFFF);
			if (xi->aux & (ATOM_HIZERO | ATOM_HISEXT))
				b = (b & 0xFFFF) | ((xi->aux & ATOM_HISEXT) && (b & 0x80000000u) ? 0xFFFF0000u : 0);
			if (xi->aux & ATOM_CNOT)
				b = b ? 0x7FFF7FFFu : 0x80008000u;
			if (xi->psrc >> e & 1)
				b = b ? 0xffffffffu : 0;
			memcpy(&old, p + e * sz, sz);
			nw = alu_atomic(xi->mod, xi->ty, old, b, nv == 1 && xi->ns > 1 ? V(&xi->s[1], l) : 0,
			    (l2 ? ALU_ATOM_L2 : 0) | (xi->aux & ATOM_VALNAN ? ALU_ATOM_VALNAN : 0));
			memcpy(p + e * sz, &nw, sz);
			if (xi->nd > e)
				SET(&xi->d[e], l, old);
		}
		if (L->sh)
			interp_atom_lock(L, p, 0);
	}
	if (L->st)
		interp_count_mem(L, xi, m, ad, sz * nv);
	return 0;
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
#ifdef INTERP_CHECK
		if (INITMEM(L)) {   /* the bytes read keep their state; the zeros after them are written */
			interp_chk_unpoison(L->cx, pd, n);
			if (ss)
				interp_chk_shadow_copy(L, pd, ps, ss);
		}
#endif
#ifdef INTERP_CHECK
		if (COPYCHK(L))
			interp_chk_cpasync(L, w, l, xi, pd, n, ps, ss);
#endif
	}
	if (L->st)
		interp_count_mem(L, xi, rd, ad, n);
	return 0;
}

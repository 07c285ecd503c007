/*
 * exec_simt.h -- part of exec.c (exec.h): control flow.  The SIMT stack
 * (push, diverge, interp_exited), calls (call, finish_call) with their
 * register files and frames in local memory (regfile, growlocal), alloca
 * and its kin (stack), and the functions without a body that the
 * interpreter provides (builtin: vprintf, malloc, free, __assertfail, the
 * device runtime).
 */
#include "exec.h"

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

/*
 * Lanes `wait` of w may not run now -- they wait at a CTA barrier
 * (w->bpark), or gave up an mbarrier wait and spin on it (w->yieldm) --
 * and the top entry of its SIMT stack holds some of them: reorders the
 * stack of the running call frame so that its top entry holds lanes that
 * can run and no others.
 * Walking down from the top, `above` gathers the lanes of the entries
 * passed; an entry's own lanes at its pc are its mask less those above
 * (a reconvergence entry holds the lanes of the paths above it).  The
 * first entry with lanes at its pc that do not wait is the one to run: a
 * path entry wholly of such lanes moves to the top (the paths of one
 * branch are ordered by nothing), or they are split off to a new top
 * entry with the same pc and reconvergence pc, leaving the waiting ones
 * behind to follow when the barrier opens.  Each part meets the rest at
 * the reconvergence entry below, whose mask holds them all.  Entries at
 * their reconvergence pc are passed by: their lanes are the entry's
 * below.  0: the top may run; 1: nothing else of the frame can; -1: out
 * of memory.
 */
static int
park(Launch *L, Warp *w, uint32_t wait)
{
	int base = w->cf[w->ncf - 1].base;
	uint32_t above = 0;

	for (int i = w->nst - 1; i >= base; i--) {
		SEnt e = w->st[i];
		uint32_t own = e.mask & ~above, run = own & ~wait;
		if (!e.mask || e.pc == e.rpc)
			continue;
		if (!run) {
			above |= e.mask;
			continue;
		}
		if (run == e.mask) {
			if (i != w->nst - 1) {
				memmove(&w->st[i], &w->st[i + 1], (size_t)(w->nst - 1 - i) * sizeof *w->st);
				w->st[w->nst - 1] = e;
			}
			return 0;
		}
		w->st[i].mask &= ~run;
		return push(L, w, e.pc, e.rpc, run);
	}
	return 1;
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
	w->yieldm &= ~m;
	w->gpark &= ~m;
	w->cta->nlive -= popc(m);
	w->cta->events++;
	w->cta->exits++;
	if (w->cta->baropen || (w->cta->clu && w->cta->clu->open))   /* a barrier may now be complete */
		interp_bar_check(L, w->cta);
	interp_cg_exited(L, popc(m));
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

/* The register file for call depth d, at least nregs slots; NULL after a
 * fault report.  A deeper file's growth is charged to PTX_LIMIT_MEMORY
 * and held by the CTA, as growlocal's is: the files of 4096 frames of a
 * function of many registers are gigabytes a warp (the GPU keeps what a
 * callee needs of them on the thread's stack), and without the charge a
 * recursive kernel took the host's memory without bound. */
static uint64_t *
regfile(Launch *L, Warp *w, int d, int nregs, const XIns *xi, int lane)
{
	size_t need = (size_t)(nregs ? nregs : 1) * WARP * sizeof(uint64_t) + (CHECKED ? RDEF_BYTES(nregs) : 0);

	if (d >= w->nrpool) {
		int nn = d + 8;
		uint64_t **p = interp_realloc(L->cx, w->rpool, (size_t)nn * sizeof *p);
		size_t *c;
		if (!p)
			goto nomem;
		w->rpool = p;
		c = interp_realloc(L->cx, w->rcap, (size_t)nn * sizeof *c);
		if (!c)
			goto nomem;
		w->rcap = c;
		for (int i = w->nrpool; i < nn; i++)
			w->rpool[i] = NULL, w->rcap[i] = 0;
		w->nrpool = nn;
	}
	if (w->rcap[d] < need) {
		uint64_t more = need - w->rcap[d];
		uint64_t *p;
		if (interp_mem_charge(L->cx, more)) {
			interp_fault(L, w, lane, xi, PTX_FAULT_TRAP, 0, 0, "out of memory: the call at depth %d needs "
			    "%zu bytes of registers for the warp, which would pass the device memory limit "
			    "(PTX_LIMIT_MEMORY %" PRIu64 " bytes, %" PRIu64 " in use)", d, need,
			    L->cx->limit[PTX_LIMIT_MEMORY], (uint64_t)L->cx->used);
			return NULL;
		}
		if (!(p = interp_realloc(L->cx, w->rpool[d], need))) {
			interp_mem_uncharge(L->cx, more);
			goto nomem;
		}
		w->cta->charged += more;
		w->rpool[d] = p;
		w->rcap[d] = need;
	}
	memset(w->rpool[d], 0, need);
	return w->rpool[d];
nomem:
	interp_fault(L, w, lane, xi, PTX_FAULT_TRAP, 0, 0, "out of memory: the host has no %zu bytes of registers "
	    "for a call at depth %d", need, d);
	return NULL;
}

/* Writes v (size bytes) into lane l's local memory at off. */
static void
locput(Warp *w, uint32_t l, uint32_t off, uint64_t v, uint32_t size)
{
	if (off + size <= w->locsz)
		memcpy(w->loc[l] + off, &v, size > 8 ? 8 : size);
}

/* A value of width from (bits) carried into a register of width to:
 * truncated, or zero-extended (a vector binding, load.c decode_vcall). */
static uint64_t
vcwidth(uint64_t v, int from, int to)
{
	int b = from < to ? from : to;
	return b >= 64 ? v : v & ((1ull << b) - 1);
}

/* Element e of a vector-bound argument for lane l, at width bits: the
 * caller's element e, or 0 past the caller's last (a shorter source). */
static uint64_t
vcelem(Launch *L, Warp *w, uint64_t *r, const XIns *xi, const int32_t *t, int e, int bits, uint32_t l)
{
	if (e >= t[VC_CNT])
		return 0;
	return vcwidth(val(L, w, r, &xi->s[t[VC_AT] + e], l), t[VC_BITS], bits);
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
	if (!(g->r = regfile(L, w, w->ncf, cal->nregs, xi, __builtin_ctz(m))))
		return -1;
	/* arguments: from the caller's .param variables (or registers) into the callee's frame */
	for (int k = 0; xi->tbl && k < xi->narg; k++) {   /* element by element (load.c decode_vcall) */
		const int32_t *t = &xi->tbl[VC_N * k];
		for (int e = 0; e < cal->f->par[k].sym->vec; e++) {
			uint64_t *d = &g->r[(size_t)t[VC_SLOT + e] * WARP];
			FOR_LANES(m, l)
				d[l] = vcelem(L, w, r, xi, t, e, t[VC_FBITS], l);
			if (CHECKED)
				RDEF(g->r, cal->nregs)[t[VC_SLOT + e]] |= m;
		}
	}
	for (int k = 0; !xi->tbl && k < xi->narg && k < cal->f->npar; k++) {
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

	for (int k = 0; xi->tbl && k < xi->nret; k++) {
		const int32_t *t = &xi->tbl[VC_N * (xi->narg + k)];
		for (int e = 0; e < t[VC_CNT]; e++) {
			const XOp *o = &xi->s[t[VC_AT] + e];
			if (o->k != XO_REG)
				continue;
			FOR_LANES(g->retmask, l) {
				uint64_t v = g->r[(size_t)t[VC_SLOT + e] * WARP + l];
				r[(size_t)o->r * WARP + l] = vcwidth(v, t[VC_FBITS], t[VC_BITS]);
			}
		}
	}
	for (int k = 0; !xi->tbl && k < xi->nret && k < cal->f->nret; k++) {
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
	if (bi >= BI_CG_HANDLE) {   /* warp-wide: the grid barrier blocks the warp */
		int rc = interp_cg_call(L, w, xi, bi, m);
		L->last = L->last2 = NULL;
		return rc || L->fault ? -1 : 0;
	}
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
			if (a && (L->chk & (PTX_CHECK_INITCHECK | PTX_CHECK_MEMCHECK))) {
				Alloc *al = interp_mem_find(L->cx, a, 1);
				if (al && (L->chk & PTX_CHECK_INITCHECK))   /* device malloc's memory: uninitialized */
					interp_chk_poison(L->cx, al->p, al->size);
				if (al && (L->chk & PTX_CHECK_MEMCHECK))    /* followed until freed: a leak? */
					interp_chk_heap_new(L, al);
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

/*
 * sched.c -- a launch: the grid's clusters and CTAs, their warps, and CTA
 * barriers.
 *
 * The unit of scheduling is the cluster: its CTAs (one outside cluster
 * launches) start together and stay live together, as the GPU
 * co-schedules them, so that they can wait for each other (barrier.cluster,
 * cluster.c) and reach each other's shared memory until the last of them
 * finishes.  Warps of a cluster run round-robin, CTA by CTA, a slice of
 * instructions at a time, until they finish or block on a barrier.
 * Clusters run one after another, except that a cluster which has not
 * finished after CTA_QUANTUM warp-instructions yields: the next cluster of
 * the grid starts (up to MAX_LIVE CTAs at once) and the live clusters take
 * turns.  That is what lets a CTA that spins on a flag set by another CTA
 * make progress, at no cost to kernels that do not spin.
 *
 * Launch checks, as the driver makes them (an H100 refused the same with
 * CUDA_ERROR_INVALID_CLUSTER_SIZE): each grid dimension a multiple of the
 * cluster's, at most MAX_CLUSTER (8, the portable size) CTAs a cluster,
 * no more than the kernel's .maxclusterrank, and a launch cluster equal
 * to the kernel's .reqnctapercluster when both are given.  A kernel with .reqnctapercluster is a cluster launch without
 * one (%is_explicit_cluster reads 1, as on the H100); .explicitcluster
 * alone asks the launch for one.  The non-portable 16 is refused: the
 * driver only takes it from a kernel that opted in through a function
 * attribute, which a module loaded here cannot carry.
 *
 * Host threads: the CTAs of a grid are independent until they communicate
 * through global memory, so several workers (ptx_set_threads) each run
 * CTAs taken from a shared counter, with their own Launch copy: their own
 * instruction counts, counters by pc and address cache, merged by sums at
 * the end, so the totals do not depend on how CTAs were shared out.  Only
 * what could make the results depend on the interleaving keeps a launch on
 * one worker (serial()): printf, malloc/free and assert (ordered side
 * effects), global atomics whose outcome depends on their order (a
 * returned old value, exch, cas, floating-point add, two different
 * operations), and the bulk copies and tensor maps (bulk reductions into
 * global memory; maps edited in place).  The atomics that
 * remain commute, and the workers make each one indivisible with a lock
 * striped by address (interp_atom_lock).
 *
 * A CTA whose live warps are all blocked at barriers can never move again:
 * the launch ends with a deadlock report naming each warp and where it
 * waits.  Warps blocked on mbarriers (mbarrier.c) wake whenever the CTA's
 * event count moves; when nothing else can run their waits time out first,
 * and only waits that keep timing out without an event are a deadlock.  A
 * launch that runs past its budget of thread-instructions ends with a
 * report of where the warps are.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#ifdef HAVE_PTHREAD
#include <pthread.h>
#include <unistd.h>
#endif
#include <stdatomic.h>
#include "interp.h"

/* MAX_COOP: the CTAs of a cooperative launch, all live at once: 132 SMs
 * of 32 CTAs, the most an H100 holds (the driver's test of the kernel's
 * occupancy is libptxcuda's, shim_coop_fits) */
enum { SLICE = 256, CTA_QUANTUM = 1 << 18, MAX_LIVE = 512, FINE = 16, MAX_COOP = 132 * 32 };

static void
release(Launch *L, Cta *c, int id)
{
	Bar *b = &c->bar[id];
	uint32_t round, bit = 1u << id;
	uint64_t v = b->red == MOD_POPC ? b->acc : b->red == MOD_AND ? (b->acc == b->arrived) : (b->acc != 0);

	for (int i = 0; i < c->nw; i++) {
		Warp *w = &c->w[i];
		if (w->bids != bit)   /* its parked lanes wait at one barrier (interp_bar_elsewhere) */
			continue;
		if (b->red)
			for (uint32_t m = w->bpark & w->bredm; m; m &= m - 1) {
				uint32_t l = (uint32_t)__builtin_ctz(m);
				if (w->bframe[l] < w->ncf)
					w->cf[w->bframe[l]].r[(size_t)w->bslot[l] * WARP + l] = v;
			}
		w->bpark = w->bredm = w->bpcm = 0;   /* every parked lane goes */
		w->bids = 0;
		if ((unsigned)w->blocked - 1 < 16)
			w->blocked = 0;   /* lanes of it can run again */
	}
	c->barpend -= b->narrive;   /* the phase's arrivals now order */
	c->chkbar = interp_chk_syncs(c);
	round = b->chkround;   /* synccheck's round outlives the phase */
	memset(b, 0, sizeof *b);
	b->chkround = round;
	c->baropen &= ~bit;
	(void)L;
}

/*
 * Whether barrier b may open.  Without a thread count every live thread of
 * the CTA must arrive.  With one, a barrier counts whole warps, as the PTX
 * ISA describes it: a warp has arrived once all its non-exited threads
 * have, and then counts as 32 threads however many of its lanes exited
 * (the H100 opens `bar.sync 0, 64` for two warps whose upper halves
 * exited).  A count larger than the warps that can still arrive is never
 * met: the H100 hangs on `bar.sync 1, 128` when only two warps are left,
 * and here the launch ends in a deadlock report.
 */
static int
complete(const Cta *c, int id)
{
	const Bar *b = &c->bar[id];
	uint32_t have = 0;

	if (!b->arrived)
		return 0;
	if (!b->expect)
		return b->arrived >= c->nlive;
	for (int i = 0; i < c->nw && i < 32; i++) {
		const Warp *w = &c->w[i];
		uint32_t in = c->barlanes[id][i];
		if (b->warps >> i & 1)
			have += (in & w->live) == w->live ? WARP : (uint32_t)__builtin_popcount(in);
	}
	return have >= b->expect;
}

void
interp_bar_check(Launch *L, Cta *c)
{
	for (uint32_t open = c->baropen; open; open &= open - 1) {   /* the barriers with arrivals */
		int id = __builtin_ctz(open);
		if (complete(c, id))
			release(L, c, id);
	}
	if (c->clu && c->clu->open)
		interp_clu_check(L, c->clu);
}

/* bar{.cta}.* are barrier{.cta}.*.aligned */
int
interp_bar_aligned(const XIns *xi)
{
	int op = xi->in ? xi->in->op : 0;

	return op == OP_BAR_SYNC || op == OP_BAR_CTA_SYNC || op == OP_BAR_ARRIVE || op == OP_BAR_CTA_ARRIVE ||
	    op == OP_BAR_RED || op == OP_BAR_CTA_RED || (xi->in && ir_hasmod(xi->in, MOD_ALIGNED));
}

/*
 * Lanes m of w arrive at CTA barrier id (xi: bar.sync, bar.arrive or
 * bar.red; block: they wait).  This is where arrival is decided.  Since
 * sm_70 a CTA barrier counts threads, not warps: a warp may reach it in
 * several groups -- a barrier before the point where the warp's paths
 * meet, threads of a loop whose trip counts differ, threads that returned
 * early and wait at the kernel's end to exit -- and it completes when
 * every non-exited thread arrived.  So lanes that must wait while others
 * of their warp have yet to arrive (or to exit) wait alone: they are
 * parked (w->bpark), the warp's SIMT stack is reordered to run the others
 * (exec.c's settle loop, exec_simt.h park), and the warp blocks only when
 * nothing of it can run.  The parked lanes of a warp wait at one
 * barrier (w->bids, one bit): a thread that waits at a barrier waits for
 * every non-exited thread of its warp (the PTX ISA), and a diverged warp's
 * groups waiting at two barrier ids end the launch on an H200 with an
 * illegal instruction, CUDA error 715, for the forms that are not
 * .aligned too (barrier.sync: barids.ptx, bargroup.cu), and here with a
 * trap (interp_bar_elsewhere).  An .aligned barrier (bar.sync is one)
 * must be one instruction for all of a warp: groups of a warp at two of
 * them (__syncthreads() in both arms of an if/else) hang an H200, and
 * end the launch here with a deadlock fault (interp_bar_split).  0, or
 * -1 after a fault report.
 */
int
interp_bar_arrive(Launch *L, Warp *w, const XIns *xi, int id, uint32_t count, uint32_t m, int block, int red,
                  uint32_t pred)
{
	Cta *c = w->cta;
	Bar *b = &c->bar[id];
	int32_t pc = (int32_t)(xi - L->pm->code);
	uint32_t other;

	b->arrived += (uint32_t)__builtin_popcount(m);
	if (w->id < 32) {
		if (b->warps >> w->id & 1)
			c->barlanes[id][w->id] |= m;
		else
			c->barlanes[id][w->id] = m;
		b->warps |= 1u << w->id;
	}
	if (b->arrived)
		c->baropen |= 1u << id;
	c->events++;
	c->barpend++;
	b->narrive++;
	if (count)
		b->expect = count;
	if (red) {
		b->red = red;
		/* popc counts; and/or count the lanes whose predicate holds */
		b->acc += (uint32_t)__builtin_popcount(pred & m);
	}
	if (!block) {
		if (complete(c, id))
			release(L, c, id);
		return 0;
	}
	if (interp_bar_split(L, w, xi)) {
		/* an .aligned barrier: the GPU counts the warp at the first
		 * instruction and hangs (an H200 on divbar.cu's bar_arms) */
		interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_DEADLOCK, 0, 0,
		    "lanes 0x%08x of warp %d reach barrier %d at another .aligned bar instruction than lanes 0x%08x "
		    "of the warp waiting at line %d: a warp's threads must execute the same one, and the GPU hangs",
		    m, w->id, id, w->bpcm, L->pm->code[w->bpc].in ? L->pm->code[w->bpc].in->loc.line : 0);
		return -1;
	}
	if ((other = interp_bar_elsewhere(w, id))) {
		/* a thread at a barrier waits for every non-exited thread of
		 * its warp (the PTX ISA), and these wait at another: ptxas
		 * gathers a diverged warp for barrier.sync (WARPSYNC.COLLECTIVE)
		 * and then executes BAR.SYNC with the lanes' different ids, an
		 * illegal instruction on an H200 (sync_bar_ids.ptx, CUDA error
		 * 715); with barrier.red in one group it hung there
		 * (sync_bar_groups.ptx, bargroup.cu at -O3) */
		interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_ILLEGAL, 0, 0,
		    "lanes 0x%08x of warp %d wait at barrier %d while lanes 0x%08x of the warp wait at barrier %d: a "
		    "thread at a barrier waits for every non-exited thread of its warp, and the GPU ends the launch "
		    "with an illegal instruction or hangs", m, w->id, id, other, interp_bar_of(w) - 1);
		return -1;
	}
	w->bids |= (uint16_t)(1u << id);
	if (interp_bar_aligned(xi)) {
		w->bpc = pc;
		w->bpcm |= m;
	}
	w->bpark |= m;
	if (red && xi->d[0].k == XO_REG) {
		w->bredm |= m;
		for (uint32_t mm = m; mm; mm &= mm - 1) {
			uint32_t l = (uint32_t)__builtin_ctz(mm);
			w->bslot[l] = (int32_t)xi->d[0].r;
			w->bframe[l] = (uint16_t)(w->ncf - 1);
		}
	} else
		w->bredm &= ~m;
	if (complete(c, id))
		release(L, c, id);
	else if (!(w->live & ~w->bpark))
		w->blocked = id + 1;   /* the whole warp waits */
	return 0;
}

/* The lanes of w parked at a CTA barrier other than id: all its parked
 * lanes, since they wait at one (a second ends the launch). */
uint32_t
interp_bar_elsewhere(const Warp *w, int id)
{
	return w->bids & ~(1u << id) ? w->bpark : 0;
}

/* Whether lanes of w reaching the blocking barrier instruction xi split
 * the warp between two .aligned barrier instructions: others of it wait
 * at another one (of any barrier id), which hangs an H200. */
int
interp_bar_split(const Launch *L, const Warp *w, const XIns *xi)
{
	return w->bpcm && w->bpc != (int32_t)(xi - L->pm->code) && interp_bar_aligned(xi);
}

static void
cta_free(Launch *L, Cta *c)
{
	if (!c)
		return;
	if ((L->chk & CHK_COPIES) && c->w)   /* the host may reuse the buffer: no copies behind */
		interp_chk_async_cta(L, c);
	for (int i = 0; c->w && i < c->nw; i++) {
		Warp *w = &c->w[i];
		for (int l = 0; l < WARP; l++) {
			if (L->chk && w->loc[l])   /* the host may reuse it: no stale shadow behind */
				interp_chk_unpoison(L->cx, w->loc[l], w->locsz);
			interp_free(L->cx, w->loc[l]);
		}
		for (int d = 0; w->rpool && d < w->nrpool; d++)   /* NULL: cta_new ran out of memory */
			interp_free(L->cx, w->rpool[d]);
		interp_free(L->cx, w->rpool);
		interp_free(L->cx, w->rcap);
		interp_free(L->cx, w->st);
		interp_free(L->cx, w->cf);
	}
	interp_free(L->cx, c->w);
	if (L->chk && c->shared)
		interp_chk_unpoison(L->cx, c->shared, c->nshared);
	interp_free(L->cx, c->shared);
	interp_free(L->cx, c->pdelta);
	interp_mem_uncharge(L->cx, c->charged);
	interp_free(L->cx, c);
}

/* The local memory each lane of a new CTA starts with: the kernel's frame,
 * in KiB (calls grow it, exec_simt.h growlocal). */
static uint32_t
locsz0(const Launch *L)
{
	return (L->k->frame + 1023) / 1024 * 1024;
}

/* The bytes of a warp's register file for the kernel (calls add their
 * own, exec_simt.h regfile) */
static size_t
regbytes(const Launch *L)
{
	return (size_t)(L->k->nregs ? L->k->nregs : 1) * WARP * sizeof(uint64_t) + (L->chk ? RDEF_BYTES(L->k->nregs) : 0);
}

/* Bytes of PTX_LIMIT_MEMORY a new CTA takes: its shared memory, and the
 * local memory and the register file of every lane of its warps (a kernel
 * of a million registers has 256 MB of them a warp).  The launch checks
 * have bounded each term (interp_launch), so nothing here can wrap. */
static uint64_t
ctabytes(const Launch *L)
{
	uint64_t nw = (L->nthreads + WARP - 1) / WARP;
	return SMEM_RSV + L->k->shstatic + L->dyn + 16 + nw * (WARP * locsz0(L) + regbytes(L));
}

/*
 * Sets c up as CTA `linear`, fresh: registers, shared and local memory read
 * as zero, as they do in a new allocation, whether or not c ran a CTA
 * before (a reused CTA must not show its previous tenant's values, or the
 * results would depend on which worker ran what).  The Warp and Cta
 * structures are cleared whole, so state that other files keep in them
 * starts at zero too; only the buffers survive.
 */
static void
cta_reset(Launch *L, Cta *c, uint64_t linear)
{
	uint32_t nt = L->nthreads;

	memset(c, 0, offsetof(Cta, w));   /* the buffers after it stay */
	memset(c->shared + SMEM_RSV, 0, c->nshared - SMEM_RSV + 16);   /* the system's KiB stays zero */
	if (L->chk & PTX_CHECK_INITCHECK)
		interp_chk_poison(L->cx, c->shared + SMEM_RSV, c->nshared - SMEM_RSV);
	c->linear = linear;
	/* a grid has up to 2^63 CTAs (launch_check): 64-bit all through */
	c->id[0] = (unsigned)(linear % L->grid[0]);
	c->id[1] = (unsigned)(linear / L->grid[0] % L->grid[1]);
	c->id[2] = (unsigned)(linear / ((uint64_t)L->grid[0] * L->grid[1]));
	c->nlive = nt;
	c->prologue = L->k->upre > 0 && c->nw > 1;
	for (int i = 0; i < c->nw; i++) {
		Warp *w = &c->w[i];
		uint32_t n = nt - (uint32_t)i * WARP;
		memset(w, 0, offsetof(Warp, st));   /* the buffers after it stay */
		if (L->chk & PTX_CHECK_RACECHECK)   /* lwait, lrel, lacq, lsw and nlrl, next to each other */
			memset(w->lwait, 0, (size_t)((char *)(w->nlrl + WARP) - (char *)w->lwait));
		for (int l = 0; l < WARP && w->locsz; l++)
			memset(w->loc[l], 0, w->locsz);
		/* callees' files are cleared at each call; the kernel's only when
		 * it may read a register before writing it (load.c), since a
		 * register written first never shows the previous tenant's value */
		if (L->k->undef)
			memset(w->rpool[0], 0, w->rcap[0]);
		w->cta = c;
		w->id = i;
		w->valid = w->live = n >= WARP ? 0xffffffffu : (1u << n) - 1;
		w->ncf = 1;
		w->cf[0].fn = L->k;
		w->cf[0].base = 0;
		w->cf[0].r = w->rpool[0];
		if (L->chk & PTX_CHECK_INITCHECK)   /* no register written yet */
			memset(RDEF(w->rpool[0], L->k->nregs), 0, RDEF_BYTES(L->k->nregs));
		w->sp = L->k->frame;
		w->nst = 1;
		w->st[0] = (SEnt){ L->k->pc0, -1, w->live };
	}
	if (L->chk & PTX_CHECK_INITCHECK)
		interp_chk_local_start(L, c);
	if (L->chk & CHK_COPIES)
		interp_chk_async_cta(L, c);
}

/* A worker's finished CTAs, kept for the next cluster's. */
typedef struct { Cta *c[MAX_CLUSTER]; int n; } Spares;

/* A new CTA, or one of the worker's spares (all CTAs of a launch have the same shape). */
static Cta *
cta_new(Launch *L, uint64_t linear, Spares *spare)
{
	Cta *c;
	uint32_t nt = L->nthreads;
	size_t rbytes = regbytes(L);

	if (spare->n) {
		c = spare->c[--spare->n];
		cta_reset(L, c, linear);
		return c;
	}
	if (interp_mem_charge(L->cx, ctabytes(L))) {
		L->short_mem = 1;   /* not the host's fault: work() may wait for memory */
		return NULL;
	}
	if (!(c = interp_alloc(L->cx, sizeof *c))) {
		interp_mem_uncharge(L->cx, ctabytes(L));
		return NULL;
	}
	c->charged = ctabytes(L);
	c->nw = (int)((nt + WARP - 1) / WARP);
	/* the hardware allocates a CTA's shared memory in 128-byte units
	 * (%total_smem_size): an access in the unit's slack is no fault */
	c->nshared = (uint32_t)(SMEM_RSV + ((L->k->shstatic + L->dyn + 127) & ~(uint64_t)127));
	c->shared = interp_alloc(L->cx, c->nshared + 16);
	c->w = interp_alloc(L->cx, (size_t)c->nw * sizeof *c->w);
	if (!c->shared || !c->w)
		goto fail;
	/* NULL when out of memory: the prologue's counts are then taken warp by warp */
	if (L->st && L->k->upre)
		c->pdelta = interp_alloc(L->cx, (size_t)L->k->upre * MCWORDS * sizeof *c->pdelta);
	for (int i = 0; i < c->nw; i++) {
		Warp *w = &c->w[i];
		w->capcf = 8;
		w->cf = interp_alloc(L->cx, (size_t)w->capcf * sizeof *w->cf);
		w->nrpool = 8;
		w->rpool = interp_alloc(L->cx, 8 * sizeof *w->rpool);
		w->rcap = interp_alloc(L->cx, 8 * sizeof *w->rcap);
		w->capst = 16;
		w->st = interp_alloc(L->cx, 16 * sizeof *w->st);
		if (!w->cf || !w->rpool || !w->rcap || !w->st)
			goto fail;
		/* Local memory only for a kernel with a frame; calls grow it (exec_simt.h growlocal). */
		w->locsz = locsz0(L);
		for (int l = 0; l < WARP && w->locsz; l++)
			if (!(w->loc[l] = interp_alloc(L->cx, w->locsz)))
				goto fail;
		w->rpool[0] = interp_alloc(L->cx, rbytes);
		w->rcap[0] = rbytes;
		if (!w->rpool[0])
			goto fail;
	}
	cta_reset(L, c, linear);
	return c;
fail:
	cta_free(L, c);
	return NULL;
}

/* CTA c finished: keep it as a spare, or free it. */
static void
cta_done(Launch *L, Cta *c, Spares *spare)
{
	if (L->chk & CHK_COPIES)   /* phases that can no longer complete */
		interp_chk_mbar_cta(L, c, 1);
	if (spare->n == MAX_CLUSTER)
		cta_free(L, c);
	else
		spare->c[spare->n++] = c;
}

/* Cluster k (x fastest among the grid's clusters): its CTAs, fresh, by rank. */
static Clu *
clu_new(Launch *L, uint64_t k, Spares *spare)
{
	Clu *u = interp_alloc(L->cx, sizeof *u);
	const unsigned *cd = L->cluster;
	unsigned nc[3];

	if (!u)
		return NULL;
	for (int i = 0; i < 3; i++)
		nc[i] = L->grid[i] / cd[i];
	u->id[0] = (unsigned)(k % nc[0]);
	u->id[1] = (unsigned)(k / nc[0] % nc[1]);
	u->id[2] = (unsigned)(k / ((uint64_t)nc[0] * nc[1]));
	for (uint32_t r = 0; r < L->ncl; r++) {
		unsigned x = u->id[0] * cd[0] + r % cd[0], y = u->id[1] * cd[1] + r / cd[0] % cd[1],
		    z = u->id[2] * cd[2] + r / (cd[0] * cd[1]);
		Cta *c = cta_new(L, x + (uint64_t)L->grid[0] * (y + (uint64_t)L->grid[1] * z), spare);
		if (!c) {
			for (int i = 0; i < u->n; i++)
				cta_free(L, u->cta[i]);
			interp_free(L->cx, u);
			return NULL;
		}
		c->clu = u;
		c->rank = r;
		c->shbase = r << 24;
		u->cta[u->n++] = c;
	}
	return u;
}

static void
clu_done(Launch *L, Clu *u, Spares *spare)
{
	for (int i = 0; i < u->n; i++)
		cta_done(L, u->cta[i], spare);
	interp_free(L->cx, u);
}

static void
clu_free(Launch *L, Clu *u)
{
	for (int i = 0; i < u->n; i++)
		cta_free(L, u->cta[i]);
	interp_free(L->cx, u);
}

/* The instruction a blocked warp waits at: bar.sync has moved past it, an
 * mbarrier wait keeps its own. */
static const XIns *
waitins(const Launch *L, const Warp *w)
{
	if (w->blocked == BLOCKED_MBAR)
		return &L->pm->code[w->mpc];
	return w->nst > 0 ? &L->pm->code[w->st[w->nst - 1].pc - 1] : NULL;
}

static const char *
where(const Launch *L, const Warp *w, char *buf, size_t n)
{
	const XIns *xi = waitins(L, w);

	if (xi)
		snprintf(buf, n, "line %d", xi->in ? xi->in->loc.line : 0);
	else
		snprintf(buf, n, "exit");
	return buf;
}

/* Every live warp of cluster u is blocked: the report names each (and its
 * block, in a cluster of several) and what it waits on. */
static void
deadlock(Launch *L, Clu *u)
{
	char list[2048], b[64], mb[128], blk[48];
	size_t n = 0;
	Warp *first = NULL;
	uint32_t live = 0;

	list[0] = blk[0] = 0;
	for (int k = 0; k < u->n; k++) {
		Cta *c = u->cta[k];
		live += c->nlive;
		if (u->n > 1)
			snprintf(blk, sizeof blk, " of block (%u,%u,%u)", c->id[0], c->id[1], c->id[2]);
		for (int i = 0; i < c->nw && n < sizeof list - 250; i++) {
			Warp *w = &c->w[i];
			if (w->done)
				continue;
			if (!first)
				first = w;
			if (w->blocked == BLOCKED_MBAR) {
				interp_mbar_describe(c, w->maddr, mb, sizeof mb);
				n += (size_t)snprintf(list + n, sizeof list - n, "\n  warp %d%s waits on the mbarrier at shared 0x%x (%s): %s",
				    i, blk, w->maddr, where(L, w, b, sizeof b), mb);
			} else if (w->blocked == BLOCKED_GRID) {
				n += (size_t)snprintf(list + n, sizeof list - n, "\n  warp %d%s waits at the grid barrier (%s), "
				    "%" PRIu64 " of %" PRIu64 " threads arrived, %" PRIu64 " exited",
				    i, blk, where(L, w, b, sizeof b), L->cgarrived,
				    (uint64_t)L->grid[0] * L->grid[1] * L->grid[2] * L->nthreads, L->cgexited);
			} else if (w->blocked == BLOCKED_CLUSTER) {
				interp_clu_describe(u, mb, sizeof mb);
				n += (size_t)snprintf(list + n, sizeof list - n, "\n  warp %d%s waits at the cluster barrier (%s): %s",
				    i, blk, where(L, w, b, sizeof b), mb);
			} else
				n += (size_t)snprintf(list + n, sizeof list - n, "\n  warp %d%s waits at barrier %d (%s), %d threads arrived",
				    i, blk, w->blocked - 1, where(L, w, b, sizeof b), (int)c->bar[w->blocked - 1].arrived);
		}
	}
	/* a phase whose arrivals are all in and whose tx-count cannot reach
	 * zero is what the waiters wait for: asynccheck's report, as when a
	 * CTA ends with one, comes before the fault */
	if (L->chk & CHK_COPIES)
		for (int k = 0; k < u->n; k++)
			interp_chk_mbar_cta(L, u->cta[k], 1);
	if (u->n > 1)
		interp_fault(L, first, !first ? -1 : __builtin_ctz((first->blocked == BLOCKED_MBAR ?
		    first->st[first->nst - 1].mask : first->blocked <= 16 ? first->bpark : first->bmask) | 1),
		    first ? waitins(L, first) : NULL,
		    PTX_FAULT_DEADLOCK, 0, 0, "every live warp of cluster (%u,%u,%u) is blocked (%u CTAs, %u live threads)%s",
		    u->id[0], u->id[1], u->id[2], (unsigned)u->n, live, list);
	else
		interp_fault(L, first, !first ? -1 : __builtin_ctz((first->blocked == BLOCKED_MBAR ?
		    first->st[first->nst - 1].mask : first->blocked <= 16 ? first->bpark : first->bmask) | 1),
		    first ? waitins(L, first) : NULL,
		    PTX_FAULT_DEADLOCK, 0, 0, "every live warp of block (%u,%u,%u) is blocked (%u live threads)%s",
		    u->cta[0]->id[0], u->cta[0]->id[1], u->cta[0]->id[2], live, list);
}

/* The counters that workers write each on a cache line of its own: two
 * workers adding to one line pass it back and forth. */
struct LaunchShare {
	_Alignas(64) _Atomic uint64_t next;      /* the next CTA to start */
	_Alignas(64) _Atomic uint64_t steps;     /* thread-instructions the workers have published */
	_Alignas(64) _Atomic int faulted;        /* the first worker to fault claims the report */
	_Alignas(64) atomic_flag lock[64];       /* global atomics, striped by address */
	uint64_t total, budget, every;           /* every: publish after this many thread-instructions */
	uint64_t chunk;                          /* clusters a worker takes at a time */
};

int
interp_fault_claim(Launch *L)
{
	int no = 0;
	return !L->sh || atomic_compare_exchange_strong(&L->sh->faulted, &no, 1);
}

void
interp_atom_lock(Launch *L, const void *p, int on)
{
	atomic_flag *f = &L->sh->lock[((uintptr_t)p >> 3) & 63];

	if (!on)
		atomic_flag_clear_explicit(f, memory_order_release);
	else
		while (atomic_flag_test_and_set_explicit(f, memory_order_acquire))
			;
}

/* Counts what this worker ran since the last call; 1 when the launch must stop. */
static int
publish(Launch *L, Warp *w, uint64_t *seen)
{
	LaunchShare *sh = L->sh;
	uint64_t all;

	if (!sh)
		return 0;
	if (atomic_load_explicit(&sh->faulted, memory_order_relaxed))
		return 1;
	if (L->steps - *seen < sh->every)
		return 0;   /* the budget check can wait: a shared add each warp slice costs more than the slice */
	all = atomic_fetch_add(&sh->steps, L->steps - *seen) + (L->steps - *seen);
	*seen = L->steps;
	if (all > sh->budget) {
		char b[64];
		interp_fault(L, w, -1, NULL, PTX_FAULT_BUDGET, 0, 0,
		    "more than %" PRIu64 " thread-instructions"
		    " (ptx-run --max-steps, PTXKIT_MAX_STEPS in the CUDA driver); this worker was at %s",
		    sh->budget, where(L, w, b, sizeof b));
		return 1;
	}
	return 0;
}

/* Runs cluster u for up to quantum warp-instructions: RUN_DONE, RUN_SLICE,
 * RUN_IDLE (nothing can run until the grid barrier completes) or RUN_FAULT. */
static int
clu_run(Launch *L, Clu *u, uint64_t quantum, uint64_t *seen)
{
	uint64_t start = L->wsteps;

	while (L->wsteps - start < quantum) {
		int ran = 0, done = 1, gaveup = 0;
		for (int k = 0; k < u->n; k++) {
			Cta *c = u->cta[k];
			for (int i = 0; i < c->nw; i++) {
				Warp *w = &c->w[i];
				int rc;
				if (w->blocked == BLOCKED_MBAR && w->mev != c->events)
					w->blocked = 0;   /* an mbarrier changed: look again */
				if (w->blocked == BLOCKED_GRID && w->cggen != L->cggen)
					w->blocked = 0;   /* the grid barrier completed */
				if (w->done || w->blocked)
					continue;
				ran = 1;
				rc = L->chk ? interp_run_check(L, w, L->polls ? FINE : SLICE) :
				    interp_run(L, w, L->polls ? FINE : SLICE);
				if (rc == RUN_FAULT || publish(L, w, seen))
					return RUN_FAULT;
				if (rc == RUN_DONE) {
					if (++c->ndone == c->nw) {
						c->xwarp = i;
						/* the CTA exited: its shared memory is gone for
						 * the cluster, whatever the interpreter keeps */
						if ((L->chk & PTX_CHECK_RACECHECK) && u->n > 1)
							interp_chk_dsmem_exit(L, c);
					}
					interp_bar_check(L, c);
				}
			}
		}
		for (int k = 0; k < u->n; k++)
			done &= u->cta[k]->ndone == u->cta[k]->nw;
		if (done)
			return RUN_DONE;
		if (!ran) {
			for (int k = 0; k < u->n; k++)
				gaveup |= interp_mbar_timeout(L, u->cta[k]);
			if (gaveup)
				continue;   /* mbarrier waits gave up: their loops go on */
			for (int k = 0; k < u->n; k++)
				for (int i = 0; i < u->cta[k]->nw; i++)
					if (!u->cta[k]->w[i].done && u->cta[k]->w[i].blocked == BLOCKED_GRID)
						return RUN_IDLE;   /* other CTAs may complete the grid barrier */
			deadlock(L, u);
			return RUN_FAULT;
		}
	}
	return RUN_SLICE;
}

/* The next cluster for this worker to start, or total when there is none:
 * from the worker's range [*next, *end), which it takes from the shared
 * counter sh->chunk clusters at a time. */
static uint64_t
take(Launch *L, uint64_t *next, uint64_t *end, uint64_t total)
{
	if (L->sh && *next >= *end) {
		*next = atomic_fetch_add(&L->sh->next, L->sh->chunk);
		*end = *next + L->sh->chunk;
	}
	return *next < total && *next < *end ? (*next)++ : total;
}

/*
 * One worker: starts clusters as it needs them and runs its live ones in
 * turn (see the top).  total: the grid's clusters.  PTX_OK, PTX_ETRAP
 * after a fault, PTX_ENOMEM.
 */
static int
work(Launch *L, uint64_t total)
{
	Clu **live;
	Spares spare = { { NULL }, 0 };
	int nlive = 0, cur = 0, rc = PTX_OK, more = 1, maxlive = (int)(MAX_LIVE / L->ncl), idle = 0;
	uint64_t next = 0, end = L->sh ? 0 : total, seen = 0;
	uint64_t pend = total;   /* a cluster taken but not started for want of memory, else total */

	if (L->gridws)
		maxlive = (int)total;   /* cooperative: every cluster at once (at most MAX_COOP CTAs) */
	live = interp_alloc(L->cx, (size_t)(maxlive > MAX_LIVE ? maxlive : MAX_LIVE) * sizeof *live);
	if (!live)
		return PTX_ENOMEM;
	while (nlive || more) {
		int r;
		/* polling CTAs all start at once, as the GPU's first wave does */
		while (more && (nlive == 0 || (cur == nlive && nlive < maxlive) || (L->polls && nlive < maxlive))) {
			uint64_t id = pend < total ? pend : take(L, &next, &end, total);
			Clu *u;
			pend = total;
			if (id >= total) {
				more = 0;
			} else if (!(u = clu_new(L, id, &spare))) {
				/* PTX_LIMIT_MEMORY bounds the CTAs live at once: with
				 * some running, the cluster waits for one to finish */
				if (L->short_mem && nlive) {
					L->short_mem = 0;
					pend = id;
					break;
				}
				rc = PTX_ENOMEM;
				break;
			} else {
				L->ctas += (uint64_t)u->n;
				if (!L->polls)
					cur = nlive;
				live[nlive++] = u;
			}
			if (!L->polls)
				break;
		}
		if (rc != PTX_OK || !nlive)
			break;
		if (cur >= nlive)
			cur = 0;
		r = clu_run(L, live[cur], L->polls ? 1 : CTA_QUANTUM, &seen);
		/* every live cluster idle in turn, and none can start: the grid
		 * barrier waits for threads that wait elsewhere */
		idle = r == RUN_IDLE ? idle + 1 : 0;
		if (idle > nlive) {
			deadlock(L, live[cur]);
			r = RUN_FAULT;
		}
		if (r == RUN_FAULT) {
			rc = PTX_ETRAP;
			break;
		}
		if (r == RUN_DONE) {
			clu_done(L, live[cur], &spare);
			live[cur] = live[--nlive];
			if (cur > nlive)
				cur = nlive;
			continue;
		}
		cur++;   /* quantum used up: give the next cluster (or a new one) a turn */
	}
	for (int i = 0; i < nlive; i++)
		clu_free(L, live[i]);
	for (int i = 0; i < spare.n; i++)
		cta_free(L, spare.c[i]);
	interp_free(L->cx, live);
	if (rc == PTX_ENOMEM && L->sh)
		atomic_store(&L->sh->faulted, 1);   /* the others stop too */
	return rc;
}

/*
 * 1 when the launch must run on one worker to give the same results as on
 * any number (see the top): builtins with ordered side effects, and global
 * atomics whose outcome depends on their order.
 */
static int
serial(const Launch *L)
{
	const ptx_module *pm = L->pm;
	int op = -1;

	for (int i = 0; i < pm->ncode; i++) {
		const XIns *xi = &pm->code[i];
		if (xi->x == X_CALL && (xi->target < 0 || pm->fn[xi->target].builtin != BI_NONE))
			return 1;
		if (xi->x == X_BULK || xi->x == X_TMAP)
			return 1;   /* bulk reductions into global memory; tensor maps edited in place */
		if (xi->x == X_ATOM && xi->space != MS_SHARED && xi->space != MS_CLUSTER) {
			/* Integer add, and/or/xor, integer and float min/max commute with
			 * themselves; two different operations on one word need not. */
			int fl = ir_tyinfo[xi->ty].kind == TK_FLOAT || ir_tyinfo[xi->ty].kind == TK_PACKED;
			int comm = xi->mod == MOD_AND || xi->mod == MOD_OR || xi->mod == MOD_XOR ||
			    xi->mod == MOD_MIN || xi->mod == MOD_MAX || (xi->mod == MOD_ADD && !fl);
			if (xi->nd || !comm || (op >= 0 && op != xi->mod))
				return 1;
			op = xi->mod;
		}
	}
	return 0;
}

/*
 * 1 when the kernel (or a function it calls; an indirect call counts the
 * whole module) polls memory that other CTAs write: a global or
 * generic load that is .volatile, .relaxed or .acquire (the tile flags of
 * decoupled look-back scans, grid barriers).  On the GPU the CTAs of such
 * a kernel run at the same time, and which flags a CTA finds set decides
 * what it computes: a look-back that finds the tile before it still
 * partial adds up the aggregates of the tiles before that, in another
 * order, and floating-point sums come out different.  So such a launch
 * runs on one worker (the outcome must not depend on host threads), its
 * CTAs all started at once and each warp run FINE instructions at a turn:
 * the CTAs advance together and each look-back finds its predecessors
 * partial, as the H100's do (CUB's double-precision DeviceScan: each tile
 * but the first sees only tile 0 inclusive, bit for bit the H100's sums).
 */
static int
polls_in(const ptx_module *pm, int pc0, int npc, uint8_t *seen)
{
	for (int i = pc0; i < pc0 + npc; i++) {
		const XIns *xi = &pm->code[i];
		if (xi->x == X_CALL && xi->target < 0 && pc0 + npc != pm->ncode)
			return polls_in(pm, 0, pm->ncode, seen);
		if (xi->x == X_CALL && xi->target >= 0 && pm->fn[xi->target].builtin == BI_CG_SYNC)
			return 1;   /* the grid barrier: every CTA must reach it */
		if (xi->x == X_CALL && xi->target >= 0 && !seen[xi->target]) {
			const XFunc *g = &pm->fn[xi->target];
			seen[xi->target] = 1;
			if (polls_in(pm, g->pc0, g->npc, seen))
				return 1;
		}
		if (xi->x != X_LD || !xi->in || (xi->space != MS_GLOBAL && xi->space != MS_GENERIC))
			continue;
		for (int k = 0; k < xi->in->nmod; k++)
			if (xi->in->mod[k] == MOD_VOLATILE || xi->in->mod[k] == MOD_RELAXED ||
			    xi->in->mod[k] == MOD_ACQUIRE)
				return 1;
	}
	return 0;
}

static int
polls(const Launch *L)
{
	uint8_t *seen = interp_alloc(L->cx, (size_t)L->pm->nfn + 1);
	int r;

	if (!seen)
		return 1;   /* the safe side: one worker */
	seen[L->k->idx] = 1;
	r = polls_in(L->pm, L->k->pc0, L->k->npc, seen);
	interp_free(L->cx, seen);
	return r;
}

#ifdef HAVE_PTHREAD
typedef struct { Launch L; uint64_t total; int rc; } Job;

static void *
job_main(void *arg)
{
	Job *j = arg;
	fenv_t fenv;
	int fpu = interp_fpu_enter(&fenv);   /* the environment is per thread */

	if (fpu != 1)
		j->L.nofpu = 1;
	j->rc = work(&j->L, j->total);
	if (fpu >= 0)
		interp_fpu_leave(&fenv);
	return NULL;
}
#endif

/* Runs the grid on n workers (n > 1); the other workers' counts are added to L. */
static int
run_workers(Launch *L, uint64_t total, int n)
{
#ifdef HAVE_PTHREAD
	LaunchShare sh;
	Job *job = interp_alloc(L->cx, (size_t)n * sizeof *job);
	pthread_t *tid = interp_alloc(L->cx, (size_t)n * sizeof *tid);
	int rc = PTX_OK, started = 0;

	if (!job || !tid) {
		interp_free(L->cx, job);
		interp_free(L->cx, tid);
		return PTX_ENOMEM;
	}
	memset(&sh, 0, sizeof sh);
	atomic_init(&sh.next, 0);
	atomic_init(&sh.steps, 0);
	atomic_init(&sh.faulted, 0);
	for (int i = 0; i < 64; i++)
		atomic_flag_clear(&sh.lock[i]);
	sh.total = total;
	sh.budget = L->budget;
	/* a worker publishes its count at least 64 times before the budget
	 * could run out, and at most each 2^20 thread-instructions */
	sh.every = L->budget / 64 / (uint64_t)n;
	if (sh.every > (1u << 20))
		sh.every = 1u << 20;
	/* clusters in runs of up to 16, at least 64 runs a worker: the counter
	 * is touched less often and the last runs still even the load out */
	sh.chunk = total / ((uint64_t)n * 64);
	sh.chunk = sh.chunk < 1 ? 1 : sh.chunk > 16 ? 16 : sh.chunk;
	L->sh = &sh;
	for (int i = 0; i < n; i++) {
		job[i].L = *L;
		job[i].total = total;
		job[i].rc = PTX_OK;
		if (i && L->st && !(job[i].L.st = interp_alloc(L->cx, (size_t)L->pm->ncode * sizeof *L->st))) {
			rc = PTX_ENOMEM;
			break;
		}
	}
	for (int i = 1; rc == PTX_OK && i < n; i++, started++)
		if (pthread_create(&tid[i], NULL, job_main, &job[i]))
			break;
	if (rc == PTX_OK)
		job[0].rc = work(&job[0].L, total);
	else
		atomic_store(&sh.faulted, 1);
	for (int i = 1; i <= started; i++)
		pthread_join(tid[i], NULL);
	for (int i = 0; i < n; i++) {
		Launch *J = &job[i].L;
		if (job[i].rc == PTX_ENOMEM || (job[i].rc == PTX_ETRAP && rc == PTX_OK))
			rc = job[i].rc;
		if (i == 0) {
			L->steps = J->steps, L->wsteps = J->wsteps, L->ctas = J->ctas, L->fault = J->fault;
			continue;
		}
		L->steps += J->steps;
		L->wsteps += J->wsteps;
		L->ctas += J->ctas;
		if (J->fault && !L->fault)
			L->fault = J->fault;
		if (J->st) {
			interp_count_merge(L, J);
			interp_free(L->cx, J->st);
		}
	}
	L->sh = NULL;
	interp_free(L->cx, job);
	interp_free(L->cx, tid);
	return rc;
#else
	(void)n;
	return work(L, total);
#endif
}

/* How many workers: what the context asks for (0: every core), at most one per cluster. */
static int
nworkers(const Launch *L, uint64_t total)
{
	long n = (long)L->cx->nthreads;

#ifdef HAVE_PTHREAD
	if (n <= 0) {
		n = sysconf(_SC_NPROCESSORS_ONLN);
		if (n < 1)
			n = 1;
	}
#else
	n = 1;
#endif
	if (n > 256)
		n = 256;
	if ((uint64_t)n > total)
		n = (long)total;
	/* each worker runs a cluster at least: as many as memory holds */
	if (n > 1) {
		uint64_t per = ctabytes(L) * L->ncl, used = (uint64_t)L->cx->used, lim = L->cx->limit[PTX_LIMIT_MEMORY];
		uint64_t fit = used < lim ? (lim - used) / per : 0;
		if ((uint64_t)n > fit)
			n = fit > 1 ? (long)fit : 1;
	}
	/* a checked launch keeps its shadow state and reports in one thread */
	if (n > 1 && (serial(L) || L->polls || L->chk))
		n = 1;
	return (int)n;
}

/* The launch's cluster (see the top): from the launch, else the kernel's
 * .reqnctapercluster, else none; -1 with a diagnostic when the driver
 * would refuse it. */
static int
clusterdims(ptx_ctx *cx, const Func *f, const unsigned *cluster, Launch *L)
{
	unsigned req[3];
	uint64_t n;

	for (int i = 0; i < 3; i++) {
		req[i] = f->nreqnctapercluster && f->reqnctapercluster[i] > 0 ? (unsigned)f->reqnctapercluster[i] : 1;
		L->cluster[i] = cluster ? (cluster[i] ? cluster[i] : 1) : req[i];
	}
	if (cluster && f->nreqnctapercluster && memcmp(req, L->cluster, sizeof req)) {
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "launch cluster %ux%ux%u differs from the kernel's "
		    ".reqnctapercluster %u, %u, %u", L->cluster[0], L->cluster[1], L->cluster[2], req[0], req[1], req[2]);
		return -1;
	}
	if (!cluster && !f->nreqnctapercluster && f->explicitcluster) {
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "kernel %s is .explicitcluster: launch it with a cluster",
		    f->name);
		return -1;
	}
	L->explicit_cl = cluster || f->nreqnctapercluster;
	n = (uint64_t)L->cluster[0] * L->cluster[1] * L->cluster[2];
	if (f->maxclusterrank > 0 && n > (uint64_t)f->maxclusterrank) {
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "a cluster of %" PRIu64 " CTAs is more than the kernel's "
		    ".maxclusterrank %d", n, f->maxclusterrank);
		return -1;
	}
	if (n > MAX_CLUSTER) {
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "a cluster of %" PRIu64 " CTAs (%ux%ux%u) is more than %d",
		    n, L->cluster[0], L->cluster[1], L->cluster[2], MAX_CLUSTER);
		return -1;
	}
	for (int i = 0; i < 3; i++)
		if (L->grid[i] % L->cluster[i]) {
			interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "grid dimension %c (%u) is not a multiple of the "
			    "cluster's (%u)", "xyz"[i], L->grid[i], L->cluster[i]);
			return -1;
		}
	L->ncl = (uint32_t)n;
	return 0;
}

/* A cooperative launch: the driver refuses a grid whose CTAs could not all
 * be resident at once (132 SMs times the kernel's occupancy: an H100 took
 * 1584 CTAs of 160 threads and refused 2112); here the limit is MAX_COOP,
 * the most an H100 holds of any kernel, and every CTA is live from the
 * start (the grid sync polls: see polls()).  The kernel gets a zeroed workspace for
 * its grid barriers in %envreg1:%envreg2, where cooperative groups' grid
 * sync counts arrivals.  A plain launch reads 0 there and the kernel
 * traps, as on the GPU (an unspecified launch failure), on a stream that
 * never had a cooperative launch: on one that had, the driver hands the
 * plain launches that workspace too, and libptxcuda makes them
 * cooperative (shim_mod.c streamlaunch). */
static int
cooperative(Launch *L, uint64_t total)
{
	uint64_t ctas = total * L->ncl;
	uint8_t *ws;
	if (ctas > MAX_COOP) {
		interp_diag(L->cx, NULL, 0, 0, PTX_SEV_ERROR, NULL,
		    "a cooperative launch of %" PRIu64 " CTAs: more than can be resident at once", ctas);
		return -1;
	}
	/* allocated as the host allocates, so reported alike when it fails;
	 * zeroed, as the driver's is (written, for initcheck) */
	interp_diag_clear(L->cx);
	if (interp_mem_new(L->cx, 64, NULL, AK_HOST, &L->gridws) != PTX_OK)
		return -1;
	if ((ws = interp_mem_host(L->cx, L->gridws, 64))) {
		memset(ws, 0, 64);
		interp_chk_unpoison(L->cx, ws, 64);
	}
	return 0;
}

/*
 * The launch configuration as the driver checks it on an H100 (sm_90):
 * no dimension 0; a block at most 1024 x 1024 x 64 and 1024 threads; a
 * grid at most (2^31 - 1) x 65535 x 65535; static and dynamic shared
 * memory together at most IR_MAX_BLOCK_SHARED, the most a block may opt
 * in to.  -1 with a diagnostic naming the limit (the driver's
 * CUDA_ERROR_INVALID_VALUE).
 */
static int
launch_check(ptx_ctx *cx, const XFunc *k, const unsigned grid[3], const unsigned block[3], uint64_t dyn)
{
	static const unsigned bmax[3] = { 1024, 1024, 64 }, gmax[3] = { 2147483647u, 65535, 65535 };
	uint64_t threads = 1, sh;

	for (int i = 0; i < 3; i++) {
		if (!grid[i] || !block[i]) {
			interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "%s dimension %c is 0", grid[i] ? "block" : "grid",
			    "xyz"[i]);
			return -1;
		}
		if (block[i] > bmax[i]) {
			interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "block dimension %c (%u) is more than %u",
			    "xyz"[i], block[i], bmax[i]);
			return -1;
		}
		if (grid[i] > gmax[i]) {
			interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "grid dimension %c (%u) is more than %u",
			    "xyz"[i], grid[i], gmax[i]);
			return -1;
		}
		threads *= block[i];   /* at most 1024 * 1024 * 64 */
	}
	if (threads > 1024) {
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "a block of %" PRIu64 " threads (%ux%ux%u) is more "
		    "than 1024", threads, block[0], block[1], block[2]);
		return -1;
	}
	if (ir_size_add(k->shstatic, dyn, &sh) || sh > IR_MAX_BLOCK_SHARED) {
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "%" PRIu64 " bytes of dynamic shared memory and %u "
		    "static are more than %u, the most a block can have", dyn, k->shstatic, IR_MAX_BLOCK_SHARED);
		return -1;
	}
	return 0;
}

/*
 * The memory a launch needs before its first instruction: each thread's
 * local frame at most MAX_LOCAL, and one cluster's CTAs within what
 * PTX_LIMIT_MEMORY leaves (more clusters run at once only as memory
 * allows, work()); a cooperative launch's CTAs, all at once.  -1 with a diagnostic (PTX_ENOMEM).  The stack limit
 * grows to the kernel's frame, as the driver grows it for a launch and
 * keeps it.
 */
static int
launch_memory(ptx_ctx *cx, Launch *L)
{
	uint64_t need = ctabytes(L) * L->ncl, used = (uint64_t)cx->used;
	uint64_t nclu = (uint64_t)L->grid[0] * L->grid[1] * L->grid[2] / L->ncl;

	/* cooperative() refuses more than MAX_COOP CTAs first: no overflow */
	if (cx->coop && nclu * L->ncl <= MAX_COOP)
		need *= nclu;
	if (L->k->frame > MAX_LOCAL) {
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "kernel %s needs %u bytes of local memory a thread, "
		    "more than the %u an sm_90 thread can have", L->k->f->name, L->k->frame, MAX_LOCAL);
		return -1;
	}
	if (used > cx->limit[PTX_LIMIT_MEMORY] || need > cx->limit[PTX_LIMIT_MEMORY] - used) {
		interp_mem_nomem(cx, need, "launch of %s: the shared and local memory of %s%u threads, %" PRIu64
		    " bytes (%" PRIu64 " of shared memory a block, %u of local memory a thread, %zu of registers a "
		    "warp),", L->k->f->name, cx->coop ? "a cooperative grid of " : L->ncl > 1 ? "a cluster of " :
		    "a block of ", (uint32_t)(need / ctabytes(L)) * L->nthreads, need,
		    SMEM_RSV + L->k->shstatic + L->dyn, locsz0(L), regbytes(L));
		return -1;
	}
	if (L->k->frame > cx->limit[PTX_LIMIT_STACK])
		cx->limit[PTX_LIMIT_STACK] = L->k->frame;
	return 0;
}

int
interp_launch(ptx_ctx *cx, ptx_function *fn, const unsigned grid[3], const unsigned block[3],
              const unsigned cluster[3], size_t shared, const uint8_t *params)
{
	Launch L;
	fenv_t fenv;
	ptx_module *pm = NULL;
	int rc, n, fpu;
	uint64_t total;

	for (ptx_module *m = cx->mods; m; m = m->next)
		if (fn >= (ptx_function *)(void *)m->fn && fn < (ptx_function *)(void *)(m->fn + m->nfn))
			pm = m;
	if (!pm || !fn->x.f->entry)
		return PTX_EINVAL;
	memset(&L, 0, sizeof L);
	L.cx = cx;
	L.pm = pm;
	L.k = &fn->x;
	if (launch_check(cx, &fn->x, grid, block, shared))
		return PTX_EINVAL;
	for (int i = 0; i < 3; i++) {
		L.grid[i] = grid[i];
		L.block[i] = block[i];
	}
	if (clusterdims(cx, fn->x.f, cluster, &L))
		return PTX_EINVAL;
	L.nthreads = L.block[0] * L.block[1] * L.block[2];
	L.params = params;
	L.psize = fn->x.psize;
	L.dyn = shared;
	if (launch_memory(cx, &L))
		return PTX_ENOMEM;
	/* a grid the device launched runs on what its host launch left (cdp.c) */
	L.budget = cx->cdp_depth ? cx->cdp_left : cx->max_steps;
	L.chk = cx->checks;   /* the one place a launch decides whether it is checked */
	total = (uint64_t)L.grid[0] * L.grid[1] * L.grid[2] / L.ncl;   /* clusters */
	if (cx->coop && cooperative(&L, total))
		return PTX_EINVAL;
	L.cghandle = cx->coop == 1 ? L.gridws : 0;
	memset(&cx->stats, 0, sizeof cx->stats);
	if (interp_count_begin(&L))
		return PTX_ENOMEM;
	L.polls = polls(&L);
	n = nworkers(&L, total);
	fpu = interp_fpu_enter(&fenv);   /* this thread's, until the launch ends */
	L.nofpu = fpu != 1;
	if (!cx->cdp_depth)   /* racecheck of the grids it launches (check_cdp.c) */
		interp_chk_cdp_begin(&L);
	rc = n > 1 ? run_workers(&L, total, n) : work(&L, total);
	if (fpu >= 0)
		interp_fpu_leave(&fenv);
	if (L.gridws)
		interp_mem_free(cx, L.gridws);
	cx->stats.ctas = L.ctas;
	cx->stats.warps = L.ctas * (uint64_t)((L.nthreads + WARP - 1) / WARP);
	cx->stats.warp_insns = L.wsteps;
	cx->stats.thread_insns = L.steps;
	interp_count_end(&L);   /* a faulted launch keeps what it counted */
	if (L.chk)
		interp_chk_end(&L);
	if (rc == PTX_ETRAP)
		interp_diag(cx, NULL, cx->fault.line, 0, PTX_SEV_ERROR, NULL, "%s",
		    cx->fault.msg ? cx->fault.msg : "kernel fault");
	if (rc == PTX_ENOMEM && !cx->ndiag)   /* the workers leave the report to this thread */
		interp_mem_nomem(cx, ctabytes(&L) * L.ncl, "launch of %s: the shared and local memory of a %s, %"
		    PRIu64 " bytes,", L.k->f->name, L.ncl > 1 ? "cluster" : "block", ctabytes(&L) * L.ncl);
	cx->cdp_left = L.steps < L.budget ? L.budget - L.steps : 0;
	if (L.cdp) {   /* the grids this one launched run now (cdp.c); each reports its own fault */
		int crc = interp_cdp_finish(&L, rc == PTX_OK);
		if (rc == PTX_OK)
			rc = crc;
	}
	if (!cx->cdp_depth)
		interp_chk_cdp_free(cx);
	return rc;
}

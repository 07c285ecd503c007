/*
 * check_race.c -- racecheck: two accesses of the same bytes by different
 * warps, at least one a plain store, with nothing between them that
 * orders them.
 *
 * Shared memory within a CTA.  What orders warps is approximated by the
 * CTA's count of events other than exits (Cta.events - Cta.exits), which
 * moves when a thread arrives at a barrier or an mbarrier changes:
 * accesses in one interval of it come from warps that cannot have
 * synchronized through a barrier in between.  That errs towards silence:
 * an arrival anywhere in the CTA ends the interval.  An atomic races with
 * plain stores only (a CAS loop reads its guess with a plain load, and
 * the CAS decides).  Each word keeps its last store and its last load: the
 * warp and lane, the instruction, the event count, whether it was atomic,
 * the bytes of the word accessed, and which CTA (its linear index + 1)
 * they belong to, so that a CTA that reuses a host buffer finds the
 * previous CTA's records stale.  A copy into shared memory (cp.async,
 * bulk, tensor) becomes, at the wait that completes it, a store of the
 * waiting thread (interp_chk_race_copied): the wait orders only its own
 * thread.
 *
 * Global memory across warps and CTAs.  The launch counts the
 * instructions that may order threads of different CTAs (Launch.gord:
 * fences and membars of a scope wider than the CTA, strong loads and
 * stores -- .volatile, .relaxed, .acquire, .release --, atomics,
 * mbarriers, cluster barriers, bulk copies, device malloc and the device
 * runtime, and whatever else is not known to order nothing), and each CTA
 * those that order its own threads (Cta.chkord: barriers, .cta fences,
 * strong accesses and atomics, besides its event count).  A checked
 * launch runs on one host thread, so its execution is one interleaving:
 * if a happens-before edge joins two accesses, the release half of it
 * (a fence or strong access po-after the first) executed between them and
 * moved a count.  Two weak accesses of different CTAs with the launch's
 * count unchanged between them, or of different warps of one CTA with
 * both counts unchanged, are therefore unordered in every execution:
 * that is a race (global-write-write, global-write-read,
 * global-read-write).  Atomics and strong accesses are followed too, by
 * the PTX memory model's morally strong pairs: two of them race only when
 * one's scope leaves out the other's thread (.cta between CTAs, .cluster
 * between clusters) or they access different bytes or sizes; a plain
 * store races with one, a plain load with a strong store, and with an
 * atomic other than a CAS unless the load was the guess of a CAS loop
 * (the word is read plainly for CAS loops' guesses): such a pair is held
 * (struct GHeld) until the loading thread's CAS of the word drops it or
 * the launch ends and reports it.  A plain
 * load is ordered after a strong store by observation: its CTA read the
 * store with a strong load or atomic (each word keeps the one CTA that
 * observed its last strong store, or that several did) and executed an
 * acquire since.  Within a CTA a strong access does not order itself
 * against another warp's plain one.  Not followed are stores that leave memory as it was
 * (replicated layouts store one value from several warps; shared memory
 * too), strong accesses between lanes of one warp, nor another CTA's shared
 * memory.  Grids the device launches (cdp.c) run as launches of their
 * own after their parent, each with a fresh table; check_cdp.c follows
 * the order between them.  Global words keep packed records (GAcc, 48 bytes a word,
 * and 8 for the observation) in
 * a table bounded at 1 GiB; past it racecheck stops following global
 * memory for the launch.  Only pages (4 KiB) the launch stored to have
 * records, which keeps read-only inputs free of them: the loads of a page
 * before its first store go to a summary of the page (GRd) that the store
 * turns into the records of those loads.  A copy into global memory (bulk,
 * tensor) is, at the wait that completes it, a store of the waiting thread
 * (interp_chk_race_stored).
 *
 * The records live in tables of the launch by host page, freed when it
 * ends.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "interp.h"

enum { RPAGE = 4096, RWORDS = RPAGE / 4 };

/* 32 bytes, so that recording an access is two 16-byte moves */
typedef struct {
	const XIns *xi;
	uint64_t ev;              /* the CTA's event count at the access */
	uint64_t wv;              /* what may order lanes of the warp, counted at the access */
	uint16_t warp;
	uint8_t lane, atom, valid;
	uint8_t bytes;             /* the bytes of the word accessed (bit i: byte i) */
	uint8_t weak;              /* a plain load or store: what lanes of one warp can race with */
} RAcc;
_Static_assert(sizeof(RAcc) <= 32, "RAcc: 32 bytes");

typedef struct {
	uintptr_t key;            /* host address / RPAGE + 1 */
	uint64_t cta[RWORDS];     /* linear index + 1 of the CTA the records are of */
	RAcc w[RWORDS], r[RWORDS];
} RPg;

/* A global word's last store or load, packed: the instruction's pc, the
 * launch's and the CTA's ordering counts at the access (their low 32 bits:
 * the table is cleared whenever either wraps), the CTA (linear index + 1,
 * 0: no record) and the warp and lane. */
typedef struct {
	uint32_t pc, g, c, cta;
	uint32_t wv;              /* the warp's count of what may order its lanes, low bits */
	uint16_t warp;
	uint8_t lane;             /* the lane (bits 0-4) and the access's strength (GS_*, bits 5-6) */
	uint8_t bytes;            /* the bytes of the word accessed (bit i: byte i), and in bits 4-7
	                           * the whole access's size, log2 + 1: strong accesses of one word
	                           * but different sizes are not morally strong */
} GAcc;

/* A global access's strength, for the PTX memory model's morally strong
 * pairs: weak (a plain load or store), or strong -- an atomic or a
 * .volatile, .relaxed, .acquire or .release access -- of the scope of the
 * CTA, of the cluster, or wider (.gpu, .sys and atomics without one). */
enum { GS_WEAK, GS_CTA, GS_CLUSTER, GS_GPU };
#define GLANE(e) ((e)->lane & 31u)
#define GSTR(e) ((e)->lane >> 5 & 3u)

/* obs: the CTA (linear index + 1) that observed the word's last strong
 * store or atomic with a morally strong load or atomic of its own, 0 for
 * none, GOBS_MANY for several (a plain load of any of them is then taken
 * as observed: missed rather than made up); obsg: the launch's count at
 * the first observation, before the observer's own acquire if it was one. */
enum { GOBS_MANY = UINT32_MAX };

typedef struct {
	uintptr_t key;
	GAcc w[RWORDS], r[RWORDS];
	uint32_t obs[RWORDS], obsg[RWORDS];
} GPg;

/* The loads of a global page no store of the launch reached yet, in
 * place of its GPg: records of every load would give read-only data 56
 * bytes a word (bench/check.sh's --check=all took 14-17x).  It keeps the
 * words that the last loading instruction of one warp read (the record rd,
 * its counts and strength; each word's lane and bytes), and starts afresh
 * when another instruction, warp or count loads the page: what it holds
 * is always the last load of those words, the record a GPg would hold
 * for them, and loads it let go of are races missed, never made up.  The
 * first store to the page makes its GPg and hands these over (seed). */
typedef struct {
	uintptr_t key;
	GAcc rd;                  /* lane: the strength alone; bytes: 0 */
	uint64_t words[RWORDS / 64];
	uint8_t lane[RWORDS], bytes[RWORDS];
} GRd;

struct ChkRace {
	void **tab;               /* pages (RPg or GPg), each starting with its key */
	size_t cap, n;
	uintptr_t lastkey, lastkey2;   /* the pages found last and before it (a warp's
	                           * loads of two arrays take turns) */
	void *last, *last2;
	uintptr_t misskey, misskey2;   /* the last two keys looked up and not found (0: none;
	                           * no key is 0) */
	int made;                 /* page() made the page it returned last */
	/* shared memory: the record of the instruction the last access was
	 * of, but its lane and bytes, and which execution of it (L->wsteps) */
	int acc;
	uint64_t stamp;           /* 0: none (the count is past 0 at any access) */
	RAcc cur;
	/* plain loads racing with an atomic, held until the loading
	 * thread's CAS of the word shows the load was its guess (global
	 * memory's in L->grace, shared memory's in L->race) */
	struct GHeld *held;
	size_t nheld, capheld;
};

/* A plain load of global word `word` (host address) by a thread (cta:
 * linear + 1, warp, lane) and an atomic of another thread that nothing
 * orders against it: the report, made when the launch ends unless the
 * loading thread executes a CAS of the word first.  The CAS loop reads
 * its first guess with a plain load and lets the CAS check it: a stale
 * guess costs a retry, never a wrong result. */
struct GHeld {
	uintptr_t word;
	uint32_t cta;
	uint16_t warp;
	uint8_t lane, loadfirst;  /* loadfirst: the load came before the atomic (read-write) */
	ChkSite a, b;             /* the later access and the earlier */
	int how;                  /* unordered()'s answer */
};
enum { GHELD_MAX = 4096 };

/* The global table's bound: past it racecheck stops following global
 * memory for the launch rather than grow without limit. */
enum { GPAGES_MAX = (1u << 30) / sizeof(GPg), GRDS_MAX = (1u << 30) / sizeof(GRd) };

static size_t
hash(uintptr_t k, size_t cap)
{
	return (size_t)((k * 0x9e3779b97f4a7c15ull) >> 24) & (cap - 1);
}

static uintptr_t
keyof(const void *pg)
{
	uintptr_t k;

	memcpy(&k, pg, sizeof k);
	return k;
}

/* The page of key in the table *root, made (zeroed, size bytes) when
 * missing and make is set; NULL when missing and make is not set, when
 * out of memory, or when the table holds max pages. */
static void *
page(ptx_ctx *cx, struct ChkRace **root, uintptr_t key, size_t size, size_t max, int make)
{
	struct ChkRace *s = *root;
	void *p;
	size_t i;

	if (s && s->last && s->lastkey == key)
		return s->last;
	if (s && s->last2 && s->lastkey2 == key) {
		p = s->last2;
		s->last2 = s->last;
		s->lastkey2 = s->lastkey;
		s->lastkey = key;
		return s->last = p;
	}
	if (!make && (!s || s->misskey == key || s->misskey2 == key))
		return NULL;
	if (!s && !(s = *root = interp_alloc(cx, sizeof *s)))
		return NULL;
	for (i = s->cap ? hash(key, s->cap) : 0; s->cap && s->tab[i]; i = (i + 1) & (s->cap - 1))
		if (keyof(s->tab[i]) == key) {
			s->last2 = s->last;
			s->lastkey2 = s->lastkey;
			s->lastkey = key;
			return s->last = s->tab[i];
		}
	if (!make) {
		s->misskey2 = s->misskey;
		s->misskey = key;
		return NULL;
	}
	s->misskey = s->misskey2 = 0;
	s->made = 0;
	if (s->n >= max)
		return NULL;
	if (2 * (s->n + 1) > s->cap) {
		size_t nc = s->cap ? 2 * s->cap : 64;
		void **t = interp_alloc(cx, nc * sizeof *t);
		if (!t)
			return NULL;
		for (size_t j = 0; j < s->cap; j++)
			if (s->tab[j]) {
				size_t h = hash(keyof(s->tab[j]), nc);
				while (t[h])
					h = (h + 1) & (nc - 1);
				t[h] = s->tab[j];
			}
		interp_free(cx, s->tab);
		s->tab = t;
		s->cap = nc;
	}
	if (!(p = interp_alloc(cx, size)))
		return NULL;
	memcpy(p, &key, sizeof key);
	for (i = hash(key, s->cap); s->tab[i]; i = (i + 1) & (s->cap - 1))
		;
	s->tab[i] = p;
	s->n++;
	s->made = 1;
	s->last2 = s->last;
	s->lastkey2 = s->lastkey;
	s->lastkey = key;
	return s->last = p;
}

void
interp_chk_race_free(ptx_ctx *cx, struct ChkRace **root)
{
	struct ChkRace *s = *root;

	if (!s)
		return;
	for (size_t i = 0; i < s->cap; i++)
		interp_free(cx, s->tab[i]);
	interp_free(cx, s->tab);
	interp_free(cx, s->held);
	interp_free(cx, s);
	*root = NULL;
}

/* The site of an earlier access, from its record. */
static void
earlier(const Launch *L, const Cta *c, const RAcc *a, int access, uint64_t addr, unsigned size, ChkSite *s)
{
	Warp w;

	memset(&w, 0, sizeof w);
	w.cta = (Cta *)c;
	w.id = (int)a->warp;
	interp_chk_site(L, &w, a->lane, a->xi, access, addr, size, s);
}

static void
hazard(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, unsigned n, int acc, const RAcc *e,
       int eacc, const char *kind)
{
	ChkSite a, b;

	interp_chk_site(L, w, (int)lane, xi, acc, addr, n, &a);
	earlier(L, w->cta, e, eacc, addr, n, &b);
	interp_chk_report(L, w, (int)lane, PTX_CHECK_RACECHECK, kind, &a, &b,
	    "shared memory at 0x%" PRIx64 ": a %s of warp %d and a %s of warp %u with no barrier between them",
	    addr, acc == PTX_ACCESS_READ ? "load" : acc == PTX_ACCESS_WRITE ? "store" : "atomic", w->id,
	    eacc == PTX_ACCESS_READ ? "load" : eacc == PTX_ACCESS_WRITE ? "store" : "atomic", e->warp);
}

/* A new held pair in s: the load of thread (cta, warp, lane) of host word
 * wd against an atomic, a and b the later and the earlier instruction;
 * NULL when the same is held already, or past GHELD_MAX (missed, never
 * made up) or out of memory. */
static struct GHeld *
heldnew(Launch *L, struct ChkRace *s, uintptr_t wd, uint32_t cta, uint16_t warp, uint8_t lane, const XIns *a,
        const XIns *b)
{
	struct GHeld *h;

	for (size_t j = 0; j < s->nheld; j++)   /* one a thread, word and pair of instructions */
		if (s->held[j].word == wd && s->held[j].cta == cta && s->held[j].warp == warp &&
		    s->held[j].lane == lane && s->held[j].a.xi == a && s->held[j].b.xi == b)
			return NULL;
	if (s->nheld == s->capheld) {
		size_t nc = s->capheld ? 2 * s->capheld : 16;
		if (s->nheld >= GHELD_MAX || !(h = interp_realloc(L->cx, s->held, nc * sizeof *h)))
			return NULL;
		s->held = h;
		s->capheld = nc;
	}
	h = &s->held[s->nheld++];
	memset(h, 0, sizeof *h);
	h->word = wd;
	h->cta = cta;
	h->warp = warp;
	h->lane = lane;
	return h;
}

/* A plain load and an atomic other than a CAS of the shared word at host
 * wd, of different warps with no barrier between them: held under the
 * loading thread (cur's, or the earlier record e's when loadfirst) as
 * global memory's are (hold, below), until it executes a CAS of the word
 * or the launch ends and reports it. */
static void
shhold(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, unsigned n, int acc, const RAcc *e,
       int loadfirst, uintptr_t wd)
{
	struct GHeld *h = heldnew(L, L->race, wd, (uint32_t)w->cta->linear + 1, loadfirst ? e->warp : (uint16_t)w->id,
	    loadfirst ? e->lane : (uint8_t)lane, xi, e->xi);

	if (!h)
		return;
	h->loadfirst = (uint8_t)loadfirst;
	h->how = 1;
	interp_chk_site(L, w, (int)lane, xi, acc, addr, n, &h->a);
	earlier(L, w->cta, e, loadfirst ? PTX_ACCESS_READ : PTX_ACCESS_ATOMIC, addr, n, &h->b);
}

/* A CAS by lane of w of the shared word at host wd: the plain loads of
 * its thread held against atomics were its guesses. */
static void
shunhold(Launch *L, Warp *w, uint32_t lane, uintptr_t wd)
{
	struct ChkRace *s = L->race;
	uint32_t cta = (uint32_t)w->cta->linear + 1;

	for (size_t j = 0; j < s->nheld;)
		if (s->held[j].word == wd && s->held[j].cta == cta && s->held[j].warp == w->id && s->held[j].lane == lane)
			s->held[j] = s->held[--s->nheld];
		else
			j++;
}

static int
iscas(const XIns *xi)
{
	return xi->x == X_ATOM && xi->in && ir_mod_atomop(xi->in) == MOD_CAS;
}

/* The bytes of the word at wd that [a, end) covers, as a mask: accesses
 * of different bytes of one word (two halves stored by neighbouring
 * threads) do not conflict. */
static uint8_t
wordbytes(uintptr_t wd, uintptr_t a, uintptr_t end)
{
	uintptr_t lo = a > wd ? a - wd : 0, hi = end < wd + 4 ? end - wd : 4;

	return (uint8_t)(((1u << hi) - 1) & ~((1u << lo) - 1));
}

/* ------------------------------------------------------------ ordering */

/* What an instruction may order, for racecheck: nothing (ALU, weak loads
 * and stores, calls of functions with bodies), the lanes of its warp
 * (bar.warp.sync, and -- conservatively, since the PTX ISA promises them
 * no memory ordering -- the other .sync collectives), the threads of its CTA (barriers, and fences, strong accesses and atomics
 * of .cta scope), or anything (every other fence, strong access and
 * atomic; mbarriers, cluster barriers, bulk copies, device malloc and
 * the device runtime, and whatever is not listed). */
enum { ORD_NONE, ORD_WARP, ORD_CTA, ORD_ALL };

int
interp_chk_strong(const Ins *in)
{
	return in && (ir_hasmod(in, MOD_VOLATILE) || ir_hasmod(in, MOD_RELAXED) || ir_hasmod(in, MOD_ACQUIRE) ||
	    ir_hasmod(in, MOD_RELEASE) || ir_hasmod(in, MOD_ACQ_REL) || ir_hasmod(in, MOD_SC) ||
	    ir_hasmod(in, MOD_MMIO));
}

/* strong() of xi, remembered by pc for the launch: the lanes of one
 * access, and the accesses of a loop, ask again and again. */
static int
strongx(Launch *L, const XIns *xi)
{
	size_t pc = (size_t)(xi - L->pm->code);

	if (!L->strongpc && pc < (size_t)L->pm->ncode)
		L->strongpc = interp_alloc(L->cx, (size_t)L->pm->ncode);
	if (!L->strongpc || pc >= (size_t)L->pm->ncode)
		return interp_chk_strong(xi->in);
	if (!L->strongpc[pc])
		L->strongpc[pc] = (uint8_t)(1 + interp_chk_strong(xi->in));
	return L->strongpc[pc] - 1;
}

static int
scoped(const Ins *in)
{
	return in && ir_mod_scope(in) == MOD_CTA ? ORD_CTA : ORD_ALL;
}

/* A strong access or atomic without release or acquire semantics
 * (.relaxed, .volatile, .mmio, an atomic with no .sem) orders nothing
 * beyond its CTA by itself: the PTX memory model's release and acquire
 * patterns across CTAs need a fence with it, and the fence is counted.
 * So a flag published with a relaxed store and no fence before it leaves
 * the data beside it unordered, and is reported. */
static int
semscoped(const Ins *in)
{
	if (in && !ir_hasmod(in, MOD_RELEASE) && !ir_hasmod(in, MOD_ACQUIRE) && !ir_hasmod(in, MOD_ACQ_REL) &&
	    !ir_hasmod(in, MOD_SC))
		return ORD_CTA;
	return scoped(in);
}

static int
ordering(Launch *L, const XIns *xi)
{
	const Ins *in = xi->in;

	switch (xi->x) {
	case X_SHFL: case X_VOTE: case X_MATCH: case X_REDUX: case X_ELECT: case X_BARWARP:
		return ORD_WARP;
	case X_ALU: case X_MOV: case X_MOVPACK: case X_MOVUNPACK: case X_CVTA: case X_CVTATO:
	case X_ISSPACEP: case X_BRA: case X_BRX: case X_RET: case X_EXIT: case X_TRAP: case X_BRKPT:
	case X_ACTIVEMASK: case X_MOVN: case X_CPASYNC: case X_LDMATRIX: case X_STMATRIX: case X_MOVMATRIX:
	case X_MMA: case X_WGMMA: case X_WMMALD: case X_WMMAST: case X_WMMA: case X_STACK: case X_TEX:
	case X_END:
		return ORD_NONE;
	case X_LD: case X_ST:
		return strongx(L, xi) ? semscoped(in) : ORD_NONE;
	case X_ATOM:
		return semscoped(in);
	case X_BAR: case X_BARARRIVE: case X_BARRED:
		return ORD_CTA;
	case X_CALL:
		return xi->target >= 0 && L->pm->fn[xi->target].f->hasbody ? ORD_NONE : ORD_ALL;
	case X_NOP:
		if (!in)
			return ORD_ALL;
		switch (in->op) {
		case OP_MEMBAR: case OP_FENCE:
			return scoped(in);
		case OP_PREFETCH: case OP_PREFETCHU: case OP_NANOSLEEP: case OP_PMEVENT: case OP_DISCARD:
		case OP_APPLYPRIORITY: case OP_SETMAXNREG: case OP_CP_ASYNC_COMMIT_GROUP:
		case OP_CP_ASYNC_WAIT_GROUP: case OP_CP_ASYNC_WAIT_ALL: case OP_WGMMA_FENCE:
		case OP_CP_ASYNC_BULK_COMMIT_GROUP: case OP_CP_ASYNC_BULK_WAIT_GROUP:
		case OP_WGMMA_COMMIT_GROUP: case OP_WGMMA_WAIT_GROUP:
			return ORD_NONE;
		default:
			return ORD_ALL;
		}
	default:
		return ORD_ALL;
	}
}

/* Whether an instruction ordering() counts as ORD_ALL can be the acquire
 * half of a chain between CTAs: everything but stores and reductions
 * (st.release, red.release: releases only), barrier.cluster.arrive (its
 * wait acquires) and atomics whose only semantics is .release.  A fence counts, so the volatile or relaxed load
 * and fence that __threadfence() makes of a reader's acquire does. */
int
interp_chk_acquires(const XIns *xi)
{
	const Ins *in = xi->in;

	if (!in)
		return 1;
	if (xi->x == X_ST || in->op == OP_RED || in->op == OP_BARRIER_CLUSTER_ARRIVE)
		return 0;
	return xi->x != X_ATOM || !ir_hasmod(in, MOD_RELEASE);
}

void
interp_chk_order(Launch *L, Warp *w, const XIns *xi, uint32_t m)
{
	switch (m ? ordering(L, xi) : ORD_NONE) {
	case ORD_WARP:
		w->chkw++;
		if (L->racecopy) {   /* and each lane's order after a copy another lane waited for */
			uint64_t v = ++w->cta->chkwaits;
			for (uint32_t k = m; k; k &= k - 1)
				w->lwait[__builtin_ctz(k)] = v;
		}
		break;
	case ORD_CTA:
		w->cta->chkord++;
		break;
	case ORD_ALL:
		/* the records keep the low 32 bits: start afresh when they wrap */
		if (!(uint32_t)++L->gord) {
			interp_chk_race_free(L->cx, &L->grace);
			interp_chk_race_free(L->cx, &L->gread);
			if (L->relg)
				memset(L->relg, 0, (size_t)L->nrelg * sizeof *L->relg);
			if (L->acqg)
				memset(L->acqg, 0, (size_t)L->nrelg * sizeof *L->acqg);
		}
		if (!L->relg && !L->nrelg) {
			uint64_t n = (uint64_t)L->grid[0] * L->grid[1] * L->grid[2];
			L->nrelg = n <= 1u << 22 ? n : 1;   /* 1 and NULL: not followed, the grid-wide rule alone */
			if (n <= 1u << 22 && !(L->relg = interp_alloc(L->cx, (size_t)n * sizeof *L->relg)))
				L->nrelg = 1;
			if (L->relg && !(L->acqg = interp_alloc(L->cx, (size_t)n * sizeof *L->acqg))) {
				interp_free(L->cx, L->relg);
				L->relg = NULL;
				L->nrelg = 1;
			}
		}
		if (L->relg && w->cta->linear < L->nrelg)
			L->relg[w->cta->linear] = (uint32_t)L->gord;
		if (L->acqg && w->cta->linear < L->nrelg && interp_chk_acquires(xi))
			L->acqg[w->cta->linear] = (uint32_t)L->gord;
		if (w->cta->clu && w->cta->clu->n > 1)
			interp_chk_dsmem_order(L, w, xi, m);
		break;
	}
}

/* Two lanes of warp w: the access of lane (site a) and an earlier one of
 * lane elane (site b), with nothing between them that orders the lanes. */
static void
lanehazard(Launch *L, Warp *w, uint32_t lane, const char *space, uint64_t addr, int acc, int eacc, unsigned elane,
           const ChkSite *a, const ChkSite *b)
{
	interp_chk_report(L, w, (int)lane, PTX_CHECK_RACECHECK,
	    acc == PTX_ACCESS_WRITE ? eacc == PTX_ACCESS_WRITE ? "warp-write-write" : "warp-read-write" :
	    "warp-write-read", a, b,
	    "%s memory at 0x%" PRIx64 ": a %s of lane %u and a %s of lane %u of warp %d, in different instructions "
	    "with no __syncwarp (bar.warp.sync) between them: the lanes of a warp are not ordered without one",
	    space, addr, acc == PTX_ACCESS_WRITE ? "store" : "load", lane, eacc == PTX_ACCESS_WRITE ? "store" : "load",
	    elane, w->id);
}

/* -------------------------------------------------------- global memory */

/* The site of an earlier access of another CTA, from its record. */
static void
gearlier(const Launch *L, const GAcc *e, int access, uint64_t addr, unsigned size, ChkSite *s)
{
	Cta c;
	Warp w;
	uint64_t lin = e->cta - 1;

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	c.id[0] = (unsigned)(lin % L->grid[0]);
	c.id[1] = (unsigned)(lin / L->grid[0] % L->grid[1]);
	c.id[2] = (unsigned)(lin / ((uint64_t)L->grid[0] * L->grid[1]));
	w.cta = &c;
	w.id = e->warp;
	interp_chk_site(L, &w, (int)GLANE(e), &L->pm->code[e->pc], access, addr, size, s);
}

/* An access for a report: " load", " store", " atomic", " strong load"
 * or " strong store", with the scope of a strong one (str: GS_*), in
 * buf[24]. */
static const char *
gwhat(char *buf, int acc, unsigned str)
{
	static const char *const scope[] = { "", ".cta", ".cluster", ".gpu" };
	const char *a = acc == PTX_ACCESS_READ ? "load" : acc == PTX_ACCESS_WRITE ? "store" : "atomic";

	if (!str)
		snprintf(buf, 24, " %s", a);
	else
		snprintf(buf, 24, "%s %s%s (%s)", acc == PTX_ACCESS_ATOMIC ? "n" : "", acc == PTX_ACCESS_ATOMIC ?
		    "" : "strong ", a, scope[str & 3]);
	return buf;
}

/* Whether count a (low 32 bits) was taken after count b. */
static int
later(uint32_t a, uint32_t b)
{
	return a != b && (uint32_t)(a - b) <= 1u << 31;
}

/* Whether scope class s of an access by CTA a (linear index + 1)
 * includes the threads of CTA b. */
static int
covers(const Launch *L, unsigned s, uint32_t a, uint32_t b)
{
	uint64_t x, y;

	if (s == GS_GPU || a == b)
		return 1;
	if (s != GS_CLUSTER)
		return 0;
	/* the same cluster: the same %clusterid in every dimension */
	x = a - 1;
	y = b - 1;
	for (int d = 0; d < 3; d++) {
		unsigned n = L->grid[d] ? L->grid[d] : 1, k = L->cluster[d] ? L->cluster[d] : 1;
		if (x % n / k != y % n / k)
			return 0;
		x /= n;
		y /= n;
	}
	return 1;
}

/* Whether the record e (ew: of a store or atomic) and the access cur (cw:
 * a store or atomic) may race at all, by their strengths: two weak ones
 * (one of them a store: the caller's choice of record); a weak store
 * and an atomic or strong access; a weak load and a strong store (a weak
 * load and an atomic are left alone, as the shared memory's rule leaves
 * them: a CAS loop reads its guess with a plain load; a flag read plainly
 * after a poll that saw it is ordered by observation, gword); two strong
 * ones, one of them a write, that are not morally strong: of different
 * bytes or sizes, or one of a scope that does not include the other
 * access's thread (.cta between CTAs, .cluster between clusters). */
static int
clash(const Launch *L, const GAcc *e, int ew, const GAcc *cur, int cw)
{
	unsigned se = GSTR(e), sc = GSTR(cur);

	if (!se && !sc)
		return 1;
	if (!se || !sc) {
		/* the weak one a store, or the strong one a store that is no
		 * atomic (nothing reads its guess of one plainly); a weak load
		 * and an atomic: 2, held until the load proves no CAS's guess */
		const GAcc *st = se ? e : cur;
		if (se ? cw : ew)
			return 1;
		if (!(se ? ew : cw))
			return 0;
		return L->pm->code[st->pc].x != X_ATOM ? 1 : 2;
	}
	if (!ew && !cw)
		return 0;
	return e->bytes != cur->bytes || !covers(L, se, e->cta, cur->cta) || !covers(L, sc, cur->cta, e->cta);
}

/* Whether the record e and the access cur (different threads) can be
 * ordered: by an instruction that may order CTAs executed between them,
 * or, within one CTA, by one that orders its threads.  self: the count
 * cur's own instruction moved (ORD_CTA, ORD_ALL; a strong access), which
 * orders nothing before it against another warp's access.  0: ordered;
 * 1: not; 2: lanes of one warp, not; 3: CTAs whose release is there but
 * not the acquire. */
static int
unordered(const Launch *L, const GAcc *e, const GAcc *cur, int self)
{
	uint32_t g = cur->g - (self == ORD_ALL), c = cur->c - (self == ORD_CTA);

	if (!e->cta || !(e->bytes & cur->bytes & 15u))
		return 0;
	/* across CTAs the chain starts with a release of the first access's
	 * CTA after it: its CTA's last such instruction (relg) must be later
	 * than the access (a release elsewhere in the grid, an acquire fence
	 * of the reader among them, does not order it); and it ends with an
	 * acquire of the second access's CTA (acqg), which reads from the
	 * release and so comes after the first access too: a flag polled
	 * with relaxed or volatile loads and no fence after them leaves the
	 * data read next unordered */
	if (e->cta != cur->cta && L->relg && e->cta - 1 < L->nrelg && cur->cta - 1 < L->nrelg)
		return e->g == cur->g || !later(L->relg[e->cta - 1], e->g) ? 1 : !later(L->acqg[cur->cta - 1], e->g) ? 3 : 0;
	if (e->cta != cur->cta)
		return e->g == cur->g;
	if (e->g != g)
		return 0;
	if (e->warp != cur->warp)
		return e->c == c;
	/* lanes of one warp: other lanes, other instructions (lanes of one
	 * instruction run together), plain accesses */
	return GLANE(e) != GLANE(cur) && e->pc != cur->pc && e->c == cur->c && e->wv == cur->wv && !GSTR(e) &&
	    !GSTR(cur) ? 2 : 0;
}

/* The record of an access of xi by warp w that its lanes share (all but
 * the lane and the bytes; its strength in the lane's byte); 0: the access
 * is not followed (past the table's bound; CTA or warp indices the
 * records cannot hold). */
static int
gcur(Launch *L, Warp *w, const XIns *xi, int acc, GAcc *cur)
{
	Cta *c = w->cta;
	unsigned str = GS_WEAK;

	if (L->raceoff || c->linear >= UINT32_MAX - 1 || w->id > UINT16_MAX)
		return 0;
	if (acc == PTX_ACCESS_ATOMIC || strongx(L, xi)) {
		int sc = xi->in ? ir_mod_scope(xi->in) : MOD_NONE;
		str = sc == MOD_CTA ? GS_CTA : sc == MOD_CLUSTER ? GS_CLUSTER : GS_GPU;
	}
	cur->pc = (uint32_t)(xi - L->pm->code);
	cur->g = (uint32_t)L->gord;
	cur->c = (uint32_t)(c->events - c->exits + c->chkord);
	cur->cta = (uint32_t)c->linear + 1;
	cur->wv = w->chkw;
	cur->warp = (uint16_t)w->id;
	cur->lane = (uint8_t)(str << 5);
	cur->bytes = 0;
	return 1;
}

/* Whether the plain load cur of word i of pg is ordered after the strong
 * store e of another CTA by observation: a strong load or atomic of cur's
 * CTA read the store (or several CTAs did), and cur's CTA executed an
 * acquire since -- the PTX memory model's observation order then release
 * and acquire patterns: a fence or ld.acquire after the poll, not the poll
 * alone. */
static int
seen(const Launch *L, const GPg *pg, size_t i, const GAcc *e, const GAcc *cur)
{
	uint32_t o = pg->obs[i];

	if (e->cta == cur->cta || !o || (o != cur->cta && o != GOBS_MANY))
		return 0;
	if (!L->acqg || cur->cta - 1 >= L->nrelg)
		return 1;   /* acquires not followed (the grid-wide rule alone) */
	return later(L->acqg[cur->cta - 1], pg->obsg[i]);
}

/* A plain load and an atomic other than a CAS of global word wd that
 * nothing orders: the report is held (struct GHeld) under the loading
 * thread -- cur's, or the earlier record e's when loadfirst -- until it
 * executes a CAS of the word or the launch ends.  A load racing with a
 * CAS is not held at all: a word that CAS loops update is read plainly
 * for their guesses, and a loop may end on its guess alone (atomicMax of
 * a float: a guess not below the value needs no CAS, since the word only
 * grows).  Past GHELD_MAX held at once, later ones are dropped (missed,
 * never made up). */
static void
hold(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, unsigned n, int acc, const GAcc *cur,
     const GAcc *e, int loadfirst, int how, uintptr_t wd)
{
	const GAcc *ld = loadfirst ? e : cur;
	struct GHeld *h = heldnew(L, L->grace, wd, ld->cta, ld->warp, (uint8_t)GLANE(ld), xi, &L->pm->code[e->pc]);

	if (!h)
		return;
	h->loadfirst = (uint8_t)loadfirst;
	h->how = how;
	interp_chk_site(L, w, (int)lane, xi, acc, addr, n, &h->a);
	gearlier(L, e, loadfirst ? PTX_ACCESS_READ : PTX_ACCESS_ATOMIC, addr, n, &h->b);
}

/* The CAS cur of word wd: the plain loads of its thread held against
 * atomics were its guesses. */
static void
unhold(Launch *L, const GAcc *cur, uintptr_t wd)
{
	struct ChkRace *s = L->grace;

	for (size_t j = 0; j < s->nheld;)
		if (s->held[j].word == wd && s->held[j].cta == cur->cta && s->held[j].warp == cur->warp &&
		    s->held[j].lane == GLANE(cur))
			s->held[j] = s->held[--s->nheld];
		else
			j++;
}

/* The launch ends: the plain loads held against atomics that no CAS of
 * their thread followed are reported. */
void
interp_chk_race_end(Launch *L)
{
	struct ChkRace *s = L->grace;

	for (size_t j = 0; L->race && j < L->race->nheld; j++) {
		const struct GHeld *h = &L->race->held[j];
		const ChkSite *a = &h->a, *b = &h->b;
		interp_chk_report(L, NULL, -1, PTX_CHECK_RACECHECK, h->loadfirst ? "read-write" : "write-read", a, b,
		    "shared memory at 0x%" PRIx64 ": a%s of thread (%u,%u,%u) and a%s of thread (%u,%u,%u), of another "
		    "warp, with no barrier between them (a plain load races with an atomic of another thread; the "
		    "load was no guess that a CAS of its thread then checked)", a->addr,
		    h->loadfirst ? "n atomic" : " load", a->thread[0], a->thread[1], a->thread[2],
		    h->loadfirst ? " load" : "n atomic", b->thread[0], b->thread[1], b->thread[2]);
	}
	if (L->race)
		L->race->nheld = 0;
	for (size_t j = 0; s && j < s->nheld; j++) {
		const struct GHeld *h = &s->held[j];
		const ChkSite *a = &h->a, *b = &h->b;
		interp_chk_report(L, NULL, -1, PTX_CHECK_RACECHECK, h->loadfirst ? "global-read-write" :
		    "global-write-read", a, b, "global memory at 0x%" PRIx64 ": a%s of block (%u,%u,%u) and a%s of "
		    "block (%u,%u,%u) with nothing between them that orders the two (a plain load races with an "
		    "atomic of another thread%s; the load was no guess that a CAS of its thread then checked)",
		    a->addr, h->loadfirst ? "n atomic" : " load", a->cta[0], a->cta[1], a->cta[2],
		    h->loadfirst ? " load" : "n atomic", b->cta[0], b->cta[1], b->cta[2],
		    h->how == 3 ? ": the atomic's block released it, but the load's block executed no acquire "
		    "since" : "");
	}
	if (s)
		s->nheld = 0;
}

/* The bytes of word wd that [a, end) covers, and the access's size
 * (log2 + 1), as GAcc.bytes holds them. */
static uint8_t
gbytes(uintptr_t wd, uintptr_t a, uintptr_t end, unsigned size)
{
	return (uint8_t)((wd >= a && wd + 4 <= end ? 0xf : wordbytes(wd, a, end)) | size << 4);
}

static unsigned
gsize(unsigned n)
{
	return n >= 64 ? 7 : 32 - (unsigned)__builtin_clz(n | 1);   /* log2 + 1 of a power of two */
}

/* The summary of the loads of page key (no store reached it), ready for
 * the load cur: started afresh when its record is of another instruction,
 * warp or count.  NULL past its bound (loads no longer summarized: races
 * missed). */
static GRd *
grd(Launch *L, const GAcc *cur, uintptr_t key)
{
	GRd *r = page(L->cx, &L->gread, key, sizeof(GRd), GRDS_MAX, 1);

	if (r && (r->rd.pc != cur->pc || r->rd.g != cur->g || r->rd.c != cur->c || r->rd.cta != cur->cta ||
	    r->rd.wv != cur->wv || r->rd.warp != cur->warp || (r->rd.lane ^ cur->lane) & ~31u)) {
		r->rd = *cur;
		r->rd.lane &= (uint8_t)~31u;
		r->rd.bytes = 0;
		memset(r->words, 0, sizeof r->words);
	}
	return r;
}

static void
gread(GRd *r, uintptr_t wd, unsigned lane, uint8_t bytes)
{
	size_t i = wd % RPAGE / 4;

	r->words[i / 64] |= 1ull << (i % 64);
	r->lane[i] = (uint8_t)lane;
	r->bytes[i] = bytes;
}

/* Whether the 32 lanes' p are not lo, lo + 4, ... lo + 124 in order: 0
 * when they are.  No way out early, so that it takes vectors. */
static uintptr_t
runof(uint8_t *const *p, uintptr_t lo)
{
	uintptr_t d = 0;

	for (uint32_t l = 0; l < WARP; l++)
		d |= ((uintptr_t)p[l] - lo) ^ (uintptr_t)(4 * l);
	return d;
}

/* The first store to a page made its GPg pg: the loads summarized for it
 * become its words' records of their last loads. */
static void
seed(Launch *L, GPg *pg)
{
	GRd *r = page(L->cx, &L->gread, pg->key, sizeof(GRd), GRDS_MAX, 0);

	if (!r)
		return;
	for (size_t j = 0; j < RWORDS / 64; j++)
		for (uint64_t b = r->words[j]; b; b &= b - 1) {
			size_t i = j * 64 + (size_t)__builtin_ctzll(b);
			pg->r[i] = r->rd;
			pg->r[i].lane |= r->lane[i];
			pg->r[i].bytes = r->bytes[i];
		}
	memset(r->words, 0, sizeof r->words);
}

/* The access cur (its lane filled) of n bytes at host p, guest addr, by
 * lane: each word compared with its records, then recorded.  *key and
 * *pgp are the page found last (the caller's, so that a warp's lanes look
 * a page up once).  0: go on; 1: reported (one report an access); -1:
 * racecheck stopped following global memory. */
static int
gword(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n, int acc,
      GAcc *cur, uintptr_t *key, GPg **pgp, int self)
{
	uintptr_t a = (uintptr_t)p, end = a + n;
	int write = acc != PTX_ACCESS_READ;   /* an atomic writes */
	unsigned size = gsize(n);

	for (uintptr_t wd = a & ~(uintptr_t)3; wd < end; wd += 4) {
		/* a load of a page no store of the launch reached finds no record
		 * and goes to the page's summary (GRd): read-only data costs no
		 * records */
		GPg *pg;
		size_t i = wd % RPAGE / 4;
		const GAcc *e = NULL;
		int how = 0, k = 0;
		ChkSite sa, sb;
		if (*key != wd / RPAGE + 1) {
			*key = wd / RPAGE + 1;
			*pgp = page(L->cx, &L->grace, *key, sizeof(GPg), GPAGES_MAX, write);
			if (*pgp && L->grace->made) {
				L->grace->made = 0;
				seed(L, *pgp);
			}
		}
		pg = *pgp;
		cur->bytes = gbytes(wd, a, end, size);
		if (!pg && !write) {
			GRd *r = grd(L, cur, *key);
			if (r)
				gread(r, wd, lane, cur->bytes);
			continue;
		}
		if (!pg) {
			L->raceoff = 1;   /* out of memory or past the bound: silence, never a guess */
			return -1;
		}
		if ((k = clash(L, &pg->w[i], 1, cur, write)) && (how = unordered(L, &pg->w[i], cur, self)) &&
		    (write || GSTR(cur) || !GSTR(&pg->w[i]) || !seen(L, pg, i, &pg->w[i], cur)))
			e = &pg->w[i];
		else if (write && (k = clash(L, &pg->r[i], 0, cur, 1)) && (how = unordered(L, &pg->r[i], cur, self)))
			e = &pg->r[i];
		if (e && k == 2) {   /* a plain load and an atomic */
			const XIns *ax = e == &pg->r[i] ? xi : &L->pm->code[e->pc];
			if (!ax->in || ir_mod_atomop(ax->in) != MOD_CAS)
				hold(L, w, lane, xi, addr, n, acc, cur, e, e == &pg->r[i], how, wd);
			e = NULL;
		}
		if (write && acc == PTX_ACCESS_ATOMIC && L->grace->nheld && xi->in && ir_mod_atomop(xi->in) == MOD_CAS)
			unhold(L, cur, wd);
		if (e && how == 2) {
			int eacc = e == &pg->w[i] ? PTX_ACCESS_WRITE : PTX_ACCESS_READ;
			interp_chk_site(L, w, (int)lane, xi, acc, addr, n, &sa);
			gearlier(L, e, eacc, addr, n, &sb);
			lanehazard(L, w, lane, "global", addr, acc, eacc, GLANE(e), &sa, &sb);
			return 1;
		}
		if (e) {
			int eacc = e == &pg->w[i] ? L->pm->code[e->pc].x == X_ATOM ? PTX_ACCESS_ATOMIC : PTX_ACCESS_WRITE :
			    PTX_ACCESS_READ;
			char ca[24], cb[24];
			interp_chk_site(L, w, (int)lane, xi, acc, addr, n, &sa);
			gearlier(L, e, eacc, addr, n, &sb);
			interp_chk_report(L, w, (int)lane, PTX_CHECK_RACECHECK,
			    write ? eacc != PTX_ACCESS_READ ? "global-write-write" : "global-read-write" :
			    "global-write-read", &sa, &sb,
			    "global memory at 0x%" PRIx64 ": a%s of block (%u,%u,%u) warp %d and a%s of block (%u,%u,%u) "
			    "warp %u with nothing between them that orders the two%s", addr, gwhat(ca, acc, GSTR(cur)),
			    sa.cta[0], sa.cta[1], sa.cta[2], w->id, gwhat(cb, eacc, GSTR(e)),
			    sb.cta[0], sb.cta[1], sb.cta[2], e->warp, how == 3 ? " (the earlier one's block released it, "
			    "but this block executed no acquire since: a flag read with relaxed or volatile loads needs "
			    "a fence or ld.acquire after it)" : GSTR(cur) && GSTR(e) ? " (strong accesses race unless "
			    "each one's scope includes the other's thread and they access the same bytes, of one size)" :
			    GSTR(cur) || GSTR(e) ? " (a plain access and a strong access or atomic of another thread "
			    "race unless something orders them; a plain load after a poll that saw the store needs a "
			    "fence or ld.acquire after the poll)" : "");
			return 1;   /* one report for the access */
		}
		if (write) {
			pg->w[i] = *cur;
			pg->obs[i] = 0;
		} else {
			const GAcc *s = &pg->w[i];
			/* a morally strong load of another CTA's strong store observes it */
			if (GSTR(cur) && GSTR(s) && s->cta && s->cta != cur->cta && (s->bytes & cur->bytes & 15u)) {
				if (!pg->obs[i]) {
					pg->obs[i] = cur->cta;
					pg->obsg[i] = cur->g - (self == ORD_ALL && interp_chk_acquires(xi));
				} else if (pg->obs[i] != cur->cta)
					pg->obs[i] = GOBS_MANY;
			}
			pg->r[i] = *cur;
		}
	}
	return 0;
}

#if defined(__GNUC__)
__attribute__((noinline))   /* out of the lanes' loop of shared memory */
#endif
static void
global(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n, int acc)
{
	GAcc cur;
	uintptr_t key = 0;
	GPg *pg = NULL;

	if (!gcur(L, w, xi, acc, &cur))
		return;
	if (L->cx->cdpchk && !GSTR(&cur))   /* against the grids of its family (check_cdp.c) */
		interp_chk_cdp(L, w, lane, xi, addr, p, n, acc);
	cur.lane = (uint8_t)((cur.lane & ~31u) | lane);
	gword(L, w, lane, xi, addr, p, n, acc, &cur, &key, &pg, GSTR(&cur) ? ordering(L, xi) : ORD_NONE);
}

/* The lanes of m, each in global memory: global() for each, in lane order,
 * with the record made once and the page looked up once a page. */
static void
global_lanes(Launch *L, Warp *w, uint32_t m, const XIns *xi, const uint64_t *addr, uint8_t *const *p, unsigned n,
             int acc, uintptr_t lo, uintptr_t hi)
{
	GAcc cur;
	uintptr_t key = 0;
	GPg *pg = NULL;
	int self;

	if (!gcur(L, w, xi, acc, &cur))
		return;
	if (L->cx->cdpchk && !GSTR(&cur))
		for (uint32_t k = m; k; k &= k - 1)
			interp_chk_cdp(L, w, (uint32_t)__builtin_ctz(k), xi, addr[__builtin_ctz(k)], p[__builtin_ctz(k)], n,
			    acc);
	if (acc == PTX_ACCESS_READ) {
		/* a load of pages no store reached keeps no record but its
		 * pages' summaries (gword): a warp's load of read-only data is
		 * done with two lookups a page (lo and hi: the lowest and
		 * highest of the lanes' p) */
		if (m && hi + n - 1 >= hi && (hi + n - 1) / RPAGE - lo / RPAGE < 4) {
			uintptr_t k = lo / RPAGE, key = 0;
			unsigned size = gsize(n);
			GRd *r = NULL;
			while (k <= (hi + n - 1) / RPAGE && !page(L->cx, &L->grace, k + 1, sizeof(GPg), GPAGES_MAX, 0))
				k++;
			if (k <= (hi + n - 1) / RPAGE)
				goto lanes;
			if (n == 4 && xi->size == 4 && lo / RPAGE == hi / RPAGE) {
				/* aligned words of one page (the one caller's loads are
				 * aligned to their size), the most of them: a bit and
				 * two bytes a lane, and for the lanes of a coalesced
				 * load, a run of bits and bytes */
				uint8_t b = (uint8_t)(0xf | gsize(4) << 4);
				size_t i0 = lo % RPAGE / 4;
				uintptr_t d = m != 0xffffffffu || hi - lo != 4 * (WARP - 1);
				if (!(r = grd(L, &cur, lo / RPAGE + 1)))
					return;
				if (!d)
					d = runof(p, lo);
				if (!d) {
					static const uint8_t lanes[WARP] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
					    17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 };
					r->words[i0 / 64] |= 0xffffffffull << (i0 % 64);
					if (i0 % 64 > 32)
						r->words[i0 / 64 + 1] |= 0xffffffffull >> (64 - i0 % 64);
					memcpy(&r->lane[i0], lanes, WARP);
					memset(&r->bytes[i0], b, WARP);
					return;
				}
				for (; m; m &= m - 1) {
					uint32_t l = (uint32_t)__builtin_ctz(m);
					size_t i = (uintptr_t)p[l] % RPAGE / 4;
					r->words[i / 64] |= 1ull << (i % 64);
					r->lane[i] = (uint8_t)l;
					r->bytes[i] = b;
				}
				return;
			}
			for (; m; m &= m - 1) {
				uint32_t l = (uint32_t)__builtin_ctz(m);
				uintptr_t a = (uintptr_t)p[l], end = a + n;
				for (uintptr_t wd = a & ~(uintptr_t)3; wd < end; wd += 4) {
					if (key != wd / RPAGE + 1)
						r = grd(L, &cur, key = wd / RPAGE + 1);
					if (r)
						gread(r, wd, l, gbytes(wd, a, end, size));
				}
			}
			return;
		}
	}
lanes:
	self = GSTR(&cur) ? ordering(L, xi) : ORD_NONE;
	for (; m; m &= m - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(m);
		cur.lane = (uint8_t)((cur.lane & ~31u) | l);
		if (gword(L, w, l, xi, addr[l], p[l], n, acc, &cur, &key, &pg, self) < 0)
			return;
	}
}

/* -------------------------------------------------------- shared memory */

#if defined(__GNUC__)
#define RACE_INLINE inline __attribute__((always_inline))
#else
#define RACE_INLINE inline
#endif

/* The record of an access of the instruction xi that its lanes share (all
 * but the lane and the bytes), made for the first lane (a checked launch
 * runs on one host thread and counts its warp-instructions in L->wsteps):
 * the CTA's count of arrivals and mbarrier changes, which may order
 * warps; what may order lanes of the warp -- any of that, the warp's own
 * collectives, the CTA's and the launch's fences, strong accesses and
 * atomics (monotonic counts: the sum moves when any does).  NULL: out of
 * memory. */
static const RAcc *
shcur(Launch *L, Warp *w, const XIns *xi, int acc)
{
	struct ChkRace *s = L->race;
	Cta *c = w->cta;

	if (w->id > UINT16_MAX || (!s && !(s = L->race = interp_alloc(L->cx, sizeof *s))))
		return NULL;   /* warps of a CTA are at most 32: the first never happens */
	if (s->stamp != L->wsteps || s->cur.xi != xi || s->acc != acc) {
		uint64_t ev = c->events - c->exits;
		int atom = acc == PTX_ACCESS_ATOMIC;
		s->stamp = L->wsteps;
		s->acc = acc;
		s->cur = (RAcc){ .xi = xi, .ev = ev, .wv = ev + c->chkord + w->chkw + L->gord,
		    .warp = (uint16_t)w->id, .atom = (uint8_t)atom, .valid = 1,
		    .weak = (uint8_t)(!atom && !strongx(L, xi)) };
	}
	return &s->cur;
}

/* The access cur (lane, bytes filled) to word i of the page pg of shared
 * memory: compared with the word's records, then recorded.  1: reported
 * (one report an access). */
static RACE_INLINE int
sword(Launch *L, Warp *w, const XIns *xi, uint64_t addr, unsigned n, int acc, RPg *pg, size_t i, const RAcc *cur)
{
	Cta *c = w->cta;
	int write = acc != PTX_ACCESS_READ, atom = acc == PTX_ACCESS_ATOMIC;
	uint32_t lane = cur->lane;
	RAcc *lw, *lr, *e = NULL;
	uintptr_t wd;

	if (pg->cta[i] != c->linear + 1) {   /* records of an earlier CTA on this buffer */
		pg->cta[i] = c->linear + 1;
		pg->w[i].valid = pg->r[i].valid = 0;
	}
	lw = &pg->w[i];
	lr = &pg->r[i];
	wd = (uintptr_t)pg->key * RPAGE - RPAGE + i * 4;   /* the word's host address: what held pairs name */
	/* an atomic races with plain stores; with plain loads too, unless
	 * the load was a CAS loop's guess (held until the loading thread's
	 * CAS or the launch's end tells, shhold) */
	if (atom && L->race->nheld && iscas(xi))
		shunhold(L, w, lane, wd);
	if (lw->valid && (lw->bytes & cur->bytes) && lw->ev == cur->ev && lw->warp != cur->warp && lw->atom &&
	    !write && !iscas(lw->xi))
		shhold(L, w, lane, xi, addr, n, acc, lw, 0, wd);
	else if (atom && !iscas(xi) && lr->valid && (lr->bytes & cur->bytes) && lr->ev == cur->ev &&
	    lr->warp != cur->warp)
		shhold(L, w, lane, xi, addr, n, acc, lr, 1, wd);
	if (lw->valid && (lw->bytes & cur->bytes) && lw->ev == cur->ev && lw->warp != cur->warp &&
	    !(lw->atom && (atom || !write)) && !(lw->valid == 2 && w->chkwait > lw->wv)) {
		hazard(L, w, lane, xi, addr, n, acc, lw, lw->atom ? PTX_ACCESS_ATOMIC : PTX_ACCESS_WRITE,
		    write ? "write-write" : "write-read");
		return 1;
	}
	if (write && !atom && lr->valid && (lr->bytes & cur->bytes) && lr->ev == cur->ev && lr->warp != cur->warp) {
		hazard(L, w, lane, xi, addr, n, acc, lr, PTX_ACCESS_READ, "read-write");
		return 1;
	}
	/* lanes of this warp: plain accesses of other lanes in other
	 * instructions (lanes of one instruction run together); a copy
	 * another lane waited for (interp_chk_race_copied) */
	if (cur->weak && lw->valid && lw->weak && (lw->bytes & cur->bytes) && lw->warp == cur->warp &&
	    lw->lane != lane && lw->xi != xi && lw->wv == cur->wv)
		e = lw;
	else if (cur->weak && lw->valid >= 2 && (lw->bytes & cur->bytes) && lw->warp == cur->warp &&
	    lw->lane != lane && lw->ev == cur->ev && w->lwait[lane] <= lw->wv)
		e = lw;
	else if (cur->weak && write && lr->valid && lr->weak && (lr->bytes & cur->bytes) &&
	    lr->warp == cur->warp && lr->lane != lane && lr->xi != xi && lr->wv == cur->wv)
		e = lr;
	if (e) {
		ChkSite sa, sb;
		int eacc = e == lw ? PTX_ACCESS_WRITE : PTX_ACCESS_READ;
		interp_chk_site(L, w, (int)lane, xi, acc, addr, n, &sa);
		earlier(L, c, e, eacc, addr, n, &sb);
		lanehazard(L, w, lane, "shared", addr, acc, eacc, e->lane, &sa, &sb);
		return 1;
	}
	if (write)
		*lw = *cur;
	else
		*lr = *cur;
	return 0;
}

static RACE_INLINE void
shared(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n, int acc)
{
	uintptr_t a = (uintptr_t)p, end = a + n;
	const RAcc *tmpl = shcur(L, w, xi, acc);
	RAcc cur;

	if (!tmpl)
		return;
	cur = *tmpl;
	cur.lane = (uint8_t)lane;
	for (uintptr_t wd = a & ~(uintptr_t)3; wd < end; wd += 4) {
		struct ChkRace *s = L->race;
		RPg *pg = s->last && s->lastkey == wd / RPAGE + 1 ? s->last :
		    page(L->cx, &L->race, wd / RPAGE + 1, sizeof(RPg), SIZE_MAX, 1);
		if (!pg)
			return;
		cur.bytes = wd >= a && wd + 4 <= end ? 0xf : wordbytes(wd, a, end);
		if (sword(L, w, xi, addr, n, acc, pg, wd % RPAGE / 4, &cur))
			return;   /* one report for the access */
	}
}

/* The n bytes at host p of w's CTA's shared memory, which the copy xi
 * wrote, are complete for lane of w: its cp.async wait, or (mbar) the
 * first wait that saw the bulk copy's phase complete.  They become that
 * thread's store at this moment, so that another warp's access that no
 * barrier orders after the wait races with the copy; after a bulk copy,
 * a warp's own wait on an mbarrier orders it too (valid 2: wv holds the
 * CTA's count of waits, which the warp's must pass; a wait on another
 * mbarrier counts as well: missed, never made up).  The other lanes of
 * the waiting warp are ordered after it by a wait of their own on an
 * mbarrier (valid 2) or a __syncwarp (bar.warp.sync) since, which set
 * their Warp.lwait past wv, or a barrier; a cp.async wait (valid 3)
 * completes its own thread's copies alone.  Lanes that each wait for
 * their own copies and read the others' race, as the PTX memory model
 * has it. */
void
interp_chk_race_copied(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const uint8_t *p, uint64_t n, int mbar)
{
	Cta *c = w->cta;
	uintptr_t a = (uintptr_t)p, end = a + n;
	RAcc cur;

	if (!n || w->id > UINT16_MAX || p < c->shared || n > c->nshared || (uint64_t)(p - c->shared) > c->nshared - n ||
	    (!L->race && !(L->race = interp_alloc(L->cx, sizeof *L->race))))
		return;
	L->racecopy = 1;
	cur = (RAcc){ .xi = xi, .ev = c->events - c->exits, .wv = c->chkwaits,
	    .warp = (uint16_t)w->id, .lane = (uint8_t)lane, .valid = mbar ? 2 : 3 };
	for (uintptr_t wd = a & ~(uintptr_t)3; wd < end; wd += 4) {
		RPg *pg = page(L->cx, &L->race, wd / RPAGE + 1, sizeof(RPg), SIZE_MAX, 1);
		size_t i = wd % RPAGE / 4;
		if (!pg)
			return;
		if (pg->cta[i] != c->linear + 1) {   /* records of an earlier CTA on this buffer */
			pg->cta[i] = c->linear + 1;
			pg->w[i].valid = pg->r[i].valid = 0;
		}
		cur.bytes = wd >= a && wd + 4 <= end ? 0xf : wordbytes(wd, a, end);
		/* a store of this interval stays: the race it is part of (with
		 * the copy, racecheck's write-write already) is also one with
		 * the readers that come next */
		if (!(pg->w[i].valid == 1 && pg->w[i].ev == cur.ev))
			pg->w[i] = cur;
	}
	L->race->stamp = 0;   /* shcur's record of the last instruction is stale */
}

/* A bulk or tensor copy's global destination, complete at the wait of
 * lane of w (cp.async.bulk.wait_group without .read): its n bytes at
 * host p, guest ga, are that thread's store, made at the wait, which
 * orders its own thread alone -- as a shared destination's bytes are
 * (interp_chk_race_copied); xi is the copy.  An access before the copy
 * that nothing ordered before it races with it; last: the copy was the
 * last instruction that may order CTAs (its own count, which orders
 * nothing before it, is left out then).  Reductions into global memory
 * (cp.reduce.async.bulk) are left alone, as atomics of one another. */
void
interp_chk_race_stored(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t ga, const uint8_t *p, uint64_t n,
                       int last)
{
	GAcc cur;
	uintptr_t key = 0;
	GPg *pg = NULL;

	if (!n || n > UINT32_MAX || !xi->in || xi->in->op == OP_CP_REDUCE_ASYNC_BULK ||
	    xi->in->op == OP_CP_REDUCE_ASYNC_BULK_TENSOR || !gcur(L, w, xi, PTX_ACCESS_WRITE, &cur))
		return;
	cur.lane = (uint8_t)((cur.lane & ~31u) | lane);
	gword(L, w, lane, xi, ga, p, (unsigned)n, PTX_ACCESS_WRITE, &cur, &key, &pg, last ? ORD_ALL : ORD_NONE);
}

/* ------------------------------------------------------------ the entry */



/* The CTA of cluster k whose shared memory holds [a, a + n); NULL: none. */
static const Cta *
owner(const Clu *k, uintptr_t a, unsigned n)
{
	for (int i = 0; i < k->n; i++) {
		const Cta *o = k->cta[i];
		if (a >= (uintptr_t)o->shared && a + n <= (uintptr_t)o->shared + o->nshared)
			return o;
	}
	return NULL;
}

static RACE_INLINE void
race(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n, int acc)
{
	Cta *c = w->cta;
	uintptr_t a = (uintptr_t)p;
	const Cta *o;

	if (!n)
		return;
	if (a >= (uintptr_t)c->shared && a + n <= (uintptr_t)c->shared + c->nshared) {
		shared(L, w, lane, xi, addr, p, n, acc);
		if (c->clu && c->clu->n > 1)
			interp_chk_dsmem(L, w, lane, xi, addr, p, n, acc, c);
	} else if (c->clu && c->clu->n > 1 && (o = owner(c->clu, a, n)))
		interp_chk_dsmem(L, w, lane, xi, addr, p, n, acc, o);
	else if (interp_isglobal(xi->space, addr))
		global(L, w, lane, xi, addr, p, n, acc);
	/* local memory and parameters are not followed */
}

void
interp_chk_race(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n,
                int acc)
{
	race(L, w, lane, xi, addr, p, n, acc);
}

/* The lanes of m, each one aligned word of the CTA's shared memory: each
 * lane's record by word, the page found once a page. */
static RACE_INLINE void
shared_lanes(Launch *L, Warp *w, uint32_t m, const XIns *xi, const uint64_t *addr, uint8_t *const *p, int acc)
{
	const RAcc *tmpl = shcur(L, w, xi, acc);
	uintptr_t key = 0;
	RPg *pg = NULL;
	RAcc cur;

	if (!tmpl)
		return;
	cur = *tmpl;
	cur.bytes = 0xf;
	for (; m; m &= m - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(m);
		uintptr_t wd = (uintptr_t)p[l];
		if (!pg || key != wd / RPAGE + 1) {
			key = wd / RPAGE + 1;
			if (!(pg = page(L->cx, &L->race, key, sizeof(RPg), SIZE_MAX, 1)))
				return;
		}
		cur.lane = (uint8_t)l;
		sword(L, w, xi, addr[l], 4, acc, pg, wd % RPAGE / 4, &cur);
	}
}

/* A warp's load of aligned words of the CTA's shared memory, all within
 * 64 words from lo (the lowest of the lanes' p), by word rather than by
 * lane: a load is compared with the word's last store alone, in a test
 * that depends on the lane only where it reports, so when no word can
 * report, the lanes of a word leave the record the last of them would
 * (sword, lane by lane, leaves the highest lane's).  Broadcasts, a row
 * read by a warp and the half-warps of a tile reading one row are a few
 * words for 32 lanes, found as bits of one 64-bit mask relative to lo.
 * Decided in interp_chk_race_span (every lane one aligned word of the
 * CTA's own shared memory, a load, one page, highest - lowest < 256);
 * tests/check's shared-memory race cases (race_*.ptx: warps, lanes,
 * broadcasts) check that its reports and records are those of the
 * lane-by-lane path.  0: a word may report, nothing was recorded, and the
 * caller takes the lanes one by one. */
static int
shared_reads(Launch *L, Warp *w, uint32_t m, const XIns *xi, uint8_t *const *p, uintptr_t lo)
{
	const RAcc *tmpl = shcur(L, w, xi, PTX_ACCESS_READ);
	uint64_t seen = 0;        /* bit j: the word at lo + 4 j */
	uint8_t last[64];         /* read only where seen */
	uint64_t cta = w->cta->linear + 1;
	size_t i0 = lo % RPAGE / 4;
	RPg *pg;

	if (!tmpl || !(pg = page(L->cx, &L->race, lo / RPAGE + 1, sizeof(RPg), SIZE_MAX, 1)))
		return 0;
	if (m == 0xffffffffu)   /* a full warp: a counted loop, without finding the lanes */
		for (uint32_t l = 0; l < WARP; l++) {
			uint32_t j = (uint32_t)(((uintptr_t)p[l] - lo) / 4);
			seen |= 1ull << j;
			last[j] = (uint8_t)l;
		}
	else
		for (uint32_t k = m; k; k &= k - 1) {
			uint32_t l = (uint32_t)__builtin_ctz(k);
			uint32_t j = (uint32_t)(((uintptr_t)p[l] - lo) / 4);
			seen |= 1ull << j;
			last[j] = (uint8_t)l;
		}
	/* sword's tests of a load against the store record, less the lane */
	for (uint64_t k = seen; k; k &= k - 1) {
		size_t i = i0 + (size_t)__builtin_ctzll(k);
		const RAcc *lw = &pg->w[i];
		if (pg->cta[i] != cta || !lw->valid || !(lw->bytes & 0xf))
			continue;
		if (lw->ev == tmpl->ev && (lw->warp != tmpl->warp || lw->valid >= 2))
			return 0;   /* write-read, held against an atomic, or a copy another lane waited for */
		if (tmpl->weak && lw->weak && lw->warp == tmpl->warp && lw->xi != xi && lw->wv == tmpl->wv)
			return 0;   /* warp-write-read, unless the store was the lane's own */
	}
	for (uint64_t k = seen; k; k &= k - 1) {
		uint32_t j = (uint32_t)__builtin_ctzll(k);
		size_t i = i0 + j;
		if (pg->cta[i] != cta) {   /* records of an earlier CTA on this buffer */
			pg->cta[i] = cta;
			pg->w[i].valid = 0;
		}
		pg->r[i] = *tmpl;
		pg->r[i].lane = last[j];
		pg->r[i].bytes = 0xf;
	}
	return 1;
}

void
interp_chk_race_lanes(Launch *L, Warp *w, uint32_t m, const XIns *xi, const uint64_t *addr, uint8_t *const *p,
                      unsigned n, int acc)
{
	uintptr_t lo = UINTPTR_MAX, hi = 0;

	for (uint32_t k = m; k; k &= k - 1) {
		uintptr_t h = (uintptr_t)p[__builtin_ctz(k)];
		lo = h < lo ? h : lo;
		hi = h > hi ? h : hi;
	}
	interp_chk_race_span(L, w, m, xi, addr, p, n, acc, lo, hi);
}

/* The lanes of m, lo and hi the lowest and highest of their p (exactly:
 * the tests below pick a path from them). */
void
interp_chk_race_span(Launch *L, Warp *w, uint32_t m, const XIns *xi, const uint64_t *addr, uint8_t *const *p,
                     unsigned n, int acc, uintptr_t lo, uintptr_t hi)
{
	Cta *c = w->cta;

	/* every lane in the CTA's shared memory, one aligned word each: the
	 * lanes' records by word, the page found once a page */
	if (m && n == 4 && !((lo | hi) & 3) && lo >= (uintptr_t)c->shared && !(c->clu && c->clu->n > 1) &&
	    hi + n <= (uintptr_t)c->shared + c->nshared) {
		/* loads, the most of them, with the access kind a constant */
		if (acc == PTX_ACCESS_READ && lo / RPAGE == hi / RPAGE && hi - lo < 64 * 4 &&
		    shared_reads(L, w, m, xi, p, lo))
			return;
		if (acc == PTX_ACCESS_READ)
			shared_lanes(L, w, m, xi, addr, p, PTX_ACCESS_READ);
		else
			shared_lanes(L, w, m, xi, addr, p, acc);
		return;
	}
	/* every lane outside the CTA's shared memory, in global memory (the
	 * test race() makes for each): global_lanes */
	if (m && n && (hi < (uintptr_t)c->shared || lo >= (uintptr_t)c->shared + c->nshared) &&
	    (xi->space == MS_GLOBAL || xi->space == MS_GENERIC) && !(c->clu && c->clu->n > 1)) {
		uint32_t k = xi->space == MS_GENERIC ? m : 0;   /* k: the lanes not yet seen global */
		for (; k; k &= k - 1) {
			uint64_t a = addr[__builtin_ctz(k)];
			if (!(a - SHARED_WIN >= WIN_SIZE && a - LOCAL_WIN >= WIN_SIZE && a - PARAM_WIN >= WIN_SIZE))
				break;
		}
		if (!k) {
			global_lanes(L, w, m, xi, addr, p, n, acc, lo, hi);
			return;
		}
	}
	for (; m; m &= m - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(m);
		race(L, w, l, xi, addr[l], p[l], n, acc);
	}
}

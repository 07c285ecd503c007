/*
 * check_race_global.c -- racecheck of global memory (check_race.c has
 * shared memory and the entry).
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
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "interp.h"
#include "check_race.h"

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

/* The global table's bound: past it racecheck stops following global
 * memory for the launch rather than grow without limit. */
enum { GPAGES_MAX = (1u << 30) / sizeof(GPg), GRDS_MAX = (1u << 30) / sizeof(GRd) };

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
	if (acc == PTX_ACCESS_ATOMIC || interp_race_strong(L, xi)) {
		int sc = xi->in ? ir_mod_scope(xi->in) : MOD_NONE;
		str = sc == MOD_CTA ? GS_CTA : sc == MOD_CLUSTER ? GS_CLUSTER : GS_GPU;
	}
	cur->pc = (uint32_t)(xi - L->pm->code);
	cur->g = (uint32_t)L->gord;
	cur->c = (uint32_t)(interp_chk_syncs(c) + c->chkord);
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
	struct GHeld *h = interp_race_heldnew(L, L->grace, wd, ld->cta, ld->warp, (uint8_t)GLANE(ld), xi, &L->pm->code[e->pc]);

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

/* The bytes of word wd that [a, end) covers, and the access's size
 * (log2 + 1), as GAcc.bytes holds them. */
static uint8_t
gbytes(uintptr_t wd, uintptr_t a, uintptr_t end, unsigned size)
{
	return (uint8_t)((wd >= a && wd + 4 <= end ? 0xf : interp_race_wordbytes(wd, a, end)) | size << 4);
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
	GRd *r = interp_race_page(L->cx, &L->gread, key, sizeof(GRd), GRDS_MAX, 1);

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
	GRd *r = interp_race_page(L->cx, &L->gread, pg->key, sizeof(GRd), GRDS_MAX, 0);

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
 * a page up once).  0: go on; 1: reported (one report an access, which
 * is recorded all the same); -1: racecheck stopped following global
 * memory. */
static int
gword(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n, int acc,
      GAcc *cur, uintptr_t *key, GPg **pgp, int self)
{
	uintptr_t a = (uintptr_t)p, end = a + n;
	int write = acc != PTX_ACCESS_READ;   /* an atomic writes */
	int rep = 0;                          /* reported: the rest is only recorded */
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
			*pgp = interp_race_page(L->cx, &L->grace, *key, sizeof(GPg), GPAGES_MAX, write);
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
		if (rep)
			;
		else if ((k = clash(L, &pg->w[i], 1, cur, write)) && (how = unordered(L, &pg->w[i], cur, self)) &&
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
			interp_race_lanehazard(L, w, lane, "global", addr, acc, eacc, GLANE(e), &sa, &sb);
			rep = 1;
		} else if (e) {
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
			rep = 1;   /* one report for the access, which is still recorded: a later
			            * access races with it as with any other */
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
	return rep;
}

void
interp_race_global(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n, int acc)
{
	GAcc cur;
	uintptr_t key = 0;
	GPg *pg = NULL;

	if (!gcur(L, w, xi, acc, &cur))
		return;
	if (L->cx->cdpchk && !GSTR(&cur))   /* against the grids of its family (check_cdp.c) */
		interp_chk_cdp(L, w, lane, xi, addr, p, n, acc);
	cur.lane = (uint8_t)((cur.lane & ~31u) | lane);
	gword(L, w, lane, xi, addr, p, n, acc, &cur, &key, &pg, GSTR(&cur) ? interp_race_ordering(L, xi) : ORD_NONE);
}

/* The lanes of m, each in global memory: interp_race_global() for each, in lane order,
 * with the record made once and the page looked up once a page (run: the
 * lanes are consecutive, as interp_chk_race_span's caller found them). */
void
interp_race_global_lanes(Launch *L, Warp *w, uint32_t m, const XIns *xi, const uint64_t *addr, uint8_t *const *p,
                         unsigned n, int acc, uintptr_t lo, uintptr_t hi, int run)
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
			while (k <= (hi + n - 1) / RPAGE && !interp_race_page(L->cx, &L->grace, k + 1, sizeof(GPg), GPAGES_MAX, 0))
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
				uintptr_t d = !run && (m != 0xffffffffu || hi - lo != 4 * (WARP - 1));
				if (!(r = grd(L, &cur, lo / RPAGE + 1)))
					return;
				if (!d && !run)
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
	self = GSTR(&cur) ? interp_race_ordering(L, xi) : ORD_NONE;
	for (; m; m &= m - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(m);
		cur.lane = (uint8_t)((cur.lane & ~31u) | l);
		if (gword(L, w, l, xi, addr[l], p[l], n, acc, &cur, &key, &pg, self) < 0)
			return;
	}
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

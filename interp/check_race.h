/*
 * check_race.h -- what racecheck's two files share: check_race.c (shared
 * memory, the count of what orders threads, the entry from the executor)
 * and check_race_global.c (global memory).  Only they include it.
 */
#ifndef PTX_CHECK_RACE_H
#define PTX_CHECK_RACE_H

enum { RPAGE = 4096, RWORDS = RPAGE / 4 };

/* A shared word's last store or load (check_race.c). */
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

enum { MBC_MAX = 64 };

struct ChkRace {
	void **tab;               /* pages (RPg or GPg), each starting with its key */
	size_t cap, n;
	uintptr_t lastkey, lastkey2;   /* the pages found last and before it (a warp's
	                           * loads of two arrays take turns) */
	void *last, *last2;
	uintptr_t misskey, misskey2;   /* the last two keys looked up and not found (0: none;
	                           * no key is 0) */
	int made;                 /* interp_race_page() made the page it returned last */
	/* shared memory: the record of the instruction the last access was
	 * of, but its lane and bytes, and which execution of it (L->wsteps) */
	int acc;
	uint64_t stamp;           /* 0: none (the count is past 0 at any access) */
	RAcc cur;
	/* the warps (bit id % 64) that made records of shared memory in the
	 * interval ivev of CTA ivcta (linear + 1), so that a copy issued
	 * where no other warp did skips the words (interp_chk_race_issued);
	 * all bits: not known (another CTA's records came between) */
	uint64_t ivcta, ivev, ivwarps;
	/* plain loads racing with an atomic, held until the loading
	 * thread's CAS of the word shows the load was its guess (global
	 * memory's in L->grace, shared memory's in L->race) */
	struct GHeld *held;
	size_t nheld, capheld;
	/* the last phase completion of mbarriers (interp_chk_mbphase), the
	 * MBC_MAX most recently completed: the CTA (linear + 1), the shared
	 * offset, interp_chk_syncs just after it */
	struct { uint64_t cta, ev; uint32_t off; } mbc[MBC_MAX];
	uint32_t nmbc;
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

/* What an instruction may order, for racecheck: nothing (ALU, weak loads
 * and stores, calls of functions with bodies), the lanes of its warp
 * (bar.warp.sync, and -- conservatively, since the PTX ISA promises them
 * no memory ordering -- the other .sync collectives), the threads of its
 * CTA (barriers, and fences, strong accesses and atomics of .cta scope),
 * or anything (every other fence, strong access and atomic; mbarriers,
 * cluster barriers, bulk copies, device malloc and the device runtime,
 * and whatever is not listed). */
enum { ORD_NONE, ORD_WARP, ORD_CTA, ORD_ALL };

/* The page of key in the table *root, made (zeroed, size bytes) when
 * missing and make is set; NULL when missing and make is not set, when
 * out of memory, or when the table holds max pages.  Called by
 * interp_race_page alone, past the pages and misses it remembers. */
void *interp_race_pagefind(ptx_ctx *cx, struct ChkRace **root, uintptr_t key, size_t size, size_t max, int make);

/* interp_race_pagefind, with the pages found last and before it, and the
 * last two keys missed, answered inline: a warp's accesses of one array
 * look the same page up again and again, and a kernel's loads of two
 * arrays (saxpy's x and y) take turns.  A key missed is in no page (a
 * page made of it clears the misses), so it cannot be one of the two. */
static inline void *
interp_race_page(ptx_ctx *cx, struct ChkRace **root, uintptr_t key, size_t size, size_t max, int make)
{
	struct ChkRace *s = *root;

	if (s && s->last && s->lastkey == key)
		return s->last;
	if (s && s->last2 && s->lastkey2 == key) {
		void *p = s->last2;
		s->last2 = s->last;
		s->lastkey2 = s->lastkey;
		s->lastkey = key;
		return s->last = p;
	}
	if (!make && (!s || s->misskey == key || s->misskey2 == key))
		return NULL;
	return interp_race_pagefind(cx, root, key, size, max, make);
}

/* A new held pair in s: the load of thread (cta, warp, lane) of host word
 * wd against an atomic, a and b the later and the earlier instruction;
 * NULL when the same is held already, or past GHELD_MAX (missed, never
 * made up) or out of memory. */
struct GHeld *interp_race_heldnew(Launch *L, struct ChkRace *s, uintptr_t wd, uint32_t cta, uint16_t warp,
                                  uint8_t lane, const XIns *a, const XIns *b);

/* The bytes of the word at wd that [a, end) covers, as a mask: accesses
 * of different bytes of one word (two halves stored by neighbouring
 * threads) do not conflict. */
static inline uint8_t
interp_race_wordbytes(uintptr_t wd, uintptr_t a, uintptr_t end)
{
	uintptr_t lo = a > wd ? a - wd : 0, hi = end < wd + 4 ? end - wd : 4;

	return (uint8_t)(((1u << hi) - 1) & ~((1u << lo) - 1));
}

/* check_race.c: whether xi is a strong access (interp_chk_strong), asked
 * once a pc for the launch; what xi may order (ORD_*) */
int interp_race_strongpc(Launch *L, const XIns *xi, size_t pc);
static inline int
interp_race_strong(Launch *L, const XIns *xi)
{
	size_t pc = (size_t)(xi - L->pm->code);

	if (L->strongpc && pc < (size_t)L->pm->ncode && L->strongpc[pc])
		return L->strongpc[pc] - 1;
	return interp_race_strongpc(L, xi, pc);
}
int interp_race_ordering(Launch *L, const XIns *xi);

/* Two lanes of warp w: the access of lane (site a) and an earlier one of
 * lane elane (site b), with nothing between them that orders the lanes. */
void interp_race_lanehazard(Launch *L, Warp *w, uint32_t lane, const char *space, uint64_t addr, int acc, int eacc,
                            unsigned elane, const ChkSite *a, const ChkSite *b);

/* check_race_global.c: racecheck of global memory, for one lane and for
 * the lanes m of one instruction (lo, hi: the lowest and highest of their
 * p; run: consecutive), from the entry of check_race.c */
void interp_race_global(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t addr, const void *p, unsigned n,
                        int acc);
void interp_race_global_lanes(Launch *L, Warp *w, uint32_t m, const XIns *xi, const uint64_t *addr,
                              uint8_t *const *p, unsigned n, int acc, uintptr_t lo, uintptr_t hi, int run);

#endif

/*
 * counters.c -- the memory-efficiency counters of every memory instruction,
 * counted the way Nsight Compute counts them on an H100 (sm_90).
 *
 * The rules were measured with ncu, one warp and one instruction per probe
 * (tests/counters/ lists the probes); the letters name them:
 *
 *   G1  global/local: one request per warp instruction and L1TEX access
 *       (at most 16 bytes a lane: wider vectors are split by ptxas);
 *   G2  sectors: the distinct aligned 32-byte sectors the active lanes
 *       touch, duplicates once;
 *   G5  atom/red: the hardware serializes lanes of equal addresses, pass k
 *       taking the k-th lane of each address, and sums each pass's
 *       distinct sectors (32 lanes on one word: 32 sectors);
 *   G6  local memory is interleaved across the warp: word i of lane l sits
 *       at (i * 32 + l) * 4, and an access wider than 4 bytes is one
 *       request per word;
 *   S1  shared: lanes go in aligned groups of 128 / size lanes (32 for
 *       8/16/32-bit, 16 for 64-bit, 8 for 128-bit), doubled for loads when
 *       every lane reads its neighbour's address (n ^ 1, or n ^ 2);
 *   S2  wavefronts: per group, the most distinct words any bank supplies
 *       (equal words are multicast, so they are no conflict);
 *   S3  bank conflicts: wavefronts beyond one per group;
 *   S4  ldmatrix (LDSM) is a 128-bit shared load of the row addresses of
 *       lanes 0..8n-1, eight rows a group, without the pair rule; it counts
 *       with the shared loads, stmatrix with the shared stores;
 *   S5  shared atomics (ATOMS): one lane of a bank a wavefront, lanes of
 *       one word included, so the wavefronts of each lane group (S1,
 *       without the pair rule) are the most lanes one bank serves,
 *       conflicts those beyond one;
 *   S6  ATOMS.POPC.INC (ptxas's form of a shared add of 1 whose result is
 *       unused) adds equal words up first and counts as a load;
 *   S7  a shared add of f32, f16x2, bf16x2 or 64 bits (and 64-bit and, or,
 *       xor) is a loop ptxas writes: each round an LDS of the lanes left
 *       (a load, S1-S3) and an ATOMS.CAST.SPIN (2 wavefronts a lane group,
 *       no conflicts) in which each group's lowest lane of each bank wins,
 *       unless an earlier group's winner changed its word;
 *   C1  constant: the cache serves one address at a time, so each distinct
 *       address of the warp is a request.
 *
 * S5-S7 were measured with one warp on 32- and 64-bit words (tests/counters/
 * sweep.cu, satom_*: add, max, exch, float and double add).
 * cp.async (LDGSTS) counts as a global load of the sources of the lanes
 * that read any byte (src-size 0 or ignore-src: none), and not as a
 * shared store: Nsight Compute's shared-store instructions and wavefronts
 * leave LDGSTS out (measured on Triton's pipelined matmul and attention,
 * whose masked stages zero-fill).  Where ptxas drops or merges loads or turns
 * an atom into RED or a loop, the counters follow it (lower.c sets
 * XIns.lower at load).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "interp.h"

#define FOR_LANES(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

/* configure defines INTERP_CLONES where target_clones works (exec_fast.c):
 * the full-warp loops below then also come in an AVX2 build, 4 lanes a
 * step. */
#ifdef INTERP_CLONES
#define KEY_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define KEY_CLONES
#endif

enum { K_LD, K_ST, K_ATOM, K_RED, K_LDSM };

/* ---------------------------------------------------------------- sets */

/* The number of distinct values among k[0..n), which it may reorder. */
static unsigned
distinct(uint64_t *k, int n)
{
	uint64_t lo, bits = 0;
	unsigned d;

	if (n <= 1)
		return (unsigned)n;
	lo = k[0];
	for (int i = 1; i < n; i++)
		if (k[i] < lo)
			lo = k[i];
	for (int i = 0; i < n; i++) {
		if (k[i] - lo >= 64)
			goto sort;
		bits |= 1ull << (k[i] - lo);
	}
	return (unsigned)__builtin_popcountll(bits);
sort:
	/* scattered: the values are few, and usually already in order */
	for (int i = 1; i < n; i++) {
		uint64_t v = k[i];
		int j = i;
		for (; j > 0 && k[j - 1] > v; j--)
			k[j] = k[j - 1];
		k[j] = v;
	}
	d = 1;
	for (int i = 1; i < n; i++)
		d += k[i] != k[i - 1];
	return d;
}

/* ---------------------------------------------------------------- global and local */

/*
 * The number of distinct values of (a[l] + off) >> sh over the lanes of m.
 * Lanes usually go up through memory: then the count is the number of
 * changes, found in the pass that gathers the keys.
 */
/* A full warp's keys (a[l] + off) >> sh into k: the number of changes from
 * lane to lane plus one, or 0 when they ever go down. */
KEY_CLONES static unsigned
rising(const uint64_t *restrict a, unsigned off, int sh, uint64_t *restrict k)
{
	/* kk[l + 1] is lane l's key and kk[0] lane 0's again, so that both
	 * loops run 32 times: loops of 31 are not vectorized */
	uint64_t kk[WARP + 1], down = 0, same = 0;

	kk[0] = (a[0] + off) >> sh;
	for (uint32_t l = 0; l < WARP; l++)
		kk[l + 1] = k[l] = (a[l] + off) >> sh;
	for (uint32_t l = 0; l < WARP; l++) {
		down |= (uint64_t)(kk[l + 1] < kk[l]);
		same += (uint64_t)(kk[l + 1] == kk[l]);
	}
	return down ? 0 : WARP + 1 - (unsigned)same;
}

static unsigned
distinct_lanes(const uint64_t *a, uint32_t m, unsigned off, int sh)
{
	uint64_t k[WARP], prev = 0;
	int n = 0;
	unsigned d = 0, up = 1;

	if (m == 0xffffffffu)
		return (d = rising(a, off, sh, k)) ? d : distinct(k, WARP);
	FOR_LANES(m, l) {
		uint64_t v = (a[l] + off) >> sh;
		k[n++] = v;
		up &= v >= prev || n == 1;
		d += v != prev || n == 1;
		prev = v;
	}
	return up ? d : distinct(k, n);
}

/* G1/G2 for one piece of at most 16 bytes a lane (aligned, so one sector a lane). */
static uint64_t
gsectors(const uint64_t *a, uint32_t m, unsigned off)
{
	return distinct_lanes(a, m, off, 5);
}

/* G5: lanes on one address go in successive passes. */
static uint64_t
atomsectors(const uint64_t *a, uint32_t m)
{
	uint32_t pass[WARP];   /* lanes of each pass */
	int np = 0;
	uint64_t n = 0;

	memset(pass, 0, sizeof pass);
	FOR_LANES(m, l) {
		int r = 0;
		FOR_LANES(m & ((1u << l) - 1), j)
			r += a[j] == a[l];
		pass[r] |= 1u << l;
		if (r + 1 > np)
			np = r + 1;
	}
	for (int p = 0; p < np; p++)
		n += gsectors(a, pass[p], 0);
	return n;
}

/* seq: what the caller knows of a full warp's addresses (interp_count_seq):
 * ASEQ_SAME, one address; ASEQ_RUN, lane l at a[0] + l * size. */
static void
global(ptx_mem_counts *c, int kind, const uint64_t *a, uint32_t m, unsigned size, int seq)
{
	unsigned piece = size > 16 ? 16 : size;

	if (kind == K_ATOM || kind == K_RED) {
		c->requests++;
		c->sectors += atomsectors(a, m);
		return;
	}
	for (unsigned off = 0; off < size; off += piece) {
		c->requests++;
		if (seq == ASEQ_SAME)
			c->sectors++;
		else if (seq == ASEQ_RUN && size <= 32)   /* steps of at most a sector: every one between is hit */
			c->sectors += ((a[WARP - 1] + off) >> 5) - ((a[0] + off) >> 5) + 1;
		else
			c->sectors += gsectors(a, m, off);
	}
}

/* G6: a lane's local offset o is word o / 4 of its own column. */
static void
local(ptx_mem_counts *c, const uint64_t *a, uint32_t m, unsigned size)
{
	unsigned nw = size > 4 ? size / 4 : 1;

	for (unsigned w = 0; w < nw; w++) {
		uint64_t k[WARP];
		int n = 0;
		FOR_LANES(m, l)
			k[n++] = (((a[l] >> 2) + w) * WARP + l) >> 3;   /* (word * 32 + lane) * 4 / 32 */
		c->requests++;
		c->sectors += distinct(k, n);
	}
}

/* ---------------------------------------------------------------- shared */

/* S2 when some bank supplies two distinct words: the words w[0..n) counted
 * once each in their bank, through a bitmap of the span when it is at most
 * 1024 words (32 banks deep), else sorted (w is reordered). */
static unsigned
deepest(uint64_t *w, int n)
{
	uint64_t lo = w[0], hi = w[0];
	unsigned nb[WARP], most = 1, d;

	memset(nb, 0, sizeof nb);
	for (int i = 1; i < n; i++) {
		if (w[i] < lo)
			lo = w[i];
		if (w[i] > hi)
			hi = w[i];
	}
	if (hi - lo < 32 * WARP) {
		uint32_t seen[WARP];   /* bit r of the span: word lo + r */
		memset(seen, 0, sizeof seen);
		for (int i = 0; i < n; i++) {
			uint32_t r = (uint32_t)(w[i] - lo), bit = 1u << (r & 31);
			if (seen[r >> 5] & bit)
				continue;
			seen[r >> 5] |= bit;
			d = ++nb[w[i] & 31];
			if (d > most)
				most = d;
		}
		return most;
	}
	for (int i = 1; i < n; i++) {
		uint64_t v = w[i];
		int j = i;
		for (; j > 0 && w[j - 1] > v; j--)
			w[j] = w[j - 1];
		w[j] = v;
	}
	for (int i = 0; i < n; i++)
		if (i == 0 || w[i] != w[i - 1]) {
			d = ++nb[w[i] & 31];
			if (d > most)
				most = d;
		}
	return most;
}

/* S2: the most distinct words one bank supplies to the lanes of m.  The
 * usual case, one word a bank, is settled with a bank mask and each bank's
 * first word. */
static unsigned
multiplicity(const uint64_t *a, uint32_t m, unsigned size)
{
	uint64_t first[WARP], wd[WARP * 5];   /* a piece (at most 16 bytes) spans at most 5 words */
	uint32_t used = 0;
	int n = 0, clash = 0;

	FOR_LANES(m, l)
		for (uint64_t x = a[l] >> 2, e = (a[l] + size - 1) >> 2; x <= e; x++) {
			uint32_t b = (uint32_t)x & 31;
			wd[n++] = x;
			if (!(used >> b & 1)) {
				used |= 1u << b;
				first[b] = x;
			} else
				clash |= first[b] != x;
		}
	return clash ? deepest(wd, n) : 1;
}

/* S1's pair rule: every active lane reads what its active partner n ^ x reads. */
static int
paired(const uint64_t *a, uint32_t m, unsigned x)
{
	FOR_LANES(m, l)
		if ((m >> (l ^ x) & 1) && a[l ^ x] != a[l])
			return 0;
	return 1;
}

/* S1-S3 for one piece: the wavefronts, and the groups with an active lane. */
static void
shared1(uint64_t *wfp, uint64_t *groupsp, const uint64_t *a, uint32_t m, unsigned size, int load)
{
	unsigned g = size <= 4 ? WARP : 128 / size;
	uint64_t wf = 0, groups = 0;

	if (load && g < WARP && (paired(a, m, 1) || paired(a, m, 2)))
		g *= 2;
	for (unsigned b = 0; b < WARP; b += g) {
		uint32_t gm = m & (uint32_t)(((1ull << g) - 1) << b);
		if (!gm)
			continue;
		groups++;
		wf += multiplicity(a, gm, size);
	}
	*wfp = wf;
	*groupsp = groups;
}

/*
 * The last pattern of a shared instruction and what it counted.  S1-S3
 * depend only on the active lanes, the width, the pair rule, the first
 * active lane's address modulo 4 and every lane's offset from it: moving
 * all addresses by a multiple of 4 only renames the banks.  A warp that
 * repeats the access pattern of the one before (the same tile walk in
 * every warp and CTA) reuses its counts.  The table is the thread's own,
 * indexed by pc; as an entry holds its whole key, a match is right
 * whichever launch filled it.  Being static, it adds nothing to what a
 * launch allocates.
 */
enum { NMEMO = 256 };
typedef struct {
	uint32_t m;           /* 0: empty */
	uint8_t size, load, lo;
	int32_t off[WARP];    /* a[l] - a[first lane], 0 for inactive lanes */
	uint32_t wf, groups;
} Memo;

static _Thread_local Memo memo[NMEMO];

/*
 * The memo key of a full warp's addresses a: each lane's offset from base,
 * into off; returns the lanes whose offset does not fit an int32 (bit 0)
 * or differs from old's (bit 1).  One loop without branches.
 */
KEY_CLONES static unsigned
memo_key(const uint64_t *restrict a, uint64_t base, const int32_t *restrict old, int32_t *restrict off)
{
	uint64_t far = 0;
	uint32_t diff = 0;

	for (uint32_t l = 0; l < WARP; l++) {
		uint64_t d = a[l] - base;
		far |= (d + 0x80000000u) >> 32;   /* beyond an int32 */
		off[l] = (int32_t)(uint32_t)d;
		diff |= (uint32_t)off[l] ^ (uint32_t)old[l];
	}
	return (far != 0) | (diff != 0) << 1;
}

static void
shared1m(ptx_mem_counts *c, Memo *mo, const uint64_t *a, uint32_t m, unsigned size, int load)
{
	uint64_t wf, groups;

	if (mo) {
		uint64_t base = a[__builtin_ctz(m)], far = 0, diff = 0;
		int32_t off[WARP];
		if (m == 0xffffffffu) {   /* the usual full warp: no lane masks */
			unsigned k = memo_key(a, base, mo->off, off);
			far = k & 1;
			diff = k >> 1;
		} else
			for (uint32_t l = 0; l < WARP; l++) {
				uint64_t d = (a[l] - base) & (0 - (uint64_t)(m >> l & 1));
				far |= (d + 0x80000000u) >> 32;
				off[l] = (int32_t)(uint32_t)d;
				diff |= (uint64_t)(uint32_t)(off[l] ^ mo->off[l]);
			}
		if (far)
			mo = NULL;
		else if (!diff && mo->m == m && mo->size == size && mo->load == load && mo->lo == (base & 3)) {
			wf = mo->wf;
			groups = mo->groups;
			goto done;
		} else {
			mo->m = m;
			mo->size = (uint8_t)size;
			mo->load = (uint8_t)load;
			mo->lo = (uint8_t)(base & 3);
			memcpy(mo->off, off, sizeof off);
		}
	}
	shared1(&wf, &groups, a, m, size, load);
	if (mo) {
		mo->wf = (uint32_t)wf;
		mo->groups = (uint32_t)groups;
	}
done:
	c->requests++;
	c->wavefronts += wf;
	c->conflicts += wf - groups;
}

static void
shared(ptx_mem_counts *c, Memo *mo, int kind, const uint64_t *a, uint32_t m, unsigned size)
{
	unsigned piece = size > 16 ? 16 : size;

	if (piece == size) {
		shared1m(c, mo, a, m, size, kind == K_LD);
		return;
	}
	for (unsigned off = 0; off < size; off += piece) {
		uint64_t b[WARP];
		FOR_LANES(m, l)
			b[l] = a[l] + off;
		/* b differs from a by off alone: each piece counts as the first */
		shared1m(c, mo, b, m, piece, kind == K_LD);
	}
}

/* S5: the most lanes one bank of each lane group serves. */
static void
satomnative(ptx_mem_counts *c, const uint64_t *a, uint32_t m, unsigned size)
{
	unsigned g = size <= 4 ? WARP : 128 / size;

	for (unsigned b = 0; b < WARP; b += g) {
		uint32_t gm = m & (uint32_t)(((1ull << g) - 1) << b);
		unsigned nb[WARP], most = 0;
		if (!gm)
			continue;
		memset(nb, 0, sizeof nb);
		FOR_LANES(gm, l)
			for (uint64_t x = a[l] >> 2, e = (a[l] + size - 1) >> 2; x <= e; x++)
				if (++nb[x & 31] > most)
					most = nb[x & 31];
		c->wavefronts += most;
		c->conflicts += most - 1;
	}
	c->requests++;
}

/* S7: rounds of LDS and ATOMS.CAST.SPIN until every lane has won.  In a
 * round each lane group's lowest lane of each bank tries, in group order,
 * and wins unless an earlier group's winner changed its word. */
static void
satomspin(ptx_insn_stats *s, const uint64_t *a, uint32_t m, unsigned size)
{
	ptx_mem_counts *c = &s->mem[PTX_MC_SHARED_ATOM];
	unsigned g = size <= 4 ? WARP : 128 / size;

	for (uint32_t left = m, won; left; left &= ~won) {
		uint64_t done[WARP];
		int nd = 0;
		shared1m(&s->mem[PTX_MC_SHARED_LD], NULL, a, left, size, 1);
		c->requests++;
		won = 0;
		for (unsigned b = 0; b < WARP; b += g) {
			uint32_t gm = left & (uint32_t)(((1ull << g) - 1) << b), banks = 0;
			if (!gm)
				continue;
			c->wavefronts += 2;
			FOR_LANES(gm, l) {
				uint32_t mine = 0;
				int hit = 0;
				for (uint64_t x = a[l] >> 2, e = (a[l] + size - 1) >> 2; x <= e; x++)
					mine |= 1u << (x & 31);
				if (banks & mine)
					continue;
				banks |= mine;
				for (int i = 0; i < nd && !hit; i++)
					hit = done[i] == a[l];
				if (!hit) {
					done[nd++] = a[l];
					won |= 1u << l;
				}
			}
		}
	}
}

/* S5-S7 (top): shared atomics. */
static void
satomic(ptx_insn_stats *s, int low, const uint64_t *a, uint32_t m, unsigned size)
{
	if (low == LOW_SPIN)
		satomspin(s, a, m, size);
	else if (low == LOW_POPC)
		shared1m(&s->mem[PTX_MC_SHARED_ATOM], NULL, a, m, size, 1);   /* S6 */
	else
		satomnative(&s->mem[PTX_MC_SHARED_ATOM], a, m, size);
}

/* C1: one request per distinct address. */
static void
constant(ptx_mem_counts *c, const uint64_t *a, uint32_t m, int seq)
{
	unsigned d = seq == ASEQ_SAME ? 1 : distinct_lanes(a, m, 0, 0);

	c->requests += d;
	c->conflicts += d - 1;
}

/* ---------------------------------------------------------------- the hook */

static void
count(ptx_insn_stats *s, Memo *mo, int kind, int low, int space, int isconst, const uint64_t *a, uint32_t m,
    unsigned size, int seq)
{
	static const int gcls[] = { PTX_MC_GLOBAL_LD, PTX_MC_GLOBAL_ST, PTX_MC_GLOBAL_ATOM, PTX_MC_GLOBAL_RED,
	    PTX_MC_GLOBAL_LD };
	static const int scls[] = { PTX_MC_SHARED_LD, PTX_MC_SHARED_ST, PTX_MC_SHARED_ATOM, PTX_MC_SHARED_ATOM,
	    PTX_MC_SHARED_LD };

	switch (space) {
	case MS_GLOBAL:
		if (isconst && kind == K_LD)
			constant(&s->mem[PTX_MC_CONST_LD], a, m, seq);
		else
			global(&s->mem[gcls[kind]], kind, a, m, size, seq);
		break;
	case MS_LOCAL:
		/* local atomics do not exist; a store is the only other access */
		local(&s->mem[kind == K_LD || kind == K_LDSM ? PTX_MC_LOCAL_LD : PTX_MC_LOCAL_ST], a, m, size);
		break;
	case MS_SHARED:
		if (kind == K_ATOM || kind == K_RED)
			satomic(s, low, a, m, size);
		else
			shared(&s->mem[scls[kind]], mo, kind, a, m, size);
		break;
	case MS_KPARAM:
		/* kernel parameters live in a constant bank (LDC) */
		constant(&s->mem[PTX_MC_CONST_LD], a, m, seq);
		break;
	}
}

void
interp_count_mem(Launch *L, const XIns *xi, uint32_t m, const uint64_t *addr, unsigned size)
{
	interp_count_seq(L, xi, m, addr, size, 0);
}

void
interp_count_seq(Launch *L, const XIns *xi, uint32_t m, const uint64_t *addr, unsigned size, int seq)
{
	ptrdiff_t pc = xi - L->pm->code;
	ptx_insn_stats *s = &L->st[pc];
	Memo *mo = &memo[pc & (NMEMO - 1)];
	int kind = xi->x == X_LD || xi->x == X_WMMALD ? K_LD : xi->x == X_ST || xi->x == X_WMMAST ? K_ST :
	    xi->nd && xi->lower != LOW_RED ? K_ATOM : K_RED;
	int isconst = xi->in && xi->in->space == SP_CONST;
	uint64_t a[WARP];
	uint32_t sm[4] = { 0, 0, 0, 0 };

	if (!m || xi->lower == LOW_REUSE)
		return;
	if (m != 0xffffffffu)
		seq = 0;   /* it speaks of a full warp */
	if ((xi->lower & 15) == LOW_V8 || (xi->lower & 15) == LOW_V16) {
		seq = 0;
		/* the wide LDS ptxas makes of it and its neighbours, from lower >> 4
		 * words below its own address */
		unsigned back = (unsigned)(xi->lower >> 4) * 4;
		size = (xi->lower & 15) == LOW_V8 ? 8 : 16;
		if (back) {
			FOR_LANES(m, l)
				a[l] = addr[l] - back;
			addr = a;
		}
	}
	/* a wmma.load that ptxas makes ldmatrix reports its rows as ldmatrix does (wmma.c) */
	switch (interp_wmma_ldsm(xi) ? X_LDMATRIX : xi->x) {
	case X_CPASYNC:   /* addr: the sources (m: the lanes that read any), then the destinations */
		count(s, mo, K_LD, 0, MS_GLOBAL, 0, addr, m, size, 0);
		return;
	case X_LDMATRIX: case X_STMATRIX: {
		/* Their wavefronts and conflicts count with the shared loads and
		 * stores, but Nsight Compute counts the instructions apart
		 * (op_ldsm/op_stsm, not op_shared_ld/st: measured, stsm.ptx), so
		 * they add no shared requests. */
		int ld = xi->x != X_STMATRIX, cls = ld ? PTX_MC_SHARED_LD : PTX_MC_SHARED_ST;
		uint64_t req = s->mem[cls].requests;
		count(s, mo, ld ? K_LDSM : K_ST, 0, MS_SHARED, 0, addr, m, size, 0);
		s->mem[cls].requests = req;
		return;
	}
	}
	if (xi->in && xi->in->space == SP_PARAM && xi->space == MS_LOCAL)
		return;   /* a device function's parameters: registers after ptxas */
	if (xi->space != MS_GENERIC) {
		count(s, mo, kind, xi->lower, xi->space, isconst, addr, m, size, seq);
		return;
	}
	/* generic: each lane counts in the space its address falls in */
	FOR_LANES(m, l) {
		uint64_t v = addr[l];
		int sp = MS_GLOBAL;
		if (v - SHARED_WIN < WIN_SIZE)
			sp = MS_SHARED, v -= SHARED_WIN;
		else if (v - LOCAL_WIN < WIN_SIZE)
			sp = MS_LOCAL, v -= LOCAL_WIN;
		else if (v - PARAM_WIN < WIN_SIZE)
			sp = MS_KPARAM, v -= PARAM_WIN;
		a[l] = v;
		sm[sp] |= 1u << l;
	}
	for (int sp = 0; sp < 4; sp++)
		if (sm[sp])
			count(s, mo, kind, 0, sp, 0, a, sm[sp], size, sp == MS_GLOBAL && sm[sp] == 0xffffffffu ? seq : 0);
}

/* ---------------------------------------------------------------- per launch */

void
interp_count_free(ptx_ctx *cx)
{
	for (size_t i = 0; i < cx->nistat; i++)
		interp_free(cx, (void *)(uintptr_t)cx->istat[i].text);
	interp_free(cx, cx->istat);
	cx->istat = NULL;
	cx->nistat = 0;
}

int
interp_count_begin(Launch *L)
{
	ptx_ctx *cx = L->cx;

	interp_count_free(cx);
	L->st = NULL;
	if (cx->nocount)
		return 0;
	L->st = interp_alloc(cx, (size_t)L->pm->ncode * sizeof *L->st);
	return L->st ? 0 : -1;
}

static void
add(uint64_t *req, uint64_t *n, const ptx_mem_counts *c, int wf)
{
	*req += c->requests;
	*n += wf ? c->wavefronts : c->sectors;
}

void
interp_count_merge(Launch *into, const Launch *from)
{
	for (int pc = 0; pc < into->pm->ncode; pc++) {
		ptx_insn_stats *d = &into->st[pc];
		const ptx_insn_stats *s = &from->st[pc];
		d->executions += s->executions;
		d->active_threads += s->active_threads;
		d->divergent += s->divergent;
		for (int k = 0; k < PTX_MC_N; k++) {
			d->mem[k].requests += s->mem[k].requests;
			d->mem[k].sectors += s->mem[k].sectors;
			d->mem[k].wavefronts += s->mem[k].wavefronts;
			d->mem[k].conflicts += s->mem[k].conflicts;
		}
	}
}

/* Sums the kernel's totals and keeps the executed instructions, in order. */
void
interp_count_end(Launch *L)
{
	ptx_ctx *cx = L->cx;
	ptx_stats *t = &cx->stats;
	const Module *md = L->pm->m;
	size_t n = 0;

	if (!L->st)
		return;
	t->counted = 1;
	for (int pc = 0; pc < L->pm->ncode; pc++) {
		ptx_insn_stats *s = &L->st[pc];
		const ptx_mem_counts *c = s->mem;
		const Ins *in = L->pm->code[pc].in;
		if (!s->executions)
			continue;
		add(&t->global_load_requests, &t->global_load_sectors, &c[PTX_MC_GLOBAL_LD], 0);
		add(&t->global_store_requests, &t->global_store_sectors, &c[PTX_MC_GLOBAL_ST], 0);
		add(&t->global_atomic_requests, &t->global_atomic_sectors, &c[PTX_MC_GLOBAL_ATOM], 0);
		add(&t->global_red_requests, &t->global_red_sectors, &c[PTX_MC_GLOBAL_RED], 0);
		add(&t->local_load_requests, &t->local_load_sectors, &c[PTX_MC_LOCAL_LD], 0);
		add(&t->local_store_requests, &t->local_store_sectors, &c[PTX_MC_LOCAL_ST], 0);
		add(&t->shared_load_requests, &t->shared_load_wavefronts, &c[PTX_MC_SHARED_LD], 1);
		t->shared_load_bank_conflicts += c[PTX_MC_SHARED_LD].conflicts;
		add(&t->shared_store_requests, &t->shared_store_wavefronts, &c[PTX_MC_SHARED_ST], 1);
		t->shared_store_bank_conflicts += c[PTX_MC_SHARED_ST].conflicts;
		add(&t->shared_atomic_requests, &t->shared_atomic_wavefronts, &c[PTX_MC_SHARED_ATOM], 1);
		t->shared_atomic_bank_conflicts += c[PTX_MC_SHARED_ATOM].conflicts;
		t->constant_load_requests += c[PTX_MC_CONST_LD].requests;
		t->constant_load_serializations += c[PTX_MC_CONST_LD].conflicts;
		t->divergent_branches += s->divergent;
		t->bulk_load_sectors += c[PTX_MC_BULK_LD].sectors;
		t->bulk_store_sectors += c[PTX_MC_BULK_ST].sectors;
		t->bulk_reduce_sectors += c[PTX_MC_BULK_RED].sectors;
		add(&t->tex_requests, &t->tex_sectors, &c[PTX_MC_TEX], 0);
		add(&t->surface_requests, &t->surface_sectors, &c[PTX_MC_SURF], 0);
		if (in) {
			s->line = in->loc.line;
			s->src_line = in->srcline;
			if (in->srcline)
				for (int i = 0; i < md->nfile; i++)
					if (md->file[i].index == in->srcfile)
						s->src_file = md->file[i].path;
			s->text = interp_ins_text(cx, in);
		}
		L->st[n++] = *s;
	}
	cx->istat = L->st;
	cx->nistat = n;
	L->st = NULL;
}

/*
 * check_init.c -- initcheck: reads of registers, predicates and memory
 * that nothing wrote.
 *
 * Registers: a checked launch gives every register file one more word per
 * register slot, after the values (RDEF), whose bit l says that lane l
 * wrote the slot.  Correct compiler output reads never-written registers
 * all the time in lanes whose results are thrown away: Triton loads under
 * a false predicate and then shuffles and compares the register, CUB
 * computes flags and ranks from the garbage past a partial tile, LLVM's
 * prmt picks bytes out of partly undefined words and stores padding.  So
 * a read is reported only where a never-written register itself decides
 * something no later instruction can discard: the address of an access
 * that happens, a brx.idx index, a barrier's operand, an atomic's
 * operand, a guard predicate (read by every lane the guard decides for),
 * a collective's membermask.  Every write defines its destination for the lanes that
 * execute it, whatever its sources (tracking undefinedness through
 * arithmetic, as Valgrind does, reported CUB's correct scatters).
 * wgmma's accumulators are not checked: scale-d false reads none of them.
 *
 * Memory: a byte shadow of the host memory that backs the guest's, one
 * bit a byte, set while the byte is uninitialized ("poisoned").  It is
 * kept by host page in an open-addressing table (ChkShadow, which
 * check_mem.c and check_async.c use too; 64 bits a word, a count of the
 * bits set on each page, and the page found last remembered, so that an
 * access to a page all written costs a comparison), so the same code
 * serves global allocations, a CTA's shared memory and a thread's local memory:
 *   - poisoned: device memory from ptx_mem_alloc (while initcheck is on),
 *     device malloc, the shared memory of a CTA when it starts, and the
 *     kernel's .local variables in each of its threads.  Code built with
 *     -G assigns bitfields by reading the uninitialized word around them
 *     (cooperative_groups' thread_group constructor does), which is
 *     correct C++: a load of local memory is reported at the end of the
 *     launch, and only if its thread did not store to those bytes since;
 *   - cleared: by every store and atomic of a checked launch, by the
 *     host's copies and memsets, and when memory is freed (the host may
 *     reuse it for memory that is never poisoned);
 *   - copied: cp.async and the bulk copies (not the tensor ones) give each
 *     byte they write the state of the byte they read, so that what a
 *     copy moved unwritten is reported where it is loaded.
 * A load whose bytes are all poisoned is reported (one written byte is
 * enough not to: a struct copied with its padding).  The instructions that write
 * memory through paths of their own (stmatrix, wmma.store, the tensor
 * copies and bulk reductions, st.async) end the memory part of initcheck for the rest
 * of their launch rather than risk a false report.  Allocations above
 * SHADOW_MAX bytes are not tracked.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <string.h>
#include "interp.h"

enum { PAGE = CHK_PAGE, SHADOW_MAX = 256u << 20, PWORDS = PAGE / 64 };

/* The table (interp.h) remembers the page it found last, and the key it
 * last looked up in vain: the lanes of a warp mostly touch one page, one
 * after the other, and the checks ask about every access. */
typedef ChkPage SPage;

static size_t
hash(uintptr_t k, size_t cap)
{
	return (size_t)((k * 0x9e3779b97f4a7c15ull) >> 20) & (cap - 1);
}

static SPage *
lookup(struct ChkShadow *s, uintptr_t key)
{
	if (!s || !s->cap)
		return NULL;
	if (s->last && s->last->key == key)
		return s->last;
	if (s->misskey == key)
		return NULL;
	for (size_t i = hash(key, s->cap);; i = (i + 1) & (s->cap - 1)) {
		SPage *p = s->tab[i];
		if (!p) {
			s->misskey = key;
			return NULL;
		}
		if (p->key == key)
			return s->last = p;
	}
}

/* The page of key in *root, made when missing; NULL when out of memory. */
static SPage *
page(ptx_ctx *cx, struct ChkShadow **root, uintptr_t key)
{
	struct ChkShadow *s = *root;
	SPage *p;

	if (!s && !(s = *root = interp_alloc(cx, sizeof *s)))
		return NULL;
	if ((p = lookup(s, key)))
		return p;
	if (2 * (s->n + 1) > s->cap) {   /* grow: rehash every page */
		size_t nc = s->cap ? 2 * s->cap : 1024;
		SPage **t = interp_alloc(cx, nc * sizeof *t);
		if (!t)
			return NULL;
		for (size_t i = 0; i < s->cap; i++)
			if (s->tab[i]) {
				size_t j = hash(s->tab[i]->key, nc);
				while (t[j])
					j = (j + 1) & (nc - 1);
				t[j] = s->tab[i];
			}
		interp_free(cx, s->tab);
		s->tab = t;
		s->cap = nc;
	}
	if (!(p = interp_alloc(cx, sizeof *p)))
		return NULL;
	p->key = key;
	for (size_t i = hash(key, s->cap);; i = (i + 1) & (s->cap - 1))
		if (!s->tab[i]) {
			s->tab[i] = p;
			break;
		}
	s->n++;
	s->misskey = 0;
	return s->last = p;
}

/* The bits set in v, without the library call that __builtin_popcountll
 * becomes when the target has no popcount instruction. */
static unsigned
popc64(uint64_t v)
{
	v = v - ((v >> 1) & 0x5555555555555555ull);
	v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
	v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (unsigned)((v * 0x0101010101010101ull) >> 56);
}

/* The bits of word j of a page that the bytes [off, end) of the page cover. */
static uint64_t
wordmask(size_t j, size_t off, size_t end)
{
	size_t lo = off > j * 64 ? off - j * 64 : 0, hi = end < (j + 1) * 64 ? end - j * 64 : 64;

	return (hi - lo == 64 ? ~0ull : ((1ull << (hi - lo)) - 1)) << lo;
}

const ChkPage *
interp_chk_page(struct ChkShadow *s, const void *p)
{
	return lookup(s, (uintptr_t)p / PAGE + 1);
}

/* Sets (on) or clears the bits of [p, p + n) in *root; clearing makes no
 * page.  A word at a time, and nothing to do on a page already all set
 * (or all clear): stores keep marking bytes that are marked. */
void
interp_chk_mark(ptx_ctx *cx, struct ChkShadow **root, const void *p, size_t n, int on)
{
	uintptr_t a = (uintptr_t)p;

	if (!n || (on && n > SHADOW_MAX) || (!on && !*root))
		return;
	while (n) {
		size_t off = a % PAGE, k = PAGE - off < n ? PAGE - off : n, end = off + k;
		SPage *pg = on ? page(cx, root, a / PAGE + 1) : lookup(*root, a / PAGE + 1);
		if (pg && (on ? pg->nset < PAGE : pg->nset > 0))
			for (size_t j = off / 64; j * 64 < end; j++) {
				uint64_t m = wordmask(j, off, end), b = pg->bits[j];
				if (on) {
					pg->nset += (uint32_t)popc64(m & ~b);
					pg->bits[j] = b | m;
				} else {
					pg->nset -= (uint32_t)popc64(m & b);
					pg->bits[j] = b & ~m;
				}
			}
		a += k;
		n -= k;
	}
}

void
interp_chk_poison(ptx_ctx *cx, const void *p, size_t n)
{
	interp_chk_mark(cx, &cx->shadow, p, n, 1);
}

void
interp_chk_unpoison(ptx_ctx *cx, const void *p, size_t n)
{
	interp_chk_mark(cx, &cx->shadow, p, n, 0);
}

/* How many bytes of [p, p + n) have their bit set in s. */
size_t
interp_chk_count(struct ChkShadow *s, const void *p, size_t n)
{
	uintptr_t a = (uintptr_t)p;
	size_t c = 0;

	while (n && s) {
		size_t off = a % PAGE, k = PAGE - off < n ? PAGE - off : n, end = off + k;
		const SPage *pg = lookup(s, a / PAGE + 1);
		if (pg && pg->nset == PAGE)
			c += k;
		else if (pg && pg->nset)
			for (size_t j = off / 64; j * 64 < end; j++)
				c += (size_t)popc64(wordmask(j, off, end) & pg->bits[j]);
		a += k;
		n -= k;
	}
	return c;
}

void
interp_chk_table_free(ptx_ctx *cx, struct ChkShadow **root)
{
	struct ChkShadow *s = *root;

	if (!s)
		return;
	for (size_t i = 0; i < s->cap; i++)
		interp_free(cx, s->tab[i]);
	interp_free(cx, s->tab);
	interp_free(cx, s);
	*root = NULL;
}

void
interp_chk_shadow_free(ptx_ctx *cx)
{
	interp_chk_table_free(cx, &cx->shadow);
}

/* ------------------------------------------------------------ local memory */

/* A load of local memory none of whose bytes were written, waiting to be
 * reported: code built with -G assigns a bitfield by loading the word
 * around it, which may be unwritten, and storing it back with the field
 * replaced, and copies structs member by member, unwritten members too.
 * So the load is reported when the launch ends, unless the same thread
 * since stored to those bytes, or stored a register the load wrote to its
 * local memory (which also lets a read-modify-write or a copy of an
 * unwritten variable go unreported). */
typedef struct {
	const XIns *xi;
	uint64_t cta;             /* linear index */
	const uint8_t *p;
	uint64_t a;
	uint32_t n;
	uint16_t warp;
	uint8_t lane;
	uint8_t depth;            /* the call depth of the load's register file, low bits */
} LPend;

enum { LPEND_MAX = 4096 };   /* past it, loads are not followed: silence, never a guess */

struct ChkLocal {
	LPend e[LPEND_MAX];
	size_t n;
};

static void
pend(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n)
{
	struct ChkLocal *q = L->lpend;

	if (!q && !(q = L->lpend = interp_alloc(L->cx, sizeof *q)))
		return;
	if (q->n == LPEND_MAX || w->id > UINT16_MAX)
		return;
	q->e[q->n++] = (LPend){ xi, w->cta->linear, p, a, n, (uint16_t)w->id, (uint8_t)lane, (uint8_t)w->ncf };
}

/* Whether the store xi stores a register the load e wrote. */
static int
storesreg(const XIns *xi, const LPend *e, const Warp *w)
{
	if (e->depth != (uint8_t)w->ncf)
		return 0;
	for (int k = 0; k < xi->ns; k++)
		for (int j = 0; j < e->xi->nd; j++)
			if (xi->s[k].k == XO_REG && e->xi->d[j].k == XO_REG && xi->s[k].r == e->xi->d[j].r)
				return 1;
	return 0;
}

/* Whether p is in lane's local memory: a kernel without a frame has none,
 * and no buffer (a null pointer, which no arithmetic may touch) */
static int
inlocal(const Warp *w, uint32_t lane, const uint8_t *p)
{
	return w->locsz && p >= w->loc[lane] && p < w->loc[lane] + w->locsz;
}

void
interp_chk_local_store(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const void *p, unsigned n)
{
	struct ChkLocal *q = L->lpend;
	const uint8_t *b = p;
	/* copies of unwritten members stay in the thread's local memory (and
	 * its call arguments); a value stored elsewhere was read to be used */
	int local = inlocal(w, lane, b);

	for (size_t i = 0; q && i < q->n;) {
		const LPend *e = &q->e[i];
		if (e->lane == lane && e->warp == w->id && e->cta == w->cta->linear &&
		    ((e->p < b + n && b < e->p + e->n) || (local && storesreg(xi, e, w))))
			q->e[i] = q->e[--q->n];
		else
			i++;
	}
}

/* The kernel's .local variables start uninitialized in every thread of a
 * new CTA (the frames of called functions are not followed). */
void
interp_chk_local_start(Launch *L, Cta *c)
{
	const Func *f = L->k->f;

	for (int j = 0; j < f->nsyms; j++) {
		const Sym *s = f->syms[j];
		const SymLoc *sl;
		if (s->kind != SYM_VAR || s->space != SP_LOCAL || !(sl = interp_symloc(L->pm, s, 0)))
			continue;
		for (int i = 0; i < c->nw; i++) {
			Warp *w = &c->w[i];
			for (int l = 0; l < WARP; l++)
				if (w->loc[l] && sl->addr < w->locsz && sl->size <= w->locsz - sl->addr)
					interp_chk_poison(L->cx, w->loc[l] + sl->addr, sl->size);
		}
	}
}

void
interp_chk_local_end(Launch *L)
{
	struct ChkLocal *q = L->lpend;
	int fatal = L->cx->check_fatal;

	if (!q)
		return;
	L->cx->check_fatal = 0;   /* the launch is over: a report now is no fault of it */
	for (size_t i = 0; i < q->n; i++) {
		const LPend *e = &q->e[i];
		Cta c;
		Warp w;
		ChkSite st;
		memset(&c, 0, sizeof c);
		memset(&w, 0, sizeof w);
		c.id[0] = (unsigned)(e->cta % L->grid[0]);
		c.id[1] = (unsigned)(e->cta / L->grid[0] % L->grid[1]);
		c.id[2] = (unsigned)(e->cta / ((uint64_t)L->grid[0] * L->grid[1]));
		w.cta = &c;
		w.id = e->warp;
		interp_chk_site(L, &w, e->lane, e->xi, PTX_ACCESS_READ, e->a, e->n, &st);
		interp_chk_report(L, NULL, -1, PTX_CHECK_INITCHECK, "uninit-local", &st, NULL,
		    "a load of %u bytes of local memory at 0x%" PRIx64 ", none of which anything has written "
		    "(and which the thread did not store to afterwards)", e->n, e->a);
	}
	L->cx->check_fatal = fatal;
	interp_free(L->cx, q);
	L->lpend = NULL;
}

void
interp_chk_load(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n)
{
	ChkSite s;

	if (!L->cx->shadow || L->chkmemoff || interp_chk_count(L->cx->shadow, p, n) != n)
		return;
	if (inlocal(w, lane, p)) {
		pend(L, w, lane, xi, a, p, n);   /* reported unless the thread stores there */
		return;
	}
	interp_chk_site(L, w, (int)lane, xi, PTX_ACCESS_READ, a, n, &s);
	interp_chk_report(L, w, (int)lane, PTX_CHECK_INITCHECK, "uninit-memory", &s, NULL,
	    "a load of %u bytes at 0x%" PRIx64 ", none of which anything has written", n, a);
}

/* A copy of n bytes from host src to host dst (cp.async, a bulk copy):
 * each byte of dst written or not as its source byte is. */
void
interp_chk_shadow_copy(Launch *L, const void *dst, const void *src, size_t n)
{
	ptx_ctx *cx = L->cx;
	const uint8_t *d = dst, *s = src;

	if (!cx->shadow || !interp_chk_count(cx->shadow, src, n)) {
		interp_chk_unpoison(cx, dst, n);
		return;
	}
	for (size_t i = 0; i < n; i++)
		interp_chk_mark(cx, &cx->shadow, d + i, 1, interp_chk_count(cx->shadow, s + i, 1) != 0);
}

/* ---------------------------------------------------------------- registers */

static void
uninit(Launch *L, Warp *w, const XIns *xi, uint32_t lanes, int slot, const char *what)
{
	ChkSite s;
	int l = __builtin_ctz(lanes);
	const Sym *sy = NULL;
	const Func *f = w->cf[w->ncf - 1].fn->f;

	for (int i = 0; i < f->nregs && !sy; i++)
		if (f->regs[i]->id == slot)
			sy = f->regs[i];
	interp_chk_site(L, w, l, xi, PTX_ACCESS_NONE, 0, 0, &s);
	interp_chk_report(L, w, l, PTX_CHECK_INITCHECK, "uninit-register", &s, NULL,
	    "%s %s is read by lanes 0x%08x before anything wrote it", what, sy && sy->name ? sy->name : "?", lanes);
}

/* Whether xi's sources reach its destinations through arithmetic: then an
 * undefined source makes the destination undefined, and nothing is
 * reported until such a value decides something. */
static int
flows(int x)
{
	return x == X_ALU || x == X_MOV || x == X_MOVPACK || x == X_MOVUNPACK || x == X_CVTA || x == X_CVTATO ||
	    x == X_ISSPACEP || x == X_SHFL || x == X_VOTE || x == X_MATCH || x == X_REDUX || x == X_MOVN ||
	    x == X_MMA || x == X_WMMA || x == X_MOVMATRIX;
}

void
interp_chk_regs(Launch *L, Warp *w, const XIns *xi, uint32_t tmask, uint32_t m)
{
	CFrame *f = &w->cf[w->ncf - 1];
	uint32_t *def = RDEF(f->r, f->fn->nregs);
	int k0 = xi->x == X_WGMMA ? xi->nd : 0;   /* wgmma: D is written, maybe not read */
	uint32_t bad;

	/* the guard decides for every lane that reaches it */
	if (xi->guard >= 0 && (bad = tmask & ~def[xi->guard])) {
		uninit(L, w, xi, bad, xi->guard, "guard predicate");
		def[xi->guard] |= bad;
	}
	if (!m)
		return;
	if (xi->abase.k == XO_REG && (bad = m & ~def[xi->abase.r])) {
		uninit(L, w, xi, bad, xi->abase.r, "address register");
		def[xi->abase.r] |= bad;
	}
	for (int k = k0; k < xi->ns; k++) {
		const XOp *o = &xi->s[k];
		if ((o->k != XO_REG && o->k != XO_NOT) || !(bad = m & ~def[o->r]))
			continue;
		/* a collective's membermask decides which lanes take part */
		if (k == ((xi->x == X_SHFL) ? 3 : (xi->x == X_VOTE || xi->x == X_MATCH || xi->x == X_REDUX) ? 1 :
		    (xi->x == X_BARWARP || xi->x == X_ELECT) ? 0 : -1)) {
			uninit(L, w, xi, bad, o->r, "membermask register");
			def[o->r] |= bad;
			continue;
		}
		if (flows(xi->x))
			continue;
		/* a branch index, a barrier or atomic operand decide something;
		 * stored values and call arguments are passed on as defined
		 * (compilers store and pass undefined padding) */
		if (xi->x == X_BRX || xi->x == X_BAR || xi->x == X_BARARRIVE || xi->x == X_BARRED || xi->x == X_ATOM) {
			uninit(L, w, xi, bad, o->r, "register");
			def[o->r] |= bad;
		}
	}
	for (int k = 0; k < xi->nd && k < 8; k++)
		if (xi->d[k].k == XO_REG)
			def[xi->d[k].r] |= m;
	/* a call binding vector registers: its returns' elements follow the
	 * arguments' in xi->s (load.c decode_vcall) */
	for (int k = 0; xi->x == X_CALL && xi->tbl && k < xi->nret; k++) {
		const int32_t *t = &xi->tbl[VC_N * (xi->narg + k)];
		for (int e = 0; e < t[VC_CNT]; e++)
			if (xi->s[t[VC_AT] + e].k == XO_REG)
				def[xi->s[t[VC_AT] + e].r] |= m;
	}
	for (int k = 0; k < k0; k++)
		if (xi->s[k].k == XO_REG)
			def[xi->s[k].r] |= m;
}

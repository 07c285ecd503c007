/*
 * check_sync.c -- synccheck: barriers and warp collectives used in ways
 * whose outcome the PTX ISA leaves undefined, found before the instruction
 * runs (exec.c calls interp_chk_sync in a checked launch).  What runs is
 * never changed: the interpreter goes on as it always does, and the report
 * says what an H100 may do differently.
 *
 * The rules, from the PTX ISA's descriptions of bar/barrier, bar.warp.sync,
 * shfl.sync, vote.sync, match.sync, redux.sync, elect.sync and bra.uni:
 *
 *   - an .aligned instruction (mma, ldmatrix, wmma, wgmma... take it
 *     always) must be executed by every non-exited thread of the warp
 *     together ("divergent-aligned").  The CTA barriers (bar.sync, bar.red
 *     and bar.arrive are barrier's .aligned forms) are the exception:
 *     since sm_70 they count threads, and a warp that reaches one in
 *     several groups at one instruction (in a loop whose trip count
 *     differs between threads, after lanes that returned early) is
 *     correct (sched.c interp_bar_arrive).  Reported as
 *     "divergent-barrier": a guard that splits the warp at the barrier
 *     (its lanes with a false guard pass it by at the very instruction),
 *     groups of a warp at two .aligned barrier instructions of one
 *     phase (__syncthreads() in both arms of an if/else), which hang an
 *     H200, and groups of a warp waiting at two barrier ids, of any
 *     form, which an H200 ends with an illegal instruction (barids.ptx;
 *     a thread at a barrier waits for every non-exited thread of its
 *     warp).  A branch around a barrier to
 *     the kernel's exit reads the same in PTX whether the CUDA source
 *     returned early or called __syncthreads() in conditional code, and
 *     the lanes that take it exit before the barrier can open: it is not
 *     reported;
 *   - a barrier's id and thread count must be the same in every thread of
 *     the warp ("barrier-operand-divergent"); a count must be a multiple of
 *     the warp size ("barrier-count"), at least the warps that arrive, each
 *     counting as 32 threads however many of its lanes exited, as the H100
 *     counts them (sched.c complete; "barrier-count-exceeded"), and at
 *     least the warps that arrive at it before any of them arrives again
 *     (they would open it in an order nothing fixes; a barrier of the
 *     whole CTA ends such a round; "barrier-count-exceeded"), and the
 *     same in every warp that arrives in one phase
 *     ("barrier-count-mismatch").  Exited threads are not waited for, so
 *     a barrier after some threads exited is not reported;
 *   - a collective's membermask must name the executing thread
 *     ("membermask-self"), and every non-exited thread it names must
 *     execute the same instruction ("membermask-inactive"; a lane on its
 *     way out of the kernel counts as exited); a shuffle must not read a
 *     lane its membermask does not name ("membermask-source": only the
 *     threads the mask names take part, for the reader), or a named lane
 *     that exited ("membermask-exited") or does not take part
 *     ("membermask-inactive");
 *   - bra.uni and brx.idx.uni promise that the warp does not diverge
 *     ("divergent-uniform-branch").
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include "interp.h"

/* The kinds whose instructions may carry .aligned. */
static const uint8_t mayalign[NX] = {
	[X_BAR] = 1, [X_BARARRIVE] = 1, [X_BARRED] = 1, [X_MMA] = 1, [X_WMMA] = 1, [X_WMMALD] = 1,
	[X_WMMAST] = 1, [X_LDMATRIX] = 1, [X_STMATRIX] = 1, [X_MOVMATRIX] = 1, [X_WGMMA] = 1, [X_CLU] = 1,
	[X_MBAR] = 1, [X_BULK] = 1, [X_TMAP] = 1, [X_NOP] = 1,
};

static int
isbar(int x)
{
	return x == X_BAR || x == X_BARARRIVE || x == X_BARRED;
}

#define aligned interp_bar_aligned

static int
first(uint32_t m)
{
	return m ? __builtin_ctz(m) : -1;
}

static void
report(Launch *L, Warp *w, int lane, const XIns *xi, const char *kind, const char *fmt, uint32_t a, uint32_t b)
{
	ChkSite s;

	interp_chk_site(L, w, lane, xi, PTX_ACCESS_NONE, 0, 0, &s);
	interp_chk_report(L, w, lane, PTX_CHECK_SYNCCHECK, kind, &s, NULL, fmt, a, b);
}


/* The threads of barrier id's phase once lanes m of w arrive, counted as
 * complete() in sched.c counts them: a warp all of whose non-exited
 * threads arrived as 32, another as the lanes that did (groups of a warp
 * at barriers that are not .aligned: bargroup.cu); *part: some warp did
 * not arrive whole. */
static uint32_t
phase(const Warp *w, int id, uint32_t m, int *part)
{
	const Cta *c = w->cta;
	const Bar *b = &c->bar[id];
	uint32_t have = 0, ws = b->warps | (w->id < 32 ? 1u << w->id : 0);

	*part = 0;
	for (uint32_t k = ws; k; k &= k - 1) {
		int i = __builtin_ctz(k);
		const Warp *v = &c->w[i];
		uint32_t in = (b->warps >> i & 1 ? c->barlanes[id][i] : 0) | (v == w ? m : 0);
		if ((in & v->live) == v->live)
			have += WARP;
		else {
			have += (uint32_t)__builtin_popcount(in);
			*part = 1;
		}
	}
	return have;
}
/* The thread-count and operand rules of a CTA barrier. */
static void
barrier(Launch *L, Warp *w, const XIns *xi, uint32_t m)
{
	int l0 = first(m), cnted = xi->x == X_BARRED ? xi->ns > 2 : xi->ns > 1;
	uint32_t id = (uint32_t)interp_opval(L, w, &xi->s[0], (uint32_t)l0);
	uint32_t cnt = cnted ? (uint32_t)interp_opval(L, w, &xi->s[1], (uint32_t)l0) : 0;
	const Bar *b;
	uint32_t bit, round, have;
	int part;

	for (uint32_t mm = m & (m - 1); mm; mm &= mm - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(mm);
		if ((uint32_t)interp_opval(L, w, &xi->s[0], l) != id ||
		    (cnted && (uint32_t)interp_opval(L, w, &xi->s[1], l) != cnt)) {
			report(L, w, (int)l, xi, "barrier-operand-divergent", "the barrier id or thread count of lane %u "
			    "differs from lane %u's: they must be the same in every thread of the warp", l, (uint32_t)l0);
			break;
		}
	}
	if (id > 15)
		return;   /* a fault of its own */
	if (xi->x != X_BARARRIVE && interp_bar_split(L, w, xi))
		report(L, w, l0, xi, "divergent-barrier", "lanes 0x%08x reach an .aligned barrier at another instruction "
		    "than lanes 0x%08x of the warp waiting at one: a warp's threads must execute the same one", m, w->bpcm);
	else if (xi->x != X_BARARRIVE && interp_bar_elsewhere(w, (int)id))
		report(L, w, l0, xi, "divergent-barrier", "lanes 0x%08x wait at one barrier while lanes 0x%08x of the warp "
		    "wait at another: a thread at a barrier waits for every non-exited thread of its warp",
		    m, interp_bar_elsewhere(w, (int)id));
	if (!cnted) {
		/* a barrier of the whole CTA: what arrived before it at the
		 * counted ones is of rounds it ends */
		for (int i = 0; i < 16; i++)
			w->cta->bar[i].chkround = 0;
		return;
	}
	if (cnt == 0 || cnt % WARP) {
		report(L, w, l0, xi, "barrier-count", "thread count %u is not a positive multiple of the warp size "
		    "(%u)", cnt, WARP);
		return;
	}
	b = &w->cta->bar[id];
	bit = w->id < 32 ? 1u << w->id : 0;
	/* the warps of one round: a warp that arrives again starts the next;
	 * more lanes of a warp that arrived in this phase are the same arrival */
	if (b->arrived && (b->warps & bit) && !(w->cta->barlanes[id][w->id] & m))
		round = b->chkround;
	else
		round = b->chkround & bit ? bit : b->chkround | bit;
	w->cta->bar[id].chkround = round;
	if (b->arrived && b->expect && b->expect != cnt)
		report(L, w, l0, xi, "barrier-count-mismatch", "thread count %u, where threads already waiting at "
		    "the barrier gave %u", cnt, b->expect);
	else if ((have = phase(w, id, m, &part)) > cnt)
		report(L, w, l0, xi, "barrier-count-exceeded", "more threads arrive than the thread count %u allows "
		    "(%u: a warp all of whose threads arrived counts as 32)", cnt, have);
	else if (!part && WARP * (uint32_t)__builtin_popcount(round) > cnt) {
		/* the phase opened for the first of them, and a new one began:
		 * which warps wait for which is the order they came in */
		report(L, w, l0, xi, "barrier-count-exceeded", "%u warps arrive at the barrier before any of them "
		    "arrives again, more than the thread count %u allows: it opens for whichever arrive first",
		    (uint32_t)__builtin_popcount(round), cnt);
		w->cta->bar[id].chkround = 0;   /* one report a round */
	}
}

/* Whether live lane l of w, which does not execute the instruction the
 * warp runs, is on its way out of the kernel: from where it waits in the
 * SIMT stack of the kernel's own frame, the instructions it executes
 * next, as far as branches and instructions whose guard is false in it
 * go, end in the kernel's ret or an exit (or the frame's end).  That is
 * what `if (i >= n) return;` makes, at -O3 (a branch to the ret) and at
 * -G (a branch to a block that branches to it), and what a condition of
 * several parts makes of it (`@!p bra` to the ret, `@p ret`): the lane
 * exits without another instruction that could matter.  The guards are
 * the lane's own predicates now: nothing on the way writes a register,
 * and no other lane writes the lane's, so they are what the lane will
 * find there (tests/check/sync_exit_guarded.ptx). */
static int
exiting(const Launch *L, const Warp *w, uint32_t l)
{
	int top = w->ncf > 1 ? w->cf[1].base : w->nst, i;
	const uint64_t *r = w->cf[0].r;
	int32_t pc;

	for (i = w->nst - 1; i >= 0 && !(w->st[i].mask >> l & 1); i--)
		;
	if (i < 0 || i >= top)   /* not in the kernel's frame: it returns into it */
		return 0;
	if ((pc = w->st[i].pc) < 0)   /* waiting at the frame's exit */
		return 1;
	for (int n = 0; n < 16 && pc >= 0 && pc < (int32_t)L->pm->ncode; n++) {   /* a chain of branches */
		const XIns *x = &L->pm->code[pc];
		if (x->guard >= 0 && !((r[(size_t)x->guard * WARP + l] & 1) ^ (uint64_t)(x->gneg != 0))) {
			pc++;   /* passed by: the guard is false in the lane */
			continue;
		}
		if (x->x == X_RET || x->x == X_EXIT || x->x == X_END)
			return 1;
		if (x->x != X_BRA)
			return 0;
		pc = x->target;
	}
	return 0;
}

/* The lanes of g that the warp's lanes m leave waiting: live, not among
 * m, and not on their way out of the kernel (exiting). */
static uint32_t
waiting(const Launch *L, const Warp *w, uint32_t g, uint32_t m)
{
	uint32_t idle = g & w->live & ~m;

	for (uint32_t k = idle; k; k &= k - 1)
		if (exiting(L, w, (uint32_t)__builtin_ctz(k)))
			idle &= ~(1u << __builtin_ctz(k));
	return idle;
}

/* The lane shfl.sync's lane l reads (interp_shfl_src): itself when the
 * source is out of its segment. */
static uint32_t
shflsrc(Launch *L, Warp *w, const XIns *xi, uint32_t l)
{
	int in;

	return interp_shfl_src(xi->mod, l, (uint32_t)interp_opval(L, w, &xi->s[1], l),
	                       (uint32_t)interp_opval(L, w, &xi->s[2], l), &in);
}

/*
 * The membermask (operand k) rules of a warp collective.  Every
 * non-exited thread the mask names must execute the collective with it
 * (the PTX ISA: the executing thread waits for all non-exited threads of
 * membermask; the CUDA C++ Programming Guide: all non-exited threads
 * named in mask must execute the same intrinsic), so lanes that exited,
 * or are on their way out (exiting), may be named: a ballot or a
 * __syncwarp() after `if (i >= n) return;` is correct (cuda/exits.cu).
 * A shuffle must not read such a lane, though: a lane reads only from a
 * thread that takes part, and an exited one does not (tests/check
 * sync_shfl_exited.ptx, "membermask-exited"; checks.cu tail_shfl, whose
 * returned lanes are still live, "membermask-inactive"); nor a lane
 * the reader's membermask leaves out, even one that executes the shuffle
 * with it in a group of its own (sync_shfl_source.ptx,
 * "membermask-source").  A source outside the lane's segment is the
 * lane itself (interp_shfl_src), no read of another.
 */
static void
members(Launch *L, Warp *w, const XIns *xi, int k, uint32_t m)
{
	if (k >= xi->ns)
		return;
	for (uint32_t mm = m; mm; mm &= mm - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(mm);
		uint32_t g = (uint32_t)interp_opval(L, w, &xi->s[k], l), j, idle;
		if (!(g >> l & 1)) {
			report(L, w, (int)l, xi, "membermask-self", "lane %u executes it with membermask 0x%08x, "
			    "which does not name it", l, g);
			return;
		}
		if ((idle = waiting(L, w, g, m))) {
			report(L, w, (int)l, xi, "membermask-inactive", "membermask 0x%08x names lanes 0x%08x, which "
			    "do not execute this instruction with it", g, idle);
			return;
		}
		if (xi->x != X_SHFL || (j = shflsrc(L, w, xi, l)) == l)
			continue;
		if (!(g >> j & 1)) {
			report(L, w, (int)l, xi, "membermask-source", "the shuffle reads lane %u, which its membermask "
			    "0x%08x does not name: a lane gives its value only to threads whose membermask names it", j, g);
			return;
		}
		if (m >> j & 1)
			continue;
		if (!(w->live >> j & 1))
			report(L, w, (int)l, xi, "membermask-exited", "membermask 0x%08x names lane %u, which has "
			    "exited or does not exist, and the shuffle reads it", g, j);
		else
			report(L, w, (int)l, xi, "membermask-inactive", "membermask 0x%08x names lane %u, which does "
			    "not execute this instruction with it, and the shuffle reads it", g, j);
		return;
	}
}

void
interp_chk_sync(Launch *L, Warp *w, const XIns *xi, uint32_t tmask, uint32_t m)
{
	if (!xi->in)
		return;
	if (xi->x == X_BRA || xi->x == X_BRX) {
		/* a branch splits the warp when its guard does, or brx.idx's indexes differ */
		uint32_t split = m && (tmask & ~m);
		if (xi->x == X_BRX && m && !split) {
			uint64_t i0 = interp_opval(L, w, &xi->s[0], (uint32_t)first(m)) & 0xffffffffu;
			for (uint32_t mm = m; mm && !split; mm &= mm - 1)
				split = (interp_opval(L, w, &xi->s[0], (uint32_t)__builtin_ctz(mm)) & 0xffffffffu) != i0;
		}
		if (split && ir_hasmod(xi->in, MOD_UNI))
			report(L, w, first(m), xi, "divergent-uniform-branch", "a .uni branch splits the warp: lanes "
			    "0x%08x go one way, lanes 0x%08x another", m, tmask & ~m);
		return;
	}
	if (!m)
		return;
	if (mayalign[xi->x] && aligned(xi) && isbar(xi->x) && (tmask & ~m)) {
		report(L, w, first(tmask & ~m), xi, "divergent-barrier", "an .aligned barrier whose guard is false in "
		    "lanes 0x%08x of the lanes 0x%08x that reach it: they pass it by without arriving", tmask & ~m, tmask);
	} else if (mayalign[xi->x] && aligned(xi) && !isbar(xi->x) && m != w->live) {
		report(L, w, first(m), xi, "divergent-aligned",
		    "an .aligned instruction executed by lanes 0x%08x of a warp whose live lanes are 0x%08x: every "
		    "non-exited thread of the warp must execute it together", m, w->live);
	}
	switch (xi->x) {
	case X_BAR: case X_BARARRIVE: case X_BARRED:
		if (xi->ns)
			barrier(L, w, xi, m);
		break;
	/* shfl and vote without .sync have no membermask: the lanes that
	 * execute them are the group (load.c allmask) */
	case X_SHFL:
		if (!xi->in || xi->in->op != OP_SHFL)
			members(L, w, xi, 3, m);
		break;
	case X_VOTE: case X_MATCH: case X_REDUX:
		if (!xi->in || xi->in->op != OP_VOTE)
			members(L, w, xi, 1, m);
		break;
	case X_BARWARP: case X_ELECT:
		if (xi->ns)
			members(L, w, xi, 0, m);
		break;
	}
}

/*
 * mbarrier.c -- the mbarrier object of the PTX ISA: init, inval, arrive
 * (with counts, drops, expect_tx, noComplete), expect_tx, complete_tx,
 * test_wait, try_wait, pending_count and cp.async.mbarrier.arrive.
 *
 * An mbarrier is 64 bits of shared memory, 8-byte aligned.  The manual
 * leaves its encoding opaque; ours is
 *
 *   bits  0..19  pending arrivals of the current phase
 *   bits 20..39  expected arrivals of each phase (arrive_drop lowers it)
 *   bits 40..60  tx-count, 21-bit two's complement
 *   bit  62      valid: set by init, cleared by inval
 *   bit  63      the parity of the current phase
 *
 * A phase completes when its pending arrivals and its tx-count are both
 * zero; the next phase starts with the expected count pending and a zero
 * tx-count.  The state an arrive returns is the object as it was before
 * the arrive: its bit 63 is the phase a wait on it waits for, its low bits
 * the count pending_count reads.  Using an object that is not valid, counts
 * outside [1, 2^20-1], a tx-count outside [-(2^20-1), 2^20-1] and a
 * noComplete arrive that would complete the phase are undefined behaviour
 * on the GPU; here they fault with a report.
 *
 * An arrive, expect_tx or complete_tx may name an mbarrier of another CTA
 * of the cluster (shared::cluster, or a generic address from mapa): it
 * changes that CTA's object and wakes that CTA's waits; a wait is always
 * on the CTA's own.  Asynchronous copies complete when they are issued
 * (bulk.c), so a phase can only complete through an instruction of a CTA
 * of its cluster.  A wait that
 * cannot be satisfied yet blocks its warp (Warp.blocked = BLOCKED_MBAR)
 * until the CTA's event count moves (any mbarrier change, barrier arrival
 * or exit); try_wait then runs again, test_wait, which has already returned
 * false, just lets its warp go on.  try_wait's time limit is modelled at
 * the one point where it matters: when every live warp of the CTA is
 * blocked, the mbarrier waits time out (try_wait returns false to the lanes
 * still waiting) so that the program's loop runs again.  Waits that keep
 * timing out with no event in between are a deadlock (sched.c reports it).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "interp.h"

#define FOR_LANES(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

/* XIns.mod of X_MBAR */
enum { MB_INIT, MB_INVAL, MB_EXPECT_TX, MB_COMPLETE_TX, MB_ARRIVE, MB_CPASYNC, MB_TEST, MB_TRY, MB_PENDING };
/* XIns.aux bits */
enum { MBF_DROP = 1, MBF_EXPECT_TX = 2, MBF_NOCOMPLETE = 4, MBF_PARITY = 8, MBF_NOINC = 16 };

enum {
	CNT_MAX = (1 << 20) - 1,
	/* timeouts in a row, with no event between them, before a deadlock is
	 * reported: a loop that gives up waiting may take a few rounds to do
	 * what completes the phase, or many to give up (tests/shim/tmarand.c
	 * tries 20,000 times before it stops waiting on a tensor load that
	 * brought fewer bytes than it was told); a spin without end costs its
	 * warps that many turns before the report */
	MAX_ROUNDS = 1 << 15
};

typedef struct {
	uint32_t pend, expect;
	int32_t tx;
	unsigned valid, phase;
} Mbar;

static Mbar
unpack(uint64_t v)
{
	Mbar b;
	uint32_t tx = (uint32_t)(v >> 40) & 0x1fffff;

	b.pend = (uint32_t)v & CNT_MAX;
	b.expect = (uint32_t)(v >> 20) & CNT_MAX;
	b.tx = (int32_t)(tx ^ 0x100000) - 0x100000;   /* sign-extend 21 bits */
	b.valid = (unsigned)(v >> 62) & 1;
	b.phase = (unsigned)(v >> 63);
	return b;
}

static uint64_t
pack(const Mbar *b)
{
	return (uint64_t)b->pend | (uint64_t)b->expect << 20 | (uint64_t)((uint32_t)b->tx & 0x1fffff) << 40 |
	    (uint64_t)b->valid << 62 | (uint64_t)b->phase << 63;
}

/* ---------------------------------------------------------------- decoding */

int
interp_mbar_decode(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	XOp tmp[4];
	int mem = -1, src = -1, n = 0;

	xi->x = X_MBAR;
	xi->aux = (ir_hasmod(in, MOD_EXPECT_TX) ? MBF_EXPECT_TX : 0) | (ir_hasmod(in, MOD_NOCOMPLETE) ? MBF_NOCOMPLETE : 0) |
	    (ir_hasmod(in, MOD_PARITY) ? MBF_PARITY : 0) | (ir_hasmod(in, MOD_NOINC) ? MBF_NOINC : 0);
	switch (in->op) {
	case OP_MBARRIER_INIT: xi->mod = MB_INIT; mem = 0; src = 1; break;
	case OP_MBARRIER_INVAL: xi->mod = MB_INVAL; mem = 0; break;
	case OP_MBARRIER_EXPECT_TX: xi->mod = MB_EXPECT_TX; mem = 0; src = 1; break;
	case OP_MBARRIER_COMPLETE_TX: xi->mod = MB_COMPLETE_TX; mem = 0; src = 1; break;
	case OP_MBARRIER_ARRIVE_DROP: xi->aux |= MBF_DROP; /* fall through */
	case OP_MBARRIER_ARRIVE: xi->mod = MB_ARRIVE; mem = 1; src = 2; break;
	case OP_CP_ASYNC_MBARRIER_ARRIVE: xi->mod = MB_CPASYNC; mem = 0; break;
	case OP_MBARRIER_TEST_WAIT: xi->mod = MB_TEST; mem = 1; src = 2; break;
	case OP_MBARRIER_TRY_WAIT: xi->mod = MB_TRY; mem = 1; src = 2; break;
	case OP_MBARRIER_PENDING_COUNT: xi->mod = MB_PENDING; src = 1; break;
	default: return -1;
	}
	if (xi->mod == MB_ARRIVE || xi->mod == MB_TEST || xi->mod == MB_TRY || xi->mod == MB_PENDING) {
		int nd = interp_decode_ops(pm, &in->opnd[0], 1, TY_B64, xi->d, 1);
		if (nd != 1)
			return -1;
		xi->nd = 1;
	}
	if (mem >= 0) {
		if (mem >= in->nopnd || interp_decode_addr(pm, x, &in->opnd[mem], in->space, xi))
			return -1;
		if (ir_hasmod(in, MOD_SHARED_CLUSTER) && xi->space == MS_SHARED)
			xi->space = MS_CLUSTER;   /* possibly another CTA's */
		if (xi->space != MS_SHARED && xi->space != MS_GENERIC && xi->space != MS_CLUSTER)
			return -1;
		if (xi->abase.k == XO_LOCAL)
			return -1;
	}
	if (src >= 0 && src < in->nopnd) {
		/* the count, tx-count, state or parity (try_wait's time hint is ignored) */
		if (interp_decode_op(pm, &in->opnd[src], TY_B64, &tmp[0]))
			return -1;
		n = 1;
	} else if (xi->mod == MB_ARRIVE) {
		if (xi->aux & MBF_EXPECT_TX)
			return -1;
		tmp[0] = (XOp){ .k = XO_IMM, .imm = 1 };   /* one arrival */
		n = 1;
	} else if (src >= 0)
		return -1;
	xi->s = interp_alloc(pm->cx, sizeof tmp);
	if (!xi->s)
		return -1;
	memcpy(xi->s, tmp, sizeof tmp);
	xi->ns = (uint8_t)n;
	return 0;
}

/* ---------------------------------------------------------------- execution */

/* The object at a (xi's space): its bytes, its CTA in *cp and its offset
 * in that CTA's shared memory in *off. */
static uint8_t *
mbptr(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t a, uint32_t *off, Cta **cp)
{
	if (xi->space == MS_GENERIC || xi->space == MS_CLUSTER) {
		if (xi->space == MS_GENERIC && a - SHARED_WIN >= WIN_SIZE) {
			interp_fault(L, w, lane, xi, PTX_FAULT_OOB, a, 8,
			    "the mbarrier's generic address 0x%" PRIx64 " is not in shared memory", a);
			return NULL;
		}
		if (xi->space == MS_GENERIC)
			a -= SHARED_WIN;
		if (a & 7) {
			interp_fault(L, w, lane, xi, PTX_FAULT_MISALIGNED, a, 8,
			    "the mbarrier at shared::cluster 0x%" PRIx64 " is not 8-byte aligned", a);
			return NULL;
		}
		*cp = interp_clu_cta(L, w, lane, xi, a, 8, 1, off);
		return *cp ? (*cp)->shared + *off : NULL;
	}
	*off = (uint32_t)(a & 0xffffff);
	*cp = w->cta;
	return interp_xlate(L, w, lane, MS_SHARED, a, 8, 1, xi);
}

static int
ub(Launch *L, Warp *w, int lane, const XIns *xi, uint32_t off, const char *what, uint64_t v)
{
	interp_fault(L, w, lane, xi, PTX_FAULT_TRAP, off, 8, "mbarrier at shared 0x%x: %s (%" PRIu64 ")", off, what, v);
	return XR_FAULT;
}

/* asynccheck's view of one lane's operation on the object at p of c,
 * which went from was to b (check_mbar.c). */
static void
chk(Launch *L, Warp *w, int lane, const XIns *xi, Cta *c, const uint8_t *p, int op, const Mbar *was, const Mbar *b)
{
	ChkMbarOp o;

	memset(&o, 0, sizeof o);
	o.op = op;
	o.pend = b->pend;
	o.tx = b->tx;
	o.completed = b->valid && was->valid && b->phase != was->phase;
	if (!o.completed)
		o.txd = (int64_t)b->tx - was->tx;
	else   /* the last of the phase's bytes: what took its tx-count to zero */
		o.txd = -(int64_t)was->tx;
	interp_chk_mbar(L, w, lane, xi, c, p, &o);
}

/* racecheck's view of lane of w's operation (not a wait) on the object
 * at p of c, which went from was to b (check_race.c): what the lane did
 * before is released into the phase open then, if the object is its own
 * CTA's, and a phase that completed orders those releases before the
 * waits that see it.  mbarrier.init and mbarrier.inval end the old
 * object, whose open phase never completes; inval releases nothing. */
static void
phases(Launch *L, Warp *w, uint32_t lane, const XIns *xi, Cta *c, const uint8_t *p, const Mbar *was, const Mbar *b)
{
	uint32_t off = (uint32_t)(p - c->shared);
	int end = xi->x == X_MBAR && (xi->mod == MB_INIT || xi->mod == MB_INVAL);

	if (end)
		interp_chk_mbphase(L, c, off, 1);
	if (c == w->cta && !(xi->x == X_MBAR && xi->mod == MB_INVAL))
		interp_chk_release(L, w, lane, off);
	if (!end && b->valid && was->valid && b->phase != was->phase)
		interp_chk_mbphase(L, c, off, 0);
}

/* Completes the phase when nothing is pending any more. */
static void
settle(Mbar *b)
{
	if (b->pend == 0 && b->tx == 0) {
		b->phase ^= 1;
		b->pend = b->expect;
	}
}

static int
addtx(Launch *L, Warp *w, int lane, const XIns *xi, uint32_t off, Mbar *b, int64_t d)
{
	int64_t tx = b->tx + d;

	if (tx > CNT_MAX || tx < -CNT_MAX)
		return ub(L, w, lane, xi, off, "tx-count out of range", (uint64_t)tx);
	b->tx = (int32_t)tx;
	return XR_OK;
}

static int
block(Launch *L, Warp *w, const XIns *xi, uint32_t off, int rc)
{
	w->blocked = BLOCKED_MBAR;
	w->mev = w->cta->events;
	w->mpc = (int32_t)(xi - L->pm->code);
	w->maddr = off;
	return rc;
}

int
interp_mbar(Launch *L, Warp *w, const XIns *xi, uint32_t m, const uint64_t *ad, uint64_t v[][WARP], uint64_t *d)
{
	Cta *c = w->cta;
	uint32_t done = 0, off = 0;

	if (xi->mod == MB_PENDING) {
		FOR_LANES(m, l)
			d[l] = v[0][l] & CNT_MAX;
		return XR_OK;
	}
	/* one lane after another, in lane order, as the lanes of a warp reach the object */
	FOR_LANES(m, l) {
		uint8_t *p = mbptr(L, w, (int)l, xi, ad[l], &off, &c);
		uint64_t word, u = xi->ns ? v[0][l] & 0xffffffffu : 0;   /* a count or tx-count */
		Mbar b, was;
		if (!p)
			return XR_FAULT;
		memcpy(&word, p, 8);
		b = unpack(word);
		was = b;
		if ((L->chk & CHK_COPIES) && xi->mod != MB_INIT) {
			ChkMbarOp o;
			memset(&o, 0, sizeof o);
			o.op = CMB_WAIT;   /* nothing but the object's presence is looked at yet */
			interp_chk_mbar(L, w, (int)l, xi, c, p, &o);
			if (L->fault)
				return XR_FAULT;
		}
		if (xi->mod == MB_INIT) {
			if (u < 1 || u > CNT_MAX)
				return ub(L, w, (int)l, xi, off, "init count outside [1, 2^20-1]", u);
			b = (Mbar){ (uint32_t)u, (uint32_t)u, 0, 1, 0 };
		} else if (!b.valid) {
			return ub(L, w, (int)l, xi, off, "not initialised", word);
		}
		switch (xi->mod) {
		case MB_INVAL:
			b = (Mbar){ 0, 0, 0, 0, 0 };
			break;
		case MB_EXPECT_TX: case MB_COMPLETE_TX:
			if (u > CNT_MAX)
				return ub(L, w, (int)l, xi, off, "tx-count operand out of range", u);
			if (addtx(L, w, (int)l, xi, off, &b, xi->mod == MB_EXPECT_TX ? (int64_t)u : -(int64_t)u))
				return XR_FAULT;
			settle(&b);
			break;
		case MB_ARRIVE: case MB_CPASYNC: {
			uint64_t cnt = 1;
			uint32_t n;
			if (xi->mod == MB_CPASYNC && !(xi->aux & MBF_NOINC))
				break;   /* the pending count goes up by one and the copies' arrival takes it back */
			d[l] = word;
			if (xi->aux & MBF_EXPECT_TX) {
				if (u > CNT_MAX)
					return ub(L, w, (int)l, xi, off, "tx-count operand out of range", u);
				if (addtx(L, w, (int)l, xi, off, &b, (int64_t)u))
					return XR_FAULT;
			} else if (xi->mod == MB_ARRIVE)
				cnt = u;
			if (cnt < 1 || cnt > b.pend)
				return ub(L, w, (int)l, xi, off, "arrival count outside [1, pending arrivals]", cnt);
			n = (uint32_t)cnt;
			b.pend -= n;
			if (xi->aux & MBF_DROP) {
				if (n > b.expect)
					return ub(L, w, (int)l, xi, off, "arrive_drop count above the expected count", n);
				b.expect -= n;
			}
			if ((xi->aux & MBF_NOCOMPLETE) && b.pend == 0 && b.tx == 0)
				return ub(L, w, (int)l, xi, off, "a noComplete arrive completes the phase", n);
			settle(&b);
			break;
		}
		case MB_TEST: case MB_TRY: {
			unsigned want = xi->aux & MBF_PARITY ? (unsigned)(v[0][l] & 1) : (unsigned)(v[0][l] >> 63);
			int ok = b.phase != want || (w->mdone >> l & 1);
			d[l] = (uint64_t)ok;
			done |= (uint32_t)ok << l;
			if (ok && !(w->mdone >> l & 1) && c == w->cta)   /* racecheck: the phase it saw (check_race.c) */
				interp_chk_acquire(L, w, l, (uint32_t)(p - c->shared));
			if (L->chk & CHK_COPIES) {
				ChkMbarOp o;
				memset(&o, 0, sizeof o);
				o.op = CMB_WAIT;
				o.parity = b.phase;
				o.want = want;
				o.ok = ok;
				o.retry = (int)(w->mdone >> l & 1);
				o.pend = 1;   /* a real wait, not the presence check */
				interp_chk_mbar(L, w, (int)l, xi, c, p, &o);
			}
			continue;   /* nothing changed */
		}
		}
		word = pack(&b);
		memcpy(p, &word, 8);
		c->events++;
		if (L->chk & PTX_CHECK_RACECHECK)
			phases(L, w, l, xi, c, p, &was, &b);
		if (L->chk & CHK_COPIES)
			chk(L, w, (int)l, xi, c, p, xi->mod == MB_INIT ? CMB_INIT : xi->mod == MB_INVAL ? CMB_INVAL : CMB_ARRIVE,
			    &was, &b);
	}
	if (xi->mod != MB_TEST && xi->mod != MB_TRY)
		return XR_OK;
	if (done == m || (xi->mod == MB_TRY && w->mtimeout)) {
		/* lanes that gave up will spin: others of their warp run first,
		 * since they may be what completes the phase (exec.c park) */
		w->yieldm |= m & ~done;
		w->mdone = 0;
		w->mtimeout = 0;
		return XR_OK;
	}
	if (xi->mod == MB_TRY) {
		w->mdone |= done;   /* these lanes saw their phase complete: true when the warp runs it again */
		return block(L, w, xi, off, XR_WAIT);
	}
	w->yieldm |= m & ~done;
	return block(L, w, xi, off, XR_PAUSE);
}

int
interp_mbar_tx(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t a, uint64_t bytes, const uint8_t *dst,
               uint64_t dn)
{
	uint8_t *p;
	uint64_t word;
	uint32_t off;
	Mbar b, was;
	Cta *c;

	if (a & 7) {
		interp_fault(L, w, lane, xi, PTX_FAULT_MISALIGNED, a, 8,
		    "the mbarrier at shared 0x%" PRIx64 " is not 8-byte aligned", a);
		return XR_FAULT;
	}
	/* a shared::cluster address: the copy's destination CTA */
	if (!(c = interp_clu_cta(L, w, lane, xi, a, 8, 1, &off)))
		return XR_FAULT;
	p = c->shared + off;
	memcpy(&word, p, 8);
	b = unpack(word);
	was = b;
	if (L->chk & CHK_COPIES) {
		ChkMbarOp o;
		memset(&o, 0, sizeof o);
		o.op = CMB_WAIT;   /* the object's presence */
		interp_chk_mbar(L, w, lane, xi, c, p, &o);
		if (dst)
			interp_chk_bulk(L, w, lane, xi, c, dst, dn, p);
		if (L->fault)
			return XR_FAULT;
	}
	if (!b.valid)
		return ub(L, w, lane, xi, (uint32_t)a, "not initialised", word);
	if (bytes > CNT_MAX || addtx(L, w, lane, xi, (uint32_t)a, &b, -(int64_t)bytes))
		return bytes > CNT_MAX ? ub(L, w, lane, xi, (uint32_t)a, "copy larger than the tx-count range", bytes) :
		    XR_FAULT;
	settle(&b);
	word = pack(&b);
	memcpy(p, &word, 8);
	c->events++;
	if (L->chk & PTX_CHECK_RACECHECK)
		phases(L, w, (uint32_t)lane, xi, c, p, &was, &b);
	if (L->chk & CHK_COPIES)
		chk(L, w, lane, xi, c, p, CMB_ARRIVE, &was, &b);
	return XR_OK;
}

int
interp_mbar_timeout(Launch *L, Cta *c)
{
	int any = 0;

	for (int i = 0; i < c->nw; i++)
		any |= !c->w[i].done && c->w[i].blocked == BLOCKED_MBAR;
	if (!any)
		return 0;
	if (c->events != c->evmark) {
		c->evmark = c->events;
		c->rounds = 0;
	} else if (++c->rounds >= MAX_ROUNDS)
		return 0;
	for (int i = 0; i < c->nw; i++) {
		Warp *w = &c->w[i];
		if (w->done || w->blocked != BLOCKED_MBAR)
			continue;
		w->blocked = 0;
		w->mtimeout = L->pm->code[w->mpc].mod == MB_TRY;
	}
	return 1;
}

void
interp_mbar_describe(const Cta *c, uint32_t a, char *buf, size_t n)
{
	uint64_t word;
	Mbar b;

	if (a < SMEM_RSV || a > c->nshared || c->nshared - a < 8) {
		snprintf(buf, n, "outside shared memory");
		return;
	}
	memcpy(&word, c->shared + a, 8);
	b = unpack(word);
	if (!b.valid)
		snprintf(buf, n, "not initialised");
	else
		snprintf(buf, n, "phase parity %u, %u of %u arrivals pending, tx-count %d", b.phase, b.pend, b.expect,
		    (int)b.tx);
}

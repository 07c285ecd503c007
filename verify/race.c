/*
 * race.c — shared memory read of another thread's write with nothing
 * between to order them.
 *
 * Threads of a CTA see each other's shared stores only after a barrier (or
 * another synchronizing operation) that both pass.  The race reported here
 * is the obvious one: a kernel stores to a shared variable at an address
 * computed from %tid.x and constants, and a path leads from that store to a
 * load of the same variable (in .shared or generically, as at -G), at such an address, with no synchronizing
 * instruction on it, where the load of some thread T reads the element the
 * store of another thread T' wrote (`s[tid] = x; y = s[tid + 1];`).
 *
 * Both addresses are evaluated for every %tid.x the launch bounds allow
 * (1024 without them) by walking their definitions: constants, %tid.x, the
 * variable's address and integer arithmetic on them.  An address with
 * anything else in it (a loaded value, a parameter, a loop counter) is
 * left alone: whether it meets another thread's element depends on data.
 * Synchronizing, for this purpose, is anything a hand-written protocol may
 * order threads with: barriers of any kind (bar.warp.sync included), mbarrier
 * waits, fences, atomics, volatile or acquire loads and calls; volatile
 * accesses themselves (warp-synchronous code of old) are not looked at.
 *
 * The cost: per store, one walk over the blocks; per pair of a store and a
 * load of one variable, a table of the store's addresses probed with the
 * load's.  Kernels with more shared accesses than RACEMAX are skipped.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "verify.h"

enum { RACEMAX = 256, NTHREADS = 1024, EVALDEPTH = 24 };

/*
 * Loop counters.  At -G a reduction's stride is a register the loop
 * halves (`for (st = 128; st > 0; st >>= 1)`), where -O3 unrolls it into
 * constants.  A load inside the loop whose address reads the counter's phi
 * at the loop header is evaluated with the value the loop is entered with:
 * its first iteration.  That iteration's addresses are real, and a path
 * from a store outside the loop to the load with no sync on it gives one
 * into the first iteration too (from the store to the header's first
 * entry, then from its last visit to the load), so such pairs are sound.
 * A store inside the loop may reach the load only around the back edge,
 * with another value of the counter: such pairs are left alone, as are
 * accesses that read the counters of two loops.
 */

/* Whether block b is in the natural loop of header h: h dominates it and
 * it reaches h again without leaving h's dominance. */
static int
inloop(Func *fn, int h, int b, int *work, unsigned char *seen)
{
	const Blk *hb = &fn->blk[h];
	int top = 0, found = 0;

	if (fn->blk[b].dpre < hb->dpre || fn->blk[b].dpre > hb->dlast)
		return 0;
	memset(seen, 0, (size_t)fn->nblk);
	seen[b] = 1;
	work[top++] = b;
	while (top > 0 && !found) {
		const Blk *x = &fn->blk[work[--top]];
		for (int k = 0; k < x->nsucc && !found; k++) {
			const Blk *y = &fn->blk[x->succ[k]];
			found = y->id == h;
			if (!seen[y->id] && y->dpre >= hb->dpre && y->dpre <= hb->dlast) {
				seen[y->id] = 1;
				work[top++] = y->id;
			}
		}
	}
	return found;
}

/* The value phi val (of a loop header) has on entering the loop: the one
 * argument from the predecessors the header does not dominate; -1 when
 * they bring several, or when val is no loop header's phi. */
static int
entryarg(Func *fn, int val)
{
	const Blk *h = &fn->blk[fn->val[val].blk];
	const Phi *ph = &h->phi[fn->val[val].phi];
	int back = 0, x = -1;

	for (int k = 0; k < h->npred && k < ph->narg; k++) {
		const Blk *p = &fn->blk[h->pred[k]];
		if (p->dpre >= h->dpre && p->dpre <= h->dlast)
			back = 1;
		else if (x >= 0 && x != ph->arg[k])
			return -1;
		else
			x = ph->arg[k];
	}
	return back && x >= 0 && !verify_isentry(fn, x) ? x : -1;
}

/* The value of operand o of in for %tid.x == t, as an offset from the
 * shared variable *sym (NULL while none is met): 1 when it is known. */
static int
eval(Func *fn, Ins *in, const Opnd *o, int64_t t, Sym **sym, int64_t *out, int depth, int *hdr)
{
	int64_t a, b, c;
	Ins *d;
	int val;

	if (depth > EVALDEPTH)
		return 0;
	switch (o->kind) {
	case OK_IMM:
		*out = o->imm;
		return 1;
	case OK_SYM:
		if (!o->sym || o->sym->kind != SYM_VAR || o->sym->space != SP_SHARED || (*sym && *sym != o->sym))
			return 0;
		*sym = o->sym;
		*out = o->imm;
		return 1;
	case OK_REG:
		break;
	default:
		return 0;
	}
	if (!o->sym)
		return 0;
	if (o->sym->kind == SYM_SREG) {
		if (strcmp(o->sym->name, "%tid") || (o->sel != SEL_X && o->sel != SEL_NONE))
			return 0;
		*out = t + o->imm;
		return 1;
	}
	if (o->sym->kind != SYM_REG)
		return 0;
	val = verify_useof(in, o);
	if (val >= 0 && val < fn->nval && fn->val[val].phi >= 0) {
		/* a loop counter, as in its first iteration (see entryarg) */
		int h = fn->val[val].blk;
		if ((*hdr >= 0 && *hdr != h) || (val = entryarg(fn, val)) < 0)
			return 0;
		*hdr = h;
	}
	d = verify_defins(fn, val);
	if (!d || d->guard || d->ndef != 1 || d->nopnd < 2)
		return 0;
	if (!eval(fn, d, &d->opnd[1], t, sym, &a, depth + 1, hdr))
		return 0;
	a += o->imm;
	switch (d->op) {
	case OP_MOV: case OP_CVT: case OP_CVTA:
		if (d->nopnd != 2)
			return 0;
		*out = a;
		return 1;
	default:
		break;
	}
	if (d->nopnd < 3 || !eval(fn, d, &d->opnd[2], t, sym, &b, depth + 1, hdr))
		return 0;
	switch (d->op) {
	case OP_ADD: *out = (int64_t)((uint64_t)a + (uint64_t)b); break;   /* wrapping, as the registers do */
	case OP_SUB: *out = (int64_t)((uint64_t)a - (uint64_t)b); break;
	case OP_MUL: *out = (int64_t)((uint64_t)a * (uint64_t)b); break;
	case OP_SHL: if (b < 0 || b > 31) return 0; *out = (int64_t)((uint64_t)a << b); break;
	case OP_SHR: if (b < 0 || b > 31 || a < 0) return 0; *out = a >> b; break;
	case OP_AND: *out = a & b; break;
	case OP_OR: *out = a | b; break;
	case OP_XOR: *out = a ^ b; break;
	case OP_DIV: if (b <= 0 || a < 0) return 0; *out = a / b; break;
	case OP_REM: if (b <= 0 || a < 0) return 0; *out = a % b; break;
	case OP_MAD:
		if (d->nopnd != 4 || !eval(fn, d, &d->opnd[3], t, sym, &c, depth + 1, hdr))
			return 0;
		*out = (int64_t)((uint64_t)a * (uint64_t)b + (uint64_t)c);
		break;
	default:
		return 0;
	}
	/* the variable's address is only ever added to */
	return *out > -((int64_t)1 << 40) && *out < ((int64_t)1 << 40);
}

/* The value of predicate o (of in) for %tid.x == t: 1 and *out when the
 * comparisons it comes from are of values eval knows. */
static int
evalpred(Func *fn, Ins *in, const Opnd *o, int64_t t, int *out, int depth, int *hdr)
{
	Sym *sym = NULL;
	int64_t a, b;
	int x, y;
	Ins *d;

	if (depth > EVALDEPTH)
		return 0;
	if (o->kind == OK_NOT)
		return o->nsub == 1 && evalpred(fn, in, &o->sub[0], t, &x, depth + 1, hdr) ? (*out = !x, 1) : 0;
	if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG)
		return 0;
	d = verify_defins(fn, verify_useof(in, o));
	if (!d || d->guard || d->ndef != 1)
		return 0;
	if (d->op == OP_NOT && d->nopnd == 2)
		return evalpred(fn, d, &d->opnd[1], t, &x, depth + 1, hdr) ? (*out = !x, 1) : 0;
	if (d->op == OP_MOV && d->nopnd == 2)
		return evalpred(fn, d, &d->opnd[1], t, out, depth + 1, hdr);
	if ((d->op == OP_AND || d->op == OP_OR || d->op == OP_XOR) && d->nopnd == 3) {
		if (!evalpred(fn, d, &d->opnd[1], t, &x, depth + 1, hdr) ||
		    !evalpred(fn, d, &d->opnd[2], t, &y, depth + 1, hdr))
			return 0;
		*out = d->op == OP_AND ? x & y : d->op == OP_OR ? x | y : x ^ y;
		return 1;
	}
	if (d->op != OP_SETP || d->nopnd != 3 || !eval(fn, d, &d->opnd[1], t, &sym, &a, depth + 1, hdr) ||
	    !eval(fn, d, &d->opnd[2], t, &sym, &b, depth + 1, hdr) || sym)
		return 0;
	switch (ir_mod_cmp(d)) {
	case MOD_EQ: *out = a == b; break;
	case MOD_NE: *out = a != b; break;
	case MOD_LT: case MOD_LO: *out = a < b; break;
	case MOD_LE: case MOD_LS: *out = a <= b; break;
	case MOD_GT: case MOD_HI: *out = a > b; break;
	case MOD_GE: case MOD_HS: *out = a >= b; break;
	default: return 0;
	}
	return 1;
}

/* Which threads reach block b, as far as the branches on %tid.x that
 * dominate it say (`if (tid.x < 128)` around an exchange): into live[t].
 * hdr: the loop whose first iteration the access is evaluated in, whose
 * counter the branches may read (-1: none). */
static void
reachers(Func *fn, int b, unsigned char *live, int n, int hdr)
{
	memset(live, 1, (size_t)n);
	for (int x = fn->blk[b].idom, step = 0; x >= 0 && step < 64; x = fn->blk[x].idom, step++) {
		Blk *a = &fn->blk[x];
		Ins *br = a->i1 > a->i0 ? fn->ins[a->i1 - 1] : NULL;
		Blk *bb = &fn->blk[b];
		if (!br || br->op != OP_BRA || !br->guard || a->nsucc != 2)
			continue;
		int in0 = fn->blk[a->succ[0]].dpre <= bb->dpre && bb->dpre <= fn->blk[a->succ[0]].dlast;
		int in1 = fn->blk[a->succ[1]].dpre <= bb->dpre && bb->dpre <= fn->blk[a->succ[1]].dlast;
		/* a side counts where it is entered from this branch alone (a
		 * join both sides reach says nothing) */
		if (in0 == in1 || fn->blk[a->succ[in0 ? 0 : 1]].npred != 1)
			continue;
		for (int t = 0; t < n; t++) {
			int p, h = hdr;
			if (!evalpred(fn, br, br->guard, t, &p, 0, &h) || h != hdr)
				break;
			/* the taken target is succ[0]: reached where the guard holds */
			if (p != in0)
				live[t] = 0;
		}
	}
}

/* A shared access worth looking at: its address operand, or NULL. */
static Opnd *
access(Ins *in, int store)
{
	if ((in->space != SP_SHARED && in->space != SP_NONE && in->space != SP_GENERIC) ||
	    ir_hasmod(in, MOD_VOLATILE) || in->guard)
		return NULL;
	if (store ? in->op != OP_ST : in->op != OP_LD)
		return NULL;
	Opnd *a = &in->opnd[store ? 0 : 1];
	return in->nopnd >= 2 && a->kind == OK_ADDR && !a->addrlist ? a : NULL;
}

/* Whether in orders the threads' memory, as far as this check goes. */
static int
syncs(const Ins *in)
{
	unsigned fl = ir_opinfo[in->op].flags;

	if ((in->op >= OP_BAR_SYNC && in->op <= OP_BARRIER_CLUSTER_WAIT) || in->op == OP_CALL ||
	    in->op == OP_MBARRIER_TEST_WAIT || in->op == OP_MBARRIER_TRY_WAIT || (fl & OF_ATOM) ||
	    in->op == OP_MEMBAR || in->op == OP_FENCE)
		return 1;
	if (in->op == OP_LD && (ir_hasmod(in, MOD_VOLATILE) || ir_hasmod(in, MOD_ACQUIRE)))
		return 1;
	return 0;
}

typedef struct {
	Ins *in;
	int idx;            /* fn->ins index */
	Sym *sym;
	int64_t *addr;      /* per %tid.x, from the variable */
	unsigned char *live;    /* per %tid.x: may execute it */
	int hdr;            /* the loop whose first iteration addr is of, -1 */
} Acc;

/* The addresses of a for every thread, into x->addr; 0 when one is not
 * known or the access is not into one shared variable. */
static int
addrs(Func *fn, Acc *x, const Opnd *a, int n)
{
	x->sym = NULL;
	x->hdr = -1;
	for (int t = 0; t < n; t++) {
		int64_t v = 0;
		if (a->base && !eval(fn, x->in, a->base, t, &x->sym, &v, 0, &x->hdr))
			return 0;
		x->addr[t] = (int64_t)((uint64_t)v + (uint64_t)a->imm);
	}
	return x->sym != NULL;
}

/* The slot of address a in the open-addressed table (slot, owner) of cap
 * entries, a power of two: where it is, or the free one it would take. */
static uint64_t
probe(const int64_t *slot, const int *owner, int cap, int64_t a)
{
	uint64_t h = (uint64_t)a * 0x9e3779b97f4a7c15u >> 53;

	while (owner[h] >= 0 && slot[h] != a)
		h = (h + 1) & (uint64_t)(cap - 1);
	return h;
}

/* Whether thread t's load address la[t] is thread t2's store address for
 * some t2 != t: its t2 in *who, by a table of the store's addresses. */
static int
cross(const Acc *s, const Acc *l, int n, int64_t *slot, int *owner, int *tt, int *who)
{
	const int64_t *sa = s->addr, *la = l->addr;
	int cap = 2 * NTHREADS, su = 1, lu = 1;

	/* every thread storing to and loading from one element: whether they
	 * store one value is for the data to say */
	for (int t = 1; t < n; t++) {
		su &= sa[t] == sa[0];
		lu &= la[t] == la[0];
	}
	if (su && lu)
		return 0;
	/* one element that all threads load, one thread stored: a race when
	 * another thread reaches the load (not in `if (tid.x == 0) out = s[0]`,
	 * unless a condition the branches do not show keeps the others out) */
	if (lu) {
		int k = 0, w = -1, other = 0;
		for (int t = 0; t < n && k < 2; t++)
			if (s->live[t] && sa[t] == la[0])
				k++, w = t;
		for (int t = 0; t < n && k == 1 && !other; t++)
			other = l->live[t] && t != w;
		if (k == 1 && !other)
			return 0;
	}

	for (int k = 0; k < cap; k++)
		owner[k] = -1;
	for (int t = 0; t < n; t++) {
		if (!s->live[t])
			continue;
		uint64_t h = probe(slot, owner, cap, sa[t]);
		if (owner[h] < 0) {
			owner[h] = t;
			slot[h] = sa[t];
		} else if (owner[h] != t) {
			owner[h] = NTHREADS;   /* several threads store there */
		}
	}
	for (int t = 0; t < n; t++) {
		if (!l->live[t])
			continue;
		uint64_t h = probe(slot, owner, cap, la[t]);
		if (owner[h] >= 0 && owner[h] != t) {
			*tt = t;
			*who = owner[h] == NTHREADS ? -1 : owner[h];
			return 1;
		}
	}
	return 0;
}

static void
race(Verify *v, Func *fn)
{
	int nst = 0, nld = 0, n = NTHREADS;
	Acc *st = NULL, *ld = NULL;
	int64_t *mem = NULL, *slot = NULL;
	int *owner = NULL, *work = NULL;
	unsigned char *seen = NULL, *lives = NULL;

	if (fn->nreqntid >= 1 && fn->reqntid[0] > 0 && fn->reqntid[0] < n)
		n = (int)fn->reqntid[0];
	else if (fn->nmaxntid >= 1 && fn->maxntid[0] > 0 && fn->maxntid[0] < n)
		n = (int)fn->maxntid[0];
	/* the accesses whose address for thread 0 is known and shared (generic
	 * ones at -G included) */
	for (int i = 0; i < fn->nins; i++) {
		Ins *in = fn->ins[i];
		Opnd *a = access(in, 1);
		int isst = a != NULL;
		Sym *sym = NULL;
		int64_t x;
		int h = -1;
		if (!a && !(a = access(in, 0)))
			continue;
		if (!a->base || !eval(fn, in, a->base, 0, &sym, &x, 0, &h) || !sym)
			continue;
		nst += isst;
		nld += !isst;
	}
	if (nst == 0 || nld == 0 || nst + nld > RACEMAX)
		return;
	st = calloc((size_t)nst, sizeof *st);
	ld = calloc((size_t)nld, sizeof *ld);
	mem = malloc((size_t)(nst + nld) * (size_t)n * sizeof *mem);
	lives = malloc((size_t)(nst + nld) * (size_t)n);
	slot = malloc(2 * (size_t)NTHREADS * sizeof *slot);
	owner = malloc(2 * (size_t)NTHREADS * sizeof *owner);
	work = malloc(((size_t)fn->nblk + 1) * sizeof *work);
	seen = malloc((size_t)fn->nblk + 1);
	if (!st || !ld || !mem || !lives || !slot || !owner || !work || !seen)
		goto out;
	int ns = 0, nl = 0;
	for (int i = 0; i < fn->nins; i++) {
		Ins *in = fn->ins[i];
		Opnd *a;
		Acc *x;
		if (in->blk < 0 || fn->blk[in->blk].rpo < 0)
			continue;
		if ((a = access(in, 1)))
			x = &st[ns];
		else if ((a = access(in, 0)))
			x = &ld[nl];
		else
			continue;
		Sym *sym = NULL;
		int64_t t0;
		int h = -1;
		if (!a->base || !eval(fn, in, a->base, 0, &sym, &t0, 0, &h) || !sym)
			continue;
		if ((x == &st[ns] && ns >= nst) || (x == &ld[nl] && nl >= nld))
			continue;
		x->in = in;
		x->idx = i;
		x->addr = mem + (size_t)(ns + nl) * (size_t)n;
		x->live = lives + (size_t)(ns + nl) * (size_t)n;
		/* a store with a counter in its address, a load with one
		 * outside that loop: left alone (see entryarg) */
		if (addrs(fn, x, a, n) && (x->hdr < 0 || (x == &ld[nl] && inloop(fn, x->hdr, in->blk, work, seen)))) {
			reachers(fn, in->blk, x->live, n, x->hdr);
			if (x == &st[ns])
				ns++;
			else
				nl++;
		}
	}
	for (int s = 0; s < ns; s++) {
		/* the loads a path from the store reaches with no synchronizing
		 * instruction on it: the rest of its block, then whole blocks
		 * entered with no sync met */
		Ins *si = st[s].in;
		int top = 0, done = 0;
		memset(seen, 0, (size_t)fn->nblk);
		Blk *b0 = &fn->blk[si->blk];
		int i = st[s].idx + 1;
		for (; i < b0->i1 && !syncs(fn->ins[i]); i++)
			;
		if (i == b0->i1)
			for (int k = 0; k < b0->nsucc; k++)
				if (!seen[b0->succ[k]]) {
					seen[b0->succ[k]] = 1;
					work[top++] = b0->succ[k];
				}
		while (top > 0) {
			Blk *b = &fn->blk[work[--top]];
			int j = b->i0;
			for (; j < b->i1 && !syncs(fn->ins[j]); j++)
				;
			if (j < b->i1)
				continue;
			for (int k = 0; k < b->nsucc; k++)
				if (!seen[b->succ[k]]) {
					seen[b->succ[k]] = 1;
					work[top++] = b->succ[k];
				}
		}
		for (int l = 0; l < nl && !done; l++) {
			Ins *li = ld[l].in;
			int ok = 0, t, who;
			if (ld[l].sym != st[s].sym)
				continue;
			if (ld[l].hdr >= 0 && fn->blk[si->blk].dpre >= fn->blk[ld[l].hdr].dpre &&
			    fn->blk[si->blk].dpre <= fn->blk[ld[l].hdr].dlast)
				continue;
			if (li->blk == si->blk && ld[l].idx > st[s].idx) {
				ok = 1;
				for (int j = st[s].idx + 1; j < ld[l].idx && ok; j++)
					ok = !syncs(fn->ins[j]);
			}
			if (!ok && seen[li->blk]) {
				ok = 1;
				for (int j = fn->blk[li->blk].i0; j < ld[l].idx && ok; j++)
					ok = !syncs(fn->ins[j]);
			}
			if (!ok || !cross(&st[s], &ld[l], n, slot, owner, &t, &who))
				continue;
			Opnd *a = &li->opnd[1];
			if (who >= 0)
				verify_report(v, VC_SHRACE, a->loc,
				    "load of shared '%s' reads what another thread stored at line %d (thread %d reads "
				    "thread %d's element) with no barrier between", st[s].sym->name, si->loc.line, t, who);
			else
				verify_report(v, VC_SHRACE, a->loc,
				    "load of shared '%s' reads what other threads stored at line %d (thread %d's "
				    "element) with no barrier between", st[s].sym->name, si->loc.line, t);
			done = 1;
		}
	}
out:
	free(st);
	free(ld);
	free(mem);
	free(lives);
	free(slot);
	free(owner);
	free(work);
	free(seen);
}

void
verify_race(Verify *v)
{
	for (int f = 0; f < v->m->nfn; f++) {
		Func *fn = v->m->fn[f];
		if (fn->entry && fn->hasbody && fn->built && fn->blk)
			race(v, fn);
	}
}

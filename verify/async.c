/*
 * async.c — asynchronous-copy, mbarrier, wgmma and proxy-fence protocols.
 *
 * These instructions hand work to hardware that runs beside the thread, and
 * the program must wait for it before touching what it touches.  ptxas
 * checks none of it (for wgmma it silently inserts the missing fences and
 * waits, infos C7517/C7519); the hardware reads stale or partial data.
 *
 * Four forward "may" dataflows over the CFG, each a set of facts that some
 * path from the entry can bring to a point:
 *
 *  - cp.async copies still pending, each with its group's age: 0 while
 *    not yet committed, then 1 for the newest committed group, 2 for the
 *    one before, and so on (ages from AGES up are counted as AGES).
 *    cp.async.commit_group ages every copy by one; cp.async.wait_group N
 *    completes the groups older than the newest N, and leaves uncommitted
 *    copies alone, which belong to no group yet; wait_all (a commit and a
 *    wait_group 0), mbarrier waits (cp.async.mbarrier.arrive completion)
 *    and calls complete everything.  An ld of bytes a copy may still be
 *    writing is reported: both addresses must be the same variable, or the
 *    same base register value, plus constants, since pipelined kernels read
 *    one stage of a buffer while the copy into the next is in flight.  A
 *    new definition of a base value forgets the copies keyed on the old one
 *    (the loop that recomputes a stage address names a different stage);
 *  - mbarrier objects initialised: mbarrier.init of an exact address
 *    (variable + constant) sets its fact; an init through an unknown address
 *    or a call sets every fact.  In a kernel, and in a function that
 *    initialises mbarriers itself, an operation on an exact address that no
 *    path has initialised is reported (a .func with no init may rely on its
 *    caller's; a kernel has no caller, and its shared memory starts
 *    uninitialised in every CTA);
 *  - wgmma accumulators in flight (set by wgmma.mma_async, cleared by
 *    wgmma.wait_group and calls) and accumulators written by other
 *    instructions since the last wgmma.fence.  A non-wgmma instruction
 *    touching an in-flight register, and a wgmma.mma_async whose
 *    accumulators may be dirty, are reported;
 *  - shared memory written through the generic proxy (st.shared), cleared
 *    by fence.proxy.async and calls; a bulk copy or TMA store that reads the
 *    same shared variable is reported.
 *
 * Addresses are compared with align.c's facts, so only provably the same
 * object raises a finding.
 */
#include <stdlib.h>
#include <string.h>
#include "verify.h"

enum { NKEY = 64, AGES = 8 };

/* An object an address names: a variable (val -1) or an SSA base value. */
typedef struct {
	Sym *sym;
	int64_t off;
	int val;
} Key;

typedef struct {
	Verify *v;
	Func *fn;
	AddrVal *av;
	Key key[NKEY];
	int64_t size[NKEY]; /* cp.async: bytes copied at each key */
	int nkey;
	int w;              /* words per set */
	int report;         /* the final pass: report instead of solving */
	Ins *last;          /* the instruction reported last (one report each) */
	uint64_t skip;      /* mbarrier: keys another analysis reports */
	uint64_t inited;    /* mbarrier: keys some mbarrier.init of the kernel names */
	uint64_t *rgen;     /* mbarrier: per block, what its thread-dependent branch's region inits */
	Ins *first;         /* the entry block's first instruction */
	int *acc;           /* wgmma: per register its bit, -1 when no wgmma.mma_async
	                     * accumulates into it (such a register is never in flight,
	                     * and whether it was written is never asked) */
} Ctx;

static int
keyid(Ctx *c, Key k, int add)
{
	for (int i = 0; i < c->nkey; i++)
		if (c->key[i].sym == k.sym && c->key[i].off == k.off && c->key[i].val == k.val)
			return i;
	if (!add || c->nkey == NKEY)
		return -1;
	c->key[c->nkey] = k;
	return c->nkey++;
}

/* The variable (or base value) a memory operand points into; 0 when unknown. */
static int
objkey(Ctx *c, Ins *in, Opnd *o, Key *k)
{
	AddrVal a;

	if (o->kind != OK_ADDR || !o->base || o->addrlist)
		return 0;
	a = verify_addrof(c->av, c->fn, in, o);
	if (!a.top && a.obj) {
		*k = (Key){ a.obj, 0, -1 };
		return 1;
	}
	if (o->base->kind == OK_REG && o->base->sym && o->base->sym->kind == SYM_REG) {
		int val = verify_useof(in, o->base);
		if (val >= 0 && !verify_isentry(c->fn, val)) {
			*k = (Key){ NULL, 0, val };
			return 1;
		}
	}
	return 0;
}

/* The exact variable + offset a memory operand names; 0 when not provable. */
static int
exactkey(Ctx *c, Ins *in, Opnd *o, Key *k)
{
	AddrVal a;

	if (o->kind != OK_ADDR || !o->base || o->addrlist)
		return 0;
	a = verify_addrof(c->av, c->fn, in, o);
	if (a.top || !a.exact || !a.sym)
		return 0;
	*k = (Key){ a.sym, a.off, -1 };
	return 1;
}

static Opnd *
addropnd(Ins *in, int nth)
{
	for (int k = 0; k < in->nopnd; k++)
		if (in->opnd[k].kind == OK_ADDR && nth-- == 0)
			return &in->opnd[k];
	return NULL;
}

static void
clearall(uint64_t *s, int w)
{
	memset(s, 0, (size_t)w * sizeof *s);
}

/*
 * The solver shared by the four analyses: in[b] is the union of the
 * predecessors' out sets, step applies one instruction.  Once the sets
 * settle, one more walk calls step with c->report set.
 */
typedef void Step(Ctx *c, Ins *in, uint64_t *set);

static void
solve(Ctx *c, Step *step)
{
	Func *fn = c->fn;
	size_t w = (size_t)c->w;
	uint64_t *out = calloc((size_t)fn->nblk * w + w, sizeof *out);
	uint64_t *cur = out + (size_t)fn->nblk * w;
	int changed = 1;

	if (!out)
		return;
	for (int pass = 0; pass < 2; pass++) {
		c->report = pass;
		for (int iter = 0; pass == 1 || (changed && iter < 1000); iter++) {
			changed = 0;
			for (int r = 0; r < fn->nrpo; r++) {
				Blk *b = &fn->blk[fn->rpo[r]];
				clearall(cur, c->w);
				for (int p = 0; p < b->npred; p++)
					if (fn->blk[b->pred[p]].rpo >= 0)
						for (size_t k = 0; k < w; k++)
							cur[k] |= out[(size_t)b->pred[p] * w + k];
				for (int i = b->i0; i < b->i1; i++)
					step(c, fn->ins[i], cur);
				if (memcmp(cur, out + (size_t)b->id * w, w * sizeof *cur)) {
					memcpy(out + (size_t)b->id * w, cur, w * sizeof *cur);
					changed = 1;
				}
			}
			if (pass == 1)
				break;
		}
		if (changed)
			break;  /* did not settle: say nothing */
	}
	free(out);
}

/* A call that may do anything to the protocols' state: any call but one
 * of -G's address conversions, which touch no memory. */
static int
iscall(const Ins *in)
{
	return (ir_opinfo[in->op].flags & OF_CALL) != 0 && !verify_cvtashared(verify_callee(in));
}

/* ---------------------------------------------------------------- cp.async before its wait */

/* The bytes [off, off+size) of a variable or of an SSA base value that a
 * memory operand names; 0 when not provable. */
static int
rangekey(Ctx *c, Ins *in, Opnd *o, Key *k)
{
	if (exactkey(c, in, o, k))
		return 1;
	if (o->kind == OK_ADDR && o->base && o->base->kind == OK_REG && o->base->sym &&
	    o->base->sym->kind == SYM_REG) {
		int val = verify_useof(in, o->base);
		if (val >= 0 && !verify_isentry(c->fn, val)) {
			*k = (Key){ NULL, o->imm + o->base->imm, val };
			return 1;
		}
	}
	return 0;
}

/* A new instance of base value val: the copies keyed on the old one are out of reach. */
static void
forget(Ctx *c, int val, uint64_t *set)
{
	for (int id = 0; id < c->nkey; id++)
		if (c->key[id].val == val)
			for (int a = 0; a <= AGES; a++)
				set[a] &= ~((uint64_t)1 << id);
}

/* set[a], a = 0 .. AGES: the keys with a copy whose group has age a. */
static void
cpasync(Ctx *c, Ins *in, uint64_t *set)
{
	Key k;
	Opnd *o;
	int id;
	int64_t n;
	uint64_t any = 0;

	for (int d = 0; d < in->ndef; d++)
		forget(c, in->def[d], set);
	if (in->blk >= 0 && c->fn->ins[c->fn->blk[in->blk].i0] == in)
		for (int p = 0; p < c->fn->blk[in->blk].nphi; p++)
			forget(c, c->fn->blk[in->blk].phi[p].def, set);
	switch (in->op) {
	case OP_CP_ASYNC:
		if ((o = addropnd(in, 0)) && rangekey(c, in, o, &k) && in->nopnd >= 3 &&
		    in->opnd[2].kind == OK_IMM && (id = keyid(c, k, 1)) >= 0) {
			if (in->opnd[2].imm > c->size[id])
				c->size[id] = in->opnd[2].imm;
			set[0] |= (uint64_t)1 << id;
		}
		return;
	case OP_CP_ASYNC_COMMIT_GROUP:
		set[AGES] |= set[AGES - 1];
		for (int a = AGES - 1; a > 0; a--)
			set[a] = set[a - 1];
		set[0] = 0;
		return;
	case OP_CP_ASYNC_WAIT_GROUP:
		/* an immediate the opcode table requires; an odd one completes nothing */
		if (in->nopnd < 1 || in->opnd[0].kind != OK_IMM || in->opnd[0].imm < 0)
			return;
		for (int a = (int)(in->opnd[0].imm < AGES ? in->opnd[0].imm : AGES) + 1; a <= AGES; a++)
			set[a] = 0;
		return;
	case OP_CP_ASYNC_WAIT_ALL:
	case OP_MBARRIER_TEST_WAIT: case OP_MBARRIER_TRY_WAIT:
		clearall(set, c->w);
		return;
	case OP_LD:
		for (int a = 0; a <= AGES; a++)
			any |= set[a];
		if (!c->report || !any || in->nopnd < 2 || (in->space != SP_SHARED && in->space != SP_NONE) ||
		    !rangekey(c, in, &in->opnd[1], &k))
			return;
		n = (int64_t)(verify_bits(in->ty[0]) / 8) * (in->vec > 0 ? in->vec : 1);
		for (id = 0; id < c->nkey; id++) {
			Key *p = &c->key[id];
			int a = 0;
			if (!(any >> id & 1) || p->sym != k.sym || p->val != k.val)
				continue;
			if (k.off < p->off + c->size[id] && p->off < k.off + n) {
				while (!(set[a] >> id & 1))
					a++;
				if (a == 0)
					verify_report(c->v, VC_ASYNC, in->opnd[1].loc,
					    "'%s' of bytes a cp.async may still be writing: the copy is not committed "
					    "(cp.async.commit_group) and waited for on some path", ir_opinfo[in->op].name);
				else
					verify_report(c->v, VC_ASYNC, in->opnd[1].loc,
					    "'%s' of bytes a cp.async may still be writing: on some path its group is "
					    "still pending here (a cp.async.wait_group of at most %d, or wait_all, completes it)",
					    ir_opinfo[in->op].name, a - 1);
				return;
			}
		}
		return;
	}
	if (iscall(in))
		clearall(set, c->w);
}

/* ---------------------------------------------------------------- mbarrier before its init */

static int
ismbar(const Ins *in)
{
	switch (in->op) {
	case OP_MBARRIER_ARRIVE: case OP_MBARRIER_ARRIVE_DROP: case OP_MBARRIER_TEST_WAIT:
	case OP_MBARRIER_TRY_WAIT: case OP_MBARRIER_EXPECT_TX: case OP_MBARRIER_COMPLETE_TX:
	case OP_CP_ASYNC_MBARRIER_ARRIVE:
		return 1;
	}
	return 0;
}

/* The mbarrier operand of in, or NULL. */
static Opnd *
mbaropnd(Ins *in)
{
	if (ismbar(in) || in->op == OP_MBARRIER_INIT)
		return addropnd(in, 0);
	switch (in->op) {
	case OP_CP_ASYNC_BULK: case OP_CP_ASYNC_BULK_TENSOR:
	case OP_CP_REDUCE_ASYNC_BULK: case OP_CP_REDUCE_ASYNC_BULK_TENSOR:
		if (ir_hasmod(in, MOD_MBAR_COMPLETE_TX))
			return addropnd(in, 2);
	}
	return NULL;
}

static void
mbarrier(Ctx *c, Ins *in, uint64_t *set)
{
	Opnd *o = mbaropnd(in);
	Key k;
	int id;

	if (iscall(in)) {
		set[0] = ~(uint64_t)0;
		return;
	}
	if (!o)
		return;
	if (in->op == OP_MBARRIER_INIT) {
		if (exactkey(c, in, o, &k) && (id = keyid(c, k, 1)) >= 0)
			set[0] |= (uint64_t)1 << id;
		else
			set[0] = ~(uint64_t)0;
		return;
	}
	if (c->report && exactkey(c, in, o, &k) && (id = keyid(c, k, 0)) >= 0 && !(set[0] >> id & 1) &&
	    !(c->skip >> id & 1))
		verify_report(c->v, VC_ASYNC, o->loc,
		    "'%s' on the mbarrier at '%s+%lld', which no path from the entry of '%s' initialises "
		    "with mbarrier.init first", ir_opinfo[in->op].name, k.sym->name, (long long)k.off, c->fn->name);
}

/*
 * In a kernel, an mbarrier that some path from the entry reaches without
 * its init, the CTA's threads taking each branch together: a branch on the
 * thread's index (`if (tid.x == 0) init`, elect.sync) is the way one thread
 * initializes for all, and counts as initializing on both sides what its
 * region initializes; a branch on anything else (`if (flag && tid.x == 0)`)
 * is taken by whole CTAs, and the CTAs that skip the init use an
 * uninitialized mbarrier.  Sets are of the keys that may be uninitialized.
 */

/* What o (of in) is computed from: 1 the thread's index or lane and
 * constants alone (elect.sync's choice included), 0 constants alone, -1
 * anything else too (a parameter, loaded data, the CTA's index). */
static int tidonly(Func *fn, Ins *in, const Opnd *o, int depth);

/* tidonly() of the predicate of the conditional branch ending block b; 0
 * when it ends otherwise. */
static int
brtid(Func *fn, int b, int depth)
{
	Blk *k = &fn->blk[b];
	Ins *br = k->i1 > k->i0 ? fn->ins[k->i1 - 1] : NULL;

	if (!br || k->nsucc < 2)
		return 0;
	if (br->op != OP_BRA || !br->guard)
		return -1;
	return tidonly(fn, br, br->guard, depth + 1);
}

static int
tidonly(Func *fn, Ins *in, const Opnd *o, int depth)
{
	int val, r = 0, x;

	if (depth > 12)
		return -1;
	switch (o->kind) {
	case OK_IMM: case OK_FIMM:
		return 0;
	case OK_NOT: case OK_VEC: case OK_PAIR:
		for (int k = 0; k < o->nsub; k++) {
			if ((x = tidonly(fn, in, &o->sub[k], depth)) < 0)
				return -1;
			r |= x;
		}
		return r;
	case OK_REG:
		break;
	default:
		return -1;
	}
	if (!o->sym)
		return -1;
	if (o->sym->kind == SYM_SREG) {
		if (!strcmp(o->sym->name, "%tid") || !strcmp(o->sym->name, "%laneid") ||
		    !strcmp(o->sym->name, "%warpid") || !strncmp(o->sym->name, "%lanemask", 9))
			return 1;
		return !strcmp(o->sym->name, "%ntid") ? 0 : -1;
	}
	if ((val = verify_useof(in, o)) < 0 || val >= fn->nval || verify_isentry(fn, val))
		return -1;
	Val *v = &fn->val[val];
	if (v->ins < 0) {
		if (v->phi < 0)
			return -1;
		Blk *j = &fn->blk[v->blk];
		Phi *ph = &j->phi[v->phi];
		/* which argument arrives is the choice of the branches
		 * between the merge's dominator and it (nvcc -G computes
		 * `flag && tid.x == 0` so: a phi of false and the test) */
		for (int k = 0; k < j->npred; k++)
			for (int x = j->pred[k], steps = 0; x >= 0; x = fn->blk[x].idom) {
				if (++steps > 16 || brtid(fn, x, depth) < 0)
					return -1;
				if (x == j->idom)
					break;
			}
		for (int k = 0; k < ph->narg; k++) {
			Val *y = ph->arg[k] >= 0 ? &fn->val[ph->arg[k]] : NULL;
			Ins *d = y && y->ins >= 0 ? fn->ins[y->ins] : NULL;
			if (!d || d->op != OP_MOV || d->nopnd != 2 || (x = tidonly(fn, d, &d->opnd[1], depth + 1)) < 0)
				return -1;
			r |= x;
		}
		return r;
	}
	Ins *d = fn->ins[v->ins];
	if (d->op == OP_ELECT_SYNC)
		return 1;
	if (ir_opinfo[d->op].flags & (OF_LOAD | OF_ATOM | OF_CALL | OF_TEX) || d->op == OP_LD)
		return -1;
	for (int k = d->ndst; k < d->nopnd; k++) {
		if ((x = tidonly(fn, d, &d->opnd[k], depth + 1)) < 0)
			return -1;
		r |= x;
	}
	return r;
}

static void
mbaruninit(Ctx *c, Ins *in, uint64_t *set)
{
	Opnd *o = mbaropnd(in);
	Key k;
	int id;

	if (in == c->first)
		set[0] = c->inited;
	if (iscall(in)) {
		set[0] = 0;
	} else if (o && in->op == OP_MBARRIER_INIT) {
		if (exactkey(c, in, o, &k) && (id = keyid(c, k, 0)) >= 0)
			set[0] &= ~((uint64_t)1 << id);
		else
			set[0] = 0;
	} else if (o && c->report && exactkey(c, in, o, &k) && (id = keyid(c, k, 0)) >= 0 && (set[0] >> id & 1))
		verify_report(c->v, VC_ASYNC, o->loc,
		    "'%s' on the mbarrier at '%s+%lld', which a path from the entry of '%s' reaches without "
		    "its mbarrier.init: CTAs that take it use it uninitialized", ir_opinfo[in->op].name,
		    k.sym->name, (long long)k.off, c->fn->name);
	if (in->blk >= 0 && c->fn->blk[in->blk].i1 > 0 && c->fn->ins[c->fn->blk[in->blk].i1 - 1] == in)
		set[0] &= ~c->rgen[in->blk];
}

/* What the mbarrier.inits of block b name: their bits, all for an unknown
 * address or a call. */
static uint64_t
initsof(Ctx *c, Blk *b)
{
	uint64_t g = 0;
	Key k;
	int id;

	for (int i = b->i0; i < b->i1; i++) {
		Ins *in = c->fn->ins[i];
		Opnd *o = mbaropnd(in);
		if (iscall(in) || (o && in->op == OP_MBARRIER_INIT && !(exactkey(c, in, o, &k) &&
		    (id = keyid(c, k, 0)) >= 0)))
			return ~(uint64_t)0;
		if (o && in->op == OP_MBARRIER_INIT)
			g |= (uint64_t)1 << id;
	}
	return g;
}

static void
mbarmust(Ctx *c)
{
	Func *fn = c->fn;
	uint64_t *gen = calloc((size_t)fn->nblk + 1, sizeof *gen);
	int *work = malloc(((size_t)fn->nblk + 1) * sizeof *work);
	unsigned char *seen = malloc((size_t)fn->nblk + 1);
	long long budget = 4000000;

	c->rgen = calloc((size_t)fn->nblk + 1, sizeof *c->rgen);
	if (!gen || !work || !seen || !c->rgen || fn->nrpo == 0)
		goto out;
	for (int b = 0; b < fn->nblk; b++)
		if (fn->blk[b].rpo >= 0)
			c->inited |= gen[b] = initsof(c, &fn->blk[b]);
	if (!c->inited)
		goto out;
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bb = &fn->blk[b];
		Ins *br = bb->i1 > bb->i0 ? fn->ins[bb->i1 - 1] : NULL;
		int top = 0;
		if (bb->rpo < 0 || !br || br->op != OP_BRA || !br->guard || bb->nsucc < 2 ||
		    tidonly(fn, br, br->guard, 0) != 1)
			continue;
		if ((budget -= fn->nblk) < 0)
			goto out;
		memset(seen, 0, (size_t)fn->nblk);
		for (int k = 0; k < bb->nsucc; k++)
			if (bb->succ[k] != bb->ipdom && !seen[bb->succ[k]])
				seen[work[top++] = bb->succ[k]] = 1;
		while (top > 0) {
			Blk *x = &fn->blk[work[--top]];
			c->rgen[b] |= gen[x->id];
			for (int k = 0; k < x->nsucc; k++)
				if (x->succ[k] != bb->ipdom && !seen[x->succ[k]])
					seen[work[top++] = x->succ[k]] = 1;
		}
	}
	Blk *e = &fn->blk[fn->rpo[0]];
	if (e->i1 <= e->i0)
		goto out;
	c->first = fn->ins[e->i0];
	solve(c, mbaruninit);
	c->skip = c->inited;
out:
	free(gen);
	free(work);
	free(seen);
	free(c->rgen);
	c->rgen = NULL;
	c->first = NULL;
}

/* Collects every mbarrier.init key first, so that uses have a slot to test. */
static void
mbarkeys(Ctx *c)
{
	Key k;

	for (int i = 0; i < c->fn->nins; i++) {
		Ins *in = c->fn->ins[i];
		Opnd *o = mbaropnd(in);
		if (o && exactkey(c, in, o, &k))
			keyid(c, k, 1);
	}
}

/* ---------------------------------------------------------------- wgmma accumulators */

/* Calls f on every register under o; dst says whether it is written. */
static void
regs(Ctx *c, Ins *in, Opnd *o, int dst, uint64_t *set,
    void (*f)(Ctx *, Ins *, Opnd *, int, uint64_t *))
{
	switch (o->kind) {
	case OK_REG:
		if (o->sym && o->sym->kind == SYM_REG && o->sym->id >= 0 && o->sym->id < c->fn->nregs)
			f(c, in, o, dst, set);
		return;
	case OK_ADDR:
		if (o->base)
			regs(c, in, o->base, 0, set, f);
		dst = 0;
		/* fall through */
	case OK_VEC: case OK_LIST: case OK_PAIR: case OK_NOT:
		for (int k = 0; k < o->nsub; k++)
			regs(c, in, &o->sub[k], dst, set, f);
		return;
	}
}

static void
eachreg(Ctx *c, Ins *in, uint64_t *set, void (*f)(Ctx *, Ins *, Opnd *, int, uint64_t *))
{
	if (in->guard)
		regs(c, in, in->guard, 0, set, f);
	for (int k = 0; k < in->nopnd; k++)
		regs(c, in, &in->opnd[k], k < in->ndst || in->opnd[k].isdst, set, f);
}

/* set[0..w/2): accumulators in flight; set[w/2..w): written since wgmma.fence */
static void
touch(Ctx *c, Ins *in, Opnd *o, int dst, uint64_t *set)
{
	int r = c->acc[o->sym->id], h = c->w / 2;

	if (r < 0)
		return;
	if (c->report && (set[r / 64] >> (r % 64) & 1) && c->last != in) {
		c->last = in;
		verify_report(c->v, VC_ASYNC, o->loc,
		    "'%s' %s wgmma accumulator '%s' before the wgmma.wait_group that retires the "
		    "wgmma.mma_async writing it", ir_opinfo[in->op].name, dst ? "writes" : "reads", o->sym->name);
		set[r / 64] &= ~((uint64_t)1 << (r % 64));      /* once per accumulator and path */
	}
	if (dst)
		set[h + r / 64] |= (uint64_t)1 << (r % 64);
}

static void
accum(Ctx *c, Ins *in, Opnd *o, int dst, uint64_t *set)
{
	int r = c->acc[o->sym->id], h = c->w / 2;

	(void)in, (void)dst;
	if (c->report && (set[h + r / 64] >> (r % 64) & 1)) {
		verify_report(c->v, VC_ASYNC, o->loc,
		    "wgmma.mma_async accumulator '%s' was written by another instruction with no "
		    "wgmma.fence since", o->sym->name);
		for (int k = h; k < c->w; k++)
			set[k] = 0;                             /* one report per wgmma */
	}
	set[r / 64] |= (uint64_t)1 << (r % 64);
}

/* Gives accumulator o its bit (c->w counts them while async() sets up). */
static void
numberacc(Ctx *c, Ins *in, Opnd *o, int dst, uint64_t *set)
{
	(void)in, (void)dst, (void)set;
	if (c->acc[o->sym->id] < 0)
		c->acc[o->sym->id] = c->w++;
}

static void
wgmma(Ctx *c, Ins *in, uint64_t *set)
{
	int h = c->w / 2;

	switch (in->op) {
	case OP_WGMMA_MMA_ASYNC: case OP_WGMMA_MMA_ASYNC_SP:
		if (in->nopnd > 0 && in->opnd[0].kind == OK_VEC)
			regs(c, in, &in->opnd[0], 1, set, accum);
		return;
	case OP_WGMMA_FENCE:
		for (int k = h; k < c->w; k++)
			set[k] = 0;
		return;
	case OP_WGMMA_WAIT_GROUP:
		for (int k = 0; k < h; k++)
			set[k] = 0;
		return;
	case OP_WGMMA_COMMIT_GROUP:
		return;
	}
	if (iscall(in))
		for (int k = 0; k < h; k++)
			set[k] = 0;
	eachreg(c, in, set, touch);
}

/* ---------------------------------------------------------------- generic-proxy writes before bulk reads */

/* The space modifiers of in, in written order: returns the n-th, or 0. */
static int
nthspace(const Ins *in, int n)
{
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] >= NTY && in->mod[i] < NMOD && ir_modinfo[in->mod[i]].cls == MC_SPACE && n-- == 0)
			return in->mod[i];
	return 0;
}

static void
proxy(Ctx *c, Ins *in, uint64_t *set)
{
	Key k;
	int id, sp;

	switch (in->op) {
	case OP_ST:
		if (in->nopnd >= 1 && objkey(c, in, &in->opnd[0], &k) &&
		    (in->space == SP_SHARED || (in->space == SP_NONE && k.sym && k.sym->space == SP_SHARED)) &&
		    (id = keyid(c, k, 1)) >= 0)
			set[0] |= (uint64_t)1 << id;
		return;
	case OP_FENCE_PROXY_ASYNC: case OP_FENCE_PROXY_ASYNC_GENERIC:
		set[0] = 0;
		return;
	case OP_FENCE_PROXY:
		if (ir_hasmod(in, MOD_ASYNC))
			set[0] = 0;
		return;
	case OP_CP_ASYNC_BULK: case OP_CP_ASYNC_BULK_TENSOR:
	case OP_CP_REDUCE_ASYNC_BULK: case OP_CP_REDUCE_ASYNC_BULK_TENSOR:
		sp = nthspace(in, 1);
		if (!c->report || !set[0] || (sp != MOD_SHARED && sp != MOD_SHARED_CTA) || in->nopnd < 2 ||
		    !objkey(c, in, &in->opnd[1], &k))
			return;
		if ((id = keyid(c, k, 0)) >= 0 && (set[0] >> id & 1))
			verify_report(c->v, VC_ASYNC, in->opnd[1].loc,
			    "'%s' reads shared memory that st.shared wrote through the generic proxy, with no "
			    "fence.proxy.async between them on some path", ir_opinfo[in->op].name);
		return;
	}
	if (iscall(in))
		set[0] = 0;
}

static void
async(Verify *v, Func *fn)
{
	Ctx c = { .v = v, .fn = fn, .w = 1 };
	int has[4] = { 0 }, hasinit = 0;

	for (int i = 0; i < fn->nins; i++) {
		int op = fn->ins[i]->op;
		has[0] |= op == OP_CP_ASYNC;
		hasinit |= op == OP_MBARRIER_INIT;
		has[1] |= ismbar(fn->ins[i]) || mbaropnd(fn->ins[i]) != NULL;
		has[2] |= op == OP_WGMMA_MMA_ASYNC || op == OP_WGMMA_MMA_ASYNC_SP;
		has[3] |= op == OP_CP_ASYNC_BULK || op == OP_CP_ASYNC_BULK_TENSOR ||
		    op == OP_CP_REDUCE_ASYNC_BULK || op == OP_CP_REDUCE_ASYNC_BULK_TENSOR;
	}
	if (!has[0] && !has[1] && !has[2] && !has[3])
		return;
	if (!(c.av = verify_addrvals(fn)))
		return;
	if (has[0]) {
		c.w = AGES + 1;
		solve(&c, cpasync);
		c.nkey = 0;
		c.w = 1;
	}
	if (has[1] && (hasinit || fn->entry)) {
		mbarkeys(&c);
		if (fn->entry && hasinit)
			mbarmust(&c);
		solve(&c, mbarrier);
		c.nkey = 0;
	}
	if (has[3]) {
		solve(&c, proxy);
		c.nkey = 0;
	}
	if (has[2] && (c.acc = malloc(((size_t)fn->nregs + 1) * sizeof *c.acc))) {
		/* one bit per accumulator register, not per register: a set per
		 * block of every register made the sets blocks x registers */
		for (int r = 0; r < fn->nregs; r++)
			c.acc[r] = -1;
		c.w = 0;        /* counts the accumulators for now */
		for (int i = 0; i < fn->nins; i++) {
			Ins *in = fn->ins[i];
			if ((in->op == OP_WGMMA_MMA_ASYNC || in->op == OP_WGMMA_MMA_ASYNC_SP) &&
			    in->nopnd > 0 && in->opnd[0].kind == OK_VEC)
				regs(&c, in, &in->opnd[0], 1, NULL, numberacc);
		}
		c.w = 2 * ((c.w + 63) / 64);
		if (c.w > 0)
			solve(&c, wgmma);
		free(c.acc);
	}
	free(c.av);
}

void
verify_async(Verify *v)
{
	for (int f = 0; f < v->m->nfn; f++) {
		Func *fn = v->m->fn[f];
		if (fn->hasbody && fn->built)
			async(v, fn);
	}
}

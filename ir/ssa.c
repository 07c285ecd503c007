/*
 * ssa.c — the SSA overlay of one body (after ir_cfg and ir_dom).
 *
 * Registers (SYM_REG operands) are renamed; special registers and memory
 * are not.  The instructions keep their operands; what this pass adds is,
 * per instruction, the values it defines (Ins.def) and uses (Ins.use), per
 * block its phis, the table of values (fn->val), and per value who reads
 * it (fn->rd, fn->phird).
 *
 * Which operands count:
 *   - an operand with isdst set is written: an OK_REG, each register of an
 *     OK_VEC or OK_LIST, both halves of an OK_PAIR; an OK_SINK writes
 *     nothing;
 *   - everything else is read, and so is any register inside an OK_ADDR
 *     (base or list) or under an OK_NOT, even within a written operand;
 *   - Ins.use lists the guard first, then the read registers in operand
 *     order; Ins.def lists the written registers in operand order;
 *   - a guarded instruction (or an OF_RDST opcode) defines a new value that
 *     merges the old one, so it also uses the previous value of each
 *     register it writes: those uses come last, one per def, in def order,
 *     i.e. use[nuse - ndef + k] is the old value under def[k].
 * All uses of an instruction read the values from before it: in
 * `add %r1, %r1, 1` the use is the previous %r1.
 *
 * A register read on some path before any definition reads its entry value:
 * version 0, defined "in the entry block" with ins = phi = -1, made only
 * for registers that are actually read that way, so that a later pass can
 * tell reads of undefined registers (or of .reg parameters).  Phi arguments
 * are -1 only for predecessors that are unreachable.
 *
 * Phi placement is pruned (Cytron et al. on iterated dominance frontiers,
 * restricted to blocks where the register is live on entry, with the
 * frontiers found on the fly; see place()): no dead phis,
 * so an entry value reaching a phi really is read.  Liveness is computed per
 * register by a backward worklist from the blocks that read it before
 * writing it, which costs the size of its live range.
 *
 * Renaming walks the dominator tree in preorder (Blk.dpre) without
 * recursion: the current value of each register is one array entry, and
 * every change is logged so that leaving a subtree undoes it.
 *
 * Versions are numbered per register in block id order (phis, then
 * instructions), so the dump reads top to bottom and does not depend on
 * register numbering.  Unreachable blocks get no SSA at all: no phis, and
 * their instructions have ndef = nuse = 0.
 */
#include <stdlib.h>
#include <string.h>
#include "ir.h"

typedef struct {
	const Func *fn;
	Ivec use, def;   /* register ids of the instruction being walked */
} Walk;

static void
reg(Walk *w, const Opnd *o, int dst)
{
	int id = o->sym->id;

	if (id < 0 || id >= w->fn->nregs || w->fn->regs[id] != o->sym) {
		fprintf(stderr, "ir_ssa: %s: register %s has id %d, not in fn->regs\n",
			w->fn->name ? w->fn->name : "?", o->sym->name ? o->sym->name : "?", id);
		abort();
	}
	ir_ipush(dst ? &w->def : &w->use, id);
}

/* Operand nesting is a couple of levels deep, so recursion is fine here. */
static void
opnd(Walk *w, const Opnd *o, int dst)
{
	dst |= o->isdst;
	switch (o->kind) {
	case OK_REG:
		if (o->sym && o->sym->kind == SYM_REG)
			reg(w, o, dst);
		break;
	case OK_VEC:
	case OK_LIST:
	case OK_PAIR:
		for (int k = 0; k < o->nsub; k++)
			opnd(w, &o->sub[k], dst);
		break;
	case OK_NOT:
		for (int k = 0; k < o->nsub; k++)
			opnd(w, &o->sub[k], 0);
		break;
	case OK_ADDR:
		if (o->base)
			opnd(w, o->base, 0);
		for (int k = 0; k < o->nsub; k++)
			opnd(w, &o->sub[k], 0);
		break;
	default:
		break;
	}
}

/* Register ids read and written by in, in Ins.use / Ins.def order. */
static void
walkins(Walk *w, const Ins *in)
{
	w->use.n = w->def.n = 0;
	if (in->guard)
		opnd(w, in->guard, 0);
	for (int k = 0; k < in->nopnd; k++)
		opnd(w, &in->opnd[k], 0);
	if (in->guard || (ir_opinfo[in->op].flags & OF_RDST))
		for (size_t k = 0; k < w->def.n; k++)
			ir_ipush(&w->use, w->def.v[k]);
}

/* Register → list of blocks, by counting sort of (reg, blk) pairs that
 * arrive in block order, so each list is sorted too. */
typedef struct {
	int *off;   /* nregs + 1 */
	int *blk;
} Lists;

static void
group(Lists *l, const Ivec *pairs, int nregs)
{
	size_t n = pairs->n / 2;

	l->off = ir_xcalloc((size_t)nregs + 2, sizeof(int));
	l->blk = ir_xcalloc(n, sizeof(int));
	for (size_t k = 0; k < n; k++)
		l->off[pairs->v[2 * k] + 2]++;
	for (int r = 0; r < nregs; r++)
		l->off[r + 2] += l->off[r + 1];
	for (size_t k = 0; k < n; k++)
		l->blk[l->off[pairs->v[2 * k] + 1]++] = pairs->v[2 * k + 1];
}

/* The phi argument slot of edge p → s: p's position in s's sorted preds. */
static int
predidx(const Blk *s, int p)
{
	int lo = 0, hi = s->npred - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (s->pred[mid] == p)
			return mid;
		if (s->pred[mid] < p)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	for (int k = 0; k < s->npred; k++)  /* not sorted: not made by ir_cfg */
		if (s->pred[k] == p)
			return k;
	abort();
}

/* Def and use slots come from the arena in slabs, so that an instruction's
 * pointers can be set while it is being walked (and in cache) without
 * knowing the function's total in advance. */
typedef struct {
	Arena *a;
	int *p;
	size_t left;
} Slab;

static int *
take(Slab *s, size_t n)
{
	if (n > s->left) {
		size_t sz = n > 4096 ? n : 4096;
		s->p = ir_alloc(s->a, sz * sizeof(int));
		s->left = sz;
	}
	int *r = s->p;
	s->p += n;
	s->left -= n;
	return r;
}

/* Flat copies of the edges, and the dominator tree as the placement needs
 * it: the loops follow many edges per register, and a few small arrays
 * stay in cache where the Blk structs would not. */
typedef struct {
	int *poff, *pred;   /* reachable predecessors only */
	int *lvl;           /* depth in the dominator tree (reachable blocks) */
	int *byp;           /* dominator tree preorder number -> block */
	int *idom, *dpre, *dlast;   /* copies of the Blk fields */
} Flat;

static void
flatten(const Func *fn, Flat *g)
{
	int nb = fn->nblk, np = 0;

	for (int b = 0; b < nb; b++)
		np += fn->blk[b].npred;
	g->poff = ir_xcalloc((size_t)nb + 1, sizeof(int));
	g->pred = ir_xcalloc((size_t)np, sizeof(int));
	g->lvl = ir_xcalloc((size_t)nb, sizeof(int));
	g->byp = ir_xcalloc((size_t)nb, sizeof(int));
	g->idom = ir_xcalloc((size_t)nb, sizeof(int));
	g->dpre = ir_xcalloc((size_t)nb, sizeof(int));
	g->dlast = ir_xcalloc((size_t)nb, sizeof(int));
	np = 0;
	for (int b = 0; b < nb; b++) {
		const Blk *bb = &fn->blk[b];
		g->poff[b] = np;
		for (int k = 0; k < bb->npred; k++)
			if (fn->blk[bb->pred[k]].rpo >= 0)
				g->pred[np++] = bb->pred[k];
		if (bb->dpre >= 0)
			g->byp[bb->dpre] = b;
		g->idom[b] = bb->idom;
		g->dpre[b] = bb->dpre;
		g->dlast[b] = bb->dlast;
	}
	g->poff[nb] = np;
	/* an idom comes before its children in preorder */
	for (int k = 0; k < fn->nrpo; k++) {
		int b = g->byp[k];
		g->lvl[b] = k ? g->lvl[g->idom[b]] + 1 : 0;
	}
}

/* Join edges (of the body, or of one register's live range), sorted by their source's preorder
 * number (pre[]), with a tree of minima over their targets' depths so that
 * the edges out of a subtree into blocks no deeper than some level are
 * found in time proportional to their number (times a logarithm). */
typedef struct {
	int n, size;        /* edges; leaves of the tree (a power of two) */
	int *pre, *dst;     /* per edge, in order */
	int *min;           /* tree of 2 size: depth of dst, INT32_MAX once taken */
	int *cnt;           /* scratch for the counting sort */
} Edges;

static int
keycmp(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* Sorts the e->n edges (spre[k], sdst[k]) by spre into e with a counting
 * sort over the span of preorder numbers they use (a live range is mostly
 * one stretch of the preorder), or with qsort on packed keys where they
 * are sparse; then builds the tree. */
static void
esort(Edges *e, int *spre, int *sdst, const int *lvl)
{
	int n = e->n, lo = INT32_MAX, hi = -1;

	for (int k = 0; k < n; k++) {
		lo = spre[k] < lo ? spre[k] : lo;
		hi = spre[k] > hi ? spre[k] : hi;
	}
	if (n && (int64_t)hi - lo > 8 * (int64_t)n + 64) {
		int64_t *key = ir_xcalloc((size_t)n, sizeof *key);
		for (int k = 0; k < n; k++)
			key[k] = (int64_t)spre[k] << 32 | (uint32_t)sdst[k];
		qsort(key, (size_t)n, sizeof *key, keycmp);
		for (int k = 0; k < n; k++) {
			e->pre[k] = (int)(key[k] >> 32);
			e->dst[k] = (int)(uint32_t)key[k];
		}
		ir_xfree(key);
	} else if (n) {
		int *c = e->cnt - lo;
		for (int d = lo; d <= hi + 1; d++)
			c[d] = 0;
		for (int k = 0; k < n; k++)
			c[spre[k] + 1]++;
		for (int d = lo; d <= hi; d++)
			c[d + 1] += c[d];
		for (int k = 0; k < n; k++) {
			int at = c[spre[k]]++;
			e->pre[at] = spre[k];
			e->dst[at] = sdst[k];
		}
	}
	for (e->size = 1; e->size < n; e->size *= 2)
		;
	for (int k = 0; k < e->size; k++)
		e->min[e->size + k] = k < n ? lvl[e->dst[k]] : INT32_MAX;
	for (int k = e->size - 1; k > 0; k--)
		e->min[k] = e->min[2 * k] < e->min[2 * k + 1] ? e->min[2 * k] : e->min[2 * k + 1];
}

/* The first edge whose source has a preorder number >= d. */
static int
efirst(const Edges *e, int d)
{
	int lo = 0, hi = e->n;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (e->pre[mid] < d)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Takes every edge among [a, b) whose target is at most level deep out of
 * the tree, appending their indices to *out: node v covers the leaves
 * lo .. lo+w-1, and is entered only when it holds such an edge.  Recursion
 * as deep as the tree (32 levels at most). */
static void
etake(Edges *e, int v, int lo, int w, int a, int b, int level, Ivec *out)
{
	if (e->min[v] > level || lo >= b || lo + w <= a)
		return;
	if (w == 1) {
		e->min[v] = INT32_MAX;
		ir_ipush(out, v - e->size);
		return;
	}
	etake(e, 2 * v, lo, w / 2, a, b, level, out);
	etake(e, 2 * v + 1, lo + w / 2, w / 2, a, b, level, out);
	e->min[v] = e->min[2 * v] < e->min[2 * v + 1] ? e->min[2 * v] : e->min[2 * v + 1];
}

/* Puts edge k back into the tree after etake took it. */
static void
eput(Edges *e, int k, const int *lvl)
{
	int v = e->size + k;

	e->min[v] = lvl[e->dst[k]];
	for (int u = v / 2; u > 0; u /= 2)
		e->min[u] = e->min[2 * u] < e->min[2 * u + 1] ? e->min[2 * u] : e->min[2 * u + 1];
}

/* A max-heap of blocks by dominator tree depth. */
typedef struct {
	int *v, n;
	const int *lvl;
} Heap;

static void
hpush(Heap *h, int b)
{
	int i = h->n++;
	while (i > 0 && h->lvl[h->v[(i - 1) / 2]] < h->lvl[b]) {
		h->v[i] = h->v[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h->v[i] = b;
}

static int
hpop(Heap *h)
{
	int top = h->v[0], b = h->v[--h->n], i = 0;

	for (;;) {
		int c = 2 * i + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n && h->lvl[h->v[c + 1]] > h->lvl[h->v[c]])
			c++;
		if (h->lvl[h->v[c]] <= h->lvl[b])
			break;
		h->v[i] = h->v[c];
		i = c;
	}
	if (h->n)
		h->v[i] = b;
	return top;
}

/* The state of one run over a function. */
typedef struct {
	Func *fn;
	Arena *a;
	int nb, nr;
	/* collect: per instruction its slots and counts, so that renaming
	 * need not touch the (scattered, probably uncached) Ins structs again */
	int **slot;
	int *nu, *nd;
	Val *iv;            /* values of instruction defs, in block order */
	size_t niv, capiv;
	int *vstart;        /* per block: its first value in iv */
	Ivec ue, wr;        /* pairs (reg, blk): read before written; written */
	/* place */
	Ivec phis;          /* pairs (blk, reg), by register */
	int *nphi;          /* per block */
	/* substitute */
	int *cur;           /* current value per register, -1: the entry value */
	int *entry;         /* entry value per register, -1 until first needed */
} S;

/* 1. One walk over the reachable instructions: the registers each one
 * reads (use slots hold register ids until renaming) and a value for each
 * one it writes (def slots hold value ids), plus, per register, the blocks
 * that read it before writing it (ue) and the blocks that write it. */
static void
collect(S *s)
{
	Func *fn = s->fn;
	Walk w = { .fn = fn };
	Slab slab = { s->a, NULL, 0 };
	int *mdef = ir_xcalloc((size_t)s->nr, sizeof(int));  /* stamps b+1: written in block b so far */
	int *mue = ir_xcalloc((size_t)s->nr, sizeof(int));   /* stamps b+1: ue pair recorded */

	for (int b = 0; b < s->nb; b++) {
		Blk *bb = &fn->blk[b];
		bb->phi = NULL;
		bb->nphi = 0;
		s->vstart[b] = (int)s->niv;
		if (bb->rpo < 0) {
			for (int i = bb->i0; i < bb->i1; i++) {
				Ins *in = fn->ins[i];
				in->def = in->use = NULL;
				in->ndef = in->nuse = 0;
			}
			continue;
		}
		for (int i = bb->i0; i < bb->i1; i++) {
			Ins *in = fn->ins[i];
			walkins(&w, in);
			size_t n = w.use.n + w.def.n;
			int *sl = n ? take(&slab, n) : NULL;
			in->nuse = s->nu[i] = (int)w.use.n;
			in->ndef = s->nd[i] = (int)w.def.n;
			in->use = w.use.n ? sl : NULL;
			in->def = w.def.n ? sl + w.use.n : NULL;
			s->slot[i] = sl;
			for (size_t k = 0; k < w.use.n; k++) {
				int r = w.use.v[k];
				*sl++ = r;
				if (mdef[r] != b + 1 && mue[r] != b + 1) {
					mue[r] = b + 1;
					ir_ipush(&s->ue, r);
					ir_ipush(&s->ue, b);
				}
			}
			for (size_t k = 0; k < w.def.n; k++) {
				int r = w.def.v[k];
				if (s->niv == s->capiv) {
					s->capiv = s->capiv ? 2 * s->capiv : 256;
					s->iv = ir_xrealloc(s->iv, s->capiv * sizeof *s->iv);
				}
				*sl++ = (int)s->niv;
				s->iv[s->niv++] = (Val){ r, 0, b, i, -1 };
				if (mdef[r] != b + 1) {
					mdef[r] = b + 1;
					ir_ipush(&s->wr, r);
					ir_ipush(&s->wr, b);
				}
			}
		}
	}
	s->vstart[s->nb] = (int)s->niv;
	ir_xfree(w.use.v);
	ir_xfree(w.def.v);
	ir_xfree(mdef);
	ir_xfree(mue);
}

/* The iterated frontier of register r's writes over all the join edges of
 * the body (ge), as long as each block found reads r before writing it:
 * r is then live on entry there, and pruning would keep the phi.  Returns
 * 1 with the blocks in *found, or 0 at the first block that does not read
 * r first (the caller then computes liveness).  Puts back what it took. */
static int
quick(Edges *ge, Heap *h, const Flat *g, const Lists *dl, int r, const int *isdef,
    const int *isue, int *mark, Ivec *found, Ivec *taken)
{
	int st = r + 1, ok = 1;

	found->n = taken->n = 0;
	for (int k = dl->off[r]; k < dl->off[r + 1]; k++)
		hpush(h, dl->blk[k]);
	while (h->n > 0 && ok) {
		int x = hpop(h), from = (int)taken->n;
		int a = efirst(ge, g->dpre[x]), b = efirst(ge, g->dlast[x] + 1);
		etake(ge, 1, 0, ge->size, a, b, g->lvl[x], taken);
		for (size_t i = (size_t)from; i < taken->n; i++) {
			int y = ge->dst[taken->v[i]];
			if (mark[y] == st)
				continue;
			if (isue[y] != st) {
				ok = 0;
				break;
			}
			mark[y] = st;
			ir_ipush(found, y);
			if (isdef[y] != st)
				hpush(h, y);
		}
	}
	h->n = 0;
	for (size_t i = 0; i < taken->n; i++)
		eput(ge, taken->v[i], g->lvl);
	return ok;
}

/* 2. Pruned phi placement, one register at a time: the iterated
 * dominance frontier of the blocks that write it, restricted to the blocks
 * where it is live on entry.
 *
 * The frontiers are not stored (nested loops make their total size
 * quadratic); they are found as on Sreedhar and Gao's DJ graph: y is in
 * DF(x) when an edge p -> y leaves x's dominator subtree (x dominates p)
 * at a y no deeper in the tree than x.  Such an edge is a join edge (p is
 * not idom(y)), and only those into live blocks matter; the liveness walk
 * meets each of them once, as it looks at the predecessors of each live
 * block.  Sorted by the preorder number of their source, the edges out of
 * a subtree are one interval, and a tree of minima of their targets' depths
 * finds those that reach high enough.  An edge found once is taken out: y
 * has its phi, and finding it again would change nothing.  The cost is that
 * of the liveness walk plus a logarithm per phi.
 *
 * The liveness walk itself costs the live range, which for a register
 * written early and read late (or read before any write) is most of the
 * body; so quick() first tries the same search over all the join edges of
 * the body, without liveness: where it finds no phi, or only phis in
 * blocks that read the register first, that is the answer.  Stamps r+1 in
 * the per-block arrays save clearing them between registers. */
static void
place(S *s)
{
	int nb = s->nb, ne;
	const Func *fn = s->fn;
	Flat g;
	Lists ul, dl;
	Edges e, ge;
	Ivec found = { 0 }, taken = { 0 };
	int *isue = ir_xcalloc((size_t)nb, sizeof(int));
	int *qmark = ir_xcalloc((size_t)nb, sizeof(int));
	int *live = ir_xcalloc((size_t)nb, sizeof(int));
	int *isdef = ir_xcalloc((size_t)nb, sizeof(int));
	int *has = ir_xcalloc((size_t)nb, sizeof(int));
	int *wl = ir_xcalloc((size_t)nb, sizeof(int));
	Heap h = { ir_xcalloc((size_t)nb + 1, sizeof(int)), 0, NULL };

	flatten(fn, &g);
	ne = g.poff[nb];
	h.lvl = g.lvl;
	e.pre = ir_xcalloc((size_t)ne + 1, sizeof(int));
	e.dst = ir_xcalloc((size_t)ne + 1, sizeof(int));
	e.cnt = ir_xcalloc((size_t)nb + 2, sizeof(int));
	int *spre = ir_xcalloc((size_t)ne + 1, sizeof(int));
	int *sdst = ir_xcalloc((size_t)ne + 1, sizeof(int));
	size_t leaves = 1;
	while (leaves < (size_t)ne + 1)
		leaves *= 2;
	e.min = ir_xcalloc(2 * leaves, sizeof(int));
	/* every join edge of the body, for quick() */
	ge.pre = ir_xcalloc((size_t)ne + 1, sizeof(int));
	ge.dst = ir_xcalloc((size_t)ne + 1, sizeof(int));
	ge.min = ir_xcalloc(2 * leaves, sizeof(int));
	ge.cnt = e.cnt;
	ge.n = 0;
	for (int y = 0; y < nb; y++)
		for (int k = g.poff[y]; k < g.poff[y + 1]; k++)
			if (g.pred[k] != g.idom[y]) {
				spre[ge.n] = g.dpre[g.pred[k]];
				sdst[ge.n++] = y;
			}
	esort(&ge, spre, sdst, g.lvl);
	group(&ul, &s->ue, s->nr);
	group(&dl, &s->wr, s->nr);
	for (int r = 0; r < s->nr; r++) {
		int u0 = ul.off[r], u1 = ul.off[r + 1], d0 = dl.off[r], d1 = dl.off[r + 1];
		int st = r + 1, n = 0, deep = 0;
		if (u0 == u1 || d0 == d1)
			continue;  /* never live on entry to a block, or never written */
		for (int k = d0; k < d1; k++) {
			isdef[dl.blk[k]] = st;
			deep = g.lvl[dl.blk[k]] > deep ? g.lvl[dl.blk[k]] : deep;
		}
		for (int k = u0; k < u1; k++)
			isue[ul.blk[k]] = st;
		if (quick(&ge, &h, &g, &dl, r, isdef, isue, qmark, &found, &taken)) {
			for (size_t k = 0; k < found.n; k++) {
				ir_ipush(&s->phis, found.v[k]);
				ir_ipush(&s->phis, r);
				s->nphi[found.v[k]]++;
			}
			continue;
		}
		/* live on entry: from the ue blocks backwards, stopping at writes;
		 * the join edges into live blocks on the way, but for those too
		 * deep for any block of the worklist (phis go no deeper than the
		 * block that finds them) */
		for (int k = u0; k < u1; k++) {
			live[ul.blk[k]] = st;
			wl[n++] = ul.blk[k];
		}
		e.n = 0;
		while (n > 0) {
			int x = wl[--n], d = g.idom[x];
			for (int k = g.poff[x]; k < g.poff[x + 1]; k++) {
				int p = g.pred[k];
				if (p != d && g.lvl[x] <= deep) {
					spre[e.n] = g.dpre[p];
					sdst[e.n++] = x;
				}
				if (live[p] == st || isdef[p] == st)
					continue;
				live[p] = st;
				wl[n++] = p;
			}
		}
		if (e.n == 0)
			continue;
		esort(&e, spre, sdst, g.lvl);
		for (int k = d0; k < d1; k++)
			hpush(&h, dl.blk[k]);
		while (h.n > 0) {
			int x = hpop(&h);
			int a = efirst(&e, g.dpre[x]), b = efirst(&e, g.dlast[x] + 1);
			taken.n = 0;
			etake(&e, 1, 0, e.size, a, b, g.lvl[x], &taken);
			for (size_t i = 0; i < taken.n; i++) {
				int y = e.dst[taken.v[i]];
				if (has[y] == st)
					continue;
				has[y] = st;
				ir_ipush(&s->phis, y);
				ir_ipush(&s->phis, r);
				s->nphi[y]++;
				if (isdef[y] != st)
					hpush(&h, y);
			}
		}
	}
	ir_xfree(g.poff);
	ir_xfree(g.pred);
	ir_xfree(g.lvl);
	ir_xfree(g.byp);
	ir_xfree(g.idom);
	ir_xfree(g.dpre);
	ir_xfree(g.dlast);
	ir_xfree(ul.off);
	ir_xfree(ul.blk);
	ir_xfree(dl.off);
	ir_xfree(dl.blk);
	ir_xfree(live);
	ir_xfree(isdef);
	ir_xfree(has);
	ir_xfree(wl);
	ir_xfree(h.v);
	ir_xfree(e.pre);
	ir_xfree(e.dst);
	ir_xfree(e.cnt);
	ir_xfree(e.min);
	ir_xfree(ge.pre);
	ir_xfree(ge.dst);
	ir_xfree(ge.min);
	ir_xfree(found.v);
	ir_xfree(taken.v);
	ir_xfree(isue);
	ir_xfree(qmark);
	ir_xfree(spre);
	ir_xfree(sdst);
}

/* 3. The phis and the value table: instruction defs, then phis block by
 * block, then room for one entry value per register.  Phi arguments start
 * at -1, which is what unreachable predecessors keep.  Versions count per
 * register in block order, phis first; only the value table is read. */
static void
values(S *s)
{
	Func *fn = s->fn;
	size_t nargs = 0, nph = s->phis.n / 2;

	for (int b = 0; b < s->nb; b++)
		if (s->nphi[b]) {
			fn->blk[b].phi = ir_alloc(s->a, (size_t)s->nphi[b] * sizeof(Phi));
			nargs += (size_t)s->nphi[b] * (size_t)fn->blk[b].npred;
		}
	int *args = nargs ? ir_alloc(s->a, nargs * sizeof(int)) : NULL;
	for (size_t k = 0; k < nargs; k++)
		args[k] = -1;
	for (size_t k = 0; k < s->phis.n; k += 2) {
		Blk *bb = &fn->blk[s->phis.v[k]];
		Phi *p = &bb->phi[bb->nphi++];
		p->reg = s->phis.v[k + 1];
		p->narg = bb->npred;
		p->arg = p->narg ? args : NULL;
		args += p->narg;
	}
	fn->capval = (int)(s->niv + nph + (size_t)s->nr);
	fn->val = ir_alloc(s->a, (size_t)fn->capval * sizeof(Val));
	if (s->niv)
		memcpy(fn->val, s->iv, s->niv * sizeof(Val));
	fn->nval = (int)s->niv;
	for (int b = 0; b < s->nb; b++)
		for (int k = 0; k < fn->blk[b].nphi; k++) {
			Phi *p = &fn->blk[b].phi[k];
			p->def = fn->nval;
			fn->val[fn->nval++] = (Val){ p->reg, 0, b, -1, k };
		}

	int *ver = ir_xcalloc((size_t)s->nr, sizeof(int));
	for (int b = 0; b < s->nb; b++) {
		for (int k = 0; k < fn->blk[b].nphi; k++)
			fn->val[fn->blk[b].phi[k].def].ver = ++ver[fn->blk[b].phi[k].reg];
		for (int v = s->vstart[b]; v < s->vstart[b + 1]; v++)
			fn->val[v].ver = ++ver[fn->val[v].reg];
	}
	ir_xfree(ver);
}

static int
lookup(S *s, int reg)
{
	Func *fn = s->fn;

	if (s->cur[reg] >= 0)
		return s->cur[reg];
	if (s->entry[reg] < 0) {
		int v = fn->nval++;
		fn->val[v] = (Val){ reg, 0, 0, -1, -1 };
		s->entry[reg] = v;
	}
	return s->entry[reg];
}

/* 4. Renaming in dominator-tree preorder.  open[] holds the path from the
 * root to the current block with each block's undo-log height; a block
 * whose subtree ends before the next block's preorder number is finished,
 * and its log entries are rolled back. */
static void
substitute(S *s)
{
	Func *fn = s->fn;
	int *order = ir_xcalloc((size_t)fn->nrpo, sizeof(int));
	int *open = ir_xcalloc((size_t)fn->nrpo, sizeof(int));
	int *mark = ir_xcalloc((size_t)fn->nrpo, sizeof(int));
	Ivec log = { 0 };  /* pairs (reg, previous cur) */
	int no = 0;

	for (int r = 0; r < s->nr; r++)
		s->cur[r] = s->entry[r] = -1;
	for (int b = 0; b < s->nb; b++)
		if (fn->blk[b].dpre >= 0)
			order[fn->blk[b].dpre] = b;
	for (int k = 0; k < fn->nrpo; k++) {
		int b = order[k];
		Blk *bb = &fn->blk[b];
		while (no > 0 && fn->blk[open[no - 1]].dlast < bb->dpre) {
			no--;
			while (log.n > (size_t)mark[no]) {
				log.n -= 2;
				s->cur[log.v[log.n]] = log.v[log.n + 1];
			}
		}
		open[no] = b;
		mark[no++] = (int)log.n;
		for (int j = 0; j < bb->nphi; j++) {
			int r = bb->phi[j].reg;
			ir_ipush(&log, r);
			ir_ipush(&log, s->cur[r]);
			s->cur[r] = bb->phi[j].def;
		}
		for (int i = bb->i0; i < bb->i1; i++) {
			int *sl = s->slot[i], nu = s->nu[i], nd = s->nd[i];
			for (int j = 0; j < nu; j++)
				sl[j] = lookup(s, sl[j]);
			for (int j = nu; j < nu + nd; j++) {
				int r = fn->val[sl[j]].reg;
				ir_ipush(&log, r);
				ir_ipush(&log, s->cur[r]);
				s->cur[r] = sl[j];
			}
		}
		for (int j = 0; j < bb->nsucc; j++) {
			Blk *t = &fn->blk[bb->succ[j]];
			if (!t->nphi)
				continue;
			int at = predidx(t, b);
			for (int q = 0; q < t->nphi; q++)
				t->phi[q].arg[at] = lookup(s, t->phi[q].reg);
		}
	}
	ir_xfree(log.v);
	ir_xfree(order);
	ir_xfree(open);
	ir_xfree(mark);
}

/* 5. Who reads each value: the instructions, each once and in order
 * (rd[rdoff[v] .. rdoff[v + 1])), and whether a phi does (phird[v]); how
 * many values of each register instructions and phis define.  A
 * question "what else reads v" is then as long as the answer, not as the
 * function: load-time folds ask it for every instruction they consider,
 * and hostile input can make a function long. */
static void
readers(S *s)
{
	Func *fn = s->fn;
	int *n = ir_xcalloc((size_t)fn->nval + 1, sizeof(int));
	size_t tot = 0;

	fn->phird = ir_alloc(s->a, (size_t)fn->nval + 1);
	for (int b = 0; b < fn->nblk; b++)
		for (int k = 0; k < fn->blk[b].nphi; k++)
			for (int j = 0; j < fn->blk[b].phi[k].narg; j++)
				if (fn->blk[b].phi[k].arg[j] >= 0)
					fn->phird[fn->blk[b].phi[k].arg[j]] = 1;
	/* last[v]: 1 + the instruction that counted v last, so that one
	 * reading v twice counts once */
	int *last = ir_xcalloc((size_t)fn->nval + 1, sizeof(int));
	for (int i = 0; i < fn->nins; i++)
		for (int j = 0; j < fn->ins[i]->nuse; j++) {
			int v = fn->ins[i]->use[j];
			if (v >= 0 && v < fn->nval && last[v] != i + 1) {
				last[v] = i + 1;
				n[v]++;
				tot++;
			}
		}
	fn->rdoff = ir_alloc(s->a, ((size_t)fn->nval + 1) * sizeof(int));
	fn->rd = ir_alloc(s->a, (tot ? tot : 1) * sizeof(int));
	for (int v = 0; v < fn->nval; v++)
		fn->rdoff[v + 1] = fn->rdoff[v] + n[v];
	memset(last, 0, ((size_t)fn->nval + 1) * sizeof(int));
	memset(n, 0, ((size_t)fn->nval + 1) * sizeof(int));
	for (int i = 0; i < fn->nins; i++)
		for (int j = 0; j < fn->ins[i]->nuse; j++) {
			int v = fn->ins[i]->use[j];
			if (v >= 0 && v < fn->nval && last[v] != i + 1) {
				last[v] = i + 1;
				fn->rd[fn->rdoff[v] + n[v]++] = i;
			}
		}
	ir_xfree(last);
	ir_xfree(n);
	fn->regdefs = ir_alloc(s->a, ((size_t)fn->nregs + 1) * sizeof(int));
	for (int v = 0; v < fn->nval; v++)
		if ((fn->val[v].ins >= 0 || fn->val[v].phi >= 0) && fn->val[v].reg >= 0 && fn->val[v].reg < fn->nregs)
			fn->regdefs[fn->val[v].reg]++;
}

void
ir_ssa(Func *fn, Arena *a)
{
	S s = { .fn = fn, .a = a, .nb = fn->nblk, .nr = fn->nregs };
	size_t ni = (size_t)fn->nins + 1, nb = (size_t)fn->nblk + 1, nr = (size_t)fn->nregs;

	s.slot = ir_xcalloc(ni, sizeof(int *));
	s.nu = ir_xcalloc(ni, sizeof(int));
	s.nd = ir_xcalloc(ni, sizeof(int));
	s.vstart = ir_xcalloc(nb, sizeof(int));
	s.nphi = ir_xcalloc(nb, sizeof(int));
	s.cur = ir_xcalloc(nr, sizeof(int));
	s.entry = ir_xcalloc(nr, sizeof(int));
	collect(&s);
	place(&s);
	values(&s);
	substitute(&s);
	readers(&s);
	ir_xfree(s.slot);
	ir_xfree(s.nu);
	ir_xfree(s.nd);
	ir_xfree(s.iv);
	ir_xfree(s.vstart);
	ir_xfree(s.ue.v);
	ir_xfree(s.wr.v);
	ir_xfree(s.phis.v);
	ir_xfree(s.nphi);
	ir_xfree(s.cur);
	ir_xfree(s.entry);
	fn->built = 1;
}

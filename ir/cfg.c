/*
 * cfg.c — basic blocks and the control-flow graph of one body.
 *
 * A block is a range fn->ins[i0 .. i1-1].  Blocks follow the statement list
 * in source order, so they partition fn->ins and block k+1 starts where
 * block k ends.  A new block starts
 *   - at the first instruction (block 0, the entry);
 *   - at every label: each label gets a block of its own, even when another
 *     label or the end of the body follows at once (such a block is empty
 *     and falls through);
 *   - after an instruction that may transfer control (OF_BRANCH, OF_TERM,
 *     OF_RET, OF_EXIT), except `call`, which always falls through.
 * A label that immediately follows such an instruction names the block that
 * the instruction opened rather than opening another, empty one; and an empty
 * unlabelled block left at the end of the body is dropped.
 *
 * Successors: unguarded bra → its target; guarded bra → target, then
 * fall-through; brx.idx → every label of its .branchtargets list (guarded:
 * then fall-through); unguarded ret/exit/trap → none (the virtual exit);
 * guarded ones and everything else → fall-through.  Falling off the end of
 * the body leads to the virtual exit too.  Successor lists keep their first
 * occurrence only (`@p bra L` where L is the next block has one successor),
 * and predecessor lists come out sorted by block id, which ssa.c relies on
 * to find an edge's phi argument by binary search.
 *
 * The entry block has no predecessors: when the body begins with a label
 * that some branch targets, block 0 is left empty (unlabelled) and falls
 * into the label's block.  Phis can then never be needed in the entry
 * block, whose incoming value from the caller would have no edge to sit on.
 *
 * Each label Sym's id becomes its block; labels of fn->syms that name no
 * block get -1.
 *
 * A .branchtargets list may serve any number of brx.idx, and each of them
 * gets an edge to every label of it: k branches sharing a list of m labels
 * make k * m edges from input of size k + m.  The edges that lists give a
 * body are bounded by a multiple of its size (16 times its instructions
 * and list entries, and never less than 2^22, which no list used once
 * reaches): past that, the brx.idx is an error and the body is not built.
 */
#include <stdlib.h>
#include <string.h>
#include "ir.h"

/* Scratch arrays (ir_xrealloc, Ivec) live on the heap, results in the
 * module arena. */

static int
endsblk(const Ins *in)
{
	unsigned f = ir_opinfo[in->op].flags;

	if (f & OF_CALL)
		return 0;
	return (f & (OF_BRANCH | OF_TERM | OF_RET | OF_EXIT)) != 0;
}

/* Does a branch instruction name label l (directly or through a list)? */
static int
targets(const Ins *in, const Sym *l)
{
	for (int k = 0; k < in->nopnd; k++) {
		const Opnd *o = &in->opnd[k];
		if (o->kind != OK_SYM || !o->sym)
			continue;
		if (o->sym == l)
			return 1;
		if (o->sym->kind == SYM_TARGETS)
			for (int j = 0; j < o->sym->nlist; j++)
				if (o->sym->list[j].kind == OK_SYM && o->sym->list[j].sym == l)
					return 1;
	}
	return 0;
}

typedef struct {
	int i0;
	Sym *label;
} Start;

/* One run: block starts, then edges; a stamp per block (seen[to] ==
 * from + 1) drops duplicate edges in O(1). */
typedef struct {
	Func *fn;
	Start *b;
	int nb;
	size_t capb;
	int *seen;
	Ivec e;
	Diags *dg;
	int nerr;
	int64_t listedges, maxlist;     /* edges from .branchtargets lists: so far, at most */
} Cx;

static void
start(Cx *c, int i0, Sym *label)
{
	if ((size_t)c->nb == c->capb) {
		c->capb = c->capb ? 2 * c->capb : 16;
		c->b = ir_xrealloc(c->b, c->capb * sizeof *c->b);
	}
	c->b[c->nb++] = (Start){ i0, label };
}

static void
edge(Cx *c, int from, int to)
{
	if (to < 0 || to >= c->nb || c->seen[to] == from + 1)
		return;
	c->seen[to] = from + 1;
	ir_ipush(&c->e, to);
}

/* A branch target operand: a label, or a .branchtargets list of labels. */
static int
target(Cx *c, int from, const Opnd *o)
{
	const Sym *s = o->sym;

	if (s->kind == SYM_TARGETS) {
		int n = 0;
		if (c->listedges + s->nlist > c->maxlist) {
			if (c->listedges <= c->maxlist && c->dg)
				diag_err(c->dg, o->loc, "brx.idx: .branchtargets lists shared by many branches give '%s' more than "
				    "%lld control-flow edges",
				    c->fn->name ? c->fn->name : "?", (long long)c->maxlist);
			if (c->listedges <= c->maxlist)
				c->nerr++;
			c->listedges = c->maxlist + 1;
			return 1;  /* reported; do not report "no target" as well */
		}
		c->listedges += s->nlist;
		for (int j = 0; j < s->nlist; j++) {
			const Opnd *l = &s->list[j];
			if (l->kind == OK_SYM && l->sym && l->sym->kind == SYM_LABEL)
				n += target(c, from, l);  /* one level: lists hold labels */
		}
		return n;
	}
	if (s->kind != SYM_LABEL)
		return 0;
	if (s->id < 0 || s->id >= c->nb || c->b[s->id].label != s) {
		if (c->dg)
			diag_err(c->dg, o->loc, "branch target '%s' is not a label of '%s'",
				s->name ? s->name : "?", c->fn->name ? c->fn->name : "?");
		c->nerr++;
		return 1;  /* reported; do not report "no target" as well */
	}
	edge(c, from, s->id);
	return 1;
}

static void
succs(Cx *c, int b, int i1)
{
	const Ins *t = i1 > c->b[b].i0 ? c->fn->ins[i1 - 1] : NULL;
	unsigned f = t ? ir_opinfo[t->op].flags : 0;
	int fall = b + 1 < c->nb ? b + 1 : -1;

	if (!t || !endsblk(t)) {
		edge(c, b, fall);
		return;
	}
	if (f & OF_BRANCH) {
		int n = 0;
		for (int k = 0; k < t->nopnd; k++)
			if (t->opnd[k].kind == OK_SYM && t->opnd[k].sym)
				n += target(c, b, &t->opnd[k]);
		if (n == 0) {
			if (c->dg)
				diag_err(c->dg, t->loc, "branch without a label target");
			c->nerr++;
		}
	}
	/* ret, exit, trap: only a guarded one can fall through */
	if (t->guard)
		edge(c, b, fall);
}

/* Block starts, in one walk over the statements; sets Ins.blk and the
 * labels' ids.  The label opening the body, if any, names block 0 for now;
 * should a branch target it, an empty entry block is put in front
 * afterwards (rare, and it costs a second pass over the instructions only
 * then). */
static void
blocks(Cx *c)
{
	Func *fn = c->fn;
	Sym *top = NULL;
	int hittop = 0, ni = 0;

	for (int s = 0; s < fn->nsyms; s++)
		if (fn->syms[s]->kind == SYM_LABEL)
			fn->syms[s]->id = -1;
	start(c, 0, NULL);
	for (int s = 0; s < fn->nstmt; s++) {
		const Stmt *st = &fn->stmt[s];
		Start *cur = &c->b[c->nb - 1];
		if (st->kind == ST_LABEL && st->sym && st->sym->kind == SYM_LABEL) {
			if (c->nb == 1 && ni == 0 && !cur->label)
				top = st->sym;
			if (cur->i0 == ni && !cur->label)
				cur->label = st->sym;  /* block 0, or the one a branch opened */
			else
				start(c, ni, st->sym);
			st->sym->id = c->nb - 1;
		} else if (st->kind == ST_INS) {
			if (st->ins != ni || ni >= fn->nins) {
				fprintf(stderr, "ir_cfg: %s: statement %d holds instruction %d, expected %d\n",
					fn->name ? fn->name : "?", s, st->ins, ni);
				abort();
			}
			Ins *in = fn->ins[ni++];
			in->blk = c->nb - 1;
			if (endsblk(in)) {
				if (top && !hittop && (ir_opinfo[in->op].flags & OF_BRANCH))
					hittop = targets(in, top);
				start(c, ni, NULL);
			}
		}
	}
	if (ni != fn->nins) {
		fprintf(stderr, "ir_cfg: %s: %d instructions, %d in statements\n",
			fn->name ? fn->name : "?", fn->nins, ni);
		abort();
	}
	if (c->nb > 1 && c->b[c->nb - 1].i0 == ni && !c->b[c->nb - 1].label)
		c->nb--;
	if (hittop) {
		start(c, 0, NULL);
		memmove(c->b + 1, c->b, (size_t)(c->nb - 1) * sizeof *c->b);
		c->b[0] = (Start){ 0, NULL };
		for (int b = 1; b < c->nb; b++)
			if (c->b[b].label)
				c->b[b].label->id = b;
		for (int i = 0; i < fn->nins; i++)
			fn->ins[i]->blk++;
	}
}

/* The Blk array with successors and predecessors, in the arena.
 * Predecessors come from a counting sort on the target: visiting sources
 * in increasing order leaves every list sorted. */
static Blk *
graph(Cx *c, Arena *a)
{
	int nb = c->nb;
	int *eoff = ir_xrealloc(NULL, ((size_t)nb + 1) * sizeof *eoff);
	int *pcnt = ir_xcalloc((size_t)nb + 1, sizeof *pcnt);

	c->seen = ir_xcalloc((size_t)nb, sizeof *c->seen);
	/* successors, flattened: block b's are e.v[eoff[b] .. eoff[b+1]-1] */
	for (int b = 0; b < nb; b++) {
		eoff[b] = (int)c->e.n;
		succs(c, b, b + 1 < nb ? c->b[b + 1].i0 : c->fn->nins);
	}
	eoff[nb] = (int)c->e.n;

	int ne = (int)c->e.n;
	for (int k = 0; k < ne; k++)
		pcnt[c->e.v[k] + 1]++;
	for (int b = 0; b < nb; b++)
		pcnt[b + 1] += pcnt[b];
	int *succ = ne ? ir_alloc(a, (size_t)ne * sizeof *succ) : NULL;
	int *pred = ne ? ir_alloc(a, (size_t)ne * sizeof *pred) : NULL;
	if (ne)
		memcpy(succ, c->e.v, (size_t)ne * sizeof *succ);
	Blk *blk = ir_alloc(a, (size_t)nb * sizeof *blk);
	for (int b = 0; b < nb; b++) {
		Blk *bb = &blk[b];
		bb->id = b;
		bb->i0 = c->b[b].i0;
		bb->i1 = b + 1 < nb ? c->b[b + 1].i0 : c->fn->nins;
		bb->label = c->b[b].label;
		bb->nsucc = eoff[b + 1] - eoff[b];
		bb->succ = bb->nsucc ? succ + eoff[b] : NULL;
		bb->pred = pcnt[b + 1] > pcnt[b] ? pred + pcnt[b] : NULL;
		bb->idom = bb->ipdom = bb->rpo = bb->dpre = bb->dlast = -1;
	}
	for (int b = 0; b < nb; b++)
		for (int k = 0; k < blk[b].nsucc; k++) {
			Blk *t = &blk[blk[b].succ[k]];
			t->pred[t->npred++] = b;
		}
	ir_xfree(eoff);
	ir_xfree(pcnt);
	return blk;
}

int
ir_cfg(Module *m, Func *fn, Diags *dg)
{
	Cx c = { .fn = fn, .dg = dg };
	int64_t size = fn->nins;

	for (int s = 0; s < fn->nsyms; s++)
		if (fn->syms[s]->kind == SYM_TARGETS)
			size += fn->syms[s]->nlist;
	c.maxlist = 16 * size > (1 << 22) ? 16 * size : (1 << 22);
	blocks(&c);
	fn->blk = graph(&c, m->a);
	fn->nblk = c.nb;
	/* what dom.c and ssa.c made of the previous blocks is void */
	fn->rpo = NULL;
	fn->nrpo = 0;
	fn->val = NULL;
	fn->nval = fn->capval = 0;
	fn->rdoff = fn->rd = NULL;
	fn->phird = NULL;
	fn->regdefs = NULL;
	fn->built = 0;
	ir_xfree(c.seen);
	ir_xfree(c.e.v);
	ir_xfree(c.b);
	return c.nerr;
}

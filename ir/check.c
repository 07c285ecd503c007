/*
 * check.c — the invariants of ir_cfg, ir_dom and ir_ssa, checked from
 * scratch.  A failure is a bug in ptxkit, not in the input: the message goes
 * to stderr and we abort().  Run between passes in debug builds (see
 * pipeline.c).
 *
 * What is checked:
 *   - blocks: ranges partition fn->ins in order, Ins.blk agrees, labels
 *     point back at their block, the entry has no predecessors;
 *   - edges: succ and pred lists hold valid ids without duplicates, preds
 *     sorted, and the two describe the same edge set;
 *   - dominators: fn->rpo and Blk.rpo agree, reachability is closed under
 *     successors, idom comes earlier in reverse postorder, the preorder
 *     intervals nest along idom, and for every edge p → b the idom of b
 *     dominates p (which makes every tree ancestor a real dominator);
 *     likewise every ipdom chain ends at the virtual exit and, for every
 *     edge b → s, ipdom(b) post-dominates s in the tree;
 *   - SSA: values are well formed and defined exactly once (instruction
 *     def, phi def, or entry value), each use reads a value of the register
 *     its operand names (re-derived here from the operands, independently
 *     of ssa.c), is dominated by its definition (a phi argument by the end
 *     of its predecessor, and in the same block an instruction def must come
 *     earlier), phi arity equals npred and -1 arguments come only from
 *     unreachable predecessors, which have no SSA of their own.
 * Everything is linear in the size of the function.
 */
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include "ir.h"

static void
die(const Func *fn, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "ir_check: %s: ", fn->name ? fn->name : "?");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

static void
blocks(const Func *fn)
{
	int n = fn->nblk;

	if (n < 1)
		die(fn, "no blocks");
	if (fn->blk[0].i0 != 0 || fn->blk[n - 1].i1 != fn->nins)
		die(fn, "blocks cover [%d, %d) of %d instructions", fn->blk[0].i0, fn->blk[n - 1].i1, fn->nins);
	for (int b = 0; b < n; b++) {
		const Blk *bb = &fn->blk[b];
		if (bb->id != b)
			die(fn, "b%d has id %d", b, bb->id);
		if (bb->i0 > bb->i1 || (b > 0 && bb->i0 != fn->blk[b - 1].i1))
			die(fn, "b%d: range [%d, %d) does not continue b%d", b, bb->i0, bb->i1, b - 1);
		for (int i = bb->i0; i < bb->i1; i++)
			if (fn->ins[i]->blk != b)
				die(fn, "instruction %d in b%d says b%d", i, b, fn->ins[i]->blk);
		if (bb->label && (bb->label->kind != SYM_LABEL || bb->label->id != b))
			die(fn, "b%d: label %s has id %d", b, bb->label->name, bb->label->id);
	}
	if (fn->blk[0].npred)
		die(fn, "entry block has %d predecessors", fn->blk[0].npred);
}

/* Edge lists: valid, no duplicates, and the same edges both ways.  The
 * preds implied by the succ lists are rebuilt by counting sort and compared
 * with Blk.pred (both sorted). */
static void
edges(const Func *fn)
{
	int n = fn->nblk, ne = 0;
	int *seen = ir_xcalloc((size_t)n, sizeof(int));
	int *cnt = ir_xcalloc((size_t)n + 1, sizeof(int));

	for (int b = 0; b < n; b++) {
		const Blk *bb = &fn->blk[b];
		for (int k = 0; k < bb->nsucc; k++) {
			int s = bb->succ[k];
			if (s < 0 || s >= n)
				die(fn, "b%d: successor %d out of range", b, s);
			if (seen[s] == b + 1)
				die(fn, "b%d: duplicate successor b%d", b, s);
			seen[s] = b + 1;
			cnt[s + 1]++;
			ne++;
		}
		for (int k = 0; k < bb->npred; k++) {
			int p = bb->pred[k];
			if (p < 0 || p >= n)
				die(fn, "b%d: predecessor %d out of range", b, p);
			if (k > 0 && bb->pred[k - 1] >= p)
				die(fn, "b%d: predecessors not sorted or duplicated", b);
		}
	}
	for (int b = 0; b < n; b++) {
		if (fn->blk[b].npred != cnt[b + 1])
			die(fn, "b%d: %d predecessors but %d edges in", b, fn->blk[b].npred, cnt[b + 1]);
		cnt[b + 1] += cnt[b];
	}
	int *rev = ir_xcalloc((size_t)ne, sizeof(int));
	memset(seen, 0, (size_t)n * sizeof(int));
	for (int b = 0; b < n; b++)
		for (int k = 0; k < fn->blk[b].nsucc; k++) {
			int s = fn->blk[b].succ[k];
			rev[cnt[s] + seen[s]++] = b;
		}
	for (int b = 0; b < n; b++)
		for (int k = 0; k < fn->blk[b].npred; k++)
			if (fn->blk[b].pred[k] != rev[cnt[b] + k])
				die(fn, "b%d: pred b%d has no matching successor edge", b, fn->blk[b].pred[k]);
	ir_xfree(rev);
	ir_xfree(cnt);
	ir_xfree(seen);
}

static void
doms(const Func *fn)
{
	int n = fn->nblk;

	if (fn->nrpo < 1 || fn->rpo[0] != 0)
		die(fn, "reverse postorder does not start at the entry");
	for (int i = 0; i < fn->nrpo; i++)
		if (fn->rpo[i] < 0 || fn->rpo[i] >= n || fn->blk[fn->rpo[i]].rpo != i)
			die(fn, "rpo[%d] = %d disagrees with Blk.rpo", i, fn->rpo[i]);
	int nreach = 0;
	for (int b = 0; b < n; b++) {
		const Blk *bb = &fn->blk[b];
		if (bb->rpo < 0) {
			if (bb->idom != -1 || bb->dpre != -1 || bb->nphi)
				die(fn, "unreachable b%d has dominator data or phis", b);
			continue;
		}
		nreach++;
		for (int k = 0; k < bb->nsucc; k++)
			if (fn->blk[bb->succ[k]].rpo < 0)
				die(fn, "b%d reachable, its successor b%d not", b, bb->succ[k]);
		if (b == 0) {
			if (bb->idom != -1)
				die(fn, "entry has idom b%d", bb->idom);
			continue;
		}
		int d = bb->idom;
		if (d < 0 || d >= n || fn->blk[d].rpo < 0 || fn->blk[d].rpo >= bb->rpo)
			die(fn, "b%d: bad idom %d", b, d);
		if (!(fn->blk[d].dpre < bb->dpre && bb->dlast <= fn->blk[d].dlast))
			die(fn, "b%d: preorder interval not inside idom b%d's", b, d);
		for (int k = 0; k < bb->npred; k++) {
			int p = bb->pred[k];
			if (fn->blk[p].rpo >= 0 && !ir_dominates(fn, d, p))
				die(fn, "b%d: idom b%d does not dominate predecessor b%d", b, d, p);
		}
	}
	if (nreach != fn->nrpo)
		die(fn, "%d reachable blocks, %d in rpo", nreach, fn->nrpo);
}

/* Post-dominator tree: rebuild it with the virtual exit n as root, number
 * it in preorder (this also finds cycles: nodes never numbered), then check
 * every edge as for dominators. */
static void
pdoms(const Func *fn)
{
	int n = fn->nblk, pre = 0, sp = 0;
	int *cnt = ir_xcalloc((size_t)n + 2, sizeof(int));
	int *kid = ir_xcalloc((size_t)n, sizeof(int));
	int *fill = ir_xcalloc((size_t)n + 1, sizeof(int));
	int *in = ir_xcalloc((size_t)n + 1, sizeof(int));
	int *last = ir_xcalloc((size_t)n + 1, sizeof(int));
	int *stk = ir_xcalloc((size_t)n + 1, sizeof(int));
	int *pos = ir_xcalloc((size_t)n + 1, sizeof(int));

	for (int b = 0; b < n; b++) {
		int d = fn->blk[b].ipdom;
		if (d < -1 || d >= n || d == b)
			die(fn, "b%d: bad ipdom %d", b, d);
		cnt[(d < 0 ? n : d) + 1]++;
	}
	for (int v = 0; v <= n; v++)
		cnt[v + 1] += cnt[v];
	memcpy(fill, cnt, ((size_t)n + 1) * sizeof(int));
	for (int b = 0; b < n; b++) {
		int d = fn->blk[b].ipdom;
		kid[fill[d < 0 ? n : d]++] = b;
	}
	for (int v = 0; v <= n; v++)
		in[v] = -1;
	stk[sp] = n;
	pos[sp++] = cnt[n];
	in[n] = pre++;
	while (sp > 0) {
		int v = stk[sp - 1];
		if (pos[sp - 1] < cnt[v + 1]) {
			int w = kid[pos[sp - 1]++];
			in[w] = pre++;
			stk[sp] = w;
			pos[sp++] = cnt[w];
		} else {
			last[v] = pre - 1;
			sp--;
		}
	}
	for (int b = 0; b < n; b++) {
		const Blk *bb = &fn->blk[b];
		int d = bb->ipdom < 0 ? n : bb->ipdom;
		if (in[b] < 0)
			die(fn, "b%d: ipdom chain has a cycle", b);
		if (!bb->nsucc && d != n)
			die(fn, "b%d has no successors but ipdom b%d", b, d);
		for (int k = 0; k < bb->nsucc; k++) {
			int s = bb->succ[k];
			if (!(in[d] <= in[s] && in[s] <= last[d]))
				die(fn, "b%d: ipdom b%d does not post-dominate successor b%d", b, d, s);
		}
	}
	ir_xfree(cnt);
	ir_xfree(kid);
	ir_xfree(fill);
	ir_xfree(in);
	ir_xfree(last);
	ir_xfree(stk);
	ir_xfree(pos);
}

/* Independent walk over the registers an instruction reads, in the order
 * ir.h documents for Ins.use; see ssa.c for the rules. */
typedef struct {
	const Func *fn;
	const Ins *in;
	int i, nu, nd;
} Rw;

static void
expect(Rw *w, const Opnd *o, int dst)
{
	const Func *fn = w->fn;
	const Ins *in = w->in;
	int v;

	if (dst) {
		if (w->nd >= in->ndef)
			die(fn, "instruction %d: more written registers than defs", w->i);
		v = in->def[w->nd++];
	} else {
		if (w->nu >= in->nuse)
			die(fn, "instruction %d: more read registers than uses", w->i);
		v = in->use[w->nu++];
	}
	if (v < 0 || v >= fn->nval)
		die(fn, "instruction %d: value %d out of range", w->i, v);
	if (fn->regs[fn->val[v].reg] != o->sym)
		die(fn, "instruction %d: %s operand has a value of %s", w->i, o->sym->name,
			fn->regs[fn->val[v].reg]->name);
}

static void
rwalk(Rw *w, const Opnd *o, int dst)
{
	dst |= o->isdst;
	if (o->kind == OK_REG && o->sym && o->sym->kind == SYM_REG)
		expect(w, o, dst);
	else if (o->kind == OK_VEC || o->kind == OK_LIST || o->kind == OK_PAIR)
		for (int k = 0; k < o->nsub; k++)
			rwalk(w, &o->sub[k], dst);
	else if (o->kind == OK_NOT || o->kind == OK_ADDR) {
		if (o->kind == OK_ADDR && o->base)
			rwalk(w, o->base, 0);
		for (int k = 0; k < o->nsub; k++)
			rwalk(w, &o->sub[k], 0);
	}
}

/* Is value v available at instruction i of block b (i = -1: at the end of
 * b, for a phi argument)? */
static int
avail(const Func *fn, int v, int b, int i)
{
	const Val *x = &fn->val[v];

	if (x->blk != b)
		return ir_dominates(fn, x->blk, b);
	return x->ins < 0 || i < 0 || x->ins < i;
}

static void
ssa(const Func *fn)
{
	int *ndefs = ir_xcalloc((size_t)fn->nval, sizeof(int));

	if (fn->nval > fn->capval)
		die(fn, "%d values, room for %d", fn->nval, fn->capval);
	for (int v = 0; v < fn->nval; v++) {
		const Val *x = &fn->val[v];
		if (x->reg < 0 || x->reg >= fn->nregs || x->blk < 0 || x->blk >= fn->nblk
		    || fn->blk[x->blk].rpo < 0)
			die(fn, "value %d: bad register or block", v);
		if (x->ins >= 0) {
			if (x->phi >= 0 || x->ins >= fn->nins || fn->ins[x->ins]->blk != x->blk || x->ver < 1)
				die(fn, "value %d: bad instruction definition", v);
		} else if (x->phi >= 0) {
			const Blk *bb = &fn->blk[x->blk];
			if (x->phi >= bb->nphi || bb->phi[x->phi].def != v || bb->phi[x->phi].reg != x->reg
			    || x->ver < 1)
				die(fn, "value %d: bad phi definition", v);
			ndefs[v]++;
		} else {
			if (x->blk != 0 || x->ver != 0)
				die(fn, "value %d: entry value not in entry block or version %d", v, x->ver);
			ndefs[v]++;
		}
	}
	for (int b = 0; b < fn->nblk; b++) {
		const Blk *bb = &fn->blk[b];
		int reach = bb->rpo >= 0;
		for (int k = 0; k < bb->nphi; k++) {
			const Phi *p = &bb->phi[k];
			if (p->narg != bb->npred)
				die(fn, "b%d: phi of %s has %d args, %d preds", b, fn->regs[p->reg]->name, p->narg, bb->npred);
			if (p->def < 0 || p->def >= fn->nval || fn->val[p->def].phi != k || fn->val[p->def].blk != b)
				die(fn, "b%d: phi %d defines a value that is not it", b, k);
			for (int j = 0; j < p->narg; j++) {
				int v = p->arg[j], q = bb->pred[j];
				if (v < 0) {
					if (fn->blk[q].rpo >= 0)
						die(fn, "b%d: phi of %s undefined from reachable b%d", b, fn->regs[p->reg]->name, q);
					continue;
				}
				if (fn->blk[q].rpo < 0)
					die(fn, "b%d: phi argument from unreachable b%d", b, q);
				if (v >= fn->nval || fn->val[v].reg != p->reg)
					die(fn, "b%d: phi argument %d is not a value of its register", b, j);
				if (!avail(fn, v, q, -1))
					die(fn, "b%d: phi argument from b%d not available there", b, q);
			}
		}
		for (int i = bb->i0; i < bb->i1; i++) {
			const Ins *in = fn->ins[i];
			if (!reach) {
				if (in->ndef || in->nuse)
					die(fn, "instruction %d in unreachable b%d has SSA", i, b);
				continue;
			}
			Rw w = { fn, in, i, 0, 0 };
			if (in->guard)
				rwalk(&w, in->guard, 0);
			for (int k = 0; k < in->nopnd; k++)
				rwalk(&w, &in->opnd[k], 0);
			if (w.nd != in->ndef)
				die(fn, "instruction %d: %d written registers, %d defs", i, w.nd, in->ndef);
			int old = in->guard || (ir_opinfo[in->op].flags & OF_RDST);
			if (w.nu + (old ? in->ndef : 0) != in->nuse)
				die(fn, "instruction %d: %d uses, expected %d", i, in->nuse, w.nu + (old ? in->ndef : 0));
			for (int k = 0; k < in->ndef; k++) {
				int v = in->def[k];
				if (fn->val[v].ins != i)
					die(fn, "instruction %d: def %d belongs to instruction %d", i, v, fn->val[v].ins);
				ndefs[v]++;
				if (old && fn->val[in->use[w.nu + k]].reg != fn->val[v].reg)
					die(fn, "instruction %d: old value %d is of another register", i, k);
			}
			for (int k = 0; k < in->nuse; k++)
				if (!avail(fn, in->use[k], b, i))
					die(fn, "instruction %d: use %d (%s.%d) not dominated by its definition", i, k,
						fn->regs[fn->val[in->use[k]].reg]->name, fn->val[in->use[k]].ver);
		}
	}
	for (int v = 0; v < fn->nval; v++)
		if (ndefs[v] != 1)
			die(fn, "value %d defined %d times", v, ndefs[v]);
	ir_xfree(ndefs);
}

void
ir_check(const Func *fn)
{
	blocks(fn);
	edges(fn);
	if (fn->nrpo == 0 && fn->nblk > 0 && fn->blk[0].rpo < 0)
		return;  /* ir_dom has not run */
	doms(fn);
	pdoms(fn);
	if (fn->built)
		ssa(fn);
}

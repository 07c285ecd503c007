/*
 * dom.c — reverse postorder, dominators and post-dominators of one body
 * (after ir_cfg).  Dominance frontiers are not stored: nested loops make
 * their total size quadratic in the number of blocks, and ssa.c finds the
 * ones it needs from the dominator tree.
 *
 * Dominators and post-dominators use Lengauer and Tarjan's algorithm with
 * path compression (O(m log n); see lengauer() for why not the simpler
 * iterative one).  Every traversal uses an explicit
 * stack: bodies can have tens of thousands of blocks.
 *
 * Results:
 *   - fn->rpo lists the blocks reachable from block 0 in reverse postorder
 *     (the depth-first search takes successors in Blk.succ order);
 *     Blk.rpo is the position there, -1 for unreachable blocks;
 *   - Blk.idom: -1 for the entry and for unreachable blocks;
 *   - Blk.dpre/dlast number the dominator tree in preorder (children in
 *     block id order) so that ir_dominates is two comparisons;
 *   - Blk.ipdom: -1 when the immediate post-dominator is the virtual exit.
 *
 * Post-dominance is dominance on the reversed graph rooted at a virtual
 * exit, which every block without successors (ret, exit, trap, falling off
 * the end) reaches.  It is computed for all blocks, unreachable ones too.
 * Blocks that reach no exit (infinite loops, and whatever can only flow into
 * them) would otherwise have no post-dominator at all, so each infinite loop
 * gets a made-up edge to the virtual exit: we find the strongly connected
 * components of the blocks that cannot reach an exit (Tarjan's algorithm,
 * roots tried in increasing block id); each component that no edge leaves is
 * a loop with no way out, and its highest-numbered block (in source order
 * the loop's bottom, usually the latch `bra`) is the one connected.  Every
 * block of such a region reaches one of those loops, so the augmented graph
 * reaches the exit from everywhere, and the choice depends only on the CFG.
 */
#include <stdlib.h>
#include <string.h>
#include "ir.h"

/*
 * A graph as flat arrays: the edges of node v are adj[off[v] .. off[v+1]-1].
 * Both directions of the CFG, and the reversed CFG with the virtual exit,
 * are put in this form so that the DFS and the dominator iteration are
 * written once.
 */
typedef struct {
	int n;
	int *off, *adj;
} Graph;

/* Depth-first search from root over g, appending the nodes it reaches to
 * post[] in postorder (*np counts them).  Nodes already marked in seen[]
 * are skipped, so successive calls continue one search.  stk and pos are
 * scratch of g->n entries. */
static void
dfs(const Graph *g, int root, char *seen, int *post, int *np, int *stk, int *pos)
{
	int sp = 0;

	if (seen[root])
		return;
	seen[root] = 1;
	stk[sp] = root;
	pos[sp++] = g->off[root];
	while (sp > 0) {
		int v = stk[sp - 1];
		if (pos[sp - 1] < g->off[v + 1]) {
			int w = g->adj[pos[sp - 1]++];
			if (!seen[w]) {
				seen[w] = 1;
				stk[sp] = w;
				pos[sp++] = g->off[w];
			}
		} else {
			post[(*np)++] = v;
			sp--;
		}
	}
}

/*
 * Lengauer and Tarjan ("A Fast Algorithm for Finding Dominators in a
 * Flowgraph"), with path compression and simple linking: O(m log n) on any
 * graph.  The iterative algorithm of Cooper, Harvey and Kennedy is simpler
 * but quadratic where the dominator tree is deep and many edges join far
 * down it (a few thousand nested loops took seconds).  succ and pred are
 * the graph's edges both ways; fills dom[] (dom[root] = root, -1 for nodes
 * the root does not reach).  Recursion-free: the search and the
 * compression use explicit stacks.
 */
typedef struct {
	int *semi;      /* preorder number of the semidominator (-1: unreached) */
	int *vertex;    /* preorder number -> node */
	int *parent;    /* DFS tree parent */
	int *anc;       /* forest of linked nodes: ancestor, -1 at a root */
	int *label;     /* the node of least semi on the compressed path */
	int *stk;
} Lt;

static void
ltcompress(Lt *t, int v)
{
	int sp = 0;

	while (t->anc[t->anc[v]] >= 0) {
		t->stk[sp++] = v;
		v = t->anc[v];
	}
	while (sp > 0) {
		int x = t->stk[--sp], a = t->anc[x];
		if (t->semi[t->label[a]] < t->semi[t->label[x]])
			t->label[x] = t->label[a];
		t->anc[x] = t->anc[a];
	}
}

static int
lteval(Lt *t, int v)
{
	if (t->anc[v] < 0)
		return v;
	ltcompress(t, v);
	return t->label[v];
}

static void
lengauer(const Graph *succ, const Graph *pred, int root, int *dom)
{
	int n = succ->n, nv = 0, sp = 0;
	Lt t;
	int *pos = ir_xcalloc((size_t)n + 1, sizeof(int));
	int *head = ir_xcalloc((size_t)n + 1, sizeof(int));   /* bucket of a node: nodes by semidominator */
	int *next = ir_xcalloc((size_t)n + 1, sizeof(int));

	t.semi = ir_xcalloc((size_t)n + 1, sizeof(int));
	t.vertex = ir_xcalloc((size_t)n + 1, sizeof(int));
	t.parent = ir_xcalloc((size_t)n + 1, sizeof(int));
	t.anc = ir_xcalloc((size_t)n + 1, sizeof(int));
	t.label = ir_xcalloc((size_t)n + 1, sizeof(int));
	t.stk = ir_xcalloc((size_t)n + 1, sizeof(int));
	for (int v = 0; v < n; v++) {
		t.semi[v] = t.anc[v] = t.parent[v] = head[v] = dom[v] = -1;
		t.label[v] = v;
	}
	/* preorder numbers; t.stk holds the path, pos the next edge of each */
	t.semi[root] = nv;
	t.vertex[nv++] = root;
	t.stk[sp] = root;
	pos[sp++] = succ->off[root];
	while (sp > 0) {
		int v = t.stk[sp - 1];
		if (pos[sp - 1] < succ->off[v + 1]) {
			int w = succ->adj[pos[sp - 1]++];
			if (t.semi[w] < 0) {
				t.semi[w] = nv;
				t.vertex[nv++] = w;
				t.parent[w] = v;
				t.stk[sp] = w;
				pos[sp++] = succ->off[w];
			}
		} else
			sp--;
	}
	for (int i = nv - 1; i > 0; i--) {
		int w = t.vertex[i], p = t.parent[w];
		for (int k = pred->off[w]; k < pred->off[w + 1]; k++) {
			int v = pred->adj[k];
			if (t.semi[v] < 0)
				continue;   /* not reached from the root */
			int u = lteval(&t, v);
			if (t.semi[u] < t.semi[w])
				t.semi[w] = t.semi[u];
		}
		int sw = t.vertex[t.semi[w]];
		next[w] = head[sw];
		head[sw] = w;
		t.anc[w] = p;
		for (int v = head[p]; v >= 0; v = next[v]) {
			int u = lteval(&t, v);
			dom[v] = t.semi[u] < t.semi[v] ? u : p;
		}
		head[p] = -1;
	}
	for (int i = 1; i < nv; i++) {
		int w = t.vertex[i];
		if (dom[w] != t.vertex[t.semi[w]])
			dom[w] = dom[dom[w]];
	}
	dom[root] = root;
	ir_xfree(pos);
	ir_xfree(head);
	ir_xfree(next);
	ir_xfree(t.semi);
	ir_xfree(t.vertex);
	ir_xfree(t.parent);
	ir_xfree(t.anc);
	ir_xfree(t.label);
	ir_xfree(t.stk);
}

/* Forward (succ) and backward (pred) graphs of the CFG. */
static void
cfggraphs(const Func *fn, Graph *fw, Graph *bw)
{
	int n = fn->nblk, ne = 0;

	for (int b = 0; b < n; b++)
		ne += fn->blk[b].nsucc;
	fw->n = bw->n = n;
	fw->off = ir_xcalloc((size_t)n + 1, sizeof(int));
	bw->off = ir_xcalloc((size_t)n + 1, sizeof(int));
	fw->adj = ir_xcalloc((size_t)ne, sizeof(int));
	bw->adj = ir_xcalloc((size_t)ne, sizeof(int));
	for (int b = 0, k = 0, j = 0; b < n; b++) {
		const Blk *bb = &fn->blk[b];
		fw->off[b] = k;
		bw->off[b] = j;
		for (int i = 0; i < bb->nsucc; i++)
			fw->adj[k++] = bb->succ[i];
		for (int i = 0; i < bb->npred; i++)
			bw->adj[j++] = bb->pred[i];
	}
	fw->off[n] = ne;
	bw->off[n] = ne;
}

/* Dominator tree preorder numbers (children by increasing block id). */
static void
domtree(Func *fn, const int *idom)
{
	int n = fn->nblk, pre = 0;
	int *cnt = ir_xcalloc((size_t)n + 1, sizeof(int));
	int *kid = ir_xcalloc((size_t)n, sizeof(int));
	int *stk = ir_xcalloc((size_t)n, sizeof(int));
	int *pos = ir_xcalloc((size_t)n, sizeof(int));

	for (int b = 0; b < n; b++)
		if (idom[b] >= 0)
			cnt[idom[b] + 1]++;
	for (int b = 0; b < n; b++)
		cnt[b + 1] += cnt[b];
	memcpy(pos, cnt, (size_t)n * sizeof(int));  /* pos: fill cursors for now */
	for (int b = 0; b < n; b++)
		if (idom[b] >= 0)
			kid[pos[idom[b]]++] = b;

	int sp = 0;
	stk[sp] = 0;
	pos[sp++] = cnt[0];
	fn->blk[0].dpre = pre++;
	while (sp > 0) {
		int v = stk[sp - 1];
		if (pos[sp - 1] < cnt[v + 1]) {
			int w = kid[pos[sp - 1]++];
			fn->blk[w].dpre = pre++;
			stk[sp] = w;
			pos[sp++] = cnt[w];
		} else {
			fn->blk[v].dlast = pre - 1;
			sp--;
		}
	}
	ir_xfree(cnt);
	ir_xfree(kid);
	ir_xfree(stk);
	ir_xfree(pos);
}

/*
 * Tarjan's strongly connected components over the blocks not yet marked in
 * seen[] (those that cannot reach an exit); marks tox[] on the highest block
 * of every component that no edge leaves.  Iterative; linear.
 */
static void
sinkloops(const Graph *fw, const char *seen, char *tox)
{
	int n = fw->n, idx = 0, sp = 0, cs = 0, ncomp = 0;
	int *num = ir_xcalloc((size_t)n, sizeof(int));   /* dfs number + 1, 0 unvisited */
	int *low = ir_xcalloc((size_t)n, sizeof(int));
	int *comp = ir_xcalloc((size_t)n, sizeof(int));  /* component + 1, 0 while open */
	int *stk = ir_xcalloc((size_t)n, sizeof(int));   /* Tarjan's stack */
	int *call = ir_xcalloc((size_t)n, sizeof(int));  /* DFS stack and edge positions */
	int *pos = ir_xcalloc((size_t)n, sizeof(int));

	for (int r = 0; r < n; r++) {
		if (seen[r] || num[r])
			continue;
		num[r] = low[r] = ++idx;
		stk[sp++] = r;
		call[cs] = r;
		pos[cs++] = fw->off[r];
		while (cs > 0) {
			int v = call[cs - 1];
			if (pos[cs - 1] < fw->off[v + 1]) {
				int w = fw->adj[pos[cs - 1]++];
				if (seen[w])
					continue;  /* cannot happen: w would reach an exit, so would v */
				if (!num[w]) {
					num[w] = low[w] = ++idx;
					stk[sp++] = w;
					call[cs] = w;
					pos[cs++] = fw->off[w];
				} else if (!comp[w] && num[w] < low[v]) {
					low[v] = num[w];
				}
				continue;
			}
			cs--;
			if (cs > 0 && low[v] < low[call[cs - 1]])
				low[call[cs - 1]] = low[v];
			if (low[v] != num[v])
				continue;
			/* v roots a component: pop it, then see whether an edge leaves it.
			 * All of its successors are finished by now. */
			int top = sp, hi = -1, sink = 1;
			ncomp++;
			do
				comp[stk[--sp]] = ncomp;
			while (stk[sp] != v);
			for (int k = sp; k < top; k++) {
				int u = stk[k];
				if (u > hi)
					hi = u;
				for (int e = fw->off[u]; e < fw->off[u + 1]; e++)
					if (comp[fw->adj[e]] != ncomp)
						sink = 0;
			}
			if (sink)
				tox[hi] = 1;
		}
	}
	ir_xfree(num);
	ir_xfree(low);
	ir_xfree(comp);
	ir_xfree(stk);
	ir_xfree(call);
	ir_xfree(pos);
}

static void
postdom(Func *fn, const Graph *fw, const Graph *bw)
{
	int n = fn->nblk, x = n, np = 0;
	char *tox = ir_xcalloc((size_t)n, 1);
	char *seen = ir_xcalloc((size_t)n + 1, 1);
	int *post = ir_xcalloc((size_t)n + 1, sizeof(int));
	int *stk = ir_xcalloc((size_t)n + 1, sizeof(int));
	int *pos = ir_xcalloc((size_t)n + 1, sizeof(int));
	int *dom = ir_xcalloc((size_t)n + 1, sizeof(int));

	/* Reverse DFS from the real exits, then connect the infinite loops found
	 * among what is left and search again from them.  The virtual exit x is
	 * the root: its children are the exits, then the connected loops. */
	for (int b = 0; b < n; b++)
		tox[b] = fn->blk[b].nsucc == 0;
	for (int b = 0; b < n; b++)
		if (tox[b])
			dfs(bw, b, seen, post, &np, stk, pos);
	if (np < n) {
		sinkloops(fw, seen, tox);
		for (int b = 0; b < n; b++)
			if (tox[b])
				dfs(bw, b, seen, post, &np, stk, pos);
	}
	if (np != n) {
		fprintf(stderr, "ir_dom: %s: %d of %d blocks reach the exit\n",
			fn->name ? fn->name : "?", np, n);
		abort();
	}
	post[np++] = x;

	/* The reversed graph's predecessors are the successors, plus x. */
	Graph rp = { n + 1, ir_xcalloc((size_t)n + 2, sizeof(int)), NULL };
	int ne = fw->off[n], k = 0;
	rp.adj = ir_xcalloc((size_t)ne + (size_t)n, sizeof(int));
	for (int b = 0; b < n; b++) {
		rp.off[b] = k;
		for (int e = fw->off[b]; e < fw->off[b + 1]; e++)
			rp.adj[k++] = fw->adj[e];
		if (tox[b])
			rp.adj[k++] = x;
	}
	rp.off[n] = rp.off[n + 1] = k;

	/* Its successors: the predecessors, and from x the exits and loops. */
	Graph rs = { n + 1, ir_xcalloc((size_t)n + 2, sizeof(int)), NULL };
	rs.adj = ir_xcalloc((size_t)ne + (size_t)n, sizeof(int));
	k = 0;
	for (int b = 0; b < n; b++) {
		rs.off[b] = k;
		for (int e = bw->off[b]; e < bw->off[b + 1]; e++)
			rs.adj[k++] = bw->adj[e];
	}
	rs.off[x] = k;
	for (int b = 0; b < n; b++)
		if (tox[b])
			rs.adj[k++] = b;
	rs.off[x + 1] = k;
	lengauer(&rs, &rp, x, dom);
	ir_xfree(rs.off);
	ir_xfree(rs.adj);
	for (int b = 0; b < n; b++)
		fn->blk[b].ipdom = dom[b] == x ? -1 : dom[b];

	ir_xfree(rp.off);
	ir_xfree(rp.adj);
	ir_xfree(tox);
	ir_xfree(seen);
	ir_xfree(post);
	ir_xfree(stk);
	ir_xfree(pos);
	ir_xfree(dom);
}

void
ir_dom(Func *fn, Arena *a)
{
	int n = fn->nblk, np = 0;
	Graph fw, bw;

	if (n == 0)
		return;
	cfggraphs(fn, &fw, &bw);
	char *seen = ir_xcalloc((size_t)n, 1);
	int *post = ir_xcalloc((size_t)n, sizeof(int));
	int *stk = ir_xcalloc((size_t)n, sizeof(int));
	int *pos = ir_xcalloc((size_t)n, sizeof(int));
	int *num = ir_xcalloc((size_t)n, sizeof(int));
	int *dom = ir_xcalloc((size_t)n, sizeof(int));

	dfs(&fw, 0, seen, post, &np, stk, pos);
	fn->rpo = ir_alloc(a, (size_t)np * sizeof(int));
	fn->nrpo = np;
	for (int b = 0; b < n; b++) {
		Blk *bb = &fn->blk[b];
		bb->rpo = bb->idom = bb->dpre = bb->dlast = -1;
		num[b] = -1;
	}
	for (int i = 0; i < np; i++) {
		int b = post[np - 1 - i];
		fn->rpo[i] = b;
		fn->blk[b].rpo = num[b] = i;
	}
	lengauer(&fw, &bw, 0, dom);
	dom[0] = -1;
	for (int b = 0; b < n; b++)
		fn->blk[b].idom = dom[b];
	domtree(fn, dom);
	postdom(fn, &fw, &bw);

	ir_xfree(fw.off);
	ir_xfree(fw.adj);
	ir_xfree(bw.off);
	ir_xfree(bw.adj);
	ir_xfree(seen);
	ir_xfree(post);
	ir_xfree(stk);
	ir_xfree(pos);
	ir_xfree(num);
	ir_xfree(dom);
}

int
ir_dominates(const Func *fn, int a, int b)
{
	if (a == b)
		return 1;
	if (a < 0 || b < 0 || a >= fn->nblk || b >= fn->nblk)
		return 0;
	const Blk *x = &fn->blk[a], *y = &fn->blk[b];
	if (x->dpre < 0 || y->dpre < 0)
		return 0;
	return x->dpre <= y->dpre && y->dpre <= x->dlast;
}

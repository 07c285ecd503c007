/*
 * shim_graph.c -- CUDA graphs built node by node (the kinds of node:
 * shim_gnode.c) or by stream capture (shim_capture.c), edited (edges,
 * node destruction, cloning), queried (nodes, edges, types) (written
 * out: shim_gdot.c); what a node's work owns, and how it is
 * copied into a clone or an executable (shim_gexec.c).
 *
 * User objects (cuUserObject*): a pointer, a destructor and a count of
 * references, which the caller and graphs hold (cuGraphRetainUserObject);
 * a graph's references pass to its clones and to the executables made of
 * it, and go when they are destroyed.  The destructor runs once the last
 * reference goes -- after the call that dropped it has let go of the lock
 * (the driver runs it on a thread of its own; either way it must not call
 * the driver).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"
#include "cuda/shim_graph.h"

unsigned gr_lastid;

/* ---------------------------------------------------------------- user objects */

/* Objects whose last reference went, their destructors still to run
 * (gr_drain(), outside the lock). */
static Uobj **dead;
static size_t ndead, capdead;

/* Drops n references of o; under LOCK.  The last one retires the handle
 * and queues the destructor (when the queue cannot grow, the destructor is
 * lost rather than run under the lock). */
static void
uobj_drop(Uobj *o, uint64_t n)
{
	o->refs = n < o->refs ? o->refs - n : 0;
	if (o->refs)
		return;
	shim_hfree(o->h);
	if (ndead == capdead) {
		size_t cap = capdead ? 2 * capdead : 16;
		Uobj **nd = realloc(dead, cap * sizeof *nd);
		if (!nd) {
			free(o);
			return;
		}
		dead = nd, capdead = cap;
	}
	dead[ndead++] = o;
}

/* Runs the queued destructors; called without the lock. */
void
gr_drain(void)
{
	for (;;) {
		Uobj *o = NULL;
		LOCK();
		if (ndead)
			o = dead[--ndead];
		UNLOCK();
		if (!o)
			return;
		if (o->destroy)
			o->destroy(o->ptr);
		free(o);
	}
}

/* Adds n references of o to the list; under LOCK.  0, or -1 out of memory. */
static int
refs_add(Ref **refs, size_t *nrefs, Uobj *o, unsigned n)
{
	Ref *r;

	for (size_t i = 0; i < *nrefs; i++)
		if ((*refs)[i].o == o) {
			(*refs)[i].n += n;
			return 0;
		}
	if (!(r = realloc(*refs, (*nrefs + 1) * sizeof *r)))
		return -1;
	r[*nrefs].o = o, r[*nrefs].n = n;
	*refs = r;
	(*nrefs)++;
	return 0;
}

/* A copy of a list, each reference taken again (clones, executables); under LOCK. */
int
gr_refs_copy(Ref **to, size_t *nto, const Ref *from, size_t n)
{
	if (!n)
		return 0;
	if (!(*to = malloc(n * sizeof **to)))
		return -1;
	memcpy(*to, from, n * sizeof **to);
	*nto = n;
	for (size_t i = 0; i < n; i++)
		from[i].o->refs += from[i].n;
	return 0;
}

void
gr_refs_drop(Ref *refs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		uobj_drop(refs[i].o, refs[i].n);
	free(refs);
}

enum { UOBJ_NO_DESTRUCTOR_SYNC = 1, GRAPH_UOBJ_MOVE = 1 };

CUresult
cuUserObjectCreate(CUuserObject *out, void *ptr, void (*destroy)(void *), unsigned refs, unsigned flags)
{
	Uobj *o;

	if (!out || !destroy || !refs || flags != UOBJ_NO_DESTRUCTOR_SYNC)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (!(o = calloc(1, sizeof *o)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	o->ptr = ptr, o->destroy = destroy, o->refs = refs;
	LOCK();
	o->h = shim_hnew(H_UOBJ, o);
	UNLOCK();
	if (!o->h) {
		free(o);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	*out = o->h;
	return CUDA_SUCCESS;
}

CUresult
cuUserObjectRetain(CUuserObject h, unsigned n)
{
	CUresult r = CUDA_SUCCESS;
	Uobj *o;

	if (!n)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(o = UOBJ(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		o->refs += n;
	UNLOCK();
	return r;
}

CUresult
cuUserObjectRelease(CUuserObject h, unsigned n)
{
	CUresult r = CUDA_SUCCESS;
	Uobj *o;

	if (!n)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(o = UOBJ(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		uobj_drop(o, n);
	UNLOCK();
	gr_drain();
	return r;
}

CUresult
cuGraphRetainUserObject(CUgraph gh, CUuserObject h, unsigned n, unsigned flags)
{
	CUresult r = CUDA_SUCCESS;
	Graph *g;
	Uobj *o;

	if (!n || (flags & ~(unsigned)GRAPH_UOBJ_MOVE))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(g = GRAPH(gh)) || !(o = UOBJ(h)))
		r = g ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_INVALID_VALUE;
	else if (refs_add(&g->refs, &g->nrefs, o, n))
		r = CUDA_ERROR_OUT_OF_MEMORY;
	else if (!(flags & GRAPH_UOBJ_MOVE))
		o->refs += n;   /* moved: the caller's references become the graph's */
	UNLOCK();
	return r;
}

CUresult
cuGraphReleaseUserObject(CUgraph gh, CUuserObject h, unsigned n)
{
	CUresult r = CUDA_SUCCESS;
	Graph *g;
	Uobj *o;

	if (!n)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(g = GRAPH(gh)) || !(o = UOBJ(h)))
		r = g ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_INVALID_VALUE;
	else {
		size_t i = 0;
		while (i < g->nrefs && g->refs[i].o != o)
			i++;
		if (i == g->nrefs || g->refs[i].n < n)
			r = CUDA_ERROR_INVALID_VALUE;   /* more than the graph holds */
		else {
			if (!(g->refs[i].n -= n))
				g->refs[i] = g->refs[--g->nrefs];
			uobj_drop(o, n);
		}
	}
	UNLOCK();
	gr_drain();
	return r;
}
/* What a node's work owns: its arguments, its child graph or executable,
 * its reference to an allocation; under LOCK. */
void
gr_work_free(Work *w)
{
	free(w->args);
	w->args = NULL;
	if (w->child)
		shim_graph_free(w->child);
	w->child = NULL;
	if (w->sub)
		gr_exec_free(w->sub);
	w->sub = NULL;
	gr_gmem_drop(w->mem);
	w->mem = NULL;
	for (unsigned i = 0; i < w->nbody; i++) {
		if (w->body && w->body[i])
			shim_graph_free(w->body[i]);
		if (w->bsub && w->bsub[i])
			gr_exec_free(w->bsub[i]);
	}
	free(w->body);
	free(w->bsub);
	w->body = NULL, w->bsub = NULL;
}

/* A copy of from that owns its own: for a graph (a clone's node), the
 * child graph cloned; for an executable (toexec), the child graph and
 * a conditional node's bodies instantiated.  A graph with a conditional
 * node cannot be cloned, nor be a child (the driver's restriction).
 * Under LOCK. */
CUresult
gr_work_dup(Work *to, const Work *from, int toexec)
{
	CUresult r = CUDA_SUCCESS;

	*to = *from;
	to->args = NULL, to->child = NULL, to->sub = NULL, to->body = NULL, to->bsub = NULL;
	if (from->kind == N_COND && !toexec)
		return CUDA_ERROR_NOT_SUPPORTED;
	if (from->args) {
		if (!(to->args = malloc(from->nargs ? from->nargs : 1)))
			return CUDA_ERROR_OUT_OF_MEMORY;
		memcpy(to->args, from->args, from->nargs);
	}
	if (from->child && toexec) {
		CUgraphExec sh;
		if (!(r = gr_instantiate(&sh, GRAPH(from->child))))
			to->sub = EXEC(sh);
	} else if (from->child)
		r = gr_clone(&to->child, GRAPH(from->child));
	else if (from->kind == N_COND && !(to->bsub = calloc(from->nbody, sizeof *to->bsub)))
		r = CUDA_ERROR_OUT_OF_MEMORY;
	for (unsigned i = 0; !r && to->bsub && i < from->nbody; i++) {
		CUgraphExec sh;
		if (!(r = gr_instantiate(&sh, GRAPH(from->body[i]))))
			to->bsub[i] = EXEC(sh);
	}
	if (r) {
		to->mem = NULL;   /* not taken yet */
		gr_work_free(to);
		return r;
	}
	if (to->mem)
		to->mem->refs++;
	return CUDA_SUCCESS;
}


/* Adds a node doing w after deps to graph gh; takes w's buffer; under LOCK. */
CUresult
gr_add(CUgraphNode *out, CUgraph gh, const CUgraphNode *deps, size_t ndeps, Work *w)
{
	Graph *g = GRAPH(gh);
	Node *nd;

	if (!g)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < ndeps; i++)
		if (!deps || !(nd = NODE(deps[i])) || nd->g != g)
			return CUDA_ERROR_INVALID_VALUE;
	if (!(nd = calloc(1, sizeof *nd)) || (ndeps && !(nd->deps = calloc(ndeps, sizeof *deps))) ||
	    !(nd->h = shim_hnew(H_NODE, nd))) {
		if (nd)
			free(nd->deps);
		free(nd);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (ndeps)
		memcpy(nd->deps, deps, ndeps * sizeof *deps);
	nd->ndeps = ndeps;
	nd->g = g;
	nd->w = *w;
	w->args = NULL, w->child = NULL, w->mem = NULL, w->body = NULL, w->bsub = NULL;
	if (g->last)
		g->last->next = nd;
	else
		g->first = nd;
	g->last = nd;
	g->n++;
	*out = nd->h;
	return CUDA_SUCCESS;
}

/* Under LOCK. */
CUresult
shim_graph_new(CUgraph *out)
{
	Graph *g;

	if (!(g = calloc(1, sizeof *g)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (!(g->h = shim_hnew(H_GRAPH, g))) {
		free(g);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	g->id = ++gr_lastid;
	*out = g->h;
	return CUDA_SUCCESS;
}

CUresult
cuGraphCreate(CUgraph *out, unsigned flags)
{
	CUresult r;

	if (!out || flags)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	LOCK();
	r = shim_graph_new(out);
	UNLOCK();
	return r;
}

CUresult
cuGraphDestroy(CUgraph gh)
{
	LOCK();
	if (!GRAPH(gh)) {
		UNLOCK();
		return CUDA_ERROR_INVALID_VALUE;
	}
	shim_graph_free(gh);
	UNLOCK();
	gr_drain();
	return CUDA_SUCCESS;
}

/* Under LOCK. */
void
shim_graph_free(CUgraph gh)
{
	Graph *g = GRAPH(gh);

	if (!g)
		return;
	for (Node *nd = g->first, *nx; nd; nd = nx) {
		nx = nd->next;
		gr_work_free(&nd->w);
		free(nd->deps);
		free(nd->argp);
		shim_hfree(nd->h);
		free(nd);
	}
	gr_cond_drop(gh);
	for (size_t i = 0; i < g->nowned; i++)
		shim_free(g->owned[i]);
	free(g->owned);
	gr_refs_drop(g->refs, g->nrefs);
	shim_hfree(gh);
	free(g);
}

/* Under LOCK. */
CUresult
shim_graph_own(CUgraph gh, CUdeviceptr p)
{
	Graph *g = GRAPH(gh);
	CUdeviceptr *o;

	if (!g)
		return CUDA_ERROR_INVALID_VALUE;
	if (!(o = realloc(g->owned, (g->nowned + 1) * sizeof *o)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	o[g->nowned++] = p;
	g->owned = o;
	return CUDA_SUCCESS;
}

/* ---------------------------------------------------------------- queries */

int
shim_graph_owns(CUgraph g, CUgraphNode n)
{
	const Node *nd = NODE(n);

	return nd && GRAPH(g) && nd->g == GRAPH(g);
}

/* Whether each of the n nodes is one of the nt in tails or runs before
 * one of them (through their dependencies, transitively): a stream that
 * forked from a capture has joined back when its last nodes are so.
 * Under LOCK; 0 when out of memory. */
int
shim_graph_before(CUgraph gh, const CUgraphNode *nodes, size_t n, const CUgraphNode *tails, size_t nt)
{
	Graph *g = GRAPH(gh);
	char *seen;
	Node **todo;
	size_t k = 0, i = 0;
	int ok = 1;

	if (!n)
		return 1;
	if (!g || !g->n)
		return 0;
	seen = calloc(g->n, 1);
	todo = malloc(g->n * sizeof *todo);
	if (!seen || !todo) {
		free(seen);
		free(todo);
		return 0;
	}
	for (Node *nd = g->first; nd; nd = nd->next)
		nd->idx = i++;
	for (i = 0; i < nt; i++) {
		Node *nd = NODE(tails[i]);
		if (nd && nd->g == g && !seen[nd->idx]) {
			seen[nd->idx] = 1;
			todo[k++] = nd;
		}
	}
	while (k) {
		Node *nd = todo[--k];
		for (size_t d = 0; d < nd->ndeps; d++) {
			Node *dep = NODE(nd->deps[d]);
			if (dep && dep->g == g && !seen[dep->idx]) {
				seen[dep->idx] = 1;
				todo[k++] = dep;
			}
		}
	}
	for (i = 0; i < n && ok; i++) {
		Node *nd = NODE(nodes[i]);
		ok = nd && nd->g == g && seen[nd->idx];
	}
	free(seen);
	free(todo);
	return ok;
}

/* The driver's convention for every list query, as an H200's answers
 * (tests/shim/hostile.gpu): with out NULL, *n is set to the count; else
 * *n is the room in out, which may not be 0 while there is something to
 * list; the first items that fit are written, the rest of the room set to
 * NULL, and *n set to the number written.  Nothing past the room is
 * touched. */
static CUresult
room(void *out, size_t *n, size_t count, size_t *k)
{
	if (!out) {
		*n = count;
		*k = 0;
		return CUDA_SUCCESS;
	}
	if (!*n && count)
		return CUDA_ERROR_INVALID_VALUE;
	*k = count < *n ? count : *n;
	return CUDA_SUCCESS;
}

static void
hand(CUgraphNode *out, size_t n, const CUgraphNode *items, size_t k)
{
	memcpy(out, items, k * sizeof *out);
	for (size_t i = k; i < n; i++)
		out[i] = NULL;
}

static CUresult
hand_out(CUgraphNode *out, size_t *n, const CUgraphNode *items, size_t count)
{
	size_t k;
	CUresult r = room(out, n, count, &k);

	if (!r && out) {
		hand(out, *n, items, k);
		*n = k;
	}
	return r;
}

/* The nodes of g that pass keep (all, when keep is NULL), in the order
 * added; malloc'd into *list; under LOCK. */
static CUresult
nodes_where(CUgraphNode **list, size_t *count, Graph *g, int (*keep)(const Node *))
{
	size_t n = 0;

	if (!(*list = malloc((g->n ? g->n : 1) * sizeof **list)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (Node *nd = g->first; nd; nd = nd->next)
		if (!keep || keep(nd))
			(*list)[n++] = nd->h;
	*count = n;
	return CUDA_SUCCESS;
}

static int
is_root(const Node *nd)
{
	return nd->ndeps == 0;
}

static CUresult
list_nodes(CUgraph gh, CUgraphNode *out, size_t *n, int (*keep)(const Node *))
{
	CUgraphNode *list;
	size_t count;
	CUresult r;
	Graph *g;

	if (!n)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(g = GRAPH(gh)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!(r = nodes_where(&list, &count, g, keep))) {
		r = hand_out(out, n, list, count);
		free(list);
	}
	UNLOCK();
	return r;
}

CUresult
cuGraphGetNodes(CUgraph g, CUgraphNode *out, size_t *n)
{
	return list_nodes(g, out, n, NULL);
}

CUresult
cuGraphGetRootNodes(CUgraph g, CUgraphNode *out, size_t *n)
{
	return list_nodes(g, out, n, is_root);
}

/* CUgraphNodeType of each Work kind */
CUresult
cuGraphNodeGetType(CUgraphNode h, int *type)
{
	static const int types[] = {[N_EMPTY] = 5, [N_KERNEL] = 0, [N_COPY] = 1, [N_FILL] = 2,
	                            [N_HOST] = 3, [N_CHILD] = 4, [N_WAIT] = 6, [N_RECORD] = 7,
	                            [N_ALLOC] = 10, [N_FREE] = 11, [N_COND] = 13, [N_MEMOP] = 12,
	                            [N_SEMSIG] = 8, [N_SEMWAIT] = 9};
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!type)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = NODE(h)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*type = types[nd->w.kind];
	UNLOCK();
	return r;
}

/* The edges of g, from each node's dependencies, in the order added;
 * edge data (the _v2 forms) is all zero: the default kind of edge. */
CUresult
cuGraphGetEdges_v2(CUgraph gh, CUgraphNode *from, CUgraphNode *to, void *edata, size_t *n)
{
	CUresult r = CUDA_SUCCESS;
	size_t k = 0, fit = 0;
	Graph *g;

	if (!n || (!from) != (!to))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(g = GRAPH(gh)))
		r = CUDA_ERROR_INVALID_VALUE;
	else {
		for (Node *nd = g->first; nd; nd = nd->next)
			k += nd->ndeps;
		r = room(from, n, k, &fit);
	}
	if (!r && from) {
		k = 0;
		for (Node *nd = g->first; nd && k < fit; nd = nd->next)
			for (size_t i = 0; i < nd->ndeps && k < fit; i++, k++) {
				from[k] = nd->deps[i];
				to[k] = nd->h;
				if (edata)
					memset((char *)edata + 8 * k, 0, 8);   /* CUgraphEdgeData: 8 bytes */
			}
		for (size_t i = fit; i < *n; i++)
			from[i] = to[i] = NULL;
		*n = fit;
	}
	UNLOCK();
	return r;
}

CUresult
cuGraphGetEdges(CUgraph g, CUgraphNode *from, CUgraphNode *to, size_t *n)
{
	return cuGraphGetEdges_v2(g, from, to, NULL, n);
}

CUresult
cuGraphNodeGetDependencies_v2(CUgraphNode h, CUgraphNode *out, void *edata, size_t *n)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!n)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = NODE(h)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!(r = hand_out(out, n, nd->deps, nd->ndeps)) && out && edata)
		memset(edata, 0, 8 * *n);
	UNLOCK();
	return r;
}

CUresult
cuGraphNodeGetDependencies(CUgraphNode h, CUgraphNode *out, size_t *n)
{
	return cuGraphNodeGetDependencies_v2(h, out, NULL, n);
}

CUresult
cuGraphNodeGetDependentNodes_v2(CUgraphNode h, CUgraphNode *out, void *edata, size_t *n)
{
	CUresult r = CUDA_SUCCESS;
	CUgraphNode *list = NULL;
	size_t k = 0;
	Node *nd;

	if (!n)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = NODE(h)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!(list = malloc((nd->g->n ? nd->g->n : 1) * sizeof *list)))
		r = CUDA_ERROR_OUT_OF_MEMORY;
	else {
		for (Node *o = nd->g->first; o; o = o->next)
			for (size_t i = 0; i < o->ndeps; i++)
				if (o->deps[i] == h) {
					list[k++] = o->h;
					break;
				}
		if (!(r = hand_out(out, n, list, k)) && out && edata)
			memset(edata, 0, 8 * *n);
	}
	free(list);
	UNLOCK();
	return r;
}

CUresult
cuGraphNodeGetDependentNodes(CUgraphNode h, CUgraphNode *out, size_t *n)
{
	return cuGraphNodeGetDependentNodes_v2(h, out, NULL, n);
}

/* ---------------------------------------------------------------- editing */

/* Adds (or, with rm, removes) the edges from[i] -> to[i]; under LOCK. */
static CUresult
edges(CUgraph gh, const CUgraphNode *from, const CUgraphNode *to, size_t n, int rm)
{
	Graph *g = GRAPH(gh);

	if (!g || (n && (!from || !to)))
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < n; i++) {
		Node *f = NODE(from[i]), *t = NODE(to[i]);
		size_t k;
		if (!f || !t || f->g != g || t->g != g || f == t)
			return CUDA_ERROR_INVALID_VALUE;
		for (k = 0; k < t->ndeps && t->deps[k] != from[i]; k++)
			;
		if (rm) {
			if (k == t->ndeps)
				return CUDA_ERROR_INVALID_VALUE;   /* no such edge */
			t->deps[k] = t->deps[--t->ndeps];
		} else if (k < t->ndeps) {
			return CUDA_ERROR_INVALID_VALUE;   /* there already, as an H200 answers */
		} else {
			CUgraphNode *d = realloc(t->deps, (t->ndeps + 1) * sizeof *d);
			if (!d)
				return CUDA_ERROR_OUT_OF_MEMORY;
			d[t->ndeps++] = from[i];
			t->deps = d;
		}
	}
	return CUDA_SUCCESS;
}

/* Edge data (the _v2 forms): only the default kind of edge. */
static CUresult
edges_locked(CUgraph g, const CUgraphNode *from, const CUgraphNode *to, size_t n, int rm)
{
	CUresult r;

	LOCK();
	r = edges(g, from, to, n, rm);
	UNLOCK();
	return r;
}

CUresult
cuGraphAddDependencies_v2(CUgraph g, const CUgraphNode *from, const CUgraphNode *to,
                          const void *edata, size_t n)
{
	(void)edata;
	return edges_locked(g, from, to, n, 0);
}

CUresult
cuGraphAddDependencies(CUgraph g, const CUgraphNode *from, const CUgraphNode *to, size_t n)
{
	return cuGraphAddDependencies_v2(g, from, to, NULL, n);
}

CUresult
cuGraphRemoveDependencies_v2(CUgraph g, const CUgraphNode *from, const CUgraphNode *to,
                             const void *edata, size_t n)
{
	(void)edata;
	return edges_locked(g, from, to, n, 1);
}

CUresult
cuGraphRemoveDependencies(CUgraph g, const CUgraphNode *from, const CUgraphNode *to, size_t n)
{
	return cuGraphRemoveDependencies_v2(g, from, to, NULL, n);
}

/* A node goes with its edges. */
CUresult
cuGraphDestroyNode(CUgraphNode h)
{
	Node *nd, **p;
	Graph *g;

	LOCK();
	if (!(nd = NODE(h))) {
		UNLOCK();
		return CUDA_ERROR_INVALID_VALUE;
	}
	g = nd->g;
	for (Node *o = g->first; o; o = o->next)
		for (size_t k = 0; k < o->ndeps; k++)
			if (o->deps[k] == h)
				o->deps[k--] = o->deps[--o->ndeps];
	for (p = &g->first; *p != nd; p = &(*p)->next)
		;
	*p = nd->next;
	if (g->last == nd)
		for (g->last = g->first; g->last && g->last->next; g->last = g->last->next)
			;
	g->n--;
	gr_work_free(&nd->w);
	free(nd->deps);
	free(nd->argp);
	shim_hfree(h);
	free(nd);
	UNLOCK();
	return CUDA_SUCCESS;
}

/* A copy of graph g: each node's work and edges, under new handles;
 * each new node remembers the one it copies (cuGraphNodeFindInClone).
 * Under LOCK. */
CUresult
gr_clone(CUgraph *out, Graph *g)
{
	CUgraphNode *map = NULL;
	CUgraph ch = NULL;
	CUresult r;
	size_t i = 0;

	if (!(map = calloc(g->n ? g->n : 1, sizeof *map)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	r = shim_graph_new(&ch);
	for (Node *nd = g->first; nd && !r; nd = nd->next, i++) {
		Work w;
		CUgraphNode deps[64], *dp = nd->ndeps <= 64 ? deps : malloc(nd->ndeps * sizeof *dp);
		nd->idx = i;
		if (!dp || (r = gr_work_dup(&w, &nd->w, 0))) {
			if (dp != deps)
				free(dp);
			r = r ? r : CUDA_ERROR_OUT_OF_MEMORY;
			break;
		}
		/* dependencies come earlier in the list unless added afterwards */
		size_t nd2 = 0;
		for (size_t k = 0; k < nd->ndeps; k++) {
			Node *dep = NODE(nd->deps[k]);
			if (dep && dep->idx < i)
				dp[nd2++] = map[dep->idx];
		}
		if (!(r = gr_add(&map[i], ch, dp, nd2, &w)))
			NODE(map[i])->origin = nd->h;
		gr_work_free(&w);
		if (dp != deps)
			free(dp);
	}
	/* the edges to nodes added later */
	i = 0;
	for (Node *nd = g->first; nd && !r; nd = nd->next, i++)
		for (size_t k = 0; k < nd->ndeps && !r; k++) {
			Node *dep = NODE(nd->deps[k]);
			if (dep && dep->idx >= i)
				r = edges(ch, &map[dep->idx], &map[i], 1, 0);
		}
	if (!r && gr_refs_copy(&GRAPH(ch)->refs, &GRAPH(ch)->nrefs, g->refs, g->nrefs))
		r = CUDA_ERROR_OUT_OF_MEMORY;
	if (r && ch)
		shim_graph_free(ch);
	else if (!r)
		*out = ch;
	free(map);
	return r;
}

CUresult
cuGraphClone(CUgraph *out, CUgraph orig)
{
	CUresult r;
	Graph *g;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = (g = GRAPH(orig)) ? gr_clone(out, g) : CUDA_ERROR_INVALID_VALUE;
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- more node kinds */

/* The node h when it is of kind, else NULL; under LOCK. */
Node *
gr_node_of(CUgraphNode h, int kind)
{
	Node *nd = NODE(h);

	return nd && nd->w.kind == kind ? nd : NULL;
}

/* Adds a node of w (taking what it owns) after deps; under LOCK. */
CUresult
gr_add_work(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, Work *w)
{
	CUresult r;

	if (!out || !GRAPH(g))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		r = gr_add(out, g, deps, ndeps, w);
	gr_work_free(w);
	return r;
}

CUresult
cuGraphNodeFindInClone(CUgraphNode *out, CUgraphNode orig, CUgraph clone)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;
	Graph *g;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if ((g = GRAPH(clone)) && orig)
		for (Node *nd = g->first; nd; nd = nd->next)
			if (nd->origin == orig) {
				*out = nd->h;
				r = CUDA_SUCCESS;
				break;
			}
	UNLOCK();
	return r;
}


/*
 * shim_graph.c -- CUDA graphs built node by node (cuGraphAdd*Node) or by
 * stream capture (shim_capture.c), edited (edges, node destruction,
 * cloning), queried (nodes, edges, types, parameters), made executable
 * (cuGraphInstantiate*), updated (cuGraphExec*SetParams,
 * cuGraphExecUpdate) and launched (cuGraphLaunch): kernel, copy, fill,
 * host-function and empty nodes.
 *
 * Instantiation puts the nodes in a topological order (the order added,
 * unless an edge added later says otherwise) and a launch runs them in
 * it, one after the other (the interpreter runs one thing at a time
 * anyway).  As the driver does, a kernel node copies its arguments when it
 * is added or its parameters are set: later changes to the caller's
 * argument memory do not reach the graph.  An executable graph is a copy
 * of the graph's nodes, so changing the graph afterwards does not change
 * it; its nodes are named by the graph nodes they were copied from.
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
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

/* Handles of the handle table, like every other; the objects are Graph,
 * Node and Exec. */
typedef struct CUgraphExec_st *CUgraphExec;

/* CUDA_KERNEL_NODE_PARAMS: _v1 is the first ten fields; _v2 adds the
 * kernel and context used when func is NULL. */
typedef struct {
	CUfunction func;
	unsigned gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes;
	void **kernelParams, **extra;
	CUkernel kern;
	CUcontext ctx;
} CUDA_KERNEL_NODE_PARAMS;

typedef struct {
	CUdeviceptr dst;
	size_t pitch;
	unsigned value, elementSize;
	size_t width, height;
} CUDA_MEMSET_NODE_PARAMS;

typedef struct {
	CUhostFn fn;
	void *userData;
} CUDA_HOST_NODE_PARAMS;

enum { N_EMPTY, N_KERNEL, N_COPY, N_FILL, N_HOST };

/* What a node does; copied whole into an executable graph. */
typedef struct {
	int kind;
	CUfunction fn;              /* kernel: a handle, resolved at each launch */
	CUfunction given;           /* kernel: the handles it was given (func, kern), */
	CUkernel kern;              /* for cuGraphKernelNodeGetParams */
	unsigned grid[3], block[3], shared;
	char *args;                 /* the packed parameter buffer, owned */
	size_t nargs;
	CUDA_MEMCPY3D copy;         /* copy */
	CUDA_MEMSET_NODE_PARAMS fill;
	CUDA_HOST_NODE_PARAMS host;
} Work;

typedef struct Node {
	CUgraphNode h;
	struct Graph *g;
	Work w;
	CUgraphNode *deps;          /* the nodes it runs after, handles */
	size_t ndeps;
	size_t idx;                 /* scratch of topo() and cuGraphClone */
	void **argp;                /* cuGraphKernelNodeGetParams' pointers into w.args */
	struct Node *next;          /* in the order added */
} Node;

typedef struct CUuserObject_st *CUuserObject;

typedef struct {
	CUuserObject h;
	void *ptr;
	void (*destroy)(void *);
	uint64_t refs;
} Uobj;

typedef struct {                /* references a graph or an executable holds */
	Uobj *o;
	unsigned n;
} Ref;

typedef struct Graph {
	CUgraph h;
	Ref *refs;
	size_t nrefs;
	Node *first, *last;
	size_t n;
	CUdeviceptr *owned;         /* memory freed while captured: freed with the graph */
	size_t nowned;
	unsigned id;                /* cuGraphGetId: graphs numbered as made, from 1 */
} Graph;

typedef struct {
	CUgraphExec h;
	size_t n;
	Work *w;
	CUgraphNode *from;          /* the graph node each was copied from: a handle,
	                             * compared, never resolved */
	unsigned long long flags;   /* as instantiated (cuGraphExecGetFlags) */
	Ref *refs;                  /* the graph's user objects when it was made */
	size_t nrefs;
	unsigned id;                /* cuGraphExecGetId: numbered with the graphs */
} Exec;

static unsigned lastid;         /* the last graph or executable id handed out; under LOCK */

#define GRAPH(h) ((Graph *)shim_hget((h), H_GRAPH))
#define UOBJ(h) ((Uobj *)shim_hget((h), H_UOBJ))

/* ---------------------------------------------------------------- user objects */

/* Objects whose last reference went, their destructors still to run
 * (drain(), outside the lock). */
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
static void
drain(void)
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
static int
refs_copy(Ref **to, size_t *nto, const Ref *from, size_t n)
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

static void
refs_drop(Ref *refs, size_t n)
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
	drain();
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
	drain();
	return r;
}
#define NODE(h) ((Node *)shim_hget((h), H_NODE))
#define EXEC(h) ((Exec *)shim_hget((h), H_EXEC))

/* ---------------------------------------------------------------- nodes */

/* The kernel's arguments packed as its parameter buffer; under LOCK. */
static CUresult
pack(Work *w, Fn *fn, void **params, void **extra)
{
	size_t need = ptx_function_param_size(fn->f);
	char *buf = calloc(1, need ? need : 1);

	if (!buf)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (params && !extra)
		ptx_function_pack_params(fn->f, params, buf);
	else if (extra && !params) {
		const char *src = NULL;
		size_t len = 0;
		for (int i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
			if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
				src = extra[i + 1];
			else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE)
				len = *(size_t *)extra[i + 1];
			else {
				free(buf);
				return CUDA_ERROR_INVALID_VALUE;
			}
		}
		if (need && (!src || len < need)) {
			free(buf);
			return CUDA_ERROR_INVALID_VALUE;
		}
		if (need)
			memcpy(buf, src, need);
	} else if (need || (params && extra)) {
		free(buf);
		return CUDA_ERROR_INVALID_VALUE;
	}
	free(w->args);
	w->args = buf;
	w->nargs = need;
	return CUDA_SUCCESS;
}

/* Fills w from kernel node parameters (v2 when v2 is set); under LOCK. */
static CUresult
kernel_work(Work *w, const CUDA_KERNEL_NODE_PARAMS *p, int v2)
{
	Fn *fn = NULL;
	Ctx *ctx = NULL;
	CUresult r;

	if (!p->func && v2 && p->kern) {
		if (!p->ctx && (r = shim_ready(&ctx)))
			return r;
		if (p->ctx && !(ctx = CTX(p->ctx)))
			return CUDA_ERROR_INVALID_CONTEXT;
		if (!FN(p->kern) || (r = shim_instance(&fn, FN(p->kern), ctx)))
			return FN(p->kern) ? r : CUDA_ERROR_INVALID_HANDLE;
	} else if (!(fn = FN(p->func)))
		return CUDA_ERROR_INVALID_HANDLE;
	if ((r = pack(w, fn, p->kernelParams, p->extra)))
		return r;
	w->kind = N_KERNEL;
	w->fn = fn->h;
	w->given = p->func;
	w->kern = v2 ? p->kern : NULL;
	w->grid[0] = p->gridDimX, w->grid[1] = p->gridDimY, w->grid[2] = p->gridDimZ;
	w->block[0] = p->blockDimX, w->block[1] = p->blockDimY, w->block[2] = p->blockDimZ;
	w->shared = p->sharedMemBytes;
	return CUDA_SUCCESS;
}

/* Adds a node doing w after deps to graph gh; takes w's buffer; under LOCK. */
static CUresult
add(CUgraphNode *out, CUgraph gh, const CUgraphNode *deps, size_t ndeps, Work *w)
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
	w->args = NULL;
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
	g->id = ++lastid;
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
	drain();
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
		free(nd->w.args);
		free(nd->deps);
		free(nd->argp);
		shim_hfree(nd->h);
		free(nd);
	}
	for (size_t i = 0; i < g->nowned; i++)
		shim_free(g->owned[i]);
	free(g->owned);
	refs_drop(g->refs, g->nrefs);
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

static CUresult
add_kernel(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
           const CUDA_KERNEL_NODE_PARAMS *p, int v2)
{
	Work w;
	CUresult r;

	if (!out || !p)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	LOCK();
	if (!GRAPH(g))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!(r = kernel_work(&w, p, v2)))
		r = add(out, g, deps, ndeps, &w);
	UNLOCK();
	free(w.args);
	return r;
}

CUresult
cuGraphAddKernelNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                     const CUDA_KERNEL_NODE_PARAMS *p)
{
	return add_kernel(out, g, deps, ndeps, p, 0);
}

CUresult
cuGraphAddKernelNode_v2(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                        const CUDA_KERNEL_NODE_PARAMS *p)
{
	return add_kernel(out, g, deps, ndeps, p, 1);
}

/* The context of a copy or fill node only says where it runs: there is
 * one device memory. */
CUresult
cuGraphAddMemcpyNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                     const CUDA_MEMCPY3D *c, CUcontext ctx)
{
	Work w;
	CUresult r;

	if (!out || !c)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	w.kind = N_COPY;
	w.copy = *c;
	LOCK();
	r = !GRAPH(g) ? CUDA_ERROR_INVALID_VALUE : ctx && !CTX(ctx) ? CUDA_ERROR_INVALID_CONTEXT :
	    add(out, g, deps, ndeps, &w);
	UNLOCK();
	return r;
}

CUresult
cuGraphAddMemsetNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                     const CUDA_MEMSET_NODE_PARAMS *p, CUcontext ctx)
{
	Work w;
	CUresult r;

	if (!out || !p || (p->elementSize != 1 && p->elementSize != 2 &&
	    p->elementSize != 4))
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	w.kind = N_FILL;
	w.fill = *p;
	LOCK();
	r = !GRAPH(g) ? CUDA_ERROR_INVALID_VALUE : ctx && !CTX(ctx) ? CUDA_ERROR_INVALID_CONTEXT :
	    add(out, g, deps, ndeps, &w);
	UNLOCK();
	return r;
}

CUresult
cuGraphAddHostNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                   const CUDA_HOST_NODE_PARAMS *p)
{
	Work w;
	CUresult r;

	if (!out || !p || !p->fn)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	w.kind = N_HOST;
	w.host = *p;
	LOCK();
	r = add(out, g, deps, ndeps, &w);
	UNLOCK();
	return r;
}

CUresult
cuGraphAddEmptyNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps)
{
	Work w;
	CUresult r;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	LOCK();
	r = add(out, g, deps, ndeps, &w);
	UNLOCK();
	return r;
}

/* The nodes stream capture adds (shim_capture.c); under LOCK. */
CUresult
shim_graph_kernel(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                  CUfunction fn, const unsigned grid[3], const unsigned block[3], unsigned shared,
                  void **params, void **extra)
{
	CUDA_KERNEL_NODE_PARAMS p;
	Fn *f = FN(fn);
	Work w;
	CUresult r;

	memset(&p, 0, sizeof p);
	/* a library's kernel (cudart launches those) runs as the current
	 * context's instance of it, as kernel_work finds it */
	if (f && f->mod->lib)
		p.kern = fn;
	else
		p.func = fn;
	p.gridDimX = grid[0], p.gridDimY = grid[1], p.gridDimZ = grid[2];
	p.blockDimX = block[0], p.blockDimY = block[1], p.blockDimZ = block[2];
	p.sharedMemBytes = shared;
	p.kernelParams = params;
	p.extra = extra;
	memset(&w, 0, sizeof w);
	if (!(r = kernel_work(&w, &p, 1)))
		r = add(out, g, deps, ndeps, &w);
	free(w.args);
	return r;
}

CUresult
shim_graph_copy(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                const CUDA_MEMCPY3D *c)
{
	Work w;

	memset(&w, 0, sizeof w);
	w.kind = N_COPY;
	w.copy = *c;
	return add(out, g, deps, ndeps, &w);
}

CUresult
shim_graph_fill(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                CUdeviceptr dst, size_t pitch, unsigned v, unsigned esz, size_t width, size_t height)
{
	Work w;

	memset(&w, 0, sizeof w);
	w.kind = N_FILL;
	w.fill.dst = dst;
	w.fill.pitch = pitch;
	w.fill.value = v;
	w.fill.elementSize = esz;
	w.fill.width = width;
	w.fill.height = height;
	return add(out, g, deps, ndeps, &w);
}

CUresult
shim_graph_host(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                CUhostFn fn, void *user)
{
	Work w;

	memset(&w, 0, sizeof w);
	w.kind = N_HOST;
	w.host.fn = fn;
	w.host.userData = user;
	return add(out, g, deps, ndeps, &w);
}

static CUresult
set_kernel(CUgraphNode h, const CUDA_KERNEL_NODE_PARAMS *p, int v2)
{
	CUresult r;
	Node *nd;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = !(nd = NODE(h)) || nd->w.kind != N_KERNEL ? CUDA_ERROR_INVALID_VALUE : kernel_work(&nd->w, p, v2);
	UNLOCK();
	return r;
}

CUresult
cuGraphKernelNodeSetParams(CUgraphNode nd, const CUDA_KERNEL_NODE_PARAMS *p)
{
	return set_kernel(nd, p, 0);
}

CUresult
cuGraphKernelNodeSetParams_v2(CUgraphNode nd, const CUDA_KERNEL_NODE_PARAMS *p)
{
	return set_kernel(nd, p, 1);
}

/* ---------------------------------------------------------------- executable graphs */

/* Under LOCK. */
static void
exec_free(Exec *x)
{
	for (size_t i = 0; i < x->n; i++)
		free(x->w[i].args);
	free(x->w);
	free(x->from);
	refs_drop(x->refs, x->nrefs);
	shim_hfree(x->h);
	free(x);
}

/* g's nodes into ord in an order that runs each after its dependencies:
 * the order added, but for a node whose dependency was added later
 * (cuGraphAddDependencies); 1 when there is a cycle.  Under LOCK. */
static int
topo(Graph *g, Node **ord)
{
	size_t n = 0;
	char *done = calloc(g->n ? g->n : 1, 1);
	Node **all = calloc(g->n ? g->n : 1, sizeof *all);
	int progress = 1;

	if (!done || !all) {
		free(done);
		free(all);
		return 1;
	}
	for (Node *nd = g->first; nd; nd = nd->next) {
		nd->idx = n;
		all[n++] = nd;
	}
	for (size_t k = 0; k < g->n && progress; ) {
		progress = 0;
		for (size_t i = 0; i < g->n; i++) {
			int ready = !done[i];
			for (size_t d = 0; ready && d < all[i]->ndeps; d++) {
				Node *dep = NODE(all[i]->deps[d]);
				if (dep && dep->g == g && !done[dep->idx])
					ready = 0;
			}
			if (ready) {
				done[i] = 1;
				ord[k++] = all[i];
				progress = 1;
				break;   /* from the first again: the order added wins */
			}
		}
	}
	for (size_t i = 0; i < g->n; i++)
		progress &= done[i];
	free(done);
	free(all);
	return !progress && g->n;
}

/* Under LOCK. */
static CUresult
instantiate(CUgraphExec *out, Graph *g)
{
	Exec *x;
	size_t i = 0;

	if (!(x = calloc(1, sizeof *x)) || !(x->w = calloc(g->n ? g->n : 1, sizeof *x->w)) ||
	    !(x->from = calloc(g->n ? g->n : 1, sizeof *x->from)) || !(x->h = shim_hnew(H_EXEC, x))) {
		if (x) {
			free(x->w);
			free(x->from);
			free(x);
		}
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	Node **ord = calloc(g->n ? g->n : 1, sizeof *ord);
	if (!ord || topo(g, ord)) {
		free(ord);
		x->n = 0;
		exec_free(x);
		return ord ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_OUT_OF_MEMORY;
	}
	for (; i < g->n; i++) {
		Node *nd = ord[i];
		x->w[i] = nd->w;
		x->from[i] = nd->h;
		x->n = i + 1;
		if (nd->w.args && !(x->w[i].args = malloc(nd->w.nargs ? nd->w.nargs : 1))) {
			x->n = i;
			exec_free(x);
			return CUDA_ERROR_OUT_OF_MEMORY;
		}
		if (nd->w.args)
			memcpy(x->w[i].args, nd->w.args, nd->w.nargs);
	}
	free(ord);
	if (refs_copy(&x->refs, &x->nrefs, g->refs, g->nrefs)) {
		exec_free(x);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	*out = x->h;
	return CUDA_SUCCESS;
}

CUresult
cuGraphInstantiateWithFlags(CUgraphExec *out, CUgraph gh, unsigned long long flags)
{
	CUresult r;
	Graph *g;

	/* auto-free, upload, device launch, priority: nothing to do but
	 * remember them */
	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = (g = GRAPH(gh)) ? instantiate(out, g) : CUDA_ERROR_INVALID_VALUE;
	if (!r) {
		EXEC(*out)->flags = flags;
		EXEC(*out)->id = ++lastid;
	}
	UNLOCK();
	return r;
}

/* CUDA_GRAPH_INSTANTIATE_PARAMS, the CUDA 12 form's in and out */
typedef struct {
	uint64_t flags;
	CUstream upload;            /* with CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD */
	CUgraphNode errnode;        /* out: NULL, no node fails here */
	int result;                 /* out: CUDA_GRAPH_INSTANTIATE_SUCCESS (0) or _ERROR (1) */
} InstParams;

enum { INST_FLAG_UPLOAD = 2 };

/* The CUDA 12 form (cuda.core's): the flags, the upload stream (checked:
 * uploading is nothing here), and the result in the parameters too. */
CUresult
cuGraphInstantiateWithParams(CUgraphExec *out, CUgraph g, InstParams *p)
{
	CUresult r;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	p->errnode = NULL;
	p->result = 1;
	if (p->flags & INST_FLAG_UPLOAD) {
		LOCK();
		r = shim_streamok(p->upload) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
		UNLOCK();
		if (r)
			return r;
	}
	if (!(r = cuGraphInstantiateWithFlags(out, g, p->flags)))
		p->result = 0;
	return r;
}

/* The ids of CUDA 13.1 (cuGraphGetId, cuGraphExecGetId): distinct
 * numbers, which cuda.core asks for once a graph is made executable. */
CUresult
cuGraphGetId(CUgraph h, unsigned *id)
{
	CUresult r = CUDA_SUCCESS;
	Graph *g;

	if (!id)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(g = GRAPH(h)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*id = g->id;
	UNLOCK();
	return r;
}

CUresult
cuGraphExecGetId(CUgraphExec h, unsigned *id)
{
	CUresult r = CUDA_SUCCESS;
	Exec *x;

	if (!id)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(x = EXEC(h)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*id = x->id;
	UNLOCK();
	return r;
}

CUresult
cuGraphExecGetFlags(CUgraphExec h, uint64_t *flags)
{
	CUresult r = CUDA_SUCCESS;
	Exec *x;

	if (!flags)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(x = EXEC(h)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*flags = x->flags;
	UNLOCK();
	return r;
}

/* The CUDA 10-11 form: an error node and a log, neither needed here. */
CUresult
cuGraphInstantiate_v2(CUgraphExec *out, CUgraph g, CUgraphNode *errnode, char *log, size_t cap)
{
	if (errnode)
		*errnode = NULL;
	if (log && cap)
		log[0] = 0;
	return cuGraphInstantiateWithFlags(out, g, 0);
}

CUresult
cuGraphInstantiate(CUgraphExec *out, CUgraph g, CUgraphNode *errnode, char *log, size_t cap)
{
	return cuGraphInstantiate_v2(out, g, errnode, log, cap);
}

CUresult
cuGraphExecDestroy(CUgraphExec h)
{
	CUresult r = CUDA_SUCCESS;
	Exec *x;

	LOCK();
	if (!(x = EXEC(h)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		exec_free(x);
	UNLOCK();
	drain();
	return r;
}

/* The executable's copy of graph node nd, or NULL; under LOCK. */
static Work *
find(CUgraphExec h, CUgraphNode nd)
{
	Exec *x = EXEC(h);

	if (!x || !nd)
		return NULL;
	for (size_t i = 0; i < x->n; i++)
		if (x->from[i] == nd)
			return &x->w[i];
	return NULL;
}

static CUresult
exec_set_kernel(CUgraphExec x, CUgraphNode nd, const CUDA_KERNEL_NODE_PARAMS *p, int v2)
{
	Work *w;
	CUresult r;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = !(w = find(x, nd)) || w->kind != N_KERNEL ? CUDA_ERROR_INVALID_VALUE : kernel_work(w, p, v2);
	UNLOCK();
	return r;
}

CUresult
cuGraphExecKernelNodeSetParams(CUgraphExec x, CUgraphNode nd, const CUDA_KERNEL_NODE_PARAMS *p)
{
	return exec_set_kernel(x, nd, p, 0);
}

CUresult
cuGraphExecKernelNodeSetParams_v2(CUgraphExec x, CUgraphNode nd, const CUDA_KERNEL_NODE_PARAMS *p)
{
	return exec_set_kernel(x, nd, p, 1);
}

CUresult
cuGraphExecMemcpyNodeSetParams(CUgraphExec x, CUgraphNode nd, const CUDA_MEMCPY3D *c, CUcontext ctx)
{
	CUresult r = CUDA_SUCCESS;
	Work *w;

	(void)ctx;
	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(w = find(x, nd)) || w->kind != N_COPY)
		r = CUDA_ERROR_INVALID_VALUE;
	else
		w->copy = *c;
	UNLOCK();
	return r;
}

CUresult
cuGraphExecMemsetNodeSetParams(CUgraphExec x, CUgraphNode nd, const CUDA_MEMSET_NODE_PARAMS *p,
                               CUcontext ctx)
{
	CUresult r = CUDA_SUCCESS;
	Work *w;

	(void)ctx;
	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(w = find(x, nd)) || w->kind != N_FILL)
		r = CUDA_ERROR_INVALID_VALUE;
	else
		w->fill = *p;
	UNLOCK();
	return r;
}

/* Nothing to upload: the graph runs where it is. */
CUresult
cuGraphUpload(CUgraphExec x, CUstream st)
{
	CUresult r;

	LOCK();
	r = !EXEC(x) ? CUDA_ERROR_INVALID_VALUE : !shim_streamok(st) ? CUDA_ERROR_INVALID_HANDLE :
	    CUDA_SUCCESS;
	UNLOCK();
	return r;
}

/* Runs every node in order; the first error stops the launch.  The lock
 * is held but for host functions, which may call the driver: after one,
 * the executable is looked up again, since the function may have
 * destroyed it (the launch then ends there). */
CUresult
cuGraphLaunch(CUgraphExec h, CUstream st)
{
	CUresult r = CUDA_SUCCESS;
	Exec *x;

	LOCK();
	if (!(x = EXEC(h)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!shim_streamok(st))
		r = CUDA_ERROR_INVALID_HANDLE;
	for (size_t i = 0; x && i < x->n && !r; i++) {
		Work *w = &x->w[i];
		switch (w->kind) {
		case N_KERNEL: {
			size_t len = w->nargs;
			void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, w->args, CU_LAUNCH_PARAM_BUFFER_SIZE,
			                 &len, CU_LAUNCH_PARAM_END};
			r = shim_launch(w->fn, w->grid, w->block, NULL, w->shared, NULL, extra);
			break;
		}
		case N_COPY: r = shim_copy3d(&w->copy, 0); break;
		case N_FILL:
			if (!(r = shim_ready(NULL)))
				for (size_t y = 0; y < w->fill.height && !r; y++)
					r = shim_fill(w->fill.dst + y * w->fill.pitch, w->fill.value, w->fill.elementSize,
					    w->fill.width);
			break;
		case N_HOST:
			if (!(r = shim_ready(NULL))) {
				CUDA_HOST_NODE_PARAMS hp = w->host;
				UNLOCK();
				hp.fn(hp.userData);
				LOCK();
				x = EXEC(h);
			}
			break;
		default: break;
		}
	}
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- queries */

/* Writes up to *n of the count items into out (when out is set) and sets
 * *n to the count, the driver's convention for every list query. */
static void
hand_out(CUgraphNode *out, size_t *n, const CUgraphNode *items, size_t count)
{
	if (out)
		memcpy(out, items, (count < *n ? count : *n) * sizeof *out);
	*n = count;
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
		hand_out(out, n, list, count);
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
	                            [N_HOST] = 3};
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
	size_t k = 0;
	Graph *g;

	if (!n || (!from) != (!to))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(g = GRAPH(gh)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		for (Node *nd = g->first; nd; nd = nd->next)
			for (size_t i = 0; i < nd->ndeps; i++, k++)
				if (from && k < *n) {
					from[k] = nd->deps[i];
					to[k] = nd->h;
					if (edata)
						memset((char *)edata + 8 * k, 0, 8);   /* CUgraphEdgeData: 8 bytes */
				}
	if (!r)
		*n = k;
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
	else {
		if (out && edata)
			memset(edata, 0, 8 * (nd->ndeps < *n ? nd->ndeps : *n));
		hand_out(out, n, nd->deps, nd->ndeps);
	}
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
		if (out && edata)
			memset(edata, 0, 8 * (k < *n ? k : *n));
		hand_out(out, n, list, k);
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
		} else if (k == t->ndeps) {
			CUgraphNode *d = realloc(t->deps, (t->ndeps + 1) * sizeof *d);
			if (!d)
				return CUDA_ERROR_OUT_OF_MEMORY;
			d[t->ndeps++] = from[i];
			t->deps = d;
		}
	}
	return CUDA_SUCCESS;
}

CUresult
cuGraphAddDependencies_v2(CUgraph g, const CUgraphNode *from, const CUgraphNode *to,
                          const void *edata, size_t n)
{
	CUresult r;

	(void)edata;   /* only the default kind of edge */
	LOCK();
	r = edges(g, from, to, n, 0);
	UNLOCK();
	return r;
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
	CUresult r;

	(void)edata;
	LOCK();
	r = edges(g, from, to, n, 1);
	UNLOCK();
	return r;
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
	free(nd->w.args);
	free(nd->deps);
	free(nd->argp);
	shim_hfree(h);
	free(nd);
	UNLOCK();
	return CUDA_SUCCESS;
}

/* The kernel node's parameters; kernelParams point into the node's own
 * copy of the arguments, valid while the node is unchanged. */
CUresult
cuGraphKernelNodeGetParams_v2(CUgraphNode h, CUDA_KERNEL_NODE_PARAMS *p)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;
	Fn *fn;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = NODE(h)) || nd->w.kind != N_KERNEL || !(fn = FN(nd->w.fn)))
		r = CUDA_ERROR_INVALID_VALUE;
	else {
		int np = ptx_function_param_count(fn->f);
		void **argp = np ? calloc((size_t)np + 1, sizeof *argp) : NULL;
		if (np && !argp)
			r = CUDA_ERROR_OUT_OF_MEMORY;
		else {
			for (int i = 0; i < np; i++) {
				size_t off = 0;
				ptx_function_param_offset(fn->f, i, &off);
				argp[i] = nd->w.args + off;
			}
			free(nd->argp);
			nd->argp = argp;
			memset(p, 0, sizeof *p);
			p->func = nd->w.given;
			p->kern = nd->w.kern;
			p->gridDimX = nd->w.grid[0], p->gridDimY = nd->w.grid[1], p->gridDimZ = nd->w.grid[2];
			p->blockDimX = nd->w.block[0], p->blockDimY = nd->w.block[1];
			p->blockDimZ = nd->w.block[2];
			p->sharedMemBytes = nd->w.shared;
			p->kernelParams = argp;
		}
	}
	UNLOCK();
	return r;
}

/* CUDA_KERNEL_NODE_PARAMS_v1 is the first ten fields of the _v2 layout. */
CUresult
cuGraphKernelNodeGetParams(CUgraphNode h, CUDA_KERNEL_NODE_PARAMS *p)
{
	CUDA_KERNEL_NODE_PARAMS full;
	CUresult r;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	if (!(r = cuGraphKernelNodeGetParams_v2(h, &full)))
		memcpy(p, &full, offsetof(CUDA_KERNEL_NODE_PARAMS, kern));
	return r;
}

/* CUgraphExecUpdateResult, CUgraphExecUpdateResultInfo */
enum { UPDATE_SUCCESS, UPDATE_ERROR, UPDATE_TOPOLOGY_CHANGED, UPDATE_NODE_TYPE_CHANGED };
enum { CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE = 910 };
typedef struct { int result; CUgraphNode errorNode, errorFromNode; } UpdateInfo;

/* The executable takes what g's nodes now do, when g has the shape it was
 * made from: as many nodes, each of the same kind, in the same order. */
CUresult
cuGraphExecUpdate_v2(CUgraphExec xh, CUgraph gh, UpdateInfo *info)
{
	CUgraphExec nh;
	Exec *x, *nx;
	Graph *g;
	CUresult r;

	if (info)
		memset(info, 0, sizeof *info);
	LOCK();
	if (!(x = EXEC(xh)) || !(g = GRAPH(gh)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!(r = instantiate(&nh, g))) {
		int result = UPDATE_SUCCESS;
		nx = EXEC(nh);
		if (nx->n != x->n)
			result = UPDATE_TOPOLOGY_CHANGED;
		for (size_t i = 0; !result && i < nx->n; i++)
			if (nx->w[i].kind != x->w[i].kind) {
				result = UPDATE_NODE_TYPE_CHANGED;
				if (info)
					info->errorNode = nx->from[i];
			}
		if (info)
			info->result = result;
		if (result)
			r = CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE;
		else {
			/* swap the contents: the old handle keeps the new work */
			Work *w = x->w;
			CUgraphNode *from = x->from;
			x->w = nx->w, x->from = nx->from;
			nx->w = w, nx->from = from;
		}
		exec_free(nx);
	}
	UNLOCK();
	return r;
}

CUresult
cuGraphExecUpdate(CUgraphExec x, CUgraph g, CUgraphNode *errnode, int *result)
{
	UpdateInfo info;
	CUresult r = cuGraphExecUpdate_v2(x, g, &info);

	if (errnode)
		*errnode = info.errorNode;
	if (result)
		*result = info.result;
	return r;
}

/* A copy of the graph: each node's work and edges, under new handles. */
CUresult
cuGraphClone(CUgraph *out, CUgraph orig)
{
	CUgraphNode *map = NULL;
	CUgraph ch = NULL;
	CUresult r;
	Graph *g;
	size_t i = 0;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(g = GRAPH(orig)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!(map = calloc(g->n ? g->n : 1, sizeof *map)))
		r = CUDA_ERROR_OUT_OF_MEMORY;
	else
		r = shim_graph_new(&ch);
	for (Node *nd = g ? g->first : NULL; nd && !r; nd = nd->next, i++) {
		Work w = nd->w;
		CUgraphNode deps[64], *dp = nd->ndeps <= 64 ? deps : malloc(nd->ndeps * sizeof *dp);
		nd->idx = i;
		if (!dp || (w.args && !(w.args = malloc(nd->w.nargs ? nd->w.nargs : 1)))) {
			if (dp != deps)
				free(dp);
			r = CUDA_ERROR_OUT_OF_MEMORY;
			break;
		}
		if (w.args)
			memcpy(w.args, nd->w.args, nd->w.nargs);
		/* dependencies come earlier in the list unless added afterwards */
		size_t nd2 = 0;
		for (size_t k = 0; k < nd->ndeps; k++) {
			Node *dep = NODE(nd->deps[k]);
			if (dep && dep->idx < i)
				dp[nd2++] = map[dep->idx];
		}
		r = add(&map[i], ch, dp, nd2, &w);
		free(w.args);
		if (dp != deps)
			free(dp);
	}
	/* the edges to nodes added later */
	i = 0;
	for (Node *nd = g ? g->first : NULL; nd && !r; nd = nd->next, i++)
		for (size_t k = 0; k < nd->ndeps && !r; k++) {
			Node *dep = NODE(nd->deps[k]);
			if (dep && dep->idx >= i)
				r = edges(ch, &map[dep->idx], &map[i], 1, 0);
		}
	if (!r && refs_copy(&GRAPH(ch)->refs, &GRAPH(ch)->nrefs, g->refs, g->nrefs))
		r = CUDA_ERROR_OUT_OF_MEMORY;
	if (r && ch)
		shim_graph_free(ch);
	else if (!r)
		*out = ch;
	free(map);
	UNLOCK();
	return r;
}

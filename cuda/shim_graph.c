/*
 * shim_graph.c -- CUDA graphs built node by node (cuGraphAdd*Node) or by
 * stream capture (shim_capture.c), edited (edges, node destruction,
 * cloning), queried (nodes, edges, types, parameters), made executable
 * (cuGraphInstantiate*), updated (cuGraphExec*SetParams,
 * cuGraphExecUpdate) and launched (cuGraphLaunch): kernel, copy, fill,
 * host-function and empty nodes; event record and wait nodes; child graph
 * nodes, which own a clone of the child (an executable, an executable of
 * it); memory alloc and free nodes, whose allocation is made when the
 * alloc node is added and counted in use between the two nodes of a
 * launch; also through the generic cuGraphAddNode/cuGraph*NodeSetParams,
 * and written out by cuGraphDebugDotPrint.
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
#include <stdio.h>
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

enum { N_EMPTY, N_KERNEL, N_COPY, N_FILL, N_HOST, N_RECORD, N_WAIT, N_CHILD, N_ALLOC, N_FREE };

/* An allocation of a memory node: made when its alloc node is added (the
 * address is fixed from then on, as the driver fixes it), counted as in
 * use between a launch's alloc node and its free node, and given back
 * when the last node, clone or executable naming it goes. */
typedef struct Gmem {
	CUdeviceptr p;
	size_t bytes;
	unsigned refs;
	int live;                   /* allocated by a launch and not yet freed */
	int used;                   /* counted in gm_used: from its first launch on, freed or not,
	                             * until it goes (an H200's driver: gnodes.gpu) */
	struct Gmem *next;
} Gmem;

struct Exec;

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
	Attrs attr;                 /* kernel: launch attributes (shim_attr.c) */
	CUevent ev;                 /* record, wait: a handle, resolved when run */
	CUgraph child;              /* child, in a graph: the embedded copy, owned */
	struct Exec *sub;           /* child, in an executable: its executable, owned */
	Gmem *mem;                  /* alloc, free: one reference */
	int off;                    /* in an executable: disabled (cuGraphNodeSetEnabled) */
} Work;

typedef struct Node {
	CUgraphNode h;
	struct Graph *g;
	Work w;
	CUgraphNode *deps;          /* the nodes it runs after, handles */
	size_t ndeps;
	size_t idx;                 /* scratch of topo() and cuGraphClone */
	void **argp;                /* cuGraphKernelNodeGetParams' pointers into w.args */
	CUgraphNode origin;         /* a clone's node: the node it was copied from */
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

typedef struct Exec {
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

/* ---------------------------------------------------------------- work */

static CUresult instantiate(CUgraphExec *out, Graph *g);
static CUresult clone_graph(CUgraph *out, Graph *g);
static void exec_free(Exec *x);

/* The allocations of memory nodes, and what the launches hold of them
 * (cuDeviceGetGraphMemAttribute); under LOCK. */
static Gmem *gmems;
static uint64_t gm_used, gm_used_high, gm_reserved, gm_reserved_high;

static void
gmem_drop(Gmem *m)
{
	Gmem **p;

	if (!m || --m->refs)
		return;
	if (m->used)
		gm_used -= m->bytes;
	for (p = &gmems; *p != m; p = &(*p)->next)
		;
	*p = m->next;
	shim_free(m->p);
	free(m);
}

/* What a node's work owns: its arguments, its child graph or executable,
 * its reference to an allocation; under LOCK. */
static void
work_free(Work *w)
{
	free(w->args);
	w->args = NULL;
	if (w->child)
		shim_graph_free(w->child);
	w->child = NULL;
	if (w->sub)
		exec_free(w->sub);
	w->sub = NULL;
	gmem_drop(w->mem);
	w->mem = NULL;
}

/* A copy of from that owns its own: for a graph (a clone's node), the
 * child graph cloned; for an executable (toexec), the child graph
 * instantiated.  Under LOCK. */
static CUresult
work_dup(Work *to, const Work *from, int toexec)
{
	CUresult r = CUDA_SUCCESS;

	*to = *from;
	to->args = NULL, to->child = NULL, to->sub = NULL;
	if (from->args) {
		if (!(to->args = malloc(from->nargs ? from->nargs : 1)))
			return CUDA_ERROR_OUT_OF_MEMORY;
		memcpy(to->args, from->args, from->nargs);
	}
	if (from->child && toexec) {
		CUgraphExec sh;
		if (!(r = instantiate(&sh, GRAPH(from->child))))
			to->sub = EXEC(sh);
	} else if (from->child)
		r = clone_graph(&to->child, GRAPH(from->child));
	if (r) {
		free(to->args);
		to->args = NULL;
		to->mem = NULL;
		return r;
	}
	if (to->mem)
		to->mem->refs++;
	return CUDA_SUCCESS;
}

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
	w->args = NULL, w->child = NULL, w->mem = NULL;
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
		work_free(&nd->w);
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
	shim_attrs_init(&w.attr);
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
	shim_attrs_init(&w.attr);
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
	/* its allocations stop counting as the graphs' memory (gnodes.gpu) */
	for (size_t i = 0; i < x->n; i++)
		if (x->w[i].kind == N_ALLOC && x->w[i].mem && x->w[i].mem->used) {
			x->w[i].mem->used = 0;
			gm_used -= x->w[i].mem->bytes;
		}
	for (size_t i = 0; i < x->n; i++)
		work_free(&x->w[i]);
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
		CUresult r;
		x->from[i] = nd->h;
		if ((r = work_dup(&x->w[i], &nd->w, 1))) {
			free(ord);
			x->n = i;
			exec_free(x);
			return r;
		}
		x->n = i + 1;
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

/* Runs x's nodes in order, but those disabled; the first error stops
 * the launch.  The lock is held but for host functions, which may call
 * the driver: after one, the launched executable top is looked up again,
 * since the function may have destroyed it (the launch then ends there,
 * *gone set: x may be part of it).  Under LOCK. */
static CUresult
run(Exec *x, CUgraphExec top, int *gone)
{
	CUresult r = CUDA_SUCCESS;

	for (size_t i = 0; i < x->n && !r && !*gone; i++) {
		Work *w = &x->w[i];
		if (w->off)
			continue;
		switch (w->kind) {
		case N_KERNEL: {
			size_t len = w->nargs;
			void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, w->args, CU_LAUNCH_PARAM_BUFFER_SIZE,
			                 &len, CU_LAUNCH_PARAM_END};
			unsigned cl[3];
			int coop;
			memcpy(cl, w->attr.v[CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION], sizeof cl);
			memcpy(&coop, w->attr.v[CU_LAUNCH_ATTRIBUTE_COOPERATIVE], sizeof coop);
			/* a cooperative node launches as cuLaunchCooperativeKernel does */
			if (!coop || !(r = shim_coop_fits(w->fn, w->grid, w->block, w->shared))) {
				ptx_set_cooperative(shim.cx, coop != 0);
				r = shim_launch(w->fn, w->grid, w->block, cl[0] ? cl : NULL, w->shared, NULL, extra);
				ptx_set_cooperative(shim.cx, 0);
			}
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
				*gone = !EXEC(top);
			}
			break;
		case N_RECORD: {
			Event *e = EVENT(w->ev);
			if (!e)
				r = CUDA_ERROR_INVALID_HANDLE;
			else if (!(r = shim_ready(NULL))) {
				e->ms = shim_now_ms();
				e->recorded = 1;
			}
			break;
		}
		case N_WAIT:    /* what it waits for has run: all work is synchronous */
			r = EVENT(w->ev) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
			break;
		case N_CHILD: r = run(w->sub, top, gone); break;
		case N_ALLOC:
			if (!w->mem->live && !w->mem->used) {
				w->mem->used = 1;
				gm_used += w->mem->bytes;
				/* the pool reserves whole 2 MiB pages, as the driver's does */
				uint64_t res = (gm_used + (2u << 20) - 1) / (2u << 20) * (2u << 20);
				if (res > gm_reserved)
					gm_reserved = res;
				if (gm_used > gm_used_high)
					gm_used_high = gm_used;
				if (gm_reserved > gm_reserved_high)
					gm_reserved_high = gm_reserved;
			}
			w->mem->live = 1;
			break;
		case N_FREE:
			/* the memory stays the graph's, and counted, until the
			 * allocation goes with its last executable */
			w->mem->live = 0;
			break;
		default: break;
		}
	}
	return r;
}

CUresult
cuGraphLaunch(CUgraphExec h, CUstream st)
{
	CUresult r = CUDA_SUCCESS;
	int gone = 0;
	Exec *x;

	LOCK();
	if (!(x = EXEC(h)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!shim_streamok(st))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		r = run(x, h, &gone);
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
	                            [N_HOST] = 3, [N_CHILD] = 4, [N_WAIT] = 6, [N_RECORD] = 7,
	                            [N_ALLOC] = 10, [N_FREE] = 11};
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
	work_free(&nd->w);
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

/* A copy of graph g: each node's work and edges, under new handles;
 * each new node remembers the one it copies (cuGraphNodeFindInClone).
 * Under LOCK. */
static CUresult
clone_graph(CUgraph *out, Graph *g)
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
		if (!dp || (r = work_dup(&w, &nd->w, 0))) {
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
		if (!(r = add(&map[i], ch, dp, nd2, &w)))
			NODE(map[i])->origin = nd->h;
		work_free(&w);
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
	if (!r && refs_copy(&GRAPH(ch)->refs, &GRAPH(ch)->nrefs, g->refs, g->nrefs))
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
	r = (g = GRAPH(orig)) ? clone_graph(out, g) : CUDA_ERROR_INVALID_VALUE;
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- more node kinds */

/* The node h when it is of kind, else NULL; under LOCK. */
static Node *
node_of(CUgraphNode h, int kind)
{
	Node *nd = NODE(h);

	return nd && nd->w.kind == kind ? nd : NULL;
}

/* Adds a node of w (taking what it owns) after deps; under LOCK. */
static CUresult
add_work(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, Work *w)
{
	CUresult r;

	if (!out || !GRAPH(g))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		r = add(out, g, deps, ndeps, w);
	work_free(w);
	return r;
}

static CUresult
add_event(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, CUevent ev, int kind)
{
	Work w;
	CUresult r;

	memset(&w, 0, sizeof w);
	w.kind = kind;
	w.ev = ev;
	LOCK();
	r = !EVENT(ev) ? CUDA_ERROR_INVALID_VALUE : add_work(out, g, deps, ndeps, &w);
	UNLOCK();
	return r;
}

CUresult
cuGraphAddEventRecordNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, CUevent ev)
{
	return add_event(out, g, deps, ndeps, ev, N_RECORD);
}

CUresult
cuGraphAddEventWaitNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, CUevent ev)
{
	return add_event(out, g, deps, ndeps, ev, N_WAIT);
}

static CUresult
get_event(CUgraphNode h, CUevent *ev, int kind)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!ev)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = node_of(h, kind)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*ev = nd->w.ev;
	UNLOCK();
	return r;
}

static CUresult
set_event(CUgraphExec x, CUgraphNode h, CUevent ev, int kind)
{
	CUresult r = CUDA_SUCCESS;
	Work *w = NULL;
	Node *nd;

	LOCK();
	if (x) {
		if ((w = find(x, h)) && w->kind != kind)
			w = NULL;
	} else if ((nd = node_of(h, kind)))
		w = &nd->w;
	if (!w || !EVENT(ev))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		w->ev = ev;
	UNLOCK();
	return r;
}

CUresult
cuGraphEventRecordNodeGetEvent(CUgraphNode h, CUevent *ev)
{
	return get_event(h, ev, N_RECORD);
}

CUresult
cuGraphEventWaitNodeGetEvent(CUgraphNode h, CUevent *ev)
{
	return get_event(h, ev, N_WAIT);
}

CUresult
cuGraphEventRecordNodeSetEvent(CUgraphNode h, CUevent ev)
{
	return set_event(NULL, h, ev, N_RECORD);
}

CUresult
cuGraphEventWaitNodeSetEvent(CUgraphNode h, CUevent ev)
{
	return set_event(NULL, h, ev, N_WAIT);
}

CUresult
cuGraphExecEventRecordNodeSetEvent(CUgraphExec x, CUgraphNode h, CUevent ev)
{
	return x ? set_event(x, h, ev, N_RECORD) : CUDA_ERROR_INVALID_VALUE;
}

CUresult
cuGraphExecEventWaitNodeSetEvent(CUgraphExec x, CUgraphNode h, CUevent ev)
{
	return x ? set_event(x, h, ev, N_WAIT) : CUDA_ERROR_INVALID_VALUE;
}

/* A child graph node embeds a clone of the child, as the driver does:
 * changing the child afterwards changes nothing here. */
CUresult
cuGraphAddChildGraphNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, CUgraph child)
{
	Work w;
	CUresult r;
	Graph *c;

	memset(&w, 0, sizeof w);
	w.kind = N_CHILD;
	LOCK();
	if (!out || !GRAPH(g) || !(c = GRAPH(child)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!(r = clone_graph(&w.child, c)))
		r = add_work(out, g, deps, ndeps, &w);
	UNLOCK();
	return r;
}

/* The embedded graph itself: the caller may change it, until the node goes. */
CUresult
cuGraphChildGraphNodeGetGraph(CUgraphNode h, CUgraph *out)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = node_of(h, N_CHILD)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*out = nd->w.child;
	UNLOCK();
	return r;
}

/* Same shape as exec_update's test: as many nodes of the same kinds in
 * the same order, child graphs alike in turn; under LOCK. */
static int
same_shape(const Exec *x, const Exec *y)
{
	if (x->n != y->n)
		return 0;
	for (size_t i = 0; i < x->n; i++)
		if (x->w[i].kind != y->w[i].kind || (x->w[i].sub && !same_shape(x->w[i].sub, y->w[i].sub)))
			return 0;
	return 1;
}

CUresult
cuGraphExecChildGraphNodeSetParams(CUgraphExec x, CUgraphNode h, CUgraph child)
{
	CUgraphExec nh;
	CUresult r;
	Graph *c;
	Work *w;

	LOCK();
	if (!(w = find(x, h)) || w->kind != N_CHILD || !(c = GRAPH(child)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!(r = instantiate(&nh, c))) {
		Exec *nx = EXEC(nh);
		if (!same_shape(w->sub, nx)) {     /* as an H200's driver answers (gnodes.gpu) */
			exec_free(nx);
			r = CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE;
		} else {
			exec_free(w->sub);
			w->sub = nx;
		}
	}
	UNLOCK();
	return r;
}

CUresult
cuGraphHostNodeGetParams(CUgraphNode h, CUDA_HOST_NODE_PARAMS *p)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = node_of(h, N_HOST)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*p = nd->w.host;
	UNLOCK();
	return r;
}

CUresult
cuGraphHostNodeSetParams(CUgraphNode h, const CUDA_HOST_NODE_PARAMS *p)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!p || !p->fn)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = node_of(h, N_HOST)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		nd->w.host = *p;
	UNLOCK();
	return r;
}

CUresult
cuGraphExecHostNodeSetParams(CUgraphExec x, CUgraphNode h, const CUDA_HOST_NODE_PARAMS *p)
{
	CUresult r = CUDA_SUCCESS;
	Work *w;

	if (!p || !p->fn)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(w = find(x, h)) || w->kind != N_HOST)
		r = CUDA_ERROR_INVALID_VALUE;
	else
		w->host = *p;
	UNLOCK();
	return r;
}

CUresult
cuGraphMemcpyNodeGetParams(CUgraphNode h, CUDA_MEMCPY3D *c)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = node_of(h, N_COPY)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*c = nd->w.copy;
	UNLOCK();
	return r;
}

CUresult
cuGraphMemcpyNodeSetParams(CUgraphNode h, const CUDA_MEMCPY3D *c)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!c)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = node_of(h, N_COPY)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		nd->w.copy = *c;
	UNLOCK();
	return r;
}

CUresult
cuGraphMemsetNodeGetParams(CUgraphNode h, CUDA_MEMSET_NODE_PARAMS *p)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = node_of(h, N_FILL)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*p = nd->w.fill;
	UNLOCK();
	return r;
}

CUresult
cuGraphMemsetNodeSetParams(CUgraphNode h, const CUDA_MEMSET_NODE_PARAMS *p)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!p || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = node_of(h, N_FILL)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		nd->w.fill = *p;
	UNLOCK();
	return r;
}

/* Kernel, copy and fill nodes can be turned off in an executable (the
 * documented set); a disabled node runs as an empty one. */
static int
can_disable(int kind)
{
	return kind == N_KERNEL || kind == N_COPY || kind == N_FILL;
}

CUresult
cuGraphNodeSetEnabled(CUgraphExec x, CUgraphNode h, unsigned on)
{
	CUresult r = CUDA_SUCCESS;
	Work *w;

	LOCK();
	if (!(w = find(x, h)) || !can_disable(w->kind))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		w->off = !on;
	UNLOCK();
	return r;
}

CUresult
cuGraphNodeGetEnabled(CUgraphExec x, CUgraphNode h, unsigned *on)
{
	CUresult r = CUDA_SUCCESS;
	Work *w;

	if (!on)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(w = find(x, h)) || !can_disable(w->kind))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*on = !w->off;
	UNLOCK();
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

/* ---------------------------------------------------------------- kernel node attributes */

CUresult
cuGraphKernelNodeGetAttribute(CUgraphNode h, int id, void *out)
{
	CUresult r;
	Node *nd;

	LOCK();
	r = !(nd = node_of(h, N_KERNEL)) ? CUDA_ERROR_INVALID_VALUE : shim_attr_get(&nd->w.attr, id, out, 1);
	UNLOCK();
	return r;
}

/* A cluster shape that divides the node's grid: an H200's driver refuses
 * any other when it is set (strattr.gpu), not at launch. */
static int
cluster_fits(const unsigned grid[3], const void *in)
{
	unsigned d[3];

	memcpy(d, in, sizeof d);
	for (int i = 0; i < 3; i++)
		if (d[i] && grid[i] % d[i])
			return 0;
	return 1;
}

CUresult
cuGraphKernelNodeSetAttribute(CUgraphNode h, int id, const void *in)
{
	CUresult r;
	Node *nd;

	LOCK();
	if (!(nd = node_of(h, N_KERNEL)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION && in && !cluster_fits(nd->w.grid, in))
		r = CUDA_ERROR_INVALID_CLUSTER_SIZE;
	else
		r = shim_attr_set(&nd->w.attr, id, in, 1);
	UNLOCK();
	return r;
}

CUresult
cuGraphKernelNodeCopyAttributes(CUgraphNode dst, CUgraphNode src)
{
	CUresult r = CUDA_SUCCESS;
	Node *a, *b;

	LOCK();
	if (!(a = node_of(dst, N_KERNEL)) || !(b = node_of(src, N_KERNEL)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		a->w.attr = b->w.attr;
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- memory nodes */

/* CUDA_MEM_ALLOC_NODE_PARAMS: CUmemPoolProps (88 bytes: the allocation
 * type, handle types, location type and id first), then the access
 * descriptors, their count, the size and the address handed back. */
typedef struct {
	int atype, htypes, ltype, lid;
	unsigned char rest[72];
	const void *access;
	size_t naccess, bytes;
	CUdeviceptr dptr;
} AllocParams;

enum { ALLOC_PINNED = 1, LOC_DEVICE = 1 };

CUresult
cuGraphAddMemAllocNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, AllocParams *p)
{
	CUdeviceptr dp = 0;
	CUresult r;

	if (!out || !p || !p->bytes || p->atype != ALLOC_PINNED || p->ltype != LOC_DEVICE || p->htypes ||
	    p->naccess > 1 || p->lid != 0)   /* another device: INVALID_VALUE too (gnodes.gpu) */
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = cuMemAlloc_v2(&dp, p->bytes)))
		return r;
	LOCK();
	if (!(r = shim_graph_alloc(out, g, deps, ndeps, dp, p->bytes)))
		p->dptr = dp;
	UNLOCK();
	return r;
}

/* An alloc node of the allocation at dp, which it owns from now on (from
 * cuGraphAddMemAllocNode, or a cuMemAllocAsync captured: shim_capture.c),
 * and frees when the node cannot be made; under LOCK.  The memory stays,
 * at its address, until the last node naming it goes, whatever frees it
 * in between. */
CUresult
shim_graph_alloc(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, CUdeviceptr dp,
                 size_t bytes)
{
	Gmem *m;
	Work w;

	if (!(m = calloc(1, sizeof *m))) {
		shim_free(dp);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	memset(&w, 0, sizeof w);
	w.kind = N_ALLOC;
	m->p = dp;
	m->bytes = bytes;
	m->refs = 1;
	m->next = gmems;
	gmems = m;
	w.mem = m;
	return add_work(out, g, deps, ndeps, &w);   /* which drops m when it fails */
}

/* The memory node allocation at dp, or NULL; under LOCK. */
static Gmem *
gmem_of(CUdeviceptr dp)
{
	Gmem *m;

	for (m = gmems; m && m->p != dp; m = m->next)
		;
	return m;
}

int
shim_graph_mem(CUdeviceptr dp)
{
	return gmem_of(dp) != NULL;
}

/* A free of dp outside the graphs (cuMemFree, cuMemFreeAsync, not
 * captured): 1 when dp is a memory node's allocation, which the free
 * ends for this launch as a free node does, and which stays at its
 * address for the graph's next launch; under LOCK. */
int
shim_graph_unmap(CUdeviceptr dp)
{
	Gmem *m = gmem_of(dp);

	if (!m)
		return 0;
	if (m->live) {
		m->live = 0;
		gm_used -= m->bytes;
	}
	return 1;
}

CUresult
cuGraphAddMemFreeNode(CUgraphNode *out, CUgraph gh, const CUgraphNode *deps, size_t ndeps, CUdeviceptr dp)
{
	CUresult r;

	LOCK();
	r = shim_graph_freenode(out, gh, deps, ndeps, dp);
	UNLOCK();
	return r;
}

/* A free node of dp, a memory node's allocation (CUDA_ERROR_INVALID_VALUE
 * else); under LOCK. */
CUresult
shim_graph_freenode(CUgraphNode *out, CUgraph gh, const CUgraphNode *deps, size_t ndeps, CUdeviceptr dp)
{
	CUresult r = CUDA_SUCCESS;
	Graph *g;
	Gmem *m;
	Work w;

	memset(&w, 0, sizeof w);
	w.kind = N_FREE;
	for (m = gmems; m && m->p != dp; m = m->next)
		;
	if (!(g = GRAPH(gh)) || !m)
		r = CUDA_ERROR_INVALID_VALUE;
	/* one free node an allocation, in the graph that allocates it */
	for (Node *nd = g && !r ? g->first : NULL; nd; nd = nd->next)
		if (nd->w.kind == N_FREE && nd->w.mem == m)
			r = CUDA_ERROR_INVALID_VALUE;
	if (!r) {
		m->refs++;
		w.mem = m;
		r = add_work(out, gh, deps, ndeps, &w);
	}
	return r;
}

CUresult
cuGraphMemAllocNodeGetParams(CUgraphNode h, AllocParams *p)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = node_of(h, N_ALLOC)))
		r = CUDA_ERROR_INVALID_VALUE;
	else {
		memset(p, 0, sizeof *p);
		p->atype = ALLOC_PINNED;
		p->ltype = LOC_DEVICE;
		p->bytes = nd->w.mem->bytes;
		p->dptr = nd->w.mem->p;
	}
	UNLOCK();
	return r;
}

CUresult
cuGraphMemFreeNodeGetParams(CUgraphNode h, CUdeviceptr *dp)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!dp)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = node_of(h, N_FREE)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*dp = nd->w.mem->p;
	UNLOCK();
	return r;
}

/* CUgraphMem_attribute */
enum { GM_USED, GM_USED_HIGH, GM_RESERVED, GM_RESERVED_HIGH };

CUresult
cuDeviceGetGraphMemAttribute(CUdevice dev, int attr, void *value)
{
	static uint64_t *const v[] = { &gm_used, &gm_used_high, &gm_reserved, &gm_reserved_high };
	CUresult r = CUDA_SUCCESS;

	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	if (!value || attr < GM_USED || attr > GM_RESERVED_HIGH)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else
		memcpy(value, v[attr], sizeof *v[attr]);
	UNLOCK();
	return r;
}

/* Only the high watermarks can be set, and only to 0 (a reset). */
CUresult
cuDeviceSetGraphMemAttribute(CUdevice dev, int attr, void *value)
{
	CUresult r = CUDA_SUCCESS;
	uint64_t x;

	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	if (!value || (attr != GM_USED_HIGH && attr != GM_RESERVED_HIGH))
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(&x, value, sizeof x);
	if (x)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (attr == GM_USED_HIGH)
		gm_used_high = gm_used;
	else
		gm_reserved_high = gm_reserved;
	UNLOCK();
	return r;
}

/* What the pool reserves beyond what is in use goes back. */
CUresult
cuDeviceGraphMemTrim(CUdevice dev)
{
	CUresult r = CUDA_SUCCESS;

	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else
		gm_reserved = (gm_used + (2u << 20) - 1) / (2u << 20) * (2u << 20);
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- generic node parameters */

/* CUgraphNodeParams: the CUgraphNodeType, 12 reserved bytes, a union of
 * each kind's parameters (232 bytes), 8 reserved bytes. */
typedef struct {
	int type;
	int reserved0[3];
	union {
		long long pad[29];
		CUDA_KERNEL_NODE_PARAMS kernel;            /* the _v3 layout is _v2's */
		struct { int flags, reserved; CUcontext ctx; CUDA_MEMCPY3D copy; } memcpy;
		struct { CUDA_MEMSET_NODE_PARAMS p; CUcontext ctx; } memset;
		CUDA_HOST_NODE_PARAMS host;
		struct { CUgraph graph; int ownership; } child;
		CUevent event;
		AllocParams alloc;
		CUdeviceptr free;
	} u;
	long long reserved2;
} NodeParams;

enum { CUDA_ERROR_OPERATING_SYSTEM = 304 };

/* CUgraphNodeType */
enum { T_KERNEL, T_MEMCPY, T_MEMSET, T_HOST, T_GRAPH, T_EMPTY, T_WAIT, T_RECORD, T_ALLOC = 10, T_FREE };

static int
reserved_clear(const NodeParams *p)
{
	return !p->reserved0[0] && !p->reserved0[1] && !p->reserved0[2] && !p->reserved2;
}

CUresult
cuGraphAddNode_v2(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, const void *edata, size_t ndeps,
                  NodeParams *p)
{
	(void)edata;   /* only the default kind of edge */
	if (!p || !reserved_clear(p))
		return CUDA_ERROR_INVALID_VALUE;
	switch (p->type) {
	case T_KERNEL: return cuGraphAddKernelNode_v2(out, g, deps, ndeps, &p->u.kernel);
	case T_MEMCPY:
		if (p->u.memcpy.flags || p->u.memcpy.reserved)
			return CUDA_ERROR_INVALID_VALUE;
		return cuGraphAddMemcpyNode(out, g, deps, ndeps, &p->u.memcpy.copy, p->u.memcpy.ctx);
	case T_MEMSET: return cuGraphAddMemsetNode(out, g, deps, ndeps, &p->u.memset.p, p->u.memset.ctx);
	case T_HOST: return cuGraphAddHostNode(out, g, deps, ndeps, &p->u.host);
	case T_GRAPH: return cuGraphAddChildGraphNode(out, g, deps, ndeps, p->u.child.graph);
	case T_EMPTY: return cuGraphAddEmptyNode(out, g, deps, ndeps);
	case T_WAIT: return cuGraphAddEventWaitNode(out, g, deps, ndeps, p->u.event);
	case T_RECORD: return cuGraphAddEventRecordNode(out, g, deps, ndeps, p->u.event);
	case T_ALLOC: return cuGraphAddMemAllocNode(out, g, deps, ndeps, &p->u.alloc);
	case T_FREE: return cuGraphAddMemFreeNode(out, g, deps, ndeps, p->u.free);
	default: return CUDA_ERROR_INVALID_VALUE;
	}
}

CUresult
cuGraphAddNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, NodeParams *p)
{
	return cuGraphAddNode_v2(out, g, deps, NULL, ndeps, p);
}

/* The node's kind must be the parameters'. */
static CUresult
kind_is(CUgraphNode h, CUgraphExec x, int type)
{
	static const int kinds[] = {[T_KERNEL] = N_KERNEL, [T_MEMCPY] = N_COPY, [T_MEMSET] = N_FILL,
	                            [T_HOST] = N_HOST, [T_GRAPH] = N_CHILD, [T_EMPTY] = N_EMPTY,
	                            [T_WAIT] = N_WAIT, [T_RECORD] = N_RECORD, [T_ALLOC] = N_ALLOC,
	                            [T_FREE] = N_FREE};
	CUresult r = CUDA_SUCCESS;
	Work *w = NULL;
	Node *nd;

	if (type < 0 || type > T_FREE || (type > T_RECORD && type < T_ALLOC))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (x)
		w = find(x, h);
	else if ((nd = NODE(h)))
		w = &nd->w;
	if (!w || w->kind != kinds[type])
		r = CUDA_ERROR_INVALID_VALUE;
	UNLOCK();
	return r;
}

CUresult
cuGraphNodeSetParams(CUgraphNode h, NodeParams *p)
{
	CUresult r;

	if (!p || !reserved_clear(p))
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = kind_is(h, NULL, p->type)))
		return r;
	switch (p->type) {
	case T_KERNEL: return cuGraphKernelNodeSetParams_v2(h, &p->u.kernel);
	case T_MEMCPY: return cuGraphMemcpyNodeSetParams(h, &p->u.memcpy.copy);
	case T_MEMSET: return cuGraphMemsetNodeSetParams(h, &p->u.memset.p);
	case T_HOST: return cuGraphHostNodeSetParams(h, &p->u.host);
	case T_WAIT: return cuGraphEventWaitNodeSetEvent(h, p->u.event);
	case T_RECORD: return cuGraphEventRecordNodeSetEvent(h, p->u.event);
	default: return CUDA_ERROR_NOT_SUPPORTED;   /* child graphs, memory nodes: fixed once made */
	}
}

CUresult
cuGraphExecNodeSetParams(CUgraphExec x, CUgraphNode h, NodeParams *p)
{
	CUresult r;

	if (!p || !reserved_clear(p) || !x)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = kind_is(h, x, p->type)))
		return r;
	switch (p->type) {
	case T_KERNEL: return cuGraphExecKernelNodeSetParams_v2(x, h, &p->u.kernel);
	case T_MEMCPY: return cuGraphExecMemcpyNodeSetParams(x, h, &p->u.memcpy.copy, p->u.memcpy.ctx);
	case T_MEMSET: return cuGraphExecMemsetNodeSetParams(x, h, &p->u.memset.p, p->u.memset.ctx);
	case T_HOST: return cuGraphExecHostNodeSetParams(x, h, &p->u.host);
	case T_GRAPH: return cuGraphExecChildGraphNodeSetParams(x, h, p->u.child.graph);
	case T_WAIT: return cuGraphExecEventWaitNodeSetEvent(x, h, p->u.event);
	case T_RECORD: return cuGraphExecEventRecordNodeSetEvent(x, h, p->u.event);
	default: return CUDA_ERROR_NOT_SUPPORTED;
	}
}

/* ---------------------------------------------------------------- DOT */

static void
dot_graph(FILE *f, Graph *g, unsigned depth)
{
	static const char *const names[] = {[N_EMPTY] = "EMPTY", [N_KERNEL] = "KERNEL", [N_COPY] = "MEMCPY",
	                                    [N_FILL] = "MEMSET", [N_HOST] = "HOST", [N_RECORD] = "EVENT_RECORD",
	                                    [N_WAIT] = "WAIT_EVENT", [N_CHILD] = "GRAPH",
	                                    [N_ALLOC] = "MEM_ALLOC", [N_FREE] = "MEM_FREE"};
	size_t i = 0;

	fprintf(f, "subgraph cluster_%u {\nlabel=\"graph_%u\";\n", g->id, g->id);
	for (Node *nd = g->first; nd; nd = nd->next, i++) {
		nd->idx = i;
		fprintf(f, "\"graph_%u_node_%zu\" [label=\"%s\\nnode %zu", g->id, i, names[nd->w.kind], i);
		if (nd->w.kind == N_KERNEL && FN(nd->w.fn))
			fprintf(f, "\\n%s", ptx_function_name(FN(nd->w.fn)->f));
		if (nd->w.kind == N_ALLOC || nd->w.kind == N_FREE)
			fprintf(f, "\\n0x%llx", (unsigned long long)nd->w.mem->p);
		fprintf(f, "\"];\n");
	}
	for (Node *nd = g->first; nd; nd = nd->next)
		for (size_t k = 0; k < nd->ndeps; k++) {
			Node *dep = NODE(nd->deps[k]);
			if (dep)
				fprintf(f, "\"graph_%u_node_%zu\" -> \"graph_%u_node_%zu\";\n", g->id, dep->idx, g->id,
				    nd->idx);
		}
	fprintf(f, "}\n");
	/* children after their parent, deep ones not without end */
	for (Node *nd = g->first; nd && depth < 64; nd = nd->next)
		if (nd->w.kind == N_CHILD)
			dot_graph(f, GRAPH(nd->w.child), depth + 1);
}

/* The graph in Graphviz's language: a cluster a graph, a box a node
 * with its kind (and a kernel's name), an arrow an edge. */
CUresult
cuGraphDebugDotPrint(CUgraph gh, const char *path, unsigned flags)
{
	CUresult r = CUDA_SUCCESS;
	FILE *f;
	Graph *g;

	(void)flags;   /* the verbosity: one level of detail here */
	if (!path)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(g = GRAPH(gh)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!(f = fopen(path, "w")))
		r = CUDA_ERROR_OPERATING_SYSTEM;
	else {
		fprintf(f, "digraph dot {\n");
		dot_graph(f, g, 0);
		fprintf(f, "}\n");
		if (fclose(f))
			r = CUDA_ERROR_OPERATING_SYSTEM;
	}
	UNLOCK();
	return r;
}

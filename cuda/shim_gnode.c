/*
 * shim_gnode.c -- the kinds of graph node, added by their own calls
 * (cuGraphAdd*Node), by the generic cuGraphAddNode and by stream capture
 * (shim_graph_kernel and the rest): kernel, copy, fill, host-function and
 * empty nodes; event record and wait nodes; child graph nodes, which own
 * a clone of the child (an executable, an executable of it); memory alloc
 * and free nodes, whose allocation is made when the alloc node is added
 * and counted in use between the two nodes of a launch; conditional
 * nodes (IF, WHILE, SWITCH), which own their body graphs and read the
 * value of a conditional handle that kernels set.  As the driver does, a
 * kernel node copies its arguments when it is added.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"
#include "cuda/shim_graph.h"

/* The allocations of memory nodes, and what the launches hold of them
 * (cuDeviceGetGraphMemAttribute); under LOCK. */
static Gmem *gmems;
static uint64_t gm_used, gm_used_high, gm_reserved, gm_reserved_high;

void
gr_gmem_drop(Gmem *m)
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

/* A launch reaches m's alloc node: from its first launch on, m counts as
 * the graphs' memory, in whole 2 MiB pages of the pool as the driver
 * reserves them. */
void
gr_mem_launch(Gmem *m)
{
	if (!m->live && !m->used) {
		m->used = 1;
		gm_used += m->bytes;
		uint64_t res = (gm_used + (2u << 20) - 1) / (2u << 20) * (2u << 20);
		if (res > gm_reserved)
			gm_reserved = res;
		if (gm_used > gm_used_high)
			gm_used_high = gm_used;
		if (gm_reserved > gm_reserved_high)
			gm_reserved_high = gm_reserved;
	}
	m->live = 1;
}

/* A launch reaches m's free node: the memory stays the graph's, and
 * counted, until the allocation goes with its last executable. */
void
gr_mem_end(Gmem *m)
{
	m->live = 0;
}

/* The executable of m's alloc node goes: m stops counting (gnodes.gpu). */
void
gr_mem_unuse(Gmem *m)
{
	if (m && m->used) {
		m->used = 0;
		gm_used -= m->bytes;
	}
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
CUresult
gr_kernel_work(Work *w, const CUDA_KERNEL_NODE_PARAMS *p, int v2)
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
	else if (!(r = gr_kernel_work(&w, p, v2)))
		r = gr_add(out, g, deps, ndeps, &w);
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

/* Adds w, which owns nothing, after deps; the context of a copy or fill
 * node (ctx) only says where it runs: there is one device memory. */
static CUresult
add_plain(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, CUcontext ctx, Work *w)
{
	CUresult r;

	LOCK();
	r = !GRAPH(g) ? CUDA_ERROR_INVALID_VALUE : ctx && !CTX(ctx) ? CUDA_ERROR_INVALID_CONTEXT :
	    gr_add(out, g, deps, ndeps, w);
	UNLOCK();
	return r;
}

CUresult
cuGraphAddMemcpyNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                     const CUDA_MEMCPY3D *c, CUcontext ctx)
{
	Work w;

	if (!out || !c)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	w.kind = N_COPY;
	w.copy = *c;
	return add_plain(out, g, deps, ndeps, ctx, &w);
}

CUresult
cuGraphAddMemsetNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                     const CUDA_MEMSET_NODE_PARAMS *p, CUcontext ctx)
{
	Work w;

	/* a node of rows of no bytes is refused, as an H200's driver (580)
	 * refuses it (tests/shim/hostile.c) */
	if (!out || !p || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4) || !p->width)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	w.kind = N_FILL;
	w.fill = *p;
	return add_plain(out, g, deps, ndeps, ctx, &w);
}

CUresult
cuGraphAddHostNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                   const CUDA_HOST_NODE_PARAMS *p)
{
	Work w;

	if (!out || !p || !p->fn)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	w.kind = N_HOST;
	w.host = *p;
	return add_plain(out, g, deps, ndeps, NULL, &w);
}

/* A batch of memory operations (waits, writes, barriers), copied and
 * checked as cuStreamBatchMemOp checks one; run when the node runs.
 * Under LOCK when w is a node's. */
CUresult
gr_memop_work(Work *w, const MemOpParams *p)
{
	CUresult r;
	char *ops;

	/* an H200 (driver 580) takes a node of no operations, wants its
	 * context named, and leaves the addresses to the launch */
	if (!p || !p->ctx)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_memops_check(p->count, p->ops, p->flags, 1)))
		return r;
	if (!CTX(p->ctx))
		return CUDA_ERROR_INVALID_CONTEXT;
	if (!(ops = malloc(p->count ? (size_t)p->count * 48 : 1)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (p->count)
		memcpy(ops, p->ops, (size_t)p->count * 48);
	free(w->args);
	w->args = ops;
	w->nargs = (size_t)p->count * 48;
	w->nops = p->count;
	w->opflags = p->flags;
	w->opctx = p->ctx;
	return CUDA_SUCCESS;
}

CUresult
cuGraphAddBatchMemOpNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                         const MemOpParams *p)
{
	CUresult r;
	Work w;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	w.kind = N_MEMOP;
	LOCK();
	if (!(r = gr_memop_work(&w, p)) && (r = gr_add(out, g, deps, ndeps, &w)))
		free(w.args);
	UNLOCK();
	return r;
}

/* Signals or waits of external semaphores: the list copied (the
 * handles, then each one's parameters), as the driver takes any list, an
 * empty one or one of semaphores it never made (an H200, driver 580),
 * and run when the node runs as cuSignalExternalSemaphoresAsync or
 * cuWaitExternalSemaphoresAsync runs it on a stream: no semaphore can be
 * imported here, so a node that names one fails its launch.  Under LOCK
 * when w is a node's. */
CUresult
gr_sem_work(Work *w, const SemParams *p)
{
	size_t per = sizeof(void *) + SEMPARAMS, bytes;
	char *buf = NULL;

	if (!p || (p->n && (!p->sems || !p->params)))
		return CUDA_ERROR_INVALID_VALUE;
	bytes = (size_t)p->n * per;   /* n < 2^32, per < 2^8: no overflow in 64 bits */
	if (bytes && !(buf = malloc(bytes)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (bytes) {
		memcpy(buf, p->sems, (size_t)p->n * sizeof(void *));
		memcpy(buf + (size_t)p->n * sizeof(void *), p->params, (size_t)p->n * SEMPARAMS);
	}
	free(w->args);
	w->args = buf;
	w->nargs = bytes;
	w->nops = p->n;
	return CUDA_SUCCESS;
}

static CUresult
add_sem(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, const SemParams *p, int kind)
{
	CUresult r;
	Work w;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	w.kind = kind;
	LOCK();
	if (!(r = gr_sem_work(&w, p)) && (r = gr_add(out, g, deps, ndeps, &w)))
		free(w.args);
	UNLOCK();
	return r;
}

CUresult
cuGraphAddExternalSemaphoresSignalNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                                       const SemParams *p)
{
	return add_sem(out, g, deps, ndeps, p, N_SEMSIG);
}

CUresult
cuGraphAddExternalSemaphoresWaitNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                                     const SemParams *p)
{
	return add_sem(out, g, deps, ndeps, p, N_SEMWAIT);
}

CUresult
cuGraphAddEmptyNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps)
{
	Work w;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	return add_plain(out, g, deps, ndeps, NULL, &w);
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
	 * context's instance of it, as gr_kernel_work finds it */
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
	if (!(r = gr_kernel_work(&w, &p, 1)))
		r = gr_add(out, g, deps, ndeps, &w);
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
	return gr_add(out, g, deps, ndeps, &w);
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
	return gr_add(out, g, deps, ndeps, &w);
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
	return gr_add(out, g, deps, ndeps, &w);
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
	r = !EVENT(ev) ? CUDA_ERROR_INVALID_VALUE : gr_add_work(out, g, deps, ndeps, &w);
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
	else if (gr_is_body(child))
		r = CUDA_ERROR_NOT_SUPPORTED;
	else if (!(r = gr_clone(&w.child, c)))
		r = gr_add_work(out, g, deps, ndeps, &w);
	UNLOCK();
	return r;
}

/* The embedded graph itself: the caller may change it, until the node goes. */
/* ---------------------------------------------------------------- memory nodes */


CUresult
cuGraphAddMemAllocNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, AllocParams *p)
{
	CUdeviceptr dp = 0;
	CUresult r;

	if (!out || !p || !p->bytes || p->atype != ALLOC_PINNED || p->ltype != LOC_DEVICE || p->htypes ||
	    p->naccess > 1 || p->lid != 0)   /* another device: INVALID_VALUE too (gnodes.gpu) */
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = INNER(cuMemAlloc_v2(&dp, p->bytes))))
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
	Alloc *a = shim_alloc_near(dp, 0);

	if (!(m = calloc(1, sizeof *m))) {
		shim_free(dp);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (a && a->p == dp)
		a->graph = 1;   /* freed with the graph: no leak of the program's (shim_check.c) */
	memset(&w, 0, sizeof w);
	w.kind = N_ALLOC;
	m->p = dp;
	m->bytes = bytes;
	m->refs = 1;
	m->next = gmems;
	gmems = m;
	w.mem = m;
	return gr_add_work(out, g, deps, ndeps, &w);   /* which drops m when it fails */
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
		r = gr_add_work(out, gh, deps, ndeps, &w);
	}
	return r;
}

/* A memory node's parameters: an alloc node's (into ap) or a free
 * node's address (into dp). */
static CUresult
mem_params(CUgraphNode h, int kind, AllocParams *ap, CUdeviceptr *dp)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!ap && !dp)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = gr_node_of(h, kind)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (ap) {
		memset(ap, 0, sizeof *ap);
		ap->atype = ALLOC_PINNED;
		ap->ltype = LOC_DEVICE;
		ap->bytes = nd->w.mem->bytes;
		ap->dptr = nd->w.mem->p;
	} else
		*dp = nd->w.mem->p;
	UNLOCK();
	return r;
}

CUresult
cuGraphMemAllocNodeGetParams(CUgraphNode h, AllocParams *p)
{
	return mem_params(h, N_ALLOC, p, NULL);
}

CUresult
cuGraphMemFreeNodeGetParams(CUgraphNode h, CUdeviceptr *dp)
{
	return mem_params(h, N_FREE, NULL, dp);
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

/* ---------------------------------------------------------------- conditional nodes */

/* A conditional handle (cuGraphConditionalHandleCreate): the value that
 * conditional nodes read, set by kernels (cudaGraphSetConditional, through
 * the interpreter's device runtime: shim_graph_cond) and, with
 * CU_GRAPH_COND_ASSIGN_DEFAULT, to its default as each launch begins
 * (without it, the value starts at 0).  A
 * handle is 1 + an index of conds; an entry stays when its graph goes (g
 * NULL), so that a stale handle names nothing.  Under LOCK: the kernels
 * that set a value run in a launch made under it. */
typedef struct {
	CUgraph g;                  /* the graph it was made for */
	unsigned value, dflt;
	int assign;                 /* CU_GRAPH_COND_ASSIGN_DEFAULT */
} Cond;

static Cond *conds;
static size_t nconds, capconds;

enum { COND_ASSIGN_DEFAULT = 1, COND_MAXBODY = 1 << 16 };

static Cond *
cond_of(uint64_t h)
{
	return h && h <= nconds && conds[h - 1].g ? &conds[h - 1] : NULL;
}

CUresult
cuGraphConditionalHandleCreate(uint64_t *out, CUgraph g, CUcontext ctx, unsigned dflt, unsigned flags)
{
	CUresult r = CUDA_SUCCESS;

	if (!out || (flags & ~COND_ASSIGN_DEFAULT))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!GRAPH(g))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (ctx && !CTX(ctx))
		r = CUDA_ERROR_INVALID_CONTEXT;
	else if (nconds == capconds) {
		size_t cap = capconds ? 2 * capconds : 16;
		Cond *c = realloc(conds, cap * sizeof *c);
		if (!c)
			r = CUDA_ERROR_OUT_OF_MEMORY;
		else
			conds = c, capconds = cap;
	}
	if (!r) {
		conds[nconds].g = g;
		/* the default is only ever applied at a launch: without
		 * CU_GRAPH_COND_ASSIGN_DEFAULT the value is 0 until a kernel
		 * sets it (graph_cond_api.gpu) */
		conds[nconds].value = 0;
		conds[nconds].dflt = dflt;
		conds[nconds].assign = flags & COND_ASSIGN_DEFAULT;
		*out = ++nconds;
	}
	UNLOCK();
	return r;
}

/* cudaGraphSetConditional from a kernel (ptx_set_graph_cond): 1 when h
 * names no condition.  The lock is held by the launch. */
int
shim_graph_cond(void *user, uint64_t h, unsigned value)
{
	Cond *c = cond_of(h);

	(void)user;
	if (!c)
		return 1;
	c->value = value;
	return 0;
}

unsigned
gr_cond_get(uint64_t h)
{
	Cond *c = cond_of(h);

	return c ? c->value : 0;
}

void
gr_cond_default(uint64_t h)
{
	Cond *c = cond_of(h);

	if (c && c->assign)
		c->value = c->dflt;
}

void
gr_cond_drop(CUgraph g)
{
	for (size_t i = 0; i < nconds; i++)
		if (conds[i].g == g)
			conds[i].g = NULL;
}

int
gr_has_cond(const Graph *g)
{
	for (const Node *nd = g->first; nd; nd = nd->next)
		if (nd->w.kind == N_COND)
			return 1;
	return 0;
}

/* Whether graph g is outer or lies in one of its conditional nodes'
 * bodies, at any depth: where a node on outer's handle may go (an
 * H200's driver refuses it in another graph: gbody.gpu).  Under LOCK. */
static int
within(CUgraph outer, CUgraph g)
{
	const Graph *o = GRAPH(outer);

	if (outer == g)
		return 1;
	for (const Node *nd = o ? o->first : NULL; nd; nd = nd->next)
		for (unsigned b = 0; nd->w.kind == N_COND && b < nd->w.nbody; b++)
			if (within(nd->w.body[b], g))
				return 1;
	return 0;
}

/* Whether g is a conditional node's body, in any graph: one the driver
 * neither embeds as a child graph nor instantiates alone (an H200
 * answers CUDA_ERROR_NOT_SUPPORTED: hostile.gpu).  Under LOCK. */
int
gr_is_body(CUgraph g)
{
	size_t i = 0;
	Graph *o;

	while ((o = shim_heach(H_GRAPH, &i)))
		for (const Node *nd = o->first; nd; nd = nd->next)
			for (unsigned b = 0; nd->w.kind == N_COND && b < nd->w.nbody; b++)
				if (nd->w.body[b] == g)
					return 1;
	return 0;
}

/* A conditional node and its empty bodies, which the caller fills
 * (phGraph_out: the node's own array, valid while the node is there):
 * one body for WHILE, one or two (the second run when the value is 0) for
 * IF, at least one for SWITCH. */
static CUresult
add_cond(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, NodeParams *p)
{
	unsigned n = p->u.cond.size;
	int t = p->u.cond.type;
	CUresult r = CUDA_SUCCESS;
	Work w;

	if (!out || (t == COND_IF && n != 1 && n != 2) || (t == COND_WHILE && n != 1) ||
	    (t == COND_SWITCH && (n < 1 || n > COND_MAXBODY)) || t < COND_IF || t > COND_SWITCH)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	w.kind = N_COND;
	w.cond = p->u.cond.handle;
	w.ctype = t;
	LOCK();
	if (!GRAPH(g) || !cond_of(w.cond) || !within(cond_of(w.cond)->g, g))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!p->u.cond.ctx || !CTX(p->u.cond.ctx))
		r = CUDA_ERROR_INVALID_CONTEXT;   /* NULL too, as an H200 answers */
	else if (!(w.body = calloc(n, sizeof *w.body)))
		r = CUDA_ERROR_OUT_OF_MEMORY;
	for (unsigned i = 0; !r && i < n; i++)
		if (!(r = shim_graph_new(&w.body[i])))
			w.nbody = i + 1;
	if (!r && !(r = gr_add_work(out, g, deps, ndeps, &w)))
		p->u.cond.bodies = NODE(*out)->w.body;
	else
		gr_work_free(&w);
	UNLOCK();
	return r;
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
	case T_MEMOP: return cuGraphAddBatchMemOpNode(out, g, deps, ndeps, &p->u.memop);
	case T_SEMSIG: return add_sem(out, g, deps, ndeps, &p->u.sem, N_SEMSIG);
	case T_SEMWAIT: return add_sem(out, g, deps, ndeps, &p->u.sem, N_SEMWAIT);
	case T_COND: return add_cond(out, g, deps, ndeps, p);
	default: return CUDA_ERROR_INVALID_VALUE;
	}
}

CUresult
cuGraphAddNode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, NodeParams *p)
{
	return cuGraphAddNode_v2(out, g, deps, NULL, ndeps, p);
}


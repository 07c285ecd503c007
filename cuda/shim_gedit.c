/*
 * shim_gedit.c -- the parameters of graph nodes read and changed: in a
 * graph (cuGraph*NodeGetParams, cuGraph*NodeSetParams, cuGraphNodeSetParams)
 * and in an executable (cuGraphExec*NodeSetParams, cuGraphExecNodeSetParams,
 * cuGraphNodeSetEnabled); kernel node launch attributes.  As the driver
 * does, a kernel node copies its arguments when its parameters are set:
 * later changes to the caller's argument memory do not reach the graph.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"
#include "cuda/shim_graph.h"

/* The work of node h when it is of kind: with exec, the executable x's
 * copy of it; else the graph's own.  NULL else; under LOCK. */
static Work *
work_of(int exec, CUgraphExec x, CUgraphNode h, int kind)
{
	Work *w = NULL;
	Node *nd;

	if (exec)
		w = gr_find(x, h);
	else if ((nd = NODE(h)))
		w = &nd->w;
	return w && w->kind == kind ? w : NULL;
}

/* Most parameters are one field of the node's work, read whole (into
 * get) or written whole (from set, when ok, if given, passes it under the
 * lock): the shape of every plain getter and setter. */
static CUresult
field(int exec, CUgraphExec x, CUgraphNode h, int kind, size_t off, size_t size, void *get,
      const void *set, int (*ok)(const void *))
{
	CUresult r = CUDA_SUCCESS;
	Work *w;

	if (!get && !set)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(w = work_of(exec, x, h, kind)) || (set && ok && !ok(set)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		memmove(get ? get : (char *)w + off, get ? (char *)w + off : set, size);
	UNLOCK();
	return r;
}

#define FIELD(f) offsetof(Work, f), sizeof ((Work *)0)->f
#define GET(h, kind, f, out) field(0, NULL, (h), (kind), FIELD(f), (out), NULL, NULL)
#define SET(h, kind, f, in, ok) field(0, NULL, (h), (kind), FIELD(f), NULL, (in), (ok))
#define XSET(x, h, kind, f, in, ok) field(1, (x), (h), (kind), FIELD(f), NULL, (in), (ok))

/* A kernel node's parameters set in a graph or (exec) an executable. */
static CUresult
set_kernel(int exec, CUgraphExec x, CUgraphNode h, const CUDA_KERNEL_NODE_PARAMS *p, int v2)
{
	CUresult r;
	Work *w;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = !(w = work_of(exec, x, h, N_KERNEL)) ? CUDA_ERROR_INVALID_VALUE : gr_kernel_work(w, p, v2);
	UNLOCK();
	return r;
}

CUresult
cuGraphKernelNodeSetParams(CUgraphNode nd, const CUDA_KERNEL_NODE_PARAMS *p)
{
	return set_kernel(0, NULL, nd, p, 0);
}

CUresult
cuGraphKernelNodeSetParams_v2(CUgraphNode nd, const CUDA_KERNEL_NODE_PARAMS *p)
{
	return set_kernel(0, NULL, nd, p, 1);
}

CUresult
cuGraphExecKernelNodeSetParams(CUgraphExec x, CUgraphNode nd, const CUDA_KERNEL_NODE_PARAMS *p)
{
	return set_kernel(1, x, nd, p, 0);
}

CUresult
cuGraphExecKernelNodeSetParams_v2(CUgraphExec x, CUgraphNode nd, const CUDA_KERNEL_NODE_PARAMS *p)
{
	return set_kernel(1, x, nd, p, 1);
}

/* The context of a copy or fill node only says where it runs: there is
 * one device memory. */
CUresult
cuGraphExecMemcpyNodeSetParams(CUgraphExec x, CUgraphNode nd, const CUDA_MEMCPY3D *c, CUcontext ctx)
{
	(void)ctx;
	return XSET(x, nd, N_COPY, copy, c, NULL);
}

CUresult
cuGraphExecMemsetNodeSetParams(CUgraphExec x, CUgraphNode nd, const CUDA_MEMSET_NODE_PARAMS *p,
                               CUcontext ctx)
{
	(void)ctx;
	return XSET(x, nd, N_FILL, fill, p, NULL);
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
static int
event_ok(const void *in)
{
	CUevent ev;

	memcpy(&ev, in, sizeof ev);
	return EVENT(ev) != NULL;
}

CUresult
cuGraphEventRecordNodeGetEvent(CUgraphNode h, CUevent *ev)
{
	return GET(h, N_RECORD, ev, ev);
}

CUresult
cuGraphEventWaitNodeGetEvent(CUgraphNode h, CUevent *ev)
{
	return GET(h, N_WAIT, ev, ev);
}

CUresult
cuGraphEventRecordNodeSetEvent(CUgraphNode h, CUevent ev)
{
	return SET(h, N_RECORD, ev, &ev, event_ok);
}

CUresult
cuGraphEventWaitNodeSetEvent(CUgraphNode h, CUevent ev)
{
	return SET(h, N_WAIT, ev, &ev, event_ok);
}

CUresult
cuGraphExecEventRecordNodeSetEvent(CUgraphExec x, CUgraphNode h, CUevent ev)
{
	return XSET(x, h, N_RECORD, ev, &ev, event_ok);
}

CUresult
cuGraphExecEventWaitNodeSetEvent(CUgraphExec x, CUgraphNode h, CUevent ev)
{
	return XSET(x, h, N_WAIT, ev, &ev, event_ok);
}

/* The embedded graph itself: the caller may change it, until the node goes. */
CUresult
cuGraphChildGraphNodeGetGraph(CUgraphNode h, CUgraph *out)
{
	return GET(h, N_CHILD, child, out);
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
	if (!(w = gr_find(x, h)) || w->kind != N_CHILD || !(c = GRAPH(child)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!(r = gr_instantiate(&nh, c))) {
		Exec *nx = EXEC(nh);
		if (!same_shape(w->sub, nx)) {     /* as an H200's driver answers (gnodes.gpu) */
			gr_exec_free(nx);
			r = CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE;
		} else {
			gr_exec_free(w->sub);
			w->sub = nx;
		}
	}
	UNLOCK();
	return r;
}

CUresult
cuGraphHostNodeGetParams(CUgraphNode h, CUDA_HOST_NODE_PARAMS *p)
{
	return GET(h, N_HOST, host, p);
}

static int
host_ok(const void *in)
{
	return ((const CUDA_HOST_NODE_PARAMS *)in)->fn != NULL;
}

CUresult
cuGraphHostNodeSetParams(CUgraphNode h, const CUDA_HOST_NODE_PARAMS *p)
{
	return SET(h, N_HOST, host, p, host_ok);
}

CUresult
cuGraphExecHostNodeSetParams(CUgraphExec x, CUgraphNode h, const CUDA_HOST_NODE_PARAMS *p)
{
	return XSET(x, h, N_HOST, host, p, host_ok);
}

CUresult
cuGraphMemcpyNodeGetParams(CUgraphNode h, CUDA_MEMCPY3D *c)
{
	return GET(h, N_COPY, copy, c);
}

CUresult
cuGraphMemcpyNodeSetParams(CUgraphNode h, const CUDA_MEMCPY3D *c)
{
	return SET(h, N_COPY, copy, c, NULL);
}

CUresult
cuGraphMemsetNodeGetParams(CUgraphNode h, CUDA_MEMSET_NODE_PARAMS *p)
{
	return GET(h, N_FILL, fill, p);
}

static int
fill_ok(const void *in)
{
	unsigned e = ((const CUDA_MEMSET_NODE_PARAMS *)in)->elementSize;

	return e == 1 || e == 2 || e == 4;
}

CUresult
cuGraphMemsetNodeSetParams(CUgraphNode h, const CUDA_MEMSET_NODE_PARAMS *p)
{
	return SET(h, N_FILL, fill, p, fill_ok);
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
	if (!(w = gr_find(x, h)) || !can_disable(w->kind))
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
	if (!(w = gr_find(x, h)) || !can_disable(w->kind))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*on = !w->off;
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
	r = !(nd = gr_node_of(h, N_KERNEL)) ? CUDA_ERROR_INVALID_VALUE : shim_attr_get(&nd->w.attr, id, out, 1);
	UNLOCK();
	return r;
}

CUresult
cuGraphKernelNodeSetAttribute(CUgraphNode h, int id, const void *in)
{
	CUresult r;
	Node *nd;

	LOCK();
	if (!(nd = gr_node_of(h, N_KERNEL)))
		r = CUDA_ERROR_INVALID_VALUE;
	else {   /* a cluster shape is checked against the grid when set */
		unsigned d[3] = {0, 0, 0};
		if (id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION && in)
			memcpy(d, in, sizeof d);
		r = shim_cluster_divides(nd->w.grid, d) ? shim_attr_set(&nd->w.attr, id, in, 1) :
		    CUDA_ERROR_INVALID_CLUSTER_SIZE;
	}
	UNLOCK();
	return r;
}

CUresult
cuGraphKernelNodeCopyAttributes(CUgraphNode dst, CUgraphNode src)
{
	CUresult r = CUDA_SUCCESS;
	Node *a, *b;

	LOCK();
	if (!(a = gr_node_of(dst, N_KERNEL)) || !(b = gr_node_of(src, N_KERNEL)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		a->w.attr = b->w.attr;
	UNLOCK();
	return r;
}

/* A batch's parameters hand back the node's own copy of the operations,
 * which lives as long as the node and its parameters do. */
CUresult
cuGraphBatchMemOpNodeGetParams(CUgraphNode h, MemOpParams *p)
{
	CUresult r = CUDA_SUCCESS;
	Work *w;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(w = work_of(0, NULL, h, N_MEMOP)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*p = (MemOpParams){w->opctx, w->nops, w->args, w->opflags};
	UNLOCK();
	return r;
}

static CUresult
set_memop(int exec, CUgraphExec x, CUgraphNode h, const MemOpParams *p)
{
	CUresult r;
	Work *w;

	LOCK();
	/* an executable's batch keeps its length, as an H200 (driver 580) refuses another */
	r = !(w = work_of(exec, x, h, N_MEMOP)) || (exec && p && p->count != w->nops) ? CUDA_ERROR_INVALID_VALUE :
	    gr_memop_work(w, p);
	UNLOCK();
	return r;
}

CUresult
cuGraphBatchMemOpNodeSetParams(CUgraphNode h, const MemOpParams *p)
{
	return set_memop(0, NULL, h, p);
}

CUresult
cuGraphExecBatchMemOpNodeSetParams(CUgraphExec x, CUgraphNode h, const MemOpParams *p)
{
	return set_memop(1, x, h, p);
}

/* A semaphore node's parameters hand back the node's own copy of its
 * list, which lives as long as the node and its parameters do. */
static CUresult
get_sem(CUgraphNode h, SemParams *p, int kind)
{
	CUresult r = CUDA_SUCCESS;
	Work *w;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(w = work_of(0, NULL, h, kind)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*p = (SemParams){w->nops ? (void **)w->args : NULL,
		                 w->nops ? w->args + (size_t)w->nops * sizeof(void *) : NULL, w->nops};
	UNLOCK();
	return r;
}

static CUresult
set_sem(int exec, CUgraphExec x, CUgraphNode h, const SemParams *p, int kind)
{
	CUresult r;
	Work *w;

	LOCK();
	r = !(w = work_of(exec, x, h, kind)) ? CUDA_ERROR_INVALID_VALUE : gr_sem_work(w, p);
	UNLOCK();
	return r;
}

CUresult
cuGraphExternalSemaphoresSignalNodeGetParams(CUgraphNode h, SemParams *p)
{
	return get_sem(h, p, N_SEMSIG);
}

CUresult
cuGraphExternalSemaphoresWaitNodeGetParams(CUgraphNode h, SemParams *p)
{
	return get_sem(h, p, N_SEMWAIT);
}

CUresult
cuGraphExternalSemaphoresSignalNodeSetParams(CUgraphNode h, const SemParams *p)
{
	return set_sem(0, NULL, h, p, N_SEMSIG);
}

CUresult
cuGraphExternalSemaphoresWaitNodeSetParams(CUgraphNode h, const SemParams *p)
{
	return set_sem(0, NULL, h, p, N_SEMWAIT);
}

CUresult
cuGraphExecExternalSemaphoresSignalNodeSetParams(CUgraphExec x, CUgraphNode h, const SemParams *p)
{
	return set_sem(1, x, h, p, N_SEMSIG);
}

CUresult
cuGraphExecExternalSemaphoresWaitNodeSetParams(CUgraphExec x, CUgraphNode h, const SemParams *p)
{
	return set_sem(1, x, h, p, N_SEMWAIT);
}

/* The node's kind must be the parameters'. */
static CUresult
kind_is(CUgraphNode h, CUgraphExec x, int type)
{
	static const int kinds[] = {[T_KERNEL] = N_KERNEL, [T_MEMCPY] = N_COPY, [T_MEMSET] = N_FILL,
	                            [T_HOST] = N_HOST, [T_GRAPH] = N_CHILD, [T_EMPTY] = N_EMPTY,
	                            [T_WAIT] = N_WAIT, [T_RECORD] = N_RECORD, [T_SEMSIG] = N_SEMSIG,
	                            [T_SEMWAIT] = N_SEMWAIT, [T_ALLOC] = N_ALLOC,
	                            [T_FREE] = N_FREE, [T_MEMOP] = N_MEMOP, [T_COND] = N_COND};
	CUresult r;

	if (type < 0 || type > T_COND)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = work_of(x != NULL, x, h, kinds[type]) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
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
	case T_SEMSIG: return cuGraphExternalSemaphoresSignalNodeSetParams(h, &p->u.sem);
	case T_SEMWAIT: return cuGraphExternalSemaphoresWaitNodeSetParams(h, &p->u.sem);
	case T_MEMOP: return cuGraphBatchMemOpNodeSetParams(h, &p->u.memop);
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
	case T_SEMSIG: return cuGraphExecExternalSemaphoresSignalNodeSetParams(x, h, &p->u.sem);
	case T_SEMWAIT: return cuGraphExecExternalSemaphoresWaitNodeSetParams(x, h, &p->u.sem);
	case T_MEMOP: return cuGraphExecBatchMemOpNodeSetParams(x, h, &p->u.memop);
	default: return CUDA_ERROR_NOT_SUPPORTED;
	}
}

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

static CUresult
set_kernel(CUgraphNode h, const CUDA_KERNEL_NODE_PARAMS *p, int v2)
{
	CUresult r;
	Node *nd;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = !(nd = NODE(h)) || nd->w.kind != N_KERNEL ? CUDA_ERROR_INVALID_VALUE : gr_kernel_work(&nd->w, p, v2);
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


static CUresult
exec_set_kernel(CUgraphExec x, CUgraphNode nd, const CUDA_KERNEL_NODE_PARAMS *p, int v2)
{
	Work *w;
	CUresult r;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = !(w = gr_find(x, nd)) || w->kind != N_KERNEL ? CUDA_ERROR_INVALID_VALUE : gr_kernel_work(w, p, v2);
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
	if (!(w = gr_find(x, nd)) || w->kind != N_COPY)
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
	if (!(w = gr_find(x, nd)) || w->kind != N_FILL)
		r = CUDA_ERROR_INVALID_VALUE;
	else
		w->fill = *p;
	UNLOCK();
	return r;
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
static CUresult
get_event(CUgraphNode h, CUevent *ev, int kind)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!ev)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = gr_node_of(h, kind)))
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
		if ((w = gr_find(x, h)) && w->kind != kind)
			w = NULL;
	} else if ((nd = gr_node_of(h, kind)))
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

CUresult
cuGraphChildGraphNodeGetGraph(CUgraphNode h, CUgraph *out)
{
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = gr_node_of(h, N_CHILD)))
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
	CUresult r = CUDA_SUCCESS;
	Node *nd;

	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(nd = gr_node_of(h, N_HOST)))
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
	if (!(nd = gr_node_of(h, N_HOST)))
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
	if (!(w = gr_find(x, h)) || w->kind != N_HOST)
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
	if (!(nd = gr_node_of(h, N_COPY)))
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
	if (!(nd = gr_node_of(h, N_COPY)))
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
	if (!(nd = gr_node_of(h, N_FILL)))
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
	if (!(nd = gr_node_of(h, N_FILL)))
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
	if (!(nd = gr_node_of(h, N_KERNEL)))
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
	if (!(a = gr_node_of(dst, N_KERNEL)) || !(b = gr_node_of(src, N_KERNEL)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		a->w.attr = b->w.attr;
	UNLOCK();
	return r;
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
		w = gr_find(x, h);
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

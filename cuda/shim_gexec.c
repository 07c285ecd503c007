/*
 * shim_gexec.c -- executable graphs: made (cuGraphInstantiate*), updated
 * whole (cuGraphExecUpdate), launched (cuGraphLaunch) and destroyed.
 *
 * Instantiation puts the nodes in a topological order (the order added,
 * unless an edge added later says otherwise) and a launch runs them in
 * it, one after the other (the interpreter runs one thing at a time
 * anyway).  An executable graph is a copy of the graph's nodes, so
 * changing the graph afterwards does not change it; its nodes are named
 * by the graph nodes they were copied from.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"
#include "cuda/shim_graph.h"

/* ---------------------------------------------------------------- executable graphs */

/* Under LOCK. */
void
gr_exec_free(Exec *x)
{
	/* its allocations stop counting as the graphs' memory (gnodes.gpu) */
	for (size_t i = 0; i < x->n; i++)
		if (x->w[i].kind == N_ALLOC)
			gr_mem_unuse(x->w[i].mem);
	for (size_t i = 0; i < x->n; i++)
		gr_work_free(&x->w[i]);
	free(x->w);
	free(x->from);
	gr_refs_drop(x->refs, x->nrefs);
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
/* What a conditional node's body may hold, as an H200's driver (580)
 * instantiates it (tests/shim/gbody.gpu): kernels, empty nodes, fills,
 * copies between device addresses, child graphs and conditional nodes
 * holding the same; a host function, an event record or wait, a memory
 * allocation or a copy from or to host memory fails the instantiation
 * (CUDA_ERROR_INVALID_VALUE), at any depth.  inbody: g is such a body. */
static int
bodies_ok(CUgraph gh, int inbody)
{
	Graph *g = GRAPH(gh);

	for (Node *nd = g ? g->first : NULL; nd; nd = nd->next) {
		const Work *w = &nd->w;
		switch (w->kind) {
		case N_HOST: case N_RECORD: case N_WAIT: case N_ALLOC: case N_FREE: case N_MEMOP:
		case N_SEMSIG: case N_SEMWAIT:
			if (inbody)
				return 0;
			break;
		case N_COPY:
			if (inbody && (w->copy.srcMemoryType == CU_MEMORYTYPE_HOST ||
			               w->copy.dstMemoryType == CU_MEMORYTYPE_HOST))
				return 0;
			break;
		case N_CHILD:
			if (!bodies_ok(w->child, inbody))
				return 0;
			break;
		case N_COND:
			for (unsigned b = 0; b < w->nbody; b++)
				if (!bodies_ok(w->body[b], 1))
					return 0;
			break;
		}
	}
	return 1;
}

CUresult
gr_instantiate(CUgraphExec *out, Graph *g)
{
	Exec *x;
	size_t i = 0;

	if (!bodies_ok(g->h, 0))
		return CUDA_ERROR_INVALID_VALUE;
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
		gr_exec_free(x);
		return ord ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_OUT_OF_MEMORY;
	}
	for (; i < g->n; i++) {
		Node *nd = ord[i];
		CUresult r;
		x->from[i] = nd->h;
		if ((r = gr_work_dup(&x->w[i], &nd->w, 1))) {
			free(ord);
			x->n = i;
			gr_exec_free(x);
			return r;
		}
		x->n = i + 1;
	}
	free(ord);
	if (gr_refs_copy(&x->refs, &x->nrefs, g->refs, g->nrefs)) {
		gr_exec_free(x);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	x->src = g->h;
	*out = x->h;
	return CUDA_SUCCESS;
}

/* CUDA_GRAPH_INSTANTIATE_FLAG_*: auto-free on launch, upload, device
 * launch, node priority; another bit is refused */
#define INST_FLAGS 0xf

CUresult
cuGraphInstantiateWithFlags(CUgraphExec *out, CUgraph gh, unsigned long long flags)
{
	CUresult r;
	Exec *lx;
	Graph *g;

	/* auto-free, upload, device launch, priority: nothing to do but
	 * remember them */
	if (!out || (flags & ~(unsigned long long)INST_FLAGS))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(g = GRAPH(gh)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (gr_is_body(gh))
		r = CUDA_ERROR_NOT_SUPPORTED;   /* a conditional body runs only in its node */
	else if (gr_has_cond(g) && (lx = EXEC(g->live)) && lx->src == gh)
		r = CUDA_ERROR_NOT_SUPPORTED;   /* one executable at a time */
	else if (!(r = gr_instantiate(out, g))) {
		EXEC(*out)->flags = flags;
		EXEC(*out)->id = ++gr_lastid;
		g->live = *out;
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
 * numbers, which cuda.core asks for once a graph is made executable;
 * and an executable's flags.  One number of graph gh or executable xh
 * (what: ID_GRAPH, ID_EXEC, FLAGS_EXEC) into out. */
enum { ID_GRAPH, ID_EXEC, FLAGS_EXEC };

static CUresult
number(CUgraph gh, CUgraphExec xh, int what, void *out)
{
	CUresult r = CUDA_SUCCESS;
	Graph *g = NULL;
	Exec *x = NULL;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (what == ID_GRAPH ? !(g = GRAPH(gh)) : !(x = EXEC(xh)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (what == FLAGS_EXEC)
		memcpy(out, &x->flags, sizeof (uint64_t));
	else
		memcpy(out, g ? &g->id : &x->id, sizeof (unsigned));
	UNLOCK();
	return r;
}

CUresult
cuGraphGetId(CUgraph h, unsigned *id)
{
	return number(h, NULL, ID_GRAPH, id);
}

CUresult
cuGraphExecGetId(CUgraphExec h, unsigned *id)
{
	return number(NULL, h, ID_EXEC, id);
}

CUresult
cuGraphExecGetFlags(CUgraphExec h, uint64_t *flags)
{
	return number(NULL, h, FLAGS_EXEC, flags);
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
		gr_exec_free(x);
	UNLOCK();
	gr_drain();
	return r;
}

/* The executable's copy of graph node nd, or NULL; under LOCK. */
Work *
gr_find(CUgraphExec h, CUgraphNode nd)
{
	Exec *x = EXEC(h);

	if (!x || !nd)
		return NULL;
	for (size_t i = 0; i < x->n; i++)
		if (x->from[i] == nd)
			return &x->w[i];
	return NULL;
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
static CUresult run(Exec *x, CUgraphExec top, int *gone);

/* A conditional node: its handle's value when the node is reached picks
 * the body to run (IF: the first when not 0, else the second if there is
 * one; SWITCH: the value's, if there is one), or runs the body while it is
 * not 0, read again after each run (WHILE).  A loop no kernel ends runs
 * for ever on a GPU, and so here, unless a launch budget was asked for
 * (PTXKIT_MAX_STEPS, shim_ctx.c): then each run of the body counts as a
 * step, and the loop is a launch that ran out of its budget once it has
 * run the body that many times (even a body of empty nodes, which spends
 * none of the kernels' budget).  Under LOCK. */
static CUresult
run_cond(Work *w, CUgraphExec top, int *gone)
{
	unsigned v = gr_cond_get(w->cond);
	CUresult r = CUDA_SUCCESS;

	switch (w->ctype) {
	case COND_IF:
		if (v || w->nbody == 2)
			r = run(w->bsub[v ? 0 : 1], top, gone);
		break;
	case COND_WHILE: {
		uint64_t h = w->cond;   /* w is gone with the launch when *gone */
		Exec *body = w->bsub[0];
		for (uint64_t n = 0; v && !r; v = gr_cond_get(h)) {
			if (shim.max_steps && ++n > shim.max_steps)
				return CUDA_ERROR_LAUNCH_TIMEOUT;
			if ((r = run(body, top, gone)) || *gone)
				break;
		}
		break;
	}
	case COND_SWITCH:
		if (v < w->nbody)
			r = run(w->bsub[v], top, gone);
		break;
	}
	return r;
}

/* A launch of x begins: the conditional handles of its nodes, at any
 * depth, that are to take their default value take it. */
static void
cond_defaults(const Exec *x)
{
	for (size_t i = 0; i < x->n; i++) {
		const Work *w = &x->w[i];
		if (w->kind == N_COND)
			gr_cond_default(w->cond);
		for (unsigned b = 0; w->bsub && b < w->nbody; b++)
			cond_defaults(w->bsub[b]);
		if (w->sub)
			cond_defaults(w->sub);
	}
}

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
				r = shim_fill2d(w->fill.dst, w->fill.pitch, w->fill.value, w->fill.elementSize, w->fill.width,
				    w->fill.height);
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
		case N_MEMOP: {   /* a copy of the batch runs unlocked, as on a stream */
			unsigned n = w->nops, fl = w->opflags;
			void *ops = malloc(w->nargs ? w->nargs : 1);
			if (!ops)
				r = CUDA_ERROR_OUT_OF_MEMORY;
			else if (!(r = shim_ready(NULL))) {
				memcpy(ops, w->args, w->nargs);
				UNLOCK();
				r = cuStreamBatchMemOp_v2(NULL, n, ops, fl);
				LOCK();
				*gone = !EXEC(top);
			}
			free(ops);
			break;
		}
		case N_SEMSIG: case N_SEMWAIT:   /* as on a stream; an empty list does nothing */
			if (w->nops)
				r = (w->kind == N_SEMSIG ? cuSignalExternalSemaphoresAsync :
				     cuWaitExternalSemaphoresAsync)((void *const *)w->args,
				     w->args + (size_t)w->nops * sizeof(void *), w->nops, NULL);
			break;
		case N_WAIT:    /* what it waits for has run: all work is synchronous */
			r = EVENT(w->ev) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
			break;
		case N_CHILD: r = run(w->sub, top, gone); break;
		case N_COND: r = run_cond(w, top, gone); break;
		case N_ALLOC: gr_mem_launch(w->mem); break;
		case N_FREE: gr_mem_end(w->mem); break;
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
	else {
		cond_defaults(x);
		r = run(x, h, &gone);
	}
	UNLOCK();
	return r;
}

/* CUgraphExecUpdateResult, CUgraphExecUpdateResultInfo */
enum { UPDATE_SUCCESS, UPDATE_ERROR, UPDATE_TOPOLOGY_CHANGED, UPDATE_NODE_TYPE_CHANGED };
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
	else if (!(r = gr_instantiate(&nh, g))) {
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
		gr_exec_free(nx);
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


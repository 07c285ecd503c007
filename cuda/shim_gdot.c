/*
 * shim_gdot.c -- cuGraphDebugDotPrint: a graph in Graphviz's language,
 * laid out as an H200's driver writes it (tests/shim/gdot.gpu): a dashed
 * cluster a graph, its children's after it; a node a box whose shape
 * tells its kind (a kernel a bold octagon with its function's name, a
 * fill an inverted trapezium with its value and bytes, a copy a trapezium
 * with its direction and bytes, the others rectangles); an arrow a
 * dependency.  The flags (CUgraphDebugDot_flags) add what they name: a
 * kernel's launch shape and attributes, the parameters of copies, fills,
 * host functions, events and memory nodes, the handles, a node's place in
 * the driver's order (topoId); a kernel, copy, fill or memory node whose
 * parameters are asked for becomes a record of them, and VERBOSE asks for
 * all.  The driver prints its handles, pointers here; the shim's handles
 * are its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"
#include "cuda/shim_graph.h"

enum { D_VERBOSE = 1, D_KPARAMS = 4, D_COPYPARAMS = 8, D_FILLPARAMS = 0x10, D_HOSTPARAMS = 0x20, D_EVPARAMS = 0x40,
       D_KATTRS = 0x200, D_HANDLES = 0x400, D_ALLOCPARAMS = 0x800, D_FREEPARAMS = 0x1000, D_TOPO = 0x4000 };
enum { CUDA_ERROR_OPERATING_SYSTEM = 304 };

/* The launch attributes read back: CUlaunchAttributeID's window,
 * cooperative and priority, as CUlaunchAttributeValue holds them */
enum { A_WINDOW = 1, A_COOP = 2, A_PRIO = 8 };
typedef struct {
	void *base;
	size_t bytes;
	float ratio;
	int hit, miss;
} Window;

/* The letter of a CUaccessProperty */
static char
prop(int p)
{
	return p == 1 ? 'S' : p == 2 ? 'P' : 'N';
}

/* The driver's topoId of each node (topo[], by idx): breadth first from
 * the nodes nothing depends on, in the order added, through each node's
 * dependencies in their order (tests/shim/gdot.gpu). */
static void
topo_ids(Graph *g, size_t *topo)
{
	size_t n = g->n, head = 0, tail = 0;
	Node **q = calloc(n ? n : 1, sizeof *q);
	char *seen = calloc(n ? n : 1, 1);

	memset(topo, 0, n * sizeof *topo);
	if (!q || !seen) {
		free(q);
		free(seen);
		return;
	}
	for (Node *nd = g->first; nd; nd = nd->next) {
		int sink = 1;
		for (Node *o = g->first; sink && o; o = o->next)
			for (size_t d = 0; sink && d < o->ndeps; d++)
				sink = o->deps[d] != nd->h;
		if (sink) {
			seen[nd->idx] = 1;
			q[tail++] = nd;
		}
	}
	while (head < tail) {
		Node *nd = q[head];
		topo[nd->idx] = head++;
		for (size_t d = 0; d < nd->ndeps; d++) {
			Node *dep = NODE(nd->deps[d]);
			if (dep && dep->g == g && !seen[dep->idx]) {
				seen[dep->idx] = 1;
				q[tail++] = dep;
			}
		}
	}
	/* a cycle's nodes, which no sink reaches: after the rest */
	for (Node *nd = g->first; nd; nd = nd->next)
		if (!seen[nd->idx])
			topo[nd->idx] = tail++;
	free(q);
	free(seen);
}

static void
id(FILE *f, const Node *nd, const size_t *topo, unsigned flags)
{
	fprintf(f, "%zu", nd->idx);
	if (flags & D_TOPO)
		fprintf(f, " (topoId: %zu)", topo[nd->idx]);
}

/* <<<grid,block,shared>>>, a dimension of more than x in braces, less
 * its last ones of 1 */
static void
shape(FILE *f, const Work *w)
{
	fprintf(f, "\\<\\<\\<");
	for (int k = 0; k < 2; k++) {
		const unsigned *d = k ? w->block : w->grid;
		if (d[1] == 1 && d[2] == 1)
			fprintf(f, "%u,", d[0]);
		else if (d[2] == 1)
			fprintf(f, "\\{%u,%u\\},", d[0], d[1]);
		else
			fprintf(f, "\\{%u,%u,%u\\},", d[0], d[1], d[2]);
	}
	fprintf(f, "%u\\>\\>\\>", w->shared);
}

static void
kernel(FILE *f, const char *name, const Node *nd, const size_t *topo, unsigned flags)
{
	const Work *w = &nd->w;

	if (!(flags & D_KATTRS)) {
		fprintf(f, "[style=\"bold\" shape=\"octagon\" label=\"");
		id(f, nd, topo, flags);
		fprintf(f, "\n%s\n", name);
		if (flags & D_HANDLES)
			fprintf(f, "node handle: 0x%016llX\nfunc handle: 0x%016llX\n",
			    (unsigned long long)(uintptr_t)nd->h, (unsigned long long)(uintptr_t)w->fn);
		if (flags & D_KPARAMS)
			shape(f, w);
		fprintf(f, "\"];\n\n");
		return;
	}
	Window win;
	int coop, prio;
	memcpy(&win, w->attr.v[A_WINDOW], sizeof win);
	memcpy(&coop, w->attr.v[A_COOP], sizeof coop);
	memcpy(&prio, w->attr.v[A_PRIO], sizeof prio);
	fprintf(f, "[style=\"bold\" shape=\"record\" label=\"{KERNEL\n| {ID | ");
	id(f, nd, topo, flags);
	fprintf(f, " | %s", name);
	if (flags & D_KPARAMS)
		shape(f, w);
	fprintf(f, "}\n");
	if (flags & D_HANDLES)
		fprintf(f, "| {{node handle | func handle} | {0x%016llX | 0x%016llX}}\n",
		    (unsigned long long)(uintptr_t)nd->h, (unsigned long long)(uintptr_t)w->fn);
	fprintf(f, "| {accessPolicyWindow | {base_ptr | num_bytes | hitRatio | hitProp | missProp} | "
	    "{0x%016llX | %zu | %f | %c | %c}}\n| {cooperative | %d}\n| {priority | %d}\n}\"];\n\n",
	    (unsigned long long)(uintptr_t)win.base, win.bytes, win.ratio, prop(win.hit), prop(win.miss), coop,
	    prio);
}

static void
fill(FILE *f, const Node *nd, const size_t *topo, unsigned flags)
{
	const CUDA_MEMSET_NODE_PARAMS *p = &nd->w.fill;

	if (!(flags & D_FILLPARAMS)) {
		/* (the driver writes no space before this label) */
		fprintf(f, "[style=\"solid\" shape=\"invtrapezium\"label=\"");
		id(f, nd, topo, flags);
		fprintf(f, "\nMEMSET\n");
		if (flags & D_HANDLES)
			fprintf(f, "node handle: 0x%016llX\n", (unsigned long long)(uintptr_t)nd->h);
		fprintf(f, "(%u,%zu)\n\"];\n\n", p->value, p->width * p->elementSize * p->height);
		return;
	}
	fprintf(f, "[style=\"solid\" style=\"solid\" shape=\"record\" label=\"{MEMSET\n| {{ID | %s"
	    "dptr | pitch | value | elementSize | width | height} | {", flags & D_HANDLES ? "node handle | " : "");
	id(f, nd, topo, flags);
	if (flags & D_HANDLES)
		fprintf(f, " | 0x%016llX", (unsigned long long)(uintptr_t)nd->h);
	fprintf(f, " | 0x%016llX | %zu | %u | %u | %zu | %zu}}}\"];\n\n", (unsigned long long)p->dst, p->pitch,
	    p->value, p->elementSize, p->width, p->height);
}

/* A copy: a trapezium with its direction and bytes */
static void
copy(FILE *f, const Node *nd, const size_t *topo, unsigned flags)
{
	static const char kind[] = "?HDAD";   /* by CUmemorytype: host, device, array, unified */
	const CUDA_MEMCPY3D *c = &nd->w.copy;
	unsigned st = c->srcMemoryType < 5 ? c->srcMemoryType : 0, dt = c->dstMemoryType < 5 ? c->dstMemoryType : 0;

	if (flags & D_COPYPARAMS) {
		static const char *const tn[] = {"?", "HOST", "DEVICE", "ARRAY", "UNIFIED"};
		fprintf(f, "[style=\"solid\" shape=\"record\" label=\"{\nMEMCPY\n| {{ID%s} | {",
		    flags & D_HANDLES ? " | node handle" : "");
		id(f, nd, topo, flags);
		if (flags & D_HANDLES)
			fprintf(f, " | 0x%016llX", (unsigned long long)(uintptr_t)nd->h);
		fprintf(f, "}}\n| {{src | dst} | { MemoryType | Array | Host | Device | XInBytes | Y | Z | Pitch | Height | LOD"
		    " | MemoryType | Array | Host | Device | XInBytes | Y | Z | Pitch | Height | LOD} | {");
		fprintf(f, "%s (%s) | 0x%016llX | 0x%016llX | 0x%016llX | %zu | %zu | %zu | %zu | %zu | %zu | ", tn[st],
		    tn[st], (unsigned long long)(uintptr_t)c->srcArray, (unsigned long long)(uintptr_t)c->srcHost,
		    (unsigned long long)c->srcDevice, c->srcXInBytes, c->srcY, c->srcZ, c->srcPitch, c->srcHeight,
		    c->srcLOD);
		fprintf(f, "%s (%s) | 0x%016llX | 0x%016llX | 0x%016llX | %zu | %zu | %zu | %zu | %zu | %zu}}\n", tn[dt],
		    tn[dt], (unsigned long long)(uintptr_t)c->dstArray, (unsigned long long)(uintptr_t)c->dstHost,
		    (unsigned long long)c->dstDevice, c->dstXInBytes, c->dstY, c->dstZ, c->dstPitch, c->dstHeight,
		    c->dstLOD);
		fprintf(f, "| {Extent | {WidthInBytes | Height | Depth} | {%zu | %zu | %zu}}\n}\"];\n\n", c->WidthInBytes,
		    c->Height, c->Depth);
		return;
	}
	fprintf(f, "[style=\"solid\" shape=\"trapezium\"label=\"");
	id(f, nd, topo, flags);
	fprintf(f, "\nMEMCPY\n");
	if (flags & D_HANDLES)
		fprintf(f, "node handle: 0x%016llX\n", (unsigned long long)(uintptr_t)nd->h);
	fprintf(f, "(%cto%c,%zu)\n\"];\n\n", kind[st], kind[dt], c->WidthInBytes * c->Height * c->Depth);
}

/* The other kinds: a rectangle with the node's kind (a child graph's
 * name), and a host function's or an event's parameters */
static void
other(FILE *f, const Node *nd, const size_t *topo, unsigned flags)
{
	static const char *const names[] = {[N_EMPTY] = "EMPTY", [N_KERNEL] = "KERNEL", [N_COPY] = "MEMCPY",
	                                    [N_FILL] = "MEMSET", [N_HOST] = "HOST", [N_RECORD] = "EVENT_RECORD",
	                                    [N_WAIT] = "EVENT_WAIT", [N_CHILD] = "GRAPH",
	                                    [N_ALLOC] = "MEM_ALLOC", [N_FREE] = "MEM_FREE",
	                                    [N_COND] = "CONDITIONAL", [N_MEMOP] = "BATCH_MEM_OP",
	                                    [N_SEMSIG] = "EXT_SEMAS_SIGNAL", [N_SEMWAIT] = "EXT_SEMAS_WAIT"};
	const Work *w = &nd->w;
	Graph *child = w->kind == N_CHILD ? GRAPH(w->child) : NULL;

	if ((w->kind == N_ALLOC && (flags & D_ALLOCPARAMS)) || (w->kind == N_FREE && (flags & D_FREEPARAMS))) {
		fprintf(f, "[style=\"solid\" shape=\"record\" label=\"{\n%s\n| {{ID%s} | {", names[w->kind],
		    flags & D_HANDLES ? " | node handle" : "");
		id(f, nd, topo, flags);
		if (flags & D_HANDLES)
			fprintf(f, " | 0x%016llX", (unsigned long long)(uintptr_t)nd->h);
		fprintf(f, "}}\n");
		/* the pool's properties as the shim's graph memory has them:
		 * pinned device memory of device 0, no handle type */
		if (w->kind == N_ALLOC)
			fprintf(f, "| {{{poolProps | {allocType | handleTypes | {location | {type | id}}} | "
			    "{PINNED | NONE | DEVICE | 0}}}}\n| {{bytesize | dptr} | {%zu | 0x%016llX}}\n}\"];\n\n",
			    w->mem->bytes, (unsigned long long)w->mem->p);
		else
			fprintf(f, "| {{dptr} | {0x%016llX}}\n}\"];\n\n", (unsigned long long)w->mem->p);
		return;
	}

	fprintf(f, "[style=\"solid\" shape=\"rectangle\" label=\"");
	id(f, nd, topo, flags);
	if (child)
		fprintf(f, "\ngraph_%u\n", child->id);
	else
		fprintf(f, "\n%s\n", names[w->kind]);
	if (flags & D_HANDLES)
		fprintf(f, "node handle: 0x%016llX\n", (unsigned long long)(uintptr_t)nd->h);
	if (w->kind == N_HOST && (flags & D_HOSTPARAMS))
		fprintf(f, "fn: 0x%016llX\nuserData: 0x%016llX\n", (unsigned long long)(uintptr_t)w->host.fn,
		    (unsigned long long)(uintptr_t)w->host.userData);
	if ((w->kind == N_RECORD || w->kind == N_WAIT) && (flags & D_EVPARAMS))
		fprintf(f, "event: 0x%016llX\n", (unsigned long long)(uintptr_t)w->ev);
	fprintf(f, "\"];\n\n");
}

static void
dot_graph(FILE *f, Graph *g, unsigned flags, unsigned depth)
{
	size_t i = 0, *topo = calloc(g->n ? g->n : 1, sizeof *topo);

	for (Node *nd = g->first; nd; nd = nd->next)
		nd->idx = i++;
	if (topo && (flags & D_TOPO))
		topo_ids(g, topo);
	fprintf(f, "subgraph cluster_%u {\nlabel=\"graph_%u\" graph[style=\"dashed\"];\n", g->id, g->id);
	for (Node *nd = g->first; nd && topo; nd = nd->next) {
		fprintf(f, "\"graph_%u_node_%zu\"", g->id, nd->idx);
		if (nd->w.kind == N_KERNEL)
			kernel(f, FN(nd->w.fn) ? ptx_function_name(FN(nd->w.fn)->f) : "", nd, topo, flags);
		else if (nd->w.kind == N_FILL)
			fill(f, nd, topo, flags);
		else if (nd->w.kind == N_COPY)
			copy(f, nd, topo, flags);
		else
			other(f, nd, topo, flags);
	}
	/* by the node they leave, then the one they reach; the head's label
	 * is the edge's place among that node's dependencies */
	for (Node *from = g->first; from; from = from->next)
		for (Node *nd = g->first; nd; nd = nd->next)
			for (size_t k = 0; k < nd->ndeps; k++) {
				if (nd->deps[k] != from->h)
					continue;
				fprintf(f, "\"graph_%u_node_%zu\" -> \"graph_%u_node_%zu\"", g->id, from->idx, g->id,
				    nd->idx);
				if (flags & D_TOPO)
					fprintf(f, " [headlabel=%zu]", k);
				fprintf(f, ";\n");
			}
	fprintf(f, "}\n");
	free(topo);
	/* children after their parent, deep ones not without end */
	for (Node *nd = g->first; nd && depth < 64; nd = nd->next)
		if (nd->w.kind == N_CHILD)
			dot_graph(f, GRAPH(nd->w.child), flags, depth + 1);
		else
			for (unsigned b = 0; b < nd->w.nbody && nd->w.body; b++)
				dot_graph(f, GRAPH(nd->w.body[b]), flags, depth + 1);
}

CUresult
cuGraphDebugDotPrint(CUgraph gh, const char *path, unsigned flags)
{
	CUresult r = CUDA_SUCCESS;
	FILE *f;
	Graph *g;

	if (!path)
		return CUDA_ERROR_INVALID_VALUE;
	if (flags & D_VERBOSE)
		flags = ~0u;
	LOCK();
	if (!(g = GRAPH(gh)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!(f = fopen(path, "w")))
		r = CUDA_ERROR_OPERATING_SYSTEM;
	else {
		fprintf(f, "digraph dot {\n");
		dot_graph(f, g, flags, 0);
		fprintf(f, "}\n");
		if (fclose(f))
			r = CUDA_ERROR_OPERATING_SYSTEM;
	}
	UNLOCK();
	return r;
}

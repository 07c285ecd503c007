/*
 * shim_gdot.c -- cuGraphDebugDotPrint: a graph in Graphviz's language,
 * laid out as an H200's driver writes it (tests/shim/gdot.gpu): a dashed
 * cluster a graph, its children's after it; a node a box whose shape
 * tells its kind (a kernel a bold octagon with its function's name, a
 * fill an inverted trapezium with its value and width, ...); an arrow a
 * dependency.  The flags (CUgraphDebugDot_flags) add what they name: a
 * kernel's launch shape, the parameters of fills, the handles, a node's
 * place in a topological order, and a kernel's launch attributes; a node
 * whose parameters are asked for becomes a record of them, and VERBOSE
 * asks for all.  The driver prints its handles, pointers here; the shim's
 * handles are its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"
#include "cuda/shim_graph.h"

enum { D_VERBOSE = 1, D_KPARAMS = 4, D_FILLPARAMS = 0x10, D_KATTRS = 0x200, D_HANDLES = 0x400,
       D_TOPO = 0x4000 };
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

/* n's place in an order that has every node after those that depend on
 * it (the driver's topoId: of two nodes, the later one has 0); topo[],
 * by each node's idx. */
static void
topo_ids(Graph *g, size_t *topo)
{
	size_t n = g->n, left = g->n;
	char *done = calloc(n ? n : 1, 1);

	if (!done) {
		memset(topo, 0, n * sizeof *topo);
		return;
	}
	/* from the end: a node once each node that depends on it has its place */
	while (left) {
		Node *pick = NULL;
		for (Node *nd = g->first; nd && !pick; nd = nd->next) {
			int ready = !done[nd->idx];
			for (Node *o = g->first; ready && o; o = o->next)
				for (size_t d = 0; ready && !done[o->idx] && d < o->ndeps; d++)
					ready = o->deps[d] != nd->h;
			if (ready)
				pick = nd;
		}
		if (!pick)   /* a cycle: the rest in the order added */
			for (Node *nd = g->first; nd && !pick; nd = nd->next)
				if (!done[nd->idx])
					pick = nd;
		done[pick->idx] = 1;
		topo[pick->idx] = n - left--;
	}
	free(done);
}

static void
id(FILE *f, const Node *nd, const size_t *topo, unsigned flags)
{
	fprintf(f, "%zu", nd->idx);
	if (flags & D_TOPO)
		fprintf(f, " (topoId: %zu)", topo[nd->idx]);
}

static void
shape(FILE *f, const Work *w)
{
	fprintf(f, "\\<\\<\\<");
	for (int k = 0; k < 2; k++) {
		const unsigned *d = k ? w->block : w->grid;
		if (d[1] == 1 && d[2] == 1)
			fprintf(f, "%u,", d[0]);
		else
			fprintf(f, "(%u,%u,%u),", d[0], d[1], d[2]);
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
		fprintf(f, "(%u,%zu)\n\"];\n\n", p->value, p->width);
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

/* The other kinds: a box with the node's kind */
static void
other(FILE *f, const Node *nd, const size_t *topo, unsigned flags)
{
	static const char *const names[] = {[N_EMPTY] = "EMPTY", [N_KERNEL] = "KERNEL", [N_COPY] = "MEMCPY",
	                                    [N_FILL] = "MEMSET", [N_HOST] = "HOST", [N_RECORD] = "EVENT_RECORD",
	                                    [N_WAIT] = "WAIT_EVENT", [N_CHILD] = "GRAPH",
	                                    [N_ALLOC] = "MEM_ALLOC", [N_FREE] = "MEM_FREE",
	                                    [N_COND] = "CONDITIONAL", [N_MEMOP] = "BATCH_MEM_OP",
	                                    [N_SEMSIG] = "EXT_SEMAS_SIGNAL", [N_SEMWAIT] = "EXT_SEMAS_WAIT"};

	fprintf(f, "[style=\"solid\" shape=\"box\" label=\"");
	id(f, nd, topo, flags);
	fprintf(f, "\n%s\n", names[nd->w.kind]);
	if (flags & D_HANDLES)
		fprintf(f, "node handle: 0x%016llX\n", (unsigned long long)(uintptr_t)nd->h);
	if (nd->w.kind == N_ALLOC || nd->w.kind == N_FREE)
		fprintf(f, "0x%llx\n", (unsigned long long)nd->w.mem->p);
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
		else
			other(f, nd, topo, flags);
	}
	for (Node *nd = g->first; nd; nd = nd->next)
		for (size_t k = 0; k < nd->ndeps; k++) {
			Node *dep = NODE(nd->deps[k]);
			if (!dep)
				continue;
			fprintf(f, "\"graph_%u_node_%zu\" -> \"graph_%u_node_%zu\"", g->id, dep->idx, g->id, nd->idx);
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

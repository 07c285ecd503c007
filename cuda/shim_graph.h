/*
 * shim_graph.h -- what the files of CUDA graphs share (shim_graph.c
 * graphs, nodes and edges; shim_gnode.c the kinds of node; shim_gedit.c
 * their parameters read and changed; shim_gexec.c executable graphs):
 * the objects behind the graph handles and the functions that make,
 * copy and drop them.  Private to those files; the rest of the shim sees
 * graphs through shim.h.
 */
#ifndef SHIM_GRAPH_H
#define SHIM_GRAPH_H

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

enum { N_EMPTY, N_KERNEL, N_COPY, N_FILL, N_HOST, N_RECORD, N_WAIT, N_CHILD, N_ALLOC, N_FREE, N_COND, N_MEMOP,
       N_SEMSIG, N_SEMWAIT };

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
	char *args;                 /* the packed parameter buffer, owned; batched memory operations:
	                             * their CUstreamBatchMemOpParams (48 bytes each); external
	                             * semaphores: their handles, then their parameters (SEMPARAMS
	                             * bytes each) */
	size_t nargs;
	unsigned nops;              /* batched memory operations, external semaphores: how many, */
	unsigned opflags;           /* the batch's flags */
	CUcontext opctx;            /* and the context they were given */
	CUDA_MEMCPY3D copy;         /* copy */
	CUDA_MEMSET_NODE_PARAMS fill;
	CUDA_HOST_NODE_PARAMS host;
	Attrs attr;                 /* kernel: launch attributes (shim_attr.c) */
	CUevent ev;                 /* record, wait: a handle, resolved when run */
	CUgraph child;              /* child, in a graph: the embedded copy, owned */
	struct Exec *sub;           /* child, in an executable: its executable, owned */
	Gmem *mem;                  /* alloc, free: one reference */
	uint64_t cond;              /* conditional: its handle (shim_gnode.c), */
	int ctype;                  /* CUgraphConditionalNodeType, */
	unsigned nbody;             /* and its bodies: */
	CUgraph *body;              /* in a graph, the graphs, owned (handed out as phGraph_out); */
	struct Exec **bsub;         /* in an executable, their executables, owned */
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
	CUgraphExec live;           /* with conditional nodes: its executable, the only one it
	                             * may have at a time (a handle, resolved to see it is still
	                             * there and of this graph) */
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
	CUgraph src;                /* the graph it was made of (a handle, compared) */
} Exec;


/* an executable that cannot take a graph of another shape */
enum { CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE = 910 };

#define GRAPH(h) ((Graph *)shim_hget((h), H_GRAPH))
#define UOBJ(h) ((Uobj *)shim_hget((h), H_UOBJ))
#define NODE(h) ((Node *)shim_hget((h), H_NODE))
#define EXEC(h) ((Exec *)shim_hget((h), H_EXEC))

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

/* ---------------------------------------------------------------- generic node parameters */

/* CUDA_BATCH_MEM_OP_NODE_PARAMS */
typedef struct {
	CUcontext ctx;
	unsigned count;
	void *ops;
	unsigned flags;
} MemOpParams;

/* CUDA_EXT_SEM_SIGNAL_NODE_PARAMS and _WAIT_: the semaphores, their
 * parameters (CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS or _WAIT_, 144 bytes
 * each in cuda.h: a 72-byte union, the flags, 16 reserved words), how many */
typedef struct {
	void **sems;
	void *params;
	unsigned n;
} SemParams;
enum { SEMPARAMS = 144 };

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
		MemOpParams memop;
		SemParams sem;
		struct {
			uint64_t handle;
			int type;                  /* CUgraphConditionalNodeType */
			unsigned size;
			CUgraph *bodies;           /* out: phGraph_out */
			CUcontext ctx;
		} cond;
	} u;
	long long reserved2;
} NodeParams;

/* CUgraphNodeType */
enum { T_KERNEL, T_MEMCPY, T_MEMSET, T_HOST, T_GRAPH, T_EMPTY, T_WAIT, T_RECORD, T_SEMSIG, T_SEMWAIT,
       T_ALLOC, T_FREE, T_MEMOP, T_COND };


static inline int
reserved_clear(const NodeParams *p)
{
	return !p->reserved0[0] && !p->reserved0[1] && !p->reserved0[2] && !p->reserved2;
}

/* shim_graph.c */
extern unsigned gr_lastid;      /* the last graph or executable id handed out; under LOCK */
void gr_drain(void);            /* runs the destructors of user objects gone; not under LOCK */
int gr_refs_copy(Ref **to, size_t *nto, const Ref *from, size_t n);
void gr_refs_drop(Ref *refs, size_t n);
void gr_work_free(Work *w);
CUresult gr_work_dup(Work *to, const Work *from, int toexec);
CUresult gr_add(CUgraphNode *out, CUgraph gh, const CUgraphNode *deps, size_t ndeps, Work *w);
CUresult gr_add_work(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, Work *w);
Node *gr_node_of(CUgraphNode h, int kind);
CUresult gr_clone(CUgraph *out, Graph *g);

/* shim_gnode.c */
CUresult gr_kernel_work(Work *w, const CUDA_KERNEL_NODE_PARAMS *p, int v2);
CUresult gr_memop_work(Work *w, const MemOpParams *p);
CUresult gr_sem_work(Work *w, const SemParams *p);
void gr_gmem_drop(Gmem *m);
void gr_mem_launch(Gmem *m);    /* a launch's alloc node */
void gr_mem_end(Gmem *m);       /* a launch's free node */
void gr_mem_unuse(Gmem *m);     /* its executable goes */
int gr_has_cond(const Graph *g);   /* g has a conditional node */
int gr_is_body(CUgraph g);          /* g is a conditional node's body; under LOCK */
void gr_cond_drop(CUgraph g);   /* the conditional handles of g go */
unsigned gr_cond_get(uint64_t h);   /* the value of handle h (0: none) */
void gr_cond_default(uint64_t h);   /* a launch begins: h takes its default, if it is to */
enum { COND_IF, COND_WHILE, COND_SWITCH };   /* CUgraphConditionalNodeType */

/* shim_gexec.c */
CUresult gr_instantiate(CUgraphExec *out, Graph *g);
void gr_exec_free(Exec *x);
Work *gr_find(CUgraphExec h, CUgraphNode nd);

#endif

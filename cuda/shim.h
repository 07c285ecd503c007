/*
 * shim.h -- the state shared by the files of libptxcuda.  The driver API's
 * types and values it implements are api/cudrv.h's, shared with libptx's
 * own CUDA backend (api/cuda.c).
 *
 * One process-wide ptx_ctx backs every CUDA context, so device pointers
 * are unique across contexts as with unified addressing; a context owns
 * the modules loaded, the memory allocated and the streams and events
 * created while it was current, and frees them when it is destroyed.
 * Handles are tokens of the handle table (shim_handle.c), resolved to the
 * objects (Ctx, Mod, Fn, ...) on every call.  One mutex serialises every
 * call, since a ptx_ctx must not be used from two threads at once: the
 * handle table and every object are only touched under it.
 */
#ifndef PTXCUDA_SHIM_H
#define PTXCUDA_SHIM_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include "include/ptx.h"
#include "api/cudrv.h"
#include "ir/tree.h"

/* ---------------------------------------------------------------- state */

#define SHIM_VERSION 13000          /* cuDriverGetVersion: CUDA 13.0 */
#define SHIM_SM 90                  /* the device's architecture: the interpreter's */
#define SHIM_PTX_ISA 90             /* the newest PTX ISA (9.0) CUDA 13.0's JIT compiles */

typedef struct Sctx Ctx;
typedef struct Smod Mod;
typedef struct Sfn Fn;
typedef struct Sstream Stream;
typedef struct Sevent Event;

struct Sctx {
	CUcontext h;
	int primary;                /* the device's primary context */
	int refs;                   /* primary: retain count */
	unsigned flags;
	CUresult sticky;            /* a launch fault poisons the context, as on a GPU */
	unsigned long long id;      /* cuCtxGetId: unique over the process's life */
	size_t limit[CU_LIMIT_MAX]; /* cuCtxSetLimit; 0 until set: the default applies */
	int cacheconfig;            /* cuCtxSetCacheConfig, read back only */
	int abi32;                  /* made by the unversioned cuCtxCreate: the CUDA 2.x ABI's calls take it */
	ptx_devptr below;           /* the driver's space below its first segment, which reads zeros (shim_mem.c) */
	struct Sseg *segs;          /* the address space its allocations are placed in (shim_mem.c), */
	size_t nsegs;               /* in address order */
	struct Tnode *holes;        /* the free granules of its 2 MiB chunks of small allocations */
	struct Tnode *pruns;        /* the free pages of its segments */
	size_t hugetop;             /* the huge region's next block ends at this page */
	int coop;                   /* its legacy stream has had a cooperative launch (shim_mod.c) */
	unsigned nstreams, peakstreams;   /* its cuStreamCreate streams, live and the most at once (shim_stream.c) */
};

/* A library (lib set, ctx NULL) keeps its text and a module of its own
 * for the queries that need no context; each context that uses it gets an
 * instance (parent set), with globals of its own, as with the driver. */
struct Smod {
	CUmodule h;
	Ctx *ctx;                   /* the owner; NULL for a library */
	int lib;                    /* loaded by cuLibraryLoad*: unloaded by cuLibraryUnload */
	struct Smod *parent;        /* an instance: its library */
	char *text;                 /* a library: its PTX, for the instances */
	CUresult err;               /* a library whose image did not load (shim_lib.c): what using it gives; m NULL */
	char *msg;                  /* and what the load said, for the first call that gets err */
	ptx_module *m;
	struct Sfn *fns;            /* functions handed out, freed with the module */
	struct Smod *next;
};

struct Sfn {
	CUfunction h;
	Mod *mod;
	ptx_function *f;
	int maxdyn;                 /* CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES */
	int attr[CU_FUNC_ATTRIBUTE_MAX];  /* other values set by cuFuncSetAttribute */
	/* the launch state of the legacy API (cuFuncSetBlockShape, cuParamSet*) */
	unsigned block[3], shared;
	char *pbuf;
	size_t plen;
	struct Sfn *next;
};

/* A stream being captured (shim_capture.c) adds its work to cap's graph,
 * after the nodes deps; an event recorded on it keeps the same two, for
 * a stream that waits for it to join the capture. */
typedef struct {
	struct Capture *cap;
	CUgraphNode *deps;
	size_t ndeps;
} Capturing;

/* The launch attributes a stream or a kernel node keeps (shim_attr.c):
 * each id's CUlaunchAttributeValue, 64 bytes, as last set.  A stream's
 * priority is its prio, not its entry here. */
#define SHIM_NATTR 17
typedef struct { unsigned char v[SHIM_NATTR][64]; } Attrs;

struct Sstream {
	CUstream h;
	Ctx *ctx;
	unsigned flags;
	int prio;
	unsigned long long id;
	unsigned long long thread;  /* a thread's default stream: the thread's number (shim_stream.c); else 0 */
	void *green;                /* made by cuGreenCtxStreamCreate: its CUgreenCtx (shim_green.c); else NULL */
	Capturing c;
	Attrs attr;
	int coop;                   /* it has had a cooperative launch (shim_mod.c) */
	int counted;                /* made by cuStreamCreate*: in its context's nstreams */
};
struct Sevent {
	CUevent h; Ctx *ctx; unsigned flags; double ms; int recorded; Capturing c;
	CUstream on;                /* the stream it was last recorded on */
	size_t ipcslot;             /* 1 + its word in the file of events shared with other processes (shim_ipc.c) */
	char ipch[64];              /* opened from another process's handle: that handle (opened set) */
	int opened;
};

/* A cuMemAlloc'd or managed allocation, kept by base (shim_alloc.c).  Its
 * size is three sizes, each for its own purpose: n, the size asked for,
 * is the one the program is held to (copies, fills, pointer attributes,
 * IPC, cuMemGetAddressRange, and memcheck's reports, PTXKIT_CHECK); ext,
 * n rounded up to the driver's granule, is what the memory accounting
 * charges (cuMemGetInfo) and what a GPU would hand out; slack is what the
 * interpreter backs past ext, so that a kernel's stray access past the end
 * faults only where a GPU's would (shim_mem.c backing): no device memory. */
typedef struct Sseg Seg;
typedef struct Schunk Chunk;
typedef struct Salloc Alloc;
struct Salloc {
	Tnode t;                    /* the index's, keyed by p; first, so that a search touches one
	                             * cache line of each record it passes */
	CUdeviceptr p;
	size_t n, ext, slack;
	Ctx *ctx;
	void *host;                 /* managed: its host memory; NULL: device memory */
	struct Smchunk *mchunk;     /* managed below 2 MiB: the chunk that holds it (shim_mem.c) */
	int low;                    /* device memory of host pages below 4 GiB (shim_low_pages) */
	long chunk;                 /* 0: a small one, in a chunk of its context's (shim_mem.c); -1: pages of its own */
	unsigned long long id;      /* CU_POINTER_ATTRIBUTE_BUFFER_ID: unique over the process's life */
	int syncmemops;             /* CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, as cuPointerSetAttribute set it */
	int graph;                  /* a graph's memory node's (shim_graph_alloc): freed with the graph */
	int pool;                   /* made for a memory pool (shim_pool_alloc): its pages lie within
	                             * the pools' reserve, which cuMemGetInfo counts (shim_place.c) */
};

typedef struct {
	pthread_mutex_t mu;
	_Atomic int inited;         /* read without the lock by the device queries */
	ptx_ctx *cx;
	struct Sctx primary;
	struct Smod *mods;
	size_t held, extents;       /* what cuMemAllocs hold as the driver counts, as the interpreter does */
	size_t poolheld;            /* of held, the pages that hold pools' allocations alone */
	size_t slack;               /* their slack: backed, not device memory (shim_mem.c backing) */
	size_t zpages;              /* the 2 MiB ranges of zeros under chunks (shim_mem.c) */
	/* page-locked host memory: cuMemHostAlloc'd (registered 0) or registered;
	 * mapped: also device memory at the same address (ptx_mem_map), as
	 * unified addressing makes pinned memory on a GPU */
	struct { void *p; size_t n; unsigned flags; int registered, mapped; Ctx *ctx; } *hosts;   /* ctx: the
	                            * owner of an allocated one, which goes with it (shim_host_release) */
	size_t nhosts, caphosts;
	unsigned long long nextid;  /* ids of contexts and streams */
	/* the context limits' defaults (PTXKIT_HEAP_SIZE, PTXKIT_STACK_SIZE)
	 * and the values last handed to the interpreter */
	size_t heap, stack, heapset, stackset;
	uint64_t max_steps;         /* PTXKIT_MAX_STEPS: 0, none (a driver has none) */
	int jit_failed;             /* a JIT compilation failed: cuLink's errors change code (shim_mod.c) */
	int eager;                  /* CUDA_MODULE_LOADING=EAGER: what cuModuleGetLoadingMode reports */
	FILE *says;                 /* while a library loads: where its load's messages go (shim_says) */
	CUresult gone;              /* while a context's objects are freed with it (release_ctx):
	                             * what their handles answer from then on */
} Shim;

extern Shim shim;

#define LOCK() pthread_mutex_lock(&shim.mu)
#define UNLOCK() pthread_mutex_unlock(&shim.mu)

/* shim_handle.c: the handle table, each under LOCK */
/* CUmemorytype */
enum { CU_MEMORYTYPE_HOST = 1, CU_MEMORYTYPE_DEVICE, CU_MEMORYTYPE_ARRAY, CU_MEMORYTYPE_UNIFIED };

enum { H_CTX = 1, H_MOD, H_FN, H_STREAM, H_EVENT, H_LINK, H_GRAPH, H_NODE, H_EXEC, H_POOL, H_ARRAY,
       H_MIPMAP, H_UOBJ, H_GREEN, H_RDESC, H_NKIND };
void *shim_hnew(int kind, void *obj);       /* a new handle for obj; NULL when out of memory */
void *shim_hget(const void *h, int kind);   /* the live object h names, or NULL */
int shim_hstale(const void *h, int kind);   /* h named an object of kind that is gone */
void shim_hkeep(const void *h);             /* h, about to be freed, stays answered for */
void shim_hkeepas(const void *h, CUresult code);   /* the same, answered with code */
int shim_hkept(const void *h, int kind);    /* h was so kept, and is freed */
CUresult shim_hgone(const void *h, int kind);   /* h not live: its kept code, or an invalid handle */
void shim_hfree(const void *h);             /* h and its copies name nothing from now on */
void *shim_heach(int kind, size_t *cursor); /* the live objects of kind; *cursor from 0 */
#define CTX(h) ((Ctx *)shim_hget((h), H_CTX))
#define MOD(h) ((Mod *)shim_hget((h), H_MOD))
#define FN(h) ((Fn *)shim_hget((h), H_FN))
#define STREAM(h) shim_stream(h)   /* shim_stream.c: CU_STREAM_PER_THREAD too */
#define EVENT(h) ((Event *)shim_hget((h), H_EVENT))

/* shim.c */
CUresult shim_devok(CUdevice d);         /* initialised, and d the one device (0) */
CUresult shim_current(Ctx **ctx);        /* initialised, with a current context; under LOCK */
CUresult shim_ready(Ctx **ctx);          /* the same, and its sticky fault; under LOCK */
void shim_print_diags(const char *what);
FILE *shim_says(void);
/* shim_alloc.c, each under LOCK: a new record at base p (the rest zero,
 * chunk -1), NULL when out of memory; one removed and freed; the record
 * of the greatest base not above p (dir 0) or the least not below (dir 1);
 * the one whose size asked for holds p */
Alloc *shim_alloc_add(CUdeviceptr p);
void shim_alloc_del(Alloc *a);
Alloc *shim_alloc_near(CUdeviceptr p, int dir);
Alloc *shim_alloc_holding(CUdeviceptr p);
/* shim_mem.c */
void shim_free_ctx_allocs(Ctx *ctx);
/* shim_ipc.c: the interpreter's allocator, which gives each cuMemAlloc
 * pages of its own: armed with the storage's size before ptx_mem_alloc,
 * told the device address after (under LOCK) */
extern const ptx_alloc shim_ipc_alloc;
void shim_ipc_arm(size_t n);
void shim_ipc_armed(CUdeviceptr dev);
CUresult shim_free(CUdeviceptr p);        /* cuMemFree under LOCK */
CUresult shim_fill(CUdeviceptr dst, unsigned v, size_t esz, size_t n);   /* under LOCK */
/* rows of width elements, pitch bytes apart; under LOCK */
CUresult shim_fill2d(CUdeviceptr dst, size_t pitch, unsigned v, size_t esz, size_t width, size_t height);
CUresult shim_devspan(CUdeviceptr p, uint64_t n);   /* inside p's cuMemAlloc size; under LOCK */
int shim_isdev(CUdeviceptr p);            /* in a live device allocation or the device's range; under LOCK */
int shim_host_find(const void *p);        /* index into shim.hosts, or -1; under LOCK */
void *shim_host_pages(size_t n);          /* host memory the interpreter can map (shim_mem.c) */
void shim_host_pages_free(void *p, size_t n);
void *shim_low_pages(size_t n);           /* below 4 GiB, for the CUDA 2.x ABI (shim_mem.c) */
CUresult shim_merr(int rc);               /* a PTX_* status as a CUresult */
/* shim_vmm.c: whether p lies in a range cuMemMap mapped, that mapping's
 * start and size; under LOCK */
int shim_vmm_find(CUdeviceptr p, CUdeviceptr *base, size_t *size);
int shim_ipc_find(CUdeviceptr p, CUdeviceptr *base, size_t *size);
/* shim_image.c: the PTX text of an image (PTX, fatbin, fatbin wrapper,
 * cubin, host ELF), malloc'd into *ptx.  size: the bytes readable, or
 * SHIM_NOLEN when the caller gave none (the image's header says).  type: a
 * CU_JIT_INPUT_* the image must be, or -1.  A failure is reported on
 * stderr and in log. */
#define SHIM_NOLEN SIZE_MAX
/* ends the text shim_image_ptx gives for PTX of a later target that stands
 * for a fatbin's sm_90 machine code (shim_image.c stand_in) */
#define SHIM_STANDIN "\n// libptxcuda: this PTX stands in for sm_90 machine code\n"
CUresult shim_image_ptx(char **ptx, const void *image, size_t size, int type, const char *name,
                        char *log, size_t cap);
int shim_is_image(const void *image, size_t size);   /* starts with a binary magic */
int shim_image_early(const void *image, size_t size);   /* refused even when loaded lazily */
/* shim_mod.c: each under LOCK */
CUresult shim_load(Mod **out, Ctx *owner, const char *name, const void *image, size_t size,
                   char *log, size_t cap);
/* PTX texts linked into one, as cuLinkComplete links them (texts reordered,
 * with their names when names is not NULL, and rewritten: each is malloc'd
 * and may be replaced) */
CUresult shim_link_text(char **text, char **names, int n, char **out, size_t *len);
/* shim_extern.c: whether text calls an .extern function it does not define
 * and the JIT does not supply (nor, with devrt, the device runtime): its
 * name into name */
int shim_unresolved(const char *text, int devrt, char *name, size_t cap);
/* shim_extern.c: calls with a return value of a function another input
 * defines without one lose it (images linked elsewhere: nvJitLink's) */
void shim_link_voids(char **text, int n);
/* shim_extern.c: an input's .extern .func whose prototype differs from the
 * definition another input gives (cuLink refuses it): the definer's index,
 * the name into name and the declarer's index into *decl, else -1 */
int shim_link_protos(char *const *text, int n, char *name, size_t cap, int *decl);
/* the first line of a cuLinkComplete image linked with the device runtime */
#define SHIM_DEVRT_MARK "// linked with the device runtime (libcudadevrt)\n"
/* shim_link.c: the inputs' internal symbols renamed where another input
 * declares the name, .weak definitions that give way demoted to .extern */
CUresult shim_link_symbols(char **text, int n);
int shim_func_lists(const char *s, size_t len, int n[2]);
/* shim_link.c: each input's .file indices (and its .loc lines') moved past
 * those of the inputs before it */
CUresult shim_link_files(char **text, int n);
void shim_unload(Mod *md);
CUresult shim_getfn(Fn **out, Mod *md, const char *name);
CUresult shim_global(CUdeviceptr *dptr, size_t *bytes, Mod *md, const char *name);
CUresult shim_fn_attr(int *v, int attr, Fn *fn);
CUresult shim_fn_set_attr(Fn *fn, int attr, int v);
/* every launch form ends here: fn is resolved after the context is checked */
CUresult shim_launch(CUfunction fn, const unsigned grid[3], const unsigned block[3],
                     const unsigned *cluster, unsigned shared, void **params, void **extra);
CUresult shim_jit_log(unsigned nopt, const int *opt, void **val, char **log, size_t *cap);
char *shim_slurp(const char *path, size_t *len);
/* shim_ctx.c, under LOCK: the environment's settings (cuInit); the limits
 * of ctx handed to the interpreter before a launch; device memory */
void shim_env_init(void);
void shim_check_init(void);   /* shim_check.c: PTXKIT_CHECK */
void shim_check_leaks(Ctx *ctx);   /* memcheck's leak check at ctx's teardown (NULL: the end) */
CUresult shim_apply_limits(Ctx *ctx);
size_t shim_total_mem(void);
size_t shim_free_mem(void);
size_t shim_pool_cost(size_t need, uint64_t grow);   /* shim_place.c */
/* shim_place.c: where allocations go.  SHIM_PAGE: the driver's page, in
 * which device memory is counted; SHIM_GRANULE: allocations' spacing */
#define SHIM_PAGE ((size_t)2 << 20)
#define SHIM_GRANULE 512
CUresult shim_place_need(Ctx *ctx, size_t ext, size_t *need);   /* laid out first */
CUresult shim_place_take(Ctx *ctx, Alloc *a, ptx_devptr *at);
void shim_place_give(Alloc *a);
size_t shim_place_slack(size_t ext);     /* what an allocation of a page or more is backed past its end */
void shim_place_end(Ctx *ctx);

/* driver entry points other files call */
CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t n);
CUresult cuEventRecord(CUevent e, CUstream s);
CUresult cuCtxDestroy_v2(CUcontext ctx);
CUresult cuDeviceGetAttribute(int *v, int attr, CUdevice d);
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n);
CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t n);
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n);
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n);
/* shim_copy.c */
CUresult shim_copy3d(const CUDA_MEMCPY3D *c, int peer);   /* under LOCK */
/* shim_tex.c: array h as one side of a strided copy of w x hgt x d bytes
 * at (x, y, z): its memory, pitch and rows per slice; under LOCK */
CUresult shim_array_side(const void *h, size_t x, size_t y, size_t z, size_t w, size_t hgt, size_t d,
                         CUdeviceptr *base, size_t *pitch, size_t *height);
void shim_tex_release(Ctx *ctx);         /* ctx's arrays, objects and references gone with it; under LOCK */
void shim_host_release(Ctx *ctx);        /* shim_mem.c: ctx's page-locked allocations gone with it; under LOCK */
void shim_tex_unload(CUmodule h);        /* module h's references gone with it; under LOCK */
/* shim_stream.c */
#define CU_STREAM_PER_THREAD ((CUstream)(uintptr_t)2)
Stream *shim_stream(CUstream s);         /* the stream s names (the calling thread's for CU_STREAM_PER_THREAD), or NULL; under LOCK */
Stream *shim_stream_peek(void);          /* the calling thread's default stream if it has one yet; under LOCK */
Stream *shim_stream_new(Ctx *ctx, unsigned flags, int prio);   /* NULL when out of memory; under LOCK */
double shim_now_ms(void);
int shim_streamok(CUstream s);            /* NULL, a special handle or a live stream; under LOCK */
CUresult shim_stream_check(CUstream s);   /* the same as a result; takes the LOCK */
void shim_release_streams(Ctx *ctx);      /* destroys ctx's streams and events; under LOCK */
/* shim_export.c: runs the context-storage callbacks of ctx, before it is
 * destroyed or reset; without LOCK, since they call the driver */
void shim_cls_release(CUcontext ctx);
int shim_tracing(void);   /* PTXKIT_EXPORT_TRACE is set: log what cudart asks for and lacks */
/* shim_graph.c: nodes for stream capture, added to g after deps; under LOCK */
CUresult shim_graph_kernel(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                           CUfunction fn, const unsigned grid[3], const unsigned block[3],
                           unsigned shared, void **params, void **extra);
CUresult shim_graph_copy(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                         const CUDA_MEMCPY3D *c);
CUresult shim_graph_fill(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                         CUdeviceptr dst, size_t pitch, unsigned v, unsigned esz, size_t w, size_t h);
CUresult shim_graph_host(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                         CUhostFn fn, void *user);
CUresult shim_graph_new(CUgraph *out);
CUresult shim_graph_own(CUgraph g, CUdeviceptr p);   /* freed with g */
/* memory nodes: an alloc node owning dp, a free node of dp; a free of dp
 * outside the graphs (1: dp is a memory node's, which it stays) */
CUresult shim_graph_alloc(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps, CUdeviceptr dp,
                          size_t bytes);
CUresult shim_graph_freenode(CUgraphNode *out, CUgraph g, const CUgraphNode *deps, size_t ndeps,
                             CUdeviceptr dp);
int shim_graph_unmap(CUdeviceptr dp);
int shim_graph_mem(CUdeviceptr dp);   /* dp is a memory node's allocation */
int shim_graph_owns(CUgraph g, CUgraphNode n);   /* n is a node of g; under LOCK */
/* each of nodes is one of tails or runs before one; under LOCK */
int shim_graph_before(CUgraph g, const CUgraphNode *nodes, size_t n, const CUgraphNode *tails, size_t nt);
void shim_graph_free(CUgraph g);
int shim_graph_cond(void *user, uint64_t h, unsigned value);   /* ptx_set_graph_cond's */
/* shim_capture.c: each returns 1 when stream s is being captured, the
 * work then added to its graph with the result in *r, else 0 and the
 * caller does the work; each takes the LOCK */
int shim_capture_kernel(CUstream s, CUresult *r, CUfunction fn, const unsigned grid[3],
                        const unsigned block[3], unsigned shared, void **params, void **extra);
int shim_capture_copy(CUstream s, CUresult *r, const CUDA_MEMCPY3D *c);
int shim_capture_copy1d(CUstream s, CUresult *r, int dtype, CUdeviceptr dst, void *hdst, int stype,
                        CUdeviceptr src, const void *hsrc, size_t n);
int shim_capture_fill(CUstream s, CUresult *r, CUdeviceptr dst, size_t pitch, unsigned v,
                      unsigned esz, size_t w, size_t h);
int shim_capture_host(CUstream s, CUresult *r, CUhostFn fn, void *user);
int shim_capture_free(CUstream s, CUresult *r, CUdeviceptr p);
int shim_capture_alloc(CUstream s, CUresult *r, CUdeviceptr *p, size_t n);
/* under LOCK: an event recorded on s, s waiting for an event; a stream or
 * event going away */
void shim_ipc_event_gone(Event *e);      /* before an event is freed: its handles name nothing more */
void shim_capture_record(Event *e, CUstream s);
CUresult shim_capture_wait(CUstream s, Event *e);
void shim_capture_forget(Capturing *c);
CUresult shim_capture_sync(CUstream s);   /* a synchronous call on s: refused while captured */
/* shim_pool.c: a synchronization of stream s (all: of the context) done:
 * the pools give back what was freed before it; under LOCK */
void shim_pool_synced(CUstream s, int all);
/* shim_pool.c, under LOCK: what the pools hold in reserve together, which
 * cuMemGetInfo counts as taken.  shim_mem.c, taking LOCK: an allocation
 * for a pool whose reserve grows by grow bytes with it */
uint64_t shim_pool_reserve(void);
CUresult shim_pool_alloc(CUdeviceptr *p, size_t n, uint64_t grow);
/* shim_attr.c: the attributes' defaults; one read or set, for a stream
 * (node 0) or a kernel node (node 1), the id checked against those the
 * driver takes for it */
void shim_attrs_init(Attrs *a);
CUresult shim_attr_get(const Attrs *a, int id, void *out, int node);
CUresult shim_attr_set(Attrs *a, int id, const void *in, int node);
/* shim_attr.c: a batch of count CUstreamBatchMemOpParams as
 * cuStreamBatchMemOp checks it before it runs any (node: a graph node's) */
CUresult shim_memops_check(unsigned count, const void *ops, unsigned flags, int node);
CUresult cuStreamBatchMemOp_v2(CUstream s, unsigned count, void *params, unsigned flags);
/* shim_facil.c: external semaphores, which graph nodes signal and wait
 * for as streams do (they take no lock) */
CUresult cuSignalExternalSemaphoresAsync(void *const *s, const void *params, unsigned n, CUstream st);
CUresult cuWaitExternalSemaphoresAsync(void *const *s, const void *params, unsigned n, CUstream st);
/* shim_lib.c */
CUresult shim_instance(Fn **out, Fn *k, Ctx *ctx);   /* under LOCK */
/* shim_fork.c: a child forked after cuInit gets CUDA_ERROR_NOT_INITIALIZED */
void shim_fork_watch(void);
int shim_forked(void);
/* shim_occ.c */
int shim_occupancy(Fn *fn, int block, size_t dynshared);   /* CTAs per SM; under LOCK */
CUresult shim_coop_fits(CUfunction fn, const unsigned grid[3], const unsigned block[3], size_t dynshared);
int shim_cluster_divides(const unsigned grid[3], const unsigned cluster[3]);
int shim_cluster_partial(const unsigned d[3]);
/* shim.c: the context handle current to the calling thread, or NULL */
CUcontext shim_current_handle(void);
/* shim_green.c, under LOCK: the SMs work has in the current context (a
 * green context's, else the device's 132); the current green context
 * (a CUgreenCtx), or NULL */
unsigned shim_sms(void);
void *shim_green_current(void);
CUcontext shim_green_ctx(void *green);   /* a live green context's CUcontext, or NULL; under LOCK */
CUresult cuCtxRecordEvent(CUcontext ctx, CUevent e);
CUresult cuCtxWaitEvent(CUcontext ctx, CUevent e);
CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice d);
CUresult cuDevicePrimaryCtxRelease_v2(CUdevice d);

/* shim_abi32.c: an entry point of the CUDA 3.2 ABI (the _v2 calls that
 * replaced the CUDA 2.x ABI's) refuses a context of the old ABI, one the
 * unversioned cuCtxCreate made: ABI64() at its top returns
 * CUDA_ERROR_INVALID_CONTEXT then, as the driver answers (and as it
 * answers cuMemcpy, cuMemsetD8Async and cuMemAllocManaged there).  The shim's own
 * calls of those entry points, made for another entry point (the old
 * ABI's, or cuMemAllocAsync's allocation), are wrapped in INNER(), which
 * lets them through on the calling thread. */
CUresult shim_abi64(void);
extern _Thread_local unsigned shim_inner;
CUresult shim_inner_done(CUresult r);
#define ABI64() do { CUresult abi64_ = shim_abi64(); if (abi64_) return abi64_; } while (0)
#define INNER(call) (shim_inner++, shim_inner_done(call))

#endif

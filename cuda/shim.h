/*
 * shim.h -- libptxcuda's own declarations of the CUDA driver API types it
 * implements (written from the API's documented ABI: enum values, struct
 * layouts and calling convention), and the state shared by its files.
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

/* ---------------------------------------------------------------- the ABI */

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef uint64_t cuuint64_t;
/* Tokens of the handle table: the structs they point to exist nowhere. */
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef struct CUlinkState_st *CUlinkState;
/* A library (cuLibrary*) is a module that no context owns, and a kernel
 * (CUkernel) is its function: one ptx_ctx serves every context, so the
 * same handle is valid in each of them. */
typedef CUmodule CUlibrary;
typedef CUfunction CUkernel;
typedef void (*CUhostFn)(void *user);
typedef void (*CUstreamCallback)(CUstream s, CUresult status, void *user);
typedef size_t (*CUoccupancyB2DSize)(int block);

enum {
	CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_OUT_OF_MEMORY = 2,
	CUDA_ERROR_NOT_INITIALIZED = 3, CUDA_ERROR_DEINITIALIZED = 4,
	CUDA_ERROR_NO_DEVICE = 100, CUDA_ERROR_INVALID_DEVICE = 101,
	CUDA_ERROR_INVALID_IMAGE = 200, CUDA_ERROR_INVALID_CONTEXT = 201,
	CUDA_ERROR_NO_BINARY_FOR_GPU = 209, CUDA_ERROR_UNSUPPORTED_LIMIT = 215,
	CUDA_ERROR_PEER_ACCESS_UNSUPPORTED = 217, CUDA_ERROR_INVALID_PTX = 218,
	CUDA_ERROR_INVALID_SOURCE = 300, CUDA_ERROR_FILE_NOT_FOUND = 301,
	CUDA_ERROR_INVALID_HANDLE = 400, CUDA_ERROR_NOT_FOUND = 500, CUDA_ERROR_NOT_READY = 600,
	CUDA_ERROR_ILLEGAL_ADDRESS = 700, CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
	CUDA_ERROR_LAUNCH_TIMEOUT = 702, CUDA_ERROR_PEER_ACCESS_NOT_ENABLED = 705,
	CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE = 708,
	CUDA_ERROR_CONTEXT_IS_DESTROYED = 709, CUDA_ERROR_ASSERT = 710,
	CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712, CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
	CUDA_ERROR_ILLEGAL_INSTRUCTION = 715, CUDA_ERROR_MISALIGNED_ADDRESS = 716,
	CUDA_ERROR_LAUNCH_FAILED = 719, CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE = 720,
	CUDA_ERROR_NOT_PERMITTED = 800, CUDA_ERROR_NOT_SUPPORTED = 801,
	CUDA_ERROR_INVALID_CLUSTER_SIZE = 912, CUDA_ERROR_UNKNOWN = 999
};

/* CUjit_option values the shim reads. */
enum { CU_JIT_INFO_LOG_BUFFER = 3, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
       CU_JIT_ERROR_LOG_BUFFER = 5, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6 };
/* CUjitInputType */
enum { CU_JIT_INPUT_CUBIN, CU_JIT_INPUT_PTX, CU_JIT_INPUT_FATBINARY, CU_JIT_INPUT_OBJECT,
       CU_JIT_INPUT_LIBRARY, CU_JIT_INPUT_NVVM };
/* CUfunction_attribute */
enum { CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
       CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
       CU_FUNC_ATTRIBUTE_NUM_REGS, CU_FUNC_ATTRIBUTE_PTX_VERSION, CU_FUNC_ATTRIBUTE_BINARY_VERSION,
       CU_FUNC_ATTRIBUTE_CACHE_MODE_CA, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
       CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET,
       CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT,
       CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED,
       CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE, CU_FUNC_ATTRIBUTE_MAX };
/* CUlaunchAttributeID values the shim reads. */
enum { CU_LAUNCH_ATTRIBUTE_COOPERATIVE = 2, CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4 };

typedef struct {
	int id;                     /* CUlaunchAttributeID */
	char pad[4];
	union {
		char pad[64];
		int cooperative;
		struct { unsigned x, y, z; } clusterDim;
	} value;
} CUlaunchAttribute;

typedef struct {
	unsigned gridDimX, gridDimY, gridDimZ;
	unsigned blockDimX, blockDimY, blockDimZ;
	unsigned sharedMemBytes;
	CUstream hStream;
	CUlaunchAttribute *attrs;
	unsigned numAttrs;
} CUlaunchConfig;

/* CUDA_MEMCPY3D (the _v2 layout of cuda.h), for copies and graph nodes. */
typedef struct {
	size_t srcXInBytes, srcY, srcZ, srcLOD;
	int srcMemoryType;
	const void *srcHost;
	CUdeviceptr srcDevice;
	void *srcArray;
	void *reserved0;
	size_t srcPitch, srcHeight;
	size_t dstXInBytes, dstY, dstZ, dstLOD;
	int dstMemoryType;
	void *dstHost;
	CUdeviceptr dstDevice;
	void *dstArray;
	void *reserved1;
	size_t dstPitch, dstHeight;
	size_t WidthInBytes, Height, Depth;
} CUDA_MEMCPY3D;

#define CU_LAUNCH_PARAM_END ((void *)0)
#define CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)1)
#define CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)2)

/* ---------------------------------------------------------------- state */

#define SHIM_VERSION 13000          /* cuDriverGetVersion: CUDA 13.0 */

/* CUlimit values, in the order of the enum. */
enum { CU_LIMIT_STACK_SIZE, CU_LIMIT_PRINTF_FIFO_SIZE, CU_LIMIT_MALLOC_HEAP_SIZE,
       CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH, CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT,
       CU_LIMIT_MAX_L2_FETCH_GRANULARITY, CU_LIMIT_PERSISTING_L2_CACHE_SIZE, CU_LIMIT_MAX };

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

struct Sstream {
	CUstream h;
	Ctx *ctx;
	unsigned flags;
	int prio;
	unsigned long long id;
};
struct Sevent { CUevent h; Ctx *ctx; unsigned flags; double ms; int recorded; };

typedef struct {
	pthread_mutex_t mu;
	_Atomic int inited;         /* read without the lock by the device queries */
	ptx_ctx *cx;
	struct Sctx primary;
	struct Smod *mods;
	struct { CUdeviceptr p; size_t n; Ctx *ctx; void *host; } *allocs;   /* host: managed memory's */
	size_t nallocs, capallocs;
	size_t used;                /* bytes allocated, for cuMemGetInfo */
	/* page-locked host memory: cuMemHostAlloc'd (registered 0) or registered;
	 * mapped: also device memory at the same address (ptx_mem_map), as
	 * unified addressing makes pinned memory on a GPU */
	struct { void *p; size_t n; unsigned flags; int registered, mapped; } *hosts;
	size_t nhosts, caphosts;
	unsigned long long nextid;  /* ids of contexts and streams */
	/* the context limits' defaults (PTXKIT_HEAP_SIZE, PTXKIT_STACK_SIZE)
	 * and the values last handed to the interpreter */
	size_t heap, stack, heapset, stackset;
} Shim;

extern Shim shim;

#define LOCK() pthread_mutex_lock(&shim.mu)
#define UNLOCK() pthread_mutex_unlock(&shim.mu)

/* shim_handle.c: the handle table, each under LOCK */
enum { H_CTX = 1, H_MOD, H_FN, H_STREAM, H_EVENT, H_LINK, H_GRAPH, H_NODE, H_EXEC, H_NKIND };
void *shim_hnew(int kind, void *obj);       /* a new handle for obj; NULL when out of memory */
void *shim_hget(const void *h, int kind);   /* the live object h names, or NULL */
int shim_hstale(const void *h, int kind);   /* h named an object of kind that is gone */
void shim_hfree(const void *h);             /* h and its copies name nothing from now on */
void *shim_heach(int kind, size_t *cursor); /* the live objects of kind; *cursor from 0 */
#define CTX(h) ((Ctx *)shim_hget((h), H_CTX))
#define MOD(h) ((Mod *)shim_hget((h), H_MOD))
#define FN(h) ((Fn *)shim_hget((h), H_FN))
#define STREAM(h) ((Stream *)shim_hget((h), H_STREAM))
#define EVENT(h) ((Event *)shim_hget((h), H_EVENT))

/* shim.c */
CUresult shim_current(Ctx **ctx);        /* initialised, with a current context; under LOCK */
CUresult shim_ready(Ctx **ctx);          /* the same, and its sticky fault; under LOCK */
void shim_print_diags(const char *what);
/* shim_mem.c */
void shim_free_ctx_allocs(Ctx *ctx);
CUresult shim_fill(CUdeviceptr dst, unsigned v, size_t esz, size_t n);   /* under LOCK */
int shim_isdev(CUdeviceptr p);            /* inside a live device allocation; under LOCK */
int shim_host_find(const void *p);        /* index into shim.hosts, or -1; under LOCK */
CUresult shim_merr(int rc);               /* a PTX_* status as a CUresult */
/* shim_image.c: the PTX text of an image (PTX, fatbin, fatbin wrapper,
 * cubin, host ELF), malloc'd into *ptx.  size: the bytes readable, or
 * SHIM_NOLEN when the caller gave none (the image's header says).  type: a
 * CU_JIT_INPUT_* the image must be, or -1.  A failure is reported on
 * stderr and in log. */
#define SHIM_NOLEN SIZE_MAX
CUresult shim_image_ptx(char **ptx, const void *image, size_t size, int type, const char *name,
                        char *log, size_t cap);
int shim_is_image(const void *image, size_t size);   /* starts with a binary magic */
/* shim_mod.c: each under LOCK */
CUresult shim_load(Mod **out, Ctx *owner, const char *name, const void *image, size_t size,
                   char *log, size_t cap);
/* PTX texts linked into one, as cuLinkComplete links them (texts reordered) */
CUresult shim_link_text(char **text, int n, char **out, size_t *len);
void shim_unload(Mod *md);
CUresult shim_getfn(Fn **out, Mod *md, const char *name);
CUresult shim_global(CUdeviceptr *dptr, size_t *bytes, Mod *md, const char *name);
CUresult shim_fn_attr(int *v, int attr, Fn *fn);
CUresult shim_fn_set_attr(Fn *fn, int attr, int v);
/* every launch form ends here: fn is resolved after the context is checked */
CUresult shim_launch(CUfunction fn, const unsigned grid[3], const unsigned block[3],
                     const unsigned *cluster, unsigned shared, void **params, void **extra);
void shim_jit_log(unsigned nopt, const int *opt, void **val, char **log, size_t *cap);
char *shim_slurp(const char *path, size_t *len);
/* shim_ctx.c, under LOCK: the environment's settings (cuInit); the limits
 * of ctx handed to the interpreter before a launch; device memory */
void shim_env_init(void);
CUresult shim_apply_limits(Ctx *ctx);
size_t shim_total_mem(void);
size_t shim_free_mem(void);
/* driver entry points other files call */
CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t n);
CUresult cuEventRecord(CUevent e, CUstream s);
CUresult cuCtxDestroy_v2(CUcontext ctx);
/* shim_copy.c */
CUresult shim_copy3d(const CUDA_MEMCPY3D *c, int peer);   /* under LOCK */
/* shim_stream.c */
double shim_now_ms(void);
int shim_streamok(CUstream s);            /* NULL, a special handle or a live stream; under LOCK */
CUresult shim_stream_check(CUstream s);   /* the same as a result; takes the LOCK */
void shim_release_streams(Ctx *ctx);      /* destroys ctx's streams and events; under LOCK */
/* shim_lib.c */
CUresult shim_instance(Fn **out, Fn *k, Ctx *ctx);   /* under LOCK */
/* shim_occ.c */
int shim_occupancy(Fn *fn, int block, size_t dynshared);   /* CTAs per SM; under LOCK */

#endif

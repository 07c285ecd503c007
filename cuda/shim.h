/*
 * shim.h -- libptxcuda's own declarations of the CUDA driver API types it
 * implements (written from the API's documented ABI: enum values, struct
 * layouts and calling convention), and the state shared by its files.
 *
 * One process-wide ptx_ctx backs every CUDA context, so device pointers
 * are unique across contexts as with unified addressing; a context owns
 * the modules loaded and the memory allocated while it was current, and
 * frees them when it is destroyed.  One mutex serialises every call, since
 * a ptx_ctx must not be used from two threads at once.
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
typedef struct Sctx *CUcontext;
typedef struct Smod *CUmodule;
typedef struct Sfn *CUfunction;
typedef struct Sstream *CUstream;
typedef struct Sevent *CUevent;
typedef struct Slink *CUlinkState;
/* A library (cuLibrary*) is a module that no context owns, and a kernel
 * (CUkernel) is its function: one ptx_ctx serves every context, so the
 * same handle is valid in each of them. */
typedef struct Smod *CUlibrary;
typedef struct Sfn *CUkernel;
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
#define SHIM_TOTAL_MEM (80ull << 30)  /* an H100 80GB */

/* CUlimit values, in the order of the enum. */
enum { CU_LIMIT_STACK_SIZE, CU_LIMIT_PRINTF_FIFO_SIZE, CU_LIMIT_MALLOC_HEAP_SIZE,
       CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH, CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT,
       CU_LIMIT_MAX_L2_FETCH_GRANULARITY, CU_LIMIT_PERSISTING_L2_CACHE_SIZE, CU_LIMIT_MAX };

struct Sctx {
	unsigned magic;
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
	unsigned magic;
	CUcontext ctx;              /* the owner; NULL for a library */
	int lib;                    /* loaded by cuLibraryLoad*: unloaded by cuLibraryUnload */
	struct Smod *parent;        /* an instance: its library */
	char *text;                 /* a library: its PTX, for the instances */
	ptx_module *m;
	struct Sfn *fns;            /* functions handed out, freed with the module */
	struct Smod *next;
};

struct Sfn {
	unsigned magic;
	CUmodule mod;
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
	unsigned magic;
	CUcontext ctx;
	unsigned flags;
	int prio;
	unsigned long long id;
	struct Sstream *next;
};
struct Sevent { unsigned magic; unsigned flags; double ms; int recorded; };

typedef struct {
	pthread_mutex_t mu;
	int inited;
	ptx_ctx *cx;
	struct Sctx primary;
	struct Smod *mods;
	struct { CUdeviceptr p; size_t n; CUcontext ctx; void *host; } *allocs;   /* host: managed memory's */
	size_t nallocs, capallocs;
	size_t used;                /* bytes allocated, for cuMemGetInfo */
	/* page-locked host memory: cuMemHostAlloc'd (registered 0) or registered;
	 * mapped: also device memory at the same address (ptx_mem_map), as
	 * unified addressing makes pinned memory on a GPU */
	struct { void *p; size_t n; unsigned flags; int registered, mapped; } *hosts;
	size_t nhosts, caphosts;
	unsigned long long nextid;  /* ids of contexts and streams */
} Shim;

extern Shim shim;

enum { MAGIC_CTX = 0xc7c7c7c7u, MAGIC_MOD = 0x30d30d30u, MAGIC_FN = 0xf00f00f0u,
       MAGIC_STREAM = 0x5a5a5a5au, MAGIC_EVENT = 0xe7e7e7e7u, MAGIC_LINK = 0x11ab11abu };

#define LOCK() pthread_mutex_lock(&shim.mu)
#define UNLOCK() pthread_mutex_unlock(&shim.mu)

/* shim.c */
CUresult shim_ready(CUcontext *ctx);      /* initialised, with a current context; under LOCK */
void shim_print_diags(const char *what);
int shim_validctx(CUcontext c);
/* shim_mem.c */
void shim_free_ctx_allocs(CUcontext ctx);
CUresult shim_fill(CUdeviceptr dst, unsigned v, size_t esz, size_t n);   /* under LOCK */
int shim_isdev(CUdeviceptr p);            /* inside a live device allocation; under LOCK */
int shim_host_find(const void *p);        /* index into shim.hosts, or -1; under LOCK */
CUresult shim_merr(int rc);               /* a PTX_* status as a CUresult */
/* shim_mod.c: each under LOCK */
CUresult shim_load(CUmodule *out, CUcontext owner, const char *name, const void *image,
                   char *log, size_t cap);
void shim_unload(CUmodule md);
int shim_validmod(CUmodule md);
int shim_validfn(CUfunction fn);
CUresult shim_getfn(CUfunction *out, CUmodule md, const char *name);
CUresult shim_fn_attr(int *v, int attr, CUfunction fn);
CUresult shim_fn_set_attr(CUfunction fn, int attr, int v);
CUresult shim_launch(CUfunction fn, const unsigned grid[3], const unsigned block[3],
                     const unsigned *cluster, unsigned shared, void **params, void **extra);
void shim_jit_log(unsigned nopt, const int *opt, void **val, char **log, size_t *cap);
char *shim_slurp(const char *path, size_t *len);
/* driver entry points other files call */
CUresult cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes, CUmodule md, const char *name);
CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t n);
CUresult cuEventRecord(CUevent e, CUstream s);
CUresult cuCtxDestroy_v2(CUcontext ctx);
CUresult cuMemcpy3D_v2(const CUDA_MEMCPY3D *c);
/* shim_stream.c */
double shim_now_ms(void);
/* shim_lib.c */
CUresult shim_instance(CUfunction *out, CUkernel k, CUcontext ctx);   /* under LOCK */
/* shim_occ.c */
int shim_occupancy(CUfunction fn, int block, size_t dynshared);   /* CTAs per SM; under LOCK */

#endif

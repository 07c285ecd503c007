/*
 * shim_ctx.c -- the context and device calls beyond creation and the
 * current-context stack (those are in shim.c): ids, flags, limits, cache
 * preferences, the CUDA 13 forms that name their context, peer access
 * with one device, the PCI location, the profiler switches, and
 * cuGetExportTable.
 *
 * Limits are kept per context and read back.  The malloc heap and the
 * stack are the interpreter's (ptx_set_limit): one ptx_ctx serves every
 * context, so a launch first hands it its context's two values.  The
 * printf buffer grows as needed; the other limits change nothing.
 *
 * The environment, read once by cuInit (libptx.3 documents it):
 *   PTXKIT_MAX_MEMORY   device memory (PTX_LIMIT_MEMORY): what
 *                       cuDeviceTotalMem and cuMemGetInfo report as the
 *                       total and what allocations, module variables and
 *                       running CTAs may use together (cuMemGetInfo's
 *                       free is the rest); default what the host can give
 *   PTXKIT_HEAP_SIZE    CU_LIMIT_MALLOC_HEAP_SIZE's default (8 MiB)
 *   PTXKIT_STACK_SIZE   CU_LIMIT_STACK_SIZE's default (1 KiB)
 *   PTXKIT_MAX_STEPS    each launch's budget of thread-instructions (and
 *                       of the runs of a graph's WHILE body); a driver
 *                       has none, so neither has the shim unless asked:
 *                       0 or "none" is none
 * Sizes are bytes, or a number with K, M or G (powers of 1024).  A value
 * that is not one is reported on stderr, once, and the default is used:
 * failing cuInit would stop a program that cannot say why.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

/* The limits an H100 context starts with (driver 580).  The device-side
 * synchronisation depth is not a limit on sm_90 any more.  CUDA 13's
 * three, as an H200's driver answers them for a context that is not a
 * CIG (graphics-interop) one (tests/shim/ctxlimits.gpu): the shared
 * memory a block may have (the opt-in maximum) and "not CIG", both
 * read-only (CUDA_ERROR_NOT_PERMITTED), and no CIG fallback switch
 * (CUDA_ERROR_UNSUPPORTED_LIMIT).  The CUDA runtime inside cuBLAS reads
 * CIG_ENABLED while cublasLt sets its context up, and leaves the device's
 * description unfilled when refused. */
static const size_t limit_default[CU_LIMIT_MAX] = {
	[CU_LIMIT_SHMEM_SIZE] = 232448,
	[CU_LIMIT_STACK_SIZE] = 1024,
	[CU_LIMIT_PRINTF_FIFO_SIZE] = 8650752,
	[CU_LIMIT_MALLOC_HEAP_SIZE] = 8388608,
	[CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT] = 2048,
	[CU_LIMIT_MAX_L2_FETCH_GRANULARITY] = 64,
	[CU_LIMIT_PERSISTING_L2_CACHE_SIZE] = 9830400,
};

/* ---------------------------------------------------------------- environment, memory */

/* A size: digits, then K, M or G or nothing; 0 when s is one. */
static int
parse_size(const char *s, uint64_t *out)
{
	uint64_t v = 0, mul = 1;

	if (!*s)
		return -1;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (v > (UINT64_MAX - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	switch (*s) {
	case 'K': case 'k': mul = 1ull << 10; s++; break;
	case 'M': case 'm': mul = 1ull << 20; s++; break;
	case 'G': case 'g': mul = 1ull << 30; s++; break;
	}
	if (*s || (v && mul > UINT64_MAX / v))
		return -1;
	*out = v * mul;
	return 0;
}

/* The size variable name names, within [lo, hi]: 1 and *v when it is set
 * and good, else 0 (and a message when it is set). */
static int
env_size(const char *name, uint64_t lo, uint64_t hi, uint64_t *v)
{
	const char *s = getenv(name);

	if (!s)
		return 0;
	if (parse_size(s, v) || *v < lo || *v > hi) {
		fprintf(stderr, "libptxcuda: %s=%s: not a size in bytes (a number, optionally with K, "
		    "M or G)%s; using the default\n", name, s, lo ? ", above 0" :
		    hi < SIZE_MAX - 1 ? ", at most 512K" : "");
		return 0;
	}
	return 1;
}

void
shim_env_init(void)
{
	const char *s = getenv("PTXKIT_MAX_STEPS");
	uint64_t v;

	if (env_size("PTXKIT_MAX_MEMORY", 1, UINT64_MAX, &v))
		ptx_set_limit(shim.cx, PTX_LIMIT_MEMORY, v);
	shim.heap = 8u << 20;
	shim.stack = 1024;
	if (env_size("PTXKIT_HEAP_SIZE", 0, SIZE_MAX - 1, &v))
		shim.heap = (size_t)v;
	if (env_size("PTXKIT_STACK_SIZE", 0, 512u << 10, &v))
		shim.stack = (size_t)v;
	/* the values the interpreter has, so that the first launch sets them */
	shim.heapset = shim.stackset = SIZE_MAX;
	v = 0;
	if (s && strcmp(s, "none") && parse_size(s, &v)) {
		fprintf(stderr, "libptxcuda: PTXKIT_MAX_STEPS=%s: not a number of thread-instructions "
		    "(or 0 or none for no budget); using none\n", s);
		v = 0;
	}
	shim.max_steps = v;
	ptx_set_max_steps(shim.cx, v ? v : UINT64_MAX);
	s = getenv("CUDA_MODULE_LOADING");   /* the driver's: LAZY (the default) or EAGER */
	shim.eager = s && !strcmp(s, "EAGER");
	shim_check_init();
}

size_t
shim_total_mem(void)
{
	uint64_t v = 0;

	ptx_get_limit(shim.cx, PTX_LIMIT_MEMORY, &v);
	v -= shim.slack;   /* raised by it: shim_mem.c backing */
	return v > SIZE_MAX ? SIZE_MAX : (size_t)v;
}

/* ---------------------------------------------------------------- contexts */

/* ctx, or the current context when ctx is NULL; under LOCK. */
static CUresult
pick(CUcontext h, Ctx **out)
{
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (!h)
		return shim_current(out);
	return (*out = CTX(h)) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

CUresult
cuCtxGetDevice_v2(CUdevice *d, CUcontext ctx)
{
	CUresult r;
	Ctx *c;

	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = pick(ctx, &c)))
		*d = 0;
	UNLOCK();
	return r;
}

/* Work is synchronous: only a fault is left to report. */
CUresult
cuCtxSynchronize_v2(CUcontext ctx)
{
	CUresult r;

	Ctx *c;

	LOCK();
	if (!(r = pick(ctx, &c)) && !(r = c->sticky))
		shim_pool_synced(NULL, 1);
	UNLOCK();
	return r;
}

CUresult
cuCtxGetId(CUcontext ctx, unsigned long long *id)
{
	CUresult r;

	Ctx *c;

	if (!id)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = pick(ctx, &c)))
		*id = c->id;
	UNLOCK();
	return r;
}

/* CU_CTX_FLAGS_MASK: the scheduling, mapping and sync-memops bits. */
CUresult
cuCtxSetFlags(unsigned flags)
{
	Ctx *ctx;
	CUresult r;

	if (flags > 0xff)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = pick(NULL, &ctx)))
		ctx->flags = flags;
	UNLOCK();
	return r;
}

CUresult
cuCtxGetLimit(size_t *v, int limit)
{
	Ctx *ctx;
	CUresult r;

	if (!v || limit < 0 || limit >= CU_LIMIT_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	if (limit == CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH || limit == CU_LIMIT_CIG_SHMEM_FALLBACK_ENABLED)
		return CUDA_ERROR_UNSUPPORTED_LIMIT;
	LOCK();
	if (!(r = pick(NULL, &ctx)))
		*v = ctx->limit[limit] ? ctx->limit[limit] - 1 : limit == CU_LIMIT_MALLOC_HEAP_SIZE ?
		    shim.heap : limit == CU_LIMIT_STACK_SIZE ? shim.stack : limit_default[limit];
	UNLOCK();
	return r;
}

/* A limit is stored plus one, so that 0 (never set) reads as the default.
 * The driver takes a stack of at most 512 KiB a thread on sm_90, and a
 * heap that its memory holds. */
CUresult
cuCtxSetLimit(int limit, size_t v)
{
	Ctx *ctx;
	CUresult r;

	if (limit < 0 || limit >= CU_LIMIT_MAX || limit == CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH ||
	    limit == CU_LIMIT_CIG_SHMEM_FALLBACK_ENABLED)
		return CUDA_ERROR_UNSUPPORTED_LIMIT;
	if (limit == CU_LIMIT_SHMEM_SIZE || limit == CU_LIMIT_CIG_ENABLED)
		return CUDA_ERROR_NOT_PERMITTED;   /* read-only */
	if ((limit == CU_LIMIT_MAX_L2_FETCH_GRANULARITY && v > 128) ||
	    (limit == CU_LIMIT_STACK_SIZE && v > (512u << 10)) || v == SIZE_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = pick(NULL, &ctx))) {
		if (limit == CU_LIMIT_MALLOC_HEAP_SIZE && v > shim_total_mem())
			r = CUDA_ERROR_OUT_OF_MEMORY;
		else
			ctx->limit[limit] = v + 1;
	}
	UNLOCK();
	return r;
}

/* One ptx_ctx serves every context: it gets ctx's heap and stack before
 * each launch, when they differ from what it has; under LOCK. */
CUresult
shim_apply_limits(Ctx *ctx)
{
	size_t heap = ctx->limit[CU_LIMIT_MALLOC_HEAP_SIZE], stack = ctx->limit[CU_LIMIT_STACK_SIZE];

	heap = heap ? heap - 1 : shim.heap;
	stack = stack ? stack - 1 : shim.stack;
	if (heap != shim.heapset) {
		if (ptx_set_limit(shim.cx, PTX_LIMIT_MALLOC_HEAP, heap) != PTX_OK)
			return CUDA_ERROR_INVALID_VALUE;
		shim.heapset = heap;
	}
	if (stack != shim.stackset) {
		if (ptx_set_limit(shim.cx, PTX_LIMIT_STACK, stack) != PTX_OK)
			return CUDA_ERROR_INVALID_VALUE;
		shim.stackset = stack;
	}
	return CUDA_SUCCESS;
}

CUresult
cuCtxGetCacheConfig(int *config)
{
	Ctx *ctx;
	CUresult r;

	if (!config)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = pick(NULL, &ctx)))
		*config = ctx->cacheconfig;
	UNLOCK();
	return r;
}

/* CUfunc_cache: 0 none, 1 shared, 2 L1, 3 equal.  A preference only. */
CUresult
cuCtxSetCacheConfig(int config)
{
	Ctx *ctx;
	CUresult r;

	if (config < 0 || config > 3)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = pick(NULL, &ctx)))
		ctx->cacheconfig = config;
	UNLOCK();
	return r;
}

/* Everything queued on the context has run: recording is cuEventRecord on
 * its default stream, and waiting has nothing to wait for. */
CUresult
cuCtxRecordEvent(CUcontext ctx, CUevent e)
{
	CUresult r;
	Ctx *c;

	LOCK();
	r = pick(ctx, &c);
	UNLOCK();
	return r ? r : cuEventRecord(e, NULL);
}

CUresult
cuCtxWaitEvent(CUcontext ctx, CUevent e)
{
	CUresult r;
	Ctx *c;

	LOCK();
	if (!(r = pick(ctx, &c)) && !EVENT(e))
		r = CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- peers, PCI */

/* One device: no device is its own peer, so peer access is never possible. */
CUresult
cuDeviceCanAccessPeer(int *can, CUdevice d, CUdevice peer)
{
	if (!can)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (d != 0 || peer != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	*can = 0;
	return CUDA_SUCCESS;
}

CUresult
cuDeviceGetP2PAttribute(int *v, int attr, CUdevice src, CUdevice dst)
{
	(void)attr, (void)src, (void)dst;
	if (!v)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	/* the source and destination must be two devices */
	return CUDA_ERROR_INVALID_DEVICE;
}

CUresult
cuCtxEnablePeerAccess(CUcontext peer, unsigned flags)
{
	Ctx *ctx;
	CUresult r;

	if (flags)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = pick(NULL, &ctx)))
		r = CTX(peer) ? CUDA_ERROR_PEER_ACCESS_UNSUPPORTED : CUDA_ERROR_INVALID_CONTEXT;
	UNLOCK();
	return r;
}

CUresult
cuCtxDisablePeerAccess(CUcontext peer)
{
	Ctx *ctx;
	CUresult r;

	LOCK();
	if (!(r = pick(NULL, &ctx)))
		r = CTX(peer) ? CUDA_ERROR_PEER_ACCESS_NOT_ENABLED : CUDA_ERROR_INVALID_CONTEXT;
	UNLOCK();
	return r;
}

/* The device has no PCI location: domain, bus and device read as 0 (as
 * the PCI attributes do), in the driver's "dddd:bb:dd.f" form. */
static const char busid[] = "0000:00:00.0";

CUresult
cuDeviceGetPCIBusId(char *id, int len, CUdevice d)
{
	if (!id || len <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (d != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	snprintf(id, (size_t)len, "%s", busid);
	return CUDA_SUCCESS;
}

/* Accepts the forms the driver documents: [domain]:[bus]:[device].[function],
 * [domain]:[bus]:[device] and [bus]:[device].[function], in hex. */
CUresult
cuDeviceGetByPCIBusId(CUdevice *d, const char *id)
{
	unsigned dom = 0, bus, dev, fn = 0;

	if (!d || !id)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (sscanf(id, "%x:%x:%x.%x", &dom, &bus, &dev, &fn) < 3 &&
	    (dom = 0, fn = 0, sscanf(id, "%x:%x.%x", &bus, &dev, &fn) != 3))
		return CUDA_ERROR_INVALID_VALUE;
	if (dom || bus || dev || fn)
		return CUDA_ERROR_INVALID_DEVICE;
	*d = 0;
	return CUDA_SUCCESS;
}

/* ---------------------------------------------------------------- tools */

/* No profiler is attached to the interpreter: starting and stopping one
 * succeed and do nothing, as they do on a GPU run without a profiler. */
CUresult
cuProfilerStart(void)
{
	CUresult r;

	LOCK();
	r = shim_current(NULL);
	UNLOCK();
	return r;
}

CUresult
cuProfilerStop(void)
{
	return cuProfilerStart();
}

/*
 * shim_ctx.c -- the context and device calls beyond creation and the
 * current-context stack (those are in shim.c): ids, flags, limits, cache
 * preferences, the CUDA 13 forms that name their context, peer access
 * with one device, the PCI location, the profiler switches, and
 * cuGetExportTable.
 *
 * Limits are kept per context and read back; they change nothing in the
 * interpreter, whose stack and printf buffer grow as needed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

/* The limits an H100 context starts with (driver 580).  The device-side
 * synchronisation depth is not a limit on sm_90 any more. */
static const size_t limit_default[CU_LIMIT_MAX] = {
	[CU_LIMIT_STACK_SIZE] = 1024,
	[CU_LIMIT_PRINTF_FIFO_SIZE] = 8650752,
	[CU_LIMIT_MALLOC_HEAP_SIZE] = 8388608,
	[CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT] = 2048,
	[CU_LIMIT_MAX_L2_FETCH_GRANULARITY] = 64,
	[CU_LIMIT_PERSISTING_L2_CACHE_SIZE] = 9830400,
};

/* ctx, or the current context when ctx is NULL; under LOCK. */
static CUresult
pick(CUcontext ctx, CUcontext *out)
{
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (!ctx && shim_ready(&ctx) == CUDA_ERROR_INVALID_CONTEXT)
		return CUDA_ERROR_INVALID_CONTEXT;
	if (!shim_validctx(ctx))
		return CUDA_ERROR_INVALID_CONTEXT;
	*out = ctx;
	return CUDA_SUCCESS;
}

CUresult
cuCtxGetDevice_v2(CUdevice *d, CUcontext ctx)
{
	CUresult r;

	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = pick(ctx, &ctx)))
		*d = 0;
	UNLOCK();
	return r;
}

/* Work is synchronous: only a fault is left to report. */
CUresult
cuCtxSynchronize_v2(CUcontext ctx)
{
	CUresult r;

	LOCK();
	if (!(r = pick(ctx, &ctx)))
		r = ctx->sticky;
	UNLOCK();
	return r;
}

CUresult
cuCtxGetId(CUcontext ctx, unsigned long long *id)
{
	CUresult r;

	if (!id)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = pick(ctx, &ctx)))
		*id = ctx->id;
	UNLOCK();
	return r;
}

/* CU_CTX_FLAGS_MASK: the scheduling, mapping and sync-memops bits. */
CUresult
cuCtxSetFlags(unsigned flags)
{
	CUcontext ctx;
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
	CUcontext ctx;
	CUresult r;

	if (!v)
		return CUDA_ERROR_INVALID_VALUE;
	if (limit < 0 || limit >= CU_LIMIT_MAX || limit == CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH)
		return CUDA_ERROR_UNSUPPORTED_LIMIT;
	LOCK();
	if (!(r = pick(NULL, &ctx)))
		*v = ctx->limit[limit] ? ctx->limit[limit] - 1 : limit_default[limit];
	UNLOCK();
	return r;
}

/* A limit is stored plus one, so that 0 (never set) reads as the default. */
CUresult
cuCtxSetLimit(int limit, size_t v)
{
	CUcontext ctx;
	CUresult r;

	if (limit < 0 || limit >= CU_LIMIT_MAX || limit == CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH)
		return CUDA_ERROR_UNSUPPORTED_LIMIT;
	if (limit == CU_LIMIT_MAX_L2_FETCH_GRANULARITY && v > 128)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = pick(NULL, &ctx)))
		ctx->limit[limit] = v + 1;
	UNLOCK();
	return r;
}

CUresult
cuCtxGetCacheConfig(int *config)
{
	CUcontext ctx;
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
	CUcontext ctx;
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

	LOCK();
	r = pick(ctx, &ctx);
	UNLOCK();
	return r ? r : cuEventRecord(e, NULL);
}

CUresult
cuCtxWaitEvent(CUcontext ctx, CUevent e)
{
	CUresult r;

	LOCK();
	r = pick(ctx, &ctx);
	UNLOCK();
	if (!r && (!e || e->magic != MAGIC_EVENT))
		r = CUDA_ERROR_INVALID_HANDLE;
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
	CUcontext ctx;
	CUresult r;

	if (flags)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = pick(NULL, &ctx)))
		r = shim_validctx(peer) ? CUDA_ERROR_PEER_ACCESS_UNSUPPORTED : CUDA_ERROR_INVALID_CONTEXT;
	UNLOCK();
	return r;
}

CUresult
cuCtxDisablePeerAccess(CUcontext peer)
{
	CUcontext ctx;
	CUresult r;

	LOCK();
	if (!(r = pick(NULL, &ctx)))
		r = shim_validctx(peer) ? CUDA_ERROR_PEER_ACCESS_NOT_ENABLED : CUDA_ERROR_INVALID_CONTEXT;
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
	r = shim_ready(NULL);
	UNLOCK();
	return r == CUDA_ERROR_NOT_INITIALIZED || r == CUDA_ERROR_INVALID_CONTEXT ? r : CUDA_SUCCESS;
}

CUresult
cuProfilerStop(void)
{
	return cuProfilerStart();
}

/*
 * The driver's export tables are private interfaces between libcuda and
 * NVIDIA's own libraries, and they are not documented.  libptxcuda has
 * none.  NVRTC asks for one and does without it; the CUDA runtime
 * (libcudart) does not, so programs built on it (cudaMalloc, <<<>>>
 * launches; CuPy, PyTorch) cannot run on libptxcuda (libptx.3 says so: a
 * message here would also fire for every NVRTC user).
 */
CUresult
cuGetExportTable(const void **table, const unsigned char *id)
{
	if (!table || !id)
		return CUDA_ERROR_INVALID_VALUE;
	*table = NULL;
	return CUDA_ERROR_NOT_SUPPORTED;
}

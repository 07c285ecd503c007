/*
 * shim_legacy.c -- the deprecated driver calls that programs still link
 * (pycuda among them): the launch API of CUDA 2-3 (cuFuncSetBlockShape,
 * cuParamSet*, cuLaunchGrid), context attach and detach, the shared memory
 * bank configuration.
 *
 * The legacy launch keeps its state on the function: a block shape, a
 * dynamic shared size and a parameter buffer filled at byte offsets, which
 * cuLaunchGrid hands to the common launch as CU_LAUNCH_PARAM_BUFFER_POINTER.
 *
 * Texture and surface references (cuModuleGetTexRef, cuTexRefSet*,
 * cuParamSetTexRef) are shim_tex.c's, IPC handles shim_ipc.c's, the
 * driver's other facilities (logs, coredumps, multicast, external
 * memory, ...) shim_facil.c's.  Managed memory and mapped host memory are
 * implemented, in shim_mem.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

/* ---------------------------------------------------------------- legacy launch */

CUresult
cuFuncSetBlockShape(CUfunction h, int x, int y, int z)
{
	CUresult r = CUDA_SUCCESS;
	Fn *fn;

	if (x <= 0 || y <= 0 || z <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(fn = FN(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else {
		fn->block[0] = (unsigned)x;
		fn->block[1] = (unsigned)y;
		fn->block[2] = (unsigned)z;
	}
	UNLOCK();
	return r;
}

CUresult
cuFuncSetSharedSize(CUfunction h, unsigned bytes)
{
	CUresult r = CUDA_SUCCESS;
	Fn *fn;

	LOCK();
	if (!(fn = FN(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		fn->shared = bytes;
	UNLOCK();
	return r;
}

/* Makes the parameter buffer at least n bytes (new bytes zero); under LOCK. */
static CUresult
pgrow(Fn *fn, size_t n)
{
	char *b;

	if (n > 32764)   /* the most parameter bytes a kernel takes */
		return CUDA_ERROR_INVALID_VALUE;
	if (n <= fn->plen)
		return CUDA_SUCCESS;
	if (!(b = realloc(fn->pbuf, n)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	memset(b + fn->plen, 0, n - fn->plen);
	fn->pbuf = b;
	fn->plen = n;
	return CUDA_SUCCESS;
}

CUresult
cuParamSetSize(CUfunction h, unsigned n)
{
	CUresult r;
	Fn *fn;

	LOCK();
	if (!(fn = FN(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (!(r = pgrow(fn, n)))
		fn->plen = n;
	UNLOCK();
	return r;
}

CUresult
cuParamSetv(CUfunction h, int off, void *p, unsigned n)
{
	CUresult r;
	Fn *fn;

	if (off < 0 || (!p && n))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(fn = FN(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (!(r = pgrow(fn, (size_t)off + n)) && n)
		memcpy(fn->pbuf + off, p, n);
	UNLOCK();
	return r;
}

CUresult
cuParamSeti(CUfunction fn, int off, unsigned v)
{
	return cuParamSetv(fn, off, &v, sizeof v);
}

CUresult
cuParamSetf(CUfunction fn, int off, float v)
{
	return cuParamSetv(fn, off, &v, sizeof v);
}

CUresult
cuLaunchGridAsync(CUfunction hf, int w, int h, CUstream st)
{
	unsigned grid[3] = {(unsigned)w, (unsigned)h, 1};
	size_t len;
	void *extra[5];
	CUresult r;
	Fn *fn;

	if (w <= 0 || h <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(fn = FN(hf)) || !shim_streamok(st))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (!fn->block[0])
		r = CUDA_ERROR_INVALID_VALUE;   /* no cuFuncSetBlockShape yet */
	else {
		len = fn->plen;
		extra[0] = CU_LAUNCH_PARAM_BUFFER_POINTER;
		extra[1] = fn->pbuf;
		extra[2] = CU_LAUNCH_PARAM_BUFFER_SIZE;
		extra[3] = &len;
		extra[4] = CU_LAUNCH_PARAM_END;
		r = shim_launch(hf, grid, fn->block, NULL, fn->shared, NULL, extra);
	}
	UNLOCK();
	return r;
}

CUresult
cuLaunchGrid(CUfunction fn, int w, int h)
{
	return cuLaunchGridAsync(fn, w, h, NULL);
}

CUresult
cuLaunch(CUfunction fn)
{
	return cuLaunchGridAsync(fn, 1, 1, NULL);
}

/* ---------------------------------------------------------------- contexts */

/* Attaching adds a use of the current context; detaching the last use of
 * a context that cuCtxCreate made destroys it. */
CUresult
cuCtxAttach(CUcontext *ctx, unsigned flags)
{
	Ctx *c;
	CUresult r;

	if (!ctx || flags)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_current(&c))) {
		c->refs++;
		*ctx = c->h;
	}
	UNLOCK();
	return r;
}

CUresult
cuCtxDetach(CUcontext h)
{
	int last = 0;
	Ctx *ctx;

	LOCK();
	if (!shim.inited || !(ctx = CTX(h))) {
		UNLOCK();
		return !shim.inited ? CUDA_ERROR_NOT_INITIALIZED : CUDA_ERROR_INVALID_CONTEXT;
	}
	if (ctx->refs > 0)
		ctx->refs--;
	else
		last = !ctx->primary;
	UNLOCK();
	return last ? cuCtxDestroy_v2(h) : CUDA_SUCCESS;
}

/* Shared memory banks are four bytes wide on sm_90 and cannot be changed;
 * a request for another width is accepted and has no effect, as on a GPU. */
enum { CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE = 1 };

CUresult
cuCtxGetSharedMemConfig(int *config)
{
	CUresult r;

	if (!config)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(NULL)))
		*config = CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE;
	UNLOCK();
	return r;
}

CUresult
cuCtxSetSharedMemConfig(int config)
{
	CUresult r;

	if (config < 0 || config > 2)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = shim_ready(NULL);
	UNLOCK();
	return r;
}

CUresult
cuFuncSetSharedMemConfig(CUfunction fn, int config)
{
	CUresult r = CUDA_SUCCESS;

	if (config < 0 || config > 2)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!FN(fn))
		r = CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

/* Deprecated, and a no-op without a profiler. */
CUresult
cuProfilerInitialize(const char *config, const char *out, int mode)
{
	(void)config, (void)out, (void)mode;
	return CUDA_SUCCESS;
}

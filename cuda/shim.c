/*
 * shim.c -- the CUDA driver API on the interpreter: initialisation, the one
 * device (an sm_90 GPU with the attributes of an H100 SXM 80GB, less its
 * memory: it has what the host can give, PTX_LIMIT_MEMORY), contexts
 * and the current-context stack.  The other files: shim_ctx.c (context and
 * device queries), shim_mod.c (modules, linker, launches), shim_lib.c
 * (libraries and kernels), shim_occ.c (occupancy), shim_mem.c (memory and
 * error names), shim_copy.c (strided copies, pointer attributes),
 * shim_stream.c (streams, events), shim_graph.c (graphs), shim_capture.c
 * (stream capture), shim_pool.c (memory pools), shim_legacy.c
 * (deprecated and unsupported calls), shim_proc.c (cuGetProcAddress),
 * shim_export.c (cuGetExportTable: the runtime's private tables),
 * shim_image.c (the PTX inside images), shim_link.c (symbols across
 * linked inputs), shim_handle.c (the handle table), shim_attr.c (stream
 * and kernel node attributes, stream memory operations), shim_range.c
 * (managed ranges' advice, prefetches and attributes).
 *
 * Work is synchronous: a launch runs to completion before cuLaunchKernel
 * returns, so streams are executed in order by construction.  A fault in a
 * kernel prints the interpreter's report to stderr (the real driver does
 * not, but it is what a developer needs) and, as on a GPU, poisons the
 * context: later calls on it return the same error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

Shim shim = { .mu = PTHREAD_MUTEX_INITIALIZER };

/* The current context stack of this thread: handles, resolved when used,
 * since another thread may destroy a context this one has current. */
#define MAXSTACK 32
static _Thread_local CUcontext cstack[MAXSTACK];
static _Thread_local int ncstack;

static void
printf_sink(void *user, const char *text, size_t len)
{
	(void)user;
	fwrite(text, 1, len, stdout);
}

void
shim_print_diags(const char *what)
{
	size_t n = ptx_diag_count(shim.cx);

	for (size_t i = 0; i < n; i++) {
		const ptx_diag *d = ptx_diag_get(shim.cx, i);
		/* a call's own refusal (a tensor map's rule) has no source line */
		if (!d->file && !d->line)
			fprintf(shim_says(), "libptxcuda: %s: %s\n", what, d->msg);
		else
			fprintf(shim_says(), "libptxcuda: %s: %s:%d:%d: %s\n", what, d->file ? d->file : "?",
			    d->line, d->col, d->msg);
	}
}

/* Where the messages of a load that fails go: stderr, or while a library
 * loads (shim_lib.c) a buffer of its own, printed when a call asks it for
 * the code; the driver says nothing until then either.  Under LOCK. */
FILE *
shim_says(void)
{
	return shim.says ? shim.says : stderr;
}

/* Under LOCK. */
static Ctx *
current(void)
{
	return ncstack ? CTX(cstack[ncstack - 1]) : NULL;
}

CUcontext
shim_current_handle(void)
{
	return ncstack ? cstack[ncstack - 1] : NULL;
}

/* As the driver documents: a context destroyed by another thread while
 * current here reads as destroyed, not as absent. */
CUresult
shim_current(Ctx **ctx)
{
	Ctx *c;

	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (!(c = current()))
		return ncstack && shim_hstale(cstack[ncstack - 1], H_CTX) ?
		    CUDA_ERROR_CONTEXT_IS_DESTROYED : CUDA_ERROR_INVALID_CONTEXT;
	if (ctx)
		*ctx = c;
	return CUDA_SUCCESS;
}

CUresult
shim_ready(Ctx **ctx)
{
	Ctx *c;
	CUresult r;

	if ((r = shim_current(&c)))
		return r;
	if (ctx)
		*ctx = c;
	return c->sticky;
}

/* ---------------------------------------------------------------- init, device */

CUresult
cuInit(unsigned flags)
{
	CUresult r = CUDA_SUCCESS;

	if (flags)
		return CUDA_ERROR_INVALID_VALUE;
	if (shim_forked())
		return CUDA_ERROR_NOT_INITIALIZED;   /* shim_fork.c */
	LOCK();
	if (!shim.inited) {
		if (ptx_ctx_new(&shim.cx, &shim_ipc_alloc) != PTX_OK)
			r = CUDA_ERROR_OUT_OF_MEMORY;
		else if (!(shim.primary.h = shim_hnew(H_CTX, &shim.primary))) {
			ptx_ctx_free(shim.cx);
			shim.cx = NULL;
			r = CUDA_ERROR_OUT_OF_MEMORY;
		} else {
			const char *t = getenv("PTXKIT_THREADS");   /* host threads per launch */
			ptx_set_printf_sink(shim.cx, printf_sink, NULL);
			ptx_set_graph_cond(shim.cx, shim_graph_cond, NULL);
			if (t && *t)
				ptx_set_threads(shim.cx, (unsigned)strtoul(t, NULL, 10));
			shim_env_init();
			shim.primary.primary = 1;
			shim.primary.id = ++shim.nextid;
			shim.inited = 1;
		}
	}
	UNLOCK();
	if (!r)
		shim_fork_watch();
	return r;
}

CUresult
cuDriverGetVersion(int *v)
{
	if (!v)
		return CUDA_ERROR_INVALID_VALUE;
	*v = SHIM_VERSION;
	return CUDA_SUCCESS;
}

CUresult
shim_devok(CUdevice d)
{
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	return d == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

CUresult
cuDeviceGetCount(int *n)
{
	if (!n)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	*n = 1;
	return CUDA_SUCCESS;
}

CUresult
cuDeviceGet(CUdevice *d, int ordinal)
{
	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (ordinal != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	*d = 0;
	return CUDA_SUCCESS;
}

CUresult
cuDeviceGetName(char *name, int len, CUdevice d)
{
	CUresult r = shim_devok(d);

	if (r)
		return r;
	if (!name || len <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	snprintf(name, (size_t)len, "ptxkit interpreter (NVIDIA H100 80GB HBM3, sm_90)");
	return CUDA_SUCCESS;
}

CUresult
cuDeviceTotalMem_v2(size_t *bytes, CUdevice d)
{
	CUresult r = shim_devok(d);

	if (r)
		return r;
	if (!bytes)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	*bytes = shim_total_mem();
	UNLOCK();
	return CUDA_SUCCESS;
}

CUresult
cuDeviceComputeCapability(int *major, int *minor, CUdevice d)
{
	CUresult r = shim_devok(d);

	if (r)
		return r;
	if (!major || !minor)
		return CUDA_ERROR_INVALID_VALUE;
	*major = 9;
	*minor = 0;
	return CUDA_SUCCESS;
}

/* The CUDA 2.0 query, deprecated but still exported by the driver
 * (matrixMulDynlinkJIT requires it): cuda.h's CUdevprop is 14 ints, the
 * values of attributes 1 to 14 in their order. */
CUresult
cuDeviceGetProperties(int prop[14], CUdevice d)
{
	CUresult r = shim_devok(d);

	if (r)
		return r;
	if (!prop)
		return CUDA_ERROR_INVALID_VALUE;
	for (int i = 0; i < 14; i++)
		if ((r = cuDeviceGetAttribute(&prop[i], i + 1, d)))
			return r;
	return CUDA_SUCCESS;
}

CUresult
cuDeviceGetUuid(unsigned char uuid[16], CUdevice d)
{
	CUresult r = shim_devok(d);

	if (r)
		return r;
	if (!uuid)
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(uuid, "ptxkit-interp-90", 16);
	return CUDA_SUCCESS;
}

CUresult
cuDeviceGetUuid_v2(unsigned char uuid[16], CUdevice d)
{
	return cuDeviceGetUuid(uuid, d);
}

/*
 * CUdevice_attribute -> value: those an H100 80GB HBM3 (SXM5, sm_90) reports
 * with driver 580, less its PCI identifiers and less the capabilities of
 * features libptxcuda does not provide, which read as 0 so that a program
 * that asks first takes another path: IPC (handles open in their own
 * process only), dma_buf, compression and RDMA families (96, 98, 107, 110,
 * 113, 116, 119, 121, 124, 125, 128, 141, 142, 144, 145) and unified
 * function pointers (129).  Virtual memory management (102) and its POSIX
 * file descriptor handles (103) are shim_vmm.c's; the stream memory
 * operations (122, 123: 64-bit and NOR; 92-94, the first API's, read 0 as
 * on an H200 with driver 580) and the host's RDMA flush option (117, which
 * cuFlushGPUDirectRDMAWrites serves) are shim_attr.c's.  Values absent
 * here read as 0.
 */
static const struct { int a, v; } attrs[] = {
	{1, 1024}, {2, 1024}, {3, 1024}, {4, 64}, {5, 2147483647}, {6, 65535}, {7, 65535}, {8, 49152},
	{9, 65536}, {10, 32}, {11, 2147483647}, {12, 65536}, {13, 1980000}, {14, 512}, {15, 1},
	{16, 132}, {19, 1}, {21, 131072}, {22, 131072}, {23, 65536}, {24, 16384}, {25, 16384}, {26, 16384},
	{27, 32768}, {28, 32768}, {29, 2048}, {30, 512}, {31, 1}, {32, 1}, {36, 2619000}, {37, 5120},
	{38, 52428800}, {39, 2048}, {40, 3}, {41, 1}, {42, 32768}, {43, 2048}, {44, 1}, {45, 32768},
	{46, 32768}, {47, 8192}, {48, 8192}, {49, 32768}, {51, 32}, {52, 32768}, {53, 32768},
	{54, 2046}, {55, 32768}, {56, 131072}, {57, 65536}, {58, 16384}, {59, 16384}, {60, 16384},
	{61, 32768}, {62, 2048}, {63, 32768}, {64, 32768}, {65, 2048}, {66, 32768}, {67, 32768},
	{68, 2046}, {69, 268435456}, {70, 131072}, {71, 65000}, {72, 2097120}, {73, 32768},
	{74, 32768}, {75, 9}, {77, 32768}, {78, 1}, {79, 1}, {80, 1}, {81, 233472}, {82, 65536},
	{83, 1}, {87, 2}, {89, 1}, {90, 1}, {91, 1}, {95, 1}, {97, 232448}, {99, 1}, {102, 1}, {103, 1}, {106, 32}, {108, 32768000}, {109, 134217728},
	{111, 1024}, {112, 1}, {114, 1}, {115, 1}, {117, 1}, {118, 100}, {120, 1}, {122, 1}, {123, 1}, {126, 4}, {127, 1}, {131, -1},
};

CUresult
cuDeviceGetAttribute(int *v, int attr, CUdevice d)
{
	CUresult r = shim_devok(d);

	if (r)
		return r;
	if (!v || attr <= 0 || attr > 147)
		return CUDA_ERROR_INVALID_VALUE;
	*v = 0;
	for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++)
		if (attrs[i].a == attr)
			*v = attrs[i].v;
	return CUDA_SUCCESS;
}

/* ---------------------------------------------------------------- contexts */

/* Frees what ctx owns: its modules, its allocations, its streams and
 * events; under LOCK.  The handles of its arrays, mipmapped arrays and
 * events answer gone from then on, as an H200's driver answers them
 * (tests/shim/ctxown.gpu): CUDA_ERROR_CONTEXT_IS_DESTROYED after
 * cuCtxDestroy, CUDA_ERROR_INVALID_CONTEXT once the primary context is
 * reset or released; its modules' the first, or an invalid handle after
 * a reset; its streams' an invalid handle (the driver crashed on one of a
 * destroyed context). */
static void
release_ctx(Ctx *ctx, CUresult gone)
{
	Mod *md;

	shim.gone = gone;
	shim_check_leaks(ctx);   /* before its memory goes */
	do {
		for (md = shim.mods; md && md->ctx != ctx; md = md->next)
			;
		if (md)
			shim_unload(md);
	} while (md);
	shim_tex_release(ctx);
	shim_host_release(ctx);
	shim_free_ctx_allocs(ctx);
	shim_release_streams(ctx);
	ctx->sticky = CUDA_SUCCESS;
	shim.gone = CUDA_SUCCESS;
}

/* Drops every entry of this thread's stack that names ctx. */
static void
forget_ctx(CUcontext h)
{
	int j = 0;
	for (int i = 0; i < ncstack; i++)
		if (cstack[i] != h)
			cstack[j++] = cstack[i];
	ncstack = j;
}

static CUresult
push(CUcontext h)
{
	if (ncstack == MAXSTACK)
		return CUDA_ERROR_OUT_OF_MEMORY;
	cstack[ncstack++] = h;
	return CUDA_SUCCESS;
}

/* Whether a context of the other ABI than abi32 lives (the primary
 * context while retained).  An H200's driver (580) refuses a context of
 * one ABI while one of the other lives, either way and with the primary
 * context retained, CUDA_ERROR_OUT_OF_MEMORY: the old ABI's context keeps
 * its device addresses below 4 GiB (tests/shim/abimix.gpu, second and
 * primary).  Under LOCK. */
static int
other_abi(int abi32)
{
	size_t i = 0;
	Ctx *c;

	while ((c = shim_heach(H_CTX, &i)))
		if (c->abi32 != abi32 && (!c->primary || c->refs > 0))
			return 1;
	return 0;
}

/* Under LOCK. */
static CUresult
ctx_create(CUcontext *pctx, unsigned flags, CUdevice d, int abi32)
{
	CUresult r = shim_devok(d);
	Ctx *c;

	if (r)
		return r;
	if (!pctx)
		return CUDA_ERROR_INVALID_VALUE;
	if (other_abi(abi32))
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (ncstack == MAXSTACK || !(c = calloc(1, sizeof *c)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (!(c->h = shim_hnew(H_CTX, c))) {
		free(c);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	c->flags = flags;
	c->abi32 = abi32;   /* the CUDA 2.x ABI's context (shim_abi32.c) */
	c->id = ++shim.nextid;
	push(c->h);
	*pctx = c->h;
	return CUDA_SUCCESS;
}

CUresult
cuCtxCreate_v2(CUcontext *pctx, unsigned flags, CUdevice d)
{
	CUresult r;

	LOCK();
	r = ctx_create(pctx, flags, d, 0);
	UNLOCK();
	return r;
}

CUresult
cuCtxCreate(CUcontext *pctx, unsigned flags, CUdevice d)
{
	CUresult r;

	LOCK();
	r = ctx_create(pctx, flags, d, 1);
	UNLOCK();
	return r;
}

/* The execution-affinity parameters of _v3 and the params of _v4 (affinity,
 * CIG) have no meaning here and are ignored. */
CUresult
cuCtxCreate_v3(CUcontext *pctx, void *params, int nparams, unsigned flags, CUdevice d)
{
	(void)params;
	(void)nparams;
	return cuCtxCreate_v2(pctx, flags, d);
}

CUresult
cuCtxCreate_v4(CUcontext *pctx, void *params, unsigned flags, CUdevice d)
{
	(void)params;
	return cuCtxCreate_v2(pctx, flags, d);
}

/* A context current to other threads stays on their stacks, where it
 * reads as destroyed (shim_current). */
CUresult
cuCtxDestroy_v2(CUcontext h)
{
	CUresult r = CUDA_SUCCESS;
	Ctx *c;
	int user;

	LOCK();
	user = shim.inited && (c = CTX(h)) && !c->primary;
	UNLOCK();
	if (user)   /* cudart's per-context state goes first */
		shim_cls_release(h);
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (!(c = CTX(h)) || c->primary)
		r = CUDA_ERROR_INVALID_CONTEXT;
	else {
		release_ctx(c, CUDA_ERROR_CONTEXT_IS_DESTROYED);
		forget_ctx(h);
		shim_hfree(h);
		free(c);
	}
	UNLOCK();
	return r;
}

CUresult
cuCtxDestroy(CUcontext ctx)
{
	return cuCtxDestroy_v2(ctx);
}

CUresult
cuCtxSetCurrent(CUcontext h)
{
	CUresult r = CUDA_SUCCESS;

	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (h && !CTX(h) && !shim_hkept(h, H_CTX))   /* a destroyed green context's: taken */
		r = CUDA_ERROR_INVALID_CONTEXT;
	else if (!h) {
		if (ncstack)
			ncstack--;
	} else if (ncstack)
		cstack[ncstack - 1] = h;
	else
		cstack[ncstack++] = h;
	UNLOCK();
	return r;
}

/* The handle on top of the stack, even one another thread destroyed:
 * it is only a value. */
CUresult
cuCtxGetCurrent(CUcontext *ctx)
{
	if (!ctx)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	*ctx = ncstack ? cstack[ncstack - 1] : NULL;
	return CUDA_SUCCESS;
}

CUresult
cuCtxPushCurrent_v2(CUcontext h)
{
	CUresult r;

	LOCK();
	r = !shim.inited ? CUDA_ERROR_NOT_INITIALIZED : !CTX(h) ? CUDA_ERROR_INVALID_CONTEXT : push(h);
	UNLOCK();
	return r;
}

CUresult
cuCtxPushCurrent(CUcontext ctx)
{
	return cuCtxPushCurrent_v2(ctx);
}

CUresult
cuCtxPopCurrent_v2(CUcontext *ctx)
{
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (!ncstack)
		return CUDA_ERROR_INVALID_CONTEXT;
	ncstack--;
	if (ctx)
		*ctx = cstack[ncstack];
	return CUDA_SUCCESS;
}

CUresult
cuCtxPopCurrent(CUcontext *ctx)
{
	return cuCtxPopCurrent_v2(ctx);
}

CUresult
cuCtxGetDevice(CUdevice *d)
{
	CUresult r;

	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_current(NULL)))
		*d = 0;
	UNLOCK();
	return r;
}

/* 3010 for a context of the CUDA 2.x ABI (shim_abi32.c), 3020 for one of
 * today's; NULL names the current context. */
CUresult
cuCtxGetApiVersion(CUcontext h, unsigned *v)
{
	CUresult r = CUDA_SUCCESS;
	Ctx *c = NULL;

	if (!v)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (h && !(c = CTX(h)))
		r = CUDA_ERROR_INVALID_CONTEXT;
	else {
		if (!h && shim.inited)
			c = current();
		*v = c && c->abi32 ? 3010 : 3020;
	}
	UNLOCK();
	return r;
}

CUresult
cuCtxGetFlags(unsigned *flags)
{
	CUresult r;
	Ctx *c;

	if (!flags)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_current(&c)))
		*flags = c->flags;
	UNLOCK();
	return r;
}

/* Work is synchronous: nothing is ever pending, only a fault to report. */
CUresult
cuCtxSynchronize(void)
{
	CUresult r;

	LOCK();
	if (!(r = shim_ready(NULL)))
		shim_pool_synced(NULL, 1);
	UNLOCK();
	return r;
}

CUresult
cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice d)
{
	CUresult r = shim_devok(d);

	if (r)
		return r;
	if (!pctx)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	shim.primary.refs++;
	*pctx = shim.primary.h;
	UNLOCK();
	return CUDA_SUCCESS;
}
CUresult
cuDevicePrimaryCtxRelease_v2(CUdevice d)
{
	CUresult r = shim_devok(d);

	if (r)
		return r;
	LOCK();
	r = shim.primary.refs == 1;
	UNLOCK();
	if (r)   /* the last release: the primary context goes */
		shim_cls_release(shim.primary.h);
	r = CUDA_SUCCESS;
	LOCK();
	if (shim.primary.refs == 0)
		r = CUDA_ERROR_INVALID_CONTEXT;
	else if (--shim.primary.refs == 0)
		release_ctx(&shim.primary, CUDA_ERROR_INVALID_CONTEXT);
	UNLOCK();
	return r;
}

CUresult
cuDevicePrimaryCtxRelease(CUdevice d)
{
	return cuDevicePrimaryCtxRelease_v2(d);
}

CUresult
cuDevicePrimaryCtxReset_v2(CUdevice d)
{
	CUresult r = shim_devok(d);

	if (r)
		return r;
	shim_cls_release(shim.primary.h);
	LOCK();
	release_ctx(&shim.primary, CUDA_ERROR_INVALID_CONTEXT);
	shim.primary.refs = 0;
	UNLOCK();
	return CUDA_SUCCESS;
}

CUresult
cuDevicePrimaryCtxReset(CUdevice d)
{
	return cuDevicePrimaryCtxReset_v2(d);
}

CUresult
cuDevicePrimaryCtxGetState(CUdevice d, unsigned *flags, int *active)
{
	CUresult r = shim_devok(d);

	if (r)
		return r;
	if (!flags || !active)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	*flags = shim.primary.flags;
	*active = shim.primary.refs > 0;
	UNLOCK();
	return CUDA_SUCCESS;
}

CUresult
cuDevicePrimaryCtxSetFlags_v2(CUdevice d, unsigned flags)
{
	CUresult r = shim_devok(d);

	if (r)
		return r;
	LOCK();
	shim.primary.flags = flags;
	UNLOCK();
	return CUDA_SUCCESS;
}

CUresult
cuDevicePrimaryCtxSetFlags(CUdevice d, unsigned flags)
{
	return cuDevicePrimaryCtxSetFlags_v2(d, flags);
}

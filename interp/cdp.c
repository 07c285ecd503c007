/*
 * cdp.c -- the device runtime: kernels that launch kernels (CUDA dynamic
 * parallelism, the CDP2 model of CUDA 12 and later).
 *
 * nvcc -rdc compiles `child<<<g, b, s, stream>>>(...)` in device code into
 * two calls of the device runtime (libcudadevrt), which the interpreter
 * provides itself, under both the names CUDA 13 uses (__cudaCDP2...) and
 * the older ones (cuda...):
 *
 *   GetParameterBufferV2(func, grid, block, shared) -> a buffer, which the
 *       thread fills with the child's parameters, laid out as the child's
 *       .param space; then
 *   LaunchDeviceV2(buffer, stream) -> a cudaError_t.
 *
 * (and GetParameterBuffer(align, size) + LaunchDevice(func, buffer, grid,
 * block, shared, stream), the first form).  A launch copies the buffer and
 * queues the grid.  In CDP2 a parent cannot wait for its children (there is
 * no device-side cudaDeviceSynchronize); it only knows that they finish
 * before it is complete, and that a tail launch (stream 3) starts after all
 * of its other work.  So the queued grids run when the parent's grid has
 * finished: first the others in the order they were launched, then the
 * tail launches, each with its own children finished before the next
 * starts -- one schedule the GPU could pick.  Launching queues, so such a
 * launch runs on one host worker (sched.c serial()), in a repeatable order.
 *
 * The rest of the device runtime that nvcc may call: GetDevice (0),
 * DeviceGetAttribute (the H100's values for the usual attributes),
 * GetLastError / PeekAtLastError (the calling thread's last error), StreamCreateWithFlags / StreamDestroy, EventCreateWithFlags /
 * EventRecord / EventDestroy / StreamWaitEvent (streams are handles;
 * children already run in order), Malloc / Free (the device heap, as
 * malloc and free), GraphSetConditional (the condition of a conditional
 * graph node: the driver above keeps it, through ptx_set_graph_cond).
 * Children are not counted: the counters and
 * instruction totals of a launch are those of its own grid, as Nsight
 * Compute reports each grid apart.  The budget of thread-instructions
 * (ptx_set_max_steps) is the host launch's, for all the grids it
 * makes: each runs on what the grids before it left (cx->cdp_left), so
 * that a kernel whose every thread launches it again, 24 levels down
 * (32^24 grids of a budget each), stops where the host's launch would.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <string.h>
#include "interp.h"

enum {
	CDP_DEPTH = 24,           /* nesting levels below the host's launch (CUDA's limit) */
	CDP_MAXQ = 1 << 20,       /* launches pending at once */
	ERR_INVALID_VALUE = 1, ERR_INVALID_CONFIG = 9, ERR_MAX_DEPTH = 65, ERR_PENDING = 69,
	ERR_INVALID_FUNC = 98,
	STREAM_TAIL = 3
};

struct CdpQ {
	struct CdpLaunch {
		uint64_t buf;             /* the parameter buffer's device address (0 once launched) */
		int fn;                   /* -1: not known yet (GetParameterBuffer) */
		unsigned grid[3], block[3];
		uint32_t shared;
		int tail, launched;
		uint32_t node;            /* racecheck's (check_cdp.c), 0: none */
		uint8_t *params;
	} *l;
	int n, cap;
	uint64_t streams;
};

static const struct { const char *name; int bi; } names[] = {
	{ "GetParameterBufferV2", BI_CDP_PBUF2 }, { "GetParameterBuffer", BI_CDP_PBUF },
	{ "LaunchDeviceV2", BI_CDP_LAUNCH2 }, { "LaunchDevice", BI_CDP_LAUNCH },
	{ "GetLastError", BI_CDP_LASTERR }, { "PeekAtLastError", BI_CDP_PEEKERR },
	{ "GetDevice", BI_CDP_GETDEV }, { "DeviceGetAttribute", BI_CDP_ATTR },
	{ "StreamCreateWithFlags", BI_CDP_HANDLE }, { "EventCreateWithFlags", BI_CDP_HANDLE },
	{ "StreamDestroy", BI_CDP_OK }, { "EventRecord", BI_CDP_OK }, { "EventRecordWithFlags", BI_CDP_OK },
	{ "EventDestroy", BI_CDP_OK }, { "StreamWaitEvent", BI_CDP_OK },
	{ "Malloc", BI_CDP_MALLOC }, { "Free", BI_CDP_FREE },
	{ "GraphSetConditional", BI_CDP_SETCOND },
};

int
interp_cdp_builtin(const char *name)
{
	const char *s = NULL;

	if (strncmp(name, "__cudaCDP2", 10) == 0)
		s = name + 10;
	else if (strncmp(name, "cuda", 4) == 0)
		s = name + 4;
	if (!s)
		return BI_NONE;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(s, names[i].name) == 0)
			return names[i].bi;
	return BI_NONE;
}

/* The H100's value of a cudaDeviceAttr, or -1 for one not modelled. */
static int64_t
attribute(uint32_t a)
{
	switch (a) {
	case 1: return 1024;            /* MaxThreadsPerBlock */
	case 2: case 3: return 1024;    /* MaxBlockDimX, Y */
	case 4: return 64;              /* MaxBlockDimZ */
	case 5: return 2147483647;      /* MaxGridDimX */
	case 6: case 7: return 65535;   /* MaxGridDimY, Z */
	case 8: return 49152;           /* MaxSharedMemoryPerBlock */
	case 9: return 65536;           /* TotalConstantMemory */
	case 10: return 32;             /* WarpSize */
	case 12: return 65536;          /* MaxRegistersPerBlock */
	case 13: return 1980000;        /* ClockRate, kHz */
	case 16: return 132;            /* MultiProcessorCount */
	case 38: return 52428800;       /* L2CacheSize */
	case 39: return 2048;           /* MaxThreadsPerMultiProcessor */
	case 75: return 9;              /* ComputeCapabilityMajor */
	case 76: return 0;              /* ComputeCapabilityMinor */
	case 81: return 233472;         /* MaxSharedMemoryPerMultiprocessor */
	case 82: return 65536;          /* MaxRegistersPerMultiprocessor */
	case 97: return 232448;         /* MaxSharedMemoryPerBlockOptin */
	case 106: return 32;            /* MaxBlocksPerMultiprocessor */
	}
	return -1;
}

static CdpQ *
queue(Launch *L)
{
	if (!L->cdp && (L->cdp = interp_alloc(L->cx, sizeof *L->cdp)))
		memset(L->cdp, 0, sizeof *L->cdp);
	return L->cdp;
}

/* A new entry of the queue, or NULL (out of memory, or too many). */
static struct CdpLaunch *
entry(Launch *L, int *err)
{
	CdpQ *q = queue(L);

	*err = ERR_PENDING;
	if (!q || q->n >= CDP_MAXQ)
		return NULL;
	if (q->n == q->cap) {
		int nc = q->cap ? 2 * q->cap : 16;
		struct CdpLaunch *nl = interp_realloc(L->cx, q->l, (size_t)nc * sizeof *nl);
		if (!nl)
			return NULL;
		q->l = nl;
		q->cap = nc;
	}
	memset(&q->l[q->n], 0, sizeof q->l[q->n]);
	return &q->l[q->n++];
}

/* The XFunc a function address names, if it is a kernel of the module. */
static XFunc *
kernel(Launch *L, uint64_t fa)
{
	XFunc *x = interp_fnat(L->pm, fa, NULL);

	return x && x->f->entry && x->f->hasbody ? x : NULL;
}

/* A parameter buffer for kernel fn (-1: not known yet) of psize bytes: its address, 0 on failure. */
static uint64_t
parambuf(Launch *L, int fn, uint64_t size, const uint32_t grid[3], const uint32_t block[3], uint32_t shared)
{
	struct CdpLaunch *e;
	uint64_t a;
	int err;

	if (!(e = entry(L, &err)))
		return 0;
	if (interp_mem_new(L->cx, size ? size : 1, NULL, AK_HOST, &a) != PTX_OK) {
		L->cdp->n--;
		return 0;
	}
	e->buf = a;
	e->fn = fn;
	for (int i = 0; i < 3; i++) {
		e->grid[i] = grid ? grid[i] : 0;
		e->block[i] = block ? block[i] : 0;
	}
	e->shared = shared;
	return a;
}

/* Queues the launch whose parameters are in buffer buf: a cudaError_t. */
static uint32_t
launch(Launch *L, Warp *w, uint32_t lane, uint64_t buf, int fn, const uint32_t *grid, const uint32_t *block,
       uint32_t shared, uint64_t stream)
{
	CdpQ *q = L->cdp;
	struct CdpLaunch *e = NULL;
	Alloc *a;
	XFunc *x;
	uint64_t threads;

	for (int i = q ? q->n - 1 : -1; i >= 0; i--)
		if (q->l[i].buf == buf && !q->l[i].launched) {
			e = &q->l[i];
			break;
		}
	if (!e || !(a = interp_mem_find(L->cx, buf, 1)))
		return ERR_INVALID_VALUE;
	if (grid) {   /* LaunchDevice: the launch names what GetParameterBuffer did not */
		e->fn = fn;
		memcpy(e->grid, grid, sizeof e->grid);
		memcpy(e->block, block, sizeof e->block);
		e->shared = shared;
	}
	e->launched = 1;
	e->tail = stream == STREAM_TAIL;
	if (e->fn < 0)
		return ERR_INVALID_FUNC;
	x = &L->pm->fn[e->fn];
	threads = (uint64_t)e->block[0] * e->block[1] * e->block[2];
	if (!threads || threads > 1024 || e->block[2] > 64 || !e->grid[0] || !e->grid[1] || !e->grid[2] ||
	    e->grid[1] > 65535 || e->grid[2] > 65535 || e->grid[0] > 2147483647u)
		return ERR_INVALID_CONFIG;
	if (L->cx->cdp_depth >= CDP_DEPTH)
		return ERR_MAX_DEPTH;
	/* the buffer is the runtime's: its bytes now, and it is gone */
	if (!(e->params = interp_alloc(L->cx, x->psize + 1)))
		return ERR_PENDING;
	memset(e->params, 0, x->psize + 1);
	memcpy(e->params, a->p + (buf - a->addr), x->psize < a->size - (buf - a->addr) ?
	    x->psize : a->size - (buf - a->addr));
	interp_mem_free(L->cx, buf);
	e->buf = 0;
	if (L->cx->cdpchk)
		e->node = interp_chk_cdp_launch(L, w, lane, stream, e->tail);
	return 0;
}

/* A 12-byte dim3 argument. */
static void
dim3(Launch *L, Warp *w, const XIns *xi, int k, uint32_t l, uint32_t d[3])
{
	for (int i = 0; i < 3; i++)
		d[i] = (uint32_t)interp_arg(L, w, xi, k, l, 4u * (uint32_t)i, 4);
}

/* Stores size bytes of v at the generic address a: 0, or -1 after a fault. */
static int
put(Launch *L, Warp *w, const XIns *xi, uint32_t l, uint64_t a, uint64_t v, unsigned size)
{
	uint8_t *p = interp_xlate(L, w, (int)l, MS_GENERIC, a, size, 1, xi);

	if (!p)
		return -1;
	memcpy(p, &v, size);   /* little-endian host, as the guest */
	if (L->chk & PTX_CHECK_INITCHECK)   /* written, for initcheck (cudaEventCreate's event) */
		interp_chk_unpoison(L->cx, p, size);
	return 0;
}

int
interp_cdp_call(Launch *L, Warp *w, const XIns *xi, int bi, uint32_t l)
{
	uint32_t g[3], b[3], rc = 0;
	uint64_t v = 0, ret;
	XFunc *x;
	CdpQ *q;
	int64_t at;
	const char *why;   /* Free: what the pointer is, when not the heap's */

	switch (bi) {
	case BI_CDP_PBUF2:
		x = kernel(L, interp_arg(L, w, xi, 0, l, 0, 8));
		dim3(L, w, xi, 1, l, g);
		dim3(L, w, xi, 2, l, b);
		ret = x ? parambuf(L, x->idx, x->psize, g, b, (uint32_t)interp_arg(L, w, xi, 3, l, 0, 4)) : 0;
		interp_setret(w, xi, l, ret, 8);
		return 0;
	case BI_CDP_PBUF:
		ret = parambuf(L, -1, interp_arg(L, w, xi, 1, l, 0, 8), NULL, NULL, 0);
		interp_setret(w, xi, l, ret, 8);
		return 0;
	case BI_CDP_LAUNCH2:
		rc = launch(L, w, l, interp_arg(L, w, xi, 0, l, 0, 8), 0, NULL, NULL, 0, interp_arg(L, w, xi, 1, l, 0, 8));
		break;
	case BI_CDP_LAUNCH:
		x = kernel(L, interp_arg(L, w, xi, 0, l, 0, 8));
		dim3(L, w, xi, 2, l, g);
		dim3(L, w, xi, 3, l, b);
		rc = launch(L, w, l, interp_arg(L, w, xi, 1, l, 0, 8), x ? x->idx : -1, g, b,
		    (uint32_t)interp_arg(L, w, xi, 4, l, 0, 4), interp_arg(L, w, xi, 5, l, 0, 8));
		break;
	case BI_CDP_LASTERR: case BI_CDP_PEEKERR:
		interp_setret(w, xi, l, w->cdperr[l], 4);
		if (bi == BI_CDP_LASTERR)
			w->cdperr[l] = 0;
		return 0;
	case BI_CDP_GETDEV:
		if (put(L, w, xi, l, interp_arg(L, w, xi, 0, l, 0, 8), 0, 4))
			return -1;
		break;
	case BI_CDP_ATTR:
		at = attribute((uint32_t)interp_arg(L, w, xi, 1, l, 0, 4));
		if (at < 0 || interp_arg(L, w, xi, 2, l, 0, 4) != 0)
			rc = ERR_INVALID_VALUE;
		else if (put(L, w, xi, l, interp_arg(L, w, xi, 0, l, 0, 8), (uint64_t)at, 4))
			return -1;
		break;
	case BI_CDP_HANDLE:   /* a stream or an event: a distinct non-zero handle */
		if (!(q = queue(L)))
			return -1;
		if (put(L, w, xi, l, interp_arg(L, w, xi, 0, l, 0, 8), 0x100 + ++q->streams, 8))
			return -1;
		break;
	case BI_CDP_MALLOC:
		if (interp_mem_new(L->cx, interp_arg(L, w, xi, 1, l, 0, 8), NULL, AK_HEAP, &v) != PTX_OK)
			rc = 2;   /* cudaErrorMemoryAllocation */
		else if (L->chk & PTX_CHECK_MEMCHECK) {   /* followed until freed: a leak? */
			Alloc *al = interp_mem_find(L->cx, v, 1);
			if (al)
				interp_chk_heap_new(L, al);
		}
		if (put(L, w, xi, l, interp_arg(L, w, xi, 0, l, 0, 8), v, 8))
			return -1;
		break;
	case BI_CDP_FREE:
		if ((v = interp_arg(L, w, xi, 0, l, 0, 8)) && interp_heap_free(L->cx, v, &why) != PTX_OK)
			rc = ERR_INVALID_VALUE;
		break;
	case BI_CDP_OK:
		break;
	case BI_CDP_SETCOND:   /* void: nothing to return */
		v = interp_arg(L, w, xi, 0, l, 0, 8);
		if (!L->cx->condfn || L->cx->condfn(L->cx->condu, v, (unsigned)interp_arg(L, w, xi, 1, l, 0, 4))) {
			interp_fault(L, w, (int)l, xi, PTX_FAULT_TRAP, v, 0,
			    "cudaGraphSetConditional: 0x%" PRIx64 " is not a conditional handle%s", v,
			    L->cx->condfn ? "" : " (no CUDA driver)");
			return -1;
		}
		return 0;
	}
	if (rc)
		w->cdperr[l] = (uint8_t)rc;
	interp_setret(w, xi, l, rc, 4);
	return 0;
}

/*
 * Runs the grids the launch L queued (see the top), when run is set (L's
 * grid has finished and its counts are final), and frees the queue; the
 * context's counts are L's again afterwards.  PTX_OK, or the first
 * child's failure.
 */
int
interp_cdp_finish(Launch *L, int run)
{
	ptx_ctx *cx = L->cx;
	CdpQ *q = L->cdp;
	ptx_stats stats = cx->stats;
	ptx_insn_stats *istat = cx->istat;
	size_t nistat = cx->nistat;
	int nocount = cx->nocount, rc = PTX_OK;

	if (!q)
		return PTX_OK;
	cx->istat = NULL;
	cx->nistat = 0;
	cx->nocount = 1;
	cx->cdp_depth++;
	for (int tail = 0; tail < 2 && rc == PTX_OK && run; tail++)
		for (int i = 0; i < q->n && rc == PTX_OK; i++) {
			struct CdpLaunch *e = &q->l[i];
			uint32_t up;
			if (!e->launched || !e->params || e->tail != tail)
				continue;
			up = interp_chk_cdp_enter(cx, e->node);
			rc = interp_launch(cx, (ptx_function *)(void *)&L->pm->fn[e->fn], e->grid, e->block, NULL,
			    e->shared, e->params);
			interp_chk_cdp_enter(cx, up);
		}
	cx->cdp_depth--;
	for (int i = 0; i < q->n; i++) {
		if (q->l[i].buf)   /* a buffer never launched */
			interp_mem_free(cx, q->l[i].buf);
		interp_free(cx, q->l[i].params);
	}
	interp_free(cx, q->l);
	interp_free(cx, q);
	L->cdp = NULL;
	interp_count_free(cx);
	cx->istat = istat;
	cx->nistat = nistat;
	cx->nocount = nocount;
	cx->stats = stats;
	return rc;
}

/*
 * shim_ipc.c -- CUDA IPC handles (cuIpcGetMemHandle, cuIpcOpenMemHandle,
 * cuIpcCloseMemHandle, cuIpcGetEventHandle, cuIpcOpenEventHandle).  The
 * interpreter's device memory lives in one process, so a handle opens in
 * the process that made it: memory to the same device address, an event
 * to the same event.  Another process has no view of that memory: there
 * the open is refused with CUDA_ERROR_NOT_SUPPORTED and a message on
 * stderr that says why, rather than a pointer to nothing.
 *
 * A handle (64 bytes, opaque to the caller): "PTXKIPC" and a kind byte,
 * the maker's pid, a number drawn once per process (so a later process
 * that reuses the pid is still another one), then the allocation's base
 * and size, or the event's handle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cuda/shim.h"

typedef struct { char reserved[64]; } IpcHandle;   /* CUipcMemHandle, CUipcEventHandle */

enum { K_MEM = 'M', K_EVENT = 'E', EV_DISABLE_TIMING = 2, EV_INTERPROCESS = 4 };

typedef struct {
	char magic[7], kind;
	uint64_t pid, nonce, a, b;
} Body;

static uint64_t
nonce(void)
{
	static uint64_t n;   /* under LOCK */

	while (!n) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		n = (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15u ^ (uint64_t)ts.tv_sec ^
		    (uint64_t)getpid() << 32 ^ (uint64_t)(uintptr_t)&ts;
	}
	return n;
}

static void
make(IpcHandle *h, char kind, uint64_t a, uint64_t b)
{
	Body d = { "PTXKIPC", kind, (uint64_t)getpid(), nonce(), a, b };

	memset(h, 0, sizeof *h);
	memcpy(h->reserved, &d, sizeof d);
}

/* The body of a handle of kind made in this process, or an error. */
static CUresult
take(const IpcHandle *h, char kind, Body *d, const char *call)
{
	memcpy(d, h->reserved, sizeof *d);
	if (memcmp(d->magic, "PTXKIPC", 7) || d->kind != kind)
		return CUDA_ERROR_INVALID_VALUE;
	if (d->pid != (uint64_t)getpid() || d->nonce != nonce()) {
		fprintf(stderr, "libptxcuda: %s: the handle was made by process %llu; the "
		    "interpreter's device memory and events are not shared across processes\n",
		    call, (unsigned long long)d->pid);
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	return CUDA_SUCCESS;
}

CUresult
cuIpcGetMemHandle(IpcHandle *h, CUdeviceptr p)
{
	CUresult r;

	if (!h)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(NULL))) {
		size_t i;
		/* the base of a cuMemAlloc allocation, as the driver asks */
		for (i = 0; i < shim.nallocs && !(shim.allocs[i].p == p && !shim.allocs[i].host); i++)
			;
		if (i == shim.nallocs)
			r = CUDA_ERROR_INVALID_VALUE;
		else
			make(h, K_MEM, p, shim.allocs[i].n);
	}
	UNLOCK();
	return r;
}

CUresult
cuIpcOpenMemHandle_v2(CUdeviceptr *p, IpcHandle h, unsigned flags)
{
	CUresult r;
	Body d;

	if (!p || flags > 1)    /* CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS */
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(NULL)) && !(r = take(&h, K_MEM, &d, "cuIpcOpenMemHandle"))) {
		size_t i;
		for (i = 0; i < shim.nallocs && shim.allocs[i].p != d.a; i++)
			;
		if (i == shim.nallocs || shim.allocs[i].n != d.b)
			r = CUDA_ERROR_INVALID_VALUE;   /* freed since */
		else
			*p = d.a;
	}
	UNLOCK();
	return r;
}

CUresult
cuIpcOpenMemHandle(CUdeviceptr *p, IpcHandle h, unsigned flags)
{
	return cuIpcOpenMemHandle_v2(p, h, flags);
}

/* The memory stays its maker's: closing only checks it is still there. */
CUresult
cuIpcCloseMemHandle(CUdeviceptr p)
{
	CUresult r;

	LOCK();
	if (!(r = shim_ready(NULL)) && !shim_isdev(p))
		r = CUDA_ERROR_INVALID_VALUE;
	UNLOCK();
	return r;
}

CUresult
cuIpcGetEventHandle(IpcHandle *h, CUevent e)
{
	CUresult r;
	Event *ev;

	if (!h)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(NULL))) {
		if (!(ev = EVENT(e)))
			r = CUDA_ERROR_INVALID_HANDLE;
		else if ((ev->flags & (EV_INTERPROCESS | EV_DISABLE_TIMING)) !=
		    (EV_INTERPROCESS | EV_DISABLE_TIMING))
			r = CUDA_ERROR_INVALID_VALUE;   /* the driver asks for both */
		else
			make(h, K_EVENT, (uint64_t)(uintptr_t)e, 0);
	}
	UNLOCK();
	return r;
}

CUresult
cuIpcOpenEventHandle(CUevent *e, IpcHandle h)
{
	CUresult r;
	Body d;

	if (!e)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(NULL)) && !(r = take(&h, K_EVENT, &d, "cuIpcOpenEventHandle"))) {
		CUevent ev = (CUevent)(uintptr_t)d.a;
		if (!EVENT(ev))
			r = CUDA_ERROR_INVALID_VALUE;   /* destroyed since */
		else
			*e = ev;
	}
	UNLOCK();
	return r;
}

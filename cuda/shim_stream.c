/*
 * shim_stream.c -- streams, events and host callbacks of libptxcuda.
 *
 * Every call has finished when it returns, so a stream is an ordered queue
 * by construction: it exists for its handle, its flags and priority, and a
 * host function queued on it runs at once.  Events record the host clock.
 * Besides streams from cuStreamCreate, a stream argument may be NULL (the
 * legacy default stream) or one of the two special handles
 * CU_STREAM_LEGACY (1) and CU_STREAM_PER_THREAD (2).
 */
#include <stdlib.h>
#include <time.h>
#include "cuda/shim.h"

#define CU_STREAM_LEGACY ((CUstream)(uintptr_t)1)
#define CU_STREAM_PER_THREAD ((CUstream)(uintptr_t)2)
enum { STREAM_NON_BLOCKING = 1 };
enum { EVENT_BLOCKING_SYNC = 1, EVENT_DISABLE_TIMING = 2, EVENT_INTERPROCESS = 4 };
/* cuCtxGetStreamPriorityRange: 0 is the lowest priority, -5 the highest */
enum { PRIO_LEAST = 0, PRIO_GREATEST = -5 };

static struct Sstream *streams;     /* the live ones, under LOCK */

static int
special(CUstream s)
{
	return !s || s == CU_STREAM_LEGACY || s == CU_STREAM_PER_THREAD;
}

/* A stream handle a call may take; looks the handle up instead of reading
 * through it, so a destroyed or made-up one is refused safely. */
static int
streamok(CUstream s)
{
	int ok = special(s);

	LOCK();
	for (struct Sstream *p = streams; p && !ok; p = p->next)
		ok = p == s;
	UNLOCK();
	return ok;
}

CUresult
cuStreamCreateWithPriority(CUstream *s, unsigned flags, int prio)
{
	CUcontext ctx;
	CUresult r;

	if (!s || flags > STREAM_NON_BLOCKING)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = shim_ready(&ctx);
	if (r && r != CUDA_ERROR_NOT_INITIALIZED && r != CUDA_ERROR_INVALID_CONTEXT)
		r = CUDA_SUCCESS;   /* a poisoned context still hands out handles */
	if (!r && !(*s = calloc(1, sizeof **s)))
		r = CUDA_ERROR_OUT_OF_MEMORY;
	if (!r) {
		/* out-of-range priorities are clamped, as the driver does */
		(*s)->magic = MAGIC_STREAM;
		(*s)->ctx = ctx;
		(*s)->flags = flags;
		(*s)->prio = prio > PRIO_LEAST ? PRIO_LEAST : prio < PRIO_GREATEST ? PRIO_GREATEST : prio;
		(*s)->id = ++shim.nextid;
		(*s)->next = streams;
		streams = *s;
	}
	UNLOCK();
	return r;
}

CUresult
cuStreamCreate(CUstream *s, unsigned flags)
{
	return cuStreamCreateWithPriority(s, flags, 0);
}

CUresult
cuStreamDestroy_v2(CUstream s)
{
	CUresult r = CUDA_ERROR_INVALID_HANDLE;

	LOCK();
	for (struct Sstream **pp = &streams; *pp; pp = &(*pp)->next)
		if (*pp == s) {
			*pp = s->next;
			s->magic = 0;
			free(s);
			r = CUDA_SUCCESS;
			break;
		}
	UNLOCK();
	return r;
}

CUresult
cuStreamDestroy(CUstream s)
{
	return cuStreamDestroy_v2(s);
}

CUresult
cuStreamSynchronize(CUstream s)
{
	CUresult r;

	if (!streamok(s))
		return CUDA_ERROR_INVALID_HANDLE;
	LOCK();
	r = shim_ready(NULL);
	UNLOCK();
	return r;
}

CUresult
cuStreamQuery(CUstream s)
{
	return cuStreamSynchronize(s);
}

CUresult
cuStreamWaitEvent(CUstream s, CUevent e, unsigned flags)
{
	(void)flags;
	if (!streamok(s) || !e || e->magic != MAGIC_EVENT)
		return CUDA_ERROR_INVALID_HANDLE;
	return CUDA_SUCCESS;
}

/* The queries below answer for a special handle with the current
 * context's default stream: flags 0, priority 0. */
CUresult
cuStreamGetPriority(CUstream s, int *prio)
{
	if (!prio)
		return CUDA_ERROR_INVALID_VALUE;
	if (!streamok(s))
		return CUDA_ERROR_INVALID_HANDLE;
	*prio = special(s) ? 0 : s->prio;
	return CUDA_SUCCESS;
}

CUresult
cuStreamGetFlags(CUstream s, unsigned *flags)
{
	if (!flags)
		return CUDA_ERROR_INVALID_VALUE;
	if (!streamok(s))
		return CUDA_ERROR_INVALID_HANDLE;
	*flags = special(s) ? 0 : s->flags;
	return CUDA_SUCCESS;
}

/* The special handles have ids of their own, below those of created streams. */
CUresult
cuStreamGetId(CUstream s, unsigned long long *id)
{
	if (!id)
		return CUDA_ERROR_INVALID_VALUE;
	if (!streamok(s))
		return CUDA_ERROR_INVALID_HANDLE;
	*id = special(s) ? (unsigned long long)(uintptr_t)s : s->id + 2;
	return CUDA_SUCCESS;
}

CUresult
cuStreamGetCtx(CUstream s, CUcontext *ctx)
{
	CUresult r = CUDA_SUCCESS;

	if (!ctx)
		return CUDA_ERROR_INVALID_VALUE;
	if (!streamok(s))
		return CUDA_ERROR_INVALID_HANDLE;
	if (special(s)) {
		LOCK();
		r = shim_ready(ctx);
		UNLOCK();
		if (r == CUDA_ERROR_INVALID_CONTEXT || r == CUDA_ERROR_NOT_INITIALIZED)
			return r;
		return CUDA_SUCCESS;
	}
	*ctx = s->ctx;
	return r;
}

/* There are no green contexts: the second answer is always NULL. */
CUresult
cuStreamGetCtx_v2(CUstream s, CUcontext *ctx, void **green)
{
	CUresult r;

	if (!ctx || !green)
		return CUDA_ERROR_INVALID_VALUE;
	if (!(r = cuStreamGetCtx(s, ctx)))
		*green = NULL;
	return r;
}

CUresult
cuStreamGetDevice(CUstream s, CUdevice *d)
{
	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	if (!streamok(s))
		return CUDA_ERROR_INVALID_HANDLE;
	*d = 0;
	return CUDA_SUCCESS;
}

CUresult
cuCtxGetStreamPriorityRange(int *least, int *greatest)
{
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (least)
		*least = PRIO_LEAST;
	if (greatest)
		*greatest = PRIO_GREATEST;
	return CUDA_SUCCESS;
}

/* The work queued before a callback has finished, so it runs now, with
 * the stream's status: the context's sticky error, if any. */
CUresult
cuStreamAddCallback(CUstream s, CUstreamCallback fn, void *user, unsigned flags)
{
	CUresult st;

	if (!fn || flags)
		return CUDA_ERROR_INVALID_VALUE;
	if (!streamok(s))
		return CUDA_ERROR_INVALID_HANDLE;
	LOCK();
	st = shim_ready(NULL);
	UNLOCK();
	if (st == CUDA_ERROR_NOT_INITIALIZED || st == CUDA_ERROR_INVALID_CONTEXT)
		return st;
	fn(s, st, user);
	return CUDA_SUCCESS;
}

/* A host function does not run after a fault, as on a GPU. */
CUresult
cuLaunchHostFunc(CUstream s, CUhostFn fn, void *user)
{
	CUresult r;

	if (!fn)
		return CUDA_ERROR_INVALID_VALUE;
	if (!streamok(s))
		return CUDA_ERROR_INVALID_HANDLE;
	LOCK();
	r = shim_ready(NULL);
	UNLOCK();
	if (!r)
		fn(user);
	return r;
}

/* ---------------------------------------------------------------- events */

double
shim_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

CUresult
cuEventCreate(CUevent *e, unsigned flags)
{
	if (!e || flags > (EVENT_BLOCKING_SYNC | EVENT_DISABLE_TIMING | EVENT_INTERPROCESS))
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (!(*e = calloc(1, sizeof **e)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	(*e)->magic = MAGIC_EVENT;
	(*e)->flags = flags;
	return CUDA_SUCCESS;
}

CUresult
cuEventRecord(CUevent e, CUstream s)
{
	if (!e || e->magic != MAGIC_EVENT || !streamok(s))
		return CUDA_ERROR_INVALID_HANDLE;
	e->ms = shim_now_ms();
	e->recorded = 1;
	return CUDA_SUCCESS;
}

CUresult
cuEventRecordWithFlags(CUevent e, CUstream s, unsigned flags)
{
	(void)flags;
	return cuEventRecord(e, s);
}

CUresult
cuEventSynchronize(CUevent e)
{
	if (!e || e->magic != MAGIC_EVENT)
		return CUDA_ERROR_INVALID_HANDLE;
	return CUDA_SUCCESS;
}

CUresult
cuEventQuery(CUevent e)
{
	return cuEventSynchronize(e);
}

CUresult
cuEventElapsedTime(float *ms, CUevent a, CUevent b)
{
	if (!ms)
		return CUDA_ERROR_INVALID_VALUE;
	if (!a || a->magic != MAGIC_EVENT || !b || b->magic != MAGIC_EVENT)
		return CUDA_ERROR_INVALID_HANDLE;
	if (!a->recorded || !b->recorded || (a->flags | b->flags) & EVENT_DISABLE_TIMING)
		return CUDA_ERROR_INVALID_HANDLE;
	*ms = (float)(b->ms - a->ms);
	return CUDA_SUCCESS;
}

CUresult
cuEventElapsedTime_v2(float *ms, CUevent a, CUevent b)
{
	return cuEventElapsedTime(ms, a, b);
}

CUresult
cuEventDestroy_v2(CUevent e)
{
	if (!e || e->magic != MAGIC_EVENT)
		return CUDA_ERROR_INVALID_HANDLE;
	e->magic = 0;
	free(e);
	return CUDA_SUCCESS;
}

CUresult
cuEventDestroy(CUevent e)
{
	return cuEventDestroy_v2(e);
}


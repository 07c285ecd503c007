/*
 * shim_stream.c -- streams, events and host callbacks of libptxcuda.
 *
 * Every call has finished when it returns, so a stream is an ordered queue
 * by construction: it exists for its handle, its flags and priority, and a
 * host function queued on it runs at once.  Events record the host clock.
 * Besides streams from cuStreamCreate, a stream argument may be NULL (the
 * legacy default stream) or one of the two special handles
 * CU_STREAM_LEGACY (1) and CU_STREAM_PER_THREAD (2).  Streams and events
 * belong to the context current when they were made and are destroyed
 * with it.
 *
 * The legacy stream is no stream object: it is never captured and its
 * queries answer flags 0, priority 0.  The per-thread default stream is
 * one: each thread gets its own in each context the first time it names
 * CU_STREAM_PER_THREAD (or passes NULL to a _ptsz/_ptds entry point,
 * shim_ptds.c), a blocking stream of priority 0 that can be captured and
 * given attributes like a created one, and no handle but
 * CU_STREAM_PER_THREAD names it.  STREAM() resolves that handle.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include "cuda/shim.h"

#define CU_STREAM_LEGACY ((CUstream)(uintptr_t)1)
enum { STREAM_NON_BLOCKING = 1 };
enum { EVENT_BLOCKING_SYNC = 1, EVENT_DISABLE_TIMING = 2, EVENT_INTERPROCESS = 4 };
/* cuCtxGetStreamPriorityRange: 0 is the lowest priority, -5 the highest */
enum { PRIO_LEAST = 0, PRIO_GREATEST = -5 };

/* the legacy default stream, which has no object */
static int
special(CUstream s)
{
	return !s || s == CU_STREAM_LEGACY;
}

Stream *
shim_stream_new(Ctx *ctx, unsigned flags, int prio)
{
	Stream *st = calloc(1, sizeof *st);

	if (!st || !(st->h = shim_hnew(H_STREAM, st))) {
		free(st);
		return NULL;
	}
	/* out-of-range priorities are clamped, as the driver does */
	st->ctx = ctx;
	st->flags = flags;
	st->prio = prio > PRIO_LEAST ? PRIO_LEAST : prio < PRIO_GREATEST ? PRIO_GREATEST : prio;
	shim_attrs_init(&st->attr);
	st->id = ++shim.nextid;
	return st;
}

/* Threads are told apart by a number of their own rather than pthread_t,
 * which a new thread may reuse: its per-thread streams start afresh. */
static atomic_ullong nthreads;
static _Thread_local unsigned long long thread;
static _Thread_local CUstream perthread;   /* the one last resolved, for the common case */

/* The calling thread's default stream in the current context, made on
 * first use when make is set; NULL without a context or memory.  Under
 * LOCK. */
static Stream *
per_thread(int make)
{
	Stream *st;
	Ctx *ctx;
	size_t i = 0;

	if (shim_current(&ctx))
		return NULL;
	if (!thread)
		thread = atomic_fetch_add(&nthreads, 1) + 1;
	if (perthread && (st = shim_hget(perthread, H_STREAM)) && st->ctx == ctx)
		return st;
	while ((st = shim_heach(H_STREAM, &i)))
		if (st->thread == thread && st->ctx == ctx)
			break;
	if (!st && make && (st = shim_stream_new(ctx, 0, 0)))
		st->thread = thread;
	if (st)
		perthread = st->h;
	return st;
}

Stream *
shim_stream(CUstream s)
{
	return s == CU_STREAM_PER_THREAD ? per_thread(1) : shim_hget(s, H_STREAM);
}

Stream *
shim_stream_peek(void)
{
	return per_thread(0);
}

int
shim_streamok(CUstream s)
{
	return special(s) || STREAM(s);
}

/* What a stream that is not there answers: a destroyed green context's
 * stream, its context destroyed (as an H200 answers, tests/shim/green.c);
 * any other, an invalid handle.  Under LOCK. */
static CUresult
gone(CUstream s)
{
	return shim_hkept(s, H_STREAM) ? CUDA_ERROR_CONTEXT_IS_DESTROYED : CUDA_ERROR_INVALID_HANDLE;
}

/* For the calls that take a stream and do not otherwise need the lock. */
CUresult
shim_stream_check(CUstream s)
{
	CUresult r = CUDA_SUCCESS;

	if (special(s))
		return CUDA_SUCCESS;
	LOCK();
	if (!STREAM(s))
		r = gone(s);
	UNLOCK();
	return r;
}

/*
 * The device memory a context's streams hold, n of them live at once at
 * the most: an H200's driver (580) took 2 MiB of cuMemGetInfo's free
 * memory at the 2nd stream made and every 4th after it (6, 10, ...), and
 * 2 MiB more at the 36th, 79th, 122nd and 164th, blocking or not, in the
 * primary context or one of cuCtxCreate's, up to 200 streams; destroyed
 * streams gave none back, and as many made again took none.  As if each
 * stream took 512 KiB of 2 MiB chunks of which the context's first had
 * 1.5 MiB free, and 48 KiB of others of which the first had 1720 KiB.
 */
static size_t
streams_mem(unsigned n)
{
	return ((size_t)(n + 2) / 4 + ((size_t)6 * n + 41) / 256) * SHIM_PAGE;
}

/* A stream made in ctx, or (made 0) destroyed; under LOCK. */
static void
stream_count(Ctx *ctx, int made)
{
	if (!made) {
		ctx->nstreams -= ctx->nstreams > 0;
		return;
	}
	if (++ctx->nstreams > ctx->peakstreams) {
		shim.held += streams_mem(ctx->nstreams) - streams_mem(ctx->peakstreams);
		ctx->peakstreams = ctx->nstreams;
	}
}

void
shim_release_streams(Ctx *ctx)
{
	size_t i = 0;
	Stream *st;
	Event *e;

	shim.held -= streams_mem(ctx->peakstreams);   /* the context's stream memory goes with it */
	ctx->nstreams = ctx->peakstreams = 0;
	while ((st = shim_heach(H_STREAM, &i)))
		if (st->ctx == ctx) {
			shim_capture_forget(&st->c);
			shim_hfree(st->h);
			free(st);
		}
	i = 0;
	while ((e = shim_heach(H_EVENT, &i)))
		if (e->ctx == ctx) {
			shim_ipc_event_gone(e);
			shim_capture_forget(&e->c);
			shim_hkeepas(e->h, shim.gone);
			shim_hfree(e->h);
			free(e);
		}
}

CUresult
cuStreamCreateWithPriority(CUstream *s, unsigned flags, int prio)
{
	Ctx *ctx;
	Stream *st;
	CUresult r;

	if (!s || flags > STREAM_NON_BLOCKING)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	/* a poisoned context still hands out handles */
	if (!(r = shim_current(&ctx))) {
		if ((st = shim_stream_new(ctx, flags, prio))) {
			*s = st->h;
			st->counted = 1;
			stream_count(ctx, 1);
		} else
			r = CUDA_ERROR_OUT_OF_MEMORY;
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
	Stream *st;

	LOCK();
	/* a thread's default stream lives as long as its context */
	if (s != CU_STREAM_PER_THREAD && (st = STREAM(s))) {
		if (st->counted)
			stream_count(st->ctx, 0);
		shim_capture_forget(&st->c);
		shim_hfree(s);
		free(st);
		r = CUDA_SUCCESS;
	}
	UNLOCK();
	return r;
}

CUresult
cuStreamDestroy(CUstream s)
{
	return cuStreamDestroy_v2(s);
}

/* A synchronization, or with sync 0 a query (which gives back no memory
 * of the pools) */
static CUresult
stream_sync(CUstream s, int sync)
{
	CUresult r;

	LOCK();
	r = !shim_streamok(s) ? gone(s) : shim_capture_sync(s);
	if (!r)
		r = shim_ready(NULL);
	if (!r && sync)
		shim_pool_synced(s, 0);
	UNLOCK();
	return r;
}

CUresult
cuStreamSynchronize(CUstream s)
{
	return stream_sync(s, 1);
}

CUresult
cuStreamQuery(CUstream s)
{
	return stream_sync(s, 0);
}

CUresult
cuStreamWaitEvent(CUstream s, CUevent e, unsigned flags)
{
	CUresult r;

	(void)flags;
	LOCK();
	r = shim_streamok(s) && EVENT(e) ? shim_capture_wait(s, EVENT(e)) : CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

/* The queries below answer for the legacy stream with the current
 * context's: flags 0, priority 0. */
CUresult
cuStreamGetPriority(CUstream s, int *prio)
{
	CUresult r = CUDA_SUCCESS;

	if (!prio)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim_streamok(s))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		*prio = special(s) ? 0 : STREAM(s)->prio;
	UNLOCK();
	return r;
}

CUresult
cuStreamGetFlags(CUstream s, unsigned *flags)
{
	CUresult r = CUDA_SUCCESS;

	if (!flags)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim_streamok(s))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		*flags = special(s) ? 0 : STREAM(s)->flags;
	UNLOCK();
	return r;
}

/* The legacy stream's two handles have ids of their own (0, 1), below
 * those of streams with an object. */
CUresult
cuStreamGetId(CUstream s, unsigned long long *id)
{
	CUresult r = CUDA_SUCCESS;

	if (!id)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim_streamok(s))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		*id = special(s) ? (unsigned long long)(uintptr_t)s : STREAM(s)->id + 2;
	UNLOCK();
	return r;
}

/* A stream's context (under LOCK): a green context's stream answers the
 * CUcontext of its green context (cuCtxFromGreenCtx's) or, with primary
 * set, the primary context; the special streams the context current,
 * the handle as it was made current, or with primary set the primary
 * context when that handle is a green context's.  As the driver
 * documents cuStreamGetCtx and cuStreamGetCtx_v2. */
static CUresult
stream_ctx(CUstream s, CUcontext *ctx, int primary)
{
	CUresult r;
	Stream *st;
	Ctx *c;

	if (!shim_streamok(s))
		return CUDA_ERROR_INVALID_HANDLE;
	if (!special(s)) {
		st = STREAM(s);
		*ctx = st->green && !primary ? shim_green_ctx(st->green) : st->ctx->h;
		return CUDA_SUCCESS;
	}
	if ((r = shim_current(&c)))
		return r;
	*ctx = primary ? c->h : shim_current_handle();
	return CUDA_SUCCESS;
}

CUresult
cuStreamGetCtx(CUstream s, CUcontext *ctx)
{
	CUresult r;

	if (!ctx)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = stream_ctx(s, ctx, 0);
	UNLOCK();
	return r;
}

/* A green context's stream, or any stream while a green context is
 * current, answers the primary context and the green one (shim_green.c),
 * as the driver documents; but the per-thread stream under a green
 * context, which it refuses. */
CUresult
cuStreamGetCtx_v2(CUstream s, CUcontext *ctx, void **green)
{
	CUresult r;
	Stream *st;
	void *g;

	if (!ctx || !green)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	g = shim.inited ? shim_green_current() : NULL;
	st = special(s) || (g && s == CU_STREAM_PER_THREAD) ? NULL : STREAM(s);
	if (st && st->green)
		g = st->green;
	else if (st)
		g = NULL;
	if (g && s == CU_STREAM_PER_THREAD)
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (!(r = stream_ctx(s, ctx, 1)))
		*green = g;
	UNLOCK();
	return r;
}

CUresult
cuStreamGetDevice(CUstream s, CUdevice *d)
{
	CUresult r;

	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	if (!(r = shim_stream_check(s)))
		*d = 0;
	return r;
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
 * the stream's status: the context's sticky error, if any.  It runs
 * without the lock: it may call the driver. */
CUresult
cuStreamAddCallback(CUstream s, CUstreamCallback fn, void *user, unsigned flags)
{
	CUresult r, st = CUDA_SUCCESS;
	Ctx *c;

	if (!fn || flags)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim_streamok(s))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (!(r = shim_current(&c)))
		st = c->sticky;
	UNLOCK();
	if (!r)
		fn(s, st, user);
	return r;
}

/* A host function does not run after a fault, as on a GPU. */
CUresult
cuLaunchHostFunc(CUstream s, CUhostFn fn, void *user)
{
	CUresult r;

	if (!fn)
		return CUDA_ERROR_INVALID_VALUE;
	if (shim_capture_host(s, &r, fn, user))
		return r;
	LOCK();
	r = shim_streamok(s) ? shim_ready(NULL) : CUDA_ERROR_INVALID_HANDLE;
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

/* Events belong to the current context, and go with it. */
CUresult
cuEventCreate(CUevent *e, unsigned flags)
{
	Event *ev = NULL;
	Ctx *ctx;
	CUresult r;

	if (!e || flags > (EVENT_BLOCKING_SYNC | EVENT_DISABLE_TIMING | EVENT_INTERPROCESS))
		return CUDA_ERROR_INVALID_VALUE;
	if ((flags & EVENT_INTERPROCESS) && !(flags & EVENT_DISABLE_TIMING))
		return CUDA_ERROR_INVALID_VALUE;   /* a shared event has no timing: an H200's driver refuses it here */
	LOCK();
	if (!(r = shim_current(&ctx)) && (!(ev = calloc(1, sizeof *ev)) || !(ev->h = shim_hnew(H_EVENT, ev)))) {
		free(ev);
		r = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (!r) {
		ev->ctx = ctx;
		ev->flags = flags;
		*e = ev->h;
	}
	UNLOCK();
	return r;
}

CUresult
cuEventRecord(CUevent e, CUstream s)
{
	CUresult r = CUDA_ERROR_INVALID_HANDLE;
	Event *ev;

	LOCK();
	if ((ev = EVENT(e)) && shim_streamok(s)) {
		shim_capture_record(ev, s);
		ev->ms = shim_now_ms();
		ev->recorded = 1;
		ev->on = s;
		r = CUDA_SUCCESS;
	} else if (!ev)
		r = shim_hgone(e, H_EVENT);
	UNLOCK();
	return r;
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
	CUresult r = CUDA_SUCCESS;
	Event *ev;

	LOCK();
	if (!(ev = EVENT(e)))
		r = shim_hgone(e, H_EVENT);
	else if (ev->recorded)
		shim_pool_synced(ev->on, 0);
	UNLOCK();
	return r;
}

CUresult
cuEventQuery(CUevent e)
{
	CUresult r;

	LOCK();
	r = EVENT(e) ? CUDA_SUCCESS : shim_hgone(e, H_EVENT);
	UNLOCK();
	return r;
}

CUresult
cuEventElapsedTime(float *ms, CUevent a, CUevent b)
{
	CUresult r = CUDA_SUCCESS;
	Event *ea, *eb;

	if (!ms)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(ea = EVENT(a)) || !(eb = EVENT(b)) || !ea->recorded || !eb->recorded ||
	    (ea->flags | eb->flags) & EVENT_DISABLE_TIMING)
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		*ms = (float)(eb->ms - ea->ms);
	UNLOCK();
	return r;
}

CUresult
cuEventElapsedTime_v2(float *ms, CUevent a, CUevent b)
{
	return cuEventElapsedTime(ms, a, b);
}

CUresult
cuEventDestroy_v2(CUevent e)
{
	CUresult r = CUDA_ERROR_INVALID_HANDLE;
	Event *ev;

	LOCK();
	if ((ev = EVENT(e))) {
		shim_ipc_event_gone(ev);
		shim_capture_forget(&ev->c);
		shim_hfree(e);
		free(ev);
		r = CUDA_SUCCESS;
	} else
		r = shim_hgone(e, H_EVENT);
	UNLOCK();
	return r;
}

CUresult
cuEventDestroy(CUevent e)
{
	return cuEventDestroy_v2(e);
}

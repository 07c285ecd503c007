/*
 * shim_capture.c -- stream capture: between cuStreamBeginCapture and
 * cuStreamEndCapture, the work queued on a stream is added to a graph
 * instead of being done.  Each captured stream keeps the nodes its next
 * one depends on (Capturing in shim.h); an event recorded on it keeps
 * them too, and a stream that waits for that event joins the capture
 * with those dependencies, which is how work forks to other streams and
 * joins back.  The capture ends on the stream that began it, and every
 * stream that joined leaves it then; one that did not join back (its last
 * work not before the origin's) makes it end with no graph
 * (CUDA_ERROR_STREAM_CAPTURE_UNJOINED), and ending it on a stream that
 * joined invalidates it, as an H200's driver does.
 *
 * Captured here: kernel launches, copies and fills (1D, 2D, 3D), host
 * functions, and stream-ordered allocation as memory nodes: the memory
 * is allocated at once, owned by the graph's alloc node, and a captured
 * free of it is a free node; a captured free of other memory waits for
 * the graph's destruction.  The capture mode is kept and handed back, but does not make
 * the unsafe calls fail as the driver does in global mode.
 *
 * The legacy stream synchronises with every blocking stream of its
 * context, so while one is being captured, work queued on the legacy
 * stream would be an implicit dependency the graph cannot hold: it is
 * refused with CUDA_ERROR_STREAM_CAPTURE_IMPLICIT and invalidates those
 * captures, and cuStreamIsCapturing of the legacy stream is refused, as
 * the driver's documentation states.  A thread's default stream
 * (CU_STREAM_PER_THREAD) has no such tie to other streams.
 */
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

/* CUstreamCaptureStatus, CUstreamCaptureMode */
enum { CAPTURE_NONE, CAPTURE_ACTIVE, CAPTURE_INVALIDATED };
enum { MODE_GLOBAL, MODE_THREAD_LOCAL, MODE_RELAXED };
enum { CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900, CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901,
       CUDA_ERROR_STREAM_CAPTURE_UNMATCHED = 903, CUDA_ERROR_STREAM_CAPTURE_UNJOINED = 904,
       CUDA_ERROR_STREAM_CAPTURE_IMPLICIT = 906, CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD = 908 };
enum { STREAM_NON_BLOCKING = 1 };

typedef struct Capture {
	CUgraph g;
	CUstream origin;
	unsigned long long id;
	int mode;
	int own;                    /* g was made by the capture (not ...ToGraph) */
	int invalid;                /* a synchronous call came: it ends with no graph */
} Capture;

static unsigned long long nextid;
static size_t ncaptures;          /* begun and not ended: none, and the legacy stream has nothing to check */
static _Thread_local int threadmode = MODE_GLOBAL;

/* The capturing stream s names, or NULL; under LOCK. */
static Stream *
capturing(CUstream s)
{
	Stream *st = s ? STREAM(s) : NULL;

	return st && st->c.cap ? st : NULL;
}

/* Whether s is the legacy stream and a blocking stream of the current
 * context is being captured; with invalidate, those captures are
 * invalidated.  Under LOCK. */
static int
implicit(CUstream s, int invalidate)
{
	Ctx *ctx;
	Stream *st;
	size_t i = 0;
	int found = 0;

	if (!ncaptures || (s && s != (CUstream)(uintptr_t)1) || shim_current(&ctx))
		return 0;
	while ((st = shim_heach(H_STREAM, &i)))
		if (st->ctx == ctx && st->c.cap && !(st->flags & STREAM_NON_BLOCKING)) {
			found = 1;
			if (invalidate)
				st->c.cap->invalid = 1;
		}
	return found;
}

/* c's dependencies become the one node nd; under LOCK. */
static CUresult
advance(Capturing *c, CUgraphNode nd)
{
	CUgraphNode *d = c->ndeps >= 1 ? c->deps : malloc(sizeof *d);

	if (!d)
		return CUDA_ERROR_OUT_OF_MEMORY;
	d[0] = nd;
	c->deps = d;
	c->ndeps = 1;
	return CUDA_SUCCESS;
}

void
shim_capture_forget(Capturing *c)
{
	free(c->deps);
	memset(c, 0, sizeof *c);
}

/* Copies src's dependencies into dst (replacing them, or added when
 * merge); under LOCK. */
static CUresult
copydeps(Capturing *dst, const Capturing *src, int merge)
{
	size_t n = (merge ? dst->ndeps : 0) + src->ndeps;
	CUgraphNode *d = n ? malloc(n * sizeof *d) : NULL;

	if (n && !d)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (merge && dst->ndeps)
		memcpy(d, dst->deps, dst->ndeps * sizeof *d);
	if (src->ndeps)
		memcpy(d + (merge ? dst->ndeps : 0), src->deps, src->ndeps * sizeof *d);
	free(dst->deps);
	dst->deps = d;
	dst->ndeps = n;
	dst->cap = src->cap;
	return CUDA_SUCCESS;
}

/* ---------------------------------------------------------------- captured work */

/* Each shim_capture_* call answers (returns 1, the result in *r) when s
 * is being captured, the work then added to its graph, or when s is no
 * stream at all (destroyed, made up): CUDA_ERROR_INVALID_HANDLE, so that
 * every stream-ordered call that asks here first refuses it before it
 * does the work. */
#define CAPTURED(s, r, addcall) do { \
	Stream *st_; \
	CUgraphNode nd_; \
	LOCK(); \
	if (!shim_streamok(s)) { \
		UNLOCK(); \
		*(r) = CUDA_ERROR_INVALID_HANDLE; \
		return 1; \
	} \
	if (implicit(s, 1)) { \
		UNLOCK(); \
		*(r) = CUDA_ERROR_STREAM_CAPTURE_IMPLICIT; \
		return 1; \
	} \
	if (!(st_ = capturing(s))) { \
		UNLOCK(); \
		return 0; \
	} \
	if (st_->c.cap->invalid) { \
		UNLOCK(); \
		*(r) = CUDA_ERROR_STREAM_CAPTURE_INVALIDATED; \
		return 1; \
	} \
	if (!(*(r) = addcall(&nd_, st_->c.cap->g, st_->c.deps, st_->c.ndeps))) \
		*(r) = advance(&st_->c, nd_); \
	UNLOCK(); \
	return 1; \
} while (0)

int
shim_capture_kernel(CUstream s, CUresult *r, CUfunction fn, const unsigned grid[3],
                    const unsigned block[3], unsigned shared, void **params, void **extra)
{
#define ADD(out, g, deps, n) shim_graph_kernel(out, g, deps, n, fn, grid, block, shared, params, extra)
	CAPTURED(s, r, ADD);
#undef ADD
}

int
shim_capture_copy(CUstream s, CUresult *r, const CUDA_MEMCPY3D *c)
{
#define ADD(out, g, deps, n) shim_graph_copy(out, g, deps, n, c)
	CAPTURED(s, r, ADD);
#undef ADD
}

/* A 1D copy of n bytes as a CUDA_MEMCPY3D; types are CU_MEMORYTYPE_*. */
int
shim_capture_copy1d(CUstream s, CUresult *r, int dtype, CUdeviceptr dst, void *hdst, int stype,
                    CUdeviceptr src, const void *hsrc, size_t n)
{
	CUDA_MEMCPY3D c;

	memset(&c, 0, sizeof c);
	c.srcMemoryType = stype;
	c.srcDevice = src;
	c.srcHost = hsrc;
	c.dstMemoryType = dtype;
	c.dstDevice = dst;
	c.dstHost = hdst;
	c.WidthInBytes = n;
	c.Height = c.Depth = 1;
	return shim_capture_copy(s, r, &c);
}

int
shim_capture_fill(CUstream s, CUresult *r, CUdeviceptr dst, size_t pitch, unsigned v, unsigned esz,
                  size_t w, size_t h)
{
#define ADD(out, g, deps, n) shim_graph_fill(out, g, deps, n, dst, pitch, v, esz, w, h)
	CAPTURED(s, r, ADD);
#undef ADD
}

int
shim_capture_host(CUstream s, CUresult *r, CUhostFn fn, void *user)
{
#define ADD(out, g, deps, n) shim_graph_host(out, g, deps, n, fn, user)
	CAPTURED(s, r, ADD);
#undef ADD
}

/* An allocation queued while capturing (cuMemAllocAsync): made now, at
 * the address every launch of the graph will use, and the graph's alloc
 * node owns it (shim_graph_alloc), so that a free outside the graph
 * leaves it there for the next launch, as the driver's graph memory is. */
int
shim_capture_alloc(CUstream s, CUresult *r, CUdeviceptr *p, size_t n)
{
	Stream *st;
	CUgraphNode nd;

	LOCK();
	st = capturing(s);
	UNLOCK();
	if (!st)
		return 0;
	if ((*r = INNER(cuMemAlloc_v2(p, n))))
		return 1;
	LOCK();
	if (!(st = capturing(s))) {   /* the capture ended meanwhile */
		shim_free(*p);
		*r = CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
	} else if (!(*r = shim_graph_alloc(&nd, st->c.cap->g, st->c.deps, st->c.ndeps, *p, n)))
		*r = advance(&st->c, nd);
	UNLOCK();
	return 1;
}

/* A free queued while capturing: of a captured allocation, a free node;
 * of other memory, allocated when it was asked for (shim_pool.c), which
 * every launch of the graph uses, it lives as long as the graph does. */
int
shim_capture_free(CUstream s, CUresult *r, CUdeviceptr p)
{
	Stream *st;
	CUgraphNode nd;

	LOCK();
	if (!(st = capturing(s))) {
		UNLOCK();
		return 0;
	}
	if (!shim_graph_mem(p))
		*r = shim_graph_own(st->c.cap->g, p);
	else if (!(*r = shim_graph_freenode(&nd, st->c.cap->g, st->c.deps, st->c.ndeps, p)))
		*r = advance(&st->c, nd);
	UNLOCK();
	return 1;
}

/* ---------------------------------------------------------------- events */

/* Under LOCK. */
void
shim_capture_record(Event *e, CUstream s)
{
	Stream *st = capturing(s);

	if (!st) {
		shim_capture_forget(&e->c);
		return;
	}
	if (copydeps(&e->c, &st->c, 0))
		shim_capture_forget(&e->c);   /* out of memory: the join sees no dependencies */
}

/* s waits for e: joins e's capture, or adds e's nodes to what it waits
 * for; under LOCK. */
CUresult
shim_capture_wait(CUstream s, Event *e)
{
	Stream *st = s ? STREAM(s) : NULL;

	if (!e->c.cap)
		return CUDA_SUCCESS;
	if (!st)   /* the legacy stream cannot join a capture */
		return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
	if (st->c.cap && st->c.cap != e->c.cap)
		return CUDA_ERROR_STREAM_CAPTURE_UNMATCHED;
	return copydeps(&st->c, &e->c, st->c.cap != NULL);
}

/* A synchronous call on a stream being captured (cuStreamSynchronize,
 * cuStreamQuery) is refused and invalidates the capture: the work queued
 * after it fails, and cuStreamEndCapture ends it with no graph, as an
 * H200 answers (tests/shim/hostile.gpu).  Under LOCK; CUDA_SUCCESS when s
 * is not being captured. */
CUresult
shim_capture_sync(CUstream s)
{
	Stream *st = capturing(s);

	if (!st)
		return CUDA_SUCCESS;
	st->c.cap->invalid = 1;
	return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
}

/* ---------------------------------------------------------------- the API */

/* Whether each of the n nodes is one of g's; under LOCK. */
static int
owns_all(CUgraph g, const CUgraphNode *nodes, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!shim_graph_owns(g, nodes[i]))
			return 0;
	return 1;
}

CUresult
cuStreamBeginCaptureToGraph(CUstream s, CUgraph g, const CUgraphNode *deps, const void *edata,
                            size_t ndeps, int mode)
{
	Capture *cap;
	Stream *st;
	CUresult r = CUDA_SUCCESS;

	(void)edata;   /* edge data: only the default kind of edge exists here */
	if (mode < MODE_GLOBAL || mode > MODE_RELAXED || (ndeps && !deps))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (g && !owns_all(g, deps, ndeps))
		r = CUDA_ERROR_INVALID_VALUE;   /* a dependency not of g: no capture begins */
	else if (!s || s == (CUstream)(uintptr_t)1)
		r = CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;   /* the legacy stream, by either name */
	else if (!(st = STREAM(s)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (st->c.cap)
		r = CUDA_ERROR_ILLEGAL_STATE;
	else if (!(cap = calloc(1, sizeof *cap)))
		r = CUDA_ERROR_OUT_OF_MEMORY;
	else if (!g && (r = shim_graph_new(&cap->g)))
		free(cap);
	else {
		cap->own = !g;
		if (g)
			cap->g = g;
		cap->origin = st->h;   /* CU_STREAM_PER_THREAD names another stream in each thread */
		cap->id = ++nextid;
		cap->mode = mode;
		Capturing init = {cap, (CUgraphNode *)deps, ndeps};
		if ((r = copydeps(&st->c, &init, 0))) {
			if (cap->own)
				shim_graph_free(cap->g);
			free(cap);
		} else
			ncaptures++;
	}
	UNLOCK();
	return r;
}

CUresult
cuStreamBeginCapture_v2(CUstream s, int mode)
{
	return cuStreamBeginCaptureToGraph(s, NULL, NULL, NULL, 0, mode);
}

CUresult
cuStreamBeginCapture(CUstream s)
{
	return cuStreamBeginCapture_v2(s, MODE_GLOBAL);
}

CUresult
cuStreamEndCapture(CUstream s, CUgraph *out)
{
	Stream *st, *o;
	Event *e;
	Capture *cap;
	size_t i = 0;
	int unjoined = 0;

	LOCK();
	if (!(st = capturing(s))) {
		UNLOCK();
		return !out ? CUDA_ERROR_INVALID_VALUE : s && !STREAM(s) ? CUDA_ERROR_INVALID_HANDLE :
		    CUDA_ERROR_ILLEGAL_STATE;
	}
	cap = st->c.cap;
	/* a capture into the caller's graph (cuStreamBeginCaptureToGraph: a
	 * conditional node's body, as NVIDIA's graphConditionalNodes sample
	 * fills one) need not hand it back */
	if (!out && cap->own) {
		UNLOCK();
		return CUDA_ERROR_INVALID_VALUE;
	}
	/* ended on a stream that joined it: refused, and the capture is
	 * invalidated, its streams left in it until the origin ends it (an
	 * H200: poolcap.gpu) */
	if (cap->origin != st->h) {
		cap->invalid = 1;
		UNLOCK();
		return CUDA_ERROR_STREAM_CAPTURE_UNMATCHED;
	}
	/* every stream that joined must have joined back: its last nodes
	 * among the origin's or before them; else the capture ends with no
	 * graph, all its streams out of it */
	while ((o = shim_heach(H_STREAM, &i)))
		if (o->c.cap == cap && o != st &&
		    !shim_graph_before(cap->g, o->c.deps, o->c.ndeps, st->c.deps, st->c.ndeps))
			unjoined = 1;
	i = 0;
	while ((o = shim_heach(H_STREAM, &i)))
		if (o->c.cap == cap)
			shim_capture_forget(&o->c);
	i = 0;
	while ((e = shim_heach(H_EVENT, &i)))
		if (e->c.cap == cap)
			shim_capture_forget(&e->c);
	if (cap->invalid || unjoined) {
		CUresult r = cap->invalid ? CUDA_ERROR_STREAM_CAPTURE_INVALIDATED :
		    CUDA_ERROR_STREAM_CAPTURE_UNJOINED;
		if (cap->own)
			shim_graph_free(cap->g);
		if (out)
			*out = NULL;
		free(cap);
		ncaptures--;
		UNLOCK();
		return r;
	}
	if (out)
		*out = cap->g;
	free(cap);
	ncaptures--;
	UNLOCK();
	return CUDA_SUCCESS;
}

CUresult
cuStreamIsCapturing(CUstream s, int *status)
{
	CUresult r = CUDA_SUCCESS;

	if (!status)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim_streamok(s))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (implicit(s, 0))
		r = CUDA_ERROR_STREAM_CAPTURE_IMPLICIT;
	else
		*status = !capturing(s) ? CAPTURE_NONE : capturing(s)->c.cap->invalid ? CAPTURE_INVALIDATED :
		    CAPTURE_ACTIVE;
	UNLOCK();
	return r;
}

CUresult
cuStreamGetCaptureInfo_v3(CUstream s, int *status, cuuint64_t *id, CUgraph *g,
                          const CUgraphNode **deps, const void **edata, size_t *ndeps)
{
	CUresult r = CUDA_SUCCESS;
	Stream *st;

	if (!status)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim_streamok(s))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (!(st = capturing(s)))
		*status = CAPTURE_NONE;
	else {
		*status = st->c.cap->invalid ? CAPTURE_INVALIDATED : CAPTURE_ACTIVE;
		if (id)
			*id = st->c.cap->id;
		if (g)
			*g = st->c.cap->g;
		if (deps)
			*deps = st->c.deps;
		if (edata)
			*edata = NULL;   /* all edges are of the default kind */
		if (ndeps)
			*ndeps = st->c.ndeps;
	}
	UNLOCK();
	return r;
}

CUresult
cuStreamGetCaptureInfo_v2(CUstream s, int *status, cuuint64_t *id, CUgraph *g,
                          const CUgraphNode **deps, size_t *ndeps)
{
	return cuStreamGetCaptureInfo_v3(s, status, id, g, deps, NULL, ndeps);
}

CUresult
cuStreamGetCaptureInfo(CUstream s, int *status, cuuint64_t *id)
{
	return cuStreamGetCaptureInfo_v3(s, status, id, NULL, NULL, NULL, NULL);
}

/* CUstreamUpdateCaptureDependencies_flags */
enum { CU_STREAM_ADD_CAPTURE_DEPENDENCIES, CU_STREAM_SET_CAPTURE_DEPENDENCIES };

CUresult
cuStreamUpdateCaptureDependencies_v2(CUstream s, CUgraphNode *deps, const void *edata, size_t ndeps,
                                     unsigned flags)
{
	CUresult r;
	Stream *st;

	(void)edata;
	if ((ndeps && !deps) || flags > CU_STREAM_SET_CAPTURE_DEPENDENCIES)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(st = capturing(s)))
		r = CUDA_ERROR_ILLEGAL_STATE;
	else {
		Capturing add = {st->c.cap, deps, ndeps};
		r = copydeps(&st->c, &add, flags == CU_STREAM_ADD_CAPTURE_DEPENDENCIES);
	}
	UNLOCK();
	return r;
}

CUresult
cuStreamUpdateCaptureDependencies(CUstream s, CUgraphNode *deps, size_t ndeps, unsigned flags)
{
	return cuStreamUpdateCaptureDependencies_v2(s, deps, NULL, ndeps, flags);
}

/* The mode is per thread; nothing here depends on it. */
CUresult
cuThreadExchangeStreamCaptureMode(int *mode)
{
	int old;

	if (!mode || *mode < MODE_GLOBAL || *mode > MODE_RELAXED)
		return CUDA_ERROR_INVALID_VALUE;
	old = threadmode;
	threadmode = *mode;
	*mode = old;
	return CUDA_SUCCESS;
}

/*
 * shim_green.c -- green contexts: the device's SMs split into groups
 * (cuDevSmResourceSplitByCount), a group or several made a descriptor
 * (cuDevResourceGenerateDesc), and a green context created on it, which
 * runs work with that many SMs.
 *
 * As the driver documents, a green context is the device's primary
 * context with the resources of the green one: creating it retains the
 * primary context and destroying it releases it, and cuCtxFromGreenCtx
 * gives a CUcontext that is another handle of the primary context (the
 * same memory, modules and streams) which, while current, makes the
 * device a device of the green context's SMs.  Those SMs are what the
 * interpreter's device has of the whole: how many CTAs a cooperative
 * launch may have, the occupancy calculator's grids and clusters
 * (shim_occ.c, through shim_sms), and what the resource queries answer.
 * Streams made by cuGreenCtxStreamCreate belong to the primary context
 * and name their green context.
 *
 * An SM resource carries, in the padding the driver keeps for itself,
 * which split made it, so that a group of a split is not split again, as
 * an H200 refuses it (a descriptor of groups of two splits it takes,
 * though the documentation asks for one).  Groups are of the partition size the
 * device resource states (minSmPartitionSize, in multiples of
 * smCoscheduledAlignment); with CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING
 * SMs pair by TPC only.  The groups are as an H200 (driver 580) makes them
 * (tests/shim/newcalls.gpu, every minimum count with and without
 * co-scheduling): as many of the rounded-up size as fit, a minimum that
 * rounds past the input taking all of it, and, with co-scheduling, 15 at
 * most (of 8 SMs it makes 15 and leaves 12, where 16 would fit; without,
 * 66 of 2).  Descriptors live as long as the process: the API has no call
 * that destroys one.
 */
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

typedef struct CUgreenCtx_st *CUgreenCtx;
typedef struct CUdevResourceDesc_st *CUdevResourceDesc;

enum { CUDA_ERROR_INVALID_RESOURCE_TYPE = 914, CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION = 915 };
enum { NSM = 132, RES_SM = 1, SM_MIN_PARTITION = 8, SM_ALIGNMENT = 8, TPC = 2 };
enum { SPLIT_IGNORE_SM_COSCHEDULING = 1, SPLIT_MAX_POTENTIAL_CLUSTER_SIZE = 2, SPLIT_BOTH = 3 };
/* co-scheduled groups an H200 makes at most (15 of 8 SMs, 12 left over) */
enum { MAXGROUPS = 15 };
enum { GREEN_CTX_DEFAULT_STREAM = 1, STREAM_NON_BLOCKING = 1 };

/* CUdevResource: the type, 92 bytes the driver keeps (here: Mark), the
 * union (for SMs: smCount, minSmPartitionSize, smCoscheduledAlignment),
 * 48 bytes in all */
typedef struct {
	char magic[4];              /* "ptxr": filled in here */
	unsigned long long split;   /* the split that made it; 0: a device's or a context's */
	unsigned char role;         /* ROLE_* */
} Mark;
enum { ROLE_WHOLE, ROLE_GROUP, ROLE_REMAINING };
typedef struct {
	int type;
	unsigned char pad[92];      /* a Mark at its start, copied in and out: it is 4-aligned only */
	union { unsigned sm[3]; unsigned char oversize[48]; } u;
} Resource;

typedef struct {
	CUdevResourceDesc h;
	unsigned nsm;
} Desc;

typedef struct {
	CUgreenCtx h;
	CUcontext ctx;              /* the primary context's handle for this green context */
	unsigned nsm;
} Green;

static unsigned long long nsplits;

static void
fill(Resource *r, unsigned nsm, unsigned min, unsigned align, unsigned long long split, int role)
{
	Mark m;

	memset(r, 0, sizeof *r);
	memset(&m, 0, sizeof m);
	r->type = RES_SM;
	memcpy(m.magic, "ptxr", 4);
	m.split = split;
	m.role = (unsigned char)role;
	memcpy(r->pad, &m, sizeof m);
	r->u.sm[0] = nsm;
	r->u.sm[1] = min;
	r->u.sm[2] = align;
}

/* r's Mark, when it carries one (it was made here); NULL else */
static const Mark *
mark(const Resource *r, Mark *m)
{
	memcpy(m, r->pad, sizeof *m);
	return memcmp(m->magic, "ptxr", 4) ? NULL : m;
}

/* The green context ctx is a handle of, if any; under LOCK. */
static Green *
green_of(CUcontext ctx)
{
	Green *g;
	size_t i = 0;

	while ((g = shim_heach(H_GREEN, &i)))
		if (g->ctx == ctx)
			return g;
	return NULL;
}

unsigned
shim_sms(void)
{
	Green *g = green_of(shim_current_handle());

	return g ? g->nsm : NSM;
}

void *
shim_green_current(void)
{
	Green *g = green_of(shim_current_handle());

	return g ? g->h : NULL;
}

CUcontext
shim_green_ctx(void *h)
{
	Green *g = shim_hget(h, H_GREEN);

	return g ? g->ctx : NULL;
}

/* ---------------------------------------------------------------- resources */

CUresult
cuDeviceGetDevResource(CUdevice d, Resource *res, int type)
{
	CUresult r;

	if (!res)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_devok(d)))
		return r;
	if (type != RES_SM)
		return CUDA_ERROR_INVALID_RESOURCE_TYPE;
	fill(res, NSM, SM_MIN_PARTITION, SM_ALIGNMENT, 0, ROLE_WHOLE);
	return CUDA_SUCCESS;
}

/* ctx's SMs: the device's, or a green context's; under LOCK */
static CUresult
ctx_resource(Resource *res, int type, unsigned nsm)
{
	if (!res)
		return CUDA_ERROR_INVALID_VALUE;
	if (type != RES_SM)
		return CUDA_ERROR_INVALID_RESOURCE_TYPE;
	fill(res, nsm, SM_MIN_PARTITION, SM_ALIGNMENT, 0, ROLE_WHOLE);
	return CUDA_SUCCESS;
}

CUresult
cuCtxGetDevResource(CUcontext h, Resource *res, int type)
{
	CUresult r;
	Green *g;

	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (!CTX(h))
		r = shim_hkept(h, H_CTX) ? CUDA_ERROR_CONTEXT_IS_DESTROYED : CUDA_ERROR_INVALID_CONTEXT;
	else
		r = ctx_resource(res, type, (g = green_of(h)) ? g->nsm : NSM);
	UNLOCK();
	return r;
}

CUresult
cuGreenCtxGetDevResource(CUgreenCtx h, Resource *res, int type)
{
	CUresult r;
	Green *g;

	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (!(g = shim_hget(h, H_GREEN)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		r = ctx_resource(res, type, g->nsm);
	UNLOCK();
	return r;
}

CUresult
cuDevSmResourceSplitByCount(Resource *result, unsigned *ngroups, const Resource *in, Resource *remaining,
                            unsigned flags, unsigned mincount)
{
	unsigned min = SM_MIN_PARTITION, align = SM_ALIGNMENT, size, n, total;
	unsigned long long split;
	Mark m;

	/* an H200 (driver 580) takes flags it does not know, but not the
	 * two it knows together; nor an array of no groups */
	if (!ngroups || !in || (flags & SPLIT_BOTH) == SPLIT_BOTH || (result && !*ngroups))
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (in->type != RES_SM)
		return CUDA_ERROR_INVALID_RESOURCE_TYPE;
	/* a group or a remainder is split again only through a green context */
	if (!mark(in, &m) || m.role != ROLE_WHOLE || in->u.sm[0] == 0 || in->u.sm[0] > NSM)
		return CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION;
	if (mincount > in->u.sm[0])   /* an H200's answer (tests/shim/green.c) */
		return CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION;
	total = in->u.sm[0];   /* in may be one of the results */
	if (flags & SPLIT_IGNORE_SM_COSCHEDULING)
		min = align = TPC;
	size = mincount > min ? mincount : min;
	size = (size + align - 1) / align * align;
	if (size > total)   /* a minimum up to all SMs makes one group of them all */
		size = total;
	n = total / size;
	if (!(flags & SPLIT_IGNORE_SM_COSCHEDULING) && n > MAXGROUPS)
		n = MAXGROUPS;
	if (!result) {
		*ngroups = n;
		return CUDA_SUCCESS;
	}
	if (*ngroups < n)
		n = *ngroups;
	LOCK();
	split = ++nsplits;
	UNLOCK();
	for (unsigned i = 0; i < n; i++)
		fill(&result[i], size, min, align, split, ROLE_GROUP);
	if (remaining)
		fill(remaining, total - n * size, min, align, split, ROLE_REMAINING);
	*ngroups = n;
	return CUDA_SUCCESS;
}

CUresult
cuDevResourceGenerateDesc(CUdevResourceDesc *out, const Resource *res, unsigned n)
{
	unsigned long long nsm = 0;
	CUresult r = CUDA_SUCCESS;
	Mark m;
	Desc *d;

	if (!out || !res || !n)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	for (unsigned i = 0; i < n; i++) {
		if (res[i].type != RES_SM)
			return CUDA_ERROR_INVALID_RESOURCE_TYPE;
		/* resources of two splits make one descriptor, as an H200
		 * takes them, though the documentation asks for one split */
		if (!mark(&res[i], &m))
			return CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION;
		nsm += res[i].u.sm[0];
	}
	if (nsm == 0 || nsm > NSM)
		return CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION;
	LOCK();
	if (!(d = calloc(1, sizeof *d)) || !(d->h = shim_hnew(H_RDESC, d))) {
		free(d);
		r = CUDA_ERROR_OUT_OF_MEMORY;
	} else {
		d->nsm = (unsigned)nsm;
		*out = d->h;
	}
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- green contexts */

CUresult
cuGreenCtxCreate(CUgreenCtx *out, CUdevResourceDesc hd, CUdevice dev, unsigned flags)
{
	CUcontext primary;
	CUresult r;
	Desc *d;
	Green *g;

	if (!out || flags != GREEN_CTX_DEFAULT_STREAM)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_devok(dev)))
		return r;
	LOCK();
	d = shim_hget(hd, H_RDESC);
	UNLOCK();
	if (!d)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = cuDevicePrimaryCtxRetain(&primary, dev)))
		return r;
	LOCK();
	if (!(g = calloc(1, sizeof *g)) || !(g->h = shim_hnew(H_GREEN, g)) ||
	    !(g->ctx = shim_hnew(H_CTX, &shim.primary))) {
		if (g && g->h)
			shim_hfree(g->h);
		free(g);
		r = CUDA_ERROR_OUT_OF_MEMORY;
	} else {
		g->nsm = d->nsm;
		*out = g->h;
	}
	UNLOCK();
	if (r)
		cuDevicePrimaryCtxRelease_v2(dev);
	return r;
}

/* Its streams go with it; a thread it is current to reads its context
 * as destroyed, and so does one that makes it current after, as an H200
 * (driver 580) takes the destroyed green context's CUcontext and then
 * answers every call CUDA_ERROR_CONTEXT_IS_DESTROYED. */
CUresult
cuGreenCtxDestroy(CUgreenCtx h)
{
	Green *g;
	Stream *st;
	size_t i = 0;

	LOCK();
	if (!(g = shim_hget(h, H_GREEN))) {
		UNLOCK();
		return shim.inited ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_NOT_INITIALIZED;
	}
	while ((st = shim_heach(H_STREAM, &i)))
		if (st->green == h) {
			shim_capture_forget(&st->c);
			shim_hkeep(st->h);   /* its context reads as destroyed (shim_stream.c) */
			shim_hfree(st->h);
			free(st);
		}
	shim_hkeep(g->ctx);   /* it can still be made current (shim.c cuCtxSetCurrent) */
	shim_hfree(g->ctx);
	shim_hfree(g->h);
	free(g);
	UNLOCK();
	return cuDevicePrimaryCtxRelease_v2(0);
}

CUresult
cuCtxFromGreenCtx(CUcontext *out, CUgreenCtx h)
{
	CUresult r = CUDA_SUCCESS;
	Green *g;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (!(g = shim_hget(h, H_GREEN)))
		r = CUDA_ERROR_INVALID_CONTEXT;
	else
		*out = g->ctx;
	UNLOCK();
	return r;
}

CUresult
cuGreenCtxGetId(CUgreenCtx h, unsigned long long *id)
{
	CUresult r = CUDA_SUCCESS;

	if (!id)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (!shim_hget(h, H_GREEN))
		r = CUDA_ERROR_INVALID_HANDLE;
	else   /* the handle's slot index and generation: unique over the process's life */
		*id = (unsigned long long)(uintptr_t)h & ((1ull << 56) - 1);
	UNLOCK();
	return r;
}

CUresult
cuGreenCtxStreamCreate(CUstream *out, CUgreenCtx h, unsigned flags, int prio)
{
	CUresult r = CUDA_SUCCESS;
	Stream *st;

	if (!out || flags != STREAM_NON_BLOCKING)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (!shim_hget(h, H_GREEN))
		r = CUDA_ERROR_INVALID_CONTEXT;
	else if (!(st = shim_stream_new(&shim.primary, flags, prio)))
		r = CUDA_ERROR_OUT_OF_MEMORY;
	else {
		st->green = h;
		*out = st->h;
	}
	UNLOCK();
	return r;
}

CUresult
cuStreamGetGreenCtx(CUstream s, CUgreenCtx *out)
{
	CUresult r = CUDA_SUCCESS;
	Stream *st;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (!shim_streamok(s))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if ((st = s && s != (CUstream)(uintptr_t)1 ? STREAM(s) : NULL))
		*out = st->green;
	else
		*out = shim_green_current();
	UNLOCK();
	return r;
}

/* Events are the host clock's (shim_stream.c): recording on a green
 * context or waiting on one is the primary context's. */
CUresult
cuGreenCtxRecordEvent(CUgreenCtx h, CUevent e)
{
	Green *g;
	CUcontext ctx;

	LOCK();
	ctx = (g = shim_hget(h, H_GREEN)) ? g->ctx : NULL;
	UNLOCK();
	if (!ctx)
		return CUDA_ERROR_INVALID_HANDLE;
	return cuCtxRecordEvent(ctx, e);
}

CUresult
cuGreenCtxWaitEvent(CUgreenCtx h, CUevent e)
{
	Green *g;
	CUcontext ctx;

	LOCK();
	ctx = (g = shim_hget(h, H_GREEN)) ? g->ctx : NULL;
	UNLOCK();
	if (!ctx)
		return CUDA_ERROR_INVALID_HANDLE;
	return cuCtxWaitEvent(ctx, e);
}

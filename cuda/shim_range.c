/*
 * shim_range.c -- managed memory's advice and prefetches (cuMemAdvise,
 * cuMemPrefetchAsync and their batch forms) and what cuMemRangeGetAttribute
 * reads back of them.
 *
 * Managed memory is host memory both sides see in place (shim_mem.c), so
 * advice and prefetches move nothing; they are remembered, as the driver
 * remembers them page by page, so that a range's attributes say what was
 * asked of it.  Each call appends a record (a range, what it sets, a
 * location); a query cuts its range at the records' ends and asks, piece
 * by piece, which record came last: an attribute holds for the range when
 * every piece agrees.  Records die with their allocation.
 */
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

/* CUmem_advise */
enum { ADV_SET_RM = 1, ADV_UNSET_RM, ADV_SET_PREF, ADV_UNSET_PREF, ADV_SET_ACC, ADV_UNSET_ACC };
/* CUmem_range_attribute */
enum { RA_RM = 1, RA_PREF, RA_ACC, RA_LAST, RA_PREF_TYPE, RA_PREF_ID, RA_LAST_TYPE, RA_LAST_ID };
/* CUmemLocationType */
enum { LOC_INVALID, LOC_DEVICE, LOC_HOST, LOC_HOST_NUMA, LOC_HOST_NUMA_CURRENT };
/* legacy device ids: CU_DEVICE_CPU, CU_DEVICE_INVALID */
enum { DEV_CPU = -1, DEV_INVALID = -2 };

typedef struct { int type, id; } MemLocation;

/* What a record sets: read-mostly, the preferred location, access by one
 * location, the last prefetch. */
enum { R_RM, R_PREF, R_ACC, R_LAST };

typedef struct {
	CUdeviceptr a, b;           /* [a, b) */
	int what, set;
	MemLocation loc;            /* R_PREF, R_LAST: where; R_ACC: who */
} Rec;

static Rec *recs;               /* in the order made; under LOCK */
static size_t nrecs, caprecs;

/* Whether [p, p + n) lies in one managed allocation; under LOCK. */
static int
managed(CUdeviceptr p, size_t n)
{
	Alloc *a = shim_alloc_holding(p);

	return a && a->host && !a->low && n <= a->n - (p - a->p);
}

/* Under LOCK.  Records of ranges no longer managed are dropped first, so
 * that memory given back and handed out again starts clean. */
static CUresult
record(CUdeviceptr p, size_t n, int what, int set, MemLocation loc)
{
	size_t k = 0;

	for (size_t i = 0; i < nrecs; i++)
		if (managed(recs[i].a, recs[i].b - recs[i].a))
			recs[k++] = recs[i];
	nrecs = k;
	if (nrecs == caprecs) {
		size_t cap = caprecs ? 2 * caprecs : 64;
		Rec *nr = realloc(recs, cap * sizeof *nr);
		if (!nr)
			return CUDA_ERROR_OUT_OF_MEMORY;
		recs = nr, caprecs = cap;
	}
	recs[nrecs++] = (Rec){ p, p + n, what, set, loc };
	return CUDA_SUCCESS;
}

static int
locok(MemLocation loc)
{
	return (loc.type == LOC_DEVICE && loc.id == 0) || loc.type == LOC_HOST ||
	    loc.type == LOC_HOST_NUMA || loc.type == LOC_HOST_NUMA_CURRENT;
}

/* The checks both forms share; memory not managed (device memory, or
 * host memory on a system without HMM) is accepted and not recorded. */
static CUresult
advise(CUdeviceptr p, size_t n, int advice, MemLocation loc)
{
	CUresult r = CUDA_SUCCESS;

	if (!p || !n || advice < ADV_SET_RM || advice > ADV_UNSET_ACC)
		return CUDA_ERROR_INVALID_VALUE;
	if ((advice == ADV_SET_PREF || advice == ADV_SET_ACC || advice == ADV_UNSET_ACC) && !locok(loc))
		return loc.type == LOC_DEVICE ? CUDA_ERROR_INVALID_DEVICE : CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (managed(p, n))
		switch (advice) {
		case ADV_SET_RM: case ADV_UNSET_RM: r = record(p, n, R_RM, advice == ADV_SET_RM, loc); break;
		case ADV_SET_PREF: case ADV_UNSET_PREF: r = record(p, n, R_PREF, advice == ADV_SET_PREF, loc); break;
		default:
			/* the host's NUMA forms are the host */
			if (loc.type != LOC_DEVICE)
				loc.type = LOC_HOST, loc.id = 0;
			r = record(p, n, R_ACC, advice == ADV_SET_ACC, loc);
		}
	UNLOCK();
	return r;
}

static MemLocation
legacy(CUdevice dev)
{
	return dev == DEV_CPU ? (MemLocation){ LOC_HOST, 0 } : (MemLocation){ LOC_DEVICE, dev };
}

CUresult
cuMemAdvise(CUdeviceptr p, size_t n, int advice, CUdevice dev)
{
	return advise(p, n, advice, legacy(dev));
}

/* CUDA 12.2 on: the place as a CUmemLocation (type, id), passed by value. */
CUresult
cuMemAdvise_v2(CUdeviceptr p, size_t n, int advice, MemLocation loc)
{
	return advise(p, n, advice, loc);
}

static CUresult
prefetch(CUdeviceptr p, size_t n, MemLocation loc, unsigned flags, CUstream s)
{
	CUresult r;

	if (!p || !n || flags)
		return CUDA_ERROR_INVALID_VALUE;
	if (!locok(loc))
		return loc.type == LOC_DEVICE ? CUDA_ERROR_INVALID_DEVICE : CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_stream_check(s)))
		return r;
	if (loc.type != LOC_DEVICE)
		loc.type = LOC_HOST, loc.id = 0;
	LOCK();
	if (managed(p, n))
		r = record(p, n, R_LAST, 1, loc);
	UNLOCK();
	return r;
}

CUresult
cuMemPrefetchAsync(CUdeviceptr p, size_t n, CUdevice dev, CUstream s)
{
	return prefetch(p, n, legacy(dev), 0, s);
}

CUresult
cuMemPrefetchAsync_v2(CUdeviceptr p, size_t n, MemLocation loc, unsigned flags, CUstream s)
{
	return prefetch(p, n, loc, flags, s);
}

/* Managed memory is always where both sides see it: attaching changes nothing. */
CUresult
cuStreamAttachMemAsync(CUstream s, CUdeviceptr p, size_t n, unsigned flags)
{
	(void)n, (void)flags;
	return !p ? CUDA_ERROR_INVALID_VALUE : shim_stream_check(s);
}

/* CUDA 13: a prefetch of each range, to the location prefetchLocIdxs
 * assigns it: locs[i] from range idxs[i] on, until the next one. */
CUresult
cuMemPrefetchBatchAsync(CUdeviceptr *ptrs, size_t *sizes, size_t count, MemLocation *locs, size_t *idxs,
                        size_t nlocs, unsigned long long flags, CUstream s)
{
	CUresult r = CUDA_SUCCESS;

	if (!ptrs || !sizes || !count || !locs || !idxs || !nlocs || nlocs > count || idxs[0] != 0 || flags)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t j = 1; j < nlocs; j++)
		if (idxs[j] <= idxs[j - 1] || idxs[j] >= count)
			return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0, j = 0; i < count && !r; i++) {
		if (j + 1 < nlocs && idxs[j + 1] == i)
			j++;
		r = prefetch(ptrs[i], sizes[i], locs[j], 0, s);
	}
	return r;
}

/* Discarding says the contents are no longer needed; keeping them is
 * one of the values a discarded page may read as. */
CUresult
cuMemDiscardBatchAsync(CUdeviceptr *ptrs, size_t *sizes, size_t count, unsigned long long flags, CUstream s)
{
	CUresult r;

	if (!ptrs || !sizes || !count || flags)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_stream_check(s)))
		return r;
	LOCK();
	for (size_t i = 0; i < count && !r; i++)
		if (!ptrs[i] || !sizes[i] || !managed(ptrs[i], sizes[i]))
			r = CUDA_ERROR_INVALID_VALUE;
	UNLOCK();
	return r;
}

/* Both in one: each range discarded, then prefetched to its location. */
CUresult
cuMemDiscardAndPrefetchBatchAsync(CUdeviceptr *ptrs, size_t *sizes, size_t count, MemLocation *locs,
                                  size_t *idxs, size_t nlocs, unsigned long long flags, CUstream s)
{
	CUresult r;

	if ((r = cuMemDiscardBatchAsync(ptrs, sizes, count, flags, s)))
		return r;
	return cuMemPrefetchBatchAsync(ptrs, sizes, count, locs, idxs, nlocs, flags, s);
}

/* ---------------------------------------------------------------- queries */

/* The location the last record of what (and, for R_ACC, of who) gives
 * the piece [a, b), or LOC_INVALID; for R_RM and R_ACC, type LOC_DEVICE
 * means set.  Under LOCK. */
static MemLocation
last(CUdeviceptr a, CUdeviceptr b, int what, MemLocation who)
{
	for (size_t i = nrecs; i-- > 0; ) {
		const Rec *q = &recs[i];
		if (q->what != what || q->a >= b || q->b <= a)
			continue;
		if (what == R_ACC && (q->loc.type != who.type || q->loc.id != who.id))
			continue;
		if (!q->set)
			break;
		return what == R_RM || what == R_ACC ? (MemLocation){ LOC_DEVICE, 0 } : q->loc;
	}
	return (MemLocation){ LOC_INVALID, 0 };
}

/* Whether every piece of [p, p + n) between records' ends gives the same
 * location; that location into *out.  Under LOCK. */
static int
uniform(CUdeviceptr p, size_t n, int what, MemLocation who, MemLocation *out)
{
	CUdeviceptr at = p, end = p + n;
	int first = 1;

	while (at < end) {
		CUdeviceptr next = end;
		for (size_t i = 0; i < nrecs; i++) {
			if (recs[i].a > at && recs[i].a < next)
				next = recs[i].a;
			if (recs[i].b > at && recs[i].b < next)
				next = recs[i].b;
		}
		MemLocation l = last(at, next, what, who);
		if (first)
			*out = l, first = 0;
		else if (l.type != out->type || l.id != out->id)
			return 0;
		at = next;
	}
	return 1;
}

static int
legacy_id(MemLocation l)
{
	return l.type == LOC_DEVICE ? l.id : l.type == LOC_INVALID ? DEV_INVALID : DEV_CPU;
}

/* Under LOCK. */
static CUresult
range_attr(void *data, size_t size, int attr, CUdeviceptr p, size_t n)
{
	MemLocation l = { LOC_INVALID, 0 };
	int v;

	if (!data || attr < RA_RM || attr > RA_LAST_ID || !n)
		return CUDA_ERROR_INVALID_VALUE;
	if (attr == RA_ACC ? (!size || size % 4) : size != 4)
		return CUDA_ERROR_INVALID_VALUE;
	if (!managed(p, n))
		return CUDA_ERROR_INVALID_VALUE;
	switch (attr) {
	case RA_RM:
		v = uniform(p, n, R_RM, l, &l) && l.type == LOC_DEVICE;
		break;
	case RA_ACC: {
		/* the device, then the host, each when set over the whole range */
		static const MemLocation who[] = { { LOC_DEVICE, 0 }, { LOC_HOST, 0 } };
		int *out = data;
		size_t k = 0, cap = size / 4;
		for (size_t i = 0; i < cap; i++)
			out[i] = DEV_INVALID;
		for (size_t i = 0; i < 2 && k < cap; i++)
			if (uniform(p, n, R_ACC, who[i], &l) && l.type == LOC_DEVICE)
				out[k++] = legacy_id(who[i]);
		return CUDA_SUCCESS;
	}
	default: {
		int what = attr == RA_PREF || attr == RA_PREF_TYPE || attr == RA_PREF_ID ? R_PREF : R_LAST;
		if (!uniform(p, n, what, l, &l))
			l = (MemLocation){ LOC_INVALID, 0 };
		/* an id reads as the legacy one (-2 none, -1 the host) but a
		 * NUMA node's, as an H200's driver answers (strattr.gpu) */
		v = attr == RA_PREF_TYPE || attr == RA_LAST_TYPE ? l.type :
		    (attr == RA_PREF_ID || attr == RA_LAST_ID) && l.type >= LOC_HOST_NUMA ? l.id : legacy_id(l);
	}
	}
	memcpy(data, &v, 4);
	return CUDA_SUCCESS;
}

CUresult
cuMemRangeGetAttribute(void *data, size_t size, int attr, CUdeviceptr p, size_t n)
{
	CUresult r;

	LOCK();
	r = range_attr(data, size, attr, p, n);
	UNLOCK();
	return r;
}

CUresult
cuMemRangeGetAttributes(void **data, size_t *sizes, int *attrs, size_t nattrs, CUdeviceptr p, size_t n)
{
	CUresult r = CUDA_SUCCESS;

	if (!data || !sizes || !attrs || !nattrs)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	for (size_t i = 0; i < nattrs && !r; i++)
		r = range_attr(data[i], sizes[i], attrs[i], p, n);
	UNLOCK();
	return r;
}

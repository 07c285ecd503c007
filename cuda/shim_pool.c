/*
 * shim_pool.c -- stream-ordered allocation: memory pools (cuMemPool*),
 * cuMemAllocAsync, cuMemAllocFromPoolAsync, cuMemFreeAsync.
 *
 * Work is done when it is queued (shim.c), so "stream-ordered" is plain
 * order: an allocation is a cuMemAlloc made at once and a free a cuMemFree.
 * A pool is then a name, the attributes set on it and the bookkeeping its
 * queries report (memory in use and its high-water mark; nothing is kept
 * in reserve, so reserved equals used).  The device has a default pool,
 * made on first use and never destroyed, and a current pool, the default
 * one until cuDeviceSetMemPool.  Allocations made while a stream is being
 * captured are made at once too, not added to the graph, and a free
 * captured waits for the graph's destruction (shim_capture.c).
 */
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

typedef struct CUmemPool_st *CUmemoryPool;

/* CUmemPool_attribute */
enum { ATTR_FOLLOW_EVENTS = 1, ATTR_OPPORTUNISTIC, ATTR_INTERNAL_DEPS, ATTR_RELEASE_THRESHOLD,
       ATTR_RESERVED_CURRENT, ATTR_RESERVED_HIGH, ATTR_USED_CURRENT, ATTR_USED_HIGH };
enum { LOC_DEVICE = 1 };                 /* CUmemLocationType */
enum { ALLOC_PINNED = 1 };               /* CUmemAllocationType */
enum { PROT_NONE, PROT_READ, PROT_READWRITE = 3 };   /* CUmemAccess_flags */
/* CUmemAllocationHandleType: POSIX file descriptor, Win32, Win32 KMT, fabric */
#define HANDLE_TYPES 0xf

typedef struct { int type, id; } MemLocation;
typedef struct {
	int allocType, handleTypes;
	MemLocation location;
	void *win32SecurityAttributes;
	size_t maxSize;
	unsigned short usage;
	unsigned char reserved[54];
} MemPoolProps;
typedef struct { MemLocation location; int flags; } MemAccessDesc;

typedef struct {
	CUmemoryPool h;
	int reuse[3];               /* the three reuse policies, 1 by default */
	uint64_t threshold;         /* RELEASE_THRESHOLD */
	uint64_t used, high;
	struct { CUdeviceptr p; size_t n; } *live;
	size_t nlive, caplive;
} Pool;

#define POOL(h) ((Pool *)shim_hget((h), H_POOL))

static Pool *dflt;              /* the device's default pool */
static CUmemoryPool current;    /* cuDeviceSetMemPool; NULL: the default one */

CUresult cuMemFree_v2(CUdeviceptr p);
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n);

/* Under LOCK. */
static Pool *
pool_new(void)
{
	Pool *p = calloc(1, sizeof *p);

	if (p && !(p->h = shim_hnew(H_POOL, p))) {
		free(p);
		return NULL;
	}
	if (p)
		p->reuse[0] = p->reuse[1] = p->reuse[2] = 1;
	return p;
}

/* Under LOCK. */
static Pool *
default_pool(void)
{
	if (!dflt)
		dflt = pool_new();
	return dflt;
}

static int
device_location(const MemLocation *l)
{
	return l && l->type == LOC_DEVICE && l->id == 0;
}

CUresult
cuMemPoolCreate(CUmemoryPool *out, const MemPoolProps *props)
{
	CUresult r = CUDA_SUCCESS;
	Pool *p;

	if (!out || !props || props->allocType != ALLOC_PINNED || !device_location(&props->location) ||
	    (props->handleTypes & ~HANDLE_TYPES))
		return CUDA_ERROR_INVALID_VALUE;
	if (props->handleTypes)   /* IPC handles: none here */
		return CUDA_ERROR_NOT_SUPPORTED;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (!(p = pool_new()))
		r = CUDA_ERROR_OUT_OF_MEMORY;
	else
		*out = p->h;
	UNLOCK();
	return r;
}

/* Memory still allocated from a destroyed pool stays valid until freed,
 * as the driver documents. */
CUresult
cuMemPoolDestroy(CUmemoryPool h)
{
	CUresult r = CUDA_SUCCESS;
	Pool *p;

	LOCK();
	if (!(p = POOL(h)) || p == dflt)
		r = CUDA_ERROR_INVALID_VALUE;
	else {
		if (current == h)
			current = NULL;
		shim_hfree(h);
		free(p->live);
		free(p);
	}
	UNLOCK();
	return r;
}

CUresult
cuMemPoolSetAttribute(CUmemoryPool h, int attr, void *v)
{
	CUresult r = CUDA_SUCCESS;
	Pool *p;

	if (!v)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(p = POOL(h)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (attr >= ATTR_FOLLOW_EVENTS && attr <= ATTR_INTERNAL_DEPS)
		p->reuse[attr - 1] = *(int *)v != 0;
	else if (attr == ATTR_RELEASE_THRESHOLD)
		memcpy(&p->threshold, v, sizeof p->threshold);
	else if ((attr == ATTR_RESERVED_HIGH || attr == ATTR_USED_HIGH) && !*(uint64_t *)v)
		p->high = p->used;   /* only a reset to 0 is allowed: back to what is in use */
	else
		r = CUDA_ERROR_INVALID_VALUE;
	UNLOCK();
	return r;
}

CUresult
cuMemPoolGetAttribute(CUmemoryPool h, int attr, void *v)
{
	CUresult r = CUDA_SUCCESS;
	Pool *p;
	uint64_t u = 0;

	if (!v)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(p = POOL(h)))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (attr >= ATTR_FOLLOW_EVENTS && attr <= ATTR_INTERNAL_DEPS)
		*(int *)v = p->reuse[attr - 1];
	else {
		switch (attr) {
		case ATTR_RELEASE_THRESHOLD: u = p->threshold; break;
		case ATTR_RESERVED_CURRENT: case ATTR_USED_CURRENT: u = p->used; break;
		case ATTR_RESERVED_HIGH: case ATTR_USED_HIGH: u = p->high; break;
		default: r = CUDA_ERROR_INVALID_VALUE; break;
		}
		if (!r)
			memcpy(v, &u, sizeof u);
	}
	UNLOCK();
	return r;
}

/* Nothing is held in reserve: nothing to give back. */
CUresult
cuMemPoolTrimTo(CUmemoryPool h, size_t keep)
{
	CUresult r;

	(void)keep;
	LOCK();
	r = POOL(h) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
	UNLOCK();
	return r;
}

/* One device, one memory: every pool is read-write from device 0. */
CUresult
cuMemPoolSetAccess(CUmemoryPool h, const MemAccessDesc *map, size_t count)
{
	CUresult r = CUDA_SUCCESS;

	if (count && !map)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < count; i++)
		if (!device_location(&map[i].location))
			return CUDA_ERROR_INVALID_DEVICE;
		else if (map[i].flags != PROT_NONE && map[i].flags != PROT_READ && map[i].flags != PROT_READWRITE)
			return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!POOL(h))
		r = CUDA_ERROR_INVALID_VALUE;
	UNLOCK();
	return r;
}

CUresult
cuMemPoolGetAccess(int *flags, CUmemoryPool h, MemLocation *loc)
{
	CUresult r = CUDA_SUCCESS;

	if (!flags || !device_location(loc))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!POOL(h))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*flags = PROT_READWRITE;
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- the device's pools */

static CUresult
get_pool(CUmemoryPool *out, int cur)
{
	CUresult r = CUDA_SUCCESS;
	Pool *p;

	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (cur && current)
		*out = current;
	else if (!(p = default_pool()))
		r = CUDA_ERROR_OUT_OF_MEMORY;
	else
		*out = p->h;
	UNLOCK();
	return r;
}

CUresult
cuDeviceGetDefaultMemPool(CUmemoryPool *out, CUdevice d)
{
	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	if (d != 0)
		return shim.inited ? CUDA_ERROR_INVALID_DEVICE : CUDA_ERROR_NOT_INITIALIZED;
	return get_pool(out, 0);
}

CUresult
cuDeviceGetMemPool(CUmemoryPool *out, CUdevice d)
{
	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	if (d != 0)
		return shim.inited ? CUDA_ERROR_INVALID_DEVICE : CUDA_ERROR_NOT_INITIALIZED;
	return get_pool(out, 1);
}

CUresult
cuDeviceSetMemPool(CUdevice d, CUmemoryPool h)
{
	CUresult r = CUDA_SUCCESS;

	if (d != 0)
		return shim.inited ? CUDA_ERROR_INVALID_DEVICE : CUDA_ERROR_NOT_INITIALIZED;
	LOCK();
	if (!POOL(h))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		current = POOL(h) == dflt ? NULL : h;
	UNLOCK();
	return r;
}

/* The CUDA 13 forms, by location and allocation type: device 0, pinned. */
CUresult
cuMemGetDefaultMemPool(CUmemoryPool *out, MemLocation *loc, int type)
{
	if (!out || !device_location(loc) || type != ALLOC_PINNED)
		return CUDA_ERROR_INVALID_VALUE;
	return get_pool(out, 0);
}

CUresult
cuMemGetMemPool(CUmemoryPool *out, MemLocation *loc, int type)
{
	if (!out || !device_location(loc) || type != ALLOC_PINNED)
		return CUDA_ERROR_INVALID_VALUE;
	return get_pool(out, 1);
}

CUresult
cuMemSetMemPool(MemLocation *loc, int type, CUmemoryPool h)
{
	if (!device_location(loc) || type != ALLOC_PINNED)
		return CUDA_ERROR_INVALID_VALUE;
	return cuDeviceSetMemPool(0, h);
}

/* ---------------------------------------------------------------- allocation */

CUresult
cuMemAllocFromPoolAsync(CUdeviceptr *dptr, size_t n, CUmemoryPool h, CUstream s)
{
	CUresult r;
	Pool *p;

	if (!dptr)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_stream_check(s)))
		return r;
	LOCK();
	p = POOL(h);
	UNLOCK();
	if (!p)
		return CUDA_ERROR_INVALID_VALUE;
	if (!n) {
		*dptr = 0;   /* nothing, and no error: as an H200 answers (hostile.gpu) */
		return CUDA_SUCCESS;
	}
	if (shim_capture_alloc(s, &r, dptr, n))
		return r;   /* graph memory, not the pool's */
	if ((r = INNER(cuMemAlloc_v2(dptr, n))))
		return r;
	LOCK();
	if ((p = POOL(h))) {   /* the bookkeeping; a pool destroyed meanwhile keeps none */
		if (p->nlive == p->caplive) {
			size_t cap = p->caplive ? 2 * p->caplive : 16;
			void *nl = realloc(p->live, cap * sizeof *p->live);
			if (!nl) {
				UNLOCK();
				INNER(cuMemFree_v2(*dptr));
				return CUDA_ERROR_OUT_OF_MEMORY;
			}
			p->live = nl;
			p->caplive = cap;
		}
		p->live[p->nlive].p = *dptr;
		p->live[p->nlive++].n = n;
		p->used += n;
		if (p->used > p->high)
			p->high = p->used;
	}
	UNLOCK();
	return CUDA_SUCCESS;
}

CUresult
cuMemAllocAsync(CUdeviceptr *dptr, size_t n, CUstream s)
{
	CUmemoryPool h;
	CUresult r;

	if (!dptr)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = get_pool(&h, 1)))
		return r;
	return cuMemAllocFromPoolAsync(dptr, n, h, s);
}

CUresult
cuMemFreeAsync(CUdeviceptr dptr, CUstream s)
{
	size_t i = 0;
	CUresult r;
	Pool *p;

	if ((r = shim_stream_check(s)))
		return r;
	if (shim_capture_free(s, &r, dptr))
		return r;
	LOCK();
	if (shim_graph_unmap(dptr)) {   /* graph memory: its graph keeps it */
		UNLOCK();
		return CUDA_SUCCESS;
	}
	while ((p = shim_heach(H_POOL, &i)))
		for (size_t k = 0; k < p->nlive; k++)
			if (p->live[k].p == dptr) {
				p->used -= p->live[k].n;
				p->live[k] = p->live[--p->nlive];
				break;
			}
	UNLOCK();
	return INNER(cuMemFree_v2(dptr));
}

/* ---------------------------------------------------------------- sharing */

/* A pool shares with other processes only what it was made for (its
 * handle types), and cuMemPoolCreate makes none with a handle type here:
 * no pool or pointer can be exported, so none can be imported.  Each call
 * checks its arguments and refuses as the driver refuses a pool made
 * without the type. */
CUresult
cuMemPoolExportToShareableHandle(void *out, CUmemoryPool h, int type, unsigned long long flags)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;

	(void)type, (void)flags;
	if (!out)
		return r;
	LOCK();
	r = !shim.inited ? CUDA_ERROR_NOT_INITIALIZED : CUDA_ERROR_INVALID_VALUE;
	(void)h;
	UNLOCK();
	return r;
}

/* What a handle leads to is never a pool of this process's making: the
 * import fails as the driver's does when the handle holds none (an H200
 * answers CUDA_ERROR_UNKNOWN for descriptor -1: hostile.gpu). */
CUresult
cuMemPoolImportFromShareableHandle(CUmemoryPool *out, void *handle, int type, unsigned long long flags)
{
	(void)handle, (void)type, (void)flags;
	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	return shim.inited ? CUDA_ERROR_UNKNOWN : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult
cuMemPoolExportPointer(void *out, CUdeviceptr p)
{
	(void)p;
	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	return shim.inited ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult
cuMemPoolImportPointer(CUdeviceptr *out, CUmemoryPool h, void *data)
{
	(void)h;
	if (!out || !data)
		return CUDA_ERROR_INVALID_VALUE;
	return shim.inited ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_NOT_INITIALIZED;
}

/*
 * shim_pool.c -- stream-ordered allocation: memory pools (cuMemPool*),
 * cuMemAllocAsync, cuMemAllocFromPoolAsync, cuMemFreeAsync.
 *
 * Work is done when it is queued (shim.c), so "stream-ordered" is plain
 * order: an allocation is a cuMemAlloc made at once and a free a cuMemFree.
 * A pool is then a name, the attributes set on it and the bookkeeping its
 * queries report: the memory in use, and the memory an H200's driver would
 * hold in reserve for it (poolcap.gpu): chunks of 32 MiB, as many as what
 * is in use needs, kept when it is freed until a synchronization that
 * follows the free (of its stream, of an event recorded after it on that
 * stream, of the context) gives back what is past the release threshold,
 * or cuMemPoolTrimTo what is past its argument.  The device has a default pool,
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

/* The driver's unit of a pool's reservation */
#define CHUNK ((uint64_t)32 << 20)
/* Streams whose frees a pool remembers apart; more share the last slot,
 * which any synchronization then clears */
#define NPEND 8

typedef struct {
	CUmemoryPool h;
	int reuse[3];               /* the three reuse policies, 1 by default */
	uint64_t threshold;         /* RELEASE_THRESHOLD */
	uint64_t used, high;        /* in use, and its high-water mark */
	uint64_t rsv, rhigh;        /* held in reserve (whole chunks), and its high-water mark */
	struct { CUstream s; uint64_t n; int any; } pend[NPEND];   /* freed, not yet synchronized */
	unsigned npend;
	struct { CUdeviceptr p; size_t n; } *live;
	size_t nlive, caplive;
} Pool;

#define POOL(h) ((Pool *)shim_hget((h), H_POOL))

static Pool *dflt;              /* the device's default pool */
static CUmemoryPool current;    /* cuDeviceSetMemPool; NULL: the default one */

CUresult cuMemFree_v2(CUdeviceptr p);
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n);

static uint64_t
chunks(uint64_t n)
{
	return n > UINT64_MAX - CHUNK ? UINT64_MAX : (n + CHUNK - 1) / CHUNK * CHUNK;
}

/* Gives back chunks of p that hold nothing in use nor freed and not yet
 * synchronized: with up, while what stays would still hold keep bytes
 * (cuMemPoolTrimTo); else while p holds more than keep (a release
 * threshold's), which may leave it less, as an H200's driver does
 * (tests/shim/poolcap.gpu: 64 MiB over a threshold of 40 keep 32).
 * Under LOCK. */
static void
trim(Pool *p, uint64_t keep, int up)
{
	uint64_t need = p->used;

	for (unsigned k = 0; k < p->npend; k++)
		need += p->pend[k].n;
	need = chunks(need);
	keep = up ? chunks(keep) : keep / CHUNK * CHUNK;
	if (need < keep)
		need = keep;
	if (need < p->rsv)
		p->rsv = need;
}

/* n bytes of p freed on stream s: held until a synchronization of s;
 * under LOCK. */
static void
pend(Pool *p, CUstream s, uint64_t n)
{
	unsigned k;

	for (k = 0; k < p->npend && (p->pend[k].any || p->pend[k].s != s); k++)
		;
	if (k == p->npend) {
		if (k == NPEND)
			p->pend[--k].any = 1;
		else {
			p->pend[k].s = s;
			p->pend[k].n = 0;
			p->pend[k].any = 0;
			p->npend++;
		}
	}
	p->pend[k].n += n;
}

/* Whether a synchronization of stream s (NULL: every stream) follows what
 * was queued on t: the legacy stream's follows the blocking streams'; under
 * LOCK. */
static int
follows(CUstream s, int all, CUstream t)
{
	Stream *st;

	if (all || s == t)
		return 1;
	if (s && s != (CUstream)(uintptr_t)1)
		return 0;
	if (!t || t == (CUstream)(uintptr_t)1)
		return 1;
	st = shim_stream(t);
	return st && !(st->flags & 1);   /* CU_STREAM_NON_BLOCKING */
}

void
shim_pool_synced(CUstream s, int all)
{
	Pool *p;
	size_t i = 0;

	while ((p = shim_heach(H_POOL, &i))) {
		unsigned n = 0;
		for (unsigned k = 0; k < p->npend; k++)
			if (!p->pend[k].any && !follows(s, all, p->pend[k].s))
				p->pend[n++] = p->pend[k];
		p->npend = n;
		if (p->threshold < p->rsv)
			trim(p, p->threshold, 0);
	}
}

uint64_t
shim_pool_reserve(void)
{
	uint64_t n = 0;
	size_t i = 0;
	Pool *p;

	while ((p = shim_heach(H_POOL, &i)))
		n = p->rsv > UINT64_MAX - n ? UINT64_MAX : n + p->rsv;
	return n;
}

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
	else if (attr == ATTR_RESERVED_HIGH && !*(uint64_t *)v)
		p->rhigh = p->rsv;   /* only a reset to 0 is allowed: back to what is held */
	else if (attr == ATTR_USED_HIGH && !*(uint64_t *)v)
		p->high = p->used;   /* the same: back to what is in use */
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
		case ATTR_RESERVED_CURRENT: u = p->rsv; break;
		case ATTR_RESERVED_HIGH: u = p->rhigh; break;
		case ATTR_USED_CURRENT: u = p->used; break;
		case ATTR_USED_HIGH: u = p->high; break;
		default: r = CUDA_ERROR_INVALID_VALUE; break;
		}
		if (!r)
			memcpy(v, &u, sizeof u);
	}
	UNLOCK();
	return r;
}

/* What was freed and not yet synchronized stays: its frees have not
 * happened yet, as far as the host knows. */
CUresult
cuMemPoolTrimTo(CUmemoryPool h, size_t keep)
{
	CUresult r = CUDA_SUCCESS;
	Pool *p;

	LOCK();
	if (!(p = POOL(h)))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		trim(p, keep, 1);
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
	uint64_t grow;

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
	/* what its reserve grows by, which must be free */
	LOCK();
	grow = 0;
	if ((p = POOL(h))) {
		uint64_t rsv = chunks(n > UINT64_MAX - p->used ? UINT64_MAX : p->used + n);
		grow = rsv > p->rsv ? rsv - p->rsv : 0;
	}
	UNLOCK();
	if ((r = shim_pool_alloc(dptr, n, grow)))
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
		if (p->used > p->rsv)
			p->rsv = chunks(p->used);
		if (p->rsv > p->rhigh)
			p->rhigh = p->rsv;
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
				pend(p, s, p->live[k].n);
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

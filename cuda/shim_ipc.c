/*
 * shim_ipc.c -- CUDA IPC handles (cuIpcGetMemHandle, cuIpcOpenMemHandle,
 * cuIpcCloseMemHandle, cuIpcGetEventHandle, cuIpcOpenEventHandle).
 *
 * Memory is shared with other processes as on a GPU.  Each cuMemAlloc's
 * storage is pages of its own (the interpreter's allocator hook, below,
 * maps them when alloc() in shim_mem.c arms it); the first
 * cuIpcGetMemHandle of an allocation moves its pages into a memory file
 * in place (the same address, its bytes kept), and a handle names the
 * file by the maker's pid and descriptor, with its inode so that a
 * reused pid or descriptor is not taken for it.  Another process opens
 * /proc/PID/fd/FD, maps the file and makes the mapping device memory in
 * address space of its own (ptx_mem_reserve, ptx_mem_map_at; not at the
 * mapping's host address, which host memory registered earlier and freed
 * without unregistering may still claim): both interpreters then read and
 * write the same bytes.  As with an H200's driver, a handle of any address
 * inside an allocation is the allocation's (it opens to the base), and
 * the process that made a handle cannot open it
 * (CUDA_ERROR_INVALID_CONTEXT), an event's as a memory handle.  Events
 * open in other processes as events of their own (below).
 *
 * A handle (64 bytes, opaque to the caller): "PTXKIPC" and a kind byte,
 * the maker's pid, a number drawn once per process (so a later process
 * that reuses the pid is still another one), the allocation's base and
 * size or the event's word and serial, and the file's inode and
 * descriptor.
 */
#define _GNU_SOURCE   /* memfd_create */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cuda/shim.h"

typedef struct { char reserved[64]; } IpcHandle;   /* CUipcMemHandle, CUipcEventHandle */

enum { K_MEM = 'M', K_EVENT = 'E', EV_DISABLE_TIMING = 2, EV_INTERPROCESS = 4 };

typedef struct {
	char magic[7], kind;
	uint64_t pid, nonce, a, b, ino;
	int32_t fd;
} Body;

/* ---------------------------------------------------------------- storage */

/* The pages of each cuMemAlloc: a table keyed by address (open
 * addressing), under its own mutex since the interpreter frees from its
 * worker threads too. */
typedef struct { uint8_t *p; size_t len; CUdeviceptr dev; int fd; } Pages;

static pthread_mutex_t pmu = PTHREAD_MUTEX_INITIALIZER;
static Pages *tab;
static size_t ntab, captab;
/* The size of the storage alloc() waits for, and the storage last handed
 * out armed: set, used and cleared by the thread that allocates, under
 * LOCK.  Thread-local, since a kernel running on other threads takes
 * memory through the same hook (a first store below a context's first
 * allocation, shim_mem.c) and must never be taken for that allocation. */
static _Thread_local size_t armed;
static _Thread_local uint8_t *last;

static size_t
slot_of(const void *p, size_t cap)
{
	return (size_t)(((uintptr_t)p >> 12) * 0x9e3779b97f4a7c15u) & (cap - 1);
}

static Pages *
find(const void *p)
{
	if (!captab)
		return NULL;
	for (size_t i = slot_of(p, captab);; i = (i + 1) & (captab - 1))
		if (!tab[i].p)
			return NULL;
		else if (tab[i].p == p)
			return &tab[i];
}

static int
put(Pages e)
{
	if (2 * (ntab + 1) > captab) {
		size_t cap = captab ? captab * 2 : 256;
		Pages *nt = calloc(cap, sizeof *nt), *old = tab;
		if (!nt)
			return -1;
		for (size_t i = 0; i < captab; i++)
			if (old[i].p) {
				size_t k = slot_of(old[i].p, cap);
				while (nt[k].p)
					k = (k + 1) & (cap - 1);
				nt[k] = old[i];
			}
		tab = nt, captab = cap;
		free(old);
	}
	for (size_t i = slot_of(e.p, captab);; i = (i + 1) & (captab - 1))
		if (!tab[i].p) {
			tab[i] = e;
			ntab++;
			return 0;
		}
}

static void
take_out(Pages *e)
{
	size_t i = (size_t)(e - tab), j = i;

	e->p = NULL;
	ntab--;
	for (;;) {   /* re-place the run after the hole */
		j = (j + 1) & (captab - 1);
		if (!tab[j].p)
			return;
		Pages t = tab[j];
		tab[j].p = NULL;
		for (size_t k = slot_of(t.p, captab);; k = (k + 1) & (captab - 1))
			if (!tab[k].p) {
				tab[k] = t;
				break;
			}
	}
	(void)i;
}

static size_t
pagelen(size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);

	return (n + pg - 1) / pg * pg;
}

/* A block of the interpreter's this large is device memory (an array, a
 * module's variable) that may never be written whole: its own pages,
 * mapped without reserving swap for them, so that the host takes memory
 * only where it is written and a device of more memory than the host's
 * (PTXKIT_MAX_MEMORY) can hold an array of 16 GiB that a kernel touches
 * in part.  calloc would map such a block too, but the kernel refuses a
 * mapping past the host's memory and swap that reserves them. */
#define BIGBLOCK ((size_t)64 << 20)

static void *
bigblock(size_t n)
{
	void *q = mmap(NULL, pagelen(n), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
	    -1, 0);

	if (q == MAP_FAILED)
		return NULL;
	pthread_mutex_lock(&pmu);
	if (put((Pages){ q, pagelen(n), 0, -1 })) {   /* no allocation's: dev 0 */
		pthread_mutex_unlock(&pmu);
		munmap(q, pagelen(n));
		return NULL;
	}
	pthread_mutex_unlock(&pmu);
	return q;
}

static void *
hook(void *ud, void *p, size_t n)
{
	Pages *e;
	void *q;

	(void)ud;
	if (!p && n >= BIGBLOCK && n != armed)
		return bigblock(n);
	if (!p && n && armed && n == armed) {
		armed = 0;
		q = mmap(NULL, pagelen(n), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (q == MAP_FAILED)
			return NULL;
		pthread_mutex_lock(&pmu);
		if (put((Pages){ q, pagelen(n), 0, -1 })) {
			pthread_mutex_unlock(&pmu);
			munmap(q, pagelen(n));
			return NULL;
		}
		pthread_mutex_unlock(&pmu);
		last = q;
		return q;
	}
	if (p) {
		pthread_mutex_lock(&pmu);
		if ((e = find(p))) {
			Pages d = *e;
			take_out(e);
			pthread_mutex_unlock(&pmu);
			q = NULL;
			if (n && (q = malloc(n)))   /* not done by the interpreter; kept correct */
				memcpy(q, d.p, n < d.len ? n : d.len);
			munmap(d.p, d.len);
			if (d.fd >= 0)
				close(d.fd);
			return q;
		}
		pthread_mutex_unlock(&pmu);
	}
	if (!n) {
		free(p);
		return NULL;
	}
	return p ? realloc(p, n) : calloc(1, n);   /* new blocks come zeroed */
}

const ptx_alloc shim_ipc_alloc = { PTX_API_VERSION, hook, NULL, 1 };

void
shim_ipc_arm(size_t n)
{
	armed = n;
	last = NULL;
}

void
shim_ipc_armed(CUdeviceptr dev)
{
	Pages *e;

	armed = 0;
	pthread_mutex_lock(&pmu);
	if (last && (e = find(last)))
		e->dev = dev;   /* untouched pages: the slack (shim_mem.c backing) holds no host memory */
	pthread_mutex_unlock(&pmu);
	last = NULL;
}

/* The pages of device allocation dev, made a shared file's if they are not
 * yet: the entry's copy into *out.  Under LOCK. */
static CUresult
share(CUdeviceptr dev, Pages *out)
{
	Pages *e = NULL;
	int fd;

	pthread_mutex_lock(&pmu);
	for (size_t i = 0; i < captab && !e; i++)
		if (tab[i].p && tab[i].dev && tab[i].dev == dev)
			e = &tab[i];
	if (!e) {
		pthread_mutex_unlock(&pmu);
		return CUDA_ERROR_INVALID_VALUE;
	}
	if (e->fd < 0) {
		fd = memfd_create("ptxkit-ipc", MFD_CLOEXEC);
		if (fd < 0 || ftruncate(fd, (off_t)e->len) || pwrite(fd, e->p, e->len, 0) != (ssize_t)e->len ||
		    mmap(e->p, e->len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED) {
			if (fd >= 0)
				close(fd);
			pthread_mutex_unlock(&pmu);
			return CUDA_ERROR_OUT_OF_MEMORY;
		}
		e->fd = fd;
	}
	*out = *e;
	pthread_mutex_unlock(&pmu);
	return CUDA_SUCCESS;
}

/* Memory opened from another process's handles, each once: a handle
 * opened again in the process gives the same pointer and counts one more
 * close to come, as the driver does.  Under LOCK. */
static struct { CUdeviceptr dev; void *p; size_t len, n; uint64_t pid, nonce, base; unsigned refs; } *opened;
static size_t nopened;

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
make(IpcHandle *h, char kind, uint64_t a, uint64_t b, uint64_t ino, int fd)
{
	Body d;

	/* field by field over zeros: the padding after fd is part of the
	 * handle's bytes, and two handles of one allocation compare equal */
	memset(&d, 0, sizeof d);
	memcpy(d.magic, "PTXKIPC", 7);
	d.kind = kind;
	d.pid = (uint64_t)getpid();
	d.nonce = nonce();
	d.a = a, d.b = b, d.ino = ino;
	d.fd = fd;
	memset(h, 0, sizeof *h);
	memcpy(h->reserved, &d, sizeof d);
}

/* Whether a handle's body was made in this process. */
static int
mine(const Body *d)
{
	return d->pid == (uint64_t)getpid() && d->nonce == nonce();
}

CUresult
cuIpcGetMemHandle(IpcHandle *h, CUdeviceptr p)
{
	CUresult r;

	if (!h)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(NULL))) {
		Pages pg;
		struct stat st;
		/* any address inside a cuMemAlloc allocation: as with the driver,
		 * the handle denotes the whole allocation, and opens to its base */
		Alloc *a = shim_alloc_holding(p);
		if (!a || a->host)
			r = CUDA_ERROR_INVALID_VALUE;
		else if (!(r = share(a->p, &pg)))
			make(h, K_MEM, a->p, a->n, fstat(pg.fd, &st) ? 0 : (uint64_t)st.st_ino, pg.fd);
	}
	UNLOCK();
	return r;
}

/* Another process's allocation: its file mapped here, made device memory. */
static CUresult
open_foreign(CUdeviceptr *p, const Body *d)
{
	char path[64];
	struct stat st;
	size_t len = pagelen((size_t)(d->b + 511) / 512 * 512);
	void *q, *no;
	ptx_devptr a;
	int fd;
	enum { ALIGN = 2 << 20 };   /* where a driver places what it maps */

	snprintf(path, sizeof path, "/proc/%llu/fd/%d", (unsigned long long)d->pid, (int)d->fd);
	if ((fd = open(path, O_RDWR | O_CLOEXEC)) < 0 || fstat(fd, &st) || (uint64_t)st.st_ino != d->ino ||
	    (uint64_t)st.st_size < len) {
		if (fd >= 0)
			close(fd);
		return CUDA_ERROR_INVALID_VALUE;   /* its maker or the allocation is gone */
	}
	q = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (q == MAP_FAILED)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (!(no = realloc(opened, (nopened + 1) * sizeof *opened))) {
		munmap(q, len);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	opened = no;
	if (shim_merr(ptx_mem_reserve(shim.cx, len, ALIGN, 0, &a)) ||
	    shim_merr(ptx_mem_map_at(shim.cx, a, q, (size_t)d->b))) {
		munmap(q, len);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	opened[nopened].dev = a;
	opened[nopened].p = q;
	opened[nopened].n = (size_t)d->b;
	opened[nopened].pid = d->pid, opened[nopened].nonce = d->nonce, opened[nopened].base = d->a;
	opened[nopened].refs = 1;
	opened[nopened++].len = len;
	*p = a;
	return CUDA_SUCCESS;
}

/* Whether p lies in memory opened from another process's handle (the
 * opening's base and the allocation's size); under LOCK. */
int
shim_ipc_find(CUdeviceptr p, CUdeviceptr *base, size_t *size)
{
	for (size_t i = 0; i < nopened; i++)
		if (p >= opened[i].dev && p - opened[i].dev < opened[i].n) {
			*base = opened[i].dev;
			*size = opened[i].n;
			return 1;
		}
	return 0;
}

CUresult
cuIpcOpenMemHandle_v2(CUdeviceptr *p, IpcHandle h, unsigned flags)
{
	CUresult r;
	Body d;

	if (!p || flags > 1)    /* CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS */
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(&d, h.reserved, sizeof d);
	if (memcmp(d.magic, "PTXKIPC", 7) || d.kind != K_MEM || d.b > SIZE_MAX / 2)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(NULL))) {
		size_t i;
		for (i = 0; i < nopened && !(opened[i].pid == d.pid && opened[i].nonce == d.nonce &&
		    opened[i].base == d.a); i++)
			;
		if (i < nopened && opened[i].refs < UINT_MAX)
			*p = opened[i].dev, opened[i].refs++;
		else if (!mine(&d))
			r = open_foreign(p, &d);
		else {
			/* the driver refuses a handle in the process that made
			 * it, whether or not the memory is still there */
			r = CUDA_ERROR_INVALID_CONTEXT;
		}
	}
	UNLOCK();
	return r;
}

CUresult
cuIpcOpenMemHandle(CUdeviceptr *p, IpcHandle h, unsigned flags)
{
	return cuIpcOpenMemHandle_v2(p, h, flags);
}

/* Another process's memory is unmapped.  Nothing else was opened (the
 * maker's own handle does not open in its process): any other pointer is
 * refused, as an H200 refuses one never opened (hostile.gpu). */
CUresult
cuIpcCloseMemHandle(CUdeviceptr p)
{
	CUresult r;
	size_t i;

	LOCK();
	if (!(r = shim_ready(NULL))) {
		for (i = 0; i < nopened && opened[i].dev != p; i++)
			;
		if (i < nopened && --opened[i].refs)
			;   /* opened again: one close is still to come */
		else if (i < nopened) {
			ptx_mem_free(shim.cx, p);
			munmap(opened[i].p, opened[i].len);
			opened[i] = opened[--nopened];
		} else
			r = CUDA_ERROR_INVALID_VALUE;
	}
	UNLOCK();
	return r;
}

/*
 * Events.  Every call has finished when it returns (shim_stream.c), so an
 * event is complete in every process that waits on it or asks about it,
 * and what crosses between processes is only whether the event still
 * lives: the maker keeps a memory file with one 64-bit word per event it
 * gave a handle, the event's serial while it lives and 0 once it is
 * destroyed (with its context too).  A handle names the file as a memory
 * handle does (pid, descriptor, inode) and the word by index and serial.
 * Another process opens an event of its own over it, which waits,
 * queries and synchronizes as any event whose work is done, records, and
 * gives the same handle again; timing it is refused, as it was made
 * without (CU_EVENT_DISABLE_TIMING is required of a shared event).
 * Under LOCK.
 */
static int evfd = -1;
static uint64_t evino, nev;

static CUresult
event_slot(Event *ev)
{
	uint64_t serial;
	struct stat st;

	if (ev->ipcslot)
		return CUDA_SUCCESS;
	if (evfd < 0) {
		if ((evfd = memfd_create("ptxkit-ipc-events", MFD_CLOEXEC)) < 0 || fstat(evfd, &st)) {
			if (evfd >= 0)
				close(evfd);
			evfd = -1;
			return CUDA_ERROR_OUT_OF_MEMORY;
		}
		evino = (uint64_t)st.st_ino;
	}
	serial = nonce() ^ (nev + 1) * 0x9e3779b97f4a7c15u;
	if (!serial || pwrite(evfd, &serial, sizeof serial, (off_t)(nev * sizeof serial)) != (ssize_t)sizeof serial)
		return CUDA_ERROR_OUT_OF_MEMORY;
	ev->ipcslot = (size_t)++nev;
	return CUDA_SUCCESS;
}

static uint64_t
event_serial(size_t slot)
{
	uint64_t v = 0;

	if (evfd < 0 || pread(evfd, &v, sizeof v, (off_t)((slot - 1) * sizeof v)) != (ssize_t)sizeof v)
		return 0;
	return v;
}

void
shim_ipc_event_gone(Event *ev)
{
	uint64_t zero = 0;

	if (ev->ipcslot && pwrite(evfd, &zero, sizeof zero, (off_t)((ev->ipcslot - 1) * sizeof zero)) < 0)
		ev->ipcslot = 0;   /* the word stays: the file is the maker's, and goes with it */
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
		else if (!(ev->flags & EV_INTERPROCESS))
			r = CUDA_ERROR_INVALID_HANDLE;   /* an H200's driver's answer (ipc.gpu) */
		else if (ev->opened)
			memcpy(h->reserved, ev->ipch, sizeof ev->ipch);   /* another's: its own handle */
		else if (!(r = event_slot(ev)))
			make(h, K_EVENT, ev->ipcslot, event_serial(ev->ipcslot), evino, evfd);
	}
	UNLOCK();
	return r;
}

/* Whether another process's event of handle body d still lives: 1, 0 when
 * it was destroyed, -1 when its maker is gone */
static int
event_lives(const Body *d)
{
	char path[64];
	struct stat st;
	uint64_t v = 0;
	int fd, ok;

	snprintf(path, sizeof path, "/proc/%llu/fd/%d", (unsigned long long)d->pid, (int)d->fd);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	ok = !fstat(fd, &st) && (uint64_t)st.st_ino == d->ino;
	if (ok && (!d->a || pread(fd, &v, sizeof v, (off_t)((d->a - 1) * sizeof v)) != (ssize_t)sizeof v))
		v = 0;
	close(fd);
	return !ok ? -1 : v && v == d->b;
}

CUresult
cuIpcOpenEventHandle(CUevent *e, IpcHandle h)
{
	CUresult r;
	Event *ev = NULL;
	Ctx *ctx;
	Body d;

	if (!e)
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(&d, h.reserved, sizeof d);
	if (memcmp(d.magic, "PTXKIPC", 7) || d.kind != K_EVENT)
		return CUDA_ERROR_MAP_FAILED;   /* no handle at all: what an H200 answers (hostile.gpu) */
	LOCK();
	if ((r = shim_current(&ctx)))
		;
	else if (mine(&d))
		r = CUDA_ERROR_INVALID_CONTEXT;   /* the maker's own, refused as the driver does (ipc.gpu) */
	else if (event_lives(&d) <= 0)
		r = CUDA_ERROR_INVALID_VALUE;
	else if (!(ev = calloc(1, sizeof *ev)) || !(ev->h = shim_hnew(H_EVENT, ev))) {
		free(ev);
		r = CUDA_ERROR_OUT_OF_MEMORY;
	} else {
		ev->ctx = ctx;
		ev->flags = EV_INTERPROCESS | EV_DISABLE_TIMING;
		ev->opened = 1;
		memcpy(ev->ipch, h.reserved, sizeof ev->ipch);
		*e = ev->h;
	}
	UNLOCK();
	return r;
}

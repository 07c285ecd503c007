/*
 * shim_vmm.c -- virtual memory management: address ranges reserved
 * (cuMemAddressReserve), physical allocations (cuMemCreate) mapped into
 * them (cuMemMap) and made accessible (cuMemSetAccess), and handles
 * exported as file descriptors.
 *
 * A physical allocation is zeroed host memory of the shim's; a reservation
 * is guest address space the interpreter sets aside and never hands out
 * again.  A mapping is recorded here at cuMemMap, but reaches the
 * interpreter (ptx_mem_map_at: the handle's memory at the offset, at the
 * mapped address) only once cuMemSetAccess grants the device access, since
 * a GPU faults on a mapped range nobody gave access to; a kernel then
 * reads and writes it with the bounds checks of any allocation, and two
 * mappings of one handle share its bytes.  Taking access away or
 * unmapping removes it from the interpreter, so later accesses fault.
 *
 * The granularity is the H200's: 2 MiB, minimum and recommended.  The
 * memory a handle holds counts against cuMemGetInfo from cuMemCreate until
 * the handle is released and its last mapping gone.
 *
 * A handle created to be exported as a POSIX file descriptor keeps its
 * memory in a memory file (memfd), sealed against growing and shrinking:
 * the descriptor exported is a duplicate of the file's.  Imported in the
 * same process (the file's inode is the handle's) it yields the handle
 * again; in another, the file is mapped and becomes a handle there, so
 * both interpreters read and write the same bytes, as two processes do on
 * a GPU.  A descriptor of anything but such a file is refused.  Handles
 * are numbers never reused, so a stale or made-up one is refused.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cuda/shim.h"

#define GRAN ((size_t)2 << 20)

typedef unsigned long long CUmemGenericAllocationHandle;

/* cuda.h's CUmemLocation, CUmemAllocationProp and CUmemAccessDesc */
typedef struct { int type, id; } Loc;
typedef struct {
	int type, handles;
	Loc loc;
	void *win32;
	unsigned char compression, rdma;
	unsigned short usage;
	unsigned char reserved[4];
} Prop;
typedef struct { Loc loc; int flags; } Access;

enum { LOC_DEVICE = 1, TYPE_PINNED = 1, HT_FD = 1, PROT_RW = 3 };

typedef struct {
	unsigned long long id;
	size_t size;
	uint8_t *mem;
	Prop prop;
	int refs;                   /* cuMemCreate, retains, imports less releases */
	int maps;                   /* mappings of it */
	int fd;                     /* its memory file, or -1: malloc'd memory */
	dev_t dev;                  /* the file's */
	ino_t ino;
} Phys;

typedef struct { CUdeviceptr p; size_t n; } Resv;
typedef struct { CUdeviceptr p; size_t n, off; Phys *ph; int flags; } Map;

static struct {
	Phys **phys;
	size_t nphys;
	Resv *resv;
	size_t nresv;
	Map *maps;
	size_t nmaps;
	unsigned long long nextid;
} vm;

/* Grows *arr (elements of sz bytes, n in use) by one; NULL when out of memory. */
static void *
grow(void *arr, size_t n, size_t sz)
{
	if (n > SIZE_MAX / sz - 1)
		return NULL;
	return realloc(arr, (n + 1) * sz);
}

static Phys *
phys(CUmemGenericAllocationHandle h)
{
	for (size_t i = 0; i < vm.nphys; i++)
		if (vm.phys[i]->id == h && vm.phys[i]->refs > 0)
			return vm.phys[i];
	return NULL;
}

/* The memory goes when no handle and no mapping holds it. */
static void
settle(Phys *ph)
{
	if (ph->refs > 0 || ph->maps > 0)
		return;
	for (size_t i = 0; i < vm.nphys; i++)
		if (vm.phys[i] == ph) {
			vm.phys[i] = vm.phys[--vm.nphys];
			break;
		}
	shim.held -= ph->size;
	if (ph->fd >= 0) {
		munmap(ph->mem, ph->size);
		close(ph->fd);
	} else
		free(ph->mem);
	free(ph);
}

/* The device location a property or access descriptor names. */
static CUresult
device_loc(const Loc *l)
{
	if (l->type != LOC_DEVICE)
		return CUDA_ERROR_INVALID_VALUE;
	return l->id == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

static CUresult
check_prop(const Prop *p)
{
	if (!p || p->type != TYPE_PINNED)
		return CUDA_ERROR_INVALID_VALUE;
	if (p->handles & ~HT_FD)
		return CUDA_ERROR_NOT_SUPPORTED;   /* Win32 and fabric handles */
	return device_loc(&p->loc);
}

CUresult
cuMemGetAllocationGranularity(size_t *g, const Prop *prop, int option)
{
	CUresult r;

	if (!g || (option != 0 && option != 1))   /* _MINIMUM, _RECOMMENDED */
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if ((r = check_prop(prop)))
		return r;
	*g = GRAN;
	return CUDA_SUCCESS;
}

CUresult
cuMemAddressReserve(CUdeviceptr *p, size_t n, size_t align, CUdeviceptr addr, unsigned long long flags)
{
	CUresult r;
	ptx_devptr a;
	Resv *nr;

	if (!p || !n || flags || n % GRAN || (align & (align - 1)))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if ((r = shim_current(NULL)))
		goto out;
	if (!(nr = grow(vm.resv, vm.nresv, sizeof *nr))) {
		r = CUDA_ERROR_OUT_OF_MEMORY;
		goto out;
	}
	vm.resv = nr;
	/* an H200's driver takes a hint at the end of the last reservation
	 * (the range grows in place) and places one elsewhere, even a free
	 * address 1 GiB ahead, somewhere of its own */
	if (addr && !(vm.nresv && addr == vm.resv[vm.nresv - 1].p + vm.resv[vm.nresv - 1].n))
		addr = 0;
	if ((r = shim_merr(ptx_mem_reserve(shim.cx, n, align > GRAN ? align : GRAN, addr, &a))))
		goto out;
	vm.resv[vm.nresv].p = a;
	vm.resv[vm.nresv++].n = n;
	*p = a;
out:
	UNLOCK();
	return r;
}

/* The index of the mapping holding p, or -1. */
static long
map_at(CUdeviceptr p)
{
	for (size_t i = 0; i < vm.nmaps; i++)
		if (p - vm.maps[i].p < vm.maps[i].n)
			return (long)i;
	return -1;
}

int
shim_vmm_find(CUdeviceptr p, CUdeviceptr *base, size_t *size)
{
	long i = map_at(p);

	if (i < 0)
		return 0;
	/* an H200's driver gives the reservation holding the mapping as the
	 * pointer's range (tests/shim/vmm.c: 4 MiB for a 2 MiB mapping in
	 * the second half of a 4 MiB reservation) */
	for (size_t k = 0; k < vm.nresv; k++)
		if (p - vm.resv[k].p < vm.resv[k].n) {
			*base = vm.resv[k].p;
			*size = vm.resv[k].n;
			return 1;
		}
	*base = vm.maps[i].p;
	*size = vm.maps[i].n;
	return 1;
}

/* Whether [p, p + n) is covered by whole mappings, none reaching out of it. */
static int
whole_maps(CUdeviceptr p, size_t n)
{
	size_t covered = 0;

	for (size_t i = 0; i < vm.nmaps; i++) {
		Map *m = &vm.maps[i];
		if (m->p < p + n && p < m->p + m->n) {
			if (m->p < p || m->p + m->n > p + n)
				return 0;
			covered += m->n;
		}
	}
	return covered == n;
}

CUresult
cuMemAddressFree(CUdeviceptr p, size_t n)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;

	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else
		for (size_t i = 0; i < vm.nresv; i++)
			if (vm.resv[i].p == p && vm.resv[i].n == n) {
				/* still mapped: unmap first (the space itself is never reused) */
				for (size_t j = 0; j < vm.nmaps; j++)
					if (vm.maps[j].p - p < n)
						goto out;
				vm.resv[i] = vm.resv[--vm.nresv];
				r = CUDA_SUCCESS;
				break;
			}
out:
	UNLOCK();
	return r;
}

/* A sealed memory file of n bytes (zeros) as ph's memory: 0, or -1. */
static int
memfile(Phys *ph, size_t n)
{
	struct stat st;
	int fd = memfd_create("ptxkit-cumem", MFD_CLOEXEC | MFD_ALLOW_SEALING);

	if (fd < 0)
		return -1;
	if (n > (size_t)INT64_MAX || ftruncate(fd, (off_t)n) || fcntl(fd, F_ADD_SEALS, F_SEAL_GROW | F_SEAL_SHRINK) ||
	    fstat(fd, &st) || (ph->mem = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED) {
		close(fd);
		return -1;
	}
	ph->fd = fd;
	ph->dev = st.st_dev;
	ph->ino = st.st_ino;
	return 0;
}

/* ph, its memory in place, as a new handle: the handle. */
static CUmemGenericAllocationHandle
add(Phys *ph, size_t n)
{
	ph->id = ++vm.nextid;
	ph->size = n;
	ph->refs = 1;
	vm.phys[vm.nphys++] = ph;
	shim.held += n;
	return ph->id;
}

/* The properties name the device, so no context need be current: a
 * program may create and export its allocations after destroying its
 * contexts (memMapIPCDrv does; tests/cudart/vmm_noctx.cu). */
CUresult
cuMemCreate(CUmemGenericAllocationHandle *h, size_t n, const Prop *prop, unsigned long long flags)
{
	CUresult r;
	Phys *ph = NULL, **np;

	if (!h || !n || flags)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if ((r = shim.inited ? CUDA_SUCCESS : CUDA_ERROR_NOT_INITIALIZED) || (r = check_prop(prop)))
		goto out;
	if (n % GRAN) {
		r = CUDA_ERROR_INVALID_VALUE;
		goto out;
	}
	if (n > shim_free_mem()) {
		r = CUDA_ERROR_OUT_OF_MEMORY;
		goto out;
	}
	if (!(np = grow(vm.phys, vm.nphys, sizeof *np)) || !(vm.phys = np, ph = calloc(1, sizeof *ph))) {
		r = CUDA_ERROR_OUT_OF_MEMORY;
		goto out;
	}
	ph->fd = -1;
	if (prop->handles & HT_FD ? memfile(ph, n) : !(ph->mem = calloc(1, n))) {
		free(ph);
		r = CUDA_ERROR_OUT_OF_MEMORY;
		goto out;
	}
	ph->prop = *prop;
	*h = add(ph, n);
out:
	UNLOCK();
	return r;
}

CUresult
cuMemRelease(CUmemGenericAllocationHandle h)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;
	Phys *ph;

	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if ((ph = phys(h))) {
		ph->refs--;
		settle(ph);
		r = CUDA_SUCCESS;
	}
	UNLOCK();
	return r;
}

CUresult
cuMemMap(CUdeviceptr p, size_t n, size_t off, CUmemGenericAllocationHandle h, unsigned long long flags)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;
	Phys *ph;
	Map *nm;
	size_t i;

	if (!n || flags || p % GRAN)
		return CUDA_ERROR_INVALID_VALUE;
	/* cuda.h: the offset "currently must be zero"; an H200's driver
	 * answers a nonzero one, and a size not of whole pages, with
	 * NOT_SUPPORTED */
	if (off || n % GRAN)
		return CUDA_ERROR_NOT_SUPPORTED;
	LOCK();
	if (!shim.inited) {
		r = CUDA_ERROR_NOT_INITIALIZED;
		goto out;
	}
	if (!(ph = phys(h)) || off > ph->size || n > ph->size - off || p + n < p)
		goto out;
	for (i = 0; i < vm.nresv; i++)   /* inside one reservation */
		if (p - vm.resv[i].p < vm.resv[i].n && n <= vm.resv[i].n - (p - vm.resv[i].p))
			break;
	if (i == vm.nresv)
		goto out;
	for (i = 0; i < vm.nmaps; i++)   /* and over nothing mapped */
		if (vm.maps[i].p < p + n && p < vm.maps[i].p + vm.maps[i].n)
			goto out;
	if (!(nm = grow(vm.maps, vm.nmaps, sizeof *nm))) {
		r = CUDA_ERROR_OUT_OF_MEMORY;
		goto out;
	}
	vm.maps = nm;
	vm.maps[vm.nmaps++] = (Map){p, n, off, ph, 0};
	ph->maps++;
	r = CUDA_SUCCESS;
out:
	UNLOCK();
	return r;
}

/* Mapping m made reachable by kernels (flags not 0) or not. */
static CUresult
set_flags(Map *m, int flags)
{
	if (!m->flags && flags) {
		int rc = ptx_mem_map_at(shim.cx, m->p, m->ph->mem + m->off, m->n);
		if (rc)
			return shim_merr(rc);
	} else if (m->flags && !flags)
		ptx_mem_free(shim.cx, m->p);
	m->flags = flags;
	return CUDA_SUCCESS;
}

CUresult
cuMemUnmap(CUdeviceptr p, size_t n)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;

	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (n && p + n > p && whole_maps(p, n)) {
		for (size_t i = 0; i < vm.nmaps;)
			if (vm.maps[i].p - p < n) {
				Phys *ph = vm.maps[i].ph;
				set_flags(&vm.maps[i], 0);
				vm.maps[i] = vm.maps[--vm.nmaps];
				ph->maps--;
				settle(ph);
			} else
				i++;
		r = CUDA_SUCCESS;
	}
	UNLOCK();
	return r;
}

/* PROT_READ is granted as read-write: the interpreter has no read-only
 * global memory outside memcheck's .const checks. */
CUresult
cuMemSetAccess(CUdeviceptr p, size_t n, const Access *desc, size_t count)
{
	CUresult r = CUDA_SUCCESS;

	if (!n || !desc || !count || p + n < p)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < count; i++) {
		int f = desc[i].flags;
		if ((r = device_loc(&desc[i].loc)))
			return r;
		if (f != 0 && f != 1 && f != PROT_RW)
			return CUDA_ERROR_INVALID_VALUE;
	}
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (!whole_maps(p, n))
		r = CUDA_ERROR_INVALID_VALUE;
	else
		for (size_t i = 0; i < vm.nmaps && !r; i++)
			if (vm.maps[i].p - p < n)
				r = set_flags(&vm.maps[i], desc[count - 1].flags);   /* one device: the last word */
	UNLOCK();
	return r;
}

CUresult
cuMemGetAccess(unsigned long long *flags, const Loc *loc, CUdeviceptr p)
{
	CUresult r;
	long i;

	if (!flags || !loc)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = device_loc(loc)))
		return r;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if ((i = map_at(p)) < 0)
		r = CUDA_ERROR_INVALID_VALUE;
	else
		*flags = (unsigned long long)vm.maps[i].flags;
	UNLOCK();
	return r;
}

CUresult
cuMemGetAllocationPropertiesFromHandle(Prop *prop, CUmemGenericAllocationHandle h)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;
	Phys *ph;

	if (!prop)
		return r;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if ((ph = phys(h))) {
		*prop = ph->prop;
		r = CUDA_SUCCESS;
	}
	UNLOCK();
	return r;
}

/* The handle mapped at addr, retained: a handle already released comes
 * back to life, as its memory is still there. */
CUresult
cuMemRetainAllocationHandle(CUmemGenericAllocationHandle *h, void *addr)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;
	long i;

	if (!h)
		return r;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if ((i = map_at((CUdeviceptr)(uintptr_t)addr)) >= 0) {
		vm.maps[i].ph->refs++;
		*h = vm.maps[i].ph->id;
		r = CUDA_SUCCESS;
	}
	UNLOCK();
	return r;
}

CUresult
cuMemExportToShareableHandle(void *out, CUmemGenericAllocationHandle h, int type, unsigned long long flags)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;
	Phys *ph;
	int fd;

	if (!out || flags)
		return r;
	if (type != HT_FD)
		return CUDA_ERROR_NOT_SUPPORTED;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if ((ph = phys(h)) && ph->fd >= 0) {   /* made to be exported */
		/* closed on exec, as the driver's descriptor is: another
		 * process gets it over a Unix socket */
		if ((fd = fcntl(ph->fd, F_DUPFD_CLOEXEC, 0)) < 0)
			r = CUDA_ERROR_OUT_OF_MEMORY;
		else {
			*(int *)out = fd;
			r = CUDA_SUCCESS;
		}
	}
	UNLOCK();
	return r;
}

/* Another process's handle: its file, if it is one (sealed, of a size a
 * handle can have), mapped as a handle of this one. */
static CUresult
import(CUmemGenericAllocationHandle *h, int fd, const struct stat *st)
{
	int seals = fcntl(fd, F_GET_SEALS);
	size_t n = (size_t)st->st_size;
	Prop prop = {TYPE_PINNED, HT_FD, {LOC_DEVICE, 0}, NULL, 0, 0, 0, {0}};
	Phys *ph, **np;

	if (seals < 0 || (seals & (F_SEAL_GROW | F_SEAL_SHRINK)) != (F_SEAL_GROW | F_SEAL_SHRINK) ||
	    st->st_size <= 0 || n % GRAN)
		return CUDA_ERROR_INVALID_VALUE;
	if (n > shim_free_mem())
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (!(np = grow(vm.phys, vm.nphys, sizeof *np)) || !(vm.phys = np, ph = calloc(1, sizeof *ph)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	if ((ph->fd = fcntl(fd, F_DUPFD_CLOEXEC, 0)) < 0 ||
	    (ph->mem = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED) {
		if (ph->fd >= 0)
			close(ph->fd);
		free(ph);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	ph->dev = st->st_dev;
	ph->ino = st->st_ino;
	ph->prop = prop;
	*h = add(ph, n);
	return CUDA_SUCCESS;
}

CUresult
cuMemImportFromShareableHandle(CUmemGenericAllocationHandle *h, void *os, int type)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;
	struct stat st;
	int fd = (int)(intptr_t)os;
	size_t i;

	if (!h)
		return r;
	if (type != HT_FD)
		return CUDA_ERROR_NOT_SUPPORTED;
	if (fstat(fd, &st))
		return CUDA_ERROR_UNKNOWN;   /* no descriptor: the driver's answer */
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else {
		for (i = 0; i < vm.nphys; i++)   /* this process's own */
			if (vm.phys[i]->fd >= 0 && vm.phys[i]->ino == st.st_ino && vm.phys[i]->dev == st.st_dev)
				break;
		if (i < vm.nphys) {
			vm.phys[i]->refs++;
			*h = vm.phys[i]->id;
			r = CUDA_SUCCESS;
		} else
			r = import(h, fd, &st);
	}
	UNLOCK();
	return r;
}

/*
 * shim_facil.c -- the driver's facilities beyond memory, modules and
 * launches that CUDA 13's clients reach (cudart's device properties and
 * atomic capabilities, PyTorch's and NCCL's DMA-BUF and multicast
 * memory, the driver's logs, coredumps, checkpoints,
 * external memory, asynchronous notifications): what each is here.
 *
 * The device is one GPU of 132 SMs, alone (no peer, no NVSwitch), in a
 * process the driver does not checkpoint; where a facility needs what is
 * not here, the call answers as an H200's driver does where it lacks it
 * (drvmore.gpu), never a success that does nothing.  What exists is real:
 * the context's execution affinity is every SM (green contexts and the
 * device's SM resource are shim_green.c's), an asynchronous notification is registered (the device
 * is never over a budget, so none comes), the log callbacks are kept and
 * the driver's log holds what the shim reports.  Hardware this device
 * lacks as an H200 does: the copy engines' decompression (its algorithm
 * mask is 0), NvSciSync (Tegra and DRIVE platforms); and a sparse array's tiles
 * are not mapped to other memory (cuMemMapArrayAsync).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include "cuda/shim.h"

enum { NSM = 132 };

/* ---------------------------------------------------------------- device */

CUresult
cuDeviceGetLuid(char *luid, unsigned *mask, CUdevice d)
{
	CUresult r;

	if (!luid || !mask)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_devok(d)))
		return r;
	return CUDA_ERROR_NOT_SUPPORTED;   /* a Windows device's: none on Linux */
}

/* CUexecAffinityType: CU_EXEC_AFFINITY_TYPE_SM_COUNT (0); the parameter is
 * the type, then the union's first word, the SM count */
typedef struct { int type; unsigned val; } Affinity;

CUresult
cuDeviceGetExecAffinitySupport(int *pi, int type, CUdevice d)
{
	CUresult r;

	if (!pi || type != 0)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_devok(d)))
		return r;
	*pi = 0;   /* a context limited to fewer SMs needs MPS */
	return CUDA_SUCCESS;
}

CUresult
cuCtxGetExecAffinity(Affinity *a, int type)
{
	CUresult r;

	if (!a)
		return CUDA_ERROR_INVALID_VALUE;
	if (type != 0)
		return (CUresult)224;   /* CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY, as an H200 answers */
	LOCK();
	if (!(r = shim_current(NULL))) {
		a->type = 0;
		a->val = NSM;   /* every SM: contexts here are not limited */
	}
	UNLOCK();
	return r;
}

/* CUatomicOperation 0..12; each answered with the capabilities an H200
 * reports for the host (drvmore.gpu) and for a peer, of which there is none */
CUresult
cuDeviceGetHostAtomicCapabilities(unsigned *caps, const int *ops, unsigned n, CUdevice d)
{
	CUresult r;

	if (!caps || !ops || !n)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_devok(d)))
		return r;
	for (unsigned i = 0; i < n; i++)
		if (ops[i] < 0 || ops[i] > 12)
			return CUDA_ERROR_INVALID_VALUE;
	for (unsigned i = 0; i < n; i++)
		caps[i] = 0;
	return CUDA_SUCCESS;
}

CUresult
cuDeviceGetP2PAtomicCapabilities(unsigned *caps, const int *ops, unsigned n, CUdevice src, CUdevice dst)
{
	CUresult r;

	if (!caps || !ops || !n)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_devok(src)) || (r = shim_devok(dst)))
		return r;
	return CUDA_ERROR_INVALID_DEVICE;   /* the source and destination must be two devices */
}

/* CUDA_LAUNCH_PARAMS, one a device */
typedef struct {
	CUfunction fn;
	unsigned grid[3], block[3], shared;
	CUstream s;
	void **params;
} MultiLaunch;
enum { MULTI_NO_PRE_LAUNCH_SYNC = 1, MULTI_NO_POST_LAUNCH_SYNC = 2 };

/* Deprecated since CUDA 11.3, and a device whose
 * CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH is 0 (an H200's,
 * with driver 580, and this one's) cannot take it: the list is checked,
 * then refused. */
CUresult
cuLaunchCooperativeKernelMultiDevice(MultiLaunch *list, unsigned n, unsigned flags)
{
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (!list || n == 0 || n > 1 || (flags & ~(unsigned)(MULTI_NO_PRE_LAUNCH_SYNC | MULTI_NO_POST_LAUNCH_SYNC)))
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_ERROR_NOT_SUPPORTED;
}

/* ---------------------------------------------------------------- memory */

CUresult
cuMemGetHandleForAddressRange(void *handle, CUdeviceptr p, size_t n, int type, unsigned long long flags)
{
	(void)p, (void)n;
	if (!handle || type != 1 /* CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD */ || flags > 1)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	return CUDA_ERROR_NOT_SUPPORTED;   /* device memory other devices reach by DMA: none here */
}

CUresult
cuMulticastGetGranularity(size_t *g, const void *prop, int option)
{
	(void)option;
	if (!g || !prop)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	return CUDA_ERROR_NOT_SUPPORTED;   /* CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED is 0 */
}

CUresult
cuMulticastCreate(void *h, const void *prop)
{
	if (!h || !prop)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult
cuMulticastAddDevice(unsigned long long h, CUdevice d)
{
	(void)h, (void)d;
	return shim.inited ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult
cuMulticastBindMem(unsigned long long h, size_t off, unsigned long long mem, size_t memoff, size_t n,
                   unsigned long long flags)
{
	(void)h, (void)off, (void)mem, (void)memoff, (void)n, (void)flags;
	return shim.inited ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult
cuMulticastBindAddr(unsigned long long h, size_t off, CUdeviceptr p, size_t n, unsigned long long flags)
{
	(void)h, (void)off, (void)p, (void)n, (void)flags;
	return shim.inited ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult
cuMulticastUnbind(unsigned long long h, CUdevice d, size_t off, size_t n)
{
	(void)h, (void)d, (void)off, (void)n;
	return shim.inited ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_NOT_INITIALIZED;
}

/* ---------------------------------------------------------------- external memory */

/* Memory and semaphores of another API (Vulkan, Direct3D, NvSciBuf) are
 * another device's: nothing here can import them, and no handle of one
 * can exist.  A descriptor's handle (a file descriptor for the opaque
 * kind, 1) follows its type, 8-aligned; one that is no open file is
 * CUDA_ERROR_UNKNOWN, as an H200 answers fd -1. */
typedef struct { int type; union { int fd; const void *p; } h; } ExtDesc;

static CUresult
import(void **out, const int *desc)
{
	const ExtDesc *d = (const ExtDesc *)(const void *)desc;

	if (!out || !desc)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (d->type == 1 && (d->h.fd < 0 || fcntl(d->h.fd, F_GETFD) < 0))
		return CUDA_ERROR_UNKNOWN;
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult
cuImportExternalMemory(void **out, const int *desc)
{
	return import(out, desc);
}

CUresult
cuImportExternalSemaphore(void **out, const int *desc)
{
	return import(out, desc);
}

CUresult
cuDestroyExternalMemory(void *h)
{
	if (!h)
		return CUDA_ERROR_INVALID_VALUE;
	return shim.inited ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult
cuDestroyExternalSemaphore(void *h)
{
	if (!h)
		return CUDA_ERROR_INVALID_VALUE;
	return shim.inited ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult
cuExternalMemoryGetMappedBuffer(CUdeviceptr *p, void *h, const void *desc)
{
	(void)h;
	if (!p || !desc)
		return CUDA_ERROR_INVALID_VALUE;
	return shim.inited ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult
cuExternalMemoryGetMappedMipmappedArray(void **m, void *h, const void *desc)
{
	(void)h;
	if (!m || !desc)
		return CUDA_ERROR_INVALID_VALUE;
	return shim.inited ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult
cuSignalExternalSemaphoresAsync(void *const *s, const void *params, unsigned n, CUstream st)
{
	(void)st;
	if (!s || !params || !n)
		return CUDA_ERROR_INVALID_VALUE;
	return shim.inited ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult
cuWaitExternalSemaphoresAsync(void *const *s, const void *params, unsigned n, CUstream st)
{
	(void)st;
	if (!s || !params || !n)
		return CUDA_ERROR_INVALID_VALUE;
	return shim.inited ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_NOT_INITIALIZED;
}

/* ---------------------------------------------------------------- decompression, NvSciSync */

/* The device has no decompression engine (its
 * CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK is 0): every batch is
 * refused before its arguments are looked at, the error index left as it
 * was, as an H200 (driver 580) answers (tests/shim/newcalls.gpu). */
CUresult
cuMemBatchDecompressAsync(void *params, size_t count, unsigned flags, size_t *errindex, CUstream s)
{
	(void)params, (void)count, (void)flags, (void)errindex, (void)s;
	return shim.inited ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_NOT_INITIALIZED;
}

/* CUDA_NVSCISYNC_ATTR_SIGNAL (1), _WAIT (2): NvSciSync is not on this
 * platform, so the device has no attributes to fill in. */
CUresult
cuDeviceGetNvSciSyncAttributes(void *list, CUdevice d, int flags)
{
	CUresult r;

	if (!list || flags < 1 || flags > 3)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_devok(d)))
		return r;
	return CUDA_ERROR_NOT_SUPPORTED;
}

/* ---------------------------------------------------------------- notifications, logs */

typedef void (*NoteFn)(void *info, void *user, void *handle);
typedef void (*LogFn)(void *user, int level, char *msg, size_t len);

/* Callbacks kept until unregistered; a handle is the address of its record */
typedef struct Cb { struct Cb *next; void (*fn)(void); void *user; int dev; } Cb;
static Cb *notes, *logs;

static void *
keep(Cb **list, void (*fn)(void), void *user, int dev)
{
	Cb *c = malloc(sizeof *c);

	if (c) {
		c->fn = fn, c->user = user, c->dev = dev;
		c->next = *list;
		*list = c;
	}
	return c;
}

static int
drop(Cb **list, const void *h)
{
	for (Cb **pp = list; *pp; pp = &(*pp)->next)
		if (*pp == h) {
			Cb *c = *pp;
			*pp = c->next;
			free(c);
			return 1;
		}
	return 0;
}

/* The only notification is CU_ASYNC_NOTIFICATION_TYPE_OVER_BUDGET, of
 * device memory over a budget the system sets; there is none here, so a
 * callback waits and none comes. */
CUresult
cuDeviceRegisterAsyncNotification(CUdevice d, NoteFn fn, void *user, void **h)
{
	CUresult r;

	if (!fn || !h)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_devok(d)))
		return r;
	LOCK();
	*h = keep(&notes, (void (*)(void))fn, user, d);
	UNLOCK();
	return *h ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult
cuDeviceUnregisterAsyncNotification(CUdevice d, void *h)
{
	CUresult r;

	if ((r = shim_devok(d)))
		return r;
	LOCK();
	r = drop(&notes, h) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
	UNLOCK();
	return r;
}

CUresult
cuLogsRegisterCallback(LogFn fn, void *user, void **h)
{
	if (!fn || !h)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	*h = keep(&logs, (void (*)(void))fn, user, 0);
	UNLOCK();
	return *h ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult
cuLogsUnregisterCallback(void *h)
{
	CUresult r;

	LOCK();
	r = drop(&logs, h) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
	UNLOCK();
	return r;
}

/* The driver's log holds its errors in API calls; the shim reports its own
 * on standard error, and keeps none here: the iterator stays at 0 and a
 * dump from it is empty. */
CUresult
cuLogsCurrent(unsigned *it, unsigned flags)
{
	if (!it || flags)
		return CUDA_ERROR_INVALID_VALUE;
	*it = 0;
	return CUDA_SUCCESS;
}

CUresult
cuLogsDumpToMemory(unsigned *it, char *buf, size_t *size, unsigned flags)
{
	if (!buf || !size || flags)
		return CUDA_ERROR_INVALID_VALUE;
	if (*size)
		buf[0] = '\0';
	*size = 0;
	(void)it;
	return CUDA_SUCCESS;
}

CUresult
cuLogsDumpToFile(unsigned *it, const char *path, unsigned flags)
{
	FILE *f;

	(void)it;
	if (!path || flags)
		return CUDA_ERROR_INVALID_VALUE;
	if (!(f = fopen(path, "w")))
		return CUDA_ERROR_INVALID_VALUE;
	fclose(f);
	return CUDA_SUCCESS;
}

/* ---------------------------------------------------------------- coredumps, checkpoints */

/* CUcoredumpSettings 1..6: the booleans (one byte, a C++ bool: an H200
 * refuses a size of 4) read false (no dump is made on an exception here:
 * a fault is reported instead), the file and pipe names empty; none can
 * be set to make a dump. */
CUresult
cuCoredumpGetAttribute(int attr, void *v, size_t *size)
{
	if (!v || !size || attr < 1 || attr > 6)
		return CUDA_ERROR_INVALID_VALUE;
	if (attr == 4 || attr == 5) {   /* CU_COREDUMP_FILE, CU_COREDUMP_PIPE */
		if (*size)
			*(char *)v = '\0';
		*size = 1;
		return CUDA_SUCCESS;
	}
	if (*size != 1)
		return CUDA_ERROR_INVALID_VALUE;
	*(unsigned char *)v = 0;
	return CUDA_SUCCESS;
}

CUresult
cuCoredumpGetAttributeGlobal(int attr, void *v, size_t *size)
{
	return cuCoredumpGetAttribute(attr, v, size);
}

CUresult
cuCoredumpSetAttribute(int attr, void *v, size_t *size)
{
	if (!v || !size || attr < 1 || attr > 6)
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult
cuCoredumpSetAttributeGlobal(int attr, void *v, size_t *size)
{
	return cuCoredumpSetAttribute(attr, v, size);
}

/* CUprocessState: a process here is always running (0); the driver's
 * checkpoints of device memory have nothing to save or restore. */
CUresult
cuCheckpointProcessGetState(int pid, int *state)
{
	if (!state || pid <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (pid != (int)getpid())
		return CUDA_ERROR_NOT_FOUND;
	*state = 0;
	return CUDA_SUCCESS;
}

CUresult
cuCheckpointProcessGetRestoreThreadId(int pid, int *tid)
{
	(void)pid;
	return tid ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_INVALID_VALUE;
}

CUresult
cuCheckpointProcessLock(int pid, void *args)
{
	(void)pid, (void)args;
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult
cuCheckpointProcessCheckpoint(int pid, void *args)
{
	(void)pid, (void)args;
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult
cuCheckpointProcessRestore(int pid, void *args)
{
	(void)pid, (void)args;
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult
cuCheckpointProcessUnlock(int pid, void *args)
{
	(void)pid, (void)args;
	return CUDA_ERROR_NOT_SUPPORTED;
}

/* ---------------------------------------------------------------- arrays */

/* CUarrayMapInfo: the resource's type and handle (a union of 8 bytes),
 * then what the mapping is; only the first fields are read. */
typedef struct {
	int rtype;                  /* CU_RESOURCE_TYPE_ARRAY (0) or _MIPMAPPED_ARRAY (1) */
	void *res;
	unsigned char rest[88];
} MapInfo;

/* CUDA_ARRAY3D_DESCRIPTOR, for the flags */
typedef struct { size_t w, h, d; int format; unsigned nch, flags; } Desc3d;
enum { ARRAY3D_SPARSE = 0x40 };
CUresult cuArray3DGetDescriptor_v2(Desc3d *d, CUarray h);
CUresult cuMipmappedArrayGetLevel(CUarray *out, CUmipmappedArray h, unsigned level);

/* Every entry names an array or a mipmapped array.  A dense one has no
 * tiles to map (CUDA_ERROR_INVALID_VALUE, as the driver refuses one);
 * one made with CUDA_ARRAY3D_SPARSE is backed whole here from its
 * creation, as a dense one, so its tiles cannot be mapped to other
 * memory: CUDA_ERROR_NOT_SUPPORTED, never a mapping that does nothing. */
CUresult
cuMemMapArrayAsync(MapInfo *info, unsigned count, CUstream s)
{
	CUresult r = CUDA_SUCCESS;
	CUarray a;
	Desc3d d;

	if (!count || !info)   /* an empty list too, as an H200 answers */
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_current(NULL)) && !shim_streamok(s))
		r = CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	for (unsigned i = 0; !r && i < count; i++) {
		if (info[i].rtype != 0 && info[i].rtype != 1)
			return CUDA_ERROR_INVALID_VALUE;
		a = info[i].res;
		if (info[i].rtype == 1 && cuMipmappedArrayGetLevel(&a, info[i].res, 0))
			return CUDA_ERROR_INVALID_HANDLE;
		if (INNER(cuArray3DGetDescriptor_v2(&d, a)))
			return CUDA_ERROR_INVALID_HANDLE;
		r = d.flags & ARRAY3D_SPARSE ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_INVALID_VALUE;
	}
	return r;
}

/* Arrays and mipmapped arrays here are plain (not sparse, not deferred,
 * not planar): a valid one has no sparse properties or memory
 * requirements to give.  The two queries, for a handle of either kind. */
static CUresult
plainprops(const void *props, void *h, int kind)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;

	if (!props)
		return r;
	LOCK();
	if (!shim_hget(h, kind))
		r = CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

static CUresult
plainreq(const void *req, void *h, int kind, CUdevice d)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;

	if (!req)
		return r;
	if ((r = shim_devok(d)))
		return r;
	LOCK();
	r = shim_hget(h, kind) ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

CUresult
cuArrayGetSparseProperties(void *props, CUarray a)
{
	return plainprops(props, a, H_ARRAY);
}

CUresult
cuArrayGetMemoryRequirements(void *req, CUarray a, CUdevice d)
{
	return plainreq(req, a, H_ARRAY, d);
}

CUresult
cuMipmappedArrayGetSparseProperties(void *props, CUmipmappedArray m)
{
	return plainprops(props, m, H_MIPMAP);
}

CUresult
cuMipmappedArrayGetMemoryRequirements(void *req, CUmipmappedArray m, CUdevice d)
{
	return plainreq(req, m, H_MIPMAP, d);
}

CUresult
cuArrayGetPlane(CUarray *plane, CUarray a, unsigned i)
{
	CUresult r;

	(void)i;
	if (!plane)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = shim_hget(a, H_ARRAY) ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

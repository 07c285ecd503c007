/*
 * drvmore.c -- the driver's other facilities (cuda/shim_facil.c), each
 * called rightly and wrongly, with what it answers (drvmore.gpu: an
 * H200's): pointer attributes set
 * (SYNC_MEMOPS), the device's LUID, execution affinity, DMA-BUF handles of
 * an address range, multicast objects, atomic capabilities, device
 * resources, external memory and semaphores from bad descriptors, the
 * driver's log callbacks and iterators, coredump attributes, the
 * checkpoint state, arrays' memory requirements, sparse properties and
 * planes, asynchronous notifications.  One line each.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cuda.h>
#include "shimtest.h"

static void CUDA_CB
logcb(void *data, CUlogLevel level, char *msg, size_t len)
{
	(void)data, (void)level, (void)msg, (void)len;
}

static void
notecb(CUasyncNotificationInfo *info, void *user, CUasyncCallbackHandle h)
{
	(void)info, (void)user, (void)h;
}

#define SAY(what, call) printf("%s: %s\n", (what), ename(call))

int
main(void)
{
	CUdevice dev;
	CUcontext c;
	CUdeviceptr p;
	unsigned v = 1, got = 0;
	char luid[8];
	unsigned mask = 0;
	int pi = -1, fd = -1;
	CUexecAffinityParam aff;
	CUmulticastObjectProp mp;
	size_t gran = 0, sz;
	unsigned caps[3] = {0, 0, 0};
	CUatomicOperation ops[3] = {CU_ATOMIC_OPERATION_INTEGER_ADD, CU_ATOMIC_OPERATION_FLOAT_ADD,
	                            CU_ATOMIC_OPERATION_CAS};
	CUdevResource res;
	CUDA_EXTERNAL_MEMORY_HANDLE_DESC md;
	CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC sd;
	CUexternalMemory em;
	CUexternalSemaphore es;
	CUlogsCallbackHandle lh = NULL;
	CUlogIterator it = 0;
	char buf[256];
	int on = -1;
	CUprocessState ps = (CUprocessState)-1;
	CUarray arr, plane;
	CUDA_ARRAY_DESCRIPTOR ad;
	CUDA_ARRAY_MEMORY_REQUIREMENTS req;
	CUDA_ARRAY_SPARSE_PROPERTIES sp;
	CUasyncCallbackHandle nh = NULL;
	CUmemGenericAllocationHandle mh;

	setvbuf(stdout, NULL, _IOLBF, 0);
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&c, NULL, 0, dev));
	CK(cuMemAlloc(&p, 1 << 21));

	SAY("set SYNC_MEMOPS on device memory", cuPointerSetAttribute(&v, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, p));
	printf("read back: %s", ename(cuPointerGetAttribute(&got, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, p)));
	printf(", %u\n", got);
	SAY("set SYNC_MEMOPS inside it", cuPointerSetAttribute(&v, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, p + 4096));
	SAY("set SYNC_MEMOPS on host memory", cuPointerSetAttribute(&v, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS,
	    (CUdeviceptr)(uintptr_t)buf));
	SAY("set CONTEXT", cuPointerSetAttribute(&c, CU_POINTER_ATTRIBUTE_CONTEXT, p));
	SAY("set SYNC_MEMOPS, NULL value", cuPointerSetAttribute(NULL, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, p));

	SAY("cuDeviceGetLuid", cuDeviceGetLuid(luid, &mask, dev));
	printf("exec affinity support: %s", ename(cuDeviceGetExecAffinitySupport(&pi, CU_EXEC_AFFINITY_TYPE_SM_COUNT, dev)));
	printf(", %d\n", pi);
	memset(&aff, 0, sizeof aff);
	printf("context exec affinity: %s", ename(cuCtxGetExecAffinity(&aff, CU_EXEC_AFFINITY_TYPE_SM_COUNT)));
	printf(", type %d, %u SMs\n", (int)aff.type, aff.param.smCount.val);
	SAY("context exec affinity, type MAX", cuCtxGetExecAffinity(&aff, CU_EXEC_AFFINITY_TYPE_MAX));

	printf("DMA-BUF of an allocation: %s\n", ename(cuMemGetHandleForAddressRange(&fd, p, 1 << 21,
	    CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD, 0)));
	if (fd >= 0)
		close(fd);
	SAY("DMA-BUF of 4096 bytes inside it", cuMemGetHandleForAddressRange(&fd, p + 4096, 4096,
	    CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD, 0));
	SAY("DMA-BUF, flags 1", cuMemGetHandleForAddressRange(&fd, p, 1 << 21, CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD, 1));

	memset(&mp, 0, sizeof mp);
	mp.numDevices = 1, mp.size = 2 << 20, mp.handleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
	printf("multicast granularity: %s", ename(cuMulticastGetGranularity(&gran, &mp, CU_MULTICAST_GRANULARITY_MINIMUM)));
	printf(", %zu\n", gran);
	SAY("multicast create", cuMulticastCreate(&mh, &mp));

	printf("host atomic capabilities: %s", ename(cuDeviceGetHostAtomicCapabilities(caps, ops, 3, dev)));
	printf(", 0x%x 0x%x 0x%x\n", caps[0], caps[1], caps[2]);
	printf("P2P atomic capabilities to itself: %s\n", ename(cuDeviceGetP2PAtomicCapabilities(caps, ops, 3, dev, dev)));

	memset(&res, 0, sizeof res);
	printf("SM resource: %s", ename(cuDeviceGetDevResource(dev, &res, CU_DEV_RESOURCE_TYPE_SM)));
	printf(", %u SMs, min partition %u, alignment %u\n", res.sm.smCount, res.sm.minSmPartitionSize,
	    res.sm.smCoscheduledAlignment);

	memset(&md, 0, sizeof md);
	md.type = CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD, md.handle.fd = -1, md.size = 4096;
	SAY("import external memory, fd -1", cuImportExternalMemory(&em, &md));
	memset(&sd, 0, sizeof sd);
	sd.type = CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD, sd.handle.fd = -1;
	SAY("import external semaphore, fd -1", cuImportExternalSemaphore(&es, &sd));
	SAY("destroy external memory NULL", cuDestroyExternalMemory(NULL));

	SAY("register a log callback", cuLogsRegisterCallback(logcb, NULL, &lh));
	if (lh)
		SAY("unregister it", cuLogsUnregisterCallback(lh));
	SAY("unregister NULL", cuLogsUnregisterCallback(NULL));
	printf("log iterator: %s", ename(cuLogsCurrent(&it, 0)));
	printf(", %u\n", it);
	sz = sizeof buf;
	printf("logs to memory: %s", ename(cuLogsDumpToMemory(&it, buf, &sz, 0)));
	printf(", %zu bytes\n", sz);

	sz = sizeof on;
	printf("coredump on exception: %s", ename(cuCoredumpGetAttribute(CU_COREDUMP_ENABLE_ON_EXCEPTION, &on, &sz)));
	printf(", %d, %zu bytes\n", on, sz);
	printf("checkpoint state of this process: %s", ename(cuCheckpointProcessGetState(getpid(), &ps)));
	printf(", %d\n", (int)ps);

	memset(&ad, 0, sizeof ad);
	ad.Width = 64, ad.Height = 64, ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 1;
	CK(cuArrayCreate(&arr, &ad));
	memset(&req, 0, sizeof req);
	printf("array memory requirements: %s", ename(cuArrayGetMemoryRequirements(&req, arr, dev)));
	printf(", size %zu, alignment %zu\n", req.size, req.alignment);
	SAY("array sparse properties", cuArrayGetSparseProperties(&sp, arr));
	SAY("array plane 0", cuArrayGetPlane(&plane, arr, 0));
	CK(cuArrayDestroy(arr));

	SAY("register an async notification", cuDeviceRegisterAsyncNotification(dev, notecb, NULL, &nh));
	if (nh)
		SAY("unregister it", cuDeviceUnregisterAsyncNotification(dev, nh));

	CK(cuMemFree(p));
	CK(cuCtxDestroy(c));
	printf("done\n");
	return 0;
}

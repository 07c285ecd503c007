// vmm_noctx.cu -- physical allocations of the virtual memory API made with
// no context current: cuMemCreate names its device in the properties, so
// it needs none (the toolkit's memMapIPCDrv sample creates and exports its
// allocations after destroying its contexts); then the same allocation
// mapped and used once a context is current, and created again after the
// context is gone.
#include <unistd.h>
#include <cuda.h>
#include "check.h"

int
main()
{
	CUmemAllocationProp prop = {};
	CUmemGenericAllocationHandle h, h2;
	CUmemAccessDesc acc = {};
	CUcontext ctx, cur;
	CUdevice dev;
	CUdeviceptr p;
	size_t g = 0;
	int fd = -1, bad = 0;
	unsigned back[4];

	if (cuInit(0) || cuDeviceGet(&dev, 0))
		return 1;
	prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
	prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	prop.location.id = dev;
	prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
	printf("current: %d\n", (int)cuCtxGetCurrent(&cur));
	printf("granularity: %d", (int)cuMemGetAllocationGranularity(&g, &prop,
	    CU_MEM_ALLOC_GRANULARITY_MINIMUM));
	printf(" %zu\n", g);
	if (!g)
		return 1;
	CUresult r = cuMemCreate(&h, g, &prop, 0);
	printf("create without a context: %d\n", (int)r);
	if (r == CUDA_SUCCESS) {
		r = cuMemExportToShareableHandle(&fd, h, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0);
		printf("export: %d\n", (int)r);
		bad |= r != CUDA_SUCCESS || fd < 0;
		if (fd >= 0)
			close(fd);
	}

	if (cuCtxCreate(&ctx, NULL, 0, dev))
		return 1;
	if (r == CUDA_SUCCESS) {
		printf("reserve: %d\n", (int)cuMemAddressReserve(&p, g, 0, 0, 0));
		printf("map: %d\n", (int)cuMemMap(p, g, 0, h, 0));
		acc.location = prop.location;
		acc.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
		printf("access: %d\n", (int)cuMemSetAccess(p, g, &acc, 1));
		printf("memset: %d\n", (int)cuMemsetD32(p, 0x5eed, g / 4));
		printf("read: %d\n", (int)cuMemcpyDtoH(back, p + g - sizeof back, sizeof back));
		for (int i = 0; i < 4; i++)
			bad |= back[i] != 0x5eed;
		printf("unmap: %d\n", (int)cuMemUnmap(p, g));
		printf("free range: %d\n", (int)cuMemAddressFree(p, g));
		printf("release: %d\n", (int)cuMemRelease(h));
	}
	printf("destroy: %d\n", (int)cuCtxDestroy(ctx));
	printf("current after: %d\n", (int)cuCtxGetCurrent(&cur));
	printf("null current: %d\n", cur == NULL);
	r = cuMemCreate(&h2, g, &prop, 0);
	printf("create after the context: %d\n", (int)r);
	if (r == CUDA_SUCCESS)
		printf("release: %d\n", (int)cuMemRelease(h2));
	if (bad) {
		printf("mismatch\n");
		return 1;
	}
	printf("vmm_noctx ok\n");
	return 0;
}

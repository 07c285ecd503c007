// legacy_drv.cu -- the driver's old and interop entry points that a program
// loading libcuda.so.1 itself (dlopen, dlsym by name, as the toolkit's
// dynamic-linking samples do) requires to be there: which names the library
// exports, cuDeviceGetProperties's answer, and what the graphics interop
// calls answer when no graphics resource was ever registered.
#include <dlfcn.h>
#include <cuda.h>
#include "check.h"

static const char *const names[] = {
	"cuDeviceGetProperties", "cuDeviceComputeCapability",
	"cuMemHostRegister", "cuMemHostRegister_v2",
	"cuMemcpyDtoDAsync", "cuMemcpyDtoDAsync_v2",
	"cuMemcpyHtoDAsync", "cuMemcpyDtoHAsync",
	"cuGraphicsUnregisterResource", "cuGraphicsSubResourceGetMappedArray",
	"cuGraphicsResourceGetMappedMipmappedArray",
	"cuGraphicsResourceGetMappedPointer", "cuGraphicsResourceGetMappedPointer_v2",
	"cuGraphicsResourceSetMapFlags", "cuGraphicsResourceSetMapFlags_v2",
	"cuGraphicsMapResources", "cuGraphicsUnmapResources",
	/* the driver for Linux has no Direct3D or WGL calls; its OpenGL, EGL
	 * and VDPAU registrations are not here (the shim has none) */
	"cuD3D11GetDevice", "cuWGLGetDevice",
};

typedef CUresult (*Props)(CUdevprop *, CUdevice);
typedef CUresult (*Reg)(void *, size_t, unsigned);
typedef CUresult (*Unreg)(CUgraphicsResource);
typedef CUresult (*Map)(unsigned, CUgraphicsResource *, CUstream);
typedef CUresult (*Sub)(CUarray *, CUgraphicsResource, unsigned, unsigned);
typedef CUresult (*Mip)(CUmipmappedArray *, CUgraphicsResource);
typedef CUresult (*Ptr)(CUdeviceptr *, size_t *, CUgraphicsResource);
typedef CUresult (*Flags)(CUgraphicsResource, unsigned);

int
main()
{
	void *lib = dlopen("libcuda.so.1", RTLD_NOW);
	CUdevprop p;
	CUcontext ctx;
	CUdevice dev;
	int bad = 0;

	if (!lib) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		printf("%s %s\n", names[i], dlsym(lib, names[i]) ? "exported" : "absent");

	Props props = (Props)dlsym(lib, "cuDeviceGetProperties");
	if (!props) {
		fprintf(stderr, "no cuDeviceGetProperties\n");
		return 1;
	}
	printf("before cuInit: %d\n", (int)props(&p, 0));
	if (cuInit(0) || cuDeviceGet(&dev, 0) || cuCtxCreate(&ctx, NULL, 0, dev))
		return 1;
	printf("null prop: %d\n", (int)props(NULL, dev));
	printf("device 7: %d\n", (int)props(&p, 7));
	CUresult r = props(&p, dev);
	printf("props: %d\n", (int)r);
	printf("threads %d block %d %d %d grid %d %d %d\n", p.maxThreadsPerBlock,
	    p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2],
	    p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2]);
	printf("shared %d const %d simd %d pitch %d regs %d clock %d texalign %d\n",
	    p.sharedMemPerBlock, p.totalConstantMemory, p.SIMDWidth, p.memPitch,
	    p.regsPerBlock, p.clockRate, p.textureAlign);
	int a;
	cuDeviceGetAttribute(&a, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, dev);
	bad |= r != CUDA_SUCCESS || a != p.maxThreadsPerBlock;
	cuDeviceGetAttribute(&a, CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT, dev);
	bad |= a != p.textureAlign;

	// the version 1 registration: host memory a copy then reads
	Reg reg = (Reg)dlsym(lib, "cuMemHostRegister");
	if (reg) {
		static int host[1024];
		CUdeviceptr d;
		int back[1024];
		for (int i = 0; i < 1024; i++)
			host[i] = i * 3;
		printf("register v1: %d\n", (int)reg(host, sizeof host, 0));
		if (cuMemAlloc(&d, sizeof host) || cuMemcpyHtoD(d, host, sizeof host) ||
		    cuMemcpyDtoH(back, d, sizeof back))
			return 1;
		for (int i = 0; i < 1024; i++)
			bad |= back[i] != i * 3;
		printf("register again: %d\n", (int)reg(host, sizeof host, 0));
		printf("unregister: %d\n", (int)cuMemHostUnregister(host));
		cuMemFree(d);
	}

	// no resource is registered: each call refuses
	CUgraphicsResource none = NULL;
	CUarray arr;
	CUmipmappedArray mip;
	CUdeviceptr dp;
	size_t sz;
	Unreg unreg = (Unreg)dlsym(lib, "cuGraphicsUnregisterResource");
	Map map = (Map)dlsym(lib, "cuGraphicsMapResources");
	Map unmap = (Map)dlsym(lib, "cuGraphicsUnmapResources");
	Sub sub = (Sub)dlsym(lib, "cuGraphicsSubResourceGetMappedArray");
	Mip getmip = (Mip)dlsym(lib, "cuGraphicsResourceGetMappedMipmappedArray");
	Ptr ptr = (Ptr)dlsym(lib, "cuGraphicsResourceGetMappedPointer_v2");
	Flags flags = (Flags)dlsym(lib, "cuGraphicsResourceSetMapFlags_v2");
	if (unreg)
		printf("unregister null: %d\n", (int)unreg(NULL));
	if (map) {
		printf("map 0: %d\n", (int)map(0, NULL, 0));
		printf("map null array: %d\n", (int)map(1, NULL, 0));
		printf("map null: %d\n", (int)map(1, &none, 0));
	}
	if (unmap) {
		printf("unmap 0: %d\n", (int)unmap(0, NULL, 0));
		printf("unmap null: %d\n", (int)unmap(1, &none, 0));
	}
	if (sub)
		printf("sub null: %d\n", (int)sub(&arr, NULL, 0, 0));
	if (getmip)
		printf("mipmapped null: %d\n", (int)getmip(&mip, NULL));
	if (ptr)
		printf("pointer null: %d\n", (int)ptr(&dp, &sz, NULL));
	if (flags)
		printf("flags null: %d\n", (int)flags(NULL, 0));
	cuCtxDestroy(ctx);
	if (bad) {
		printf("mismatch\n");
		return 1;
	}
	printf("legacy_drv ok\n");
	return 0;
}

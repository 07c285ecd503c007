/*
 * v1alloc.c -- device memory of the CUDA 2.x ABI, as a binary built
 * against an old cuda.h calls it: the unversioned cuCtxCreate,
 * cuMemAlloc, cuMemAllocPitch, cuMemFree, cuMemcpyHtoD, cuMemcpyDtoH and
 * cuMemGetAddressRange, looked up by name with dlsym (the symbols the
 * driver still exports), whose device pointers are 32-bit
 * (CUdeviceptr_v1).  The driver places such a context's memory below
 * 4 GiB: each allocation's address fits, copies through it come back,
 * and allocations of 256 MiB are made until the space below 4 GiB is
 * full, when cuMemAlloc fails with the driver's error.  arrself.c's
 * sibling for the output: v1alloc.out, the shim's; v1alloc.gpu, what an
 * H200 printed (v1alloc.gpu-differs: its lines the shim does not print).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include "shimtest.h"

typedef unsigned Dptr1;   /* CUdeviceptr_v1 */

static CUresult (*ctxcreate)(CUcontext *, unsigned, CUdevice);
static CUresult (*ctxdestroy)(CUcontext);
static CUresult (*alloc1)(Dptr1 *, unsigned);
static CUresult (*pitch1)(Dptr1 *, unsigned *, unsigned, unsigned, unsigned);
static CUresult (*free1)(Dptr1);
static CUresult (*htod1)(Dptr1, const void *, unsigned);
static CUresult (*dtoh1)(void *, Dptr1, unsigned);
static CUresult (*range1)(Dptr1 *, unsigned *, Dptr1);

static void *
sym(void *lib, const char *name)
{
	void *p = dlsym(lib, name);

	if (!p) {
		printf("no %s\n", name);
		exit(1);
	}
	return p;
}

int
main(void)
{
	void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
	static Dptr1 p[64];
	unsigned char in[4096], back[4096];
	CUdevice dev;
	CUcontext ctx;
	CUresult r;
	Dptr1 q, base;
	unsigned pt, size;
	int n;

	if (!lib) {
		printf("no libcuda.so.1: %s\n", dlerror());
		return 1;
	}
	*(void **)&ctxcreate = sym(lib, "cuCtxCreate");
	*(void **)&ctxdestroy = sym(lib, "cuCtxDestroy");
	*(void **)&alloc1 = sym(lib, "cuMemAlloc");
	*(void **)&pitch1 = sym(lib, "cuMemAllocPitch");
	*(void **)&free1 = sym(lib, "cuMemFree");
	*(void **)&htod1 = sym(lib, "cuMemcpyHtoD");
	*(void **)&dtoh1 = sym(lib, "cuMemcpyDtoH");
	*(void **)&range1 = sym(lib, "cuMemGetAddressRange");
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(ctxcreate(&ctx, 0, dev));

	for (int i = 0; i < 4096; i++)
		in[i] = (unsigned char)(i * 13 + 5);
	r = alloc1(&q, 4096);
	printf("cuMemAlloc 4096: %s, %s\n", ename(r), q ? "an address" : "0");
	printf("cuMemcpyHtoD: %s\n", ename(htod1(q, in, 4096)));
	memset(back, 0, sizeof back);
	r = dtoh1(back, q, 4096);
	printf("cuMemcpyDtoH: %s, %s\n", ename(r), memcmp(in, back, 4096) ? "other bytes" : "the same bytes");
	base = 0, size = 0;
	r = range1(&base, &size, q + 100);
	printf("cuMemGetAddressRange: %s, %s, size %u\n", ename(r), base == q ? "its base" : "another base", size);
	printf("cuMemFree: %s\n", ename(free1(q)));
	r = pitch1(&q, &pt, 100, 10, 4);
	printf("cuMemAllocPitch 100 x 10: %s, %s, pitch %u\n", ename(r), q ? "an address" : "0", pt);
	if (!r)
		CK(free1(q));

	/* 256 MiB at a time until the space below 4 GiB is full */
	for (n = 0; n < 64; n++)
		if ((r = alloc1(&p[n], 256u << 20)))
			break;
	printf("256 MiB allocations: %s after %s\n", ename(r), n >= 1 && n < 16 ? "1 to 15" : "another count");
	if (r)
		printf("  the pointer after the failure: %s\n", p[n] ? "an address" : "0");
	for (int i = 0; i + 1 < n; i++)
		if (p[i] == p[i + 1]) {
			printf("  two alike\n");
			break;
		}
	for (int i = 0; i < n; i++)
		CK(free1(p[i]));
	r = alloc1(&q, 4096);
	printf("cuMemAlloc 4096 after the frees: %s\n", ename(r));
	if (!r)
		CK(free1(q));
	r = alloc1(&q, 0xffffffffu);
	printf("cuMemAlloc 4 GiB - 1: %s\n", ename(r));
	if (!r)
		CK(free1(q));
	printf("cuMemAlloc 0: %s\n", ename(alloc1(&q, 0)));
	CK(ctxdestroy(ctx));
	printf("done\n");
	return 0;
}

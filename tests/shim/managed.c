/*
 * managed.c -- memory that host and kernels share: managed memory
 * (cuMemAllocManaged), mapped page-locked memory (cuMemHostAlloc with
 * DEVICEMAP) and registered host memory (cuMemHostRegister), each read and
 * written in place by the host and by a kernel, and the pointer attributes
 * that describe them.  tests/shim.test runs it on libptxcuda and compares
 * with managed.out, printed on an H100.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

/* x[i] = x[i] * 3 + i + k for i < n */
static const char ptx[] =
    ".version 8.0\n.target sm_90\n.address_size 64\n"
    ".visible .entry step(.param .u64 x, .param .u32 n, .param .u32 k)\n{\n"
    "\t.reg .pred %p;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<4>;\n"
    "\tld.param.u64 %rd0, [x];\n\tld.param.u32 %r0, [n];\n\tld.param.u32 %r1, [k];\n"
    "\tmov.u32 %r2, %ctaid.x;\n\tmov.u32 %r3, %ntid.x;\n\tmov.u32 %r4, %tid.x;\n"
    "\tmad.lo.u32 %r2, %r2, %r3, %r4;\n\tsetp.ge.u32 %p, %r2, %r0;\n\t@%p bra $done;\n"
    "\tmul.wide.u32 %rd1, %r2, 4;\n\tadd.s64 %rd1, %rd0, %rd1;\n"
    "\tld.u32 %r5, [%rd1];\n\tmad.lo.u32 %r5, %r5, 3, %r2;\n\tadd.u32 %r5, %r5, %r1;\n"
    "\tst.u32 [%rd1], %r5;\n$done:\n\tret;\n}\n";

static CUfunction fn;

static void
step(CUdeviceptr x, unsigned n, unsigned k)
{
	void *p[] = { &x, &n, &k };

	CK(cuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, p, NULL));
	CK(cuCtxSynchronize());
}

static void
show(const char *what, const unsigned *v, unsigned n)
{
	unsigned long long s = 0;

	for (unsigned i = 0; i < n; i++)
		s += (unsigned long long)v[i] * (i + 1);
	printf("%s: %u %u %u ... %u, weighted sum %llu\n", what, v[0], v[1], v[2], v[n - 1], s);
}

int
main(void)
{
	CUdevice dev;
	CUcontext cx;
	CUmodule mod;
	CUdeviceptr m, d, dh, dr, dp;
	unsigned n = 1000, *h, *reg, *mv;
	int v;

	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&cx, NULL, 0, dev));
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&fn, mod, "step"));

	/* managed: the host writes, the kernel updates, the host reads, twice */
	CK(cuMemAllocManaged(&m, n * sizeof *mv, CU_MEM_ATTACH_GLOBAL));
	mv = (unsigned *)(uintptr_t)m;
	for (unsigned i = 0; i < n; i++)
		mv[i] = i * 7;
	step(m, n, 1);
	show("managed", mv, n);
	mv[5] = 100;
	step(m, n, 2);
	show("managed again", mv, n);
	CK(cuPointerGetAttribute(&v, CU_POINTER_ATTRIBUTE_IS_MANAGED, m));
	printf("managed is_managed %d\n", v);
	{
		CUmemLocation loc = { CU_MEM_LOCATION_TYPE_DEVICE, 0 };
		printf("prefetch %d\n", (int)cuMemPrefetchAsync(m, n * sizeof *mv, loc, 0, NULL));
	}
	CK(cuCtxSynchronize());

	/* device memory is not managed */
	CK(cuMemAlloc(&d, 256));
	CK(cuPointerGetAttribute(&v, CU_POINTER_ATTRIBUTE_IS_MANAGED, d));
	printf("device is_managed %d\n", v);

	/* mapped page-locked memory */
	CK(cuMemHostAlloc((void **)&h, n * sizeof *h, CU_MEMHOSTALLOC_DEVICEMAP));
	CK(cuMemHostGetDevicePointer(&dh, h, 0));
	printf("mapped: device pointer %s the host pointer\n", dh == (CUdeviceptr)(uintptr_t)h ? "is" : "is not");
	for (unsigned i = 0; i < n; i++)
		h[i] = n - i;
	step(dh, n, 3);
	show("mapped", h, n);
	CK(cuPointerGetAttribute(&dp, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, (CUdeviceptr)(uintptr_t)h));
	printf("mapped: attribute device pointer %s the host pointer\n", dp == dh ? "is" : "is not");

	/* registered host memory */
	reg = aligned_alloc(4096, 4096);
	for (unsigned i = 0; i < 1024; i++)
		reg[i] = i ^ 0x55;
	CK(cuMemHostRegister(reg, 4096, CU_MEMHOSTREGISTER_DEVICEMAP));
	CK(cuMemHostGetDevicePointer(&dr, reg, 0));
	step(dr, 1024, 4);
	show("registered", reg, 1024);
	CK(cuMemHostUnregister(reg));
	free(reg);

	CK(cuMemFreeHost(h));
	CK(cuMemFree(d));
	CK(cuMemFree(m));
	CK(cuModuleUnload(mod));
	CK(cuCtxDestroy(cx));
	return 0;
}

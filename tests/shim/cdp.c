/*
 * cdp.c -- a driver-API program whose kernels launch kernels: it links
 * -rdc PTX with the device runtime (cuLinkAddFile of libcudadevrt.a, as
 * nvcc's link step does), loads the image and launches three parents of
 * tests/corpus/cuda/device_runtime.cu.  tests/shim.test runs it on
 * libptxcuda (where the device runtime is built in, and the library need
 * not exist) and compares with cdp.out, printed on an H100.
 *
 * usage: cdp DEVICE_RUNTIME.ptx LIBCUDADEVRT.a
 */
#include <stdio.h>
#include <stdlib.h>
#include <cuda.h>
#include "shimtest.h"

static void
show(const char *what, const int *v, int n)
{
	long long sum = 0;

	printf("%s:", what);
	for (int i = 0; i < n; i++) {
		sum += (long long)v[i] * (i + 1);
		if (i < 12)
			printf(" %d", v[i]);
	}
	printf(" ... weighted sum %lld\n", sum);
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext cx;
	CUlinkState ls;
	CUmodule mod;
	CUfunction parent, recurse, per_thread;
	CUdeviceptr a, b;
	void *img;
	size_t imgsz;
	int host[512], n = 40;

	if (argc != 3)
		return 2;
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&cx, NULL, 0, dev));
	CK(cuLinkCreate(0, NULL, NULL, &ls));
	CK(cuLinkAddFile(ls, CU_JIT_INPUT_PTX, argv[1], 0, NULL, NULL));
	CK(cuLinkAddFile(ls, CU_JIT_INPUT_LIBRARY, argv[2], 0, NULL, NULL));
	CK(cuLinkComplete(ls, &img, &imgsz));
	CK(cuModuleLoadData(&mod, img));
	CK(cuLinkDestroy(ls));
	CK(cuModuleGetFunction(&parent, mod, "_Z6parentPiS_i"));
	CK(cuModuleGetFunction(&recurse, mod, "_Z7recursePii"));
	CK(cuModuleGetFunction(&per_thread, mod, "_Z10per_threadPi"));
	CK(cuMemAlloc(&a, sizeof host));
	CK(cuMemAlloc(&b, sizeof host));
	CK(cuMemsetD8(a, 0, sizeof host));
	CK(cuMemsetD8(b, 0, sizeof host));
	{
		void *p[] = { &a, &b, &n };
		CK(cuLaunchKernel(parent, 3, 1, 1, 32, 1, 1, 0, NULL, p, NULL));
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(host, a, sizeof host));
	show("parent fill", host, 3 * n);
	CK(cuMemcpyDtoH(host, b, sizeof host));
	show("parent tail", host, 3 * 64);
	{
		int zero = 0;
		void *p[] = { &a, &zero };
		CK(cuMemsetD8(a, 0, sizeof host));
		CK(cuLaunchKernel(recurse, 1, 1, 1, 1, 1, 1, 0, NULL, p, NULL));
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(host, a, sizeof host));
	show("recurse", host, 8);
	{
		void *p[] = { &b };
		CK(cuMemsetD8(b, 0, sizeof host));
		CK(cuLaunchKernel(per_thread, 2, 1, 1, 64, 1, 1, 0, NULL, p, NULL));
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(host, b, sizeof host));
	show("per thread", host, 128);
	CK(cuMemFree(a));
	CK(cuMemFree(b));
	CK(cuModuleUnload(mod));
	CK(cuCtxDestroy(cx));
	return 0;
}

/*
 * slack.c -- the slack of an allocation: a GPU's driver carves allocations
 * of up to 1 MiB from 2 MiB chunks, and gives larger ones 2 MiB pages of
 * their own, so a kernel that touches the bytes past a small buffer's end
 * (the bug of a bounds check off by a little, or by a lot) runs without a
 * fault, and the context goes on; the size the driver reports for the
 * allocation is still the one asked for.  In the shim the slack is the
 * buffer's own memory, zero until written.  Then a store just past a
 * 16 MiB allocation, which faults as on an H200.
 *
 * Output: one line each, against slack.out.
 */
#include <stdio.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry fill(.param .u64 out, .param .u32 off)\n{\n"
	"\t.reg .u32 %r<4>;\n\t.reg .u64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [out];\n\tld.param.u32 %r2, [off];\n"
	"\tmov.u32 %r1, %tid.x;\n\tadd.u32 %r3, %r1, %r2;\n"
	"\tmul.wide.u32 %rd2, %r3, 4;\n\tadd.u64 %rd3, %rd1, %rd2;\n"
	"\tst.global.u32 [%rd3], %r1;\n\tret;\n}\n"
	".visible .entry sh(.param .u64 out)\n{\n"
	"\t.shared .align 4 .b8 s[4];\n\t.reg .u32 %r<4>;\n\t.reg .u64 %rd<2>;\n"
	"\tld.param.u64 %rd1, [out];\n\tmov.u32 %r1, 77;\n"
	"\tst.shared.u32 [s+100], %r1;\n\tbar.sync 0;\n\tld.shared.u32 %r2, [s+100];\n"
	"\tst.global.u32 [%rd1], %r2;\n\tret;\n}\n";

int
main(void)
{
	CUcontext c;
	CUdevice d;
	CUmodule m;
	CUfunction f;
	CUdeviceptr p, base;
	size_t size;
	unsigned got[25], off = 0;
	void *args[] = {&p, &off};
	CUresult r;
	const char *name;

	CK(cuInit(0));
	CK(cuDeviceGet(&d, 0));
	CK(cuCtxCreate(&c, NULL, 0, d));
	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&f, m, "fill"));
	CK(cuMemAlloc(&p, 100));
	/* 128 threads store 512 bytes into a buffer of 100 */
	r = cuLaunchKernel(f, 1, 1, 1, 128, 1, 1, 0, NULL, args, NULL);
	if (!r)
		r = cuCtxSynchronize();
	cuGetErrorName(r, &name);
	printf("stores into the slack of a 100-byte allocation: %s\n", name);
	CK(cuMemcpyDtoH(got, p, sizeof got));
	printf("the buffer's own bytes: %s\n", got[0] == 0 && got[24] == 24 ? "written" : "WRONG");
	CK(cuMemGetAddressRange(&base, &size, p + 40));
	printf("cuMemGetAddressRange: base %s, %zu bytes\n", base == p ? "the allocation" : "WRONG", size);
	/* shared memory: the unit of 128 bytes around a 4-byte array */
	{
		CUfunction g;
		void *a1[] = {&p};
		CK(cuModuleGetFunction(&g, m, "sh"));
		r = cuLaunchKernel(g, 1, 1, 1, 32, 1, 1, 0, NULL, a1, NULL);
		if (!r)
			r = cuCtxSynchronize();
		cuGetErrorName(r, &name);
		CK(cuMemcpyDtoH(got, p, 4));
		printf("a store 100 bytes into a 4-byte shared array: %s, reads %u\n", name, got[0]);
	}
	/* 1 MiB past a small allocation: the slack, zeros until written */
	{
		CUdeviceptr q;
		unsigned z = 0;
		CK(cuMemAlloc(&q, 4096));
		CK(cuMemsetD32(q, 0xffffffffu, 1));
		off = 1u << 18;
		r = cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, args, NULL);
		if (!r)
			r = cuCtxSynchronize();
		cuGetErrorName(r, &name);
		CK(cuMemcpyDtoH(&z, q, 4));
		printf("stores 1 MiB past a 100-byte allocation: %s; the next allocation %s\n", name,
		    z == 0xffffffffu ? "untouched" : "WRITTEN");
		CK(cuMemFree(q));
	}
	/* just past 16 MiB, its own pages: a fault, which poisons the context */
	CK(cuMemFree(p));
	CK(cuMemAlloc(&p, 16u << 20));
	off = 4u << 20;
	r = cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, args, NULL);
	if (!r)
		r = cuCtxSynchronize();
	cuGetErrorName(r, &name);
	printf("a store just past a 16 MiB allocation: %s\n", name);
	return 0;
}

/*
 * drvfacts.c -- prints what a driver answers to a few questions whose
 * answers the shim models, one line each, so a GPU's run and the shim's
 * can be compared line by line:
 *
 *   mem    how much cuMemGetInfo's free amount drops for allocations of
 *          several sizes made in a fresh context, and rises as they are
 *          freed (the driver's allocation granularity)
 *   gran   cuMemGetAllocationGranularity, minimum and recommended (looked
 *          up by name: a driver without it says so)
 *   cg     a module whose PTX calls cudaCG* functions: loaded alone, and
 *          linked with and without the device runtime (libcudadevrt.a
 *          from argv[1], when given): the result and the first log line
 *   void   cuLink of two PTX inputs, the caller declaring .extern with a
 *          return value a function the other defines without one (as
 *          numba-cuda declares C functions returning void): the result
 *          and the first log line, and the kernel's launch
 *
 *	drvfacts [LIBCUDADEVRT.A]
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

static const char cgptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".extern .func (.param .b64 h) cudaCGGetIntrinsicHandle(.param .b32 scope);\n"
	".extern .func (.param .b32 r) cudaCGSynchronizeGrid(.param .b64 h, .param .b32 f);\n"
	".visible .entry k(.param .u64 out)\n{\n"
	"\t.reg .b64 %rd<4>;\n\t.reg .b32 %r<4>;\n"
	"\t{\n\t.param .b32 s;\n\t.param .b64 h;\n\tst.param.b32 [s], 1;\n"
	"\tcall.uni (h), cudaCGGetIntrinsicHandle, (s);\n\tld.param.b64 %rd1, [h];\n\t}\n"
	"\t{\n\t.param .b64 a;\n\t.param .b32 b;\n\t.param .b32 r;\n"
	"\tst.param.b64 [a], %rd1;\n\tst.param.b32 [b], 0;\n"
	"\tcall.uni (r), cudaCGSynchronizeGrid, (a, b);\n\tld.param.b32 %r1, [r];\n\t}\n"
	"\tld.param.u64 %rd2, [out];\n\tst.global.u32 [%rd2], %r1;\n\tret;\n}\n";

static const char vcaller[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".extern .func (.param .b64 r) note(.param .b32 x);\n"
	".visible .entry kv(.param .u64 out)\n{\n\t.reg .b64 %rd<4>;\n"
	"\t{\n\t.param .b32 a;\n\t.param .b64 r;\n\tst.param.b32 [a], 5;\n"
	"\tcall.uni (r), note, (a);\n\tld.param.b64 %rd1, [r];\n\t}\n"
	"\tld.param.u64 %rd2, [out];\n\tst.global.u32 [%rd2], 7;\n\tret;\n}\n";
static const char vcallee[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .func note(.param .b32 x)\n{\n\tret;\n}\n";

static size_t
freemem(void)
{
	size_t f = 0, t = 0;

	cuMemGetInfo(&f, &t);
	return f;
}

static void
firstline(const char *what, CUresult r, const char *log)
{
	size_t n = strcspn(log, "\n");

	printf("cg: %s: %s: %.*s\n", what, ename(r), (int)(n > 200 ? 200 : n), log);
}

static void
link(const char *devrt)
{
	char log[4096] = "", info[4096] = "";
	CUjit_option opt[] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
	    CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES };
	void *val[] = { log, (void *)(size_t)sizeof log, info, (void *)(size_t)sizeof info };
	CUlinkState ls;
	CUmodule m;
	void *img;
	size_t sz;
	CUresult r;

	if ((r = cuLinkCreate(4, opt, val, &ls))) {
		printf("cg: link create: %s\n", ename(r));
		return;
	}
	r = cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)cgptx, sizeof cgptx, "cg.ptx", 0, NULL, NULL);
	firstline("link add ptx", r, log);
	if (devrt) {
		r = cuLinkAddFile(ls, CU_JIT_INPUT_LIBRARY, devrt, 0, NULL, NULL);
		firstline("link add devrt", r, log);
	}
	r = cuLinkComplete(ls, &img, &sz);
	firstline(devrt ? "link complete with devrt" : "link complete without devrt", r, log);
	if (!r) {
		r = cuModuleLoadData(&m, img);
		printf("cg: load linked image: %s\n", ename(r));
		if (!r)
			cuModuleUnload(m);
	}
	cuLinkDestroy(ls);
}

static void
voidlink(void)
{
	char log[4096] = "";
	CUjit_option opt[] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
	void *val[] = { log, (void *)(size_t)sizeof log };
	CUlinkState ls;
	CUmodule m;
	CUfunction f;
	CUdeviceptr out;
	unsigned v = 0;
	void *img, *args[] = { &out };
	size_t sz;
	CUresult r;

	if (cuLinkCreate(2, opt, val, &ls))
		return;
	r = cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)vcaller, sizeof vcaller, "caller.ptx", 0, NULL, NULL);
	if (!r)
		r = cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)vcallee, sizeof vcallee, "callee.ptx", 0, NULL,
		    NULL);
	if (!r)
		r = cuLinkComplete(ls, &img, &sz);
	printf("void: link: %s: %.*s\n", ename(r), (int)strcspn(log, "\n"), log);
	if (!r && !(r = cuModuleLoadData(&m, img))) {
		cuModuleGetFunction(&f, m, "kv");
		cuMemAlloc(&out, 4);
		r = cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL);
		if (!r)
			r = cuCtxSynchronize();
		cuMemcpyDtoH(&v, out, 4);
		printf("void: launch: %s, wrote %u\n", ename(r), v);
		cuMemFree(out);
		cuModuleUnload(m);
	}
	cuLinkDestroy(ls);
}

int
main(int argc, char **argv)
{
	static const size_t sizes[] = { 1000, 1000, 4096, 65536, 1u << 20, (1u << 20) + 1,
	    2u << 20, (2u << 20) + 1, 3u << 20, 10000000 };
	enum { NS = sizeof sizes / sizeof sizes[0] };
	CUdeviceptr p[NS], q[64];
	CUdevice dev;
	CUcontext ctx;
	CUmodule m;
	size_t f0, f, g;
	char log[4096] = "";
	CUjit_option opt[] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
	void *val[] = { log, (void *)(size_t)sizeof log };
	CUmemAllocationProp prop;
	CUresult (*gran)(size_t *, const CUmemAllocationProp *, CUmemAllocationGranularity_flags);
	CUresult r;

	if (cuInit(0) || cuDeviceGet(&dev, 0) || cuCtxCreate(&ctx, NULL, 0, dev)) {
		printf("no device\n");
		return 1;
	}
	f0 = f = freemem();
	for (int i = 0; i < NS; i++) {
		r = cuMemAlloc(&p[i], sizes[i]);
		g = freemem();
		printf("mem: alloc %zu: %s, free drops by %zu\n", sizes[i], ename(r), f - g);
		f = g;
	}
	for (int i = 0; i < 64; i++)
		cuMemAlloc(&q[i], 65536);
	g = freemem();
	printf("mem: 64 more of 65536: free drops by %zu\n", f - g);
	f = g;
	for (int i = 0; i < NS; i++) {
		cuMemFree(p[i]);
		g = freemem();
		printf("mem: free %zu: free rises by %zu\n", sizes[i], g - f);
		f = g;
	}
	for (int i = 0; i < 64; i++)
		cuMemFree(q[i]);
	g = freemem();
	printf("mem: free the 64: free rises by %zu; below the start by %zu\n", g - f, f0 - g);

	memset(&prop, 0, sizeof prop);
	prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
	prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	prop.location.id = 0;
	gran = (CUresult (*)(size_t *, const CUmemAllocationProp *, CUmemAllocationGranularity_flags))
	    dlsym(RTLD_DEFAULT, "cuMemGetAllocationGranularity");
	if (gran) {
		r = gran(&f, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
		g = 0;
		gran(&g, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED);
		printf("gran: %s: minimum %zu, recommended %zu\n", ename(r), f, g);
	} else
		printf("gran: no cuMemGetAllocationGranularity\n");

	r = cuModuleLoadDataEx(&m, cgptx, 2, opt, val);
	firstline("load alone", r, log);
	if (!r)
		cuModuleUnload(m);
	link(NULL);
	if (argc > 1)
		link(argv[1]);
	voidlink();
	cuCtxDestroy(ctx);
	return 0;
}

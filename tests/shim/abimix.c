/*
 * abimix.c -- the two ABIs of the driver's memory calls, each under a
 * context of the other.  The unversioned cuCtxCreate makes a context of
 * the CUDA 2.x ABI, whose calls (cuMemAlloc, cuMemcpyHtoD, cuArrayCreate,
 * ... under their unversioned names) take 32-bit sizes and
 * CUdeviceptr_v1; CUDA 3.2 replaced them with the _v2 calls, and
 * cuCtxCreate_v2 makes a context of theirs.  The driver refuses a call of
 * one ABI under a context of the other (CUDA_ERROR_INVALID_CONTEXT); the
 * entry points that came later (streams, events, launches, the _v2 calls
 * of CUDA 4.0 that changed no type) take both.
 *
 *   abimix v1|v2 PROBE   a context of that ABI (v1: cuCtxCreate, v2:
 *                        cuCtxCreate_v2), then one probe's calls, each
 *                        line "call: RESULT" and what it wrote
 *   abimix list          the probes, in the order abimix.gpu has them
 *
 * A pointer one of the old calls hands back is written into an 8-byte
 * slot filled with 0xaa, and how much of it the call wrote is printed: 4
 * bytes is the old ABI's width.  abimix.gpu is what an H200 (driver 580)
 * printed, each probe a process of its own and "rc" its exit status, as
 * tests/shim.test runs it on the shim; abimix.gpu-differs lists the
 * driver's lines the shim does not print, and why.
 */
#define _GNU_SOURCE   /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>

#undef cuCtxCreate
#undef cuMemAlloc
#undef cuMemFree
#undef cuMemGetInfo
#undef cuDeviceTotalMem
#undef cuMemAllocHost
#undef cuMemHostGetDevicePointer
#undef cuMemcpyHtoD
#undef cuMemcpyDtoH
#undef cuMemsetD8
#undef cuArrayCreate
#undef cuArrayGetDescriptor
#undef cuArray3DCreate
#undef cuArray3DGetDescriptor
#undef cuModuleGetGlobal
#undef cuCtxDestroy
#undef cuCtxPopCurrent
#undef cuCtxPushCurrent
#undef cuStreamDestroy
#undef cuEventDestroy
#undef cuEventElapsedTime
#undef cuMemHostRegister
#undef cuLinkCreate
#undef cuMemGetAddressRange
#undef cuMemAllocPitch

typedef unsigned int Dptr1;
typedef struct { unsigned Width, Height; CUarray_format Format; unsigned NumChannels; } Desc1;
typedef struct { unsigned Width, Height, Depth; CUarray_format Format; unsigned NumChannels, Flags; } Desc3d1;

CUresult CUDAAPI cuCtxCreate(CUcontext *, unsigned, CUdevice);
CUresult CUDAAPI cuCtxCreate_v2(CUcontext *, unsigned, CUdevice);
CUresult CUDAAPI cuMemAlloc(Dptr1 *, unsigned);
CUresult CUDAAPI cuMemFree(Dptr1);
CUresult CUDAAPI cuMemGetInfo(unsigned *, unsigned *);
CUresult CUDAAPI cuDeviceTotalMem(unsigned *, CUdevice);
CUresult CUDAAPI cuMemAllocHost(void **, unsigned);
CUresult CUDAAPI cuMemHostGetDevicePointer(Dptr1 *, void *, unsigned);
CUresult CUDAAPI cuMemcpyHtoD(Dptr1, const void *, unsigned);
CUresult CUDAAPI cuMemcpyDtoH(void *, Dptr1, unsigned);
CUresult CUDAAPI cuMemsetD8(Dptr1, unsigned char, unsigned);
CUresult CUDAAPI cuArrayCreate(CUarray *, const Desc1 *);
CUresult CUDAAPI cuArrayGetDescriptor(Desc1 *, CUarray);
CUresult CUDAAPI cuArray3DCreate(CUarray *, const Desc3d1 *);
CUresult CUDAAPI cuModuleGetGlobal(Dptr1 *, unsigned *, CUmodule, const char *);
CUresult CUDAAPI cuMemGetAddressRange(Dptr1 *, unsigned *, Dptr1);
CUresult CUDAAPI cuMemAllocPitch(Dptr1 *, unsigned *, unsigned, unsigned, unsigned);
CUresult CUDAAPI cuCtxDestroy(CUcontext);
CUresult CUDAAPI cuCtxPopCurrent(CUcontext *);
CUresult CUDAAPI cuCtxPushCurrent(CUcontext);
CUresult CUDAAPI cuStreamDestroy(CUstream);
CUresult CUDAAPI cuEventDestroy(CUevent);
CUresult CUDAAPI cuEventElapsedTime(float *, CUevent, CUevent);
CUresult CUDAAPI cuMemHostRegister(void *, size_t, unsigned);
CUresult CUDAAPI cuLinkCreate(unsigned, CUjit_option *, void **, CUlinkState *);

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .global .align 4 .u32 g[4];\n"
	".visible .entry k(.param .u64 p)\n{\n\t.reg .b64 %rd<2>;\n\t.reg .b32 %r<2>;\n"
	"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, 1234;\n\tst.global.u32 [%rd1], %r1;\n\tret;\n}\n";

static const char *
en(CUresult r)
{
	const char *n = NULL;

	cuGetErrorName(r, &n);
	return n ? n : "?";
}

#define SAY(call) printf("%s: %s\n", #call, en(call))
#define UNSET 0xaaaaaaaaaaaaaaaaull

/* how much of an 8-byte slot, all 0xaa before, a call wrote */
static const char *
wrote(uint64_t v)
{
	int lo = (uint32_t)v != (uint32_t)UNSET, hi = (v >> 32) != (UNSET >> 32);

	return hi ? "8 bytes written" : lo ? "4 bytes written" : "nothing written";
}

static int v1;
static CUcontext ctx;

/* a device allocation of this ABI's: the unversioned call under v1 */
static CUdeviceptr
dev(void)
{
	CUdeviceptr dp = 0;
	Dptr1 p = 0;
	CUresult r;

	if (v1) {
		r = cuMemAlloc(&p, 4096);
		dp = p;
	} else
		r = cuMemAlloc_v2(&dp, 4096);
	if (r)
		printf("(no allocation: %s)\n", en(r));
	return dp;
}

static CUarray
arr(void)
{
	Desc1 d1 = {64, 4, CU_AD_FORMAT_UNSIGNED_INT8, 1};
	CUDA_ARRAY_DESCRIPTOR d2 = {64, 4, CU_AD_FORMAT_UNSIGNED_INT8, 1};
	CUarray a = NULL;
	CUresult r = v1 ? cuArrayCreate(&a, &d1) : cuArrayCreate_v2(&a, &d2);

	if (r)
		printf("(array failed: %s)\n", en(r));
	return a;
}

int
main(int argc, char **argv)
{
	CUdevice d;
	CUresult r;
	const char *p;
	unsigned char host[256];

	if (argc == 2 && !strcmp(argv[1], "list")) {
		puts("apiver alloc_v1 copy_v1 array copy module free_v2 alloc_v2 info total memset pitch range texref second primary host hostdev copy2d ctxdestroy_v2 ctxdestroy_v1 pushpop stream event sync hostreg managed link getproc");
		return 0;
	}
	if (argc != 3)
		return 2;
	v1 = !strcmp(argv[1], "v1");
	p = argv[2];
	setvbuf(stdout, NULL, _IOLBF, 0);
	memset(host, 3, sizeof host);
	if ((r = cuInit(0)) || (r = cuDeviceGet(&d, 0))) {
		printf("init: %s\n", en(r));
		return 1;
	}
	r = v1 ? cuCtxCreate(&ctx, 0, d) : cuCtxCreate_v2(&ctx, 0, d);
	printf("== %s %s (context: %s)\n", argv[1], p, en(r));
	if (r)
		return 1;

	if (!strcmp(p, "apiver")) {
		unsigned v = 0, w = 0;
		int dv = 0;
		cuDriverGetVersion(&dv);
		r = cuCtxGetApiVersion(ctx, &v);
		fprintf(stderr, "driver %d\n", dv);
		printf("cuCtxGetApiVersion(ctx): %s %u\n", en(r), v);
		r = cuCtxGetApiVersion(NULL, &w);
		printf("cuCtxGetApiVersion(NULL): %s %u\n", en(r), w);
	} else if (!strcmp(p, "alloc_v1")) {
		uint64_t buf = UNSET;
		r = cuMemAlloc((Dptr1 *)&buf, 4096);
		printf("cuMemAlloc: %s, %s\n", en(r), wrote(buf));
		if (!r)
			SAY(cuMemFree((Dptr1)buf));
	} else if (!strcmp(p, "alloc_v2")) {
		CUdeviceptr dp = 0;
		r = cuMemAlloc_v2(&dp, 4096);
		printf("cuMemAlloc_v2: %s, below 4 GiB %d\n", en(r), dp <= 0xffffffffu);
		if (!r)
			SAY(cuMemFree_v2(dp));
	} else if (!strcmp(p, "free_v2")) {
		CUdeviceptr dp = dev();
		SAY(cuMemFree_v2(dp));
		SAY(cuMemFree((Dptr1)dp));
	} else if (!strcmp(p, "info")) {
		size_t f = 0, t = 0;
		uint64_t f1 = UNSET, t1 = UNSET;
		SAY(cuMemGetInfo_v2(&f, &t));
		r = cuMemGetInfo((unsigned *)&f1, (unsigned *)&t1);
		printf("cuMemGetInfo: %s, %s, %s\n", en(r), wrote(f1), wrote(t1));
		fprintf(stderr, "cuMemGetInfo: %#llx %#llx\n", (unsigned long long)f1, (unsigned long long)t1);
	} else if (!strcmp(p, "total")) {
		size_t t = 0;
		uint64_t t1 = UNSET;
		SAY(cuDeviceTotalMem_v2(&t, d));
		r = cuDeviceTotalMem((unsigned *)&t1, d);
		printf("cuDeviceTotalMem: %s, %s\n", en(r), wrote(t1));
		fprintf(stderr, "cuDeviceTotalMem: %#llx, _v2 %zu\n", (unsigned long long)t1, t);
	} else if (!strcmp(p, "host")) {
		void *h = NULL, *h1 = NULL;
		r = cuMemAllocHost_v2(&h, 4096);
		printf("cuMemAllocHost_v2: %s\n", en(r));
		if (!r)
			SAY(cuMemFreeHost(h));
		r = cuMemAllocHost(&h1, 4096);
		printf("cuMemAllocHost: %s\n", en(r));
		if (!r)
			SAY(cuMemFreeHost(h1));
	} else if (!strcmp(p, "hostdev")) {
		void *h = NULL;
		CUdeviceptr dp;
		uint64_t buf = UNSET;
		SAY(cuMemHostAlloc(&h, 4096, CU_MEMHOSTALLOC_DEVICEMAP));
		SAY(cuMemHostGetDevicePointer_v2(&dp, h, 0));
		r = cuMemHostGetDevicePointer((Dptr1 *)&buf, h, 0);
		printf("cuMemHostGetDevicePointer: %s, %s\n", en(r), wrote(buf));
	} else if (!strcmp(p, "range")) {
		CUdeviceptr dp = dev(), b;
		size_t n;
		Dptr1 b1;
		unsigned n1;
		SAY(cuMemGetAddressRange_v2(&b, &n, dp + 8));
		SAY(cuMemGetAddressRange(&b1, &n1, (Dptr1)dp + 8));
	} else if (!strcmp(p, "copy")) {
		CUdeviceptr dp = dev();
		unsigned char back[64];
		SAY(cuMemcpyHtoD_v2(dp, host, 64));
		SAY(cuMemcpyDtoH_v2(back, dp, 64));
		SAY(cuMemcpyDtoD_v2(dp + 1024, dp, 64));
		SAY(cuMemcpyHtoDAsync_v2(dp, host, 64, NULL));
		SAY(cuMemcpyDtoHAsync_v2(back, dp, 64, NULL));
		SAY(cuMemcpyDtoDAsync_v2(dp + 1024, dp, 64, NULL));
		SAY(cuMemcpyHtoD((Dptr1)dp, host, 64));
		memset(back, 0, sizeof back);
		r = cuMemcpyDtoH(back, (Dptr1)dp, 64);
		printf("cuMemcpyDtoH: %s, data %s\n", en(r), memcmp(back, host, 64) ? "differs" : "same");
		if (dp)   /* unified addressing: 0 would be a host pointer */
			SAY(cuMemcpy(dp + 2048, dp, 64));
		SAY(cuCtxSynchronize());
	} else if (!strcmp(p, "memset")) {
		CUdeviceptr dp = dev();
		SAY(cuMemsetD8_v2(dp, 1, 64));
		SAY(cuMemsetD16_v2(dp, 1, 32));
		SAY(cuMemsetD32_v2(dp, 1, 16));
		SAY(cuMemsetD2D8_v2(dp, 64, 1, 64, 4));
		SAY(cuMemsetD2D32_v2(dp, 64, 1, 16, 4));
		SAY(cuMemsetD8((Dptr1)dp, 1, 64));
		SAY(cuMemsetD8Async(dp, 1, 64, NULL));
		SAY(cuCtxSynchronize());
	} else if (!strcmp(p, "pitch")) {
		CUdeviceptr dp;
		size_t pt;
		Dptr1 p1;
		unsigned pt1;
		SAY(cuMemAllocPitch_v2(&dp, &pt, 256, 4, 4));
		SAY(cuMemAllocPitch(&p1, &pt1, 256, 4, 4));
	} else if (!strcmp(p, "array")) {
		CUDA_ARRAY_DESCRIPTOR d2 = {64, 4, CU_AD_FORMAT_UNSIGNED_INT8, 1}, g2;
		CUDA_ARRAY3D_DESCRIPTOR d3 = {64, 4, 2, CU_AD_FORMAT_UNSIGNED_INT8, 1, 0}, g3;
		Desc1 g1;
		CUarray a2, a3, a = arr();
		SAY(cuArrayCreate_v2(&a2, &d2));
		SAY(cuArray3DCreate_v2(&a3, &d3));
		SAY(cuArrayGetDescriptor_v2(&g2, a));
		SAY(cuArray3DGetDescriptor_v2(&g3, a));
		SAY(cuArrayGetDescriptor(&g1, a));
		SAY(cuMemcpyHtoA_v2(a, 0, host, 64));
		SAY(cuMemcpyAtoH_v2(host, a, 0, 64));
		SAY(cuMemcpyAtoA_v2(a, 64, a, 0, 64));
		SAY(cuArrayDestroy(a));
	} else if (!strcmp(p, "copy2d")) {
		unsigned char back[256];
		CUDA_MEMCPY2D c;
		CUDA_MEMCPY3D c3;
		memset(&c, 0, sizeof c);
		c.srcMemoryType = c.dstMemoryType = CU_MEMORYTYPE_HOST;
		c.srcHost = host;
		c.dstHost = back;
		c.srcPitch = c.dstPitch = 64;
		c.WidthInBytes = 64;
		c.Height = 4;
		SAY(cuMemcpy2D_v2(&c));
		SAY(cuMemcpy2DUnaligned_v2(&c));
		SAY(cuMemcpy2DAsync_v2(&c, NULL));
		memset(&c3, 0, sizeof c3);
		c3.srcMemoryType = c3.dstMemoryType = CU_MEMORYTYPE_HOST;
		c3.srcHost = host;
		c3.dstHost = back;
		c3.srcPitch = c3.dstPitch = 64;
		c3.srcHeight = c3.dstHeight = 4;
		c3.WidthInBytes = 64;
		c3.Height = 4;
		c3.Depth = 1;
		SAY(cuMemcpy3D_v2(&c3));
		SAY(cuMemcpy3DAsync_v2(&c3, NULL));
		SAY(cuCtxSynchronize());
	} else if (!strcmp(p, "module")) {
		CUmodule m;
		CUfunction f;
		CUdeviceptr g = 0, out = dev();
		size_t n = 0;
		uint64_t buf = UNSET;
		unsigned n1 = 0, got = 0;
		void *args[] = {&out};
		r = cuModuleLoadData(&m, ptx);
		printf("cuModuleLoadData: %s\n", en(r));
		if (r)
			return 0;
		SAY(cuModuleGetFunction(&f, m, "k"));
		r = cuModuleGetGlobal_v2(&g, &n, m, "g");
		printf("cuModuleGetGlobal_v2: %s, %zu bytes\n", en(r), n);
		r = cuModuleGetGlobal((Dptr1 *)&buf, &n1, m, "g");
		printf("cuModuleGetGlobal: %s, %s, %u bytes\n", en(r), wrote(buf), n1);
		if (!out)
			return 0;
		SAY(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL));
		SAY(cuCtxSynchronize());
		r = v1 ? cuMemcpyDtoH(&got, (Dptr1)out, 4) : cuMemcpyDtoH_v2(&got, out, 4);
		printf("read back: %s %u\n", en(r), got);
		SAY(cuModuleUnload(m));
	} else if (!strcmp(p, "texref")) {
		CUtexref t;
		CUdeviceptr dp = dev(), back = 0;
		size_t off;
		CUDA_ARRAY_DESCRIPTOR d2 = {16, 4, CU_AD_FORMAT_UNSIGNED_INT32, 1};
		SAY(cuTexRefCreate(&t));
		SAY(cuTexRefSetAddress_v2(&off, t, dp, 64));
		SAY(cuTexRefGetAddress_v2(&back, t));
		SAY(cuTexRefSetAddress2D_v3(t, &d2, dp, 512));
		SAY(cuTexRefDestroy(t));
	} else if (!strcmp(p, "ctxdestroy_v2")) {
		SAY(cuCtxDestroy_v2(ctx));
	} else if (!strcmp(p, "ctxdestroy_v1")) {
		SAY(cuCtxDestroy(ctx));
	} else if (!strcmp(p, "pushpop")) {
		CUcontext c = NULL;
		SAY(cuCtxPopCurrent_v2(&c));
		printf("popped the context: %d\n", c == ctx);
		SAY(cuCtxPushCurrent_v2(ctx));
		SAY(cuCtxPopCurrent(&c));
		printf("popped the context: %d\n", c == ctx);
		SAY(cuCtxPushCurrent(ctx));
	} else if (!strcmp(p, "stream")) {
		CUstream s, s2;
		CUcontext c = NULL;
		SAY(cuStreamCreate(&s, 0));
		SAY(cuStreamGetCtx(s, &c));
		SAY(cuStreamSynchronize(s));
		SAY(cuStreamDestroy_v2(s));
		SAY(cuStreamCreate(&s2, 0));
		SAY(cuStreamDestroy(s2));
	} else if (!strcmp(p, "event")) {
		CUevent e, e2;
		float ms;
		SAY(cuEventCreate(&e, 0));
		SAY(cuEventRecord(e, NULL));
		SAY(cuEventSynchronize(e));
		SAY(cuEventElapsedTime(&ms, e, e));
		SAY(cuEventElapsedTime_v2(&ms, e, e));
		SAY(cuEventDestroy_v2(e));
		SAY(cuEventCreate(&e2, 0));
		SAY(cuEventDestroy(e2));
	} else if (!strcmp(p, "sync")) {
		CUdevice dd;
		SAY(cuCtxSynchronize());
		SAY(cuCtxSynchronize_v2(ctx));
		SAY(cuCtxGetDevice(&dd));
		SAY(cuCtxGetDevice_v2(&dd, ctx));
	} else if (!strcmp(p, "hostreg")) {
		void *h = aligned_alloc(4096, 8192);
		r = cuMemHostRegister_v2(h, 4096, 0);
		printf("cuMemHostRegister_v2: %s\n", en(r));
		if (!r)
			SAY(cuMemHostUnregister(h));
		r = cuMemHostRegister((char *)h + 4096, 4096, 0);
		printf("cuMemHostRegister: %s\n", en(r));
	} else if (!strcmp(p, "managed")) {
		CUdeviceptr dp;
		CUstream s = NULL;
		SAY(cuMemAllocManaged(&dp, 4096, CU_MEM_ATTACH_GLOBAL));
		SAY(cuMemAllocAsync(&dp, 4096, s));
		SAY(cuStreamSynchronize(s));
	} else if (!strcmp(p, "link")) {
		CUlinkState ls;
		r = cuLinkCreate_v2(0, NULL, NULL, &ls);
		printf("cuLinkCreate_v2: %s\n", en(r));
		if (!r)
			SAY(cuLinkDestroy(ls));
		r = cuLinkCreate(0, NULL, NULL, &ls);
		printf("cuLinkCreate: %s\n", en(r));
	} else if (!strcmp(p, "getproc")) {
		static const int vers[] = {2000, 3010, 3020, 13000};
		for (int i = 0; i < 4; i++) {
			void *fn = NULL;
			CUdriverProcAddressQueryResult st;
			r = cuGetProcAddress_v2("cuMemAlloc", &fn, vers[i], 0, &st);
			printf("cuGetProcAddress cuMemAlloc %d: %s, %s\n", vers[i], en(r),
			       !fn ? "none" : fn == dlsym(RTLD_DEFAULT, "cuMemAlloc_v2") ? "cuMemAlloc_v2" :
			       fn == dlsym(RTLD_DEFAULT, "cuMemAlloc") ? "cuMemAlloc" : "another");
		}
	} else if (!strcmp(p, "copy_v1")) {
		uint64_t buf = UNSET;
		Dptr1 q;
		unsigned char back[64];
		r = cuMemAlloc((Dptr1 *)&buf, 4096);
		printf("cuMemAlloc: %s, %s\n", en(r), wrote(buf));
		if (r)
			return 0;
		q = (Dptr1)buf;
		SAY(cuMemcpyHtoD(q, host, 64));
		memset(back, 0, sizeof back);
		r = cuMemcpyDtoH(back, q, 64);
		printf("cuMemcpyDtoH: %s, data %s\n", en(r), memcmp(back, host, 64) ? "differs" : "same");
		SAY(cuMemsetD8(q, 9, 64));
		r = cuMemcpyDtoH(back, q, 64);
		printf("after cuMemsetD8: %s, %d\n", en(r), back[63]);
		{
			uint64_t b = UNSET, n = UNSET;
			r = cuMemGetAddressRange((Dptr1 *)&b, (unsigned *)&n, q + 8);
			printf("cuMemGetAddressRange: %s, %s, %s, base %d, size %u\n", en(r), wrote(b), wrote(n),
			       (Dptr1)b == q, (unsigned)n);
		}
		{
			uint64_t pp = UNSET, pt = UNSET;
			r = cuMemAllocPitch((Dptr1 *)&pp, (unsigned *)&pt, 256, 4, 4);
			printf("cuMemAllocPitch: %s, %s, %s\n", en(r), wrote(pp), wrote(pt));
		}
		SAY(cuMemFree(q));
		SAY(cuMemFree(q));
	} else if (!strcmp(p, "second")) {
		CUcontext c2;
		uint64_t buf = UNSET;
		r = v1 ? cuCtxCreate_v2(&c2, 0, d) : cuCtxCreate(&c2, 0, d);
		printf("a second context, of the other ABI: %s\n", en(r));
		if (r)
			return 0;
		r = cuMemAlloc((Dptr1 *)&buf, 4096);
		printf("cuMemAlloc: %s, %s\n", en(r), wrote(buf));
		{
			unsigned v = 0;
			r = cuCtxGetApiVersion(c2, &v);
			printf("cuCtxGetApiVersion: %s %u\n", en(r), v);
		}
	} else if (!strcmp(p, "primary")) {
		CUcontext pc, c2;
		SAY(cuCtxDestroy_v2(ctx));
		SAY(cuDevicePrimaryCtxRetain(&pc, d));
		SAY(cuCtxSetCurrent(pc));
		r = cuCtxCreate(&c2, 0, d);
		printf("the unversioned cuCtxCreate with the primary context current: %s\n", en(r));
		SAY(cuCtxSetCurrent(NULL));
		r = cuCtxCreate(&c2, 0, d);
		printf("with none current, the primary retained: %s\n", en(r));
	} else
		printf("no probe %s\n", p);
	return 0;
}

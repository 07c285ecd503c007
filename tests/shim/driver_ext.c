/*
 * driver_ext.c -- the driver API that clients beyond the basics use
 * (libraries and kernels, launch bounds, occupancy, pointer attributes,
 * strided copies, limits, stream queries, host callbacks, the legacy
 * launch, graphs), written against the toolkit's cuda.h like driver.c.
 * tests/shim.test runs it on libptxcuda; driver_ext.out is what it printed
 * on an H100 with the real libcuda.  Facts where the interpreter differs
 * on purpose (register counts, mapped host memory, the module loading
 * mode) go to stderr, not into the comparison.
 *
 * usage: driver_ext DRIVER_EXT.ptx
 * Exits 1 at the first unexpected failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define CUDA_ENABLE_DEPRECATED   /* the legacy launch calls are tested too */
#include <cuda.h>
#include "shimtest.h"

static int
cmpstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A second module: a kernel with 40000 bytes of static shared memory. */
static const char big_shared[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry big_shared(.param .u64 out)\n{\n"
	"\t.shared .align 4 .b8 buf[40000];\n\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<2>;\n"
	"\tmov.u32 %r1, %tid.x;\n\tst.shared.u32 [buf], %r1;\n\tbar.sync 0;\n"
	"\tld.shared.u32 %r1, [buf];\n\tld.param.u64 %rd1, [out];\n\tst.global.u32 [%rd1], %r1;\n"
	"\tret;\n}\n";

static int called;
static CUresult cbstatus = (CUresult)-1;

static void CUDA_CB
hostfn(void *user)
{
	called += *(int *)user;
}

static void CUDA_CB
streamcb(CUstream s, CUresult status, void *user)
{
	(void)s;
	(void)user;
	cbstatus = status;
}

static size_t CUDA_CB
smem_for(int block)
{
	return (size_t)block * 16;
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx, ctx2, cur;
	CUlibrary lib, lib2;
	CUmodule mod;
	CUkernel k[8], kadd, kfill, kaff;
	CUfunction fadd, ffill, faff, fbig;
	CUdeviceptr d, d2, g;
	CUstream st, st2;
	CUresult r;
	size_t sz, off;
	unsigned cnt, u;
	int v, v2;
	char *text;

	if (argc != 2) {
		fprintf(stderr, "usage: driver_ext DRIVER_EXT.ptx\n");
		return 2;
	}
	text = slurp(argv[1], NULL);
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));

	/* a library loads with no context current, and serves every context */
	CK(cuLibraryLoadData(&lib, text, NULL, NULL, 0, NULL, NULL, 0));
	CK(cuLibraryGetKernelCount(&cnt, lib));
	printf("library kernels: %u\n", cnt);
	CK(cuLibraryEnumerateKernels(k, cnt, lib));
	{
		const char *names[8];
		for (unsigned i = 0; i < cnt; i++)
			CK(cuKernelGetName(&names[i], k[i]));
		qsort(names, cnt, sizeof names[0], cmpstr);
		printf("names:");
		for (unsigned i = 0; i < cnt; i++)
			printf(" %s", names[i]);
		printf("\n");
	}
	CK(cuLibraryGetKernel(&kadd, lib, "add_bounded"));
	CK(cuLibraryGetKernel(&kfill, lib, "fill_exact"));
	CK(cuLibraryGetKernel(&kaff, lib, "affine"));
	printf("missing kernel: %s\n", ename(cuLibraryGetKernel(&k[7], lib, "nope")));
	CK(cuKernelGetLibrary(&lib2, kadd));
	printf("kernel's library: %s\n", lib2 == lib ? "same" : "other");
	printf("param info without a context: %s\n", ename(cuKernelGetParamInfo(kaff, 0, &off, &sz)));

	CK(cuCtxCreate(&ctx2, NULL, 0, dev));
	CK(cuCtxCreate(&ctx, NULL, 0, dev));
	printf("affine params:");
	for (size_t i = 0; i < 5; i++) {
		CK(cuKernelGetParamInfo(kaff, i, &off, &sz));
		printf(" %zu+%zu", off, sz);
	}
	printf("\nparam 5: %s\n", ename(cuKernelGetParamInfo(kaff, 5, &off, &sz)));
	{
		unsigned long long id1, id2;
		CK(cuCtxGetId(ctx, &id1));
		CK(cuCtxGetId(ctx2, &id2));
		printf("context ids differ: %s\n", id1 != id2 ? "yes" : "no");
	}
	CK(cuKernelGetFunction(&fadd, kadd));
	CK(cuKernelGetFunction(&ffill, kfill));
	CK(cuKernelGetFunction(&faff, kaff));
	CK(cuLibraryGetModule(&mod, lib));
	CK(cuModuleGetFunctionCount(&u, mod));
	printf("module functions: %u\n", u);
	CK(cuFuncGetParamInfo(faff, 3, &off, &sz));
	printf("affine param 3 through the function: %zu+%zu\n", off, sz);
	CK(cuLibraryGetGlobal(&g, &sz, lib, "launches"));
	printf("global size: %zu\n", sz);

	/* launch bounds: .maxntid 64 and .reqntid 32x2 */
	CK(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fadd));
	CK(cuFuncGetAttribute(&v2, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, ffill));
	printf("max threads: %d %d\n", v, v2);
	CK(cuMemAlloc(&d, 256 * 4));
	CK(cuMemsetD32(d, 5, 256));
	{
		unsigned add = 7, base = 1000, h[256];
		void *pa[] = {&d, &add}, *pf[] = {&d, &base};
		CK(cuLaunchKernel((CUfunction)kadd, 1, 1, 1, 64, 1, 1, 0, NULL, pa, NULL));
		r = cuLaunchKernel(fadd, 1, 1, 1, 128, 1, 1, 0, NULL, pa, NULL);
		printf("128 threads over .maxntid 64: %s\n", ename(r));
		r = cuLaunchKernel(fadd, 1, 1, 1, 32, 2, 1, 0, NULL, pa, NULL);
		printf("32x2 threads under .maxntid 64: %s\n", ename(r));
		r = cuLaunchKernel(ffill, 1, 1, 1, 64, 1, 1, 0, NULL, pf, NULL);
		printf("64x1 threads for .reqntid 32x2: %s\n", ename(r));
		CK(cuLaunchKernel(ffill, 1, 1, 1, 32, 2, 1, 0, NULL, pf, NULL));
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(h, d, sizeof h));
		printf("after launches: %u %u %u %u\n", h[0], h[63], h[64], h[255]);
		CK(cuMemcpyDtoH(&u, g, 4));
		printf("launches counted: %u\n", u);
	}

	/* a kernel handle from another context's view */
	CK(cuCtxPushCurrent(ctx2));
	{
		CUfunction f2;
		float out[8];
		float a = 0.5f;
		unsigned char pad = 0;
		double b = 1.0;
		unsigned n = 8;
		void *p[] = {&d2, &a, &pad, &b, &n};
		CK(cuKernelGetFunction(&f2, kaff));
		CK(cuMemAlloc(&d2, sizeof out));
		CK(cuLaunchKernel(f2, 1, 1, 1, 32, 1, 1, 0, NULL, p, NULL));
		CK(cuMemcpyDtoH(out, d2, sizeof out));
		printf("affine in the other context: %g %g %g\n", out[0], out[1], out[7]);
		CK(cuMemFree(d2));
	}
	CK(cuCtxPopCurrent(&cur));

	/* occupancy (these kernels use few registers on either side) */
	CK(cuModuleLoadData(&mod, big_shared));
	CK(cuModuleGetFunction(&fbig, mod, "big_shared"));
	{
		static const int blocks[] = {32, 128, 256, 1024};
		int mg, bs;
		for (int i = 0; i < 4; i++) {
			CK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&v, faff, blocks[i], 0));
			CK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&v2, fbig, blocks[i], 0));
			printf("occupancy at %d: %d, with 40000 B shared %d\n", blocks[i], v, v2);
		}
		CK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&v, faff, 128, 48 * 1024));
		printf("occupancy at 128 with 48 KiB dynamic: %d\n", v);
		CK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&v, fadd, 128, 0));
		printf("occupancy at 128 over .maxntid 64: %d\n", v);
		CK(cuOccupancyMaxPotentialBlockSize(&mg, &bs, faff, NULL, 0, 0));
		printf("potential block size: %d (grid %d)\n", bs, mg);
		CK(cuOccupancyMaxPotentialBlockSize(&mg, &bs, faff, NULL, 0, 200));
		printf("potential block size up to 200: %d (grid %d)\n", bs, mg);
		CK(cuOccupancyMaxPotentialBlockSize(&mg, &bs, faff, smem_for, 0, 0));
		printf("potential block size, 16 B a thread: %d (grid %d)\n", bs, mg);
		CK(cuOccupancyMaxPotentialBlockSize(&mg, &bs, fadd, NULL, 0, 0));
		printf("potential block size under .maxntid 64: %d (grid %d)\n", bs, mg);
		CK(cuOccupancyAvailableDynamicSMemPerBlock(&sz, faff, 2, 256));
		printf("dynamic shared for 2 blocks: %zu\n", sz);
		CK(cuOccupancyAvailableDynamicSMemPerBlock(&sz, fbig, 4, 128));
		printf("dynamic shared for 4 blocks of 40000: %zu\n", sz);
	}

	/* pointer attributes */
	{
		CUmemorytype mt = 0;
		CUdeviceptr dp = 0, base = 0;
		CUcontext pc = NULL;
		unsigned long long id1 = 0, id2 = 0;
		unsigned char flag[8];
		void *hp = NULL, *hp2 = NULL, *plain = malloc(64);
		CUdeviceptr dq;

		CK(cuPointerGetAttribute(&mt, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, d + 100));
		CK(cuPointerGetAttribute(&dp, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, d + 100));
		CK(cuPointerGetAttribute(&pc, CU_POINTER_ATTRIBUTE_CONTEXT, d + 100));
		CK(cuPointerGetAttribute(&base, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, d + 100));
		CK(cuPointerGetAttribute(&sz, CU_POINTER_ATTRIBUTE_RANGE_SIZE, d + 100));
		printf("device pointer: type %d, same %s, context %s, base %s, size %zu\n", (int)mt,
		    dp == d + 100 ? "yes" : "no", pc == ctx ? "ours" : "other", base == d ? "ok" : "wrong", sz);
		CK(cuMemAlloc(&dq, 64));
		CK(cuPointerGetAttribute(&id1, CU_POINTER_ATTRIBUTE_BUFFER_ID, d));
		CK(cuPointerGetAttribute(&id2, CU_POINTER_ATTRIBUTE_BUFFER_ID, dq));
		printf("buffer ids differ: %s\n", id1 != id2 ? "yes" : "no");
		memset(flag, 0xff, sizeof flag);
		CK(cuPointerGetAttribute(flag, CU_POINTER_ATTRIBUTE_IS_MANAGED, d));
		printf("is managed: %02x %02x %02x %02x %02x\n", flag[0], flag[1], flag[2], flag[3], flag[4]);
		memset(flag, 0xff, sizeof flag);
		CK(cuPointerGetAttribute(flag, CU_POINTER_ATTRIBUTE_MAPPED, d));
		printf("mapped: %02x %02x %02x %02x %02x\n", flag[0], flag[1], flag[2], flag[3], flag[4]);
		memset(flag, 0xff, sizeof flag);
		CK(cuPointerGetAttribute(flag, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, d));
		printf("sync memops: %02x %02x %02x %02x %02x\n", flag[0], flag[1], flag[2], flag[3], flag[4]);
		CK(cuPointerGetAttribute(&v, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, d));
		printf("device ordinal: %d\n", v);

		CK(cuMemHostAlloc(&hp, 4096, CU_MEMHOSTALLOC_PORTABLE));
		CK(cuPointerGetAttribute(&mt, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)hp + 8));
		CK(cuPointerGetAttribute(&hp2, CU_POINTER_ATTRIBUTE_HOST_POINTER, (CUdeviceptr)hp + 8));
		printf("page-locked host pointer: type %d, same %s\n", (int)mt,
		    hp2 == (char *)hp + 8 ? "yes" : "no");
		r = cuMemHostGetFlags(&u, hp);
		fprintf(stderr, "host flags: %s %u\n", ename(r), u);
		r = cuPointerGetAttribute(&mt, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)plain);
		printf("malloc pointer: %s\n", ename(r));
		{
			CUpointer_attribute as[3] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
			    CU_POINTER_ATTRIBUTE_DEVICE_POINTER, CU_POINTER_ATTRIBUTE_RANGE_SIZE};
			unsigned t = 77;
			CUdeviceptr pdev = 77;
			size_t rs = 77;
			void *data[3] = {&t, &pdev, &rs};
			r = cuPointerGetAttributes(3, as, data, (CUdeviceptr)plain);
			printf("malloc pointer, plural: %s type %u device %llu size %zu\n", ename(r), t,
			    (unsigned long long)pdev, rs);
		}
		r = cuMemHostRegister(plain, 64, 0);
		printf("register: %s\n", ename(r));
		printf("register again: %s\n", ename(cuMemHostRegister(plain, 64, 0)));
		CK(cuPointerGetAttribute(&mt, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)plain));
		printf("registered pointer: type %d\n", (int)mt);
		printf("unregister: %s\n", ename(cuMemHostUnregister(plain)));
		printf("unregister again: %s\n", ename(cuMemHostUnregister(plain)));
		CK(cuMemFreeHost(hp));
		CK(cuMemFree(dq));
		free(plain);
	}

	/* strided copies and fills */
	{
		enum { W = 37, H = 11, D = 3 };
		unsigned char src[D][H][W], back[D][H][W];
		size_t pitch;
		CUdeviceptr p2, p3;
		CUDA_MEMCPY2D c2;
		CUDA_MEMCPY3D c3;
		unsigned sum = 0, ok = 1, row[64];

		for (int z = 0; z < D; z++)
			for (int y = 0; y < H; y++)
				for (int x = 0; x < W; x++)
					src[z][y][x] = (unsigned char)(x * 7 + y * 13 + z * 31);
		CK(cuMemAllocPitch(&p2, &pitch, W, H, 4));
		printf("pitch: %zu\n", pitch);
		memset(&c2, 0, sizeof c2);
		c2.srcMemoryType = CU_MEMORYTYPE_HOST;
		c2.srcHost = src[0];
		c2.srcPitch = W;
		c2.dstMemoryType = CU_MEMORYTYPE_DEVICE;
		c2.dstDevice = p2;
		c2.dstPitch = pitch;
		c2.WidthInBytes = W;
		c2.Height = H;
		CK(cuMemcpy2D(&c2));
		/* back, shifted by 2 columns and 1 row, through unified addressing */
		memset(back, 0, sizeof back);
		memset(&c2, 0, sizeof c2);
		c2.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
		c2.srcDevice = p2;
		c2.srcXInBytes = 2;
		c2.srcY = 1;
		c2.srcPitch = pitch;
		c2.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
		c2.dstDevice = (CUdeviceptr)back[0];
		c2.dstPitch = W;
		c2.WidthInBytes = W - 2;
		c2.Height = H - 1;
		CK(cuMemcpy2DAsync(&c2, NULL));
		CK(cuStreamSynchronize(NULL));
		for (int y = 0; y < H - 1; y++)
			for (int x = 0; x < W - 2; x++)
				ok &= back[0][y][x] == src[0][y + 1][x + 2];
		printf("2-D copy: %s\n", ok ? "OK" : "WRONG");

		CK(cuMemAlloc(&p3, 64 * 16 * D));
		memset(&c3, 0, sizeof c3);
		c3.srcMemoryType = CU_MEMORYTYPE_HOST;
		c3.srcHost = src;
		c3.srcPitch = W;
		c3.srcHeight = H;
		c3.dstMemoryType = CU_MEMORYTYPE_DEVICE;
		c3.dstDevice = p3;
		c3.dstPitch = 64;
		c3.dstHeight = 16;
		c3.WidthInBytes = W;
		c3.Height = H;
		c3.Depth = D;
		CK(cuMemcpy3D(&c3));
		memset(back, 0, sizeof back);
		c3.srcMemoryType = CU_MEMORYTYPE_DEVICE;
		c3.srcDevice = p3;
		c3.srcPitch = 64;
		c3.srcHeight = 16;
		c3.dstMemoryType = CU_MEMORYTYPE_HOST;
		c3.dstHost = back;
		c3.dstPitch = W;
		c3.dstHeight = H;
		CK(cuMemcpy3D(&c3));
		printf("3-D copy: %s\n", memcmp(src, back, sizeof src) ? "WRONG" : "OK");

		CK(cuMemsetD2D32(p2, pitch, 0x01020304u, 8, 4));
		CK(cuMemsetD2D8(p2 + 32, pitch, 0xab, 3, 2));
		for (int y = 0; y < 5; y++) {
			CK(cuMemcpyDtoH(row, p2 + (size_t)y * pitch, 40));
			for (int i = 0; i < 10; i++)
				sum = sum * 31 + row[i];
		}
		printf("2-D fills: %08x\n", sum);
		CK(cuMemcpyPeer(p3, ctx, p2, ctx2, 16));
		CK(cuMemcpyDtoH(row, p3, 16));
		printf("peer copy: %08x %08x\n", row[0], row[3]);
		CK(cuMemFree(p2));
		CK(cuMemFree(p3));
	}

	/* limits, cache and priorities */
	{
		static const CUlimit lim[] = {CU_LIMIT_STACK_SIZE, CU_LIMIT_PRINTF_FIFO_SIZE,
		    CU_LIMIT_MALLOC_HEAP_SIZE, CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH,
		    CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT, CU_LIMIT_MAX_L2_FETCH_GRANULARITY,
		    CU_LIMIT_PERSISTING_L2_CACHE_SIZE};
		CUfunc_cache cc;
		int lo, hi;
		for (int i = 0; i < 7; i++) {
			r = cuCtxGetLimit(&sz, lim[i]);
			printf("limit %d: %s %zu\n", (int)lim[i], ename(r), r ? (size_t)0 : sz);
		}
		CK(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 4096));
		CK(cuCtxGetLimit(&sz, CU_LIMIT_STACK_SIZE));
		printf("stack after set: %zu\n", sz);
		CK(cuCtxSetLimit(CU_LIMIT_PRINTF_FIFO_SIZE, 1 << 22));
		CK(cuCtxGetLimit(&sz, CU_LIMIT_PRINTF_FIFO_SIZE));
		printf("printf fifo after set: %zu\n", sz);
		CK(cuCtxGetCacheConfig(&cc));
		printf("cache config: %d\n", (int)cc);
		CK(cuCtxSetCacheConfig(CU_FUNC_CACHE_PREFER_SHARED));
		CK(cuCtxGetCacheConfig(&cc));
		printf("cache config after set: %d\n", (int)cc);
		CK(cuCtxGetStreamPriorityRange(&lo, &hi));
		printf("stream priorities: %d .. %d\n", lo, hi);
		CK(cuStreamCreateWithPriority(&st, CU_STREAM_NON_BLOCKING, -3));
		CK(cuStreamCreateWithPriority(&st2, 0, -100));
		CK(cuStreamGetPriority(st, &v));
		CK(cuStreamGetPriority(st2, &v2));
		CK(cuStreamGetFlags(st, &u));
		printf("stream priorities: %d %d, flags %u\n", v, v2, u);
		CK(cuStreamGetCtx(st, &cur));
		printf("stream context: %s\n", cur == ctx ? "ours" : "other");
		{
			unsigned long long i1, i2, i3;
			CK(cuStreamGetId(st, &i1));
			CK(cuStreamGetId(st2, &i2));
			CK(cuStreamGetId(CU_STREAM_LEGACY, &i3));
			printf("stream ids differ: %s\n", i1 != i2 && i1 != i3 && i2 != i3 ? "yes" : "no");
		}
		CK(cuStreamGetPriority(CU_STREAM_PER_THREAD, &v));
		printf("per-thread stream priority: %d\n", v);
	}

	/* host functions and callbacks run in stream order */
	{
		int by = 5;
		CK(cuLaunchHostFunc(st, hostfn, &by));
		CK(cuLaunchHostFunc(CU_STREAM_LEGACY, hostfn, &by));
		CK(cuStreamAddCallback(st2, streamcb, NULL, 0));
		CK(cuStreamSynchronize(st));
		CK(cuStreamSynchronize(st2));
		CK(cuCtxSynchronize());
		printf("host functions: %d, callback status %s\n", called, ename(cbstatus));
	}

	/* one device: no peers */
	{
		char bus[64];
		CUdevice d0 = -1;
		CK(cuDeviceCanAccessPeer(&v, dev, dev));
		printf("can access peer: %d\n", v);
		printf("enable peer access: %s\n", ename(cuCtxEnablePeerAccess(ctx2, 0)));
		printf("p2p attribute: %s\n",
		    ename(cuDeviceGetP2PAttribute(&v, CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, dev, dev)));
		CK(cuDeviceGetPCIBusId(bus, sizeof bus, dev));
		CK(cuDeviceGetByPCIBusId(&d0, bus));
		printf("PCI bus id: %zu characters, back to device %d\n", strlen(bus), (int)d0);
	}

	/* the CUDA 13 calls that name their context */
	{
		CUdevice dd = -1;
		CK(cuCtxGetDevice_v2(&dd, ctx2));
		CK(cuCtxSynchronize_v2(ctx2));
		printf("device of the other context: %d\n", (int)dd);
	}

	/* the legacy launch: block shape, parameters by offset, grid */
	{
		float out[40];
		float a = 2.0f;
		double b = -1.0;
		unsigned n = 40;
		CK(cuMemAlloc(&d2, sizeof out));
		CK(cuFuncSetBlockShape(faff, 16, 1, 1));
		CK(cuParamSetv(faff, 0, &d2, sizeof d2));
		CK(cuParamSetf(faff, 8, a));
		CK(cuParamSetv(faff, 16, &b, sizeof b));
		CK(cuParamSeti(faff, 24, n));
		CK(cuParamSetSize(faff, 28));
		CK(cuLaunchGrid(faff, 3, 1));
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(out, d2, sizeof out));
		printf("legacy launch: %g %g %g\n", out[0], out[1], out[39]);
		CK(cuMemFree(d2));
	}

	/* a graph: fill, kernel, copy back and a host function, in order; the
	 * kernel node keeps its arguments as they were when it was added */
	{
		CUgraph gr;
		CUgraphNode nfill, nk, ncp, nh;
		CUgraphExec ge;
		CUDA_MEMSET_NODE_PARAMS ms;
		CUDA_KERNEL_NODE_PARAMS kp;
		CUDA_MEMCPY3D cp;
		CUDA_HOST_NODE_PARAMS hp;
		float out[40], a = 2.0f;
		unsigned char pad = 0;
		double b = 0.5;
		unsigned n = 30;
		int by = 100;
		void *args[] = {&d2, &a, &pad, &b, &n};

		CK(cuMemAlloc(&d2, sizeof out));
		CK(cuGraphCreate(&gr, 0));
		memset(&ms, 0, sizeof ms);
		ms.dst = d2;
		ms.value = 0x40400000u;   /* 3.0f */
		ms.elementSize = 4;
		ms.width = 40;
		ms.height = 1;
		CK(cuGraphAddMemsetNode(&nfill, gr, NULL, 0, &ms, ctx));
		memset(&kp, 0, sizeof kp);
		kp.func = faff;
		kp.gridDimX = 2, kp.gridDimY = 1, kp.gridDimZ = 1;
		kp.blockDimX = 16, kp.blockDimY = 1, kp.blockDimZ = 1;
		kp.kernelParams = args;
		CK(cuGraphAddKernelNode(&nk, gr, &nfill, 1, &kp));
		a = 100.0f;
		memset(&cp, 0, sizeof cp);
		cp.srcMemoryType = CU_MEMORYTYPE_DEVICE;
		cp.srcDevice = d2;
		cp.dstMemoryType = CU_MEMORYTYPE_HOST;
		cp.dstHost = out;
		cp.WidthInBytes = sizeof out;
		cp.Height = 1;
		cp.Depth = 1;
		CK(cuGraphAddMemcpyNode(&ncp, gr, &nk, 1, &cp, ctx));
		hp.fn = hostfn;
		hp.userData = &by;
		CK(cuGraphAddHostNode(&nh, gr, &ncp, 1, &hp));
		CK(cuGraphInstantiate(&ge, gr, 0));
		called = 0;
		memset(out, 0, sizeof out);
		CK(cuGraphLaunch(ge, st));
		CK(cuStreamSynchronize(st));
		printf("graph: %g %g %g %g, host %d\n", out[0], out[1], out[29], out[30], called);
		a = -1.0f;
		n = 40;
		CK(cuGraphExecKernelNodeSetParams(ge, nk, &kp));
		CK(cuGraphLaunch(ge, NULL));
		CK(cuCtxSynchronize());
		printf("graph after an update: %g %g %g, host %d\n", out[0], out[1], out[39], called);
		CK(cuGraphExecDestroy(ge));
		CK(cuGraphDestroy(gr));
		CK(cuMemFree(d2));
	}

	{
		int regs, mode;
		CK(cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, faff));
		CK(cuModuleGetLoadingMode((CUmoduleLoadingMode *)&mode));
		fprintf(stderr, "affine registers: %d, loading mode %d\n", regs, mode);
	}

	CK(cuStreamDestroy(st));
	CK(cuStreamDestroy(st2));
	CK(cuMemFree(d));
	CK(cuCtxDestroy(ctx));
	/* the library outlives the contexts */
	CK(cuCtxSetCurrent(ctx2));
	CK(cuLibraryGetGlobal(&g, &sz, lib, "launches"));
	CK(cuMemcpyDtoH(&u, g, 4));
	printf("launches after a context is gone: %u\n", u);
	CK(cuLibraryUnload(lib));
	CK(cuCtxDestroy(ctx2));
	free(text);
	printf("done\n");
	return 0;
}

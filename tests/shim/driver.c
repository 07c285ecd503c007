/*
 * driver.c -- a CUDA driver API program, written against the toolkit's
 * cuda.h and nothing else, that tests/shim.test runs on libptxcuda and
 * whose expected output (driver.out) came from the same program on an
 * H100 with the real libcuda.
 *
 * usage: driver REDUCTIONS.ptx LINK_MAIN.ptx LINK_LIB.ptx
 * Loads reductions_scan (a corpus module), runs two block reductions (one
 * with kernelParams, one with a packed CU_LAUNCH_PARAM_BUFFER), the same
 * again as a cluster launch and a cooperative launch, exercises memset,
 * copies, streams and events, links two -rdc PTX files with cuLink*, and
 * checks every result on the host.  Exits 1 at the first failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

static unsigned seed = 12345;
static unsigned
rnd(void)
{
	seed = seed * 1103515245u + 12345u;
	return seed >> 1;
}

static const char *MAXK = "_Z12block_reduceIi3MaxIiELi128EEvPKT_PS2_m";
static const char *SUMK = "_Z12block_reduceIj3SumIjELi64EEvPKT_PS2_m";

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx, cur;
	CUmodule mod, lmod;
	CUfunction fmax, fsum, fapply;
	CUdeviceptr din, dout, d2, gbias;
	CUstream st;
	CUevent e0, e1;
	CUlinkState ls;
	int v, n = 100000, hmax = -2147483647 - 1, gmax;
	unsigned hsum = 0, gsum = 0;
	size_t sz, fr, tot;
	char name[256], log[4096];
	const char *ename;
	int *hin, hout[64];

	if (argc != 4) {
		fprintf(stderr, "usage: driver REDUCTIONS.ptx LINK_MAIN.ptx LINK_LIB.ptx\n");
		return 2;
	}
	CK(cuInit(0));
	CK(cuDriverGetVersion(&v));
	printf("driver version >= 12.0: %s\n", v >= 12000 ? "yes" : "no");
	CK(cuDeviceGetCount(&v));
	printf("devices >= 1: %s\n", v >= 1 ? "yes" : "no");
	CK(cuDeviceGet(&dev, 0));
	CK(cuDeviceGetName(name, sizeof name, dev));
	fprintf(stderr, "device: %s\n", name);
	{
		static const struct { CUdevice_attribute a; const char *n; } at[] = {
			{CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "cc major"},
			{CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, "cc minor"},
			{CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "SMs"},
			{CU_DEVICE_ATTRIBUTE_WARP_SIZE, "warp size"},
			{CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, "max threads/block"},
			{CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, "max block z"},
			{CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, "max grid x"},
			{CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, "shared/block"},
			{CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, "shared/block opt-in"},
			{CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, "shared/SM"},
			{CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, "max threads/SM"},
			{CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, "regs/block"},
			{CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY, "const memory"},
			{CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, "unified addressing"},
			{CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, "cooperative launch"},
			{CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH, "cluster launch"},
		};
		for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
			CK(cuDeviceGetAttribute(&v, at[i].a, dev));
			printf("%s: %d\n", at[i].n, v);
		}
	}
	CK(cuDeviceTotalMem(&sz, dev));
	printf("total memory >= 64 GiB: %s\n", sz >= (64ull << 30) ? "yes" : "no");

	CK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CK(cuCtxSetCurrent(ctx));
	CK(cuCtxGetCurrent(&cur));
	printf("current is primary: %s\n", cur == ctx ? "yes" : "no");
	CK(cuCtxGetDevice(&v));
	printf("context device: %d\n", v);

	/* a corpus module, with an error log */
	{
		CUjit_option o[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
		void *ov[2] = {log, (void *)(size_t)sizeof log};
		char *text = slurp(argv[1], NULL);
		log[0] = 0;
		CK(cuModuleLoadDataEx(&mod, text, 2, o, ov));
		free(text);
	}
	CK(cuModuleGetFunction(&fmax, mod, MAXK));
	CK(cuModuleGetFunction(&fsum, mod, SUMK));
	CUresult r = cuModuleGetFunction(&fapply, mod, "no_such_kernel");
	cuGetErrorName(r, &ename);
	printf("missing kernel: %s\n", ename);

	CK(cuMemAllocHost((void **)&hin, (size_t)n * sizeof *hin));
	for (int i = 0; i < n; i++) {
		hin[i] = (int)(rnd() % 2000001u) - 1000000;
		if (hin[i] > hmax)
			hmax = hin[i];
		hsum += (unsigned)hin[i];
	}
	CK(cuMemAlloc(&din, (size_t)n * sizeof *hin));
	CK(cuMemAlloc(&dout, (size_t)n * sizeof *hin));
	CK(cuMemcpyHtoD(din, hin, (size_t)n * sizeof *hin));

	/* max over blocks of 128, kernelParams */
	{
		size_t nn = (size_t)n;
		void *args[] = {&din, &dout, &nn};
		CK(cuLaunchKernel(fmax, 64, 1, 1, 128, 1, 1, 0, NULL, args, NULL));
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(hout, dout, sizeof hout));
		gmax = hout[0];
		for (int i = 1; i < 64; i++)
			gmax = hout[i] > gmax ? hout[i] : gmax;
		printf("max partials: %d %d %d %d\n", hout[0], hout[1], hout[2], hout[63]);
		printf("max: %d %s\n", gmax, gmax == hmax ? "OK" : "WRONG");
	}

	/* the same as a launch of clusters of 2 */
	{
		size_t nn = (size_t)n;
		void *args[] = {&din, &dout, &nn};
		CUlaunchAttribute at;
		CUlaunchConfig cfg;
		memset(&at, 0, sizeof at);
		memset(&cfg, 0, sizeof cfg);
		at.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
		at.value.clusterDim.x = 2;
		at.value.clusterDim.y = 1;
		at.value.clusterDim.z = 1;
		cfg.gridDimX = 64, cfg.gridDimY = 1, cfg.gridDimZ = 1;
		cfg.blockDimX = 128, cfg.blockDimY = 1, cfg.blockDimZ = 1;
		cfg.attrs = &at;
		cfg.numAttrs = 1;
		CK(cuMemsetD32(dout, 0, 64));
		CK(cuLaunchKernelEx(&cfg, fmax, args, NULL));
		CK(cuMemcpyDtoH(hout, dout, sizeof hout));
		gmax = hout[0];
		for (int i = 1; i < 64; i++)
			gmax = hout[i] > gmax ? hout[i] : gmax;
		printf("cluster max: %d %s\n", gmax, gmax == hmax ? "OK" : "WRONG");
	}

	/* unsigned sum over blocks of 64, a packed parameter buffer */
	{
		struct { CUdeviceptr in, out; size_t n; } pb = {din, dout, (size_t)n};
		size_t pbsz = sizeof pb;
		void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &pb, CU_LAUNCH_PARAM_BUFFER_SIZE, &pbsz,
		                 CU_LAUNCH_PARAM_END};
		CK(cuLaunchKernel(fsum, 32, 1, 1, 64, 1, 1, 0, NULL, NULL, extra));
		CK(cuMemcpyDtoH(hout, dout, 32 * sizeof *hout));
		gsum = 0;
		for (int i = 0; i < 32; i++)
			gsum += (unsigned)hout[i];
		printf("sum: %u %s\n", gsum, gsum == hsum ? "OK" : "WRONG");
	}

	/* cooperative launch, on a stream, timed by events */
	{
		size_t nn = (size_t)n;
		void *args[] = {&din, &dout, &nn};
		float ms = -1;
		CK(cuStreamCreate(&st, CU_STREAM_DEFAULT));
		CK(cuEventCreate(&e0, CU_EVENT_DEFAULT));
		CK(cuEventCreate(&e1, CU_EVENT_DEFAULT));
		CK(cuEventRecord(e0, st));
		CK(cuMemsetD32Async(dout, 0xdeadbeef, 64, st));
		CK(cuLaunchCooperativeKernel(fsum, 16, 1, 1, 64, 1, 1, 0, st, args));
		CK(cuMemcpyDtoHAsync(hout, dout, 16 * sizeof *hout, st));
		CK(cuEventRecord(e1, st));
		CK(cuEventSynchronize(e1));
		CK(cuStreamSynchronize(st));
		CK(cuEventElapsedTime(&ms, e0, e1));
		gsum = 0;
		for (int i = 0; i < 16; i++)
			gsum += (unsigned)hout[i];
		printf("cooperative sum: %u %s\n", gsum, gsum == hsum ? "OK" : "WRONG");
		printf("elapsed >= 0: %s\n", ms >= 0 ? "yes" : "no");
		CK(cuEventDestroy(e0));
		CK(cuEventDestroy(e1));
		CK(cuStreamDestroy(st));
	}

	/* memset and copies */
	{
		unsigned char b[64];
		CK(cuMemAlloc(&d2, 64));
		CK(cuMemsetD8(d2, 0x11, 64));
		CK(cuMemsetD16(d2 + 8, 0x2233, 4));
		CK(cuMemsetD32(d2 + 32, 0x44556677u, 2));
		CK(cuMemcpyDtoD(dout, d2, 64));
		CK(cuMemcpy((CUdeviceptr)(size_t)b, dout, 64));
		printf("bytes:");
		for (int i = 0; i < 48; i += 4)
			printf(" %02x%02x%02x%02x", b[i], b[i + 1], b[i + 2], b[i + 3]);
		printf("\n");
		CK(cuMemGetAddressRange(&gbias, &sz, d2 + 10));
		printf("address range: base %s size %zu\n", gbias == d2 ? "ok" : "wrong", sz);
		CK(cuMemGetInfo(&fr, &tot));
		printf("meminfo: %s\n", fr <= tot && tot >= (64ull << 30) ? "OK" : "WRONG");
	}

	/* function attributes */
	CK(cuFuncSetAttribute(fmax, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 100000));
	CK(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, fmax));
	printf("max dynamic shared: %d\n", v);

	/* -rdc PTX linked by the driver */
	{
		CUjit_option o[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
		void *ov[2] = {log, (void *)(size_t)sizeof log};
		void *img;
		size_t imgsz;
		int m = 1000, res[1000], ok = 1;
		unsigned nb;
		log[0] = 0;
		CK(cuLinkCreate(2, o, ov, &ls));
		CK(cuLinkAddFile(ls, CU_JIT_INPUT_PTX, argv[2], 0, NULL, NULL));
		CK(cuLinkAddFile(ls, CU_JIT_INPUT_PTX, argv[3], 0, NULL, NULL));
		r = cuLinkComplete(ls, &img, &imgsz);
		if (r != CUDA_SUCCESS)
			fprintf(stderr, "link log: %s\n", log);
		CK(r);
		CK(cuModuleLoadData(&lmod, img));
		CK(cuLinkDestroy(ls));
		CK(cuModuleGetFunction(&fapply, lmod, "apply"));
		CK(cuModuleGetGlobal(&gbias, &sz, lmod, "bias"));
		printf("bias size: %zu\n", sz);
		{
			void *args[] = {&din, &dout, &m};
			CK(cuLaunchKernel(fapply, 4, 1, 1, 256, 1, 1, 0, NULL, args, NULL));
			CK(cuMemcpyDtoH(res, dout, sizeof res));
			for (int i = 0; i < m; i++)
				ok &= res[i] == 3 * hin[i] + 1000;
			printf("linked: %d %d %d %s\n", res[0], res[1], res[999], ok ? "OK" : "WRONG");
			nb = 7;
			CK(cuMemcpyHtoD(gbias, &nb, sizeof nb));
			CK(cuLaunchKernel(fapply, 4, 1, 1, 256, 1, 1, 0, NULL, args, NULL));
			CK(cuMemcpyDtoH(res, dout, sizeof res));
			ok = 1;
			for (int i = 0; i < m; i++)
				ok &= res[i] == 3 * hin[i] + 7;
			printf("linked, bias 7: %d %s\n", res[0], ok ? "OK" : "WRONG");
		}
		CK(cuModuleUnload(lmod));
	}

	CK(cuMemFree(din));
	CK(cuMemFree(dout));
	CK(cuMemFree(d2));
	CK(cuMemFreeHost(hin));
	CK(cuModuleUnload(mod));
	CK(cuDevicePrimaryCtxRelease(dev));
	printf("done\n");
	return 0;
}

/*
 * coop.c -- cooperative launches through the driver API: tests/run's
 * grid_rounds kernel (four cooperative-groups grid barriers, 24 CTAs of 160
 * threads) through cuLaunchCooperativeKernel and through cuLaunchKernelEx
 * with the cooperative attribute; both results must equal what the H100
 * computed for the tests/run case cu_dev_grid_rounds.  Then plain launches
 * of the same kernel: on the stream of those cooperative ones it gets their
 * grid workspace and runs; on a stream that had no cooperative launch it
 * finds none and traps (CUDA_ERROR_LAUNCH_FAILED), as tests/cudart/
 * cg_plain's grid sync did on an H200 (driver 580.159) in both places.
 *
 *	coop CUB_DEV.PTX DEV.I32 WANT
 *
 * Exit 0 when all four behave so.
 */
#include <cuda.h>
#include "shimtest.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { GRID = 24, BLOCK = 160, N = 20000, OUT = 5 * GRID * BLOCK * 4 };

static int fails;

/* The output of the last launch against the H100's. */
static void
compare(CUdeviceptr out, const unsigned char *want, size_t n, const char *name)
{
	static unsigned char got[OUT];

	CK(cuMemcpyDtoH(got, out, sizeof got));
	if (n != sizeof got || memcmp(got, want, n)) {
		printf("%s: differs from the H100's\n", name);
		fails++;
	} else
		printf("%s: as on the H100\n", name);
	CK(cuMemsetD8(out, 0, sizeof got));
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	CUfunction k;
	CUstream s;
	CUdeviceptr in, out;
	CUlaunchAttribute at;
	CUlaunchConfig cfg;
	CUresult r;
	int n = N;
	size_t len, wlen;
	char *ptx;
	void *h;
	unsigned char *want;
	void *args[] = { &in, &out, &n };

	if (argc != 4) {
		fprintf(stderr, "usage: coop CUB_DEV.PTX DEV.I32 WANT\n");
		return 2;
	}
	ptx = slurp(argv[1], &len);
	h = slurp(argv[2], &len);
	want = slurp(argv[3], &wlen);
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CK(cuCtxSetCurrent(ctx));
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&k, mod, "grid_rounds"));
	CK(cuMemAlloc(&in, len));
	CK(cuMemcpyHtoD(in, h, len));
	CK(cuMemAlloc(&out, OUT));
	CK(cuMemsetD8(out, 0, OUT));

	CK(cuLaunchCooperativeKernel(k, GRID, 1, 1, BLOCK, 1, 1, 0, NULL, args));
	CK(cuCtxSynchronize());
	compare(out, want, wlen, "cuLaunchCooperativeKernel");

	memset(&at, 0, sizeof at);
	at.id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
	at.value.cooperative = 1;
	memset(&cfg, 0, sizeof cfg);
	cfg.gridDimX = GRID, cfg.gridDimY = cfg.gridDimZ = 1;
	cfg.blockDimX = BLOCK, cfg.blockDimY = cfg.blockDimZ = 1;
	cfg.attrs = &at;
	cfg.numAttrs = 1;
	CK(cuLaunchKernelEx(&cfg, k, args, NULL));
	CK(cuCtxSynchronize());
	compare(out, want, wlen, "cuLaunchKernelEx, cooperative");

	r = cuLaunchKernel(k, GRID, 1, 1, BLOCK, 1, 1, 0, NULL, args, NULL);
	if (r == CUDA_SUCCESS)
		r = cuCtxSynchronize();
	if (r != CUDA_SUCCESS) {
		printf("a plain launch on the cooperative launches' stream: %d, not CUDA_SUCCESS\n", (int)r);
		fails++;
	} else
		printf("a plain launch on the cooperative launches' stream: it runs\n");

	/* last: a trap leaves the context unusable */
	CK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	r = cuLaunchKernel(k, GRID, 1, 1, BLOCK, 1, 1, 0, s, args, NULL);
	if (r == CUDA_SUCCESS)
		r = cuCtxSynchronize();
	if (r != CUDA_ERROR_LAUNCH_FAILED) {
		printf("a plain launch of a grid sync on another stream: %d, not CUDA_ERROR_LAUNCH_FAILED\n", (int)r);
		fails++;
	} else
		printf("a plain launch of a grid sync on another stream: launch failed\n");
	free(ptx);
	free(h);
	free(want);
	return fails != 0;
}

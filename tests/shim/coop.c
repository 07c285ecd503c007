/*
 * coop.c -- cooperative launches through the driver API: tests/run's
 * grid_rounds kernel (four cooperative-groups grid barriers, 24 CTAs of 160
 * threads) through cuLaunchCooperativeKernel and through cuLaunchKernelEx
 * with the cooperative attribute; both results must equal what the H100
 * computed for the tests/run case cu_dev_grid_rounds.  Then a plain launch
 * of the same kernel, which finds no grid barrier workspace and traps, as
 * it did on the H100 (CUDA_ERROR_LAUNCH_FAILED).
 *
 *	coop CUB_DEV.PTX DEV.I32 WANT
 *
 * Exit 0 when all three behave as on the H100.
 */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { GRID = 24, BLOCK = 160, N = 20000, OUT = 5 * GRID * BLOCK * 4 };

static int fails;

static void
check(CUresult r, const char *what)
{
	if (r != CUDA_SUCCESS) {
		const char *s = NULL;
		cuGetErrorString(r, &s);
		fprintf(stderr, "coop: %s: %s\n", what, s ? s : "?");
		exit(1);
	}
}

static void *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *p;
	long len;

	if (!f || fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "coop: %s: cannot read\n", path);
		exit(1);
	}
	p = calloc((size_t)len + 1, 1);
	if (!p || fread(p, 1, (size_t)len, f) != (size_t)len) {
		fprintf(stderr, "coop: %s: cannot read\n", path);
		exit(1);
	}
	fclose(f);
	*n = (size_t)len;
	return p;
}

/* The output of the last launch against the H100's. */
static void
compare(CUdeviceptr out, const unsigned char *want, size_t n, const char *name)
{
	static unsigned char got[OUT];

	check(cuMemcpyDtoH(got, out, sizeof got), "cuMemcpyDtoH");
	if (n != sizeof got || memcmp(got, want, n)) {
		printf("%s: differs from the H100's\n", name);
		fails++;
	} else
		printf("%s: as on the H100\n", name);
	check(cuMemsetD8(out, 0, sizeof got), "cuMemsetD8");
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	CUfunction k;
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
	check(cuInit(0), "cuInit");
	check(cuDeviceGet(&dev, 0), "cuDeviceGet");
	check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
	check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
	check(cuModuleLoadData(&mod, ptx), "cuModuleLoadData");
	check(cuModuleGetFunction(&k, mod, "grid_rounds"), "cuModuleGetFunction");
	check(cuMemAlloc(&in, len), "cuMemAlloc");
	check(cuMemcpyHtoD(in, h, len), "cuMemcpyHtoD");
	check(cuMemAlloc(&out, OUT), "cuMemAlloc");
	check(cuMemsetD8(out, 0, OUT), "cuMemsetD8");

	check(cuLaunchCooperativeKernel(k, GRID, 1, 1, BLOCK, 1, 1, 0, NULL, args), "cuLaunchCooperativeKernel");
	check(cuCtxSynchronize(), "cuCtxSynchronize");
	compare(out, want, wlen, "cuLaunchCooperativeKernel");

	memset(&at, 0, sizeof at);
	at.id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
	at.value.cooperative = 1;
	memset(&cfg, 0, sizeof cfg);
	cfg.gridDimX = GRID, cfg.gridDimY = cfg.gridDimZ = 1;
	cfg.blockDimX = BLOCK, cfg.blockDimY = cfg.blockDimZ = 1;
	cfg.attrs = &at;
	cfg.numAttrs = 1;
	check(cuLaunchKernelEx(&cfg, k, args, NULL), "cuLaunchKernelEx");
	check(cuCtxSynchronize(), "cuCtxSynchronize");
	compare(out, want, wlen, "cuLaunchKernelEx, cooperative");

	/* last: a trap leaves the context unusable */
	r = cuLaunchKernel(k, GRID, 1, 1, BLOCK, 1, 1, 0, NULL, args, NULL);
	if (r == CUDA_SUCCESS)
		r = cuCtxSynchronize();
	if (r != CUDA_ERROR_LAUNCH_FAILED) {
		printf("a plain launch of a grid sync: %d, not CUDA_ERROR_LAUNCH_FAILED\n", (int)r);
		fails++;
	} else
		printf("a plain launch of a grid sync: launch failed, as on the H100\n");
	free(ptx);
	free(h);
	free(want);
	return fails != 0;
}

/*
 * tmap.c -- a tensor map through the driver API: cuTensorMapEncodeTiled,
 * a TMA load by tests/run/mbarrier.ptx's tma_load kernel, then
 * cuTensorMapReplaceAddress onto a second tensor and another load.  The
 * boxes loaded must equal what the H100 loaded for the tests/run cases
 * tma_load_2d and tma_load_2d_oob (same maps, same coordinates).  Last,
 * an im2col map (cuTensorMapEncodeIm2col) that the tiled copy refuses.
 *
 *	tmap MBARRIER.PTX T1 WANT1 T2 WANT2
 *
 * Exit 0 when both match.
 */
#include <cuda.h>
#include "shimtest.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails;

static CUdeviceptr
upload(const char *path)
{
	size_t n;
	void *h = slurp(path, &n);
	CUdeviceptr d;

	CK(cuMemAlloc(&d, n));
	CK(cuMemcpyHtoD(d, h, n));
	free(h);
	return d;
}

/* One 32x8 box of the map at (c0, c1) through tma_load; compared with want. */
static void
load(CUfunction k, CUtensorMap *map, int c0, int c1, const char *want, const char *name)
{
	unsigned rank = 2, bytes = 1024, soff = 0, obytes = 1024;
	int zero = 0;
	CUdeviceptr out;
	unsigned char got[1024];
	size_t n;
	unsigned char *w = slurp(want, &n);
	void *args[] = { map, &out, &rank, &c0, &c1, &zero, &zero, &zero, &bytes, &soff, &obytes };

	CK(cuMemAlloc(&out, sizeof got));
	CK(cuLaunchKernel(k, 1, 1, 1, 128, 1, 1, 0, NULL, args, NULL));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(got, out, sizeof got));
	if (n != sizeof got || memcmp(got, w, n)) {
		printf("%s: differs from the H100's box\n", name);
		fails++;
	} else
		printf("%s: as on the H100\n", name);
	free(w);
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	CUfunction k;
	CUtensorMap map __attribute__((aligned(64)));
	CUdeviceptr t1, t2;
	cuuint64_t dim[2] = { 40, 30 }, stride[1] = { 160 };
	cuuint32_t box[2] = { 32, 8 }, es[2] = { 1, 1 };
	size_t n;
	char *ptx;

	if (argc != 6) {
		fprintf(stderr, "usage: tmap MBARRIER.PTX T1 WANT1 T2 WANT2\n");
		return 2;
	}
	ptx = slurp(argv[1], &n);
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CK(cuCtxSetCurrent(ctx));
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&k, mod, "tma_load"));
	t1 = upload(argv[2]);
	t2 = upload(argv[4]);
	CK(cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, (void *)(uintptr_t)t1, dim, stride, box, es,
	    CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE,
	    CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	load(k, &map, 0, 0, argv[3], "tma_load_2d");
	CK(cuTensorMapReplaceAddress(&map, (void *)(uintptr_t)t2));
	load(k, &map, 20, 26, argv[5], "tma_load_2d_oob");
	/* a box wider than 256 elements is refused */
	box[0] = 512;
	if (cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, (void *)(uintptr_t)t1, dim, stride, box, es,
	    CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE,
	    CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) != CUDA_ERROR_INVALID_VALUE) {
		printf("a 512-element box was accepted\n");
		fails++;
	}
	/* an im2col map of a 3D tensor of t1 (8 channels, 5 pixels, 30 rows)
	 * is made, and refused by the tiled copy of tma_load (the launch
	 * faults: the context is lost, so this comes last) */
	{
		cuuint64_t d3[3] = { 8, 5, 30 }, s3[2] = { 32, 160 };
		cuuint32_t e3[3] = { 1, 1, 1 };
		int lo[1] = { 0 }, hi[1] = { 0 };
		unsigned rank = 2, bytes = 1024, soff = 0, obytes = 1024;
		int zero = 0;
		CUdeviceptr out;
		void *args[] = { &map, &out, &rank, &zero, &zero, &zero, &zero, &zero, &bytes, &soff, &obytes };
		CUresult r;

		CK(cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, (void *)(uintptr_t)t1, d3, s3,
		    lo, hi, 8, 5, e3, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
		    CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
		CK(cuMemAlloc(&out, 1024));
		if ((r = cuLaunchKernel(k, 1, 1, 1, 128, 1, 1, 0, NULL, args, NULL)) == CUDA_SUCCESS)
			r = cuCtxSynchronize();
		if (r == CUDA_SUCCESS) {
			printf("a tiled copy of an im2col map ran\n");
			fails++;
		} else
			printf("a tiled copy of an im2col map: %s\n", ename(r));
	}
	free(ptx);
	return fails != 0;
}

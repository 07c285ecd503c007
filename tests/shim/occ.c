/*
 * occ.c -- cluster occupancy: cuOccupancyMaxActiveClusters for clusters
 * of 1 to 16 CTAs, blocks of 32 to 1024 threads and 0 to 200,000 bytes of
 * dynamic shared memory, for a kernel that uses the cluster barrier and
 * one that does not, and for two- and three-dimensional cluster shapes;
 * beside each row, cuOccupancyMaxActiveBlocksPerMultiprocessor; last,
 * shapes with a dimension of 0, asked of the occupancy call and of a
 * launch (cuLaunchKernelEx) over a 16x2 grid.
 * occ.out is what an H200's driver (580) answered.
 */
#include <stdio.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

/* c(int *p): p[tid] += 1, then a cluster barrier; k: the same without it */
static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry c(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd2, %r1, 4;\n"
	"\tadd.s64 %rd3, %rd1, %rd2;\n\tld.global.u32 %r2, [%rd3];\n\tadd.s32 %r2, %r2, 1;\n"
	"\tst.global.u32 [%rd3], %r2;\n\tbarrier.cluster.arrive;\n\tbarrier.cluster.wait;\n\tret;\n}\n"
	".visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd2, %r1, 4;\n"
	"\tadd.s64 %rd3, %rd1, %rd2;\n\tld.global.u32 %r2, [%rd3];\n\tadd.s32 %r2, %r2, 1;\n"
	"\tst.global.u32 [%rd3], %r2;\n\tret;\n}\n";

/* clusters of one shape, or -1 and the error's name */
static void
clusters(CUfunction f, unsigned x, unsigned y, unsigned z, unsigned block, unsigned smem)
{
	CUlaunchConfig cfg;
	CUlaunchAttribute at[1];
	CUresult r;
	int v = -1;

	memset(&cfg, 0, sizeof cfg);
	memset(at, 0, sizeof at);
	cfg.gridDimX = x * 8, cfg.gridDimY = y * 2, cfg.gridDimZ = z;
	cfg.blockDimX = block, cfg.blockDimY = cfg.blockDimZ = 1;
	cfg.sharedMemBytes = smem;
	cfg.attrs = at, cfg.numAttrs = 1;
	at[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
	at[0].value.clusterDim.x = x, at[0].value.clusterDim.y = y, at[0].value.clusterDim.z = z;
	if ((r = cuOccupancyMaxActiveClusters(&v, f, &cfg)))
		printf(" %s", ename(r));
	else
		printf(" %d", v);
}

/* a cluster shape with a 0 in it: the occupancy call and a launch */
static void
zero(CUfunction f, CUdeviceptr p, unsigned x, unsigned y, unsigned z)
{
	CUlaunchConfig cfg;
	CUlaunchAttribute at[1];
	void *args[] = { &p };
	CUresult r;
	int v = -1;

	memset(&cfg, 0, sizeof cfg);
	memset(at, 0, sizeof at);
	cfg.gridDimX = 16, cfg.gridDimY = 2, cfg.gridDimZ = 1;
	cfg.blockDimX = 128, cfg.blockDimY = cfg.blockDimZ = 1;
	cfg.attrs = at, cfg.numAttrs = 1;
	at[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
	at[0].value.clusterDim.x = x, at[0].value.clusterDim.y = y, at[0].value.clusterDim.z = z;
	r = cuOccupancyMaxActiveClusters(&v, f, &cfg);
	printf("zero shape %ux%ux%u: occupancy %s %d", x, y, z, ename(r), r ? -1 : v);
	r = cuLaunchKernelEx(&cfg, f, args, NULL);
	printf(", launch %s", ename(r));
	printf(", synchronize %s\n", ename(cuCtxSynchronize()));
}

int
main(void)
{
	static const int blocks[] = { 32, 64, 96, 128, 192, 256, 384, 512, 640, 768, 1024 };
	static const int smem[] = { 0, 8192, 49152, 102400, 200000 };
	static const unsigned shapes[][3] = { { 2, 2, 1 }, { 4, 2, 1 }, { 2, 2, 2 }, { 3, 3, 1 }, { 5, 3, 1 },
	                                      { 8, 2, 1 }, { 4, 4, 1 } };
	CUdevice d;
	CUcontext ctx;
	CUmodule m;
	CUfunction f[2];
	CUdeviceptr p;
	int sms;

	CK(cuInit(0));
	CK(cuDeviceGet(&d, 0));
	CK(cuCtxCreate(&ctx, NULL, 0, d));
	CK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, d));
	printf("sms %d\n", sms);
	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&f[0], m, "c"));
	CK(cuModuleGetFunction(&f[1], m, "k"));
	for (int i = 0; i < 2; i++) {
		CK(cuFuncSetAttribute(f[i], CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1));
		CK(cuFuncSetAttribute(f[i], CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 200000));
	}
	for (int i = 0; i < 2; i++)
		for (size_t s = 0; s < sizeof smem / sizeof *smem; s++)
			for (size_t b = 0; b < sizeof blocks / sizeof *blocks; b++) {
				int occ = -1;
				CK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&occ, f[i], blocks[b], smem[s]));
				printf("%s smem %d block %d: occ %d clusters", i ? "k" : "c", smem[s], blocks[b], occ);
				for (unsigned cl = 1; cl <= 16; cl++)
					clusters(f[i], cl, 1, 1, blocks[b], smem[s]);
				printf("\n");
			}
	for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
		printf("shape %ux%ux%u:", shapes[i][0], shapes[i][1], shapes[i][2]);
		clusters(f[0], shapes[i][0], shapes[i][1], shapes[i][2], 128, 0);
		printf("\n");
	}
	static const unsigned zeros[][3] = { { 0, 1, 1 }, { 1, 0, 1 }, { 1, 1, 0 }, { 2, 0, 1 }, { 0, 0, 0 } };
	CK(cuMemAlloc(&p, 4096));
	for (size_t i = 0; i < sizeof zeros / sizeof *zeros; i++)
		zero(f[0], p, zeros[i][0], zeros[i][1], zeros[i][2]);
	return 0;
}

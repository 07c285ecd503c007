/*
 * green.c -- green contexts: the device's SM resource split into groups
 * (by count, with and without SM co-scheduling), a group made a
 * descriptor and a green context, which is the primary context (its
 * memory and modules) with that group's SMs: what the resource queries
 * answer in it, how large a cooperative grid it takes and the occupancy
 * calculator's minimum grid, its streams, events on it, and what is
 * refused (a group split again, resources of two splits in one
 * descriptor, the flags the driver requires left out, the per-thread
 * stream under it).  green.out is what an H200 with driver 580 printed,
 * and the shim prints: 15 groups of 8 SMs, cuStreamGetCtx of a green
 * stream the green context's CUcontext (cuCtxFromGreenCtx's, as
 * documented), and after cuGreenCtxDestroy its streams and its CUcontext,
 * which can still be made current, CUDA_ERROR_CONTEXT_IS_DESTROYED.
 */
#include "shimtest.h"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry k(.param .u64 p)\n{\n"
	"  .reg .u32 %r<3>; .reg .u64 %rd<4>;\n"
	"  ld.param.u64 %rd1, [p]; mov.u32 %r1, %ctaid.x; mul.wide.u32 %rd2, %r1, 4; add.u64 %rd3, %rd1, %rd2;\n"
	"  st.global.u32 [%rd3], %r1;\n  ret;\n}\n";

static void
groups(const char *what, const CUdevResource *in, unsigned flags, unsigned min)
{
	CUdevResource g[80], rem;
	unsigned n = 0, m = 80;

	CK(cuDevSmResourceSplitByCount(NULL, &n, in, NULL, flags, min));
	CK(cuDevSmResourceSplitByCount(g, &m, in, &rem, flags, min));
	printf("%s: %u groups (asked %u) of %u SMs, %u remaining\n", what, m, n, m ? g[0].sm.smCount : 0,
	       rem.sm.smCount);
}

/* the largest cooperative grid of k that launches with the current context */
static unsigned
coop_limit(CUfunction k, CUdeviceptr d)
{
	void *args[] = {&d};
	unsigned lo = 1, hi = 8192;

	while (lo < hi) {
		unsigned mid = (lo + hi + 1) / 2;
		CUresult r = cuLaunchCooperativeKernel(k, mid, 1, 1, 128, 1, 1, 0, NULL, args);
		if (r == CUDA_SUCCESS)
			lo = mid;
		else if (r == CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE)
			hi = mid - 1;
		else
			CK(r);
	}
	CK(cuCtxSynchronize());
	return lo;
}

int
main(void)
{
	CUcontext primary, gc, c;
	CUdevResource dev, g[4], g2[4], rem, got;
	CUdevResourceDesc desc;
	CUgreenCtx green, sg;
	CUstream s;
	CUmodule m;
	CUfunction k;
	CUdeviceptr d;
	CUevent e;
	unsigned n, ctas[64];
	int blocks, mingrid, bs, per;

	CK(cuInit(0));
	CK(cuDevicePrimaryCtxRetain(&primary, 0));
	CK(cuCtxSetCurrent(primary));
	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&k, m, "k"));
	CK(cuMemAlloc(&d, 8192 * 4));
	CK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&per, k, 128, 0));

	CK(cuDeviceGetDevResource(0, &dev, CU_DEV_RESOURCE_TYPE_SM));
	printf("device: %u SMs, partitions of %u, aligned to %u\n", dev.sm.smCount, dev.sm.minSmPartitionSize,
	       dev.sm.smCoscheduledAlignment);
	printf("resource type 2: %s\n", ename(cuDeviceGetDevResource(0, &got, (CUdevResourceType)2)));
	groups("minimum 0", &dev, 0, 0);
	groups("minimum 12", &dev, 0, 12);
	groups("minimum 12, SMs alone", &dev, CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING, 12);
	printf("minimum past the SMs: %s\n", ename(cuDevSmResourceSplitByCount(NULL, &n, &dev, NULL, 0, 133)));

	n = 2;
	CK(cuDevSmResourceSplitByCount(g, &n, &dev, &rem, 0, 16));
	printf("two groups: %u and %u SMs, %u remaining\n", g[0].sm.smCount, g[1].sm.smCount, rem.sm.smCount);
	n = 4;
	printf("a group split again: %s\n", ename(cuDevSmResourceSplitByCount(g2, &n, &g[0], NULL, 0, 8)));
	n = 1;
	CK(cuDevSmResourceSplitByCount(g2, &n, &dev, NULL, 0, 8));
	g2[1] = g[1];
	printf("two splits in one descriptor: %s\n", ename(cuDevResourceGenerateDesc(&desc, g2, 2)));
	g[1] = rem;
	CK(cuDevResourceGenerateDesc(&desc, g, 1));
	printf("without the default stream flag: %s\n", ename(cuGreenCtxCreate(&green, desc, 0, 0)));
	CK(cuGreenCtxCreate(&green, desc, 0, CU_GREEN_CTX_DEFAULT_STREAM));
	CK(cuCtxGetCurrent(&c));
	printf("still current: the primary context %d\n", c == primary);

	CK(cuGreenCtxGetDevResource(green, &got, CU_DEV_RESOURCE_TYPE_SM));
	printf("green context: %u SMs\n", got.sm.smCount);
	CK(cuCtxFromGreenCtx(&gc, green));
	CK(cuCtxGetDevResource(gc, &got, CU_DEV_RESOURCE_TYPE_SM));
	printf("its context: %u SMs; primary's: ", got.sm.smCount);
	CK(cuCtxGetDevResource(primary, &got, CU_DEV_RESOURCE_TYPE_SM));
	printf("%u\n", got.sm.smCount);

	/* the primary context's memory and module, with 16 SMs */
	printf("cooperative grid, primary: %s\n", coop_limit(k, d) == (unsigned)per * 132 ? "occupancy x 132" : "other");
	CK(cuOccupancyMaxPotentialBlockSize(&mingrid, &bs, k, NULL, 0, 0));
	blocks = mingrid;
	CK(cuCtxSetCurrent(gc));
	printf("cooperative grid, green: %s\n", coop_limit(k, d) == (unsigned)per * 16 ? "occupancy x 16" : "other");
	CK(cuOccupancyMaxPotentialBlockSize(&mingrid, &bs, k, NULL, 0, 0));
	printf("minimum grid: green's x 132 = primary's x 16: %d\n", mingrid * 132 == blocks * 16);

	/* its streams */
	printf("stream without CU_STREAM_NON_BLOCKING: %s\n", ename(cuGreenCtxStreamCreate(&s, green, 0, 0)));
	CK(cuGreenCtxStreamCreate(&s, green, CU_STREAM_NON_BLOCKING, 0));
	CK(cuStreamGetGreenCtx(s, &sg));
	CK(cuStreamGetCtx(s, &c));
	printf("stream: green %d, context primary %d, the green's %d\n", sg == green, c == primary, c == gc);
	CK(cuStreamGetCtx_v2(NULL, &c, &sg));
	printf("NULL stream under it: green %d, context primary %d\n", sg == green, c == primary);
	printf("per-thread stream under it: %s\n", ename(cuStreamGetCtx_v2(CU_STREAM_PER_THREAD, &c, &sg)));
	{
		void *args[] = {&d};
		CK(cuLaunchKernel(k, 64, 1, 1, 32, 1, 1, 0, s, args, NULL));
		CK(cuStreamSynchronize(s));
		CK(cuMemcpyDtoH(ctas, d, sizeof ctas));
		printf("launched on it: ctaid %u %u\n", ctas[1], ctas[63]);
	}
	CK(cuEventCreate(&e, 0));
	CK(cuGreenCtxRecordEvent(green, e));
	CK(cuGreenCtxWaitEvent(green, e));
	printf("event: %s\n", ename(cuEventQuery(e)));
	CK(cuEventDestroy(e));

	CK(cuCtxSetCurrent(primary));
	CK(cuStreamGetCtx_v2(NULL, &c, &sg));
	printf("NULL stream under the primary: green NULL %d\n", sg == NULL);
	CK(cuGreenCtxDestroy(green));
	printf("its stream after: %s\n", ename(cuStreamSynchronize(s)));
	printf("its context after: %s\n", ename(cuCtxSetCurrent(gc)));
	printf("then a copy: %s\n", ename(cuMemcpyDtoH(ctas, d, 4)));
	CK(cuCtxSetCurrent(primary));
	printf("the primary context's memory after: %s\n", ename(cuMemcpyDtoH(ctas, d, 4)));
	CK(cuMemFree(d));
	CK(cuDevicePrimaryCtxRelease(0));
	printf("done\n");
	return 0;
}

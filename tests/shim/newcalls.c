/*
 * newcalls.c -- the driver's newer entry points given hostile values:
 * green contexts (splits by every minimum count, descriptors, green
 * contexts and their streams, handles NULL, made up and destroyed), the
 * per-thread default stream variants (_ptsz, _ptds), the CUDA 2.x ABI's
 * calls out of their context and past 32 bits, graph nodes of batched
 * memory operations and of external semaphores, and the calls of CUDA 13
 * a device without the hardware refuses (batch decompression, sparse
 * array mapping, NvSciSync) or checks (im2col tensor maps).  One line
 * per call: its answer, and what it wrote where that matters.
 *
 * usage: newcalls [SECTION...]   green gdead ptds abi32 memop extsem
 *                                extras (all of them when none is named)
 *
 * newcalls.out is the shim's answers.  newcalls.h200 is what an H200
 * (driver 580) answered to an earlier revision, each section in a process
 * of its own with PTXKIT_REAL_DRIVER set (which leaves out the RISKY
 * calls), "rc" its exit status: every line it printed the shim now prints
 * alike, but for the calls on destroyed streams (CUDA_SUCCESS there: the driver documents them as
 * undefined); where it died (a descriptor of no resources, a destroyed
 * green context pushed, a destroyed event recorded, a launch of NULL
 * semaphores) the calls are RISKY now, and the sections' later lines are
 * not yet checked on a GPU.  Exits 1 when a call that sets things up
 * fails.
 */
#include <stdint.h>
#include <string.h>
#include "shimtest.h"

#define SAY(what, call) printf("%s: %s\n", (what), ename(call))
#define MADE_UP(type) ((type)(uintptr_t)0x5a5a5a50)

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry k(.param .u64 p)\n{\n\t.reg .b64 %rd<2>;\n\t.reg .b32 %r<2>;\n"
	"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %ctaid.x;\n\tst.global.u32 [%rd1], %r1;\n\tret;\n}\n";

static CUcontext primary;

/* ---------------------------------------------------------------- green contexts */

static void
split(const CUdevResource *in, unsigned flags, unsigned min)
{
	static CUdevResource g[160];
	CUdevResource rem;
	unsigned n = 0, m = 160;
	CUresult r;

	memset(&rem, 0, sizeof rem);
	if ((r = cuDevSmResourceSplitByCount(NULL, &n, in, NULL, flags, min))) {
		printf("split flags %u min %u: %s\n", flags, min, ename(r));
		return;
	}
	CK(cuDevSmResourceSplitByCount(g, &m, in, &rem, flags, min));
	printf("split flags %u min %u: %u groups (asked %u) of %u SMs, %u remaining\n", flags, min, m, n,
	       m ? g[0].sm.smCount : 0, rem.sm.smCount);
	for (unsigned i = 1; i < m; i++)
		if (g[i].sm.smCount != g[0].sm.smCount)
			printf("  group %u: %u SMs\n", i, g[i].sm.smCount);
}

static void
green(void)
{
	static const unsigned mins[] = {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 18, 20, 24, 25, 32, 33, 40, 44, 48, 56,
		64, 65, 66, 67, 72, 128, 132};
	CUdevResource dev, g[4], rem, got, forged;
	CUdevResourceDesc desc, whole;
	CUgreenCtx gr, sg;
	CUcontext gc, c;
	CUstream s;
	CUevent e;
	CUdevice d;
	unsigned n;
	int prio;
	unsigned long long id;

	CK(cuDeviceGetDevResource(0, &dev, CU_DEV_RESOURCE_TYPE_SM));
	for (size_t i = 0; i < sizeof mins / sizeof mins[0]; i++)
		split(&dev, 0, mins[i]);
	for (size_t i = 0; i < sizeof mins / sizeof mins[0]; i++)
		split(&dev, CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING, mins[i]);
	split(&dev, CU_DEV_SM_RESOURCE_SPLIT_MAX_POTENTIAL_CLUSTER_SIZE, 0);
	split(&dev, CU_DEV_SM_RESOURCE_SPLIT_MAX_POTENTIAL_CLUSTER_SIZE, 16);
	split(&dev, 3, 8);
	split(&dev, 4, 8);
	split(&dev, 0x80000000u, 8);
	split(&dev, 0, 133);
	split(&dev, 0, ~0u);

	n = 0;
	memset(&rem, 0, sizeof rem);
	printf("split into 0 groups: %s", ename(cuDevSmResourceSplitByCount(g, &n, &dev, &rem, 0, 8)));
	printf(", %u made, %u remaining\n", n, rem.sm.smCount);
	n = 3;
	CK(cuDevSmResourceSplitByCount(g, &n, &dev, &rem, 0, 8));
	printf("split into 3 groups: %u made of %u, %u remaining\n", n, g[0].sm.smCount, rem.sm.smCount);
	n = 2;
	printf("the remainder split: %s\n", ename(cuDevSmResourceSplitByCount(g, &n, &rem, NULL, 0, 8)));
	printf("the remainder, a query: %s\n", ename(cuDevSmResourceSplitByCount(NULL, &n, &rem, NULL, 0, 8)));
	RISKY("split, no count", cuDevSmResourceSplitByCount(g, NULL, &dev, NULL, 0, 8));
	RISKY("split, no input", cuDevSmResourceSplitByCount(g, &n, NULL, NULL, 0, 8));
	forged = dev;
	forged.type = CU_DEV_RESOURCE_TYPE_INVALID;
	printf("split of type 0: %s\n", ename(cuDevSmResourceSplitByCount(NULL, &n, &forged, NULL, 0, 8)));
	forged.type = (CUdevResourceType)99;
	printf("split of type 99: %s\n", ename(cuDevSmResourceSplitByCount(NULL, &n, &forged, NULL, 0, 8)));
	memset(&forged, 0, sizeof forged);
	forged.type = CU_DEV_RESOURCE_TYPE_SM;
	forged.sm.smCount = 132;
	forged.sm.minSmPartitionSize = 8;
	forged.sm.smCoscheduledAlignment = 8;
	printf("split of a resource made by hand: %s\n", ename(cuDevSmResourceSplitByCount(NULL, &n, &forged,
	       NULL, 0, 8)));
	forged = dev;
	forged.sm.smCount = 1000;
	printf("split of the device's with 1000 SMs: %s\n", ename(cuDevSmResourceSplitByCount(NULL, &n, &forged,
	       NULL, 0, 8)));
	forged.sm.smCount = 0;
	printf("split of the device's with 0 SMs: %s\n", ename(cuDevSmResourceSplitByCount(NULL, &n, &forged,
	       NULL, 0, 8)));

	/* descriptors */
	RISKY("descriptor, no output", cuDevResourceGenerateDesc(NULL, &dev, 1));
	RISKY("descriptor, no resources", cuDevResourceGenerateDesc(&desc, NULL, 1));
	RISKY("descriptor of 0 resources", cuDevResourceGenerateDesc(&desc, &dev, 0));
	printf("descriptor of the whole device: %s\n", ename(cuDevResourceGenerateDesc(&whole, &dev, 1)));
	forged = dev;
	forged.type = CU_DEV_RESOURCE_TYPE_INVALID;
	printf("descriptor of type 0: %s\n", ename(cuDevResourceGenerateDesc(&desc, &forged, 1)));
	memset(&forged, 0, sizeof forged);
	forged.type = CU_DEV_RESOURCE_TYPE_SM;
	forged.sm.smCount = 16;
	printf("descriptor of a resource made by hand: %s\n", ename(cuDevResourceGenerateDesc(&desc, &forged, 1)));
	n = 2;
	CK(cuDevSmResourceSplitByCount(g, &n, &dev, &rem, 0, 16));
	g[2] = rem;
	printf("descriptor of two groups and the remainder: %s\n", ename(cuDevResourceGenerateDesc(&desc, g, 3)));
	forged = g[0];
	forged.sm.smCount = 200;
	printf("descriptor of a group with 200 SMs: %s\n", ename(cuDevResourceGenerateDesc(&desc, &forged, 1)));
	forged.sm.smCount = 0;
	printf("descriptor of a group with 0 SMs: %s\n", ename(cuDevResourceGenerateDesc(&desc, &forged, 1)));
	CK(cuDevResourceGenerateDesc(&desc, g, 1));

	/* green contexts */
	RISKY("green context, no output", cuGreenCtxCreate(NULL, desc, 0, CU_GREEN_CTX_DEFAULT_STREAM));
	printf("green context, no descriptor: %s\n", ename(cuGreenCtxCreate(&gr, NULL, 0,
	       CU_GREEN_CTX_DEFAULT_STREAM)));
	printf("green context, flags 2: %s\n", ename(cuGreenCtxCreate(&gr, desc, 0, 2)));
	printf("green context, flags 3: %s\n", ename(cuGreenCtxCreate(&gr, desc, 0, 3)));
	printf("green context, device 1: %s\n", ename(cuGreenCtxCreate(&gr, desc, 1, CU_GREEN_CTX_DEFAULT_STREAM)));
	printf("green context, device -1: %s\n", ename(cuGreenCtxCreate(&gr, desc, -1,
	       CU_GREEN_CTX_DEFAULT_STREAM)));
	printf("green context of the whole device: %s\n", ename(cuGreenCtxCreate(&gr, whole, 0,
	       CU_GREEN_CTX_DEFAULT_STREAM)));
	CK(cuGreenCtxGetDevResource(gr, &got, CU_DEV_RESOURCE_TYPE_SM));
	printf("  its SMs: %u\n", got.sm.smCount);
	CK(cuGreenCtxDestroy(gr));
	CK(cuCtxGetDevResource(primary, &got, CU_DEV_RESOURCE_TYPE_SM));
	split(&got, 0, 8);
	split(&got, 0, 16);
	/* a green context of 128 SMs, split in groups of 8: none left over */
	n = 1;
	CK(cuDevSmResourceSplitByCount(g, &n, &dev, NULL, 0, 128));
	CK(cuDevResourceGenerateDesc(&whole, g, 1));
	CK(cuGreenCtxCreate(&gr, whole, 0, CU_GREEN_CTX_DEFAULT_STREAM));
	CK(cuGreenCtxGetDevResource(gr, &got, CU_DEV_RESOURCE_TYPE_SM));
	printf("a green context of %u SMs:\n", got.sm.smCount);
	split(&got, 0, 0);
	split(&got, 0, 16);
	split(&got, CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING, 2);
	split(&got, CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING, 4);
	CK(cuGreenCtxDestroy(gr));
	CK(cuGreenCtxCreate(&gr, desc, 0, CU_GREEN_CTX_DEFAULT_STREAM));
	CK(cuGreenCtxGetDevResource(gr, &got, CU_DEV_RESOURCE_TYPE_SM));
	split(&got, 0, 0);
	split(&got, 0, 8);
	split(&got, CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING, 2);
	RISKY("its resource, no output", cuGreenCtxGetDevResource(gr, NULL, CU_DEV_RESOURCE_TYPE_SM));
	printf("its resource of type 0: %s\n", ename(cuGreenCtxGetDevResource(gr, &got, CU_DEV_RESOURCE_TYPE_INVALID)));
	printf("its resource of type 99: %s\n", ename(cuGreenCtxGetDevResource(gr, &got, (CUdevResourceType)99)));
	printf("a NULL green context's resource: %s\n", ename(cuGreenCtxGetDevResource(NULL, &got,
	       CU_DEV_RESOURCE_TYPE_SM)));
	printf("a NULL context's resource: %s\n", ename(cuCtxGetDevResource(NULL, &got, CU_DEV_RESOURCE_TYPE_SM)));
	RISKY("its id, no output", cuGreenCtxGetId(gr, NULL));
	printf("a NULL green context's id: %s\n", ename(cuGreenCtxGetId(NULL, &id)));
	RISKY("its context, no output", cuCtxFromGreenCtx(NULL, gr));
	printf("a NULL green context's context: %s\n", ename(cuCtxFromGreenCtx(&c, NULL)));
	CK(cuCtxFromGreenCtx(&gc, gr));
	CK(cuCtxFromGreenCtx(&c, gr));
	printf("its context twice the same: %d, the primary: %d\n", c == gc, gc == primary);

	/* its streams */
	RISKY("stream, no output", cuGreenCtxStreamCreate(NULL, gr, CU_STREAM_NON_BLOCKING, 0));
	printf("stream of a NULL green context: %s\n", ename(cuGreenCtxStreamCreate(&s, NULL,
	       CU_STREAM_NON_BLOCKING, 0)));
	printf("stream, flags 3: %s\n", ename(cuGreenCtxStreamCreate(&s, gr, 3, 0)));
	printf("stream, flags 2: %s\n", ename(cuGreenCtxStreamCreate(&s, gr, 2, 0)));
	CK(cuGreenCtxStreamCreate(&s, gr, CU_STREAM_NON_BLOCKING, 1000));
	CK(cuStreamGetPriority(s, &prio));
	printf("stream of priority 1000: %d\n", prio);
	CK(cuStreamDestroy(s));
	CK(cuGreenCtxStreamCreate(&s, gr, CU_STREAM_NON_BLOCKING, -1000));
	CK(cuStreamGetPriority(s, &prio));
	printf("stream of priority -1000: %d\n", prio);
	CK(cuStreamGetCtx(s, &c));
	printf("its cuStreamGetCtx: the green's context %d, the primary %d\n", c == gc, c == primary);
	CK(cuStreamGetCtx_v2(s, &c, &sg));
	printf("its cuStreamGetCtx_v2: the green's context %d, the primary %d, green %d\n", c == gc, c == primary,
	       sg == gr);
	CK(cuStreamGetDevice(s, &d));
	printf("its device: %d\n", (int)d);
	RISKY("its green context, no output", cuStreamGetGreenCtx(s, NULL));
	CK(cuStreamGetGreenCtx(CU_STREAM_LEGACY, &sg));
	printf("the legacy stream's green context under the primary: NULL %d\n", sg == NULL);

	/* events */
	CK(cuEventCreate(&e, 0));
	printf("record on a NULL green context: %s\n", ename(cuGreenCtxRecordEvent(NULL, e)));
	printf("record of a NULL event: %s\n", ename(cuGreenCtxRecordEvent(gr, NULL)));
	printf("wait on a NULL green context: %s\n", ename(cuGreenCtxWaitEvent(NULL, e)));
	printf("wait for a NULL event: %s\n", ename(cuGreenCtxWaitEvent(gr, NULL)));
	CK(cuEventDestroy(e));

	/* its context made current */
	CK(cuCtxSetCurrent(gc));
	CK(cuCtxGetCurrent(&c));
	printf("current: the green's context %d\n", c == gc);
	CK(cuCtxGetDevice(&d));
	printf("its device: %d\n", (int)d);
	{
		unsigned long long a, b;
		CK(cuCtxGetId(gc, &a));
		CK(cuCtxGetId(primary, &b));
		printf("its id the primary's: %d\n", a == b);
	}
	CK(cuStreamGetCtx(NULL, &c));
	printf("the NULL stream's context under it: the green's %d, the primary %d\n", c == gc, c == primary);
	printf("per-thread stream under it: %s\n", ename(cuStreamGetCtx(CU_STREAM_PER_THREAD, &c)));
	CK(cuCtxPushCurrent(primary));
	CK(cuCtxPopCurrent(&c));
	printf("pushed and popped: the primary %d\n", c == primary);
	CK(cuCtxGetCurrent(&c));
	printf("current again: the green's context %d\n", c == gc);
	CK(cuCtxSetCurrent(primary));
	CK(cuStreamDestroy(s));
	CK(cuGreenCtxDestroy(gr));
	RISKY("green context of a made-up descriptor", cuGreenCtxCreate(&gr, MADE_UP(CUdevResourceDesc), 0,
	      CU_GREEN_CTX_DEFAULT_STREAM));
}

/* A destroyed green context's handles: each call in a section of its own,
 * as the driver may have freed what the handle points to. */
static void
gdead(void)
{
	CUdevResource dev, g[2], got;
	CUdevResourceDesc desc;
	CUgreenCtx gr;
	CUcontext gc, c;
	CUstream s, s2;
	CUevent e;
	CUdeviceptr p;
	unsigned n = 1;
	unsigned long long id;

	CK(cuDeviceGetDevResource(0, &dev, CU_DEV_RESOURCE_TYPE_SM));
	CK(cuDevSmResourceSplitByCount(g, &n, &dev, NULL, 0, 16));
	CK(cuDevResourceGenerateDesc(&desc, g, 1));
	CK(cuGreenCtxCreate(&gr, desc, 0, CU_GREEN_CTX_DEFAULT_STREAM));
	CK(cuCtxFromGreenCtx(&gc, gr));
	CK(cuGreenCtxStreamCreate(&s, gr, CU_STREAM_NON_BLOCKING, 0));
	CK(cuEventCreate(&e, 0));
	CK(cuCtxSetCurrent(gc));
	CK(cuGreenCtxDestroy(gr));
	SAY("current when destroyed, cuCtxGetCurrent", cuCtxGetCurrent(&c));
	printf("  the green's context %d, NULL %d\n", c == gc, c == NULL);
	SAY("then cuCtxSynchronize", cuCtxSynchronize());
	SAY("then cuMemAlloc", cuMemAlloc(&p, 64));
	SAY("then cuStreamCreate", cuStreamCreate(&s2, 0));
	SAY("then cuCtxGetDevResource", cuCtxGetDevResource(gc, &got, CU_DEV_RESOURCE_TYPE_SM));
	CK(cuCtxSetCurrent(primary));
	SAY("made current again", cuCtxSetCurrent(gc));
	SAY("  then cuCtxSynchronize", cuCtxSynchronize());
	CK(cuCtxSetCurrent(primary));
	RISKY("pushed", cuCtxPushCurrent(gc));
	CK(cuCtxSetCurrent(primary));
	{
		CUcontext dead;
		CK(cuCtxCreate(&dead, NULL, 0, 0));
		CK(cuCtxDestroy(dead));
		SAY("a destroyed context made current", cuCtxSetCurrent(dead));
		CK(cuCtxSetCurrent(primary));
	}
	SAY("its stream: cuStreamQuery", cuStreamQuery(s));
	SAY("its resource", cuGreenCtxGetDevResource(gr, &got, CU_DEV_RESOURCE_TYPE_SM));
	SAY("its context", cuCtxFromGreenCtx(&c, gr));
	SAY("its id", cuGreenCtxGetId(gr, &id));
	SAY("a stream of it", cuGreenCtxStreamCreate(&s2, gr, CU_STREAM_NON_BLOCKING, 0));
	SAY("an event recorded on it", cuGreenCtxRecordEvent(gr, e));
	SAY("an event waited for on it", cuGreenCtxWaitEvent(gr, e));
	SAY("destroyed again", cuGreenCtxDestroy(gr));
	RISKY("a made-up one destroyed", cuGreenCtxDestroy(MADE_UP(CUgreenCtx)));
	SAY("a NULL one destroyed", cuGreenCtxDestroy(NULL));
	CK(cuEventDestroy(e));
}

/* ---------------------------------------------------------------- per-thread default stream */

CUresult cuStreamQuery_ptsz(CUstream);
CUresult cuStreamSynchronize_ptsz(CUstream);
CUresult cuStreamGetCtx_ptsz(CUstream, CUcontext *);
CUresult cuStreamGetFlags_ptsz(CUstream, unsigned *);
CUresult cuEventRecord_ptsz(CUevent, CUstream);
CUresult cuStreamWaitEvent_ptsz(CUstream, CUevent, unsigned);
CUresult cuMemcpyHtoDAsync_v2_ptsz(CUdeviceptr, const void *, size_t, CUstream);
CUresult cuMemcpyDtoH_v2_ptds(void *, CUdeviceptr, size_t);
CUresult cuMemcpy_ptds(CUdeviceptr, CUdeviceptr, size_t);
CUresult cuMemsetD8Async_ptsz(CUdeviceptr, unsigned char, size_t, CUstream);
CUresult cuMemsetD32_v2_ptds(CUdeviceptr, unsigned, size_t);
CUresult cuMemAllocAsync_ptsz(CUdeviceptr *, size_t, CUstream);
CUresult cuMemFreeAsync_ptsz(CUdeviceptr, CUstream);
CUresult cuLaunchKernel_ptsz(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                             CUstream, void **, void **);
CUresult cuLaunchKernelEx_ptsz(const CUlaunchConfig *, CUfunction, void **, void **);
CUresult cuGraphInstantiateWithParams_ptsz(CUgraphExec *, CUgraph, CUDA_GRAPH_INSTANTIATE_PARAMS *);
CUresult cuGraphLaunch_ptsz(CUgraphExec, CUstream);
CUresult cuStreamBeginCapture_v2_ptsz(CUstream, CUstreamCaptureMode);
CUresult cuStreamEndCapture_ptsz(CUstream, CUgraph *);
CUresult cuStreamIsCapturing_ptsz(CUstream, CUstreamCaptureStatus *);
CUresult cuStreamWriteValue32_v2_ptsz(CUstream, CUdeviceptr, cuuint32_t, unsigned);
CUresult cuStreamAddCallback_ptsz(CUstream, CUstreamCallback, void *, unsigned);
CUresult cuLaunchHostFunc_ptsz(CUstream, CUhostFn, void *);

static void
ptds(void)
{
	CUmodule m;
	CUfunction f;
	CUdeviceptr buf, p;
	CUstream s, dead;
	CUevent e, edead;
	CUgraph gr;
	CUgraphExec x;
	CUcontext c;
	CUstreamCaptureStatus st;
	CUlaunchConfig cfg;
	CUDA_GRAPH_INSTANTIATE_PARAMS ip;
	unsigned fl, v[4] = {1, 2, 3, 4};
	void *args[] = {&buf};

	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&f, m, "k"));
	CK(cuMemAlloc(&buf, 4096));
	CK(cuStreamCreate(&dead, 0));
	CK(cuStreamDestroy(dead));
	CK(cuEventCreate(&edead, 0));
	CK(cuEventDestroy(edead));
	CK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	CK(cuEventCreate(&e, 0));

	SAY("query of the thread's stream", cuStreamQuery_ptsz(NULL));
	RISKY("query of a destroyed stream", cuStreamQuery_ptsz(dead));
	RISKY("query of a made-up stream", cuStreamQuery_ptsz(MADE_UP(CUstream)));
	RISKY("synchronize of a destroyed stream", cuStreamSynchronize_ptsz(dead));
	RISKY("context of the thread's stream, no output", cuStreamGetCtx_ptsz(NULL, NULL));
	CK(cuStreamGetCtx_ptsz(NULL, &c));
	printf("context of the thread's stream: the primary %d\n", c == primary);
	CK(cuStreamGetFlags_ptsz(NULL, &fl));
	printf("flags of the thread's stream: %u\n", fl);
	SAY("a NULL event recorded", cuEventRecord_ptsz(NULL, NULL));
	RISKY("a destroyed event recorded", cuEventRecord_ptsz(edead, NULL));
	RISKY("a destroyed event waited for", cuStreamWaitEvent_ptsz(NULL, edead, 0));
	SAY("an event waited for, flags 2", cuStreamWaitEvent_ptsz(NULL, e, 2));
	SAY("copy to address 0", cuMemcpyHtoDAsync_v2_ptsz(0, v, 16, NULL));
	SAY("copy past the buffer", cuMemcpyHtoDAsync_v2_ptsz(buf + 4090, v, 16, NULL));
	RISKY("copy on a destroyed stream", cuMemcpyHtoDAsync_v2_ptsz(buf, v, 16, dead));
	SAY("copy of 0 bytes", cuMemcpyHtoDAsync_v2_ptsz(buf, v, 0, NULL));
	SAY("synchronous copy from address 0", cuMemcpyDtoH_v2_ptds(v, 0, 16));
	RISKY("synchronous copy of 2^62 bytes", cuMemcpy_ptds(buf, buf + 2048, (size_t)1 << 62));
	RISKY("set of 2^62 bytes", cuMemsetD8Async_ptsz(buf, 1, (size_t)1 << 62, NULL));
	SAY("set past the buffer", cuMemsetD32_v2_ptds(buf + 4092, 1, 2));
	SAY("allocation of 0 bytes", cuMemAllocAsync_ptsz(&p, 0, NULL));
	SAY("allocation of 2^62 bytes", cuMemAllocAsync_ptsz(&p, (size_t)1 << 62, NULL));
	RISKY("allocation, no output", cuMemAllocAsync_ptsz(NULL, 64, NULL));
	SAY("free of address 0", cuMemFreeAsync_ptsz(0, NULL));
	SAY("free of a made-up address", cuMemFreeAsync_ptsz(0x5a5a5a50, NULL));
	SAY("launch of a NULL function", cuLaunchKernel_ptsz(NULL, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL));
	SAY("launch of 0 blocks", cuLaunchKernel_ptsz(f, 0, 1, 1, 1, 1, 1, 0, NULL, args, NULL));
	SAY("launch of 2048 threads a block", cuLaunchKernel_ptsz(f, 1, 1, 1, 2048, 1, 1, 0, NULL, args, NULL));
	RISKY("launch on a destroyed stream", cuLaunchKernel_ptsz(f, 1, 1, 1, 1, 1, 1, 0, dead, args, NULL));
	RISKY("launch, no configuration", cuLaunchKernelEx_ptsz(NULL, f, args, NULL));
	memset(&cfg, 0, sizeof cfg);
	cfg.gridDimX = cfg.gridDimY = cfg.gridDimZ = 1;
	cfg.blockDimX = cfg.blockDimY = cfg.blockDimZ = 1;
	cfg.hStream = dead;
	RISKY("launch by configuration on a destroyed stream", cuLaunchKernelEx_ptsz(&cfg, f, args, NULL));
	cfg.hStream = NULL;
	cfg.numAttrs = 1;
	cfg.attrs = NULL;
	SAY("launch by configuration, 1 attribute, none there", cuLaunchKernelEx_ptsz(&cfg, f, args, NULL));
	cfg.numAttrs = 0;
	SAY("launch by configuration", cuLaunchKernelEx_ptsz(&cfg, f, args, NULL));
	SAY("host function NULL", cuLaunchHostFunc_ptsz(NULL, NULL, NULL));
	SAY("callback NULL", cuStreamAddCallback_ptsz(NULL, NULL, NULL, 0));
	SAY("write of a value, flags 8", cuStreamWriteValue32_v2_ptsz(NULL, buf, 1, 8));
	SAY("write of a value to address 0", cuStreamWriteValue32_v2_ptsz(NULL, 0, 1, 0));

	/* capture of the thread's stream, then synchronous work in it */
	CK(cuStreamBeginCapture_v2_ptsz(NULL, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL));
	CK(cuStreamIsCapturing_ptsz(NULL, &st));
	printf("capturing: %d\n", (int)st);
	SAY("a synchronous copy while it captures", cuMemcpyDtoH_v2_ptds(v, buf, 16));
	CK(cuStreamIsCapturing_ptsz(NULL, &st));
	printf("capturing after: %d\n", (int)st);
	SAY("the capture ended", cuStreamEndCapture_ptsz(NULL, &gr));
	RISKY("capture of a destroyed stream", cuStreamBeginCapture_v2_ptsz(dead, CU_STREAM_CAPTURE_MODE_GLOBAL));
	SAY("capture, mode 7", cuStreamBeginCapture_v2_ptsz(NULL, (CUstreamCaptureMode)7));
	SAY("end of a capture not begun", cuStreamEndCapture_ptsz(NULL, &gr));

	CK(cuGraphCreate(&gr, 0));
	RISKY("instantiate, no parameters", cuGraphInstantiateWithParams_ptsz(&x, gr, NULL));
	memset(&ip, 0, sizeof ip);
	ip.flags = CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD;
	ip.hUploadStream = dead;
	RISKY("instantiate, upload to a destroyed stream", cuGraphInstantiateWithParams_ptsz(&x, gr, &ip));
	printf("  result %d\n", (int)ip.result_out);
	ip.hUploadStream = NULL;
	ip.flags = 1ull << 40;
	SAY("instantiate, flags 2^40", cuGraphInstantiateWithParams_ptsz(&x, gr, &ip));
	printf("  result %d\n", (int)ip.result_out);
	ip.flags = CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD;
	SAY("instantiate, upload to the thread's stream", cuGraphInstantiateWithParams_ptsz(&x, gr, &ip));
	printf("  result %d\n", (int)ip.result_out);
	RISKY("launch of it on a destroyed stream", cuGraphLaunch_ptsz(x, dead));
	SAY("launch of a NULL executable", cuGraphLaunch_ptsz(NULL, NULL));
	SAY("launch of it", cuGraphLaunch_ptsz(x, NULL));
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(gr));
	CK(cuStreamSynchronize_ptsz(NULL));
	CK(cuStreamDestroy(s));
	CK(cuEventDestroy(e));
	CK(cuMemFree(buf));
	CK(cuModuleUnload(m));
}

/* ---------------------------------------------------------------- batched memory operation nodes */

static void
memop(void)
{
	CUgraph g, h;
	CUgraphNode nd, emp;
	CUgraphExec x;
	CUdeviceptr w;
	CUstreamBatchMemOpParams op[2];
	CUDA_BATCH_MEM_OP_NODE_PARAMS bp, got;
	CUcontext dead;
	unsigned v[4];

	CK(cuMemAlloc(&w, 64));
	CK(cuMemsetD32(w, 0, 16));
	CK(cuGraphCreate(&g, 0));
	CK(cuGraphAddEmptyNode(&emp, g, NULL, 0));
	memset(op, 0, sizeof op);
	op[0].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
	op[0].writeValue.address = w;
	op[0].writeValue.value = 5;
	/* a stream's batch is refused whole: no operation runs */
	op[1] = op[0];
	op[1].writeValue.flags = 0x10;
	SAY("a stream batch whose second write has flags 0x10", cuStreamBatchMemOp(NULL, 2, op, 0));
	CK(cuMemcpyDtoH(v, w, sizeof v));
	printf("  the first write done: %d\n", v[0] == 5);
	op[1] = op[0];
	bp = (CUDA_BATCH_MEM_OP_NODE_PARAMS){primary, 1, op, 0};
	/* the refusals in a graph of their own, which is never launched */
	CK(cuGraphCreate(&h, 0));
	RISKY("node, no output", cuGraphAddBatchMemOpNode(NULL, h, NULL, 0, &bp));
	RISKY("node, no parameters", cuGraphAddBatchMemOpNode(&nd, h, NULL, 0, NULL));
	SAY("node in a NULL graph", cuGraphAddBatchMemOpNode(&nd, NULL, NULL, 0, &bp));
	SAY("node after 1 dependency, none there", cuGraphAddBatchMemOpNode(&nd, h, NULL, 1, &bp));
	RISKY("node after a made-up node", cuGraphAddBatchMemOpNode(&nd, h, (CUgraphNode[]){MADE_UP(CUgraphNode)}, 1,
	    &bp));
	bp.ctx = NULL;
	SAY("node of a NULL context", cuGraphAddBatchMemOpNode(&nd, h, NULL, 0, &bp));
	CK(cuCtxCreate(&dead, NULL, 0, 0));
	CK(cuCtxDestroy(dead));
	CK(cuCtxSetCurrent(primary));
	bp.ctx = dead;
	RISKY("node of a destroyed context", cuGraphAddBatchMemOpNode(&nd, h, NULL, 0, &bp));
	bp.ctx = primary;
	bp.paramArray = NULL;
	SAY("node of 1 operation, none there", cuGraphAddBatchMemOpNode(&nd, h, NULL, 0, &bp));
	bp.paramArray = op;
	op[1].writeValue.operation = (CUstreamBatchMemOpType)0;
	bp.count = 2;
	SAY("node of an operation of kind 0", cuGraphAddBatchMemOpNode(&nd, h, NULL, 0, &bp));
	op[1] = op[0];
	op[1].writeValue.address = w + 2;
	SAY("node of a 32-bit write off its alignment", cuGraphAddBatchMemOpNode(&nd, h, NULL, 0, &bp));
	op[1].writeValue.address = 0;
	SAY("node of a write to address 0", cuGraphAddBatchMemOpNode(&nd, h, NULL, 0, &bp));
	op[1] = op[0];
	op[1].writeValue.flags = 0x10;
	SAY("node of a write, flags 0x10", cuGraphAddBatchMemOpNode(&nd, h, NULL, 0, &bp));
	op[1] = op[0];
	op[1].waitValue.operation = CU_STREAM_MEM_OP_WAIT_VALUE_32;
	op[1].waitValue.flags = 7;
	SAY("node of a wait, flags 7", cuGraphAddBatchMemOpNode(&nd, h, NULL, 0, &bp));
	op[1] = op[0];
	op[1].flushRemoteWrites.operation = CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES;
	op[1].flushRemoteWrites.flags = 1;
	SAY("node of a flush, flags 1", cuGraphAddBatchMemOpNode(&nd, h, NULL, 0, &bp));
	CK(cuGraphDestroy(h));
	op[1] = op[0];
	op[1].writeValue.value = 6;
	CK(cuGraphAddBatchMemOpNode(&nd, g, &emp, 1, &bp));
	RISKY("its parameters, no output", cuGraphBatchMemOpNodeGetParams(nd, NULL));
	SAY("the parameters of an empty node", cuGraphBatchMemOpNodeGetParams(emp, &got));
	SAY("the parameters of a NULL node", cuGraphBatchMemOpNodeGetParams(NULL, &got));
	bp.count = 0;
	SAY("set to 0 operations", cuGraphBatchMemOpNodeSetParams(nd, &bp));
	bp.count = 2;
	bp.flags = 1;
	SAY("set with flags 1", cuGraphBatchMemOpNodeSetParams(nd, &bp));
	bp.flags = 0;
	SAY("set on an empty node", cuGraphBatchMemOpNodeSetParams(emp, &bp));
	memset(&got, 0, sizeof got);
	CK(cuGraphBatchMemOpNodeGetParams(nd, &got));
	printf("its parameters: %u operations, flags %u\n", got.count, got.flags);
	CK(cuGraphBatchMemOpNodeSetParams(nd, &bp));
	CK(cuGraphInstantiate(&x, g, 0));
	bp.count = 1;
	SAY("executable set to 1 operation", cuGraphExecBatchMemOpNodeSetParams(x, nd, &bp));
	bp.count = 2;
	SAY("executable set on an empty node", cuGraphExecBatchMemOpNodeSetParams(x, emp, &bp));
	SAY("executable set on a NULL node", cuGraphExecBatchMemOpNodeSetParams(x, NULL, &bp));
	SAY("a NULL executable set", cuGraphExecBatchMemOpNodeSetParams(NULL, nd, &bp));
	op[1].writeValue.value = 8;
	CK(cuGraphExecBatchMemOpNodeSetParams(x, nd, &bp));
	CK(cuGraphLaunch(x, NULL));
	CK(cuStreamSynchronize(NULL));
	CK(cuMemcpyDtoH(v, w, sizeof v));
	printf("after a launch: %u\n", v[0]);
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));
	CK(cuMemFree(w));
}

/* ---------------------------------------------------------------- external semaphore nodes */

static void
extsem(void)
{
	CUgraph g;
	CUgraphNode sn, wn, emp, nodes[8];
	CUgraphExec x;
	CUgraphNodeType type;
	CUDA_EXT_SEM_SIGNAL_NODE_PARAMS sp, sgot;
	CUDA_EXT_SEM_WAIT_NODE_PARAMS wp, wgot;
	CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS ssp[2];
	CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS swp[2];
	CUexternalSemaphore sems[2] = {NULL, NULL};
	size_t n = 8;

	CK(cuGraphCreate(&g, 0));
	CK(cuGraphAddEmptyNode(&emp, g, NULL, 0));
	memset(&sp, 0, sizeof sp);
	memset(&wp, 0, sizeof wp);
	memset(ssp, 0, sizeof ssp);
	memset(swp, 0, sizeof swp);
	RISKY("signal node, no output", cuGraphAddExternalSemaphoresSignalNode(NULL, g, NULL, 0, &sp));
	RISKY("signal node, no parameters", cuGraphAddExternalSemaphoresSignalNode(&sn, g, NULL, 0, NULL));
	SAY("signal node in a NULL graph", cuGraphAddExternalSemaphoresSignalNode(&sn, NULL, NULL, 0, &sp));
	SAY("signal node after 1 dependency, none there", cuGraphAddExternalSemaphoresSignalNode(&sn, g, NULL, 1,
	    &sp));
	SAY("signal node of no semaphores", cuGraphAddExternalSemaphoresSignalNode(&sn, g, &emp, 1, &sp));
	SAY("wait node of no semaphores", cuGraphAddExternalSemaphoresWaitNode(&wn, g, &sn, 1, &wp));
	CK(cuGraphNodeGetType(sn, &type));
	printf("types: %d", (int)type);
	CK(cuGraphNodeGetType(wn, &type));
	printf(" %d\n", (int)type);
	CK(cuGraphGetNodes(g, nodes, &n));
	printf("nodes in the graph: %zu\n", n);
	memset(&sgot, 0xff, sizeof sgot);
	SAY("signal parameters", cuGraphExternalSemaphoresSignalNodeGetParams(sn, &sgot));
	printf("  %u semaphores\n", sgot.numExtSems);
	memset(&wgot, 0xff, sizeof wgot);
	SAY("wait parameters", cuGraphExternalSemaphoresWaitNodeGetParams(wn, &wgot));
	printf("  %u semaphores\n", wgot.numExtSems);
	SAY("signal parameters of the wait node", cuGraphExternalSemaphoresSignalNodeGetParams(wn, &sgot));
	SAY("wait parameters of an empty node", cuGraphExternalSemaphoresWaitNodeGetParams(emp, &wgot));
	SAY("signal parameters of a NULL node", cuGraphExternalSemaphoresSignalNodeGetParams(NULL, &sgot));
	RISKY("signal parameters, no output", cuGraphExternalSemaphoresSignalNodeGetParams(sn, NULL));
	SAY("signal parameters set on an empty node", cuGraphExternalSemaphoresSignalNodeSetParams(emp, &sp));
	SAY("wait parameters set on the signal node", cuGraphExternalSemaphoresWaitNodeSetParams(sn, &wp));
	RISKY("signal parameters set, none given", cuGraphExternalSemaphoresSignalNodeSetParams(sn, NULL));
	sp.numExtSems = 2;
	sp.extSemArray = sems;
	sp.paramsArray = ssp;
	SAY("signal parameters set to 2 NULL semaphores", cuGraphExternalSemaphoresSignalNodeSetParams(sn, &sp));
	sp.numExtSems = 0;
	sp.extSemArray = NULL;
	sp.paramsArray = NULL;
	SAY("signal parameters set to none", cuGraphExternalSemaphoresSignalNodeSetParams(sn, &sp));
	SAY("wait parameters set to none", cuGraphExternalSemaphoresWaitNodeSetParams(wn, &wp));
	SAY("instantiated", cuGraphInstantiate(&x, g, 0));
	SAY("executable signal set", cuGraphExecExternalSemaphoresSignalNodeSetParams(x, sn, &sp));
	SAY("executable wait set", cuGraphExecExternalSemaphoresWaitNodeSetParams(x, wn, &wp));
	SAY("executable signal set on the wait node", cuGraphExecExternalSemaphoresSignalNodeSetParams(x, wn, &sp));
	SAY("executable wait set on an empty node", cuGraphExecExternalSemaphoresWaitNodeSetParams(x, emp, &wp));
	SAY("a NULL executable's signal set", cuGraphExecExternalSemaphoresSignalNodeSetParams(NULL, sn, &sp));
	SAY("launched", cuGraphLaunch(x, NULL));
	SAY("synchronized", cuStreamSynchronize(NULL));
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));

	/* a node of semaphores none of which exists, run */
	CK(cuGraphCreate(&g, 0));
	sp.numExtSems = 2;
	sp.extSemArray = sems;
	sp.paramsArray = ssp;
	SAY("signal node of 2 NULL semaphores", cuGraphAddExternalSemaphoresSignalNode(&sn, g, NULL, 0, &sp));
	memset(&sgot, 0, sizeof sgot);
	CK(cuGraphExternalSemaphoresSignalNodeGetParams(sn, &sgot));
	printf("  %u semaphores, its own copy %d, NULL %d\n", sgot.numExtSems, sgot.extSemArray != sems,
	       sgot.extSemArray && !sgot.extSemArray[0] && !sgot.extSemArray[1]);
	SAY("instantiated", cuGraphInstantiate(&x, g, 0));
	/* an H200 (driver 580) dies of a segmentation fault launching it */
	RISKY("launched", cuGraphLaunch(x, NULL));
	RISKY("synchronized", cuStreamSynchronize(NULL));
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));
}

/* ---------------------------------------------------------------- CUDA 13's others */

static void
extras(void)
{
	CUmemDecompressParams dp;
	CUarrayMapInfo mi;
	CUtensorMap map __attribute__((aligned(64)));
	CUdeviceptr buf;
	CUarray a;
	CUDA_ARRAY_DESCRIPTOR ad = {64, 64, CU_AD_FORMAT_UNSIGNED_INT8, 1};
	size_t err = 7;
	unsigned char attrs[64];
	cuuint64_t dim[4] = {64, 8, 8, 2}, strides[3] = {128, 1024, 8192};
	cuuint32_t es[4] = {1, 1, 1, 1};
	int lo[2] = {-1, -1}, hi[2] = {1, 1};
	int dummy;

	CK(cuMemAlloc(&buf, 1 << 16));
	memset(&dp, 0, sizeof dp);
	dp.src = (void *)(uintptr_t)buf;
	dp.dst = (void *)(uintptr_t)(buf + 4096);
	dp.dstActBytes = (cuuint32_t *)(uintptr_t)(buf + 8192);
	dp.srcNumBytes = 64;
	dp.dstNumBytes = 1024;
	dp.algo = CU_MEM_DECOMPRESS_ALGORITHM_DEFLATE;
	SAY("decompression of 0 operations", cuMemBatchDecompressAsync(&dp, 0, 0, &err, NULL));
	SAY("decompression of one", cuMemBatchDecompressAsync(&dp, 1, 0, &err, NULL));
	printf("  error index %s\n", err == SIZE_MAX ? "SIZE_MAX" : err == 7 ? "unwritten" : "other");
	SAY("decompression, flags 1", cuMemBatchDecompressAsync(&dp, 1, 1, NULL, NULL));
	RISKY("decompression, no operations", cuMemBatchDecompressAsync(NULL, 1, 0, NULL, NULL));
	RISKY("decompression on a made-up stream", cuMemBatchDecompressAsync(&dp, 1, 0, NULL, MADE_UP(CUstream)));
	CK(cuDeviceGetAttribute(&dummy, CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED, 0));
	printf("sparse arrays: %d\n", dummy);
	CK(cuArrayCreate(&a, &ad));
	memset(&mi, 0, sizeof mi);
	mi.resourceType = CU_RESOURCE_TYPE_ARRAY;
	mi.resource.array = a;
	mi.subresourceType = CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL;
	mi.memOperationType = CU_MEM_OPERATION_TYPE_UNMAP;
	mi.memHandleType = CU_MEM_HANDLE_TYPE_GENERIC;
	mi.deviceBitMask = 1;
	SAY("mapping of 0 entries", cuMemMapArrayAsync(&mi, 0, NULL));
	SAY("unmapping of a dense array", cuMemMapArrayAsync(&mi, 1, NULL));
	RISKY("mapping, no entries", cuMemMapArrayAsync(NULL, 1, NULL));
	mi.resourceType = (CUresourcetype)9;
	SAY("mapping of resource type 9", cuMemMapArrayAsync(&mi, 1, NULL));
	CK(cuArrayDestroy(a));
	{
		CUDA_ARRAY3D_DESCRIPTOR d3 = {512, 512, 0, CU_AD_FORMAT_UNSIGNED_INT8, 1, CUDA_ARRAY3D_SPARSE};
		SAY("a sparse array", cuArray3DCreate(&a, &d3));
		mi.resourceType = CU_RESOURCE_TYPE_ARRAY;
		mi.resource.array = a;
		mi.subresource.sparseLevel.extentWidth = 512;
		mi.subresource.sparseLevel.extentHeight = 512;
		mi.subresource.sparseLevel.extentDepth = 1;
		SAY("unmapping of its level 0", cuMemMapArrayAsync(&mi, 1, NULL));
		SAY("synchronized", cuStreamSynchronize(NULL));
		CK(cuArrayDestroy(a));
		RISKY("unmapping of it destroyed", cuMemMapArrayAsync(&mi, 1, NULL));
	}
	SAY("NvSciSync attributes, flags 1", cuDeviceGetNvSciSyncAttributes(attrs, 0, CUDA_NVSCISYNC_ATTR_SIGNAL));
	SAY("NvSciSync attributes, flags 0", cuDeviceGetNvSciSyncAttributes(attrs, 0, 0));
	SAY("NvSciSync attributes of device 1", cuDeviceGetNvSciSyncAttributes(attrs, 1, 1));
	RISKY("NvSciSync attributes, no list", cuDeviceGetNvSciSyncAttributes(NULL, 0, 1));

	/* im2col: NDHWC of 64 channels, 8 x 8 x 2, 16-bit */
	SAY("im2col map", cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, (void *)(uintptr_t)buf,
	    dim, strides, lo, hi, 64, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
	    CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	SAY("im2col map of rank 2", cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,
	    (void *)(uintptr_t)buf, dim, strides, lo, hi, 64, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
	    CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	SAY("im2col map of rank 6", cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 6,
	    (void *)(uintptr_t)buf, dim, strides, lo, hi, 64, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
	    CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	SAY("im2col map, 512 pixels a column", cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4,
	    (void *)(uintptr_t)buf, dim, strides, lo, hi, 64, 512, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
	    CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	SAY("im2col map, 512 channels", cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4,
	    (void *)(uintptr_t)buf, dim, strides, lo, hi, 512, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
	    CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	SAY("im2col map, 0 channels", cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4,
	    (void *)(uintptr_t)buf, dim, strides, lo, hi, 0, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
	    CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	lo[0] = -40000;
	SAY("im2col map, a corner of -40000", cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4,
	    (void *)(uintptr_t)buf, dim, strides, lo, hi, 64, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
	    CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	lo[0] = -1;
	SAY("im2col map off its alignment", cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4,
	    (void *)(uintptr_t)(buf + 8), dim, strides, lo, hi, 64, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
	    CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	RISKY("im2col map, no corners", cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4,
	    (void *)(uintptr_t)buf, dim, strides, NULL, NULL, 64, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
	    CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	RISKY("im2col map, no map", cuTensorMapEncodeIm2col(NULL, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4,
	    (void *)(uintptr_t)buf, dim, strides, lo, hi, 64, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
	    CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	SAY("im2col wide map", cuTensorMapEncodeIm2colWide(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4,
	    (void *)(uintptr_t)buf, dim, strides, -1, 1, 64, 32, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
	    CU_TENSOR_MAP_IM2COL_WIDE_MODE_W, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE,
	    CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	CK(cuMemFree(buf));
}

/* ---------------------------------------------------------------- the CUDA 2.x ABI */

#undef cuCtxCreate
#undef cuMemAllocPitch
#undef cuMemGetAddressRange
#undef cuMemsetD2D8
#undef cuMemcpyHtoA
#undef cuMemcpyAtoH
#undef cuArrayCreate
#undef cuArrayGetDescriptor
#undef cuMemcpy2D
typedef unsigned Dptr1;
typedef struct { unsigned Width, Height; CUarray_format Format; unsigned NumChannels; } Desc1;
typedef struct {
	unsigned srcXInBytes, srcY;
	CUmemorytype srcMemoryType;
	const void *srcHost;
	Dptr1 srcDevice;
	CUarray srcArray;
	unsigned srcPitch;
	unsigned dstXInBytes, dstY;
	CUmemorytype dstMemoryType;
	void *dstHost;
	Dptr1 dstDevice;
	CUarray dstArray;
	unsigned dstPitch;
	unsigned WidthInBytes, Height;
} Copy2d1;
CUresult cuCtxCreate(CUcontext *, unsigned, CUdevice);
CUresult cuMemAllocPitch(Dptr1 *, unsigned *, unsigned, unsigned, unsigned);
CUresult cuMemGetAddressRange(Dptr1 *, unsigned *, Dptr1);
CUresult cuMemsetD2D8(Dptr1, unsigned, unsigned char, unsigned, unsigned);
CUresult cuMemcpyHtoA(CUarray, unsigned, const void *, unsigned);
CUresult cuMemcpyAtoH(void *, CUarray, unsigned, unsigned);
CUresult cuArrayCreate(CUarray *, const Desc1 *);
CUresult cuArrayGetDescriptor(Desc1 *, CUarray);
CUresult cuMemcpy2D(const Copy2d1 *);

static void
abi32(void)
{
	CUcontext old;
	CUarray a, dead;
	Desc1 d = {64, 4, CU_AD_FORMAT_UNSIGNED_INT8, 1}, got;
	Copy2d1 c;
	Dptr1 p, base;
	unsigned pitch, size;
	unsigned char host[512];

	{
		CUdeviceptr dp;
		size_t pt;
		SAY("a pitched allocation (_v2) of element size 3", cuMemAllocPitch_v2(&dp, &pt, 64, 4, 3));
		SAY("a pitched allocation (_v2) 2^64-1 wide", cuMemAllocPitch_v2(&dp, &pt, SIZE_MAX, 1, 4));
		SAY("a pitched allocation (_v2) 2^62 wide, 8 high", cuMemAllocPitch_v2(&dp, &pt, (size_t)1 << 62, 8, 4));
		SAY("a pitched allocation (_v2) 0 high", cuMemAllocPitch_v2(&dp, &pt, 64, 0, 4));
	}
	SAY("an array under a cuCtxCreate_v4 context", cuArrayCreate(&a, &d));
	/* CUDA_ERROR_OUT_OF_MEMORY with the primary context retained, as an
	 * H200 (driver 580) answered (abimix.c's probes too): the hostile
	 * calls below run where the context is made, in a process that
	 * retains no primary context */
	SAY("a context of the CUDA 2.x ABI", cuCtxCreate(&old, 0, 0));
	if (cuCtxGetCurrent(&old) || old == primary)
		return;
	RISKY("an array, no output", cuArrayCreate(NULL, &d));
	RISKY("an array, no descriptor", cuArrayCreate(&a, NULL));
	d.Format = (CUarray_format)0x77;
	SAY("an array of format 0x77", cuArrayCreate(&a, &d));
	d.Format = CU_AD_FORMAT_UNSIGNED_INT8;
	d.NumChannels = 3;
	SAY("an array of 3 channels", cuArrayCreate(&a, &d));
	d.NumChannels = 1;
	d.Width = 0;
	SAY("an array 0 wide", cuArrayCreate(&a, &d));
	d.Width = 0xffffffffu;
	SAY("an array 2^32-1 wide", cuArrayCreate(&a, &d));
	d.Width = 64;
	CK(cuArrayCreate(&dead, &d));
	CK(cuArrayDestroy(dead));
	SAY("a destroyed array's descriptor", cuArrayGetDescriptor(&got, dead));
	RISKY("a made-up array's descriptor", cuArrayGetDescriptor(&got, MADE_UP(CUarray)));
	CK(cuArrayCreate(&a, &d));
	memset(host, 7, sizeof host);
	SAY("a copy into it past its end", cuMemcpyHtoA(a, 200, host, 100));
	SAY("a copy into it at offset 2^32-1", cuMemcpyHtoA(a, 0xffffffffu, host, 1));
	SAY("a copy into it of 2^32-1 bytes", cuMemcpyHtoA(a, 0, host, 0xffffffffu));
	SAY("a copy into a destroyed array", cuMemcpyHtoA(dead, 0, host, 16));
	SAY("a copy from it past its end", cuMemcpyAtoH(host, a, 250, 16));
	SAY("a pitched allocation of element size 3", cuMemAllocPitch(&p, &pitch, 64, 4, 3));
	SAY("a pitched allocation 2^32-1 wide", cuMemAllocPitch(&p, &pitch, 0xffffffffu, 2, 4));
	SAY("a pitched allocation 0 wide", cuMemAllocPitch(&p, &pitch, 0, 4, 4));
	SAY("a range of address 0", cuMemGetAddressRange(&base, &size, 0));
	SAY("a range of a made-up address", cuMemGetAddressRange(&base, &size, 0x5a5a5a50u));
	SAY("a 2D set at address 0", cuMemsetD2D8(0, 64, 1, 64, 4));
	SAY("a 2D set at a made-up address", cuMemsetD2D8(0x5a5a5a50u, 64, 1, 64, 4));
	RISKY("a 2D copy, no description", cuMemcpy2D(NULL));
	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = host;
	c.srcPitch = 64;
	c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
	c.dstArray = a;
	c.WidthInBytes = 64;
	c.Height = 5;
	SAY("a 2D copy one row past the array", cuMemcpy2D(&c));
	c.Height = 4;
	c.srcPitch = 32;
	SAY("a 2D copy with a pitch below its width", cuMemcpy2D(&c));
	c.srcPitch = 64;
	c.dstMemoryType = (CUmemorytype)9;
	SAY("a 2D copy to memory type 9", cuMemcpy2D(&c));
	c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
	c.dstArray = dead;
	SAY("a 2D copy to a destroyed array", cuMemcpy2D(&c));
	c.dstArray = a;
	CK(cuMemcpy2D(&c));
	memset(host, 0, sizeof host);
	CK(cuMemcpyAtoH(host, a, 0, 256));
	printf("the 2D copy read back: %u %u\n", host[0], host[255]);
	CK(cuArrayDestroy(a));
	CK(cuCtxDestroy(old));
	CK(cuCtxSetCurrent(primary));
}

int
main(int argc, char **argv)
{
	static const Section sec[] = {
		{"green", green}, {"gdead", gdead}, {"ptds", ptds}, {"abi32", abi32}, {"memop", memop},
		{"extsem", extsem}, {"extras", extras},
	};

	setvbuf(stdout, NULL, _IONBF, 0);
	primary = primary_ctx();
	sections(sec, sizeof sec / sizeof sec[0], argc, argv);
	return 0;
}

/*
 * misuse.c -- the driver API called wrongly: handles used after they
 * were destroyed, handles of another kind, made-up handles, an empty
 * image, oversized dynamic shared memory, allocations past the device's
 * memory, limits out of range.  Each call must return the driver's error
 * code (and, under a sanitizer, read no freed memory); tests/shim.test
 * runs it with a small device memory and the limit variables set.
 *
 * usage: misuse good     PTXKIT_MAX_MEMORY=64M PTXKIT_HEAP_SIZE=2M
 *                        PTXKIT_STACK_SIZE=4K PTXKIT_MAX_STEPS=100000
 *        misuse default  the variables malformed: their defaults apply
 * Prints one line per check and exits 1 at the first wrong answer.  The
 * codes are the ones the driver documents for each call; the program has
 * not been run on a GPU (a made-up handle may crash the real driver).
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include "shimtest.h"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".extern .shared .align 4 .b8 dyn[];\n"
	".visible .entry fill(.param .u64 out, .param .u32 k)\n{\n"
	"\t.reg .u32 %r<8>;\n\t.reg .u64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [out];\n\tld.param.u32 %r1, [k];\n"
	"\tmov.u32 %r2, %tid.x;\n\tshl.b32 %r3, %r2, 2;\n"
	"\tmov.u32 %r4, dyn;\n\tadd.u32 %r4, %r4, %r3;\n"
	"\tmul.lo.u32 %r5, %r2, 3;\n\tst.shared.u32 [%r4], %r5;\n\tbar.sync 0;\n"
	"\tld.shared.u32 %r6, [%r4];\n\tadd.u32 %r6, %r6, %r1;\n"
	"\tcvta.to.global.u64 %rd1, %rd1;\n\tmul.wide.u32 %rd2, %r2, 4;\n"
	"\tadd.u64 %rd3, %rd1, %rd2;\n\tst.global.u32 [%rd3], %r6;\n\tret;\n}\n"
	".visible .entry spin()\n{\n\t.reg .u32 %r<2>;\n\tmov.u32 %r1, 0;\n"
	"LOOP:\n\tadd.u32 %r1, %r1, 1;\n\tbra LOOP;\n}\n";

static int fails;

static void
expect(const char *what, CUresult got, CUresult want)
{
	const char *g = NULL, *w = NULL;

	cuGetErrorName(got, &g);
	cuGetErrorName(want, &w);
	printf("%s: %s\n", what, g ? g : "?");
	if (got != want) {
		printf("FAIL: %s: expected %s\n", what, w ? w : "?");
		fails++;
	}
}

#define EXPECT(call, want) expect(#call, (call), (want))

/* A thread that has a context current which another thread destroys. */
static CUcontext shared_ctx;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int phase;

static void *
bystander(void *arg)
{
	(void)arg;
	CK(cuCtxPushCurrent(shared_ctx));
	pthread_mutex_lock(&mu);
	phase = 1;
	pthread_cond_broadcast(&cv);
	while (phase != 2)
		pthread_cond_wait(&cv, &mu);
	pthread_mutex_unlock(&mu);
	EXPECT(cuCtxSynchronize(), CUDA_ERROR_CONTEXT_IS_DESTROYED);
	return NULL;
}

int
main(int argc, char **argv)
{
	int good = argc == 2 && !strcmp(argv[1], "good");
	CUdevice dev;
	CUcontext ctx, c2, cur;
	CUmodule mod, m2;
	CUfunction fill, spin, stalefn;
	CUstream st, st2;
	CUevent ev, ev2, ev3;
	CUdeviceptr d, big;
	size_t sz, fr, tot;
	unsigned k = 7, out[64];
	void *args[2] = {&d, &k};
	int v;
	pthread_t t;

	if (argc != 2) {
		fprintf(stderr, "usage: misuse good|default\n");
		return 2;
	}
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&ctx, NULL, 0, dev));

	/* contexts: destroyed twice, made current after destruction */
	CK(cuCtxCreate(&c2, NULL, 0, dev));
	CK(cuStreamCreate(&st2, 0));
	CK(cuEventCreate(&ev2, 0));
	EXPECT(cuCtxDestroy(c2), CUDA_SUCCESS);
	EXPECT(cuCtxDestroy(c2), CUDA_ERROR_INVALID_CONTEXT);
	EXPECT(cuCtxSetCurrent(c2), CUDA_ERROR_INVALID_CONTEXT);
	EXPECT(cuCtxPushCurrent(c2), CUDA_ERROR_INVALID_CONTEXT);
	/* a destroyed context takes its streams and events with it; an
	 * event's handle then answers so (an H200's driver: ctxown.gpu) */
	EXPECT(cuStreamSynchronize(st2), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuEventQuery(ev2), CUDA_ERROR_CONTEXT_IS_DESTROYED);
	CK(cuCtxGetCurrent(&cur));
	printf("current after destroying the other context: %s\n", cur == ctx ? "the first" : "WRONG");
	if (cur != ctx)
		fails++;
	EXPECT(cuCtxDestroy((CUcontext)(uintptr_t)0x1234), CUDA_ERROR_INVALID_CONTEXT);
	EXPECT(cuCtxDestroy(NULL), CUDA_ERROR_INVALID_CONTEXT);

	/* a context destroyed while current to another thread */
	CK(cuCtxCreate(&shared_ctx, NULL, 0, dev));
	CK(cuCtxSetCurrent(ctx));
	pthread_create(&t, NULL, bystander, NULL);
	pthread_mutex_lock(&mu);
	while (phase != 1)
		pthread_cond_wait(&cv, &mu);
	pthread_mutex_unlock(&mu);
	EXPECT(cuCtxDestroy(shared_ctx), CUDA_SUCCESS);
	pthread_mutex_lock(&mu);
	phase = 2;
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
	pthread_join(t, NULL);

	/* events and streams: destroyed twice, used after, reused slots */
	CK(cuEventCreate(&ev, 0));
	EXPECT(cuEventDestroy(ev), CUDA_SUCCESS);
	EXPECT(cuEventDestroy(ev), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuEventRecord(ev, NULL), CUDA_ERROR_INVALID_HANDLE);
	CK(cuEventCreate(&ev3, 0));   /* may take the slot ev had */
	EXPECT(cuEventDestroy(ev), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuEventQuery(ev3), CUDA_SUCCESS);
	CK(cuStreamCreate(&st, 0));
	EXPECT(cuStreamDestroy(st), CUDA_SUCCESS);
	EXPECT(cuStreamDestroy(st), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuStreamQuery(st), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuStreamWaitEvent(NULL, ev, 0), CUDA_ERROR_INVALID_HANDLE);
	/* handles of another kind, and made up */
	EXPECT(cuStreamSynchronize((CUstream)ev3), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuEventQuery((CUevent)ctx), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuEventQuery((CUevent)&v), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuStreamQuery((CUstream)(uintptr_t)0xdeadbeef0ull), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuEventDestroy(NULL), CUDA_ERROR_INVALID_HANDLE);
	CK(cuEventDestroy(ev3));

	/* modules: an empty image; functions of an unloaded module */
	EXPECT(cuModuleLoadData(&m2, ""), CUDA_ERROR_INVALID_IMAGE);
	EXPECT(cuModuleLoadData(&m2, "\x7f" "E"), CUDA_ERROR_INVALID_PTX);
	CK(cuModuleLoadData(&m2, ptx));
	CK(cuModuleGetFunction(&stalefn, m2, "fill"));
	EXPECT(cuModuleUnload(m2), CUDA_SUCCESS);
	EXPECT(cuModuleUnload(m2), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuModuleGetFunction(&fill, m2, "fill"), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_NUM_REGS, stalefn), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuLaunchKernel(stalefn, 1, 1, 1, 64, 1, 1, 0, NULL, args, NULL), CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_NUM_REGS, (CUfunction)ctx),
	    CUDA_ERROR_INVALID_HANDLE);

	/* attributes, memory operations, graph node kinds and ranges on stale
	 * and foreign handles */
	{
		CUstreamAttrValue av;
		CUgraph g, g2;
		CUgraphNode e, n;
		CUevent got;
		CUdeviceptr dp;
		CUlaunchConfig cfg;
		CUstreamBatchMemOpParams ops[2];

		memset(&av, 0, sizeof av);
		memset(&cfg, 0, sizeof cfg);
		memset(ops, 0, sizeof ops);
		CK(cuMemAlloc(&dp, 64));
		EXPECT(cuStreamGetAttribute(st, CU_LAUNCH_ATTRIBUTE_PRIORITY, &av), CUDA_ERROR_INVALID_HANDLE);
		EXPECT(cuStreamSetAttribute((CUstream)ctx, CU_LAUNCH_ATTRIBUTE_PRIORITY, &av), CUDA_ERROR_INVALID_HANDLE);
		EXPECT(cuStreamCopyAttributes(NULL, st), CUDA_ERROR_INVALID_HANDLE);
		EXPECT(cuStreamWriteValue32(st, dp, 1, 0), CUDA_ERROR_INVALID_HANDLE);
		EXPECT(cuStreamWaitValue64((CUstream)(uintptr_t)0xdeadbeef0ull, dp, 0, 0), CUDA_ERROR_INVALID_HANDLE);
		ops[0].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
		ops[0].writeValue.address = dp;
		EXPECT(cuStreamBatchMemOp(st, 1, ops, 0), CUDA_ERROR_INVALID_HANDLE);
		EXPECT(cuStreamBatchMemOp(NULL, 100000, ops, 0), CUDA_ERROR_INVALID_VALUE);
		CK(cuGraphCreate(&g, 0));
		CK(cuGraphCreate(&g2, 0));
		CK(cuGraphAddEmptyNode(&e, g, NULL, 0));
		EXPECT(cuGraphAddEventRecordNode(&n, g, NULL, 0, ev), CUDA_ERROR_INVALID_VALUE);
		EXPECT(cuGraphAddChildGraphNode(&n, g, NULL, 0, (CUgraph)ctx), CUDA_ERROR_INVALID_VALUE);
		EXPECT(cuGraphAddChildGraphNode(&n, g, &e, 1, g2), CUDA_SUCCESS);
		EXPECT(cuGraphAddEmptyNode(&n, g2, &e, 1), CUDA_ERROR_INVALID_VALUE);   /* another graph's node */
		EXPECT(cuGraphMemFreeNodeGetParams(e, &dp), CUDA_ERROR_INVALID_VALUE);
		EXPECT(cuGraphAddMemFreeNode(&n, g, NULL, 0, (CUdeviceptr)0x1234), CUDA_ERROR_INVALID_VALUE);
		EXPECT(cuGraphNodeSetEnabled((CUgraphExec)g, e, 0), CUDA_ERROR_INVALID_VALUE);
		EXPECT(cuGraphNodeFindInClone(&n, e, g2), CUDA_ERROR_INVALID_VALUE);
		CK(cuGraphDestroyNode(e));
		EXPECT(cuGraphEventRecordNodeGetEvent(e, &got), CUDA_ERROR_INVALID_VALUE);
		EXPECT(cuGraphKernelNodeSetAttribute(e, CU_LAUNCH_ATTRIBUTE_PRIORITY, &av), CUDA_ERROR_INVALID_VALUE);
		EXPECT(cuGraphChildGraphNodeGetGraph(e, &g2), CUDA_ERROR_INVALID_VALUE);
		CK(cuGraphDestroy(g));
		EXPECT(cuGraphDebugDotPrint(g, "/dev/null", 0), CUDA_ERROR_INVALID_VALUE);
		EXPECT(cuGraphAddEmptyNode(&n, g, NULL, 0), CUDA_ERROR_INVALID_VALUE);
		CK(cuGraphDestroy(g2));
		EXPECT(cuMemRangeGetAttribute(&v, 4, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, dp, 64), CUDA_ERROR_INVALID_VALUE);
		EXPECT(cuMemRangeGetAttribute(&v, 4, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, (CUdeviceptr)0x1234, 4),
		    CUDA_ERROR_INVALID_VALUE);
		cfg.gridDimX = cfg.gridDimY = cfg.gridDimZ = 1;
		cfg.blockDimX = cfg.blockDimY = cfg.blockDimZ = 32;
		EXPECT(cuOccupancyMaxActiveClusters(&v, stalefn, &cfg), CUDA_ERROR_INVALID_HANDLE);
		EXPECT(cuOccupancyMaxPotentialClusterSize(&v, (CUfunction)ctx, &cfg), CUDA_ERROR_INVALID_HANDLE);
		CK(cuMemFree(dp));
	}

	/* dynamic shared memory: the attribute's bound, unsigned */
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&fill, mod, "fill"));
	CK(cuModuleGetFunction(&spin, mod, "spin"));
	CK(cuMemAlloc(&d, sizeof out));
	EXPECT(cuLaunchKernel(fill, 1, 1, 1, 64, 1, 1, 0xFFFFFFFFu, NULL, args, NULL),
	    CUDA_ERROR_INVALID_VALUE);
	EXPECT(cuLaunchKernel(fill, 1, 1, 1, 64, 1, 1, 49153, NULL, args, NULL), CUDA_ERROR_INVALID_VALUE);
	EXPECT(cuFuncSetAttribute(fill, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 232449),
	    CUDA_ERROR_INVALID_VALUE);
	EXPECT(cuFuncSetAttribute(fill, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 100000),
	    CUDA_SUCCESS);
	EXPECT(cuLaunchKernel(fill, 1, 1, 1, 64, 1, 1, 100001, NULL, args, NULL), CUDA_ERROR_INVALID_VALUE);
	EXPECT(cuLaunchKernel(fill, 1, 1, 1, 64, 1, 1, 100000, NULL, args, NULL), CUDA_SUCCESS);
	CK(cuMemcpyDtoH(out, d, sizeof out));
	for (unsigned i = 0; i < 64; i++)
		if (out[i] != i * 3 + k) {
			printf("FAIL: fill: out[%u] = %u\n", i, out[i]);
			fails++;
			break;
		}
	EXPECT(cuLaunchKernel(fill, 1, 1, 1, 64, 1, 1, 0, (CUstream)ev, args, NULL),
	    CUDA_ERROR_INVALID_HANDLE);

	/* memory: what the device has, and no more */
	CK(cuDeviceTotalMem(&sz, dev));
	CK(cuMemGetInfo(&fr, &tot));
	if (good) {
		printf("total memory: %zu\n", sz);
		if (sz != 64u << 20 || tot != sz)
			fails++;
		printf("free <= total - 256: %s\n", fr <= tot - sizeof out ? "yes" : "NO");
		if (fr > tot - sizeof out)
			fails++;
		EXPECT(cuMemAlloc(&big, (64u << 20) + 1), CUDA_ERROR_OUT_OF_MEMORY);
		EXPECT(cuMemAlloc(&big, 32u << 20), CUDA_SUCCESS);
		EXPECT(cuMemAlloc(&d, 32u << 20), CUDA_ERROR_OUT_OF_MEMORY);
		CK(cuMemFree(big));
	} else {
		/* the default: what the host can give, neither nothing nor the H100's 80 GB
		 * (unless the host has that much) */
		printf("total memory > 0: %s\n", sz > 0 ? "yes" : "NO");
		if (!sz || fr > tot)
			fails++;
	}
	EXPECT(cuMemAlloc(&big, ~(size_t)0), CUDA_ERROR_OUT_OF_MEMORY);

	/* limits */
	CK(cuCtxGetLimit(&sz, CU_LIMIT_MALLOC_HEAP_SIZE));
	printf("heap: %zu\n", sz);
	if (sz != (good ? 2u << 20 : 8u << 20))
		fails++;
	CK(cuCtxGetLimit(&sz, CU_LIMIT_STACK_SIZE));
	printf("stack: %zu\n", sz);
	if (sz != (good ? 4096u : 1024u))
		fails++;
	EXPECT(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 600u << 10), CUDA_ERROR_INVALID_VALUE);
	EXPECT(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 8192), CUDA_SUCCESS);
	EXPECT(cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, 1u << 20), CUDA_SUCCESS);
	CK(cuCtxGetLimit(&sz, CU_LIMIT_MALLOC_HEAP_SIZE));
	printf("heap after set: %zu\n", sz);
	if (sz != 1u << 20)
		fails++;
	EXPECT(cuLaunchKernel(fill, 1, 1, 1, 64, 1, 1, sizeof out, NULL, args, NULL), CUDA_SUCCESS);

	/* the instruction budget: none unless asked for, so only with one */
	if (good) {
		EXPECT(cuLaunchKernel(spin, 1, 1, 1, 32, 1, 1, 0, NULL, NULL, NULL), CUDA_ERROR_LAUNCH_TIMEOUT);
		EXPECT(cuCtxSynchronize(), CUDA_ERROR_LAUNCH_TIMEOUT);
	}

	CK(cuCtxDestroy(ctx));
	EXPECT(cuModuleGetFunction(&fill, mod, "fill"), CUDA_ERROR_CONTEXT_IS_DESTROYED);
	EXPECT(cuCtxSynchronize(), CUDA_ERROR_INVALID_CONTEXT);
	printf("%s\n", fails ? "FAILED" : "all as expected");
	return fails != 0;
}

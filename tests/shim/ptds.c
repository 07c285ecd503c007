/*
 * ptds.c -- the per-thread default stream: the _ptsz/_ptds entry points
 * that programs built with CUDA_API_PER_THREAD_DEFAULT_STREAM call (here
 * declared by hand and linked, as such a program links them), the same
 * handed out by cuGetProcAddress for
 * CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM, and the handle
 * CU_STREAM_PER_THREAD given to the plain ones.
 *
 * Through them the NULL stream is the calling thread's own stream: a
 * kernel and copies on it, its queries (flags, priority, context, an id
 * of its own, the same by either name and another in another thread),
 * a capture of it (which the legacy stream refuses), a synchronous copy
 * during that capture, and work on the legacy stream, which synchronises
 * with the stream being captured; a batch of managed memory discarded and
 * prefetched on it.  Each line is a fact of the driver's
 * documentation; ptds.out is what the shim prints, and an H200 with
 * driver 580 printed the same.
 */
#include <pthread.h>
#include "shimtest.h"

CUresult CUDAAPI cuLaunchKernel_ptsz(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                                     unsigned, unsigned, CUstream, void **, void **);
CUresult CUDAAPI cuMemcpyHtoD_v2_ptds(CUdeviceptr, const void *, size_t);
CUresult CUDAAPI cuMemcpyDtoH_v2_ptds(void *, CUdeviceptr, size_t);
CUresult CUDAAPI cuMemsetD32Async_ptsz(CUdeviceptr, unsigned, size_t, CUstream);
CUresult CUDAAPI cuStreamSynchronize_ptsz(CUstream);
CUresult CUDAAPI cuStreamQuery_ptsz(CUstream);
CUresult CUDAAPI cuStreamGetId_ptsz(CUstream, unsigned long long *);
CUresult CUDAAPI cuStreamGetFlags_ptsz(CUstream, unsigned *);
CUresult CUDAAPI cuStreamGetPriority_ptsz(CUstream, int *);
CUresult CUDAAPI cuStreamGetCtx_ptsz(CUstream, CUcontext *);
CUresult CUDAAPI cuStreamBeginCapture_v2_ptsz(CUstream, CUstreamCaptureMode);
CUresult CUDAAPI cuStreamIsCapturing_ptsz(CUstream, CUstreamCaptureStatus *);
CUresult CUDAAPI cuStreamEndCapture_ptsz(CUstream, CUgraph *);
CUresult CUDAAPI cuGraphLaunch_ptsz(CUgraphExec, CUstream);
CUresult CUDAAPI cuMemDiscardAndPrefetchBatchAsync_ptsz(CUdeviceptr *, size_t *, size_t, CUmemLocation *, size_t *,
                                                        size_t, unsigned long long, CUstream);

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry add1(.param .u64 p, .param .u32 n)\n{\n"
	"  .reg .u32 %r<5>; .reg .u64 %rd<4>; .reg .pred %q;\n"
	"  ld.param.u64 %rd1, [p]; ld.param.u32 %r1, [n];\n"
	"  mov.u32 %r2, %tid.x; setp.ge.u32 %q, %r2, %r1; @%q ret;\n"
	"  mul.wide.u32 %rd2, %r2, 4; add.u64 %rd3, %rd1, %rd2;\n"
	"  ld.global.u32 %r3, [%rd3]; add.u32 %r3, %r3, 1; st.global.u32 [%rd3], %r3;\n  ret;\n}\n";

#define N 32

static CUcontext ctx;
static CUfunction add1;
static CUdeviceptr d;

/* the first element and whether all N equal it */
static void
show(const char *what)
{
	unsigned h[N];
	int same = 1;

	CK(cuMemcpyDtoH_v2_ptds(h, d, sizeof h));
	for (int i = 1; i < N; i++)
		same &= h[i] == h[0];
	printf("%s: %u%s\n", what, h[0], same ? "" : " (not all)");
}

static void
launch(CUstream s)
{
	unsigned n = N;
	void *args[] = {&d, &n};

	CK(cuLaunchKernel_ptsz(add1, 1, 1, 1, N, 1, 1, 0, s, args, NULL));
}

static unsigned long long other_id;

static void *
other(void *arg)
{
	CUstreamCaptureStatus st;

	(void)arg;
	CK(cuCtxSetCurrent(ctx));
	CK(cuStreamGetId_ptsz(NULL, &other_id));
	/* the first thread's capture is not this thread's stream's */
	CK(cuStreamIsCapturing_ptsz(NULL, &st));
	printf("other thread's stream capturing: %d\n", st);
	return NULL;
}

int
main(void)
{
	CUmodule m;
	CUstreamCaptureStatus st;
	CUgraph g;
	CUgraphExec x;
	CUcontext c;
	unsigned long long id0, id1, idl;
	unsigned flags, h[N];
	int prio;
	pthread_t t;
	CUresult (*begin)(CUstream, CUstreamCaptureMode);
	CUresult (*getid)(CUstream, unsigned long long *);
	CUdriverProcAddressQueryResult q;

	CK(cuInit(0));
	CK(cuCtxCreate(&ctx, NULL, 0, 0));
	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&add1, m, "add1"));
	CK(cuMemAlloc(&d, N * 4));

	/* work on the thread's stream, as on any */
	for (int i = 0; i < N; i++)
		h[i] = 10;
	CK(cuMemcpyHtoD_v2_ptds(d, h, sizeof h));
	launch(NULL);
	launch(CU_STREAM_PER_THREAD);
	CK(cuStreamSynchronize_ptsz(NULL));
	printf("query: %s\n", ename(cuStreamQuery_ptsz(NULL)));
	show("two launches");

	/* its queries: a blocking stream of priority 0 in the current context,
	 * one id by both names, another than the legacy stream's and than
	 * another thread's */
	CK(cuStreamGetFlags_ptsz(NULL, &flags));
	CK(cuStreamGetPriority_ptsz(NULL, &prio));
	CK(cuStreamGetCtx_ptsz(NULL, &c));
	printf("flags %u, priority %d, context %s\n", flags, prio, c == ctx ? "current" : "other");
	CK(cuStreamGetId_ptsz(NULL, &id0));
	CK(cuStreamGetId(CU_STREAM_PER_THREAD, &id1));
	CK(cuStreamGetId(NULL, &idl));
	CK(pthread_create(&t, NULL, other, NULL) ? CUDA_ERROR_UNKNOWN : CUDA_SUCCESS);
	pthread_join(t, NULL);
	printf("id: same by both names %d, legacy's differs %d, other thread's differs %d\n",
	       id0 == id1, id0 != idl, id0 != other_id);

	/* the legacy stream cannot be captured, the thread's can */
	printf("capture the legacy stream: %s\n", ename(cuStreamBeginCapture(NULL, CU_STREAM_CAPTURE_MODE_GLOBAL)));
	CK(cuStreamBeginCapture_v2_ptsz(NULL, CU_STREAM_CAPTURE_MODE_GLOBAL));
	CK(cuStreamIsCapturing_ptsz(NULL, &st));
	printf("capturing: %d", st);
	CK(cuStreamIsCapturing(CU_STREAM_PER_THREAD, &st));
	printf(" %d\n", st);
	CK(pthread_create(&t, NULL, other, NULL) ? CUDA_ERROR_UNKNOWN : CUDA_SUCCESS);
	pthread_join(t, NULL);
	CK(cuMemsetD32Async_ptsz(d, 100, N, NULL));
	launch(NULL);
	CK(cuStreamEndCapture_ptsz(NULL, &g));
	show("captured, not run");
	CK(cuGraphInstantiate(&x, g, 0));
	CK(cuGraphLaunch_ptsz(x, NULL));
	CK(cuStreamSynchronize_ptsz(NULL));
	show("graph launched");
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));

	/* a synchronous copy is work on the thread's stream: refused while it
	 * is captured, which ends the capture with no graph */
	CK(cuStreamBeginCapture_v2_ptsz(NULL, CU_STREAM_CAPTURE_MODE_GLOBAL));
	printf("synchronous copy while captured: %s\n", ename(cuMemcpyHtoD_v2_ptds(d, h, sizeof h)));
	printf("end: %s\n", ename(cuStreamEndCapture_ptsz(NULL, &g)));

	/* the legacy stream synchronises with the blocking stream being
	 * captured: asking it is refused, work on it invalidates the capture */
	CK(cuStreamBeginCapture_v2_ptsz(NULL, CU_STREAM_CAPTURE_MODE_RELAXED));
	printf("legacy stream capturing: %s\n", ename(cuStreamIsCapturing(NULL, &st)));
	printf("work on the legacy stream: %s\n", ename(cuMemsetD32Async(d, 7, N, NULL)));
	printf("end: %s\n", ename(cuStreamEndCapture_ptsz(NULL, &g)));
	show("after");

	/* cuGetProcAddress: the same entry point by flag */
	CK(cuGetProcAddress("cuStreamBeginCapture", (void **)&begin, 13000,
	                    CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM, &q));
	CK(begin(NULL, CU_STREAM_CAPTURE_MODE_GLOBAL));
	CK(cuStreamIsCapturing(CU_STREAM_PER_THREAD, &st));
	printf("per-thread cuStreamBeginCapture: capturing %d\n", st);
	CK(cuStreamEndCapture(CU_STREAM_PER_THREAD, &g));
	CK(cuGraphDestroy(g));
	CK(cuGetProcAddress("cuStreamBeginCapture", (void **)&begin, 13000,
	                    CU_GET_PROC_ADDRESS_LEGACY_STREAM, &q));
	printf("legacy cuStreamBeginCapture: %s\n", ename(begin(NULL, CU_STREAM_CAPTURE_MODE_GLOBAL)));
	CK(cuGetProcAddress("cuStreamGetId", (void **)&getid, 13000,
	                    CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM, &q));
	CK(getid(NULL, &id1));
	printf("per-thread cuStreamGetId: the thread's %d\n", id1 == id0);
	CK(cuGetProcAddress("cuStreamGetId", (void **)&getid, 13000, CU_GET_PROC_ADDRESS_DEFAULT, &q));
	CK(getid(NULL, &id1));
	printf("default cuStreamGetId: the legacy stream's %d\n", id1 == idl);

	/* a batch discarded and prefetched on the thread's stream: managed
	 * memory only */
	{
		CUdeviceptr mp;
		size_t sz = 4096, dsz = N * 4, idx = 0;
		CUmemLocation loc = {CU_MEM_LOCATION_TYPE_DEVICE, 0};

		CK(cuMemAllocManaged(&mp, sz, CU_MEM_ATTACH_GLOBAL));
		printf("discard and prefetch: managed %s",
		       ename(cuMemDiscardAndPrefetchBatchAsync_ptsz(&mp, &sz, 1, &loc, &idx, 1, 0, NULL)));
		printf(", device memory %s\n",
		       ename(cuMemDiscardAndPrefetchBatchAsync_ptsz(&d, &dsz, 1, &loc, &idx, 1, 0, NULL)));
		CK(cuStreamSynchronize_ptsz(NULL));
		CK(cuMemFree(mp));
	}

	CK(cuMemFree(d));
	CK(cuCtxDestroy(ctx));
	printf("done\n");
	return 0;
}

/*
 * capture.c -- the driver calls the CUDA runtime makes beyond the basics:
 * stream capture with a fork and a join through events, the captured
 * graph's shape (nodes, roots, edges, types) and its launches; memory
 * pools and stream-ordered allocation; the private tables cuGetExportTable
 * hands cudart (sizes, context storage and its destructor, the integrity
 * slot's fixed answers) and cuBLAS (the current context and its
 * identifier); user objects held by graphs, their clones and
 * executables, and the CUDA 12 and 13.1 instantiation calls (with
 * parameters, flags, ids).  It prints what it finds; capture.out is what
 * the shim prints, and every line follows from the driver's documentation
 * (the export-table facts from the interface notes cited in
 * cuda/shim_export.c); an H200 with driver 580 printed the same but for
 * the last line, added since.
 */
#include <stdint.h>
#include <string.h>
#include "shimtest.h"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry add1(.param .u64 p, .param .u32 n)\n{\n"
	"  .reg .u32 %r<5>; .reg .u64 %rd<4>; .reg .pred %q;\n"
	"  ld.param.u64 %rd1, [p]; ld.param.u32 %r1, [n];\n"
	"  mov.u32 %r2, %tid.x; setp.ge.u32 %q, %r2, %r1; @%q ret;\n"
	"  mul.wide.u32 %rd2, %r2, 4; add.u64 %rd3, %rd1, %rd2;\n"
	"  ld.global.u32 %r3, [%rd3]; add.u32 %r3, %r3, 1; st.global.u32 [%rd3], %r3;\n  ret;\n}\n"
	".visible .entry mul2(.param .u64 p, .param .u32 n)\n{\n"
	"  .reg .u32 %r<5>; .reg .u64 %rd<4>; .reg .pred %q;\n"
	"  ld.param.u64 %rd1, [p]; ld.param.u32 %r1, [n];\n"
	"  mov.u32 %r2, %tid.x; setp.ge.u32 %q, %r2, %r1; @%q ret;\n"
	"  mul.wide.u32 %rd2, %r2, 4; add.u64 %rd3, %rd1, %rd2;\n"
	"  ld.global.u32 %r3, [%rd3]; shl.b32 %r3, %r3, 1; st.global.u32 [%rd3], %r3;\n  ret;\n}\n";

#define N 64

static void
capture(CUmodule m)
{
	CUfunction add1, mul2;
	CUstream s1, s2;
	CUevent fork, join;
	CUgraph g;
	CUgraphExec x;
	CUgraphNode nodes[8], from[8], to[8];
	CUdeviceptr d, hi;
	CUstreamCaptureStatus st;
	unsigned h[N], half = N / 2;
	size_t n;
	void *a1[] = {&d, &half}, *a2[] = {&hi, &half};

	CK(cuModuleGetFunction(&add1, m, "add1"));
	CK(cuModuleGetFunction(&mul2, m, "mul2"));
	CK(cuMemAlloc(&d, sizeof h));
	hi = d + half * 4;
	CK(cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING));
	CK(cuStreamCreate(&s2, CU_STREAM_NON_BLOCKING));
	CK(cuEventCreate(&fork, CU_EVENT_DISABLE_TIMING));
	CK(cuEventCreate(&join, CU_EVENT_DISABLE_TIMING));

	CK(cuStreamBeginCapture(s1, CU_STREAM_CAPTURE_MODE_GLOBAL));
	CK(cuMemsetD32Async(d, 5, N, s1));
	CK(cuEventRecord(fork, s1));
	CK(cuStreamWaitEvent(s2, fork, 0));
	CK(cuStreamIsCapturing(s2, &st));
	printf("second stream joined: %d\n", st == CU_STREAM_CAPTURE_STATUS_ACTIVE);
	CK(cuLaunchKernel(add1, 1, 1, 1, N / 2, 1, 1, 0, s1, a1, NULL));
	CK(cuLaunchKernel(mul2, 1, 1, 1, N / 2, 1, 1, 0, s2, a2, NULL));
	CK(cuEventRecord(join, s2));
	CK(cuStreamWaitEvent(s1, join, 0));
	CK(cuMemcpyDtoHAsync(h, d, sizeof h, s1));
	CK(cuStreamEndCapture(s1, &g));
	CK(cuStreamIsCapturing(s1, &st));
	printf("after the end: %d", st);
	CK(cuStreamIsCapturing(s2, &st));
	printf(" %d\n", st);

	n = 8;
	CK(cuGraphGetNodes(g, nodes, &n));
	printf("nodes %zu:", n);
	for (size_t i = 0; i < n; i++) {
		CUgraphNodeType t;
		CK(cuGraphNodeGetType(nodes[i], &t));
		printf(" %d", (int)t);
	}
	CK(cuGraphGetRootNodes(g, NULL, &n));
	printf("\nroots %zu\n", n);
	n = 8;
	CK(cuGraphGetEdges(g, from, to, NULL, &n));
	printf("edges %zu:", n);
	for (size_t i = 0; i < n; i++) {
		size_t f = 0, t = 0;
		for (size_t k = 0; k < 4; k++) {
			f = nodes[k] == from[i] ? k : f;
			t = nodes[k] == to[i] ? k : t;
		}
		printf(" %zu->%zu", f, t);
	}
	printf("\n");

	memset(h, 0, sizeof h);
	CK(cuGraphInstantiate(&x, g, 0));
	CK(cuGraphLaunch(x, s1));
	CK(cuGraphLaunch(x, s1));
	CK(cuStreamSynchronize(s1));
	printf("results: %u %u %u %u\n", h[0], h[N / 2 - 1], h[N / 2], h[N - 1]);
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));
	CK(cuEventDestroy(fork));
	CK(cuEventDestroy(join));
	CK(cuStreamDestroy(s1));
	CK(cuStreamDestroy(s2));
	CK(cuMemFree(d));
}

static void
pools(void)
{
	CUmemoryPool dflt, mine;
	CUmemPoolProps props;
	CUdeviceptr a;
	cuuint64_t used, high, thr = 4096;
	int supported;

	CK(cuDeviceGetAttribute(&supported, CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED, 0));
	CK(cuDeviceGetDefaultMemPool(&dflt, 0));
	CK(cuMemAllocAsync(&a, 1000, NULL));
	CK(cuMemPoolGetAttribute(dflt, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &used));
	CK(cuMemsetD8(a, 7, 1000));
	CK(cuMemFreeAsync(a, NULL));
	CK(cuMemPoolGetAttribute(dflt, CU_MEMPOOL_ATTR_USED_MEM_HIGH, &high));
	printf("pools %d: used %llu, high %llu", supported, (unsigned long long)used,
	    (unsigned long long)high);
	CK(cuMemPoolGetAttribute(dflt, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &used));
	printf(", then %llu\n", (unsigned long long)used);

	memset(&props, 0, sizeof props);
	props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	props.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	CK(cuMemPoolCreate(&mine, &props));
	CK(cuMemPoolSetAttribute(mine, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &thr));
	thr = 0;
	CK(cuMemPoolGetAttribute(mine, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &thr));
	CK(cuMemAllocFromPoolAsync(&a, 64, mine, NULL));
	CK(cuMemFreeAsync(a, NULL));
	CK(cuMemPoolTrimTo(mine, 0));
	CK(cuMemPoolDestroy(mine));
	printf("own pool: threshold %llu, destroy twice: %d\n", (unsigned long long)thr,
	    cuMemPoolDestroy(mine) == CUDA_ERROR_INVALID_VALUE);
}

/* The tables' UUIDs and the slots used, as cuda/shim_export.c cites them. */
static const CUuuid cudart = {{0x6b, 0xd5, 0xfb, 0x6c, 0x5b, 0xf4, 0xe7, 0x4a, 0x89, 0x87, 0xd9,
                               0x39, 0x12, 0xfd, 0x9d, 0xf9}};
static const CUuuid storage = {{0xc6, 0x93, 0x33, 0x6e, 0x11, 0x21, 0xdf, 0x11, 0xa8, 0xc3, 0x68,
                                0xf3, 0x55, 0xd8, 0x95, 0x93}};
static const CUuuid integrity = {{0xd4, 0x08, 0x20, 0x55, 0xbd, 0xe6, 0x70, 0x4b, 0x8d, 0x34, 0xba,
                                  0x12, 0x3c, 0x66, 0xe1, 0xf2}};
static const CUuuid toolstls = {{0x42, 0xd8, 0x5a, 0x81, 0x23, 0xf6, 0xcb, 0x47, 0x82, 0x98, 0xf6,
                                 0xe7, 0x8a, 0x3a, 0xec, 0xdc}};
static const CUuuid ctxid = {{0x21, 0x31, 0x8c, 0x60, 0x97, 0x14, 0x32, 0x48, 0x8c, 0xa6, 0x41,
                              0xff, 0x73, 0x24, 0xc8, 0xf2}};
static int dtors;

static void
dtor(CUcontext c, void *key, void *value)
{
	(void)c;
	dtors += key == (void *)&dtors && value == (void *)&storage;
}

static void
tables(void)
{
	const void *const *t;
	CUuuid unknown = {{1, 2, 3}};
	CUcontext ctx;
	void *v = NULL;
	uint64_t digest[2];

	CK(cuGetExportTable((const void **)&t, &cudart));
	printf("cudart table: %zu bytes\n", (size_t)(uintptr_t)t[0]);
	printf("unknown table: %d\n", cuGetExportTable((const void **)&t, &unknown));

	CK(cuGetExportTable((const void **)&t, &integrity));
	CUresult (*check)(unsigned, uint64_t, uint64_t *);
	memcpy(&check, &t[1], sizeof check);
	CK(check(12080, 0, digest));
	printf("integrity 12080: %016llx %016llx\n", (unsigned long long)digest[0],
	    (unsigned long long)digest[1]);

	CK(cuGetExportTable((const void **)&t, &storage));
	CUresult (*put)(CUcontext, void *, void *, void (*)(CUcontext, void *, void *));
	CUresult (*get)(void **, CUcontext, void *);
	memcpy(&put, &t[0], sizeof put);
	memcpy(&get, &t[2], sizeof get);
	CK(cuCtxCreate(&ctx, NULL, 0, 0));
	printf("storage: absent %d", get(&v, ctx, &dtors) != CUDA_SUCCESS);
	CK(put(ctx, &dtors, (void *)&storage, dtor));
	CK(get(&v, NULL, &dtors));   /* NULL: the current context */
	printf(", found %d", v == (void *)&storage);
	CK(cuCtxDestroy(ctx));
	printf(", destructor ran %d time(s)\n", dtors);

	/* what cuBLAS keys its per-context state by: the current context
	 * (tools-tls 2) and its identifier (ctx-id 4), cuCtxGetId's */
	const void *const *tl, *const *ci;
	CUresult (*current)(CUcontext *);
	CUresult (*idof)(CUcontext, unsigned long long *);
	CUcontext a, b, cur = NULL;
	unsigned long long ida = 0, idb = 0, want = 0;
	CK(cuGetExportTable((const void **)&tl, &toolstls));
	CK(cuGetExportTable((const void **)&ci, &ctxid));
	memcpy(&current, &tl[2], sizeof current);
	memcpy(&idof, &ci[4], sizeof idof);
	CK(cuCtxCreate(&a, NULL, 0, 0));
	CK(cuCtxCreate(&b, NULL, 0, 0));
	CK(current(&cur));
	CK(idof(a, &ida));
	CK(idof(b, &idb));
	CK(cuCtxGetId(b, &want));
	printf("current context: %d; ids: distinct %d, cuCtxGetId's %d\n", cur == b, ida != idb, idb == want);
	CK(cuCtxDestroy(b));
	CK(cuCtxDestroy(a));
}

/* User objects: references held by the caller, a graph, its clone and
 * its executable; the destructor runs once, when the last goes.  And the
 * CUDA 12 and 13.1 instantiation calls: the result in the parameters, the
 * flags kept, distinct ids. */
static int udtors;

static void
udtor(void *p)
{
	udtors += p == &udtors;
}

static void
userobjects(void)
{
	CUuserObject o;
	CUgraph g, c;
	CUgraphExec x;
	CUDA_GRAPH_INSTANTIATE_PARAMS ip;
	cuuint64_t flags = 0;
	CUresult (*getid)(CUgraph, unsigned *) = NULL;
	CUresult (*execid)(CUgraphExec, unsigned *) = NULL;
	CUdriverProcAddressQueryResult q;
	unsigned gi = 0, xi = 0;

	CK(cuUserObjectCreate(&o, &udtors, udtor, 1, CU_USER_OBJECT_NO_DESTRUCTOR_SYNC));
	CK(cuGraphCreate(&g, 0));
	CK(cuGraphRetainUserObject(g, o, 2, 0));
	CK(cuGraphReleaseUserObject(g, o, 1));
	printf("user object: release past the graph's %d", cuGraphReleaseUserObject(g, o, 2) == CUDA_ERROR_INVALID_VALUE);
	CK(cuGraphClone(&c, g));
	memset(&ip, 0, sizeof ip);
	ip.flags = CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD;
	ip.result_out = CUDA_GRAPH_INSTANTIATE_ERROR;
	CK(cuGraphInstantiateWithParams(&x, c, &ip));
	CK(cuGraphExecGetFlags(x, &flags));
	printf(", instantiated %d flags %llu", ip.result_out == CUDA_GRAPH_INSTANTIATE_SUCCESS, (unsigned long long)flags);
	CK(cuGetProcAddress("cuGraphGetId", (void **)&getid, 13010, 0, &q));
	CK(cuGetProcAddress("cuGraphExecGetId", (void **)&execid, 13010, 0, &q));
	CK(getid(g, &gi));
	CK(execid(x, &xi));
	printf(", ids distinct %d", gi != 0 && xi != 0 && gi != xi);
	CK(cuUserObjectRelease(o, 1));   /* the caller's */
	CK(cuGraphDestroy(g));
	CK(cuGraphDestroy(c));
	printf(", destructor ran %d before the executable went", udtors);
	CK(cuGraphExecDestroy(x));
	printf(", %d after\n", udtors);
}

int
main(void)
{
	CUcontext ctx;
	CUmodule m;

	CK(cuInit(0));
	CK(cuDevicePrimaryCtxRetain(&ctx, 0));
	CK(cuCtxSetCurrent(ctx));
	CK(cuModuleLoadData(&m, ptx));
	capture(m);
	pools();
	tables();
	userobjects();
	CK(cuDevicePrimaryCtxRelease(0));
	return 0;
}

/*
 * hostile.c -- the newer paths of the driver API given hostile values:
 * graph queries into short arrays (nothing past the count may be
 * written), edges that repeat, loop or do not exist, instantiation flags,
 * executable updates of another shape, stream capture begun and ended out
 * of turn; cluster launch attributes; memory pools; IPC handles made up;
 * images whose headers lie; load options; texture and surface
 * descriptors; 2D and 3D copies with bad pitches and extents; 2D memsets
 * of many rows of no bytes; launch parameters in one buffer whose size
 * is missing or short.  One line per call: its answer, and what it
 * wrote where that matters.
 *
 * usage: hostile [SECTION...]   graph cluster pool ipc image tex copy
 *                               (all of them when none is named)
 *
 * hostile.out is the shim's answers, hostile.gpu an H200's (driver 580),
 * recorded with PTXKIT_REAL_DRIVER set, which leaves out the RISKY calls
 * and loads: the driver crashed (a segmentation fault) on a host pitch of
 * 2^62 and on a fatbin entry that reaches past the buffer, where the shim
 * refuses; each section was run in a process of its own there.  Exits 1
 * when a call that sets things up fails.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "shimtest.h"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry k(.param .u64 p)\n{\n\t.reg .b64 %rd<2>;\n\t.reg .b32 %r<2>;\n"
	"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %ctaid.x;\n\tst.global.u32 [%rd1], %r1;\n\tret;\n}\n"
	".visible .entry k2(.param .u64 p) .reqnctapercluster 2, 1, 1\n{\n\tret;\n}\n";

static CUcontext ctx;
static CUmodule mod;
static CUfunction fk, fk2;
static CUdeviceptr dbuf;       /* 64 KiB */

#define SAY(what, call) printf("%s: %s\n", (what), ename(call))
#define GUARD ((CUgraphNode)(uintptr_t)0x5a5a5a5a)

/* Whether a[from..n) still holds the guard. */
static const char *
kept(CUgraphNode *a, size_t from, size_t n)
{
	for (size_t i = from; i < n; i++)
		if (a[i] != GUARD)
			return "WRITTEN PAST THE COUNT";
	return "kept";
}

static void
fill(CUgraphNode *a, size_t n)
{
	for (size_t i = 0; i < n; i++)
		a[i] = GUARD;
}

/* ---------------------------------------------------------------- graphs */

static void
graph(void)
{
	CUgraph g, g2;
	CUgraphNode a, b, c, o, arr[4], to[4];
	CUgraphExec x;
	CUgraphExecUpdateResultInfo info;
	CUstream s;
	CUresult r;
	size_t n;

	CK(cuGraphCreate(&g, 0));
	CK(cuGraphAddEmptyNode(&a, g, NULL, 0));
	CK(cuGraphAddEmptyNode(&b, g, &a, 1));
	CK(cuGraphAddEmptyNode(&c, g, &a, 1));

	n = 0;
	r = cuGraphGetNodes(g, NULL, &n);
	printf("graph nodes, count only: %s, %zu\n", ename(r), n);
	fill(arr, 4);
	n = 1;
	r = cuGraphGetNodes(g, arr, &n);
	printf("graph nodes into 1: %s, %zu, %s\n", ename(r), n, kept(arr, 1, 4));
	fill(arr, 4);
	n = 0;
	r = cuGraphGetNodes(g, arr, &n);
	printf("graph nodes into 0: %s, %zu, %s\n", ename(r), n, kept(arr, 0, 4));
	fill(arr, 4);
	n = 4;
	r = cuGraphGetNodes(g, arr, &n);
	printf("graph nodes into 4: %s, %zu, last %s\n", ename(r), n, arr[3] ? "set" : "NULL");
	fill(arr, 4);
	n = 1;
	r = cuGraphGetRootNodes(g, arr, &n);
	printf("root nodes into 1: %s, %zu, %s\n", ename(r), n, kept(arr, 1, 4));
	n = 0;
	r = cuGraphGetEdges(g, NULL, NULL, NULL, &n);
	printf("edges, count only: %s, %zu\n", ename(r), n);
	fill(arr, 4), fill(to, 4);
	n = 1;
	r = cuGraphGetEdges(g, arr, to, NULL, &n);
	printf("edges into 1: %s, %zu, %s, %s\n", ename(r), n, kept(arr, 1, 4), kept(to, 1, 4));
	n = 4;
	SAY("edges, from without to", cuGraphGetEdges(g, arr, NULL, NULL, &n));
	n = 4;
	SAY("edges, to without from", cuGraphGetEdges(g, NULL, to, NULL, &n));
	fill(arr, 4);
	n = 1;
	r = cuGraphNodeGetDependentNodes(a, arr, NULL, &n);
	printf("dependents into 1: %s, %zu, %s\n", ename(r), n, kept(arr, 1, 4));
	fill(arr, 4);
	n = 0;
	r = cuGraphNodeGetDependencies(b, arr, NULL, &n);
	printf("dependencies into 0: %s, %zu, %s\n", ename(r), n, kept(arr, 0, 4));

	SAY("edge again", cuGraphAddDependencies(g, &a, &b, NULL, 1));
	SAY("edge to itself", cuGraphAddDependencies(g, &a, &a, NULL, 1));
	SAY("no edges", cuGraphAddDependencies(g, NULL, NULL, NULL, 0));
	SAY("remove an edge that is not there", cuGraphRemoveDependencies(g, &b, &c, NULL, 1));
	r = cuGraphInstantiate(&x, g, 0x40);
	printf("instantiate, flags 0x40: %s\n", ename(r));
	if (!r)
		CK(cuGraphExecDestroy(x));
	r = cuGraphAddDependencies(g, &b, &a, NULL, 1);
	printf("edge closing a cycle: %s\n", ename(r));
	if (r == CUDA_SUCCESS) {
		r = cuGraphInstantiate(&x, g, 0);
		printf("instantiate a cycle: %s\n", ename(r));
		if (r == CUDA_SUCCESS)
			CK(cuGraphExecDestroy(x));
		CK(cuGraphRemoveDependencies(g, &b, &a, NULL, 1));
	}

	/* an update of another shape: one node fewer, another kind */
	CK(cuGraphInstantiate(&x, g, 0));
	CK(cuGraphCreate(&g2, 0));
	CK(cuGraphAddEmptyNode(&o, g2, NULL, 0));
	memset(&info, 0, sizeof info);
	r = cuGraphExecUpdate(x, g2, &info);
	printf("update to fewer nodes: %s, result %d\n", ename(r), (int)info.result);
	{
		CUDA_MEMSET_NODE_PARAMS mp;
		CUgraph g3;
		CUgraphNode m, e2, e3;
		memset(&mp, 0, sizeof mp);
		mp.dst = dbuf, mp.elementSize = 4, mp.width = 4, mp.height = 1, mp.value = 1;
		CK(cuGraphCreate(&g3, 0));
		CK(cuGraphAddMemsetNode(&m, g3, NULL, 0, &mp, ctx));
		CK(cuGraphAddEmptyNode(&e2, g3, &m, 1));
		CK(cuGraphAddEmptyNode(&e3, g3, &m, 1));
		memset(&info, 0, sizeof info);
		r = cuGraphExecUpdate(x, g3, &info);
		printf("update, a node of another kind: %s, result %d\n", ename(r), (int)info.result);
		CK(cuGraphDestroy(g3));
	}
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g2));

	/* a conditional node's body: its nodes, edges across it */
	{
		CUgraphNodeParams np;
		CUgraphConditionalHandle h;
		CUgraph *body;
		CUgraphNode cn, in, out2;
		CK(cuGraphConditionalHandleCreate(&h, g, ctx, 0, 0));
		memset(&np, 0, sizeof np);
		np.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
		np.conditional.handle = h, np.conditional.type = CU_GRAPH_COND_TYPE_IF;
		np.conditional.size = 1, np.conditional.ctx = ctx;
		CK(cuGraphAddNode(&cn, g, &a, NULL, 1, &np));
		body = np.conditional.phGraph_out;
		CK(cuGraphAddEmptyNode(&in, body[0], NULL, 0));
		n = 0;
		r = cuGraphGetNodes(body[0], NULL, &n);
		printf("body nodes: %s, %zu\n", ename(r), n);
		SAY("edge from the graph into the body", cuGraphAddDependencies(g, &a, &in, NULL, 1));
		SAY("edge from the body out", cuGraphAddDependencies(body[0], &in, &b, NULL, 1));
		SAY("a body node depending on its conditional node", cuGraphAddEmptyNode(&out2, body[0], &cn, 1));
		SAY("the body as a child graph", cuGraphAddChildGraphNode(&out2, g, NULL, 0, body[0]));
		r = cuGraphInstantiate(&x, body[0], 0);
		printf("instantiate the body alone: %s\n", ename(r));
		if (!r)
			CK(cuGraphExecDestroy(x));
		SAY("conditional, context NULL", (np.conditional.ctx = NULL, cuGraphAddNode(&out2, g, NULL, NULL, 0, &np)));
		CK(cuGraphDestroyNode(cn));
	}

	/* stream capture out of turn */
	CK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	SAY("end a capture never begun", cuStreamEndCapture(s, &g2));
	SAY("capture mode 7", cuStreamBeginCapture(s, (CUstreamCaptureMode)7));
	SAY("capture the legacy stream", cuStreamBeginCapture(NULL, CU_STREAM_CAPTURE_MODE_GLOBAL));
	CK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_RELAXED));
	SAY("capture begun twice", cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_RELAXED));
	SAY("synchronize a capturing stream", cuStreamSynchronize(s));
	g2 = NULL;
	SAY("end the invalidated capture", cuStreamEndCapture(s, &g2));
	printf("its graph: %s\n", g2 ? "one" : "none");
	if (g2)
		CK(cuGraphDestroy(g2));
	CK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_RELAXED));
	SAY("capture update, flags 9", cuStreamUpdateCaptureDependencies(s, NULL, NULL, 0, 9));
	CK(cuStreamEndCapture(s, &g2));
	CK(cuGraphDestroy(g2));
	CK(cuGraphCreate(&g2, 0));
	CK(cuGraphAddEmptyNode(&o, g2, NULL, 0));
	SAY("capture to a graph, a dependency of another graph",
	    cuStreamBeginCaptureToGraph(s, g, &o, NULL, 1, CU_STREAM_CAPTURE_MODE_RELAXED));
	{
		int st = -1;
		CK(cuStreamIsCapturing(s, (CUstreamCaptureStatus *)&st));
		printf("capturing after that: %d\n", st);
		if (st == CU_STREAM_CAPTURE_STATUS_ACTIVE) {
			CUgraph g3;
			CK(cuStreamEndCapture(s, &g3));
		}
	}
	CK(cuGraphDestroy(g2));
	CK(cuStreamDestroy(s));
	CK(cuGraphDestroy(g));
}

/* ---------------------------------------------------------------- clusters */

static CUresult
launch_ex(CUfunction f, unsigned grid, CUlaunchAttribute *at, unsigned nat)
{
	CUlaunchConfig cfg;
	void *args[] = { &dbuf };

	memset(&cfg, 0, sizeof cfg);
	cfg.gridDimX = grid, cfg.gridDimY = cfg.gridDimZ = 1;
	cfg.blockDimX = 32, cfg.blockDimY = cfg.blockDimZ = 1;
	cfg.attrs = at, cfg.numAttrs = nat;
	return cuLaunchKernelEx(&cfg, f, args, NULL);
}

static CUresult
cluster_launch(CUfunction f, unsigned grid, unsigned cx, unsigned cy, unsigned cz)
{
	CUlaunchAttribute at;

	memset(&at, 0, sizeof at);
	at.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
	at.value.clusterDim.x = cx, at.value.clusterDim.y = cy, at.value.clusterDim.z = cz;
	return launch_ex(f, grid, &at, 1);
}

static void
cluster(void)
{
	CUlaunchAttribute at[2];

	SAY("cluster 2 of grid 4", cluster_launch(fk, 4, 2, 1, 1));
	CK(cuCtxSynchronize());
	SAY("cluster 3 of grid 4", cluster_launch(fk, 4, 3, 1, 1));
	SAY("cluster 0", cluster_launch(fk, 4, 0, 1, 1));
	SAY("cluster 0 in y", cluster_launch(fk, 4, 1, 0, 1));
	SAY("cluster 16, not allowed", cluster_launch(fk, 16, 16, 1, 1));
	SAY("cluster 32", cluster_launch(fk, 32, 32, 1, 1));
	SAY("cluster 2x2x2 of grid 8", cluster_launch(fk, 8, 2, 2, 2));
	SAY("cluster 0x80000000", cluster_launch(fk, 4, 0x80000000u, 1, 1));
	SAY("cluster 1 of a kernel that asks for 2", cluster_launch(fk2, 4, 1, 1, 1));
	SAY("cluster 4 of a kernel that asks for 2", cluster_launch(fk2, 4, 4, 1, 1));
	SAY("no cluster for a kernel that asks for 2, grid 3", launch_ex(fk2, 3, NULL, 0));
	SAY("non-portable size 2", cuFuncSetAttribute(fk, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 2));
	SAY("required width 3", cuFuncSetAttribute(fk, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH, 3));
	/* a width without a height and depth refuses every launch of fk
	 * (funcattr.gpu): none again, for the launches below */
	CK(cuFuncSetAttribute(fk, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH, 0));
	SAY("scheduling policy 9", cuFuncSetAttribute(fk, CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE, 9));
	memset(at, 0, sizeof at);
	at[0].id = (CUlaunchAttributeID)999;
	SAY("attribute 999", launch_ex(fk, 1, at, 1));
	at[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
	at[0].value.clusterSchedulingPolicyPreference = (CUclusterSchedulingPolicy)9;
	SAY("scheduling policy 9 at launch", launch_ex(fk, 1, at, 1));
	at[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
	at[0].value.clusterDim.x = 2, at[0].value.clusterDim.y = at[0].value.clusterDim.z = 1;
	at[1] = at[0];
	at[1].value.clusterDim.x = 4;
	SAY("cluster given twice, 2 then 4, grid 4", launch_ex(fk, 4, at, 2));
	CK(cuCtxSynchronize());
	RISKY("4 attributes at NULL", launch_ex(fk, 1, NULL, 4));
	{
		CUlaunchConfig cfg;
		void *args[] = { &dbuf };
		memset(&cfg, 0, sizeof cfg);
		cfg.gridDimX = 0, cfg.gridDimY = cfg.gridDimZ = 1;
		cfg.blockDimX = 32, cfg.blockDimY = cfg.blockDimZ = 1;
		SAY("launch of grid 0", cuLaunchKernelEx(&cfg, fk, args, NULL));
		cfg.gridDimX = 1, cfg.blockDimX = 2048;
		SAY("launch of block 2048", cuLaunchKernelEx(&cfg, fk, args, NULL));
		cfg.blockDimX = 32, cfg.gridDimY = 65536;
		SAY("launch of grid y 65536", cuLaunchKernelEx(&cfg, fk, args, NULL));
	}
	{
		/* the parameters as one buffer (`extra'), its size missing or short.
		 * An H200's driver (580) died of a segmentation fault on the
		 * size's address NULL, and took the size of 4 (the kernel then
		 * read a pointer of 4 bytes and whatever followed, and faulted:
		 * CUDA_ERROR_ILLEGAL_ADDRESS at the synchronize); it refused a
		 * size of 16 with CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, which the
		 * shim takes.  The shim refuses a short buffer before it runs. */
		size_t size = sizeof dbuf;
		void *extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, &dbuf, CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
		                  CU_LAUNCH_PARAM_END };
		RISKY("launch with extra", cuLaunchKernel(fk, 1, 1, 1, 32, 1, 1, 0, NULL, NULL, extra));
		extra[3] = NULL;
		RISKY("launch with extra, the size's address NULL", cuLaunchKernel(fk, 1, 1, 1, 32, 1, 1, 0, NULL,
		    NULL, extra));
		extra[3] = &size, size = 4;
		RISKY("launch with extra, a size of 4 for 8 bytes", cuLaunchKernel(fk, 1, 1, 1, 32, 1, 1, 0,
		    NULL, NULL, extra));
		CK(cuCtxSynchronize());
	}
}

/* ---------------------------------------------------------------- pools */

static void
pool(void)
{
	CUmemPoolProps pp;
	CUmemoryPool p, def;
	CUmemAccessDesc ad;
	CUmemPoolPtrExportData ed;
	CUdeviceptr d, d2;
	CUstream s;
	cuuint64_t v;
	int fd;

	CK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	memset(&pp, 0, sizeof pp);
	pp.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	pp.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	pp.location.id = 5;
	SAY("pool on device 5", cuMemPoolCreate(&p, &pp));
	pp.location.id = 0;
	pp.location.type = (CUmemLocationType)99;
	SAY("pool at location type 99", cuMemPoolCreate(&p, &pp));
	pp.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	pp.allocType = (CUmemAllocationType)0;
	SAY("pool of allocation type 0", cuMemPoolCreate(&p, &pp));
	pp.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	pp.handleTypes = (CUmemAllocationHandleType)0x80;
	SAY("pool of handle type 0x80", cuMemPoolCreate(&p, &pp));
	pp.handleTypes = CU_MEM_HANDLE_TYPE_NONE;
	pp.maxSize = 1;
	SAY("pool of at most 1 byte", cuMemPoolCreate(&p, &pp));
	pp.maxSize = 0;
	CK(cuMemPoolCreate(&p, &pp));

	v = 1;
	SAY("pool attribute 99", cuMemPoolSetAttribute(p, (CUmemPool_attribute)99, &v));
	SAY("get pool attribute 99", cuMemPoolGetAttribute(p, (CUmemPool_attribute)99, &v));
	SAY("high-water mark set to 1", cuMemPoolSetAttribute(p, CU_MEMPOOL_ATTR_USED_MEM_HIGH, &v));
	SAY("reserved current set", cuMemPoolSetAttribute(p, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT, &v));
	SAY("alloc 0 from the pool", cuMemAllocFromPoolAsync(&d, 0, p, s));
	SAY("alloc 2^62 from the pool", cuMemAllocFromPoolAsync(&d, (size_t)1 << 62, p, s));
	SAY("alloc 2^64-1 async", cuMemAllocAsync(&d, ~(size_t)0, s));
	SAY("free async 0x1234", cuMemFreeAsync((CUdeviceptr)0x1234, s));
	SAY("free async 0", cuMemFreeAsync(0, s));
	CK(cuMemAllocFromPoolAsync(&d, 4096, p, s));
	SAY("free async inside an allocation", cuMemFreeAsync(d + 16, s));
	SAY("free async", cuMemFreeAsync(d, s));
	CK(cuStreamSynchronize(s));
	SAY("free async twice", cuMemFreeAsync(d, s));
	CK(cuStreamSynchronize(s));
	CK(cuMemAlloc(&d2, 4096));
	SAY("free async of cuMemAlloc's", cuMemFreeAsync(d2, s));
	CK(cuStreamSynchronize(s));

	memset(&ad, 0, sizeof ad);
	ad.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	ad.location.id = 7;
	ad.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
	SAY("pool access for device 7", cuMemPoolSetAccess(p, &ad, 1));
	ad.location.id = 0;
	ad.flags = (CUmemAccess_flags)9;
	SAY("pool access flags 9", cuMemPoolSetAccess(p, &ad, 1));
	SAY("pool access, none", cuMemPoolSetAccess(p, &ad, 0));
	SAY("export a pool without handle types",
	    cuMemPoolExportToShareableHandle(&fd, p, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
	SAY("import a pool from fd -1", cuMemPoolImportFromShareableHandle(&def,
	    (void *)(intptr_t)-1, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
	CK(cuMemAllocFromPoolAsync(&d, 4096, p, s));
	CK(cuStreamSynchronize(s));
	memset(&ed, 0, sizeof ed);
	SAY("export a pointer of a pool without handle types", cuMemPoolExportPointer(&ed, d));
	memset(&ed, 0xa5, sizeof ed);
	SAY("import a made-up pointer", cuMemPoolImportPointer(&d2, p, &ed));
	CK(cuMemFreeAsync(d, s));
	CK(cuStreamSynchronize(s));
	SAY("trim to 2^64-1", cuMemPoolTrimTo(p, ~(size_t)0));
	CK(cuDeviceGetDefaultMemPool(&def, 0));
	SAY("destroy the default pool", cuMemPoolDestroy(def));
	SAY("destroy a pool", cuMemPoolDestroy(p));
	SAY("alloc from a destroyed pool", cuMemAllocFromPoolAsync(&d, 64, p, s));
	SAY("destroy a pool twice", cuMemPoolDestroy(p));
	CK(cuStreamDestroy(s));
}

/* ---------------------------------------------------------------- IPC */

static void
ipc(void)
{
	CUipcMemHandle mh;
	CUipcEventHandle eh;
	CUdeviceptr d;
	CUevent ev;
	int host;

	memset(&mh, 0, sizeof mh);
	SAY("open a memory handle of zeros", cuIpcOpenMemHandle(&d, mh, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS));
	memset(&mh, 0xa5, sizeof mh);
	SAY("open a memory handle of 0xa5", cuIpcOpenMemHandle(&d, mh, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS));
	SAY("handle of 0x1234", cuIpcGetMemHandle(&mh, (CUdeviceptr)0x1234));
	SAY("handle of a host address", cuIpcGetMemHandle(&mh, (CUdeviceptr)(uintptr_t)&host));
	CK(cuIpcGetMemHandle(&mh, dbuf));
	SAY("open with flags 0x10", cuIpcOpenMemHandle(&d, mh, 0x10));
	SAY("close what was never opened", cuIpcCloseMemHandle(dbuf));
	SAY("close 0x1234", cuIpcCloseMemHandle((CUdeviceptr)0x1234));
	CK(cuEventCreate(&ev, CU_EVENT_DEFAULT));
	SAY("event handle, not interprocess", cuIpcGetEventHandle(&eh, ev));
	CK(cuEventDestroy(ev));
	memset(&eh, 0, sizeof eh);
	SAY("open an event handle of zeros", cuIpcOpenEventHandle(&ev, eh));
	memset(&eh, 0xa5, sizeof eh);
	SAY("open an event handle of 0xa5", cuIpcOpenEventHandle(&ev, eh));
}

/* ---------------------------------------------------------------- images */

/* zeros past what a case writes: a driver given no length reads as far as
 * an image's header says, which for the lies below stays inside */
static unsigned char img[4 << 20];

/* A fatbin of one PTX entry for compute_90, its header as nvcc 13 writes
 * one (--no-compress); the entry's flags, compressed and uncompressed
 * sizes as given (0, 0, 0: plain text).  Its length. */
static size_t
fatbin(uint64_t flags, uint32_t csize, uint64_t usize)
{
	size_t n = strlen(ptx) + 1, pay = (n + 7) & ~(size_t)7;
	unsigned char *e = img + 16;

	memset(img, 0, sizeof img);
	w32(img, 0xba55ed50u), w16(img + 4, 1), w16(img + 6, 16), w64(img + 8, 80 + pay);
	w16(e, 1), w16(e + 2, 0x101), w32(e + 4, 80), w64(e + 8, pay);
	w32(e + 16, csize), w32(e + 20, 64), w16(e + 26, 8), w32(e + 28, 90);
	w64(e + 40, 0x11 | flags), w64(e + 56, usize), w32(e + 64, 72);
	memcpy(e + 80, ptx, n);
	return 16 + 80 + pay;
}

/* loads img through cuModuleLoadData and cuLibraryLoadData; risky: a
 * lie a driver may read past the buffer for (the shim's answer only) */
static void
load(const char *what, int risky)
{
	CUmodule m;
	CUlibrary l;
	CUresult r, r2;

	if (risky && getenv("PTXKIT_REAL_DRIVER"))
		return;
	r = cuModuleLoadData(&m, img), r2 = cuLibraryLoadData(&l, img, NULL, NULL, 0, NULL, NULL, 0);
	printf("%s%s: module %s, library %s\n", risky ? "~ " : "", what, ename(r), ename(r2));
	if (!r)
		CK(cuModuleUnload(m));
	if (!r2)
		CK(cuLibraryUnload(l));
}

/* Fatbins whose headers lie: fatbin(flags, csize, usize), then width
 * bytes at offset at made v (width 0: none); past the image's end but
 * inside the buffer, then (risky) far past it. */
static const struct {
	uint64_t flags;
	uint32_t csize;
	uint64_t usize;
	int at, width;
	uint64_t v;
	const char *what;
	int risky;
} lies[] = {
	{0, 0, 0, 0, 0, 0, "a fatbin of PTX", 0},
	{0, 0, 0, 24, 8, 1u << 20, "an entry past the fatbin's end", 0},
	{0, 0, 0, 8, 8, 16, "a fatbin whose size ends inside an entry", 0},
	{0, 0, 0, 20, 4, 8, "an entry header of 8 bytes", 0},
	{0x8000, 1u << 20, 4096, 0, 0, 0, "zstd, compressed size past the payload", 0},
	{0, 0, 0, 8, 8, 0, "a fatbin of no entries", 0},
	{0, 0, 0, 44, 4, 100, "PTX for compute_100 only", 0},
	{0x8000, 64, (uint64_t)1 << 40, 0, 0, 0, "zstd, 2^40 bytes uncompressed", 1},
	{0x2000, 64, 1u << 30, 0, 0, 0, "lz4, 1 GiB from 64 bytes", 1},
	{0, 0, 0, 24, 8, (uint64_t)1 << 40, "an entry of 2^40 bytes", 1},
};

static void
image(void)
{
	size_t n = fatbin(0, 0, 0);
	CUlinkState ls;
	CUmodule m;
	CUlibrary l;
	CUfunction fns[4];
	CUkernel ks[4];
	unsigned cnt;
	CUresult r;

	/* load options out of range */
	n = fatbin(0, 0, 0);
	{
		CUjit_option o[1] = { CU_JIT_OPTIMIZATION_LEVEL };
		void *v[1] = { (void *)(uintptr_t)9 };
		SAY("optimization level 9", (r = cuModuleLoadDataEx(&m, ptx, 1, o, v)));
		if (!r)
			CK(cuModuleUnload(m));
		o[0] = (CUjit_option)999;
		SAY("option 999", (r = cuModuleLoadDataEx(&m, ptx, 1, o, v)));
		if (!r)
			CK(cuModuleUnload(m));
		SAY("library option 999", (r = cuLibraryLoadData(&l, ptx, o, v, 1, NULL, NULL, 0)));
		if (!r)
			CK(cuLibraryUnload(l));
	}
	RISKY("1 option at NULL", cuModuleLoadDataEx(&m, ptx, 1, NULL, NULL));
	SAY("a fatbin load of PTX text", (r = cuModuleLoadFatBinary(&m, ptx)));
	if (!r)
		CK(cuModuleUnload(m));
	CK(cuLibraryLoadData(&l, ptx, NULL, NULL, 0, NULL, NULL, 0));
	{
		CUkernel kk;
		CUdeviceptr gp;
		size_t gsz;
		SAY("library kernel nope", cuLibraryGetKernel(&kk, l, "nope"));
		SAY("library global nope", cuLibraryGetGlobal(&gp, &gsz, l, "nope"));
		SAY("library kernel of an empty name", cuLibraryGetKernel(&kk, l, ""));
	}
	CK(cuLibraryUnload(l));
	CK(cuLinkCreate(0, NULL, NULL, &ls));
	SAY("link 0 bytes of PTX", cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)ptx, 0, "a", 0, NULL, NULL));
	SAY("link input type 99", cuLinkAddData(ls, (CUjitInputType)99, (void *)ptx, sizeof ptx, "a", 0, NULL, NULL));
	SAY("link a fatbin of 20 bytes", cuLinkAddData(ls, CU_JIT_INPUT_FATBINARY, img, 20, "f", 0, NULL, NULL));
	SAY("link a fatbin as a cubin", cuLinkAddData(ls, CU_JIT_INPUT_CUBIN, img, n, "f", 0, NULL, NULL));
	CK(cuLinkDestroy(ls));

	/* enumeration into short arrays */
	CK(cuModuleLoadData(&m, ptx));
	memset(fns, 0x5a, sizeof fns);
	r = cuModuleEnumerateFunctions(fns, 1, m);
	printf("functions into 1: %s, %s\n", ename(r),
	    fns[1] == (CUfunction)(uintptr_t)0x5a5a5a5a5a5a5a5aull ? "kept" : "WRITTEN PAST THE COUNT");
	CK(cuModuleGetFunctionCount(&cnt, m));
	printf("function count: %u\n", cnt);
	CK(cuModuleUnload(m));
	CK(cuLibraryLoadData(&l, ptx, NULL, NULL, 0, NULL, NULL, 0));
	memset(ks, 0x5a, sizeof ks);
	r = cuLibraryEnumerateKernels(ks, 1, l);
	printf("kernels into 1: %s, %s\n", ename(r),
	    ks[1] == (CUkernel)(uintptr_t)0x5a5a5a5a5a5a5a5aull ? "kept" : "WRITTEN PAST THE COUNT");
	SAY("kernels into 0", cuLibraryEnumerateKernels(ks, 0, l));
	CK(cuLibraryUnload(l));

	/* fatbins whose headers lie (lies, above) */
	for (size_t i = 0; i < sizeof lies / sizeof lies[0]; i++) {
		fatbin(lies[i].flags, lies[i].csize, lies[i].usize);
		if (lies[i].width == 8)
			w64(img + lies[i].at, lies[i].v);
		else if (lies[i].width == 4)
			w32(img + lies[i].at, (uint32_t)lies[i].v);
		load(lies[i].what, lies[i].risky);
	}
	(void)n;

	/* ELF headers that lie */
	memset(img, 0, sizeof img);
	memcpy(img, "\177ELF\2\1\1", 7);
	w16(img + 0x10, 2), w16(img + 0x12, 190), w32(img + 0x14, 1);
	w64(img + 0x28, 64), w16(img + 0x34, 64), w16(img + 0x3a, 64), w16(img + 0x3c, 3), w16(img + 0x3e, 1);
	load("a cubin of empty sections", 0);
	w64(img + 64 + 64 + 0x18, 1u << 20), w64(img + 64 + 64 + 0x20, 64);
	load("a cubin whose string table lies 1 MiB on", 0);
	w16(img + 0x3e, 9);
	load("a cubin whose string table index is past its sections", 0);
	w16(img + 0x3e, 1), w16(img + 0x12, 62);
	load("a host ELF of empty sections", 0);
	w16(img + 0x12, 190);
	w64(img + 64 + 64 + 0x18, (uint64_t)1 << 40);
	load("a cubin whose string table lies at 2^40", 1);
	w64(img + 64 + 64 + 0x18, 256), w64(img + 64 + 64 + 0x20, ~(uint64_t)0);
	load("a cubin whose string table is 2^64-1 bytes", 1);
	w64(img + 0x28, (uint64_t)1 << 40);
	load("a cubin whose section table lies at 2^40", 1);
}

/* ---------------------------------------------------------------- textures */

static CUresult
tex(const CUDA_RESOURCE_DESC *rd, const CUDA_TEXTURE_DESC *td)
{
	CUtexObject t;
	CUresult r = cuTexObjectCreate(&t, rd, td, NULL);

	if (!r)
		CK(cuTexObjectDestroy(t));
	return r;
}

static void
textures(void)
{
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUDA_ARRAY_DESCRIPTOR ad;
	CUDA_ARRAY3D_DESCRIPTOR a3;
	CUarray arr;
	CUmipmappedArray mm;
	CUsurfObject so;

	memset(&td, 0, sizeof td);
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_LINEAR;
	rd.res.linear.devPtr = dbuf, rd.res.linear.format = CU_AD_FORMAT_FLOAT;
	rd.res.linear.numChannels = 1, rd.res.linear.sizeInBytes = 4096;
	SAY("linear", tex(&rd, &td));
	rd.res.linear.devPtr = 0;
	SAY("linear at 0", tex(&rd, &td));
	rd.res.linear.devPtr = dbuf + 4;
	SAY("linear misaligned by 4", tex(&rd, &td));
	rd.res.linear.devPtr = dbuf;
	rd.res.linear.sizeInBytes = 0;
	SAY("linear of 0 bytes", tex(&rd, &td));
	rd.res.linear.sizeInBytes = (size_t)1 << 40;
	SAY("linear of 2^40 bytes", tex(&rd, &td));
	rd.res.linear.sizeInBytes = 4096;
	rd.res.linear.numChannels = 3;
	SAY("linear of 3 channels", tex(&rd, &td));
	rd.res.linear.numChannels = 1;
	rd.res.linear.format = (CUarray_format)0x99;
	SAY("linear of format 0x99", tex(&rd, &td));
	rd.res.linear.format = CU_AD_FORMAT_FLOAT;
	td.addressMode[0] = (CUaddress_mode)9;
	SAY("address mode 9", tex(&rd, &td));
	td.addressMode[0] = CU_TR_ADDRESS_MODE_WRAP;
	td.filterMode = (CUfilter_mode)5;
	SAY("filter mode 5", tex(&rd, &td));
	td.filterMode = CU_TR_FILTER_MODE_POINT;
	td.maxAnisotropy = 99;
	SAY("anisotropy 99", tex(&rd, &td));
	td.maxAnisotropy = 0;
	td.flags = 0x80000000u;
	SAY("texture flags 0x80000000", tex(&rd, &td));
	td.flags = 0;

	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_PITCH2D;
	rd.res.pitch2D.devPtr = dbuf, rd.res.pitch2D.format = CU_AD_FORMAT_FLOAT;
	rd.res.pitch2D.numChannels = 1, rd.res.pitch2D.width = 16, rd.res.pitch2D.height = 16;
	rd.res.pitch2D.pitchInBytes = 128;
	SAY("pitch2D", tex(&rd, &td));
	rd.res.pitch2D.pitchInBytes = 68;
	SAY("pitch2D, pitch 68", tex(&rd, &td));
	rd.res.pitch2D.pitchInBytes = 32;
	SAY("pitch2D, pitch under the width", tex(&rd, &td));
	rd.res.pitch2D.pitchInBytes = 128;
	rd.res.pitch2D.height = 0;
	SAY("pitch2D, height 0", tex(&rd, &td));
	rd.res.pitch2D.height = 1u << 20;
	SAY("pitch2D, height 2^20", tex(&rd, &td));
	rd.res.pitch2D.height = 16;
	rd.res.pitch2D.width = 1u << 20;
	rd.res.pitch2D.pitchInBytes = (size_t)1 << 22;
	SAY("pitch2D, width 2^20", tex(&rd, &td));
	rd.resType = (CUresourcetype)99;
	SAY("resource type 99", tex(&rd, &td));
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_ARRAY;
	SAY("array of NULL", tex(&rd, &td));

	memset(&ad, 0, sizeof ad);
	ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 3, ad.Width = 16, ad.Height = 16;
	SAY("array of 3 channels", cuArrayCreate(&arr, &ad));
	ad.NumChannels = 1, ad.Format = (CUarray_format)0x99;
	SAY("array of format 0x99", cuArrayCreate(&arr, &ad));
	ad.Format = CU_AD_FORMAT_FLOAT, ad.Width = 0;
	SAY("array of width 0", cuArrayCreate(&arr, &ad));
	ad.Width = 1u << 30;
	SAY("array of width 2^30", cuArrayCreate(&arr, &ad));
	memset(&a3, 0, sizeof a3);
	a3.Format = CU_AD_FORMAT_FLOAT, a3.NumChannels = 1, a3.Width = 16, a3.Height = 0, a3.Depth = 4;
	SAY("3D array of height 0, depth 4", cuArray3DCreate(&arr, &a3));
	a3.Height = 16, a3.Flags = 0x40000000u;
	SAY("3D array of flags 0x40000000", cuArray3DCreate(&arr, &a3));
	a3.Flags = 0, a3.Depth = 0;
	CK(cuArray3DCreate(&arr, &a3));
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_ARRAY;
	rd.res.array.hArray = arr;
	SAY("surface of an array without the flag", cuSurfObjectCreate(&so, &rd));
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_LINEAR;
	rd.res.linear.devPtr = dbuf, rd.res.linear.format = CU_AD_FORMAT_FLOAT;
	rd.res.linear.numChannels = 1, rd.res.linear.sizeInBytes = 4096;
	SAY("surface of linear memory", cuSurfObjectCreate(&so, &rd));
	CK(cuArrayDestroy(arr));
	SAY("destroy texture 0", cuTexObjectDestroy(0));
	RISKY("resource of texture 12345", cuTexObjectGetResourceDesc(&rd, (CUtexObject)12345));
	RISKY("destroy surface 12345", cuSurfObjectDestroy((CUsurfObject)12345));

	/* geometry past any device (nothing may be allocated for it), and
	 * sampling states of no meaning, over a real mipmapped array */
	memset(&a3, 0, sizeof a3);
	a3.Format = CU_AD_FORMAT_FLOAT, a3.NumChannels = 4;
	a3.Width = a3.Height = a3.Depth = 1u << 20;
	RISKY("3D array of 2^20 cubed", cuArray3DCreate(&arr, &a3));
	RISKY("mipmapped 3D array of 2^20 cubed", cuMipmappedArrayCreate(&mm, &a3, 21));
	a3.Width = a3.Height = a3.Depth = ~(size_t)0 >> 1;
	RISKY("3D array of 2^63-1 cubed", cuArray3DCreate(&arr, &a3));
	a3.Width = ~(size_t)0, a3.Height = 1, a3.Depth = 0;
	RISKY("array of width 2^64-1", cuArray3DCreate(&arr, &a3));
	a3.Width = a3.Height = 65536, a3.Depth = 6000000, a3.Flags = CUDA_ARRAY3D_CUBEMAP | CUDA_ARRAY3D_LAYERED;
	RISKY("layered cubemap of 6,000,000 faces", cuArray3DCreate(&arr, &a3));
	a3.Width = a3.Height = 64, a3.Depth = 0, a3.Flags = 0;
	CK(cuMipmappedArrayCreate(&mm, &a3, 7));
	RISKY("level 2^32-1 of a mipmapped array", cuMipmappedArrayGetLevel(&arr, mm, ~0u));
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
	rd.res.mipmap.hMipmappedArray = mm;
	memset(&td, 0, sizeof td);
	td.mipmapFilterMode = (CUfilter_mode)77;
	RISKY("mipmap filter mode 77", tex(&rd, &td));
	td.mipmapFilterMode = CU_TR_FILTER_MODE_LINEAR;
	td.minMipmapLevelClamp = td.maxMipmapLevelClamp = td.mipmapLevelBias = NAN;
	RISKY("mipmap clamps and bias NaN", tex(&rd, &td));
	td.minMipmapLevelClamp = -1e30f, td.maxMipmapLevelClamp = 1e30f, td.mipmapLevelBias = INFINITY;
	RISKY("mipmap clamps of 1e30, bias infinite", tex(&rd, &td));
	td.mipmapLevelBias = 0, td.addressMode[2] = (CUaddress_mode)-1;
	RISKY("address mode -1 on the third axis", tex(&rd, &td));
	CK(cuMipmappedArrayDestroy(mm));
}

/* ---------------------------------------------------------------- copies */

static void
copies(void)
{
	CUDA_MEMCPY2D c;
	CUDA_MEMCPY3D c3;
	CUDA_MEMSET_NODE_PARAMS mp;
	CUgraph g;
	CUgraphNode n;
	CUgraphExec x;
	static unsigned char host[1 << 17];

	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = host, c.srcPitch = 256;
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE, c.dstDevice = dbuf, c.dstPitch = 256;
	c.WidthInBytes = 256, c.Height = 16;
	SAY("2D", cuMemcpy2D(&c));
	c.WidthInBytes = 257;
	SAY("2D, width past the pitches", cuMemcpy2D(&c));
	c.WidthInBytes = 256, c.dstPitch = 128;
	SAY("2D, width past the destination pitch", cuMemcpy2D(&c));
	c.dstPitch = 256, c.Height = 0;
	SAY("2D, height 0", cuMemcpy2D(&c));
	c.Height = 16, c.WidthInBytes = 0;
	SAY("2D, width 0", cuMemcpy2D(&c));
	c.WidthInBytes = 256, c.srcMemoryType = (CUmemorytype)9;
	SAY("2D, memory type 9", cuMemcpy2D(&c));
	c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcPitch = (size_t)1 << 62, c.Height = 8;
	RISKY("2D, source pitch 2^62", cuMemcpy2D(&c));
	c.srcPitch = 256, c.dstPitch = (size_t)1 << 62;
	RISKY("2D, destination pitch 2^62", cuMemcpy2D(&c));
	c.dstPitch = 256, c.Height = 16, c.srcXInBytes = ~(size_t)0 - 8;
	RISKY("2D, source x 2^64-9", cuMemcpy2D(&c));
	c.srcXInBytes = 0, c.dstY = ~(size_t)0 >> 4;
	RISKY("2D, destination y 2^60-1", cuMemcpy2D(&c));
	c.dstY = 0, c.dstPitch = 0, c.Height = 1;
	SAY("2D, pitch 0, one row", cuMemcpy2D(&c));
	c.dstPitch = 256, c.Height = 16;
	c.WidthInBytes = 4096, c.srcPitch = c.dstPitch = 4096, c.Height = 17;
	SAY("2D, one row past the allocation", cuMemcpy2D(&c));
	SAY("2D unaligned, one row past", cuMemcpy2DUnaligned(&c));

	memset(&c3, 0, sizeof c3);
	c3.srcMemoryType = CU_MEMORYTYPE_HOST, c3.srcHost = host, c3.srcPitch = 256, c3.srcHeight = 16;
	c3.dstMemoryType = CU_MEMORYTYPE_DEVICE, c3.dstDevice = dbuf, c3.dstPitch = 256, c3.dstHeight = 16;
	c3.WidthInBytes = 256, c3.Height = 16, c3.Depth = 4;
	SAY("3D", cuMemcpy3D(&c3));
	c3.srcHeight = 8;
	SAY("3D, height past the source's", cuMemcpy3D(&c3));
	c3.srcHeight = 16, c3.Depth = 0;
	SAY("3D, depth 0", cuMemcpy3D(&c3));
	c3.Depth = (size_t)1 << 40;
	RISKY("3D, depth 2^40", cuMemcpy3D(&c3));
	c3.Depth = 4, c3.srcLOD = 1;
	SAY("3D, source level 1", cuMemcpy3D(&c3));
	c3.srcLOD = 0, c3.reserved0 = (void *)1;
	SAY("3D, reserved0 set", cuMemcpy3D(&c3));
	c3.reserved0 = NULL, c3.srcZ = ~(size_t)0 >> 8;
	RISKY("3D, source z 2^56-1", cuMemcpy3D(&c3));
	c3.srcZ = 0, c3.dstHeight = (size_t)1 << 62;
	RISKY("3D, destination height 2^62", cuMemcpy3D(&c3));
	c3.dstHeight = 16, c3.Depth = 5;
	SAY("3D, one slice past the allocation", cuMemcpy3D(&c3));
	c3.Depth = 4;
	RISKY("3D async on stream 0x10", cuMemcpy3DAsync(&c3, (CUstream)(uintptr_t)0x10));

	/* 2D memsets of rows of no bytes write nothing, however many rows (the
	 * shim walked them, 2^32 rows for minutes); the span of rows that do
	 * write is checked whole; a memset node of no bytes is refused */
	SAY("2D memset, width 0, 2^32+1 rows", cuMemsetD2D8(dbuf, 256, 7, 0, ((size_t)1 << 32) + 1));
	SAY("2D memset, width 0, 2^40 rows 2^40 apart", cuMemsetD2D32(dbuf, (size_t)1 << 40, 7, 0, (size_t)1 << 40));
	SAY("2D memset, 2^32+1 rows of 1 byte", cuMemsetD2D8(dbuf, 1, 7, 1, ((size_t)1 << 32) + 1));
	memset(&mp, 0, sizeof mp);
	mp.dst = dbuf, mp.pitch = 256, mp.value = 7, mp.elementSize = 1, mp.width = 0;
	mp.height = ((size_t)1 << 32) + 1;
	CK(cuGraphCreate(&g, 0));
	SAY("memset node, width 0, 2^32+1 rows", cuGraphAddMemsetNode(&n, g, NULL, 0, &mp, ctx));
	CK(cuGraphInstantiate(&x, g, 0));
	SAY("  the graph's launch", cuGraphLaunch(x, NULL));
	SAY("  synchronized", cuStreamSynchronize(NULL));
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));
}

int
main(int argc, char **argv)
{
	static const Section sec[] = {
		{"graph", graph}, {"cluster", cluster}, {"pool", pool}, {"ipc", ipc},
		{"image", image}, {"tex", textures}, {"copy", copies},
	};
	setvbuf(stdout, NULL, _IOLBF, 0);
	ctx = primary_ctx();
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&fk, mod, "k"));
	CK(cuModuleGetFunction(&fk2, mod, "k2"));
	CK(cuMemAlloc(&dbuf, 1 << 16));
	sections(sec, sizeof sec / sizeof sec[0], argc, argv);
	return 0;
}

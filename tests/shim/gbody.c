/*
 * gbody.c -- which nodes a conditional node's body graph may hold.  For
 * each kind of node (kernel, empty, memset, device and host copies, host
 * function, event record and wait, memory allocation and free, a child
 * graph, a child graph holding a host node, a nested conditional node),
 * an IF node's body gets one such node; one line says what adding it
 * answered, what instantiating the graph answered and, where that
 * succeeded, what a launch did (the kernel and the host function count
 * their runs in a word the line prints).  Then the handle's graph: a
 * conditional node in a graph other than the one its handle was made for.
 * gbody.out is what an H200's driver (580) answered, line for line.
 *
 * Exits 1 at the first unexpected failure of a call that sets things up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

/* inc(u64 p): *p += 1 */
static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry inc(.param .u64 p)\n{\n\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<2>;\n"
	"\tld.param.u64 %rd1, [p];\n\tld.global.u32 %r1, [%rd1];\n\tadd.s32 %r1, %r1, 1;\n"
	"\tst.global.u32 [%rd1], %r1;\n\tret;\n}\n";

enum { KERNEL, EMPTY, MEMSET, COPY_DD, COPY_HD, HOST, EV_RECORD, EV_WAIT, ALLOC, FREE, CHILD,
	CHILD_HOST, NESTED, NKIND };

static const char *const kname[NKIND] = {
	"kernel", "empty", "memset", "copy device to device", "copy host to device", "host function",
	"event record", "event wait", "memory allocation", "memory free", "child graph",
	"child graph with a host node", "nested conditional",
};

static CUcontext ctx;
static CUfunction finc;
static CUdeviceptr cnt, buf;
static CUevent ev;
static int hostruns;
static char hostbuf[64];

static void CUDA_CB
hostfn(void *p)
{
	(void)p;
	hostruns++;
}

static CUresult
addcond(CUgraphNode *n, CUgraph g, CUgraphConditionalHandle h, CUgraph *body)
{
	CUgraphNodeParams np;
	CUresult r;

	memset(&np, 0, sizeof np);
	np.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
	np.conditional.handle = h;
	np.conditional.type = CU_GRAPH_COND_TYPE_IF;
	np.conditional.size = 1;
	np.conditional.ctx = ctx;
	r = cuGraphAddNode(n, g, NULL, NULL, 0, &np);
	if (body)
		*body = r ? NULL : np.conditional.phGraph_out[0];
	return r;
}

static CUresult
addhost(CUgraph g)
{
	CUDA_HOST_NODE_PARAMS hp;
	CUgraphNode n;

	memset(&hp, 0, sizeof hp);
	hp.fn = hostfn;
	return cuGraphAddHostNode(&n, g, NULL, 0, &hp);
}

/* one node of kind k in graph b */
static CUresult
add(CUgraph b, int k)
{
	CUgraphNode n;
	CUDA_KERNEL_NODE_PARAMS kp;
	CUDA_MEMSET_NODE_PARAMS mp;
	CUDA_MEMCPY3D cp;
	CUDA_MEM_ALLOC_NODE_PARAMS ap;
	CUgraph child;
	CUgraphConditionalHandle h2;
	static void *args[] = { &cnt };
	CUresult r;

	switch (k) {
	case KERNEL:
		memset(&kp, 0, sizeof kp);
		kp.func = finc;
		kp.gridDimX = kp.gridDimY = kp.gridDimZ = 1;
		kp.blockDimX = kp.blockDimY = kp.blockDimZ = 1;
		kp.kernelParams = args;
		return cuGraphAddKernelNode(&n, b, NULL, 0, &kp);
	case EMPTY:
		return cuGraphAddEmptyNode(&n, b, NULL, 0);
	case MEMSET:
		memset(&mp, 0, sizeof mp);
		mp.dst = buf, mp.value = 7, mp.elementSize = 4, mp.width = 4, mp.height = 1;
		return cuGraphAddMemsetNode(&n, b, NULL, 0, &mp, ctx);
	case COPY_DD:
	case COPY_HD:
		memset(&cp, 0, sizeof cp);
		cp.dstMemoryType = CU_MEMORYTYPE_DEVICE, cp.dstDevice = buf;
		if (k == COPY_DD)
			cp.srcMemoryType = CU_MEMORYTYPE_DEVICE, cp.srcDevice = buf + 32;
		else
			cp.srcMemoryType = CU_MEMORYTYPE_HOST, cp.srcHost = hostbuf;
		cp.WidthInBytes = 16, cp.Height = 1, cp.Depth = 1;
		return cuGraphAddMemcpyNode(&n, b, NULL, 0, &cp, ctx);
	case HOST:
		return addhost(b);
	case EV_RECORD:
		return cuGraphAddEventRecordNode(&n, b, NULL, 0, ev);
	case EV_WAIT:
		return cuGraphAddEventWaitNode(&n, b, NULL, 0, ev);
	case ALLOC:
		memset(&ap, 0, sizeof ap);
		ap.poolProps.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
		ap.poolProps.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
		ap.poolProps.location.id = 0;
		ap.bytesize = 1 << 20;
		return cuGraphAddMemAllocNode(&n, b, NULL, 0, &ap);
	case FREE:
		return cuGraphAddMemFreeNode(&n, b, NULL, 0, buf);
	case CHILD:
	case CHILD_HOST:
		CK(cuGraphCreate(&child, 0));
		CK(k == CHILD ? cuGraphAddEmptyNode(&n, child, NULL, 0) : addhost(child));
		r = cuGraphAddChildGraphNode(&n, b, NULL, 0, child);
		CK(cuGraphDestroy(child));
		return r;
	case NESTED:
		CK(cuGraphConditionalHandleCreate(&h2, b, ctx, 1, CU_GRAPH_COND_ASSIGN_DEFAULT));
		return addcond(&n, b, h2, NULL);
	}
	return CUDA_ERROR_INVALID_VALUE;
}

int
main(void)
{
	CUdevice d;
	CUmodule m;
	CUgraph g, g2, b;
	CUgraphNode n;
	CUgraphExec x;
	CUgraphConditionalHandle h;
	CUresult r;
	int v;

	CK(cuInit(0));
	CK(cuDeviceGet(&d, 0));
	CK(cuCtxCreate(&ctx, NULL, 0, d));
	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&finc, m, "inc"));
	CK(cuMemAlloc(&cnt, 4));
	CK(cuMemAlloc(&buf, 64));
	CK(cuEventCreate(&ev, 0));
	for (int k = 0; k < NKIND; k++) {
		CK(cuGraphCreate(&g, 0));
		/* the default 1 runs the body at each launch */
		CK(cuGraphConditionalHandleCreate(&h, g, ctx, 1, CU_GRAPH_COND_ASSIGN_DEFAULT));
		CK(addcond(&n, g, h, &b));
		printf("%s: add %s", kname[k], ename(r = add(b, k)));
		if (!r) {
			r = cuGraphInstantiate(&x, g, 0);
			printf(", instantiate %s", ename(r));
			if (!r) {
				CK(cuMemsetD32(cnt, 0, 1));
				hostruns = 0;
				r = cuGraphLaunch(x, NULL);
				printf(", launch %s", ename(r));
				r = cuCtxSynchronize();
				v = -1;
				if (!r)
					CK(cuMemcpyDtoH(&v, cnt, 4));
				printf(", synchronize %s, count %d, host runs %d", ename(r), v, hostruns);
				CK(cuGraphExecDestroy(x));
			}
		}
		printf("\n");
		CK(cuGraphDestroy(g));
	}
	/* a handle belongs to the graph it was made for */
	CK(cuGraphCreate(&g, 0));
	CK(cuGraphCreate(&g2, 0));
	CK(cuGraphConditionalHandleCreate(&h, g, ctx, 1, CU_GRAPH_COND_ASSIGN_DEFAULT));
	printf("a node in another graph than its handle's: %s\n", ename(addcond(&n, g2, h, NULL)));
	r = addcond(&n, g, h, &b);
	printf("in the handle's graph: %s\n", ename(r));
	if (!r) {
		CK(cuGraphConditionalHandleCreate(&h, g, ctx, 1, CU_GRAPH_COND_ASSIGN_DEFAULT));
		printf("a node in its body on a handle of the outer graph: %s\n", ename(addcond(&n, b, h, NULL)));
	}
	CK(cuGraphDestroy(g2));
	CK(cuGraphDestroy(g));
	printf("done\n");
	return 0;
}

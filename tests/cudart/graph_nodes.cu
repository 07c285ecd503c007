// graph_nodes.cu -- what the runtime asks the driver for beyond the
// basics: stream attributes (cudaStreamSetAttribute: an access policy
// window, a priority; cudaStreamCopyAttributes), event record and wait
// nodes, a child graph, graph memory nodes (cudaGraphAddMemAllocNode,
// cudaGraphAddMemFreeNode) and a node disabled in the executable; then the
// stream memory operations through the driver entry point
// (cudaGetDriverEntryPointByVersion: cuStreamWriteValue32,
// cuStreamWaitValue32).
#include <cuda.h>
#include <cstring>
#include "check.h"

__global__ void
add(int *p, int v)
{
	p[threadIdx.x] += v;
}

static int
fail(const char *what)
{
	fprintf(stderr, "wrong: %s\n", what);
	return 1;
}

typedef CUresult (*Write32)(CUstream, CUdeviceptr, cuuint32_t, unsigned);

int
main()
{
	cudaStream_t s, s2;
	int *d, h[4], lo, hi;
	cudaStreamAttrValue v, back;

	CHECK(cudaMalloc(&d, 64));
	CHECK(cudaMemset(d, 0, 64));
	CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	CHECK(cudaStreamCreate(&s2));
	CHECK(cudaDeviceGetStreamPriorityRange(&lo, &hi));

	// stream attributes
	memset(&v, 0, sizeof v);
	v.accessPolicyWindow.base_ptr = d;
	v.accessPolicyWindow.num_bytes = 64;
	v.accessPolicyWindow.hitRatio = 1.0f;
	v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
	v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
	CHECK(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v));
	memset(&back, 0, sizeof back);
	CHECK(cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &back));
	if (back.accessPolicyWindow.base_ptr != (void *)d || back.accessPolicyWindow.num_bytes != 64 ||
	    back.accessPolicyWindow.hitProp != cudaAccessPropertyPersisting)
		return fail("access policy window read back");
	v.priority = hi;
	CHECK(cudaStreamSetAttribute(s, cudaLaunchAttributePriority, &v));
	CHECK(cudaStreamCopyAttributes(s2, s));
	CHECK(cudaStreamGetAttribute(s2, cudaStreamAttributeAccessPolicyWindow, &back));
	if (back.accessPolicyWindow.base_ptr != (void *)d)
		return fail("copied attributes");
	CHECK(cudaCtxResetPersistingL2Cache());
	add<<<1, 4, 0, s>>>(d, 1);
	CHECK(cudaGetLastError());

	// a graph: record, child (fill + kernel), wait, alloc, kernel, copy, free
	cudaGraph_t g, child;
	cudaGraphNode_t rec, cn, wait, an, kn, cp, fn;
	cudaEvent_t ev;
	CHECK(cudaEventCreate(&ev));
	CHECK(cudaGraphCreate(&child, 0));
	{
		cudaMemsetParams mp = {};
		mp.dst = d;
		mp.value = 5;
		mp.elementSize = 4;
		mp.width = 4;
		mp.height = 1;
		cudaGraphNode_t f, k;
		CHECK(cudaGraphAddMemsetNode(&f, child, NULL, 0, &mp));
		cudaKernelNodeParams kp = {};
		int two = 2;
		void *args[] = { &d, &two };
		kp.func = (void *)add;
		kp.gridDim = dim3(1);
		kp.blockDim = dim3(4);
		kp.kernelParams = args;
		CHECK(cudaGraphAddKernelNode(&k, child, &f, 1, &kp));
	}
	CHECK(cudaGraphCreate(&g, 0));
	CHECK(cudaGraphAddEventRecordNode(&rec, g, NULL, 0, ev));
	CHECK(cudaGraphAddChildGraphNode(&cn, g, &rec, 1, child));
	CHECK(cudaGraphAddEventWaitNode(&wait, g, &cn, 1, ev));
	cudaMemAllocNodeParams ap = {};
	ap.poolProps.allocType = cudaMemAllocationTypePinned;
	ap.poolProps.location.type = cudaMemLocationTypeDevice;
	ap.poolProps.location.id = 0;
	ap.bytesize = 16;
	CHECK(cudaGraphAddMemAllocNode(&an, g, &wait, 1, &ap));
	int *tmp = (int *)ap.dptr;
	{
		cudaKernelNodeParams kp = {};
		int ten = 10;
		void *args[] = { &d, &ten };
		kp.func = (void *)add;
		kp.gridDim = dim3(1);
		kp.blockDim = dim3(4);
		kp.kernelParams = args;
		CHECK(cudaGraphAddKernelNode(&kn, g, &an, 1, &kp));
	}
	cudaGraphNode_t tf, both[2];
	{
		cudaMemsetParams mp = {};
		mp.dst = tmp;
		mp.value = 3;
		mp.elementSize = 4;
		mp.width = 4;
		mp.height = 1;
		CHECK(cudaGraphAddMemsetNode(&tf, g, &an, 1, &mp));
	}
	both[0] = kn, both[1] = tf;
	CHECK(cudaGraphAddMemcpyNode1D(&cp, g, both, 2, d + 4, tmp, 16, cudaMemcpyDeviceToDevice));
	CHECK(cudaGraphAddMemFreeNode(&fn, g, &cp, 1, tmp));
	cudaGraphExec_t x;
	CHECK(cudaGraphInstantiate(&x, g, 0));
	CHECK(cudaStreamSynchronize(s));
	CHECK(cudaGraphLaunch(x, s));
	CHECK(cudaStreamSynchronize(s));
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	for (int i = 0; i < 4; i++)
		if (h[i] != 17)
			return fail("child graph and kernel");
	int t[4];
	CHECK(cudaMemcpy(t, d + 4, sizeof t, cudaMemcpyDeviceToHost));
	for (int i = 0; i < 4; i++)
		if (t[i] != 3)
			return fail("graph allocation");
	CHECK(cudaEventQuery(ev));

	// the kernel node disabled: the child graph alone.  The clearing goes
	// on s: s does not wait for the legacy stream (cudaStreamNonBlocking),
	// so a cudaMemset there may land after the graph's own fill and add
	CHECK(cudaMemsetAsync(d, 0, 16, s));
	CHECK(cudaGraphNodeSetEnabled(x, kn, 0));
	unsigned en = 1;
	CHECK(cudaGraphNodeGetEnabled(x, kn, &en));
	if (en != 0)
		return fail("node enabled");
	CHECK(cudaGraphLaunch(x, s));
	CHECK(cudaStreamSynchronize(s));
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	if (h[0] != 7)
		return fail("relaunch");
	CHECK(cudaGraphExecDestroy(x));
	CHECK(cudaGraphDestroy(g));
	CHECK(cudaGraphDestroy(child));
	CHECK(cudaEventDestroy(ev));

	// stream memory operations, through the driver's entry point
	Write32 w32 = NULL, wait32 = NULL;
	cudaDriverEntryPointQueryResult q;
	CHECK(cudaGetDriverEntryPointByVersion("cuStreamWriteValue32", (void **)&w32, 12000, cudaEnableDefault, &q));
	CHECK(cudaGetDriverEntryPointByVersion("cuStreamWaitValue32", (void **)&wait32, 12000, cudaEnableDefault, &q));
	if (!w32 || !wait32)
		return fail("entry points");
	if (w32((CUstream)s, (CUdeviceptr)(d + 8), 1234, 0) != CUDA_SUCCESS)
		return fail("cuStreamWriteValue32");
	if (wait32((CUstream)s, (CUdeviceptr)(d + 8), 1234, CU_STREAM_WAIT_VALUE_EQ) != CUDA_SUCCESS)
		return fail("cuStreamWaitValue32");
	add<<<1, 1, 0, s>>>(d + 8, 1);
	CHECK(cudaStreamSynchronize(s));
	CHECK(cudaMemcpy(h, d + 8, 4, cudaMemcpyDeviceToHost));
	if (h[0] != 1235)
		return fail("memory operations");

	CHECK(cudaStreamDestroy(s));
	CHECK(cudaStreamDestroy(s2));
	CHECK(cudaFree(d));
	printf("graph_nodes ok\n");
	return 0;
}

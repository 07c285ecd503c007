// graph_edit.cu -- graphs changed after they are made: an edge added
// against the order the nodes were added in, a node's parameters read
// back, a clone, a node destroyed, and an executable graph updated from a
// second capture of the same shape (cudaGraphExecUpdate).
#include "check.h"

__global__ void
axpb(float *x, int n, float a, float b)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] = a * x[i] + b;
}

static float
run(cudaGraphExec_t ge, float *d, int n, cudaStream_t s)
{
	float h = -1, start = 1;

	CHECK(cudaMemcpy(d, &start, sizeof start, cudaMemcpyHostToDevice));
	CHECK(cudaGraphLaunch(ge, s));
	CHECK(cudaStreamSynchronize(s));
	CHECK(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost));
	(void)n;
	return h;
}

int
main()
{
	int n = 1;
	float *d, one = 1, zero = 0, two = 2, b;
	cudaStream_t s;
	cudaGraph_t g, c;
	cudaGraphExec_t ge;
	cudaGraphNode_t inc, dbl, nodes[4];
	cudaKernelNodeParams kp = {}, back = {};
	size_t nn = 4;

	CHECK(cudaMalloc(&d, sizeof(float)));
	CHECK(cudaStreamCreate(&s));
	CHECK(cudaGraphCreate(&g, 0));
	void *a1[] = {&d, &n, &one, &one}, *a2[] = {&d, &n, &two, &zero};
	kp.func = (void *)axpb;
	kp.gridDim = dim3(1);
	kp.blockDim = dim3(32);
	kp.kernelParams = a1;
	CHECK(cudaGraphAddKernelNode(&inc, g, NULL, 0, &kp));   /* x + 1 */
	kp.kernelParams = a2;
	CHECK(cudaGraphAddKernelNode(&dbl, g, NULL, 0, &kp));   /* 2x */
	CHECK(cudaGraphAddDependencies(g, &dbl, &inc, NULL, 1));   /* doubled first */
	CHECK(cudaGraphInstantiate(&ge, g, 0));
	if ((b = run(ge, d, n, s)) != 3) {
		fprintf(stderr, "added edge: %g, expected 3\n", b);
		return 1;
	}
	CHECK(cudaGraphExecDestroy(ge));

	CHECK(cudaGraphKernelNodeGetParams(inc, &back));
	if (back.blockDim.x != 32 || back.gridDim.x != 1 || *(float *)back.kernelParams[3] != 1) {
		fprintf(stderr, "parameters read back: block %u, b %g\n", back.blockDim.x,
		    *(float *)back.kernelParams[3]);
		return 1;
	}

	CHECK(cudaGraphClone(&c, g));
	CHECK(cudaGraphGetNodes(c, nodes, &nn));
	CHECK(cudaGraphInstantiate(&ge, c, 0));
	if (nn != 2 || (b = run(ge, d, n, s)) != 3) {
		fprintf(stderr, "clone: %zu nodes, %g\n", nn, b);
		return 1;
	}
	CHECK(cudaGraphExecDestroy(ge));
	CHECK(cudaGraphDestroyNode(nodes[1]));
	nn = 4;
	CHECK(cudaGraphGetNodes(c, NULL, &nn));
	CHECK(cudaGraphInstantiate(&ge, c, 0));
	if (nn != 1 || (b = run(ge, d, n, s)) != 2) {
		fprintf(stderr, "node destroyed: %zu nodes, %g\n", nn, b);
		return 1;
	}
	CHECK(cudaGraphExecDestroy(ge));
	CHECK(cudaGraphDestroy(c));
	CHECK(cudaGraphDestroy(g));

	/* the same shape captured twice: the executable takes the second */
	cudaGraph_t g1, g2;
	cudaGraphExecUpdateResultInfo info;
	CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
	axpb<<<1, 32, 0, s>>>(d, n, 1, 10);
	CHECK(cudaStreamEndCapture(s, &g1));
	CHECK(cudaGraphInstantiate(&ge, g1, 0));
	CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
	axpb<<<1, 32, 0, s>>>(d, n, 1, 20);
	CHECK(cudaStreamEndCapture(s, &g2));
	CHECK(cudaGraphExecUpdate(ge, g2, &info));
	if (info.result != cudaGraphExecUpdateSuccess || (b = run(ge, d, n, s)) != 21) {
		fprintf(stderr, "update: result %d, %g\n", (int)info.result, b);
		return 1;
	}
	CHECK(cudaGraphExecDestroy(ge));
	CHECK(cudaGraphDestroy(g1));
	CHECK(cudaGraphDestroy(g2));
	CHECK(cudaStreamDestroy(s));
	CHECK(cudaFree(d));
	printf("graph_edit: edges, clone, update ok\n");
	return 0;
}

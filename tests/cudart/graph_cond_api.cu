// graph_cond_api.cu -- what the runtime and driver answer around
// conditional nodes, compared line for line with an H200's answers
// (graph_cond_api.gpu): the parameters refused (flags, sizes, type,
// handle), the node's type and its empty body, a handle's value across
// launches without cudaGraphCondAssignDefault, a second executable of the
// graph, and a body filled by cudaStreamBeginCaptureToGraph.
#include "check.h"

__global__ void add(int *p, int v) { *p += v; }
__global__ void setc(cudaGraphConditionalHandle h, unsigned v) { cudaGraphSetConditional(h, v); }
__global__ void addset(int *p, cudaGraphConditionalHandle h) { *p += 1; cudaGraphSetConditional(h, 0); }

static cudaError_t
addcond(cudaGraphNode_t *n, cudaGraph_t g, cudaGraphConditionalHandle h, cudaGraphConditionalNodeType t,
    unsigned size, cudaGraph_t **bodies)
{
	cudaGraphNodeParams np = {};
	np.type = cudaGraphNodeTypeConditional;
	np.conditional.handle = h;
	np.conditional.type = t;
	np.conditional.size = size;
	cudaError_t e = cudaGraphAddNode(n, g, NULL, NULL, 0, &np);
	if (bodies)
		*bodies = np.conditional.phGraph_out;
	return e;
}

int
main()
{
	int *d, v;
	cudaStream_t s;
	cudaGraph_t g, *b;
	cudaGraphNode_t n;
	cudaGraphConditionalHandle h;
	cudaGraphExec_t x, x2;
	CHECK(cudaStreamCreate(&s));
	CHECK(cudaMalloc(&d, 16));
	CHECK(cudaGraphCreate(&g, 0));
	printf("handle flags 2: %s\n", cudaGetErrorName(cudaGraphConditionalHandleCreate(&h, g, 0, 2)));
	(void)cudaGetLastError();
	CHECK(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
	printf("handle value: %llu\n", (unsigned long long)h);
	printf("if size 3: %s\n", cudaGetErrorName(addcond(&n, g, h, cudaGraphCondTypeIf, 3, NULL)));
	(void)cudaGetLastError();
	printf("while size 2: %s\n", cudaGetErrorName(addcond(&n, g, h, cudaGraphCondTypeWhile, 2, NULL)));
	(void)cudaGetLastError();
	printf("switch size 0: %s\n", cudaGetErrorName(addcond(&n, g, h, cudaGraphCondTypeSwitch, 0, NULL)));
	(void)cudaGetLastError();
	printf("type 7: %s\n", cudaGetErrorName(addcond(&n, g, h, (cudaGraphConditionalNodeType)7, 1, NULL)));
	(void)cudaGetLastError();
	printf("handle 0: %s\n", cudaGetErrorName(addcond(&n, g, 0, cudaGraphCondTypeIf, 1, NULL)));
	(void)cudaGetLastError();
	CHECK(cudaGraphDestroy(g));

	// no cudaGraphCondAssignDefault: default 1, the body clears it
	CHECK(cudaGraphCreate(&g, 0));
	CHECK(cudaGraphConditionalHandleCreate(&h, g, 1, 0));
	CHECK(addcond(&n, g, h, cudaGraphCondTypeIf, 1, &b));
	cudaGraphNodeType ty;
	CHECK(cudaGraphNodeGetType(n, &ty));
	printf("node type: %d\n", (int)ty);
	if (ty != cudaGraphNodeTypeConditional)
		return 1;
	size_t nn = 0;
	CHECK(cudaGraphGetNodes(b[0], NULL, &nn));
	printf("body nodes: %zu\n", nn);
	{
		cudaKernelNodeParams kp = {};
		void *args[] = { &d, &h };
		kp.func = (void *)addset;
		kp.gridDim = dim3(1);
		kp.blockDim = dim3(1);
		kp.kernelParams = args;
		cudaGraphNode_t k;
		CHECK(cudaGraphAddKernelNode(&k, b[0], NULL, 0, &kp));
	}
	CHECK(cudaGraphInstantiate(&x, g, 0));
	CHECK(cudaMemset(d, 0, 16));
	for (int i = 0; i < 3; i++) {
		CHECK(cudaGraphLaunch(x, s));
		CHECK(cudaStreamSynchronize(s));
		CHECK(cudaMemcpy(&v, d, 4, cudaMemcpyDeviceToHost));
		printf("no assign-default, launch %d: %d\n", i, v);
	}
	printf("instantiate while one exists: %s\n", cudaGetErrorName(cudaGraphInstantiate(&x2, g, 0)));
	(void)cudaGetLastError();
	CHECK(cudaGraphExecDestroy(x));
	cudaError_t e = cudaGraphInstantiate(&x2, g, 0);
	printf("instantiate after destroy: %s\n", cudaGetErrorName(e));
	if (e == cudaSuccess)
		CHECK(cudaGraphExecDestroy(x2));
	(void)cudaGetLastError();
	CHECK(cudaGraphDestroy(g));

	// a body filled by capture (cudaStreamBeginCaptureToGraph)
	CHECK(cudaGraphCreate(&g, 0));
	CHECK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
	CHECK(addcond(&n, g, h, cudaGraphCondTypeIf, 1, &b));
	e = cudaStreamBeginCaptureToGraph(s, b[0], NULL, NULL, 0, cudaStreamCaptureModeGlobal);
	printf("capture to body: %s\n", cudaGetErrorName(e));
	if (e == cudaSuccess) {
		add<<<1, 1, 0, s>>>(d, 100);
		cudaGraph_t cg;
		CHECK(cudaStreamEndCapture(s, &cg));
		printf("end capture gives the body: %d\n", cg == b[0]);
		CHECK(cudaGraphInstantiate(&x, g, 0));
		CHECK(cudaMemset(d, 0, 16));
		CHECK(cudaGraphLaunch(x, s));
		CHECK(cudaStreamSynchronize(s));
		CHECK(cudaMemcpy(&v, d, 4, cudaMemcpyDeviceToHost));
		printf("captured body ran: %d\n", v);
		if (v != 100)
			return 1;
		CHECK(cudaGraphExecDestroy(x));
	}
	(void)cudaGetLastError();
	CHECK(cudaGraphDestroy(g));
	printf("graph_cond_api ok\n");
	return 0;
}

// graph_cond_capture.cu -- a conditional node in a stream capture, as
// NVIDIA's graphConditionalNodes sample makes one: the capture's graph from
// cudaStreamGetCaptureInfo, a handle made for it, the WHILE node added to
// it by cudaGraphAddNode after the captured kernel and made the stream's
// dependency (cudaStreamUpdateCaptureDependencies), the capture going on
// after it; then the body filled by cudaStreamBeginCaptureToGraph, ended
// without taking the graph back (cudaStreamEndCapture(s, NULL)).  A kernel
// before the loop and the loop's body count *d down, each logging the value
// it saw and setting the condition to what is left; a kernel after the
// loop logs -1.  From 0: "0 -1" (the body never runs); from 3: "3 2 1 -1".
#include "check.h"

__global__ void
down(char *d, cudaGraphConditionalHandle h, int *log)
{
	log[1 + log[0]++] = *d;
	if (*d)
		(*d)--;
	cudaGraphSetConditional(h, *d);
}

__global__ void
after(int *log)
{
	log[1 + log[0]++] = -1;
}

int
main()
{
	cudaGraph_t g, body;
	cudaGraphExec_t x;
	cudaStreamCaptureStatus st;
	const cudaGraphNode_t *deps;
	size_t ndeps;
	cudaStream_t s, bs;
	cudaGraphConditionalHandle h;
	cudaGraphNode_t cn;
	char *d;
	int *log;

	CHECK(cudaMalloc(&d, 1));
	CHECK(cudaMalloc(&log, 64 * sizeof *log));
	CHECK(cudaStreamCreate(&s));
	CHECK(cudaStreamCreate(&bs));
	CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
	CHECK(cudaStreamGetCaptureInfo(s, &st, NULL, &g, &deps, NULL, &ndeps));
	CHECK(cudaGraphConditionalHandleCreate(&h, g));
	down<<<1, 1, 0, s>>>(d, h, log);
	CHECK(cudaStreamGetCaptureInfo(s, &st, NULL, &g, &deps, NULL, &ndeps));
	cudaGraphNodeParams cp = {};
	cp.type = cudaGraphNodeTypeConditional;
	cp.conditional.handle = h;
	cp.conditional.type = cudaGraphCondTypeWhile;
	cp.conditional.size = 1;
	CHECK(cudaGraphAddNode(&cn, g, deps, NULL, ndeps, &cp));
	body = cp.conditional.phGraph_out[0];
	CHECK(cudaStreamUpdateCaptureDependencies(s, &cn, NULL, 1, cudaStreamSetCaptureDependencies));
	after<<<1, 1, 0, s>>>(log);
	CHECK(cudaStreamEndCapture(s, &g));
	CHECK(cudaStreamBeginCaptureToGraph(bs, body, NULL, NULL, 0, cudaStreamCaptureModeGlobal));
	down<<<1, 1, 0, bs>>>(d, h, log);
	CHECK(cudaStreamEndCapture(bs, NULL));
	CHECK(cudaGraphInstantiate(&x, g, 0));
	for (int v = 0; v <= 3; v += 3) {
		int got[8];
		CHECK(cudaMemset(d, v, 1));
		CHECK(cudaMemset(log, 0, 64 * sizeof *log));
		CHECK(cudaGraphLaunch(x, s));
		CHECK(cudaStreamSynchronize(s));
		CHECK(cudaMemcpy(got, log, sizeof got, cudaMemcpyDeviceToHost));
		printf("from %d:", v);
		for (int i = 0; i < got[0] && i < 7; i++)
			printf(" %d", got[1 + i]);
		printf("\n");
		int want0[] = { 2, 0, -1 }, want3[] = { 4, 3, 2, 1, -1 };
		const int *want = v ? want3 : want0;
		for (int i = 0; i <= want[0]; i++)
			if (got[i] != want[i]) {
				fprintf(stderr, "wrong: the loop from %d\n", v);
				return 1;
			}
	}
	CHECK(cudaGraphExecDestroy(x));
	CHECK(cudaGraphDestroy(g));
	CHECK(cudaStreamDestroy(s));
	CHECK(cudaStreamDestroy(bs));
	CHECK(cudaFree(d));
	CHECK(cudaFree(log));
	printf("graph_cond_capture ok\n");
	return 0;
}

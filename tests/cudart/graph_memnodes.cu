// graph_memnodes.cu -- graph memory whose free is not in the graph that
// allocates it: a stream capture that allocates (cudaMallocAsync), fills,
// computes and copies back, but leaves the free to the program; each
// launch is followed by a free outside the graph, once by cudaFreeAsync on
// another stream, once by a graph of one free node, once by cudaFree, and
// the next launch allocates the same address again and runs on it.
#include "check.h"

__global__ void
twice(float *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] = 2 * x[i] + 1;
}

int
main()
{
	const int n = 100000;
	float *in, *out, *d = NULL, *d0;
	cudaStream_t s, t;
	cudaGraph_t g, fg;
	cudaGraphExec_t ge, fge;
	cudaGraphNode_t fn;

	CHECK(cudaMallocHost((void **)&in, n * sizeof(float)));
	CHECK(cudaMallocHost((void **)&out, n * sizeof(float)));
	CHECK(cudaStreamCreate(&s));
	CHECK(cudaStreamCreate(&t));

	CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
	CHECK(cudaMallocAsync((void **)&d, n * sizeof(float), s));
	CHECK(cudaMemcpyAsync(d, in, n * sizeof(float), cudaMemcpyHostToDevice, s));
	twice<<<(n + 255) / 256, 256, 0, s>>>(d, n);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpyAsync(out, d, n * sizeof(float), cudaMemcpyDeviceToHost, s));
	CHECK(cudaStreamEndCapture(s, &g));
	CHECK(cudaGraphInstantiate(&ge, g, 0));
	d0 = d;

	// the graph that frees it
	CHECK(cudaGraphCreate(&fg, 0));
	CHECK(cudaGraphAddMemFreeNode(&fn, fg, NULL, 0, d));
	CHECK(cudaGraphInstantiate(&fge, fg, 0));

	for (int round = 0; round < 3; round++) {
		for (int i = 0; i < n; i++) {
			in[i] = (float)(i % 1000) + round;
			out[i] = -1;
		}
		CHECK(cudaGraphLaunch(ge, s));
		CHECK(cudaStreamSynchronize(s));
		for (int i = 0; i < n; i++)
			if (out[i] != 2 * ((float)(i % 1000) + round) + 1) {
				fprintf(stderr, "round %d: [%d] = %g\n", round, i, out[i]);
				return 1;
			}
		switch (round) {
		case 0:   // stream-ordered, on another stream
			CHECK(cudaFreeAsync(d, t));
			CHECK(cudaStreamSynchronize(t));
			break;
		case 1:   // a free node of another graph
			CHECK(cudaGraphLaunch(fge, s));
			CHECK(cudaStreamSynchronize(s));
			break;
		default:  // at once
			CHECK(cudaFree(d));
			break;
		}
	}
	if (d != d0) {
		fprintf(stderr, "the allocation moved\n");
		return 1;
	}
	CHECK(cudaGraphExecDestroy(fge));
	CHECK(cudaGraphDestroy(fg));
	CHECK(cudaGraphExecDestroy(ge));
	CHECK(cudaGraphDestroy(g));
	CHECK(cudaStreamDestroy(s));
	CHECK(cudaStreamDestroy(t));
	CHECK(cudaFreeHost(in));
	CHECK(cudaFreeHost(out));
	printf("graph_memnodes: 3 launches, each freed outside the graph ok\n");
	return 0;
}

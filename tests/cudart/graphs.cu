// graphs.cu -- CUDA graphs two ways: captured from a stream (copies, two
// kernels, a memset) and built by hand (kernel nodes with a dependency,
// a memcpy node), each instantiated, launched twice and queried.
#include "check.h"

__global__ void
axpb(float *x, int n, float a, float b)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] = a * x[i] + b;
}

static int
expect(const float *h, int n, float (*f)(int), const char *what)
{
	for (int i = 0; i < n; i++)
		if (h[i] != f(i)) {
			fprintf(stderr, "%s: [%d] = %g, expected %g\n", what, i, h[i], f(i));
			return 1;
		}
	return 0;
}

/* captured: x = i; twice (x = 2x + 1; x = x - 3) */
static float want_capture(int i) { float x = i; for (int k = 0; k < 2; k++) x = (2 * x + 1) - 3; return x; }
/* explicit: zeroed, then twice (x = x + 5; x = 3x) */
static float want_explicit(int i) { (void)i; float x = 0; for (int k = 0; k < 2; k++) x = 3 * (x + 5); return x; }

int
main()
{
	const int n = 1000;
	float *h = (float *)malloc(n * sizeof(float)), *d, *d2;
	cudaStream_t s;
	cudaGraph_t g;
	cudaGraphExec_t ge;
	size_t nnodes = 0;

	CHECK(cudaMalloc(&d, n * sizeof(float)));
	CHECK(cudaMalloc(&d2, n * sizeof(float)));
	CHECK(cudaStreamCreate(&s));
	for (int i = 0; i < n; i++)
		h[i] = i;
	CHECK(cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice));

	/* capture */
	cudaStreamCaptureStatus st;
	CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
	CHECK(cudaStreamIsCapturing(s, &st));
	if (st != cudaStreamCaptureStatusActive) {
		fprintf(stderr, "capture status %d\n", (int)st);
		return 1;
	}
	axpb<<<(n + 255) / 256, 256, 0, s>>>(d, n, 2, 1);
	axpb<<<(n + 255) / 256, 256, 0, s>>>(d, n, 1, -3);
	CHECK(cudaMemcpyAsync(d2, d, n * sizeof(float), cudaMemcpyDeviceToDevice, s));
	CHECK(cudaStreamEndCapture(s, &g));
	CHECK(cudaGraphGetNodes(g, NULL, &nnodes));
	if (nnodes != 3) {
		fprintf(stderr, "captured %zu nodes, expected 3\n", nnodes);
		return 1;
	}
	CHECK(cudaGraphInstantiate(&ge, g, 0));
	CHECK(cudaGraphLaunch(ge, s));
	CHECK(cudaGraphLaunch(ge, s));
	CHECK(cudaStreamSynchronize(s));
	CHECK(cudaMemcpy(h, d2, n * sizeof(float), cudaMemcpyDeviceToHost));
	if (expect(h, n, want_capture, "captured"))
		return 1;
	CHECK(cudaGraphExecDestroy(ge));
	CHECK(cudaGraphDestroy(g));

	/* explicit */
	cudaGraphNode_t k1, k2, cp;
	cudaKernelNodeParams kp = {};
	float a1 = 1, b1 = 5, a2 = 3, b2 = 0;
	int nn = n;
	void *args1[] = { &d, &nn, &a1, &b1 }, *args2[] = { &d, &nn, &a2, &b2 };
	CHECK(cudaMemset(d, 0, n * sizeof(float)));
	CHECK(cudaGraphCreate(&g, 0));
	kp.func = (void *)axpb;
	kp.gridDim = dim3((n + 127) / 128);
	kp.blockDim = dim3(128);
	kp.kernelParams = args1;
	CHECK(cudaGraphAddKernelNode(&k1, g, NULL, 0, &kp));
	kp.kernelParams = args2;
	CHECK(cudaGraphAddKernelNode(&k2, g, &k1, 1, &kp));
	CHECK(cudaGraphAddMemcpyNode1D(&cp, g, &k2, 1, d2, d, n * sizeof(float), cudaMemcpyDeviceToDevice));
	CHECK(cudaGraphInstantiate(&ge, g, 0));
	CHECK(cudaGraphLaunch(ge, s));
	CHECK(cudaGraphLaunch(ge, s));
	CHECK(cudaStreamSynchronize(s));
	CHECK(cudaMemcpy(h, d2, n * sizeof(float), cudaMemcpyDeviceToHost));
	if (expect(h, n, want_explicit, "explicit"))
		return 1;
	CHECK(cudaGraphExecDestroy(ge));
	CHECK(cudaGraphDestroy(g));
	CHECK(cudaStreamDestroy(s));
	CHECK(cudaFree(d));
	CHECK(cudaFree(d2));
	free(h);
	printf("graphs: captured and explicit ok\n");
	return 0;
}

// ptds.cu -- built with nvcc --default-stream per-thread: stream 0 is each
// host thread's own stream.  Two threads launch and copy on it at once;
// it can be captured into a graph (the legacy stream cannot) while another
// thread's stream goes on working; cudaStreamLegacy stays the legacy one.
#include <thread>
#include "check.h"

#define N 1024

__global__ void
axpb(int *x, int n, int a, int b)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] = x[i] * a + b;
}

// on the thread's stream 0: x = 3 * i + t, then checked
static void
work(int t, int *fails)
{
	int *d, h[N];

	for (int i = 0; i < N; i++)
		h[i] = i;
	CHECK(cudaMalloc(&d, sizeof h));
	CHECK(cudaMemcpyAsync(d, h, sizeof h, cudaMemcpyHostToDevice, 0));
	axpb<<<(N + 255) / 256, 256>>>(d, N, 3, t);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, 0));
	CHECK(cudaStreamSynchronize(0));
	for (int i = 0; i < N; i++)
		if (h[i] != 3 * i + t)
			++*fails;
	CHECK(cudaFree(d));
}

int
main()
{
	int fails[2] = {0, 0}, *d, h[N];
	unsigned long long id0, idp, idl, other = 0;
	cudaStreamCaptureStatus st;
	cudaGraph_t g;
	cudaGraphExec_t x;

	std::thread a(work, 1, &fails[0]), b(work, 2, &fails[1]);
	a.join();
	b.join();
	printf("two threads on their streams: %d %d wrong\n", fails[0], fails[1]);

	// stream 0 is cudaStreamPerThread, not the legacy stream
	CHECK(cudaStreamGetId(0, &id0));
	CHECK(cudaStreamGetId(cudaStreamPerThread, &idp));
	CHECK(cudaStreamGetId(cudaStreamLegacy, &idl));
	std::thread c([&other] { CHECK(cudaStreamGetId(0, &other)); });
	c.join();
	printf("stream 0 is the per-thread stream %d, not the legacy one %d, not another thread's %d\n",
	       id0 == idp, id0 != idl, id0 != other);

	// stream 0 captured into a graph
	CHECK(cudaMalloc(&d, sizeof h));
	CHECK(cudaMemset(d, 0, sizeof h));
	CHECK(cudaStreamBeginCapture(0, cudaStreamCaptureModeThreadLocal));
	CHECK(cudaStreamIsCapturing(0, &st));
	printf("capturing stream 0: %d\n", st == cudaStreamCaptureStatusActive);
	std::thread e(work, 5, &fails[0]);   // another thread's stream 0 is not captured
	e.join();
	printf("another thread meanwhile: %d wrong\n", fails[0]);
	CHECK(cudaMemsetAsync(d, 0, sizeof h, 0));
	axpb<<<(N + 255) / 256, 256>>>(d, N, 1, 7);
	axpb<<<(N + 255) / 256, 256>>>(d, N, 2, 1);
	CHECK(cudaStreamEndCapture(0, &g));
	size_t n = 0;
	CHECK(cudaGraphGetNodes(g, NULL, &n));
	printf("graph nodes: %zu\n", n);
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	printf("before the launch: %d\n", h[0]);
	CHECK(cudaGraphInstantiate(&x, g, 0));
	CHECK(cudaGraphLaunch(x, 0));
	CHECK(cudaStreamSynchronize(0));
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += h[i] != 15;
	printf("after the launch: %d, %d wrong\n", h[0], bad);

	// the legacy stream still refuses a capture
	cudaError_t r = cudaStreamBeginCapture(cudaStreamLegacy, cudaStreamCaptureModeGlobal);
	printf("capture the legacy stream: %s\n", cudaGetErrorName(r));
	cudaGetLastError();

	CHECK(cudaGraphExecDestroy(x));
	CHECK(cudaGraphDestroy(g));
	CHECK(cudaFree(d));
	printf("ptds %s\n", fails[0] || fails[1] || bad ? "FAILED" : "ok");
	return fails[0] || fails[1] || bad;
}

// streams.cu -- work split over streams: pinned host buffers, async copies
// and launches per stream, events timing the whole and ordering one stream
// after another (cudaStreamWaitEvent), a host callback, stream queries.
#include "check.h"

#define NS 3

__global__ void
scale(int *x, int n, int k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] = x[i] * k + 1;
}

static void CUDART_CB
done(void *arg)
{
	++*(int *)arg;
}

int
main()
{
	const int n = 4096, chunk = n / NS + 1;
	int *h, *d, calls = 0;
	cudaStream_t s[NS];
	cudaEvent_t start, stop, mid;
	float ms = -1;

	CHECK(cudaMallocHost(&h, n * sizeof(int)));
	CHECK(cudaMalloc(&d, n * sizeof(int)));
	for (int i = 0; i < n; i++)
		h[i] = i;
	for (int i = 0; i < NS; i++)
		CHECK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	CHECK(cudaEventCreate(&start));
	CHECK(cudaEventCreate(&stop));
	CHECK(cudaEventCreateWithFlags(&mid, cudaEventDisableTiming));
	CHECK(cudaEventRecord(start, s[0]));
	for (int i = 0; i < NS; i++) {
		int off = i * chunk, len = off + chunk > n ? n - off : chunk;
		CHECK(cudaMemcpyAsync(d + off, h + off, len * sizeof(int), cudaMemcpyHostToDevice, s[i]));
		scale<<<(len + 127) / 128, 128, 0, s[i]>>>(d + off, len, 3);
		CHECK(cudaGetLastError());
	}
	/* stream 0 reads back everything: it waits for the others */
	for (int i = 1; i < NS; i++) {
		CHECK(cudaEventRecord(mid, s[i]));
		CHECK(cudaStreamWaitEvent(s[0], mid, 0));
	}
	scale<<<(n + 127) / 128, 128, 0, s[0]>>>(d, n, 2);
	CHECK(cudaMemcpyAsync(h, d, n * sizeof(int), cudaMemcpyDeviceToHost, s[0]));
	CHECK(cudaLaunchHostFunc(s[0], done, &calls));
	CHECK(cudaEventRecord(stop, s[0]));
	CHECK(cudaEventSynchronize(stop));
	CHECK(cudaEventElapsedTime(&ms, start, stop));
	CHECK(cudaStreamSynchronize(s[0]));
	for (int i = 0; i < NS; i++)
		CHECK(cudaStreamQuery(s[i]));
	for (int i = 0; i < n; i++)
		if (h[i] != (i * 3 + 1) * 2 + 1) {
			fprintf(stderr, "h[%d] = %d, expected %d\n", i, h[i], (i * 3 + 1) * 2 + 1);
			return 1;
		}
	if (calls != 1 || ms < 0) {
		fprintf(stderr, "host function ran %d times, elapsed %g ms\n", calls, ms);
		return 1;
	}
	for (int i = 0; i < NS; i++)
		CHECK(cudaStreamDestroy(s[i]));
	CHECK(cudaEventDestroy(start));
	CHECK(cudaEventDestroy(stop));
	CHECK(cudaEventDestroy(mid));
	CHECK(cudaFree(d));
	CHECK(cudaFreeHost(h));
	printf("streams: %d streams ok\n", NS);
	return 0;
}

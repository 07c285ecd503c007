// mempool.cu -- stream-ordered allocation: cudaMallocAsync from the
// device's default pool and from a pool of our own, used by a kernel and
// freed in stream order; the pool's attributes read back; an allocation
// made and freed inside a stream capture, used by each graph launch.
#include "check.h"

__global__ void
iota(int *x, int n, int k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] = i * k;
}

int
main()
{
	const int n = 2000;
	int *a, *b, h[n];
	cudaStream_t s;
	cudaMemPool_t pool;
	cudaMemPoolProps props = {};
	unsigned long long thr = 0;

	CHECK(cudaStreamCreate(&s));
	CHECK(cudaMallocAsync((void **)&a, n * sizeof(int), s));
	iota<<<(n + 255) / 256, 256, 0, s>>>(a, n, 3);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpyAsync(h, a, sizeof h, cudaMemcpyDeviceToHost, s));
	CHECK(cudaFreeAsync(a, s));
	CHECK(cudaStreamSynchronize(s));
	for (int i = 0; i < n; i++)
		if (h[i] != 3 * i) {
			fprintf(stderr, "default pool: [%d] = %d\n", i, h[i]);
			return 1;
		}

	props.allocType = cudaMemAllocationTypePinned;
	props.location.type = cudaMemLocationTypeDevice;
	props.location.id = 0;
	CHECK(cudaMemPoolCreate(&pool, &props));
	thr = 1 << 20;
	CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &thr));
	thr = 0;
	CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &thr));
	if (thr != 1 << 20) {
		fprintf(stderr, "release threshold %llu\n", (unsigned long long)thr);
		return 1;
	}
	CHECK(cudaMallocFromPoolAsync((void **)&b, n * sizeof(int), pool, s));
	iota<<<(n + 255) / 256, 256, 0, s>>>(b, n, -2);
	CHECK(cudaMemcpyAsync(h, b, sizeof h, cudaMemcpyDeviceToHost, s));
	CHECK(cudaFreeAsync(b, s));
	CHECK(cudaStreamSynchronize(s));
	for (int i = 0; i < n; i++)
		if (h[i] != -2 * i) {
			fprintf(stderr, "own pool: [%d] = %d\n", i, h[i]);
			return 1;
		}

	/* allocated and freed inside a capture: the graph's own memory */
	cudaGraph_t g;
	cudaGraphExec_t ge;
	int *out, *tmp;
	CHECK(cudaMalloc(&out, n * sizeof(int)));
	CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
	CHECK(cudaMallocAsync((void **)&tmp, n * sizeof(int), s));
	iota<<<(n + 255) / 256, 256, 0, s>>>(tmp, n, 5);
	CHECK(cudaMemcpyAsync(out, tmp, n * sizeof(int), cudaMemcpyDeviceToDevice, s));
	CHECK(cudaFreeAsync(tmp, s));
	CHECK(cudaStreamEndCapture(s, &g));
	CHECK(cudaGraphInstantiate(&ge, g, 0));
	for (int k = 0; k < 2; k++) {
		CHECK(cudaMemset(out, 0, n * sizeof(int)));
		CHECK(cudaGraphLaunch(ge, s));
		CHECK(cudaStreamSynchronize(s));
		CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
		for (int i = 0; i < n; i++)
			if (h[i] != 5 * i) {
				fprintf(stderr, "captured allocation, launch %d: [%d] = %d\n", k, i, h[i]);
				return 1;
			}
	}
	CHECK(cudaGraphExecDestroy(ge));
	CHECK(cudaGraphDestroy(g));
	CHECK(cudaFree(out));
	CHECK(cudaMemPoolTrimTo(pool, 0));
	CHECK(cudaMemPoolDestroy(pool));
	CHECK(cudaStreamDestroy(s));
	printf("mempool: default and own pool, captured allocation ok\n");
	return 0;
}

// histogram.cu -- 64 bins of bytes: each block counts into a private
// histogram in shared memory with atomicAdd, then adds it to the global
// one with atomicAdd; the host counts the same bytes.
#include "check.h"

#define BINS 64

__global__ void
histogram(const unsigned char *data, int n, unsigned *bins)
{
	__shared__ unsigned local[BINS];

	for (int b = threadIdx.x; b < BINS; b += blockDim.x)
		local[b] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&local[data[i] % BINS], 1u);
	__syncthreads();
	for (int b = threadIdx.x; b < BINS; b += blockDim.x)
		atomicAdd(&bins[b], local[b]);
}

int
main()
{
	const int n = 50000;
	unsigned char *h = (unsigned char *)malloc(n), *d;
	unsigned want[BINS] = {0}, got[BINS], *dbins;

	for (int i = 0; i < n; i++) {
		h[i] = (unsigned char)((i * 131u) ^ (i >> 3));
		want[h[i] % BINS]++;
	}
	CHECK(cudaMalloc(&d, n));
	CHECK(cudaMalloc(&dbins, sizeof got));
	CHECK(cudaMemcpy(d, h, n, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dbins, 0, sizeof got));
	histogram<<<16, 192>>>(d, n, dbins);
	CHECK_LAUNCH();
	CHECK(cudaMemcpy(got, dbins, sizeof got, cudaMemcpyDeviceToHost));
	for (int b = 0; b < BINS; b++)
		if (got[b] != want[b]) {
			fprintf(stderr, "bin %d: %u, expected %u\n", b, got[b], want[b]);
			return 1;
		}
	CHECK(cudaFree(d));
	CHECK(cudaFree(dbins));
	free(h);
	printf("histogram: %d bytes in %d bins ok\n", n, BINS);
	return 0;
}

// reduce.cu -- the sum of an int array: each block reduces in shared
// memory down to a warp, the warp finishes with shuffles, and block sums
// are reduced again by a second launch of the same kernel.
#include "check.h"

__global__ void
reduce(const int *in, int *out, int n)
{
	extern __shared__ int s[];
	unsigned t = threadIdx.x;
	int v = 0;

	for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
		v += in[i];
	s[t] = v;
	__syncthreads();
	for (unsigned w = blockDim.x / 2; w >= 32; w /= 2) {
		if (t < w)
			s[t] += s[t + w];
		__syncthreads();
	}
	if (t < 32) {
		v = s[t];
		for (int o = 16; o > 0; o /= 2)
			v += __shfl_down_sync(0xffffffffu, v, o);
		if (t == 0)
			out[blockIdx.x] = v;
	}
}

int
main()
{
	const int n = 100000, blocks = 24, threads = 256;
	int *h = (int *)malloc(n * sizeof(int)), *din, *dpart, *dsum, sum = 0;
	long long want = 0;

	for (int i = 0; i < n; i++) {
		h[i] = (i * 2654435761u) % 1000 - 500;
		want += h[i];
	}
	CHECK(cudaMalloc(&din, n * sizeof(int)));
	CHECK(cudaMalloc(&dpart, blocks * sizeof(int)));
	CHECK(cudaMalloc(&dsum, sizeof(int)));
	CHECK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));
	reduce<<<blocks, threads, threads * sizeof(int)>>>(din, dpart, n);
	CHECK(cudaGetLastError());
	reduce<<<1, 64, 64 * sizeof(int)>>>(dpart, dsum, blocks);
	CHECK_LAUNCH();
	CHECK(cudaMemcpy(&sum, dsum, sizeof sum, cudaMemcpyDeviceToHost));
	if (sum != want) {
		fprintf(stderr, "sum %d, expected %lld\n", sum, want);
		return 1;
	}
	CHECK(cudaFree(din));
	CHECK(cudaFree(dpart));
	CHECK(cudaFree(dsum));
	free(h);
	printf("reduce: sum of %d = %d ok\n", n, sum);
	return 0;
}

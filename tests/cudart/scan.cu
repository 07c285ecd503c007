// scan.cu -- an inclusive prefix sum over several blocks: a Hillis-Steele
// scan in shared memory per block, a scan of the block totals, and a pass
// that adds each block's offset.
#include "check.h"

#define B 128

__global__ void
scan_block(const unsigned *in, unsigned *out, unsigned *totals, int n)
{
	__shared__ unsigned s[2][B];
	int i = blockIdx.x * B + threadIdx.x, cur = 0;

	s[0][threadIdx.x] = i < n ? in[i] : 0;
	__syncthreads();
	for (int d = 1; d < B; d *= 2) {
		unsigned v = s[cur][threadIdx.x];
		if (threadIdx.x >= d)
			v += s[cur][threadIdx.x - d];
		s[cur ^ 1][threadIdx.x] = v;
		cur ^= 1;
		__syncthreads();
	}
	if (i < n)
		out[i] = s[cur][threadIdx.x];
	if (totals && threadIdx.x == B - 1)
		totals[blockIdx.x] = s[cur][B - 1];
}

__global__ void
add_offsets(unsigned *out, const unsigned *scanned, int n)
{
	int i = blockIdx.x * B + threadIdx.x;

	if (blockIdx.x > 0 && i < n)
		out[i] += scanned[blockIdx.x - 1];
}

int
main()
{
	const int n = 3000, nb = (n + B - 1) / B;   /* nb <= B: one block scans the totals */
	unsigned *h = (unsigned *)malloc(n * sizeof(unsigned)), *r = (unsigned *)malloc(n * sizeof(unsigned));
	unsigned *din, *dout, *dtot, *dtots;

	for (int i = 0; i < n; i++)
		h[i] = (i * 7 + 3) % 11;
	CHECK(cudaMalloc(&din, n * sizeof(unsigned)));
	CHECK(cudaMalloc(&dout, n * sizeof(unsigned)));
	CHECK(cudaMalloc(&dtot, nb * sizeof(unsigned)));
	CHECK(cudaMalloc(&dtots, nb * sizeof(unsigned)));
	CHECK(cudaMemcpy(din, h, n * sizeof(unsigned), cudaMemcpyHostToDevice));
	scan_block<<<nb, B>>>(din, dout, dtot, n);
	scan_block<<<1, B>>>(dtot, dtots, NULL, nb);
	add_offsets<<<nb, B>>>(dout, dtots, n);
	CHECK_LAUNCH();
	CHECK(cudaMemcpy(r, dout, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
	unsigned acc = 0;
	for (int i = 0; i < n; i++) {
		acc += h[i];
		if (r[i] != acc) {
			fprintf(stderr, "out[%d] = %u, expected %u\n", i, r[i], acc);
			return 1;
		}
	}
	CHECK(cudaFree(din));
	CHECK(cudaFree(dout));
	CHECK(cudaFree(dtot));
	CHECK(cudaFree(dtots));
	free(h);
	free(r);
	printf("scan: %d elements ok\n", n);
	return 0;
}

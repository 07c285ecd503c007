// matmul.cu -- C = A * B with square tiles staged in shared memory, the
// classic tiled kernel; sizes are multiples of no tile, so the edges are
// guarded.  Integer-valued inputs keep every sum exact in float.
#include "check.h"

#define TILE 16

__global__ void
matmul(const float *A, const float *B, float *C, int m, int k, int n)
{
	__shared__ float as[TILE][TILE], bs[TILE][TILE];
	int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
	float sum = 0;

	for (int t = 0; t < (k + TILE - 1) / TILE; t++) {
		int ac = t * TILE + threadIdx.x, br = t * TILE + threadIdx.y;
		as[threadIdx.y][threadIdx.x] = row < m && ac < k ? A[row * k + ac] : 0;
		bs[threadIdx.y][threadIdx.x] = br < k && col < n ? B[br * n + col] : 0;
		__syncthreads();
		for (int i = 0; i < TILE; i++)
			sum += as[threadIdx.y][i] * bs[i][threadIdx.x];
		__syncthreads();
	}
	if (row < m && col < n)
		C[row * n + col] = sum;
}

int
main()
{
	const int m = 40, k = 37, n = 33;
	float *A = (float *)malloc(m * k * sizeof(float)), *B = (float *)malloc(k * n * sizeof(float));
	float *C = (float *)malloc(m * n * sizeof(float));
	float *dA, *dB, *dC;

	for (int i = 0; i < m * k; i++)
		A[i] = (float)(i % 7 - 3);
	for (int i = 0; i < k * n; i++)
		B[i] = (float)(i % 5 - 2);
	CHECK(cudaMalloc(&dA, m * k * sizeof(float)));
	CHECK(cudaMalloc(&dB, k * n * sizeof(float)));
	CHECK(cudaMalloc(&dC, m * n * sizeof(float)));
	CHECK(cudaMemcpy(dA, A, m * k * sizeof(float), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dB, B, k * n * sizeof(float), cudaMemcpyHostToDevice));
	dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (m + TILE - 1) / TILE);
	matmul<<<grid, block>>>(dA, dB, dC, m, k, n);
	CHECK_LAUNCH();
	CHECK(cudaMemcpy(C, dC, m * n * sizeof(float), cudaMemcpyDeviceToHost));
	for (int r = 0; r < m; r++)
		for (int c = 0; c < n; c++) {
			float want = 0;
			for (int i = 0; i < k; i++)
				want += A[r * k + i] * B[i * n + c];
			if (C[r * n + c] != want) {
				fprintf(stderr, "C[%d][%d] = %g, expected %g\n", r, c, C[r * n + c], want);
				return 1;
			}
		}
	CHECK(cudaFree(dA));
	CHECK(cudaFree(dB));
	CHECK(cudaFree(dC));
	free(A);
	free(B);
	free(C);
	printf("matmul: %dx%d * %dx%d ok\n", m, k, k, n);
	return 0;
}

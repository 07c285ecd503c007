// cdp.cu -- dynamic parallelism: each thread of a parent grid launches a
// child grid that fills its row; built with -rdc=true and cudadevrt.
#include "check.h"

__global__ void
child(int *row, int n, int base)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		row[i] = base + i;
}

__global__ void
parent(int *m, int rows, int cols)
{
	int r = threadIdx.x;

	if (r < rows)
		child<<<(cols + 31) / 32, 32>>>(m + r * cols, cols, r * 1000);
}

int
main()
{
	const int rows = 8, cols = 50;
	int *d, h[rows * cols];

	CHECK(cudaMalloc(&d, sizeof h));
	CHECK(cudaMemset(d, 0, sizeof h));
	parent<<<1, rows>>>(d, rows, cols);
	CHECK_LAUNCH();
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++)
			if (h[r * cols + c] != r * 1000 + c) {
				fprintf(stderr, "m[%d][%d] = %d, expected %d\n", r, c, h[r * cols + c], r * 1000 + c);
				return 1;
			}
	CHECK(cudaFree(d));
	printf("cdp: %d child grids ok\n", rows);
	return 0;
}

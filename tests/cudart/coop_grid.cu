// coop_grid.cu -- a cooperative launch whose kernel synchronises the whole
// grid between two phases (cooperative_groups::this_grid().sync()): each
// block writes its part, then reads a part another block wrote.
#include <cooperative_groups.h>
#include "check.h"

namespace cg = cooperative_groups;

__global__ void
rotate(int *a, int *b, int n)
{
	cg::grid_group g = cg::this_grid();
	int i = g.thread_rank();

	if (i < n)
		a[i] = i * i;
	g.sync();
	if (i < n)
		b[i] = a[(i + blockDim.x) % n];   /* the next block's element */
}

int
main()
{
	int dev = 0, coop = 0, per = 0;
	const int threads = 64;

	CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
	if (!coop) {
		fprintf(stderr, "no cooperative launch\n");
		return 1;
	}
	CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, rotate, threads, 0));
	int blocks = 8, n = blocks * threads;
	if (per < 1) {
		fprintf(stderr, "occupancy %d\n", per);
		return 1;
	}
	int *a, *b, *h = (int *)malloc(n * sizeof(int));
	CHECK(cudaMalloc(&a, n * sizeof(int)));
	CHECK(cudaMalloc(&b, n * sizeof(int)));
	void *args[] = { &a, &b, &n };
	CHECK(cudaLaunchCooperativeKernel((void *)rotate, blocks, threads, args, 0, 0));
	CHECK_LAUNCH();
	CHECK(cudaMemcpy(h, b, n * sizeof(int), cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++) {
		int j = (i + threads) % n;
		if (h[i] != j * j) {
			fprintf(stderr, "b[%d] = %d, expected %d\n", i, h[i], j * j);
			return 1;
		}
	}
	CHECK(cudaFree(a));
	CHECK(cudaFree(b));
	free(h);
	printf("coop_grid: %d blocks ok\n", blocks);
	return 0;
}

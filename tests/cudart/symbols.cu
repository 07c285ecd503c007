// symbols.cu -- the runtime's other everyday calls: __constant__ and
// __device__ variables through cudaMemcpyToSymbol/FromSymbol and
// cudaGetSymbolAddress, pitched memory with cudaMemcpy2D, managed memory,
// device properties, function attributes and the occupancy calculator,
// printf from a kernel, cudaDeviceReset.
#include "check.h"

__constant__ float coef[4];
__device__ int counter;

__global__ void
poly(const float *x, float *y, int w, int h, size_t pitch)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y;

	if (c < w && r < h) {
		float v = x[r * w + c];
		float *row = (float *)((char *)y + r * pitch);
		row[c] = ((coef[3] * v + coef[2]) * v + coef[1]) * v + coef[0];
		atomicAdd(&counter, 1);
	}
	if (c == 0 && r == 0)
		printf("poly: %d x %d\n", w, h);
}

__global__ void
bump(int *m, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		m[i] += i;
}

int
main()
{
	const int w = 50, h = 7;
	float c[4] = {1, -2, 0.5f, 3}, x[h][w], y[h][w], *dx, *dy;
	size_t pitch;
	int count = 0, *dcount, dev;
	cudaDeviceProp prop;
	cudaFuncAttributes fa;
	int minGrid = 0, block = 0;

	CHECK(cudaGetDevice(&dev));
	CHECK(cudaGetDeviceProperties(&prop, dev));
	if (prop.major < 7 || prop.warpSize != 32 || prop.multiProcessorCount < 1) {
		fprintf(stderr, "properties: sm_%d%d, warp %d, %d SMs\n", prop.major, prop.minor,
		    prop.warpSize, prop.multiProcessorCount);
		return 1;
	}
	CHECK(cudaFuncGetAttributes(&fa, poly));
	CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, poly, 0, 0));
	if (fa.maxThreadsPerBlock < 1 || block < 32) {
		fprintf(stderr, "attributes: %d threads, block %d\n", fa.maxThreadsPerBlock, block);
		return 1;
	}
	for (int r = 0; r < h; r++)
		for (int i = 0; i < w; i++)
			x[r][i] = (float)(r - i % 5);
	CHECK(cudaMemcpyToSymbol(coef, c, sizeof c));
	CHECK(cudaMemcpyToSymbol(counter, &count, sizeof count));
	CHECK(cudaMalloc(&dx, sizeof x));
	CHECK(cudaMallocPitch(&dy, &pitch, w * sizeof(float), h));
	CHECK(cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice));
	poly<<<dim3((w + 31) / 32, h), 32>>>(dx, dy, w, h, pitch);
	CHECK_LAUNCH();
	CHECK(cudaMemcpy2D(y, w * sizeof(float), dy, pitch, w * sizeof(float), h, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpyFromSymbol(&count, counter, sizeof count));
	CHECK(cudaGetSymbolAddress((void **)&dcount, counter));
	for (int r = 0; r < h; r++)
		for (int i = 0; i < w; i++) {
			float v = x[r][i], want = ((c[3] * v + c[2]) * v + c[1]) * v + c[0];
			if (y[r][i] != want) {
				fprintf(stderr, "y[%d][%d] = %g, expected %g\n", r, i, y[r][i], want);
				return 1;
			}
		}
	if (count != w * h || !dcount) {
		fprintf(stderr, "counter %d, expected %d\n", count, w * h);
		return 1;
	}

	int *m, n = 300;
	CHECK(cudaMallocManaged(&m, n * sizeof(int)));
	for (int i = 0; i < n; i++)
		m[i] = 1000;
	bump<<<(n + 127) / 128, 128>>>(m, n);
	CHECK_LAUNCH();
	for (int i = 0; i < n; i++)
		if (m[i] != 1000 + i) {
			fprintf(stderr, "managed[%d] = %d\n", i, m[i]);
			return 1;
		}
	CHECK(cudaFree(m));
	CHECK(cudaFree(dx));
	CHECK(cudaFree(dy));
	CHECK(cudaDeviceReset());
	printf("symbols: constants, pitched copies, managed memory ok\n");
	return 0;
}

// vector_add.cu -- c = a + b over a length that is no multiple of the block,
// with the grid-stride loop of the CUDA samples; checked on the host.
#include "check.h"

__global__ void
vadd(const float *a, const float *b, float *c, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		c[i] = a[i] + b[i];
}

int
main()
{
	const int n = 5000;
	size_t bytes = n * sizeof(float);
	float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
	float *da, *db, *dc;

	for (int i = 0; i < n; i++) {
		a[i] = i * 0.5f;
		b[i] = 1.0f / (i + 1);
	}
	CHECK(cudaMalloc(&da, bytes));
	CHECK(cudaMalloc(&db, bytes));
	CHECK(cudaMalloc(&dc, bytes));
	CHECK(cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dc, 0xff, bytes));
	vadd<<<8, 256>>>(da, db, dc, n);
	CHECK_LAUNCH();
	CHECK(cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++)
		if (c[i] != a[i] + b[i]) {
			fprintf(stderr, "c[%d] = %g, expected %g\n", i, c[i], a[i] + b[i]);
			return 1;
		}
	CHECK(cudaFree(da));
	CHECK(cudaFree(db));
	CHECK(cudaFree(dc));
	free(a);
	free(b);
	free(c);
	printf("vector_add: %d elements ok\n", n);
	return 0;
}

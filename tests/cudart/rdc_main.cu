// rdc_main.cu, with rdc_lib.cu -- separate compilation (-rdc=true) linked
// when the program loads: a device function defined in the other file,
// printf strings and a static function of the same name in both files
// (internal symbols, each file's own) and a template instantiated in both
// (a .weak function, one copy kept).
#include "check.h"

__device__ int lib_scale(int x);        /* rdc_lib.cu */
__device__ int lib_twice(int x);        /* rdc_lib.cu: twice<2> there */

template <int N> __device__ __noinline__ int
times(int x)
{
	return N * x;
}

static __device__ __noinline__ int
local(int x)                            /* rdc_lib.cu has its own local() */
{
	return x + 1;
}

__global__ void
kernel(int *out)
{
	int t = threadIdx.x;

	if (t == 0)
		printf("main: %d threads\n", blockDim.x);
	out[t] = local(lib_scale(t)) + times<2>(t) + lib_twice(t);
}

int
main()
{
	const int n = 32;
	int *d, h[n];

	CHECK(cudaMalloc(&d, sizeof h));
	kernel<<<1, n>>>(d);
	CHECK_LAUNCH();
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	for (int t = 0; t < n; t++) {
		/* lib_scale: local (x - 1) of 10x; local: + 1; times<2> here and there */
		int want = (10 * t - 1) + 1 + 2 * t + 2 * t;
		if (h[t] != want) {
			fprintf(stderr, "out[%d] = %d, expected %d\n", t, h[t], want);
			return 1;
		}
	}
	CHECK(cudaFree(d));
	printf("rdc: two files linked ok\n");
	return 0;
}

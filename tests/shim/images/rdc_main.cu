// rdc_main.cu -- with rdc_lib.cu, a program of two translation units
// built with -rdc: its kernel calls a function the other one defines.
#include <cstdio>

extern __device__ float offset(float x);

extern "C" __global__ void
shift(float *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] = offset(x[i]);
}

int
main()
{
	float *d;

	cudaMalloc(&d, 64 * sizeof *d);
	shift<<<1, 64>>>(d, 64);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}

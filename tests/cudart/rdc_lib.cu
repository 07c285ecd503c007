// rdc_lib.cu -- the other half of rdc_main.cu.
#include <cstdio>

template <int N> __device__ __noinline__ int
times(int x)
{
	return N * x;
}

static __device__ __noinline__ int
local(int x)                            /* not rdc_main.cu's local() */
{
	return x - 1;
}

__device__ int
lib_scale(int x)
{
	if (x == 0)
		printf("lib: scale %d\n", x);
	return local(10 * x);
}

__device__ int
lib_twice(int x)
{
	return times<2>(x);
}

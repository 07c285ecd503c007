// heaplater.cu -- device malloc memory that a later launch frees: the
// device heap lives as long as the context, so a block one kernel
// allocates and a later kernel frees is no leak, and a block never freed
// leaks when the context is destroyed or the program ends.  A whole
// program (nvcc -arch=sm_90 -O3 heaplater.cu -o heaplater), for
// compute-sanitizer --leak-check full on a GPU:
//   heaplater MODE RESET
// MODE 0: heap_keep then heap_release (clean); 1: heap_keep alone (32
// blocks leaked); 2: heap_keep twice, and heap_release of the second
// launch's blocks (the first launch's 32 leaked); RESET 1 ends with
// cudaDeviceReset(), 0 without.  The kernels take one buffer of 32
// pointers, as tests/check/shim_launch.py gives them (mem_leak_later.ptx
// is their hand-written PTX form, which tests/check.test runs through
// the shim).
#include <cstdio>
#include <cstdlib>

extern "C" __global__ void heap_keep(int **slot)
{
	int *p = (int *)malloc(16);
	if (p)
		p[0] = (int)threadIdx.x;
	slot[threadIdx.x] = p;
}

extern "C" __global__ void heap_release(int **slot)
{
	free(slot[threadIdx.x]);
}

int main(int argc, char **argv)
{
	int mode = argc > 1 ? atoi(argv[1]) : 0, reset = argc > 2 ? atoi(argv[2]) : 1;
	int **slot;
	cudaError_t e;

	if (cudaMalloc(&slot, 32 * sizeof *slot) != cudaSuccess)
		return 1;
	heap_keep<<<1, 32>>>(slot);
	if (mode == 2)
		heap_keep<<<1, 32>>>(slot);
	if (mode != 1)
		heap_release<<<1, 32>>>(slot);
	e = cudaDeviceSynchronize();
	cudaFree(slot);
	if (reset)
		cudaDeviceReset();
	printf("mode %d reset %d: %s\n", mode, reset, cudaGetErrorString(e));
	return e != cudaSuccess;
}

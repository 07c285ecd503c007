// classes.cu -- CUDA forms of the checks' classes that checks.cu,
// order.cu and cluster.cu leave without one: memcheck's non-coherent
// loads (of written memory, and stores after them) and device heap
// leaks, racecheck of shared memory between warps.
// Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 classes.cu -o classes.O3.ptx
//   nvcc -arch=sm_90 -ptx -G classes.cu -o classes.G.ptx

// __ldg reads through the non-coherent cache what another thread of the
// launch stored: the cache needs memory read-only for the whole kernel
// (memcheck nc-load-of-written).
extern "C" __global__ void nc_written(int *a, int *out)
{
	int i = threadIdx.x;
	a[i] = i + 1;
	__syncthreads();
	out[i] = __ldg(&a[i ^ 1]);
}

// A store to what a thread of the launch read through the non-coherent
// cache before (memcheck store-to-nc-loaded): the cache may still hold
// the old value for a later __ldg.
extern "C" __global__ void nc_then_store(int *a, int *out)
{
	int i = threadIdx.x;
	out[i] = __ldg(&a[i ^ 1]);
	__syncthreads();
	a[i] = i + 1;
}

// __ldg of memory the launch only reads: clean.
extern "C" __global__ void nc_ok(const int *__restrict__ in, int *out)
{
	int i = threadIdx.x;
	out[i] = __ldg(&in[i]) + 1;
}

// Each thread's malloc is never freed (memcheck heap-leak).
extern "C" __global__ void heap_leak(int *out)
{
	int *p = (int *)malloc(4 * sizeof(int));
	if (!p)
		return;
	p[0] = (int)threadIdx.x * 3;
	out[threadIdx.x] = p[0];
}

// The same with the free: clean.
extern "C" __global__ void heap_ok(int *out)
{
	int *p = (int *)malloc(4 * sizeof(int));
	if (!p)
		return;
	p[0] = (int)threadIdx.x * 3;
	out[threadIdx.x] = p[0];
	free(p);
}

// Each thread reads the element another warp stored, with no
// __syncthreads() between (racecheck write-read, shared memory).
extern "C" __global__ void smem_race(int *out)
{
	__shared__ int s[64];
	s[threadIdx.x] = (int)threadIdx.x * 5;
	out[threadIdx.x] = s[63 - threadIdx.x];
}

// The same with the barrier: clean.
extern "C" __global__ void smem_race_ok(int *out)
{
	__shared__ int s[64];
	s[threadIdx.x] = (int)threadIdx.x * 5;
	__syncthreads();
	out[threadIdx.x] = s[63 - threadIdx.x];
}

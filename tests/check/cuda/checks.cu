// checks.cu -- CUDA kernels for tests/check.test, each a bug one of the
// dynamic checks must find, or its correct counterpart (_ok) on which
// nothing may be reported.  Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 checks.cu -o checks.O3.ptx
//   nvcc -arch=sm_90 -ptx -G checks.cu -o checks.G.ptx

// Threads past n return, then the warp sums with a full membermask: the
// lanes that returned are named by the shuffles (synccheck).
extern "C" __global__ void tail_shfl(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v = in[i];
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	if ((threadIdx.x & 31) == 0)
		out[i / 32] = v;
}

extern "C" __global__ void tail_shfl_ok(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = i < n ? in[i] : 0;
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	if ((threadIdx.x & 31) == 0 && i < n)
		out[i / 32] = v;
}

// __syncthreads in a branch taken by half of each warp (synccheck).
extern "C" __global__ void half_sync(int *out)
{
	__shared__ int s[64];
	s[threadIdx.x] = threadIdx.x;
	if ((threadIdx.x & 31) < 16) {
		__syncthreads();
		out[threadIdx.x] = s[63 - threadIdx.x];
	}
}

// Each thread reads its neighbour's shared slot, but only the first half
// of the block wrote theirs (initcheck).
extern "C" __global__ void smem_half(int *out)
{
	__shared__ int s[64];
	if (threadIdx.x < 32)
		s[threadIdx.x] = threadIdx.x * 3;
	__syncthreads();
	out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

extern "C" __global__ void smem_ok(int *out)
{
	__shared__ int s[64];
	s[threadIdx.x] = threadIdx.x * 3;
	__syncthreads();
	out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

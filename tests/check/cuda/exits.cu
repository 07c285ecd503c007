// exits.cu -- warp collectives after threads returned, for synccheck:
// the CUDA C++ Programming Guide asks every non-exited thread named in a
// membermask to execute the collective, so the threads past n that
// returned before it are not waited for, and these kernels are correct
// (clean).  -b 64, n = 40: the second warp has 8 threads that go on.
// Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 exits.cu -o exits.O3.ptx
//   nvcc -arch=sm_90 -ptx -G exits.cu -o exits.G.ptx

// A full-mask ballot of the threads that go on: the returned ones add
// nothing to it.
extern "C" __global__ void tail_ballot(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned b = __ballot_sync(0xffffffffu, in[i] > 0);
	if ((threadIdx.x & 31) == 0)
		out[i / 32] = __popc(b);
}

// Neighbours exchange through shared memory across a full-mask
// __syncwarp(), each reading only a neighbour that did not return.
extern "C" __global__ void tail_syncwarp(const int *in, int *out, int n)
{
	__shared__ int s[64];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	s[threadIdx.x] = in[i];
	__syncwarp();
	int j = threadIdx.x ^ 1;
	if (blockIdx.x * blockDim.x + j < n)
		out[i] = s[j];
}

// firstload.cu -- CUDA kernels for tests/check.test: global loads that
// come before any store to their page, against another thread's store
// with nothing between them that orders the two, and bulk and tensor
// copies into global memory read by other threads after the issuing
// thread waited for them.  Each bug has its correct counterpart (ok), on
// which nothing may be reported.  Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 firstload.cu -o firstload.O3.ptx
//   nvcc -arch=sm_90 -ptx -G firstload.cu -o firstload.G.ptx
#include <cuda.h>
#include <cuda/barrier>
namespace cde = cuda::device::experimental;

// -b 64: warp 0 copies g[0..31] to out, warp 1 then stores into g[0..31]
// with no barrier between (racecheck: no store reached g's page before
// warp 0's loads); with ok a __syncthreads() orders them.
extern "C" __global__ void gload_warps(int *g, int *out, int ok)
{
	int t = threadIdx.x;
	if (t < 32)
		out[t] = g[t];
	if (ok)
		__syncthreads();
	if (t >= 32)
		g[t - 32] = 3 * t;
}

// -b 32: each lane loads g[lane] and stores into its neighbour's word
// (racecheck: lanes of one warp, nothing between the two instructions);
// with ok a __syncwarp() orders them.
extern "C" __global__ void gload_lanes(int *g, int ok)
{
	int t = threadIdx.x, v = g[t];
	if (ok)
		__syncwarp();
	g[(t + 1) & 31] = v + 1;
}

// Thread 0's part of bulk_peek and tma_peek: its shared bytes out to g
// with a bulk or a tensor copy (map), waited for whole.
static __device__ void copy_out(void *g, const CUtensorMap *map, void *s, unsigned n)
{
	if (map)
		cde::cp_async_bulk_tensor_2d_shared_to_global(map, 0, 0, s);
	else
		cde::cp_async_bulk_shared_to_global(g, s, n);
	cde::cp_async_bulk_commit_group();
	asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

// -b 64: thread 0 copies 128 bytes of shared memory to g[0..31] with a
// bulk copy and waits for its bulk group; warp 1 reads g with no barrier
// between its read and that wait (racecheck: the wait orders its own
// thread alone); with ok a __syncthreads() follows the wait.
extern "C" __global__ void bulk_peek(int *g, int ok)
{
	__shared__ alignas(128) int s[32];
	int t = threadIdx.x;

	if (t < 32)
		s[t] = 5 * t + 1;
	cde::fence_proxy_async_shared_cta();
	__syncthreads();
	if (t == 0)
		copy_out(g, nullptr, s, sizeof s);
	if (ok)
		__syncthreads();
	if (t >= 32)
		g[32 + t] = g[t - 32];
}

// -b 32, a 16x16 float tensor g and its map with a box of 8x4
// (-a tensormap:0:f32:16x16:8x4): lane 0 stores a box of shared memory
// to g with a tensor copy and waits for its bulk group; lane 5 then reads
// g[1] with no __syncwarp() after that wait (racecheck); ok has it.
extern "C" __global__ void tma_peek(float *g, const __grid_constant__ CUtensorMap map, int ok)
{
	__shared__ alignas(128) float box[32];
	unsigned lane = threadIdx.x;

	box[lane] = 0.25f * (float)(lane + 3);
	cde::fence_proxy_async_shared_cta();
	__syncwarp();
	if (lane == 0)
		copy_out(g, &map, box, sizeof box);
	if (ok)
		__syncwarp();
	if (lane == 5)
		g[200] = g[1];
}

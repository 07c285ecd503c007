// pipe.cu -- pipelines of asynchronous copies into shared memory, for
// racecheck without asynccheck: a copy's bytes are written when it
// completes, which the issuing thread learns from its wait (cp.async's
// wait_group, an mbarrier phase) and the other threads from a barrier
// after that wait.  -b 64; x: 4 tiles of 64 ints (the first 256 words
// of tile.i32), out: 64 ints a block.  Every thread adds up the element
// 63 - t of each tile, which threads of the other warp (and other lanes
// of its own) copied.
// Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 pipe.cu -o pipe.O3.ptx
//   nvcc -arch=sm_90 -ptx -G pipe.cu -o pipe.G.ptx
#include <cuda.h>
#include <cuda_pipeline.h>
#include <cuda/barrier>
#include <cuda/ptx>
namespace cde = cuda::device::experimental;
using barrier = cuda::barrier<cuda::thread_scope_block>;

enum { TILE = 64, TILES = 4 };

// Two stages of cp.async, 16 bytes a thread of the first 16: the copy of
// tile k + 1 is in flight while tile k is read.  mode 0: wait for all but
// the newest group, __syncthreads(), read, __syncthreads() before the
// stage is copied into again (clean); 1: no __syncthreads() after the
// wait (the other warp reads bytes only the copying thread waited for);
// 2: a wait that keeps two groups pending (tile k read while in flight);
// 3: no __syncthreads() after the reads (the copy of tile k + 2 lands in
// the stage the other warp still reads; at -G the reading warp has read
// it and waits at the next barrier when the copy is issued, its arrival
// ordering nothing until that barrier's phase completes).
extern "C" __global__ void cp_pipe(const int *x, int *out, int mode)
{
	__shared__ alignas(16) int buf[2][TILE];
	unsigned t = threadIdx.x;
	int acc = 0;

	if (t < 16)
		__pipeline_memcpy_async(&buf[0][4 * t], &x[4 * t], 16);
	__pipeline_commit();
	for (int k = 0; k < TILES; k++) {
		if (k + 1 < TILES && t < 16)
			__pipeline_memcpy_async(&buf[(k + 1) & 1][4 * t], &x[(k + 1) * TILE + 4 * t], 16);
		__pipeline_commit();
		if (mode == 2)
			__pipeline_wait_prior(2);
		else
			__pipeline_wait_prior(1);
		if (mode != 1)
			__syncthreads();
		acc += buf[k & 1][TILE - 1 - t];
		if (mode != 3)
			__syncthreads();
	}
	out[blockIdx.x * TILE + t] = acc;
}

// The same with bulk copies (TMA) completing on an mbarrier a stage:
// thread 0 copies each tile with cp.async.bulk and arrives with its byte
// count (mbarrier.arrive.expect_tx); every thread waits for the stage's
// phase with mbarrier.try_wait.parity.  mode 0: clean; 1: only thread 0
// waits (the others read the tile nothing ordered after the copy).
extern "C" __global__ void tma_pipe(const int *x, int *out, int mode)
{
	__shared__ alignas(128) int buf[2][TILE];
#pragma nv_diag_suppress static_var_with_dynamic_init
	__shared__ barrier bar[2];
	unsigned t = threadIdx.x;
	int acc = 0;

	if (t == 0) {
		init(&bar[0], 1);
		init(&bar[1], 1);
		cde::fence_proxy_async_shared_cta();
	}
	__syncthreads();
	if (t == 0) {
		cde::cp_async_bulk_global_to_shared(buf[0], x, sizeof buf[0], bar[0]);
		(void)cuda::device::barrier_arrive_tx(bar[0], 1, sizeof buf[0]);
	}
	for (int k = 0; k < TILES; k++) {
		if (k + 1 < TILES && t == 0) {
			int s = (k + 1) & 1;
			cde::cp_async_bulk_global_to_shared(buf[s], x + (k + 1) * TILE, sizeof buf[s], bar[s]);
			(void)cuda::device::barrier_arrive_tx(bar[s], 1, sizeof buf[s]);
		}
		if (mode != 1 || t == 0)
			while (!cuda::ptx::mbarrier_try_wait_parity(cuda::device::barrier_native_handle(bar[k & 1]),
			                                            (unsigned)(k >> 1) & 1))
				;
		acc += buf[k & 1][TILE - 1 - t];
		if (mode != 3)
			__syncthreads();
	}
	out[blockIdx.x * TILE + t] = acc;
}

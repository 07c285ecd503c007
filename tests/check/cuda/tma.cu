// tma.cu -- the CUDA form of asynccheck's store into the global source of
// a tensor copy (TMA) in flight (async_tensor_source.ptx modes 0-1), with
// libcu++'s tensor copy and barrier.  -b 32; g: a 16x16 float tensor, the
// tensor map over it with a box of 8x4 (-a tensormap:0:f32:16x16:8x4).
// Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 tma.cu -o tma.O3.ptx
//   nvcc -arch=sm_90 -ptx -G tma.cu -o tma.G.ptx
#include <cuda.h>
#include <cuda/barrier>
#include <utility>
namespace cde = cuda::device::experimental;
using barrier = cuda::barrier<cuda::thread_scope_block>;

// Thread 0 loads the box at (0,0) into shared memory and stores into
// g[17], element (1,1) of the box: with early before the block's wait on
// the barrier, which the copy may still read (asynccheck
// bulk-source-write-before-wait), else after it (clean).  g[255] gets the
// box's second element.
extern "C" __global__ void tma_source(float *g, const __grid_constant__ CUtensorMap map, int early)
{
	__shared__ alignas(128) float box[32];
#pragma nv_diag_suppress static_var_with_dynamic_init
	__shared__ barrier bar;
	if (threadIdx.x == 0) {
		init(&bar, blockDim.x);
		cde::fence_proxy_async_shared_cta();
	}
	__syncthreads();
	barrier::arrival_token tok;
	if (threadIdx.x == 0) {
		cde::cp_async_bulk_tensor_2d_global_to_shared(box, &map, 0, 0, bar);
		tok = cuda::device::barrier_arrive_tx(bar, 1, sizeof box);
		if (early)
			g[17] = 1.0f;
	} else
		tok = bar.arrive();
	bar.wait(std::move(tok));
	if (threadIdx.x == 0) {
		if (!early)
			g[17] = 1.0f;
		g[255] = box[1];
	}
}

// proxy.cu -- CUDA forms of asynccheck's async proxy and transaction
// counts (async_bulk.ptx's store_nofence/store_fence and tx_over), with
// libcu++'s bulk copies and barrier.  -b 64.  Each kernel takes a mode:
// 0 the bug, 1 the correct code beside it.
// Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 proxy.cu -o proxy.O3.ptx
//   nvcc -arch=sm_90 -ptx -G proxy.cu -o proxy.G.ptx
#include <cuda/barrier>
#include <utility>
namespace cde = cuda::device::experimental;
using barrier = cuda::barrier<cuda::thread_scope_block>;

// Every thread stores its word of shared memory, then thread 0 copies
// the words to out with a bulk copy, which reads them through the async
// proxy: the stores need fence.proxy.async before the barrier (mode 1);
// without it (mode 0) the copy may read stale bytes (missing-proxy-fence).
extern "C" __global__ void store_proxy(int *out, int fence)
{
	__shared__ alignas(128) int s[64];
	s[threadIdx.x] = (int)threadIdx.x * 7 + 1;
	if (fence)
		cde::fence_proxy_async_shared_cta();
	__syncthreads();
	if (threadIdx.x == 0) {
		cde::cp_async_bulk_shared_to_global(out, s, sizeof s);
		cde::cp_async_bulk_commit_group();
		cde::cp_async_bulk_wait_group_read<0>();
	}
}

// Thread 0 alone sets up an mbarrier, copies 256 bytes of in into shared
// memory on it in two bulk copies, and announces the bytes it expects
// with barrier_arrive_tx before waiting: all 256 (mode 1), or half of
// them (mode 0: the copies complete more bytes than the phase expects,
// so its tx-count stays below zero and the phase never completes,
// tx-count-mismatch; thread 0 waits for ever).  Every thread then reads
// a word.
extern "C" __global__ void tx_count(const int *in, int *out, int all)
{
#pragma nv_diag_suppress static_var_with_dynamic_init
	__shared__ barrier bar;
	__shared__ alignas(128) int s[64];

	if (threadIdx.x == 0) {
		init(&bar, 1);
		cde::fence_proxy_async_shared_cta();
		cde::cp_async_bulk_global_to_shared(s, in, sizeof s / 2, bar);
		cde::cp_async_bulk_global_to_shared(s + 32, in + 32, sizeof s / 2, bar);
		bar.wait(cuda::device::barrier_arrive_tx(bar, 1, all ? sizeof s : sizeof s / 2));
	}
	__syncthreads();
	out[threadIdx.x] = s[threadIdx.x];
}

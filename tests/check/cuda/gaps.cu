// gaps.cu -- CUDA kernels for tests/check.test: shared-memory atomics
// against plain loads, a global load before any store to its page, lanes
// of a warp that did not wait for a copy their lane issued, ldmatrix and
// stmatrix, and bulk and tensor copies into global memory.  Each bug has
// its correct counterpart (_ok), on which nothing may be reported.
// Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 gaps.cu -o gaps.O3.ptx
//   nvcc -arch=sm_90 -ptx -G gaps.cu -o gaps.G.ptx
#include <cuda.h>
#include <cuda/barrier>
#include <utility>
namespace cde = cuda::device::experimental;
using barrier = cuda::barrier<cuda::thread_scope_block>;

// -b 64: warp 0 counts into a shared word with atomicAdd while warp 1
// reads it with a plain load and no barrier between (racecheck); _ok
// reads it after __syncthreads().
extern "C" __global__ void smem_atomic_peek(int *out, int ok)
{
	__shared__ int cnt;
	if (threadIdx.x == 0)
		cnt = 0;
	__syncthreads();
	if (threadIdx.x < 32)
		atomicAdd(&cnt, (int)threadIdx.x + 1);
	if (ok)
		__syncthreads();
	if (threadIdx.x >= 32)
		out[threadIdx.x - 32] = cnt;
}

// -b 64: every thread adds to a shared word with a CAS loop whose guess
// is a plain load (clean: the CAS decides).
extern "C" __global__ void smem_cas_ok(int *out)
{
	__shared__ int sum;
	if (threadIdx.x == 0)
		sum = 0;
	__syncthreads();
	int old = *(volatile int *)&sum, assumed;
	do {
		assumed = old;
		old = atomicCAS(&sum, assumed, assumed + (int)threadIdx.x);
	} while (old != assumed);
	__syncthreads();
	if (threadIdx.x == 0)
		out[0] = sum;
}

// -g 2 -b 32: CTA 0 loads g[0..31] and CTA 1 stores into them, nothing
// ordering the two (racecheck); with ok the CTAs use different halves.
extern "C" __global__ void gload_first(int *g, int ok)
{
	int i = threadIdx.x;
	if (blockIdx.x == 0)
		g[64 + i] = g[i] + 1;
	else
		g[ok ? 32 + i : i] = 7;
}

// -b 32: lane 0 copies 128 bytes into shared memory with cp.async and
// waits for it; the other lanes read the copy with no __syncwarp() after
// lane 0's wait (racecheck); ok has it.
extern "C" __global__ void cpasync_lanes(const int *in, int *out, int ok)
{
	__shared__ alignas(16) int s[32];
	if (threadIdx.x == 0) {
		unsigned sa = (unsigned)__cvta_generic_to_shared(s);
		for (int k = 0; k < 8; k++)
			asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(sa + 16 * k), "l"(in + 4 * k) : "memory");
		asm volatile("cp.async.commit_group;" ::: "memory");
		asm volatile("cp.async.wait_group 0;" ::: "memory");
	}
	if (ok)
		__syncwarp();
	out[threadIdx.x] = s[threadIdx.x];
}

// -b 32: lane 0 starts a bulk copy into shared memory completing on an
// mbarrier and waits for the phase; the other lanes read the copy without
// waiting themselves (racecheck); with ok every lane waits.
extern "C" __global__ void mbar_lanes(const int *in, int *out, int ok)
{
	__shared__ alignas(128) int s[32];
#pragma nv_diag_suppress static_var_with_dynamic_init
	__shared__ barrier bar;
	if (threadIdx.x == 0) {
		init(&bar, 1);
		cde::fence_proxy_async_shared_cta();
	}
	__syncwarp();
	if (threadIdx.x == 0) {
		cde::cp_async_bulk_global_to_shared(s, in, sizeof s, bar);
		barrier::arrival_token tok = cuda::device::barrier_arrive_tx(bar, 1, sizeof s);
		bar.wait(std::move(tok));
	} else if (ok) {
		while (!cuda::ptx::mbarrier_try_wait_parity(cuda::device::barrier_native_handle(bar), 0))
			;
	}
	out[threadIdx.x] = s[threadIdx.x];
}

// -b 64: warp 0 fills an 8x8 tile of 16-bit elements, warp 1 loads it
// with ldmatrix: without a barrier between (racecheck), without warp 0's
// stores (initcheck: nothing wrote it), or after __syncthreads() (clean).
// mode 0: race, 1: uninitialized, 2: clean
extern "C" __global__ void ldmatrix_tile(unsigned *out, int mode)
{
	__shared__ alignas(16) unsigned short t[64];
	if (threadIdx.x < 32 && mode != 1) {
		t[2 * threadIdx.x] = (unsigned short)(3 * threadIdx.x);
		t[2 * threadIdx.x + 1] = (unsigned short)(3 * threadIdx.x + 1);
	}
	if (mode != 0)
		__syncthreads();
	if (threadIdx.x >= 32) {
		unsigned lane = threadIdx.x - 32, r;
		unsigned a = (unsigned)__cvta_generic_to_shared(&t[(lane & 7) * 8]);
		asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r) : "r"(a) : "memory");
		out[lane] = r;
	}
}

// -b 64: warp 0 stores an 8x8 tile with stmatrix, warp 1 reads it:
// without a barrier between (racecheck) or after __syncthreads() (ok).
extern "C" __global__ void stmatrix_tile(unsigned *out, int ok)
{
	__shared__ alignas(16) unsigned short t[64];
	if (threadIdx.x < 32) {
		unsigned lane = threadIdx.x, r = lane * 0x00020002u + 0x00010000u;
		unsigned a = (unsigned)__cvta_generic_to_shared(&t[(lane & 7) * 8]);
		asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" :: "r"(a), "r"(r) : "memory");
	}
	if (ok)
		__syncthreads();
	if (threadIdx.x >= 32) {
		unsigned lane = threadIdx.x - 32;
		out[lane] = t[2 * lane] | (unsigned)t[2 * lane + 1] << 16;
	}
}

// -b 64: thread 0 copies 128 bytes of shared memory to g[0..31] with a
// bulk copy; warp 1 reads g after __syncthreads(), which orders nothing
// about a copy its issuer did not wait for (racecheck); with ok thread 0
// waits for the bulk group first.
extern "C" __global__ void bulk_store(int *g, int ok)
{
	__shared__ alignas(128) int s[32];
	if (threadIdx.x < 32)
		s[threadIdx.x] = 5 * (int)threadIdx.x + 1;
	cde::fence_proxy_async_shared_cta();
	__syncthreads();
	if (threadIdx.x == 0) {
		cde::cp_async_bulk_shared_to_global(g, s, sizeof s);
		cde::cp_async_bulk_commit_group();
		if (ok)
			asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
		else
			cde::cp_async_bulk_wait_group_read<0>();
	}
	__syncthreads();
	if (threadIdx.x >= 32)
		g[32 + threadIdx.x] = g[threadIdx.x - 32];
}

// -b 32, a 16x16 float tensor g and its map with a box of 8x4
// (-a tensormap:0:f32:16x16:8x4): thread 0 stores a box of shared memory
// to g with a tensor copy and waits only until the copy has read it
// (wait_group.read); lane 5 then reads g[1] (racecheck).  With ok thread 0
// waits for the whole group.
extern "C" __global__ void tma_store(float *g, const __grid_constant__ CUtensorMap map, int ok)
{
	__shared__ alignas(128) float box[32];
	box[threadIdx.x] = 0.5f * (float)threadIdx.x;
	cde::fence_proxy_async_shared_cta();
	__syncwarp();
	if (threadIdx.x == 0) {
		cde::cp_async_bulk_tensor_2d_shared_to_global(&map, 0, 0, box);
		cde::cp_async_bulk_commit_group();
		if (ok)
			asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
		else
			cde::cp_async_bulk_wait_group_read<0>();
	}
	__syncwarp();
	if (threadIdx.x == 5)
		g[200] = g[1];
}

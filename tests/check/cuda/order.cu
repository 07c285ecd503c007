// order.cu -- CUDA kernels for tests/check.test on how threads of
// different CTAs are ordered: the reader's half of message passing
// between CTAs, and distributed shared memory in a cluster.  Compiled to
// PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 order.cu -o order.O3.ptx
//   nvcc -arch=sm_90 -ptx -G order.cu -o order.G.ptx
#include <cooperative_groups.h>
#include <cuda/atomic>

namespace cg = cooperative_groups;

// Chained prefixes as in checks.cu's lookback_ok, whose readers poll the
// volatile flag and read the prefix with no __threadfence() after the
// poll: the writer released the prefix, but nothing acquires it, and the
// prefix load may pass the flag's (racecheck, global memory).
extern "C" __global__ void lookback_noacquire(volatile int *flags, int *prefix)
{
	if (threadIdx.x != 0)
		return;
	int b = blockIdx.x, p = 0;
	if (b > 0) {
		while (flags[b - 1] == 0)
			;
		p = prefix[b - 1];
	}
	prefix[b] = p + b + 1;
	__threadfence();
	flags[b] = 1;
}

// The same with a release store and an acquire load of the flag
// (libcu++'s atomic_ref: st.release.gpu and ld.acquire.gpu): clean.
extern "C" __global__ void lookback_acqrel_ok(int *flags, int *prefix)
{
	if (threadIdx.x != 0)
		return;
	int b = blockIdx.x, p = 0;
	if (b > 0) {
		cuda::atomic_ref<int, cuda::thread_scope_device> f(flags[b - 1]);
		while (f.load(cuda::memory_order_acquire) == 0)
			;
		p = prefix[b - 1];
	}
	prefix[b] = p + b + 1;
	cuda::atomic_ref<int, cuda::thread_scope_device> g(flags[b]);
	g.store(1, cuda::memory_order_release);
}

// Clusters of 2: each CTA fills its shared array, the cluster
// synchronizes, each reads its neighbour's array through distributed
// shared memory, and the cluster synchronizes again before any CTA
// exits: clean.
extern "C" __global__ void __cluster_dims__(2, 1, 1) dsmem_ok(int *out)
{
	__shared__ int buf[64];
	cg::cluster_group cl = cg::this_cluster();
	unsigned r = cl.block_rank();
	buf[threadIdx.x] = (int)(r * 100 + threadIdx.x);
	cl.sync();
	int *peer = cl.map_shared_rank(buf, r ^ 1);
	out[blockIdx.x * blockDim.x + threadIdx.x] = peer[threadIdx.x];
	cl.sync();
}

// The same without the first cluster barrier: the neighbour's array is
// read with nothing ordering it after the neighbour's stores (racecheck,
// distributed shared memory).
extern "C" __global__ void __cluster_dims__(2, 1, 1) dsmem_nosync(int *out)
{
	__shared__ int buf[64];
	cg::cluster_group cl = cg::this_cluster();
	unsigned r = cl.block_rank();
	buf[threadIdx.x] = (int)(r * 100 + threadIdx.x);
	int *peer = cl.map_shared_rank(buf, r ^ 1);
	out[blockIdx.x * blockDim.x + threadIdx.x] = peer[threadIdx.x];
	cl.sync();
}

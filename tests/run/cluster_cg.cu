// cluster_cg.cu -- the source of cluster_cg.ptx (nvcc -arch=sm_90a -ptx
// -O3): clusters through cooperative_groups, as CUDA programs use them.
//   cg_ring     __cluster_dims__(2, 1, 1): cluster.sync, map_shared_rank,
//               the cluster's dimensions and ranks
//   dsmem_hist  a 256-bin histogram spread over the shared memory of the
//               CTAs of a cluster (launched with --cluster 4): remote
//               atomicAdd through map_shared_rank
//   cg_split    __cluster_dims__(1, 2, 1): barrier_arrive / barrier_wait,
//               query_shared_rank
//   cluster_sum a sum over the CTAs of a cluster, gathered by rank 0
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void __cluster_dims__(2, 1, 1) cg_ring(const int *in, int *out)
{
	__shared__ int s[128];
	cg::cluster_group cl = cg::this_cluster();
	unsigned r = cl.block_rank(), n = cl.num_blocks();
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	s[threadIdx.x] = in[i];
	cl.sync();
	int *peer = cl.map_shared_rank(s, (r + 1) % n);
	int v = peer[(threadIdx.x + 1) % blockDim.x];
	dim3 b = cl.block_index();
	cl.sync();
	out[i] = v * 3 + (int)cl.dim_blocks().x * 1000 + (int)b.x * 100000 + (int)cl.thread_rank() * 7;
}

extern "C" __global__ void dsmem_hist(const unsigned char *in, int n, unsigned *hist)
{
	extern __shared__ unsigned bins[];
	cg::cluster_group cl = cg::this_cluster();
	int per = 256 / (int)cl.num_blocks();

	for (int b = threadIdx.x; b < per; b += blockDim.x)
		bins[b] = 0;
	cl.sync();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
		int v = in[i];
		unsigned *dst = cl.map_shared_rank(bins, v / per);
		atomicAdd(dst + v % per, 1u);
	}
	cl.sync();
	for (int b = threadIdx.x; b < per; b += blockDim.x)
		atomicAdd(&hist[cl.block_rank() * per + b], bins[b]);
}

// cg_split: __cluster_dims__(1, 2, 1); a split barrier (barrier_arrive,
// work, barrier_wait), map_shared_rank and query_shared_rank (getctarank).
extern "C" __global__ void __cluster_dims__(1, 2, 1) cg_split(int *out)
{
	__shared__ int s[64];
	cg::cluster_group cl = cg::this_cluster();
	unsigned r = cl.block_rank();

	s[threadIdx.x] = (int)(r * 1000 + threadIdx.x);
	auto token = cl.barrier_arrive();
	int local = (int)threadIdx.x * 5;
	cl.barrier_wait(static_cast<decltype(token) &&>(token));
	int *peer = cl.map_shared_rank(s, r ^ 1);
	int v = peer[63 - threadIdx.x];
	unsigned qr = cl.query_shared_rank(peer);
	dim3 bi = cl.block_index();
	int o = (blockIdx.y * gridDim.x + blockIdx.x) * 64 + threadIdx.x;
	out[o] = v + local + (int)qr * 100000 + (int)bi.y * 10000000 + (int)cl.num_threads() * 3;
	cl.sync();
}

// cluster_sum: each CTA sums its part into shared memory, rank 0 of the
// cluster adds the parts of all ranks (launched with --cluster 4).
extern "C" __global__ void cluster_sum(const float *in, int n, float *out)
{
	__shared__ float part[32];
	cg::cluster_group cl = cg::this_cluster();
	float acc = 0;

	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		acc += in[i];
	for (int o = 16; o; o >>= 1)
		acc += __shfl_down_sync(~0u, acc, o);
	if ((threadIdx.x & 31) == 0)
		part[threadIdx.x / 32] = acc;
	cl.sync();
	if (cl.block_rank() == 0 && threadIdx.x < 32) {
		float v = 0;
		unsigned nw = blockDim.x / 32;
		for (unsigned r = 0; r < cl.num_blocks(); r++) {
			float *p = cl.map_shared_rank(part, r);
			if (threadIdx.x < nw)
				v += p[threadIdx.x];
		}
		for (int o = 16; o; o >>= 1)
			v += __shfl_down_sync(~0u, v, o);
		if (threadIdx.x == 0)
			out[blockIdx.x / cl.num_blocks()] = v;
	}
	cl.sync();
}

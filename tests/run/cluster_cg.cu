// cluster_cg.cu -- the source of cluster_cg.ptx (nvcc -arch=sm_90a -ptx
// -O3): clusters through cooperative_groups, as CUDA programs use them.
//   cg_ring     __cluster_dims__(2, 1, 1): cluster.sync, map_shared_rank,
//               the cluster's dimensions and ranks
//   dsmem_hist  a 256-bin histogram spread over the shared memory of the
//               CTAs of a cluster (launched with --cluster 4): remote
//               atomicAdd through map_shared_rank
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

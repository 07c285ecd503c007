// Thread block clusters and distributed shared memory (sm_90+).
#include <cooperative_groups.h>
#include <cstdint>
namespace cg = cooperative_groups;

#if __CUDA_ARCH__ >= 900
// Histogram spread over the shared memory of every block of a cluster.
__global__ void __cluster_dims__(4, 1, 1) cluster_histogram(const int *in, int n, int nbins, int *out) {
  extern __shared__ int smem[];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  int per_block = (nbins + cluster.num_blocks() - 1) / cluster.num_blocks();
  for (int i = threadIdx.x; i < per_block; i += blockDim.x) smem[i] = 0;
  cluster.sync();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int b = in[i] % nbins;
    if (b < 0) b += nbins;
    int dst = b / per_block;
    int *remote = cluster.map_shared_rank(smem, dst);
    atomicAdd(remote + (b % per_block), 1);
  }
  cluster.sync();
  for (int i = threadIdx.x; i < per_block; i += blockDim.x) {
    int b = rank * per_block + i;
    if (b < nbins) atomicAdd(&out[b], smem[i]);
  }
}

// Neighbour exchange: each block reads a halo from the next block's shared memory.
__global__ void __launch_bounds__(256) ring_exchange(const float *in, float *out) {
  __shared__ float tile[256];
  auto cluster = cg::this_cluster();
  unsigned r = cluster.block_rank(), nb = cluster.num_blocks();
  tile[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  cluster.sync();
  float *next = cluster.map_shared_rank(tile, (r + 1) % nb);
  float v = tile[threadIdx.x] + next[threadIdx.x];
  dim3 cidx = cluster.block_index();
  dim3 cdim = cluster.dim_blocks();
  cluster.sync();
  out[blockIdx.x * 256 + threadIdx.x] = v + (float)(cidx.x + cdim.x) + (float)cluster.thread_rank() * 0.f;
}

// Explicit cluster special registers, mapa, and shared::cluster accesses.
__global__ void __cluster_dims__(2, 2, 1) cluster_registers(unsigned *out) {
  __shared__ unsigned value;
  unsigned cr, nc, cid_x, cid_y, ncta_x, ctaid_x, ctaid_y, is_explicit;
  asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(cr));
  asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(nc));
  asm("mov.u32 %0, %%clusterid.x;" : "=r"(cid_x));
  asm("mov.u32 %0, %%clusterid.y;" : "=r"(cid_y));
  asm("mov.u32 %0, %%cluster_nctaid.x;" : "=r"(ncta_x));
  asm("mov.u32 %0, %%cluster_ctaid.x;" : "=r"(ctaid_x));
  asm("mov.u32 %0, %%cluster_ctaid.y;" : "=r"(ctaid_y));
  asm("{ .reg .pred p; mov.pred p, %%is_explicit_cluster; selp.u32 %0, 1, 0, p; }" : "=r"(is_explicit));
  if (threadIdx.x == 0) value = cr * 100 + blockIdx.x;
  asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;" ::: "memory");
  unsigned local = (unsigned)__cvta_generic_to_shared(&value), remote, got;
  unsigned peer = (cr + 1) % nc;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(peer));
  asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(got) : "r"(remote));
  asm volatile("barrier.cluster.arrive.relaxed.aligned;\nbarrier.cluster.wait.aligned;" ::: "memory");
  if (threadIdx.x == 0) {
    unsigned i = blockIdx.y * gridDim.x + blockIdx.x;
    out[i * 4 + 0] = got;
    out[i * 4 + 1] = nc | (cid_x << 8) | (cid_y << 16);
    out[i * 4 + 2] = ncta_x + ctaid_x * 10 + ctaid_y * 100;
    out[i * 4 + 3] = is_explicit;
  }
}

// Launched with cudaLaunchKernelEx and a runtime cluster dimension.
__global__ void runtime_cluster(float *out) {
  auto cluster = cg::this_cluster();
  __shared__ float s;
  if (threadIdx.x == 0) s = (float)cluster.block_rank();
  cluster.sync();
  float sum = 0.f;
  for (unsigned r = 0; r < cluster.num_blocks(); ++r) sum += *cluster.map_shared_rank(&s, r);
  cluster.sync();
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

__global__ void __launch_bounds__(128, 1, 8) max_cluster(int *out) {
  auto cluster = cg::this_cluster();
  cluster.sync();
  if (threadIdx.x == 0) out[blockIdx.x] = (int)cluster.block_rank();
}
#else
// Pre-Hopper fallback: the same histogram without clusters.
__global__ void cluster_histogram(const int *in, int n, int nbins, int *out) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int b = in[i] % nbins;
    atomicAdd(&out[b < 0 ? b + nbins : b], 1);
  }
}
#endif

// corpus: rdc
// Grid-wide synchronisation (cooperative launch), cluster groups, and
// external device functions resolved at link time.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern __device__ float ext_transform(float x);   // defined in another translation unit
extern __device__ int ext_table[];

__device__ float g_partial[1024];

__global__ void two_phase_normalize(float *data, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[256];
  float acc = 0.f;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) acc += fabsf(data[i]);
  s[block.thread_rank()] = acc;
  block.sync();
  for (int off = block.size() / 2; off; off >>= 1) {
    if (block.thread_rank() < off) s[block.thread_rank()] += s[block.thread_rank() + off];
    block.sync();
  }
  if (block.thread_rank() == 0) g_partial[blockIdx.x] = s[0];
  grid.sync();
  float total = 0.f;
  for (unsigned b = 0; b < gridDim.x; ++b) total += g_partial[b];
  for (int i = grid.thread_rank(); i < n; i += grid.size()) data[i] = ext_transform(data[i] / total);
  grid.sync();
  if (grid.thread_rank() == 0) data[0] += (float)ext_table[0];
}

__global__ void jacobi_persistent(float *a, float *b, int n, int iters) {
  auto grid = cg::this_grid();
  for (int it = 0; it < iters; ++it) {
    for (int i = grid.thread_rank() + 1; i < n - 1; i += grid.size()) b[i] = 0.5f * (a[i - 1] + a[i + 1]);
    grid.sync();
    float *t = a; a = b; b = t;
  }
}

#if __CUDA_ARCH__ >= 900
__global__ void __cluster_dims__(2, 1, 1) cluster_reduce(const int *in, int *out) {
  __shared__ int s;
  cg::cluster_group cluster = cg::this_cluster();
  if (threadIdx.x == 0) s = 0;
  cluster.sync();
  int *peer = cluster.map_shared_rank(&s, 0);
  atomicAdd(peer, in[blockIdx.x * blockDim.x + threadIdx.x]);
  cluster.sync();
  if (cluster.block_rank() == 0 && threadIdx.x == 0) out[blockIdx.x / cluster.num_blocks()] = s;
}
#endif

__device__ __noinline__ float local_helper(float x) { return ext_transform(x) * 2.f; }
__global__ void uses_extern(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = local_helper(x[i]) + ext_table[i & 7];
}

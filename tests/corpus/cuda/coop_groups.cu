// corpus: debug-archs sm_90
// Cooperative groups within a block: tiles, coalesced groups, collectives.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

template <typename Tile>
__device__ float tile_reduce(Tile g, float v) {
  for (int off = g.size() / 2; off > 0; off /= 2) v += g.shfl_down(v, off);
  return v;
}

__global__ void tiled_reductions(const float *in, float *out32, float *out16, float *out4, int n) {
  cg::thread_block block = cg::this_thread_block();
  int i = block.group_index().x * block.size() + block.thread_rank();
  float v = i < n ? in[i] : 0.f;
  auto w32 = cg::tiled_partition<32>(block);
  auto w16 = cg::tiled_partition<16>(block);
  auto w4 = cg::tiled_partition<4>(w16);
  float s32 = tile_reduce(w32, v);
  float s16 = tile_reduce(w16, v);
  float s4 = tile_reduce(w4, v);
  if (w32.thread_rank() == 0) out32[i / 32] = s32;
  if (w16.thread_rank() == 0) out16[i / 16] = s16;
  if (w4.thread_rank() == 0) out4[i / 4] = s4;
  block.sync();
}

__global__ void cg_collectives(const int *in, int *sum, int *mx, int *scan_out, unsigned *votes, int n) {
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int s = cg::reduce(warp, v, cg::plus<int>());
  int m = cg::reduce(warp, v, cg::greater<int>());
  int bits = cg::reduce(warp, v, cg::bit_xor<int>());
  int sc = cg::inclusive_scan(warp, v);
  int ex = cg::exclusive_scan(warp, v, cg::bit_or<int>());
  unsigned b = warp.ballot(v > 0);
  bool any = warp.any(v < 0), all = warp.all(v >= 0);
  if (i < n) {
    scan_out[i] = sc + ex;
    votes[i] = b ^ (any ? 1u : 0u) ^ (all ? 2u : 0u) ^ (unsigned)warp.meta_group_rank() ^ (unsigned)bits;
  }
  if (warp.thread_rank() == 0) {
    atomicAdd(sum, s);
    atomicMax(mx, m);
  }
}

__global__ void coalesced(const int *in, int *out, int *counter, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    int prev = 0;
    if (active.thread_rank() == 0) prev = atomicAdd(counter, active.size());
    prev = active.shfl(prev, 0);
    out[prev + active.thread_rank()] = in[i];
    auto part = cg::labeled_partition(active, in[i] & 3);
    int r = cg::reduce(part, in[i], cg::plus<int>());
    if (part.thread_rank() == 0) atomicAdd(counter + 1 + (in[i] & 3), r);
    auto bin = cg::binary_partition(active, in[i] > 100);
    bin.sync();
  }
}

__global__ void block_memcpy_async(const float *in, float *out, int n) {
  extern __shared__ float tile[];
  auto block = cg::this_thread_block();
  int base = blockIdx.x * blockDim.x;
  int cnt = min((int)blockDim.x, n - base);
  if (cnt <= 0) return;
  cg::memcpy_async(block, tile, in + base, sizeof(float) * cnt);
  cg::wait(block);
  int t = threadIdx.x;
  if (t < cnt) out[base + t] = tile[t] * 2.f + tile[(t + 1) % cnt];
}

__global__ void dims_and_ranks(int *out) {
  auto block = cg::this_thread_block();
  dim3 ti = block.thread_index();
  dim3 gi = block.group_index();
  dim3 bd = block.dim_threads();
  auto grid = cg::this_grid();
  int r = (int)grid.thread_rank();
  out[r] = ti.x + ti.y * 10 + ti.z * 100 + gi.x * 1000 + (int)bd.x + (int)block.num_threads() + (int)grid.num_blocks();
}

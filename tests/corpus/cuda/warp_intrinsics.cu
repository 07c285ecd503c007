// Warp-level primitives: shuffles, votes, matches, reductions, masks.
#include <cstdint>

__global__ void shuffles(const float *in, float *out, const double *din, double *dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.f;
  double d = i < n ? din[i] : 0.0;
  const unsigned full = 0xffffffffu;
  float a = __shfl_sync(full, v, 3);
  float b = __shfl_up_sync(full, v, 1);
  float c = __shfl_down_sync(full, v, 2);
  float e = __shfl_xor_sync(full, v, 5);
  float w16 = __shfl_sync(full, v, threadIdx.x + 1, 16);
  float u8 = __shfl_up_sync(full, v, 1, 8);
  float d4 = __shfl_down_sync(full, v, 1, 4);
  float x2 = __shfl_xor_sync(full, v, 1, 2);
  double dd = __shfl_sync(full, d, 31) + __shfl_xor_sync(full, d, 16);
  long long ll = __shfl_down_sync(full, (long long)i * 1000000007LL, 1);
  unsigned long long ull = __shfl_up_sync(full, (unsigned long long)i << 33, 2);
  if (i < n) {
    out[i] = a + b + c + e + w16 + u8 + d4 + x2 + (float)ll + (float)ull;
    dout[i] = dd;
  }
}

__device__ __forceinline__ float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
  return v;
}

__device__ __forceinline__ int warp_inclusive_scan(int v) {
  int lane = threadIdx.x & 31;
  for (int off = 1; off < 32; off <<= 1) {
    int y = __shfl_up_sync(0xffffffffu, v, off);
    if (lane >= off) v += y;
  }
  return v;
}

__global__ void votes(const int *in, unsigned *ballots, int *flags, int *scan, float *sums, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  unsigned active = __activemask();
  unsigned b = __ballot_sync(0xffffffffu, v > 0);
  int any = __any_sync(0xffffffffu, v == 42);
  int all = __all_sync(0xffffffffu, v >= 0);
  int uni = __uni_sync(0xffffffffu, v & 1);
  int s = warp_inclusive_scan(v);
  float fs = warp_sum((float)v);
  unsigned lt, le, gt, ge, eq;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(le));
  asm("mov.u32 %0, %%lanemask_gt;" : "=r"(gt));
  asm("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
  asm("mov.u32 %0, %%lanemask_eq;" : "=r"(eq));
  int rank = __popc(b & lt);
  if (i < n) {
    ballots[i] = b ^ active ^ le ^ gt ^ ge ^ eq;
    flags[i] = any | (all << 1) | (uni << 2) | (rank << 3);
    scan[i] = s;
    sums[i] = fs;
  }
}

// Stream compaction with warp-aggregated atomics.
__global__ void compact(const int *in, int *out, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool keep = i < n && (in[i] % 3) == 0;
  unsigned mask = __ballot_sync(0xffffffffu, keep);
  int lane = threadIdx.x & 31;
  int leader = __ffs(mask) - 1;
  int base = 0;
  if (lane == leader) base = atomicAdd(count, __popc(mask));
  base = __shfl_sync(0xffffffffu, base, leader < 0 ? 0 : leader);
  if (keep) out[base + __popc(mask & ((1u << lane) - 1))] = in[i];
}

__global__ void matches_and_reduces(const int *keys, const unsigned *vals, unsigned *out, int *groups, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = i < n ? keys[i] : -1;
  unsigned v = i < n ? vals[i] : 0u;
#if __CUDA_ARCH__ >= 700
  unsigned peers = __match_any_sync(0xffffffffu, k);
  int pred;
  unsigned same = __match_all_sync(0xffffffffu, k, &pred);
  unsigned long long k64 = (unsigned long long)k << 20;
  unsigned peers64 = __match_any_sync(0xffffffffu, k64);
  int leader = __ffs(peers) - 1;
  if (i < n) groups[i] = leader | (pred << 8) | (__popc(same) << 9) | (__popc(peers64) << 16);
#endif
#if __CUDA_ARCH__ >= 800
  unsigned s = __reduce_add_sync(0xffffffffu, v);
  unsigned mn = __reduce_min_sync(0xffffffffu, v);
  unsigned mx = __reduce_max_sync(0xffffffffu, v);
  int smin = __reduce_min_sync(0xffffffffu, (int)v - 100);
  int smax = __reduce_max_sync(0xffffffffu, (int)v - 100);
  unsigned a = __reduce_and_sync(0xffffffffu, v);
  unsigned o = __reduce_or_sync(0xffffffffu, v);
  unsigned x = __reduce_xor_sync(0xffffffffu, v);
  if (i < n) out[i] = s + mn + mx + (unsigned)smin + (unsigned)smax + a + o + x;
#else
  if (i < n) out[i] = v;
#endif
}

// Partial-warp masks inside divergent code.
__global__ void divergent_masks(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = i < n ? in[i] : 0;
  if (lane < 16) {
    unsigned m = __activemask();
    v += __shfl_down_sync(0x0000ffffu, v, 1, 16);
    v += __popc(__ballot_sync(0x0000ffffu, v > 10)) + __popc(m);
  } else {
    v -= __shfl_xor_sync(0xffff0000u, v, 2);
  }
  __syncwarp();
  v += __shfl_sync(0xffffffffu, v, 0);
  __syncwarp(0x55555555u);
  if (i < n) out[i] = v;
}

// Warp-synchronous bitonic sort of 32 keys per warp.
__global__ void warp_bitonic(const uint32_t *in, uint32_t *out) {
  int lane = threadIdx.x & 31;
  uint32_t v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int k = 2; k <= 32; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
      uint32_t o = __shfl_xor_sync(0xffffffffu, v, j);
      bool up = ((lane & k) == 0);
      bool lower = ((lane & j) == 0);
      v = (lower == up) ? min(v, o) : max(v, o);
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

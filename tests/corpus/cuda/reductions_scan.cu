// Block reductions, scans, radix-sort passes and segmented ops, templated over types.
#include <cstdint>
#include <cuda_fp16.h>

template <typename T> struct Sum { __device__ T operator()(T a, T b) const { return a + b; } static __device__ T id() { return T(0); } };
template <typename T> struct Max { __device__ T operator()(T a, T b) const { return a > b ? a : b; } static __device__ T id(); };
template <> __device__ int Max<int>::id() { return INT32_MIN; }
template <> __device__ float Max<float>::id() { return -INFINITY; }
template <> __device__ double Max<double>::id() { return -INFINITY; }
template <> __device__ long long Max<long long>::id() { return INT64_MIN; }

template <typename T, typename Op, int BLOCK>
__global__ void block_reduce(const T *__restrict__ in, T *__restrict__ out, size_t n) {
  __shared__ T s[BLOCK];
  Op op;
  T acc = Op::id();
  for (size_t i = blockIdx.x * (size_t)BLOCK + threadIdx.x; i < n; i += (size_t)gridDim.x * BLOCK) acc = op(acc, in[i]);
  s[threadIdx.x] = acc;
  __syncthreads();
#pragma unroll
  for (int off = BLOCK / 2; off >= 32; off >>= 1) {
    if (threadIdx.x < off) s[threadIdx.x] = op(s[threadIdx.x], s[threadIdx.x + off]);
    __syncthreads();
  }
  if (threadIdx.x < 32) {
    T v = s[threadIdx.x];
    for (int off = 16; off; off >>= 1) v = op(v, __shfl_down_sync(0xffffffffu, v, off));
    if (threadIdx.x == 0) out[blockIdx.x] = v;
  }
}

template __global__ void block_reduce<float, Sum<float>, 256>(const float *, float *, size_t);
template __global__ void block_reduce<double, Sum<double>, 512>(const double *, double *, size_t);
template __global__ void block_reduce<int, Max<int>, 128>(const int *, int *, size_t);
template __global__ void block_reduce<long long, Max<long long>, 256>(const long long *, long long *, size_t);
template __global__ void block_reduce<float, Max<float>, 1024>(const float *, float *, size_t);
template __global__ void block_reduce<unsigned, Sum<unsigned>, 64>(const unsigned *, unsigned *, size_t);

// Work-efficient (Blelloch) exclusive scan in shared memory with bank-conflict padding.
#define PAD(i) ((i) + ((i) >> 5))
template <typename T>
__global__ void blelloch_scan(const T *in, T *out, T *block_sums, int n) {
  extern __shared__ __align__(16) unsigned char raw[];
  T *s = reinterpret_cast<T *>(raw);
  int t = threadIdx.x, m = 2 * blockDim.x;
  int base = blockIdx.x * m;
  s[PAD(2 * t)] = base + 2 * t < n ? in[base + 2 * t] : T(0);
  s[PAD(2 * t + 1)] = base + 2 * t + 1 < n ? in[base + 2 * t + 1] : T(0);
  int off = 1;
  for (int d = m >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      int ai = off * (2 * t + 1) - 1, bi = off * (2 * t + 2) - 1;
      s[PAD(bi)] += s[PAD(ai)];
    }
    off <<= 1;
  }
  if (t == 0) {
    if (block_sums) block_sums[blockIdx.x] = s[PAD(m - 1)];
    s[PAD(m - 1)] = T(0);
  }
  for (int d = 1; d < m; d <<= 1) {
    off >>= 1;
    __syncthreads();
    if (t < d) {
      int ai = off * (2 * t + 1) - 1, bi = off * (2 * t + 2) - 1;
      T tmp = s[PAD(ai)];
      s[PAD(ai)] = s[PAD(bi)];
      s[PAD(bi)] += tmp;
    }
  }
  __syncthreads();
  if (base + 2 * t < n) out[base + 2 * t] = s[PAD(2 * t)];
  if (base + 2 * t + 1 < n) out[base + 2 * t + 1] = s[PAD(2 * t + 1)];
}
template __global__ void blelloch_scan<int>(const int *, int *, int *, int);
template __global__ void blelloch_scan<float>(const float *, float *, float *, int);
template __global__ void blelloch_scan<unsigned long long>(const unsigned long long *, unsigned long long *, unsigned long long *, int);

template <typename T>
__global__ void add_block_offsets(T *data, const T *offsets, int n) {
  int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  T o = offsets[blockIdx.x];
  if (i < n) data[i] += o;
  if (i + blockDim.x < n) data[i + blockDim.x] += o;
}
template __global__ void add_block_offsets<int>(int *, const int *, int);

// One pass (4 bits) of an LSD radix sort: local histogram + scatter.
__global__ void radix_histogram(const uint32_t *keys, int n, int shift, uint32_t *hist /* [16][gridDim] */) {
  __shared__ uint32_t h[16];
  if (threadIdx.x < 16) h[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&h[(keys[i] >> shift) & 15], 1u);
  __syncthreads();
  if (threadIdx.x < 16) hist[threadIdx.x * gridDim.x + blockIdx.x] = h[threadIdx.x];
}

__global__ void radix_scatter(const uint32_t *keys, const uint32_t *vals, uint32_t *okeys, uint32_t *ovals, int n, int shift,
                              const uint32_t *offsets) {
  // stable scatter: one warp per block processes elements in order
  if (threadIdx.x >= 32) return;
  __shared__ uint32_t pos[16];
  if (threadIdx.x < 16) pos[threadIdx.x] = offsets[threadIdx.x * gridDim.x + blockIdx.x];
  __syncwarp();
  int chunk = (n + gridDim.x - 1) / gridDim.x;
  int begin = blockIdx.x * chunk, end = min(n, begin + chunk);
  for (int base = begin; base < end; base += 32) {
    int i = base + threadIdx.x;
    bool valid = i < end;
    uint32_t k = valid ? keys[i] : 0u;
    uint32_t digit = (k >> shift) & 15;
    unsigned same = __match_any_sync(0xffffffffu, valid ? digit : 16u);
    unsigned lower = same & ((1u << threadIdx.x) - 1);
    uint32_t p = 0;
    if (valid) p = pos[digit] + __popc(lower);
    __syncwarp();
    if (valid && lower == 0) pos[digit] += __popc(same);
    __syncwarp();
    if (valid) { okeys[p] = k; ovals[p] = vals[i]; }
  }
}

// Segmented reduction over CSR-style segments, one warp per segment.
__global__ void segmented_sum(const float *vals, const int *seg_start, float *out, int nseg) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x & 31;
  if (warp >= nseg) return;
  float acc = 0.f;
  for (int i = seg_start[warp] + lane; i < seg_start[warp + 1]; i += 32) acc += vals[i];
  for (int off = 16; off; off >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, off);
  if (lane == 0) out[warp] = acc;
}

// Half-precision dot product with fp32 accumulation and grid-stride loop.
__global__ void half_dot(const __half2 *a, const __half2 *b, float *out, int n2) {
  float acc = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += gridDim.x * blockDim.x) {
    float2 p = __half22float2(__hmul2(a[i], b[i]));
    acc += p.x + p.y;
  }
  for (int off = 16; off; off >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, acc);
}

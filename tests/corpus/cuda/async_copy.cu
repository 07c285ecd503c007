// corpus: debug-archs sm_90
// Asynchronous global->shared copies: pipeline primitives, cuda::pipeline,
// cuda::memcpy_async with cuda::barrier, and raw cp.async.
#include <cuda_pipeline.h>
#include <cuda/pipeline>
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#pragma nv_diag_suppress static_var_with_dynamic_init

// Double-buffered sum using __pipeline_memcpy_async.
__global__ void pipelined_sum(const float4 *in, float *out, int tiles) {
  __shared__ __align__(16) float4 buf[2][128];
  int t = threadIdx.x;
  float acc = 0.f;
  const float4 *src = in + (size_t)blockIdx.x * tiles * 128;
  __pipeline_memcpy_async(&buf[0][t], &src[t], sizeof(float4));
  __pipeline_commit();
  for (int k = 0; k < tiles; ++k) {
    if (k + 1 < tiles) {
      __pipeline_memcpy_async(&buf[(k + 1) & 1][t], &src[(k + 1) * 128 + t], sizeof(float4));
    }
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    float4 v = buf[k & 1][(t + 1) & 127];
    acc += v.x + v.y + v.z + v.w;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = acc;
}

// Partial copies with zero-fill (src size smaller than copy size).
__global__ void zero_fill_copy(const int *in, int *out, int n) {
  __shared__ __align__(16) int s[256];
  int t = threadIdx.x;
  int gi = blockIdx.x * 256 + t;
  __pipeline_memcpy_async(&s[t], &in[gi < n ? gi : 0], sizeof(int), gi < n ? 0 : sizeof(int));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  if (gi < n) out[gi] = s[255 - t];
}

// Multi-stage producer/consumer with cuda::pipeline (block scope).
template <int STAGES>
__global__ void staged_gemv(const float *A, const float *x, float *y, int rows, int cols) {
  extern __shared__ float smem[];  // STAGES * blockDim.x
  auto block = cg::this_thread_block();
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
  auto pipe = cuda::make_pipeline(block, &state);
  int row = blockIdx.x;
  int chunks = cols / blockDim.x;
  float acc = 0.f;
  int fetch = 0;
  for (int c = 0; c < chunks; ++c) {
    for (; fetch < chunks && fetch < c + STAGES; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, smem + (fetch % STAGES) * blockDim.x, A + (size_t)row * cols + fetch * blockDim.x,
                         sizeof(float) * blockDim.x, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    acc += smem[(c % STAGES) * blockDim.x + threadIdx.x] * x[c * blockDim.x + threadIdx.x];
    pipe.consumer_release();
  }
  for (int off = 16; off; off >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(&y[row], acc);
}
template __global__ void staged_gemv<2>(const float *, const float *, float *, int, int);
template __global__ void staged_gemv<4>(const float *, const float *, float *, int, int);

// cuda::barrier in shared memory with memcpy_async completion.
__global__ void barrier_copy(const int4 *in, int4 *out, int n) {
  __shared__ __align__(16) int4 s[512];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  int base = blockIdx.x * 512;
  int cnt = min(512, n - base);
  if (cnt > 0) cuda::memcpy_async(block, s, in + base, cuda::aligned_size_t<16>(sizeof(int4) * cnt), bar);
  bar.arrive_and_wait();
  for (int i = threadIdx.x; i < cnt; i += blockDim.x) {
    int4 v = s[cnt - 1 - i];
    out[base + i] = make_int4(v.w, v.z, v.y, v.x);
  }
  auto tok = bar.arrive();
  bar.wait(std::move(tok));
}

// Split arrive/wait barrier used to overlap independent work.
__global__ void split_barrier(float *data, int n) {
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ float s[256];
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? data[i] : 0.f;
  auto token = bar.arrive();
  float local = 0.f;
  for (int k = 0; k < 16; ++k) local += sinf((float)(k + threadIdx.x));
  bar.wait(std::move(token));
  float v = s[(threadIdx.x + 1) % blockDim.x] + local;
  bar.arrive_and_drop();
  if (i < n) data[i] = v;
}

// Raw cp.async with cache hints and group management.
__device__ __forceinline__ void cp_async16(void *smem, const void *gmem) {
#if __CUDA_ARCH__ >= 800
  unsigned s = (unsigned)__cvta_generic_to_shared(smem);
  asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16;\n" ::"r"(s), "l"(gmem));
#endif
}
__global__ void raw_cp_async(const int4 *in, int4 *out) {
  __shared__ __align__(16) int4 s[3][128];
  int t = threadIdx.x;
  for (int st = 0; st < 3; ++st) {
    cp_async16(&s[st][t], &in[(blockIdx.x * 3 + st) * 128 + t]);
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
  }
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group 1;\n" ::);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, 2;\n" ::"r"((unsigned)__cvta_generic_to_shared(&s[0][t].x)),
               "l"(&in[t].y));
  asm volatile("cp.async.wait_all;\n" ::);
#endif
  __syncthreads();
  int4 a = s[0][t], b = s[1][t], c = s[2][t];
  out[blockIdx.x * 128 + t] = make_int4(a.x + b.x + c.x, a.y ^ b.y, c.z, a.w - c.w);
}

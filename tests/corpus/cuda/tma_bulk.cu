// Bulk asynchronous copies (TMA) with mbarrier completion, sm_90+.
#include <cuda.h>
#include <cuda/barrier>
#include <cstdint>
#pragma nv_diag_suppress static_var_with_dynamic_init

__device__ __forceinline__ uint32_t sptr(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

#if __CUDA_ARCH__ >= 900
__device__ __forceinline__ void mbar_init(uint64_t *bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(sptr(bar)), "r"(count));
}
__device__ __forceinline__ void mbar_expect_tx(uint64_t *bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(sptr(bar)), "r"(bytes));
}
__device__ __forceinline__ void mbar_wait(uint64_t *bar, unsigned phase) {
  asm volatile(
      "{\n"
      ".reg .pred P1;\n"
      "LAB_WAIT:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n"
      "@P1 bra DONE;\n"
      "bra LAB_WAIT;\n"
      "DONE:\n"
      "}\n" ::"r"(sptr(bar)),
      "r"(phase));
}

// 1-D bulk copy global -> shared, compute, bulk copy shared -> global.
__global__ void bulk_scale(const float *in, float *out, float s, int chunk) {
  extern __shared__ __align__(128) float buf[];
  __shared__ __align__(8) uint64_t bar;
  const float *src = in + (size_t)blockIdx.x * chunk;
  unsigned bytes = chunk * sizeof(float);
  if (threadIdx.x == 0) {
    mbar_init(&bar, 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    mbar_expect_tx(&bar, bytes);
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                     sptr(buf)),
                 "l"(src), "r"(bytes), "r"(sptr(&bar))
                 : "memory");
  }
  mbar_wait(&bar, 0);
  for (int i = threadIdx.x; i < chunk; i += blockDim.x) buf[i] *= s;
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(out + (size_t)blockIdx.x * chunk),
                 "r"(sptr(buf)), "r"(bytes)
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}

// 2-D tiled copy through a tensor map passed as a __grid_constant__ parameter.
__global__ void tma_tile_transpose(const __grid_constant__ CUtensorMap in_map, const __grid_constant__ CUtensorMap out_map) {
  __shared__ __align__(128) float tile[32][32];
  __shared__ __align__(128) float tileT[32][32];
  __shared__ __align__(8) uint64_t bar;
  int x = blockIdx.x * 32, y = blockIdx.y * 32;
  if (threadIdx.x == 0) {
    asm volatile("prefetch.tensormap [%0];" ::"l"(&in_map) : "memory");
    mbar_init(&bar, 1);
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    mbar_expect_tx(&bar, sizeof(tile));
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
            sptr(tile)),
        "l"(&in_map), "r"(x), "r"(y), "r"(sptr(&bar))
        : "memory");
  }
  mbar_wait(&bar, 0);
  for (int i = threadIdx.x; i < 1024; i += blockDim.x) tileT[i % 32][i / 32] = tile[i / 32][i % 32];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(&out_map),
                 "r"(y), "r"(x), "r"(sptr(tileT))
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
}

// Reduction into global memory through the bulk copy engine, plus L2 prefetch.
__global__ void bulk_reduce_add(const float *in, float *acc, int chunk) {
  extern __shared__ __align__(128) float sbuf[];
  for (int i = threadIdx.x; i < chunk; i += blockDim.x) sbuf[i] = in[(size_t)blockIdx.x * chunk + i] * 0.5f;
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(in + (size_t)(blockIdx.x + 1) * chunk),
                 "r"((unsigned)(chunk * sizeof(float))));
    asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%0], [%1], %2;" ::"l"(acc), "r"(sptr(sbuf)),
                 "r"((unsigned)(chunk * sizeof(float)))
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
}

// Same 1-D bulk copy through libcu++'s cuda::barrier / cuda::device::memcpy_async_tx.
__global__ void barrier_tx_copy(const int4 *in, int4 *out, int n) {
  __shared__ __align__(16) int4 s[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) {
    init(&bar, blockDim.x);
    cuda::device::experimental::fence_proxy_async_shared_cta();
  }
  __syncthreads();
  cuda::barrier<cuda::thread_scope_block>::arrival_token tok;
  if (threadIdx.x == 0) {
    cuda::device::memcpy_async_tx(s, in + blockIdx.x * 256, cuda::aligned_size_t<16>(sizeof(s)), bar);
    tok = cuda::device::barrier_arrive_tx(bar, 1, sizeof(s));
  } else {
    tok = bar.arrive();
  }
  bar.wait(std::move(tok));
  int i = blockIdx.x * 256 + threadIdx.x;
  if (i < n) out[i] = s[255 - threadIdx.x];
}
#endif

// Always present: a plain global->shared->global copy so every target has code.
__global__ void plain_copy(const float *in, float *out, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.f;
  __syncthreads();
  if (i < n) out[i] = s[255 - threadIdx.x];
}

// Warpgroup matrix multiply (wgmma.mma_async) through inline PTX, sm_90a only.
#include <cuda_fp16.h>
#include <cstdint>

__device__ __forceinline__ uint64_t smem_desc(const void *p, unsigned lead_bytes, unsigned stride_bytes) {
  uint32_t addr = (uint32_t)__cvta_generic_to_shared(p);
  uint64_t d = 0;
  d |= (uint64_t)((addr & 0x3ffff) >> 4);
  d |= (uint64_t)((lead_bytes & 0x3ffff) >> 4) << 16;
  d |= (uint64_t)((stride_bytes & 0x3ffff) >> 4) << 32;
  return d;  // no swizzle
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
__device__ __forceinline__ void wg_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wg_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int N>
__device__ __forceinline__ void wg_wait() { asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory"); }

// 64x8x16 fp16 -> fp32, both operands from shared memory.
__global__ void __launch_bounds__(128) wgmma_m64n8k16(const __half *A, const __half *B, float *C, int ktiles) {
  __shared__ __align__(128) __half sA[64 * 16];
  __shared__ __align__(128) __half sB[8 * 16];
  float d[4] = {0.f, 0.f, 0.f, 0.f};
  for (int kt = 0; kt < ktiles; ++kt) {
    for (int i = threadIdx.x; i < 64 * 16; i += 128) sA[i] = A[kt * 1024 + i];
    for (int i = threadIdx.x; i < 8 * 16; i += 128) sB[i] = B[kt * 128 + i];
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    uint64_t da = smem_desc(sA, 128, 256), db = smem_desc(sB, 128, 256);
    wg_fence();
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %6, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, p, 1, 1, 0, 0;\n}\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "l"(da), "l"(db), "r"(kt > 0 ? 1 : 0));
    wg_commit();
    wg_wait<0>();
    __syncthreads();
  }
  int w = threadIdx.x / 32, l = threadIdx.x % 32;
  int row = w * 16 + l / 4, col = (l % 4) * 2;
  C[row * 8 + col] = d[0];
  C[row * 8 + col + 1] = d[1];
  C[(row + 8) * 8 + col] = d[2];
  C[(row + 8) * 8 + col + 1] = d[3];
}

// 64x16x16 with A from registers, bf16 inputs, and a second tf32 and fp8 variant.
__global__ void __launch_bounds__(128) wgmma_variants(const uint32_t *aregs, const void *B, float *out) {
  __shared__ __align__(128) uint8_t sB[4096];
  for (int i = threadIdx.x; i < 4096; i += 128) sB[i] = ((const uint8_t *)B)[i];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  const uint32_t *a = aregs + threadIdx.x * 4;
  uint64_t db = smem_desc(sB, 128, 256);
  float d[8];
  for (int i = 0; i < 8; ++i) d[i] = 0.f;
  wg_fence();
  asm volatile(
      "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11}, %12, 1, 1, 1, 1;\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
  asm volatile(
      "wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11}, %12, 1, 1, -1;\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
  asm volatile(
      "wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e4m3 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11}, %12, 1, 1, 1;\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db));
  wg_commit();
  wg_wait<0>();
  int di[4] = {0, 0, 0, 0};
  uint64_t da = smem_desc(sB + 2048, 128, 256);
  wg_fence();
  asm volatile(
      "wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8.satfinite {%0,%1,%2,%3}, %4, %5, 0;\n"
      : "+r"(di[0]), "+r"(di[1]), "+r"(di[2]), "+r"(di[3])
      : "l"(da), "l"(db));
  wg_commit();
  wg_wait<0>();
  for (int i = 0; i < 8; ++i) out[threadIdx.x * 12 + i] = d[i];
  for (int i = 0; i < 4; ++i) out[threadIdx.x * 12 + 8 + i] = (float)di[i];
}

// Producer/consumer warpgroups with register reallocation.
__global__ void __launch_bounds__(384, 1) warp_specialized(float *out) {
  int wg = threadIdx.x / 128;
  if (wg == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
    out[threadIdx.x] = 1.f;
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
    out[threadIdx.x] = 2.f;
  }
}
#endif

// Portable reference kernel present on every target.
__global__ void reference_gemm(const __half *A, const __half *B, float *C, int M, int N, int K) {
  int r = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= M || c >= N) return;
  float acc = 0.f;
  for (int k = 0; k < K; ++k) acc += __half2float(A[r * K + k]) * __half2float(B[c * K + k]);
  C[r * N + c] = acc;
}

// Tensor-core matrix multiply through inline PTX: ldmatrix + mma.sync.
#include <cuda_fp16.h>
#include <cstdint>

__device__ __forceinline__ uint32_t smem_addr(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// One warp computes a 16x8 tile of C = A(16x16, row) * B(16x8, col), fp16 -> fp32.
__global__ void mma_m16n8k16_f16(const __half *A, const __half *B, float *C) {
#if __CUDA_ARCH__ >= 800
  __shared__ __align__(16) __half sA[16 * 16];
  __shared__ __align__(16) __half sB[8 * 16];
  int lane = threadIdx.x;
  for (int i = lane; i < 256; i += 32) sA[i] = A[i];
  for (int i = lane; i < 128; i += 32) sB[i] = B[i];
  __syncwarp();
  uint32_t a[4], b[2];
  float c[4] = {0.f, 0.f, 0.f, 0.f};
  const __half *pa = &sA[(lane % 16) * 16 + (lane / 16) * 8];
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]) : "r"(smem_addr(pa)));
  const __half *pb = &sB[(lane % 8) * 16 + ((lane / 8) % 2) * 8];
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];\n" : "=r"(b[0]), "=r"(b[1]) : "r"(smem_addr(pb)));
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  int row = lane / 4, col = (lane % 4) * 2;
  C[row * 8 + col] = c[0];
  C[row * 8 + col + 1] = c[1];
  C[(row + 8) * 8 + col] = c[2];
  C[(row + 8) * 8 + col + 1] = c[3];
#endif
}

__global__ void mma_variants(const uint32_t *regs, float *fout, int *iout, double *dout, uint32_t *hout) {
  int lane = threadIdx.x & 31;
  const uint32_t *r = regs + lane * 8;
#if __CUDA_ARCH__ >= 800
  {  // bf16
    float d[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]));
    for (int i = 0; i < 4; ++i) fout[lane * 4 + i] = d[i];
  }
  {  // tf32 m16n8k8
    float d[4] = {1, 1, 1, 1};
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]));
    for (int i = 0; i < 4; ++i) fout[128 + lane * 4 + i] = d[i];
  }
  {  // s8 m16n8k32 with saturation
    int d[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                 : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]));
    for (int i = 0; i < 4; ++i) iout[lane * 4 + i] = d[i];
  }
  {  // f16 accumulate, m16n8k8
    uint32_t d[2] = {0, 0};
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3}, {%4}, {%0,%1};"
                 : "+r"(d[0]), "+r"(d[1]) : "r"(r[0]), "r"(r[1]), "r"(r[2]));
    hout[lane * 2] = d[0];
    hout[lane * 2 + 1] = d[1];
  }
  {  // fp64 m8n8k4
    double d[2] = {0.0, 0.0};
    double a = __int_as_float(r[0]), b = __int_as_float(r[1]);
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
                 : "+d"(d[0]), "+d"(d[1]) : "d"(a), "d"(b));
    dout[lane * 2] = d[0];
    dout[lane * 2 + 1] = d[1];
  }
#endif
#if __CUDA_ARCH__ >= 890
  {  // fp8 e4m3 m16n8k32
    float d[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]));
    for (int i = 0; i < 4; ++i) fout[256 + lane * 4 + i] = d[i];
  }
#endif
#if __CUDA_ARCH__ >= 750
  {  // Turing shape m16n8k8 f32
    float d[4] = {0, 0, 0, 0};
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]) : "r"(r[0]), "r"(r[1]), "r"(r[2]));
    for (int i = 0; i < 4; ++i) fout[384 + lane * 4 + i] = d[i];
  }
#endif
}

// ldmatrix transposed, movmatrix and stmatrix (sm_90).
__global__ void matrix_moves(const __half *in, __half *out, uint32_t *regs) {
  __shared__ __align__(16) __half tile[16 * 16];
  int lane = threadIdx.x & 31;
  for (int i = lane; i < 256; i += 32) tile[i] = in[i];
  __syncwarp();
#if __CUDA_ARCH__ >= 750
  uint32_t r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(smem_addr(&tile[(lane % 16) * 16 + (lane / 16) * 8])));
  uint32_t s;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(s) : "r"(smem_addr(&tile[(lane % 8) * 16])));
  regs[lane] = r0 ^ r1 ^ r2 ^ r3 ^ s;
#if __CUDA_ARCH__ >= 780
  uint32_t m;
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(m) : "r"(r0));
  regs[32 + lane] = m;
#endif
#if __CUDA_ARCH__ >= 900
  __syncwarp();
  asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1,%2,%3,%4};" ::"r"(
                   smem_addr(&tile[(lane % 16) * 16 + (lane / 16) * 8])),
               "r"(r0), "r"(r1), "r"(r2), "r"(r3)
               : "memory");
  __syncwarp();
  for (int i = lane; i < 256; i += 32) out[i] = tile[i];
#endif
#endif
}

// Sparse (2:4) mma.
__global__ void mma_sparse(const uint32_t *regs, const uint32_t *meta, float *out) {
#if __CUDA_ARCH__ >= 800
  int lane = threadIdx.x & 31;
  const uint32_t *r = regs + lane * 8;
  float d[4] = {0, 0, 0, 0};
  asm volatile(
      "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, %12, 0x0;"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]), "r"(r[6]), "r"(r[7]), "r"(meta[lane]));
  for (int i = 0; i < 4; ++i) out[lane * 4 + i] = d[i];
#endif
}

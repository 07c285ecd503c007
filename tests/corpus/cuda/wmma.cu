// Warp matrix multiply-accumulate (nvcuda::wmma) for every supported element type.
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

// C[M,N] = A[M,K] * B[K,N], fp16 in, fp32 accumulate, 16x16x16 tiles, one warp per tile.
__global__ void wmma_gemm_f16(const __half *A, const __half *B, float *C, int M, int N, int K, float alpha, float beta) {
  int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int warpN = blockIdx.y * blockDim.y + threadIdx.y;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc, c;
  wmma::fill_fragment(acc, 0.0f);
  int row = warpM * 16, col = warpN * 16;
  if (row >= M || col >= N) return;
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(a, A + row * K + k, K);
    wmma::load_matrix_sync(b, B + col * K + k, K);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::load_matrix_sync(c, C + row * N + col, N, wmma::mem_row_major);
  for (int i = 0; i < c.num_elements; ++i) c.x[i] = alpha * acc.x[i] + beta * c.x[i];
  wmma::store_matrix_sync(C + row * N + col, c, N, wmma::mem_row_major);
}

// Other shapes with fp16 accumulators.
__global__ void wmma_shapes_f16(const __half *A, const __half *B, __half *C) {
  wmma::fragment<wmma::matrix_a, 32, 8, 16, __half, wmma::row_major> a1;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, __half, wmma::row_major> b1;
  wmma::fragment<wmma::accumulator, 32, 8, 16, __half> c1;
  wmma::fill_fragment(c1, __float2half(0.f));
  wmma::load_matrix_sync(a1, A, 16);
  wmma::load_matrix_sync(b1, B, 8);
  wmma::mma_sync(c1, a1, b1, c1);
  wmma::store_matrix_sync(C, c1, 8, wmma::mem_row_major);
  wmma::fragment<wmma::matrix_a, 8, 32, 16, __half, wmma::col_major> a2;
  wmma::fragment<wmma::matrix_b, 8, 32, 16, __half, wmma::col_major> b2;
  wmma::fragment<wmma::accumulator, 8, 32, 16, __half> c2;
  wmma::load_matrix_sync(a2, A + 256, 8);
  wmma::load_matrix_sync(b2, B + 256, 16);
  wmma::load_matrix_sync(c2, C + 256, 32, wmma::mem_col_major);
  wmma::mma_sync(c2, a2, b2, c2);
  wmma::store_matrix_sync(C + 256, c2, 32, wmma::mem_col_major);
}

__global__ void wmma_int8(const signed char *A, const signed char *B, int *C, const unsigned char *UA,
                          const unsigned char *UB, int *UC) {
#if __CUDA_ARCH__ >= 720
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> c;
  wmma::fill_fragment(c, 0);
  wmma::load_matrix_sync(a, A, 16);
  wmma::load_matrix_sync(b, B, 16);
  wmma::mma_sync(c, a, b, c, true);  // saturate
  wmma::store_matrix_sync(C, c, 16, wmma::mem_row_major);
  wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::row_major> ua;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::col_major> ub;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> uc;
  wmma::fill_fragment(uc, 1);
  wmma::load_matrix_sync(ua, UA, 16);
  wmma::load_matrix_sync(ub, UB, 16);
  wmma::mma_sync(uc, ua, ub, uc);
  wmma::store_matrix_sync(UC, uc, 16, wmma::mem_col_major);
#endif
}

__global__ void wmma_subbyte(const void *A, const void *B, int *C, int *D) {
#if __CUDA_ARCH__ >= 750 && __CUDA_ARCH__ < 1000
  using namespace wmma::experimental;
  wmma::fragment<wmma::matrix_a, 8, 8, 32, precision::s4, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 8, 8, 32, precision::s4, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 8, 8, 32, int> c;
  wmma::fill_fragment(c, 0);
  wmma::load_matrix_sync(a, A, 32);
  wmma::load_matrix_sync(b, B, 32);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(C, c, 8, wmma::mem_row_major);
  wmma::fragment<wmma::matrix_a, 8, 8, 128, precision::b1, wmma::row_major> ba;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, precision::b1, wmma::col_major> bb;
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> bc;
  wmma::fill_fragment(bc, 0);
  wmma::load_matrix_sync(ba, A, 128);
  wmma::load_matrix_sync(bb, B, 128);
  wmma::bmma_sync(bc, ba, bb, bc, bmmaBitOpXOR, bmmaAccumulateOpPOPC);
  wmma::store_matrix_sync(D, bc, 8, wmma::mem_row_major);
#endif
}

__global__ void wmma_bf16_tf32_f64(const __nv_bfloat16 *A, const __nv_bfloat16 *B, float *C, const float *FA,
                                   const float *FB, float *FC, const double *DA, const double *DB, double *DC) {
#if __CUDA_ARCH__ >= 800
  {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
    wmma::fill_fragment(c, 0.f);
    wmma::load_matrix_sync(a, A, 16);
    wmma::load_matrix_sync(b, B, 16);
    wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(C, c, 16, wmma::mem_row_major);
  }
  {
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> c;
    wmma::fill_fragment(c, 0.f);
    wmma::load_matrix_sync(a, FA, 8);
    wmma::load_matrix_sync(b, FB, 8);
    for (int i = 0; i < a.num_elements; ++i) a.x[i] = wmma::__float_to_tf32(a.x[i]);
    for (int i = 0; i < b.num_elements; ++i) b.x[i] = wmma::__float_to_tf32(b.x[i]);
    wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(FC, c, 16, wmma::mem_col_major);
  }
  {
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> c;
    wmma::load_matrix_sync(c, DC, 8, wmma::mem_row_major);
    for (int k = 0; k < 32; k += 4) {
      wmma::load_matrix_sync(a, DA + k, 32);
      wmma::load_matrix_sync(b, DB + k, 32);
      wmma::mma_sync(c, a, b, c);
    }
    wmma::store_matrix_sync(DC, c, 8, wmma::mem_row_major);
  }
#endif
}

// Shared-memory staged tile GEMM: 2x2 warps per block, each computing 16x16.
__global__ void wmma_smem_gemm(const __half *A, const __half *B, float *C, int M, int N, int K) {
  __shared__ __align__(32) __half sA[32][32 + 8];
  __shared__ __align__(32) __half sB[32][32 + 8];
  int wid = threadIdx.x / 32;
  int wr = wid / 2, wc = wid % 2;
  int brow = blockIdx.y * 32, bcol = blockIdx.x * 32;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.f);
  for (int k0 = 0; k0 < K; k0 += 32) {
    for (int e = threadIdx.x; e < 32 * 32; e += blockDim.x) {
      int r = e / 32, c = e % 32;
      sA[r][c] = (brow + r < M && k0 + c < K) ? A[(brow + r) * K + k0 + c] : __float2half(0.f);
      sB[r][c] = (k0 + r < K && bcol + c < N) ? B[(k0 + r) * N + bcol + c] : __float2half(0.f);
    }
    __syncthreads();
    for (int kk = 0; kk < 32; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
      wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> b;
      wmma::load_matrix_sync(a, &sA[wr * 16][kk], 40);
      wmma::load_matrix_sync(b, &sB[kk][wc * 16], 40);
      wmma::mma_sync(acc, a, b, acc);
    }
    __syncthreads();
  }
  int r = brow + wr * 16, c = bcol + wc * 16;
  if (r < M && c < N) wmma::store_matrix_sync(C + r * N + c, acc, N, wmma::mem_row_major);
}

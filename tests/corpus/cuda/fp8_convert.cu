// FP8 (E4M3 / E5M2), FP6 and FP4 conversions and a scaled fp8 dequantize.
#include <cuda_fp8.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#if __has_include(<cuda_fp4.h>)
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#define HAVE_FP4 1
#endif

__global__ void quantize_e4m3(int n, const float *in, float inv_scale, __nv_fp8_e4m3 *out, float *amax) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.f;
  if (i < n) out[i] = __nv_fp8_e4m3(v * inv_scale);
  float a = fabsf(v);
  for (int off = 16; off; off >>= 1) a = fmaxf(a, __shfl_xor_sync(0xffffffffu, a, off));
  if ((threadIdx.x & 31) == 0) atomicMax(reinterpret_cast<int *>(amax), __float_as_int(a));
}

__global__ void dequantize_e4m3(int n, const __nv_fp8_e4m3 *in, float scale, __half *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __float2half(float(in[i]) * scale);
}

__global__ void fp8x4_roundtrip(int n, const float4 *in, __nv_fp8x4_e5m2 *q, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_fp8x4_e5m2 p(in[i]);
  q[i] = p;
  out[i] = float4(p);
}

__global__ void fp8_intrinsics(int n, const __half2 *h, const __nv_bfloat162 *b, const double *d,
                               __nv_fp8x2_storage_t *o2, __nv_fp8_storage_t *o1, __half2_raw *back) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 hv = h[i];
  o2[4 * i + 0] = __nv_cvt_halfraw2_to_fp8x2(__half2_raw(hv), __NV_SATFINITE, __NV_E4M3);
  o2[4 * i + 1] = __nv_cvt_halfraw2_to_fp8x2(__half2_raw(hv), __NV_NOSAT, __NV_E5M2);
  o2[4 * i + 2] = __nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw(b[i]), __NV_SATFINITE, __NV_E4M3);
  o2[4 * i + 3] = __nv_cvt_float2_to_fp8x2(make_float2(1.f, -2.f), __NV_SATFINITE, __NV_E5M2);
  o1[i] = __nv_cvt_double_to_fp8(d[i], __NV_SATFINITE, __NV_E4M3);
  back[i] = __nv_cvt_fp8x2_to_halfraw2(o2[4 * i], __NV_E4M3);
}

#ifdef HAVE_FP4
__global__ void fp4_fp6_convert(int n, const float2 *in, __nv_fp4x2_storage_t *f4, __nv_fp6x2_storage_t *f6,
                                float2 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float2 v = in[i];
  __nv_fp4x2_storage_t a = __nv_cvt_float2_to_fp4x2(v, __NV_E2M1, cudaRoundNearest);
  __nv_fp6x2_storage_t b = __nv_cvt_float2_to_fp6x2(v, __NV_E3M2, cudaRoundNearest);
  f4[i] = a;
  f6[i] = b;
  __half2 h = __half2(__nv_cvt_fp4x2_to_halfraw2(a, __NV_E2M1));
  __half2 g = __half2(__nv_cvt_fp6x2_to_halfraw2(b, __NV_E3M2));
  out[i] = __half22float2(__hadd2(h, g));
}
#endif

// Block-scaled fp8 GEMV: each 32-element block has its own fp32 scale.
__global__ void fp8_block_scaled_gemv(int rows, int cols, const __nv_fp8_e4m3 *W, const float *scales,
                                      const float *x, float *y) {
  int row = blockIdx.x;
  float acc = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    float s = scales[(size_t)row * (cols / 32) + c / 32];
    acc += static_cast<float>(W[(size_t)row * cols + c]) * s * x[c];
  }
  __shared__ float part[32];
  for (int off = 16; off; off >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, off);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x / 32] = acc;
  __syncthreads();
  if (threadIdx.x < 32) {
    acc = threadIdx.x < blockDim.x / 32 ? part[threadIdx.x] : 0.f;
    for (int off = 16; off; off >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, off);
    if (threadIdx.x == 0) y[row] = acc;
  }
}

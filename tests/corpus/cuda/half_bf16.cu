// Half precision (fp16) and bfloat16 arithmetic, packed pairs, conversions.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void half_axpy(int n, __half a, const __half *__restrict__ x, __half *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __hfma(a, x[i], y[i]);
}

__global__ void half2_ops(int n2, const __half2 *x, const __half2 *y, __half2 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n2) return;
  __half2 a = x[i], b = y[i];
  __half2 r = __hadd2(a, b);
  r = __hmul2(r, __hsub2(a, b));
  r = __hfma2(r, a, b);
  r = __hfma2_sat(r, a, b);
  r = __hadd2(r, __h2div(a, __hadd2(b, __float2half2_rn(2.0f))));
  r = __hadd2(r, h2exp(a));
  r = __hadd2(r, h2log(__habs2(b)));
  r = __hadd2(r, h2sqrt(__habs2(a)));
  r = __hadd2(r, h2rsqrt(__hadd2(__habs2(a), __float2half2_rn(1.0f))));
  r = __hadd2(r, h2sin(a));
  r = __hadd2(r, h2cos(b));
  r = __hadd2(r, h2rcp(__hadd2(b, __float2half2_rn(3.0f))));
  r = __hmax2(r, __hneg2(a));
  r = __hmin2_nan(r, b);
  r = __hadd2(r, __lowhigh2highlow(a));
  r = __hadd2(r, __halves2half2(__low2half(a), __high2half(b)));
  __half2 m = __hgt2(a, b);
  r = __hadd2(r, m);
  bool allgt = __hbgt2(a, b);
  out[i] = allgt ? __hneg2(r) : r;
}

__global__ void half_scalar(int n, const __half *x, __half *y, float *f, short *s, unsigned short *us) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half v = x[i];
  __half r = hexp(v) + hlog(__habs(v) + __float2half(1.f)) + hsin(v) + hcos(v) + hsqrt(__habs(v));
  r = r * v - __hdiv(v, __float2half(7.f)) + hrcp(v + __int2half_rn(3)) + htrunc(v) + hceil(v) + hfloor(v) + hrint(v);
  r = __hisnan(r) ? __float2half(0.f) : r;
  r = __hmax(r, __hneg(v));
  r = __hge(r, v) ? r : __hfma_relu(r, v, v);
  y[i] = r;
  f[i] = __half2float(r) + __low2float(__halves2half2(r, v)) + (float)__half2int_rn(v) + (float)__half2uint_rz(v);
  s[i] = __half_as_short(r) ^ __half2short_rd(v);
  us[i] = __half_as_ushort(__ushort_as_half(0x3c00)) + __half2ushort_ru(v);
}

__global__ void bf16_ops(int n, const __nv_bfloat16 *x, const __nv_bfloat162 *x2, __nv_bfloat16 *y,
                         __nv_bfloat162 *y2, float *f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat16 v = x[i];
#if __CUDA_ARCH__ >= 800
  __nv_bfloat16 r = __hfma(v, v, __float2bfloat16(0.5f));
  r = r + hexp(v) - hsqrt(__habs(v)) * hsin(v) + hcos(v) + hlog2(__habs(v) + __float2bfloat16(1.f));
  r = __hmax(r, __float2bfloat16_rz(-1.f));
  r = __hdiv(r, v + __float2bfloat16(2.f));
  y[i] = r;
  __nv_bfloat162 p = x2[i];
  __nv_bfloat162 q = __hfma2(p, p, __bfloat162bfloat162(v));
  q = __hmul2(q, h2exp2(p)) + __hmin2(p, q);
  q = __hfma2_relu(q, p, p);
  y2[i] = q;
#else
  // no native bf16 arithmetic below sm_80: compute in fp32
  float fv = __bfloat162float(v);
  __nv_bfloat16 r = __float2bfloat16(fv * fv + 0.5f + __expf(fv));
  y[i] = r;
  float2 pf = __bfloat1622float2(x2[i]);
  __nv_bfloat162 q = __floats2bfloat162_rn(pf.x * pf.x + fv, pf.y * pf.y + fv);
  y2[i] = q;
#endif
  f[i] = __bfloat162float(r) + __high2float(q) + __low2float(q) + (float)__bfloat162int_rn(v) +
         __uint_as_float((unsigned)__bfloat16_as_ushort(v) << 16);
}

__global__ void mixed_precision_gemv(int rows, int cols, const __half *A, const __half *x, float *y) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  if (row >= rows) return;
  float acc = 0.f;
  const __half2 *A2 = reinterpret_cast<const __half2 *>(A + (size_t)row * cols);
  const __half2 *x2 = reinterpret_cast<const __half2 *>(x);
  for (int c = threadIdx.x; c < cols / 2; c += 32) {
    float2 p = __half22float2(__hmul2(A2[c], x2[c]));
    acc += p.x + p.y;
  }
  for (int off = 16; off; off >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, off);
  if (threadIdx.x == 0) y[row] = acc;
}

__global__ void half_reduce_shfl(const __half *in, __half *out, int n) {
  __half v = threadIdx.x < n ? in[threadIdx.x] : __float2half(0.f);
  for (int off = 16; off; off >>= 1) v = __hadd(v, __shfl_down_sync(0xffffffffu, v, off));
  __nv_bfloat16 b = __float2bfloat16(__half2float(v));
  b = __shfl_xor_sync(0xffffffffu, b, 1);
  if ((threadIdx.x & 31) == 0) out[threadIdx.x / 32] = __hadd(v, __float2half(__bfloat162float(b)));
}

__global__ void convert_fp32_to_half_bf16(int n, const float4 *in, __half2 *h, __nv_bfloat162 *b, double *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 v = in[i];
  h[2 * i] = __floats2half2_rn(v.x, v.y);
  h[2 * i + 1] = __float22half2_rn(make_float2(v.z, v.w));
  b[2 * i] = __floats2bfloat162_rn(v.x, v.y);
  b[2 * i + 1] = __float22bfloat162_rn(make_float2(v.z, v.w));
  d[i] = (double)__half2float(__double2half((double)v.x * 3.0)) + (double)__bfloat162float(__double2bfloat16((double)v.y));
  __half ldh = __ldg(reinterpret_cast<const __half *>(in) + i);
  h[2 * n + i] = __halves2half2(ldh, __ldca(reinterpret_cast<const __half *>(in) + i + 1));
}

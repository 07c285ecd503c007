// Single and double precision math: libdevice functions, fast intrinsics,
// explicit rounding modes and special values.
#include <cmath>
#include <cfloat>

__device__ float sigmoidf(float x) { return 1.0f / (1.0f + __expf(-x)); }

__global__ void fast_intrinsics(const float *__restrict__ x, float *__restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  float r = __sinf(v) + __cosf(v) + __tanf(v);
  r += __expf(v) + __exp10f(v * 0.1f) + __logf(fabsf(v) + 1.f) + __log2f(v * v + 1.f) + __log10f(2.f + v * v);
  r += __powf(fabsf(v), 0.75f);
  r += __fdividef(r, v + 3.0f);
  r += rsqrtf(v * v + 1.f) + __frsqrt_rn(v * v + 2.f);
  float s, c;
  __sincosf(v, &s, &c);
  r += s * c;
  r = __fmaf_rn(r, v, 1.0f) + __fmaf_rz(r, v, 2.0f) + __fmaf_ru(v, v, r) + __fmaf_rd(v, r, v);
  r += __fadd_rn(v, r) + __fsub_ru(v, r) + __fmul_rd(v, r) + __fdiv_rz(v, r + 1.f);
  r += __frcp_rn(v + 7.f) + __fsqrt_rd(fabsf(v)) + __saturatef(v);
  r += sigmoidf(v);
  y[i] = r;
}

__global__ void libm_float(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  float r = sinf(v) + cosf(v) + tanf(v) + asinf(v * 0.5f) + acosf(v * 0.25f) + atanf(v);
  r += atan2f(v, 3.f) + sinhf(v) + coshf(v) + tanhf(v) + asinhf(v) + acoshf(fabsf(v) + 1.f) + atanhf(v * 0.1f);
  r += expf(v) + exp2f(v) + exp10f(v) + expm1f(v) + logf(fabsf(v) + 1e-3f) + log2f(fabsf(v) + 1.f);
  r += log10f(fabsf(v) + 1.f) + log1pf(fabsf(v)) + powf(fabsf(v), 1.3f) + sqrtf(fabsf(v)) + cbrtf(v);
  r += erff(v) + erfcf(v) + erfinvf(v * 0.1f) + lgammaf(fabsf(v) + 1.f) + tgammaf(v * 0.1f + 2.f);
  r += hypotf(v, 2.f) + fmodf(v, 1.5f) + remainderf(v, 0.7f) + floorf(v) + ceilf(v) + truncf(v) + roundf(v) + rintf(v);
  r += fminf(v, 1.f) + fmaxf(v, -1.f) + copysignf(2.f, v) + ldexpf(v, 3) + scalbnf(v, -2) + logbf(v + 3.f);
  int e;
  r += frexpf(v, &e) + (float)e + (float)ilogbf(v + 9.f);
  float ip;
  r += modff(v, &ip) + ip + normcdff(v) + normcdfinvf(0.3f + 0.01f * v) + j0f(v) + y1f(fabsf(v) + 0.5f);
  r += sinpif(v) + cospif(v) + rnorm3df(v, 1.f, 2.f) + norm3df(v, v, 1.f) + fdimf(v, 1.f) + nextafterf(v, 0.f);
  r += (isnan(v) ? 1.f : 0.f) + (isinf(v) ? 2.f : 0.f) + (signbit(v) ? 4.f : 0.f) + (isfinite(r) ? 0.f : 8.f);
  y[i] = r;
}

__global__ void libm_double(const double *x, double *y, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = x[i];
  double r = sin(v) + cos(v) + tan(v) + asin(v * 0.5) + acos(v * 0.25) + atan(v) + atan2(v, 3.0);
  r += sinh(v) + cosh(v) + tanh(v) + exp(v) + exp2(v) + expm1(v) + log(fabs(v) + 1e-9) + log1p(fabs(v));
  r += pow(fabs(v), 2.5) + sqrt(fabs(v)) + rsqrt(fabs(v) + 1.0) + cbrt(v) + erf(v) + erfc(v) + lgamma(fabs(v) + 1.0);
  r += hypot(v, 3.0) + fmod(v, 0.3) + floor(v) + ceil(v) + trunc(v) + round(v) + nearbyint(v) + fma(v, v, r);
  r += __dadd_rn(v, r) + __dmul_ru(v, r) + __ddiv_rd(v, r + 1.0) + __dsqrt_rz(fabs(v)) + __drcp_rn(v + 3.0);
  r += __fma_rz(v, r, 1.0) + __dsub_ru(r, v);
  r += (double)__double2float_rn(r) + (double)__double2int_rz(r) + (double)__double2ll_rd(r * 3.0);
  r += __longlong_as_double(__double_as_longlong(v) ^ 0x8000000000000000ll);
  r += __hiloint2double(__double2hiint(v), __double2loint(r));
  y[i] = r;
}

__global__ void conversions(const float *f, const double *d, int *i32, unsigned *u32, long long *i64,
                            unsigned long long *u64, float *fo, double *dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = f[i];
  double b = d[i];
  i32[i] = __float2int_rn(a) + __float2int_rz(a) + __float2int_ru(a) + __float2int_rd(a) + (int)b;
  u32[i] = __float2uint_rn(a) + __double2uint_rz(b) + (unsigned)a;
  i64[i] = __float2ll_rn(a) + __double2ll_ru(b) + (long long)b;
  u64[i] = __float2ull_rz(a) + __double2ull_rn(b) + (unsigned long long)a;
  fo[i] = __int2float_rn(i) + __uint2float_rz((unsigned)i) + __ll2float_rd((long long)i << 40) +
          __ull2float_ru(~0ull >> i) + __int_as_float(__float_as_int(a) & 0x7fffffff) +
          __uint_as_float(0x3f800000u) + (float)b + __double2float_rz(b) + __double2float_ru(b);
  dout[i] = __int2double_rn(i) + __ll2double_rz((long long)i * 123456789ll) + (double)a +
            __ull2double_rd(~0ull) + (double)(unsigned)i + __uint2double_rn(7u);
}

__global__ void special_values(float *out, double *dout) {
  int t = threadIdx.x;
  float vals[8] = {INFINITY, -INFINITY, NAN, -0.0f, FLT_MIN, FLT_MAX, 1e-45f, 3.14159265f};
  double dvals[6] = {HUGE_VAL, -0.0, DBL_MIN, DBL_MAX, 4.9e-324, 2.718281828459045};
  out[t] = vals[t & 7] * 0.5f + __int_as_float(0x7fc00001);
  dout[t] = dvals[t % 6] + (double)vals[(t + 1) & 7];
}

// Polynomial evaluation with Horner's rule and compensated (Kahan) summation
__global__ void kahan_horner(const double *coef, int ncoef, const double *xs, double *ys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = xs[i], acc = 0.0;
  for (int k = ncoef - 1; k >= 0; --k) acc = fma(acc, x, coef[k]);
  double sum = 0.0, c = 0.0;
  for (int k = 0; k < ncoef; ++k) {
    double y = coef[k] * x - c;
    double t = sum + y;
    c = (t - sum) - y;
    sum = t;
  }
  ys[i] = acc + sum;
}

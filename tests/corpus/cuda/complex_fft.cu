// Complex arithmetic (cuComplex and a custom type) and a shared-memory radix-2 FFT.
#include <cuComplex.h>

struct cplx {
  double re, im;
  __device__ cplx() : re(0), im(0) {}
  __device__ cplx(double r, double i) : re(r), im(i) {}
  __device__ cplx operator+(cplx o) const { return cplx(re + o.re, im + o.im); }
  __device__ cplx operator-(cplx o) const { return cplx(re - o.re, im - o.im); }
  __device__ cplx operator*(cplx o) const { return cplx(re * o.re - im * o.im, re * o.im + im * o.re); }
};

__device__ unsigned bit_reverse(unsigned x, int bits) { return __brev(x) >> (32 - bits); }

// In-place FFT of 1024 single-precision points per block.
__global__ void fft1024(cuFloatComplex *data, int inverse) {
  __shared__ cuFloatComplex s[1024];
  cuFloatComplex *d = data + blockIdx.x * 1024;
  for (int i = threadIdx.x; i < 1024; i += blockDim.x) s[bit_reverse(i, 10)] = d[i];
  __syncthreads();
  for (int len = 2; len <= 1024; len <<= 1) {
    int half = len >> 1;
    for (int k = threadIdx.x; k < 512; k += blockDim.x) {
      int grp = k / half, pos = k % half;
      int i = grp * len + pos, j = i + half;
      float sn, cs;
      sincospif((inverse ? 2.f : -2.f) * pos / len, &sn, &cs);
      cuFloatComplex w = make_cuFloatComplex(cs, sn);
      cuFloatComplex t = cuCmulf(w, s[j]);
      cuFloatComplex u = s[i];
      s[i] = cuCaddf(u, t);
      s[j] = cuCsubf(u, t);
    }
    __syncthreads();
  }
  float scale = inverse ? 1.f / 1024.f : 1.f;
  for (int i = threadIdx.x; i < 1024; i += blockDim.x) d[i] = make_cuFloatComplex(cuCrealf(s[i]) * scale, cuCimagf(s[i]) * scale);
}

__global__ void complex_ops(const cuDoubleComplex *a, const cuDoubleComplex *b, cuDoubleComplex *out, double *mag, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cuDoubleComplex x = a[i], y = b[i];
  cuDoubleComplex q = cuCdiv(x, y);
  cuDoubleComplex p = cuCfma(x, y, q);
  out[i] = cuCadd(p, cuConj(x));
  mag[i] = cuCabs(q) + cuCreal(cuCmul(x, cuConj(x)));
}

// Mandelbrot with the custom double-precision type.
__global__ void mandelbrot(int *iters, int w, int h, double x0, double y0, double dx, int maxit) {
  int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= w || py >= h) return;
  cplx c(x0 + px * dx, y0 + py * dx), z;
  int it = 0;
  while (it < maxit && z.re * z.re + z.im * z.im <= 4.0) { z = z * z + c; ++it; }
  iters[py * w + px] = it;
}

// DFT of arbitrary length via direct summation, one output per thread, twiddles in double.
__global__ void dft_direct(const cuDoubleComplex *x, cuDoubleComplex *X, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  double re = 0, im = 0;
  for (int t = 0; t < n; ++t) {
    double s, c;
    sincospi(-2.0 * (double)((long long)k * t % n) / n, &s, &c);
    re += cuCreal(x[t]) * c - cuCimag(x[t]) * s;
    im += cuCreal(x[t]) * s + cuCimag(x[t]) * c;
  }
  X[k] = make_cuDoubleComplex(re, im);
}

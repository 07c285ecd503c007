// Atomic operations of every type, width and scope.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>

__global__ void atomic_int(int *i32, unsigned *u32, unsigned long long *u64, long long *i64, const int *v, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  int x = v[t];
  atomicAdd(&i32[0], x);
  atomicSub(&i32[1], x);
  atomicMax(&i32[2], x);
  atomicMin(&i32[3], x);
  atomicAnd(&i32[4], x | 0xff00);
  atomicOr(&i32[5], 1 << (x & 31));
  atomicXor(&i32[6], x);
  atomicExch(&i32[7], x);
  atomicCAS(&i32[8], 0, x);
  atomicInc(&u32[0], 1000u);
  atomicDec(&u32[1], 1000u);
  atomicAdd(&u32[2], (unsigned)x);
  atomicMax(&u32[3], (unsigned)x);
  atomicMin(&u32[4], (unsigned)x);
  atomicExch(&u32[5], (unsigned)t);
  atomicAdd(&u64[0], (unsigned long long)x);
  atomicCAS(&u64[1], 0ull, (unsigned long long)t);
  atomicExch(&u64[2], (unsigned long long)x << 32);
  atomicAnd(&u64[3], ~(1ull << (t & 63)));
  atomicOr(&u64[4], 1ull << (t & 63));
  atomicXor(&u64[5], (unsigned long long)x);
  atomicMax(&u64[6], (unsigned long long)x);
  atomicMin(&u64[7], (unsigned long long)x);
  atomicMax(&i64[0], (long long)x);
  atomicMin(&i64[1], (long long)x);
}

__global__ void atomic_float(float *f, double *d, __half2 *h2, __half *h, __nv_bfloat16 *b, __nv_bfloat162 *b2,
                             float2 *f2, float4 *f4, const float *v, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  float x = v[t];
  atomicAdd(&f[0], x);
  atomicExch(&f[1], x);
  atomicAdd(&d[0], (double)x);
  atomicAdd(&h2[0], __floats2half2_rn(x, -x));
  atomicAdd(&h[0], __float2half(x));
  atomicAdd(&b[0], __float2bfloat16(x));
  atomicAdd(&b2[0], __floats2bfloat162_rn(x, 2.f * x));
#if __CUDA_ARCH__ >= 900
  atomicAdd(&f2[0], make_float2(x, x));
  atomicAdd(&f4[0], make_float4(x, x, -x, 1.f));
#endif
#if __CUDA_ARCH__ >= 800
  (void)f2;
#endif
}

// float max through CAS loop (portable)
__device__ float atomic_max_float(float *addr, float val) {
  int *ai = (int *)addr;
  int old = *ai, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= val) break;
    old = atomicCAS(ai, assumed, __float_as_int(val));
  } while (assumed != old);
  return __int_as_float(old);
}

// 16-bit CAS and a 16-bit atomic add emulated with it
__device__ unsigned short atomic_add_u16(unsigned short *addr, unsigned short v) {
  unsigned short old = *addr, assumed;
  do {
    assumed = old;
    old = atomicCAS(addr, assumed, (unsigned short)(assumed + v));
  } while (old != assumed);
  return old;
}

// double min through 64-bit CAS
__device__ double atomic_min_double(double *addr, double val) {
  unsigned long long *a = (unsigned long long *)addr;
  unsigned long long old = *a, assumed;
  do {
    assumed = old;
    if (__longlong_as_double(assumed) <= val) break;
    old = atomicCAS(a, assumed, (unsigned long long)__double_as_longlong(val));
  } while (assumed != old);
  return __longlong_as_double(old);
}

__global__ void cas_loops(float *fmax, unsigned short *u16, double *dmin, const float *v, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  atomic_max_float(fmax, v[t]);
  atomic_add_u16(&u16[t & 7], (unsigned short)t);
  atomic_min_double(dmin, (double)v[t]);
}

__global__ void scoped_atomics(int *g, float *gf, unsigned long long *g64, const int *v, int n) {
  __shared__ int s_hist[64];
  __shared__ float s_sum;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = threadIdx.x; k < 64; k += blockDim.x) s_hist[k] = 0;
  if (threadIdx.x == 0) s_sum = 0.f;
  __syncthreads();
  if (t < n) {
    atomicAdd_block(&s_hist[v[t] & 63], 1);
    atomicAdd_block(&s_sum, (float)v[t]);
    atomicAdd_system(&g[0], v[t]);
    atomicCAS_system(&g[1], 0, v[t]);
    atomicExch_block(&g[2], t);
    atomicMax_system(&g64[0], (unsigned long long)v[t]);
    atomicOr_block(&g64[1], 1ull << (t & 63));
    atomicInc_system((unsigned *)&g[3], 77u);
    atomicAdd_system(gf, 1.0f);
  }
  __syncthreads();
  for (int k = threadIdx.x; k < 64; k += blockDim.x) atomicAdd(&g[4 + k], s_hist[k]);
  if (threadIdx.x == 0) atomicAdd(gf + 1, s_sum);
}

// A global ticket lock guarding a critical section.
__device__ int g_lock = 0;
__device__ int g_counter = 0;
__global__ void spin_lock(int iters) {
  if (threadIdx.x != 0) return;
  for (int i = 0; i < iters; ++i) {
    while (atomicCAS(&g_lock, 0, 1) != 0) { }
    __threadfence();
    g_counter += 1;
    __threadfence();
    atomicExch(&g_lock, 0);
  }
}

// Histogram in shared memory with warp-aggregated atomics on global
__global__ void histogram256(const uint8_t *data, size_t n, unsigned *hist) {
  __shared__ unsigned sh[256];
  for (int k = threadIdx.x; k < 256; k += blockDim.x) sh[k] = 0;
  __syncthreads();
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    atomicAdd(&sh[data[i]], 1u);
  __syncthreads();
  for (int k = threadIdx.x; k < 256; k += blockDim.x)
    if (sh[k]) atomicAdd(&hist[k], sh[k]);
}

// Results discarded: compiler may use red.* instead of atom.*
__global__ void reductions_no_return(int *g, float *f, unsigned long long *u) {
  atomicAdd(g, 1);
  atomicOr(g + 1, threadIdx.x);
  atomicAdd(f, 0.25f);
  atomicAdd(u, 3ull);
  atomicMin(g + 2, -(int)threadIdx.x);
}

// Integer arithmetic, bit manipulation and SIMD-in-register intrinsics.
#include <cstdint>

__device__ __forceinline__ uint32_t rotl32(uint32_t x, int r) {
  return __funnelshift_l(x, x, r);
}

__device__ uint32_t murmur_mix(uint32_t h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

__device__ uint64_t splitmix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

__global__ void bit_ops(const uint32_t *__restrict__ in, uint32_t *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  uint32_t x = in[i];
  uint32_t r = 0;
  r += __popc(x);
  r += __clz(x) << 8;
  r += (uint32_t)__ffs(x) << 16;
  r ^= __brev(x);
  r += __byte_perm(x, r, 0x5140);
  r ^= __funnelshift_r(x, r, i & 31);
  r ^= __funnelshift_lc(r, x, (i * 7) & 63);
  r ^= __funnelshift_rc(r, x, 33);
  r += rotl32(x, 13);
  r += __umulhi(x, 0x9e3779b9u);
  r += (uint32_t)__mulhi((int)x, -1640531527);
  r += __sad((int)x, (int)r, 7u);
  r += __usad(x, r, 11u);
  r += __uhadd(x, r) + __urhadd(x, r) + (uint32_t)__hadd((int)x, -(int)r) + (uint32_t)__rhadd((int)x, 5);
  r += __umul24(x, r) + (uint32_t)__mul24((int)x, -3);
  out[i] = murmur_mix(r);
}

__global__ void bit_ops64(const uint64_t *in, uint64_t *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  uint64_t x = in[i];
  uint64_t r = splitmix64(x);
  r += __popcll(x);
  r += (uint64_t)__clzll((long long)x) << 7;
  r += (uint64_t)__ffsll((long long)r) << 20;
  r ^= __brevll(x);
  r += __umul64hi(x, r);
  r += (uint64_t)__mul64hi((long long)x, -7LL);
  r += x / (uint64_t)(i + 3);            // 64-bit unsigned division
  r += (uint64_t)((int64_t)x % -(int64_t)(i + 5));  // signed remainder
  r = (r << (i & 63)) | (r >> ((64 - i) & 63));
  out[i] = r;
}

// SIMD within a register
__global__ void simd_video(const unsigned *a, const unsigned *b, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  unsigned r = __vadd4(x, y);
  r ^= __vsub4(x, y);
  r ^= __vabsdiffu4(x, y);
  r ^= __vmaxu4(x, y) + __vminu4(x, y);
  r ^= __vadd2(x, y) ^ __vsub2(x, y);
  r ^= __vavgu4(x, y) ^ __vavgu2(x, y);
  r ^= __vcmpeq4(x, y) ^ __vcmpgtu4(x, y) ^ __vcmples4(x, y);
  r ^= __vaddss4(x, y) ^ __vsubus4(x, y) ^ __vsads4(x, y);
  r ^= __vabs4(x) ^ __vneg2(y) ^ __vnegss4(x);
  r ^= __vmaxs2(x, y) ^ __vmins2(x, y) ^ __vhaddu4(x, y);
  r ^= __vsetgeu4(x, y) ^ __vseteq2(x, y);
  out[i] = r;
}

__global__ void dot_products(const int *a, const int *b, const unsigned *ua, const unsigned *ub,
                             int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int acc = __dp4a(a[i], b[i], 0);
  acc = __dp4a(ua[i], ub[i], (unsigned)acc);
  acc = __dp2a_lo(a[i], b[i], acc);
  acc = __dp2a_hi(ua[i], ub[i], (unsigned)acc);
  out[i] = acc;
}

// Saturating / wide integer math, division by constants and variables
__global__ void divmod(const int *in, int *q, int *r, long long *wide, int n, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = in[i];
  q[i] = x / d + x / 7 - x / -13 + (int)((unsigned)x / 1000u);
  r[i] = x % d + x % 9;
  long long w = (long long)x * (long long)d;
  w += (long long)x * 1000003LL;
  w = w / (d | 1) + w % 17;
  wide[i] = w + (long long)(__int128)0 + (long long)((unsigned long long)w >> 3);
  int mn = min(x, d), mx = max(x, -d);
  q[i] += abs(mn) + mx + llabs(w) % 3 + umin((unsigned)x, 5u) + umax((unsigned)x, 3u);
}

__global__ void prefix_xor_scan(const uint8_t *in, uint8_t *out, int n) {
  extern __shared__ uint8_t sbuf[];
  int t = threadIdx.x;
  if (t < n) sbuf[t] = in[t];
  __syncthreads();
  for (int off = 1; off < n; off <<= 1) {
    uint8_t v = 0;
    if (t >= off && t < n) v = sbuf[t - off];
    __syncthreads();
    if (t < n) sbuf[t] ^= v;
    __syncthreads();
  }
  if (t < n) out[t] = sbuf[t];
}

__global__ void narrow_types(const int8_t *a, const int16_t *b, const uint16_t *c, short *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int8_t x = a[i];
  int16_t y = b[i];
  uint16_t z = c[i];
  short r = (short)(x * y) + (short)(z >> 3) - (short)(y / (x | 1));
  r = (short)(r << 2) ^ (short)__byte_perm((unsigned)z, 0, 0x3210);
  out[i] = r;
}

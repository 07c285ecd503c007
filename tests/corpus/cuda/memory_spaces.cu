// Globals with initializers, constant memory, managed memory, struct and
// __grid_constant__ parameters, dynamic shared memory, launch bounds.
#include <cstdint>

struct Params {
  float scale;
  int n;
  double bias;
  int4 dims;
  const float *table;
  char tag[12];
};

struct alignas(16) Vec3Pad { float x, y, z, w; };

__constant__ float c_coeffs[16] = {1.f, 0.5f, 0.25f, 0.125f, -1.f, -0.5f, 3.14159265f, 2.71828183f,
                                   1e-7f, 1e30f, -0.f, 0.1f, 0.2f, 0.3f, 0.4f, 0.5f};
__constant__ double c_dcoeffs[4] = {1.0, 1e-300, -2.5, 6.02214076e23};
__constant__ int c_lut[8] = {0, 1, 1, 2, 1, 2, 2, 3};
__constant__ Params c_params;
__constant__ uint8_t c_bytes[5] = {0xde, 0xad, 0xbe, 0xef, 0x00};
__constant__ int16_t c_shorts[3] = {-1, 32767, -32768};
__constant__ char c_message[] = "constant string\n";

__device__ int g_counter = 7;
__device__ float g_weights[4] = {0.1f, 0.2f, 0.3f, 0.4f};
__device__ int g_array[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
__device__ float *g_ptr_to_weights = g_weights;            // pointer to another global
__device__ int *g_ptr_into_array = &g_array[1][2];         // interior pointer
__device__ const float *g_ptr_to_const = c_coeffs;          // pointer into constant bank
__device__ Vec3Pad g_origin = {1.f, 2.f, 3.f, 0.f};
__device__ struct { int a; double b; short c; } g_mixed = {1, 2.5, 3};
__device__ const char *g_names[3] = {"alpha", "beta", "gamma"};
__device__ uint64_t g_big = 0xfedcba9876543210ull;
__device__ double g_zero_init[8];
__device__ __managed__ int m_result[4];
__device__ __managed__ float m_scalar = 1.5f;

__global__ void use_constants(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  float p = 0.f;
#pragma unroll
  for (int k = 15; k >= 0; --k) p = p * v + c_coeffs[k];
  p += (float)c_dcoeffs[i & 3] + (float)c_lut[i & 7] + c_params.scale * (float)c_params.dims.y;
  p += (float)c_bytes[i % 5] + (float)c_shorts[i % 3] + (float)c_message[i % 16];
  y[i] = p + (float)c_params.bias;
}

__global__ void use_globals(int *out, float *fout) {
  int t = threadIdx.x;
  out[t] = g_counter + g_array[t % 3][t % 4] + *g_ptr_into_array + g_mixed.a + g_mixed.c + (int)(g_big >> (t & 63));
  fout[t] = g_ptr_to_weights[t & 3] + g_ptr_to_const[t & 15] + g_origin.y + (float)g_mixed.b + (float)g_names[t % 3][0];
  g_zero_init[t & 7] += 1.0;
  if (t == 0) {
    ++g_counter;
    m_result[0] = g_counter;
    m_result[1] = (int)m_scalar;
  }
}

// Struct passed by value (lives in the param space).
__global__ void by_value(Params p, Vec3Pad v, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.n) return;
  out[i] = p.table[i % p.dims.x] * p.scale + (float)p.bias + v.x * v.y - v.z + (float)p.tag[i % 12];
}

// __grid_constant__: the kernel may take the parameter's address.
__global__ void grid_constant(const __grid_constant__ Params p, float *out) {
  const Params *pp = &p;
  const int *dims = &pp->dims.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n) out[i] = pp->scale * (float)dims[i & 3] + (float)pp->tag[i % 12];
}

// Large parameter list, including small types.
__global__ void many_params(char c, unsigned char uc, short s, unsigned short us, int i, unsigned u, long long ll,
                            unsigned long long ull, float f, double d, bool b, float2 f2, double2 d2, uchar4 u4,
                            short3 s3, longlong2 l2, float *out) {
  out[0] = c + uc + s + us + i + u + (float)ll + (float)ull + f + (float)d + (b ? 1 : 0);
  out[1] = f2.x + f2.y + (float)(d2.x * d2.y) + u4.x + u4.w + s3.z + (float)(l2.x - l2.y);
}

// Dynamic shared memory with several arrays carved from one buffer.
__global__ void dynamic_smem(const float *in, float *out, int n, int m) {
  extern __shared__ __align__(16) unsigned char dsmem[];
  float *a = reinterpret_cast<float *>(dsmem);
  int *b = reinterpret_cast<int *>(a + n);
  double *c = reinterpret_cast<double *>(dsmem + ((n * sizeof(float) + m * sizeof(int) + 7) & ~7));
  int t = threadIdx.x;
  if (t < n) a[t] = in[blockIdx.x * n + t];
  if (t < m) b[t] = t * 3;
  if (t < 4) c[t] = 0.5 * t;
  __syncthreads();
  if (t < n) out[blockIdx.x * n + t] = a[(t + 1) % n] + (float)b[t % m] + (float)c[t & 3];
}

// Static + dynamic shared, 2-D shared arrays with padding, volatile shared.
__global__ void __launch_bounds__(256, 2) transpose_tile(const float *in, float *out, int w, int h) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void __launch_bounds__(1024) big_block(float *out) {
  volatile __shared__ float s[1024];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[1023 - threadIdx.x];
}

#if defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ >= 13 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 4))
__global__ void __maxnreg__(64) capped_registers(const double *in, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = sin(in[i]) * cos(in[i]) + exp(in[i]);
}
#endif

// Local memory: dynamically indexed private array.
__global__ void local_array(const int *idx, float *out, int n) {
  float priv[64];
  for (int k = 0; k < 64; ++k) priv[k] = k * 0.5f + threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = priv[idx[i] & 63] + priv[(idx[i] >> 6) & 63];
}

// Vector loads and stores of many widths.
__global__ void vector_widths(const double4_32a *d4, const longlong4_32a *l4, const float4 *f4, const char4 *c4, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double4_32a a = d4[i];
  longlong4_32a b = l4[i];
  float4 c = f4[i];
  char4 d = c4[i];
  out[i] = a.x + a.w + (double)(b.x ^ b.w) + c.x + c.z + d.x + d.w;
}

// Generic-address space queries and explicit conversions.
__device__ float g_scratch[32];
__global__ void address_spaces(float *maybe, unsigned *flags) {
  __shared__ float sh[32];
  float loc[2] = {1.f, 2.f};
  float *ptrs[4] = {maybe, sh, g_scratch, loc};
  float *p = ptrs[threadIdx.x & 3];
  unsigned f = __isGlobal(p) | (__isShared(p) << 1) | (__isConstant(p) << 2) | (__isLocal(p) << 3);
  size_t sa = __cvta_generic_to_shared(sh);
  void *back = __cvta_shared_to_generic(sa);
  flags[threadIdx.x] = f + (back == (void *)sh ? 16u : 0u) + (unsigned)__cvta_generic_to_global(g_scratch);
}

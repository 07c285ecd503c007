// corpus: archs sm_80 sm_90
// corpus: no-debug
// Random number generation with cuRAND device API (Philox, MRG32k3a),
// Monte-Carlo kernels, and a hand-written counter-based generator.
#include <curand_kernel.h>
#include <cstdint>

__global__ void setup_philox(curandStatePhilox4_32_10_t *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

__global__ void monte_carlo_pi(curandStatePhilox4_32_10_t *states, unsigned long long *hits, int samples) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t st = states[id];
  unsigned long long local = 0;
  for (int i = 0; i < samples; i += 2) {
    float4 r = curand_uniform4(&st);
    local += (r.x * r.x + r.y * r.y <= 1.f) + (r.z * r.z + r.w * r.w <= 1.f);
  }
  states[id] = st;
  atomicAdd(hits, local);
}

__global__ void distributions(unsigned long long seed, float *normal, double *lognormal, unsigned *poisson_like, float2 *box,
                              int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n) return;
  curandStatePhilox4_32_10_t st;
  curand_init(seed, id, 0, &st);
  normal[id] = curand_normal(&st);
  lognormal[id] = curand_log_normal_double(&st, 0.0, 0.5);
  box[id] = curand_normal2(&st);
  unsigned u = curand(&st);
  skipahead(1000ull, &st);
  poisson_like[id] = u ^ curand(&st);
}

__global__ void mrg_paths(unsigned long long seed, float *paths, int steps, float mu, float sigma, float dt) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandStateMRG32k3a st;
  curand_init(seed, id, 0, &st);
  float s = 1.f;
  for (int k = 0; k < steps; ++k) s *= expf((mu - 0.5f * sigma * sigma) * dt + sigma * sqrtf(dt) * curand_normal(&st));
  paths[id] = s;
}

// Counter-based hash generator (squares-style), no state.
__device__ __forceinline__ uint32_t squares32(uint64_t ctr, uint64_t key) {
  uint64_t x = ctr * key, y = x, z = y + key;
  x = x * x + y; x = (x >> 32) | (x << 32);
  x = x * x + z; x = (x >> 32) | (x << 32);
  x = x * x + y; x = (x >> 32) | (x << 32);
  return (uint32_t)((x * x + z) >> 32);
}
__global__ void hash_uniform(float *out, uint64_t key, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    out[i] = (float)squares32(i, key) * 2.3283064365386963e-10f;
}

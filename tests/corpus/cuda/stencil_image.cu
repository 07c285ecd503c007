// Image processing and stencils: separable convolution, Sobel, 3-D heat
// stencil with register tiling, bilinear warp, median filter, integral image.
#include <cstdint>

#define KR 4
__constant__ float c_kernel[2 * KR + 1];

__global__ void conv_rows(const float *in, float *out, int w, int h) {
  __shared__ float tile[16][64 + 2 * KR];
  int x0 = blockIdx.x * 64, y = blockIdx.y * 16 + threadIdx.y;
  for (int i = threadIdx.x; i < 64 + 2 * KR; i += blockDim.x) {
    int x = min(max(x0 + i - KR, 0), w - 1);
    tile[threadIdx.y][i] = y < h ? in[y * w + x] : 0.f;
  }
  __syncthreads();
  for (int i = threadIdx.x; i < 64; i += blockDim.x) {
    float s = 0.f;
#pragma unroll
    for (int k = -KR; k <= KR; ++k) s += c_kernel[k + KR] * tile[threadIdx.y][i + KR + k];
    if (y < h && x0 + i < w) out[y * w + x0 + i] = s;
  }
}

__global__ void conv_cols(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float s = 0.f;
#pragma unroll
  for (int k = -KR; k <= KR; ++k) s += c_kernel[k + KR] * in[min(max(y + k, 0), h - 1) * w + x];
  out[y * w + x] = s;
}

__global__ void sobel(const uint8_t *img, uint8_t *mag, float *angle, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;
#define P(dx, dy) (int)img[(y + (dy)) * w + (x + (dx))]
  int gx = -P(-1, -1) - 2 * P(-1, 0) - P(-1, 1) + P(1, -1) + 2 * P(1, 0) + P(1, 1);
  int gy = -P(-1, -1) - 2 * P(0, -1) - P(1, -1) + P(-1, 1) + 2 * P(0, 1) + P(1, 1);
#undef P
  float m = sqrtf((float)(gx * gx + gy * gy));
  mag[y * w + x] = (uint8_t)min(255, __float2int_rn(m));
  angle[y * w + x] = atan2f((float)gy, (float)gx);
}

// 7-point 3-D heat stencil, marching in z with registers holding the column.
__global__ void heat3d(const float *__restrict__ u, float *__restrict__ v, int nx, int ny, int nz, float alpha) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
  size_t plane = (size_t)nx * ny;
  size_t idx = plane + (size_t)y * nx + x;
  float below = u[idx - plane], cur = u[idx], above;
  for (int z = 1; z < nz - 1; ++z, idx += plane) {
    above = u[idx + plane];
    float lap = u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx] + below + above - 6.f * cur;
    v[idx] = cur + alpha * lap;
    below = cur;
    cur = above;
  }
}

__global__ void warp_affine(const float *src, float *dst, int w, int h, float a, float b, float c, float d, float tx, float ty) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float sx = a * x + b * y + tx, sy = c * x + d * y + ty;
  int x0 = (int)floorf(sx), y0 = (int)floorf(sy);
  float fx = sx - x0, fy = sy - y0;
  auto at = [&](int xx, int yy) -> float { return (xx >= 0 && yy >= 0 && xx < w && yy < h) ? src[yy * w + xx] : 0.f; };
  float v = (1 - fx) * (1 - fy) * at(x0, y0) + fx * (1 - fy) * at(x0 + 1, y0) + (1 - fx) * fy * at(x0, y0 + 1) +
            fx * fy * at(x0 + 1, y0 + 1);
  dst[y * w + x] = v;
}

__global__ void median3x3(const uint8_t *in, uint8_t *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  uint8_t v[9];
  int k = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) v[k++] = in[min(max(y + dy, 0), h - 1) * w + min(max(x + dx, 0), w - 1)];
#pragma unroll
  for (int i = 0; i < 9; ++i)
#pragma unroll
    for (int j = 0; j < 8 - i; ++j) {
      uint8_t a = v[j], b = v[j + 1];
      v[j] = min(a, b);
      v[j + 1] = max(a, b);
    }
  out[y * w + x] = v[4];
}

// Integral image: row prefix sums with warp scans, then a column pass.
__global__ void integral_rows(const uint8_t *in, uint32_t *out, int w, int h) {
  int y = blockIdx.x;
  if (y >= h) return;
  uint32_t carry = 0;
  for (int x0 = 0; x0 < w; x0 += 32) {
    int x = x0 + threadIdx.x;
    uint32_t v = x < w ? in[y * w + x] : 0;
    for (int off = 1; off < 32; off <<= 1) {
      uint32_t t = __shfl_up_sync(0xffffffffu, v, off);
      if ((int)threadIdx.x >= off) v += t;
    }
    if (x < w) out[y * w + x] = v + carry;
    carry += __shfl_sync(0xffffffffu, v, 31);
  }
}
__global__ void integral_cols(uint32_t *img, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= w) return;
  uint32_t acc = 0;
  for (int y = 0; y < h; ++y) { acc += img[y * w + x]; img[y * w + x] = acc; }
}

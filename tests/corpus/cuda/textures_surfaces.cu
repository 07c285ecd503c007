// Texture and surface objects: 1D/2D/3D, layered, cubemap, gather, LOD, surfaces.
#include <cuda_fp16.h>

__global__ void tex_fetch_1d(cudaTextureObject_t lin, cudaTextureObject_t lin4, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = tex1Dfetch<float>(lin, i);
  float4 b = tex1Dfetch<float4>(lin4, i / 4);
  out[i] = a + b.x * b.w;
}

__global__ void bilinear_resize(cudaTextureObject_t src, float *dst, int w, int h, float sx, float sy) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float u = (x + 0.5f) * sx, v = (y + 0.5f) * sy;
  float c = tex2D<float>(src, u, v);
  float g = tex2DLod<float>(src, u, v, 1.5f);
  float gr = tex2DGrad<float>(src, u, v, make_float2(sx, 0.f), make_float2(0.f, sy));
  dst[y * w + x] = c * 0.5f + g * 0.25f + gr * 0.25f;
}

__global__ void tex_int_and_half(cudaTextureObject_t tu8, cudaTextureObject_t th, uchar4 *o8, float *oh, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  o8[y * w + x] = tex2D<uchar4>(tu8, x, y);
  oh[y * w + x] = tex2D<float>(th, x + 0.5f, y + 0.5f);
}

__global__ void volume_sample(cudaTextureObject_t vol, cudaTextureObject_t layered, cudaTextureObject_t cube, float *out,
                              int n, int layers) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float t = (float)i / n;
  float a = tex3D<float>(vol, t, 1.f - t, 0.5f);
  float b = tex2DLayered<float>(layered, t, t, i % layers);
  float c = tex1DLayered<float>(layered, t, (i + 1) % layers);
  float4 d = texCubemap<float4>(cube, t - 0.5f, 0.5f, 1.f);
  float e = tex3DLod<float>(vol, t, t, t, 0.f);
  out[i] = a + b + c + d.x + d.y + e;
}

__global__ void gather(cudaTextureObject_t tex, float4 *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float4 g0 = tex2Dgather<float4>(tex, x + 0.5f, y + 0.5f, 0);
  float4 g1 = tex2Dgather<float4>(tex, x + 0.5f, y + 0.5f, 1);
  out[y * w + x] = make_float4(g0.x + g1.x, g0.y + g1.y, g0.z + g1.z, g0.w + g1.w);
}

// Surfaces: read-modify-write in place, with boundary modes.
__global__ void surf_blur(cudaSurfaceObject_t in, cudaSurfaceObject_t out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float s = 0.f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) s += surf2Dread<float>(in, (x + dx) * 4, y + dy, cudaBoundaryModeClamp);
  surf2Dwrite(s / 9.f, out, x * 4, y);
}

__global__ void surf_misc(cudaSurfaceObject_t s1, cudaSurfaceObject_t s3, cudaSurfaceObject_t sl, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  uchar4 v = surf1Dread<uchar4>(s1, i * 4, cudaBoundaryModeZero);
  v.x = 255 - v.x;
  surf1Dwrite(v, s1, i * 4, cudaBoundaryModeTrap);
  float4 f = surf3Dread<float4>(s3, (i % 8) * 16, (i / 8) % 8, i / 64);
  surf3Dwrite(make_float4(f.w, f.z, f.y, f.x), s3, (i % 8) * 16, (i / 8) % 8, i / 64);
  short2 sh;
  surf2DLayeredread(&sh, sl, (i % 16) * 4, i / 16, 1);
  surf2DLayeredwrite(make_short2(sh.y, sh.x), sl, (i % 16) * 4, i / 16, 0);
}

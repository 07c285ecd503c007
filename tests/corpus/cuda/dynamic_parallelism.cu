// corpus: rdc
// Dynamic parallelism: kernels that launch kernels (adaptive quadrature,
// recursive quadtree-like subdivision), with device-side streams and tail launch.
#include <cstdio>

__device__ float integrand(float x) { return sinf(x) * expf(-0.1f * x * x) + 1.f; }

__device__ float simpson(float a, float b) {
  float m = 0.5f * (a + b);
  return (b - a) / 6.f * (integrand(a) + 4.f * integrand(m) + integrand(b));
}

__global__ void adaptive_quad(float a, float b, float tol, int depth, float *result) {
  float m = 0.5f * (a + b);
  float whole = simpson(a, b), left = simpson(a, m), right = simpson(m, b);
  if (depth >= 6 || fabsf(left + right - whole) < 15.f * tol) {
    atomicAdd(result, left + right + (left + right - whole) / 15.f);
    return;
  }
  // Refine both halves in child grids.
  adaptive_quad<<<1, 1>>>(a, m, tol * 0.5f, depth + 1, result);
  adaptive_quad<<<1, 1>>>(m, b, tol * 0.5f, depth + 1, result);
}

__global__ void child_scale(float *data, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= s;
}

__global__ void child_report(const float *data, int n) {
  float s = 0.f;
  for (int i = 0; i < n; ++i) s += data[i];
  printf("child sum over %d elements: %f\n", n, s);
}

__global__ void parent_segments(float *data, const int *offsets, int nseg) {
  int seg = blockIdx.x * blockDim.x + threadIdx.x;
  if (seg >= nseg) return;
  int begin = offsets[seg], len = offsets[seg + 1] - begin;
  if (len <= 0) return;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  child_scale<<<(len + 127) / 128, 128, 0, s>>>(data + begin, len, 1.f / (seg + 1));
  cudaStreamDestroy(s);
  if (seg == 0) child_report<<<1, 1, 0, cudaStreamTailLaunch>>>(data, len);
}

__global__ void fire_and_forget(int *flags, int n) {
  if (threadIdx.x == 0) {
    child_scale<<<1, 32, 0, cudaStreamFireAndForget>>>(reinterpret_cast<float *>(flags), n, 2.f);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) printf("launch failed: %d\n", (int)e);
  }
}

// Launch through the runtime API with explicit parameter buffer.
__global__ void api_launch(float *data, int n) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  void *buf = cudaGetParameterBuffer(8, sizeof(float *) + sizeof(int) + sizeof(float));
  if (!buf) return;
  char *p = (char *)buf;
  *(float **)p = data;
  *(int *)(p + 8) = n;
  *(float *)(p + 12) = 3.f;
  cudaLaunchDevice((void *)child_scale, buf, dim3((n + 63) / 64), dim3(64), 0, 0);
  int dev = -1;
  cudaGetDevice(&dev);
  cudaEvent_t ev;
  cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);
  cudaEventDestroy(ev);
}

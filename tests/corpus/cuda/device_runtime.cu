// corpus: rdc
// corpus: archs sm_90
// corpus: no-debug
// The device runtime seen from the parent: launches into the NULL stream,
// created streams, tail and fire-and-forget launches, dynamic shared memory
// in a child, grandchildren, a recursion to depth 6, launches from every
// thread, the error of a bad configuration, and the runtime's queries.

__global__ void fill(int *out, int base, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[base + i] = base * 1000 + i;
}

__global__ void add_all(int *out, int n, int v) {
  for (int i = threadIdx.x; i < n; i += blockDim.x) out[i] += v;
}

__global__ void reverse_shared(int *out, int v) {
  extern __shared__ int sh[];
  sh[threadIdx.x] = v + threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = sh[blockDim.x - 1 - threadIdx.x];
  if (threadIdx.x == 0) add_all<<<1, blockDim.x>>>(out, blockDim.x, 7);
}

// Each block's thread 0 fills a slice; a tail launch reverses a second buffer
// after all of the block's other work.
__global__ void parent(int *out, int *out2, int n) {
  if (threadIdx.x == 0) {
    reverse_shared<<<1, 64, 64 * sizeof(int), cudaStreamTailLaunch>>>(out2 + blockIdx.x * 64, blockIdx.x);
    fill<<<(n + 31) / 32, 32>>>(out, blockIdx.x * n, n);
  }
}

__global__ void recurse(int *out, int depth) {
  out[depth] = depth * depth + 1;
  if (depth < 6) recurse<<<1, 1, 0, cudaStreamFireAndForget>>>(out, depth + 1);
}

// Every thread launches one single-thread child; odd threads in their own stream.
__global__ void per_thread(int *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  cudaStream_t s = 0;
  if (t & 1) cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  fill<<<1, 1, 0, s>>>(out, t, 1);
  if (t & 1) cudaStreamDestroy(s);
}

// The runtime's answers: device, attributes, a launch that must fail, errors.
__global__ void queries(int *out) {
  int dev = -1, v = 0;
  out[0] = cudaGetDevice(&dev);
  out[1] = dev;
  out[2] = cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, dev);
  out[3] = v;
  cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerBlock, dev);
  out[4] = v;
  cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, dev);
  out[5] = v;
  out[6] = cudaGetLastError();
  fill<<<1, 2048>>>(out, 100, 1);   // more threads than a block may have
  out[7] = cudaPeekAtLastError();
  out[8] = cudaGetLastError();
  out[9] = cudaGetLastError();
  int *p = nullptr;
  out[10] = cudaMalloc(&p, 64);
  out[11] = p != nullptr;
  if (p) {
    p[3] = 42;
    out[12] = p[3];
    out[13] = cudaFree(p);
  }
  void *buf = cudaGetParameterBuffer(8, 16);
  if (buf) {
    *(int **)buf = out + 32;
    ((int *)buf)[2] = 5;
    ((int *)buf)[3] = 3;
    out[14] = cudaLaunchDevice((void *)fill, buf, dim3(1), dim3(4), 0, 0);
  }
}

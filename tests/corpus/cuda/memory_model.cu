// corpus: no-debug
// libcu++ scoped atomics (cuda::atomic_ref / cuda::atomic), memory orders,
// fences, volatile accesses and a message-passing protocol between blocks.
#include <cuda/atomic>
#include <cuda/std/atomic>

__global__ void scoped_counters(int *sys_ctr, int *dev_ctr, unsigned long long *blk64, float *facc, int n) {
  __shared__ int s_ctr;
  if (threadIdx.x == 0) s_ctr = 0;
  __syncthreads();
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) {
    cuda::atomic_ref<int, cuda::thread_scope_system> sys(*sys_ctr);
    cuda::atomic_ref<int, cuda::thread_scope_device> dev(*dev_ctr);
    cuda::atomic_ref<int, cuda::thread_scope_block> blk(s_ctr);
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_block> b64(*blk64);
    cuda::atomic_ref<float, cuda::thread_scope_device> fa(*facc);
    sys.fetch_add(1, cuda::std::memory_order_relaxed);
    dev.fetch_add(2, cuda::std::memory_order_acq_rel);
    blk.fetch_or(1 << (t & 31), cuda::std::memory_order_release);
    b64.fetch_xor(0x0123456789abcdefull ^ t, cuda::std::memory_order_seq_cst);
    fa.fetch_add(0.5f, cuda::std::memory_order_relaxed);
    dev.fetch_max(t, cuda::std::memory_order_relaxed);
    dev.fetch_min(-t);
    int expected = 0;
    sys.compare_exchange_strong(expected, t, cuda::std::memory_order_acq_rel, cuda::std::memory_order_acquire);
    b64.exchange(t);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    cuda::atomic_ref<int, cuda::thread_scope_device> dev(*dev_ctr);
    dev.fetch_add(s_ctr, cuda::std::memory_order_relaxed);
  }
}

// Producer/consumer flag between blocks with acquire/release at device scope.
__global__ void message_passing(int *data, int *flag, int *out) {
  cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
  if (blockIdx.x == 0) {
    if (threadIdx.x == 0) {
      data[0] = 42;
      data[1] = 43;
      f.store(1, cuda::std::memory_order_release);
    }
  } else if (threadIdx.x == 0) {
    while (f.load(cuda::std::memory_order_acquire) == 0) {
#if __CUDA_ARCH__ >= 700
      __nanosleep(100);
#endif
    }
    out[blockIdx.x] = data[0] + data[1];
  }
}

// Fences and volatile accesses, block-wide "last block done" pattern.
__device__ unsigned int g_blocks_done = 0;
__global__ void last_block_sum(const float *in, volatile float *partial, float *result, int n) {
  __shared__ float s[256];
  __shared__ bool am_last;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = t < n ? in[t] : 0.f;
  __syncthreads();
  for (int off = blockDim.x / 2; off; off >>= 1) {
    if (threadIdx.x < off) s[threadIdx.x] += s[threadIdx.x + off];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();
    unsigned ticket = atomicInc(&g_blocks_done, gridDim.x);
    am_last = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (am_last && threadIdx.x == 0) {
    float tot = 0.f;
    for (unsigned b = 0; b < gridDim.x; ++b) tot += partial[b];
    *result = tot;
    g_blocks_done = 0;
  }
}

__global__ void fences(int *a, int *b) {
  a[threadIdx.x] = 1;
  __threadfence_block();
  b[threadIdx.x] = 2;
  __threadfence();
  a[threadIdx.x + 32] = 3;
  __threadfence_system();
  cuda::atomic_thread_fence(cuda::std::memory_order_seq_cst, cuda::thread_scope_block);
  cuda::atomic_thread_fence(cuda::std::memory_order_acquire, cuda::thread_scope_device);
  cuda::atomic_thread_fence(cuda::std::memory_order_release, cuda::thread_scope_system);
  b[threadIdx.x + 32] = 4;
}

// A cuda::atomic object living in global memory with a static initializer.
__device__ cuda::atomic<int, cuda::thread_scope_device> g_queue_head{0};
__device__ cuda::std::atomic<unsigned long long> g_total{0};
__global__ void work_queue(const int *items, int n, long long *out) {
  long long acc = 0;
  for (;;) {
    int idx = g_queue_head.fetch_add(1, cuda::std::memory_order_relaxed);
    if (idx >= n) break;
    acc += items[idx];
  }
  g_total.fetch_add((unsigned long long)acc);
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// Atomic wait/notify (uses nanosleep backoff on device).
__global__ void wait_notify(int *flag, int *out) {
  cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    out[0] = 7;
    f.store(1, cuda::std::memory_order_release);
  } else if (threadIdx.x == 0) {
    int v = f.load(cuda::std::memory_order_acquire);
    while (v == 0) v = f.load(cuda::std::memory_order_acquire);
    out[blockIdx.x] = out[0] + v;
  }
}

// Relaxed loads/stores with explicit cache operators.
__global__ void cache_hints(const float4 *in, float4 *out, const int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 a = __ldg(&in[i]);
  float4 b = __ldcs(&in[(i + 1) % n]);
  float4 c = __ldlu(&in[(i + 2) % n]);
  float4 d = __ldcv(&in[(i + 3) % n]);
  int j = __ldca(&idx[i]);
  float4 r = make_float4(a.x + b.x + c.x + d.x, a.y + b.y, c.z + d.z, (float)j);
  __stcs(&out[i], r);
  __stwt(&out[(i + 7) % n], a);
  __stcg(&out[(i + 9) % n], b);
  __stwb(&out[(i + 11) % n], c);
}

// Device-side printf, assert, heap allocation, __trap and __brkpt.
#include <cstdio>
#include <cassert>
#include <cstdint>

struct Node { int key; float val; Node *next; };

__global__ void debug_print(const float *x, int n, const char *tag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && (i % 97) == 0) {
    printf("[%s] block %d thread %d: x=%f (%e) hex=%08x i64=%lld u=%u c=%c s=%s p=%p\n", tag, blockIdx.x,
           threadIdx.x, x[i], (double)x[i] * 1e10, __float_as_uint(x[i]), (long long)i * -123456789LL,
           (unsigned)i, 'A' + (i % 26), "ok", (const void *)(x + i));
  }
  if (i == 0) printf("grid %dx%dx%d block %dx%dx%d\n", gridDim.x, gridDim.y, gridDim.z, blockDim.x, blockDim.y, blockDim.z);
}

__global__ void checked_divide(const int *a, const int *b, int *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  assert(b[i] != 0 && "divisor must be non-zero");
  assert(a[i] >= INT32_MIN + 1);
  q[i] = a[i] / b[i];
}

__global__ void must_hold(const int *flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && flags[i] < 0) {
    printf("invariant violated at %d\n", i);
    __trap();
  }
  if (i < n && flags[i] == 0x7fffffff) __brkpt();
}

// Each thread builds a linked list on the device heap, walks it and frees it.
__global__ void heap_lists(const int *lens, float *sums, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  Node *head = nullptr;
  for (int k = 0; k < lens[t]; ++k) {
    Node *nd = (Node *)malloc(sizeof(Node));
    if (!nd) { sums[t] = -1.f; break; }
    nd->key = k;
    nd->val = 0.5f * k;
    nd->next = head;
    head = nd;
  }
  float s = 0.f;
  while (head) {
    s += head->val * head->key;
    Node *nx = head->next;
    free(head);
    head = nx;
  }
  sums[t] = s;
}

// One block-wide scratch buffer allocated by thread 0 and shared via shared memory.
__global__ void block_scratch(const float *in, float *out, int n) {
  __shared__ float *scratch;
  if (threadIdx.x == 0) scratch = (float *)malloc(sizeof(float) * blockDim.x * 4);
  __syncthreads();
  if (!scratch) return;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; ++k) scratch[threadIdx.x * 4 + k] = i < n ? in[i] * k : 0.f;
  __syncthreads();
  float acc = 0.f;
  for (int k = 0; k < 4; ++k) acc += scratch[((threadIdx.x + 1) % blockDim.x) * 4 + k];
  if (i < n) out[i] = acc;
  __syncthreads();
  if (threadIdx.x == 0) free(scratch);
}

// C++ new/delete of arrays and objects with constructors.
struct Accum {
  double sum; int count;
  __device__ Accum() : sum(0.0), count(0) {}
  __device__ void add(double v) { sum += v; ++count; }
  __device__ double mean() const { return count ? sum / count : 0.0; }
};
__global__ void new_delete(const double *x, double *m, int n, int k) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  Accum *acc = new Accum[k];
  for (int j = 0; j < k; ++j) acc[j].add(x[t] * j);
  double r = 0;
  for (int j = 0; j < k; ++j) r += acc[j].mean();
  delete[] acc;
  int *tmp = new int(t);
  m[t] = r + *tmp;
  delete tmp;
}

__global__ void print_formats(double d, long long ll, unsigned long long ull, short s, char c) {
  printf("%5.2f|%-8d|%+g|%x|%lld|%llu|%hd|%c|%%|%10s|\n", d, (int)ll, d * 3, (unsigned)ull, ll, ull, s, c, "right");
}

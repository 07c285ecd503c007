// Recursion, function pointers, device function tables and virtual dispatch.
#include <cstdio>

__device__ __noinline__ unsigned long long fib(int n) { return n < 2 ? (unsigned long long)n : fib(n - 1) + fib(n - 2); }

__device__ __noinline__ int ackermann(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ackermann(m - 1, 1);
  return ackermann(m - 1, ackermann(m, n - 1));
}

__device__ void quicksort(int *a, int lo, int hi) {
  if (lo >= hi) return;
  int p = a[(lo + hi) / 2], i = lo, j = hi;
  while (i <= j) {
    while (a[i] < p) ++i;
    while (a[j] > p) --j;
    if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; ++i; --j; }
  }
  quicksort(a, lo, j);
  quicksort(a, i, hi);
}

__global__ void recursive_kernels(const int *in, int *sorted, unsigned long long *fibs, int *ack, int n) {
  int t = threadIdx.x;
  if (t < 24) fibs[t] = fib(t);
  if (t < 3) ack[t] = ackermann(2, t + 1);
  if (t == 0) {
    for (int i = 0; i < n; ++i) sorted[i] = in[i];
    quicksort(sorted, 0, n - 1);
  }
}

// --- function pointers ---------------------------------------------------
typedef float (*unary_fn)(float);
__device__ float f_square(float x) { return x * x; }
__device__ float f_cube(float x) { return x * x * x; }
__device__ float f_relu(float x) { return x > 0.f ? x : 0.f; }
__device__ float f_softplus(float x) { return log1pf(expf(x)); }

__device__ unary_fn d_table[4] = {f_square, f_cube, f_relu, f_softplus};

__global__ void apply_table(const int *which, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unary_fn f = d_table[which[i] & 3];
  y[i] = f(x[i]);
}

typedef int (*binop)(int, int, void *);
__device__ int add_ctx(int a, int b, void *ctx) { return a + b + *(int *)ctx; }
__device__ int mul_ctx(int a, int b, void *ctx) { return a * b - *(int *)ctx; }

__device__ __noinline__ int fold(const int *v, int n, binop op, void *ctx, int init) {
  for (int i = 0; i < n; ++i) init = op(init, v[i], ctx);
  return init;
}

__global__ void fold_kernel(const int *v, int n, int *out, int mode) {
  int ctx = threadIdx.x;
  binop op = (mode + threadIdx.x) & 1 ? add_ctx : mul_ctx;
  out[threadIdx.x] = fold(v, n, op, &ctx, 1);
}

// --- virtual dispatch ----------------------------------------------------
struct Shape {
  __device__ virtual float area() const = 0;
  __device__ virtual float perimeter() const = 0;
  __device__ virtual const char *name() const { return "shape"; }
  __device__ virtual ~Shape() {}
};
struct Circle : Shape {
  float r;
  __device__ Circle(float r) : r(r) {}
  __device__ float area() const override { return 3.14159265f * r * r; }
  __device__ float perimeter() const override { return 6.2831853f * r; }
  __device__ const char *name() const override { return "circle"; }
};
struct Rect : Shape {
  float w, h;
  __device__ Rect(float w, float h) : w(w), h(h) {}
  __device__ float area() const override { return w * h; }
  __device__ float perimeter() const override { return 2.f * (w + h); }
};
struct Square : Rect {
  __device__ Square(float s) : Rect(s, s) {}
  __device__ const char *name() const override { return "square"; }
};

__global__ void virtual_shapes(const int *kind, const float *p, float *area, float *perim, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Circle c(p[i]);
  Rect r(p[i], p[i] + 1.f);
  Square s(p[i] * 2.f);
  Shape *sh = kind[i] == 0 ? static_cast<Shape *>(&c) : kind[i] == 1 ? static_cast<Shape *>(&r) : static_cast<Shape *>(&s);
  area[i] = sh->area();
  perim[i] = sh->perimeter();
  if (i == 0) printf("first shape: %s\n", sh->name());
}

// Objects constructed on the device heap, then dispatched in a second kernel.
__device__ Shape *g_shapes[64];
__global__ void build_shapes(const float *p) {
  int i = threadIdx.x;
  if (i < 64) {
    if (i % 3 == 0) g_shapes[i] = new Circle(p[i]);
    else if (i % 3 == 1) g_shapes[i] = new Rect(p[i], 2.f);
    else g_shapes[i] = new Square(p[i]);
  }
}
__global__ void use_shapes(float *total) {
  int i = threadIdx.x;
  if (i < 64 && g_shapes[i]) atomicAdd(total, g_shapes[i]->area());
}
__global__ void destroy_shapes() {
  int i = threadIdx.x;
  if (i < 64) { delete g_shapes[i]; g_shapes[i] = nullptr; }
}

// Templates with lambdas (functors passed by value).
template <typename F>
__device__ void for_each_index(int n, F f) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) f(i);
}
__global__ void lambda_kernel(float *x, int n, float s) {
  for_each_index(n, [=] __device__(int i) { x[i] = x[i] * s + (float)i; });
}

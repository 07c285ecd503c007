// Sparse linear algebra and graph kernels: CSR SpMV (scalar/vector),
// ELL SpMV, BFS frontier expansion, PageRank step, triangle counting, union-find.
#include <cstdint>

__global__ void spmv_csr_scalar(int rows, const int *rowptr, const int *col, const float *val, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float s = 0.f;
  for (int j = rowptr[r]; j < rowptr[r + 1]; ++j) s += val[j] * __ldg(&x[col[j]]);
  y[r] = s;
}

template <int VEC>
__global__ void spmv_csr_vector(int rows, const int *__restrict__ rowptr, const int *__restrict__ col,
                                const double *__restrict__ val, const double *__restrict__ x, double *__restrict__ y) {
  int lane = threadIdx.x % VEC;
  int r = (blockIdx.x * blockDim.x + threadIdx.x) / VEC;
  if (r >= rows) return;
  double s = 0.0;
  for (int j = rowptr[r] + lane; j < rowptr[r + 1]; j += VEC) s += val[j] * x[col[j]];
  for (int off = VEC / 2; off; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off, VEC);
  if (lane == 0) y[r] = s;
}
template __global__ void spmv_csr_vector<4>(int, const int *, const int *, const double *, const double *, double *);
template __global__ void spmv_csr_vector<32>(int, const int *, const int *, const double *, const double *, double *);

__global__ void spmv_ell(int rows, int width, const int *col, const float *val, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float s = 0.f;
  for (int k = 0; k < width; ++k) {
    int c = col[k * rows + r];
    if (c >= 0) s += val[k * rows + r] * x[c];
  }
  y[r] = s;
}

__global__ void bfs_expand(const int *rowptr, const int *adj, const int *frontier, int fsize, int *dist, int *next,
                           int *next_size, int level) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= fsize) return;
  int u = frontier[i];
  for (int e = rowptr[u]; e < rowptr[u + 1]; ++e) {
    int v = adj[e];
    if (atomicCAS(&dist[v], -1, level + 1) == -1) next[atomicAdd(next_size, 1)] = v;
  }
}

__global__ void pagerank_step(int n, const int *rowptr, const int *src, const int *outdeg, const float *pr, float *pr_next,
                              float damping, float *delta) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n) return;
  float s = 0.f;
  for (int e = rowptr[v]; e < rowptr[v + 1]; ++e) {
    int u = src[e];
    s += pr[u] / (float)max(outdeg[u], 1);
  }
  float nv = (1.f - damping) / n + damping * s;
  pr_next[v] = nv;
  atomicAdd(delta, fabsf(nv - pr[v]));
}

// Triangle counting by sorted adjacency intersection, one warp per edge list.
__global__ void triangles(int n, const int *rowptr, const int *adj, unsigned long long *count) {
  int u = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x & 31;
  if (u >= n) return;
  unsigned long long local = 0;
  for (int e = rowptr[u] + lane; e < rowptr[u + 1]; e += 32) {
    int v = adj[e];
    if (v <= u) continue;
    int a = rowptr[u], ae = rowptr[u + 1], b = rowptr[v], be = rowptr[v + 1];
    while (a < ae && b < be) {
      int x = adj[a], y = adj[b];
      if (x == y) { if (x > v) ++local; ++a; ++b; }
      else if (x < y) ++a;
      else ++b;
    }
  }
  for (int off = 16; off; off >>= 1) local += __shfl_down_sync(0xffffffffu, local, off);
  if (lane == 0 && local) atomicAdd(count, local);
}

// Lock-free union-find with path halving.
__device__ int find_root(int *parent, int x) {
  while (true) {
    int p = parent[x];
    if (p == x) return x;
    int gp = parent[p];
    if (gp != p) atomicCAS(&parent[x], p, gp);
    x = gp;
  }
}
__global__ void connected_components(int nedges, const int2 *edges, int *parent) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nedges) return;
  int a = edges[i].x, b = edges[i].y;
  while (true) {
    a = find_root(parent, a);
    b = find_root(parent, b);
    if (a == b) break;
    int lo = min(a, b), hi = max(a, b);
    if (atomicCAS(&parent[hi], hi, lo) == hi) break;
  }
}

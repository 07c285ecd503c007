// Block- and warp-wide collectives from CUB used inside application kernels.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cuda/functional>

template <int THREADS, int ITEMS>
__global__ void sort_tiles(const unsigned *in, unsigned *out, const float *vin, float *vout) {
  using Load = cub::BlockLoad<unsigned, THREADS, ITEMS, cub::BLOCK_LOAD_TRANSPOSE>;
  using LoadV = cub::BlockLoad<float, THREADS, ITEMS, cub::BLOCK_LOAD_TRANSPOSE>;
  using Sort = cub::BlockRadixSort<unsigned, THREADS, ITEMS, float>;
  using Store = cub::BlockStore<unsigned, THREADS, ITEMS, cub::BLOCK_STORE_TRANSPOSE>;
  using StoreV = cub::BlockStore<float, THREADS, ITEMS, cub::BLOCK_STORE_TRANSPOSE>;
  __shared__ union {
    typename Load::TempStorage load;
    typename LoadV::TempStorage loadv;
    typename Sort::TempStorage sort;
    typename Store::TempStorage store;
    typename StoreV::TempStorage storev;
  } tmp;
  unsigned keys[ITEMS];
  float vals[ITEMS];
  int off = blockIdx.x * THREADS * ITEMS;
  Load(tmp.load).Load(in + off, keys);
  __syncthreads();
  LoadV(tmp.loadv).Load(vin + off, vals);
  __syncthreads();
  Sort(tmp.sort).Sort(keys, vals);
  __syncthreads();
  Store(tmp.store).Store(out + off, keys);
  __syncthreads();
  StoreV(tmp.storev).Store(vout + off, vals);
}
template __global__ void sort_tiles<128, 4>(const unsigned *, unsigned *, const float *, float *);

template <int THREADS>
__global__ void reduce_and_scan(const int *in, int *scan_out, int *block_sum, long long *block_max, int n) {
  using Reduce = cub::BlockReduce<int, THREADS>;
  using ReduceL = cub::BlockReduce<long long, THREADS, cub::BLOCK_REDUCE_RAKING>;
  using Scan = cub::BlockScan<int, THREADS>;
  __shared__ typename Reduce::TempStorage rs;
  __shared__ typename ReduceL::TempStorage rls;
  __shared__ typename Scan::TempStorage ss;
  int i = blockIdx.x * THREADS + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int total = Reduce(rs).Sum(v);
  long long mx = ReduceL(rls).Reduce((long long)v * v, cuda::maximum<long long>());
  int incl;
  Scan(ss).InclusiveSum(v, incl);
  if (i < n) scan_out[i] = incl;
  if (threadIdx.x == 0) {
    block_sum[blockIdx.x] = total;
    block_max[blockIdx.x] = mx;
  }
}
template __global__ void reduce_and_scan<256>(const int *, int *, int *, long long *, int);

__global__ void warp_reduce_rows(const double *m, double *rows, int ncols) {
  using WR = cub::WarpReduce<double>;
  __shared__ typename WR::TempStorage ts[8];
  int warp = threadIdx.x / 32;
  int row = blockIdx.x * 8 + warp;
  double acc = 0.0;
  for (int c = threadIdx.x % 32; c < ncols; c += 32) acc += m[(size_t)row * ncols + c];
  double s = WR(ts[warp]).Sum(acc);
  if (threadIdx.x % 32 == 0) rows[row] = s;
}

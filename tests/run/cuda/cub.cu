// CUB block and warp algorithms from the toolkit's headers.
#include "sweep.h"
#include <cub/cub.cuh>

typedef unsigned int u32;

struct MaxAbs {
	__device__ int operator()(int a, int b) const { return abs(a) > abs(b) ? a : b; }
};

// 128 threads, 4 items each: load with a transpose, reduce, scan, sort,
// store back with a transpose.
extern "C" __global__ void cub_block(const int *a, int *out, int n)
{
	typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE> Load;
	typedef cub::BlockStore<int, 128, 4, cub::BLOCK_STORE_TRANSPOSE> Store;
	typedef cub::BlockReduce<int, 128> Reduce;
	typedef cub::BlockReduce<float, 128, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY> ReduceF;
	typedef cub::BlockScan<int, 128> Scan;
	typedef cub::BlockScan<int, 128, cub::BLOCK_SCAN_RAKING> ScanR;
	typedef cub::BlockRadixSort<int, 128, 4, int> Sort;
	typedef cub::BlockDiscontinuity<int, 128> Disc;
	__shared__ union {
		typename Load::TempStorage load;
		typename Store::TempStorage store;
		typename Reduce::TempStorage reduce;
		typename ReduceF::TempStorage reducef;
		typename Scan::TempStorage scan;
		typename ScanR::TempStorage scanr;
		typename Sort::TempStorage sort;
		typename Disc::TempStorage disc;
	} tmp;
	int base = blockIdx.x * 512, valid = min(512, n - base);
	int v[4], w[4], k[4];
	Load(tmp.load).Load(a + base, v, valid, -7);
	__syncthreads();
	int sum = Reduce(tmp.reduce).Sum(v);
	__syncthreads();
	int mx = Reduce(tmp.reduce).Reduce(v, MaxAbs());
	__syncthreads();
	float fs = ReduceF(tmp.reducef).Sum((float)v[0] * 0.001f);
	__syncthreads();
	int agg;
	Scan(tmp.scan).ExclusiveSum(v, w, agg);
	__syncthreads();
	int *o = out + blockIdx.x * 512 * 6;
	Store(tmp.store).Store(o, w, valid);
	__syncthreads();
	ScanR(tmp.scanr).InclusiveScan(v, w, MaxAbs());
	__syncthreads();
	Store(tmp.store).Store(o + 512, w, valid);
	__syncthreads();
	int flags[4];
	Disc(tmp.disc).FlagHeads(flags, v, cuda::std::not_equal_to<int>());
	__syncthreads();
	Store(tmp.store).Store(o + 1024, flags, valid);
	for (int j = 0; j < 4; j++)
		k[j] = threadIdx.x * 4 + j;
	__syncthreads();
	Sort(tmp.sort).Sort(v, k);
	__syncthreads();
	Store(tmp.store).Store(o + 1536, v, valid);
	__syncthreads();
	Store(tmp.store).Store(o + 2048, k, valid);
	__syncthreads();
	for (int j = 0; j < 4; j++)
		w[j] = v[j] ^ 0x5555;
	Sort(tmp.sort).SortDescendingBlockedToStriped(w, k, 4, 20);
	__syncthreads();
	Store(tmp.store).Store(o + 2560, w, valid);
	if (threadIdx.x == 0) {
		out[gridDim.x * 512 * 6 + blockIdx.x * 4] = sum;
		out[gridDim.x * 512 * 6 + blockIdx.x * 4 + 1] = mx;
		out[gridDim.x * 512 * 6 + blockIdx.x * 4 + 2] = __float_as_int(fs);
		out[gridDim.x * 512 * 6 + blockIdx.x * 4 + 3] = agg;
	}
}

// Warp-level: WarpReduce, WarpScan on logical warps of 16 and 32, WarpLoad,
// and a float radix sort.
extern "C" __global__ void cub_warp(const float *a, float *out, int n)
{
	typedef cub::WarpReduce<float, 16> Red16;
	typedef cub::WarpScan<int> Scan32;
	typedef cub::BlockRadixSort<float, 64, 2> FSort;
	__shared__ typename Red16::TempStorage red[4];
	__shared__ typename Scan32::TempStorage scan[2];
	__shared__ typename FSort::TempStorage fsort;
	int i = TID;
	float x = a[i % n];
	float r = Red16(red[threadIdx.x / 16]).Sum(x);
	int s, t;
	Scan32(scan[threadIdx.x / 32]).InclusiveScan((int)(x * 100.0f), s, cuda::maximum<int>());
	Scan32(scan[threadIdx.x / 32]).ExclusiveSum((int)(x * 10.0f), t);
	float m = Red16(red[threadIdx.x / 16]).Reduce(x, cuda::minimum<float>());
	float fv[2] = {x, a[(i + 64) % n]};
	__syncthreads();
	FSort(fsort).Sort(fv);
	PUT(0, r); PUT(1, __int_as_float(s)); PUT(2, __int_as_float(t)); PUT(3, m);
	PUT(4, fv[0]); PUT(5, fv[1]);
}

// More CUB: histograms, exchanges, merge sort, adjacent differences, warp
// reductions of doubles and of a struct with a custom operator.
#include "sweep.h"
#include <cub/cub.cuh>

struct ArgMin {
	float v;
	int k;
};

struct ArgMinOp {
	__device__ ArgMin operator()(const ArgMin &a, const ArgMin &b) const
	{
		return (b.v < a.v || (b.v == a.v && b.k < a.k)) ? b : a;
	}
};

struct Less {
	__device__ bool operator()(int a, int b) const { return a < b; }
};

extern "C" __global__ void cub_more(const int *a, int *out, int n)
{
	typedef cub::BlockHistogram<unsigned char, 128, 4, 64> Hist;
	typedef cub::BlockExchange<int, 128, 4> Exch;
	typedef cub::BlockMergeSort<int, 128, 4> MSort;
	typedef cub::BlockAdjacentDifference<int, 128> Adj;
	typedef cub::WarpReduce<double> WRed;
	typedef cub::WarpReduce<ArgMin> WArg;
	__shared__ union {
		typename Hist::TempStorage hist;
		typename Exch::TempStorage exch;
		typename MSort::TempStorage msort;
		typename Adj::TempStorage adj;
	} tmp;
	__shared__ typename WRed::TempStorage wred[4];
	__shared__ typename WArg::TempStorage warg[4];
	__shared__ unsigned int bins[64];
	int base = blockIdx.x * 512;
	int v[4];
	unsigned char u[4];
	for (int j = 0; j < 4; j++) {
		v[j] = a[(base + threadIdx.x * 4 + j) % n];
		u[j] = (unsigned char)(v[j] & 63);
	}
	int *o = out + blockIdx.x * (512 * 4 + 64 + 256);
	Hist(tmp.hist).Histogram(u, bins);
	__syncthreads();
	if (threadIdx.x < 64)
		o[2048 + threadIdx.x] = bins[threadIdx.x];
	__syncthreads();
	int s[4];
	Exch(tmp.exch).BlockedToStriped(v, s);
	__syncthreads();
	for (int j = 0; j < 4; j++)
		o[threadIdx.x * 4 + j] = s[j];
	int m[4] = {v[0], v[1], v[2], v[3]};
	__syncthreads();
	MSort(tmp.msort).Sort(m, Less());
	for (int j = 0; j < 4; j++)
		o[512 + threadIdx.x * 4 + j] = m[j];
	__syncthreads();
	int d[4];
	Adj(tmp.adj).SubtractLeft(v, d, cuda::std::minus<int>());
	for (int j = 0; j < 4; j++)
		o[1024 + threadIdx.x * 4 + j] = d[j];
	__syncthreads();
	Exch(tmp.exch).StripedToBlocked(v, s);
	for (int j = 0; j < 4; j++)
		o[1536 + threadIdx.x * 4 + j] = s[j];
	double x = (double)v[0] * 1e-3 + (double)v[1];
	double r = WRed(wred[threadIdx.x / 32]).Sum(x);
	ArgMin am = {(float)v[2] * 0.5f, (int)threadIdx.x};
	ArgMin best = WArg(warg[threadIdx.x / 32]).Reduce(am, ArgMinOp());
	if ((threadIdx.x & 31) == 0) {
		long long rb = __double_as_longlong(r);
		o[2112 + threadIdx.x / 32 * 4] = (int)rb;
		o[2112 + threadIdx.x / 32 * 4 + 1] = (int)(rb >> 32);
		o[2112 + threadIdx.x / 32 * 4 + 2] = __float_as_int(best.v);
		o[2112 + threadIdx.x / 32 * 4 + 3] = best.k;
	}
}

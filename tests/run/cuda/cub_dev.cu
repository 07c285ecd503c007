// Device-wide CUB: the kernels cub::Device* launch, instantiated by the host
// function below (never run: the cases launch each kernel themselves, with
// the tile states and parameters the dispatch would give it), plus a
// decoupled look-back scan written by hand and a cooperative grid barrier.
// The kernels of one algorithm talk across CTAs: tile states published with
// release stores and polled with acquire loads until the predecessor's
// status leaves "invalid".
#include <cooperative_groups.h>
#include <cub/cub.cuh>
namespace cg = cooperative_groups;

struct IsOdd {
	__host__ __device__ bool operator()(int x) const { return x & 1; }
};

struct MaxOp {
	__host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

void cub_dev_instances(int *in, int *out, int n, void *tmp, size_t sz, int *nsel, unsigned *keys, unsigned *ko,
                       int *vals, int *vo, int *hist, int *offs, cub::KeyValuePair<int, int> *kv, double *d, double *dout)
{
	cub::DeviceScan::InclusiveSum(tmp, sz, in, out, n);
	cub::DeviceScan::InclusiveSum(tmp, sz, d, dout, n);
	cub::DeviceScan::ExclusiveScan(tmp, sz, in, out, MaxOp(), -7, n);
	cub::DeviceReduce::Sum(tmp, sz, in, out, n);
	cub::DeviceReduce::ArgMax(tmp, sz, in, kv, n);
	cub::DeviceRadixSort::SortKeys(tmp, sz, keys, ko, n);
	cub::DeviceRadixSort::SortPairs(tmp, sz, keys, ko, vals, vo, n);
	cub::DeviceSelect::If(tmp, sz, in, out, nsel, n, IsOdd());
	cub::DeviceSelect::Unique(tmp, sz, in, out, nsel, n);
	cub::DevicePartition::If(tmp, sz, in, out, nsel, n, IsOdd());
	cub::DeviceHistogram::HistogramEven(tmp, sz, in, hist, 17, 0, 1000, n);
	cub::DeviceSegmentedReduce::Sum(tmp, sz, in, out, 4, offs, offs + 1);
	cub::DeviceRunLengthEncode::Encode(tmp, sz, in, out, vo, nsel, n);
	cub::DeviceReduce::ReduceByKey(tmp, sz, in, out, vals, vo, nsel, MaxOp(), n);
}

// A decoupled look-back inclusive scan of a[0..n): tile i (in the order CTAs
// take tiles from *ticket) publishes its aggregate, then its inclusive
// prefix, in flags[i] as (status << 32 | value); status 0 means not yet.
// Tiles of 256 (one int per thread).
extern "C" __global__ void lb_scan(const int *a, int *out, unsigned long long *flags, unsigned *ticket, int n)
{
	typedef cub::BlockScan<int, 256> Scan;
	__shared__ typename Scan::TempStorage ts;
	__shared__ unsigned tile;
	__shared__ int prefix;
	if (threadIdx.x == 0)
		tile = atomicAdd(ticket, 1u);
	__syncthreads();
	int i = tile * 256 + threadIdx.x;
	int v = i < n ? a[i] : 0, agg;
	Scan(ts).InclusiveSum(v, v, agg);
	if (threadIdx.x == 0) {
		cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> f(flags[tile]);
		int p = 0;
		if (tile == 0) {
			f.store(2ull << 32 | (unsigned)agg, cuda::memory_order_release);
		} else {
			f.store(1ull << 32 | (unsigned)agg, cuda::memory_order_release);
			for (int j = tile - 1; j >= 0; j--) {
				cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> g(flags[j]);
				unsigned long long w;
				while (((w = g.load(cuda::memory_order_acquire)) >> 32) == 0)
					;
				p += (int)(unsigned)w;
				if (w >> 32 == 2)
					break;
			}
			f.store(2ull << 32 | (unsigned)(p + agg), cuda::memory_order_release);
		}
		prefix = p;
	}
	__syncthreads();
	if (i < n)
		out[i] = v + prefix;
}

// Grid-wide barriers (a cooperative launch): each round every thread reads
// what a thread of another CTA wrote before the barrier.
extern "C" __global__ void grid_rounds(const int *a, int *out, int n)
{
	cg::grid_group g = cg::this_grid();
	unsigned t = g.thread_rank(), nt = g.num_threads();
	int v = a[t % n];
	for (int r = 0; r < 4; r++) {
		out[r * nt + t] = v;
		g.sync();
		v = v * 3 + out[r * nt + (t + 97 * (r + 1)) % nt];
	}
	out[4 * nt + t] = v;
}

// Warp intrinsics: shuffles with widths, votes, match, reduce, activemask
// and __syncwarp in divergent code.
// variants: G
#include "sweep.h"

typedef unsigned int u32;

extern "C" __global__ void warp_ops(const u32 *a, u32 *out, int n)
{
	int i = TID;
	u32 x = a[i % n], lane = threadIdx.x & 31;
	float f = (float)(int)x * 0.001f;
	double d = (double)x * 1e-3;
	PUT(0, __shfl_sync(0xffffffff, x, x & 31, 16)); PUT(1, __shfl_up_sync(0xffffffff, x, 3, 8));
	PUT(2, __shfl_down_sync(0xffffffff, x, 5, 16)); PUT(3, __shfl_xor_sync(0xffffffff, x, 6, 4));
	PUT(4, __float_as_uint(__shfl_sync(0xffffffff, f, 31 - lane)));
	PUT(5, (u32)__double_as_longlong(__shfl_down_sync(0xffffffff, d, 9)));
	PUT(6, __ballot_sync(0xffffffff, x & 1)); PUT(7, __any_sync(0xffffffff, x == 7)); PUT(8, __all_sync(0xffffffff, x != 0));
	PUT(9, __match_any_sync(0xffffffff, x & 3)); int pred;
	PUT(10, __match_all_sync(0xffffffff, x & 0x80000000u, &pred)); PUT(11, pred);
	PUT(12, __reduce_add_sync(0xffffffff, x)); PUT(13, __reduce_min_sync(0xffffffff, (int)x));
	PUT(14, __reduce_max_sync(0xffffffff, x)); PUT(15, __reduce_and_sync(0xffffffff, x | 0x10));
	PUT(16, __reduce_or_sync(0xffffffff, x & 0xf0f)); PUT(17, __reduce_xor_sync(0xffffffff, x));
	u32 r = 0, m = 0;
	if (x & 1) {
		m = __activemask();
		r = __reduce_add_sync(m, x);
		r += __shfl_sync(m, x, __ffs(m) - 1);
		__syncwarp(m);
	} else if (x & 2) {
		m = __activemask();
		r = __ballot_sync(m, x & 4) ^ __match_any_sync(m, x >> 28);
	} else {
		m = __activemask();
		for (u32 k = 0; k < (x & 28); k += 4) {
			u32 mm = __activemask();
			r += __popc(mm) + __shfl_xor_sync(mm, k, 1);
		}
	}
	PUT(18, m); PUT(19, r);
	// a loop whose trip count differs per lane, converging afterwards
	u32 acc = 0;
	for (u32 k = 0; k < (x % 37); k++) {
		if ((k ^ x) & 8)
			continue;
		acc = acc * 31 + k;
		if (acc > 1000000)
			break;
	}
	__syncwarp();
	PUT(20, acc); PUT(21, __shfl_sync(0xffffffff, acc, (lane + 1) & 31));
	PUT(22, __shfl_up_sync(0xffffffff, x, 1, 32) + __shfl_down_sync(0xffffffff, x, 31, 2));
	PUT(23, __shfl_sync(0xffff0000 | 0xffff, x, lane + 40, 32));
}

// Block-wide votes (bar.red) and a shared-memory exchange between them.
extern "C" __global__ void block_votes(const u32 *a, u32 *out, int n)
{
	int i = TID;
	u32 x = a[i % n];
	__shared__ u32 s[256];
	PUT(0, __syncthreads_count(x & 1));
	PUT(1, __syncthreads_and(x != 0));
	PUT(2, __syncthreads_or(x == 0xffffffff));
	s[threadIdx.x] = x;
	__syncthreads();
	PUT(3, __syncthreads_count(s[blockDim.x - 1 - threadIdx.x] > x));
}

// Shuffles whose source lane is inactive (the value the H100 returns is
// not defined by PTX; this records what it does).
extern "C" __global__ void shfl_inactive(const u32 *a, u32 *out, int n)
{
	int i = TID;
	u32 lane = threadIdx.x & 31, v = a[i % n] * 3 + 1, r0 = 0xdead, r1 = 0xbeef, r2 = 0xf00d;
	if (lane & 1)
		r0 = __shfl_xor_sync(__activemask(), v, 1);
	if (lane % 3 == 0)
		r1 = __shfl_sync(__activemask(), v + 7, (lane + 1) & 31);
	if (lane < 20)
		r2 = __shfl_down_sync(__activemask(), v ^ 0x5a5a, 4);
	PUT(0, r0); PUT(1, r1); PUT(2, r2);
	u32 s = 0;
	for (u32 k = 0; k < (lane & 7); k++)
		s += __shfl_xor_sync(__activemask(), k * 100 + lane, 1) + 1000 * k;
	PUT(3, s);
}

// Named barriers as warp-specialized code uses them: pairs of warps on
// their own barrier, producers that arrive and consumers that wait, and
// __syncwarp over part of a warp.
// variants: G
#include "sweep.h"

typedef unsigned int u32;

extern "C" __global__ void named_barriers(const u32 *a, u32 *out, int n)
{
	__shared__ u32 buf[4][128];
	int i = TID, warp = threadIdx.x / 32, lane = threadIdx.x & 31;
	u32 x = a[i % n];
	// warps 0-1 and 2-3 exchange within their pair, each on its own barrier
	buf[0][threadIdx.x] = x;
	if (warp < 2)
		asm volatile("bar.sync 1, 64;" ::: "memory");
	else
		asm volatile("bar.sync 2, 64;" ::: "memory");
	u32 partner = (threadIdx.x ^ 32) & 127;
	PUT(0, buf[0][partner] + x);
	// producers (warps 0-1) fill buf[1] and arrive; consumers (2-3) wait
	if (warp < 2) {
		buf[1][threadIdx.x] = x * 3 + 1;
		buf[1][threadIdx.x + 64] = x ^ 0xabcdu;
		asm volatile("bar.arrive 3, 128;" ::: "memory");
		PUT(1, 0u);
	} else {
		asm volatile("bar.sync 3, 128;" ::: "memory");
		PUT(1, buf[1][threadIdx.x - 64] + buf[1][threadIdx.x]);
	}
	__syncthreads();
	// half-warp exchanges with __syncwarp on a partial mask
	u32 r = 0;
	if (lane < 16) {
		buf[2][threadIdx.x] = x + lane;
		__syncwarp(0x0000ffff);
		r = buf[2][(threadIdx.x & ~15) | ((lane + 5) & 15)];
	} else {
		buf[3][threadIdx.x] = x - lane;
		__syncwarp(0xffff0000);
		r = buf[3][(threadIdx.x & ~15) | ((lane + 3) & 15)] ^ 0x1000;
	}
	PUT(2, r);
}

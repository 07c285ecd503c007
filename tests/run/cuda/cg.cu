// cooperative_groups: tiled partitions, their collectives, cg::reduce and
// cg::inclusive_scan, labeled partitions and coalesced groups.
// variants: G
#include "sweep.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

typedef unsigned int u32;

extern "C" __global__ void cg_ops(const u32 *a, u32 *out, int n)
{
	int i = TID;
	cg::thread_block b = cg::this_thread_block();
	u32 x = a[i % n];
	auto t16 = cg::tiled_partition<16>(b);
	auto t8 = cg::tiled_partition<8>(b);
	auto t4 = cg::tiled_partition<4>(b);
	PUT(0, cg::reduce(t16, x, cg::plus<u32>()));
	PUT(1, cg::reduce(t8, (int)x, cg::greater<int>()));
	PUT(2, cg::reduce(t4, x, cg::bit_xor<u32>()));
	PUT(3, cg::inclusive_scan(t16, x & 0xffff));
	PUT(4, cg::exclusive_scan(t8, x >> 16, cg::bit_or<u32>()));
	PUT(5, t16.shfl(x, 15 - t16.thread_rank()));
	PUT(6, t8.shfl_down(x, 3));
	PUT(7, t4.ballot(x & 1));
	PUT(8, t16.any(x == 0) + 2 * t16.all(x != 0));
	PUT(9, t8.meta_group_rank() * 100 + t8.thread_rank());
	PUT(10, t4.match_any(x & 1));
	auto dyn = cg::tiled_partition(b, 32);
	PUT(11, cg::reduce(cg::tiled_partition<32>(b), x, cg::less<u32>()) + dyn.size());
	u32 r = 0;
	if (x % 3 != 0) {
		cg::coalesced_group c = cg::coalesced_threads();
		r = c.thread_rank() + 100 * c.size() + 10000 * c.shfl(x & 0xff, 0);
		r ^= cg::reduce(c, x, cg::plus<u32>());
	}
	PUT(12, r);
	auto lp = cg::labeled_partition(cg::tiled_partition<32>(b), (int)(x & 3));
	PUT(13, lp.thread_rank() + 100 * lp.size() + 10000 * cg::reduce(lp, x & 0xff, cg::plus<u32>()));
	auto bp = cg::binary_partition(cg::tiled_partition<32>(b), x & 4);
	PUT(14, bp.thread_rank() + 100 * bp.size());
	b.sync();
	__shared__ u32 sh[256];
	sh[threadIdx.x] = x;
	b.sync();
	PUT(15, sh[(threadIdx.x * 5 + 1) % blockDim.x] + b.thread_rank() + b.size());
	PUT(16, cg::exclusive_scan(t4, (int)x, cg::greater<int>()));
}

// Integer arithmetic at the edges: 64-bit products and shifts by variable
// amounts, saturating patterns nvcc turns into min/max, bit scans.
#include "sweep.h"

typedef unsigned int u32;
typedef unsigned long long u64;

extern "C" __global__ void int_more(const u64 *a, u64 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	u64 x = a[i], y = OTHER(a, 1), z = OTHER(a, 2);
	long long sx = (long long)x, sy = (long long)y;
	PUT(0, x * y); PUT(1, __umul64hi(x, y)); PUT(2, (u64)__mul64hi(sx, sy)); PUT(3, x << (y & 63));
	PUT(4, (u64)(sx >> (y & 63))); PUT(5, x >> (z & 63)); PUT(6, (u64)__clzll(sx) | (u64)__ffsll(sy) << 8 | (u64)__popcll(z) << 16);
	PUT(7, __brevll(x)); PUT(8, (u64)min(sx, sy)); PUT(9, max(x, y));
	PUT(10, (u64)(sx < 0 ? -sx : sx)); PUT(11, (u64)((int)x * (long long)(int)y));
	PUT(12, (u64)((u32)x * (u64)(u32)y)); PUT(13, (u64)(x > y) | (u64)(sx > sy) << 1 | (u64)(x == z) << 2);
	PUT(14, x + y < x ? ~0ull : x + y); PUT(15, (u64)((sx ^ sy) < 0));
	PUT(16, (u64)__funnelshift_l((u32)x, (u32)(x >> 32), (u32)y)); PUT(17, (u64)__byte_perm((u32)x, (u32)y, (u32)z & 0x7777));
	PUT(18, (u64)(unsigned __int128)x * y % 1000000007ull); PUT(19, y ? x / y : 0); PUT(20, y ? x % y : 0);
	PUT(21, (u64)(sy != 0 && !(sy == -1 && sx == (-0x7fffffffffffffffLL - 1)) ? sx % sy : 0));
	PUT(22, (u64)(double)x); PUT(23, (u64)(float)sx); PUT(24, (u64)__double_as_longlong((double)sx));
	PUT(25, (u64)__double_as_longlong((double)x)); PUT(26, (u64)__float_as_uint((float)x));
}

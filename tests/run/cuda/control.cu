// Control flow: recursion, switch tables, function pointers, divergent
// loops, dynamically indexed local arrays.
// variants: G
#include "sweep.h"

typedef unsigned int u32;

__device__ __noinline__ int ackermann_bounded(int m, int k, int depth)
{
	if (depth > 40)
		return -1;
	if (m == 0)
		return k + 1;
	if (k == 0)
		return ackermann_bounded(m - 1, 1, depth + 1);
	return ackermann_bounded(m - 1, ackermann_bounded(m, k - 1, depth + 1), depth + 1);
}

__device__ __noinline__ u32 fib(u32 k)
{
	return k < 2 ? k : fib(k - 1) + fib(k - 2);
}

__device__ __noinline__ u32 op_add(u32 a, u32 b) { return a + b; }
__device__ __noinline__ u32 op_mul(u32 a, u32 b) { return a * b; }
__device__ __noinline__ u32 op_rot(u32 a, u32 b) { return (a << (b & 31)) | (a >> (32 - (b & 31))); }
__device__ __noinline__ u32 op_div(u32 a, u32 b) { return b ? a / b : ~0u; }
typedef u32 (*binop)(u32, u32);
__device__ binop ops[4] = {op_add, op_mul, op_rot, op_div};

__device__ __noinline__ u32 classify(u32 x)
{
	switch (x % 11) {
	case 0: return x * 3;
	case 1: return x ^ 0xabcdef;
	case 2: return x >> 3;
	case 3: return x + 77;
	case 4: return ~x;
	case 5: return x * x;
	case 6: return __popc(x);
	case 7: return __brev(x);
	case 8: return x | 0xf0;
	case 9: return x - 1000;
	default: return 42;
	}
}

extern "C" __global__ void control(const u32 *a, u32 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	u32 x = a[i], y = OTHER(a, 1);
	PUT(0, (u32)ackermann_bounded(x % 3, y % 4, 0));
	PUT(1, fib(x % 18));
	PUT(2, ops[x & 3](x, y));
	PUT(3, classify(x));
	// a local array indexed by data: stays in local memory
	u32 loc[48];
	for (int k = 0; k < 48; k++)
		loc[k] = x * k + y;
	for (int k = 0; k < 64; k++)
		loc[(x + k * y) % 48] ^= loc[(y + k) % 48] >> 1;
	u32 h = 0;
	for (int k = 0; k < 48; k++)
		h = h * 33 + loc[k];
	PUT(4, h);
	// nested divergent loops with break and continue
	u32 c = 0, v = x;
	for (int k = 0; k < 200 && v != 1; k++) {
		if (v == 0)
			break;
		v = (v & 1) ? 3 * v + 1 : v / 2;
		if (v % 5 == 0)
			continue;
		for (u32 j = 0; j < (v & 3); j++) {
			if (j == 2 && (v & 64))
				break;
			c += j;
		}
		c++;
	}
	PUT(5, c); PUT(6, v);
	u32 w = 0;
	do {
		w += y & 0xff;
		y >>= 3;
	} while (y > 17);
	PUT(7, w);
	// a switch in a loop whose cases jump far
	u32 st = x & 7, acc = 0;
	for (int k = 0; k < 16; k++) {
		switch (st) {
		case 0: acc += 1; st = 3; break;
		case 1: acc *= 3; st = 5; break;
		case 2: acc ^= x; st = 0; break;
		case 3: acc -= 7; st = (acc & 1) ? 6 : 2; break;
		case 4: acc <<= 1; st = 1; break;
		case 5: acc += x >> 8; st = 4; break;
		case 6: acc |= 9; st = 7; break;
		default: acc = acc * 5 + 1; st = acc & 7; break;
		}
	}
	PUT(8, acc);
}

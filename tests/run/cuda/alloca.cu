// alloca in device code: per-thread sizes, in a loop (stacksave and
// stackrestore around each scope) and in a called function.
// variants: G
#include "sweep.h"

typedef unsigned int u32;

__device__ __noinline__ u32 scratch_sum(const u32 *a, int i, int n, u32 m)
{
	u32 *p = (u32 *)alloca(m * sizeof *p);
	for (u32 j = 0; j < m; j++)
		p[j] = a[(i + j) % n] * (j + 1);
	u32 s = 0;
	for (u32 j = 0; j < m; j++)
		s = s * 7 + p[m - 1 - j];
	return s;
}

extern "C" __global__ void alloca_ops(const u32 *a, u32 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	u32 x = a[i], m = (x & 15) + 1;
	u32 *p = (u32 *)alloca(m * sizeof *p);
	for (u32 j = 0; j < m; j++)
		p[j] = a[(i * 3 + j) % n] ^ j;
	u32 s = 0;
	for (u32 j = 0; j < m; j++)
		s += p[m - 1 - j] * (j | 1);
	PUT(0, s);
	PUT(1, scratch_sum(a, i, n, (x >> 4 & 31) + 1));
	u32 t = 0;
	for (int k = 0; k < 4; k++) {
		// a new allocation in each iteration of a block scope
		double *q = (double *)alloca((k + (x & 3) + 1) * sizeof *q);
		for (int j = 0; j <= k + (int)(x & 3); j++)
			q[j] = (double)a[(i + k + j) % n] * 0.5;
		t += (u32)q[k];
	}
	PUT(2, t);
}

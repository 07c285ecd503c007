// Vector atomics of sm_90 (atomicAdd on float2 and float4), and the L2
// cache-policy instructions: createpolicy, loads with a cache hint,
// discard.  The added values are small integers, so the sums do not depend
// on the order of the threads.
// variants: G
#include "sweep.h"

typedef unsigned int u32;

extern "C" __global__ void atomics_vec(const u32 *a, float *acc, float *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	u32 x = a[i];
	float2 v2 = make_float2((float)(x & 7), -(float)(x >> 29));
	float4 v4 = make_float4(1.0f, (float)(x & 3), (float)((x >> 8) & 15), -2.0f);
	atomicAdd((float2 *)acc + (i & 3), v2);
	atomicAdd((float4 *)acc + 4 + (i & 7), v4);
	unsigned long long pol;
	asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
	float h;
	asm volatile("ld.global.L2::cache_hint.f32 %0, [%1], %2;" : "=f"(h) : "l"(a + (i * 5) % n), "l"(pol));
	PUT(0, h);
	unsigned long long pol2;
	asm volatile("createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64 %0, 0.5;" : "=l"(pol2));
	u32 g;
	asm volatile("ld.global.L2::cache_hint.u32 %0, [%1], %2;" : "=r"(g) : "l"(a + (i * 3) % n), "l"(pol2));
	PUT(1, __uint_as_float(g ^ x));
}

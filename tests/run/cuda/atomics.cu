// Atomics of every type and scope.  Every operation commutes on the data
// given (integers, or floats that add exactly: the 16-bit float sums stay
// variants: G
// small), so that the final values do not depend on the order of the
// threads.  The buffer starts with an Acc of initial values.
#include "sweep.h"
#include <cuda_fp16.h>
#include <cuda_bf16.h>

typedef unsigned int u32;
typedef unsigned long long u64;

struct Acc {
	int i32[8];
	u32 u32v[8];
	u64 u64v[4];
	float f32[4];
	double f64[4];
	__half2 h2[2];
	__nv_bfloat162 b2[2];
	__half h[2];
	__nv_bfloat16 b[2];
	u32 ret[4];
};

__device__ float atomic_max_float(float *p, float v)
{
	int old = __float_as_int(*p), assumed;
	do {
		assumed = old;
		if (__int_as_float(assumed) >= v)
			break;
		old = atomicCAS((int *)p, assumed, __float_as_int(v));
	} while (old != assumed);
	return __int_as_float(old);
}

extern "C" __global__ void atomics_all(const u32 *a, Acc *acc, int n)
{
	int i = TID;
	if (i >= n)
		return;
	u32 x = a[i];
	Acc *g = acc;
	__shared__ Acc s;
	if (threadIdx.x == 0)
		memset(&s, 0, sizeof s);
	__syncthreads();
	atomicAdd(&g->i32[0], (int)(x & 0xffff) - 30000);
	atomicSub(&g->i32[1], (int)(x >> 20));
	atomicMin(&g->i32[2], (int)x);
	atomicMax(&g->i32[3], (int)x);
	atomicAnd(&g->u32v[0], x | 0x01010101);
	atomicOr(&g->u32v[1], x & 0x11111111);
	atomicXor(&g->u32v[2], x);
	atomicInc(&g->u32v[3], 100);
	atomicDec(&g->u32v[4], 77);
	atomicMin(&g->u32v[5], x | 0x1000);
	atomicMax(&g->u32v[6], x);
	atomicExch(&g->u32v[7], 5u);
	atomicAdd(&g->u64v[0], (u64)x << 12);
	atomicMin((long long *)&g->u64v[1], (long long)((u64)x << 32) - 5);
	atomicMax(&g->u64v[2], (u64)x * x);
	atomicOr(&g->u64v[3], (u64)1 << (x & 63));
	atomicAdd(&g->f32[0], (float)(x & 0xff));
	atomicAdd(&g->f32[1], -0.25f * (float)(x & 7));
	atomic_max_float(&g->f32[2], (float)(int)x * 0.5f);
	atomicAdd(&g->f64[0], (double)(x & 0xffff) * 0.125);
	atomicAdd(&g->f64[1], (double)x);
	if (i < 64) {
		atomicAdd(&g->h2[0], __halves2half2(__float2half(0.25f * (x & 3)), __float2half(-1.0f)));
		atomicAdd(&g->b2[0], __halves2bfloat162(__float2bfloat16(1.0f * (x & 1)), __float2bfloat16(0.5f)));
		atomicAdd(&g->h[0], __float2half(0.5f));
		atomicAdd(&g->b[0], __float2bfloat16(2.0f));
	}
	atomicAdd_block(&s.i32[0], (int)(x & 15));
	atomicAdd_system(&g->i32[4], 1);
	atomicMax_block(&s.u32v[0], x);
	atomicInc(&s.u32v[1], 9);
	atomicDec(&s.u32v[2], 3);
	atomicAdd(&s.f32[0], 1.5f);
	atomicAdd(&s.f64[0], (double)(x & 0xff));
	atomicAdd(&s.h2[0], __halves2half2(__float2half(1.0f), __float2half(0.125f)));
	atomicCAS(&s.u64v[0], 0ull, (u64)i);
	atomicExch(&s.f32[1], 2.0f);
	atomic_max_float(&s.f32[2], __int_as_float(x & 0x7f7fffff));
	u32 old = atomicCAS(&g->u32v[0] + 0, 0xdeadbeef, 0);
	atomicAdd(&g->ret[0], 1u);
	atomicAdd(&g->ret[1], old == 0xdeadbeef);
	__syncthreads();
	if (threadIdx.x == 0) {
		int *si = (int *)&s;
		int *gi = (int *)(acc + 1 + blockIdx.x);
		for (int k = 0; k < (int)(sizeof s / 4); k++)
			gi[k] = si[k];
		gi[16] = s.u64v[0] != 0;   // which thread won is not known
		gi[17] = 0;
	}
}

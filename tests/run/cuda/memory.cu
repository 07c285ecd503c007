// Memory: dynamic shared memory, __ldg, cache hints, vector accesses,
// struct copies, constant memory, initialized globals.
// variants: G li
#include "sweep.h"

typedef unsigned int u32;

struct __align__(4) Odd {
	unsigned char tag;
	short s;
	u32 v[3];
	unsigned char tail[5];
};

__constant__ float coeffs[16] = {1.0f, -2.5f, 3.25f, 0.125f, -0.0f, 1e-20f, 7.0f, 9.5f,
				 -1.0f, 2.0f, 4.0f, 8.0f, 16.0f, 32.0f, 64.0f, 1e30f};
__constant__ int ctab[64];
__device__ int gtab[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__device__ double gd = 2.718281828459045;
__device__ char gstr[] = "global string";

extern "C" __global__ void memory_ops(const float4 *a, const Odd *o, float *out, Odd *oo, int n)
{
	extern __shared__ float dyn[];
	int i = TID;
	float4 v = i < n ? __ldg(&a[i]) : make_float4(0, 0, 0, 0);
	float4 w = __ldcs(&a[(i * 3 + 1) % n]);
	int4 iv = *(const int4 *)&a[(i + 5) % n];
	double2 dv = *(const double2 *)&a[(i + 9) % n];
	dyn[threadIdx.x] = v.x + v.y;
	dyn[blockDim.x + threadIdx.x] = w.z * coeffs[threadIdx.x & 15];
	__syncthreads();
	if (i >= n)
		return;
	float s = dyn[(threadIdx.x + 1) % blockDim.x] - dyn[blockDim.x + (threadIdx.x * 7) % blockDim.x];
	PUT(0, s);
	PUT(1, __int_as_float(iv.x ^ iv.w) + (float)(iv.y & 0xff));
	PUT(2, (float)(dv.x + dv.y));
	PUT(3, coeffs[(i * 5) & 15] * (float)gtab[i & 7] + (float)gd + (float)ctab[i & 63] + gstr[i % 13]);
	__stcs(&out[4 * n + i], v.w * w.x);
	__stwt(&out[5 * n + i], __ldlu(&a[i].y));
	PUT(6, __ldcg(&a[(i + 2) % n].z) + __ldca(&a[(i + 3) % n].w) + __ldcv(&a[i].x));
	Odd t = o[i];
	t.tag += 1;
	t.s = -t.s;
	t.v[i % 3] ^= 0xff00ff00;
	t.tail[i % 5] = (unsigned char)i;
	oo[i] = t;
	float2 f2 = reinterpret_cast<const float2 *>(a)[(2 * i + 1) % (2 * n)];
	PUT(7, f2.x - f2.y);
	gtab[i & 7] = gtab[i & 7];
}

// A struct passed by value to the kernel and to a function that returns one.
struct Params {
	float scale;
	int off;
	double bias;
	short s[3];
	char c;
};

struct Pair {
	double d;
	int k;
	char tag[6];
};

__device__ __noinline__ Pair combine(Params p, float v, int k)
{
	Pair r;
	r.d = p.bias + v * p.scale;
	r.k = k * p.off + p.s[k % 3];
	for (int j = 0; j < 6; j++)
		r.tag[j] = (char)(p.c + j + k);
	return r;
}

extern "C" __global__ void by_value(Params p, const float *a, double *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	Pair r = combine(p, a[i], i);
	out[3 * i] = r.d;
	out[3 * i + 1] = (double)r.k;
	out[3 * i + 2] = (double)(r.tag[i % 6] * 1000 + r.tag[5]);
}

// 8- and 16-bit data: sign and zero extension through loads, stores and
// arithmetic, char4/short2 vectors, __ldg of narrow types, 24-bit products;
// and a templated kernel under its mangled names.
// variants: G
#include "sweep.h"
#include <cuda_fp16.h>

typedef unsigned int u32;

extern "C" __global__ void narrow(const signed char *c, const short *s, unsigned char *oc, short *os, u32 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	signed char a = c[i], b = __ldg(&c[(i * 5 + 1) % n]);
	unsigned char ua = (unsigned char)a;
	short x = s[i], y = __ldg(&s[(i * 3 + 2) % n]);
	unsigned short ux = (unsigned short)x;
	char4 v = reinterpret_cast<const char4 *>(c)[i / 4];
	short2 w = reinterpret_cast<const short2 *>(s)[i / 2];
	uchar4 uv = __ldg(reinterpret_cast<const uchar4 *>(c) + (i / 4));
	PUT(0, (u32)(a * b)); PUT(1, (u32)(ua * b)); PUT(2, (u32)(x * y)); PUT(3, (u32)(ux * (unsigned short)y));
	PUT(4, (u32)(a >> 2) ^ (u32)(ua >> 2)); PUT(5, (u32)(x / (y | 1))); PUT(6, (u32)(ux % ((unsigned short)y | 1)));
	PUT(7, (u32)(v.x + v.y * v.z - v.w)); PUT(8, (u32)(w.x * w.y)); PUT(9, uv.x + uv.y * 256u + uv.z * 65536u + uv.w * 16777216u);
	PUT(10, (u32)__mul24((int)x * 300, (int)y * 1000)); PUT(11, __umul24((u32)ux * 999, (u32)(unsigned short)y * 777));
	PUT(12, (u32)__mulhi((int)x << 16, (int)y << 15)); PUT(13, (u32)(signed char)(a + b)); PUT(14, (u32)(unsigned char)(ua + 200));
	PUT(15, (u32)(short)(x + y)); PUT(16, (u32)max(a, b) + 1000u * (u32)min(ua, (unsigned char)b));
	PUT(17, (u32)abs((int)a) + (u32)abs((int)x) * 1000u);
	PUT(18, (u32)__half_as_ushort(__short2half_rn(x)));
	oc[i] = (unsigned char)(a + 3 * b);
	os[i] = (short)(x * 3 - y);
}

template <typename T, int K>
__global__ void axpy_t(T alpha, const T *x, T *y, int n)
{
	int i = TID;
	if (i < n) {
		T acc = y[i];
		for (int k = 0; k < K; k++)
			acc = alpha * x[(i + k) % n] + acc;
		y[i] = acc;
	}
}
template __global__ void axpy_t<float, 3>(float, const float *, float *, int);
template __global__ void axpy_t<double, 2>(double, const double *, double *, int);
template __global__ void axpy_t<__half, 4>(__half, const __half *, __half *, int);
template __global__ void axpy_t<int, 5>(int, const int *, int *, int);

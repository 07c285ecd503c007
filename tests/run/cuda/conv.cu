// Conversions between every integer and float width in every rounding mode,
// and bit casts.
#include "sweep.h"
#include <cuda_fp16.h>

typedef unsigned int u32;
typedef unsigned long long u64;

extern "C" __global__ void conv_f32(const float *a, u32 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	float x = a[i];
	u32 b = __float_as_uint(OTHER(a, 1));
	double d = (double)x * 1.0000000001 + (double)OTHER(a, 2) * 1e-12;
	PUT(0, (u32)__float2int_rn(x)); PUT(1, (u32)__float2int_rz(x)); PUT(2, (u32)__float2int_ru(x));
	PUT(3, (u32)__float2int_rd(x)); PUT(4, __float2uint_rn(x)); PUT(5, __float2uint_rz(x));
	PUT(6, __float2uint_ru(x)); PUT(7, __float2uint_rd(x)); PUT(8, (u32)__float2ll_rn(x));
	PUT(9, (u32)(__float2ll_rz(x) >> 32)); PUT(10, (u32)(__float2ull_ru(x) >> 16)); PUT(11, (u32)__float2ull_rd(x));
	PUT(12, __float_as_uint(__int2float_rn((int)b))); PUT(13, __float_as_uint(__int2float_rz((int)b)));
	PUT(14, __float_as_uint(__int2float_ru((int)b))); PUT(15, __float_as_uint(__int2float_rd((int)b)));
	PUT(16, __float_as_uint(__uint2float_rn(b))); PUT(17, __float_as_uint(__uint2float_rd(b)));
	PUT(18, __float_as_uint(__ll2float_rn((long long)b << 31))); PUT(19, __float_as_uint(__ull2float_ru((u64)b * b)));
	PUT(20, __float_as_uint(__double2float_rn(d))); PUT(21, __float_as_uint(__double2float_rz(d)));
	PUT(22, __float_as_uint(__double2float_ru(d))); PUT(23, __float_as_uint(__double2float_rd(d)));
	PUT(24, (u32)__double2int_rn(d)); PUT(25, (u32)__double2int_rz(d)); PUT(26, __double2uint_ru(d));
	PUT(27, (u32)__double2ll_rd(d)); PUT(28, (u32)(__double2ull_rn(d) >> 32)); PUT(29, (u32)(int)x);
	PUT(30, (u32)x); PUT(31, (u32)(signed char)x); PUT(32, (u32)(unsigned short)x); PUT(33, (u32)(long long)x);
	PUT(34, __float_as_uint((float)(int)b)); PUT(35, __float_as_uint((float)(u64)b * 3));
	PUT(36, __double2hiint(d)); PUT(37, __double2loint(d)); PUT(38, __float_as_uint(__int_as_float(b) + 0.0f));
	PUT(39, __float_as_uint((float)(short)b)); PUT(40, __float_as_uint((float)(unsigned char)b));
	PUT(41, __float_as_uint((float)__double2float_rn((double)(long long)((u64)b << 33))));
	PUT(42, __float_as_uint(__ll2float_rz((long long)((u64)b << 32 | b)))); PUT(43, __float_as_uint(__ll2float_rd(-(long long)b * 12345)));
	u64 dd = (u64)__double_as_longlong(__ll2double_ru((long long)((u64)b << 32 | b)));
	PUT(44, (u32)dd); PUT(45, (u32)(dd >> 32)); PUT(46, (u32)__double_as_longlong(__ull2double_rz((u64)b << 40 | b)));
	PUT(47, (u32)__half_as_ushort(__float2half(x)));
}

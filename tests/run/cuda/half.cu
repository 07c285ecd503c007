// half and bfloat16 arithmetic, comparisons, math and packed (x2) forms.
#include "sweep.h"
// variants: fast
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <mma.h>

typedef unsigned short u16;

extern "C" __global__ void half_ops(const __half *a, __half *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	__half x = a[i], y = OTHER(a, 1), z = OTHER(a, 2);
	__half2 X = __halves2half2(x, y), Y = __halves2half2(z, x), Z = __halves2half2(y, z);
	PUT(0, __hadd(x, y)); PUT(1, __hsub(x, y)); PUT(2, __hmul(x, y)); PUT(3, __hdiv(x, y));
	PUT(4, __hfma(x, y, z)); PUT(5, __hfma_relu(x, y, z)); PUT(6, __hmax_nan(x, y)); PUT(7, __hmin(x, y));
	PUT(8, hexp2(x)); PUT(9, hexp(x)); PUT(10, hlog(x)); PUT(11, hsqrt(x));
	PUT(12, hrsqrt(x)); PUT(13, hrcp(x)); PUT(14, hsin(x)); PUT(15, hcos(x));
	PUT(16, hlog2(x)); PUT(17, hexp10(x)); PUT(18, hlog10(x)); PUT(19, htrunc(x));
	PUT(20, hceil(x)); PUT(21, hfloor(x)); PUT(22, hrint(x)); PUT(23, __habs(x));
	PUT(24, __hneg(x)); PUT(25, __hadd_sat(x, y)); PUT(26, __hfma_sat(x, y, z));
	PUT(27, __ushort_as_half((u16)(__hlt(x, y) | __hgeu(x, y) << 1 | __hisnan(x) << 2 | __hisinf(y) << 3 |
		__hequ(x, z) << 5 | __hne(x, z) << 6)));
	__half2 r[8] = {__hadd2(X, Y), __hmul2(X, Z), __hfma2(X, Y, Z), __hfma2_relu(X, Y, Z), h2sqrt(X), h2exp(Y),
		__hmax2_nan(X, Y), __h2div(X, Y)};
	for (int j = 0; j < 8; j++) {
		out[(28 + 2 * j) * n + i] = __low2half(r[j]);
		out[(29 + 2 * j) * n + i] = __high2half(r[j]);
	}
	PUT(44, __float2half(__half2float(x) * 3.0f)); PUT(45, __float2half_rz(__half2float(x) / 3.0f));
	PUT(46, __float2half_ru(__half2float(x) / 3.0f)); PUT(47, __float2half_rd(__half2float(x) / 3.0f));
	PUT(48, __short2half_rn((short)__half_as_ushort(x))); PUT(49, __ushort_as_half((u16)__half2int_rz(x)));
	PUT(50, __ushort_as_half((u16)__half2int_rn(x))); PUT(51, __ushort_as_half((u16)__half2uint_ru(x)));
	PUT(52, __ushort_as_half((u16)__half2short_rd(x))); PUT(53, __hmax(x, y));
	PUT(54, __hmin_nan(x, y)); PUT(55, __ushort_as_half((u16)__hbgt2(X, Y)));
	PUT(56, __double2half((double)__half2float(x) * 1.0000001));
	PUT(57, __ushort_as_half((u16)(__hle2_mask(X, Z) >> 3)));
	PUT(58, __hcmadd(X, Y, Z).x); PUT(59, __int2half_rn((int)__half_as_ushort(x) * 37));
	PUT(60, __ull2half_rn((unsigned long long)__half_as_ushort(x) << 20)); PUT(61, __hsub_sat(x, y));
	PUT(62, __float2half_rn(__half2float(x) * 65504.0f)); PUT(63, __float2half_rn(1e-7f * __half2float(y)));
}

extern "C" __global__ void bf16_ops(const __nv_bfloat16 *a, __nv_bfloat16 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	__nv_bfloat16 x = a[i], y = OTHER(a, 1), z = OTHER(a, 2);
	__nv_bfloat162 X = __halves2bfloat162(x, y), Y = __halves2bfloat162(z, x), Z = __halves2bfloat162(y, z);
	PUT(0, __hadd(x, y)); PUT(1, __hsub(x, y)); PUT(2, __hmul(x, y)); PUT(3, __hdiv(x, y));
	PUT(4, __hfma(x, y, z)); PUT(5, __hfma_relu(x, y, z)); PUT(6, __hmax_nan(x, y)); PUT(7, __hmin(x, y));
	PUT(8, hexp2(x)); PUT(9, hexp(x)); PUT(10, hlog(x)); PUT(11, hsqrt(x));
	PUT(12, hrsqrt(x)); PUT(13, hrcp(x)); PUT(14, hsin(x)); PUT(15, hcos(x));
	PUT(16, htrunc(x)); PUT(17, hceil(x)); PUT(18, hfloor(x)); PUT(19, hrint(x));
	PUT(20, __habs(x)); PUT(21, __hneg(x)); PUT(22, __float2bfloat16(__bfloat162float(x) / 3.0f));
	PUT(23, __float2bfloat16_rz(__bfloat162float(x) / 3.0f)); PUT(24, __float2bfloat16_ru(__bfloat162float(x) / 3.0f));
	PUT(25, __float2bfloat16_rd(__bfloat162float(x) / 3.0f)); PUT(26, __double2bfloat16(1.0 / (double)__bfloat162float(x)));
	__nv_bfloat162 r[6] = {__hadd2(X, Y), __hmul2(X, Z), __hfma2(X, Y, Z), __hfma2_relu(X, Y, Z), __hmax2(X, Y),
		__hmin2_nan(X, Y)};
	for (int j = 0; j < 6; j++) {
		out[(27 + 2 * j) * n + i] = __low2bfloat16(r[j]);
		out[(28 + 2 * j) * n + i] = __high2bfloat16(r[j]);
	}
	PUT(39, __ushort_as_bfloat16((unsigned short)__bfloat162int_rz(x)));
	PUT(40, __int2bfloat16_rn((int)__bfloat16_as_ushort(y) * 1001));
	PUT(41, __ushort_as_bfloat16((unsigned short)(__hlt(x, y) | __hgeu(x, y) << 1 | __hisnan(x) << 2)));
	PUT(42, __float2bfloat16(__bfloat162float(x) * __bfloat162float(y)));
	PUT(43, __hadd_sat(x, y)); PUT(44, hlog2(x)); PUT(45, hexp10(x)); PUT(46, hlog10(x));
}

// fp8 (e4m3, e5m2) conversions with and without saturation, and tf32.
extern "C" __global__ void fp8_ops(const float *a, unsigned *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	float x = a[i], y = OTHER(a, 1);
	float2 xy = make_float2(x, y);
	PUT(0, __nv_cvt_float2_to_fp8x2(xy, __NV_SATFINITE, __NV_E4M3));
	PUT(1, __nv_cvt_float2_to_fp8x2(xy, __NV_NOSAT, __NV_E4M3));
	PUT(2, __nv_cvt_float2_to_fp8x2(xy, __NV_SATFINITE, __NV_E5M2));
	PUT(3, __nv_cvt_float2_to_fp8x2(xy, __NV_NOSAT, __NV_E5M2));
	__half2_raw h = __nv_cvt_fp8x2_to_halfraw2((__nv_fp8x2_storage_t)(__float_as_uint(x) >> 7), __NV_E4M3);
	PUT(4, h.x | (unsigned)h.y << 16);
	h = __nv_cvt_fp8x2_to_halfraw2((__nv_fp8x2_storage_t)(__float_as_uint(x) >> 11), __NV_E5M2);
	PUT(5, h.x | (unsigned)h.y << 16);
	__half2 hh = __floats2half2_rn(x, y);
	PUT(6, __nv_cvt_halfraw2_to_fp8x2(*(__half2_raw *)&hh, __NV_SATFINITE, __NV_E4M3));
	PUT(7, __nv_cvt_bfloat16raw2_to_fp8x2(*(__nv_bfloat162_raw *)&(const __nv_bfloat162 &)__floats2bfloat162_rn(x, y),
	       __NV_SATFINITE, __NV_E5M2));
	PUT(8, __float_as_uint(nvcuda::wmma::__float_to_tf32(x)));
	__half2 p = __floats2half2_rn(x, y);
	PUT(9, *(unsigned *)&p);
	__nv_bfloat162 q = __floats2bfloat162_rn(x, y);
	PUT(10, *(unsigned *)&q);
	PUT(11, __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E4M3));
}

// Single-precision libm and intrinsics, one result per function and input.
// Built plain, with -use_fast_math (the .approx forms) and with -lineinfo.
// variants: fast li G
#include "sweep.h"

extern "C" __global__ void libm_f32(const float *a, float *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	float x = a[i], y = OTHER(a, 1), z = OTHER(a, 2);
	float s, c;
	int e;
	PUT(0, sinf(x)); PUT(1, cosf(x)); PUT(2, tanf(x)); PUT(3, expf(x));
	PUT(4, exp10f(x)); PUT(5, exp2f(x)); PUT(6, expm1f(x)); PUT(7, logf(x));
	PUT(8, log1pf(x)); PUT(9, log2f(x)); PUT(10, log10f(x)); PUT(11, powf(x, y));
	PUT(12, erff(x)); PUT(13, erfcf(x)); PUT(14, lgammaf(x)); PUT(15, tgammaf(x));
	PUT(16, cbrtf(x)); PUT(17, hypotf(x, y)); PUT(18, fmodf(x, y)); PUT(19, remainderf(x, y));
	sincospif(x, &s, &c);
	PUT(20, s); PUT(21, c);
	float v[3] = {x, y, z};
	PUT(22, normf(3, v)); PUT(23, asinf(x)); PUT(24, acosf(x)); PUT(25, atanf(x));
	PUT(26, atan2f(x, y)); PUT(27, sinhf(x)); PUT(28, coshf(x)); PUT(29, tanhf(x));
	PUT(30, asinhf(x)); PUT(31, acoshf(x)); PUT(32, atanhf(x)); PUT(33, sqrtf(x));
	PUT(34, rsqrtf(x)); PUT(35, rcbrtf(x)); PUT(36, x / y); PUT(37, 1.0f / x);
	PUT(38, fmaf(x, y, z)); PUT(39, fminf(x, y)); PUT(40, fmaxf(x, y)); PUT(41, copysignf(x, y));
	PUT(42, frexpf(x, &e)); PUT(43, (float)e); PUT(44, ldexpf(x, (int)y)); PUT(45, (float)ilogbf(x));
	PUT(46, logbf(x)); PUT(47, modff(x, &s)); PUT(48, s); PUT(49, nextafterf(x, y));
	PUT(50, truncf(x)); PUT(51, roundf(x)); PUT(52, rintf(x)); PUT(53, ceilf(x));
	PUT(54, floorf(x)); PUT(55, erfinvf(x)); PUT(56, erfcinvf(x)); PUT(57, normcdff(x));
	PUT(58, normcdfinvf(x)); PUT(59, j0f(x)); PUT(60, j1f(x)); PUT(61, y0f(x));
	PUT(62, y1f(x)); PUT(63, cyl_bessel_i0f(x)); PUT(64, fdimf(x, y)); PUT(65, remquof(x, y, &e));
	PUT(66, (float)e); PUT(67, sinpif(x)); PUT(68, cospif(x)); PUT(69, __sinf(x));
	PUT(70, __cosf(x)); PUT(71, __expf(x)); PUT(72, __logf(x)); PUT(73, __powf(x, y));
	PUT(74, __fdividef(x, y)); PUT(75, __tanf(x)); PUT(76, __log2f(x)); PUT(77, __exp10f(x));
	PUT(78, scalbnf(x, e)); PUT(79, (float)(isnan(x) + 2 * isinf(y) + 4 * signbit(z) + 8 * isfinite(x)));
	PUT(80, rhypotf(x, y)); PUT(81, norm3df(x, y, z)); PUT(82, rnorm3df(x, y, z)); PUT(83, lroundf(x));
	PUT(84, nearbyintf(x)); PUT(85, powf(x, 2.5f)); PUT(86, powf(2.0f, x)); PUT(87, powf(x, -1.0f));
}

// The rounded arithmetic intrinsics (add/mul/fma/div/sqrt/rcp in each
// rounding mode) and saturation.
extern "C" __global__ void rounded_f32(const float *a, float *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	float x = a[i], y = OTHER(a, 1), z = OTHER(a, 2);
	PUT(0, __fadd_rn(x, y)); PUT(1, __fadd_rz(x, y)); PUT(2, __fadd_ru(x, y)); PUT(3, __fadd_rd(x, y));
	PUT(4, __fmul_rn(x, y)); PUT(5, __fmul_rz(x, y)); PUT(6, __fmul_ru(x, y)); PUT(7, __fmul_rd(x, y));
	PUT(8, __fmaf_rn(x, y, z)); PUT(9, __fmaf_rz(x, y, z)); PUT(10, __fmaf_ru(x, y, z)); PUT(11, __fmaf_rd(x, y, z));
	PUT(12, __fdiv_rn(x, y)); PUT(13, __fdiv_rz(x, y)); PUT(14, __fdiv_ru(x, y)); PUT(15, __fdiv_rd(x, y));
	PUT(16, __fsqrt_rn(x)); PUT(17, __fsqrt_rz(x)); PUT(18, __fsqrt_ru(x)); PUT(19, __fsqrt_rd(x));
	PUT(20, __frcp_rn(x)); PUT(21, __frcp_rz(x)); PUT(22, __frcp_ru(x)); PUT(23, __frcp_rd(x));
	PUT(24, __saturatef(x)); PUT(25, __fsub_rn(x, y)); PUT(26, __fsub_rz(x, y)); PUT(27, __frsqrt_rn(x));
	PUT(28, __fmaf_ieee_rn(x, y, z)); PUT(29, __fadd_rn(x * y, z)); PUT(30, fmaf(x, x, -x * x));
	PUT(31, __fsqrt_ru(fabsf(x)) - __fsqrt_rd(fabsf(x)));
}

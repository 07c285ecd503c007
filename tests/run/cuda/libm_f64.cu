// Double-precision libm and rounded intrinsics.
#include "sweep.h"
// variants: G

extern "C" __global__ void libm_f64(const double *a, double *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	double x = a[i], y = OTHER(a, 1), z = OTHER(a, 2);
	double s, c;
	int e;
	PUT(0, sin(x)); PUT(1, cos(x)); PUT(2, tan(x)); PUT(3, exp(x));
	PUT(4, exp10(x)); PUT(5, exp2(x)); PUT(6, expm1(x)); PUT(7, log(x));
	PUT(8, log1p(x)); PUT(9, log2(x)); PUT(10, log10(x)); PUT(11, pow(x, y));
	PUT(12, erf(x)); PUT(13, erfc(x)); PUT(14, lgamma(x)); PUT(15, tgamma(x));
	PUT(16, cbrt(x)); PUT(17, hypot(x, y)); PUT(18, fmod(x, y)); PUT(19, remainder(x, y));
	sincospi(x, &s, &c);
	PUT(20, s); PUT(21, c);
	double v[3] = {x, y, z};
	PUT(22, norm(3, v)); PUT(23, asin(x)); PUT(24, acos(x)); PUT(25, atan(x));
	PUT(26, atan2(x, y)); PUT(27, sinh(x)); PUT(28, cosh(x)); PUT(29, tanh(x));
	PUT(30, asinh(x)); PUT(31, acosh(x)); PUT(32, atanh(x)); PUT(33, sqrt(x));
	PUT(34, rsqrt(x)); PUT(35, rcbrt(x)); PUT(36, x / y); PUT(37, 1.0 / x);
	PUT(38, fma(x, y, z)); PUT(39, fmin(x, y)); PUT(40, fmax(x, y)); PUT(41, copysign(x, y));
	PUT(42, frexp(x, &e)); PUT(43, (double)e); PUT(44, ldexp(x, (int)y)); PUT(45, (double)ilogb(x));
	PUT(46, logb(x)); PUT(47, modf(x, &s)); PUT(48, s); PUT(49, nextafter(x, y));
	PUT(50, trunc(x)); PUT(51, round(x)); PUT(52, rint(x)); PUT(53, ceil(x));
	PUT(54, floor(x)); PUT(55, erfinv(x)); PUT(56, erfcinv(x)); PUT(57, normcdf(x));
	PUT(58, normcdfinv(x)); PUT(59, j0(x)); PUT(60, y0(x)); PUT(61, sinpi(x));
	PUT(62, cospi(x)); PUT(63, remquo(x, y, &e)); PUT(64, (double)e); PUT(65, __dadd_rz(x, y));
	PUT(66, __dadd_ru(x, y)); PUT(67, __dadd_rd(x, y)); PUT(68, __dmul_rz(x, y)); PUT(69, __dmul_ru(x, y));
	PUT(70, __dmul_rd(x, y)); PUT(71, __fma_rz(x, y, z)); PUT(72, __fma_ru(x, y, z)); PUT(73, __fma_rd(x, y, z));
	PUT(74, __ddiv_rz(x, y)); PUT(75, __ddiv_ru(x, y)); PUT(76, __ddiv_rd(x, y)); PUT(77, __dsqrt_rz(x));
	PUT(78, __dsqrt_ru(x)); PUT(79, __dsqrt_rd(x)); PUT(80, __drcp_rn(x)); PUT(81, __drcp_rz(x));
	PUT(82, __drcp_ru(x)); PUT(83, __drcp_rd(x)); PUT(84, rhypot(x, y)); PUT(85, norm3d(x, y, z));
	PUT(86, (double)lround(x)); PUT(87, pow(x, 0.5)); PUT(88, pow(x, 3.0)); PUT(89, cyl_bessel_i0(x));
	PUT(90, sqrt(fabs(x))); PUT(91, fdim(x, y)); PUT(92, (double)__double2float_rn(x) - x);
}

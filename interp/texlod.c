/*
 * texlod.c -- the level of detail of tex.grad (tex.c): how the texture
 * unit measures a pair of gradients, in integers, as an H200 does it
 * (tests/tex/ref.bin's "probe grad" records).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdint.h>
#include "interp.h"
#include "tex.h"

/* The level of detail of gradients dx, dy (in texels), in 256ths.  The
 * texture unit first keeps every component to a 10-bit mantissa (rounded
 * down), then works on integers, every term kept to its top 10 bits
 * (keep10) in the unit of its component's exponent: a vector's length is
 * the octagonal estimate max + 11/32 mid (+ 1/4 min in 3D) of its
 * components' magnitudes, 11/32 m as 11 m + 4 over 32.  The footprint is
 * the largest of |dx|, |dy| and of 11/16 of |dx + dy| and |dx - dy|,
 * whose terms are 11 M + 4 over 16, 121 m + 32 over 512 and 11 l + 4
 * over 64: the sums measured with the constants multiplied out, not 11/16 of
 * the length (two gradients along one axis reach past the longer one;
 * for dx = (1, 0), dy = (0, 1) the sums add nothing); each component of
 * the sum and the difference as the unit's adder gives it, the smaller
 * of the two cut to one bit below the larger's last (interp_tex_gradadd,
 * then kept to 10 bits as the rest).  Its log2 comes
 * from the exponent and a table of the top 8 bits of the mantissa.  All
 * from tests/tex/ref.bin: the 10855 lanes of the 2D "probe grad" records
 * whose level is not clamped fit (those of 16x8 and 8x16 arrays too),
 * and the 905 of tex.grad.3d ("probe grad" lane 246's 470.5 carries a
 * sum to the next step, where 650.625 keeps 650; the constant 32 fits
 * from 30 to 58); the + 4 of 11 l from tests/shim/texcube.gpu's "grad3d
 * random" launches, 32768 lanes of random gradients on arrays of sizes
 * not powers of two, which fit with + 4 alone of 0 to 8 (5 differed with
 * none).  -2^40 for zero gradients (the lowest level).  1D
 * gradients measure as 2D ones of y 0.  diag 0 leaves out the sum and
 * the difference (tex.grad.cube's quads across an edge, tex.c). */
double
interp_tex_trunc10(double x)
{
	int e;
	double f = frexp(x, &e);

	return x == 0 || !isfinite(x) ? x : ldexp(trunc(f * 1024), e - 10);
}

/* A gradient g of normalized coordinates in texels of an axis of n
 * texels, as the unit scales it: g kept to 10 bits of mantissa (t), then
 * t times n by shift and add, a term t >> i for each bit of n's top 10
 * (i its distance below n's top bit), each term kept to 3 bits below t's last,
 * and 7 of those eighths added: 7/8 of t's last bit above t n where n is
 * a power of two, which interp_tex_gradlod's 10 bits then drop, and up
 * to about two of them above t n where it is not.  From tex.grad.2d on an
 * H200 (tests/shim/texcube.gpu's "grad2d" launches): the 94156 lanes of
 * gradients along one axis of 3, 5, 6, 7, 12, 17, 20, 24, 48, 100, 1000
 * and 1023 texels whose level is not clamped all fit, as no constant
 * factor near n does (12 fits a factor of 12 (1 + 2^-10 / 1.5), 17 none),
 * nor t n rounded up.  tex.grad.cube's faces scale by n the same way
 * (its sweeps on faces of 6, 12, 17, 20, 24 and 48 texels), as do
 * tex.grad.1d's sizes of 3 to 12345 texels and tex.grad.3d's axes of 3
 * to 1000 (texcube.gpu's "grad1d" and "grad3d" launches, 114688 and
 * 122880 lanes).  Of n only its top 10 bits count, as of t: 12345 scales
 * as 12336 (1468 of grad1d 12345's 8192 lanes one or two 256ths high
 * with all 14 of its bits, none with 10; with 11 to 13 the same 1468). */
double
interp_tex_scale(double g, uint64_t n)
{
	double t = interp_tex_trunc10(g);
	int e, nb = 0;
	int64_t ti, acc = 7;

	if (t == 0 || !isfinite(t) || n == 0)
		return t * (double)n;
	ti = (int64_t)ldexp(frexp(fabs(t), &e), 10) << 3;
	while (nb < 64 && n >> nb)
		nb++;
	for (int i = 0; i < nb && i < 10; i++)
		if (n >> (nb - 1 - i) & 1)
			acc += ti >> i;
	return copysign(ldexp((double)acc, e - 13 + nb - 1), t);
}

/* p > 0 kept to its top 10 bits (the rest cleared) */
static int64_t
keep10(int64_t p)
{
	int sh = 0;

	while (p >> sh >= 1024)
		sh++;
	return p >> sh << sh;
}

/* |v| (foot 0) or 11/16 |v| (foot 1) of components already of 10 bits */
static double
octlen(const double *v, int foot)
{
	double a[3], t;
	int e[3];
	int64_t m[3];

	for (int i = 0; i < 3; i++)
		a[i] = fabs(v[i]);
	if (a[1] > a[0])
		t = a[0], a[0] = a[1], a[1] = t;
	if (a[2] > a[1])
		t = a[1], a[1] = a[2], a[2] = t;
	if (a[1] > a[0])
		t = a[0], a[0] = a[1], a[1] = t;
	if (!(a[0] > 0) || a[0] > 1e30)
		return a[0];
	/* a NaN stops the sort: an infinity behind it would go on to an
	 * integer (a signed overflow); its length is infinite as in front */
	if (a[1] > 1e30 || a[2] > 1e30)
		return INFINITY;
	for (int i = 0; i < 3; i++) {
		m[i] = a[i] > 0 ? (int64_t)ldexp(frexp(a[i], &e[i]), 10) : 0;
		if (!m[i])
			e[i] = e[0];
	}
	if (foot)
		return ldexp((double)keep10(11 * m[0] + 4), e[0] - 14) +
		    ldexp((double)keep10(121 * m[1] + 32), e[1] - 19) +
		    (m[2] ? ldexp((double)keep10(11 * m[2] + 4), e[2] - 16) : 0);
	return ldexp((double)m[0], e[0] - 10) + ldexp((double)keep10(11 * m[1] + 4), e[1] - 15) +
	    ldexp((double)m[2], e[2] - 12);
}

/* 256 log2(1 + k / 256), as the texture unit has it for the 8-bit
 * mantissa k ("probe grad exact", the same in every octave by "probe
 * grad octaves"): mostly one above the exact value's floor. */
static const uint8_t log2tab[256] = {
	  0,   2,   4,   5,   6,   8,   9,  11,  12,  13,  15,  16,  18,  19,  20,  22,
	 23,  24,  26,  27,  28,  30,  31,  32,  34,  35,  36,  38,  39,  40,  42,  43,
	 44,  45,  47,  48,  49,  50,  52,  53,  54,  55,  57,  58,  59,  60,  62,  63,
	 64,  65,  66,  68,  69,  70,  71,  72,  74,  75,  76,  77,  78,  79,  81,  82,
	 83,  84,  85,  86,  88,  89,  90,  91,  92,  93,  94,  95,  97,  98,  99, 100,
	101, 102, 103, 104, 105, 106, 107, 109, 110, 111, 112, 113, 114, 115, 116, 117,
	118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133,
	135, 136, 137, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149,
	150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 162, 163, 164,
	165, 166, 167, 168, 169, 170, 171, 172, 173, 173, 174, 175, 176, 177, 178, 179,
	180, 181, 181, 182, 183, 184, 185, 186, 187, 188, 188, 189, 190, 191, 192, 193,
	194, 195, 195, 196, 197, 198, 199, 200, 200, 201, 202, 203, 204, 205, 205, 206,
	207, 208, 209, 210, 210, 211, 212, 213, 214, 214, 215, 216, 217, 218, 218, 219,
	220, 221, 222, 222, 223, 224, 225, 226, 226, 227, 228, 229, 229, 230, 231, 232,
	233, 233, 234, 235, 236, 236, 237, 238, 239, 239, 240, 241, 242, 242, 243, 244,
	245, 245, 246, 247, 248, 248, 249, 250, 251, 251, 252, 253, 253, 254, 255, 255,
};

/* p + q as the unit's adder of two values of 10 bits of mantissa has it:
 * the one of smaller magnitude aligned to the larger's exponent, kept to
 * one bit below the larger's last (its magnitude cut there, toward
 * zero), then added exactly.  From tex.grad.2d on an H200
 * (tests/shim/texcube.gpu's "grad2d" launches, 155648 lanes): the exact
 * sum fits all but 8 of them, every one a sum or difference of gradients
 * of different exponents whose smaller one's bits below the larger's
 * raised the measure a hair over the next 256th (17x48's lane 1179: dx +
 * dy's x, 1.283203125 - 7.501953125, as -6.220703125, not -6.216796875);
 * with the smaller cut to the larger's last bit 9 lanes differ, to one
 * below none, to two below 6. */
double
interp_tex_gradadd(double p, double q)
{
	double big = fabs(p) >= fabs(q) ? p : q, small = big == p ? q : p, ulp;
	int e;

	if (p == 0 || q == 0 || !isfinite(p) || !isfinite(q))
		return p + q;
	frexp(big, &e);
	ulp = ldexp(1, e - 11);
	return big + copysign(floor(fabs(small) / ulp) * ulp, small);
}

int64_t
interp_tex_gradlod(const double *dx, const double *dy, int diag)
{
	double x[3], y[3], v[3], m, l, f;
	int e;

	for (int i = 0; i < 3; i++)
		x[i] = interp_tex_trunc10(dx[i]), y[i] = interp_tex_trunc10(dy[i]);
	m = octlen(x, 0);
	if ((l = octlen(y, 0)) > m)
		m = l;
	for (int sg = 1; diag && sg >= -1; sg -= 2) {   /* dx + dy, dx - dy */
		for (int i = 0; i < 3; i++)
			v[i] = interp_tex_gradadd(x[i], sg * y[i]);
		if ((l = octlen(v, 1)) > m)
			m = l;
	}
	if (!(m > 0))
		return -((int64_t)1 << 40);
	if (m != m || m > 1e30)
		return (int64_t)1 << 40;
	f = frexp(m, &e);
	return (int64_t)(e - 1) * 256 + log2tab[(unsigned)floor((2 * f - 1) * 256)];
}

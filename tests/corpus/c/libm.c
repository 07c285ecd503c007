/* A small libm in portable C: argument reduction, polynomial kernels and
 * bit-level manipulation of IEEE-754 values. Compiled as device functions. */
#include <stdint.h>

typedef union { float f; uint32_t u; } fbits;
typedef union { double d; uint64_t u; } dbits;

static const double LN2_HI = 6.93147180369123816490e-01;
static const double LN2_LO = 1.90821492927058770002e-10;
static const double INV_LN2 = 1.44269504088896338700e+00;
static const double PIO2_HI = 1.57079632673412561417e+00;
static const double PIO2_LO = 6.07710050650619224932e-11;

/* Coefficient tables live in global memory. */
static const double exp_poly[6] = {1.0, 0.5, 1.6666666666666666e-1, 4.1666666666666664e-2, 8.3333333333333332e-3,
                                   1.3888888888888889e-3};
const float sin_coef[4] = {-1.6666667e-1f, 8.3333310e-3f, -1.9840874e-4f, 2.7525562e-6f};
const float cos_coef[4] = {-0.5f, 4.1666638e-2f, -1.3888397e-3f, 2.4390448e-5f};

double my_ldexp(double x, int e) {
  dbits b = {x};
  int ex = (int)((b.u >> 52) & 0x7ff);
  if (ex == 0 || ex == 0x7ff) return x;
  ex += e;
  if (ex <= 0) return 0.0 * x;
  if (ex >= 0x7ff) return x * 1e308 * 10.0;
  b.u = (b.u & ~(0x7ffull << 52)) | ((uint64_t)ex << 52);
  return b.d;
}

double my_exp(double x) {
  if (x != x) return x;
  if (x > 709.78) return 1.0 / 0.0;
  if (x < -745.13) return 0.0;
  double kd = x * INV_LN2;
  int k = (int)(kd < 0 ? kd - 0.5 : kd + 0.5);
  double r = (x - k * LN2_HI) - k * LN2_LO;
  double p = exp_poly[5];
  for (int i = 4; i >= 0; --i) p = p * r + exp_poly[i];
  return my_ldexp(1.0 + r * p, k);
}

double my_log(double x) {
  if (x < 0 || x != x) return 0.0 / 0.0;
  if (x == 0) return -1.0 / 0.0;
  dbits b = {x};
  int e = (int)((b.u >> 52) & 0x7ff) - 1023;
  b.u = (b.u & 0x000fffffffffffffull) | 0x3ff0000000000000ull;
  double m = b.d;
  if (m > 1.41421356237) { m *= 0.5; ++e; }
  double f = (m - 1.0) / (m + 1.0), f2 = f * f;
  double s = f * (2.0 + f2 * (2.0 / 3 + f2 * (2.0 / 5 + f2 * (2.0 / 7 + f2 * (2.0 / 9 + f2 * (2.0 / 11))))));
  return e * LN2_HI + (s + e * LN2_LO);
}

double my_pow(double x, double y) {
  if (y == 0.0) return 1.0;
  if (x == 0.0) return y > 0 ? 0.0 : 1.0 / 0.0;
  long long iy = (long long)y;
  if ((double)iy == y && iy > -64 && iy < 64) {
    double r = 1.0, b = x;
    long long n = iy < 0 ? -iy : iy;
    while (n) {
      if (n & 1) r *= b;
      b *= b;
      n >>= 1;
    }
    return iy < 0 ? 1.0 / r : r;
  }
  if (x < 0) return 0.0 / 0.0;
  return my_exp(y * my_log(x));
}

static float sin_kernel(float r) {
  float r2 = r * r;
  return r + r * r2 * (sin_coef[0] + r2 * (sin_coef[1] + r2 * (sin_coef[2] + r2 * sin_coef[3])));
}
static float cos_kernel(float r) {
  float r2 = r * r;
  return 1.0f + r2 * (cos_coef[0] + r2 * (cos_coef[1] + r2 * (cos_coef[2] + r2 * cos_coef[3])));
}

void my_sincosf(float x, float *s, float *c) {
  double q = (double)x * (2.0 / 3.14159265358979323846);
  long long n = (long long)(q < 0 ? q - 0.5 : q + 0.5);
  float r = (float)(((double)x - n * PIO2_HI) - n * PIO2_LO);
  float sr = sin_kernel(r), cr = cos_kernel(r);
  switch (n & 3) {
    case 0: *s = sr; *c = cr; break;
    case 1: *s = cr; *c = -sr; break;
    case 2: *s = -sr; *c = -cr; break;
    default: *s = -cr; *c = sr; break;
  }
}

float my_sqrtf(float x) {
  if (x <= 0.0f) return x == 0.0f ? x : 0.0f / 0.0f;
  fbits b = {x};
  b.u = 0x1fbd1df5u + (b.u >> 1); /* initial guess */
  float y = b.f;
  for (int i = 0; i < 3; ++i) y = 0.5f * (y + x / y);
  return y;
}

float my_erff(float x) {
  /* Abramowitz-Stegun 7.1.26 */
  float s = x < 0 ? -1.0f : 1.0f;
  float a = x * s;
  float t = 1.0f / (1.0f + 0.3275911f * a);
  float y = 1.0f - (((((1.061405429f * t - 1.453152027f) * t) + 1.421413741f) * t - 0.284496736f) * t + 0.254829592f) * t *
                       (float)my_exp(-(double)a * a);
  return s * y;
}

int my_ilogb(double x) {
  dbits b = {x};
  int e = (int)((b.u >> 52) & 0x7ff);
  if (e == 0) return -1023 - __builtin_clzll(b.u << 12);
  return e - 1023;
}

double my_fmod(double x, double y) {
  if (y == 0.0) return 0.0 / 0.0;
  double q = x / y;
  long long n = (long long)q;
  double r = x - (double)n * y;
  while (r >= (y < 0 ? -y : y)) r -= (y < 0 ? -y : y);
  return r;
}

/* Table-driven evaluation that callers index with a selector. */
typedef double (*unary_d)(double);
unary_d const dispatch_table[2] = {my_exp, my_log};
double call_selected(int which, double x) { return dispatch_table[which & 1](x); }

/* Half precision and vector types (float2/4, int4, uchar4, double2). */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#include "ptx_prelude.h"

__kernel void half_axpy(__global const half *x, __global half *y, float a, int n) {
  int i = GID0();
  if (i >= n) return;
  half ha = (half)a;
  y[i] = ha * x[i] + y[i];
}

__kernel void half2_mix(__global const half2 *x, __global const half2 *y, __global half2 *out, int n) {
  int i = GID0();
  if (i >= n) return;
  half2 a = x[i], b = y[i];
  half2 r = a * b + a - b;
  r = r > (half2)(0.0h, 0.0h) ? r : -r;
  out[i] = r;
}

__kernel void half_to_float(__global const half *in, __global float *out, __global double *dout, int n) {
  int i = GID0();
  if (i >= n) return;
  float f = (float)in[i];
  out[i] = f * 2.0f;
  dout[i] = (double)in[i] + (double)f;
}

__kernel void rgba_to_gray(__global const uchar4 *rgba, __global uchar *gray, __global float4 *norm, int n) {
  int i = GID0();
  if (i >= n) return;
  uchar4 p = rgba[i];
  float4 f = (float4)((float)p.x, (float)p.y, (float)p.z, (float)p.w) * (1.0f / 255.0f);
  float g = 0.299f * f.x + 0.587f * f.y + 0.114f * f.z;
  gray[i] = (uchar)(g * 255.0f + 0.5f);
  norm[i] = f.wzyx;
}

__kernel void int4_ops(__global const int4 *a, __global const int4 *b, __global int4 *c, __global long2 *w, int n) {
  int i = GID0();
  if (i >= n) return;
  int4 x = a[i], y = b[i];
  int4 r = (x + y) * (x - y);
  r = (r >> 2) ^ (x & y);
  r = x > y ? r : -r;
  c[i] = r.s3210;
  w[i] = (long2)((long)x.x * y.x, (long)x.w * y.w);
}

__kernel void double2_ops(__global const double2 *a, __global double2 *b, int n) {
  int i = GID0();
  if (i >= n) return;
  double2 v = a[i];
  double2 r = v * v + (double2)(1.0, -1.0);
  b[i] = (double2)(SQRT(FABS(r.x)), FMA(r.y, v.x, v.y));
}

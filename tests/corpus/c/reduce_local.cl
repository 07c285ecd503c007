/* Reductions through local (shared) memory with barriers. */
#include "ptx_prelude.h"

__kernel void sum_f32(__global const float *in, __global float *partial, __local float *scratch, int n) {
  int lid = LID0(), lsz = LSZ0();
  float acc = 0.0f;
  for (int i = GID0(); i < n; i += GSZ0()) acc += in[i];
  scratch[lid] = acc;
  BARRIER();
  for (int s = lsz / 2; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    BARRIER();
  }
  if (lid == 0) partial[GRP0()] = scratch[0];
}

__kernel void minmax_i32(__global const int *in, __global int *out, int n) {
  __local int smin[256];
  __local int smax[256];
  int lid = LID0();
  int mn = 0x7fffffff, mx = -0x7fffffff - 1;
  for (int i = GID0(); i < n; i += GSZ0()) {
    int v = in[i];
    mn = v < mn ? v : mn;
    mx = v > mx ? v : mx;
  }
  smin[lid] = mn;
  smax[lid] = mx;
  BARRIER();
  for (int s = 128; s > 0; s >>= 1) {
    if (lid < s) {
      smin[lid] = imin(smin[lid], smin[lid + s]);
      smax[lid] = imax(smax[lid], smax[lid + s]);
    }
    BARRIER();
  }
  if (lid == 0) {
    ATOM_MIN_I(&out[0], smin[0]);
    ATOM_MAX_I(&out[1], smax[0]);
  }
}

/* Mean and variance in one pass (Welford, merged pairwise in local memory). */
__kernel void welford(__global const double *x, __global double *stats, int n) {
  __local double m[128], m2[128];
  __local long cnt[128];
  int lid = LID0();
  double mean = 0.0, M2 = 0.0;
  long c = 0;
  for (int i = GID0(); i < n; i += GSZ0()) {
    ++c;
    double d = x[i] - mean;
    mean += d / (double)c;
    M2 += d * (x[i] - mean);
  }
  m[lid] = mean; m2[lid] = M2; cnt[lid] = c;
  BARRIER();
  for (int s = 64; s > 0; s >>= 1) {
    if (lid < s) {
      long na = cnt[lid], nb = cnt[lid + s], nn = na + nb;
      if (nn > 0) {
        double d = m[lid + s] - m[lid];
        m[lid] = m[lid] + d * (double)nb / (double)nn;
        m2[lid] = m2[lid] + m2[lid + s] + d * d * (double)na * (double)nb / (double)nn;
        cnt[lid] = nn;
      }
    }
    BARRIER();
  }
  if (lid == 0) {
    stats[3 * GRP0()] = m[0];
    stats[3 * GRP0() + 1] = m2[0];
    stats[3 * GRP0() + 2] = (double)cnt[0];
  }
}

/* Dot product with float4 vector loads. */
__kernel void dot4(__global const float4 *a, __global const float4 *b, __global float *result, int n4) {
  __local float s[256];
  int lid = LID0();
  float acc = 0.0f;
  for (int i = GID0(); i < n4; i += GSZ0()) {
    float4 p = a[i] * b[i];
    acc += p.x + p.y + p.z + p.w;
  }
  s[lid] = acc;
  BARRIER();
  for (int k = 128; k > 0; k >>= 1) {
    if (lid < k) s[lid] += s[lid + k];
    BARRIER();
  }
  if (lid == 0) ATOM_ADD_F(result, s[0]);
}

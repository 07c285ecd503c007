/* Tiled single-precision matrix multiply and a 2-D stencil with local-memory halos. */
#include "ptx_prelude.h"
#define TS 16

__kernel void sgemm(int M, int N, int K, float alpha, __global const float *A, __global const float *B, float beta,
                    __global float *C) {
  __local float As[TS][TS];
  __local float Bs[TS][TS + 1];
  int tx = LID0(), ty = LID1();
  int row = GRP1() * TS + ty, col = GRP0() * TS + tx;
  float acc = 0.0f;
  for (int t = 0; t < K; t += TS) {
    As[ty][tx] = (row < M && t + tx < K) ? A[row * K + t + tx] : 0.0f;
    Bs[ty][tx] = (col < N && t + ty < K) ? B[(t + ty) * N + col] : 0.0f;
    BARRIER();
#pragma unroll
    for (int k = 0; k < TS; ++k) acc = FMAF(As[ty][k], Bs[k][tx], acc);
    BARRIER();
  }
  if (row < M && col < N) C[row * N + col] = alpha * acc + beta * C[row * N + col];
}

/* Register-blocked variant: each work-item computes a 4x1 strip. */
__kernel void sgemm_4x1(int M, int N, int K, __global const float *A, __global const float *B, __global float *C) {
  __local float As[4 * TS][TS];
  __local float Bs[TS][TS];
  int tx = LID0(), ty = LID1();
  int row0 = GRP1() * 4 * TS + ty * 4, col = GRP0() * TS + tx;
  float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int t = 0; t < K; t += TS) {
    for (int r = 0; r < 4; ++r) {
      int gr = row0 + r;
      As[ty * 4 + r][tx] = (gr < M && t + tx < K) ? A[gr * K + t + tx] : 0.0f;
    }
    Bs[ty][tx] = (col < N && t + ty < K) ? B[(t + ty) * N + col] : 0.0f;
    BARRIER();
    for (int k = 0; k < TS; ++k) {
      float b = Bs[k][tx];
      for (int r = 0; r < 4; ++r) acc[r] += As[ty * 4 + r][k] * b;
    }
    BARRIER();
  }
  for (int r = 0; r < 4; ++r)
    if (row0 + r < M && col < N) C[(row0 + r) * N + col] = acc[r];
}

__kernel void jacobi5(__global const float *u, __global float *v, int w, int h) {
  __local float tile[TS + 2][TS + 2];
  int lx = LID0(), ly = LID1();
  int x = GID0(), y = GID1();
  int cx = iclamp(x, 0, w - 1), cy = iclamp(y, 0, h - 1);
  tile[ly + 1][lx + 1] = u[cy * w + cx];
  if (lx == 0) tile[ly + 1][0] = u[cy * w + imax(cx - 1, 0)];
  if (lx == TS - 1) tile[ly + 1][TS + 1] = u[cy * w + imin(cx + 1, w - 1)];
  if (ly == 0) tile[0][lx + 1] = u[imax(cy - 1, 0) * w + cx];
  if (ly == TS - 1) tile[TS + 1][lx + 1] = u[imin(cy + 1, h - 1) * w + cx];
  BARRIER();
  if (x < w && y < h)
    v[y * w + x] = 0.25f * (tile[ly][lx + 1] + tile[ly + 2][lx + 1] + tile[ly + 1][lx] + tile[ly + 1][lx + 2]);
}

__kernel void transpose(__global const float *in, __global float *out, int w, int h) {
  __local float t[TS][TS + 1];
  int x = GID0(), y = GID1();
  if (x < w && y < h) t[LID1()][LID0()] = in[y * w + x];
  BARRIER();
  int ox = GRP1() * TS + LID0(), oy = GRP0() * TS + LID1();
  if (ox < h && oy < w) out[oy * h + ox] = t[LID0()][LID1()];
}

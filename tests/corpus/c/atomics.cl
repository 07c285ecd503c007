/* Global and local atomics: histograms, counters, CAS loops, lock-free stack. */
#include "ptx_prelude.h"

__kernel void histogram(__global const uchar *data, int n, __global int *hist) {
  __local int lh[256];
  for (int i = LID0(); i < 256; i += LSZ0()) lh[i] = 0;
  BARRIER();
  for (int i = GID0(); i < n; i += GSZ0()) ATOM_ADD_I(&lh[data[i]], 1);
  BARRIER();
  for (int i = LID0(); i < 256; i += LSZ0())
    if (lh[i]) ATOM_ADD_I(&hist[i], lh[i]);
}

/* float max via compare-and-swap on the integer image */
__kernel void float_max(__global const float *x, int n, __global float *result) {
  for (int i = GID0(); i < n; i += GSZ0()) {
    float v = x[i];
    __global int *ri = (__global int *)result;
    int old = *ri;
    while (as_float(old) < v) {
      int prev = ATOM_CAS_I(ri, old, as_int(v));
      if (prev == old) break;
      old = prev;
    }
  }
}

/* 64-bit counters and bitsets. */
__kernel void counters64(__global const long *keys, int n, __global long *sum, __global long *bits, __global ulong *maxkey,
                         __global uint *wrap) {
  int i = GID0();
  if (i >= n) return;
  long k = keys[i];
  ATOM_ADD_L(sum, k);
  ATOM_OR_L(&bits[(k >> 6) & 15], 1L << (k & 63));
  ATOM_MAX_UL(maxkey, (ulong)k);
  ATOM_INC_U(wrap, 99u);
}

/* Lock-free stack push of node indices (Treiber stack with tagged head). */
__kernel void stack_push(__global long *head, __global int *next, int nnodes) {
  int node = GID0();
  if (node >= nnodes) return;
  long old = *head;
  for (;;) {
    int top = (int)(old & 0xffffffff);
    long tag = (old >> 32) + 1;
    next[node] = top;
    long nw = (tag << 32) | (long)(uint)node;
    long prev = ATOM_CAS_L(head, old, nw);
    if (prev == old) break;
    old = prev;
  }
}

/* Spin lock protecting a non-atomic update. */
__kernel void locked_update(__global int *lock, __global double *acc, __global const double *vals, int n) {
  int i = GID0();
  if (i >= n || (LANE() & 31) != 0) return;
  while (ATOM_CAS_I(lock, 0, 1) != 0) { }
  *acc += vals[i];
  ATOM_XCHG_I(lock, 0);
}

/* 64-bit integer arithmetic: hashing, multiply-high, division, bit tricks. */
#include "ptx_prelude.h"

#define PRIME64_1 0x9E3779B185EBCA87UL
#define PRIME64_2 0xC2B2AE3D27D4EB4FUL
#define PRIME64_3 0x165667B19E3779F9UL
#define PRIME64_4 0x85EBCA77C2B2AE63UL
#define PRIME64_5 0x27D4EB2F165667C5UL

static inline ulong rotl64(ulong x, int r) { return (x << r) | (x >> (64 - r)); }

static ulong round64(ulong acc, ulong in) {
  acc += in * PRIME64_2;
  acc = rotl64(acc, 31);
  return acc * PRIME64_1;
}

/* xxHash64-style hash of variable-length records. */
__kernel void hash_records(__global const ulong *words, __global const int *offsets, __global ulong *hashes, int nrec, ulong seed) {
  int r = GID0();
  if (r >= nrec) return;
  int b = offsets[r], e = offsets[r + 1];
  ulong h;
  int i = b;
  if (e - b >= 4) {
    ulong v1 = seed + PRIME64_1 + PRIME64_2, v2 = seed + PRIME64_2, v3 = seed, v4 = seed - PRIME64_1;
    for (; i + 4 <= e; i += 4) {
      v1 = round64(v1, words[i]);
      v2 = round64(v2, words[i + 1]);
      v3 = round64(v3, words[i + 2]);
      v4 = round64(v4, words[i + 3]);
    }
    h = rotl64(v1, 1) + rotl64(v2, 7) + rotl64(v3, 12) + rotl64(v4, 18);
  } else {
    h = seed + PRIME64_5;
  }
  h += (ulong)(e - b) * 8;
  for (; i < e; ++i) {
    h ^= round64(0, words[i]);
    h = rotl64(h, 27) * PRIME64_1 + PRIME64_4;
  }
  h ^= h >> 33;
  h *= PRIME64_2;
  h ^= h >> 29;
  h *= PRIME64_3;
  h ^= h >> 32;
  hashes[r] = h;
}

/* High half of 64x64-bit products, from 32-bit partial products. */
static ulong umulhi64(ulong a, ulong b) {
  ulong al = a & 0xffffffffUL, ah = a >> 32, bl = b & 0xffffffffUL, bh = b >> 32;
  ulong ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  ulong mid = (ll >> 32) + (lh & 0xffffffffUL) + (hl & 0xffffffffUL);
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}
static long smulhi64(long a, long b) {
  ulong h = umulhi64((ulong)a, (ulong)b);
  if (a < 0) h -= (ulong)b;
  if (b < 0) h -= (ulong)a;
  return (long)h;
}

/* Signed/unsigned 64-bit division and remainder by variables and constants. */
__kernel void divmod64(__global const long *a, __global const long *b, __global long *q, __global ulong *u, int n) {
  int i = GID0();
  if (i >= n) return;
  long x = a[i], y = b[i] | 1;
  q[4 * i] = x / y;
  q[4 * i + 1] = x % y;
  q[4 * i + 2] = x / 1000000007L + x % -37L;
  q[4 * i + 3] = (x >> 17) ^ (x << 5) ^ (long)((ulong)x >> 60);
  ulong ux = (ulong)x, uy = (ulong)y;
  u[2 * i] = ux / uy + ux % 10UL;
  u[2 * i + 1] = umulhi64(ux, uy) + (ulong)smulhi64(x, y) + umulhi64(ux, ~uy) + 1UL;
}

/* Bit manipulation on 64-bit words: population count, leading zeros, Morton codes. */
static ulong spread_bits(uint v) {
  ulong x = v & 0x1fffff;
  x = (x | x << 32) & 0x1f00000000ffffUL;
  x = (x | x << 16) & 0x1f0000ff0000ffUL;
  x = (x | x << 8) & 0x100f00f00f00f00fUL;
  x = (x | x << 4) & 0x10c30c30c30c30c3UL;
  x = (x | x << 2) & 0x1249249249249249UL;
  return x;
}
__kernel void morton3d(__global const uint4 *pts, __global ulong *codes, __global int *stats, int n) {
  int i = GID0();
  if (i >= n) return;
  uint4 p = pts[i];
  ulong c = spread_bits(p.x) | (spread_bits(p.y) << 1) | (spread_bits(p.z) << 2);
  codes[i] = c;
  stats[2 * i] = POPCOUNT64(c);
  stats[2 * i + 1] = c ? CLZ64(c) : 64;
}

/* 64x64->128 multiply written with 32-bit halves; Montgomery-free modular exponentiation. */
static ulong mulmod(ulong a, ulong b, ulong m) {
  ulong r = 0;
  a %= m;
  while (b) {
    if (b & 1) { r += a; if (r >= m || r < a) r -= m; }
    ulong a2 = a << 1;
    if (a2 >= m || a2 < a) a2 -= m;
    a = a2;
    b >>= 1;
  }
  return r;
}
__kernel void powmod(__global const ulong *base, __global const ulong *expo, ulong m, __global ulong *out, int n) {
  int i = GID0();
  if (i >= n) return;
  ulong r = 1 % m, b = base[i], e = expo[i];
  while (e) {
    if (e & 1) r = mulmod(r, b, m);
    b = mulmod(b, b, m);
    e >>= 1;
  }
  out[i] = r;
}

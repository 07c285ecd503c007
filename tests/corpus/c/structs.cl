/* Structures: by-value kernel arguments, arrays of structs, nested structs,
 * unions, and structs returned from non-inlined helpers. */
#include "ptx_prelude.h"

typedef struct { float x, y, z; } vec3;
typedef struct { vec3 pos; vec3 vel; float mass; int id; } particle;
typedef struct { vec3 lo, hi; } aabb;
typedef struct { float dt; float softening; int n; int pad; double g; } sim_params;
typedef union { float f; uint u; uchar b[4]; } pun;

static vec3 v_add(vec3 a, vec3 b) { vec3 r = {a.x + b.x, a.y + b.y, a.z + b.z}; return r; }
static vec3 v_sub(vec3 a, vec3 b) { vec3 r = {a.x - b.x, a.y - b.y, a.z - b.z}; return r; }
static vec3 v_scale(vec3 a, float s) { vec3 r = {a.x * s, a.y * s, a.z * s}; return r; }
static float v_dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

__attribute__((noinline)) static aabb merge(aabb a, aabb b) {
  aabb r;
  r.lo.x = a.lo.x < b.lo.x ? a.lo.x : b.lo.x;
  r.lo.y = a.lo.y < b.lo.y ? a.lo.y : b.lo.y;
  r.lo.z = a.lo.z < b.lo.z ? a.lo.z : b.lo.z;
  r.hi.x = a.hi.x > b.hi.x ? a.hi.x : b.hi.x;
  r.hi.y = a.hi.y > b.hi.y ? a.hi.y : b.hi.y;
  r.hi.z = a.hi.z > b.hi.z ? a.hi.z : b.hi.z;
  return r;
}

__attribute__((noinline)) static vec3 accel_on(__global const particle *ps, int self, sim_params p) {
  vec3 a = {0.0f, 0.0f, 0.0f};
  vec3 me = ps[self].pos;
  for (int j = 0; j < p.n; ++j) {
    vec3 d = v_sub(ps[j].pos, me);
    float r2 = v_dot(d, d) + p.softening;
    float inv = 1.0f / SQRTF(r2);
    a = v_add(a, v_scale(d, ps[j].mass * inv * inv * inv));
  }
  return v_scale(a, (float)p.g);
}

__kernel void nbody_step(__global particle *ps, __global particle *out, sim_params p) {
  int i = GID0();
  if (i >= p.n) return;
  particle q = ps[i];
  vec3 a = accel_on(ps, i, p);
  q.vel = v_add(q.vel, v_scale(a, p.dt));
  q.pos = v_add(q.pos, v_scale(q.vel, p.dt));
  out[i] = q;
}

__kernel void bounds(__global const particle *ps, int n, __global aabb *out) {
  __local aabb boxes[128];
  int lid = LID0(), i = GID0();
  aabb b;
  if (i < n) { b.lo = ps[i].pos; b.hi = ps[i].pos; }
  else { b.lo.x = b.lo.y = b.lo.z = 1e30f; b.hi.x = b.hi.y = b.hi.z = -1e30f; }
  boxes[lid] = b;
  BARRIER();
  for (int s = 64; s > 0; s >>= 1) {
    if (lid < s) boxes[lid] = merge(boxes[lid], boxes[lid + s]);
    BARRIER();
  }
  if (lid == 0) out[GRP0()] = boxes[0];
}

__kernel void byte_swap(__global const float *in, __global float *out, __global uint *raw, int n) {
  int i = GID0();
  if (i >= n) return;
  pun a, b;
  a.f = in[i];
  b.b[0] = a.b[3]; b.b[1] = a.b[2]; b.b[2] = a.b[1]; b.b[3] = a.b[0];
  out[i] = b.f;
  raw[i] = a.u ^ b.u;
}

typedef struct { char tag; short s; int i; long l; float f; double d; uchar flags[3]; } mixed;
__kernel void pack_mixed(mixed m, __global mixed *out, __global double *sum) {
  int i = GID0();
  mixed c = m;
  c.i += i;
  c.flags[i % 3] ^= 1;
  out[i] = c;
  if (i == 0) *sum = m.tag + m.s + m.i + (double)m.l + m.f + m.d + m.flags[0] + m.flags[2];
}

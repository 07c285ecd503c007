// Control flow: nested loops with early exits, dense and sparse switches,
// goto-based state machines, divergent branches and loop unrolling pragmas.

enum Op { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_NEG, OP_DUP, OP_SWAP, OP_JZ, OP_JMP, OP_HALT, OP_PUSH };

struct Insn { int op; int arg; };

// A tiny stack machine interpreter per thread.
__global__ void stack_vm(const Insn *__restrict__ prog, int plen, const int *init, int *result, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  int stack[16];
  int sp = 0, pc = 0, steps = 0;
  stack[sp++] = init[t];
  while (pc < plen && steps++ < 1000) {
    Insn in = prog[pc++];
    switch (in.op) {
      case OP_ADD: { int b = stack[--sp]; stack[sp - 1] += b; break; }
      case OP_SUB: { int b = stack[--sp]; stack[sp - 1] -= b; break; }
      case OP_MUL: { int b = stack[--sp]; stack[sp - 1] *= b; break; }
      case OP_DIV: { int b = stack[--sp]; stack[sp - 1] = b ? stack[sp - 1] / b : 0; break; }
      case OP_NEG: stack[sp - 1] = -stack[sp - 1]; break;
      case OP_DUP: if (sp < 16) { stack[sp] = stack[sp - 1]; ++sp; } break;
      case OP_SWAP: { int a = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = a; break; }
      case OP_JZ: if (stack[--sp] == 0) pc = in.arg; break;
      case OP_JMP: pc = in.arg; break;
      case OP_PUSH: if (sp < 16) stack[sp++] = in.arg; break;
      case OP_HALT: goto done;
      default: result[t] = -1; return;
    }
    if (sp <= 0) break;
  }
done:
  result[t] = sp > 0 ? stack[sp - 1] : 0;
}

// Sparse switch values (compiled to compare chains or binary search).
__device__ int classify(int code) {
  switch (code) {
    case -100: return 1;
    case 7: return 2;
    case 1000: return 3;
    case 65536: return 4;
    case 0x7fffffff: return 5;
    case -2147483647 - 1: return 6;
    default: return 0;
  }
}

// Dense switch on a small range, likely a jump table (brx.idx).
__device__ __noinline__ float dense_switch(int k, float x) {
  switch (k & 15) {
    case 0: return x + 1.f;
    case 1: return x * 2.f;
    case 2: return x - 3.f;
    case 3: return x * x;
    case 4: return -x;
    case 5: return x / 7.f;
    case 6: return sqrtf(fabsf(x));
    case 7: return x * 0.5f + 1.f;
    case 8: return __expf(x);
    case 9: return x * 3.f - 2.f;
    case 10: return fminf(x, 4.f);
    case 11: return fmaxf(x, -4.f);
    case 12: return floorf(x);
    case 13: return ceilf(x);
    case 14: return x * x * x;
    default: return 0.f;
  }
}

__global__ void switches(const int *codes, const float *xs, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = dense_switch(codes[i], xs[i]) + (float)classify(codes[i]);
}

// Tokenizer state machine written with gotos.
__global__ void count_tokens(const char *text, const int *offsets, int *counts, int nlines) {
  int line = blockIdx.x * blockDim.x + threadIdx.x;
  if (line >= nlines) return;
  const char *p = text + offsets[line];
  const char *end = text + offsets[line + 1];
  int words = 0, numbers = 0;
space:
  if (p == end) goto finish;
  if (*p == ' ' || *p == '\t') { ++p; goto space; }
  if (*p >= '0' && *p <= '9') { ++numbers; goto number; }
  ++words;
word:
  ++p;
  if (p == end) goto finish;
  if (*p == ' ' || *p == '\t') goto space;
  goto word;
number:
  ++p;
  if (p == end) goto finish;
  if (*p >= '0' && *p <= '9') goto number;
  goto space;
finish:
  counts[2 * line] = words;
  counts[2 * line + 1] = numbers;
}

// Nested loops with break/continue, unroll pragmas, and a do-while.
__global__ void loops(const float *a, float *out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float acc = 0.f;
  for (int c = 0; c < cols; ++c) {
    float v = a[r * cols + c];
    if (v != v) continue;          // skip NaN
    if (v > 1e30f) break;
    acc += v;
  }
  float p = 0.f;
#pragma unroll 4
  for (int c = 0; c < cols; ++c) p += a[r * cols + c] * (float)c;
  float q = 1.f;
#pragma unroll
  for (int k = 0; k < 8; ++k) q = q * 0.5f + (float)k;
#pragma unroll 1
  for (int k = cols - 1; k >= 0; k -= 3) q -= a[r * cols + k];
  int it = 0;
  float x = acc;
  do { x = 0.5f * (x + 2.f / (x == 0.f ? 1.f : x)); } while (++it < 20 && fabsf(x * x - 2.f) > 1e-6f);
  out[r] = acc + p + q + x;
}

// Data-dependent divergence with warp-level reconvergence.
__global__ void collatz(const unsigned long long *seeds, int *steps, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long x = seeds[i];
  int s = 0;
  while (x != 1ull && s < 10000) {
    x = (x & 1ull) ? 3ull * x + 1ull : x >> 1;
    ++s;
  }
  steps[i] = s;
}

__device__ bool g_flag;
__global__ void early_exit_and_select(const int *a, int *out, int n, int key) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (a[i] == key) { g_flag = true; out[i] = 1; return; }
  int v = a[i];
  out[i] = v < 0 ? -v : (v > 100 ? 100 : v);
  if (g_flag) out[i] += 1000;
}

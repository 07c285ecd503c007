// Clocks, timers, special registers, sleeps, traps, prefetches and profiling hooks.
#include <cstdint>

__device__ __forceinline__ uint64_t globaltimer() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ unsigned smid() {
  unsigned r;
  asm("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}

__global__ void measure(uint64_t *cycles, uint64_t *ns, unsigned *where, float *sink, int iters) {
  long long c0 = clock64();
  unsigned c32 = clock();
  uint64_t t0 = globaltimer();
  float x = threadIdx.x;
  for (int i = 0; i < iters; ++i) x = x * 1.0001f + 0.5f;
  sink[threadIdx.x] = x;
  long long c1 = clock64();
  uint64_t t1 = globaltimer();
  unsigned warpid, nwarpid, nsmid, gridid_lo, laneid;
  uint64_t gridid;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(warpid));
  asm("mov.u32 %0, %%nwarpid;" : "=r"(nwarpid));
  asm("mov.u32 %0, %%nsmid;" : "=r"(nsmid));
  asm("mov.u64 %0, %%gridid;" : "=l"(gridid));
  asm("mov.u32 %0, %%laneid;" : "=r"(laneid));
  unsigned lo;
  asm volatile("mov.u32 %0, %%globaltimer_lo;" : "=r"(lo));
  gridid_lo = (unsigned)gridid;
  unsigned dsmem, tsmem, pm0;
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(dsmem));
  asm("mov.u32 %0, %%total_smem_size;" : "=r"(tsmem));
  asm volatile("mov.u32 %0, %%pm0;" : "=r"(pm0));
  unsigned long long c64;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c64));
  unsigned env0;
  asm("mov.u32 %0, %%envreg0;" : "=r"(env0));
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  cycles[idx] = (uint64_t)(c1 - c0) + (c32 & 1) + (c64 & 0);
  ns[idx] = t1 - t0 + lo * 0;
  where[idx * 4 + 0] = smid();
  where[idx * 4 + 1] = warpid | (nwarpid << 16);
  where[idx * 4 + 2] = nsmid ^ gridid_lo ^ laneid ^ env0;
  where[idx * 4 + 3] = dsmem + tsmem + pm0;
}

// Exponential backoff spin-wait using __nanosleep.
__global__ void backoff_wait(volatile int *flag, int *out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
#if __CUDA_ARCH__ >= 700
    __nanosleep(1000);
#endif
    *flag = 1;
    return;
  }
  unsigned delay = 8;
  while (*flag == 0) {
#if __CUDA_ARCH__ >= 700
    __nanosleep(delay);
#endif
    if (delay < 4096) delay *= 2;
  }
  out[blockIdx.x] = (int)delay;
}

// Watchdog: trap if the kernel runs longer than a budget.
__global__ void watchdog(const int *work, int n, unsigned long long budget_cycles) {
  long long start = clock64();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? work[i] : 0;
  while (v > 0) {
    v = (v * 7 + 3) % 1000003 - 1;
    if ((unsigned long long)(clock64() - start) > budget_cycles) __trap();
  }
  if (v < -10) asm volatile("trap;");
  if (v == -5) asm volatile("exit;");
}

__global__ void prefetch_and_hints(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  asm volatile("prefetch.global.L2 [%0];" ::"l"(in + i + 1024));
  asm volatile("prefetch.global.L1 [%0];" ::"l"(in + i + 256));
  asm volatile("prefetchu.L1 [%0];" ::"l"(in + i + 2048));
#if __CUDA_ARCH__ >= 800
  asm volatile("prefetch.global.L2::evict_last [%0];" ::"l"(in + i + 4096));
  uint64_t policy;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
  float v;
  asm volatile("ld.global.L2::cache_hint.f32 %0, [%1], %2;" : "=f"(v) : "l"(in + i), "l"(policy));
  asm volatile("discard.global.L2 [%0], 128;" ::"l"(out + (i & ~31)) : "memory");
  out[i] = v * 2.f;
#else
  out[i] = in[i] * 2.f;
#endif
  __prof_trigger(3);
  asm volatile("pmevent 1;");
  asm volatile("pmevent.mask 0x5;");
}

// Predicated execution and select-heavy code written in PTX.
__global__ void inline_ptx_predicates(const int *a, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int r;
  asm("{\n\t"
      ".reg .pred p, q;\n\t"
      ".reg .s32 t;\n\t"
      "setp.lt.s32 p, %1, 0;\n\t"
      "setp.gt.and.s32 q, %1, -100, !p;\n\t"
      "@p neg.s32 t, %1;\n\t"
      "@!p mov.s32 t, %1;\n\t"
      "selp.s32 %0, t, -1, q;\n\t"
      "@q add.s32 %0, %0, 0x10;\n\t"
      "}"
      : "=r"(r)
      : "r"(a[i]));
  int b;
  asm("bfe.u32 %0, %1, 4, 8;" : "=r"(b) : "r"(a[i]));
  int c;
  asm("bfi.b32 %0, %1, %2, 8, 4;" : "=r"(c) : "r"(b), "r"(r));
  int d;
  asm("prmt.b32.f4e %0, %1, %2, 1;" : "=r"(d) : "r"(c), "r"(b));
  int e;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(e) : "r"(a[i]), "r"(b), "r"(c));
  out[i] = r ^ b ^ c ^ d ^ e;
}

__global__ void elect_and_misc(int *out) {
#if __CUDA_ARCH__ >= 900
  unsigned is_leader;
  asm volatile("{ .reg .pred p; .reg .b32 lane; elect.sync lane|p, 0xffffffff; selp.u32 %0, 1, 0, p; }" : "=r"(is_leader));
  out[threadIdx.x] = is_leader;
  asm volatile("griddepcontrol.launch_dependents;");
  asm volatile("griddepcontrol.wait;" ::: "memory");
#else
  out[threadIdx.x] = (threadIdx.x & 31) == 0;
#endif
}

// Indirect branch through a jump table declared with .branchtargets.
__global__ void jump_table(const int *sel, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int r;
  asm("{\n\t"
      ".reg .u32 idx;\n\t"
      "and.b32 idx, %1, 3;\n\t"
      "ts: .branchtargets L_case0, L_case1, L_case2, L_case3;\n\t"
      "brx.idx idx, ts;\n"
      "L_case0:\n\t"
      "mov.u32 %0, 100;\n\t"
      "bra.uni L_end;\n"
      "L_case1:\n\t"
      "mul.lo.u32 %0, %1, 3;\n\t"
      "bra.uni L_end;\n"
      "L_case2:\n\t"
      "neg.s32 %0, %1;\n\t"
      "bra.uni L_end;\n"
      "L_case3:\n\t"
      "shl.b32 %0, %1, 4;\n"
      "L_end:\n\t"
      "}"
      : "=r"(r)
      : "r"(sel[i]));
  out[i] = r;
}

// 128-bit scalar registers (PTX 8.3+) and 256-bit vector loads (sm_100).
__global__ void wide_registers(const ulonglong2 *in, ulonglong2 *out, const float *f, float *fo, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long lo = in[i].x, hi = in[i].y, rlo, rhi;
  asm("{\n\t"
      ".reg .b128 q;\n\t"
      "mov.b128 q, {%2, %3};\n\t"
      "mov.b128 {%1, %0}, q;\n\t"
      "}"
      : "=l"(rlo), "=l"(rhi)
      : "l"(lo), "l"(hi));
  out[i] = make_ulonglong2(rlo, rhi);
#if __CUDA_ARCH__ >= 1000
  float v[8];
  asm volatile("ld.global.v8.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];"
               : "=f"(v[0]), "=f"(v[1]), "=f"(v[2]), "=f"(v[3]), "=f"(v[4]), "=f"(v[5]), "=f"(v[6]), "=f"(v[7])
               : "l"(f + 8 * i));
  float s = 0.f;
  for (int k = 0; k < 8; ++k) s += v[k];
  fo[i] = s;
#else
  fo[i] = f[i];
#endif
}

// A function that never returns.
__device__ __noinline__ __attribute__((noreturn)) void fatal_error(int code) {
  asm volatile("st.volatile.global.u32 [%0], %1;" ::"l"((int *)0), "r"(code));
  __trap();
}
__global__ void checked(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (in[i] < 0) fatal_error(in[i]);
  out[i] = in[i] * 2;
}

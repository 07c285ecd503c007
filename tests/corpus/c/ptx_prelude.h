/* Work-item queries, barriers and atomics for OpenCL C compiled straight to
 * NVPTX with no OpenCL runtime library: everything maps onto clang builtins. */
#ifndef PTX_PRELUDE_H
#define PTX_PRELUDE_H

#define LID0() ((int)__nvvm_read_ptx_sreg_tid_x())
#define LID1() ((int)__nvvm_read_ptx_sreg_tid_y())
#define LSZ0() ((int)__nvvm_read_ptx_sreg_ntid_x())
#define LSZ1() ((int)__nvvm_read_ptx_sreg_ntid_y())
#define GRP0() ((int)__nvvm_read_ptx_sreg_ctaid_x())
#define GRP1() ((int)__nvvm_read_ptx_sreg_ctaid_y())
#define NGRP0() ((int)__nvvm_read_ptx_sreg_nctaid_x())
#define GID0() (GRP0() * LSZ0() + LID0())
#define GID1() (GRP1() * LSZ1() + LID1())
#define GSZ0() (NGRP0() * LSZ0())
#define LANE() ((int)__nvvm_read_ptx_sreg_laneid())

#define BARRIER() __syncthreads()

#define ATOM_ADD_I(p, v) __nvvm_atom_add_gen_i((volatile int *)(p), (v))
#define ATOM_ADD_L(p, v) __nvvm_atom_add_gen_l((volatile long *)(p), (v))
#define ATOM_ADD_F(p, v) __nvvm_atom_add_gen_f((volatile float *)(p), (v))
#define ATOM_MAX_I(p, v) __nvvm_atom_max_gen_i((volatile int *)(p), (v))
#define ATOM_MIN_I(p, v) __nvvm_atom_min_gen_i((volatile int *)(p), (v))
#define ATOM_MAX_UL(p, v) __nvvm_atom_max_gen_ul((volatile unsigned long *)(p), (v))
#define ATOM_CAS_I(p, c, v) __nvvm_atom_cas_gen_i((volatile int *)(p), (c), (v))
#define ATOM_CAS_L(p, c, v) __nvvm_atom_cas_gen_l((volatile long *)(p), (c), (v))
#define ATOM_XCHG_I(p, v) __nvvm_atom_xchg_gen_i((volatile int *)(p), (v))
#define ATOM_AND_I(p, v) __nvvm_atom_and_gen_i((volatile int *)(p), (v))
#define ATOM_OR_L(p, v) __nvvm_atom_or_gen_l((volatile long *)(p), (v))
#define ATOM_INC_U(p, v) __nvvm_atom_inc_gen_ui((volatile unsigned int *)(p), (v))

/* Small helpers normally provided by an OpenCL library. */
static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }
static inline int iclamp(int x, int lo, int hi) { return imin(imax(x, lo), hi); }
#define FMAF(a, b, c) __builtin_fmaf((a), (b), (c))
#define FMA(a, b, c) __builtin_fma((a), (b), (c))
#define SQRTF(x) __builtin_sqrtf(x)
#define SQRT(x) __builtin_sqrt(x)
#define FABSF(x) __builtin_fabsf(x)
#define FABS(x) __builtin_fabs(x)
#define FLOORF(x) __builtin_floorf(x)
#define POPCOUNT(x) __builtin_popcount(x)
#define POPCOUNT64(x) __builtin_popcountl(x)
#define CLZ(x) __builtin_clz(x)
#define CLZ64(x) __builtin_clzl(x)
#define CTZ(x) __builtin_ctz(x)

#endif

/*
 * exec.h -- what the parts of the executor share.  exec.c is the dispatch
 * loop; the work its cases hand off is in headers it includes, in this
 * order, each one job:
 *
 *   exec_opnd.h   operands: special registers, a lane's value, a source as
 *                 one plane of 32 lanes, the warp-wide ALU handlers' calls
 *   exec_mem.h    memory: address translation, the warp-wide accesses
 *                 (plan.c's shapes), ld, st and atom lane by lane, cp.async
 *   exec_simt.h   control flow: the SIMT stack, calls and their frames,
 *                 local memory, alloca, the builtins (printf, malloc, ...)
 *   exec_warp.h   warp collectives: shfl, vote, match, redux
 *   exec_plain.h  straight-line stretches (plainrun) and the uniform
 *                 prologue
 *
 * They are headers of static functions, not files of their own, because
 * exec.c is compiled twice (exec_check.c) and its hot paths must be inlined
 * into each copy's loop: memory accesses and operand reads in a call each
 * cost more than the work they do (bench/PROFILE.md).  Only exec.c
 * includes them.
 */
#ifndef INTERP_EXEC_H
#define INTERP_EXEC_H

#include <inttypes.h>
#include <string.h>
#include "interp.h"

/* exec_check.c includes exec.c again with INTERP_CHECK defined: the
 * same executor as interp_run_check, with the dynamic checks' hooks
 * (check*.c) and without the shortcuts that skip them (plainrun, the
 * shared prologue, the warp-wide memory accesses).  The functions other
 * files call are compiled once, in the unchecked copy. */
#ifdef INTERP_CHECK
#define interp_run interp_run_check
#define CHECKED 1
#else
#define CHECKED 0
#endif

/* In the checked copy, initcheck's memory shadow: INITMEM(L) says whether
 * it is followed, UNPOISON marks host bytes written. */
#ifdef INTERP_CHECK
#define MEMCHK(L) ((L)->chk & PTX_CHECK_MEMCHECK)
#define RACECHK(L) ((L)->chk & PTX_CHECK_RACECHECK)
#define INITMEM(L) (((L)->chk & PTX_CHECK_INITCHECK) && !(L)->chkmemoff)
#define ASYNCCHK(L) ((L)->chk & PTX_CHECK_ASYNCCHECK)
#define COPYCHK(L) ((L)->chk & CHK_COPIES)
#define UNPOISON(L, p, n) do { if (INITMEM(L)) interp_chk_unpoison((L)->cx, (p), (n)); } while (0)

#else
#define MEMCHK(L) 0
#define RACECHK(L) 0
#define INITMEM(L) 0
#define ASYNCCHK(L) 0
#define COPYCHK(L) 0
#define UNPOISON(L, p, n) ((void)0)
#endif

#define FOR_LANES(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

/* The number of lanes in m, without the library call that
 * __builtin_popcount becomes when the target has no popcount instruction. */
static inline uint32_t
popc(uint32_t m)
{
	if (m == 0xffffffffu)
		return WARP;
	m = m - ((m >> 1) & 0x55555555u);
	m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
	m = (m + (m >> 4)) & 0x0f0f0f0fu;
	return (m * 0x01010101u) >> 24;
}

/* Inlined by force: as a call it took a tenth of the time of an ALU-bound
 * kernel (perf, bench/kernels.ptx's alu). */
#ifdef __GNUC__
#define HOT_INLINE inline __attribute__((always_inline))
#else
#define HOT_INLINE inline
#endif

#define V(o, l) val(L, w, r, (o), (l))
/* the address a memory operand [base+offset] names in lane l */
#define ADDR(xi, l) (a32((xi), ((xi)->abase.k ? V(&(xi)->abase, (l)) : 0) + (uint64_t)(xi)->aoff) + \
	shadd(L, w, (xi)))
#define SET(o, l, v) do { if ((o)->k == XO_REG) r[(size_t)(o)->r * WARP + (l)] = (v); } while (0)

#endif

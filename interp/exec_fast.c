/*
 * exec_fast.c -- warp-wide handlers for the hot ALU instructions.
 *
 * alu_exec runs one lane at a time and works out what to do from the AluOp
 * on every call.  For the instructions that make up most of a kernel's
 * dynamic count (integer add, sub, mul, mad, shifts and logic, min/max,
 * setp, selp (with an FSEL's sign operations too), integer cvt, f32/f64
 * add, sub, mul, fma, div rounded to nearest, f32 sqrt rounded to nearest,
 * f32 abs, neg and copysign, cvt between f32 and f64, and cvt.rzi of an
 * f32 to s32), interp_fast_pick chooses one handler per instruction at
 * load time.  The handler runs all 32 lanes at once on the register planes
 * (r[slot * WARP + lane]) with a loop that has no calls and no branches,
 * which gcc vectorizes at -O2.  It computes every lane, active or not:
 * straight into the destination when the whole warp is active and the
 * destination is not a source, else into scratch, from which put() stores
 * the mask's lanes with a blend.  Computing inactive lanes is harmless,
 * because these operations cannot trap and the host FPU runs with every
 * exception masked.
 *
 * Results are bit-identical to alu_exec.  tests/unit/fast_test.c compares
 * the two on random and special inputs, and tests/isa/alu_test runs both
 * against the H100's answers.  For floats this rests on IEEE 754: an f32 or
 * f64 add, sub, mul, div, square root, fused multiply-add or conversion
 * rounded to nearest-even has one correct result, which the host FPU and
 * the exact soft float of alu_float.c both produce.  What PTX adds on top
 * is applied here:
 *   - an f32 NaN result is the canonical 0x7FFFFFFF;
 *   - an f64 NaN result propagates an operand in the order nanres() knows,
 *     so those (rare) lanes are recomputed by alu_exec;
 *   - .ftz flushes subnormal inputs before and subnormal results after.
 *     The GPU also flushes a result that is subnormal before rounding but
 *     rounds up to the smallest normal.  The host cannot see that case, so
 *     a mul, fma or div result of exactly +-2^-126 is recomputed.  An add
 *     of two f32 values is exact when it is that small, so add cannot
 *     produce this case.
 * That needs the default floating-point environment: round to nearest, no
 * flush-to-zero or denormals-are-zero, exceptions masked.  interp_fpu_enter
 * installs it for a launch and checks that the host honours it.  fma needs
 * a fused multiply-add instruction: on x86 its handlers are compiled with
 * target("avx2,fma") and chosen only when __builtin_cpu_supports finds
 * both; otherwise fma goes through the soft float, one call per lane, as
 * the .approx functions always do.
 */
#include <float.h>
#include <math.h>
#include <string.h>
#include "interp.h"

#define LANES for (int l = 0; l < WARP; l++)
#define M32 0xffffffffull

/* The host FPU path needs floats evaluated in their own precision (not x87
 * extended); fused multiply-add needs the instruction. */
#if FLT_EVAL_METHOD == 0
#define HOSTFP 1
#else
#define HOSTFP 0
#endif
#if HOSTFP && defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define HOSTFMA 1
#define FMA_TARGET __attribute__((target("avx2,fma")))
#else
#define HOSTFMA 0
#endif

/* configure defines INTERP_CLONES where target_clones works: the handlers
 * then come in a baseline and an AVX2 build, and the dynamic linker binds
 * the one the CPU can run (4 lanes of 64 bits a vector instead of 2). */
#ifdef INTERP_CLONES
#define CLONES __attribute__((target_clones("avx2", "default")))
#else
#define CLONES
#endif

/* put() and the lane loops must be inlined into each handler, so that they
 * are compiled for its instruction set. */
#ifdef __GNUC__
#define INLINE inline __attribute__((always_inline))
#else
#define INLINE inline
#endif

/* d[l] = v[l] in the lanes of m, the others kept. */
static INLINE void
blend(uint64_t *d, const uint64_t *v, uint32_t m)
{
	LANES {
		uint64_t k = 0 - (uint64_t)(m >> l & 1);
		d[l] = (v[l] & k) | (d[l] & ~k);
	}
}

/* Stores the lanes of x->m from t into d. */
static INLINE void
put(const FastArgs *x, uint64_t *d, const uint64_t *t)
{
	if (x->m == 0xffffffffu)
		memcpy(d, t, WARP * sizeof *d);
	else
		blend(d, t, x->m);
}

/* Lane l by alu_exec: for the rare inputs the handlers leave to the soft path. */
static uint64_t
soft(const FastArgs *x, int l)
{
	uint64_t s[3], d[2] = { 0, 0 };
	uint32_t cc = 0;

	s[0] = x->a[l];
	s[1] = x->b ? x->b[l] : 0;
	s[2] = x->c ? x->c[l] : 0;
	alu_exec(x->op, s, d, &cc);
	return d[0];
}

CLONES void
interp_fast_mov(const FastArgs *x)
{
	if (x->a != x->d)
		put(x, x->d, x->a);
}

/* ---------------------------------------------------------------- memory */

/*
 * ldst's full-warp path (exec.c), in the vector width of the CPU: the
 * lanes' addresses base[l] + off into ad (kept to the bits of wrap: a
 * 32-bit base wraps at 32 bits), and whether every one lies in [lo, lo +
 * span] and is a multiple of sz.  (Coalesced warps are found before, by
 * interp_addr_run.)
 */
CLONES int
interp_addr_plane(const uint64_t *restrict base, uint64_t off, uint64_t lo, uint64_t span, unsigned sz,
                  uint64_t *restrict ad, uint64_t wrap)
{
	uint64_t any = 0, mis = sz - 1;

	LANES {
		uint64_t a = (base[l] + off) & wrap;
		ad[l] = a;
		any |= (uint64_t)(a - lo > span) | (a & mis);
	}
	return !any;
}

/*
 * interp_addr_plane's test with the host addresses found in the same pass
 * over the lanes, for the checked executor's full-warp access (exec_mem.h
 * chk_lanes): 1 when every lane's address (base[l] + off) & wrap, into
 * ad[l], lies aligned in [lo, lo + span], with its host address mem +
 * (ad[l] - lo) in hp[l] and the lowest and highest of those in bounds; 0
 * else, hp and bounds then meaning nothing (computed as integers, so that
 * an address out of range makes no pointer).  The offsets are below an
 * allocation's size when it answers 1, so they compare as signed.
 */
CLONES int
interp_addr_chk(const uint64_t *restrict base, uint64_t off, uint64_t lo, uint64_t span, unsigned sz,
                uint64_t *restrict ad, uint64_t wrap, uint8_t *mem, uint8_t **restrict hp, uintptr_t bounds[2])
{
	uint64_t any = 0, mis = sz - 1;
	int64_t mn = INT64_MAX, mx = INT64_MIN;

	if (span <= UINT32_MAX) {
		/* the offsets of an answer of 1 fit 32 bits, whose unsigned
		 * minimum and maximum take one instruction of a cycle where
		 * AVX2's 64-bit ones take a compare and a blend, a chain of
		 * them through the lanes; the range test becomes high bits
		 * clear and the maximum within span (an offset past span
		 * answers 0, and its bits then matter to nothing) */
		uint32_t mn32 = UINT32_MAX, mx32 = 0;
		LANES {
			uint64_t a = (base[l] + off) & wrap, o = a - lo;
			ad[l] = a;
			any |= (o >> 32) | (a & mis);   /* o <= span: below 2^32 and, after, mx32 <= span */
			hp[l] = (uint8_t *)((uintptr_t)mem + o);
			mn32 = (uint32_t)o < mn32 ? (uint32_t)o : mn32;
			mx32 = (uint32_t)o > mx32 ? (uint32_t)o : mx32;
		}
		bounds[0] = (uintptr_t)mem + mn32;
		bounds[1] = (uintptr_t)mem + mx32;
		return !any && mx32 <= span;
	}
	LANES {
		uint64_t a = (base[l] + off) & wrap, o = a - lo;
		ad[l] = a;
		any |= (uint64_t)(o > span) | (a & mis);
		hp[l] = (uint8_t *)((uintptr_t)mem + o);
		mn = (int64_t)o < mn ? (int64_t)o : mn;   /* signed: AVX2 compares four at a time */
		mx = (int64_t)o > mx ? (int64_t)o : mx;
	}
	bounds[0] = (uintptr_t)mem + (uint64_t)mn;
	bounds[1] = (uintptr_t)mem + (uint64_t)mx;
	return !any;
}

/* The 32-bit words at hp[l], zero-extended into d (unrolled: the loop's
 * own tests were half its instructions). */
CLONES void
interp_load32(uint8_t *const *restrict hp, uint64_t *restrict d)
{
#if defined(__GNUC__)
#pragma GCC unroll 8
#endif
	LANES {
		uint32_t v;
		memcpy(&v, hp[l], 4);
		d[l] = v;
	}
}

/*
 * The cheap case of interp_addr_plane: 1 when the lanes' bases are
 * consecutive by sz and the whole run lies in [lo, lo + span], unwrapped
 * and aligned, with the addresses in ad (only the first lane's unless
 * all); else 0 (interp_addr_plane then decides).  The first two lanes
 * rule most other patterns out.
 */
static const uint64_t steps[4][WARP] = {   /* l * sz for sz = 1, 2, 4, 8 */
#define ST(s) { 0*s, 1*s, 2*s, 3*s, 4*s, 5*s, 6*s, 7*s, 8*s, 9*s, 10*s, 11*s, 12*s, 13*s, 14*s, 15*s, \
	16*s, 17*s, 18*s, 19*s, 20*s, 21*s, 22*s, 23*s, 24*s, 25*s, 26*s, 27*s, 28*s, 29*s, 30*s, 31*s }
	ST(1), ST(2), ST(4), ST(8)
#undef ST
};

/* The host addresses of interp_addr_run's lanes: hp[l] = h0 + l * sz. */
CLONES void
interp_hosts_run(uint8_t *h0, unsigned sz, uint8_t **restrict hp)
{
	const uint64_t *step = steps[__builtin_ctz(sz) & 3];

	LANES hp[l] = (uint8_t *)((uintptr_t)h0 + step[l]);
}

/* Stores v's low words to the 32 words at p, lane l's at p + 4 l: the
 * lanes whose word changed.  Counted first, so that the common answers
 * (none, all) take no lane-by-lane pass. */
CLONES uint32_t
interp_store32(uint8_t *restrict p, const uint64_t *restrict v)
{
	uint32_t n = 0, m = 0;

	LANES {
		uint32_t was;
		memcpy(&was, p + 4 * l, 4);
		n += was != (uint32_t)v[l];
	}
	if (n && n < WARP)
		LANES {
			uint32_t was;
			memcpy(&was, p + 4 * l, 4);
			m |= (uint32_t)(was != (uint32_t)v[l]) << l;
		}
	LANES {
		uint32_t u = (uint32_t)v[l];
		memcpy(p + 4 * l, &u, 4);
	}
	return n == WARP ? 0xffffffffu : m;
}

CLONES int
interp_addr_run(const uint64_t *restrict base, uint64_t off, uint64_t lo, uint64_t span, unsigned sz,
                uint64_t *restrict ad, uint64_t wrap, int all)
{
	uint64_t b0 = base[0], diff = 0, a0, an;
	const uint64_t *step = steps[__builtin_ctz(sz) & 3];   /* sz is 1, 2, 4 or 8 */

	if (base[1] != b0 + sz)
		return 0;
	LANES diff |= base[l] ^ (b0 + step[l]);
	a0 = (b0 + off) & wrap;
	an = (base[WARP - 1] + off) & wrap;
	if (diff || an != a0 + step[WARP - 1] || a0 - lo > span || an - lo > span || (a0 & (sz - 1)))
		return 0;
	if (all)
		LANES ad[l] = a0 + step[l];
	else
		ad[0] = a0;
	return 1;
}

/* A coalesced 32-bit load and store: the 32 words at p, zero-extended into d; v's low words to p. */
CLONES void
interp_widen32(const uint8_t *restrict p, uint64_t *restrict d)
{
	LANES {
		uint32_t v;
		memcpy(&v, p + 4 * l, 4);
		d[l] = v;
	}
}

CLONES void
interp_narrow32(uint8_t *restrict p, const uint64_t *restrict v)
{
	LANES {
		uint32_t u = (uint32_t)v[l];
		memcpy(p + 4 * l, &u, 4);
	}
}

/* The lanes whose predicate (plane p, 0 or 1 a lane) is true: on x86 with
 * AVX2, each lane's bit moved to the sign and four lanes read at once
 * (the compiler does not vectorize the shift by the lane number). */
#if defined(__GNUC__) && defined(__x86_64__) && defined(INTERP_CLONES)
#include <immintrin.h>
__attribute__((target("avx2"))) static uint32_t
pmask_avx2(const uint64_t *p)
{
	uint32_t g = 0;

	for (int i = 0; i < WARP / 4; i++) {
		__m256i v = _mm256_slli_epi64(_mm256_loadu_si256((const __m256i *)(const void *)(p + 4 * i)), 63);
		g |= (uint32_t)_mm256_movemask_pd(_mm256_castsi256_pd(v)) << (4 * i);
	}
	return g;
}
#define PMASK_AVX2 1
#else
#define PMASK_AVX2 0
#endif

uint32_t
interp_pmask(const uint64_t *p)
{
	uint64_t g = 0;

#if PMASK_AVX2
	if (__builtin_cpu_supports("avx2"))
		return pmask_avx2(p);
#endif
	LANES g |= (p[l] & 1) << l;
	return (uint32_t)g;
}

/* The 32-bit words at mem + ad[l] - lo, zero-extended into d. */
CLONES void
interp_gather32(const uint8_t *restrict mem, uint64_t lo, const uint64_t *restrict ad, uint64_t *restrict d)
{
	LANES {
		uint32_t v;
		memcpy(&v, mem + (ad[l] - lo), 4);
		d[l] = v;
	}
}

/* blend() for ldst: a partial warp's loaded values into its register. */
CLONES void
interp_blend(uint64_t *restrict d, const uint64_t *restrict v, uint32_t m)
{
	blend(d, v, m);
}

/* d[l] = v in every lane (a value the same for the warp). */
CLONES void
interp_bcast(uint64_t *restrict d, uint64_t v)
{
	LANES d[l] = v;
}

/* d[l] = v + l: %tid.x of a warp within one row of its CTA. */
CLONES void
interp_iota(uint64_t *restrict d, uint64_t v)
{
	LANES d[l] = v + (uint64_t)l;
}

/* d[l] = s[l] + k in the lanes of m; d is s or apart from it (cvta). */
static inline void
addk(uint64_t *restrict d, const uint64_t *restrict s, uint64_t k, uint32_t m)
{
	if (m == 0xffffffffu)
		LANES d[l] = s[l] + k;
	else
		LANES d[l] = (m >> l & 1) ? s[l] + k : d[l];
}

CLONES void
interp_addk(uint64_t *d, const uint64_t *s, uint64_t k, uint32_t m)
{
	uint64_t t[WARP];

	if (d != s) {
		addk(d, s, k, m);
		return;
	}
	memcpy(t, s, sizeof t);   /* in place: from a copy, so that the loop vectorizes */
	addk(d, t, k, m);
}

/* ---------------------------------------------------------------- integers */

/* Whether a handler may write x->d as it goes: a full warp, and d is none
 * of the sources (planes are either the same or disjoint). */
static inline int
direct(const FastArgs *x)
{
	return x->m == 0xffffffffu && x->d != x->a && x->d != x->b && x->d != x->c;
}

/* A handler from its lane loop F(t, x), which fills t[0..WARP-1]: straight
 * into the destination when direct() allows, else into scratch for put(). */
#define DRIVE(name) DRIVEA(name, CLONES)
#define DRIVEA(name, ATTR) \
	ATTR static void name(const FastArgs *x) \
	{ \
		uint64_t t[WARP]; \
		if (direct(x)) { \
			name##_(x->d, x); \
			return; \
		} \
		name##_(t, x); \
		put(x, x->d, t); \
	}

/* One handler per (operation, width): E is the result of lane l from the
 * source values A, B, C. */
#define UN(name, E) \
	static inline void name##_(uint64_t *restrict t, const FastArgs *x) \
	{ \
		const uint64_t *a = x->a; \
		LANES { uint64_t A = a[l]; t[l] = (E); } \
	} \
	DRIVE(name)
#define BIN(name, E) \
	static inline void name##_(uint64_t *restrict t, const FastArgs *x) \
	{ \
		const uint64_t *a = x->a, *b = x->b; \
		LANES { uint64_t A = a[l], B = b[l]; t[l] = (E); } \
	} \
	DRIVE(name)
#define TER(name, E) \
	static inline void name##_(uint64_t *restrict t, const FastArgs *x) \
	{ \
		const uint64_t *a = x->a, *b = x->b, *c = x->c; \
		LANES { uint64_t A = a[l], B = b[l], C = c[l]; t[l] = (E); } \
	} \
	DRIVE(name)
/* A shift by an immediate: N is the count, the same in every lane. */
#define SHI(name, E) \
	static inline void name##_(uint64_t *restrict t, const FastArgs *x) \
	{ \
		const uint64_t *a = x->a; \
		uint64_t N = x->k & 0xffffffffu; \
		LANES { uint64_t A = a[l]; t[l] = (E); } \
	} \
	DRIVE(name)

#define S32(v) ((int64_t)(int32_t)(uint32_t)(v))
#define U32(v) ((uint64_t)(uint32_t)(v))

BIN(add32, (A + B) & M32)
BIN(add64, A + B)
BIN(sub32, (A - B) & M32)
BIN(sub64, A - B)
BIN(mul32, U32((uint32_t)A * (uint32_t)B))
BIN(mul64, A * B)
BIN(mulhi_u32, (U32(A) * U32(B)) >> 32)
BIN(mulhi_s32, U32((uint64_t)(S32(A) * S32(B)) >> 32))
BIN(mulwide_u32, U32(A) * U32(B))
BIN(mulwide_s32, (uint64_t)(S32(A) * S32(B)))
TER(mad32, U32((uint32_t)A * (uint32_t)B + (uint32_t)C))
TER(mad64, A * B + C)
TER(madwide_u32, U32(A) * U32(B) + C)
TER(madwide_s32, (uint64_t)(S32(A) * S32(B)) + C)
BIN(and1, A & B & 1)
BIN(and32, A & B & M32)
BIN(and64, A & B)
BIN(or1, (A | B) & 1)
BIN(or32, (A | B) & M32)
BIN(or64, A | B)
BIN(xor1, (A ^ B) & 1)
BIN(xor32, (A ^ B) & M32)
BIN(xor64, A ^ B)
UN(not1, ~A & 1)
UN(not32, ~A & M32)
UN(not64, ~A)
/* Shift counts are the whole 32-bit operand: past the width, a left or
 * logical right shift gives 0 and an arithmetic one the sign. */
BIN(shl32, (uint32_t)B > 31 ? 0 : (A << (B & 31)) & M32)
BIN(shl64, (uint32_t)B > 63 ? 0 : A << (B & 63))
BIN(shr_u32, (uint32_t)B > 31 ? 0 : U32(A) >> (B & 31))
BIN(shr_u64, (uint32_t)B > 63 ? 0 : A >> (B & 63))
BIN(shr_s32, U32(S32(A) >> ((uint32_t)B > 31 ? 31 : B & 31)))
BIN(shr_s64, (uint64_t)((int64_t)A >> ((uint32_t)B > 63 ? 63 : B & 63)))
SHI(shl32i, N > 31 ? 0 : (A << N) & M32)
SHI(shl64i, N > 63 ? 0 : A << N)
SHI(shr_u32i, N > 31 ? 0 : U32(A) >> N)
SHI(shr_u64i, N > 63 ? 0 : A >> N)
SHI(shr_s32i, U32(S32(A) >> (N > 31 ? 31 : N)))
SHI(shr_s64i, (uint64_t)((int64_t)A >> (N > 63 ? 63 : N)))
BIN(min_s32, S32(A) < S32(B) ? U32(A) : U32(B))
BIN(max_s32, S32(A) < S32(B) ? U32(B) : U32(A))
BIN(min_u32, U32(A) < U32(B) ? U32(A) : U32(B))
BIN(max_u32, U32(A) < U32(B) ? U32(B) : U32(A))
BIN(min_s64, (int64_t)A < (int64_t)B ? A : B)
BIN(max_s64, (int64_t)A < (int64_t)B ? B : A)
BIN(min_u64, A < B ? A : B)
BIN(max_u64, A < B ? B : A)
TER(selp, (A & (0 - (C & 1))) | (B & ((C & 1) - 1)))

/* selp.f32 whose operands take a sign operation of ptxas's FSEL (fold.c,
 * ALU_SGNOP): AluOp.imm bits 0-1 say a's, bits 2-3 b's, as alu_decode.c's
 * sgnop() applies them: SGN_NEG flips bit 31, both bits set it (the other
 * bits of the register kept), SGN_ABS keeps bits 0-30 alone */
static inline uint64_t
sgnand(uint32_t k)
{
	return (k & 3) == SGN_ABS ? 0x7fffffffu : ~(uint64_t)0;
}

static inline uint64_t
sgnor(uint32_t k)
{
	return (k & 3) == 3 ? 0x80000000u : 0;
}

static inline uint64_t
sgnxor(uint32_t k)
{
	return (k & 3) == SGN_NEG ? 0x80000000u : 0;
}

static inline void
selp_sgn_(uint64_t *restrict t, const FastArgs *x)
{
	const uint64_t *a = x->a, *b = x->b, *c = x->c;
	uint32_t ka = x->op->imm, kb = x->op->imm >> 2;
	uint64_t na = sgnand(ka), oa = sgnor(ka), xa = sgnxor(ka);
	uint64_t nb = sgnand(kb), ob = sgnor(kb), xb = sgnxor(kb);

	LANES {
		uint64_t p = 0 - (c[l] & 1);   /* all ones where a is taken */
		uint64_t ra = ((a[l] & na) | oa) ^ xa, rb = ((b[l] & nb) | ob) ^ xb;
		t[l] = (ra & p) | (rb & ~p);
	}
}
DRIVE(selp_sgn)
UN(zext32, U32(A))
UN(sext32, (uint64_t)S32(A))

/* setp: the predicate and, for a `p|q` destination, its complement. */
#define SETP(name, E) \
	static inline void name##_(uint64_t *restrict t, const FastArgs *x) \
	{ \
		const uint64_t *a = x->a, *b = x->b; \
		LANES { uint64_t A = a[l], B = b[l]; t[l] = (uint64_t)(E); } \
	} \
	CLONES static void name(const FastArgs *x) \
	{ \
		uint64_t t[WARP]; \
		if (!x->d2 && direct(x)) { \
			name##_(x->d, x); \
			return; \
		} \
		name##_(t, x); \
		put(x, x->d, t); \
		if (x->d2) { \
			LANES t[l] ^= 1; \
			put(x, x->d2, t); \
		} \
	}

SETP(eq32, U32(A) == U32(B))
SETP(ne32, U32(A) != U32(B))
SETP(lt_s32, S32(A) < S32(B))
SETP(le_s32, S32(A) <= S32(B))
SETP(gt_s32, S32(A) > S32(B))
SETP(ge_s32, S32(A) >= S32(B))
SETP(lt_u32, U32(A) < U32(B))
SETP(le_u32, U32(A) <= U32(B))
SETP(gt_u32, U32(A) > U32(B))
SETP(ge_u32, U32(A) >= U32(B))
SETP(eq64, A == B)
SETP(ne64, A != B)
SETP(lt_s64, (int64_t)A < (int64_t)B)
SETP(le_s64, (int64_t)A <= (int64_t)B)
SETP(gt_s64, (int64_t)A > (int64_t)B)
SETP(ge_s64, (int64_t)A >= (int64_t)B)
SETP(lt_u64, A < B)
SETP(le_u64, A <= B)
SETP(gt_u64, A > B)
SETP(ge_u64, A >= B)

/* Handlers of setp.CMP.{s,u,b}{32,64}: [width 64][signed][CMP - MOD_EQ],
 * in mods.def order: eq ne lt le gt ge lo ls hi hs (lo..hs unsigned). */
_Static_assert(MOD_HS - MOD_EQ == 9 && MOD_NAN_CMP - MOD_EQ == 17, "mods.def order of the comparisons");
static FastFn *const setpint[2][2][10] = {
	{ { eq32, ne32, lt_u32, le_u32, gt_u32, ge_u32, lt_u32, le_u32, gt_u32, ge_u32 },
	  { eq32, ne32, lt_s32, le_s32, gt_s32, ge_s32, lt_u32, le_u32, gt_u32, ge_u32 } },
	{ { eq64, ne64, lt_u64, le_u64, gt_u64, ge_u64, lt_u64, le_u64, gt_u64, ge_u64 },
	  { eq64, ne64, lt_s64, le_s64, gt_s64, ge_s64, lt_u64, le_u64, gt_u64, ge_u64 } },
};

/* ---------------------------------------------------------------- floats */

#if HOSTFP
static inline float
f32(uint64_t v)
{
	uint32_t u = (uint32_t)v;
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

static inline uint64_t
bits32(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}

static inline double
f64(uint64_t v)
{
	double f;
	memcpy(&f, &v, sizeof f);
	return f;
}

static inline uint64_t
bits64(double f)
{
	uint64_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}

/* .ftz: a subnormal becomes the zero of its sign. */
static inline uint64_t
flush32(uint64_t v)
{
	return (v & 0x7f800000) ? v : v & 0x80000000;
}

static inline int
isnan32(uint64_t v)
{
	return (v & 0x7fffffff) > 0x7f800000;
}

static inline int
isnan64(uint64_t v)
{
	return (v & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}

/* An f32 result as PTX has it: the canonical NaN; under .ftz (FTZ a
 * constant) subnormals flushed. */
static inline uint64_t
res32(uint64_t r, int ftz)
{
	r = isnan32(r) ? 0x7fffffff : r;
	return ftz ? flush32(r) : r;
}

/* A result of +-2^-126 under .ftz may have been subnormal before rounding. */
static inline int
edge32(uint64_t r)
{
	return (r & 0x7fffffff) == 0x00800000;
}

/* f32 handlers: E of the floats A, B (C) of lane l, inputs flushed under
 * .ftz; EDGE: whether a result of +-2^-126 must be recomputed. */
#define F32BIN(name, FTZ, EDGE, E) \
	static inline void name##_(uint64_t *restrict t, const FastArgs *x) \
	{ \
		const uint64_t *a = x->a, *b = x->b; \
		uint64_t edge = 0; \
		LANES { \
			float A = f32(FTZ ? flush32(a[l]) : a[l]), B = f32(FTZ ? flush32(b[l]) : b[l]); \
			t[l] = res32(bits32(E), FTZ); \
			edge |= (uint64_t)(FTZ && EDGE && edge32(t[l])); \
		} \
		if (edge) \
			LANES if (edge32(t[l])) t[l] = soft(x, l); \
	} \
	DRIVE(name)
#define F32TER(name, FTZ, E, TARGET) \
	TARGET static inline void name##_(uint64_t *restrict t, const FastArgs *x) \
	{ \
		const uint64_t *a = x->a, *b = x->b, *c = x->c; \
		uint64_t edge = 0; \
		LANES { \
			float A = f32(FTZ ? flush32(a[l]) : a[l]), B = f32(FTZ ? flush32(b[l]) : b[l]); \
			float C = f32(FTZ ? flush32(c[l]) : c[l]); \
			t[l] = res32(bits32(E), FTZ); \
			edge |= (uint64_t)(FTZ && edge32(t[l])); \
		} \
		if (edge) \
			LANES if (edge32(t[l])) t[l] = soft(x, l); \
	} \
	DRIVEA(name, TARGET)
/* f64 handlers: NaN lanes are recomputed.  C is lane l's third source
 * (read only by E). */
#define F64OP(name, E, TARGET, DTARGET) \
	TARGET static inline void name##_(uint64_t *restrict t, const FastArgs *x) \
	{ \
		const uint64_t *a = x->a, *b = x->b, *c = x->c; \
		uint64_t nan = 0; \
		LANES { \
			double A = f64(a[l]), B = f64(b[l]); \
			t[l] = bits64(E); \
			nan |= (uint64_t)isnan64(t[l]); \
		} \
		if (nan) \
			LANES if (isnan64(t[l])) t[l] = soft(x, l); \
		(void)c; \
	} \
	DRIVEA(name, DTARGET)

F32BIN(add_f32, 0, 0, A + B)
F32BIN(add_f32_ftz, 1, 0, A + B)
F32BIN(sub_f32, 0, 0, A - B)
F32BIN(sub_f32_ftz, 1, 0, A - B)
F32BIN(mul_f32, 0, 1, A * B)
F32BIN(mul_f32_ftz, 1, 1, A * B)
F32BIN(div_f32, 0, 1, A / B)
F32BIN(div_f32_ftz, 1, 1, A / B)
F64OP(add_f64, A + B, , CLONES)
F64OP(sub_f64, A - B, , CLONES)
F64OP(mul_f64, A * B, , CLONES)
F64OP(div_f64, A / B, , CLONES)

#if HOSTFMA
F32TER(fma_f32, 0, __builtin_fmaf(A, B, C), FMA_TARGET)
F32TER(fma_f32_ftz, 1, __builtin_fmaf(A, B, C), FMA_TARGET)

F64OP(fma_f64, __builtin_fma(A, B, f64(c[l])), FMA_TARGET, FMA_TARGET)
/* a mul and a sub that ptxas fuses (contract.c): a*b - c and c - a*b;
 * the sign of a NaN does not matter, f32 NaNs leave canonical and f64
 * ones are recomputed */
F32TER(fms_f32, 0, __builtin_fmaf(A, B, -C), FMA_TARGET)
F32TER(fms_f32_ftz, 1, __builtin_fmaf(A, B, -C), FMA_TARGET)
F32TER(nfma_f32, 0, __builtin_fmaf(-A, B, C), FMA_TARGET)
F32TER(nfma_f32_ftz, 1, __builtin_fmaf(-A, B, C), FMA_TARGET)
F64OP(fms_f64, __builtin_fma(A, B, -f64(c[l])), FMA_TARGET, FMA_TARGET)
F64OP(nfma_f64, __builtin_fma(-A, B, f64(c[l])), FMA_TARGET, FMA_TARGET)
#endif

/* int -> float conversions rounded to nearest (f64 from 32 bits is exact). */
UN(cvt_f32_s32, bits32((float)(int32_t)(uint32_t)A))
UN(cvt_f32_u32, bits32((float)(uint32_t)A))
UN(cvt_f64_s32, bits64((double)(int32_t)(uint32_t)A))
UN(cvt_f64_u32, bits64((double)(uint32_t)A))

/* abs, neg and copysign of f32: bit operations on the low word, the
 * register's upper bits kept, a NaN (after .ftz's flush) the canonical
 * one, as alu_float.c's felem has them */
UN(abs_f32, isnan32(A) ? 0x7fffffff : A & ~(uint64_t)0x80000000u)
UN(abs_f32_ftz, isnan32(A) ? 0x7fffffff : flush32(A) & ~(uint64_t)0x80000000u)
UN(neg_f32, isnan32(A) ? 0x7fffffff : A ^ 0x80000000u)
UN(neg_f32_ftz, isnan32(A) ? 0x7fffffff : flush32(A) ^ 0x80000000u)
BIN(copysign_f32, (B & ~(uint64_t)0x80000000u) | (A & 0x80000000u))

/* sqrt.rn.f32: the host's square root is IEEE's, correctly rounded; what
 * alu_float.c's alu_fsqrt does apart from it is kept: a NaN or a negative
 * number gives the canonical NaN, a zero and +inf are returned as they
 * came (the register's upper bits too), .ftz flushes the input (the root
 * of a normal number is normal) */
static inline uint64_t
sqrt32(uint64_t a)
{
	if (isnan32(a) || ((a & 0x80000000u) && (a & 0x7fffffff)))
		return 0x7fffffff;
	if (!(a & 0x7fffffff) || (a & 0x7fffffff) == 0x7f800000)
		return a;
	return bits32(sqrtf(f32(a)));
}

UN(sqrt_f32, sqrt32(A))
UN(sqrt_f32_ftz, sqrt32(flush32(A)))

/* Conversions between f32 and f64 (widening is exact, narrowing rounded to
 * nearest by the host as by alu_float.c's exact rounding): a NaN keeps its
 * sign and the top of its payload, quieted (alu_cvt.c nanconv); and f32
 * to s32 toward zero, saturated, NaN 0, the result sign-extended as the
 * register holds it (alu_cvt.c cvt1). */
static inline uint64_t
nan_f64_f32(uint64_t a)
{
	return (a >> 31 & 1) << 63 | 0x7ff8000000000000ull | (a & 0x7fffff) << 29;
}

static inline uint64_t
nan_f32_f64(uint64_t a)
{
	return (a >> 63) << 31 | 0x7fc00000u | (a & 0xfffffffffffffull) >> 29;
}

static inline uint64_t
f2s32_rz(float f)
{
	int32_t v = f != f ? 0 : f >= 0x1p31f ? INT32_MAX : f < -0x1p31f ? INT32_MIN : (int32_t)f;
	return (uint64_t)(int64_t)v;
}

UN(cvt_f64_f32, isnan32(A) ? nan_f64_f32(A) : bits64((double)f32(A)))
UN(cvt_f32_f64, isnan64(A) ? nan_f32_f64(A) : bits32((float)f64(A)))
UN(cvt_s32_f32_rz, f2s32_rz(f32(A)))

/* setp.CMP.f32: the ordered comparisons are false and the unordered ones
 * (equ ... geu) true when either side is NaN; -0 equals +0. */
#define FSETP(name, FTZ, E) \
	SETP(name, fcmp_##E(f32(FTZ ? flush32(A) : A), f32(FTZ ? flush32(B) : B)))
static inline int fcmp_eq(float p, float q) { return p == q; }
static inline int fcmp_ne(float p, float q) { return p < q || p > q; }
static inline int fcmp_lt(float p, float q) { return p < q; }
static inline int fcmp_le(float p, float q) { return p <= q; }
static inline int fcmp_gt(float p, float q) { return p > q; }
static inline int fcmp_ge(float p, float q) { return p >= q; }
static inline int fcmp_equ(float p, float q) { return !(p < q || p > q); }
static inline int fcmp_neu(float p, float q) { return !(p == q); }
static inline int fcmp_ltu(float p, float q) { return !(p >= q); }
static inline int fcmp_leu(float p, float q) { return !(p > q); }
static inline int fcmp_gtu(float p, float q) { return !(p <= q); }
static inline int fcmp_geu(float p, float q) { return !(p < q); }
static inline int fcmp_num(float p, float q) { return p == p && q == q; }
static inline int fcmp_nan(float p, float q) { return !(p == p && q == q); }

#define FSETPS(FTZ, S) \
	FSETP(eq_f32##S, FTZ, eq) FSETP(ne_f32##S, FTZ, ne) FSETP(lt_f32##S, FTZ, lt) \
	FSETP(le_f32##S, FTZ, le) FSETP(gt_f32##S, FTZ, gt) FSETP(ge_f32##S, FTZ, ge) \
	FSETP(equ_f32##S, FTZ, equ) FSETP(neu_f32##S, FTZ, neu) FSETP(ltu_f32##S, FTZ, ltu) \
	FSETP(leu_f32##S, FTZ, leu) FSETP(gtu_f32##S, FTZ, gtu) FSETP(geu_f32##S, FTZ, geu) \
	FSETP(num_f32##S, FTZ, num) FSETP(nan_f32##S, FTZ, nan)
FSETPS(0, )
FSETPS(1, _ftz)

/* Handlers of setp.CMP[.ftz].f32: [ftz][CMP - MOD_EQ], in mods.def order
 * (lo ls hi hs are integer comparisons). */
static FastFn *const setpf32[2][18] = {
	{ eq_f32, ne_f32, lt_f32, le_f32, gt_f32, ge_f32, NULL, NULL, NULL, NULL,
	  equ_f32, neu_f32, ltu_f32, leu_f32, gtu_f32, geu_f32, num_f32, nan_f32 },
	{ eq_f32_ftz, ne_f32_ftz, lt_f32_ftz, le_f32_ftz, gt_f32_ftz, ge_f32_ftz, NULL, NULL, NULL,
	  NULL, equ_f32_ftz, neu_f32_ftz, ltu_f32_ftz, leu_f32_ftz, gtu_f32_ftz, geu_f32_ftz,
	  num_f32_ftz, nan_f32_ftz },
};
#endif /* HOSTFP */

/* ---------------------------------------------------------------- per-lane soft float */

/* fma without a host fused multiply-add, and the .approx functions: one
 * call per active lane, but no decoding on the way. */
static void
fma_soft(const FastArgs *x)
{
	int fmt = alu_fmt_of(x->op->ty), ftz = (x->op->flags & ALU_FTZ) != 0;
	uint64_t t[WARP];

	LANES t[l] = (x->m >> l & 1) ? alu_ffma(fmt, x->a[l], x->b[l], x->c[l], ALU_RN, ftz) : 0;
	put(x, x->d, t);
}

static void
approx(const FastArgs *x)
{
	int fmt = alu_fmt_of(x->op->ty), ftz = (x->op->flags & ALU_FTZ) != 0;
	uint64_t t[WARP];

	if (fmt == ALU_F32)   /* a warp at a time: the SFU model's batch */
		alu_approx_f32v(x->op->op, x->a, t, WARP, ftz);
	else
		LANES t[l] = (x->m >> l & 1) ? alu_approx(x->op->op, fmt, x->a[l], ftz) : 0;
	put(x, x->d, t);
}

/* ---------------------------------------------------------------- choosing */

static int
hostfma(void)
{
#if HOSTFMA
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
	return 0;
#endif
}

/* Integer arithmetic: w is 32 or 64, sg whether the type is signed. */
static FastFn *
pickint(const AluOp *op, int w, int sg, int imm)
{
	int wide = w == 64;
	uint32_t fl = op->flags;

	switch (op->op) {
	case OP_ADD: return fl ? NULL : wide ? add64 : add32;
	case OP_SUB: return fl ? NULL : wide ? sub64 : sub32;
	case OP_MUL:
		if (fl == 0)
			return wide ? mul64 : mul32;
		if (wide || op->ty == TY_B32)
			return NULL;
		if (fl == ALU_HI)
			return sg ? mulhi_s32 : mulhi_u32;
		return fl == ALU_WIDE ? (sg ? mulwide_s32 : mulwide_u32) : NULL;
	case OP_MAD:
		if (fl == 0)
			return wide ? mad64 : mad32;
		if (wide || op->ty == TY_B32 || fl != ALU_WIDE)
			return NULL;
		return sg ? madwide_s32 : madwide_u32;
	case OP_AND: return wide ? and64 : and32;
	case OP_OR: return wide ? or64 : or32;
	case OP_XOR: return wide ? xor64 : xor32;
	case OP_NOT: return wide ? not64 : not32;
	case OP_SHL:
		if (imm)
			return wide ? shl64i : shl32i;
		return wide ? shl64 : shl32;
	case OP_SHR:
		if (fl & ALU_NEGK)   /* -(x >> n): fold.c foldnegshr */
			return NULL;
		if (imm)
			return sg ? (wide ? shr_s64i : shr_s32i) : (wide ? shr_u64i : shr_u32i);
		return sg ? (wide ? shr_s64 : shr_s32) : (wide ? shr_u64 : shr_u32);
	case OP_MIN:
		if (fl)
			return NULL;
		return sg ? (wide ? min_s64 : min_s32) : (wide ? min_u64 : min_u32);
	case OP_MAX:
		if (fl)
			return NULL;
		return sg ? (wide ? max_s64 : max_s32) : (wide ? max_u64 : max_u32);
	case OP_SETP:
		if (fl || op->bop || op->cmp < MOD_EQ || op->cmp > MOD_HS)
			return NULL;
		return setpint[wide][sg][op->cmp - MOD_EQ];
	}
	return NULL;
}

#if HOSTFP
/* f32 and f64 arithmetic rounded to nearest (*fpu = 1 when chosen). */
static FastFn *
pickfloat(const AluOp *op, int *fpu)
{
	int ftz = (op->flags & ALU_FTZ) != 0, d = op->ty == TY_F64;
	uint32_t neg = op->flags & (ALU_NEGAB | ALU_NEGC);
	/* ALU_NANA and ALU_NEGK pick a NaN, and NaN lanes go to soft() */
	uint32_t fl = op->flags & ~(uint32_t)(ALU_FTZ | ALU_RNDSET | ALU_NEGAB | ALU_NEGC | ALU_NANA | ALU_NEGK);

	if (op->rnd != ALU_RN || (d && ftz))
		return NULL;
	if (fl)   /* div.full and div.approx: ptxas's MUFU.RCP sequence (alu_math.c), not IEEE division */
		return NULL;
	if (neg) {
		*fpu = 1;
#if HOSTFMA
		if (op->op == OP_FMA && neg != (ALU_NEGAB | ALU_NEGC) && hostfma()) {
			if (neg == ALU_NEGC)
				return d ? fms_f64 : ftz ? fms_f32_ftz : fms_f32;
			return d ? nfma_f64 : ftz ? nfma_f32_ftz : nfma_f32;
		}
#endif
		*fpu = 0;
		return NULL;
	}
	*fpu = 1;
	switch (op->op) {
	case OP_ADD: return d ? add_f64 : ftz ? add_f32_ftz : add_f32;
	case OP_SUB: return d ? sub_f64 : ftz ? sub_f32_ftz : sub_f32;
	case OP_MUL: return d ? mul_f64 : ftz ? mul_f32_ftz : mul_f32;
	case OP_DIV: return d ? div_f64 : ftz ? div_f32_ftz : div_f32;
	case OP_FMA: case OP_MAD:
#if HOSTFMA
		if (hostfma())
			return d ? fma_f64 : ftz ? fma_f32_ftz : fma_f32;
#endif
		*fpu = 0;
		return fma_soft;
	}
	*fpu = 0;
	return NULL;
}
#endif

FastFn *
interp_fast_pick(const AluOp *op, const XOp *s, int ns, int *fpu)
{
	const TyInfo *ti = &ir_tyinfo[op->ty];
	int w = ti->bits, sg = ti->kind == TK_SINT;
	int intty = ti->kind == TK_BIT || ti->kind == TK_UINT || ti->kind == TK_SINT;

	*fpu = 0;
	if (op->op == OP_SELP && op->flags == ALU_SGNOP && !op->negsrc && op->nwords == 1 && ns == 3)
		return selp_sgn;
	if (op->negsrc || op->nwords != 1 || op->ndst > 2 || ns > 3 || (op->ndst > 1 && op->op != OP_SETP) ||
	    (op->mode == OP_SET && (op->op == OP_SQRT || op->op == OP_DIV)) ||
	    (op->flags & (ALU_W16A | ALU_W16B | ALU_SGNOP | ALU_GSET | ALU_F2IAMT | ALU_CNOTAMT | ALU_NEGPACK | ALU_ABSREM)))
		return NULL;
	switch (op->op) {
	case OP_SELP:
		return ns == 3 ? selp : NULL;
	case OP_AND: case OP_OR: case OP_XOR: case OP_NOT:
		if (op->ty == TY_PRED)
			return op->op == OP_AND ? and1 : op->op == OP_OR ? or1 : op->op == OP_XOR ? xor1 : not1;
		break;
	case OP_CVT: {
		const TyInfo *si = &ir_tyinfo[op->ty2];
		int sint = si->kind == TK_UINT || si->kind == TK_SINT;
#if HOSTFP
		/* f32 <-> f64, and f32 to s32 toward zero, with no other modifier */
		if (!(op->flags & ~(uint32_t)ALU_RNDSET)) {
			*fpu = 1;
			if (op->ty == TY_F64 && op->ty2 == TY_F32 && !(op->flags & ALU_RNDSET))
				return cvt_f64_f32;
			if (op->ty == TY_F32 && op->ty2 == TY_F64 && op->rnd == ALU_RN)
				return cvt_f32_f64;
			if (op->ty == TY_S32 && op->ty2 == TY_F32 && op->rnd == ALU_RZ && (op->flags & ALU_RNDSET))
				return cvt_s32_f32_rz;
			*fpu = 0;
		}
#endif
		if (op->flags & ~(uint32_t)(ALU_RNDSET | ALU_FTZ) || !sint || (si->bits != 32 && si->bits != 64))
			return NULL;
		if (intty && !(op->flags & ALU_RNDSET) && (w == 32 || w == 64)) {
			/* narrowed to 32 bits as the register holds them, or widened */
			if (w == 32)
				return sg ? sext32 : zext32;
			if (si->bits == 64)
				return interp_fast_mov;
			return si->kind == TK_SINT ? sext32 : zext32;
		}
#if HOSTFP
		if (op->rnd == ALU_RN && si->bits == 32 && (op->ty == TY_F32 || op->ty == TY_F64)) {
			*fpu = 1;
			if (op->ty == TY_F32)
				return si->kind == TK_SINT ? cvt_f32_s32 : cvt_f32_u32;
			return si->kind == TK_SINT ? cvt_f64_s32 : cvt_f64_u32;
		}
#endif
		return NULL;
	}
	case OP_SIN: case OP_COS: case OP_LG2: case OP_EX2: case OP_TANH: case OP_RSQRT: case OP_RCP:
	case OP_SQRT:
#if HOSTFP
		if (op->op == OP_SQRT && op->ty == TY_F32 && op->rnd == ALU_RN &&
		    !(op->flags & ~(uint32_t)(ALU_FTZ | ALU_RNDSET))) {
			*fpu = 1;
			return op->flags & ALU_FTZ ? sqrt_f32_ftz : sqrt_f32;
		}
#endif
		if ((op->ty != TY_F32 && op->ty != TY_F64) || !(op->flags & ALU_APPROX) ||
		    (op->flags & ~(uint32_t)(ALU_APPROX | ALU_FTZ)))
			return NULL;
		return approx;
	}
	if (intty && (w == 32 || w == 64))
		return pickint(op, w, sg, ns > 1 && s[1].k == XO_IMM);
#if HOSTFP
	if (op->ty == TY_F32 && !(op->flags & ~(uint32_t)ALU_FTZ)) {
		int ftz = op->flags != 0;
		switch (op->op) {
		case OP_ABS: return ns == 1 ? ftz ? abs_f32_ftz : abs_f32 : NULL;
		case OP_NEG: return ns == 1 ? ftz ? neg_f32_ftz : neg_f32 : NULL;
		case OP_COPYSIGN: return ns == 2 && !ftz ? copysign_f32 : NULL;
		}
	}
	if (op->ty == TY_F32 && op->op == OP_SETP) {
		int i = op->cmp - MOD_EQ;
		if (op->bop || (op->flags & ~(uint32_t)ALU_FTZ) || i < 0 || i >= 18)
			return NULL;
		*fpu = setpf32[(op->flags & ALU_FTZ) != 0][i] != NULL;
		return setpf32[(op->flags & ALU_FTZ) != 0][i];
	}
	if (op->ty == TY_F32 || op->ty == TY_F64)
		return pickfloat(op, fpu);
#endif
	return NULL;
}

/* ---------------------------------------------------------------- the FP environment */

/* Whether the installed environment is the one the host-FPU handlers
 * assume: each line fails under another rounding mode, flush-to-zero or
 * denormals-are-zero (volatile keeps the compiler from folding them). */
static int
fpu_default(void)
{
	volatile float one = 1.0f, tie = 0x1p-24f, above = 0x1.8p-24f, tiny = 0x1p-149f, min = 0x1p-126f;
	volatile double done = 1.0, dtie = 0x1p-53, dtiny = 0x1p-1074;
	float s;

	if (one + tie != one || one + above != 1.0f + 0x1p-23f || -one - above != -1.0f - 0x1p-23f)
		return 0;
	if (done + dtie != done || dtiny * done == 0.0)
		return 0;
	s = tiny * one;
	if (s == 0.0f || min * 0.5f == 0.0f)
		return 0;
	return HOSTFP;
}

int
interp_fpu_enter(fenv_t *saved)
{
	if (fegetenv(saved) != 0)
		return -1;
	if (fesetenv(FE_DFL_ENV) != 0)
		return 0;
	return fpu_default();
}

void
interp_fpu_leave(const fenv_t *saved)
{
	fesetenv(saved);
}

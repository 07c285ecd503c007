/*
 * interp/alu.h -- per-lane semantics of the PTX ALU instructions.
 *
 * The interpreter decodes each static instruction once (alu_decode) into an
 * AluOp and then calls alu_exec for every active lane.  Everything here is a
 * pure function of its arguments: no global state, no floating-point
 * environment (directed roundings are done in integer arithmetic, since
 * fesetround is per thread, slow, and unavailable for the narrow formats), so
 * the library is safe to call from any number of threads.  Results are meant
 * to be bit-identical to an NVIDIA H100 (sm_90); tests/isa holds the GPU's
 * answers and the list of variants that do not match yet (tests/isa/GAPS).
 *
 * Operand conventions for alu_exec:
 *   - src[] holds the source operands in operand order (after the
 *     destinations) as bit patterns in the low bits of a uint64_t: pred 0/1,
 *     16-bit types in the low 16 bits, f16x2/bf16x2 in 32 bits, f64 in 64.
 *     An immediate operand is passed as its bit pattern like a register.
 *     A predicate source written `!p` is passed as the register's value;
 *     alu_exec applies the negation itself (AluOp.negsrc).
 *   - .b128 (mov) takes AluOp.nwords == 2 words per operand, low word first.
 *   - dst[0] receives the result; dst[1] the second predicate of a `p|q`
 *     destination (setp, lop3 with a predicate pair).
 *   - cc is the lane's carry flag (0/1): read by addc/subc/madc, written by
 *     the .cc forms.
 *   - Narrow integer results (8 and 16 bits) are returned zero-extended to
 *     their register width, except cvt to .s8/.u8 in a wider register, which
 *     the GPU sign- or zero-extends to the register width (see alu_cvt.c).
 */
#ifndef PTX_ALU_H
#define PTX_ALU_H

#include <stdint.h>
#include "ir.h"

/* 128-bit integers hold exact products and quotients; __extension__ keeps
 * -Wpedantic quiet about a type every supported compiler has. */
__extension__ typedef unsigned __int128 alu_u128;
__extension__ typedef __int128 alu_s128;

/* Rounding modes, shared by every format (alu_float.c). */
enum { ALU_RN, ALU_RZ, ALU_RM, ALU_RP, ALU_RNA };

/* AluOp.flags */
enum {
	ALU_FTZ       = 1u << 0,
	ALU_SAT       = 1u << 1,
	ALU_CCOUT     = 1u << 2,   /* .cc: writes the carry flag */
	ALU_CCIN      = 1u << 3,   /* addc/subc/madc: reads it */
	ALU_HI        = 1u << 4,
	ALU_WIDE      = 1u << 5,
	ALU_APPROX    = 1u << 6,
	ALU_FULL      = 1u << 7,
	ALU_NANP      = 1u << 8,   /* min/max .NaN */
	ALU_XORSIGN   = 1u << 9,   /* min/max .xorsign.abs */
	ALU_RELU      = 1u << 10,
	ALU_SATFINITE = 1u << 11,
	ALU_CLAMP     = 1u << 12,  /* shf/bmsk/szext .clamp (else .wrap) */
	ALU_SHIFTAMT  = 1u << 13,
	ALU_LEFT      = 1u << 14,  /* shf.l */
	ALU_INTRND    = 1u << 15,  /* cvt rounding is an integer rounding (.rni ...) */
	ALU_RNDSET    = 1u << 16,  /* a rounding modifier was written */
	ALU_NEGAB     = 1u << 17,  /* fma: negate the product (a mul and add ptxas fuses, contract.c);
	                            * neg, abs: flip or clear the sign bit alone (folded into a selp,
	                            * or a guarded one made an FSEL: fold.c) */
	ALU_NEGC      = 1u << 18,  /* fma: negate the addend */
	ALU_NANA      = 1u << 19,  /* f64 add/sub/mul/min/max: a's NaN before b's; fma: a, c, b
	                            * (else b, a; b, c, a): the operand order ptxas chose, see
	                            * alu_float.c nanres */
	ALU_NEGK      = 1u << 20,  /* f64 sub: b is a constant that ptxas negates, NaN or not
	                            * (an fma fused from a sub: its c, with ALU_NEGC);
	                            * shr.s32: negate the result (foldint.c foldnegshr) */
	ALU_IMMFIELD  = 1u << 21,  /* bfe/bfi: position and length are both immediates */
	ALU_W16A      = 1u << 22,  /* a (.s16) is an abs/neg.s16 result ptxas keeps sign-extended to
	                            * 32 bits: 0x8000 reads as +32768; a (.u16, .b16) is an f16/bf16
	                            * set's result, read as x | x << 16 (fold.c) */
	ALU_W16B      = 1u << 23,  /* the same for b */
	ALU_SGNOP     = 1u << 24,  /* selp/slct .f32: a and b take a sign operation of ptxas's FSEL
	                            * (fold.c): imm bits 0-1 for a, 2-3 for b, SGN_NEG or SGN_ABS;
	                            * cvt: a takes one (imm bits 0-1) at its format's sign bit */
	ALU_GSET      = 1u << 25,  /* set with an f32 d under a guard: the last two sources are d's
	                            * old value and the guard; ptxas selects 0 or -1 under the guard,
	                            * then makes an f32 of |that| whatever the guard (fold.c); on an
	                            * f32 add, sub, mul, fma, mad, min or max the last two are the
	                            * source x of d's old value -x or |x| and the guard: where it is
	                            * false d is x with the sign operation of imm bits 28-29 */
	ALU_F2IAMT    = 1u << 26,  /* shl/shr of 64 bits: the amount is an f32 value that ptxas
	                            * converts to a 64-bit integer (F2I.U64/S64.TRUNC, fold.c) and
	                            * shifts by the low word of */
	ALU_FTZRND    = 1u << 27,  /* alu_fround with ALU_FTZ: flush what rounds to a subnormal (an
	                            * f32 FFMA's rule), not what is subnormal before rounding */
	ALU_SLCTLE    = 1u << 28,  /* slct.s32.s32 of c = -x: c is x, a where x <= 0 (fold.c) */
	ALU_CNOTAMT   = 1u << 29,  /* shl or unsigned shr of 16 bits by a cnot.b32 result: ptxas
	                            * shifts by a register it never wrote, past the width (fold.c) */
	ALU_NEGPACK   = 1u << 30,  /* neg.f16x2 of a pack of a neg.f16 result: imm bit 0 (1), the
	                            * low (high) half is s[1] (s[2]) as it is (fold.c) */
	ALU_ABSREM    = 1u << 31   /* rem.s32 of an abs.s32 result: a (taken as unsigned) mod |b|,
	                            * ptxas's unsigned division of a value it knows is not negative */
};

enum { SGN_NEG = 1, SGN_ABS = 2 };   /* AluOp.imm of an ALU_SGNOP selp or slct */

typedef struct AluOp AluOp;

/* The pre-decoded form of one static instruction. */
struct AluOp {
	int op;              /* OP_* */
	int ty;              /* instruction type: ty[0] (for cvt/set/slct/cvt.pack: destination) */
	int ty2;             /* second type (cvt/set/slct source, dp4a b type, cvt.pack ab type) */
	int ty3;             /* third type (cvt.pack c type), else 0 */
	uint32_t flags;      /* ALU_* */
	int rnd;             /* ALU_RN .. ALU_RNA */
	int cmp;             /* MOD_EQ .. MOD_NAN_CMP for set/setp, else 0 */
	int bop;             /* MOD_AND/OR/XOR combining (set/setp) or 0; lop3 predicate op */
	int mode;            /* prmt mode (MOD_F4E ...), testp class (MOD_FINITE ...); OP_RSQRT for a
	                      * div.approx.ftz by rsqrt(rcp(b)) that is a times rsqrt(b), OP_RCP for
	                      * a div.approx or div.full by a b ptxas knows (fold.c); 0 */
	uint32_t imm;        /* lop3 truth table; 1 on a sub.cc.s64 of an abs or a 16-bit shift by an
	                      * ld.v.s8 element, 1 or 2 on a cvt.sat between integers of a neg/abs.s32
	                      * or cnot.b32 result (foldint.c) */
	int nsrc, ndst;      /* operand counts as alu_exec sees them */
	uint32_t negsrc;     /* bit i: source i is written !p */
	int nwords;          /* 64-bit words per operand: 1, or 2 for .b128 */
};

/* ---------------------------------------------------------------- alu_decode.c */
/* Decodes an instruction once (at module load).  Returns 0 and fills *op when the instruction is a
 * pure per-lane operation this library implements; -1 when it is not an ALU instruction (memory,
 * control, warp, special) or not implemented (then *why names what is missing, a static string). */
int alu_decode(const Ins *in, AluOp *op, const char **why);
/* Executes one lane.  src[i] are the source operand values in operand order (after the destinations),
 * as bit patterns in the low bits of uint64_t (pred: 0/1; f16x2: 32 bits; f64: 64 bits; for .b128 use two
 * words per operand: see AluOp.nwords). dst[0] (and dst[1] for a p|q pair or a second result) receive the
 * results. *cc is the lane's carry flag for .cc / addc / subc / madc (read and written).
 * A vector operand's elements occupy consecutive src entries. */
void alu_exec(const AluOp *op, const uint64_t *src, uint64_t *dst, uint32_t *cc);
/* Atomic read-modify-write arithmetic for atom/red: returns the new memory value from the old one.
 * b, c are the instruction's sources (c only for cas).  op = MOD_ADD/MOD_MIN/.../MOD_CAS, ty = TY_*.
 * A float add rounds to nearest; f16/bf16 (always .noftz) and f64 keep denormals.
 * where: ALU_ATOM_L2: the operation runs in the L2's atomic unit (global memory), whose f32 add
 * flushes denormals and whose f64 add passes a NaN operand through unquieted, b's before old's;
 * elsewhere (shared memory) the f32 add keeps denormals and the f64 add is the ALU's (quieted NaN,
 * old's before b's, b's before old's with ALU_ATOM_VALNAN). */
enum { ALU_ATOM_L2 = 1, ALU_ATOM_VALNAN = 2 };
uint64_t alu_atomic(int op, int ty, uint64_t old, uint64_t b, uint64_t c, int where);

/* ---------------------------------------------------------------- internal: alu_int.c */
void alu_int_exec(const AluOp *op, const uint64_t *s, uint64_t *d, uint32_t *cc);

/* ---------------------------------------------------------------- internal: alu_float.c */
/* Floating-point formats of the soft-float core. */
enum { ALU_F64, ALU_F32, ALU_F16, ALU_BF16, ALU_TF32, ALU_E4M3, ALU_E5M2, ALU_NFMT };
int alu_fmt_of(int ty);                 /* TY_F32 -> ALU_F32 ..., -1 when not a float type */
uint64_t alu_fadd(int fmt, uint64_t a, uint64_t b, int rnd, int ftz);
uint64_t alu_fmul(int fmt, uint64_t a, uint64_t b, int rnd, int ftz);
uint64_t alu_ffma(int fmt, uint64_t a, uint64_t b, uint64_t c, int rnd, int ftz);
uint64_t alu_fdiv(int fmt, uint64_t a, uint64_t b, int rnd, int ftz);
uint64_t alu_fsqrt(int fmt, uint64_t a, int rnd, int ftz);
uint64_t alu_fmin(int fmt, uint64_t a, uint64_t b, int ismax, uint32_t flags);
int alu_fcmp(int fmt, uint64_t a, uint64_t b, int cmp, int ftz);
int alu_fisnan(int fmt, uint64_t a);
uint64_t alu_fflush(int fmt, uint64_t a);         /* a denormal becomes a zero of its sign */
uint64_t alu_fsat(int fmt, uint64_t a);           /* clamp to [0, 1], NaN -> +0 */
uint64_t alu_fqnan(int fmt);                      /* the canonical NaN the GPU writes */
uint64_t alu_fone(int fmt);                       /* the bits of 1.0 */
uint64_t alu_u64f32(uint64_t a);                 /* cvt.rn.f32.u64 of a */
uint64_t alu_f2i64(uint64_t a, int sg);           /* cvt.rzi.s64.f32 (sg) or .u64.f32 of a */
/* value = (-1)^sign * sig * 2^exp (+ a nonzero fraction of 2^exp when sticky), rounded into fmt. */
uint64_t alu_fround(int fmt, int sign, int exp, alu_u128 sig, int sticky, int rnd, uint32_t flags);
/* Splits a finite nonzero value into sign, integer significand and exponent; returns 0 for zero,
 * 1 finite, 2 infinity, 3 NaN. */
int alu_funpack(int fmt, uint64_t a, int *sign, int *exp, uint64_t *man);
void alu_float_exec(const AluOp *op, const uint64_t *s, uint64_t *d);

/* ---------------------------------------------------------------- internal: alu_cvt.c */
void alu_cvt_exec(const AluOp *op, const uint64_t *s, uint64_t *d);

/* ---------------------------------------------------------------- internal: alu_math.c */
/* The .approx instructions (and div.full) as ptxas compiles them for sm_90: the MUFU operation with
 * ptxas's range scaling around it.  opc: OP_RCP OP_SQRT OP_RSQRT OP_SIN OP_COS OP_LG2 OP_EX2 OP_TANH. */
uint64_t alu_approx(int opc, int fmt, uint64_t a, int ftz);
void alu_approx_f32v(int opc, const uint64_t *a, uint64_t *d, int n, int ftz);   /* alu_approx of n f32 */
uint64_t alu_approx_div(uint64_t a, uint64_t b, int full, int ftz);     /* div.approx/div.full.f32 */
uint64_t alu_approx_divk(uint64_t a, uint64_t b, int full, int ftz);    /* the same by a b ptxas knows */
/* that division's multiply fused with an add, as ptxas fuses it (contract.c): +-(a / b) + c */
uint64_t alu_approx_divfma(uint64_t a, uint64_t b, uint64_t c, int full, int neg, int ftz);

/* ---------------------------------------------------------------- internal: alu_sfu.c */
/* One MUFU operation of the H100 on a bit pattern (alu_sfu.c says what each takes). */
enum {
	ALU_SFU_RCP, ALU_SFU_RSQ, ALU_SFU_SQRT, ALU_SFU_EX2, ALU_SFU_LG2, ALU_SFU_SIN, ALU_SFU_COS,
	ALU_SFU_TANH, ALU_SFU_RCP64H, ALU_SFU_RSQ64H, ALU_SFU_EX2_F16, ALU_SFU_TANH_F16,
	ALU_SFU_EX2_BF16, ALU_SFU_TANH_BF16
};
uint32_t alu_sfu(int fn, uint32_t x);
void alu_sfu_v(int fn, const uint64_t *x, uint64_t *r, int n);   /* r[i] = alu_sfu(fn, x[i]) */

/* ---------------------------------------------------------------- internal: alu_sfu_tab.c */
typedef struct { int64_t c0; int32_t c1, c2; } AluSfuSeg;       /* V = c0 + c1*X + c2*SQ(X) */
typedef struct { AluSfuSeg q; int G, g; } AluSfuTanh;           /* result (V >> g) * 2^-G */
extern const AluSfuSeg alu_sfu_rcp[128], alu_sfu_rsq[128], alu_sfu_sqrt[128];
extern const AluSfuSeg alu_sfu_ex2[64], alu_sfu_lg2[64], alu_sfu_sin[64];
extern const AluSfuTanh alu_sfu_tanh[51];

#endif

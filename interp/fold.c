/*
 * interp/fold.c -- what ptxas's simplifications change in a kernel's
 * results, beyond the mul + add pairs it fuses (contract.c).
 *
 * ptxas rewrites some instructions, or pairs of them, in ways that give
 * another answer than the PTX semantics on some inputs.  The H100 runs
 * ptxas's code, so the interpreter follows it: load.c calls interp_fold
 * for every decoded ALU instruction, and the rules below adjust its AluOp
 * and operands.  Each rule was read off the SASS that ptxas (CUDA 13,
 * -arch sm_90) makes for small kernels (nvdisasm), and checked against
 * the H100's answers for the differential tests' kernels (tests/diff):
 *
 *   - testp ignores its guard: `@p testp.op.f32 q, x` is compiled as if
 *     unguarded (the FSETP or ISETP that computes q has no predicate, and
 *     an earlier write of q is dropped as dead), f32 and f64 alike; setp
 *     keeps its guard.
 *   - a guarded abs.f32 or neg.f32 without .ftz becomes an FSEL whose
 *     operand carries |x| or -x: the sign bit alone changes, a NaN keeps its
 *     payload (unguarded, or with .ftz, it is an FADD: the canonical NaN;
 *     but abs.f32 of a NaN ptxas knows is that NaN quieted, its sign
 *     cleared: foldabsk).
 *     A guard ptxas knows to be always true counts as none: a not.pred,
 *     and, or or xor of a predicate with itself or its negation, or with
 *     such a constant (the two results of a setp without a BoolOp, or
 *     with .xor, are each other's negation), e.g. `or.pred p, a, !a` (predconst).
 *     So does a selp or slct of f32 reading one: its FSEL takes the neg's
 *     source with the modifier, whatever else reads the neg (not one
 *     choosing between a value and itself: a copy); of an abs of an abs
 *     or neg of x it takes |x| of x itself.  Also where the neg itself
 *     has such a guard (v13 seed 4812: @p neg.f32 under a setp.ge.u16 of
 *     x with itself, read by a selp.f32; v1 seed 125745, by a slct).
 *   - an operation undone: neg of a neg (f32, f64, f16, bf16, f16x2; and a
 *     neg.f16x2 of a mov.b32 pack of a neg.f16, in that half), min/max
 *     of a value with itself (f32, f16; two results of one integer
 *     computation are one value, samecalc, and an or, xor or add of a
 *     known 0 is its other operand, zeroside), mul.f32 and mul.f64 by
 *     1.0 (no rounding modifier; an f64 signalling NaN unquieted; mul.f64
 *     by a mov'd 1.0 too, movone64; and mul.f16, mul.bf16 by a mov.b16 of
 *     their 1.0, no .sat), a neg of a mul by -1.0 (foldnegmul1) and
 *     rcp.approx.ftz of rcp.approx.ftz leave the value as it is (a NaN
 *     keeps its payload); with .ftz an FADD.FTZ of -0 remains.  What
 *     ptxas drops (an instruction under a guard it knows false, and for
 *     foldcvt an integer min, max, and or or of a value with itself) is
 *     looked through (foldint.c livedef, copydef).
 *     div.approx.ftz by an rcp.approx.ftz of x (a mul by 1.0 between or
 *     not) is an FMUL.FTZ by x;
 *     rcp.approx.ftz of rsqrt.approx.ftz of rcp.approx.ftz of x is an
 *     rsqrt.approx.ftz of x, and div.approx.ftz by it an FMUL.FTZ by that.
 *   - cvt.sat of a float-to-integer cvt becomes one F2I to the narrow
 *     type: the cvt.sat.s32.s64 (u32.u64) of a cvt.rXi.s64 (u64) of an f32,
 *     f16 or bf16, and the cvt.sat.{s16,u16}.{s32,u32} of a cvt.rXi.{s32,u32}
 *     of an f32.  A NaN then gives 0, not the saturated INT64_MIN; and
 *     u32 -> s16 keeps a negative value; 32 -> 16 drops a .ftz of the first
 *     cvt, 64 -> 32 keeps it.  Mixed signedness 64 -> 32, 64 -> 16,
 *     32 -> 8, and f64 sources stay two instructions.
 *   - cvt.rzi to an integer of an f16 neg.ftz or abs.ftz rounds to
 *     nearest: ptxas's F2I.FTZ of -x or |x| drops the truncation
 *     (foldnegrzi).
 *   - cvt to an integer of an f16 or bf16 set's result (no BoolOp,
 *     unguarded) converts the set's truth, 0 or 1, read in either half
 *     format (foldhalfsetcvt), but for a set ptxas knows true (x eq x of
 *     integers, x equ x of floats: setpself), whose constant 1.0's bits it
 *     converts.
 *   - cvt to an integer of a cvt to f16 or bf16 of a u16 or s16 set's
 *     mask (no BoolOp) is an integer cvt of the mask (foldmaskcvt).
 *   - min or max.f32 of two NaNs ptxas knows to be the same bits is that
 *     NaN, payload kept (foldmmnan).
 *   - cvt of a .u32 to a float, of an element of a vector ld.s8, converts
 *     the element as signed: -1 gives -1.0, not 4294967295.0 (foldvs8).
 *   - cvt.rzi to an integer of an f32 converted from an integer set's
 *     result is an integer cvt from the set's value (foldsetrt).
 *   - cvt.rzi to an integer of an f16 or bf16 made by a rounding cvt
 *     between f16 and bf16 (or of an f32 that an integer cvt widened from
 *     a cvt of an f32 to f16 or bf16) is one F2I of the first cvt's source
 *     bits, read as the second cvt's format and rounded to an integer by
 *     the first cvt's rounding (to nearest where a cvt between halves has
 *     none); integer cvts between them count as movs.
 *   - add.sat.s32 and sub.sat.s32 cancel a term with the wrapping add or
 *     sub (.cc or not) that defines an operand: (a + b) -.sat a is b,
 *     a -.sat (a + b) is 0 -.sat b, (a - b) +.sat b is a; the sum never
 *     saturates.  Likewise sub.sat.s32 with a mad24.hi whose addend is
 *     the other operand: (p + a) -.sat a is the mul24.hi p, a -.sat
 *     (p + a) is 0 -.sat p.  Not where that add or sub cancels a term of
 *     its own first: ((x + x) - x) +.sat x is x +.sat x.
 *   - add.sat.s32 of x * y and x * z (mul.lo, mul24.lo by a constant x,
 *     mul.wide.u16) is x * (y + z), the sum wrapped; (x + c1) +.sat c2,
 *     the add read there alone, is x +.sat (c1 + c2), through chains of
 *     such adds and subs down to a neg.s32 x (not a -.sat of INT_MIN);
 *     x -.sat b of an f32 NaN b ptxas knows is x +.sat 0x7fffffff.
 *   - rem.s32 of an abs.s32 result is |a| mod |b| unsigned: of INT_MIN
 *     (its own abs) the remainder is 2^31 mod |b|, not negative.
 *   - a guarded set with an f32 destination selects 0 or -1 under the
 *     guard and converts |that| to f32 unguarded: where the guard is false
 *     the destination becomes the f32 of |its old value|.
 *   - abs.s16 and neg.s16 are IABS and a negation of the operand sign-
 *     extended to 32 bits, and readers that want it sign-extended take that
 *     register as it is: mul, mad, div, rem, sad, shr, set/setp, cvt to
 *     a 32- or 64-bit integer, cvt.s16 into a .b32 register and cvt.sat to
 *     any.  Of 0x8000 (abs and neg
 *     of -32768) they read +32768 (ALU_W16A/B).  min, max, cvt to a float
 *     and unsigned readers truncate it first; an f16 or bf16 set's result
 *     of halves of its own format with a BoolOp is an HSET2's, 0 or 1.0
 *     in both halves, which mul.wide, mul.hi, shr, sad and set/setp .u16
 *     read whole (the same flags; foldint.c halfset), but for a shr by 16
 *     or more, a 0.  A sub.s16 from a 0 ptxas knows is such a neg
 *     (foldint.c wide16).
 *   - cvt.sat.f32.f16 (cvt.sat.f64.f32, cvt.rn.sat.f16.f32) of an integer
 *     value saturated to 16 (32) bits drops its float .sat (not through a
 *     cvt that widens 16 bits to 32, nor of a cvt.sat to 16 bits of an
 *     f32's float-to-integer cvt, which ptxas makes one F2I), and so do
 *     cvt.sat.f16.f16 and cvt.sat.f32.f32 (no .ftz) of one; so does cvt.sat.f64.f16 of a value
 *     that integer cvts (16 bits or wider, taken for movs) carried from a
 *     cvt.sat to a 16-bit integer or a float-to-float cvt.sat; so do
 *     cvt.rn.sat.f32.f64 and cvt.rn.sat.f16.f64 of a cvt.sat between s64
 *     and u64 (its bits read as an f64: a NaN stays a NaN, not 0); the
 *     other roundings keep it.  cvt.sat.f32.f32 and cvt.sat.f16.f16
 *     (no .ftz) of an integer saturated to 32 (16) bits, or of add.sat,
 *     sub.sat or mad.hi.sat .s32, drop it too: a move, or the canonical
 *     NaN of an HADD2 (foldsat2).
 *   - a 64-bit shl or shr whose amount register an f32 instruction of its
 *     block wrote (the last write, guarded or not; no barrier, fence or
 *     warp collective but elect.sync in between, nor an IEEE div/rcp/sqrt, an f32
 *     .approx one without .ftz, rsqrt.approx.f64 without .ftz, a 64-bit
 *     bfe, bfi, brev or bfind, or a guarded carry instruction) converts
 *     the amount as an f32 to a 64-bit integer first (F2I.U64.TRUNC, .S64
 *     for shr.s64) and shifts by its low word: ptxas widens the u32 amount
 *     with a cvt from the type it gave the value.  mov.b32 and mov.u32
 *     copies, div.full, copysign, cvt.ftz.f32.f64 and .approx
 *     rcp/ex2/lg2/rsqrt/sqrt/div without .ftz leave the value untyped
 *     (ALU_F2IAMT).
 *   - bfi.b32 of immediate position and length into a base ptxas knows
 *     (0 from a shift by 32 or more or a mov of 0, a kconst value) is a
 *     shift: the manual's rule, not the mask rule of alu_int.c; a
 *     position or length that is a kconst value is an immediate to that
 *     rule, and a bfi of a value and a base it both knows is the manual's
 *     constant (foldint.c bfiknown).
 *   - a cvt between integers that zero-extends or truncates to 8 bits of
 *     a tanh.approx.f16 or ex2.approx.f16 result keeps all 16 bits.
 *   - slct.s32.s32 of -x tests x <= 0; any other slct of abs.s32 x is a,
 *     and so is a slct into an integer type of an f32 whose sign ptxas
 *     knows (interp_fold_slctpos).
 *   - abs of f16x2 or bf16x2 of an f32 known not to be negative drops
 *     the abs (each half's sign stays), and so does abs.f16 or abs.bf16
 *     of a half of one; abs.ftz.f32, and an instruction of a rounding
 *     modifier without .sat, are not known so, an immediate -0.0 is
 *     (f32nonneg); abs.f32 of a selp.f32 known so is a copy, abs.ftz.f32
 *     an FADD.FTZ of it and -0 (foldabssel).
 *   - min/max.xorsign.abs.f16x2 of a neg.f16x2 or abs.f16x2 of x, twice,
 *     reads x once.
 *   - atom/red.shared.add.noftz.f16x2 (bf16x2) of one word of a mov.b64
 *     {lo, hi} split adds bits 32-47 of the 64-bit value as its high half
 *     (so for a cvt.u32.u64, a mad.lo.cc with its madc.hi, and scalar
 *     video results, which ptxas keeps in 64 bits);
 *     of a cnot.b32 it adds -0 in each half where the cnot is 0, a NaN
 *     where it is 1 (interp_fold_atom, called for atomics by load.c).
 *   - a 16-bit shl or unsigned shr by a cnot.b32 result before any call
 *     reads the stack pointer's low half as the amount: the result is 0;
 *     shr.s16 shifts by the cnot kept as 0 or -1.
 *   - mad.hi.sat.s32 of operands a mul.lo (or a later mad.wide) also
 *     multiplies drops the .sat: one IMAD.WIDE computes both (foldmadhi).
 *   - rcp, sqrt, rsqrt, lg2, ex2, sin, cos .approx.f32 of a constant
 *     and div.approx.f32, div.full.f32 of two are the value ptxas
 *     computes on the host, not the MUFU's, subnormal, zero and infinite
 *     operands too; constants propagate through f32 add, sub, mul, cvt
 *     and these (foldmufuk, foldmufu.c); not to a div.full.ftz by an
 *     .approx result without .ftz, which ptxas learns late (divlate).
 *   - a call's arguments reach the callee: two parameters that every call
 *     of a function fills from one register are one value in its body
 *     (ptxas keeps the call but folds the body as if inlined), so a max.f32
 *     of them is the value itself (sameargs, copyroot).
 *   - div.approx.f32 and div.full.f32 by a known 1.0 are a copy, by an
 *     rcp of one an FMUL by it (folddiv1).
 *   - cvt.f32.bf16, cvt.f64 of an f16 or bf16 NaN and cvt.f16 or .bf16
 *     of an f64 NaN that ptxas knows are its canonical NaN (foldcvtnank),
 *     also through a min or max .f64 of the NaN with itself (mmself64);
 *     neg.f64 and abs.f64 of a cvt.f64.f32 of a constant fold to the
 *     converted constant negated or cleared (cvtf32k), and of an
 *     slct.b64.f32 of immediates to the one it picks (movconst), of a
 *     selp or slct by a predicate or selector ptxas decides, a min or
 *     max.f64 of a constant with itself, a neg or abs of one, or a
 *     cvt.f64 of a known half NaN, to that constant (selpk64), but a
 *     cvt.rpi or .rmi to a 64-bit integer of a literal in range runs
 *     (f2idirrun);
 *     neg.f16 and neg.bf16 of a mul by a known -1.0 are x (foldnegmul1);
 *     a 16-bit integer setp of mov'd immediates is a guard ptxas
 *     decides (mov16k), and so is a setp.f16 or .bf16 of mov'd halves
 *     for a selp.b16 (setpk); a guard it knows only
 *     through a negation leaves cvt.f32.bf16 the shift of the NaN
 *     (guardlate); cvt.f64 of a neg.f16 or neg.bf16
 *     of x converts -x, of an abs.f16 |x|, a NaN x as it is (foldnegcvt);
 *     so do cvt.f64.f32, and the F2Fs narrowing an f64 or f32, of a neg
 *     or abs (negcvtf2f).
 *   - setp.equ, .geu, .ne and .lt .f32 of a set's integer result (0 or
 *     -1) and 0 are integer tests: eq, ge, neu and ltu (foldsetpset).
 *   - setp/set .ne, .equ (.eq, .neu) .f16 of a 16-bit integer set's mask
 *     and a known 0 test the set's compare again (foldsetpset16).
 *   - cvt.f32.u16/.u32 of an abs.s16/.s32 converts as signed (foldabscvt).
 *   - setp.ne and setp.eq of an f32 set.ftz's integer result and 0 are
 *     the set's compare made again without .ftz, in any block the set's
 *     sources reach unchanged, and so are set.ne and set.eq into .u32 or
 *     .s32 (foldsetpftz); set or setp .eq and .ne .f32 of such a set's
 *     result and a known 1.0 take its truth for 1.0 (foldsetone); not
 *     where ptxas knows both of the set's sources, which it evaluates
 *     with its .ftz (interp_fold_setsrck).
 *   - a slct whose c ptxas knows keeps no FSEL (interp_fold_selknown).
 *   - sqrt.rn/rz/rm/rp.ftz.f32 and div.rz/rm/rp.ftz.f32 of an f32 set
 *     (no .ftz) whose slow path's subroutine ptxas fits to its one call:
 *     the subroutine's test of the operand against 0 is the set's compare
 *     made again with .ftz, so two subnormals the set found unequal take
 *     its 0 for nonzero: sqrt gives a NaN, a / 0 is a * 2^127
 *     (foldslowset).
 *   - cvt.u32.u16 (into a 32-bit register: .s32, .u16, .s16 too) of
 *     cvt.s8.s64 of cvt.u64.s8 of x, in a 16-bit register, is x's byte
 *     sign-extended to 32 bits, through 64-bit cvts and a cvt.s16.s8 of
 *     a cvt.s16.s64 too (foldcvts8pair); a zero-extending cvt of
 *     the low byte or half of a prmt.b32, and an and.b32 of it with a
 *     mask of whole bytes, may read a as 0 (foldint.c
 *     interp_fold_prmtlow).
 *   - mul.f64 of two constants ptxas knows early (immediates, movs and
 *     integer cvts of them), one a NaN, is that NaN quieted, its sign
 *     flipped where ptxas moves the other's negative sign onto it: a -0's
 *     always, a b's without a rounding modifier, an a's with one; by -1.0
 *     a neg (foldmulk).  Of two NaN immediates of an add, sub or mul
 *     .f64 the 32-bit immediate's wins, else a's or b's by the rounding
 *     (nan2a); of min or max .f64 a's (foldaddk).  fma.f64 of two immediates, one a NaN, and a c
 *     that varies lets c's NaN win over the constant's but where that
 *     alone is a 32-bit immediate, and an immediate 0 factor lets the
 *     other's NaN win over c's; two NaN immediates and a directed
 *     rounding take nan2a's order (foldfmak).  Of three immediates a's NaN
 *     wins over c's and c's over b's where c is a 32-bit immediate and
 *     the fma rounds to nearest, or c is not and the rounding is
 *     directed, else b, c, a (foldfmakkk).
 *   - and the rules each function's comment gives: a bfe.s32 of fields
 *     ptxas knows (foldbfek), an and/or/xor merged with a lop3 of a
 *     repeated operand (foldlop), max.NaN fused as .relu (foldrelu), min
 *     and max of copies of one value (copyroot), selp of -|x| (foldsel).
 *
 * The rules follow movs, shf.clamp copies and bfi.b32 past the word
 * (ptxas works on values), and where a rule makes an
 * instruction read a register another instruction read, that register must
 * still hold the value: the two lie in one block with no write of it in
 * between.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "interp.h"
#include "fold.h"

/* The predicate of selp in (its third source, after immediates or
 * registers) as an SSA value (*v) and whether it is read negated (*neg);
 * -1 where it is not a plain register. */
static int
selpred(const Ins *in, int *v, int *neg)
{
	const Opnd *o;
	int u = in->guard != NULL;

	if (in->op != OP_SELP || in->nopnd != 4 || in->ndst != 1)
		return -1;
	for (int i = 1; i <= 2; i++)
		if (srcval(in, i) >= 0)
			u++;
		else if (in->opnd[i].kind != OK_IMM && in->opnd[i].kind != OK_FIMM)
			return -1;
	o = &in->opnd[3];
	*neg = o->kind == OK_NOT;
	if (*neg)
		o = o->nsub == 1 ? &o->sub[0] : NULL;
	if (!o || o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG || o->sel != SEL_NONE || o->imm ||
	    u >= in->nuse)
		return -1;
	*v = in->use[u];
	return 0;
}

/* Operand oi (a source) of in as a predicate literal: the SSA value of a
 * plain register (*v) and whether it is read negated, `!%p` (*neg); -1 when
 * it or an operand before it is something else. */
static int
predop(const Ins *in, int oi, int *v, int *neg)
{
	int u = in->guard != NULL;

	if (oi < in->ndst || oi >= in->nopnd)
		return -1;
	for (int k = in->ndst; k <= oi; k++) {
		const Opnd *o = &in->opnd[k];
		int n = o->kind == OK_NOT;
		if (n && o->nsub == 1)
			o = &o->sub[0];
		if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG || o->sel != SEL_NONE || o->imm)
			return -1;
		if (k == oi) {
			if (u >= in->nuse)
				return -1;
			*v = in->use[u];
			*neg = n;
			return 0;
		}
		u++;
	}
	return -1;
}

/* What ptxas knows of predicate value v: 1 always true, 0 always false, or
 * -1 and the literal it equals (*r, read negated when *rn).  Literals are
 * followed through not.pred and movs; the second destination of a setp
 * without a BoolOp is the negation of the first (the manual's q = !p, NaNs
 * included); and, or and xor of a literal with itself or its negation, or
 * with a constant, are simplified: `or.pred p, a, !a` is always true,
 * `and.pred p, !a, !b` of the pair a|b of one setp always false.  Seeds
 * 14576, 15457, 34322, 36149: ptxas drops such a guard (or the
 * instruction). */
/* A setp without a BoolOp of a register against itself, which ptxas
 * knows: x < x, x > x and x != x (ordered) are false for every x, NaNs
 * included, x equ x, leu and geu true; for integers eq, le and ge true,
 * ne, lt and gt false (sm_90 SASS: a selp of it becomes a MOV of the
 * operand chosen, v6 seed 149400; a guarded abs or neg.f32 under it an
 * FADD or nothing, 169245).  Not the unsigned lo, ls, hi and hs, which
 * ptxas leaves to the ISETP (v1 seed 68494, v3 16037: an abs.f32 under a
 * setp.ls.u32 of x, x stays an FSEL).  1 or 0, or -1 when it depends on
 * x (eq, le, ge, ltu, gtu, neu, num and nan of floats) or is not of this
 * form; packed half types compare two values.  A set (its source type
 * last) is known alike: of a half destination, an I2F.F16 or I2F.BF16 of
 * the immediate 1 where true (foldhalfsetcvt). */
static int
setpself(const Ins *d)
{
	int a = srcval(d, 1), t = d->ty[d->nty - 1];
	static const int ftrue[] = { MOD_EQU, MOD_LEU, MOD_GEU }, ffalse[] = { MOD_LT, MOD_GT, MOD_NE },
	    itrue[] = { MOD_EQ, MOD_LE, MOD_GE }, ifalse[] = { MOD_LT, MOD_GT, MOD_NE };
	int fl = ir_tyinfo[t].kind == TK_FLOAT;

	if (d->guard || d->nty != (d->op == OP_SET ? 2 : 1) || a < 0 || a != srcval(d, 2) || t == TY_F16X2 ||
	    t == TY_BF16X2 ||
	    ir_hasmod(d, MOD_AND) || ir_hasmod(d, MOD_OR) || ir_hasmod(d, MOD_XOR))
		return -1;
	for (int i = 0; i < 3; i++) {
		if (ir_hasmod(d, fl ? ftrue[i] : itrue[i]))
			return 1;
		if (ir_hasmod(d, fl ? ffalse[i] : ifalse[i]))
			return 0;
	}
	return -1;
}

/* A float setp without a BoolOp of x and a NaN ptxas knows (an
 * immediate, 0F7fffffff or 0d..., or a mov of one): the unordered
 * compares are true, the ordered false, whatever x (v13 dag seed 8960:
 * setp.gtu.f32 of x and 0F7fffffff, a guard !p ptxas drops with its
 * instruction).  1 or 0, else -1. */
static int
setpnank(const Func *f, const Ins *d)
{
	static const int un[] = { MOD_EQU, MOD_NEU, MOD_LTU, MOD_LEU, MOD_GTU, MOD_GEU, MOD_NAN_CMP },
	    ord[] = { MOD_EQ, MOD_NE, MOD_LT, MOD_LE, MOD_GT, MOD_GE, MOD_NUM };
	int nan = 0;

	if (d->op != OP_SETP || d->guard || d->nty != 1 || (d->ty[0] != TY_F32 && d->ty[0] != TY_F64) ||
	    d->nopnd != 3 || ir_hasmod(d, MOD_AND) || ir_hasmod(d, MOD_OR) || ir_hasmod(d, MOD_XOR))
		return -1;
	for (int i = 1; i <= 2; i++) {
		const Opnd *o = &d->opnd[i];
		int64_t c;
		uint64_t b;
		int w32 = d->ty[0] == TY_F32;
		int v = srcval(d, i);
		const Ins *m = v >= 0 && v < f->nval && f->val[v].ins >= 0 ? f->ins[f->val[v].ins] : NULL;
		/* a mov of a float literal too (v14 xmix 5683: @p mov.b16 h,
		 * 0x7fff by setp.gtu.f64 x, x of a mov.f64 0dFFF4000000000ABC,
		 * then cvt.f64.bf16 h, is the folded 0x7fffffffe0000000 on an
		 * H200 whatever h was; sm_90 SASS: a MOV; v15 xmix 228693,
		 * 338614: an add.rp.ftz.f32 under !p of setp.nan.ftz.f32 of a
		 * mov'd 0F7fc00001 is none, a selp.f32 by setp.le.f32 of it
		 * picks the NaN, each read by a neg or abs.f32 ptxas folds) */
		if (o->kind == OK_REG && m && m->op == OP_MOV && !m->guard && m->nopnd == 2 && m->opnd[1].kind == OK_FIMM)
			o = &m->opnd[1];
		if (o->kind == OK_FIMM) {
			b = o->fbits;
			w32 = o->flkind == FL_F32HEX;
		} else if (o->kind == OK_IMM || immof(f, d, i, &c))
			b = o->kind == OK_IMM ? (uint64_t)o->imm : (uint64_t)c;
		else
			continue;
		nan |= w32 ? ((uint32_t)b & 0x7FFFFFFFu) > 0x7F800000u : (b & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull;
	}
	for (int i = 0; nan && i < 7; i++) {
		if (ir_hasmod(d, un[i]))
			return 1;
		if (ir_hasmod(d, ord[i]))
			return 0;
	}
	return -1;
}

static int setpk(const Func *f, const Ins *pd, int half);

static int
predconst(const Func *f, int v, int depth, int *r, int *rn)
{
	int neg = 0;

	for (int n = 0; n < 8; n++) {
		int w = v, a, an, b, bn, x;
		const Ins *d = v >= 0 && v < f->nval ? defof(f, v, &w) : NULL;
		*r = v;
		*rn = neg;
		if (!d || d->guard || depth > 6)
			return -1;
		if (d->op == OP_NOT && d->ty[0] == TY_PRED && d->nopnd == 2 && !predop(d, 1, &a, &an)) {
			v = a;
			neg ^= 1 ^ an;
			continue;
		}
		/* q of a setp p|q is !p: without a BoolOp, and with .xor, where
		 * q = !t ^ c = !(t ^ c) (v1 seed 196179: xor.pred of q and !p of
		 * a setp.lt.f32.xor, a guard ptxas drops as always false) */
		if (d->op == OP_SETP && (d->nopnd == 3 || (d->nopnd == 4 && ir_hasmod(d, MOD_XOR))) &&
		    d->opnd[0].kind == OK_PAIR && d->ndef == 2 && w == d->def[1]) {
			v = d->def[0];
			neg ^= 1;
			continue;
		}
		if (d->op == OP_SETP && d->nopnd == 3 && d->ndef >= 1 && w == d->def[0] && (x = setpself(d)) >= 0)
			return neg ^ x;
		if (d->op == OP_SETP && d->ndef >= 1 && w == d->def[0] && (x = setpnank(f, d)) >= 0)
			return neg ^ x;
		/* a setp of two values ptxas knows, which it evaluates (sm_90
		 * SASS: no FSEL for @p neg.f32 of a mov'd NaN by setp.ne.b32 of
		 * mov'd 1 and 0, a MOV of the negation folded) */
		if (d->op == OP_SETP && d->ndef == 1 && w == d->def[0] && ((x = setpk(f, d, 0)) == 1 || x == 2))
			return neg ^ (x == 1);
		if ((d->op != OP_AND && d->op != OP_OR && d->op != OP_XOR) || d->ty[0] != TY_PRED || d->nopnd != 3 ||
		    predop(d, 1, &a, &an) || predop(d, 2, &b, &bn))
			return -1;
		int ca = predconst(f, a, depth + 1, &a, &x), cb;
		an ^= x;
		cb = predconst(f, b, depth + 1, &b, &x);
		bn ^= x;
		if (ca >= 0)
			ca ^= an;
		if (cb >= 0)
			cb ^= bn;
		if (ca < 0 && cb >= 0) {   /* the constant second */
			int t = a, tn = an;
			a = b, an = bn, ca = cb, b = t, bn = tn, cb = -1;
		}
		if (ca >= 0 && cb >= 0)
			return neg ^ (d->op == OP_AND ? ca & cb : d->op == OP_OR ? ca | cb : ca ^ cb);
		if (ca >= 0) {
			if (d->op == OP_AND && !ca)
				return neg;
			if (d->op == OP_OR && ca)
				return neg ^ 1;
			v = b;
			neg ^= bn ^ (d->op == OP_XOR && ca);
			continue;
		}
		if (a != b)
			return -1;
		if (an != bn)
			return neg ^ (d->op != OP_AND);
		if (d->op == OP_XOR)
			return neg;
		v = a;
		neg ^= an;
	}
	*rn = neg;
	return -1;
}

/* in's guard as ptxas knows it: 1 always true, 0 always false, -1 unknown
 * or none. */
int
interp_fold_guardconst(const Func *f, const Ins *in)
{
	int r, rn, c;

	if (!in->guard || in->nuse < 1 || (in->guard->kind != OK_REG && in->guard->kind != OK_NOT))
		return -1;
	c = predconst(f, in->use[0], 0, &r, &rn);
	return c < 0 ? -1 : c ^ (in->guard->kind == OK_NOT);
}

static int foldpun(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k);
static const Opnd *immsrc(const Func *f, const Ins *d);
static void foldconsthalf(ptx_module *pm, const Func *f, XIns *xi, const Ins *in);

/* cvt.sat to a narrower integer of a float-to-integer cvt: one F2I. */
static int
foldcvt(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int dt = in->ty[0], st = in->ty[in->nty - 1], v = srcval(in, 1), w, fv, ft;
	const Ins *d;
	AluOp t;
	const char *why;

	if (!(xi->alu.flags & ALU_SAT) || v < 0 || xi->ns != 1)
		return 0;
	/* past movs, cvts between integers of one width (a copy) and an
	 * integer neg of a neg (v14 dag 1528: cvt.sat.s32.s64 of neg.s64 of
	 * neg.s64 of cvt.rni.s64.f32 x is F2I.NTZ of x in the sm_90 SASS) */
	for (int n = 0; n < 8; n++) {
		const Ins *e;
		int z;
		/* past what ptxas drops: a guarded instruction it knows dead,
		 * a min, max, and or or of a value with itself (copydef) */
		if (!(d = interp_fold_copydef(f, v, &w)))
			return 0;
		if (d->op == OP_NEG && !d->guard && d->nopnd == 2 && isint(d->ty[0]) && (z = srcval(d, 1)) >= 0 &&
		    (e = defof(f, z, &z)) && e->op == OP_NEG && !e->guard && e->nopnd == 2 && e->ty[0] == d->ty[0] &&
		    (z = srcval(e, 1)) >= 0) {
			v = z;
			continue;
		}
		/* not an integer-to-float cvt of one width (seed 34157:
		 * cvt.rm.f64.s64 is no copy), nor one into or from a register
		 * wider than its type, which extends the low half (v1 seed
		 * 961738: cvt.sat.u16.u32 of cvt.u16.s16 into a .b32 of
		 * cvt.rmi.u32.f32 x is the SEL of the LOP3'd low half, not one
		 * F2I.U16 of x; 0 for 65536.0 on an H100) */
		if (d->op != OP_CVT || d->guard || d->nty != 2 || ir_tyinfo[d->ty[0]].bits != ir_tyinfo[d->ty[1]].bits ||
		    ir_tyinfo[d->ty[1]].kind == TK_FLOAT || ir_tyinfo[d->ty[0]].kind == TK_FLOAT || ir_hasmod(d, MOD_SAT) ||
		    (z = srcval(d, 1)) < 0 || regbits(f, z) != ir_tyinfo[d->ty[0]].bits ||
		    regbits(f, w) != ir_tyinfo[d->ty[0]].bits)
			break;
		v = z;
	}
	if (d->op != OP_CVT || d->guard || d->nty != 2 || d->ty[0] != st || !(ir_hasmod(d, MOD_RZI) ||
	    ir_hasmod(d, MOD_RNI) || ir_hasmod(d, MOD_RMI) || ir_hasmod(d, MOD_RPI)))
		return 0;
	ft = d->ty[1];
	if ((st == TY_S64 && dt == TY_S32) || (st == TY_U64 && dt == TY_U32)) {
		if (ft != TY_F32 && ft != TY_F16 && ft != TY_BF16)
			return 0;
	} else if ((st == TY_S32 || st == TY_U32) && (dt == TY_S16 || dt == TY_U16)) {
		if (ft != TY_F32)
			return 0;
	} else
		return 0;
	if ((fv = srcval(d, 1)) >= 0 && !holds(f, fv, f->val[w].ins, k))
		return 0;
	/* 32 -> 16 not of a constant, an immediate or a mov of one: ptxas
	 * folds the first cvt, and the second converts its integer (sm_90
	 * SASS: RZ stored for cvt.sat.s16.u32 of cvt.rpi.ftz.sat.u32.f32 of
	 * 0fDCA3B584 or of a mov.f32 of 0fC1D80000, an F2I.S16 of a
	 * register; v14 xmix 14402, 9858: 0 on an H200); 64 -> 32 of a NaN
	 * constant gives the F2I's 0 (v14 xmix 9682, 27491) */
	if ((st == TY_S32 || st == TY_U32) && immsrc(f, d))
		return 0;
	if (alu_decode(d, &t, &why) != 0 || interp_decode_op(pm, &d->opnd[1], ft, &xi->s[0]))
		return 0;
	xi->alu.ty2 = ft;
	xi->alu.rnd = t.rnd;
	/* 64 -> 32 keeps the first cvt's .ftz (an FMUL.FTZ before the F2I),
	 * 32 -> 16 drops it (seed 1556: 0x00000008 rounded up gives 1) */
	xi->alu.flags = (xi->alu.flags & ALU_SAT) | (t.flags & (st == TY_S64 || st == TY_U64 ? ALU_FTZ | ALU_RNDSET :
	    ALU_RNDSET));
	/* the first cvt's own fold carries over: of a rounding cvt between
	 * f16 and bf16, one F2I of that cvt's source by its rounding (v1
	 * seed 110695: cvt.sat.s32.s64 of cvt.rzi.s64.bf16 of cvt.rp.f16.bf16
	 * x is F2I.BF16.CEIL of x in the sm_90 SASS, a NaN giving 0) */
	if (ir_hasmod(d, MOD_RZI))
		return foldpun(pm, f, xi, d, k);
	return 0;
}

/* Does ptxas know the truth of the float set e by a NaN it knows among its
 * sources (an immediate, a mov'd or computed constant)?  Every compare
 * with one is decided: the unordered ones and nan true, the others false
 * (v15 xmix 174018: set.nan.ftz.u32.f32 of a mov'd 0fFFFFFFFF with itself;
 * 126676: set.gtu.u32.f64 of x and 0D7ff8000000000000; 609116:
 * set.nan.u32.f64 of an slct of a mov'd 0D7ff8000000000001 twice, the
 * cvt.rzi.s32.f32 of its cvt.rz.f32.u32 0x7fffffff on an H100;
 * tests/regress/set-nan-f64-known.ptx). */
static int
setnank(ptx_module *pm, const Func *f, const Ins *e)
{
	int t = e->nty == 2 ? e->ty[1] : TY_B32, bits = ir_tyinfo[t].bits;
	uint64_t c, em = bits == 64 ? 0x7FF0000000000000ull : 0x7F800000ull;
	uint64_t mm = bits == 64 ? 0x000FFFFFFFFFFFFFull : 0x007FFFFFull;
	XOp o;

	if ((t != TY_F32 && t != TY_F64) || e->nopnd < 3)
		return 0;
	for (int i = 1; i <= 2; i++) {
		if (e->opnd[i].kind == OK_IMM || e->opnd[i].kind == OK_FIMM) {
			if (interp_decode_op(pm, &e->opnd[i], t, &o) || o.k != XO_IMM)
				continue;
			c = o.imm;
		} else if (srcval(e, i) < 0 || !(bits == 64 ? interp_fold_kconst64(f, srcval(e, i), &c) :
		    interp_fold_kconst(f, srcval(e, i), &c)))
			continue;
		if ((c & em) == em && (c & mm))
			return 1;
	}
	return 0;
}

/* cvt.rzi (or .rmi, .rpi, .rni: v12 formx 6992, cvt.rmi.ftz.sat.u8.f32
 * of cvt.rp.ftz.f32.s8 of a set's -1, 0xff on the H200, LOP3 & 0xff in
 * sm_90 SASS) to an integer of an f32 that a cvt of an integer Y made, where
 * Y is the result of an unguarded set with an integer destination and no
 * BoolOp (0 or -1 to ptxas; v12 formx 5263, of a set.ls.and.u32.u64,
 * keeps its I2F and F2I): ptxas takes the two cvts for an integer conversion from
 * Y, neither rounding to f32 nor clamping to the destination: -1 read as
 * s8 or s32 is sign-extended, as u16 or u32 zero-extended, with .sat or
 * not, to u64 as to u32 (sm_90 SASS: a PRMT, SHF or a move of RZ for
 * each, no I2F or F2I; v12 formx 3088, a cvt.rzi.sat.u64.f32 of a
 * cvt.rz.ftz.f32.s8 of a set.geu.s16.bf16, gave 0xffffffffffffffff on
 * the H200, and 3657, of a cvt.rp.ftz.f32.u32 of a set.eq.ftz.s32.f32,
 * 0xffffffff where the f32 is 2^32).  The cvt becomes one from Y.  Not
 * where ptxas knows Y (kconst: a set of x with x), whose I2F of the
 * constant it keeps, the F2I converting the f32 (v12 formx 3541:
 * I2FP.F32.U32.RZ of 0xffffffff, then 0xffffff00 for .u64), a mov.f64
 * of an immediate among its sources (v14 xmix 4605: set.ne.u32.s64 of
 * one and 129, through cvt.rn.f16.u32, gave 0x7fffffff for
 * cvt.rzi.s32.f16 on an H200); but a set of
 * x with x by the unsigned lo, ls, hi or hs, which kconst takes for
 * known and ptxas leaves to its ISETP (setpself), folds as any set (v14
 * xmix 7531, 1433: set.hs of x, x through cvt.rp.f16.s32 and cvt.rz.f64.u32
 * gave 0xffff for cvt.rpi.u16.f16 and 0xffffffff for cvt.rpi.s32.f64;
 * sm_90 SASS of set.hs.s32.u32 through an f32: LOP3 & 0xffff).
 * The float between may be f16, bf16 or f64 too where the set compares
 * values of 32 bits or more (v14 xmix 689, 723, 2851, 3093, 3381, 3452,
 * 3708, 5884, 5957: -1 through cvt.rp.f16.s32 gave 0xffffffff for
 * cvt.rni.u32.f16, through cvt.rn.f16.u32 0xffffffff for
 * cvt.rpi.s64.f16, 3451, 6258 through an f64); of 16-bit values (s16,
 * u16, f16, bf16) ptxas keeps the I2F and the F2I there, and folds only
 * through an f32 from a signed integer: of cvt.rn.f32.u32 the F2I
 * converts 2^32 (v14 xmix 4450: cvt.rni.ftz.sat.s32.f32 of it, of a
 * set.le.u32.s16, is 0x7fffffff on an H200; sm_90 SASS of each source
 * type and each float). */
static int
foldsetrt(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int v = srcval(in, 1), w, u, z;
	const Ins *d = interp_fold_livedef(f, v, &w), *e;
	uint64_t c;

	/* cvt.rpi.ftz to a 64-bit integer, and cvt.rmi.ftz to s64, keep
	 * their conversion: ptxas flushes the float (FMUL.FTZ by 1) and
	 * converts it (F2I.U64.CEIL), so -1.0 gives 0 as a u64 (v15 xmix
	 * 344018, 340935, 345587: cvt.rpi.ftz.u64.f32 of cvt.rn.f32.s32 of a
	 * set was 0 on an H200).  sm_90 SASS of each rounding, u64 and s64,
	 * .sat or not, the first cvt from s32 or u32, sets of f32 and s32:
	 * an F2I for those two alone; .rzi, .rni, .rmi to u64 (v15 xmix
	 * 265377, 207745, 331499), .rni to s64 (338147), every cvt without
	 * .ftz and every narrower destination fold.  A set.ls (lo, hi, hs) of a
	 * register with itself folds where ptxas does not know the register,
	 * but not of a mov'd immediate: that set it folds to -1 early and
	 * keeps both cvts (v15 xmix 342047: cvt.rpi.ftz.sat.u32.f32 of
	 * cvt.rz.ftz.f32.u32 of set.ls.u32.u32 of mov.u32 6 twice was
	 * 0xffffff00 on an H200, 2^32 - 1 rounded toward 0 to f32; sm_90
	 * SASS: I2FP.F32.U32.RZ of 0xffffffff, F2I.FTZ.U32.CEIL), a 64-bit
	 * mov'd immediate too (kconst64; v15 xmix 350592, 191385:
	 * cvt.rpi.sat.s32.f16 of cvt.rm.f16.u32 of set.ls.u32.u64 of mov.u64
	 * 0x1fff twice was 0xffe0 on an H200, 65504; sm_90 SASS: I2F.F16.U32.RM
	 * of 0xffffffff, F2I.F16.CEIL). */
	if (ir_hasmod(in, MOD_FTZ) && in->ty[1] == TY_F32 && ir_tyinfo[in->ty[0]].bits == 64 &&
	    (ir_hasmod(in, MOD_RPI) || (ir_hasmod(in, MOD_RMI) && in->ty[0] == TY_S64)))
		return 0;
	/* a min or max of the float with itself is a copy to ptxas, .ftz or
	 * not, but not with .NaN, which keeps an FMNMX.NAN (v15 xmix 347246:
	 * cvt.rpi.s32.f32 of max.ftz.f32 x, x of cvt.rz.ftz.f32.u32 of a
	 * set.num's -1 was 0xffffffff on an H200; sm_90 SASS of each) */
	for (int n = 0; n < 4 && d && (d->op == OP_MIN || d->op == OP_MAX) && !d->guard && d->nopnd == 3 &&
	     d->nty == 1 && d->ty[0] == TY_F32 && !ir_hasmod(d, MOD_NAN_PROP) && !ir_hasmod(d, MOD_XORSIGN) &&
	     !ir_hasmod(d, MOD_ABS) && (u = srcval(d, 1)) >= 0 && u == srcval(d, 2); n++)
		d = defof(f, u, &w);
	if (!d || d->op != OP_CVT || d->guard || d->nty != 2 || d->nopnd != 2 || d->ty[0] != in->ty[1] ||
	    !isint(d->ty[1]) || ir_hasmod(d, MOD_SAT) || (u = srcval(d, 1)) < 0 || !(e = defof(f, u, &z)) ||
	    e->op != OP_SET || e->guard || e->ndst != 1 || e->nty != 2 || !isint(e->ty[0]) || ir_hasmod(e, MOD_AND) ||
	    ir_hasmod(e, MOD_OR) || ir_hasmod(e, MOD_XOR) ||
	    (ir_tyinfo[e->ty[1]].bits < 32 && (d->ty[0] != TY_F32 || ir_tyinfo[d->ty[1]].kind != TK_SINT)) ||
	    ((interp_fold_kconstf(f, u, &c) || setnank(pm, f, e)) && !(srcval(e, 1) >= 0 && srcval(e, 1) == srcval(e, 2) &&
	     !interp_fold_kconst(f, srcval(e, 1), &c) && !interp_fold_kconst64(f, srcval(e, 1), &c) &&
	     (ir_hasmod(e, MOD_LO) || ir_hasmod(e, MOD_LS) || ir_hasmod(e, MOD_HI) || ir_hasmod(e, MOD_HS)))) ||
	    !holds(f, u, f->val[w].ins, k) ||
	    interp_decode_op(pm, &d->opnd[1], d->ty[1], &xi->s[0]))
		return 0;
	xi->alu.ty2 = d->ty[1];
	xi->alu.flags = 0;
	xi->alu.rnd = ALU_RN;
	return 1;
}

/* cvt.rzi to an integer of X (f16 or bf16) reading a rounding cvt between
 * f16 and bf16 (either way, or a format to itself), or of X = f32 reading
 * (through a widening integer cvt) a cvt of an f32 to f16 or bf16: ptxas drops that cvt
 * and makes one F2I of its source's bits read as X, rounded to an integer
 * by the dropped cvt's rounding (rn, rni: to nearest; rz, rzi: toward 0;
 * rm, rmi: down; rp, rpi: up), whatever the types say. */
static int
foldpun(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int st = in->ty[1], v = srcval(in, 1), w, u, rnd;
	const Ins *d = NULL;

	/* past integer cvts that copy or zero-extend 16 bits or more (ptxas
	 * takes them for movs: seeds 5660, 13964, 16066); not past an 8-bit
	 * truncation or a sign extension (seeds 7426, 7627), nor a cvt of a
	 * packed format (seed 66388: f16x2 of e4m3x2) */
	for (int n = 0; n < 8 && v >= 0; n++) {
		int t0, t1;
		d = defof(f, v, &w);
		if (!d || d->op != OP_CVT || d->guard || d->nty != 2 || d->nopnd != 2 || ir_hasmod(d, MOD_SAT))
			break;
		t0 = d->ty[0];
		t1 = d->ty[1];
		if (!isint(t0) || !isint(t1) || ir_tyinfo[t1].bits < 16 ||
		    ir_tyinfo[t0].bits < ir_tyinfo[t1].bits ||
		    (ir_tyinfo[t0].bits > ir_tyinfo[t1].bits && ir_tyinfo[t1].kind == TK_SINT))
			break;
		v = srcval(d, 1);
	}
	/* an f16 widened to f32 whose low 16 bits a 32-to-16-bit integer cvt
	 * keeps, read as an f16 or a bf16 by cvt.rzi: ptxas makes one F2I of
	 * the first f16's bits read as the cvt.rzi's type, rounded to nearest,
	 * with .ftz on the widening or not (sm_90 SASS: F2I.U64.F16 and
	 * F2I.U32.F16.NTZ of the register loaded; seeds 36575, 59258, 84434;
	 * F2I.BF16.NTZ of it for cvt.rzi.s32.bf16 of a cvt.ftz.f32.f16's low
	 * half, seed 427590, whose H200 results rounded 9.5 to 10 and -5.5625
	 * to -6) */
	if ((st == TY_F16 || st == TY_BF16) && ir_hasmod(in, MOD_RZI) && d && d->op == OP_CVT && !d->guard && d->nty == 2 &&
	    d->nopnd == 2 && !ir_hasmod(d, MOD_SAT) && isint(d->ty[0]) && isint(d->ty[1]) &&
	    ir_tyinfo[d->ty[0]].bits == 16 && ir_tyinfo[d->ty[1]].bits == 32 && (u = srcval(d, 1)) >= 0) {
		const Ins *e = defof(f, u, &w);
		int x;
		if (e && e->op == OP_CVT && !e->guard && e->nty == 2 && e->nopnd == 2 && e->ty[0] == TY_F32 &&
		    e->ty[1] == TY_F16 && !ir_hasmod(e, MOD_SAT) && (x = srcval(e, 1)) >= 0 &&
		    holds(f, x, f->val[w].ins, k) &&
		    !interp_decode_op(pm, &e->opnd[1], TY_F16, &xi->s[0]))
			xi->alu.rnd = ALU_RN;
		return 0;
	}
	if (!d || d->op != OP_CVT || d->guard || d->nty != 2 || d->nopnd != 2 ||
	    (d->ty[0] != TY_F16 && d->ty[0] != TY_BF16) || ir_hasmod(d, MOD_SAT) || ir_hasmod(d, MOD_RELU) ||
	    (u = srcval(d, 1)) < 0 || !holds(f, u, f->val[w].ins, k))
		return 0;
	/* an f32 narrowed to f16 or bf16 and read back as an f32: F2I of the
	 * f32, an f16's .ftz dropped, not after a cvt.ftz.bf16 (an F2F.FTZ.BF16
	 * that stays; seed 103204); between f16 and bf16, no .ftz */
	if (st == TY_F32 ? d->ty[1] != TY_F32 || (d->ty[0] == TY_BF16 && ir_hasmod(d, MOD_FTZ)) :
	    (d->ty[1] != TY_F16 && d->ty[1] != TY_BF16) || ir_hasmod(d, MOD_FTZ))
		return 0;
	if (ir_hasmod(d, MOD_RN) || ir_hasmod(d, MOD_RNI))
		rnd = ALU_RN;
	else if (ir_hasmod(d, MOD_RZ) || ir_hasmod(d, MOD_RZI))
		rnd = ALU_RZ;
	else if (ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RMI))
		rnd = ALU_RM;
	else if (ir_hasmod(d, MOD_RP) || ir_hasmod(d, MOD_RPI))
		rnd = ALU_RP;
	else if (st != TY_F32)
		/* between f16 and bf16, or a half to itself, without a rounding:
		 * an F2F (or none) to nearest, and fold as .rn (v12 formx 602:
		 * cvt.rzi.sat.s64.f16 of a cvt.bf16.f16 is F2I.S64.F16 of its
		 * source in sm_90 SASS; 2149, 2764) */
		rnd = ALU_RN;
	else
		return 0;
	if (interp_decode_op(pm, &d->opnd[1], st, &xi->s[0]))
		return 0;
	xi->alu.rnd = rnd;
	return 0;
}

/* cvt to an integer of an f16 or bf16 that an unguarded f16 or bf16 set
 * without a BoolOp wrote, whatever its sources: ptxas converts the set's
 * truth, not its bits.  It makes the set an integer mask (HSET2 or FSETP
 * and SEL of 0 or -1) and the cvt its IABS, so a bf16 set's 1.0 (0x3f80)
 * read as an f16 gives 1 where its bits give 2 rounded to nearest, and an
 * f16 set's (0x3c00) read as a bf16 gives 1 where its bits round to 0
 * (sm_90 SASS for every rounding, .sat and width; v6 seeds 104461,
 * 114301).  The set read in the format it wrote gives the same.
 * Guarded, the cvt reads the register's bits; with a BoolOp it depends
 * on the kernel (F2I.F16 of the HSET2.BF's result where the set compares
 * loaded values, the truth where ptxas made it an HSETP2 and a SEL:
 * tests/regress/cvt-int-of-half-set.ptx), so the manual's bits stay. */
static int
foldhalfsetcvt(const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	/* through 16-bit integer cvts that copy the bits, which ptxas takes
	 * for movs (v1 seed 412141: cvt.rpi.sat.s8.f16 of a cvt.s16.s16 of a
	 * set.eq.bf16.bf16 was 1 on an H200) */
	for (int n = 0; n < 8 && d && d->op == OP_CVT && !d->guard && d->nty == 2 && d->nopnd == 2 &&
	     isint(d->ty[0]) && isint(d->ty[1]) && ir_tyinfo[d->ty[0]].bits == 16 && ir_tyinfo[d->ty[1]].bits == 16 &&
	     !ir_hasmod(d, MOD_SAT) && (v = srcval(d, 1)) >= 0; n++)
		d = defof(f, v, &w);
	if (!d || d->op != OP_SET || d->guard || d->ndst != 1 || (d->ty[0] != TY_F16 && d->ty[0] != TY_BF16) ||
	    ir_hasmod(d, MOD_AND) || ir_hasmod(d, MOD_OR) || ir_hasmod(d, MOD_XOR) || setpself(d) == 1)
		return 0;
	xi->alu.ty2 = d->ty[0];
	return 1;
}

/* cvt to an integer of an f16 or bf16 that a cvt of a 16-bit integer
 * wrote, of an unguarded u16 or s16 set without a BoolOp (0, or all ones):
 * ptxas takes the set's mask for a value any float holds exactly and drops
 * both conversions, so the pair is an integer cvt from the first cvt's
 * source type, whatever the roundings; 0xffff stays 0xffff where bf16
 * holds 65280 or 65536 (sm_90 SASS: no F2I, the HSET2's mask stored, LOP3
 * & 0xffff for a u32, PRMT 0x9910 and SHF for an s64 of an s16; v12 seeds
 * 1750, 2547, 3178 of the formx family).  A set with a BoolOp keeps the
 * I2F and the F2I (29 kernels of v12 formx seeds 1-8000, each as told;
 * tests/regress/cvt-int-of-mask-cvt.ptx). */
static int
foldmaskcvt(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int v = srcval(in, 1), w, u, x;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL, *e;

	if (!d || d->op != OP_CVT || d->guard || d->nty != 2 || d->nopnd != 2 || d->ty[0] != in->ty[1] ||
	    (d->ty[1] != TY_U16 && d->ty[1] != TY_S16) || ir_hasmod(d, MOD_SAT) || ir_hasmod(d, MOD_RELU) ||
	    (u = srcval(d, 1)) < 0 || !(e = defof(f, u, &x)) || e->op != OP_SET || e->guard || e->ndst != 1 ||
	    (e->ty[0] != TY_U16 && e->ty[0] != TY_S16) || ir_hasmod(e, MOD_AND) || ir_hasmod(e, MOD_OR) ||
	    ir_hasmod(e, MOD_XOR) || !holds(f, u, f->val[w].ins, k) ||
	    interp_decode_op(pm, &d->opnd[1], d->ty[1], &xi->s[0]))
		return 0;
	xi->alu.ty2 = d->ty[1];
	xi->alu.flags &= ~(uint32_t)(ALU_INTRND | ALU_RNDSET | ALU_FTZ);
	xi->alu.rnd = ALU_RN;
	return 1;
}

/* cvt.f32.u16 or .u32 of an unguarded abs.s16 or .s32 of the same width:
 * ptxas, knowing the value is not negative, converts it as signed
 * (I2F.S16 after the PRMT that truncates the IABS, I2FP.F32.S32), so the
 * abs of the minimum, itself, gives -32768.0 or -2^31, and 0 with .sat
 * (sm_90 SASS; v1 seed 132495); to f64, f16 and bf16 it stays unsigned. */
static int
foldabscvt(const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (!d || d->op != OP_ABS || d->guard || d->nopnd != 2 ||
	    d->ty[0] != (in->ty[1] == TY_U16 ? TY_S16 : TY_S32))
		return 0;
	xi->alu.ty2 = d->ty[0];
	return 1;
}

/* cvt.{f16,bf16,f32,f64}.u32 of an element of an unguarded vector load of
 * .s8 (v2 or v4; ld, ld.nc or ldu; global, shared, local or generic): ptxas
 * loads the vector as one word and merges each element's extraction into
 * the conversion, as an I2F.S8 of the byte (I2F.S8.RM R7, R22.B1;
 * I2F.F64.S8, I2F.F16.S8, I2F.BF16.S8 alike), which reads the byte as
 * signed where the cvt reads the sign-extended word as unsigned: an
 * element of -128 converts to -128.0, not 4294967168 rounded (sm_90 SASS,
 * every rounding, the cvt guarded or not, the element copied by a mov or
 * not; v6 seed 160142).  A scalar ld.s8, a vector of .s16, a guarded load,
 * and loads of .const or .param (a uniform PRMT sign-extends, then
 * I2FP.F32.U32) keep the cvt's unsigned reading; so do cvts to .u16 or
 * .u8 sources and to a 64-bit source (tests/regress/cvt-u32-of-v4-s8.ptx).
 * cvt.sat from .u32 to an integer type of such an element clamps it as
 * signed too (ISETP.LT/GT signed after the PRMT that sign-extends it;
 * v4 seed 32322: cvt.sat.s16.u32 of -1 is -1, not 0x7fff). */
static int
foldvs8(const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (!d || (d->op != OP_LD && d->op != OP_LDU) || d->guard || d->vec < 2 || d->ty[0] != TY_S8 ||
	    (d->space != SP_GLOBAL && d->space != SP_SHARED && d->space != SP_LOCAL && d->space != SP_GENERIC &&
	     d->space != SP_NONE) ||
	    d->opnd[0].kind != OK_VEC || ir_tyinfo[f->regs[f->val[v].reg]->type].bits != 32)
		return 0;
	xi->alu.ty2 = TY_S32;
	return 1;
}

/* cvt.rzi to an integer of an f16 that an unguarded neg.ftz.f16 or
 * abs.ftz.f16 (or min/max.ftz.f16 of x with itself) wrote: ptxas merges the two into one F2I.FTZ of -x or |x|
 * and loses the truncation, so the value is rounded to nearest, ties to
 * even (sm_90 SASS: F2I.FTZ.F16.NTZ, F2I.FTZ.S64.F16 and
 * F2I.FTZ.U16.F16.NTZ with no .TRUNC, for every width and .sat; without
 * .ftz, for bf16 and the other roundings the cvt keeps its own, an
 * F2I.F16.TRUNC; v6 seed 129364: 2.6 gave 3).  A cvt.rzi that reads the
 * f16 result as a bf16 is one F2I.FTZ.BF16 too, of x's bits. */
static int
foldnegrzi(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int v = srcval(in, 1), w, u;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	/* min or max.ftz.f16 of x with itself is x to ptxas, flushed: the
	 * same F2I.FTZ of x (v8 seed 8480) */
	int same = (d && (d->op == OP_MIN || d->op == OP_MAX) && d->nopnd == 3 && !ir_hasmod(d, MOD_NAN_PROP) &&
		    !ir_hasmod(d, MOD_XORSIGN) && srcval(d, 1) >= 0 && srcval(d, 1) == srcval(d, 2));

	if (!d || (d->op != OP_NEG && d->op != OP_ABS && !same) || d->guard || d->ty[0] != TY_F16 ||
	    !ir_hasmod(d, MOD_FTZ) || (d->nopnd != 2 && !same))
		return 0;
	/* read as a bf16: the F2I.FTZ.BF16 of |x| or -x reads x's own bits
	 * with the sign changed, a NaN x (0x7fff after the abs) a number as
	 * a bf16 (v1 seed 60105: cvt.rzi.u64.bf16 of abs.ftz.f16 of 0xfc01
	 * saturates) */
	if (in->ty[1] == TY_BF16) {
		if ((u = srcval(d, 1)) < 0 || !holds(f, u, f->val[w].ins, k) ||
		    interp_decode_op(pm, &d->opnd[1], TY_BF16, &xi->s[0]))
			return 0;
		if (!same) {
			xi->alu.flags |= ALU_SGNOP;
			xi->alu.imm = d->op == OP_NEG ? SGN_NEG : SGN_ABS;
		}
	}
	xi->alu.rnd = ALU_RN;
	return 1;
}

static const Ins *satdef(const Func *f, const Ins *in, int lo);

/* cvt.rzi to an integer of an f16 register that holds the low half of an
 * f32 a cvt.f32.f16 of x made (through an integer cvt to 16 bits of its
 * 32-bit register and cvts ptxas takes for movs: satdef): ptxas merges
 * the three into one F2I of x and loses the truncation, as foldnegrzi
 * (sm_90 SASS: F2I.U16.F16.NTZ, F2I.F16.NTZ, F2I.S64.F16 of x with no
 * .TRUNC for every integer width, .sat or not, cvt.ftz.f32.f16 too, and an
 * F2I.U16.BF16 of x's bits where the cvt.rzi reads them as a bf16; a
 * cvt.sat.f32.f16, a cvt.f32.bf16, an and or a cvt to 8 bits between
 * keep the HADD2.F32 and the F2I.TRUNC of its low half; .rni, .rmi and
 * .rpi keep theirs; v1 cvt seed 1016417 on an H100, a cvt.s16.u32 and a
 * cvt.u16.u16 between; tests/regress/cvt-rzi-f16-of-f32-low-half.ptx) */
static int
foldf16trip(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	const Ins *d = satdef(f, in, 16);
	int u;

	if (!d || d->guard || d->op != OP_CVT || d->nty != 2 || d->ty[0] != TY_F32 || d->ty[1] != TY_F16 ||
	    d->nopnd != 2 || d->ndef != 1 || ir_hasmod(d, MOD_SAT) || rounds(d) || (u = srcval(d, 1)) < 0 ||
	    !holds(f, u, f->val[d->def[0]].ins, k) || interp_decode_op(pm, &d->opnd[1], in->ty[1], &xi->s[0]))
		return 0;
	xi->alu.rnd = ALU_RN;
	return 1;
}

static int intsat32(const Ins *d);
static int satfolded(const Func *f, const Ins *d, int v);
static int k16(ptx_module *pm, const Func *f, int v, int depth, uint64_t *r);
static void movconstk(XIns *xi, uint64_t r);

/* The instruction that defines in's source, through unguarded cvts
 * without .sat between integer types of lo to 32 bits, which ptxas takes
 * for movs (v1 seed 224923: cvt.sat.f64.f32 of a cvt.u32.s32 of a
 * cvt.sat.s32.u64 is a bare F2F.F64.F32, so an 0x7fffffff gave the f64
 * NaN 0x7fffffffe0000000; sm_90 SASS of cvt.s32.u32 and cvt.u32.u32 too,
 * while a cvt.u32.s16 between keeps an f32 reader's .sat).  A cvt that
 * widens (16 bits to 32) is no mov to it: none is found through one
 * (sm_90 SASS: cvt.sat.f32.f16 of cvt.s16.s32 of cvt.s32.u16, .u32.u16 or
 * .s32.s16 of a cvt.sat to u16 or s16 keeps its FADD.SAT, of cvt.s16.u16
 * or cvt.u16.u32 alone it is a bare HADD2.F32; v1 seed 986169 on an H100:
 * values past 1.0 where the .sat was dropped) */
static const Ins *
satdef(const Func *f, const Ins *in, int lo)
{
	int v = srcval(in, 1), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	for (int n = 0; n < 8 && d && !d->guard && d->op == OP_CVT && d->nty == 2 && d->nopnd == 2 &&
	    !ir_hasmod(d, MOD_SAT) && isint(d->ty[0]) && isint(d->ty[1]) && ir_tyinfo[d->ty[0]].bits >= lo &&
	    ir_tyinfo[d->ty[0]].bits <= 32 && ir_tyinfo[d->ty[1]].bits >= lo && ir_tyinfo[d->ty[1]].bits <= 32; n++) {
		if (ir_tyinfo[d->ty[0]].bits > ir_tyinfo[d->ty[1]].bits)
			return NULL;
		d = (v = srcval(d, 1)) >= 0 ? defof(f, v, &w) : NULL;
	}
	return d;
}

/* Does the f16 that in reads hold a .sat result ptxas takes for one
 * saturated already (foldsat2)? */
static int
sat16(const Func *f, const Ins *in)
{
	const Ins *d = satdef(f, in, 16), *e;
	int v, w;

	if (!d || d->guard || !ir_hasmod(d, MOD_SAT))
		return 0;
	if (d->op == OP_CVT && d->nty == 2 && isint(d->ty[0])) {
		if (ir_tyinfo[d->ty[1]].kind == TK_FLOAT || ir_tyinfo[d->ty[0]].bits < 16)
			return 0;
		/* a cvt.sat to 16 bits of a 32-bit integer that a cvt of an f32
		 * made is one F2I.S16 or .U16 to ptxas, a float-to-integer cvt
		 * (sm_90 SASS: cvt.sat.f32.f16 and cvt.sat.f64.f16 of cvt.sat
		 * .s16.s32 or .u16.u32 of cvt.rzi, .rmi or .rni .s32 or .u32 .f32
		 * keep their FADD.SAT or DSETP pair, through a mov.b32 too, not
		 * through a cvt.u32.s32, nor of an f64's or an f16's cvt, nor
		 * where the integer's signedness differs, .u32 read of an .s32,
		 * which stays two cvts (v1 cvt 42463); v1
		 * seed 987992 on an H100: an f16 NaN of 0x7fff converted where
		 * the .sat was dropped) */
		if (ir_tyinfo[d->ty[0]].bits == 16 && ir_tyinfo[d->ty[1]].bits == 32 && (v = srcval(d, 1)) >= 0 &&
		    (e = defof(f, v, &w)) && !e->guard && e->op == OP_CVT && e->nty == 2 && e->ty[0] == d->ty[1] &&
		    e->ty[1] == TY_F32)
			return 0;
		return 1;
	}
	return 1;
}

static int
foldsat2(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w, bits = ir_tyinfo[in->ty[1]].bits;
	const Ins *d = bits == 32 ? satdef(f, in, 32) : v >= 0 ? defof(f, v, &w) : NULL;
	uint64_t c;

	/* a float to its own format, no rounding (cvt.rzi.sat.f32.f32 keeps
	 * its FRND.SAT): cvt.sat.f32.f32 (no .ftz) of an integer .sat result
	 * of 32 bits (intsat32), and cvt.sat.f16.f16 of a .sat result (below),
	 * are the cvt without .sat, as if the value were saturated already
	 * (sm_90 SASS: no instruction for the f32, an HADD2 of -0 without .SAT
	 * for the f16; v12 formx 4, 427 of add.sat and mad.hi.sat.s32, 1005,
	 * 2460, 3022 of cvt.sat.s16.u32 and .u16.s16, where the H200 kept -0
	 * as -0 and a NaN as the f16 canonical one).  With .ftz an
	 * FADD.FTZ.SAT stays, and so does an HADD2.SAT of a float-to-integer
	 * cvt.sat's result. */
	if (in->ty[0] == in->ty[1] && in->ty[0] == TY_F32) {
		if (d && !(xi->alu.flags & ALU_RNDSET) && !ir_hasmod(in, MOD_FTZ) && intsat32(d) && !satfolded(f, d, v))
			xi->alu.flags &= ~(uint32_t)ALU_SAT;
		return 0;
	}
	/* of an f16 (cvt.sat.f16.f16 without rounding, cvt.sat.f32.f16 .ftz
	 * or not, cvt.sat.f64.f16 without .ftz), ptxas looks through integer
	 * cvts without .sat between 16 and 32 bits (truncations, its movs; not
	 * through a 64-bit value) to any .sat result but a float-to-integer
	 * or 8-bit cvt's: a cvt.sat between integers, add.sat.s32, a float
	 * add.sat or cvt.sat (seed 32324: the low half of a
	 * cvt.ftz.sat.f32.f16; v1 seed 236594: cvt.sat.f32.f16 of cvt.s16.u32
	 * of cvt.sat.f32.f16 is a bare HADD2.F32, the f32's low bits an f16
	 * NaN or negative on the H200; sm_90 SASS of each kind).  Not of a
	 * value ptxas knows (k16: a cvt.sat to s16 or u16 of an immediate):
	 * then the .sat stays, a NaN 0 (sm_90 SASS: HADD2.SAT -0, +QNAN of
	 * cvt.sat.s16.u32 0xff7fffff, a MOV of 0 for cvt.sat.f64.f16; v15 immx
	 * 126056, 132197, 158605, 197135: cvt.sat.f16.f16 of cvt.sat.u16.u64
	 * -63, cvt.sat.s16.u64 0xfff8000000000000, cvt.sat.s16.u32 0xff7fffff,
	 * cvt.sat.u16.s32 0x7f800001; 110561, 201627: cvt.sat.f64.f16 of
	 * cvt.sat.s16.u64 and cvt.sat.s16.u16 32256; 0 on an H200) */
	if (in->ty[1] == TY_F16) {
		if (!(xi->alu.flags & ALU_RNDSET) && !(in->ty[0] == TY_F64 && ir_hasmod(in, MOD_FTZ)) &&
		    sat16(f, in) && !k16(pm, f, v, 0, &c))
			xi->alu.flags &= ~(uint32_t)ALU_SAT;
		return 0;
	}
	/* and cvt.sat.f64.f64 (no rounding) of a cvt.sat to a 64-bit integer,
	 * from any integer: no DSETP pair, the source's bits as they are
	 * (sm_90 SASS of cvt.sat.u64.s64, .s64.u64 and .u64.s32 sources,
	 * through a mov too; not through an add.  v12 formx 4107, v15 formx
	 * 191163, 456014, immx 382144: 385.0 and a signalling NaN stored as
	 * loaded on an H100).  Not of a value it knows, which it computes,
	 * the .sat kept (v15 immx 249561: cvt.sat.s64.u64 of
	 * 0x7fefffffffffffff saturates to 1.0 on an H200) */
	if (in->ty[0] == TY_F64 && in->ty[1] == TY_F64) {
		if (d && !d->guard && !(xi->alu.flags & ALU_RNDSET) && ir_hasmod(d, MOD_SAT) && d->op == OP_CVT &&
		    d->nty == 2 && isint(d->ty[0]) && isint(d->ty[1]) && ir_tyinfo[d->ty[0]].bits == 64 &&
		    !interp_fold_kconst64(f, v, &c))
			xi->alu.flags &= ~(uint32_t)ALU_SAT;
		return 0;
	}
	if (in->ty[0] == in->ty[1])
		return 0;
	/* cvt.ftz.sat.f64.f32 flushes first (an FMUL.FTZ by 1), and saturates;
	 * cvt.rn.sat.f16.f32, .ftz or not, is a bare F2FP.F16.F32.PACK_AB
	 * (seeds 24716, 27999); its other roundings keep an HADD2.SAT after
	 * the conversion (seeds 17824, 24222) */
	if (!d || d->guard || !ir_hasmod(d, MOD_SAT) || (bits == 32 && in->ty[0] == TY_F64 && ir_hasmod(in, MOD_FTZ)) ||
	    ((in->ty[0] == TY_F16 || in->ty[1] == TY_F64) && !ir_hasmod(in, MOD_RN)))
		return 0;
	/* of 32 bits, any integer .sat result (intsat32: mad.hi.sat.s32 too,
	 * and for the f16 as for the f64; sm_90 SASS of each; the cvt.sat
	 * between integers that would saturate nothing, cvt.sat.s32.s16 and
	 * the like, ptxas refuses), but one it folds (satfolded) */
	if (bits == 32 ? intsat32(d) && !satfolded(f, d, v) :
	    d->op == OP_CVT && d->nty == 2 && ir_tyinfo[d->ty[0]].bits == bits &&
	    ir_tyinfo[d->ty[1]].kind != TK_FLOAT && ir_tyinfo[d->ty[0]].kind != TK_FLOAT)
		xi->alu.flags &= ~(uint32_t)ALU_SAT;
	return 0;
}

/* Is 16-bit value v an unguarded mov of an integer immediate (*r its
 * bits)?  A 16-bit integer setp of such values and immediates is one ptxas
 * evaluates (sm_90 SASS: cvt.f32.bf16 of @p mov.b16 h, 0x7fff by
 * setp.gt.s16 of a mov'd 0x4040 and 0 is a MOV of the canonical
 * 0x7fffffff, by setp.lt.s16 the 0x40400000 of the 0x4040 kept; v15 xmix
 * 273237 on an H100) */
static int
mov16k(const Func *f, int v, uint64_t *r)
{
	int w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (!d || d->guard || d->op != OP_MOV || d->nopnd != 2 || d->ndef != 1 || d->opnd[1].kind != OK_IMM ||
	    ir_tyinfo[f->regs[f->val[w].reg]->type].bits != 16)
		return 0;
	*r = (uint64_t)d->opnd[1].imm & 0xFFFFu;
	return 1;
}

/* Is v an unguarded set (no BoolOp) of 16-bit integers, each an
 * immediate or a mov of one (mov16k), *r its result?  ptxas
 * evaluates it for a setp that reads it (sm_90 SASS: no FSETP or FSEL for
 * setp.ne.f32 of set.eq.f32.s16 -1, h of a mov.b16 h, 0x8000 and 0, the
 * selp.f32 of a mul and an abs.f32 by it a copy of the abs's FADD, a NaN
 * made canonical; v15 xmix 75948 on an H200), but late: a mul.f32 by such
 * a 1.0 stays an FMUL, the canonical NaN of a NaN factor (617554), where
 * one by a 1.0 kconst knows is the other factor (contract.c unitfactor). */
static int
set16k(const Func *f, int v, uint64_t *r)
{
	int w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	uint64_t k[2];

	if (!d || d->guard || d->op != OP_SET || d->nopnd != 3 || d->nty != 2 || ir_tyinfo[d->ty[1]].bits != 16 ||
	    !isint(d->ty[1]) || ir_hasmod(d, MOD_AND) || ir_hasmod(d, MOD_OR) || ir_hasmod(d, MOD_XOR))
		return 0;
	for (int i = 0; i < 2; i++)
		if (d->opnd[1 + i].kind == OK_IMM)
			k[i] = (uint64_t)d->opnd[1 + i].imm & 0xFFFFu;
		else if (d->opnd[1 + i].kind != OK_REG || !mov16k(f, srcval(d, 1 + i), &k[i]))
			return 0;
	return interp_fold_kexec(d, 2, k, r);
}

/* A setp pd without a BoolOp of two values ptxas knows: 1 true, 2 false, 3
 * guarded, 0 not known (selknown's evaluation, and predconst's), for its
 * first destination (a p|q pair's q is the complement).  A setp.f16 or
 * .bf16 only where half: for a selp.b16 that reads it. */
static int
setpk(const Func *f, const Ins *pd, int half)
{
	if (pd->op == OP_SETP && pd->nopnd == 3 && pd->ndst == 1 && pd->nty == 1 &&
	    (pd->ty[0] == TY_F32 || (half && (pd->ty[0] == TY_F16 || pd->ty[0] == TY_BF16)) ||
	     ((ir_tyinfo[pd->ty[0]].bits == 32 || ir_tyinfo[pd->ty[0]].bits == 64 ||
	      ir_tyinfo[pd->ty[0]].bits == 16) &&
	     (isint(pd->ty[0]) || ir_tyinfo[pd->ty[0]].kind == TK_BIT))) &&
	    !ir_hasmod(pd, MOD_AND) && !ir_hasmod(pd, MOD_OR) && !ir_hasmod(pd, MOD_XOR)) {
		/* and a 64-bit integer setp of immediates and values kconst64
		 * knows alike (v15 xmix 358645: min.f16 of x and selp.b16 x, y,
		 * !p by setp.ge.u64 of mov.b64 0777777777777777777777 and
		 * mov.b64 -1 is x, a NaN's payload kept, on an H200; sm_90 SASS:
		 * no HMNMX2) */
		uint64_t k[2] = {0, 0}, res;
		AluOp op;
		const char *why;
		int i, fl = pd->ty[0] == TY_F32, wide = ir_tyinfo[pd->ty[0]].bits == 64, nk = 0, nan = 0;
		/* and a setp.f16 or .bf16 of two mov'd halves for a selp.b16
		 * (v15 xmix 331202: cvt.f64.f16 of selp.b16 c, x by
		 * setp.neu.ftz.f16 c, c of a mov'd 0xfe12 is the folded
		 * 0x7fffffffe0000000 on an H100), not for a selp.f32 (705750,
		 * 291063: one of an abs.f32 by setp.ge.f16 or setp.eq.ftz.f16 of
		 * a mov'd half with itself keeps its FSEL and the abs its FADD)
		 * nor for a guard (399284, 464503: @!p or @p mov.b16 0x7fff by
		 * setp.nan.f16 or setp.eq.f16 so, then cvt.f64.f16, is the F2F's
		 * 0x7ffffc0000000000 on an H100); nor of halves an and, shift,
		 * xor or mul.lo of immediates makes, nor by a NaN of one side
		 * alone (656863, 514176, 836257, 487598: the F2F's NaN, or the
		 * HMNMX2's, of the selp at run time) */
		if (pd->ty[0] == TY_F16 || pd->ty[0] == TY_BF16) {
			for (i = 0; i < 2; i++)
				if (pd->opnd[1 + i].kind != OK_REG || !mov16k(f, srcval(pd, 1 + i), &k[i]))
					return 0;
			if (alu_decode(pd, &op, &why) || !op.cmp)
				return 0;
			return pd->guard ? 3 : alu_fcmp(alu_fmt_of(pd->ty[0]), k[0], k[1], op.cmp,
			    (op.flags & ALU_FTZ) != 0) ? 1 : 2;
		}
		for (i = 0; i < 2; i++) {
			const Opnd *o = &pd->opnd[1 + i];
			if (o->kind == OK_FIMM && !wide)   /* 0f... bits, or a decimal literal rounded (v15 xmix 16807: -0.1) */
				k[i] = interp_fimm(pd->ty[0], o->fbits, o->flkind) & 0xFFFFFFFFu;
			else if (!fl && o->kind == OK_IMM)
				k[i] = wide ? (uint64_t)o->imm : (uint32_t)o->imm;
			else if (ir_tyinfo[pd->ty[0]].bits == 16) {
				if (o->kind != OK_REG || !mov16k(f, srcval(pd, 1 + i), &k[i]))
					continue;
			} else if (o->kind != OK_REG || !(fl ? interp_fold_kconst(f, srcval(pd, 1 + i), &k[i]) ||
			    set16k(f, srcval(pd, 1 + i), &k[i]) :
			    wide ? interp_fold_kconst64(f, srcval(pd, 1 + i), &k[i]) :
			    interp_fold_kconstint(f, srcval(pd, 1 + i), &k[i]))) {
				k[i] = 0;
				continue;
			}
			if (!wide)
				k[i] &= ir_tyinfo[pd->ty[0]].bits == 16 ? 0xFFFFu : 0xFFFFFFFFu;
			nk++;
			nan |= fl && (k[i] & 0x7FFFFFFFu) > 0x7F800000u;
		}
		/* a NaN ptxas knows decides a float compare alone, whatever
		 * the other operand (sm_90 SASS: no FSETP for setp.ltu.ftz of
		 * a mov'd 0xffffffff and a load, nor setp.lt, .num, .neu and .eq
		 * of a load and a NaN immediate or mov; v15 xmix 133969: selp.f32
		 * of a neg.f32 by setp.gtu.f32 of a set result and an add.u32 of
		 * a mov'd 0xffc12345 and 1 is a copy of the neg's FADD, a NaN made
		 * canonical, on an H200); the other operand reads as 0, which the
		 * compare never looks at */
		int known = nk == 2;   /* both operands, or a NaN that decides alone */
		if (fl && nk == 1 && nan) {
			/* (a NaN its integer folds know: not a set.ls of a value
			 * with itself, all ones to kconst but an ISETP to ptxas;
			 * v15 xmix 347627: setp.gt.ftz.f32 of such a set and an
			 * add is an FSETP, the selp.f32 of a neg an FSEL of -x,
			 * the payload kept, on an H200) */
			int j = (k[0] & 0x7FFFFFFFu) > 0x7F800000u ? 0 : 1;
			uint64_t c;
			if (pd->opnd[1 + j].kind != OK_REG || set16k(f, srcval(pd, 1 + j), &c) ||
			    (interp_fold_kconstint(f, srcval(pd, 1 + j), &c) && ((c ^ k[j]) & 0xFFFFFFFFu) == 0))
				known = 1;
		}
		if (known && fl && !alu_decode(pd, &op, &why) && op.cmp)
			return pd->guard ? 3 : alu_fcmp(ALU_F32, (uint32_t)k[0], (uint32_t)k[1], op.cmp,
			    (op.flags & ALU_FTZ) != 0) ? 1 : 2;
		if (known && !fl && interp_fold_kexec(pd, 2, k, &res))
			return pd->guard ? 3 : res & 1 ? 1 : 2;
	}
	return 0;
}

static int setpdk64(const Func *f, const Ins *d);

/* Does ptxas know the predicate of selp in, or the c of slct in, so that
 * no FSEL remains (see foldsel)?  1 where it is true, 2 where false, 3 where this does not
 * tell which (a BoolOp, a guard), 0 where ptxas does not know it. */
static int
selknown(const Func *f, const Ins *in, int pv)
{
	int w, u, t;
	const Ins *pd = pv >= 0 ? defof(f, pv, &w) : NULL, *c;

	/* f16x2 and bf16x2 compares of a value with itself ptxas does not
	 * decide at all: each keeps its HSETP2, and the selp its FSEL (sm_90
	 * SASS of lt, ne, gt, equ, leu, geu, nan and neu, .ftz or not, of a
	 * loaded, computed or guarded x; v15 xmix 156665: setp.neu.bf16x2 x,
	 * x is true for a NaN half alone; 264355: min.f32 of x and a selp on
	 * setp.lt.ftz.f16x2 y, y, a FMNMX of x and the FSEL's pick) */
	if (pd && pd->op == OP_SETP && pd->nopnd == 3 && srcval(pd, 1) >= 0 && srcval(pd, 1) == srcval(pd, 2) &&
	    ir_tyinfo[pd->ty[0]].kind != TK_PACKED &&
	    (ir_tyinfo[pd->ty[0]].kind != TK_FLOAT || ir_hasmod(pd, MOD_NE) || ir_hasmod(pd, MOD_LT) ||
	     ir_hasmod(pd, MOD_GT) || ir_hasmod(pd, MOD_EQU) || ir_hasmod(pd, MOD_LEU) || ir_hasmod(pd, MOD_GEU))) {
		if (pd->ndst != 1 || pd->guard || ir_hasmod(pd, MOD_AND) || ir_hasmod(pd, MOD_OR) || ir_hasmod(pd, MOD_XOR))
			return 3;
		/* the second predicate of a p|q pair is the complement (v1
		 * seed 9554: selp.u64 by q of setp.lt.s32 p|q, x, x picks a) */
		int r = ir_hasmod(pd, MOD_NE) || ir_hasmod(pd, MOD_LT) || ir_hasmod(pd, MOD_GT) || ir_hasmod(pd, MOD_LO) ||
		        ir_hasmod(pd, MOD_HI) ? 2 : 1;
		return pd->ndef == 2 && w == pd->def[1] ? 3 - r : r;
	}
	/* setp.f64 of two values ptxas holds as constants (immediates, or
	 * values each word of which it folds: interp_fold_dconst), which it
	 * evaluates, a NaN by the compare's order (sm_90 SASS: no DSETP for
	 * setp.le.f64 of an xor.b64 of a mov.f64 0d7FF0000000000001 and its
	 * shr.s64 by 63 shr.u64 by 1, a known 0, with itself, and min.f64 of a
	 * selp of it and the mov'd NaN is that NaN unquieted; v14 xmix 4094,
	 * 0x7ff0000000000001 on an H100) */
	if (pd && (t = setpdk64(f, pd)) != 0)
		return t;
	/* testp.finite or .number of an and.b32 with an immediate that clears
	 * an exponent bit: always true (seed 78981: finite of tid & 31; v5
	 * seed 23082: number of it, the selp a copy of the neg's FADD, a NaN
	 * made canonical); .infinite and .notanumber of it always false */
	if (pd && pd->op == OP_TESTP && (ir_hasmod(pd, MOD_FINITE) || ir_hasmod(pd, MOD_NUMBER) ||
	    ir_hasmod(pd, MOD_INFINITE) || ir_hasmod(pd, MOD_NOTANUMBER)) && pd->nopnd == 2 && (u = srcval(pd, 1)) >= 0 &&
	    (c = defof(f, u, &w)) && c->op == OP_AND && !c->guard && c->nopnd == 3 && c->opnd[2].kind == OK_IMM &&
	    ((uint32_t)c->opnd[2].imm & 0x7F800000u) != 0x7F800000u)
		return pd->guard ? 3 : ir_hasmod(pd, MOD_FINITE) || ir_hasmod(pd, MOD_NUMBER) ? 1 : 2;
	/* a setp.f32 without a BoolOp of two values ptxas knows (immediates,
	 * kconst values such as a set of x with x), which it evaluates (v15
	 * xmix seed 248327: setp.nan of set.lt x, x and 0 is false, the selp
	 * a copy of the abs's FADD, a NaN made canonical); a 32-bit integer
	 * setp alike, of immediates and values its integer folds know
	 * (kconstint: v15 xmix 13729, selp.f32 of an abs by setp.ne.s32 of
	 * set.le.s32.s16 h, h and 0 was the abs's canonical NaN on an H200) */
	if (pd && (t = setpk(f, pd, in->op == OP_SELP && ir_tyinfo[in->ty[0]].bits == 16)) != 0)
		return pd->ndef == 2 && w == pd->def[1] && (t == 1 || t == 2) ? 3 - t : t;
	/* a slct whose c ptxas knows (an immediate, a kconst value such as a
	 * set of x with x): no FSEL either, the slct a copy of the neg's or
	 * abs's FADD that PTX's test of c picks (v8 seed 25540: slct.f32.f32
	 * of a neg by set.ne.u32.f32 x, x, 0; sm_90 SASS).  Of slct.ftz.f32
	 * only where ptxas's early pass carries c's register to the slct
	 * (interp_fold_early): a later pass sees c flushed by an FADD.FTZ of
	 * -RZ, which it does not fold, and keeps the FSETP and the FSEL (v1
	 * seed 388022: c a set.lt.s32.f32 of x with x, an rcp.rz.ftz.f32
	 * between; sm_90 SASS of a branch or an rcp between, and of slct
	 * without .ftz, folded either way) */
	if (in->op == OP_SLCT && in->nopnd == 4 && in->nty == 2) {
		uint64_t cv;
		const Opnd *o = &in->opnd[3];
		int cr = srcval(in, 3);
		if (o->kind == OK_IMM)
			cv = (uint64_t)o->imm;
		else if (o->kind == OK_FIMM && o->flkind == FL_F32HEX)
			cv = (uint32_t)o->fbits;
		else if ((in->ty[1] == TY_F32 && ir_hasmod(in, MOD_FTZ) && cr >= 0 && cr < f->nval &&
			     !interp_fold_early(f, f->val[cr].ins, in)) ||
		    !interp_fold_kconst(f, cr, &cv))
			return 0;
		if (in->ty[1] == TY_F32)
			return (cv & 0x7FFFFFFFu) > 0x7F800000u || ((cv >> 31) & 1 && (cv & 0x7FFFFFFFu)) ? 2 : 1;
		return (cv >> 31) & 1 ? 2 : 1;
	}
	/* a predicate of and, or, xor and not.pred that predconst decides
	 * (v14 xmix 51366, v15 xmix 150892: min.f16 and max.f16 of x and
	 * selp.b16 x, y by xor.pred !p, p and by xor.pred !q, !q is x, a NaN's
	 * payload kept, on an H200) */
	if (pd && !pd->guard && (pd->op == OP_AND || pd->op == OP_OR || pd->op == OP_XOR || pd->op == OP_NOT) &&
	    pd->ty[0] == TY_PRED) {
		int r, rn, c = predconst(f, pv, 0, &r, &rn);
		if (c >= 0)
			return c ? 1 : 2;
	}
	return 0;
}

/* A selp reads its predicate negated (`!%p`) too: the other operand is
 * picked (v15 xmix 16807: selp.f32 of an abs and x by !p of setp.lt.ftz
 * of a known subnormal and -0.1 is a copy of the abs's FADD, its NaN the
 * canonical one, on an H200). */
int
interp_fold_selknown(const Func *f, const Ins *in)
{
	int pv = -1, neg = 0, t;

	/* a literal predicate, selp a, b, 1 or 0, picks a or b (v15 immx
	 * 114775, 138857: max.f16 and min.f16 of x and selp.b16 x, y, 1 or
	 * y, x, 0 is x, a NaN's payload kept, on an H200; sm_90 SASS: no
	 * HMNMX2) */
	if (in->op == OP_SELP && in->nopnd == 4 && in->opnd[3].kind == OK_IMM)
		return in->opnd[3].imm ? 1 : 2;
	if (in->op == OP_SELP && selpred(in, &pv, &neg))
		pv = -1;
	t = selknown(f, in, pv);
	return neg && (t == 1 || t == 2) ? 3 - t : t;
}

/* Operand i of f64 instruction d as a constant ptxas holds (*r): an
 * immediate, or value v (what the operand reads, or what the caller
 * takes it for) each word of which it folds (interp_fold_dconst) */
static int
f64opk(const Func *f, const Ins *d, int i, int v, uint64_t *r)
{
	const Opnd *o = &d->opnd[i];

	if (o->kind == OK_IMM)
		return *r = (uint64_t)o->imm, 1;
	if (o->kind == OK_FIMM)
		return *r = interp_fimm(TY_F64, o->fbits, o->flkind), 1;
	return o->kind == OK_REG && v >= 0 && interp_fold_dconst(f, v, r);
}

/* setp.f64 d (one destination, unguarded, no BoolOp) of two constants
 * ptxas holds (f64opk), as selknown answers: 1 true, 2 false, 0 unknown */
static int
setpdk64(const Func *f, const Ins *d)
{
	uint64_t x, y;
	AluOp op;
	const char *why;

	if (d->op != OP_SETP || d->nopnd != 3 || d->nty != 1 || d->ty[0] != TY_F64 || d->ndst != 1 || d->guard ||
	    alu_decode(d, &op, &why) || !op.cmp || op.bop)
		return 0;
	int kx = f64opk(f, d, 1, srcval(d, 1), &x), ky = f64opk(f, d, 2, srcval(d, 2), &y);
	/* one NaN ptxas holds decides it alone (sm_90 SASS: no DSETP for
	 * setp.ltu.f64 of a mov'd all-ones and a load, nor setp.lt and .geu
	 * of a load and a NaN mov or immediate; as setpk for f32) */
	if (kx != ky && (kx ? (x & ~(1ull << 63)) > 0x7FF0000000000000ull : (y & ~(1ull << 63)) > 0x7FF0000000000000ull)) {
		if (!kx)
			x = 0;
		else
			y = 0;
	} else if (!kx || !ky)
		return 0;
	return alu_fcmp(ALU_F64, x, y, op.cmp, 0) ? 1 : 2;
}

/* The operand (1 or 2) an unguarded selp d picks on a testp that ptxas
 * decides (interp_fold_selknown: .notanumber, .finite ... of an and.b32
 * that clears an exponent bit), else 0.  It decides such a testp as early
 * as it folds constants (foldmufu.c f32val, divselk), where a setp it
 * decides later is not this. */
int
interp_fold_testpick(const Func *f, const Ins *d)
{
	int v, w, t;
	const Ins *p;

	if (d->op != OP_SELP || d->nopnd != 4 || d->guard || (v = srcval(d, 3)) < 0 || !(p = defof(f, v, &w)) ||
	    p->op != OP_TESTP || (t = interp_fold_selknown(f, d)) < 1 || t > 2)
		return 0;
	return t;
}

/* Operand oi of in as an f32 constant ptxas knows (an immediate, a kconst
 * value, or an f32val one such as a mov of a subnormal: v14 xmix seed
 * 35284, 1E-40), its bits in *b.  Integer instructions of a mov.f32 of a
 * decimal literal too, whose bits ptxas propagates (kconstintlit; sm_90
 * SASS: FMNMX.NAN R, x, 1.7796490496925176801e-43 for selp x, c, !p of
 * setp.lt.ftz x, c, c a shf.r.wrap by 1 of twice the bfe.s32 at 23, 8 of
 * mov.f32 -1.0; v14 xmix 32081, line 120: the canonical NaN for a NaN x
 * on an H200; tests/regress/selp-minmax-literal-bfe-const.ptx).  Not
 * what ptxas leaves to run: a
 * cvt.pack, its I2IP, nor what kconstint leaves out, a set.hs, ls, lo or
 * hi of a value with itself (its ISETP and SEL) or a packed half
 * instruction (sm_90 SASS: FSETP.GEU.FTZ x, R and FSEL of the I2IP's
 * register for setp.lt.ftz x, c and selp c, x of a cvt.pack.sat.s8.s32.b32
 * c of movs, v15 xmix 208409, c 0x90707 its x's 0 on an H200; FSEL of a
 * set.hs.f32.u16 h, h's register, v14 xmix 819). */
static int
f32k(ptx_module *pm, const Func *f, const Ins *in, int oi, uint32_t *b, int depth)
{
	XOp o;
	uint64_t c;
	int v, w, t;
	const Ins *d;

	if (in->opnd[oi].kind == OK_IMM || in->opnd[oi].kind == OK_FIMM) {
		if (interp_decode_op(pm, &in->opnd[oi], TY_F32, &o) || o.k != XO_IMM)
			return 0;
		*b = (uint32_t)o.imm;
		return 1;
	}
	if ((v = srcval(in, oi)) < 0 || ((d = defof(f, v, &w)) && d->op == OP_CVT_PACK))
		return 0;
	/* a selp whose predicate ptxas decides is the operand it picks */
	if (d && d->op == OP_SELP && !d->guard && d->nopnd == 4 && (t = interp_fold_selknown(f, d)) >= 1 && t <= 2 &&
	    depth < 4)
		return f32k(pm, f, d, t, b, depth + 1);
	if (interp_fold_kconstsel(f, v, &c) || interp_fold_kconstintlit(f, v, &c)) {
		*b = (uint32_t)c;
		return 1;
	}
	return !interp_fold_kconst(f, v, &c) && interp_fold_f32val(pm, f, v, b);
}

/* Does an instruction other than in, or a phi, read a predicate the
 * setp d writes? */
static int
predread(const Func *f, const Ins *d, const Ins *in)
{
	for (int k = 0; k < d->ndef; k++) {
		int v = d->def[k];
		if (v < 0 || v >= f->nval || !f->rdoff || f->phird[v])
			return 1;
		for (int q = f->rdoff[v]; q < f->rdoff[v + 1]; q++)
			if (f->ins[f->rd[q]] != in)
				return 1;
	}
	return 0;
}

static int copyroot(const ptx_module *pm, const Func *f, int v, int depth);

/* selp.f32 of x and a constant c ptxas knows, not a NaN nor -0, on a
 * setp.f32 (no .ftz, no BoolOp) that orders x against c, lt, le, gt, ge
 * or their unordered forms, read as it is, negated or as the pair's
 * second: the selection is a max or a min of x and c, and ptxas makes it
 * an FMNMX, with .NAN where a NaN x picks x (an unordered compare, or an
 * ordered one negated): then a NaN x gives the canonical NaN, not its own
 * payload (sm_90 SASS: FMNMX.NAN R, x, 9.2233720e+18 for selp x, c, p|q's
 * q of setp.lt x, c; v13 dag seed 877 on an H200).  Where a NaN x picks
 * c, the FMNMX gives c as the selp does.  A c of +0 (RZ) only where the
 * FMNMX also gives what the selp picks for an x of -0 (sm_90 SASS of
 * every compare, order and selp order: the others keep FSETP and FSEL;
 * v14 xmix seed 729, setp.ge.f32 0, x and selp 0, x, a NaN x canonical
 * on an H200); -0 always keeps the FSEL.  Where the setp's predicates
 * have another reader, ptxas keeps the FSETP for it, and the FMNMX only
 * where the setp reads as x lt, le, ltu or leu c (before a negation);
 * x gt, ge, gtu or geu c keeps an FSEL (sm_90 SASS of each compare,
 * order and selp order, with a selp.u32 of the predicate; v14 xmix seed
 * 2402, setp.lt 0, x, a NaN x's payload kept on an H200; seed 729, setp.ge
 * 0, x read by a xor.pred too, canonical).  A setp.ftz alike: the FMNMX
 * has no .FTZ, so a subnormal x or c is ordered as it is, and each
 * compare, order, selp order, c of +0 and second reader gives what it
 * gives without .ftz (sm_90 SASS of each; v14 xmix seed 32081,
 * setp.lt.ftz x, 0f0000007f and selp x, c, !p, 0x7f for an x of 9 and the
 * canonical NaN for a NaN x on an H200). */
static int
foldselmm(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	int pv, w, neg, xa, cmp = MOD_NONE, x = -1, other;
	const Ins *d;
	uint32_t cs, cp;
	uint64_t ck;
	static const int ord[][3] = {   /* the compare, its operands swapped, negated */
		{ MOD_LT, MOD_GT, MOD_GEU }, { MOD_LE, MOD_GE, MOD_GTU }, { MOD_GT, MOD_LT, MOD_LEU },
		{ MOD_GE, MOD_LE, MOD_LTU }, { MOD_LTU, MOD_GTU, MOD_GE }, { MOD_LEU, MOD_GEU, MOD_GT },
		{ MOD_GTU, MOD_LTU, MOD_LE }, { MOD_GEU, MOD_LEU, MOD_LT },
	};

	if (in->op != OP_SELP || in->nopnd != 4 || in->guard || xi->ns != 3 || xi->alu.flags || xi->alu.negsrc & 3 ||
	    predop(in, 3, &pv, &neg))
		return 0;
	/* through a not.pred (v15 xmix 15380: selp x, c, !q of not.pred q,
	 * p of setp.geu c, x is FMNMX.NAN x, c in sm_90 SASS, the canonical
	 * NaN for a NaN x on an H200) */
	if (predconst(f, pv, 0, &w, &xa) < 0 && w >= 0) {
		pv = w;
		neg ^= xa;
	}
	if (!(d = defof(f, pv, &w)) || d->op != OP_SETP || d->guard || d->nty != 1 || d->nopnd != 3 ||
	    ir_hasmod(d, MOD_AND) || ir_hasmod(d, MOD_OR) || ir_hasmod(d, MOD_XOR) || d->ndef < 1)
		return 0;
	neg ^= w != d->def[0];
	other = predread(f, d, in);
	/* a setp.ne or .eq of an f32 set's result (.u32, .s32 or .f32, no
	 * BoolOp) and 0 is the set's compare, or its negation (v15 xmix
	 * 48471: selp x, c by setp.ne.u32 of set.geu.ftz.u32.f32 c, x and 0
	 * is FMNMX.NAN x, c in sm_90 SASS, the canonical NaN for a NaN x on
	 * an H200); another reader of the set's result keeps its compare, as
	 * one of the setp's does */
	if (d->ty[0] != TY_F32) {
		int64_t z;
		const Ins *e;
		int v = d->opnd[1].kind == OK_REG ? srcval(d, 1) : srcval(d, 2), zi = d->opnd[1].kind == OK_REG ? 2 : 1;
		if (ir_tyinfo[d->ty[0]].bits != 32 || !(isint(d->ty[0]) || ir_tyinfo[d->ty[0]].kind == TK_BIT) ||
		    (!ir_hasmod(d, MOD_NE) && !ir_hasmod(d, MOD_EQ)) || d->opnd[zi].kind != OK_IMM ||
		    (z = d->opnd[zi].imm, z != 0) || v < 0 || !(e = defof(f, v, &w)) || e->op != OP_SET || e->guard ||
		    e->nty != 2 || e->ty[1] != TY_F32 || (e->ty[0] != TY_U32 && e->ty[0] != TY_S32 && e->ty[0] != TY_F32) ||
		    e->nopnd != 3 || ir_hasmod(e, MOD_AND) || ir_hasmod(e, MOD_OR) || ir_hasmod(e, MOD_XOR))
			return 0;
		neg ^= ir_hasmod(d, MOD_EQ);
		/* (not where the setp's predicate has another reader: then it
		 * keeps FSETP and FSEL for every compare; sm_90 SASS with a
		 * second selp of the predicate; v15 xmix 162695, a NaN x's
		 * payload kept on an H200, and 339716) */
		if (other)
			return 0;
		other |= predread(f, e, d);
		d = e;
	}
	/* x is the selp's a (xa) or b, and the setp's first or second, or a
	 * copy of it to ptxas (copyroot; v15 xmix 8459: selp of selp.f32 x,
	 * x, p and c by setp.geu c, x is FMNMX.NAN x, c in sm_90 SASS, the
	 * canonical NaN for a NaN x on an H200) */
	for (int i = 1; i <= 2 && x < 0; i++)
		for (int j = 1; j <= 2 && x < 0; j++)
			if (srcval(in, i) >= 0 && srcval(d, j) >= 0 && (srcval(in, i) == srcval(d, j) ||
			    copyroot(pm, f, srcval(in, i), 0) == copyroot(pm, f, srcval(d, j), 0)) &&
			    f32k(pm, f, in, 3 - i, &cs, 0) &&
			    f32k(pm, f, d, 3 - j, &cp, 0) && cs == cp && cs != 0x80000000u &&
			    (cs & 0x7FFFFFFFu) <= 0x7F800000u) {
				x = j;
				xa = i == 1;
			}
	/* (not of an x ptxas knows: it decides the compare, kconst's selp,
	 * and no FMNMX is left; v14 xmix 2118; with the float literals its
	 * integer folds propagate too, kconstintlit, v15 xmix 136344:
	 * setp.le.ftz of bfe.u32 of bfe.s32 of a mov.f32 -.25 less 1, 0x7c,
	 * and 0 is decided true, where the FMNMX gave 0x7c; as its integer
	 * folds know it,
	 * kconstint: a set.hs.s32.u16 of a value with itself stays an ISETP
	 * and the FMNMX its NaN's canonical one, v14 xmix 8854) */
	if (x < 0 || interp_fold_kconstsel(f, srcval(d, x), &ck) || interp_fold_kconstintlit(f, srcval(d, x), &ck))
		return 0;
	/* nor of an x converted from c or set by c, which ptxas computes
	 * too (v15 xmix 279516: setp.gtu.ftz of cvt.f32.bf16 of
	 * cvt.rn.ftz.bf16.f32 c and c, c a known 0x8000007f, kept the selp's
	 * c on an H200; 102690: of a mov.f32 of set.gt.u32.f32 c, -1.0 and c,
	 * the set's NaN) */
	for (int n = 0, v = srcval(d, x), z, cv = srcval(d, 3 - x); n < 4 && v >= 0 && cv >= 0; n++) {
		const Ins *e = defof(f, v, &z);
		if (e && !e->guard && e->op == OP_SET && e->nopnd >= 3 && (srcval(e, 1) == cv || srcval(e, 2) == cv))
			return 0;
		if (!e || e->guard || e->op != OP_CVT || e->nopnd != 2)
			break;
		if ((v = srcval(e, 1)) == cv)
			return 0;
	}
	for (int i = 0; i < 8; i++)
		if (ir_hasmod(d, ord[i][0]))
			cmp = ord[i][x == 2];   /* as x OP c */
	if (cmp != MOD_LT && cmp != MOD_LE && cmp != MOD_LTU && cmp != MOD_LEU && other)
		return 0;
	for (int i = 0; i < 8 && neg; i++)
		if (ord[i][0] == cmp) {
			cmp = ord[i][2];
			neg = 0;
		}
	if (cmp == MOD_NONE)
		return 0;
	/* a NaN x makes an unordered compare true; the selp picks a then.
	 * Where that is c, the FMNMX without .NAN gives c as the selp does,
	 * and only the .ftz setp's FMNMX, which orders a subnormal x or c as
	 * it is, needs the fold (v15 xmix 16834: selp c, x, !p of setp.lt.ftz
	 * x, c, c 0F00000001, is FMNMX x, c in sm_90 SASS, x's 0 on an H200
	 * where the flushed compare picks c) */
	int un = cmp == MOD_LTU || cmp == MOD_LEU || cmp == MOD_GTU || cmp == MOD_GEU;
	if (un != xa && !ir_hasmod(d, MOD_FTZ))
		return 0;
	int big = cmp == MOD_GT || cmp == MOD_GE || cmp == MOD_GTU || cmp == MOD_GEU;
	/* c +0: an x of -0 compares equal, and the selp picks x there where
	 * the compare holds at equality and x is picked where it holds, or
	 * neither; ptxas's FMNMX must give the same (-0 a min's, +0 a max's),
	 * or it keeps the FSEL */
	int incl = cmp == MOD_LE || cmp == MOD_GE || cmp == MOD_LEU || cmp == MOD_GEU;
	if (cs == 0 && (incl == xa) != (big == !xa))
		return 0;
	if (!xa) {   /* x picked where the compare fails */
		XOp t = xi->s[0];
		xi->s[0] = xi->s[1];
		xi->s[1] = t;
		big = !big;
	}
	xi->alu.op = big ? OP_MAX : OP_MIN;
	xi->alu.flags = un == xa ? ALU_NANP : 0;
	xi->alu.nsrc = 2;
	xi->alu.negsrc = 0;
	xi->alu.imm = 0;
	xi->ns = 2;
	return 1;
}

/* The f32 compare that holds exactly where cmp fails, NaNs included
 * (eq and neu, lt and geu, num and nan ...); 0 for any other cmp. */
static int
fcmpnot(int cmp)
{
	static const int comp[][2] = {
		{ MOD_EQ, MOD_NEU }, { MOD_NE, MOD_EQU }, { MOD_LT, MOD_GEU }, { MOD_LE, MOD_GTU },
		{ MOD_GT, MOD_LEU }, { MOD_GE, MOD_LTU }, { MOD_NUM, MOD_NAN_CMP },
	};

	for (size_t j = 0; j < sizeof comp / sizeof comp[0]; j++)
		for (int e = 0; e < 2; e++)
			if (cmp == comp[j][e])
				return comp[j][!e];
	return 0;
}

/* selp.f32 of 1.0 and a zero (constants ptxas knows) on an f32 setp
 * without a BoolOp that no other instruction reads (its p or q, negated
 * or not, through not.pred): ptxas makes the pair one FSET.BF of the
 * setp's compare, 1.0 or +0, so a -0 comes back +0, and it drops the
 * setp's .ftz where the zero is -0 (sm_90 SASS: FSET.BF.GT.AND of
 * setp.gt.ftz and selp 1.0, -0, FSET.BF.GT.FTZ.AND for +0; v15 xmix 16433:
 * selp of a mov'd -0 and set.leu.f32.f64 x, x on setp.gtu.f32 was +0 on an
 * H200).  Of -1.0 it is an FSETP without .FTZ, a SEL of 0 and -1 and an
 * I2FP: the -0 comes back +0 too (the dropped .ftz is not followed
 * there).  Not where ptxas decides the setp (interp_fold_selknown, or
 * both its operands constants it knows; v15 xmix 228570: setp.le of
 * set.le.f32.s16 h, h and 0 picks the -0; 277710: setp.equ of a set.lt
 * of known halves and 0, a -0 picked on an H200).  The
 * selp becomes the set; 1 folded. */
static int
foldselset(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	uint32_t a, b, r32;
	int pv, neg, w, r, rn, one, cmp;
	const Ins *d;
	AluOp op;
	const char *why;
	XOp s[2];

	if (in->op != OP_SELP || in->nopnd != 4 || in->guard || xi->ns != 3 || xi->alu.flags ||
	    !f32k(pm, f, in, 1, &a, 0) || !f32k(pm, f, in, 2, &b, 0) || selpred(in, &pv, &neg) ||
	    interp_fold_selknown(f, in))
		return 0;
	if ((a == 0x3F800000u || a == 0xBF800000u) && (b & 0x7FFFFFFFu) == 0)
		one = 1;
	else if ((b == 0x3F800000u || b == 0xBF800000u) && (a & 0x7FFFFFFFu) == 0)
		one = 2;
	else
		return 0;
	if (predconst(f, pv, 0, &r, &rn) < 0 && r >= 0) {
		pv = r;
		neg ^= rn;
	}
	if (!(d = defof(f, pv, &w)) || d->op != OP_SETP || d->guard || d->nty != 1 || d->ty[0] != TY_F32 ||
	    d->nopnd != 3 || d->ndef < 1 || predread(f, d, in) || alu_decode(d, &op, &why) || !op.cmp || op.bop ||
	    (f32k(pm, f, d, 1, &r32, 0) && f32k(pm, f, d, 2, &r32, 0)))
		return 0;
	neg ^= w != d->def[0];
	if ((one == 1 ? a : b) == 0xBF800000u) {   /* the -1.0: the zero +0 */
		xi->s[one == 1 ? 1 : 0] = (XOp){ .k = XO_IMM, .imm = 0 };
		return 1;
	}
	for (int i = 0; i < 2; i++) {
		int v = srcval(d, 1 + i);
		if ((d->opnd[1 + i].kind != OK_IMM && d->opnd[1 + i].kind != OK_FIMM &&
		     (v < 0 || !holds(f, v, f->val[w].ins, k))) || interp_decode_op(pm, &d->opnd[1 + i], TY_F32, &s[i]))
			return 0;
	}
	cmp = op.cmp;
	if (neg ^ (one == 2) && !(cmp = fcmpnot(cmp)))   /* 1.0 where the compare fails */
		return 0;
	xi->alu = (AluOp){ .op = OP_SET, .ty = TY_F32, .ty2 = TY_F32, .cmp = cmp, .nsrc = 2, .ndst = 1, .nwords = 1,
	    .flags = (op.flags & ALU_FTZ) && !((one == 1 ? b : a) >> 31) ? ALU_FTZ : 0 };
	xi->s[0] = s[0];
	xi->s[1] = s[1];
	xi->ns = 2;
	return 1;
}

/* Which operand of a mul.f32 without a rounding, .sat or .ftz modifier is
 * the immediate -1.0, a neg of the other to ptxas: 1 or 2, else 0. */
static int
mulneg1(const Ins *d)
{
	if (d->op != OP_MUL || d->ty[0] != TY_F32 || d->nopnd != 3 || ir_hasmod(d, MOD_RN) || ir_hasmod(d, MOD_RZ) ||
	    ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RP) || ir_hasmod(d, MOD_SAT) || ir_hasmod(d, MOD_FTZ))
		return 0;
	for (int j = 1; j <= 2; j++) {
		const Opnd *o = &d->opnd[j];
		if (o->kind == OK_FIMM && o->fbits == (o->flkind == FL_F32HEX ? 0xBF800000u : 0xBFF0000000000000u))
			return j;
	}
	return 0;
}

/* A selp or slct of f32 reading a neg.f32 or abs.f32 (no .ftz): ptxas's
 * FSEL takes the neg's or abs's source with the operand modifier, whatever
 * else reads the result.  Not for a selp on a setp of a value with itself
 * that ptxas knows to be always true or false (an integer compare, or a
 * float ne, lt, gt, equ, leu or geu): then no FSEL remains, and a value
 * read is the neg's FADD (seed 851: setp.leu x, x); a NaN test (ltu x, x,
 * seed 32753) keeps its FSETP and the FSEL; nor on a testp ptxas knows
 * the answer of (a copy of the neg's or abs's result, or of the other).
 * A mul.f32 by -1.0 counts as a neg (its FMUL gives the canonical NaN, the
 * FSEL the payload).  A neg or abs under a guard ptxas knows to be true
 * counts as unguarded (guardconst; v13 seed 4812 loopx, an H200's
 * payloads kept; tests/regress/fold-selp-guarded-neg-known.ptx).  Nor for
 * one choosing between a value and itself, a copy to ptxas (seeds 35578,
 * 36063: slct x, x, c), also where one operand copies the other
 * (copyroot: v14 xmix 34694, selp x, selp(x, x, p), q of a neg x is a copy
 * of the neg's FADD, its NaN the canonical one, in sm_90 SASS and on an
 * H200). */
static int
foldsel(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int a = srcval(in, in->ndst), u, t;

	if ((a >= 0 && (a == srcval(in, in->ndst + 1) || copyroot(pm, f, a, 0) ==
	     copyroot(pm, f, srcval(in, in->ndst + 1), 0))) || interp_fold_selknown(f, in))
		return 0;
	for (int i = 0; i < 2; i++) {
		int v = srcval(in, in->ndst + i), w, z, x, oi = 1, mneg = 0;
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
		/* a selp.f32 whose predicate ptxas knows is the operand it picks
		 * (v5 seed 23082: a slct of a selp of a neg on a testp.number of
		 * tid & 31 is an FSEL of the neg's source, sign flipped) */
		if (d && d->op == OP_SELP && d->ty[0] == TY_F32 && !d->guard && d->nopnd == 4 &&
		    (t = interp_fold_selknown(f, d)) >= 1 && t <= 2 && (u = srcval(d, t)) >= 0 &&
		    holds(f, u, f->val[w].ins, k)) {
			v = u;
			d = defof(f, v, &w);
		}
		/* so is a min or max.f32 of a value with itself, a copy to ptxas
		 * (v1 seed 361613: a slct of max x, x of a neg.f32 is an FSEL of
		 * the neg's source, sign flipped; the max's own result the
		 * neg's FADD) */
		if (d && (d->op == OP_MIN || d->op == OP_MAX) && d->ty[0] == TY_F32 && !d->guard && d->nopnd == 3 &&
		    !ir_hasmod(d, MOD_FTZ) && !ir_hasmod(d, MOD_NAN_PROP) && !ir_hasmod(d, MOD_XORSIGN) &&
		    !ir_hasmod(d, MOD_RELU) && (u = srcval(d, 1)) >= 0 && u == srcval(d, 2) &&
		    holds(f, u, f->val[w].ins, k)) {
			v = u;
			d = defof(f, v, &w);
		}
		/* mul.f32 by -1.0 (no modifier) is a neg to ptxas (seed 107626) */
		if (d && d->op == OP_MUL && d->nopnd == 3 && !ir_hasmod(d, MOD_RN) && !ir_hasmod(d, MOD_RZ) &&
		    !ir_hasmod(d, MOD_RM) && !ir_hasmod(d, MOD_RP) && !ir_hasmod(d, MOD_SAT))
			for (int j = 1; j <= 2; j++) {
				const Opnd *o = &d->opnd[j];
				if (o->kind == OK_FIMM && o->fbits == (o->flkind == FL_F32HEX ? 0xBF800000u : 0xBFF0000000000000u))
					oi = 3 - j, mneg = 1;
			}
		if (!d || (d->op != OP_NEG && d->op != OP_ABS && !mneg) || d->ty[0] != TY_F32 ||
		    (d->guard && interp_fold_guardconst(f, d) != 1) ||
		    ir_hasmod(d, MOD_FTZ) || (!mneg && d->nopnd != 2) || (u = srcval(d, oi)) < 0 ||
		    !holds(f, u, f->val[w].ins, k))
			continue;
		const Ins *e = defof(f, u, &z), *src = d;
		int so = oi;
		uint32_t sg = d->op == OP_ABS ? SGN_ABS : SGN_NEG;
		/* the abs of an abs or neg of x is |x| of x itself (seed 32576),
		 * the neg of an abs -|x| of x (seed 71980), the neg of a neg x
		 * itself, a NaN's payload and sign as they are (seed 112789) */
		if (e && (e->op == OP_ABS || (e->op == OP_NEG && (d->op == OP_ABS || d->op == OP_NEG))) &&
		    e->ty[0] == TY_F32 && !e->guard && !ir_hasmod(e, MOD_FTZ) && e->nopnd == 2 &&
		    (x = srcval(e, 1)) >= 0 && holds(f, x, f->val[z].ins, k)) {
			src = e;
			so = 1;
			sg = d->op == OP_NEG && e->op == OP_NEG ? 0 : sg | SGN_ABS;
		}
		if (interp_decode_op(pm, &src->opnd[so], TY_F32, &xi->s[i]))
			return 0;
		xi->alu.flags |= ALU_SGNOP;
		xi->alu.imm |= sg << 2 * i;
	}
	return 0;
}

/* rcp.approx.ftz.f32 of an rcp.approx.ftz.f32 of x: ptxas leaves x, as it
 * is (a NaN payload, a subnormal); div.approx.ftz.f32 a by one is a * x
 * (FMUL.FTZ: div.approx is a times MUFU.RCP of the divisor).  Not without
 * .ftz on both.  Of an rsqrt of an rcp of x (all .approx.ftz), rcp is an
 * rsqrt of x and div a times one (seeds 23455, 29644, 58866, 88981,
 * 93540, 97485: FMUL.FTZ of a and MUFU.RSQ of x). */
static int fimmof(const Func *f, const Ins *d, int o, uint64_t *c);

static int
foldrcp(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int oi = in->op == OP_DIV ? 2 : 1, v = srcval(in, oi), w, u;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	const Ins *e;
	int z, x;
	uint64_t c;

	/* through a mul.f32 by an immediate or mov'd 1.0 without a modifier,
	 * a copy to ptxas (v1 seed 630721: div.approx.ftz.f32 of a by mul.f32
	 * of rcp.approx.ftz x and 0f3F800000 is FMUL.FTZ of a and x in sm_90
	 * SASS, a * x on an H100) */
	if (d && d->op == OP_MUL && d->ty[0] == TY_F32 && !d->guard && d->nopnd == 3 && !ir_hasmod(d, MOD_RN) &&
	    !ir_hasmod(d, MOD_RZ) && !ir_hasmod(d, MOD_RM) && !ir_hasmod(d, MOD_RP) && !ir_hasmod(d, MOD_SAT) &&
	    !ir_hasmod(d, MOD_FTZ))
		for (int j = 1; j <= 2; j++)
			if (fimmof(f, d, j, &c) && c == 0x3F800000u && d->opnd[3 - j].kind == OK_REG &&
			    (u = srcval(d, 3 - j)) >= 0 && holds(f, u, f->val[w].ins, k)) {
				d = defof(f, u, &w);
				break;
			}

	/* rcp of an rsqrt of an rcp of x (all .approx.ftz) is an rsqrt of x,
	 * one MUFU.RSQ (seed 6763: x = -inf gives the NaN of rsqrt) */
	if (d && d->op == OP_RSQRT && d->ty[0] == TY_F32 && !d->guard &&
	    ir_hasmod(d, MOD_APPROX) && ir_hasmod(d, MOD_FTZ) && d->nopnd == 2 && (u = srcval(d, 1)) >= 0 &&
	    (e = defof(f, u, &z)) && e->op == OP_RCP && e->ty[0] == TY_F32 && !e->guard &&
	    ir_hasmod(e, MOD_APPROX) && ir_hasmod(e, MOD_FTZ) && e->nopnd == 2 && (x = srcval(e, 1)) >= 0 &&
	    holds(f, x, f->val[z].ins, k)) {
		if (interp_decode_op(pm, &e->opnd[1], TY_F32, &xi->s[oi - 1]))
			return 0;
		if (in->op == OP_RCP)
			xi->alu.op = OP_RSQRT;
		else   /* the divisor's MUFU.RCP is MUFU.RSQ of x (alu_float.c) */
			xi->alu.mode = OP_RSQRT;
		return 0;
	}
	if (!d || d->op != OP_RCP || d->ty[0] != TY_F32 || d->guard || !ir_hasmod(d, MOD_APPROX) ||
	    !ir_hasmod(d, MOD_FTZ) || d->nopnd != 2 || (u = srcval(d, 1)) < 0 || !holds(f, u, f->val[w].ins, k))
		return 0;
	if (interp_decode_op(pm, &d->opnd[1], TY_F32, &xi->s[oi - 1]))
		return 0;
	xi->alu.op = in->op == OP_DIV ? OP_MUL : OP_MOV;
	xi->alu.flags = in->op == OP_DIV ? ALU_FTZ : 0;
	xi->alu.rnd = ALU_RN;
	return 0;
}

/* Formal parameter j of f when in is an unguarded scalar ld.param of all
 * of it, else -1.  Only the first PARMAX parameters are looked at: the
 * answers copyroot asks for are found as loading begins (parindex), in
 * time and room bounded by the function's length. */
static int
parload(const Func *f, const Ins *in)
{
	const Opnd *a = in->nopnd == 2 ? &in->opnd[1] : NULL;

	if (in->op != OP_LD || in->space != SP_PARAM || in->guard || in->vec != 1 || in->ndef != 1 ||
	    !a || a->kind != OK_ADDR || a->addrlist || a->imm || !a->base || a->base->kind != OK_SYM)
		return -1;
	for (int j = 0; j < f->npar && j < PARMAX; j++)
		if (f->par[j].sym == a->base->sym && ir_tyinfo[in->ty[0]].bits == ir_tyinfo[a->base->sym->type].bits)
			return j;
	return -1;
}

/* The SSA value that the call at g->ins[ci] passes as its argument j: the
 * register the last st.param of the .param variable named there stored
 * (unguarded, all of it, in the call's block), else -1. */
static int
callarg(const Func *g, int ci, const Opnd *args, int j)
{
	const Ins *c = g->ins[ci];
	const Sym *pv = j < args->nsub && args->sub[j].kind == OK_SYM ? args->sub[j].sym : NULL;

	for (int k = ci - 1; pv && k >= 0 && g->ins[k]->blk == c->blk && g->ins[k]->op != OP_CALL; k--) {
		const Ins *s = g->ins[k];
		const Opnd *a = &s->opnd[0];
		if (s->op != OP_ST || s->space != SP_PARAM || s->nopnd != 2 || a->kind != OK_ADDR || !a->base ||
		    a->base->kind != OK_SYM || a->base->sym != pv)
			continue;
		if (s->guard || s->vec != 1 || a->imm || s->opnd[1].kind != OK_REG || s->opnd[1].sel != SEL_NONE ||
		    s->opnd[1].imm || s->nuse < 1 || ir_tyinfo[s->ty[0]].bits != ir_tyinfo[pv->type].bits)
			return -1;
		return s->use[0];
	}
	return -1;
}

/*
 * A place where a function is named: instruction ci of the module's
 * function g names f as a call's callee (kind 1), otherwise (2: its
 * address taken), or both (3).  interp_fold_sites lists every place in
 * the bodies built, sorted by f, so that sameargs reads those of one
 * function: a look through the whole module for each function made a
 * module of 8,000 small ones load in 12.8 s, 1.0 s without the rule.
 */
struct FoldSite { const Func *f; int g, ci, kind; };
typedef struct FoldSite FoldSite;
typedef struct ImmAt ImmAt;
static void imm64free(ptx_module *pm);

static int
sitecmp(const void *a, const void *b)
{
	const FoldSite *x = a, *y = b;
	uintptr_t p = (uintptr_t)x->f, q = (uintptr_t)y->f;

	if (p != q)
		return p < q ? -1 : 1;
	if (x->g != y->g)
		return x->g < y->g ? -1 : 1;
	return (x->ci > y->ci) - (x->ci < y->ci);
}

static int
addsite(ptx_module *pm, size_t *cap, const Func *f, int g, int ci, int kind)
{
	if ((size_t)pm->nsites == *cap) {
		size_t n = *cap ? 2 * *cap : 256;
		FoldSite *s;
		if (n > (size_t)INT_MAX || n > SIZE_MAX / sizeof *s ||
		    !(s = interp_realloc(pm->cx, pm->sites, n * sizeof *s)))
			return PTX_ENOMEM;
		pm->sites = s;
		*cap = n;
	}
	pm->sites[pm->nsites++] = (FoldSite){ f, g, ci, kind };
	return PTX_OK;
}

int
interp_fold_sites(ptx_module *pm)
{
	const Module *m = pm->m;
	size_t cap = 0;
	int n = 0, rc = PTX_OK;

	for (int k = 0; k < m->nfn && rc == PTX_OK; k++) {
		const Func *g = m->fn[k];
		if (!g->hasbody || !g->built)
			continue;
		for (int ci = 0; ci < g->nins && rc == PTX_OK; ci++) {
			const Ins *c = g->ins[ci];
			int fi = -1;
			for (int o = 0; o < c->nopnd && rc == PTX_OK; o++) {
				const Opnd *x = &c->opnd[o];
				if (fi < 0 && c->op == OP_CALL && (x->kind == OK_SYM || x->kind == OK_REG))
					fi = o;
				if (x->kind != OK_SYM || !x->sym || x->sym->kind != SYM_FUNC)
					continue;
				/* the function the symbol stands for, and every one declared by it */
				int kind = fi == o ? 1 : 2;
				if (x->sym->fn)
					rc = addsite(pm, &cap, x->sym->fn, k, ci, kind);
				for (int j = interp_fn_first(pm, x->sym);
				     j < pm->nfn && pm->bysym[j].k == (uintptr_t)x->sym && rc == PTX_OK; j++)
					if (m->fn[pm->bysym[j].i] != x->sym->fn)
						rc = addsite(pm, &cap, m->fn[pm->bysym[j].i], k, ci, kind);
			}
		}
	}
	if (rc != PTX_OK)
		return rc;
	/* one instruction naming f in two operands is one place of both kinds
	 * (none at all: no array to sort) */
	if (pm->nsites)
		qsort(pm->sites, (size_t)pm->nsites, sizeof *pm->sites, sitecmp);
	for (int k = 0; k < pm->nsites; k++)
		if (n && !sitecmp(&pm->sites[n - 1], &pm->sites[k]))
			pm->sites[n - 1].kind |= pm->sites[k].kind;
		else
			pm->sites[n++] = pm->sites[k];
	pm->nsites = n;
	return PTX_OK;
}

void
interp_fold_sites_free(ptx_module *pm)
{
	interp_free(pm->cx, pm->sites);
	pm->sites = NULL;
	pm->nsites = 0;
	imm64free(pm);
	interp_free(pm->cx, pm->parld);
	pm->parld = NULL;
	pm->parfn = NULL;
}

/* Whether every call of f passes one register for its parameters i and
 * j, and f is called at all and never named otherwise (its address
 * taken): ptxas then takes the two for one value in f's body, as if the
 * calls were inlined, though it keeps the call (v3 seeds 2722, 12465: a
 * max.f32 of the two is the value, a NaN's payload kept; one call with
 * two registers keeps the FMNMX). */
static int
sameargs(const ptx_module *pm, const Func *f, int i, int j)
{
	int lo = 0, hi = pm->nsites, n = 0;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if ((uintptr_t)pm->sites[mid].f < (uintptr_t)f)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < pm->nsites && pm->sites[lo].f == f; lo++) {
		const FoldSite *s = &pm->sites[lo];
		const Func *g = pm->m->fn[s->g];
		const Ins *c = g->ins[s->ci];
		const Opnd *args = NULL;
		int fi = -1;
		if (s->kind != 1)
			return 0;
		for (int o = 0; o < c->nopnd && !args; o++)
			if (fi < 0 && (c->opnd[o].kind == OK_SYM || c->opnd[o].kind == OK_REG))
				fi = o;
			else if (fi >= 0 && c->opnd[o].kind == OK_LIST)
				args = &c->opnd[o];
		if (!args)
			return 0;
		int a = callarg(g, s->ci, args, i);
		if (a < 0 || a != callarg(g, s->ci, args, j))
			return 0;
		n++;
	}
	return n > 0;
}

/* The value of the first ld.param of type ty of the first parameter
 * before j that every call passes the same register as j (sameargs),
 * else -1.  pm->parld holds, for each parameter below PARMAX, the first
 * load of it of each type, and pm->parsame what sameargs answered, made
 * as f's loading begins (interp_fold_begin); elsewhere -1. */
static int
parroot(const ptx_module *pm, const Func *f, int j, int ty)
{
	if (pm->parfn != f || j >= PARMAX)
		return -1;
	for (int i = 0; i < j; i++) {
		if (pm->parsame[i][j] != 1)
			continue;
		for (int q = pm->paroff[i]; q < pm->paroff[i + 1]; q++)
			if (f->ins[pm->parld[q]]->ty[0] == ty)
				return f->ins[pm->parld[q]]->def[0];
	}
	return -1;
}

/* pm->parld, paroff and parsame for f (parroot): PTX_OK or PTX_ENOMEM */
static int
parindex(ptx_module *pm, const Func *f)
{
	int n = 0, np = f->npar < PARMAX ? f->npar : PARMAX;

	interp_free(pm->cx, pm->parld);
	pm->parld = NULL;
	pm->parfn = NULL;
	if (f->entry)
		return PTX_OK;
	/* at most one load per parameter and type */
	for (int pass = 0; pass < 2; pass++) {
		n = 0;
		for (int i = 0; i < np; i++) {
			if (pass)
				pm->paroff[i] = n;
			for (int k = 0; k < f->nins; k++) {
				const Ins *d = f->ins[k];
				int seen = 0;
				if (parload(f, d) != i)
					continue;
				for (int q = pass ? pm->paroff[i] : 0; pass && q < n && !seen; q++)
					seen = f->ins[pm->parld[q]]->ty[0] == d->ty[0];
				if (pass && !seen)
					pm->parld[n] = k;
				n += !pass || !seen;
			}
		}
		if (!pass && !(pm->parld = interp_alloc(pm->cx, ((size_t)n + 1) * sizeof *pm->parld)))
			return PTX_ENOMEM;
	}
	for (int i = np; i <= PARMAX; i++)
		pm->paroff[i] = n;
	for (int i = 0; i < PARMAX; i++)
		for (int j = 0; j < PARMAX; j++)
			pm->parsame[i][j] = i < j && j < np && pm->paroff[i] < pm->paroff[i + 1] && sameargs(pm, f, i, j);
	pm->parfn = f;
	return PTX_OK;
}

/* For an or, xor or add of integers (no carry, no .sat) of a 0 ptxas
 * knows and a register: the register's value, which ptxas takes for the
 * result (v6 seed 46620: max.f32 of x and (x ^ x) | x is x, a NaN's
 * payload kept; sm_90 SASS: the callee only returns).  Else -1. */
static int
zeroside(const Func *f, const Ins *d)
{
	if ((d->op != OP_OR && d->op != OP_XOR && d->op != OP_ADD) || d->guard || d->nopnd != 3 || d->nty != 1 ||
	    d->ndst != 1 || !(isint(d->ty[0]) || ir_tyinfo[d->ty[0]].kind == TK_BIT) || ir_hasmod(d, MOD_CC) ||
	    ir_hasmod(d, MOD_SAT))
		return -1;
	for (int i = 1; i <= 2; i++)
		if (srcval(d, 3 - i) >= 0 && interp_fold_knownzero(f, d, i))
			return srcval(d, 3 - i);
	return -1;
}

/* For an and.b32 (or .u32, .s32) of all ones ptxas knows (kconst: a
 * compare of a value with itself it decides true, set.ge.s32.s64 x, x or
 * set.equ.u32.f32 x, x) and a register: the register's value, which
 * ptxas takes for the result (sm_90 SASS: min.f32 of x and such an and
 * of x is x stored, no FMNMX; v15 xmix 331209, 332461, 207860, 101774,
 * 333999: x's NaN payload kept on an H200).  Else -1. */
static int
onesside(const Func *f, const Ins *d)
{
	uint64_t c;

	if (d->op != OP_AND || d->guard || d->nopnd != 3 || d->nty != 1 || d->ndst != 1 ||
	    (d->ty[0] != TY_B32 && d->ty[0] != TY_U32 && d->ty[0] != TY_S32))
		return -1;
	for (int i = 1; i <= 2; i++)
		if (srcval(d, 3 - i) >= 0 && srcval(d, i) >= 0 && interp_fold_kconst(f, srcval(d, i), &c) &&
		    (uint32_t)c == 0xFFFFFFFFu)
			return srcval(d, 3 - i);
	return -1;
}

/* Is d a neg of a neg of one value (*x), both unguarded, of one float
 * type and without .ftz (which flushes a subnormal x)? */
static int
negneg(const Func *f, const Ins *d, int *x)
{
	int w, u;
	const Ins *e;

	if (d->guard || d->op != OP_NEG || d->nopnd != 2 || ir_tyinfo[d->ty[0]].kind != TK_FLOAT ||
	    ir_hasmod(d, MOD_FTZ) || (u = srcval(d, 1)) < 0 || !(e = defof(f, u, &w)))
		return 0;
	if (e->guard || e->op != OP_NEG || e->nopnd != 2 || e->ty[0] != d->ty[0] || ir_hasmod(e, MOD_FTZ) ||
	    (u = srcval(e, 1)) < 0)
		return 0;
	*x = u;
	return 1;
}

/* The value that v copies to ptxas: through selp and slct choosing
 * between one value and itself, a min or max of a value with itself
 * that foldid makes a copy (seeds 37679, 42136, 60525, 73172), and an
 * integer min, max, and or or of one (v2 seed 6905: max.f32 x, max.u32
 * x, x is x), the two operands copies of one themselves (v3 seed 17865:
 * min.s32 x, max.f32 x, x is x); an ld.param of a parameter that every
 * call fills from the register it fills an earlier one from (sameargs) is
 * the ld.param of that one; an or, xor or add of a known 0 and a value
 * is that value (zeroside), and so is an and of known all ones and one
 * (onesside); so is a cvt between integers of one width of 16 bits or
 * more. */
static int
copyroot(const ptx_module *pm, const Func *f, int v, int depth)
{
	for (int n = 0; n < 8 && v >= 0; n++) {
		int w = v, u, j;
		/* past instructions under a guard ptxas knows false too (v15
		 * xmix 687934: min.f32 of x and x with an @p add.f32 into it
		 * between, p a setp.gt.f64 of y and y, is x, a NaN's payload
		 * kept on an H100) */
		const Ins *d = interp_fold_livedef(f, v, &w);
		if (d)
			v = w;   /* the value movs and unpacks carry */
		if (d && (u = zeroside(f, d)) >= 0) {
			v = u;
			continue;
		}
		if (d && (u = onesside(f, d)) >= 0) {
			v = u;
			continue;
		}
		/* a cvt between integers of one width, no .sat: a copy (v3
		 * seed 28544: max.f32 of x and cvt.u32.u32 x is x); not of 8
		 * bits, which extends the byte (v8 seed 94775: cvt.s8.s8),
		 * nor into or from a wider register, which extends the low
		 * half (v1 seed 484288: min.f32 of x and cvt.u16.u16 of x into
		 * a .b32 is the FMNMX of x and its zero-extended low half) */
		if (d && !d->guard && d->op == OP_CVT && d->nty == 2 && d->nopnd == 2 && isint(d->ty[0]) &&
		    isint(d->ty[1]) && ir_tyinfo[d->ty[0]].bits == ir_tyinfo[d->ty[1]].bits &&
		    ir_tyinfo[d->ty[0]].bits >= 16 && !ir_hasmod(d, MOD_SAT) &&
		    (u = srcval(d, 1)) >= 0 && regbits(f, u) == ir_tyinfo[d->ty[0]].bits &&
		    regbits(f, w) == ir_tyinfo[d->ty[0]].bits) {
			v = u;
			continue;
		}
		/* a neg of a neg of x, of one float type and neither .ftz:
		 * ptxas cancels the two, x itself (v1 seed 223521: min.f64 x,
		 * neg.f64 neg.f64 x is x, a signalling NaN unquieted on an
		 * H200; sm_90 SASS of min.f32 so: x's register stored) */
		if (d && negneg(f, d, &u)) {
			v = u;
			continue;
		}
		/* a mul.f64 by 1.0 without a rounding modifier: ptxas drops
		 * the DMUL (foldid), a signalling NaN unquieted (v1 seed 5076:
		 * max.f64 of x and x * 1.0 is x) */
		if (d && !d->guard && d->op == OP_MUL && d->ty[0] == TY_F64 && d->nopnd == 3 && !ir_hasmod(d, MOD_RN) &&
		    !ir_hasmod(d, MOD_RZ) && !ir_hasmod(d, MOD_RM) && !ir_hasmod(d, MOD_RP)) {
			int k = d->opnd[2].kind == OK_FIMM && d->opnd[2].flkind != FL_F32HEX &&
			    d->opnd[2].fbits == 0x3FF0000000000000ull ? 1 :
			    d->opnd[1].kind == OK_FIMM && d->opnd[1].flkind != FL_F32HEX &&
			    d->opnd[1].fbits == 0x3FF0000000000000ull ? 2 : 0;
			if (k && (u = srcval(d, k)) >= 0) {
				v = u;
				continue;
			}
		}
		if (d && pm && !f->entry && (j = parload(f, d)) > 0) {
			int r = parroot(pm, f, j, d->ty[0]);
			if (r >= 0)
				v = r;
			break;
		}
		if (!d || d->guard || (u = srcval(d, 1)) < 0 || srcval(d, 2) < 0)
			break;
		if (u != srcval(d, 2) && (depth > 2 || (u = copyroot(pm, f, u, depth + 1)) !=
		    copyroot(pm, f, srcval(d, 2), depth + 1)))
			break;
		if (!((d->op == OP_SELP || d->op == OP_SLCT) && d->nopnd == 4) &&
		    !((d->op == OP_MIN || d->op == OP_MAX) && d->nopnd == 3 &&
		      (d->ty[0] == TY_F32 || d->ty[0] == TY_F16 || d->ty[0] == TY_F64) && !ir_hasmod(d, MOD_FTZ) &&
		      !ir_hasmod(d, MOD_NAN_PROP) && !ir_hasmod(d, MOD_XORSIGN) && !ir_hasmod(d, MOD_RELU)) &&
		    !((d->op == OP_MIN || d->op == OP_MAX || d->op == OP_AND || d->op == OP_OR) && d->nopnd == 3 &&
		      (isint(d->ty[0]) || ir_tyinfo[d->ty[0]].kind == TK_BIT) && d->nty == 1))
			break;
		v = u;
	}
	return v;
}

/* The operand a selp whose predicate ptxas decides picks, for a min or
 * max of it (foldid), else v (v1 seed 406145: min.f64 of x and a selp.f64
 * of x and a constant by setp.leu.f64 y, y is x, an f64 signalling NaN
 * unquieted on an H200; sm_90 SASS: x stored, no DSETP).  Not for
 * copyroot's other readers: cvt.f32.bf16 of the high half of such a
 * selp of a mov'd NaN pair widens the NaN (v15 seed 364874).  A slct
 * whose c it knows alike (v15 immx 121203: min.f16 of x and
 * slct.ftz.b16.f32 x, y, 0f0000FFFF is x, a NaN's payload kept, on an
 * H200). */
static int
knownpick(const Func *f, int v)
{
	int w, j, u;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (d && !d->guard && (d->op == OP_SELP || d->op == OP_SLCT) && d->nopnd == 4 &&
	    (j = interp_fold_selknown(f, d)) >= 1 && j <= 2 && (u = srcval(d, j)) >= 0)
		return u;
	return v;
}

/* The value a min or max of v reads to ptxas (foldid): copyroot of
 * knownpick's, and of the selp it decides under an and with all ones
 * (onesside) too (v15 xmix 333999: min.f32 of x and an and of
 * set.ge.s32.s64 y, y with a selp of x by setp.ne of that set is x).
 * Not of a selp it decides under another (v15 xmix 322499: max.f64 of x
 * and a selp by setp.geu.f32 y, y of a selp of x by setp.hs.u16 z, z is
 * no copy of x on an H200). */
static int
pickroot(const ptx_module *pm, const Func *f, int v)
{
	int w, u;
	const Ins *d;

	v = knownpick(f, v);
	if ((d = v >= 0 ? defof(f, v, &w) : NULL) && (u = onesside(f, d)) >= 0)
		v = knownpick(f, u);
	return copyroot(pm, f, v, 0);
}

int
interp_fold_copyroot(const ptx_module *pm, const Func *f, int v)
{
	return copyroot(pm, f, v, 0);
}

/* min/max of f32, f16 or f64 with both operands one value, or copies of
 * one (copyroot; an f64 signalling NaN comes back unquieted), and mul.f32
 * or mul.f64 by 1.0 (no rounding modifier): ptxas leaves the value (with
 * .ftz an FADD.FTZ of -0; mul.sat an FADD.SAT of +0; no DMUL, so an f64
 * signalling NaN stays signalling: v13 seed 2563 loopx, whose SASS
 * stores the loaded register, and twelve records of versions 1-12 listed
 * for such a mul until then; tests/regress/fold-mul-f64-by-one.ptx);
 * bf16, f16x2, .NaN and .xorsign keep their min/max. */
/* Is d an integer instruction with .sat and a 32-bit result: add.sat and
 * sub.sat.s32, mad.hi.sat and mad24.hi.sat.s32, cvt.sat between integers
 * to s32 or u32?  (cvt.rzi.sat of a float and a 16-bit cvt.sat widened
 * are not: their min and max stay; sm_90 SASS.) */
static int
intsat32(const Ins *d)
{
	if (d->guard || !ir_hasmod(d, MOD_SAT))
		return 0;
	switch (d->op) {
	case OP_ADD: case OP_SUB:
		return d->ty[0] == TY_S32;
	case OP_MAD: case OP_MAD24:
		return d->ty[0] == TY_S32 && ir_hasmod(d, MOD_HI);
	/* vmad.sat of any types (sm_90 SASS: a bare F2F of vmad.s32.u32.s32
	 * .sat.shr7, .u32.u32.u32.sat and .s32.s32.s32.sat; v15 immx 565934,
	 * the vmad's value converted unsaturated on an H100); vadd, vsub,
	 * vabsdiff, vmin, vmax, vshl and vshr .sat keep the float's */
	case OP_VMAD:
		return 1;
	case OP_CVT:
		return d->nty == 2 && (d->ty[0] == TY_S32 || d->ty[0] == TY_U32) &&
		       (ir_tyinfo[d->ty[1]].kind == TK_SINT || ir_tyinfo[d->ty[1]].kind == TK_UINT);
	}
	return 0;
}

/* Is v, the result of d, an integer .sat result (intsat32) that ptxas
 * folds, the cvt.sat of it then saturating the constant?  One of
 * immediates or values it knows: add.sat, sub.sat, mad24.hi.sat and
 * cvt.sat (sm_90 SASS: cvt.sat.f64.f32, cvt.sat.f32.f32 and
 * cvt.rn.sat.f16.f32 of add.sat.s32 0x477ff000, 59 are 1.0; v15 immx
 * 578758 on an H100; tests/regress/cvt-sat-intsat-known.ptx), but not
 * mad.hi.sat or vmad.sat, which it computes at run time in the uniform
 * datapath, the cvt's .sat dropped (UIMAD.WIDE; v15 immx 115576:
 * cvt.sat.f32.f32 of mad.hi.sat.s32 256, 0x3f, 0x7e00fe01 was 0x7e00fe01
 * on an H200). */
static int
satfolded(const Func *f, const Ins *d, int v)
{
	uint64_t c;

	return d->op != OP_MAD && d->op != OP_VMAD && interp_fold_kconst(f, v, &c);
}

/* min.f32 of an integer .sat result x (intsat32) and an immediate of at
 * least 1.0, or max.f32 of one and an immediate of at most 0: ptxas takes
 * the integer .sat for the float one, x for a value in [0, 1], and leaves
 * x (no .ftz: the register itself) or FADD.FTZ.SAT of +0 and x (.ftz: x
 * clamped to [0, 1], a NaN 0); sm_90 SASS of v4 seeds 1870, 4468, 11074
 * and 11776 (mad24.hi), 18623 and 34148 (sub.sat), 30473 and 37157
 * (mad.hi) and v5 seed 15847 (add.sat), whose H200 results these are. */
static int
foldsat24(const Func *f, XIns *xi, const Ins *in)
{
	for (int i = 0; i < 2; i++) {
		int v = srcval(in, 2 - i), w;
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
		uint32_t c = (uint32_t)xi->s[i].imm;
		if (xi->s[i].k != XO_IMM || xi->s[1 - i].k != XO_REG || !d || !intsat32(d) ||
		    (c & 0x7fffffffu) > 0x7f800000u)
			continue;
		if (in->op == OP_MIN ? (c >> 31) || c < 0x3f800000u : !(c >> 31) && c != 0)
			continue;
		if (!ir_hasmod(in, MOD_FTZ)) {
			copyof(xi, 1 - i, 0);
			return 1;
		}
		XOp z = { .k = XO_IMM }, x = xi->s[1 - i];
		xi->s[0] = z;
		xi->s[1] = x;
		xi->alu.op = OP_ADD;
		xi->alu.flags = ALU_SAT | ALU_FTZ;
		xi->alu.rnd = ALU_RN;
		return 1;
	}
	return 0;
}

/* Are values a and b one integer computation written twice: two
 * unguarded instructions of one opcode, types and modifiers (no carry)
 * whose sources read the same values or immediates?  ptxas computes it
 * once, and a min or max of the two is of one value (v6 seed 21086: a
 * max.f32 of two add.u32 of a callee's parameters, its NaN payload kept;
 * an H200 so for add, mul.lo and xor), the two sources of an add, mul or
 * mad in either order. */
static int
samecalc(const Func *f, int a, int b)
{
	int wa, wb;
	const Ins *x = a >= 0 ? defof(f, a, &wa) : NULL, *y = b >= 0 ? defof(f, b, &wb) : NULL;

	if (!x || !y || x->guard || y->guard || x->op != y->op || x->ndst != 1 || y->ndst != 1 || x->ndef != 1 ||
	    y->ndef != 1 || x->nopnd != y->nopnd || x->nty != y->nty || x->nty < 1 || x->nmod != y->nmod ||
	    ir_hasmod(x, MOD_CC))
		return 0;
	switch (x->op) {
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_MAD: case OP_AND: case OP_OR: case OP_XOR: case OP_NOT:
	case OP_CNOT: case OP_SHL: case OP_SHR: case OP_NEG: case OP_ABS: case OP_POPC: case OP_CLZ: case OP_BREV:
	case OP_MIN: case OP_MAX:   /* integer ones (v6 seed 116190: one VIMNMX for two max.u32) */
		break;
	default:
		return 0;
	}
	for (int i = 0; i < x->nty; i++)
		if (x->ty[i] != y->ty[i] || ir_tyinfo[x->ty[i]].kind == TK_FLOAT)
			return 0;
	for (int i = 0; i < x->nmod; i++)
		if (x->mod[i] != y->mod[i])
			return 0;
	/* the terms of add, min and max and the factors of mul and mad in either order (v6
	 * seed 55678: max.f32 of add.u32 a, b and add.u32 b, a is the sum, a
	 * NaN's payload kept; sm_90 SASS: one IADD or IMAD, no FMNMX); not of
	 * and, or and xor, whose two LOP3s stay, and the FMNMX */
	int sw = (x->op == OP_ADD || x->op == OP_MUL || x->op == OP_MAD || x->op == OP_MIN || x->op == OP_MAX) &&
		 x->nopnd >= 3 && same(x, 1, y, 2) &&
		 same(x, 2, y, 1);
	for (int i = x->ndst; i < x->nopnd; i++)
		if (!same(x, sw && i <= 2 ? 3 - i : i, y, i))
			return 0;
	return 1;
}

/* Is d a set.ls, hs, lo or hi of a value with itself that ptxas does not
 * know, which it leaves to its ISETP (kconst takes it for its constant)? */
static int
usetself(const Func *f, const Ins *d)
{
	int u = d->op == OP_SET && d->nopnd == 3 ? srcval(d, 1) : -1;
	uint64_t c;

	return u >= 0 && u == srcval(d, 2) && (ir_hasmod(d, MOD_HS) || ir_hasmod(d, MOD_LS) ||
	    ir_hasmod(d, MOD_LO) || ir_hasmod(d, MOD_HI)) && !interp_fold_kconst(f, u, &c) &&
	    !interp_fold_kconst64(f, u, &c);
}

/* Is source o of mul.f32 in the 1.0 of an f32 set ptxas knows true (an
 * integer compare of a value with itself, equ, leu or geu of a float:
 * kconst)?  The mul by it is then no FMUL either, whatever the other
 * factor, an immediate included: a NaN keeps its payload (v14 xmix seeds
 * 1778, 5548: mul.f32 of set.eq.f32.s16 x, x and of set.equ.f32.f32 x, x
 * by a NaN gave 0x7fc00000 and 0xffc12345 on an H200, not 0x7fffffff).
 * Not the unsigned set.ls, hs, lo, hi of a value x with itself where
 * ptxas does not know x, which it leaves to an ISETP, a SEL and an I2F:
 * the FMUL by its 1.0 stays and a NaN factor becomes the canonical one
 * (sm_90 SASS: FMUL R, R', +QNAN for set.ls.f32.u16 x, x times
 * 0f7FC00001, but a MOV of 0x7fc00001 where x is a mov.u32 of 5; v15
 * xmix 298962, 396591, 244675, 91643, 342812 gave 0x7fffffff on an H200,
 * v15 xmix 129741 of set.hs.f32.u64 x, x times set.eq.s32.s16's -1
 * too). */
static int
setone(const Func *f, const Ins *in, int o)
{
	int v = srcval(in, o), w;
	uint64_t c;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	return in->op == OP_MUL && in->ty[0] == TY_F32 && in->nopnd == 3 && d && d->op == OP_SET && !d->guard &&
	    d->ty[0] == TY_F32 && interp_fold_kconst(f, v, &c) && c == 0x3F800000u && !usetself(f, d);
}

/* Is source o of mul.f32 in a 1.0 that integer instructions of constants
 * compute (kconst, no packed half instruction, the last an integer one)?
 * ptxas drops the FMUL as for a set's 1.0, the other factor a register: a
 * NaN keeps its payload (v14 xmix 25060: x * (bfe.u32 y, 35, 28 +
 * 0x3f800000), 10610: x * (and of mov.b32 0fBF800000 with 0x7f800000)
 * gave 0xffffffff for a NaN x on an H200, not the FMUL's 0x7fffffff).  Not
 * where the other factor is a mov of an immediate: ptxas folds the pair,
 * a NaN to the canonical one (19332: a mov.u32 037777777777), nor of a
 * 1.0 a float instruction gives (30797: rcp.rn.f32 of a known 1.0, an
 * FMUL at run time; 9373: max.NaN.f32 of a mov'd 1.0).  A mov.f32 of
 * 1.0 is one (981, 22550: x * mov.f32 0f3F800000 kept x's NaN). */
static int
intone(const Func *f, const Ins *in, int o)
{
	int v = srcval(in, o), u = srcval(in, 3 - o), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL, *e = u >= 0 ? defof(f, u, &w) : NULL;
	uint64_t c;

	return in->op == OP_MUL && in->ty[0] == TY_F32 && in->nopnd == 3 && d && d->nty >= 1 &&
	    (d->op == OP_MOV || ir_tyinfo[d->ty[0]].kind != TK_FLOAT) && !(e && e->op == OP_MOV && !e->guard && e->nopnd == 2 &&
	    (e->opnd[1].kind == OK_IMM || e->opnd[1].kind == OK_FIMM)) &&
	    interp_fold_kconstint(f, v, &c) && c == 0x3F800000u;
}

/* Is source o of mul.f64 in a 1.0 that integer instructions of constants
 * give, each word folded (interp_fold_dconstdeep: the chain below is
 * seven definitions long)?  As for intone, there is
 * no DMUL and the other factor comes back as it is, a signalling NaN
 * unquieted, even where it is a mov'd NaN: ptxas folds no f64 product of
 * a NaN (sm_90 SASS: the UMOVs of 0xfff4000000000abc stored for mul.f64
 * of and.b64 x, x of xor.b64 of shl.b64 by 52 of add.s64 of a mov.u64
 * 0x3fe0000000000000 and 1023, and a mov.f64 of that NaN; v14 xmix 1654
 * on an H100).  Not where the other factor is an immediate: DMUL R(N),
 * UR(1.0) for mul.f64 0dFFF4000000000ABC by shl.b64 of add.s64 of a
 * mov.u64 and 1023, the NaN quieted (v15 xmix 323732). */
static int
intone64(const Func *f, const Ins *in, int o)
{
	int v = srcval(in, o), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	uint64_t c;

	return in->op == OP_MUL && in->ty[0] == TY_F64 && in->nopnd == 3 && in->opnd[3 - o].kind == OK_REG && d &&
	    d->nty >= 1 && d->op != OP_MOV && ir_tyinfo[d->ty[0]].kind != TK_FLOAT && interp_fold_dconstdeep(f, v, &c) &&
	    c == 0x3FF0000000000000ull;
}

/* Is source o of mul.f64 an unguarded mov of the immediate 1.0 (mov.f64
 * 0d3FF0000000000000, or the integer 0x3ff0000000000000 by mov.b64 or
 * .u64) and the other a register ptxas does not know?  Then there is no
 * DMUL and the other factor comes back as it is, a signalling NaN
 * unquieted, as for the immediate (sm_90 SASS: the loaded register
 * stored; v15 xmix 717329, mul.f64 of a selp of x with itself by
 * mov.b64 0d3FF0000000000000, 0x7ff0000000000001 on an H100).  Of a
 * constant it knows ptxas keeps the DMUL or folds the product, by what
 * else reads the 1.0: not modelled, the DMUL kept. */
static int
movone64(const ptx_module *pm, const Func *f, const Ins *in, int o)
{
	int u;
	uint64_t c;

	return in->op == OP_MUL && in->ty[0] == TY_F64 && in->nopnd == 3 && in->opnd[o].kind == OK_REG &&
	    in->opnd[3 - o].kind == OK_REG && (u = srcval(in, 3 - o)) >= 0 && fimmof(f, in, o, &c) &&
	    c == 0x3FF0000000000000ull && !interp_fold_kconst64(f, interp_fold_copyroot(pm, f, u), &c);
}

/* Is source o of mul.f32 in a 1.0 that a float instruction of constants
 * gives, one whose value ptxas computes as it compiles (foldmufu.c
 * f32val: f32 arithmetic, .approx instructions, div.full, cvts between
 * floats, min, max, abs, neg, selp)?  Then, as for intone's 1.0, there is
 * no FMUL and the other factor comes back as it is, a NaN's payload kept
 * (sm_90 SASS: x * ex2.approx.ftz of 2.5e-39 or of -2.9248e-08,
 * cos.approx of 2.5e-39, mul.sat.f32 -422.5, -60.0, cvt.sat.f32.f32
 * 0f43234000, rcp.approx of 1.0 store the load of x itself; v15 immx
 * 46858, 56336, 53083, 58668 on an H200; 53083 with a sqrt.rp.f64 and a
 * match.any between), where rcp.rn, sqrt.rn, tanh, fma, copysign and
 * max.NaN of such constants stay to run, an FMUL by 1.0 that gives the
 * canonical NaN; a cos.approx of a huge argument is no 1.0 (17609,
 * 30231, 34111).  Not a mov, intone's, nor where the other factor is a
 * mov of an immediate, as for intone. */
static int
fltone(ptx_module *pm, const Func *f, const Ins *in, int o)
{
	int v = srcval(in, o), u = srcval(in, 3 - o), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL, *e = u >= 0 ? defof(f, u, &w) : NULL;
	uint32_t c;

	return in->op == OP_MUL && in->ty[0] == TY_F32 && in->nopnd == 3 && d && d->op != OP_MOV && d->nty >= 1 &&
	    d->ty[0] == TY_F32 && !(e && e->op == OP_MOV && !e->guard && e->nopnd == 2 &&
	    (e->opnd[1].kind == OK_IMM || e->opnd[1].kind == OK_FIMM)) && interp_fold_f32val(pm, f, v, &c) &&
	    c == 0x3F800000u;
}

/* The one-word value of instruction d of the known sources src[0..n-1],
 * as the interpreter computes it, in *r; 0 where d is not such an
 * instruction of n sources (a carry, a negated source, two results). */
int
interp_fold_kexec(const Ins *d, int n, const uint64_t *src, uint64_t *r)
{
	AluOp op;
	const char *why;
	uint64_t s[4] = { 0, 0, 0, 0 }, dst[2] = { 0, 0 };
	uint32_t cc = 0;

	if (n < 1 || n > 4 || alu_decode(d, &op, &why) != 0 || op.ndst != 1 || op.nwords != 1 || op.negsrc ||
	    (op.flags & (ALU_CCIN | ALU_CCOUT)) || op.nsrc != n)
		return 0;
	memcpy(s, src, (size_t)n * sizeof *s);
	alu_exec(&op, s, dst, &cc);
	*r = dst[0];
	return 1;
}

static void kbits16(ptx_module *pm, const Func *f, int v, int depth, uint32_t *km, uint32_t *kv);

/* Is source o of a half mul a 16-bit value ptxas knows (an immediate, a
 * mov of one, integer instructions of such values, or one whose bits
 * and, or and shifts fix: kbits16), *c its bits? */
static int
half16k(ptx_module *pm, const Func *f, const Ins *in, int o, uint64_t *c)
{
	int64_t k;
	uint32_t km, kv;

	if (immof(f, in, o, &k))
		return *c = (uint64_t)k & 0xFFFFu, 1;
	if (in->opnd[o].kind != OK_REG)
		return 0;
	kbits16(pm, f, srcval(in, o), 0, &km, &kv);
	return km == 0xFFFFu && (*c = kv, 1);
}

/* Are the sources of min.f16 or max.f16 in two registers 16-bit values
 * ptxas knows to be the same bits (k16)?  It folds the min or max of a
 * constant with itself to that constant, a NaN's payload kept, as of one
 * register twice (v15 xmix 359951: max.f16 of mov.b16 0x7d01 and its xor
 * with its shr.s16 by 15; 345663: min.f16 of it and a max.u16 of it and
 * it less 0x400; 0x7d01 on an H200, where HMNMX2 gives 0x7fff). */
static int
samek16(ptx_module *pm, const Func *f, const Ins *in)
{
	uint64_t x, y;

	return in->ty[0] == TY_F16 && in->nopnd == 3 && in->opnd[1].kind == OK_REG && in->opnd[2].kind == OK_REG &&
	       k16(pm, f, srcval(in, 1), 0, &x) && k16(pm, f, srcval(in, 2), 0, &y) && x == y;
}

/* Are the operands of min.f64 or max.f64 in (a and b pickroot's values)
 * two 64-bit constants ptxas holds with the same bits?  It shares the two
 * movs' register and drops the DMNMX as for x with x, a signalling NaN
 * unquieted (sm_90 SASS: the UMOV'd pair stored for max.f64 of two
 * mov.f64 0d7FF0000000000001; v14 xmix 57765, 0x7ff0000000000001 on an
 * H100); of two equal immediates too (v15 immx 8264, 11333, 66781). */
static int
samek64(const Func *f, const Ins *in, int a, int b)
{
	uint64_t x, y;

	return in->ty[0] == TY_F64 && in->nopnd == 3 && f64opk(f, in, 1, a, &x) && f64opk(f, in, 2, b, &y) && x == y;
}

static int
foldid(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	int ftz = ir_hasmod(in, MOD_FTZ), v;

	if ((in->op == OP_MIN || in->op == OP_MAX) && in->ty[0] == TY_F32 && !ir_hasmod(in, MOD_NAN_PROP) &&
	    !ir_hasmod(in, MOD_XORSIGN) && !ir_hasmod(in, MOD_RELU) && foldsat24(f, xi, in))
		return 0;
	if (in->op == OP_MIN || in->op == OP_MAX) {
		if ((in->ty[0] != TY_F32 && in->ty[0] != TY_F16 && in->ty[0] != TY_F64) || ir_hasmod(in, MOD_NAN_PROP) ||
		    ir_hasmod(in, MOD_XORSIGN) || ir_hasmod(in, MOD_RELU))
			return 0;
		if ((v = srcval(in, 1)) < 0 || srcval(in, 2) < 0) {
			if (!samek64(f, in, pickroot(pm, f, v), pickroot(pm, f, srcval(in, 2))))
				return 0;
			copyof(xi, 0, ftz);
			return 0;
		}
		int a = pickroot(pm, f, v), b = pickroot(pm, f, srcval(in, 2));
		if (a != b && !samecalc(f, a, b) && !samek16(pm, f, in) && !samek64(f, in, a, b))
			return 0;
		copyof(xi, 0, ftz);
		return 0;
	}
	/* mul.f16 and mul.bf16 by a 1.0 of their format (a mov.b16 ptxas
	 * knows) likewise: no HMUL2, the register itself, a NaN's payload
	 * kept (sm_90 SASS; v13 dag seeds 1277, 1387, 1573, 1456 on an H200,
	 * tests/regress/mul-half-by-one-keeps-nan.ptx); mul.rn keeps the HMUL2;
	 * .ftz is an HADD2.FTZ of -0 as for f32 (.sat stays the HMUL2 here);
	 * f16x2 and bf16x2 keep the HMUL2.  The 1.0 may be any value ptxas
	 * computes from immediates by 16-bit integer instructions (half16k:
	 * v14 xmix seeds 9621, 22832, 23329, 17575: mul.bf16 by an add.u16 of
	 * 16256 to a known 0, mul.f16 by a shl.b16 of 15 by 10, of a value
	 * made of 0x7c00 by and, or; an H200 kept each NaN payload, each -0
	 * and denormal of the other factor).  mul.f64 by an immediate 1.0 is
	 * no DMUL either (v13 loopx seed 2563, fold-mul-f64-by-one.ptx) */
	int half = in->ty[0] == TY_F16 || in->ty[0] == TY_BF16;
	uint64_t one = half || in->ty[0] == TY_F32 || in->ty[0] == TY_F64 ? alu_fone(alu_fmt_of(in->ty[0])) : 0;
	if (!one || (xi->alu.flags & ALU_RNDSET) || (half && (xi->alu.flags & ALU_SAT)))
		return 0;
	for (int i = 0; i < 2; i++) {
		const XOp *o = &xi->s[i];
		uint64_t c;
		/* not of two values ptxas knows, whose product it folds to the
		 * canonical NaN (v13 seeds 2963, 4092) */
		if (!setone(f, in, 1 + i) && !intone64(f, in, 1 + i) && !movone64(pm, f, in, 1 + i) && (xi->s[1 - i].k == XO_IMM || (!intone(f, in, 1 + i) && !fltone(pm, f, in, 1 + i) && !((o->k == XO_IMM &&
		    (in->ty[0] == TY_F64 ? o->imm : (uint32_t)o->imm) == one) ||
		    (half && in->nopnd == 3 && half16k(pm, f, in, 1 + i, &c) && c == one &&
		     !half16k(pm, f, in, 2 - i, &c))))))
			continue;
		if (xi->alu.flags & ALU_SAT) {   /* FADD.SAT of +0 and x */
			XOp z = { .k = XO_IMM }, x = xi->s[1 - i];
			xi->s[0] = z;
			xi->s[1] = x;
			xi->alu.op = OP_ADD;
			xi->alu.flags = ALU_SAT | (ftz ? ALU_FTZ : 0);
			return 0;
		}
		copyof(xi, 1 - i, ftz);
		return 0;
	}
	return 0;
}


/* Source 1 of d as an immediate ptxas sees: the operand itself, or that
 * of an unguarded mov of one writing it; NULL otherwise. */
static const Opnd *
immsrc(const Func *f, const Ins *d)
{
	const Ins *e;
	int u, w;

	if (d->opnd[1].kind == OK_IMM || d->opnd[1].kind == OK_FIMM)
		return &d->opnd[1];
	if ((u = srcval(d, 1)) >= 0 && (e = defof(f, u, &w)) && e->op == OP_MOV && !e->guard && e->nopnd == 2 &&
	    (e->opnd[1].kind == OK_IMM || e->opnd[1].kind == OK_FIMM))
		return &e->opnd[1];
	return NULL;
}
/* fma.rn.bf16x2 and fma.rn.f16x2 (.ftz, .sat and .relu too) of one value
 * x twice, x * x + c, where ptxas holds a half of x as a negation: a half
 * of a mov.b32 {a, b} pack that is a neg.bf16 or neg.f16 result (not
 * .ftz: an HADD2.FTZ of its own, v1 seed 76128), a cvt to the half of a
 * negative f32 constant (a mov of one) or a mov.b16 of an immediate with
 * the sign bit set, unless the other half is one F2FP packs (besidef2fp);
 * or a -0 half of a mov.b32 immediate.  ptxas keeps the half's magnitude
 * in its register and negates one factor of that half's product alone
 * (sm_90 SASS: HFMA2.BF16 R, R, -R'.H0_NH1, c), so that half computes
 * -(x*x) + c: an H200 gives -2.25 + c for x = {-1.5, 1.5} in the low
 * half, -225 for {h, bf16(-15.0)} in the high one, -0 for {-0, 0.5} + -0,
 * f16x2 alike (tests/regress/fma-half2-self-neg-half.ptx; v13 dag seeds
 * 1850, 447, 149, 1942, 3215).  AluOp.imm bit 0 (low half), bit 1 (high
 * half), for alu_float.c. */
/* Is 32-bit value v a pair ptxas knows (*c its bits): what kconst
 * computes, float literals and b16 pairs taken (v15 xmix 335940: an or
 * of 0x80000000 with a popc of mov.f32 -1.0 less 1, {0x17, -0} under
 * .ftz, -0 + -0 in the high half on an H200; 51421, 159488, 186613,
 * 232733: xor and or of 0x80000000), or a cvt.u32 or .s32 of a 16-bit
 * integer k16 knows (v14 xmix 8118: cvt.u32.u16 of mov.b16 0100000 is
 * the MOV of 0x8000 it folds)? */
static int
pair32k(ptx_module *pm, const Func *f, int v, uint64_t *c)
{
	int w, u;
	const Ins *d;
	uint64_t h;

	if (interp_fold_kconstintlit(f, v, c))
		return 1;
	d = v >= 0 ? defof(f, v, &w) : NULL;
	if (!d || d->guard || d->op != OP_CVT || d->nty != 2 || d->nopnd != 2 || d->ndef != 1 ||
	    (d->ty[0] != TY_U32 && d->ty[0] != TY_S32) || (d->ty[1] != TY_U16 && d->ty[1] != TY_S16) ||
	    ir_hasmod(d, MOD_SAT) || (u = srcval(d, 1)) < 0 || !k16(pm, f, u, 0, &h))
		return 0;
	*c = d->ty[1] == TY_S16 && (h & 0x8000u) ? (h | 0xFFFF0000u) : h;
	return 1;
}

/* fma of x * x (or x * x + c) where x is a pair ptxas knows, one half -0:
 * ptxas holds the pair as its halves' magnitudes and gives that half's
 * -0 one negation, on one factor (sm_90 SASS of mov.b32 0x3c008000: PRMT
 * of 0x3c00 into the high half, HFMA2 R, R, R'.H0_NH1, c, .FTZ, .SAT and
 * BF16_V2 alike), so the half computes +0 * -0 + c: its product -0.
 * Not where the other half is negative and no NaN of the format: then
 * ptxas negates the whole register in both factors (HFMA2 -R, -R, c of
 * 0xbc008000, 0x80008000, 0xfc008000; bf16 0xfe008000), and the product
 * is the manual's; a nonzero negative half beside a positive one is an
 * immediate pair (HFMA2 R, R, 1, -1).  The bits of the halves to negate
 * (v14 xmix 8118, 11505: 0x00008000 and 0x80000000 made by integer
 * instructions give -0 + -0 in the -0 half on an H200; 12767: 0x8000bc00
 * of an xor gives +0; v13 dag 4853: an or of 0f80008000, +0). */
static int
negzero2(uint64_t c, int et)
{
	int m = 0;

	for (int i = 0; i < 2; i++) {
		uint32_t h = (uint32_t)(c >> 16 * i) & 0xFFFFu, o = (uint32_t)(c >> 16 * (1 - i)) & 0xFFFFu;
		int onan = (o & 0x7FFFu) > (et == TY_BF16 ? 0x7F80u : 0x7C00u);
		if (h == 0x8000u && (!(o & 0x8000u) || onan))
			m |= 1 << i;
	}
	return m;
}

/* The halves of pair c that are -0, as bits 0 and 1. */
static int
zero2(uint64_t c)
{
	return ((c & 0xFFFFu) == 0x8000u) | ((c >> 16 & 0xFFFFu) == 0x8000u) << 1;
}

/* cvt h (to f16 or bf16 from f32) of the f32 bits x, as the interpreter
 * computes it; ~0 where it cannot. */
static uint64_t
cvt16k(const Ins *h, uint64_t x)
{
	uint64_t src = x & 0xFFFFFFFFu, r;

	return interp_fold_kexec(h, 1, &src, &r) ? r & 0xFFFFu : ~0ull;
}

/* Is h, a half of a mov.b32 {a, b} pack, a conversion ptxas writes with
 * F2FP.PACK_AB (its two halves in one instruction, the pack made there):
 * a cvt.rz or cvt.rn.relu to the half type of an f32, a register or an
 * immediate, or a cvt.rn of a register (of an immediate ptxas folds it);
 * .ftz only to f16 (whose range an f32 subnormal is far below), no .sat
 * or .satfinite (sm_90 SASS: F2FP.BF16.F32.PACK_AB.RZ R, RZ, -41.625;
 * cvt.rm and .rp are F2F.BF16.F32.RM, .RP, of an immediate too;
 * cvt.rn.ftz.bf16 and cvt.rz.ftz.bf16 F2F.FTZ.BF16.F32; cvt.rn.sat.f16 an
 * F2FP and an HADD2.SAT) */
static int
f2fpack(ptx_module *pm, const Func *f, const Ins *h, int et, int bynz)
{
	const Opnd *ko;
	XOp o;

	if (h->op != OP_CVT || h->guard || h->nty != 2 || h->ty[0] != et || h->ty[1] != TY_F32 || h->nopnd != 2 ||
	    (et == TY_BF16 && ir_hasmod(h, MOD_FTZ)) || ir_hasmod(h, MOD_SATFINITE))
		return 0;
	/* (.sat to f16, an HADD2.SAT after the conversion, beside a -0 whose
	 * negation ptxas computes before it packs, the pair a real one: v14
	 * xmix 6381, {cvt.rz.ftz.sat of -0.0, cvt.rn.ftz of -0.0}, +0 + -0
	 * under .ftz is +0 on an H200; beside -15 the magnitude's pair) */
	if (ir_hasmod(h, MOD_SAT))
		return bynz && et == TY_F16;
	ko = immsrc(f, h);
	/* (cvt.rz of -0.0 is F2F.BF16.F32.RZ R, -RZ: v14 xmix 7905,
	 * {cvt.rn.ftz of -0.0, cvt.rz of it}, -0 + -0 in the low half is -0
	 * on an H200) */
	if (ir_hasmod(h, MOD_RZ))
		return !ko || interp_decode_op(pm, ko, TY_F32, &o) || o.k != XO_IMM || (uint32_t)o.imm != 0x80000000u;
	return ir_hasmod(h, MOD_RN) && (ir_hasmod(h, MOD_RELU) || (h->opnd[1].kind == OK_REG && !ko));
}

/* The halves of pack v (a mov.b32 {a, b}, unguarded) that f2fpack
 * takes, as bits 0 and 1. */
static int
f2fpacks(ptx_module *pm, const Func *f, int v, int et, int nz)
{
	int w, pk = 0;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (!d || d->op != OP_MOV || d->guard || d->nopnd != 2 || d->ndef != 1 || d->opnd[1].kind != OK_VEC ||
	    d->opnd[1].nsub != 2 || d->nuse != 2)
		return 0;
	for (int i = 0; i < 2; i++) {
		int u = d->use[i];
		const Ins *h = u >= 0 && u < f->nval && f->val[u].ins >= 0 ? f->ins[f->val[u].ins] : NULL;
		if (h && f2fpack(pm, f, h, et, nz >> (1 - i) & 1))
			pk |= 1 << i;
	}
	return pk;
}

/* Mask m of the halves of pack v ptxas holds negated, less those beside
 * a half f2fpack takes.  ptxas holds such a half (a neg, a cvt.rn of a
 * negative constant, a mov.b16 of one with the sign bit set) as its
 * magnitude and multiplies HFMA2 R, -R'.H0_NH1, c (R' the pair's halves
 * swapped), which is x * x only where R holds the pair itself.  Where
 * ptxas packs the magnitude by PRMT, R is the magnitude pair and the
 * half's product is negated; where the other half comes from an
 * F2FP.PACK_AB, the pack is made there with the half's value, R is it,
 * and the product is the manual's.  (sm_90 SASS of {K, O} and {O, K}, K
 * a cvt.rn of -15.0 or -0.0, a mov.b16 of -15, -inf or -0, a neg of a
 * loaded h, O a loaded half, a cvt of an f32 register of each rounding
 * and .ftz, .relu or .sat, a positive constant; read with HFMA2's
 * .H0_NH1 taking H0 to the high lane and -H1 to the low, as v14 xmix
 * 44288 and 38065 on an H200 say: {cvt.rn of x, cvt.rn of -199.5} is the
 * manual's, {cvt.rz.sat of x, cvt.rn of -110.5} negated in the high
 * half.  fma.rn .ftz, .sat and .relu alike.) */
static int
besidef2fp(ptx_module *pm, const Func *f, int v, int et, int m, int nz)
{
	int pk = f2fpacks(pm, f, v, et, nz);

	for (int i = 0; i < 2; i++)
		if (pk >> (1 - i) & 1)
			m &= ~(1 << i);
	return m;
}

/* Is 16-bit value u a half of a mov.b32 {lo, hi} unpack of an and.b32
 * (unguarded) with an immediate that clears every bit of that half: a
 * +0 ptxas knows by its bits, which it takes from the and's register
 * (v1 seed 194276: the high half of tid & 31)? */
static int
unpackzero(const Func *f, int u)
{
	int w, z, a;
	const Ins *d = u >= 0 ? defof(f, u, &w) : NULL, *e;

	if (!d || d->guard || d->op != OP_MOV || d->nopnd != 2 || d->opnd[0].kind != OK_VEC || d->opnd[0].nsub != 2 ||
	    d->ndef != 2 || ir_tyinfo[d->ty[0]].bits != 32 || (a = srcval(d, 1)) < 0 || !(e = defof(f, a, &z)) ||
	    e->guard || e->op != OP_AND || e->nopnd != 3 || e->opnd[2].kind != OK_IMM)
		return 0;
	return ((uint64_t)e->opnd[2].imm >> (w == d->def[1] ? 16 : 0) & 0xFFFFu) == 0;
}

/* Is h (a half of a pack) the result of a half-precision arithmetic
 * instruction of its own, one ptxas writes with HADD2, HMUL2 or HFMA2
 * (add, sub, mul, fma, min, max; unguarded)? */
static int
halfarith(const Ins *h, int et)
{
	return h && !h->guard && h->ty[0] == et &&
	       (h->op == OP_ADD || h->op == OP_SUB || h->op == OP_MUL || h->op == OP_FMA || h->op == OP_MIN ||
		h->op == OP_MAX);
}

/* The halves of m (negmask's, of a pack that is not two constants) whose
 * negation ptxas computes before it packs, so that the pack holds the
 * half's value and x * x is the manual's:
 *  - both halves: ptxas holds the pair as its magnitudes and negates the
 *    whole register in both factors (sm_90 SASS: HFMA2 -R.H0_H0,
 *    -R.H0_H0, c of {neg h, neg h}; HFMA2 -R, -R, c of {neg a, neg b},
 *    of {neg a, mov.b16 0x8000}, of {neg a, mov.b16 0xbc00}; .ftz, .sat
 *    and .relu alike; v15 dag 84462, 240293: {-h, -h} under .ftz.sat and
 *    .relu, the manual's on an H200);
 *  - a neg beside a +0 ptxas knows by its bits in a register
 *    (unpackzero): the neg is an HADD2 (HFMA2.BF16 -RZ, RZ, -R) and the
 *    pack a PRMT of it (v1 seed 194276, .relu.bf16x2);
 *  - a mov.b16 0x8000 beside a half an arithmetic instruction writes
 *    (halfarith): the -0 is an HADD2 -RZ, -RZ, packed by PRMT with that
 *    result (v15 xmix 306522: {fma.rn.sat.f16, -0} under .ftz, +0 + -0
 *    is +0 on an H200), where beside a loaded half it stays the magnitude
 *    (tests/regress/fma-half2-pack-beside-f2fp.ptx R3) and a -1 beside
 *    an add stays one too (HFMA2 R, -R'.H0_NH1, c). */
static int
negheld(const Func *f, const Ins *d, int m, int et)
{
	const Ins *h[2] = { NULL, NULL };

	if (m == 3)
		return 0;
	for (int i = 0; i < 2; i++) {
		int u = d->use[i];
		h[i] = u >= 0 && u < f->nval && f->val[u].ins >= 0 ? f->ins[f->val[u].ins] : NULL;
	}
	for (int i = 0; i < 2; i++) {
		const Ins *n = h[i], *o = h[1 - i];
		if (!(m >> i & 1) || !n)
			continue;
		if (n->op == OP_NEG && unpackzero(f, d->use[1 - i]))
			m &= ~(1 << i);
		else if (n->op == OP_MOV && n->opnd[1].kind == OK_IMM && ((uint64_t)n->opnd[1].imm & 0xFFFFu) == 0x8000u &&
			 halfarith(o, et))
			m &= ~(1 << i);
	}
	return m;
}

static int
negmask(ptx_module *pm, const Func *f, int v, int et, int same)
{
	int w, m = 0;
	const Ins *d;
	uint64_t c;
	XOp o;

	v = copyroot(pm, f, v, 0);
	if (v >= 0 && pair32k(pm, f, v, &c))
		return besidef2fp(pm, f, v, et, negzero2(c, et), zero2(c));
	d = v >= 0 ? defof(f, v, &w) : NULL;
	/* (a factor may be a selp of x, x of a mov.b32 immediate: v14 xmix
	 * 3384, x * x + x of mov.b32 0x3c008000 and a selp of it twice, -0
	 * in the low half on an H200; not of a pack, 6366: x * selp(x, x) +
	 * c of {h, cvt.rn.bf16.f32 of -2^31} is the manual's there; nor of a
	 * value integer instructions compute, kconst's: an or of 0f80008000
	 * with a bfe.s32 of length 0 gives +0, 4853) */
	if (!d || d->op != OP_MOV || d->guard || d->nopnd != 2 || d->ndef != 1)
		return 0;
	if (d->opnd[1].kind == OK_IMM) {
		if (interp_decode_op(pm, &d->opnd[1], TY_B32, &o) || o.k != XO_IMM)
			return 0;
		return negzero2(o.imm, et);
	}
	if (!same || d->opnd[1].kind != OK_VEC || d->opnd[1].nsub != 2 || d->nuse != 2)
		return 0;
	int known = 0;
	uint64_t kv[2] = { 0, 0 };
	for (int i = 0; i < 2; i++) {
		int u = d->use[i];
		const Ins *h = u >= 0 && u < f->nval && f->val[u].ins >= 0 ? f->ins[f->val[u].ins] : NULL;
		const Opnd *ko = NULL;
		if (!h || h->guard)
			continue;
		if (h->op == OP_CVT && h->nty == 2 && h->ty[0] == et && h->ty[1] == TY_F32 && h->nopnd == 2)
			ko = immsrc(f, h);
		/* (a neg of a neg is the value itself to ptxas, and a neg of a
		 * constant one it folds: v13 dag 12488, {-(-h), -(-h)} and 2718,
		 * {0x7c00, neg of it}, x * x + c the manual's on an H200) */
		if (h->op == OP_NEG && h->ty[0] == et && h->nopnd == 2 && !ir_hasmod(h, MOD_FTZ)) {
			int z, hs = srcval(h, 1);
			const Ins *g = hs >= 0 ? defof(f, hs, &z) : NULL;
			uint64_t hc;
			if (g && g->op == OP_NEG && g->ty[0] == et && !g->guard && !ir_hasmod(g, MOD_FTZ))
				continue;
			if (hs >= 0 && k16(pm, f, hs, 0, &hc)) {
				/* (negative, as a cvt.rn's below: v13 dag 13797,
				 * {-(0.5), h}, the low half negated on an H200) */
				known |= 1 << i;
				kv[i] = (hc & 0x7FFFu) > (et == TY_BF16 ? 0x7F80u : 0x7C00u) ? ~0ull : hc ^ 0x8000u;
				if (kv[i] <= 0xFFFFu && (kv[i] & 0x8000u))
					m |= 1 << i;
			} else
				m |= 1 << i;
		}
		/* a mov.b16 of an immediate whose sign bit is set, -0 and
		 * NaNs among them, ptxas holds as the negation of its
		 * magnitude too (v15 xmix 1358, 154193: {h, 0x8000}; v13 dag
		 * 10681: {h, 0xbf80}; v15 xmix 334421: {0xff80, h}) */
		else if (h->op == OP_MOV && h->nopnd == 2 && (h->opnd[1].kind == OK_IMM || h->opnd[1].kind == OK_FIMM)) {
			known |= 1 << i;
			if (!interp_decode_op(pm, &h->opnd[1], TY_B16, &o) && o.k == XO_IMM) {
				kv[i] = o.imm & 0xFFFFu;
				if (o.imm & 0x8000u)
					m |= 1 << i;
			} else
				kv[i] = ~0ull;
		}
		/* (a cvt.rn of an f32 register kconst knows is one of its
		 * constant too, which ptxas folds as k16 does: v15 xmix
		 * 116429, {cvt.rp.f16 of 0f477FF000, cvt.rn.f16 of a selp of a
		 * sub.f32 of immediates}, x * x + x is -(x * x) + x in the high
		 * half on an H200, and 282056 (of an add.ftz.f32), v14 xmix
		 * 27799 (the low half of a bf16 pair); sm_90 SASS: the half's
		 * magnitude packed by PRMT, HFMA2 R, -R'.H0_NH1, c); what
		 * kconstint knows, not a set.ls of a value with itself, which
		 * ptxas leaves to an ISETP (v15 xmix 82741: of an add.rn.f32 of
		 * one, the manual's on an H200) */
		else if (h->op == OP_CVT && h->nty == 2 && h->ty[0] == et && h->ty[1] == TY_F32 && h->nopnd == 2 &&
			 !ko && ir_hasmod(h, MOD_RN) && !ir_hasmod(h, MOD_RELU) && !ir_hasmod(h, MOD_SATFINITE) &&
			 srcval(h, 1) >= 0 && interp_fold_kconstint(f, srcval(h, 1), &o.imm)) {
			known |= 1 << i;
			kv[i] = cvt16k(h, o.imm);
			if ((o.imm & 0x80000000u) && (o.imm & 0x7FFFFFFFu) <= 0x7F800000u && !ir_hasmod(h, MOD_SAT))
				m |= 1 << i;
		} else if (ko && ir_hasmod(h, MOD_RN) && !ir_hasmod(h, MOD_RELU) && !ir_hasmod(h, MOD_SATFINITE) &&
			   !interp_decode_op(pm, ko, TY_F32, &o) && o.k == XO_IMM) {
			known |= 1 << i;
			kv[i] = cvt16k(h, o.imm);
			if ((o.imm & 0x80000000u) && (o.imm & 0x7FFFFFFFu) <= 0x7F800000u && !ir_hasmod(h, MOD_SAT))
				m |= 1 << i;
		}
	}
	/* both halves constants: ptxas makes the pair one constant and the
	 * product is the manual's, and so it is for a cvt it does not fold
	 * (v14 xmix 2332: {h, h} of two cvt.rn.ftz.bf16.f32 of -246.5 is an
	 * HFMA2 of -R.H0_H0 by -R.H0_H0; 7879: cvt.rp.ftz.bf16.f32 of -0.25
	 * is an F2F at run time, .relu, .satfinite, .rz and .rm alike; sm_90
	 * SASS of each; with .sat -1.75 is a 0; 810: {h, h} of a mov.b16 of
	 * 0x8000, -0 * -0 + -0 is +0 on an H200).  A -0 of a cvt.rn counts
	 * as negative (7905: {cvt.rn.ftz of -0.0, cvt.rz of it}, -0 + -0 in
	 * the low half is -0), and a cvt.rn of an immediate operand as one
	 * of a mov'd one (4516: of -.25, the high half -0.3125).  Two mov.b16
	 * immediates are the pair of a mov.b32 immediate (negzero2: v15 xmix
	 * 204542, {0xffff, 0x8000}, the -0 half negated beside a NaN). */
	c = (kv[1] & 0xFFFFu) << 16 | (kv[0] & 0xFFFFu);
	if (known == 3)
		return kv[0] > 0xFFFFu || kv[1] > 0xFFFFu ? 0 : besidef2fp(pm, f, v, et, negzero2(c, et), zero2(c));
	return besidef2fp(pm, f, v, et, negheld(f, d, m, et), zero2(c) & known);
}

/* neg of a neg of x (f32, f64, f16, bf16, f16x2; neither .ftz): ptxas
 * leaves x, NaN payload and all (a lone neg.f64 is a DADD of -RZ, which
 * quiets a signalling NaN; the pair is the register x itself); bf16x2
 * keeps both. */
/* neg.f16x2 of a mov.b32 {a, b} pack where a or b is a neg.f16 result
 * (unguarded, without .ftz) of x: ptxas negates the other half alone (an
 * HADD2, the canonical NaN) and packs x itself in that half, as it
 * undoes a neg of a neg: a NaN x keeps its payload and sign (PRMT of the
 * loaded x; seed 1471).  ALU_NEGPACK; the sources are the pack, then x of
 * each half so folded. */
static int
foldnegpack(ptx_module *pm, const Func *f, XIns *xi, const Ins *p, int k)
{
	XOp h[2], *ns;
	int imm = 0;

	for (int i = 0; i < 2; i++) {
		int w, u;
		const Ins *d = defof(f, p->use[i], &w);
		if (!d || d->op != OP_NEG || d->ty[0] != TY_F16 || d->guard || ir_hasmod(d, MOD_FTZ) || d->nopnd != 2 ||
		    (u = srcval(d, 1)) < 0 || !holds(f, u, f->val[w].ins, k) ||
		    interp_decode_op(pm, &d->opnd[1], TY_F16, &h[i]))
			continue;
		imm |= 1 << i;
	}
	if (!imm || xi->ns != 1)
		return 0;
	if (!(ns = interp_realloc(pm->cx, xi->s, 3 * sizeof *xi->s)))
		return -1;
	xi->s = ns;
	ns[1] = (imm & 1) ? h[0] : ns[0];
	ns[2] = (imm & 2) ? h[1] : ns[0];
	xi->ns = 3;
	xi->alu.nsrc = 3;
	xi->alu.imm = (uint32_t)imm;
	xi->alu.flags |= ALU_NEGPACK;
	return 0;
}

/* The f32 or f64 immediate of source o of d, or of the unguarded mov that
 * wrote it, as ptxas reads it (*c); 0 where there is none. */
static int
fimmof(const Func *f, const Ins *d, int o, uint64_t *c)
{
	int v = srcval(d, o), w;
	const Ins *e;
	const Opnd *p = &d->opnd[o];

	if (p->kind == OK_REG && v >= 0 && (e = defof(f, v, &w)) && e->op == OP_MOV && !e->guard && e->nopnd == 2 &&
	    ir_tyinfo[e->ty[0]].bits == ir_tyinfo[d->ty[0]].bits)
		p = &e->opnd[1];
	if (p->kind == OK_FIMM)
		return *c = interp_fimm(d->ty[0], p->fbits, p->flkind), 1;
	if (p->kind == OK_IMM)
		return *c = d->ty[0] == TY_F64 ? (uint64_t)p->imm : (uint32_t)p->imm, 1;
	return 0;
}

/* Does ptxas know source o of the f32 or f64 instruction d (kconst of
 * its copy root, not through a call's parameters)?  An immediate
 * counts. */
static int
knownf(const Func *f, const Ins *d, int o)
{
	uint64_t c;
	int u = srcval(d, o);

	if (d->opnd[o].kind != OK_REG || u < 0)
		return 1;
	u = interp_fold_copyroot(NULL, f, u);
	return d->ty[0] == TY_F64 ? interp_fold_kconst64(f, u, &c) : interp_fold_kconst(f, u, &c);
}

/* neg.f16 or neg.bf16 (no .ftz) of an unguarded mul.f16 or mul.bf16
 * (no rounding modifier, .ftz or .sat) of x and a -1.0 of the format that
 * ptxas knows (half16k), x not known: ptxas makes the mul a negation of x
 * and the neg of it x itself, a copy, a NaN's payload and sign kept
 * (sm_90 SASS: the store of neg.bf16 of mul.bf16 of a loaded x by a
 * mov.b16 0xbf80 is of x's register, the mul alone an HFMA2.BF16 -RZ, RZ,
 * -x; v15 dag 131468, v14 xmix 17562, v13 dag 11002 on an H100), where the
 * interpreter's two negations give the canonical NaN.  mul.rn, .ftz and
 * .sat stay an HMUL2 (HADD2.FTZ, HADD2.SAT) and the neg an HADD2 of it.
 * neg.f32 and neg.f64 likewise of a mul by an immediate -1.0 or a mov'd
 * one: the other factor as it is, a signalling NaN unquieted, an f32
 * NaN's payload kept (sm_90 SASS: the store of neg.f64 of mul.f64 of a
 * loaded x by 0dBFF0000000000000 or by a mov.f64 of it is of x's
 * registers, of neg.f32 of mul.f32 of a mov.f32 0fBF800000 and x of x's;
 * v1 seed 614134, 0x7ff4000000012345 on an H100); mul.rn and mul.ftz
 * stay (DMUL by -1 and a DADD of it).  dk is d's index, k the neg's;
 * 1 where it folds, -1 on an allocation failure. */
static int
foldnegmul1(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, const Ins *d, int dk, int k)
{
	int wide = in->ty[0] == TY_F32 || in->ty[0] == TY_F64;
	uint64_t c, m1 = in->ty[0] == TY_F16 ? 0xBC00u : in->ty[0] == TY_BF16 ? 0xBF80u :
	    in->ty[0] == TY_F32 ? 0xBF800000u : 0xBFF0000000000000ull;
	int u;

	if (d->guard || d->nty != 1 || d->ty[0] != in->ty[0] || d->nopnd != 3 || ir_hasmod(d, MOD_RN) ||
	    ir_hasmod(d, MOD_RZ) || ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RP) || ir_hasmod(d, MOD_FTZ) ||
	    ir_hasmod(d, MOD_SAT))
		return 0;
	for (int i = 0; i < 2; i++) {
		if (wide ? !fimmof(f, d, 1 + i, &c) || c != m1 || d->opnd[2 - i].kind != OK_REG ||
		    (u = srcval(d, 2 - i)) < 0 || knownf(f, d, 2 - i) || !holds(f, u, dk, k) ||
		    interp_decode_op(pm, &d->opnd[2 - i], in->ty[0], &xi->s[0]) :
		    !half16k(pm, f, d, 1 + i, &c) || (c & 0xFFFFu) != m1 || d->opnd[2 - i].kind != OK_REG ||
		    (u = srcval(d, 2 - i)) < 0 || half16k(pm, f, d, 2 - i, &c) || !holds(f, u, dk, k) ||
		    interp_decode_op(pm, &d->opnd[2 - i], in->ty[0], &xi->s[0]))
			continue;
		xi->alu.op = OP_MOV;
		xi->alu.flags = 0;
		return 1;
	}
	return 0;
}

static int
foldneg(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int v = srcval(in, 1), w, u;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (d && in->ty[0] == TY_F16X2 && d->op == OP_MOV && !d->guard && d->nopnd == 2 &&
	    d->opnd[1].kind == OK_VEC && d->opnd[1].nsub == 2 && d->nuse == 2)
		return foldnegpack(pm, f, xi, d, k);

	/* neg.f16 of a half of a mov.b32 {a, b} unpack of a neg.f16x2 of x:
	 * that half of x (sm_90 SASS: a PRMT of x's register; v1 seed
	 * 113433), a bfe of it here */
	if (d && in->ty[0] == TY_F16 && !ir_hasmod(in, MOD_FTZ) && d->op == OP_MOV && !d->guard && d->nopnd == 2 &&
	    d->opnd[0].kind == OK_VEC && d->opnd[0].nsub == 2 && d->ndef == 2 && (u = srcval(d, 1)) >= 0) {
		int z, hi = w == d->def[1];
		const Ins *e = defof(f, u, &z);
		XOp *ns;
		if (!e || e->op != OP_NEG || e->ty[0] != TY_F16X2 || e->guard || ir_hasmod(e, MOD_FTZ) || e->nopnd != 2 ||
		    (u = srcval(e, 1)) < 0 || !holds(f, u, f->val[z].ins, k))
			return 0;
		if (!(ns = interp_realloc(pm->cx, xi->s, 3 * sizeof *xi->s)))
			return -1;
		xi->s = ns;
		if (interp_decode_op(pm, &e->opnd[1], TY_B32, &ns[0]))
			return 0;
		ns[1] = (XOp){ .k = XO_IMM, .imm = hi ? 16 : 0 };
		ns[2] = (XOp){ .k = XO_IMM, .imm = 16 };
		xi->ns = 3;
		xi->alu.nsrc = 3;
		xi->alu.op = OP_BFE;
		xi->alu.ty = TY_U32;
		xi->alu.flags = 0;
		return 0;
	}
	if (d && d->op == OP_MUL && (foldnegmul1(pm, f, xi, in, d, f->val[w].ins, k) ||
	    in->ty[0] == TY_F16 || in->ty[0] == TY_BF16))
		return 0;
	/* the neg read through a copy ptxas makes, a min or max of it with
	 * itself (v1 seed 632215: neg.f64 of min.f64 of one neg.f64 x twice
	 * is x, a signalling NaN unquieted on an H100; sm_90 SASS: x's
	 * registers stored) */
	if (d && (d->op == OP_MIN || d->op == OP_MAX) && !d->guard && d->nopnd == 3 &&
	    (u = copyroot(pm, f, v, 0)) != v && u >= 0) {
		int z;
		const Ins *e = defof(f, u, &z);
		if (e && e->op == OP_NEG && holds(f, u, f->val[w].ins, k)) {
			d = e;
			w = z;
		}
	}
	if (!d || d->op != OP_NEG || d->ty[0] != in->ty[0] || d->guard || ir_hasmod(d, MOD_FTZ) || d->nopnd != 2 ||
	    (u = srcval(d, 1)) < 0 || !holds(f, u, f->val[w].ins, k))
		return 0;
	/* but of a NaN x that ptxas knows it folds each neg as it compiles,
	 * quieting: the f32 NaN quieted, its sign kept, and the canonical
	 * 0x7fff of f16 and bf16 (sm_90 SASS: MOV 0xffc12345 for neg.f32 of
	 * neg.f32 of mov.b32 0xff812345, HFMA2.MMA of +QNAN for neg.bf16 of
	 * neg.bf16 of mov.b16 0xffe9; tests/regress/ptxas-folds.ptx's check
	 * of the bf16 pair on an H100) */
	{
		uint64_t c;
		if (in->ty[0] == TY_F32 && interp_fold_kconst(f, u, &c) && (c & 0x7FFFFFFFu) > 0x7F800000u) {
			movconstk(xi, (c & 0xFFFFFFFFu) | 0x400000u);
			return 0;
		}
		if ((in->ty[0] == TY_F16 || in->ty[0] == TY_BF16) && k16(pm, f, u, 0, &c) &&
		    (in->ty[0] == TY_F16 ? (c & 0x7FFFu) > 0x7C00u : (c & 0x7FFFu) > 0x7F80u)) {
			movconstk(xi, 0x7FFFu);
			return 0;
		}
	}
	if (interp_decode_op(pm, &d->opnd[1], in->ty[0], &xi->s[0]))
		return 0;
	xi->alu.op = OP_MOV;
	xi->alu.flags = 0;
	return 0;
}

/* The guard g as source n + 1 of an instruction computed unguarded and
 * merged with the old value, source n (ALU_GSET): the executor picks
 * between the result and that value by it. */
static void
gsetguard(XIns *xi, int n, XOp g)
{
	xi->s[n + 1] = g;
	if (g.k == XO_NOT)
		xi->alu.negsrc |= 1u << (n + 1);
	xi->ns = (uint8_t)(n + 2);
	xi->alu.nsrc = n + 2;
	xi->alu.flags |= ALU_GSET;
	xi->guard = -1;
	xi->gneg = 0;
}

/* A guarded set with an f32 destination: ptxas selects 0 or -1 under the
 * guard, then converts |that| to f32 unguarded, so an unexecuted set leaves
 * the f32 of |d's old value| as an s32 (ALU_GSET: the executor passes the
 * old value and the guard as two more sources). */
static int
foldgset(ptx_module *pm, XIns *xi, const Ins *in)
{
	XOp g, d, *ns;
	int n = xi->ns;

	if (n + 2 > 8 || interp_decode_op(pm, in->guard, 0, &g) || (g.k != XO_REG && g.k != XO_NOT) ||
	    interp_decode_op(pm, &in->opnd[0], TY_B32, &d) || d.k != XO_REG)
		return 0;
	if (!(ns = interp_realloc(pm->cx, xi->s, (size_t)(n + 2) * sizeof *xi->s)))
		return -1;
	xi->s = ns;
	ns[n] = d;
	gsetguard(xi, n, g);
	return 0;
}

/* Is d an unguarded cvt between integers without .sat from type s to
 * type t?  Each of t and s is a type, or minus a width in bits for any
 * integer type of that width. */
static int
intcvt(const Ins *d, int t, int s)
{
	if (!d || d->op != OP_CVT || d->guard || d->nty != 2 || d->nopnd != 2 || ir_hasmod(d, MOD_SAT) ||
	    !isint(d->ty[0]) || !isint(d->ty[1]))
		return 0;
	return (t < 0 ? ir_tyinfo[d->ty[0]].bits == -t : d->ty[0] == t) &&
	       (s < 0 ? ir_tyinfo[d->ty[1]].bits == -s : d->ty[1] == s);
}

/* Is 64-bit value v one whose low word ptxas holds as a byte
 * sign-extended to 32 bits: a cvt.s64 or .u64 .s8, a cvt between 64-bit
 * types of one, or a cvt.s64 or .u64 .s32 or .u32 of a cvt.s32 or .u32
 * .s8 (the PRMT 0x8880 it made)? */
static int
lowsext8(const Func *f, int v)
{
	int w;

	for (int n = 0; n < 4 && v >= 0; n++) {
		const Ins *d = defof(f, v, &w);
		if (intcvt(d, -64, TY_S8))
			return 1;
		if (intcvt(d, -64, -32))
			return intcvt(defof(f, srcval(d, 1), &w), -32, TY_S8);
		if (!intcvt(d, -64, -64))
			return 0;
		v = srcval(d, 1);
	}
	return 0;
}

/* cvt.u32, .s32 .u16, or cvt.u16 or .s16 .u16 into a 32-bit register, of
 * a 16-bit register that a cvt.s8.s64 or .u64 of such a value wrote, or a
 * cvt.s16.s8 of a cvt.s16 or .u16 .s64 or .u64 of one (lowsext8): ptxas
 * takes the narrowing for the sign extension it already made, the PRMT
 * 0x8880 to 32 bits, and the .u16 read for one that needs no mask, so the
 * word is the byte sign-extended to 32 bits where the manual zero-extends
 * the 16 (v1 seeds 19930 and 122560: 0xffffffff for 0xffff; 540578,
 * 564733, 617127, 791403, 935830 on an H100: through a cvt.s16.s64 and a
 * cvt.s16.s8, a cvt.s64.u32 of a cvt.s32.s8, a cvt.s64.s64, into a .b32
 * d).  Not where the narrowing wrote a 32-bit register, whose read keeps
 * its LOP3 0xffff (889357), nor without the 64 bits between (a cvt.s32.s8
 * then cvt.s8.s32 or cvt.s16.s32 pair keeps its mask), nor a cvt.u64.u16
 * or a .u8 read, which mask (sm_90 SASS of each). */
static int
foldcvts8pair(const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w, u;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (!d || regbits(f, w) != 16 || in->ndef != 1 || in->def[0] < 0 || regbits(f, in->def[0]) != 32)
		return 0;
	if (intcvt(d, TY_S16, TY_S8)) {
		d = defof(f, srcval(d, 1), &u);
		if (!intcvt(d, -16, -64))
			return 0;
	} else if (!intcvt(d, TY_S8, -64))
		return 0;
	if (!lowsext8(f, srcval(d, 1)))
		return 0;
	xi->alu.ty = TY_S32;
	xi->alu.ty2 = TY_S8;
	return 1;
}

static int holdsacross(ptx_module *pm, const Func *f, int v, int i, int k);

/* A guarded f32 add, sub, mul, fma, mad, min or max whose destination's
 * old value is an unguarded neg.f32 or abs.f32 (no .ftz) of x, or a copy
 * of one (a mov, a selp or slct of it twice): ptxas computes the
 * instruction unguarded and selects between it and x with the operand
 * modifier (FSEL R, r, -x, P), so where the guard is false d holds -x or
 * |x| with the sign bit alone changed, a NaN's payload kept, not the neg's
 * FADD and its canonical NaN (a mul.f32 by -1.0 counts as a neg) (sm_90 SASS; v13 dag seeds 49, 651, 2261,
 * 2464, 2810, 3136, 3500, 3773, 3934, 5986: 0xffffffff on an H200 where
 * the FADD gives 0x7fffffff), x read where it is in any block, which
 * nothing on the way writes (loopx seed 7197: the abs before a brx.idx,
 * the mul in a target).  Of an abs or neg of an abs or neg the FSEL
 * takes the first source as foldsel does.  ALU_GSET: the executor passes
 * x and the guard as two more sources, imm bits 28-29 the sign operation.
 * Not a set (foldgset) nor the instructions interp_fold_mov leaves. */
static int
foldgmerge(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int n = xi->ns, old, w, u, z, x, r, mj = 0, so;
	const Ins *d, *e, *src;
	uint32_t sg;
	XOp g, *ns;

	if (!in->guard || in->ty[0] != TY_F32 || in->ndst != 1 || in->ndef != 1 || in->nuse < 2 ||
	    in->opnd[0].kind != OK_REG || xi->x != X_ALU || xi->guard < 0 || n + 2 > 8 || xi->alu.nsrc != n ||
	    xi->alu.ndst != 1 || xi->alu.nwords != 1 || (xi->alu.flags & ALU_GSET) || interp_fold_guardconst(f, in) >= 0 ||
	    (in->op != OP_ADD && in->op != OP_SUB && in->op != OP_MUL && in->op != OP_FMA && in->op != OP_MAD &&
	     in->op != OP_MIN && in->op != OP_MAX))
		return 0;
	old = in->use[in->nuse - 1];
	if (old < 0 || old >= f->nval || f->val[old].reg != f->val[in->def[0]].reg || !(d = defof(f, old, &w)) ||
	    (d->op != OP_NEG && d->op != OP_ABS && !(mj = mulneg1(d))) || d->ty[0] != TY_F32 ||
	    (d->guard && interp_fold_guardconst(f, d) != 1) || ir_hasmod(d, MOD_FTZ) || d->nopnd != (mj ? 3 : 2) ||
	    (u = srcval(d, mj ? 3 - mj : 1)) < 0)
		return 0;
	if ((r = holdsacross(pm, f, u, f->val[w].ins, k)) <= 0)
		return r;
	src = d;
	so = mj ? 3 - mj : 1;
	sg = d->op == OP_ABS ? SGN_ABS : SGN_NEG;
	if ((e = defof(f, u, &z)) && (e->op == OP_ABS || e->op == OP_NEG) && e->ty[0] == TY_F32 && !e->guard &&
	    !ir_hasmod(e, MOD_FTZ) && e->nopnd == 2 && (x = srcval(e, 1)) >= 0 &&
	    (r = holdsacross(pm, f, x, f->val[z].ins, k)) != 0) {
		if (r < 0)
			return -1;
		src = e;
		so = 1;
		sg = d->op != OP_ABS && e->op == OP_NEG ? 0 : sg | SGN_ABS;
	}
	if (interp_decode_op(pm, in->guard, 0, &g) || (g.k != XO_REG && g.k != XO_NOT))
		return 0;
	if (!(ns = interp_realloc(pm->cx, xi->s, (size_t)(n + 2) * sizeof *xi->s)))
		return -1;
	xi->s = ns;
	if (interp_decode_op(pm, &src->opnd[so], TY_F32, &ns[n]))
		return 0;   /* ns[n] is past xi->ns: nothing changed */
	gsetguard(xi, n, g);
	xi->alu.imm = (xi->alu.imm & ~(3u << 28)) | sg << 28;
	return 0;
}

/* cvt between integers that zero-extends or truncates to 8 bits (.u8 the
 * source or destination, the other not .s8 unless it is the source) of a tanh.approx.f16 or
 * ex2.approx.f16 result: ptxas drops the mask (it takes the MUFU.TANH.F16
 * or MUFU.EX2.F16 result for one that needs none), so the whole 16 bits
 * come through (seeds 4936, 6772, 8500), also for cvt.u8.s8 (v3 seed
 * 16044).  The bf16 forms, and other .s8 sign extensions, keep theirs. */
static int
foldmufu8(const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	/* through such cvts before it, which pass the 16 bits on (v1 seed
	 * 66934: cvt.u8.s16 of cvt.u8.u8 of tanh.approx.f16 gives the tanh) */
	for (int n = 0; n < 4 && d && d->op == OP_CVT && !d->guard && d->nty == 2 && d->nopnd == 2 &&
	     !ir_hasmod(d, MOD_SAT) && (d->ty[0] == TY_U8 || d->ty[1] == TY_U8) && d->ty[0] != TY_S8 &&
	     (d->ty[1] != TY_S8 || d->ty[0] == TY_U8) && isint(d->ty[0]) && isint(d->ty[1]) &&
	     (v = srcval(d, 1)) >= 0; n++)
		d = defof(f, v, &w);
	if (!d || d->guard || (d->op != OP_TANH && d->op != OP_EX2) || d->ty[0] != TY_F16 || d->nopnd != 2)
		return 0;
	if (xi->alu.ty == TY_U8 && xi->alu.ty2 == TY_S8)
		xi->alu.ty2 = TY_U16;
	if (xi->alu.ty == TY_U8)
		xi->alu.ty = TY_U16;
	if (xi->alu.ty2 == TY_U8)
		xi->alu.ty2 = TY_U16;
	return 0;
}

/* Does d make an f32 whose sign bit ptxas knows to be clear: ex2.approx,
 * abs without .ftz, an add, sub, mul or fma with .sat, a cvt with .sat,
 * a mul of a value by itself, an add of two such values (seed 16064:
 * x * x + x * x) or a mul of two .sat ones, a selp of two (or of one and
 * a positive immediate)?  depth bounds the search.  (sqrt.approx is not
 * one: its -0 stays.)  An
 * instruction of a rounding modifier without .sat is not known, for a
 * slct's test (interp_fold_slctpos) and an abs.f16x2 (foldabs2) alike:
 * abs.f16x2 of mul.rn.f32 x, x stays an HADD2 |x|, -0 where that of
 * mul.f32 x, x is a copy (sm_90 SASS; v8 seed 41848). */
static int
f32nonneg(const Func *f, const Ins *d, int depth)
{
	int w;
	const Ins *a, *b;

	if (!d || d->guard || d->ty[0] != TY_F32 || d->ndst != 1 || depth > 4)
		return 0;
	if (!ir_hasmod(d, MOD_SAT) && ir_mod_round(d) != MOD_NONE)
		return 0;
	switch (d->op) {
	case OP_EX2:
		return ir_hasmod(d, MOD_APPROX);
	case OP_ABS:
		/* abs.ftz is an FADD.FTZ |x|, -0 that ptxas does not count:
		 * abs.f16x2 of it stays an HADD2 |x|, -0 (sm_90 SASS; v8
		 * seeds 18310, 38746) */
		return !ir_hasmod(d, MOD_FTZ);
	case OP_CVT:
		return ir_hasmod(d, MOD_SAT);
	case OP_SELP:
		/* either source: a value of the kind, or a positive immediate
		 * or -0.0, which is not less than 0 to ptxas either (v1 seeds
		 * 625436, 630604: abs.ftz.f32 of a selp of a .sat value and
		 * 0f80000000 is FADD.FTZ of the FSEL, -RZ in sm_90 SASS, -0 on
		 * an H100) */
		if (d->nopnd != 4)
			return 0;
		for (int i = 1; i <= 2; i++) {
			const Opnd *o = &d->opnd[i];
			uint64_t bits = o->kind == OK_FIMM ? interp_fimm(TY_F32, o->fbits, o->flkind) : (uint64_t)o->imm;
			if (o->kind == OK_FIMM || o->kind == OK_IMM ? ((bits >> 31) & 1) && (uint32_t)bits != 0x80000000u :
			    srcval(d, i) < 0 || !f32nonneg(f, defof(f, srcval(d, i), &w), depth + 1))
				return 0;
		}
		return 1;
	case OP_ADD: case OP_SUB: case OP_FMA: case OP_MAD: case OP_MUL:
		if (ir_hasmod(d, MOD_SAT))
			return 1;
		if ((d->op != OP_ADD && d->op != OP_MUL) || d->nopnd != 3 || srcval(d, 1) < 0 || srcval(d, 2) < 0)
			return 0;
		if (d->op == OP_MUL && srcval(d, 1) == srcval(d, 2))
			return 1;
		a = defof(f, srcval(d, 1), &w);
		b = defof(f, srcval(d, 2), &w);
		/* of a mul of two values, only .sat ones (0 to 1): not of ex2.approx
		 * and a .sat value, nor of x * x and y * y (seed 46848; sm_90
		 * SASS) */
		if (d->op == OP_MUL)
			return a && b && !a->guard && !b->guard && a->ty[0] == TY_F32 && b->ty[0] == TY_F32 &&
			       ir_hasmod(a, MOD_SAT) && ir_hasmod(b, MOD_SAT);
		return f32nonneg(f, a, depth + 1) && f32nonneg(f, b, depth + 1);
	}
	return 0;
}

/* A slct into a type other than f32, without .ftz, of an f32 c that d
 * makes: ptxas takes c >= 0 for granted where it knows the sign bit clear
 * (f32nonneg), and the slct is a copy of a, though c may be a NaN, which
 * the manual's test sends to b (v6 seed 59252: a mul.ftz of a value by
 * itself; v4 2940: an abs).  A rounding modifier without .sat anywhere in
 * the chain, and abs.ftz, keep the SEL, and so does slct.f32.f32 its FSEL
 * (sm_90 SASS of each form; tests/regress/fold-slct-nonneg-f32.ptx, whose
 * answers an H200 gave). */
int
interp_fold_slctpos(const Func *f, const Ins *d)
{
	return f32nonneg(f, d, 0);
}

/* abs.f32 (unguarded) of a selp.f32 that ptxas knows is not negative
 * (f32nonneg: each source an abs, a .sat value ... or an immediate with
 * its sign clear, or -0.0): it drops the abs, and the value is the
 * selp's FSEL, a NaN's payload kept, -0.0 as it is, where an abs of
 * another value is an FADD |x|, -0, the canonical NaN (v1 seed 356476
 * f32: abs.f32 of a selp of an abs.f32 and 0f3F4C0000, 0x7fffffd4 on the
 * H200; sm_90 SASS: FSEL R, |R|, 0.796875 stored for both; v1 seed 298575
 * alike).  abs.ftz keeps an FADD.FTZ of -0, without the |.| (v1 seeds
 * 625436, 630604: -0 on an H100; tests/regress/abs-selp-nonneg-zero.ptx). */
static int
foldabssel(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	XOp *ns;

	if (!d || d->op != OP_SELP || !f32nonneg(f, d, 0))
		return 0;
	/* a NaN immediate is not (v1 seeds 301806, 98423: of 0f7FC00000 the
	 * FADD stays, 0x7fffffff on the H200) */
	for (int i = 1; i <= 2; i++) {
		const Opnd *o = &d->opnd[i];
		if ((o->kind == OK_FIMM || o->kind == OK_IMM) &&
		    ((o->kind == OK_FIMM ? interp_fimm(TY_F32, o->fbits, o->flkind) : (uint64_t)o->imm) & 0x7FFFFFFFu) >
		    0x7F800000u)
			return 0;
	}
	/* the FADD.FTZ's second source, -0 */
	if (ir_hasmod(in, MOD_FTZ)) {
		if (!(ns = interp_realloc(pm->cx, xi->s, 2 * sizeof *xi->s)))
			return -1;
		xi->s = ns;
	}
	copyof(xi, 0, ir_hasmod(in, MOD_FTZ));
	xi->alu.nsrc = xi->ns = ir_hasmod(in, MOD_FTZ) ? 2 : 1;
	return 1;
}

/* abs.f16x2, abs.ftz.f16x2 or abs.bf16x2 of an f32 that ptxas knows is not
 * negative (f32nonneg): it drops the abs, though the low half has a sign
 * of its own.  abs.f16x2 becomes a copy, abs.ftz.f16x2 an HADD2.FTZ of -0
 * (a flush and the canonical NaN), abs.bf16x2 an HFMA2.BF16 -0 * 0 + x,
 * that is x + -0 (seeds 10112, 16064, 13474). */
static int
foldabs2(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w, one = in->ty[0] == TY_F16 || in->ty[0] == TY_BF16;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	XOp z = { .k = XO_IMM }, *ns;

	/* abs.f16, abs.ftz.f16 or abs.bf16 of either half of a mov.b32 {a, b}
	 * unpack of such an f32 alike: a copy, an HADD2.FTZ of -0, an
	 * HFMA2.BF16 (v3 seed 13924: abs.f16 of the low half of an
	 * ex2.approx.ftz.f32 result) */
	if (one) {
		if (!d || d->op != OP_MOV || d->guard || d->nopnd != 2 || d->opnd[0].kind != OK_VEC ||
		    d->opnd[0].nsub != 2 || (v = srcval(d, 1)) < 0)
			return 0;
		d = defof(f, v, &w);
	}
	if (!f32nonneg(f, d, 0))
		return 0;
	if ((in->ty[0] == TY_F16X2 || in->ty[0] == TY_F16) && !ir_hasmod(in, MOD_FTZ)) {
		copyof(xi, 0, 0);
		return 0;
	}
	if (!(ns = interp_realloc(pm->cx, xi->s, 2 * sizeof *xi->s)))
		return -1;
	xi->s = ns;
	z.imm = one ? 0x8000u : 0x80008000u;
	xi->s[1] = z;
	xi->ns = 2;
	xi->alu.nsrc = 2;
	xi->alu.op = OP_ADD;
	xi->alu.flags = ir_hasmod(in, MOD_FTZ) ? ALU_FTZ : 0;
	xi->alu.rnd = ALU_RN;
	return 0;
}

/* The value a chain of neg.f16x2 and abs.f16x2 (unguarded, no .ftz)
 * ending in v starts from, *d the chain's first instruction (the one
 * reading it) and *di its index; v itself and NULL when v is no such
 * result. */
static int
negabsroot(const Func *f, int v, const Ins **d, int *di)
{
	const Ins *e;
	int w, u;

	*d = NULL;
	*di = -1;
	for (int n = 0; n < 8 && v >= 0 && (e = defof(f, v, &w)) && (e->op == OP_NEG || e->op == OP_ABS) &&
	    e->ty[0] == TY_F16X2 && !e->guard && !ir_hasmod(e, MOD_FTZ) && e->nopnd == 2 && (u = srcval(e, 1)) >= 0;
	    n++) {
		*d = e;
		*di = f->val[w].ins;
		v = u;
	}
	return v;
}

/* min/max.xorsign.abs.f16x2 of two neg.f16x2 and abs.f16x2 chains (no
 * .ftz on them), both from one x: ptxas reads x itself as the first operand, the |.| of the
 * HMNMX2 standing for the chain, and the second chain's HADD2 as the
 * second, so the sign each half takes is sign(x) ^ the second's: of
 * (-x, -x) set (seed 1240), of (|x|, |x|) and (-|x|, |x|) sign(x) (seeds
 * 55196, 103989, 104022, 106264, 106545). */
static int
foldxsign(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	const Ins *da, *db, *e;
	int ia, ib, x = negabsroot(f, srcval(in, 1), &da, &ia), z;

	if (!da || !holds(f, x, ia, k))
		return 0;
	if (!(z = negabsroot(f, srcval(in, 2), &db, &ib), db))
		return 0;
	/* x from a set (halves of 0 or all ones) ptxas compiles otherwise
	 * (seed 3304 keeps PTX's answer) */
	if ((e = defof(f, x, &ib)) && e->op == OP_SET)
		return 0;
	/* chains from two roots: a first that is one neg is absorbed whatever
	 * computed x, the second stays an HADD2 of its own (v1 seed 150964:
	 * sm_90 SASS HMNMX2.FTZ.XORSIGN |R14|, |R16| of the bf16x2 fma itself
	 * and the neg.f16x2 of the other root, so -0 against a NaN comes out
	 * +0); two abs chains keep both (seed 43576: the HMNMX2 of two PRMT
	 * packs of per-half HADD2s) */
	if (x != z) {
		if (da->op == OP_NEG && defof(f, srcval(in, 1), &ib) == da)
			interp_decode_op(pm, &da->opnd[1], TY_F16X2, &xi->s[0]);
		return 0;
	}
	/* x from a packed f16x2 or bf16x2 add, sub, mul, fma, min or max:
	 * ptxas negates it for both operands (seeds 40984, 47223, 47372,
	 * 63999, 74324; sm_90 SASS), so PTX's answer stays */
	if (e && (e->op == OP_ADD || e->op == OP_SUB || e->op == OP_MUL || e->op == OP_FMA || e->op == OP_MIN ||
	    e->op == OP_MAX) && (e->ty[0] == TY_F16X2 || e->ty[0] == TY_BF16X2))
		return 0;
	/* or a neg or abs .bf16x2: ptxas computes the chain once for each
	 * operand (sm_90 SASS: two HADD2s of the HFMA2.BF16_V2), so the signs
	 * XORed are one value's (seeds 121490, 30853, v3 29595) */
	if (e && (e->op == OP_NEG || e->op == OP_ABS) && e->ty[0] == TY_BF16X2)
		return 0;
	/* nor does an abs of a mov.b32 pack of two halves (seed 55565) */
	if (e && e->op == OP_MOV && (da->op == OP_ABS || db->op == OP_ABS))
		return 0;
	interp_decode_op(pm, &da->opnd[1], TY_F16X2, &xi->s[0]);
	return 0;
}

/* min/max.ftz.xorsign.abs.f32 of a min or max.f32 of x with itself: ptxas
 * reads x in its place, the FMNMX.FTZ flushing it as the min's FADD.FTZ
 * x, -0 would, but a NaN x keeps its sign for the XOR where the FADD's
 * canonical NaN is positive (v6 seed 98689: max.ftz.xorsign.abs of a
 * .sat result's +0 and min.ftz of 0xffffffcd with itself is -0; sm_90
 * SASS: FMNMX.FTZ.XORSIGN |R6|, |R22| of the min's own source); so it
 * reads x for a neg.ftz.f32 of a neg.f32 of x (no .ftz).  Without
 * .ftz on the consumer the min.ftz stays its FADD.FTZ, unless the other
 * operand is an .ftz result (ftzres; sm_90 SASS: FMNMX.FTZ.XORSIGN of x
 * and an FADD.FTZ.RP, FFMA.FTZ or FMUL.FTZ); a consumer that takes no
 * sign from a NaN gives the same either way. */
static int
ftzres(const Func *f, int v)
{
	int w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	return d && !d->guard && d->ty[0] == TY_F32 && ir_hasmod(d, MOD_FTZ) && (d->op == OP_ADD || d->op == OP_SUB ||
	       d->op == OP_MUL || d->op == OP_FMA || d->op == OP_MAD || d->op == OP_MIN || d->op == OP_MAX);
}

static int
foldxsign32(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	for (int oi = 1; oi <= 2; oi++) {
		int v = srcval(in, oi), w, x = -1, z, ftz = ir_hasmod(in, MOD_FTZ), nn = 0;
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL, *e = NULL;

		if (!d || d->guard || d->ty[0] != TY_F32)
			continue;
		/* neg.ftz of a neg of x: the FADD.FTZ x, -0 that is left of
		 * the two is the min's, and ptxas reads x too (v1 seed 13066) */
		if (d->op == OP_NEG && ir_hasmod(d, MOD_FTZ) && d->nopnd == 2 && (x = srcval(d, 1)) >= 0 &&
		    (e = defof(f, x, &z)) && !e->guard && e->op == OP_NEG && e->ty[0] == TY_F32 &&
		    !ir_hasmod(e, MOD_FTZ) && e->nopnd == 2 && (x = srcval(e, 1)) >= 0 && holds(f, x, f->val[z].ins, k))
			d = e, nn = 1;
		else if ((d->op != OP_MIN && d->op != OP_MAX) || d->nopnd != 3 || ir_hasmod(d, MOD_NAN_PROP) ||
		    ir_hasmod(d, MOD_XORSIGN) || (x = srcval(d, 1)) < 0 || x != srcval(d, 2) ||
		    !holds(f, x, f->val[w].ins, k))
			continue;
		/* without .ftz, where the other operand is an .ftz result,
		 * which ptxas knows to be flushed: its FMNMX becomes .FTZ
		 * and reads x all the same (v1 seed 118702: the other an
		 * add.rp.ftz, the min or max an .ftz one) */
		if (!ftz) {
			if (nn || !ir_hasmod(d, MOD_FTZ) || !ftzres(f, srcval(in, 3 - oi)))
				continue;
			xi->alu.flags |= ALU_FTZ;
		}
		interp_decode_op(pm, &d->opnd[1], TY_F32, &xi->s[oi - 1]);
	}
	return 0;
}

/* Is v a 0 ptxas knows for the fusion below: a set.lt, .gt or .ne of a
 * float value with itself?  False even of a NaN (ordered compares); not when it
 * makes a bf16 (an I2F.BF16 of RZ, which it does not take for 0).  So are
 * a mov.b32 pack of two such halves and a cvt to a float of one (seeds
 * 11635, 96541: a max.NaN of those fused as .relu). */
static int
setzero(const Func *f, int v)
{
	int w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (d && d->op == OP_MOV && !d->guard && d->nopnd == 2 && d->opnd[1].kind == OK_VEC && d->opnd[1].nsub == 2 &&
	    d->nuse == 2 && d->use[0] != v && d->use[1] != v)
		return setzero(f, d->use[0]) && setzero(f, d->use[1]);
	if (d && d->op == OP_CVT && !d->guard && d->nopnd == 2 && d->nty == 2 &&
	    ir_tyinfo[d->ty[0]].kind == TK_FLOAT && (w = srcval(d, 1)) >= 0 && w != v)
		return setzero(f, w);
	/* a mov of the immediate 0, and a shl or unsigned shr by an
	 * immediate of the width or more (v1 seed 75443: shr.u16 by 32;
	 * sm_90 SASS: HFMA2.RELU for each, an HMNMX2 for a shr.s16) */
	if (d && !d->guard && d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_IMM && d->opnd[1].imm == 0)
		return 1;
	if (d && !d->guard && (d->op == OP_SHL || (d->op == OP_SHR && ir_tyinfo[d->ty[0]].kind != TK_SINT)) &&
	    d->nopnd == 3 && d->opnd[2].kind == OK_IMM && (uint64_t)d->opnd[2].imm >= ir_tyinfo[d->ty[0]].bits)
		return 1;
	return d && d->op == OP_SET && !d->guard && d->nopnd == 3 && d->nty == 2 && d->ty[0] != TY_BF16 &&
	       d->ty[0] != TY_BF16X2 &&
	       ir_tyinfo[d->ty[1]].kind == TK_FLOAT && srcval(d, 1) >= 0 && srcval(d, 1) == srcval(d, 2) &&
	       (ir_hasmod(d, MOD_LT) || ir_hasmod(d, MOD_GT) || ir_hasmod(d, MOD_NE));
}

/* max.NaN of f16, bf16, f16x2 or bf16x2 (.xorsign.abs too) of a value
 * ptxas knows is 0 (setzero) and of an unguarded add, sub, mul or fma of
 * f16, bf16, f16x2 or bf16x2 of the same width: ptxas fuses the max into
 * that instruction as its .relu, which takes the place of its .sat (an
 * HFMA2 has one or the other), in that instruction's format whatever the
 * max's, and flushes subnormals as the max asks, whatever the fused
 * instruction asked (seeds 3637, 34688, 62304, 85481, 91467; sm_90 SASS:
 * HFMA2.BF16_V2.RELU for a max.NaN.f16 of a sub.bf16, HFMA2.RELU for a
 * max.NaN.bf16 of an fma.ftz.sat.f16, HFMA2.FTZ.RELU for a max.ftz.NaN.f16
 * of an fma.f16 and HFMA2.MMA.RELU for a max.NaN.f16x2 of a mul.ftz.f16x2,
 * either with .xorsign.abs).  A max without .NaN stays an HMNMX2 with RZ. */
static int
foldrelu(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	for (int oi = 1; oi <= 2; oi++) {
		int v = srcval(in, oi), w, u, n, ok = 1, z = srcval(in, oi == 1 ? 2 : 1);
		uint64_t c;
		/* a 0 ptxas computes from 16-bit integer instructions is one
		 * too (k16; v15 xmix 47021: max.NaN.f16 of a selp of and.b16
		 * of or.b16 of a shl.b16 of mov'd 0x0011, 0 whatever the
		 * inputs, and of sub.rn.sat.f16 x, -0 is HFMA2.RELU x, 1, -RZ
		 * in sm_90 SASS, 0x7c00 for an inf x on an H200).  Not into a
		 * directed rounding, which is no HFMA2: fma.rm.bf16 is an
		 * FFMA.RM and an F2FP, and a max.NaN.f16 of it with 0 stays an
		 * HMNMX2 (v15 immx 54067), where of fma.rn.bf16 it is
		 * HFMA2.BF16_V2.RELU (sm_90 SASS) */
		const Ins *d = v >= 0 && (setzero(f, z) || (z >= 0 && ir_tyinfo[in->ty[0]].bits == 16 &&
		    k16(pm, f, z, 0, &c) && (c & 0xFFFFu) == 0)) ? defof(f, v, &w) : NULL;
		AluOp op;
		const char *why;
		XOp s[3], *ns;

		if (!d || d->guard || d->ndst != 1 || (d->op != OP_ADD && d->op != OP_SUB && d->op != OP_MUL &&
		    d->op != OP_FMA) || (d->ty[0] != TY_F16 && d->ty[0] != TY_BF16 && d->ty[0] != TY_F16X2 &&
		    d->ty[0] != TY_BF16X2) || ir_tyinfo[d->ty[0]].bits != ir_tyinfo[in->ty[0]].bits ||
		    ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RZ) || ir_hasmod(d, MOD_RP) ||
		    (n = d->nopnd - 1) < 2 || n > 3 || alu_decode(d, &op, &why) != 0 || op.nsrc != n)
			continue;
		for (int i = 0; i < n && ok; i++)
			ok = (d->opnd[1 + i].kind == OK_IMM || d->opnd[1 + i].kind == OK_FIMM ||
			      ((u = srcval(d, 1 + i)) >= 0 && holds(f, u, f->val[w].ins, k))) &&
			     !interp_decode_op(pm, &d->opnd[1 + i], d->ty[0], &s[i]);
		if (!ok)
			continue;
		if (n > xi->ns) {
			if (!(ns = interp_realloc(pm->cx, xi->s, (size_t)n * sizeof *xi->s)))
				return -1;
			xi->s = ns;
		}
		for (int i = 0; i < n; i++)
			xi->s[i] = s[i];
		xi->ns = (uint8_t)n;
		op.flags = (op.flags & ~(uint32_t)(ALU_SAT | ALU_FTZ)) | ALU_RELU | (ir_hasmod(in, MOD_FTZ) ? ALU_FTZ : 0);
		xi->alu = op;
		return 1;
	}
	return 0;
}

/* atom or red .shared.add.noftz of f16x2 or bf16x2 whose value is one word
 * of a mov.b64 {lo, hi} split: ptxas's compare-and-swap loop adds, as the
 * high half, bits 32-47 of the 64-bit register (the high word's low half),
 * and as the low half the word's own low half (HADD2 R.H1_H1, Rhi.H0_H0;
 * seed 23077, the hi word).  The atomic then reads the 64-bit register
 * (which must still hold it) and xi->aux says which word (ATOM_SPLIT*).
 * The same holds for every word ptxas keeps as the low one of a pair:
 * a cvt of a 64-bit integer to 32 bits (the source's high word gives the
 * high half), and the low result of a mad.lo.cc whose madc.hi ptxas
 * computes with the same IMAD.WIDE (hilo: the madc's low half is the high
 * half added, ATOM_SPLITPAIR; v9 seed 40591).
 * Global memory's atomics take the word as it is (a native RED.F16x2).
 * An f64 add's loop lets the added value's NaN win over the old value's
 * where ptxas orders the pair so (ATOM_VALNAN). */
/* mov.b32 d, v of an abs.f32 or neg.f32 v of x (unguarded, no .ftz) right
 * before a guarded f32 instruction that writes d: ptxas drops the mov and
 * computes the instruction unguarded, then an FSEL of it and of x with
 * the operand modifier, so where the guard is false d holds |x| or -x with
 * the sign bit alone changed (a NaN keeps its payload), though v itself is
 * the FADD's canonical NaN (sm_90 SASS; seeds 3375, 28509, 36623, 59322,
 * 67704, 82488, 97113).  The mov becomes that abs or neg (ALU_NEGAB).
 * Not before a set (its own select, foldgset), a copysign (an integer
 * SEL), or an .approx or .full rcp, sqrt, rsqrt, ex2, lg2 or div without
 * .ftz, whose scaled sequence ends in an instruction under the guard or a
 * SEL of the FADD (seeds 54917, 61017), nor before a div.rz, .rm or .rp
 * (.ftz or not), which is a branch around the call of a subroutine that
 * divides, the FADD left in d where the guard is false (sm_90 SASS; v8
 * seed 31427 regs: the H200's canonical NaN in those lanes). */
int
interp_fold_mov(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	const Func *f = x->f;
	int k = (int)(xi - pm->code) - x->pc0, v, w, u;
	const Ins *n, *d;
	const char *why;
	AluOp op;

	if (xi->x == X_MOVUNPACK && xi->nd == 2 && xi->size == 2 && f->built && f->val && k >= 0 && k < f->nins &&
	    f->ins[k] == in) {
		foldconsthalf(pm, f, xi, in);
		return 0;
	}
	if (!f->built || !f->val || k < 0 || k + 1 >= f->nins || f->ins[k] != in || in->guard || in->nopnd != 2 ||
	    xi->x != X_MOV || xi->nd != 1 || xi->ns != 1 || in->opnd[0].kind != OK_REG)
		return 0;
	n = f->ins[k + 1];
	if (n->op == OP_SET || n->op == OP_COPYSIGN || ((ir_hasmod(n, MOD_APPROX) || ir_hasmod(n, MOD_FULL)) &&
	    !ir_hasmod(n, MOD_FTZ) && (n->op == OP_RCP || n->op == OP_SQRT || n->op == OP_RSQRT || n->op == OP_EX2 ||
	    n->op == OP_LG2 || n->op == OP_DIV)))
		return 0;
	if (n->op == OP_DIV && (ir_hasmod(n, MOD_RZ) || ir_hasmod(n, MOD_RM) || ir_hasmod(n, MOD_RP)))
		return 0;
	if (!n->guard || n->ty[0] != TY_F32 || n->blk != in->blk || n->ndst != 1 || n->opnd[0].kind != OK_REG ||
	    n->opnd[0].sym != in->opnd[0].sym || (v = srcval(in, 1)) < 0 || !(d = defof(f, v, &w)) ||
	    (d->op != OP_ABS && d->op != OP_NEG) || d->ty[0] != TY_F32 || d->guard || ir_hasmod(d, MOD_FTZ) ||
	    d->nopnd != 2 || (u = srcval(d, 1)) < 0 || !holds(f, u, f->val[w].ins, k) ||
	    alu_decode(d, &op, &why) != 0 || interp_decode_op(pm, &d->opnd[1], TY_F32, &xi->s[0]))
		return 0;
	op.flags |= ALU_NEGAB;
	xi->alu = op;
	xi->x = X_ALU;
	return 0;
}

/* The value of the high result that ptxas computes with the low result d
 * in one IMAD.WIDE, -1 if none: the madc.hi that follows d, a mad.lo.cc,
 * in its carry chain with the same factors, where something reads it
 * (sm_90 SASS: IMAD.WIDE.U32 R8, a, b, {c, c'}, the f16x2 loop reading
 * R9's low half; with the madc's result unread the mad.lo.cc is an IMAD
 * alone).  A mul.lo and mul.hi of the same operands share an IMAD.WIDE
 * in some kernels and not in others, as what reads them decides. */
static int
hilo(const Func *f, const Ins *d)
{
	int i = f->val[d->def[0]].ins;

	if (d->op != OP_MAD || !ir_hasmod(d, MOD_CC) || !ir_hasmod(d, MOD_LO) || d->nopnd != 4 ||
	    (d->ty[0] != TY_U32 && d->ty[0] != TY_S32))
		return -1;
	for (int j = i + 1; j < f->nins && j <= i + 16; j++) {
		const Ins *h = f->ins[j];
		if (h->blk != d->blk)
			return -1;
		if (!ir_hasmod(h, MOD_CC) && h->op != OP_ADDC && h->op != OP_SUBC && h->op != OP_MADC)
			continue;
		/* the chain's next link is the only partner a mad.lo.cc has */
		if (h->op != OP_MADC || h->guard || h->ndef != 1 || h->ty[0] != d->ty[0] || !ir_hasmod(h, MOD_HI) ||
		    h->nopnd != 4 || !((same(d, 1, h, 1) && same(d, 2, h, 2)) || (same(d, 1, h, 2) && same(d, 2, h, 1))))
			return -1;
		for (int u = j + 1; u < f->nins && u <= j + 512; u++)
			for (int n = 0; n < f->ins[u]->nuse; n++)
				if (f->ins[u]->use[n] == h->def[0])
					return h->def[0];
		return -1;
	}
	return -1;
}

int
interp_fold_atom(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	const Func *f = x->f;
	int k = (int)(xi - pm->code) - x->pc0, first = in->op == OP_ATOM ? 2 : 1, u = in->guard != NULL, v, w, r;
	const Opnd *a, *o;
	const Ins *d;

	if (!f->built || !f->val || k < 0 || k >= f->nins || f->ins[k] != in || in->space != SP_SHARED ||
	    in->vec > 1 || xi->ns != 1 || xi->mod != MOD_ADD ||
	    (xi->ty != TY_F16X2 && xi->ty != TY_BF16X2 && xi->ty != TY_F64) || in->nopnd != first + 1)
		return 0;
	a = &in->opnd[first - 1];
	o = &in->opnd[first];
	if (a->kind != OK_ADDR || a->addrlist || a->nsub)
		return 0;
	if (a->base && a->base->kind == OK_REG && a->base->sym && a->base->sym->kind == SYM_REG)
		u++;
	if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG || o->sel != SEL_NONE || o->imm || u >= in->nuse)
		return 0;
	v = in->use[u];
	/* f64: the loop's DADD takes the old value and the added one in the
	 * order ptxas gives a commutative pair (contract.c) */
	if (xi->ty == TY_F64) {
		if (interp_nan_late(f, v))
			xi->aux |= ATOM_VALNAN;
		return 0;
	}
	d = defof(f, v, &w);
	/* of a cnot.b32: ptxas's cnot is 0 or -1, and the loop's HFMA2 adds
	 * it negated, each half's sign flipped: 0x80008000 (-0, -0) where
	 * PTX's cnot is 0, a NaN in each half where it is 1 (seed 37131) */
	if (d && d->op == OP_CNOT && d->ty[0] == TY_B32 && !d->guard) {
		xi->aux |= ATOM_CNOT;
		return 0;
	}
	if (d && !d->guard && d->ndef == 1 && (r = hilo(f, d)) >= 0) {
		XOp *ns;
		if (f->val[r].ins >= k || !holds(f, r, f->val[r].ins, k))
			return 0;
		if (!(ns = interp_realloc(pm->cx, xi->s, 2 * sizeof *xi->s)))
			return -1;
		xi->s = ns;
		if (interp_decode_op(pm, &f->ins[f->val[r].ins]->opnd[0], TY_B32, &xi->s[1]))
			return 0;
		xi->ns = 2;
		xi->aux |= ATOM_SPLITPAIR;
		return 0;
	}
	/* a scalar video result, which ptxas computes in 64 bits: vadd and
	 * vsub wrap and sign-extend the word (SHF.R.S32.HI of it); vabsdiff,
	 * vmin, vmax and vshr keep the exact value: 0 above for |a - b| and
	 * for two .u32 operands (vshr: a .u32 a, without .sat), the word's
	 * sign for two .s32 (an .s32 a) (sm_90 SASS; an H200 on every type and .sat of
	 * each: v6 seed 115970, vmax.u32.s32.s32.sat).  Not with a secondary
	 * operation or d's selector, nor with a's or b's for vadd, vsub and
	 * vshr, nor mixed operand types but for vadd and vsub: their high
	 * words follow other rules (vshl's, vmad's and vset's too). */
	if (d && !d->guard && d->nopnd == 3 && d->nty == 3 && d->opnd[0].sel == SEL_NONE &&
	    (d->op == OP_VADD || d->op == OP_VSUB || d->op == OP_VABSDIFF || d->op == OP_VMIN || d->op == OP_VMAX ||
	     d->op == OP_VSHR)) {
		int sel = d->opnd[1].sel != SEL_NONE || d->opnd[2].sel != SEL_NONE, s1 = d->ty[1] == TY_S32;
		int s2 = d->ty[2] == TY_S32;
		if (d->op == OP_VSHR)
			xi->aux |= sel ? 0 : s1 || ir_hasmod(d, MOD_SAT) ? ATOM_HISEXT : ATOM_HIZERO;
		else if (d->op == OP_VADD || d->op == OP_VSUB)
			xi->aux |= sel ? 0 : ATOM_HISEXT;
		else if (s1 == s2)
			xi->aux |= d->op == OP_VABSDIFF || !s1 ? ATOM_HIZERO : ATOM_HISEXT;
		return 0;
	}
	/* a cvt of a 64-bit integer to a 32-bit one is the source's low word */
	if (d && d->op == OP_CVT && !d->guard && d->nopnd == 2 && d->nty == 2 && isint(d->ty[0]) && isint(d->ty[1]) &&
	    ir_tyinfo[d->ty[0]].bits == 32 && ir_tyinfo[d->ty[1]].bits == 64 && !ir_hasmod(d, MOD_SAT) &&
	    (r = srcval(d, 1)) >= 0 && holds(f, r, f->val[w].ins, k) &&
	    !interp_decode_op(pm, &d->opnd[1], TY_B64, &xi->s[0])) {
		xi->aux |= ATOM_SPLITLO;
		return 0;
	}
	if (!d || d->op != OP_MOV || d->guard || d->nopnd != 2 || d->opnd[0].kind != OK_VEC || d->opnd[0].nsub != 2 ||
	    d->ndef != 2 || d->nuse != 1 || ir_tyinfo[d->ty[0]].bits != 64 || d->opnd[1].kind != OK_REG)
		return 0;
	r = d->use[0];
	if ((w != d->def[0] && w != d->def[1]) || !holds(f, r, f->val[w].ins, k) ||
	    interp_decode_op(pm, &d->opnd[1], TY_B64, &xi->s[0]))
		return 0;
	xi->aux |= w == d->def[0] ? ATOM_SPLITLO : ATOM_SPLITHI;
	return 0;
}

/* The f32 bits of source i of xi, an immediate or a register that a
 * mov of an immediate wrote (*r); 0 when it is neither. */
static int
f32const(ptx_module *pm, const Func *f, const XIns *xi, const Ins *in, int i, uint32_t *r)
{
	int v, w;
	const Ins *d;
	XOp o;

	if (xi->s[i].k == XO_IMM)
		return *r = (uint32_t)xi->s[i].imm, 1;
	if ((v = srcval(in, in->ndst + i)) < 0 || !(d = defof(f, v, &w)))
		return 0;
	/* a selp.f32 whose predicate ptxas knows is the source it picks
	 * (predconst: v6 seed 149400, abs of the NaN of a selp of x < x) */
	for (int n = 0; n < 4 && d->op == OP_SELP && !d->guard && d->nopnd == 4 && ir_tyinfo[d->ty[0]].bits == 32; n++) {
		int pv, pn = d->opnd[3].kind == OK_NOT, c, lit, ln, j, u = 0;
		/* the predicate's use follows the register sources' */
		for (j = 1; j < 3; j++)
			if (d->opnd[j].kind == OK_REG)
				u++;
			else if (d->opnd[j].kind != OK_IMM && d->opnd[j].kind != OK_FIMM)
				return 0;
		if ((pn ? d->opnd[3].nsub != 1 || d->opnd[3].sub[0].kind != OK_REG : d->opnd[3].kind != OK_REG) ||
		    (srcval(d, 1) < 0 && d->opnd[1].kind == OK_REG) || (srcval(d, 2) < 0 && d->opnd[2].kind == OK_REG) ||
		    u >= d->nuse)
			return 0;
		if ((c = predconst(f, pv = d->use[u], 0, &lit, &ln)) < 0)
			return 0;
		j = (c ^ pn) ? 1 : 2;
		if (d->opnd[j].kind == OK_IMM || d->opnd[j].kind == OK_FIMM)
			return !interp_decode_op(pm, &d->opnd[j], TY_F32, &o) && o.k == XO_IMM ? (*r = (uint32_t)o.imm, 1) : 0;
		if ((v = srcval(d, j)) < 0 || !(d = defof(f, v, &w)))
			return 0;
	}
	if (d->op != OP_MOV || d->guard ||
	    d->nopnd != 2 || (d->opnd[1].kind != OK_IMM && d->opnd[1].kind != OK_FIMM) ||
	    ir_tyinfo[d->ty[0]].bits != 32 || interp_decode_op(pm, &d->opnd[1], TY_F32, &o) || o.k != XO_IMM)
		return 0;
	return *r = (uint32_t)o.imm, 1;
}

/* The f32 bits of source i that ptxas knows: f32const's, or a kconst
 * value (set.eq.f32.s16 h, h is 1.0; set.eq.s32.u16 h, h is -1). */
static int
f32known(ptx_module *pm, const Func *f, const XIns *xi, const Ins *in, int i, uint32_t *r)
{
	uint64_t c;

	if (f32const(pm, f, xi, in, i, r))
		return 1;
	if (!interp_fold_kconst(f, srcval(in, in->ndst + i), &c))
		return 0;
	return *r = (uint32_t)c, 1;
}

/* Makes xi a mov of the constant r: the value ptxas computed at compile
 * time, which the instruction's own arithmetic would not give. */
static void
movconstk(XIns *xi, uint64_t r)
{
	xi->s[0].k = XO_IMM;
	xi->s[0].imm = r;
	xi->ns = 1;
	xi->alu.op = OP_MOV;
	xi->alu.flags = 0;
	xi->alu.nsrc = 1;
}

/* rcp, sqrt, rsqrt, lg2, ex2, sin and cos .approx.f32 of a constant
 * ptxas knows, and div.approx.f32 and div.full.f32 of two: ptxas folds
 * them to the value foldmufu.c gives (the correctly rounded one, not the
 * MUFU's; v4 seed 1892: rcp.approx.ftz of -1.66015625 is 0xbf1a33cd, the
 * MUFU.RCP 0xbf1a33ce; sm_90 SASS stores the constant), for subnormal,
 * zero and infinite operands too (v15 immx 20045: rsqrt.approx.f32 of
 * 0f00018001 is 0x6093cd09).  The constant is an immediate, a mov of one,
 * or a value ptxas computes from such (f32val: v15 immx 20389, rsqrt of a
 * mad24.hi.sat of immediates). */
/* Source i of in as f32 bits ptxas knows: an immediate, a mov of one
 * (f32const), or a value it computes from such (foldmufu.c f32val) */
static int
mufusrc(ptx_module *pm, const Func *f, const XIns *xi, const Ins *in, int i, uint32_t *r)
{
	return f32const(pm, f, xi, in, i, r) || interp_fold_f32val(pm, f, srcval(in, in->ndst + i), r);
}

/* Is source i of in a clz, bfind or popc of 64 bits that ptxas's early
 * pass does not carry to in (interp_fold_early)?  Its later pass folds
 * them (foldmufu.c intevaluated) and the MUFU that reads one, but a div
 * it has expanded by then: the FSETP, FSEL and FMUL.FTZ of the constant
 * run (v15 immx 23754: div.full.ftz.f32 of 0f0000FFFF by bfind.u64 of a
 * literal with an lg2.approx.f32 between, 62244: by bfind.shiftamt.u64
 * with a sqrt.rm.f64 between, each 0 / 0 flushed, the canonical NaN on an
 * H200, not the folded FMUL's +inf; 191678, 382568: an rsqrt of one is
 * folded, an rcp.rz.ftz.f64 between or not) */
static int
count64late(const Func *f, const Ins *in, int i)
{
	int v = srcval(in, in->ndst + i), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	return d && (d->op == OP_CLZ || d->op == OP_BFIND || d->op == OP_POPC) && d->nty >= 1 &&
	    ir_tyinfo[d->ty[0]].bits == 64 && !interp_fold_early(f, f->val[v].ins, in);
}

/* Is the divisor of div.full.ftz.f32 one ptxas learns only after it
 * expands the division: an rcp, sqrt, rsqrt, ex2 or lg2 .approx.f32 or a
 * div.approx.f32 without .ftz (a MUFU and the FSELs that scale a
 * subnormal), of values it knows?  It keeps the division's FSELs and
 * MUFU.RCP then, whose .ftz flushes a subnormal divisor or dividend at
 * run time (sm_90 SASS: 3.0 by rcp.approx.f32 of a mov'd 3.0 is no fold,
 * nor by each of the others; by their .ftz forms, by sin, cos or
 * div.full.f32 it folds, and so does a div.full.f32 or div.approx reader
 * of any; v15 immx 583405: 1e-40 by rcp.approx.f32 of 0x7ea7330b, a
 * subnormal, the canonical NaN on an H100;
 * tests/regress/div-full-ftz-late.ptx) */
static int
divlate(const Func *f, const Ins *in)
{
	int v = in->nopnd == 3 && in->opnd[2].kind == OK_REG ? srcval(in, 2) : -1, w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (!ir_hasmod(in, MOD_FULL) || !ir_hasmod(in, MOD_FTZ) || !d || d->ty[0] != TY_F32 ||
	    ir_hasmod(d, MOD_FTZ) || !ir_hasmod(d, MOD_APPROX))
		return 0;
	switch (d->op) {
	case OP_RCP: case OP_SQRT: case OP_RSQRT: case OP_EX2: case OP_LG2: case OP_DIV:
		return 1;
	}
	return 0;
}

static void
foldmufuk(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	uint32_t a, b = 0, r;
	int div = in->op == OP_DIV;

	if (div && (count64late(f, in, 0) || count64late(f, in, 1) || divlate(f, in)))
		return;
	if (div && !mufusrc(pm, f, xi, in, 1, &b))
		return;
	/* x / K of an x it does not know: x times K's correctly rounded
	 * reciprocal, scaled as the MUFU.RCP's (alu_approx_divk; v15 immx
	 * 26491: div.approx.f32 of an add.f32 by 0f000000FF is 0x43808000, the
	 * MUFU's 0x43807fff), but by 1.0 (folddiv1) */
	if (!mufusrc(pm, f, xi, in, 0, &a)) {
		if (div && (b & 0x7FFFFFFFu) != 0x3F800000u && (b & 0x7FFFFFFFu) <= 0x7F800000u &&
		    xi->alu.op == OP_DIV && !xi->alu.mode)
			xi->alu.mode = OP_RCP;
		return;
	}
	if (interp_fold_mufuval(in, a, b, &r))
		movconstk(xi, r);
}

/* abs.f32, .ftz or not, of a NaN ptxas knows (an immediate, or a mov of
 * one): it folds it to the NaN with its payload quieted and the sign
 * cleared, where the FADD it makes of a register's NaN gives the
 * canonical NaN (v6 seed 72633: abs.ftz of a mov of 0fFFC00000 is
 * 0x7fc00000 on an H200; sm_90 SASS stores 0x7fc00000, 0x7fc00001 and
 * 0x7fc00003 for 0fFFC00000, 0f7F800001 and 0fFF800003); neg.f32 flips
 * the sign of such a NaN instead (foldnegk).  Other constants are what the
 * instruction computes anyway (a subnormal flushed with .ftz, then the
 * sign).  A value ptxas computes from immediates (kconst) is known too
 * (v14 xmix 216: abs.ftz.f32 of a bfe.s32 at 17, 14 of a sub.u32 of a
 * mov.u32, 0xffffe052, is 0x7fffe052 on an H200; sm_90 SASS: an
 * HFMA2.MMA of +QNAN and -553), and so is one they compute from a float
 * literal's bits, which ptxas propagates (kconstintlit; v14 xmix 25781:
 * abs.f32 of sub.s32 of shr.u32 by 23 of mov.f32 1.17549435e-38 and 127,
 * 0xffffff82, is 0x7fffff82 on an H200; sm_90 SASS: MOV R, 0x7fffff82;
 * neg.f32 alike, foldnegk). */
static int negabsk(ptx_module *pm, const Func *f, const Ins *in, int i, uint32_t *r);
static int mmstop(const Func *f, int i, int k);

/* The f32 bits of abs.f32's source where integer instructions compute
 * it from a float literal that ptxas propagates (kconstintlit) */
static int
abslitk(const Func *f, const XIns *xi, const Ins *in, uint32_t *a)
{
	uint64_t c;

	if (xi->s[0].k == XO_IMM || !interp_fold_kconstintlit(f, srcval(in, 1), &c))
		return 0;
	return *a = (uint32_t)c, 1;
}

static int
foldabsk(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	uint32_t a;
	int v, w, z;
	const Ins *d, *e;
	XOp o;

	if (interp_fold_ftzlate(f, in))
		return 0;
	/* or of a neg.f32 of an immediate NaN, which ptxas folds first
	 * (foldnegk; dag seed 1402: abs of neg of 0F7fc00000 is 0x7fc00000) */
	if (xi->s[0].k != XO_IMM && (v = srcval(in, 1)) >= 0 && (d = defof(f, v, &w)) && d->op == OP_NEG &&
	    !d->guard && d->ty[0] == TY_F32 && d->nopnd == 2 && d->opnd[1].kind == OK_FIMM &&
	    !interp_decode_op(pm, &d->opnd[1], TY_F32, &o) && o.k == XO_IMM && (o.imm & 0x7FFFFFFFu) > 0x7F800000u)
		a = (uint32_t)o.imm;
	/* or of a min or max.f32 of a neg or abs.f32 of a NaN immediate
	 * with itself, which ptxas folds to that NaN (negabsk, foldmmnan;
	 * v14 dag 16077: abs.f32 of max.ftz.f32 of abs.f32 0F7fc00001 with
	 * itself is 0x7fc00001 on an H200) */
	else if (xi->s[0].k != XO_IMM && (v = srcval(in, 1)) >= 0 && (d = defof(f, v, &w)) && !d->guard &&
	    (d->op == OP_MIN || d->op == OP_MAX) && d->ty[0] == TY_F32 && d->nopnd == 3 && (z = srcval(d, 1)) >= 0 &&
	    z == srcval(d, 2) && !ir_hasmod(d, MOD_NAN_PROP) && !ir_hasmod(d, MOD_XORSIGN) && !ir_hasmod(d, MOD_RELU) &&
	    negabsk(pm, f, d, 0, &a) && (e = defof(f, z, &z)) && !mmstop(f, f->val[z].ins, k))
		;
	else if (!f32known(pm, f, xi, in, 0, &a) && !abslitk(f, xi, in, &a))
		return 0;
	if ((a & 0x7FFFFFFFu) <= 0x7F800000u)
		return 0;
	a |= 0x400000u;
	movconstk(xi, a & 0x7FFFFFFFu);
	return 1;
}

/* The bits of in's source operand 1 where ptxas knows them as a float
 * constant: an immediate, or an unguarded mov of one of the same width,
 * a 0f/0d one only where f32hex (see foldnegk).  s0 is that operand as
 * the loader decoded it, where in is the instruction being decoded, else
 * NULL. */
static int
movconst(ptx_module *pm, const Func *f, const XOp *s0, const Ins *in, int bits, int f32hex, uint64_t *r)
{
	int v, w;
	const Ins *d;
	XOp o;

	if (s0 && s0->k == XO_IMM)
		return *r = s0->imm, 1;
	if ((v = srcval(in, 1)) < 0 || !(d = defof(f, v, &w)))
		return 0;
	/* an slct.b32.f32 by an immediate selector ptxas decides, c >= 0.0
	 * picking a, else (a NaN too) b, is the one it picks (v13 dag seed
	 * 1687: neg.f16x2 of an slct by 65504.0 of a mov.b32 0x7fc003ff is
	 * 0xffc083ff on an H200) */
	/* of 64 bits alike: neg.f64 and abs.f64 of an slct.{b64,s64}.f32 of
	 * immediates fold to the one picked, its sign flipped or cleared
	 * (sm_90 SASS: MOV R7, 0x7fffffff; MOV R6, -0x35 for neg.f64 of
	 * slct.ftz.b64.f32 -53, 0x3810000000000000, 0f00000041; v15 immx
	 * 118849, 180283, 192187, 406229) */
	const Opnd *so = NULL;
	if ((bits == 32 || bits == 64) && !f32hex && d->op == OP_SLCT && !d->guard && d->nopnd == 4 && d->nty == 2 &&
	    d->ty[1] == TY_F32 && ir_tyinfo[d->ty[0]].bits == bits) {
		const Ins *m;
		so = &d->opnd[3];
		if (so->kind == OK_REG && (v = srcval(d, 3)) >= 0 && (m = defof(f, v, &w)) && m->op == OP_MOV &&
		    !m->guard && m->nopnd == 2 && ir_tyinfo[m->ty[0]].bits == 32)
			so = &m->opnd[1];
		if (so->kind != OK_FIMM && so->kind != OK_IMM)
			so = NULL;
	}
	if (so && !interp_decode_op(pm, so, TY_F32, &o) && o.k == XO_IMM) {
		uint32_t c = (uint32_t)o.imm;
		/* (.ftz flushes a subnormal c to a zero, which picks a) */
		if (ir_hasmod(d, MOD_FTZ) && !(c & 0x7F800000u))
			c = 0;
		int pick = (c & 0x7FFFFFFFu) > 0x7F800000u || ((c >> 31) && (c & 0x7FFFFFFFu)) ? 2 : 1;
		/* the one picked a literal itself (v15 immx 24560: neg.f16x2 of
		 * slct.ftz.f32.f32 0f7F800001, 0f422F8000, 0f0000003F is
		 * 0xff808001 on an H200) */
		if ((d->opnd[pick].kind == OK_IMM || d->opnd[pick].kind == OK_FIMM) &&
		    !interp_decode_op(pm, &d->opnd[pick], d->ty[0], &o) && o.k == XO_IMM)
			return *r = bits == 32 ? o.imm & 0xFFFFFFFFu : o.imm, 1;
		if ((v = srcval(d, pick)) < 0 || !(d = defof(f, v, &w)))
			return 0;
	}
	if (d->op != OP_MOV || d->guard || d->nopnd != 2 || d->ndef != 1 || ir_tyinfo[d->ty[0]].bits != bits)
		return 0;
	/* a mov.b32 {a, b} pack of two halves that movs of immediates wrote
	 * is known too (v13 dag seed 2573: neg.f16x2 of {0xfe12, 0xfe12} is
	 * 0x7e127e12 on an H200) */
	if (bits == 32 && !f32hex && d->opnd[1].kind == OK_VEC && d->opnd[1].nsub == 2 && d->nuse == 2) {
		uint64_t h[2];
		for (int i = 0; i < 2; i++) {
			int u = d->use[i];
			const Ins *m = u >= 0 && u < f->nval && f->val[u].ins >= 0 ? f->ins[f->val[u].ins] : NULL;
			if (!m || m->op != OP_MOV || m->guard || m->nopnd != 2 || m->ndef != 1 ||
			    ir_tyinfo[m->ty[0]].bits != 16 || m->opnd[1].kind != OK_IMM ||
			    interp_decode_op(pm, &m->opnd[1], TY_B16, &o) || o.k != XO_IMM)
				return 0;
			h[i] = o.imm & 0xFFFFu;
		}
		return *r = h[1] << 16 | h[0], 1;
	}
	if (f32hex ? d->opnd[1].kind != OK_FIMM : d->opnd[1].kind != OK_FIMM && d->opnd[1].kind != OK_IMM)
		return 0;
	if (interp_decode_op(pm, &d->opnd[1], d->ty[0] == TY_F32 || d->ty[0] == TY_F64 ? d->ty[0] : TY_B64, &o) ||
	    o.k != XO_IMM)
		return 0;
	return *r = o.imm, 1;
}

/* The bits ptxas gives f32 value v where it knows v is a NaN, else 0:
 * a 0f immediate NaN moved (quieted), an abs or neg of a known NaN (its
 * sign cleared or flipped, as foldabsk and foldnegk fold them), an add,
 * sub or mul .f32 (no .ftz or .sat) without a rounding modifier with a
 * known NaN operand (0f immediate or register; NaN op x is a NaN, sm_90
 * SASS: a MOV of 0x7fffffff for mul.f32 of 0f7FFFFFFF and a register),
 * and one with .rn whose operands are all known, immediates, movs of
 * them, integer instructions of such values (kconst) or known NaNs (a
 * register ptxas does not know and a NaN stay an FMUL): the canonical
 * 0x7fffffff.  With .rz, .rm or .rp ptxas folds no NaN: the FMUL.RZ,
 * FADD.RM ... of the NaN, immediates and movs of them alike, stays to
 * run, and a neg of it is an FADD, the canonical NaN (sm_90 SASS: neg.f32
 * of mul.rn.f32 of a mov.f32 0F7f800001 with itself, of a mov'd 1.5 and
 * 0Fffc12345, and of add.rn.f32 of mov.b32 0x7f800001 and 5 are a MOV of
 * 0xffffffff, .ftz alike; of mul.rz, .rm, .rp of them an FMUL.RZ ...
 * and an FADD R, -R, -RZ; v15 xmix 275417, 231537, 210169 gave
 * 0xffffffff, 250554, 250964, 175979 0x7fffffff on an H200).  Not an
 * fma or mad (an FFMA of +QNAN stays).  A short walk: depth 6. */
static uint32_t
nan32k(ptx_module *pm, const Func *f, int v, int depth)
{
	int w, u, any = 0, all = 1;
	const Ins *d = v >= 0 && depth < 6 ? defof(f, v, &w) : NULL;
	XOp o;
	uint32_t c;

	if (!d || d->guard || d->ty[0] != TY_F32)
		return 0;
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_FIMM && d->opnd[1].flkind == FL_F32HEX &&
	    !interp_decode_op(pm, &d->opnd[1], TY_F32, &o) && o.k == XO_IMM && (o.imm & 0x7FFFFFFFu) > 0x7F800000u)
		return (uint32_t)o.imm | 0x400000u;
	if ((d->op == OP_ABS || d->op == OP_NEG) && d->nopnd == 2) {
		if (d->opnd[1].kind == OK_FIMM) {
			if (interp_decode_op(pm, &d->opnd[1], TY_F32, &o) || o.k != XO_IMM ||
			    (o.imm & 0x7FFFFFFFu) <= 0x7F800000u)
				return 0;
			c = (uint32_t)o.imm | 0x400000u;
		} else if ((u = srcval(d, 1)) < 0 || !(c = nan32k(pm, f, u, depth + 1)))
			return 0;
		return d->op == OP_ABS ? c & 0x7FFFFFFFu : c ^ 0x80000000u;
	}
	if ((d->op != OP_ADD && d->op != OP_SUB && d->op != OP_MUL) || d->nopnd != 3 || ir_hasmod(d, MOD_SAT) ||
	    ir_hasmod(d, MOD_RZ) || ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RP))
		return 0;
	/* .ftz of operands all known, one a NaN integer instructions compute
	 * (kconst) or an immediate, the others immediates or such values
	 * (sm_90 SASS: MOV 0xffffffff for neg.f32 of sub.rn.ftz.f32 of an and
	 * of mov.f32 0Fffc12345 with 0f7FFFFFFF and 0.333333333; v14 xmix
	 * 51637 on an H200); of a register ptxas does not know an FADD.FTZ and
	 * the neg's FADD remain */
	if (ir_hasmod(d, MOD_FTZ)) {
		uint64_t kc;
		for (int i = 1; i < d->nopnd; i++) {
			const Opnd *op = &d->opnd[i];
			if (op->kind == OK_FIMM) {
				if (interp_decode_op(pm, op, TY_F32, &o) || o.k != XO_IMM)
					return 0;
				kc = o.imm;
			} else if ((u = srcval(d, i)) < 0 || !interp_fold_kconstint(f, u, &kc))
				return 0;   /* (a directed rounding, taken above, keeps its
					     * mov'd NaN in a register: v13 dag 4642,
					     * mul.rp.ftz.f32 of mov.f32 0Fffa00000, its neg
					     * the FADD's 0x7fffffff) */
			if (((uint32_t)kc & 0x7FFFFFFFu) > 0x7F800000u)
				any = 1;
		}
		return any ? 0x7FFFFFFFu : 0;
	}
	for (int i = 1; i < d->nopnd; i++) {
		const Opnd *op = &d->opnd[i];
		if (op->kind == OK_FIMM) {
			if (!interp_decode_op(pm, op, TY_F32, &o) && o.k == XO_IMM && (o.imm & 0x7FFFFFFFu) > 0x7F800000u)
				any = 1;
		} else if ((u = srcval(d, i)) >= 0 && (c = nan32k(pm, f, u, depth + 1)) != 0) {
			any = 1;
		} else {
			/* (directed roundings, taken above, keep even a mov'd
			 * NaN in a register: v13 dag seed 8527, mul.rm.f32 x * x
			 * of 0fFFFFFFFE is FMUL.RM R5, -QNAN and its neg an
			 * FADD); .rn folds values ptxas knows, NaNs or not */
			uint64_t kc;
			if (u >= 0 && (interp_fold_kconst(f, u, &kc) || interp_fold_kconstintlit(f, u, &kc)))
				any |= ((uint32_t)kc & 0x7FFFFFFFu) > 0x7F800000u;
			else
				all = 0;
		}
	}
	return any && (all || !rounds(d)) ? 0x7FFFFFFFu : 0;
}


/* neg and abs of a float constant ptxas knows, which it folds to a
 * constant at compile time (sm_90 SASS: a MOV of the result; dag seeds
 * 152, 171, 323, 564 on an H200):
 *   - neg.f32 (.ftz or not) of a NaN, an immediate or a mov.f32 of a 0f
 *     one, is the NaN quieted with its sign flipped (0xffe12345 for
 *     0f7FA12345), as abs.f32 clears it (foldabsk); so is one of a
 *     mov.b32 of an integer immediate, or of integer instructions of
 *     such values (kconst, not a prmt; seed 1729's 0x7fffffff, an FADD's canonical
 *     NaN, was a register ptxas did not know);
 *   - neg.f64 and abs.f64 of an immediate or a mov of one flip or clear
 *     the sign bit alone: a signalling NaN stays one (0xfff0000000000001
 *     for 0d7FF0000000000001), where a register's is quieted;
 *   - neg.f16x2 and abs.f16x2 (no .ftz) of a mov.b32 of an immediate, or
 *     of a mov.b32 {a, b} of two mov.b16 immediates, flip or clear both
 *     halves' sign bits, NaNs as they are (0xfd01bc00 for 0x7d013c00).  Other constants are what the instruction computes
 *     anyway. */
/* Does in's result go only to min or max .f32 instructions (no .NaN,
 * .xorsign or .relu) that read it twice, at least one? */
static int
selfmmonly(const Func *f, const Ins *in)
{
	int v = in->ndef == 1 ? in->def[0] : -1;

	if (v < 0 || v >= f->nval || !f->rdoff || f->rdoff[v] == f->rdoff[v + 1])
		return 0;
	for (int r = f->rdoff[v]; r < f->rdoff[v + 1]; r++) {
		const Ins *m = f->ins[f->rd[r]];
		if ((m->op != OP_MIN && m->op != OP_MAX) || m->ty[0] != TY_F32 || m->nopnd != 3 ||
		    ir_hasmod(m, MOD_NAN_PROP) || ir_hasmod(m, MOD_XORSIGN) || ir_hasmod(m, MOD_RELU) ||
		    srcval(m, 1) != v || srcval(m, 2) != v)
			return 0;
	}
	return 1;
}

/* Is v an unguarded cvt.rpi or cvt.rmi to a 64-bit integer of a float
 * immediate (or a mov of one) whose result does not saturate: a NaN, or a
 * value in the type's range?  ptxas folds the F2I.CEIL and F2I.FLOOR of a
 * constant only where it saturates, and leaves the rest to run (sm_90
 * SASS: F2I.S64.F64.CEIL R, -1 and a DADD of -RZ for neg.f64 of
 * cvt.rpi.s64.f64 0dBFF0000000000000, F2I.S64.F64.FLOOR of 2.0, F2I.CEIL
 * of a NaN, where cvt.rpi.s64.f64 of 2^100, cvt.rpi.u64.f32 of 3.5e38 and
 * cvt.rmi.u64.f64 of -2.0 are MOVs of the negated saturated value, and
 * .rni and .rzi fold in range; v15 immx 162862 on an H100), so a neg.f64
 * or abs.f64 of it is the DADD's, a NaN's sign kept. */
static int
f2idirrun(ptx_module *pm, const Func *f, int v)
{
	int w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	const Opnd *io;
	XOp o;
	double x;

	if (!d || d->guard || d->op != OP_CVT || d->nty != 2 || d->nopnd != 2 || !isint(d->ty[0]) ||
	    ir_tyinfo[d->ty[0]].bits != 64 || (d->ty[1] != TY_F32 && d->ty[1] != TY_F64) ||
	    !(ir_hasmod(d, MOD_RPI) || ir_hasmod(d, MOD_RMI)) || !(io = immsrc(f, d)) || io->kind != OK_FIMM ||
	    interp_decode_op(pm, io, d->ty[1], &o) || o.k != XO_IMM)
		return 0;
	if (d->ty[1] == TY_F32) {
		float g;
		uint32_t b = (uint32_t)o.imm;
		memcpy(&g, &b, sizeof g);
		x = g;
	} else
		memcpy(&x, &o.imm, sizeof x);
	if (isnan(x))
		return 1;
	x = ir_hasmod(d, MOD_RPI) ? ceil(x) : floor(x);
	return ir_tyinfo[d->ty[0]].kind == TK_SINT ? x >= -9223372036854775808.0 && x < 9223372036854775808.0 :
	    x >= 0.0 && x < 18446744073709551616.0;
}

/* An unguarded cvt.f64.f32 (.ftz or not) of a 32-bit value ptxas knows
 * (a mov of an immediate, movconst, or integer instructions of such values,
 * kconst, a float literal's bits among them, kconstintlit): ptxas converts it as it compiles, a NaN quieted with its payload
 * shifted (of .ftz the canonical 0x7fffffffe0000000), and folds a neg.f64
 * or abs.f64 of it to that constant with its sign flipped or cleared
 * (sm_90 SASS: MOV 0xffffffff, 0xe0000000 for neg.f64 of cvt.ftz.f64.f32
 * of mov.f32 0Fffc12345, 0x7ff82468a0000000 without .ftz, of a mov.b32
 * 0xffc12345 too, 0xfff8000020000000 of an or.b32 of mov.f32 1.5 and
 * 0x7f800001; v14 and v15 xmix 19290 on an H100), where the DADD of -RZ
 * a neg.f64 of a register is keeps a NaN's sign.  The value into *r. */
static int
cvtf32k(ptx_module *pm, const Func *f, int v, uint64_t *r)
{
	int w, u;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	uint64_t c;

	if (!d || d->guard || d->op != OP_CVT || d->nty != 2 || d->ty[0] != TY_F64 || d->ty[1] != TY_F32 ||
	    d->nopnd != 2 || d->ndef != 1 || d->opnd[1].kind != OK_REG || (u = srcval(d, 1)) < 0 ||
	    (!movconst(pm, f, NULL, d, 32, 0, &c) && !interp_fold_kconst(f, u, &c) &&
	     !interp_fold_kconstintlit(f, u, &c)))
		return 0;
	c &= 0xFFFFFFFFu;
	return interp_fold_kexec(d, 1, &c, r);
}

static int selpk64(ptx_module *pm, const Func *f, int v, int depth, uint64_t *r);
static int mmself64(const Func *f, int v);
static int bf16dir(const Ins *in);

/* The truth of predicate value pv where an unguarded setp.f64 without a
 * BoolOp of values selpk64 knows writes it (its first destination or
 * the second, !p), or of one such NaN and a value it does not know (the
 * unordered compares true, the ordered false, as setpnank): ptxas
 * decides the DSETP (sm_90 SASS: no DSETP for selp.f64 by setp.ltu.f64
 * x, x of an add.u64 of a mov.u64 0x3ffa000000000000 with itself, a NaN,
 * nor by setp.gt.f64 of the add.u64 of a mov'd -1 with itself and a
 * loaded value, false; v15 xmix 241855, 188273 on an H200).  1 or 0,
 * else -1. */
static int
setpk64(ptx_module *pm, const Func *f, int pv, int depth)
{
	int w, known = 3, nan = 0;
	const Ins *e = pv >= 0 ? defof(f, pv, &w) : NULL;
	uint64_t k[2];
	AluOp op;
	const char *why;
	XOp o;

	if (!e || e->op != OP_SETP || e->guard || e->nopnd != 3 || e->nty != 1 || e->ty[0] != TY_F64 ||
	    e->ndef < 1 || alu_decode(e, &op, &why) || !op.cmp || op.bop)
		return -1;
	for (int i = 0; i < 2; i++) {
		const Opnd *so = &e->opnd[1 + i];
		if (so->kind == OK_IMM || so->kind == OK_FIMM) {
			if (interp_decode_op(pm, so, TY_F64, &o) || o.k != XO_IMM)
				return -1;
			k[i] = o.imm;
		} else if (so->kind != OK_REG || !selpk64(pm, f, srcval(e, 1 + i), depth + 1, &k[i]))
			known &= ~(1 << i);
		if ((known >> i & 1) && (k[i] & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull)
			nan = 1;
	}
	if (known != 3) {
		if (!nan)
			return -1;
		k[0] = k[1] = 0x7FF8000000000000ull;
	}
	return alu_fcmp(ALU_F64, k[0], k[1], op.cmp, 0) ^ (w != e->def[0]);
}

/* The 64 bits of value v where ptxas knows them as it folds a neg.f64 or
 * abs.f64 of v: a mov of an immediate, integer instructions of constants
 * (interp_fold_dconstdeep), a cvt.f64.f32 of a known word (cvtf32k), a
 * neg.f64 or abs.f64 of such a value (folded, the sign bit alone
 * changed), a min or max.f64 of one with itself (mmself64: a copy), or an
 * unguarded selp or slct of 64 bits that picks an immediate or such a
 * value:
 *   - a selp whose predicate ptxas decides (predconst: a setp of a value
 *     with itself, a NaN compare, of known values, and, or and not of
 *     such; setpk64) or whose two operands are one value;
 *   - an slct.f32 or .s32 by a selector it knows (an immediate, or what
 *     kconst computes, a set of a value with itself too), a for c >= 0
 *     (-0.0 too, and under .ftz a subnormal), b below; not by a NaN.
 * ptxas folds the SEL to the operand picked, the DMNMX to the value, then
 * the neg or abs to that constant with its sign flipped or cleared, a
 * signalling NaN kept (sm_90 SASS: MOV R4, 0xabc; MOV R5, 0x7ff40000 for
 * neg.f64 of selp.f64 0dFFF4000000000ABC, x, p by setp.leu.f32 y, y; by a
 * setp.lt.s64 of loaded values an FSEL of the immediate and the DADD of
 * -RZ that quiets it; v14 xmix 15352, v15 xmix 153900, 188273, 304843,
 * v1 f64 294506; of slct.f64.f32 0D7ff0000000000001, 0.0 by set.le.f32.s32
 * x, x, 0xfff0000000000001, v15 xmix 242804, 345538, 356357; of min.f64 x,
 * x of a mov.u64 -1, 0x7fffffffffffffff, v15 xmix 426811, 85105, 80655,
 * 274326, 357670; on an H100 or H200). */
static int
selpk64(ptx_module *pm, const Func *f, int v, int depth, uint64_t *r)
{
	int w, pick, u = 0, c, pr, prn, m;
	const Ins *d = v >= 0 && depth < 6 ? defof(f, v, &w) : NULL;
	const Opnd *po;
	XOp o;
	uint64_t k;

	if (!d || d->guard || d->ndef != 1)
		return 0;
	if ((m = mmself64(f, v)) != v)
		return selpk64(pm, f, m, depth + 1, r);
	if (d->op == OP_MOV && d->nopnd == 2 && (d->opnd[1].kind == OK_IMM || d->opnd[1].kind == OK_FIMM) &&
	    ir_tyinfo[d->ty[0]].bits == 64)
		return !interp_decode_op(pm, &d->opnd[1], d->ty[0] == TY_F64 ? TY_F64 : TY_B64, &o) &&
		    o.k == XO_IMM && (*r = o.imm, 1);
	/* (a cvt.f64 of an f16 or bf16 NaN k16 knows is the canonical NaN
	 * ptxas folds it to, foldcvtnank's, but for the .rz, .rm and .rp of a
	 * bf16, an F2F that keeps the payload; with .sat a NaN is +0: v15
	 * xmix 437250, abs.f64 of cvt.sat.f64.f16 of one is 0 on an H100) */
	if (d->op == OP_CVT && d->nty == 2 && d->ty[0] == TY_F64 && (d->ty[1] == TY_F16 || d->ty[1] == TY_BF16) &&
	    d->nopnd == 2 && !bf16dir(d) && !ir_hasmod(d, MOD_SAT) && d->opnd[1].kind == OK_REG && srcval(d, 1) >= 0 &&
	    k16(pm, f, srcval(d, 1), 0, &k) &&
	    (k & 0x7FFFu) > (d->ty[1] == TY_BF16 ? 0x7F80u : 0x7C00u))
		return *r = 0x7FFFFFFFE0000000ull, 1;
	if ((d->op == OP_NEG || d->op == OP_ABS) && d->nty == 1 && d->ty[0] == TY_F64 && d->nopnd == 2) {
		if (d->opnd[1].kind == OK_IMM || d->opnd[1].kind == OK_FIMM) {
			if (interp_decode_op(pm, &d->opnd[1], TY_F64, &o) || o.k != XO_IMM)
				return 0;
			k = o.imm;
		} else if (!selpk64(pm, f, srcval(d, 1), depth + 1, &k))
			return 0;
		*r = d->op == OP_NEG ? k ^ 0x8000000000000000ull : k & 0x7FFFFFFFFFFFFFFFull;
		return 1;
	}
	if (d->op == OP_SLCT && d->nopnd == 4 && d->nty == 2 && ir_tyinfo[d->ty[0]].bits == 64 &&
	    (d->ty[1] == TY_S32 || d->ty[1] == TY_F32)) {
		if (d->opnd[3].kind == OK_IMM || d->opnd[3].kind == OK_FIMM) {
			if (interp_decode_op(pm, &d->opnd[3], d->ty[1], &o) || o.k != XO_IMM)
				return 0;
			k = o.imm & 0xFFFFFFFFu;
		/* not a set.hs, ls, lo or hi of a value with itself, which
		 * ptxas leaves to its ISETP and SEL (kconstint; v14 xmix
		 * 12491: abs.f64 of slct.f64.s32 by set.hi.u32.u32 x, x is
		 * FSELs and a DADD of |R|, the NaN quieted, on an H100) */
		} else if (d->opnd[3].kind != OK_REG || !interp_fold_kconstint(f, srcval(d, 3), &k))
			return 0;
		k &= 0xFFFFFFFFu;
		if (d->ty[1] == TY_F32 && (k & 0x7FFFFFFFu) > 0x7F800000u)
			return 0;
		if (d->ty[1] == TY_F32 && ir_hasmod(d, MOD_FTZ) && !(k & 0x7F800000u))
			k = 0;
		pick = d->ty[1] == TY_F32 ? ((k & 0x80000000u) && (k & 0x7FFFFFFFu) ? 2 : 1) : (k & 0x80000000u ? 2 : 1);
	} else if (d->op != OP_SELP)
		return depth > 0 && !f2idirrun(pm, f, v) && (interp_fold_dconstdeep(f, v, r) || cvtf32k(pm, f, v, r));
	else if (d->nopnd != 4 || d->nty != 1 || ir_tyinfo[d->ty[0]].bits != 64)
		return 0;
	else if (srcval(d, 1) >= 0 && srcval(d, 1) == srcval(d, 2))
		pick = 1;
	else {
		po = &d->opnd[3];
		prn = po->kind == OK_NOT;
		if (prn)
			po = po->nsub == 1 ? &po->sub[0] : NULL;
		if (!po || po->kind != OK_REG)
			return 0;
		for (int i = 1; i <= 2; i++)
			u += srcval(d, i) >= 0;
		if (u >= d->nuse)
			return 0;
		if ((c = predconst(f, d->use[u], 0, &pr, &pr)) < 0 && (c = setpk64(pm, f, d->use[u], depth)) < 0)
			return 0;
		pick = c ^ prn ? 1 : 2;
	}
	if (d->opnd[pick].kind == OK_IMM || d->opnd[pick].kind == OK_FIMM)
		return !interp_decode_op(pm, &d->opnd[pick], d->ty[0] == TY_F64 ? TY_F64 : TY_B64, &o) &&
		    o.k == XO_IMM && (*r = o.imm, 1);
	return selpk64(pm, f, srcval(d, pick), depth + 1, r);
}

static int
foldnegk(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	int neg = in->op == OP_NEG, v, w;
	const Ins *d;
	uint64_t c, r;

	switch (in->ty[0]) {
	case TY_F32:
		if (interp_fold_ftzlate(f, in))
			return 0;
		/* of a known NaN: folded, the sign flipped, but for an add,
		 * sub or mul without a rounding modifier, into which ptxas
		 * moves the neg first (its NaN canonical, as the FADD's) */
		if (neg && xi->s[0].k != XO_IMM && (v = srcval(in, 1)) >= 0 && (d = defof(f, v, &w)) &&
		    d->op != OP_MOV && d->op != OP_NEG && (d->op == OP_ABS || rounds(d)) &&
		    (c = nan32k(pm, f, v, 0)) != 0) {
			r = c ^ 0x80000000u;
			break;
		}
		if (neg && movconst(pm, f, xi->s, in, 32, 1, &c) && (c & 0x7FFFFFFFu) > 0x7F800000u) {
			r = ((c & 0xFFFFFFFFu) | 0x400000u) ^ 0x80000000u;
			break;
		}
		/* of any 32-bit value ptxas computes (an integer immediate's
		 * mov, integer instructions of such values: kconst) that is a
		 * NaN, the same (sm_90 SASS: MOV R, 0xffffffff for neg.f32 of a
		 * mov.b32 0x7fffffff, 0xffc00001 of 0x7f800001, .ftz alike; v14
		 * xmix seeds 8418, 13359, 13533, 14288, 20225: a bfi, shl and
		 * sub, shr.s and xor of movs, each on an H200); not a prmt,
		 * which ptxas leaves to run (v14 xmix 27812: an FADD's
		 * canonical NaN), nor a selp by a predicate it knows (2918);
		 * nor, with .ftz, a value a guarded instruction whose guard
		 * ptxas decides leaves, whose neg its later pass makes an
		 * FADD.FTZ of -RZ and the negated constant, the canonical NaN
		 * (sm_90 SASS: neg.ftz.f32 of mov.f32 0fFFC12345 after an
		 * add.s32 or add.ftz.f32 of it under a guard that setp.le.s32
		 * of it and 0 makes, false, is FADD.FTZ R, -RZ, +QNAN, a MOV
		 * of 0x7fc12345 without .ftz; v14 xmix 3323, 0x7fffffff on an
		 * H200); but where only a min or max of the neg with itself
		 * reads it, that pass folds the FMNMX of the negated constant
		 * twice to the constant (sm_90 SASS: a MOV of 0xffc00001 for
		 * min.f32 of neg.ftz of 0f7F800001 left so; v15 xmix 176394,
		 * 0xffc00001 on an H200).  The integer instructions may start
		 * from a float literal's bits, which ptxas propagates
		 * (kconstintlit; v15 xmix 114871: neg.f32 of sub.s32 of
		 * shr.s32 by 23 of a bfe.u32 of mov.f32 1e-3 and 127 is
		 * 0x7fffff81 on an H200; sm_90 SASS of neg.ftz.f32 of such a
		 * chain from 1.17549435e-38: MOV R, 0x7fffff81) */
		if (!neg || xi->s[0].k == XO_IMM || (v = srcval(in, 1)) < 0 || !(d = defof(f, v, &w)) ||
		    d->op == OP_PRMT || (d->guard && ir_hasmod(in, MOD_FTZ) && !selfmmonly(f, in)) ||
		    (!interp_fold_kconst(f, v, &c) && !interp_fold_kconstintlit(f, v, &c)) ||
		    (c & 0x7FFFFFFFu) <= 0x7F800000u)
			return 0;
		r = ((c & 0xFFFFFFFFu) | 0x400000u) ^ 0x80000000u;
		break;
	case TY_F64:
		/* of a value integer instructions of constants compute too,
		 * which ptxas holds as a constant (interp_fold_dconst; v14
		 * xmix 8524, 14702: 0x7ff4000000000abc for 0xfff4000000000abc),
		 * also where a mul.f64 squares the neg, which ptxas makes a
		 * DMUL of the source, the negations cancelling (foldsqneg: v14
		 * xmix 28818), while the neg's own readers take the folded
		 * constant (v14 xmix 10893: st of the neg is a MOV of
		 * 0xfffffffffffffffe, the DMUL reads 0x7ffffffffffffffe).  The walk goes
		 * eight definitions back, not kconst's six: ptxas folds the
		 * whole chain (v15 xmix 41446, 57735: a pack of a word that
		 * shr.s32, xor and and make of a mov's unpack) */
		if (!movconst(pm, f, xi->s, in, 64, 0, &c) &&
		    (xi->s[0].k == XO_IMM || (v = srcval(in, 1)) < 0 || f2idirrun(pm, f, v) ||
		     (!interp_fold_dconstdeep(f, v, &c) && !cvtf32k(pm, f, v, &c) && !selpk64(pm, f, v, 0, &c))))
			return 0;
		r = neg ? c ^ 0x8000000000000000ull : c & 0x7FFFFFFFFFFFFFFFull;
		break;
	case TY_F16X2:
		/* a kconst value too (v14 xmix 138: abs.f16x2 of a shr.s32 of a
		 * mul.lo.u32 of a mov.b32 keeps the low half's NaN 0x7e1f) */
		if (ir_hasmod(in, MOD_FTZ))
			return 0;
		/* of a neg or abs.f16x2 of a mov of an immediate, which ptxas
		 * folds first, keeping each half's payload (v14 dag 12368:
		 * neg.f16x2 of abs.f16x2 of 0x7e007bff has the high half
		 * 0xfe00 on an H200) */
		if (xi->s[0].k != XO_IMM && (v = srcval(in, 1)) >= 0 && (d = defof(f, v, &w)) && !d->guard &&
		    (d->op == OP_NEG || d->op == OP_ABS) && d->ty[0] == TY_F16X2 && d->nopnd == 2 &&
		    !ir_hasmod(d, MOD_FTZ) && movconst(pm, f, NULL, d, 32, 0, &c)) {
			c = d->op == OP_NEG ? (c & 0xFFFFFFFFu) ^ 0x80008000u : c & 0x7FFF7FFFu;
			r = neg ? c ^ 0x80008000u : c & 0x7FFF7FFFu;
			break;
		}
		if (!movconst(pm, f, xi->s, in, 32, 0, &c)) {
			/* (a neg only of a word of a mov.b64 unpack of a
			 * literal: v15 immx 22935, neg.f16x2 of the high word of
			 * 18442240474082181120 kept its NaN 0xfff0 on an H200;
			 * of an integer instruction: kconst evaluates packed
			 * half ones, which ptxas does not; v14 xmix 117, the
			 * neg.f16x2 of a mul.rn.f16x2 of two movs an HADD2's;
			 * nor a prmt, v13 dag 620, which it leaves to run, and
			 * then an HADD2 of |x|, nor a cvt.pack, an I2IP that
			 * runs, v15 immx 2258, abs.f16x2 of cvt.pack.sat.s16.s32
			 * -84, 30 0x7fff001e on an H200; sm_90 SASS of each) */
			if (xi->s[0].k == XO_IMM || (v = srcval(in, 1)) < 0 || !(d = defof(f, v, &w)) ||
			    (neg && d->op != OP_MOV) || d->op == OP_PRMT || d->op == OP_CVT_PACK || d->nty < 1 || ir_tyinfo[d->ty[d->nty - 1]].kind == TK_PACKED ||
			    ir_tyinfo[d->ty[d->nty - 1]].kind == TK_FLOAT || !interp_fold_kconst(f, v, &c))
				return 0;
		}
		r = neg ? (c & 0xFFFFFFFFu) ^ 0x80008000u : c & 0x7FFF7FFFu;
		break;
	default:
		return 0;
	}
	movconstk(xi, r);
	return 1;
}

/* Is v a value ptxas knows early, as it rewrites an f64 instruction: a
 * mov or an integer cvt (unguarded) of an immediate, or of such a value?
 * Integer instructions of constants fold later: a mul.f64 of a brev.b64
 * of an immediate and -475.0 stays DMUL R, -475 (v15 immx 21457), where
 * one of a cvt.s64.s32 or mov.s64 of one moves the sign (26234, 22638) */
static int
earlyk(const Func *f, int v, int depth)
{
	int w;
	const Ins *d = v >= 0 && depth < 8 ? defof(f, v, &w) : NULL;

	if (!d || d->guard || d->nopnd != 2 || d->ndef != 1 ||
	    !(d->op == OP_MOV || (d->op == OP_CVT && d->nty == 2 && isint(d->ty[0]) && isint(d->ty[1]))))
		return 0;
	if (d->opnd[1].kind == OK_IMM || d->opnd[1].kind == OK_FIMM)
		return 1;
	return d->opnd[1].kind == OK_REG && earlyk(f, srcval(d, 1), depth + 1);
}

/* Source i of an f64 instruction as a constant ptxas holds early (*r):
 * an immediate, or an earlyk value */
static int
dsrck(const Func *f, const XIns *xi, const Ins *in, int i, uint64_t *r)
{
	int v;

	if (xi->s[i].k == XO_IMM)
		return *r = xi->s[i].imm, 1;
	return (v = srcval(in, in->ndst + i)) >= 0 && earlyk(f, v, 0) && interp_fold_dconst(f, v, r);
}

/* Does ptxas fold integer instruction d whole as it compiles, every
 * source an immediate or a constant it holds?  Then d reads no register
 * (sm_90 SASS: no instruction for bfi.b64 1023, x, 63, 1 of a mov'd
 * -0.0, v14 xmix 35302). */
static int
foldedint(const Func *f, const Ins *d)
{
	uint64_t c;

	if (d->guard || d->ndst != 1 || d->nty < 1 || (!isint(d->ty[0]) && ir_tyinfo[d->ty[0]].kind != TK_BIT) ||
	    ir_hasmod(d, MOD_CC) || d->op == OP_MOV || (ir_opinfo[d->op].flags & (OF_RDST | OF_BAR | OF_WARP)))
		return 0;
	for (int n = d->ndst; n < d->nopnd; n++) {
		int u = srcval(d, n);
		if (d->opnd[n].kind != OK_IMM && (d->opnd[n].kind != OK_REG || u < 0 || !interp_fold_dconst(f, u, &c)))
			return 0;
	}
	return 1;
}

/* What sharedv1 counts as a reader that keeps a constant in a register */
enum {
	SH_F64 = 1,     /* only an f64 instruction that computes, not a mov, selp or slct */
	SH_ZERO = 2,    /* for a 0: through plain movs, and not an integer instruction ptxas folds */
	SH_MMSELF = 4,  /* not a min or max of v with itself, which ptxas drops (foldid) */
};

/* Does an instruction other than in read value v: any but a store
 * (how 0), or an f64 one that computes, not a mov, selp or slct
 * (SH_F64)?  ptxas then keeps the constant in a register that in reads
 * as it is.  For a 0 (SH_ZERO), whose -0 no register but RZ's +0 can
 * take, a plain mov's readers count in its place, and an integer
 * instruction ptxas folds whole (foldedint) not at all (v14 xmix 35302:
 * mul.rp.f64 of a mov'd -0.0, read by a mov into a bfi.b64, and a NaN is
 * DMUL.RP R, RZ, -N; but mul.f64 of a mov'd NaN and a mov.b64 -95.25 read
 * by a mov into a bfind.u64 is DMUL R(N), -95.25, its sign kept, v15 xmix
 * 348880). */
static int
sharedv1(const Func *f, int v, const Ins *in, int how, int depth)
{
	if (v < 0 || v >= f->nval || !f->rdoff)
		return 0;
	for (int r = f->rdoff[v]; r < f->rdoff[v + 1]; r++) {
		const Ins *d = f->ins[f->rd[r]];
		int t = !(how & SH_F64);
		for (int k = 0; k < d->nty && d->op != OP_MOV && d->op != OP_SELP && d->op != OP_SLCT; k++)
			t |= d->ty[k] == TY_F64;
		if (d == in || d->op == OP_ST || !t)
			continue;
		if ((how & SH_MMSELF) && (d->op == OP_MIN || d->op == OP_MAX) && d->nopnd == 3 && srcval(d, 1) == v &&
		    srcval(d, 2) == v)
			continue;
		if ((how & SH_ZERO) && !(how & SH_F64) && d->op == OP_MOV && !d->guard && d->nopnd == 2 &&
		    d->ndef == 1 && d->opnd[0].kind == OK_REG && d->opnd[1].kind == OK_REG && depth < 4) {
			if (sharedv1(f, d->def[0], in, how, depth + 1))
				return 1;
			continue;
		}
		if ((how & SH_ZERO) && !(how & SH_F64) && foldedint(f, d))
			continue;
		return 1;
	}
	return 0;
}

static int
sharedv(const Func *f, int v, const Ins *in, int f64only)
{
	return sharedv1(f, v, in, f64only ? SH_F64 : 0, 0);
}

static int
dnan(uint64_t x)
{
	return (x & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull;
}

/* Of two NaN immediates a and b of an add, sub or mul .f64, does a's
 * win?  ptxas gives the DADD or DMUL one in a register, the other as its
 * second operand, whose NaN wins: a constant whose low word is 0, a
 * 32-bit immediate, where only one is (v15 immx 28269: sub.rn.f64
 * 0dFFFFFFFF00000000, 0dFFFFFFFF80000000 gives a; 21973, 26716: b, -b
 * of sub.rn 0dFFF...0, and mul 25683, 10488), else a with a rounding
 * modifier (24649 add.rz, 28990 sub.rm, mul.rz 25815) and b without
 * (21364 add, 23155 mul); of two 32-bit immediates a to nearest (27782
 * add, 21221 mul), b with .rp (24597 add). */
static int
nan2a(uint64_t a, uint64_t b, int dir)
{
	int ia = !(a & 0xFFFFFFFFu), ib = !(b & 0xFFFFFFFFu);

	return ia != ib ? ia : ia ? !dir : dir;
}

/* add.f64 and sub.f64 of two NaN immediates: nan2a's order (a sub's b
 * negated, ALU_NEGK, where it wins).  min.f64 and max.f64 of two: a's,
 * ptxas's DSETP.MAX (MIN) and FSEL taking b first (sm_90 SASS: DSETP.MAX
 * P0, P1, R(b), R(a) for max.f64 0d7FFFFFFFFFFFFFFF, 0dFFF8000000000000,
 * DSETP.MAX R(b), +QNAN for an a of 0d7FF8000000000000; v15 immx 24409,
 * 24225) */
static void
foldaddk(XIns *xi, const Ins *in)
{
	int dir = rounds(in) && !ir_hasmod(in, MOD_RN);

	if (xi->s[0].k != XO_IMM || xi->s[1].k != XO_IMM || !dnan(xi->s[0].imm) || !dnan(xi->s[1].imm))
		return;
	xi->alu.flags = (xi->alu.flags & ~(uint32_t)ALU_NANA) |
	    (in->op == OP_MIN || in->op == OP_MAX || nan2a(xi->s[0].imm, xi->s[1].imm, dir) ? ALU_NANA : 0);
}

/* mul.f64 a, b of two constants ptxas holds (dsrck), a NaN among them:
 * ptxas does not fold the product but moves a constant's sign to the
 * other constant as it compiles, and the DMUL keeps its NaN operand,
 * quieted (an operand's negation modifier leaves a NaN's sign).  Read
 * off the sm_90 SASS of each form and the H200's values of v15 immx's
 * 470 products of a NaN and a constant:
 *   - a -0 is RZ, its sign moved to the NaN: -0 * N is -N, quieted
 *     (20538, 23979: DMUL R, RZ, UR of 0xfff0000000000001 for
 *     mul.f64 -0.0, 0d7FF0000000000001);
 *   - without a rounding modifier the sign of a negative b moves to a
 *     (20300: DMUL R(0xfff4000000012345), UR(+16.46875) for a NaN times
 *     -16.46875), that of a negative a stays in its immediate or on its
 *     operand (DMUL R(N), -16.46875; DMUL R(123.456), -UR(N)), but for
 *     a -1.0 a, which makes the mul a neg of b folded as it compiles: b
 *     with its sign flipped, not quieted (a MOV of 0xfff40000);
 *   - with .rz, .rm or .rp the other way round: the sign of a negative
 *     a moves to b (29155, 24369: DMUL.RZ R(-N), UR(123.456)), a
 *     negative b stays (DMUL.RZ R(N), -16.46875);
 *   - of two NaN immediates the one nan2a names. */
static int
foldmulk(const Func *f, XIns *xi, const Ins *in)
{
	const uint64_t S = 0x8000000000000000ull, Q = 0x0008000000000000ull;
	int dir = rounds(in) && !ir_hasmod(in, MOD_RN), na, nb;
	uint64_t a, b, r;

	if (!dsrck(f, xi, in, 0, &a) || !dsrck(f, xi, in, 1, &b))
		return 0;
	na = dnan(a), nb = dnan(b);
	if (na && nb && (xi->s[0].k != XO_IMM || xi->s[1].k != XO_IMM))
		return 0;
	if (na && nb)
		r = (nan2a(a, b, dir) ? a : b) | Q;
	else if ((xi->s[na ? 1 : 0].k != XO_IMM &&
	     sharedv1(f, srcval(in, in->ndst + (na ? 1 : 0)), in, (na ? b : a) & ~S ? 0 : SH_ZERO, 0)) ||
	    (xi->s[na ? 0 : 1].k != XO_IMM && sharedv(f, srcval(in, in->ndst + (na ? 0 : 1)), in, 1)))
		return 0;
	else if (na)
		r = (a | Q) ^ ((b & S) && (!(b & ~S) || !dir) ? S : 0);
	else if (!nb)
		return 0;
	else if (!dir && a == (S | 0x3FF0000000000000ull))
		r = b ^ S;
	else
		r = (b | Q) ^ ((a & S) && (!(a & ~S) || dir) ? S : 0);
	movconstk(xi, r);
	return 1;
}

/* Is v an unguarded add, sub or mul .f64 (no directed rounding) of
 * constants ptxas holds (dsrck's: immediates, earlyk values), none a NaN?
 * It folds it as it compiles (sm_90 SASS: HFMA2.MMA R6, -RZ, RZ, -512, 0
 * for the neg.f64 of sub.f64 .5, x of a mov.b64 pack of known words; v15
 * xmix 306690), so a neg of it is a constant too. */
static int
farithk(const Func *f, int v)
{
	int w;
	const Ins *d = defof(f, v, &w);
	uint64_t c;

	if (!d || d->guard || (d->op != OP_ADD && d->op != OP_SUB && d->op != OP_MUL) || d->nty != 1 ||
	    d->ty[0] != TY_F64 || d->nopnd != 3 || ir_hasmod(d, MOD_RZ) || ir_hasmod(d, MOD_RM) || ir_hasmod(d, MOD_RP))
		return 0;
	for (int i = 1; i <= 2; i++)
		if (!f64opk(f, d, i, srcval(d, i), &c) || dnan(c))
			return 0;
	return 1;
}

/* mul.f64 of a neg.f64 of a register x and an immediate c: ptxas moves
 * the negation onto the constant, DMUL R(x), -c, so a NaN c comes out
 * with its sign flipped, and a NaN x keeps its own (sm_90 SASS: DMUL.RM
 * R, +QNAN for mul.rm.f64 of neg.f64 x and 0dFFF8000000000000, whatever
 * else reads the neg; v1 seeds 204121, 204549, 196749 on an H200).  Not
 * add, sub, fma or max, whose DADD, DFMA, DSETP keep -R.  k: in's index. */
static int
foldmulneg(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	for (int i = 0; i < 2; i++) {
		int v = srcval(in, in->ndst + i), w, u;
		uint64_t c, k2;
		/* c a register ptxas holds as a constant too (dsrck: v14 xmix
		 * 878, a mov.f64 0Dffffffffffffffff read by a mov into 64-bit
		 * integer instructions; sm_90 SASS: DMUL R(0x7fffffffffffffff),
		 * UR, 0x7fffffffffffffff on an H100), that no other f64
		 * instruction computes with (sharedv1: v15 xmix 94195, a
		 * mov.b64 NaN a max, min and fma .f64 read too stays in its
		 * register, its sign kept), a min or max of it with itself,
		 * which ptxas drops, aside (v15 xmix 413999: the NaN still
		 * negated into the DMUL) */
		int kc = xi->s[1 - i].k == XO_IMM || (xi->s[1 - i].k == XO_REG && dsrck(f, xi, in, 1 - i, &k2) &&
		    !sharedv1(f, srcval(in, in->ndst + 1 - i), in, SH_F64 | SH_MMSELF, 0));
		const Ins *d = v >= 0 && kc && xi->s[i].k == XO_REG ? defof(f, v, &w) : NULL;
		XOp x;
		/* not of a constant x, whose negation ptxas computes (v15 immx
		 * 53240: neg.f64 of an or.b64 of immediates) */
		if (!d || d->op != OP_NEG || d->ty[0] != TY_F64 || d->guard || d->nopnd != 2 ||
		    (u = srcval(d, 1)) < 0 || !holds(f, u, f->val[w].ins, k) || interp_fold_dconst(f, u, &c) ||
		    farithk(f, u) ||
		    interp_decode_op(pm, &d->opnd[1], TY_F64, &x) || x.k != XO_REG)
			continue;
		if (xi->s[1 - i].k != XO_IMM)
			xi->s[1 - i] = (XOp){ .k = XO_IMM, .imm = k2 };
		xi->s[i] = x;
		xi->s[1 - i].imm ^= 0x8000000000000000ull;
		return 1;
	}
	return 0;
}

/* mul.f64 x, x (no rounding modifier) of an unguarded neg.f64 x of a
 * value ptxas holds as a constant c (interp_fold_dconstdeep) that its
 * first pass does not know whole (interp_fold_early64: a 64-bit and, or,
 * xor, shr of it): ptxas drops both negations first and squares c, DMUL
 * R(c), R(c), while the neg itself folds to c with its sign flipped for
 * its other readers (foldnegk; sm_90 SASS of neg.f64 of xor.b64 of
 * add.u64 of mov.f64 -0.0 and 1 with its shr.s64 by 63: MOV
 * 0xfffffffffffffffe stored, the DMUL of 0x7ffffffffffffffe; of or.b64 of
 * a mov.b64 0x7ff8000000000001 and 0 the DMUL of 0x7ff8000000000001; v14
 * xmix 28818, 10893 on an H200).  Of an immediate, its mov, an add.u64 of
 * one or a mov.b64 pack of words (known whole), or with .rn, .rz, .rm or
 * .rp on the mul, the DMUL reads the folded neg (sm_90 SASS: DMUL R, R of
 * 0xfff8000000000002 for add.u64 0x7ff8000000000001, 1; DMUL R, +QNAN of
 * 0x7ffffe8000000000 for mul.rn.f64 of the neg of shr.s64 of xor.b64 of
 * 0xbff0000000000000 and 2.5; v15 xmix 364890, 294831 on an H200).  The
 * factors become c. */
static int
foldsqneg(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w, u;
	const Ins *d;
	uint64_t c;

	if (v < 0 || srcval(in, 2) != v || xi->s[0].k != XO_REG || xi->s[1].k != XO_REG || !(d = defof(f, v, &w)) ||
	    d->op != OP_NEG || d->ty[0] != TY_F64 || d->guard || d->nopnd != 2 || d->opnd[1].kind != OK_REG ||
	    (u = srcval(d, 1)) < 0)
		return 0;
	if (ir_hasmod(in, MOD_RN) || ir_hasmod(in, MOD_RZ) || ir_hasmod(in, MOD_RM) || ir_hasmod(in, MOD_RP) ||
	    interp_fold_early64(f, u))
		return 0;
	if (movconst(pm, f, NULL, d, 64, 0, &c) || !interp_fold_dconstdeep(f, u, &c))
		return 0;
	xi->s[0] = (XOp){ .k = XO_IMM, .imm = c };
	xi->s[1] = xi->s[0];
	return 1;
}

/* Is source i of in (an f64 constant) one that another instruction reads
 * too: the same immediate bits in a 64-bit one, or the register's value in
 * one that computes (sharedv)?  ptxas then holds the constant in a
 * register for both (sm_90 SASS: DFMA.RZ R(2.5), R(NaN), Rc for each of
 * two fma.rz.f64 2.5, 0dFFF4000000000ABC, c; v15 xmix 14767, 15106) */
static int
imm64cmp(const void *a, const void *b)
{
	const ImmAt *x = a, *y = b;

	if (x->bits != y->bits)
		return x->bits < y->bits ? -1 : 1;
	return (x->ins > y->ins) - (x->ins < y->ins);
}

/* pm->imm64: every immediate source of f's instructions of a 64-bit
 * first type, as the instruction decodes it, sorted by its bits, so that
 * sharedop finds the others of the same bits by a search, not by reading
 * the function for each operand it asks about.  Made as f's decoding
 * begins (load.c); PTX_OK or PTX_ENOMEM. */
int
interp_fold_begin(ptx_module *pm, const Func *f)
{
	size_t n = 0;
	XOp o;

	interp_fold_subat(pm, f);
	if (pm->parfn != f && parindex(pm, f) != PTX_OK)
		return PTX_ENOMEM;
	if (pm->immfn == f)
		return PTX_OK;
	imm64free(pm);
	for (int pass = 0; pass < 2; pass++) {
		n = 0;
		for (int k = 0; k < f->nins; k++) {
			const Ins *d = f->ins[k];
			if (d->nty < 1 || ir_tyinfo[d->ty[0]].bits != 64)
				continue;
			for (int j = d->ndst; j < d->nopnd; j++)
				if ((d->opnd[j].kind == OK_IMM || d->opnd[j].kind == OK_FIMM) &&
				    !interp_decode_op(pm, &d->opnd[j], d->ty[0], &o) && o.k == XO_IMM) {
					if (pass)
						pm->imm64[n] = (ImmAt){ o.imm, k };
					n++;
				}
		}
		if (!pass && (n > SIZE_MAX / sizeof *pm->imm64 ||
		    !(pm->imm64 = interp_alloc(pm->cx, (n ? n : 1) * sizeof *pm->imm64))))
			return PTX_ENOMEM;
	}
	qsort(pm->imm64, n, sizeof *pm->imm64, imm64cmp);
	pm->nimm64 = n;
	pm->immfn = f;
	return PTX_OK;
}

static void
imm64free(ptx_module *pm)
{
	interp_free(pm->cx, pm->imm64);
	pm->imm64 = NULL;
	pm->nimm64 = 0;
	pm->immfn = NULL;
}

static int
sharedop(ptx_module *pm, const Func *f, const XIns *xi, const Ins *in, int i)
{
	size_t lo = 0, hi;
	uint64_t b = xi->s[i].imm;

	if (xi->s[i].k != XO_IMM)
		return sharedv(f, srcval(in, in->ndst + i), in, 1);
	/* the folds run only while load.c decodes f, after interp_fold_begin
	 * made the index; without it the fold is not made */
	if (pm->immfn != f)
		return 1;
	for (hi = pm->nimm64; lo < hi;) {
		size_t m = lo + (hi - lo) / 2;
		if (pm->imm64[m].bits < b)
			lo = m + 1;
		else
			hi = m;
	}
	for (; lo < pm->nimm64 && pm->imm64[lo].bits == b; lo++)
		if (f->ins[pm->imm64[lo].ins] != in)
			return 1;
	return 0;
}

/* May value v differ between threads: does it come of a load, a special
 * register or a guarded write (as far as 12 definitions back, and 256
 * visited: each step may read four values, and a walk past either bound
 * counts as one that varies, keeping the load time linear)?  One that
 * does not is uniform, computed from constants at run time */
static int
varieswalk(const Func *f, int v, int depth, int *left)
{
	int w;
	const Ins *d = v >= 0 && depth < 12 && --*left > 0 ? defof(f, v, &w) : NULL;

	if (!d || d->guard || d->op == OP_LD)
		return 1;
	for (int n = d->ndst; n < d->nopnd; n++) {
		if (d->opnd[n].kind == OK_IMM || d->opnd[n].kind == OK_FIMM)
			continue;
		if (d->opnd[n].kind != OK_REG || varieswalk(f, srcval(d, n), depth + 1, left))
			return 1;
	}
	return 0;
}

static int
varies(const Func *f, int v)
{
	int left = 256;

	return varieswalk(f, v, 0, &left);
}

/* fma.f64 (mad.f64) a, b, c of immediates a and b, one of them a NaN,
 * and a c that varies between threads (varies): its DFMA takes one
 * constant in a register, the first slot, the other second, as an
 * immediate where its low word is 0 (a 32-bit one), else in a uniform
 * register, and c third; the second slot's NaN wins, then c's, then the
 * first's.  The NaN is second where it alone is a 32-bit immediate
 * (DFMA.RM -R(1 ulp), +QNAN, Rc for 0d8000000000000001, 0d7FF8000000000000;
 * v15 immx 22646), first where the other alone is one (DFMA.RP
 * R(0xffffffff80000000), -108.25, Rc), and first where neither is, the
 * other taking the uniform register (DFMA.RZ R(0x7fffffffffffffff),
 * -UR(1e-300), Rc; DFMA.RP R(0x7ff4000000012345), UR(0x423c0000), Rc;
 * 25278, 26315, 22502).  Where both are 32-bit immediates which one ptxas holds in a
 * register depends on the kernel (DFMA R(NaN), -9, Rc alone, DFMA.RP
 * -R(9), -QNAN, Rc in v15 immx 28715), and the rule leaves it; so it does
 * where c is uniform, computed of constants, in a uniform register: a
 * and b then both take registers in their order (DFMA.RZ R(2.5), R(N),
 * UR of a sub.s64 of a bfe.u64 of a mov, which ptxas leaves to run; v15
 * xmix 14767), and where a constant is one another instruction takes too
 * (sharedop: DFMA.RZ R(1e-3), UR(NaN), Rc where a mov.b64 of the NaN is
 * stored; v14 xmix 47440).  ALU_NANA orders a, c, b; without it b, c, a. */
static void
foldfmak(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	uint64_t a, b, c, n, x;
	int v, z;

	/* a factor that is an immediate 0 is RZ, the first slot, with the
	 * other factor second: x's NaN wins over c's (sm_90 SASS: DFMA.RZ R,
	 * RZ, Rx, Rc for fma.rz.f64 x, 0d0000000000000000, c, and DFMA R, RZ,
	 * Rx, Rc for 0 as a; v15 immx 23181, 27799, 26459), where another
	 * immediate is the second operand */
	for (z = 0; z < 2; z++)
		if (xi->s[z].k == XO_IMM && !(xi->s[z].imm & 0x7FFFFFFFFFFFFFFFull) && xi->s[!z].k != XO_IMM &&
		    !dsrck(f, xi, in, !z, &a)) {
			xi->alu.flags = (xi->alu.flags & ~(uint32_t)ALU_NANA) | (z ? ALU_NANA : 0);
			return;
		}
	if (xi->s[0].k != XO_IMM || xi->s[1].k != XO_IMM || xi->s[2].k == XO_IMM)
		return;
	a = xi->s[0].imm, b = xi->s[1].imm;
	/* two NaNs, rounding directed: as of an add or mul of them (nan2a),
	 * the 32-bit immediate second where one alone is, else a, whatever c
	 * (DFMA.RZ R(0xffffffff80000000), UR(0x7fffffffffffffff), Rc for
	 * fma.rz.f64 0d7FFFFFFFFFFFFFFF, 0dFFFFFFFF80000000, c: v15 immx
	 * 68710; 50096, 91428, 20404, 36421, 61317 on an H200; b for two
	 * 32-bit ones, 115219; v15 xmix 87301, 98519, v14 xmix 2385, 10869,
	 * 15327 two not, a, but 5822 and v14 xmix 2389 b).  No record has
	 * them to nearest. */
	if (dnan(a) && dnan(b) && a != b && rounds(in) && !ir_hasmod(in, MOD_RN)) {
		xi->alu.flags = (xi->alu.flags & ~(uint32_t)ALU_NANA) | (nan2a(a, b, 1) ? ALU_NANA : 0);
		return;
	}
	if (dnan(a) == dnan(b) || (v = srcval(in, in->ndst + 2)) < 0 || interp_fold_kconst64(f, v, &c) ||
	    !varies(f, v) || sharedop(pm, f, xi, in, 0) || sharedop(pm, f, xi, in, 1))
		return;
	n = dnan(a) ? a : b, x = dnan(a) ? b : a;
	if (!(n & 0xFFFFFFFFu) && !(x & 0xFFFFFFFFu))
		return;
	/* does the NaN take the second slot? */
	z = !(n & 0xFFFFFFFFu);
	xi->alu.flags = (xi->alu.flags & ~(uint32_t)ALU_NANA) | (z == dnan(a) ? ALU_NANA : 0);
}

/* fma.f64 (mad.f64) a, b, c of three immediates: ptxas evaluates none
 * of it as it compiles but loads a and b into the DFMA's two factor
 * slots, and which one takes the second (whose NaN wins, then c's, then
 * the first's) follows c and the rounding, not the NaNs: a is second
 * where c is a 32-bit immediate (its low word 0, the DFMA's immediate)
 * and the fma rounds to nearest, or c is not and the rounding is
 * directed; b is second otherwise (sm_90 SASS: DFMA.RM R(b), UR(815.0),
 * R(c) for fma.rm.f64 815.0, 0d7FF4000000012345, 0dFFF8000000012345, v15
 * immx 1008; DFMA R(0xfff8000000000000), UR(0x40), R(c) for fma.rn
 * of those, 10947; DFMA.RM R(a), R(b), +QNAN, 3443; DFMA R(b), R(a),
 * -QNAN for mad.rn, 13912).  A factor that is +0 or -0 is RZ in the
 * first slot, the other factor second (108992: fma.rm.f64 NaN, -0.0,
 * NaN gives a's); a c of +0 or -0 is RZ and a second (8599, 74990).
 * Of the H200's 179 such fmas of version 15's immx kernels whose NaNs
 * tell the order, this gives 176; left are 526 (DFMA.RM R(a), UR(-QNAN), R(c), where a
 * constant b whose low word is 0 takes the UR), 92373, and 28580 (whose
 * a is c's constant).  Before it b was always second, right for 78.
 * An order of whole kernels of that kind, not of the line alone: where
 * a kernel's lines share their constants ptxas may give b an immediate
 * or register slot of its own (DFMA.RM R4, R4, 2.625, R6 for seed 462's
 * line beside 1008's; the H200 then gave the other NaN).
 * ALU_NANA orders a, c, b; without it b, c, a. */
static void
foldfmakkk(XIns *xi, const Ins *in)
{
	int dir = rounds(in) && !ir_hasmod(in, MOD_RN), za, zb, nana;
	uint64_t c;

	if (xi->s[0].k != XO_IMM || xi->s[1].k != XO_IMM || xi->s[2].k != XO_IMM)
		return;
	za = !(xi->s[0].imm & 0x7FFFFFFFFFFFFFFFull), zb = !(xi->s[1].imm & 0x7FFFFFFFFFFFFFFFull);
	c = xi->s[2].imm;
	if (za != zb)
		nana = zb;
	else if (!(c & 0x7FFFFFFFFFFFFFFFull))
		nana = 1;
	else
		nana = (c & 0xFFFFFFFFu) ? dir : !dir;
	xi->alu.flags = (xi->alu.flags & ~(uint32_t)ALU_NANA) | (nana ? ALU_NANA : 0);
}

/* sub.f64 a, b of a b that ptxas holds as a constant (interp_fold_dconst:
 * a mov of an immediate, integer instructions of such values): ptxas
 * negates the constant as it compiles, a NaN too, as it does an
 * immediate b (alu_decode's ALU_NEGK), so that a NaN b comes out with its
 * sign flipped where its slot wins (sm_90 SASS: DADD R, R, UR of the
 * negated bits, v14 xmix 8032, 8060; a DADD R, -R of a register keeps a
 * NaN's sign).  Which slot wins, read off the SASS of each form (the
 * constant's slot is the immediate's, the one that wins):
 *   - b, the negated constant in the UR slot (8019: a an immediate
 *     0d7FF0000000000001, b a pack of words it knows; 8032: x - x), but
 *   - a where a is a constant whose low word is 0, which the DADD takes
 *     as its 32-bit immediate (8465: a 65504.0, b a NaN; 17255, 6662:
 *     x - x of mov.f64 0d7FF8000000000000, DADD R(-x), +QNAN),
 *   - a where a is an immediate and the rounding directed (7643:
 *     sub.rm.f64 of 0dFFF8000000012345 and all ones, DADD.RM R(-b),
 *     UR(a)), and
 *   - a for sub.rz, .rm or .rp of one register with itself, which ptxas
 *     makes -x + x (556, 618, 1290: DADD.RM R(-x), UR(x)), but for an x
 *     whose low word is 0, the immediate then -x (9207, 12450: DADD.RM
 *     R(x), -QNAN of 0xfff80000); of a copy of the register, a slct of it
 *     twice, b (1645); and a for x - x where
 *     an instruction before the sub computes with x, which then holds x
 *     in the UR slot (26594: a cvt.rp.f32.s64 of it, 19124, 23048; a
 *     selp of x does not, 26916, 14035).
 * Not explained: x - x of a pack (2559) and of a bfe.s64 of all ones
 * (13598, 28178) have x in the UR slot, as does the guarded 29073 (dag)
 * but not the guarded 3204; a NaN immediate a won against a known b in
 * 27088 and lost in 8019. */
/* Does an instruction between v's definition and in (program order)
 * compute with v (read it, other than a selp, slct or mov)? */
static int
readbefore(const Func *f, int v, const Ins *in)
{
	if (v < 0 || v >= f->nval || f->val[v].ins < 0 || !f->rdoff)
		return 0;
	for (int q = f->rdoff[v]; q < f->rdoff[v + 1]; q++) {
		const Ins *d = f->ins[f->rd[q]];
		if (f->rd[q] <= f->val[v].ins)
			continue;
		if (d == in)
			break;
		if (d->op != OP_SELP && d->op != OP_SLCT && d->op != OP_MOV)
			return 1;
	}
	return 0;
}

static void
foldsubk(const Func *f, XIns *xi, const Ins *in)
{
	int va = srcval(in, 1), vb = srcval(in, 2), ka, dir = rounds(in) && !ir_hasmod(in, MOD_RN);
	uint64_t a = 0, b;

	if (vb < 0 || !interp_fold_dconst(f, vb, &b))
		return;
	if (xi->s[0].k == XO_IMM)
		ka = 1, a = xi->s[0].imm;
	else
		ka = va >= 0 && interp_fold_dconst(f, va, &a);
	xi->alu.flags = (xi->alu.flags & ~(uint32_t)ALU_NANA) | ALU_NEGK;
	if (va == vb ? dir != ((b & 0xFFFFFFFFu) == 0) || readbefore(f, vb, in) :
	    (ka && (a & 0xFFFFFFFFu) == 0) || (xi->s[0].k == XO_IMM && dir))
		xi->alu.flags |= ALU_NANA;
}

/* cvt.f32.bf16, cvt.f64 of an f16 or bf16, and cvt.f16.f64, of a NaN
 * ptxas knows (a register a mov of an immediate wrote): ptxas folds the
 * conversion to its canonical NaN, 0x7fffffff, or that widened,
 * 0x7fffffffe0000000, or narrowed, 0x7fff (v10 seed 2766 alux: of the
 * mov.s64's -50, where F2F.F16.F64 of a register keeps the sign) (sm_90
 * SASS: a MOV of each), where a register's NaN keeps its sign and payload
 * (the SHF of a bf16, F2F.F64.BF16 and F2F.F64.F16; v8 seeds 74537, 82139,
 * 83475 and 91681); with .sat it is 0, as for any NaN (v8 seed 7262).
 * cvt.f32.f16 gives the canonical NaN of any NaN
 * (HADD2.F32), and cvt.f64.f32 of a known NaN keeps its payload.
 * The fold is an early pass of ptxas's: in small kernels a barrier, a
 * fence, a warp collective (mma, wmma, shfl, vote) or a branch between the
 * mov and the cvt stops it, and a later fold keeps sign and payload
 * (0xfff50000 for 0xfff5), but in the records' kernels such instructions
 * between them stop it in one (v8 seed 54785, an mma.sync between) and not
 * in others (82139, a wmma.mma between), so the rule does not look. */
/* Is 16-bit value v one ptxas knows whatever the inputs (*r its bits)?
 * A mov of an immediate, a copy of a value it knows (a guard it knows
 * true counts as none: guardconst), a half of a mov.b32 {lo, hi} unpack
 * of a 32-bit value kconst knows, and a 16-bit integer ALU instruction
 * all of whose sources are immediates or such values.  No float
 * instruction but those named below: ptxas evaluates none other of a
 * known value.  (v14 xmix seeds
 * 3649 and 6874: a cvt.f64.bf16 of a mov.b16 0x7fff under a setp.eq of x
 * with itself; 70, 515, 3152: of a half of a mov.b32 immediate's unpack;
 * 1285, 2797, 4086, 6243: of an or, and, xor of mov.b16 immediates.)
 * ptxas's propagation has no depth of its own: chains of 12 and 13
 * definitions (v15 xmix 6243, 77485, 82354, 155107, 316683, 340809:
 * cvt.f64.f16 and .bf16 of add.s16, shl.b16, shr.s16, xor.b16 and
 * mul.lo.u16 steps from a mov.b16) are the folded 0x7fffffffe0000000 on an
 * H200, so the walk goes 16 definitions back, and k16steps bounds the
 * definitions one question visits, as a value read twice at every step
 * would double them. */
static _Thread_local int k16steps;

static int k16(ptx_module *pm, const Func *f, int v, int depth, uint64_t *r);

/* Bits of a 16-bit value ptxas knows though it does not know the value:
 * its propagation tracks known zero and one bits through and, or, xor,
 * not, and shifts by an amount it knows, and folds a cvt of the result
 * where every bit is known (sm_90 SASS: cvt.f64.f16 of and.b16 of shl.b16
 * x, 10 and 0x3ff, not'ed, is a MOV of 0x7fffffffe0000000 for x loaded;
 * v14 xmix 15083: of (0x7fff | (x & 0x8000)) << 6 & 0x7fff, 9503: of
 * sub.u16 of an and.b16 of 0x8000 and a value with a known clear sign bit,
 * v15 xmix 226432: of not.b16 of and.b16 0x3ff of shl.b16 by 10, the
 * folded 0x7fffffffe0000000 on an H200).  An xor of a value with itself
 * is 0 (v15 xmix 177656, 139275, v14 xmix 22486: cvt.f64.f16 of an
 * add.u16 -1 of min.u16 of xor.b16 x, x, the same).  A shr.s16 it
 * tracks only where it knows the sign bit clear, as a shr.u16, or the
 * whole source (sm_90 SASS: not.b16 of shr.s16 of x & 0x7fff by 15 is the
 * MOV, but shr.s16 of x | 0x8000 by 15, all ones, stays an SHF.R.S32.HI
 * and the F2F; v15 xmix 78936: of (x ^ x) | 0x8000 by 10, 213635: of a
 * mov'd 0x8001 by 15, each the folded NaN on an H200).  *kz
 * gets the bits known 0, *ko those known 1. */
static int kb16(ptx_module *pm, const Func *f, const Ins *d, int depth, uint32_t *kz, uint32_t *ko);

/* Is d an unguarded xor of a value with itself, or with a copy of it
 * (copyroot: a mov, a cvt between integers of its width)?  ptxas's first
 * pass makes it 0, before it fuses a 16-bit shr and add into LEA.HI
 * (leahi16, litonly) and whatever reads it (v15 xmix 1054831: cvt.f64.f16
 * of sub.s16 of shr.u16 by 10 of add.u16 1 of xor.b16 x, x of a loaded x,
 * less 15, is a MOV of the folded NaN in sm_90 SASS; 894847: of sub.u16 1
 * of xor.b16 of mov.b16 x and x; 99111: of not.b16 of xor.b16 of x and
 * cvt.u16.s16 x, the folded 0x7fffffffe0000000 on an H100). */
static int
xorself(const Func *f, const Ins *d)
{
	int a, b;

	if (d->guard || d->op != OP_XOR || d->nopnd != 3 || (a = srcval(d, 1)) < 0 || (b = srcval(d, 2)) < 0)
		return 0;
	return a == b || copyroot(NULL, f, a, 0) == copyroot(NULL, f, b, 0);
}

static int
kb16op(const Ins *d)
{
	return !d->guard && d->ndef == 1 && d->nty == 1 && ir_tyinfo[d->ty[0]].bits == 16 &&
	       (isint(d->ty[0]) || ir_tyinfo[d->ty[0]].kind == TK_BIT) &&
	       (((d->op == OP_AND || d->op == OP_OR || d->op == OP_XOR || d->op == OP_SHL || d->op == OP_SHR) &&
		 d->nopnd == 3) || (d->op == OP_NOT && d->nopnd == 2));
}

static void
kb16v(ptx_module *pm, const Func *f, const Ins *d, int oi, int depth, uint32_t *kz, uint32_t *ko)
{
	const Opnd *x = &d->opnd[oi];
	int u = srcval(d, oi), w;
	const Ins *e;
	uint64_t c;

	*kz = *ko = 0;
	if (x->kind == OK_IMM) {
		c = (uint64_t)x->imm & 0xFFFFu;
		*kz = ~c & 0xFFFFu, *ko = (uint32_t)c;
		return;
	}
	if (x->kind != OK_REG || u < 0 || ir_tyinfo[f->regs[f->val[u].reg]->type].bits != 16 || depth >= 16)
		return;
	if ((e = defof(f, u, &w)) && kb16op(e)) {
		kb16(pm, f, e, depth + 1, kz, ko);
		return;
	}
	if (k16(pm, f, u, depth + 1, &c))
		*kz = ~c & 0xFFFFu, *ko = c & 0xFFFFu;
}

static int
kb16(ptx_module *pm, const Func *f, const Ins *d, int depth, uint32_t *kz, uint32_t *ko)
{
	uint32_t za, oa, zb = 0, ob = 0, k;

	*kz = *ko = 0;
	if (k16steps++ >= 1024)
		return 0;
	if (xorself(f, d))
		return *kz = 0xFFFFu, 1;
	kb16v(pm, f, d, 1, depth, &za, &oa);
	if (d->op != OP_NOT)
		kb16v(pm, f, d, 2, depth, &zb, &ob);
	switch (d->op) {
	case OP_AND: *kz = za | zb, *ko = oa & ob; break;
	case OP_OR: *kz = za & zb, *ko = oa | ob; break;
	case OP_XOR: *kz = (za & zb) | (oa & ob), *ko = (za & ob) | (oa & zb); break;
	case OP_NOT: *kz = oa, *ko = za; break;
	default:
		/* a shift by an amount it knows; PTX clamps it at 16 */
		if ((zb | ob) != 0xFFFFu)
			return 0;
		k = ob > 16 ? 16 : ob;
		if (d->op == OP_SHL)
			*kz = ((za << k) | ((1u << k) - 1)) & 0xFFFFu, *ko = (oa << k) & 0xFFFFu;
		else if (d->ty[0] == TY_S16 && (za | oa) == 0xFFFFu)
			*ko = (uint16_t)((int16_t)oa >> (k > 15 ? 15 : k)), *kz = ~*ko & 0xFFFFu;
		else if (d->ty[0] == TY_S16 && !(za & 0x8000u))
			*kz = *ko = 0;
		else
			*kz = ((za >> k) | (0xFFFF0000u >> k)) & 0xFFFFu, *ko = oa >> k;
	}
	return (*kz | *ko) == 0xFFFFu;
}

/* The bits of 16-bit value v that ptxas knows whatever the inputs: *km
 * the mask of them, *kv their values.  All of a value k16 knows, else
 * those kb16 carries through and, or, xor, not and shifts by an amount it
 * knows (half16k's reads and k16's are the one analysis). */
static void
kbits16(ptx_module *pm, const Func *f, int v, int depth, uint32_t *km, uint32_t *kv)
{
	int w;
	const Ins *d = v >= 0 && depth < 8 ? defof(f, v, &w) : NULL;
	uint32_t kz, ko;
	uint64_t c;

	*km = *kv = 0;
	if (!d)
		return;
	/* k16 of such a d is kb16's answer where every bit is known: one
	 * walk, with k16's count of its own first step */
	if (kb16op(d)) {
		k16steps = 1;
		kb16(pm, f, d, depth, &kz, &ko);
		*km = (kz | ko) & 0xFFFFu, *kv = ko & *km;
	} else if (k16(pm, f, v, depth, &c))
		*km = 0xFFFFu, *kv = (uint32_t)c & 0xFFFFu;
}

/* Is v made of immediates alone: an unguarded mov of one, or an
 * unguarded instruction all of whose operands are immediates or such
 * values, a mov.b32 {a, b} unpack of one too (no load, special register
 * or guard on the way)?  (v15 xmix 320704: sub.s16 of shr.u16 by 10 of
 * and.b16 0x8000 of a half of mov.b32 0x7f80bc00, less 15, is folded,
 * cvt.f64.f16 of it the canonical NaN on an H100.) */
static int
litonly(ptx_module *pm, const Func *f, int v, int depth)
{
	int w;
	const Ins *d = v >= 0 && depth < 16 ? defof(f, v, &w) : NULL;
	uint64_t c;

	if (!d || d->guard || d->ndst != 1 || d->nopnd < 2)
		return 0;
	if (xorself(f, d))
		return 1;
	/* an and with such a value that is 0 is 0 to that pass too (v15
	 * xmix 1055493: cvt.f64.bf16 of sub.s16 of shr.u16 by 7 of and.b16
	 * of a loaded x and neg.s16 of min.s16 of a mov'd 0, less 127, is
	 * the folded 0x7fffffffe0000000 on an H100), where an and of bits
	 * known clear on each side is not (leahi16) */
	if (d->op == OP_AND && d->nopnd == 3 && ir_tyinfo[d->ty[0]].bits == 16)
		for (int i = 1; i <= 2; i++)
			if ((d->opnd[i].kind == OK_IMM && !((uint64_t)d->opnd[i].imm & 0xFFFFu)) ||
			    (d->opnd[i].kind == OK_REG && litonly(pm, f, srcval(d, i), depth + 1) &&
			     k16(pm, f, srcval(d, i), depth + 1, &c) && !(c & 0xFFFFu)))
				return 1;
	for (int i = d->ndst; i < d->nopnd; i++) {
		const Opnd *o = &d->opnd[i];
		if (o->kind == OK_IMM || o->kind == OK_FIMM)
			continue;
		if (o->kind != OK_REG || !litonly(pm, f, srcval(d, i), depth + 1))
			return 0;
	}
	return 1;
}

/* Is d a 16-bit integer add or sub of an immediate and a shr.u16 or
 * shr.s16 by an immediate of a value not made of immediates alone?
 * ptxas fuses the two into one LEA.HI (LEA.HI.SX32 for shr.s16) before
 * its pass that folds values it knows by their bits, and leaves that to
 * run even where the shifted value is a known 0, so the sum is no
 * constant to it (sm_90 SASS: LEA.HI R, RZ, 0xffffff81, RZ, 0x19 for
 * sub.s16 of shr.u16 by 7 of and.b16 0x7f of and.b16 0x8000 of a loaded
 * half, less 127, and cvt.f32.bf16 of it an IMAD.U32 by 0x10000, where
 * of a mov.b16 0 shifted a MOV of 0x7fffffff; v14 xmix 58938, v15 xmix
 * 323611 gave 0xff810000 on an H200).  k16 takes such a sum for unknown. */
static int
leahi16(ptx_module *pm, const Func *f, const Ins *d)
{
	int w;
	const Ins *e;

	if ((d->op != OP_ADD && d->op != OP_SUB) || d->guard || d->nopnd != 3 || d->nty != 1 ||
	    !isint(d->ty[0]) || ir_tyinfo[d->ty[0]].bits != 16 || ir_hasmod(d, MOD_SAT) || ir_hasmod(d, MOD_CC))
		return 0;
	for (int i = 1; i <= 2; i++) {
		if (d->opnd[3 - i].kind != OK_IMM || d->opnd[i].kind != OK_REG || srcval(d, i) < 0 ||
		    !(e = defof(f, srcval(d, i), &w)) || e->guard || e->op != OP_SHR || e->nopnd != 3 ||
		    e->opnd[2].kind != OK_IMM || ir_tyinfo[e->ty[0]].bits != 16 || e->opnd[1].kind != OK_REG)
			continue;
		if (!litonly(pm, f, srcval(e, 1), 0))
			return 1;
	}
	return 0;
}

/* Is 32-bit value v an unguarded cvt between integers of a 16-bit
 * register k16 knows (*r its bits)?  kconst does not read 16-bit
 * registers; ptxas computes the cvt all the same (v15 xmix 352999:
 * cvt.f32.bf16 of cvt.sat.s16.s32 of cvt.s8.s16 of a mov.b16 1023, -1, is
 * the folded canonical 0x7fffffff on an H100). */
static int
cvtup16(ptx_module *pm, const Func *f, int v, int depth, uint64_t *r)
{
	int w;
	const Ins *e = v >= 0 ? defof(f, v, &w) : NULL;
	uint64_t h;

	if (!e || e->guard || e->op != OP_CVT || e->nty != 2 || e->nopnd != 2 || e->ndef != 1 || !isint(e->ty[0]) ||
	    !isint(e->ty[1]) || e->opnd[1].kind != OK_REG || srcval(e, 1) < 0 ||
	    ir_tyinfo[f->regs[f->val[srcval(e, 1)].reg]->type].bits != 16 || !k16(pm, f, srcval(e, 1), depth + 1, &h))
		return 0;
	if (!interp_fold_kexec(e, 1, &h, r))
		return 0;
	*r &= 0xFFFFFFFFu;
	return 1;
}

/* Is d a guarded mov into a 16-bit register of the immediate k16 knows
 * the register held before (its last use)?  Whatever the guard, the
 * value is that immediate to ptxas's first pass (k16, guardlate). */
static int
movheld16(ptx_module *pm, const Func *f, const Ins *d, int depth)
{
	uint64_t c;

	return d->guard && d->op == OP_MOV && d->ndef == 1 && d->nuse >= 2 && d->nopnd == 2 &&
	       d->opnd[1].kind == OK_IMM && ir_tyinfo[f->regs[f->val[d->def[0]].reg]->type].bits == 16 &&
	       k16(pm, f, d->use[d->nuse - 1], depth, &c) && c == ((uint64_t)d->opnd[1].imm & 0xFFFFu);
}

static int
k16(ptx_module *pm, const Func *f, int v, int depth, uint64_t *r)
{
	int w, n;
	const Ins *d;
	uint64_t src[4], c;
	XOp o;

	if (depth == 0)
		k16steps = 0;
	d = v >= 0 && depth < 16 && k16steps++ < 1024 ? defof(f, v, &w) : NULL;

	/* under a guard it knows false the register keeps the value before
	 * (v15 xmix 342036: cvt.f64.f16 of a mov.b16 0xff80 that an @p
	 * sub.rn.f16 by setp.gt.ftz.f32 x, x writes is the folded
	 * 0x7fffffffe0000000 on an H200) */
	if (d && d->guard && d->ndef == 1 && d->nuse >= 2 && !(ir_opinfo[d->op].flags & OF_RDST) &&
	    interp_fold_guardconst(f, d) == 0)
		return k16(pm, f, d->use[d->nuse - 1], depth + 1, r);
	/* and a guarded mov of the immediate the register held before is
	 * that value whatever the guard (v15 xmix 46647: cvt.f64.bf16 of
	 * @p mov.b16 h, 0x7fff over a selp.b16 of a half of a pack of
	 * cvt.rn.ftz.bf16.f32 of a mov'd 0fFFFFFFFF, 0x7fff, by a p it does
	 * not know is the folded 0x7fffffffe0000000 on an H200; sm_90 SASS:
	 * no SEL, no F2F) */
	if (d && movheld16(pm, f, d, depth + 1))
		return *r = (uint64_t)d->opnd[1].imm & 0xFFFFu, 1;
	if (!d || (d->guard && interp_fold_guardconst(f, d) != 1) || d->ndst != 1 || d->nty < 1 || d->nopnd > 4)
		return 0;
	/* a selp.b16 by a predicate it decides is the operand it picks, and
	 * mul.f16 or mul.bf16 (no rounding modifier, .ftz or .sat) of two
	 * values it knows, one of them +-1.0 and the other no NaN, the other
	 * or its negation (sm_90 SASS: mul.bf16 of two mov'd 0xbf80 is a MOV
	 * of 1.0, of 0x4040 and 0x4000 an HMUL2; v15 dag 363584: mul.bf16 of
	 * a loaded x by mul.bf16 of selp.b16 c, y by setp.leu.bf16 z, z with
	 * itself, c a mov'd 0xbf80, is x on an H200, its NaN payload kept) */
	if (d->op == OP_SELP && d->nopnd == 4 && ir_tyinfo[d->ty[0]].bits == 16) {
		int t = interp_fold_selknown(f, d);
		if (t < 1 || t > 2)
			return 0;
		if (d->opnd[t].kind == OK_IMM || d->opnd[t].kind == OK_FIMM)
			return !interp_decode_op(pm, &d->opnd[t], TY_B16, &o) && o.k == XO_IMM && (*r = o.imm & 0xFFFFu, 1);
		return srcval(d, t) >= 0 && k16(pm, f, srcval(d, t), depth + 1, r);
	}
	/* a 16-bit slct by an immediate selector is the operand it picks: a
	 * for c >= 0 (an f32 -0 too, and under .ftz a subnormal), b below;
	 * not by a NaN f32 (v15 immx 114398, 194021, 249802: cvt.f32.bf16 of
	 * slct.s16.f32 -87, -16, -331.0 is the folded canonical NaN on an
	 * H200; sm_90 SASS: a MOV).  Not by a register, not even one kconst
	 * knows (v15 immx 61717: cvt.f64.bf16 of slct.s16.f32 x, 0x7fff by a
	 * szext.clamp.u32 of immediates kept the payload on an H200) */
	if (d->op == OP_SLCT && d->nopnd == 4 && d->nty == 2 && ir_tyinfo[d->ty[0]].bits == 16 &&
	    (d->ty[1] == TY_S32 || d->ty[1] == TY_F32)) {
		int t;
		if ((d->opnd[3].kind != OK_IMM && d->opnd[3].kind != OK_FIMM) ||
		    interp_decode_op(pm, &d->opnd[3], d->ty[1], &o) || o.k != XO_IMM)
			return 0;
		c = o.imm & 0xFFFFFFFFu;
		if (d->ty[1] == TY_F32 && (c & 0x7FFFFFFFu) > 0x7F800000u)
			return 0;
		if (d->ty[1] == TY_F32 && ir_hasmod(d, MOD_FTZ) && !(c & 0x7F800000u))
			c = 0;
		t = d->ty[1] == TY_F32 ? ((c & 0x80000000u) && (c & 0x7FFFFFFFu) ? 2 : 1) : (c & 0x80000000u ? 2 : 1);
		if (d->opnd[t].kind == OK_IMM || d->opnd[t].kind == OK_FIMM)
			return !interp_decode_op(pm, &d->opnd[t], TY_B16, &o) && o.k == XO_IMM && (*r = o.imm & 0xFFFFu, 1);
		return srcval(d, t) >= 0 && k16(pm, f, srcval(d, t), depth + 1, r);
	}
	if (d->op == OP_MUL && d->nopnd == 3 && d->nty == 1 && (d->ty[0] == TY_F16 || d->ty[0] == TY_BF16) &&
	    !ir_hasmod(d, MOD_RN) && !ir_hasmod(d, MOD_FTZ) && !ir_hasmod(d, MOD_SAT)) {
		uint32_t one = (uint32_t)alu_fone(alu_fmt_of(d->ty[0])), inf = d->ty[0] == TY_F16 ? 0x7C00u : 0x7F80u;
		uint64_t x[2];
		for (int i = 0; i < 2; i++)
			if (d->opnd[1 + i].kind == OK_IMM || d->opnd[1 + i].kind == OK_FIMM ?
			    interp_decode_op(pm, &d->opnd[1 + i], TY_B16, &o) || o.k != XO_IMM || !((x[i] = o.imm), 1) :
			    srcval(d, 1 + i) < 0 || !k16(pm, f, srcval(d, 1 + i), depth + 1, &x[i]))
				return 0;
		for (int i = 0; i < 2; i++)
			if ((x[i] & 0x7FFFu) == one && (x[1 - i] & 0x7FFFu) <= inf)
				return *r = (x[1 - i] ^ (x[i] & 0x8000u)) & 0xFFFFu, 1;
		return 0;
	}
	/* min or max .f16 or .bf16 of a value with itself is that value, a
	 * copy to ptxas, but for a subnormal .ftz flushes (v15 xmix 336716:
	 * cvt.f64.f16 of max.ftz.f16 x, x of an and.b16 of a mov.b16 0x7f7f
	 * is the folded 0x7fffffffe0000000 on an H200; sm_90 SASS: a MOV);
	 * not .bf16 nor .NaN, whose NaN the H200 kept (v15 xmix 241208,
	 * 257171: max.bf16 x, x of a mov'd 0x7fc0, of a selp of a mov'd 1,
	 * then cvt.f64.bf16 and cvt.f32.bf16; v14 xmix 753, v15 dag 252724:
	 * min.NaN.f16 x, x) */
	if ((d->op == OP_MIN || d->op == OP_MAX) && d->nopnd == 3 && d->nty == 1 && d->ty[0] == TY_F16 &&
	    !ir_hasmod(d, MOD_XORSIGN) && !ir_hasmod(d, MOD_RELU) && !ir_hasmod(d, MOD_NAN_PROP) &&
	    same(d, 1, d, 2) && srcval(d, 1) >= 0) {
		if (!k16(pm, f, srcval(d, 1), depth + 1, &c))
			return 0;
		if (ir_hasmod(d, MOD_FTZ) && !(c & (d->ty[0] == TY_F16 ? 0x7C00u : 0x7F80u)) && (c & 0x7FFFu))
			return 0;
		return *r = c & 0xFFFFu, 1;
	}
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[0].kind == OK_VEC && d->opnd[0].nsub == 2 && d->ndef == 2 &&
	    ir_tyinfo[d->ty[0]].bits == 32) {
		/* not of a packed half instruction's result, which kconst
		 * evaluates but ptxas does not (v14 xmix 4927, 6109: of a
		 * sub.f16x2 and a sub.bf16x2 of one mov'd pair, an HADD2's
		 * NaN that F2F.F64 keeps) */
		int z, u = srcval(d, 1);
		const Ins *e;
		/* of an immediate, its half (v15 immx 14053, 220809, 88306:
		 * cvt.f32.bf16 of a half of mov.b32 {a, b}, -4 is the folded
		 * canonical NaN on an H200; sm_90 SASS: a MOV.  Where both
		 * halves are converted ptxas folds the high one's with its
		 * payload, 0xffff0000 for -4's; the rule takes neither apart) */
		if (d->opnd[1].kind == OK_IMM || d->opnd[1].kind == OK_FIMM)
			return !interp_decode_op(pm, &d->opnd[1], TY_B32, &o) && o.k == XO_IMM &&
			       (*r = (w == d->def[1] ? o.imm >> 16 : o.imm) & 0xFFFFu, 1);
		e = u >= 0 ? defof(f, u = copyroot(pm, f, u, 0), &z) : NULL;
		/* of a mov.b32 {a, b} pack, the half it packed (v14 xmix 515,
		 * 4367, 7993: a cvt.rn.bf16.f32 of a NaN, through a selp of
		 * the pack twice) */
		if (e && e->op == OP_MOV && !e->guard && e->nopnd == 2 && e->opnd[1].kind == OK_VEC &&
		    e->opnd[1].nsub == 2 && e->nuse == 2)
			return k16(pm, f, e->use[w == d->def[1]], depth + 1, r);
		if (!e || (e->op != OP_MOV && e->nty > 0 && ir_tyinfo[e->ty[e->nty - 1]].kind == TK_PACKED) ||
		    !interp_fold_kconst(f, u, &c))
			return 0;
		return *r = (w == d->def[1] ? c >> 16 : c) & 0xFFFFu, 1;
	}
	/* cvt.rn (.ftz) to f16 or bf16 of an f32 NaN, an immediate or a mov
	 * of one: ptxas's 0x7fff (sm_90 SASS: an HFMA2.MMA of +QNAN for
	 * 0fFFC12345; v14 xmix 515: of 0F7fffffff, 7993: of 0Fffa00000, the
	 * cvt.f64.bf16 of it 0x7fffffffe0000000 on an H200) */
	if (d->op == OP_CVT && d->nty == 2 && d->nopnd == 2 && d->ndef == 1 && (d->ty[0] == TY_F16 || d->ty[0] == TY_BF16) &&
	    d->ty[1] == TY_F32 && ir_hasmod(d, MOD_RN) && !ir_hasmod(d, MOD_RELU) && !ir_hasmod(d, MOD_SATFINITE) &&
	    !ir_hasmod(d, MOD_SAT)) {
		const Opnd *ko = immsrc(f, d);
		/* and of any f32 value it knows, a number too, which it rounds
		 * (sm_90 SASS: cvt.rn.bf16.f32 of a mov.f32 0F3F812345 and
		 * cvt.f64.bf16 of it is a MOV of 1.0078125, of a mov'd 0F00000020
		 * 0, of set.geu.u32.f32 x, x the NaN; v15 xmix 363790: cvt.f64.f16
		 * of cvt.rn.ftz.f16.f32 of such a set, 369483: of a sub.u16 of an
		 * add.u16 of a shl.b16 of an add.s16 of cvt.rn.bf16.f32 of the
		 * mov'd 0F00000020, the folded 0x7fffffffe0000000 on an H200;
		 * .rz, .rm and .rp are an F2F at run time) */
		/* (of a cvt.rn.f32.f64, .ftz or not, of an f64 NaN it knows
		 * too, which it folds: sm_90 SASS: cvt.f64.bf16 of
		 * cvt.rn.ftz.bf16.f32 of cvt.rn.ftz.f32.f64 of a mov.f64
		 * 0d7FF8000000000001 is a MOV of 0x7fffffffe0000000, of
		 * cvt.rz.f32.f64 an F2F.F32.F64.RZ, F2FP and F2F; v14 xmix
		 * 18519, v15 xmix 282297 on an H200) */
		int z;
		const Ins *e = !ko && srcval(d, 1) >= 0 ? defof(f, srcval(d, 1), &z) : NULL;
		if (e && !e->guard && e->op == OP_CVT && e->nty == 2 && e->ty[0] == TY_F32 && e->ty[1] == TY_F64 &&
		    e->nopnd == 2 && ir_hasmod(e, MOD_RN) && !ir_hasmod(e, MOD_SAT) && e->opnd[1].kind == OK_REG &&
		    selpk64(pm, f, srcval(e, 1), 1, &c) && (c & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull)
			return *r = 0x7FFF, 1;
		/* (of a cvt.f32.f16 or .bf16 of a half NaN it knows, which it
		 * folds: no F2F, no rounding at run time; v15 xmix 109610,
		 * line 171: cvt.f64.f16 of cvt.rn.ftz.f16.f32 of cvt.ftz.f32.f16
		 * of an xor.b16 of a max.u16 of mov'd 0xffff and 0x7fff is the
		 * folded 0x7fffffffe0000000 on an H100) */
		if (e && !e->guard && e->op == OP_CVT && e->nty == 2 && e->ty[0] == TY_F32 &&
		    (e->ty[1] == TY_F16 || e->ty[1] == TY_BF16) && e->nopnd == 2 && e->opnd[1].kind == OK_REG &&
		    !ir_hasmod(e, MOD_SAT) && k16(pm, f, srcval(e, 1), depth + 1, &c) &&
		    (c & 0x7FFFu) > (e->ty[1] == TY_F16 ? 0x7C00u : 0x7F80u))
			return *r = 0x7FFF, 1;
		/* (and of a selp.f32 by a setp it decides, the operand it
		 * picks: kconstsel; v15 xmix 465712, 617698: cvt.f64.bf16 and
		 * cvt.f32.bf16 of cvt.rn.bf16.f32 of selp.f32 of a mov'd NaN by
		 * setp.ne.u32 of set.ge.u32.s16 x, x and 0, 223011: cvt.f64.f16
		 * of cvt.rn.f16.f32 of selp.f32 y, 0f7FFFFFFF by setp.gt.f32 x,
		 * x, the folded canonical NaN on an H100) */
		if (ko ? interp_decode_op(pm, ko, TY_F32, &o) || o.k != XO_IMM :
		    srcval(d, 1) < 0 || (!interp_fold_kconst(f, srcval(d, 1), &o.imm) &&
		    !interp_fold_kconstsel(f, srcval(d, 1), &o.imm)))
			return 0;
		if ((o.imm & 0x7FFFFFFFu) <= 0x7F800000u) {
			uint64_t x = o.imm & 0xFFFFFFFFu;
			return interp_fold_kexec(d, 1, &x, &c) && (*r = c & 0xFFFFu, 1);
		}
		return *r = 0x7FFF, 1;
	}
	/* (a cvt to 8 bits writes its 16-bit register whole, sign- or
	 * zero-extended: v15 immx 64972, cvt.f32.bf16 of cvt.sat.s8.s64 of
	 * -1, 0xffff, is the folded canonical NaN on an H200) */
	if (d->ndef != 1 || (ir_tyinfo[d->ty[0]].bits != 16 &&
	    !(d->op == OP_CVT && ir_tyinfo[d->ty[0]].bits == 8 && ir_tyinfo[f->regs[f->val[w].reg]->type].bits == 16)))
		return 0;
	if (d->op == OP_MOV && d->nopnd == 2) {
		if (d->opnd[1].kind == OK_IMM || d->opnd[1].kind == OK_FIMM) {
			if (interp_decode_op(pm, &d->opnd[1], TY_B16, &o) || o.k != XO_IMM)
				return 0;
			return *r = o.imm & 0xFFFFu, 1;
		}
		/* a guarded copy (an unguarded one defof passed) */
		return srcval(d, 1) >= 0 && k16(pm, f, srcval(d, 1), depth + 1, r);
	}
	/* neg and abs .f16 and .bf16 (no .ftz) of a value it knows: the sign
	 * flipped or cleared (sm_90 SASS: cvt.f64.bf16 of neg.f16 of a mov.b16
	 * 0x7fff, of cvt.sat.s16.u64 -46, and cvt.f64.f16 of neg.bf16 of
	 * sub.u16 14, 0x42, are MOVs of 0x7fffffffe0000000; v15 immx 148345,
	 * 237865, that on an H200); not of a half of a mov.b32 {a, b} unpack,
	 * which the early pass leaves to the HFMA2 (v13 dag 7242: cvt.f32.bf16
	 * of neg.bf16 of the high half of a mov.f32 0F7fc17f81 is its 0x7fff
	 * shifted, 0x7fff0000, on an H200) */
	if ((d->op == OP_NEG || d->op == OP_ABS) && d->nopnd == 2 && d->nty == 1 &&
	    (d->ty[0] == TY_F16 || d->ty[0] == TY_BF16) && !ir_hasmod(d, MOD_FTZ)) {
		int z;
		const Ins *e = srcval(d, 1) >= 0 ? defof(f, srcval(d, 1), &z) : NULL;
		if (!e || (e->op == OP_MOV && e->nopnd == 2 && e->opnd[0].kind == OK_VEC) ||
		    !k16(pm, f, srcval(d, 1), depth + 1, &c))
			return 0;
		/* abs.bf16 of a NaN it knows stays the HFMA2.BF16 -RZ * RZ +
		 * |c|, which ptxas does not fold: its canonical 0x7fff is
		 * known only at run time, so a cvt of it is an F2F or shift
		 * that keeps that payload (sm_90 SASS: HFMA2.BF16_V2 R, -RZ,
		 * RZ, +QNAN, +QNAN and F2F.F64.BF16 of it for cvt.f64.bf16 of
		 * abs.bf16 of mov.b16 0x7f81, SHF.L of it for cvt.f32.bf16,
		 * where neg.bf16's is a MOV of 0x7fffffffe0000000; v13 dag
		 * 13105: 0x7fffe00000000000 on an H200) */
		if (d->op == OP_ABS && d->ty[0] == TY_BF16 && (c & 0x7FFFu) > 0x7F80u)
			return 0;
		return *r = (d->op == OP_NEG ? c ^ 0x8000u : c & 0x7FFFu) & 0xFFFFu, 1;
	}
	if (!isint(d->ty[0]) && ir_tyinfo[d->ty[0]].kind != TK_BIT)
		return 0;
	/* (nor a cvt to an integer of a float, an F2I the early pass leaves:
	 * v15 xmix 105091, cvt.f32.bf16 of or.b16 of a mov'd 0xbf80 and
	 * cvt.rmi.s16.bf16 of it kept 0xffff's payload on an H200; but to u16
	 * of an f32 or f64 literal, or a mov of one, no NaN, it folds: sm_90
	 * SASS, v15 immx 13502, 254714: cvt.f64.bf16 of cvt.rzi.sat.u16.f32
	 * 0f7E00FE01 and of cvt.rni.ftz.u16.f32 0d41E0000000000000 the folded
	 * 0x7fffffffe0000000 on an H200; to s16 or s8, or of a NaN, the F2I
	 * stays: v15 immx 22675, cvt.rn.f64.bf16 of cvt.rni.ftz.sat.s8.f32
	 * 0fC1560000 kept 0xfff3's payload) */
	if (d->op == OP_CVT && d->nty == 2 && ir_tyinfo[d->ty[1]].kind == TK_FLOAT) {
		const Opnd *ko = (d->ty[1] == TY_F32 || d->ty[1] == TY_F64) && d->nopnd == 2 && d->ty[0] == TY_U16 ?
		    immsrc(f, d) : NULL;
		/* and to u16 of an f64 kconst64 knows, a pack of words it
		 * knows (sm_90 SASS: cvt.rni.u16.f64 of a mov.b64 pack of mov'd
		 * 0 and 0x40efffe0, 65535.0, and cvt.f64.f16 of it is a MOV of
		 * 0x7fffffffe0000000; v14,
		 * v15 xmix 10525: of a pack of 1e10's low word and its exponent
		 * less 1023, then add.s16, shl.b16, and.b16, shr.s16, shr.u16,
		 * xor.b16, the folded NaN on an H200) */
		if (!ko && d->ty[1] == TY_F64 && d->nopnd == 2 && d->ty[0] == TY_U16 && srcval(d, 1) >= 0 &&
		    interp_fold_kconst64(f, srcval(d, 1), &c) && (c & 0x7FFFFFFFFFFFFFFFull) <= 0x7FF0000000000000ull) {
			src[0] = c;
			return interp_fold_kexec(d, 1, src, &c) && (*r = c & 0xFFFFu, 1);
		}
		if (!ko || interp_decode_op(pm, ko, d->ty[1], &o) || o.k != XO_IMM ||
		    (d->ty[1] == TY_F32 ? (o.imm & 0x7FFFFFFFu) > 0x7F800000u :
		     (o.imm & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull))
			return 0;
		src[0] = o.imm;
		if (!interp_fold_kexec(d, 1, src, &c))
			return 0;
		return *r = c & 0xFFFFu, 1;
	}
	if (kb16op(d)) {
		uint32_t kz, ko;
		return kb16(pm, f, d, depth, &kz, &ko) && (*r = ko, 1);
	}
	if (leahi16(pm, f, d))
		return 0;
	if ((n = d->nopnd - 1) < 1 || n > 3)
		return 0;
	for (int i = 0; i < n; i++) {
		const Opnd *x = &d->opnd[1 + i];
		int u = srcval(d, 1 + i), bits = u >= 0 ? ir_tyinfo[f->regs[f->val[u].reg]->type].bits : 0;
		/* (a 64-bit source's literal whole: v15 immx 21481, 22437, a
		 * cvt.sat.u16.s64 and .u64 of 0xfff8000000012345 and
		 * 0x4330000000000000, 0 and 0xffff on an H200) */
		if (x->kind == OK_IMM)
			src[i] = (uint64_t)x->imm & (ir_tyinfo[d->ty[d->nty - 1]].bits == 64 ? ~0ull : 0xFFFFFFFFull);
		/* a cvt of a 32- or 64-bit value kconst knows (sm_90 SASS:
		 * cvt.f64.f16 of cvt.sat.s16.u32 of a mov.u32 524289 is a MOV of
		 * 0x7fffffffe0000000; v15 xmix 150881, that on an H200) */
		else if (x->kind == OK_REG && d->op == OP_CVT && n == 1 &&
			 ((bits == 32 && (interp_fold_kconst(f, u, &src[i]) || cvtup16(pm, f, u, depth, &src[i]))) ||
			  (bits == 64 && interp_fold_kconst64(f, u, &src[i]))))
			;
		else if (x->kind != OK_REG || !k16(pm, f, u, depth + 1, &src[i]) || bits != 16)
			return 0;
	}
	if (!interp_fold_kexec(d, n, src, &c))
		return 0;
	*r = c & 0xFFFFu;
	return 1;
}

/* Is 64-bit value v a cvt to a 64-bit integer of a float immediate or of
 * a mov of one (*c its bits)?  ptxas computes it, and folds a cvt.rn to
 * f16 or bf16 of it (sm_90 SASS: cvt.rn.bf16.f64 of cvt.rpi.u64.f32
 * 3.5e38, of a mov.f32 of it too, and cvt.rn.f16.f64 of cvt.rmi.u64.f64
 * 0d7FEFFFFFFFFFFFFF are HFMA2.MMA of +QNAN; v15 immx 306790, 50677:
 * 0x7fff on an H200, where the F2F keeps the sign, 0xffff). */
static int
cvt64k(ptx_module *pm, const Func *f, int v, uint64_t *c)
{
	const Ins *e;
	const Opnd *io;
	uint64_t x;
	int w;
	XOp o;

	if (!(e = defof(f, v, &w)) || e->guard || e->op != OP_CVT || e->nty != 2 || e->nopnd != 2 ||
	    !isint(e->ty[0]) || ir_tyinfo[e->ty[0]].bits != 64 || (e->ty[1] != TY_F32 && e->ty[1] != TY_F64) ||
	    !(io = immsrc(f, e)) || io->kind != OK_FIMM || interp_decode_op(pm, io, e->ty[1], &o) || o.k != XO_IMM ||
	    f2idirrun(pm, f, v))   /* (a ceil or floor in range runs) */
		return 0;
	x = o.imm;
	return interp_fold_kexec(e, 1, &x, c);
}

/* Is d a cvt.rn.f16.f64 or cvt.rn.bf16.f64 of an f64 NaN ptxas knows (an
 * immediate, an abs or neg of one, a mov of one), which foldcvtnank folds
 * to the canonical 0x7fff? */
static int
nan16k(ptx_module *pm, const Func *f, const Ins *d)
{
	const Opnd *io = NULL;
	const Ins *e;
	int v, w;
	XOp o;
	uint64_t c;

	if (d->op != OP_CVT || d->guard || d->nty != 2 || d->nopnd != 2 || d->ty[1] != TY_F64 ||
	    (d->ty[0] != TY_F16 && d->ty[0] != TY_BF16) || !ir_hasmod(d, MOD_RN) || ir_hasmod(d, MOD_SAT))
		return 0;
	/* a value kconst computes too (v14 xmix 3884: of a pack of words of
	 * a mov.b64 NaN, one xor'ed with 0f80000000) */
	if ((v = srcval(d, 1)) >= 0 && interp_fold_kconst64(f, v, &c))
		return (c & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull;
	if (v >= 0 && cvt64k(pm, f, v, &c))
		return (c & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull;
	if (d->opnd[1].kind == OK_IMM || d->opnd[1].kind == OK_FIMM)
		io = &d->opnd[1];
	else if ((v = srcval(d, 1)) >= 0 && (e = defof(f, v, &w)) && !e->guard && e->nopnd == 2 &&
		 (e->opnd[1].kind == OK_IMM || e->opnd[1].kind == OK_FIMM) &&
		 (((e->op == OP_ABS || e->op == OP_NEG) && e->ty[0] == TY_F64) ||
		  (e->op == OP_MOV && ir_tyinfo[e->ty[0]].bits == 64)))
		io = &e->opnd[1];
	return io && !interp_decode_op(pm, io, TY_B64, &o) && o.k == XO_IMM &&
	       (o.imm & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull;
}

/* Is in a cvt from bf16 in a directed rounding, .rz, .rm or .rp? */
static int
bf16dir(const Ins *in)
{
	return in->ty[1] == TY_BF16 && (ir_hasmod(in, MOD_RZ) || ir_hasmod(in, MOD_RM) || ir_hasmod(in, MOD_RP));
}

/* Is the 16-bit NaN v that cvt in widens one ptxas's early pass does not
 * fold (interp_fold_early: another block, or an instruction it expands
 * into a call, a branch or a collective between)?  Its later fold of
 * cvt.f32.bf16 is the shift, sign and payload kept (sm_90 SASS: MOV
 * 0xffc60000 for cvt.f32.bf16 of sub.u16 53, 0x6f with a div.rn.f32
 * between, MOV 0x7fffffff without; v15 immx 59657: 0xffc60000 on an
 * H200, a div.rp.ftz.f32 and an rcp.rn.f32 between; 41612, 44643, 59157:
 * a match.any between) */
static int
cvtlate(const Func *f, int v, const Ins *in)
{
	return !(v >= 0 && v < f->nval && interp_fold_early(f, f->val[v].ins, in));
}

/* Does ptxas's knowledge of predicate v pass through a negation: a
 * not.pred, or an and, or or xor.pred reading a literal negated (`!%p`),
 * on the way to the setps it decides?  Its early pass resolves a guard
 * by a setp it decides and by an and, or or xor of such setps; one
 * through a negation it leaves to its later pass (guardlate). */
static int
predneg(const Func *f, int v, int depth)
{
	int w, a, an;
	const Ins *d = v >= 0 && v < f->nval && depth < 8 ? defof(f, v, &w) : NULL;

	if (!d || d->ty[0] != TY_PRED)
		return 0;
	if (d->op == OP_NOT)
		return 1;
	if ((d->op != OP_AND && d->op != OP_OR && d->op != OP_XOR) || d->nopnd != 3)
		return 0;
	for (int i = 1; i <= 2; i++)
		if (!predop(d, i, &a, &an) && (an || predneg(f, a, depth + 1)))
			return 1;
	return 0;
}

/* Is d an instruction under a guard ptxas's early pass leaves, one that
 * k16 knows: a negated one (@!p), or one whose predicate it knows through
 * a negation (predneg)?  The later pass resolves it, and its fold of
 * cvt.f32.bf16 is the shift, sign and payload kept (v15 xmix 232099,
 * 155485, 243219: of @!p mov.b16 0x7fff by setp.ne.s16 x, x, by @p of
 * not.pred of setp.gt.f32 x, x and @!p by xor.pred !q, !q, 0x7fff0000
 * on an H200; 241824: of @p add.bf16 over a mov'd 0x7fc0 by and.pred !a,
 * !b known false, 0x7fc00000; 1088145: of @p mov.b16 0x7fff by or.pred
 * !a, !b of setp.ne.f32 x, x, 0x7fff0000 on an H100), where @p by a
 * setp.eq.s32 x, x or an or.pred of a setp.equ x, x is the canonical NaN
 * (v14 xmix 21616, 21649), and so is @p by a setp.lt.u64 x, x it knows
 * false (v15 xmix 277448: of a mov'd 0xffa1 so guarded, 0x7fffffff on an
 * H100), as a cvt.f64 of such a mov is (v14 xmix 3649, 6874; v15 xmix
 * 78413, 80178).  A guarded mov of the immediate the register held
 * before is no guarded instruction to the early pass at all (v15 xmix
 * 801098: of @!p mov.b16 0x7fff over a mov'd 0x7fff, 0x7fffffff). */
static int
guardlate(ptx_module *pm, const Func *f, const Ins *d)
{
	if (!d || !d->guard || d->nuse < 1 || movheld16(pm, f, d, 0))
		return 0;
	return d->guard->kind == OK_NOT || predneg(f, d->use[0], 0);
}

/* Is 16-bit value v a half of a mov.b32 {lo, hi} unpack of a pack (which
 * defof takes for the half packed) whose other half ptxas does not know
 * (k16)?  Its early pass does not take the half out of such a pack; the
 * later one does, and widens a bf16 NaN of it by the shift, sign and
 * payload kept, where it folds a cvt.f64 of one to the canonical NaN
 * (sm_90 SASS: cvt.f32.bf16 of the high half of a pack of a loaded
 * half's cvt.rn.bf16.f32 and cvt.rn.ftz.bf16.f32 of 0f7F800001 is
 * HFMA2.MMA of +QNAN, 0, of a pack with a mov'd half MOV 0x7fffffff, and
 * cvt.f64.bf16 of it MOV 0x7fffffff, -512, 0 either way; v14 xmix 13850,
 * v15 xmix 95723, 185404: 0x7fff0000 on an H200) */
static int
unpacklate(ptx_module *pm, const Func *f, int v)
{
	const Ins *e, *p;
	uint64_t c;
	int z;

	if (v < 0 || v >= f->nval || f->val[v].ins < 0)
		return 0;
	e = f->ins[f->val[v].ins];
	return e->op == OP_MOV && !e->guard && e->nopnd == 2 && e->opnd[0].kind == OK_VEC && e->opnd[0].nsub == 2 &&
	    e->ndef == 2 && srcval(e, 1) >= 0 && (p = defof(f, srcval(e, 1), &z)) && p->op == OP_MOV && !p->guard &&
	    p->nopnd == 2 && p->opnd[1].kind == OK_VEC && p->opnd[1].nsub == 2 && p->nuse == 2 &&
	    !k16(pm, f, p->use[v != e->def[1]], 0, &c);
}

/* The value that min.f64 or max.f64 of a value with itself (unguarded)
 * copies, v itself for anything else: ptxas drops the DMNMX (sm_90 SASS:
 * min.f64 x, x of a loaded x stores x), and a cvt.rn.f16.f64 or
 * cvt.rn.bf16.f64 of it, of a NaN it knows, is its canonical 0x7fff
 * (sm_90 SASS: MOV 0x7fff for each of min.f64 of a mov.u64
 * 0xfff4000000000001 and max.f64 of a mov.b64 pack of an unpack of 64
 * whose high word a not.b32 made; v15 xmix 356249, v14 and v15 xmix
 * 18174 on an H100), where the F2F.F16.F64 keeps the sign. */
static int
mmself64(const Func *f, int v)
{
	int w, u;
	const Ins *d;

	for (int n = 0; n < 4 && v >= 0 && (d = defof(f, v, &w)) && !d->guard && (d->op == OP_MIN || d->op == OP_MAX) &&
	     d->nty == 1 && d->ty[0] == TY_F64 && d->nopnd == 3 && (u = srcval(d, 1)) >= 0 && u == srcval(d, 2); n++)
		v = u;
	return v;
}

static int
foldcvtnank(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	int v = -1, w;
	uint32_t h;
	const Ins *d = NULL;
	XOp o;

	int wide = in->ty[1] == TY_F64;
	const Opnd *io = NULL;

	/* of f64: an immediate, or an abs or neg of one, is known too (v13
	 * dag seeds 1424, 2795, 5175 and 4745: cvt.rn.bf16.f64 of a NaN
	 * immediate, of abs.f64 of one, 0x7fff on an H200) */
	if (wide && (in->opnd[in->ndst].kind == OK_IMM || in->opnd[in->ndst].kind == OK_FIMM))
		io = &in->opnd[in->ndst];
	else if ((v = srcval(in, in->ndst)) < 0 || (wide && (v = mmself64(f, v)) < 0) || !(d = defof(f, v, &w)))
		return 0;
	else if (wide && (d->op == OP_ABS || d->op == OP_NEG) && d->ty[0] == TY_F64 && !d->guard && d->nopnd == 2 &&
		 (d->opnd[1].kind == OK_IMM || d->opnd[1].kind == OK_FIMM))
		io = &d->opnd[1];
	/* .rn alone: ptxas folds the rounding cvt to the canonical NaN, while
	 * .rm and .rp keep the F2F's quieted NaN, sign and payload (seeds
	 * 1175, 2170, 2311, 3462), of a mov'd constant as of an immediate
	 * (v14 xmix 2755, 2363, 3636, 5897, 7677: cvt.rz, .rp, .rm.f16.f64
	 * of a mov.f64 or mov.u64 NaN, 0xfe00 for 0dFFF8000000012345 on an
	 * H200; sm_90 SASS: F2F.F16.F64.RZ of the UMOV'd pair, where .rn is
	 * an HFMA2.MMA of +QNAN) */
	if ((io || wide || in->ty[0] == TY_BF16) && !ir_hasmod(in, MOD_RN))
		return 0;
	/* cvt.f64.bf16 in .rz, .rm or .rp stays the F2F.F64.BF16 of the
	 * constant, which keeps the NaN's sign and payload (sm_90 SASS:
	 * F2F.F64.BF16.RZ R, -QNAN for one of mov.s16 -39; v15 immx 6432:
	 * 0xfffb200000000000 for cvt.rp.f64.bf16 of it on an H200) */
	if (in->ty[0] == TY_F64 && in->ty[1] == TY_BF16 && bf16dir(in))
		return 0;
	if (io) {
		if (interp_decode_op(pm, io, TY_B64, &o) || o.k != XO_IMM)
			return 0;
	} else
	/* a 16-bit integer set of a float with itself by equ, leu or geu is
	 * all ones whatever the value, a NaN's bits that ptxas knows too, but
	 * later: cvt.rn.f64.bf16 of it is the canonical NaN (v12 formx 784,
	 * 3691: of set.leu.ftz.u16.f16 and set.geu.ftz.s16.f16 of x and x, a
	 * constant in sm_90 SASS and on the H200), where .rm and .rp keep an
	 * F2F.F64.BF16 of -QNAN and cvt.f32.bf16 a shift, sign and payload
	 * kept (814, 2094, 1236, 1633, 2891, 3279) */
	if (in->ty[0] == TY_F64 && in->ty[1] == TY_BF16 && ir_hasmod(in, MOD_RN) && d->op == OP_SET && !d->guard && d->nopnd == 3 && d->nty == 2 && isint(d->ty[0]) &&
	    ir_tyinfo[d->ty[0]].bits == 16 && ir_tyinfo[d->ty[1]].kind == TK_FLOAT && srcval(d, 1) >= 0 &&
	    srcval(d, 1) == srcval(d, 2) && !ir_hasmod(d, MOD_AND) && !ir_hasmod(d, MOD_OR) && !ir_hasmod(d, MOD_XOR) &&
	    (ir_hasmod(d, MOD_EQU) || ir_hasmod(d, MOD_LEU) || ir_hasmod(d, MOD_GEU))) {
		o.k = XO_IMM;
		o.imm = 0xFFFF;
	} else if (!wide && k16(pm, f, v, 0, &o.imm)) {
		/* a 16-bit value ptxas computes from immediates (k16) */
		o.k = XO_IMM;
	} else if (wide && (interp_fold_kconst64(f, v, &o.imm) || cvt64k(pm, f, v, &o.imm))) {
		/* a 64-bit value ptxas computes from immediates, integer
		 * instructions of movs (kconst; v14 xmix 2998, 3884, 4060,
		 * 7395, 7832: shr, xor, brev, bfe.s64, a pack of words,
		 * 0x7fff on an H200 where F2F.F16.F64 keeps the sign), or a
		 * cvt to a 64-bit integer of a float literal (cvt64k) */
		o.k = XO_IMM;
	} else if (!wide && nan16k(pm, f, d)) {
		/* a half this rule folds, of an f64 NaN ptxas knows, is one it
		 * knows (v13 dag seed 1424: cvt.f64.bf16 of cvt.rn.bf16.f64 of
		 * 0dffffffffffffffff, 0x7fffffffe0000000 on an H200) */
		o.k = XO_IMM;
		o.imm = 0x7FFF;
	} else if (d->op != OP_MOV || d->guard ||
	    d->nopnd != 2 || (d->opnd[1].kind != OK_IMM && d->opnd[1].kind != OK_FIMM) ||
	    ir_tyinfo[d->ty[0]].bits != (wide ? 64 : 16) ||
	    interp_decode_op(pm, &d->opnd[1], wide ? TY_B64 : TY_B16, &o) || o.k != XO_IMM)
		return 0;
	if (wide ? (o.imm & 0x7FFFFFFFFFFFFFFFull) <= 0x7FF0000000000000ull :
	    (h = (uint32_t)o.imm & 0x7FFFu) <= (in->ty[1] == TY_BF16 ? 0x7F80u : 0x7C00u))
		return 0;
	/* cvt.f32.bf16 in .rz, .rm or .rp of a NaN ptxas knows is the NaN's
	 * bits shifted, sign and payload kept, where without a rounding
	 * modifier or in .rn it is the canonical NaN (sm_90 SASS: MOV R,
	 * 0xffd90000 for cvt.rz.f32.bf16 of mov.s16 -39, 0x7fffffff for
	 * cvt.f32.bf16; v15 immx 8797: cvt.rm.f32.bf16 of cvt.sat.s16.u32
	 * 0x7f7fffff is 0x7fff0000 on an H200); with .ftz the canonical
	 * NaN too (617, 1869: cvt.rz.ftz and cvt.rp.ftz, 0x7fffffff).  So
	 * is it where a guarded instruction wrote the NaN under a guard
	 * ptxas's early pass does not resolve (guardlate) */
	if (in->ty[0] == TY_F32 && in->ty[1] == TY_BF16 && !ir_hasmod(in, MOD_FTZ) &&
	    (bf16dir(in) || (!io && (cvtlate(f, v, in) || unpacklate(pm, f, v) || guardlate(pm, f, d))))) {
		movconstk(xi, ((uint32_t)o.imm & 0xFFFFu) << 16);
		return 1;
	}
	movconstk(xi, in->ty[0] == TY_F64 ? 0x7FFFFFFFE0000000ull :
	    in->ty[0] == TY_F16 || in->ty[0] == TY_BF16 ? 0x7FFFu : 0x7FFFFFFFull);
	return 1;
}

/* cvt to f64 of an f16 or bf16 that an unguarded neg (no .ftz) of x
 * wrote: ptxas converts x with the negation as the F2F's operand
 * modifier (sm_90 SASS: F2F.F64.BF16.RP R, -R; F2F.F64.F16 R, -R.H1),
 * which leaves a NaN x as it is, sign and payload, where the lone neg
 * gives the canonical NaN (v12 formx 495 and 2569, cvt.rz and
 * .rp.f64.bf16 of neg.bf16: of 0xffd6 the H200 gave 0xfffac00000000000,
 * of 0x7fff 0x7fffe00000000000).  abs.f16 (no .ftz) becomes an F2F of
 * |x| too, which leaves a NaN x as it is, its sign too (sm_90 SASS:
 * F2F.F64.F16 R, |R|; v13 dag 1012, v14 xmix 2022: 0xffff300000000000
 * where the lone abs gives 0x7fff on an H200); abs.bf16 stays an HFMA2,
 * and cvt.f32.bf16 of the neg a shift of its result. */
/* Is cvt in (no .sat) one whose neg or abs source ptxas takes as the
 * F2F's operand modifier, foldnegcvt's?  To f64 of an f16 or bf16, and
 * of an f32 without .ftz (F2F.F64.F32 R, -R and |R|; with .ftz an
 * FMUL.FTZ by -1 or 1 comes first); of an f64 to f32, f16 or bf16, any
 * rounding, .ftz too, not .relu or .satfinite (F2F.F32.F64.RM R, -R,
 * F2F.F32.F64.RZ R, |R| for .rz.ftz, F2F.F16.F64 R, -R, F2F.BF16.F64
 * R, |R|); of an f32 to f16 or bf16, no .ftz, .relu or .satfinite
 * (F2F.BF16.F32 R, -R, F2F.F16.F32.RZ R, |R|; .relu is an FADD and an
 * F2FP.RELU).  sm_90 SASS of each; as for a half, the F2F leaves a NaN
 * as it is, the modifier unapplied (v15 xmix 205291: cvt.f64.f32 of
 * abs.f32 of a set.le.ftz.s32.f32 mask, 0xffffffff, is 0xffffffffe0000000
 * on an H200, where the FADD of the lone abs gives 0x7fffffffe0000000). */
static int
negcvtf2f(const Ins *in)
{
	if (in->ty[0] == TY_F64 && (in->ty[1] == TY_F16 || in->ty[1] == TY_BF16))
		return 1;
	if (in->ty[0] == TY_F64 && in->ty[1] == TY_F32)
		return !ir_hasmod(in, MOD_FTZ);
	if (in->ty[1] == TY_F64 && (in->ty[0] == TY_F32 || in->ty[0] == TY_F16 || in->ty[0] == TY_BF16))
		return !ir_hasmod(in, MOD_RELU) && !ir_hasmod(in, MOD_SATFINITE);
	if (in->ty[1] == TY_F32 && (in->ty[0] == TY_F16 || in->ty[0] == TY_BF16))
		return !ir_hasmod(in, MOD_FTZ) && !ir_hasmod(in, MOD_RELU) && !ir_hasmod(in, MOD_SATFINITE);
	return 0;
}

static int
foldnegcvt(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int v = srcval(in, 1), w, u;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (!d || !(d->op == OP_NEG || (d->op == OP_ABS && d->ty[0] != TY_BF16)) || d->guard || d->ty[0] != in->ty[1] ||
	    ir_hasmod(d, MOD_FTZ) || d->nopnd != 2 || (u = srcval(d, 1)) < 0 || !holds(f, u, f->val[w].ins, k))
		return 0;
	/* (of an f32 or f64 ptxas knows, it folds the neg and the cvt: the
	 * rule leaves those to foldnegk and the constant rules) */
	if (in->ty[1] == TY_F32 || in->ty[1] == TY_F64) {
		uint64_t c;
		uint32_t c32;
		if (in->ty[1] == TY_F32 ? interp_fold_kconst(f, u, &c) || interp_fold_f32val(pm, f, u, &c32) :
		    interp_fold_dconstdeep(f, u, &c))
			return 0;
	}
	if (interp_decode_op(pm, &d->opnd[1], in->ty[1], &xi->s[0]))
		return 0;
	xi->alu.flags |= ALU_SGNOP;
	xi->alu.imm = d->op == OP_NEG ? SGN_NEG : SGN_ABS;
	return 1;
}

/* The divisor of in as f32 bits (*k) where it is an unguarded selp.f32
 * on a testp ptxas decides (interp_fold_selknown's testp.finite, .number,
 * .infinite or .notanumber of an and.b32 that clears an exponent bit)
 * that picks an immediate or a mov of one: ptxas decides such a testp
 * as early as it folds a constant divisor, which kconst's selp does not
 * see (sm_90 SASS: no division is left by a selp of 1.0, an FMUL by the
 * reciprocal by another). */
static int
divselk(ptx_module *pm, const Func *f, const Ins *in, uint32_t *k)
{
	int t, v, w;
	const Ins *d, *e;
	XOp o;

	if ((v = srcval(in, in->ndst + 1)) < 0 || !(d = defof(f, v, &w)) || d->ty[0] != TY_F32 ||
	    !(t = interp_fold_testpick(f, d)))
		return 0;
	if (d->opnd[t].kind != OK_FIMM && d->opnd[t].kind != OK_IMM) {
		if ((v = srcval(d, t)) < 0 || !(e = defof(f, v, &w)) || e->op != OP_MOV || e->guard || e->nopnd != 2 ||
		    (e->opnd[1].kind != OK_FIMM && e->opnd[1].kind != OK_IMM) || ir_tyinfo[e->ty[0]].bits != 32)
			return 0;
		d = e;
		t = 1;
	}
	if (interp_decode_op(pm, &d->opnd[t], TY_F32, &o) || o.k != XO_IMM)
		return 0;
	*k = (uint32_t)o.imm;
	return 1;
}

/* div.approx.f32 and div.full.f32 of x by a 1.0 that ptxas knows (an
 * immediate, a mov of one, a kconst value such as set.eq.f32.s16 of a
 * value with itself, or a selp of one on a testp it decides: divselk):
 * ptxas drops the division, so x comes back as it is, a NaN's payload
 * kept (v4 seed 490: 0xffffff9e by set.eq.f32.s16 h, h);
 * with .ftz it is an FADD.FTZ of -0 (sm_90 SASS of each). */
static int
folddiv1(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	uint32_t k;
	int v, w, sel = 0;
	const Ins *d;

	if (!f32known(pm, f, xi, in, 1, &k) && !(sel = divselk(pm, f, in, &k)))
		return 0;
	/* div.full or div.approx by another constant: an FMUL by its
	 * reciprocal, which ptxas computes rounded to nearest (sm_90 SASS:
	 * FMUL R, R, 2.3329049e-38 for 0F7e00fe01, FMUL.FTZ by 44263456 for
	 * 0F32c21055, by -0.060606062 for 0Fc1840000; v13 dag seeds 5067,
	 * 1886, 6657, and 737 .approx.ftz, on an H200), where a subnormal
	 * divisor (two FMULs) or a reciprocal that is subnormal, infinite or 0
	 * is not this */
	if (k != 0x3F800000u && in->op == OP_DIV) {
		float kf, rf;
		uint32_t rb;
		const Opnd *o = &in->opnd[in->ndst + 1];
		/* an immediate or a mov of one, or a selp of one on a testp
		 * ptxas decides as early (divselk; v1 seed 403882: div.approx
		 * by a selp of x and 0f40DB0000 on a testp.notanumber of tid &
		 * 31, an FMUL by 0.14611871 in sm_90 SASS); a selp on a setp
		 * ptxas decides later (v1 seed 44559: setp.lt.ftz x, x) keeps
		 * the division */
		if (o->kind != OK_FIMM && o->kind != OK_IMM && !sel &&
		    ((v = srcval(in, in->ndst + 1)) < 0 || !(d = defof(f, v, &w)) || d->op != OP_MOV || d->nopnd != 2 ||
		     (d->opnd[1].kind != OK_FIMM && d->opnd[1].kind != OK_IMM)))
			return 0;
		memcpy(&kf, &k, 4);
		if ((k & 0x7F800000u) == 0x7F800000u || !(k & 0x7F800000u))
			return 0;
		rf = 1.0f / kf;
		memcpy(&rb, &rf, 4);
		if (!(rb & 0x7F800000u) || (rb & 0x7F800000u) == 0x7F800000u)
			return 0;
		xi->s[1] = (XOp){ .k = XO_IMM, .imm = rb };
		xi->alu.op = OP_MUL;
		xi->alu.flags = ir_hasmod(in, MOD_FTZ) ? ALU_FTZ : 0;
		xi->alu.rnd = ALU_RN;
		return 1;
	}
	if (k != 0x3F800000u)
		return 0;
	/* the 1.0 an rcp of a 1.0 it knows: the division is already a
	 * multiplication by the reciprocal when ptxas folds the rcp (v6 seed
	 * 9658: by rcp.rp.ftz of a mov; a kernel of the two alone computes
	 * the rcp), and the FMUL by 1.0 stays, which gives the canonical NaN */
	if ((v = srcval(in, in->ndst + 1)) >= 0 && (d = defof(f, v, &w)) && d->op == OP_RCP) {
		XOp one = { .k = XO_IMM, .imm = 0x3F800000u };
		xi->s[1] = one;
		xi->alu.op = OP_MUL;
		xi->alu.flags = ir_hasmod(in, MOD_FTZ) ? ALU_FTZ : 0;
		xi->alu.rnd = ALU_RN;
		return 1;
	}
	copyof(xi, 0, ir_hasmod(in, MOD_FTZ));
	return 1;
}

/* Is source i of in a +0 or -0 ptxas knows: an immediate, a mov of one,
 * a set it knows false, or an unguarded shl or unsigned shr of 32 bits by
 * an immediate of 32 or more (v6 seed 82633: a set.ne.ftz.u32.f32 of a shl.b32 by 33 and a set,
 * the set's ISETP and a SEL in sm_90 SASS)? */
static int
f32zero(ptx_module *pm, const Func *f, const XIns *xi, const Ins *in, int i)
{
	uint32_t k;
	int v, w;
	const Ins *d;

	uint64_t c;

	if (f32const(pm, f, xi, in, i, &k))
		return !(k & 0x7fffffff);
	/* a min or max.f32 of values ptxas knows (v6 seed 130827: min.ftz of
	 * a set of x < x and 108.5), by kconst's rules, and an f32 set of a
	 * value with itself that is false (v12 formx 2089: set.ne.f32.s64 of
	 * x and x, an integer test in sm_90 SASS) */
	if ((v = srcval(in, in->ndst + i)) >= 0 && (d = defof(f, v, &w)) &&
	    (d->op == OP_MIN || d->op == OP_MAX || d->op == OP_SET) && d->ty[0] == TY_F32 &&
	    interp_fold_kconst(f, v, &c))
		return !(c & 0x7fffffff);
	/* an f32 set it knows false (v12 formx seed 2089: set.ne.f32.s64 of a
	 * value with itself; setpself); not an integer one, whose 0 a
	 * setp.geu.f32 against a set.ne.u32.b16's mask compared as itself
	 * (v5 arith 17483: true for the mask's NaN) */
	if (v >= 0 && (d = defof(f, v, &w)) && d->op == OP_SET && d->ty[0] == TY_F32 && d->ndst == 1 && setpself(d) == 0)
		return 1;
	return (v = srcval(in, in->ndst + i)) >= 0 && (d = defof(f, v, &w)) && !d->guard && d->nopnd == 3 &&
	       (d->op == OP_SHL || (d->op == OP_SHR && d->ty[0] != TY_S32)) && ir_tyinfo[d->ty[0]].bits == 32 &&
	       d->opnd[2].kind == OK_IMM && (uint64_t)d->opnd[2].imm >= 32;
}

/* min or max.f32 (not .NaN) of two operands ptxas knows to be one NaN,
 * the same bits (immediates, movs of them, kconst values such as the -1 of
 * set.eq.s32.u16 h, h): ptxas folds the instruction to that NaN, payload
 * and sign kept, where the FMNMX it would run gives the canonical NaN
 * (v6 seed 184522: min.ftz.f32 of such a set and 0fFFFFFFFF is 0xffffffff;
 * sm_90 SASS stores the constant for min and max, .ftz or not; min.NaN
 * folds to 0x7fffffff, as it runs).  Equal known values that are not NaNs
 * give what the instruction gives. */
/* mul.ftz.f32 (no rounding modifier) of two values ptxas knows,
 * one an infinity: it does not fold the product but leaves an FMUL
 * without .FTZ (sm_90 SASS: mul.ftz.f32 of 0Fff800000 and a mov.b32 of
 * 0x807fffff is FMUL R, R(0x7fffff), +INF; of a register it keeps
 * FMUL.FTZ, and of two finite constants it folds them, flushing), so a
 * subnormal factor is not flushed: inf * subnormal is inf, not NaN (v14
 * xmix 23956, 21505, 16320, 19452: -1e39 or 0Fff800000 by a mov'd
 * 0x20 or 0x807fffff, by an xor'ed +inf, -inf or +inf on an H200).
 * Likewise with .sat (FMUL.SAT R(+INF), 8.968e-44: inf * subnormal
 * saturates to 1.0, not the NaN's 0; v15 immx 14928, 32390, 89564,
 * 113186, 168070), and where a factor is a value ptxas computes from
 * constants (foldmufu.c f32val: rsqrt.approx of 0 is FMUL R(0x1),
 * +INF; v15 immx 23015, 133171, 70715: by div.approx of 0f40584000
 * and -7.006e-46).  Not of a cvt.pack or an szext.s32, which run
 * (I2IP.S16.S32.SAT and SGXT of immediates, then FMUL.FTZ R, +INF; v15
 * immx 47853: a subnormal cvt.pack.sat.s16.s32 of 21, 0x7f800000 by
 * 3.4028235677973366e38, 123142: an szext.clamp.s32 of 98 by an
 * szext.clamp.u32 of 0x7f800000, which ptxas folds to +INF, gave the
 * NaN on an H200).  Yet 149589, 1e39 by an szext.clamp.s32 of
 * 0x807fffff at 0x7f800001, gave the unflushed -inf: what decides
 * whether ptxas folds an szext.s32 here is not known (xfail.txt). */
static void
foldmulinf(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	uint32_t a, b;

	for (int i = 1; i <= 2; i++) {
		int v = srcval(in, i), w;
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
		if (d && (d->op == OP_CVT_PACK || (d->op == OP_SZEXT && d->ty[0] == TY_S32)))
			return;
	}
	if ((xi->alu.flags & ALU_RNDSET) || (!mufusrc(pm, f, xi, in, 0, &a) && !f32known(pm, f, xi, in, 0, &a)) ||
	    (!mufusrc(pm, f, xi, in, 1, &b) && !f32known(pm, f, xi, in, 1, &b)) ||
	    ((a & 0x7FFFFFFFu) != 0x7F800000u && (b & 0x7FFFFFFFu) != 0x7F800000u))
		return;
	xi->alu.flags &= ~(uint32_t)ALU_FTZ;
}

/* Does an instruction other than in hold the f32 constant one (+1.0 or
 * -1.0) in a register that in's FMUL then reads: a mul.f32 .sat of two
 * literals, one of them +-1.0, which ptxas leaves to run with 1.0 in a
 * register (FMUL.FTZ.SAT R(1.0), -333; v15 immx 25935), or a +1.0 that a
 * bmsk, shl or shr reads as its literal source (BMSK R(0x3f800000), 0xf;
 * 23589; a -1.0 mul stays folded beside a bmsk of 0x3f800000)? */
static int
onereg(ptx_module *pm, const Func *f, const Ins *in, uint32_t one)
{
	XOp o;

	for (int k = 0; k < f->nins; k++) {
		const Ins *d = f->ins[k];
		int sat = d->op == OP_MUL && d->nty == 1 && d->ty[0] == TY_F32 && ir_hasmod(d, MOD_SAT) && d->nopnd == 3;
		int reg = (d->op == OP_BMSK || d->op == OP_SHL || d->op == OP_SHR) && one == 0x3F800000u && d->nopnd >= 2;
		if (d == in || !(sat || reg))
			continue;
		for (int j = d->ndst; j < (reg ? d->ndst + 1 : d->nopnd); j++) {
			if (d->opnd[j].kind != OK_IMM && d->opnd[j].kind != OK_FIMM)
				break;
			if (!interp_decode_op(pm, &d->opnd[j], reg ? d->ty[0] : TY_F32, &o) && o.k == XO_IMM &&
			    (reg ? (uint32_t)o.imm == one : ((uint32_t)o.imm & 0x7FFFFFFFu) == 0x3F800000u))
				return 1;
		}
	}
	return 0;
}

/* mul.f32 (no rounding, .ftz or .sat) of a literal +-1.0 and a NaN
 * literal b: ptxas folds 1.0 * b to b itself, payload and all, not
 * quieted, and -1.0 * b to b with its sign flipped, quieted (sm_90 SASS:
 * MOV R, 0x7f800001 for 0f3F800000 * 0f7F800001, MOV R, 0xffc00001 for
 * 0fBF800000 * 0f7F800001; v15 immx 1401, 37489 on an H200), where the
 * FMUL's would be the canonical NaN; the canonical NaN itself stays it
 * (MOV R, 0x7fffffff for -1.0 * 0f7FFFFFFF).  Only with the 1.0 first:
 * b * 1.0 is an FMUL of 1.0 in a register and the NaN immediate (v15 immx
 * 1562, 9142), and so is one whose 1.0 another instruction holds in a
 * register (onereg). */
static int
foldmul1k(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	uint32_t a = (uint32_t)xi->s[0].imm, b = (uint32_t)xi->s[1].imm;

	if (in->guard || in->nopnd != 3 || (xi->alu.flags & (ALU_RNDSET | ALU_SAT | ALU_FTZ)) ||
	    xi->s[0].k != XO_IMM || xi->s[1].k != XO_IMM ||
	    (in->opnd[1].kind != OK_FIMM && in->opnd[1].kind != OK_IMM) ||
	    (in->opnd[2].kind != OK_FIMM && in->opnd[2].kind != OK_IMM) ||
	    (a & 0x7FFFFFFFu) != 0x3F800000u || (b & 0x7FFFFFFFu) <= 0x7F800000u || b == 0x7FFFFFFFu ||
	    onereg(pm, f, in, a))
		return 0;
	movconstk(xi, a >> 31 ? (b ^ 0x80000000u) | 0x400000u : b);
	return 1;
}

/* neg or abs .f16x2 or .bf16x2 (no .ftz) of a 32-bit value ptxas
 * computes as it compiles, f32 arithmetic and .approx instructions of
 * literals, integer ones, cvts (interp_fold_f32val): folded, each half's
 * sign flipped or cleared, NaN payloads kept (sm_90 SASS: a MOV of the
 * result; v15 immx 12988: neg.f16x2 of sub.f32 16777217.0 less the
 * infinite product of literals is 0x7f808000, 17207: of cvt.sat.u32.s16
 * 0x7d01 0x8000fd01, 874: abs.bf16x2 of ex2.approx.f32 -2.125
 * 0x3e6a40c7, on an H200), where an HADD2 would make a NaN half
 * canonical and the abs of a positive f32 is no copy; of bf16x2 an
 * HFMA2.BF16_V2 of -RZ, RZ and the folded halves remains, which makes a
 * NaN half the canonical 0x7fff (39885: abs.bf16x2 of 0x7f812345 is
 * 0x7fff2345); not a cvt.pack
 * (I2IP runs: v15 immx 2258, abs.f16x2 of cvt.pack.sat.s16.s32 -84, 30 is
 * 0x7fff001e on an H200) */
static int
foldhalf2k(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	uint32_t c;

	if (!d || d->op == OP_CVT_PACK || d->op == OP_MOV || (ir_hasmod(in, MOD_FTZ) && in->ty[0] != TY_F16X2) ||
	    xi->s[0].k == XO_IMM || !interp_fold_f32val(pm, f, v, &c))
		return 0;
	/* abs.ftz.f16x2 alike where no half is a subnormal or a NaN, which
	 * the rule leaves (v15 immx 182899, 71876: of ex2.approx.ftz.f32 and
	 * ex2.approx.f32 0.7, 0x3fcfefc6, 360135: of cvt.rn.ftz.sat.f32.f64
	 * 1E-5, the sign of the low half cleared on an H200, where the
	 * HADD2.FTZ of -0 that f32nonneg's foldabs2 takes keeps it) */
	for (int h = 0; h < 32 && ir_hasmod(in, MOD_FTZ); h += 16)
		if (!(c >> h & 0x7C00u) != !(c >> h & 0x7FFFu) || (c >> h & 0x7C00u) == 0x7C00u)
			return 0;
	c = in->op == OP_NEG ? c ^ 0x80008000u : c & 0x7FFF7FFFu;
	for (int h = 0; h < 32 && in->ty[0] == TY_BF16X2; h += 16)
		if ((c >> h & 0x7FFFu) > 0x7F80u)
			c = (c & ~(0xFFFFu << h)) | 0x7FFFu << h;
	movconstk(xi, c);
	return 1;
}

/* Is source i of f32 instruction d, negated where neg, 0x7fffffff to
 * ptxas: the literal (0f7FFFFFFF, or an f64 one it rounds to that), a
 * value kconst knows (a mov, an or of immediates), or what canon7f32
 * takes? */
static int canon7f32(ptx_module *pm, const Func *f, int v, int depth);

static int
canon7fsrc(ptx_module *pm, const Func *f, const Ins *d, int i, int neg, int depth)
{
	uint64_t c;
	XOp o;

	if (d->opnd[i].kind == OK_IMM || d->opnd[i].kind == OK_FIMM)
		return !interp_decode_op(pm, &d->opnd[i], TY_F32, &o) && o.k == XO_IMM &&
		    ((uint32_t)o.imm ^ (neg ? 0x80000000u : 0)) == 0x7FFFFFFFu;
	if (srcval(d, i) < 0)
		return 0;
	if (interp_fold_kconst(f, srcval(d, i), &c))
		return ((uint32_t)c ^ (neg ? 0x80000000u : 0)) == 0x7FFFFFFFu;
	return !neg && canon7f32(pm, f, srcval(d, i), depth + 1);
}

/* Is f32 value v one ptxas folds to its canonical NaN, 0x7fffffff: an
 * add, sub or mul (.ftz or not) without a rounding modifier of which a
 * source is 0x7fffffff (canon7fsrc; sub's second negated), whatever the
 * other; or an add, sub or mul with a rounding modifier of two literals
 * or known values, one a NaN (sm_90 SASS: mul.f32 of 0f7FFFFFFF and a
 * loaded x, add.f32 of x and mul.rn.f32 0f7FC00000, 1.5, sub.f32 x less
 * 0fFFFFFFFF are folded; mul.f32 of 0f7FC00000, 0fFFFFFFFF or 0f7FC12345
 * and 1.5 stays an FMUL, sub.f32 0fFFFFFFFF less x an FADD, fma.rn.f32
 * 0f7FFFFFFF, x, x an FFMA; an unrounded mul of literals may fuse into
 * the add that reads it).  Not with .rz, .rm or .rp, which ptxas folds
 * for no NaN (nan32k; sm_90 SASS: neg.f16x2 of add.f32 x, mul.rz.f32
 * 1.5, 0Fffc12345 is an FMUL.RZ, an FADD and an HADD2, folded with
 * .rn). */
static int
canon7f32(ptx_module *pm, const Func *f, int v, int depth)
{
	int w, nan = 0;
	const Ins *d = v >= 0 && depth < 4 ? defof(f, v, &w) : NULL;
	uint64_t c;
	XOp o;

	if (!d || d->guard || (d->op != OP_ADD && d->op != OP_SUB && d->op != OP_MUL) || d->nty != 1 ||
	    d->ty[0] != TY_F32 || d->nopnd != 3 || d->ndef != 1)
		return 0;
	if (ir_mod_round(d) == MOD_NONE)
		return canon7fsrc(pm, f, d, 1, 0, depth) || canon7fsrc(pm, f, d, 2, d->op == OP_SUB, depth);
	if (ir_mod_round(d) != MOD_RN)
		return 0;
	for (int i = 1; i <= 2; i++) {
		if (d->opnd[i].kind == OK_IMM || d->opnd[i].kind == OK_FIMM) {
			if (interp_decode_op(pm, &d->opnd[i], TY_F32, &o) || o.k != XO_IMM)
				return 0;
			c = o.imm;
		} else if (srcval(d, i) < 0 || !interp_fold_kconst(f, srcval(d, i), &c)) {
			return 0;
		}
		nan |= ((uint32_t)c & 0x7FFFFFFFu) > 0x7F800000u;
	}
	return nan;
}

/* neg.f16x2 and abs.f16x2 (no .ftz) of an add, sub or mul.f32 without a
 * rounding modifier that ptxas folds to its canonical NaN (canon7f32):
 * it folds the pair too, to all ones, 0xffffffff, for neg and abs alike,
 * though the f32 result stored is 0x7fffffff (sm_90 SASS: a MOV of -1;
 * v15 immx 10187, 199474, 355380: abs.f16x2 of mul.ftz.f32 and mul.f32 of
 * 0x7fffffff and a number; 22454, 25514, 138573: of add.f32 of such a
 * mul or of a mul.rn.f32 of NaN literals; 366172: of sub.ftz.f32 x,
 * 0fFFFFFFFF; 122541, 272407, 70979: neg.f16x2 of them; 271385: of
 * add.ftz.f32 x, x of mul.f32 0f7FFFFFFF by a loaded value; 0xffffffff on
 * an H200), where the HADD2 of -x or |x| makes each half the canonical
 * 0x7fff.  Of the mul.rn.f32 itself each half's sign is flipped
 * (foldhalf2k's rule, but of a NaN; v15 immx 23686: neg.f16x2 of
 * mul.rn.f32 0fFFFFFFFF, -152.5 is 0xffff7fff on an H200), which neither
 * rule takes; abs.ftz.f16x2 and the bf16x2 forms keep their HADD2 and
 * HFMA2. */
static int
foldhalf2nan(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	int v = srcval(in, 1), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;

	if (in->ty[0] != TY_F16X2 || ir_hasmod(in, MOD_FTZ) || !d || ir_mod_round(d) != MOD_NONE ||
	    !canon7f32(pm, f, v, 0))
		return 0;
	movconstk(xi, 0xFFFFFFFFu);
	return 1;
}

/* Source i of in a neg.f32 or abs.f32 (no .ftz) of a 0f NaN immediate:
 * ptxas folds the sign operation, quiets the NaN and keeps its payload
 * (v14 dag 27610: max.ftz.f32 of neg.f32 0F7f800001 with itself is
 * 0xffc00001, 16077: of abs.f32 0F7fc00001 0x7fc00001, on an H200; v13
 * dag 5607: min.f32, no .ftz, of neg.f32 0F7f80ff80 0xffc0ff80). */
static int
negabsk(ptx_module *pm, const Func *f, const Ins *in, int i, uint32_t *r)
{
	int v = srcval(in, in->ndst + i), w;
	const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
	XOp o;

	if (!d || d->guard || (d->op != OP_NEG && d->op != OP_ABS) || d->ty[0] != TY_F32 || d->nopnd != 2 ||
	    ir_hasmod(d, MOD_FTZ) || d->opnd[1].kind != OK_FIMM || d->opnd[1].flkind != FL_F32HEX ||
	    interp_decode_op(pm, &d->opnd[1], TY_F32, &o) || o.k != XO_IMM || (o.imm & 0x7FFFFFFFu) <= 0x7F800000u)
		return 0;
	*r = (d->op == OP_NEG ? (uint32_t)o.imm ^ 0x80000000u : (uint32_t)o.imm & 0x7FFFFFFFu) | 0x400000u;
	return 1;
}

/* Does an instruction between i and k (one block) stop the early pass
 * of ptxas's that folds min and max of constants: an integer division or
 * remainder of any width, a float division but .approx and .full, a
 * non-.approx rcp, sqrt or rsqrt, a call, and what stops earlystop's
 * (sm_90 SASS: max.ftz.f32 of a mov of 0Ffffffffe with itself is a MOV of
 * it, but an FADD.FTZ of it, the canonical NaN, with any of these between;
 * v14 xmix 1521, an rcp.rm.f32 between). */
static int
mmstop(const Func *f, int i, int k)
{
	if (i < 0 || i >= k || f->ins[i]->blk != f->ins[k]->blk)
		return 1;
	while (++i < k) {
		const Ins *d = f->ins[i];
		if ((ir_opinfo[d->op].flags & (OF_BAR | OF_WARP | OF_VOLATILE_SIDE)) || d->op == OP_CALL ||
		    d->op == OP_REM ||
		    (d->op == OP_DIV && !ir_hasmod(d, MOD_APPROX) && !ir_hasmod(d, MOD_FULL)) ||
		    ((d->op == OP_RCP || d->op == OP_SQRT || d->op == OP_RSQRT) && !ir_hasmod(d, MOD_APPROX)))
			return 1;
	}
	return 0;
}

static int
foldmmnan(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	uint32_t a, b;
	int v, w;

	if (!(f32known(pm, f, xi, in, 0, &a) || negabsk(pm, f, in, 0, &a)) ||
	    !(f32known(pm, f, xi, in, 1, &b) || negabsk(pm, f, in, 1, &b)) || a != b ||
	    (a & 0x7FFFFFFFu) <= 0x7F800000u)
		return 0;
	/* each register's value known early: not past mmstop's
	 * instructions, nor a bfe.s32 folded by the immediate rule of
	 * ptxas's later pass (v14 xmix 2357: max.ftz.f32 of a bfe.s32 at 34,
	 * 26 with itself is an FADD.FTZ of -QNAN in sm_90 SASS, 0x7fffffff
	 * on an H200) */
	for (int i = 1; i <= 2; i++) {
		const Ins *d;
		if (in->opnd[i].kind != OK_REG)
			continue;
		if ((v = srcval(in, i)) < 0 || !(d = defof(f, v, &w)) || mmstop(f, f->val[w].ins, k) ||
		    interp_fold_bfelate(f, v))
			return 0;
		/* nor a set.hs, ls, lo or hi of x with x where x is not known
		 * itself, which ptxas leaves to its ISETP and SEL, nor a
		 * cvt.pack.sat, its I2IP (v14 xmix 10348, 14990, 8711, 12063:
		 * min and max.ftz.f32 of such a -1 with itself are an FADD.FTZ
		 * of the register, 0x7fffffff on an H200; of a set.ls of a
		 * mov.b64 immediate with itself, 2582, the folded 0xffffffff) */
		uint64_t c;
		int u = d->op == OP_SET && d->nopnd == 3 ? srcval(d, 1) : -1;
		if ((u >= 0 && u == srcval(d, 2) && (ir_hasmod(d, MOD_HS) || ir_hasmod(d, MOD_LS) ||
		    ir_hasmod(d, MOD_LO) || ir_hasmod(d, MOD_HI)) && !interp_fold_kconst(f, u, &c) &&
		    !interp_fold_kconst64(f, u, &c)) || d->op == OP_CVT_PACK)
			return 0;
	}
	/* .ftz quiets a signalling NaN (v14 xmix 4166: max.ftz.f32 of a
	 * mov.b32 of 0xffa00000 with itself is 0xffe00000; without .ftz the
	 * SASS stores 0xffa00000) */
	if (ir_hasmod(in, MOD_FTZ))
		a |= 0x400000u;
	xi->s[0] = (XOp){ .k = XO_IMM, .imm = a };
	copyof(xi, 0, 0);
	return 1;
}

/* cvt.ftz.f32.f32 with no rounding modifier of a NaN ptxas knows (as
 * for min and max above): folded to that NaN quieted, its sign and
 * payload kept, where at run time the FADD.FTZ gives the canonical
 * 0x7fffffff (v14 dag 27519: of a mov.f32 0Fffa00000, 0xffe00000 on an
 * H200; formx 16644, 25210: of a set.le.s32.s64 of x with x, 0xffffffff,
 * not of unsigned ones);
 * mmstop's instructions between stop it as they stop the min's. */
static int
foldcvtnan32(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	uint32_t a;
	int v, w;
	const Ins *d = NULL;

	if (!(f32known(pm, f, xi, in, 0, &a) || negabsk(pm, f, in, 0, &a)) || (a & 0x7FFFFFFFu) <= 0x7F800000u)
		return 0;
	if (in->opnd[1].kind == OK_REG && ((v = srcval(in, 1)) < 0 || !(d = defof(f, v, &w)) ||
	    mmstop(f, f->val[w].ins, k) || interp_fold_bfelate(f, v)))
		return 0;
	/* a set of unsigned values ptxas leaves to its ISETP, whose value
	 * the cvt's FADD.FTZ makes canonical (v12 formx 1642, 5066:
	 * set.hs.u32.u32 and set.ge.u32.u64 of x with x, 0x7fffffff) */
	if (in->opnd[1].kind == OK_REG && d->op == OP_SET && ir_tyinfo[d->ty[d->nty - 1]].kind != TK_SINT)
		return 0;
	xi->s[0] = (XOp){ .k = XO_IMM, .imm = a | 0x400000u };
	copyof(xi, 0, 0);
	return 1;
}

/* setp.f32 or set of f32 of an unguarded set with an integer destination
 * (0 or -1, the latter a NaN as an f32) against a +0 or -0 (f32zero): ptxas
 * takes it for an integer test of the set's value, == 0, != 0, < 0 or
 * >= 0, by which the unordered compares equ and geu and the ordered ne and
 * lt lose their NaN rule (sm_90 SASS: the set's ISETP or FSETP and a SEL,
 * no FSETP of the value; v4 seed 5009, setp.equ.ftz of a set.lt.xor).
 * They become eq, ge, neu and ltu, which give the integer test's answer
 * on 0 and NaN; the other compares are left to an FSETP, or agree, and so
 * are geu and lt with .ftz (an FSETP.GEU.FTZ of the set's value, of set
 * and setp alike).  Only the constant as b, but for equ and ne, which are
 * symmetric. */
static int
foldsetpset(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	static const int from[] = { MOD_EQU, MOD_GEU, MOD_NE, MOD_LT }, to[] = { MOD_EQ, MOD_GE, MOD_NEU, MOD_LTU };
	int n = xi->alu.cmp == MOD_EQU || xi->alu.cmp == MOD_NE ? 2 : 1;

	if (n == 1 && ir_hasmod(in, MOD_FTZ))
		return 0;
	for (int i = 0; i < n; i++) {
		int v = srcval(in, in->ndst + i), w;
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
		if (!d || d->op != OP_SET || d->guard || d->ndst != 1 || (d->ty[0] != TY_U32 && d->ty[0] != TY_S32) ||
		    !f32zero(pm, f, xi, in, 1 - i))
			continue;
		for (int j = 0; j < 4; j++)
			if (xi->alu.cmp == from[j])
				xi->alu.cmp = to[j];
		break;
	}
	return 0;
}

/* Is source i of in a 16-bit 0 ptxas knows: an immediate or a mov of one,
 * a 16-bit shl or unsigned shr by 16 or more, an integer or f16 set of a
 * float with itself by lt, gt or ne (false even of a NaN) or of an integer
 * with itself by lt, gt or ne, or a half of a mov.b32 unpack of a 32-bit
 * kconst 0? */
static int
h16zero(const Func *f, const Ins *in, int i)
{
	const Opnd *o = &in->opnd[in->ndst + i];
	int v = srcval(in, in->ndst + i), w, u;
	const Ins *d;
	uint64_t c;

	if (o->kind == OK_IMM)
		return (o->imm & 0x7fff) == 0;
	if (v < 0 || !(d = defof(f, v, &w)) || d->guard)
		return 0;
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[1].kind == OK_IMM)
		return (d->opnd[1].imm & 0x7fff) == 0;
	if ((d->op == OP_SHL || (d->op == OP_SHR && ir_tyinfo[d->ty[0]].kind != TK_SINT)) && d->nopnd == 3 &&
	    d->opnd[2].kind == OK_IMM && (uint64_t)d->opnd[2].imm >= 16 && ir_tyinfo[d->ty[0]].bits == 16)
		return 1;
	if (d->op == OP_MOV && d->nopnd == 2 && d->opnd[0].kind == OK_VEC && d->opnd[0].nsub == 2 && d->ndef == 2 &&
	    (u = srcval(d, 1)) >= 0)
		return interp_fold_kconst(f, u, &c) && c == 0;
	/* of integers, lt, gt and ne (not lo, hi: setpself), v12 formx seed
	 * 4666: set.lt.f16.u16 of a value with itself */
	if (d->op == OP_SET && d->nty == 2 && d->ty[0] != TY_BF16 && ir_tyinfo[d->ty[0]].bits == 16 &&
	    isint(d->ty[1]) && setpself(d) == 0)
		return 1;
	return d->op == OP_SET && d->nopnd == 3 && d->nty == 2 && d->ty[0] != TY_BF16 &&
	       ir_tyinfo[d->ty[0]].bits == 16 && ir_tyinfo[d->ty[1]].kind == TK_FLOAT && srcval(d, 1) >= 0 &&
	       srcval(d, 1) == srcval(d, 2) && !ir_hasmod(d, MOD_AND) && !ir_hasmod(d, MOD_OR) &&
	       !ir_hasmod(d, MOD_XOR) && (ir_hasmod(d, MOD_LT) || ir_hasmod(d, MOD_GT) || ir_hasmod(d, MOD_NE));
}

/* setp or set .ne and .equ (.eq, .neu) of f16 or bf16 of a 16-bit integer set's
 * result (0, or all ones: a NaN) and a 0 ptxas knows: it tests the set's
 * compare again (sm_90 SASS: HSETP2.NE of the set's sources for a
 * set.ne.s16.f16), its truth where the mask is a NaN, so .ne is .neu and
 * .equ is .eq (v1 seeds 130832, 78980, 132646), with the setp's .ftz
 * (HSETP2.NE.FTZ of a set.ne's sources for a setp.ne.ftz: setpagain);
 * .lt and .geu stay HSETP2s of the mask.  1 folded, -1 no memory. */
static int setpagain(ptx_module *pm, const Func *f, XIns *xi, const Ins *d, int w, int k, int eq, int ty, int ftz);

static int
foldsetpset16(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	for (int i = 0; i < 2; i++) {
		int v = srcval(in, in->ndst + i), w;
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
		if (!d || d->op != OP_SET || d->guard || d->ndst != 1 || (d->ty[0] != TY_U16 && d->ty[0] != TY_S16) ||
		    !h16zero(f, in, 1 - i))
			continue;
		/* a setp or set whose .ftz is not the set's compares with its
		 * own (a set.equ.s16.bf16 of a set.lt.or.ftz.s16.f16's mask and
		 * a known 0: HSET2.GEU of the sources without .FTZ, v12 formx
		 * seeds 1227, 4666; 1968: set.equ.ftz.u16.f16 of a set.ne.s16.f16's
		 * mask and a known 0 is HSET2.EQU.FTZ of the inner set's sources) */
		if (ir_hasmod(in, MOD_FTZ) != ir_hasmod(d, MOD_FTZ) &&
		    (in->op == OP_SETP || !(ir_hasmod(in, MOD_AND) || ir_hasmod(in, MOD_OR) || ir_hasmod(in, MOD_XOR))))
			return setpagain(pm, f, xi, d, w, k, xi->alu.cmp == MOD_EQU || xi->alu.cmp == MOD_EQ, d->ty[1],
			    ir_hasmod(in, MOD_FTZ));
		xi->alu.cmp = xi->alu.cmp == MOD_NE || xi->alu.cmp == MOD_NEU ? MOD_NEU : MOD_EQ;
		break;
	}
	return 0;
}

/* Marks in m[] each block that a path of one edge or more leads to from
 * block b, following successors (dir 0) or predecessors (dir 1); st
 * holds f->nblk + 1 block ids (b may come back once, through a loop). */
static void
reach(const Func *f, int b, int dir, uint8_t *m, int *st)
{
	int n = 0;

	st[n++] = b;
	while (n > 0) {
		const Blk *x = &f->blk[st[--n]];
		int c = dir ? x->npred : x->nsucc;
		for (int e = 0; e < c; e++) {
			int y = dir ? x->pred[e] : x->succ[e];
			if (y >= 0 && y < f->nblk && !m[y]) {
				m[y] = 1;
				st[n++] = y;
			}
		}
	}
}

/* holds, or else: does no write of v's register, an instruction's or a
 * phi's, lie on a path from instruction i (which reads v) to instruction
 * k, in any blocks?  1 yes, 0 no, -1 out of memory. */
static int
holdsacross(ptx_module *pm, const Func *f, int v, int i, int k)
{
	int bi, bk, r = 1;
	uint8_t *fw, *bw;
	int *st;

	if (holds(f, v, i, k))
		return 1;
	if (v < 0 || v >= f->nval || i < 0 || k < 0 || i >= f->nins || k >= f->nins || f->nblk <= 0 ||
	    f->nblk > 4096 || f->nval > 4096)
		return 0;
	bi = f->ins[i]->blk;
	bk = f->ins[k]->blk;
	if (bi < 0 || bk < 0 || bi >= f->nblk || bk >= f->nblk)
		return 0;
	if (!(fw = interp_alloc(pm->cx, 2 * (size_t)f->nblk)) ||
	    !(st = interp_alloc(pm->cx, ((size_t)f->nblk + 1) * sizeof *st))) {
		interp_free(pm->cx, fw);
		return -1;
	}
	bw = fw + f->nblk;
	reach(f, bi, 0, fw, st);
	reach(f, bk, 1, bw, st);
	for (int u = 0; u < f->nval && r; u++) {
		const Val *x = &f->val[u];
		int b = x->blk;
		if (u == v || x->reg != f->val[v].reg || b < 0 || b >= f->nblk)
			continue;
		if (x->ins >= 0)
			r = !((fw[b] || (b == bi && x->ins > i)) && (bw[b] || (b == bk && x->ins < k)));
		else if (x->phi >= 0)
			r = !(fw[b] && (bw[b] || b == bk));
	}
	interp_free(pm->cx, st);
	interp_free(pm->cx, fw);
	return r;
}

/* The f32 set.ftz d (defining value w) compared again by the setp xi at
 * k: its sources, its compare (for eq, the complement: the compare of the
 * other sense and order, the BoolOp by De Morgan) and its BoolOp, without
 * .ftz (ty the set's source type, ftz the .ftz to compare with: the f16
 * sets of foldsetpset16 take the setp's).  Only where each source register still holds what d read, in any
 * blocks between them (v6 seed 59566: a set.eq.ftz of a value that a
 * branch joined, compared again for a setp 220 lines on, across calls,
 * an exit and branches; sm_90 SASS: FSETP.EQ of its sources), and not for
 * a BoolOp and a second destination (q would not be !p).  1 folded, 0
 * not, -1 out of memory. */
static int
setpagain(ptx_module *pm, const Func *f, XIns *xi, const Ins *d, int w, int k, int eq, int ty, int ftz)
{
	AluOp op;
	const char *why;
	XOp s[3], *ns;
	int n = d->nopnd - 1, u = 0, cmp = 0;

	if (alu_decode(d, &op, &why) || op.nwords != 1 || (n != 2 && n != 3) || (n == 3 && xi->alu.ndst > 1))
		return 0;
	/* an f32 set that foldsetpset made an integer test is compared again
	 * as that test (an H200: setp.ne.b32 of a set.equ.ftz.u32.f32 of an
	 * integer set's result and a 0 ptxas knows, and 0, is the integer
	 * set's compare again in sm_90 SASS, false where it is true) */
	if (ty == TY_F32 && n == 2) {
		XIns t = *xi;
		XOp ts[2];
		for (int i = 0; i < 2; i++)
			if (d->opnd[1 + i].kind == OK_REG || interp_decode_op(pm, &d->opnd[1 + i], TY_F32, &ts[i]))
				ts[i].k = XO_REG;
		t.s = ts;
		t.ns = 2;
		t.alu = op;
		foldsetpset(pm, f, &t, d);
		op.cmp = t.alu.cmp;
	}
	if (!fcmpnot(op.cmp))
		return 0;
	cmp = eq ? fcmpnot(op.cmp) : op.cmp;
	for (int i = 1; i <= n; i++) {
		const Opnd *o = &d->opnd[i], *r = o->kind == OK_NOT && o->nsub == 1 ? o->sub : o;
		if (o->kind != OK_IMM && o->kind != OK_FIMM) {
			int h;
			if (r->kind != OK_REG || !r->sym || r->sym->kind != SYM_REG || r->sel != SEL_NONE || r->imm ||
			    u >= d->nuse || f->regs[f->val[d->use[u]].reg] != r->sym)
				return 0;
			if ((h = holdsacross(pm, f, d->use[u], f->val[w].ins, k)) <= 0)
				return h;
			u++;
		}
		if (interp_decode_op(pm, o, i < 3 ? ty : TY_PRED, &s[i - 1]))
			return 0;
	}
	if (!(ns = interp_realloc(pm->cx, xi->s, (size_t)n * sizeof *xi->s)))
		return -1;
	if (n == 3 && s[2].k == XO_NOT)   /* alu_exec negates it: op.negsrc */
		s[2].k = XO_REG;
	xi->s = ns;
	memcpy(ns, s, (size_t)n * sizeof *ns);
	xi->ns = (uint8_t)n;
	op.op = xi->alu.op == OP_SET ? OP_SET : OP_SETP;   /* a set keeps its destination type */
	op.ty = xi->alu.op == OP_SET ? xi->alu.ty : ty;
	op.ty2 = xi->alu.op == OP_SET ? ty : 0;
	op.flags = (op.flags & ~(uint32_t)ALU_FTZ) | (ftz ? ALU_FTZ : 0);
	op.cmp = cmp;
	op.ndst = xi->alu.ndst;
	op.nsrc = n;
	if (eq && op.bop != MOD_XOR && n == 3) {   /* !(a and c) = !a or !c */
		op.bop = op.bop == MOD_AND ? MOD_OR : MOD_AND;
		op.negsrc ^= 1u << 2;
	}
	xi->alu = op;
	return 1;
}

/* Source i of the compare in: an unguarded f32 set with a .u32 or .s32
 * destination (0 or -1), *w its value, or NULL (foldsetpftz, foldsetone). */
static const Ins *
intsetf32(const Func *f, const Ins *in, int i, int *w)
{
	int v = srcval(in, in->ndst + i);
	const Ins *d = v >= 0 ? defof(f, v, w) : NULL;

	if (!d || d->op != OP_SET || d->guard || d->ndst != 1 || d->nty != 2 ||
	    (d->ty[0] != TY_U32 && d->ty[0] != TY_S32) || d->ty[1] != TY_F32)
		return NULL;
	return d;
}

/* setp.ne or setp.eq of a 32-bit integer type (or .f32, as foldsetpset
 * leaves it: neu, eq) between an f32 set.ftz's 0 or -1 and 0: ptxas
 * drops the value and compares the set's sources again, with its BoolOp
 * but without .ftz (sm_90 SASS: FSETP.GT.FTZ for the set, FSETP.GT for
 * the setp), so on a subnormal the setp and the set disagree (v6 seeds
 * 20039, 23574, 24175: a lane outside a vote's or a shfl's mask kept such
 * a setp's value, the others the collective's).  A set of an f32
 * destination, or of f16 (an HSET2), is tested by its value.  So is a set
 * with a .u32 or .s32 destination and such a test (not of .f32): one
 * FSETP without .ftz and a SEL (v4 seed 20078: set.eq.s32.s32 of a
 * set.ne.ftz.u32.f32 and a known 0 is FSETP.EQU; set.ne an FSETP.NE).
 * 1: folded, -1: no memory. */
static int
foldsetpftz(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int set = in->op == OP_SET, ty = in->ty[set], eq = xi->alu.cmp == MOD_EQ;

	if (xi->alu.bop || xi->ns != 2 || in->nopnd != in->ndst + 2 || in->nty != 1 + set ||
	    (set && ((in->ty[0] != TY_U32 && in->ty[0] != TY_S32) || ty == TY_F32)))
		return 0;
	if (ty == TY_F32 ? !eq && xi->alu.cmp != MOD_NEU :
	    ir_tyinfo[ty].bits != 32 || ir_tyinfo[ty].kind == TK_FLOAT || (!eq && xi->alu.cmp != MOD_NE))
		return 0;
	for (int i = 0; i < 2; i++) {
		int w;
		const Ins *d = intsetf32(f, in, i, &w);
		uint32_t z;
		if (!d || !ir_hasmod(d, MOD_FTZ) ||
		    !f32known(pm, f, xi, in, 1 - i, &z) || (ty == TY_F32 ? (z & 0x7fffffffu) != 0 : z != 0) ||
		    interp_fold_setsrck(f, d))
			continue;
		return setpagain(pm, f, xi, d, w, k, eq, TY_F32, 0);
	}
	return 0;
}

/* set or setp .eq or .ne .f32 (no BoolOp, no .ftz) of an unguarded f32
 * set with a .u32 or .s32 destination (0 or -1, a NaN) and a 1.0 ptxas
 * knows (an immediate, a kconst value such as set.eq.f32.s16 of h with
 * h): ptxas takes the set's truth for 1.0 and compares its sources again,
 * with its BoolOp, without .ftz, eq for the set's compare and ne for the
 * complement (sm_90 SASS: FSETP.NAN.OR for eq of a set.nan.ftz.or, NUM
 * for ne; v4 seed 26406, -1 on the H200 where the manual's 1.0 == NaN
 * is false).  Against -1.0 or 2.0 it keeps the FSETP of the value.
 * 1: folded, -1: no memory. */
static int
foldsetone(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	if (xi->alu.bop || xi->ns != 2 || in->nopnd != in->ndst + 2 || ir_hasmod(in, MOD_FTZ) ||
	    (xi->alu.cmp != MOD_EQ && xi->alu.cmp != MOD_NE))
		return 0;
	for (int i = 0; i < 2; i++) {
		int w;
		const Ins *d = intsetf32(f, in, i, &w);
		uint32_t z;
		if (!d || !f32known(pm, f, xi, in, 1 - i, &z) || z != 0x3F800000u)
			continue;
		return setpagain(pm, f, xi, d, w, k, xi->alu.cmp == MOD_NE, TY_F32, 0);
	}
	return 0;
}

static int subins(const Ins *d);

/* The rounding of a sqrt or div whose slow path foldslowset knows, or 0 */
static int
slowrnd(const Ins *d)
{
	static const int rnd[] = { MOD_RN, MOD_RZ, MOD_RM, MOD_RP };

	if ((d->op != OP_SQRT && d->op != OP_DIV) || d->guard || d->nty != 1 || d->ty[0] != TY_F32 ||
	    !ir_hasmod(d, MOD_FTZ) || ir_hasmod(d, MOD_APPROX) || ir_hasmod(d, MOD_FULL))
		return 0;
	for (int i = 0; i < 4; i++)
		if (ir_hasmod(d, rnd[i]))
			return d->op == OP_DIV && !i ? 0 : rnd[i];
	return 0;
}

/* sqrt, rsqrt, lg2 and ex2 .approx.f32 without .ftz, which scale a
 * subnormal source in its register before the MUFU: where one is the
 * last reader of a set's source, ptxas keeps the slow path's test of the
 * set's value (sm_90 SASS: FSETP.NEU.FTZ of it against RZ, where an
 * add.s32, rcp.approx, sin.approx or .ftz one as the last reader has the
 * set's compare; v1 seed 319149, a div.rp.ftz.f32 of a set.ge.u32.f32's
 * 0 whose source sqrt.approx.f32 reads last, 0 on an H200).  So does
 * div.full.f32, .ftz or not, which scales a source in its register too
 * (v1 seeds 19343, 167682: a set whose source div.full.ftz reads last
 * keeps FSETP.NEU.FTZ x, RZ in sm_90 SASS). */
static int
scalesrc(const Ins *m)
{
	return ((m->op == OP_SQRT || m->op == OP_RSQRT || m->op == OP_LG2 || m->op == OP_EX2) && m->nty == 1 &&
	    m->ty[0] == TY_F32 && ir_hasmod(m, MOD_APPROX) && !ir_hasmod(m, MOD_FTZ)) ||
	    (m->op == OP_DIV && m->nty == 1 && m->ty[0] == TY_F32 && ir_hasmod(m, MOD_FULL));
}

/* Would ptxas test the f32 set d (instruction di) again in the slow
 * path of e (instruction j)?  Where the subroutine is called once (two
 * calls share the test of 0: sm_90 SASS, FSETP.NEU.FTZ x, RZ for two
 * sqrt.rn.ftz of two sets), d comes first, no call comes before d (v6
 * seed 139033: a div.rm.ftz before the set, v2 6251: rcp slow paths),
 * and, for a div, whose subroutine is called on every path, none between
 * (v1 seed 13065: a sqrt.rn.f32 between keeps the test; a sqrt's, not);
 * and each source register of d is read again after d, before e or after
 * it (not last by a scalesrc instruction).  The test reads the registers
 * that d read: a source that dies at d may be reused before (the sqrt's
 * test of 0 stays), one read later is kept for the test, also where its
 * last reader comes before e (sm_90 SASS of the 25 records whose
 * subroutine is called once, with no call before, and a source of the
 * set last read between the set and the call, the other after the set:
 * the set's compare in 23, the two others a div.full's source, a
 * scalesrc; v1 seeds 401581 and 431910, div.rp.ftz.f32 of a set.ge and a
 * set.lt whose source a slct and a setp.nan.or read last, on an H200).
 * A set with a BoolOp keeps the test only where each source is read
 * after e: one last read before it gives the test of the set's value
 * (sm_90 SASS: FSETP.NEU.FTZ x, RZ for a set.eq.or whose source a bfi
 * reads last before a div.rp.ftz of it, the compare once the BoolOp is
 * dropped; v6 arith seed 203136, 0x7fffffff for 0 / 0 on an H200).  Not
 * in a kernel with setmaxnreg, whose register
 * budget ptxas fits: there the subroutine tests the set's value (sm_90a
 * SASS: FSETP.NEU.FTZ of it against RZ; v8 regs 1394, 48357, 99282, a
 * set's 0 through sqrt.rm.ftz, div.rz.ftz and sqrt.rn.ftz, 0 on an
 * H200). */
static int
slowtest(const Func *f, const Ins *e, int j, const Ins *d, int di)
{
	int r = slowrnd(e);

	if (!r || di < 0 || di >= j)
		return 0;
	for (int i = 0; i < f->nins; i++)
		if ((i != j && f->ins[i]->op == e->op && slowrnd(f->ins[i]) == r) || f->ins[i]->op == OP_SETMAXNREG)
			return 0;
	for (int i = 0; i < j; i++)
		if (i != di && (i < di || e->op == OP_DIV) && subins(f->ins[i]))
			return 0;
	for (int u = 0, o = 1; o < d->nopnd; o++) {
		int last = -1;
		if (d->opnd[o].kind == OK_IMM || d->opnd[o].kind == OK_FIMM)
			continue;
		if (u >= d->nuse)
			return 0;
		for (int i = d->nopnd == 4 ? j + 1 : di + 1; i < f->nins; i++)
			for (int x = 0; i != j && x < f->ins[i]->nuse; x++)
				if (f->ins[i]->use[x] == d->use[u])
					last = i;
		if (last < 0 || scalesrc(f->ins[last]))
			return 0;
		u++;
	}
	return 1;
}

/* sqrt.rn, .rz, .rm, .rp.ftz.f32 and div.rz, .rm, .rp.ftz.f32 of an
 * unguarded f32 set without .ftz (an f32, .u32 or .s32 destination: 0,
 * 1.0 or -1): the subroutine of the slow path tests the operand against
 * 0 with .ftz (FSETP.NEU.FTZ x, RZ), and ptxas makes that test the set's
 * compare of its sources again, with its BoolOp and the .ftz (sm_90 SASS:
 * FSETP.EQ.FTZ of the set.eq's sources in __cuda_sm20_sqrt_rn_ftz_f32_
 * slowpath and div_rd_ftz_f32, FSETP.EQ.FTZ.OR P0 of a set.eq.or's),
 * where slowtest says.  Where two subnormals (or one and a zero) compare
 * otherwise flushed, the slow path takes the set's 0 for a value that is
 * not zero, or its 1.0 for a zero: sqrt(0) gives the canonical NaN of
 * the rsqrt's 0 * inf (v1 seed 43429: set.eq.f32.f32 then sqrt.rn.ftz);
 * 0 / 1.0 a NaN (21407); a / 0 is a * 2^127 (56639), 0 / b is 2^-127 / b
 * (28917), 0 / 0 a zero or an infinity (243500, 28917).  Not where the
 * set's value goes to another such subroutine that ptxas fits so (v1
 * seed 40042: a sqrt.rn.ftz and a sqrt.rz.ftz of one set.ge, both keep
 * the test).  AluOp.mode OP_SET: imm bits 0-15 (16-31) the set compare
 * of a (b), or 0, bits 12-13 of each its BoolOp (1 and, 2 or, 3 xor);
 * its sources follow the instruction's (alu_float.c slowset).  Only
 * where the set's source registers still hold what it read.  1 folded, 0
 * not, -1 out of memory. */
static int
foldslowset(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int n = xi->ns, m = n;
	uint32_t imm = 0, neg = 0;
	XOp s[8], *ns;

	if (n < 1 || n > 2 || in->nopnd != n + 1 || xi->alu.mode || xi->alu.negsrc ||
	    xi->alu.flags != (ALU_FTZ | ALU_RNDSET) || !slowrnd(in))
		return 0;
	memcpy(s, xi->s, (size_t)n * sizeof *s);
	for (int i = 0; i < n; i++) {
		int v = srcval(in, 1 + i), w, u = 0, ok = 1, c, di;
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
		AluOp op;
		const char *why;
		if (!d || d->op != OP_SET || d->guard || d->ndst != 1 || d->nty != 2 || d->ty[1] != TY_F32 ||
		    (d->ty[0] != TY_F32 && d->ty[0] != TY_U32 && d->ty[0] != TY_S32) || (d->nopnd != 3 && d->nopnd != 4) ||
		    ir_hasmod(d, MOD_FTZ) || alu_decode(d, &op, &why) || !op.cmp || op.cmp >= 1 << 12 ||
		    (d->nopnd == 4) != (op.bop != 0) || !slowtest(f, in, k, d, di = f->val[w].ins))
			continue;
		for (int j = 0; j < f->nins && ok; j++) {
			const Ins *e = f->ins[j];
			for (int o = 1; j != k && o < e->nopnd && ok; o++) {
				int x = srcval(e, o), z;
				ok = !(x >= 0 && defof(f, x, &z) == d && slowtest(f, e, j, d, di));
			}
		}
		for (int j = 1; j < d->nopnd && ok; j++) {
			const Opnd *o = &d->opnd[j], *r = o->kind == OK_NOT && o->nsub == 1 ? o->sub : o;
			if (o->kind != OK_IMM && o->kind != OK_FIMM) {
				int h;
				if (r->kind != OK_REG || !r->sym || r->sym->kind != SYM_REG || r->sel != SEL_NONE || r->imm ||
				    u >= d->nuse || f->regs[f->val[d->use[u]].reg] != r->sym)
					ok = 0;
				else if ((h = holdsacross(pm, f, d->use[u], di, k)) < 0)
					return -1;
				else
					ok = h;
				u++;
			}
			if (ok && interp_decode_op(pm, o, j < 3 ? TY_F32 : TY_PRED, &s[m + j - 1]))
				ok = 0;
		}
		if (!ok)
			continue;
		c = op.bop == MOD_AND ? 1 : op.bop == MOD_OR ? 2 : op.bop == MOD_XOR ? 3 : 0;
		imm |= ((uint32_t)op.cmp | (uint32_t)c << 12) << 16 * i;
		if (c && s[m + 2].k == XO_NOT) {   /* alu_exec negates it */
			s[m + 2].k = XO_REG;
			neg |= 1u << (m + 2);
		}
		m += c ? 3 : 2;
	}
	if (!imm)
		return 0;
	if (!(ns = interp_realloc(pm->cx, xi->s, (size_t)m * sizeof *xi->s)))
		return -1;
	memcpy(ns, s, (size_t)m * sizeof *ns);
	xi->s = ns;
	xi->ns = (uint8_t)m;
	xi->alu.nsrc = m;
	xi->alu.negsrc = neg;
	xi->alu.mode = OP_SET;
	xi->alu.imm = imm;
	return 1;
}

/* Does ptxas compile d as a subroutine call?  A call, the slow path of an
 * IEEE div, rcp or sqrt (f32 or f64) or of rsqrt.approx.f64, a 16- or
 * 64-bit integer div or rem; not a 32-bit one, inline in sm_90 SASS (v13
 * dag 5092: a rem.u32 before a cvt.sat of a cnot, interp_fold_satcnot). */
int
interp_fold_subcall(const Ins *d)
{
	int b = d->nty ? ir_tyinfo[d->ty[0]].bits : 0, fl = d->nty && ir_tyinfo[d->ty[0]].kind == TK_FLOAT;

	return d->op == OP_CALL || ((d->op == OP_DIV || d->op == OP_REM) && !fl && (b == 16 || b == 64)) ||
	    ((d->op == OP_DIV || d->op == OP_RCP || d->op == OP_SQRT) && fl && b >= 32 &&
	     !ir_hasmod(d, MOD_APPROX) && !ir_hasmod(d, MOD_FULL)) ||
	    (d->op == OP_RSQRT && d->ty[0] == TY_F64 && !ir_hasmod(d, MOD_FTZ));
}

/* Does ptxas compile f with a subroutine call (interp_fold_subcall) or a signed
 * 32-bit division?  div and rem .s32, though inline, act alike on
 * allocas in sm_90 SASS (interp_fold_alloca). */
static int
subins(const Ins *d)
{
	return interp_fold_subcall(d) || ((d->op == OP_DIV || d->op == OP_REM) && d->ty[0] == TY_S32);
}


/* An instruction after which ptxas's code may have called a subroutine
 * (mayhavecalled): any div or rem, a call, an rcp, sqrt or rsqrt but
 * .approx */
static int
callins(const Ins *d)
{
	return d->op == OP_DIV || d->op == OP_REM || d->op == OP_CALL ||
	    ((d->op == OP_RCP || d->op == OP_SQRT || d->op == OP_RSQRT) && !ir_hasmod(d, MOD_APPROX));
}

/* pm->subat and pm->callat for f, each the first such instruction or
 * f->nins */
void
interp_fold_subat(ptx_module *pm, const Func *f)
{
	if (pm->subfn == f)
		return;
	pm->subfn = f;
	pm->subat = pm->callat = f->nins;
	pm->negsetsub = 0;
	for (int j = f->nins - 1; j >= 0; j--) {
		if (subins(f->ins[j]))
			pm->subat = j;
		if (callins(f->ins[j]))
			pm->callat = j;
		pm->negsetsub |= interp_fold_negsetsub(f->ins[j]);
	}
}

static int
hascall(ptx_module *pm, const Func *f)
{
	interp_fold_subat(pm, f);
	return pm->subat < f->nins;
}

/* An alloca right after one of the same size and alignment, in a function
 * that ptxas compiles with a call (hascall): ptxas moves the stack
 * pointer down twice but gives both the second one's address (sm_90 SASS:
 * one STL.64 [R] for the stores to each; v2 seed 1136 and 413 others of
 * the differential tests, whose H200 results read the first one's bytes
 * as the second's), so the interpreter makes the second a copy of the
 * first: the same bytes.  Allocas that differ, or the same pair without
 * a call, each get their own.  The earlier alloca, or NULL. */
const Ins *
interp_fold_alloca(ptx_module *pm, const Func *f, const Ins *in, int k)
{
	const Ins *a, *b;

	if (!f->built || k < 1 || k >= f->nins || f->ins[k] != in)
		return NULL;
	a = f->ins[k - 1];
	b = f->ins[k];
	if (a->op != OP_ALLOCA || b->op != OP_ALLOCA || a->blk != b->blk || a->guard || b->guard ||
	    a->nopnd != b->nopnd || a->opnd[0].kind != OK_REG || a->ndst != 1)
		return NULL;
	for (int i = 1; i < a->nopnd; i++)
		if (a->opnd[i].kind != OK_IMM || b->opnd[i].kind != OK_IMM || a->opnd[i].imm != b->opnd[i].imm)
			return NULL;
	if (a->opnd[0].sym == b->opnd[0].sym || !hascall(pm, f))
		return NULL;
	return a;
}

/* A wgmma.mma_async (or .sp) whose A is four registers and whose
 * imm-scale-a is -1, one of those registers a constant ptxas knows (a mov
 * of an immediate, a set.ne of a value with itself): ptxas drops the
 * negation of the A operand and negates each register as a 32-bit integer
 * instead (sm_90a SASS: IMAD.MOV R24, RZ, RZ, -R5 ... and the known one
 * a mov of its negated constant, then HGMMA of R24 without '-'), which
 * for f16 pairs, bf16 pairs and tf32 is not the elements' negation: an
 * element of the high half becomes ~x, or ~x + 1 where the low half is 0
 * (v8 seeds 13571, 14821 and 18559, whose H200 results have NaN in every
 * row that a lane's x - 1 or ~0 reaches; the sparse form's v10 wgsp seed
 * 46646, NaN in most of its rows too).  Without a known register the
 * HGMMA negates A itself (-R24).  1 where ptxas does this. */
int
interp_fold_wgmma_intneg(const Func *f, const Ins *in)
{
	const Opnd *a = in->nopnd > 1 ? &in->opnd[1] : NULL;
	int u = in->guard && (in->guard->kind == OK_REG || in->guard->kind == OK_NOT);
	uint64_t c;

	if (!f->built || !f->val || !a || a->kind != OK_VEC || a->nsub != 4 || in->opnd[0].kind != OK_VEC)
		return 0;
	for (int j = 0; j < 4; j++) {
		const Opnd *o = &a->sub[j];
		if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG || o->sel != SEL_NONE || o->imm != 0)
			return 0;
	}
	for (int j = 0; j < 4; j++)
		if (u + j < in->nuse && interp_fold_kconst(f, in->use[u + j], &c))
			return 1;
	return 0;
}

/* A 32-bit register that an ld.const.u16 or .b16 of a fixed address 2
 * modulo 4 in the bank wrote, read as two halves (an x2 instruction, a
 * mov.b32 unpack): ptxas loads the halves as the 16 bits at the address
 * and the 16 after them, as if the load were of 32 bits, where every
 * other reader of the register gets the value zero-extended (v11 seed
 * 4759 vars: a min.relu.s16x2 of an ld.const.u16 of element 7 of a .u16
 * array took element 8 for its high half; sm_90 SASS: LDC.U16 of
 * c[0x3][0xe] and of c[0x3][0x10] joined by a PRMT 0x5410, the store of
 * the register the first LDC.U16 alone; an H200 gave the next element
 * as the high half for add.s16x2, add.f16x2 and an unpack, tests/regress/
 * ld-const-u16-halves.ptx).  At an address 0 modulo 4 ptxas loads the
 * word and clears the high half (LOP3 with 0xffff), and .s16, .u8 and
 * a register address keep the extension too.  The word is the bank's as
 * the module's load left it: a .const variable the host writes later is
 * not followed there. */
static void
foldconsthalf(ptx_module *pm, const Func *f, XIns *xi, const Ins *in)
{
	for (int i = 0; i < xi->ns; i++) {
		int v = xi->s[i].k == XO_REG ? srcval(in, in->ndst + i) : -1, w;
		const Ins *d = v >= 0 ? defof(f, v, &w) : NULL;
		const Opnd *a;
		SymLoc *l;
		Alloc *al;
		uint64_t addr;
		uint32_t word;

		if (!d || d->op != OP_LD || d->space != SP_CONST || d->guard || d->vec >= 2 || d->nopnd != 2 ||
		    d->nty != 1 || (d->ty[0] != TY_U16 && d->ty[0] != TY_B16) || d->opnd[0].kind != OK_REG ||
		    ir_tyinfo[f->regs[f->val[w].reg]->type].bits != 32)
			continue;
		a = &d->opnd[1];
		if (a->kind != OK_ADDR || a->addrlist || !a->base || a->base->kind != OK_SYM ||
		    !(l = interp_symloc(pm, a->base->sym, 0)))
			continue;
		addr = l->addr + (uint64_t)(a->base->imm + a->imm);
		if (addr % 4 != 2 || !(al = interp_mem_find(pm->cx, addr, 4)) || !al->p)
			continue;
		memcpy(&word, al->p + (addr - al->addr), 4);
		xi->s[i] = (XOp){ .k = XO_IMM, .imm = word };
	}
}

/* An add or sub of one f16 or bf16 that ptxas fuses with a mul (contract.c)
 * where one factor is 2.0 or -2.0 that it knows (k16) and the other the
 * addend's value, x * 2 - x or x - x * 2 and the like: ptxas's algebra
 * makes x * (K +- 1) of it, and where that factor is 1 or -1 the fma is
 * no more: x (a copy, its NaN kept; with .ftz or .sat an HADD2 of x and
 * -0, which flushes or clamps) or -x (an HADD2 of -x and -0, or the HFMA2
 * -0 * 0 + -x, whose NaN is the add's).  sm_90 SASS: mul.bf16 x, 2 then
 * sub.bf16 of it and x stores x, mul.f16 x, -2 then add.f16 x and it is
 * HADD2 -x, -RZ; mul by 3 or 0.5 stays an HFMA2, and so do the f16x2 and
 * bf16x2 forms and an fma.rn written out.  An inf x gives inf, a -0 x -0
 * where the fma would give NaN and +0 (v15 dag 106016: mul.bf16 of p and
 * a mov'd 0x4000, less p, is p on an H200, 0x7f80 and 0x8000; v13 dag
 * 13200, 8033, v15 dag 105442, 217089, v14 xmix 39035, 49320, v15 xmix
 * 118550, 137965, 183363, 186379, 219404, 242607, 349901). */
static void
foldfmaself(ptx_module *pm, const Func *f, XIns *xi, const Ins *in, int k)
{
	int pl = pm->fuse ? pm->fuse[k] : 0, which = pl & 3, m;
	const Ins *p;
	uint64_t c;
	XOp o;

	if (pl == CONTRACT_SIGNFLIP || which < 1 || which > 2 || (pl >> 3) < 1 || (pl >> 3) - 1 >= f->nins ||
	    xi->alu.op != OP_FMA || xi->ns != 3 || in->nopnd != 3 || srcval(in, 3 - which) < 0)
		return;
	p = f->ins[(pl >> 3) - 1];
	if (p->op != OP_MUL || p->nopnd != 3)
		return;
	for (int j = 1; j <= 2; j++) {
		int v = srcval(p, 3 - j);
		if (v < 0 || copyroot(pm, f, v, 0) != copyroot(pm, f, srcval(in, 3 - which), 0))
			continue;
		if (p->opnd[j].kind == OK_IMM || p->opnd[j].kind == OK_FIMM ?
		    interp_decode_op(pm, &p->opnd[j], TY_B16, &o) || o.k != XO_IMM || !((c = o.imm), 1) :
		    srcval(p, j) < 0 || !k16(pm, f, srcval(p, j), 0, &c))
			continue;
		if ((c & 0xFFFFu) != 0x4000u && (c & 0xFFFFu) != 0xC000u)
			continue;
		/* the product's sign and the addend's, as contract() set them */
		m = ((c & 0x8000u) != 0) != ((xi->alu.flags & ALU_NEGAB) != 0) ? -2 : 2;
		m += xi->alu.flags & ALU_NEGC ? -1 : 1;
		if (m != 1 && m != -1)
			return;
		o = xi->s[2];
		xi->alu.flags &= ~(uint32_t)(ALU_NEGAB | ALU_NEGC);
		if (m == 1 && !(xi->alu.flags & (ALU_FTZ | ALU_SAT))) {
			xi->s[0] = o;
			xi->ns = 1;
			xi->alu.nsrc = 1;
			xi->alu.op = OP_MOV;
			xi->alu.flags = 0;
			return;
		}
		xi->s[m == 1 ? 0 : 1] = o;
		xi->s[m == 1 ? 1 : 0] = (XOp){ .k = XO_IMM, .imm = m == 1 ? 0 : 0x8000u };
		xi->ns = 2;
		xi->alu.nsrc = 2;
		xi->alu.op = OP_SUB;
		return;
	}
}

static int
foldone(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	const Func *f = x->f;
	int k = (int)(xi - pm->code) - x->pc0, r;

	if (in->op == OP_TESTP) {
		xi->guard = -1;
		xi->gneg = 0;
		return 0;
	}
	int built = f->built && f->val && k >= 0 && k < f->nins && f->ins[k] == in;
	/* first: a saturated add ptxas decides is a constant to the rules below */
	if (built)
		interp_fold_range(pm, f, xi, in);
	/* a guard ptxas knows to be true is none (an FADD, not an FSEL);
	 * under another a neg of a NaN it knows is that constant folded, the
	 * guard selecting it (an H100: @p neg.f32 of a mov'd 0x7f800001 by a
	 * loaded p is 0xffc00001; tests/regress/ptxas-folds.ptx) */
	if ((in->op == OP_ABS || in->op == OP_NEG) && in->guard && in->ty[0] == TY_F32 && !ir_hasmod(in, MOD_FTZ) &&
	    !(built && interp_fold_guardconst(f, in) == 1)) {
		if (built && in->op == OP_NEG && xi->ns == 1 && in->nopnd == 2 && foldnegk(pm, f, xi, in))
			return 0;
		xi->alu.flags |= ALU_NEGAB;
		return 0;
	}
	/* so is a guarded mul.f32 by -1.0, a neg to ptxas: FSEL R, -x, old
	 * (fresh v13 dag seed 6155, @p mul.f32 d, x, -1.0) */
	if (in->op == OP_MUL && in->guard && xi->ns == 2 && (r = mulneg1(in)) > 0 && !(built && interp_fold_guardconst(f, in) == 1)) {
		if (r == 1)
			xi->s[0] = xi->s[1];
		xi->ns = 1;
		xi->alu.op = OP_NEG;
		xi->alu.nsrc = 1;
		xi->alu.negsrc = 0;
		xi->alu.flags = (xi->alu.flags & ~(uint32_t)ALU_RNDSET) | ALU_NEGAB;
		return 0;
	}
	if (in->op == OP_SET && in->guard && in->ty[0] == TY_F32 && in->ndst == 1 && in->opnd[0].kind == OK_REG)
		return foldgset(pm, xi, in);
	if (!built)
		return 0;
	if ((in->op == OP_ADD || in->op == OP_SUB) && in->nty == 1 && (in->ty[0] == TY_F16 || in->ty[0] == TY_BF16))
		foldfmaself(pm, f, xi, in, k);
	if (in->nty >= 1 && (in->ty[in->nty - 1] == TY_S16X2 || in->ty[in->nty - 1] == TY_U16X2 ||
	    in->ty[in->nty - 1] == TY_F16X2 || in->ty[in->nty - 1] == TY_BF16X2))
		foldconsthalf(pm, f, xi, in);
	if (((in->op == OP_CVT && xi->ns == 1) || (in->op == OP_AND && xi->ns == 2)) &&
	    (r = interp_fold_prmtlow(pm, f, xi, in, k)) != 0)
		return r < 0 ? -1 : 0;
	if (in->op == OP_CVT && in->nty == 2 && in->nopnd == 2 && xi->ns == 1 && !ir_hasmod(in, MOD_SAT) &&
	    (in->ty[0] == TY_U32 || in->ty[0] == TY_S32 || in->ty[0] == TY_U16 || in->ty[0] == TY_S16) &&
	    in->ty[1] == TY_U16 && foldcvts8pair(f, xi, in))
		return 0;
	if (in->op == OP_CVT && in->nty == 2 && !ir_hasmod(in, MOD_SAT) && xi->ns == 1 &&
	    (in->ty[0] == TY_U8 || in->ty[1] == TY_U8) && in->ty[0] != TY_S8 && (in->ty[1] != TY_S8 || in->ty[0] == TY_U8) &&
	    ir_tyinfo[in->ty[0]].kind != TK_FLOAT && ir_tyinfo[in->ty[1]].kind != TK_FLOAT)
		return foldmufu8(f, xi, in);
	if (in->op == OP_CVT && in->nty == 2 && in->ty[0] == TY_F32 && (in->ty[1] == TY_U16 || in->ty[1] == TY_U32) &&
	    xi->ns == 1 && foldabscvt(f, xi, in))
		return 0;
	if (in->op == OP_CVT && in->nty == 2 && in->ty[1] == TY_U32 && xi->ns == 1 &&
	    (in->ty[0] == TY_F16 || in->ty[0] == TY_BF16 || in->ty[0] == TY_F32 || in->ty[0] == TY_F64 ||
	     (isint(in->ty[0]) && ir_hasmod(in, MOD_SAT))) &&
	    foldvs8(f, xi, in))
		return 0;
	if (in->op == OP_CVT && xi->ns == 1 && in->nopnd == 2 && interp_fold_satcnot(f, xi, in, k))
		return 0;
	if (in->op == OP_ADD && in->ty[0] == TY_S32 && interp_fold_addsatneg(f, xi, in))
		return 0;
	if (in->op == OP_CVT && in->nty == 2 && ir_hasmod(in, MOD_SAT) && xi->ns == 1 && in->nopnd == 2 &&
	    (in->ty[1] == TY_S32 || in->ty[1] == TY_U32) && isint(in->ty[0]) &&
	    (ir_tyinfo[in->ty[0]].bits <= 32 || in->ty[0] == TY_U64) && interp_fold_satexact(f, xi, in))
		return 0;
	if (in->op == OP_CVT && in->nty == 2 && ir_tyinfo[in->ty[1]].kind != TK_FLOAT && in->ty[1] != TY_S16)
		return foldcvt(pm, f, xi, in, k);
	if (in->op == OP_CVT && in->nty == 2 && in->nopnd == 2 && xi->ns == 1 && !ir_hasmod(in, MOD_SAT) &&
	    ((in->ty[0] == TY_F32 && in->ty[1] == TY_BF16) ||
	     (in->ty[0] == TY_F64 && (in->ty[1] == TY_F16 || in->ty[1] == TY_BF16)) ||
	     ((in->ty[0] == TY_F16 || in->ty[0] == TY_BF16) && in->ty[1] == TY_F64)) &&
	    foldcvtnank(pm, f, xi, in))
		return 0;
	if (in->op == OP_CVT && in->nty == 2 && in->nopnd == 2 && xi->ns == 1 && !ir_hasmod(in, MOD_SAT) &&
	    negcvtf2f(in) && foldnegcvt(pm, f, xi, in, k))
		return 0;
	if (in->op == OP_CVT && in->nty == 2 && (in->ty[1] == TY_F16 || in->ty[1] == TY_BF16) &&
	    ir_tyinfo[in->ty[0]].kind != TK_FLOAT && xi->ns == 1 && foldhalfsetcvt(f, xi, in))
		return 0;
	if (in->op == OP_CVT && in->nty == 2 && (in->ty[1] == TY_F16 || in->ty[1] == TY_BF16) &&
	    ir_tyinfo[in->ty[0]].kind != TK_FLOAT && !ir_hasmod(in, MOD_SAT) && xi->ns == 1 &&
	    foldmaskcvt(pm, f, xi, in, k))
		return 0;
	if (in->op == OP_CVT && in->nty == 2 && (in->ty[1] == TY_F16 || in->ty[1] == TY_BF16) &&
	    ir_tyinfo[in->ty[0]].kind != TK_FLOAT && ir_hasmod(in, MOD_RZI) && xi->ns == 1 &&
	    (foldnegrzi(pm, f, xi, in, k) || foldf16trip(pm, f, xi, in, k)))
		return 0;
	if (in->op == OP_CVT && in->nty == 2 && isint(in->ty[0]) &&
	    (in->ty[1] == TY_F32 || in->ty[1] == TY_F16 || in->ty[1] == TY_BF16 || in->ty[1] == TY_F64) &&
	    (ir_hasmod(in, MOD_RZI) || ir_hasmod(in, MOD_RMI) || ir_hasmod(in, MOD_RPI) || ir_hasmod(in, MOD_RNI)) &&
	    xi->ns == 1 && foldsetrt(pm, f, xi, in, k))
		return 0;
	if (in->op == OP_CVT && in->nty == 2 && (in->ty[1] == TY_F16 || in->ty[1] == TY_BF16 || in->ty[1] == TY_F32) &&
	    ir_tyinfo[in->ty[0]].kind != TK_FLOAT && ir_hasmod(in, MOD_RZI) && xi->ns == 1)
		return foldpun(pm, f, xi, in, k);
	if (in->op == OP_SELP && in->ty[0] == TY_F32 && xi->ns == 3 &&
	    (foldselmm(pm, f, xi, in) || foldselset(pm, f, xi, in, k)))
		return 0;
	if ((in->op == OP_SELP || (in->op == OP_SLCT && in->ty[1] == TY_F32)) && in->ty[0] == TY_F32 && xi->ns == 3)
		return foldsel(pm, f, xi, in, k);
	/* slct.f32.s32 too: its FSEL takes a neg's source with the modifier
	 * (v13 dag seeds 4300, 5830: 0xffffffff of a canonical NaN's neg),
	 * and the s32 selector rules follow (foldint.c foldslct) */
	if (in->op == OP_SLCT && in->ty[0] == TY_F32 && in->ty[1] == TY_S32 && xi->ns == 3) {
		uint64_t c;
		/* not by a selector ptxas knows: a copy of the neg's FADD, its
		 * canonical NaN (seed 1776: slct.f32.s32 by 17U) */
		if (xi->s[2].k != XO_IMM && !interp_fold_kconst(f, srcval(in, 3), &c) && foldsel(pm, f, xi, in, k))
			return -1;
		return interp_fold_int(pm, f, xi, in, k);
	}
	if (slowrnd(in) && (r = foldslowset(pm, f, xi, in, k)) != 0)
		return r < 0 ? -1 : 0;
	/* before folddiv1: x / 1.0 of a constant x is x * 1.0 folded (.ftz
	 * flushes a subnormal x; a NaN x gives the canonical NaN) */
	if ((in->op == OP_RCP || in->op == OP_DIV || in->op == OP_SQRT || in->op == OP_RSQRT || in->op == OP_LG2 ||
	     in->op == OP_EX2 || in->op == OP_SIN || in->op == OP_COS) && in->ty[0] == TY_F32 && in->nty == 1 &&
	    (ir_hasmod(in, MOD_APPROX) || (in->op == OP_DIV && ir_hasmod(in, MOD_FULL))) &&
	    xi->ns == (in->op == OP_DIV ? 2 : 1) && in->nopnd == xi->ns + 1 && !in->guard) {
		foldmufuk(pm, f, xi, in);
		if (xi->alu.op == OP_MOV || (xi->alu.op == OP_DIV && xi->alu.mode == OP_RCP))
			return 0;
	}
	if (in->op == OP_DIV && in->ty[0] == TY_F32 && (ir_hasmod(in, MOD_APPROX) || ir_hasmod(in, MOD_FULL)) &&
	    xi->ns == 2 && in->nopnd == 3 && folddiv1(pm, f, xi, in))
		return 0;
	if ((in->op == OP_RCP || in->op == OP_DIV) && in->ty[0] == TY_F32 && ir_hasmod(in, MOD_APPROX) &&
	    ir_hasmod(in, MOD_FTZ) && xi->ns == (in->op == OP_DIV ? 2 : 1))
		return foldrcp(pm, f, xi, in, k);
	/* before foldid, which takes max.f16 too (1: folded, -1: no memory) */
	if (in->op == OP_FMA && (in->ty[0] == TY_BF16X2 || in->ty[0] == TY_F16X2) && in->nopnd == 4 && xi->ns == 3 &&
	    !in->guard && srcval(in, 1) >= 0 && srcval(in, 2) >= 0 &&
	    copyroot(pm, f, srcval(in, 1), 0) == copyroot(pm, f, srcval(in, 2), 0) && xi->alu.op == OP_FMA &&
	    !(xi->alu.flags & ~(uint32_t)(ALU_RNDSET | ALU_FTZ | ALU_SAT | ALU_RELU))) {
		int et = in->ty[0] == TY_BF16X2 ? TY_BF16 : TY_F16;
		xi->alu.imm = (uint32_t)negmask(pm, f, srcval(in, 1), et, srcval(in, 1) == srcval(in, 2));
	}
	if (in->op == OP_MAX && in->nopnd == 3 && xi->ns == 2 && ir_hasmod(in, MOD_NAN_PROP) &&
	    (in->ty[0] == TY_F16 || in->ty[0] == TY_BF16 || in->ty[0] == TY_F16X2 || in->ty[0] == TY_BF16X2) &&
	    (r = foldrelu(pm, f, xi, in, k)) != 0)
		return r < 0 ? -1 : 0;
	if ((in->op == OP_MIN || in->op == OP_MAX) && in->ty[0] == TY_F32 && ir_hasmod(in, MOD_XORSIGN) &&
	    !in->guard && xi->ns == 2 && in->nopnd == 3)
		foldxsign32(pm, f, xi, in, k);
	if ((in->op == OP_MIN || in->op == OP_MAX) && in->ty[0] == TY_F32 && xi->ns == 2 && in->nopnd == 3 &&
	    !ir_hasmod(in, MOD_NAN_PROP) && !ir_hasmod(in, MOD_XORSIGN) && !ir_hasmod(in, MOD_RELU) &&
	    foldmmnan(pm, f, xi, in, k))
		return 0;
	if (in->op == OP_MUL && in->ty[0] == TY_F32 && xi->ns == 2 && in->nopnd == 3 && ir_hasmod(in, MOD_FTZ))
		foldmulinf(pm, f, xi, in);
	if (in->op == OP_MUL && in->ty[0] == TY_F32 && xi->ns == 2 && foldmul1k(pm, f, xi, in))
		return 0;
	if (in->op == OP_SUB && in->ty[0] == TY_F64 && xi->ns == 2 && in->nopnd == 3 && xi->s[1].k != XO_IMM)
		foldsubk(f, xi, in);
	if ((in->op == OP_FMA || in->op == OP_MAD) && in->ty[0] == TY_F64 && xi->ns == 3 && in->nopnd == 4 &&
	    xi->alu.op == in->op) {
		foldfmak(pm, f, xi, in);
		foldfmakkk(xi, in);
	}
	if ((in->op == OP_ADD || in->op == OP_SUB || in->op == OP_MIN || in->op == OP_MAX) &&
	    in->ty[0] == TY_F64 && xi->ns == 2 && in->nopnd == 3)
		foldaddk(xi, in);
	if (in->op == OP_MUL && in->ty[0] == TY_F64 && xi->ns == 2 && in->nopnd == 3 && !in->guard &&
	    foldmulk(f, xi, in))
		return 0;
	if (in->op == OP_MUL && in->ty[0] == TY_F64 && xi->ns == 2 && in->nopnd == 3 && built &&
	    xi->alu.op == OP_MUL && foldsqneg(pm, f, xi, in))
		return 0;
	if (in->op == OP_MUL && in->ty[0] == TY_F64 && xi->ns == 2 && in->nopnd == 3 && built &&
	    xi->alu.op == OP_MUL)
		foldmulneg(pm, f, xi, in, k);
	if (in->op == OP_CVT && in->nty == 2 && in->ty[0] == TY_F32 && in->ty[1] == TY_F32 && in->nopnd == 2 &&
	    xi->ns == 1 && ir_hasmod(in, MOD_FTZ) && !ir_hasmod(in, MOD_SAT) && !ir_hasmod(in, MOD_RN) &&
	    !ir_hasmod(in, MOD_RZ) && !ir_hasmod(in, MOD_RM) && !ir_hasmod(in, MOD_RP) && !ir_hasmod(in, MOD_RNI) &&
	    !ir_hasmod(in, MOD_RZI) && !ir_hasmod(in, MOD_RMI) && !ir_hasmod(in, MOD_RPI) &&
	    foldcvtnan32(pm, f, xi, in, k))
		return 0;
	if ((in->op == OP_MIN || in->op == OP_MAX || in->op == OP_MUL) && xi->ns == 2 &&
	    (in->ty[0] == TY_F32 || in->ty[0] == TY_F16 || in->ty[0] == TY_F64 ||
	     (in->ty[0] == TY_BF16 && in->op == OP_MUL)))
		return foldid(pm, f, xi, in);
	if (in->op == OP_CVT && in->nty == 2 && ir_hasmod(in, MOD_SAT) && xi->ns == 1 &&
	    ((in->ty[0] == TY_F32 && in->ty[1] == TY_F32) || (in->ty[0] == TY_F16 && in->ty[1] == TY_F16) ||
	     (in->ty[0] == TY_F32 && in->ty[1] == TY_F16) || (in->ty[0] == TY_F64 && in->ty[1] == TY_F32) ||
	     (in->ty[0] == TY_F64 && in->ty[1] == TY_F16) || (in->ty[0] == TY_F16 && in->ty[1] == TY_F32) ||
	     ((in->ty[0] == TY_F32 || in->ty[0] == TY_F16) && in->ty[1] == TY_F64) ||
	     (in->ty[0] == TY_F64 && in->ty[1] == TY_F64)))
		return foldsat2(pm, f, xi, in);
	if ((in->op == OP_NEG || in->op == OP_ABS) && in->ty[0] == TY_F32 && (r = interp_fold_setmask(pm, f, xi, in)) != 0)
		return r < 0 ? -1 : 0;
	if (in->op == OP_ABS && in->ty[0] == TY_F32 && (!in->guard || interp_fold_guardconst(f, in) == 1) &&
	    xi->ns == 1 && in->nopnd == 2 && foldabsk(pm, f, xi, in, k))
		return 0;
	if (in->op == OP_ABS && in->ty[0] == TY_F32 && !in->guard && xi->ns == 1 && in->nopnd == 2 &&
	    (r = foldabssel(pm, f, xi, in)) != 0)
		return r < 0 ? -1 : 0;
	if ((in->op == OP_NEG || in->op == OP_ABS) && !in->guard && xi->ns == 1 && in->nopnd == 2 &&
	    (in->ty[0] == TY_F16X2 || in->ty[0] == TY_BF16X2) && (foldhalf2nan(pm, f, xi, in) || foldhalf2k(pm, f, xi, in)))
		return 0;
	if (in->op == OP_NEG && in->ty[0] == TY_F32 && !ir_hasmod(in, MOD_FTZ) && !in->guard && xi->ns == 1 &&
	    in->nopnd == 2 && in->opnd[1].kind == OK_REG && (r = interp_fold_negset(pm, f, xi, in)) != 0)
		return r < 0 ? -1 : 0;
	/* (a guard that ptxas knows true is none to it: a MOV of 0xffc00001
	 * for neg.f32 of mov'd 0x7f800001 under a setp.ne of mov'd 1 and 0;
	 * tests/regress/ptxas-folds.ptx trapped on an H100) */
	if ((in->op == OP_NEG || in->op == OP_ABS) && (!in->guard || interp_fold_guardconst(f, in) == 1) &&
	    xi->ns == 1 && in->nopnd == 2 &&
	    (in->ty[0] == TY_F32 || in->ty[0] == TY_F64 || in->ty[0] == TY_F16X2) && foldnegk(pm, f, xi, in))
		return 0;
	if (in->op == OP_NEG && !in->guard && !ir_hasmod(in, MOD_FTZ) && xi->ns == 1 &&
	    (in->ty[0] == TY_F32 || in->ty[0] == TY_F64 || in->ty[0] == TY_F16 || in->ty[0] == TY_BF16 ||
	     in->ty[0] == TY_F16X2))
		return foldneg(pm, f, xi, in, k);
	if (in->op == OP_ABS && !in->guard && (in->ty[0] == TY_F16X2 || in->ty[0] == TY_BF16X2 || in->ty[0] == TY_F16 ||
	    in->ty[0] == TY_BF16) && xi->ns == 1 &&
	    in->nopnd == 2)
		return foldabs2(pm, f, xi, in);
	if (((in->op == OP_SETP && in->nty == 1) || (in->op == OP_SET && in->nty == 2)) &&
	    (in->ty[in->nty - 1] == TY_F16 || in->ty[in->nty - 1] == TY_BF16) && xi->ns >= 2 && in->nopnd == in->ndst + 2 &&
	    (xi->alu.cmp == MOD_EQU || xi->alu.cmp == MOD_NE || xi->alu.cmp == MOD_EQ || xi->alu.cmp == MOD_NEU))
		return foldsetpset16(pm, f, xi, in, k) < 0 ? -1 : 0;
	if (((in->op == OP_SETP && in->nty == 1 && in->ty[0] == TY_F32) ||
	     (in->op == OP_SET && in->nty == 2 && in->ty[1] == TY_F32 && (in->ty[0] == TY_U32 || in->ty[0] == TY_S32))) &&
	    (r = foldsetone(pm, f, xi, in, k)) != 0)
		return r < 0 ? -1 : 0;
	if (in->op == OP_SETP && in->nty == 1 && in->ty[0] == TY_F32 && xi->ns >= 2 &&
	    (xi->alu.cmp == MOD_EQU || xi->alu.cmp == MOD_GEU || xi->alu.cmp == MOD_NE || xi->alu.cmp == MOD_LT)) {
		foldsetpset(pm, f, xi, in);
		return foldsetpftz(pm, f, xi, in, k) < 0 ? -1 : 0;
	}
	if (in->op == OP_SET && in->nty == 2 && in->ty[1] == TY_F32 && xi->ns >= 2 &&
	    (xi->alu.cmp == MOD_EQU || xi->alu.cmp == MOD_GEU || xi->alu.cmp == MOD_NE || xi->alu.cmp == MOD_LT))
		foldsetpset(pm, f, xi, in);
	/* 1: folded, -1: no memory; else the integer rules may apply */
	if ((in->op == OP_SETP || in->op == OP_SET) && xi->ns == 2 && (r = foldsetpftz(pm, f, xi, in, k)) != 0)
		return r < 0 ? -1 : 0;
	if ((in->op == OP_MIN || in->op == OP_MAX) && in->ty[0] == TY_F16X2 && ir_hasmod(in, MOD_XORSIGN) &&
	    xi->ns == 2 && in->nopnd == 3)
		return foldxsign(pm, f, xi, in, k);
	return interp_fold_int(pm, f, xi, in, k);
}

int
interp_fold(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	const Func *f = x->f;
	int k = (int)(xi - pm->code) - x->pc0;

	if (foldone(pm, x, xi, in))
		return -1;
	/* after the rules that change the instruction itself: the merge
	 * selects between what they compute and the old value */
	if (in->guard && in->ty[0] == TY_F32 && f->built && f->val && k >= 0 && k < f->nins && f->ins[k] == in)
		return foldgmerge(pm, f, xi, in, k);
	return 0;
}

/*
 * interp/alu_int.c -- integer, bit-manipulation and logic instructions.
 *
 * Values arrive as bit patterns; each operation works on the instruction's
 * width and returns a zero-extended pattern.  Division by zero does not trap
 * on the GPU: the H100 returns all ones for div and rem of every type
 * (measured, tests/isa/ref), and this file does the same.
 */
#include "alu.h"

typedef alu_u128 u128;
typedef alu_s128 s128;

static int bitsof(int ty) { return ir_tyinfo[ty].bits; }
static int issigned(int ty) { return ir_tyinfo[ty].kind == TK_SINT; }
static uint64_t mask(int w) { return w >= 64 ? ~0ull : ((uint64_t)1 << w) - 1; }
static int64_t sext(uint64_t v, int w) { return w >= 64 ? (int64_t)v : (int64_t)(v << (64 - w)) >> (64 - w); }

/* Saturating clamp of a wide signed value into a signed width. */
static uint64_t ssat(s128 v, int w)
{
	s128 hi = ((s128)1 << (w - 1)) - 1, lo = -hi - 1;
	return (uint64_t)(v > hi ? hi : v < lo ? lo : v) & mask(w);
}

static uint32_t prmt(uint32_t a, uint32_t b, uint32_t c, int mode)
{
	uint64_t x = (uint64_t)b << 32 | a;
	uint8_t by[8];
	for (int i = 0; i < 8; i++) by[i] = (uint8_t)(x >> 8 * i);
	uint32_t r = 0;
	int sel[4];
	int n = c & 3;     /* f4e/b4e read two selector bits */
	switch (mode) {
	case MOD_F4E: for (int i = 0; i < 4; i++) sel[i] = (n + i) & 7; break;
	case MOD_B4E: for (int i = 0; i < 4; i++) sel[i] = (n - i) & 7; break;
	case MOD_RC8: for (int i = 0; i < 4; i++) sel[i] = c & 3; break;
	case MOD_ECL: { int k = c & 3; for (int i = 0; i < 4; i++) sel[i] = i < k ? k : i; break; }
	case MOD_ECR: { int k = c & 3; for (int i = 0; i < 4; i++) sel[i] = i > k ? k : i; break; }
	case MOD_RC16: { int k = c & 1; sel[0] = 2 * k; sel[1] = 2 * k + 1; sel[2] = 2 * k; sel[3] = 2 * k + 1; break; }
	default:
		for (int i = 0; i < 4; i++) {
			int s = (int)(c >> 4 * i & 15);
			uint8_t v = by[s & 7];
			if (s & 8) v = (v & 0x80) ? 0xFF : 0;    /* sign replicate */
			r |= (uint32_t)v << 8 * i;
		}
		return r;
	}
	for (int i = 0; i < 4; i++) r |= (uint32_t)by[sel[i]] << 8 * i;
	return r;
}


/* fns: the position of the offset-th set bit counting from base, up (offset > 0)
 * or down (offset < 0); 0xFFFFFFFF when there is none. */
static uint32_t fns(uint32_t mask_, uint32_t base, int32_t off)
{
	if (off == 0) return base < 32 && (mask_ >> base & 1) ? base : 0xFFFFFFFF;
	if (off == INT32_MIN) return 0;     /* measured; the GPU's negation of the offset wraps */
	if (base >= 32) return 0xFFFFFFFF;
	if (off > 0) {
		for (int i = (int)base; i < 32; i++)
			if (mask_ >> i & 1 && --off == 0) return (uint32_t)i;
	} else {
		for (int i = (int)base; i >= 0; i--)
			if (mask_ >> i & 1 && ++off == 0) return (uint32_t)i;
	}
	return 0xFFFFFFFF;
}

static uint64_t dp(uint32_t a, uint32_t b, uint32_t c, int asg, int bsg, int n, int hi)
{
	int64_t acc = 0;
	for (int i = 0; i < n; i++) {
		int w = n == 4 ? 8 : 16;
		int64_t x = n == 4 ? (asg ? sext(a >> 8 * i & 0xFF, 8) : (a >> 8 * i & 0xFF))
		                   : (asg ? sext(a >> 16 * i & 0xFFFF, 16) : (a >> 16 * i & 0xFFFF));
		int j = n == 4 ? i : i + 2 * hi;
		int64_t y = asg < 0 ? 0 : (bsg ? sext(b >> 8 * j & 0xFF, 8) : (b >> 8 * j & 0xFF));
		(void)w;
		acc += x * y;
	}
	return (uint32_t)(acc + c);
}

/* The SIMD video instructions (vadd2 ... vset4): two halfwords or four
 * bytes, each picked from the eight of b:a by the selectors in imm (see
 * alu_decode) and widened by its own type (a's ty2, b's ty3; vset's ty and
 * ty2), combined, clamped to the element range of d's type with .sat.
 * Elements the mask in imm leaves out take c's; with .add (op->mode) the
 * masked results are summed onto c instead, as the PTX ISA defines it. */
static uint32_t video_simd(const AluOp *op, uint32_t a, uint32_t b, uint32_t c)
{
	int o = op->op, n = o >= OP_VADD4 ? 4 : 2, eb = 32 / n;
	uint32_t em = (1u << eb) - 1, mask = op->imm >> 24 & 15;
	uint64_t ba = (uint64_t)b << 32 | a;
	int64_t hi = issigned(op->ty) ? ((int64_t)1 << (eb - 1)) - 1 : em, lo = issigned(op->ty) ? -hi - 1 : 0;
	int64_t sum = 0;
	uint32_t r = 0;
	/* vset has no destination type: its two types are a's and b's */
	int ta = o == OP_VSET2 || o == OP_VSET4 ? op->ty : op->ty2, tb = o == OP_VSET2 || o == OP_VSET4 ? op->ty2 : op->ty3;
	if (n == 4)
		o += OP_VADD2 - OP_VADD4;    /* the same order in ops.def */
	for (int i = 0; i < n; i++) {
		uint32_t ea = (uint32_t)(ba >> eb * (op->imm >> 3 * i & 7)) & em;
		uint32_t eb_ = (uint32_t)(ba >> eb * (op->imm >> (12 + 3 * i) & 7)) & em;
		int64_t x = issigned(ta) ? sext(ea, eb) : (int64_t)ea;
		int64_t y = issigned(tb) ? sext(eb_, eb) : (int64_t)eb_;
		int64_t t;
		switch (o) {
		case OP_VADD2: t = x + y; break;
		case OP_VSUB2: t = x - y; break;
		case OP_VAVRG2: t = (x + y + (x + y >= 0)) >> 1; break;    /* halves round away from zero (measured) */
		case OP_VABSDIFF2: t = x > y ? x - y : y - x; break;
		case OP_VMIN2: t = x < y ? x : y; break;
		case OP_VMAX2: t = x > y ? x : y; break;
		default:
			t = op->cmp == MOD_EQ ? x == y : op->cmp == MOD_NE ? x != y : op->cmp == MOD_LT ? x < y :
			    op->cmp == MOD_LE ? x <= y : op->cmp == MOD_GT ? x > y : x >= y;
			break;
		}
		if (op->flags & ALU_SAT)
			t = t > hi ? hi : t < lo ? lo : t;
		if (!(mask >> i & 1)) {
			r |= c & em << eb * i;
			continue;
		}
		sum += t;
		r |= ((uint32_t)t & em) << eb * i;
	}
	return op->mode == MOD_ADD ? (uint32_t)((int64_t)c + sum) : r;
}

/* A scalar video operand: the byte or half sel picks (SEL_NONE: the
 * word), extended by its type to 64 bits. */
static int64_t vpart(uint32_t x, int ty, int sel)
{
	int w = 32, at = 0;
	if (sel >= SEL_B0 && sel <= SEL_B3) w = 8, at = 8 * (sel - SEL_B0);
	else if (sel == SEL_H0 || sel == SEL_H1) w = 16, at = 16 * (sel - SEL_H0);
	uint64_t v = (uint64_t)(x >> at) & mask(w);
	return issigned(ty) ? sext(v, w) : (int64_t)v;
}

/* The scalar video instructions (vadd vsub vabsdiff vmin vmax vshl vshr
 * vset).  The PTX ISA's pseudo-code gives the stages; what each stage does
 * on an H100 was measured (tests/isa/ref, the diff records) and departs
 * from that pseudo-code where the notes say so:
 *
 *   1. extract: a and b part-selected (imm: SEL_* codes of a, b, d in
 *      bytes 0, 1, 2) and extended by their own types (vset: ty, ty2;
 *      the others: ty2, ty3); a shift count is unsigned;
 *   2. op: exact in 64 bits; vshl's result is cut to 34 bits, signed (so
 *      a bit shifted into bit 33 turns the value negative);
 *   3. .sat, by d's type (vset has none):
 *        a part of d: the low 32 bits of t, as unsigned, capped at the
 *          part's largest value (127 for s32, so negative t gives 127;
 *          a u32 d's 255 and 65535 by analogy, not measured);
 *        s32 word: clamped to [INT32_MIN, INT32_MAX];
 *        u32 word: a negative t gives 0; only vshl also caps at
 *          UINT32_MAX, the other operations keep the low 32 bits;
 *   4. secondary op with c: .add in 32 bits; .min/.max compare c with
 *      the exact t of vabsdiff, vmin, vmax and vset, and of vshl (its
 *      whole 64-bit shift, not the 34 bits above) and vshr without .sat
 *      (an H200, the v8 alux records: 2,070 records whose first
 *      difference was such a vshl or vshr pass with it), but with the low
 *      32 bits of t sign-extended for the others; signed with c signed
 *      for an s32 d (vset: an s32 a), else as unsigned 64-bit numbers with
 *      c zero-extended (so a negative t counts above every c);
 *   5. merge: with a selector on d, the part replaces that part of c: a
 *      byte from the low byte of t shifted into place, but h1 takes bits
 *      16-31 of t where they are (not t's low half), h0 its low half. */
static uint32_t video_scalar(const AluOp *op, uint32_t a, uint32_t b, uint32_t c)
{
	int o = op->op, vs = o == OP_VSET;
	int ta = vs ? op->ty : op->ty2, tb = vs ? op->ty2 : op->ty3;
	int asel = (int)(op->imm & 0xFF), bsel = (int)(op->imm >> 8 & 0xFF), dsel = (int)(op->imm >> 16 & 0xFF);
	int sg = !vs && issigned(op->ty), dbyte = dsel >= SEL_B0 && dsel <= SEL_B3, dhalf = dsel == SEL_H0 || dsel == SEL_H1;
	int64_t x = vpart(a, ta, asel), y = vpart(b, o == OP_VSHL || o == OP_VSHR ? TY_U32 : tb, bsel), t, te;
	switch (o) {
	case OP_VADD: t = x + y; break;
	case OP_VSUB: t = x - y; break;
	case OP_VABSDIFF: t = x > y ? x - y : y - x; break;
	case OP_VMIN: t = x < y ? x : y; break;
	case OP_VMAX: t = x > y ? x : y; break;
	case OP_VSHL: case OP_VSHR:
		y = (op->flags & ALU_CLAMP) ? (y > 32 ? 32 : y) : (y & 31);
		if (o == OP_VSHL) t = sext((uint64_t)x << y, 34);
		else t = x >> y;    /* arithmetic for a signed a: x holds its sign */
		break;
	default:
		t = op->cmp == MOD_EQ ? x == y : op->cmp == MOD_NE ? x != y : op->cmp == MOD_LT ? x < y :
		    op->cmp == MOD_LE ? x <= y : op->cmp == MOD_GT ? x > y : x >= y;
		break;
	}
	/* the exact value (vshl's whole shift: x has at most 32 bits, y at
	 * most 32), which .min/.max compare */
	te = o == OP_VSHL ? (int64_t)((uint64_t)x << y) : t;
	if ((op->flags & ALU_SAT) && !vs) {
		if (dbyte || dhalf) {
			uint32_t hi = (uint32_t)mask((dbyte ? 8 : 16) - sg);
			t = (uint32_t)t > hi ? hi : (uint32_t)t;
		} else if (sg)
			t = t > INT32_MAX ? INT32_MAX : t < INT32_MIN ? INT32_MIN : t;
		else if (t < 0)
			t = 0;
		else if (o == OP_VSHL && t > UINT32_MAX)
			t = UINT32_MAX;
	}
	uint32_t r = (uint32_t)t;
	if (dbyte) {
		int at = 8 * (dsel - SEL_B0);
		return (c & ~(0xFFu << at)) | (r & 0xFF) << at;
	}
	if (dhalf)
		return dsel == SEL_H0 ? (c & 0xFFFF0000u) | (r & 0xFFFF) : (c & 0xFFFF) | (r & 0xFFFF0000u);
	switch (op->mode) {
	case MOD_ADD: return r + c;
	case MOD_MIN: case MOD_MAX: {
		int64_t u = vs || o == OP_VABSDIFF || o == OP_VMIN || o == OP_VMAX ? t :
		    (o == OP_VSHL || o == OP_VSHR) && !(op->flags & ALU_SAT) ? te : (int32_t)r;
		int lt;
		if (vs ? issigned(ta) : sg)
			lt = u < (int32_t)c;
		else
			lt = (uint64_t)u < c;
		return lt == (op->mode == MOD_MIN) ? (uint32_t)u : c;
	}
	}
	return r;
}

/* vmad, measured on an H100 (tests/isa/ref), which departs from the PTX
 * ISA's pseudo-code in how it extends and saturates:
 *
 *   1. extract: a part of a or b (imm: SEL_* codes in bits 0-7, 8-15) is
 *      extended by its type, but a whole word is sign-extended whatever
 *      its type, and so is c;
 *   2. op: the exact product; .po adds one; otherwise a negated product
 *      (a xor b written negated, imm bit 24) or else a negated c (bit 25)
 *      is negated; then c is added;
 *   3. .shr7/.shr15 (imm bits 16-23): an arithmetic shift of the sum;
 *   4. .sat clamps to the s32 range when a's or b's type is signed or a
 *      negation was written, else to the u32 range: d's type plays no
 *      part.  In the u32 range a shifted sum is capped as the unsigned
 *      low 64 bits, so a negative one gives UINT32_MAX, not 0. */
static uint32_t video_mad(const AluOp *op, uint32_t a, uint32_t b, uint32_t c)
{
	int np = op->imm >> 24 & 1, nc = op->imm >> 25 & 1, sh = (int)(op->imm >> 16 & 0xFF);
	int asel = (int)(op->imm & 0xFF), bsel = (int)(op->imm >> 8 & 0xFF);
	int sg = issigned(op->ty2) || issigned(op->ty3) || np || nc;
	/* each factor within [-2^31, 2^31): p + cc cannot overflow */
	int64_t p = vpart(a, asel == SEL_NONE ? TY_S32 : op->ty2, asel) * vpart(b, bsel == SEL_NONE ? TY_S32 : op->ty3, bsel);
	int64_t cc = (int32_t)c;
	if (op->mode == MOD_PO)
		p += 1;
	else if (np)
		p = -p;
	else if (nc)
		cc = -cc;
	int64_t t = (p + cc) >> sh;
	if ((op->flags & ALU_SAT) && sg)
		t = t > INT32_MAX ? INT32_MAX : t < INT32_MIN ? INT32_MIN : t;
	else if ((op->flags & ALU_SAT) && sh)
		t = (uint64_t)t > UINT32_MAX ? UINT32_MAX : t;
	else if (op->flags & ALU_SAT)
		t = t > UINT32_MAX ? UINT32_MAX : t < 0 ? 0 : t;
	return (uint32_t)t;
}

void alu_int_exec(const AluOp *op, const uint64_t *s, uint64_t *d, uint32_t *cc)
{
	int ty = op->ty, w = bitsof(ty), sg = issigned(ty);
	uint64_t m = mask(w);
	uint64_t a = s[0] & m, b = op->nsrc > 1 ? s[1] & m : 0, c = op->nsrc > 2 ? s[2] & m : 0;
	int64_t sa = sext(a, w), sb = sext(b, w);
	uint32_t fl = op->flags;
	/* an abs/neg.s16 result as ptxas holds it (fold.c): -32768 is +32768 */
	if ((fl & ALU_W16A) && a == 0x8000) sa = 0x8000;
	if ((fl & ALU_W16B) && b == 0x8000) sb = 0x8000;
	uint64_t r = 0;
	u128 full;
	/* a u16 or b16 source that is an f16/bf16 set's result, which ptxas
	 * holds in both halves of a 32-bit register and reads whole (fold.c) */
	if ((fl & (ALU_W16A | ALU_W16B)) && !sg && w == 16) {
		uint64_t ua = (fl & ALU_W16A) ? a | a << 16 : a, ub = (fl & ALU_W16B) ? b | b << 16 : b;
		switch (op->op) {
		case OP_MUL: case OP_MAD:
			r = ua * ub & 0xFFFFFFFF;
			if (fl & ALU_HI) r = r >> 16;
			if (op->op == OP_MAD) r += (fl & ALU_WIDE) ? s[2] : c;
			d[0] = r & ((fl & ALU_WIDE) ? 0xFFFFFFFF : m);
			return;
		case OP_MADC:   /* IMAD.HI.U32 of the registers, then c and the carry */
			if (!(fl & ALU_HI))
				break;
			r = (ua * ub >> 32) + c + (*cc & 1);
			if (fl & ALU_CCOUT) *cc = (uint32_t)((r >> w) & 1);
			d[0] = r & m;
			return;
		case OP_SHR:
			d[0] = (s[1] >= 32 ? 0 : ua >> s[1]) & m;
			return;
		case OP_SAD:   /* VABSDIFF.U32 of the registers, c added */
			d[0] = ((ua > ub ? ua - ub : ub - ua) + c) & m;
			return;
		}
	}
	switch (op->op) {
	case OP_ADD: case OP_SUB: case OP_ADDC: case OP_SUBC: {
		int sub = op->op == OP_SUB || op->op == OP_SUBC;
		uint64_t cin = (fl & ALU_CCIN) ? (*cc & 1) : 0;
		if (ty == TY_U16X2 || ty == TY_S16X2) {
			r = ((a + b) & 0xFFFF) | ((((a >> 16) + (b >> 16)) & 0xFFFF) << 16);
			if (sub) r = ((a - b) & 0xFFFF) | ((((a >> 16) - (b >> 16)) & 0xFFFF) << 16);
			break;
		}
		if (fl & ALU_SAT) {
			s128 v = sub ? (s128)sa - sb : (s128)sa + sb;
			/* addc.sat.s32 and subc.sat.s32 (no .cc out): a + b + carry
			 * and a + ~b + carry, saturated by the signs of the two
			 * addends and the sum, as ptxas computes them (sm_90 SASS:
			 * IMAD.X, PLOP3 of the three signs, two SELs), which is the
			 * exact sum clamped */
			if (op->op == OP_ADDC)
				v += (s128)cin;
			else if (op->op == OP_SUBC)
				v += (s128)cin - 1;
			/* imm 1 or 2: a or b is a negation or absolute value
			 * ptxas keeps exact, INT_MIN +2^31 (foldint.c
			 * interp_fold_addsatneg) */
			if (!sub && w == 32 && op->imm >= 1 && op->imm <= 2 && (op->imm == 1 ? a : b) == 0x80000000u)
				v += (s128)1 << 32;
			r = ssat(v, w);
			break;
		}
		if (sub) {
			/* a - b is a + ~b + 1; subc adds the carry flag instead of 1, so the
			 * flag means "no borrow", as on the GPU (measured) */
			u128 t = (u128)a + (~b & m) + (op->op == OP_SUBC ? cin : 1);
			r = (uint64_t)t & m;
			if (fl & ALU_CCOUT) *cc = (uint32_t)((t >> w) & 1);
			/* imm 1: b is an abs ptxas negates and adds (foldint.c foldsubabs) */
			if ((fl & ALU_CCOUT) && op->imm == 1 && b == 0)
				*cc = 0;
		} else {
			u128 t = (u128)a + b + cin;
			r = (uint64_t)t & m;
			if (fl & ALU_CCOUT) *cc = (uint32_t)((t >> w) & 1);
		}
		break;
	}
	case OP_MUL: case OP_MAD: case OP_MADC:
		if (sg) full = (u128)((s128)sa * sb);
		else full = (u128)a * b;
		if (fl & ALU_WIDE) {
			r = (uint64_t)full & mask(2 * w);
			if (op->op == OP_MAD) r = (r + s[2]) & mask(2 * w);
			break;
		}
		r = (fl & ALU_HI) ? (uint64_t)(full >> w) & m : (uint64_t)full & m;
		/* madc.hi of 16 bits: ptxas multiplies the operands extended to 32
		 * bits with IMAD.HI, whose high word is 0, or -1 for a negative
		 * signed product, not the product's high half (sm_90 SASS) */
		if (op->op == OP_MADC && (fl & ALU_HI) && w == 16)
			r = (sg ? (uint64_t)((s128)full >> 32) : (uint64_t)(full >> 32)) & m;
		if (op->op == OP_MAD && (fl & ALU_SAT)) {
			s128 v = (s128)sext(r, w) + sext(c, w);
			r = ssat(v, w);
		} else if (op->op != OP_MUL) {
			/* madc.hi.sat too: ptxas drops its .sat (IMAD.HI, IADD3.X) */
			uint64_t cin = op->op == OP_MADC ? (*cc & 1) : 0;
			u128 t = (u128)r + c + cin;
			r = (uint64_t)t & m;
			if (fl & ALU_CCOUT) *cc = (uint32_t)((t >> w) & 1);
		}
		break;
	case OP_MUL24: case OP_MAD24: {
		int64_t x = sg ? sext(a, 24) : (int64_t)(a & 0xFFFFFF), y = sg ? sext(b, 24) : (int64_t)(b & 0xFFFFFF);
		int64_t p = x * y;
		r = (fl & ALU_HI) ? (uint64_t)(p >> 16) & m : (uint64_t)p & m;
		/* imm 1: 0 -.sat the product (a sub.sat that cancels a mad24's addend, fold.c) */
		if (op->op == OP_MUL24 && op->imm == 1)
			r = ssat(-(s128)sext(r, 32), 32);
		if (op->op == OP_MAD24) {
			if (fl & ALU_SAT) r = ssat((s128)sext(r, 32) + sext(c, 32), 32);
			else r = (r + c) & m;
		}
		break;
	}
	case OP_SAD:
		r = (c + (sg ? (sa < sb ? (uint64_t)sb - (uint64_t)sa : (uint64_t)sa - (uint64_t)sb) : (a < b ? b - a : a - b))) & m;
		break;
	case OP_DIV: case OP_REM:
		if (b == 0) { r = m; break; }
		if (fl & ALU_ABSREM) {
			r = a % (uint64_t)(sb < 0 ? -sb : sb);
			break;
		}
		if (sg) {
			if (sa == (int64_t)(~0ull << (w - 1)) && sb == -1) r = op->op == OP_DIV ? a : 0;
			else r = (uint64_t)(op->op == OP_DIV ? sa / sb : sa % sb) & m;
		} else
			r = op->op == OP_DIV ? a / b : a % b;
		break;
	case OP_ABS: r = (uint64_t)(sa < 0 ? -(uint64_t)sa : (uint64_t)sa) & m; break;
	case OP_NEG: r = (0 - a) & m; break;
	case OP_MIN: case OP_MAX: {
		int mx = op->op == OP_MAX;
		if (ty == TY_U16X2 || ty == TY_S16X2) {
			for (int i = 0; i < 2; i++) {
				uint64_t x = a >> 16 * i & 0xFFFF, y = b >> 16 * i & 0xFFFF;
				int lt = ty == TY_S16X2 ? sext(x, 16) < sext(y, 16) : x < y;
				uint64_t v = (lt != mx) ? x : y;
				if ((fl & ALU_RELU) && ty == TY_S16X2 && (v & 0x8000)) v = 0;
				r |= v << 16 * i;
			}
			break;
		}
		int lt = sg ? sa < sb : a < b;
		r = (lt != mx) ? a : b;
		if ((fl & ALU_RELU) && sg && sext(r, w) < 0) r = 0;
		break;
	}
	case OP_POPC: r = (uint64_t)__builtin_popcountll(a); break;
	case OP_CLZ: r = a ? (uint64_t)(__builtin_clzll(a) - (64 - w)) : (uint64_t)w; break;
	case OP_BFIND: {
		uint64_t x = (sg && sa < 0) ? ~a & m : a;
		if (!x) { r = 0xFFFFFFFF; break; }
		int pos = 63 - __builtin_clzll(x);
		r = (fl & ALU_SHIFTAMT) ? (uint64_t)(w - 1 - pos) : (uint64_t)pos;
		break;
	}
	case OP_BREV: {
		for (int i = 0; i < w; i++) r |= (a >> i & 1) << (w - 1 - i);
		break;
	}
	case OP_BFE: {
		/* the 32-bit forms read 8-bit position and length; the 64-bit forms the whole word (measured) */
		uint32_t pm = w == 64 ? 0xFFFFFFFF : 0xFF;
		uint32_t pos = (uint32_t)s[1] & pm, len = (uint32_t)s[2] & pm;
		uint64_t sbit;
		/* immediates placing the field past a 32-bit word: ptxas folds the
		 * signed form to all ones whatever the source (measured; the
		 * register form fills with the source's sign as the manual says) */
		if ((op->flags & ALU_IMMFIELD) && w == 32 && sg && pos >= 32 && len != 0) {
			r = 0xFFFFFFFF;
			break;
		}
		if (sg) {
			uint64_t end = (uint64_t)pos + len - 1;
			uint32_t msb = end < (uint64_t)w - 1 ? (uint32_t)end : (uint32_t)w - 1;
			sbit = (len == 0) ? 0 : (a >> msb) & 1;
		} else
			sbit = 0;
		for (int i = 0; i < w; i++) {
			uint64_t bit = ((uint32_t)i < len && (uint64_t)pos + (uint32_t)i < (uint64_t)w) ? (a >> (pos + (uint32_t)i)) & 1 : sbit;
			r |= bit << i;
		}
		break;
	}
	case OP_BFI: {
		uint32_t pm = w == 64 ? 0xFFFFFFFF : 0xFF;
		uint32_t pos = (uint32_t)s[2] & pm, len = (uint32_t)s[3] & pm;
		/* immediates of a 32-bit field whose position is not a whole byte:
		 * ptxas makes the mask ((1 << len) - 1) << pos in 32 bits, the
		 * length modulo 32 (bfi 1, 33 inserts one bit; 14, 65 one; 2, 70
		 * six; 1, 32 and 20, 64 none: a LOP3 with mask RZ), where a byte
		 * position or a register clips it to the word (8, 33 inserts 24
		 * bits).  Measured on the H100 and read off ptxas's code. */
		if ((op->flags & ALU_IMMFIELD) && w == 32 && pos % 8 != 0)
			len &= 31;
		r = b;
		for (uint32_t i = 0; i < len && (uint64_t)pos + i < (uint64_t)w; i++)
			r = (r & ~(1ull << (pos + i))) | ((a >> i & 1) << (pos + i));
		break;
	}
	case OP_FNS:
		/* cmp: the offset is an f32 set.ftz of s[2] and s[3], which
		 * ptxas tests against 0 without .ftz (foldint.c foldfnsset) */
		if (op->cmp && !alu_fcmp(ALU_F32, s[2], s[3], op->cmp, 0))
			r = fns((uint32_t)a, (uint32_t)b, 0);
		else if (op->cmp)
			r = alu_fcmp(ALU_F32, s[2], s[3], op->cmp, 1) ? fns((uint32_t)a, (uint32_t)b, -1) : 31;
		else
			r = fns((uint32_t)a, (uint32_t)b, (int32_t)c);
		break;
	case OP_PRMT: r = prmt((uint32_t)a, (uint32_t)b, (uint32_t)c, op->mode); break;
	case OP_VADD: case OP_VSUB: case OP_VABSDIFF: case OP_VMIN: case OP_VMAX: case OP_VSHL: case OP_VSHR:
	case OP_VSET:
		r = video_scalar(op, (uint32_t)a, (uint32_t)b, (uint32_t)c);
		break;
	case OP_VMAD: r = video_mad(op, (uint32_t)a, (uint32_t)b, (uint32_t)c); break;
	case OP_VADD2: case OP_VSUB2: case OP_VAVRG2: case OP_VABSDIFF2: case OP_VMIN2: case OP_VMAX2: case OP_VSET2:
	case OP_VADD4: case OP_VSUB4: case OP_VAVRG4: case OP_VABSDIFF4: case OP_VMIN4: case OP_VMAX4: case OP_VSET4:
		r = video_simd(op, (uint32_t)a, (uint32_t)b, (uint32_t)c);
		break;
	case OP_SHF: {
		uint32_t n = (uint32_t)c;
		n = (fl & ALU_CLAMP) ? (n > 32 ? 32 : n) : (n & 31);
		uint64_t x = b << 32 | a;
		if (fl & ALU_LEFT) r = (x << n) >> 32 & 0xFFFFFFFF;
		else r = (x >> n) & 0xFFFFFFFF;
		break;
	}
	case OP_SHL: {
		uint32_t n = (uint32_t)((fl & ALU_F2IAMT) ? alu_f2i64(s[1], 0) : (fl & ALU_CNOTAMT) ? (uint64_t)w : s[1]);
		/* imm 1: a signed amount, negative is 0 (foldint.c foldshs8) */
		if (op->imm == 1 && (int32_t)n < 0)
			n = 0;
		r = n >= (uint32_t)w ? 0 : (a << n) & m;
		break;
	}
	case OP_SHR: {
		uint32_t n = (uint32_t)((fl & ALU_F2IAMT) ? alu_f2i64(s[1], sg) : s[1]);
		/* fold.c: the stack pointer's low half; shr.s16 the cnot as 0 or -1 */
		if (fl & ALU_CNOTAMT)
			n = !sg || s[1] ? (uint32_t)w : 0;
		if (op->imm == 1 && (int32_t)n < 0)
			n = 0;
		if (sg && (fl & ALU_W16A))   /* a 32-bit shift of the widened value */
			r = (uint64_t)(sa >> (n > 31 ? 31 : (int)n)) & m;
		else if (sg) r = (uint64_t)(sa >> (n >= (uint32_t)w ? w - 1 : (int)n)) & m;
		else r = n >= (uint32_t)w ? 0 : a >> n;
		/* fold.c foldnegshr: ptxas's LEA.HI.SX32 of -x, -(x >> n) */
		if (fl & ALU_NEGK)
			r = (0 - r) & m;
		break;
	}
	case OP_LOP3: {
		uint32_t lut = op->imm;
		for (int i = 0; i < 32; i++) {
			int idx = (int)((a >> i & 1) << 2 | (b >> i & 1) << 1 | (c >> i & 1));
			r |= (uint64_t)(lut >> idx & 1) << i;
		}
		if (op->ndst > 1 && op->nsrc > 4)   /* lop3.and/.or d|p, ..., q */
			d[1] = op->bop == MOD_AND ? (r != 0) & (s[4] & 1) : (r != 0) | (s[4] & 1);
		break;
	}
	case OP_AND: r = a & b; break;
	case OP_OR: r = a | b; break;
	case OP_XOR: r = a ^ b; break;
	case OP_NOT: r = ~a & m; break;
	case OP_CNOT: r = a == 0; break;
	case OP_DP4A: r = dp((uint32_t)s[0], (uint32_t)s[1], (uint32_t)s[2], issigned(op->ty), issigned(op->ty2), 4, 0); break;
	case OP_DP2A: {
		int64_t acc = 0;
		for (int i = 0; i < 2; i++) {
			uint32_t x = (uint32_t)s[0] >> 16 * i & 0xFFFF;
			uint32_t y = (uint32_t)s[1] >> 8 * (i + ((fl & ALU_HI) ? 2 : 0)) & 0xFF;
			acc += (issigned(op->ty) ? sext(x, 16) : (int64_t)x) * (issigned(op->ty2) ? sext(y, 8) : (int64_t)y);
		}
		r = (uint32_t)(acc + (int64_t)(uint32_t)s[2]);
		break;
	}
	case OP_BMSK: {
		uint32_t p = (uint32_t)s[0], n = (uint32_t)s[1];
		if (fl & ALU_CLAMP) { p = p > 32 ? 32 : p; n = n > 32 ? 32 : n; }
		else { p &= 31; n &= 31; }
		uint64_t mk = (n >= 32 ? 0xFFFFFFFFull : ((1ull << n) - 1)) << p;
		r = mk & 0xFFFFFFFF;
		break;
	}
	case OP_SZEXT: {
		uint32_t n = (uint32_t)s[1];
		n = (fl & ALU_CLAMP) ? (n > 32 ? 32 : n) : (n & 31);
		if (n == 0) r = 0;
		else if (n >= 32) r = a;
		else r = sg ? (uint64_t)sext(a, (int)n) & 0xFFFFFFFF : a & ((1ull << n) - 1);
		break;
	}
	}
	d[0] = r;
}

/*
 * interp/alu_decode.c -- decoding of ALU instructions, lane dispatch,
 * comparisons and selection, and the arithmetic of atomics.
 *
 * alu_decode reads the modifiers of one Ins once and keeps only what the
 * lane loop needs in an AluOp, so alu_exec never looks at the IR again.
 * Instructions with memory, control or warp-wide effects are refused here;
 * the interpreter handles those itself.
 */
#include <string.h>
#include "alu.h"

static int isfloatty(int ty) { return alu_fmt_of(ty) >= 0; }

/* The selectors and mask of a SIMD video instruction (vadd2 ... vset4),
 * as imm: for element i (of 2 halves or 4 bytes) the element of b:a that
 * a's selector picks in bits 3i, the one b's picks in bits 12 + 3i, and the
 * destination mask in bits 24-27.  .hXY and .bWXYZ name the elements from
 * the highest down; without a selector a reads its own elements and b its
 * own (the elements of b:a above a's); without a mask every element is
 * written. */
static int videosimd(const Ins *in, uint32_t *imm)
{
	int n = in->op >= OP_VADD4 ? 4 : 2;
	uint32_t mask = 0;
	for (int k = 0; k < 2; k++) {
		const Opnd *o = &in->opnd[1 + k];
		for (int i = 0; i < n; i++) {
			int e = k * n + i;
			if (o->sel == SEL_TEXT && o->seltext && o->seltext[0] == (n == 2 ? 'h' : 'b') &&
			    strlen(o->seltext) == (size_t)n + 1)
				e = o->seltext[n - i] - '0';
			else if (o->sel != SEL_NONE)
				return -1;
			if (e < 0 || e >= 2 * n)
				return -1;
			*imm |= (uint32_t)e << (12 * k + 3 * i);
		}
	}
	const Opnd *d = &in->opnd[0];
	if (d->sel == SEL_NONE)
		mask = (1u << n) - 1;
	else if (n == 2 && (d->sel == SEL_H0 || d->sel == SEL_H1))
		mask = 1u << (d->sel - SEL_H0);
	else if (n == 4 && d->sel >= SEL_B0 && d->sel <= SEL_B3)
		mask = 1u << (d->sel - SEL_B0);
	else if (d->sel == SEL_TEXT && d->seltext && d->seltext[0] == (n == 2 ? 'h' : 'b'))
		for (const char *c = d->seltext + 1; *c; c++) {
			if (*c < '0' || *c >= '0' + n)
				return -1;
			mask |= 1u << (*c - '0');
		}
	else
		return -1;
	if (in->opnd[3].sel != SEL_NONE)
		return -1;
	*imm |= mask << 24;
	return 0;
}

int alu_decode(const Ins *in, AluOp *op, const char **why)
{
	memset(op, 0, sizeof *op);
	*why = NULL;
	op->op = in->op;
	op->ty = in->ty[0];
	op->ty2 = in->nty > 1 ? in->ty[1] : 0;
	op->ty3 = in->nty > 2 ? in->ty[2] : 0;
	op->nwords = 1;
	switch (in->op) {
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_MAD: case OP_MUL24: case OP_MAD24: case OP_SAD:
	case OP_DIV: case OP_REM: case OP_ABS: case OP_NEG: case OP_MIN: case OP_MAX: case OP_POPC:
	case OP_CLZ: case OP_BFIND: case OP_FNS: case OP_BREV: case OP_BFE: case OP_BFI: case OP_SZEXT:
	case OP_BMSK: case OP_DP4A: case OP_DP2A: case OP_ADDC: case OP_SUBC: case OP_MADC: case OP_TESTP:
	case OP_COPYSIGN: case OP_FMA: case OP_RCP: case OP_SQRT: case OP_RSQRT: case OP_SIN: case OP_COS:
	case OP_LG2: case OP_EX2: case OP_TANH: case OP_SET: case OP_SETP: case OP_SELP: case OP_SLCT:
	case OP_AND: case OP_OR: case OP_XOR: case OP_NOT: case OP_CNOT: case OP_LOP3: case OP_SHF:
	case OP_SHL: case OP_SHR: case OP_PRMT: case OP_CVT: case OP_CVT_PACK: case OP_MOV:
	case OP_VADD: case OP_VSUB: case OP_VABSDIFF: case OP_VMIN: case OP_VMAX: case OP_VSHL: case OP_VSHR:
	case OP_VMAD: case OP_VSET:
	case OP_VADD2: case OP_VSUB2: case OP_VAVRG2: case OP_VABSDIFF2: case OP_VMIN2: case OP_VMAX2: case OP_VSET2:
	case OP_VADD4: case OP_VSUB4: case OP_VAVRG4: case OP_VABSDIFF4: case OP_VMIN4: case OP_VMAX4: case OP_VSET4:
		break;
	case OP_ISTYPEP:
		/* a test of one bit of the 64-bit handle, as ptxas compiles it
		 * (sm_90 SASS: a LOP3 of the high word with 0x20000000, 0x40000000
		 * or 0x80000000 and an ISETP.EX): .texref bit 61, .samplerref 62,
		 * .surfref 63, whatever the value is */
		op->ty = TY_U64;
		op->imm = in->ty[0] == TY_TEXREF ? 61 : in->ty[0] == TY_SAMPLERREF ? 62 : 63;
		op->ndst = 1;
		op->nsrc = 1;
		return 0;
	default:
		*why = "not a per-lane ALU instruction";
		return -1;
	}
	if (op->ty == TY_F32X2 || op->ty == TY_U8X4 || op->ty == TY_S8X4) { *why = "packed f32x2/8x4 types"; return -1; }
	if (in->op == OP_MIN || in->op == OP_MAX) {
		if (in->nopnd - in->ndst > 2) { *why = "three-input min/max"; return -1; }
	}
	if (in->op == OP_CVT) {
		if (in->nty < 2) { *why = "cvt without two types"; return -1; }
		if (ir_hasmod(in, MOD_RS) || ir_hasmod(in, MOD_SCALED_N2_UE8M0)) { *why = "cvt .rs / scaled forms"; return -1; }
		int ok[] = { TY_E2M1X2, TY_E2M3X2, TY_E3M2X2, TY_UE8M0X2, TY_E4M3X4, TY_E5M2X4, TY_E2M1X4,
		             TY_E2M3X4, TY_E3M2X4, TY_S2F6X2 };
		for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
			if (op->ty == ok[i] || op->ty2 == ok[i]) { *why = "cvt to or from fp4/fp6/ue8m0 formats"; return -1; }
	}
	if (in->op == OP_MOV) {
		for (int i = 0; i < in->nopnd; i++)
			if (in->opnd[i].kind != OK_REG && in->opnd[i].kind != OK_IMM && in->opnd[i].kind != OK_FIMM) {
				*why = "mov of a vector, symbol or special form";
				return -1;
			}
		if (op->ty == TY_B128) op->nwords = 2;
	}
	for (int i = 0; i < in->nmod; i++) {
		switch (in->mod[i]) {
		case MOD_FTZ: op->flags |= ALU_FTZ; break;
		case MOD_SAT: op->flags |= ALU_SAT; break;
		case MOD_CC: op->flags |= ALU_CCOUT; break;
		case MOD_HI:
			if (in->op == OP_SET || in->op == OP_SETP) op->cmp = MOD_HI;
			else op->flags |= ALU_HI;
			break;
		case MOD_WIDE: op->flags |= ALU_WIDE; break;
		case MOD_APPROX: op->flags |= ALU_APPROX; break;
		case MOD_FULL: op->flags |= ALU_FULL; break;
		case MOD_NAN_PROP: op->flags |= ALU_NANP; break;
		case MOD_XORSIGN: op->flags |= ALU_XORSIGN; break;
		case MOD_RELU: op->flags |= ALU_RELU; break;
		case MOD_SATFINITE: op->flags |= ALU_SATFINITE; break;
		case MOD_CLAMP: op->flags |= ALU_CLAMP; break;
		case MOD_SHIFTAMT: op->flags |= ALU_SHIFTAMT; break;
		case MOD_L: op->flags |= ALU_LEFT; break;
		case MOD_RN: op->rnd = ALU_RN; op->flags |= ALU_RNDSET; break;
		case MOD_RZ: op->rnd = ALU_RZ; op->flags |= ALU_RNDSET; break;
		case MOD_RM: op->rnd = ALU_RM; op->flags |= ALU_RNDSET; break;
		case MOD_RP: op->rnd = ALU_RP; op->flags |= ALU_RNDSET; break;
		case MOD_RNA: op->rnd = ALU_RNA; op->flags |= ALU_RNDSET; break;
		case MOD_RNI: op->rnd = ALU_RN; op->flags |= ALU_RNDSET | ALU_INTRND; break;
		case MOD_RZI: op->rnd = ALU_RZ; op->flags |= ALU_RNDSET | ALU_INTRND; break;
		case MOD_RMI: op->rnd = ALU_RM; op->flags |= ALU_RNDSET | ALU_INTRND; break;
		case MOD_RPI: op->rnd = ALU_RP; op->flags |= ALU_RNDSET | ALU_INTRND; break;
		case MOD_AND: case MOD_OR: case MOD_XOR: op->bop = in->mod[i]; break;
		case MOD_F4E: case MOD_B4E: case MOD_RC8: case MOD_ECL: case MOD_ECR: case MOD_RC16:
		case MOD_FINITE: case MOD_INFINITE: case MOD_NUMBER: case MOD_NOTANUMBER: case MOD_NORMAL:
		case MOD_SUBNORMAL:
			op->mode = in->mod[i];
			break;
		case MOD_ABS: break;       /* always paired with .xorsign */
		case MOD_OOB: op->mode = MOD_OOB; break;   /* fma of the half types (alu_float.c) */
		default:
			if (in->mod[i] >= MOD_EQ && in->mod[i] <= MOD_NAN_CMP && in->op != OP_MUL && in->op != OP_MAD
			    && in->op != OP_MUL24 && in->op != OP_MAD24 && in->op != OP_DP2A && in->op != OP_MADC)
				op->cmp = in->mod[i];
			break;
		}
	}
	if (in->op >= OP_VADD && in->op <= OP_VSET && in->op != OP_VMAD) {
		/* scalar video: a byte or half selector on d (a merge into c), a, b;
		 * imm holds them as SEL_* codes, d's << 16, a's, b's << 8 */
		for (int i = 0; i < in->nopnd && i < 3; i++) {
			int sel = in->opnd[i].sel;
			if (sel != SEL_NONE && (sel < SEL_B0 || sel > SEL_H1)) { *why = "video selector"; return -1; }
			op->imm |= (uint32_t)sel << (i == 0 ? 16 : i == 1 ? 0 : 8);
		}
		for (int i = 3; i < in->nopnd; i++)
			if (in->opnd[i].sel != SEL_NONE) { *why = "video selector on c"; return -1; }
		if (ir_hasmod(in, MOD_ADD)) op->mode = MOD_ADD;
		if (ir_hasmod(in, MOD_MIN)) op->mode = MOD_MIN;
		if (ir_hasmod(in, MOD_MAX)) op->mode = MOD_MAX;
	}
	if (in->op == OP_VMAD) {
		/* imm: a's and b's selectors (SEL_*) in bits 0-7 and 8-15, the
		 * scale's shift in 16-23, a negated product in bit 24, a negated
		 * c in bit 25 (the parser let through only what ptxas takes) */
		if (in->nopnd != 4) { *why = "vmad without four operands"; return -1; }
		for (int i = 1; i < 3; i++) {
			int sel = in->opnd[i].sel;
			if (sel != SEL_NONE && (sel < SEL_B0 || sel > SEL_H1)) { *why = "video selector"; return -1; }
			op->imm |= (uint32_t)sel << (i == 1 ? 0 : 8);
		}
		if (in->opnd[0].sel != SEL_NONE || in->opnd[3].sel != SEL_NONE) { *why = "vmad selector on d or c"; return -1; }
		op->imm |= (uint32_t)(ir_hasmod(in, MOD_SHR7) ? 7 : ir_hasmod(in, MOD_SHR15) ? 15 : 0) << 16;
		op->imm |= (uint32_t)((in->opnd[1].neg ^ in->opnd[2].neg) & 1) << 24 | (uint32_t)(in->opnd[3].neg & 1) << 25;
		if (ir_hasmod(in, MOD_PO)) op->mode = MOD_PO;
	}
	if (in->op >= OP_VADD2 && in->op <= OP_VSET4) {
		if (in->nopnd != 4) { *why = "SIMD video without four operands"; return -1; }
		if (videosimd(in, &op->imm) != 0) { *why = "SIMD video selector or mask"; return -1; }
		if (ir_hasmod(in, MOD_ADD)) op->mode = MOD_ADD;
	}
	/* .rzi on cvt float->int is the rounding itself, not a within-format rounding */
	if (in->op == OP_CVT && !isfloatty(op->ty)) op->flags &= ~(uint32_t)ALU_INTRND;
	if (in->op == OP_ADDC || in->op == OP_SUBC || in->op == OP_MADC) op->flags |= ALU_CCIN;
	/* ptxas folds a bit field of immediate position and length by rules of
	 * its own (alu_int.c); a bfi into an immediate 0 it makes a shift and a
	 * mask, which keeps the manual's rule */
	if ((in->op == OP_BFE || in->op == OP_BFI) && in->nopnd >= 4 && in->opnd[in->nopnd - 2].kind == OK_IMM &&
	    in->opnd[in->nopnd - 1].kind == OK_IMM &&
	    !(in->op == OP_BFI && in->nopnd == 5 && in->opnd[2].kind == OK_IMM && in->opnd[2].imm == 0))
		op->flags |= ALU_IMMFIELD;
	if (in->op == OP_LOP3) {
		const Opnd *o = &in->opnd[in->ndst + 3];
		if (o->kind != OK_IMM) { *why = "lop3 truth table is not an immediate"; return -1; }
		op->imm = (uint32_t)o->imm & 0xFF;
		/* d|p: p is (d != 0) and-ed or or-ed with q, the last source */
		if (in->opnd[0].kind == OK_PAIR && (op->bop != MOD_AND && op->bop != MOD_OR)) {
			*why = "lop3 with a predicate destination and no .and or .or";
			return -1;
		}
	}
	op->ndst = in->ndst;
	if (in->ndst && in->opnd[0].kind == OK_PAIR) op->ndst = 2;
	op->nsrc = in->nopnd - in->ndst;
	if (op->ty == TY_F64 && op->nsrc >= 2 && (in->op == OP_ADD || in->op == OP_SUB || in->op == OP_MUL ||
	    in->op == OP_MIN || in->op == OP_MAX || in->op == OP_FMA || in->op == OP_MAD)) {
		/* ptxas gives a constant the operand slot whose NaN wins (the
		 * loader decides between two registers: interp_nan_first); a
		 * constant subtrahend it negates as it compiles, NaN or not */
		const Opnd *a = &in->opnd[in->ndst], *b = a + 1;
		int ka = a->kind == OK_IMM || a->kind == OK_FIMM, kb = b->kind == OK_IMM || b->kind == OK_FIMM;
		if (ka && !kb) op->flags |= ALU_NANA;
		if (kb && in->op == OP_SUB) op->flags |= ALU_NEGK;
	}
	for (int i = 0; i < op->nsrc && i < 32; i++)
		if (in->opnd[in->ndst + i].kind == OK_NOT) op->negsrc |= 1u << i;
	return 0;
}

static int icmp(int ty, uint64_t a, uint64_t b, int cmp)
{
	int w = ir_tyinfo[ty].bits;
	int sg = ir_tyinfo[ty].kind == TK_SINT;
	uint64_t m = w >= 64 ? ~0ull : ((uint64_t)1 << w) - 1;
	a &= m; b &= m;
	int64_t sa = w >= 64 ? (int64_t)a : (int64_t)(a << (64 - w)) >> (64 - w);
	int64_t sb = w >= 64 ? (int64_t)b : (int64_t)(b << (64 - w)) >> (64 - w);
	int lt = sg ? sa < sb : a < b;
	switch (cmp) {
	case MOD_EQ: return a == b;
	case MOD_NE: return a != b;
	case MOD_LT: return lt;
	case MOD_LE: return lt || a == b;
	case MOD_GT: return !lt && a != b;
	case MOD_GE: return !lt;
	case MOD_LO: return a < b;
	case MOD_LS: return a <= b;
	case MOD_HI: return a > b;
	case MOD_HS: return a >= b;
	}
	return 0;
}

static int combine(int bop, int p, int c)
{
	switch (bop) {
	case MOD_AND: return p & c;
	case MOD_OR: return p | c;
	case MOD_XOR: return p ^ c;
	}
	return p;
}

static int cmpany(const AluOp *op, int ty, uint64_t a, uint64_t b)
{
	if (isfloatty(ty)) return alu_fcmp(alu_fmt_of(ty), a, b, op->cmp, (op->flags & ALU_FTZ) != 0);
	return icmp(ty, a, b, op->cmp);
}

static void setx(const AluOp *op, const uint64_t *s, uint64_t *d)
{
	int sty = op->op == OP_SETP ? op->ty : op->ty2;
	int c = op->nsrc > 2 ? (int)(s[2] & 1) : 0;
	if (op->op == OP_SETP && (sty == TY_F16X2 || sty == TY_BF16X2)) {
		/* one comparison per half: p from the low halves, q from the high
		 * ones, each combined with c (not q = !p as for the scalar types) */
		int et = sty == TY_F16X2 ? TY_F16 : TY_BF16;
		for (int i = 0; i < op->ndst && i < 2; i++)
			d[i] = (uint64_t)combine(op->bop, cmpany(op, et, s[0] >> 16 * i & 0xFFFF, s[1] >> 16 * i & 0xFFFF), c);
		return;
	}
	if (op->op == OP_SETP) {
		int p = cmpany(op, sty, s[0], s[1]);
		d[0] = (uint64_t)combine(op->bop, p, c);
		if (op->ndst > 1) d[1] = (uint64_t)combine(op->bop, !p, c);
		return;
	}
	int dty = op->ty;
	if (sty == TY_F16X2 || sty == TY_BF16X2) {
		int et = sty == TY_F16X2 ? TY_F16 : TY_BF16;
		uint64_t r = 0;
		for (int i = 0; i < 2; i++) {
			int p = combine(op->bop, cmpany(op, et, s[0] >> 16 * i & 0xFFFF, s[1] >> 16 * i & 0xFFFF), c);
			uint64_t one = dty == TY_F16X2 ? 0x3C00 : dty == TY_BF16X2 ? 0x3F80 : 0xFFFF;
			r |= (p ? one : 0) << 16 * i;
		}
		d[0] = r;
		return;
	}
	int p = combine(op->bop, cmpany(op, sty, s[0], s[1]), c);
	uint64_t one;
	switch (dty) {
	case TY_F32: one = 0x3F800000; break;
	case TY_F16: one = 0x3C00; break;
	case TY_BF16: one = 0x3F80; break;
	default: one = ir_tyinfo[dty].bits >= 64 ? ~0ull : ((uint64_t)1 << ir_tyinfo[dty].bits) - 1;
	}
	d[0] = p ? one : 0;
}

/* An .s16 source sign-extended to 32 bits; wide: an abs/neg.s16 result as
 * ptxas holds it, 0x8000 being +32768 (fold.c) */
static uint64_t w16(uint64_t v, int wide)
{
	v &= 0xFFFF;
	return wide && v == 0x8000 ? v : (uint64_t)(int64_t)(int16_t)v & 0xFFFFFFFF;
}

/* An f32 select operand with the sign operation of ptxas's FSEL (fold.c):
 * the sign bit alone, a NaN keeps its payload; both bits: -|x| */
static uint64_t sgnop(uint64_t v, uint32_t k)
{
	k &= 3;
	return k == SGN_NEG ? v ^ 0x80000000u : k == SGN_ABS ? v & 0x7FFFFFFFu : k ? v | 0x80000000u : v;
}

void alu_exec(const AluOp *op, const uint64_t *src, uint64_t *dst, uint32_t *cc)
{
	uint64_t s[8];
	int n = op->nsrc < 8 ? op->nsrc : 8;
	for (int i = 0; i < n; i++) s[i] = (op->negsrc >> i & 1) ? !(src[i] & 1) : src[i];
	if ((op->flags & (ALU_W16A | ALU_W16B)) && (op->op == OP_SET || op->op == OP_SETP || op->op == OP_CVT)) {
		/* compared or extended as the 32-bit values ptxas holds: an
		 * .s16 one sign-extended, a .u16 or .b16 compare's f16/bf16
		 * set result (fold.c) in both halves, the other zero-extended */
		AluOp o = *op;
		int sty = op->op == OP_SETP ? op->ty : op->ty2;
		int half = op->op != OP_CVT && (sty == TY_U16 || sty == TY_B16);
		for (int i = 0; i < n && i < (op->op == OP_CVT ? 1 : 2); i++) {
			int wide = (op->flags & (i ? ALU_W16B : ALU_W16A)) != 0;
			s[i] = half ? (s[i] & 0xFFFF) * (wide ? 0x10001u : 1u) : w16(s[i], wide);
		}
		if (o.op == OP_SETP) o.ty = half ? TY_U32 : TY_S32;
		else o.ty2 = half ? TY_U32 : TY_S32;
		o.flags &= ~(uint32_t)(ALU_W16A | ALU_W16B);
		o.negsrc = 0;
		alu_exec(&o, s, dst, cc);
		return;
	}
	if (op->flags & ALU_NEGPACK) {
		AluOp o = *op;
		o.flags &= ~(uint32_t)ALU_NEGPACK;
		o.nsrc = 1;
		o.imm = 0;
		alu_exec(&o, s, dst, cc);
		if (op->imm & 1)
			dst[0] = (dst[0] & 0xFFFF0000u) | (s[1] & 0xFFFF);
		if (op->imm & 2)
			dst[0] = (dst[0] & 0xFFFF) | (s[2] & 0xFFFF) << 16;
		return;
	}
	if (op->flags & ALU_GSET) {
		AluOp o = *op;
		o.flags &= ~(uint32_t)ALU_GSET;
		o.nsrc -= 2;
		o.negsrc &= ~(3u << o.nsrc);
		if (op->op != OP_SET) {   /* a guarded f32 ALU op: ptxas's FSEL */
			o.imm &= ~(3u << 28);
			if (s[n - 1] & 1)
				alu_exec(&o, src, dst, cc);
			else
				dst[0] = sgnop(s[n - 2], op->imm >> 28);
			return;
		}
		if (s[n - 1] & 1) {
			setx(&o, s, dst);
		} else {   /* I2F of IABS of the old value, as a 32-bit integer */
			AluOp c = { .op = OP_CVT, .ty = TY_F32, .ty2 = TY_S32, .rnd = ALU_RN, .flags = ALU_RNDSET,
			            .nsrc = 1, .ndst = 1, .nwords = 1 };
			uint32_t v = (uint32_t)s[n - 2];
			uint64_t x = (int32_t)v < 0 ? 0u - v : v;
			alu_cvt_exec(&c, &x, dst);
		}
		return;
	}
	switch (op->op) {
	case OP_SET: case OP_SETP:
		setx(op, s, dst);
		return;
	case OP_SELP:
		dst[0] = (s[2] & 1) ? s[0] : s[1];
		if (op->flags & ALU_SGNOP)
			dst[0] = sgnop(dst[0], op->imm >> ((s[2] & 1) ? 0 : 2));
		return;
	case OP_SLCT: {
		int ge;
		if (op->ty2 == TY_F32) {
			uint64_t c = (op->flags & ALU_FTZ) ? alu_fflush(ALU_F32, s[2]) : s[2];
			ge = alu_fcmp(ALU_F32, c, 0, MOD_GE, 0);
		} else if (op->flags & ALU_SLCTLE)
			ge = (int32_t)s[2] <= 0;
		else
			ge = (int32_t)s[2] >= 0;
		dst[0] = ge ? s[0] : s[1];
		if (op->flags & ALU_SGNOP)
			dst[0] = sgnop(dst[0], op->imm >> (ge ? 0 : 2));
		return;
	}
	case OP_MOV:
		dst[0] = s[0];
		if (op->nwords == 2) dst[1] = src[1];
		return;
	case OP_ISTYPEP:
		dst[0] = s[0] >> op->imm & 1;
		return;
	case OP_CVT: case OP_CVT_PACK:
		/* a neg or abs ptxas folded into the F2I or F2F as its operand's
		 * sign (fold.c foldnegrzi, foldnegcvt), at the source format's
		 * sign bit; the F2F's negation leaves a NaN as it is (an H200:
		 * F2F.F64.BF16 of -x), and the F2I's makes none of one */
		if (op->op == OP_CVT && (op->flags & ALU_SGNOP) &&
		    !(alu_fmt_of(op->ty2) >= 0 && alu_fisnan(alu_fmt_of(op->ty2), s[0]))) {
			uint64_t b = 1ull << (ir_tyinfo[op->ty2].bits - 1);
			s[0] = (op->imm & 3) == SGN_NEG ? s[0] ^ b : s[0] & ~b;
		}
		alu_cvt_exec(op, s, dst);
		return;
	case OP_AND: case OP_OR: case OP_XOR: case OP_NOT:
		if (op->ty == TY_PRED) {
			uint64_t a = s[0] & 1, b = n > 1 ? s[1] & 1 : 0;
			dst[0] = op->op == OP_AND ? a & b : op->op == OP_OR ? a | b : op->op == OP_XOR ? a ^ b : !a;
			return;
		}
		break;
	}
	if (isfloatty(op->ty) && op->op != OP_CVT)
		alu_float_exec(op, s, dst);
	else
		alu_int_exec(op, s, dst, cc);
}

uint64_t alu_atomic(int op, int ty, uint64_t old, uint64_t b, uint64_t c, int where)
{
	int fmt = alu_fmt_of(ty);
	int w = ir_tyinfo[ty].bits;
	uint64_t m = w >= 64 ? ~0ull : ((uint64_t)1 << w) - 1;
	int sg = ir_tyinfo[ty].kind == TK_SINT;
	old &= m; b &= m;
	switch (op) {
	case MOD_ADD:
		if (fmt >= 0) {
			/* the L2's f32 add flushes denormals, the SM's (shared memory)
			 * keeps them; f16/bf16 adds exist only as .add.noftz, so they
			 * keep them, as f64 does */
			int ftz = fmt == ALU_F32 && (where & ALU_ATOM_L2);
			if ((where & ALU_ATOM_L2) && fmt == ALU_F64 && (alu_fisnan(fmt, b) || alu_fisnan(fmt, old)))
				return alu_fisnan(fmt, b) ? b : old;
			/* shared memory's f64 add is a compare-and-swap loop around a
			 * DADD of the old value, loaded in the loop, and the added one.
			 * ptxas orders the pair as any commutative one: the value it
			 * sees computed later goes where its NaN wins (nanres's second
			 * slot), which is the loop's load, so of two NaNs the old
			 * value's wins; ALU_ATOM_VALNAN says the added value counts as
			 * later (contract.c interp_nan_late), and its NaN wins */
			if (fmt == ALU_F64)
				return (where & ALU_ATOM_VALNAN) ? alu_fadd(fmt, old, b, ALU_RN, 0) : alu_fadd(fmt, b, old, ALU_RN, 0);
			if (ty == TY_F16X2 || ty == TY_BF16X2)
				return alu_fadd(fmt, old & 0xFFFF, b & 0xFFFF, ALU_RN, ftz)
				     | alu_fadd(fmt, old >> 16, b >> 16, ALU_RN, ftz) << 16;
			return alu_fadd(fmt, old, b, ALU_RN, ftz);
		}
		return (old + b) & m;
	case MOD_MIN: case MOD_MAX: {
		int mx = op == MOD_MAX;
		if (ty == TY_F16X2 || ty == TY_BF16X2)   /* the vector forms' .noftz min/max, per half */
			return alu_fmin(fmt, old & 0xFFFF, b & 0xFFFF, mx, 0) | alu_fmin(fmt, old >> 16, b >> 16, mx, 0) << 16;
		if (fmt >= 0) return alu_fmin(fmt, old, b, mx, 0);
		int lt = sg ? icmp(ty, old, b, MOD_LT) : old < b;
		return (lt != mx) ? old : b;
	}
	case MOD_INC: return old >= b ? 0 : old + 1;
	case MOD_DEC: return (old == 0 || old > b) ? b : old - 1;
	case MOD_AND: return old & b;
	case MOD_OR: return old | b;
	case MOD_XOR: return old ^ b;
	case MOD_EXCH: return b;
	case MOD_CAS: return old == b ? c & m : old;
	}
	return old;
}

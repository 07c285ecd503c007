/*
 * tests/isa/sfu/model.c -- the interpreter's answer for each instruction
 * that check.cu runs on the GPU (its VARIANTS table, same order).
 *
 * x holds the operands as check.cu packs them: one operand in the low bits;
 * for div, a in the high and b in the low 32 bits.
 */
#include "alu.h"
#include "model.h"

static uint64_t half2(int fmt, int opc, int ftz, uint64_t x)
{
	return alu_approx(opc, fmt, x >> 16 & 0xFFFF, ftz) << 16 | alu_approx(opc, fmt, x & 0xFFFF, ftz);
}

uint64_t sfu_model(int v, uint64_t x)
{
	uint64_t a = x >> 32, b = x & 0xFFFFFFFF;
	static const int un[] = { OP_RCP, OP_SQRT, OP_RSQRT, OP_SIN, OP_COS, OP_LG2, OP_EX2 };
	if (v < SFU_TANH32)                   /* unary f32 pairs: plain, .ftz */
		return alu_approx(un[v / 2], ALU_F32, b, v & 1);
	switch (v) {
	case SFU_TANH32: return alu_approx(OP_TANH, ALU_F32, b, 0);
	case SFU_DIVA: case SFU_DIVA_FTZ: case SFU_DIVF: case SFU_DIVF_FTZ:
		return alu_approx_div(a, b, v >= SFU_DIVF, v == SFU_DIVA_FTZ || v == SFU_DIVF_FTZ);
	case SFU_RCP64_FTZ: return alu_approx(OP_RCP, ALU_F64, x, 1);
	case SFU_RSQ64_FTZ: return alu_approx(OP_RSQRT, ALU_F64, x, 1);
	case SFU_RSQ64: return alu_approx(OP_RSQRT, ALU_F64, x, 0);
	case SFU_EX2H: return alu_approx(OP_EX2, ALU_F16, x & 0xFFFF, 0);
	case SFU_TANHH: return alu_approx(OP_TANH, ALU_F16, x & 0xFFFF, 0);
	case SFU_EX2B: return alu_approx(OP_EX2, ALU_BF16, x & 0xFFFF, 1);
	case SFU_TANHB: return alu_approx(OP_TANH, ALU_BF16, x & 0xFFFF, 0);
	case SFU_EX2H2: return half2(ALU_F16, OP_EX2, 0, x);
	case SFU_TANHH2: return half2(ALU_F16, OP_TANH, 0, x);
	case SFU_EX2B2: return half2(ALU_BF16, OP_EX2, 1, x);
	case SFU_TANHB2: return half2(ALU_BF16, OP_TANH, 0, x);
	case SFU_TF32: {
		AluOp op = { .op = OP_CVT, .ty = TY_TF32, .ty2 = TY_F32, .rnd = ALU_RNA,
		             .flags = ALU_SATFINITE | ALU_RNDSET, .nsrc = 1, .ndst = 1, .nwords = 1 };
		uint64_t d[2] = { 0, 0 };
		alu_cvt_exec(&op, &b, d);
		return d[0];
	}
	}
	return 0;
}

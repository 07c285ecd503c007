// Which mul/add pairs without a rounding modifier ptxas fuses into an fma
// (PTX allows it): inline PTX, one pattern per result, f32/f64/f16/bf16.
// variants: G
#include "sweep.h"

typedef unsigned int u32;
typedef unsigned short u16;

#define F32(j, body)                                                                                   \
	do {                                                                                           \
		float r;                                                                               \
		asm("{.reg .f32 p, q;\n" body "}" : "=f"(r) : "f"(x), "f"(y), "f"(z), "f"(t));           \
		PUT(j, __float_as_uint(r));                                                            \
	} while (0)
#define F64(j, body)                                                                                   \
	do {                                                                                           \
		double r;                                                                              \
		asm("{.reg .f64 p, q;\n" body "}" : "=d"(r) : "d"(X), "d"(Y), "d"(Z), "d"(T));           \
		PUT(j, (u32)__double_as_longlong(r) ^ (u32)(__double_as_longlong(r) >> 32));           \
	} while (0)
#define H(j, ty, body)                                                                                 \
	do {                                                                                           \
		u16 r;                                                                                 \
		asm("{.reg .b16 p, q;\n" body "}" : "=h"(r) : "h"(hx), "h"(hy), "h"(hz), "h"(ht));       \
		PUT(j, r);                                                                             \
	} while (0)
#define H2(j, body)                                                                                    \
	do {                                                                                           \
		u32 r;                                                                                 \
		asm("{.reg .b32 p, q;\n" body "}" : "=r"(r) : "r"(ux), "r"(uy), "r"(uz), "r"(ut));       \
		PUT(j, r);                                                                             \
	} while (0)

extern "C" __global__ void contract(const float *a, u32 *out, int n)
{
	int i = TID;
	if (i >= n)
		return;
	float x = a[i], y = OTHER(a, 1), z = OTHER(a, 2), t = OTHER(a, 3);
	double X = (double)x * (1.0 + 1e-9 * y), Y = (double)y * (1.0 - 1e-9 * z), Z = (double)z, T = (double)t * 1.1;
	u32 ux = __float_as_uint(x) ^ (__float_as_uint(y) << 16), uy = __float_as_uint(y) ^ (__float_as_uint(z) >> 7),
	    uz = __float_as_uint(z) ^ (__float_as_uint(t) << 3), ut = __float_as_uint(t) ^ __float_as_uint(x) >> 5;
	u16 hx = (u16)ux, hy = (u16)uy, hz = (u16)uz, ht = (u16)ut;
	F32(0, "mul.f32 p, %1, %2;\nadd.f32 %0, p, %3;\n");
	F32(1, "mul.f32 p, %1, %2;\nsub.f32 %0, p, %3;\n");
	F32(2, "mul.f32 p, %1, %2;\nsub.f32 %0, %3, p;\n");
	F32(3, "mul.f32 p, %1, %2;\nmul.f32 q, %3, %4;\nsub.f32 %0, p, q;\n");
	F32(4, "mul.f32 p, %1, %2;\nmul.f32 q, %3, %4;\nadd.f32 %0, p, q;\n");
	F32(5, "mul.f32 p, %1, %2;\nadd.f32 q, p, %3;\nadd.f32 %0, q, p;\n");
	F32(6, "mul.rn.f32 p, %1, %2;\nadd.f32 %0, p, %3;\n");
	F32(7, "mul.f32 p, %1, %2;\nadd.rn.f32 %0, p, %3;\n");
	F32(8, "mul.ftz.f32 p, %1, %2;\nadd.ftz.f32 %0, p, %3;\n");
	F32(9, "mul.f32 p, %1, %2;\nadd.ftz.f32 %0, p, %3;\n");
	F32(10, "mul.sat.f32 p, %1, %2;\nadd.f32 %0, p, %3;\n");
	F32(11, "mul.f32 p, %1, %2;\nadd.sat.f32 %0, p, %3;\n");
	F32(12, "mul.f32 p, %1, %2;\nadd.f32 q, p, %3;\nmul.f32 p, q, %4;\nadd.f32 %0, p, %1;\n");
	F32(13, "mul.f32 p, %1, %2;\nneg.f32 q, p;\nadd.f32 %0, q, %3;\n");
	F32(14, "mul.f32 p, %1, 0f40400000;\nadd.f32 %0, p, %3;\n");
	F32(15, "mul.f32 p, %1, %2;\nadd.f32 %0, p, 0f3F800000;\n");
	F32(16, "mul.f32 p, %1, %2;\nadd.f32 q, %3, %4;\nadd.f32 %0, p, q;\n");
	F64(17, "mul.f64 p, %1, %2;\nadd.f64 %0, p, %3;\n");
	F64(18, "mul.f64 p, %1, %2;\nmul.f64 q, %3, %4;\nsub.f64 %0, p, q;\n");
	F64(19, "mul.f64 p, %1, %2;\nsub.f64 %0, %3, p;\n");
	H(20, f16, "mul.f16 p, %1, %2;\nadd.f16 %0, p, %3;\n");
	H(21, f16, "mul.f16 p, %1, %2;\nmul.f16 q, %3, %4;\nsub.f16 %0, p, q;\n");
	H(22, f16, "mul.f16 p, %1, %2;\nsub.f16 %0, %3, p;\n");
	H(23, f16, "mul.ftz.f16 p, %1, %2;\nadd.ftz.f16 %0, p, %3;\n");
	H(24, bf16, "mul.bf16 p, %1, %2;\nadd.bf16 %0, p, %3;\n");
	H(25, bf16, "mul.rn.bf16 p, %1, %2;\nadd.rn.bf16 %0, p, %3;\n");
	H2(26, "mul.f16x2 p, %1, %2;\nadd.f16x2 %0, p, %3;\n");
	H2(27, "mul.bf16x2 p, %1, %2;\nadd.bf16x2 %0, p, %3;\n");
	H2(28, "mul.f16x2 p, %1, %2;\nmul.f16x2 q, %3, %4;\nadd.f16x2 %0, p, q;\n");
	H(29, f16, "mul.f16 p, %1, %2;\nadd.f16 q, p, %3;\nadd.f16 %0, q, p;\n");
	H(30, f16, "mul.sat.f16 p, %1, %2;\nadd.f16 %0, p, %3;\n");
	F32(31, "mul.f32 p, %1, %2;\nadd.f32 q, p, %3;\nsub.f32 %0, %4, q;\n");
}

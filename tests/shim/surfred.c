/*
 * surfred.c -- sured beyond tests/tex/tex.cu's add, min and max of
 * 32-bit words: the formatted forms (sured.p of .b32: add, min, max, and,
 * or) on surfaces of u32, s32, f32, u8x4 and u16x2 texels, with the
 * first coordinate an element (x) or a byte (4x) index, and the 64-bit
 * forms of sured.b (add.u64, min.s64, max.u64) on u32x2 texels.  Lanes 0
 * to 7 each reduce one value into row 1 of an 8x4 surface of known
 * texels (.zero: an access outside drops); a line a kernel and surface,
 * the texels after, as an H200 left them (surfred.gpu).
 */
#include "shimtest.h"

#define K(name, op, x, val) \
	".visible .entry " name "(.param .u64 s)\n{\n" \
	"\t.reg .pred %p; .reg .u32 %r<6>; .reg .u64 %rd<4>;\n" \
	"\tld.param.u64 %rd1, [s]; mov.u32 %r1, %tid.x; mov.u32 %r5, 1;\n" \
	"\t" x ";\n\t" val ";\n\t" op ";\n\tret;\n}\n"
#define X1 "mov.u32 %r2, %r1"
#define X4 "shl.b32 %r2, %r1, 2"
#define X8 "shl.b32 %r2, %r1, 3"
/* values: 3 lane + 1; alternating signs; bit patterns */
#define VADD "mad.lo.u32 %r3, %r1, 3, 1"
#define VSGN "and.b32 %r4, %r1, 1; mul.lo.u32 %r3, %r1, 1000; sub.u32 %r3, 77, %r3; setp.eq.u32 %p, %r4, 0; @%p add.u32 %r3, %r3, 0x7ffffff0"
#define VBIT "mul.lo.u32 %r3, %r1, 0x01020409; xor.b32 %r3, %r3, 0xf0f00ff0"
#define V64 "cvt.u64.u32 %rd2, %r1; mul.lo.u64 %rd2, %rd2, 0x180000001; sub.u64 %rd2, 0x100000000, %rd2"

#define HDR ".version 8.1\n.target sm_90\n.address_size 64\n"
/* a module a kernel: a driver that refuses one form refuses only it */
static const struct { const char *name, *ptx; } kern[] = {
	{ "padd", HDR K("padd", "sured.p.add.2d.b32.zero [%rd1, {%r2, %r5}], %r3", X1, VADD) },
	{ "padd4", HDR K("padd4", "sured.p.add.2d.b32.zero [%rd1, {%r2, %r5}], %r3", X4, VADD) },
	{ "pmin", HDR K("pmin", "sured.p.min.2d.b32.zero [%rd1, {%r2, %r5}], %r3", X1, VSGN) },
	{ "pmax", HDR K("pmax", "sured.p.max.2d.b32.zero [%rd1, {%r2, %r5}], %r3", X1, VSGN) },
	{ "pand", HDR K("pand", "sured.p.and.2d.b32.zero [%rd1, {%r2, %r5}], %r3", X1, VBIT) },
	{ "por", HDR K("por", "sured.p.or.2d.b32.zero [%rd1, {%r2, %r5}], %r3", X1, VBIT) },
	{ "badd64", HDR K("badd64", "sured.b.add.2d.u64.zero [%rd1, {%r2, %r5}], %rd2", X8, V64) },
	{ "bmin64", HDR K("bmin64", "sured.b.min.2d.s64.zero [%rd1, {%r2, %r5}], %rd2", X8, V64) },
	{ "bmax64", HDR K("bmax64", "sured.b.max.2d.u64.zero [%rd1, {%r2, %r5}], %rd2", X8, V64) },
};

/* the surfaces: format, channels */
static const struct { const char *name; CUarray_format f; unsigned ch; } surf[] = {
	{ "u32", CU_AD_FORMAT_UNSIGNED_INT32, 1 }, { "s32", CU_AD_FORMAT_SIGNED_INT32, 1 },
	{ "f32", CU_AD_FORMAT_FLOAT, 1 }, { "u8x4", CU_AD_FORMAT_UNSIGNED_INT8, 4 },
	{ "u16x2", CU_AD_FORMAT_UNSIGNED_INT16, 2 }, { "u32x2", CU_AD_FORMAT_UNSIGNED_INT32, 2 },
};

int
main(void)
{
	CUmodule mod[sizeof kern / sizeof kern[0]];
	CUresult lr[sizeof kern / sizeof kern[0]];

	primary_ctx();
	for (unsigned ki = 0; ki < sizeof kern / sizeof kern[0]; ki++)
		lr[ki] = cuModuleLoadData(&mod[ki], kern[ki].ptx);
	for (unsigned si = 0; si < sizeof surf / sizeof surf[0]; si++) {
		int wide = surf[si].ch == 2 && surf[si].f == CU_AD_FORMAT_UNSIGNED_INT32;
		unsigned tb = wide ? 8 : 4;
		for (unsigned ki = wide ? 6 : 0; ki < (wide ? 9u : 6u); ki++) {
			CUDA_ARRAY_DESCRIPTOR ad = { 8, 4, surf[si].f, surf[si].ch };
			CUDA_RESOURCE_DESC rd;
			CUDA_MEMCPY2D c;
			CUarray a;
			CUsurfObject s;
			CUfunction f;
			uint32_t h[64];
			void *args[] = { &s };
			if (lr[ki] != CUDA_SUCCESS) {
				printf("%s %s: module %s\n", kern[ki].name, surf[si].name, ename(lr[ki]));
				continue;
			}
			for (unsigned i = 0; i < 64; i++)   /* words of either sign, floats of small magnitude */
				h[i] = surf[si].f == CU_AD_FORMAT_FLOAT ? 0x3f000000u + i * 0x00400000u : 0x40000000u * (i % 4) + i * 0x01010101u;
			CK(cuArrayCreate(&a, &ad));
			memset(&c, 0, sizeof c);
			c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = h, c.srcPitch = 8 * tb;
			c.dstMemoryType = CU_MEMORYTYPE_ARRAY, c.dstArray = a, c.WidthInBytes = 8 * tb, c.Height = 4;
			CK(cuMemcpy2D(&c));
			memset(&rd, 0, sizeof rd);
			rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = a;
			CK(cuSurfObjectCreate(&s, &rd));
			CK(cuModuleGetFunction(&f, mod[ki], kern[ki].name));
			CK(cuLaunchKernel(f, 1, 1, 1, 8, 1, 1, 0, NULL, args, NULL));
			CK(cuCtxSynchronize());
			memset(&c, 0, sizeof c);
			c.srcMemoryType = CU_MEMORYTYPE_ARRAY, c.srcArray = a;
			c.dstMemoryType = CU_MEMORYTYPE_HOST, c.dstHost = h, c.dstPitch = 8 * tb, c.WidthInBytes = 8 * tb, c.Height = 4;
			CK(cuMemcpy2D(&c));
			printf("%s %s:", kern[ki].name, surf[si].name);
			for (unsigned i = 0; i < 4 * tb; i++)   /* rows 0 and 1: 8 texels of tb bytes each */
				printf(" %08x", h[i]);
			printf("\n");
			cuSurfObjectDestroy(s);
			cuArrayDestroy(a);
		}
	}
	printf("done\n");
	return 0;
}

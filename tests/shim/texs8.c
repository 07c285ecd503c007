/*
 * texs8.c -- every pair of s8 texels under every 8-bit weight: a 512 x
 * 256 array of s8 texels whose row a holds the pairs (a, b) at columns
 * 2b and 2b + 1, filtered linearly and read as normalized floats at x =
 * 2b + 1/2 + w/256, y = a + 1/2 (texel coordinates, clamped), a launch of
 * 65536 lanes each weight w from 0 to 255.  One line: how many of the
 * 16,777,216 results differ from interp/texfilt.c's rule, how many from
 * the old rule (the same with the exact 32767/32766 for 33025/33024), the
 * FNV-1a hash of every result's bytes, weight by weight (texs8.gpu, the
 * line an H200 printed for the same sweep through the runtime API:
 * cudaMallocArray, tex2D<float> at the same coordinates).
 */
#include "shimtest.h"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry pairs(.param .u64 t, .param .f32 w, .param .u64 o)\n{\n"
	"\t.reg .u32 %r<6>; .reg .f32 %f<9>; .reg .u64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [t]; ld.param.f32 %f1, [w]; ld.param.u64 %rd2, [o];\n"
	"\tmov.u32 %r1, %ctaid.x; mov.u32 %r2, %ntid.x; mov.u32 %r3, %tid.x; mad.lo.u32 %r1, %r1, %r2, %r3;\n"
	"\tshr.u32 %r4, %r1, 8; and.b32 %r5, %r1, 255; shl.b32 %r5, %r5, 1;\n"
	"\tcvt.rn.f32.u32 %f2, %r5; add.f32 %f2, %f2, 0f3F000000; add.f32 %f2, %f2, %f1;\n"
	"\tcvt.rn.f32.u32 %f3, %r4; add.f32 %f3, %f3, 0f3F000000;\n"
	"\ttex.2d.v4.f32.f32 {%f5, %f6, %f7, %f8}, [%rd1, {%f2, %f3}];\n"
	"\tmul.wide.u32 %rd3, %r1, 4; add.u64 %rd3, %rd2, %rd3; st.global.f32 [%rd3], %f5;\n"
	"\tret;\n}\n";

static long long
floordiv(long long a, long long b)
{
	long long q = a / b;
	return q * b != a && (a < 0) != (b < 0) ? q - 1 : q;
}

/* the pair's result in 32767ths: its sum of codes times 258, 3 fractional
 * bits, rounded down, then scaled by num/den and rounded half up */
static float
rule(int a, int b, int w, long long num, long long den)
{
	long long f = floordiv(((long long)(256 - w) * a + (long long)w * b) * 258, 32);
	long long q = floordiv(f * 2 * num + 8 * den, 16 * den);
	return (float)(q < -32767 ? -32767 : q) / 32767.0f;
}

int
main(void)
{
	static int8_t tx[256][512];
	static float o[65536];
	CUDA_ARRAY_DESCRIPTOR ad = { 512, 256, CU_AD_FORMAT_SIGNED_INT8, 1 };
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUDA_MEMCPY2D cp;
	CUmodule mod;
	CUfunction f;
	CUarray arr;
	CUtexObject t;
	CUdeviceptr dout;
	unsigned long long h = 1469598103934665603ull;
	unsigned nrule = 0, nold = 0;

	primary_ctx();
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&f, mod, "pairs"));
	for (int a = 0; a < 256; a++)
		for (int b = 0; b < 256; b++)
			tx[a][2 * b] = (int8_t)a, tx[a][2 * b + 1] = (int8_t)b;
	CK(cuArrayCreate(&arr, &ad));
	memset(&cp, 0, sizeof cp);
	cp.srcMemoryType = CU_MEMORYTYPE_HOST, cp.srcHost = tx, cp.srcPitch = 512;
	cp.dstMemoryType = CU_MEMORYTYPE_ARRAY, cp.dstArray = arr, cp.WidthInBytes = 512, cp.Height = 256;
	CK(cuMemcpy2D(&cp));
	memset(&rd, 0, sizeof rd);
	memset(&td, 0, sizeof td);
	rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = arr;
	td.addressMode[0] = td.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
	td.filterMode = CU_TR_FILTER_MODE_LINEAR;
	CK(cuTexObjectCreate(&t, &rd, &td, NULL));
	CK(cuMemAlloc(&dout, sizeof o));
	for (int w = 0; w < 256; w++) {
		float wf = (float)w / 256.0f;
		void *args[] = { &t, &wf, &dout };
		const unsigned char *p = (const unsigned char *)o;
		CK(cuLaunchKernel(f, 256, 1, 1, 256, 1, 1, 0, NULL, args, NULL));
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(o, dout, sizeof o));
		for (int i = 0; i < 65536; i++) {
			int a = (int8_t)(i >> 8), b = (int8_t)(i & 255);
			nrule += o[i] != rule(a, b, w, 33025, 33024);
			nold += o[i] != rule(a, b, w, 32767, 32766);
		}
		for (size_t i = 0; i < sizeof o; i++)
			h = (h ^ p[i]) * 1099511628211ull;
	}
	printf("s8 normalized-float: 16777216 lanes, %u differ from the rule, %u from the old rule, fnv64 %016llx\n",
	    nrule, nold, h);
	cuTexObjectDestroy(t);
	cuArrayDestroy(arr);
	cuMemFree(dout);
	return 0;
}

/*
 * bc6.c -- the texture pipe's sectors of BC6H and BC7 arrays: one launch
 * for each of 16 lane patterns (one to four lanes of a warp at chosen
 * texels: in one block along a row, down a column, as a 2x2 quad, in
 * blocks side by side or rows of blocks apart; linear filtering at block
 * edges and corners), point and linear, over an 8 x 8 block array of
 * pseudo-random blocks.  Prints a line a launch; bc6.ncu holds ncu's
 * counters of the same run on an H200, which tests/shim.test compares with
 * the shim's (interp/tex.c, passes(): BC6H takes two lanes a pass).
 */
#include <cuda.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#define CK(x) do { CUresult r_ = (x); if (r_) { printf("%s: %d\n", #x, (int)r_); return 1; } } while (0)
#define KERN(name, ty) \
	".visible .entry " name "(.param .u64 t, .param .u64 c, .param .u64 o, .param .u32 n)\n{\n" \
	"\t.reg .pred %p; .reg .u32 %r<3>; .reg ." ty " %v<5>; .reg .f32 %f<3>; .reg .u64 %rd<8>;\n" \
	"\tld.param.u64 %rd1, [t];\n\tld.param.u64 %rd2, [c];\n\tld.param.u64 %rd3, [o];\n" \
	"\tld.param.u32 %r2, [n];\n\tmov.u32 %r1, %tid.x;\n\tsetp.ge.u32 %p, %r1, %r2;\n\t@%p ret;\n" \
	"\tmul.wide.u32 %rd4, %r1, 8;\n\tadd.u64 %rd5, %rd2, %rd4;\n" \
	"\tld.global.v2.f32 {%f1, %f2}, [%rd5];\n" \
	"\ttex.2d.v4." ty ".f32 {%v1, %v2, %v3, %v4}, [%rd1, {%f1, %f2}];\n" \
	"\tmul.wide.u32 %rd6, %r1, 16;\n\tadd.u64 %rd7, %rd3, %rd6;\n" \
	"\tst.global.v4." ty " [%rd7], {%v1, %v2, %v3, %v4};\n\tret;\n}\n"
static const char ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n" KERN("kf", "f32");
static CUfunction kf;
static CUdeviceptr dc, dout;
static int
run(CUtexObject t, const float *c, unsigned n)
{
	void *args[] = { &t, &dc, &dout, &n };
	CK(cuMemcpyHtoD(dc, c, (size_t)n * 8));
	CK(cuLaunchKernel(kf, 1, 1, 1, 32, 1, 1, 0, NULL, args, NULL));
	CK(cuCtxSynchronize());
	return 0;
}
int
main(void)
{
	CUdevice d; CUcontext cx; CUmodule m;
	static unsigned char blk[8 * 8 * 16];
	uint32_t s = 12345;
	CK(cuInit(0)); CK(cuDeviceGet(&d, 0)); CK(cuDevicePrimaryCtxRetain(&cx, d)); CK(cuCtxSetCurrent(cx));
	CK(cuModuleLoadData(&m, ptx)); CK(cuModuleGetFunction(&kf, m, "kf"));
	CK(cuMemAlloc(&dc, 32 * 8)); CK(cuMemAlloc(&dout, 32 * 16));
	for (size_t i = 0; i < sizeof blk; i++) s ^= s << 13, s ^= s >> 17, s ^= s << 5, blk[i] = (unsigned char)s;
	int fmts[2] = { 0x9b, 0x9d };
	for (int fi = 0; fi < 2; fi++) {
		CUDA_ARRAY3D_DESCRIPTOR ad; CUarray a; CUDA_MEMCPY2D cp; CUDA_RESOURCE_DESC rd; CUDA_TEXTURE_DESC td;
		memset(&ad, 0, sizeof ad); ad.Width = 32; ad.Height = 32; ad.Format = fmts[fi]; ad.NumChannels = fi ? 4 : 3;
		CK(cuArray3DCreate(&a, &ad));
		memset(&cp, 0, sizeof cp); cp.srcMemoryType = CU_MEMORYTYPE_HOST; cp.srcHost = blk; cp.srcPitch = 8 * 16;
		cp.dstMemoryType = CU_MEMORYTYPE_ARRAY; cp.dstArray = a; cp.WidthInBytes = 8 * 16; cp.Height = 8;
		CK(cuMemcpy2D(&cp));
		for (int lin = 0; lin < 2; lin++) {
			CUtexObject t;
			memset(&rd, 0, sizeof rd); memset(&td, 0, sizeof td);
			rd.resType = CU_RESOURCE_TYPE_ARRAY; rd.res.array.hArray = a;
			td.addressMode[0] = td.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
			td.filterMode = lin ? CU_TR_FILTER_MODE_LINEAR : CU_TR_FILTER_MODE_POINT;
			CK(cuTexObjectCreate(&t, &rd, &td, NULL));
			/* patterns: (x, y) texel coordinates of up to 4 lanes */
			static const float pat[][9] = {
				{ 1, 0.5f, 0.5f },
				{ 1, 2.5f, 2.5f },
				{ 4, 0.5f, 0.5f, 1.5f, 0.5f, 2.5f, 0.5f, 3.5f, 0.5f },
				{ 4, 0.5f, 0.5f, 1.5f, 0.5f, 0.5f, 1.5f, 1.5f, 1.5f },
				{ 4, 0.5f, 0.5f, 0.5f, 1.5f, 0.5f, 2.5f, 0.5f, 3.5f },
				{ 2, 0.5f, 0.5f, 4.5f, 0.5f },
				{ 2, 0.5f, 0.5f, 0.5f, 4.5f },
				{ 2, 0.5f, 0.5f, 0.5f, 8.5f },
				{ 2, 0.5f, 0.5f, 8.5f, 0.5f },
				{ 1, 2.0f, 2.0f },
				{ 1, 4.0f, 2.0f },
				{ 1, 2.0f, 4.0f },
				{ 1, 4.0f, 4.0f },
				{ 1, 6.5f, 9.5f },
				{ 2, 0.5f, 0.5f, 0.5f, 2.5f },
				{ 2, 0.5f, 0.5f, 2.5f, 0.5f },
			};
			for (size_t p = 0; p < sizeof pat / sizeof pat[0]; p++) {
				float c[8];
				unsigned n = (unsigned)pat[p][0];
				memcpy(c, &pat[p][1], n * 8);
				printf("launch %s %s pattern %zu\n", fi ? "BC7" : "BC6H", lin ? "linear" : "point", p);
				if (run(t, c, n)) return 1;
			}
		}
	}
	printf("done\n");
	return 0;
}

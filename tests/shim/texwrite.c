/*
 * texwrite.c -- a CUDA array bound both as a texture object and as a
 * surface object, read by tex and written by sust in one kernel, under
 * memcheck (PTXKIT_CHECK=memcheck): the texture cache is not coherent
 * with the kernel's own stores, so a fetch of texels the launch wrote
 * may see either value, and a store to texels a fetch of the launch read
 * may leave the cache stale; and sust.b.trap past a row's end faults.
 * A 32 x 8 array of u32 texels, a warp: lane i at texel (i, 7).
 *
 *	texwrite MODE   0: tex alone (clean)
 *	                1: sust, then tex of the texel written (tex-of-written)
 *	                2: tex, then sust into the texel read (store-to-nc-loaded)
 *	                3: sust.b.trap 64 texels past the row (a fault:
 *	                   CUDA_ERROR_ILLEGAL_ADDRESS, as on an H200,
 *	                   tests/check/mem_surf_trap.ptx)
 *	                4: sust.b.clamp there instead (the row's last
 *	                   texel: no fault; lane 31 then fetches that
 *	                   texel, tex-of-written)
 *
 * Prints the launch's and the synchronize's results and lanes 0 and 31's
 * words read; shim.test checks memcheck's reports.
 */
#include "shimtest.h"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry k(.param .u64 t, .param .u64 s, .param .u64 o, .param .u32 mode)\n{\n"
	"\t.reg .u32 %r<10>; .reg .f32 %f<3>; .reg .u64 %rd<5>; .reg .pred %p<5>;\n"
	"\tld.param.u64 %rd1, [t]; ld.param.u64 %rd2, [s]; ld.param.u64 %rd3, [o]; ld.param.u32 %r9, [mode];\n"
	"\tmov.u32 %r1, %tid.x; shl.b32 %r2, %r1, 2; mov.u32 %r3, 7; add.u32 %r8, %r2, 256;\n"
	"\tsetp.eq.u32 %p1, %r9, 1; setp.eq.u32 %p2, %r9, 2; setp.eq.u32 %p3, %r9, 3; setp.eq.u32 %p4, %r9, 4;\n"
	"\t@%p1 sust.b.2d.b32.trap [%rd2, {%r2, %r3}], {%r1};\n"
	"\t@%p3 sust.b.2d.b32.trap [%rd2, {%r8, %r3}], {%r1};\n"
	"\t@%p4 sust.b.2d.b32.clamp [%rd2, {%r8, %r3}], {%r1};\n"
	"\tcvt.rn.f32.u32 %f1, %r1; add.f32 %f1, %f1, 0f3F000000; mov.f32 %f2, 0f40F00000;\n"
	"\ttex.2d.v4.u32.f32 {%r4, %r5, %r6, %r7}, [%rd1, {%f1, %f2}];\n"
	"\t@%p2 sust.b.2d.b32.trap [%rd2, {%r2, %r3}], {%r1};\n"
	"\tmul.wide.u32 %rd4, %r1, 4; add.u64 %rd4, %rd3, %rd4; st.global.u32 [%rd4], %r4;\n\tret;\n}\n";

int
main(int argc, char **argv)
{
	unsigned mode = argc > 1 ? (unsigned)atoi(argv[1]) : 0;
	static uint32_t init[32 * 8], out[32];
	CUmodule m;
	CUfunction f;
	CUarray a;
	CUtexObject t;
	CUsurfObject s;
	CUdeviceptr o;
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUDA_MEMCPY2D cp;
	CUresult r, rs;
	void *args[4];

	primary_ctx();
	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&f, m, "k"));
	memset(&ad, 0, sizeof ad);
	ad.Width = 32, ad.Height = 8, ad.Format = CU_AD_FORMAT_UNSIGNED_INT32, ad.NumChannels = 1;
	ad.Flags = CUDA_ARRAY3D_SURFACE_LDST;
	CK(cuArray3DCreate(&a, &ad));
	for (unsigned i = 0; i < 32 * 8; i++)
		init[i] = 1000 + i;
	memset(&cp, 0, sizeof cp);
	cp.srcMemoryType = CU_MEMORYTYPE_HOST, cp.srcHost = init, cp.srcPitch = 32 * 4;
	cp.dstMemoryType = CU_MEMORYTYPE_ARRAY, cp.dstArray = a, cp.WidthInBytes = 32 * 4, cp.Height = 8;
	CK(cuMemcpy2D(&cp));
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_ARRAY, rd.res.array.hArray = a;
	memset(&td, 0, sizeof td);
	td.flags = CU_TRSF_READ_AS_INTEGER;
	CK(cuTexObjectCreate(&t, &rd, &td, NULL));
	CK(cuSurfObjectCreate(&s, &rd));
	CK(cuMemAlloc(&o, sizeof out));
	CK(cuMemsetD32(o, 0, 32));
	args[0] = &t, args[1] = &s, args[2] = &o, args[3] = &mode;
	r = cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, args, NULL);
	rs = cuCtxSynchronize();
	printf("mode %u: launch %s, synchronize %s\n", mode, ename(r), ename(rs));
	if (rs == CUDA_SUCCESS) {
		CK(cuMemcpyDtoH(out, o, sizeof out));
		printf("lane 0 read %u, lane 31 %u\n", out[0], out[31]);
	}
	return 0;
}

/*
 * tmapsplit.c -- a tensor map in global memory whose 128 bytes straddle
 * two allocations.  Two 512-byte cuMemAllocs lie side by side in one
 * chunk, as a GPU's driver places them, so a map 64 bytes below the end
 * of the first has its second half in the second: every access to it
 * goes to the allocation that holds its bytes, and none past the first
 * allocation's own memory (the interpreter once read and wrote the 128
 * bytes through the first half's pointer, past the end of its host
 * block).
 *
 *   load      a 1D map made by cuTensorMapEncodeTiled, its halves copied
 *             into place, read by a tensor copy of 16 words
 *   replace   tensormap.replace of fields in each half
 *   copy      tensormap.cp_fenceproxy of a map from shared memory
 *
 * One line each, tmapsplit.out.
 */
#include "shimtest.h"

static const char ptx[] =
	".version 8.3\n.target sm_90a\n.address_size 64\n"
	/* load(map, out): out[0..15] = the map's box at 0 */
	".visible .entry load(.param .u64 map, .param .u64 out)\n{\n"
	"\t.reg .pred %p<2>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<8>;\n"
	"\t.shared .align 128 .b8 buf[64];\n\t.shared .align 8 .b64 bar;\n"
	"\tld.param.u64 %rd1, [map];\n\tld.param.u64 %rd2, [out];\n"
	"\tmov.u32 %r1, buf;\n\tmov.u32 %r2, bar;\n\tmov.u32 %r3, 0;\n"
	"\tmbarrier.init.shared::cta.b64 [%r2], 1;\n"
	"\tmbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [%r2], 64;\n"
	"\tcp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r3}], [%r2];\n"
	"SPIN:\n\tmbarrier.try_wait.parity.shared::cta.b64 %p1, [%r2], 0;\n\t@!%p1 bra SPIN;\n"
	"\tld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [buf];\n\tst.global.v4.u32 [%rd2], {%r4, %r5, %r6, %r7};\n"
	"\tld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [buf+16];\n\tst.global.v4.u32 [%rd2+16], {%r4, %r5, %r6, %r7};\n"
	"\tld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [buf+32];\n\tst.global.v4.u32 [%rd2+32], {%r4, %r5, %r6, %r7};\n"
	"\tld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [buf+48];\n\tst.global.v4.u32 [%rd2+48], {%r4, %r5, %r6, %r7};\n"
	"\tret;\n}\n"
	/* replace(map): a field of each half */
	".visible .entry replace(.param .u64 map)\n{\n\t.reg .b64 %rd<2>;\n"
	"\tld.param.u64 %rd1, [map];\n"
	"\ttensormap.replace.tile.global_address.global.b1024.b64 [%rd1], 0x1122334455667700;\n"
	"\ttensormap.replace.tile.box_dim.global.b1024.b32 [%rd1], 3, 0x4142;\n"
	"\ttensormap.replace.tile.element_stride.global.b1024.b32 [%rd1], 4, 0x43;\n"
	"\ttensormap.replace.tile.elemtype.global.b1024.b32 [%rd1], 0x44;\n"
	"\tret;\n}\n"
	/* copy(map): 128 bytes of i * 3 from shared memory over the map */
	".visible .entry copy(.param .u64 map)\n{\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<2>;\n\t.reg .pred %p;\n"
	"\t.shared .align 128 .b8 src[128];\n"
	"\tld.param.u64 %rd1, [map];\n\tmov.u32 %r1, 0;\n\tmov.u32 %r3, src;\n"
	"FILL:\n\tmul.lo.u32 %r2, %r1, 3;\n\tadd.u32 %r4, %r3, %r1;\n\tst.shared.u8 [%r4], %r2;\n"
	"\tadd.u32 %r1, %r1, 1;\n\tsetp.lt.u32 %p, %r1, 128;\n\t@%p bra FILL;\n"
	"\ttensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%rd1], [%r3], 128;\n"
	"\tret;\n}\n";

static CUdeviceptr a, b, at;

static void
run(CUfunction f, void **args)
{
	CK(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL));
	CK(cuCtxSynchronize());
}

int
main(void)
{
	CUmodule m;
	CUfunction fl, fr, fc;
	CUdeviceptr t, out;
	CUtensorMap map __attribute__((aligned(64)));
	uint32_t words[16], got[16];
	uint8_t lo[512], hi[512];
	cuuint64_t dim[1] = { 16 };
	cuuint32_t box[1] = { 16 }, es[1] = { 1 };
	int ok = 1;

	primary_ctx();
	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&fl, m, "load"));
	CK(cuModuleGetFunction(&fr, m, "replace"));
	CK(cuModuleGetFunction(&fc, m, "copy"));
	CK(cuMemAlloc(&a, 512));
	CK(cuMemAlloc(&b, 512));
	if (b != a + 512) {
		printf("the allocations are not side by side\n");
		return 1;
	}
	at = a + 512 - 64;

	/* load */
	for (int i = 0; i < 16; i++)
		words[i] = 0x1000u + (uint32_t)i;
	CK(cuMemAlloc(&t, sizeof words));
	CK(cuMemAlloc(&out, sizeof got));
	CK(cuMemcpyHtoD(t, words, sizeof words));
	CK(cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_UINT32, 1, (void *)(uintptr_t)t, dim, NULL, box, es,
	    CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE,
	    CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
	CK(cuMemcpyHtoD(at, &map, 64));   /* a copy stays inside one allocation */
	CK(cuMemcpyHtoD(b, (char *)&map + 64, 64));
	run(fl, (void *[]){ &at, &out });
	CK(cuMemcpyDtoH(got, out, sizeof got));
	printf("load: the box %s\n", memcmp(got, words, sizeof got) ? "DIFFERS" : "is the tensor's");

	/* replace: the address in the first allocation, the rest in the second */
	CK(cuMemsetD8(a, 0, 512));
	CK(cuMemsetD8(b, 0, 512));
	run(fr, (void *[]){ &at });
	CK(cuMemcpyDtoH(lo, a, 512));
	CK(cuMemcpyDtoH(hi, b, 512));
	printf("replace: address %02x%02x..%02x in the first, box %02x%02x, stride %02x, type %02x in the second\n",
	    lo[455], lo[454], lo[448], hi[87 - 64], hi[86 - 64], hi[94 - 64], hi[96 - 64]);

	/* copy */
	run(fc, (void *[]){ &at });
	CK(cuMemcpyDtoH(lo, a, 512));
	CK(cuMemcpyDtoH(hi, b, 512));
	for (int i = 0; i < 64; i++)
		ok &= lo[448 + i] == (uint8_t)(i * 3) && hi[i] == (uint8_t)((64 + i) * 3);
	printf("copy: the map's bytes %s\n", ok ? "are the source's" : "DIFFER");
	return 0;
}

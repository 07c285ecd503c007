/*
 * tmaodd.c -- tensor operations that tmarand.c leaves out, through an
 * interleaved im2col map (cuTensorMapEncodeIm2col with a 32-byte
 * interleave), a plain im2col map of the same tensor, both again with a
 * bounding box that pads nothing, and a wide one
 * (cuTensorMapEncodeIm2colWide): L2 prefetches with the first pixel
 * inside and outside the bounding box, reductions (.add) and stores in
 * im2col_no_offs mode, loads that tell the mbarrier the pixels' units
 * and fewer bytes (the pixels' channels), im2col loads and a store
 * through the wide map and a tiled load through an im2col map.  A line a
 * case: its name, the encode's and the launch's answers, for loads
 * whether the phase completed and a hash of the shared memory, and a
 * hash of the tensor.  Each case runs in a process of its own (a copy
 * the GPU stops the kernel over loses the context).
 *
 *	tmaodd [CASE]
 *
 * TMAODD_DUMP set: a load's first 1024 bytes of shared memory too.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cuda.h>
#include "shimtest.h"

enum { NTHR = 128, PIX = 16, SMEM = 4096 };

static const struct {
	const char *name;
	int map;           /* through the plain (0), interleaved (1) or wide (2) map, or
	                    * a plain (3) or interleaved (4) one whose box pads nothing */
	const char *op;    /* the copy, its map %rd2 and shared address %r9 */
	unsigned tx;       /* a load's expected bytes (0: not a load) */
} cases[] = {
	{ "pf-il-in", 1, "cp.async.bulk.prefetch.tensor.4d.L2.global.im2col [%rd2, {0, 1, 1, 1}], {%h0, %h0}", 0 },
	{ "pf-il-out", 1, "cp.async.bulk.prefetch.tensor.4d.L2.global.im2col [%rd2, {40, 1, 1, 1}], {%h0, %h0}", 0 },
	{ "pf-in", 0, "cp.async.bulk.prefetch.tensor.4d.L2.global.im2col [%rd2, {0, 1, 1, 1}], {%h0, %h0}", 0 },
	{ "pf-out", 0, "cp.async.bulk.prefetch.tensor.4d.L2.global.im2col [%rd2, {0, 40, 1, 1}], {%h0, %h0}", 0 },
	{ "rd-il", 1, "cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.im2col_no_offs.bulk_group "
	    "[%rd2, {0, 1, 1, 1}], [%r9]", 0 },
	{ "rd", 0, "cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.im2col_no_offs.bulk_group "
	    "[%rd2, {0, 1, 1, 1}], [%r9]", 0 },
	{ "ld-il-units", 1, "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes "
	    "[%r9], [%rd2, {0, 1, 1, 1}], [%r10], {%h0, %h0}", PIX * 32 },
	{ "ld-il-channels", 1, "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes "
	    "[%r9], [%rd2, {0, 1, 1, 1}], [%r10], {%h0, %h0}", PIX * 8 * 2 },
	{ "ld-il-last", 1, "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes "
	    "[%r9], [%rd2, {2, 1, 1, 1}], [%r10], {%h0, %h0}", PIX * 32 },
	{ "ld", 0, "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes "
	    "[%r9], [%rd2, {0, 1, 1, 1}], [%r10], {%h0, %h0}", PIX * 16 * 2 },
	{ "ld-wide", 2, "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes "
	    "[%r9], [%rd2, {0, 1, 1, 1}], [%r10], {%h0, %h0}", PIX * 16 * 2 },
	{ "rd-nopad", 3, "cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.im2col_no_offs.bulk_group "
	    "[%rd2, {0, 1, 1, 1}], [%r9]", 0 },
	{ "rd-il-nopad", 4, "cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.im2col_no_offs.bulk_group "
	    "[%rd2, {0, 1, 1, 1}], [%r9]", 0 },
	{ "st-nopad", 3, "cp.async.bulk.tensor.4d.global.shared::cta.im2col_no_offs.bulk_group "
	    "[%rd2, {0, 1, 1, 1}], [%r9]", 0 },
	{ "st-il-nopad", 4, "cp.async.bulk.tensor.4d.global.shared::cta.im2col_no_offs.bulk_group "
	    "[%rd2, {0, 1, 1, 1}], [%r9]", 0 },
	{ "st-il-nopad-out", 4, "cp.async.bulk.tensor.4d.global.shared::cta.im2col_no_offs.bulk_group "
	    "[%rd2, {20, 1, 1, 1}], [%r9]", 0 },
	{ "pf-il-nopad-out", 4, "cp.async.bulk.prefetch.tensor.4d.L2.global.im2col [%rd2, {20, 1, 1, 1}], {%h0, %h0}", 0 },
	{ "ld-wide-offs", 2, "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes "
	    "[%r9], [%rd2, {0, -1, 2, 1}], [%r10], {%h1, %h2}", PIX * 16 * 2 },
	{ "ld-wide-out", 2, "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes "
	    "[%r9], [%rd2, {0, 1, 4, 1}], [%r10], {%h0, %h0}", PIX * 16 * 2 },
	{ "st-wide", 2, "cp.async.bulk.tensor.4d.global.shared::cta.im2col_no_offs.bulk_group "
	    "[%rd2, {0, 1, 1, 1}], [%r9]", 0 },
	{ "ld-tile", 0, "cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
	    "[%r9], [%rd2, {0, 1, 1, 1}], [%r10]", PIX * 16 * 2 },
};

/* kernel k(map, out, tx): shared memory filled with 0xa5, thread 0 issues
 * the copy (a load waits for tx bytes, bounded: 0xdeadbeef after out's
 * SMEM bytes where its phase does not complete); out gets the shared memory */
static void
kernel(char *p, size_t n, const char *op, int load)
{
	snprintf(p, n, ".version 8.0\n.target sm_90a\n.address_size 64\n.extern .shared .align 1024 .b8 smem[];\n"
	    ".visible .entry k(.param .align 64 .b8 map[128], .param .u64 out_p, .param .u32 tx_p)\n{\n"
	    "\t.reg .pred %%p<8>;\n\t.reg .b32 %%r<40>;\n\t.reg .b64 %%rd<16>;\n\t.reg .b16 %%h<4>;\n"
	    "\t.shared .align 8 .b64 bar;\n"
	    "\tld.param.u64 %%rd1, [out_p];\n\tcvta.to.global.u64 %%rd1, %%rd1;\n\tld.param.u32 %%r7, [tx_p];\n"
	    "\tmov.u16 %%h0, 0;\n\tmov.u16 %%h1, 1;\n\tmov.u16 %%h2, 2;\n"
	    "\tmov.u32 %%r9, smem;\n\tadd.u32 %%r9, %%r9, 1023;\n\tand.b32 %%r9, %%r9, -1024;\n"
	    "\tmov.u32 %%r10, bar;\n\tmov.b64 %%rd2, map;\n\tcvta.param.u64 %%rd2, %%rd2;\n"
	    "\tmov.u32 %%r11, %%tid.x;\n\tmov.u32 %%r13, %%r11;\n"
	    "FILL:\n\tshl.b32 %%r14, %%r13, 2;\n\tsetp.ge.u32 %%p5, %%r14, %d;\n\t@%%p5 bra FILLED;\n"
	    "\tadd.s32 %%r15, %%r9, %%r14;\n\tst.shared.u32 [%%r15], 0xa5a5a5a5;\n"
	    "\tadd.s32 %%r13, %%r13, %d;\n\tbra.uni FILL;\nFILLED:\n"
	    "\tfence.proxy.async.shared::cta;\n\tbar.sync 0;\n\tsetp.ne.u32 %%p1, %%r11, 0;\n\t@%%p1 bra WAIT;\n"
	    "%s"
	    "\t%s;\n"
	    "%s"
	    "WAIT:\n\tbar.sync 0;\n"
	    "%s"
	    "\tmov.u32 %%r13, %%r11;\nCOPY:\n\tshl.b32 %%r14, %%r13, 2;\n\tsetp.ge.u32 %%p5, %%r14, %d;\n"
	    "\t@%%p5 bra DONE;\n\tadd.s32 %%r15, %%r9, %%r14;\n\tld.shared.u32 %%r21, [%%r15];\n"
	    "\tcvt.u64.u32 %%rd4, %%r14;\n\tadd.s64 %%rd5, %%rd1, %%rd4;\n\tst.global.u32 [%%rd5], %%r21;\n"
	    "\tadd.s32 %%r13, %%r13, %d;\n\tbra.uni COPY;\nDONE:\n\tret;\n}\n",
	    SMEM, NTHR,
	    load ? "\tmbarrier.init.shared::cta.b64 [%r10], 1;\n\tfence.mbarrier_init.release.cluster;\n"
	    "\tmbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [%r10], %r7;\n" : "",
	    op,
	    load ? "" : "\tcp.async.bulk.commit_group;\n\tcp.async.bulk.wait_group 0;\n",
	    load ? "\tmov.u32 %r12, 0;\nSPIN:\n\tmbarrier.try_wait.parity.shared::cta.b64 %p3, [%r10], 0, 1000;\n"
	    "\tadd.s32 %r12, %r12, 1;\n\tsetp.gt.u32 %p4, %r12, 20000;\n\t@%p4 bra STUCK;\n"
	    "\t@!%p3 bra SPIN;\n\tbra.uni COPIES;\n"
	    "STUCK:\n\t@%p1 bra COPIES;\n\tst.global.u32 [%rd1+4096], 0xdeadbeef;\nCOPIES:\n" : "",
	    SMEM, NTHR);
}

static int
run(int c)
{
	static CUtensorMap map __attribute__((aligned(64)));
	static char ptx[8192];
	cuuint64_t dim[4] = { 16, 6, 4, 4 }, stride[3] = { 32, 192, 768 };
	cuuint32_t es[4] = { 1, 1, 1, 1 };
	int lo[2] = { -2, -1 }, hi[2] = { 0, 0 }, zero[2] = { 0, 0 }, il = cases[c].map == 1 || cases[c].map == 4;
	uint16_t host[1536];
	uint8_t out[SMEM + 4];
	CUdeviceptr t, o;
	CUmodule mod;
	CUfunction f;
	CUresult r;
	unsigned tx = cases[c].tx;
	uint32_t w;

	CK(cuInit(0));
	{
		CUdevice dev;
		CUcontext ctx;
		CK(cuDeviceGet(&dev, 0));
		CK(cuDevicePrimaryCtxRetain(&ctx, dev));
		CK(cuCtxSetCurrent(ctx));
	}
	for (int i = 0; i < 1536; i++)
		host[i] = (uint16_t)(i + 1);
	CK(cuMemAlloc(&t, sizeof host));
	CK(cuMemAlloc(&o, SMEM + 4));
	CK(cuMemcpyHtoD(t, host, sizeof host));
	CK(cuMemsetD8(o, 0, SMEM + 4));
	if (cases[c].map == 2)
		r = cuTensorMapEncodeIm2colWide(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, (void *)(uintptr_t)t, dim, stride,
		    -1, 0, 16, PIX, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_IM2COL_WIDE_MODE_W,
		    CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
	else
		r = cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, (void *)(uintptr_t)t, dim, stride,
		    cases[c].map > 2 ? zero : lo, cases[c].map > 2 ? zero : hi, il ? 8 : 16, PIX, es,
		    il ? CU_TENSOR_MAP_INTERLEAVE_32B : CU_TENSOR_MAP_INTERLEAVE_NONE,
		    il ? CU_TENSOR_MAP_SWIZZLE_32B : CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE,
		    CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
	printf("%s: encode %s", cases[c].name, ename(r));
	if (r) {
		printf("\n");
		return 0;
	}
	kernel(ptx, sizeof ptx, cases[c].op, tx != 0);
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&f, mod, "k"));
	CK(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, SMEM + 1024));
	void *args[] = { &map, &o, &tx };
	r = cuLaunchKernel(f, 1, 1, 1, NTHR, 1, 1, SMEM + 1024, NULL, args, NULL);
	if (!r)
		r = cuCtxSynchronize();
	printf(", launch %s", ename(r));
	if (r) {
		printf("\n");
		return 0;
	}
	CK(cuMemcpyDtoH(out, o, SMEM + 4));
	memcpy(&w, out + SMEM, 4);
	if (tx)
		printf(", %s, %016llx", w == 0xdeadbeef ? "stuck" : "complete", (unsigned long long)fnv64(out, SMEM));
	CK(cuMemcpyDtoH(host, t, sizeof host));
	printf(", tensor %016llx\n", (unsigned long long)fnv64(host, sizeof host));
	for (int i = 0; tx && getenv("TMAODD_DUMP") && i < 1024; i++)   /* a load's first bytes */
		printf("%02x%s", out[i], i % 64 == 63 ? "\n" : "");
	return 0;
}

int
main(int argc, char **argv)
{
	for (int c = 0; c < (int)(sizeof cases / sizeof cases[0]); c++) {
		pid_t p;
		int st;
		if (argc > 1 && strcmp(argv[1], cases[c].name))
			continue;
		fflush(stdout);
		if ((p = fork()) < 0)
			return 1;
		if (!p)
			return run(c);
		if (waitpid(p, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
			return 1;
	}
	return 0;
}

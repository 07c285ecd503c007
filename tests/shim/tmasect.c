/*
 * tmasect.c -- tensor loads through interleaved maps (im2col and tiled),
 * a launch each, for Nsight Compute's count of the global sectors the
 * copy engine reads (l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld,
 * tmasect.ncu: an H200's, recorded by tests/shim/ncu.sh with
 * NCU_METRICS=tma) and the bytes each load brings (tmasect.gpu).  Each
 * case is a map and a load as tests/shim/tmarand.c prints them (the
 * first six maps of its seed 9 with TMARAND_ILIC, whose loads an H200
 * completed, the others made for this: pixels inside and outside the
 * tensor, 16- and 32-byte units, element strides, swizzles), the tensor
 * each element its index + 1 as there.  A line a load: the
 * case, the bytes the mbarrier was told and a hash of the box's shared
 * memory ("stuck" where its phase did not complete).  A load the GPU
 * stops the kernel over ends the run (the context is lost).
 *
 *	tmasect [CASE...]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

static const char *const cases[] = {
	/* interleaved im2col maps (tmarand seed 9, TMARAND_ILIC) */
	"im2col bf16 r4 d=16,2,5,6 s=64,160,800 c8 p40 lo=1,-3 hi=4,-1 e=1,1,2,1 a32 i1 z0 f1 l0 @8,0,-8,0 o=0,3",
	"im2col bf16 r5 d=16,4,5,1,1 s=64,320,1600,1664 c8 p56 lo=0,-4,-2 hi=-1,2,-1 e=1,1,1,1,1 a1344 i2 z1 f0 l2 "
	    "@0,1,2,2,2 o=3,2,2",
	"im2col s64 r3 d=1,5,8 s=48,240 c10 p27 lo=-7 hi=4 e=1,1,1 a560 i1 z3 f0 l1 @0,3,0 o=2",
	"im2col s64 r3 d=1,5,8 s=48,240 c10 p27 lo=-7 hi=4 e=1,1,1 a560 i1 z3 f0 l1 @0,3,0 o=3",
	"im2col s64 r3 d=1,5,8 s=48,240 c10 p27 lo=-7 hi=4 e=1,1,1 a560 i1 z3 f0 l1 @0,1,1 o=2",
	"im2col f64 r4 d=4,4,4,5 s=48,192,768 c2 p32 lo=2,0 hi=4,-3 e=1,1,5,6 a352 i1 z1 f1 l0 @2,0,0,0 o=3,3",
	/* made for this: inside, a row across W's end, 32-byte units */
	"im2col f16 r3 d=64,8,4 s=128,1024 c8 p16 lo=0 hi=0 e=1,1,1 a0 i1 z0 f0 l0 @0,0,0 o=0",
	"im2col f16 r3 d=64,8,4 s=128,1024 c8 p64 lo=0 hi=0 e=1,1,1 a0 i1 z0 f0 l0 @0,0,1 o=0",
	"im2col f16 r3 d=64,8,4 s=128,1024 c8 p16 lo=-2 hi=2 e=1,1,1 a0 i1 z0 f0 l0 @0,2,1 o=1",
	"im2col f16 r3 d=64,8,4 s=128,1024 c8 p16 lo=0 hi=0 e=2,1,1 a0 i1 z0 f0 l0 @0,0,0 o=0",
	"im2col f32 r3 d=64,8,4 s=256,2048 c8 p32 lo=0 hi=0 e=1,1,1 a0 i2 z0 f0 l0 @0,0,0 o=0",
	"im2col f32 r3 d=64,8,4 s=256,2048 c8 p32 lo=-1 hi=1 e=1,1,1 a32 i2 z2 f0 l0 @0,1,2 o=1",
	"im2col u8 r4 d=32,6,6,2 s=32,192,1152 c16 p36 lo=-1,-1 hi=1,1 e=1,1,1,1 a0 i1 z0 f0 l0 @0,0,0,1 o=0,0",
	"im2col u8 r5 d=32,4,4,4,2 s=32,128,512,2048 c16 p64 lo=0,0,0 hi=0,0,0 e=1,1,1,1,1 a0 i1 z0 f0 l0 "
	    "@0,0,0,0,1 o=0,0,0",
	/* pixels inside and outside the tensor in one group of 128 bytes */
	"im2col f16 r3 d=8,6,4 s=128,768 c8 p24 lo=-3 hi=3 e=1,1,1 a0 i1 z0 f0 l0 @-3,0,0 o=0",
	"im2col f16 r3 d=8,6,4 s=128,768 c8 p40 lo=-5 hi=2 e=1,1,1 a48 i1 z0 f0 l0 @-5,2,1 o=1",
	"im2col u8 r4 d=16,5,5,3 s=16,80,400 c16 p50 lo=-2,-2 hi=2,2 e=1,1,1,1 a16 i1 z0 f0 l0 @-2,-2,0,0 o=0,0",
	"im2col u8 r4 d=16,5,5,3 s=16,80,400 c16 p50 lo=-2,-2 hi=2,2 e=1,1,1,1 a16 i1 z0 f0 l0 @-1,1,0,1 o=2,1",
	"im2col f32 r3 d=8,6,4 s=256,1536 c8 p24 lo=-3 hi=3 e=1,1,1 a32 i2 z0 f0 l0 @-3,0,0 o=0",
	"im2col f32 r4 d=6,4,3,2 s=192,768,2304 c8 p30 lo=-2,-1 hi=1,1 e=1,1,1,1 a0 i2 z0 f0 l0 @-2,-1,0,0 o=1,0",
	"im2col f16 r3 d=32,6,4 s=512,3072 c8 p24 lo=-4 hi=4 e=2,1,1 a0 i1 z0 f0 l0 @-4,0,0 o=0",
	"im2col s64 r3 d=2,5,8 s=48,240 c2 p27 lo=-7 hi=4 e=1,1,1 a560 i1 z0 f0 l1 @0,3,0 o=3",
	/* interleaved tiled maps */
	"tile f16 r3 d=8,20,4 s=16,320 b=8,8,2 e=1,1,1 a0 i1 z0 f0 l0 @0,4,3",
	"tile f16 r3 d=16,20,3 s=32,640 b=16,8,2 e=1,1,1 a0 i2 z1 f0 l0 @4,2,1",
	"tile f16 r4 d=8,20,4,3 s=16,320,1280 b=8,8,2,2 e=1,1,1,1 a0 i1 z0 f0 l0 @0,2,1,1",
	"tile f16 r3 d=64,20,4 s=128,2560 b=32,8,1 e=2,1,1 a0 i1 z0 f0 l0 @0,4,3",
	"tile f16 r3 d=64,20,4 s=128,2560 b=32,16,1 e=1,2,1 a0 i1 z2 f0 l0 @8,-3,3",
	"tile u8 r3 d=64,30,4 s=64,1920 b=64,30,1 e=1,1,1 a16 i1 z0 f0 l0 @0,0,2",
	"tile f32 r3 d=32,10,4 s=128,1280 b=16,10,1 e=1,1,1 a0 i2 z3 f0 l0 @8,0,1",
	"tile f32 r5 d=16,6,3,2,2 s=64,384,1152,2304 b=8,6,3,2,2 e=1,1,1,1,1 a0 i1 z0 f0 l0 @4,0,0,1,1",
};

static const char *const tyname[] = { "u8", "u16", "u32", "s32", "u64", "s64", "f16", "f32", "f64", "bf16",
	"f32ftz", "tf32", "tf32ftz" };
static const int esz[] = { 1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4 };

typedef struct {
	int im2col, type, rank, il, sw, fill, l2, lo[3], hi[3], c[5];
	unsigned ch, px, o[3];
	cuuint64_t dim[5], stride[4];
	cuuint32_t box[5], es[5];
	unsigned long long off;
} Case;

/* a list of n numbers after key= (signed) */
static const char *
nums(const char *s, const char *key, long long *v, int n)
{
	const char *p = strstr(s, key);
	char *e;

	if (!p) {
		fprintf(stderr, "tmasect: no %s in %s\n", key, s);
		exit(2);
	}
	p += strlen(key);
	for (int i = 0; i < n; i++) {
		v[i] = strtoll(p, &e, 10);
		p = *e == ',' ? e + 1 : e;
	}
	return p;
}

static void
parse(const char *s, Case *k)
{
	char ty[16];
	long long v[5];

	memset(k, 0, sizeof *k);
	k->im2col = strncmp(s, "im2col", 6) == 0;
	if (sscanf(s + (k->im2col ? 7 : 5), "%15s r%d", ty, &k->rank) != 2)
		exit(2);
	for (k->type = 0; strcmp(tyname[k->type], ty); k->type++)
		;
	nums(s, " d=", v, k->rank);
	for (int i = 0; i < k->rank; i++)
		k->dim[i] = (cuuint64_t)v[i];
	nums(s, " s=", v, k->rank - 1);
	for (int i = 0; i + 1 < k->rank; i++)
		k->stride[i] = (cuuint64_t)v[i];
	if (k->im2col) {
		nums(s, " c", v, 1), k->ch = (unsigned)v[0];
		nums(s, " p", v, 1), k->px = (unsigned)v[0];
		nums(s, " lo=", v, k->rank - 2);
		for (int i = 0; i + 2 < k->rank; i++)
			k->lo[i] = (int)v[i];
		nums(s, " hi=", v, k->rank - 2);
		for (int i = 0; i + 2 < k->rank; i++)
			k->hi[i] = (int)v[i];
		nums(s, " o=", v, k->rank - 2);
		for (int i = 0; i + 2 < k->rank; i++)
			k->o[i] = (unsigned)v[i];
	} else {
		nums(s, " b=", v, k->rank);
		for (int i = 0; i < k->rank; i++)
			k->box[i] = (cuuint32_t)v[i];
	}
	nums(s, " e=", v, k->rank);
	for (int i = 0; i < k->rank; i++)
		k->es[i] = (cuuint32_t)v[i];
	if (!strstr(s, " a") || sscanf(strstr(s, " a"), " a%llu i%d z%d f%d l%d", &k->off, &k->il, &k->sw, &k->fill,
	    &k->l2) != 5)
		exit(2);
	nums(s, " @", v, k->rank);
	for (int i = 0; i < k->rank; i++)
		k->c[i] = (int)v[i];
}

/* the bytes the load moves, which the mbarrier is told, and the bytes of
 * shared memory compared (tmarand.c's rules) */
static unsigned
txbytes(const Case *k, unsigned *nb)
{
	uint64_t unit = 16u << (k->il - 1), n0 = 0, rows = 1, tx;

	if (k->im2col) {
		tx = k->px * unit;
		*nb = (unsigned)(k->px * (k->ch * esz[k->type] > unit ? k->ch * esz[k->type] : unit));
	} else {
		n0 = (k->box[0] + k->es[0] - 1) / k->es[0];
		for (int i = 1; i < k->rank; i++)
			if (i != k->rank - 2)
				rows *= (k->box[i] + k->es[i] - 1) / k->es[i];
		tx = rows * n0 * unit;
		*nb = (unsigned)tx;
	}
	*nb = (*nb + 1024 + 15) / 16 * 16;
	return (unsigned)tx;
}

static char ptx[1 << 15];
static size_t np;

static const char *const crd[] = { "", "", "", "{%r2, %r3, %r4}", "{%r2, %r3, %r4, %r5}",
	"{%r2, %r3, %r4, %r5, %r6}" };

/* kernel NAME(map, out, n, tx, rank, c0..c4, o0..o2): shared memory
 * (from a 1024-byte boundary) filled with 0xa5, one thread's load of
 * rank 3 to 5, a bounded wait for tx bytes, then n bytes of it to out
 * (0xdeadbeef after them where the phase did not complete) */
static void
kernel(const char *name, int im2col)
{
	np += (size_t)snprintf(ptx + np, sizeof ptx - np,
	    ".visible .entry %s(.param .align 64 .b8 map[128], .param .u64 out_p, .param .u32 n_p, .param .u32 tx_p,\n"
	    "\t.param .u32 rank_p, .param .s32 c0_p, .param .s32 c1_p, .param .s32 c2_p, .param .s32 c3_p,\n"
	    "\t.param .s32 c4_p, .param .u32 o0_p, .param .u32 o1_p, .param .u32 o2_p)\n"
	    "{\n\t.reg .pred %%p<8>;\n\t.reg .b32 %%r<40>;\n\t.reg .b64 %%rd<16>;\n\t.reg .b16 %%h<4>;\n"
	    "\t.shared .align 8 .b64 bar;\n"
	    "\tld.param.u64 %%rd1, [out_p];\n\tcvta.to.global.u64 %%rd1, %%rd1;\n"
	    "\tld.param.u32 %%r17, [n_p];\n\tld.param.u32 %%r7, [tx_p];\n\tld.param.u32 %%r1, [rank_p];\n"
	    "\tld.param.s32 %%r2, [c0_p];\n\tld.param.s32 %%r3, [c1_p];\n\tld.param.s32 %%r4, [c2_p];\n"
	    "\tld.param.s32 %%r5, [c3_p];\n\tld.param.s32 %%r6, [c4_p];\n"
	    "\tld.param.u32 %%r20, [o0_p];\n\tcvt.u16.u32 %%h0, %%r20;\n"
	    "\tld.param.u32 %%r20, [o1_p];\n\tcvt.u16.u32 %%h1, %%r20;\n"
	    "\tld.param.u32 %%r20, [o2_p];\n\tcvt.u16.u32 %%h2, %%r20;\n"
	    "\tmov.u32 %%r9, smem;\n\tadd.u32 %%r9, %%r9, 1023;\n\tand.b32 %%r9, %%r9, -1024;\n"
	    "\tmov.u32 %%r10, bar;\n\tmov.b64 %%rd2, map;\n\tcvta.param.u64 %%rd2, %%rd2;\n"
	    "\tmov.u32 %%r11, %%tid.x;\n\tmov.u32 %%r13, %%r11;\n"
	    "FILL:\n\tshl.b32 %%r14, %%r13, 4;\n\tsetp.ge.u32 %%p5, %%r14, %%r17;\n\t@%%p5 bra FILLED;\n"
	    "\tadd.s32 %%r15, %%r9, %%r14;\n\tmov.u32 %%r21, 0xa5a5a5a5;\n"
	    "\tst.shared.v4.u32 [%%r15], {%%r21, %%r21, %%r21, %%r21};\n"
	    "\tadd.s32 %%r13, %%r13, 32;\n\tbra.uni FILL;\nFILLED:\n"
	    "\tfence.proxy.async.shared::cta;\n\tbar.sync 0;\n\tsetp.ne.u32 %%p1, %%r11, 0;\n\t@%%p1 bra WAIT;\n"
	    "\tmbarrier.init.shared::cta.b64 [%%r10], 1;\n\tfence.mbarrier_init.release.cluster;\n"
	    "\tmbarrier.arrive.expect_tx.shared::cta.b64 %%rd3, [%%r10], %%r7;\n", name);
	for (int r = 3; r <= 5; r++) {
		np += (size_t)snprintf(ptx + np, sizeof ptx - np, "\tsetp.eq.u32 %%p2, %%r1, %d;\n\t@!%%p2 bra N%d;\n", r,
		    r);
		if (im2col)
			np += (size_t)snprintf(ptx + np, sizeof ptx - np,
			    "\tcp.async.bulk.tensor.%dd.shared::cluster.global.im2col.mbarrier::complete_tx::bytes "
			    "[%%r9], [%%rd2, %s], [%%r10], %s;\n", r, crd[r],
			    r == 3 ? "{%h0}" : r == 4 ? "{%h0, %h1}" : "{%h0, %h1, %h2}");
		else
			np += (size_t)snprintf(ptx + np, sizeof ptx - np,
			    "\tcp.async.bulk.tensor.%dd.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
			    "[%%r9], [%%rd2, %s], [%%r10];\n", r, crd[r]);
		np += (size_t)snprintf(ptx + np, sizeof ptx - np, "\tbra.uni ISSUED;\nN%d:\n", r);
	}
	np += (size_t)snprintf(ptx + np, sizeof ptx - np,
	    "ISSUED:\nWAIT:\n\tbar.sync 0;\n"
	    "\tmov.u32 %%r12, 0;\nSPIN:\n\tmbarrier.try_wait.parity.shared::cta.b64 %%p3, [%%r10], 0, 1000;\n"
	    "\tadd.s32 %%r12, %%r12, 1;\n\tsetp.gt.u32 %%p4, %%r12, 2000;\n\t@%%p4 bra STUCK;\n"
	    "\t@!%%p3 bra SPIN;\n\tbra.uni COPIES;\n"
	    "STUCK:\n\t@%%p1 bra COPIES;\n\tcvt.u64.u32 %%rd4, %%r17;\n\tadd.s64 %%rd5, %%rd1, %%rd4;\n"
	    "\tst.global.u32 [%%rd5], 0xdeadbeef;\nCOPIES:\n"
	    "\tmov.u32 %%r13, %%r11;\nCOPY:\n\tshl.b32 %%r14, %%r13, 4;\n\tsetp.ge.u32 %%p5, %%r14, %%r17;\n"
	    "\t@%%p5 bra DONE;\n\tadd.s32 %%r15, %%r9, %%r14;\n"
	    "\tld.shared.v4.u32 {%%r21, %%r22, %%r23, %%r24}, [%%r15];\n"
	    "\tcvt.u64.u32 %%rd4, %%r14;\n\tadd.s64 %%rd5, %%rd1, %%rd4;\n"
	    "\tst.global.v4.u32 [%%rd5], {%%r21, %%r22, %%r23, %%r24};\n"
	    "\tadd.s32 %%r13, %%r13, 32;\n\tbra.uni COPY;\nDONE:\n\tret;\n}\n");
}

enum { TBYTES = 1 << 20, SMEM = 64 * 1024 };

int
main(int argc, char **argv)
{
	static CUtensorMap map __attribute__((aligned(64)));
	CUmodule mod;
	CUfunction kic, kld;
	CUdeviceptr gt, gout;
	uint8_t *host, *hout;

	np = (size_t)snprintf(ptx, sizeof ptx,
	    ".version 8.0\n.target sm_90a\n.address_size 64\n.extern .shared .align 1024 .b8 smem[];\n");
	kernel("ic", 1);
	kernel("ld", 0);
	primary_ctx();
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&kic, mod, "ic"));
	CK(cuModuleGetFunction(&kld, mod, "ld"));
	CK(cuFuncSetAttribute(kic, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, SMEM + 1024));
	CK(cuFuncSetAttribute(kld, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, SMEM + 1024));
	CK(cuMemAlloc(&gt, TBYTES));
	CK(cuMemAlloc(&gout, SMEM + 16));
	host = calloc(1, TBYTES);
	hout = calloc(1, SMEM + 16);
	if (!host || !hout)
		return 1;
	for (size_t n = 0; n < sizeof cases / sizeof *cases; n++) {
		Case k;
		int pick = argc < 2;
		for (int i = 1; i < argc; i++)
			pick |= (size_t)atoi(argv[i]) == n;
		if (!pick)
			continue;
		CUresult r;
		unsigned nb, tx, rank;
		uint64_t span;
		int es;
		parse(cases[n], &k);
		es = esz[k.type];
		rank = (unsigned)k.rank;
		span = k.stride[k.rank - 2] * k.dim[k.rank - 1];
		memset(host, 0, TBYTES);
		for (uint64_t i = 0; i < span && k.off + i + (uint64_t)es <= TBYTES; i += (uint64_t)es) {
			uint64_t v = i / (uint64_t)es + 1;
			memcpy(host + k.off + i, &v, (size_t)es);
		}
		CK(cuMemcpyHtoD(gt, host, TBYTES));
		if (k.im2col)
			r = cuTensorMapEncodeIm2col(&map, (CUtensorMapDataType)k.type, rank, (void *)(uintptr_t)(gt + k.off),
			    k.dim, k.stride, k.lo, k.hi, k.ch, k.px, k.es, (CUtensorMapInterleave)k.il,
			    (CUtensorMapSwizzle)k.sw, (CUtensorMapL2promotion)k.l2, (CUtensorMapFloatOOBfill)k.fill);
		else
			r = cuTensorMapEncodeTiled(&map, (CUtensorMapDataType)k.type, rank, (void *)(uintptr_t)(gt + k.off),
			    k.dim, k.stride, k.box, k.es, (CUtensorMapInterleave)k.il, (CUtensorMapSwizzle)k.sw,
			    (CUtensorMapL2promotion)k.l2, (CUtensorMapFloatOOBfill)k.fill);
		printf("%zu: ", n);
		if (r) {
			printf("encode %s\n", ename(r));
			continue;
		}
		tx = txbytes(&k, &nb);
		if (nb > SMEM)
			nb = SMEM;
		{
			void *args[] = { &map, &gout, &nb, &tx, &rank, &k.c[0], &k.c[1], &k.c[2], &k.c[3], &k.c[4],
				&k.o[0], &k.o[1], &k.o[2] };
			uint32_t w;
			CK(cuMemsetD8(gout, 0, nb + 4));
			if ((r = cuLaunchKernel(k.im2col ? kic : kld, 1, 1, 1, 32, 1, 1, SMEM + 1024, NULL, args, NULL)) ||
			    (r = cuCtxSynchronize())) {
				printf("%s\n", ename(r));
				return 0;   /* the context is lost */
			}
			CK(cuMemcpyDtoH(hout, gout, nb + 4));
			memcpy(&w, hout + nb, 4);
			printf("tx %u: %016llx%s\n", tx, (unsigned long long)fnv64(hout, nb), w == 0xdeadbeef ? " stuck" : "");
		}
		fflush(stdout);
	}
	return 0;
}

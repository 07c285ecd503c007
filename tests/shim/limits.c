/*
 * limits.c -- what the shim reports of a kernel's and the device's limits:
 *
 *   CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: the module's user constant bank,
 *   its .const variables each at its alignment; the sizes expected are
 *   those of the .nv.constant3 section ptxas (CUDA 13, sm_90) writes for
 *   the same modules, which the driver is taken to report for every
 *   kernel of the module (not yet compared with a GPU's answer);
 *
 *   cooperative launches: exactly 132 SMs times the kernel's
 *   cuOccupancyMaxActiveBlocksPerMultiprocessor CTAs are taken, through
 *   cuLaunchCooperativeKernel and cuLaunchKernelEx, and every CTA meets
 *   at the grid barrier (cg.ptx's early kernel: 1056 CTAs of 256, more
 *   than the interpreter keeps live in other launches); one CTA more is
 *   refused with CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE;
 *
 *   memory, under PTXKIT_MAX_MEMORY=64M: cuDeviceTotalMem and
 *   cuMemGetInfo's total are the limit, the free amount drops by what a
 *   module's variables and allocations hold in 2 MiB pages, as an H100's
 *   driver counts them: the first 1000-byte allocation takes a page,
 *   the next one shares it, and so does 1 MiB + 1; 3 MiB take two
 *   pages of their own; an allocation of all that is free succeeds and leaves nothing,
 *   so that one more small one is refused; a memory pool's reserve is
 *   taken from what is free, as an H200's driver counts it (poolres.gpu).
 *
 *	limits CG.PTX           the constant bank and cooperative launches
 *	limits CG.PTX memory    the memory
 *
 * Exit 0 when all hold; the output must equal limits.out.
 */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include <cuda.h>
#include "shimtest.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails;

static void
expect(int cond, const char *what)
{
	if (!cond) {
		printf("%s: wrong\n", what);
		fails++;
	}
}

#define HEAD ".version 8.0\n.target sm_90\n.address_size 64\n"
#define KERNELS KERNELS_OF("const")
#define KERNELS_OF(space) \
	".visible .entry k1(.param .u64 p)\n{\n.reg .b32 %r<2>;\n.reg .b64 %rd<2>;\n" \
	"ld.param.u64 %rd1, [p];\nld." space ".u32 %r1, [ca+8];\nst.global.u32 [%rd1], %r1;\nret;\n}\n" \
	".visible .entry k2(.param .u64 p)\n{\n.reg .b64 %rd<2>;\n" \
	"ld.param.u64 %rd1, [p];\nst.global.u32 [%rd1], 0;\nret;\n}\n"

static const struct {
	const char *name, *ptx;
	int want;
} consts[] = {
	{ "100 bytes, then 24 at align 8", HEAD ".const .align 4 .b8 ca[100];\n.const .align 8 .b8 cb[24];\n" KERNELS, 128 },
	{ "100 bytes, then 3 at align 2", HEAD ".const .align 4 .b8 ca[100];\n.const .align 2 .b8 cb[3];\n" KERNELS, 103 },
	{ "99 bytes and an extern", HEAD ".const .align 4 .b8 ca[99];\n.extern .const .align 4 .b8 cx[64];\n" KERNELS, 163 },
	{ "none", HEAD ".global .align 4 .b8 ca[100];\n" KERNELS_OF("global"), 0 },
};

static void
const_sizes(void)
{
	for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++) {
		CUmodule m;
		CUfunction k1, k2;
		int v1 = -1, v2 = -1;
		CUresult r = cuModuleLoadData(&m, consts[i].ptx);

		if (r == CUDA_ERROR_INVALID_PTX || r == CUDA_ERROR_NO_BINARY_FOR_GPU) {
			/* the extern has no definition to link: its module is refused */
			printf("const bank, %s: module refused\n", consts[i].name);
			continue;
		}
		CK(r);
		CK(cuModuleGetFunction(&k1, m, "k1"));
		CK(cuModuleGetFunction(&k2, m, "k2"));
		CK(cuFuncGetAttribute(&v1, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES, k1));
		CK(cuFuncGetAttribute(&v2, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES, k2));
		expect(v1 == consts[i].want && v2 == consts[i].want, consts[i].name);
		printf("const bank, %s: %d and %d bytes\n", consts[i].name, v1, v2);
		CK(cuModuleUnload(m));
	}
}

static void
coop_limit(CUmodule mod)
{
	enum { B = 256 };
	CUfunction k;
	CUdeviceptr a, b;
	CUlaunchAttribute at;
	CUlaunchConfig cfg;
	CUresult r;
	int per = 0, sms = 0;
	unsigned n, *hb;
	void *args[] = { &a, &b };
	int ok = 1;

	CK(cuModuleGetFunction(&k, mod, "early"));
	CK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&per, k, B, 0));
	CK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0));
	n = (unsigned)(per * sms);
	hb = calloc((size_t)n * B, sizeof *hb);
	if (!hb)
		exit(2);
	/* room for the largest grid below, 2 CTAs of 1024 an SM */
	CK(cuMemAlloc(&a, (size_t)(n * B > 2048u * sms ? n * B : 2048u * sms) * 4));
	CK(cuMemAlloc(&b, (size_t)(n * B > 2048u * sms ? n * B : 2048u * sms) * 4));
	CK(cuMemsetD8(b, 0, (size_t)n * B * 4));
	CK(cuLaunchCooperativeKernel(k, n, 1, 1, B, 1, 1, 0, NULL, args));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(hb, b, (size_t)n * B * 4));
	for (unsigned t = 0; t < n * B; t++) {
		/* the even warps sync, and read the next block's value where
		 * that warp is even too (cg.ptx) */
		unsigned j = (t + B) % (n * B);
		ok &= hb[t] == ((t % B / 32) & 1 || (j / 32) & 1 ? 0 : j + 1);
	}
	expect(ok, "a full cooperative grid");
	printf("cooperative: %d CTAs an SM of %d threads, %d SMs: %u CTAs %s\n", per, B, sms, n,
	    ok ? "ran" : "wrong");
	r = cuLaunchCooperativeKernel(k, n + 1, 1, 1, B, 1, 1, 0, NULL, args);
	expect(r == CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, "one CTA more");
	printf("cooperative: %u CTAs: %s\n", n + 1, r == CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE ?
	    "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE" : "not refused");
	/* 1024 threads a block: 2 an SM */
	r = cuLaunchCooperativeKernel(k, 2 * (unsigned)sms + 1, 1, 1, 1024, 1, 1, 0, NULL, args);
	expect(r == CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, "blocks of 1024");
	memset(&at, 0, sizeof at);
	at.id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
	at.value.cooperative = 1;
	memset(&cfg, 0, sizeof cfg);
	cfg.gridDimX = n + 1, cfg.gridDimY = cfg.gridDimZ = 1;
	cfg.blockDimX = B, cfg.blockDimY = cfg.blockDimZ = 1;
	cfg.attrs = &at;
	cfg.numAttrs = 1;
	r = cuLaunchKernelEx(&cfg, k, args, NULL);
	expect(r == CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, "cuLaunchKernelEx, one CTA more");
	cfg.gridDimX = 2 * (unsigned)sms, cfg.blockDimX = 1024;
	CK(cuLaunchKernelEx(&cfg, k, args, NULL));
	CK(cuCtxSynchronize());
	printf("cooperative: refused past the limit, taken at it, by both calls\n");
	CK(cuMemFree(a));
	CK(cuMemFree(b));
	free(hb);
}

/* A memory pool's reserve (32 MiB chunks, poolres.gpu) is taken from what
 * is free and held when its allocations are freed; what is left free can
 * still be allocated, and the pool allocates within its reserve with
 * nothing else free, but not past it; trimmed, the memory is free again. */
static void
pools(size_t f0)
{
	CUmemPoolProps pp;
	CUmemoryPool pool;
	CUstream s;
	CUdeviceptr p, rest, q;
	cuuint64_t keep = ~(cuuint64_t)0;
	size_t f1 = 0, f2 = 0, total = 0;

	memset(&pp, 0, sizeof pp);
	pp.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	pp.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	CK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	CK(cuMemPoolCreate(&pool, &pp));
	CK(cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &keep));
	CK(cuMemAllocFromPoolAsync(&p, 1000, pool, s));
	CK(cuMemGetInfo(&f1, &total));
	expect(f0 - f1 == 32u << 20, "a pool's 1000 bytes");
	printf("memory: a pool's 1000 bytes hold %zu MiB\n", (f0 - f1) >> 20);
	CK(cuMemFreeAsync(p, s));
	CK(cuStreamSynchronize(s));
	CK(cuMemGetInfo(&f2, &total));
	expect(f2 == f1, "the pool's reserve kept");
	printf("memory: freed, the pool keeps %zu MiB\n", (f0 - f2) >> 20);
	CK(cuMemAlloc(&rest, f2));
	CK(cuMemGetInfo(&f2, &total));
	expect(f2 == 0 && cuMemAlloc(&q, 1000) == CUDA_ERROR_OUT_OF_MEMORY, "all that is free beside a pool");
	printf("memory: what is free beside it can be allocated, and then no more\n");
	/* nothing is free, but the pool's reserve holds 1000 bytes; not 32 MiB more */
	CK(cuMemAllocFromPoolAsync(&p, 1000, pool, s));
	CK(cuMemGetInfo(&f2, &total));
	expect(f2 == 0, "a pool's allocation within its reserve");
	expect(cuMemAllocFromPoolAsync(&q, 32u << 20, pool, s) == CUDA_ERROR_OUT_OF_MEMORY, "a pool past what is free");
	printf("memory: the pool's reserve takes 1000 bytes more, not 32 MiB\n");
	CK(cuMemFreeAsync(p, s));
	CK(cuStreamSynchronize(s));
	CK(cuMemFree(rest));
	CK(cuMemPoolTrimTo(pool, 0));
	CK(cuMemGetInfo(&f2, &total));
	expect(f2 == f0, "the pool trimmed");
	printf("memory: the pool trimmed, free as at first: %s\n", f2 == f0 ? "yes" : "no");
	CK(cuMemPoolDestroy(pool));
	CK(cuStreamDestroy(s));
}

static void
memory(void)
{
	static const char big[] = HEAD ".visible .global .align 8 .b8 table[1048576];\n"
	    ".const .align 4 .b8 ca[16];\n" KERNELS;
	size_t total = 0, dtotal = 0, f0 = 0, f1 = 0, f2 = 0, f3 = 0;
	CUmodule m;
	CUdeviceptr p, rest, q;

	CK(cuDeviceTotalMem(&dtotal, 0));
	CK(cuMemGetInfo(&f0, &total));
	expect(total == 64u << 20 && dtotal == total && f0 <= total, "total");
	printf("memory: total %zu MiB, both calls\n", total >> 20);
	CK(cuModuleLoadData(&m, big));
	CK(cuMemGetInfo(&f1, &total));
	expect(f0 - f1 >= 1u << 20, "a module's variables");
	printf("memory: a module of a 1 MiB variable holds %s\n", f0 - f1 >= 1u << 20 ? "at least that" : "less");
	CK(cuMemAlloc(&p, 1000));
	CK(cuMemGetInfo(&f2, &total));
	expect(f1 - f2 == 2u << 20, "1000 bytes");
	printf("memory: 1000 bytes hold %zu KiB\n", (f1 - f2) >> 10);
	CK(cuMemAlloc(&q, 1000));
	CK(cuMemGetInfo(&f3, &total));
	expect(f3 == f2, "1000 bytes more");
	printf("memory: 1000 bytes more hold %zu\n", f2 - f3);
	CK(cuMemFree(q));
	CK(cuMemAlloc(&q, (1u << 20) + 1));
	CK(cuMemGetInfo(&f3, &total));
	expect(f2 - f3 == 0, "1 MiB + 1");
	printf("memory: 1 MiB + 1 holds %zu KiB\n", (f2 - f3) >> 10);
	CK(cuMemFree(q));
	CK(cuMemAlloc(&q, 3u << 20));
	CK(cuMemGetInfo(&f3, &total));
	expect(f2 - f3 == 4u << 20, "3 MiB");
	printf("memory: 3 MiB hold %zu KiB\n", (f2 - f3) >> 10);
	CK(cuMemFree(q));
	CK(cuMemAlloc(&rest, f2));
	CK(cuMemGetInfo(&f3, &total));
	expect(f3 == 0 && cuMemAlloc(&q, (2u << 20) - 1000) == CUDA_ERROR_OUT_OF_MEMORY, "all that is free");
	printf("memory: what is free can be allocated, and then no more\n");
	CK(cuMemFree(rest));
	CK(cuMemFree(p));
	CK(cuModuleUnload(m));
	CK(cuMemGetInfo(&f3, &total));
	expect(f3 == f0, "freed");
	printf("memory: free again as at first: %s\n", f3 == f0 ? "yes" : "no");
	pools(f0);
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	char *ptx;

	if (argc != 2 && (argc != 3 || strcmp(argv[2], "memory"))) {
		fprintf(stderr, "usage: limits CG.PTX [memory]\n");
		return 2;
	}
	/* the memory checks under a small limit (read by cuInit); the rest
	 * under the default, which a full cooperative grid needs */
	if (argc == 3)
		setenv("PTXKIT_MAX_MEMORY", "64M", 1);
	ptx = slurp(argv[1], NULL);
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CK(cuCtxSetCurrent(ctx));
	if (argc == 3)
		memory();
	else {
		const_sizes();
		CK(load_devrt(&mod, ptx));
		coop_limit(mod);
	}
	free(ptx);
	return fails != 0;
}

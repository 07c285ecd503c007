/*
 * occattr.c -- the occupancy calls under what cuFuncSetAttribute sets and
 * what the kernel's own directives say: required cluster sizes
 * (CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH/HEIGHT/DEPTH), the
 * non-portable cluster sizes, the dynamic shared memory allowed, the
 * preferred carveout, and .reqnctapercluster, .maxclusterrank, .maxntid
 * and static shared memory.  Each case loads the module afresh, sets its
 * attributes (each answer printed), then asks
 * cuOccupancyMaxActiveBlocksPerMultiprocessor(WithFlags) at several
 * block and shared memory sizes, cuOccupancyMaxActiveClusters with no
 * cluster shape and with shapes of 1 to 16 CTAs,
 * cuOccupancyMaxPotentialClusterSize, cuOccupancyMaxPotentialBlockSize
 * and cuOccupancyAvailableDynamicSMemPerBlock: an H200's answers are
 * occattr.gpu.
 */
#include <stdio.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

#define BODY \
	"{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n" \
	"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd2, %r1, 4;\n" \
	"\tadd.s64 %rd3, %rd1, %rd2;\n\tld.global.u32 %r2, [%rd3];\n\tadd.s32 %r2, %r2, 1;\n" \
	"\tst.global.u32 [%rd3], %r2;\n\tret;\n}\n"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry k(.param .u64 p)\n" BODY
	".visible .entry r2(.param .u64 p)\n.reqnctapercluster 2, 1, 1\n" BODY
	".visible .entry r42(.param .u64 p)\n.reqnctapercluster 4, 2, 1\n" BODY
	".visible .entry m4(.param .u64 p)\n.maxclusterrank 4\n" BODY
	".visible .entry m12(.param .u64 p)\n.maxclusterrank 12\n" BODY
	".visible .entry n256(.param .u64 p)\n.maxntid 256, 1, 1\n" BODY
	".visible .entry s(.param .u64 p)\n"
	"{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n\t.shared .align 4 .b8 buf[40000];\n"
	"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd2, %r1, 4;\n"
	"\tadd.s64 %rd3, %rd1, %rd2;\n\tld.global.u32 %r2, [%rd3];\n\tmov.u32 %r3, buf;\n\tshl.b32 %r1, %r1, 2;\n"
	"\tadd.u32 %r3, %r3, %r1;\n\tst.shared.u32 [%r3], %r2;\n\tbar.sync 0;\n\tld.shared.u32 %r2, [%r3+4];\n"
	"\tst.global.u32 [%rd3], %r2;\n\tret;\n}\n";

enum { REQ = 1, NONP = 2, MAXDYN = 4, CARVE = 8 };

static const struct {
	const char *name;
	int set;
	int nonp_first, req[3], maxdyn, carve;
} cases[] = {
	{ "none", 0, 0, { 0 }, 0, 0 },
	{ "req 2x1x1", REQ, 0, { 2, 1, 1 }, 0, 0 },
	{ "req 4x1x1", REQ, 0, { 4, 1, 1 }, 0, 0 },
	{ "req 2x2x1", REQ, 0, { 2, 2, 1 }, 0, 0 },
	{ "req 3x1x1", REQ, 0, { 3, 1, 1 }, 0, 0 },
	{ "req 8x1x1", REQ, 0, { 8, 1, 1 }, 0, 0 },
	{ "req 16x1x1", REQ, 0, { 16, 1, 1 }, 0, 0 },
	{ "nonportable, req 16x1x1", REQ | NONP, 1, { 16, 1, 1 }, 0, 0 },
	{ "nonportable, req 12x1x1", REQ | NONP, 1, { 12, 1, 1 }, 0, 0 },
	{ "nonportable", NONP, 1, { 0 }, 0, 0 },
	{ "maxdyn 100000", MAXDYN, 0, { 0 }, 100000, 0 },
	{ "maxdyn 232448", MAXDYN, 0, { 0 }, 232448, 0 },
	{ "carveout 0", CARVE, 0, { 0 }, 0, 0 },
	{ "carveout 25", CARVE, 0, { 0 }, 0, 25 },
	{ "carveout 50", CARVE, 0, { 0 }, 0, 50 },
	{ "carveout 100", CARVE, 0, { 0 }, 0, 100 },
	{ "carveout 25, maxdyn 100000", CARVE | MAXDYN, 0, { 0 }, 100000, 25 },
	{ "carveout 0, maxdyn 232448", CARVE | MAXDYN, 0, { 0 }, 232448, 0 },
	{ "req 4x1x1, maxdyn 100000", REQ | MAXDYN, 0, { 4, 1, 1 }, 100000, 0 },
	{ "req 2x1x1, carveout 50, maxdyn 232448", REQ | MAXDYN | CARVE, 0, { 2, 1, 1 }, 232448, 50 },
};

static void
setattr(CUfunction f, CUfunction_attribute a, int v, const char *what)
{
	printf(" %s=%d:%s", what, v, ename(cuFuncSetAttribute(f, a, v)));
}

/* cuOccupancyMaxActiveClusters or cuOccupancyMaxPotentialClusterSize (q)
 * for clusters of x CTAs (0: no cluster attribute), a block and a shared
 * size */
static void
cfgquery(CUresult (*q)(int *, CUfunction, const CUlaunchConfig *), CUfunction f, unsigned x, unsigned block,
    unsigned smem)
{
	CUlaunchConfig cfg;
	CUlaunchAttribute at[1];
	CUresult r;
	int v = -1;

	memset(&cfg, 0, sizeof cfg);
	memset(at, 0, sizeof at);
	cfg.gridDimX = 16 * 3 * 5, cfg.gridDimY = 2, cfg.gridDimZ = 1;
	cfg.blockDimX = block, cfg.blockDimY = cfg.blockDimZ = 1;
	cfg.sharedMemBytes = smem;
	if (x) {
		cfg.attrs = at, cfg.numAttrs = 1;
		at[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
		at[0].value.clusterDim.x = x, at[0].value.clusterDim.y = 1, at[0].value.clusterDim.z = 1;
	}
	if ((r = q(&v, f, &cfg)))
		printf(" %s", ename(r));
	else
		printf(" %d", v);
}

static void
blocks(CUfunction f, int block, size_t smem, unsigned flags)
{
	int v = -1;
	CUresult r = cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&v, f, block, smem, flags);

	if (r)
		printf(" %s", ename(r));
	else
		printf(" %d", v);
}

static void
one(const char *kname, size_t c)
{
	static const unsigned cl[] = { 0, 1, 2, 3, 4, 8, 12, 16 };
	static const int bl[] = { 64, 128, 256, 512, 1024 };
	static const size_t sm[] = { 0, 20000, 60000, 100000, 200000 };
	CUmodule m;
	CUfunction f;
	int v[4];

	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&f, m, kname));
	printf("%s, %s:", kname, cases[c].name);
	if (cases[c].set & NONP)
		setattr(f, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1, "nonportable");
	if (cases[c].set & REQ) {
		setattr(f, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH, cases[c].req[0], "w");
		setattr(f, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT, cases[c].req[1], "h");
		setattr(f, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH, cases[c].req[2], "d");
	}
	if (cases[c].set & MAXDYN)
		setattr(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, cases[c].maxdyn, "maxdyn");
	if (cases[c].set & CARVE)
		setattr(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, cases[c].carve, "carveout");
	CK(cuFuncGetAttribute(&v[0], CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH, f));
	CK(cuFuncGetAttribute(&v[1], CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT, f));
	CK(cuFuncGetAttribute(&v[2], CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH, f));
	CK(cuFuncGetAttribute(&v[3], CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f));
	printf(" -> req %dx%dx%d maxdyn %d\n", v[0], v[1], v[2], v[3]);
	for (size_t s = 0; s < sizeof sm / sizeof *sm; s++) {
		printf("  smem %zu: blocks", sm[s]);
		for (size_t b = 0; b < sizeof bl / sizeof *bl; b++)
			blocks(f, bl[b], sm[s], 0);
		printf(" flag1");
		blocks(f, 128, sm[s], 1);
		if (s == 0 || s == 2) {
			for (int b = 128; b <= 1024; b *= 8) {
				printf("; clusters %d:", b);
				for (size_t i = 0; i < sizeof cl / sizeof *cl; i++)
					cfgquery(cuOccupancyMaxActiveClusters, f, cl[i], (unsigned)b, (unsigned)sm[s]);
			}
			printf("; potential:");
			for (size_t i = 0; i < 4; i++)
				cfgquery(cuOccupancyMaxPotentialClusterSize, f, cl[i], 128, (unsigned)sm[s]);
			cfgquery(cuOccupancyMaxPotentialClusterSize, f, 0, 1024, (unsigned)sm[s]);
		}
		printf("\n");
	}
	{
		int grid = -1, block = -1;
		size_t dyn = 0;
		CUresult r;
		printf("  potential block:");
		for (size_t s = 0; s < 3; s++) {
			r = cuOccupancyMaxPotentialBlockSize(&grid, &block, f, NULL, sm[s * 2], 0);
			printf(" %s %d %d", ename(r), r ? -1 : grid, r ? -1 : block);
		}
		printf("; available dynamic:");
		for (int n = 1; n <= 16; n *= 2) {
			r = cuOccupancyAvailableDynamicSMemPerBlock(&dyn, f, n, 128);
			printf(" %s %zu", ename(r), r ? 0 : dyn);
		}
		printf("\n");
	}
	CK(cuModuleUnload(m));
}

int
main(int argc, char **argv)
{
	static const char *const kernels[] = { "k", "r2", "r42", "m4", "m12", "n256", "s" };
	CUmodule m;
	CUfunction f;

	(void)argc, (void)argv;
	primary_ctx();
	CK(cuModuleLoadData(&m, ptx));
	for (size_t k = 0; k < sizeof kernels / sizeof *kernels; k++) {
		int regs = -1, st = -1, maxt = -1;
		CK(cuModuleGetFunction(&f, m, kernels[k]));
		CK(cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f));
		CK(cuFuncGetAttribute(&st, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f));
		CK(cuFuncGetAttribute(&maxt, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f));
		printf("%s: regs %d shared %d maxthreads %d\n", kernels[k], regs, st, maxt);
	}
	CK(cuModuleUnload(m));
	for (size_t k = 0; k < sizeof kernels / sizeof *kernels; k++)
		for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
			if (k == 0 || c == 0 || c == 1 || c == 2 || c == 7 || c == 10 || c == 12 || c == 18)
				one(kernels[k], c);
	return 0;
}

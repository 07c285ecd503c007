/*
 * regcap.c -- a kernel's register count and occupancy under launch bounds.
 * Each kernel keeps 300 loaded values live at once, more registers than a
 * thread may have; ptxas fits it to its bounds (spilling the rest), so
 * that a block of the size the bounds allow can launch.  For each: the
 * reported CU_FUNC_ATTRIBUTE_NUM_REGS within the bound's share of the
 * SM's 64K registers, and cuOccupancyMaxActiveBlocksPerMultiprocessor of
 * such a block at least 1, and the launch's result; of a kernel without
 * bounds, the same of a block of the MAX_THREADS_PER_BLOCK it reports.
 * The lines hold no
 * counts, only whether each holds, so an H200's driver answers the same
 * (regcap.out).
 */
#include <stdio.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

enum { LIVE = 300 };

/* kernel NAME with directive DIR: out[tid] = the sum of in[0..LIVE) */
static size_t
kernel(char *p, size_t cap, const char *name, const char *dir)
{
	size_t n = 0;

	n += (size_t)snprintf(p + n, cap - n, ".visible .entry %s(.param .u64 in, .param .u64 out) %s\n{\n"
	    "\t.reg .u32 %%r<%d>;\n\t.reg .u64 %%rd<4>;\n\t.reg .u32 %%t;\n"
	    "\tld.param.u64 %%rd1, [in];\n\tld.param.u64 %%rd2, [out];\n", name, dir, LIVE + 1);
	for (int i = 0; i < LIVE; i++)
		n += (size_t)snprintf(p + n, cap - n, "\tld.global.volatile.u32 %%r%d, [%%rd1+%d];\n", i, 4 * i);
	for (int i = 1; i < LIVE; i++)   /* a tree keeps the loads apart from the sums */
		n += (size_t)snprintf(p + n, cap - n, "\txor.b32 %%r%d, %%r%d, %%r%d;\n", 0, 0, i);
	n += (size_t)snprintf(p + n, cap - n, "\tmov.u32 %%t, %%tid.x;\n\tmul.wide.u32 %%rd3, %%t, 4;\n"
	    "\tadd.s64 %%rd3, %%rd2, %%rd3;\n\tst.global.u32 [%%rd3], %%r0;\n\tret;\n}\n");
	return n;
}

static void
one(CUmodule m, const char *name, int block, int cap, CUdeviceptr in, CUdeviceptr out)
{
	CUfunction f;
	int regs = -1, occ = -1;
	void *args[] = { &in, &out };

	CK(cuModuleGetFunction(&f, m, name));
	CK(cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f));
	CK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&occ, f, block, 0));
	printf("%s: registers at most %d: %s; blocks of %d an SM at least 1: %s; launch: %s\n", name, cap,
	    regs > 0 && regs <= cap ? "yes" : "no", block, occ >= 1 ? "yes" : "no",
	    ename(cuLaunchKernel(f, 1, 1, 1, (unsigned)block, 1, 1, 0, NULL, args, NULL)));
	CK(cuCtxSynchronize());
}

/* A kernel without bounds: a block of the MAX_THREADS_PER_BLOCK it
 * reports fits the registers it reports, an SM holds one, and it
 * launches, as a driver's answers agree (with ptxas's count of 255 an
 * H200's says 256 threads); numba-cuda's forall launches blocks of that
 * size, cooperatively when the kernel syncs its grid, which cuda.core
 * refuses unless the occupancy is at least 1. */
static void
unbounded(CUmodule m, CUdeviceptr in, CUdeviceptr out)
{
	CUfunction f;
	int regs = -1, mt = 0, occ = -1;
	void *args[] = { &in, &out };

	CK(cuModuleGetFunction(&f, m, "nobounds"));
	CK(cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f));
	CK(cuFuncGetAttribute(&mt, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f));
	if (mt < 1 || mt > 1024) {
		printf("nobounds: MAX_THREADS_PER_BLOCK %d\n", mt);
		return;
	}
	CK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&occ, f, mt, 0));
	/* 64K registers an SM, a warp's taken 256 at a time */
	printf("nobounds: a block of MAX_THREADS_PER_BLOCK fits its registers: %s; an SM holds one: %s; launch: %s\n",
	    regs > 0 && regs <= 65536 / ((mt + 31) / 32) / 256 * 8 ? "yes" : "no", occ >= 1 ? "yes" : "no",
	    ename(cuLaunchKernel(f, 1, 1, 1, (unsigned)mt, 1, 1, 0, NULL, args, NULL)));
	CK(cuCtxSynchronize());
}

int
main(void)
{
	static char ptx[1 << 20];
	size_t n = (size_t)snprintf(ptx, sizeof ptx, ".version 8.0\n.target sm_90\n.address_size 64\n");
	CUmodule m;
	CUdeviceptr in, out;
	unsigned v[LIVE], r[1024];
	unsigned want = 0;

	primary_ctx();
	n += kernel(ptx + n, sizeof ptx - n, "max1024", ".maxntid 1024, 1, 1");
	n += kernel(ptx + n, sizeof ptx - n, "req512", ".reqntid 512, 1, 1");
	n += kernel(ptx + n, sizeof ptx - n, "max384", ".maxntid 128, 3, 1");
	n += kernel(ptx + n, sizeof ptx - n, "max256nreg", ".maxntid 256, 1, 1 .maxnreg 40");
	n += kernel(ptx + n, sizeof ptx - n, "nobounds", "");
	CK(cuModuleLoadData(&m, ptx));
	for (int i = 0; i < LIVE; i++)
		v[i] = 0x9e3779b9u * (unsigned)(i + 1), want ^= v[i];
	CK(cuMemAlloc(&in, sizeof v));
	CK(cuMemAlloc(&out, sizeof r));
	CK(cuMemcpyHtoD(in, v, sizeof v));
	one(m, "max1024", 1024, 64, in, out);
	one(m, "req512", 512, 128, in, out);
	one(m, "max384", 384, 168, in, out);
	one(m, "max256nreg", 256, 40, in, out);
	unbounded(m, in, out);
	CK(cuMemcpyDtoH(r, out, sizeof r));
	printf("results: %s\n", r[0] == want && r[255] == want ? "right" : "wrong");
	CK(cuModuleUnload(m));
	printf("done\n");
	return 0;
}

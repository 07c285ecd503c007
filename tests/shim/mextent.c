/*
 * mextent.c -- how far past its size a kernel may reach into managed
 * memory: one cuMemAllocManaged of SIZE bytes (FLAG 1, global, or 2,
 * host), then a kernel's 4-byte store (or load) at SIZE's offset OFF,
 * the launch's and the synchronize's answers, and what the host reads
 * there after a store that did not fault.  A fault ends the context, so
 * each probe is a process of its own (tests/shim.test runs the list; an
 * H200's answers: mextent.gpu).
 *
 *	mextent SIZE OFF [FLAG [st|ld]]
 */
#include <stdint.h>
#include "shimtest.h"

static const char ptx[] = LD_PTX
	".visible .entry st(.param .u64 p)\n{\n\t.reg .b64 %rd<2>;\n\tld.param.u64 %rd1, [p];\n"
	"\tst.global.u32 [%rd1], 7;\n\tret;\n}\n";

int
main(int argc, char **argv)
{
	CUmodule m;
	CUfunction f;
	CUdeviceptr p, a, o;
	size_t size, off;
	unsigned flag;
	int st;
	CUresult r;

	if (argc < 3 || argc > 5) {
		fprintf(stderr, "usage: mextent SIZE OFF [FLAG [st|ld]]\n");
		return 2;
	}
	size = strtoull(argv[1], NULL, 0), off = strtoull(argv[2], NULL, 0);
	flag = argc > 3 ? (unsigned)atoi(argv[3]) : CU_MEM_ATTACH_GLOBAL;
	st = argc < 5 || strcmp(argv[4], "ld") != 0;
	primary_ctx();
	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&f, m, st ? "st" : "ld"));
	CK(cuMemAllocManaged(&p, size, flag));
	CK(cuMemAlloc(&o, 4));
	a = p + off;
	{
		void *args[] = { &a, &o };
		r = cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL);
	}
	printf("managed %zu (%s), a kernel's %s at +%zu: launch %s", size, flag == CU_MEM_ATTACH_HOST ? "host" : "global",
	    st ? "store" : "load", off, ename(r));
	r = cuCtxSynchronize();
	printf(", synchronize %s\n", ename(r));
	fflush(stdout);   /* the host's read below may be what faults */
	if (!r && st)
		printf("managed %zu, +%zu: the host reads %u\n", size, off, *(volatile unsigned *)(uintptr_t)a);
	return 0;
}

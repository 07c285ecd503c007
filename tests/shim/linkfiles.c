/*
 * linkfiles.c -- cuLink of PTX modules that each hold what a module holds
 * alone, as numba-cuda's debug builds link them: a kernel module and a
 * device function's, each naming its own source as .file 1 (with .loc
 * lines), and two modules of one device function, each
 * defining it .weak after a .common variable of the same name in both.
 * One line per link: the link's result, the load's, the launch's and
 * the value the kernel wrote (the driver links such modules: each
 * module's .file indices are its own).
 */
#include <stdio.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

#define HEAD ".version 8.0\n.target sm_90\n.address_size 64\n"
/* the kernel: out = f(20) + env */
static const char kern[] =
	HEAD
	".extern .func (.param .b32 r) f(.param .b32 a);\n"
	".extern .global .align 8 .u64 env;\n"
	".visible .entry k(.param .u64 out)\n{\n\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<3>;\n"
	"\t.loc 1 3 1\n\tld.param.u64 %rd1, [out];\n"
	"\t{\n\t.param .b32 a;\n\t.param .b32 r;\n\tst.param.b32 [a], 20;\n"
	"\t.loc 1 4 2\n"
	"\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n\t}\n"
	"\tld.global.u64 %rd2, [env];\n\tcvt.u32.u64 %r2, %rd2;\n\tadd.u32 %r1, %r1, %r2;\n"
	"\t.loc 1 5 1\n\tst.global.u32 [%rd1], %r1;\n\tret;\n}\n"
	"\t.file 1 \"kernel.py\"\n";
/* f(a) = 2a + 1, its module's source another .file 1 */
static const char func[] =
	HEAD
	".common .global .align 8 .u64 env;\n\n"
	".weak .func (.param .b32 r) f(.param .b32 a)\n{\n\t.reg .b32 %r<3>;\n"
	"\t.loc 1 7 1\n\tld.param.b32 %r1, [a];\n\tmad.lo.u32 %r2, %r1, 2, 1;\n"
	"\tst.param.b32 [r], %r2;\n\tret;\n}\n"
	"\t.file 1 \"func.py\"\n\t.file 2 \"other.py\"\n";

static void
linkrun(const char *what, const char *const *in, int n)
{
	CUlinkState ls;
	CUmodule m;
	CUfunction k;
	CUdeviceptr out;
	void *img;
	size_t sz;
	unsigned v = 0;
	CUresult r;

	CK(cuLinkCreate(0, NULL, NULL, &ls));
	for (int i = 0; i < n; i++) {
		char name[32];
		snprintf(name, sizeof name, "in%d.ptx", i);
		CK(cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)in[i], strlen(in[i]) + 1, name, 0, NULL, NULL));
	}
	printf("%s: link %s", what, ename(r = cuLinkComplete(ls, &img, &sz)));
	if (!r && !(r = cuModuleLoadData(&m, img))) {
		CK(cuModuleGetFunction(&k, m, "k"));
		CK(cuMemAlloc(&out, 4));
		void *args[] = { &out };
		r = cuLaunchKernel(k, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL);
		if (!r)
			r = cuCtxSynchronize();
		if (!r)
			CK(cuMemcpyDtoH(&v, out, 4));
		printf(", load CUDA_SUCCESS, launch %s, wrote %u\n", ename(r), v);
		CK(cuMemFree(out));
		CK(cuModuleUnload(m));
	} else
		printf(", load %s\n", ename(r));
	CK(cuLinkDestroy(ls));
}

int
main(void)
{
	primary_ctx();
	linkrun("kernel+func", (const char *const[]){ kern, func }, 2);
	linkrun("kernel+func+func", (const char *const[]){ kern, func, func }, 3);
	linkrun("func+kernel+func", (const char *const[]){ func, kern, func }, 3);
	return 0;
}

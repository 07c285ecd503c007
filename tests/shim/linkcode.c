/*
 * linkcode.c -- the code cuLinkComplete returns for a prototype that
 * differs, by what the process did before: nothing, a module load or a
 * link that the JIT refused (an unresolved extern call, text that is no
 * PTX), or one that succeeded, and a first link without a log buffer.
 * Each mode runs in a process of its own; one line each: the earlier
 * call's result, then two links of a caller and a callee whose
 * prototypes differ.  linkcode.gpu is an H200's output (driver 580):
 * CUDA_ERROR_INVALID_SOURCE, until a JIT compilation of the process has
 * failed, and CUDA_ERROR_UNKNOWN from then on.
 */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cuda.h>
#include "shimtest.h"
static const char caller[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".extern .func (.param .b64 r) note(.param .b32 x);\n"
	".visible .entry kv(.param .u64 out)\n{\n\t.reg .b64 %rd<4>;\n"
	"\t{\n\t.param .b32 a;\n\t.param .b64 r;\n\tst.param.b32 [a], 5;\n"
	"\tcall.uni (r), note, (a);\n\tld.param.b64 %rd1, [r];\n\t}\n"
	"\tld.param.u64 %rd2, [out];\n\tst.global.u32 [%rd2], 7;\n\tret;\n}\n";
static const char callee[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .func note(.param .b32 x)\n{\n\tret;\n}\n";
static const char good[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry g()\n{\n\tret;\n}\n";
static const char unres[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".extern .func nothere();\n.visible .entry ku()\n{\n\tcall.uni nothere, ();\n\tret;\n}\n";
static const char bad[] = ".version 8.0\n.target sm_90\n.address_size 64\nthis is not ptx\n";

/* a link of a (and b), with an error log buffer or without */
static CUresult
linkit(const char *a, const char *b, int log)
{
	char lb[4096] = "";
	CUjit_option opt[] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
	void *val[] = { lb, (void *)(size_t)sizeof lb };
	CUlinkState ls;
	void *img;
	size_t sz;
	CUresult r;

	if ((r = cuLinkCreate(log ? 2 : 0, opt, val, &ls)))
		return r;
	r = cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)a, strlen(a) + 1, "caller.ptx", 0, NULL, NULL);
	if (!r && b)
		r = cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)b, strlen(b) + 1, "callee.ptx", 0, NULL, NULL);
	if (!r)
		r = cuLinkComplete(ls, &img, &sz);
	cuLinkDestroy(ls);
	return r;
}

static int
one(const char *mode)
{
	CUdevice d;
	CUcontext c;
	CUmodule m;
	CUresult r0 = CUDA_SUCCESS, r1, r2;

	if (cuInit(0) || cuDeviceGet(&d, 0) || cuCtxCreate(&c, NULL, 0, d))
		return 1;
	if (!strcmp(mode, "after-unresolved-load"))
		r0 = cuModuleLoadData(&m, unres);
	else if (!strcmp(mode, "after-bad-load"))
		r0 = cuModuleLoadData(&m, bad);
	else if (!strcmp(mode, "after-good-load"))
		r0 = cuModuleLoadData(&m, good);
	else if (!strcmp(mode, "after-good-link"))
		r0 = linkit(good, NULL, 1);
	else if (!strcmp(mode, "after-bad-link"))
		r0 = linkit(bad, NULL, 1);
	else if (!strcmp(mode, "nolog-first"))
		printf("%s: first %s\n", mode, ename(linkit(caller, callee, 0)));
	r1 = linkit(caller, callee, 1);
	r2 = linkit(caller, callee, 1);
	printf("%s: before %s, mismatch %s, again %s\n", mode, ename(r0), ename(r1), ename(r2));
	fflush(stdout);
	return 0;
}

int
main(void)
{
	static const char *modes[] = { "fresh", "after-unresolved-load", "after-bad-load", "after-good-load",
	    "after-good-link", "after-bad-link", "nolog-first" };

	for (unsigned i = 0; i < sizeof modes / sizeof *modes; i++) {
		pid_t k;
		int st;

		fflush(stdout);
		if ((k = fork()) == 0)
			_exit(one(modes[i]));
		if (k < 0 || waitpid(k, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
			printf("%s: did not run\n", modes[i]);
	}
	return 0;
}

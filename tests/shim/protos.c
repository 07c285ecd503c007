/*
 * protos.c -- what cuLinkComplete answers when one PTX input declares an
 * .extern .func and another defines it with a prototype that differs in
 * one way: return list present or not, a parameter's or the return's
 * size, the parameter count, a type of the same size (.u32 and .b32,
 * .f32 and .b32, .f64 and .b64, .s64 and .u64), an array and a scalar
 * of one size, alignment, and the inputs in the other order.  Each case runs in a process of its own, so
 * that a driver that crashes on one still answers the others; per case,
 * one line: the result, the error log's lines joined by " | ", and when
 * the link succeeds the launch's result and the value the kernel wrote.
 *
 *	protos            every case
 *	protos CASE       that case alone
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cuda.h>
#include "shimtest.h"

/* decl: the caller's .extern; call: its call, leaving %r1 set; def: the
 * callee's prototype */
typedef struct { const char *name, *decl, *call, *def; } Case;

#define A32 "\t.param .b32 a;\n\tst.param.b32 [a], 5;\n"
#define R32 "\t.param .b32 r;\n"
static const Case cases[] = {
	{ "same", "(.param .b32 r) f(.param .b32 a)",
	  A32 R32 "\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b32 r) f(.param .b32 a)" },
	{ "ret-void", "(.param .b32 r) f(.param .b32 a)",
	  A32 R32 "\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "f(.param .b32 a)" },
	{ "void-ret", "f(.param .b32 a)",
	  A32 "\tcall.uni f, (a);\n\tmov.u32 %r1, 9;\n",
	  "(.param .b32 r) f(.param .b32 a)" },
	{ "param-size", "(.param .b32 r) f(.param .b32 a)",
	  A32 R32 "\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b32 r) f(.param .b64 a)" },
	{ "param-more", "(.param .b32 r) f(.param .b32 a)",
	  A32 R32 "\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b32 r) f(.param .b32 a, .param .b32 b)" },
	{ "param-fewer", "(.param .b32 r) f(.param .b32 a, .param .b32 b)",
	  A32 R32 "\t.param .b32 b;\n\tst.param.b32 [b], 6;\n"
	  "\tcall.uni (r), f, (a, b);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b32 r) f(.param .b32 a)" },
	{ "ret-size", "(.param .b32 r) f(.param .b32 a)",
	  A32 R32 "\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b64 r) f(.param .b32 a)" },
	{ "u32-b32", "(.param .b32 r) f(.param .u32 a)",
	  "\t.param .u32 a;\n\tst.param.u32 [a], 5;\n" R32
	  "\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b32 r) f(.param .b32 a)" },
	{ "f32-b32", "(.param .f32 r) f(.param .b32 a)",
	  A32 "\t.param .f32 r;\n\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b32 r) f(.param .b32 a)" },
	{ "f64-b64", "(.param .b32 r) f(.param .f64 a)",
	  "\t.param .f64 a;\n\tst.param.f64 [a], 0d4014000000000000;\n" R32
	  "\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b32 r) f(.param .b64 a)" },
	{ "s64-u64", "(.param .b32 r) f(.param .s64 a)",
	  "\t.param .s64 a;\n\tst.param.s64 [a], 5;\n" R32
	  "\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b32 r) f(.param .u64 a)" },
	{ "array1-b32", "(.param .b32 r) f(.param .align 4 .b32 a[1])",
	  "\t.param .align 4 .b32 a[1];\n\tst.param.b32 [a], 5;\n" R32
	  "\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b32 r) f(.param .b32 a)" },
	{ "array-b64", "(.param .b32 r) f(.param .align 8 .b8 a[8])",
	  "\t.param .align 8 .b8 a[8];\n\tst.param.b64 [a], 5;\n" R32
	  "\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b32 r) f(.param .b64 a)" },
	{ "align", "(.param .b32 r) f(.param .align 4 .b8 a[8])",
	  "\t.param .align 4 .b8 a[8];\n\tst.param.b32 [a], 5;\n" R32
	  "\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b32 r) f(.param .align 8 .b8 a[8])" },
	{ "array-len", "(.param .b32 r) f(.param .align 4 .b8 a[8])",
	  "\t.param .align 4 .b8 a[8];\n\tst.param.b32 [a], 5;\n" R32
	  "\tcall.uni (r), f, (a);\n\tld.param.b32 %r1, [r];\n",
	  "(.param .b32 r) f(.param .align 4 .b8 a[12])" },
};
enum { NC = sizeof cases / sizeof cases[0] };

/* One case; the callee's input first when reversed. */
static int
one(const Case *c, int reversed)
{
	static char caller[4096], callee[1024], log[4096];
	CUjit_option opt[] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
	void *val[] = { log, (void *)(size_t)sizeof log };
	const char *text[2], *names[2];
	CUdevice dev;
	CUcontext ctx;
	CUlinkState ls;
	CUmodule m;
	CUfunction k;
	CUdeviceptr out;
	void *img = NULL, *args[] = { &out };
	size_t sz = 0;
	unsigned v = 0;
	CUresult r;

	snprintf(caller, sizeof caller, ".version 8.0\n.target sm_90\n.address_size 64\n"
	    ".extern .func %s;\n.visible .entry k(.param .u64 out)\n{\n"
	    "\t.reg .b32 %%r<4>;\n\t.reg .b64 %%rd<4>;\n\t{\n%s\t}\n"
	    "\tld.param.u64 %%rd1, [out];\n\tst.global.u32 [%%rd1], %%r1;\n\tret;\n}\n", c->decl, c->call);
	/* the callee returns 42 in whatever return it defines */
	snprintf(callee, sizeof callee, ".version 8.0\n.target sm_90\n.address_size 64\n"
	    ".visible .func %s\n{\n%s\tret;\n}\n", c->def,
	    !strncmp(c->def, "(.param .b64", 12) ? "\tst.param.b64 [r], 42;\n" :
	    !strncmp(c->def, "(.param .b32", 12) ? "\tst.param.b32 [r], 42;\n" : "");
	text[reversed] = caller;
	names[reversed] = "caller.ptx";
	text[!reversed] = callee;
	names[!reversed] = "callee.ptx";
	if (cuInit(0) || cuDeviceGet(&dev, 0) || cuCtxCreate(&ctx, NULL, 0, dev) ||
	    cuLinkCreate(2, opt, val, &ls)) {
		printf("%s: no context or link\n", c->name);
		return 1;
	}
	r = cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)text[0], strlen(text[0]) + 1, names[0], 0, NULL, NULL);
	if (!r)
		r = cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)text[1], strlen(text[1]) + 1, names[1], 0, NULL,
		    NULL);
	if (!r)
		r = cuLinkComplete(ls, &img, &sz);
	for (char *p = log; *p; p++)
		if (*p == '\n')
			*p = p[1] ? '|' : '\0';
	printf("%s%s: %s: %s", c->name, reversed ? " (callee first)" : "", ename(r), log);
	if (!r && !(r = cuModuleLoadData(&m, img))) {
		cuModuleGetFunction(&k, m, "k");
		cuMemAlloc(&out, 4);
		cuMemsetD32(out, 0xdead, 1);
		r = cuLaunchKernel(k, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL);
		if (!r)
			r = cuCtxSynchronize();
		cuMemcpyDtoH(&v, out, 4);
		printf("; launch: %s, wrote %u", ename(r), v);
	} else if (!r || img)
		printf("; load: %s", ename(r));
	printf("\n");
	fflush(stdout);
	cuLinkDestroy(ls);
	return 0;
}

int
main(int argc, char **argv)
{
	char cmd[4096];
	int st;

	if (argc == 3)
		for (int i = 0; i < NC; i++)
			if (!strcmp(argv[1], cases[i].name))
				return one(&cases[i], atoi(argv[2]));
	if (argc != 1)
		return 2;
	for (int i = 0; i < 2 * NC; i++) {
		const Case *c = &cases[i % NC];
		int rev = i >= NC;
		if (rev && strcmp(c->name, "ret-void") && strcmp(c->name, "param-size"))
			continue;
		snprintf(cmd, sizeof cmd, "'%s' %s %d", argv[0], c->name, rev);
		fflush(stdout);
		st = system(cmd);
		if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st))
			printf("%s%s: the process ended %s %d\n", c->name, rev ? " (callee first)" : "",
			    WIFSIGNALED(st) ? "by signal" : "with", WIFSIGNALED(st) ? WTERMSIG(st) :
			    WEXITSTATUS(st));
	}
	return 0;
}

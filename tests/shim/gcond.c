/*
 * gcond.c -- conditional graph nodes through the driver API: handles
 * (cuGraphConditionalHandleCreate) and the parameters refused, IF, WHILE
 * and SWITCH nodes made by cuGraphAddNode whose bodies hold kernels, the
 * condition set by a kernel's cudaGraphSetConditional (PTX calling the
 * extern function, as nvcc emits it), a default value applied at each
 * launch; what a graph with such a node may not do.  One line per call.
 * RISKY: what only the shim can answer -- a kernel setting a handle that
 * names nothing, a loop no kernel ends under a launch budget
 * (tests/shim.test sets PTXKIT_MAX_STEPS=10000: the body runs that many
 * times, then the launch has run out of its budget).
 *
 * usage: gcond            the cases above, one line per call
 *        gcond forever    a loop no kernel ends, without a budget: it runs
 *                         for ever, as on a GPU; still running after twice
 *                         the time 2^24 runs of its body take, the process
 *                         ends itself (see forever())
 *
 * Exits 1 at the first unexpected failure of a call that sets things up.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cuda.h>
#include "shimtest.h"

/* setc(u64 h, u32 v): cudaGraphSetConditional(h, v); inc(u64 p): *p += 1 */
static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".extern .func cudaGraphSetConditional(.param .b64 h, .param .b32 v);\n"
	".visible .entry setc(.param .u64 h, .param .u32 v)\n{\n\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<2>;\n"
	"\tld.param.u64 %rd1, [h];\n\tld.param.u32 %r1, [v];\n"
	"\t{\n\t.param .b64 p0;\n\tst.param.b64 [p0], %rd1;\n\t.param .b32 p1;\n\tst.param.b32 [p1], %r1;\n"
	"\tcall.uni cudaGraphSetConditional, (p0, p1);\n\t}\n\tret;\n}\n"
	".visible .entry inc(.param .u64 p)\n{\n\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<2>;\n"
	"\tld.param.u64 %rd1, [p];\n\tld.global.u32 %r1, [%rd1];\n\tadd.s32 %r1, %r1, 1;\n"
	"\tst.global.u32 [%rd1], %r1;\n\tret;\n}\n";

static CUfunction fset, finc;
/* CUgraphNodeParams with CUDA_CONDITIONAL_NODE_PARAMS */
static CUresult
addcond(CUgraphNode *n, CUgraph g, const CUgraphNode *dep, size_t ndep, CUgraphConditionalHandle h,
        CUgraphConditionalNodeType t, unsigned size, CUgraph **body)
{
	CUgraphNodeParams np;
	CUcontext ctx;
	CUresult r;

	memset(&np, 0, sizeof np);
	CK(cuCtxGetCurrent(&ctx));
	np.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
	np.conditional.handle = h;
	np.conditional.type = t;
	np.conditional.size = size;
	np.conditional.ctx = ctx;
	r = cuGraphAddNode(n, g, dep, NULL, ndep, &np);
	if (body)
		*body = np.conditional.phGraph_out;
	return r;
}

static CUgraphNode
kernel(CUgraph g, const CUgraphNode *dep, size_t ndep, CUfunction f, void **args)
{
	CUDA_KERNEL_NODE_PARAMS p;
	CUgraphNode n;

	memset(&p, 0, sizeof p);
	p.func = f;
	p.gridDimX = p.gridDimY = p.gridDimZ = 1;
	p.blockDimX = p.blockDimY = p.blockDimZ = 1;
	p.kernelParams = args;
	CK(cuGraphAddKernelNode(&n, g, dep, ndep, &p));
	return n;
}

/* A graph of a WHILE node on a handle of default 1 whose body is one
 * kernel node, inc(args), or with args NULL one empty node: nothing ends
 * it. */
static CUgraph
endless(CUcontext ctx, void **args)
{
	CUgraph g, *b;
	CUgraphNode n;
	CUgraphConditionalHandle h;

	CK(cuGraphCreate(&g, 0));
	CK(cuGraphConditionalHandleCreate(&h, g, ctx, 1, CU_GRAPH_COND_ASSIGN_DEFAULT));
	CK(addcond(&n, g, NULL, 0, h, CU_GRAPH_COND_TYPE_WHILE, 1, &b));
	if (args)
		kernel(b[0], NULL, 0, finc, args);
	else
		CK(cuGraphAddEmptyNode(&n, b[0], NULL, 0));
	return g;
}

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static void
still_running(int sig)
{
	(void)sig;
	/* the loop runs on, past 2^24 runs */
	static const char msg[] = "a loop no kernel ends, no budget: still running after twice the time of 2^24 runs\n";
	if (write(1, msg, sizeof msg - 1) < 0)
		_Exit(2);
	_Exit(0);
}

/* gcond rate: the seconds 2^20 runs of an empty body take (run with
 * PTXKIT_MAX_STEPS=1048576, the loop ends there).  gcond forever: the same
 * loop with no budget, given twice the time 2^24 runs take (from a run of
 * gcond rate) and more than a second; it must still be running then. */
static int
forever(CUcontext ctx, const char *self, int rate)
{
	CUgraphExec x;
	double t, secs;
	char cmd[1024];
	FILE *p;
	CUresult r;

	CK(cuGraphInstantiate(&x, endless(ctx, NULL), 0));
	if (rate) {
		t = now();
		r = cuGraphLaunch(x, NULL);
		printf("%s %.6f\n", ename(r), now() - t);
		return r != CUDA_ERROR_LAUNCH_TIMEOUT;
	}
	snprintf(cmd, sizeof cmd, "PTXKIT_MAX_STEPS=1048576 '%s' rate", self);
	if (!(p = popen(cmd, "r")) || fscanf(p, "CUDA_ERROR_LAUNCH_TIMEOUT %lf", &t) != 1) {
		printf("gcond rate: no time\n");
		return 1;
	}
	pclose(p);
	secs = 2 * 16 * t + 1;
	signal(SIGALRM, still_running);
	alarm((unsigned)secs + 1);
	r = cuGraphLaunch(x, NULL);
	printf("a loop no kernel ends, no budget: %s\n", ename(r));
	return 1;
}

/* launches x once with *cnt = 0 first; *cnt after */
static int
launch(CUgraphExec x, CUdeviceptr cnt, const char *what)
{
	int v = -1;
	CUresult r;

	CK(cuMemsetD32(cnt, 0, 1));
	r = cuGraphLaunch(x, NULL);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(&v, cnt, 4));
	printf("%s: %s, count %d\n", what, ename(r), v);
	return v;
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule m;
	CUdeviceptr cnt;
	CUgraph g, *b, c;
	CUgraphNode n, k;
	CUgraphExec x, x2;
	CUgraphConditionalHandle h, h2;
	CUgraphNodeType t;
	unsigned v;
	void *inc_args[] = { &cnt };

	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CK(cuCtxSetCurrent(ctx));
	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&fset, m, "setc"));
	CK(cuModuleGetFunction(&finc, m, "inc"));
	CK(cuMemAlloc(&cnt, 4));
	if (argc > 1 && (!strcmp(argv[1], "forever") || !strcmp(argv[1], "rate")))
		return forever(ctx, argv[0], !strcmp(argv[1], "rate"));

	/* handles and the parameters refused */
	CK(cuGraphCreate(&g, 0));
	printf("handle flags 2: %s\n", ename(cuGraphConditionalHandleCreate(&h, g, ctx, 0, 2)));
	RISKY("handle null out", cuGraphConditionalHandleCreate(NULL, g, ctx, 0, 0));
	RISKY("handle null graph", cuGraphConditionalHandleCreate(&h, NULL, ctx, 0, 0));
	CK(cuGraphConditionalHandleCreate(&h, g, ctx, 0, 0));
	printf("if size 3: %s\n", ename(addcond(&n, g, NULL, 0, h, CU_GRAPH_COND_TYPE_IF, 3, NULL)));
	printf("if size 0: %s\n", ename(addcond(&n, g, NULL, 0, h, CU_GRAPH_COND_TYPE_IF, 0, NULL)));
	printf("while size 2: %s\n", ename(addcond(&n, g, NULL, 0, h, CU_GRAPH_COND_TYPE_WHILE, 2, NULL)));
	printf("switch size 0: %s\n", ename(addcond(&n, g, NULL, 0, h, CU_GRAPH_COND_TYPE_SWITCH, 0, NULL)));
	printf("type 3: %s\n", ename(addcond(&n, g, NULL, 0, h, (CUgraphConditionalNodeType)3, 1, NULL)));
	printf("handle 0: %s\n", ename(addcond(&n, g, NULL, 0, 0, CU_GRAPH_COND_TYPE_IF, 1, NULL)));

	/* IF after a kernel that sets the value: the body counts */
	{
		void *sa[] = { &h, &v };
		k = kernel(g, NULL, 0, fset, sa);
	}
	printf("if node: %s\n", ename(addcond(&n, g, &k, 1, h, CU_GRAPH_COND_TYPE_IF, 2, &b)));
	CK(cuGraphNodeGetType(n, &t));
	printf("type %d, bodies %s\n", (int)t, b && b[0] && b[1] && b[0] != b[1] ? "two" : "wrong");
	kernel(b[0], NULL, 0, finc, inc_args);
	k = kernel(b[1], NULL, 0, finc, inc_args);
	kernel(b[1], &k, 1, finc, inc_args);   /* one after the other: inc is not atomic */
	printf("clone: %s\n", ename(cuGraphClone(&c, g)));
	CK(cuGraphCreate(&c, 0));
	printf("as a child: %s\n", ename(cuGraphAddChildGraphNode(&k, c, NULL, 0, g)));
	CK(cuGraphDestroy(c));
	CK(cuGraphInstantiate(&x, g, 0));
	printf("second executable: %s\n", ename(cuGraphInstantiate(&x2, g, 0)));
	/* the kernel's argument is read when the node is set: set it again */
	for (v = 0; v < 2; v++) {
		void *sa[] = { &h, &v };
		CUDA_KERNEL_NODE_PARAMS p;
		CUgraphNode roots[4];
		size_t nr = 4;
		CK(cuGraphGetRootNodes(g, roots, &nr));
		memset(&p, 0, sizeof p);
		p.func = fset;
		p.gridDimX = p.gridDimY = p.gridDimZ = 1;
		p.blockDimX = p.blockDimY = p.blockDimZ = 1;
		p.kernelParams = sa;
		CK(cuGraphExecKernelNodeSetParams(x, roots[0], &p));
		launch(x, cnt, v ? "if 1" : "if 0 (else)");
	}
	CK(cuGraphExecDestroy(x));
	printf("executable again: %s\n", ename(cuGraphInstantiate(&x, g, 0)));
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));
	CK(cuGraphCreate(&g, 0));
	RISKY("node on a handle of a graph gone", addcond(&n, g, NULL, 0, h, CU_GRAPH_COND_TYPE_IF, 1, NULL));
	CK(cuGraphDestroy(g));

	/* WHILE on a default of 1 applied at each launch: the body counts and,
	 * the third time, sets 0 */
	CK(cuGraphCreate(&g, 0));
	CK(cuGraphConditionalHandleCreate(&h, g, ctx, 1, CU_GRAPH_COND_ASSIGN_DEFAULT));
	CK(addcond(&n, g, NULL, 0, h, CU_GRAPH_COND_TYPE_WHILE, 1, &b));
	{
		CUgraphNode a[3];
		unsigned zero = 0;
		void *sa[] = { &h, &zero };
		a[0] = kernel(b[0], NULL, 0, finc, inc_args);
		a[1] = kernel(b[0], &a[0], 1, finc, inc_args);
		a[2] = kernel(b[0], &a[1], 1, finc, inc_args);
		kernel(b[0], &a[2], 1, fset, sa);
	}
	CK(cuGraphInstantiate(&x, g, 0));
	launch(x, cnt, "while, launch 1");
	launch(x, cnt, "while, launch 2");
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));

	/* SWITCH of 4 bodies, body i counting i + 1 times; the value from a
	 * kernel, then 9 (none) */
	CK(cuGraphCreate(&g, 0));
	CK(cuGraphConditionalHandleCreate(&h2, g, ctx, 0, 0));
	{
		unsigned sel = 2;
		void *sa[] = { &h2, &sel };
		k = kernel(g, NULL, 0, fset, sa);
		CK(addcond(&n, g, &k, 1, h2, CU_GRAPH_COND_TYPE_SWITCH, 4, &b));
		for (int i = 0; i < 4; i++) {
			CUgraphNode prev = kernel(b[i], NULL, 0, finc, inc_args);
			for (int j = 1; j <= i; j++)
				prev = kernel(b[i], &prev, 1, finc, inc_args);
		}
		CK(cuGraphInstantiate(&x, g, 0));
		launch(x, cnt, "switch 2");
		sel = 9;
		CK(cuGraphExecKernelNodeSetParams(x, k, &(CUDA_KERNEL_NODE_PARAMS){ .func = fset,
		    .gridDimX = 1, .gridDimY = 1, .gridDimZ = 1, .blockDimX = 1, .blockDimY = 1,
		    .blockDimZ = 1, .kernelParams = sa }));
		launch(x, cnt, "switch 9");
		CK(cuGraphExecDestroy(x));
	}
	CK(cuGraphDestroy(g));

	/* what only the shim answers: a handle that names nothing set by a
	 * kernel outside any graph; a loop whose body never ends it */
	if (!getenv("PTXKIT_REAL_DRIVER")) {
		unsigned one = 1;
		CUgraphConditionalHandle bad = 0x123456789ull;
		void *sa[] = { &bad, &one };
		int v = -1;
		g = endless(ctx, inc_args);
		CK(cuGraphInstantiate(&x, g, 0));
		CK(cuMemsetD32(cnt, 0, 1));
		printf("~ a loop no kernel ends: %s", ename(cuGraphLaunch(x, NULL)));
		CK(cuMemcpyDtoH(&v, cnt, 4));
		printf(", its body ran %d times\n", v);
		CK(cuGraphExecDestroy(x));
		CK(cuGraphDestroy(g));
		/* the launch returns once queued; the fault is the next call's */
		printf("~ set a handle that names nothing: %s",
		    ename(cuLaunchKernel(fset, 1, 1, 1, 1, 1, 1, 0, NULL, sa, NULL)));
		printf(", then %s\n", ename(cuCtxSynchronize()));
	}
	printf("done\n");
	return 0;
}

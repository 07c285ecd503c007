// graph_cond.cu -- conditional graph nodes (CUDA 12.3+): a handle made by
// cudaGraphConditionalHandleCreate, nodes added by cudaGraphAddNode with
// cudaGraphNodeParams.conditional, and kernels that set the condition with
// cudaGraphSetConditional.  IF with one body and with two (the second runs
// when the condition is 0), WHILE driven by a kernel of its body, WHILE on
// a default value applied each launch (cudaGraphCondAssignDefault), SWITCH
// on in-range and out-of-range values; each exec graph launched again with
// other values.  Then what the runtime refuses for a graph that holds a
// conditional node: a clone, a second executable, a child graph node.
#include "check.h"

// the condition of h from memory, so that a launch's value is set by a copy
__global__ void
setc(cudaGraphConditionalHandle h, const int *v)
{
	cudaGraphSetConditional(h, (unsigned)*v);
}

__global__ void
add(int *p, int v)
{
	*p += v;
}

// a loop body: count down *n, go on while it is above 0
__global__ void
step(cudaGraphConditionalHandle h, int *n, int *sum)
{
	*sum += *n;
	*n -= 1;
	cudaGraphSetConditional(h, *n > 0);
}

static int
fail(const char *what)
{
	fprintf(stderr, "wrong: %s\n", what);
	return 1;
}

static cudaGraphNode_t
kernel(cudaGraph_t g, const cudaGraphNode_t *dep, size_t ndep, void *fn, void **args)
{
	cudaGraphNode_t n;
	cudaKernelNodeParams kp = {};
	kp.func = fn;
	kp.gridDim = dim3(1);
	kp.blockDim = dim3(1);
	kp.kernelParams = args;
	CHECK(cudaGraphAddKernelNode(&n, g, dep, ndep, &kp));
	return n;
}

// a conditional node of type t with size bodies after dep; the bodies
// come back in body[]
static cudaGraphNode_t
cond(cudaGraph_t g, cudaGraphNode_t *dep, size_t ndep, cudaGraphConditionalHandle h,
    enum cudaGraphConditionalNodeType t, unsigned size, cudaGraph_t *body)
{
	cudaGraphNodeParams np = {};
	cudaGraphNode_t n;
	np.type = cudaGraphNodeTypeConditional;
	np.conditional.handle = h;
	np.conditional.type = t;
	np.conditional.size = size;
	CHECK(cudaGraphAddNode(&n, g, dep, NULL, ndep, &np));
	for (unsigned i = 0; i < size; i++)
		body[i] = np.conditional.phGraph_out[i];
	return n;
}

// launch x with *val = v, return *acc after it (reset to 0 before)
static int
run(cudaGraphExec_t x, cudaStream_t s, int *val, int v, int *acc)
{
	int r;
	CHECK(cudaMemcpyAsync(val, &v, sizeof v, cudaMemcpyHostToDevice, s));
	CHECK(cudaMemsetAsync(acc, 0, sizeof r, s));
	CHECK(cudaGraphLaunch(x, s));
	CHECK(cudaMemcpyAsync(&r, acc, sizeof r, cudaMemcpyDeviceToHost, s));
	CHECK(cudaStreamSynchronize(s));
	return r;
}

int
main()
{
	cudaStream_t s;
	int *d, *val, *acc, *n, *sum;
	CHECK(cudaStreamCreate(&s));
	CHECK(cudaMalloc(&d, 64));
	CHECK(cudaMemset(d, 0, 64));
	val = d, acc = d + 1, n = d + 2, sum = d + 3;

	// IF, one body: acc += 1 when the value is not 0
	cudaGraph_t g, body[4];
	cudaGraphConditionalHandle h;
	cudaGraphExec_t x;
	CHECK(cudaGraphCreate(&g, 0));
	CHECK(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
	{
		void *sa[] = { &h, &val };
		cudaGraphNode_t k = kernel(g, NULL, 0, (void *)setc, sa);
		cond(g, &k, 1, h, cudaGraphCondTypeIf, 1, body);
		int one = 1;
		void *aa[] = { &acc, &one };
		kernel(body[0], NULL, 0, (void *)add, aa);
	}
	CHECK(cudaGraphInstantiate(&x, g, 0));
	{
		int a = run(x, s, val, 1, acc);
		int b = run(x, s, val, 0, acc);
		int c = run(x, s, val, 5, acc);
		printf("if: 1 -> %d, 0 -> %d, 5 -> %d\n", a, b, c);
		if (a != 1 || b != 0 || c != 1)
			return fail("if");
	}

	// what a graph with a conditional node may not do
	{
		cudaGraph_t c = NULL, p;
		cudaGraphExec_t x2 = NULL;
		cudaGraphNode_t cn;
		cudaError_t e = cudaGraphClone(&c, g);
		printf("clone: %s\n", cudaGetErrorName(e));
		if (e == cudaSuccess)
			CHECK(cudaGraphDestroy(c));
		(void)cudaGetLastError();
		e = cudaGraphInstantiate(&x2, g, 0);
		printf("second instantiate: %s\n", cudaGetErrorName(e));
		if (e == cudaSuccess)
			CHECK(cudaGraphExecDestroy(x2));
		(void)cudaGetLastError();
		CHECK(cudaGraphCreate(&p, 0));
		e = cudaGraphAddChildGraphNode(&cn, p, NULL, 0, g);
		printf("as a child: %s\n", cudaGetErrorName(e));
		(void)cudaGetLastError();
		CHECK(cudaGraphDestroy(p));
	}
	CHECK(cudaGraphExecDestroy(x));
	CHECK(cudaGraphDestroy(g));

	// IF with an ELSE body: +10 when not 0, +100 when 0
	CHECK(cudaGraphCreate(&g, 0));
	CHECK(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
	{
		void *sa[] = { &h, &val };
		cudaGraphNode_t k = kernel(g, NULL, 0, (void *)setc, sa);
		cond(g, &k, 1, h, cudaGraphCondTypeIf, 2, body);
		int ten = 10, hundred = 100;
		void *a0[] = { &acc, &ten }, *a1[] = { &acc, &hundred };
		kernel(body[0], NULL, 0, (void *)add, a0);
		kernel(body[1], NULL, 0, (void *)add, a1);
	}
	CHECK(cudaGraphInstantiate(&x, g, 0));
	{
		int a = run(x, s, val, 1, acc);
		int b = run(x, s, val, 0, acc);
		printf("if/else: 1 -> %d, 0 -> %d\n", a, b);
		if (a != 10 || b != 100)
			return fail("if/else");
	}
	CHECK(cudaGraphExecDestroy(x));
	CHECK(cudaGraphDestroy(g));

	// WHILE: the body counts *n down from the value, adding each to *sum;
	// a kernel before the node sets the first condition
	CHECK(cudaGraphCreate(&g, 0));
	CHECK(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
	{
		void *sa[] = { &h, &val };
		cudaGraphNode_t k = kernel(g, NULL, 0, (void *)setc, sa);
		cond(g, &k, 1, h, cudaGraphCondTypeWhile, 1, body);
		void *ba[] = { &h, &n, &sum };
		kernel(body[0], NULL, 0, (void *)step, ba);
	}
	CHECK(cudaGraphInstantiate(&x, g, 0));
	for (int v = 0; v <= 5; v += 5) {
		int r[2];
		CHECK(cudaMemcpy(n, &v, sizeof v, cudaMemcpyHostToDevice));
		CHECK(cudaMemset(sum, 0, sizeof v));
		CHECK(cudaMemcpy(val, &v, sizeof v, cudaMemcpyHostToDevice));
		CHECK(cudaGraphLaunch(x, s));
		CHECK(cudaStreamSynchronize(s));
		CHECK(cudaMemcpy(r, n, sizeof r, cudaMemcpyDeviceToHost));
		printf("while from %d: n %d, sum %d\n", v, r[0], r[1]);
		if (r[0] != 0 || r[1] != v * (v + 1) / 2)
			return fail("while");
	}
	CHECK(cudaGraphExecDestroy(x));
	CHECK(cudaGraphDestroy(g));

	// WHILE on the default value alone, applied at each launch: 1 enters
	// the loop every time, the body ends it
	CHECK(cudaGraphCreate(&g, 0));
	CHECK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
	{
		cond(g, NULL, 0, h, cudaGraphCondTypeWhile, 1, body);
		void *ba[] = { &h, &n, &sum };
		kernel(body[0], NULL, 0, (void *)step, ba);
	}
	CHECK(cudaGraphInstantiate(&x, g, 0));
	for (int i = 0; i < 2; i++) {
		int three = 3, r[2];
		CHECK(cudaMemcpy(n, &three, sizeof three, cudaMemcpyHostToDevice));
		CHECK(cudaMemset(sum, 0, sizeof three));
		CHECK(cudaGraphLaunch(x, s));
		CHECK(cudaStreamSynchronize(s));
		CHECK(cudaMemcpy(r, n, sizeof r, cudaMemcpyDeviceToHost));
		printf("while on the default, launch %d: n %d, sum %d\n", i, r[0], r[1]);
		if (r[0] != 0 || r[1] != 6)
			return fail("while on the default");
	}
	CHECK(cudaGraphExecDestroy(x));
	CHECK(cudaGraphDestroy(g));

	// SWITCH of 3 bodies: body i adds 1000 << i; 3 and above run none
	CHECK(cudaGraphCreate(&g, 0));
	CHECK(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
	int adds[3] = { 1000, 2000, 4000 };
	{
		void *sa[] = { &h, &val };
		cudaGraphNode_t k = kernel(g, NULL, 0, (void *)setc, sa);
		cond(g, &k, 1, h, cudaGraphCondTypeSwitch, 3, body);
		for (int i = 0; i < 3; i++) {
			void *aa[] = { &acc, &adds[i] };
			kernel(body[i], NULL, 0, (void *)add, aa);
		}
	}
	CHECK(cudaGraphInstantiate(&x, g, 0));
	{
		int vs[5] = { 0, 1, 2, 3, 7 }, r[5];
		for (int i = 0; i < 5; i++)
			r[i] = run(x, s, val, vs[i], acc);
		printf("switch: 0 -> %d, 1 -> %d, 2 -> %d, 3 -> %d, 7 -> %d\n", r[0], r[1], r[2], r[3], r[4]);
		if (r[0] != 1000 || r[1] != 2000 || r[2] != 4000 || r[3] != 0 || r[4] != 0)
			return fail("switch");
	}
	CHECK(cudaGraphExecDestroy(x));
	CHECK(cudaGraphDestroy(g));

	CHECK(cudaStreamDestroy(s));
	CHECK(cudaFree(d));
	printf("graph_cond ok\n");
	return 0;
}

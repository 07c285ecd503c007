/*
 * extsem.c -- graph nodes of external semaphores, which no semaphore
 * here can be (cuImportExternalSemaphore refuses every descriptor): a
 * signal or wait node is refused for its list, empty, missing or naming
 * no semaphore, and reading or setting such a node's parameters is
 * refused for any node.  extsem.out is what the shim prints.
 */
#include "shimtest.h"

int
main(void)
{
	CUcontext ctx;
	CUgraph g;
	CUgraphNode nd, emp;
	CUgraphExec x;
	CUDA_EXT_SEM_SIGNAL_NODE_PARAMS sp;
	CUDA_EXT_SEM_WAIT_NODE_PARAMS wp;
	CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS ssp;
	CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS swp;
	CUexternalSemaphore made_up = (CUexternalSemaphore)(uintptr_t)0x1234;
	size_t n = 8;
	CUgraphNode nodes[8];

	CK(cuInit(0));
	CK(cuCtxCreate(&ctx, NULL, 0, 0));
	CK(cuGraphCreate(&g, 0));
	CK(cuGraphAddEmptyNode(&emp, g, NULL, 0));
	memset(&sp, 0, sizeof sp);
	memset(&wp, 0, sizeof wp);
	memset(&ssp, 0, sizeof ssp);
	memset(&swp, 0, sizeof swp);
	printf("signal node, no semaphores: %s\n", ename(cuGraphAddExternalSemaphoresSignalNode(&nd, g, NULL, 0, &sp)));
	printf("wait node, no semaphores: %s\n", ename(cuGraphAddExternalSemaphoresWaitNode(&nd, g, NULL, 0, &wp)));
	sp.extSemArray = wp.extSemArray = &made_up;
	sp.paramsArray = &ssp;
	wp.paramsArray = &swp;
	sp.numExtSems = wp.numExtSems = 1;
	printf("signal node, a made-up semaphore: %s\n",
	       ename(cuGraphAddExternalSemaphoresSignalNode(&nd, g, &emp, 1, &sp)));
	printf("wait node, a made-up semaphore: %s\n", ename(cuGraphAddExternalSemaphoresWaitNode(&nd, g, &emp, 1, &wp)));
	CK(cuGraphGetNodes(g, nodes, &n));
	printf("nodes in the graph: %zu\n", n);
	printf("signal parameters of an empty node: %s\n", ename(cuGraphExternalSemaphoresSignalNodeGetParams(emp, &sp)));
	printf("wait parameters of an empty node: %s\n", ename(cuGraphExternalSemaphoresWaitNodeGetParams(emp, &wp)));
	printf("signal parameters set on it: %s\n", ename(cuGraphExternalSemaphoresSignalNodeSetParams(emp, &sp)));
	printf("wait parameters set on it: %s\n", ename(cuGraphExternalSemaphoresWaitNodeSetParams(emp, &wp)));
	CK(cuGraphInstantiate(&x, g, 0));
	printf("in an executable, signal: %s\n", ename(cuGraphExecExternalSemaphoresSignalNodeSetParams(x, emp, &sp)));
	printf("in an executable, wait: %s\n", ename(cuGraphExecExternalSemaphoresWaitNodeSetParams(x, emp, &wp)));
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));
	CK(cuCtxDestroy(ctx));
	printf("done\n");
	return 0;
}

/*
 * gmemop.c -- graph nodes of batched memory operations
 * (cuGraphAddBatchMemOpNode, and through cuGraphAddNode): writes and a
 * wait run when the graph is launched, not when the node is added; the
 * node's parameters read back, set in the graph and in an executable;
 * its type; a node of no operations, which is taken; what is refused
 * (flags, an operation the driver does not know).  gmemop.out is what the
 * shim prints and an H200 with driver 580 printed, line for line.
 */
#include "shimtest.h"

static void
show(const char *what, CUdeviceptr w)
{
	unsigned v[4];

	CK(cuMemcpyDtoH(v, w, sizeof v));
	printf("%s: %u, 64-bit %llu\n", what, v[0], (unsigned long long)v[3] << 32 | v[2]);
}

int
main(void)
{
	CUcontext ctx;
	CUgraph g;
	CUgraphNode nd, emp, nd2;
	CUgraphExec x;
	CUdeviceptr w;
	CUstreamBatchMemOpParams op[3];
	CUDA_BATCH_MEM_OP_NODE_PARAMS bp, got;
	CUgraphNodeType type;
	CUgraphNodeParams np;

	CK(cuInit(0));
	CK(cuCtxCreate(&ctx, NULL, 0, 0));
	CK(cuMemAlloc(&w, 64));
	CK(cuMemsetD32(w, 0, 16));
	CK(cuGraphCreate(&g, 0));
	CK(cuGraphAddEmptyNode(&emp, g, NULL, 0));

	memset(op, 0, sizeof op);
	op[0].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
	op[0].writeValue.address = w;
	op[0].writeValue.value = 7;
	op[1].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_64;
	op[1].writeValue.address = w + 8;
	op[1].writeValue.value64 = 9;
	op[2].waitValue.operation = CU_STREAM_MEM_OP_WAIT_VALUE_32;
	op[2].waitValue.address = w;
	op[2].waitValue.value = 7;
	op[2].waitValue.flags = CU_STREAM_WAIT_VALUE_EQ;
	bp = (CUDA_BATCH_MEM_OP_NODE_PARAMS){ctx, 3, op, 0};
	CK(cuGraphAddBatchMemOpNode(&nd, g, &emp, 1, &bp));
	show("added, not run", w);
	CK(cuGraphNodeGetType(nd, &type));
	printf("type: %d (CU_GRAPH_NODE_TYPE_BATCH_MEM_OP %d)\n", (int)type, CU_GRAPH_NODE_TYPE_BATCH_MEM_OP);
	memset(&got, 0, sizeof got);
	CK(cuGraphBatchMemOpNodeGetParams(nd, &got));
	printf("parameters: count %u, flags %u, context %d, operation 0 writes %llu\n", got.count, got.flags,
	       got.ctx == ctx, (unsigned long long)got.paramArray[0].writeValue.value);
	op[0].writeValue.value = 1000;   /* the node keeps its own copy */

	CK(cuGraphInstantiate(&x, g, 0));
	CK(cuGraphLaunch(x, NULL));
	CK(cuCtxSynchronize());
	show("launched", w);

	/* set in the executable, as many operations as it has (an H200
	 * refused one of 1): the graph's node keeps its own */
	op[0].writeValue.value = 11;
	bp.count = 1;
	printf("executable's set of another count: %s\n", ename(cuGraphExecBatchMemOpNodeSetParams(x, nd, &bp)));
	bp.count = 3;
	op[2].waitValue.value = 11;
	CK(cuGraphExecBatchMemOpNodeSetParams(x, nd, &bp));
	CK(cuGraphLaunch(x, NULL));
	CK(cuCtxSynchronize());
	show("executable's set", w);
	CK(cuGraphBatchMemOpNodeGetParams(nd, &got));
	printf("the graph's node: count %u\n", got.count);

	/* set in the graph, instantiated again */
	op[0].writeValue.value = 12;
	op[2].waitValue.value = 12;
	CK(cuGraphBatchMemOpNodeSetParams(nd, &bp));
	CK(cuGraphExecDestroy(x));
	CK(cuGraphInstantiate(&x, g, 0));
	CK(cuGraphLaunch(x, NULL));
	CK(cuCtxSynchronize());
	show("graph's set", w);

	/* through cuGraphAddNode */
	memset(&np, 0, sizeof np);
	np.type = CU_GRAPH_NODE_TYPE_BATCH_MEM_OP;
	op[0].writeValue.value = 21;
	op[2].waitValue.value = 21;
	np.memOp = (CUDA_BATCH_MEM_OP_NODE_PARAMS_v2){bp.ctx, bp.count, bp.paramArray, bp.flags};
	CK(cuGraphAddNode(&nd2, g, &nd, NULL, 1, &np));
	CK(cuGraphExecDestroy(x));
	CK(cuGraphInstantiate(&x, g, 0));
	CK(cuGraphLaunch(x, NULL));
	CK(cuCtxSynchronize());
	show("cuGraphAddNode's", w);

	printf("no operations: %s\n",
	       ename(cuGraphAddBatchMemOpNode(&nd2, g, NULL, 0, &(CUDA_BATCH_MEM_OP_NODE_PARAMS){ctx, 0, op, 0})));
	printf("flags 1: %s\n",
	       ename(cuGraphAddBatchMemOpNode(&nd2, g, NULL, 0, &(CUDA_BATCH_MEM_OP_NODE_PARAMS){ctx, 1, op, 1})));
	op[2].operation = (CUstreamBatchMemOpType)77;
	printf("operation 77: %s\n",
	       ename(cuGraphAddBatchMemOpNode(&nd2, g, NULL, 0, &(CUDA_BATCH_MEM_OP_NODE_PARAMS){ctx, 3, op, 0})));
	printf("parameters of an empty node: %s\n", ename(cuGraphBatchMemOpNodeGetParams(emp, &got)));

	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));
	CK(cuMemFree(w));
	CK(cuCtxDestroy(ctx));
	printf("done\n");
	return 0;
}

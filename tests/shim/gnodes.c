/*
 * gnodes.c -- graph node kinds beyond kernels, copies, fills and host
 * functions' creation: event record and wait nodes, child graphs, the
 * parameters of host, copy and fill nodes read back and changed (in the
 * graph and in an executable), nodes disabled in an executable, a node
 * found in a clone, memory allocation and free nodes with the device's
 * graph memory attributes, the generic cuGraphAddNode/cuGraphNodeSetParams/
 * cuGraphExecNodeSetParams and cuGraphDebugDotPrint; each also called
 * with the wrong node kind and NULL arguments.  One line per call: its
 * result and what it answered, so that a GPU's run (gnodes.gpu) and the
 * shim's (gnodes.out) compare line by line.
 *
 *	gnodes [DOTFILE]
 *
 * Exits 1 at the first unexpected failure of a call that sets things up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

/* k(int *p): p[tid] += 1 */
static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd2, %r1, 4;\n"
	"\tadd.s64 %rd3, %rd1, %rd2;\n\tld.global.u32 %r2, [%rd3];\n\tadd.s32 %r2, %r2, 1;\n"
	"\tst.global.u32 [%rd3], %r2;\n\tret;\n}\n";

static CUfunction kfn;
static int hostlog[8], nhostlog;

static void
host_a(void *p)
{
	if (nhostlog < 8)
		hostlog[nhostlog++] = 100 + *(int *)p;
}

static void
host_b(void *p)
{
	if (nhostlog < 8)
		hostlog[nhostlog++] = 200 + *(int *)p;
}

static void
kparams(CUDA_KERNEL_NODE_PARAMS *p, void **args, unsigned threads)
{
	memset(p, 0, sizeof *p);
	p->func = kfn;
	p->gridDimX = p->gridDimY = p->gridDimZ = 1;
	p->blockDimX = threads, p->blockDimY = p->blockDimZ = 1;
	p->kernelParams = args;
}

static void
fparams(CUDA_MEMSET_NODE_PARAMS *p, CUdeviceptr dst, unsigned v, size_t n)
{
	memset(p, 0, sizeof *p);
	p->dst = dst;
	p->value = v;
	p->elementSize = 4;
	p->width = n;
	p->height = 1;
	p->pitch = 0;
}

static void
show_buf(const char *what, CUdeviceptr b, int n)
{
	int h[8];

	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(h, b, (size_t)n * 4));
	printf("%s:", what);
	for (int i = 0; i < n; i++)
		printf(" %d", h[i]);
	printf("\n");
}

static void
events(CUdeviceptr buf)
{
	CUgraph g;
	CUgraphNode kn, rec, wait, e, rec2;
	CUgraphExec x;
	CUevent ev, ev2, got;
	CUDA_KERNEL_NODE_PARAMS kp;
	void *args[] = { &buf };
	CUgraphNodeType t;
	float ms = -1;

	CK(cuEventCreate(&ev, 0));
	CK(cuEventCreate(&ev2, 0));
	CK(cuGraphCreate(&g, 0));
	CK(cuGraphAddEmptyNode(&e, g, NULL, 0));
	printf("record node: %s\n", ename(cuGraphAddEventRecordNode(&rec, g, NULL, 0, ev)));
	kparams(&kp, args, 4);
	CK(cuGraphAddKernelNode(&kn, g, &rec, 1, &kp));
	printf("record node 2: %s\n", ename(cuGraphAddEventRecordNode(&rec2, g, &kn, 1, ev2)));
	printf("wait node: %s\n", ename(cuGraphAddEventWaitNode(&wait, g, &rec2, 1, ev)));
	CK(cuGraphNodeGetType(rec, &t));
	printf("record type %d\n", (int)t);
	CK(cuGraphNodeGetType(wait, &t));
	printf("wait type %d\n", (int)t);
	got = NULL;
	{
		CUresult r_ = cuGraphEventRecordNodeGetEvent(rec, &got);
		printf("record get: %s %s\n", ename(r_), got == ev ? "ev" : "other");
	}
	got = NULL;
	{
		CUresult r_ = cuGraphEventWaitNodeGetEvent(wait, &got);
		printf("wait get: %s %s\n", ename(r_), got == ev ? "ev" : "other");
	}
	printf("record get on wait: %s\n", ename(cuGraphEventRecordNodeGetEvent(wait, &got)));
	printf("wait get on record: %s\n", ename(cuGraphEventWaitNodeGetEvent(rec, &got)));
	printf("record get on empty: %s\n", ename(cuGraphEventRecordNodeGetEvent(e, &got)));
	RISKY("record get null", cuGraphEventRecordNodeGetEvent(rec, NULL));
	RISKY("record node null event", cuGraphAddEventRecordNode(&e, g, NULL, 0, NULL));
	RISKY("wait node null event", cuGraphAddEventWaitNode(&e, g, NULL, 0, NULL));
	RISKY("record node null out", cuGraphAddEventRecordNode(NULL, g, NULL, 0, ev));
	RISKY("record node null graph", cuGraphAddEventRecordNode(&e, NULL, NULL, 0, ev));
	printf("wait set ev2: %s\n", ename(cuGraphEventWaitNodeSetEvent(wait, ev2)));
	got = NULL;
	{
		CUresult r_ = cuGraphEventWaitNodeGetEvent(wait, &got);
		printf("wait get: %s %s\n", ename(r_), got == ev2 ? "ev2" : "other");
	}
	RISKY("record set null", cuGraphEventRecordNodeSetEvent(rec, NULL));
	printf("wait set on record: %s\n", ename(cuGraphEventWaitNodeSetEvent(rec, ev)));
	CK(cuMemsetD32(buf, 0, 8));
	CK(cuGraphInstantiate(&x, g, 0));
	printf("launch: %s\n", ename(cuGraphLaunch(x, NULL)));
	CK(cuStreamSynchronize(NULL));
	{
		CUresult r_ = cuEventQuery(ev);
		printf("query ev: %s ev2: %s\n", ename(r_), ename(cuEventQuery(ev2)));
	}
	{
		CUresult r_ = cuEventElapsedTime(&ms, ev, ev2);
		printf("elapsed: %s %s\n", ename(r_), ms >= 0 ? "nonnegative" : "negative");
	}
	show_buf("after events", buf, 4);
	printf("exec record set ev2: %s\n", ename(cuGraphExecEventRecordNodeSetEvent(x, rec, ev2)));
	printf("exec wait set ev: %s\n", ename(cuGraphExecEventWaitNodeSetEvent(x, wait, ev)));
	printf("exec record set on wait: %s\n", ename(cuGraphExecEventRecordNodeSetEvent(x, wait, ev)));
	RISKY("exec record set null", cuGraphExecEventRecordNodeSetEvent(x, rec, NULL));
	printf("launch: %s\n", ename(cuGraphLaunch(x, NULL)));
	CK(cuStreamSynchronize(NULL));
	show_buf("after events 2", buf, 4);
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));
	CK(cuEventDestroy(ev));
	CK(cuEventDestroy(ev2));
}

static void
children(CUdeviceptr buf)
{
	CUgraph child, child2, child3, parent, emb;
	CUgraphNode fill, kn, cn, cn2, x1, e;
	CUgraphExec x;
	CUDA_MEMSET_NODE_PARAMS fp;
	CUDA_KERNEL_NODE_PARAMS kp;
	void *args[] = { &buf };
	size_t n = 0;
	CUgraphNodeType t;

	CK(cuGraphCreate(&child, 0));
	fparams(&fp, buf, 10, 4);
	CK(cuGraphAddMemsetNode(&fill, child, NULL, 0, &fp, NULL));
	kparams(&kp, args, 4);
	CK(cuGraphAddKernelNode(&kn, child, &fill, 1, &kp));
	CK(cuGraphCreate(&parent, 0));
	printf("child node: %s\n", ename(cuGraphAddChildGraphNode(&cn, parent, NULL, 0, child)));
	CK(cuGraphNodeGetType(cn, &t));
	printf("child type %d\n", (int)t);
	emb = NULL;
	{
		CUresult r_ = cuGraphChildGraphNodeGetGraph(cn, &emb);
		printf("child get: %s %s\n", ename(r_),
		    emb == child ? "same graph" : emb ? "a copy" : "null");
	}
	CK(cuGraphGetNodes(emb, NULL, &n));
	printf("embedded nodes %zu\n", n);
	/* the child changed after it was added: the embedded copy is not */
	CK(cuGraphAddEmptyNode(&x1, child, &kn, 1));
	CK(cuGraphGetNodes(emb, NULL, &n));
	printf("embedded nodes after the child grew %zu\n", n);
	kparams(&kp, args, 2);
	printf("child node 2: %s\n", ename(cuGraphAddChildGraphNode(&cn2, parent, &cn, 1, child)));
	RISKY("child get null", cuGraphChildGraphNodeGetGraph(cn, NULL));
	CK(cuGraphAddEmptyNode(&e, parent, NULL, 0));
	printf("child get on empty: %s\n", ename(cuGraphChildGraphNodeGetGraph(e, &emb)));
	RISKY("child node null child", cuGraphAddChildGraphNode(&e, parent, NULL, 0, NULL));
	if (!getenv("PTXKIT_REAL_DRIVER")) {   /* RISKY, whose node goes again */
		CUgraphNode self;
		CUresult r_ = cuGraphAddChildGraphNode(&self, parent, NULL, 0, parent);
		printf("~ child node of itself: %s\n", ename(r_));
		if (r_ == CUDA_SUCCESS)
			CK(cuGraphDestroyNode(self));
	}
	CK(cuGraphInstantiate(&x, parent, 0));
	printf("launch: %s\n", ename(cuGraphLaunch(x, NULL)));
	show_buf("after children", buf, 4);

	/* the same shape, another fill value */
	CK(cuGraphCreate(&child2, 0));
	fparams(&fp, buf, 20, 4);
	CK(cuGraphAddMemsetNode(&fill, child2, NULL, 0, &fp, NULL));
	kparams(&kp, args, 4);
	CK(cuGraphAddKernelNode(&kn, child2, &fill, 1, &kp));
	CK(cuGraphAddEmptyNode(&x1, child2, &kn, 1));
	printf("exec child set: %s\n", ename(cuGraphExecChildGraphNodeSetParams(x, cn2, child2)));
	printf("launch: %s\n", ename(cuGraphLaunch(x, NULL)));
	show_buf("after child set", buf, 4);
	/* another shape */
	CK(cuGraphCreate(&child3, 0));
	CK(cuGraphAddMemsetNode(&fill, child3, NULL, 0, &fp, NULL));
	printf("exec child set other shape: %s\n", ename(cuGraphExecChildGraphNodeSetParams(x, cn2, child3)));
	printf("exec child set on empty: %s\n", ename(cuGraphExecChildGraphNodeSetParams(x, e, child2)));
	RISKY("exec child set null", cuGraphExecChildGraphNodeSetParams(x, cn2, NULL));
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(parent));
	CK(cuGraphDestroy(child));
	CK(cuGraphDestroy(child2));
	CK(cuGraphDestroy(child3));
}

static void
params(CUdeviceptr buf)
{
	CUgraph g, clone;
	CUgraphNode hn, cpy, fill, kn, e, found;
	CUgraphExec x;
	CUDA_HOST_NODE_PARAMS hp;
	CUDA_MEMSET_NODE_PARAMS fp;
	CUDA_MEMCPY3D cp;
	CUDA_KERNEL_NODE_PARAMS kp;
	void *args[] = { &buf };
	int one = 1, two = 2;
	unsigned en = 9;
	CUcontext ctx;

	CK(cuCtxGetCurrent(&ctx));
	CK(cuGraphCreate(&g, 0));
	hp.fn = host_a, hp.userData = &one;
	CK(cuGraphAddHostNode(&hn, g, NULL, 0, &hp));
	fparams(&fp, buf, 5, 4);
	CK(cuGraphAddMemsetNode(&fill, g, &hn, 1, &fp, ctx));
	kparams(&kp, args, 4);
	CK(cuGraphAddKernelNode(&kn, g, &fill, 1, &kp));
	memset(&cp, 0, sizeof cp);
	cp.srcMemoryType = cp.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	cp.srcDevice = buf, cp.dstDevice = buf + 16;
	cp.WidthInBytes = 16, cp.Height = 1, cp.Depth = 1;
	CK(cuGraphAddMemcpyNode(&cpy, g, &kn, 1, &cp, ctx));
	CK(cuGraphAddEmptyNode(&e, g, &cpy, 1));

	memset(&hp, 0, sizeof hp);
	{
		CUresult r_ = cuGraphHostNodeGetParams(hn, &hp);
		printf("host get: %s %s %s\n", ename(r_), hp.fn == host_a ? "host_a" : "other",
		    hp.userData == &one ? "one" : "other");
	}
	hp.fn = host_b;
	printf("host set: %s\n", ename(cuGraphHostNodeSetParams(hn, &hp)));
	printf("host get on empty: %s\n", ename(cuGraphHostNodeGetParams(e, &hp)));
	RISKY("host get null", cuGraphHostNodeGetParams(hn, NULL));
	hp.fn = NULL;
	RISKY("host set null fn", cuGraphHostNodeSetParams(hn, &hp));
	hp.fn = host_b;
	memset(&fp, 0x77, sizeof fp);
	{
		CUresult r_ = cuGraphMemsetNodeGetParams(fill, &fp);
		printf("memset get: %s value %u esz %u w %zu h %zu\n", ename(r_), fp.value,
		    fp.elementSize, fp.width, fp.height);
	}
	fp.value = 6;
	printf("memset set: %s\n", ename(cuGraphMemsetNodeSetParams(fill, &fp)));
	fp.elementSize = 3;
	printf("memset set esz 3: %s\n", ename(cuGraphMemsetNodeSetParams(fill, &fp)));
	fp.elementSize = 4;
	printf("memset get on host: %s\n", ename(cuGraphMemsetNodeGetParams(hn, &fp)));
	memset(&cp, 0x77, sizeof cp);
	{
		CUresult r_ = cuGraphMemcpyNodeGetParams(cpy, &cp);
		printf("memcpy get: %s w %zu h %zu d %zu src %s dst %s\n", ename(r_),
		    cp.WidthInBytes, cp.Height, cp.Depth, cp.srcDevice == buf ? "buf" : "other",
		    cp.dstDevice == buf + 16 ? "buf+16" : "other");
	}
	cp.dstDevice = buf + 32;
	printf("memcpy set: %s\n", ename(cuGraphMemcpyNodeSetParams(cpy, &cp)));
	printf("memcpy get on memset: %s\n", ename(cuGraphMemcpyNodeGetParams(fill, &cp)));
	RISKY("memcpy set null", cuGraphMemcpyNodeSetParams(cpy, NULL));

	CK(cuMemsetD32(buf, 0, 16));
	CK(cuGraphInstantiate(&x, g, 0));
	nhostlog = 0;
	printf("launch: %s\n", ename(cuGraphLaunch(x, NULL)));
	CK(cuStreamSynchronize(NULL));
	printf("host log %d: %d\n", nhostlog, hostlog[0]);
	show_buf("after params", buf, 8);
	CK(cuMemsetD32(buf + 32, 0, 4));
	{
		int h[12];
		CK(cuMemcpyDtoH(h, buf, sizeof h));
		printf("buf+32: %d %d %d %d\n", h[8], h[9], h[10], h[11]);
	}

	hp.fn = host_a, hp.userData = &two;
	printf("exec host set: %s\n", ename(cuGraphExecHostNodeSetParams(x, hn, &hp)));
	printf("exec host set on empty: %s\n", ename(cuGraphExecHostNodeSetParams(x, e, &hp)));
	{
		CUresult r_ = cuGraphNodeGetEnabled(x, kn, &en);
		printf("get enabled: %s %u\n", ename(r_), en);
	}
	printf("disable kernel: %s\n", ename(cuGraphNodeSetEnabled(x, kn, 0)));
	en = 9;
	{
		CUresult r_ = cuGraphNodeGetEnabled(x, kn, &en);
		printf("get enabled: %s %u\n", ename(r_), en);
	}
	printf("disable host: %s\n", ename(cuGraphNodeSetEnabled(x, hn, 0)));
	printf("disable empty: %s\n", ename(cuGraphNodeSetEnabled(x, e, 0)));
	printf("disable memset: %s\n", ename(cuGraphNodeSetEnabled(x, fill, 0)));
	printf("enable memset: %s\n", ename(cuGraphNodeSetEnabled(x, fill, 1)));
	RISKY("get enabled null", cuGraphNodeGetEnabled(x, kn, NULL));
	CK(cuMemsetD32(buf, 0, 16));
	nhostlog = 0;
	printf("launch: %s\n", ename(cuGraphLaunch(x, NULL)));
	CK(cuStreamSynchronize(NULL));
	printf("host log %d: %d\n", nhostlog, nhostlog ? hostlog[0] : 0);
	show_buf("kernel disabled", buf, 8);
	printf("enable kernel: %s\n", ename(cuGraphNodeSetEnabled(x, kn, 7)));
	en = 9;
	{
		CUresult r_ = cuGraphNodeGetEnabled(x, kn, &en);
		printf("get enabled: %s %u\n", ename(r_), en);
	}
	nhostlog = 0;
	printf("launch: %s\n", ename(cuGraphLaunch(x, NULL)));
	show_buf("kernel enabled", buf, 8);

	CK(cuGraphClone(&clone, g));
	found = NULL;
	{
		CUresult r_ = cuGraphNodeFindInClone(&found, kn, clone);
		printf("find in clone: %s %s\n", ename(r_),
		    found && found != kn ? "another node" : found ? "the same node" : "null");
	}
	{
		CUgraphNodeType t;
		CK(cuGraphNodeGetType(found, &t));
		printf("found type %d\n", (int)t);
	}
	printf("find in the original: %s\n", ename(cuGraphNodeFindInClone(&found, kn, g)));
	printf("find clone's node in clone: %s\n", ename(cuGraphNodeFindInClone(&found, found, clone)));
	RISKY("find null out", cuGraphNodeFindInClone(NULL, kn, clone));
	RISKY("find null graph", cuGraphNodeFindInClone(&found, kn, NULL));
	{
		CUgraphNode late;
		CK(cuGraphAddEmptyNode(&late, g, NULL, 0));
		printf("find a node added after the clone: %s\n", ename(cuGraphNodeFindInClone(&found, late, clone)));
	}
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(clone));
	CK(cuGraphDestroy(g));
}

static void
memnodes(CUdevice dev, CUdeviceptr buf)
{
	CUgraph g;
	CUgraphNode an, kn, cn, fn, e;
	CUgraphExec x;
	CUDA_MEM_ALLOC_NODE_PARAMS ap, got;
	CUDA_KERNEL_NODE_PARAMS kp;
	CUDA_MEMCPY3D cp;
	CUdeviceptr d = 0, fd = 0;
	void *args[] = { &d };
	cuuint64_t v;
	CUcontext ctx;

	CK(cuCtxGetCurrent(&ctx));
	for (int a = 0; a < 4; a++) {
		v = 77;
		{
			CUresult r_ = cuDeviceGetGraphMemAttribute(dev, (CUgraphMem_attribute)a, &v);
			printf("graph mem attr %d: %s %llu\n", a, ename(r_),
			    (unsigned long long)v);
		}
	}
	CK(cuGraphCreate(&g, 0));
	memset(&ap, 0, sizeof ap);
	ap.poolProps.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	ap.poolProps.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	ap.poolProps.location.id = dev;
	ap.bytesize = 1000;
	printf("alloc node: %s\n", ename(cuGraphAddMemAllocNode(&an, g, NULL, 0, &ap)));
	d = ap.dptr;
	printf("alloc node address: %s\n", d ? "set" : "zero");
	memset(&got, 0, sizeof got);
	{
		CUresult r_ = cuGraphMemAllocNodeGetParams(an, &got);
		printf("alloc get: %s bytes %zu same address %d type %d\n", ename(r_),
		    got.bytesize, got.dptr == d, (int)got.poolProps.allocType);
	}
	{
		CUgraphNodeType t;
		CK(cuGraphNodeGetType(an, &t));
		printf("alloc type %d\n", (int)t);
	}
	CK(cuGraphAddMemsetNode(&e, g, &an, 1, &(CUDA_MEMSET_NODE_PARAMS){ .dst = d, .value = 40, .elementSize = 4,
	    .width = 4, .height = 1 }, ctx));
	kparams(&kp, args, 4);
	CK(cuGraphAddKernelNode(&kn, g, &e, 1, &kp));
	memset(&cp, 0, sizeof cp);
	cp.srcMemoryType = cp.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	cp.srcDevice = d, cp.dstDevice = buf;
	cp.WidthInBytes = 16, cp.Height = 1, cp.Depth = 1;
	CK(cuGraphAddMemcpyNode(&cn, g, &kn, 1, &cp, ctx));
	printf("free node: %s\n", ename(cuGraphAddMemFreeNode(&fn, g, &cn, 1, d)));
	{
		CUresult r_ = cuGraphMemFreeNodeGetParams(fn, &fd);
		printf("free get: %s same %d\n", ename(r_), fd == d);
	}
	{
		CUgraphNodeType t;
		CK(cuGraphNodeGetType(fn, &t));
		printf("free type %d\n", (int)t);
	}
	printf("free get on alloc: %s\n", ename(cuGraphMemFreeNodeGetParams(an, &fd)));
	printf("alloc get on free: %s\n", ename(cuGraphMemAllocNodeGetParams(fn, &got)));
	RISKY("alloc get null", cuGraphMemAllocNodeGetParams(an, NULL));
	printf("free node twice: %s\n", ename(cuGraphAddMemFreeNode(&e, g, &fn, 1, d)));
	printf("free node of cuMemAlloc memory: %s\n", ename(cuGraphAddMemFreeNode(&e, g, NULL, 0, buf)));
	RISKY("free node of 0", cuGraphAddMemFreeNode(&e, g, NULL, 0, 0));
	ap.bytesize = 0;
	printf("alloc node 0 bytes: %s\n", ename(cuGraphAddMemAllocNode(&e, g, NULL, 0, &ap)));
	ap.bytesize = 64;
	ap.poolProps.location.id = 5;
	printf("alloc node device 5: %s\n", ename(cuGraphAddMemAllocNode(&e, g, NULL, 0, &ap)));
	ap.poolProps.location.id = dev;
	ap.poolProps.allocType = CU_MEM_ALLOCATION_TYPE_INVALID;
	printf("alloc node invalid type: %s\n", ename(cuGraphAddMemAllocNode(&e, g, NULL, 0, &ap)));
	RISKY("alloc node null", cuGraphAddMemAllocNode(&e, g, NULL, 0, NULL));
	printf("instantiate: %s\n", ename(cuGraphInstantiate(&x, g, 0)));
	printf("launch: %s\n", ename(cuGraphLaunch(x, NULL)));
	show_buf("after memnodes", buf, 4);
	for (int a = 0; a < 4; a++) {
		v = 77;
		{
			CUresult r_ = cuDeviceGetGraphMemAttribute(dev, (CUgraphMem_attribute)a, &v);
			printf("graph mem attr %d: %s %s\n", a, ename(r_),
			    v ? "nonzero" : "zero");
		}
	}
	printf("launch again: %s\n", ename(cuGraphLaunch(x, NULL)));
	show_buf("after memnodes again", buf, 4);
	CK(cuGraphExecDestroy(x));
	printf("trim: %s\n", ename(cuDeviceGraphMemTrim(dev)));
	v = 0;
	printf("set used high: %s\n", ename(cuDeviceSetGraphMemAttribute(dev, CU_GRAPH_MEM_ATTR_USED_MEM_HIGH, &v)));
	printf("set reserved high: %s\n",
	    ename(cuDeviceSetGraphMemAttribute(dev, CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH, &v)));
	v = 5;
	printf("set used high 5: %s\n", ename(cuDeviceSetGraphMemAttribute(dev, CU_GRAPH_MEM_ATTR_USED_MEM_HIGH, &v)));
	v = 0;
	printf("set used current: %s\n",
	    ename(cuDeviceSetGraphMemAttribute(dev, CU_GRAPH_MEM_ATTR_USED_MEM_CURRENT, &v)));
	for (int a = 0; a < 5; a++) {
		v = 77;
		{
			CUresult r_ = cuDeviceGetGraphMemAttribute(dev, (CUgraphMem_attribute)a, &v);
			printf("graph mem attr %d: %s %llu\n", a, ename(r_),
			    (unsigned long long)v);
		}
	}
	RISKY("get null", cuDeviceGetGraphMemAttribute(dev, CU_GRAPH_MEM_ATTR_USED_MEM_HIGH, NULL));
	printf("get device 9: %s\n", ename(cuDeviceGetGraphMemAttribute(9, CU_GRAPH_MEM_ATTR_USED_MEM_HIGH, &v)));
	printf("trim device 9: %s\n", ename(cuDeviceGraphMemTrim(9)));
	CK(cuGraphDestroy(g));
}

static void
generic(CUdeviceptr buf, const char *dot)
{
	CUgraph g;
	CUgraphNode kn, fn, en, hn;
	CUgraphExec x;
	CUgraphNodeParams np;
	void *args[] = { &buf };
	int three = 3;
	CUcontext ctx;

	CK(cuCtxGetCurrent(&ctx));
	CK(cuGraphCreate(&g, 0));
	memset(&np, 0, sizeof np);
	np.type = CU_GRAPH_NODE_TYPE_MEMSET;
	np.memset.dst = buf, np.memset.value = 30, np.memset.elementSize = 4, np.memset.width = 4, np.memset.height = 1;
	np.memset.ctx = ctx;
	printf("add memset: %s\n", ename(cuGraphAddNode(&fn, g, NULL, NULL, 0, &np)));
	memset(&np, 0, sizeof np);
	np.type = CU_GRAPH_NODE_TYPE_KERNEL;
	np.kernel.func = kfn;
	np.kernel.gridDimX = np.kernel.gridDimY = np.kernel.gridDimZ = 1;
	np.kernel.blockDimX = 4, np.kernel.blockDimY = np.kernel.blockDimZ = 1;
	np.kernel.kernelParams = args;
	printf("add kernel: %s\n", ename(cuGraphAddNode(&kn, g, &fn, NULL, 1, &np)));
	memset(&np, 0, sizeof np);
	np.type = CU_GRAPH_NODE_TYPE_HOST;
	np.host.fn = host_a, np.host.userData = &three;
	printf("add host: %s\n", ename(cuGraphAddNode(&hn, g, &kn, NULL, 1, &np)));
	memset(&np, 0, sizeof np);
	np.type = CU_GRAPH_NODE_TYPE_EMPTY;
	printf("add empty: %s\n", ename(cuGraphAddNode(&en, g, &hn, NULL, 1, &np)));
	np.type = (CUgraphNodeType)77;
	printf("add type 77: %s\n", ename(cuGraphAddNode(&en, g, NULL, NULL, 0, &np)));
	RISKY("add null", cuGraphAddNode(&en, g, NULL, NULL, 0, NULL));
	np.type = CU_GRAPH_NODE_TYPE_EMPTY;
	np.reserved0[0] = 1;
	printf("add reserved set: %s\n", ename(cuGraphAddNode(&en, g, NULL, NULL, 0, &np)));
	memset(&np, 0, sizeof np);
	np.type = CU_GRAPH_NODE_TYPE_MEMSET;
	np.memset.dst = buf, np.memset.value = 31, np.memset.elementSize = 4, np.memset.width = 4, np.memset.height = 1;
	np.memset.ctx = ctx;
	printf("set memset: %s\n", ename(cuGraphNodeSetParams(fn, &np)));
	printf("set memset params on kernel: %s\n", ename(cuGraphNodeSetParams(kn, &np)));
	RISKY("set null", cuGraphNodeSetParams(fn, NULL));
	CK(cuGraphInstantiate(&x, g, 0));
	nhostlog = 0;
	printf("launch: %s\n", ename(cuGraphLaunch(x, NULL)));
	CK(cuStreamSynchronize(NULL));
	printf("host log %d: %d\n", nhostlog, hostlog[0]);
	show_buf("after generic", buf, 4);
	np.memset.value = 50;
	printf("exec set memset: %s\n", ename(cuGraphExecNodeSetParams(x, fn, &np)));
	printf("exec set memset params on kernel: %s\n", ename(cuGraphExecNodeSetParams(x, kn, &np)));
	memset(&np, 0, sizeof np);
	np.type = CU_GRAPH_NODE_TYPE_HOST;
	np.host.fn = host_b, np.host.userData = &three;
	printf("exec set host: %s\n", ename(cuGraphExecNodeSetParams(x, hn, &np)));
	nhostlog = 0;
	printf("launch: %s\n", ename(cuGraphLaunch(x, NULL)));
	CK(cuStreamSynchronize(NULL));
	printf("host log %d: %d\n", nhostlog, hostlog[0]);
	show_buf("after exec set", buf, 4);
	if (dot) {
		FILE *f;
		long len = -1;
		char line[256] = "";
		printf("dot print: %s\n", ename(cuGraphDebugDotPrint(g, dot, 0)));
		if ((f = fopen(dot, "r"))) {
			if (!fgets(line, sizeof line, f))
				line[0] = 0;
			fseek(f, 0, SEEK_END);
			len = ftell(f);
			fclose(f);
		}
		printf("dot file: %s, first line %s", len > 0 ? "written" : "missing", strncmp(line, "digraph", 7) ? "other\n" : "digraph\n");
		RISKY("dot print null path", cuGraphDebugDotPrint(g, NULL, 0));
		RISKY("dot print null graph", cuGraphDebugDotPrint(NULL, dot, 0));
		printf("dot print bad path: %s\n", ename(cuGraphDebugDotPrint(g, "/nonexistent/dir/g.dot", 0)));
	}
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	CUdeviceptr buf;

	setvbuf(stdout, NULL, _IOLBF, 0);
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CK(cuCtxSetCurrent(ctx));
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&kfn, mod, "k"));
	CK(cuMemAlloc(&buf, 1 << 16));
	events(buf);
	children(buf);
	params(buf);
	memnodes(dev, buf);
	generic(buf, argc > 1 ? argv[1] : NULL);
	CK(cuMemFree(buf));
	CK(cuModuleUnload(mod));
	CK(cuDevicePrimaryCtxRelease(dev));
	printf("done\n");
	return 0;
}

/*
 * strattr.c -- stream attributes (cuStreamGetAttribute, cuStreamSetAttribute,
 * cuStreamCopyAttributes), kernel node attributes, stream memory operations
 * (cuStreamWaitValue*, cuStreamWriteValue*, cuStreamBatchMemOp), managed
 * ranges' attributes after cuMemAdvise and cuMemPrefetchAsync, cluster
 * occupancy, the batch copies (cuMemcpyBatchAsync, cuMemcpy3DBatchAsync)
 * and the smaller queries (shared memory bank configuration,
 * the 1D linear texture width, GPUDirect RDMA flushes), each with the
 * arguments a careless program passes.  One line per call: its result and
 * what it answered, so that a GPU's run (strattr.gpu) and the shim's
 * (strattr.out) compare line by line.
 *
 * Exits 1 at the first unexpected failure of a call that sets things up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define CUDA_ENABLE_DEPRECATED   /* the shared memory bank calls */
#include <cuda.h>
#include "shimtest.h"

/* k(int *p): p[tid] += 1; c(int *p): a cluster kernel doing the same */
static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd2, %r1, 4;\n"
	"\tadd.s64 %rd3, %rd1, %rd2;\n\tld.global.u32 %r2, [%rd3];\n\tadd.s32 %r2, %r2, 1;\n"
	"\tst.global.u32 [%rd3], %r2;\n\tret;\n}\n"
	".visible .entry c(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd2, %r1, 4;\n"
	"\tadd.s64 %rd3, %rd1, %rd2;\n\tld.global.u32 %r2, [%rd3];\n\tadd.s32 %r2, %r2, 1;\n"
	"\tst.global.u32 [%rd3], %r2;\n\tbarrier.cluster.arrive;\n\tbarrier.cluster.wait;\n\tret;\n}\n";

/* The stream attributes, by id. */
static void
show(const char *what, int id, CUresult r, const CUstreamAttrValue *v)
{
	printf("%s attr %d: %s", what, id, ename(r));
	if (r == CUDA_SUCCESS)
		switch (id) {
		case CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW:
			printf(" base %s bytes %zu ratio %.3f hit %d miss %d",
			    v->accessPolicyWindow.base_ptr ? "set" : "null", v->accessPolicyWindow.num_bytes,
			    v->accessPolicyWindow.hitRatio, (int)v->accessPolicyWindow.hitProp,
			    (int)v->accessPolicyWindow.missProp);
			break;
		case CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION:
		case CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION:
			printf(" %u %u %u", v->clusterDim.x, v->clusterDim.y, v->clusterDim.z);
			break;
		case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP:
			printf(" default %u remote %u", v->memSyncDomainMap.default_, v->memSyncDomainMap.remote);
			break;
		default:
			printf(" %d", v->priority);   /* every other one is an int or an enum first */
		}
	printf("\n");
}

static void
all_attrs(const char *what, CUstream s)
{
	for (int id = 0; id <= 16; id++) {
		CUstreamAttrValue v;
		memset(&v, 0x5a, sizeof v);
		show(what, id, cuStreamGetAttribute(s, (CUstreamAttrID)id, &v), &v);
	}
}

static void
set(const char *what, CUstream s, int id, const CUstreamAttrValue *v)
{
	CUstreamAttrValue back;
	CUresult r = cuStreamSetAttribute(s, (CUstreamAttrID)id, v);

	printf("%s set %d: %s\n", what, id, ename(r));
	memset(&back, 0x5a, sizeof back);
	show(what, id, cuStreamGetAttribute(s, (CUstreamAttrID)id, &back), &back);
}

static void
streams(CUdeviceptr buf)
{
	CUstream s1, s2, s3;
	CUstreamAttrValue v;
	int lo, hi;

	CK(cuCtxGetStreamPriorityRange(&lo, &hi));
	printf("priority range %d %d\n", lo, hi);
	CK(cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING));
	CK(cuStreamCreateWithPriority(&s2, 0, -2));
	CK(cuStreamCreate(&s3, 0));
	all_attrs("s1", s1);
	show("s2", 8, cuStreamGetAttribute(s2, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v), &v);
	show("null", 8, cuStreamGetAttribute(NULL, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v), &v);
	show("null", 3, cuStreamGetAttribute(NULL, CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY, &v), &v);
	show("legacy", 8, cuStreamGetAttribute(CU_STREAM_LEGACY, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v), &v);
	show("perthread", 8, cuStreamGetAttribute(CU_STREAM_PER_THREAD, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v), &v);
	RISKY("get null value", cuStreamGetAttribute(s1, CU_LAUNCH_ATTRIBUTE_PRIORITY, NULL));
	RISKY("set null value", cuStreamSetAttribute(s1, CU_LAUNCH_ATTRIBUTE_PRIORITY, NULL));

	memset(&v, 0, sizeof v);
	v.accessPolicyWindow.base_ptr = (void *)(uintptr_t)buf;
	v.accessPolicyWindow.num_bytes = 1 << 20;
	v.accessPolicyWindow.hitRatio = 0.6f;
	v.accessPolicyWindow.hitProp = CU_ACCESS_PROPERTY_PERSISTING;
	v.accessPolicyWindow.missProp = CU_ACCESS_PROPERTY_STREAMING;
	set("s1", s1, CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW, &v);
	v.accessPolicyWindow.num_bytes = (size_t)1 << 40;
	set("s1 huge window", s1, CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW, &v);
	v.accessPolicyWindow.num_bytes = 4096;
	v.accessPolicyWindow.hitRatio = 1.5f;
	set("s1 ratio 1.5", s1, CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW, &v);
	v.accessPolicyWindow.hitRatio = 0.5f;
	v.accessPolicyWindow.hitProp = (CUaccessProperty)7;
	set("s1 hitprop 7", s1, CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW, &v);
	v.accessPolicyWindow.hitProp = CU_ACCESS_PROPERTY_NORMAL;
	v.accessPolicyWindow.missProp = CU_ACCESS_PROPERTY_PERSISTING;
	set("s1 missprop persisting", s1, CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW, &v);

	memset(&v, 0, sizeof v);
	v.syncPolicy = CU_SYNC_POLICY_YIELD;
	set("s1", s1, CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY, &v);
	v.syncPolicy = (CUsynchronizationPolicy)0;
	set("s1 policy 0", s1, CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY, &v);
	v.syncPolicy = (CUsynchronizationPolicy)9;
	set("s1 policy 9", s1, CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY, &v);
	memset(&v, 0, sizeof v);
	v.priority = -1;
	set("s1", s1, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v);
	v.priority = -100;
	set("s1 priority -100", s1, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v);
	v.priority = 7;
	set("s1 priority 7", s1, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v);
	v.priority = -3;
	set("s1 priority -3", s1, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v);
	{
		int p = 99;
		CUresult r = cuStreamGetPriority(s1, &p);
		printf("s1 cuStreamGetPriority: %s %d\n", ename(r), p);
	}
	memset(&v, 0, sizeof v);
	v.memSyncDomain = CU_LAUNCH_MEM_SYNC_DOMAIN_REMOTE;
	set("s1", s1, CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN, &v);
	v.memSyncDomain = (CUlaunchMemSyncDomain)5;
	set("s1 domain 5", s1, CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN, &v);
	memset(&v, 0, sizeof v);
	v.memSyncDomainMap.default_ = 1;
	v.memSyncDomainMap.remote = 0;
	set("s1", s1, CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP, &v);
	memset(&v, 0, sizeof v);
	v.cooperative = 1;
	set("s1", s1, CU_LAUNCH_ATTRIBUTE_COOPERATIVE, &v);
	v.clusterDim.x = v.clusterDim.y = v.clusterDim.z = 1;
	set("s1", s1, CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION, &v);
	memset(&v, 0, sizeof v);
	set("s1", s1, CU_LAUNCH_ATTRIBUTE_IGNORE, &v);
	set("s1", s1, 99, &v);
	v.syncPolicy = CU_SYNC_POLICY_SPIN;
	set("null", NULL, CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY, &v);
	v.syncPolicy = CU_SYNC_POLICY_AUTO;
	set("null", NULL, CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY, &v);

	printf("copy s1 to s3: %s\n", ename(cuStreamCopyAttributes(s3, s1)));
	all_attrs("s3", s3);
	RISKY("copy s2 to null", cuStreamCopyAttributes(NULL, s2));
	printf("copy s2 to s2: %s\n", ename(cuStreamCopyAttributes(s2, s2)));
	show("s2", 8, cuStreamGetAttribute(s2, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v), &v);
	printf("reset persisting L2: %s\n", ename(cuCtxResetPersistingL2Cache()));
	CK(cuStreamDestroy(s1));
	CK(cuStreamDestroy(s2));
	CK(cuStreamDestroy(s3));
}

static void
knode_show(const char *what, CUgraphNode n, int id)
{
	CUkernelNodeAttrValue v;

	memset(&v, 0x5a, sizeof v);
	show(what, id, cuGraphKernelNodeGetAttribute(n, (CUkernelNodeAttrID)id, &v), &v);
}

static void
knodes(CUfunction k, CUdeviceptr buf)
{
	CUgraph g;
	CUgraphNode n1, n2, e;
	CUgraphExec x;
	CUDA_KERNEL_NODE_PARAMS p;
	CUkernelNodeAttrValue v;
	void *args[] = { &buf };
	int host[4];

	CK(cuGraphCreate(&g, 0));
	memset(&p, 0, sizeof p);
	p.func = k;
	p.gridDimX = p.gridDimY = p.gridDimZ = 1;
	p.blockDimX = 4, p.blockDimY = p.blockDimZ = 1;
	p.kernelParams = args;
	CK(cuGraphAddKernelNode(&n1, g, NULL, 0, &p));
	CK(cuGraphAddKernelNode(&n2, g, &n1, 1, &p));
	CK(cuGraphAddEmptyNode(&e, g, NULL, 0));
	for (int id = 0; id <= 16; id++)
		knode_show("n1", n1, id);
	memset(&v, 0, sizeof v);
	v.priority = -4;
	printf("n1 set priority: %s\n", ename(cuGraphKernelNodeSetAttribute(n1, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v)));
	knode_show("n1", n1, 8);
	v.priority = -50;
	printf("n1 set priority -50: %s\n",
	    ename(cuGraphKernelNodeSetAttribute(n1, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v)));
	knode_show("n1", n1, 8);
	memset(&v, 0, sizeof v);
	v.clusterDim.x = 2, v.clusterDim.y = 1, v.clusterDim.z = 1;
	printf("n1 set cluster 2: %s\n",
	    ename(cuGraphKernelNodeSetAttribute(n1, CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION, &v)));
	knode_show("n1", n1, 4);
	v.clusterDim.x = 1;
	printf("n1 set cluster 1: %s\n",
	    ename(cuGraphKernelNodeSetAttribute(n1, CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION, &v)));
	memset(&v, 0, sizeof v);
	v.accessPolicyWindow.base_ptr = (void *)(uintptr_t)buf;
	v.accessPolicyWindow.num_bytes = 256;
	v.accessPolicyWindow.hitRatio = 1.0f;
	v.accessPolicyWindow.hitProp = CU_ACCESS_PROPERTY_PERSISTING;
	v.accessPolicyWindow.missProp = CU_ACCESS_PROPERTY_NORMAL;
	printf("n1 set window: %s\n",
	    ename(cuGraphKernelNodeSetAttribute(n1, CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW, &v)));
	memset(&v, 0, sizeof v);
	v.cooperative = 1;
	printf("n1 set cooperative: %s\n",
	    ename(cuGraphKernelNodeSetAttribute(n1, CU_LAUNCH_ATTRIBUTE_COOPERATIVE, &v)));
	v.syncPolicy = CU_SYNC_POLICY_SPIN;
	printf("n1 set sync policy: %s\n",
	    ename(cuGraphKernelNodeSetAttribute(n1, CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY, &v)));
	RISKY("n1 set null", cuGraphKernelNodeSetAttribute(n1, CU_LAUNCH_ATTRIBUTE_PRIORITY, NULL));
	RISKY("n1 get null", cuGraphKernelNodeGetAttribute(n1, CU_LAUNCH_ATTRIBUTE_PRIORITY, NULL));
	printf("empty get: %s\n", ename(cuGraphKernelNodeGetAttribute(e, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v)));
	printf("empty set: %s\n", ename(cuGraphKernelNodeSetAttribute(e, CU_LAUNCH_ATTRIBUTE_PRIORITY, &v)));
	printf("copy n1 to n2: %s\n", ename(cuGraphKernelNodeCopyAttributes(n2, n1)));
	for (int id = 0; id <= 16; id++)
		knode_show("n2", n2, id);
	printf("copy n1 to empty: %s\n", ename(cuGraphKernelNodeCopyAttributes(e, n1)));
	printf("copy empty to n2: %s\n", ename(cuGraphKernelNodeCopyAttributes(n2, e)));
	CK(cuMemsetD32(buf, 0, 4));
	CK(cuGraphInstantiate(&x, g, 0));
	CK(cuGraphLaunch(x, NULL));
	CK(cuStreamSynchronize(NULL));
	CK(cuMemcpyDtoH(host, buf, sizeof host));
	printf("graph ran: %d %d %d %d\n", host[0], host[1], host[2], host[3]);
	CK(cuGraphExecDestroy(x));
	CK(cuGraphDestroy(g));
}

static void
memops(CUdeviceptr buf)
{
	CUstream s;
	CUdevice dev;
	unsigned h[4];
	unsigned long long h64;
	static const int ids[] = { 92, 93, 94, 98, 117, 122, 123 };

	CK(cuCtxGetDevice(&dev));
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		int val = -1;
		CUresult r = cuDeviceGetAttribute(&val, (CUdevice_attribute)ids[i], dev);
		printf("device attr %d: %s %d\n", ids[i], ename(r), val);
	}
	CK(cuStreamCreate(&s, 0));
	CK(cuMemsetD32(buf, 0, 8));
	printf("write32: %s\n", ename(cuStreamWriteValue32(s, buf, 0x11223344u, 0)));
	printf("write32 no memory barrier: %s\n",
	    ename(cuStreamWriteValue32(s, buf + 4, 5, CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER)));
	printf("write64: %s\n", ename(cuStreamWriteValue64(s, buf + 8, 0x0102030405060708ull, 0)));
	printf("write32 flags 8: %s\n", ename(cuStreamWriteValue32(s, buf, 1, 8)));
	CK(cuStreamSynchronize(s));
	CK(cuMemcpyDtoH(h, buf, sizeof h));
	printf("after writes: %08x %u %08x %08x\n", h[0], h[1], h[2], h[3]);
	printf("wait32 geq: %s\n", ename(cuStreamWaitValue32(s, buf, 0x11223344u, CU_STREAM_WAIT_VALUE_GEQ)));
	printf("wait32 eq: %s\n", ename(cuStreamWaitValue32(s, buf, 0x11223344u, CU_STREAM_WAIT_VALUE_EQ)));
	printf("wait32 and: %s\n", ename(cuStreamWaitValue32(s, buf, 0x4, CU_STREAM_WAIT_VALUE_AND)));
	printf("wait32 nor: %s\n", ename(cuStreamWaitValue32(s, buf, 0, CU_STREAM_WAIT_VALUE_NOR)));
	printf("wait32 flush: %s\n",
	    ename(cuStreamWaitValue32(s, buf, 1, CU_STREAM_WAIT_VALUE_GEQ | CU_STREAM_WAIT_VALUE_FLUSH)));
	printf("wait64 eq: %s\n",
	    ename(cuStreamWaitValue64(s, buf + 8, 0x0102030405060708ull, CU_STREAM_WAIT_VALUE_EQ)));
	printf("wait32 flags 4: %s\n", ename(cuStreamWaitValue32(s, buf, 0, 4)));
	printf("wait32 flags 16: %s\n", ename(cuStreamWaitValue32(s, buf, 0, 16)));
	CK(cuStreamSynchronize(s));
	{
		CUstreamBatchMemOpParams ops[4];
		memset(ops, 0, sizeof ops);
		ops[0].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
		ops[0].writeValue.address = buf + 16;
		ops[0].writeValue.value = 77;
		ops[1].waitValue.operation = CU_STREAM_MEM_OP_WAIT_VALUE_32;
		ops[1].waitValue.address = buf + 16;
		ops[1].waitValue.value = 77;
		ops[1].waitValue.flags = CU_STREAM_WAIT_VALUE_EQ;
		ops[2].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_64;
		ops[2].writeValue.address = buf + 24;
		ops[2].writeValue.value64 = 0xffffffff00000001ull;
		ops[3].memoryBarrier.operation = CU_STREAM_MEM_OP_BARRIER;
		ops[3].memoryBarrier.flags = CU_STREAM_MEMORY_BARRIER_TYPE_GPU;
		printf("batch 4: %s\n", ename(cuStreamBatchMemOp(s, 4, ops, 0)));
		CK(cuStreamSynchronize(s));
		CK(cuMemcpyDtoH(h, buf + 16, 4));
		CK(cuMemcpyDtoH(&h64, buf + 24, 8));
		printf("after batch: %u %016llx\n", h[0], h64);
		printf("batch 0: %s\n", ename(cuStreamBatchMemOp(s, 0, ops, 0)));
		RISKY("batch null", cuStreamBatchMemOp(s, 2, NULL, 0));
		printf("batch flags 1: %s\n", ename(cuStreamBatchMemOp(s, 1, ops, 1)));
		ops[0].operation = (CUstreamBatchMemOpType)9;
		printf("batch op 9: %s\n", ename(cuStreamBatchMemOp(s, 1, ops, 0)));
		ops[0].flushRemoteWrites.operation = CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES;
		ops[0].flushRemoteWrites.flags = 0;
		printf("batch flush: %s\n", ename(cuStreamBatchMemOp(s, 1, ops, 0)));
		CK(cuStreamSynchronize(s));
	}
	CK(cuStreamDestroy(s));
}

static void
ranges(CUdevice dev, CUdeviceptr devmem)
{
	CUdeviceptr m;
	size_t n = 4 << 20;
	int one = -7, acc[4];
	CUmemLocation loc;

	CK(cuMemAllocManaged(&m, n, CU_MEM_ATTACH_GLOBAL));
#define RA(what, attr, p, sz) \
	do { \
		int v_ = -7; \
		CUresult r_ = cuMemRangeGetAttribute(&v_, 4, (attr), (p), (sz)); \
		printf("range %s attr %d: %s %d\n", (what), (int)(attr), ename(r_), v_); \
	} while (0)
	for (int a = 1; a <= 8; a++)
		if (a != 3)
			RA("fresh", a, m, n);
	memset(acc, 0x55, sizeof acc);
	{
		CUresult r_ = cuMemRangeGetAttribute(acc, sizeof acc, CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, m, n);
		printf("range fresh accessed-by: %s %d %d %d %d\n",
		    ename(r_),
		    acc[0], acc[1], acc[2], acc[3]);
	}
	loc.type = CU_MEM_LOCATION_TYPE_DEVICE;
	loc.id = dev;
	printf("advise read mostly: %s\n", ename(cuMemAdvise(m, n, CU_MEM_ADVISE_SET_READ_MOSTLY, loc)));
	printf("advise preferred half: %s\n",
	    ename(cuMemAdvise(m, n / 2, CU_MEM_ADVISE_SET_PREFERRED_LOCATION, loc)));
	printf("advise accessed by: %s\n", ename(cuMemAdvise(m, n, CU_MEM_ADVISE_SET_ACCESSED_BY, loc)));
	printf("prefetch to device: %s\n", ename(cuMemPrefetchAsync(m, n, loc, 0, NULL)));
	CK(cuCtxSynchronize());
	for (int a = 1; a <= 8; a++)
		if (a != 3) {
			RA("whole", a, m, n);
			RA("first half", a, m, n / 2);
			RA("second half", a, m + n / 2, n / 2);
		}
	memset(acc, 0x55, sizeof acc);
	{
		CUresult r_ = cuMemRangeGetAttribute(acc, sizeof acc, CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, m, n);
		printf("range accessed-by: %s %d %d %d %d\n",
		    ename(r_),
		    acc[0], acc[1], acc[2], acc[3]);
	}
	loc.type = CU_MEM_LOCATION_TYPE_HOST;
	loc.id = 0;
	printf("prefetch to host: %s\n", ename(cuMemPrefetchAsync(m, 4096, loc, 0, NULL)));
	printf("unset read mostly: %s\n", ename(cuMemAdvise(m, 4096, CU_MEM_ADVISE_UNSET_READ_MOSTLY, loc)));
	CK(cuCtxSynchronize());
	RA("page 0", CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION, m, 4096);
	RA("page 0", CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE, m, 4096);
	RA("page 0", CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID, m, 4096);
	RA("page 0", CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, 4096);
	RA("page 1", CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m + 4096, 4096);
	RA("whole", CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION, m, n);
	RA("device memory", CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, devmem, 4096);
	RA("count 0", CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, 0);
	RA("past the end", CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, n + 4096);
	RA("attr 0", 0, m, n);
	RA("attr 9", 9, m, n);
	printf("range size 2: %s\n",
	    ename(cuMemRangeGetAttribute(&one, 2, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, n)));
	printf("range size 6: %s\n",
	    ename(cuMemRangeGetAttribute(acc, 6, CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, m, n)));
	RISKY("range null data", cuMemRangeGetAttribute(NULL, 4, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, n));
	{
		int rm = -7, pl = -7, lp = -7;
		void *data[] = { &rm, &pl, &lp };
		size_t sizes[] = { 4, 4, 4 };
		CUmem_range_attribute at[] = { CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY,
		    CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION };
		{
			CUresult r_ = cuMemRangeGetAttributes(data, sizes, at, 3, m + n / 2, n / 2);
			printf("ranges: %s %d %d %d\n", ename(r_),
			    rm, pl, lp);
		}
		printf("ranges 0: %s\n", ename(cuMemRangeGetAttributes(data, sizes, at, 0, m, n)));
		RISKY("ranges null", cuMemRangeGetAttributes(NULL, sizes, at, 3, m, n));
	}
	CK(cuMemFree(m));
}

static void
misc(CUdevice dev, CUmodule mod, CUfunction k, CUdeviceptr buf)
{
	CUfunction c;
	CUlaunchConfig cfg;
	CUlaunchAttribute at[2];
	CUsharedconfig sc = (CUsharedconfig)9;
	int v;
	size_t w;

	CK(cuModuleGetFunction(&c, mod, "c"));
	memset(&cfg, 0, sizeof cfg);
	memset(at, 0, sizeof at);
	cfg.gridDimX = 8, cfg.gridDimY = cfg.gridDimZ = 1;
	cfg.blockDimX = 128, cfg.blockDimY = cfg.blockDimZ = 1;
	cfg.attrs = at;
	at[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
	at[0].value.clusterDim.x = 2, at[0].value.clusterDim.y = 1, at[0].value.clusterDim.z = 1;
	cfg.numAttrs = 1;
	for (unsigned cl = 1; cl <= 16; cl *= 2) {
		v = -1;
		at[0].value.clusterDim.x = cl;
		cfg.gridDimX = cl * 4;
		{
			CUresult r_ = cuOccupancyMaxActiveClusters(&v, c, &cfg);
			printf("max active clusters %u: %s %d\n", cl, ename(r_), v);
		}
	}
	at[0].value.clusterDim.x = 3;
	cfg.gridDimX = 12;
	v = -1;
	{
		CUresult r_ = cuOccupancyMaxActiveClusters(&v, c, &cfg);
		printf("max active clusters 3: %s %d\n", ename(r_), v);
	}
	at[0].value.clusterDim.x = 2;
	cfg.gridDimX = 7;
	v = -1;
	{
		CUresult r_ = cuOccupancyMaxActiveClusters(&v, c, &cfg);
		printf("max active clusters grid 7: %s %d\n", ename(r_), v);
	}
	cfg.gridDimX = 8;
	cfg.blockDimX = 1024;
	v = -1;
	{
		CUresult r_ = cuOccupancyMaxActiveClusters(&v, c, &cfg);
		printf("max active clusters block 1024: %s %d\n", ename(r_), v);
	}
	cfg.blockDimX = 128;
	cfg.numAttrs = 0;
	v = -1;
	{
		CUresult r_ = cuOccupancyMaxActiveClusters(&v, c, &cfg);
		printf("max active clusters no attr: %s %d\n", ename(r_), v);
	}
	RISKY("max active clusters null config", cuOccupancyMaxActiveClusters(&v, c, NULL));
	RISKY("max active clusters null out", cuOccupancyMaxActiveClusters(NULL, c, &cfg));
	for (unsigned b = 32; b <= 1024; b *= 4) {
		v = -1;
		cfg.blockDimX = b;
		{
			CUresult r_ = cuOccupancyMaxPotentialClusterSize(&v, c, &cfg);
			printf("potential cluster size block %u: %s %d\n", b,
			    ename(r_), v);
		}
	}
	CK(cuFuncSetAttribute(c, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1));
	cfg.blockDimX = 128;
	v = -1;
	{
		CUresult r_ = cuOccupancyMaxPotentialClusterSize(&v, c, &cfg);
		printf("potential cluster size non-portable: %s %d\n",
		    ename(r_), v);
	}
	at[0].value.clusterDim.x = 16;
	cfg.gridDimX = 16;
	cfg.numAttrs = 1;
	v = -1;
	{
		CUresult r_ = cuOccupancyMaxActiveClusters(&v, c, &cfg);
		printf("max active clusters 16 non-portable: %s %d\n", ename(r_), v);
	}
	v = -1;
	{
		CUresult r_ = cuOccupancyMaxPotentialClusterSize(&v, k, &cfg);
		printf("potential cluster size plain kernel: %s %d\n",
		    ename(r_), v);
	}

	{
		CUresult r_ = cuCtxGetSharedMemConfig(&sc);
		printf("ctx get shared config: %s %d\n", ename(r_), (int)sc);
	}
	printf("ctx set eight byte: %s\n", ename(cuCtxSetSharedMemConfig(CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE)));
	sc = (CUsharedconfig)9;
	{
		CUresult r_ = cuCtxGetSharedMemConfig(&sc);
		printf("ctx get shared config: %s %d\n", ename(r_), (int)sc);
	}
	printf("ctx set 3: %s\n", ename(cuCtxSetSharedMemConfig((CUsharedconfig)3)));
	RISKY("ctx get null", cuCtxGetSharedMemConfig(NULL));
	printf("func set eight byte: %s\n", ename(cuFuncSetSharedMemConfig(k, CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE)));
	printf("func set 3: %s\n", ename(cuFuncSetSharedMemConfig(k, (CUsharedconfig)3)));
	RISKY("func set null", cuFuncSetSharedMemConfig(NULL, CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE));

	{
		static const CUarray_format fmts[] = { CU_AD_FORMAT_UNSIGNED_INT8, CU_AD_FORMAT_UNSIGNED_INT16,
		    CU_AD_FORMAT_FLOAT, CU_AD_FORMAT_HALF, CU_AD_FORMAT_SIGNED_INT32 };
		for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++)
			for (unsigned ch = 1; ch <= 4; ch++) {
				w = 0;
				CUresult r = cuDeviceGetTexture1DLinearMaxWidth(&w, fmts[i], ch, dev);
				printf("tex1d linear fmt %d ch %u: %s %zu\n", (int)fmts[i], ch, ename(r), w);
			}
		printf("tex1d linear fmt 0x77: %s\n",
		    ename(cuDeviceGetTexture1DLinearMaxWidth(&w, (CUarray_format)0x77, 1, dev)));
		RISKY("tex1d linear null", cuDeviceGetTexture1DLinearMaxWidth(NULL, CU_AD_FORMAT_FLOAT, 1, dev));
		printf("tex1d linear device 9: %s\n",
		    ename(cuDeviceGetTexture1DLinearMaxWidth(&w, CU_AD_FORMAT_FLOAT, 1, 9)));
	}
	printf("flush rdma owner: %s\n", ename(cuFlushGPUDirectRDMAWrites(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
	    CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER)));
	printf("flush rdma all: %s\n", ename(cuFlushGPUDirectRDMAWrites(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
	    CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES)));
	printf("flush rdma scope 1: %s\n", ename(cuFlushGPUDirectRDMAWrites(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
	    (CUflushGPUDirectRDMAWritesScope)1)));
	printf("flush rdma target 1: %s\n", ename(cuFlushGPUDirectRDMAWrites((CUflushGPUDirectRDMAWritesTarget)1,
	    CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER)));
	(void)buf;
}

/* CUDA 12.8's batch copies, in their CUDA 13 form. */
static void
batches(CUdeviceptr buf)
{
	CUstream s;
	unsigned src[16], out[16], back[16];
	CUdeviceptr dsts[3], srcs[3];
	size_t sizes[3], idx[2] = { 0, 1 };
	CUmemcpyAttributes at[2];
	CUDA_MEMCPY3D_BATCH_OP op;

	for (int i = 0; i < 16; i++)
		src[i] = 100 + (unsigned)i;
	memset(out, 0, sizeof out);
	CK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	CK(cuMemsetD32(buf, 0, 64));
	memset(at, 0, sizeof at);
	at[0].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
	at[1].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL;
	dsts[0] = buf, srcs[0] = (CUdeviceptr)(uintptr_t)src, sizes[0] = 64;              /* host to device */
	dsts[1] = buf + 64, srcs[1] = buf, sizes[1] = 32;                                /* device to device */
	dsts[2] = (CUdeviceptr)(uintptr_t)out, srcs[2] = buf + 64, sizes[2] = 32;        /* device to host */
	printf("batch copy: %s\n", ename(cuMemcpyBatchAsync(dsts, srcs, sizes, 3, at, idx, 2, s)));
	CK(cuStreamSynchronize(s));
	printf("batch copied: %u %u %u %u %u\n", out[0], out[3], out[7], out[8], out[15]);
	printf("batch copy null stream: %s\n", ename(cuMemcpyBatchAsync(dsts, srcs, sizes, 3, at, idx, 1, NULL)));
	printf("batch copy legacy stream: %s\n",
	    ename(cuMemcpyBatchAsync(dsts, srcs, sizes, 3, at, idx, 1, CU_STREAM_LEGACY)));
	printf("batch copy count 0: %s\n", ename(cuMemcpyBatchAsync(dsts, srcs, sizes, 0, at, idx, 1, s)));
	printf("batch copy no attrs: %s\n", ename(cuMemcpyBatchAsync(dsts, srcs, sizes, 3, at, idx, 0, s)));
	RISKY("batch copy null attrs", cuMemcpyBatchAsync(dsts, srcs, sizes, 3, NULL, NULL, 1, s));
	idx[0] = 1;
	printf("batch copy first index 1: %s\n", ename(cuMemcpyBatchAsync(dsts, srcs, sizes, 3, at, idx, 1, s)));
	idx[0] = 0;
	at[0].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_INVALID;
	printf("batch copy order invalid: %s\n", ename(cuMemcpyBatchAsync(dsts, srcs, sizes, 3, at, idx, 1, s)));
	at[0].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_ANY;
	at[0].flags = 2;
	printf("batch copy flags 2: %s\n", ename(cuMemcpyBatchAsync(dsts, srcs, sizes, 3, at, idx, 1, s)));
	at[0].flags = 0;
	sizes[1] = 0;
	printf("batch copy size 0: %s\n", ename(cuMemcpyBatchAsync(dsts, srcs, sizes, 3, at, idx, 1, s)));
	sizes[1] = 32;
	CK(cuStreamSynchronize(s));

	/* 3D: 8 bytes of each of 2 rows, rows 32 bytes apart in the source, packed in the destination */
	CK(cuMemsetD32(buf + 256, 0, 16));
	memset(&op, 0, sizeof op);
	op.src.type = CU_MEMCPY_OPERAND_TYPE_POINTER;
	op.src.op.ptr.ptr = buf;
	op.src.op.ptr.rowLength = 32;
	op.dst.type = CU_MEMCPY_OPERAND_TYPE_POINTER;
	op.dst.op.ptr.ptr = buf + 256;
	op.extent.width = 8, op.extent.height = 2, op.extent.depth = 1;
	op.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
	printf("batch 3d: %s\n", ename(cuMemcpy3DBatchAsync(1, &op, 0, s)));
	CK(cuStreamSynchronize(s));
	CK(cuMemcpyDtoH(back, buf + 256, sizeof back));
	printf("batch 3d copied: %u %u %u %u %u %u\n", back[0], back[1], back[2], back[3], back[4], back[5]);
	printf("batch 3d null stream: %s\n", ename(cuMemcpy3DBatchAsync(1, &op, 0, NULL)));
	printf("batch 3d flags 1: %s\n", ename(cuMemcpy3DBatchAsync(1, &op, 1, s)));
	printf("batch 3d none: %s\n", ename(cuMemcpy3DBatchAsync(0, &op, 0, s)));
	op.extent.depth = 0;
	printf("batch 3d depth 0: %s\n", ename(cuMemcpy3DBatchAsync(1, &op, 0, s)));
	op.extent.depth = 1;
	op.src.type = (CUmemcpy3DOperandType)0;
	printf("batch 3d operand type 0: %s\n", ename(cuMemcpy3DBatchAsync(1, &op, 0, s)));
	op.src.type = CU_MEMCPY_OPERAND_TYPE_POINTER;
	op.src.op.ptr.rowLength = 4;
	printf("batch 3d row shorter than width: %s\n", ename(cuMemcpy3DBatchAsync(1, &op, 0, s)));
	CK(cuStreamSynchronize(s));
	CK(cuStreamDestroy(s));
}

/* Last, since a driver that let one through would fault the context. */
static void
memops_bad(CUdeviceptr buf)
{
	CUstream s;
	CUstreamBatchMemOpParams op;

	CK(cuStreamCreate(&s, 0));
	printf("write32 misaligned: %s\n", ename(cuStreamWriteValue32(s, buf + 2, 1, 0)));
	printf("write64 misaligned: %s\n", ename(cuStreamWriteValue64(s, buf + 4, 1, 0)));
	RISKY("write32 null", cuStreamWriteValue32(s, 0, 1, 0));
	printf("wait32 misaligned: %s\n", ename(cuStreamWaitValue32(s, buf + 1, 0, 0)));
	printf("wait64 misaligned: %s\n", ename(cuStreamWaitValue64(s, buf + 4, 0, 0)));
	memset(&op, 0, sizeof op);
	op.writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
	op.writeValue.address = buf + 1;
	printf("batch misaligned: %s\n", ename(cuStreamBatchMemOp(s, 1, &op, 0)));
	printf("sync: %s\n", ename(cuStreamSynchronize(s)));
	CK(cuStreamDestroy(s));
}

int
main(void)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	CUfunction k;
	CUdeviceptr buf;

	setvbuf(stdout, NULL, _IOLBF, 0);
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CK(cuCtxSetCurrent(ctx));
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&k, mod, "k"));
	CK(cuMemAlloc(&buf, 1 << 20));
	streams(buf);
	knodes(k, buf);
	memops(buf);
	ranges(dev, buf);
	misc(dev, mod, k, buf);
	batches(buf);
	memops_bad(buf);
	CK(cuMemFree(buf));
	CK(cuModuleUnload(mod));
	CK(cuDevicePrimaryCtxRelease(dev));
	printf("done\n");
	return 0;
}

/*
 * poolcap.c -- what a memory pool holds in reserve (the default pool as
 * CuPy's MemoryAsyncPool uses it, and a pool of its own): allocations of
 * 1 KiB to 40 MiB, frees, synchronizations of the stream, the context,
 * another stream and an event, cuMemPoolTrimTo, the release threshold,
 * the high-water marks reset; then stream capture's errors across a
 * stream that joined it (CuPy's test_stream_capture_failure2 and 3):
 * ended on the joined stream, ended with a stream not joined back, and a
 * fork joined back; then cuGraphDebugDotPrint of a kernel and a fill,
 * flag by flag, each file printed with its hexadecimal numbers (handles,
 * pointers) masked.  Every line as an H200 printed it (poolcap.gpu).
 *
 *	poolcap [DIR]   the dot files go to DIR (default .), each removed once shown
 */
#include "shimtest.h"

static CUmemoryPool pool;
static void
attrs(const char *what)
{
	cuuint64_t rc = 0, rh = 0, uc = 0, uh = 0;
	cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT, &rc);
	cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH, &rh);
	cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &uc);
	cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_HIGH, &uh);
	printf("%-28s reserved %llu (high %llu) used %llu (high %llu)\n", what,
	    (unsigned long long)rc, (unsigned long long)rh, (unsigned long long)uc, (unsigned long long)uh);
}
static void
st(const char *what, CUstream s)
{
	CUstreamCaptureStatus cs = 99;
	CUresult r = cuStreamIsCapturing(s, &cs);
	printf("  %s: IsCapturing %d status %d\n", what, r, cs);
}

static CUevent e2;

/* the statuses of both streams */
static void
both(CUstream s1, CUstream s2)
{
	st("s1", s1);
	st("s2", s2);
}

/* from records e2, to waits for it */
static void
handoff(const char *fmt, CUstream from, CUstream to)
{
	CUresult r = cuEventRecord(e2, from);

	printf(fmt, r, cuStreamWaitEvent(to, e2, 0));
}

static void
end(const char *what, CUstream s)
{
	CUgraph g = NULL;
	CUresult r = cuStreamEndCapture(s, &g);

	printf(" %s %d g %d\n", what, r, g != NULL);
}

static void
syncs(CUstream s1, CUstream s2)
{
	CUresult r = cuStreamSynchronize(s1);

	printf(" sync s1 %d s2 %d\n", r, cuStreamSynchronize(s2));
}

static const char ptx[] =
".version 8.0\n.target sm_90\n.address_size 64\n"
".visible .entry kern(.param .u64 p, .param .u32 n)\n{\n.reg .u64 %r<3>;\n.reg .u32 %u<2>;\n"
"ld.param.u64 %r1, [p];\nld.param.u32 %u1, [n];\ncvta.to.global.u64 %r2, %r1;\nst.global.u32 [%r2], %u1;\nret;\n}\n";

int
main(int argc, char **argv)
{
	CUdevice d; CUcontext c; CUstream s, s1, s2; CUdeviceptr p[8];
	cuInit(0); cuDeviceGet(&d, 0); cuDevicePrimaryCtxRetain(&c, d); cuCtxSetCurrent(c);
	cuStreamCreate(&s, CU_STREAM_NON_BLOCKING);
	cuDeviceGetDefaultMemPool(&pool, d);
	/* A. the default pool as CuPy's MemoryAsyncPool uses it */
	attrs("initial");
	size_t sz[] = { 1024, 2048, 4096, 3 << 20, 40 << 20 };
	for (int i = 0; i < 5; i++) {
		CUresult r = cuMemAllocAsync(&p[i], sz[i], s);
		char b[64]; snprintf(b, sizeof b, "alloc %zu (r %d)", sz[i], r);
		attrs(b);
	}
	cuMemFreeAsync(p[1], s); attrs("free 2048");
	CUdeviceptr q; cuMemAllocAsync(&q, 1024, s); attrs("alloc 1024 again");
	cuMemFreeAsync(q, s);
	for (int i = 0; i < 5; i++) if (i != 1) cuMemFreeAsync(p[i], s);
	attrs("all freed, no sync");
	cuStreamSynchronize(s); attrs("stream synchronized");
	cuCtxSynchronize(); attrs("ctx synchronized");
	cuMemPoolTrimTo(pool, 0); attrs("trimmed to 0");
	cuMemAllocAsync(&p[0], 1024, s); attrs("alloc 1024");
	cuMemAllocAsync(&p[1], 3 << 20, s); attrs("alloc 3M");
	cuMemFreeAsync(p[0], s); cuMemFreeAsync(p[1], s); attrs("free both");
	cuMemPoolTrimTo(pool, 0); attrs("trimmed, no sync");
	cuStreamSynchronize(s); attrs("synchronized");
	cuMemPoolTrimTo(pool, 0); attrs("trimmed");
	cuuint64_t big = UINT64_MAX;
	cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &big);
	cuMemAllocAsync(&p[0], 100, s); attrs("threshold max: alloc 100");
	cuMemFreeAsync(p[0], s); cuStreamSynchronize(s); attrs("freed, synchronized");
	cuMemPoolTrimTo(pool, 4096); attrs("trim to 4096");
	cuMemPoolTrimTo(pool, 0); attrs("trim to 0");
	big = 0; cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &big);
	cuuint64_t z = 0;
	CUresult r = cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH, &z);
	printf("reset high: %d %d\n", r, cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_HIGH, &z));
	attrs("highs reset");
	/* a pool of its own, and cuMemAllocFromPoolAsync */
	CUmemPoolProps pp; memset(&pp, 0, sizeof pp);
	pp.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	pp.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	CUmemoryPool own; printf("create %d\n", cuMemPoolCreate(&own, &pp));
	CUmemoryPool keep = pool; pool = own;
	for (int i = 0; i < 5; i++) {
		CUresult r = cuMemAllocFromPoolAsync(&p[i], sz[i], own, s);
		char b[64]; snprintf(b, sizeof b, "own alloc %zu (r %d)", sz[i], r); attrs(b);
	}
	for (int i = 0; i < 5; i++) cuMemFreeAsync(p[i], s);
	cuStreamSynchronize(s); attrs("own freed, synchronized");
	cuMemPoolDestroy(own); pool = keep;
	/* also a free with no sync, then a sync of another stream, and of the null stream */
	cuMemAllocAsync(&p[0], 1024, s); cuMemFreeAsync(p[0], s); attrs("alloc+free");
	CUstream o;
	cuStreamCreate(&o, CU_STREAM_NON_BLOCKING);
	cuStreamSynchronize(o);
	attrs("other stream synced");
	CUevent ev;
	cuEventCreate(&ev, 0);
	cuEventRecord(ev, s);
	cuEventSynchronize(ev);
	attrs("event synced");

	/* B. capture: the ends of a joined stream (CuPy's test_stream_capture_failure2/3) */
	CUgraph g;
	CUdeviceptr m;
	cuMemAlloc(&m, 4096);
	cuEventCreate(&e2, 0);
	for (int mode = 0; mode < 3; mode++) {
		cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING);
		cuStreamCreate(&s2, CU_STREAM_NON_BLOCKING);
		printf("failure2 mode %d\n", mode);
		printf(" begin s1 %d\n", cuStreamBeginCapture(s1, mode));
		end("end s2 (not capturing)", s2);
		both(s1, s2);
		handoff(" record %d wait %d\n", s1, s2);
		printf(" memset s2 %d\n", cuMemsetD8Async(m, 1, 64, s2));
		both(s1, s2);
		end("end s2 (joined)", s2);
		both(s1, s2);
		printf(" memset s2 again %d\n", cuMemsetD8Async(m, 1, 64, s2));
		end("end s2 again", s2);
		both(s1, s2);
		printf(" memset s1 %d\n", cuMemsetD8Async(m, 1, 64, s1));
		end("end s1", s1);
		both(s1, s2);
		syncs(s1, s2);
		printf(" end s1 again %d\n", cuStreamEndCapture(s1, &g));

		printf("failure3 mode %d\n", mode);
		printf(" begin s1 %d\n", cuStreamBeginCapture(s1, mode));
		handoff(" record %d wait %d\n", s1, s2);
		printf(" memset s2 %d\n", cuMemsetD8Async(m, 1, 64, s2));
		end("end s1 (s2 unjoined)", s1);
		both(s1, s2);
		printf(" memset s2 after %d\n", cuMemsetD8Async(m, 1, 64, s2));
		end("end s2 after", s2);
		both(s1, s2);
		syncs(s1, s2);

		printf("failure3b mode %d (joined, nothing queued on s2)\n", mode);
		printf(" begin s1 %d\n", cuStreamBeginCapture(s1, mode));
		handoff(" record %d wait %d\n", s1, s2);
		end("end s1", s1);
		both(s1, s2);
		printf("fork-join mode %d\n", mode);
		printf(" begin s1 %d\n", cuStreamBeginCapture(s1, mode));
		handoff(" record %d wait %d\n", s1, s2);
		printf(" memset s2 %d\n", cuMemsetD8Async(m, 1, 64, s2));
		handoff(" record s2 %d s1 waits %d\n", s2, s1);
		both(s1, s2);
		end("end s1", s1);
		both(s1, s2);
		printf("failure1 mode %d (sync in capture)\n", mode);
		printf(" begin s1 %d\n", cuStreamBeginCapture(s1, mode));
		printf(" sync s1 %d\n", cuStreamSynchronize(s1));
		st("s1", s1);
		end("end s1", s1);
		st("s1", s1);
		cuStreamDestroy(s1);
		cuStreamDestroy(s2);
	}

	/* C. cuGraphDebugDotPrint of a kernel node and a memset node, per flag */
	CUmodule mod; CUfunction f;
	printf("module %d\n", cuModuleLoadData(&mod, ptx));
	cuModuleGetFunction(&f, mod, "kern");
	cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING);
	cuStreamBeginCapture(s1, CU_STREAM_CAPTURE_MODE_RELAXED);
	unsigned n = 7; void *args[] = { &m, &n };
	printf("launch %d\n", cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s1, args, NULL));
	cuMemsetD8Async(m, 1, 64, s1);
	printf("end %d\n", cuStreamEndCapture(s1, &g));
	const char *res = argc > 1 ? argv[1] : ".";
	unsigned fl[] = { 0, 1, 2, 4, 8, 0x10, 0x20, 0x40, 0x80, 0x100, 0x200, 0x400, 0x800, 0x1000, 0x2000,
	                  0x4000, 0x8000, 0x10000, 0x3fff, 0xffffffff };
	for (unsigned i = 0; i < sizeof fl / sizeof fl[0]; i++) {
		char path[512]; snprintf(path, sizeof path, "%s/poolcap-%x.dot", res, fl[i]);
		printf("dot 0x%x: %d\n", fl[i], cuGraphDebugDotPrint(g, path, fl[i]));
		showdot(path);
	}
	return 0;
}

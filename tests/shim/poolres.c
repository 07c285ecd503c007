/*
 * poolres.c -- what memory pools of their own hold in reserve for
 * allocations of 1 byte to 200 MiB (chunks of 32 MiB, as many as the
 * memory in use needs), what a release threshold of 40 MiB leaves of them
 * once freed and synchronized, cuMemPoolTrimTo to 33 MiB and to 0; then
 * which synchronizations give back the default pool's memory freed on a
 * blocking stream and on the legacy stream, and that queries give back
 * none.  Each line with cuMemGetInfo's free memory, from the first line's,
 * which falls by the pools' reserve and by the 2 MiB the driver takes for
 * the blocking stream, the context's second: an H200's answers
 * (poolres.gpu).
 */
#include <cuda.h>
#include <stdio.h>
#include <string.h>

static CUmemoryPool pool;
static void
attrs(const char *what)
{
	cuuint64_t rc = 0, uc = 0;
	size_t fr = 0, tot = 0;
	cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT, &rc);
	cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &uc);
	cuMemGetInfo(&fr, &tot);
	static size_t fr0;
	if (!fr0) fr0 = fr;
	printf("%-34s reserved %llu used %llu; free memory %+lld\n", what, (unsigned long long)rc, (unsigned long long)uc,
	    (long long)fr - (long long)fr0);
}

int
main(void)
{
	CUdevice d; CUcontext c; CUstream s; CUdeviceptr p[8];
	cuInit(0); cuDeviceGet(&d, 0); cuDevicePrimaryCtxRetain(&c, d); cuCtxSetCurrent(c);
	cuStreamCreate(&s, CU_STREAM_NON_BLOCKING);
	CUmemPoolProps pp; memset(&pp, 0, sizeof pp);
	pp.allocType = CU_MEM_ALLOCATION_TYPE_PINNED; pp.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	size_t sets[][4] = { { 100 << 20 }, { 33 << 20 }, { 32 << 20 }, { 16 << 20, 16 << 20, 1 }, { 31 << 20, 2 << 20 },
	                     { 1, 1 << 20, 40 << 20, 1 }, { 200 << 20, 1 } };
	for (unsigned t = 0; t < sizeof sets / sizeof sets[0]; t++) {
		cuMemPoolCreate(&pool, &pp);
		attrs("new pool");
		for (int i = 0; i < 4 && sets[t][i]; i++) {
			char b[64]; CUresult r = cuMemAllocFromPoolAsync(&p[i], sets[t][i], pool, s);
			snprintf(b, sizeof b, "alloc %zu (%d)", sets[t][i], r); attrs(b);
		}
		cuuint64_t th = 40 << 20;
		cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &th);
		for (int i = 0; i < 4 && sets[t][i]; i++) cuMemFreeAsync(p[i], s);
		cuStreamSynchronize(s); attrs("freed, synced, threshold 40M");
		cuMemPoolTrimTo(pool, 33 << 20); attrs("trim to 33M");
		cuMemPoolTrimTo(pool, 0); attrs("trim to 0");
		cuMemPoolDestroy(pool);
	}
	/* frees on the legacy stream and a blocking stream, and syncs of each */
	cuDeviceGetDefaultMemPool(&pool, d);
	CUstream b; cuStreamCreate(&b, 0);
	cuMemAllocAsync(&p[0], 1000, b); cuMemFreeAsync(p[0], b); attrs("blocking stream: alloc, free");
	cuStreamSynchronize(0); attrs("legacy stream synced");
	cuMemAllocAsync(&p[0], 1000, 0); cuMemFreeAsync(p[0], 0); attrs("legacy: alloc, free");
	cuStreamSynchronize(b); attrs("blocking stream synced");
	cuStreamSynchronize(s); attrs("non-blocking synced");
	cuStreamSynchronize(0); attrs("legacy synced");
	cuMemAllocAsync(&p[0], 1000, s); cuMemFreeAsync(p[0], s); attrs("alloc, free");
	cuStreamQuery(s); attrs("queried");
	CUevent e; cuEventCreate(&e, 0); cuEventRecord(e, s); cuEventQuery(e); attrs("event queried");
	cuCtxSynchronize(); attrs("ctx synced");
	return 0;
}

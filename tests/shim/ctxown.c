/*
 * ctxown.c -- what a context owns: arrays, mipmapped arrays, texture and
 * surface objects, page-locked host memory, device memory, streams, events
 * and modules made in a context, and what the driver answers for each
 * handle once that context is gone (cuCtxDestroy of a created context, or
 * cuDevicePrimaryCtxReset of the primary one).
 *
 *   ctxown created|primary N   makes the objects in the context, ends it,
 *                              then asks one question (probe N) of the
 *                              handles it left: one probe a run, since a
 *                              driver may crash on a handle it has freed
 *                              (the line is then missing)
 *   ctxown created|primary all every probe, one after the other
 *   ctxown loop ROUNDS         (the shim only) makes and ends both kinds
 *                              of context ROUNDS times with every object
 *                              above in each, then prints whether the
 *                              heap (mallinfo2) and the interpreter's
 *                              memory table stayed bounded
 *
 * ctxown.gpu: an H200's answers to every probe.
 */
#include "shimtest.h"
#ifdef __GLIBC__
#include <malloc.h>
#endif

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry k(.param .u64 p)\n{\n\tret;\n}\n";

/* what a context was given */
static struct {
	CUarray arr, surfarr;
	CUmipmappedArray mip;
	CUtexObject tex;
	CUsurfObject surf;
	void *pinned, *hostalloc;
	CUdeviceptr dptr;
	CUstream st;
	CUevent ev;
	CUmodule mod;
} o;

static void
make(void)
{
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;

	memset(&ad, 0, sizeof ad);
	ad.Width = 64, ad.Height = 32, ad.Format = CU_AD_FORMAT_UNSIGNED_INT8, ad.NumChannels = 4;
	CK(cuArray3DCreate(&o.arr, &ad));
	ad.Flags = CUDA_ARRAY3D_SURFACE_LDST;
	CK(cuArray3DCreate(&o.surfarr, &ad));
	ad.Flags = 0, ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 1;
	CK(cuMipmappedArrayCreate(&o.mip, &ad, 4));
	memset(&rd, 0, sizeof rd);
	memset(&td, 0, sizeof td);
	rd.resType = CU_RESOURCE_TYPE_ARRAY;
	rd.res.array.hArray = o.arr;
	CK(cuTexObjectCreate(&o.tex, &rd, &td, NULL));
	rd.res.array.hArray = o.surfarr;
	CK(cuSurfObjectCreate(&o.surf, &rd));
	CK(cuMemAllocHost(&o.pinned, 8192));
	CK(cuMemHostAlloc(&o.hostalloc, 4096, CU_MEMHOSTALLOC_DEVICEMAP));
	CK(cuMemAlloc(&o.dptr, 4096));
	CK(cuStreamCreate(&o.st, CU_STREAM_NON_BLOCKING));
	CK(cuEventCreate(&o.ev, 0));
	CK(cuModuleLoadData(&o.mod, ptx));
}

/* Ends the context made current (a created one) or the primary one, and
 * makes a context current again: the primary one, retained anew. */
static void
end(int primary, CUcontext c)
{
	CUdevice d;
	CUcontext p;

	CK(cuDeviceGet(&d, 0));
	if (primary) {
		CK(cuDevicePrimaryCtxReset(d));
		CK(cuDevicePrimaryCtxRetain(&p, d));
	} else {
		CK(cuCtxDestroy(c));
		CK(cuDevicePrimaryCtxRetain(&p, d));
	}
	CK(cuCtxSetCurrent(p));
}

static void
probe(int n)
{
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CUDA_RESOURCE_DESC rd;
	CUarray lv;
	CUfunction f;
	CUdeviceptr base;
	size_t size;
	unsigned flags;
	unsigned long long u;
	CUcontext c;

	switch (n) {
	case 0: printf("0 cuArray3DGetDescriptor: %s\n", ename(cuArray3DGetDescriptor(&ad, o.arr))); break;
	case 1: printf("1 cuMipmappedArrayGetLevel: %s\n", ename(cuMipmappedArrayGetLevel(&lv, o.mip, 0))); break;
	case 2: printf("2 cuTexObjectGetResourceDesc: %s\n", ename(cuTexObjectGetResourceDesc(&rd, o.tex))); break;
	case 3: printf("3 cuSurfObjectGetResourceDesc: %s\n", ename(cuSurfObjectGetResourceDesc(&rd, o.surf))); break;
	case 4: printf("4 cuMemHostGetFlags pinned: %s\n", ename(cuMemHostGetFlags(&flags, o.pinned))); break;
	case 5: printf("5 cuMemHostGetFlags hostalloc: %s\n", ename(cuMemHostGetFlags(&flags, o.hostalloc))); break;
	case 6:
		printf("6 cuPointerGetAttribute pinned context: %s\n",
		       ename(cuPointerGetAttribute(&c, CU_POINTER_ATTRIBUTE_CONTEXT, (CUdeviceptr)(uintptr_t)o.pinned)));
		break;
	case 7: printf("7 cuMemGetAddressRange: %s\n", ename(cuMemGetAddressRange(&base, &size, o.dptr))); break;
	case 8: printf("8 cuStreamQuery: %s\n", ename(cuStreamQuery(o.st))); break;
	case 9: printf("9 cuEventQuery: %s\n", ename(cuEventQuery(o.ev))); break;
	case 10: printf("10 cuModuleGetFunction: %s\n", ename(cuModuleGetFunction(&f, o.mod, "k"))); break;
	case 11: printf("11 cuArrayDestroy: %s\n", ename(cuArrayDestroy(o.arr))); break;
	case 12: printf("12 cuMipmappedArrayDestroy: %s\n", ename(cuMipmappedArrayDestroy(o.mip))); break;
	case 13: printf("13 cuTexObjectDestroy: %s\n", ename(cuTexObjectDestroy(o.tex))); break;
	case 14: printf("14 cuSurfObjectDestroy: %s\n", ename(cuSurfObjectDestroy(o.surf))); break;
	case 15: printf("15 cuMemFreeHost pinned: %s\n", ename(cuMemFreeHost(o.pinned))); break;
	case 16: printf("16 cuMemFree: %s\n", ename(cuMemFree(o.dptr))); break;
	case 17:
		printf("17 cuPointerGetAttribute pinned buffer id: %s\n",
		       ename(cuPointerGetAttribute(&u, CU_POINTER_ATTRIBUTE_BUFFER_ID, (CUdeviceptr)(uintptr_t)o.pinned)));
		break;
	}
}
enum { NPROBE = 18 };

/* the host's heap in use, in bytes */
static size_t
heap(void)
{
#ifdef __GLIBC__
	struct mallinfo2 mi = mallinfo2();
	return mi.uordblks + mi.hblkhd;
#else
	return 0;
#endif
}

static void
loop(int rounds)
{
	size_t before = 0, mid = 0;
	CUcontext c;
	CUdevice d;

	primary_ctx();
	CK(cuDeviceGet(&d, 0));
	for (int i = 0; i < rounds; i++) {
		if (i == rounds / 4)
			before = heap();
		if (i == rounds / 2)
			mid = heap();
		make();
		end(1, NULL);
		/* page-locked memory, whether or not it went with its context */
		cuMemFreeHost(o.pinned);
		cuMemFreeHost(o.hostalloc);
		CK(cuCtxCreate(&c, NULL, 0, d));
		make();
		CK(cuCtxDestroy(c));
		CK(cuCtxSetCurrent(NULL));
		cuMemFreeHost(o.pinned);
		cuMemFreeHost(o.hostalloc);
		/* and objects destroyed one by one, in a context that stays */
		primary_ctx();
		make();
		CK(cuTexObjectDestroy(o.tex));
		CK(cuSurfObjectDestroy(o.surf));
		CK(cuArrayDestroy(o.arr));
		CK(cuArrayDestroy(o.surfarr));
		CK(cuMipmappedArrayDestroy(o.mip));
		CK(cuMemFreeHost(o.pinned));
		CK(cuMemFreeHost(o.hostalloc));
		CK(cuMemFree(o.dptr));
		CK(cuStreamDestroy(o.st));
		CK(cuEventDestroy(o.ev));
		CK(cuModuleUnload(o.mod));
	}
	/* the second quarter of the rounds against the third and fourth: a
	 * leak of a few hundred bytes a round shows, a heap that settles does
	 * not */
	size_t after = heap();
	long long grow1 = (long long)mid - (long long)before, grow2 = (long long)after - (long long)mid;
	printf("rounds %d: heap %s\n", rounds,
	       grow2 <= 64 * 1024 && grow1 <= 64 * 1024 ? "bounded" : "grows");
	if (getenv("CTXOWN_VERBOSE"))
		printf("heap %zu %zu %zu\n", before, mid, after);
}

int
main(int argc, char **argv)
{
	int primary, from = 0, to = NPROBE;
	CUcontext c;
	CUdevice d;

	if (argc == 3 && !strcmp(argv[1], "loop")) {
		loop(atoi(argv[2]));
		return 0;
	}
	if (argc != 3 || (strcmp(argv[1], "created") && strcmp(argv[1], "primary"))) {
		fprintf(stderr, "usage: ctxown created|primary N|all, ctxown loop ROUNDS\n");
		return 2;
	}
	primary = !strcmp(argv[1], "primary");
	if (strcmp(argv[2], "all"))
		from = atoi(argv[2]), to = from + 1;
	primary_ctx();
	CK(cuDeviceGet(&d, 0));
	if (!primary)
		CK(cuCtxCreate(&c, NULL, 0, d));
	make();
	end(primary, primary ? NULL : c);
	for (int n = from; n < to; n++)
		probe(n);
	return 0;
}

/*
 * legacy32.c -- the unversioned entry points of the CUDA 2.x ABI that the
 * driver still exports: arrays described by the _v1 structures, copies
 * and fills whose sizes, offsets and device pointers are 32-bit unsigned
 * int (CUdeviceptr_v1).  cuda.h names their _v2 successors by macro, so
 * the macros are undone here and the old prototypes declared, as a
 * program built against CUDA 3.1's cuda.h links them.
 *
 * Arrays and host memory need no device pointer and work through them
 * (each result checked against the data).  They take a context the
 * unversioned cuCtxCreate made, of their ABI: under a cuCtxCreate_v4
 * context an H200 with driver 580 answered cuArrayCreate
 * CUDA_ERROR_INVALID_CONTEXT, the first line of legacy32.out.  Asked
 * again, it made the unversioned context and an array through the _v1
 * calls (the next line), then refused cuArrayGetDescriptor_v2 under that
 * context, CUDA_ERROR_INVALID_CONTEXT (the third): each ABI refuses the
 * other's context, which abimix.c asks the driver call by call.  A
 * device address of such a context lies below 4 GiB, as the driver
 * places it, so the old cuMemAlloc hands it back in a CUdeviceptr_v1 and
 * the old calls that take a device pointer fill and copy it.
 */
#include "shimtest.h"

#undef cuCtxCreate
#undef cuArrayCreate
#undef cuArrayGetDescriptor
#undef cuArray3DCreate
#undef cuArray3DGetDescriptor
#undef cuMemAllocPitch
#undef cuMemGetAddressRange
#undef cuMemcpyHtoA
#undef cuMemcpyAtoH
#undef cuMemcpyAtoA
#undef cuMemcpyHtoAAsync
#undef cuMemcpyAtoHAsync
#undef cuMemcpyDtoA
#undef cuMemcpyAtoD
#undef cuMemcpy2D
#undef cuMemcpy2DUnaligned
#undef cuMemcpy2DAsync
#undef cuMemcpy3D
#undef cuMemcpy3DAsync
#undef cuMemsetD2D8
#undef cuMemsetD2D16
#undef cuMemsetD2D32
#undef cuTexRefSetAddress
#undef cuTexRefGetAddress
#undef cuMemAlloc
#undef cuMemFree

typedef unsigned int Dptr1;   /* CUdeviceptr_v1 */
typedef struct { unsigned Width, Height; CUarray_format Format; unsigned NumChannels; } Desc1;
typedef struct { unsigned Width, Height, Depth; CUarray_format Format; unsigned NumChannels, Flags; } Desc3d1;
typedef struct {
	unsigned srcXInBytes, srcY;
	CUmemorytype srcMemoryType;
	const void *srcHost;
	Dptr1 srcDevice;
	CUarray srcArray;
	unsigned srcPitch;
	unsigned dstXInBytes, dstY;
	CUmemorytype dstMemoryType;
	void *dstHost;
	Dptr1 dstDevice;
	CUarray dstArray;
	unsigned dstPitch;
	unsigned WidthInBytes, Height;
} Copy2d1;
typedef struct {
	unsigned srcXInBytes, srcY, srcZ, srcLOD;
	CUmemorytype srcMemoryType;
	const void *srcHost;
	Dptr1 srcDevice;
	CUarray srcArray;
	void *reserved0;
	unsigned srcPitch, srcHeight;
	unsigned dstXInBytes, dstY, dstZ, dstLOD;
	CUmemorytype dstMemoryType;
	void *dstHost;
	Dptr1 dstDevice;
	CUarray dstArray;
	void *reserved1;
	unsigned dstPitch, dstHeight;
	unsigned WidthInBytes, Height, Depth;
} Copy3d1;

CUresult CUDAAPI cuCtxCreate(CUcontext *, unsigned, CUdevice);
CUresult CUDAAPI cuCtxCreate_v4(CUcontext *, CUctxCreateParams *, unsigned, CUdevice);
CUresult CUDAAPI cuArrayCreate(CUarray *, const Desc1 *);
CUresult CUDAAPI cuArrayGetDescriptor(Desc1 *, CUarray);
CUresult CUDAAPI cuArray3DCreate(CUarray *, const Desc3d1 *);
CUresult CUDAAPI cuArray3DGetDescriptor(Desc3d1 *, CUarray);
CUresult CUDAAPI cuMemAlloc(Dptr1 *, unsigned);
CUresult CUDAAPI cuMemFree(Dptr1);
CUresult CUDAAPI cuMemAllocPitch(Dptr1 *, unsigned *, unsigned, unsigned, unsigned);
CUresult CUDAAPI cuMemGetAddressRange(Dptr1 *, unsigned *, Dptr1);
CUresult CUDAAPI cuMemcpyHtoA(CUarray, unsigned, const void *, unsigned);
CUresult CUDAAPI cuMemcpyAtoH(void *, CUarray, unsigned, unsigned);
CUresult CUDAAPI cuMemcpyAtoA(CUarray, unsigned, CUarray, unsigned, unsigned);
CUresult CUDAAPI cuMemcpyHtoAAsync(CUarray, unsigned, const void *, unsigned, CUstream);
CUresult CUDAAPI cuMemcpyAtoHAsync(void *, CUarray, unsigned, unsigned, CUstream);
CUresult CUDAAPI cuMemcpyDtoA(CUarray, unsigned, Dptr1, unsigned);
CUresult CUDAAPI cuMemcpyAtoD(Dptr1, CUarray, unsigned, unsigned);
CUresult CUDAAPI cuMemcpy2D(const Copy2d1 *);
CUresult CUDAAPI cuMemcpy2DUnaligned(const Copy2d1 *);
CUresult CUDAAPI cuMemcpy2DAsync(const Copy2d1 *, CUstream);
CUresult CUDAAPI cuMemcpy3D(const Copy3d1 *);
CUresult CUDAAPI cuMemcpy3DAsync(const Copy3d1 *, CUstream);
CUresult CUDAAPI cuMemsetD2D8(Dptr1, unsigned, unsigned char, unsigned, unsigned);
CUresult CUDAAPI cuMemsetD2D16(Dptr1, unsigned, unsigned short, unsigned, unsigned);
CUresult CUDAAPI cuMemsetD2D32(Dptr1, unsigned, unsigned, unsigned, unsigned);
CUresult CUDAAPI cuTexRefSetAddress(unsigned *, CUtexref, Dptr1, unsigned);
CUresult CUDAAPI cuTexRefGetAddress(Dptr1 *, CUtexref);

#define W 16    /* texels of 4 bytes a row */
#define H 4

static unsigned src[H][W], dst[H][W];

static void
fill(unsigned base)
{
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			src[y][x] = base + (unsigned)(y * W + x);
	memset(dst, 0, sizeof dst);
}

/* how many of the texels in rows [y0, y1) came back as src has them */
static void
check(const char *what, int y0, int y1)
{
	int good = 0;

	for (int y = y0; y < y1; y++)
		for (int x = 0; x < W; x++)
			good += dst[y][x] == src[y][x];
	printf("%s: %d of %d\n", what, good, (y1 - y0) * W);
}

int
main(void)
{
	CUcontext ctx;
	CUarray a, b, a3, l, lb, junk;
	CUtexref tr;
	Desc1 d1 = {W, H, CU_AD_FORMAT_UNSIGNED_INT32, 1}, dl = {W * H, 0, CU_AD_FORMAT_UNSIGNED_INT32, 1}, bad = {W, H, CU_AD_FORMAT_UNSIGNED_INT32, 3}, g1;
	Desc3d1 d3 = {W, H, 2, CU_AD_FORMAT_UNSIGNED_INT8, 4, 0}, g3;
	CUDA_ARRAY_DESCRIPTOR g2;
	CUdeviceptr dp, base;
	size_t size;
	Dptr1 p1, b1;
	unsigned pitch, n1;
	CUresult r;
	Copy2d1 c2;
	Copy3d1 c3;
	unsigned vol[2][H][W], back[2][H][W];

	CK(cuInit(0));

	/* a context of today's ABI does not take them */
	CK(cuCtxCreate_v4(&ctx, NULL, 0, 0));
	printf("cuArrayCreate under a cuCtxCreate_v4 context: %s\n", ename(cuArrayCreate(&a, &d1)));
	CK(cuCtxDestroy(ctx));
	CK(cuCtxCreate(&ctx, 0, 0));

	/* arrays through the _v1 descriptors */
	CK(cuArrayCreate(&a, &d1));
	CK(cuArrayCreate(&b, &d1));
	CK(cuArrayCreate(&l, &dl));
	CK(cuArrayCreate(&lb, &dl));
	CK(cuArrayGetDescriptor(&g1, a));
	printf("array: %u x %u, format %d, %u channel\n", g1.Width, g1.Height, (int)g1.Format, g1.NumChannels);
	printf("cuArrayGetDescriptor_v2 under it: %s\n", ename(cuArrayGetDescriptor_v2(&g2, a)));
	CK(cuArray3DCreate(&a3, &d3));
	CK(cuArray3DGetDescriptor(&g3, a3));
	printf("3D array: %u x %u x %u, format %d, %u channels, flags %u\n", g3.Width, g3.Height, g3.Depth,
	       (int)g3.Format, g3.NumChannels, g3.Flags);
	CK(cuArrayGetDescriptor(&g1, a3));
	printf("3D array by cuArrayGetDescriptor: %u x %u\n", g1.Width, g1.Height);
	printf("3 channels: %s\n", ename(cuArrayCreate(&junk, &bad)));

	/* a texture reference's state, each read back as set */
	{
		float bc[4] = {1, 2, 3, 4}, got[4], lo, hi, bias;
		int an, fm;
		CUarray ga;

		CK(cuTexRefCreate(&tr));
		CK(cuTexRefSetBorderColor(tr, bc));
		CK(cuTexRefSetMipmapLevelBias(tr, 0.5f));
		CK(cuTexRefSetMipmapLevelClamp(tr, 1, 3));
		CK(cuTexRefSetMaxAnisotropy(tr, 4));
		CK(cuTexRefSetMipmapFilterMode(tr, CU_TR_FILTER_MODE_LINEAR));
		CK(cuTexRefGetBorderColor(got, tr));
		CK(cuTexRefGetMipmapLevelBias(&bias, tr));
		CK(cuTexRefGetMipmapLevelClamp(&lo, &hi, tr));
		CK(cuTexRefGetMaxAnisotropy(&an, tr));
		CK(cuTexRefGetMipmapFilterMode((CUfilter_mode *)&fm, tr));
		printf("texref: border %g %g %g %g, bias %g, clamp %g..%g, anisotropy %d, mipmap filter %d\n",
		       got[0], got[1], got[2], got[3], bias, lo, hi, an, fm);
		CK(cuTexRefSetArray(tr, a, CU_TRSA_OVERRIDE_FORMAT));
		CK(cuTexRefGetArray(&ga, tr));
		printf("texref array: %d, mipmapped array: %s\n", ga == a,
		       ename(cuTexRefGetMipmappedArray(&(CUmipmappedArray){0}, tr)));
	}

	/* 1D copies with array offsets, on 1D arrays of the same W x H texels
	 * (of a 2D array the driver's 1D copies reach the first row alone:
	 * arr1d.gpu) */
	fill(100);
	CK(cuMemcpyHtoA(l, 0, src, sizeof src));
	CK(cuMemcpyAtoH(dst, l, 0, sizeof dst));
	check("HtoA, AtoH", 0, H);
	CK(cuMemcpyAtoA(lb, W * 4, l, W * 4, 2 * W * 4));
	memset(dst, 0, sizeof dst);
	CK(cuMemcpyAtoH(dst[1], lb, W * 4, 2 * W * 4));
	check("AtoA rows 1-2", 1, 3);
	fill(200);
	CK(cuMemcpyHtoAAsync(l, 0, src, sizeof src, NULL));
	CK(cuMemcpyAtoHAsync(dst, l, 0, sizeof dst, NULL));
	CK(cuCtxSynchronize());
	check("async HtoA, AtoH", 0, H);

	/* 2D copies through CUDA_MEMCPY2D_v1: host to array, array to host */
	fill(300);
	memset(&c2, 0, sizeof c2);
	c2.srcMemoryType = CU_MEMORYTYPE_HOST;
	c2.srcHost = src;
	c2.srcPitch = W * 4;
	c2.dstMemoryType = CU_MEMORYTYPE_ARRAY;
	c2.dstArray = a;
	c2.WidthInBytes = W * 4;
	c2.Height = H;
	CK(cuMemcpy2D(&c2));
	memset(&c2, 0, sizeof c2);
	c2.srcMemoryType = CU_MEMORYTYPE_ARRAY;
	c2.srcArray = a;
	c2.srcXInBytes = 4 * 4;
	c2.srcY = 1;
	c2.dstMemoryType = CU_MEMORYTYPE_HOST;
	c2.dstHost = dst;
	c2.dstPitch = W * 4;
	c2.dstXInBytes = 4 * 4;
	c2.dstY = 1;
	c2.WidthInBytes = (W - 4) * 4;
	c2.Height = H - 1;
	CK(cuMemcpy2DUnaligned(&c2));
	{
		int good = 0;
		for (int y = 1; y < H; y++)
			for (int x = 4; x < W; x++)
				good += dst[y][x] == src[y][x];
		printf("2D sub-rectangle: %d of %d, outside untouched %d\n", good, (H - 1) * (W - 4),
		       dst[0][0] == 0 && dst[1][3] == 0);
	}
	memset(dst, 0, sizeof dst);
	c2.srcXInBytes = c2.dstXInBytes = 0;
	c2.srcY = c2.dstY = 0;
	c2.WidthInBytes = W * 4;
	c2.Height = H;
	CK(cuMemcpy2DAsync(&c2, NULL));
	CK(cuCtxSynchronize());
	check("2D async", 0, H);

	/* 3D copies through CUDA_MEMCPY3D_v1 */
	for (int z = 0; z < 2; z++)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				vol[z][y][x] = 0x01010101u * (unsigned)(z * 64 + y * W + x);
	memset(back, 0, sizeof back);
	memset(&c3, 0, sizeof c3);
	c3.srcMemoryType = CU_MEMORYTYPE_HOST;
	c3.srcHost = vol;
	c3.srcPitch = W * 4;
	c3.srcHeight = H;
	c3.dstMemoryType = CU_MEMORYTYPE_ARRAY;
	c3.dstArray = a3;
	c3.WidthInBytes = W * 4;
	c3.Height = H;
	c3.Depth = 2;
	CK(cuMemcpy3D(&c3));
	memset(&c3, 0, sizeof c3);
	c3.srcMemoryType = CU_MEMORYTYPE_ARRAY;
	c3.srcArray = a3;
	c3.dstMemoryType = CU_MEMORYTYPE_HOST;
	c3.dstHost = back;
	c3.dstPitch = W * 4;
	c3.dstHeight = H;
	c3.WidthInBytes = W * 4;
	c3.Height = H;
	c3.Depth = 2;
	CK(cuMemcpy3DAsync(&c3, NULL));
	CK(cuCtxSynchronize());
	printf("3D: %s\n", memcmp(vol, back, sizeof vol) ? "differs" : "same");
	c3.reserved1 = &c3;
	printf("3D with reserved1 set: %s\n", ename(cuMemcpy3D(&c3)));

	/* device pointers: today's calls refuse the context; the old ABI's
	 * allocations lie below 4 GiB, as the driver places them, and the old
	 * calls fill and copy them (each result read back through array a) */
	printf("cuMemAlloc_v2: %s\n", ename(cuMemAlloc_v2(&dp, 4096)));
	p1 = 0;
	r = cuMemAlloc(&p1, 4096);
	printf("cuMemAlloc: %s, %s\n", ename(r), p1 ? "an address" : "address 0");
	dp = p1;
	r = cuMemAllocPitch(&b1, &pitch, 256, 4, 4);
	printf("cuMemAllocPitch: %s, pitch %u\n", ename(r), pitch);
	if (!r)
		CK(cuMemFree(b1));
	b1 = 0, n1 = 0;
	r = cuMemGetAddressRange(&b1, &n1, (Dptr1)dp + 100);
	printf("cuMemGetAddressRange: %s, %s, %u bytes\n", ename(r), b1 == p1 ? "its base" : "another base", n1);
	memset(dst, 0, sizeof dst);
	printf("cuMemsetD2D8: %s\n", ename(cuMemsetD2D8((Dptr1)dp, 64, 1, 64, 4)));
	printf("cuMemsetD2D16: %s\n", ename(cuMemsetD2D16((Dptr1)dp + 256, 64, 0x0202, 32, 4)));
	printf("cuMemsetD2D32: %s\n", ename(cuMemsetD2D32((Dptr1)dp + 512, 64, 0x03030303, 16, 4)));
	printf("cuMemcpyDtoA: %s\n", ename(cuMemcpyDtoA(l, 0, (Dptr1)dp + 256, 256)));
	CK(cuMemcpyAtoH(dst, l, 0, sizeof dst));
	printf("  filled with 2: %s\n", dst[0][0] == 0x02020202u && dst[H - 1][W - 1] == 0x02020202u ? "yes" : "no");
	printf("cuMemcpyAtoD: %s\n", ename(cuMemcpyAtoD((Dptr1)dp + 768, l, 0, 256)));
	memset(&c2, 0, sizeof c2);
	c2.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c2.srcDevice = (Dptr1)dp;
	c2.srcPitch = 256;
	c2.dstMemoryType = CU_MEMORYTYPE_HOST;
	c2.dstHost = dst;
	c2.dstPitch = 64;
	c2.WidthInBytes = 64;
	c2.Height = 4;
	memset(dst, 0, sizeof dst);
	printf("cuMemcpy2D from the device: %s\n", ename(cuMemcpy2D(&c2)));
	printf("  the rows of 1, 2, 3 and 2: %s\n", dst[0][0] == 0x01010101u && dst[1][0] == 0x02020202u &&
	    dst[2][W - 1] == 0x03030303u && dst[3][0] == 0x02020202u ? "yes" : "no");
	printf("cuTexRefSetAddress: %s\n", ename(cuTexRefSetAddress(&n1, tr, (Dptr1)dp, 64)));
	printf("cuTexRefSetAddress_v2: %s\n", ename(cuTexRefSetAddress_v2(&size, tr, dp, 64)));
	b1 = 0;
	r = cuTexRefGetAddress(&b1, tr);
	printf("cuTexRefGetAddress: %s, %s\n", ename(r), b1 == p1 ? "the allocation" : "another address");
	printf("cuMemGetAddressRange_v2: %s\n", ename(cuMemGetAddressRange_v2(&base, &size, dp + 100)));
	printf("cuMemFree: %s\n", ename(cuMemFree(p1)));

	CK(cuTexRefDestroy(tr));
	CK(cuArrayDestroy(a));
	CK(cuArrayDestroy(b));
	CK(cuArrayDestroy(a3));
	CK(cuArrayDestroy(l));
	CK(cuArrayDestroy(lb));
	CK(cuCtxDestroy(ctx));
	printf("done\n");
	return 0;
}

/*
 * arrself.c -- copies between regions of one CUDA array: cuMemcpyAtoA
 * within a 1D array and a 2D one, cuMemcpy2D between rows and columns of
 * one 2D array, cuMemcpy3D between slices of one 3D array; the regions
 * apart, and overlapping one way and the other.  Each array starts as
 * bytes that name their place; after each copy the whole array is read
 * back and compared with two models of the copy: through a temporary
 * (the source read whole before a byte is written) and row by row in
 * order (each row moved as memmove moves it, the first row first).  The
 * line says which the array equals ("a temporary" when both do), or how
 * many bytes differ from a temporary.  The driver documents no answer
 * for regions that overlap (cudaMemcpy2D: "the memory areas may not
 * overlap"); regions apart must be copied.
 *
 * "big": arrays of 16 GiB and more (32768 x 32768 float4, as cuArray3D-
 * Create, cuArrayCreate and a mipmapped array of every level), how much
 * of the host's memory making one takes (a driver keeps no copy of an
 * array on the host; the shim backs it by pages zero until written), and
 * arrays past any device (64 TiB, 32 TiB) with the driver's error.
 *
 * The output is compared with arrself.out.  An H200 (driver 580) ran a
 * form of this program that filled and read the arrays with cuMemcpyHtoA
 * and cuMemcpyAtoH: it printed the five 1D lines as they are here (the
 * overlapping regions too, as through a temporary), then refused
 * cuMemcpyHtoA of the whole of the 64 x 8 2D array,
 * CUDA_ERROR_INVALID_VALUE, as it refused cuMemcpyAtoA_v2 from row 0 to
 * row 1 of a 64 x 4 one (abimix.gpu): its linear copies reach the first
 * row of a 2D array only (arr1d.gpu), and so do the shim's: the 2D AtoA
 * lines past the first row are refused.  With "big" it
 * made the 32768 x 32768 float4 array, 16 GiB of its memory and none of
 * the host's, and refused cuMemcpyHtoA at its last texel; the 3D copies
 * of box() reach every row.
 */
#include <sys/resource.h>
#include "shimtest.h"

static unsigned char mem[65536], want[65536], rows[65536];

/* w x h x d bytes between host buffer p (rows of w bytes) and array a at
 * (x, y, z): a 3D copy, which reaches any row of any array (the driver
 * takes cuMemcpyHtoA and cuMemcpyAtoH of a 2D array within its first row
 * only, above) */
static CUresult
box(CUarray a, void *p, int toarr, size_t x, size_t y, size_t z, size_t w, size_t h, size_t d)
{
	CUDA_MEMCPY3D c;

	memset(&c, 0, sizeof c);
	if (toarr) {
		c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = p, c.srcPitch = w, c.srcHeight = h;
		c.dstMemoryType = CU_MEMORYTYPE_ARRAY, c.dstArray = a;
		c.dstXInBytes = x, c.dstY = y, c.dstZ = z;
	} else {
		c.srcMemoryType = CU_MEMORYTYPE_ARRAY, c.srcArray = a;
		c.srcXInBytes = x, c.srcY = y, c.srcZ = z;
		c.dstMemoryType = CU_MEMORYTYPE_HOST, c.dstHost = p, c.dstPitch = w, c.dstHeight = h;
	}
	c.WidthInBytes = w, c.Height = h, c.Depth = d;
	return cuMemcpy3D(&c);
}

/* The whole of array a of bytes (one channel of 8 bits), to or from mem[] */
static void
whole(CUarray a, int toarr)
{
	CUDA_ARRAY3D_DESCRIPTOR d;

	CK(cuArray3DGetDescriptor(&d, a));
	CK(box(a, mem, toarr, 0, 0, 0, d.Width, d.Height ? d.Height : 1, d.Depth ? d.Depth : 1));
}

/* The array's bytes as they name their place: byte i is i * 7 + i / 256 */
static void
init(CUarray a, size_t n)
{
	for (size_t i = 0; i < n; i++)
		mem[i] = (unsigned char)(i * 7 + i / 256);
	whole(a, 1);
}

/* A box of w bytes x h rows x d slices from (sx, sy, sz) to (dx, dy, dz)
 * of an array of rows of `row` bytes, `nrow` rows a slice, modelled on
 * mem[] two ways: want (through a temporary) and rows (row by row) */
static void
model(size_t row, size_t nrow, size_t sx, size_t sy, size_t sz, size_t dx, size_t dy, size_t dz,
      size_t w, size_t h, size_t d, size_t n)
{
	static unsigned char tmp[65536];

	memcpy(want, mem, n);
	memcpy(rows, mem, n);
	for (size_t z = 0; z < d; z++)
		for (size_t y = 0; y < h; y++)
			memcpy(tmp + (z * h + y) * w, mem + ((sz + z) * nrow + sy + y) * row + sx, w);
	for (size_t z = 0; z < d; z++)
		for (size_t y = 0; y < h; y++) {
			memcpy(want + ((dz + z) * nrow + dy + y) * row + dx, tmp + (z * h + y) * w, w);
			memmove(rows + ((dz + z) * nrow + dy + y) * row + dx,
			    rows + ((sz + z) * nrow + sy + y) * row + sx, w);
		}
}

/* Reads the array back and says which model it equals; mem[] becomes it. */
static void
judge(const char *what, CUresult r, CUarray a, size_t n)
{
	size_t diff = 0;

	printf("%s: %s", what, ename(r));
	if (r) {
		printf("\n");
		init(a, n);   /* as it was, for the next */
		return;
	}
	whole(a, 0);
	for (size_t i = 0; i < n; i++)
		diff += mem[i] != want[i];
	if (!diff)
		printf(", as through a temporary\n");
	else if (!memcmp(mem, rows, n))
		printf(", as row by row (%zu bytes differ from a temporary)\n", diff);
	else
		printf(", %zu bytes differ from a temporary\n", diff);
}

/* cuMemcpyAtoA of n bytes from soff to doff of array a of all bytes */
static void
atoa(const char *what, CUarray a, size_t all, size_t doff, size_t soff, size_t n)
{
	model(all, 1, soff, 0, 0, doff, 0, 0, n, 1, 1, all);
	judge(what, cuMemcpyAtoA(a, doff, a, soff, n), a, all);
}

static void
copy2d(const char *what, CUarray a, size_t row, size_t nrow, size_t sx, size_t sy, size_t dx, size_t dy,
       size_t w, size_t h)
{
	CUDA_MEMCPY2D c;

	memset(&c, 0, sizeof c);
	c.srcMemoryType = c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
	c.srcArray = c.dstArray = a;
	c.srcXInBytes = sx, c.srcY = sy, c.dstXInBytes = dx, c.dstY = dy;
	c.WidthInBytes = w, c.Height = h;
	model(row, nrow, sx, sy, 0, dx, dy, 0, w, h, 1, row * nrow);
	judge(what, cuMemcpy2D(&c), a, row * nrow);
}

static void
copy3d(const char *what, CUarray a, size_t row, size_t nrow, size_t nsl, size_t sx, size_t sy, size_t sz,
       size_t dx, size_t dy, size_t dz, size_t w, size_t h, size_t d)
{
	CUDA_MEMCPY3D c;

	memset(&c, 0, sizeof c);
	c.srcMemoryType = c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
	c.srcArray = c.dstArray = a;
	c.srcXInBytes = sx, c.srcY = sy, c.srcZ = sz;
	c.dstXInBytes = dx, c.dstY = dy, c.dstZ = dz;
	c.WidthInBytes = w, c.Height = h, c.Depth = d;
	model(row, nrow, sx, sy, sz, dx, dy, dz, w, h, d, row * nrow * nsl);
	judge(what, cuMemcpy3D(&c), a, row * nrow * nsl);
}

/* The host's resident memory, in MiB */
static long
rss(void)
{
	long pages = 0, res = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	if (f) {
		if (fscanf(f, "%ld %ld", &pages, &res) != 2)
			res = 0;
		fclose(f);
	}
	return res * 4096 / (1 << 20);
}

static void
big(void)
{
	CUDA_ARRAY3D_DESCRIPTOR d3;
	CUDA_ARRAY_DESCRIPTOR d2;
	CUarray a;
	CUmipmappedArray m;
	CUresult r;
	size_t f0, f1, t;
	long h0;
	unsigned char last[16];

	memset(&d3, 0, sizeof d3);
	d3.Width = d3.Height = 32768;
	d3.Format = CU_AD_FORMAT_FLOAT;
	d3.NumChannels = 4;
	CK(cuMemGetInfo(&f0, &t));
	h0 = rss();
	r = cuArray3DCreate(&a, &d3);
	printf("cuArray3DCreate 32768 x 32768 float4: %s\n", ename(r));
	if (!r) {
		CK(cuMemGetInfo(&f1, &t));
		printf("  takes 16 GiB of the device's: %s\n", f0 - f1 >= (16ull << 30) && f0 - f1 < (17ull << 30) ? "yes" : "no");
		printf("  host memory taken under 256 MiB: %s\n", rss() - h0 < 256 ? "yes" : "no");
		/* its last texel, written and read back */
		memset(last, 0x5a, sizeof last);
		CK(box(a, last, 1, 32767 * 16, 32767, 0, 16, 1, 1));
		memset(last, 0, sizeof last);
		CK(box(a, last, 0, 32767 * 16, 32767, 0, 16, 1, 1));
		printf("  last texel read back: %s\n", last[0] == 0x5a && last[15] == 0x5a ? "yes" : "no");
		printf("  a byte past it: %s\n", ename(box(a, last, 0, 32767 * 16 + 1, 32767, 0, 16, 1, 1)));
		CK(cuArrayDestroy(a));
	}
	memset(&d2, 0, sizeof d2);
	d2.Width = d2.Height = 32768;
	d2.Format = CU_AD_FORMAT_FLOAT;
	d2.NumChannels = 4;
	h0 = rss();
	r = cuArrayCreate(&a, &d2);
	printf("cuArrayCreate 32768 x 32768 float4: %s\n", ename(r));
	if (!r) {
		printf("  host memory taken under 256 MiB: %s\n", rss() - h0 < 256 ? "yes" : "no");
		CK(cuArrayDestroy(a));
	}
	CK(cuMemGetInfo(&f0, &t));
	h0 = rss();
	r = cuMipmappedArrayCreate(&m, &d3, 16);
	printf("cuMipmappedArrayCreate 32768 x 32768 float4, 16 levels: %s\n", ename(r));
	if (!r) {
		CK(cuMemGetInfo(&f1, &t));
		printf("  takes 21 GiB of the device's: %s\n", f0 - f1 >= (21ull << 30) && f0 - f1 < (22ull << 30) ? "yes" : "no");
		printf("  host memory taken under 256 MiB: %s\n", rss() - h0 < 256 ? "yes" : "no");
		CK(cuMipmappedArrayDestroy(m));
	}
	d3.Width = d3.Height = d3.Depth = 16384;   /* 64 TiB */
	printf("cuArray3DCreate 16384^3 float4: %s\n", ename(cuArray3DCreate(&a, &d3)));
	d3.Width = d3.Height = 32768;   /* 32 TiB */
	d3.Depth = 2048;
	d3.Flags = CUDA_ARRAY3D_LAYERED;
	printf("cuArray3DCreate 32768 x 32768 x 2048 layers float4: %s\n", ename(cuArray3DCreate(&a, &d3)));
	printf("cuMipmappedArrayCreate of it: %s\n", ename(cuMipmappedArrayCreate(&m, &d3, 4)));
}

/* A kernel reading texel (3, 3) of a fresh 2D array through a texture
 * object and a word of a fresh cuMemAlloc: run under initcheck
 * (PTXKIT_CHECK=initcheck), the array's zeros count as written, the
 * buffer's word as never written (shim.test reads the reports) */
static const char tex_ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry k(.param .u64 t, .param .u64 p, .param .u64 out)\n{\n"
	"\t.reg .u64 %rd<4>;\n\t.reg .f32 %f<5>;\n\t.reg .u32 %r<3>;\n"
	"\tld.param.u64 %rd1, [t];\n\tld.param.u64 %rd2, [p];\n\tld.param.u64 %rd3, [out];\n"
	"\tmov.u32 %r1, 3;\n"
	"\ttex.2d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [%rd1, {%r1, %r1}];\n"
	"\tst.global.f32 [%rd3], %f1;\n"
	"\tld.global.u32 %r2, [%rd2];\n\tst.global.u32 [%rd3+4], %r2;\n\tret;\n}\n";

static void
fresh(void)
{
	CUDA_ARRAY3D_DESCRIPTOR d3;
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUtexObject t;
	CUarray a;
	CUmodule m;
	CUfunction k;
	CUdeviceptr p, out;
	float got;

	memset(&d3, 0, sizeof d3);
	d3.Width = d3.Height = 1024;
	d3.Format = CU_AD_FORMAT_FLOAT;
	d3.NumChannels = 1;
	CK(cuArray3DCreate(&a, &d3));
	memset(&rd, 0, sizeof rd);
	rd.resType = CU_RESOURCE_TYPE_ARRAY;
	rd.res.array.hArray = a;
	memset(&td, 0, sizeof td);
	CK(cuTexObjectCreate(&t, &rd, &td, NULL));
	CK(cuMemAlloc(&p, 4096));
	CK(cuMemAlloc(&out, 8));
	CK(cuModuleLoadData(&m, tex_ptx));
	CK(cuModuleGetFunction(&k, m, "k"));
	void *args[] = { &t, &p, &out };
	CK(cuLaunchKernel(k, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(&got, out, 4));
	printf("texel (3, 3) of a fresh array: %g\n", got);
	CK(cuTexObjectDestroy(t));
	CK(cuArrayDestroy(a));
	CK(cuMemFree(p));
	CK(cuMemFree(out));
	CK(cuModuleUnload(m));
}

int
main(int argc, char **argv)
{
	CUDA_ARRAY3D_DESCRIPTOR d3;
	CUarray a;

	primary_ctx();
	if (argc > 1 && !strcmp(argv[1], "fresh")) {
		fresh();
		printf("done\n");
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "big")) {
		big();
		printf("done\n");
		return 0;
	}
	memset(&d3, 0, sizeof d3);
	d3.Format = CU_AD_FORMAT_UNSIGNED_INT8;
	d3.NumChannels = 1;

	/* a 1D array of 256 bytes */
	d3.Width = 256;
	CK(cuArray3DCreate(&a, &d3));
	init(a, 256);
	atoa("1D AtoA 64 bytes from 0 to 128", a, 256, 128, 0, 64);
	atoa("1D AtoA 64 bytes from 0 to 16", a, 256, 16, 0, 64);
	atoa("1D AtoA 64 bytes from 16 to 0", a, 256, 0, 16, 64);
	atoa("1D AtoA 64 bytes from 100 to 100", a, 256, 100, 100, 64);
	atoa("1D AtoA 64 bytes from 0 to 193", a, 256, 193, 0, 64);
	CK(cuArrayDestroy(a));

	/* a 2D array of 64 x 8 bytes */
	d3.Width = 64, d3.Height = 8;
	CK(cuArray3DCreate(&a, &d3));
	init(a, 512);
	atoa("2D AtoA 16 bytes from 0 to 32", a, 512, 32, 0, 16);
	atoa("2D AtoA 16 bytes from 8 to 0", a, 512, 0, 8, 16);
	atoa("2D AtoA 64 bytes from 0 to 64 (row 0 to row 1)", a, 512, 64, 0, 64);
	atoa("2D AtoA 128 bytes from 0 to 256 (rows 0-1 to rows 4-5)", a, 512, 256, 0, 128);
	atoa("2D AtoA 16 bytes from 80 to 200 (within rows 1 and 3)", a, 512, 200, 80, 16);
	{
		CUarray b;
		CK(cuArray3DCreate(&b, &d3));
		printf("2D AtoA of another array, 64 bytes from 0 to 64: %s\n", ename(cuMemcpyAtoA(b, 64, a, 0, 64)));
		printf("2D AtoA of another array, 16 bytes from 80 to 200: %s\n", ename(cuMemcpyAtoA(b, 200, a, 80, 16)));
		printf("2D AtoA of another array, 512 bytes from 0 to 0: %s\n", ename(cuMemcpyAtoA(b, 0, a, 0, 512)));
		printf("2D AtoA of another array, 64 bytes from 0 to 0: %s\n", ename(cuMemcpyAtoA(b, 0, a, 0, 64)));
		printf("2D AtoA of another array, 32 bytes from 0 to 0: %s\n", ename(cuMemcpyAtoA(b, 0, a, 0, 32)));
		CK(cuArrayDestroy(b));
	}
	copy2d("2D rows 0-1 to rows 4-5", a, 64, 8, 0, 0, 0, 4, 64, 2);
	copy2d("2D columns 0-15 to 32-47 of rows 0-3", a, 64, 8, 0, 0, 32, 0, 16, 4);
	copy2d("2D rows 0-3 to rows 1-4", a, 64, 8, 0, 0, 0, 1, 64, 4);
	copy2d("2D rows 1-4 to rows 0-3", a, 64, 8, 0, 1, 0, 0, 64, 4);
	copy2d("2D columns 0-31 to 8-39 of rows 2-5", a, 64, 8, 0, 2, 8, 2, 32, 4);
	copy2d("2D columns 8-39 to 0-31 of rows 2-5", a, 64, 8, 8, 2, 0, 2, 32, 4);
	copy2d("2D 32 x 4 from (8, 1) to (0, 0)", a, 64, 8, 8, 1, 0, 0, 32, 4);
	copy2d("2D 32 x 4 from (0, 0) to (8, 1)", a, 64, 8, 0, 0, 8, 1, 32, 4);
	copy2d("2D 32 x 4 onto itself", a, 64, 8, 4, 2, 4, 2, 32, 4);
	copy2d("2D 64 x 8 past the last row", a, 64, 8, 0, 0, 0, 1, 64, 8);
	CK(cuArrayDestroy(a));

	/* a 3D array of 16 x 4 x 4 bytes */
	d3.Width = 16, d3.Height = 4, d3.Depth = 4;
	CK(cuArray3DCreate(&a, &d3));
	init(a, 256);
	copy3d("3D slice 0 to slice 2", a, 16, 4, 4, 0, 0, 0, 0, 0, 2, 16, 4, 1);
	copy3d("3D slices 0-1 to slices 1-2", a, 16, 4, 4, 0, 0, 0, 0, 0, 1, 16, 4, 2);
	copy3d("3D slices 1-2 to slices 0-1", a, 16, 4, 4, 0, 0, 1, 0, 0, 0, 16, 4, 2);
	copy3d("3D rows 0-2 to rows 1-3 of every slice", a, 16, 4, 4, 0, 0, 0, 0, 1, 0, 16, 3, 4);
	copy3d("3D 8 x 2 x 2 from (4, 1, 1) to (0, 2, 2)", a, 16, 4, 4, 4, 1, 1, 0, 2, 2, 8, 2, 2);
	CK(cuArrayDestroy(a));
	printf("done\n");
	return 0;
}

/*
 * arr1d.c -- the driver's one-dimensional copies to, from and between
 * CUDA arrays (cuMemcpyHtoA, AtoH, AtoD, DtoA, AtoA) on arrays of every
 * shape: which offsets and sizes it takes, and where the bytes go.
 *
 *   arr1d     one line a copy: the array, the call, its offset(s) and
 *             size, the result; for a copy taken, where it put the bytes
 *             (the array read back whole with cuMemcpy3D, as the list of
 *             the byte ranges that changed)
 *
 * arr1d.gpu: an H200's answers.
 */
#include "shimtest.h"

static struct {
	const char *name;
	size_t w, h, d;
	CUarray_format fmt;
	unsigned ch, flags;
} shapes[] = {
	{"1D 64 f32", 64, 0, 0, CU_AD_FORMAT_FLOAT, 1, 0},
	{"2D 64x1 f32", 64, 1, 0, CU_AD_FORMAT_FLOAT, 1, 0},
	{"2D 16x16 f32", 16, 16, 0, CU_AD_FORMAT_FLOAT, 1, 0},
	{"2D 5x3 u8x2", 5, 3, 0, CU_AD_FORMAT_UNSIGNED_INT8, 2, 0},
	{"3D 8x4x2 f32", 8, 4, 2, CU_AD_FORMAT_FLOAT, 1, 0},
	{"layered 1D 16x0x2 f32", 16, 0, 2, CU_AD_FORMAT_FLOAT, 1, CUDA_ARRAY3D_LAYERED},
	{"layered 8x4x2 f32", 8, 4, 2, CU_AD_FORMAT_FLOAT, 1, CUDA_ARRAY3D_LAYERED},
};

static const size_t spans[][2] = {
	{0, 0}, {0, 4}, {0, 30}, {0, 64}, {0, 68}, {4, 60}, {28, 4}, {28, 8}, {30, 2},
	{60, 4}, {60, 8}, {64, 4}, {64, 64}, {124, 4}, {0, 128}, {0, 256}, {252, 4}, {1020, 4}, {0, 1024},
	{1023, 1}, {1024, 0}, {1024, 4},
};

enum { MAXB = 4096 };
static unsigned char host[MAXB], back[MAXB], zero[MAXB];

static size_t
bytes(int i)
{
	size_t e = (size_t)shapes[i].ch * (shapes[i].fmt == CU_AD_FORMAT_FLOAT ? 4 : 1);
	return shapes[i].w * e * (shapes[i].h ? shapes[i].h : 1) * (shapes[i].d ? shapes[i].d : 1);
}

static CUarray
mk(int i)
{
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CUarray a;

	memset(&ad, 0, sizeof ad);
	ad.Width = shapes[i].w, ad.Height = shapes[i].h, ad.Depth = shapes[i].d;
	ad.Format = shapes[i].fmt, ad.NumChannels = shapes[i].ch, ad.Flags = shapes[i].flags;
	CK(cuArray3DCreate(&a, &ad));
	return a;
}

/* the whole array from (toarr 0) or to buffer buf, in row order, by a 3D
 * copy */
static void
whole(int i, CUarray a, unsigned char *buf, int toarr)
{
	CUDA_MEMCPY3D c;
	size_t e = (size_t)shapes[i].ch * (shapes[i].fmt == CU_AD_FORMAT_FLOAT ? 4 : 1);
	size_t rows = shapes[i].h ? shapes[i].h : 1;

	memset(&c, 0, sizeof c);
	if (toarr) {
		c.dstMemoryType = CU_MEMORYTYPE_ARRAY, c.dstArray = a;
		c.srcMemoryType = CU_MEMORYTYPE_HOST, c.srcHost = buf;
		c.srcPitch = shapes[i].w * e, c.srcHeight = rows;
	} else {
		c.srcMemoryType = CU_MEMORYTYPE_ARRAY, c.srcArray = a;
		c.dstMemoryType = CU_MEMORYTYPE_HOST, c.dstHost = buf;
		c.dstPitch = shapes[i].w * e, c.dstHeight = rows;
	}
	c.WidthInBytes = shapes[i].w * e;
	c.Height = rows;
	c.Depth = shapes[i].d ? shapes[i].d : 1;
	CK(cuMemcpy3D(&c));
}

/* the ranges of buf (n bytes) that are not 0 */
static void
ranges(const unsigned char *buf, size_t n)
{
	int any = 0;

	for (size_t k = 0; k < n;) {
		if (!buf[k]) {
			k++;
			continue;
		}
		size_t s = k;
		while (k < n && buf[k])
			k++;
		printf(" [%zu,%zu)", s, k);
		any = 1;
	}
	if (!any)
		printf(" none");
}

int
main(void)
{
	CUdeviceptr dev;

	primary_ctx();
	for (size_t k = 0; k < MAXB; k++)
		host[k] = (unsigned char)(k % 251 + 1);
	CK(cuMemAlloc(&dev, MAXB));
	for (int i = 0; i < (int)(sizeof shapes / sizeof shapes[0]); i++) {
		size_t all = bytes(i);
		CUarray a = mk(i), b = mk(i);
		printf("-- %s (%zu bytes)\n", shapes[i].name, all);
		for (size_t s = 0; s < sizeof spans / sizeof spans[0]; s++) {
			size_t off = spans[s][0], n = spans[s][1];
			CUresult r;

			if (off > all + 4 || (off + n > all + 64 && n))
				continue;
			/* HtoA into a zeroed array: where the bytes land */
			whole(i, a, zero, 1);
			r = cuMemcpyHtoA(a, off, host, n);
			printf("HtoA %zu+%zu: %s", off, n, ename(r));
			if (!r) {
				whole(i, a, back, 0);
				ranges(back, all);
			}
			printf("\n");
			/* AtoH, AtoD of a filled array: which bytes come back */
			whole(i, a, host, 1);
			memset(back, 0, sizeof back);
			r = cuMemcpyAtoH(back, a, off, n);
			printf("AtoH %zu+%zu: %s", off, n, ename(r));
			if (!r)
				printf(" %s", n && !memcmp(back, host + off, n) ? "linear" : n ? "other" : "-");
			printf("\n");
			CK(cuMemcpyHtoD(dev, zero, MAXB));
			r = cuMemcpyAtoD(dev, a, off, n);
			printf("AtoD %zu+%zu: %s", off, n, ename(r));
			if (!r) {
				CK(cuMemcpyDtoH(back, dev, MAXB));
				printf(" %s", n && !memcmp(back, host + off, n) ? "linear" : n ? "other" : "-");
			}
			printf("\n");
			/* DtoA */
			whole(i, a, zero, 1);
			CK(cuMemcpyHtoD(dev, host, MAXB));
			r = cuMemcpyDtoA(a, off, dev, n);
			printf("DtoA %zu+%zu: %s", off, n, ename(r));
			if (!r) {
				whole(i, a, back, 0);
				ranges(back, all);
			}
			printf("\n");
			/* AtoA: a filled, to b zeroed at 0, and from a at 0 to b at off */
			whole(i, a, host, 1);
			whole(i, b, zero, 1);
			r = cuMemcpyAtoA(b, 0, a, off, n);
			printf("AtoA b+0 <- a+%zu, %zu: %s", off, n, ename(r));
			if (!r) {
				whole(i, b, back, 0);
				ranges(back, all);
			}
			printf("\n");
			whole(i, b, zero, 1);
			r = cuMemcpyAtoA(b, off, a, 0, n);
			printf("AtoA b+%zu <- a+0, %zu: %s", off, n, ename(r));
			if (!r) {
				whole(i, b, back, 0);
				ranges(back, all);
			}
			printf("\n");
			/* within one array */
			r = cuMemcpyAtoA(a, off, a, 0, n);
			printf("AtoA a+%zu <- a+0, %zu: %s\n", off, n, ename(r));
		}
		CK(cuArrayDestroy(a));
		CK(cuArrayDestroy(b));
	}
	CK(cuMemFree(dev));
	printf("done\n");
	return 0;
}

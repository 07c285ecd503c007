/*
 * image_fuzz.c -- hostile images: fixtures truncated, bit-flipped and
 * given absurd sizes and offsets, each loaded through cuModuleLoadDataEx
 * and cuLinkAddData.  None may crash, hang or read outside the image
 * (tests/images.test runs it in the sanitizer build too, where a read past
 * a buffer is a report and a failure); each must load or return an image
 * error.
 *
 * usage: image_fuzz FILE...   (fatbins and cubins)
 *
 * cuLinkAddData gets each mutant in a buffer of exactly its length.
 * cuModuleLoadDataEx gets no length, so the image's own header declares
 * how far it may be read (a fatbin: its header size plus its size; an ELF:
 * the end of its header tables); a caller must make that much readable, so
 * the mutant is padded with zeros to that extent, and skipped when the
 * extent passes PAD_MAX.  Prints a count of each answer; exits 1 when an
 * answer is not one a load may give, or the unchanged fixture does not
 * load.  A cubin that cannot be read is CUDA_ERROR_UNKNOWN, as the
 * driver answers it (tests/shim/edges.gpu).
 */
#include <stdint.h>
#include <string.h>
#include "shimtest.h"

#define PAD_MAX ((uint64_t)4 << 20)

static uint64_t
rd(const unsigned char *p, int n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

static void
wr(unsigned char *p, int n, uint64_t v)
{
	for (int i = 0; i < n; i++, v >>= 8)
		p[i] = (unsigned char)v;
}

/* What cuModuleLoadData may read of image p (n bytes of it real): see the
 * top comment.  UINT64_MAX when it declares more than PAD_MAX. */
static uint64_t
extent(const unsigned char *p, size_t n)
{
	uint64_t e = n;

	if (n >= 16 && rd(p, 4) == 0xba55ed50u) {
		uint64_t fs = rd(p + 8, 8);
		if (fs > PAD_MAX)
			return UINT64_MAX;
		e = rd(p + 6, 2) + fs;
	} else if (n >= 64 && !memcmp(p, "\177ELF", 4)) {
		uint64_t sh = rd(p + 0x28, 8), ph = rd(p + 0x20, 8);
		if (sh > PAD_MAX || ph > PAD_MAX)
			return UINT64_MAX;
		e = 64;
		if (sh + rd(p + 0x3c, 2) * 64 > e)
			e = sh + rd(p + 0x3c, 2) * 64;
		if (ph + rd(p + 0x38, 2) * rd(p + 0x36, 2) > e)
			e = ph + rd(p + 0x38, 2) * rd(p + 0x36, 2);
	}
	return e > n ? e : n;
}

static long counts[1000];
static int bad;

static void
answer(CUresult r, const char *what, size_t i)
{
	switch (r) {
	case CUDA_SUCCESS: case CUDA_ERROR_INVALID_IMAGE: case CUDA_ERROR_NO_BINARY_FOR_GPU:
	case CUDA_ERROR_INVALID_PTX: case CUDA_ERROR_NOT_SUPPORTED: case CUDA_ERROR_INVALID_VALUE:
	case CUDA_ERROR_UNKNOWN:   /* a cubin that cannot be read, as the driver answers it */
		counts[r]++;
		break;
	default:
		printf("FAIL: %s, mutant %zu: %d\n", what, i, (int)r);
		bad++;
	}
}

/* Loads mutant m (n bytes) both ways. */
static CUresult
load(const unsigned char *m, size_t n, int type, size_t i)
{
	unsigned char head[64] = {0}, *buf;
	uint64_t e;
	CUresult r = CUDA_SUCCESS, lr;
	CUlinkState ls;
	CUmodule mod;
	void *out;
	size_t outn;

	/* a header cut short reads as zeros past the cut: the extent it
	 * declares then is what must be readable */
	memcpy(head, m, n < 64 ? n : 64);
	e = extent(n < 64 ? head : m, n < 64 ? 64 : n);
	if (e != UINT64_MAX) {
		if (!(buf = calloc(1, (size_t)e + 1)))
			exit(2);
		memcpy(buf, m, n);
		r = cuModuleLoadDataEx(&mod, buf, 0, NULL, NULL);
		answer(r, "cuModuleLoadDataEx", i);
		if (!r)
			CK(cuModuleUnload(mod));
		free(buf);
	}
	if (!(buf = malloc(n ? n : 1)))
		exit(2);
	memcpy(buf, m, n);
	CK(cuLinkCreate(0, NULL, NULL, &ls));
	lr = cuLinkAddData(ls, type, buf, n, "mutant", 0, NULL, NULL);
	if (!lr)
		lr = cuLinkComplete(ls, &out, &outn);
	answer(lr, "cuLinkAddData", i);
	CK(cuLinkDestroy(ls));
	free(buf);
	return e != UINT64_MAX ? r : lr;
}

/* The field of len bytes at off given each value that may break a reader:
 * absurd ones, and the fixture's own a little off. */
static void
fields(const unsigned char *img, unsigned char *m, size_t n, uint64_t off, int len, int type,
       size_t *i)
{
	uint64_t v, vals[] = {0, 1, 0x7fffffff, 0xffffffff, (uint64_t)1 << 30, ((uint64_t)1 << 30) + 1,
	    (uint64_t)1 << 40, UINT64_MAX / 2, UINT64_MAX, 0, 0, 0, 0, 0, 0};

	if (off + (uint64_t)len > n)
		return;
	v = rd(img + off, len);
	vals[9] = v + 1, vals[10] = v - 1, vals[11] = v + 8, vals[12] = v + 64, vals[13] = v * 2;
	vals[14] = v / 2;
	for (size_t k = 0; k < sizeof vals / sizeof *vals; k++, (*i)++) {
		memcpy(m, img, n);
		wr(m + off, len, vals[k]);
		load(m, n, type, *i);
	}
}

static uint32_t seed = 12345;

static uint32_t
rnd(void)
{
	seed = seed * 1103515245u + 12345u;
	return seed >> 8;
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	size_t total = 0;

	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&ctx, NULL, 0, dev));
	for (int a = 1; a < argc; a++) {
		size_t n, i = 0;
		unsigned char *img = slurp(argv[a], &n), *m = malloc(n);
		int fat = n >= 4 && rd(img, 4) == 0xba55ed50u;
		int type = fat ? CU_JIT_INPUT_FATBINARY : CU_JIT_INPUT_CUBIN;
		CUresult r0 = load(img, n, type, 0);

		/* the fixture itself: a cubin of machine code only is refused, and
		 * a compressed fatbin where libptxcuda has no decompressor */
		if (r0 != CUDA_SUCCESS && r0 != CUDA_ERROR_NO_BINARY_FOR_GPU &&
		    r0 != CUDA_ERROR_NOT_SUPPORTED) {
			printf("FAIL: %s does not load\n", argv[a]);
			return 1;
		}
		/* every truncation in the headers, then a sample */
		for (size_t k = 0; k < n; k += k < 320 ? 1 : 1 + rnd() % 97, i++)
			load(img, k, type, i);
		/* every bit of the first 192 bytes (the headers) */
		for (size_t b = 0; b < 192 * 8 && b < n * 8; b++, i++) {
			memcpy(m, img, n);
			m[b / 8] ^= (unsigned char)(1u << b % 8);
			load(m, n, type, i);
		}
		/* one to four random flips anywhere */
		for (int t = 0; t < 600; t++, i++) {
			memcpy(m, img, n);
			for (int f = 1 + (int)(rnd() % 4); f > 0; f--) {
				size_t b = rnd() % (n * 8);
				m[b / 8] ^= (unsigned char)(1u << b % 8);
			}
			load(m, n, type, i);
		}
		/* each field that holds a size or an offset: absurd, and a little
		 * past or short of its value */
		if (fat && n >= 16) {
			fields(img, m, n, 6, 2, type, &i);          /* header size */
			fields(img, m, n, 8, 8, type, &i);          /* size */
			for (uint64_t q = rd(img + 6, 2); q + 64 <= n; ) {
				static const int ef[][2] = {{4, 4}, {8, 8}, {16, 4}, {28, 4}, {40, 8}, {56, 8}};
				for (size_t k = 0; k < sizeof ef / sizeof *ef; k++)
					fields(img, m, n, q + (uint64_t)ef[k][0], ef[k][1], type, &i);
				q += rd(img + q + 4, 4) + rd(img + q + 8, 8);
			}
		} else if (n >= 64) {
			static const int hf[][2] = {{0x20, 8}, {0x28, 8}, {0x36, 2}, {0x38, 2}, {0x3a, 2},
			    {0x3c, 2}, {0x3e, 2}};
			uint64_t sh = rd(img + 0x28, 8), ns = rd(img + 0x3c, 2);
			for (size_t k = 0; k < sizeof hf / sizeof *hf; k++)
				fields(img, m, n, (uint64_t)hf[k][0], hf[k][1], type, &i);
			/* each section's name, offset and size */
			for (uint64_t x = 0; x < ns && sh + (x + 1) * 64 <= n; x++) {
				fields(img, m, n, sh + x * 64, 4, type, &i);
				fields(img, m, n, sh + x * 64 + 0x18, 8, type, &i);
				fields(img, m, n, sh + x * 64 + 0x20, 8, type, &i);
			}
		}
		printf("%s: %zu mutants\n", strrchr(argv[a], '/') ? strrchr(argv[a], '/') + 1 : argv[a], i);
		total += i;
		free(m);
		free(img);
	}
	CK(cuCtxDestroy(ctx));
	printf("%zu mutants: %ld loaded, %ld invalid image, %ld no binary for the GPU, %ld invalid "
	    "PTX, %ld not supported, %ld invalid value, %ld unknown\n", total, counts[CUDA_SUCCESS],
	    counts[CUDA_ERROR_INVALID_IMAGE], counts[CUDA_ERROR_NO_BINARY_FOR_GPU],
	    counts[CUDA_ERROR_INVALID_PTX], counts[CUDA_ERROR_NOT_SUPPORTED],
	    counts[CUDA_ERROR_INVALID_VALUE], counts[CUDA_ERROR_UNKNOWN]);
	return bad != 0;
}

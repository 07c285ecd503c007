/*
 * fuzz_image.c -- libFuzzer entry point for the image loader of the CUDA
 * driver (cuda/shim_image.c): fatbins, cubins and host ELF objects, each
 * taken apart down to the PTX inside (decompressed, the fatbins of a
 * host object's sections linked).
 *
 * An input's first byte says what the image is declared to be, as the
 * loading calls declare it: its value modulo 5 picks no type (cuModuleLoad-
 * Data, cuLibraryLoadData), a cubin, PTX, a fatbin or a host object
 * (cuLinkAddData's CU_JIT_INPUT_*).  The rest is the image, of a length
 * known to the loader (a file, cuLinkAddData's size), in a buffer of
 * exactly that length: under AddressSanitizer a read past its end is a
 * finding.  The answer must be PTX or an error code, never a crash, a
 * hang or a read outside the image, and an absurd size declared inside
 * it (entries, sections, decompressed lengths) must not be allocated.
 * Each image is also asked whether a lazy load refuses it at once
 * (shim_image_early, cuLibraryLoadData's path).
 *
 * When the byte's value divided by 5 is odd, the length is not given
 * (SHIM_NOLEN), as cuModuleLoadData gives none: the loader then reads only
 * as far as the image's own header declares (a fatbin's header and entry
 * size, an ELF's header tables; a text to its NUL), so the buffer is made
 * exactly that long, zeros past the input, and a read past it is again a
 * finding.  That path has code of its own (elf_extent's tables, the
 * fatbin read to its declared end) which a known length never reaches.  A
 * fatbin wrapper holds a pointer into the process that made it and is
 * only ever handed over so; it, and a declared extent past NOLEN_MAX, is
 * given its length instead.
 *
 * Seeds: tests/fuzz/corpus-image (each file is an input as above: the
 * fixtures of tests/shim/images with a 0 byte in front, and the inputs
 * that once crashed the loader), which make check replays
 * (tests/fuzz/replay.c); tests/fuzz/run.sh adds tests/shim/images.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the longest buffer made for an image without a length */
#define NOLEN_MAX ((uint64_t)1 << 20)

static uint64_t
rd(const uint8_t *p, int n)
{
	uint64_t v = 0;
	while (n--)
		v = v << 8 | p[n];
	return v;
}

/* The bytes the loader may read of image p (n bytes given) when it is told
 * no length: what its header declares, as shim_image.c reads it; 0 when
 * it must be given its length (a wrapper, an extent past NOLEN_MAX). */
static uint64_t
declared(const uint8_t *p, size_t n)
{
	uint8_t h[64] = {0};   /* the header, zeros past the input as in the buffer */
	uint64_t ext;

	if (!shim_is_image(p, n))
		return n + 1;   /* a text, to its NUL */
	memcpy(h, p, n < sizeof h ? n : sizeof h);
	if (rd(h, 4) == 0xba55ed50u) {
		/* a fatbin: its 16-byte header, then to the declared end */
		if (rd(h + 8, 8) > NOLEN_MAX)
			return 0;
		ext = rd(h + 6, 2) + rd(h + 8, 8);
		ext = ext < 16 ? 16 : ext;
	} else if (rd(h, 4) == 0x464c457fu) {
		/* an ELF image: its header, to the end of its tables */
		uint64_t shoff = rd(h + 0x28, 8), shnum = rd(h + 0x3c, 2);
		uint64_t phoff = rd(h + 0x20, 8), phnum = rd(h + 0x38, 2), phsz = rd(h + 0x36, 2);
		if (shoff > NOLEN_MAX || phoff > NOLEN_MAX)
			return 0;
		ext = 64;
		if (shoff + shnum * 64 > ext)
			ext = shoff + shnum * 64;
		if (phnum && phoff + phnum * phsz > ext)
			ext = phoff + phnum * phsz;
	} else
		return 0;       /* a wrapper */
	return ext > NOLEN_MAX ? 0 : ext;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int types[] = { -1, CU_JIT_INPUT_CUBIN, CU_JIT_INPUT_PTX, CU_JIT_INPUT_FATBINARY,
	                             CU_JIT_INPUT_OBJECT };
	char *ptx = NULL, log[256];
	unsigned char *img;
	size_t n, len;

	if (!size)
		return 0;
	n = len = size - 1;
	if ((data[0] / 5) & 1) {
		uint64_t ext = declared(data + 1, n);
		if (ext)
			len = SHIM_NOLEN, n = (size_t)ext;
	}
	/* a buffer of its own, exactly the image's length (malloc(0) may
	 * give NULL: one byte then, of which none is the image's) */
	if (!(img = calloc(n ? n : 1, 1)))
		return 0;
	memcpy(img, data + 1, n < size - 1 ? n : size - 1);
	if (shim_image_ptx(&ptx, img, len, types[data[0] % 5], "fuzz", log, sizeof log) == CUDA_SUCCESS &&
	    !ptx)
		abort();   /* success must give a text */
	free(ptx);
	(void)shim_image_early(img, len);
	free(img);
	return 0;
}

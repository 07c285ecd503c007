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

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int types[] = { -1, CU_JIT_INPUT_CUBIN, CU_JIT_INPUT_PTX, CU_JIT_INPUT_FATBINARY,
	                             CU_JIT_INPUT_OBJECT };
	char *ptx = NULL, log[256];
	unsigned char *img;

	if (!size)
		return 0;
	/* a buffer of its own, exactly the image's length (malloc(0) may
	 * give NULL: one byte then, of which none is the image's) */
	if (!(img = malloc(size > 1 ? size - 1 : 1)))
		return 0;
	memcpy(img, data + 1, size - 1);
	if (shim_image_ptx(&ptx, img, size - 1, types[data[0] % 5], "fuzz", log, sizeof log) == CUDA_SUCCESS &&
	    !ptx)
		abort();   /* success must give a text */
	free(ptx);
	free(img);
	return 0;
}

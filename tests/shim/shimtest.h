/*
 * shimtest.h -- what the driver-API test programs of tests/shim share.
 * Each is still one source file built alone against the toolkit's cuda.h
 * (tests/shim.test); this header sits beside them.
 *
 *   CK(call)           stops the program at the first unexpected failure,
 *                      naming the call, its line and the error
 *   slurp(path, &n)    a whole file, NUL-terminated (n may be NULL)
 */
#include <stdio.h>
#include <stdlib.h>
#include <cuda.h>

#define CK(call) ck((call), #call, __LINE__)

static inline void
ck(CUresult r, const char *what, int line)
{
	const char *name = NULL;

	if (r == CUDA_SUCCESS)
		return;
	cuGetErrorName(r, &name);
	printf("FAIL line %d: %s: %s\n", line, what, name ? name : "?");
	exit(1);
}

static inline void *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *p = NULL;
	long len = -1;

	if (f && !fseek(f, 0, SEEK_END) && (len = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET))
		p = calloc((size_t)len + 1, 1);
	if (!p || fread(p, 1, (size_t)len, f) != (size_t)len) {
		fprintf(stderr, "%s: cannot read\n", path);
		exit(2);
	}
	fclose(f);
	if (n)
		*n = (size_t)len;
	return p;
}

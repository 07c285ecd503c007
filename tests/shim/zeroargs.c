/*
 * zeroargs.c -- every entry point the shim exports, called with all of its
 * arguments zero: NULL for each pointer and handle, 0 for each size,
 * count, flag and enumerant, first with no context current and then with
 * the primary context current.  Each must return a CUresult that
 * cuGetErrorName knows, and none may crash or trip a sanitizer.
 *
 * usage: zeroargs SYMS   SYMS: the exported names, one a line (shim.test
 *                        lists them with nm -D)
 *
 * Each entry point is reached through dlsym and called with twelve zero
 * integer arguments, more than any takes: on the x86-64 and AArch64 ABIs
 * the unused ones are ignored, and every parameter that is a pointer, a
 * handle or an integer reads as zero.  The primary context is made
 * current again after each call (one may pop or release it).  Prints the
 * calls whose answer is not a driver error code, then "done".
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include "shimtest.h"

typedef CUresult (*Entry)(uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
    uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t);

/* the calls that a process makes of itself: not the driver's state to
 * test here */
static const char *const left_out[] = {
	"cuProfilerStart", "cuProfilerStop", "cuProfilerInitialize", NULL,
};

static int
kept_out(const char *name)
{
	for (int i = 0; left_out[i]; i++)
		if (strcmp(name, left_out[i]) == 0)
			return 1;
	return 0;
}

/* each name of path, called as above; the number of odd answers */
static int
sweep(const char *path, CUcontext ctx)
{
	char name[256];
	int odd = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		printf("cannot read %s\n", path);
		exit(1);
	}
	while (fgets(name, sizeof name, f)) {
		const char *s = NULL;
		Entry e;
		CUresult r;
		name[strcspn(name, "\n")] = 0;
		if (strncmp(name, "cu", 2) != 0 || kept_out(name) || !(e = (Entry)(uintptr_t)dlsym(RTLD_DEFAULT, name)))
			continue;
		r = e(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
		if (cuGetErrorName(r, &s) != CUDA_SUCCESS || !s) {
			printf("%s: %d, not a driver error code\n", name, (int)r);
			odd++;
		}
		if (ctx)
			cuCtxSetCurrent(ctx);
	}
	fclose(f);
	return odd;
}

int
main(int argc, char **argv)
{
	CUcontext ctx;
	int odd;

	if (argc != 2) {
		printf("usage: zeroargs SYMS\n");
		return 1;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	odd = sweep(argv[1], NULL);
	ctx = primary_ctx();
	odd += sweep(argv[1], ctx);
	printf("%s\ndone\n", odd ? "odd answers" : "every entry point answered with a driver error code");
	return 0;
}

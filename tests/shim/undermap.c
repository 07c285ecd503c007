/*
 * undermap.c -- what lies below an allocation that is not its
 * context's first: after K allocations of SIZE bytes in a fresh context,
 * a kernel loads one word at an offset below the last one's base; each
 * case runs in a process of its own, since a fault ends the context.  One
 * line each: the count, the size and the offset, and the result (the word
 * read is not printed: a GPU reads the allocations before it there, the
 * shim zeros or their slack).
 *
 *	undermap               every case
 *	undermap K SIZE OFF    one load
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cuda.h>
#include "shimtest.h"

static const char ptx[] = LD_PTX;

static int
one(int k, unsigned long long n, long long off)
{
	CUcontext c;
	CUdevice d;
	CUmodule m;
	CUfunction ld;
	CUdeviceptr p = 0, out, at;
	void *args[] = { &at, &out };
	unsigned v;
	CUresult r;

	if (cuInit(0) || cuDeviceGet(&d, 0) || cuCtxCreate(&c, NULL, 0, d))
		return 1;
	for (int i = 0; i < k; i++)
		if (cuMemAlloc(&p, n) || cuMemsetD8(p, (unsigned char)(0x11 * (i + 1)), n))
			return 1;
	if (cuMemAlloc(&out, 4) || cuModuleLoadData(&m, ptx) || cuModuleGetFunction(&ld, m, "ld"))
		return 1;
	at = p + (unsigned long long)off;
	r = cuLaunchKernel(ld, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL);
	if (!r)
		r = cuCtxSynchronize();
	if (!r)
		r = cuMemcpyDtoH(&v, out, 4);
	printf("%d of %llu, load at %lld: %s\n", k, n, off, ename(r));
	return 0;
}

int
main(int argc, char **argv)
{
	static const unsigned long long sizes[] = { 16384, 1000, 1048576, 3145728 };
	static const long long offs[] = { -4, -8, -72, -4096, -16388, -1048576, -2097156, -16777216 };
	char cmd[512];

	if (argc == 4)
		return one(atoi(argv[1]), strtoull(argv[2], NULL, 0), strtoll(argv[3], NULL, 0));
	for (int k = 2; k <= 5; k += 3)
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
			for (size_t j = 0; j < sizeof offs / sizeof offs[0]; j++) {
				snprintf(cmd, sizeof cmd, "'%s' %d %llu %lld", argv[0], k, sizes[i], offs[j]);
				fflush(stdout);
				int st = system(cmd);
				if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st))
					printf("%d of %llu, load at %lld: the process failed (%d)\n", k, sizes[i],
					    offs[j], st);
			}
	return 0;
}

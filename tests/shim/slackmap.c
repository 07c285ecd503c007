/*
 * slackmap.c -- where reads past an allocation's end fault: for
 * allocations of several sizes, each made first in a fresh context, a
 * kernel loads one word at an offset from the base (its end, the end of
 * its 2 MiB extent and past it); each load runs in a process of its own,
 * since a fault ends the context.  One line each: the size, the offset,
 * the result of the launch.
 *
 *	slackmap            every case
 *	slackmap SIZE OFF   one load
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <cuda.h>
#include "shimtest.h"

static const char ptx[] = LD_PTX;

#define MiB (1ull << 20)

static int
one(unsigned long long n, unsigned long long off)
{
	CUcontext c;
	CUdevice d;
	CUmodule m;
	CUfunction f;
	CUdeviceptr p, out, at;
	void *args[] = { &at, &out };
	const char *name = "?";
	CUresult r;

	if (cuInit(0) || cuDeviceGet(&d, 0) || cuCtxCreate(&c, NULL, 0, d) || cuModuleLoadData(&m, ptx) ||
	    cuModuleGetFunction(&f, m, "ld") || cuMemAlloc(&out, 4) || cuMemAlloc(&p, n))
		return 1;
	at = p + off;
	r = cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL);
	if (!r)
		r = cuCtxSynchronize();
	cuGetErrorName(r, &name);
	printf("size %llu, load at +%llu (end %+lld): %s\n", n, off, (long long)(off - n), name);
	cuMemFree(p);   /* no leak for memcheck's check (PTXKIT_CHECK) to find; after a fault, the context's */
	cuMemFree(out);
	return 0;
}

int
main(int argc, char **argv)
{
	static const unsigned long long sizes[] = { 4096, MiB, MiB + 4096, 2 * MiB, 3 * MiB, 10000000,
	    16 * MiB };
	char cmd[512];

	if (argc == 3)
		return one(strtoull(argv[1], NULL, 0), strtoull(argv[2], NULL, 0));
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		unsigned long long n = sizes[i], ext = (n + 2 * MiB - 1) / (2 * MiB) * (2 * MiB);
		unsigned long long offs[] = { n, ext - 4, ext, ext + 2 * MiB - 4, ext + 2 * MiB }, last = 0;
		for (size_t j = 0; j < sizeof offs / sizeof offs[0]; j++) {
			if (j && offs[j] <= last)
				continue;
			last = offs[j];
			snprintf(cmd, sizeof cmd, "'%s' %llu %llu", argv[0], n, offs[j]);
			fflush(stdout);
			int st = system(cmd);
			if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st))
				printf("size %llu, load at +%llu: the process failed (%d)\n", n, offs[j], st);
		}
	}
	return 0;
}

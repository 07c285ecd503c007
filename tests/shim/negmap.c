/*
 * negmap.c -- what lies below a context's first allocation: for a first
 * allocation of 4 KiB to 64 MiB in a fresh context, a kernel loads
 * one word at an offset below its base, or stores one there and loads it
 * back in a second launch; each case runs in a process of its own, since
 * a fault ends the context.  One line each: the size, the access and the
 * offset, the result and the word read (0x-------- when none was).
 *
 *	negmap               every case
 *	negmap SIZE OFF OP   one access (OP: load or store)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cuda.h>
#include "shimtest.h"

static const char ptx[] = LD_PTX
	".visible .entry st(.param .u64 p)\n{\n"
	"\t.reg .u64 %rd<2>;\n"
	"\tld.param.u64 %rd1, [p];\n"
	"\tst.global.volatile.u32 [%rd1], 0x5a5a5a5a;\n\tret;\n}\n";

#define MiB (1ll << 20)

/* a launch of f with args, then a synchronisation: the first error */
static CUresult
go(CUfunction f, void **args)
{
	CUresult r = cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL);

	return r ? r : cuCtxSynchronize();
}

static int
one(unsigned long long n, long long off, int store)
{
	CUcontext c;
	CUdevice d;
	CUmodule m;
	CUfunction ld, st;
	CUdeviceptr p, out, at;
	void *args[] = { &at, &out };
	unsigned v = 0;
	CUresult r;

	/* the allocation first, the module after, as a program that
	 * allocates its buffers before its first launch */
	if (cuInit(0) || cuDeviceGet(&d, 0) || cuCtxCreate(&c, NULL, 0, d) || cuMemAlloc(&p, n) ||
	    cuMemAlloc(&out, 4) || cuMemsetD32(out, 0xdeadbeef, 1) || cuModuleLoadData(&m, ptx) ||
	    cuModuleGetFunction(&ld, m, "ld") || cuModuleGetFunction(&st, m, "st"))
		return 1;
	at = p + (unsigned long long)off;
	printf("size %llu, %s at %lld: ", n, store ? "store" : "load", off);
	if (store) {
		r = go(st, args);
		printf("%s", ename(r));
		if (r) {
			printf("\n");
			return 0;
		}
		printf(", then a load: ");
	}
	r = go(ld, args);
	if (!r)
		r = cuMemcpyDtoH(&v, out, 4);
	if (r)
		printf("%s 0x--------\n", ename(r));
	else
		printf("%s 0x%08x\n", ename(r), v);
	return 0;
}

int
main(int argc, char **argv)
{
	static const unsigned long long sizes[] = { 4096, 3 * MiB, 8 * MiB, 16 * MiB, 24 * MiB, 24 * MiB + 4096,
	                                            31 * MiB, 32 * MiB, 64 * MiB };
	static const long long loads[] = { -4, -16384, -MiB, -2 * MiB - 4, -128 * MiB, -256 * MiB,
	    -256 * MiB - 4, -384 * MiB, -400 * MiB, -424 * MiB, -448 * MiB, -484 * MiB, -496 * MiB,
	    -512 * MiB, -4096 * MiB };
	static const long long stores[] = { -4, -16384, -MiB, -256 * MiB, -400 * MiB, -448 * MiB };
	char cmd[512];

	if (argc == 4)
		return one(strtoull(argv[1], NULL, 0), strtoll(argv[2], NULL, 0), !strcmp(argv[3], "store"));
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		for (size_t j = 0; j < sizeof loads / sizeof loads[0] + sizeof stores / sizeof stores[0]; j++) {
			int store = j >= sizeof loads / sizeof loads[0];
			long long off = store ? stores[j - sizeof loads / sizeof loads[0]] : loads[j];
			snprintf(cmd, sizeof cmd, "'%s' %llu %lld %s", argv[0], sizes[i], off, store ? "store" : "load");
			fflush(stdout);
			int st = system(cmd);
			if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st))
				printf("size %llu, %s at %lld: the process failed (%d)\n", sizes[i],
				    store ? "store" : "load", off, st);
		}
	return 0;
}

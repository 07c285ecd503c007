/*
 * placement.c -- where cuMemAlloc puts allocations relative to one
 * another: sequences of allocations and frees, each in a fresh context,
 * printing every address as its distance from the sequence's first, in
 * bytes, so a GPU's run and the shim's can be compared line by line (the
 * first allocation's own address is the driver's business).
 *
 *   pack     small sizes one after another (first fit in a 2 MiB chunk)
 *   holes    frees in the middle of a chunk, then sizes that fit the
 *            holes or do not
 *   spill    a chunk filled past its end: where the next chunk goes
 *   large    allocations of 2 MiB and more among small ones
 *   reuse    a large one freed and asked for again, smaller and larger
 *   empty    every allocation of a chunk freed, then small ones again
 *   mixed    a larger interleaving of sizes and frees
 *
 * and with "more", sequences whose first allocation is of a page or more,
 * and allocations of more than 24 MiB.
 *
 *	placement [more]
 */
#include <stdio.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

#define MiB ((size_t)1 << 20)

static CUcontext ctx;
static CUdeviceptr base, live[64];

/* A sequence: "+N" allocates N bytes into the next slot, "-I" frees slot I */
static void
seq(const char *name, const long *ops, int nops)
{
	CUdevice dev;
	int n = 0;

	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&ctx, NULL, 0, dev));
	printf("-- %s\n", name);
	for (int i = 0; i < nops; i++)
		if (ops[i] > 0) {
			CUdeviceptr p = 0;
			CUresult r = cuMemAlloc(&p, (size_t)ops[i]);
			if (!n)
				base = p;
			printf("alloc %ld as %d: %s at %+lld", ops[i], n, ename(r), (long long)(p - base));
			if (!n)   /* where in its 2 MiB page the first lies */
				printf(", 2 MiB page + %llu", (unsigned long long)(p % (2 * MiB)));
			printf("\n");
			live[n++] = p;
		} else {
			int k = (int)-ops[i] - 1;
			printf("free %d: %s\n", k, ename(cuMemFree(live[k])));
		}
	CK(cuCtxDestroy(ctx));
}

/* frees are written -(slot + 1) */
#define F(i) (-(long)(i) - 1)
#define SEQ(name, ...) do { static const long o[] = { __VA_ARGS__ }; \
	seq(name, o, (int)(sizeof o / sizeof o[0])); } while (0)

int
main(int argc, char **argv)
{
	CK(cuInit(0));
	if (argc > 1 && !strcmp(argv[1], "more")) {   /* first allocations of a page or more, huge ones */
		SEQ("first 3 MiB", 3145728, 1000, 3145728, 1000, 1048577);
		SEQ("first 16 MiB", 16777216, 1000, 2097152, 1000);
		SEQ("first 24 MiB", 25165824, 1000, 2097152);
		SEQ("huge", 1000, 33554432, 33554432, 25169920, 1000, 2097152, 25165824, F(1), 33554432);
		SEQ("first huge", 33554432, 1000, 33554432, 2097152);
		printf("done\n");
		return 0;
	}
	SEQ("pack", 1, 100, 512, 513, 4096, 1000, 65536, 1000, 256, 1, 1048576, 1000, 1048577, 1000);
	SEQ("holes", 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, F(1), F(2), F(5), 512, 1024, 1536,
	    1000, 2048, F(0), 100);
	SEQ("spill", 1000, 524288, 524288, 524288, 524288, 1000, 1000, 524288, 1048576, 1048576, 1000,
	    F(1), 524288, 524288);
	SEQ("large", 1000, 2097152, 1000, 3145728, 1000, 10000000, 1000, 2097153, 4096, 33554432, 1000);
	SEQ("reuse", 1000, 4194304, 1000, F(1), 4194304, F(3), 2097152, 2097152, F(4), 6291456, 1000,
	    F(5), 8388608);
	SEQ("empty", 1000, 1000, 65536, 2097152, F(0), F(1), F(2), 1000, 65536, 1000, F(4), F(5), F(6),
	    2097152, 1000);
	SEQ("mixed", 300000, 700000, 1000, 1500000, 900000, F(0), 250000, F(2), 40000, 1048576, F(1),
	    600000, 100000, 1048577, 2000000, F(3), 1000, 1000);
	printf("done\n");
	return 0;
}

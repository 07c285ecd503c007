/*
 * allocs.c -- many allocations, freed in a scrambled order: every address
 * inside a live one is found (cuMemGetAddressRange, cuPointerGetAttribute,
 * copies up to its end and not past it, cuIpcGetMemHandle), none of a freed
 * one is, and cuMemGetInfo comes back to where it started; an allocation
 * made where a freed one was has another buffer ID.  The program
 * checks each answer itself and prints what it checked (allocs.out).
 *
 * With a count N as its argument it times N allocations of 96 bytes to
 * 1 KiB, a copy into and one out of each, and their frees in a scrambled
 * order, and prints the times (not part of the test).
 */
#define _POSIX_C_SOURCE 200809L
#include <time.h>
#include "shimtest.h"

#define N 3000
#define STEP 1999   /* prime to N: i * STEP % N visits every index once */

static size_t
size_of(int i)
{
	static const size_t sz[] = {1, 100, 512, 513, 4096, 4000, 65540, 256, 257, 24};

	return sz[i % 10] + (size_t)(i / 10 % 7) * 8;
}

static int bad;

static void
expect(int ok, const char *what, int i)
{
	if (!ok && bad++ < 10)
		printf("FAIL: %s of allocation %d\n", what, i);
}

/* Every answer about live allocation i at p. */
static void
check_live(int i, CUdeviceptr p)
{
	size_t n = size_of(i), sz = 0;
	CUdeviceptr base = 0, start = 0;
	unsigned char b[8] = {0};
	CUipcMemHandle h;

	expect(!cuMemGetAddressRange(&base, &sz, p + n - 1) && base == p && sz == n, "the range of its last byte", i);
	expect(!cuPointerGetAttribute(&start, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, p + n / 2) && start == p,
	    "the start of its middle", i);
	expect(!cuMemcpyHtoD(p + n - 1, b, 1), "a copy of its last byte", i);
	expect(cuMemcpyHtoD(p + n - 1, b, 2) == CUDA_ERROR_INVALID_VALUE, "a copy past its end", i);
	expect(!cuMemcpyDtoH(b, p, n < 8 ? n : 8), "a copy out of it", i);
	if (i % 100 == 1)   /* shares its pages: a few only */
		expect(!cuIpcGetMemHandle(&h, p + n / 2), "an IPC handle of its middle", i);
}

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* n allocations, a copy into and out of each, the frees: the times. */
static void
timed(int n)
{
	CUdeviceptr *p = calloc((size_t)n, sizeof *p);
	unsigned char in[64] = {1, 2, 3}, out[64];
	int step = 7919;   /* prime: to n unless n is a multiple of it */
	double t0, t1, t2, t3;

	if (!p || n % step == 0)
		exit(2);
	t0 = now();
	for (int i = 0; i < n; i++)
		CK(cuMemAlloc(&p[i], 96 + (size_t)(i % 61) * 16));
	t1 = now();
	for (int i = 0; i < n; i++) {
		CK(cuMemcpyHtoD(p[i] + 16, in, sizeof in));
		CK(cuMemcpyDtoH(out, p[(int)((long long)i * step % n)] + 16, sizeof out));
	}
	t2 = now();
	for (int i = 0; i < n; i++)
		CK(cuMemFree(p[(int)((long long)i * step % n)]));
	t3 = now();
	printf("%d allocations: alloc %.3f s, copies %.3f s, free %.3f s, total %.3f s\n", n, t1 - t0, t2 - t1,
	    t3 - t2, t3 - t0);
	free(p);
}

int
main(int argc, char **argv)
{
	static CUdeviceptr p[N];
	size_t free0, free1, total;
	int live = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	primary_ctx();
	if (argc > 1) {
		timed(atoi(argv[1]));
		return 0;
	}
	CK(cuMemGetInfo(&free0, &total));
	for (int i = 0; i < N; i++) {
		CK(cuMemAlloc(&p[i], size_of(i)));
		expect(p[i] % 512 == 0, "the alignment (512, as an H200's)", i);
	}
	/* half of them freed, scattered; the rest checked, then freed too */
	for (int k = 0; k < N / 2; k++) {
		int i = (int)((long long)k * STEP % N);
		CK(cuMemFree(p[i]));
		expect(cuMemGetAddressRange(NULL, NULL, p[i]) == CUDA_ERROR_NOT_FOUND, "the range once freed", i);
		expect(cuMemFree(p[i]) == CUDA_ERROR_INVALID_VALUE, "a second free", i);
		p[i] = 0;
	}
	for (int i = 0; i < N; i++)
		if (p[i])
			check_live(i, p[i]), live++;
	printf("%d allocations, %d live after %d frees, each found at its start, middle and end\n", N, live, N / 2);
	for (int k = N - 1; k >= 0; k--) {
		int i = (int)((long long)k * STEP % N);
		if (p[i])
			CK(cuMemFree(p[i]));
	}
	CK(cuMemGetInfo(&free1, &total));
	printf("free memory after all are freed: %s\n", free1 == free0 ? "as before" : "changed");
	{   /* an address handed out again is another buffer */
		CUdeviceptr a1, a2;
		unsigned long long id1 = 0, id2 = 0;
		CK(cuMemAlloc(&a1, 1000));
		CK(cuPointerGetAttribute(&id1, CU_POINTER_ATTRIBUTE_BUFFER_ID, a1));
		CK(cuMemFree(a1));
		CK(cuMemAlloc(&a2, 1000));
		CK(cuPointerGetAttribute(&id2, CU_POINTER_ATTRIBUTE_BUFFER_ID, a2));
		CK(cuMemFree(a2));
		printf("an allocation freed and made again: %s, %s\n", a1 == a2 ? "at the same address" : "ELSEWHERE",
		    id1 != id2 ? "another buffer ID" : "THE SAME BUFFER ID");
	}
	printf("%s\n", bad ? "FAILED" : "done");
	return bad != 0;
}

/*
 * allocs.c -- `make bench`, fourth part: what an allocation, a free, a
 * lookup of an address and a launch with a pointer argument cost as the
 * number of live allocations grows.  For each count N it makes N
 * allocations (96 bytes to about 1 KiB, 512-byte extents as the driver's),
 * asks cuPointerGetAttribute and cuMemGetAddressRange about the middle of
 * each, launches an empty kernel with one of them as its argument, frees
 * each in a scrambled order and makes another of a different size in its
 * place (a free and an allocation into the holes among the live: churn),
 * and frees them all; it prints microseconds of CPU time per call at each
 * N (the process's CPU time: on a machine other work shares, the wall time
 * grows with the load while the CPU time stays) and the ratio of the
 * largest N's to the smallest's, which stays near 1 when each call costs
 * O(log n) and grows with N when it costs O(n).
 * Built against the toolkit's cuda.h and run with the shim as libcuda.so.1
 * (bench/allocs.sh), or against a GPU's driver for its numbers.
 *
 *	allocs [N...]   (default 1000 4000 16000 40000)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <cuda.h>

#define LAUNCHES 200

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry nop(.param .u64 p)\n{\n\tret;\n}\n";

static void
ck(CUresult r, const char *what, int line)
{
	const char *s = "?";

	if (r) {
		cuGetErrorName(r, &s);
		fprintf(stderr, "allocs: line %d: %s: %s\n", line, what, s);
		exit(1);
	}
}
#define CK(call) ck((call), #call, __LINE__)

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

enum { ALLOC, LOOKUP, LAUNCH, CHURN, FREE, NK };
static const char *kname[NK] = {"alloc", "lookup", "launch", "churn", "free"};

/* Microseconds per call of each kind with n allocations live */
static void
measure(int n, CUfunction f, double us[NK])
{
	CUdeviceptr *p = calloc((size_t)n, sizeof *p), start, base;
	size_t sz;
	long long step = 7919;   /* prime: visits every index when it does not divide n */
	double t;

	if (!p || n % step == 0) {
		fprintf(stderr, "allocs: bad count %d\n", n);
		exit(2);
	}
	t = now();
	for (int i = 0; i < n; i++)
		CK(cuMemAlloc(&p[i], 96 + (size_t)(i % 61) * 16));
	us[ALLOC] = (now() - t) * 1e6 / n;
	t = now();
	for (int i = 0; i < n; i++) {
		CUdeviceptr q = p[(int)(i * step % n)] + 48;
		CK(cuPointerGetAttribute(&start, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, q));
		CK(cuMemGetAddressRange(&base, &sz, q));
		if (start != base)
			exit(1);
	}
	us[LOOKUP] = (now() - t) * 1e6 / (2.0 * n);
	t = now();
	for (int i = 0; i < LAUNCHES; i++) {
		void *args[] = {&p[(int)(i * step % n)]};
		CK(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL));
	}
	CK(cuCtxSynchronize());
	us[LAUNCH] = (now() - t) * 1e6 / LAUNCHES;
	t = now();
	for (int i = 0; i < n; i++) {   /* one freed, one of another size made: into holes among the live */
		int k = (int)(i * step % n);
		CK(cuMemFree(p[k]));
		CK(cuMemAlloc(&p[k], 96 + (size_t)((i + 17) % 61) * 16));
	}
	us[CHURN] = (now() - t) * 1e6 / n;
	t = now();
	for (int i = 0; i < n; i++)
		CK(cuMemFree(p[(int)(i * step % n)]));
	us[FREE] = (now() - t) * 1e6 / n;
	free(p);
}

int
main(int argc, char **argv)
{
	static const int def[] = {1000, 4000, 16000, 40000};
	int nn = argc > 1 ? argc - 1 : 4, *ns = malloc(sizeof *ns * (size_t)nn);
	double (*us)[NK] = malloc(sizeof *us * (size_t)nn);
	CUdevice d;
	CUcontext c;
	CUmodule m;
	CUfunction f;

	if (!ns || !us)
		return 2;
	for (int i = 0; i < nn; i++)
		ns[i] = argc > 1 ? atoi(argv[i + 1]) : def[i];
	CK(cuInit(0));
	CK(cuDeviceGet(&d, 0));
	CK(cuDevicePrimaryCtxRetain(&c, d));
	CK(cuCtxSetCurrent(c));
	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&f, m, "nop"));
	printf("%8s", "live");
	for (int k = 0; k < NK; k++)
		printf(" %10s", kname[k]);
	printf("   (microseconds per call)\n");
	for (int i = 0; i < nn; i++) {
		measure(ns[i], f, us[i]);
		printf("%8d", ns[i]);
		for (int k = 0; k < NK; k++)
			printf(" %10.2f", us[i][k]);
		printf("\n");
	}
	printf("%8s", "ratio");
	for (int k = 0; k < NK; k++)
		printf(" %9.2fx", us[nn - 1][k] / us[0][k]);
	printf("   (%d live against %d; O(n) calls grow %.0fx)\n", ns[nn - 1], ns[0], (double)ns[nn - 1] / ns[0]);
	return 0;
}

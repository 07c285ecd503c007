/*
 * streammem.c -- cuMemGetInfo's free memory as a context's streams are
 * made, one by one, then all destroyed and as many made again: each line
 * where it changed, from what it was before the first.  An H200's
 * answers: streammem.gpu.
 *
 *	streammem MODE N [ctx]   N streams, blocking (MODE 0), non-blocking
 *	                         (1) or each in turn (2), in the primary
 *	                         context or, given ctx, one of cuCtxCreate's
 */
#include "shimtest.h"

/* the form CUDA 12's cuda.h and CUDA 13's libcuda both have (13's cuda.h
 * hides it) */
CUresult CUDAAPI cuCtxCreate_v2(CUcontext *, unsigned, CUdevice);

static size_t fr0;

static long long
delta(void)
{
	size_t fr = 0, tot = 0;

	CK(cuMemGetInfo(&fr, &tot));
	if (!fr0)
		fr0 = fr;
	return (long long)fr - (long long)fr0;
}

int
main(int argc, char **argv)
{
	CUdevice d;
	CUcontext c;
	CUstream s[1000];
	int mode, n;
	long long last, x;

	if (argc < 3 || (n = atoi(argv[2])) < 0 || n > 1000) {
		fprintf(stderr, "usage: streammem MODE N [ctx]\n");
		return 2;
	}
	mode = atoi(argv[1]);
	CK(cuInit(0));
	CK(cuDeviceGet(&d, 0));
	if (argc > 3)
		CK(cuCtxCreate_v2(&c, 0, d));
	else {
		CK(cuDevicePrimaryCtxRetain(&c, d));
		CK(cuCtxSetCurrent(c));
	}
	last = delta();
	printf("mode %d%s start %+lld\n", mode, argc > 3 ? " (cuCtxCreate)" : "", last);
	for (int i = 0; i < n; i++) {
		int fl = mode == 2 ? (i % 2 ? CU_STREAM_NON_BLOCKING : 0) : mode ? CU_STREAM_NON_BLOCKING : 0;
		CK(cuStreamCreate(&s[i], (unsigned)fl));
		if ((x = delta()) != last)
			printf("stream %d made %+lld (%+lld)\n", i + 1, x, x - last);
		last = x;
	}
	for (int i = 0; i < n; i++)
		CK(cuStreamDestroy(s[i]));
	printf("all destroyed %+lld\n", delta());
	for (int i = 0; i < n; i++) {
		CK(cuStreamCreate(&s[i], 0));
		if ((x = delta()) != last)
			printf("again %d made %+lld\n", i + 1, x);
		last = x;
	}
	return 0;
}

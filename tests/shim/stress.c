/*
 * stress.c -- the driver API from many host threads at once.  Each thread
 * runs rounds of: a context (the primary one, or one of its own created
 * for the round and destroyed after it), a module loaded and unloaded,
 * streams and events, allocations, copies, fills and launches on its
 * streams, and checks every result on the host.  The handles each round
 * destroys go to a shared list, and every round tries some of the other
 * threads' stale handles, which must be refused, whatever the table has
 * handed out since.  tests/shim.test runs it, and tests/ci.sh runs it on a
 * ThreadSanitizer build of the shim.
 *
 * usage: stress [THREADS [ROUNDS]]   (default 8 threads, 12 rounds)
 * Prints one line and exits 0 when every result and every error code was
 * right, 1 otherwise.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include "shimtest.h"

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry twice(.param .u64 a, .param .u64 out, .param .u32 k, .param .u32 n)\n{\n"
	"\t.reg .u32 %r<8>;\n\t.reg .u64 %rd<8>;\n\t.reg .pred %p;\n"
	"\tmov.u32 %r1, %ctaid.x;\n\tmov.u32 %r2, %ntid.x;\n\tmov.u32 %r3, %tid.x;\n"
	"\tmad.lo.u32 %r4, %r1, %r2, %r3;\n\tld.param.u32 %r5, [n];\n"
	"\tsetp.ge.u32 %p, %r4, %r5;\n\t@%p bra DONE;\n"
	"\tld.param.u64 %rd1, [a];\n\tld.param.u64 %rd2, [out];\n\tld.param.u32 %r6, [k];\n"
	"\tcvta.to.global.u64 %rd1, %rd1;\n\tcvta.to.global.u64 %rd2, %rd2;\n"
	"\tmul.wide.u32 %rd3, %r4, 4;\n\tadd.u64 %rd4, %rd1, %rd3;\n\tadd.u64 %rd5, %rd2, %rd3;\n"
	"\tld.global.u32 %r7, [%rd4];\n\tshl.b32 %r7, %r7, 1;\n\tadd.u32 %r7, %r7, %r6;\n"
	"\tst.global.u32 [%rd5], %r7;\n"
	"DONE:\n\tret;\n}\n";

/* Destroyed handles, shared by all threads. */
#define NSTALE 64
static struct { void *h; int kind; } stale[NSTALE];   /* kind: 1 event, 2 stream, 3 context */
static unsigned nstale;
static pthread_mutex_t stale_mu = PTHREAD_MUTEX_INITIALIZER;

static CUcontext primary;
static int nrounds = 12;
static int failed;
static pthread_mutex_t fail_mu = PTHREAD_MUTEX_INITIALIZER;

static void
fail(int t, int round, const char *what, CUresult r)
{
	const char *name = NULL;

	cuGetErrorName(r, &name);
	pthread_mutex_lock(&fail_mu);
	if (failed++ < 10)
		printf("FAIL thread %d round %d: %s: %s\n", t, round, what, name ? name : "?");
	pthread_mutex_unlock(&fail_mu);
}

#define TRY(call) do { CUresult r_ = (call); if (r_) { fail(t, round, #call, r_); goto out; } } while (0)

static void
bury(void *h, int kind)
{
	pthread_mutex_lock(&stale_mu);
	stale[nstale % NSTALE].h = h;
	stale[nstale % NSTALE].kind = kind;
	nstale++;
	pthread_mutex_unlock(&stale_mu);
}

/* Uses a few stale handles: each must be refused. */
static void
haunt(int t, int round, unsigned seed)
{
	for (int i = 0; i < 4; i++) {
		void *h;
		int kind;
		CUresult r, want;
		pthread_mutex_lock(&stale_mu);
		if (!nstale) {
			pthread_mutex_unlock(&stale_mu);
			return;
		}
		seed = seed * 1103515245u + 12345u;
		unsigned j = (seed >> 8) % (nstale < NSTALE ? nstale : NSTALE);
		h = stale[j].h;
		kind = stale[j].kind;
		pthread_mutex_unlock(&stale_mu);
		if (kind == 1) {
			r = cuEventQuery((CUevent)h);
			want = CUDA_ERROR_INVALID_HANDLE;
		} else if (kind == 2) {
			r = cuStreamQuery((CUstream)h);
			want = CUDA_ERROR_INVALID_HANDLE;
		} else {
			r = cuCtxPushCurrent((CUcontext)h);
			want = CUDA_ERROR_INVALID_CONTEXT;
		}
		if (r != want)
			fail(t, round, kind == 1 ? "stale event" : kind == 2 ? "stale stream" : "stale context", r);
	}
}

static void *
worker(void *arg)
{
	int t = (int)(intptr_t)arg;

	for (int round = 0; round < nrounds; round++) {
		int own = (t + round) % 3 == 0;
		unsigned n = 300 + (unsigned)t * 37 + (unsigned)round * 11, k = (unsigned)(t * 1000 + round);
		CUcontext ctx = NULL;
		CUmodule mod = NULL;
		CUfunction fn;
		CUstream s[2] = {NULL, NULL};
		CUevent e[2] = {NULL, NULL};
		CUdeviceptr a = 0, out = 0;
		unsigned *ha = NULL, *hout = NULL;
		float ms;
		void *args[4] = {&a, &out, &k, &n};

		if (own)
			TRY(cuCtxCreate(&ctx, NULL, 0, 0));
		else
			TRY(cuCtxSetCurrent(primary));
		TRY(cuModuleLoadData(&mod, ptx));
		TRY(cuModuleGetFunction(&fn, mod, "twice"));
		for (int i = 0; i < 2; i++) {
			TRY(cuStreamCreate(&s[i], CU_STREAM_NON_BLOCKING));
			TRY(cuEventCreate(&e[i], 0));
		}
		if (!(ha = malloc(n * sizeof *ha)) || !(hout = malloc(n * sizeof *hout))) {
			fail(t, round, "malloc", CUDA_ERROR_OUT_OF_MEMORY);
			goto out;
		}
		for (unsigned i = 0; i < n; i++)
			ha[i] = i * 7 + (unsigned)t;
		TRY(cuMemAlloc(&a, n * sizeof *ha));
		TRY(cuMemAlloc(&out, n * sizeof *hout));
		TRY(cuMemsetD32Async(out, 0xdeadbeef, n, s[1]));
		TRY(cuMemcpyHtoDAsync(a, ha, n * sizeof *ha, s[0]));
		TRY(cuEventRecord(e[0], s[0]));
		TRY(cuStreamWaitEvent(s[1], e[0], 0));
		TRY(cuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, s[1], args, NULL));
		TRY(cuEventRecord(e[1], s[1]));
		TRY(cuMemcpyDtoHAsync(hout, out, n * sizeof *hout, s[1]));
		TRY(cuStreamSynchronize(s[1]));
		TRY(cuEventSynchronize(e[1]));
		TRY(cuEventElapsedTime(&ms, e[0], e[1]));
		for (unsigned i = 0; i < n; i++)
			if (hout[i] != ha[i] * 2 + k) {
				fail(t, round, "result", CUDA_SUCCESS);
				break;
			}
		haunt(t, round, (unsigned)(t * 7919 + round));
out:
		free(ha);
		free(hout);
		if (a)
			cuMemFree(a);
		if (out)
			cuMemFree(out);
		for (int i = 0; i < 2; i++) {
			if (s[i] && !cuStreamDestroy(s[i]))
				bury(s[i], 2);
			if (e[i] && !cuEventDestroy(e[i]))
				bury(e[i], 1);
		}
		if (mod)
			cuModuleUnload(mod);
		if (ctx && !cuCtxDestroy(ctx))
			bury(ctx, 3);
	}
	return NULL;
}

int
main(int argc, char **argv)
{
	int nthreads = argc > 1 ? atoi(argv[1]) : 8;
	pthread_t th[64];

	if (argc > 2)
		nrounds = atoi(argv[2]);
	if (nthreads < 1 || nthreads > 64 || nrounds < 1) {
		fprintf(stderr, "usage: stress [THREADS [ROUNDS]]\n");
		return 2;
	}
	CK(cuInit(0));
	CK(cuDevicePrimaryCtxRetain(&primary, 0));
	for (int i = 0; i < nthreads; i++)
		if (pthread_create(&th[i], NULL, worker, (void *)(intptr_t)i)) {
			fprintf(stderr, "cannot create a thread\n");
			return 2;
		}
	for (int i = 0; i < nthreads; i++)
		pthread_join(th[i], NULL);
	CK(cuDevicePrimaryCtxRelease(0));
	printf("stress: %d threads x %d rounds: %s\n", nthreads, nrounds, failed ? "FAILED" : "ok");
	return failed != 0;
}

/*
 * cg.c -- cooperative groups' device runtime (the cudaCG* functions PTX
 * calls as .extern .func, tests/shim/cg.ptx) in cooperative and plain
 * launches:
 *
 *	cg CG.PTX            phases: what GetSize and GetRank answer in each
 *	                     thread, then a grid barrier of each kind, each
 *	                     followed by reads of what another block wrote
 *	                     before it; early: half the warps exit, the rest
 *	                     meet at the barrier twice; lanes: the threads
 *	                     past the kernel's n exit, splitting a warp, the
 *	                     rest meet at the barrier twice; plain: what each
 *	                     function answers in a plain launch on a stream
 *	                     of its own (no grid: the syncs return at once),
 *	                     in one on the cooperative launches' stream (it
 *	                     gets their grid), and in a cooperative launch
 *	cg CG.PTX stuck      a block whose warps wait at a CTA barrier and at
 *	                     the grid barrier
 *
 * The module is linked with the device runtime (load_devrt), as a GPU
 * needs it; loaded alone it is refused with CUDA_ERROR_INVALID_PTX, as the
 * JIT refuses a call of an extern function nothing defines, and linked
 * without libcudadevrt.a cuLinkComplete refuses it (CUDA_ERROR_UNKNOWN).
 * Each line says what was seen, so a GPU's run (cg.gpu, an H200's) and
 * the shim's can be compared line by line; exit 1 when a call that sets
 * things up fails.
 */
#include <cuda.h>
#include "shimtest.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One value of every thread of G blocks of B, summed up: the value where
 * all threads have it, which index it is where it is one, else the values
 * of threads 0, 1, B-1, B and the last. */
static void
field(const char *what, const unsigned *v, unsigned stride, unsigned G, unsigned B)
{
	unsigned n = G * B, same = 1, idx = 1, tid = 1, blk = 1;

	for (unsigned t = 0; t < n; t++) {
		unsigned x = v[(size_t)t * stride];
		same &= x == v[0];
		idx &= x == t;
		tid &= x == t % B;
		blk &= x == t / B;
	}
	if (same)
		printf(" %s %u", what, v[0]);
	else if (idx)
		printf(" %s the thread's index in the grid", what);
	else if (tid)
		printf(" %s the thread's index in its block", what);
	else if (blk)
		printf(" %s the thread's block", what);
	else
		printf(" %s varies (%u %u %u %u %u)", what, v[0], v[stride], v[(size_t)(B - 1) * stride],
		    v[(size_t)B * stride], v[(size_t)(n - 1) * stride]);
}

static void
phases(CUmodule mod)
{
	enum { G = 6, B = 96, N = G * B };
	CUfunction k;
	CUdeviceptr a, b, info;
	static unsigned ha[N], hi[8 * N];
	void *args[] = { &a, &b, &info };
	int ok = 1;

	CK(cuModuleGetFunction(&k, mod, "phases"));
	CK(cuMemAlloc(&a, sizeof ha));
	CK(cuMemAlloc(&b, sizeof ha));
	CK(cuMemAlloc(&info, sizeof hi));
	CK(cuLaunchCooperativeKernel(k, G, 1, 1, B, 1, 1, 0, NULL, args));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(ha, a, sizeof ha));
	CK(cuMemcpyDtoH(hi, info, sizeof hi));
	printf("phases: GetSize:");
	field("rc", hi, 8, G, B);
	field("threads", hi + 1, 8, G, B);
	field("grids", hi + 2, 8, G, B);
	printf("\nphases: GetRank:");
	field("rc", hi + 3, 8, G, B);
	field("rank", hi + 4, 8, G, B);
	field("grid rank", hi + 5, 8, G, B);
	printf("\nphases: Synchronize:");
	field("rc", hi + 6, 8, G, B);
	printf("; SynchronizeGrid:");
	field("rc", hi + 7, 8, G, B);
	for (unsigned t = 0; t < N; t++) {
		unsigned j = ((t + 1) % N + B) % N;
		ok &= ha[t] == j * j;
	}
	printf("\nphases: %d blocks of %d, what other blocks wrote before each barrier %s\n", G, B,
	    ok ? "read after it" : "not read after it");
	CK(cuMemFree(a));
	CK(cuMemFree(b));
	CK(cuMemFree(info));
}

static void
early(CUmodule mod)
{
	enum { G = 5, B = 128, N = G * B };
	CUfunction k;
	CUdeviceptr a, b;
	static unsigned hb[N];
	void *args[] = { &a, &b };
	int ok = 1;

	CK(cuModuleGetFunction(&k, mod, "early"));
	CK(cuMemAlloc(&a, sizeof hb));
	CK(cuMemAlloc(&b, sizeof hb));
	CK(cuMemsetD8(b, 0, sizeof hb));
	CK(cuLaunchCooperativeKernel(k, G, 1, 1, B, 1, 1, 0, NULL, args));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(hb, b, sizeof hb));
	for (unsigned t = 0; t < N; t++) {
		unsigned j = (t + B) % N;
		unsigned want = (t % B / 32) & 1 ? 0 : (j % B / 32) & 1 ? 0 : j + 1;
		ok &= hb[t] == want;
	}
	printf("early: odd warps exited, the rest synchronised %s\n", ok ? "ok" : "wrong");
	CK(cuMemFree(a));
	CK(cuMemFree(b));
}

/* Threads past n exit at the kernel's start, n = G*B - 23: the last
 * block's last warp is split, 9 lanes at the barrier and 23 gone (as
 * numba-cuda's forall of 1001 ends its one block of 1024).  The barrier
 * counts threads: the waiting lanes let the others of their warp exit. */
static void
lanes(CUmodule mod)
{
	enum { G = 4, B = 96, N = G * B };
	CUfunction k;
	CUdeviceptr a, b;
	static unsigned hb[N];
	unsigned n = N - 23;
	void *args[] = { &a, &b, &n };
	int ok = 1;

	CK(cuModuleGetFunction(&k, mod, "lanes"));
	CK(cuMemAlloc(&a, sizeof hb));
	CK(cuMemAlloc(&b, sizeof hb));
	CK(cuMemsetD8(b, 0, sizeof hb));
	CK(cuLaunchCooperativeKernel(k, G, 1, 1, B, 1, 1, 0, NULL, args));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(hb, b, sizeof hb));
	for (unsigned t = 0; t < N; t++)
		ok &= hb[t] == (t < n ? (t + B) % n + 1 : 0);
	printf("lanes: 23 lanes of a warp exited, its other 9 synchronised %s\n", ok ? "ok" : "wrong");
	CK(cuMemFree(a));
	CK(cuMemFree(b));
}

/* The plain kernel's answers in thread 0 of its 2 blocks of 32: the
 * handles (0 or not, and whether both blocks had the same), GetSize's and
 * GetRank's codes and what they wrote over 5, 6 and 7, 8 (and over 5 and
 * 7 given one NULL pointer each), the syncs' codes unless nosync; then,
 * given the handle + 64, GetSize's and GetRank's codes and what GetSize
 * wrote over 5, 6, and the syncs' codes. */
static void
plain(CUmodule mod, const char *how, CUstream s, int coop, int nosync)
{
	CUfunction k;
	CUdeviceptr o;
	unsigned long long h[32];
	void *args[] = { &o, &nosync };

	CK(cuModuleGetFunction(&k, mod, "plain"));
	CK(cuMemAlloc(&o, sizeof h));
	CK(cuMemsetD8(o, 0xee, sizeof h));
	if (coop)
		CK(cuLaunchCooperativeKernel(k, 2, 1, 1, 32, 1, 1, 0, s, args));
	else
		CK(cuLaunchKernel(k, 2, 1, 1, 32, 1, 1, 0, s, args, NULL));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(h, o, sizeof h));
	printf("%s: handle %s%s, scopes 0 and 2: %llx %llx\n", how, h[0] ? "set" : "0",
	    h[0] == h[16] ? "" : " (another in block 1)", h[1], h[2]);
	for (int b = 0; b < 2; b++) {
		unsigned long long *p = h + 16 * b;
		printf("%s: block %d: GetSize %llu: %llu %llu; GetRank %llu: %llu %llu; with a NULL: %llu %llu: %llu %llu",
		    how, b, p[3], p[4], p[5], p[6], p[7], p[8], p[9] & 0xffff, p[9] >> 16, p[10] & 0xffffffff, p[10] >> 32);
		if (!nosync)
			printf("; Synchronize %llu, SynchronizeGrid %llu", p[11], p[12]);
		printf("\n%s: block %d, another handle: GetSize %llu: %llu %llu; GetRank %llu; Synchronize %llu, "
		    "SynchronizeGrid %llu\n", how, b, p[13] & 0xffff, p[14] & 0xffffffff, p[14] >> 32, p[13] >> 16,
		    p[15] & 0xffff, p[15] >> 16);
	}
	CK(cuMemFree(o));
}

/* cuLink without the device runtime: the undefined references stop it. */
static void
nodevrt(const char *ptx)
{
	CUlinkState ls;
	void *img;
	size_t n;

	CK(cuLinkCreate(0, NULL, NULL, &ls));
	CK(cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)ptx, strlen(ptx) + 1, "cg.ptx", 0, NULL, NULL));
	printf("cg.ptx linked without the device runtime: %s\n", ename(cuLinkComplete(ls, &img, &n)));
	CK(cuLinkDestroy(ls));
}

/* block 0's first warp waits at bar.sync 0, its second at the grid barrier */
static void
stuck(CUmodule mod)
{
	CUfunction k;
	CUdeviceptr x;
	void *args[] = { &x };
	CUresult r;

	CK(cuModuleGetFunction(&k, mod, "stuck"));
	CK(cuMemAlloc(&x, 4 * 64));
	r = cuLaunchCooperativeKernel(k, 3, 1, 1, 64, 1, 1, 0, NULL, args);
	printf("a grid barrier beside a CTA barrier: launch %s", ename(r));
	printf(", synchronize %s\n", ename(cuCtxSynchronize()));
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	CUstream s;
	char *ptx;

	if (argc < 2 || argc > 3 || (argc == 3 && strcmp(argv[2], "stuck") != 0)) {
		fprintf(stderr, "usage: cg CG.PTX [stuck]\n");
		return 2;
	}
	ptx = slurp(argv[1], NULL);
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CK(cuCtxSetCurrent(ctx));
	if (argc == 2) {
		CUresult r = cuModuleLoadData(&mod, ptx);
		printf("cg.ptx loaded alone: %s\n", ename(r));
		if (!r)
			cuModuleUnload(mod);
		nodevrt(ptx);
	}
	CK(load_devrt(&mod, ptx));
	if (argc == 3) {
		stuck(mod);
		free(ptx);
		return 0;
	}
	/* a stream of its own first: on the cooperative launches' a plain
	 * launch gets their grid workspace, as on an H200 (tests/cudart/cg_plain) */
	CK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	plain(mod, "plain launch", s, 0, 0);
	phases(mod);
	early(mod);
	lanes(mod);
	plain(mod, "plain launch after cooperative ones", NULL, 0, 1);
	plain(mod, "cooperative launch", s, 1, 1);
	CK(cuStreamDestroy(s));
	free(ptx);
	return 0;
}

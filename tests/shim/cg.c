/*
 * cg.c -- cooperative groups' device runtime (the cudaCG* functions PTX
 * calls as .extern .func, tests/shim/cg.ptx) under cooperative launches:
 *
 *	cg CG.PTX            phases: each thread's grid size, grid count and
 *	                     rank, then two grid barriers, each followed by
 *	                     reads of what another block wrote before it;
 *	                     early: half the warps exit, the rest meet at the
 *	                     barrier twice; lanes: the threads past the
 *	                     kernel's n exit, splitting a warp, the rest
 *	                     meet at the barrier twice; plain: the answers
 *	                     outside a cooperative launch, on a stream that
 *	                     had none (handle 0, GetSize refused)
 *	cg CG.PTX trap       phases launched plainly: its grid sync traps
 *	                     (CUDA_ERROR_LAUNCH_FAILED)
 *	cg CG.PTX stuck      a block whose warps wait at a CTA barrier and at
 *	                     the grid barrier: the launch fails, no hang
 *
 * The module is linked with the device runtime (load_devrt), as a GPU
 * needs it; loaded alone it is refused with CUDA_ERROR_INVALID_PTX, as the
 * JIT refuses a call of an extern function nothing defines, and linked
 * without libcudadevrt.a cuLinkComplete refuses it (CUDA_ERROR_UNKNOWN, as
 * an H200's driver answers).
 *
 * Every expected value follows from the kernels' source (cg.ptx's top);
 * what a GPU answers outside a cooperative launch (plain) is this
 * implementation's reading of the documentation, not yet checked on one.
 * Exit 0 when all is as expected.
 */
#include <cuda.h>
#include "shimtest.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails;

static void
expect(int cond, const char *what)
{
	if (!cond) {
		printf("%s: wrong\n", what);
		fails++;
	}
}

static void
phases(CUmodule mod)
{
	enum { G = 6, B = 96, N = G * B };
	CUfunction k;
	CUdeviceptr a, b, info;
	static unsigned ha[N], hi[4 * N];
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
	for (unsigned t = 0; t < N; t++) {
		unsigned j = ((t + 1) % N + B) % N;
		ok &= ha[t] == j * j;
		ok &= hi[4 * t] == N && hi[4 * t + 1] == 1 && hi[4 * t + 2] == 0 && hi[4 * t + 3] == 0;
	}
	expect(ok, "phases");
	printf("phases: %d blocks of %d, ranks and two grid barriers %s\n", G, B, ok ? "ok" : "wrong");
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
	expect(ok, "early");
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
	expect(ok, "lanes");
	printf("lanes: 23 lanes of a warp exited, its other 9 synchronised %s\n", ok ? "ok" : "wrong");
	CK(cuMemFree(a));
	CK(cuMemFree(b));
}

static void
plain(CUmodule mod)
{
	CUfunction k;
	CUdeviceptr o;
	CUstream s;
	unsigned long long h[4];
	void *args[] = { &o };

	CK(cuModuleGetFunction(&k, mod, "plain"));
	CK(cuMemAlloc(&o, sizeof h));
	/* a stream of its own: on the cooperative launches' a plain launch
	 * gets their grid workspace, as on an H200 (tests/cudart/cg_plain) */
	CK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	CK(cuLaunchKernel(k, 1, 1, 1, 1, 1, 1, 0, s, args, NULL));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(h, o, sizeof h));
	/* no grid workspace: handle 0, no other scope, GetSize refused (1, cudaErrorInvalidValue) */
	expect(h[0] == 0 && h[1] == 0 && h[2] == 1 && h[3] == 5, "plain");
	printf("plain launch: handle %llu, other scope %llu, GetSize %llu\n", h[0], h[1], h[2]);
	CK(cuMemFree(o));
	CK(cuStreamDestroy(s));
}

/* A launch that must fail with CUDA_ERROR_LAUNCH_FAILED (it leaves the context unusable). */
static void
fails_with(CUmodule mod, const char *name, unsigned g, unsigned b, int coop, const char *what)
{
	CUfunction k;
	CUdeviceptr x, y, z;
	void *args[] = { &x, &y, &z };
	CUresult r;

	CK(cuModuleGetFunction(&k, mod, name));
	CK(cuMemAlloc(&x, 4 * 4096));
	CK(cuMemAlloc(&y, 4 * 4096));
	CK(cuMemAlloc(&z, 16 * 4096));
	r = coop ? cuLaunchCooperativeKernel(k, g, 1, 1, b, 1, 1, 0, NULL, args) :
	    cuLaunchKernel(k, g, 1, 1, b, 1, 1, 0, NULL, args, NULL);
	if (r == CUDA_SUCCESS)
		r = cuCtxSynchronize();
	expect(r == CUDA_ERROR_LAUNCH_FAILED, what);
	printf("%s: %s\n", what, r == CUDA_ERROR_LAUNCH_FAILED ? "launch failed" : "not CUDA_ERROR_LAUNCH_FAILED");
}

/* cuLink without the device runtime: the undefined references stop it. */
static void
nodevrt(const char *ptx)
{
	CUlinkState ls;
	void *img;
	size_t n;
	CUresult r;

	CK(cuLinkCreate(0, NULL, NULL, &ls));
	CK(cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)ptx, strlen(ptx) + 1, "cg.ptx", 0, NULL, NULL));
	r = cuLinkComplete(ls, &img, &n);
	printf("cg.ptx linked without the device runtime: %s\n", r == CUDA_ERROR_UNKNOWN ?
	    "CUDA_ERROR_UNKNOWN" : r ? "another error" : "linked");
	CK(cuLinkDestroy(ls));
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	char *ptx;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: cg CG.PTX [trap|stuck]\n");
		return 2;
	}
	ptx = slurp(argv[1], NULL);
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CK(cuCtxSetCurrent(ctx));
	if (argc == 2) {
		CUresult r = cuModuleLoadData(&mod, ptx);
		printf("cg.ptx loaded alone: %s\n", r == CUDA_ERROR_INVALID_PTX ? "CUDA_ERROR_INVALID_PTX" :
		    r ? "another error" : "loaded");
		if (!r)
			cuModuleUnload(mod);
		nodevrt(ptx);
	}
	CK(load_devrt(&mod, ptx));
	if (argc == 2) {
		phases(mod);
		early(mod);
		lanes(mod);
		plain(mod);
	} else if (strcmp(argv[2], "trap") == 0)
		fails_with(mod, "phases", 2, 32, 0, "a plain launch's grid sync");
	else if (strcmp(argv[2], "stuck") == 0)
		fails_with(mod, "stuck", 3, 64, 1, "a grid barrier that cannot complete");
	else
		return 2;
	free(ptx);
	return fails != 0;
}

/*
 * fork.c -- fork() and the driver: a child forked before cuInit
 * initialises and runs as any process; a child forked after it finds
 * every call answering CUDA_ERROR_NOT_INITIALIZED, cuInit included, as
 * with the driver; the parent goes on using its context and memory.
 *
 * Exit 0 when all three behave; one line each.  The driver's answers in
 * the child follow its documentation (a forked child cannot use the
 * parent's CUDA state); check them on a GPU when one is at hand.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cuda.h>
#include "shimtest.h"

/* Runs fn in a child; its exit status, or -1. */
static int
in_child(int (*fn)(void))
{
	int st;
	pid_t p;

	fflush(stdout);      /* the child's copy of the buffer is never written */
	if ((p = fork()) == 0)
		_exit(fn());
	if (p < 0 || waitpid(p, &st, 0) != p || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

/* 0 when the device works here */
static int
works(void)
{
	CUcontext c;
	CUdevice d;
	CUdeviceptr p;
	unsigned v = 0;

	if (cuInit(0) || cuDeviceGet(&d, 0) || cuCtxCreate(&c, NULL, 0, d) || cuMemAlloc(&p, 64) ||
	    cuMemsetD32(p, 0x1234, 16) || cuMemcpyDtoH(&v, p + 8, 4) || cuMemFree(p))
		return 1;
	return v != 0x1234;
}

/* 0 when every call answers CUDA_ERROR_NOT_INITIALIZED */
static int
refused(void)
{
	CUdeviceptr p;
	CUdevice d;
	CUcontext c;
	int n = -1;

	return cuInit(0) != CUDA_ERROR_NOT_INITIALIZED ||
	    cuDeviceGetCount(&n) != CUDA_ERROR_NOT_INITIALIZED ||
	    cuDeviceGet(&d, 0) != CUDA_ERROR_NOT_INITIALIZED ||
	    cuCtxGetCurrent(&c) != CUDA_ERROR_NOT_INITIALIZED ||
	    cuMemAlloc(&p, 64) != CUDA_ERROR_NOT_INITIALIZED;
}

int
main(void)
{
	int fails = 0, r;

	r = in_child(works);
	printf("child forked before cuInit: %s\n", r == 0 ? "runs" : "FAILED");
	fails += r != 0;
	CK(works() ? CUDA_ERROR_UNKNOWN : CUDA_SUCCESS);
	r = in_child(refused);
	printf("child forked after cuInit: %s\n", r == 0 ? "CUDA_ERROR_NOT_INITIALIZED" : "FAILED");
	fails += r != 0;
	r = works();
	printf("parent after the fork: %s\n", r == 0 ? "runs" : "FAILED");
	fails += r != 0;
	return fails != 0;
}

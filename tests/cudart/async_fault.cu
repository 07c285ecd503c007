// async_fault.cu -- a kernel that faults: its launch returns once the kernel
// is queued, so the launch succeeds and the fault is what the calls after
// it answer, the context's sticky error; through the runtime (<<<>>>,
// cudaGetLastError, cudaDeviceSynchronize) and through the driver
// (cuLaunchKernel, cuCtxSynchronize).  A fault ends the context, so each
// path runs in a child process of its own, forked before CUDA is used.
#include <sys/wait.h>
#include <unistd.h>
#include <cuda.h>
#include "check.h"

__global__ void
trapper(int *out, int which)
{
	if (threadIdx.x == which)
		asm volatile("trap;");
	out[threadIdx.x] = threadIdx.x;
}

__global__ void
wild(int *out, long off)
{
	out[threadIdx.x + off] = 1;
}

static void
runtime_path(void)
{
	int *d;

	CHECK(cudaMalloc(&d, 64 * sizeof(int)));
	trapper<<<1, 64>>>(d, 5);
	printf("runtime: launch %d\n", (int)cudaGetLastError());
	printf("runtime: synchronize %d\n", (int)cudaDeviceSynchronize());
	printf("runtime: synchronize again %d\n", (int)cudaDeviceSynchronize());
	printf("runtime: malloc %d\n", (int)cudaMalloc(&d, 16));
}

static void
driver_path(void)
{
	cudaFunction_t f;
	CUdeviceptr d;
	CUresult r;
	int *p;
	long off = 1L << 40;

	CHECK(cudaMalloc(&p, 64 * sizeof(int)));
	CHECK(cudaGetFuncBySymbol(&f, (const void *)wild));
	void *args[] = { &p, &off };
	r = cuLaunchKernel((CUfunction)f, 1, 1, 1, 32, 1, 1, 0, NULL, args, NULL);
	printf("driver: launch %d\n", (int)r);
	printf("driver: synchronize %d\n", (int)cuCtxSynchronize());
	printf("driver: alloc %d\n", (int)cuMemAlloc(&d, 16));
	r = cuLaunchKernel((CUfunction)f, 1, 1, 1, 32, 1, 1, 0, NULL, args, NULL);
	printf("driver: launch after %d\n", (int)r);
}

static int
child(void (*path)(void))
{
	pid_t pid;
	int st;

	fflush(stdout);
	if ((pid = fork()) < 0)
		return 1;
	if (pid == 0) {
		path();
		fflush(stdout);
		_exit(0);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st)) {
		printf("child failed\n");
		return 1;
	}
	return 0;
}

int
main()
{
	if (child(runtime_path) || child(driver_path))
		return 1;
	printf("async_fault ok\n");
	return 0;
}

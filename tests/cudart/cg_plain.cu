// cg_plain.cu -- cooperative groups' grid in a plain launch and in a
// cooperative one, 2 blocks of 64 threads each: the grid workspace the
// driver passes in %envreg1:%envreg2 is 0 in a plain launch (in every
// block), so this_grid().is_valid() is false there and its sync() traps
// (an unspecified launch failure, last: it ends the context); in a
// cooperative launch the workspace is there, is_valid() is true and the
// sync waits for every block.  cupyx.jit's cg.sync(grid) launches plainly
// (CuPy's test_cg_sync), and traps so on an H200 as here.
// cg_plain.gpu holds an H200's answers (driver 580.159, CUDA 13.0) to
// these kernels, launched so, written down from a first program that
// printed them in another form; this one has not yet run on a GPU.
#include <cooperative_groups.h>
#include <cstring>
#include "check.h"

namespace cg = cooperative_groups;

__global__ void
envk(unsigned *o)
{
	unsigned a, b;
	asm volatile("mov.u32 %0, %%envreg1;" : "=r"(a));
	asm volatile("mov.u32 %0, %%envreg2;" : "=r"(b));
	if (threadIdx.x == 0) {
		o[2 * blockIdx.x] = a;
		o[2 * blockIdx.x + 1] = b;
	}
}

__global__ void
validk(unsigned *o)
{
	if (threadIdx.x == 0)
		o[blockIdx.x] = cg::this_grid().is_valid();
}

/* each block counts itself in, then reads the count after the grid sync */
__global__ void
synck(unsigned *o)
{
	cg::grid_group g = cg::this_grid();
	if (threadIdx.x == 0)
		atomicAdd(o, 1);
	g.sync();
	if (threadIdx.x == 0)
		o[1 + blockIdx.x] = *(volatile unsigned *)o;
}

enum { NB = 2, NT = 64 };

static cudaError_t
launch(void *f, int coop, unsigned *d)
{
	void *args[] = { &d };
	CHECK(cudaMemset(d, 0, 64));
	cudaError_t e = coop ? cudaLaunchCooperativeKernel(f, NB, NT, args, 0, 0) : cudaLaunchKernel(f, NB, NT, args, 0, 0);
	return e != cudaSuccess ? e : cudaDeviceSynchronize();
}

int
main()
{
	unsigned *d, h[16];
	CHECK(cudaMalloc(&d, 64));
	for (int coop = 0; coop < 2; coop++) {
		const char *how = coop ? "cooperative" : "plain";
		CHECK(launch((void *)envk, coop, d));
		CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
		printf("%s: workspace", how);
		for (int i = 0; i < NB; i++)
			printf(" %s", h[2 * i] || h[2 * i + 1] ? "set" : "0");
		CHECK(launch((void *)validk, coop, d));
		CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
		printf(", is_valid");
		for (int i = 0; i < NB; i++)
			printf(" %u", h[i]);
		printf("\n");
	}
	CHECK(launch((void *)synck, 1, d));
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	printf("cooperative sync: %u blocks in, each saw", h[0]);
	for (int i = 0; i < NB; i++)
		printf(" %u", h[1 + i]);
	printf("\n");
	cudaError_t e = launch((void *)synck, 0, d);
	printf("plain sync: %s\n", cudaGetErrorName(e));
	printf("cg_plain: %s\n", e == cudaErrorLaunchFailure && h[0] == NB && h[1] == NB && h[2] == NB ? "ok" : "FAILED");
	return 0;
}

// cg_plain.cu -- cooperative groups' grid in plain launches and in
// cooperative ones, 2 blocks of 64 threads each.  The grid workspace the
// driver passes in %envreg1:%envreg2 is 0 in a plain launch on a stream
// that never had a cooperative launch (in every block), so there
// this_grid().is_valid() is false and its sync() traps (an unspecified
// launch failure, last: it ends the context); in a cooperative launch the
// workspace is there, is_valid() is true and the sync waits for every
// block; and a plain launch on a stream that had a cooperative launch
// gets that launch's workspace, as an H200 (driver 580.159) does, so its
// grid is valid and its sync works.  cupyx.jit's cg.sync(grid) launches
// plainly (CuPy's test_cg_sync).  cg_plain.gpu: an H200's output.
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
launch(void *f, int coop, unsigned *d, cudaStream_t s)
{
	void *args[] = { &d };
	CHECK(cudaMemset(d, 0, 64));
	CHECK(cudaDeviceSynchronize());
	cudaError_t e = coop ? cudaLaunchCooperativeKernel(f, NB, NT, args, 0, s) : cudaLaunchKernel(f, NB, NT, args, 0, s);
	return e != cudaSuccess ? e : cudaDeviceSynchronize();
}

/* the workspace and is_valid() each block saw in launches so made: whether
 * both were right */
static int
grid(const char *how, int coop, unsigned *d, cudaStream_t s, int want)
{
	unsigned h[16];
	int ok = 1;
	CHECK(launch((void *)envk, coop, d, s));
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	printf("%s: workspace", how);
	for (int i = 0; i < NB; i++) {
		printf(" %s", h[2 * i] || h[2 * i + 1] ? "set" : "0");
		ok &= (h[2 * i] || h[2 * i + 1]) == want;
	}
	CHECK(launch((void *)validk, coop, d, s));
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	printf(", is_valid");
	for (int i = 0; i < NB; i++) {
		printf(" %u", h[i]);
		ok &= h[i] == (unsigned)want;
	}
	printf("\n");
	return ok;
}

/* a grid sync in a launch so made: its result, and whether every block
 * counted both in before it went on */
static int
gridsync(const char *how, int coop, unsigned *d, cudaStream_t s, cudaError_t want)
{
	unsigned h[16];
	cudaError_t e = launch((void *)synck, coop, d, s);
	printf("%s: %s", how, cudaGetErrorName(e));
	if (e != cudaSuccess) {
		printf("\n");
		return e == want;
	}
	CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
	printf(", %u blocks in, each saw", h[0]);
	for (int i = 0; i < NB; i++)
		printf(" %u", h[1 + i]);
	printf("\n");
	return e == want && h[0] == NB && h[1] == NB && h[2] == NB;
}

int
main()
{
	unsigned *d;
	cudaStream_t s;
	int ok = 1;
	CHECK(cudaMalloc(&d, 64));
	CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	ok &= grid("plain", 0, d, 0, 0);
	ok &= grid("cooperative", 1, d, 0, 1);
	ok &= gridsync("cooperative sync", 1, d, 0, cudaSuccess);
	ok &= grid("plain after a cooperative launch", 0, d, 0, 1);
	ok &= gridsync("its sync", 0, d, 0, cudaSuccess);
	ok &= grid("plain on another stream", 0, d, s, 0);
	ok &= gridsync("its sync", 0, d, s, cudaErrorLaunchFailure);
	printf("cg_plain: %s\n", ok ? "ok" : "FAILED");
	return 0;
}

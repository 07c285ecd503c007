// coverage.cu -- CUDA forms of classes the other files leave without one:
// memcheck's faults of the device heap (a freed block read, a block
// freed twice), a fence of too narrow a scope between CTAs, a
// cooperative grid's barrier left out, and a store into __constant__
// memory that -O3 keeps.  Each kernel takes a mode: 0 the
// bug, 1 the correct code beside it.
// Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 coverage.cu -o coverage.O3.ptx
//   nvcc -arch=sm_90 -ptx -G coverage.cu -o coverage.G.ptx
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Each thread's block of the device heap, read after free() (mode 0) or
// before it (mode 1).  volatile keeps the read where the source has it.
extern "C" __global__ void heap_uaf(int *out, int mode)
{
	int t = threadIdx.x;
	volatile int *p = (volatile int *)malloc(sizeof(int));
	if (!p)
		return;
	p[0] = t * 3 + 1;
	if (mode == 0) {
		free((void *)p);
		out[t] = p[0];
	} else {
		out[t] = p[0];
		free((void *)p);
	}
}

// free() of a block twice (mode 0) or once (mode 1).
extern "C" __global__ void heap_double(int *out, int mode)
{
	int t = threadIdx.x;
	int *volatile p = (int *)malloc(sizeof(int));
	if (!p)
		return;
	*p = t * 5 + 2;
	out[t] = *p;
	free(p);
	if (mode == 0)
		free(p);
}

// Message passing between CTAs (-g 2): CTA 0 writes data and raises a
// flag, CTA 1 waits for the flag and copies the data.  __threadfence()
// on both sides orders them (mode 1); __threadfence_block() (mode 0)
// orders only within the CTA, so the read is not ordered after the
// write (racecheck global-write-read).
extern "C" __global__ void fence_scope(volatile int *flag, int *data, int mode)
{
	if (threadIdx.x != 0)
		return;
	if (blockIdx.x == 0) {
		data[0] = 42;
		if (mode == 0)
			__threadfence_block();
		else
			__threadfence();
		flag[0] = 1;
	} else {
		while (flag[0] == 0)
			;
		if (mode == 0)
			__threadfence_block();
		else
			__threadfence();
		data[1] = data[0] + 1;
	}
}

// A cooperative launch (--cooperative, -g 4): each CTA writes its part,
// and CTA 0 adds the parts up after the grid's barrier (mode 1); with
// the barrier left out (mode 0) its loads of the other CTAs' parts are
// ordered with nothing (racecheck).
extern "C" __global__ void grid_parts(const int *in, int *part, int *out, int mode)
{
	cg::grid_group g = cg::this_grid();
	int b = blockIdx.x;
	if (threadIdx.x == 0)
		part[b] = in[b] * 3 + b;
	if (mode)
		g.sync();
	if (b == 0 && threadIdx.x == 0) {
		int s = 0;
		for (unsigned i = 0; i < gridDim.x; i++)
			s += part[i];
		out[0] = s;
	}
}

// A store through a pointer that is either the output (mode 1) or the
// __constant__ table (mode 0: memcheck store-to-const); nvcc cannot tell
// which, so -O3 keeps the store (checks.cu's const_store is a trap at
// -O3).  Each thread then reads its word of the table.  -b 64, out: 128
// words.
__constant__ int ctab[64] = { 5, 6, 7 };
extern "C" __global__ void const_pick(int *out, int mode)
{
	int *p = mode ? out : (int *)ctab;
	p[threadIdx.x] = (int)threadIdx.x + 1;
	out[threadIdx.x + 64] = ctab[threadIdx.x];
}

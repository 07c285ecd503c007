// checks.cu -- CUDA kernels for tests/check.test, each a bug one of the
// dynamic checks must find, or its correct counterpart (_ok) on which
// nothing may be reported.  Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 checks.cu -o checks.O3.ptx
//   nvcc -arch=sm_90 -ptx -G checks.cu -o checks.G.ptx

// Threads past n return, then the warp sums with a full membermask: the
// lanes that returned are named by the shuffles (synccheck).
extern "C" __global__ void tail_shfl(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v = in[i];
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	if ((threadIdx.x & 31) == 0)
		out[i / 32] = v;
}

extern "C" __global__ void tail_shfl_ok(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = i < n ? in[i] : 0;
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	if ((threadIdx.x & 31) == 0 && i < n)
		out[i / 32] = v;
}

// __syncthreads in a branch taken by half of each warp; the other half exits, not waited for since sm_70 (clean).
extern "C" __global__ void half_sync(int *out)
{
	__shared__ int s[64];
	s[threadIdx.x] = threadIdx.x;
	if ((threadIdx.x & 31) < 16) {
		__syncthreads();
		out[threadIdx.x] = s[63 - threadIdx.x];
	}
}

// Each thread reads its neighbour's shared slot, but only the first half
// of the block wrote theirs (initcheck).
extern "C" __global__ void smem_half(int *out)
{
	__shared__ int s[64];
	if (threadIdx.x < 32)
		s[threadIdx.x] = threadIdx.x * 3;
	__syncthreads();
	out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

extern "C" __global__ void smem_ok(int *out)
{
	__shared__ int s[64];
	s[threadIdx.x] = threadIdx.x * 3;
	__syncthreads();
	out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

// Every block stores its index to the same words (racecheck, global
// memory: nothing orders the blocks).
extern "C" __global__ void global_race(int *out)
{
	out[threadIdx.x] = blockIdx.x + 1;
}

// Each block stores its partial to a slot of its own, fences and counts
// itself; the block that counts last sums the partials (the last-block
// reduction of the CUDA samples).
extern "C" __global__ void global_race_ok(int *partial, unsigned *count, int *out)
{
	__shared__ bool last;
	if (threadIdx.x == 0) {
		partial[blockIdx.x] = blockIdx.x + 1;
		__threadfence();
		last = atomicInc(count, gridDim.x) == gridDim.x - 1;
	}
	__syncthreads();
	if (last && threadIdx.x == 0) {
		int s = 0;
		for (unsigned b = 0; b < gridDim.x; b++)
			s += partial[b];
		out[0] = s;
	}
}

// A kernel stores through a pointer into __constant__ memory (memcheck).
__constant__ int ctab[64];
extern "C" __global__ void const_store(int *out)
{
	int *p = (int *)(void *)ctab;
	p[threadIdx.x] = threadIdx.x;
	out[threadIdx.x] = ctab[threadIdx.x];
}

// A local array of which only the first n elements are written, read at
// every index (initcheck, local memory).
extern "C" __global__ void local_uninit(int *out, int n)
{
	int a[16];
	for (int j = 0; j < n; j++)
		a[j] = j * 3;
	out[threadIdx.x] = a[threadIdx.x & 15];
}

// The same, all written; and bitfields of a local struct assigned one by
// one, and the struct copied (-G reads the unwritten words around them).
struct Bits {
	unsigned a : 3, b : 5, c : 12;
	int pad[3];
};
extern "C" __global__ void local_ok(int *out, int n)
{
	int a[16];
	Bits s, t;
	for (int j = 0; j < 16; j++)
		a[j] = j * n;
	s.a = n;
	s.b = n + 1;
	s.c = n + 2;
	s.pad[0] = n;
	t = s;
	out[threadIdx.x] = a[(threadIdx.x * 7) & 15] + t.a + t.b + t.c + t.pad[0];
}

// cp.async of a tile to shared memory, read before cp.async.wait_all
// (asynccheck); cpasync_ok waits first.
__device__ void cp4(int *dst, const int *src)
{
	unsigned d = (unsigned)__cvta_generic_to_shared(dst);
	asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(d), "l"(src) : "memory");
}

extern "C" __global__ void cpasync_early(const int *in, int *out)
{
	__shared__ int s[64];
	cp4(&s[threadIdx.x], &in[threadIdx.x]);
	asm volatile("cp.async.commit_group;" ::: "memory");
	int v = s[threadIdx.x];
	asm volatile("cp.async.wait_all;" ::: "memory");
	out[threadIdx.x] = v + s[threadIdx.x];
}

extern "C" __global__ void cpasync_ok(const int *in, int *out)
{
	__shared__ int s[64];
	cp4(&s[threadIdx.x], &in[threadIdx.x]);
	asm volatile("cp.async.commit_group;" ::: "memory");
	asm volatile("cp.async.wait_group 0;" ::: "memory");
	__syncthreads();
	out[threadIdx.x] = s[(threadIdx.x + 1) & 63];
}

// A warp sums through shared memory, relying on lockstep: no __syncwarp
// between one step's stores and the next step's loads (racecheck, lanes
// of one warp); warp_sum_ok has them.
extern "C" __global__ void warp_sum_nosync(const int *in, int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	s[t] = in[t];
	for (int o = 16; o > 0; o >>= 1)
		if (t < o)
			s[t] += s[t + o];
	if (t == 0)
		out[0] = s[0];
}

extern "C" __global__ void warp_sum_ok(const int *in, int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	s[t] = in[t];
	__syncwarp();
	for (int o = 16; o > 0; o >>= 1) {
		int v = t < o ? s[t + o] : 0;
		__syncwarp();
		if (t < o)
			s[t] += v;
		__syncwarp();
	}
	if (t == 0)
		out[0] = s[0];
}

// A chained scan published as decoupled look-back does it (one tile a
// block, thread 0): block b waits for the flag of block b-1, reads its
// inclusive prefix, stores its own and raises its flag.  The flags are
// volatile; the publisher fences between the prefix and the flag, the
// reader after seeing the flag (racecheck: clean).
extern "C" __global__ void lookback_ok(volatile int *flags, int *prefix)
{
	if (threadIdx.x != 0)
		return;
	int b = blockIdx.x, p = 0;
	if (b > 0) {
		while (flags[b - 1] == 0)
			;
		__threadfence();
		p = prefix[b - 1];
	}
	prefix[b] = p + b + 1;
	__threadfence();
	flags[b] = 1;
}

// The same without the publisher's fence: the flag may be seen before
// the prefix beside it (racecheck, global memory).
extern "C" __global__ void lookback_nofence(volatile int *flags, int *prefix)
{
	if (threadIdx.x != 0)
		return;
	int b = blockIdx.x, p = 0;
	if (b > 0) {
		while (flags[b - 1] == 0)
			;
		__threadfence();
		p = prefix[b - 1];
	}
	prefix[b] = p + b + 1;
	flags[b] = 1;
}

// A grid-wide barrier of an atomic counter and fences, as cooperative
// groups' grid.sync() builds it, then block 0 sums every block's partial
// (racecheck: clean; all blocks must be resident, as in a cooperative
// launch).
extern "C" __global__ void gridsync_ok(unsigned *count, int *partial, int *out)
{
	if (threadIdx.x != 0)
		return;
	partial[blockIdx.x] = 10 * blockIdx.x + 7;
	__threadfence();
	atomicAdd(count, 1);
	while (*(volatile unsigned *)count < gridDim.x)
		;
	__threadfence();
	if (blockIdx.x == 0) {
		int s = 0;
		for (unsigned b = 0; b < gridDim.x; b++)
			s += partial[b];
		out[0] = s;
	}
}

// The same barrier without its fences: the partials are read with
// nothing ordering them after their stores (racecheck, global memory).
extern "C" __global__ void gridsync_nofence(unsigned *count, int *partial, int *out)
{
	if (threadIdx.x != 0)
		return;
	partial[blockIdx.x] = 10 * blockIdx.x + 7;
	atomicAdd(count, 1);
	while (*(volatile unsigned *)count < gridDim.x)
		;
	if (blockIdx.x == 0) {
		int s = 0;
		for (unsigned b = 0; b < gridDim.x; b++)
			s += partial[b];
		out[0] = s;
	}
}

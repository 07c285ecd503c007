// divbar.cu -- CTA barriers reached by a warp in several groups: since
// sm_70 bar.sync counts threads (exited ones not waited for), but it is
// .aligned: a warp's groups at two bar.sync instructions hang an H200.
// The expected outputs follow from the kernels (divbar.py writes them).
// variants: G
#include "sweep.h"

typedef unsigned int u32;

// __syncthreads() in both arms of an if/else, each arm reading what the
// other arm's threads stored before their barrier (hangs an H200)
extern "C" __global__ void bar_arms(const u32 *a, u32 *out, int n)
{
	__shared__ u32 s[128];
	int i = TID, t = threadIdx.x;
	u32 x = a[i % n], r;
	if (t & 1) {
		s[t] = x * 3u + 1u;
		__syncthreads();
		r = s[t ^ 1] + 7u;
	} else {
		s[t] = x ^ 0x5a5au;
		__syncthreads();
		r = s[t ^ 1] * 5u;
	}
	PUT(0, r);
}

// work in one arm, a barrier after the if: the exchange is of data only
// the arm's threads changed
extern "C" __global__ void bar_after_if(const u32 *a, u32 *out, int n)
{
	__shared__ u32 s[128];
	int i = TID, t = threadIdx.x;
	u32 x = a[i % n];
	s[t] = x;
	if (x & 1) {
		u32 y = x;
		for (int k = 0; k < (int)(x & 7); k++)
			y = y * 1664525u + 1013904223u;
		s[t] = y;
	}
	__syncthreads();
	PUT(0, s[(t + 33) & 127]);
}

// a loop of a per-thread trip count with barriers in it: the threads
// that finished leave (and exit), the rest go on exchanging
extern "C" __global__ void bar_loop(const u32 *a, u32 *out, int n)
{
	__shared__ u32 s[128];
	int i = TID, t = threadIdx.x;
	u32 x = a[i % n], acc = 0;
	int trips = (int)(x % 5u);
	s[t] = x;
	__syncthreads();
	for (int k = 0; k < trips; k++) {
		s[t] = s[t] * 31u + (u32)k;
		__syncthreads();
		acc += s[(t + 1) & 127] ^ (u32)k;
		__syncthreads();
	}
	PUT(0, acc);
}

// lanes that return early: the barrier waits for the rest only; a shared
// sum of the values of those that stayed
extern "C" __global__ void bar_return(const u32 *a, u32 *out, int n)
{
	__shared__ u32 s[16];
	int i = TID, t = threadIdx.x;
	u32 x = a[i % n];
	if (t < 16)
		s[t] = 0;
	__syncthreads();
	PUT(0, 0u);
	if (x % 3u == 0)
		return;
	atomicAdd(&s[t & 15], x);
	__syncthreads();
	PUT(0, s[t & 15]);
}

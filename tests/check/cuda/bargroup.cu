// bargroup.cu -- CUDA kernels for tests/check.test: lanes of a warp
// waiting at one CTA barrier while the others of their warp reach
// another.  -b 64; the upper half of each warp first meets the upper
// halves of the other warps at barrier 1 (a bar.red counting them),
// then every thread meets at barrier 0; the lower halves wait at
// barrier 0 meanwhile.  With the .aligned forms (bar.sync, bar.red) the
// halves reach barrier 0 at two instructions: the GPU hangs, as it does
// when both arms of an if/else call __syncthreads().  The forms that are
// not .aligned (barrier.sync, barrier.red) let a warp's threads differ.  The
// _ids kernels send the lower halves to barrier 2 instead of barrier 0,
// and no barrier follows.  The barriers with a thread count count 32
// threads, the two upper halves.
// out[t]: the count each thread's bar.red gave, 100 for the lower halves.
//   nvcc -arch=sm_90 -ptx -O3 bargroup.cu -o bargroup.O3.ptx
//   nvcc -arch=sm_90 -ptx -G bargroup.cu -o bargroup.G.ptx

#define RED(op, id, n, v, r) \
	asm volatile("{ .reg .pred q; setp.ne.u32 q, %1, 0; " op " %0, " #id ", " #n ", q; }" : "=r"(r) : "r"(v) : "memory")

#define GRP(name, sync0, red, n) \
extern "C" __global__ void name(unsigned *out) \
{ \
	unsigned t = threadIdx.x, r = 100; \
	if ((t & 31) < 16) { \
		asm volatile(sync0 " 0;" ::: "memory"); \
	} else { \
		RED(red, 1, n, t & 1, r); \
		asm volatile(sync0 " 0;" ::: "memory"); \
	} \
	out[t] = r; \
}

#define IDS(name, sync, red, n) \
extern "C" __global__ void name(unsigned *out) \
{ \
	unsigned t = threadIdx.x, r = 100; \
	if ((t & 31) < 16) \
		asm volatile(sync " 2, " #n ";" ::: "memory"); \
	else \
		RED(red, 1, n, t & 1, r); \
	out[t] = r; \
}

GRP(grp_nal, "barrier.sync", "barrier.red.popc.u32", 32)
GRP(grp_al, "bar.sync", "bar.red.popc.u32", 32)
IDS(grp_ids_nal, "barrier.sync", "barrier.red.popc.u32", 32)
IDS(grp_ids_al, "bar.sync", "bar.red.popc.u32", 32)

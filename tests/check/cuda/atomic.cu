// atomic.cu -- CUDA forms of racecheck's plain loads of words that other
// blocks change with atomics (race_global_atomic.ptx) and of a cp.async
// destination read by a thread that nothing orders after the wait
// (race_async_after.ptx).  -g 2 -b 64.
// Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 atomic.cu -o atomic.O3.ptx
//   nvcc -arch=sm_90 -ptx -G atomic.cu -o atomic.G.ptx
#include <cuda/atomic>

// Block 0 counts its threads into data[0] with atomicAdd while block 1's
// threads read data[0] with a plain load: nothing orders the blocks
// (racecheck global-write-read).
extern "C" __global__ void count_peek(int *data)
{
	if (blockIdx.x == 0)
		atomicAdd(&data[0], 1);
	else
		data[1 + threadIdx.x] = data[0];
}

// Every thread adds 0.5f to *f with the CAS loop that atomicAdd on a type
// without a native atomic is written as: its first guess is a plain load,
// which the CAS checks (clean; *f ends at 64.0f).
extern "C" __global__ void cas_add(float *f)
{
	unsigned *p = (unsigned *)f;
	unsigned old = *p, assumed;
	do {
		assumed = old;
		old = atomicCAS(p, assumed, __float_as_uint(__uint_as_float(assumed) + 0.5f));
	} while (assumed != old);
}

// Block 0's thread 0 adds to data[0] and raises data[1] with a release
// store; block 1's thread 0 polls data[1] with acquire loads and then
// reads data[0] plainly (clean).
extern "C" __global__ void count_publish(int *data)
{
	cuda::atomic_ref<int, cuda::thread_scope_device> flag(data[1]);
	if (threadIdx.x != 0)
		return;
	if (blockIdx.x == 0) {
		atomicAdd(&data[0], 5);
		flag.store(1, cuda::memory_order_release);
		return;
	}
	while (flag.load(cuda::memory_order_acquire) == 0)
		;
	data[2] = data[0];
}

// Thread 0 of each block copies data[0..4) into shared memory with
// cp.async and waits for it; thread 32 waits for a volatile flag in
// global memory that thread 0 raises after its wait, which orders nothing
// (racecheck write-read), and reads the copy.  data: 32 ints.
extern "C" __global__ void cpasync_peek(int *data)
{
	__shared__ int s[4];
	volatile int *ready = data + 24 + blockIdx.x;
	if (threadIdx.x == 0) {
		unsigned sa = (unsigned)__cvta_generic_to_shared(s);
		asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" :: "r"(sa), "l"(data) : "memory");
		asm volatile("cp.async.commit_group;" ::: "memory");
		asm volatile("cp.async.wait_group 0;" ::: "memory");
		*ready = 1;
	}
	if (threadIdx.x == 32) {
		while (!*ready)
			;
		data[8 + blockIdx.x] = s[1];
	}
}

// The same with __syncthreads() after thread 0's wait in place of the
// flag (clean).
extern "C" __global__ void cpasync_peek_ok(int *data)
{
	__shared__ int s[4];
	if (threadIdx.x == 0) {
		unsigned sa = (unsigned)__cvta_generic_to_shared(s);
		asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" :: "r"(sa), "l"(data) : "memory");
		asm volatile("cp.async.commit_group;" ::: "memory");
		asm volatile("cp.async.wait_group 0;" ::: "memory");
	}
	__syncthreads();
	if (threadIdx.x == 32)
		data[8 + blockIdx.x] = s[1];
}

// poll.cu -- CUDA forms of racecheck's flag polls in global memory
// (race_global_poll.ptx) and of asynccheck's store into the source of a
// cp.async still in flight (async_source.ptx).  -g 2 -b 32.
// Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 poll.cu -o poll.O3.ptx
//   nvcc -arch=sm_90 -ptx -G poll.cu -o poll.G.ptx
#include <cuda/atomic>

// Block 0 publishes data[0] and raises data[1] with a release store;
// block 1 polls the flag with relaxed loads and then reads data[0]. With
// the acquire fence after the poll the read is ordered (clean).
extern "C" __global__ void poll_fence(int *data)
{
	cuda::atomic_ref<int, cuda::thread_scope_device> flag(data[1]);
	if (threadIdx.x != 0)
		return;
	if (blockIdx.x == 0) {
		data[0] = 42;
		flag.store(1, cuda::memory_order_release);
		return;
	}
	while (flag.load(cuda::memory_order_relaxed) == 0)
		;
	cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
	data[2] = data[0];
}

// The same without the fence: the relaxed poll saw the flag, but nothing
// acquires, and the plain read of data[0] races with block 0's store
// (racecheck global-write-read).
extern "C" __global__ void poll_nofence(int *data)
{
	cuda::atomic_ref<int, cuda::thread_scope_device> flag(data[1]);
	if (threadIdx.x != 0)
		return;
	if (blockIdx.x == 0) {
		data[0] = 42;
		flag.store(1, cuda::memory_order_release);
		return;
	}
	while (flag.load(cuda::memory_order_relaxed) == 0)
		;
	data[2] = data[0];
}

// Block 0's thread 0 copies data[8] into shared memory with cp.async and
// overwrites data[8] before waiting for the copy
// (asynccheck bulk-source-write-before-wait); with early == 0 it waits
// first (clean).
extern "C" __global__ void cpasync_source(int *data, int early)
{
	__shared__ int s[1];
	if (threadIdx.x != 0 || blockIdx.x != 0)
		return;
	unsigned sa = (unsigned)__cvta_generic_to_shared(s);
	asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(sa), "l"(data + 8));
	asm volatile("cp.async.commit_group;");
	if (!early)
		asm volatile("cp.async.wait_group 0;" ::: "memory");
	data[8] = 7;
	asm volatile("cp.async.wait_group 0;" ::: "memory");
	data[9] = s[0];
}

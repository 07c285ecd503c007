// cdp.cu -- CUDA kernels for tests/check.test on the order dynamic
// parallelism (CDP2, CUDA 12 and later) gives between a grid and the
// grids it launches.  Compiled to PTX at -O3 and at -G:
//   nvcc -rdc=true -arch=sm_90 -ptx -O3 cdp.cu -o cdp.O3.ptx
//   nvcc -rdc=true -arch=sm_90 -ptx -G cdp.cu -o cdp.G.ptx
// Each parent takes a buffer of at least 256 ints.

extern "C" __global__ void cdp_add(int *data, int n, int v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		data[i] += v;
}

extern "C" __global__ void cdp_sum(int *data, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += data[i];
	data[n] = s;
}

// Every thread writes its element, a barrier, then thread 0 launches a
// child on them: the barrier orders the other threads' stores before the
// launch.  After the launch the parent leaves the data alone; a tail
// launch, which runs after the parent and its other children, sums it.
extern "C" __global__ void cdp_ok(int *data)
{
	data[threadIdx.x] = threadIdx.x;
	__syncthreads();
	if (threadIdx.x == 0) {
		cdp_add<<<1, blockDim.x>>>(data, blockDim.x, 5);
		cdp_sum<<<1, 1, 0, cudaStreamTailLaunch>>>(data, blockDim.x);
	}
}

// The same without the barrier: the child reads the stores of threads
// other than the one that launched it, which nothing orders before the
// launch.
extern "C" __global__ void cdp_nobarrier(int *data)
{
	data[threadIdx.x] = threadIdx.x;
	if (threadIdx.x == 0)
		cdp_add<<<1, blockDim.x>>>(data, blockDim.x, 5);
}

// The parent writes the data after the launch: it cannot wait for the
// child, which may read it before or after.
extern "C" __global__ void cdp_after(int *data)
{
	if (threadIdx.x == 0)
		cdp_add<<<1, blockDim.x>>>(data, blockDim.x, 5);
	__syncthreads();
	data[threadIdx.x] = threadIdx.x;
}

// Two children of one thread into one created stream run one after the
// other.
extern "C" __global__ void cdp_stream_ok(int *data)
{
	if (threadIdx.x == 0 && blockIdx.x == 0) {
		cudaStream_t s;
		cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
		cdp_add<<<1, 64, 0, s>>>(data, 64, 1);
		cdp_add<<<1, 64, 0, s>>>(data, 64, 2);
		cudaStreamDestroy(s);
	}
}

// Each block's thread 0 launches into its block's NULL stream: the
// children of different blocks are unordered, and add to the same data.
extern "C" __global__ void cdp_siblings(int *data)
{
	if (threadIdx.x == 0)
		cdp_add<<<1, 64>>>(data, 64, blockIdx.x + 1);
}

// Two fire-and-forget children of one thread are unordered as well.
extern "C" __global__ void cdp_fire(int *data)
{
	if (threadIdx.x == 0 && blockIdx.x == 0) {
		cdp_add<<<1, 64, 0, cudaStreamFireAndForget>>>(data, 64, 1);
		cdp_add<<<1, 64, 0, cudaStreamFireAndForget>>>(data, 64, 2);
	}
}

// Another block's stores before the launch: block 0 writes the data,
// block 1's thread 0 launches a child on it.  The launch orders only the
// launching thread's (and, through a barrier, its block's) accesses
// before the child; nothing orders block 0's stores.
extern "C" __global__ void cdp_otherblock(int *data)
{
	if (blockIdx.x == 0)
		data[threadIdx.x] = threadIdx.x;
	else if (threadIdx.x == 0)
		cdp_add<<<1, 64>>>(data, 64, 5);
}

// The same, ordered: block 0 publishes its stores with a fence and a
// flag (data[255]), block 1's thread 0 waits for the flag and fences
// before it launches.
extern "C" __global__ void cdp_otherblock_ok(int *data)
{
	if (blockIdx.x == 0) {
		data[threadIdx.x] = threadIdx.x;
		__threadfence();
		__syncthreads();
		if (threadIdx.x == 0)
			atomicExch(&data[255], 1);
	} else if (threadIdx.x == 0) {
		while (atomicAdd(&data[255], 0) == 0)
			;
		__threadfence();
		cdp_add<<<1, 64>>>(data, 64, 5);
	}
}

// A child that waits for a flag (data[255]) its parent sets after the
// launch, then adds to the data.
extern "C" __global__ void cdp_wait_add(int *data, int n, int v)
{
	if (threadIdx.x == 0) {
		while (atomicAdd(&data[255], 0) == 0)
			;
		__threadfence();
	}
	__syncthreads();
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		data[i] += v;
}

// The parent writes the data after the launch and publishes it with a
// fence and a flag the child waits for: ordered.
extern "C" __global__ void cdp_flag_ok(int *data)
{
	if (threadIdx.x == 0)
		cdp_wait_add<<<1, 64>>>(data, 64, 5);
	data[threadIdx.x] = threadIdx.x;
	__threadfence();
	__syncthreads();
	if (threadIdx.x == 0)
		atomicExch(&data[255], 1);
}

// The same without the parent's fence: the relaxed flag releases
// nothing, and the child's loads race with the parent's stores.
extern "C" __global__ void cdp_flag(int *data)
{
	if (threadIdx.x == 0)
		cdp_wait_add<<<1, 64>>>(data, 64, 5);
	data[threadIdx.x] = threadIdx.x;
	__syncthreads();
	if (threadIdx.x == 0)
		atomicExch(&data[255], 1);
}

// cluster.cu -- CUDA kernels for tests/check.test on distributed shared
// memory: a CTA's exit while another CTA of its cluster reads its shared
// memory, atomics on another CTA's shared memory, and a third CTA reading
// what one CTA wrote into another's.  Compiled to PTX at -O3 and at -G:
//   nvcc -arch=sm_90 -ptx -O3 cluster.cu -o cluster.O3.ptx
//   nvcc -arch=sm_90 -ptx -G cluster.cu -o cluster.G.ptx
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// Rank 1 reads rank 0's array and nothing keeps rank 0 alive until the
// read is done: the cl.sync() at the end is missing (rank 0 may exit, and
// its shared memory go, before the read).
extern "C" __global__ void __cluster_dims__(2, 1, 1) dsmem_exit(int *out)
{
	__shared__ int buf[64];
	cg::cluster_group cl = cg::this_cluster();
	unsigned r = cl.block_rank();
	buf[threadIdx.x] = (int)(r * 100 + threadIdx.x);
	cl.sync();
	if (r == 1)
		out[threadIdx.x] = cl.map_shared_rank(buf, 0)[threadIdx.x];
}

// The same with the cl.sync() that keeps rank 0 until rank 1 has read.
extern "C" __global__ void __cluster_dims__(2, 1, 1) dsmem_exit_ok(int *out)
{
	__shared__ int buf[64];
	cg::cluster_group cl = cg::this_cluster();
	unsigned r = cl.block_rank();
	buf[threadIdx.x] = (int)(r * 100 + threadIdx.x);
	cl.sync();
	if (r == 1)
		out[threadIdx.x] = cl.map_shared_rank(buf, 0)[threadIdx.x];
	cl.sync();
}

// Every thread of both CTAs adds 1 to rank 0's counter with atomicAdd
// (of device scope): atomics never race with each other.
extern "C" __global__ void __cluster_dims__(2, 1, 1) dsmem_atomic_ok(int *out)
{
	__shared__ int cnt;
	cg::cluster_group cl = cg::this_cluster();
	if (threadIdx.x == 0)
		cnt = 0;
	cl.sync();
	atomicAdd(cl.map_shared_rank(&cnt, 0), 1);
	cl.sync();
	if (cl.block_rank() == 0 && threadIdx.x == 0)
		out[0] = cnt;
}

// Rank 1 adds with atomicAdd while rank 0's threads add with a plain
// load and store: a plain access against an atomic is a data race.
extern "C" __global__ void __cluster_dims__(2, 1, 1) dsmem_atomic_plain(int *out)
{
	__shared__ int cnt;
	cg::cluster_group cl = cg::this_cluster();
	if (threadIdx.x == 0)
		cnt = 0;
	cl.sync();
	if (cl.block_rank() == 0)
		cnt = cnt + 1;
	else
		atomicAdd(cl.map_shared_rank(&cnt, 0), 1);
	cl.sync();
	if (cl.block_rank() == 0 && threadIdx.x == 0)
		out[0] = cnt;
}

// Both add with atomicAdd_block, whose scope is the executing block: two
// atomics of different blocks whose scopes leave each other out race.
extern "C" __global__ void __cluster_dims__(2, 1, 1) dsmem_atomic_block(int *out)
{
	__shared__ int cnt;
	cg::cluster_group cl = cg::this_cluster();
	if (threadIdx.x == 0)
		cnt = 0;
	cl.sync();
	atomicAdd_block(cl.map_shared_rank(&cnt, 0), 1);
	cl.sync();
	if (cl.block_rank() == 0 && threadIdx.x == 0)
		out[0] = cnt;
}

// Rank 0 writes rank 1's array, the cluster synchronizes, rank 2 reads
// it: the barrier orders all three.
extern "C" __global__ void __cluster_dims__(3, 1, 1) dsmem_third_ok(int *out)
{
	__shared__ int buf[64];
	cg::cluster_group cl = cg::this_cluster();
	unsigned r = cl.block_rank();
	if (r == 0)
		cl.map_shared_rank(buf, 1)[threadIdx.x] = (int)threadIdx.x + 7;
	cl.sync();
	if (r == 2)
		out[threadIdx.x] = cl.map_shared_rank(buf, 1)[threadIdx.x];
	cl.sync();
}

// The same where rank 2 reads before the barrier: unordered with rank
// 0's stores.
extern "C" __global__ void __cluster_dims__(3, 1, 1) dsmem_third_race(int *out)
{
	__shared__ int buf[64];
	cg::cluster_group cl = cg::this_cluster();
	unsigned r = cl.block_rank();
	if (r == 0)
		cl.map_shared_rank(buf, 1)[threadIdx.x] = (int)threadIdx.x + 7;
	if (r == 2)
		out[threadIdx.x] = cl.map_shared_rank(buf, 1)[threadIdx.x];
	cl.sync();
}

// Special registers and 3-D launches: lane masks, shared-memory sizes,
// grid and block shapes, and a 3-D stencil over them.
// variants: G
#include "sweep.h"

typedef unsigned int u32;

#define SREG(name) ({ u32 v_; asm volatile("mov.u32 %0, %%" name ";" : "=r"(v_)); v_; })

extern "C" __global__ void sregs3d(const float *a, u32 *out, float *f, int nx, int ny, int nz)
{
	__shared__ float tile[4][8][8];
	extern __shared__ float dyn[];
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y,
	    z = blockIdx.z * blockDim.z + threadIdx.z;
	int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	int b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
	int nt = blockDim.x * blockDim.y * blockDim.z, i = b * nt + t, n = nt * gridDim.x * gridDim.y * gridDim.z;
	float v = (x < nx && y < ny && z < nz) ? a[(z * ny + y) * nx + x] : 0.0f;
	tile[threadIdx.z][threadIdx.y][threadIdx.x] = v;
	dyn[t] = v * 2.0f;
	__syncthreads();
	PUT(0, SREG("lanemask_lt") ^ SREG("lanemask_ge") << 1);
	PUT(1, SREG("lanemask_le") + SREG("lanemask_gt") + SREG("lanemask_eq"));
	PUT(2, SREG("dynamic_smem_size") * 65536 + SREG("total_smem_size"));
	PUT(3, SREG("nctaid.x") + 16 * SREG("nctaid.y") + 256 * SREG("nctaid.z") + 4096 * SREG("ntid.z"));
	PUT(4, SREG("laneid") + 32 * (t / 32));
	PUT(5, (u32)(x + 100 * y + 10000 * z));
	if (x < nx && y < ny && z < nz) {
		float s = tile[threadIdx.z][threadIdx.y][threadIdx.x];
		if (threadIdx.x > 0) s += tile[threadIdx.z][threadIdx.y][threadIdx.x - 1];
		if (threadIdx.y > 0) s += tile[threadIdx.z][threadIdx.y - 1][threadIdx.x];
		if (threadIdx.z > 0) s += tile[threadIdx.z - 1][threadIdx.y][threadIdx.x];
		f[(z * ny + y) * nx + x] = s * 0.25f + dyn[(t + 1) % (blockDim.x * blockDim.y * blockDim.z)];
	}
}

extern "C" __global__ void printf_more(const int *a, int n)
{
	int i = TID;
	if (i >= n)
		return;
	const char *s = (a[i] & 1) ? (const char *)0 : "text";
	printf("%d:%s|%.2s|%6s|%-6s|%c%c|%5.1e|%08.3f|%+.0e|%x%X\n", i, s, "abcdef" + (i % 4), "r", "l",
	       'a' + (i % 26), '0' + (i % 10), (double)a[i] * 1.5e-3, (double)a[i] / 7.0, (double)a[i] * 1e10,
	       a[i], -a[i]);
	if (i == 0)
		printf("no arguments at all\n");
}

// bench/kernels.cu -- the interpreter benchmark's kernels (`make bench`).
//
// Compiled once to bench/kernels.ptx, which is shipped so that the
// benchmark runs without nvcc:
//	nvcc -arch=sm_90 -O3 -ptx bench/kernels.cu -o bench/kernels.ptx
// bench/native.c runs the same loops on the same sizes as plain C; keep
// the two files in step.  Launch shapes and sizes are in bench/interp.sh.

// saxpy: memory bound, one element per thread, full mask.
extern "C" __global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}

// Tiled matmul: 16x16 shared-memory tiles, two barriers per tile.
#define TILE 16
extern "C" __global__ void matmul_tiled(const float *A, const float *B, float *C, int N)
{
	__shared__ float As[TILE][TILE], Bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
	float acc = 0.0f;
	for (int t = 0; t < N / TILE; t++) {
		As[ty][tx] = A[row * N + t * TILE + tx];
		Bs[ty][tx] = B[(t * TILE + ty) * N + col];
		__syncthreads();
		for (int k = 0; k < TILE; k++)
			acc += As[ty][k] * Bs[k][tx];
		__syncthreads();
	}
	C[row * N + col] = acc;
}

// Register-blocked matmul (the shape Triton emits for an FMA dot: a 64x64
// block tile, BK = 16, each of 256 threads owns a 4x4 accumulator).
// Stands in for a Triton kernel: the Triton matmuls of the corpus use
// cp.async, which the interpreter does not run.
#define BM 64
#define BK 16
extern "C" __global__ void matmul_reg(const float *A, const float *B, float *C, int N)
{
	__shared__ float As[BK][BM], Bs[BK][BM];
	int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
	int row0 = blockIdx.y * BM, col0 = blockIdx.x * BM;
	float acc[4][4] = {};
	for (int t = 0; t < N; t += BK) {
		for (int e = tid; e < BM * BK; e += 256) {
			int r = e / BK, k = e % BK;	// A tile, stored transposed
			As[k][r] = A[(row0 + r) * N + t + k];
			int kb = e / BM, c = e % BM;
			Bs[kb][c] = B[(t + kb) * N + col0 + c];
		}
		__syncthreads();
#pragma unroll
		for (int k = 0; k < BK; k++) {
			float a[4], b[4];
#pragma unroll
			for (int i = 0; i < 4; i++) {
				a[i] = As[k][ty * 4 + i];
				b[i] = Bs[k][tx * 4 + i];
			}
#pragma unroll
			for (int i = 0; i < 4; i++)
#pragma unroll
				for (int j = 0; j < 4; j++)
					acc[i][j] += a[i] * b[j];
		}
		__syncthreads();
	}
#pragma unroll
	for (int i = 0; i < 4; i++)
#pragma unroll
		for (int j = 0; j < 4; j++)
			C[(row0 + ty * 4 + i) * N + col0 + tx * 4 + j] = acc[i][j];
}

// Sum reduction: grid-stride accumulation, then __shfl_down_sync within
// each warp, then the warp sums through shared memory; one partial sum
// per block.
extern "C" __global__ void reduce_shfl(const float *x, float *out, int n)
{
	__shared__ float warp_sum[32];
	float s = 0.0f;
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		s += x[i];
	for (int o = 16; o > 0; o >>= 1)
		s += __shfl_down_sync(0xffffffffu, s, o);
	int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
	if (lane == 0)
		warp_sum[warp] = s;
	__syncthreads();
	if (warp == 0) {
		s = lane < (int)(blockDim.x >> 5) ? warp_sum[lane] : 0.0f;
		for (int o = 16; o > 0; o >>= 1)
			s += __shfl_down_sync(0xffffffffu, s, o);
		if (lane == 0)
			out[blockIdx.x] = s;
	}
}

// Collatz: a data-dependent integer loop; lanes leave it at different
// trip counts, so most of the time the mask is partial.
extern "C" __global__ void collatz(unsigned *steps, unsigned long long first, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned long long v = first + (unsigned long long)i;
	unsigned c = 0;
	while (v != 1) {
		v = (v & 1) ? 3 * v + 1 : v >> 1;
		c++;
	}
	steps[i] = c;
}

// ALU loop: a full-mask integer and FMA recurrence (no memory in the loop).
extern "C" __global__ void alu(unsigned *out, float *outf, int iters)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	float x = (float)i;
	unsigned h = i;
	for (int k = 0; k < iters; k++) {
		x = x * 1.0001f + 0.5f;
		h ^= h << 3;
		h += (unsigned)k;
		h ^= h >> 5;
	}
	out[i] = h;
	outf[i] = x;
}

// Transcendentals: sin.approx, cos.approx and ex2.approx in a loop.
__device__ __forceinline__ float ex2_approx(float x)
{
	float y;
	asm("ex2.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
	return y;
}

extern "C" __global__ void transcend(float *out, int iters)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float x = (float)i * 1e-3f, acc = 0.0f;
	for (int k = 0; k < iters; k++) {
		float s = __sinf(x), c = __cosf(x);
		acc += ex2_approx(s * c);
		x = x * 0.999f + 0.25f;
	}
	out[i] = acc;
}

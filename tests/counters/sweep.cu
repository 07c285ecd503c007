// sweep.cu -- ordinary CUDA kernels (transposes, SGEMMs, a stencil,
// histograms, reductions, CUB block primitives, local arrays and spills,
// vector, 8/16-bit and half accesses, atomics, __ldg, constant memory)
// whose memory counters tests/counters.test compares with Nsight Compute
// (sw_*.want).  Their inputs are the zero-filled buffers of ncu_driver, so
// kernels that need varied data mix a hash of the index into what they
// load.  Regenerate sweep.ptx after a change (CUDA 13.0):
//	nvcc -arch=sm_90 -ptx -O3 -o sweep.ptx sweep.cu
#include <cuda_fp16.h>
#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>

#define K extern "C" __global__

__device__ __forceinline__ unsigned
hsh(unsigned x)
{
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return x;
}

__device__ __forceinline__ int
gtid()
{
	return blockIdx.x * blockDim.x + threadIdx.x;
}

// ---------------------------------------------------------------- transposes

// in: h rows of w floats; out: w rows of h floats
K void
tr_naive(float *out, const float *in, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;

	if (x < w && y < h)
		out[x * h + y] = in[y * w + x];
}

template <int PAD>
__device__ void
tr_tile(float *out, const float *in, int w, int h)
{
	__shared__ float t[32][32 + PAD];
	int x = blockIdx.x * 32 + threadIdx.x;
	int y = blockIdx.y * 32 + threadIdx.y;

	for (int j = 0; j < 32; j += 8)
		if (x < w && y + j < h)
			t[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
	__syncthreads();
	x = blockIdx.y * 32 + threadIdx.x;
	y = blockIdx.x * 32 + threadIdx.y;
	for (int j = 0; j < 32; j += 8)
		if (x < h && y + j < w)
			out[(y + j) * h + x] = t[threadIdx.x][threadIdx.y + j];
}

K void tr_tiled(float *out, const float *in, int w, int h) { tr_tile<0>(out, in, w, h); }
K void tr_padded(float *out, const float *in, int w, int h) { tr_tile<1>(out, in, w, h); }

// ---------------------------------------------------------------- SGEMM

// C = A B, n x n, n a multiple of 16; 16 x 16 threads a tile
K void
sgemm_tiled(float *C, const float *A, const float *B, int n)
{
	__shared__ float As[16][16], Bs[16][16];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
	float acc = 0;

	for (int k0 = 0; k0 < n; k0 += 16) {
		As[ty][tx] = A[row * n + k0 + tx] + (float)(hsh(row * n + k0 + tx) & 7);
		Bs[ty][tx] = B[(k0 + ty) * n + col];
		__syncthreads();
#pragma unroll
		for (int k = 0; k < 16; k++)
			acc += As[ty][k] * Bs[k][tx];
		__syncthreads();
	}
	C[row * n + col] = acc;
}

// 64 x 64 tiles, 256 threads of 4 x 4 results, float4 loads; A's tile is
// stored transposed (As[k][m]), a 2-way conflict on the stores
K void
sgemm_reg(float *C, const float *A, const float *B, int n)
{
	__shared__ float As[8][64], Bs[8][64];
	int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
	int bm = blockIdx.y * 64, bn = blockIdx.x * 64;
	float acc[4][4] = {};

	for (int k0 = 0; k0 < n; k0 += 8) {
		if (tid < 128) {
			int r = tid / 2, c = (tid % 2) * 4;
			float4 v = *(const float4 *)&A[(bm + r) * n + k0 + c];
			As[c][r] = v.x;
			As[c + 1][r] = v.y;
			As[c + 2][r] = v.z;
			As[c + 3][r] = v.w;
		} else {
			int t = tid - 128, r = t / 16, c = (t % 16) * 4;
			*(float4 *)&Bs[r][c] = *(const float4 *)&B[(k0 + r) * n + bn + c];
		}
		__syncthreads();
#pragma unroll
		for (int k = 0; k < 8; k++) {
			float4 a = *(const float4 *)&As[k][ty * 4];
			float4 b = *(const float4 *)&Bs[k][tx * 4];
			float av[4] = { a.x, a.y, a.z, a.w }, bv[4] = { b.x, b.y, b.z, b.w };
#pragma unroll
			for (int i = 0; i < 4; i++)
#pragma unroll
				for (int j = 0; j < 4; j++)
					acc[i][j] += av[i] * bv[j];
		}
		__syncthreads();
	}
	for (int i = 0; i < 4; i++)
		*(float4 *)&C[(bm + ty * 4 + i) * n + bn + tx * 4] =
		    make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
}

// ---------------------------------------------------------------- stencil

// 5-point stencil, 16 x 16 threads, an 18 x 18 tile with a clamped halo
K void
stencil2d(float *out, const float *in, int w, int h)
{
	__shared__ float s[18][18];
	int tx = threadIdx.x, ty = threadIdx.y;
	int x = blockIdx.x * 16 + tx, y = blockIdx.y * 16 + ty;

	for (int i = ty * 16 + tx; i < 18 * 18; i += 256) {
		int sy = i / 18, sx = i % 18;
		int gx = min(max((int)blockIdx.x * 16 + sx - 1, 0), w - 1);
		int gy = min(max((int)blockIdx.y * 16 + sy - 1, 0), h - 1);
		s[sy][sx] = in[gy * w + gx];
	}
	__syncthreads();
	if (x < w && y < h)
		out[y * w + x] = 0.2f * (s[ty + 1][tx + 1] + s[ty][tx + 1] + s[ty + 2][tx + 1] +
		    s[ty + 1][tx] + s[ty + 1][tx + 2]);
}

// ---------------------------------------------------------------- histograms

// 256 bins in shared memory (atom.shared), merged with atomicAdd; bins
// & mask picks how many bins the data uses
K void
hist_shared(unsigned *bins, const unsigned char *in, int n, unsigned mask)
{
	__shared__ unsigned h[256];

	for (int i = threadIdx.x; i < 256; i += blockDim.x)
		h[i] = 0;
	__syncthreads();
	for (int i = gtid(); i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&h[(in[i] ^ hsh(i)) & mask], 1u);
	__syncthreads();
	for (int i = threadIdx.x; i < 256; i += blockDim.x)
		if (h[i])
			atomicAdd(&bins[i], h[i]);
}

// one shared atomic a lane on 256 words, one warp a CTA (so the spin loop
// of the float add does not depend on timing): mode 0 random words, 1 one
// word, 2 eight adjacent words, 3 eight words of bank 0, 4 lanes each
__device__ __forceinline__ int
sidx(int t, int mode)
{
	switch (mode) {
	case 0: return hsh(t) & 255;
	case 1: return 5;
	case 2: return t & 7;
	default: return (t * 32) & 255;
	}
}

#define SATOM(NAME, T, OP)                                              \
	K void NAME(T *o, int mode)                                     \
	{                                                               \
		__shared__ T h[256];                                    \
		int t = threadIdx.x, x;                                 \
		for (int i = t; i < 256; i += blockDim.x)               \
			h[i] = 0;                                       \
		__syncthreads();                                        \
		x = sidx(blockIdx.x * blockDim.x + t, mode);            \
		OP;                                                     \
		__syncthreads();                                        \
		for (int i = t; i < 256; i += blockDim.x)               \
			o[blockIdx.x * 256 + i] = h[i];                 \
	}
SATOM(satom_inc, unsigned, atomicAdd(&h[x], 1u))
SATOM(satom_add, unsigned, atomicAdd(&h[x], (unsigned)t))
SATOM(satom_ret, unsigned, o[1024 + blockIdx.x * 32 + t] = atomicAdd(&h[x], 3u))
SATOM(satom_max, unsigned, atomicMax(&h[x], hsh(t)))
SATOM(satom_f32, float, atomicAdd(&h[x], 1.5f))
SATOM(satom_or, unsigned, atomicOr(&h[x], 1u << (t & 31)))
SATOM(satom_u64, unsigned long long, atomicAdd(&h[x], 3ull))
SATOM(satom_f64, double, atomicAdd(&h[x], 1.5))
SATOM(satom_exch64, unsigned long long, atomicExch(&h[x], (unsigned long long)t))

// ---------------------------------------------------------------- reductions

__device__ __forceinline__ float
warp_sum(float v)
{
	for (int o = 16; o; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

K void
reduce_shfl(float *out, const float *in, int n)
{
	__shared__ float ws[32];
	float v = 0;
	int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;

	for (int i = gtid(); i < n; i += gridDim.x * blockDim.x)
		v += in[i] + (float)(hsh(i) & 15);
	v = warp_sum(v);
	if (lane == 0)
		ws[wid] = v;
	__syncthreads();
	if (wid == 0) {
		v = lane < (int)(blockDim.x / 32) ? ws[lane] : 0;
		v = warp_sum(v);
		if (lane == 0)
			atomicAdd(out, v);
	}
}

// shared-memory trees over 256 values: interleaved (index 2 * s * t, bank
// conflicts growing with s), modulo (divergent), sequential (no conflicts)
#define TREE_LOAD()                                                     \
	__shared__ float s[256];                                        \
	int t = threadIdx.x, i = blockIdx.x * 256 + t;                  \
	s[t] = i < n ? in[i] + (float)(hsh(i) & 15) : 0.0f;             \
	__syncthreads()

K void
reduce_interleaved(float *out, const float *in, int n)
{
	TREE_LOAD();
	for (int st = 1; st < 256; st *= 2) {
		int idx = 2 * st * t;
		if (idx < 256)
			s[idx] += s[idx + st];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

K void
reduce_modulo(float *out, const float *in, int n)
{
	TREE_LOAD();
	for (int st = 1; st < 256; st *= 2) {
		if (t % (2 * st) == 0)
			s[t] += s[t + st];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

K void
reduce_sequential(float *out, const float *in, int n)
{
	TREE_LOAD();
	for (int st = 128; st > 0; st >>= 1) {
		if (t < st)
			s[t] += s[t + st];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

// doubles: 64-bit shared accesses (16 lanes a wavefront)
K void
reduce_f64(double *out, const double *in, int n)
{
	__shared__ double s[256];
	int t = threadIdx.x, i = blockIdx.x * 256 + t;

	s[t] = i < n ? in[i] + (double)(hsh(i) & 15) : 0.0;
	__syncthreads();
	for (int st = 128; st > 0; st >>= 1) {
		if (t < st)
			s[t] += s[t + st];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

// one pointer that is shared memory in some lanes and global in others:
// generic loads
K void
generic_mix(float *o, const float *in, int flag)
{
	__shared__ float s[256];
	int t = threadIdx.x;

	s[t] = in[t] + 1.0f;
	__syncthreads();
	const float *p = (t & flag) ? s : in;
	o[gtid()] = p[(t * 5) & 255];
}

// ---------------------------------------------------------------- CUB

K void
cub_reduce(float *out, const float *in)
{
	typedef cub::BlockReduce<float, 256> BR;
	__shared__ typename BR::TempStorage tmp;
	int i = gtid();
	float s = BR(tmp).Sum(in[i] + (float)(hsh(i) & 7));

	if (threadIdx.x == 0)
		out[blockIdx.x] = s;
}

K void
cub_reduce_raking(float *out, const float *in)
{
	typedef cub::BlockReduce<float, 128, cub::BLOCK_REDUCE_RAKING> BR;
	__shared__ typename BR::TempStorage tmp;
	int i = gtid();
	float s = BR(tmp).Sum(in[i] + (float)(hsh(i) & 7));

	if (threadIdx.x == 0)
		out[blockIdx.x] = s;
}

template <cub::BlockScanAlgorithm ALG>
__device__ void
scan(int *out, const int *in)
{
	typedef cub::BlockScan<int, 128, ALG> BS;
	__shared__ typename BS::TempStorage tmp;
	int items[4], base = blockIdx.x * 512;

	cub::LoadDirectBlocked(threadIdx.x, in + base, items);
	for (int j = 0; j < 4; j++)
		items[j] += hsh(base + threadIdx.x * 4 + j) & 3;
	BS(tmp).InclusiveSum(items, items);
	cub::StoreDirectBlocked(threadIdx.x, out + base, items);
}

K void cub_scan_raking(int *out, const int *in) { scan<cub::BLOCK_SCAN_RAKING>(out, in); }
K void cub_scan_warp(int *out, const int *in) { scan<cub::BLOCK_SCAN_WARP_SCANS>(out, in); }

K void
cub_sort(unsigned *out, const unsigned *in)
{
	typedef cub::BlockRadixSort<unsigned, 128, 4> S;
	__shared__ typename S::TempStorage tmp;
	unsigned k[4];
	int base = blockIdx.x * 512;

	for (int j = 0; j < 4; j++)
		k[j] = in[base + threadIdx.x * 4 + j] ^ hsh(base + threadIdx.x * 4 + j);
	S(tmp).Sort(k);
	cub::StoreDirectStriped<128>(threadIdx.x, out + base, k);
}

template <cub::BlockLoadAlgorithm LA, cub::BlockStoreAlgorithm SA>
__device__ void
load_store(float *out, const float *in)
{
	typedef cub::BlockLoad<float, 128, 4, LA> L;
	typedef cub::BlockStore<float, 128, 4, SA> St;
	__shared__ union {
		typename L::TempStorage l;
		typename St::TempStorage s;
	} tmp;
	float v[4];
	int base = blockIdx.x * 512;

	L(tmp.l).Load(in + base, v);
	for (int j = 0; j < 4; j++)
		v[j] = v[j] * 2.0f + (float)j;
	__syncthreads();
	St(tmp.s).Store(out + base, v);
}

K void cub_transpose(float *out, const float *in)
{ load_store<cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_TRANSPOSE>(out, in); }
K void cub_warp_transpose(float *out, const float *in)
{ load_store<cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::BLOCK_STORE_WARP_TRANSPOSE>(out, in); }
K void cub_vectorize(float *out, const float *in)
{ load_store<cub::BLOCK_LOAD_VECTORIZE, cub::BLOCK_STORE_VECTORIZE>(out, in); }

// ---------------------------------------------------------------- local memory

// a dynamically indexed array stays in local memory
K void
local_dyn(float *out, const int *idx)
{
	float buf[64];
	int t = gtid();
	float s = 0;

	for (int i = 0; i < 64; i++)
		buf[i] = (float)(t * i);
	for (int i = 0; i < 16; i++) {
		int j = (idx[t * 16 + i] + hsh(t * 16 + i)) & 63;
		s += buf[j];
		buf[(j * 7) & 63] = s;
	}
	out[t] = s;
}

// 32 registers for 48 live accumulators: ptxas spills (STL/LDL that the PTX
// does not have)
K void __maxnreg__(32)
spill(float *out, const float *in, int n)
{
	float a[48];
	int t = gtid();

#pragma unroll
	for (int j = 0; j < 48; j++)
		a[j] = in[t + j * 64];
	for (int i = 0; i < n; i++)
#pragma unroll
		for (int j = 0; j < 48; j++)
			a[j] = a[j] * a[(j + 1) % 48] + (float)i;
	float s = 0;
#pragma unroll
	for (int j = 0; j < 48; j++)
		s += a[j];
	out[t] = s;
}

// ---------------------------------------------------------------- widths

K void copy_f2(float2 *o, const float2 *in, int n)
{ int t = gtid(); if (t < n) { float2 v = in[t]; o[t] = make_float2(v.x * 2.0f, v.y + 1.0f); } }
K void copy_f4(float4 *o, const float4 *in, int n)
{ int t = gtid(); if (t < n) { float4 v = in[t]; o[t] = make_float4(v.w, v.z, v.y, v.x + 1.0f); } }
K void copy_d2(double2 *o, const double2 *in, int n)
{ int t = gtid(); if (t < n) { double2 v = in[t]; o[t] = make_double2(v.y, v.x + 1.0); } }
K void copy_u8(unsigned char *o, const unsigned char *in, int n)
{ int t = gtid(); if (t < n) o[t] = in[t] + 1; }
K void copy_u16(short *o, const short *in, int n)
{ int t = gtid(); if (t < n) o[t] = in[t] * 3; }
K void copy_char4(char4 *o, const char4 *in, int n)
{ int t = gtid(); if (t < n) { char4 v = in[t]; o[t] = make_char4(v.w, v.z, v.y, v.x); } }
// every lane's element at a stride of 3 bytes
K void copy_u8_stride3(unsigned char *o, const unsigned char *in, int n)
{ int t = gtid(); if (t < n) o[t * 3] = in[t * 3 + 1]; }

// rows of w floats at a pitch of p floats: row starts off the 32-byte sectors
K void
rows_pitch(float *o, const float *in, int w, int p)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;

	if (x < w)
		o[y * p + x] = in[y * p + x] * 2.0f;
}

// a window shifted by off elements
K void shift_copy(float *o, const float *in, int off, int n)
{ int t = gtid(); if (t < n) o[t] = in[t + off]; }

// ---------------------------------------------------------------- layouts

struct P3 { float x, y, z; };
struct __align__(16) P4 { float x, y, z, w; };

K void aos3(float *o, const P3 *p, int n)
{ int t = gtid(); if (t < n) { P3 v = p[t]; o[t] = v.x * v.y + v.z; } }
K void aos4(float *o, const P4 *p, int n)
{ int t = gtid(); if (t < n) { P4 v = p[t]; o[t] = v.x * v.y + v.z * v.w; } }
K void soa3(float *o, const float *x, const float *y, const float *z, int n)
{ int t = gtid(); if (t < n) o[t] = x[t] * y[t] + z[t]; }
K void aos3_store(P3 *p, int n)
{ int t = gtid(); if (t < n) { P3 v = { (float)t, 1.0f, 2.0f }; p[t] = v; } }

// ---------------------------------------------------------------- atomics

// red.global.add.f32: the result unused
K void atom_f32(float *o, int nbin)
{ int t = gtid(); atomicAdd(&o[hsh(t) % nbin], 1.0f); }
// atom.global.add.u32: the result stored
K void atom_i32(int *o, int *ret, int nbin)
{ int t = gtid(); ret[t] = atomicAdd(&o[t % nbin], 1); }
K void atom_f64(double *o, int nbin)
{ int t = gtid(); atomicAdd(&o[t % nbin], 1.5); }
// a float sum through an atom.cas loop (as atomicAdd on double was written
// before sm_60); each warp has its own 4 words, and each round one lane of
// every word succeeds whatever the order, so the rounds do not depend on
// timing
K void
atom_cas(float *o)
{
	int t = gtid();
	int *a = (int *)&o[(t / 32) * 4 + t % 4];
	float v = (float)(hsh(t) & 255);
	int old = *a, assumed;

	do {
		assumed = old;
		old = atomicCAS(a, assumed, __float_as_int(__int_as_float(assumed) + v));
	} while (old != assumed);
}
// atom.global.or (result unused: RED) and atom.global.xor (result stored)
K void atom_or(unsigned *o, int nbin)
{ int t = gtid(); atomicOr(&o[t % nbin], 1u << (t & 31)); }
K void atom_xor(unsigned *o, unsigned *ret, int nbin)
{ int t = gtid(); ret[t] = atomicXor(&o[t % nbin], hsh(t)); }
K void atom_max_u32(unsigned *o, int nbin)
{ int t = gtid(); atomicMax(&o[t % nbin], hsh(t)); }

// ---------------------------------------------------------------- read-only and constant

K void
ldg(float *o, const float *__restrict__ in, int n)
{
	int t = gtid();

	if (t < n)
		o[t] = __ldg(&in[t]) + __ldg(&in[(t * 33) % n]);
}

__constant__ float coef[256];

// a uniform, an 8-way and a fully divergent index
K void
const_div(float *o, const int *idx, int n)
{
	int t = gtid();

	if (t < n)
		o[t] = coef[3] + coef[t & 7] + coef[(idx[t] ^ hsh(t)) & 255];
}

// ---------------------------------------------------------------- shared vectors

// ld.shared.v4 / .v2 at a lane stride of st elements
K void
smem_vec(float *o, int st)
{
	__shared__ float4 s4[512];
	int t = threadIdx.x;

	for (int i = t; i < 512; i += blockDim.x)
		s4[i] = make_float4((float)i, 1.0f, 2.0f, 3.0f);
	__syncthreads();
	float4 a = s4[(t * st) & 511];
	float2 b = ((const float2 *)s4)[(t * st + 1) & 1023];
	o[gtid()] = a.x + a.y + a.z + a.w + b.x + b.y;
}

// ---------------------------------------------------------------- merges

// adjacent scalar loads off bases of known and unknown alignment: which
// ones ptxas merges into LDS.64/LDS.128
#define SFILL()                                                         \
	__shared__ float s[1024];                                       \
	int t = threadIdx.x;                                            \
	for (int i = t; i < 1024; i += blockDim.x)                      \
		s[i] = (float)i;                                        \
	__syncthreads()

K void merge_a4(float *o, int k)
{ SFILL(); int b = (t * k) & 1023; o[gtid()] = s[b] * s[b + 1]; }
K void merge_a8(float *o)
{ SFILL(); int b = (t * 2) & 1023; o[gtid()] = s[b] * s[b + 1]; }
K void merge_a16(float *o)
{ SFILL(); int b = (t * 4) & 1023; o[gtid()] = s[b] * s[b + 1] + s[b + 2] * s[b + 3]; }
K void merge_off4(float *o)
{ SFILL(); int b = (t * 4) & 1015; o[gtid()] = s[b + 1] * s[b + 2] + s[b + 3] * s[b + 4]; }
K void merge_p12(float *o)
{ SFILL(); int b = (t * 4) & 1023; o[gtid()] = s[b + 1] * s[b + 2]; }
K void merge_p02(float *o)
{ SFILL(); int b = (t * 4) & 1023; o[gtid()] = s[b] * s[b + 2]; }
K void merge_p013(float *o)
{ SFILL(); int b = (t * 4) & 1023; o[gtid()] = s[b] * s[b + 1] + s[b + 3]; }
K void merge_sym(float *o)
{ SFILL(); o[gtid()] = s[1] * s[2] + s[3] * s[4] + s[5]; }
K void merge_store(float *o)
{
	SFILL();
	int b = (t * 4) & 1023;
	float x = s[b];
	s[(b + 512) & 1023] = x;
	o[gtid()] = x * s[b + 1];
}
K void merge_loop(float *o, int n)
{
	SFILL();
	float acc = 0;
	const float *p = s + (t & 7) * 64;
#pragma unroll 1
	for (int i = 0; i < n; i++, p += 16)
		acc += p[0] * p[1] + p[2] * p[3];
	o[gtid()] = acc;
}
K void merge_f64(double *o)
{
	__shared__ double d[512];
	int t = threadIdx.x;
	for (int i = t; i < 512; i += blockDim.x)
		d[i] = (double)i;
	__syncthreads();
	int b = (t * 2) & 511;
	o[gtid()] = d[b] * d[b + 1];
}
// stores: s[2t], s[2t + 1]; s[4t .. 4t + 3]; 3 words; a pair across the
// halves of a chunk; then two float2 loads of one chunk
#define SREAD()                                                         \
	__syncthreads();                                                \
	o[gtid()] = s[(t * 7) & 1023]
K void merge_st2(float *o, const float *in)
{ __shared__ float s[1024]; int t = threadIdx.x; float a = in[t], b = in[t + 512]; s[2 * t] = a; s[2 * t + 1] = b; SREAD(); }
K void merge_st4(float *o, const float *in)
{
	__shared__ float s[1024];
	int t = threadIdx.x;
	s[4 * t] = in[t];
	s[4 * t + 1] = in[t + 128];
	s[4 * t + 2] = in[t + 256];
	s[4 * t + 3] = in[t + 384];
	SREAD();
}
K void merge_st3(float *o, const float *in)
{ __shared__ float s[1024]; int t = threadIdx.x; s[4 * t] = in[t]; s[4 * t + 1] = in[t + 128]; s[4 * t + 2] = in[t + 256]; SREAD(); }
K void merge_st12(float *o, const float *in)
{ __shared__ float s[1024]; int t = threadIdx.x; s[4 * t + 1] = in[t]; s[4 * t + 2] = in[t + 128]; SREAD(); }
K void merge_v2v2(float *o)
{
	__shared__ float2 s2[512];
	int t = threadIdx.x;
	s2[t] = make_float2((float)t, 1.0f);
	__syncthreads();
	float2 a = s2[(2 * t) & 511], b = s2[(2 * t + 1) & 511];
	o[gtid()] = a.x * b.y + a.y * b.x;
}
K void merge_global(float *o, const float *in)
{ int t = gtid(); o[t] = in[2 * t] * in[2 * t + 1]; }
K void merge_local(float *o, const int *idx)
{
	float buf[64];
	int t = gtid();
	for (int i = 0; i < 64; i++)
		buf[i] = (float)(t + i);
	int j = (idx[t] + hsh(t)) & 31;
	o[t] = buf[2 * j] * buf[2 * j + 1];
}

// ---------------------------------------------------------------- int8 and half

K void
dot_i8(int *o, const char4 *a, const char4 *b, int n)
{
	int t = gtid();

	if (t < n) {
		char4 x = a[t], y = b[t];
		o[t] = __dp4a(*(const int *)&x, *(const int *)&y, t);
	}
}

K void
axpy_h2(__half2 *y, const __half2 *x, int n)
{
	int t = gtid();

	if (t < n)
		y[t] = __hfma2(__float2half2_rn(1.5f), x[t], y[t]);
}

K void
scale_h(__half *y, const __half *x, int n)
{
	int t = gtid();

	if (t < n)
		y[t] = __hmul(x[t], __float2half(0.5f));
}

K void
sum_i8(int *o, const signed char *in, int n)
{
	int t = gtid();

	if (t < n)
		o[t] = in[t] + in[n - 1 - t];
}

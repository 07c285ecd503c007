/*
 * tests/isa/sfu/check.cu -- runs the SFU-backed instructions on the GPU and
 * compares every result with the interpreter's model (model.c, which calls
 * interp/alu_math.c and alu_sfu.c), bit for bit.
 *
 * Inputs are made from an index on both sides (input() below), so only
 * results travel.  For each f32 instruction: every significand of 28
 * binades (zeros and denormals, both ends of the range, around 1) and 2^24
 * patterns over every sign and exponent and at random; div: every
 * significand of the divisor's critical binades against random dividends;
 * f64: every 20-bit high significand of 9 binades with random low words;
 * f16/bf16: every input; tf32 satfinite: every fourth f32.
 *
 * check.sh builds it with the ALU sources and runs it.  Prints one line per instruction, "N passed, M failed" at the end, and
 * exits 1 on any mismatch.
 */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include "model.h"

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(2); } } while (0)

static const char *NAME[SFU_NVAR] = {
	"rcp.approx.f32", "rcp.approx.ftz.f32", "sqrt.approx.f32", "sqrt.approx.ftz.f32",
	"rsqrt.approx.f32", "rsqrt.approx.ftz.f32", "sin.approx.f32", "sin.approx.ftz.f32",
	"cos.approx.f32", "cos.approx.ftz.f32", "lg2.approx.f32", "lg2.approx.ftz.f32",
	"ex2.approx.f32", "ex2.approx.ftz.f32", "tanh.approx.f32",
	"div.approx.f32", "div.approx.ftz.f32", "div.full.f32", "div.full.ftz.f32",
	"rcp.approx.ftz.f64", "rsqrt.approx.ftz.f64", "rsqrt.approx.f64",
	"ex2.approx.f16", "tanh.approx.f16", "ex2.approx.ftz.bf16", "tanh.approx.bf16",
	"ex2.approx.f16x2", "tanh.approx.f16x2", "ex2.approx.ftz.bf16x2", "tanh.approx.bf16x2",
	"cvt.rna.satfinite.tf32.f32",
};

/* ------------------------------------------------------------------ inputs */
enum { G_BINADE, G_SWEEP, G_RAND32, G_STRIDE, G_DIVB, G_DIVR, G_H64, G_H64SWEEP, G_RAND64, G_ALL16, G_PAIR16 };
struct Job { int gen; int p; uint64_t n; };

__host__ __device__ static inline uint64_t mix(uint64_t z)
{
	z += 0x9E3779B97F4A7C15ull;
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* an f32 from a hash: any pattern, a moderate exponent, or a tiny one */
__host__ __device__ static inline uint32_t f32mix(uint64_t h)
{
	uint32_t k = (uint32_t)(h >> 56), s = (uint32_t)(h >> 55 & 1) << 31, m = (uint32_t)h & 0x7FFFFF;
	if (k < 100) return (uint32_t)(h >> 8);
	if (k < 220) return s | (97 + (uint32_t)(h >> 24 & 63)) << 23 | m;
	return s | (uint32_t)(h >> 24 & 3) << 23 | m;
}

/* binade p: sign in bit 8, biased exponent in bits 0..7 */
__host__ __device__ static inline uint64_t input(const Job &j, uint64_t i)
{
	uint64_t h = mix(i * 0x632BE59BD9B4E019ull + (uint64_t)j.gen * 0x1000193 + (uint64_t)j.p);
	switch (j.gen) {
	case G_BINADE: return (uint64_t)(j.p >> 8) << 31 | (uint64_t)(j.p & 0xFF) << 23 | i;
	case G_SWEEP: return (i >> 12) << 23 | (h & 0x7FFFFF);               /* i < 2^21 */
	case G_RAND32: return h & 0xFFFFFFFF;
	case G_STRIDE: return i * (uint64_t)j.p;
	case G_DIVB: return (uint64_t)f32mix(h) << 32 | (uint64_t)(j.p >> 8) << 31 | (uint64_t)(j.p & 0xFF) << 23 | i;
	case G_DIVR: return (uint64_t)f32mix(h) << 32 | f32mix(mix(h));
	case G_H64: return ((uint64_t)(j.p >> 11) << 31 | (uint64_t)(j.p & 0x7FF) << 20 | i) << 32 | (h & 0xFFFFFFFF);
	case G_H64SWEEP: return ((i >> 6) << 20 | (h & 0xFFFFF)) << 32 | (h >> 32);    /* i < 2^18 */
	case G_RAND64: return h;
	case G_ALL16: return i;
	case G_PAIR16: return i | ((j.p ? ~i : i) & 0xFFFF) << 16;
	}
	return 0;
}

/* ------------------------------------------------------------------ device */
template <int V> __device__ __forceinline__ uint64_t dev(uint64_t x)
{
	uint32_t a = (uint32_t)(x >> 32), b = (uint32_t)x, r = 0;
	uint64_t q = 0;
	unsigned short h = (unsigned short)x, o = 0;
	switch (V) {
#define U32(v, ins) case v: asm volatile(ins " %0, %1;" : "=r"(r) : "r"(b)); return r;
	U32(SFU_RCP32, "rcp.approx.f32") U32(SFU_RCP32_FTZ, "rcp.approx.ftz.f32")
	U32(SFU_SQRT32, "sqrt.approx.f32") U32(SFU_SQRT32_FTZ, "sqrt.approx.ftz.f32")
	U32(SFU_RSQ32, "rsqrt.approx.f32") U32(SFU_RSQ32_FTZ, "rsqrt.approx.ftz.f32")
	U32(SFU_SIN32, "sin.approx.f32") U32(SFU_SIN32_FTZ, "sin.approx.ftz.f32")
	U32(SFU_COS32, "cos.approx.f32") U32(SFU_COS32_FTZ, "cos.approx.ftz.f32")
	U32(SFU_LG232, "lg2.approx.f32") U32(SFU_LG232_FTZ, "lg2.approx.ftz.f32")
	U32(SFU_EX232, "ex2.approx.f32") U32(SFU_EX232_FTZ, "ex2.approx.ftz.f32")
	U32(SFU_TANH32, "tanh.approx.f32")
	U32(SFU_EX2H2, "ex2.approx.f16x2") U32(SFU_TANHH2, "tanh.approx.f16x2")
	U32(SFU_EX2B2, "ex2.approx.ftz.bf16x2") U32(SFU_TANHB2, "tanh.approx.bf16x2")
	U32(SFU_TF32, "cvt.rna.satfinite.tf32.f32")
#define DIV(v, ins) case v: asm volatile(ins " %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); return r;
	DIV(SFU_DIVA, "div.approx.f32") DIV(SFU_DIVA_FTZ, "div.approx.ftz.f32")
	DIV(SFU_DIVF, "div.full.f32") DIV(SFU_DIVF_FTZ, "div.full.ftz.f32")
#define U64(v, ins) case v: asm volatile(ins " %0, %1;" : "=l"(q) : "l"(x)); return q;
	U64(SFU_RCP64_FTZ, "rcp.approx.ftz.f64") U64(SFU_RSQ64_FTZ, "rsqrt.approx.ftz.f64")
	U64(SFU_RSQ64, "rsqrt.approx.f64")
#define U16(v, ins) case v: asm volatile(ins " %0, %1;" : "=h"(o) : "h"(h)); return o;
	U16(SFU_EX2H, "ex2.approx.f16") U16(SFU_TANHH, "tanh.approx.f16")
	U16(SFU_EX2B, "ex2.approx.ftz.bf16") U16(SFU_TANHB, "tanh.approx.bf16")
	}
	return 0;
}

template <int V> __global__ void kern(Job j, uint64_t base, uint64_t n, uint64_t *out)
{
	for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x)
		out[i] = dev<V>(input(j, base + i));
}

typedef void (*Kern)(Job, uint64_t, uint64_t, uint64_t *);
template <int V> struct Tab { static void fill(Kern *k) { k[V] = kern<V>; Tab<V - 1>::fill(k); } };
template <> struct Tab<-1> { static void fill(Kern *) {} };

/* ------------------------------------------------------------------ jobs */
static int jobs_for(int v, Job *J)
{
	int n = 0;
	if (v <= SFU_TANH32) {
		static const int pos[] = { 0, 1, 2, 3, 63, 103, 117, 124, 125, 126, 127, 128, 129, 130, 132, 134, 135,
		                           147, 190, 252, 253, 254 };
		static const int neg[] = { 0, 1, 126, 127, 128, 134 };
		for (int k : pos) J[n++] = { G_BINADE, k, 1u << 23 };
		for (int k : neg) J[n++] = { G_BINADE, 256 | k, 1u << 23 };
		J[n++] = { G_SWEEP, 0, 1u << 21 };
		J[n++] = { G_RAND32, v, 1u << 24 };
	} else if (v <= SFU_DIVF_FTZ) {
		static const int bs[] = { 0, 1, 2, 126, 127, 252, 253, 254, 256 | 0, 256 | 1, 256 | 127, 256 | 254 };
		for (int k : bs) J[n++] = { G_DIVB, k, 1u << 23 };
		J[n++] = { G_DIVR, v, 1u << 24 };
	} else if (v <= SFU_RSQ64) {
		static const int es[] = { 0, 1, 2, 1021, 1022, 1023, 1024, 2045, 2046, 2048 | 1023, 2048 | 1 };
		for (int k : es) J[n++] = { G_H64, k, 1u << 20 };
		J[n++] = { G_H64SWEEP, 0, 1u << 18 };
		J[n++] = { G_RAND64, v, 1u << 24 };
	} else if (v <= SFU_TANHB) {
		J[n++] = { G_ALL16, 0, 1u << 16 };
	} else if (v <= SFU_TANHB2) {
		J[n++] = { G_PAIR16, 0, 1u << 16 };
		J[n++] = { G_PAIR16, 1, 1u << 16 };
		J[n++] = { G_RAND32, v, 1u << 24 };
	} else {
		J[n++] = { G_STRIDE, 4, 1u << 30 };
		J[n++] = { G_STRIDE, 1, 1u << 24 };    /* the smallest patterns, each */
		J[n++] = { G_RAND32, v, 1u << 24 };
	}
	return n;
}

static uint64_t mask_of(int v)
{
	if (v >= SFU_RCP64_FTZ && v <= SFU_RSQ64) return ~0ull;
	if (v >= SFU_EX2H && v <= SFU_TANHB) return 0xFFFF;
	return 0xFFFFFFFF;
}

int main()
{
	static Kern K[SFU_NVAR];
	Tab<SFU_NVAR - 1>::fill(K);
	const uint64_t CH = 1ull << 26;
	uint64_t *dout, *hout;
	CK(cudaMalloc(&dout, CH * 8));
	CK(cudaMallocHost(&hout, CH * 8));
	int pass = 0, fail = 0;
	unsigned long long total = 0;
	for (int v = 0; v < SFU_NVAR; v++) {
		Job J[40];
		int nj = jobs_for(v, J);
		unsigned long long n = 0, bad = 0;
		uint64_t mk = mask_of(v);
		char ex[4][160];
		int nex = 0;
		for (int k = 0; k < nj; k++)
			for (uint64_t base = 0; base < J[k].n; base += CH) {
				uint64_t m = J[k].n - base < CH ? J[k].n - base : CH;
				K[v]<<<2048, 256>>>(J[k], base, m, dout);
				CK(cudaGetLastError());
				CK(cudaMemcpy(hout, dout, m * 8, cudaMemcpyDeviceToHost));
				unsigned long long b = 0;
				const Job jk = J[k];
#pragma omp parallel for reduction(+ : b) schedule(static, 65536)
				for (long long i = 0; i < (long long)m; i++) {
					uint64_t x = input(jk, base + (uint64_t)i);
					uint64_t want = hout[i] & mk, got = sfu_model(v, x) & mk;
					if (want != got) {
						b++;
#pragma omp critical
						if (nex < 4) snprintf(ex[nex++], sizeof ex[0], "x=%016llx gpu=%llx model=%llx",
						                      (unsigned long long)x, (unsigned long long)want, (unsigned long long)got);
					}
				}
				bad += b;
				n += m;
			}
		total += n;
		printf("%-28s %12llu inputs %10llu mismatches\n", NAME[v], n, bad);
		for (int e = 0; e < nex; e++) printf("    %s\n", ex[e]);
		fflush(stdout);
		if (bad) fail++; else pass++;
	}
	printf("%llu inputs in all\n%d passed, %d failed\n", total, pass, fail);
	return fail ? 1 : 0;
}

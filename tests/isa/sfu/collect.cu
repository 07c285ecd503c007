/*
 * tests/isa/sfu/collect.cu -- measures the H100's special-function unit.
 *
 * Each PTX .approx.ftz instruction used here compiles to one MUFU
 * instruction with no wrapper (cuobjdump -sass), so its results are the raw
 * primitive; sin/cos keep ptxas's FMUL.RZ by 1/(2 pi) in front, which the
 * analysis undoes.  The program executes a plan written by collect.py:
 *
 *   R NAME FN LO STRIDE N   outputs for the inputs LO + i*STRIDE, i < N
 *   L NAME FN FILE N        outputs for the N 32-bit inputs in FILE
 *   I NAME FN TABLE         scale check over all 2^32 inputs: does FN(x)
 *                           equal the result for x's significand (region
 *                           TABLE, one or two binades) moved by x's
 *                           exponent?  Counts mismatches per sign and
 *                           exponent and logs a sample of them.
 *
 * and writes RAWDIR/NAME.bin (32-bit outputs) or RAWDIR/NAME.inv.  Inputs
 * and outputs are bit patterns: f32 as is, f64 as the high word (the SFU's
 * 64-bit primitives read and write only that), f16/bf16 in the low half.
 *
 * Build: nvcc -O2 -arch=sm_90 collect.cu -o collect; run: collect PLAN RAWDIR
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

enum { RCP, RSQ, SQRT, LG2, EX2, SIN, COS, TANH, RCP64H, RSQ64H, EX2H, TANHH, EX2B, TANHB, NFN };
static const char *FNAME[NFN] = { "rcp", "rsq", "sqrt", "lg2", "ex2", "sin", "cos", "tanh",
	"rcp64h", "rsq64h", "ex2h", "tanhh", "ex2b", "tanhb" };

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

template <int F> __device__ __forceinline__ unsigned prim(unsigned x)
{
	unsigned r = 0;
	unsigned short h, o;
	unsigned long long d = (unsigned long long)x << 32, q;
	switch (F) {
	case RCP: asm volatile("rcp.approx.ftz.f32 %0, %1;" : "=r"(r) : "r"(x)); break;
	case RSQ: asm volatile("rsqrt.approx.ftz.f32 %0, %1;" : "=r"(r) : "r"(x)); break;
	case SQRT: asm volatile("sqrt.approx.ftz.f32 %0, %1;" : "=r"(r) : "r"(x)); break;
	case LG2: asm volatile("lg2.approx.ftz.f32 %0, %1;" : "=r"(r) : "r"(x)); break;
	case EX2: asm volatile("ex2.approx.ftz.f32 %0, %1;" : "=r"(r) : "r"(x)); break;
	case SIN: asm volatile("sin.approx.ftz.f32 %0, %1;" : "=r"(r) : "r"(x)); break;
	case COS: asm volatile("cos.approx.ftz.f32 %0, %1;" : "=r"(r) : "r"(x)); break;
	case TANH: asm volatile("tanh.approx.f32 %0, %1;" : "=r"(r) : "r"(x)); break;
	case RCP64H:
		asm volatile("rcp.approx.ftz.f64 %0, %1;" : "=l"(q) : "l"(d));
		r = (unsigned)(q >> 32) ^ (unsigned)q;   /* the low word is 0 (checked in the .inv) */
		break;
	case RSQ64H:
		asm volatile("rsqrt.approx.ftz.f64 %0, %1;" : "=l"(q) : "l"(d));
		r = (unsigned)(q >> 32) ^ (unsigned)q;
		break;
	case EX2H: h = (unsigned short)x; asm volatile("ex2.approx.f16 %0, %1;" : "=h"(o) : "h"(h)); r = o; break;
	case TANHH: h = (unsigned short)x; asm volatile("tanh.approx.f16 %0, %1;" : "=h"(o) : "h"(h)); r = o; break;
	case EX2B: h = (unsigned short)x; asm volatile("ex2.approx.ftz.bf16 %0, %1;" : "=h"(o) : "h"(h)); r = o; break;
	case TANHB: h = (unsigned short)x; asm volatile("tanh.approx.bf16 %0, %1;" : "=h"(o) : "h"(h)); r = o; break;
	}
	return r;
}

template <int F> __global__ void kregion(unsigned lo, unsigned stride, unsigned n, unsigned *out)
{
	for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		out[i] = prim<F>(lo + i * stride);
}

template <int F> __global__ void klist(const unsigned *in, unsigned n, unsigned *out)
{
	for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		out[i] = prim<F>(in[i]);
}

/* The scale check.  f32: 8 exponent bits, 23 significand bits; the 64-bit
 * primitives: 11 and 20 (the high word).  T holds the results for [1,2)
 * (and [2,4) after it for the square roots).  sq: 0 rcp, 1 rsqrt, 2 sqrt. */
#define LOGCAP 4096
template <int F> __global__ void kinv(const unsigned *T, unsigned long long base, unsigned *cnt, unsigned *logv, unsigned *nlog)
{
	const int eb = (F == RCP64H || F == RSQ64H) ? 11 : 8, mb = 31 - eb, bias = (1 << (eb - 1)) - 1;
	const int sq = (F == RCP || F == RCP64H) ? 0 : F == SQRT ? 2 : 1;
	const unsigned emax = (1u << eb) - 1;
	__shared__ unsigned sc[4096];
	for (int i = threadIdx.x; i < 4096; i += blockDim.x) sc[i] = 0;
	__syncthreads();
	unsigned long long i0 = base + (unsigned long long)blockIdx.x * blockDim.x * 64 + threadIdx.x;
	for (int k = 0; k < 64; k++) {
		unsigned x = (unsigned)(i0 + (unsigned long long)k * blockDim.x);
		unsigned s = x >> 31, E = x >> mb & emax, m = x & ((1u << mb) - 1);
		if (E == 0 || E == emax || (sq && s)) continue;
		int e = (int)E - bias, j = e, idx = (int)m;
		if (sq) {
			j = e >> 1;          /* floor */
			if (e & 1) idx += 1 << mb;
		}
		unsigned t = T[idx];
		int te = (int)(t >> mb & emax);
		int ne = sq == 0 ? te - e : sq == 1 ? te - j : te + j;
		unsigned want;
		if (ne <= 0) want = s << 31;
		else if (ne >= (int)emax) want = s << 31 | emax << mb;
		else want = s << 31 | (unsigned)ne << mb | (t & ((1u << mb) - 1));
		unsigned got = prim<F>(x);
		if (got != want) {
			atomicAdd(&sc[(s << eb | E) & 4095], 1u);
			unsigned p = atomicAdd(nlog, 1u);
			if (p < LOGCAP) { logv[3 * p] = x; logv[3 * p + 1] = got; logv[3 * p + 2] = want; }
		}
	}
	__syncthreads();
	for (int i = threadIdx.x; i < 4096; i += blockDim.x)
		if (sc[i]) atomicAdd(&cnt[i], sc[i]);
}

typedef void (*RegionFn)(unsigned, unsigned, unsigned, unsigned *);
typedef void (*ListFn)(const unsigned *, unsigned, unsigned *);
typedef void (*InvFn)(const unsigned *, unsigned long long, unsigned *, unsigned *, unsigned *);
#define ALL(X) X(RCP) X(RSQ) X(SQRT) X(LG2) X(EX2) X(SIN) X(COS) X(TANH) X(RCP64H) X(RSQ64H) X(EX2H) X(TANHH) X(EX2B) X(TANHB)
#define R_(f) kregion<f>,
#define L_(f) klist<f>,
static RegionFn RF[NFN] = { ALL(R_) };
static ListFn LF[NFN] = { ALL(L_) };

static int fnum(const char *s)
{
	for (int i = 0; i < NFN; i++) if (!strcmp(s, FNAME[i])) return i;
	fprintf(stderr, "unknown function %s\n", s);
	exit(1);
}

/* regions kept on the device by name, for the scale checks */
#define MAXR 1024
static char rname[MAXR][64];
static unsigned *rdev[MAXR];
static int nr;

static unsigned *dev_region(const char *name)
{
	for (int i = 0; i < nr; i++) if (!strcmp(rname[i], name)) return rdev[i];
	fprintf(stderr, "no region %s\n", name);
	exit(1);
}

static void writef(const char *dir, const char *name, const char *ext, const void *p, size_t n)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s.%s", dir, name, ext);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(p, 1, n, f) != n) { perror(path); exit(1); }
	fclose(f);
}

int main(int argc, char **argv)
{
	if (argc != 3) { fprintf(stderr, "usage: collect PLAN RAWDIR\n"); return 2; }
	FILE *pf = fopen(argv[1], "r");
	if (!pf) { perror(argv[1]); return 1; }
	char line[1024], kind[8], name[64], fn[32], a[512];
	unsigned *host = (unsigned *)malloc((size_t)4 << 26);
	while (fgets(line, sizeof line, pf)) {
		if (sscanf(line, "%7s %63s %31s", kind, name, fn) != 3) continue;
		int F = fnum(fn);
		if (kind[0] == 'R' || kind[0] == 'L') {
			unsigned lo = 0, st = 0, n = 0;
			unsigned *din = NULL, *dout;
			if (kind[0] == 'R') sscanf(line, "%*s %*s %*s %u %u %u", &lo, &st, &n);
			else {
				sscanf(line, "%*s %*s %*s %511s %u", a, &n);
				FILE *lf = fopen(a, "rb");
				if (!lf || fread(host, 4, n, lf) != n) { perror(a); return 1; }
				fclose(lf);
				CK(cudaMalloc(&din, (size_t)n * 4));
				CK(cudaMemcpy(din, host, (size_t)n * 4, cudaMemcpyHostToDevice));
			}
			if (n > (1u << 26)) { fprintf(stderr, "region too large\n"); return 1; }
			CK(cudaMalloc(&dout, (size_t)n * 4 + 4));
			if (din) LF[F]<<<1024, 256>>>(din, n, dout);
			else RF[F]<<<4096, 256>>>(lo, st, n, dout);
			CK(cudaGetLastError());
			CK(cudaMemcpy(host, dout, (size_t)n * 4, cudaMemcpyDeviceToHost));
			writef(argv[2], name, "bin", host, (size_t)n * 4);
			if (din) cudaFree(din);
			if (nr < MAXR) { snprintf(rname[nr], 64, "%s", name); rdev[nr++] = dout; }
			else cudaFree(dout);
		} else if (kind[0] == 'I') {
			sscanf(line, "%*s %*s %*s %511s", a);
			unsigned *T = dev_region(a), *cnt, *logv, *nlog;
			CK(cudaMalloc(&cnt, 4096 * 4));
			CK(cudaMalloc(&logv, LOGCAP * 12));
			CK(cudaMalloc(&nlog, 4));
			CK(cudaMemset(cnt, 0, 4096 * 4));
			CK(cudaMemset(nlog, 0, 4));
			/* 2^32 inputs: 2^16 blocks of 1024 threads doing 64 each, in 4 launches */
			for (int part = 0; part < 4; part++) {
				unsigned long long base = (unsigned long long)part << 30;
				switch (F) {
				case RCP: kinv<RCP><<<16384, 1024>>>(T, base, cnt, logv, nlog); break;
				case RSQ: kinv<RSQ><<<16384, 1024>>>(T, base, cnt, logv, nlog); break;
				case SQRT: kinv<SQRT><<<16384, 1024>>>(T, base, cnt, logv, nlog); break;
				case RCP64H: kinv<RCP64H><<<16384, 1024>>>(T, base, cnt, logv, nlog); break;
				case RSQ64H: kinv<RSQ64H><<<16384, 1024>>>(T, base, cnt, logv, nlog); break;
				default: fprintf(stderr, "no scale check for %s\n", fn); return 1;
				}
				CK(cudaGetLastError());
			}
			static unsigned buf[4096 + 1 + 3 * LOGCAP];
			CK(cudaMemcpy(buf, cnt, 4096 * 4, cudaMemcpyDeviceToHost));
			CK(cudaMemcpy(buf + 4096, nlog, 4, cudaMemcpyDeviceToHost));
			CK(cudaMemcpy(buf + 4097, logv, LOGCAP * 12, cudaMemcpyDeviceToHost));
			writef(argv[2], name, "inv", buf, sizeof buf);
			unsigned long long tot = 0;
			for (int i = 0; i < 4096; i++) tot += buf[i];
			printf("%s: %llu mismatches\n", name, tot);
			cudaFree(cnt); cudaFree(logv); cudaFree(nlog);
		}
	}
	CK(cudaDeviceSynchronize());
	return 0;
}

/* bench/native.c -- the interpreter benchmark's kernels as plain C.
 *
 *	native KERNEL DIR SIZE...
 *
 * Writes the kernel's input buffers to DIR/KERNEL.inN and the expected
 * output to DIR/KERNEL.want (the files bench/interp.sh hands to ptx-run),
 * then times the same loops as bench/kernels.cu (and bench/triton_mm.ptx's
 * Triton source) over the same sizes,
 * single-threaded, and prints one line: the best seconds of several runs.
 * Built with -O2 by `make bench`.
 *
 * Sizes by kernel (they match the launches in bench/interp.sh):
 *	saxpy N			matmul_tiled N		matmul_reg N
 *	reduce_shfl N GRID BLOCK	collatz N FIRST
 *	alu THREADS ITERS	transcend THREADS ITERS
 *	triton_mm M N K (K at most 256: see its inputs)
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *dir, *name;
static volatile uint32_t sink;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *xmalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);
	if (!p) {
		fprintf(stderr, "native: out of memory\n");
		exit(2);
	}
	return p;
}

static void put(const char *suffix, const void *p, size_t n)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s.%s", dir, name, suffix);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
		fprintf(stderr, "native: cannot write %s\n", path);
		exit(2);
	}
}

static void consume(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint32_t h = 0;
	for (size_t i = 0; i < n; i += 64)
		h = h * 31 + b[i];
	sink = h;
}

/* ---- the kernels ---------------------------------------------------- */

static int n_saxpy;
static float *sx, *sy, *sy0;
static void k_saxpy(void)
{
	memcpy(sy, sy0, (size_t)n_saxpy * sizeof *sy);	/* y is updated in place */
	for (int i = 0; i < n_saxpy; i++)
		sy[i] = 2.0f * sx[i] + sy[i];
}

static int mm_n;
static float *mA, *mB, *mC;
static void k_matmul_tiled(void)
{
	int N = mm_n;
	for (int row = 0; row < N; row++)
		for (int col = 0; col < N; col++) {
			float acc = 0.0f;
			for (int k = 0; k < N; k++)
				acc += mA[row * N + k] * mB[k * N + col];
			mC[row * N + col] = acc;
		}
}

static void k_matmul_reg(void)	/* i-k-j order: what a C programmer writes */
{
	int N = mm_n;
	memset(mC, 0, (size_t)N * N * sizeof *mC);
	for (int i = 0; i < N; i++)
		for (int k = 0; k < N; k++) {
			float a = mA[i * N + k];
			for (int j = 0; j < N; j++)
				mC[i * N + j] += a * mB[k * N + j];
		}
}

static int r_n, r_grid, r_block;
static float *rx, *rout;
static void k_reduce(void)	/* each element into its block's partial sum */
{
	long stride = (long)r_grid * r_block;
	memset(rout, 0, (size_t)r_grid * sizeof *rout);
	for (long base = 0; base < r_n; base += stride)
		for (int b = 0; b < r_grid; b++) {
			long lo = base + (long)b * r_block, hi = lo + r_block;
			float s = 0.0f;
			if (hi > r_n)
				hi = r_n;
			for (long i = lo; i < hi; i++)
				s += rx[i];
			rout[b] += s;
		}
}

static int c_n;
static unsigned long long c_first;
static uint32_t *csteps;
static void k_collatz(void)
{
	for (int i = 0; i < c_n; i++) {
		unsigned long long v = c_first + (unsigned long long)i;
		uint32_t c = 0;
		while (v != 1) {
			v = (v & 1) ? 3 * v + 1 : v >> 1;
			c++;
		}
		csteps[i] = c;
	}
}

static int a_threads, a_iters;
static uint32_t *aout;
static float *aoutf;
static void k_alu(void)
{
	for (int t = 0; t < a_threads; t++) {
		uint32_t i = (uint32_t)t, h = i;
		float x = (float)i;
		for (int k = 0; k < a_iters; k++) {
			x = x * 1.0001f + 0.5f;
			h ^= h << 3;
			h += (uint32_t)k;
			h ^= h >> 5;
		}
		aout[t] = h;
		aoutf[t] = x;
	}
}

static float *tout;
static void k_transcend(void)
{
	for (int t = 0; t < a_threads; t++) {
		float x = (float)t * 1e-3f, acc = 0.0f;
		for (int k = 0; k < a_iters; k++) {
			float s = sinf(x), c = cosf(x);
			acc += exp2f(s * c);
			x = x * 0.999f + 0.25f;
		}
		tout[t] = acc;
	}
}

/* bench/triton_mm.ptx: Triton's tl.dot matmul, f16 inputs and output, f32
 * accumulation; here the same product as a C programmer writes it, i-k-j. */
static int t_m, t_n, t_k;
static uint16_t *th_a, *th_b, *th_c;
static float *tf_a, *tf_b, *tf_c;

/* Conversions of the values used here (zero and normal f16 numbers only). */
static float h2f(uint16_t h)
{
	uint32_t x = (uint32_t)(h & 0x8000) << 16;
	float f;
	if (h & 0x7fff)
		x |= (uint32_t)(((h >> 10) & 31) - 15 + 127) << 23 | (uint32_t)(h & 0x3ff) << 13;
	memcpy(&f, &x, 4);
	return f;
}

static uint16_t f2h(float f)
{
	uint32_t x;
	memcpy(&x, &f, 4);
	if (!(x & 0x7fffffff))
		return (uint16_t)(x >> 16);
	return (uint16_t)((x >> 16 & 0x8000) | (((x >> 23 & 255) - 127 + 15) << 10) | (x >> 13 & 0x3ff));
}

static void k_triton_mm(void)
{
	for (long i = 0; i < (long)t_m * t_k; i++)
		tf_a[i] = h2f(th_a[i]);
	for (long i = 0; i < (long)t_k * t_n; i++)
		tf_b[i] = h2f(th_b[i]);
	for (int i = 0; i < t_m; i++) {
		float *c = tf_c + (long)i * t_n;
		for (int j = 0; j < t_n; j++)
			c[j] = 0.0f;
		for (int k = 0; k < t_k; k++) {
			float a = tf_a[(long)i * t_k + k];
			const float *b = tf_b + (long)k * t_n;
			for (int j = 0; j < t_n; j++)
				c[j] += a * b[j];
		}
	}
	for (long i = 0; i < (long)t_m * t_n; i++)
		th_c[i] = f2h(tf_c[i]);
}

/* Best time of several runs: at least 3, and at least 0.2 s in all. */
static double best_of(void (*k)(void))
{
	double best = 1e30, total = 0.0;
	for (int r = 0; r < 3 || (total < 0.2 && r < 1000); r++) {
		double t0 = now();
		k();
		double t = now() - t0;
		total += t;
		if (t < best)
			best = t;
	}
	return best;
}

static long arg(int argc, char **argv, int i)
{
	if (i >= argc) {
		fprintf(stderr, "native: %s needs %d size arguments\n", name, i - 2);
		exit(2);
	}
	return strtol(argv[i], NULL, 0);
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: native KERNEL DIR SIZE...\n");
		return 2;
	}
	name = argv[1];
	dir = argv[2];
	double t;
	if (strcmp(name, "saxpy") == 0) {
		n_saxpy = (int)arg(argc, argv, 3);
		size_t b = (size_t)n_saxpy * sizeof(float);
		sx = xmalloc(b), sy = xmalloc(b), sy0 = xmalloc(b);
		for (int i = 0; i < n_saxpy; i++)
			sx[i] = (float)(i % 1000) * 0.001f, sy0[i] = 1.0f;
		put("in0", sx, b);
		put("in1", sy0, b);
		t = best_of(k_saxpy);
		put("want", sy, b);
		consume(sy, b);
	} else if (strcmp(name, "matmul_tiled") == 0 || strcmp(name, "matmul_reg") == 0) {
		mm_n = (int)arg(argc, argv, 3);
		size_t b = (size_t)mm_n * mm_n * sizeof(float);
		mA = xmalloc(b), mB = xmalloc(b), mC = xmalloc(b);
		/* Multiples of 1/8: every partial sum is exact in float, so any
		 * summation order gives the same bits. */
		for (long i = 0; i < (long)mm_n * mm_n; i++)
			mA[i] = (float)(i % 7) * 0.5f, mB[i] = (float)(i % 5) * 0.25f;
		put("in0", mA, b);
		put("in1", mB, b);
		t = best_of(name[7] == 't' ? k_matmul_tiled : k_matmul_reg);
		put("want", mC, b);
		consume(mC, b);
	} else if (strcmp(name, "reduce_shfl") == 0) {
		r_n = (int)arg(argc, argv, 3);
		r_grid = (int)arg(argc, argv, 4);
		r_block = (int)arg(argc, argv, 5);
		rx = xmalloc((size_t)r_n * sizeof *rx);
		rout = xmalloc((size_t)r_grid * sizeof *rout);
		for (int i = 0; i < r_n; i++)	/* small integers: exact sums */
			rx[i] = (float)(i % 13 - 6);
		put("in0", rx, (size_t)r_n * sizeof *rx);
		t = best_of(k_reduce);
		put("want", rout, (size_t)r_grid * sizeof *rout);
		consume(rout, (size_t)r_grid * sizeof *rout);
	} else if (strcmp(name, "collatz") == 0) {
		c_n = (int)arg(argc, argv, 3);
		c_first = (unsigned long long)arg(argc, argv, 4);
		csteps = xmalloc((size_t)c_n * sizeof *csteps);
		t = best_of(k_collatz);
		put("want", csteps, (size_t)c_n * sizeof *csteps);
		consume(csteps, (size_t)c_n * sizeof *csteps);
	} else if (strcmp(name, "alu") == 0 || strcmp(name, "transcend") == 0) {
		a_threads = (int)arg(argc, argv, 3);
		a_iters = (int)arg(argc, argv, 4);
		size_t b = (size_t)a_threads * 4;
		if (name[0] == 'a') {
			aout = xmalloc(b), aoutf = xmalloc(b);
			t = best_of(k_alu);
			put("want", aout, b);	/* the integer hash is exact */
			consume(aout, b);
			consume(aoutf, b);
		} else {
			tout = xmalloc(b);
			t = best_of(k_transcend);
			consume(tout, b);	/* approx vs libm: not compared */
		}
	} else if (strcmp(name, "triton_mm") == 0) {
		t_m = (int)arg(argc, argv, 3);
		t_n = (int)arg(argc, argv, 4);
		t_k = (int)arg(argc, argv, 5);
		th_a = xmalloc((size_t)t_m * t_k * 2), th_b = xmalloc((size_t)t_k * t_n * 2);
		th_c = xmalloc((size_t)t_m * t_n * 2);
		tf_a = xmalloc((size_t)t_m * t_k * 4), tf_b = xmalloc((size_t)t_k * t_n * 4);
		tf_c = xmalloc((size_t)t_m * t_n * 4);
		/* Multiples of 1/8 up to 3/4 a product: with K up to 256 every
		 * partial sum, and the result, is exact in f32 and in f16, so the
		 * tensor cores' order and C's give the same bits. */
		for (long i = 0; i < (long)t_m * t_k; i++)
			th_a[i] = f2h((float)(i % 7 - 3) * 0.5f);
		for (long i = 0; i < (long)t_k * t_n; i++)
			th_b[i] = f2h((float)(i % 5 - 2) * 0.25f);
		put("in0", th_a, (size_t)t_m * t_k * 2);
		put("in1", th_b, (size_t)t_k * t_n * 2);
		t = best_of(k_triton_mm);
		put("want", th_c, (size_t)t_m * t_n * 2);
		consume(th_c, (size_t)t_m * t_n * 2);
	} else {
		fprintf(stderr, "native: unknown kernel '%s'\n", name);
		return 2;
	}
	printf("%.9f\n", t);
	return 0;
}

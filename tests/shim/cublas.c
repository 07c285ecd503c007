/*
 * cublas.c -- cuBLAS, as installed, on the device through the driver
 * API: a handle, then single, double and half precision products
 * (cublasSgemm with both transposes and a beta, cublasDgemm,
 * cublasGemmEx from half to float, cublasSgemmStridedBatched), each
 * checked against the same product computed on the host.  The inputs are
 * small integers, so every product is exact in every precision and the
 * device must match the host bit for bit.  Prints each product's checksum
 * and its agreement, or the status cuBLAS refused it with; exits 1 when
 * one differs or was refused, at once when a driver call fails.
 */
#include <math.h>
#include <cublas_v2.h>
#include "shimtest.h"

static void
ckbl(cublasStatus_t s, const char *what, int line)
{
	if (s == CUBLAS_STATUS_SUCCESS)
		return;
	printf("FAIL line %d: %s: cuBLAS status %d\n", line, what, (int)s);
	exit(1);
}

#define BL(call) ckbl((call), #call, __LINE__)

static cublasHandle_t h;
static int failed;

/* element (i, j) of a column-major matrix with leading dimension ld,
 * transposed when t */
static double
at(const double *m, int ld, int t, int i, int j)
{
	return t ? m[j + (size_t)i * ld] : m[i + (size_t)j * ld];
}

/* a small integer in [-4, 4], from a seed and an index */
static double
val(unsigned seed, size_t i)
{
	uint32_t x = seed * 2654435761u ^ (uint32_t)i * 40503u;

	x ^= x >> 13;
	x *= 0x5bd1e995u;
	x ^= x >> 15;
	return (double)(int)(x % 9) - 4;
}

/* C = alpha op(A) op(B) + beta C on the host, every operand in double */
static void
ref(int ta, int tb, int m, int n, int k, double alpha, const double *a, int lda, const double *b, int ldb,
    double beta, double *c, int ldc)
{
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double s = 0;

			for (int p = 0; p < k; p++)
				s += at(a, lda, ta, i, p) * at(b, ldb, tb, p, j);
			c[i + (size_t)j * ldc] = alpha * s + beta * c[i + (size_t)j * ldc];
		}
}

static void
report(const char *what, const double *want, const double *got, size_t n)
{
	double sum = 0, err = 0;
	size_t bad = 0;

	for (size_t i = 0; i < n; i++) {
		sum += got[i];
		if (got[i] != want[i]) {
			if (!bad)
				printf("%s: first difference at %zu: %g, not %g\n", what, i, got[i], want[i]);
			bad++;
			err = fmax(err, fabs(got[i] - want[i]));
		}
	}
	printf("%s: %zu elements, sum %.17g, %s", what, n, sum, bad ? "DIFFERS" : "exact");
	if (bad)
		printf(" (%zu differ, at most by %g)", bad, err);
	printf("\n");
	failed |= bad != 0;
}

/* a half holding a small integer v (|v| <= 2048): exact */
static uint16_t
half(double v)
{
	int neg = v < 0, e = 0;
	unsigned m = (unsigned)fabs(v);

	if (!m)
		return neg ? 0x8000 : 0;
	while (m >> (e + 1))
		e++;
	return (uint16_t)(neg << 15 | (e + 15) << 10 | ((m << (10 - e)) & 0x3ff));
}

/* dims: m n k; ta tb transposes; elt 8 (double), 4 (float) or 2 (half in, float out) */
static void
gemm(const char *what, int ta, int tb, int m, int n, int k, double alpha, double beta, int elt, int batch)
{
	int lda = (ta ? k : m) + 1, ldb = (tb ? n : k) + 2, ldc = m + 3;
	size_t na = (size_t)lda * (ta ? m : k), nb = (size_t)ldb * (tb ? k : n), nc = (size_t)ldc * n;
	size_t ea = elt == 8 ? 8 : elt == 4 ? 4 : 2, ec = elt == 8 ? 8 : 4;
	double *a = malloc(na * batch * sizeof *a), *b = malloc(nb * batch * sizeof *b);
	double *c = malloc(nc * batch * sizeof *c), *got = malloc(nc * batch * sizeof *got);
	unsigned char *buf = malloc((na + nb) * batch * ea + nc * batch * ec);
	CUdeviceptr da, db, dc;

	if (!a || !b || !c || !got || !buf) {
		printf("FAIL: out of host memory\n");
		exit(1);
	}
	for (size_t i = 0; i < na * batch; i++)
		a[i] = val(1 + m, i);
	for (size_t i = 0; i < nb * batch; i++)
		b[i] = val(2 + n, i);
	for (size_t i = 0; i < nc * batch; i++)
		c[i] = val(3 + k, i);
	/* the device's copies, in the element type */
	for (size_t i = 0; i < na * batch; i++) {
		if (elt == 8)
			memcpy(buf + i * 8, &a[i], 8);
		else if (elt == 4) {
			float f = (float)a[i];
			memcpy(buf + i * 4, &f, 4);
		} else {
			uint16_t x = half(a[i]);
			memcpy(buf + i * 2, &x, 2);
		}
	}
	for (size_t i = 0; i < nb * batch; i++) {
		unsigned char *p = buf + na * batch * ea + i * ea;
		if (elt == 8)
			memcpy(p, &b[i], 8);
		else if (elt == 4) {
			float f = (float)b[i];
			memcpy(p, &f, 4);
		} else {
			uint16_t x = half(b[i]);
			memcpy(p, &x, 2);
		}
	}
	for (size_t i = 0; i < nc * batch; i++) {
		unsigned char *p = buf + (na + nb) * batch * ea + i * ec;
		if (ec == 8)
			memcpy(p, &c[i], 8);
		else {
			float f = (float)c[i];
			memcpy(p, &f, 4);
		}
	}
	CK(cuMemAlloc(&da, na * batch * ea));
	CK(cuMemAlloc(&db, nb * batch * ea));
	CK(cuMemAlloc(&dc, nc * batch * ec));
	CK(cuMemcpyHtoD(da, buf, na * batch * ea));
	CK(cuMemcpyHtoD(db, buf + na * batch * ea, nb * batch * ea));
	CK(cuMemcpyHtoD(dc, buf + (na + nb) * batch * ea, nc * batch * ec));

	cublasOperation_t oa = ta ? CUBLAS_OP_T : CUBLAS_OP_N, ob = tb ? CUBLAS_OP_T : CUBLAS_OP_N;
	float fa = (float)alpha, fb = (float)beta;
	cublasStatus_t st;
	if (elt == 8)
		st = cublasDgemm(h, oa, ob, m, n, k, &alpha, (double *)da, lda, (double *)db, ldb, &beta,
		    (double *)dc, ldc);
	else if (elt == 2)
		st = cublasGemmEx(h, oa, ob, m, n, k, &fa, (void *)da, CUDA_R_16F, lda, (void *)db, CUDA_R_16F,
		    ldb, &fb, (void *)dc, CUDA_R_32F, ldc, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
	else if (batch > 1)
		st = cublasSgemmStridedBatched(h, oa, ob, m, n, k, &fa, (float *)da, lda, (long long)na,
		    (float *)db, ldb, (long long)nb, &fb, (float *)dc, ldc, (long long)nc, batch);
	else
		st = cublasSgemm(h, oa, ob, m, n, k, &fa, (float *)da, lda, (float *)db, ldb, &fb, (float *)dc,
		    ldc);
	/* a product cuBLAS refuses is reported, and the next one tried */
	if (st != CUBLAS_STATUS_SUCCESS) {
		printf("%s: cuBLAS status %d\n", what, (int)st);
		failed = 1;
		goto out;
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(buf, dc, nc * batch * ec));
	for (size_t i = 0; i < nc * batch; i++) {
		if (ec == 8)
			memcpy(&got[i], buf + i * 8, 8);
		else {
			float f;
			memcpy(&f, buf + i * 4, 4);
			got[i] = f;
		}
	}
	for (int q = 0; q < batch; q++)
		ref(ta, tb, m, n, k, alpha, a + na * q, lda, b + nb * q, ldb, beta, c + nc * q, ldc);
	/* the padding rows of C past m are not written */
	report(what, c, got, nc * batch);
out:
	CK(cuMemFree(da));
	CK(cuMemFree(db));
	CK(cuMemFree(dc));
	free(a), free(b), free(c), free(got), free(buf);
}

int
main(void)
{
	int ver = 0;

	primary_ctx();
	BL(cublasCreate(&h));
	BL(cublasGetVersion(h, &ver));
	/* the version on stderr: the output is the same with every cuBLAS 13 */
	fprintf(stderr, "cuBLAS %d.%d.%d\n", ver / 10000, ver / 100 % 100, ver % 100);
	printf("cublasCreate: ok\n");
	gemm("sgemm 64x48x40 NN", 0, 0, 64, 48, 40, 1, 0, 4, 1);
	gemm("sgemm 37x19x23 TN alpha 2 beta -1", 1, 0, 37, 19, 23, 2, -1, 4, 1);
	gemm("sgemm 5x7x130 NT beta 1", 0, 1, 5, 7, 130, 1, 1, 4, 1);
	gemm("dgemm 33x65x17 NT alpha -1 beta 0.5", 0, 1, 33, 65, 17, -1, 0.5, 8, 1);
	gemm("gemmex f16->f32 64x64x64 NN", 0, 0, 64, 64, 64, 1, 0, 2, 1);
	gemm("gemmex f16->f32 24x40x72 TN beta 1", 1, 0, 24, 40, 72, 1, 1, 2, 1);
	gemm("sgemm strided batch 3 16x24x8 NN", 0, 0, 16, 24, 8, 1, 0, 4, 3);
	BL(cublasDestroy(h));
	printf("cublasDestroy: ok\n");
	CK(cuDevicePrimaryCtxRelease(0));
	return failed;
}

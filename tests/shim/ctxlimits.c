/*
 * ctxlimits.c -- cuCtxGetLimit over every limit up to past the last the
 * driver knows (CUDA 13 adds CU_LIMIT_SHMEM_SIZE, CU_LIMIT_CIG_ENABLED and
 * CU_LIMIT_CIG_SHMEM_FALLBACK_ENABLED, which the CUDA runtime inside
 * cuBLAS asks for and stops at when refused), then cuCtxSetLimit of those
 * three to 0 and 1, each read back.  ctxlimits.gpu: an H200's answers.
 */
#include "shimtest.h"

int
main(void)
{
	size_t v;
	CUresult r, g;

	primary_ctx();
	for (int l = 0; l <= 11; l++) {
		v = 12345;
		r = cuCtxGetLimit(&v, (CUlimit)l);
		printf("get limit %d: %s %zu\n", l, ename(r), v);
	}
	for (int l = 7; l <= 9; l++)
		for (size_t x = 0; x <= 1; x++) {
			r = cuCtxSetLimit((CUlimit)l, x);
			v = 12345;
			g = cuCtxGetLimit(&v, (CUlimit)l);
			printf("set limit %d to %zu: %s; get: %s %zu\n", l, x, ename(r), ename(g), v);
		}
	return 0;
}

/*
 * smem_attr.c -- each kernel's static shared memory as the driver reports
 * it (CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES) and the dynamic shared memory
 * left to it: kernels of one module hold only the shared variables they
 * reach, the size is the end of the last one, and in a module that
 * declares an extern shared array it is rounded to that array's alignment.
 * tests/shim.test runs it on libptxcuda; smem_attr.out is what it printed
 * on an H100 with the real libcuda.
 *
 * usage: smem_attr MODULE.ptx KERNEL... [-- MODULE.ptx KERNEL...]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule m = NULL;

	if (cuInit(0) || cuDeviceGet(&dev, 0) || cuDevicePrimaryCtxRetain(&ctx, dev) || cuCtxSetCurrent(ctx)) {
		printf("no device\n");
		return 1;
	}
	for (int i = 1; i < argc; i++) {
		CUfunction f;
		int sh = -1, dyn = -1;
		if (strcmp(argv[i], "--") == 0 || i == 1) {
			char *text;
			if (strcmp(argv[i], "--") == 0)
				i++;
			if (i >= argc)
				break;
			text = slurp(argv[i], NULL);
			if (cuModuleLoadData(&m, text)) {
				printf("cannot load a module\n");
				return 1;
			}
			free(text);
			continue;
		}
		if (cuModuleGetFunction(&f, m, argv[i]) ||
		    cuFuncGetAttribute(&sh, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f) ||
		    cuFuncGetAttribute(&dyn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f)) {
			printf("%s: failed\n", argv[i]);
			return 1;
		}
		printf("%s: static shared %d, dynamic up to %d\n", argv[i], sh, dyn);
	}
	return 0;
}

/*
 * target.c -- modules for targets older than, equal to and newer than the
 * device's (sm_90), loaded with an error log buffer: the older ones and
 * sm_90a load, a newer one is refused as the JIT refuses it, with
 * CUDA_ERROR_INVALID_PTX and ptxas's message in the log.  One line each:
 * the target, the result and the log's first line.  target.out is what
 * this program printed on an H200 with its driver (580).
 */
#include <stdio.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

int
main(void)
{
	static const char *const tgt[] = { "sm_70", "sm_80", "sm_90", "sm_90a", "sm_100", "sm_120" };
	CUdevice dev;
	CUcontext cx;

	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&cx, NULL, 0, dev));
	for (size_t i = 0; i < sizeof tgt / sizeof tgt[0]; i++) {
		char ptx[512], lb[1024] = "";
		CUjit_option opt[] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
		void *val[] = { lb, (void *)(size_t)sizeof lb };
		CUmodule m;
		CUresult r;

		snprintf(ptx, sizeof ptx, ".version 8.8\n.target %s\n.address_size 64\n"
		    ".visible .entry k(.param .u64 p)\n{\n\t.reg .b64 %%rd<2>;\n"
		    "\tld.param.u64 %%rd1, [p];\n\tst.global.u32 [%%rd1], 1;\n\tret;\n}\n", tgt[i]);
		r = cuModuleLoadDataEx(&m, ptx, 2, opt, val);
		lb[strcspn(lb, "\n")] = 0;
		printf("%s: %s%s%s\n", tgt[i], ename(r), lb[0] ? " | " : "", lb);
		if (r == CUDA_SUCCESS)
			CK(cuModuleUnload(m));
	}
	CK(cuCtxDestroy(cx));
	return 0;
}

/*
 * ipc.c -- CUDA IPC handles on the interpreter: within the process that
 * made them, a memory handle opens to the same memory and an event handle
 * to the same event; a handle of memory freed since, or of an event made
 * without CU_EVENT_INTERPROCESS, is refused; in another process (this
 * program run again by itself, "ipc open FILE") a memory handle opens to
 * the same bytes: the other process reads what the maker wrote, and the
 * maker reads what it writes; once the maker has freed the memory, a
 * handle of it opens nowhere.
 *
 * Output: one line each, against ipc.out.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

static const char *
name(CUresult r)
{
	const char *s = "?";

	cuGetErrorName(r, &s);
	return s;
}

int
main(int argc, char **argv)
{
	CUcontext c;
	CUdevice d;
	CUdeviceptr p, q;
	CUipcMemHandle h;
	CUipcEventHandle eh;
	CUevent e, e2, plain;
	unsigned v = 0;
	char cmd[4096];
	FILE *f;

	CK(cuInit(0));
	CK(cuDeviceGet(&d, 0));
	CK(cuCtxCreate(&c, NULL, 0, d));
	if (argc == 3 && !strcmp(argv[1], "open")) {
		if (!(f = fopen(argv[2], "rb")) || fread(&h, sizeof h, 1, f) != 1)
			return 2;
		fclose(f);
		CUresult r = cuIpcOpenMemHandle(&q, h, 1);
		printf("another process opens it: %s", name(r));
		if (!r) {
			CK(cuMemcpyDtoH(&v, q + 100, 4));
			CK(cuMemsetD32(q + 200, 0xbeef, 1));
			printf(", reads 0x%x, writes 0xbeef; close: %s", v, name(cuIpcCloseMemHandle(q)));
		}
		printf("\n");
		return 0;
	}
	CK(cuMemAlloc(&p, 4096));
	CK(cuMemsetD32(p, 0xc0ffee, 1024));
	printf("handle of an allocation: %s\n", name(cuIpcGetMemHandle(&h, p)));
	printf("handle of a pointer inside it: %s\n", name(cuIpcGetMemHandle(&h, p + 64)));
	CK(cuIpcGetMemHandle(&h, p));
	printf("open in this process: %s", name(cuIpcOpenMemHandle(&q, h, 1)));
	CK(cuMemcpyDtoH(&v, q + 100, 4));
	printf(", %s, reads 0x%x\n", q == p ? "the same address" : "ANOTHER ADDRESS", v);
	printf("close: %s\n", name(cuIpcCloseMemHandle(q)));
	if (argc == 2 && (f = fopen(argv[1], "wb"))) {
		fwrite(&h, sizeof h, 1, f);
		fclose(f);
		snprintf(cmd, sizeof cmd, "'%s' open '%s'", argv[0], argv[1]);
		fflush(stdout);
		if (system(cmd) != 0)
			printf("the second process FAILED\n");
		CK(cuMemcpyDtoH(&v, p + 200, 4));
		printf("this process reads 0x%x there\n", v);
	}
	CK(cuMemFree(p));
	printf("open after cuMemFree: %s\n", name(cuIpcOpenMemHandle(&q, h, 1)));

	CK(cuEventCreate(&e, CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING));
	CK(cuEventCreate(&plain, CU_EVENT_DISABLE_TIMING));
	printf("handle of an event without CU_EVENT_INTERPROCESS: %s\n",
	    name(cuIpcGetEventHandle(&eh, plain)));
	printf("handle of an interprocess event: %s\n", name(cuIpcGetEventHandle(&eh, e)));
	printf("open it: %s", name(cuIpcOpenEventHandle(&e2, eh)));
	CK(cuEventRecord(e, NULL));
	printf(", %s, %s\n", e2 == e ? "the same event" : "ANOTHER EVENT", name(cuEventSynchronize(e2)));
	CK(cuEventDestroy(e));
	printf("open after cuEventDestroy: %s\n", name(cuIpcOpenEventHandle(&e2, eh)));
	CK(cuCtxDestroy(c));
	return 0;
}

/*
 * ipc.c -- CUDA IPC handles on the interpreter, as an H200's driver
 * answers (ipc.gpu): a handle of a pointer inside an allocation is one of
 * the whole allocation, the same handle as its base's; the process that
 * made a handle cannot open it (CUDA_ERROR_INVALID_CONTEXT); another
 * process (this program run again by itself, "ipc open FILE") opens it to
 * the allocation's base (also where host memory registered and then
 * unmapped without cuMemHostUnregister, a client's deferred clean-up,
 * lies where the opened mapping goes), reads what the maker wrote and the
 * maker reads what it writes; once the maker has freed the memory, a
 * handle of it opens nowhere.  An event gets a handle only when made with
 * CU_EVENT_INTERPROCESS (else CUDA_ERROR_INVALID_HANDLE), which its maker
 * cannot open either.
 *
 * Output: one line each, against ipc.out.
 */
#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <cuda.h>
#include "shimtest.h"

/* Runs this program again to open the handle in another process. */
static void
other(const char *self, const char *file, const CUipcMemHandle *h)
{
	char cmd[4096];
	FILE *f;

	if (!(f = fopen(file, "wb")))
		return;
	fwrite(h, sizeof *h, 1, f);
	fclose(f);
	snprintf(cmd, sizeof cmd, "'%s' open '%s'", self, file);
	fflush(stdout);
	if (system(cmd) != 0)
		printf("the second process FAILED\n");
}

int
main(int argc, char **argv)
{
	CUcontext c;
	CUdevice d;
	CUdeviceptr p, q, b;
	size_t n;
	unsigned t;
	CUipcMemHandle h, h2;
	CUipcEventHandle eh;
	CUevent e, e2, plain;
	unsigned v = 0;
	FILE *f;

	CK(cuInit(0));
	CK(cuDeviceGet(&d, 0));
	CK(cuCtxCreate(&c, NULL, 0, d));
	if (argc == 3 && !strcmp(argv[1], "open")) {
		if (!(f = fopen(argv[2], "rb")) || fread(&h, sizeof h, 1, f) != 1)
			return 2;
		fclose(f);
		/* registered, then unmapped while still registered: the next
		 * mapping of that length, the opened handle's, gets its address */
		void *stale = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (stale != MAP_FAILED) {
			CK(cuMemHostRegister(stale, 4096, 0));
			munmap(stale, 4096);
		}
		CUresult r = cuIpcOpenMemHandle(&q, h, 1);
		printf("another process opens it: %s", ename(r));
		if (!r) {
			CK(cuMemcpyDtoH(&v, q + 100, 4));
			CK(cuMemsetD32(q + 200, 0xbeef, 1));
			printf(", at the base: reads 0x%x at +100, writes 0xbeef", v);
			CK(cuMemGetAddressRange(&b, &n, q + 8));
			printf("; its range: %s, %zu bytes", b == q ? "the base" : "ELSEWHERE", n);
			CK(cuPointerGetAttribute(&t, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, q + 8));
			printf("; device memory: %s", t == CU_MEMORYTYPE_DEVICE ? "yes" : "NO");
			printf("; range attributes: %s", ename(cuPointerGetAttribute(&b,
			    CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, q + 8)));
			printf(", %s", ename(cuPointerGetAttribute(&n, CU_POINTER_ATTRIBUTE_RANGE_SIZE, q + 8)));
			printf("; close: %s", ename(cuIpcCloseMemHandle(q)));
		}
		printf("\n");
		return 0;
	}
	CK(cuMemAlloc(&p, 4096));
	CK(cuMemsetD32(p, 0xc0ffee, 1024));
	CK(cuMemsetD32(p + 100, 0x1234, 1));
	printf("handle of an allocation: %s\n", ename(cuIpcGetMemHandle(&h, p)));
	printf("handle of a pointer inside it: %s", ename(cuIpcGetMemHandle(&h2, p + 64)));
	printf(", %s\n", memcmp(&h, &h2, sizeof h) ? "ANOTHER HANDLE" : "the same handle");
	printf("handle of its end: %s\n", ename(cuIpcGetMemHandle(&h2, p + 4096)));
	CK(cuIpcGetMemHandle(&h2, p + 64));
	printf("open in this process: %s\n", ename(cuIpcOpenMemHandle(&q, h2, 1)));
	if (argc == 2) {
		other(argv[0], argv[1], &h2);
		CK(cuMemcpyDtoH(&v, p + 200, 4));
		printf("this process reads 0x%x there\n", v);
	}
	CK(cuMemFree(p));
	if (argc == 2)
		other(argv[0], argv[1], &h2);
	printf("open in this process after cuMemFree: %s\n", ename(cuIpcOpenMemHandle(&q, h, 1)));

	CK(cuEventCreate(&e, CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING));
	CK(cuEventCreate(&plain, CU_EVENT_DISABLE_TIMING));
	printf("handle of an event without CU_EVENT_INTERPROCESS: %s\n",
	    ename(cuIpcGetEventHandle(&eh, plain)));
	printf("handle of an interprocess event: %s\n", ename(cuIpcGetEventHandle(&eh, e)));
	printf("open it in this process: %s\n", ename(cuIpcOpenEventHandle(&e2, eh)));
	CK(cuEventDestroy(e));
	printf("open after cuEventDestroy: %s\n", ename(cuIpcOpenEventHandle(&e2, eh)));
	CK(cuCtxDestroy(c));
	return 0;
}

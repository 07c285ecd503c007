/*
 * ipcproc.c -- CUDA IPC between two processes, both running at once: this
 * program and a copy of itself it forks and executes ("ipcproc child FILE
 * RFD WFD"), which take turns through two pipes.  The parent shares a
 * 1 MiB and a 64 MiB allocation (the latter by a pointer inside it) and an
 * interprocess event; the child opens each (twice, with bad flags, by a
 * made-up handle), reads and writes the memory, records and waits on the
 * event, frees and closes what it opened wrongly and rightly, and opens
 * again once the parent has freed the memory and destroyed the event.
 * Then the child shares memory and an event of its own and exits, and the
 * parent opens them while it lives and after it is gone.  The calls the
 * parent makes wrongly on its own: handles of managed, host and pitched
 * memory, of a freed pointer, of an event without CU_EVENT_DISABLE_TIMING,
 * closes of what was never opened.
 *
 * Each process prints its lines in turn (parent: / child:), against
 * ipcproc.out.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cuda.h>
#include "shimtest.h"

#define MiB ((size_t)1 << 20)

typedef struct {
	CUipcMemHandle a, b, d;
	CUipcEventHandle e, f;
} Handles;

static int rfd, wfd;

/* The turn handed to the other process, and taken back */
static void
tell(char c)
{
	fflush(stdout);
	if (write(wfd, &c, 1) != 1)
		exit(3);
}

static void
await(char c)
{
	char got = 0;

	if (read(rfd, &got, 1) != 1 || got != c) {
		printf("the other process broke off (%d)\n", got);
		exit(3);
	}
}

static void
save(const char *file, const Handles *h)
{
	FILE *f = fopen(file, "wb");

	if (!f || fwrite(h, sizeof *h, 1, f) != 1 || fclose(f))
		exit(2);
}

static void
load(const char *file, Handles *h)
{
	FILE *f = fopen(file, "rb");

	if (!f || fread(h, sizeof *h, 1, f) != 1)
		exit(2);
	fclose(f);
}

static unsigned
word(CUdeviceptr p)
{
	unsigned v = 0xdeaddead;
	CUresult r = cuMemcpyDtoH(&v, p, 4);

	return r ? 0xffffffffu : v;
}

static int
child(const char *file)
{
	Handles h;
	CUdeviceptr pa = 0, pa2 = 0, pb = 0, q = 0, base = 0, pd = 0;
	CUipcMemHandle junk;
	CUevent e = NULL, e2 = NULL, f = NULL;
	size_t n = 0;
	float ms;
	CUresult r;

	load(file, &h);
	r = cuIpcOpenMemHandle(&pa, h.a, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS);
	printf("child: open the 1 MiB handle: %s", ename(r));
	if (!r) {
		printf(", 2 MiB page + %llu, reads 0x%x at +400", (unsigned long long)(pa % (2 * MiB)), word(pa + 400));
		CK(cuMemsetD32(pa + 404, 0xc1, 1));
		CK(cuMemGetAddressRange(&base, &n, pa + 8));
		printf(", range %s of %zu bytes", base == pa ? "from the base" : "ELSEWHERE", n);
	}
	printf("\n");
	r = cuIpcOpenMemHandle(&pa2, h.a, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS);
	printf("child: open it again: %s%s\n", ename(r), r ? "" : pa2 == pa ? ", the same pointer" : ", ANOTHER pointer");
	r = cuIpcOpenMemHandle(&pb, h.b, 0);
	printf("child: open the 64 MiB handle (flags 0): %s", ename(r));
	if (!r) {
		CK(cuMemGetAddressRange(&base, &n, pb + 8));
		printf(", 2 MiB page + %llu, reads 0x%x at +3 MiB, range %s of %zu bytes",
		    (unsigned long long)(pb % (2 * MiB)), word(pb + 3 * MiB), base == pb ? "from the base" : "ELSEWHERE", n);
	}
	printf("\n");
	printf("child: open with flags 2: %s\n", ename(cuIpcOpenMemHandle(&q, h.a, 2)));
	memset(&junk, 0, sizeof junk);
	printf("child: open a handle of zeros: %s\n", ename(cuIpcOpenMemHandle(&q, junk, 1)));
	memcpy(&junk, &h.a, sizeof junk);
	junk.reserved[sizeof junk.reserved - 1] ^= 0x5a;
	junk.reserved[8] ^= 0x5a;
	printf("child: open a handle with two bytes changed: %s\n", ename(cuIpcOpenMemHandle(&q, junk, 1)));
	printf("child: a memory handle of opened memory: %s\n", ename(cuIpcGetMemHandle(&junk, pa)));
	printf("child: cuMemFree of opened memory: %s\n", ename(cuMemFree(pb)));
	printf("child: close inside it: %s\n", ename(cuIpcCloseMemHandle(pb + 64)));

	r = cuIpcOpenEventHandle(&e, h.e);
	printf("child: open the event: %s\n", ename(r));
	if (!r) {
		printf("child: query it: %s\n", ename(cuEventQuery(e)));
		r = cuIpcOpenEventHandle(&e2, h.e);
		printf("child: open it again: %s%s\n", ename(r), r ? "" : e2 == e ? ", the same event" : ", another event");
		printf("child: record it: %s\n", ename(cuEventRecord(e, NULL)));
		printf("child: wait on it: %s\n", ename(cuStreamWaitEvent(NULL, e, 0)));
		printf("child: synchronize it: %s\n", ename(cuEventSynchronize(e)));
		printf("child: query it: %s\n", ename(cuEventQuery(e)));
		printf("child: its elapsed time: %s\n", ename(cuEventElapsedTime(&ms, e, e)));
		printf("child: an event handle of it: %s\n", ename(cuIpcGetEventHandle(&h.f, e)));
	}
	tell('1');
	await('2');   /* the parent has freed its memory and recorded the event again */
	printf("child: after the maker's cuMemFree: reads 0x%x at +404\n", word(pa + 404));
	if (e)
		printf("child: query the event: %s\n", ename(cuEventQuery(e)));
	printf("child: close: %s\n", ename(cuIpcCloseMemHandle(pa)));
	printf("child: close again: %s\n", ename(cuIpcCloseMemHandle(pa)));
	printf("child: close a third time: %s\n", ename(cuIpcCloseMemHandle(pa)));
	printf("child: open the freed allocation's handle: %s\n", ename(cuIpcOpenMemHandle(&q, h.a, 1)));
	printf("child: close the 64 MiB one: %s\n", ename(cuIpcCloseMemHandle(pb)));
	if (e) {
		printf("child: destroy the opened event: %s\n", ename(cuEventDestroy(e)));
		if (e2 && e2 != e)
			printf("child: destroy the second: %s\n", ename(cuEventDestroy(e2)));
	}
	tell('3');
	await('4');   /* the parent has destroyed the event */
	printf("child: open the destroyed event's handle: %s\n", ename(r = cuIpcOpenEventHandle(&e, h.e)));
	if (!r) {
		printf("child: query it: %s\n", ename(cuEventQuery(e)));
		CK(cuEventDestroy(e));
	}

	/* its own, for the parent */
	CK(cuMemAlloc(&pd, 3 * MiB));
	CK(cuMemsetD32(pd + 3 * MiB - 4, 0xd4, 1));
	CK(cuIpcGetMemHandle(&h.d, pd));
	CK(cuEventCreate(&f, CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING));
	CK(cuEventRecord(f, NULL));
	CK(cuCtxSynchronize());
	CK(cuIpcGetEventHandle(&h.f, f));
	save(file, &h);
	tell('5');
	await('6');   /* the parent has opened them */
	printf("child: exits\n");
	fflush(stdout);
	return 0;
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext c;
	CUdeviceptr a, b, m, pp, q, d = 0;
	CUevent e, plain, f = NULL;
	Handles h;
	CUipcMemHandle junk;
	CUipcEventHandle ejunk;
	void *host;
	size_t pitch;
	int up[2], down[2], st;
	pid_t pid;
	char sr[16], sw[16];
	CUresult r;

	if (argc == 5 && !strcmp(argv[1], "child")) {
		rfd = atoi(argv[3]), wfd = atoi(argv[4]);
		CK(cuInit(0));
		CK(cuDeviceGet(&dev, 0));
		CK(cuCtxCreate(&c, NULL, 0, dev));
		return child(argv[2]);
	}
	if (argc != 2) {
		fprintf(stderr, "usage: ipcproc FILE\n");
		return 2;
	}
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&c, NULL, 0, dev));
	CK(cuMemAlloc(&a, MiB));
	CK(cuMemsetD32(a, 0x11111111, MiB / 4));
	CK(cuMemsetD32(a + 400, 0xa1, 1));
	CK(cuMemAlloc(&b, 64 * MiB));
	CK(cuMemsetD32(b + 3 * MiB, 0xb2, 1));
	CK(cuIpcGetMemHandle(&h.a, a));
	CK(cuIpcGetMemHandle(&h.b, b + 3 * MiB));
	CK(cuEventCreate(&e, CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING));
	CK(cuEventRecord(e, NULL));
	CK(cuCtxSynchronize());
	CK(cuIpcGetEventHandle(&h.e, e));

	CK(cuMemAllocManaged(&m, 4096, CU_MEM_ATTACH_GLOBAL));
	printf("parent: a handle of managed memory: %s\n", ename(cuIpcGetMemHandle(&junk, m)));
	CK(cuMemHostAlloc(&host, 4096, CU_MEMHOSTALLOC_DEVICEMAP));
	printf("parent: a handle of cuMemHostAlloc memory: %s\n",
	    ename(cuIpcGetMemHandle(&junk, (CUdeviceptr)(uintptr_t)host)));
	CK(cuMemAllocPitch(&pp, &pitch, 100, 10, 4));
	printf("parent: a handle of cuMemAllocPitch memory: %s\n", ename(cuIpcGetMemHandle(&junk, pp)));
	CK(cuMemAlloc(&q, 4096));
	CK(cuMemFree(q));
	printf("parent: a handle of a freed allocation: %s\n", ename(cuIpcGetMemHandle(&junk, q)));
	printf("parent: close its own allocation: %s\n", ename(cuIpcCloseMemHandle(a)));
	printf("parent: close 0: %s\n", ename(cuIpcCloseMemHandle(0)));
	r = cuEventCreate(&plain, CU_EVENT_INTERPROCESS);
	printf("parent: an interprocess event with timing: %s\n", ename(r));
	if (!r) {
		printf("parent: a handle of it: %s\n", ename(cuIpcGetEventHandle(&ejunk, plain)));
		CK(cuEventDestroy(plain));
	}
	CK(cuMemFree(m));
	CK(cuMemFreeHost(host));
	CK(cuMemFree(pp));

	save(argv[1], &h);
	if (pipe(up) || pipe(down))
		return 2;
	snprintf(sr, sizeof sr, "%d", down[0]);
	snprintf(sw, sizeof sw, "%d", up[1]);
	fflush(stdout);
	if ((pid = fork()) < 0)
		return 2;
	if (!pid) {
		close(up[0]), close(down[1]);
		execl(argv[0], argv[0], "child", argv[1], sr, sw, (char *)NULL);
		_exit(127);
	}
	close(up[1]), close(down[0]);
	rfd = up[0], wfd = down[1];

	await('1');
	printf("parent: reads 0x%x at +404\n", word(a + 404));
	printf("parent: query the event: %s\n", ename(cuEventQuery(e)));
	printf("parent: free the 1 MiB allocation: %s\n", ename(cuMemFree(a)));
	CK(cuEventRecord(e, NULL));
	CK(cuCtxSynchronize());
	tell('2');
	await('3');
	printf("parent: query the event: %s\n", ename(cuEventQuery(e)));
	printf("parent: destroy the event: %s\n", ename(cuEventDestroy(e)));
	tell('4');
	await('5');
	load(argv[1], &h);
	r = cuIpcOpenMemHandle(&d, h.d, 1);
	printf("parent: open the child's memory: %s", ename(r));
	if (!r)
		printf(", reads 0x%x at its end", word(d + 3 * MiB - 4));
	printf("\n");
	r = cuIpcOpenEventHandle(&f, h.f);
	printf("parent: open the child's event: %s", ename(r));
	if (!r)
		printf(", query: %s", ename(cuEventQuery(f)));
	printf("\n");
	tell('6');
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		printf("parent: the child FAILED\n");
	if (d) {
		printf("parent: after the child's exit, reads 0x%x at its end\n", word(d + 3 * MiB - 4));
		printf("parent: close it: %s\n", ename(cuIpcCloseMemHandle(d)));
	}
	if (f) {
		printf("parent: query the event: %s\n", ename(cuEventQuery(f)));
		printf("parent: destroy it: %s\n", ename(cuEventDestroy(f)));
	}
	printf("parent: open the child's memory after its exit: %s\n", ename(cuIpcOpenMemHandle(&d, h.d, 1)));
	printf("parent: open the child's event after its exit: %s\n", ename(cuIpcOpenEventHandle(&f, h.f)));
	CK(cuMemFree(b));
	CK(cuCtxDestroy(c));
	printf("done\n");
	return 0;
}

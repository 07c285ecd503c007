/*
 * vmm.c -- virtual memory management: two physical allocations mapped
 * side by side into one reserved range, a kernel writing across the
 * boundary, the second one mapped again elsewhere (its bytes shared), a
 * handle exported as a file descriptor and imported, the memory counted
 * by cuMemGetInfo, the calls made wrongly, and a launch on the range once
 * unmapped, which faults.  The file descriptor goes to a second process
 * (this program again, "child FD"), which maps it and writes into it: the
 * first reads what it wrote.  The descriptor is closed on exec, as the
 * driver's is (a child that inherits its number gets nothing: vmm.gpu), so
 * it goes over a Unix socket (SCM_RIGHTS), as documented for sharing
 * handles between processes.  With "noaccess": a kernel on a range mapped
 * but never given access, which faults on a GPU.
 *
 * Output: one line each, against vmm.out (its first part, or the line
 * after it for noaccess).
 */
#define _DEFAULT_SOURCE   /* CMSG_SPACE */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cuda.h>
#include "shimtest.h"

#define MiB ((size_t)1 << 20)

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry fill(.param .u64 out, .param .u32 v)\n{\n"
	"\t.reg .u32 %r<4>;\n\t.reg .u64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [out];\n\tld.param.u32 %r2, [v];\n"
	"\tmov.u32 %r1, %tid.x;\n\tadd.u32 %r3, %r1, %r2;\n"
	"\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.u64 %rd3, %rd1, %rd2;\n"
	"\tst.global.u32 [%rd3], %r3;\n\tret;\n}\n"
	".visible .entry copy(.param .u64 dst, .param .u64 src)\n{\n"
	"\t.reg .u32 %r<2>;\n\t.reg .u64 %rd<6>;\n"
	"\tld.param.u64 %rd1, [dst];\n\tld.param.u64 %rd2, [src];\n"
	"\tmov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd3, %r1, 4;\n"
	"\tadd.u64 %rd4, %rd2, %rd3;\n\tld.global.u32 %r1, [%rd4];\n"
	"\tadd.u64 %rd5, %rd1, %rd3;\n\tst.global.u32 [%rd5], %r1;\n\tret;\n}\n";

static CUfunction fill, copy;

/* A descriptor over the Unix socket s: sent (fd >= 0) or received. */
static int
passfd(int s, int fd)
{
	char c = 0, buf[CMSG_SPACE(sizeof(int))];
	struct iovec io = { &c, 1 };
	struct msghdr m = { 0 };
	struct cmsghdr *h;

	memset(buf, 0, sizeof buf);
	m.msg_iov = &io;
	m.msg_iovlen = 1;
	m.msg_control = buf;
	m.msg_controllen = sizeof buf;
	if (fd >= 0) {
		h = CMSG_FIRSTHDR(&m);
		h->cmsg_level = SOL_SOCKET;
		h->cmsg_type = SCM_RIGHTS;
		h->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(h), &fd, sizeof fd);
		return sendmsg(s, &m, 0) == 1 ? fd : -1;
	}
	if (recvmsg(s, &m, 0) != 1 || !(h = CMSG_FIRSTHDR(&m)) || h->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(h), sizeof fd);
	return fd;
}

/* fill(out, v) with n threads: out[i] = i + v */
static CUresult
run_fill(CUdeviceptr out, unsigned v, unsigned n)
{
	void *args[] = {&out, &v};
	CUresult r = cuLaunchKernel(fill, 1, 1, 1, n, 1, 1, 0, NULL, args, NULL);

	return r ? r : cuCtxSynchronize();
}

static int
check(const unsigned *got, unsigned n, unsigned first)
{
	for (unsigned i = 0; i < n; i++)
		if (got[i] != first + i)
			return 0;
	return 1;
}

int
main(int argc, char **argv)
{
	CUcontext c;
	CUdevice d;
	CUmodule m;
	CUmemAllocationProp prop = {0}, back;
	CUmemAccessDesc acc = {{CU_MEM_LOCATION_TYPE_DEVICE, 0}, CU_MEM_ACCESS_FLAGS_PROT_READWRITE};
	CUmemLocation loc = {CU_MEM_LOCATION_TYPE_DEVICE, 0};
	CUmemGenericAllocationHandle ha, hb, h;
	CUdeviceptr r1, r2, r3, r4, hint, buf;
	size_t gmin = 0, grec = 0, free0, free1, total;
	unsigned long long fl = 99;
	unsigned got[128];
	int v = 0, fd = -1;

	CK(cuInit(0));
	CK(cuDeviceGet(&d, 0));
	CK(cuCtxCreate(&c, NULL, 0, d));
	CK(cuModuleLoadData(&m, ptx));
	CK(cuModuleGetFunction(&fill, m, "fill"));
	CK(cuModuleGetFunction(&copy, m, "copy"));
	prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
	prop.location = loc;

	if (argc > 2 && !strcmp(argv[1], "child")) {
		fd = passfd(atoi(argv[2]), -1);
		CK(cuMemImportFromShareableHandle(&h, (void *)(uintptr_t)fd, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR));
		CK(cuMemAddressReserve(&r1, 2 * MiB, 0, 0, 0));
		CK(cuMemMap(r1, 2 * MiB, 0, h, 0));
		CK(cuMemSetAccess(r1, 2 * MiB, &acc, 1));
		CK(cuMemcpyDtoH(got, r1 + 2 * MiB - 256, 64 * 4));
		printf("another process sees the first half: %s\n", check(got, 64, 1000) ? "1000..1063" : "WRONG");
		CK(run_fill(r1 + 2 * MiB - 256, 7000, 64));
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "noaccess")) {
		CK(cuMemAddressReserve(&r1, 2 * MiB, 0, 0, 0));
		CK(cuMemCreate(&ha, 2 * MiB, &prop, 0));
		CK(cuMemMap(r1, 2 * MiB, 0, ha, 0));
		printf("a kernel on a mapped range without access: %s\n", ename(run_fill(r1, 0, 32)));
		return 0;
	}

	CK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, d));
	printf("virtual memory management supported: %d\n", v);
	{
		void *fp = NULL;
		CUdriverProcAddressQueryResult q;
		CK(cuGetProcAddress("cuMemAddressReserve", &fp, 12000, CU_GET_PROC_ADDRESS_DEFAULT, &q));
		printf("cuGetProcAddress finds cuMemAddressReserve: %s\n", fp ? "yes" : "no");
	}
	CK(cuMemGetAllocationGranularity(&gmin, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
	CK(cuMemGetAllocationGranularity(&grec, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED));
	printf("granularity: minimum %zu, recommended %zu\n", gmin, grec);
	CK(cuMemGetInfo(&free0, &total));

	printf("cuMemCreate of 1 MiB: %s\n", ename(cuMemCreate(&h, MiB, &prop, 0)));
	prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
	CK(cuMemCreate(&ha, 2 * MiB, &prop, 0));
	prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_NONE;
	CK(cuMemCreate(&hb, 2 * MiB, &prop, 0));
	CK(cuMemGetInfo(&free1, &total));
	printf("two 2 MiB handles take from cuMemGetInfo: %zu MiB\n", (free0 - free1) / MiB);

	CK(cuMemAddressReserve(&r1, 4 * MiB, 0, 0, 0));
	printf("the reservation is 2 MiB aligned: %s\n", r1 % (2 * MiB) ? "NO" : "yes");
	CK(cuMemAddressReserve(&r3, 2 * MiB, 64 * MiB, 0, 0));
	printf("a reservation aligned to 64 MiB: %s\n", r3 % (64 * MiB) ? "NO" : "yes");
	CK(cuMemMap(r1, 2 * MiB, 0, ha, 0));
	CK(cuMemMap(r1 + 2 * MiB, 2 * MiB, 0, hb, 0));
	printf("a second map over a mapped range: %s\n", ename(cuMemMap(r1, 2 * MiB, 0, hb, 0)));
	printf("a map into no reservation: %s\n", ename(cuMemMap(2 * MiB, 2 * MiB, 0, hb, 0)));
	printf("a map of 1 MiB: %s\n", ename(cuMemMap(r3, MiB, 0, hb, 0)));
	printf("a map past the handle's end: %s\n", ename(cuMemMap(r3, 2 * MiB, 2 * MiB, hb, 0)));
	CK(cuMemGetAccess(&fl, &loc, r1));
	printf("access before cuMemSetAccess: %llu\n", fl);
	CK(cuMemSetAccess(r1, 4 * MiB, &acc, 1));
	CK(cuMemGetAccess(&fl, &loc, r1 + 3 * MiB));
	printf("access after it: %llu\n", fl);

	/* 128 threads from 64 words before the boundary */
	printf("a kernel writing across the boundary: %s\n", ename(run_fill(r1 + 2 * MiB - 256, 1000, 128)));
	CK(cuMemcpyDtoH(got, r1 + 2 * MiB - 256, sizeof got));
	printf("read back across it: %s\n", check(got, 128, 1000) ? "1000..1127" : "WRONG");

	{
		CUmemorytype mt = 0;
		CUdeviceptr start = 0;
		size_t sz = 0;
		CK(cuPointerGetAttribute(&mt, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, r1 + 3 * MiB));
		CK(cuPointerGetAttribute(&start, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, r1 + 3 * MiB));
		CK(cuPointerGetAttribute(&sz, CU_POINTER_ATTRIBUTE_RANGE_SIZE, r1 + 3 * MiB));
		printf("pointer attributes: %s, the mapping %s, %zu MiB\n", mt == CU_MEMORYTYPE_DEVICE ? "device" : "OTHER",
		    start == r1 ? "the reservation's" : start == r1 + 2 * MiB ? "at the second half" : "ELSEWHERE",
		    sz / MiB);
	}

	/* the second handle again, at an address asked for */
	hint = r1 + 1024 * MiB;
	CK(cuMemAddressReserve(&r2, 2 * MiB, 0, hint, 0));
	printf("a reservation at a free address asked for: %s\n", r2 == hint ? "there" : "elsewhere");
	CK(cuMemAddressReserve(&r4, 2 * MiB, 0, r2 + 2 * MiB, 0));
	printf("a reservation asked for right after it: %s\n", r4 == r2 + 2 * MiB ? "there" : "elsewhere");
	CK(cuMemMap(r2, 2 * MiB, 0, hb, 0));
	CK(cuMemSetAccess(r2, 2 * MiB, &acc, 1));
	CK(cuMemcpyDtoH(got, r2, 64 * 4));
	printf("the alias holds the second half: %s\n", check(got, 64, 1064) ? "1064..1127" : "WRONG");
	CK(cuMemAlloc(&buf, 256));
	{
		void *args[] = {&buf, &r2};
		CK(cuLaunchKernel(copy, 1, 1, 1, 64, 1, 1, 0, NULL, args, NULL));
		CK(cuCtxSynchronize());
	}
	CK(cuMemcpyDtoH(got, buf, 64 * 4));
	printf("a kernel reads the alias: %s\n", check(got, 64, 1064) ? "1064..1127" : "WRONG");
	CK(run_fill(r2, 5000, 32));
	CK(cuMemcpyDtoH(got, r1 + 2 * MiB, 32 * 4));
	printf("a kernel's stores through the alias, read through the first mapping: %s\n",
	    check(got, 32, 5000) ? "5000..5031" : "WRONG");

	CK(cuMemRetainAllocationHandle(&h, (void *)(uintptr_t)(r2 + 100)));
	printf("the handle mapped at an address: %s\n", h == hb ? "the second" : "WRONG");
	CK(cuMemRelease(h));
	CK(cuMemGetAllocationPropertiesFromHandle(&back, ha));
	printf("properties: type %d, location %d/%d, handle types %d\n", (int)back.type,
	    (int)back.location.type, back.location.id, (int)back.requestedHandleTypes);

	/* a file descriptor for the first handle, imported in this process */
	CK(cuMemExportToShareableHandle(&fd, ha, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
	CK(cuMemImportFromShareableHandle(&h, (void *)(uintptr_t)fd, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR));
	CK(cuMemMap(r3, 2 * MiB, 0, h, 0));
	CK(cuMemSetAccess(r3, 2 * MiB, &acc, 1));
	CK(cuMemcpyDtoH(got, r3 + 2 * MiB - 256, 64 * 4));
	printf("the imported handle holds the first half: %s\n", check(got, 64, 1000) ? "1000..1063" : "WRONG");
	CK(cuMemUnmap(r3, 2 * MiB));
	CK(cuMemRelease(h));
	printf("the descriptor is closed on exec: %s\n", fcntl(fd, F_GETFD) & FD_CLOEXEC ? "yes" : "no");
	{
		char arg[16];
		int st = -1, sv[2];
		pid_t pid;
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
			printf("FAIL: socketpair\n");
			return 1;
		}
		snprintf(arg, sizeof arg, "%d", sv[1]);
		fflush(stdout);
		if ((pid = fork()) == 0) {
			close(sv[0]);
			execl(argv[0], argv[0], "child", arg, (char *)NULL);
			_exit(127);
		}
		close(sv[1]);
		if (passfd(sv[0], fd) < 0)
			printf("FAIL: the descriptor was not sent\n");
		close(sv[0]);
		if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st)) {
			printf("FAIL: the second process (status %d)\n", st);
			return 1;
		}
	}
	close(fd);
	CK(cuMemcpyDtoH(got, r1 + 2 * MiB - 256, 64 * 4));
	printf("its stores, read here: %s\n", check(got, 64, 7000) ? "7000..7063" : "WRONG");
	printf("a descriptor of another file: %s\n",
	    ename(cuMemImportFromShareableHandle(&h, (void *)(uintptr_t)1, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)));
	printf("exporting a handle not made for it: %s\n",
	    ename(cuMemExportToShareableHandle(&fd, hb, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0)));

	printf("unmapping half a mapping: %s\n", ename(cuMemUnmap(r1, MiB)));
	printf("freeing a reservation still mapped: %s\n", ename(cuMemAddressFree(r2, 2 * MiB)));
	CK(cuMemUnmap(r2, 2 * MiB));
	CK(cuMemUnmap(r1, 4 * MiB));
	printf("access of an unmapped address: %s\n", ename(cuMemGetAccess(&fl, &loc, r1)));
	printf("freeing a reservation with the wrong size: %s\n", ename(cuMemAddressFree(r2, 4 * MiB)));
	CK(cuMemAddressFree(r2, 2 * MiB));
	CK(cuMemAddressFree(r3, 2 * MiB));
	CK(cuMemAddressFree(r4, 2 * MiB));
	CK(cuMemRelease(ha));
	CK(cuMemRelease(hb));
	printf("a released handle: %s\n", ename(cuMemRelease(hb)));
	CK(cuMemFree(buf));
	CK(cuMemGetInfo(&free1, &total));
	printf("cuMemGetInfo back where it was: %s\n", free1 == free0 ? "yes" : "NO");
	printf("a kernel on the range once unmapped: %s\n", ename(run_fill(r1, 0, 32)));
	return 0;
}

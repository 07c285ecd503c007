/*
 * shimtest.h -- what the driver-API test programs of tests/shim share.
 * Each is still one source file built alone against the toolkit's cuda.h
 * (tests/shim.test); this header sits beside them.
 *
 *   ename(r)           the error's name, "?" for a code the driver does
 *                      not name
 *   CK(call)           stops the program at the first unexpected failure,
 *                      naming the call, its line and the error
 *   primary_ctx()      cuInit, device 0's primary context made current
 *   slurp(path, &n)    a whole file, NUL-terminated (n may be NULL)
 *   load_devrt(&m, ptx) PTX that calls the device runtime (cudaCG*, ...)
 *                      linked with libcudadevrt.a through cuLink and
 *                      loaded, as a GPU's driver needs it ($CUDADEVRT,
 *                      else the toolkit's; the shim has its own)
 *   LD_PTX             PTX of a kernel ld(u64 p, u64 out): *out = *p, a
 *                      volatile load (the probe of the tests of what lies
 *                      around an allocation)
 *   w16/w32/w64(p, v)  little-endian stores, for images made by hand
 *   sections(sec, n, argc, argv)  runs the sections named on the command
 *                      line (all of them when none is), each between
 *                      "-- NAME" and "after NAME: " the context's
 *                      synchronize, then "done"
 *   showdot(path)      prints a cuGraphDebugDotPrint file with each 0x and
 *                      16 hexadecimal digits (a handle or address) as "0x#",
 *                      then removes it
 *   RISKY(what, call)  a call a driver may crash on (NULL where it wants a
 *                      pointer, a graph inside itself): its line, "~ what:
 *                      RESULT", is printed by the shim's run only.  An
 *                      H200's driver dies of a segmentation fault on
 *                      several such calls, so where the program runs on a
 *                      real driver (PTXKIT_REAL_DRIVER set) they are left
 *                      out, and shim.test compares the other lines with
 *                      the driver's answers (NAME.gpu).  Each must leave
 *                      the state as it found it.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>

#define CK(call) ck((call), #call, __LINE__)

#define LD_PTX \
	".version 8.0\n.target sm_90\n.address_size 64\n" \
	".visible .entry ld(.param .u64 p, .param .u64 out)\n{\n" \
	"\t.reg .u32 %r<2>;\n\t.reg .u64 %rd<3>;\n" \
	"\tld.param.u64 %rd1, [p];\n\tld.param.u64 %rd2, [out];\n" \
	"\tld.global.volatile.u32 %r1, [%rd1];\n\tst.global.u32 [%rd2], %r1;\n\tret;\n}\n"


#define RISKY(what, call) do { \
	if (!getenv("PTXKIT_REAL_DRIVER")) \
		printf("~ %s: %s\n", (what), ename(call)); \
} while (0)

/* FNV-1a over n bytes: the checksum the tensor tests print for a
 * buffer, on the GPU and on the shim alike */
static inline uint64_t
fnv64(const void *v, size_t n)
{
	const uint8_t *p = v;
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

static inline const char *
ename(CUresult r)
{
	const char *name = NULL;

	cuGetErrorName(r, &name);
	return name ? name : "?";
}

static inline void
ck(CUresult r, const char *what, int line)
{
	const char *name = NULL;

	if (r == CUDA_SUCCESS)
		return;
	cuGetErrorName(r, &name);
	printf("FAIL line %d: %s: %s\n", line, what, name ? name : "?");
	exit(1);
}

/* cuInit, and device 0's primary context retained and made current */
static inline CUcontext
primary_ctx(void)
{
	CUdevice dev;
	CUcontext ctx;

	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CK(cuCtxSetCurrent(ctx));
	return ctx;
}

static inline void *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *p = NULL;
	long len = -1;

	if (f && !fseek(f, 0, SEEK_END) && (len = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET))
		p = calloc((size_t)len + 1, 1);
	if (!p || fread(p, 1, (size_t)len, f) != (size_t)len) {
		fprintf(stderr, "%s: cannot read\n", path);
		exit(2);
	}
	fclose(f);
	if (n)
		*n = (size_t)len;
	return p;
}

static inline CUresult
load_devrt(CUmodule *m, const char *ptx)
{
	const char *lib = getenv("CUDADEVRT");
	CUlinkState ls;
	void *img;
	size_t n;
	CUresult r;

	if ((r = cuLinkCreate(0, NULL, NULL, &ls)))
		return r;
	if (!(r = cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)ptx, strlen(ptx) + 1, "ptx", 0, NULL, NULL)) &&
	    !(r = cuLinkAddFile(ls, CU_JIT_INPUT_LIBRARY, lib ? lib : "/usr/local/cuda/lib64/libcudadevrt.a",
	    0, NULL, NULL)) && !(r = cuLinkComplete(ls, &img, &n)))
		r = cuModuleLoadData(m, img);
	cuLinkDestroy(ls);
	return r;
}

static inline void
w16(unsigned char *p, unsigned v)
{
	p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8);
}

static inline void
w32(unsigned char *p, uint32_t v)
{
	w16(p, v & 0xffff), w16(p + 2, v >> 16);
}

static inline void
w64(unsigned char *p, uint64_t v)
{
	w32(p, (uint32_t)v), w32(p + 4, (uint32_t)(v >> 32));
}

typedef struct {
	const char *name;
	void (*fn)(void);
} Section;

static inline void
sections(const Section *sec, size_t n, int argc, char **argv)
{
	for (size_t i = 0; i < n; i++) {
		int want = argc < 2;
		for (int a = 1; a < argc; a++)
			want |= !strcmp(argv[a], sec[i].name);
		if (!want)
			continue;
		printf("-- %s\n", sec[i].name);
		sec[i].fn();
		printf("after %s: %s\n", sec[i].name, ename(cuCtxSynchronize()));
	}
	printf("done\n");
}

static inline void
showdot(const char *path)
{
	FILE *f = fopen(path, "r");
	int c, k;
	char buf[20];

	if (!f)
		return;
	while ((c = getc(f)) != EOF) {
		if (c != '0') {
			putchar(c);
			continue;
		}
		buf[0] = '0';
		for (k = 1; k < 18 && (c = getc(f)) != EOF; k++) {
			buf[k] = (char)c;
			if (k == 1 ? c != 'x' : !isxdigit(c))
				break;
		}
		if (k == 18)
			fputs("0x#", stdout);
		else
			fwrite(buf, 1, k + (c != EOF), stdout);
	}
	fclose(f);
	remove(path);
}

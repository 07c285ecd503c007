/*
 * lazylib.c -- cuLibraryLoadData and cuLibraryLoadFromFile of images the
 * device cannot run: PTX that does not compile, PTX of a newer ISA or for a
 * newer target, a fatbin of machine code for another GPU.  Each image is
 * loaded as a module, then as a library by each call (with and without
 * CU_LIBRARY_BINARY_IS_PRESERVED), and the library asked what a program
 * asks of it; a line per image and way, each call's result.  The process
 * runs under each CUDA_MODULE_LOADING (the first line names the mode).
 * With file arguments, the images are those files instead.
 */
#define _POSIX_C_SOURCE 200809L   /* fileno */
#include <unistd.h>
#include "shimtest.h"

#define HEAD ".address_size 64\n.global .u32 g;\n"
#define KERNEL ".visible .entry k(.param .u64 p)\n{\n\tret;\n}\n"

static const struct {
	const char *what, *text;
} texts[] = {
	{"PTX", ".version 8.0\n.target sm_90\n" HEAD KERNEL},
	{"PTX of a syntax error", ".version 8.0\n.target sm_90\n" HEAD
	    ".visible .entry k(.param .u64 p)\n{\n\tfrobnicate.u32 %r1;\n\tret;\n}\n"},
	{"PTX of an undeclared register", ".version 8.0\n.target sm_90\n" HEAD
	    ".visible .entry k(.param .u64 p)\n{\n\tmov.u32 %r1, 1;\n\tret;\n}\n"},
	{"PTX calling an undefined function", ".version 8.0\n.target sm_90\n" HEAD
	    ".extern .func f();\n.visible .entry k(.param .u64 p)\n{\n\tcall f;\n\tret;\n}\n"},
	{"PTX of ISA 9.0", ".version 9.0\n.target sm_90\n" HEAD KERNEL},
	{"PTX of ISA 9.1", ".version 9.1\n.target sm_90\n" HEAD KERNEL},
	{"PTX of ISA 9.5", ".version 9.5\n.target sm_90\n" HEAD KERNEL},
	{"PTX of ISA 10.0", ".version 10.0\n.target sm_90\n" HEAD KERNEL},
	{"PTX for sm_100", ".version 8.7\n.target sm_100\n" HEAD KERNEL},
	{"an empty text", ""},
	{"text that is no PTX", "hello\n"},
};
#define NTEXT (int)(sizeof texts / sizeof texts[0])

static unsigned char img[1 << 16];
static size_t imglen;

/* A fatbin of one entry (kind 1 PTX, 2 ELF) for sm at img, of n bytes of
 * payload p (nvcc 13's layout, as in edges.c). */
static void
fatbin(unsigned kind, unsigned sm, const void *p, size_t n)
{
	size_t pay = (n + 7) & ~(size_t)7;
	unsigned char *e = img + 16;

	memset(img, 0, sizeof img);
	w32(img, 0xba55ed50u), w16(img + 4, 1), w16(img + 6, 16), w64(img + 8, 80 + pay);
	w16(e, (unsigned)kind), w16(e + 2, 0x101), w32(e + 4, 80), w64(e + 8, pay);
	w32(e + 20, 64), w16(e + 26, 8), w32(e + 28, sm);
	w64(e + 40, kind == 1 ? 0x11 : 0x1), w32(e + 64, 72);
	memcpy(e + 80, p, n);
	imglen = 16 + 80 + pay;
}

/* An ELF64 header of a cubin for sm (e_flags as nvcc 13 writes them) with
 * 3 empty section headers, the second a string table: no code. */
static size_t
cubin(unsigned char *b, unsigned sm)
{
	memset(b, 0, 256 + 3 * 64);
	memcpy(b, "\177ELF\2\1\1\101\10", 9);
	w16(b + 0x10, 2), w16(b + 0x12, 190), w32(b + 0x14, 1);
	w32(b + 0x30, 0x6000004u | sm << 8);
	w64(b + 0x28, 256), w16(b + 0x34, 64), w16(b + 0x3a, 64), w16(b + 0x3c, 3), w16(b + 0x3e, 1);
	w32(b + 256 + 64 + 4, 3);
	return 256 + 3 * 64;
}

static const char *
shape(int i)
{
	unsigned char b[1024];
	size_t n;

	if (i < NTEXT) {
		imglen = strlen(texts[i].text) + 1;
		memcpy(img, texts[i].text, imglen);
		return texts[i].what;
	}
	switch (i - NTEXT) {
	case 0: fatbin(1, 100, texts[8].text, strlen(texts[8].text) + 1);
		return "a fatbin of PTX for compute_100 only";
	case 1: fatbin(1, 90, texts[1].text, strlen(texts[1].text) + 1);
		return "a fatbin of PTX of a syntax error";
	case 2: fatbin(1, 90, texts[6].text, strlen(texts[6].text) + 1);
		return "a fatbin of PTX of ISA 9.5";
	case 3: n = cubin(b, 80), fatbin(2, 80, b, n);
		return "a fatbin of a cubin for sm_80 only";
	case 4: n = cubin(b, 100), fatbin(2, 100, b, n);
		return "a fatbin of a cubin for sm_100 only";
	case 5: imglen = cubin(img, 80);
		return "a cubin for sm_80";
	case 6: imglen = cubin(img, 100);
		return "a cubin for sm_100";
	}
	return NULL;
}

static const char *path;

/* Loads the image at img as a library in one of four ways. */
static CUresult
libload(CUlibrary *l, int way)
{
	CUlibraryOption o = CU_LIBRARY_BINARY_IS_PRESERVED;
	void *v = (void *)(uintptr_t)1;
	FILE *f;

	if (way < 2)
		return cuLibraryLoadData(l, img, NULL, NULL, 0, way ? &o : NULL, way ? &v : NULL, way ? 1 : 0);
	if (!(f = fopen(path, "wb")) || fwrite(img, 1, imglen, f) != imglen || fclose(f)) {
		perror(path);
		exit(2);
	}
	return cuLibraryLoadFromFile(l, path, NULL, NULL, 0, way == 3 ? &o : NULL, way == 3 ? &v : NULL,
	    way == 3 ? 1 : 0);
}

static void
one(const char *what)
{
	static const char *ways[] = {"data", "data preserved", "file", "file preserved"};
	CUmodule m;
	CUresult r;

	r = cuModuleLoadData(&m, img);
	printf("%s: module %s\n", what, ename(r));
	if (!r)
		CK(cuModuleUnload(m));
	for (int w = 0; w < 4; w++) {
		CUlibrary l;
		CUkernel k, k2;
		CUfunction f;
		CUmodule lm;
		CUdeviceptr gp;
		size_t gn;
		void *fp;
		unsigned cnt = 0;
		CUresult rk;

		printf("  %s: %s", ways[w], ename(r = libload(&l, w)));
		if (r) {
			printf("\n");
			continue;
		}
		printf(", count %s", ename(r = cuLibraryGetKernelCount(&cnt, l)));
		if (!r)
			printf(" %u", cnt);
		printf(", kernel %s", ename(rk = cuLibraryGetKernel(&k, l, "k")));
		printf(", again %s", ename(cuLibraryGetKernel(&k2, l, "k")));
		printf(", other %s", ename(cuLibraryGetKernel(&k2, l, "nosuch")));
		if (!rk)
			printf(", function %s", ename(cuKernelGetFunction(&f, k)));
		printf(", module %s", ename(cuLibraryGetModule(&lm, l)));
		printf(", global %s", ename(cuLibraryGetGlobal(&gp, &gn, l, "g")));
		printf(", managed %s", ename(cuLibraryGetManaged(&gp, &gn, l, "g")));
		printf(", unified %s", ename(cuLibraryGetUnifiedFunction(&fp, l, "k")));
		printf(", sync %s", ename(cuCtxSynchronize()));
		printf(", unload %s\n", ename(cuLibraryUnload(l)));
	}
}

/* Whether the calls between hush() and heard() wrote to stderr: a driver
 * says nothing of a library that does not load until its code is asked
 * for (and then only through the result). */
static int errfd = -1;
static FILE *errf;

static void
hush(void)
{
	fflush(stderr);
	if ((errf = tmpfile()) && (errfd = dup(2)) >= 0)
		dup2(fileno(errf), 2);
}

static const char *
heard(void)
{
	long n;

	fflush(stderr);
	if (!errf || errfd < 0)
		return "stderr unknown";
	n = (long)lseek(2, 0, SEEK_END);
	dup2(errfd, 2);
	close(errfd);
	fclose(errf);
	return n > 0 ? "stderr written" : "stderr silent";
}

/* The error log of a library load of PTX that does not compile: written
 * by the load, or when the kernel is asked for; stderr left alone by the
 * load. */
static void
logs(void)
{
	static char log[4096];
	CUjit_option o[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
	void *v[] = {log, (void *)(uintptr_t)sizeof log};
	CUlibrary l;
	CUkernel k;
	CUresult r;

	shape(1);
	hush();
	r = cuLibraryLoadData(&l, img, o, v, 2, NULL, NULL, 0);
	printf("log of %s: load %s, %s, log %s", texts[1].what, ename(r), heard(), log[0] ? "written" : "empty");
	if (!r) {
		printf(", kernel %s", ename(cuLibraryGetKernel(&k, l, "k")));
		printf(", log %s", log[0] ? "written" : "empty");
		CK(cuLibraryUnload(l));
	}
	printf("\n");
}

int
main(int argc, char **argv)
{
	CUmoduleLoadingMode mode;
	const char *what;
	CUmodule m;
	CUfunction f;

	setvbuf(stdout, NULL, _IOLBF, 0);
	primary_ctx();
	CK(cuModuleGetLoadingMode(&mode));
	printf("loading mode: %s\n", mode == CU_MODULE_EAGER_LOADING ? "eager" : "lazy");
	{   /* the file cuLibraryLoadFromFile reads, the process's own */
		static char p[4096];
		snprintf(p, sizeof p, "%s/lazylib.%ld.img", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		    (long)getpid());
		path = p;
	}
	if (argc > 1) {   /* the images in files */
		for (int a = 1; a < argc; a++) {
			size_t n;
			void *p = slurp(argv[a], &n);
			if (n > sizeof img - 1)
				n = sizeof img - 1;
			memset(img, 0, sizeof img);
			memcpy(img, p, n);
			imglen = n;
			free(p);
			one(argv[a]);
		}
	} else {
		for (int i = 0; (what = shape(i)); i++)
			one(what);
		logs();
	}
	/* the context still runs a kernel */
	shape(0);
	CK(cuModuleLoadData(&m, img));
	CK(cuModuleGetFunction(&f, m, "k"));
	{
		CUdeviceptr p = 0;
		void *arg[] = {&p};
		CK(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, arg, NULL));
	}
	printf("a kernel after them: %s\n", ename(cuCtxSynchronize()));
	unlink(path);
	printf("done\n");
	return 0;
}

/*
 * images.c -- images as a driver takes them: fatbins, cubins, host objects
 * and executables, through every call that loads one.
 *
 * usage: images EXPECT FILE KERNEL [EXPECT FILE KERNEL]...
 *   EXPECT  ok, or the CUresult name each load must return
 *   KERNEL  scale(x, a, n): x[i] = x[i] * a + 1 (tests/shim/images/scale.cu)
 *           or shift(x, n): x[i] = x[i] + 3 (rdc_main.cu, rdc_lib.cu);
 *           or data: no kernel, the variables of data.cu, each read back
 *           through cuModuleGetGlobal or cuLibraryGetGlobal
 *
 * Each file is loaded by cuModuleLoadData (no length: the image's header
 * declares it), cuModuleLoad, cuModuleLoadFatBinary and a cudart wrapper
 * struct (fatbins), cuLibraryLoadData, cuLibraryLoadFromFile and
 * cuLinkAddData with the input type its magic number names; each module
 * that loads runs its kernel and the results are checked.  Prints one line
 * per load; exits 1 when one answer is not the expected one.
 */
#include <string.h>
#include "shimtest.h"

static int fails;

static int
checkrun(CUfunction f, const char *kernel)
{
	float h[64], a = 2.0f;
	int n = 64, bad = 0, isscale = !strcmp(kernel, "scale");
	CUdeviceptr d;
	void *pscale[] = {&d, &a, &n}, *pshift[] = {&d, &n};

	for (int i = 0; i < n; i++)
		h[i] = (float)i;
	CK(cuMemAlloc(&d, sizeof h));
	CK(cuMemcpyHtoD(d, h, sizeof h));
	CK(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, NULL, isscale ? pscale : pshift, NULL));
	CK(cuMemcpyDtoH(h, d, sizeof h));
	CK(cuMemFree(d));
	for (int i = 0; i < n; i++)
		bad += h[i] != (isscale ? (float)i * 2.0f + 1.0f : (float)i + 3.0f);
	return !bad;
}

/* The variables of data.cu, found by getglobal(name, &p, &size) and read
 * back: their sizes and initial values (zeros: none); 1 when all are right.
 * *err: the first lookup's error (a library that did not load gives its
 * error here). */
static int
checkdata(CUresult (*getglobal)(const char *, CUdeviceptr *, size_t *, void *), void *h, CUresult *err)
{
	static const double dconst[4] = {1.0, -1.0, 0.5, 2.0};
	static const float cvals[3] = {1.5f, -2.0f, 3.25f};
	static const int zeros[5];
	static const struct { const char *name; const void *want; size_t n; } v[] = {
		{"dconst", dconst, sizeof dconst}, {"zeros", zeros, sizeof zeros}, {"cvals", cvals, sizeof cvals},
	};
	unsigned char got[64];
	int bad = 0;

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		CUdeviceptr p;
		size_t n = 0;
		CUresult r = getglobal(v[i].name, &p, &n, h);
		if (r && !*err)
			*err = r;
		if (r || n != v[i].n) {
			printf("%s: %s, %zu bytes\n", v[i].name, ename(r), n);
			bad++;
			continue;
		}
		CK(cuMemcpyDtoH(got, p, n));
		bad += memcmp(got, v[i].want, n) != 0;
	}
	return !bad;
}

static CUresult
modglobal(const char *name, CUdeviceptr *p, size_t *n, void *m)
{
	return cuModuleGetGlobal(p, n, *(CUmodule *)m, name);
}

static CUresult
libglobal(const char *name, CUdeviceptr *p, size_t *n, void *l)
{
	return cuLibraryGetGlobal(p, n, *(CUlibrary *)l, name);
}

static void
report(const char *file, const char *how, CUresult r, const char *want, int ran)
{
	const char *name = NULL;
	int ok;

	cuGetErrorName(r, &name);
	ok = !strcmp(want, "ok") ? r == CUDA_SUCCESS && ran : name && !strcmp(name, want);
	printf("%s: %s: %s%s\n", file, how, r ? (name ? name : "?") : "ok",
	    r == CUDA_SUCCESS && !ran ? " (wrong results)" : "");
	if (!ok) {
		printf("FAIL: %s: %s: expected %s\n", file, how, want);
		fails++;
	}
}

/* The module's kernel run; 1 when its results are right. */
static int
modrun(CUmodule m, const char *kernel)
{
	CUfunction f;
	int ok;

	if (!strcmp(kernel, "data")) {
		CUresult r = CUDA_SUCCESS;
		ok = checkdata(modglobal, &m, &r);
	}
	else {
		CK(cuModuleGetFunction(&f, m, kernel));
		ok = checkrun(f, kernel);
	}
	CK(cuModuleUnload(m));
	return ok;
}

/* A library load's answer: loaded lazily, as the driver loads it, an
 * image it cannot use is taken and refused by cuLibraryGetKernel, whose
 * error counts as the load's; *ran: the kernel's results are right. */
static CUresult
librun(CUresult r, const CUlibrary *lib, const char *kernel, int *ran)
{
	CUkernel k;
	CUfunction f;

	*ran = 0;
	if (r)
		return r;
	if (!strcmp(kernel, "data"))
		*ran = checkdata(libglobal, (void *)lib, &r);
	else if (!(r = cuLibraryGetKernel(&k, *lib, kernel))) {
		CK(cuKernelGetFunction(&f, k));
		*ran = checkrun(f, kernel);
	}
	CK(cuLibraryUnload(*lib));
	return r;
}

int
main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;

	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&ctx, NULL, 0, dev));
	for (int i = 1; i + 2 < argc; i += 3) {
		const char *want = argv[i], *file = argv[i + 1], *kernel = argv[i + 2];
		const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
		size_t n;
		unsigned char *img = slurp(file, &n);
		int elf = n >= 20 && !memcmp(img, "\177ELF", 4);
		int fat = n >= 4 && img[0] == 0x50 && img[1] == 0xed && img[2] == 0x55 && img[3] == 0xba;
		int type = fat ? CU_JIT_INPUT_FATBINARY : elf && (img[18] | img[19] << 8) == 190 ?
		    CU_JIT_INPUT_CUBIN : elf ? CU_JIT_INPUT_OBJECT : CU_JIT_INPUT_PTX;
		CUmodule m;
		CUlibrary lib;
		CUlinkState ls;
		CUresult r;
		int ran;
		void *out;
		size_t outn;
		char log[1024] = "";
		CUjit_option opt[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
		void *val[] = {log, (void *)sizeof log};

		r = cuModuleLoadData(&m, img);
		report(base, "cuModuleLoadData", r, want, !r && modrun(m, kernel));
		r = cuModuleLoadDataEx(&m, img, 2, opt, val);
		report(base, "cuModuleLoadDataEx", r, want, !r && modrun(m, kernel));
		if (r && !log[0]) {
			printf("FAIL: %s: no error log\n", base);
			fails++;
		}
		r = cuModuleLoad(&m, file);
		report(base, "cuModuleLoad", r, want, !r && modrun(m, kernel));
		if (fat) {
			/* what cudart registers: magic, version, the fatbin */
			struct { int magic, version; const void *data; void *unused; } wrap =
			    {0x466243b1, 1, img, NULL};
			r = cuModuleLoadFatBinary(&m, img);
			report(base, "cuModuleLoadFatBinary", r, want, !r && modrun(m, kernel));
			r = cuModuleLoadFatBinary(&m, &wrap);
			report(base, "cuModuleLoadFatBinary(wrapper)", r, want, !r && modrun(m, kernel));
			r = librun(cuLibraryLoadData(&lib, &wrap, NULL, NULL, 0, NULL, NULL, 0), &lib, kernel, &ran);
			report(base, "cuLibraryLoadData(wrapper)", r, want, ran);
		}
		r = librun(cuLibraryLoadData(&lib, img, NULL, NULL, 0, NULL, NULL, 0), &lib, kernel, &ran);
		report(base, "cuLibraryLoadData", r, want, ran);
		r = librun(cuLibraryLoadFromFile(&lib, file, NULL, NULL, 0, NULL, NULL, 0), &lib, kernel, &ran);
		report(base, "cuLibraryLoadFromFile", r, want, ran);
		/* the linker, with the image's exact length */
		CK(cuLinkCreate(0, NULL, NULL, &ls));
		r = cuLinkAddData(ls, type, img, n, base, 0, NULL, NULL);
		if (!r && !(r = cuLinkComplete(ls, &out, &outn)))
			r = cuModuleLoadData(&m, out);
		report(base, "cuLinkAddData", r, want, !r && modrun(m, kernel));
		CK(cuLinkDestroy(ls));
		CK(cuLinkCreate(0, NULL, NULL, &ls));
		r = cuLinkAddFile(ls, type, file, 0, NULL, NULL);
		if (!r && !(r = cuLinkComplete(ls, &out, &outn)))
			r = cuModuleLoadData(&m, out);
		report(base, "cuLinkAddFile", r, want, !r && modrun(m, kernel));
		CK(cuLinkDestroy(ls));
		free(img);
	}
	CK(cuCtxDestroy(ctx));
	printf("%s\n", fails ? "FAILED" : "done");
	return fails != 0;
}

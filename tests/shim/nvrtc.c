/*
 * nvrtc.c -- libptxcuda's libnvrtc through the toolkit's nvrtc.h, with
 * NVIDIA's NVRTC behind it: CUDA C compiled for sm_90 in each way the
 * architecture is spelt, the "cubin" a fatbin of the PTX that
 * cuModuleLoadData loads and runs (as CuPy does it), or, compiled with
 * -rdc, cuLinkAddData links as PTX (as CuPy does it); a template kernel
 * found by its lowered name; a program for compute_90, or for LTO-IR
 * (-dlto), whose CUBIN calls are NVRTC's own; a compile error with NVRTC's log; and the calls given
 * handles or pointers that are not, each refused with NVRTC's error code.
 *
 *	nvrtc
 *
 * Exit 0 when every case behaves; each prints one line.
 */
#include <stdint.h>
#include <string.h>
#include <cuda.h>
#include <nvrtc.h>
#include "shimtest.h"

static int fails;

static void
check(int ok, const char *what)
{
	printf("%s: %s\n", what, ok ? "ok" : "FAILED");
	fails += !ok;
}

static const char src[] =
	"extern \"C\" __global__ void k(unsigned *out, unsigned mul)\n"
	"{ out[threadIdx.x] = threadIdx.x * mul + 1; }\n"
	"template <typename T> __global__ void t(T *out) { out[threadIdx.x] = (T)threadIdx.x * 5; }\n";

/* Runs the kernel name of image over 32 threads: out[i] == i * mul + add. */
static int
run(const void *image, const char *name, unsigned mul, unsigned add)
{
	CUmodule m;
	CUfunction f;
	CUdeviceptr d;
	unsigned got[32];
	void *args[] = {&d, &mul};
	int ok = 1;

	if (cuModuleLoadData(&m, image) != CUDA_SUCCESS)
		return 0;
	if (cuModuleGetFunction(&f, m, name) != CUDA_SUCCESS) {
		cuModuleUnload(m);
		return 0;
	}
	CK(cuMemAlloc(&d, sizeof got));
	CK(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, args, NULL));
	CK(cuMemcpyDtoH(got, d, sizeof got));
	for (unsigned i = 0; i < 32; i++)
		ok &= got[i] == i * mul + add;
	CK(cuMemFree(d));
	CK(cuModuleUnload(m));
	return ok;
}

/* The "cubin" of prog, malloc'd; NULL when NVRTC gives none. */
static unsigned char *
cubin(nvrtcProgram p, size_t *n)
{
	unsigned char *img;

	*n = 0;
	if (nvrtcGetCUBINSize(p, n) != NVRTC_SUCCESS || *n < 16 || !(img = malloc(*n)))
		return NULL;
	if (nvrtcGetCUBIN(p, (char *)img) != NVRTC_SUCCESS) {
		free(img);
		return NULL;
	}
	return img;
}

static int
is_fatbin(const unsigned char *p, size_t n)
{
	return n >= 16 && p[0] == 0x50 && p[1] == 0xed && p[2] == 0x55 && p[3] == 0xba;
}

/* Compiles src with the options and runs k from its cubin. */
static int
arch_case(int nopt, const char *const *opt)
{
	nvrtcProgram p;
	unsigned char *img = NULL;
	size_t n;
	int ok;

	if (nvrtcCreateProgram(&p, src, "k.cu", 0, NULL, NULL) != NVRTC_SUCCESS)
		return 0;
	ok = nvrtcCompileProgram(p, nopt, opt) == NVRTC_SUCCESS && (img = cubin(p, &n)) &&
	    is_fatbin(img, n) && memmem(img, n, ".entry k(", 9) && run(img, "k", 3, 1);
	free(img);
	nvrtcDestroyProgram(&p);
	return ok;
}

int
main(void)
{
	static const char *const eq[] = {"-arch=sm_90", "-std=c++17"};
	static const char *const split[] = {"-arch", "sm_90"};
	static const char *const longform[] = {"--gpu-architecture=sm_90"};
	static const char *const virt[] = {"-arch=compute_90"};
	static const char *const holed[] = {"-arch=sm_90", NULL};
	nvrtcProgram p, gone;
	CUcontext ctx;
	CUdevice dev;
	unsigned char *img = NULL;
	const char *lowered = NULL;
	size_t n;
	char *ptx = NULL;
	int major, minor;

	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&ctx, NULL, 0, dev));

	check(nvrtcVersion(&major, &minor) == NVRTC_SUCCESS && major >= 12, "version");
	check(arch_case(2, eq), "-arch=sm_90: a fatbin of the PTX, run");
	check(arch_case(2, split), "-arch sm_90: the same");
	check(arch_case(1, longform), "--gpu-architecture=sm_90: the same");

	/* a template instance, by the name NVRTC lowers it to */
	nvrtcCreateProgram(&p, src, "t.cu", 0, NULL, NULL);
	check(nvrtcAddNameExpression(p, "t<unsigned>") == NVRTC_SUCCESS, "name expression added");
	check(nvrtcCompileProgram(p, 1, eq) == NVRTC_SUCCESS &&
	    nvrtcGetLoweredName(p, "t<unsigned>", &lowered) == NVRTC_SUCCESS && lowered &&
	    (img = cubin(p, &n)) && run(img, lowered, 5, 0), "template kernel by its lowered name");
	nvrtcDestroyProgram(&p);
	free(img);
	img = NULL;

	/* compute_90: the PTX is the client's to load; NVRTC has no cubin */
	nvrtcCreateProgram(&p, src, "v.cu", 0, NULL, NULL);
	check(nvrtcCompileProgram(p, 1, virt) == NVRTC_SUCCESS &&
	    nvrtcGetPTXSize(p, &n) == NVRTC_SUCCESS && (ptx = malloc(n)) &&
	    nvrtcGetPTX(p, ptx) == NVRTC_SUCCESS && run(ptx, "k", 3, 1), "compute_90: PTX run");
	free(ptx);
	ptx = NULL;
	img = cubin(p, &n);
	check(!img || !is_fatbin(img, n), "compute_90: no PTX image for a cubin");
	nvrtcDestroyProgram(&p);
	free(img);
	img = NULL;

	/* -rdc: the image linked as CuPy links it, given to cuLinkAddData
	 * as PTX (an H200's driver takes a fatbin or cubin so) */
	static const char *const rdc[] = {"-arch=sm_90", "-rdc=true"};
	CUlinkState ls;
	void *linked;
	nvrtcCreateProgram(&p, src, "r.cu", 0, NULL, NULL);
	check(nvrtcCompileProgram(p, 2, rdc) == NVRTC_SUCCESS && (img = cubin(p, &n)) &&
	    cuLinkCreate(0, NULL, NULL, &ls) == CUDA_SUCCESS &&
	    cuLinkAddData(ls, CU_JIT_INPUT_PTX, img, n, "cupy.ptx", 0, NULL, NULL) == CUDA_SUCCESS &&
	    cuLinkComplete(ls, &linked, &n) == CUDA_SUCCESS && run(linked, "k", 3, 1) &&
	    cuLinkDestroy(ls) == CUDA_SUCCESS, "-rdc: the image linked as PTX, run");
	nvrtcDestroyProgram(&p);
	free(img);
	img = NULL;

	/* -dlto: LTO-IR, no PTX, so no image; the compile is NVRTC's */
	static const char *const lto[] = {"-arch=sm_90", "-dlto"};
	nvrtcCreateProgram(&p, src, "l.cu", 0, NULL, NULL);
	check(nvrtcCompileProgram(p, 2, lto) == NVRTC_SUCCESS &&
	    nvrtcGetLTOIRSize(p, &n) == NVRTC_SUCCESS && n > 0, "-dlto: LTO-IR");
	img = cubin(p, &n);
	check(!img || !is_fatbin(img, n), "-dlto: no PTX image for a cubin");
	nvrtcDestroyProgram(&p);
	free(img);
	img = NULL;

	/* a compile error: NVRTC's code and log */
	nvrtcCreateProgram(&p, "__global__ void e() { undeclared = 1; }\n", "e.cu", 0, NULL, NULL);
	check(nvrtcCompileProgram(p, 1, eq) == NVRTC_ERROR_COMPILATION &&
	    nvrtcGetProgramLogSize(p, &n) == NVRTC_SUCCESS && n > 1 && (ptx = malloc(n)) &&
	    nvrtcGetProgramLog(p, ptx) == NVRTC_SUCCESS && strstr(ptx, "undeclared"),
	    "compile error: NVRTC_ERROR_COMPILATION and its log");
	check(nvrtcGetCUBINSize(p, &n) != NVRTC_SUCCESS || n == 0, "compile error: no cubin");
	nvrtcDestroyProgram(&p);
	free(ptx);

	/* handles and pointers that are not */
	check(nvrtcCreateProgram(NULL, src, "x.cu", 0, NULL, NULL) == NVRTC_ERROR_INVALID_PROGRAM,
	    "create with no handle");
	nvrtcCreateProgram(&p, src, "h.cu", 0, NULL, NULL);
	check(nvrtcCompileProgram(p, -1, eq) == NVRTC_ERROR_INVALID_INPUT, "negative option count");
	check(nvrtcCompileProgram(p, 2, NULL) == NVRTC_ERROR_INVALID_INPUT, "options NULL");
	check(nvrtcCompileProgram(p, 2, holed) == NVRTC_ERROR_INVALID_OPTION, "an option NULL");
	check(nvrtcCompileProgram(p, 1, eq) == NVRTC_SUCCESS, "compiled after the refusals");
	check(nvrtcGetCUBINSize(p, NULL) == NVRTC_ERROR_INVALID_INPUT, "cubin size to NULL");
	check(nvrtcGetCUBIN(p, NULL) == NVRTC_ERROR_INVALID_INPUT, "cubin to NULL");
	gone = p;
	check(nvrtcDestroyProgram(&p) == NVRTC_SUCCESS && p == NULL, "destroy clears the handle");
	check(nvrtcDestroyProgram(&gone) == NVRTC_ERROR_INVALID_PROGRAM, "destroyed twice");
	check(nvrtcGetCUBINSize(gone, &n) == NVRTC_ERROR_INVALID_PROGRAM &&
	    nvrtcGetPTXSize(gone, &n) == NVRTC_ERROR_INVALID_PROGRAM &&
	    nvrtcCompileProgram(gone, 1, eq) == NVRTC_ERROR_INVALID_PROGRAM,
	    "a destroyed program");
	check(nvrtcGetCUBIN((nvrtcProgram)(uintptr_t)0x1000, (char *)&n) ==
	    NVRTC_ERROR_INVALID_PROGRAM, "a handle never made");
	check(!strcmp(nvrtcGetErrorString(NVRTC_ERROR_INVALID_PROGRAM),
	    "NVRTC_ERROR_INVALID_PROGRAM"), "error string");

	CK(cuCtxDestroy(ctx));
	return fails != 0;
}

/*
 * nvjitlink.c -- libptxcuda's libnvJitLink through the toolkit's
 * nvJitLink.h: two PTX inputs (a kernel and the device function it
 * calls, in another module) linked, the "cubin" loaded with
 * cuModuleLoadData and run, its result checked; one PTX input alone,
 * whose image is a fatbin and whose linked PTX is the input; a library
 * with no PTX the interpreter runs (libcudadevrt.a, when given) left out
 * with a note; -maxrregcount, a .maxnreg on the kernel that caps the
 * registers the shim reports; and the inputs libptxcuda cannot run or that are malformed, each
 * refused with its error code and a message in the error log.
 *
 *	nvjitlink [LIBCUDADEVRT.A]
 *
 * Exit 0 when every case behaves; each prints one line.
 */
#include <stdint.h>
#include <string.h>
#include <cuda.h>
#include <nvJitLink.h>
#include "shimtest.h"

static int fails;

static void
check(int ok, const char *what)
{
	printf("%s: %s\n", what, ok ? "ok" : "FAILED");
	fails += !ok;
}

static const char kern[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".extern .func (.reg .u32 r) twice(.reg .u32 x);\n"
	".visible .entry k(.param .u64 out)\n{\n"
	"\t.reg .u32 %r<4>;\n\t.reg .u64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [out];\n\tcvta.to.global.u64 %rd1, %rd1;\n"
	"\tmov.u32 %r1, %tid.x;\n"
	"\tcall.uni (%r2), twice, (%r1);\n"
	"\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.u64 %rd3, %rd1, %rd2;\n"
	"\tst.global.u32 [%rd3], %r2;\n\tret;\n}\n";
static const char lib[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .func (.reg .u32 r) twice(.reg .u32 x)\n{\n"
	"\tadd.u32 r, x, x;\n\tadd.u32 r, r, 7;\n\tret;\n}\n";
static const char alone[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry k(.param .u64 out)\n{\n"
	"\t.reg .u32 %r<4>;\n\t.reg .u64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [out];\n\tcvta.to.global.u64 %rd1, %rd1;\n"
	"\tmov.u32 %r1, %tid.x;\n\tmul.lo.u32 %r2, %r1, %r1;\n"
	"\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.u64 %rd3, %rd1, %rd2;\n"
	"\tst.global.u32 [%rd3], %r2;\n\tret;\n}\n";

static char *
errlog(nvJitLinkHandle h)
{
	static char buf[4096];
	size_t n = 0;

	buf[0] = 0;
	if (nvJitLinkGetErrorLogSize(h, &n) == NVJITLINK_SUCCESS && n && n <= sizeof buf)
		nvJitLinkGetErrorLog(h, buf);
	return buf;
}

/* Loads image and runs its k over 32 threads; 1 when out[i] == f(i). */
static int
run(const void *image, unsigned mul, unsigned add, int square)
{
	CUmodule m;
	CUfunction f;
	CUdeviceptr d;
	unsigned got[32];
	void *args[] = {&d};
	int ok = 1;

	if (cuModuleLoadData(&m, image) != CUDA_SUCCESS)
		return 0;
	CK(cuModuleGetFunction(&f, m, "k"));
	CK(cuMemAlloc(&d, sizeof got));
	CK(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, args, NULL));
	CK(cuMemcpyDtoH(got, d, sizeof got));
	for (unsigned i = 0; i < 32; i++)
		ok &= got[i] == (square ? i * i : i * mul + add);
	CK(cuMemFree(d));
	CK(cuModuleUnload(m));
	return ok;
}

int
main(int argc, char **argv)
{
	const char *opts[] = {"-arch=sm_90", "-O3"};
	nvJitLinkHandle h;
	CUcontext ctx;
	CUdevice dev;
	size_t n;
	void *img;
	char *ptx = NULL;
	unsigned major, minor;

	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&ctx, NULL, 0, dev));

	check(nvJitLinkVersion(&major, &minor) == NVJITLINK_SUCCESS && major >= 12, "version");

	/* two modules: the call crosses them */
	check(nvJitLinkCreate(&h, 2, opts) == NVJITLINK_SUCCESS, "create");
	check(nvJitLinkAddData(h, NVJITLINK_INPUT_PTX, kern, sizeof kern - 1, "kern.ptx") ==
	    NVJITLINK_SUCCESS, "add kernel PTX");
	check(nvJitLinkAddData(h, NVJITLINK_INPUT_ANY, lib, sizeof lib, "lib.ptx") ==
	    NVJITLINK_SUCCESS, "add library PTX as ANY");
	check(nvJitLinkComplete(h) == NVJITLINK_SUCCESS, "complete");
	check(nvJitLinkGetLinkedCubinSize(h, &n) == NVJITLINK_SUCCESS && n > 64, "cubin size");
	img = malloc(n);
	check(nvJitLinkGetLinkedCubin(h, img) == NVJITLINK_SUCCESS, "cubin");
	check(run(img, 2, 7, 0), "two modules linked and run");
	check(nvJitLinkGetLinkedPtxSize(h, &n) == NVJITLINK_ERROR_INVALID_INPUT &&
	    strstr(errlog(h), "one PTX input"), "no linked PTX of two inputs");
	free(img);
	nvJitLinkDestroy(&h);
	check(h == NULL, "destroy clears the handle");

	/* one module: a fatbin, and its PTX back */
	nvJitLinkCreate(&h, 1, opts);
	nvJitLinkAddData(h, NVJITLINK_INPUT_PTX, alone, sizeof alone, NULL);
	if (argc > 1)   /* machine code only: left out, with a note */
		check(nvJitLinkAddFile(h, NVJITLINK_INPUT_ANY, argv[1]) == NVJITLINK_SUCCESS,
		    "libcudadevrt.a added");
	check(nvJitLinkComplete(h) == NVJITLINK_SUCCESS, "complete one");
	nvJitLinkGetLinkedCubinSize(h, &n);
	img = malloc(n);
	nvJitLinkGetLinkedCubin(h, img);
	check(n >= 4 && ((unsigned char *)img)[0] == 0x50 && ((unsigned char *)img)[3] == 0xba,
	    "one PTX input is a fatbin");
	check(run(img, 0, 0, 1), "fatbin run");
	check(nvJitLinkGetLinkedPtxSize(h, &n) == NVJITLINK_SUCCESS && n == sizeof alone &&
	    (ptx = malloc(n)) && nvJitLinkGetLinkedPtx(h, ptx) == NVJITLINK_SUCCESS &&
	    !strcmp(ptx, alone), "linked PTX of one input");
	if (argc > 1) {
		size_t k = 0;
		char info[4096] = "";
		nvJitLinkGetInfoLogSize(h, &k);
		if (k && k <= sizeof info)
			nvJitLinkGetInfoLog(h, info);
		check(strstr(info, "is left out") != NULL, "info log names what was left out");
	}
	free(ptx);
	free(img);
	nvJitLinkDestroy(&h);

	/* PTX of a newer ISA (a newer NVRTC's or NVVM's): the image stands for
	 * the cubin that toolkit's ptxas makes, which the driver runs; the text
	 * itself is refused as a CUDA 13.0 driver refuses it */
	{
		const char *vers[] = {"9.5", "9.10", "10.0"};
		for (int i = 0; i < 3; i++) {
			char text[sizeof alone + 8], what[64];
			CUmodule m;
			snprintf(text, sizeof text, ".version %s%s", vers[i], alone + strlen(".version 8.0"));
			nvJitLinkCreate(&h, 1, opts);
			nvJitLinkAddData(h, NVJITLINK_INPUT_PTX, text, strlen(text) + 1, NULL);
			check(nvJitLinkComplete(h) == NVJITLINK_SUCCESS, "complete a newer ISA");
			nvJitLinkGetLinkedCubinSize(h, &n);
			img = malloc(n);
			nvJitLinkGetLinkedCubin(h, img);
			snprintf(what, sizeof what, ".version %s linked and run", vers[i]);
			check(run(img, 0, 0, 1), what);
			snprintf(what, sizeof what, ".version %s as text refused", vers[i]);
			check(cuModuleLoadData(&m, text) == CUDA_ERROR_UNSUPPORTED_PTX_VERSION, what);
			ptx = NULL;
			check(nvJitLinkGetLinkedPtxSize(h, &n) == NVJITLINK_SUCCESS && (ptx = malloc(n)) &&
			    nvJitLinkGetLinkedPtx(h, ptx) == NVJITLINK_SUCCESS && !strcmp(ptx, text),
			    "linked PTX keeps its .version");
			free(ptx);
			free(img);
			nvJitLinkDestroy(&h);
		}
	}

	/* -maxrregcount: a .maxnreg on the kernel, which caps its registers */
	{
		static const char capped[] = "k(.param .u64 out) .maxnreg 4\n{";
		const char *o2[] = { "-arch=sm_90", "-maxrregcount=4" };
		CUmodule m;
		CUfunction f;
		int regs = -1;
		check(nvJitLinkCreate(&h, 2, o2) == NVJITLINK_SUCCESS, "create with -maxrregcount");
		nvJitLinkAddData(h, NVJITLINK_INPUT_PTX, alone, sizeof alone, NULL);
		check(nvJitLinkComplete(h) == NVJITLINK_SUCCESS, "complete with -maxrregcount");
		ptx = NULL;
		check(nvJitLinkGetLinkedPtxSize(h, &n) == NVJITLINK_SUCCESS && (ptx = malloc(n)) &&
		    nvJitLinkGetLinkedPtx(h, ptx) == NVJITLINK_SUCCESS && strstr(ptx, capped), "-maxrregcount as .maxnreg");
		nvJitLinkGetLinkedCubinSize(h, &n);
		img = malloc(n);
		nvJitLinkGetLinkedCubin(h, img);
		CK(cuModuleLoadData(&m, img));
		CK(cuModuleGetFunction(&f, m, "k"));
		CK(cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f));
		check(regs == 4, "registers within -maxrregcount");
		CK(cuModuleUnload(m));
		check(run(img, 0, 0, 1), "capped run");
		free(ptx);
		free(img);
		nvJitLinkDestroy(&h);
		check(nvJitLinkCreate(&h, 2, (const char *[]){"-arch=sm_90", "-maxrregcount=x"}) ==
		    NVJITLINK_ERROR_UNRECOGNIZED_OPTION, "-maxrregcount=x refused");
	}

	/* refusals */
	check(nvJitLinkCreate(&h, 1, (const char *[]){"-O3"}) == NVJITLINK_ERROR_MISSING_ARCH,
	    "no -arch");
	nvJitLinkCreate(&h, 1, opts);
	{
		static const unsigned char lto[16] = {0xed, 0x43, 0x4e, 0x7f, 1, 0x41, 2};
		static unsigned char cubin[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
		static const unsigned char fat[24] = {0x50, 0xed, 0x55, 0xba, 1, 0, 16, 0, 0xff, 0xff};
		cubin[0x12] = 190;
		cubin[0x3a] = 64;
		check(nvJitLinkAddData(h, NVJITLINK_INPUT_ANY, lto, sizeof lto, "k.ltoir") ==
		    NVJITLINK_ERROR_INVALID_INPUT && strstr(errlog(h), "LTO-IR"), "LTO-IR refused");
		check(nvJitLinkAddData(h, NVJITLINK_INPUT_ANY, cubin, sizeof cubin, "k.cubin") ==
		    NVJITLINK_ERROR_INVALID_INPUT && strstr(errlog(h), "machine code only"),
		    "machine-code cubin refused");
		check(nvJitLinkAddData(h, NVJITLINK_INPUT_FATBIN, fat, sizeof fat, "k.fatbin") ==
		    NVJITLINK_ERROR_INVALID_INPUT && strstr(errlog(h), "not a well-formed fatbin"),
		    "truncated fatbin refused");
		check(nvJitLinkAddData(h, NVJITLINK_INPUT_LIBRARY, "!<arch>\nxyz", 11, "x.a") ==
		    NVJITLINK_SUCCESS, "archive without members");
		check(nvJitLinkAddData(h, NVJITLINK_INPUT_LIBRARY, "!<arch>\n0123456789012345678901"
		    "2345678901234567890123456789999999999`\n", 68, "y.a") ==
		    NVJITLINK_ERROR_INVALID_INPUT, "archive member past its end refused");
		check(nvJitLinkAddData(h, NVJITLINK_INPUT_CUBIN, alone, sizeof alone, "x") ==
		    NVJITLINK_ERROR_INCORRECT_INPUT_TYPE, "PTX given as a cubin refused");
		check(nvJitLinkAddFile(h, NVJITLINK_INPUT_ANY, "/nonexistent/k.ptx") ==
		    NVJITLINK_ERROR_INVALID_INPUT, "missing file refused");
		check(nvJitLinkComplete(h) == NVJITLINK_ERROR_INVALID_INPUT, "nothing to link refused");
		check(nvJitLinkGetLinkedCubinSize(h, &n) == NVJITLINK_ERROR_INVALID_INPUT,
		    "no cubin before a complete link");
	}
	nvJitLinkDestroy(&h);
	check(nvJitLinkAddData(NULL, NVJITLINK_INPUT_PTX, alone, 1, NULL) ==
	    NVJITLINK_ERROR_NULL_INPUT, "NULL handle");
	CK(cuCtxDestroy(ctx));
	printf("%s\n", fails ? "FAILED" : "all passed");
	return fails != 0;
}

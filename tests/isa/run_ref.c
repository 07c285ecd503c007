/*
 * tests/isa/run_ref.c -- runs the reference kernels of gen.py on a GPU.
 *
 * Usage: run_ref MODULE DIR   (MODULE: kernels.ptx or a cubin made from it)
 * Reads DIR/variants.txt and DIR/inputs.bin, launches kernel kI once per
 * variant over all of its tuples and writes DIR/outputs.bin: for each tuple
 * the destination operands (and the carry-out, if any) in their register
 * widths, the same packing gen.py uses for the inputs.  The buffers on the
 * device hold one 64-bit word per operand so the kernels need no per-width
 * addressing; packing happens here.
 *
 * Built only where the CUDA driver is: cc run_ref.c -lcuda.
 */
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char *s_ = ""; \
	cuGetErrorString(r_, &s_); fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, s_); exit(1); } } while (0)

static int width(const char *cls)
{
	if (!strncmp(cls, "pred", 4)) return 1;
	if (!strncmp(cls, "b16", 3)) return 2;
	if (!strncmp(cls, "b32", 3)) return 4;
	return 8;
}

static FILE *openf(const char *dir, const char *name, const char *mode)
{
	char p[4096];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	FILE *f = fopen(p, mode);
	if (!f) { perror(p); exit(1); }
	return f;
}

int main(int argc, char **argv)
{
	if (argc != 3) { fprintf(stderr, "usage: run_ref MODULE DIR\n"); return 2; }
	CUdevice dev; CUcontext ctx; CUmodule mod;
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CK(cuCtxSetCurrent(ctx));
	CK(cuModuleLoad(&mod, argv[1]));
	FILE *fv = openf(argv[2], "variants.txt", "r");
	FILE *fi = openf(argv[2], "inputs.bin", "rb");
	FILE *fo = openf(argv[2], "outputs.bin", "wb");
	static char line[8192];
	int kid = 0;
	while (fgets(line, sizeof line, fv)) {
		/* name \t ins \t ops \t n */
		char *f1 = strchr(line, '\t'), *f2 = f1 ? strchr(f1 + 1, '\t') : NULL;
		char *f3 = f2 ? strchr(f2 + 1, '\t') : NULL;
		if (!f3) { fprintf(stderr, "bad line %d\n", kid); return 1; }
		*f3 = 0;
		long n = atol(f3 + 1);
		int inw[16], outw[16], nin = 0, nout = 0;
		for (char *t = strtok(f2 + 1, " "); t; t = strtok(NULL, " ")) {
			if (t[0] == 's' || t[0] == 'c') inw[nin++] = width(t + 2);
			else outw[nout++] = width(t + 2);
		}
		uint64_t *hin = calloc((size_t)n * nin + 1, 8), *hout = calloc((size_t)n * nout + 1, 8);
		for (long i = 0; i < n; i++)
			for (int j = 0; j < nin; j++) {
				uint8_t b[8] = {0};
				if (fread(b, 1, (size_t)inw[j], fi) != (size_t)inw[j]) { fprintf(stderr, "short inputs\n"); return 1; }
				uint64_t v = 0;
				for (int k = inw[j] - 1; k >= 0; k--) v = v << 8 | b[k];
				hin[i * nin + j] = v;
			}
		CUdeviceptr din, dout;
		CK(cuMemAlloc(&din, (size_t)n * nin * 8 + 8));
		CK(cuMemAlloc(&dout, (size_t)n * nout * 8 + 8));
		CK(cuMemcpyHtoD(din, hin, (size_t)n * nin * 8));
		CK(cuMemsetD8(dout, 0xA5, (size_t)n * nout * 8));
		char kn[32];
		snprintf(kn, sizeof kn, "k%d", kid);
		CUfunction fn;
		CK(cuModuleGetFunction(&fn, mod, kn));
		unsigned un = (unsigned)n;
		void *args[] = { &din, &dout, &un };
		CK(cuLaunchKernel(fn, (unsigned)((n + 127) / 128), 1, 1, 128, 1, 1, 0, 0, args, 0));
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(hout, dout, (size_t)n * nout * 8));
		for (long i = 0; i < n; i++)
			for (int j = 0; j < nout; j++) {
				uint64_t v = hout[i * nout + j];
				for (int k = 0; k < outw[j]; k++) fputc((int)(v >> 8 * k & 0xFF), fo);
			}
		cuMemFree(din);
		cuMemFree(dout);
		free(hin);
		free(hout);
		kid++;
	}
	fclose(fo);
	printf("%d kernels run\n", kid);
	return 0;
}

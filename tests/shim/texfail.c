/*
 * texfail.c -- a texture reference bound to linear memory, then given an
 * address no allocation holds (and address 0) by cuTexRefSetAddress: the
 * answers, the address cuTexRefGetAddress reads back, and what a kernel's
 * tex reads then.  texfail.gpu is what an H200 (driver 580) printed: it
 * takes any address, reads it back, and the kernel faults
 * (CUDA_ERROR_ILLEGAL_ADDRESS); texfail.gpu-differs lists the lines the
 * shim does not print.
 */
#define CUDA_ENABLE_DEPRECATED 1
#include <cuda.h>
#include <stdio.h>
static const char *en(CUresult r) { const char *s = 0; cuGetErrorName(r, &s); return s ? s : "?"; }
#define SAY(x) printf("%s: %s\n", #x, en(x))
static const char ptx[] =
	".version 1.4\n.target sm_13\n"
	".tex .u64 rt;\n"
	".entry k(.param .u64 o)\n{\n"
	"\t.reg .u32 %r<4>; .reg .f32 %f<5>; .reg .u64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [o];\n\tmov.u32 %r1, %tid.x;\n"
	"\ttex.1d.v4.f32.s32 {%f1,%f2,%f3,%f4}, [rt, {%r1}];\n"
	"\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.u64 %rd3, %rd1, %rd2;\n"
	"\tst.global.f32 [%rd3], %f1;\n\texit;\n}\n";
int main(void) {
  CUdevice dev; CUcontext ctx; CUmodule mod; CUfunction fn; CUtexref tr; CUdeviceptr in, out, got = 0;
  float h[8], o[8] = {0};   /* a failed copy leaves it as it was */
  size_t off;
  for (int i = 0; i < 8; i++) h[i] = 1.5f * i + 0.25f;
  if (cuInit(0) || cuDeviceGet(&dev, 0) || cuDevicePrimaryCtxRetain(&ctx, dev) || cuCtxSetCurrent(ctx) ||
      cuModuleLoadData(&mod, ptx) || cuModuleGetTexRef(&tr, mod, "rt") || cuModuleGetFunction(&fn, mod, "k") ||
      cuMemAlloc(&in, sizeof h) || cuMemcpyHtoD(in, h, sizeof h) || cuMemAlloc(&out, sizeof o) ||
      cuTexRefSetFormat(tr, CU_AD_FORMAT_FLOAT, 1)) { printf("setup failed\n"); return 1; }
  SAY(cuTexRefSetAddress(&off, tr, in, sizeof h));
  SAY(cuTexRefSetAddress(&off, tr, in + (1ull << 40), sizeof h));
  SAY(cuTexRefGetAddress(&got, tr));
  printf("address read back: %s\n", got == in ? "the first" : got == in + (1ull << 40) ? "the refused one" : "another");
  SAY(cuTexRefSetAddress(&off, tr, 0, sizeof h));
  SAY(cuTexRefGetAddress(&got, tr));
  printf("address read back: %s\n", got == in ? "the first" : got == 0 ? "0" : "another");
  SAY(cuTexRefSetAddress(&off, tr, in, sizeof h));
  SAY(cuTexRefSetAddress(&off, tr, in + (1ull << 40), sizeof h));
  void *args[] = { &out };
  SAY(cuLaunchKernel(fn, 1, 1, 1, 8, 1, 1, 0, 0, args, 0));
  SAY(cuCtxSynchronize());
  SAY(cuMemcpyDtoH(o, out, sizeof o));
  printf("tex read:");
  for (int i = 0; i < 8; i++) printf(" %g", o[i]);
  printf("\n");
  return 0;
}

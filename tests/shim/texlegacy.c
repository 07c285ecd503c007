/* texlegacy: a .tex .u64 variable (PTX ISA before 1.5), the legacy texture
 * reference, bound to linear memory with cuTexRefSetAddress (format float,
 * 1 channel); kernel k reads tex.1d at coordinates 0..7.  Prints the words. */
#define CUDA_ENABLE_DEPRECATED 1
#include <cuda.h>
#include <stdio.h>
#define CK(x) do { CUresult r_ = (x); if (r_) { const char *s_ = 0; cuGetErrorName(r_, &s_); \
  printf("ERR %s %d %s\n", #x, (int)r_, s_ ? s_ : "?"); return 1; } } while (0)
static const char ptx[] =
	".version 1.4\n.target sm_13\n"
	".tex .u64 rt;\n"
	".entry k(.param .u64 o)\n{\n"
	"\t.reg .u32 %r<4>; .reg .f32 %f<5>; .reg .u64 %rd<4>;\n"
	"\tld.param.u64 %rd1, [o];\n\tmov.u32 %r1, %tid.x;\n"
	"\ttex.1d.v4.f32.s32 {%f1,%f2,%f3,%f4}, [rt, {%r1}];\n"
	"\tmul.wide.u32 %rd2, %r1, 8;\n\tadd.u64 %rd3, %rd1, %rd2;\n"
	"\tst.global.f32 [%rd3], %f1;\n\tst.global.f32 [%rd3+4], %f4;\n\texit;\n}\n";
int main(void) {
  CUdevice dev; CUcontext ctx; CUmodule mod; CUfunction fn; CUtexref tr; CUdeviceptr in, out;
  float h[8]; unsigned o[16];
  for (int i = 0; i < 8; i++) h[i] = 1.5f * i + 0.25f;
  CK(cuInit(0)); CK(cuDeviceGet(&dev, 0));
  CK(cuDevicePrimaryCtxRetain(&ctx, dev)); CK(cuCtxSetCurrent(ctx));
  CK(cuModuleLoadData(&mod, ptx));
  CK(cuModuleGetTexRef(&tr, mod, "rt"));
  CK(cuMemAlloc(&in, sizeof h)); CK(cuMemcpyHtoD(in, h, sizeof h));
  CK(cuMemAlloc(&out, sizeof o)); CK(cuMemsetD8(out, 0xa5, sizeof o));
  CK(cuTexRefSetFormat(tr, CU_AD_FORMAT_FLOAT, 1));
  CK(cuTexRefSetAddress(NULL, tr, in, sizeof h));
  CK(cuModuleGetFunction(&fn, mod, "k"));
  void *args[] = { &out };
  CK(cuLaunchKernel(fn, 1, 1, 1, 8, 1, 1, 0, 0, args, 0));
  CK(cuCtxSynchronize());
  CK(cuMemcpyDtoH(o, out, sizeof o));
  printf("OUT");
  for (int i = 0; i < 16; i++) printf(" %08x", o[i]);
  printf("\n");
  return 0;
}

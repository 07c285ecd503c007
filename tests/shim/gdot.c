/*
 * gdot.c -- cuGraphDebugDotPrint of a graph of each common kind of node
 * (kernels of 3D and 1D shapes, a 2D fill, a pitched copy, a host
 * function, an event record and wait, empty nodes, a child graph, memory
 * allocation and free), flag by flag, and of a captured graph plain and
 * verbose; each file printed with its hexadecimal numbers (handles,
 * pointers) masked.  Every line as an H200 printed it (gdot.gpu).
 *
 *	gdot [DIR]   the dot files go to DIR (default .), each removed once shown
 */
#include "shimtest.h"

static const char ptx[] =
".version 8.0\n.target sm_90\n.address_size 64\n"
".visible .entry kern(.param .u64 p, .param .u32 n)\n{\n.reg .u64 %r<3>;\n.reg .u32 %u<2>;\n"
"ld.param.u64 %r1, [p];\nld.param.u32 %u1, [n];\ncvta.to.global.u64 %r2, %r1;\nst.global.u32 [%r2], %u1;\nret;\n}\n"
".visible .entry _Z4kernPfi(.param .u64 p, .param .u32 n)\n{\nret;\n}\n";

static void CUDA_CB hostfn(void *u) { (void)u; }

/* a failing call printed, and the program goes on (shimtest.h's CK stops) */
#define TRY(x) do { CUresult r_ = (x); if (r_) { printf("%s: %d (line %d)\n", #x, r_, __LINE__); } } while (0)

int
main(int argc, char **argv)
{
	CUdevice d; CUcontext c; CUmodule mod; CUfunction f, f2; CUdeviceptr m, m2; CUevent ev;
	CUgraph g, child; CUgraphNode k1, k2, ms, cp, h, er, ew, em, ch, al, fr, j;
	cuInit(0); cuDeviceGet(&d, 0); cuDevicePrimaryCtxRetain(&c, d); cuCtxSetCurrent(c);
	TRY(cuModuleLoadData(&mod, ptx));
	TRY(cuModuleGetFunction(&f, mod, "kern"));
	TRY(cuModuleGetFunction(&f2, mod, "_Z4kernPfi"));
	TRY(cuMemAlloc(&m, 1 << 20)); TRY(cuMemAlloc(&m2, 1 << 20));
	TRY(cuEventCreate(&ev, 0));
	TRY(cuGraphCreate(&g, 0));
	unsigned n = 7; void *args[] = { &m, &n };
	CUDA_KERNEL_NODE_PARAMS kp; memset(&kp, 0, sizeof kp);
	kp.func = f; kp.gridDimX = 4; kp.gridDimY = 3; kp.gridDimZ = 2; kp.blockDimX = 32; kp.blockDimY = 2; kp.blockDimZ = 1;
	kp.sharedMemBytes = 128; kp.kernelParams = args;
	TRY(cuGraphAddKernelNode(&k1, g, NULL, 0, &kp));
	kp.func = f2; kp.gridDimX = 5; kp.gridDimY = 1; kp.gridDimZ = 1; kp.blockDimX = 64; kp.blockDimY = 1; kp.sharedMemBytes = 0;
	TRY(cuGraphAddKernelNode(&k2, g, NULL, 0, &kp));
	CUDA_MEMSET_NODE_PARAMS mp; memset(&mp, 0, sizeof mp);
	mp.dst = m; mp.pitch = 256; mp.value = 0x1234; mp.elementSize = 2; mp.width = 16; mp.height = 3;
	CUgraphNode two[2] = { k1, k2 };
	TRY(cuGraphAddMemsetNode(&ms, g, two, 2, &mp, c));
	CUDA_MEMCPY3D cpy; memset(&cpy, 0, sizeof cpy);
	cpy.srcMemoryType = CU_MEMORYTYPE_DEVICE; cpy.srcDevice = m; cpy.dstMemoryType = CU_MEMORYTYPE_DEVICE; cpy.dstDevice = m2;
	cpy.WidthInBytes = 100; cpy.Height = 2; cpy.Depth = 1; cpy.srcPitch = 128; cpy.dstPitch = 256;
	TRY(cuGraphAddMemcpyNode(&cp, g, &ms, 1, &cpy, c));
	CUDA_HOST_NODE_PARAMS hp = { hostfn, (void *)0x1234 };
	TRY(cuGraphAddHostNode(&h, g, &k1, 1, &hp));
	TRY(cuGraphAddEventRecordNode(&er, g, &h, 1, ev));
	TRY(cuGraphAddEventWaitNode(&ew, g, &er, 1, ev));
	TRY(cuGraphAddEmptyNode(&em, g, NULL, 0));
	TRY(cuGraphCreate(&child, 0));
	CUgraphNode cn; TRY(cuGraphAddMemsetNode(&cn, child, NULL, 0, &mp, c));
	TRY(cuGraphAddChildGraphNode(&ch, g, &em, 1, child));
	CUDA_MEM_ALLOC_NODE_PARAMS ap; memset(&ap, 0, sizeof ap);
	ap.poolProps.allocType = CU_MEM_ALLOCATION_TYPE_PINNED; ap.poolProps.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	ap.bytesize = 1 << 16;
	TRY(cuGraphAddMemAllocNode(&al, g, &ch, 1, &ap));
	TRY(cuGraphAddMemFreeNode(&fr, g, &al, 1, ap.dptr));
	CUgraphNode all[4] = { cp, ew, fr, k2 };
	TRY(cuGraphAddEmptyNode(&j, g, all, 4));
	const char *res = argc > 1 ? argv[1] : ".";
	unsigned fl[] = { 0, 1, 2, 4, 8, 0x10, 0x20, 0x40, 0x200, 0x400, 0x800, 0x1000, 0x4000 };
	for (unsigned i = 0; i < sizeof fl / sizeof fl[0]; i++) {
		char path[512]; snprintf(path, sizeof path, "%s/dot2-%x.dot", res, fl[i]);
		printf("dot 0x%x: %d\n", fl[i], cuGraphDebugDotPrint(g, path, fl[i]));
		showdot(path);
	}
	/* the same graph as captured: kernel launches of 3D shape on a stream */
	CUstream s; CUgraph cg; cuStreamCreate(&s, CU_STREAM_NON_BLOCKING);
	TRY(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_RELAXED));
	TRY(cuLaunchKernel(f, 2, 2, 1, 8, 4, 2, 64, s, args, NULL));
	TRY(cuMemcpyDtoDAsync(m2, m, 4096, s));
	TRY(cuMemsetD32Async(m, 5, 10, s));
	TRY(cuStreamEndCapture(s, &cg));
	for (unsigned i = 0; i < 2; i++) {
		char path[512]; snprintf(path, sizeof path, "%s/cap-%x.dot", res, i);
		printf("cap dot %u: %d\n", i, cuGraphDebugDotPrint(cg, path, i));
		showdot(path);
	}
	return 0;
}

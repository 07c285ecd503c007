/*
 * fuzz_shim.c -- libFuzzer entry point for the CUDA driver shim
 * (libptxcuda), called in-process through cuda.h: the structures and sizes
 * a program hands the driver, chosen by the fuzzer, against a few real
 * allocations, arrays and kernels.
 *
 * Each input is a list of calls.  A call is an opcode byte and its
 * operands, each read from the input as it is needed (see val(): a small
 * number, a value of the table of edges, or 8 raw bytes); an input that
 * ends early leaves the rest zero.  The calls: 2D and 3D copies
 * (CUDA_MEMCPY2D/3D, every memory type, the arrays too), linear copies
 * and fills, 2D fills, arrays created from a CUDA_ARRAY3D_DESCRIPTOR (and
 * mipmapped ones), texture and surface objects of a resource, texture and
 * view descriptor, launches with a parameter array or an `extra' buffer
 * (CU_LAUNCH_PARAM_BUFFER_POINTER/SIZE), cuLaunchKernelEx with attributes,
 * pointer queries, copies to and from arrays, batches of copies
 * (cuMemcpyBatchAsync, cuMemcpy3DBatchAsync) on a stream.
 *
 * A device address is one of the allocations' plus an offset the fuzzer
 * picks (which may wrap 2^64), or the host buffer's own address: the
 * shim must refuse what no allocation holds, and a kernel's loads and
 * stores must never reach the host's memory.  The host side of a copy is
 * the one thing the driver cannot check (a program's host pointer is its
 * own affair), so a call is made only when its host side lies inside the
 * host buffer, or reaches so far (past 2^57, or past 2^64) that the shim
 * must refuse it.  Every buffer handed over (the host buffer, an `extra'
 * buffer of its declared size, the parameter values) is a heap block of
 * exactly its size: under AddressSanitizer a read or write outside it is
 * a finding, and so is a crash, a hang or an allocation without bound.
 * An array is created only when it is small (16 MiB) or past any device
 * (2^48 bytes), where it must be refused: what lies between is a
 * legitimate allocation the fuzzer's memory limit would report.
 *
 * Each input starts from the same state: the allocations and the module
 * are made before its calls and freed after them, and a launch that
 * faulted (the context's sticky error) resets the primary context.
 * Built with libFuzzer (tests/fuzz/run.sh shim), or with replay.c, which
 * tests/shim.test runs on tests/fuzz/corpus-shim against the shim.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>
#include "fuzzin.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum {
	HOSTN = 1 << 16,     /* the host buffer */
	NDEV = 4,            /* device allocations */
	NARR = 4,            /* arrays: three made here, one the input's */
	NCALLS = 64,         /* calls an input makes at most */
	NLAUNCH = 4,         /* of them launches */
	LIM_THREADS = 256,   /* threads a launch may have (all CTAs), else skipped */
	LIM_ARRAY = 16 << 20,
	LIM_EXTRA = 4096
};
#define HOST_END ((uint64_t)1 << 57)
#define PAST_DEVICE ((uint64_t)1 << 48)

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	/* st: out[tid] = *q + n, p and q the caller's addresses */
	".visible .entry st(.param .u64 p, .param .u32 n, .param .u64 q)\n{\n"
	"\t.reg .b64 %rd<5>;\n\t.reg .b32 %r<4>;\n"
	"\tld.param.u64 %rd1, [p];\n\tld.param.u32 %r1, [n];\n\tld.param.u64 %rd2, [q];\n"
	"\tmov.u32 %r2, %tid.x;\n\tmul.wide.u32 %rd3, %r2, 4;\n\tadd.s64 %rd1, %rd1, %rd3;\n"
	"\tld.global.u32 %r3, [%rd2];\n\tadd.u32 %r3, %r3, %r1;\n\tst.global.u32 [%rd1], %r3;\n\tret;\n}\n"
	/* tx: a texture object sampled in each geometry, a surface read and
	 * written, at coordinates the caller offsets */
	".visible .entry tx(.param .u64 t, .param .u64 s, .param .u64 out, .param .f32 x, .param .s32 i)\n{\n"
	"\t.reg .b64 %rd<4>;\n\t.reg .f32 %f<24>;\n\t.reg .b32 %r<12>;\n"
	"\tld.param.u64 %rd1, [t];\n\tld.param.u64 %rd2, [s];\n\tld.param.u64 %rd3, [out];\n"
	"\tld.param.f32 %f1, [x];\n\tld.param.s32 %r1, [i];\n"
	"\tmov.u32 %r2, %tid.x;\n\tadd.s32 %r1, %r1, %r2;\n\tcvt.rn.f32.s32 %f2, %r2;\n\tadd.f32 %f1, %f1, %f2;\n"
	"\ttex.1d.v4.u32.s32 {%r3, %r4, %r5, %r6}, [%rd1, {%r1}];\n"
	"\ttex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f1}];\n"
	"\ttex.3d.v4.f32.f32 {%f7, %f8, %f9, %f10}, [%rd1, {%f1, %f1, %f1, %f1}];\n"
	"\ttex.level.2d.v4.f32.f32 {%f11, %f12, %f13, %f14}, [%rd1, {%f1, %f1}], %f1;\n"
	"\ttex.a2d.v4.f32.f32 {%f15, %f16, %f17, %f18}, [%rd1, {%r1, %f1, %f1, %f1}];\n"
	"\ttld4.r.2d.v4.f32.f32 {%f19, %f20, %f21, %f22}, [%rd1, {%f1, %f1}];\n"
	"\tsuld.b.2d.v4.b32.zero {%r7, %r8, %r9, %r10}, [%rd2, {%r1, %r1}];\n"
	"\tsust.b.2d.v4.b32.zero [%rd2, {%r1, %r2}], {%r3, %r4, %r7, %r8};\n"
	"\tsust.b.3d.b32.clamp [%rd2, {%r1, %r2, %r1, %r1}], {%r3};\n"
	"\tadd.f32 %f3, %f3, %f7;\n\tadd.f32 %f3, %f3, %f11;\n\tadd.f32 %f3, %f3, %f15;\n\tadd.f32 %f3, %f3, %f19;\n"
	"\tmov.b32 %r11, %f3;\n\tadd.u32 %r11, %r11, %r5;\n\tadd.u32 %r11, %r11, %r9;\n"
	"\tmul.wide.u32 %rd1, %r2, 4;\n\tadd.s64 %rd3, %rd3, %rd1;\n\tst.global.u32 [%rd3], %r11;\n\tret;\n}\n";


/* A size, offset or extent: mostly small, often an edge. */
static uint64_t
val(In *in)
{
	static const uint64_t edge[] = {
		0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256, 4095, 4096, 4097,
		65535, 65536, 65537, (uint64_t)1 << 31, (uint64_t)1 << 32, ((uint64_t)1 << 32) - 1,
		((uint64_t)1 << 32) + 1, (uint64_t)1 << 47, (uint64_t)1 << 56, (uint64_t)1 << 57,
		(uint64_t)1 << 62, (uint64_t)1 << 63, ~(uint64_t)0, ~(uint64_t)0 - 1, ~(uint64_t)0 - 4095,
		~(uint64_t)0 >> 1, ~(uint64_t)0 >> 4, 0x7fffffff, 0x80000000
	};
	unsigned k = u8(in);

	switch (k >> 6) {
	case 0: return k & 63;
	case 1: return edge[(k & 63) % (sizeof edge / sizeof edge[0])];
	case 2: return raw(in, 2) << (k & 7);
	default: return raw(in, 8);
	}
}

/* FUZZ_SHIM_VERBOSE set: each call's line and answer, on stderr (triage) */
static int verbose = -1;

static void
say(int line, CUresult r)
{
	if (verbose < 0)
		verbose = getenv("FUZZ_SHIM_VERBOSE") != NULL;
	if (verbose)
		fprintf(stderr, "fuzz_shim.c:%d: %d\n", line, (int)r);
}

/* What each input starts from. */
static CUcontext ctx;
static CUmodule mod;
static CUfunction fst, ftx;
static CUdeviceptr dev[NDEV];
static const size_t devn[NDEV] = { 4096, 4097, 65536, 1 };
static CUarray arr[NARR];
static CUmipmappedArray mip;
static unsigned char *host, *pinned;
enum { PINNEDN = 8192 };
static CUstream stream;
static CUtexObject tex;
static CUsurfObject surf;
static int nlaunch;

static void
setup(void)
{
	CUDA_ARRAY3D_DESCRIPTOR ad;

	if (!ctx) {
		CUdevice d;
		if (cuInit(0) || cuDeviceGet(&d, 0) || cuDevicePrimaryCtxRetain(&ctx, d))
			abort();
	}
	if (cuCtxSetCurrent(ctx) || cuModuleLoadData(&mod, ptx) || cuModuleGetFunction(&fst, mod, "st") ||
	    cuModuleGetFunction(&ftx, mod, "tx"))
		abort();
	for (int i = 0; i < NDEV; i++)
		if (cuMemAlloc(&dev[i], devn[i]))
			abort();
	if (cuMemAllocHost((void **)&pinned, PINNEDN) || cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING))
		abort();
	memset(&ad, 0, sizeof ad);
	/* a 2D array of 4 x u8, a 3D one of float, a layered surface one */
	ad.Width = 64, ad.Height = 32, ad.Format = CU_AD_FORMAT_UNSIGNED_INT8, ad.NumChannels = 4;
	if (cuArray3DCreate(&arr[0], &ad))
		abort();
	ad.Width = 16, ad.Height = 16, ad.Depth = 4, ad.Format = CU_AD_FORMAT_FLOAT, ad.NumChannels = 1;
	if (cuArray3DCreate(&arr[1], &ad))
		abort();
	ad.Width = 8, ad.Height = 8, ad.Depth = 3, ad.Format = CU_AD_FORMAT_UNSIGNED_INT32;
	ad.NumChannels = 2, ad.Flags = CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_SURFACE_LDST;
	if (cuArray3DCreate(&arr[2], &ad))
		abort();
	ad.Width = 32, ad.Height = 32, ad.Depth = 0, ad.Format = CU_AD_FORMAT_HALF, ad.NumChannels = 2;
	ad.Flags = 0;
	if (cuMipmappedArrayCreate(&mip, &ad, 6))
		abort();
	nlaunch = 0;
}

static void
teardown(void)
{
	if (tex)
		cuTexObjectDestroy(tex);
	if (surf)
		cuSurfObjectDestroy(surf);
	tex = 0, surf = 0;
	/* a launch that faulted leaves the context's error sticky: start over */
	if (cuCtxSynchronize() != CUDA_SUCCESS) {
		CUdevice d;
		if (cuDeviceGet(&d, 0) || cuDevicePrimaryCtxReset(d) || cuDevicePrimaryCtxRetain(&ctx, d) ||
		    cuDevicePrimaryCtxRelease(d))
			abort();
		memset(arr, 0, sizeof arr);
		mip = NULL, pinned = NULL, mod = NULL, stream = NULL;
		return;
	}
	for (int i = 0; i < NARR; i++)
		if (arr[i])
			cuArrayDestroy(arr[i]);
	memset(arr, 0, sizeof arr);
	cuMipmappedArrayDestroy(mip);
	for (int i = 0; i < NDEV; i++)
		cuMemFree(dev[i]);
	cuMemFreeHost(pinned);
	cuStreamDestroy(stream);
	cuModuleUnload(mod);
}

/* A device address: an allocation's plus an offset, or a host address. */
static CUdeviceptr
daddr(In *in)
{
	unsigned k = u8(in);
	uint64_t off = val(in);

	switch (k % 8) {
	case 0: case 1: case 2: case 3: return dev[k % NDEV] + off;
	case 4: return dev[k % NDEV] + devn[k % NDEV] - off;   /* near the end, or before the start */
	case 5: return (CUdeviceptr)(uintptr_t)host + off;
	case 6: return (CUdeviceptr)(uintptr_t)pinned + off;
	default: return off;
	}
}

/* A unified address the shim must take for a device one: an allocation's
 * plus an offset inside the device address space (ptx_mem_devspace).  Any
 * other value is a host pointer to the driver, as to a GPU's under unified
 * addressing, and the program's own business. */
static CUdeviceptr
udaddr(In *in)
{
	unsigned k = u8(in);
	return dev[k % NDEV] + val(in) % ((uint64_t)1 << 20);
}

/* A host side: the host buffer, or the pinned block, at an offset. */
static unsigned char *
haddr(In *in, size_t *room)
{
	unsigned k = u8(in);
	uint64_t off = val(in) % (HOSTN + 1);

	if (k & 1) {
		off %= PINNEDN + 1;
		*room = PINNEDN - off;
		return pinned + off;
	}
	*room = HOSTN - off;
	return host + off;
}

static CUarray
aaddr(In *in)
{
	unsigned k = u8(in);
	return k < 250 ? arr[k % NARR] : NULL;
}

/* Whether a host side at h (room bytes to the buffer's end) of w x h x d
 * from (x, y, z) with these pitches may be handed to the driver: it lies
 * in the buffer, or reaches past any user address, which the driver must
 * refuse.  Otherwise the call is the program's own error, and not made. */
static int
hostok(const unsigned char *p, size_t room, uint64_t x, uint64_t y, uint64_t z, uint64_t w, uint64_t h,
       uint64_t d, uint64_t pitch, uint64_t height)
{
	uint64_t slice, a, b, off, end;

	if (__builtin_mul_overflow(pitch, height, &slice) || __builtin_mul_overflow(y, pitch, &a) ||
	    __builtin_mul_overflow(z, slice, &b) || __builtin_add_overflow(a, b, &off) ||
	    __builtin_add_overflow(off, x, &off))
		return 1;
	if (!w || !h || !d)
		return off <= room;
	if (__builtin_mul_overflow(h - 1, pitch, &a) || __builtin_mul_overflow(d - 1, slice, &b) ||
	    __builtin_add_overflow(a, b, &end) || __builtin_add_overflow(end, off, &end) ||
	    __builtin_add_overflow(end, w, &end) || __builtin_add_overflow(end, (uint64_t)(uintptr_t)p, &a))
		return 1;
	return end <= room || a >= HOST_END;
}

/* One side of a 2D or 3D copy. */
typedef struct {
	CUmemorytype type;
	unsigned char *h;
	size_t room;
	CUdeviceptr d;
	CUarray a;
} Side;

static void
side(In *in, Side *s)
{
	static const CUmemorytype types[] = { CU_MEMORYTYPE_HOST, CU_MEMORYTYPE_DEVICE, CU_MEMORYTYPE_ARRAY,
	                                      CU_MEMORYTYPE_UNIFIED };
	unsigned k = u8(in);

	memset(s, 0, sizeof *s);
	s->type = k < 252 ? types[k % 4] : (CUmemorytype)(k - 252 + 5);
	switch (s->type) {
	case CU_MEMORYTYPE_HOST:
		s->h = haddr(in, &s->room);
		break;
	case CU_MEMORYTYPE_UNIFIED:
		/* a unified address: an allocation's, or the pinned block */
		if (u8(in) & 1) {
			s->h = haddr(in, &s->room);
			s->d = (CUdeviceptr)(uintptr_t)s->h;
		} else
			s->d = udaddr(in);
		break;
	case CU_MEMORYTYPE_ARRAY:
		s->a = aaddr(in);
		break;
	default:
		s->d = daddr(in);
		break;
	}
}

/* Whether a side's host part may be handed over (see hostok). */
static int
sideok(const Side *s, uint64_t x, uint64_t y, uint64_t z, uint64_t w, uint64_t h, uint64_t d, uint64_t pitch,
       uint64_t height)
{
	if (!s->h)
		return 1;
	return hostok(s->h, s->room, x, y, z, w, h, d, pitch, height);
}

static void
copy2d(In *in)
{
	CUDA_MEMCPY2D c;
	Side s, t;
	unsigned k = u8(in);

	memset(&c, 0, sizeof c);
	side(in, &s);
	side(in, &t);
	c.srcMemoryType = s.type, c.srcHost = s.h, c.srcDevice = s.d, c.srcArray = s.a;
	c.dstMemoryType = t.type, c.dstHost = t.h, c.dstDevice = t.d, c.dstArray = t.a;
	c.srcXInBytes = val(in), c.srcY = val(in), c.srcPitch = val(in);
	c.dstXInBytes = val(in), c.dstY = val(in), c.dstPitch = val(in);
	c.WidthInBytes = val(in), c.Height = val(in);
	if (!sideok(&s, c.srcXInBytes, c.srcY, 0, c.WidthInBytes, c.Height, 1, c.srcPitch, 0) ||
	    !sideok(&t, c.dstXInBytes, c.dstY, 0, c.WidthInBytes, c.Height, 1, c.dstPitch, 0))
		return;
	switch (k % 3) {
	case 0: say(__LINE__, cuMemcpy2D(&c)); break;
	case 1: say(__LINE__, cuMemcpy2DUnaligned(&c)); break;
	default: say(__LINE__, cuMemcpy2DAsync(&c, NULL)); break;
	}
}

static void
copy3d(In *in)
{
	CUDA_MEMCPY3D c;
	Side s, t;
	unsigned k = u8(in);

	memset(&c, 0, sizeof c);
	side(in, &s);
	side(in, &t);
	c.srcMemoryType = s.type, c.srcHost = s.h, c.srcDevice = s.d, c.srcArray = s.a;
	c.dstMemoryType = t.type, c.dstHost = t.h, c.dstDevice = t.d, c.dstArray = t.a;
	c.srcXInBytes = val(in), c.srcY = val(in), c.srcZ = val(in), c.srcPitch = val(in), c.srcHeight = val(in);
	c.dstXInBytes = val(in), c.dstY = val(in), c.dstZ = val(in), c.dstPitch = val(in), c.dstHeight = val(in);
	c.WidthInBytes = val(in), c.Height = val(in), c.Depth = val(in);
	if (k & 4)
		c.srcLOD = val(in), c.dstLOD = val(in);
	if (!sideok(&s, c.srcXInBytes, c.srcY, c.srcZ, c.WidthInBytes, c.Height, c.Depth, c.srcPitch,
	            c.srcHeight) ||
	    !sideok(&t, c.dstXInBytes, c.dstY, c.dstZ, c.WidthInBytes, c.Height, c.Depth, c.dstPitch,
	            c.dstHeight))
		return;
	if (k & 1)
		say(__LINE__, cuMemcpy3DAsync(&c, NULL));
	else
		say(__LINE__, cuMemcpy3D(&c));
}

static void
linear(In *in)
{
	unsigned k = u8(in);
	CUdeviceptr a = k % 6 == 3 ? udaddr(in) : daddr(in), b = k % 6 == 3 ? udaddr(in) : daddr(in);
	size_t n = val(in), room;
	unsigned char *h = haddr(in, &room);

	/* a host side past its buffer is the program's own error, unless it
	 * wraps or reaches past any user address */
	if ((k % 6 == 1 || k % 6 == 2) && n > room && (uint64_t)(uintptr_t)h + n >= (uint64_t)(uintptr_t)h &&
	    (uint64_t)(uintptr_t)h + n < HOST_END)
		return;
	switch (k % 6) {
	case 0: say(__LINE__, cuMemcpyDtoD(a, b, n)); break;
	case 1: say(__LINE__, cuMemcpyHtoD(a, h, n)); break;
	case 2: say(__LINE__, cuMemcpyDtoH(h, a, n)); break;
	case 3: say(__LINE__, cuMemcpy(a, b, n)); break;
	case 4: say(__LINE__, cuMemcpyDtoDAsync(a, b, n, NULL)); break;
	default: say(__LINE__, cuMemcpyPeer(a, ctx, b, ctx, n)); break;
	}
}

static void
fill(In *in)
{
	unsigned k = u8(in);
	CUdeviceptr a = daddr(in);
	size_t pitch = val(in), w = val(in), h = val(in);
	unsigned v = (unsigned)raw(in, 4);

	switch (k % 9) {
	case 0: say(__LINE__, cuMemsetD8(a, (unsigned char)v, w)); break;
	case 1: say(__LINE__, cuMemsetD16(a, (unsigned short)v, w)); break;
	case 2: say(__LINE__, cuMemsetD32(a, v, w)); break;
	case 3: say(__LINE__, cuMemsetD2D8(a, pitch, (unsigned char)v, w, h)); break;
	case 4: say(__LINE__, cuMemsetD2D16(a, pitch, (unsigned short)v, w, h)); break;
	case 5: say(__LINE__, cuMemsetD2D32(a, pitch, v, w, h)); break;
	case 6: say(__LINE__, cuMemsetD2D8Async(a, pitch, (unsigned char)v, w, h, NULL)); break;
	case 7: say(__LINE__, cuMemsetD2D32Async(a, pitch, v, w, h, NULL)); break;
	default: say(__LINE__, cuMemsetD32Async(a, v, w, NULL)); break;
	}
}

/* The bytes an array of this descriptor holds, or ~0 when that overflows. */
static uint64_t
arraybytes(const CUDA_ARRAY3D_DESCRIPTOR *ad)
{
	uint64_t n = 16 * (uint64_t)(ad->NumChannels & 0xff);   /* the widest texel */
	if (__builtin_mul_overflow(n, ad->Width ? ad->Width : 1, &n) ||
	    __builtin_mul_overflow(n, ad->Height ? ad->Height : 1, &n) ||
	    __builtin_mul_overflow(n, ad->Depth ? ad->Depth : 1, &n))
		return ~(uint64_t)0;
	return n;
}

static void
mkarray(In *in)
{
	static const CUarray_format fmts[] = {
		CU_AD_FORMAT_UNSIGNED_INT8, CU_AD_FORMAT_UNSIGNED_INT16, CU_AD_FORMAT_UNSIGNED_INT32,
		CU_AD_FORMAT_SIGNED_INT8, CU_AD_FORMAT_HALF, CU_AD_FORMAT_FLOAT, CU_AD_FORMAT_BC1_UNORM,
		CU_AD_FORMAT_BC7_UNORM, CU_AD_FORMAT_NV12, CU_AD_FORMAT_UNORM_INT8X4
	};
	CUDA_ARRAY3D_DESCRIPTOR ad;
	unsigned k = u8(in), f = u8(in);
	uint64_t n;

	memset(&ad, 0, sizeof ad);
	ad.Width = val(in), ad.Height = val(in), ad.Depth = val(in);
	ad.Format = f < 240 ? fmts[f % 10] : (CUarray_format)raw(in, 4);
	ad.NumChannels = (unsigned)val(in);
	ad.Flags = (unsigned)raw(in, 1) | (unsigned)(k & 0x80 ? raw(in, 4) : 0);
	n = arraybytes(&ad);
	if (n > LIM_ARRAY && n < PAST_DEVICE)
		return;
	if (arr[NARR - 1]) {
		cuArrayDestroy(arr[NARR - 1]);
		arr[NARR - 1] = NULL;
	}
	if (k & 1) {
		CUmipmappedArray m;
		CUarray lv;
		unsigned levels = (unsigned)val(in);
		if (cuMipmappedArrayCreate(&m, &ad, levels) == CUDA_SUCCESS) {
			say(__LINE__, cuMipmappedArrayGetLevel(&lv, m, (unsigned)val(in)));
			cuMipmappedArrayDestroy(m);
		}
		return;
	}
	if (k & 2) {
		CUDA_ARRAY_DESCRIPTOR a2;
		a2.Width = ad.Width, a2.Height = ad.Height, a2.Format = ad.Format, a2.NumChannels = ad.NumChannels;
		if (cuArrayCreate(&arr[NARR - 1], &a2) != CUDA_SUCCESS)
			arr[NARR - 1] = NULL;
	} else if (cuArray3DCreate(&arr[NARR - 1], &ad) != CUDA_SUCCESS)
		arr[NARR - 1] = NULL;
	if (arr[NARR - 1]) {
		CUDA_ARRAY3D_DESCRIPTOR got;
		say(__LINE__, cuArray3DGetDescriptor(&got, arr[NARR - 1]));
	}
}

static float
fval(In *in)
{
	static const float fs[] = { 0, 1, -1, 0.5f, 1e30f, -1e30f, 1.0f / 0.0f, -1.0f / 0.0f, 16, 1000 };
	unsigned k = u8(in);
	if (k < 200)
		return fs[k % 10];
	uint32_t b = (uint32_t)raw(in, 4);
	float f;
	memcpy(&f, &b, sizeof f);
	return f;
}

static void
mktex(In *in)
{
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUDA_RESOURCE_VIEW_DESC vd;
	unsigned k = u8(in), t = u8(in);

	memset(&rd, 0, sizeof rd);
	memset(&td, 0, sizeof td);
	memset(&vd, 0, sizeof vd);
	switch (t % 5) {
	case 0:
		rd.resType = CU_RESOURCE_TYPE_ARRAY;
		rd.res.array.hArray = aaddr(in);
		break;
	case 1:
		rd.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
		rd.res.mipmap.hMipmappedArray = u8(in) < 250 ? mip : NULL;
		break;
	case 2:
		rd.resType = CU_RESOURCE_TYPE_LINEAR;
		rd.res.linear.devPtr = daddr(in);
		rd.res.linear.format = (CUarray_format)(u8(in) < 200 ? 1 + (k >> 4) % 3 : raw(in, 4));
		rd.res.linear.numChannels = (unsigned)val(in);
		rd.res.linear.sizeInBytes = val(in);
		break;
	case 3:
		rd.resType = CU_RESOURCE_TYPE_PITCH2D;
		rd.res.pitch2D.devPtr = daddr(in);
		rd.res.pitch2D.format = (CUarray_format)(u8(in) < 200 ? 1 + (k >> 4) % 3 : raw(in, 4));
		rd.res.pitch2D.numChannels = (unsigned)val(in);
		rd.res.pitch2D.width = val(in);
		rd.res.pitch2D.height = val(in);
		rd.res.pitch2D.pitchInBytes = val(in);
		break;
	default:
		rd.resType = (CUresourcetype)raw(in, 4);
		break;
	}
	rd.flags = k & 0x80 ? (unsigned)raw(in, 4) : 0;
	for (int i = 0; i < 3; i++)
		td.addressMode[i] = (CUaddress_mode)(u8(in) % 6);
	td.filterMode = (CUfilter_mode)(u8(in) % 3);
	td.flags = (unsigned)raw(in, 1);
	td.maxAnisotropy = (unsigned)val(in);
	td.mipmapFilterMode = (CUfilter_mode)(u8(in) % 3);
	td.mipmapLevelBias = fval(in);
	td.minMipmapLevelClamp = fval(in);
	td.maxMipmapLevelClamp = fval(in);
	for (int i = 0; i < 4; i++)
		td.borderColor[i] = fval(in);
	if (k & 2) {
		vd.format = (CUresourceViewFormat)(u8(in) % 0x30);
		vd.width = val(in), vd.height = val(in), vd.depth = val(in);
		vd.firstMipmapLevel = (unsigned)val(in), vd.lastMipmapLevel = (unsigned)val(in);
		vd.firstLayer = (unsigned)val(in), vd.lastLayer = (unsigned)val(in);
	}
	if (tex)
		cuTexObjectDestroy(tex);
	tex = 0;
	if (cuTexObjectCreate(&tex, &rd, &td, k & 2 ? &vd : NULL) != CUDA_SUCCESS)
		tex = 0;
	if (tex) {
		CUDA_RESOURCE_DESC g;
		CUDA_TEXTURE_DESC gt;
		CUDA_RESOURCE_VIEW_DESC gv;
		say(__LINE__, cuTexObjectGetResourceDesc(&g, tex));
		say(__LINE__, cuTexObjectGetTextureDesc(&gt, tex));
		say(__LINE__, cuTexObjectGetResourceViewDesc(&gv, tex));
	}
	if (k & 4) {
		if (surf)
			cuSurfObjectDestroy(surf);
		surf = 0;
		if (cuSurfObjectCreate(&surf, &rd) != CUDA_SUCCESS)
			surf = 0;
	}
}

/* A launch's grid, block and shared memory; 0 when it is too big to run
 * and not so big that it must be refused (a grid of 2^31-1 CTAs is one a
 * device runs, for as long as it takes). */
static int
shape(In *in, unsigned g[3], unsigned b[3], unsigned *shared)
{
	uint64_t n = 1, big = 0;
	for (int i = 0; i < 3; i++) {
		g[i] = (unsigned)(u8(in) < 200 ? 1 + u8(in) % 4 : val(in));
		n *= g[i] ? g[i] : 1;
		big |= g[i] > (i ? 65535u : 0x7fffffffu);   /* past a device's grid */
	}
	for (int i = 0; i < 3; i++) {
		b[i] = (unsigned)(u8(in) < 200 ? 1 + u8(in) % 64 : val(in));
		n *= b[i] ? b[i] : 1;
		big |= b[i] > (i < 2 ? 1024u : 64u);
	}
	*shared = (unsigned)(u8(in) < 200 ? 0 : val(in));
	return n <= LIM_THREADS || big;
}

static void
launch(In *in)
{
	unsigned k = u8(in), g[3], b[3], shared;
	CUfunction f = k & 1 ? ftx : fst;
	uint64_t p0 = daddr(in), p1 = daddr(in), p2 = daddr(in);
	uint32_t n = (uint32_t)val(in);
	int32_t i = (int32_t)val(in);
	float x = fval(in);
	uint64_t t0 = k & 8 ? (uint64_t)raw(in, 8) : tex, t1 = k & 16 ? (uint64_t)raw(in, 8) : surf;

	if (!shape(in, g, b, &shared) || nlaunch >= NLAUNCH)
		return;
	nlaunch++;
	if (k & 2) {
		/* the parameters in one buffer of the size it declares */
		size_t want = f == ftx ? 32 : 24, size = k & 4 ? val(in) % (LIM_EXTRA + 1) : want;
		unsigned char *buf = malloc(size ? size : 1);
		unsigned char full[40] = {0};
		void *extra[7] = { CU_LAUNCH_PARAM_BUFFER_POINTER, buf, CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
		                   CU_LAUNCH_PARAM_END, NULL, CU_LAUNCH_PARAM_END };
		if (!buf)
			return;
		if (f == ftx) {
			memcpy(full, &t0, 8), memcpy(full + 8, &t1, 8), memcpy(full + 16, &p0, 8);
			memcpy(full + 24, &x, 4), memcpy(full + 28, &i, 4);
		} else
			memcpy(full, &p0, 8), memcpy(full + 8, &n, 4), memcpy(full + 16, &p1, 8);
		memcpy(buf, full, size < sizeof full ? size : sizeof full);
		if (size > sizeof full)
			memset(buf + sizeof full, 0x5a, size - sizeof full);
		if (u8(in) & 1)
			extra[4] = (void *)(uintptr_t)(3 + u8(in) % 2);   /* a key of no meaning, then a NULL */
		if (u8(in) & 1)
			extra[3] = NULL;
		say(__LINE__, cuLaunchKernel(f, g[0], g[1], g[2], b[0], b[1], b[2], shared, NULL, NULL, extra));
		free(buf);
	} else if (k & 4) {
		/* cuLaunchKernelEx with attributes */
		CUlaunchConfig cfg;
		CUlaunchAttribute at[4];
		void *args[5];
		unsigned na = u8(in) % 5;
		memset(&cfg, 0, sizeof cfg);
		memset(at, 0, sizeof at);
		cfg.gridDimX = g[0], cfg.gridDimY = g[1], cfg.gridDimZ = g[2];
		cfg.blockDimX = b[0], cfg.blockDimY = b[1], cfg.blockDimZ = b[2];
		cfg.sharedMemBytes = shared;
		for (unsigned j = 0; j < na && j < 4; j++) {
			uint64_t v[8];
			at[j].id = (CUlaunchAttributeID)(u8(in) % 24);
			for (int w = 0; w < 8; w++)
				v[w] = w < 2 ? val(in) : 0;
			memcpy(&at[j].value, v, sizeof at[j].value < sizeof v ? sizeof at[j].value : sizeof v);
		}
		cfg.attrs = na ? at : NULL;
		cfg.numAttrs = na == 4 ? (unsigned)val(in) % 5 : na;
		if (f == ftx)
			args[0] = &t0, args[1] = &t1, args[2] = &p0, args[3] = &x, args[4] = &i;
		else
			args[0] = &p0, args[1] = &n, args[2] = &p1;
		say(__LINE__, cuLaunchKernelEx(&cfg, f, args, NULL));
	} else {
		void *args[5];
		if (f == ftx)
			args[0] = &t0, args[1] = &t1, args[2] = &p2, args[3] = &x, args[4] = &i;
		else
			args[0] = &p0, args[1] = &n, args[2] = &p2;
		say(__LINE__, cuLaunchKernel(f, g[0], g[1], g[2], b[0], b[1], b[2], shared, NULL, args, NULL));
	}
	say(__LINE__, cuCtxSynchronize());
}

static void
arraycopy(In *in)
{
	unsigned k = u8(in);
	CUarray a = aaddr(in), b = aaddr(in);
	size_t off = val(in), off2 = val(in), n = val(in), room;
	CUdeviceptr d = daddr(in);
	unsigned char *h = haddr(in, &room);

	if ((k % 5 == 0 || k % 5 == 1) && n > room && (uint64_t)(uintptr_t)h + n >= (uint64_t)(uintptr_t)h &&
	    (uint64_t)(uintptr_t)h + n < HOST_END)
		return;
	switch (k % 5) {
	case 0: say(__LINE__, cuMemcpyHtoA(a, off, h, n)); break;
	case 1: say(__LINE__, cuMemcpyAtoH(h, a, off, n)); break;
	case 2: say(__LINE__, cuMemcpyAtoD(d, a, off, n)); break;
	case 3: say(__LINE__, cuMemcpyDtoA(a, off, d, n)); break;
	default: say(__LINE__, cuMemcpyAtoA(a, off, b, off2, n)); break;
	}
}

static void
query(In *in)
{
	unsigned k = u8(in);
	CUdeviceptr p = daddr(in), base;
	size_t n;
	uint64_t out[8];
	CUpointer_attribute as[3];
	void *data[3] = { &out[0], &out[2], &out[4] };

	switch (k % 3) {
	case 0:
		say(__LINE__, cuPointerGetAttribute(out, (CUpointer_attribute)(u8(in) % 24), p));
		break;
	case 1:
		for (int i = 0; i < 3; i++)
			as[i] = (CUpointer_attribute)(u8(in) % 24);
		say(__LINE__, cuPointerGetAttributes(3, as, data, p));
		break;
	default:
		say(__LINE__, cuMemGetAddressRange(&base, &n, p));
		break;
	}
}

/* A batch of up to four copies, every field the input's; the addresses
 * unified ones that are device addresses (udaddr), the arrays those made. */
static void
batch(In *in)
{
	unsigned k = u8(in), n = 1 + u8(in) % 4;
	CUstream st = k & 2 ? stream : NULL;

	if (k & 1) {
		CUdeviceptr dsts[4], srcs[4];
		size_t sizes[4], idxs[4];
		CUmemcpyAttributes at[4];
		unsigned na = u8(in) % (n + 1);
		memset(at, 0, sizeof at);
		for (unsigned i = 0; i < n; i++)
			dsts[i] = udaddr(in), srcs[i] = udaddr(in), sizes[i] = val(in);
		for (unsigned i = 0; i < na; i++) {
			at[i].srcAccessOrder = (CUmemcpySrcAccessOrder)(u8(in) % 5);
			at[i].flags = (unsigned)raw(in, 1) & (k & 4 ? 0xff : 1);
			idxs[i] = i ? idxs[i - 1] + val(in) : val(in) & (k & 8 ? 1 : 0);
		}
		say(__LINE__, cuMemcpyBatchAsync(dsts, srcs, sizes, n, na ? at : NULL, na ? idxs : NULL, na, st));
	} else {
		CUDA_MEMCPY3D_BATCH_OP ops[4];
		memset(ops, 0, sizeof ops);
		for (unsigned i = 0; i < n; i++) {
			CUmemcpy3DOperand *o[2] = { &ops[i].src, &ops[i].dst };
			for (int j = 0; j < 2; j++) {
				unsigned t = u8(in);
				o[j]->type = (CUmemcpy3DOperandType)(t < 250 ? 1 + t % 2 : t);
				if (o[j]->type == CU_MEMCPY_OPERAND_TYPE_ARRAY) {
					o[j]->op.array.array = aaddr(in);
					o[j]->op.array.offset.x = val(in), o[j]->op.array.offset.y = val(in);
					o[j]->op.array.offset.z = val(in);
				} else {
					o[j]->op.ptr.ptr = udaddr(in);
					o[j]->op.ptr.rowLength = val(in), o[j]->op.ptr.layerHeight = val(in);
				}
			}
			ops[i].extent.width = val(in), ops[i].extent.height = val(in), ops[i].extent.depth = val(in);
			ops[i].srcAccessOrder = (CUmemcpySrcAccessOrder)(u8(in) % 5);
			ops[i].flags = (unsigned)raw(in, 1) & (k & 4 ? 0xff : 1);
		}
		say(__LINE__, cuMemcpy3DBatchAsync(n, ops, k & 16 ? val(in) : 0, st));
	}
	say(__LINE__, cuStreamSynchronize(stream));
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	In in = { data, size };

	if (!host && !(host = malloc(HOSTN)))
		return 0;
	setup();
	for (int c = 0; c < NCALLS && in.n; c++) {
		switch (u8(&in) % 10) {
		case 0: copy2d(&in); break;
		case 1: copy3d(&in); break;
		case 2: linear(&in); break;
		case 3: fill(&in); break;
		case 4: mkarray(&in); break;
		case 5: mktex(&in); break;
		case 6: launch(&in); break;
		case 7: arraycopy(&in); break;
		case 8: batch(&in); break;
		default: query(&in); break;
		}
	}
	teardown();
	return 0;
}

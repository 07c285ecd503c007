/*
 * fuzz_drv.c -- libFuzzer entry point for the CUDA driver shim's
 * resources, called in-process through cuda.h, where fuzz_shim.c has its
 * copies, arrays and textures: tensor maps (cuTensorMapEncodeTiled,
 * ...Im2col, ...Im2colWide, cuTensorMapReplaceAddress, and maps of raw
 * bytes) and kernels that copy through them; memory pools and their
 * allocations; cuMemAlloc, cuMemAllocPitch, cuMemAllocManaged,
 * cuMemHostAlloc, cuMemHostRegister and frees of any address; virtual
 * memory (cuMemAddressReserve, cuMemCreate, cuMemMap, cuMemSetAccess);
 * a function's attributes, its parameters' layout and occupancy; the
 * legacy launch's parameter buffer (cuParamSetv and friends at any
 * offset); stream memory operations and events; modules and libraries
 * loaded with JIT options whose log buffers are of the sizes they
 * declare.
 *
 * Each input is a list of calls: an opcode byte and its operands, read
 * from the input as they are needed (val(): a small number, a value of
 * the table of edges, or raw bytes); zeros past its end.  Every host
 * buffer handed over is a heap block of exactly its declared size, so a
 * read or write outside it is an AddressSanitizer finding; so is a crash,
 * a hang or an allocation without bound.  Sizes the driver would really
 * allocate are kept under 16 MiB (a larger one is made only when it is
 * past any device, 2^48, and must be refused), and a launch has at most
 * 256 threads.
 *
 * Each input starts from the same state and frees what it made; a launch
 * that faulted (the context's sticky error) resets the primary context.
 * Built with libFuzzer (tests/fuzz/run.sh drv), or with replay.c, which
 * tests/shim.test runs on tests/fuzz/corpus-drv against the shim.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>
#include "fuzzin.h"

/* the legacy launch (cuParamSetv and friends) is deprecated, and called */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum {
	HOSTN = 1 << 16,     /* the host buffer */
	NDEV = 2,            /* allocations made before each input */
	NMADE = 8,           /* allocations an input may make */
	NCALLS = 48,         /* calls an input makes at most */
	NLAUNCH = 4,         /* of them launches */
	LIM_ALLOC = 16 << 20,
	LIM_LOG = 4096
};
#define PAST_DEVICE ((uint64_t)1 << 48)

static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	/* tm: one tensor copy through the map, chosen by sel, at coordinates
	 * c0..c2; a load's barrier is waited for a bounded number of times
	 * (a map whose box is not the expected bytes never completes it) */
	".visible .entry tm(.param .align 64 .b8 map[128], .param .u32 sel, .param .s32 c0, .param .s32 c1,"
	" .param .s32 c2)\n{\n"
	"\t.reg .pred %p<4>;\n\t.reg .b16 %h<2>;\n\t.reg .b32 %r<12>;\n\t.reg .b64 %rd<4>;\n"
	"\t.shared .align 8 .b64 bar;\n\t.shared .align 1024 .b8 sm[8192];\n"
	"\tmov.u32 %r1, %tid.x;\n\tsetp.ne.u32 %p1, %r1, 0;\n\t@%p1 bra DONE;\n"
	"\tmov.b64 %rd1, map;\n\tcvta.param.u64 %rd1, %rd1;\n"
	"\tld.param.u32 %r2, [sel];\n\tld.param.s32 %r3, [c0];\n\tld.param.s32 %r4, [c1];\n"
	"\tld.param.s32 %r5, [c2];\n\tmov.u32 %r6, bar;\n\tmov.u32 %r7, sm;\n\tmov.u16 %h1, 1;\n"
	"\tmbarrier.init.shared::cta.b64 [%r6], 1;\n"
	"\tmbarrier.arrive.expect_tx.shared::cta.b64 %rd2, [%r6], 8192;\n"
	"\tsetp.eq.u32 %p2, %r2, 1;\n\t@%p2 bra S1;\n\tsetp.eq.u32 %p2, %r2, 2;\n\t@%p2 bra S2;\n"
	"\tsetp.eq.u32 %p2, %r2, 3;\n\t@%p2 bra S3;\n\tsetp.eq.u32 %p2, %r2, 4;\n\t@%p2 bra S4;\n"
	"\tsetp.eq.u32 %p2, %r2, 5;\n\t@%p2 bra S5;\n\tsetp.eq.u32 %p2, %r2, 6;\n\t@%p2 bra S6;\n"
	"\tsetp.eq.u32 %p2, %r2, 7;\n\t@%p2 bra S7;\n"
	"\tcp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r7], [%rd1, {%r3}], [%r6];\n"
	"\tbra.uni WAIT;\n"
	"S1:\n\tcp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r7], [%rd1, {%r3, %r4}], [%r6];\n"
	"\tbra.uni WAIT;\n"
	"S2:\n\tcp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r7], [%rd1, {%r3, %r4, %r5}], [%r6];\n"
	"\tbra.uni WAIT;\n"
	"S3:\n\tcp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r7], [%rd1, {%r3, %r4, %r5, %r3, %r4}], [%r6];\n"
	"\tbra.uni WAIT;\n"
	"S4:\n\tcp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r7], [%rd1, {%r3, %r4, %r5}], [%r6], {%h1};\n"
	"\tbra.uni WAIT;\n"
	"S5:\n\tcp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd1, {%r3, %r4}], [%r7];\n"
	"\tbra.uni COMMIT;\n"
	"S6:\n\tcp.reduce.async.bulk.tensor.3d.global.shared::cta.add.tile.bulk_group [%rd1, {%r3, %r4, %r5}], [%r7];\n"
	"\tbra.uni COMMIT;\n"
	"S7:\n\tcp.async.bulk.prefetch.tensor.2d.L2.global.tile [%rd1, {%r3, %r4}];\n\tbra.uni DONE;\n"
	"COMMIT:\n\tcp.async.bulk.commit_group;\n\tcp.async.bulk.wait_group 0;\n\tbra.uni DONE;\n"
	"WAIT:\n\tmov.u32 %r8, 0;\n"
	"LOOP:\n\tmbarrier.try_wait.parity.shared::cta.b64 %p3, [%r6], 0;\n\t@%p3 bra.uni DONE;\n"
	"\tadd.u32 %r8, %r8, 1;\n\tsetp.lt.u32 %p3, %r8, 64;\n\t@%p3 bra.uni LOOP;\n"
	"DONE:\n\tret;\n}\n"
	/* st: out[tid] = n, for the legacy launch and the pools' memory */
	".visible .entry st(.param .u64 p, .param .u32 n)\n{\n"
	"\t.reg .b64 %rd<4>;\n\t.reg .b32 %r<4>;\n"
	"\tld.param.u64 %rd1, [p];\n\tld.param.u32 %r1, [n];\n"
	"\tmov.u32 %r2, %tid.x;\n\tmul.wide.u32 %rd2, %r2, 4;\n\tadd.s64 %rd1, %rd1, %rd2;\n"
	"\tst.u32 [%rd1], %r1;\n\tret;\n}\n"
	".visible .global .align 8 .u64 g[4];\n";

/* A module whose load fails with a message, for the JIT logs. */
static const char badptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry bad()\n{\n\t.reg .b32 %r<2>;\n\tadd.u32 %r1, %r9, 1;\n\tfrob %r1;\n\tret;\n}\n";


/* A size, offset, count or value: mostly small, often an edge. */
static uint64_t
val(In *in)
{
	static const uint64_t edge[] = {
		0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256, 257, 4095, 4096, 4097,
		65535, 65536, 65537, (uint64_t)1 << 20, (uint64_t)1 << 21, (uint64_t)1 << 31, (uint64_t)1 << 32,
		((uint64_t)1 << 32) - 1, ((uint64_t)1 << 32) + 1, (uint64_t)1 << 40, (uint64_t)1 << 47,
		(uint64_t)1 << 48, (uint64_t)1 << 57, (uint64_t)1 << 62, (uint64_t)1 << 63, ~(uint64_t)0,
		~(uint64_t)0 - 1, ~(uint64_t)0 - 4095, ~(uint64_t)0 >> 1, 0x7fffffff, 0x80000000, 0xffff, 0x10000
	};
	unsigned k = u8(in);

	switch (k >> 6) {
	case 0: return k & 63;
	case 1: return edge[(k & 63) % (sizeof edge / sizeof edge[0])];
	case 2: return raw(in, 2) << (k & 15);
	default: return raw(in, 8);
	}
}

/* FUZZ_DRV_VERBOSE set: each call's line and answer, on stderr (triage) */
static int verbose = -1;

static void
say(int line, CUresult r)
{
	if (verbose < 0)
		verbose = getenv("FUZZ_DRV_VERBOSE") != NULL;
	if (verbose)
		fprintf(stderr, "fuzz_drv.c:%d: %d\n", line, (int)r);
}

/* What each input starts from, and what it made. */
static CUcontext ctx;
static CUdevice devno;
static CUmodule mod;
static CUfunction ftm, fst;
static CUdeviceptr dev[NDEV];
static const size_t devn[NDEV] = { 65536, 4096 };
static unsigned char *host;
static CUstream stream;
static CUdeviceptr made[NMADE];
static size_t maden[NMADE];
static int nmade;
static CUmemoryPool pools[2];
static unsigned char *hostmade[2];
static CUevent ev[2];
static CUmemGenericAllocationHandle vh[2];
static CUdeviceptr vres;
static size_t vresn;
static int nlaunch;
static CUtensorMap *map;   /* 64-byte aligned */

static void
setup(void)
{
	if (!ctx) {
		if (cuInit(0) || cuDeviceGet(&devno, 0) || cuDevicePrimaryCtxRetain(&ctx, devno))
			abort();
	}
	if (cuCtxSetCurrent(ctx) || cuModuleLoadData(&mod, ptx) || cuModuleGetFunction(&ftm, mod, "tm") ||
	    cuModuleGetFunction(&fst, mod, "st"))
		abort();
	for (int i = 0; i < NDEV; i++)
		if (cuMemAlloc(&dev[i], devn[i]))
			abort();
	if (cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING))
		abort();
	nlaunch = 0;
}

/* Everything an input made is freed, whatever state it left. */
static void
teardown(void)
{
	int sticky = cuCtxSynchronize() != CUDA_SUCCESS;

	for (int i = 0; i < nmade; i++)
		if (!sticky)
			cuMemFree(made[i]);
	nmade = 0;
	for (int i = 0; i < 2; i++) {
		if (hostmade[i])
			cuMemFreeHost(hostmade[i]);
		hostmade[i] = NULL;
		if (vh[i])
			cuMemRelease(vh[i]);
		vh[i] = 0;
		if (ev[i])
			cuEventDestroy(ev[i]);
		ev[i] = NULL;
	}
	if (vres) {
		cuMemUnmap(vres, vresn);
		cuMemAddressFree(vres, vresn);
	}
	vres = 0, vresn = 0;
	for (int i = 0; i < 2; i++) {
		if (pools[i])
			cuMemPoolDestroy(pools[i]);
		pools[i] = NULL;
	}
	/* a launch that faulted leaves the context's error sticky: start over */
	if (sticky) {
		if (cuDevicePrimaryCtxReset(devno) || cuDevicePrimaryCtxRetain(&ctx, devno) ||
		    cuDevicePrimaryCtxRelease(devno))
			abort();
		return;
	}
	for (int i = 0; i < NDEV; i++)
		cuMemFree(dev[i]);
	cuStreamDestroy(stream);
	cuModuleUnload(mod);
}

static void
keep(CUdeviceptr p, size_t n)
{
	if (nmade < NMADE)
		made[nmade] = p, maden[nmade++] = n;
	else
		cuMemFree(p);
}

/* A device address: one the input's allocations or the fixed ones hold
 * plus an offset, the host buffer's, or a number. */
static CUdeviceptr
daddr(In *in)
{
	unsigned k = u8(in);
	uint64_t off = val(in);

	switch (k % 8) {
	case 0: case 1: case 2: return dev[k % NDEV] + off;
	case 3: return nmade ? made[k % nmade] + off : off;
	case 4: return nmade ? made[k % nmade] + maden[k % nmade] - off : dev[0] - off;
	case 5: return vres ? vres + off : off;
	case 6: return (CUdeviceptr)(uintptr_t)host + off % (HOSTN + 1);
	default: return off;
	}
}

/* A size an allocation may be given: small, or past any device. */
static size_t
allocsize(In *in)
{
	uint64_t n = val(in);
	return n > LIM_ALLOC && n < PAST_DEVICE ? n % (LIM_ALLOC + 1) : n;
}

/* Flags: mostly none, else any bits. */
static unsigned long long
flags(In *in)
{
	return u8(in) < 200 ? 0 : val(in);
}

/* An address in the reserved range, or any (daddr). */
static CUdeviceptr
vaddr(In *in)
{
	return u8(in) < 200 ? vres + val(in) % (vresn + 1) : daddr(in);
}

static CUmemLocation
location(In *in)
{
	CUmemLocation l;
	unsigned k = u8(in);
	l.type = (CUmemLocationType)(k < 200 ? k % 6 : raw(in, 4));
	l.id = (int)(u8(in) < 200 ? (int)(k >> 3) % 3 - 1 : (int)raw(in, 4));
	return l;
}

static void
tmap(In *in)
{
	unsigned k = u8(in), rank = (unsigned)(u8(in) < 220 ? 1 + u8(in) % 5 : val(in));
	cuuint64_t dim[5], stride[5];
	cuuint32_t box[5], estride[5];
	int lower[5], upper[5];
	CUtensorMapDataType ty = (CUtensorMapDataType)(u8(in) < 230 ? u8(in) % 16 : raw(in, 4));
	CUdeviceptr a = daddr(in);
	CUresult r;

	for (int i = 0; i < 5; i++) {
		dim[i] = u8(in) < 200 ? 1 + u8(in) % 64 : val(in);
		stride[i] = u8(in) < 200 ? 16 * (1 + (uint64_t)u8(in)) : val(in);
		box[i] = (cuuint32_t)(u8(in) < 200 ? 1 + u8(in) % 32 : val(in));
		estride[i] = (cuuint32_t)(u8(in) < 200 ? 1 : val(in));
		lower[i] = (int)(int8_t)u8(in), upper[i] = (int)(int8_t)u8(in);
	}
	CUtensorMapInterleave il = (CUtensorMapInterleave)(u8(in) % 4);
	CUtensorMapSwizzle sw = (CUtensorMapSwizzle)(u8(in) % 9);
	CUtensorMapL2promotion l2 = (CUtensorMapL2promotion)(u8(in) % 5);
	CUtensorMapFloatOOBfill fill = (CUtensorMapFloatOOBfill)(u8(in) % 3);
	unsigned ch = (unsigned)val(in), px = (unsigned)val(in);

	memset(map, 0, sizeof *map);
	switch (k % 4) {
	case 0:
		r = cuTensorMapEncodeTiled(map, ty, rank, (void *)(uintptr_t)a, dim, stride + 0, box, estride, il, sw,
		                           l2, fill);
		break;
	case 1:
		r = cuTensorMapEncodeIm2col(map, ty, rank, (void *)(uintptr_t)a, dim, stride, lower, upper, ch, px,
		                            estride, il, sw, l2, fill);
		break;
	case 2:
		r = cuTensorMapEncodeIm2colWide(map, ty, rank, (void *)(uintptr_t)a, dim, stride, lower[0],
		                                upper[0], ch, px, estride, il,
		                                (CUtensorMapIm2ColWideMode)(u8(in) % 3), sw, l2, fill);
		break;
	default:
		/* a map of the input's own bytes, as a program may pass any */
		for (size_t i = 0; i < sizeof *map; i += 8) {
			uint64_t v = u8(in) < 128 ? 0 : val(in);
			memcpy((unsigned char *)map + i, &v, 8);
		}
		r = CUDA_SUCCESS;
		break;
	}
	say(__LINE__, r);
	if (k & 8)
		say(__LINE__, cuTensorMapReplaceAddress(map, (void *)(uintptr_t)daddr(in)));
	if (k & 16) {
		/* a field or two of the encoding changed */
		unsigned at = u8(in) % 128;
		uint64_t v = val(in);
		size_t n = at + 8 <= 128 ? 8 : 128 - at;
		memcpy((unsigned char *)map + at, &v, n);
	}
	if (r != CUDA_SUCCESS || nlaunch >= NLAUNCH)
		return;
	nlaunch++;
	unsigned sel = u8(in) % 8, b = 1 + u8(in) % 64;
	int c0 = (int)(int16_t)val(in), c1 = (int)(int16_t)val(in), c2 = (int)(int16_t)val(in);
	void *args[] = { map, &sel, &c0, &c1, &c2 };
	say(__LINE__, cuLaunchKernel(ftm, 1, 1, 1, b, 1, 1, 0, u8(in) & 1 ? stream : NULL, args, NULL));
	say(__LINE__, cuCtxSynchronize());
}

static void
pool(In *in)
{
	unsigned k = u8(in), w = u8(in) % 2;
	CUdeviceptr p;
	size_t n;

	switch (k % 8) {
	case 0: {
		CUmemPoolProps pp;
		memset(&pp, 0, sizeof pp);
		pp.allocType = (CUmemAllocationType)(u8(in) < 200 ? CU_MEM_ALLOCATION_TYPE_PINNED : raw(in, 4));
		pp.handleTypes = (CUmemAllocationHandleType)(u8(in) < 200 ? 0 : raw(in, 4));
		pp.location = location(in);
		if (u8(in) < 200)
			pp.location.type = CU_MEM_LOCATION_TYPE_DEVICE, pp.location.id = 0;
		pp.maxSize = allocsize(in);
		pp.usage = (unsigned short)raw(in, 1);
		if (pools[w])
			cuMemPoolDestroy(pools[w]);
		pools[w] = NULL;
		if (cuMemPoolCreate(&pools[w], &pp) != CUDA_SUCCESS)
			pools[w] = NULL;
		break;
	}
	case 1:
		n = allocsize(in);
		CUmemoryPool pl = u8(in) < 250 ? pools[w] : NULL;
		if (cuMemAllocFromPoolAsync(&p, n, pl, u8(in) & 1 ? stream : NULL) == CUDA_SUCCESS)
			keep(p, n);
		break;
	case 2:
		n = allocsize(in);
		if (cuMemAllocAsync(&p, n, u8(in) & 1 ? stream : NULL) == CUDA_SUCCESS)
			keep(p, n);
		break;
	case 3: {
		/* the address may be any: an allocation's start, inside one, freed */
		unsigned j = u8(in);
		p = j < 128 && nmade ? made[j % nmade] : daddr(in);
		say(__LINE__, cuMemFreeAsync(p, u8(in) & 1 ? stream : NULL));
		if (j < 128 && nmade && u8(in) < 128) {
			/* freed: forget it (or keep it, to free it again later) */
			unsigned at = j % (unsigned)nmade;
			nmade--;
			made[at] = made[nmade];
		}
		break;
	}
	case 4:
		say(__LINE__, cuMemPoolTrimTo(pools[w], val(in)));
		break;
	case 5: {
		uint64_t v = val(in), got[2] = {0, 0};
		CUmemPool_attribute at = (CUmemPool_attribute)(u8(in) % 12);
		say(__LINE__, cuMemPoolSetAttribute(pools[w], at, &v));
		say(__LINE__, cuMemPoolGetAttribute(pools[w], at, got));
		break;
	}
	case 6: {
		CUmemAccessDesc d[3];
		size_t nd = u8(in) % 4;
		for (size_t i = 0; i < nd; i++) {
			d[i].location = location(in);
			d[i].flags = (CUmemAccess_flags)(u8(in) % 5);
		}
		say(__LINE__, cuMemPoolSetAccess(pools[w], nd ? d : NULL, nd));
		CUmemLocation l = location(in);
		CUmemAccess_flags f;
		say(__LINE__, cuMemPoolGetAccess(&f, pools[w], &l));
		break;
	}
	default: {
		CUmemoryPool cur;
		if (pools[w] && u8(in) & 1)
			say(__LINE__, cuDeviceSetMemPool(devno, pools[w]));
		say(__LINE__, cuDeviceGetMemPool(&cur, devno));
		say(__LINE__, cuDeviceGetDefaultMemPool(&cur, devno));
		/* a pool about to be destroyed must not stay the device's */
		CUmemoryPool def;
		if (cuDeviceGetDefaultMemPool(&def, devno) == CUDA_SUCCESS)
			say(__LINE__, cuDeviceSetMemPool(devno, def));
		break;
	}
	}
}

static void
alloc(In *in)
{
	unsigned k = u8(in);
	CUdeviceptr p;
	size_t n = allocsize(in), pitch;

	switch (k % 9) {
	case 0:
		if (cuMemAlloc(&p, n) == CUDA_SUCCESS)
			keep(p, n);
		break;
	case 1: {
		size_t w = allocsize(in), h = val(in) % 4097;
		unsigned es = (unsigned)val(in);
		if (w * h > LIM_ALLOC)
			h = 1;
		if (cuMemAllocPitch(&p, &pitch, w, h, es) == CUDA_SUCCESS)
			keep(p, pitch * h);
		break;
	}
	case 2:
		if (cuMemAllocManaged(&p, n, (unsigned)(u8(in) < 200 ? CU_MEM_ATTACH_GLOBAL : raw(in, 4))) ==
		    CUDA_SUCCESS)
			keep(p, n);
		break;
	case 3: {
		unsigned w = u8(in) % 2;
		void *h;
		if (hostmade[w])
			cuMemFreeHost(hostmade[w]);
		hostmade[w] = NULL;
		if (cuMemHostAlloc(&h, n, (unsigned)raw(in, 1)) == CUDA_SUCCESS) {
			hostmade[w] = h;
			CUdeviceptr d;
			unsigned fl;
			say(__LINE__, cuMemHostGetDevicePointer(&d, h, 0));
			say(__LINE__, cuMemHostGetFlags(&fl, h));
		}
		break;
	}
	case 4: {
		/* a range of the host buffer, unregistered at once */
		size_t off = val(in) % HOSTN, len = n % (HOSTN - off + 1);
		if (cuMemHostRegister(host + off, len, (unsigned)raw(in, 1)) == CUDA_SUCCESS) {
			CUdeviceptr d;
			say(__LINE__, cuMemHostGetDevicePointer(&d, host + off + val(in) % (len + 1), 0));
			say(__LINE__, cuMemHostUnregister(host + off));
		}
		break;
	}
	case 5:
		/* any address at all: made, fixed (the next input wants those),
		 * inside one, a number */
		p = daddr(in);
		for (int i = 0; i < NDEV; i++)
			if (p == dev[i])
				p++;
		say(__LINE__, cuMemFree(p));
		for (int i = 0; i < nmade; i++)
			if (made[i] == p)
				made[i--] = made[--nmade];
		break;
	case 6: {
		size_t fr, tot;
		CUdeviceptr base;
		say(__LINE__, cuMemGetInfo(&fr, &tot));
		say(__LINE__, cuMemGetAddressRange(&base, &n, daddr(in)));
		break;
	}
	case 7: {
		p = daddr(in);
		CUmemLocation l = location(in);
		say(__LINE__, cuMemAdvise(p, n, (CUmem_advise)(u8(in) % 8), l));
		l = location(in);
		say(__LINE__, cuMemPrefetchAsync(p, n, l, (unsigned)raw(in, 1), stream));
		break;
	}
	default: {
		uint32_t out[16];
		size_t sz = 4 * (1 + u8(in) % 16);
		CUmem_range_attribute at = (CUmem_range_attribute)(u8(in) % 10);
		say(__LINE__, cuMemRangeGetAttribute(out, sz, at, daddr(in), n));
		break;
	}
	}
}

static void
vmm(In *in)
{
	unsigned k = u8(in), w = u8(in) % 2;
	CUmemAllocationProp pr;
	size_t gran = 0;

	memset(&pr, 0, sizeof pr);
	pr.type = (CUmemAllocationType)(u8(in) < 220 ? CU_MEM_ALLOCATION_TYPE_PINNED : raw(in, 4));
	pr.location = location(in);
	if (u8(in) < 200)
		pr.location.type = CU_MEM_LOCATION_TYPE_DEVICE, pr.location.id = 0;
	pr.requestedHandleTypes = (CUmemAllocationHandleType)(u8(in) < 220 ? 0 : raw(in, 4));
	switch (k % 6) {
	case 0:
		say(__LINE__, cuMemGetAllocationGranularity(&gran, &pr, (CUmemAllocationGranularity_flags)(u8(in) % 3)));
		break;
	case 1: {
		size_t n = allocsize(in);
		if (vh[w])
			cuMemRelease(vh[w]);
		vh[w] = 0;
		if (cuMemCreate(&vh[w], n, &pr, flags(in)) != CUDA_SUCCESS)
			vh[w] = 0;
		break;
	}
	case 2: {
		size_t n = allocsize(in), al = val(in);
		CUdeviceptr want = u8(in) < 200 ? 0 : daddr(in);
		if (vres) {
			cuMemUnmap(vres, vresn);
			cuMemAddressFree(vres, vresn);
		}
		vres = 0, vresn = 0;
		if (cuMemAddressReserve(&vres, n, al, want, flags(in)) == CUDA_SUCCESS)
			vresn = n;
		else
			vres = 0;
		break;
	}
	case 3: {
		CUdeviceptr a = vaddr(in);
		size_t n = allocsize(in), off = val(in);
		say(__LINE__, cuMemMap(a, n, off, vh[w], flags(in)));
		break;
	}
	case 4: {
		CUmemAccessDesc d[2];
		size_t nd = u8(in) % 3;
		CUmemLocation l;
		unsigned long long fl;
		for (size_t i = 0; i < nd; i++) {
			d[i].location = location(in);
			d[i].flags = (CUmemAccess_flags)(u8(in) % 5);
		}
		CUdeviceptr a = vaddr(in);
		size_t n = allocsize(in);
		say(__LINE__, cuMemSetAccess(a, n, nd ? d : NULL, nd));
		l = location(in);
		say(__LINE__, cuMemGetAccess(&fl, &l, vaddr(in)));
		break;
	}
	default: {
		CUdeviceptr a = vaddr(in);
		say(__LINE__, cuMemUnmap(a, allocsize(in)));
		break;
	}
	}
}

static void
func(In *in)
{
	unsigned k = u8(in);
	CUfunction f = k & 0x80 ? fst : ftm;
	int v = 0, nb = 0, bs = 0;
	size_t off, sz, dyn;

	switch (k % 8) {
	case 0:
		say(__LINE__, cuFuncGetAttribute(&v, (CUfunction_attribute)(u8(in) % 24), f));
		break;
	case 1:
		v = (int)(u8(in) % 24);
		say(__LINE__, cuFuncSetAttribute(f, (CUfunction_attribute)v, (int)val(in)));
		break;
	case 2:
		say(__LINE__, cuFuncGetParamInfo(f, (size_t)val(in), &off, &sz));
		break;
	case 3:
		bs = (int)val(in), dyn = (size_t)val(in);
		say(__LINE__, cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&nb, f, bs, dyn, (unsigned)raw(in, 1)));
		nb = (int)val(in);
		say(__LINE__, cuOccupancyAvailableDynamicSMemPerBlock(&dyn, f, nb, (int)val(in)));
		break;
	case 4:
		dyn = (size_t)val(in);
		say(__LINE__, cuOccupancyMaxPotentialBlockSize(&nb, &bs, f, NULL, dyn, (int)val(in)));
		break;
	case 5: {
		static const char *const names[] = { "g", "h", "", "tm", "g\n", "gg" };
		CUdeviceptr p;
		size_t n;
		say(__LINE__, cuModuleGetGlobal(&p, &n, mod, names[u8(in) % 6]));
		break;
	}
	case 6: {
		/* the legacy launch: a parameter buffer set piecewise, at any
		 * offset, then launched */
		unsigned char b[64];
		unsigned nb2 = (unsigned)val(in);
		for (size_t i = 0; i < sizeof b; i++)
			b[i] = (unsigned char)(i * 37);
		say(__LINE__, cuFuncSetBlockShape(fst, (int)(1 + u8(in) % 64), 1, 1));
		say(__LINE__, cuParamSetSize(fst, (unsigned)val(in)));
		for (int i = u8(in) % 4; i > 0; i--) {
			int o = (int)val(in);
			switch (u8(in) % 3) {
			case 0: say(__LINE__, cuParamSeti(fst, o, (unsigned)val(in))); break;
			case 1: say(__LINE__, cuParamSetf(fst, o, 1.5f)); break;
			default: say(__LINE__, cuParamSetv(fst, o, b, nb2 <= sizeof b ? nb2 : (unsigned)sizeof b)); break;
			}
		}
		if (nlaunch < NLAUNCH) {
			CUdeviceptr d = daddr(in);
			nlaunch++;
			say(__LINE__, cuParamSetv(fst, 0, &d, 8));
			say(__LINE__, cuLaunchGrid(fst, (int)(1 + u8(in) % 4), 1));
			say(__LINE__, cuCtxSynchronize());
		}
		break;
	}
	default:
		say(__LINE__, cuFuncSetCacheConfig(f, (CUfunc_cache)raw(in, 1)));
		say(__LINE__, cuFuncSetSharedSize(f, (unsigned)val(in)));
		break;
	}
}

static void
streamops(In *in)
{
	unsigned k = u8(in), w = u8(in) % 2;
	CUstream st = k & 0x80 ? stream : NULL;
	float ms;

	switch (k % 6) {
	case 0: case 1: {
		CUdeviceptr a = daddr(in);
		uint64_t v = val(in);
		if (k % 6 == 0)
			say(__LINE__, cuStreamWriteValue32(st, a, (cuuint32_t)v, (unsigned)raw(in, 1)));
		else
			say(__LINE__, cuStreamWriteValue64(st, a, v, (unsigned)raw(in, 1)));
		break;
	}
	case 2: {
		/* writes and flushes only: a wait no one satisfies would wait
		 * as long on a GPU */
		CUstreamBatchMemOpParams ops[4];
		unsigned n = u8(in) % 5;
		memset(ops, 0, sizeof ops);
		for (unsigned i = 0; i < n; i++) {
			unsigned t = u8(in) % 3;
			ops[i].operation = t == 0 ? CU_STREAM_MEM_OP_WRITE_VALUE_32 :
			                   t == 1 ? CU_STREAM_MEM_OP_WRITE_VALUE_64 : CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES;
			if (t < 2) {
				ops[i].writeValue.address = daddr(in);
				ops[i].writeValue.value64 = val(in);
				ops[i].writeValue.flags = (unsigned)raw(in, 1);
			}
		}
		say(__LINE__, cuStreamBatchMemOp(st, n, n ? ops : NULL, (unsigned)raw(in, 1)));
		break;
	}
	case 3:
		if (ev[w])
			cuEventDestroy(ev[w]);
		ev[w] = NULL;
		if (cuEventCreate(&ev[w], (unsigned)raw(in, 1)) != CUDA_SUCCESS)
			ev[w] = NULL;
		break;
	case 4:
		say(__LINE__, cuEventRecordWithFlags(ev[w], st, (unsigned)raw(in, 1)));
		say(__LINE__, cuStreamWaitEvent(st, ev[w], (unsigned)raw(in, 1)));
		break;
	default:
		say(__LINE__, cuEventSynchronize(ev[w]));
		say(__LINE__, cuEventElapsedTime(&ms, ev[0], ev[1]));
		say(__LINE__, cuEventQuery(ev[w]));
		break;
	}
	say(__LINE__, cuStreamSynchronize(stream));
}

/* JIT options with log buffers of the sizes they declare. */
static void
jit(In *in)
{
	unsigned k = u8(in), n = u8(in) % 7;
	CUjit_option opt[6];
	void *ov[6];
	char *bufs[6] = {0};
	const char *img = k & 1 ? badptx : ptx;

	for (unsigned i = 0; i < n && i < 6; i++) {
		unsigned o = u8(in);
		opt[i] = (CUjit_option)(o < 200 ? (unsigned[]){ CU_JIT_INFO_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER,
		                                               CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
		                                               CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
		                                               CU_JIT_LOG_VERBOSE, CU_JIT_MAX_REGISTERS,
		                                               CU_JIT_OPTIMIZATION_LEVEL,
		                                               CU_JIT_GENERATE_LINE_INFO }[o % 8] : o % 40);
		ov[i] = (void *)(uintptr_t)val(in);
	}
	if (n > 6)
		n = 6;
	/* each log buffer is a heap block as long as the size option after it
	 * says (the last size given of its kind), or of none when none does */
	for (unsigned i = 0; i < n; i++) {
		CUjit_option want;
		if (opt[i] == CU_JIT_INFO_LOG_BUFFER)
			want = CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES;
		else if (opt[i] == CU_JIT_ERROR_LOG_BUFFER)
			want = CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES;
		else
			continue;
		size_t sz = 0;
		for (unsigned j = 0; j < n; j++)
			if (opt[j] == want) {
				ov[j] = (void *)((uintptr_t)ov[j] % (LIM_LOG + 1));
				sz = (size_t)(uintptr_t)ov[j];
			}
		bufs[i] = sz ? malloc(sz) : NULL;
		ov[i] = bufs[i];
	}
	switch (k % 3) {
	case 0: {
		CUmodule m;
		if (cuModuleLoadDataEx(&m, img, n, n ? opt : NULL, n ? ov : NULL) == CUDA_SUCCESS)
			cuModuleUnload(m);
		break;
	}
	case 1: {
		CUlibrary l;
		if (cuLibraryLoadData(&l, img, n ? opt : NULL, n ? ov : NULL, n, NULL, NULL, 0) == CUDA_SUCCESS)
			cuLibraryUnload(l);
		break;
	}
	default: {
		CUlinkState ls;
		void *cubin;
		size_t cn;
		if (cuLinkCreate(n, n ? opt : NULL, n ? ov : NULL, &ls) != CUDA_SUCCESS)
			break;
		say(__LINE__, cuLinkAddData(ls, CU_JIT_INPUT_PTX, (void *)img, strlen(img) + 1, "fuzz.ptx", 0, NULL,
		                            NULL));
		say(__LINE__, cuLinkComplete(ls, &cubin, &cn));
		cuLinkDestroy(ls);
		break;
	}
	}
	for (unsigned i = 0; i < n; i++)
		free(bufs[i]);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	In in = { data, size };

	if (!host && !(host = malloc(HOSTN)))
		return 0;
	if (!map && !(map = aligned_alloc(64, sizeof *map)))
		return 0;
	setup();
	for (int c = 0; c < NCALLS && in.n; c++) {
		switch (u8(&in) % 7) {
		case 0: tmap(&in); break;
		case 1: pool(&in); break;
		case 2: alloc(&in); break;
		case 3: vmm(&in); break;
		case 4: func(&in); break;
		case 5: streamops(&in); break;
		default: jit(&in); break;
		}
	}
	teardown();
	return 0;
}

/*
 * placebig.c -- where allocations of every order of size go, from 1 byte
 * to 4 GiB, each sequence in a fresh context: every address as its
 * distance from the sequence's first, in bytes, and the largest power of
 * two it is aligned to (up to 2 MiB; a host pointer's up to 4 KiB), so
 * that a GPU's run and the shim's compare line by line.
 *
 *   ladder     sizes from 1 byte to 4 GiB, all live at once
 *   down       the same from 4 GiB down to 1 byte
 *   churn      each size allocated and freed before the next
 *   interleave large and small ones with frees between them, the places
 *              of freed ones asked for again
 *   pitch      cuMemAllocPitch's pitches and places, small and large
 *   managed    cuMemAllocManaged among device allocations
 *   hostalloc  cuMemHostAlloc (mapped, portable, plain): the device
 *              pointer against the host one, and their alignment
 *
 * With "abs" the first address of each sequence is printed too, and for
 * each the size and base of the mapping it lies in (the driver's business,
 * not compared).  Names of sequences run those only.
 *
 *	placebig [abs] [SEQUENCE...]
 */
#include <stdio.h>
#include <string.h>
#include <cuda.h>
#include "shimtest.h"

#define KiB ((long long)1 << 10)
#define MiB ((long long)1 << 20)
#define GiB ((long long)1 << 30)

static CUcontext ctx;
static CUdeviceptr base, live[64];
static int nlive, absolute;

/* The largest power of two p is aligned to, up to 2^cap: a device
 * address's up to its 2 MiB page (where a page lies is the driver's
 * business), a host pointer's up to its 4 KiB page (where mmap puts it
 * changes from run to run) */
static int
align_of(unsigned long long p, int cap)
{
	int k = 0;

	if (!p)
		return -1;
	while (k < cap && !(p >> k & 1))
		k++;
	return k;
}

static int nwant;
static char **want;

/* Whether sequence name runs: every one when none is named */
static int
runs(const char *name)
{
	for (int i = 0; i < nwant; i++)
		if (!strcmp(want[i], name))
			return 1;
	return !nwant;
}

static void
begin(const char *name)
{
	CUdevice dev;

	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&ctx, NULL, 0, dev));
	printf("-- %s\n", name);
	nlive = 0;
	base = 0;
}

static void
end(void)
{
	CK(cuCtxDestroy(ctx));
}

/* One address: its distance from the sequence's first, its alignment */
static void
where(CUdeviceptr p)
{
	if (!base) {
		base = p;
		if (absolute)
			printf(" [0x%llx]", (unsigned long long)p);
	}
	printf(" at %+lld, 2^%d", (long long)(p - base), align_of(p, 21));
	if (absolute) {   /* the mapping the driver made for it */
		size_t msz = 0;
		CUdeviceptr mb = 0;
		CUresult r1 = cuPointerGetAttribute(&msz, CU_POINTER_ATTRIBUTE_MAPPING_SIZE, p);
		CUresult r2 = cuPointerGetAttribute(&mb, CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR, p);
		printf(" {mapping %s %zu from %s %+lld}", ename(r1), msz, ename(r2), (long long)(mb - p));
	}
}

static void
al(long long n)
{
	CUdeviceptr p = 0;
	CUresult r = cuMemAlloc(&p, (size_t)n);

	printf("alloc %lld as %d: %s", n, nlive, ename(r));
	if (!r)
		where(p);
	printf("\n");
	live[nlive++] = r ? 0 : p;
}

static void
fr(int i)
{
	printf("free %d: %s\n", i, ename(cuMemFree(live[i])));
	live[i] = 0;
}

static const long long ladder[] = {
	1, 512, 4 * KiB, 64 * KiB, 1 * MiB, 2 * MiB - 1, 2 * MiB, 2 * MiB + 1, 4 * MiB, 8 * MiB, 16 * MiB,
	24 * MiB, 24 * MiB + 1, 32 * MiB, 64 * MiB, 128 * MiB, 256 * MiB, 512 * MiB, 1 * GiB, 2 * GiB, 4 * GiB,
};
#define NL ((int)(sizeof ladder / sizeof ladder[0]))

int
main(int argc, char **argv)
{
	absolute = argc > 1 && !strcmp(argv[1], "abs");
	want = argv + 1 + absolute, nwant = argc - 1 - absolute;
	CK(cuInit(0));

	if (runs("ladder")) {
		begin("ladder");
		for (int i = 0; i < NL; i++)
			al(ladder[i]);
		al(1000);
		al(64 * MiB);
		end();
	}

	if (runs("down")) {
		begin("down");
		for (int i = NL - 1; i >= 0; i--)
			al(ladder[i]);
		al(1000);
		end();
	}

	if (runs("churn")) {
		begin("churn");
		al(1000);
		for (int i = 1; i < NL; i++) {
			al(ladder[i]);
			fr(nlive - 1);
		}
		al(64 * MiB);
		al(1000);
		end();
	}

	if (runs("interleave")) {
		begin("interleave");
		al(1000);                      /* 0 */
		al(64 * MiB);                  /* 1 */
		al(1000);                      /* 2 */
		al(64 * MiB);                  /* 3 */
		al(256 * MiB);                 /* 4 */
		fr(1);
		al(32 * MiB);                  /* 5: into 1's place? */
		al(64 * MiB);                  /* 6 */
		al(30 * MiB);                  /* 7 */
		fr(4);
		al(128 * MiB);                 /* 8 */
		al(128 * MiB);                 /* 9 */
		al(2 * MiB);                   /* 10 */
		al(1 * GiB);                   /* 11 */
		fr(3);
		fr(6);
		al(96 * MiB);                  /* 12 */
		al(48 * MiB);                  /* 13 */
		al(25 * MiB);                  /* 14 */
		al(1000);                      /* 15 */
		end();
	}

	if (runs("pitch")) {
		begin("pitch");
		al(1000);
		{
			static const struct { size_t w, h; unsigned e; } pt[] = {
				{1, 1, 4}, {100, 3, 4}, {512, 2, 4}, {513, 2, 8}, {4096, 16, 16}, {70000, 3, 4},
				{8192, 4096, 4}, {100000, 300, 8}, {1 << 20, 64, 16},
			};
			for (size_t i = 0; i < sizeof pt / sizeof pt[0]; i++) {
				CUdeviceptr p = 0;
				size_t pitch = 0;
				CUresult r = cuMemAllocPitch(&p, &pitch, pt[i].w, pt[i].h, pt[i].e);
				printf("pitch %zu x %zu (%u): %s, pitch %zu", pt[i].w, pt[i].h, pt[i].e, ename(r), pitch);
				if (!r)
					where(p);
				printf("\n");
			}
		}
		al(1000);
		end();
	}

	if (runs("managed")) {
		begin("managed");
		al(1000);
		{
			static const long long ms[] = {1, 4 * KiB, 2 * MiB, 2 * MiB + 1, 64 * MiB, 1000};
			for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
				CUdeviceptr p = 0;
				CUresult r = cuMemAllocManaged(&p, (size_t)ms[i], CU_MEM_ATTACH_GLOBAL);
				printf("managed %lld: %s", ms[i], ename(r));
				if (!r)
					printf(", 2^%d", align_of(p, 21));
				printf("\n");
			}
		}
		al(1000);
		al(64 * MiB);
		end();
	}

	if (runs("hostalloc")) {
		begin("hostalloc");
		al(1000);
		{
			static const long long hs[] = {1, 4 * KiB, 2 * MiB + 1, 64 * MiB};
			static const struct { unsigned f; const char *name; } fl[] = {
				{0, "plain"}, {CU_MEMHOSTALLOC_DEVICEMAP, "mapped"}, {CU_MEMHOSTALLOC_PORTABLE, "portable"},
			};
			for (size_t j = 0; j < sizeof fl / sizeof fl[0]; j++)
				for (size_t i = 0; i < sizeof hs / sizeof hs[0]; i++) {
					void *h = NULL;
					CUdeviceptr d = 0;
					CUresult r = cuMemHostAlloc(&h, (size_t)hs[i], fl[j].f);
					printf("hostalloc %s %lld: %s", fl[j].name, hs[i], ename(r));
					if (!r) {
						CUresult g = cuMemHostGetDevicePointer(&d, h, 0);
						printf(", host 2^%d, device pointer %s%s", align_of((uintptr_t)h, 12), ename(g),
						    g ? "" : d == (CUdeviceptr)(uintptr_t)h ? " (the host address)" : " (ANOTHER address)");
						CK(cuMemFreeHost(h));
					}
					printf("\n");
				}
		}
		al(1000);
		end();
	}
	printf("done\n");
	return 0;
}

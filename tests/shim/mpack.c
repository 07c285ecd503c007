/*
 * mpack.c -- where cuMemAllocManaged puts allocations below 2 MiB: the
 * driver packs them into chunks of 2 MiB.  Each section runs in a fresh
 * process (forked before cuInit) and prints addresses relative to its
 * first allocation, so that the lines of an H200 (mpack.gpu) and of the
 * shim compare:
 *
 *   seq     allocations of 1 byte to 3,000,000 one after another: each
 *           one's offset, the range attributes (RANGE_START_ADDR,
 *           RANGE_SIZE) and cuMemGetAddressRange of its start, its last
 *           byte and the byte after its size, cuMemGetInfo's free memory
 *   fill    allocations of 512, 1000, 65536 and 700,000 bytes until a
 *           new chunk starts: the index and offset of each that does not
 *           follow the one before
 *   fit     a chunk filled but for a hole, then allocations that fit in
 *           it or not: first fit, or a new chunk
 *   free    frees in a chunk and allocations after them: what is taken
 *           again, and when a chunk's memory goes back
 *   flags   CU_MEM_ATTACH_GLOBAL and CU_MEM_ATTACH_HOST mixed, and a
 *           device allocation between
 *   gaps    addresses between a chunk's allocations and past the last:
 *           the range attributes, cuMemGetAddressRange, the memory type
 *   blocks  whole chunks past the first 32 MiB, frees in both blocks,
 *           allocations of 4 to 40 MiB
 *
 *	mpack [SECTION...]
 */
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>
#include "shimtest.h"

static CUdeviceptr base;

static long long
rel(CUdeviceptr p)
{
	return (long long)(p - base);
}

static CUdeviceptr
get(size_t n, unsigned flags)
{
	CUdeviceptr p = 0;

	CK(cuMemAllocManaged(&p, n, flags));
	if (!base)
		base = p;
	return p;
}

/* a pointer's range as the attributes and cuMemGetAddressRange give it */
static void
range(const char *what, CUdeviceptr p)
{
	CUdeviceptr start = 0, b = 0;
	size_t size = 0, n = 0;
	CUresult r1, r2, r3;
	unsigned type = 0;

	r1 = cuPointerGetAttribute(&start, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, p);
	r2 = cuPointerGetAttribute(&size, CU_POINTER_ATTRIBUTE_RANGE_SIZE, p);
	r3 = cuMemGetAddressRange(&b, &n, p);
	printf("  %s %+lld: range ", what, rel(p));
	if (r1 || r2)
		printf("%s %s", ename(r1), ename(r2));
	else
		printf("%+lld %zu", rel(start), size);
	if (r3)
		printf(", address range %s", ename(r3));
	else
		printf(", address range %+lld %zu", rel(b), n);
	r1 = cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, p);
	printf(", type %s %u\n", ename(r1), r1 ? 0 : type);
}

static long long
freemem(void)
{
	size_t f = 0, t = 0;

	CK(cuMemGetInfo(&f, &t));
	return (long long)f;
}

static void
seq(void)
{
	static const size_t sizes[] = { 1, 100, 512, 513, 1000, 4096, 4097, 8192, 65536, 65537, 100000, 262144,
		1048576, 3000000, 100, 1048577, 2097151, 2097152, 2097153, 1 };
	long long f0 = freemem();

	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		CUdeviceptr p = get(sizes[i], CU_MEM_ATTACH_GLOBAL);
		printf("%zu: %zu bytes at %+lld (mod 2 MiB %llu), free %+lld\n", i, sizes[i], rel(p),
		    (unsigned long long)(p % (2u << 20)), freemem() - f0);
		range("start", p);
		if (sizes[i] > 1)
			range("last", p + sizes[i] - 1);
		range("end", p + sizes[i]);
	}
}

/* allocations of n until one starts a chunk: those that do not follow
 * the one before at its size rounded up to 512 */
static void
fill1(size_t n)
{
	CUdeviceptr prev = 0, p;
	size_t step = (n + 511) / 512 * 512;
	int jumps = 0;

	base = 0;
	for (int i = 0; i < 9000 && jumps < 2; i++) {
		p = get(n, CU_MEM_ATTACH_GLOBAL);
		if (i && p != prev + step) {
			printf("%zu: #%d at %+lld, %+lld from the one before\n", n, i, rel(p), (long long)(p - prev));
			jumps++;
		}
		prev = p;
	}
}

static void
fill(void)
{
	fill1(512);
	fill1(1000);
	fill1(65536);
	fill1(700000);
}

static void
fit(void)
{
	CUdeviceptr a, b, c, d, e;

	a = get(1 << 20, CU_MEM_ATTACH_GLOBAL);   /* 1 MiB */
	b = get(512 << 10, CU_MEM_ATTACH_GLOBAL);   /* 1.5 MiB used */
	c = get(256 << 10, CU_MEM_ATTACH_GLOBAL);
	printf("a %+lld b %+lld c %+lld\n", rel(a), rel(b), rel(c));
	d = get(300 << 10, CU_MEM_ATTACH_GLOBAL);   /* past the 256 KiB left */
	printf("300 KiB: %+lld\n", rel(d));
	e = get(200 << 10, CU_MEM_ATTACH_GLOBAL);   /* fits the first chunk's rest */
	printf("200 KiB: %+lld\n", rel(e));
	e = get(56 << 10, CU_MEM_ATTACH_GLOBAL);   /* the first chunk's last 56 KiB */
	printf("56 KiB: %+lld\n", rel(e));
	e = get(100, CU_MEM_ATTACH_GLOBAL);
	printf("100: %+lld\n", rel(e));
	e = get(1 << 20, CU_MEM_ATTACH_GLOBAL);
	printf("1 MiB: %+lld\n", rel(e));
	e = get(1 << 20, CU_MEM_ATTACH_GLOBAL);
	printf("1 MiB: %+lld\n", rel(e));
	e = get(100, CU_MEM_ATTACH_GLOBAL);
	printf("100: %+lld\n", rel(e));
}

static void
freeing(void)
{
	CUdeviceptr p[8];
	long long f0 = freemem();

	for (int i = 0; i < 8; i++)
		p[i] = get(1000, CU_MEM_ATTACH_GLOBAL);
	for (int i = 0; i < 8; i++)
		printf("%+lld ", rel(p[i]));
	printf("free %+lld\n", freemem() - f0);
	CK(cuMemFree(p[2]));
	CK(cuMemFree(p[3]));
	printf("freed #2, #3: 1000 at %+lld, ", rel(get(1000, CU_MEM_ATTACH_GLOBAL)));
	printf("1500 at %+lld, ", rel(get(1500, CU_MEM_ATTACH_GLOBAL)));
	printf("100 at %+lld\n", rel(get(100, CU_MEM_ATTACH_GLOBAL)));
	CK(cuMemFree(p[7]));
	printf("freed #7 (the last): 100 at %+lld\n", rel(get(100, CU_MEM_ATTACH_GLOBAL)));
	CK(cuMemFree(p[0]));
	printf("freed #0: 2000 at %+lld\n", rel(get(2000, CU_MEM_ATTACH_GLOBAL)));
	printf("free %+lld\n", freemem() - f0);
	range("freed #0", p[0]);
	range("freed #0 + 1000", p[0] + 1000);
	/* a second chunk, then everything in it freed */
	{
		CUdeviceptr big = get(2000000, CU_MEM_ATTACH_GLOBAL), q;
		printf("2000000 at %+lld\n", rel(big));
		q = get(200000, CU_MEM_ATTACH_GLOBAL);
		printf("200000 at %+lld\n", rel(q));
		CK(cuMemFree(q));
		q = get(200000, CU_MEM_ATTACH_GLOBAL);
		printf("freed, 200000 at %+lld\n", rel(q));
		CK(cuMemFree(q));
		CK(cuMemFree(big));
		printf("both freed: free %+lld\n", freemem() - f0);
		q = get(1500000, CU_MEM_ATTACH_GLOBAL);
		printf("1500000 at %+lld\n", rel(q));
		q = get(600000, CU_MEM_ATTACH_GLOBAL);
		printf("600000 at %+lld\n", rel(q));
	}
}

static void
flags(void)
{
	CUdeviceptr d;
	printf("global 100 at %+lld\n", rel(get(100, CU_MEM_ATTACH_GLOBAL)));
	printf("host 100 at %+lld\n", rel(get(100, CU_MEM_ATTACH_HOST)));
	printf("global 100 at %+lld\n", rel(get(100, CU_MEM_ATTACH_GLOBAL)));
	CK(cuMemAlloc(&d, 100));
	printf("host 5000 at %+lld\n", rel(get(5000, CU_MEM_ATTACH_HOST)));
	printf("global 3000000 at %+lld\n", rel(get(3000000, CU_MEM_ATTACH_GLOBAL)));
	printf("host 100 at %+lld\n", rel(get(100, CU_MEM_ATTACH_HOST)));
	printf("global 4194304 at %+lld\n", rel(get(4194304, CU_MEM_ATTACH_GLOBAL)));
	printf("global 100 at %+lld\n", rel(get(100, CU_MEM_ATTACH_GLOBAL)));
	CK(cuMemFree(d));
}

static void
gaps(void)
{
	CUdeviceptr a = get(100, CU_MEM_ATTACH_GLOBAL), b = get(1000, CU_MEM_ATTACH_GLOBAL);

	range("a+100 (gap)", a + 100);
	range("a+511 (gap)", a + 511);
	range("b", b);
	range("b+1000 (gap)", b + 1000);
	range("b+1024 (past the last)", b + 1024);
	range("a+1 MiB", a + (1 << 20));
	range("a+2 MiB-1", a + (2 << 20) - 1);
	range("a+2 MiB", a + (2 << 20));
	range("a-1", a - 1);
}

/* whole chunks past a first block of 32 MiB, then frees in both blocks:
 * which is taken first, and where larger allocations go */
static void
blocks(void)
{
	CUdeviceptr p[20];

	for (int i = 0; i < 20; i++)
		p[i] = get((2 << 20) - 1, CU_MEM_ATTACH_GLOBAL);
	for (int i = 0; i < 20; i++)
		printf("%+lld ", rel(p[i]));
	printf("\n");
	CK(cuMemFree(p[3]));
	CK(cuMemFree(p[18]));
	printf("freed #3, #18: 100 at %+lld, ", rel(get(100, CU_MEM_ATTACH_GLOBAL)));
	printf("2 MiB - 1 at %+lld, ", rel(get((2 << 20) - 1, CU_MEM_ATTACH_GLOBAL)));
	printf("2 MiB - 1 at %+lld\n", rel(get((2 << 20) - 1, CU_MEM_ATTACH_GLOBAL)));
	printf("6 MiB at %+lld, ", rel(get(6 << 20, CU_MEM_ATTACH_GLOBAL)));
	printf("20 MiB at %+lld, ", rel(get(20 << 20, CU_MEM_ATTACH_GLOBAL)));
	printf("40 MiB at %+lld, ", rel(get(40 << 20, CU_MEM_ATTACH_GLOBAL)));
	printf("100 at %+lld, ", rel(get(100, CU_MEM_ATTACH_GLOBAL)));
	printf("2 MiB - 1 at %+lld\n", rel(get((2 << 20) - 1, CU_MEM_ATTACH_GLOBAL)));
	CK(cuMemFree(p[5]));
	CK(cuMemFree(p[6]));
	printf("freed #5, #6: 4 MiB at %+lld, ", rel(get(4 << 20, CU_MEM_ATTACH_GLOBAL)));
	printf("2 MiB at %+lld\n", rel(get(2 << 20, CU_MEM_ATTACH_GLOBAL)));
}

static const struct {
	const char *name;
	void (*fn)(void);
} sec[] = { { "seq", seq }, { "fill", fill }, { "fit", fit }, { "free", freeing }, { "flags", flags },
	    { "gaps", gaps }, { "blocks", blocks } };

int
main(int argc, char **argv)
{
	for (size_t i = 0; i < sizeof sec / sizeof *sec; i++) {
		int run = argc < 2, st;
		pid_t pid;
		for (int j = 1; j < argc; j++)
			run |= strcmp(argv[j], sec[i].name) == 0;
		if (!run)
			continue;
		printf("-- %s\n", sec[i].name);
		fflush(stdout);
		if ((pid = fork()) < 0)
			return 1;
		if (!pid) {
			primary_ctx();
			sec[i].fn();
			fflush(stdout);
			_exit(0);
		}
		if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
			printf("section %s: exit %d\n", sec[i].name, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	}
	return 0;
}

/*
 * funcattr.c -- cuFuncSetAttribute given every attribute and values from
 * INT_MIN to INT_MAX, each on a function freshly loaded: one line an
 * attribute, each value with the answer (CUDA_ERROR_ left off) and what
 * cuFuncGetAttribute then reads; the cluster attributes of a kernel that
 * declares its cluster size; launches of kernels given required cluster
 * sizes (set one by one, as cuFuncSetAttribute takes them) and the
 * non-portable flag; a maximum of dynamic shared memory and launches
 * over and under it.  An H200's answers: funcattr.gpu.
 *
 *	funcattr [SECTION...]   an attribute's number (-1 to 17), k2,
 *	                        clusters, dynamic; all of them when none is
 *	                        named.  An H200's driver (580) died of a
 *	                        segmentation fault in attribute -1's, so the
 *	                        GPU ran each in a process of its own, and so
 *	                        does tests/shim.test, without -1.
 */
#include <limits.h>
#include "shimtest.h"

/* k stores its block's index; k2 declares clusters of 2; k3 has 16 KiB of static shared memory */
static const char ptx[] =
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry k(.param .u64 p)\n{\n\t.reg .b64 %rd<2>;\n\t.reg .b32 %r<2>;\n"
	"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %ctaid.x;\n\tst.global.u32 [%rd1], %r1;\n\tret;\n}\n"
	".visible .entry k2(.param .u64 p) .reqnctapercluster 2, 1, 1\n{\n\tret;\n}\n"
	".visible .entry k3(.param .u64 p)\n{\n\t.shared .align 4 .b8 s[16384];\n\t.reg .b64 %rd<2>;\n"
	"\tmov.u64 %rd1, s;\n\tst.shared.u32 [%rd1], 1;\n\tret;\n}\n";

static CUmodule mod;
static CUdeviceptr buf;

static const char *
shortname(CUresult r)
{
	const char *s = ename(r);

	return strncmp(s, "CUDA_ERROR_", 11) == 0 ? s + 11 : s;
}

static CUfunction
fresh(const char *name)
{
	CUfunction f;

	if (mod)
		CK(cuModuleUnload(mod));
	CK(cuModuleLoadData(&mod, ptx));
	CK(cuModuleGetFunction(&f, mod, name));
	return f;
}

/* a launch of k's kind, its answer or else the synchronize's */
static CUresult
launch(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned dyn, unsigned cx)
{
	void *args[] = { &buf };
	CUlaunchConfig cfg;
	CUlaunchAttribute at;
	CUresult r;

	memset(&cfg, 0, sizeof cfg);
	memset(&at, 0, sizeof at);
	cfg.gridDimX = gx, cfg.gridDimY = gy, cfg.gridDimZ = gz;
	cfg.blockDimX = bx, cfg.blockDimY = cfg.blockDimZ = 1;
	cfg.sharedMemBytes = dyn;
	if (cx) {
		at.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
		at.value.clusterDim.x = cx, at.value.clusterDim.y = at.value.clusterDim.z = 1;
		cfg.attrs = &at, cfg.numAttrs = 1;
	}
	r = cuLaunchKernelEx(&cfg, f, args, NULL);
	return r ? r : cuCtxSynchronize();
}

static void
sweep(int a)
{
	static const int vals[] = { INT_MIN, -2, -1, 0, 1, 2, 8, 9, 16, 17, 100, 101, 49152, 216064, 216065,
	                            232448, 232449, INT_MAX };
	static const char *const names[] = { "MAX_THREADS_PER_BLOCK", "SHARED_SIZE_BYTES", "CONST_SIZE_BYTES",
	    "LOCAL_SIZE_BYTES", "NUM_REGS", "PTX_VERSION", "BINARY_VERSION", "CACHE_MODE_CA",
	    "MAX_DYNAMIC_SHARED_SIZE_BYTES", "PREFERRED_SHARED_MEMORY_CARVEOUT", "CLUSTER_SIZE_MUST_BE_SET",
	    "REQUIRED_CLUSTER_WIDTH", "REQUIRED_CLUSTER_HEIGHT", "REQUIRED_CLUSTER_DEPTH",
	    "NON_PORTABLE_CLUSTER_SIZE_ALLOWED", "CLUSTER_SCHEDULING_POLICY_PREFERENCE" };

	{
		/* k3 for the dynamic maximum, whose limit counts the static shared memory */
		const char *fn = a == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES ? "k3" : "k";
		int before = 0;

		CK(cuFuncGetAttribute(&before, a >= 0 && a < 16 ? a : 0, fresh(fn)));
		printf("%d %s of %s (%d):", a, a >= 0 && a < 16 ? names[a] : "-", fn, a >= 0 && a < 16 ? before : 0);
		for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
			CUfunction f = fresh(fn);
			int after = -12345;
			CUresult r = cuFuncSetAttribute(f, a, vals[i]);
			CUresult rg = cuFuncGetAttribute(&after, a, f);

			printf(" %d %s", vals[i], shortname(r));
			if (rg)
				printf(" (get %s)", shortname(rg));
			else if (after != before)
				printf(" (%d)", after);
			fflush(stdout);
		}
		printf("\n");
	}
}

/* a kernel that declares clusters of 2 */
static void
k2(void)
{
	for (int a = CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET; a <= CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE; a++) {
		int before = 0;

		CK(cuFuncGetAttribute(&before, a, fresh("k2")));
		printf("k2, .reqnctapercluster 2, 1, 1: attribute %d (%d):", a, before);
		for (int v = 0; v <= 4; v += v < 2 ? 1 : 2) {
			CUfunction f = fresh("k2");
			int after = -12345;

			printf(" %d %s", v, shortname(cuFuncSetAttribute(f, a, v)));
			CK(cuFuncGetAttribute(&after, a, f));
			if (after != before)
				printf(" (%d)", after);
		}
		printf("\n");
	}
}

static void
clusters(void)
{
	/* required width, height, depth; non-portable; grid; block; a cluster dimension at launch */
	static const struct { int w, h, d, np; unsigned gx, gy, gz, bx, cx; } L[] = {
		{ 2, 1, 1, 0, 4, 1, 1, 32, 0 }, { 2, 1, 1, 0, 3, 1, 1, 32, 0 }, { 2, 0, 0, 0, 4, 1, 1, 32, 0 },
		{ 2, 1, 0, 0, 4, 1, 1, 32, 0 }, { 0, 0, 0, 0, 4, 1, 1, 32, 0 }, { 0, 1, 1, 0, 4, 1, 1, 32, 0 },
		{ -1, 1, 1, 0, 4, 1, 1, 32, 0 }, { 2, -1, 1, 0, 4, 1, 1, 32, 0 }, { 1, 1, 1, 0, 4, 1, 1, 32, 0 },
		{ 3, 1, 1, 0, 6, 1, 1, 32, 0 }, { 8, 1, 1, 0, 8, 1, 1, 32, 0 }, { 8, 1, 1, 0, 8, 1, 1, 1024, 0 },
		{ 9, 1, 1, 0, 9, 1, 1, 32, 0 }, { 16, 1, 1, 0, 16, 1, 1, 32, 0 }, { 16, 1, 1, 1, 16, 1, 1, 32, 0 },
		{ 16, 1, 1, 1, 16, 1, 1, 1024, 0 }, { 17, 1, 1, 1, 17, 1, 1, 32, 0 }, { 32, 1, 1, 1, 32, 1, 1, 32, 0 },
		{ 2, 2, 2, 0, 2, 2, 2, 32, 0 }, { 2, 2, 2, 0, 4, 2, 2, 32, 0 }, { 4, 2, 1, 0, 4, 2, 1, 32, 0 },
		{ 2, 2, 3, 0, 2, 2, 3, 32, 0 }, { 1, 1, 8, 0, 1, 1, 8, 32, 0 }, { 2, 1, 1, 0, 4, 1, 1, 32, 2 },
		{ 2, 1, 1, 0, 4, 1, 1, 32, 4 }, { 2, 1, 1, 0, 4, 1, 1, 32, 1 }, { 100000, 1, 1, 0, 4, 1, 1, 32, 0 },
	};

	for (unsigned i = 0; i < sizeof L / sizeof L[0]; i++) {
		CUfunction f = fresh("k");
		int must = -1;

		printf("required %dx%dx%d%s: set %s", L[i].w, L[i].h, L[i].d, L[i].np ? ", non-portable" : "",
		    shortname(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH, L[i].w)));
		printf(" %s", shortname(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT, L[i].h)));
		printf(" %s", shortname(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH, L[i].d)));
		if (L[i].np)
			printf(" %s", shortname(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1)));
		CK(cuFuncGetAttribute(&must, CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET, f));
		printf(", must be set %d; grid %ux%ux%u of %u", must, L[i].gx, L[i].gy, L[i].gz, L[i].bx);
		if (L[i].cx)
			printf(", clusters of %u at launch", L[i].cx);
		fflush(stdout);
		printf(": %s\n", ename(launch(f, L[i].gx, L[i].gy, L[i].gz, L[i].bx, 0, L[i].cx)));
	}
}

static void
dynamic(void)
{
	CUfunction f = fresh("k3");
	static const int sets[] = { 0, 100000, 216064 };

	for (unsigned i = 0; i < sizeof sets / sizeof sets[0]; i++) {
		int v = sets[i];

		if (v)
			printf("k3: maximum %d: %s\n", v, ename(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, v)));
		CK(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f));
		printf("k3: maximum %d: launch with %d: %s", v, v, ename(launch(f, 1, 1, 1, 32, (unsigned)v, 0)));
		printf(", with %d: %s\n", v + 1, ename(launch(f, 1, 1, 1, 32, (unsigned)v + 1, 0)));
	}
}

static void
section(const char *s)
{
	if (strcmp(s, "k2") == 0)
		k2();
	else if (strcmp(s, "clusters") == 0)
		clusters();
	else if (strcmp(s, "dynamic") == 0)
		dynamic();
	else
		sweep(atoi(s));
}

int
main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);   /* each line out before a call that may crash */
	primary_ctx();
	CK(cuMemAlloc(&buf, 4096));
	if (argc > 1)
		for (int i = 1; i < argc; i++)
			section(argv[i]);
	else {
		for (int a = -1; a <= 17; a++) {
			char n[8];
			snprintf(n, sizeof n, "%d", a);
			section(n);
		}
		section("k2");
		section("clusters");
		section("dynamic");
	}
	return 0;
}

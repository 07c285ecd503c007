/*
 * ncu_driver.c -- launches the kernels of a launch list on a GPU, for
 * Nsight Compute to count (measure.sh runs it under ncu).
 *
 *	ncu_driver LIST [CUBIN-DIR]
 *
 * LIST holds one launch a line, as launches.sh writes it: a name, a tab,
 * then the ptx-run options that tests/counters.test gives the
 * interpreter: -k KERNEL, -g X[,Y[,Z]], -b X[,Y[,Z]], -a ARG... and the
 * PTX file, relative to the current directory.  Arguments: zeros:BYTES
 * (a new zero-filled global buffer), u32:, s32:, u64:, s64:, f32:VALUE.
 * Launches run in list order, one after another, so the n-th kernel that
 * ncu reports is the n-th line.  Each module is JIT-compiled once through
 * the driver's linker; with CUBIN-DIR the machine code it ran is written
 * there as FILE.cubin, for cuobjdump -sass.  A module named *.cubin is
 * loaded as it is (code from ptxas, which optimizes differently from the
 * driver's JIT: measure.sh with PTXAS=1).
 *
 * Build: cc -I$CUDA/include ncu_driver.c -L$CUDA/lib64/stubs -lcuda
 */
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXARG 16
#define MAXMOD 16

static const char *cur;	/* the launch being run, for messages */

static void check(CUresult r, const char *what)
{
	const char *s = NULL;

	if (r == CUDA_SUCCESS)
		return;
	cuGetErrorString(r, &s);
	fprintf(stderr, "ncu_driver: %s: %s: %s\n", cur ? cur : "-", what, s ? s : "?");
	exit(1);
}

static void dims(const char *s, unsigned d[3])
{
	d[0] = d[1] = d[2] = 1;
	sscanf(s, "%u,%u,%u", &d[0], &d[1], &d[2]);
}

static struct {
	char path[256];
	CUmodule mod;
} mods[MAXMOD];
static int nmod;

static CUmodule module(const char *path, const char *cubindir)
{
	CUlinkState ls;
	void *bin;
	size_t size;
	int i;

	for (i = 0; i < nmod; i++)
		if (strcmp(mods[i].path, path) == 0)
			return mods[i].mod;
	if (nmod == MAXMOD) {
		fprintf(stderr, "ncu_driver: too many modules\n");
		exit(1);
	}
	if (strlen(path) > 6 && strcmp(path + strlen(path) - 6, ".cubin") == 0) {
		check(cuModuleLoad(&mods[nmod].mod, path), path);
		snprintf(mods[nmod].path, sizeof mods[nmod].path, "%s", path);
		return mods[nmod++].mod;
	}
	check(cuLinkCreate(0, NULL, NULL, &ls), "cuLinkCreate");
	check(cuLinkAddFile(ls, CU_JIT_INPUT_PTX, path, 0, NULL, NULL), path);
	check(cuLinkComplete(ls, &bin, &size), "cuLinkComplete");
	if (cubindir) {
		char out[512];
		const char *b = strrchr(path, '/');
		FILE *f;

		snprintf(out, sizeof out, "%s/%s.cubin", cubindir, b ? b + 1 : path);
		if ((f = fopen(out, "wb")) != NULL) {
			fwrite(bin, 1, size, f);
			fclose(f);
		}
	}
	check(cuModuleLoadData(&mods[nmod].mod, bin), "cuModuleLoadData");
	check(cuLinkDestroy(ls), "cuLinkDestroy");
	snprintf(mods[nmod].path, sizeof mods[nmod].path, "%s", path);
	return mods[nmod++].mod;
}

static void launch(char *opts, const char *cubindir)
{
	const char *kern = NULL, *file = NULL;
	unsigned g[3] = {1, 1, 1}, b[3] = {1, 1, 1};
	union {
		uint32_t u32;
		uint64_t u64;
		float f32;
	} val[MAXARG];
	void *params[MAXARG];
	CUdeviceptr bufs[MAXARG];
	int na = 0, nb = 0, i;
	CUfunction fn;
	char *t;

	for (t = strtok(opts, " \t\n"); t; t = strtok(NULL, " \t\n")) {
		if (strcmp(t, "-k") == 0 || strcmp(t, "-g") == 0 || strcmp(t, "-b") == 0 ||
		    strcmp(t, "-a") == 0) {
			char *v = strtok(NULL, " \t\n");
			if (!v) {
				fprintf(stderr, "ncu_driver: %s: %s needs a value\n", cur, t);
				exit(1);
			}
			if (t[1] == 'k')
				kern = v;
			else if (t[1] == 'g')
				dims(v, g);
			else if (t[1] == 'b')
				dims(v, b);
			else {
				if (na == MAXARG) {
					fprintf(stderr, "ncu_driver: %s: too many arguments\n", cur);
					exit(1);
				}
				if (strncmp(v, "zeros:", 6) == 0) {
					size_t n = strtoull(v + 6, NULL, 0);
					check(cuMemAlloc(&bufs[nb], n), "cuMemAlloc");
					check(cuMemsetD8(bufs[nb], 0, n), "cuMemsetD8");
					val[na].u64 = (uint64_t)bufs[nb++];
				} else if (strncmp(v, "u32:", 4) == 0 || strncmp(v, "s32:", 4) == 0)
					val[na].u32 = (uint32_t)strtoll(v + 4, NULL, 0);
				else if (strncmp(v, "u64:", 4) == 0 || strncmp(v, "s64:", 4) == 0)
					val[na].u64 = (uint64_t)strtoull(v + 4, NULL, 0);
				else if (strncmp(v, "f32:", 4) == 0)
					val[na].f32 = strtof(v + 4, NULL);
				else {
					fprintf(stderr, "ncu_driver: %s: unknown argument %s\n", cur, v);
					exit(1);
				}
				params[na] = &val[na];
				na++;
			}
		} else if (t[0] == '-') {
			fprintf(stderr, "ncu_driver: %s: unknown option %s\n", cur, t);
			exit(1);
		} else
			file = t;
	}
	if (!kern || !file) {
		fprintf(stderr, "ncu_driver: %s: needs -k and a module\n", cur);
		exit(1);
	}
	check(cuModuleGetFunction(&fn, module(file, cubindir), kern), kern);
	check(cuLaunchKernel(fn, g[0], g[1], g[2], b[0], b[1], b[2], 0, NULL, params, NULL),
	    "cuLaunchKernel");
	check(cuCtxSynchronize(), "cuCtxSynchronize");
	for (i = 0; i < nb; i++)
		check(cuMemFree(bufs[i]), "cuMemFree");
}

int main(int argc, char **argv)
{
	char line[1024];
	CUdevice dev;
	CUcontext ctx;
	FILE *f;
	int n = 0;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: ncu_driver LIST [CUBIN-DIR]\n");
		return 2;
	}
	if ((f = fopen(argv[1], "r")) == NULL) {
		perror(argv[1]);
		return 1;
	}
	check(cuInit(0), "cuInit");
	check(cuDeviceGet(&dev, 0), "cuDeviceGet");
	check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
	check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
	while (fgets(line, sizeof line, f)) {
		char *tab = strchr(line, '\t');

		if (line[0] == '#' || !tab)
			continue;
		*tab = 0;
		cur = line;
		launch(tab + 1, argc > 2 ? argv[2] : NULL);
		n++;
	}
	fclose(f);
	cur = NULL;
	check(cuDevicePrimaryCtxRelease(dev), "cuDevicePrimaryCtxRelease");
	fprintf(stderr, "ncu_driver: %d launches\n", n);
	return 0;
}

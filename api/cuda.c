/*
 * cuda.c -- the CUDA backend: the same launch on a real GPU, through the
 * driver API of libcuda.so.1, opened with dlopen when first asked for, so
 * that libptx has no build or link dependency on CUDA.
 *
 * The driver's types are api/cudrv.h's; only the handful of entry points
 * used here are declared.  Kernel parameters go to the driver
 * as kernelParams, the pointers ptx_function_pack_params packs for the
 * interpreter.  A launch with a cluster goes through cuLaunchKernelEx and
 * its cluster-dimension attribute (looked up like the rest: a driver
 * without it only fails such launches).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "api/api.h"
#include "api/cudrv.h"

struct ptx_cuda {
	void *lib;
	CUcontext ctx;
	CUmodule mod;
	int coop;
	char err[512];
	CUresult (*Init)(unsigned);
	CUresult (*DeviceGet)(CUdevice *, int);
	CUresult (*CtxCreate)(CUcontext *, unsigned, CUdevice);
	CUresult (*CtxDestroy)(CUcontext);
	CUresult (*ModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *, void **);
	CUresult (*ModuleGetFunction)(CUfunction *, CUmodule, const char *);
	CUresult (*ModuleGetGlobal)(CUdeviceptr *, size_t *, CUmodule, const char *);
	CUresult (*MemAlloc)(CUdeviceptr *, size_t);
	CUresult (*MemsetD8)(CUdeviceptr, unsigned char, size_t);
	CUresult (*MemcpyHtoD)(CUdeviceptr, const void *, size_t);
	CUresult (*MemcpyDtoH)(void *, CUdeviceptr, size_t);
	CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
	                         unsigned, void *, void **, void **);
	CUresult (*LaunchKernelEx)(const CUlaunchConfig *, CUfunction, void **, void **);
	CUresult (*CtxSynchronize)(void);
	CUresult (*FuncSetAttribute)(CUfunction, int, int);
	CUresult (*GetErrorString)(CUresult, const char **);
	CUresult (*TensorMapEncodeTiled)(void *, int, uint32_t, void *, const uint64_t *, const uint64_t *,
	                                 const uint32_t *, const uint32_t *, int, int, int, int);
};

static int
fail(ptx_cuda *g, const char *what, CUresult r)
{
	const char *s = NULL;
	if (g->GetErrorString)
		g->GetErrorString(r, &s);
	snprintf(g->err, sizeof g->err, "%s failed: %s (%d)", what, s ? s : "unknown error", r);
	return PTX_ETRAP;
}

#define CHECK(g, call, what) do { CUresult r_ = (call); if (r_ != 0) return fail((g), (what), r_); } while (0)

const char *
ptx_cuda_error(const ptx_cuda *g)
{
	return g ? g->err : "out of memory";
}

int
ptx_cuda_open(ptx_cuda **out)
{
	ptx_cuda *g = calloc(1, sizeof *g);
	CUdevice dev;

	*out = g;
	if (!g)
		return PTX_ENOMEM;
	g->lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!g->lib) {
		snprintf(g->err, sizeof g->err, "cannot load libcuda.so.1: %s", dlerror());
		return PTX_EUNSUPPORTED;
	}
#define SYM(f, name) do { *(void **)(void *)&g->f = dlsym(g->lib, name); \
	if (!g->f) { snprintf(g->err, sizeof g->err, "libcuda has no %s", name); return PTX_EUNSUPPORTED; } } while (0)
	SYM(Init, "cuInit");
	SYM(DeviceGet, "cuDeviceGet");
	SYM(CtxCreate, "cuCtxCreate_v2");
	SYM(CtxDestroy, "cuCtxDestroy_v2");
	SYM(ModuleLoadDataEx, "cuModuleLoadDataEx");
	SYM(ModuleGetFunction, "cuModuleGetFunction");
	SYM(ModuleGetGlobal, "cuModuleGetGlobal_v2");
	SYM(MemAlloc, "cuMemAlloc_v2");
	SYM(MemsetD8, "cuMemsetD8_v2");
	SYM(MemcpyHtoD, "cuMemcpyHtoD_v2");
	SYM(MemcpyDtoH, "cuMemcpyDtoH_v2");
	SYM(LaunchKernel, "cuLaunchKernel");
	SYM(CtxSynchronize, "cuCtxSynchronize");
	SYM(FuncSetAttribute, "cuFuncSetAttribute");
	SYM(GetErrorString, "cuGetErrorString");
#undef SYM
	/* CUDA 12 on: looked up here, missing only matters to a tensor map */
	*(void **)(void *)&g->TensorMapEncodeTiled = dlsym(g->lib, "cuTensorMapEncodeTiled");
	*(void **)(void *)&g->LaunchKernelEx = dlsym(g->lib, "cuLaunchKernelEx");
	CHECK(g, g->Init(0), "cuInit");
	CHECK(g, g->DeviceGet(&dev, 0), "cuDeviceGet");
	CHECK(g, g->CtxCreate(&g->ctx, 0, dev), "cuCtxCreate");
	return PTX_OK;
}

void
ptx_cuda_close(ptx_cuda *g)
{
	if (!g)
		return;
	if (g->ctx && g->CtxDestroy)
		g->CtxDestroy(g->ctx);
	if (g->lib)
		dlclose(g->lib);
	free(g);
}

/* The device runtime library to link -rdc PTX with: $PTX_CUDADEVRT, else the toolkit's. */
static const char *
devrt(void)
{
	static const char *const where[] = {
		"/usr/local/cuda/lib64/libcudadevrt.a",
		"/usr/local/cuda/targets/x86_64-linux/lib/libcudadevrt.a",
		"/usr/local/cuda/targets/sbsa-linux/lib/libcudadevrt.a",
	};
	const char *e = getenv("PTX_CUDADEVRT");

	if (e && *e)
		return e;
	for (size_t i = 0; i < sizeof where / sizeof where[0]; i++)
		if (access(where[i], R_OK) == 0)
			return where[i];
	return where[0];
}

/*
 * PTX that launches kernels from the device (nvcc -rdc: calls of the
 * device runtime) is linked with libcudadevrt first, as nvcc's link step
 * would; other PTX is loaded as it is.
 */
static CUresult
link_devrt(ptx_cuda *g, const char *z, size_t len)
{
	CUresult (*create)(unsigned, int *, void **, void **);
	CUresult (*add)(void *, int, void *, size_t, const char *, unsigned, int *, void **);
	CUresult (*addfile)(void *, int, const char *, unsigned, int *, void **);
	CUresult (*complete)(void *, void **, size_t *);
	CUresult (*destroy)(void *);
	void *ls = NULL, *cubin = NULL;
	size_t n = 0;
	CUresult r;

	*(void **)(void *)&create = dlsym(g->lib, "cuLinkCreate_v2");
	*(void **)(void *)&add = dlsym(g->lib, "cuLinkAddData_v2");
	*(void **)(void *)&addfile = dlsym(g->lib, "cuLinkAddFile_v2");
	*(void **)(void *)&complete = dlsym(g->lib, "cuLinkComplete");
	*(void **)(void *)&destroy = dlsym(g->lib, "cuLinkDestroy");
	if (!create || !add || !addfile || !complete || !destroy)
		return 500;   /* CUDA_ERROR_NOT_FOUND */
	if ((r = create(0, NULL, NULL, &ls)))
		return r;
	if (!(r = add(ls, 1 /* CU_JIT_INPUT_PTX */, (void *)(uintptr_t)z, len + 1, "module.ptx", 0, NULL, NULL)) &&
	    !(r = addfile(ls, 4 /* CU_JIT_INPUT_LIBRARY */, devrt(), 0, NULL, NULL)) &&
	    !(r = complete(ls, &cubin, &n)))
		r = g->ModuleLoadDataEx(&g->mod, cubin, 0, NULL, NULL);
	destroy(ls);
	return r;
}

int
ptx_cuda_module_load(ptx_cuda *g, const char *text, size_t len)
{
	char *z = malloc(len + 1);
	CUresult r;

	if (!z)
		return PTX_ENOMEM;
	memcpy(z, text, len);
	z[len] = 0;   /* the driver wants a NUL-terminated image */
	if (strstr(z, "__cudaCDP2") || strstr(z, "cudaLaunchDevice") || strstr(z, "cudaGetParameterBuffer")) {
		r = link_devrt(g, z, len);
		free(z);
		return r ? fail(g, "linking with libcudadevrt", r) : PTX_OK;
	}
	r = g->ModuleLoadDataEx(&g->mod, z, 0, NULL, NULL);
	free(z);
	return r ? fail(g, "cuModuleLoadData", r) : PTX_OK;
}

int
ptx_cuda_get_global(ptx_cuda *g, const char *name, ptx_devptr *addr, size_t *size)
{
	CUdeviceptr p;
	size_t n;
	CHECK(g, g->ModuleGetGlobal(&p, &n, g->mod, name), "cuModuleGetGlobal");
	*addr = p;
	*size = n;
	return PTX_OK;
}

int
ptx_cuda_mem_alloc(ptx_cuda *g, size_t size, ptx_devptr *out)
{
	CUdeviceptr p;
	CHECK(g, g->MemAlloc(&p, size ? size : 1), "cuMemAlloc");
	CHECK(g, g->MemsetD8(p, 0, size ? size : 1), "cuMemsetD8");
	*out = p;
	return PTX_OK;
}

int
ptx_cuda_copy_htod(ptx_cuda *g, ptx_devptr dst, const void *src, size_t n)
{
	CHECK(g, g->MemcpyHtoD(dst, src, n), "cuMemcpyHtoD");
	return PTX_OK;
}

int
ptx_cuda_copy_dtoh(ptx_cuda *g, void *dst, ptx_devptr src, size_t n)
{
	CHECK(g, g->MemcpyDtoH(dst, src, n), "cuMemcpyDtoH");
	return PTX_OK;
}

int
ptx_cuda_launch(ptx_cuda *g, const ptx_function *fn, const char *name, const unsigned grid[3],
                const unsigned block[3], size_t shared, void **params)
{
	return ptx_cuda_launch_ex(g, fn, name, grid, block, NULL, shared, params);
}

void
ptx_cuda_set_cooperative(ptx_cuda *g, int on)
{
	if (g)
		g->coop = on != 0;
}

int
ptx_cuda_launch_ex(ptx_cuda *g, const ptx_function *fn, const char *name, const unsigned grid[3],
                   const unsigned block[3], const unsigned cluster[3], size_t shared, void **params)
{
	CUfunction f;
	size_t n = ptx_function_param_size(fn);
	void *buf = calloc(n + 16, 1);
	CUresult r;

	if (!buf)
		return PTX_ENOMEM;
	if (ptx_function_pack_params(fn, params, buf) != PTX_OK) {
		free(buf);
		snprintf(g->err, sizeof g->err, "missing kernel parameter");
		return PTX_EINVAL;
	}
	/* The driver packs kernelParams into the same bytes.  Handing it our
	 * buffer (CU_LAUNCH_PARAM_BUFFER_POINTER) instead made kernels with a
	 * 64-byte aligned CUtensorMap parameter fault on an H100 (CUDA 13). */
	r = g->ModuleGetFunction(&f, g->mod, name);
	if (!r && shared > 48 * 1024)
		r = g->FuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)shared);
	if (!r && (cluster || g->coop)) {
		CUlaunchAttribute at[2];
		CUlaunchConfig c = { grid[0], grid[1], grid[2], block[0], block[1], block[2], (unsigned)shared,
			NULL, at, 0 };
		memset(at, 0, sizeof at);
		if (cluster) {
			at[c.numAttrs].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
			at[c.numAttrs].value.clusterDim.x = cluster[0];
			at[c.numAttrs].value.clusterDim.y = cluster[1];
			at[c.numAttrs++].value.clusterDim.z = cluster[2];
		}
		if (g->coop) {
			at[c.numAttrs].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
			at[c.numAttrs++].value.cooperative = 1;
		}
		if (!g->LaunchKernelEx) {
			free(buf);
			snprintf(g->err, sizeof g->err, "libcuda has no cuLaunchKernelEx");
			return PTX_EUNSUPPORTED;
		}
		r = g->LaunchKernelEx(&c, f, params, NULL);
	} else if (!r)
		r = g->LaunchKernel(f, grid[0], grid[1], grid[2], block[0], block[1], block[2],
		    (unsigned)shared, NULL, params, NULL);
	if (!r)
		r = g->CtxSynchronize();
	free(buf);
	return r ? fail(g, "kernel launch", r) : PTX_OK;
}

int
ptx_cuda_tensormap_encode(ptx_cuda *g, const ptx_tensormap *t, void *map)
{
	/* CUtensorMapDataType numbers the PTX ISA's f32.ftz, f64, bf16 as 10, 8, 9 */
	static const int cutype[] = { 0, 1, 2, 3, 4, 5, 6, 7, 10, 8, 9, 11, 12 };
	uint32_t box[5], es[5];

	if (!g->TensorMapEncodeTiled) {
		snprintf(g->err, sizeof g->err, "libcuda has no cuTensorMapEncodeTiled");
		return PTX_EUNSUPPORTED;
	}
	if (t->rank < 1 || t->rank > 5 || t->elemtype >= sizeof cutype / sizeof cutype[0]) {
		snprintf(g->err, sizeof g->err, "tensor map: bad rank or element type");
		return PTX_EINVAL;
	}
	for (unsigned i = 0; i < 5; i++) {
		box[i] = t->box[i];
		es[i] = t->estride[i] ? t->estride[i] : 1;
	}
	CHECK(g, g->TensorMapEncodeTiled(map, cutype[t->elemtype], t->rank, (void *)(uintptr_t)t->addr, t->dim, t->stride,
	    box, es, (int)t->interleave, (int)t->swizzle, (int)t->l2promo, (int)t->fill), "cuTensorMapEncodeTiled");
	return PTX_OK;
}

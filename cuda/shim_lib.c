/*
 * shim_lib.c -- context-independent loading (cuLibrary*, cuKernel*) and
 * the enumeration and parameter queries of modules and functions.
 *
 * A library is loaded once as a module that no context owns, which answers
 * the queries that need no context (kernel names, counts, attributes); a
 * CUkernel is a function of that module.  As with the driver, each context
 * that uses the library gets an instance of its own, loaded from the kept
 * text on first use, with its own copy of the globals: cuKernelGetFunction,
 * cuLibraryGetModule, cuLibraryGetGlobal and a launch of a CUkernel take
 * the current context's instance.  An instance goes with its context, the
 * library and every instance with cuLibraryUnload.  Modules are loaded
 * eagerly: every function is ready when the load returns.
 *
 * The driver takes a library whose image it cannot use (no code for the
 * device, PTX that does not compile, of a newer ISA) and gives the error
 * when the code is asked for: cuLibraryGetKernel, GetModule, GetGlobal and
 * GetManaged return it, while the library counts no kernels; so an H200's
 * driver answered, under CUDA_MODULE_LOADING=EAGER too (tests/shim/
 * lazylib.gpu).  Programs count on it: the CUDA runtime loads every fatbin
 * a program registers as a library, and one that holds code only for
 * other GPUs must not fail the kernels of the others.  Here the image is
 * still loaded at once, and a library it failed to give is kept as that
 * error (Mod.err) with what the load said (Mod.msg), printed when a call
 * first gets the error (said): silent until then, as the driver is, so
 * that a program that never uses such a library shows nothing.
 */
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

/* CUlibraryOption and CUmoduleLoadingMode, CUfunctionLoadingState. */
enum { CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE, CU_LIBRARY_BINARY_IS_PRESERVED,
       CU_LIBRARY_NUM_OPTIONS };
enum { CU_MODULE_EAGER_LOADING = 1, CU_MODULE_LAZY_LOADING = 2 };
enum { CU_FUNCTION_LOADING_STATE_UNLOADED, CU_FUNCTION_LOADING_STATE_LOADED };

/* The library h names, or NULL; under LOCK. */
static Mod *
validlib(CUlibrary h)
{
	Mod *l = MOD(h);

	return l && l->lib ? l : NULL;
}

/* The kernel (a function of a library) h names, or NULL; under LOCK. */
static Fn *
validkernel(CUkernel h)
{
	Fn *k = FN(h);

	return k && k->mod->lib ? k : NULL;
}

/* The instance of library lib in context ctx, loaded on first use; under LOCK. */
static CUresult
instance_mod(Mod **out, Mod *lib, Ctx *ctx)
{
	Mod *in;
	CUresult r;

	for (in = shim.mods; in && !(in->parent == lib && in->ctx == ctx); in = in->next)
		;
	if (!in) {
		if ((r = shim_load(&in, ctx, "<library>", lib->text, SHIM_NOLEN, NULL, 0)))
			return r;
		in->parent = lib;
	}
	*out = in;
	return CUDA_SUCCESS;
}

/* The function of kernel k in context ctx's instance, with the attributes
 * set on the kernel; under LOCK. */
CUresult
shim_instance(Fn **out, Fn *k, Ctx *ctx)
{
	Mod *in;
	CUresult r;

	if ((r = instance_mod(&in, k->mod, ctx)) || (r = shim_getfn(out, in, ptx_function_name(k->f))))
		return r;
	(*out)->maxdyn = k->maxdyn;
	memcpy((*out)->attr, k->attr, sizeof k->attr);
	return CUDA_SUCCESS;
}

/* The library options only concern where the driver keeps the image; an
 * unknown one is an error, as with the driver, and so is
 * CU_LIBRARY_BINARY_IS_PRESERVED for a file (the driver reads it). */
static CUresult
lib_opts(const int *opt, unsigned nopt, int file)
{
	for (unsigned i = 0; opt && i < nopt; i++)
		if (opt[i] < 0 || opt[i] >= CU_LIBRARY_NUM_OPTIONS ||
		    (file && opt[i] == CU_LIBRARY_BINARY_IS_PRESERVED))
			return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

/* The image loaded as library *lib; one that does not load is a library
 * of its error.  Under LOCK. */
static CUresult
lib_load(CUlibrary *lib, const char *name, const void *code, size_t n, char *log, size_t cap)
{
	CUresult r;
	Mod *md;
	char *msg = NULL;
	size_t len = 0;

	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	shim.says = open_memstream(&msg, &len);   /* NULL: the messages go to stderr at once */
	r = shim_load(&md, NULL, name, code, n, log, cap);
	if (shim.says)
		fclose(shim.says);
	shim.says = NULL;
	if (r && r != CUDA_ERROR_OUT_OF_MEMORY && r != CUDA_ERROR_INVALID_VALUE && !shim_image_early(code, n)) {
		if (!(md = calloc(1, sizeof *md)) || !(md->h = shim_hnew(H_MOD, md))) {
			free(md);
			free(msg);
			return CUDA_ERROR_OUT_OF_MEMORY;
		}
		md->lib = 1;
		md->err = r;
		md->msg = msg;
		md->next = shim.mods;
		shim.mods = md;
		*lib = md->h;
		return CUDA_SUCCESS;
	}
	if (msg)
		fputs(msg, stderr);   /* a load that succeeded, or failed at once */
	free(msg);
	if (!r)
		*lib = md->h;
	return r;
}

/* The error of library l that did not load, its load's messages printed
 * the first time; under LOCK. */
static CUresult
said(Mod *l)
{
	if (l->msg) {
		fputs(l->msg, stderr);
		free(l->msg);
		l->msg = NULL;
	}
	return l->err;
}

CUresult
cuLibraryLoadData(CUlibrary *lib, const void *code, int *jopt, void **jval, unsigned njopt,
                  int *lopt, void **lval, unsigned nlopt)
{
	CUresult r;
	char *log;
	size_t cap;

	(void)lval;
	if (!lib || !code)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = lib_opts(lopt, nlopt, 0)) || (r = shim_jit_log(njopt, jopt, jval, &log, &cap)))
		return r;
	LOCK();
	r = lib_load(lib, "<library>", code, SHIM_NOLEN, log, cap);
	UNLOCK();
	return r;
}

CUresult
cuLibraryLoadFromFile(CUlibrary *lib, const char *path, int *jopt, void **jval, unsigned njopt,
                      int *lopt, void **lval, unsigned nlopt)
{
	CUresult r;
	char *log, *text;
	size_t cap, n;

	(void)lval;
	if (!path || !lib)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = lib_opts(lopt, nlopt, 1)))
		return r;
	if ((r = shim_jit_log(njopt, jopt, jval, &log, &cap)))
		return r;
	if (!(text = shim_slurp(path, &n)))
		return CUDA_ERROR_FILE_NOT_FOUND;
	LOCK();
	r = lib_load(lib, path, text, n, log, cap);
	UNLOCK();
	free(text);
	return r;
}

CUresult
cuLibraryUnload(CUlibrary h)
{
	CUresult r = CUDA_SUCCESS;
	Mod *lib;

	LOCK();
	if (!(lib = validlib(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		shim_unload(lib);
	UNLOCK();
	return r;
}

/* The instance as the current context's; under LOCK. */
static CUresult
current_instance(Mod **md, CUlibrary h)
{
	Ctx *ctx;
	Mod *lib;
	CUresult r;

	if ((r = shim_ready(&ctx)))
		return r;
	if (!(lib = validlib(h)))
		return CUDA_ERROR_INVALID_HANDLE;
	return lib->err ? said(lib) : instance_mod(md, lib, ctx);
}

CUresult
cuLibraryGetModule(CUmodule *out, CUlibrary lib)
{
	CUresult r;
	Mod *md;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = current_instance(&md, lib)))
		*out = md->h;
	UNLOCK();
	return r;
}

CUresult
cuLibraryGetKernel(CUkernel *k, CUlibrary h, const char *name)
{
	CUresult r;
	Mod *lib;
	Fn *fn;

	if (!k || !name)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(lib = validlib(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (lib->err)
		r = said(lib);
	else if (!(r = shim_getfn(&fn, lib, name)))
		*k = fn->h;
	UNLOCK();
	return r;
}

/* Under LOCK: the kernels of md in declaration order, at most n of them. */
static CUresult
enumerate(CUfunction *out, unsigned n, Mod *md)
{
	int k = ptx_module_entry_count(md->m);
	CUresult r;
	Fn *fn;

	if (!out || n > (unsigned)k)
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned i = 0; i < n; i++) {
		if ((r = shim_getfn(&fn, md, ptx_module_entry_name(md->m, (int)i))))
			return r;
		out[i] = fn->h;
	}
	return CUDA_SUCCESS;
}

CUresult
cuLibraryGetKernelCount(unsigned *n, CUlibrary h)
{
	CUresult r = CUDA_SUCCESS;
	Mod *lib;

	if (!n)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(lib = validlib(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		*n = (unsigned)ptx_module_entry_count(lib->m);   /* none when it did not load */
	UNLOCK();
	return r;
}

CUresult
cuLibraryEnumerateKernels(CUkernel *k, unsigned n, CUlibrary h)
{
	CUresult r;
	Mod *lib;

	LOCK();
	r = (lib = validlib(h)) ? enumerate(k, n, lib) : CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

CUresult
cuModuleGetFunctionCount(unsigned *n, CUmodule h)
{
	CUresult r = CUDA_SUCCESS;
	Mod *md;

	if (!n)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(md = MOD(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		*n = (unsigned)ptx_module_entry_count(md->m);
	UNLOCK();
	return r;
}

CUresult
cuModuleEnumerateFunctions(CUfunction *fn, unsigned n, CUmodule h)
{
	CUresult r;
	Mod *md;

	LOCK();
	r = (md = MOD(h)) ? enumerate(fn, n, md) : CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

CUresult
cuLibraryGetGlobal(CUdeviceptr *p, size_t *bytes, CUlibrary lib, const char *name)
{
	Mod *md;
	CUresult r;

	if (!name)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = current_instance(&md, lib)))
		r = shim_global(p, bytes, md, name);
	UNLOCK();
	return r;
}

/* The interpreter has no managed (.attribute(.managed)) variables, so
 * the lookup cannot succeed; a library that did not load gives its error.
 * A library loaded without CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE
 * has no host-side function table: CUDA_ERROR_INVALID_VALUE, as an H200's
 * driver answers (lazylib.gpu). */
CUresult
cuLibraryGetManaged(CUdeviceptr *p, size_t *bytes, CUlibrary lib, const char *name)
{
	CUresult r;
	Mod *l;

	(void)p, (void)bytes;
	if (!name)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = !(l = validlib(lib)) ? CUDA_ERROR_INVALID_HANDLE : l->err ? said(l) : CUDA_ERROR_NOT_FOUND;
	UNLOCK();
	return r;
}

CUresult
cuLibraryGetUnifiedFunction(void **fp, CUlibrary lib, const char *name)
{
	CUresult r;

	if (!fp || !name)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = validlib(lib) ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

CUresult
cuKernelGetFunction(CUfunction *out, CUkernel h)
{
	Ctx *ctx;
	Fn *k, *fn;
	CUresult r;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(r = shim_ready(&ctx))) {
		if (!(k = validkernel(h)))
			r = CUDA_ERROR_INVALID_HANDLE;
		else if (!(r = shim_instance(&fn, k, ctx)))
			*out = fn->h;
	}
	UNLOCK();
	return r;
}

CUresult
cuKernelGetLibrary(CUlibrary *lib, CUkernel h)
{
	CUresult r = CUDA_SUCCESS;
	Fn *k;

	if (!lib)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(k = validkernel(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		*lib = k->mod->h;
	UNLOCK();
	return r;
}

/* The per-device attribute calls: there is one device, and one function
 * object serves every context. */
CUresult
cuKernelGetAttribute(int *v, int attr, CUkernel h, CUdevice d)
{
	CUresult r;
	Fn *k;

	LOCK();
	r = d != 0 ? CUDA_ERROR_INVALID_DEVICE : !(k = validkernel(h)) ? CUDA_ERROR_INVALID_HANDLE :
	    shim_fn_attr(v, attr, k);
	UNLOCK();
	return r;
}

/* Applies to the kernel in every context: the instances take the kernel's
 * attributes whenever they are looked up. */
CUresult
cuKernelSetAttribute(int attr, int v, CUkernel h, CUdevice d)
{
	CUresult r;
	Fn *k;

	LOCK();
	r = d != 0 ? CUDA_ERROR_INVALID_DEVICE : !(k = validkernel(h)) ? CUDA_ERROR_INVALID_HANDLE :
	    shim_fn_set_attr(k, attr, v);
	UNLOCK();
	return r;
}

/* Cache preferences change no result: accepted for a valid kernel. */
CUresult
cuKernelSetCacheConfig(CUkernel k, int config, CUdevice d)
{
	CUresult r;

	LOCK();
	r = d != 0 ? CUDA_ERROR_INVALID_DEVICE : !validkernel(k) ? CUDA_ERROR_INVALID_HANDLE :
	    config < 0 || config > 3 ? CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS;
	UNLOCK();
	return r;
}

CUresult
cuKernelGetName(const char **name, CUkernel h)
{
	CUresult r = CUDA_SUCCESS;
	Fn *k;

	if (!name)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(k = validkernel(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		*name = ptx_function_name(k->f);
	UNLOCK();
	return r;
}

/* Offset and size of parameter i in the parameter buffer.  The driver
 * answers only with a current context, for a kernel too. */
static CUresult
param_info(CUfunction h, size_t i, size_t *off, size_t *size)
{
	CUresult r;
	Fn *fn;

	LOCK();
	if ((r = shim_current(NULL)))
		goto out;
	if (!(fn = FN(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (i >= (size_t)ptx_function_param_count(fn->f))
		r = CUDA_ERROR_INVALID_VALUE;
	else {
		size_t o, n, a;
		ptx_function_param_offset(fn->f, (int)i, &o);
		ptx_function_param_info(fn->f, (int)i, &n, &a);
		if (off)
			*off = o;
		if (size)
			*size = n;
	}
out:
	UNLOCK();
	return r;
}

CUresult
cuFuncGetParamInfo(CUfunction fn, size_t i, size_t *off, size_t *size)
{
	return param_info(fn, i, off, size);
}

CUresult
cuKernelGetParamInfo(CUkernel k, size_t i, size_t *off, size_t *size)
{
	return param_info(k, i, off, size);
}

CUresult
cuModuleGetLoadingMode(int *mode)
{
	if (!mode)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	*mode = shim.eager ? CU_MODULE_EAGER_LOADING : CU_MODULE_LAZY_LOADING;
	return CUDA_SUCCESS;
}

CUresult
cuFuncIsLoaded(int *state, CUfunction fn)
{
	CUresult r = CUDA_SUCCESS;

	if (!state)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!FN(fn))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		*state = CU_FUNCTION_LOADING_STATE_LOADED;
	UNLOCK();
	return r;
}

CUresult
cuFuncLoad(CUfunction fn)
{
	CUresult r = CUDA_SUCCESS;

	LOCK();
	if (!FN(fn))
		r = CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

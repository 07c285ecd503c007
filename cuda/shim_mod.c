/*
 * shim_mod.c -- modules, the linker and launches of libptxcuda.
 *
 * Images come down to PTX text (shim_image.c): the PTX of a fatbin or of
 * a cubin built with it, since machine code cannot be run without its
 * semantics.  The linker concatenates its PTX inputs into one module: the first input's .target and the highest .version head the
 * text, every input's own .version/.target/.address_size lines are
 * commented out, and the front end then resolves each .extern declaration
 * against the definition another input supplies.
 */
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/shim.h"

/* Appends the diagnostics of the last failure to a JIT log buffer. */
static void
fill_log(char *log, size_t cap)
{
	size_t n = ptx_diag_count(shim.cx), used = 0;

	if (!log || !cap)
		return;
	log[0] = 0;
	for (size_t i = 0; i < n && used + 1 < cap; i++) {
		const ptx_diag *d = ptx_diag_get(shim.cx, i);
		int k = snprintf(log + used, cap - used, "%s:%d:%d: %s\n", d->file ? d->file : "?",
		    d->line, d->col, d->msg);
		if (k < 0)
			break;
		used += (size_t)k < cap - used ? (size_t)k : cap - used - 1;
	}
}

/* Reads the log buffer options of cuModuleLoadDataEx / cuLinkCreate /
 * cuLibraryLoadData.  An option the driver does not know, or options
 * given at NULL, are CUDA_ERROR_INVALID_VALUE, as an H200 answers
 * (hostile.gpu); the others are hints the interpreter has no use for. */
CUresult
shim_jit_log(unsigned nopt, const int *opt, void **val, char **log, size_t *cap)
{
	*log = NULL;
	*cap = 0;
	if (nopt && (!opt || !val))
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned i = 0; i < nopt; i++)
		if (opt[i] < 0 || opt[i] >= CU_JIT_NUM_OPTIONS)
			return CUDA_ERROR_INVALID_VALUE;
	for (unsigned i = 0; i < nopt; i++) {
		if (opt[i] == CU_JIT_ERROR_LOG_BUFFER)
			*log = val[i];
		else if (opt[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
			*cap = (size_t)(uintptr_t)val[i];
	}
	return CUDA_SUCCESS;
}

/* A failed JIT compilation: CUDA_ERROR_INVALID_PTX, remembered for the
 * process (link_error).  Under LOCK. */
static CUresult
jit_fail(void)
{
	shim.jit_failed = 1;
	return CUDA_ERROR_INVALID_PTX;
}

/* cuLinkComplete's code for an undefined reference or a prototype that
 * differs: CUDA_ERROR_INVALID_SOURCE, but CUDA_ERROR_UNKNOWN once a JIT
 * compilation of the process has failed, a module load or a link, as an
 * H200's driver (580) answers in a process of each kind (tests/shim/
 * linkcode.gpu).  Under LOCK. */
static CUresult
link_error(void)
{
	return shim.jit_failed ? CUDA_ERROR_UNKNOWN : CUDA_ERROR_INVALID_SOURCE;
}

/* PTX text loaded as it is, which a GPU's JIT compiles as a whole program:
 * a call of an .extern function the text does not define stops it
 * (shim_extern.c; CUDA_ERROR_INVALID_PTX and ptxas's line, as an H200's
 * driver answers), unless the text is cuLinkComplete's, linked with the
 * device runtime.  Other images' PTX was compiled or linked into them. */
static CUresult
whole(const char *text, const void *image, const char *name, char *log, size_t cap)
{
	const char *s = image;
	char fn[256];

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	if ((*s != '.' && *s != '/') ||
	    !shim_unresolved(text, !strncmp(text, SHIM_DEVRT_MARK, strlen(SHIM_DEVRT_MARK)), fn, sizeof fn))
		return CUDA_SUCCESS;
	fprintf(shim_says(), "libptxcuda: cannot load module %s: it calls the extern function '%s', which it "
	    "does not define%s\n", name, fn, strncmp(fn, "cuda", 4) ? "" :
	    " (the device runtime's: link it with libcudadevrt.a, through cuLink or nvJitLink)");
	if (log && cap)
		snprintf(log, cap, "ptxas fatal   : Unresolved extern function '%s'\n", fn);
	return jit_fail();
}

/* The PTX's .version (its first directive, after comments) when it is
 * newer than SHIM_PTX_ISA: a CUDA 13.0 driver's JIT refuses what nvcc or
 * NVRTC of a later CUDA writes (13.5's NVRTC writes .version 9.5), with
 * CUDA_ERROR_UNSUPPORTED_PTX_VERSION and ptxas's line as the error log,
 * when it is loaded or added to a link, as an H200's driver (580) answered
 * (tests/shim/lazylib.gpu), however little of the newer ISA the text
 * uses.  The shim is that driver (cuDriverGetVersion), and clients act on
 * the code: they compile for an older ISA, or say that the driver is too
 * old.  (The front end refuses the .version too, as an unknown one:
 * CUDA_ERROR_INVALID_PTX.) */
static CUresult
isa(const char *text, const char *name, char *log, size_t cap)
{
	const char *s = text;
	int line = 1, maj = 0, min = 0;

	for (;;) {
		if (*s == '\n')
			line++, s++;
		else if (*s == ' ' || *s == '\t' || *s == '\r')
			s++;
		else if (s[0] == '/' && s[1] == '/')
			s += strcspn(s, "\n");
		else if (s[0] == '/' && s[1] == '*') {
			const char *e = strstr(s + 2, "*/");
			for (const char *c = s; c < (e ? e : s + strlen(s)); c++)
				line += *c == '\n';
			s = e ? e + 2 : s + strlen(s);
		} else
			break;
	}
	if (strncmp(s, ".version", 8) || (s[8] != ' ' && s[8] != '\t'))
		return CUDA_SUCCESS;
	for (s += 8; *s == ' ' || *s == '\t'; s++)
		;
	for (; isdigit((unsigned char)*s) && maj < 1000; s++)
		maj = maj * 10 + (*s - '0');
	if (*s++ != '.' || !isdigit((unsigned char)*s))
		return CUDA_SUCCESS;   /* malformed: the front end says so */
	for (; isdigit((unsigned char)*s) && min < 1000; s++)
		min = min * 10 + (*s - '0');
	if (maj * 10 + (min > 9 ? 9 : min) <= SHIM_PTX_ISA)
		return CUDA_SUCCESS;
	fprintf(shim_says(), "libptxcuda: cannot load module %s: line %d: .version %d.%d is newer than PTX ISA %d.%d, "
	    "the newest a CUDA %d.%d driver takes (CUDA_ERROR_UNSUPPORTED_PTX_VERSION); generate the PTX with "
	    "CUDA %d.%d's nvcc or NVRTC, or ptxkit's libnvrtc\n", name, line, maj, min, SHIM_PTX_ISA / 10,
	    SHIM_PTX_ISA % 10, SHIM_VERSION / 1000, SHIM_VERSION % 1000 / 10, SHIM_VERSION / 1000,
	    SHIM_VERSION % 1000 / 10);
	if (log && cap)   /* the driver's text, to the byte */
		snprintf(log, cap, "ptxas application ptx input, line %d; fatal   : Unsupported .version %d.%d; "
		    "current version is '%d.%d'", line, maj, min, SHIM_PTX_ISA / 10, SHIM_PTX_ISA % 10);
	shim.jit_failed = 1;
	return CUDA_ERROR_UNSUPPORTED_PTX_VERSION;
}

/* The device is an sm_90 one (SHIM_SM): a module whose .target is newer
 * (sm_100, sm_120) is refused as an H200's driver refuses it,
 * CUDA_ERROR_INVALID_PTX with ptxas's message (tests/shim/target.c).  ptx-run and libptx run such
 * modules with sm_90's semantics; a driver for an H100 cannot.  The target
 * is the module's, which every kernel reports; a module without kernels
 * has nothing to launch.  PTX that stands for a fatbin's sm_90 machine
 * code keeps its later target (shim_image.c stand_in). */
static CUresult
newer(ptx_module *m, const char *text, const char *name, char *log, size_t cap)
{
	const char *k = ptx_module_entry_name(m, 0);
	size_t n = strlen(text), s = sizeof SHIM_STANDIN - 1;
	ptx_function *f;
	ptx_function_usage u;

	if (!k || (n >= s && !strcmp(text + n - s, SHIM_STANDIN)) || ptx_module_get_function(m, k, &f) != PTX_OK ||
	    ptx_function_usage_get(m, f, &u) != PTX_OK || u.sm <= SHIM_SM)
		return CUDA_SUCCESS;
	fprintf(shim_says(), "libptxcuda: cannot load module %s: its .target sm_%d is newer than the device's "
	    "sm_%d\n", name, u.sm, SHIM_SM);
	if (log && cap)
		snprintf(log, cap, "ptxas fatal   : SM version specified by .target is higher than default SM "
		    "version assumed\n");
	return jit_fail();
}

/* Loads an image (shim_image.c) as a module of context owner, or as a
 * library when owner is NULL; under LOCK. */
CUresult
shim_load(Mod **out, Ctx *owner, const char *name, const void *image, size_t size, char *log,
          size_t cap)
{
	Mod *md;
	ptx_module *m;
	char *text;
	CUresult r;
	int rc;

	if (!out || !image)
		return CUDA_ERROR_INVALID_VALUE;
	/* the driver's answer to an image with nothing in it, and to text
	 * that starts with a word, not a directive (tests/shim/lazylib.gpu) */
	if (!size || !*(const char *)image) {
		if (log && cap)
			snprintf(log, cap, "%s: empty image\n", name);
		return CUDA_ERROR_INVALID_IMAGE;
	}
	if (!shim_is_image(image, size)) {
		const char *s = image;
		while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
			s++;
		if (isalnum((unsigned char)*s)) {
			fprintf(shim_says(), "libptxcuda: cannot load module %s: neither PTX nor an image (it starts "
			    "with '%c')\n", name, *s);
			if (log && cap)
				snprintf(log, cap, "%s: neither PTX nor an image\n", name);
			return CUDA_ERROR_INVALID_IMAGE;
		}
	}
	if ((r = shim_image_ptx(&text, image, size, -1, name, log, cap)))
		return r;
	/* a library's instance in a context loads the text the library
	 * kept (shim_lib.c), checked when the library was loaded */
	if (!(owner && !strcmp(name, "<library>")) &&
	    ((r = isa(text, name, log, cap)) || (r = whole(text, image, name, log, cap)))) {
		free(text);
		return r;
	}
	rc = ptx_module_load(shim.cx, name, text, strlen(text), &m);
	if (rc != PTX_OK) {
		free(text);
		shim_print_diags("cannot load module");
		fill_log(log, cap);
		return rc == PTX_ENOMEM ? CUDA_ERROR_OUT_OF_MEMORY :
		    rc == PTX_EUNSUPPORTED ? CUDA_ERROR_NOT_SUPPORTED :
		    rc == PTX_EREFUSED ? CUDA_ERROR_INVALID_IMAGE : jit_fail();
	}
	if ((r = newer(m, text, name, log, cap))) {
		ptx_module_free(m);
		free(text);
		return r;
	}
	if (!(md = calloc(1, sizeof *md)) || !(md->h = shim_hnew(H_MOD, md))) {
		ptx_module_free(m);
		free(md);
		free(text);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	md->ctx = owner;
	md->lib = !owner;
	md->m = m;
	/* a library keeps its PTX for the instances of each context */
	if (md->lib)
		md->text = text;
	else
		free(text);
	md->next = shim.mods;
	shim.mods = md;
	*out = md;
	return CUDA_SUCCESS;
}

CUresult
cuModuleLoadDataEx(CUmodule *out, const void *image, unsigned nopt, int *opt, void **val)
{
	Ctx *ctx;
	Mod *md;
	CUresult r;
	char *log;
	size_t cap;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_jit_log(nopt, opt, val, &log, &cap)))
		return r;
	LOCK();
	if (!(r = shim_ready(&ctx)) && !(r = shim_load(&md, ctx, "<image>", image, SHIM_NOLEN, log, cap)))
		*out = md->h;
	UNLOCK();
	return r;
}

CUresult
cuModuleLoadData(CUmodule *out, const void *image)
{
	return cuModuleLoadDataEx(out, image, 0, NULL, NULL);
}

CUresult
cuModuleLoadFatBinary(CUmodule *out, const void *image)
{
	return cuModuleLoadDataEx(out, image, 0, NULL, NULL);
}

/* The whole of a file, NUL-terminated; NULL when it cannot be read. */
char *
shim_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, k;

	if (!f)
		return NULL;
	do {
		if (cap - n < 65536) {
			char *nb = realloc(buf, cap ? cap * 2 : 65536 + 1);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
			cap = cap ? cap * 2 : 65536;
		}
		k = fread(buf + n, 1, cap - n, f);
		n += k;
	} while (k > 0);
	fclose(f);
	buf[n] = 0;
	if (len)
		*len = n;
	return buf;
}

CUresult
cuModuleLoad(CUmodule *out, const char *path)
{
	Ctx *ctx;
	Mod *md;
	char *text;
	size_t n;
	CUresult r;

	if (!path || !out)
		return CUDA_ERROR_INVALID_VALUE;
	if (!(text = shim_slurp(path, &n)))
		return CUDA_ERROR_FILE_NOT_FOUND;
	LOCK();
	if (!(r = shim_ready(&ctx)) && !(r = shim_load(&md, ctx, path, text, n, NULL, 0)))
		*out = md->h;
	UNLOCK();
	free(text);
	return r;
}

/* Unlinks md and frees it with its functions (a library with its
 * instances); under LOCK. */
void
shim_unload(Mod *md)
{
	Mod **pp;

	if (md->lib) {
		Mod *in;
		do {
			for (in = shim.mods; in && in->parent != md; in = in->next)
				;
			if (in)
				shim_unload(in);
		} while (in);
	}

	for (pp = &shim.mods; *pp && *pp != md; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = md->next;
	while (md->fns) {
		struct Sfn *f = md->fns;
		md->fns = f->next;
		shim_hfree(f->h);
		free(f->pbuf);
		free(f);
	}
	shim_tex_unload(md->h);
	ptx_module_free(md->m);
	free(md->text);
	free(md->msg);
	/* with a destroyed context, as the driver answers; a reset primary
	 * context's module it answers as one never made */
	if (shim.gone == CUDA_ERROR_CONTEXT_IS_DESTROYED)
		shim_hkeepas(md->h, shim.gone);
	shim_hfree(md->h);
	free(md);
}

/* A library's modules belong to the library: cuLibraryUnload frees them. */
CUresult
cuModuleUnload(CUmodule h)
{
	CUresult r = CUDA_SUCCESS;
	Mod *md;

	LOCK();
	if (!(md = MOD(h)))
		r = shim_hgone(h, H_MOD);
	else if (md->lib || md->parent)
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		shim_unload(md);
	UNLOCK();
	return r;
}

/* The handle of kernel name of md, made on first request; under LOCK. */
CUresult
shim_getfn(Fn **out, Mod *md, const char *name)
{
	ptx_function *f;
	struct Sfn *fn;

	if (ptx_module_get_function(md->m, name, &f) != PTX_OK)
		return CUDA_ERROR_NOT_FOUND;
	for (fn = md->fns; fn && fn->f != f; fn = fn->next)
		;
	if (!fn) {
		ptx_function_usage u;
		if (!(fn = calloc(1, sizeof *fn)) || !(fn->h = shim_hnew(H_FN, fn))) {
			free(fn);
			return CUDA_ERROR_OUT_OF_MEMORY;
		}
		ptx_function_usage_get(md->m, f, &u);
		fn->mod = md;
		fn->f = f;
		/* the interpreter gives each kernel the module's static shared
		 * memory, which may pass 48 KiB where no one kernel's does */
		fn->maxdyn = u.shared_bytes < 49152 ? 49152 - (int)u.shared_bytes : 0;
		fn->attr[CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT] = -1;   /* no preference */
		fn->next = md->fns;
		md->fns = fn;
	}
	*out = fn;
	return CUDA_SUCCESS;
}

CUresult
cuModuleGetFunction(CUfunction *out, CUmodule h, const char *name)
{
	CUresult r;
	Mod *md;
	Fn *fn;

	if (!out || !name)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(md = MOD(h)))
		r = shim_hgone(h, H_MOD);
	else if (!(r = shim_getfn(&fn, md, name)))
		*out = fn->h;
	UNLOCK();
	return r;
}

/* Under LOCK. */
CUresult
shim_global(CUdeviceptr *dptr, size_t *bytes, Mod *md, const char *name)
{
	ptx_devptr a;
	size_t n;

	if (ptx_module_get_global(md->m, name, &a, &n) != PTX_OK)
		return CUDA_ERROR_NOT_FOUND;
	if (dptr)
		*dptr = a;
	if (bytes)
		*bytes = n;
	return CUDA_SUCCESS;
}

CUresult
cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes, CUmodule h, const char *name)
{
	ABI64();
	CUresult r;
	Mod *md;

	if (!name)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = (md = MOD(h)) ? shim_global(dptr, bytes, md, name) : shim_hgone(h, H_MOD);
	UNLOCK();
	return r;
}

/* The most threads a block of the kernel may have: 1024, or fewer when its
 * .maxntid says so (a .reqntid does not lower it, as with the driver).  The
 * register file does not lower it either, as it does on a GPU: the
 * interpreter has none, and its register count is not what ptxas would
 * allocate. */
static int
maxthreads(const ptx_function_usage *u)
{
	long m = (long)u->maxntid[0] * u->maxntid[1] * u->maxntid[2];

	return m && m < 1024 ? (int)m : 1024;
}

/* The registers a thread of the kernel is said to use: the interpreter's
 * count, which is not what ptxas would allocate, kept within what ptxas
 * keeps a kernel to: 255, its .maxnreg (nvJitLink's -maxrregcount), and
 * what lets one CTA of its .reqntid threads, else of the
 * MAX_THREADS_PER_BLOCK reported (its .maxntid, else 1024) launch (64K
 * registers an SM, a warp's taken 256 at a time), as a driver's two
 * answers always agree: the occupancy a client computes from them (CUB's
 * grid sizes, cuda.core's limit on a cooperative grid of numba-cuda's
 * forall, whose blocks are MAX_THREADS_PER_BLOCK threads) is then never 0
 * for a block the kernel allows. */
static int
regs(const ptx_function_usage *u)
{
	long t = u->reqntid[0] ? (long)u->reqntid[0] * u->reqntid[1] * u->reqntid[2] : maxthreads(u);
	int r = u->nregs > 255 ? 255 : u->nregs;

	if (u->maxnreg > 0 && r > u->maxnreg)
		r = u->maxnreg;
	if (t > 0 && t <= 1024) {
		int cap = (int)(65536 / ((t + 31) / 32) / 256 * 8);
		r = r > cap ? cap : r;
	}
	return r;
}

/* Under LOCK. */
CUresult
shim_fn_attr(int *v, int attr, Fn *fn)
{
	ptx_function_usage u;

	if (!v)
		return CUDA_ERROR_INVALID_VALUE;
	ptx_function_usage_get(fn->mod->m, fn->f, &u);
	switch (attr) {
	case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *v = maxthreads(&u); break;
	case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *v = (int)u.shared_bytes; break;
	case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *v = u.const_bytes > INT_MAX ? INT_MAX : (int)u.const_bytes; break;
	case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *v = (int)u.local_bytes; break;
	case CU_FUNC_ATTRIBUTE_NUM_REGS: *v = regs(&u); break;
	case CU_FUNC_ATTRIBUTE_PTX_VERSION: *v = u.sm ? u.sm : 90; break;
	case CU_FUNC_ATTRIBUTE_BINARY_VERSION: *v = 90; break;
	case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *v = fn->maxdyn; break;
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:   /* .reqnctapercluster's, where it has one */
		*v = u.reqcluster[0] ? (int)u.reqcluster[attr - CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH] : fn->attr[attr];
		break;
	default:
		if (attr < 0 || attr >= CU_FUNC_ATTRIBUTE_MAX)
			return CUDA_ERROR_INVALID_VALUE;
		*v = fn->attr[attr];
	}
	return CUDA_SUCCESS;
}

CUresult
cuFuncGetAttribute(int *v, int attr, CUfunction h)
{
	CUresult r;
	Fn *fn;

	LOCK();
	r = (fn = FN(h)) ? shim_fn_attr(v, attr, fn) : CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

/* Under LOCK.  The values an H200's driver (580) took and refused
 * (tests/shim/funcattr.gpu): the dynamic maximum up to what 227 KiB
 * leaves beside the static shared memory; a carveout of -1 (none, the
 * default) to 100 percent; required cluster sizes of 0 and up, which the
 * launch checks, and for a kernel that declares its cluster only that
 * size; any non-portable flag, read back as 0 or 1; scheduling policies 0
 * to 2.  Every other attribute is read-only. */
CUresult
shim_fn_set_attr(Fn *fn, int attr, int v)
{
	ptx_function_usage u;

	ptx_function_usage_get(fn->mod->m, fn->f, &u);
	switch (attr) {
	case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
		if (v < 0 || (size_t)v + u.shared_bytes > 232448)
			return CUDA_ERROR_INVALID_VALUE;
		fn->maxdyn = v;
		return CUDA_SUCCESS;
	case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
		if (v < -1 || v > 100)
			return CUDA_ERROR_INVALID_VALUE;
		break;
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
		/* past the kernel's .maxclusterrank too (occattr.gpu: 16 for
		 * .maxclusterrank 4 and 12) */
		if (v < 0 || (u.reqcluster[0] && v != u.reqcluster[attr - CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH]) ||
		    (u.maxclusterrank > 0 && v > u.maxclusterrank))
			return CUDA_ERROR_INVALID_VALUE;
		break;
	case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
		v = v != 0;
		break;
	case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
		if (v < 0 || v > 2)   /* default, spread, load balancing */
			return CUDA_ERROR_INVALID_VALUE;
		break;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
	fn->attr[attr] = v;
	return CUDA_SUCCESS;
}

CUresult
cuFuncSetAttribute(CUfunction h, int attr, int v)
{
	CUresult r;
	Fn *fn;

	LOCK();
	r = (fn = FN(h)) ? shim_fn_set_attr(fn, attr, v) : CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

/* A preference only: accepted for a live function. */
CUresult
cuFuncSetCacheConfig(CUfunction h, int config)
{
	CUresult r;

	(void)config;
	LOCK();
	r = FN(h) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
	UNLOCK();
	return r;
}

CUresult
cuFuncGetModule(CUmodule *md, CUfunction h)
{
	CUresult r = CUDA_SUCCESS;
	Fn *fn;

	if (!md)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(fn = FN(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		*md = fn->mod->h;
	UNLOCK();
	return r;
}

CUresult
cuFuncGetName(const char **name, CUfunction h)
{
	CUresult r = CUDA_SUCCESS;
	Fn *fn;

	if (!name)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!(fn = FN(h)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		*name = ptx_function_name(fn->f);
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- launch */

static CUresult
fault_result(void)
{
	const ptx_fault *ft = ptx_fault_get(shim.cx);

	if (ft->msg)
		fprintf(stderr, "libptxcuda: kernel fault:\n%s%s", ft->msg,
		    ft->msg[0] && ft->msg[strlen(ft->msg) - 1] == '\n' ? "" : "\n");
	switch (ft->kind) {
	case PTX_FAULT_OOB: return CUDA_ERROR_ILLEGAL_ADDRESS;
	case PTX_FAULT_MISALIGNED: return CUDA_ERROR_MISALIGNED_ADDRESS;
	case PTX_FAULT_ASSERT: return CUDA_ERROR_ASSERT;
	case PTX_FAULT_BUDGET: return CUDA_ERROR_LAUNCH_TIMEOUT;
	case PTX_FAULT_UNSUPPORTED: return CUDA_ERROR_NOT_SUPPORTED;
	case PTX_FAULT_ILLEGAL: return CUDA_ERROR_ILLEGAL_INSTRUCTION;
	default: return CUDA_ERROR_LAUNCH_FAILED;
	}
}

/* Set by shim_launch when the kernel it ran faulted as a GPU's would
 * (not for the interpreter's own limits: its step budget, a form it cannot
 * run); under LOCK.  The API's launch calls then answer CUDA_SUCCESS
 * (queued): on a GPU the launch returns before the kernel runs, and the
 * fault, the context's sticky error, is what the calls after it return
 * (cuCtxSynchronize first), which is where a program built for the GPU
 * looks for it (the driver API's simpleAssert compares cuCtxSynchronize's
 * answer with CUDA_ERROR_ASSERT after a checked cuLaunchKernel). */
static int gpufault;

static CUresult
queued(CUresult r)
{
	return gpufault ? CUDA_SUCCESS : r;
}

/* Every launch form ends here; under LOCK.  cluster: NULL for a launch
 * without a cluster attribute.  Cluster sizes are refused as an H100 and
 * an H200 refused them: a grid dimension not a multiple of the cluster's,
 * more than 8 CTAs, or 16 with the non-portable flag set, or than the
 * kernel's .maxclusterrank, or a cluster other than its .reqnctapercluster
 * or than the required size cuFuncSetAttribute gave it, which holds for
 * launches without a cluster attribute too (a required size with a 0
 * beside other sizes is refused; 0x0x0 is none: tests/shim/funcattr.gpu). */
/* PTXKIT_COUNTERS=PATH: each launch's texture-pipe counters and the copy
 * engine's global sectors appended to PATH under Nsight Compute's metric
 * names, a line each: the launch's number in the process (from 0), the
 * kernel, the metric, the value (tests/tex/counters.test and
 * tests/shim.test compare them with an H200's). */
static const char *
counters_path(void)
{
	const char *path = getenv("PTXKIT_COUNTERS");

	return path && *path ? path : NULL;
}

static void
counters(Fn *fn)
{
	static unsigned long id;
	const char *path = counters_path();
	ptx_stats t;
	FILE *f;

	if (!path || !(f = fopen(path, "a"))) {
		id++;
		return;
	}
	ptx_stats_get(shim.cx, &t);
	const struct { const char *m; uint64_t v; } kv[] = {
		{ "l1tex__t_requests_pipe_tex.sum", t.tex_requests + t.surface_requests },
		{ "l1tex__t_requests_pipe_tex_mem_texture.sum", t.tex_requests },
		{ "l1tex__t_requests_pipe_tex_mem_surface.sum", t.surface_requests },
		{ "l1tex__t_sectors_pipe_tex.sum", t.tex_sectors + t.surface_sectors },
		{ "l1tex__t_sectors_pipe_tex_mem_texture.sum", t.tex_sectors },
		{ "l1tex__t_sectors_pipe_tex_mem_surface.sum", t.surface_sectors },
		{ "l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld.sum", t.bulk_load_sectors },
		{ "l1tex__m_l1tex2xbar_write_sectors_mem_global_op_tma_st.sum", t.bulk_store_sectors },
		{ "l1tex__m_l1tex2xbar_write_sectors_mem_global_op_tma_red.sum", t.bulk_reduce_sectors },
	};
	for (size_t i = 0; i < sizeof kv / sizeof kv[0]; i++)
		fprintf(f, "%lu\t%s\t%s\t%" PRIu64 "\n", id, ptx_function_name(fn->f), kv[i].m, kv[i].v);
	fclose(f);
	id++;
}

CUresult
shim_launch(CUfunction h, const unsigned grid[3], const unsigned block[3], const unsigned *cluster,
       unsigned shared, void **params, void **extra)
{
	Ctx *ctx;
	Fn *fn;
	CUresult r;
	ptx_function_usage u;
	void **pp = params, *argv[256];
	const unsigned *given = cluster;
	unsigned req[3], lim;
	int rc, set = 0;

	gpufault = 0;
	if ((r = shim_ready(&ctx)))
		return r;
	if (!(fn = FN(h)))
		return CUDA_ERROR_INVALID_HANDLE;
	/* a CUkernel runs as the current context's instance of its library */
	if (fn->mod->lib && (r = shim_instance(&fn, fn, ctx)))
		return r;
	ptx_function_usage_get(fn->mod->m, fn->f, &u);
	for (int i = 0; i < 3; i++) {
		int a = fn->attr[CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH + i];
		req[i] = u.reqcluster[0] ? (unsigned)u.reqcluster[i] : a > 0 ? (unsigned)a : 1;
		set |= !u.reqcluster[0] && a > 0 ? 1 << i : 0;
	}
	/* the grid and block are checked first (hostile.gpu: a kernel given
	 * a required width alone, launched with a grid of 0 or a block of
	 * 2048: CUDA_ERROR_INVALID_VALUE) */
	if (set && (!grid[0] || !grid[1] || !grid[2] || !block[0] || !block[1] || !block[2] ||
	    (uint64_t)block[0] * block[1] * block[2] > 1024 || block[2] > 64 || grid[1] > 65535 || grid[2] > 65535))
		return CUDA_ERROR_INVALID_VALUE;
	if (set && set != 7)
		return CUDA_ERROR_INVALID_CLUSTER_SIZE;
	if (!cluster)
		cluster = req;
	else if ((u.reqcluster[0] || set) && memcmp(cluster, req, sizeof req))
		return CUDA_ERROR_INVALID_CLUSTER_SIZE;
	for (int i = 0; i < 3; i++)
		if (!grid[i] || !block[i] || !cluster[i] || grid[i] % cluster[i])
			return i < 3 && cluster[i] && grid[i] && block[i] ? CUDA_ERROR_INVALID_CLUSTER_SIZE :
			    CUDA_ERROR_INVALID_VALUE;
	/* dynamic shared memory past the kernel's MAX_DYNAMIC_SHARED_SIZE_BYTES
	 * (compared unsigned: 0xffffffff is no negative size) */
	if ((uint64_t)block[0] * block[1] * block[2] > 1024 || block[2] > 64 || grid[1] > 65535 ||
	    grid[2] > 65535 || fn->maxdyn < 0 || shared > (unsigned)fn->maxdyn)
		return CUDA_ERROR_INVALID_VALUE;
	lim = fn->attr[CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED] ? 16 : 8;
	if ((uint64_t)cluster[0] * cluster[1] * cluster[2] > lim || (u.maxclusterrank > 0 &&
	    (uint64_t)cluster[0] * cluster[1] * cluster[2] > (uint64_t)u.maxclusterrank))
		return CUDA_ERROR_INVALID_CLUSTER_SIZE;
	/* A block larger than .maxntid allows, or not of the .reqntid shape,
	 * is refused as a GPU refuses it. */
	if ((uint64_t)block[0] * block[1] * block[2] > (uint64_t)maxthreads(&u))
		return CUDA_ERROR_INVALID_VALUE;
	if (u.reqntid[0] && (block[0] != (unsigned)u.reqntid[0] || block[1] != (unsigned)u.reqntid[1] ||
	    block[2] != (unsigned)u.reqntid[2]))
		return CUDA_ERROR_INVALID_VALUE;
	if (!params && extra) {
		/* CU_LAUNCH_PARAM_BUFFER_POINTER: one packed buffer at the declared offsets */
		char *buf = NULL;
		size_t len = 0, need = ptx_function_param_size(fn->f);
		int np = ptx_function_param_count(fn->f);
		for (int i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
			if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
				buf = extra[i + 1];
			else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE) {
				if (!extra[i + 1])   /* the size's address, which must be one */
					return CUDA_ERROR_INVALID_VALUE;
				len = *(size_t *)extra[i + 1];
			} else
				return CUDA_ERROR_INVALID_VALUE;
		}
		if ((np && !buf) || len < need || np > 256)
			return CUDA_ERROR_INVALID_VALUE;
		for (int i = 0; i < np; i++) {
			size_t off;
			ptx_function_param_offset(fn->f, i, &off);
			argv[i] = buf + off;
		}
		pp = argv;
	} else if (params && extra)
		return CUDA_ERROR_INVALID_VALUE;
	if (!pp && ptx_function_param_count(fn->f))
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = shim_apply_limits(ctx)))
		return r;
	/* Nothing but PTXKIT_COUNTERS reads a launch's memory counters, so
	 * without it they are not kept: the interpreter then skips the
	 * address analysis of every memory access (a third of the time of
	 * Rodinia's heartwall), and nothing it computes changes (interp/README,
	 * "Decided per launch") */
	ptx_set_counting(shim.cx, counters_path() != NULL);
	ptx_set_leak_owner(shim.cx, ctx->id);   /* its heap blocks are its context's (shim_check.c) */
	rc = ptx_launch_ex(shim.cx, fn->f, grid, block, given, shared, pp);
	fflush(stdout);
	if (rc == PTX_OK)
		counters(fn);
	switch (rc) {
	case PTX_OK: return CUDA_SUCCESS;
	case PTX_ETRAP:
		r = ctx->sticky = fault_result();
		gpufault = r != CUDA_ERROR_LAUNCH_TIMEOUT && r != CUDA_ERROR_NOT_SUPPORTED;
		return r;
	case PTX_ENOMEM: return CUDA_ERROR_OUT_OF_MEMORY;
	case PTX_EUNSUPPORTED:
		shim_print_diags("cannot launch");
		return CUDA_ERROR_NOT_SUPPORTED;
	default:
		shim_print_diags("cannot launch");
		return CUDA_ERROR_INVALID_VALUE;
	}
}

/*
 * A stream keeps the grid workspace of its last cooperative launch: an
 * H200 (driver 580) gave the later plain launches on the same stream that
 * workspace in %envreg1:%envreg2, so that cooperative groups' grid is
 * valid there and its sync works (tests/cudart/cg_plain.gpu), where a
 * stream that never had one reads 0, and the grid sync traps.  So a plain
 * launch on such a stream is cooperative here too (a workspace, every CTA
 * live), when its grid fits as one would; a larger one is launched plainly,
 * where the GPU would deadlock at a grid sync.  The launch calls' one
 * way in, under LOCK: on, the launch asked to be cooperative; cluster NULL
 * for none.
 */
static CUresult
streamlaunch(CUstream s, int on, CUfunction fn, const unsigned grid[3], const unsigned block[3],
             const unsigned *cluster, unsigned shared, void **params, void **extra)
{
	Stream *st = NULL;
	Ctx *ctx = NULL;
	int *seen;
	CUresult r;

	if (!shim_streamok(s))
		return CUDA_ERROR_INVALID_HANDLE;
	if (s && s != (CUstream)(uintptr_t)1)   /* CU_STREAM_LEGACY */
		seen = (st = shim_stream(s)) ? &st->coop : NULL;
	else
		seen = shim_current(&ctx) || !ctx ? NULL : &ctx->coop;
	if (on && seen)
		*seen = 1;
	/* 2: plain, though given the workspace (interp/cg.c) */
	ptx_set_cooperative(shim.cx, on ? 1 : seen && *seen && !shim_coop_fits(fn, grid, block, shared) ? 2 : 0);
	r = queued(shim_launch(fn, grid, block, cluster, shared, params, extra));
	ptx_set_cooperative(shim.cx, 0);
	return r;
}

CUresult
cuLaunchKernel(CUfunction fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
               unsigned bz, unsigned shared, CUstream stream, void **params, void **extra)
{
	unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
	CUresult r;

	if (shim_capture_kernel(stream, &r, fn, grid, block, shared, params, extra))
		return r;
	LOCK();
	r = streamlaunch(stream, 0, fn, grid, block, NULL, shared, params, extra);
	UNLOCK();
	return r;
}

/* The interpreter's cooperative launch (ptx_set_cooperative) hands the
 * kernel its grid barrier workspace and keeps all of its CTAs live; a grid
 * larger than the device holds at once is refused (shim_coop_fits). */
CUresult
cuLaunchCooperativeKernel(CUfunction fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                          unsigned by, unsigned bz, unsigned shared, CUstream stream, void **params)
{
	unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
	CUresult r;

	LOCK();
	r = shim_coop_fits(fn, grid, block, shared);
	UNLOCK();
	if (r)
		return r;
	if (shim_capture_kernel(stream, &r, fn, grid, block, shared, params, NULL))
		return r;
	LOCK();
	r = streamlaunch(stream, 1, fn, grid, block, NULL, shared, params, NULL);
	UNLOCK();
	return r;
}

CUresult
cuLaunchKernelEx(const CUlaunchConfig *cfg, CUfunction fn, void **params, void **extra)
{
	unsigned grid[3], block[3], cluster[3] = {1, 1, 1};
	int hascluster = 0, coop = 0;
	CUresult r;

	if (!cfg || (cfg->numAttrs && !cfg->attrs))
		return CUDA_ERROR_INVALID_VALUE;
	grid[0] = cfg->gridDimX, grid[1] = cfg->gridDimY, grid[2] = cfg->gridDimZ;
	block[0] = cfg->blockDimX, block[1] = cfg->blockDimY, block[2] = cfg->blockDimZ;
	/* an id the driver does not know, a scheduling policy it has not, and
	 * a second cluster shape are refused, as an H200 answers (hostile.gpu) */
	for (unsigned i = 0, shapes = 0; i < cfg->numAttrs; i++) {
		int id = cfg->attrs[i].id;
		if (id < 0 || id >= SHIM_NATTR || id == SHIM_NATTR - 2 ||
		    (id == CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE &&
		    (unsigned)cfg->attrs[i].value.clusterSchedulingPolicyPreference > 2))
			return CUDA_ERROR_INVALID_VALUE;
		if (id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION && shapes++)
			return CUDA_ERROR_INVALID_CLUSTER_SIZE;
	}
	for (unsigned i = 0; i < cfg->numAttrs; i++)
		if (cfg->attrs[i].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
			cluster[0] = cfg->attrs[i].value.clusterDim.x;
			cluster[1] = cfg->attrs[i].value.clusterDim.y;
			cluster[2] = cfg->attrs[i].value.clusterDim.z;
			if (shim_cluster_partial(cluster))
				return CUDA_ERROR_INVALID_CLUSTER_SIZE;
			hascluster = cluster[0] != 0;   /* 0x0x0: none */
			if (!hascluster)
				cluster[0] = cluster[1] = cluster[2] = 1;
		} else if (cfg->attrs[i].id == CU_LAUNCH_ATTRIBUTE_COOPERATIVE)
			coop = cfg->attrs[i].value.cooperative != 0;
	if (coop) {
		LOCK();
		r = shim_coop_fits(fn, grid, block, cfg->sharedMemBytes);
		UNLOCK();
		if (r)
			return r;
	}
	/* captured, a launch keeps its shape but not its attributes */
	if (shim_capture_kernel(cfg->hStream, &r, fn, grid, block, cfg->sharedMemBytes, params, extra))
		return r;
	LOCK();
	r = streamlaunch(cfg->hStream, coop, fn, grid, block, hascluster ? cluster : NULL, cfg->sharedMemBytes,
	    params, extra);
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- linker */

/* Linker states are in the handle table too; every call on one holds the
 * lock, so two threads cannot change one at once. */
typedef struct Slink {
	CUlinkState h;
	char **text; int ntext;
	char **names;   /* each input's name, as given */
	int devrt;      /* libcudadevrt.a was added */
	char *out;
	char *log; size_t cap;
} Link;

#define LINK(h) ((Link *)shim_hget((h), H_LINK))

CUresult
cuLinkCreate_v2(unsigned nopt, int *opt, void **val, CUlinkState *out)
{
	Link *l;
	CUresult r = CUDA_SUCCESS;

	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	if (!shim.inited)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (!(l = calloc(1, sizeof *l)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	if ((r = shim_jit_log(nopt, opt, val, &l->log, &l->cap))) {
		free(l);
		return r;
	}
	LOCK();
	if (!(l->h = shim_hnew(H_LINK, l))) {
		free(l);
		r = CUDA_ERROR_OUT_OF_MEMORY;
	} else
		*out = l->h;
	UNLOCK();
	return r;
}

CUresult
cuLinkCreate(unsigned nopt, int *opt, void **val, CUlinkState *out)
{
	return cuLinkCreate_v2(nopt, opt, val, out);
}

/* Whether a library named name is CUDA's device runtime (libcudadevrt.a), which -rdc code that
 * launches kernels from the device is linked with. */
static int
is_devrt(const char *name)
{
	const char *b = name ? strrchr(name, '/') : NULL;

	b = b ? b + 1 : name;
	return b && strncmp(b, "libcudadevrt", 12) == 0;
}

/* Under LOCK.  Every input comes down to PTX text (shim_image.c): a cubin
 * with its PTX, a fatbin, a host object with a fatbin. */
static CUresult
link_add_locked(CUlinkState h, int type, const char *data, size_t size, const char *name)
{
	Link *l = LINK(h);
	char **nt, *t;
	CUresult r;

	if (!l || !data)
		return CUDA_ERROR_INVALID_VALUE;
	if (type == CU_JIT_INPUT_LIBRARY && is_devrt(name)) {
		l->devrt = 1;   /* the device runtime is the interpreter's own (interp/cdp.c) */
		return CUDA_SUCCESS;
	}
	if (type == CU_JIT_INPUT_NVVM || type == CU_JIT_INPUT_LIBRARY) {
		fprintf(stderr, "libptxcuda: %s: %s inputs cannot be linked on the interpreter: give "
		    "it PTX, a cubin with PTX, a fatbin or a host object\n", name ? name : "<input>",
		    type == CU_JIT_INPUT_NVVM ? "NVVM IR" : "library");
		return type == CU_JIT_INPUT_NVVM ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_INVALID_IMAGE;
	}
	if (type < CU_JIT_INPUT_CUBIN || type > CU_JIT_INPUT_OBJECT)
		return CUDA_ERROR_INVALID_VALUE;
	if (!size)
		return CUDA_ERROR_INVALID_IMAGE;
	if ((r = shim_image_ptx(&t, data, size, type, name ? name : "<input>", l->log, l->cap)))
		return r;
	if ((r = isa(t, name ? name : "<input>", l->log, l->cap))) {   /* refused as it is added, as the driver does */
		free(t);
		return r;
	}
	if (!(nt = realloc(l->text, (size_t)(l->ntext + 1) * sizeof *nt))) {
		free(t);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	l->text = nt;
	if (!(nt = realloc(l->names, (size_t)(l->ntext + 1) * sizeof *nt)) ||
	    !(nt[l->ntext] = strdup(name ? name : ""))) {
		if (nt)
			l->names = nt;
		free(t);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	l->names = nt;
	l->text[l->ntext++] = t;
	return CUDA_SUCCESS;
}

static CUresult
link_add(CUlinkState h, int type, const char *data, size_t size, const char *name)
{
	CUresult r;

	LOCK();
	r = link_add_locked(h, type, data, size, name);
	UNLOCK();
	return r;
}

CUresult
cuLinkAddData_v2(CUlinkState l, int type, void *data, size_t size, const char *name,
                 unsigned nopt, int *opt, void **val)
{
	(void)nopt, (void)opt, (void)val;
	if (!data || !size)
		return CUDA_ERROR_INVALID_VALUE;   /* nothing to add: as an H200 answers (hostile.gpu) */
	return link_add(l, type, data, size, name);
}

CUresult
cuLinkAddData(CUlinkState l, int type, void *data, size_t size, const char *name,
              unsigned nopt, int *opt, void **val)
{
	return cuLinkAddData_v2(l, type, data, size, name, nopt, opt, val);
}

CUresult
cuLinkAddFile_v2(CUlinkState l, int type, const char *path, unsigned nopt, int *opt, void **val)
{
	size_t n;
	char *t;
	CUresult r;

	(void)nopt, (void)opt, (void)val;
	if (!path)
		return CUDA_ERROR_INVALID_VALUE;
	if (type == CU_JIT_INPUT_LIBRARY && is_devrt(path))
		return link_add(l, type, "", 0, path);   /* built in: the file need not exist here */
	if (!(t = shim_slurp(path, &n)))
		return CUDA_ERROR_FILE_NOT_FOUND;
	r = link_add(l, type, t, n, path);
	free(t);
	return r;
}

CUresult
cuLinkAddFile(CUlinkState l, int type, const char *path, unsigned nopt, int *opt, void **val)
{
	return cuLinkAddFile_v2(l, type, path, nopt, opt, val);
}

/* The directive a line starts with, if it is one the linked text must have
 * once: 1 .version, 2 .target, 3 .address_size, else 0. */
static int
headdir(const char *s, const char **arg)
{
	static const char *const dir[] = {".version", ".target", ".address_size"};

	while (*s == ' ' || *s == '\t')
		s++;
	for (int i = 0; i < 3; i++) {
		size_t n = strlen(dir[i]);
		if (!strncmp(s, dir[i], n) && (s[n] == ' ' || s[n] == '\t')) {
			*arg = s + n;
			return i + 1;
		}
	}
	return 0;
}

/* Whether line s (up to its newline) holds the word w. */
static int
hasword(const char *s, const char *w)
{
	size_t n = strlen(w), len = strcspn(s, "\n");

	for (const char *p = s; p + n <= s + len; p++)
		if (!strncmp(p, w, n) && (p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '$')) &&
		    !(isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '$'))
			return 1;
	return 0;
}

/* The line's first word after blanks: ".extern", ".visible", ... */
static const char *
firstword(const char *s, size_t *n)
{
	while (*s == ' ' || *s == '\t')
		s++;
	*n = strcspn(s, " \t\n;");
	return s;
}

/* If line s declares .extern a .global or .const variable, its name into
 * name (the last word before ';' or '[') and 1.  Functions and kernels
 * are not variables: their declarations may go on over several lines. */
static int
externvar(const char *s, char *name, size_t cap)
{
	size_t n, k, len;
	const char *w = firstword(s, &n), *e, *f;

	if (n != 7 || strncmp(w, ".extern", 7))
		return 0;
	len = strcspn(w, "\n");
	f = strstr(w, ".func");
	if (f && f < w + len)
		return 0;
	f = strstr(w, ".entry");   /* a kernel's declaration (-rdc device launches) */
	if (f && f < w + len)
		return 0;
	e = w + strcspn(w, ";[\n");
	while (e > w && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	for (k = 0; e - k > w && (isalnum((unsigned char)e[-1 - (long)k]) || e[-1 - (long)k] == '_' ||
	    e[-1 - (long)k] == '$'); k++)
		;
	if (!k || k >= cap)
		return 0;
	memcpy(name, e - k, k);
	name[k] = 0;
	return 1;
}

/* Whether input b defines (not .extern) a module-scope variable name. */
static int
defines(const char *b, const char *name)
{
	for (const char *t = b; t; t = strchr(t, '\n') ? strchr(t, '\n') + 1 : NULL) {
		size_t n;
		const char *d = firstword(t, &n);
		if (((n == 8 && !strncmp(d, ".visible", 8)) || (n == 7 && !strncmp(d, ".global", 7)) ||
		    (n == 6 && !strncmp(d, ".const", 6)) || (n == 5 && !strncmp(d, ".weak", 5))) &&
		    hasword(d, name))
			return 1;
	}
	return 0;
}

/* Whether input a declares .extern a variable that input b defines.  The
 * front end gives a variable the initial value of its first declaration
 * and binds uses to the declaration in scope, so a definition must come
 * before the inputs that use it, and their .extern lines are dropped. */
static int
needs(const char *a, const char *b)
{
	char name[256];

	for (const char *s = a; s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL)
		if (externvar(s, name, sizeof name) && defines(b, name))
			return 1;
	return 0;
}

/* Whether line s of input i is an .extern variable another input defines. */
static int
redundant(char **text, int n, int i, const char *s)
{
	char name[256];

	if (!externvar(s, name, sizeof name))
		return 0;
	for (int j = 0; j < n; j++)
		if (j != i && defines(text[j], name))
			return 1;
	return 0;
}

/* Orders the inputs so that definitions come before the inputs that
 * declare them .extern (stable; a cycle keeps the given order). */
static void
order(char **text, char **names, int n)
{
	for (int i = 0; i < n; i++) {
		int pick = i;
		for (int c = i; c < n; c++) {
			int blocked = 0;
			for (int o = i; o < n && !blocked; o++)
				blocked = o != c && needs(text[c], text[o]);
			if (!blocked) {
				pick = c;
				break;
			}
		}
		char *t = text[pick];
		memmove(text + i + 1, text + i, (size_t)(pick - i) * sizeof *text);
		text[i] = t;
		if (names) {
			t = names[pick];
			memmove(names + i + 1, names + i, (size_t)(pick - i) * sizeof *names);
			names[i] = t;
		}
	}
}

/* Under LOCK. */
CUresult
shim_link_text(char **text, char **names, int ntext, char **out, size_t *len)
{
	int vmaj = 0, vmin = 0, standin = 0;
	char target[256] = "";
	size_t total = 512 + sizeof SHIM_STANDIN, used, k = sizeof SHIM_STANDIN - 1;
	char *o;

	if (ntext <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (shim_link_symbols(text, ntext) || shim_link_files(text, ntext))
		return CUDA_ERROR_OUT_OF_MEMORY;
	shim_link_voids(text, ntext);
	order(text, names, ntext);
	for (int i = 0; i < ntext; i++) {
		for (const char *s = text[i]; s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL) {
			const char *arg;
			int a, b, k = headdir(s, &arg);
			if (k == 1 && sscanf(arg, " %d.%d", &a, &b) == 2 && (a > vmaj || (a == vmaj && b > vmin)))
				vmaj = a, vmin = b;
			if (k == 2 && !target[0]) {
				size_t n = strcspn(arg, "\n");
				snprintf(target, sizeof target, "%.*s", (int)n, arg);
			}
		}
		total += strlen(text[i]) + 64;
		/* an input standing for machine code makes the whole one */
		standin |= strlen(text[i]) >= k && !strcmp(text[i] + strlen(text[i]) - k, SHIM_STANDIN);
	}
	for (int i = 0; i < ntext; i++)
		for (const char *s = text[i]; *s; s++)
			total += *s == '\n' ? 2 : 0;
	if (!(o = malloc(total)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	used = (size_t)snprintf(o, total, ".version %d.%d\n.target%s\n.address_size 64\n", vmaj, vmin,
	    target[0] ? target : " sm_90");
	for (int i = 0; i < ntext; i++) {
		const char *s = text[i];
		used += (size_t)snprintf(o + used, total - used, "// linked input %d\n", i);
		while (*s) {
			const char *arg, *e = strchr(s, '\n');
			size_t n = e ? (size_t)(e - s) + 1 : strlen(s);
			if (headdir(s, &arg) || redundant(text, ntext, i, s)) {
				memcpy(o + used, "//", 2);
				used += 2;
			}
			memcpy(o + used, s, n);
			used += n;
			s += n;
		}
		o[used++] = '\n';
	}
	if (standin)
		used += (size_t)snprintf(o + used, total - used, "%s", SHIM_STANDIN);
	o[used] = 0;
	*out = o;
	*len = used;
	return CUDA_SUCCESS;
}

/* Under LOCK. */
static CUresult
link_complete(Link *l, void **image, size_t *size)
{
	ptx_module *m;
	char fn[256];
	size_t used;
	CUresult r;
	int def, decl;

	free(l->out);
	l->out = NULL;
	if ((def = shim_link_protos(l->text, l->ntext, fn, sizeof fn, &decl)) >= 0) {
		/* the linker merges the inputs in order: a declaration met
		 * after the definition is the input named; one met before it
		 * is taken for the definition's own, which is named twice (as
		 * nvlink does, and an H200's driver for the second) */
		int in = decl > def ? decl : def;
		fprintf(stderr, "libptxcuda: cuLinkComplete: prototype doesn't match for '%s' in '%s'\n", fn,
		    l->names[in]);
		if (l->log && l->cap)
			snprintf(l->log, l->cap, "error   : Prototype doesn't match for '%s' in '%s', first "
			    "defined in '%s'\n", fn, l->names[in], l->names[def]);
		return link_error();
	}
	if ((r = shim_link_text(l->text, l->names, l->ntext, &l->out, &used)))
		return r;
	if (shim_unresolved(l->out, l->devrt, fn, sizeof fn)) {
		int i;
		char u[256];
		fprintf(stderr, "libptxcuda: cuLinkComplete: undefined reference to '%s'%s\n", fn,
		    strncmp(fn, "cuda", 4) ? "" : " (the device runtime's: add libcudadevrt.a)");
		/* the input that refers to it, which the driver names */
		for (i = 0; i < l->ntext && !(shim_unresolved(l->text[i], l->devrt, u, sizeof u) &&
		    !strcmp(u, fn)); i++)
			;
		if (l->log && l->cap && i < l->ntext)
			snprintf(l->log, l->cap, "error   : Undefined reference to '%s' in '%s'\n", fn,
			    l->names[i]);
		else if (l->log && l->cap)
			snprintf(l->log, l->cap, "error   : Undefined reference to '%s'\n", fn);
		return link_error();
	}
	if (l->devrt) {   /* marked, so that loading it does not ask for the device runtime again */
		size_t k = strlen(SHIM_DEVRT_MARK);
		char *t = malloc(used + k + 1);
		if (!t)
			return CUDA_ERROR_OUT_OF_MEMORY;
		memcpy(t, SHIM_DEVRT_MARK, k);
		memcpy(t + k, l->out, used + 1);
		free(l->out);
		l->out = t;
		used += k;
	}
	/* Load once to report errors where a real linker would. */
	if (ptx_module_load(shim.cx, "<linked>", l->out, used, &m) != PTX_OK) {
		shim_print_diags("cannot link");
		fill_log(l->log, l->cap);
		return jit_fail();
	}
	ptx_module_free(m);
	*image = l->out;
	if (size)
		*size = used + 1;
	return CUDA_SUCCESS;
}

CUresult
cuLinkComplete(CUlinkState h, void **image, size_t *size)
{
	CUresult r;
	Link *l;

	if (!image)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = (l = LINK(h)) ? link_complete(l, image, size) : CUDA_ERROR_INVALID_VALUE;
	UNLOCK();
	return r;
}

CUresult
cuLinkDestroy(CUlinkState h)
{
	Link *l;

	LOCK();
	if (!(l = LINK(h))) {
		UNLOCK();
		return CUDA_ERROR_INVALID_HANDLE;
	}
	shim_hfree(h);
	UNLOCK();
	for (int i = 0; i < l->ntext; i++) {
		free(l->text[i]);
		free(l->names[i]);
	}
	free(l->text);
	free(l->names);
	free(l->out);
	free(l);
	return CUDA_SUCCESS;
}

/*
 * nvrtc.c -- libnvrtc for libptxcuda: NVIDIA's NVRTC compiles (every call
 * goes to it), but a program compiled for a real architecture
 * (-arch=sm_NN, where NVRTC would write machine code the interpreter
 * cannot run) is compiled for the virtual one of the same number
 * (compute_NN) instead, and nvrtcGetCUBINSize/nvrtcGetCUBIN answer with a
 * fatbin carrying its PTX (jit_image.h), which libptxcuda loads as any
 * fatbin.  CuPy compiles so (sm_NN, then cuModuleLoadData of the cubin),
 * and runs unmodified.  A program compiled for a virtual architecture, or
 * with no -arch, is NVRTC's alone: its CUBIN calls go to NVRTC too.
 *
 * Installed beside libptxcuda as libnvrtc.so.13, its soname, and preloaded
 * by ptxkit-env: cuda-pathfinder (CuPy, cuda-python) takes the NVRTC of an
 * NVIDIA wheel by its path unless a libnvrtc.so.13 is loaded already.
 *
 * NVRTC itself: $PTXKIT_NVRTC (a path), else libnvrtc.so.13 in a folder of
 * LD_LIBRARY_PATH other than this library's own, else in lib64 or lib of
 * $CUDA_HOME, $CUDA_PATH or /usr/local/cuda.  Found on the first call;
 * without it every call but nvrtcGetErrorString answers
 * NVRTC_ERROR_INTERNAL_ERROR, with one line on stderr saying why.
 *
 * Programs are wrapped (the handle a client holds is ours), so a handle
 * that was never made or is destroyed answers NVRTC_ERROR_INVALID_PROGRAM
 * instead of reaching NVRTC; as with NVRTC, one program is used by one
 * thread at a time.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cuda/jit_image.h"

typedef enum {
	NVRTC_SUCCESS = 0,
	NVRTC_ERROR_OUT_OF_MEMORY = 1,
	NVRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
	NVRTC_ERROR_INVALID_INPUT = 3,
	NVRTC_ERROR_INVALID_PROGRAM = 4,
	NVRTC_ERROR_INVALID_OPTION = 5,
	NVRTC_ERROR_COMPILATION = 6,
	NVRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
	NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
	NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
	NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
	NVRTC_ERROR_INTERNAL_ERROR = 11,
	NVRTC_ERROR_TIME_FILE_WRITE_FAILED = 12,
	NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED = 13,
	NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED = 14,
	NVRTC_ERROR_PCH_CREATE = 15,
	NVRTC_ERROR_CANCELLED = 16,
	NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED = 17
} nvrtcResult;

#define SONAME "libnvrtc.so.13"
#define MAXOPT 65536                  /* options of one compile, at most */

typedef struct Prog Prog;
typedef Prog *nvrtcProgram;

struct Prog {
	void *real;                   /* NVRTC's program */
	unsigned char *img;           /* the fatbin of the PTX of an sm_NN compile */
	size_t imglen;
	Prog *next;
};

/* NVRTC's entry points, each NULL where the library found has none */
#define NVRTC_FNS(X) \
	X(const char *, GetErrorString, (nvrtcResult)) \
	X(nvrtcResult, Version, (int *, int *)) \
	X(nvrtcResult, GetNumSupportedArchs, (int *)) \
	X(nvrtcResult, GetSupportedArchs, (int *)) \
	X(nvrtcResult, CreateProgram, (void **, const char *, const char *, int, \
	    const char *const *, const char *const *)) \
	X(nvrtcResult, DestroyProgram, (void **)) \
	X(nvrtcResult, CompileProgram, (void *, int, const char *const *)) \
	X(nvrtcResult, GetPTXSize, (void *, size_t *)) \
	X(nvrtcResult, GetPTX, (void *, char *)) \
	X(nvrtcResult, GetCUBINSize, (void *, size_t *)) \
	X(nvrtcResult, GetCUBIN, (void *, char *)) \
	X(nvrtcResult, GetLTOIRSize, (void *, size_t *)) \
	X(nvrtcResult, GetLTOIR, (void *, char *)) \
	X(nvrtcResult, GetOptiXIRSize, (void *, size_t *)) \
	X(nvrtcResult, GetOptiXIR, (void *, char *)) \
	X(nvrtcResult, GetTileIRSize, (void *, size_t *)) \
	X(nvrtcResult, GetTileIR, (void *, char *)) \
	X(nvrtcResult, GetProgramLogSize, (void *, size_t *)) \
	X(nvrtcResult, GetProgramLog, (void *, char *)) \
	X(nvrtcResult, AddNameExpression, (void *, const char *)) \
	X(nvrtcResult, GetLoweredName, (void *, const char *, const char **)) \
	X(nvrtcResult, GetPCHHeapSize, (size_t *)) \
	X(nvrtcResult, SetPCHHeapSize, (size_t)) \
	X(nvrtcResult, GetPCHCreateStatus, (void *)) \
	X(nvrtcResult, GetPCHHeapSizeRequired, (void *, size_t *)) \
	X(nvrtcResult, SetFlowCallback, (void *, int (*)(void *, void *), void *))

#define FIELD(ret, name, args) ret (*name) args;
static struct {
	NVRTC_FNS(FIELD)
} nv;
static void *nvlib;                   /* NULL: none found */
static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static Prog *live;                    /* the programs not destroyed */

/* dlopen of dir/SONAME unless dir is this library's own folder */
static void *
try_dir(const char *dir, size_t n, const char *sub, const char *self)
{
	char path[PATH_MAX], real[PATH_MAX];
	int k;

	if (!n)
		return NULL;
	k = snprintf(path, sizeof path, "%.*s%s/" SONAME, (int)n, dir, sub);
	if (k < 0 || (size_t)k >= sizeof path || access(path, R_OK) || !realpath(path, real) ||
	    (self && !strcmp(real, self)))
		return NULL;
	return dlopen(path, RTLD_NOW | RTLD_LOCAL);
}

static void
find_nvrtc(void)
{
	char self[PATH_MAX];
	const char *s, *p;
	const char *const roots[] = {getenv("CUDA_HOME"), getenv("CUDA_PATH"), "/usr/local/cuda"};
	Dl_info di;
	void *h = NULL;

	if (!dladdr((void *)find_nvrtc, &di) || !di.dli_fname || !realpath(di.dli_fname, self))
		self[0] = 0;
	if ((s = getenv("PTXKIT_NVRTC")) && *s) {
		if (!(h = dlopen(s, RTLD_NOW | RTLD_LOCAL)))
			fprintf(stderr, "libnvrtc (libptxcuda): PTXKIT_NVRTC=%s: %s\n", s, dlerror());
	}
	for (s = getenv("LD_LIBRARY_PATH"); !h && s && *s; s = *p ? p + 1 : p) {
		p = strchr(s, ':');
		p = p ? p : s + strlen(s);
		h = try_dir(s, (size_t)(p - s), "", self[0] ? self : NULL);
	}
	for (int i = 0; !h && i < 3; i++)
		if (roots[i] && *roots[i] && !(h = try_dir(roots[i], strlen(roots[i]), "/lib64", self)))
			h = try_dir(roots[i], strlen(roots[i]), "/lib", self);
	if (!h) {
		fprintf(stderr, "libnvrtc (libptxcuda): no NVIDIA NVRTC (" SONAME ") found: set "
		    "PTXKIT_NVRTC to its path\n");
		return;
	}
#define LOOK(ret, name, args) nv.name = (ret (*) args)dlsym(h, "nvrtc" #name);
	NVRTC_FNS(LOOK)
	if (!nv.CreateProgram || !nv.CompileProgram || !nv.DestroyProgram || !nv.GetPTXSize ||
	    !nv.GetPTX) {
		fprintf(stderr, "libnvrtc (libptxcuda): the NVRTC found lacks its core calls\n");
		memset(&nv, 0, sizeof nv);
		dlclose(h);
		return;
	}
	nvlib = h;
}

static int
ready(void)
{
	pthread_once(&once, find_nvrtc);
	return nvlib != NULL;
}

/* The live program p, or NULL. */
static Prog *
prog(nvrtcProgram p)
{
	Prog *q;

	if (!p)
		return NULL;
	pthread_mutex_lock(&lock);
	for (q = live; q && q != p; q = q->next)
		;
	pthread_mutex_unlock(&lock);
	return q;
}

/* The body of a call that NVRTC answers: its result, or ours when NVRTC
 * or the entry point is missing. */
#define CALL(name, ...) \
	(!ready() ? NVRTC_ERROR_INTERNAL_ERROR : !nv.name ? NVRTC_ERROR_INTERNAL_ERROR : \
	    nv.name(__VA_ARGS__))
/* the same on a program's NVRTC handle */
#define PCALL(p, name, ...) \
	do { \
		Prog *q_ = prog(p); \
		if (!q_) \
			return NVRTC_ERROR_INVALID_PROGRAM; \
		return CALL(name, q_->real, __VA_ARGS__); \
	} while (0)

const char *
nvrtcGetErrorString(nvrtcResult r)
{
	static const char *const names[] = {
		"NVRTC_SUCCESS", "NVRTC_ERROR_OUT_OF_MEMORY", "NVRTC_ERROR_PROGRAM_CREATION_FAILURE",
		"NVRTC_ERROR_INVALID_INPUT", "NVRTC_ERROR_INVALID_PROGRAM", "NVRTC_ERROR_INVALID_OPTION",
		"NVRTC_ERROR_COMPILATION", "NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
		"NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION",
		"NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
		"NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID", "NVRTC_ERROR_INTERNAL_ERROR",
		"NVRTC_ERROR_TIME_FILE_WRITE_FAILED", "NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED",
		"NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED", "NVRTC_ERROR_PCH_CREATE",
		"NVRTC_ERROR_CANCELLED", "NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED"
	};

	if (ready() && nv.GetErrorString)
		return nv.GetErrorString(r);
	if ((unsigned)r < sizeof names / sizeof names[0])
		return names[r];
	return "NVRTC_ERROR unknown";
}

nvrtcResult
nvrtcVersion(int *major, int *minor)
{
	return CALL(Version, major, minor);
}

nvrtcResult
nvrtcGetNumSupportedArchs(int *n)
{
	return CALL(GetNumSupportedArchs, n);
}

nvrtcResult
nvrtcGetSupportedArchs(int *archs)
{
	return CALL(GetSupportedArchs, archs);
}

nvrtcResult
nvrtcCreateProgram(nvrtcProgram *out, const char *src, const char *name, int nhdr,
    const char *const *hdr, const char *const *names)
{
	Prog *q;
	nvrtcResult r;

	if (!out)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!ready())
		return NVRTC_ERROR_INTERNAL_ERROR;
	if (!(q = calloc(1, sizeof *q)))
		return NVRTC_ERROR_OUT_OF_MEMORY;
	if ((r = nv.CreateProgram(&q->real, src, name, nhdr, hdr, names))) {
		free(q);
		return r;
	}
	pthread_mutex_lock(&lock);
	q->next = live, live = q;
	pthread_mutex_unlock(&lock);
	*out = q;
	return NVRTC_SUCCESS;
}

nvrtcResult
nvrtcDestroyProgram(nvrtcProgram *p)
{
	Prog **l, *q = NULL;

	if (!p)
		return NVRTC_ERROR_INVALID_PROGRAM;
	pthread_mutex_lock(&lock);
	for (l = &live; *p && *l; l = &(*l)->next)
		if (*l == *p) {
			q = *l, *l = q->next;
			break;
		}
	pthread_mutex_unlock(&lock);
	if (!q)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (ready())
		nv.DestroyProgram(&q->real);
	free(q->img);
	free(q);
	*p = NULL;
	return NVRTC_SUCCESS;
}

/* The number NN of an architecture sm_NN[af] (the value of -arch), 0 for
 * anything else (compute_NN, lto_NN, a typo NVRTC will refuse). */
static unsigned
real_arch(const char *v)
{
	unsigned n = 0;

	if (strncmp(v, "sm_", 3))
		return 0;
	for (v += 3; *v >= '0' && *v <= '9' && n < 10000; v++)
		n = n * 10 + (unsigned)(*v - '0');
	return (*v == 0 || ((*v == 'a' || *v == 'f') && v[1] == 0)) ? n : 0;
}

/* The value v, sm_NN[af], made an option for its virtual architecture:
 * a malloc'd "-arch=compute_NN[af]". */
static char *
virtual_arch(const char *v)
{
	size_t n = strlen(v);
	char *s = malloc(n + 16);

	if (s)
		snprintf(s, n + 16, "-arch=compute_%s", v + 3);
	return s;
}

/* The value of an -arch (--gpu-architecture) option o given as
 * "-arch=VALUE"; NULL with *next set when o is "-arch" alone (the value
 * is the next word); NULL for any other option. */
static const char *
arch_value(const char *o, int *next)
{
	static const char *const names[] = {"-arch", "--gpu-architecture"};

	*next = 0;
	for (int i = 0; i < 2; i++) {
		size_t k = strlen(names[i]);
		if (strncmp(o, names[i], k))
			continue;
		if (o[k] == '=')
			return o + k + 1;
		if (o[k] == 0) {
			*next = 1;
			return NULL;
		}
	}
	return NULL;
}

nvrtcResult
nvrtcCompileProgram(nvrtcProgram p, int nopt, const char *const *opt)
{
	Prog *q = prog(p);
	const char **o = NULL;
	char **made = NULL;
	unsigned arch = 0;
	int n = 0;
	nvrtcResult r;

	if (!q)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (nopt < 0 || nopt > MAXOPT || (nopt && !opt))
		return NVRTC_ERROR_INVALID_INPUT;
	if (!ready())
		return NVRTC_ERROR_INTERNAL_ERROR;
	free(q->img);
	q->img = NULL, q->imglen = 0;
	if (nopt && (!(o = calloc((size_t)nopt, sizeof *o)) || !(made = calloc((size_t)nopt,
	    sizeof *made)))) {
		free(o);
		return NVRTC_ERROR_OUT_OF_MEMORY;
	}
	for (int i = 0; i < nopt; i++) {
		const char *v;
		int next;
		if (!opt[i]) {
			r = NVRTC_ERROR_INVALID_OPTION;
			goto out;
		}
		v = arch_value(opt[i], &next);
		if (next && i + 1 < nopt && opt[i + 1])
			v = opt[++i];
		if (v && real_arch(v)) {
			if (!(made[n] = virtual_arch(v))) {
				r = NVRTC_ERROR_OUT_OF_MEMORY;
				goto out;
			}
			arch = real_arch(v);
			o[n] = made[n], n++;
			continue;
		}
		if (next && v)
			o[n++] = opt[i - 1];   /* -arch compute_NN: as given */
		o[n++] = opt[i];
	}
	if ((r = nv.CompileProgram(q->real, n, o)) || !arch)
		goto out;
	/* the PTX, NUL-ended, and its fatbin.  A compile with no PTX
	 * (-dlto: LTO-IR) has no image: its CUBIN calls are NVRTC's, which
	 * has no cubin to give either. */
	size_t len = 0;
	char *ptx;
	if (nv.GetPTXSize(q->real, &len) || len <= 1)   /* none, or "" */
		goto out;
	if (len > JIT_MAX || !(ptx = malloc(len))) {
		r = NVRTC_ERROR_OUT_OF_MEMORY;
		goto out;
	}
	if (!nv.GetPTX(q->real, ptx) && strnlen(ptx, len)) {
		q->img = jit_fatbin_ptx(ptx, strnlen(ptx, len), arch, &q->imglen);
		if (!q->img)
			r = NVRTC_ERROR_OUT_OF_MEMORY;
	}
	free(ptx);
out:
	for (int i = 0; made && i < nopt; i++)
		free(made[i]);
	free(made);
	free(o);
	return r;
}

/* The calls NVRTC answers for a program alone: its handle unwrapped. */
#define FORWARD(name, type) \
	nvrtcResult nvrtc##name(nvrtcProgram p, type a) { PCALL(p, name, a); }
FORWARD(GetPTXSize, size_t *)
FORWARD(GetPTX, char *)
FORWARD(GetLTOIRSize, size_t *)
FORWARD(GetLTOIR, char *)
FORWARD(GetOptiXIRSize, size_t *)
FORWARD(GetOptiXIR, char *)
FORWARD(GetTileIRSize, size_t *)
FORWARD(GetTileIR, char *)
FORWARD(GetProgramLogSize, size_t *)
FORWARD(GetProgramLog, char *)
FORWARD(AddNameExpression, const char *)
FORWARD(GetPCHHeapSizeRequired, size_t *)

nvrtcResult
nvrtcGetCUBINSize(nvrtcProgram p, size_t *n)
{
	Prog *q = prog(p);

	if (!q)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!n)
		return NVRTC_ERROR_INVALID_INPUT;
	if (q->img) {
		*n = q->imglen;
		return NVRTC_SUCCESS;
	}
	return CALL(GetCUBINSize, q->real, n);
}

nvrtcResult
nvrtcGetCUBIN(nvrtcProgram p, char *cubin)
{
	Prog *q = prog(p);

	if (!q)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!cubin)
		return NVRTC_ERROR_INVALID_INPUT;
	if (q->img) {
		memcpy(cubin, q->img, q->imglen);
		return NVRTC_SUCCESS;
	}
	return CALL(GetCUBIN, q->real, cubin);
}

nvrtcResult
nvrtcGetLoweredName(nvrtcProgram p, const char *expr, const char **lowered)
{
	PCALL(p, GetLoweredName, expr, lowered);
}

nvrtcResult
nvrtcGetPCHHeapSize(size_t *n)
{
	return CALL(GetPCHHeapSize, n);
}

nvrtcResult
nvrtcSetPCHHeapSize(size_t n)
{
	return CALL(SetPCHHeapSize, n);
}

nvrtcResult
nvrtcGetPCHCreateStatus(nvrtcProgram p)
{
	Prog *q = prog(p);

	if (!q)
		return NVRTC_ERROR_INVALID_PROGRAM;
	return CALL(GetPCHCreateStatus, q->real);
}

nvrtcResult
nvrtcSetFlowCallback(nvrtcProgram p, int (*cb)(void *, void *), void *payload)
{
	PCALL(p, SetFlowCallback, cb, payload);
}

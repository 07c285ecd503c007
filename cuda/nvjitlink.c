/*
 * nvjitlink.c -- libnvJitLink for libptxcuda: the nvJitLink C API, with
 * the "linked cubin" an image that carries the inputs' PTX (jit_image.h),
 * which the shim's loader links and runs.  Installed beside libptxcuda as
 * libnvJitLink.so.13 (and .12), so a client that links with nvJitLink
 * (numba-cuda, cuda.core) runs unmodified.
 *
 * Inputs, by type (NVJITLINK_INPUT_ANY: by their magic, as the library
 * does):
 *   PTX            kept as text; one fatbin of one PTX entry each
 *   FATBIN         kept when it has a PTX entry
 *   CUBIN          kept (in a fatbin) when it carries its PTX
 *                  (.nv_debug_ptx_txt, -lineinfo); machine code alone is
 *                  an error, as the interpreter cannot run it
 *   OBJECT         the fatbins of its .nv_fatbin and __nv_relfatbin that
 *                  have PTX; those with machine code only are left out
 *   LIBRARY        each member as an OBJECT.  libcudadevrt.a is
 *                  machine code, and since CUDA 13 PTX of wrappers of
 *                  the driver's own device-side calls, which libptxcuda
 *                  leaves out when it loads the output: the interpreter
 *                  brings the device runtime itself (interp/cdp.c)
 *   LTOIR          refused with a message: NVVM bitcode needs NVIDIA's
 *                  optimiser, which the shim does not have
 * -maxrregcount=N becomes a .maxnreg N on each kernel of the PTX inputs
 * that has none (what ptxas would honour; libptxcuda reports a kernel's
 * registers capped by it).
 * The output is the one fatbin when there is one, else the host-ELF
 * container of them all.  GetLinkedPtx answers when the link was one PTX
 * text.  Errors go to the error log, notes to the info log, as nvJitLink
 * keeps them; a handle is used by one thread at a time, as documented.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda/jit_image.h"

typedef enum {
	NVJITLINK_SUCCESS = 0,
	NVJITLINK_ERROR_UNRECOGNIZED_OPTION,
	NVJITLINK_ERROR_MISSING_ARCH,
	NVJITLINK_ERROR_INVALID_INPUT,
	NVJITLINK_ERROR_PTX_COMPILE,
	NVJITLINK_ERROR_NVVM_COMPILE,
	NVJITLINK_ERROR_INTERNAL,
	NVJITLINK_ERROR_THREADPOOL,
	NVJITLINK_ERROR_UNRECOGNIZED_INPUT,
	NVJITLINK_ERROR_FINALIZE,
	NVJITLINK_ERROR_NULL_INPUT,
	NVJITLINK_ERROR_INCOMPATIBLE_OPTIONS,
	NVJITLINK_ERROR_INCORRECT_INPUT_TYPE,
	NVJITLINK_ERROR_ARCH_MISMATCH,
	NVJITLINK_ERROR_OUTDATED_LIBRARY,
	NVJITLINK_ERROR_MISSING_FATBIN,
	NVJITLINK_ERROR_UNRECOGNIZED_ARCH,
	NVJITLINK_ERROR_UNSUPPORTED_ARCH,
	NVJITLINK_ERROR_LTO_NOT_ENABLED
} nvJitLinkResult;

enum {
	IN_NONE, IN_CUBIN, IN_PTX, IN_LTOIR, IN_FATBIN, IN_OBJECT, IN_LIBRARY, IN_INDEX, IN_ANY = 10
};

#define MAXIN 65536                     /* fatbins in one link, at most */

typedef struct nvJitLink {
	unsigned arch;                  /* -arch=sm_NN */
	unsigned maxreg;                /* -maxrregcount=N, 0: none */
	int lto;
	unsigned char **fb;             /* the fatbins kept */
	size_t *fblen;
	int nfb;
	char *ptx;                      /* the one PTX text, while it is the only input */
	int nptx, done;
	unsigned char *out;
	size_t outlen;
	char *err, *info;               /* the logs, NUL-ended, NULL when empty */
} Link;

typedef Link *nvJitLinkHandle;

static void
note(char **log, const char *fmt, ...)
{
	char line[512], *nl;
	size_t old = *log ? strlen(*log) : 0, n;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	n = strlen(line);
	if (old > JIT_MAX || !(nl = realloc(*log, old + n + 2)))
		return;              /* a log that cannot grow keeps what it has */
	memcpy(nl + old, line, n);
	nl[old + n] = '\n', nl[old + n + 1] = 0;
	*log = nl;
}

static nvJitLinkResult
error(Link *l, nvJitLinkResult r, const char *name, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	note(&l->err, "ERROR: %s: %s", name ? name : "input", msg);
	return r;
}

static nvJitLinkResult
keep(Link *l, unsigned char *fb, size_t n)
{
	unsigned char **nf;
	size_t *nl;

	if (!fb)
		return NVJITLINK_ERROR_INTERNAL;
	if (l->nfb >= MAXIN || !(nf = realloc(l->fb, (size_t)(l->nfb + 1) * sizeof *nf))) {
		free(fb);
		return NVJITLINK_ERROR_INTERNAL;
	}
	l->fb = nf;
	if (!(nl = realloc(l->fblen, (size_t)(l->nfb + 1) * sizeof *nl))) {
		free(fb);
		return NVJITLINK_ERROR_INTERNAL;
	}
	l->fblen = nl;
	nf[l->nfb] = fb, nl[l->nfb++] = n;
	return NVJITLINK_SUCCESS;
}

/* A copy of the fatbin at p when it has PTX the interpreter runs; else
 * an error (strict: it was given alone) or a note. */
static nvJitLinkResult
add_fatbin(Link *l, const unsigned char *p, size_t n, const char *name, int strict)
{
	int ptx;
	size_t used = jit_fatbin_size(p, n, &ptx);
	unsigned char *c;

	if (!used)
		return error(l, NVJITLINK_ERROR_INVALID_INPUT, name, "not a well-formed fatbin");
	if (!ptx || ptx > JIT_SM) {
		char why[64] = "machine code only";
		if (ptx)
			snprintf(why, sizeof why, "PTX for compute_%d and later only", ptx);
		if (strict)
			return error(l, NVJITLINK_ERROR_INVALID_INPUT, name, "the fatbin holds %s, "
			    "which the interpreter (sm_%d) cannot run: build it with PTX "
			    "(-gencode arch=compute_%d,code=compute_%d)", why, JIT_SM, JIT_SM, JIT_SM);
		note(&l->info, "%s: a fatbin of %s is left out", name, why);
		return NVJITLINK_SUCCESS;
	}
	if (!(c = malloc(used)))
		return NVJITLINK_ERROR_INTERNAL;
	memcpy(c, p, used);
	return keep(l, c, used);
}

/* The fatbins of a host object's sections, each 8-byte aligned. */
static nvJitLinkResult
add_object(Link *l, const unsigned char *p, size_t n, const char *name)
{
	static const char *const secs[] = {".nv_fatbin", "__nv_relfatbin"};
	nvJitLinkResult r;
	int found = 0;

	for (int i = 0; i < 2; i++) {
		size_t sz, at = 0, used;
		const unsigned char *s = jit_elf_section(p, n, secs[i], &sz);
		int ptx;
		while (s && at + 16 <= sz) {
			if (!(used = jit_fatbin_size(s + at, sz - at, &ptx))) {
				at += 8;
				continue;
			}
			found = 1;
			if ((r = add_fatbin(l, s + at, used, name, 0)))
				return r;
			at += (used + 7) & ~(size_t)7;
		}
	}
	if (!found)
		note(&l->info, "%s: no device code", name);
	return NVJITLINK_SUCCESS;
}

/* Each member of an ar archive, as a host object. */
static nvJitLinkResult
add_library(Link *l, const unsigned char *p, size_t n, const char *name)
{
	size_t at = 8;
	nvJitLinkResult r;

	while (at + 60 <= n) {
		char num[11];
		unsigned long long sz;
		char *end;
		memcpy(num, p + at + 48, 10);
		num[10] = 0;
		sz = strtoull(num, &end, 10);
		if (end == num || memcmp(p + at + 58, "`\n", 2) || sz > n - at - 60)
			return error(l, NVJITLINK_ERROR_INVALID_INPUT, name, "archive member at %zu "
			    "is malformed", at);
		if (sz >= 64 && !memcmp(p + at + 60, "\177ELF", 4) &&
		    (r = add_object(l, p + at + 60, (size_t)sz, name)))
			return r;
		at += 60 + (size_t)sz + (sz & 1);
	}
	return NVJITLINK_SUCCESS;
}

static nvJitLinkResult
add_cubin(Link *l, const unsigned char *p, size_t n, const char *name)
{
	size_t sz;
	unsigned arch = n >= 64 ? (unsigned)(p[0x31]) : 0;

	if (!jit_elf_section(p, n, ".nv_debug_ptx_txt", &sz))
		return error(l, NVJITLINK_ERROR_INVALID_INPUT, name, "the sm_%u cubin holds machine "
		    "code only, which the interpreter cannot run: give its PTX, or build it with "
		    "-lineinfo (which keeps the PTX in it)", arch);
	return keep(l, jit_fatbin_elf(p, n, arch, &sz), sz);
}

static int
is_ltoir(const unsigned char *p, size_t n)
{
	/* NVVM's LTO-IR opens with the word 0x7f4e43ed; LLVM bitcode with "BC" c0de */
	return n >= 4 && ((p[0] == 0xed && p[1] == 0x43 && p[2] == 0x4e && p[3] == 0x7f) ||
	    (p[0] == 'B' && p[1] == 'C' && p[2] == 0xc0 && p[3] == 0xde));
}

static int
sniff(const unsigned char *p, size_t n)
{
	int ptx;

	if (n >= 8 && !memcmp(p, "!<arch>\n", 8))
		return IN_LIBRARY;
	if (n >= 20 && !memcmp(p, "\177ELF", 4))
		return (p[0x12] | p[0x13] << 8) == 190 ? IN_CUBIN : IN_OBJECT;
	if (jit_fatbin_size(p, n, &ptx))
		return IN_FATBIN;
	if (is_ltoir(p, n))
		return IN_LTOIR;
	return IN_PTX;
}

nvJitLinkResult
nvJitLinkCreate(nvJitLinkHandle *handle, uint32_t nopt, const char **opt)
{
	Link *l;

	if (!handle || (nopt && !opt))
		return NVJITLINK_ERROR_NULL_INPUT;
	*handle = NULL;
	if (!(l = calloc(1, sizeof *l)))
		return NVJITLINK_ERROR_INTERNAL;
	for (uint32_t i = 0; i < nopt; i++) {
		const char *o = opt[i];
		unsigned a;
		char c;
		if (!o) {
			free(l);
			return NVJITLINK_ERROR_NULL_INPUT;
		}
		if (!strncmp(o, "-arch=", 6)) {
			if (sscanf(o + 6, "sm_%u%c", &a, &c) < 1 && sscanf(o + 6, "compute_%u%c", &a, &c) < 1) {
				free(l);
				return NVJITLINK_ERROR_UNRECOGNIZED_ARCH;
			}
			l->arch = a;
		} else if (!strcmp(o, "-lto"))
			l->lto = 1;
		else if (!strncmp(o, "-maxrregcount=", 14)) {
			if (sscanf(o + 14, "%u%c", &a, &c) != 1 || a == 0) {
				free(l);
				return NVJITLINK_ERROR_UNRECOGNIZED_OPTION;
			}
			l->maxreg = a;
		}
		else if (o[0] != '-') {
			free(l);
			return NVJITLINK_ERROR_UNRECOGNIZED_OPTION;
		}
		/* -O, -g, -lineinfo, -ftz and the rest shape machine code: no
		 * effect on PTX that is run as written */
	}
	if (!l->arch) {
		free(l);
		return NVJITLINK_ERROR_MISSING_ARCH;
	}
	*handle = l;
	return NVJITLINK_SUCCESS;
}

nvJitLinkResult
nvJitLinkDestroy(nvJitLinkHandle *handle)
{
	Link *l;

	if (!handle)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (!(l = *handle))
		return NVJITLINK_SUCCESS;
	for (int i = 0; i < l->nfb; i++)
		free(l->fb[i]);
	free(l->fb), free(l->fblen), free(l->ptx), free(l->out), free(l->err), free(l->info);
	free(l);
	*handle = NULL;
	return NVJITLINK_SUCCESS;
}

/* The PTX text p (n bytes) with " .maxnreg N" after the parameter list
 * of each .entry that has no .maxnreg of its own: malloc'd, its length in
 * *outn; NULL when out of memory.  A kernel header is "... .entry NAME
 * (params) [directives] {", parameters without parentheses inside; one
 * with no parameter list gets the directive before its brace. */
static char *
cap_regs(const char *p, size_t n, unsigned maxreg, size_t *outn)
{
	char dir[32];
	int nd = snprintf(dir, sizeof dir, " .maxnreg %u", maxreg);
	size_t cap = n + 1, len = 0, at = 0;
	char *out = malloc(cap);

	if (!out)
		return NULL;
	for (;;) {
		const char *e = NULL, *body, *ins;
		for (size_t i = at; i + 6 <= n; i++)
			if (!memcmp(p + i, ".entry", 6) && (i == 0 || isspace((unsigned char)p[i - 1])) &&
			    (i + 6 == n || isspace((unsigned char)p[i + 6]))) {
				e = p + i;
				break;
			}
		if (!e || !(body = memchr(e, '{', n - (size_t)(e - p))))
			break;
		ins = memchr(e, '(', (size_t)(body - e));
		ins = ins ? memchr(ins, ')', (size_t)(body - ins)) : NULL;
		ins = ins ? ins + 1 : body;
		/* copy through the insertion point, then the directive unless one is there */
		if (len + (size_t)(ins - (p + at)) + (size_t)nd + 1 > cap) {
			char *m;
			cap = (len + (size_t)(ins - (p + at)) + (size_t)nd + 1) * 2 + n;
			if (!(m = realloc(out, cap))) {
				free(out);
				return NULL;
			}
			out = m;
		}
		memcpy(out + len, p + at, (size_t)(ins - (p + at)));
		len += (size_t)(ins - (p + at));
		int has = 0;
		for (const char *q = ins; q + 8 <= body; q++)
			has |= !memcmp(q, ".maxnreg", 8);
		if (!has) {
			memcpy(out + len, dir, (size_t)nd);
			len += (size_t)nd;
		}
		at = (size_t)(ins - p);
	}
	if (len + (n - at) + 1 > cap) {
		char *m = realloc(out, len + (n - at) + 1);
		if (!m) {
			free(out);
			return NULL;
		}
		out = m;
	}
	memcpy(out + len, p + at, n - at);
	len += n - at;
	out[len] = 0;
	*outn = len;
	return out;
}

nvJitLinkResult
nvJitLinkAddData(nvJitLinkHandle l, int type, const void *data, size_t size, const char *name)
{
	const unsigned char *p = data;
	int kind;

	if (!l || !data)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (l->done)
		return error(l, NVJITLINK_ERROR_INVALID_INPUT, name, "added after nvJitLinkComplete");
	if (size > JIT_MAX)
		return error(l, NVJITLINK_ERROR_INVALID_INPUT, name, "%zu bytes is past the limit", size);
	kind = type == IN_ANY ? sniff(p, size) : type;
	switch (kind) {
	case IN_PTX: {
		const unsigned char *z = memchr(p, 0, size);
		size_t n = z ? (size_t)(z - p) : size, fl;
		unsigned char *fb;
		char *capped = NULL;
		if (n >= 4 && (!memcmp(p, "\177ELF", 4) || is_ltoir(p, n)))
			return error(l, NVJITLINK_ERROR_INCORRECT_INPUT_TYPE, name, "a binary image given "
			    "as PTX");
		if (l->maxreg) {
			if (!(capped = cap_regs((const char *)p, n, l->maxreg, &n)))
				return NVJITLINK_ERROR_INTERNAL;
			p = (const unsigned char *)capped;
		}
		fb = jit_fatbin_ptx((const char *)p, n, l->arch, &fl);
		if (fb && l->nptx++ == 0 && (l->ptx = malloc(n + 1))) {
			memcpy(l->ptx, p, n);
			l->ptx[n] = 0;
		}
		free(capped);
		if (!fb)
			return NVJITLINK_ERROR_INTERNAL;
		return keep(l, fb, fl);
	}
	case IN_FATBIN:
		return add_fatbin(l, p, size, name, 1);
	case IN_CUBIN:
		if (sniff(p, size) != IN_CUBIN)
			return error(l, NVJITLINK_ERROR_INCORRECT_INPUT_TYPE, name, "not a cubin");
		return add_cubin(l, p, size, name);
	case IN_OBJECT:
		if (sniff(p, size) != IN_OBJECT)
			return error(l, NVJITLINK_ERROR_INCORRECT_INPUT_TYPE, name, "not a host object");
		return add_object(l, p, size, name);
	case IN_LIBRARY:
		if (sniff(p, size) != IN_LIBRARY)
			return error(l, NVJITLINK_ERROR_INCORRECT_INPUT_TYPE, name, "not an archive");
		return add_library(l, p, size, name);
	case IN_LTOIR:
		return error(l, NVJITLINK_ERROR_INVALID_INPUT, name, "LTO-IR cannot be linked on "
		    "libptxcuda: it is NVVM bitcode, which only NVIDIA's optimiser turns into PTX; "
		    "compile to PTX instead (numba-cuda: lto=False)");
	default:
		return error(l, NVJITLINK_ERROR_UNRECOGNIZED_INPUT, name, "input type %d is not one "
		    "nvJitLink links", type);
	}
}

nvJitLinkResult
nvJitLinkAddFile(nvJitLinkHandle l, int type, const char *path)
{
	FILE *f;
	unsigned char *buf = NULL;
	size_t n = 0, cap = 0, k;
	nvJitLinkResult r;

	if (!l || !path)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (!(f = fopen(path, "rb")))
		return error(l, NVJITLINK_ERROR_INVALID_INPUT, path, "cannot be opened");
	do {
		if (n == cap) {
			unsigned char *nb;
			if (cap >= JIT_MAX || !(nb = realloc(buf, cap = cap ? cap * 2 : 65536))) {
				free(buf);
				fclose(f);
				return error(l, NVJITLINK_ERROR_INVALID_INPUT, path, "too large");
			}
			buf = nb;
		}
		k = fread(buf + n, 1, cap - n, f);
		n += k;
	} while (k);
	fclose(f);
	r = nvJitLinkAddData(l, type, buf, n, path);
	free(buf);
	return r;
}

nvJitLinkResult
nvJitLinkComplete(nvJitLinkHandle l)
{
	if (!l)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (l->done)
		return NVJITLINK_SUCCESS;
	if (!l->nfb)
		return error(l, NVJITLINK_ERROR_INVALID_INPUT, "link", "no input with PTX to link");
	if (l->nfb == 1) {
		l->out = l->fb[0], l->outlen = l->fblen[0];
		l->nfb = 0;          /* ownership: the output */
	} else if (!(l->out = jit_host_elf(l->fb, l->fblen, l->nfb, &l->outlen)))
		return error(l, NVJITLINK_ERROR_INTERNAL, "link", "out of memory");
	l->done = 1;
	return NVJITLINK_SUCCESS;
}

nvJitLinkResult
nvJitLinkGetLinkedCubinSize(nvJitLinkHandle l, size_t *size)
{
	if (!l || !size)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (!l->done)
		return NVJITLINK_ERROR_INVALID_INPUT;
	*size = l->outlen;
	return NVJITLINK_SUCCESS;
}

nvJitLinkResult
nvJitLinkGetLinkedCubin(nvJitLinkHandle l, void *cubin)
{
	if (!l || !cubin)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (!l->done)
		return NVJITLINK_ERROR_INVALID_INPUT;
	memcpy(cubin, l->out, l->outlen);
	return NVJITLINK_SUCCESS;
}

/* The linked PTX: the one text, when that was the link's only input. */
static nvJitLinkResult
linked_ptx(Link *l)
{
	if (!l->done)
		return NVJITLINK_ERROR_INVALID_INPUT;
	if (l->nptx != 1 || !l->ptx || l->nfb > 1)
		return error(l, NVJITLINK_ERROR_INVALID_INPUT, "link", "linked PTX is given for a link "
		    "of one PTX input only");
	return NVJITLINK_SUCCESS;
}

nvJitLinkResult
nvJitLinkGetLinkedPtxSize(nvJitLinkHandle l, size_t *size)
{
	nvJitLinkResult r;

	if (!l || !size)
		return NVJITLINK_ERROR_NULL_INPUT;
	if ((r = linked_ptx(l)))
		return r;
	*size = strlen(l->ptx) + 1;
	return NVJITLINK_SUCCESS;
}

nvJitLinkResult
nvJitLinkGetLinkedPtx(nvJitLinkHandle l, char *ptx)
{
	nvJitLinkResult r;

	if (!l || !ptx)
		return NVJITLINK_ERROR_NULL_INPUT;
	if ((r = linked_ptx(l)))
		return r;
	strcpy(ptx, l->ptx);
	return NVJITLINK_SUCCESS;
}

static nvJitLinkResult
logsize(const char *log, size_t *size)
{
	if (!size)
		return NVJITLINK_ERROR_NULL_INPUT;
	*size = log ? strlen(log) + 1 : 0;
	return NVJITLINK_SUCCESS;
}

static nvJitLinkResult
logcopy(const char *log, char *out)
{
	if (!out)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (log)
		strcpy(out, log);
	else
		out[0] = 0;
	return NVJITLINK_SUCCESS;
}

nvJitLinkResult
nvJitLinkGetErrorLogSize(nvJitLinkHandle l, size_t *size)
{
	return l ? logsize(l->err, size) : NVJITLINK_ERROR_NULL_INPUT;
}

nvJitLinkResult
nvJitLinkGetErrorLog(nvJitLinkHandle l, char *log)
{
	return l ? logcopy(l->err, log) : NVJITLINK_ERROR_NULL_INPUT;
}

nvJitLinkResult
nvJitLinkGetInfoLogSize(nvJitLinkHandle l, size_t *size)
{
	return l ? logsize(l->info, size) : NVJITLINK_ERROR_NULL_INPUT;
}

nvJitLinkResult
nvJitLinkGetInfoLog(nvJitLinkHandle l, char *log)
{
	return l ? logcopy(l->info, log) : NVJITLINK_ERROR_NULL_INPUT;
}

/*
 * 12.2: the level of a linker without link-time optimisation.  LTO-IR is
 * NVVM bitcode in a form only NVIDIA's own optimiser reads, so it cannot
 * be linked here; numba-cuda compiles to LTO-IR by default when it finds
 * nvJitLink 12.3 or later, and to PTX (which it links here) otherwise.
 */
nvJitLinkResult
nvJitLinkVersion(unsigned *major, unsigned *minor)
{
	if (!major || !minor)
		return NVJITLINK_ERROR_NULL_INPUT;
	*major = 12, *minor = 2;
	return NVJITLINK_SUCCESS;
}

/*
 * The header of each toolkit release maps the names to versioned symbols
 * (nvJitLinkCreate is __nvJitLinkCreate_13_0 in CUDA 13's), so a program
 * built against it asks for those: each is an alias of the plain name.
 */
#define ALIAS(fn, v) __typeof__(fn) __##fn##_##v __attribute__((alias(#fn)));
#define VERSIONS(fn) ALIAS(fn, 12_0) ALIAS(fn, 12_1) ALIAS(fn, 12_2) ALIAS(fn, 12_3) \
	ALIAS(fn, 12_4) ALIAS(fn, 12_5) ALIAS(fn, 12_6) ALIAS(fn, 12_8) ALIAS(fn, 12_9) \
	ALIAS(fn, 13_0) ALIAS(fn, 13_1) ALIAS(fn, 13_2)
VERSIONS(nvJitLinkCreate)
VERSIONS(nvJitLinkDestroy)
VERSIONS(nvJitLinkAddData)
VERSIONS(nvJitLinkAddFile)
VERSIONS(nvJitLinkComplete)
VERSIONS(nvJitLinkGetLinkedCubinSize)
VERSIONS(nvJitLinkGetLinkedCubin)
VERSIONS(nvJitLinkGetLinkedPtxSize)
VERSIONS(nvJitLinkGetLinkedPtx)
VERSIONS(nvJitLinkGetErrorLogSize)
VERSIONS(nvJitLinkGetErrorLog)
VERSIONS(nvJitLinkGetInfoLogSize)
VERSIONS(nvJitLinkGetInfoLog)

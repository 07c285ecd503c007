/*
 * layout.c -- where a module's symbols live, for load.c: .global
 * variables an allocation each, .const ones one together, as a GPU's
 * driver places them ('module data' below), initialised (addresses of
 * other symbols included); .shared ones an offset in their kernels'
 * shared memory (smem.c); .local and body .param ones an offset in their
 * function's frame; kernel parameters CUDA's parameter-buffer layout
 * (declaration order, each at its alignment).  Sizes are 64-bit and
 * checked.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "interp.h"
#include "tex.h"

static size_t
hashp(const void *p)
{
	uint64_t x = (uint64_t)(uintptr_t)p;
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return (size_t)x;
}

SymLoc *
interp_symloc(ptx_module *pm, const Sym *s, int add)
{
	size_t i, mask;

	if (add && (pm->nsl == 0 || 2 * (pm->nslused + 1) > pm->nsl)) {
		size_t n = pm->nsl ? 2 * pm->nsl : 256;
		SymLoc *t = interp_alloc(pm->cx, n * sizeof *t), *old = pm->sl;
		size_t nold = pm->nsl;
		if (!t)
			return NULL;
		pm->sl = t;
		pm->nsl = n;
		for (i = 0; i < nold; i++)
			if (old[i].s) {
				size_t j = hashp(old[i].s) & (n - 1);
				while (t[j].s)
					j = (j + 1) & (n - 1);
				t[j] = old[i];
			}
		interp_free(pm->cx, old);
	}
	if (!pm->nsl)
		return NULL;
	mask = pm->nsl - 1;
	for (i = hashp(s) & mask; pm->sl[i].s; i = (i + 1) & mask)
		if (pm->sl[i].s == s)
			return &pm->sl[i];
	if (!add)
		return NULL;
	pm->sl[i].s = s;
	pm->nslused++;
	return &pm->sl[i];
}

static int
elsize(const Sym *s)
{
	int b = s->type ? ir_tyinfo[s->type].bits : 8;
	return b < 8 ? 1 : b / 8;
}

uint64_t
interp_symsize(const Sym *s)
{
	if (s->size >= 0)
		return (uint64_t)s->size;
	return 0;
}

uint32_t
interp_symalign(const Sym *s)
{
	uint32_t a = s->align ? (uint32_t)s->align : (uint32_t)(elsize(s) * (s->vec ? s->vec : 1));
	return a ? a : 1;
}

uint64_t
interp_alignup(uint64_t x, uint64_t a)
{
	return (x + a - 1) / a * a;
}

/* The functions by their Func and by their symbol, each key's in index
 * order, so that a call or an address of a function finds it in log time:
 * a scan over the functions for each made a module of many functions
 * quadratic to load. */

static int
keycmp(const void *a, const void *b)
{
	const struct FnKey *x = a, *y = b;

	return x->k != y->k ? (x->k > y->k) - (x->k < y->k) : (x->i > y->i) - (x->i < y->i);
}

int
interp_fn_index(ptx_module *pm)
{
	size_t n = (size_t)pm->nfn + 1;

	if (!(pm->byfn = interp_alloc(pm->cx, n * sizeof *pm->byfn)) ||
	    !(pm->bysym = interp_alloc(pm->cx, n * sizeof *pm->bysym)))
		return PTX_ENOMEM;
	for (int i = 0; i < pm->nfn; i++) {
		pm->byfn[i] = (struct FnKey){ (uintptr_t)pm->fn[i].f, i };
		pm->bysym[i] = (struct FnKey){ (uintptr_t)pm->fn[i].f->sym, i };
	}
	qsort(pm->byfn, (size_t)pm->nfn, sizeof *pm->byfn, keycmp);
	qsort(pm->bysym, (size_t)pm->nfn, sizeof *pm->bysym, keycmp);
	return PTX_OK;
}

/* The first entry of t (n of them) whose key is k, or n */
static int
first(const struct FnKey *t, int n, uintptr_t k)
{
	int lo = 0, hi = n;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (t[mid].k < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && t[lo].k == k ? lo : n;
}

int
interp_fn_first(const ptx_module *pm, const Sym *s)
{
	return pm->bysym ? first(pm->bysym, pm->nfn, (uintptr_t)s) : pm->nfn;
}

XFunc *
interp_fn_of(const ptx_module *pm, const Func *f)
{
	int j = f && pm->byfn ? first(pm->byfn, pm->nfn, (uintptr_t)f) : pm->nfn;

	return j < pm->nfn ? &pm->fn[pm->byfn[j].i] : NULL;
}

XFunc *
interp_fn_named(const ptx_module *pm, const Sym *s, int firstone, int body)
{
	XFunc *x = NULL;

	for (int j = interp_fn_first(pm, s); j < pm->nfn && pm->bysym[j].k == (uintptr_t)s; j++)
		if (!body || pm->fn[pm->bysym[j].i].f->hasbody) {
			x = &pm->fn[pm->bysym[j].i];
			if (firstone)
				break;
		}
	return x;
}

/* The address a symbol stands for as an operand or initializer value. */
int
interp_symaddr(ptx_module *pm, const Sym *s, uint64_t *v, int generic)
{
	SymLoc *l;

	if (s->kind == SYM_FUNC) {
		XFunc *x;
		if (!(s = ir_fn_target(s)))
			return -1;
		x = interp_fn_of(pm, s->fn);
		if (!x)
			x = interp_fn_named(pm, s, 0, 0);
		if (!x || (uint64_t)x->idx >= WIN_SIZE / FUNC_STEP)
			return -1;
		*v = FUNC_WIN + (uint64_t)x->idx * FUNC_STEP;
		return 0;
	}
	if (!(l = interp_symloc(pm, s, 0)))
		return -1;
	*v = l->addr;
	if (generic && l->space == MS_SHARED)
		*v += SHARED_WIN;
	if (generic && l->space == MS_KPARAM)
		*v += PARAM_WIN;
	return 0;
}

int
interp_evalint(ptx_module *pm, const Expr *e, uint64_t *v)
{
	uint64_t a, b;

	switch (e->kind) {
	case E_INT: *v = (uint64_t)e->i; return 0;
	case E_SYM: return e->sym ? interp_symaddr(pm, e->sym, v, 0) : -1;
	case E_GENERIC: return e->sym ? interp_symaddr(pm, e->sym, v, 1) : -1;
	case E_NEG: if (interp_evalint(pm, e->a, &a)) return -1; *v = -a; return 0;
	case E_NOT: if (interp_evalint(pm, e->a, &a)) return -1; *v = ~a; return 0;
	case E_ADD: case E_SUB: case E_MUL: case E_AND: case E_OR: case E_XOR: case E_SHL: case E_SHR:
		if (interp_evalint(pm, e->a, &a) || interp_evalint(pm, e->b, &b))
			return -1;
		switch (e->kind) {
		case E_ADD: *v = a + b; break;
		case E_SUB: *v = a - b; break;
		case E_MUL: *v = a * b; break;
		case E_AND: *v = a & b; break;
		case E_OR: *v = a | b; break;
		case E_XOR: *v = a ^ b; break;
		case E_SHL: *v = b < 64 ? a << b : 0; break;
		default: *v = b < 64 ? a >> b : 0; break;
		}
		return 0;
	}
	return -1;
}

/* f32 <-> f64 bit conversions for float literals. */
static uint64_t
f64tof32(uint64_t bits)
{
	double d;
	float f;
	uint32_t u;
	memcpy(&d, &bits, 8);
	f = (float)d;
	memcpy(&u, &f, 4);
	return u;
}

/* The bit pattern of a float literal for an instruction or variable of
 * type ty.  ptxas converts only into single precision: a double literal
 * (0d... or decimal) for an .f32 becomes the nearest float.  Everything
 * else takes the literal's own bits: 0f3F800000 for an .f64 is
 * 0x000000003F800000, not 1.0 (in an instruction and in an initializer
 * alike), and a double literal in a 32-, 16- or 8-bit element of an integer
 * or .b vector keeps its low bits (1.5 stores 0).  tests/regress/
 * literal-bits.ptx has the values, read from ptxas's SASS and run on the
 * GPU. */
uint64_t
interp_fimm(int ty, uint64_t bits, int flkind)
{
	if (ty == TY_F32 && flkind != FL_F32HEX)
		return f64tof32(bits);
	return bits;
}

/* Writes initializer e (a leaf or a nested list) for variable s at p, element by element. */
static int
initvar(ptx_module *pm, const Sym *s, const Expr *e, uint8_t *p, uint64_t size, uint64_t *at)
{
	int es = elsize(s);
	uint64_t v;

	if (s->opaque) {
		/* a .samplerref's fields make its word (tex.h); a .texref's or
		 * .surfref's describe what the host binds, which the handle
		 * it stores says again */
		if (s->opaque == 2 && interp_tex_sampler_init(e, &v))
			return -1;
		if (s->opaque == 2 && *at + 8 <= size)
			memcpy(p + *at, &v, 8);
		*at += 8;
		return 0;
	}
	if (e->kind == E_LIST) {
		for (int i = 0; i < e->nelt; i++)
			if (initvar(pm, s, e->elt[i], p, size, at))
				return -1;
		/* numbers packed (ir.h Lit): each as its leaf would be */
		for (int i = 0; i < e->nlit; i++) {
			const Lit *l = &e->lit[i];
			v = l->kind == E_FLOAT ? interp_fimm(s->type, (uint64_t)l->i, l->uns) : (uint64_t)l->i;
			if (*at + (uint64_t)es <= size)
				memcpy(p + *at, &v, (size_t)es);
			*at += (uint64_t)es;
		}
		return 0;
	}
	if (e->kind == E_FLOAT)
		v = interp_fimm(s->type, e->bits, e->flkind);
	else if (interp_evalint(pm, e, &v))
		return -1;
	if (*at + (uint64_t)es <= size)
		memcpy(p + *at, &v, (size_t)es);    /* little-endian host, as the guest */
	*at += (uint64_t)es;
	return 0;
}

/* A .tex variable (PTX ISA before 1.5) is a texture reference: a
 * .global .texref (the ISA: ".tex .u32 t" is ".global .texref t"). */
static int
isglobalvar(const Sym *s)
{
	return s->kind == SYM_VAR && (s->space == SP_GLOBAL || s->space == SP_CONST || s->space == SP_TEX);
}

/* The bytes a module variable takes: a texture reference holds a handle. */
static uint64_t
modsize(const Sym *s)
{
	return s->space == SP_TEX ? 8 : interp_symsize(s);
}

/* The symbols that live as long as the module, one after another: the
 * module's own, then those of each body, where a .global or .const
 * variable declared inside a function is a static one (ptxas gives it
 * module storage, initialiser included); NULL past the last.  A cursor
 * (fn -1: the module's own), so that a walk is linear in the module however
 * many functions it has. */
typedef struct {
	int fn, k;
} SymWalk;

static Sym *
modulesym(const Module *m, SymWalk *w)
{
	if (w->fn < 0) {
		if (w->k < m->nsyms)
			return m->syms[w->k++];
		w->fn = 0, w->k = 0;
	}
	for (; w->fn < m->nfn; w->fn++, w->k = 0) {
		const Func *f = m->fn[w->fn];
		if (f->hasbody && w->k < f->nsyms)
			return f->syms[w->k++];
	}
	return NULL;
}

#define SYMWALK_INIT {-1, 0}

static uint64_t place_var(uint64_t *at, uint64_t al, uint64_t size);

/* ---------------------------------------------------------------- module data
 *
 * Where a GPU's driver puts a module's variables (an H200, driver 580, the
 * module loaded as PTX or as ptxas's cubin alike: cuModuleGetGlobal of
 * each, and their bytes read by a kernel):
 *
 *   - each .global variable at an address of its own, 256 bytes after the
 *     one before or more, and zeros after it up to the next multiple of
 *     256: a read a little past it (a v4 load of a 12-byte variable) reads
 *     those zeros, without a fault.  ptxas packs them in its cubin's
 *     .nv.global.init and .nv.global (sorted by alignment, then size), but
 *     the driver does not keep that layout, and cuMemGetAddressRange of
 *     one gives the variable alone;
 *   - the .const variables together, as ptxas lays out .nv.constant3 (the
 *     bank c[3]): those of external linkage (.visible, .extern) first,
 *     then the others (the module's own, then each function's static
 *     ones), each group in declaration order, each variable at the next
 *     multiple of its alignment, the bank ending where its last one does;
 *     cuMemGetAddressRange of one gives the bank.
 *
 * So each .global variable is an allocation of its own, and the .const
 * ones one, each rounded up to 256 bytes; the allocation's table of
 * variables (interp_mem_setvars) names them, and lets memcheck report an
 * access outside the variable it is based on ("past-variable").  Past the
 * rounding lies the gap after every allocation: a fault, where a GPU
 * would read the next variable.  .texref, .samplerref and .surfref
 * variables are handles of their own.
 */

enum { SEC_GLOBAL, SEC_CONST, NSEC };

/* The part of module variable s, or -1 for a handle of its own */
static int
secof(const Sym *s)
{
	if (s->opaque || s->space == SP_TEX)
		return -1;
	return s->space == SP_CONST ? SEC_CONST : SEC_GLOBAL;
}

/* The n variables v (in the order listed) laid out in one allocation,
 * rounded up to 256 bytes. */
static int
layout_vars(ptx_module *pm, int sec, const Sym **v, size_t n)
{
	ptx_ctx *cx = pm->cx;
	VarSpan *span;
	uint64_t at = 0, base;
	Alloc *al;
	int rc = PTX_ENOMEM;

	if (!(span = interp_alloc(cx, n * sizeof *span)))   /* n * sizeof fits: v has n */
		return PTX_ENOMEM;
	for (size_t i = 0; i < n; i++)   /* UINT64_MAX once past 64 bits: refused below */
		span[i] = (VarSpan){ place_var(&at, interp_symalign(v[i]), modsize(v[i])), modsize(v[i]),
		    v[i]->name };
	if (ir_size_align(at, 256, &at))
		at = UINT64_MAX;
	/* one variable names the allocation, as it always has */
	if (interp_mem_new(cx, at, n == 1 ? v[0]->name : ".nv.constant3", AK_MODULE, &base) != PTX_OK)
		goto out;
	pm->allocs[pm->nallocs++] = (int64_t)base;
	if (!(al = interp_mem_find(cx, base, 0)) || interp_mem_setvars(cx, al, span, n) != PTX_OK)
		goto out;
	if (sec == SEC_CONST) {   /* memcheck reports stores to it */
		al->konst = 1;
		cx->nkonst++;
	}
	for (size_t i = 0; i < n; i++) {
		SymLoc *l = interp_symloc(pm, v[i], 1);
		if (!l)
			goto out;
		l->space = MS_GLOBAL;
		l->addr = base + span[i].off;
		l->size = span[i].size;
	}
	rc = PTX_OK;
out:
	interp_free(cx, span);
	return rc;
}

/* Module variables: allocate them all, then initialise (initialisers may take
 * the address of a later variable). */
int
interp_layout_module(ptx_module *pm)
{
	ptx_ctx *cx = pm->cx;
	Module *m = pm->m;
	Sym *s;
	size_t n = 0, nv;
	int i, rc = PTX_OK;
	const Sym **v;
	SymWalk w = SYMWALK_INIT;

	while ((s = modulesym(m, &w)))
		n += isglobalvar(s);
	pm->allocs = interp_alloc(cx, (n + 1) * sizeof *pm->allocs);
	if (!pm->allocs)
		return PTX_ENOMEM;
	/* Module-scope .local variables (PTX ISA before 3.0, compiled without
	 * the ABI): each thread's own, at the start of its kernel's frame */
	for (i = 0; i < m->nsyms; i++) {
		SymLoc *l;
		s = m->syms[i];
		if (s->kind != SYM_VAR || s->space != SP_LOCAL)
			continue;
		if (!(l = interp_symloc(pm, s, 1)))
			return PTX_ENOMEM;
		l->space = MS_LOCAL;
		l->addr = place_var(&pm->modlocal, interp_symalign(s), interp_symsize(s));
		l->size = interp_symsize(s);
	}
	if (!n)
		return interp_smem_layout(pm);
	if (!(v = interp_alloc(cx, n * sizeof *v)))   /* n pointers fit: the symbols are there */
		return PTX_ENOMEM;
	/* the handles and the .global variables: an allocation each */
	w = (SymWalk)SYMWALK_INIT;
	while (rc == PTX_OK && (s = modulesym(m, &w))) {
		uint64_t a;
		SymLoc *l;
		if (!isglobalvar(s) || secof(s) == SEC_CONST)
			continue;
		if (secof(s) == SEC_GLOBAL) {
			v[0] = s;
			rc = layout_vars(pm, SEC_GLOBAL, v, 1);
			continue;
		}
		if (interp_mem_new(cx, modsize(s), s->name, AK_MODULE, &a) != PTX_OK || !(l = interp_symloc(pm, s, 1))) {
			rc = PTX_ENOMEM;
			break;
		}
		pm->allocs[pm->nallocs++] = (int64_t)a;
		l->space = MS_GLOBAL;
		l->addr = a;
		l->size = modsize(s);
	}
	/* the .const ones: those of external linkage, then the others */
	nv = 0;
	for (int ext = 1; ext >= 0; ext--)
		for (w = (SymWalk)SYMWALK_INIT; rc == PTX_OK && (s = modulesym(m, &w));)
			if (isglobalvar(s) && secof(s) == SEC_CONST && (s->linkage != LINK_NONE) == ext)
				v[nv++] = s;
	if (rc == PTX_OK && nv)
		rc = layout_vars(pm, SEC_CONST, v, nv);
	interp_free(cx, v);
	if (rc != PTX_OK)
		return rc;
	/* .shared variables: kernel by kernel (smem.c) */
	return interp_smem_layout(pm);
}

int
interp_init_module(ptx_module *pm)
{
	Module *m = pm->m;
	Sym *s;
	SymWalk w = SYMWALK_INIT;

	while ((s = modulesym(m, &w))) {
		SymLoc *l;
		Alloc *a;
		uint64_t at = 0;
		if (!isglobalvar(s) || !s->init || !(l = interp_symloc(pm, s, 0)))
			continue;
		if (!(a = interp_mem_find(pm->cx, l->addr, l->size)))
			continue;
		if (initvar(pm, s, s->init, a->p + (l->addr - a->addr), l->size, &at)) {
			interp_diag(pm->cx, m->name, s->loc.line, s->loc.col, PTX_SEV_ERROR, NULL,
			    "initializer of '%s' is not a constant the interpreter can evaluate", s->name);
			return PTX_EUNSUPPORTED;
		}
	}
	return PTX_OK;
}

/* The offset of a variable of size bytes and alignment al placed at *at,
 * which moves past it; UINT64_MAX from there on once the sum does not fit
 * (a frame that large can never run: exec_simt.h growlocal refuses it). */
static uint64_t
place_var(uint64_t *at, uint64_t al, uint64_t size)
{
	uint64_t off;

	if (ir_size_align(*at, al, &off) || ir_size_add(off, size, at))
		off = *at = UINT64_MAX;
	return off;
}

/* A module-scope .local variable that o names, or NULL. */
static const Sym *
modlocalref(const Module *m, const Opnd *o)
{
	const Sym *s = NULL;
	if (o->kind == OK_SYM && o->sym && o->sym->kind == SYM_VAR && o->sym->space == SP_LOCAL)
		for (int i = 0; i < m->nsyms && !s; i++)
			if (m->syms[i] == o->sym)
				s = o->sym;
	if (!s && o->base)
		s = modlocalref(m, o->base);
	for (int k = 0; !s && k < o->nsub && o->kind != OK_EXPR; k++)
		s = modlocalref(m, &o->sub[k]);
	return s;
}

/* The most a kernel's parameters may take (sm_70 and later, PTX 8.1):
 * beyond it ptxas reports "uses too much parameter space". */
#define MAX_KPARAM 0x7ffcu

/* A function's frame: .local and .param variables of the body, formal
 * parameters and return values (.func), each at its alignment.  Kernel
 * parameters go to the parameter buffer instead.  Sizes and offsets that
 * pass 32 bits saturate: such a frame is refused when it would run. */
int
interp_layout_func(ptx_module *pm, XFunc *x)
{
	ptx_ctx *cx = pm->cx;
	Func *f = x->f;
	uint64_t fr = f->entry ? pm->modlocal : 0, fa = 16;
	int n = f->npar + f->nret;

	x->paroff = interp_alloc(cx, (size_t)(f->npar + 1) * sizeof *x->paroff);
	x->parsz = interp_alloc(cx, (size_t)(f->npar + 1) * sizeof *x->parsz);
	x->paralign = interp_alloc(cx, (size_t)(f->npar + 1) * sizeof *x->paralign);
	x->retoff = interp_alloc(cx, (size_t)(f->nret + 1) * sizeof *x->retoff);
	x->retsz = interp_alloc(cx, (size_t)(f->nret + 1) * sizeof *x->retsz);
	x->parreg = interp_alloc(cx, (size_t)(f->npar + f->nret + 1) * sizeof *x->parreg);
	if (!x->paroff || !x->parsz || !x->paralign || !x->retoff || !x->retsz || !x->parreg)
		return PTX_ENOMEM;
	x->retreg = x->parreg + f->npar;
	for (int i = 0; i < f->npar + f->nret; i++)
		x->parreg[i] = -1;
	/* module-scope .local variables sit in the kernel's frame, where a
	 * .func's code, reached through the call stack, cannot name them */
	for (int i = 0; !f->entry && pm->modlocal && i < f->nins; i++)
		for (int k = 0; k < f->ins[i]->nopnd; k++) {
			const Sym *s = modlocalref(pm->m, &f->ins[i]->opnd[k]);
			if (s) {
				interp_diag(cx, pm->m->name, f->ins[i]->loc.line, f->ins[i]->loc.col, PTX_SEV_ERROR, NULL,
				    "module-scope .local variable '%s' used in function '%s' is not executed by the interpreter "
				    "(only a kernel's own code reaches it)", s->name, f->name);
				return PTX_EUNSUPPORTED;
			}
		}
	(void)n;
	if (f->entry) {
		uint64_t off = 0;
		for (int i = 0; i < f->npar; i++) {
			Sym *s = f->par[i].sym;
			uint32_t al = interp_symalign(s);
			uint64_t at = place_var(&off, al, interp_symsize(s));
			SymLoc *l;
			/* A .texref, .samplerref or .surfref kernel parameter is legal
			 * PTX, and ptxas compiles it (a CUDA_TEXTURE symbol the
			 * kernel's code refers to, no room in the parameter
			 * buffer), but the driver refuses to load such an image
			 * (an H100's and H200's: CUDA_ERROR_INVALID_IMAGE).
			 * Objects come as .u64 parameters (handles). */
			if (s->opaque) {
				static const char *const kind[] = { "", ".texref", ".samplerref", ".surfref" };
				interp_diag(cx, pm->m->name, s->loc.line, s->loc.col, PTX_SEV_ERROR, NULL,
				    "kernel parameter '%s' of '%s' is a %s, which the driver does not load: "
				    "pass the object's handle in a .u64 parameter", s->name, f->name,
				    kind[s->opaque & 3]);
				return PTX_EREFUSED;
			}
			if (off > MAX_KPARAM) {
				interp_diag(cx, pm->m->name, f->loc.line, f->loc.col, PTX_SEV_ERROR, NULL,
				    "entry function '%s' uses too much parameter space (0x%" PRIx64 " bytes, 0x%x max)",
				    f->name, off, MAX_KPARAM);
				return PTX_ESYNTAX;
			}
			x->paroff[i] = (uint32_t)at;
			x->parsz[i] = (uint32_t)interp_symsize(s);
			x->paralign[i] = al;
			if (!(l = interp_symloc(pm, s, 1)))
				return PTX_ENOMEM;
			l->space = MS_KPARAM;
			l->addr = at;
			l->size = interp_symsize(s);
		}
		x->psize = (uint32_t)off;
	} else {
		for (int i = 0; i < f->npar + f->nret; i++) {
			Sym *s = i < f->npar ? f->par[i].sym : f->ret[i - f->npar].sym;
			uint32_t al = interp_symalign(s);
			SymLoc *l;
			if (s->space != SP_PARAM) {   /* .reg parameters: passed in the callee's register */
				x->parreg[i] = s->kind == SYM_REG && s->id >= 0 && s->id < f->nregs && f->regs[s->id] == s ?
				    s->id : -1;
				continue;
			}
			uint64_t at = place_var(&fr, al, interp_symsize(s)), sz = interp_symsize(s);
			if (al > fa)
				fa = al;
			if (at > UINT32_MAX || sz > UINT32_MAX)
				at = sz = UINT32_MAX;
			if (i < f->npar) {
				x->paroff[i] = (uint32_t)at;
				x->parsz[i] = (uint32_t)sz;
				x->paralign[i] = al;
			} else {
				x->retoff[i - f->npar] = (uint32_t)at;
				x->retsz[i - f->npar] = (uint32_t)sz;
			}
			if (!(l = interp_symloc(pm, s, 1)))
				return PTX_ENOMEM;
			l->space = MS_LOCAL;
			l->addr = at;
			l->size = interp_symsize(s);
		}
	}
	for (int j = 0; j < f->nsyms; j++) {
		Sym *s = f->syms[j];
		SymLoc *l;
		uint32_t al;
		if (s->kind != SYM_VAR || (s->space != SP_LOCAL && s->space != SP_PARAM) || interp_symloc(pm, s, 0))
			continue;
		al = interp_symalign(s);
		if (al > fa)
			fa = al;
		if (!(l = interp_symloc(pm, s, 1)))
			return PTX_ENOMEM;
		l->space = MS_LOCAL;
		l->addr = place_var(&fr, al, interp_symsize(s));
		l->size = interp_symsize(s);
	}
	if (ir_size_align(fr, 16, &fr) || fr > UINT32_MAX)
		fr = UINT32_MAX;
	x->frame = (uint32_t)fr;
	x->frame_align = (uint32_t)fa;
	return PTX_OK;
}

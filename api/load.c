/*
 * load.c -- the one pipeline that reads a module, behind ptx_module_load
 * (to run it) and ptx_module_parse (to verify and print it), and the copy
 * of the front end's diagnostics into the context.  In order:
 *
 *	newmodule       the module, owning a copy of the text (the IR keeps
 *	                pointers into its names)
 *	readphase       under a jump env (interp_front): diag_new,
 *	                parse_module, ir_build
 *	ptxasphase      run only: the checks ptxas enforces, without a jump
 *	api_takediags   the Diags become the context's diagnostics
 *	interp_load     run only: pre-decoding for the interpreter
 *
 * then the module is linked into the context, and freed again when the
 * reading failed.  ApiLoad (api.h) says where the two callers differ.
 */
#include <stdint.h>
#include <string.h>
#include "api/api.h"
#include "verify/verify.h"

/* The Diags' severities are handed out as the public ones. */
_Static_assert((int)SEV_NOTE == (int)PTX_SEV_NOTE && (int)SEV_WARNING == (int)PTX_SEV_WARNING &&
               (int)SEV_ERROR == (int)PTX_SEV_ERROR, "SEV_* and PTX_SEV_* differ");

/* ptx_module_load has always cut a diagnostic's source line to this many
 * bytes less one, '\r' and all; ptx_module_parse and ptx_verify give it
 * whole, without a '\r' before the newline.  Both stay as they are. */
enum { LOADLINE = 512 };

/* Line `line` of src without its newline, in a buffer of cx's, into *out
 * (cut: as ptx_module_load gives it, above); *out NULL when src has no
 * such line.  PTX_ENOMEM when there is one but no memory for it. */
static int
linedup(ptx_ctx *cx, const char *src, size_t len, int line, int cut, size_t *at, int *atline, char **out)
{
	size_t i = 0, n;
	int l = 1;
	char *d;

	/* *at starts line *atline: the search goes on from there when the
	 * reports come in line order, as each pass gives them (thousands of
	 * warnings on a large module were thousands of scans from its start) */
	if (*atline >= 1 && *atline <= line && *at <= len) {
		i = *at;
		l = *atline;
	}
	*out = NULL;
	if (line <= 0)
		return PTX_OK;
	while (i < len && l < line)
		if (src[i++] == '\n')
			l++;
	if (l != line)
		return PTX_OK;
	*at = i;
	*atline = l;
	for (n = 0; i + n < len && src[i + n] != '\n'; n++)
		;
	if (cut && n > LOADLINE - 1)
		n = LOADLINE - 1;
	else if (!cut && n > 0 && src[i + n - 1] == '\r')
		n--;
	if (!(d = interp_alloc(cx, n + 1)))
		return PTX_ENOMEM;
	memcpy(d, src + i, n);
	*out = d;
	return PTX_OK;
}

int
api_takediags(ptx_ctx *cx, const Diags *dg, int cut)
{
	size_t at = 0;
	int atline = 0;

	interp_diag_clear(cx);
	for (size_t i = 0; i < dg->n; i++) {
		const Diag *d = &dg->d[i];
		char *line = NULL;
		int rc = PTX_OK;

		const char *same = NULL;

		/* a report on the line of the one before shares its copy
		 * (interp_diag_add), without a scan of the line: a module of
		 * one 100 MB line, the 1,000 errors ptxas-lint keeps on it were
		 * 10 seconds of copies and 100 GB of memory */
		if (d->file == dg->file && dg->src && i > 0 && cx->ndiag && d[-1].file == dg->file &&
		    d[-1].loc.line == d->loc.line && d->loc.line > 0)
			same = cx->diag[cx->ndiag - 1].d.source_line;
		else if (d->file == dg->file && dg->src)
			rc = linedup(cx, dg->src, dg->len, d->loc.line, cut, &at, &atline, &line);
		if (rc == PTX_OK)
			rc = interp_diag_add(cx, d->file, d->loc.line, d->loc.col, d->sev, d->check, d->msg,
			    same ? same : line);
		interp_free(cx, line);
		if (rc != PTX_OK) {
			/* a report with holes would mislead: none at all */
			interp_diag_clear(cx);
			return rc;
		}
	}
	return PTX_OK;
}

typedef struct {
	ptx_module *pm;
	const char *name;
	size_t len;
	const ApiLoad *how;
	Diags *dg;
} Read;

static ptx_module *
newmodule(ptx_ctx *cx, const char *text, size_t len)
{
	ptx_module *pm = interp_alloc(cx, sizeof *pm);

	if (!pm)
		return NULL;
	pm->cx = cx;
	if (!(pm->text = interp_alloc(cx, len + 1))) {
		interp_free(cx, pm);
		return NULL;
	}
	if (len)
		memcpy(pm->text, text, len);
	return pm;
}

/* ptx_module_load builds the IR of a module with syntax errors too, and
 * reports what the build finds with them; ptx_module_parse stops at them,
 * and keeps a module whose build failed, for ptx_verify to report on. */
static int
readphase(void *arg)
{
	Read *r = arg;
	ptx_module *pm = r->pm;
	Diags *dg;

	if (!(dg = r->dg = diag_new(r->name, pm->text, r->len)))
		return PTX_ENOMEM;
	if (r->how->max_errors > 0)
		dg->limit = r->how->max_errors;
	pm->m = parse_module(r->name, pm->text, r->len, dg);
	if (!pm->m || (dg->nerr && !r->how->run))
		return PTX_ESYNTAX;
	if (ir_build(pm->m, dg) != 0 || dg->nerr) {
		if (r->how->run)
			return PTX_ESYNTAX;
		pm->bad = 1;
	}
	return PTX_OK;
}

/* What ptxas takes and nothing here runs: an array whose size does not
 * fit in 63 bits (ptxas wraps its size), and a module-scope register a
 * .func names (below).  Returns whether there is one, reported. */
static int
toolarge(const Module *m, Diags *dg)
{
	int n = 0;

	for (int i = 0; i < m->nsyms; i++)
		if (m->syms[i]->kind == SYM_VAR && m->syms[i]->size == -2) {
			diag_err(dg, m->syms[i]->loc, "array '%s' is too large: its size does not fit in 64 bits",
			    m->syms[i]->name);
			n++;
		}
	for (int f = 0; f < m->nfn; f++) {
		const Func *fn = m->fn[f];
		for (int i = 0; i < fn->nsyms + fn->npar + fn->nret; i++) {
			const Sym *s = i < fn->nsyms ? fn->syms[i] : i < fn->nsyms + fn->npar ?
			    fn->par[i - fn->nsyms].sym : fn->ret[i - fn->nsyms - fn->npar].sym;
			if (s && s->kind == SYM_VAR && s->size == -2) {
				diag_err(dg, s->loc, "array '%s' is too large: its size does not fit in 64 bits", s->name);
				n++;
			}
		}
	}
	/* A module-scope .reg (PTX ISA before 3.0) is one register of the
	 * thread to ptxas, which calls without the ABI share (an H200: a .func
	 * stores the 42 its caller put there, and its caller sees what it
	 * adds); the front end gives each function its own, which is the same
	 * only where no .func names one */
	for (int f = 0; f < m->nfn; f++) {
		const Func *fn = m->fn[f];
		if (fn->entry || !fn->hasbody)
			continue;
		for (int i = 0; i < fn->nregs; i++)
			if (fn->regs[i]->modreg) {
				diag_err(dg, fn->regs[i]->loc, "module-scope register '%s' used in .func '%s' is not supported: "
				    "ptxas shares it with the function's callers, ptx-run keeps it apart", fn->regs[i]->name, fn->name);
				n++;
				break;
			}
	}
	return n > 0;
}

/* The checks ptxas itself enforces, run on a module that read cleanly: the
 * driver's JIT would refuse a module with such an error, so loading does
 * too, with the same located diagnostics ptxas-lint gives.  Our own
 * bug-finding checks are left to ptxas-lint and ptx_verify.  Like
 * ptx_verify's phase this runs without a jump (the verifier's work arrays
 * are heap scratch); out of memory shows as NULL there and as a missing
 * finding here, never as a crash. */
static int
ptxasphase(void *arg)
{
	Read *r = arg;
	VerifyOpts vo;

	verify_opts_ptxas(&vo);
	/* The shim's linker joins its inputs as text, leaving each .extern
	 * declaration beside the definition another input brings, and the
	 * engine supplies the device runtime's functions itself: a loaded
	 * module is judged as ptxas -c judges one.  Its calls are judged
	 * against the definition, not the declaration their own input had:
	 * an argument aligned otherwise than the definition's formal, which
	 * nvlink and the driver link (tests/shim/protos.c), loads. */
	vo.sev[VC_EXTERN] = vo.sev[VC_EXTERNVAR] = vo.sev[VC_EXTERNDEF] = vo.sev[VC_PARAMALIGN] = -1;
	if (verify_module(r->pm->m, &vo, r->dg))
		return PTX_ESYNTAX;
	return toolarge(r->pm->m, r->dg) ? PTX_ESYNTAX : PTX_OK;
}

int
api_load(ptx_ctx *cx, const char *name, const char *text, size_t len, const ApiLoad *how,
         ptx_module **out)
{
	ptx_module *pm;
	Read r;
	int rc;

	*out = NULL;
	interp_diag_clear(cx);
	if (!name)
		name = "<module>";
	if (!(pm = newmodule(cx, text, len)))
		return PTX_ENOMEM;
	r = (Read){ pm, name, len, how, NULL };
	rc = interp_front(cx, 1, readphase, &r);
	if (rc == PTX_ENOMEM) {
		/* The Diags and the module went with the phase. */
		interp_free(cx, pm->text);
		interp_free(cx, pm);
		return PTX_ENOMEM;
	}
	/* The module and its Diags were made under the first env and outlive
	 * the second: on its failure they are still here to free. */
	if (rc == PTX_OK && how->run)
		rc = interp_front(cx, 0, ptxasphase, &r);
	if (rc != PTX_ENOMEM && api_takediags(cx, r.dg, how->run) != PTX_OK)
		rc = PTX_ENOMEM;
	if (how->run)
		diag_free(r.dg);
	else
		pm->dg = r.dg;   /* a front-end module: ptx_verify adds to its Diags */
	if (rc == PTX_OK && how->run) {
		api_nanorder(pm, len);
		rc = interp_load(pm);
	}
	pm->next = cx->mods;
	cx->mods = pm;
	if (rc != PTX_OK) {
		interp_module_free(pm);
		return rc;
	}
	*out = pm;
	return pm->bad ? PTX_ESYNTAX : PTX_OK;
}

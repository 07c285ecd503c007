/*
 * front.c -- the front end of include/ptx.h: read a module without
 * preparing it to run (ptx_module_parse), verify it (ptx_verify), write it
 * back out (ptx_module_emit), print diagnostics as GCC does
 * (ptx_diag_print) and list the verifier's checks (ptx_check_list).  The
 * tools ptx-as and ptxas-lint are built on these calls alone.
 *
 * A front-end module keeps the Diags of its reading, so that ptx_verify
 * adds to the same list under the same error limit and the caller sees one
 * report in the order the findings were made.
 */
#include <string.h>
#include "api/api.h"
#include "verify/verify.h"

static const char *const sevname[] = { "note", "warning", "error" };

int
ptx_module_parse(ptx_ctx *cx, const char *name, const char *text, size_t len,
                 const ptx_parse_opts *o, ptx_module **out)
{
	ApiLoad how = { .run = 0, .max_errors = o ? o->max_errors : 0 };

	if (!cx || (!text && len) || !out)
		return PTX_EINVAL;
	/* Read, though perhaps with errors of SSA construction: still the
	 * caller's, for ptx_verify. */
	return api_load(cx, name, text, len, &how, out);
}

size_t
ptx_check_list(ptx_check *out, size_t n)
{
	for (size_t i = 0; i < n && i < NVC; i++) {
		out[i].name = verify_checks[i].name;
		out[i].severity = verify_checks[i].sev;
		out[i].what = verify_checks[i].what;
	}
	return NVC;
}

/* Applies one -W word to vo; -1 when it names no check. */
static int
setcheck(VerifyOpts *vo, const char *w)
{
	int c;

	if (strcmp(w, "all") == 0) {
		for (c = 0; c < NVC; c++)
			if (vo->sev[c] < 0)
				vo->sev[c] = SEV_WARNING;
	} else if (strcmp(w, "ptxas") == 0) {
		verify_sev_ptxas(vo);   /* what ptxas itself refuses, and nothing else */
	} else if (strncmp(w, "no-", 3) == 0 && (c = verify_check_lookup(w + 3)) >= 0) {
		vo->sev[c] = -1;
	} else if ((c = verify_check_lookup(w)) >= 0) {
		vo->sev[c] = verify_checks[c].sev >= 0 ? verify_checks[c].sev : SEV_WARNING;
	} else {
		return -1;
	}
	return 0;
}

/* ptx_verify's phase.  The verifier keeps work arrays of its own on the
 * heap, which a jump would leak, so it runs without one: a failed
 * allocation gives it NULL, which it and the Diags tolerate, and the call
 * reports PTX_ENOMEM afterwards. */
typedef struct {
	ptx_module *pm;
	VerifyOpts *vo;
} Check;

static int
verifyphase(void *arg)
{
	Check *c = arg;

	verify_module(c->pm->m, c->vo, c->pm->dg);
	return PTX_OK;
}

int
ptx_verify(ptx_module *pm, const ptx_verify_opts *o)
{
	VerifyOpts vo;
	Check c = { pm, &vo };
	size_t n;
	int nerr;

	if (!pm || !pm->dg || !pm->m)
		return PTX_EINVAL;
	verify_opts_init(&vo);
	if (o) {
		vo.werror = o->werror;
		vo.arch = o->sm;
		vo.archsuffix = o->sm_suffix;
		for (size_t i = 0; o->checks && o->checks[i]; i++)
			if (setcheck(&vo, o->checks[i]) != 0) {
				interp_diag_clear(pm->cx);
				interp_diag(pm->cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "no check named '%s'",
				    o->checks[i]);
				return PTX_EINVAL;
			}
		/* a caller of an older version has a shorter struct */
		if (o->version >= 8 && o->compile_only) {
			vo.compileonly = 1;
			vo.sev[VC_EXTERN] = -1;
			vo.sev[VC_EXTERNVAR] = -1;
		}
	}
	n = pm->dg->n;
	nerr = pm->dg->nerr;
	if (interp_front(pm->cx, 0, verifyphase, &c) == PTX_ENOMEM ||
	    api_takediags(pm->cx, pm->dg, 0) != PTX_OK) {
		/* What this run found is incomplete or unreported: the
		 * module's diagnostics go back to those of its reading, so
		 * that the call can be made again. */
		pm->dg->n = n;
		pm->dg->nerr = nerr;
		interp_diag_clear(pm->cx);
		return PTX_ENOMEM;
	}
	if (pm->dg->nerr)
		pm->bad = 1;
	return pm->dg->nerr ? PTX_ESYNTAX : PTX_OK;
}

int
ptx_module_emit(const ptx_module *pm, unsigned what, FILE *f)
{
	if (!pm || !pm->dg || pm->bad || !f || (what & ~7u))
		return PTX_EINVAL;
	if (what & PTX_EMIT_PTX)
		ir_print_ptx(pm->m, f);
	if (what & PTX_EMIT_SSA)
		ir_dump_ssa(pm->m, f);
	if (what & PTX_EMIT_CFG)
		ir_dump_cfg(pm->m, f);
	return ferror(f) ? PTX_EINVAL : PTX_OK;
}

void
ptx_diag_print(const ptx_ctx *cx, FILE *f)
{
	for (size_t i = 0; cx && f && i < cx->ndiag; i++) {
		const ptx_diag *d = &cx->diag[i].d;
		const char *file = d->file ? d->file : "<input>";
		int sev = d->severity >= PTX_SEV_NOTE && d->severity <= PTX_SEV_ERROR ? d->severity : PTX_SEV_ERROR;

		if (d->line > 0)
			fprintf(f, "%s:%d:%d: %s: %s", file, d->line, d->col, sevname[sev], d->msg);
		else
			fprintf(f, "%s: %s: %s", file, sevname[sev], d->msg);
		if (d->check)
			fprintf(f, " [-W%s]", d->check);
		fputc('\n', f);
		if (d->line > 0 && d->source_line)
			diag_caret_str(d->source_line, d->col, f);
	}
}

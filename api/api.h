/*
 * api.h -- what the files of api/ share; never installed.  The public
 * calls are include/ptx.h's; the engine under them is interp/interp.h's,
 * which this header brings in.  Nothing outside api/ includes it.
 */
#ifndef PTX_API_H
#define PTX_API_H

#include "interp/interp.h"

/* load.c: reading a module, for every entry point that reads one.  The
 * steps differ only where an entry point's contract does: */
typedef struct {
	int run;          /* ptx_module_load: stop at any error (syntax, IR or
	                   * one ptxas rejects), then pre-decode for the
	                   * interpreter; else ptx_module_parse: keep the Diags
	                   * on the module for ptx_verify, and return a module
	                   * whose IR build failed, marked bad */
	int max_errors;   /* the Diags' error limit; 0: its default */
} ApiLoad;
/* The module of text (len bytes, named name or "<module>"), linked into cx,
 * at *out; the context's diagnostics are the reading's.  PTX_OK,
 * PTX_ESYNTAX (with *out set only for a bad module of ptx_module_parse),
 * PTX_ENOMEM. */
int api_load(ptx_ctx *cx, const char *name, const char *text, size_t len, const ApiLoad *how,
             ptx_module **out);
/* The context's diagnostics become dg's, each in dg's own file with its
 * source line (cut: as ptx_module_load gives it, see load.c).  PTX_ENOMEM,
 * with no diagnostics at all, when they could not all be copied. */
int api_takediags(ptx_ctx *cx, const Diags *dg, int cut);

/* nanorder.c: the f64 NaN operand order of pm's instructions from outside
 * (pm->nanwin), where asked for; any failure leaves pm as it was. */
void api_nanorder(ptx_module *pm, size_t len);

#endif

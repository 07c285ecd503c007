/*
 * pipeline.c — the front end's passes after parsing, in order, for every
 * function with a body:
 *
 *	ir_cfg    basic blocks, successors, predecessors
 *	ir_dom    reverse postorder, dominators, post-dominators
 *	ir_ssa    phis and the def/use overlay
 *	ir_check  invariants of all three (debug builds)
 *
 * ir_check runs only in builds with -DPTX_DEBUG (debug and test builds
 * should set it).  It is linear, but it re-walks every instruction and
 * costs about a third of the three passes it checks, which an ordinary
 * build, unlike NDEBUG's usual absence, cannot afford.
 *
 * A function whose CFG has errors (a branch to something that is not one
 * of its labels) is left with its blocks but without dominators or SSA
 * (built == 0); the others are still built, so that one run reports what it
 * can.
 */
#include "ir.h"

#ifdef PTX_DEBUG
#define CHECK 1
#else
#define CHECK 0
#endif

int
ir_build(Module *m, Diags *dg)
{
	int nerr = 0;

	for (int k = 0; k < m->nfn; k++) {
		Func *fn = m->fn[k];
		if (!fn->hasbody)
			continue;
		int e = ir_cfg(m, fn, dg);
		if (e) {
			nerr += e;
			continue;
		}
		ir_dom(fn, m->a);
		ir_ssa(fn, m->a);
		if (CHECK)
			ir_check(fn);
	}
	return nerr;
}

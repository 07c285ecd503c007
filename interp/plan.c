/*
 * plan.c -- choose each instruction's fast paths, once, at load.
 *
 * The executor has one general path for every instruction (exec.c's
 * dispatch, lane by lane, with every check) and a few fast ones.  Whether
 * an instruction may take a fast one depends only on its decoded form, so
 * it is decided here, after decode and the counters' lowering, and
 * written into the XIns; exec.c reads the fields and never re-derives
 * them.  interp/README lists each fast path: where it is decided (here),
 * where it runs, what must hold, and how it is tested.
 *
 *   XIns.fast, .fpu   the warp-wide ALU handler (exec_fast.c), if any
 *   XIns.shape        how a load or store may be taken a warp at a time
 *   XIns.plain        may run in a straight-line stretch (exec_plain.h plainrun)
 *   XFunc.upre        the kernel's uniform prologue (exec_plain.h run_prologue)
 *   XIns.quiet        a checked launch skips the hooks of ordering,
 *                     asynccheck and synccheck (interp_plan_quiet)
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>
#include "interp.h"

/* PTXKIT_FASTPATHS=0 turns every fast path off: each instruction then
 * takes the general path, and tests/plan.test checks that outputs and
 * counters are the same either way. */
static int
fastpaths(void)
{
	const char *e = getenv("PTXKIT_FASTPATHS");

	return !e || strcmp(e, "0") != 0;
}

/* The warp-wide ALU handler: one whose lanes are all of alu_exec's, with
 * every destination a register slot it can write as a plane. */
static void
plan_fast(ptx_module *pm, XIns *xi)
{
	int fpu;

	if (xi->x != X_ALU || xi->nd != xi->alu.ndst)
		return;
	xi->fast = interp_fast_pick(&xi->alu, xi->s, xi->ns, &fpu);
	xi->fpu = (uint8_t)fpu;
	if (xi->fast)
		interp_bcast_imm(pm, xi);
}

/*
 * The shape of a load or store, from its operands alone; what is left to
 * run time (the addresses of the lanes, the allocation they hit) exec.c's
 * access tests, and it declines, having done nothing, when they fail:
 *   SHAPE_LANES   only the per-lane path (vectors, other sizes, spaces)
 *   SHAPE_WHOLE   one value a lane of 1, 2, 4 or 8 bytes at a register (or
 *                 absolute) address in shared, global, generic or
 *                 kernel-parameter space: ldst may take the warp whole
 *   SHAPE_CO32    SHAPE_WHOLE, and a 32-bit global or generic access of
 *                 one register at a 64-bit register plus an offset: the
 *                 coalesced copy (exec_mem.h co32) is tried first
 *   SHAPE_KPARAM  SHAPE_WHOLE, and a kernel parameter read whole into a
 *                 register at a fixed offset, in range and aligned: the
 *                 same value for every lane, read once without checks
 */
static int
plan_shape(const XFunc *x, const XIns *xi)
{
	int st = xi->x == X_ST;

	if ((xi->x != X_LD && !st) || xi->pdst || xi->psrc)
		return SHAPE_LANES;
	if ((st ? xi->ns : xi->nd) != 1 || (st && xi->s[0].k != XO_REG && xi->s[0].k != XO_IMM) || (st && xi->sign) ||
	    (xi->abase.k != XO_REG && xi->abase.k != XO_NONE) ||
	    (xi->size != 1 && xi->size != 2 && xi->size != 4 && xi->size != 8) ||
	    !(xi->space == MS_SHARED || xi->space == MS_GLOBAL || xi->space == MS_GENERIC ||
	    (xi->space == MS_KPARAM && !st)))
		return SHAPE_LANES;
	if (xi->space == MS_KPARAM && xi->abase.k == XO_NONE && xi->d[0].k == XO_REG && xi->aoff >= 0 &&
	    (uint64_t)xi->aoff + xi->size <= x->psize && !(xi->aoff & (xi->size - 1)))
		return SHAPE_KPARAM;
	if (xi->size == 4 && (xi->space == MS_GLOBAL || xi->space == MS_GENERIC) && xi->abase.k == XO_REG &&
	    !xi->a32 && !xi->shsym && (st ? xi->s[0].k == XO_REG : !xi->sign && xi->d[0].k == XO_REG))
		return SHAPE_CO32;
	return SHAPE_WHOLE;
}

/* Whether exec.c may run xi back to back with its neighbours, without its
 * per-instruction checks (settle, guard, budget, counters): unguarded,
 * leaving the SIMT stack alone, and unable to fault (warp-wide ALU
 * handlers, moves, cvta) or a load or store that access takes whole or
 * declines untouched. */
static int
plan_plain(const XIns *xi)
{
	if (xi->guard >= 0)
		return 0;
	/* %clock and %globaltimer count the steps before them, which a run adds at its end */
	for (int k = 0; k < xi->ns; k++)
		if (xi->s[k].k == XO_SREG && xi->s[k].sreg >= SR_CLOCK && xi->s[k].sreg <= SR_GLOBALTIMER_HI)
			return 0;
	switch (xi->x) {
	case X_ALU: return xi->fast != NULL;
	case X_MOV: case X_CVTA: case X_CVTATO: return 1;
	case X_LD: case X_ST: return xi->shape != SHAPE_LANES;
	}
	return 0;
}

/* Whether special register sr is the same in every thread of a CTA. */
static int
ctauniform(int sr)
{
	switch (sr) {
	case SR_NTID: case SR_NWARPID: case SR_CTAID: case SR_NCTAID: case SR_SMID: case SR_NSMID:
	case SR_GRIDID: case SR_IS_EXPLICIT_CLUSTER: case SR_CLUSTERID: case SR_NCLUSTERID:
	case SR_CLUSTER_CTAID: case SR_CLUSTER_NCTAID: case SR_CLUSTER_CTARANK:
	case SR_CLUSTER_NCTARANK: case SR_TOTAL_SMEM: case SR_AGGR_SMEM: case SR_DYNAMIC_SMEM:
	case SR_WARP_SZ: case SR_ENVREG1: case SR_ENVREG2: case SR_ENVREG0: case SR_ENVREG6:
	case SR_ENVREG10: case SR_SHSYM: case SR_SHDYN:
		return 1;
	}
	return 0;
}

/*
 * A kernel's uniform prologue: its leading plain instructions whose
 * sources are immediates, CTA-wide special registers and registers the
 * prologue wrote before, that keep no per-lane state (a carry flag), and
 * whose only memory accesses are checked kernel-parameter reads.  Every
 * warp of a CTA computes the same values there (nvcc, LLVM and Triton all
 * begin a kernel by reading its parameters, %ctaid and %ntid), so a new
 * CTA runs it once and copies the registers it wrote.
 */
static int
plan_prologue(ptx_module *pm, XFunc *x)
{
	uint8_t *def;
	int n = 0;

	x->upre = x->nupreg = 0;
	if (!x->f->entry || x->nregs == 0)
		return PTX_OK;
	if (!(def = interp_alloc(pm->cx, (size_t)x->nregs)) ||
	    !(x->upreg = interp_alloc(pm->cx, (size_t)x->nregs * sizeof *x->upreg))) {
		interp_free(pm->cx, def);
		return PTX_ENOMEM;
	}
	for (; n < x->npc; n++) {
		const XIns *xi = &pm->code[x->pc0 + n];
		int ok = xi->plain && !(xi->x == X_ALU && xi->alu.flags & (ALU_CCIN | ALU_CCOUT)) &&
		    (xi->x != X_LD || xi->shape == SHAPE_KPARAM) && xi->x != X_ST;
		for (int k = 0; ok && k < xi->ns; k++) {
			const XOp *o = &xi->s[k];
			ok = o->k == XO_IMM || ((o->k == XO_REG || o->k == XO_NOT) && def[o->r]) ||
			    (o->k == XO_SREG && ctauniform(o->sreg));
		}
		for (int k = 0; ok && k < xi->nd; k++)
			ok = xi->d[k].k == XO_REG || xi->d[k].k == XO_SINK;
		if (!ok)
			break;
		for (int k = 0; k < xi->nd; k++)
			if (xi->d[k].k == XO_REG && !def[xi->d[k].r]) {
				def[xi->d[k].r] = 1;
				x->upreg[x->nupreg++] = xi->d[k].r;
			}
	}
	x->upre = n;
	interp_free(pm->cx, def);
	return PTX_OK;
}

int
interp_plan(ptx_module *pm, XFunc *x)
{
	if (!fastpaths()) {
		x->upre = x->nupreg = 0;
		return PTX_OK;
	}
	for (int k = 0; k < x->npc - 1; k++) {
		XIns *xi = &pm->code[x->pc0 + k];
		plan_fast(pm, xi);
		xi->shape = (uint8_t)plan_shape(x, xi);
		xi->plain = (uint8_t)plan_plain(xi);
	}
	return plan_prologue(pm, x);
}

/*
 * Whether a checked launch may skip, at xi, the per-instruction hooks of
 * racecheck's ordering count (check_race.c interp_chk_order), the copies
 * in flight (check_async.c interp_chk_async, under asynccheck or
 * racecheck: CHK_COPIES) and synccheck (check_sync.c
 * interp_chk_sync), decided here once for the module, after every
 * function is decoded; exec.c's checked executor reads XIns.quiet and
 * then runs initcheck's register test alone.  What must hold, hook by
 * hook, for the kinds below (moves, ALU, cvta, isspacep, loads and
 * stores that are not strong):
 *   ordering    ORD_NONE: ordering() lists these kinds as ordering
 *               nothing, and a load or store only when it is weak
 *               (interp_chk_strong, the same test strongx remembers);
 *   asynccheck  no special case of interp_chk_async is one of these
 *               kinds, and its test of an instruction's registers against
 *               wgmma accumulators in flight finds nothing while no
 *               wgmma has run: the module has no wgmma at all;
 *   synccheck   interp_chk_sync looks at branches, the kinds that may
 *               carry .aligned (mayalign) and the collectives only;
 *   initcheck   interp_chk_regs reports, for these kinds, only an
 *               undefined address register (their other sources are
 *               passed on, not reported) and defines the destinations:
 *               exec.c tests the address register inline and calls it
 *               only when that would report.
 * tests/check.test runs every case and every tests/run kernel under
 * --check=all and compares the reports; with PTXKIT_FASTPATHS=0 nothing
 * is quiet and every hook runs.
 */
void
interp_plan_quiet(ptx_module *pm)
{
	int none = !fastpaths();   /* a module with a wgmma: nothing is quiet */

	for (int k = 0; k < pm->ncode; k++)
		none |= pm->code[k].x == X_WGMMA;
	for (int k = 0; k < pm->ncode; k++) {
		XIns *xi = &pm->code[k];
		int q = 0;
		switch (xi->x) {
		case X_ALU: case X_MOV: case X_MOVPACK: case X_MOVUNPACK: case X_CVTA: case X_CVTATO:
		case X_ISSPACEP:
			q = 1;
			break;
		case X_LD: case X_ST:
			q = !interp_chk_strong(xi->in);
			break;
		}
		xi->quiet = (uint8_t)(q && !none);
	}
}

/*
 * space.c — state spaces of memory accesses.
 *
 * ptxas checks the state space only where an instruction names a variable
 * directly (`ld.shared [g]` with g in .global).  Addresses usually travel in
 * registers, and there ptxas checks nothing: `mov.u64 %rd, s` of a .shared
 * variable followed by `ld.global [%rd]`, `cvta.to.shared` of a global
 * pointer, or a generic store through a `cvta.const` address all assemble
 * and then fault or corrupt memory.
 *
 * So the pass computes, for every SSA value, where it points: into the
 * window of one state space (what mov of a variable and cvta.to give), a
 * generic address known to point into one space (cvta, kernel parameters
 * declared .ptr.SPACE), or unknown.  Copies, add/sub of an offset and phis
 * carry it; anything else (loads, arithmetic on two addresses) makes it
 * unknown, and a phi of two different provenances is unknown too.  The lattice
 * is solved optimistically over the CFG in reverse postorder.  Only definite
 * provenance is reported, so an unknown pointer never raises a finding.
 *
 * Also: generic accesses naming a .param or .const variable (which has no
 * generic address), the spaces of cp.async and of the bulk copies, of
 * multimem and createpolicy.range on .global and of st.async and
 * red.async, st to .const (and generic
 * stores into the const window), atomics on
 * .local, and writes to kernel parameters.
 */
#include <stdlib.h>
#include "verify.h"

enum { P_TOP, P_WIN, P_GEN, P_BOT };

typedef struct {
	unsigned char k, sp;
	unsigned char par;   /* P_GEN from a 64-bit kernel parameter: the host passed it */
} Prov;

static const char *
spname(int sp)
{
	return sp > 0 && sp < NSP ? ir_spacename[sp] : "?";
}

static Prov
provof(const Prov *pv, Func *fn, Ins *in, const Opnd *o)
{
	Prov bot = { P_BOT, 0, 0 };
	int val;

	if (o->kind == OK_SYM && o->sym && o->sym->kind == SYM_VAR)
		return (Prov){ P_WIN, (unsigned char)o->sym->space, 0 };
	if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG)
		return bot;
	val = verify_useof(in, o);
	if (val < 0 || verify_isentry(fn, val))
		return bot;
	return pv[val];
}

static Prov
meet(Prov a, Prov b)
{
	if (a.k == P_TOP)
		return b;
	if (b.k == P_TOP)
		return a;
	if (a.k == b.k && a.sp == b.sp)
		return a.par == b.par ? a : (Prov){ a.k, a.sp, 0 };
	return (Prov){ P_BOT, 0, 0 };
}

static int
isaddr(Prov p)
{
	return p.k == P_WIN || p.k == P_GEN;
}

static int
iskernelparam(const Func *fn, const Sym *s)
{
	if (!fn->entry)
		return 0;
	for (int i = 0; i < fn->npar; i++)
		if (fn->par[i].sym == s)
			return 1;
	return 0;
}

/* A parameter fn receives (a kernel's, or a .func's input: ptxas refuses
 * writes to both; a .func's return parameters are written). */
static int
isinparam(const Func *fn, const Sym *s)
{
	for (int i = 0; i < fn->npar; i++)
		if (fn->par[i].sym == s)
			return 1;
	return 0;
}

/* What the single value in defines points to. */
static Prov
transfer(const Prov *pv, Func *fn, Ins *in)
{
	Prov bot = { P_BOT, 0, 0 }, a, b;

	switch (in->op) {
	case OP_MOV:
		if (in->nopnd == 2)
			return provof(pv, fn, in, &in->opnd[1]);
		break;
	case OP_CVTA:
		if (in->nopnd == 2 && in->space)
			return (Prov){ ir_hasmod(in, MOD_TO) ? P_WIN : P_GEN, (unsigned char)in->space, 0 };
		break;
	case OP_ADD: case OP_SUB:
		if (in->nopnd != 3)
			break;
		a = provof(pv, fn, in, &in->opnd[1]);
		b = in->op == OP_ADD ? provof(pv, fn, in, &in->opnd[2]) : bot;
		if (isaddr(a) && !isaddr(b))
			return a;
		if (isaddr(b) && !isaddr(a))
			return b;
		if (a.k == P_TOP || b.k == P_TOP)
			return (Prov){ P_TOP, 0, 0 };
		break;
	case OP_LD:
		/* a kernel parameter declared .ptr.SPACE holds a generic address into SPACE */
		if (in->space == SP_PARAM && in->nopnd >= 2 && in->opnd[1].kind == OK_ADDR &&
		    in->opnd[1].base && in->opnd[1].base->kind == OK_SYM && in->opnd[1].base->sym &&
		    in->opnd[1].base->sym->ptrspace && fn->entry)
			return (Prov){ P_GEN, (unsigned char)in->opnd[1].base->sym->ptrspace, 0 };
		/* Any other 64-bit kernel parameter the kernel uses as an address
		 * came from the host, which has no shared, local or const window
		 * addresses to give: it is a generic address of global memory.  (A
		 * 32-bit one may be an offset into the shared window, and stays
		 * unknown.) */
		if (in->space == SP_PARAM && fn->entry && verify_bits(in->ty[0]) == 64 && in->vec == 1 && in->nopnd == 2 &&
		    in->opnd[0].kind == OK_REG && in->opnd[1].kind == OK_ADDR && in->opnd[1].base &&
		    in->opnd[1].base->kind == OK_SYM && iskernelparam(fn, in->opnd[1].base->sym))
			return (Prov){ P_GEN, SP_GLOBAL, 1 };
		break;
	}
	return bot;
}

static void
solve(Prov *pv, Func *fn)
{
	int changed = 1;

	for (int iter = 0; changed && iter < 20; iter++) {
		changed = 0;
		for (int r = 0; r < fn->nrpo; r++) {
			Blk *b = &fn->blk[fn->rpo[r]];
			for (int p = 0; p < b->nphi; p++) {
				Phi *ph = &b->phi[p];
				Prov x = { P_TOP, 0, 0 };
				for (int k = 0; k < ph->narg; k++) {
					int a = ph->arg[k];
					if (a < 0)
						continue;
					x = meet(x, verify_isentry(fn, a) ? (Prov){ P_BOT, 0, 0 } : pv[a]);
				}
				if (x.k != pv[ph->def].k || x.sp != pv[ph->def].sp) {
					pv[ph->def] = x;
					changed = 1;
				}
			}
			for (int i = b->i0; i < b->i1; i++) {
				Ins *in = fn->ins[i];
				Prov x;
				if (in->ndef == 0)
					continue;
				x = in->ndef == 1 ? transfer(pv, fn, in) : (Prov){ P_BOT, 0, 0 };
				if (in->guard && in->nuse > 0 && in->ndef == 1)
					x = meet(x, pv[in->use[in->nuse - 1]]);
				for (int d = 0; d < in->ndef; d++) {
					Prov *t = &pv[in->def[d]];
					if (x.k != t->k || x.sp != t->sp) {
						*t = x;
						changed = 1;
					}
				}
			}
		}
	}
}

/* One address operand o of a memory instruction in space sp (SP_NONE: generic). */
static void
access(Verify *v, const Prov *pv, Func *fn, Ins *in, Opnd *o, int sp, int writes)
{
	Opnd *base = o->base;
	const char *opn = ir_opinfo[in->op].name;

	if (!base)
		return;
	if (base->kind == OK_SYM && base->sym && base->sym->kind == SYM_VAR) {
		int x = base->sym->space;
		if (sp != SP_NONE && x != sp && x != SP_TEX)
			verify_report(v, VC_SPACE, base->loc,
			    "'%s.%s' of '%s', which is a .%s variable", opn, spname(sp), base->sym->name, spname(x));
		else if (sp == SP_NONE && (x == SP_PARAM || x == SP_CONST))
			/* ptxas gives a variable named directly in a generic access its
			 * generic address, which .param and .const variables lack */
			verify_report(v, VC_SPACE, base->loc,
			    "generic '%s' of .%s variable '%s', which has no generic address: name its space",
			    opn, spname(x), base->sym->name);
		else if (writes && sp == SP_PARAM && isinparam(fn, base->sym))
			verify_report(v, VC_PARAMWRITE, base->loc, "write to %s parameter '%s'",
			    fn->entry ? "kernel" : "input", base->sym->name);
		return;
	}
	Prov p = provof(pv, fn, in, base);
	if (!isaddr(p) || p.sp == SP_PARAM)
		return;
	if (sp == SP_NONE) {
		if (p.k == P_WIN && p.sp != SP_GLOBAL)
			verify_report(v, VC_PTRSPACE, base->loc,
			    "generic '%s' through '%s', which holds a .%s window address (convert it with cvta.%s first)",
			    opn, base->sym->name, spname(p.sp), spname(p.sp));
		else if (writes && p.sp == SP_CONST)
			verify_report(v, VC_PTRSPACE, base->loc,
			    "generic '%s' through '%s' writes into .const memory", opn, base->sym->name);
		return;
	}
	if (p.sp != sp && !(p.sp == SP_GLOBAL && sp == SP_GLOBAL))
		verify_report(v, VC_PTRSPACE, base->loc,
		    "'%s.%s' through '%s', which holds a%s .%s address", opn, spname(sp), base->sym->name,
		    p.k == P_GEN ? " generic" : "", spname(p.sp));
}

static void
cvta(Verify *v, const Prov *pv, Func *fn, Ins *in)
{
	Opnd *a;
	Prov p;

	if (in->nopnd != 2 || !in->space)
		return;
	a = &in->opnd[1];
	p = provof(pv, fn, in, a);
	if (!isaddr(p) || p.sp == in->space || p.sp == SP_PARAM)
		return;
	if (ir_hasmod(in, MOD_TO)) {
		if (p.par)
			verify_report(v, VC_PTRSPACE, a->loc,
			    "cvta.to.%s of %s, a pointer the kernel received as a parameter: the host can only pass "
			    "addresses of global memory", spname(in->space), a->kind == OK_REG ? a->sym->name : "an address");
		else if (p.k == P_GEN || p.sp == SP_GLOBAL)
			verify_report(v, VC_PTRSPACE, a->loc, "cvta.to.%s of %s, which points into .%s",
			    spname(in->space), a->kind == OK_REG ? a->sym->name : "an address", spname(p.sp));
	} else if (p.k == P_WIN) {
		verify_report(v, VC_PTRSPACE, a->loc, "cvta.%s of %s, which is a .%s address",
		    spname(in->space), a->sym ? a->sym->name : "an address", spname(p.sp));
	}
}

/* A call of a small function (nvcc -G's __cvta_generic_to_shared) that
 * applies cvta.to.SPACE to one of its parameters, passed a pointer the
 * kernel received as a parameter. */
static void
callcvta(Verify *v, const Prov *pv, Func *fn, Ins *in)
{
	Func *c = verify_callee(in);

	if (!c || c->nins > 64)
		return;
	for (int i = 0; i < c->nins; i++) {
		Ins *x = c->ins[i], *at;
		Opnd *arg;
		int k;
		if (x->op != OP_CVTA || !ir_hasmod(x, MOD_TO) || x->nopnd != 2 || x->space == SP_GLOBAL ||
		    x->space == SP_NONE || (k = verify_paramof(c, x, &x->opnd[1])) < 0 ||
		    !(arg = verify_callarg(fn, in, k, &at)))
			continue;
		Prov p = provof(pv, fn, at, arg);
		if (isaddr(p) && p.par)
			verify_report(v, VC_PTRSPACE, arg->loc,
			    "'%s' applies cvta.to.%s (line %d) to %s, a pointer the kernel received as a parameter: "
			    "the host can only pass addresses of global memory", c->name, spname(x->space), x->loc.line,
			    arg->kind == OK_REG ? arg->sym->name : "an address");
		return;
	}
}

/*
 * cp.async.CACHE.shared{::cta}.global [dst], [src], size: ptxas 13.0 wants
 * both spaces, in that order ("Unexpected number of state spaces",
 * "State space incorrect"), no other shared window ("Illegal modifier
 * '::cluster'"), a .ca or .cg, and variables named directly in their own
 * space.
 */
static void
cpasync(Verify *v, const Prov *pv, Func *fn, Ins *in)
{
	int sp[3], n = 0;

	for (int i = 0; i < in->nmod; i++) {
		int x;
		switch (in->mod[i]) {
		case MOD_GLOBAL: x = SP_GLOBAL; break;
		case MOD_SHARED: case MOD_SHARED_CTA: case MOD_SHARED_CLUSTER: x = SP_SHARED; break;
		case MOD_LOCAL: x = SP_LOCAL; break;
		case MOD_CONST: x = SP_CONST; break;
		case MOD_PARAM: case MOD_PARAM_ENTRY: case MOD_PARAM_FUNC: x = SP_PARAM; break;
		default: continue;
		}
		if (in->mod[i] == MOD_SHARED_CLUSTER)
			verify_report(v, VC_SPACE, in->loc, "cp.async cannot write .shared::cluster, only .shared::cta");
		if (n < 3)
			sp[n] = x;
		n++;
	}
	if (n != 2) {
		verify_report(v, VC_SPACE, in->loc,
		    "cp.async names %d state space%s; it takes two, .shared.global", n, n == 1 ? "" : "s");
		return;
	}
	if (sp[0] != SP_SHARED || sp[1] != SP_GLOBAL) {
		verify_report(v, VC_SPACE, in->loc, "cp.async copies .global to .shared: write cp.async.%s.shared.global",
		    ir_hasmod(in, MOD_CG) ? "cg" : "ca");
		return;
	}
	if (!ir_hasmod(in, MOD_CA) && !ir_hasmod(in, MOD_CG))
		verify_report(v, VC_MODIFIER, in->loc, "cp.async needs a cache operator, .ca or .cg");
	for (int k = 0; k < 2 && k < in->nopnd; k++)
		if (in->opnd[k].kind == OK_ADDR)
			access(v, pv, fn, in, &in->opnd[k], sp[k], k == 0);
}

/* access() of a variable named directly, as ptxas checks it: what a
 * register holds is left alone where ptxas 13.0 takes any address (a
 * kernel's pointer parameter as st.async's .shared::cluster one). */
static void
named(Verify *v, const Prov *pv, Func *fn, Ins *in, Opnd *o, int sp, int writes)
{
	if (o->kind == OK_ADDR && !o->addrlist && o->base && o->base->kind == OK_SYM)
		access(v, pv, fn, in, o, sp, writes);
}

/*
 * The bulk copies name their spaces destination first (cp.async.bulk
 * .shared::cluster.global [d], [s], ...), the prefetch its source's
 * (.global), and each variable named directly is of its operand's space,
 * the mbarrier's .shared ("State space mismatch between instruction and
 * address in instruction 'cp.async.bulk'", ptxas 13.0).  Which pairs of
 * spaces they take is modrule.c's.
 */
static void
bulkspace(Verify *v, const Prov *pv, Func *fn, Ins *in)
{
	int sp[2], n = 0;

	for (int i = 0; i < in->nmod && n < 2; i++)
		switch (in->mod[i]) {
		case MOD_GLOBAL: sp[n++] = SP_GLOBAL; break;
		case MOD_SHARED: case MOD_SHARED_CTA: case MOD_SHARED_CLUSTER: sp[n++] = SP_SHARED; break;
		}
	if (n < (in->op == OP_CP_ASYNC_BULK_PREFETCH ? 1 : 2))
		return;
	for (int k = 0; k < n && k < in->nopnd; k++)
		named(v, pv, fn, in, &in->opnd[k], sp[k], k == 0 && in->op != OP_CP_ASYNC_BULK_PREFETCH);
	if (in->op != OP_CP_ASYNC_BULK_PREFETCH && ir_hasmod(in, MOD_MBAR_COMPLETE_TX) && in->nopnd > 3)
		named(v, pv, fn, in, &in->opnd[3], SP_SHARED, 1);
}

/* The cache modifiers that name the L1 and L2 of global memory: an
 * eviction priority, .L1::no_allocate, .L2::cache_hint and an L2 prefetch
 * size are for ld and st of .global (or a generic address), and prefetch
 * names .global, .local or a generic address (ptxas 13.0: "Modifier
 * '.evict_last' cannot be applied to '.shared' space for instruction
 * 'ld'", "State space incorrect for feature 'cache prefetching'", "State
 * space incorrect for instruction 'prefetch'"; a .tensormap prefetch is
 * types.c's). */
static void
cachespace(Verify *v, const Ins *in)
{
	if (in->space == SP_NONE || in->space == SP_GLOBAL)
		return;
	if (in->op == OP_PREFETCH && ir_hasmod(in, MOD_TENSORMAP))
		return;
	if (in->op == OP_PREFETCH && in->space != SP_LOCAL) {
		verify_report(v, VC_SPACE, in->loc, "'prefetch' names .global, .local or a generic address, not .%s",
		    spname(in->space));
		return;
	}
	for (int i = 0; i < in->nmod; i++) {
		int md = in->mod[i];
		if (md < NTY || md >= NMOD)
			continue;
		if (ir_modinfo[md].cls == MC_EVICT || md == MOD_L2_CACHE_HINT || md == MOD_L2_64B || md == MOD_L2_128B ||
		    md == MOD_L2_256B) {
			verify_report(v, VC_SPACE, in->loc, "'.%s' is for .global or generic addresses, not .%s ('%s')",
			    ir_modinfo[md].name, spname(in->space), ir_opinfo[in->op].name);
			return;
		}
	}
}

static void
space(Verify *v, Func *fn)
{
	Prov *pv = calloc((size_t)fn->nval + 1, sizeof *pv);

	if (!pv)
		return;
	/* provenance matters only to pointer-space; P_TOP everywhere is no finding */
	if (v->o->sev[VC_PTRSPACE] >= 0)
		solve(pv, fn);
	for (int i = 0; i < fn->nins; i++) {
		Ins *in = fn->ins[i];
		unsigned fl = ir_opinfo[in->op].flags;
		if (in->blk >= 0 && in->blk < fn->nblk && fn->blk[in->blk].rpo < 0)
			continue;
		if (in->op == OP_LD || in->op == OP_ST || in->op == OP_PREFETCH)
			cachespace(v, in);
		switch (in->op) {
		case OP_LD: case OP_LDU:
			if (in->nopnd >= 2 && in->opnd[1].kind == OK_ADDR)
				access(v, pv, fn, in, &in->opnd[1], in->space, 0);
			break;
		case OP_ST:
			if (in->space == SP_CONST) {
				verify_report(v, VC_SPACE, in->loc, "st cannot write the .const state space");
				break;
			}
			if (in->nopnd >= 1 && in->opnd[0].kind == OK_ADDR)
				access(v, pv, fn, in, &in->opnd[0], in->space, 1);
			break;
		case OP_ATOM: case OP_RED:
			if (in->space == SP_LOCAL || in->space == SP_CONST || in->space == SP_PARAM) {
				verify_report(v, VC_SPACE, in->loc, "'%s' cannot operate on the .%s state space",
				    ir_opinfo[in->op].name, spname(in->space));
				break;
			}
			for (int k = 0; k < in->nopnd; k++)
				if (in->opnd[k].kind == OK_ADDR) {
					access(v, pv, fn, in, &in->opnd[k], in->space, 1);
					break;
				}
			break;
		case OP_PREFETCH: case OP_PREFETCHU:
			if (in->nopnd >= 1 && in->opnd[0].kind == OK_ADDR)
				access(v, pv, fn, in, &in->opnd[0], in->space, 0);
			break;
		case OP_CP_ASYNC:
			cpasync(v, pv, fn, in);
			break;
		case OP_MULTIMEM_LD_REDUCE: case OP_MULTIMEM_ST: case OP_MULTIMEM_RED:
			/* multimem.st.global [sv] ("State space mismatch between
			 * instruction and address in instruction 'multimem.st'") */
			for (int k = 0; ir_hasmod(in, MOD_GLOBAL) && k < in->nopnd; k++)
				if (in->opnd[k].kind == OK_ADDR) {
					named(v, pv, fn, in, &in->opnd[k], SP_GLOBAL, in->op != OP_MULTIMEM_LD_REDUCE);
					break;
				}
			break;
		case OP_ST_ASYNC: case OP_RED_ASYNC:
			/* st.async.shared::cluster [gv], or its mbarrier named as
			 * a .global variable ("State space mismatch between
			 * instruction and address in instruction 'st.async'");
			 * with no space named ptxas 13.0 checks neither */
			if (in->nopnd >= 1 && (ir_hasmod(in, MOD_SHARED_CLUSTER) || ir_hasmod(in, MOD_GLOBAL)))
				named(v, pv, fn, in, &in->opnd[0], ir_hasmod(in, MOD_GLOBAL) ? SP_GLOBAL : SP_SHARED, 1);
			if (in->nopnd == 3 && ir_hasmod(in, MOD_SHARED_CLUSTER))
				named(v, pv, fn, in, &in->opnd[2], SP_SHARED, 1);
			break;
		case OP_CREATEPOLICY_RANGE:
			/* createpolicy.range.global [sv] ("State space mismatch
			 * between instruction and address") */
			if (ir_hasmod(in, MOD_GLOBAL) && in->nopnd >= 2)
				named(v, pv, fn, in, &in->opnd[1], SP_GLOBAL, 0);
			break;
		case OP_CP_ASYNC_BULK: case OP_CP_REDUCE_ASYNC_BULK: case OP_CP_ASYNC_BULK_PREFETCH:
			bulkspace(v, pv, fn, in);
			break;
		case OP_CVTA:
			cvta(v, pv, fn, in);
			break;
		case OP_CALL:
			if (fn->entry && v->o->sev[VC_PTRSPACE] >= 0)
				callcvta(v, pv, fn, in);
			break;
		}
		(void)fl;
	}
	free(pv);
}

void
verify_space(Verify *v)
{
	for (int f = 0; f < v->m->nfn; f++) {
		Func *fn = v->m->fn[f];
		if (fn->hasbody && fn->built)
			space(v, fn);
	}
}

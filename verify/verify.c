/*
 * verify.c — the check table, the options and the verifier pipeline.
 *
 * verify_module runs the passes in a fixed order.  The structural pass comes
 * first because later passes trust the CFG it looks at; types and targets
 * follow because they mirror what ptxas itself rejects; the dataflow passes
 * (state spaces, alignment, definedness, uniformity) need SSA, and skip any
 * function ir_build could not finish; the protocol and style passes run
 * last.  A pass reports through verify_report, which applies the per-check
 * severity chosen by the user, so no pass needs to know about -W options.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "verify.h"

/* ORDER VC */
const VerifyCheck verify_checks[NVC] = {
	[VC_UNREACHABLE] = {"unreachable", SEV_WARNING, "code that no path from the function entry reaches", 0},
	[VC_FALLOFF]     = {"fall-off-end", SEV_WARNING, "control can reach the end of a body without ret or exit", 0},
	[VC_CALLPROTO]   = {"call-prototype", SEV_ERROR, "call of a function that is not declared before the call", 1},
	[VC_PARAMALIGN]  = {"param-align", SEV_ERROR, "a .param argument aligned otherwise than its formal parameter", 1},
	[VC_OPTYPE]      = {"operand-type", SEV_ERROR, "operand type or width incompatible with the instruction type", 1},
	[VC_IMMRANGE]    = {"immediate-range", SEV_WARNING, "immediate that does not fit the instruction type", 0},
	[VC_INSTRTYPE]   = {"instr-type", SEV_ERROR, "instruction type the opcode does not accept", 1},
	[VC_MODIFIER]    = {"modifier", SEV_ERROR, "modifier the opcode does not accept, or a required one missing", 1},
	[VC_COMPARE]     = {"compare", SEV_ERROR, "comparison operator not defined for the instruction type", 1},
	[VC_VECTOR]      = {"vector", SEV_ERROR, "vector size differs from .vN or the shape, or its registers disagree", 1},
	[VC_SPACE]       = {"state-space", SEV_ERROR, "memory access in a state space its address cannot be in", 1},
	[VC_PARAMWRITE]  = {"param-write", SEV_ERROR, "write to a kernel parameter or to .const", 1},
	[VC_PTRSPACE]    = {"pointer-space", SEV_ERROR, "address held in a register used in a state space it does not point into", 0},
	[VC_NCWRITE]     = {"nc-write", SEV_WARNING, "ld.global.nc of memory the same kernel writes", 0},
	[VC_NULLADDR]    = {"null-address", SEV_WARNING, "global or generic access through a constant address in the null page", 0},
	[VC_ALIGN]       = {"alignment", SEV_ERROR, "address provably misaligned for the access size", 0},
	[VC_BOUNDS]      = {"bounds", SEV_ERROR, "constant offset past the end of a variable or the parameters", 0},
	[VC_UNINIT]      = {"uninit", SEV_WARNING, "register or predicate read before any write on some path", 0},
	[VC_MAYBEUNINIT] = {"maybe-uninit", -1, "register that may be read before any write, depending on the path", 0},
	[VC_DIVBAR]      = {"divergent-barrier", SEV_WARNING, "CTA barrier in thread-dependent control flow", 0},
	[VC_EXITBAR]     = {"exit-barrier", SEV_WARNING, "CTA barrier reached after some threads may have exited", 0},
	[VC_MAYBEDIV]    = {"maybe-divergent", -1, "CTA barrier finding whose divergence depends on loaded data", 0},
	[VC_BARRIER]     = {"barrier", SEV_ERROR, "barrier id or thread count out of range", 1},
	[VC_LAUNCH]      = {"launch-bounds", SEV_WARNING, "launch bounds that no launch can satisfy", 0},
	[VC_WARPMASK]    = {"warp-mask", SEV_WARNING, "warp collective whose member mask names lanes that may be inactive", 0},
	[VC_WARPDIV]     = {"warp-mask-divergent", SEV_WARNING, "full-mask warp collective in lane- or data-dependent control flow", 0},
	[VC_BRAUNI]      = {"bra-uni", SEV_WARNING, "bra.uni on a predicate that may differ between threads", 0},
	[VC_SHRACE]      = {"shared-race", SEV_WARNING, "shared memory read of another thread's write with no barrier between", 0},
	[VC_TARGET]      = {"target", SEV_ERROR, "feature needs a newer .target or PTX ISA .version", 1},
	[VC_ARCH]        = {"arch", SEV_ERROR, ".target incompatible with -arch", 1},
	[VC_DEPRECATED]  = {"deprecated", SEV_WARNING, "deprecated instruction form", 0},
	[VC_RESOURCES]   = {"resources", SEV_ERROR, "static resources beyond the target's limits", 1},
	[VC_ASYNC]       = {"async", SEV_WARNING, "asynchronous copy, mbarrier or wgmma protocol violated", 0},
	[VC_DIVZERO]     = {"div-by-zero", SEV_WARNING, "integer division or remainder by constant zero", 0},
	[VC_INFLOOP]     = {"infinite-loop", SEV_WARNING, "loop with no exit", 0},
	[VC_DUPDEST]     = {"dup-dest", SEV_WARNING, "the same register twice in a vector destination", 0},
	[VC_ADDRSIZE]    = {"address-size", SEV_WARNING, "no .address_size: the PTX default is 32", 0},
	[VC_MODULE]      = {"module", SEV_ERROR, "module directive, pragma or declaration ptxas refuses", 1},
	[VC_EXTERN]      = {"unresolved-extern", SEV_ERROR, "use of an .extern function or unsized array the module does not define (not with -c)", 1},
	[VC_EXTERNVAR]   = {"extern-var", SEV_WARNING, ".extern variable the module does not define: it becomes a definition (not with -c)", 0},
	[VC_EXTERNDEF]   = {"extern-redefined", SEV_ERROR, "function both .extern and defined, or .extern variable defined without .visible", 1},
	[VC_REDECL]      = {"redeclaration", SEV_ERROR, "function header written again with another signature or linkage, or after the definition", 1},
};

void
verify_opts_init(VerifyOpts *o)
{
	memset(o, 0, sizeof *o);
	for (int i = 0; i < NVC; i++)
		o->sev[i] = verify_checks[i].sev;
}

void
verify_opts_ptxas(VerifyOpts *o)
{
	memset(o, 0, sizeof *o);
	verify_sev_ptxas(o);
}

void
verify_sev_ptxas(VerifyOpts *o)
{
	for (int i = 0; i < NVC; i++)
		o->sev[i] = verify_checks[i].ptxas ? SEV_ERROR : -1;
}

int
verify_check_lookup(const char *name)
{
	for (int i = 0; i < NVC; i++)
		if (strcmp(verify_checks[i].name, name) == 0)
			return i;
	return -1;
}

void
verify_report(Verify *v, int check, Loc loc, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int sev = v->o->sev[check];

	if (sev < 0)
		return;
	if (sev == SEV_WARNING && v->o->werror)
		sev = SEV_ERROR;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (sev == SEV_ERROR)
		v->nerr++;
	diag_at(v->dg, sev, loc, verify_checks[check].name, "%s", buf);
}

char
verify_shape(int op, int i)
{
	const char *s = ir_opinfo[op].shape;

	if (!s || strcmp(s, "*") == 0)
		return 'x';
	while (i > 0 && *s) {
		if (*s++ == ',')
			i--;
	}
	return *s && *s != ',' ? *s : 'x';
}

int
verify_bits(int ty)
{
	return ty > 0 && ty < NTY ? ir_tyinfo[ty].bits : 0;
}

int
verify_kind(int ty)
{
	return ty > 0 && ty < NTY ? ir_tyinfo[ty].kind : -1;
}

static Opnd *
findreg(Opnd *o, Sym *s)
{
	Opnd *r;

	switch (o->kind) {
	case OK_REG:
		return o->sym == s ? o : NULL;
	case OK_ADDR:
		if (o->base && (r = findreg(o->base, s)))
			return r;
		/* fall through */
	case OK_VEC: case OK_LIST: case OK_PAIR: case OK_NOT:
		for (int i = 0; i < o->nsub; i++)
			if ((r = findreg(&o->sub[i], s)))
				return r;
		return NULL;
	}
	return NULL;
}

Opnd *
verify_regopnd(Ins *in, Sym *s)
{
	Opnd *r;

	if (in->guard && (r = findreg(in->guard, s)))
		return r;
	for (int i = in->ndst; i < in->nopnd; i++)
		if ((r = findreg(&in->opnd[i], s)))
			return r;
	/* a destination vector's address part, or a call's argument list */
	for (int i = 0; i < in->ndst && i < in->nopnd; i++)
		if (in->opnd[i].kind == OK_ADDR && (r = findreg(&in->opnd[i], s)))
			return r;
	return NULL;
}

static int
on(const VerifyOpts *o, int check)
{
	return o->sev[check] >= 0;
}

int
verify_module(Module *m, const VerifyOpts *o, Diags *dg)
{
	Verify v = { .m = m, .o = o, .dg = dg };

	/* A pass none of whose checks is on is skipped: the loader runs only
	 * the checks ptxas enforces (verify_opts_ptxas), and the dataflow
	 * passes behind the others cost more than the front end itself. */
	if (on(o, VC_UNREACHABLE) || on(o, VC_FALLOFF) || on(o, VC_CALLPROTO) || on(o, VC_PARAMALIGN) ||
	    on(o, VC_REDECL))
		verify_structure(&v);
	verify_types(&v);
	verify_modcount(&v);
	verify_tensor(&v);
	verify_target(&v);
	verify_extern(&v);
	verify_space(&v);
	if (on(o, VC_ALIGN) || on(o, VC_BOUNDS))
		verify_align(&v);
	if (on(o, VC_UNINIT) || on(o, VC_MAYBEUNINIT))
		verify_defined(&v);
	verify_uniform(&v);
	if (on(o, VC_SHRACE))
		verify_race(&v);
	if (on(o, VC_ASYNC))
		verify_async(&v);
	if (on(o, VC_ADDRSIZE) || on(o, VC_DIVZERO) || on(o, VC_DUPDEST) || on(o, VC_INFLOOP) || on(o, VC_NCWRITE) ||
	    on(o, VC_NULLADDR))
		verify_suspicious(&v);
	return v.nerr;
}

static void
reads(Opnd *o, int dst, Opnd **out, int *n, int max)
{
	dst |= o->isdst;
	switch (o->kind) {
	case OK_REG:
		if (!dst && o->sym && o->sym->kind == SYM_REG && *n < max)
			out[(*n)++] = o;
		break;
	case OK_VEC: case OK_LIST: case OK_PAIR:
		for (int k = 0; k < o->nsub; k++)
			reads(&o->sub[k], dst, out, n, max);
		break;
	case OK_NOT:
		for (int k = 0; k < o->nsub; k++)
			reads(&o->sub[k], 0, out, n, max);
		break;
	case OK_ADDR:
		if (o->base)
			reads(o->base, 0, out, n, max);
		for (int k = 0; k < o->nsub; k++)
			reads(&o->sub[k], 0, out, n, max);
		break;
	}
}

/* Mirrors ir/ssa.c's operand walk (ORDER USE). */
int
verify_reads(Ins *in, Opnd **out, int max)
{
	int n = 0;

	if (in->guard)
		reads(in->guard, 0, out, &n, max);
	for (int k = 0; k < in->nopnd; k++)
		reads(&in->opnd[k], 0, out, &n, max);
	return n;
}

Ins *
verify_defins(Func *fn, int val)
{
	if (val < 0 || val >= fn->nval || fn->val[val].ins < 0)
		return NULL;
	return fn->ins[fn->val[val].ins];
}

int
verify_useof(Ins *in, const Opnd *o)
{
	Opnd *r[64];
	int n = verify_reads(in, r, 64);

	for (int k = 0; k < n && k < in->nuse; k++)
		if (r[k] == o)
			return in->use[k];
	return -1;
}

int
verify_isentry(const Func *fn, int val)
{
	return val >= 0 && val < fn->nval && fn->val[val].ins < 0 && fn->val[val].phi < 0;
}

Func *
verify_callee(const Ins *call)
{
	const Opnd *t;
	Func *f;

	if (call->op != OP_CALL || call->nopnd <= call->ndst)
		return NULL;
	t = &call->opnd[call->ndst];
	if (t->kind != OK_SYM || !t->sym || t->sym->kind != SYM_FUNC)
		return NULL;
	f = t->sym->fn;
	return f && f->hasbody && f->built && !f->entry ? f : NULL;
}

Opnd *
verify_callarg(Func *fn, Ins *call, int k, Ins **at)
{
	int t = call->ndst + 1, i;
	Opnd *a;

	if (t >= call->nopnd || call->opnd[t].kind != OK_LIST || k < 0 || k >= call->opnd[t].nsub ||
	    call->blk < 0 || call->blk >= fn->nblk)
		return NULL;
	a = &call->opnd[t].sub[k];
	if (a->kind == OK_REG || a->kind == OK_IMM) {
		*at = call;
		return a;
	}
	if (a->kind != OK_SYM || !a->sym)
		return NULL;
	Blk *b = &fn->blk[call->blk];
	for (i = b->i1 - 1; i >= b->i0 && fn->ins[i] != call; i--)
		;
	for (i--; i >= b->i0; i--) {
		Ins *s = fn->ins[i];
		Opnd *d = &s->opnd[0];
		if (s->op == OP_ST && s->space == SP_PARAM && s->nopnd == 2 && !s->guard && d->kind == OK_ADDR &&
		    d->base && d->base->kind == OK_SYM && d->base->sym == a->sym && d->imm == 0) {
			*at = s;
			return &s->opnd[1];
		}
	}
	return NULL;
}

int
verify_cvtashared(const Func *f)
{
	int cvta = 0;

	if (!f || f->entry || !f->hasbody || !f->built || f->npar != 1 || f->nret != 1 || f->nins > 16)
		return 0;
	for (int i = 0; i < f->nins; i++) {
		const Ins *in = f->ins[i];
		if (in->guard)
			return 0;
		switch (in->op) {
		case OP_MOV: case OP_CVT: case OP_RET:
			break;
		case OP_LD: case OP_ST:
			if (in->space != SP_PARAM)
				return 0;
			break;
		case OP_CVTA:
			if (!ir_hasmod(in, MOD_TO) || in->space != SP_SHARED)
				return 0;
			cvta++;
			break;
		default:
			return 0;
		}
	}
	return cvta == 1;
}

Ins *
verify_retcall(Func *fn, Ins *ld)
{
	const Opnd *a = ld->nopnd == 2 ? &ld->opnd[1] : NULL;
	Blk *b;
	int i;

	if (ld->op != OP_LD || ld->space != SP_PARAM || !a || a->kind != OK_ADDR || !a->base ||
	    a->base->kind != OK_SYM || !a->base->sym || ld->blk < 0 || ld->blk >= fn->nblk)
		return NULL;
	b = &fn->blk[ld->blk];
	for (i = b->i1 - 1; i >= b->i0 && fn->ins[i] != ld; i--)
		;
	/* the call is the nearest before it in its block, the callseq's braces
	 * holding nothing else but the stores of the arguments */
	for (i--; i >= b->i0; i--) {
		Ins *c = fn->ins[i];
		if (c->op != OP_CALL)
			continue;
		if (c->ndst < 1 || c->opnd[0].kind != OK_LIST)
			return NULL;
		for (int k = 0; k < c->opnd[0].nsub; k++)
			if (c->opnd[0].sub[k].kind == OK_SYM && c->opnd[0].sub[k].sym == a->base->sym)
				return c;
		return NULL;
	}
	return NULL;
}

int
verify_paramof(Func *fn, Ins *in, const Opnd *o)
{
	for (int step = 0; step < 16; step++) {
		if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_REG || o->imm)
			return -1;
		Ins *d = verify_defins(fn, verify_useof(in, o));
		if (!d || d->guard || d->ndef != 1 || d->nopnd != 2)
			return -1;
		if (d->op == OP_LD && d->space == SP_PARAM && d->opnd[1].kind == OK_ADDR && d->opnd[1].imm == 0 &&
		    d->opnd[1].base && d->opnd[1].base->kind == OK_SYM) {
			for (int k = 0; k < fn->npar; k++)
				if (fn->par[k].sym == d->opnd[1].base->sym)
					return k;
			return -1;
		}
		if (d->op != OP_MOV && d->op != OP_CVT)
			return -1;
		o = &d->opnd[1];
		in = d;
	}
	return -1;
}

/* The words of the instruction's name as written, from its first byte:
 * "ld.global.nc.f32" has the segments global, nc, f32 after ld.  Fills
 * at[] with each segment's offset (its '.') from the opcode's first byte
 * and len[]; returns their number. */
static int
segments(const Verify *v, const Ins *in, int *at, int *len, int max)
{
	const char *src = v->dg ? v->dg->src : NULL;
	size_t end = v->dg ? v->dg->len : 0, p = in->loc.off;
	int n = 0;

	if (!src || p >= end)
		return 0;
	while (p < end && src[p] != '.' && src[p] != ' ' && src[p] != '\t' && src[p] != '\n' && src[p] != ';')
		p++;
	while (p < end && src[p] == '.' && n < max) {
		size_t q = p + 1;
		while (q < end && (src[q] == '_' || src[q] == ':' || src[q] == '$' ||
		    (src[q] >= '0' && src[q] <= '9') || (src[q] >= 'a' && src[q] <= 'z') || (src[q] >= 'A' && src[q] <= 'Z')))
			q++;
		at[n] = (int)(p - in->loc.off);
		len[n++] = (int)(q - p - 1);
		p = q;
	}
	return n;
}

Loc
verify_modat(const Verify *v, const Ins *in, int i)
{
	int at[32], len[32], used[32] = {0}, n = segments(v, in, at, len, 32);
	const char *src = v->dg ? v->dg->src : NULL, *name = ir_opinfo[in->op].name;
	Loc l = in->loc;

	if (!n || i < 0 || i >= in->nmod)
		return l;
	/* the opcode name's own words (sync of bar.sync) take the first
	 * segment that spells each, wherever the modifiers put it */
	for (const char *w = strchr(name, '.'); w; w = strchr(w + 1, '.')) {
		size_t wl = strcspn(w + 1, ".");
		for (int k = 0; k < n; k++)
			if (!used[k] && (size_t)len[k] == wl && !strncmp(src + in->loc.off + at[k] + 1, w + 1, wl)) {
				used[k] = 1;
				break;
			}
	}
	/* then modifier i is the segment of its spelling after those of the
	 * modifiers before it */
	for (int j = 0; j <= i; j++) {
		const char *t = in->modtext[j] ? in->modtext[j] : in->mod[j] < NMOD ? ir_modinfo[in->mod[j]].name : "";
		size_t tl = strlen(t);
		int k = 0;
		for (; k < n; k++)
			if (!used[k] && (size_t)len[k] == tl && !strncmp(src + in->loc.off + at[k] + 1, t, tl))
				break;
		if (k == n)
			return l;
		used[k] = 1;
		if (j == i) {
			l.off += (uint32_t)at[k];
			l.col += at[k];
		}
	}
	return l;
}

Loc
verify_modloc(const Verify *v, const Ins *in, int id)
{
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] == id)
			return verify_modat(v, in, i);
	return in->loc;
}

Loc
verify_modlast(const Verify *v, const Ins *in, int id)
{
	for (int i = in->nmod - 1; i >= 0; i--)
		if (in->mod[i] == id)
			return verify_modat(v, in, i);
	return in->loc;
}

/*
 * target.c — what the module's .target, .version and the -arch option
 * allow, and static resource limits.
 *
 *  - every opcode and modifier has a lowest PTX ISA version and sm_ target
 *    in the tables (ops.def, mods.def); arch-specific instructions (OF_SM_A)
 *    need an `a` target such as sm_90a, or an `f` one where OF_SM_F says a
 *    family target is enough;
 *  - the module's .target against -arch: ptxas refuses to compile a module
 *    for an older architecture than its .target, and an `a` target for any
 *    other architecture;
 *  - shfl and vote without .sync: an error on sm_70 and later from PTX ISA
 *    6.4 (ptxas rejects it there), deprecated before;
 *  - special registers have their own lowest version and target (the
 *    cluster registers, %aggr_smem_size, %reserved_smem_offset_*,
 *    %current_graph_exec), as ptxas 13.0 reports them;
 *  - 64-bit and, or, xor, min and max atomics need sm_32 (ptxas 13.0);
 *    what sm_1x lacks by type, modifier and state space (sm1x()), and
 *    what the half- and brain-float types need (halfgate()); texture
 *    and surface objects and cvta/isspacep on .const before PTX ISA 3.1;
 *  - an immediate address ([0x1000]) is allowed only in .local: ptxas
 *    refuses one in any other state space, generic included;
 *  - the module itself (module()): a .version newer than 9.0 (ptxas
 *    13.0's newest), .address_size 32 (ptxas 13.0 no longer compiles
 *    32-bit code) and 32-bit addresses (addr32()), module-scope .pragma words ptxas does not know or allows
 *    only in a body, .attribute before PTX ISA 4.0 (.managed before sm_30),
 *    .weak and generic() before PTX ISA 3.1, declarations of .b128 (PTX ISA
 *    8.3, sm_70) and .f16x2 (sm_53, no .param) and of texture handles
 *    anywhere but .global or a kernel's parameters (decltype()),
 *    .samplerref outside
 *    texmode_independent, .tex variables (only .u32/.u64, only before PTX
 *    ISA 1.5), function addresses before 2.1, .target debug without a
 *    .debug_ section, kernel
 *    parameter lists before PTX ISA 1.4, .param parameters of a .func on
 *    sm_1x, a body's .pragma "enable_smem_spilling" outside a kernel, in a
 *    debug module or under -c (bodypragmas()) or in a kernel that uses
 *    dynamic shared memory, and functions declared without .extern
 *    and never defined
 *    (ptxas: "Unresolved extern function");
 *  - resources: static shared memory over 48 KB per kernel (ptxas: "uses too
 *    much shared data"), .reqntid/.maxntid over 1024 threads (the kernel can
 *    never be launched), .maxnreg above 255 (ignored by ptxas).
 */
#include <string.h>
#include "verify.h"

/* The newest PTX ISA version ptxas 13.0 knows; a newer one is refused. */
#define MAX_ISA 90

static int
isa(const Module *m)
{
	return m->ver_major * 10 + m->ver_minor;
}

/* The special registers newer than the baseline: their lowest PTX ISA
 * version and sm_ target (probed with ptxas 13.0).  Names match by prefix. */
static const struct { const char *name; int isa, sm; } sregmin[] = {
	{"%is_explicit_cluster", 78, 90}, {"%clusterid", 78, 90}, {"%nclusterid", 78, 90},
	{"%cluster_ctaid", 78, 90}, {"%cluster_nctaid", 78, 90}, {"%cluster_ctarank", 78, 90},
	{"%cluster_nctarank", 78, 90}, {"%aggr_smem_size", 81, 90}, {"%reserved_smem_offset_", 76, 80},
	{"%current_graph_exec", 80, 0},
};

static void
gatesreg(Verify *v, const Opnd *o)
{
	const Module *m = v->m;

	for (int k = 0; k < o->nsub; k++)
		gatesreg(v, &o->sub[k]);
	if (o->base)
		gatesreg(v, o->base);
	if (o->kind != OK_REG || !o->sym || o->sym->kind != SYM_SREG)
		return;
	for (size_t i = 0; i < sizeof sregmin / sizeof sregmin[0]; i++) {
		size_t n = strlen(sregmin[i].name);
		if (strncmp(o->sym->name, sregmin[i].name, n) != 0)
			continue;
		if (sregmin[i].isa > isa(m))
			verify_report(v, VC_TARGET, o->loc, "'%s' requires PTX ISA .version %d.%d or later",
			    o->sym->name, sregmin[i].isa / 10, sregmin[i].isa % 10);
		if (m->sm && sregmin[i].sm > m->sm)
			verify_report(v, VC_TARGET, o->loc, "'%s' requires .target sm_%d or higher", o->sym->name,
			    sregmin[i].sm);
		return;
	}
}

/*
 * What sm_1x targets lack beyond an opcode's first target (the table's sm
 * column), as ptxas 13.0 still checks it by type, modifier and state
 * space: IEEE-rounded div, rcp and sqrt of .f32, fma.f32 and a rounded
 * mad.f32 (sm_20); atomics on .shared and 64-bit ones (sm_12), 64-bit ones
 * on .shared and atom.add.f32 (sm_20); and generic addressing, an access
 * without a state space (sm_20).  fma.f64 is taken on every target (ptxas
 * demotes doubles below sm_13), though the table says sm_13.
 */
static void
sm1x(Verify *v, const Ins *in)
{
	int sm = v->m->sm, t = in->ty[0], rnd = ir_mod_round(in) != MOD_NONE;
	const char *name = ir_opinfo[in->op].name;

	if (!sm || sm >= 20)
		return;
	switch (in->op) {
	case OP_DIV: case OP_RCP: case OP_SQRT:
		if (t == TY_F32 && rnd)
			verify_report(v, VC_TARGET, in->loc, "'%s' of .f32 with IEEE rounding requires .target sm_20 or higher",
			    name);
		break;
	case OP_FMA:
		if (t == TY_F32)
			verify_report(v, VC_TARGET, in->loc, "'fma.f32' requires .target sm_20 or higher");
		break;
	case OP_MAD:
		if (t == TY_F32 && rnd)
			verify_report(v, VC_TARGET, in->loc, "a rounding modifier on 'mad.f32' requires .target sm_20 or higher");
		break;
	case OP_ATOM: case OP_RED: {
		int b = verify_bits(t);
		if (in->space == SP_SHARED && sm < 12)
			verify_report(v, VC_TARGET, in->loc, "'%s' on .shared requires .target sm_12 or higher", name);
		else if (in->space == SP_SHARED && b == 64)
			verify_report(v, VC_TARGET, in->loc, "64-bit '%s' on .shared requires .target sm_20 or higher", name);
		else if (b == 64 && sm < 12)
			verify_report(v, VC_TARGET, in->loc, "64-bit '%s' requires .target sm_12 or higher", name);
		else if (t == TY_F32)
			verify_report(v, VC_TARGET, in->loc, "'%s' of .f32 requires .target sm_20 or higher", name);
		break;
	}
	}
	if ((in->op == OP_LD || in->op == OP_ST || in->op == OP_ATOM || in->op == OP_RED) &&
	    in->space == SP_NONE)
		verify_report(v, VC_TARGET, in->loc,
		    "'%s' without a state space is a generic access, which requires .target sm_20 or higher", name);
}

/*
 * What PTX ISA 3.1 brought to instructions: texture and surface objects
 * (a handle in a register rather than a .texref/.surfref name, "indirect"
 * access to ptxas) and cvta/isspacep on .const.
 */
static void
isa31(Verify *v, const Ins *in)
{
	const char *name = ir_opinfo[in->op].name;

	if (in->op == OP_CVTA || in->op == OP_ISSPACEP) {
		if (in->space == SP_CONST || ir_hasmod(in, MOD_CONST))
			verify_report(v, VC_TARGET, in->loc, "'%s' on .const requires PTX ISA .version 3.1 or later", name);
		return;
	}
	int surf = in->op == OP_SULD || in->op == OP_SUST || in->op == OP_SURED || in->op == OP_SUQ;
	if (!surf && in->op != OP_TEX && in->op != OP_TLD4 && in->op != OP_TXQ)
		return;
	for (int k = 0; k < in->nopnd; k++) {
		const Opnd *o = &in->opnd[k], *h;
		if (o->kind != OK_ADDR)
			continue;
		h = o->addrlist ? (o->nsub > 0 ? &o->sub[0] : NULL) : o->base;
		if (h && h->kind == OK_REG)
			verify_report(v, VC_TARGET, h->loc,
			    "'%s' through a %s handle in a register requires PTX ISA .version 3.1 or later", name,
			    surf ? "surface" : "texture");
		return;
	}
}

/* Whether e holds a generic(var) (PTX ISA 3.1). */
static int
hasgeneric(const Expr *e)
{
	if (!e)
		return 0;
	if (e->kind == E_GENERIC)
		return 1;
	if (hasgeneric(e->a) || hasgeneric(e->b) || hasgeneric(e->c))
		return 1;
	for (int i = 0; i < e->nelt; i++)
		if (hasgeneric(e->elt[i]))
			return 1;
	return 0;
}

/*
 * The half- and brain-float types against the target, where the opcode's
 * own first target (the table) is older, as ptxas 13.0 reports them: .bf16
 * and .bf16x2 anywhere need sm_80 (their add, sub, mul, setp, set, ex2,
 * tanh, atom and red sm_90); .f16 and .f16x2 arithmetic and compares sm_53, their min and
 * max sm_80, ex2 sm_75, atom and red of .f16 and .b16 sm_70; atom and
 * red add of .f64 sm_60 (cvt of the packed types: types.c's cvtpack[]).
 * And the other minimums that hang on a modifier or state space: min and
 * max .relu sm_90, cvta and isspacep on .param sm_70, prefetch with an L2
 * eviction priority sm_80.
 */
static void
halfgate(Verify *v, const Ins *in)
{
	int sm = v->m->sm, need = 0, bf = 0, h = 0;
	const char *what = NULL;

	for (int i = 0; i < in->nty; i++) {
		bf |= in->ty[i] == TY_BF16 || in->ty[i] == TY_BF16X2;
		h |= in->ty[i] == TY_F16 || in->ty[i] == TY_F16X2;
	}
	switch (in->op) {
	case OP_TANH:
		if (bf)
			need = 90, what = "tanh of bf16";
		break;
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_SETP: case OP_SET:
		if (bf)
			need = 90, what = "bf16 add, sub, mul and compares";
		/* fall through */
	case OP_FMA: case OP_NEG: case OP_ABS:
		if (h)
			need = 53, what = "f16 arithmetic and compares";
		break;
	case OP_EX2:
		if (h)
			need = 75, what = "ex2 of f16";
		else if (bf)
			need = 90, what = "ex2 of bf16";
		break;
	case OP_MIN: case OP_MAX:
		if (ir_hasmod(in, MOD_RELU))
			need = 90, what = "integer min and max with .relu";
		if (h && need < 80)
			need = 80, what = "f16 min and max";
		break;
	case OP_PREFETCH:
		for (int i = 0; i < in->nmod; i++)
			if (in->mod[i] >= NTY && in->mod[i] < NMOD && ir_modinfo[in->mod[i]].cls == MC_EVICT &&
			    strncmp(ir_modinfo[in->mod[i]].name, "L2::", 4) == 0)
				need = 80, what = "an L2 eviction priority";
		break;
	case OP_ISSPACEP: case OP_CVTA:
		if (in->space == SP_PARAM)
			need = 70, what = "the .param state space";
		break;
	case OP_ATOM: case OP_RED:
		if (bf)
			need = 90, what = "atomic bf16 add";
		else if (in->ty[0] == TY_B128)
			need = 90, what = "128-bit atomics";     /* atom.cas.b128 on sm_70: rejected */
		else if (in->ty[0] == TY_B16)
			need = 70, what = "16-bit atomics";
		else if (in->ty[0] == TY_F16)
			need = 70, what = "atomic f16 add";
		else if (in->ty[0] == TY_F64 && ir_hasmod(in, MOD_ADD))
			need = 60, what = "atomic f64 add";
		break;
	}
	/* the tensor-core instructions have their own bf16 rule (tensor.c) */
	if (bf && need < 80 && ir_opinfo[in->op].vrule != VR_TENSOR)
		need = 80, what = "bf16";
	if (!sm || need <= sm || need <= ir_opinfo[in->op].sm)
		return;
	verify_report(v, VC_TARGET, in->loc, "'%s' (%s) requires .target sm_%d or higher", ir_opinfo[in->op].name,
	    what, need);
}

/* Instruction types that came later than their opcodes, as ptxas 13.0
 * says: the packed 16-bit integers of add and min/max ("Feature
 * 'add.u16x2' requires PTX ISA .version 8.0", "... requires .target
 * sm_90"), the .f32x2 pairs ("Feature 'add.f32x2' requires .target
 * sm_100"), abs of .f16 and set of .f16 into an integer ("Feature
 * 'abs.f16 or abs.f16x2' requires PTX ISA .version 6.5", "half precision
 * floating point set instruction with integer result" 6.5) and ex2 of
 * .f16 ("Feature 'ex2.f16/f16x2'" 7.0).  op -1: every opcode. */
static const struct { int op, ty, isa, sm; } tygate[] = {
	{-1, TY_U16X2, 80, 90}, {-1, TY_S16X2, 80, 90}, {-1, TY_F32X2, 86, 100},
	{OP_ABS, TY_F16, 65, 0}, {OP_ABS, TY_F16X2, 65, 0}, {OP_SET, TY_F16, 65, 0}, {OP_SET, TY_F16X2, 65, 0},
	{OP_EX2, TY_F16, 70, 0}, {OP_EX2, TY_F16X2, 70, 0},
};

static void
typegates(Verify *v, const Ins *in)
{
	int sm = v->m->sm, ver = isa(v->m);

	for (size_t g = 0; g < sizeof tygate / sizeof tygate[0]; g++) {
		int has = 0;
		if (tygate[g].op >= 0 && tygate[g].op != in->op)
			continue;
		for (int i = 0; i < in->nty; i++)
			has |= in->ty[i] == tygate[g].ty;
		if (!has)
			continue;
		if (ver < tygate[g].isa)
			verify_report(v, VC_TARGET, in->loc, "'%s.%s' requires PTX ISA .version %d.%d or later",
			    ir_opinfo[in->op].name, ir_tyinfo[tygate[g].ty].name, tygate[g].isa / 10, tygate[g].isa % 10);
		else if (sm && sm < tygate[g].sm)
			verify_report(v, VC_TARGET, in->loc, "'%s.%s' requires .target sm_%d or higher",
			    ir_opinfo[in->op].name, ir_tyinfo[tygate[g].ty].name, tygate[g].sm);
		return;
	}
}

/* Modifiers that came to an opcode later than the modifier itself, as
 * ptxas 13.0 says: .satfinite on the cvts to f16, bf16, their pairs and
 * tf32 ("Modifier '.satfinite' on 'cvt.bf16.f32' requires PTX ISA
 * .version 8.1"; the 8-bit floats' cvts have it from 7.8), and the
 * orders of the mbarrier arrivals and waits: .acquire and .release from
 * 8.0, .relaxed from 8.6 (mbarrier.expect_tx has .relaxed with itself,
 * 8.0).  ty: the cvt's destination type, or 0 for any. */
static const struct { int op, mod, ty, isa; } modgate[] = {
	{OP_CVT, MOD_SATFINITE, TY_F16, 81}, {OP_CVT, MOD_SATFINITE, TY_BF16, 81},
	{OP_CVT, MOD_SATFINITE, TY_F16X2, 81}, {OP_CVT, MOD_SATFINITE, TY_BF16X2, 81},
	{OP_CVT, MOD_SATFINITE, TY_TF32, 81},
	{OP_MBARRIER_ARRIVE, MOD_RELAXED, 0, 86}, {OP_MBARRIER_ARRIVE_DROP, MOD_RELAXED, 0, 86},
	{OP_MBARRIER_TEST_WAIT, MOD_RELAXED, 0, 86}, {OP_MBARRIER_TRY_WAIT, MOD_RELAXED, 0, 86},
	{OP_MBARRIER_ARRIVE, MOD_RELEASE, 0, 80}, {OP_MBARRIER_ARRIVE_DROP, MOD_RELEASE, 0, 80},
	{OP_MBARRIER_TEST_WAIT, MOD_ACQUIRE, 0, 80}, {OP_MBARRIER_TRY_WAIT, MOD_ACQUIRE, 0, 80},
};

static void
modgates(Verify *v, const Ins *in)
{
	int ver = isa(v->m);

	for (size_t g = 0; g < sizeof modgate / sizeof modgate[0]; g++)
		if (modgate[g].op == in->op && ir_hasmod(in, modgate[g].mod) && ver < modgate[g].isa &&
		    (!modgate[g].ty || (in->nty >= 1 && in->ty[0] == modgate[g].ty))) {
			verify_report(v, VC_TARGET, in->loc, "modifier '.%s' on '%s' requires PTX ISA .version %d.%d or later",
			    ir_modinfo[modgate[g].mod].name, ir_opinfo[in->op].name, modgate[g].isa / 10,
			    modgate[g].isa % 10);
			return;
		}
}

static void
gate(Verify *v, Ins *in)
{
	const Module *m = v->m;
	const OpInfo *oi = &ir_opinfo[in->op];
	int sm = m->sm, ver = isa(m);

	if (oi->isa > ver)
		verify_report(v, VC_TARGET, in->loc, "'%s' requires PTX ISA .version %d.%d or later",
		    oi->name, oi->isa / 10, oi->isa % 10);
	/* .b128 came with PTX 8.3, as an instruction type too ("Feature
	 * 'Instruction type .b128 for instruction mov' requires PTX ISA
	 * .version 8.3 or later") */
	for (int i = 0; i < in->nty; i++)
		if (in->ty[i] == TY_B128 && ver < 83) {
			verify_report(v, VC_TARGET, in->loc, "'%s.b128' requires PTX ISA .version 8.3 or later", oi->name);
			break;
		}
	typegates(v, in);
	modgates(v, in);
	/* redux of .f32 runs on the sm_100 family alone, its arch- or
	 * family-specific targets ("Instruction 'redux.f32' not supported on
	 * .target 'sm_100'", '.. sm_90a', 'sm_110a', 'sm_120a'; sm_100a,
	 * sm_100f, sm_103a and sm_103f take it) */
	if (in->op == OP_REDUX_SYNC && in->nty == 1 && in->ty[0] == TY_F32 && sm &&
	    !((sm == 100 || sm == 103) && (m->smsuffix == 'a' || m->smsuffix == 'f')))
		verify_report(v, VC_TARGET, in->loc, "'redux.sync.f32' is not supported on .target sm_%d%s "
		    "(sm_100a, sm_100f, sm_103a or sm_103f)", sm, m->smsuffix ? (char[]){m->smsuffix, 0} : "");
	/* multimem's 8-bit floats (.e4m3, .e5m2 and their x2 and x4 packs)
	 * run on the arch-specific targets from sm_100 on and on the family
	 * ones of sm_100 and sm_110 ("Feature '.e5m2x2' not supported on
	 * .target 'sm_90a'", '.. sm_100', '.. sm_120f'; sm_100a, sm_100f,
	 * sm_103a, sm_110f, sm_120a and sm_121a take them) */
	if ((in->op == OP_MULTIMEM_LD_REDUCE || in->op == OP_MULTIMEM_ST) && in->nty >= 1 && sm &&
	    (in->ty[0] == TY_E4M3 || in->ty[0] == TY_E5M2 || in->ty[0] == TY_E4M3X2 || in->ty[0] == TY_E5M2X2 ||
	    in->ty[0] == TY_E4M3X4 || in->ty[0] == TY_E5M2X4) &&
	    !(sm >= 100 && (m->smsuffix == 'a' || (m->smsuffix == 'f' && sm < 120))))
		verify_report(v, VC_TARGET, verify_modloc(v, in, in->ty[0]), "'%s.%s' is not supported on .target sm_%d%s "
		    "(an sm_100 or later arch-specific target, or sm_100f, sm_103f, sm_110f)", oi->name,
		    ir_tyinfo[in->ty[0]].name, sm, m->smsuffix ? (char[]){m->smsuffix, 0} : "");
	/* the packed bytes of add, sub, neg, min and max came with PTX 9.2 */
	if (in->nty >= 1 && (in->ty[0] == TY_U8X4 || in->ty[0] == TY_S8X4) && ver < 92)
		verify_report(v, VC_TARGET, in->loc, "'%s.%s' requires PTX ISA .version 9.2 or later",
		    oi->name, ir_tyinfo[in->ty[0]].name);
	/* vectors of atom and red ("Feature 'atom instruction with vector
	 * types' requires .target sm_90"), and the mixed-precision add, sub
	 * and fma of an .f32 and an .f16 or .bf16 ("Feature 'add.f32.f16'
	 * requires .target sm_100") */
	if (sm && (in->op == OP_ATOM || in->op == OP_RED) && in->vec > 1 && sm < 90)
		verify_report(v, VC_TARGET, in->loc, "'%s' with vector types requires .target sm_90 or higher", oi->name);
	if (sm && (in->op == OP_ADD || in->op == OP_SUB || in->op == OP_FMA) && in->nty == 2 && sm < 100 &&
	    in->ty[0] == TY_F32 && (in->ty[1] == TY_F16 || in->ty[1] == TY_BF16))
		verify_report(v, VC_TARGET, in->loc, "'%s.%s.%s' requires .target sm_100 or higher", oi->name,
		    ir_tyinfo[in->ty[0]].name, ir_tyinfo[in->ty[1]].name);
	/* st.async and red.async store to .global, and take .release and
	 * .mmio, on sm_100 ("Feature 'st.async/red.async with .global state
	 * space' requires .target sm_100 or higher", "... with .release
	 * modifier", "... with .mmio modifier") */
	if (sm && sm < 100 && (in->op == OP_ST_ASYNC || in->op == OP_RED_ASYNC) &&
	    (ir_hasmod(in, MOD_GLOBAL) || ir_hasmod(in, MOD_RELEASE) || ir_hasmod(in, MOD_MMIO))) {
		ModId md = ir_hasmod(in, MOD_GLOBAL) ? MOD_GLOBAL : ir_hasmod(in, MOD_RELEASE) ? MOD_RELEASE : MOD_MMIO;
		verify_report(v, VC_TARGET, verify_modloc(v, in, md), "'%s.%s' requires .target sm_100 or higher", oi->name,
		    ir_modinfo[md].name);
	}
	/* sured's 64-bit minimum and maximum came with PTX 8.1 ("Feature
	 * '64-bit min/max operation on sured.b' requires PTX ISA .version 8.1
	 * or later"; sured.p's too) */
	if (in->op == OP_SURED && in->nty == 1 && verify_bits(in->ty[0]) == 64 && ver < 81 &&
	    (ir_hasmod(in, MOD_MIN) || ir_hasmod(in, MOD_MAX)))
		verify_report(v, VC_TARGET, in->loc, "64-bit min/max of 'sured' requires PTX ISA .version 8.1 or later");
	/* surfaces of .3d and of array geometry came with PTX 3.0 (ptxas:
	 * "Feature 'surface instruction with .3d geometry' requires PTX ISA
	 * .version 3.0 or later", "... with array geometry ..."), and
	 * sust.p of an array with PTX 4.1 and sm_30 ("Feature 'sust.p with
	 * array geometry' requires .target sm_30 or higher", "... requires
	 * PTX ISA .version 4.1 or later") */
	if (in->op == OP_SULD || in->op == OP_SUST || in->op == OP_SURED) {
		int arr = ir_hasmod(in, MOD_A1D) || ir_hasmod(in, MOD_A2D);
		if (ver < 30 && (arr || ir_hasmod(in, MOD_3D)))
			verify_report(v, VC_TARGET, in->loc, "'%s' with %s geometry requires PTX ISA .version 3.0 or later",
			    oi->name, arr ? "array" : ".3d");
		if (arr && in->op == OP_SUST && ir_hasmod(in, MOD_P)) {
			if (sm && sm < 30)
				verify_report(v, VC_TARGET, in->loc,
				    "'sust.p' with array geometry requires .target sm_30 or higher");
			else if (ver >= 30 && ver < 41)
				verify_report(v, VC_TARGET, in->loc,
				    "'sust.p' with array geometry requires PTX ISA .version 4.1 or later");
		}
	}
	/* the carry (.cc) of 64-bit add, sub, mad and their c forms came
	 * with PTX 4.3 (ptxas: "'.cc with 64bit type'"); addc without .cc
	 * takes 64 bits before */
	if (ir_hasmod(in, MOD_CC) && in->nty >= 1 && verify_bits(in->ty[0]) == 64 && ver < 43)
		verify_report(v, VC_TARGET, in->loc, "'%s.cc' of .%s requires PTX ISA .version 4.3 or later",
		    oi->name, ir_tyinfo[in->ty[0]].name);
	if (sm && oi->sm > sm && !(in->op == OP_FMA && in->ty[0] == TY_F64))
		verify_report(v, VC_TARGET, in->loc, "'%s' requires .target sm_%d or higher", oi->name, oi->sm);
	else if (sm && (oi->flags & OF_SM_A) && m->smsuffix != 'a' &&
	    !((oi->flags & OF_SM_F) && m->smsuffix == 'f'))
		verify_report(v, VC_TARGET, in->loc, "'%s' is not supported on .target sm_%d%s (needs sm_%da)",
		    oi->name, sm, m->smsuffix == 'f' ? "f" : "", sm);
	for (int i = 0; i < in->nmod; i++) {
		int id = in->mod[i];
		if (id < NTY || id >= NMOD)
			continue;
		const ModInfo *mi = &ir_modinfo[id];
		if (mi->isa > ver)
			verify_report(v, VC_TARGET, in->loc, "modifier '.%s' requires PTX ISA .version %d.%d or later",
			    mi->name, mi->isa / 10, mi->isa % 10);
		else if (sm && mi->sm > sm)
			verify_report(v, VC_TARGET, in->loc, "modifier '.%s' requires .target sm_%d or higher",
			    mi->name, mi->sm);
	}
	for (int k = 0; k < in->nopnd; k++)
		gatesreg(v, &in->opnd[k]);
	sm1x(v, in);
	halfgate(v, in);
	if (ver < 31)
		isa31(v, in);
	/* taking a function's address (mov %rd, f) came with PTX ISA 2.1 */
	if (in->op != OP_CALL && ver < 21)
		for (int k = 0; k < in->nopnd; k++) {
			const Opnd *o = &in->opnd[k];
			if (o->kind == OK_SYM && o->sym && o->sym->kind == SYM_FUNC) {
				verify_report(v, VC_TARGET, o->loc,
				    "the address of function '%s' requires PTX ISA .version 2.1 or later", o->sym->name);
				break;
			}
		}
	if ((in->op == OP_ATOM || in->op == OP_RED) && sm && sm < 32 && verify_bits(in->ty[0]) == 64 &&
	    (ir_hasmod(in, MOD_AND) || ir_hasmod(in, MOD_OR) || ir_hasmod(in, MOD_XOR) ||
	    ir_hasmod(in, MOD_MIN) || ir_hasmod(in, MOD_MAX)))
		verify_report(v, VC_TARGET, in->loc, "64-bit '%s' with and, or, xor, min or max requires .target sm_32 or higher",
		    oi->name);
	if (in->op != OP_CALL && in->space != SP_LOCAL)
		for (int k = 0; k < in->nopnd; k++) {
			const Opnd *o = &in->opnd[k];
			if (o->kind == OK_ADDR && !o->base && !o->addrlist) {
				verify_report(v, VC_SPACE, o->loc,
				    "immediate address [%lld]: immediate addresses are allowed only in the .local state space",
				    (long long)o->imm);
				break;
			}
		}
	if (oi->flags & OF_DEPRECATED) {
		if ((in->op == OP_SHFL || in->op == OP_VOTE) && sm >= 70 && ver >= 64)
			verify_report(v, VC_TARGET, in->loc,
			    "'%s' without '.sync' is not supported on .target sm_70 and higher from PTX ISA 6.4",
			    oi->name);
		else if (in->op == OP_SHFL || in->op == OP_VOTE)
			verify_report(v, VC_DEPRECATED, in->loc,
			    "'%s' without '.sync' is deprecated and may give unpredictable results on sm_70 and later",
			    oi->name);
	}
}

/*
 * A module without .address_size gets its address size from its code:
 * ptxas 13.0 takes a 32-bit register as the address of a generic or
 * .global access, cvta on .u32, or a .global variable's address moved into
 * a 32-bit register, as 32-bit code ("32-Bit compilation is no longer
 * supported"), and under .address_size 64 the same code conflicts with the
 * directive.  .shared, .local, .const and .param addresses may be 32 bits
 * in either.  Returns the first such instruction, or NULL.
 */
static const Ins *
addr32(const Func *fn)
{
	for (int i = 0; i < fn->nins; i++) {
		const Ins *in = fn->ins[i];
		if (in->op == OP_CVTA) {
			if (in->ty[0] == TY_U32)
				return in;
			continue;
		}
		if (in->op == OP_MOV && in->nopnd == 2 && verify_bits(in->ty[0]) == 32) {
			const Opnd *o = &in->opnd[1];
			if (o->kind == OK_SYM && o->sym && o->sym->kind == SYM_VAR && o->sym->space == SP_GLOBAL)
				return in;
			continue;
		}
		/* the plain accesses only, the generic mbarrier operations,
		 * applypriority, discard and multimem among them: the
		 * asynchronous copies (cp.async.mbarrier.arrive too) and
		 * tcgen05 take 32-bit shared and tensor-memory addresses of
		 * their own */
		switch (in->op) {
		case OP_LD: case OP_LDU: case OP_ST: case OP_ATOM: case OP_RED: case OP_PREFETCH: case OP_PREFETCHU:
		case OP_MBARRIER_INIT: case OP_MBARRIER_INVAL: case OP_MBARRIER_EXPECT_TX: case OP_MBARRIER_COMPLETE_TX:
		case OP_MBARRIER_ARRIVE: case OP_MBARRIER_ARRIVE_DROP: case OP_MBARRIER_TEST_WAIT: case OP_MBARRIER_TRY_WAIT:
		case OP_APPLYPRIORITY: case OP_DISCARD: case OP_MULTIMEM_LD_REDUCE: case OP_MULTIMEM_ST: case OP_MULTIMEM_RED:
			break;
		default:
			continue;
		}
		if (in->space != SP_NONE && in->space != SP_GLOBAL && in->space != SP_GENERIC)
			continue;
		for (int k = 0; k < in->nopnd; k++) {
			const Opnd *o = &in->opnd[k];
			if (o->kind != OK_ADDR || o->addrlist || !o->base || o->base->kind != OK_REG)
				continue;
			const Sym *r = o->base->sym;
			if (r && r->kind == SYM_REG && r->type && ir_tyinfo[r->type].bits == 32)
				return in;
		}
	}
	return NULL;
}

/* Marks the module-scope shared variables fn uses, and those of its callees. */
static void
markopnd(const Opnd *o, unsigned char *seen, Module *m, Func **work, int *nwork);

static int
symindex(Module *m, const Sym *s)
{
	for (int i = 0; i < m->nsyms; i++)
		if (m->syms[i] == s)
			return i;
	return -1;
}

static void
markopnd(const Opnd *o, unsigned char *seen, Module *m, Func **work, int *nwork)
{
	if ((o->kind == OK_SYM) && o->sym) {
		if (o->sym->kind == SYM_VAR && o->sym->space == SP_SHARED) {
			int k = symindex(m, o->sym);
			if (k >= 0)
				seen[k] = 1;
		} else if (o->sym->kind == SYM_FUNC && o->sym->fn && o->sym->fn->hasbody) {
			int k = symindex(m, o->sym);
			if (k >= 0 && !seen[k]) {
				seen[k] = 1;
				work[(*nwork)++] = o->sym->fn;
			}
		}
	}
	if (o->base)
		markopnd(o->base, seen, m, work, nwork);
	for (int i = 0; i < o->nsub; i++)
		markopnd(&o->sub[i], seen, m, work, nwork);
}

/* The alignment a variable is laid out at: its declared one, else its
 * element's size (a texture, sampler or surface handle: 8). */
static uint64_t
varalign(const Sym *s)
{
	uint64_t al = s->align > 0 ? (uint64_t)s->align :
	    s->opaque ? 8 : (uint64_t)(ir_tyinfo[s->type].bits + 7) / 8 * (uint64_t)s->vec;
	return al ? al : 1;
}

/* total grown by variable s placed at its alignment after it (saturating
 * at UINT64_MAX) */
static uint64_t
place(uint64_t total, const Sym *s)
{
	if (ir_size_align(total, varalign(s), &total) || ir_size_add(total, (uint64_t)s->size, &total))
		return UINT64_MAX;
	return total;
}

/* The same as ptxas 13.0 adds: in 32 bits, which wrap (a .b8 a[4294967295]
 * and a .b8 b[2] are 1 byte) */
static uint32_t
place32(uint32_t total, const Sym *s)
{
	uint32_t al = (uint32_t)varalign(s);

	return ((total + al - 1) & ~(al - 1)) + (uint32_t)s->size;
}

/* A kernel's static shared memory: the variables of its body and its
 * callees' first, then those of the module it uses, in order, each at its
 * alignment (ptxas 13.0: .b8 a[1] then .align 16384 .b8 b[32769] is 0xc001
 * bytes, over the 0xc000 limit; in the other order 32770).  ptxas sums in
 * 32 bits and compares as a signed number: 0x80000000 bytes or 0xffffffff
 * pass, 0x100000000 + 0xc001 does not; a sum that passes so but is larger
 * than the limit in truth the engine refuses at the launch (interp/smem.c).
 * Returns whether the kernel or a function it calls names dynamic shared
 * memory (an .extern .shared array of no size). */
static int
sharedsize(Verify *v, Func *k)
{
	Module *m = v->m;
	unsigned char *seen = ir_alloc(m->a, (size_t)m->nsyms + 1);
	Func **work = ir_alloc(m->a, ((size_t)m->nsyms + 1) * sizeof *work);
	int nwork = 0;
	uint32_t wrapped = 0; /* ptxas's sum */
	int dyn = 0;

	if (!seen || !work)
		return 0;
	work[nwork++] = k;
	while (nwork > 0) {
		Func *fn = work[--nwork];
		for (int i = 0; i < fn->nins; i++) {
			Ins *in = fn->ins[i];
			for (int j = 0; j < in->nopnd; j++)
				markopnd(&in->opnd[j], seen, m, work, &nwork);
		}
		for (int i = 0; i < fn->nsyms; i++) {
			Sym *s = fn->syms[i];
			if (s->kind == SYM_VAR && s->space == SP_SHARED && s->size > 0)
				wrapped = place32(wrapped, s);
		}
	}
	for (int i = 0; i < m->nsyms; i++) {
		Sym *s = m->syms[i];
		if (seen[i] && s->kind == SYM_VAR && s->space == SP_SHARED && s->linkage != LINK_EXTERN && s->size > 0)
			wrapped = place32(wrapped, s);
		dyn |= seen[i] && s->kind == SYM_VAR && s->space == SP_SHARED && s->linkage == LINK_EXTERN &&
		    s->ndim > 0 && s->dim[0] < 0;
	}
	if (wrapped > IR_MAX_STATIC_SHARED && wrapped < 0x80000000u)   /* signed: the sign bit passes */
		verify_report(v, VC_RESOURCES, k->loc,
		    "entry function '%s' uses too much shared data (0x%llx bytes, 0x%x max): at most 48 KB can be static",
		    k->name, (unsigned long long)wrapped, IR_MAX_STATIC_SHARED);
	return dyn;
}

/* total grown by s when it is a .const variable ptxas places: under -c
 * an .extern one is another file's */
static uint64_t
constplace(Verify *v, uint64_t total, const Sym *s)
{
	if (s->kind != SYM_VAR || s->space != SP_CONST || s->size <= 0 ||
	    (v->o->compileonly && s->linkage == LINK_EXTERN))
		return total;
	return place(total, s);
}

/* The module's .const variables, every one, used or not, of the module
 * and of the bodies, share one 64 KB bank, laid out in the order they are
 * declared, each at its alignment (ptxas 13.0: .const .b8 a[65535] then
 * a body's .const .align 2 .b8 b[1] is "File uses too much global
 * constant data (0x10001 bytes, 0x10000 max)"; b first then a is 65536
 * bytes and passes).  The elements of a module's range go last. */
static void
constsize(Verify *v)
{
	Module *m = v->m;
	Loc none = { 0, 0, 0 };
	uint64_t total = 0;

	for (int i = 0; i < m->nitem; i++) {
		const struct Item *it = &m->item[i];
		if (it->kind == 'v')
			total = constplace(v, total, m->syms[it->idx]);
		else if (it->kind == 'f')
			for (int j = 0; j < m->fn[it->idx]->nsyms; j++)
				total = constplace(v, total, m->fn[it->idx]->syms[j]);
	}
	for (int i = 0; i < m->nsyms; i++)
		if (m->syms[i]->parent)
			total = constplace(v, total, m->syms[i]);
	if (total > 0x10000)
		verify_report(v, VC_RESOURCES, none,
		    "the module uses too much constant data (0x%llx bytes, 0x10000 max): its .const variables share one "
		    "64 KB bank", (unsigned long long)total);
}

/* A kernel's parameters, laid out in order, each at its alignment (the
 * declared one or its type's), must fit the parameter space: 0x7ffc bytes
 * from PTX 8.1 (CUDA 12.1's 32764-byte arguments), 0x1100 before (ptxas:
 * "Entry function 'k' uses too much parameter space (0x8004 bytes, 0x7ffc
 * max)"). */
static void
paramsize(Verify *v, Func *k)
{
	Module *m = v->m;
	uint64_t off = 0, max = m->ver_major > 8 || (m->ver_major == 8 && m->ver_minor >= 1) ? 0x7ffc : 0x1100;
	int sm = v->o->arch ? v->o->arch : m->sm;
	uint64_t cbank = sm && sm < 90 ? 0x160 : UINT64_MAX;

	for (int i = 0; i < k->npar; i++) {
		const Sym *s = k->par[i].sym;
		if (!s || s->size < 0)
			return;
		off = place(off, s);
		/* before sm_90 the parameters lie in constant bank 0 from
		 * 0x160 on (the SASS of sm_75..sm_89 reads the first at
		 * c[0x0][0x160]), each at its alignment there: one aligned
		 * to 64 KB lands past the bank ("Entry function 'k'
		 * uses too much constant data (0x10008 bytes, 0x10000 max)") */
		if (cbank != UINT64_MAX)
			cbank = place(cbank, s);
	}
	if (off > max)
		verify_report(v, VC_RESOURCES, k->loc,
		    "entry function '%s' uses too much parameter space (0x%llx bytes, 0x%llx max)", k->name,
		    (unsigned long long)off, (unsigned long long)max);
	else if (cbank != UINT64_MAX && cbank > 0x10000)
		verify_report(v, VC_RESOURCES, k->loc,
		    "entry function '%s' uses too much constant data (0x%llx bytes, 0x10000 max): a parameter's alignment "
		    "places it past the 64 KB constant bank", k->name, (unsigned long long)cbank);
}

static void
limits(Verify *v, Func *fn)
{
	int64_t n = 1;

	if (fn->nreqntid) {
		for (int i = 0; i < fn->nreqntid; i++)
			n *= fn->reqntid[i];
		if (n > 1024)
			verify_report(v, VC_LAUNCH, fn->loc, "'.reqntid' asks for %lld threads per CTA; at most 1024 exist",
			    (long long)n);
	}
	n = 1;
	if (fn->nmaxntid) {
		for (int i = 0; i < fn->nmaxntid; i++)
			n *= fn->maxntid[i];
		if (n > 1024)
			verify_report(v, VC_LAUNCH, fn->loc, "'.maxntid' allows %lld threads per CTA; at most 1024 exist",
			    (long long)n);
	}
	if (fn->maxnreg > 255)
		verify_report(v, VC_LAUNCH, fn->loc, "'.maxnreg %d' is above 255 and is ignored", fn->maxnreg);
	/* the cluster directives came with PTX ISA 7.8 and sm_90 ("Feature
	 * '.maxclusterrank' requires PTX ISA .version 7.8 or later") */
	const char *cl = fn->hasmaxclusterrank || fn->nreqnctapercluster ? (fn->hasmaxclusterrank ? ".maxclusterrank" :
	    ".reqnctapercluster") : fn->explicitcluster ? ".explicitcluster" : NULL;
	if (cl && isa(v->m) < 78)
		verify_report(v, VC_TARGET, fn->loc, "'%s' requires PTX ISA .version 7.8 or later", cl);
	else if (cl && v->m->sm && v->m->sm < 90)
		verify_report(v, VC_TARGET, fn->loc, "'%s' requires .target sm_90 or higher", cl);
	/* .blocksareclusters came with PTX ISA 9.0, and says the grid's CTAs
	 * are its clusters, whose shape it must then know: ".reqntid and
	 * .reqnctapercluster directive(s) required for directive
	 * '.blocksareclusters'" */
	else if (fn->blocksareclusters && isa(v->m) < 90)
		verify_report(v, VC_TARGET, fn->loc, "'.blocksareclusters' requires PTX ISA .version 9.0 or later");
	else if (fn->blocksareclusters && v->m->sm && v->m->sm < 90)
		verify_report(v, VC_TARGET, fn->loc, "'.blocksareclusters' requires .target sm_90 or higher");
	else if (fn->blocksareclusters && (!fn->nreqntid || !fn->nreqnctapercluster))
		verify_report(v, VC_MODULE, fn->loc, "'.blocksareclusters' of '%s' requires .reqntid and .reqnctapercluster",
		    fn->name);
}

/* Module-scope .pragma words: those ptxas takes there, those it takes
 * only inside a body, and those it ignores with a warning (ptxas 13.0). */
static void
pragma(Verify *v, const char *text, Loc loc)
{
	static const char *const ok[] = {"nounroll", "abi_param_reg"};
	static const char *const body[] = {"used_bytes_mask", "frequency", "enable_smem_spilling"};
	static const char *const ignored[] = {"coroutine"};
	const char *p = text;

	/* text is the list as written: "a", "b" */
	while ((p = strchr(p, '"'))) {
		const char *q = strchr(++p, '"');
		size_t n, w;
		int known = 0;
		if (!q)
			break;
		n = (size_t)(q - p);
		for (w = 0; w < n && p[w] != ' ' && p[w] != '\t'; w++)
			;
		for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
			known |= strlen(ok[i]) == w && !strncmp(p, ok[i], w);
		for (size_t i = 0; !known && i < sizeof body / sizeof body[0]; i++)
			if (strlen(body[i]) == w && !strncmp(p, body[i], w)) {
				verify_report(v, VC_MODULE, loc, "pragma '%.*s' is allowed only inside a function body",
				    (int)n, p);
				known = 1;
			}
		for (size_t i = 0; !known && i < sizeof ignored / sizeof ignored[0]; i++)
			known |= strlen(ignored[i]) == w && !strncmp(p, ignored[i], w);
		if (!known)
			verify_report(v, VC_MODULE, loc, "pragma '%.*s' is not supported", (int)n, p);
		p = q + 1;
	}
}

static int
hastarget(const Module *m, const char *w)
{
	for (int i = 0; i < m->ntargets; i++)
		if (!strcmp(m->targets[i], w))
			return 1;
	return 0;
}

/* Whether a .pragma's list (as written: "a b", "c") has a string whose
 * first word is w. */
static int
pragmaword(const char *text, const char *w)
{
	size_t n = strlen(w);
	const char *p = text;

	while (p && (p = strchr(p, '"'))) {
		p++;
		if (!strncmp(p, w, n) && (p[n] == '"' || p[n] == ' ' || p[n] == '\t'))
			return 1;
		p = strchr(p, '"');
		if (p)
			p++;
	}
	return 0;
}

/* A body's .pragma "enable_smem_spilling", NULL when it has none. */
static const Stmt *
smemspill(const Func *fn)
{
	for (int i = 0; i < fn->nstmt; i++) {
		const Stmt *st = &fn->stmt[i];
		if (st->kind == ST_PRAGMA && st->text && pragmaword(st->text, "enable_smem_spilling"))
			return st;
	}
	return NULL;
}

/* A body's .pragma "enable_smem_spilling" (the PTX ISA 8.7 version gate is
 * the parser's): a kernel's alone ("Pragma 'enable_smem_spilling' cannot
 * be specified for device functions"), and only where ptxas compiles the
 * whole program at once: `.target debug` (what nvcc -G writes) and -c
 * (a relocatable object) make it compile each function apart, where
 * spilling to shared memory is refused ("Pragma 'enable_smem_spilling' is
 * not allowed for per-function compilation modes", fatal, with no line).
 * Dynamic shared memory is verify_target's (it needs the callees). */
static void
bodypragmas(Verify *v, const Func *fn)
{
	const Stmt *st = smemspill(fn);

	if (!st)
		return;
	if (!fn->entry)
		verify_report(v, VC_MODULE, st->loc,
		    "pragma 'enable_smem_spilling' cannot be specified for device functions: it belongs in a kernel");
	else if (hastarget(v->m, "debug"))
		verify_report(v, VC_MODULE, st->loc,
		    "pragma 'enable_smem_spilling' is not allowed with .target debug: a debug module is compiled one function at a time");
	else if (v->o->compileonly)
		verify_report(v, VC_MODULE, st->loc,
		    "pragma 'enable_smem_spilling' is not allowed with -c: a relocatable object is compiled one function at a time");
}

/*
 * A declared variable's type and kind against the target and where it is
 * declared (DS_*; bodiless: a parameter of a header with no body): .b128
 * needs PTX ISA 8.3 and sm_70, .f16x2 sm_53 and is no .param of a
 * definition; a .texref, .samplerref or .surfref is a .global variable of
 * the module or a kernel's parameter.  Returns whether it reported.
 */
enum { DS_MODULE, DS_BODY, DS_KPARAM, DS_FPARAM };

static int
decltype(Verify *v, const Sym *s, int where, int bodiless)
{
	const Module *m = v->m;

	if (s->type == TY_B128 && isa(m) < 83) {
		verify_report(v, VC_TARGET, s->loc, "'%s' of type .b128 requires PTX ISA .version 8.3 or later", s->name);
		return 1;
	}
	if (s->type == TY_B128 && m->sm && m->sm < 70) {
		verify_report(v, VC_TARGET, s->loc, "'%s' of type .b128 requires .target sm_70 or higher", s->name);
		return 1;
	}
	if (s->type == TY_F16X2 && m->sm && m->sm < 53) {
		verify_report(v, VC_TARGET, s->loc, "'%s' of type .f16x2 requires .target sm_53 or higher", s->name);
		return 1;
	}
	/* a header with no body declares what it likes: ptxas takes .f16x2
	 * (and vector) parameters there and refuses them in a definition */
	if (s->type == TY_F16X2 && s->space == SP_PARAM && !bodiless) {
		verify_report(v, VC_MODULE, s->loc, "'%s': a .f16x2 variable cannot be allocated in .param (use .b32)",
		    s->name);
		return 1;
	}
	if (s->opaque == 2 && where == DS_KPARAM && !hastarget(m, "texmode_independent")) {
		verify_report(v, VC_MODULE, s->loc,
		    ".samplerref '%s' needs .target texmode_independent (the default is texmode_unified)", s->name);
		return 1;
	}
	if (s->init && (s->space == SP_SHARED || s->space == SP_LOCAL)) {
		verify_report(v, VC_MODULE, s->loc, "'%s': a .%s variable cannot have an initial value", s->name,
		    s->space == SP_SHARED ? "shared" : "local");
		return 1;
	}
	/* ptxas compiles module-scope .local variables without the ABI (a
	 * warning, "disabling ABI"), which PTX ISA 3.0 and later always use */
	if (where == DS_MODULE && s->space == SP_LOCAL && isa(m) >= 30) {
		verify_report(v, VC_MODULE, s->loc,
		    "module-scope .local variable '%s' is not allowed with the ABI, which PTX ISA 3.0 and later use", s->name);
		return 1;
	}
	if (s->opaque && !(where == DS_MODULE && s->space == SP_GLOBAL) && where != DS_KPARAM) {
		verify_report(v, VC_MODULE, s->loc,
		    "'%s': a texture, sampler or surface variable is declared .global at module scope or is a kernel parameter",
		    s->name);
		return 1;
	}
	return 0;
}

/* The module's declared variables and functions, one by one from *i = 0:
 * its symbols but a range's elements, then the ranges themselves (items
 * 'r'), judged as declared whether any element is used or not. */
static const Sym *
moddecl(const Module *m, int *i)
{
	while (*i < m->nsyms + m->nitem) {
		int k = (*i)++;
		if (k < m->nsyms && !m->syms[k]->parent)
			return m->syms[k];
		if (k >= m->nsyms && m->item[k - m->nsyms].kind == 'r')
			return m->item[k - m->nsyms].range;
	}
	return NULL;
}

static void
module(Verify *v)
{
	Module *m = v->m;
	Loc none = { 0, 0, 0 };

	if (isa(m) > MAX_ISA)
		verify_report(v, VC_TARGET, m->version_loc, "unsupported .version %d.%d; the newest known is %d.%d",
		    m->ver_major, m->ver_minor, MAX_ISA / 10, MAX_ISA % 10);
	if (m->address_size == 32)
		verify_report(v, VC_TARGET, m->address_size_loc, ".address_size 32: 32-bit code is no longer supported");
	for (int i = 0; i < m->nitem; i++)
		if (m->item[i].kind == 'p' && m->item[i].text)
			pragma(v, m->item[i].text, m->item[i].loc);
	const Sym *s;
	for (int i = 0; (s = moddecl(m, &i)) != NULL;) {
		if ((s->kind == SYM_VAR || s->kind == SYM_FUNC) && s->linkage == LINK_WEAK && isa(m) < 31)
			verify_report(v, VC_TARGET, s->loc, "'.weak' '%s' requires PTX ISA .version 3.1 or later", s->name);
		if (s->kind == SYM_VAR && hasgeneric(s->init) && isa(m) < 31)
			verify_report(v, VC_TARGET, s->loc, "'generic()' in the initializer of '%s' requires PTX ISA .version 3.1 or later",
			    s->name);
		if (s->kind == SYM_VAR && (s->attr & VA_MANAGED) && m->sm && m->sm < 30)
			verify_report(v, VC_TARGET, s->loc, "'.attribute(.managed)' of '%s' requires .target sm_30 or higher",
			    s->name);
		if (s->kind == SYM_VAR && (s->attr & (VA_MANAGED | VA_UNIFIED)) && isa(m) < 40)
			verify_report(v, VC_TARGET, s->loc, "'.attribute' of '%s' requires PTX ISA .version 4.0 or later",
			    s->name);
		/* the old .tex state space: .u32 or .u64 handles, until PTX ISA 1.5
		 * replaced it with .texref */
		if (s->kind == SYM_VAR && s->space == SP_TEX) {
			if (isa(m) >= 15)
				verify_report(v, VC_TARGET, s->loc,
				    "'.tex' variable '%s': the .tex state space is not supported as of PTX ISA 1.5 (declare a .global .texref)",
				    s->name);
			else if (s->type != TY_U32 && s->type != TY_U64)
				verify_report(v, VC_MODULE, s->loc, "'.tex' variable '%s' must be of type .u32 or .u64", s->name);
		}
		if (s->kind == SYM_VAR && s->opaque == 2 && !hastarget(m, "texmode_independent"))
			verify_report(v, VC_MODULE, s->loc,
			    ".samplerref '%s' needs .target texmode_independent (the default is texmode_unified)", s->name);
	}
	/* .target debug promises DWARF: ptxas wants at least one .debug_ section */
	if (hastarget(m, "debug") && isa(m) < 30)
		verify_report(v, VC_TARGET, m->version_loc, ".target debug requires PTX ISA .version 3.0 or later");
	else if (hastarget(m, "debug")) {
		int dbg = 0;
		for (int i = 0; i < m->nsec && !dbg; i++)
			dbg = m->sec[i].name && !strncmp(m->sec[i].name, ".debug_", 7);
		if (!dbg)
			verify_report(v, VC_MODULE, none, ".target debug but no debug information (.section .debug_...)");
	}
	for (int i = 0; (s = moddecl(m, &i)) != NULL;)
		if (s->kind == SYM_VAR)
			decltype(v, s, DS_MODULE, 0);
	for (int f = 0; f < m->nfn; f++) {
		const Func *fn = m->fn[f];
		for (int i = 0; i < fn->nret + fn->npar; i++) {
			const Sym *s = i < fn->nret ? fn->ret[i].sym : fn->par[i - fn->nret].sym;
			if (s)
				decltype(v, s, fn->entry ? DS_KPARAM : DS_FPARAM, !fn->hasbody);
		}
		if (fn->hasbody) {
			bodypragmas(v, fn);
			/* the parameters are among the body's symbols too */
			for (int i = 0; i < fn->nsyms; i++)
				if (fn->syms[i]->kind == SYM_VAR && fn->syms[i]->space != SP_PARAM && !fn->syms[i]->parent)
					decltype(v, fn->syms[i], DS_BODY, 0);
			/* a body's ranges of variables, from their declarations */
			for (int i = 0; i < fn->nstmt; i++)
				if (fn->stmt[i].kind == ST_DECL && fn->stmt[i].sym && fn->stmt[i].sym->kind == SYM_VAR &&
				    fn->stmt[i].sym->isrange && fn->stmt[i].sym->space != SP_PARAM)
					decltype(v, fn->stmt[i].sym, DS_BODY, 0);
			/* registers: once per function, from their declarations
			 * (a range none of whose elements is used has none in
			 * fn->regs; ptxas judges the declaration all the same) */
			for (int i = 0; i < fn->nstmt; i++)
				if (fn->stmt[i].kind == ST_DECL && fn->stmt[i].sym && fn->stmt[i].sym->kind == SYM_REG &&
				    decltype(v, fn->stmt[i].sym, DS_BODY, 0))
					break;
		}
		/* .noreturn came with PTX ISA 6.4 ("Feature '.noreturn' requires
		 * PTX ISA .version 6.4 or later"), on every header that has it */
		if (fn->noreturn && isa(m) < 64)
			verify_report(v, VC_TARGET, fn->loc, "'.noreturn' of '%s' requires PTX ISA .version 6.4 or later",
			    fn->name);
		/* a kernel's parameter list came with PTX ISA 1.4 */
		if (fn->entry && fn->npar > 0 && !fn->bodyparams && isa(m) < 14)
			verify_report(v, VC_TARGET, fn->loc, "a parameter list of kernel '%s' requires PTX ISA .version 1.4 or later",
			    fn->name);
		/* .param parameters of a .func are the ABI's, which sm_1x has not */
		if (!fn->entry && m->sm && m->sm < 20)
			for (int i = 0; i < fn->nret + fn->npar; i++) {
				const Sym *s = i < fn->nret ? fn->ret[i].sym : fn->par[i - fn->nret].sym;
				if (s && s->space == SP_PARAM) {
					verify_report(v, VC_TARGET, s->loc,
					    "parameter '%s' of function '%s': .param parameters of a .func require .target sm_20 or higher (use .reg)",
					    s->name, fn->name);
					break;
				}
			}
	}
	/* A function declared without .extern must be defined in this module.
	 * ptxas names it once ("Unresolved extern function 'f'", fatal, with
	 * or without -c), however many headers declare it and whether or not
	 * it is called: one finding, at the first header. */
	for (int f = 0; f < m->nfn; f++) {
		const Func *fn = m->fn[f];
		if (fn->hasbody || fn->linkage == LINK_EXTERN || (fn->sym && fn->sym->fn && fn->sym->fn->hasbody))
			continue;
		int later = 0;
		for (int g = 0; g < f && fn->sym; g++)
			later |= m->fn[g]->sym == fn->sym;   /* said at the first */
		for (int g = f + 1; g < m->nfn; g++)
			later |= m->fn[g]->sym == fn->sym && m->fn[g]->linkage == LINK_EXTERN;
		/* .alias NAME, TARGET defines NAME (the item's text is "NAME, TARGET") */
		size_t n = strlen(fn->name);
		for (int i = 0; i < m->nitem; i++)
			later |= m->item[i].kind == 'a' && m->item[i].text && !strncmp(m->item[i].text, fn->name, n) &&
			    m->item[i].text[n] == ',';
		if (!later)
			verify_report(v, VC_MODULE, fn->loc,
			    "unresolved extern function '%s': declared without .extern but never defined", fn->name);
	}
}

void
verify_target(Verify *v)
{
	Module *m = v->m;

	module(v);
	constsize(v);
	if (v->o->arch && m->sm) {
		if (m->sm > v->o->arch)
			verify_report(v, VC_ARCH, m->sm_loc, ".target sm_%d%s is newer than -arch=sm_%d%s",
			    m->sm, m->smsuffix ? (char[]){m->smsuffix, 0} : "", v->o->arch,
			    v->o->archsuffix ? (char[]){v->o->archsuffix, 0} : "");
		else if (m->smsuffix == 'a' && (m->sm != v->o->arch || v->o->archsuffix != 'a'))
			verify_report(v, VC_ARCH, m->sm_loc,
			    "a module for .target sm_%da cannot be compiled for another architecture (-arch=sm_%d%s)",
			    m->sm, v->o->arch, v->o->archsuffix ? (char[]){v->o->archsuffix, 0} : "");
	}
	int said = 0;
	for (int f = 0; f < m->nfn; f++) {
		Func *fn = m->fn[f];
		if (!fn->hasbody)
			continue;
		const Ins *in;
		if (!said && m->address_size != 32 && (in = addr32(fn)) != NULL) {
			said = 1;
			if (m->address_size == 64)
				verify_report(v, VC_TARGET, in->loc,
				    "'%s' uses a 32-bit address, which conflicts with .address_size 64 (32-bit code is no longer supported)",
				    ir_opinfo[in->op].name);
			else
				verify_report(v, VC_TARGET, in->loc,
				    "'%s' uses a 32-bit address: without .address_size that makes the module 32-bit code, which is no longer supported",
				    ir_opinfo[in->op].name);
		}
		limits(v, fn);
		if (fn->entry) {
			/* ptxas spills to shared memory only past the kernel's
			 * own, which must then have a size: "Pragma
			 * 'enable_smem_spilling' is not allowed for dynamic SMEM"
			 * (fatal), for dynamic shared memory the kernel or a
			 * callee names, whether the code is reachable or not */
			const Stmt *st;
			if (sharedsize(v, fn) && (st = smemspill(fn)) != NULL && !hastarget(m, "debug") &&
			    !v->o->compileonly)
				verify_report(v, VC_MODULE, st->loc,
				    "pragma 'enable_smem_spilling' is not allowed in kernel '%s', which uses dynamic shared memory",
				    fn->name);
			paramsize(v, fn);
		}
		for (int i = 0; i < fn->nins; i++)
			gate(v, fn->ins[i]);
	}
}

/*
 * modcount.c — how many of each modifier, and of types, one instruction
 * may carry.  One rule for every opcode, derived from what ptxas 13.0 says
 * about each repeated or conflicting word (tests/lint/modcount_*.ptx):
 *
 *  - the same modifier twice is an error ("Duplicate .nc modifier",
 *    "Multiple .aligned modifiers specified", "Multiple .num modifiers"),
 *    but for the few that ptxas reads as flags and takes again without a
 *    word: .sat .cc .approx .NaN .relu .satfinite .uni .shiftamt .sync,
 *    and the layouts .row and .col, which wmma.mma and mma write twice
 *    (one per source matrix);
 *  - two different modifiers of one exclusive group are an error: the
 *    scopes ("Multiple scope modifiers specified"), the memory orders with
 *    .volatile ("Duplicate .acquire modifier" for ld.relaxed.acquire),
 *    the vector sizes, the rounding modes, the operations of atom, red,
 *    redux, bar.red and setp's boolean ("Multiple instruction
 *    post-operation flags set"), the cache operators, the L2 prefetch
 *    sizes, the L1 and the L2 eviction priorities, the shuffle modes, the
 *    vote modes, the geometries, the clamp modes, prmt's modes, testp's
 *    tests and the queries of txq and suq ("Multiple query modifiers
 *    specified" for suq.height.array_size; txq.level names the level of
 *    its query, no query itself).  The tensor instructions are left out of the
 *    operations group (mma takes .xor.popc), createpolicy out of the L2
 *    priorities (a primary and a secondary one);
 *  - an opcode takes one type ("Unexpected instruction types specified
 *    for 'ld'" for ld.u32.u32), but those that name more: cvt, set, slct,
 *    dp4a, dp2a, tex and tld4 (a result's and a source's, checked by
 *    types.c), add, sub and fma (the mixed-precision .f32.f16 forms),
 *    cvt.pack, tensormap.replace, clusterlaunchcontrol.query_cancel, and
 *    the video and tensor instructions, whose type lists are checked
 *    where their operands are.
 *
 * State spaces (cp.async takes two) are modrule.c's verify_spaces(); setp's and
 * set's comparisons its compare().  One finding per instruction: the
 * first one ptxas would name.
 */
#include <string.h>
#include "verify.h"

/* The exclusive groups; 0 is "none". */
enum {
	G_NONE, G_SCOPE, G_ORDER, G_VEC, G_ROUND, G_OPER, G_CACHEOP, G_PREFETCH, G_EVICT1, G_EVICT2,
	G_SHFL, G_VOTE, G_GEOM, G_CLAMP, G_PRMT, G_TESTP, G_QUERY, NGROUP
};

static const char *const groupname[NGROUP] = {
	[G_SCOPE] = "scope", [G_ORDER] = "memory-order", [G_VEC] = "vector", [G_ROUND] = "rounding",
	[G_OPER] = "operation", [G_CACHEOP] = "cache operation", [G_PREFETCH] = "L2 prefetch size",
	[G_EVICT1] = "L1 eviction priority", [G_EVICT2] = "L2 eviction priority", [G_SHFL] = "shuffle",
	[G_VOTE] = "vote", [G_GEOM] = "geometry", [G_CLAMP] = "clamp", [G_PRMT] = "permute",
	[G_TESTP] = "testp operation", [G_QUERY] = "query",
};

static int
group(int op, int md)
{
	switch (md) {
	case MOD_MMIO: case MOD_NC: case MOD_L2_CACHE_HINT: case MOD_UNIFIED:
		return G_NONE;      /* their own words: .mmio goes with .relaxed, .nc with .ca */
	case MOD_L1: case MOD_L2:
		return G_CACHEOP;   /* prefetch.L1, prefetch.L2 */
	case MOD_TENSORMAP:
		/* prefetch.tensormap names no level ("Multiple cache operation
		 * modifiers specified" for prefetch.tensormap.L2) */
		return op == OP_PREFETCH ? G_CACHEOP : G_NONE;
	case MOD_L2_64B: case MOD_L2_128B: case MOD_L2_256B:
		return G_PREFETCH;
	case MOD_L1_EVICT_NORMAL: case MOD_L1_EVICT_UNCHANGED: case MOD_L1_EVICT_FIRST: case MOD_L1_EVICT_LAST:
	case MOD_L1_NO_ALLOCATE:
		return G_EVICT1;
	case MOD_L2_EVICT_NORMAL: case MOD_L2_EVICT_FIRST: case MOD_L2_EVICT_LAST: case MOD_L2_EVICT_UNCHANGED:
		/* createpolicy names a primary and a secondary priority */
		return op == OP_CREATEPOLICY_FRACTIONAL || op == OP_CREATEPOLICY_RANGE ? G_NONE : G_EVICT2;
	case MOD_WRAP: case MOD_CLAMP: case MOD_TRAP: case MOD_ZERO:
		return G_CLAMP;
	case MOD_WAIT: case MOD_LAUNCH_DEPENDENTS:
		/* griddepcontrol does one of them ("Multiple ... modifiers"
		 * for griddepcontrol.launch_dependents.wait) */
		return op == OP_GRIDDEPCONTROL ? G_OPER : G_NONE;
	case MOD_UNI:
		/* vote.uni is a mode of its own ("Multiple vote modifiers
		 * specified" with .all, .any or .ballot) */
		return op == OP_VOTE || op == OP_VOTE_SYNC ? G_VOTE : G_NONE;
	case MOD_F4E: case MOD_B4E: case MOD_RC8: case MOD_ECL: case MOD_ECR: case MOD_RC16:
		return G_PRMT;
	case MOD_FINITE: case MOD_INFINITE: case MOD_NUMBER: case MOD_NOTANUMBER: case MOD_NORMAL:
	case MOD_SUBNORMAL:
		return op == OP_TESTP ? G_TESTP : G_NONE;
	case MOD_WIDTH: case MOD_HEIGHT: case MOD_DEPTH: case MOD_CHANNEL_DATA_TYPE: case MOD_CHANNEL_ORDER:
	case MOD_NORMALIZED_COORDS: case MOD_FORCE_UNNORMALIZED_COORDS: case MOD_FILTER_MODE: case MOD_ADDR_MODE_0:
	case MOD_ADDR_MODE_1: case MOD_ADDR_MODE_2: case MOD_ARRAY_SIZE: case MOD_NUM_MIPMAP_LEVELS: case MOD_NUM_SAMPLES:
	case MOD_MEMORY_LAYOUT:
		return op == OP_TXQ || op == OP_SUQ ? G_QUERY : G_NONE;
	}
	switch (ir_modinfo[md].cls) {
	case MC_SCOPE: return G_SCOPE;
	case MC_SEM:   return G_ORDER;
	case MC_VEC:   return G_VEC;
	case MC_ROUND: return G_ROUND;
	case MC_ATOMOP: case MC_BOOL:
		return ir_opinfo[op].vrule == VR_TENSOR ? G_NONE : G_OPER;
	case MC_CACHE: return G_CACHEOP;
	case MC_SHFL:  return G_SHFL;
	case MC_VOTE:  return G_VOTE;
	case MC_GEOM:  return G_GEOM;
	}
	return G_NONE;
}

/* The cache words of ld and st, as ptxas 13.0 takes them together: a
 * cache operator and an eviction priority exclude each other ("Modifier
 * '.evict_last' cannot be combined with modifier '.ca'"); ld.nc takes
 * .ca, .cg and .cs alone ("Illegal cache operation for instruction
 * 'ld.nc'" for .lu and .cv); an L2 eviction priority goes only with a
 * 256-bit access ("Instruction 'ld' requires '.v8.b32/.v4.b64' type with
 * '.L2::evict_last' modifier"); .mmio only with .relaxed.sys, no vector
 * and no .shared ("Modifier '.mmio' requires modifier '.relaxed'",
 * "... requires scope", "cannot be combined with modifier '.gpu'",
 * "... with modifier '.v2'", "cannot be applied to '.shared' space").
 * 1 when it reported. */
static int
ldstcache(Verify *v, const Ins *in, const char *op)
{
	static const int cop[] = {MOD_CA, MOD_CG, MOD_CS, MOD_LU, MOD_CV, MOD_WB, MOD_WT};
	int c = MOD_NONE, e = ir_mod_evict(in), l2 = MOD_NONE;   /* e: an L1 or L2 priority */

	if (in->op != OP_LD && in->op != OP_ST)
		return 0;
	for (size_t k = 0; k < sizeof cop / sizeof cop[0]; k++)
		if (ir_hasmod(in, cop[k]))
			c = cop[k];
	for (int i = 0; i < in->nmod; i++)
		if (group(in->op, in->mod[i]) == G_EVICT2)
			l2 = in->mod[i];
	if (c != MOD_NONE && e != MOD_NONE) {
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, e), "modifier .%s cannot be combined with cache operator .%s in '%s'",
		    ir_modinfo[e].name, ir_modinfo[c].name, op);
		return 1;
	}
	if (in->op == OP_LD && ir_hasmod(in, MOD_NC) && (c == MOD_LU || c == MOD_CV)) {
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, c), "'ld.nc' takes the cache operators .ca, .cg and .cs, not .%s",
		    ir_modinfo[c].name);
		return 1;
	}
	if (l2 != MOD_NONE && in->nty == 1 && in->vec * verify_bits(in->ty[0]) != 256) {
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, l2), "'%s.%s' is a 256-bit access's (.v8.b32 or .v4.b64)", op,
		    ir_modinfo[l2].name);
		return 1;
	}
	if (ir_hasmod(in, MOD_MMIO)) {
		const char *why = NULL;
		if (!ir_hasmod(in, MOD_RELAXED))
			why = "needs .relaxed";
		else if (ir_mod_scope(in) != MOD_SYS)
			why = "needs the .sys scope";
		else if (in->vec > 1)
			why = "takes no vector";
		else if (in->space != SP_GLOBAL && in->space != SP_GENERIC && in->space != SP_NONE)
			why = "applies to .global and generic addresses alone";
		if (why) {
			verify_report(v, VC_MODIFIER, verify_modloc(v, in, MOD_MMIO), "'%s.mmio' %s", op, why);
			return 1;
		}
	}
	return 0;
}

/* The vector forms of atom and red (sm_90): .add of the half types and
 * .f32, .min and .max of the half types, 128 bits at most ("Vector
 * qualifier is not allowed for instruction 'atom'" on .u32 and .f64,
 * "Vector type too large, exceeds 128 bit limit"); and the half types'
 * .min and .max are vector forms alone ("Vector modifier required for
 * instruction 'atom.min.f16.global'").  1 when it reported. */
static int
atomvec(Verify *v, const Ins *in, const char *op)
{
	int t = in->nty == 1 ? in->ty[0] : TY_NONE;
	int half = t == TY_F16 || t == TY_F16X2 || t == TY_BF16 || t == TY_BF16X2;
	int minmax = ir_hasmod(in, MOD_MIN) || ir_hasmod(in, MOD_MAX);

	if ((in->op != OP_ATOM && in->op != OP_RED) || t == TY_NONE)
		return 0;
	if (in->vec > 1 && !(half || (t == TY_F32 && ir_hasmod(in, MOD_ADD))) ) {
		verify_report(v, VC_VECTOR, in->loc, "'%s' with a vector takes .add of .f16, .bf16 (and x2) or .f32, "
		    ".min or .max of the half types, not .%s", op, ir_tyinfo[t].name);
		return 1;
	}
	if (in->vec > 1 && in->vec * verify_bits(t) > 128) {
		verify_report(v, VC_VECTOR, in->loc, "'%s.v%d.%s' is %d bits, over the 128 of a vector atomic", op, in->vec,
		    ir_tyinfo[t].name, in->vec * verify_bits(t));
		return 1;
	}
	if (in->vec == 1 && half && minmax) {
		verify_report(v, VC_VECTOR, in->loc, "'%s' of .min or .max on .%s is a vector form (.v2, .v4, .v8)", op,
		    ir_tyinfo[t].name);
		return 1;
	}
	return 0;
}

/* The .shared::cluster form of st.async and red.async, which completes on
 * an mbarrier: .release and .mmio are the .global form's (sm_100: "Illegal
 * modifier '.shared::cluster' for instruction 'st.async' with
 * '.release'", "'.mmio' cannot be applied to '.shared::cluster' space");
 * st.async's scope is .cluster alone ("Modifier '.gpu' requires '.global'
 * space"),
 * red.async is .relaxed.cluster ("order modifier required for instruction
 * 'red.async'").  st.async's value there is of 32 or 64 bits, alone or
 * in a vector: its 8- and 16-bit types take no register ("Arguments
 * mismatch for instruction 'st.async'", sm_90 and sm_100 alike), where
 * the mbarrier operand is written (ptxas 13.0 takes st.async...u16 [a], 7
 * without it), and .b128 is no type of it ("Unexpected instruction
 * types").  1 when it reported. */
static int
asyncmbar(Verify *v, const Ins *in, const char *op)
{
	int sem = ir_mod_sem(in), scope = ir_mod_scope(in);

	if ((in->op != OP_ST_ASYNC && in->op != OP_RED_ASYNC) || !ir_hasmod(in, MOD_MBAR_COMPLETE_TX))
		return 0;
	if (ir_hasmod(in, MOD_MMIO) || ir_hasmod(in, MOD_RELEASE)) {
		int md = ir_hasmod(in, MOD_MMIO) ? MOD_MMIO : MOD_RELEASE;
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, md), "'%s.%s' is the .global form's, not the mbarrier one's",
		    op, ir_modinfo[md].name);
		return 1;
	}
	if (in->op == OP_ST_ASYNC && in->nty == 1 && in->nopnd == 3 && ir_tyinfo[in->ty[0]].bits != 32 &&
	    ir_tyinfo[in->ty[0]].bits != 64) {
		verify_report(v, VC_INSTRTYPE, verify_modloc(v, in, in->ty[0]), "'st.async' completing on an mbarrier stores "
		    "32- or 64-bit values, not .%s", ir_tyinfo[in->ty[0]].name);
		return 1;
	}
	if (in->op == OP_ST_ASYNC && scope && scope != MOD_CLUSTER) {
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, scope), "'st.async' completing on an mbarrier takes the .cluster "
		    "scope alone, not .%s", ir_modinfo[scope].name);
		return 1;
	}
	if (in->op == OP_RED_ASYNC && (sem != MOD_RELAXED || scope != MOD_CLUSTER)) {
		verify_report(v, VC_MODIFIER, in->loc, "'red.async' completing on an mbarrier is .relaxed.cluster");
		return 1;
	}
	return 0;
}

/* Whether in carries md and another modifier of md's group, which
 * check() reports ("Multiple vote modifiers specified"); roundings aside,
 * whose types ptxas checks one by one as well. */
int
verify_modpaired(const Ins *in, int md)
{
	int g = group(in->op, md);

	if (g == G_NONE || g == G_ROUND)
		return 0;
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] != md && in->mod[i] >= NTY && in->mod[i] < NMOD && group(in->op, in->mod[i]) == g)
			return 1;
	return 0;
}

/* Whether ptxas takes md a second time without a word. */
static int
repeatable(int md)
{
	switch (md) {
	case MOD_SAT: case MOD_CC: case MOD_APPROX: case MOD_NAN_PROP: case MOD_RELU: case MOD_SATFINITE:
	case MOD_UNI: case MOD_SHIFTAMT: case MOD_SYNC: case MOD_ROW: case MOD_COL:
		return 1;
	}
	return 0;
}

/* createpolicy's secondary priority (.L2::evict_first or
 * .L2::evict_unchanged) may be the primary one again, as ptxas takes it */
static int
samepriority(int op, int md)
{
	return (op == OP_CREATEPOLICY_FRACTIONAL || op == OP_CREATEPOLICY_RANGE) &&
	    (md == MOD_L2_EVICT_FIRST || md == MOD_L2_EVICT_UNCHANGED);
}

/* The most types the opcode's name may carry; 0 when another pass counts. */
static int
maxtypes(int op)
{
	if (ir_opinfo[op].vrule == VR_TENSOR || ir_opinfo[op].vrule == VR_VIDEO)
		return 0;
	switch (op) {
	case OP_CVT: case OP_SET: case OP_SLCT: case OP_DP4A: case OP_DP2A: case OP_TEX: case OP_TLD4:
	case OP_CVT_PACK:
		return 0;   /* types.c required(): exactly two, three for cvt.pack */
	case OP_ADD: case OP_SUB: case OP_FMA: case OP_TENSORMAP_REPLACE: case OP_CLUSTERLAUNCHCONTROL_QUERY_CANCEL:
		return 2;
	}
	return 1;
}

static const char *
word(const Ins *in, int i)
{
	return in->modtext[i] ? in->modtext[i] : ir_modinfo[in->mod[i]].name;
}

/* Where the type after the first k ones is written. */
static Loc
typeat(const Verify *v, const Ins *in, int k)
{
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] > 0 && in->mod[i] < NTY && k-- == 0)
			return verify_modat(v, in, i);
	return in->loc;
}

static void
check(Verify *v, Ins *in)
{
	const char *op = ir_opinfo[in->op].name;
	int seen[NGROUP] = {0}, max = maxtypes(in->op);

	for (int i = 0; i < in->nmod; i++) {
		int md = in->mod[i], g;
		if (md < NTY || md >= NMOD || ir_modinfo[md].cls == MC_SPACE)
			continue;
		if (ir_modinfo[md].cls == MC_CMP && (in->op == OP_SETP || in->op == OP_SET))
			continue;
		for (int j = 0; j < i; j++)
			if (in->mod[j] == md && !repeatable(md) && !samepriority(in->op, md)) {
				verify_report(v, VC_MODIFIER, verify_modat(v, in, i), strcmp(word(in, i), word(in, j)) == 0 ?
				    "duplicate .%s modifier on '%s'" : "multiple .%s modifiers on '%s'", word(in, i), op);
				return;
			}
		if ((g = group(in->op, md)) == G_NONE)
			continue;
		if (seen[g] && in->mod[seen[g] - 1] != md) {
			verify_report(v, VC_MODIFIER, verify_modat(v, in, i), "multiple %s modifiers on '%s' (.%s and .%s)", groupname[g],
			    op, word(in, seen[g] - 1), word(in, i));
			return;
		}
		if (!seen[g])
			seen[g] = i + 1;
	}
	/* ld.nc reads through the non-coherent cache, which .volatile
	 * forbids ("Modifier '.volatile' cannot be combined with modifier
	 * '.nc'"), and so do .weak, .relaxed and .acquire (the same words) */
	if (in->op == OP_LD && ir_hasmod(in, MOD_NC) && ir_mod_sem(in) != MOD_NONE) {
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, MOD_NC), "modifier .%s cannot be combined with modifier .nc in 'ld'",
		    ir_modinfo[ir_mod_sem(in)].name);
		return;
	}
	if (ldstcache(v, in, op) || atomvec(v, in, op) || asyncmbar(v, in, op))
		return;
	/* a volatile or ordered access goes to the coherence point, past any
	 * cache operator ("Modifier '.volatile' cannot be combined with
	 * modifier '.cs'", '.acquire' with '.ca', '.release' with '.wt'), and
	 * a volatile one takes no L1 eviction priority either */
	if ((in->op == OP_LD || in->op == OP_ST) && (ir_hasmod(in, MOD_VOLATILE) || ir_hasmod(in, MOD_RELAXED) ||
	    ir_hasmod(in, MOD_ACQUIRE) || ir_hasmod(in, MOD_RELEASE))) {
		static const int ops[] = {MOD_CA, MOD_CG, MOD_CS, MOD_LU, MOD_CV, MOD_WB, MOD_WT};
		int c = MOD_NONE, e = ir_hasmod(in, MOD_VOLATILE) ? ir_mod_evict(in) : MOD_NONE;
		for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
			if (ir_hasmod(in, ops[k]))
				c = ops[k];
		if (c != MOD_NONE) {
			verify_report(v, VC_MODIFIER, verify_modloc(v, in, c),
			    "a volatile or ordered '%s' takes no cache operator .%s", op, ir_modinfo[c].name);
			return;
		}
		if (e != MOD_NONE && ir_modinfo[e].name && !strncmp(ir_modinfo[e].name, "L1::", 4)) {
			verify_report(v, VC_MODIFIER, verify_modloc(v, in, e),
			    "a volatile '%s' takes no L1 eviction priority .%s", op, ir_modinfo[e].name);
			return;
		}
	}
	/* the mixed-precision forms are .f32 from .f16 or .bf16 (add.f32.f16);
	 * add.f32.f32 is a type written twice */
	if ((in->op == OP_ADD || in->op == OP_SUB || in->op == OP_FMA) && in->nty == 2 &&
	    !(in->ty[0] == TY_F32 && (in->ty[1] == TY_F16 || in->ty[1] == TY_BF16)))
		max = 1;
	if (max && in->nty > max)
		verify_report(v, VC_INSTRTYPE, typeat(v, in, max), "unexpected types for '%s': it takes %s, not %d", op,
		    max == 1 ? "one" : "at most two", in->nty);
}

void
verify_modcount(Verify *v)
{
	for (int f = 0; f < v->m->nfn; f++) {
		Func *fn = v->m->fn[f];
		if (!fn->hasbody)
			continue;
		for (int i = 0; i < fn->nins; i++)
			check(v, fn->ins[i]);
	}
}

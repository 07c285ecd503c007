/*
 * modrule.c — modifiers together and state spaces (types.c runs these
 * from its check()):
 *
 *  - the rows of modrule[]: a modifier that goes only with some types, one
 *    of a set that is needed, pairs that exclude each other;
 *  - state spaces: none where the table lists none, one on ld, st, atom
 *    ..., the mbarrier instructions' own, and their variables in .shared;
 *  - on ld and st a scope only with a memory order and the reverse;
 *    .volatile and memory orders only on .global, .shared and generic.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "types.h"

/* ---------------------------------------------------------------- modifiers together
 *
 * The opcode table lists an opcode's modifiers; ptxas takes some only with
 * some types, needs some, and refuses some pairs.  One row per rule, found
 * by trying every modifier and pair of modifiers on every type of the
 * arithmetic opcodes, and every operation on every type of atom and red,
 * with ptxas 13.0 (tests/lint/crosscheck.py arith, atom):
 *   T  MODS (one) goes only with TYPES ("Unknown modifier", "Operation
 *      .add requires ... type");
 *   N  with TYPES (all when empty) and WHEN present (if given), one of
 *      MODS is needed ("Rounding modifier required", ".approx modifier
 *      required");
 *   X  at most one of MODS ("cannot be combined", "Illegal modifier").
 * "RND" stands for the four float roundings.  Rows of an opcode are
 * consecutive.  More than one rounding is refused everywhere ("Multiple
 * rounding modifiers specified"): modcount.c, with the other groups.
 */
#define INT "u16 u32 u64 s16 s32 s64"
#define FALL "f16 f16x2 bf16 bf16x2 f32 f32x2 f64"
#define FWIDE "f32 f32x2 f64"
#define FTZ "f16 f16x2 f32 f32x2"
#define F16S "f16 f16x2 bf16 bf16x2"
static const struct { char kind; const char *op, *mods, *when, *types; } modrule[] = {
	{'T', "add", "sat", "", "s32 f16 f16x2 f32"}, {'T', "add", "cc", "", "u32 s32 u64 s64"},
	{'T', "add", "rn", "", FALL}, {'T', "add", "rz", "", FWIDE}, {'T', "add", "rm", "", FWIDE},
	{'T', "add", "rp", "", FWIDE}, {'T', "add", "ftz", "", FTZ}, {'X', "add", "cc sat", "", ""},
	{'T', "sub", "sat", "", "s32 f16 f16x2 f32"}, {'T', "sub", "cc", "", "u32 s32 u64 s64"},
	{'T', "sub", "rn", "", FALL}, {'T', "sub", "rz", "", FWIDE}, {'T', "sub", "rm", "", FWIDE},
	{'T', "sub", "rp", "", FWIDE}, {'T', "sub", "ftz", "", FTZ}, {'X', "sub", "cc sat", "", ""},
	{'T', "mul", "hi", "", INT}, {'T', "mul", "lo", "", INT}, {'T', "mul", "wide", "", "u16 u32 s16 s32"},
	{'T', "mul", "rn", "", FALL}, {'T', "mul", "rz", "", FWIDE}, {'T', "mul", "rm", "", FWIDE},
	{'T', "mul", "rp", "", FWIDE}, {'T', "mul", "ftz", "", FTZ}, {'T', "mul", "sat", "", "f16 f16x2 f32"},
	{'X', "mul", "hi lo wide", "", ""},
	{'T', "mad", "hi", "", INT}, {'T', "mad", "lo", "", INT}, {'T', "mad", "wide", "", "u16 u32 s16 s32"},
	{'T', "mad", "cc", "", "u32 s32 u64 s64"}, {'T', "mad", "sat", "", "s32 f32"},
	{'T', "mad", "rn", "", "f32 f64"}, {'T', "mad", "rz", "", "f32 f64"}, {'T', "mad", "rm", "", "f32 f64"},
	{'T', "mad", "rp", "", "f32 f64"}, {'T', "mad", "ftz", "", "f32"}, {'X', "mad", "hi lo wide", "", ""},
	{'X', "mad", "wide cc", "", ""}, {'X', "mad", "lo sat", "", ""}, {'X', "mad", "wide sat", "", ""},
	{'X', "mad", "cc sat", "", ""}, {'N', "mad", "RND", "", "f32 f64"},
	{'X', "mul24", "hi lo", "", ""},
	{'T', "mad24", "sat", "", "s32"}, {'X', "mad24", "hi lo", "", ""}, {'X', "mad24", "lo sat", "", ""},
	{'X', "madc", "hi lo", "", ""}, {'N', "madc", "hi lo", "", ""},
	{'T', "div", "approx", "", "f32"}, {'T', "div", "full", "", "f32"}, {'T', "div", "ftz", "", "f32"},
	{'T', "div", "rn", "", "f32 f64"}, {'T', "div", "rz", "", "f32 f64"}, {'T', "div", "rm", "", "f32 f64"},
	{'T', "div", "rp", "", "f32 f64"}, {'X', "div", "approx full RND", "", ""},
	{'N', "div", "approx full RND", "", "f32"}, {'N', "div", "RND", "", "f64"},
	{'T', "abs", "ftz", "", "f16 f16x2 f32"}, {'T', "neg", "ftz", "", "f16 f16x2 f32"},
	{'T', "min", "relu", "", "s32 s16x2"}, {'T', "min", "ftz", "", "f16 f16x2 f32"},
	{'T', "min", "NaN", "", F16S " f32"}, {'T', "min", "xorsign", "", F16S " f32"},
	{'T', "min", "abs", "", F16S " f32"}, {'N', "min", "abs", "xorsign", ""}, {'N', "min", "xorsign", "abs", ""},
	{'T', "max", "relu", "", "s32 s16x2"}, {'T', "max", "ftz", "", "f16 f16x2 f32"},
	{'T', "max", "NaN", "", F16S " f32"}, {'T', "max", "xorsign", "", F16S " f32"},
	{'T', "max", "abs", "", F16S " f32"}, {'N', "max", "abs", "xorsign", ""}, {'N', "max", "xorsign", "abs", ""},
	{'T', "fma", "ftz", "", FTZ}, {'T', "fma", "sat", "", "f16 f16x2 f32"}, {'T', "fma", "relu", "", F16S},
	{'T', "fma", "oob", "", F16S}, {'T', "fma", "rz", "", "bf16 bf16x2 " FWIDE},
	{'T', "fma", "rm", "", "bf16 bf16x2 " FWIDE}, {'T', "fma", "rp", "", "bf16 bf16x2 " FWIDE},
	{'X', "fma", "ftz oob", "", ""}, {'X', "fma", "sat relu", "", ""}, {'N', "fma", "RND", "", ""},
	{'X', "rcp", "approx RND", "", ""}, {'N', "rcp", "approx RND", "", ""}, {'N', "rcp", "ftz", "approx", "f64"},
	{'T', "sqrt", "approx", "", "f32"}, {'T', "sqrt", "ftz", "", "f32"}, {'X', "sqrt", "approx RND", "", ""},
	{'N', "sqrt", "approx RND", "", "f32"}, {'N', "sqrt", "RND", "", "f64"},
	{'N', "rsqrt", "approx", "", ""}, {'N', "sin", "approx", "", ""}, {'N', "cos", "approx", "", ""},
	{'N', "lg2", "approx", "", ""}, {'N', "tanh", "approx", "", ""},
	{'T', "ex2", "ftz", "", "bf16 bf16x2 f32"}, {'N', "ex2", "approx", "", ""},
	{'N', "ex2", "ftz", "approx", "bf16 bf16x2"},
	{'T', "atom", "add", "", "u32 s32 u64 " F16S " f32 f64"}, {'T', "atom", "and", "", "b32 b64"},
	{'T', "atom", "or", "", "b32 b64"}, {'T', "atom", "xor", "", "b32 b64"},
	{'T', "atom", "exch", "", "b32 b64 b128"}, {'T', "atom", "cas", "", "b16 b32 b64 b128"},
	{'T', "atom", "min", "", "u32 s32 u64 s64 " F16S}, {'T', "atom", "max", "", "u32 s32 u64 s64 " F16S},
	{'T', "atom", "inc", "", "u32"}, {'T', "atom", "dec", "", "u32"},
	{'N', "atom", "noftz", "add", F16S},
	/* .noftz is the half types' alone ("Illegal modifier '.noftz' for
	 * instruction 'atom'" on .u32 and .f32), and their min and max need
	 * it too ("'.noftz' modifier required for instruction 'atom' with
	 * type '.f16'"); cas takes no cache hint ("Illegal modifier
	 * '.L2::cache_hint'") */
	{'T', "atom", "noftz", "", F16S}, {'N', "atom", "noftz", "min", F16S}, {'N', "atom", "noftz", "max", F16S},
	{'X', "atom", "cas L2::cache_hint", "", ""},
	{'T', "red", "add", "", "u32 s32 u64 " F16S " f32 f64"}, {'T', "red", "and", "", "b32 b64"},
	{'T', "red", "or", "", "b32 b64"}, {'T', "red", "xor", "", "b32 b64"},
	{'T', "red", "min", "", "u32 s32 u64 s64 " F16S}, {'T', "red", "max", "", "u32 s32 u64 s64 " F16S},
	{'T', "red", "inc", "", "u32"}, {'T', "red", "dec", "", "u32"},
	{'N', "red", "noftz", "add", F16S},
	{'T', "red", "noftz", "", F16S}, {'N', "red", "noftz", "min", F16S}, {'N', "red", "noftz", "max", F16S},
	/* the bit-field and dot-product words ptxas needs ("Clamp modifier
	 * required for instruction 'szext'", "'.hi/.lo' modifier required for
	 * instruction 'dp2a'"), and cvt.pack's saturation (".sat modifier
	 * required for instruction 'cvt.pack'") */
	{'N', "szext", "clamp wrap", "", ""}, {'N', "bmsk", "clamp wrap", "", ""},
	{'N', "dp2a", "hi lo", "", ""}, {'X', "dp2a", "hi lo", "", ""},
	{'N', "cvt.pack", "sat", "", ""},
	/* a vote's mode and type go together ("Instruction 'vote' requires
	 * '.pred' type with '.all' modifier", "... '.b32' type with
	 * '.ballot' ..."; one mode is needed: types.c required()) */
	{'T', "vote", "all", "", "pred"}, {'T', "vote", "any", "", "pred"}, {'T', "vote", "uni", "", "pred"},
	{'T', "vote", "ballot", "", "b32"},
	{'T', "vote.sync", "all", "", "pred"}, {'T', "vote.sync", "any", "", "pred"},
	{'T', "vote.sync", "uni", "", "pred"}, {'T', "vote.sync", "ballot", "", "b32"},
	/* redux's operation and type ("Incorrect type '.b32' for operation
	 * '.add' in instruction 'redux'"; .abs and .NaN "require '.f32'";
	 * the operation itself is needed: types.c required()) */
	{'T', "redux.sync", "add", "", "u32 s32"}, {'T', "redux.sync", "min", "", "u32 s32 f32"},
	{'T', "redux.sync", "max", "", "u32 s32 f32"}, {'T', "redux.sync", "and", "", "b32"},
	{'T', "redux.sync", "or", "", "b32"}, {'T', "redux.sync", "xor", "", "b32"},
	{'T', "redux.sync", "abs", "", "f32"}, {'T', "redux.sync", "NaN", "", "f32"},
	/* the carry-in forms take 16-bit types, but no carry out of them
	 * ("Modifier '.cc' applies only to addc integer types") */
	{'T', "addc", "cc", "", "u32 s32 u64 s64"}, {'T', "subc", "cc", "", "u32 s32 u64 s64"},
	{'T', "madc", "cc", "", "u32 s32 u64 s64"},
	/* and .sat of .s32 without a carry out ("Modifier '.sat' does not
	 * apply to '.u32' type", "Modifier '.cc' cannot be combined with
	 * modifier '.sat'"); madc's only with .hi ("Illegal modifier '.sat'
	 * for instruction 'madc.lo'") */
	{'T', "addc", "sat", "", "s32"}, {'X', "addc", "cc sat", "", ""},
	{'T', "subc", "sat", "", "s32"}, {'X', "subc", "cc sat", "", ""},
	{'T', "madc", "sat", "", "s32"}, {'X', "madc", "cc sat", "", ""}, {'X', "madc", "lo sat", "", ""},
	/* red.async's operations and types, of both its forms ("Incorrect type
	 * '.b64' for operation '.and' in instruction 'red.async'", '.u64' for
	 * '.min', '.s32' for '.inc') */
	{'T', "red.async", "add", "", "u32 s32 u64 s64"}, {'T', "red.async", "min", "", "u32 s32"},
	{'T', "red.async", "max", "", "u32 s32"}, {'T', "red.async", "and", "", "b32"},
	{'T', "red.async", "or", "", "b32"}, {'T', "red.async", "xor", "", "b32"},
	{'T', "red.async", "inc", "", "u32"}, {'T', "red.async", "dec", "", "u32"},
	/* red.async names its order and operation, and a relaxed one its
	 * scope ("order modifier required for instruction 'red.async'",
	 * "Reduction operation is required", "Modifier '.relaxed' requires
	 * scope"; at cluster scope it signals an mbarrier: types.c) */
	{'N', "red.async", "relaxed release", "", ""}, {'N', "red.async", "add min max and or xor inc dec", "", ""},
	{'N', "red.async", "cluster gpu", "relaxed", ""},
	/* the compared or selecting type (set's and slct's second) */
	{'T', "setp", "ftz", "", "f16 f16x2 f32"}, {'T', "set", "ftz", "", "f16 f16x2 f32"},
	{'T', "slct", "ftz", "", "f32"},
	/* the matrix products round only f64 ("Illegal rounding modifier for
	 * instruction 'mma'"; the accumulator's type, the last) */
	{'T', "mma", "rn", "", "f64"}, {'T', "mma", "rz", "", "f64"}, {'T', "mma", "rm", "", "f64"},
	{'T', "mma", "rp", "", "f64"},
	{'T', "wmma.mma", "rn", "", "f64"}, {'T', "wmma.mma", "rz", "", "f64"}, {'T', "wmma.mma", "rm", "", "f64"},
	{'T', "wmma.mma", "rp", "", "f64"},
	/* fence.sync_restrict::shared::cta is a release at cluster scope and
	 * ::cluster an acquire at cluster scope, nothing else ("Modifier
	 * '.sync_restrict::shared::cta' requires modifier 'order'", "cannot be
	 * combined with modifier '.gpu'"; one order and one scope: modcount.c) */
	{'N', "fence", "release", "sync_restrict::shared::cta", ""},
	{'N', "fence", "cluster", "sync_restrict::shared::cta", ""},
	{'N', "fence", "acquire", "sync_restrict::shared::cluster", ""},
	{'N', "fence", "cluster", "sync_restrict::shared::cluster", ""},
	{'X', "fence", "sync_restrict::shared::cta sync_restrict::shared::cluster", "", ""},
	/* prefetch's eviction priority stands for its level ("Illegal modifier
	 * '.L2' for instruction 'prefetch' with '.level::eviction_priority'") */
	{'X', "prefetch", "L1 L2::evict_last", "", ""}, {'X', "prefetch", "L2 L2::evict_last", "", ""},
	{'X', "prefetch", "L1 L2::evict_normal", "", ""}, {'X', "prefetch", "L2 L2::evict_normal", "", ""},
	{'X', "prefetch", "tensormap L2::evict_last", "", ""}, {'X', "prefetch", "tensormap L2::evict_normal", "", ""},
	/* the words the cache-control, register and tensor-map instructions
	 * cannot do without, which the PTX manual writes as optional or not
	 * at all (ptxas 13.0: ".L2 modifier required for instruction
	 * 'discard'", "cache eviction priority modifier required", ".level
	 * modifier required for instruction 'cp.async.bulk.prefetch'", "State
	 * space modifier required", ".aligned modifier required for
	 * instruction 'setmaxnreg.dec'", ".sync modifier required for
	 * instruction 'wgmma.wait_group'", ".tensormap::generic modifier
	 * required for instruction 'tensormap.cp_fenceproxy'", ".tile
	 * modifier required for instruction 'tensormap.replace'", "Tensormap
	 * field modifier required", "Reduction operation is required for
	 * instruction 'multimem.red'", ".acquire/.release modifier required
	 * for instruction 'fence.proxy'"); tensormap.replace sets one field
	 * ("Multiple .box_dim modifiers specified" for .rank.box_dim) */
	{'N', "discard", "L2", "", ""}, {'N', "applypriority", "L2::evict_normal", "", ""},
	{'N', "createpolicy.cvt", "L2", "", ""},
	{'N', "createpolicy.fractional", "L2::evict_last L2::evict_normal L2::evict_first L2::evict_unchanged", "", ""},
	{'N', "createpolicy.range", "L2::evict_last L2::evict_normal L2::evict_first L2::evict_unchanged", "", ""},
	{'N', "cp.async.bulk.prefetch", "L2", "", ""}, {'N', "cp.async.bulk.prefetch", "global", "", ""},
	{'N', "setmaxnreg", "inc dec", "", ""}, {'N', "setmaxnreg", "sync", "", ""}, {'N', "setmaxnreg", "aligned", "", ""},
	{'N', "wgmma.wait_group", "sync", "", ""},
	{'N', "tensormap.cp_fenceproxy", "tensormap::generic", "", ""}, {'N', "tensormap.cp_fenceproxy", "release", "", ""},
	{'N', "tensormap.cp_fenceproxy", "cta cluster gpu sys", "", ""}, {'N', "tensormap.cp_fenceproxy", "sync", "", ""},
	{'N', "tensormap.cp_fenceproxy", "aligned", "", ""},
	{'N', "tensormap.replace", "tile", "", ""},
	{'N', "tensormap.replace", "global_address rank box_dim global_dim global_stride element_stride elemtype "
	    "interleave_layout swizzle_mode swizzle_atomicity fill_mode", "", ""},
	{'X', "tensormap.replace", "global_address rank box_dim global_dim global_stride element_stride elemtype "
	    "interleave_layout swizzle_mode swizzle_atomicity fill_mode", "", ""},
	{'N', "tensormap.replace", "b1024", "", ""},
	{'N', "multimem.red", "min max add and or xor", "", ""}, {'N', "multimem.ld_reduce", "min max add and or xor", "", ""},
	{'N', "fence.proxy.tensormap::generic", "acquire release", "", ""},
	{'N', "fence.proxy.tensormap::generic", "cta cluster gpu sys", "", ""},
};
#undef INT
#undef FALL
#undef FWIDE
#undef FTZ
#undef F16S

#define NRULE (sizeof modrule / sizeof modrule[0])
enum { RULEMODS = 12 };

/* A row with its names as ids. */
typedef struct Rule {
	int mod[RULEMODS], nmod;    /* MODS */
	int when;                   /* WHEN, or 0 */
	uint64_t ty;                /* TYPES, 1 << TY_*; all of them when empty */
} Rule;

/* The rows as ids: filled by verify_ruleinit, once a process (types.c). */
static Rule rules[NRULE];

struct Rule *
verify_rules(void)
{
	return rules;
}

void
verify_ruleinit(Accept *ac)
{
	static const char *const rnd[] = { "rn", "rz", "rm", "rp" };

	for (size_t r = 0; r < NRULE; r++) {
		Rule *ru = &ac->rule[r];
		const char *t = modrule[r].mods;
		for (int op = 0; op < NOP; op++)
			if (strcmp(ir_opinfo[op].name, modrule[r].op) == 0) {
				if (!ac->rule0[op])
					ac->rule0[op] = (int)r + 1;
				ac->rule1[op] = (int)r + 1;
			}
		while (*t) {
			size_t n = strcspn(t, " ");
			if (n == 3 && memcmp(t, "RND", 3) == 0) {
				for (int k = 0; k < 4 && ru->nmod < RULEMODS; k++)
					ru->mod[ru->nmod++] = ir_mod_lookup(rnd[k], 2);
			} else if (ru->nmod < RULEMODS) {
				ru->mod[ru->nmod++] = ir_mod_lookup(t, n);
			}
			t += n + (t[n] == ' ');
		}
		ru->when = *modrule[r].when ? ir_mod_lookup(modrule[r].when, strlen(modrule[r].when)) : 0;
		ru->ty = *modrule[r].types ? 0 : ~(uint64_t)0;
		for (t = modrule[r].types; *t; ) {
			size_t n = strcspn(t, " ");
			int id = ir_mod_lookup(t, n);
			if (id > 0 && id < NTY && id < 64)
				ru->ty |= (uint64_t)1 << id;
			t += n + (t[n] == ' ');
		}
	}
}

/* ".rn, .rz or .approx" from a rule's modifiers. */
static const char *
modlist(char *buf, size_t cap, const Rule *ru)
{
	size_t n = 0;

	buf[0] = 0;
	for (int k = 0; k < ru->nmod && n < cap; k++)
		n += (size_t)snprintf(buf + n, cap - n, "%s.%s", k == 0 ? "" : k == ru->nmod - 1 ? " or " : ", ",
		    ir_modinfo[ru->mod[k]].name);
	return buf;
}

/* The opcodes PTX ISA 1.0-1.3 wrote without a rounding or .approx. */
static int
oldbare(int op)
{
	switch (op) {
	case OP_DIV: case OP_SQRT: case OP_RCP: case OP_RSQRT: case OP_SIN: case OP_COS: case OP_LG2: case OP_EX2:
	case OP_MAD:
		return 1;
	}
	return 0;
}

void
verify_modrules(Verify *v, const Accept *ac, Ins *in)
{
	const char *op = ir_opinfo[in->op].name;
	int t = in->nty < 1 ? 0 : in->ty[in->nty > 1 ? in->nty - 1 : 0];
	char buf[256];

	/* a modifier twice, or two of one group (two roundings): modcount.c */
	/* a type the opcode does not take is reported already; an opcode of
	 * no type (fence) meets the rows of all types alone (bit 0) */
	if (!ac->rule0[in->op] || (in->nty < 1 && *ir_opinfo[in->op].types) ||
	    (in->nty >= 1 && (t <= 0 || t >= 64 || !accepts(ac, in->op, t))))
		return;
	for (int r = ac->rule0[in->op] - 1; r < ac->rule1[in->op]; r++) {
		const Rule *ru = &ac->rule[r];
		int have = 0, a = 0, b = 0;
		if (strcmp(modrule[r].op, op) != 0 || !(ru->ty >> t & 1) || (ru->when && !ir_hasmod(in, ru->when)))
			continue;
		/* before PTX ISA 3.2 a bare mad.f32 was the sm_1x one (ptxas warns at 3.1) */
		if (in->op == OP_MAD && t == TY_F32 && v->m->ver_major * 10 + v->m->ver_minor < 32)
			continue;
		/* before 1.4 the rounding and .approx were implied (interp/load.c
		 * oldfloat); rcp.f64 was rcp.approx.f64, which needs .ftz */
		if (v->m->ver_major * 10 + v->m->ver_minor < 14 && modrule[r].kind == 'N' && !ru->when &&
		    (t == TY_F32 || t == TY_F64) && oldbare(in->op) && !(in->op == OP_RCP && t == TY_F64))
			continue;
		for (int k = 0; k < ru->nmod; k++)
			if (ir_hasmod(in, ru->mod[k]) && have++ < 2)
				*(have == 1 ? &a : &b) = ru->mod[k];
		switch (modrule[r].kind) {
		case 'N':
			if (!have)
				verify_report(v, VC_MODIFIER, in->loc, "'%s%s%s%s%s' needs %s", op, ru->when ? "." : "",
				    ru->when ? ir_modinfo[ru->when].name : "", t ? "." : "", t ? tyname(t) : "",
				    modlist(buf, sizeof buf, ru));
			break;
		case 'X':
			if (have > 1 && !(ir_modinfo[a].cls == MC_ROUND && ir_modinfo[b].cls == MC_ROUND))
				verify_report(v, VC_MODIFIER, verify_modloc(v, in, b), "modifier .%s cannot be combined with modifier .%s in '%s'",
				    ir_modinfo[a].name, ir_modinfo[b].name, op);
			break;
		}
	}
	/* T rows: a modifier of this opcode that has a row goes only with its types */
	for (int r = ac->rule0[in->op] - 1; r < ac->rule1[in->op]; r++) {
		const Rule *ru = &ac->rule[r];
		/* two of one group (vote.ballot.uni) are modcount.c's to report */
		if (modrule[r].kind == 'T' && strcmp(modrule[r].op, op) == 0 && ir_hasmod(in, ru->mod[0]) &&
		    !(ru->ty >> t & 1) && !verify_modpaired(in, ru->mod[0]))
			verify_report(v, VC_MODIFIER, verify_modloc(v, in, ru->mod[0]), in->op == OP_ATOM || in->op == OP_RED ?
			    "operation .%s of '%s' does not take type .%s" : "modifier .%s of '%s' does not take type .%s",
			    ir_modinfo[ru->mod[0]].name, op, tyname(t));
	}
}

/*
 * State-space modifiers: none on an instruction whose table lists no space
 * ("No state space qualifier expected"), at most one on the plain memory
 * instructions ("Unexpected number of state spaces"; cvta.to's .to is not
 * a space).  Which spaces go with which instruction is space.c's.
 */
/* The instructions that take an mbarrier's address. */
static int
mbarop(int op)
{
	switch (op) {
	case OP_MBARRIER_INIT: case OP_MBARRIER_INVAL: case OP_MBARRIER_EXPECT_TX: case OP_MBARRIER_COMPLETE_TX:
	case OP_MBARRIER_ARRIVE: case OP_MBARRIER_ARRIVE_DROP: case OP_CP_ASYNC_MBARRIER_ARRIVE:
	case OP_MBARRIER_TEST_WAIT: case OP_MBARRIER_TRY_WAIT:
		return 1;
	default:
		return 0;
	}
}

/* The mbarrier instructions take the spaces their row of ops.def lists
 * (.shared, .shared::cta, .shared::cluster for some) and no other ("State
 * space incorrect", "Illegal modifier '::cluster'").  1 when it reported. */
static int
mbarspace(Verify *v, const Accept *ac, Ins *in)
{
	if (!mbarop(in->op))
		return 0;
	for (int i = 0; i < in->nmod; i++) {
		int md = in->mod[i];
		if (md >= NTY && md < NMOD && ir_modinfo[md].cls == MC_SPACE && !ac->mod[in->op * NMOD + md]) {
			verify_report(v, VC_SPACE, in->loc, "state space .%s incorrect for '%s'", ir_modinfo[md].name,
			    ir_opinfo[in->op].name);
			return 1;
		}
	}
	return 0;
}

/* A state space written twice ("Multiple state spaces specified",
 * "Unexpected number of state spaces"), or .to twice ("Unknown modifier");
 * 0 when none.  One space is all an instruction takes but the copies,
 * whose shape has two addresses (cp.async.shared.global): a source's and
 * a destination's (space.c checks which). */
static int
dupspace(const Ins *in)
{
	for (int i = 0; i < in->nmod; i++)
		for (int j = 0; j < i; j++)
			if (in->mod[i] == in->mod[j] && in->mod[i] >= NTY && in->mod[i] < NMOD &&
			    ir_modinfo[in->mod[i]].cls == MC_SPACE)
				return in->mod[i];
	return 0;
}

/* An mbarrier is in shared memory: a variable of another space is
 * refused ("Illegal state space for address operand 'gv' with instruction
 * 'mbarrier.init'"); cp.async.mbarrier.arrive takes one through a generic
 * address, but not with .shared ("State space mismatch between
 * instruction and address"). */
static int
mbarvar(Verify *v, Ins *in)
{
	if (!mbarop(in->op))
		return 0;
	for (int i = 0; i < in->nopnd; i++) {
		const Opnd *a = &in->opnd[i];
		const Sym *s = a->kind == OK_ADDR && a->base && a->base->kind == OK_SYM ? a->base->sym : NULL;
		if (!s || s->kind != SYM_VAR || s->space == SP_SHARED)
			continue;
		if (in->op != OP_CP_ASYNC_MBARRIER_ARRIVE || in->space == SP_SHARED) {
			verify_report(v, VC_SPACE, a->loc, "the mbarrier of '%s' is in shared memory; '%s' is not", ir_opinfo[in->op].name,
			    s->name);
			return 1;
		}
	}
	return 0;
}

/* Where the state space modifier after the first k ones is written. */
static Loc
spaceat(const Verify *v, const Ins *in, int k)
{
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] >= NTY && in->mod[i] < NMOD && ir_modinfo[in->mod[i]].cls == MC_SPACE &&
		    in->mod[i] != MOD_TO && k-- == 0)
			return verify_modat(v, in, i);
	return in->loc;
}

void
verify_spaces(Verify *v, const Accept *ac, Ins *in)
{
	static const int all[] = { MOD_GLOBAL, MOD_SHARED, MOD_SHARED_CTA, MOD_SHARED_CLUSTER, MOD_LOCAL,
		MOD_CONST, MOD_PARAM, MOD_PARAM_ENTRY, MOD_PARAM_FUNC, MOD_TEX };
	int n = 0, takes = 0, dup;

	for (int i = 0; i < in->nmod; i++)
		n += in->mod[i] >= NTY && in->mod[i] < NMOD && ir_modinfo[in->mod[i]].cls == MC_SPACE &&
		    in->mod[i] != MOD_TO;
	if (ir_hasmod(in, MOD_TO) && in->op != OP_CVTA)
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, MOD_TO), "'%s' does not take .to (that is cvta.to)", ir_opinfo[in->op].name);
	if (!n) {
		mbarvar(v, in);
		return;
	}
	for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
		takes |= ac->mod[in->op * NMOD + all[k]];
	if (!takes)
		verify_report(v, VC_MODIFIER, spaceat(v, in, 0), "'%s' takes no state space", ir_opinfo[in->op].name);
	else if ((in->op == OP_LDMATRIX || in->op == OP_STMATRIX) && in->space != SP_SHARED && in->space != SP_NONE)
		verify_report(v, VC_SPACE, in->loc, "state space .%s incorrect for '%s' (only .shared or generic)",
		    ir_spacename[in->space], ir_opinfo[in->op].name);
	else if (mbarspace(v, ac, in) || mbarvar(v, in))
		;
	else if (in->op == OP_LDU && in->space != SP_GLOBAL && in->space != SP_NONE)
		verify_report(v, VC_SPACE, in->loc, "state space .%s incorrect for 'ldu' (only .global or generic)",
		    ir_spacename[in->space]);
	else if ((dup = dupspace(in)))
		verify_report(v, VC_MODIFIER, verify_modlast(v, in, dup), "'%s' has state space .%s twice", ir_opinfo[in->op].name,
		    ir_modinfo[dup].name);
	else if (n > 1 && strncmp(ir_opinfo[in->op].shape, "m,m", 3) != 0)
		verify_report(v, VC_MODIFIER, spaceat(v, in, 1), "'%s' takes one state space, not %d", ir_opinfo[in->op].name, n);
	else
		for (int i = 0; i < in->nmod; i++) {
			int md = in->mod[i];
			/* a .param sub-space its row does not list (st.param::entry:
			 * "Illegal modifier '::entry' for instruction 'st'"); the
			 * spaces themselves are space.c's, which sees .param */
			if ((md == MOD_PARAM_ENTRY || md == MOD_PARAM_FUNC) && !ac->mod[in->op * NMOD + md]) {
				verify_report(v, VC_MODIFIER, verify_modat(v, in, i), "'%s' does not take state space .%s",
				    ir_opinfo[in->op].name, ir_modinfo[md].name);
				break;
			}
		}
}

/* ld and st: a scope only with a memory order (.relaxed, .acquire, .release),
 * an order only with a scope, and .volatile with neither ("Modifier '.sys'
 * requires memory order", "... requires scope", "cannot be combined"). */
void
verify_ldstorder(Verify *v, Ins *in)
{
	int sem = ir_mod_sem(in), scope = ir_mod_scope(in);
	const char *opn = ir_opinfo[in->op].name;

	/* the mbarrier waits, arrivals and transaction counts pair an order
	 * and a scope as well ("Modifier '.release' requires scope with
	 * 'mbarrier.arrive' instruction", "Modifier '.cta' requires order
	 * with 'mbarrier.expect_tx' instruction") */
	if (in->op == OP_MBARRIER_ARRIVE || in->op == OP_MBARRIER_ARRIVE_DROP || in->op == OP_MBARRIER_TEST_WAIT ||
	    in->op == OP_MBARRIER_TRY_WAIT || in->op == OP_MBARRIER_EXPECT_TX || in->op == OP_MBARRIER_COMPLETE_TX) {
		if (scope && !sem)
			verify_report(v, VC_MODIFIER, verify_modloc(v, in, scope), "'%s.%s' needs a memory order (%s)", opn,
			    ir_modinfo[scope].name, in->op == OP_MBARRIER_ARRIVE || in->op == OP_MBARRIER_ARRIVE_DROP ?
			    ".release or .relaxed" : in->op == OP_MBARRIER_EXPECT_TX || in->op == OP_MBARRIER_COMPLETE_TX ?
			    ".relaxed" : ".acquire or .relaxed");
		else if (sem && !scope)
			verify_report(v, VC_MODIFIER, verify_modloc(v, in, sem), "'%s.%s' needs a scope (.cta, .cluster)", opn,
			    ir_modinfo[sem].name);
		return;
	}
	if (in->op != OP_LD && in->op != OP_ST)
		return;
	if (sem && sem != MOD_WEAK && (in->space == SP_PARAM || in->space == SP_CONST || in->space == SP_LOCAL))
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, sem), "'%s.%s' does not apply to the .%s state space", opn,
		    ir_modinfo[sem].name, ir_spacename[in->space]);
	else if (sem == MOD_VOLATILE && scope)
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, scope), "'%s.volatile' cannot take a scope (.%s)", opn,
		    ir_modinfo[scope].name);
	else if (scope && (!sem || sem == MOD_WEAK))
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, scope), "'%s.%s' needs a memory order (.relaxed, %s)", opn,
		    ir_modinfo[scope].name, in->op == OP_LD ? ".acquire" : ".release");
	else if ((sem == MOD_RELAXED || sem == MOD_ACQUIRE || sem == MOD_RELEASE) && !scope)
		verify_report(v, VC_MODIFIER, verify_modloc(v, in, sem), "'%s.%s' needs a scope (.cta, .cluster, .gpu, .sys)", opn,
		    ir_modinfo[sem].name);
}

/* Whether a row name has the word sync (bar.sync, barrier.cta.sync). */
int
verify_namesync(const char *name)
{
	for (const char *s = name; (s = strstr(s, "sync")); s += 4)
		if (s > name && s[-1] == '.' && (s[4] == 0 || s[4] == '.'))
			return 1;
	return 0;
}

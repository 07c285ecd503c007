/*
 * lower.c -- what ptxas makes of a module's memory accesses, where the
 * memory counters (counters.c) must follow it to equal Nsight Compute on
 * code that ptxas -arch=sm_90 compiled (CUDA 13.0, as nvcc builds it).
 *
 * interp_count_lower runs once per function at load and sets XIns.lower
 * (LOW_* in interp.h): loads ptxas drops for an earlier load's value,
 * atoms it makes RED, shared adds it makes ATOMS.POPC.INC or a CAS loop,
 * shared loads and stores of one or two words it merges into 64- and
 * 128-bit ones, short diamonds it predicates (whose skipped surface
 * stores still count a texture request).  Each rule was
 * measured (tests/counters/sweep.cu, the sw_*.want cases); where ptxas
 * does more (loads merged after it unrolls a loop, spills, local arrays
 * kept in registers) the counts stay those of the PTX.  The driver's JIT
 * optimizes less (no RED, no merges), so a module it compiles counts
 * differently there.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "interp.h"

/*
 * ptxas keeps the value of a load and drops a later load of the same
 * address in the same block when nothing between can have written memory
 * (measured: a CUB raking scan reloads three shared words around inline-asm
 * shuffles, and the H100 executes one LDS for each pair).  The interpreter
 * counts the second as the hardware does: not at all.  Between the two,
 * only instructions that touch registers alone may appear, and neither the
 * base register nor the guard may be written.
 */
static int
regonly(int x)
{
	switch (x) {
	case X_ALU: case X_MOV: case X_MOVPACK: case X_MOVUNPACK: case X_MOVN: case X_CVTA:
	case X_CVTATO: case X_ISSPACEP: case X_SHFL: case X_VOTE: case X_MATCH: case X_REDUX:
	case X_ACTIVEMASK: case X_LD:
		return 1;
	}
	return 0;
}

static int
writes(const XIns *y, int32_t r)
{
	for (int i = 0; i < y->nd && i < 8; i++)
		if (y->d[i].k == XO_REG && y->d[i].r == r)
			return 1;
	return 0;
}

/* A plain load: no volatile, relaxed, acquire or mmio semantics, not a
 * kernel parameter (LDC, counted by other rules). */
static int
plainld(const XIns *xi)
{
	const Ins *in = xi->in;

	if (xi->x != X_LD || !in || in->space == SP_PARAM || (xi->abase.k != XO_REG && xi->abase.k != XO_NONE))
		return 0;
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] == MOD_VOLATILE || in->mod[i] == MOD_RELAXED || in->mod[i] == MOD_ACQUIRE ||
		    in->mod[i] == MOD_MMIO)
			return 0;
	return 1;
}

/* The same modifiers (cache hints, .nc): ptxas is only trusted to reuse a
 * load exactly repeated. */
static int
samemods(const Ins *a, const Ins *b)
{
	if (a->nmod != b->nmod)
		return 0;
	for (int i = 0; i < a->nmod; i++)
		if (a->mod[i] != b->mod[i])
			return 0;
	return 1;
}

static int
reused(const XIns *code, int k)
{
	const XIns *xi = &code[k];
	int base = xi->abase.k == XO_REG ? xi->abase.r : -1;

	if (!plainld(xi))
		return 0;
	/* a bounded look back: blocks of unrolled code are long */
	for (int j = k - 1; j >= 0 && j >= k - 256 && code[j].in && code[j].in->blk == xi->in->blk; j--) {
		const XIns *y = &code[j];
		if (!regonly(y->x) || (base >= 0 && writes(y, base)) || (xi->guard >= 0 && writes(y, xi->guard)))
			return 0;
		if (plainld(y) && samemods(y->in, xi->in) && y->abase.k == xi->abase.k &&
		    (base < 0 || y->abase.r == base) && y->aoff == xi->aoff && y->size == xi->size &&
		    y->nd == xi->nd && y->ty == xi->ty && y->space == xi->space && y->in->space == xi->in->space &&
		    y->guard == xi->guard && (y->guard < 0 || y->gneg == xi->gneg))
			return 1;
	}
	return 0;
}

/*
 * Atomics (sweep.cu's satom_* and atom_*, SASS from ptxas 13.0): an atom
 * whose result is never read becomes RED (ptxas -arch=sm_90; the driver's
 * JIT keeps ATOMG, counted the same but as op_atom); a shared add of 1 so
 * becomes ATOMS.POPC.INC; a shared add of f32, f16x2, bf16x2 or 64 bits,
 * and a 64-bit and, or or xor, becomes a loop of LDS and ATOMS.CAST.SPIN
 * (64-bit min and max loops that skip the swap are not modelled).
 * read[r]: register r is a source somewhere in the function.
 */
static int
atomlow(const XIns *xi, const uint8_t *read)
{
	int dead = !xi->nd || xi->d[0].k == XO_SINK || (read && xi->d[0].k == XO_REG && !read[xi->d[0].r]);

	if (xi->space == MS_SHARED && xi->size == 8 && (xi->mod == MOD_ADD || xi->mod == MOD_AND ||
	    xi->mod == MOD_OR || xi->mod == MOD_XOR))
		return LOW_SPIN;
	if (xi->space == MS_SHARED && xi->mod == MOD_ADD) {
		if (xi->ty == TY_F32 || xi->ty == TY_F16X2 || xi->ty == TY_BF16X2)
			return LOW_SPIN;
		if (dead && (xi->ty == TY_U32 || xi->ty == TY_S32) && xi->ns >= 1 && xi->s[0].k == XO_IMM &&
		    (uint32_t)xi->s[0].imm == 1)
			return LOW_POPC;
	}
	return dead && xi->nd && read ? LOW_RED : LOW_NONE;
}

/*
 * ptxas merges scalar shared loads of adjacent words off one base into
 * LDS.64/LDS.128 when it can prove the wider access aligned (ptxas 13.0;
 * the driver's JIT does not): measured on a tiled SGEMM (16 loads of a
 * row, 4 LDS.128), a tree reduction (s[2t], s[2t + 1]: LDS.64) and CUB's
 * BlockReduce (7 words from +12: LDS, LDS.128, LDS.64).  The proof is the
 * alignment of the base: shared variables are placed at 16 bytes, and
 * shifts, products, sums and masks carry known low zero bits (valalign).
 * Loads merge within a block, with nothing between them but register
 * instructions and loads, under the same guard; the lowest counts as the
 * wide access, the others not at all.
 */
enum { ALDEPTH = 12, ALWORK = 512 };

/* valalign's walk: its budget of steps and the phis it is inside of */
typedef struct {
	int work;
	int open[ALDEPTH + 1], nopen;
} AlWalk;

static unsigned
low16(uint64_t v)
{
	return v & 15 ? (unsigned)(v & (0 - v)) : 16;
}

static unsigned valalign(const Func *f, int v, int depth, AlWalk *w);

/* The known alignment (1..16) of source operand j of in. */
static unsigned
opalign(const Func *f, const Ins *in, int j, int depth, AlWalk *w)
{
	const Opnd *o = &in->opnd[j];
	int u = in->guard ? 1 : 0;
	unsigned a;

	switch (o->kind) {
	case OK_IMM:
		return low16((uint64_t)o->imm);
	case OK_SYM:
		return o->sym->kind == SYM_VAR && o->sym->space == SP_SHARED ? low16((uint64_t)o->imm) : 1;
	case OK_REG:
		if (o->sym->kind != SYM_REG)
			return 1;
		for (int i = in->ndst; i < j; i++)
			u += in->opnd[i].kind == OK_REG && in->opnd[i].sym->kind == SYM_REG;
		if (u >= in->nuse)
			return 1;
		a = valalign(f, in->use[u], depth + 1, w);
		return o->imm && low16((uint64_t)o->imm) < a ? low16((uint64_t)o->imm) : a;
	}
	return 1;
}

/* A phi is as aligned as its least aligned argument; around a loop the
 * phi itself is first assumed aligned (a pointer stepped by a multiple of
 * 16 stays as aligned as its start). */
static unsigned
phialign(const Func *f, const Val *vl, int v, int depth, AlWalk *w)
{
	const Phi *p;
	unsigned a = 16, b;

	for (int i = 0; i < w->nopen; i++)
		if (w->open[i] == v)
			return 16;
	if (w->nopen > ALDEPTH || vl->blk < 0 || vl->blk >= f->nblk || vl->phi >= f->blk[vl->blk].nphi)
		return 1;
	p = &f->blk[vl->blk].phi[vl->phi];
	w->open[w->nopen++] = v;
	for (int i = 0; i < p->narg && a > 1; i++)
		if (p->arg[i] >= 0 && (b = valalign(f, p->arg[i], depth + 1, w)) < a)
			a = b;
	w->nopen--;
	return a;
}

static unsigned
valalign(const Func *f, int v, int depth, AlWalk *w)
{
	const Ins *in;
	const Val *vl;
	unsigned a, b;
	int k;

	if (depth > ALDEPTH || ++w->work > ALWORK || v < 0 || v >= f->nval)
		return 1;
	vl = &f->val[v];
	if (vl->ins < 0)
		return vl->phi >= 0 ? phialign(f, vl, v, depth, w) : 1;
	in = f->ins[vl->ins];
	k = ir_tyinfo[in->ty[0]].kind;
	if (in->guard || in->nopnd < 2 || (k != TK_UINT && k != TK_SINT && k != TK_BIT))
		return 1;
	switch (in->op) {
	case OP_MOV: case OP_CVTA: case OP_CVT:
		return opalign(f, in, 1, depth, w);
	case OP_SHL:
		if (in->nopnd < 3 || in->opnd[2].kind != OK_IMM)
			return 1;
		if ((uint64_t)in->opnd[2].imm > 4)
			return 16;
		a = opalign(f, in, 1, depth, w) << in->opnd[2].imm;
		return a > 16 ? 16 : a;
	case OP_MUL: case OP_MAD:
		if (ir_hasmod(in, MOD_HI) || in->nopnd < 3)
			return 1;
		a = opalign(f, in, 1, depth, w) * opalign(f, in, 2, depth, w);
		a = a > 16 ? 16 : a;
		if (in->op == OP_MAD && in->nopnd >= 4 && (b = opalign(f, in, 3, depth, w)) < a)
			a = b;
		return a;
	case OP_ADD: case OP_SUB:
		if (in->nopnd < 3)
			return 1;
		a = opalign(f, in, 1, depth, w);
		b = opalign(f, in, 2, depth, w);
		return a < b ? a : b;
	case OP_AND:
		if (in->nopnd < 3)
			return 1;
		a = opalign(f, in, 1, depth, w);
		b = opalign(f, in, 2, depth, w);
		return a > b ? a : b;
	}
	return 1;
}

/* A shared access ptxas may widen: its base (a shared variable, or an SSA
 * value), offset, the base's alignment and the bytes it moves (4 or 8). */
typedef struct {
	int k;              /* code index */
	const void *base;   /* Sym * or NULL */
	int val;            /* base value when base is NULL */
	int64_t off;
	unsigned align, unit;
} Cand;

static int
small(int64_t off)
{
	return off > -((int64_t)1 << 32) && off < (int64_t)1 << 32;
}

/* A plain shared load or store of one or two words. */
static int
candof(const Func *f, const XIns *xi, int k, int st, Cand *c)
{
	const Ins *in = xi->in;
	const Opnd *o;

	if (xi->x != (st ? X_ST : X_LD) || !in || xi->lower != LOW_NONE || xi->space != MS_SHARED ||
	    in->space != SP_SHARED || in->nopnd < 2 || (xi->abase.k != XO_REG && xi->abase.k != XO_NONE))
		return 0;
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] == MOD_VOLATILE || in->mod[i] == MOD_RELAXED || in->mod[i] == MOD_ACQUIRE ||
		    in->mod[i] == MOD_RELEASE || in->mod[i] == MOD_MMIO)
			return 0;
	c->unit = xi->size * (st ? xi->ns : xi->nd);
	if (c->unit != 4 && c->unit != 8)
		return 0;
	o = &in->opnd[st ? 0 : 1];
	if (o->kind != OK_ADDR || !o->base)
		return 0;
	c->k = k;
	c->off = o->imm;
	/* an offset past any CTA's shared memory makes no pair (it faults),
	 * and the sums here and below stay far from int64's bounds */
	if (!small(o->imm))
		return 0;
	if (o->base->kind == OK_SYM && o->base->sym->kind == SYM_VAR && o->base->sym->space == SP_SHARED) {
		c->base = o->base->sym;
		c->val = -1;
		if (!small(o->base->imm))
			return 0;
		c->off += o->base->imm;
		c->align = 16;
		return 1;
	}
	if (o->base->kind != OK_REG || o->base->sym->kind != SYM_REG || in->nuse < (in->guard ? 2 : 1))
		return 0;
	c->base = NULL;
	c->val = in->use[in->guard ? 1 : 0];
	c->off += o->base->imm;
	{
		AlWalk w = { 0, { 0 }, 0 };
		c->align = valalign(f, c->val, 0, &w);
	}
	return c->align >= 8;
}

static int
samebase(const XIns *code, const Cand *a, const Cand *b, int anyunit)
{
	const XIns *x = &code[a->k], *y = &code[b->k];

	return a->base == b->base && a->val == b->val && (anyunit || a->unit == b->unit) && x->guard == y->guard &&
	    (x->guard < 0 || x->gneg == y->gneg);
}

/*
 * Merges the candidates c[0..n) (sorted by offset) of one stretch of a
 * block.  ptxas looks at each aligned chunk of the base (16 bytes, or 8
 * for a base known 8-aligned).  Loads: 3 or 4 words of a chunk become one
 * LDS.128 of the whole chunk, the unused word loaded too (measured:
 * s[b + 1..b + 3], s[b], s[b + 1], s[b + 3]); 2 words of one aligned
 * 8-byte half an LDS.64; 2 words across the halves stay apart.  Stores: 4
 * words an STS.128, each full half an STS.64 (3 words: STS.64 and STS).
 * Two 8-byte accesses of a chunk are one 128-bit access.  The lowest access
 * of a merge carries it (LOW_V8/V16 and how far below its address the wide
 * access starts), the others count nothing.
 */
static void
merge(XIns *code, Cand *c, int n, int i, int64_t ws, unsigned w, int anyunit)
{
	int first = -1;

	for (int j = 0; j < n; j++)
		if (code[c[j].k].lower == LOW_NONE && samebase(code, &c[i], &c[j], anyunit) && c[j].off >= ws &&
		    c[j].off + c[j].unit <= ws + w && (c[j].off - ws) % c[j].unit == 0) {
			if (first < 0) {
				first = j;
				code[c[j].k].lower = (uint8_t)((w == 16 ? LOW_V16 : LOW_V8) |
				    (unsigned)((c[j].off - ws) / 4) << 4);
			} else
				code[c[j].k].lower = LOW_REUSE;
		}
}

/* Loads of one and two words in a 16-byte chunk, 3 or 4 words in all:
 * one LDS.128 as well (measured: Triton's scans read a 124-byte row as
 * ld.shared.v4 ..., ld.shared.v2 at 112 and ld.shared.b32 at 120, and the
 * last two are one LDS.128). */
static int
mixed(const XIns *code, const Cand *c, int n, int i, int64_t start)
{
	unsigned words = 0, units = 0;

	for (int j = 0; j < n; j++)
		if (code[c[j].k].lower == LOW_NONE && samebase(code, &c[i], &c[j], 1) && c[j].off >= start &&
		    c[j].off + c[j].unit <= start + 16 && (c[j].off - start) % c[j].unit == 0) {
			words |= (c[j].unit == 8 ? 3u : 1u) << ((c[j].off - start) / 4);
			units |= c[j].unit;
		}
	return units == 12 && __builtin_popcount(words) >= 3;
}

static void
widen(XIns *code, Cand *c, int n, int st)
{
	for (int i = 0; i < n; i++) {
		unsigned u = c[i].unit, ch, words = 0;
		int64_t start;

		if (code[c[i].k].lower != LOW_NONE)
			continue;
		ch = c[i].align >= 16 ? 16 : c[i].align >= 8 && u == 4 ? 8 : 0;
		if (!ch)
			continue;
		start = c[i].off & ~(int64_t)(ch - 1);
		if (!st && ch == 16 && mixed(code, c, n, i, start)) {
			merge(code, c, n, i, start, 16, 1);
			continue;
		}
		for (int j = 0; j < n; j++)
			if (code[c[j].k].lower == LOW_NONE && samebase(code, &c[i], &c[j], 0) && c[j].off >= start &&
			    c[j].off + u <= start + ch && (c[j].off - start) % u == 0)
				words |= 1u << ((c[j].off - start) / u);
		if (u == 8 || ch == 8) {
			if (words == 3)
				merge(code, c, n, i, start, ch, 0);
		} else if (words == 15 || (!st && __builtin_popcount(words) == 3))
			merge(code, c, n, i, start, 16, 0);
		else {
			if ((words & 3) == 3)
				merge(code, c, n, i, start, 8, 0);
			if ((words & 12) == 12)
				merge(code, c, n, i, start + 8, 8, 0);
		}
	}
}

/* What may stand between two accesses ptxas merges: register instructions
 * and, between loads, other loads; between shared stores, loads and stores
 * of memory that cannot be shared (global, local, constant). */
static int
between(const XIns *y, int st)
{
	if (!st)
		return regonly(y->x);
	if (y->x == X_LD || y->x == X_ST)
		return y->space != MS_SHARED && y->space != MS_GENERIC;
	return regonly(y->x);
}

/* Is block b block a, or reached from it by falling through blocks that
 * only a label starts (Triton's debug labels, $L__tmpN, split its code
 * into many)? */
static int
fallsto(const Func *f, int a, int b)
{
	for (int n = 0; n < 64 && a != b; n++) {
		const Blk *x = &f->blk[a];
		if (x->nsucc != 1 || x->i1 <= x->i0 || f->ins[x->i1 - 1]->op == OP_BRA ||
		    f->blk[x->succ[0]].npred != 1)
			return 0;
		a = x->succ[0];
	}
	return a == b;
}

/* The stretches of a block that may hold merges, each widened; candidates
 * are sorted by offset so that a chunk is seen from its lowest word. */
static void
lowervec(XIns *code, const Func *f, int n, int st)
{
	Cand c[64];
	int nc = 0;

	for (int k = 0; k <= n; k++) {
		Cand t, x;
		int cand = k < n && code[k].in && candof(f, &code[k], k, st, &x);
		int end = k == n || !code[k].in || (!cand && !between(&code[k], st)) ||
		    (nc && !fallsto(f, code[c[0].k].in->blk, code[k].in->blk));
		if (end || nc == 64) {
			for (int i = 1; i < nc; i++)
				for (int j = i; j > 0 && c[j - 1].off > c[j].off; j--)
					t = c[j], c[j] = c[j - 1], c[j - 1] = t;
			widen(code, c, nc, st);
			nc = 0;
		}
		if (cand)
			c[nc++] = x;
	}
}

/*
 * ptxas predicates a short diamond instead of branching: "@p bra B; A;
 * bra.uni J; B: b; J:" becomes "@!p A; @p b" when each arm is register
 * instructions and at most one access (the SASS of tests/tex/tex.ptx's
 * s2d_wr, whose loop stores with sust.clamp or sust.zero on a
 * coordinate's flag: every one of its five diamonds, arms of one and two
 * instructions, became predicated SUSTs; ARM_MAX, the longest arm taken
 * so, is the longest seen there, not ptxas's limit).
 * What the counters see of it: a surface store whose lanes are all
 * predicated off still sends the texture pipe a request of no sectors
 * (interp/surf.c interp_surf_skipped), so each iteration of s2d_wr's
 * single lane counts a texture request for the arm it skips
 * (tests/tex/ncu.tsv, launch 68: 64 for its 64 stores).  The branch at
 * k is marked; interp_count_arm counts the arm that a warp's lanes all
 * pass by.  Each arm must be entered from the branch alone, and hold
 * no control flow.  Targets are pcs of the module, code starts at pc0.
 */
enum { ARM_MAX = 2 };

static int
arm(const XIns *code, const Func *f, int a, int b)
{
	int acc = 0;

	if (b <= a || b - a > ARM_MAX || !code[a].in || f->blk[code[a].in->blk].npred != 1)
		return 0;
	for (int i = a; i < b; i++) {
		const XIns *y = &code[i];
		if (y->x == X_TEX || y->x == X_LD || y->x == X_ST)
			acc++;
		else if (!regonly(y->x))
			return 0;
	}
	return acc <= 1;
}

static int
diamond(const XIns *code, const Func *f, int n, int pc0, int k)
{
	const XIns *b = &code[k];
	int t = b->target - pc0, j;

	if (b->x != X_BRA || b->guard < 0 || t <= k + 2 || t >= n)
		return 0;
	if (code[t - 1].x != X_BRA || code[t - 1].guard >= 0 || (j = code[t - 1].target - pc0) <= t || j > n)
		return 0;
	return arm(code, f, k + 1, t - 1) && arm(code, f, t, j);
}

/* The branch b, marked LOW_IFCONV, taken by every lane (taken) or by
 * none: the texture and surface instructions of the arm they pass by
 * still issue, executed with their lanes all off. */
void
interp_count_arm(Launch *L, const XIns *b, int taken)
{
	const XIns *code = L->pm->code;
	int a = taken ? (int)(b - code) + 1 : b->target;
	int e = taken ? b->target - 1 : code[b->target - 1].target;

	for (int i = a; i < e; i++)
		if (code[i].x == X_TEX) {
			L->st[i].executions++;
			interp_surf_skipped(L, &code[i]);
		}
}

void
interp_count_lower(ptx_module *pm, XFunc *x)
{
	XIns *code = pm->code + x->pc0;
	int n = x->npc - 1;
	uint8_t *read = interp_alloc(pm->cx, (size_t)x->nregs + 1);   /* NULL: no RED or POPC */

	if (read) {
		memset(read, 0, (size_t)x->nregs + 1);
		for (int k = 0; k < n; k++) {
			const XIns *xi = &code[k];
			if (xi->guard >= 0 && xi->guard < x->nregs)
				read[xi->guard] = 1;
			if (xi->abase.k == XO_REG && xi->abase.r < x->nregs)
				read[xi->abase.r] = 1;
			for (int i = 0; i < xi->ns && xi->s; i++)
				if ((xi->s[i].k == XO_REG || xi->s[i].k == XO_NOT) && xi->s[i].r >= 0 &&
				    xi->s[i].r < x->nregs)
					read[xi->s[i].r] = 1;
		}
	}
	for (int k = 0; k < n; k++) {
		XIns *xi = &code[k];
		if (xi->x == X_ATOM)
			xi->lower = (uint8_t)atomlow(xi, read);
		else if (k > 0 && reused(code, k))
			xi->lower = LOW_REUSE;
		else if (diamond(code, x->f, n, x->pc0, k))
			xi->lower = LOW_IFCONV;
	}
	interp_free(pm->cx, read);
	lowervec(code, x->f, n, 0);
	lowervec(code, x->f, n, 1);
}

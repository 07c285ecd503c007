/*
 * ir.h — the data structures of ptxkit and the prototypes of every pass.
 *
 * A PTX module is read into a Module: module-scope symbols (variables,
 * functions), and for each function with a body its statements in source
 * order (instructions, labels, declarations, .loc, scoped blocks) so that the
 * printer can write the module back.  The instructions of a body are also
 * kept in one array, `fn->ins`, in source order; basic blocks are ranges of
 * that array.  SSA is an overlay: each instruction lists the SSA values it
 * defines and uses, phis live on blocks, and the original operands (with
 * their register names) stay untouched so the module can always be
 * re-emitted as PTX.
 *
 * Everything is allocated from the module's arena and released in one call
 * (ir_module_free).  Prototypes are grouped under the file that defines them.
 */
#ifndef PTX_IR_H
#define PTX_IR_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ops.h"

typedef struct Arena Arena;
typedef struct Diags Diags;
typedef struct Module Module;
typedef struct Func Func;
typedef struct Blk Blk;
typedef struct Ins Ins;
typedef struct Opnd Opnd;
typedef struct Sym Sym;
typedef struct Expr Expr;
typedef struct Stmt Stmt;
typedef struct Phi Phi;
typedef struct Val Val;

/* A source position.  line and col are 1-based; col counts bytes. */
typedef struct {
	uint32_t off;
	int line, col;
} Loc;

/* ---------------------------------------------------------------- sizes
 * Sizes and counts that hostile input controls (array dimensions, launch
 * shapes, frames, shared memory, allocations) are 64-bit and combined only
 * through these: each returns 1, leaving *r unspecified, when the exact
 * result does not fit, and 0 otherwise. */
static inline int
ir_size_add(uint64_t a, uint64_t b, uint64_t *r)
{
	return __builtin_add_overflow(a, b, r);
}

static inline int
ir_size_mul(uint64_t a, uint64_t b, uint64_t *r)
{
	return __builtin_mul_overflow(a, b, r);
}

/* x rounded up to a multiple of a (a > 0) */
static inline int
ir_size_align(uint64_t x, uint64_t a, uint64_t *r)
{
	uint64_t t;
	if (__builtin_add_overflow(x, a - 1, &t))
		return 1;
	*r = t / a * a;
	return 0;
}

/* The most static shared memory a kernel may declare (sm_90): beyond it
 * ptxas reports "uses too much shared data"; a launch may add dynamic
 * shared memory up to the opt-in maximum of a block. */
#define IR_MAX_STATIC_SHARED 0xc000u
#define IR_MAX_BLOCK_SHARED 232448u

/* ---------------------------------------------------------------- arena.c */

#include <setjmp.h>

/* Where front-end memory comes from: realloc semantics (size 0 frees), as
 * ptx_alloc's hook; realloc NULL: the C library. */
typedef struct {
	void *(*realloc)(void *ud, void *p, size_t n);
	void *ud;
} IrAlloc;

/* A recovery point for running out of memory (see arena.c).  While an env
 * is current (per thread), arenas are made and scratch is allocated with
 * its allocator and it owns both; a failed allocation longjmps to *jb, or,
 * when jb is NULL, is only recorded in failed (ir_alloc then returns NULL).
 * ir_env_leave returns failed; after a failure it has freed every arena
 * made and every scratch block left under the env. */
typedef struct IrScratch IrScratch;
typedef struct IrEnv IrEnv;
struct IrEnv {
	IrAlloc al;
	jmp_buf *jb;
	int failed;
	Arena *arenas;
	IrScratch *scratch;
	IrEnv *prev;
};
void ir_env_enter(IrEnv *e, const IrAlloc *al, jmp_buf *jb);   /* al NULL: the C library */
int ir_env_leave(IrEnv *e);
void ir_nomem(void);    /* an allocation failed: jumps when the env has a jmp_buf */

Arena *ir_arena_new(void);
void ir_arena_free(Arena *a);
/* Zeroed, 16-byte aligned.  Never NULL under an env with a jmp_buf;
 * otherwise NULL when the host is out of memory. */
void *ir_alloc(Arena *a, size_t n);
void *ir_tryalloc(Arena *a, size_t n);          /* NULL on failure, never jumps */
char *ir_strndup(Arena *a, const char *s, size_t n);
void *ir_grow(Arena *a, void *p, size_t old, size_t new_); /* arena realloc: copies */

/* A growable array in the arena: `PUSH(a, arr, n, cap, v)`.  Where
 * ir_grow can return NULL (no jmp_buf), the element is dropped. */
#define PUSH(ar, arr, n, cap, v) do { \
	if ((n) == (cap)) { size_t nc_ = (cap) ? 2 * (size_t)(cap) : 8; \
		void *g_ = ir_grow((ar), (arr), (size_t)(cap) * sizeof *(arr), nc_ * sizeof *(arr)); \
		if (!g_) break; \
		(arr) = g_; (cap) = nc_; } \
	(arr)[(n)++] = (v); } while (0)

/* Scratch on the heap, for arrays a pass frees before it returns.  Never
 * NULL: a failure jumps (aborts when the env has no jmp_buf).  Blocks are
 * owned by the current env until ir_xfree. */
void *ir_xrealloc(void *p, size_t n);   /* p NULL: a new block */
void *ir_xtryrealloc(void *p, size_t n); /* NULL on failure (p kept), never jumps */
void *ir_xcalloc(size_t n, size_t sz);  /* zeroed */
void ir_xfree(void *p);

/* A growable int array in scratch; free v with ir_xfree. */
typedef struct {
	int *v;
	size_t n, cap;
} Ivec;
void ir_ivgrow(Ivec *v);
static inline void
ir_ipush(Ivec *v, int x)
{
	if (v->n == v->cap)
		ir_ivgrow(v);
	v->v[v->n++] = x;
}

/* ---------------------------------------------------------------- diag.c */

enum { SEV_NOTE, SEV_WARNING, SEV_ERROR };

typedef struct {
	int sev;
	Loc loc;            /* line 0: no position (module-level) */
	const char *file;   /* borrowed: the name the module was loaded under */
	const char *check;  /* -W name, or NULL for syntax errors */
	char *msg;          /* owned by the Diags arena */
} Diag;

struct Diags {
	Arena *a;
	Diag *d;
	size_t n, cap;
	int nerr;
	int limit;          /* stop recording errors after this many (20); further ones only counted */
	const char *file;   /* current file name */
	const char *src;    /* source text, for carets; may be NULL */
	size_t len;
};

Diags *diag_new(const char *file, const char *src, size_t len);
void diag_free(Diags *dg);
void diag_at(Diags *dg, int sev, Loc loc, const char *check, const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 5, 6)))
#endif
	;
#define diag_err(dg, loc, ...) diag_at((dg), SEV_ERROR, (loc), NULL, __VA_ARGS__)
/* file:line:col: error: msg, then the source line and a caret under col. */
void diag_print(const Diags *dg, FILE *f);
/* One source line (len bytes) with a caret under byte col, as diag_print shows it. */
void diag_caret(const char *line, size_t len, int col, FILE *f);
void diag_caret_str(const char *line, int col, FILE *f);

/* ---------------------------------------------------------------- symbols */

/* State spaces.  SP_REG/SP_SREG are registers, the rest memory. */
enum {
	SP_NONE, SP_REG, SP_SREG, SP_CONST, SP_GLOBAL, SP_LOCAL, SP_PARAM, SP_SHARED, SP_TEX, SP_GENERIC,
	NSP
};
extern const char *const ir_spacename[NSP];

enum {
	SYM_REG,      /* .reg variable (one per name; a range %r<100> declares 100 Syms lazily, see Sym.range) */
	SYM_SREG,     /* special register: %tid, %laneid, ... (predeclared) */
	SYM_VAR,      /* a variable in a memory space (global, shared, const, local, param, tex...) */
	SYM_FUNC,     /* .entry or .func */
	SYM_LABEL,    /* a label in a body */
	SYM_PROTO,    /* a .callprototype label */
	SYM_TARGETS,  /* a .branchtargets / .calltargets label */
};

enum { LINK_NONE, LINK_VISIBLE, LINK_EXTERN, LINK_WEAK, LINK_COMMON };

/* Variable attributes. */
enum { VA_MANAGED = 1, VA_UNIFIED = 2, VA_PTR = 4 /* .ptr on a kernel parameter */ };

struct Sym {
	int kind;           /* SYM_* */
	const char *name;
	Loc loc;
	int space;          /* SP_*; for SYM_FUNC unused */
	int type;           /* TY_* (ops.h) or 0 for .texref/.samplerref/.surfref (see opaque) */
	int opaque;         /* 0, or 1 texref, 2 samplerref, 3 surfref */
	int vec;            /* 1, 2, 4 or 8 (.v2/.v4/.v8) */
	int align;          /* declared .align, 0 when none */
	int linkage;        /* LINK_* */
	int attr;           /* VA_* */
	int ptrspace;       /* .ptr.SPACE on a kernel parameter (SP_*), or SP_NONE */
	int ptralign;       /* .ptr.align N, or 0 */
	int ndim;           /* array dimensions; dim[i] == -1 for an unsized ([]) dimension */
	int64_t *dim;       /* ndim of them (ptxas sets no limit), in the module's arena */
	Expr *init;         /* initializer, or NULL */
	int64_t size;       /* bytes; -1 when unsized, -2 when its dimensions multiply past 2^63 - 1 bytes
	                     * (ptxas takes such a declaration; api/load.c refuses to run it) */
	int id;             /* SYM_REG: dense index in its function (Func.regs); SYM_LABEL: block index after cfg */
	int isrange;        /* declared as NAME<N> (a .reg, or a variable of any other space) */
	int64_t range;      /* isrange: N, which may be 0 (ptxas takes %r<0> and declares no register).
	                     * Such a Sym only stands for the declaration: each NAMEK used (K < N,
	                     * NAME007 the same as NAME7) gets its own element Sym (parent = the range
	                     * Sym), made on first use and appended to Func.regs (a .reg), Func.syms
	                     * (a body's variable) or Module.syms (a module variable), whose
	                     * declaration is the range's item. */
	Sym *parent;        /* range element: its declaration; else NULL */
	Sym *aliasee;       /* SYM_FUNC named by .alias NAME, TARGET: TARGET's symbol (calls and
	                     * the function's address go there); else NULL */
	void *elem;         /* range declaration: the parser's map of the element Syms made so far */
	Sym **part;         /* vector register (.reg .v2/.v4): its four element registers x, y, z, w
	                     * (ptxas gives a .v2 register a .z and .w too), made on first use and
	                     * appended to Func.regs; the vector itself is no register of Func.regs.
	                     * Each part is named "NAME.x" .. "NAME.w" and has vecof = the vector. */
	Sym *vecof;         /* element register of a vector register: that vector; else NULL */
	int defined;        /* SYM_LABEL: its definition was seen (else only referenced) */
	Func *fn;           /* SYM_FUNC: its function; SYM_REG/SYM_LABEL: the function it belongs to */
	int sreg;           /* SYM_SREG: which one (implementation-defined index) */
	int nlist;          /* SYM_TARGETS: label list */
	Opnd *list;
	int inner;          /* declared in a nested { } scope */
	Sym *modreg;        /* SYM_REG: a function's register of a module-scope .reg (PTX ISA
	                     * before 3.0), whose declaration (or range) this is; else NULL */
};

/* ---------------------------------------------------------------- expressions
 * Constant expressions appear in initializers, in .section data and, rarely,
 * as instruction operands.  The parser folds what it can; what it cannot
 * (symbol differences, generic(sym)) stays a tree. */
enum {
	E_INT, E_FLOAT, E_SYM, E_GENERIC /* generic(sym) */, E_NEG, E_NOT /* ~ */, E_LNOT /* ! */,
	E_ADD, E_SUB, E_MUL, E_DIV, E_REM, E_SHL, E_SHR, E_AND, E_OR, E_XOR,
	E_LAND, E_LOR, E_EQ, E_NE, E_LT, E_LE, E_GT, E_GE, E_COND,
	E_LIST /* { a, b, ... } */, E_FIELD /* name = value, in sampler initializers */
};
enum { FL_DEC, FL_F32HEX /* 0f... */, FL_F64HEX /* 0d... */ };

/* A number in a long initializer list, held without a node of its own
 * (Expr.lit): what its E_INT or E_FLOAT leaf would hold, in 32 bytes where
 * the node and the pointer to it take 104.  nvcc writes a table of N bytes
 * as a list of N numbers, so these are most of such a module's memory. */
typedef struct {
	int64_t i;          /* E_INT: the value; E_FLOAT: its bits (Expr.bits) */
	const char *text;   /* E_FLOAT: Expr.text */
	Loc loc;
	uint8_t kind;       /* E_INT or E_FLOAT */
	uint8_t uns;        /* E_INT: Expr.uns; E_FLOAT: Expr.flkind */
	uint8_t folded;     /* E_INT: Expr.folded */
} Lit;

struct Expr {
	/* pointers and 64-bit values first, the small fields packed last: an
	 * initializer list holds one Expr an element (96 bytes, was 112), or
	 * one Lit an element where they are integers (parser/operand.c) */
	int64_t i;          /* E_INT value */
	uint64_t bits;      /* E_FLOAT: IEEE bits; f64 bits for FL_DEC and FL_F64HEX, f32 bits for FL_F32HEX */
	const char *text;   /* E_FLOAT: decimal spelling (FL_DEC); E_SYM/E_FIELD: name */
	Sym *sym;           /* E_SYM/E_GENERIC: resolved symbol, or NULL (e.g. a section label) */
	Expr *a, *b, *c;
	union {
		Expr **elt;     /* E_LIST (and the parser's lists): nelt of them */
		Lit *lit;       /* E_LIST of numbers only, packed: nlit of them, and nelt 0 */
	};
	Loc loc;
	int kind;
	int nelt;
	int depth;          /* operators on the longest path below (0: a leaf) */
	int nlit;           /* E_LIST: its elements in lit, not elt */
	uint8_t uns;        /* E_INT: written with a U suffix, or too large for int64; E_BRACKET: .unified after it */
	uint8_t flkind;     /* E_FLOAT: FL_*; E_SYM: a selector, SEL_* */
	uint8_t indexed;    /* E_ADD: folded from an array element name[i] */
	uint8_t folded;     /* E_INT: operators folded as they were parsed (operand.c), uns their
	                     * type; else a literal, uns its suffix */
};

/* ---------------------------------------------------------------- operands */
enum {
	OK_REG,     /* register or special register: sym (SYM_REG/SYM_SREG), idx/sel */
	OK_SINK,    /* _ */
	OK_IMM,     /* integer immediate: imm */
	OK_FIMM,    /* float immediate: fbits/flkind */
	OK_SYM,     /* address of (or reference to) a variable, function, label: sym + imm */
	OK_ADDR,    /* [ ... ]: base (NULL, or an OK_REG / OK_SYM operand) + imm; or a list (tex/sust) in sub */
	OK_VEC,     /* { a, b, ... } */
	OK_LIST,    /* ( a, b, ... ) in call */
	OK_PAIR,    /* p|q dual destination: sub[0], sub[1] */
	OK_NOT,     /* !p : sub[0] */
	OK_EXPR,    /* anything else: a constant expression tree that could not be folded */
};

/* Component selectors written after a register: %tid.x, %r1.b0 ... */
enum { SEL_NONE, SEL_X, SEL_Y, SEL_Z, SEL_W, SEL_R, SEL_G, SEL_B, SEL_A,
	SEL_B0, SEL_B1, SEL_B2, SEL_B3, SEL_H0, SEL_H1,
	SEL_TEXT,   /* a SIMD video selector (.h10, .b3210): its text is in Opnd.seltext */
	NSEL };
extern const char *const ir_selname[NSEL];

struct Opnd {
	uint8_t kind;       /* OK_* */
	uint8_t sel;        /* SEL_* */
	uint8_t flkind;     /* OK_FIMM: FL_* */
	uint8_t isdst;      /* set by the decoder: this operand (or its elements) is written */
	uint8_t uns;        /* OK_IMM: written with U suffix; OK_ADDR: [a].unified */
	uint8_t neg;        /* OK_REG: written -%r (a source of vmad) */
	Loc loc;
	Sym *sym;           /* OK_REG, OK_SYM */
	int64_t imm;        /* OK_IMM value; OK_SYM/OK_ADDR offset; OK_REG: a constant added to the
	                     * register (`%r2+4`, which ptxas accepts as a value), usually 0 */
	uint64_t fbits;     /* OK_FIMM */
	const char *ftext;  /* OK_FIMM decimal spelling */
	Opnd *base;         /* OK_ADDR base operand, or NULL for [imm] */
	Opnd *sub;          /* OK_VEC/OK_LIST/OK_PAIR/OK_NOT elements; OK_ADDR list form */
	int nsub;
	int addrlist;       /* OK_ADDR: the list form [a, b, {c}] (tex/surface), elements in sub */
	Expr *e;            /* OK_EXPR */
	const char *seltext; /* sel == SEL_TEXT: the selector without its dot */
};

/* ---------------------------------------------------------------- instructions */

/* Modifiers after the opcode name, in written order.  mod[i] is an id of
 * ops.h's shared type/modifier space; text[i] the word as written (without
 * the dot), which also carries the value of pattern modifiers (m16n8k16). */
struct Ins {
	int op;             /* OP_* */
	Loc loc;
	int nmod;
	uint16_t *mod;      /* the modifiers (type words too) in the order written: see ir_modbefore */
	const char **modtext;
	int ty[4];          /* the type modifiers in order (TY_*), 0-padded; ty[0] is "the" type */
	int nty;
	int vec;            /* .v2/.v4/.v8 modifier, else 1 */
	int space;          /* state-space modifier (SP_*), SP_NONE when none */
	Opnd *guard;        /* @p / @!p: an OK_REG or OK_NOT operand, or NULL */
	Opnd *opnd;
	int nopnd;
	int ndst;           /* leading operands that are written (from the opcode table, 0 or 1) */
	int srcfile, srcline, srccol; /* last .loc before it: file index, line, col (0 when none) */
	int stmt;           /* index of its Stmt in fn->stmt */
	int blk;            /* block index after ir_cfg */
	/* SSA overlay (ir_ssa): values defined and used, in operand traversal order.
	 * uses: guard first, then each source register in operand order (address
	 * bases, vector elements), then, for a guarded instruction or OF_RDST, the
	 * previous values of the registers it writes. */
	int *def, ndef;
	int *use, nuse;
};

/* Modifiers by id, never by spelling: a misspelt MOD_ name does not compile.
 * ir_hasmod: whether modifier id is written on in.  ir_modof: the first
 * modifier of class cls (MC_*) written on in, or MOD_NONE; mods.def
 * generates one accessor per class from its MCLASS rows, ir_mod_round(in),
 * ir_mod_cmp(in), ir_mod_scope(in), ir_mod_sem(in) ...  A word is of the
 * class it was introduced with (mods.def), so ir_mod_cmp also finds mul.hi's
 * .hi. */
static inline int
ir_hasmod(const Ins *in, ModId id)
{
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] == id)
			return 1;
	return 0;
}

static inline ModId
ir_modof(const Ins *in, int cls)
{
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] >= NTY && in->mod[i] < NMOD && ir_modinfo[in->mod[i]].cls == cls)
			return (ModId)in->mod[i];
	return MOD_NONE;
}

/* Whether modifiers x and y are both written on in, the first x before
 * the first y; y MOD_NONE: whether x is the first modifier written (the
 * first word after the opcode's name).
 * The parser keeps mod[] in the order the words were written: it moves
 * only the words of the opcode's name (vote.ballot.sync is vote.sync with
 * .ballot), never a modifier, so the order of mod[] is the written order;
 * what is added after (the loader's implied modifiers) comes last.  ptxas
 * reads some leading words as part of the name (shf.l, sust.b), which is
 * how the verifier asks for them first. */
static inline int
ir_modbefore(const Ins *in, ModId x, ModId y)
{
	for (int i = 0; i < in->nmod; i++) {
		if (in->mod[i] == x)
			return y == MOD_NONE ? i == 0 : ir_hasmod(in, y);
		if (in->mod[i] == y)
			return 0;
	}
	return 0;
}

#define MCLASS(id, acc) \
	static inline ModId ir_mod_##acc(const Ins *in) { return ir_modof(in, MC_##id); }
#define MD(id, name, cls, isa, sm)
#include "mods.def"
#undef MCLASS
#undef MD

/* Statements of a body, in source order, for the printer. */
enum {
	ST_INS,       /* ins: fn->ins[u.ins] */
	ST_LABEL,     /* sym */
	ST_DECL,      /* a .reg/.local/.shared/.param/... declaration: sym (one Stmt per declared name) */
	ST_OPEN,      /* { */
	ST_CLOSE,     /* } */
	ST_LOC,       /* .loc: file line col, text holds any trailing part (", function_name ..., inlined_at ...") */
	ST_PRAGMA,    /* .pragma "text"; (text holds the list as written) */
	ST_TARGETS,   /* label: .branchtargets / .calltargets list (sym) */
	ST_PROTO,     /* label: .callprototype ...: sym is the SYM_PROTO label, sym->fn a Func (no body)
	               * holding the return and parameter lists and .noreturn */
	ST_OTHER,     /* any other directive kept verbatim in text (e.g. .section inside a body is not legal) */
};

struct Stmt {
	int kind;
	Loc loc;
	int ins;            /* ST_INS */
	Sym *sym;
	int a, b, c;        /* ST_LOC: file, line, col */
	const char *text;
};

/* ---------------------------------------------------------------- functions */

struct Phi {
	int reg;            /* Func.regs index */
	int def;            /* value id */
	int *arg;           /* one value id per predecessor, in Blk.pred order; -1 for an unreachable
	                     * predecessor (a register undefined on a path gets its entry value) */
	int narg;
};

struct Blk {
	int id;
	int i0, i1;         /* instructions fn->ins[i0 .. i1-1] */
	Sym *label;         /* the label starting the block (each label starts its own), or NULL */
	int *succ, nsucc;   /* block ids, no duplicates; for a conditional branch: taken target first,
	                     * then fall-through */
	int *pred, npred;   /* block ids, no duplicates, in increasing order */
	int idom;           /* immediate dominator, -1 for the entry and unreachable blocks */
	int ipdom;          /* immediate post-dominator; -1 when it is the virtual exit (which
	                     * infinite loops reach through a made-up edge, see dom.c) */
	int rpo;            /* reverse postorder number, -1 when unreachable */
	int dpre, dlast;    /* dominator tree: preorder number, and the largest one in its subtree
	                     * (a dominates b iff a.dpre <= b.dpre <= a.dlast); -1 when unreachable */
	Phi *phi;           /* ssa.c: sorted by register id */
	int nphi;
};

/* An SSA value: one definition of one register. */
struct Val {
	int reg;            /* Func.regs index */
	int ver;            /* version number for the dump: %r1.3 */
	int blk;            /* defining block */
	int ins;            /* defining instruction (fn->ins index), or -1 for a phi or an entry value
	                     * (an entry value: version 0, in the entry block, phi -1: the register's
	                     * contents on function entry, i.e. undefined unless it is a parameter) */
	int phi;            /* index in blk's phis, or -1 */
};

/* Parameter list entry of a function (.param or .reg parameter). */
typedef struct {
	Sym *sym;
} Param;

struct Func {
	Sym *sym;           /* the SYM_FUNC symbol */
	const char *name;
	Loc loc;
	int entry;          /* .entry (kernel) rather than .func */
	int linkage;
	int noreturn;
	int hasbody;        /* definition, not just a declaration */
	Param *ret; int nret;
	Param *par; int npar;
	int bodyparams;     /* a kernel of PTX ISA before 1.4: par are the .param declarations of its
	                     * body (written there, no header list) */
	/* performance directives, 0 when absent */
	int maxnreg, minnctapersm, maxnctapersm, maxclusterrank, explicitcluster, blocksareclusters;
	int maxntid[3], reqntid[3], reqnctapercluster[3];
	int nmaxntid, nreqntid, nreqnctapercluster; /* how many numbers were written */
	int hasmaxclusterrank; /* .maxclusterrank written, 0 included */
	/* body */
	Stmt *stmt; int nstmt, capstmt;
	Ins **ins; int nins, capins;
	Sym **regs; int nregs, capregs;    /* every register of the body (range members expanded on use) */
	Sym **syms; int nsyms, capsyms;    /* every body-local non-register symbol (labels, locals, params) */
	/* cfg.c, dom.c */
	Blk *blk; int nblk;
	int *rpo;           /* block ids in reverse postorder (reachable only) */
	int nrpo;
	/* ssa.c */
	Val *val; int nval, capval;
	int *rdoff, *rd;    /* the fn->ins indices that read value v, each once, ascending: rd[rdoff[v] ..
	                     * rdoff[v + 1]) */
	unsigned char *phird; /* phird[v]: a phi reads v */
	int *regdefs;       /* regdefs[r]: the values of register r an instruction or a phi defines */
	int built;          /* ir_ssa has run */
};

/* Module-level directives kept for re-emission. */
typedef struct {
	const char *name;   /* .section name as written (".debug_info") */
	const char *body;   /* its contents, canonicalised text, one item per line */
	Loc loc;
} Section;

typedef struct {
	int index;
	const char *path;
	const char *rest;   /* ", timestamp, size" part, or NULL */
} File;

struct Module {
	Arena *a;
	const char *name;   /* file name for diagnostics */
	int ver_major, ver_minor;   /* .version */
	Loc version_loc;    /* where its number is written */
	const char **targets; int ntargets, captargets; /* .target words as written: "sm_90a", "texmode_independent", "debug" */
	int sm;             /* numeric sm of the first sm_ target (90 for sm_90a), 0 when none */
	char smsuffix;      /* 'a', 'f' or 0 */
	Loc sm_loc;         /* where that sm_ word is written */
	int address_size;   /* 32 or 64; 0 when absent */
	Loc address_size_loc; /* where .address_size is written */
	/* module-scope symbols in declaration order, and top-level items in order */
	Sym **syms; int nsyms, capsyms;
	/* every function header as written: a declaration (hasbody 0) and a later
	 * definition of the same name are two Funcs sharing one Sym, whose fn
	 * points at the definition */
	Func **fn; int nfn, capfn;
	File *file; int nfile, capfile;
	Section *sec; int nsec, capsec;
	/* items in source order for the printer: 'v' var sym, 'f' func, 's' section, 'l' file, 'a' alias,
	 * 'p' pragma, 'r' a range of variables (NAME<N>: range, in no other list; its elements are in syms) */
	struct Item { char kind; int idx; const char *text; Loc loc; Sym *range; } *item;
	int nitem, capitem;
};

/* ---------------------------------------------------------------- module.c */
Module *ir_module_new(const char *name);
void ir_module_free(Module *m);
Sym *ir_lookup(Module *m, const char *name);    /* module-scope symbol */
/* what a call or an address of function s reaches through .alias; NULL for an alias of an alias */
const Sym *ir_fn_target(const Sym *s);

/* ---------------------------------------------------------------- parse (parser/parse.c) */
/* Reads PTX text (len bytes; src need not be NUL-terminated) into a Module.
 * Errors go to dg; returns NULL when the input has errors. */
Module *parse_module(const char *name, const char *src, size_t len, Diags *dg);

/* ---------------------------------------------------------------- cfg.c */
/* Splits a body into basic blocks (allocated in m's arena) and fills
 * succ/pred and each label's Sym.id.  A block starts at the first
 * instruction, at each label and after a branch, ret, exit or trap; the
 * entry block never has predecessors (an empty one is added when the body
 * starts with a branch target).  Successor lists hold no duplicates.
 * Returns 0 or the number of errors reported to dg (a branch whose target is
 * not a label of this body). */
int ir_cfg(Module *m, Func *fn, Diags *dg);

/* ---------------------------------------------------------------- dom.c */
/* Reverse postorder, dominators, post-dominators (Lengauer and Tarjan's
 * algorithm).  Arrays go to a. */
void ir_dom(Func *fn, Arena *a);
/* Block a dominates block b (reflexive); constant time.  0 when either is
 * unreachable, unless a == b. */
int ir_dominates(const Func *fn, int a, int b);

/* ---------------------------------------------------------------- ssa.c */
/* Pruned phi placement on iterated dominance frontiers (found on the fly,
 * in about the time of each register's liveness), then renaming over
 * the dominator tree.  Needs ir_cfg and ir_dom; arrays go to a. */
void ir_ssa(Func *fn, Arena *a);

/* ---------------------------------------------------------------- check.c */
/* Internal invariants (our bugs, not the user's): aborts with a message. */
void ir_check(const Func *fn);

/* ---------------------------------------------------------------- dump.c */
/* Text dump of every function with a body: blocks, phis, instructions with
 * SSA names (%r1.3).  Deterministic and independent of source formatting. */
void ir_dump_ssa(const Module *m, FILE *f);
void ir_dump_cfg(const Module *m, FILE *f);     /* Graphviz dot */

/* ---------------------------------------------------------------- print.c */
/* Canonical PTX.  Re-parsing the output gives the same SSA dump. */
void ir_print_ptx(const Module *m, FILE *f);
void ir_print_ins(const Ins *in, FILE *f);      /* one instruction, no indentation, with ';' */
void ir_print_opnd(const Opnd *o, FILE *f);
void ir_print_expr(const Expr *e, FILE *f);

/* ---------------------------------------------------------------- pipeline (ir/pipeline.c) */
/* Builds CFG, dominators and SSA for every function with a body, and runs
 * ir_check on each when compiled with -DPTX_DEBUG.
 * Returns the number of errors reported; a function with errors is left
 * without SSA (built == 0). */
int ir_build(Module *m, Diags *dg);

#endif

/* ir/ops.h -- the PTX opcode, type and modifier tables (PTX ISA 9.x).
 *
 * The tables themselves live in three X-macro files next to this header:
 *   types.def  TY(id, name, bits, kind)            fundamental types
 *   mods.def   MCLASS(id, acc)                     modifier classes
 *              MD(id, name, class, isa, sm)        non-type modifiers
 *   ops.def    OP(id, name, shape, flags, isa, sm, types, mods, vrule)   opcodes
 *
 * Types and modifiers share one number space: 0 is "none", 1..NTY-1 are the
 * types (same values as Ty), then the MOD_* ids of mods.def, then the four
 * pattern ids for numeric-shape words, then NMOD.
 *
 * Versions are written major*10+minor (PTX ISA 8.6 -> 86); targets as the
 * sm_ number (sm_100 -> 100).
 *
 * Lookups build their indexes once, on first use, under call_once (or
 * pthread_once where C11 threads are missing); all functions are safe to
 * call from several threads.  Nothing here allocates after that.
 */
#ifndef PTXKIT_IR_OPS_H
#define PTXKIT_IR_OPS_H

#include <stddef.h>

/* ---- type kinds (types.def, column 4) ----------------------------------- */
enum { TK_PRED, TK_BIT, TK_UINT, TK_SINT, TK_FLOAT, TK_PACKED, TK_OPAQUE };

/* ---- modifier classes (mods.def, column 3; its MCLASS rows) ------------- */
enum {
    MC_TYPE,      /* the id is a type: ir_modinfo[1..NTY-1] */
#define MCLASS(id, acc) MC_##id,
#define MD(id, name, cls, isa, sm)
#include "mods.def"
#undef MCLASS
#undef MD
    MC_PATTERN,   /* the numeric-shape pattern ids */
    NMC
};
/* "MC_SPACE", ... : the spellings used in braces in ops.def */
extern const char *const ir_mcname[NMC];

/* ---- opcode flags (ops.def, column 4) ----------------------------------- */
enum {
    OF_BRANCH        = 1u << 0,   /* bra, brx.idx */
    OF_CALL          = 1u << 1,   /* call */
    OF_RET           = 1u << 2,   /* ret */
    OF_EXIT          = 1u << 3,   /* exit, trap */
    OF_TERM          = 1u << 4,   /* control does not fall through (an unguarded form) */
    OF_LOAD          = 1u << 5,   /* reads memory */
    OF_STORE         = 1u << 6,   /* writes memory */
    OF_ATOM          = 1u << 7,   /* atomic read-modify-write of memory (reads and writes) */
    OF_BAR           = 1u << 8,   /* CTA / cluster barrier */
    OF_WARP          = 1u << 9,   /* warp(group)-collective: needs converged threads */
    OF_ASYNC         = 1u << 10,  /* starts or tracks asynchronous work */
    OF_TEX           = 1u << 11,  /* texture / surface instruction */
    OF_RDST          = 1u << 12,  /* destination registers are also read */
    OF_SM_A          = 1u << 13,  /* needs an arch-specific target (sm_90a, sm_100a, ...) */
    OF_SM_F          = 1u << 14,  /* ... or a family-specific one (sm_100f, ...) */
    OF_VOLATILE_SIDE = 1u << 15,  /* side effects beyond its destinations; never CSE or move */
    OF_DEPRECATED    = 1u << 16,  /* deprecated spelling */
    OF_CARRY_IN      = 1u << 17,  /* reads the carry flag (addc subc madc) */
    OF_NOEXEC        = 1u << 18   /* parsed and verified, not executed: interp/load.c leaves it
                                   * X_UNSUPPORTED, a fault if a thread reaches it */
};

/* ---- verifier rules (ops.def, column 9) --------------------------------------
 * How the verifier types an opcode's operands.  Every row names one, VR_NONE
 * included, so that no opcode is skipped without saying so
 * (tests/unit/opcover_test.c checks the column). */
enum {
    VR_NONE,      /* only the operand kinds of the shape (types.c kinds()) */
    VR_SAME,      /* types.c: every operand of the instruction type */
    VR_MULWIDE,   /* types.c: mul/mad, .wide doubles d (and mad's c) */
    VR_SETP,      /* types.c: the two compared sources */
    VR_SELP,      /* types.c: d and the two selected sources */
    VR_SET,       /* types.c: d of the first type, the two compared sources of the second */
    VR_SLCT,      /* types.c: d and the two selected sources of the first type, c of the second */
    VR_TESTP,     /* types.c: the tested source */
    VR_SHIFT,     /* types.c: d and a of the type, the shift count .u32 */
    VR_MOV,       /* types.c: d and a register or immediate source */
    VR_CVT,       /* types.c: d of the first type, a of the second; wider registers allowed */
    VR_LD,        /* types.c: d, with the relaxed rules of ld (ldstok) */
    VR_ST,        /* types.c: the stored value, as VR_LD */
    VR_TEX,       /* family.c: texture and surface coordinates and data */
    VR_VIDEO,     /* family.c: 32-bit integer registers */
    VR_TENSOR,    /* tensor.c: fragments of wmma, mma, wgmma, ldmatrix ... */
    NVR
};

/* ---- ids ------------------------------------------------------------------ */
typedef enum {
    TY_NONE = 0,
#define TY(id, name, bits, kind) TY_##id,
#include "types.def"
#undef TY
    NTY
} Ty;

/* A modifier id (or a type id, in the shared space: ModId and Ty values mix
 * in Ins.mod).  MOD_NONE is "none", as TY_NONE. */
typedef enum {
    MOD_NONE = 0,
    MOD_BASE_ = NTY - 1,          /* so that the first modifier id is NTY */
#define MCLASS(id, acc)
#define MD(id, name, cls, isa, sm) MOD_##id,
#include "mods.def"
#undef MCLASS
#undef MD
    MOD_SHAPE,                    /* m16n8k16, m64n256k32, ...            */
    MOD_MN,                       /* m8n8, m16n16, m8n16, m16n8           */
    MOD_XN,                       /* x1 x2 x4 ... x128                    */
    MOD_TMEMSHAPE,                /* 16x64b 32x32b 128x256b 16x32bx2 ...  */
    NMOD
} ModId;

enum {
#define OP(id, name, shape, flags, isa, sm, types, mods, vrule) OP_##id,
#include "ops.def"
#undef OP
    NOP
};

/* ---- table rows ------------------------------------------------------------ */
typedef struct { const char *name; unsigned char bits, kind; } TyInfo;
typedef struct { const char *name; unsigned char cls, isa, sm; } ModInfo;
typedef struct {
    const char *name, *shape;
    unsigned flags;
    unsigned char isa, sm;
    unsigned char ndst, nmin, nmax;   /* from shape: d/D specs, required, all (255: variadic) */
    const char *types, *mods;
    unsigned char vrule;              /* VR_* */
} OpInfo;

/* Entry 0 of ir_tyinfo and ir_modinfo is empty ("").  ir_modinfo[1..NTY-1] describe the
 * types (class MC_TYPE, isa/sm 0); the pattern ids are named "<mNnNkN>",
 * "<mNnN>", "<xN>" and "<NxNb>". */
extern const TyInfo  ir_tyinfo[NTY];
extern const ModInfo ir_modinfo[NMOD];
extern const OpInfo  ir_opinfo[NOP];

/* s[0..n) is a name without its dot.  ir_ty_lookup returns TY_x or 0.
 * ir_mod_lookup returns a type id, a MOD_x id, one of the pattern ids, or -1. */
int ir_ty_lookup(const char *s, size_t n);
int ir_mod_lookup(const char *s, size_t n);

/* parts[0] is the opcode word and parts[1..n-1] the dot-words after it
 * (without dots, lens[i] bytes each).  Returns OP_x of the longest row whose
 * name is a whole-word prefix of the chain and sets *nused (if not NULL) to
 * the number of parts the name took; returns -1 and sets *nused to 0 when
 * no row name is such a prefix. */
int ir_op_lookup(const char *const *parts, const size_t *lens, int n, int *nused);

#endif /* PTXKIT_IR_OPS_H */

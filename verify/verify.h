/*
 * verify.h — the semantic verifier of ptxkit, run on the SSA IR.
 *
 * The parser and ir_build already reject what cannot be read (syntax,
 * unknown or duplicate symbols, operand counts).  The verifier checks what a
 * well-formed module can still get wrong: operand types and modifiers
 * against the opcode table, state spaces (also through pointers held in
 * registers), alignment and bounds, definedness, uniformity of collectives,
 * target gating and the asynchronous protocols of sm_80/sm_90.
 *
 * Each finding belongs to one named check (`-W<name>`), with a default
 * severity; VerifyOpts can turn checks off, on, or make warnings errors.
 * One pass per file; verify_module lists them in the order they run.
 */
#ifndef PTXKIT_VERIFY_H
#define PTXKIT_VERIFY_H

#include "ir.h"

/* The checks.  ORDER VC: verify.c's table follows this order. */
enum {
	VC_UNREACHABLE, VC_FALLOFF, VC_CALLPROTO, VC_PARAMALIGN,
	VC_OPTYPE, VC_IMMRANGE, VC_INSTRTYPE, VC_MODIFIER, VC_COMPARE, VC_VECTOR,
	VC_SPACE, VC_PARAMWRITE, VC_PTRSPACE, VC_NCWRITE, VC_NULLADDR,
	VC_ALIGN, VC_BOUNDS,
	VC_UNINIT, VC_MAYBEUNINIT,
	VC_DIVBAR, VC_EXITBAR, VC_MAYBEDIV, VC_BARRIER, VC_LAUNCH, VC_WARPMASK, VC_WARPDIV, VC_BRAUNI, VC_SHRACE,
	VC_TARGET, VC_ARCH, VC_DEPRECATED, VC_RESOURCES,
	VC_ASYNC,
	VC_DIVZERO, VC_INFLOOP, VC_DUPDEST, VC_ADDRSIZE, VC_MODULE,
	VC_EXTERN, VC_EXTERNVAR, VC_EXTERNDEF, VC_REDECL,
	NVC
};

typedef struct {
	const char *name;   /* -W name */
	int sev;            /* default: SEV_ERROR, SEV_WARNING, or -1 (off unless asked for) */
	const char *what;   /* one line for --help and the SARIF rule */
	int ptxas;          /* its errors are errors ptxas itself gives: the module cannot be loaded */
} VerifyCheck;

extern const VerifyCheck verify_checks[NVC];

typedef struct {
	int sev[NVC];       /* per check: SEV_WARNING, SEV_ERROR, or -1 off */
	int werror;         /* warnings become errors */
	int arch;           /* -arch sm number, 0 when not given */
	char archsuffix;    /* 'a', 'f' or 0 */
	int compileonly;    /* judged as ptxas -c judges it: a relocatable object */
} VerifyOpts;

/* Default severities, no -arch. */
void verify_opts_init(VerifyOpts *o);
/* Only the checks ptxas itself enforces, as errors; the others off.  What
 * a loader runs: it refuses what the driver's JIT would refuse, and nothing
 * more. */
void verify_opts_ptxas(VerifyOpts *o);
/* Only the severities verify_opts_ptxas sets, the rest of o as it was. */
void verify_sev_ptxas(VerifyOpts *o);
/* Check by -W name; -1 when unknown. */
int verify_check_lookup(const char *name);

/* Runs every pass over m (after ir_build), but those whose checks are all
 * off.  Returns the number of errors reported to dg. */
int verify_module(Module *m, const VerifyOpts *o, Diags *dg);

/* ---------------------------------------------------------------- shared by the passes (verify.c) */

typedef struct {
	Module *m;
	const VerifyOpts *o;
	Diags *dg;
	int nerr;
} Verify;

void verify_report(Verify *v, int check, Loc loc, const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 4, 5)))
#endif
	;
/* Modifiers: ir_hasmod(in, MOD_X) and the accessors by class (ir.h).
 * Where a finding is about a modifier that is written, it points at its
 * word (the '.' before it), as the parser's errors do: */
Loc verify_modat(const Verify *v, const Ins *in, int i);   /* modifier i (in->mod[i]) */
Loc verify_modloc(const Verify *v, const Ins *in, int id); /* the first modifier id written; in->loc if none */
Loc verify_modlast(const Verify *v, const Ins *in, int id); /* the last one (the second of a pair) */
char verify_shape(int op, int i);                    /* shape letter of operand i, 'x' when unknown */
int verify_bits(int ty);                             /* width of a type in bits */
int verify_kind(int ty);                             /* TK_* */
int verify_tyfits(int ity, int rty);                 /* a .rty register where .ity is expected */
Opnd *verify_regopnd(Ins *in, Sym *s);               /* a source operand naming register s, or NULL */
/* The register operands in->use[0..n) read, in the same order: the guard,
 * then the registers read in operand order.  Returns n, which leaves out the
 * old values a guarded or OF_RDST instruction merges (use[n..nuse)). */
int verify_reads(Ins *in, Opnd **out, int max);
/* A value's defining instruction, or NULL for a phi or an entry value. */
Ins *verify_defins(Func *fn, int val);
int verify_isentry(const Func *fn, int val);         /* an entry value (read before any write) */
int verify_useof(Ins *in, const Opnd *o);            /* the SSA value a register operand reads, or -1 */
/* Calls through small wrappers (nvcc -G calls __shfl_down_sync, __ldg and
 * the like as .func bodies that hold the one instruction).  The function a
 * direct call enters, when its body is built, or NULL: */
Func *verify_callee(const Ins *call);
/* The value call passes as argument k: the source of the st.param that
 * writes that argument in the call's block before it (*at that store), or
 * a register argument itself (*at the call); NULL when not found. */
Opnd *verify_callarg(Func *fn, Ins *call, int k, Ins **at);
/* Which of fn's parameters operand o of in was loaded from (ld.param,
 * through copies and conversions): its index, or -1. */
int verify_paramof(Func *fn, Ins *in, const Opnd *o);
/* Sums of the program's constants (offsets, addresses, register values)
 * wrap in 64-bit unsigned, as the hardware's do: never a signed overflow. */
static inline int64_t
verify_wadd(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a + (uint64_t)b);
}

static inline int64_t
verify_wsub(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a - (uint64_t)b);
}

/* wrap.c: the member mask operand of a warp collective, or NULL; whether a
 * register operand holds a constant (one mov of an immediate reaches it). */
Opnd *verify_maskof(Ins *in);
int verify_constreg(Func *fn, Ins *in, const Opnd *o, int64_t *out);
/* Summaries of the module's small functions around warp collectives
 * (sorted by Func; NULL when there are none), and the one of f. */
typedef struct {
	Func *fn;
	int full;           /* a full-mask collective inside, whatever the arguments */
	uint64_t par;       /* parameters that reach a member mask */
	Ins *what;          /* the collective */
} Wrap;
Wrap *verify_wraps(Module *m, int *n);
Wrap *verify_wrapof(Wrap *w, int n, Func *f);
/* What mask operand o of in (in fn) is: 1 all 32 lanes, 0 something else;
 * the parameter of fn it is, in *k (-1 when none). */
int verify_maskval(Func *fn, Ins *in, Opnd *o, int *k);
/* Whether f is nvcc -G's out-of-line __cvta_generic_to_shared: one
 * parameter, one result, and a body that only converts the one to the
 * other (ld.param, mov, cvt, cvta.to.shared, st.param, ret).  Such a call
 * touches no memory, and its result is its argument's shared address. */
int verify_cvtashared(const Func *f);
/* For an ld.param of a call's result (retval) in fn: the call, or NULL. */
Ins *verify_retcall(Func *fn, Ins *ld);

/* Fragments: the vectors of registers tensor-core, texture and surface
 * instructions take (family.c).  What one register may be declared as: */
enum {
	FK_F32,     /* f32 data: .f32 or .b32 */
	FK_F16X2,   /* packed f16: .b32 or .f16x2 */
	FK_B32,     /* packed bf16, tf32: .b32 only */
	FK_I32,     /* integer data: .b32, .u32 or .s32 */
	FK_W32,     /* any 32-bit register (ldmatrix moves bits; narrow mma inputs) */
	FK_W64,     /* any 64-bit register */
	FK_F64,     /* f64 data: .b64 or .f64 */
	FK_DESC,    /* a matrix descriptor: a 64-bit .b, .u or .s register */
};
int verify_fragok(int fk, int rty);                  /* a register of type rty fits kind fk */
/* Reports register o (operand idx) unless it fits fk; 0 when it reported. */
int verify_fragreg(Verify *v, Ins *in, Opnd *o, int idx, int fk);
/* Operand idx must be a vector of n registers of kind fk. */
void verify_fragment(Verify *v, Ins *in, int idx, int n, int fk);
/* 1 when the registers of vector o differ in width, 2 in type (the pair in
 * *x, *y); 0 when they agree.  types.c reports these for every operand. */
int verify_vecmix(const Opnd *o, const Opnd **x, const Opnd **y);

/* What align.c knows about an integer value used as an address: its low
 * bits (value == rem modulo al, al a power of two), and where exactly it
 * points when that is a constant offset from one variable.  A value nothing
 * is known about has al 1. */
typedef struct {
	unsigned char top;   /* not reached yet by the solver; treated as unknown by the checks */
	unsigned char exact; /* the value is sym+off, or the constant off when sym is NULL */
	Sym *sym;            /* exact: the variable */
	Sym *obj;            /* the variable the value points into (offset perhaps unknown), or NULL */
	int64_t off;
	uint32_t al, rem;
} AddrVal;

/* One AddrVal per SSA value of fn (malloc'd; NULL when out of memory or when
 * the solver did not settle). */
AddrVal *verify_addrvals(Func *fn);
/* The address an operand of in denotes: a register, a variable, an
 * immediate, or a [base+imm] memory operand. */
AddrVal verify_addrof(const AddrVal *av, Func *fn, Ins *in, const Opnd *o);

/* ---------------------------------------------------------------- the passes, in pipeline order */
void verify_structure(Verify *v);   /* structure.c */
void verify_types(Verify *v);       /* types.c */
void verify_modcount(Verify *v);    /* modcount.c */
int verify_modpaired(const Ins *in, int md);    /* modcount.c: md and another of its group on in */
void verify_tensor(Verify *v);      /* tensor.c */
void verify_target(Verify *v);      /* target.c */
void verify_extern(Verify *v);      /* extern.c */
void verify_space(Verify *v);       /* space.c */
void verify_align(Verify *v);       /* align.c */
void verify_defined(Verify *v);     /* defined.c */
void verify_uniform(Verify *v);     /* uniform.c */
void verify_race(Verify *v);        /* race.c */
void verify_async(Verify *v);       /* async.c */
void verify_suspicious(Verify *v);  /* suspicious.c */

#endif

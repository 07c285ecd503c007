/*
 * interp.h -- the interpreter's private structures.
 *
 * A loaded module is pre-decoded once into one array of XIns (all functions
 * back to back; a program counter is an index into it), so the executor
 * never looks at the IR: registers are dense slots (Sym.id of fn->regs),
 * branch targets and reconvergence points are program counters, immediate
 * operands are already converted to the bit pattern of the instruction's
 * type, and per-lane arithmetic is an AluOp handed to alu_exec.
 *
 * The guest sees one 64-bit address space:
 *   - global allocations (host ptx_mem_alloc and module .global/.const
 *     variables) from GLOBAL_BASE upwards, with unmapped gaps between them;
 *   - windows for the generic forms of the other spaces: SHARED_WIN + a is
 *     the shared::cluster address a (below), LOCAL_WIN + offset the
 *     thread's local memory, PARAM_WIN + offset the kernel parameter buffer;
 *   - FUNC_WIN + index * FUNC_STEP stands for the address of a function
 *     (indirect calls): a function's address plus an offset short of
 *     FUNC_STEP names none, and a call through it faults.
 * A space-specific address (ld.shared, ld.local, ld.param) is the offset
 * into its space, as on the GPU (cvta.to.shared gives that offset).
 * Shared memory, as an H100 numbers it: the CTA of rank r in its cluster
 * has the addresses r << 24 + offset, in shared::cta and shared::cluster
 * alike (rank 0 outside clusters), and a shared::cluster address names
 * the CTA by its bits 24 and up (cluster.c); the offsets below SMEM_RSV
 * are the system's, and static variables start there.
 *
 * Control flow: each warp keeps a SIMT stack of (pc, reconvergence pc,
 * mask) entries; the top entry runs.  A divergent branch turns the top into
 * its reconvergence entry (pc = immediate post-dominator) and pushes one entry
 * per path.  Calls push a frame (registers, local memory frame) and an entry;
 * the frame returns when every entry above its base has drained.
 */
#ifndef PTX_INTERP_H
#define PTX_INTERP_H

#include <fenv.h>
#include <stdint.h>
#include <stddef.h>
#include "ir.h"
#include "ir/tree.h"
#include "include/ptx.h"
#include "alu.h"

#define GLOBAL_BASE 0x0000100000000000ull
#define PARAM_WIN   0x00007c0000000000ull
#define LOCAL_WIN   0x00007d0000000000ull
#define SHARED_WIN  0x00007e0000000000ull
#define FUNC_WIN    0x00007b0000000000ull
#define WIN_SIZE    0x0000010000000000ull
#define FUNC_STEP   0x0000000000010000ull

#define WARP 32
#define PARMAX 32   /* fold.c: the parameters of a .func whose loads copyroot follows */
/* An H100 keeps the first 1 KiB of a CTA's shared memory for the system:
 * static variables start at shared address 1024 (measured:
 * tests/run/smem_base).  A CTA's shared buffer holds that KiB too, so that
 * an address is its offset in the buffer; nothing may touch it. */
#define SMEM_RSV 1024u

/* ptx_insn_stats.mem as words: four counts a class (exec_plain.h run_prologue) */
#define MCWORDS (PTX_MC_N * 4)
#define DEFAULT_MAX_STEPS 10000000000ull
#define DEFAULT_HEAP_SIZE (8ull << 20)      /* CU_LIMIT_MALLOC_HEAP_SIZE's default */
#define DEFAULT_STACK_SIZE 1024ull          /* CU_LIMIT_STACK_SIZE's default */
#define MAX_LOCAL (512u << 10)              /* local memory of one sm_90 thread, at most */
#define DEVICE_MEMORY (80ull << 30)         /* an H100 80GB: PTX_LIMIT_MEMORY's default at most */
uint64_t interp_host_memory(void);          /* ctx.c: PTX_LIMIT_MEMORY's default */

/* Memory spaces as the executor sees them. */
enum { MS_GLOBAL, MS_SHARED, MS_LOCAL, MS_KPARAM, MS_GENERIC, MS_CLUSTER /* shared::cluster */,
	MS_CONSTVAR /* isspacep.const only: the .const variables, which sit among the global allocations */ };

/* Whether an access of space sp (MS_*) at guest address a is one of
 * global memory: a global one, or a generic one outside the windows of
 * the other spaces. */
static inline int
interp_isglobal(int sp, uint64_t a)
{
	return sp == MS_GLOBAL || (sp == MS_GENERIC && a - SHARED_WIN >= WIN_SIZE && a - LOCAL_WIN >= WIN_SIZE &&
	    a - PARAM_WIN >= WIN_SIZE);
}

/* Executed instruction kinds.  ORDER X: exec.c's dispatch has one case each. */
enum {
	X_ALU, X_MOV, X_MOVPACK, X_MOVUNPACK, X_LD, X_ST, X_ATOM, X_CVTA, X_CVTATO, X_ISSPACEP,
	X_BRA, X_BRX, X_CALL, X_RET, X_EXIT, X_TRAP, X_BRKPT, X_BAR, X_BARARRIVE, X_BARRED,
	X_NOP, X_SHFL, X_VOTE, X_MATCH, X_REDUX, X_ACTIVEMASK, X_ELECT, X_BARWARP,
	X_MOVN, X_CPASYNC, X_LDMATRIX, X_STMATRIX, X_MOVMATRIX, X_MMA, X_WGMMA,
	X_MBAR, X_BULK, X_TMAP, X_WMMALD, X_WMMAST, X_WMMA, X_CLU, X_STACK,
	X_TEX, X_END, X_UNSUPPORTED, NX
};

/* mma shapes (XIns.mod of X_MMA): the k and the input element width. */
enum { MMA_K16_16, MMA_K8_16, MMA_K8_TF32, MMA_K32_8, MMA_K4_F64, MMA_F64_K4, MMA_F64_K8, MMA_F64_K16,
	MMA_K16_8, MMA_M8_K16_8, MMA_K4_TF32, MMA_K32_4, MMA_K64_4, MMA_K256_1, MMA_M8_K4_16,
	MMA_M8_K32_4, MMA_M8_K128_1, MMA_K128_1 };

/* A decoded operand. */
enum { XO_NONE, XO_REG, XO_IMM, XO_SREG, XO_NOT, XO_SINK, XO_LOCAL /* frame offset */ };
typedef struct {
	uint8_t k, sreg, sel, comp;   /* kind, SREG index, selector, %tid.x component (0..2) */
	int32_t r;                    /* register slot */
	uint64_t imm;
} XOp;

/* Special registers: the parser's table order (parse.c sregs[]). */
enum {
	SR_TID, SR_NTID, SR_LANEID, SR_WARPID, SR_NWARPID, SR_CTAID, SR_NCTAID, SR_SMID, SR_NSMID,
	SR_GRIDID, SR_IS_EXPLICIT_CLUSTER, SR_CLUSTERID, SR_NCLUSTERID, SR_CLUSTER_CTAID,
	SR_CLUSTER_NCTAID, SR_CLUSTER_CTARANK, SR_CLUSTER_NCTARANK, SR_LANEMASK_EQ, SR_LANEMASK_LE,
	SR_LANEMASK_LT, SR_LANEMASK_GE, SR_LANEMASK_GT, SR_CLOCK, SR_CLOCK_HI, SR_CLOCK64,
	SR_GLOBALTIMER, SR_GLOBALTIMER_LO, SR_GLOBALTIMER_HI, SR_TOTAL_SMEM, SR_AGGR_SMEM,
	SR_DYNAMIC_SMEM, SR_RSV_BEGIN, SR_RSV_END, SR_RSV_CAP, SR_GRAPH_EXEC, SR_WARP_SZ,
	SR_ENVREG1, SR_ENVREG2,   /* a cooperative launch's grid workspace, high and low */
	SR_ENVREG0, SR_ENVREG6, SR_ENVREG10,   /* the driver's constants (exec_opnd.h) */
	/* not a register: the shared address of a variable (XOp.imm its
	 * offset) in the executing CTA, whose rank it carries */
	SR_SHSYM = 250,
	/* ... of an extern (dynamic) array: moved to the running kernel's
	 * dynamic base (XFunc.shdyn) */
	SR_SHDYN = 251
};

typedef struct XFunc XFunc;
typedef struct CdpQ CdpQ;
typedef struct TexObj TexObj;

/* A warp-wide handler's operands (exec_fast.c): whole register planes of
 * WARP lanes.  Sources may be the same plane as a destination. */
typedef struct {
	uint64_t *d, *d2;             /* destinations; d2: setp's second predicate, else NULL */
	const uint64_t *a, *b, *c;    /* sources in operand order (NULL past the last) */
	uint64_t k;                   /* the second source's value when it is an immediate */
	uint32_t m;                   /* the lanes to write */
	const AluOp *op;              /* the instruction, for lanes left to alu_exec */
} FastArgs;
typedef void FastFn(const FastArgs *x);

/* XIns.mod of a store of a vector holding a predicate (load.c vecpreds) */
enum { ST_PNZ = 1, ST_PM1 = 2 };

/* XIns.shape (plan.c plan_shape): each includes the one before. */
enum { SHAPE_LANES, SHAPE_WHOLE, SHAPE_CO32, SHAPE_KPARAM };

typedef struct {
	uint16_t x;           /* X_* */
	uint8_t nd, ns;       /* destinations, sources (vectors flattened) */
	uint8_t ty, size;     /* instruction type; memory element size in bytes */
	uint8_t space;        /* MS_* of a memory access; cvta/isspacep: the named space */
	uint8_t sign;         /* loads: sign-extend; st.f32: bit k, element k is a .b64
	                       * register converted (exec_mem.h stval) */
	uint8_t pdst, psrc;   /* a vector holding a predicate beside .b32 registers (load.c
	                       * vecpreds), bit k for element k: ld and atom destinations
	                       * a predicate set by its word's non-zero (exec_mem.h predfix);
	                       * atom and red values a predicate's 0xffffffff or 0; st
	                       * elements converted as mod says (ST_PNZ, ST_PM1: stval) */
	uint8_t shsym;        /* the memory operand is a shared variable's: add the CTA's rank bits;
	                       * 2: an extern array's, moved to the kernel's dynamic base too */
	uint8_t a32;          /* the memory operand's base is a 32-bit register: base + offset wraps at 32 bits */
	uint8_t shape;        /* SHAPE_*: how a load or store may be taken a warp at a time (plan.c) */
	uint8_t plain;        /* may run in a straight-line stretch, exec_plain.h plainrun (plan.c) */
	uint8_t quiet;        /* a checked launch's ordering, asynccheck and synccheck hooks have
	                       * nothing to do here (plan.c interp_plan_quiet) */
	int8_t gneg;          /* guard is negated */
	int32_t guard;        /* guard register slot, or -1 */
	int32_t target;       /* branch target pc; call: callee XFunc index (-1 indirect) */
	int32_t rpc;          /* reconvergence pc, -1 = function exit */
	int32_t mod;          /* atom op, shfl/vote mode, bar.red op, call builtin, MMA_* shape,
	                       * ldmatrix/stmatrix .trans, cp.async src-size (1) or ignore-src (2) */
	int32_t aux;          /* misc: callee-specific, brx table index, ldmatrix matrices, mma
	                       * C/D bits | signed A << 8 | signed B << 9 | satfinite << 10 |
	                       * C/D ALU format << 11 | B type << 16 */
	XOp d[8];             /* destinations */
	XOp *s;               /* sources */
	XOp abase;            /* memory operand base (XO_NONE: absolute) */
	int64_t aoff;         /* memory operand offset */
	int32_t *tbl; int ntbl; /* brx.idx targets; call: argument/return symbol offsets */
	int32_t nret, narg;
	AluOp alu;
	const Ins *in;
	XFunc *fn;
	FastFn *fast;         /* X_ALU: warp-wide handler (exec_fast.c, chosen by plan.c), NULL: alu_exec lane by lane */
	uint8_t fpu;          /* fast needs the host FPU (Launch.nofpu) */
	uint8_t lower;        /* LOW_*: how ptxas lowers a load or an atomic, for the counters */
	uint64_t *bc;         /* X_ALU with fast, X_MOV: the immediate sources broadcast to WARP
	                       * lanes, one plane each (XOp.r is the index); NULL: none */
} XIns;

/* A call binding a vector register (load.c decode_vcall): xi->tbl holds
 * VC_N ints for each argument then each return value. */
enum {
	VC_AT,      /* its first element's index in xi->s */
	VC_CNT,     /* the caller's elements */
	VC_BITS,    /* their width */
	VC_FBITS,   /* the width of the formal's elements */
	VC_SLOT,    /* the callee's register slot of each formal element (4) */
	VC_N = VC_SLOT + 4
};

/* Builtin callees recognised by name (extern .func without body). */
enum { BI_NONE, BI_VPRINTF, BI_MALLOC, BI_FREE, BI_ASSERT,
       /* the device runtime (cdp.c) */
       BI_CDP_PBUF2, BI_CDP_PBUF, BI_CDP_LAUNCH2, BI_CDP_LAUNCH, BI_CDP_LASTERR, BI_CDP_PEEKERR,
       BI_CDP_GETDEV, BI_CDP_ATTR, BI_CDP_HANDLE, BI_CDP_MALLOC, BI_CDP_FREE, BI_CDP_OK,
       BI_CDP_SETCOND,
       /* cooperative groups' part of it (cg.c) */
       BI_CG_HANDLE, BI_CG_SYNC, BI_CG_SIZE, BI_CG_RANK };

struct XFunc {
	Func *f;
	int idx;
	int pc0, npc;         /* code range */
	int nregs;
	uint32_t frame;       /* bytes of local frame (.local vars, body .param vars, formal params) */
	uint32_t frame_align;
	uint32_t *paroff;     /* formal params: frame offset (.func) or param buffer offset (.entry) */
	uint32_t *parsz;
	uint32_t *retoff, *retsz;
	int32_t *parreg, *retreg; /* .func .reg parameters and returns: the callee's register slot, else -1 */
	uint32_t *paralign;
	uint32_t psize;       /* .entry: parameter buffer size */
	int builtin;          /* BI_* for body-less externs */
	int undef;            /* some register may be read before it is written (an SSA entry value) */
	uint32_t shstatic;    /* .entry: static shared bytes of its CTAs, where dynamic shared begins (smem.c) */
	int64_t shdyn;        /* .entry: its dynamic base minus the one extern arrays are decoded at (smem.c) */
	/* .entry: its uniform prologue, the first upre instructions (plain, and
	 * the same values in every warp of a CTA), and the register slots they
	 * write (plan.c); a new CTA runs it once (exec_plain.h run_prologue) */
	int upre, nupreg;
	int32_t *upreg;
	int masktrig;         /* foldf32.c: ptxas's mask pass runs here: 0 not asked yet, 1 yes, 2 no */
};

/* Where a symbol lives. */
typedef struct { const Sym *s; int space; uint64_t addr; uint64_t size; } SymLoc;

/* What made an allocation: which free may end it, and what it is charged to
 * (every kind but AK_MAPPED counts against PTX_LIMIT_MEMORY; AK_HEAP against
 * PTX_LIMIT_MALLOC_HEAP too). */
enum { AK_HOST, AK_MODULE, AK_HEAP, AK_MAPPED };

typedef struct Alloc {
	Tnode t;              /* the table's (mem.c): keyed by addr, then the order made; first, so
	                       * that a search touches one cache line of each entry it passes */
	uint64_t addr, size;
	uint8_t *p;
	char *name;           /* module variable name or NULL */
	int live;
	int mapped;           /* host memory at its own address (ptx_mem_map): p is the caller's */
	int kind;             /* AK_* */
	int konst;            /* a .const variable: the kernel may not store to it (memcheck) */
	uint64_t slack;       /* its last slack bytes are past what the host asked for
	                       * (ptx_mem_slack): kernels reach them, memcheck reports it */
	uint32_t leak;        /* a device malloc block of a launch under memcheck: 1 + its
	                       * kernel's entry in ptx_ctx.leak (check_mem.c), until a
	                       * heap-leak report names it; 0: not followed */
	struct VarSpan *var;  /* module variables (layout.c): them by offset, nvar of
	                       * them, the table's own copy; else NULL */
	size_t nvar;
	int vargap;           /* it has padding, or two variables: memcheck reports an
	                       * access outside the one meant (counted in nslack) */
	struct Alloc *dprev, *dnext;   /* freed: the list of freed entries kept, oldest first (mem.c) */
} Alloc;

/* A module variable in its allocation: [off, off + size) of it. */
typedef struct VarSpan {
	uint64_t off, size;
	const char *name;
} VarSpan;

/* Whether al is live and holds [addr, addr + size). */
static inline int
interp_mem_holds(const Alloc *al, uint64_t addr, uint64_t size)
{
	return al && al->live && addr - al->addr <= al->size && size <= al->size - (addr - al->addr);
}

struct ptx_module {
	ptx_ctx *cx;
	Module *m;
	char *text;
	XIns *code; int ncode;
	XFunc *fn; int nfn;
	SymLoc *sl; size_t nsl;       /* open-addressing map Sym* -> SymLoc (nsl a power of two) */
	int64_t *allocs; int nallocs; /* module variables' allocations */
	uint64_t modlocal;            /* bytes of module-scope .local variables, at the start of
	                               * every kernel's frame (layout.c) */
	size_t nslused;               /* filled entries of sl */
	Diags *dg;                    /* ptx_module_parse: the front end's diagnostics, for ptx_verify */
	int bad;                      /* ptx_module_parse: the module has errors */
	const int *fuse;              /* while loading a function: its interp_contract_plan */
	struct ImmAt { uint64_t bits; int ins; } *imm64;   /* while decoding immfn: fold.c's index of */
	size_t nimm64;                /* its 64-bit immediates (imm64index) */
	const Func *immfn;
	const Func *parfn;            /* while decoding parfn: fold.c's parroot tables of it */
	int *parld, paroff[PARMAX + 1];
	signed char parsame[PARMAX][PARMAX];
	const Func *subfn;            /* the function subat and callat are of (fold.c, foldint.c) */
	int subat, callat;            /* the first instruction of subfn ptxas compiles with a
	                               * subroutine (hascall), or that may call one (mayhavecalled),
	                               * found once: the folds ask for each instruction */
	int negsetsub;                /* subfn has a subroutine that makes ptxas fold neg.s32 of a
	                               * set into FSEL -1.0 (foldint.c foldnegset) */
	int subsel;                   /* while decoding a video instruction: its operands'
	                               * selectors and negations are alu_decode's, not an error */
	struct FnKey *byfn, *bysym;   /* pm->fn's indices sorted by Func and by symbol (layout.c) */
	struct FoldSite *sites; int nsites;  /* while decoding: where each function is named, sorted by
	                               * function (fold.c, interp_fold_sites) */
	int *nanwin; int nnanwin;     /* an order oracle's f64 NaN operand order (api/nanorder.c):
	                               * line * 2 + 1 where a wins, line * 2 where b wins, sorted by
	                               * line, owned; consulted before interp_nan_first */
	uint64_t *nanconst; int nnanconst;  /* the oracle's constant results of f64 add, sub and
	                               * mul: line, value pairs sorted by line, owned (load.c) */
	int *w16; int nw16;           /* the oracle's 16-bit readers: line * 4 + source * 2 + 1 where
	                               * the reader takes the set's register with the value in both
	                               * halves, + 0 where not; sorted, owned (load.c halfwide) */
	ptx_module *next;
};

struct ptx_function { XFunc x; };

/* The function (kernel or not) at address a, or NULL; *near (may be
 * NULL) gets the one at or below a in the window, for naming a bad
 * address, or NULL. */
static inline XFunc *
interp_fnat(const ptx_module *pm, uint64_t a, XFunc **near)
{
	uint64_t k = (a - FUNC_WIN) / FUNC_STEP;
	int in = a >= FUNC_WIN && k < (uint64_t)pm->nfn;

	if (near)
		*near = in ? &pm->fn[k] : NULL;
	return in && (a - FUNC_WIN) % FUNC_STEP == 0 ? &pm->fn[k] : NULL;
}

typedef struct {
	ptx_diag d;
	char *file, *msg, *check;
	char *srcline;      /* owned; NULL when d.source_line is an earlier report's (interp_diag_add) */
} DiagRec;

struct ptx_ctx {
	ptx_alloc al;
	DiagRec *diag; size_t ndiag, capdiag;   /* ctx.c: capdiag grows by doubling */
	ptx_module *mods;
	Tnode *mem; size_t nmem; uint64_t memseq;   /* the allocation table (mem.c) */
	struct Alloc *dead, *deadtail; size_t ndead; /* its freed entries, oldest first (mem.c) */
	size_t nkonst;                          /* .const allocations ever made (memcheck looks only then) */
	size_t nslack;                          /* live allocations with slack and ranges that read zero
	                                         * (memcheck looks only then) */
	struct ZeroRange *zero;                 /* reserved ranges that start as zeros (ptx_mem_zeros) */
	size_t nzero, capzero, deadzero;   /* deadzero: ended ones still in the table (mem.c) */
	uint64_t next_addr;
	uint64_t resv_end;          /* the end of the last reservation, when nothing came after it */
	ptx_printf_fn pf; void *pfu;
	ptx_graph_cond_fn condfn; void *condu;   /* cudaGraphSetConditional (cdp.c) */
	uint64_t max_steps;
	uint64_t limit[3];          /* PTX_LIMIT_*: ptx_set_limit */
	/* guest memory charged against PTX_LIMIT_MEMORY (mem.c): live
	 * allocations, and the shared and local memory of running CTAs, which
	 * the workers of a launch charge at once */
	_Atomic uint64_t used;
	uint64_t heap_used;         /* live device malloc bytes (PTX_LIMIT_MALLOC_HEAP) */
	int coop;                   /* launches are cooperative (ptx_set_cooperative: 1, or 2 plain ones) */
	ptx_fault fault;
	char *fault_msg, *fault_insn, *fault_nearest;
	ptx_stats stats;
	ptx_insn_stats *istat; size_t nistat;   /* the last launch's, executed instructions only */
	int nocount;                            /* ptx_set_counting(cx, 0) */
	int nthreads;                           /* ptx_set_threads; 0: every core */
	int cdp_depth;                          /* cdp.c: nesting of the launch running */
	uint64_t cdp_left;                      /* cdp.c: thread-instructions left to the grids a host launch made */
	TexObj *tex; uint32_t ntex;             /* texobj.c: texture and surface objects */
	unsigned checks; int check_fatal;       /* ptx_set_checks */
	struct ChkLog *chk;                     /* check.c: the reports, NULL before the first */
	struct ChkShadow *shadow;               /* check_init.c: uninitialized bytes, NULL: none */
	struct ChkLeak *leak;                   /* check_mem.c: the kernels of device malloc blocks that
	                                         * memcheck follows, NULL before the first */
	uint64_t leak_owner;                    /* ptx_set_leak_owner: whose launches run now */
	struct ChkCdp *cdpchk;                  /* check_cdp.c: racecheck between a grid and the grids it
	                                         * launches, NULL: not followed */
};

/* ---------------------------------------------------------------- a launch */

typedef struct { int32_t pc, rpc; uint32_t mask; } SEnt;   /* SIMT stack entry */

typedef struct {
	XFunc *fn;
	int base;             /* index of the frame's first SIMT entry */
	uint64_t *r;          /* registers: r[slot * WARP + lane] */
	uint32_t lbase;       /* local frame base (same offset in every lane's local memory) */
	uint32_t retmask;     /* lanes that executed ret */
	const XIns *call;     /* the call instruction (caller side), NULL for the kernel */
	uint64_t *callr;      /* the caller's registers */
	uint32_t calllbase;
} CFrame;

typedef struct Cta Cta;
typedef struct LaunchShare LaunchShare;

/* A lane's release into an mbarrier phase (racecheck, check_race.c):
 * interp_chk_syncs at the release; at the phase's completion (LREL_PEND
 * while it is open, LREL_NEVER for an object invalidated or initialised
 * again first); the object's shared offset + 1 */
typedef struct { uint64_t ev, done; uint32_t mb; } LRel;
enum { LREL = 2 };
#define LREL_PEND (UINT64_MAX - 1)
#define LREL_NEVER UINT64_MAX

typedef struct {
	Cta *cta;
	int id;               /* warp index in the CTA */
	uint32_t valid;       /* lanes that exist (the last warp may be partial) */
	uint32_t live;        /* lanes that have not exited */
	int nst, ncf;         /* SIMT entries and call frames in use */
	uint32_t cc[WARP];    /* carry flags */
	uint32_t sp;          /* frame stack top */
	int owed;             /* took the CTA's prologue from another warp: its counts are still to add */
	int blocked;          /* barrier id + 1 while every lane waits, BLOCKED_MBAR on an mbarrier */
	uint32_t bmask;       /* lanes waiting at the cluster or grid barrier */
	/* lanes parked at CTA barriers, which may be some of the warp's while
	 * the others run on (sched.c interp_bar_arrive), and those of them at
	 * a bar.red with a destination (bslot, bframe); bids: the barrier
	 * (bit id) they wait at, one (lanes that would wait at a second end
	 * the launch: sched.c interp_bar_elsewhere) */
	uint32_t bpark, bredm;
	uint16_t bids;
	int32_t bpc;          /* the .aligned barrier instruction parked lanes executed */
	uint32_t bpcm;        /* the lanes parked there (0: bpc means nothing) */
	int done;
	/* an mbarrier wait (mbarrier.c): the CTA's event count when it began,
	 * the waiting instruction, the mbarrier, lanes already satisfied, and
	 * whether the next try_wait gives up */
	uint64_t mev;
	int32_t mpc;
	uint32_t maddr, mdone;
	int mtimeout;
	uint32_t yieldm;      /* lanes that gave up an mbarrier wait: others of the warp run first */
	/* barrier.cluster (cluster.c): lanes that arrived in the open phase,
	 * lanes whose phase completed and have not waited yet */
	uint32_t carr, cdone;
	uint8_t cdperr[WARP]; /* cdp.c: each lane's last device-runtime error */
	uint64_t cggen;       /* cg.c: the grid barrier's generation it waits to see pass */
	uint32_t gpark;       /* cg.c: lanes past the grid barrier's call, waiting for cggen to pass */
	uint32_t chkw;        /* racecheck: the warp's collectives, what may order its lanes */
	int32_t xpc;          /* checked launches: the ret or exit its last lanes exited by */
	/* From here on, the buffers: kept when the CTA is reused (sched.c cta_reset) */
	SEnt *st; int capst;
	/* the bar.red destination of each lane of bredm: register slot and
	 * frame, set when it arrives; racecheck's, cleared for its launches
	 * alone: each lane's CTA chkwaits at its last mbarrier wait that saw a
	 * phase complete (check_mbar.c), moved by __syncwarp too; each lane's
	 * interp_chk_syncs just after its last operation on one of the CTA's
	 * mbarriers other than a wait or an inval (an arrive, a copy's
	 * complete_tx, ...), or
	 * one of a lane that took part in its last warp collective
	 * (interp_chk_release); and that collective, the warp's chkw after it */
	int32_t bslot[WARP];
	uint16_t bframe[WARP];
	/* racecheck's mbarrier phases (check_race.c): the latest phase
	 * completion each lane's waits saw (lacq); each lane's last LREL
	 * releases (nlrl of them ever), the mbarrier and phase each went into.
	 * lwait to nlrl are cleared in one (sched.c cta_reset) */
	uint64_t lwait[WARP], lrel[WARP], lacq[WARP];
	uint32_t lsw[WARP], nlrl[WARP];
	LRel lrl[WARP][LREL];
	/* asynccheck (check_async.c), cleared by it when the CTA starts: each
	 * lane's cp.async.commit_group and cp.async.bulk.commit_group counts,
	 * the warp's wgmma.commit_group's */
	uint32_t cpg[WARP], bkg[WARP], wgg;
	CFrame *cf; int capcf;
	uint64_t **rpool; size_t *rcap; int nrpool;   /* register files by call depth, reused */
	uint8_t *loc[WARP];   /* local memory of each lane */
	uint32_t locsz;       /* bytes allocated per lane */
} Warp;

#define BLOCKED_MBAR 64
#define BLOCKED_CLUSTER 65
#define BLOCKED_GRID 66   /* at a grid barrier (cg.c) */

/* The barrier id + 1 that the parked lanes of w wait at (bids non-zero). */
static inline int
interp_bar_of(const Warp *w)
{
	return __builtin_ctz(w->bids) + 1;
}

typedef struct {
	uint32_t arrived, expect;   /* threads; expect 0 = every live thread */
	int red;                    /* MOD_POPC/AND/OR while a reduction is open */
	uint32_t acc;
	uint32_t narrive;           /* arrivals (calls of interp_bar_arrive) in the phase: in
	                             * Cta.events, in Cta.barpend until the phase completes */
	uint32_t warps;             /* the warps with an arrival (bit per warp of the CTA); their
	                             * lanes that arrived are Cta.barlanes[id][warp] */
	uint32_t chkround;          /* synccheck: the warps that arrived with a thread count since
	                             * one of them came round again (check_sync.c) */
} Bar;

typedef struct Clu Clu;

struct Cta {
	unsigned id[3];
	uint64_t linear;            /* x fastest: grids have up to 2^63 CTAs */
	Clu *clu;                   /* its cluster (one CTA outside clusters) */
	uint32_t rank;              /* %cluster_ctarank */
	uint32_t shbase;            /* rank << 24: its shared addresses' high bits */
	Bar bar[16];
	uint32_t baropen;           /* the barriers with arrivals (bit id) */
	uint32_t nlive;             /* threads not exited */
	int prologue;               /* the kernel's uniform prologue is still to run (exec.c) */
	int ndone;
	int xwarp;                  /* the warp that ended last, once ndone == nw: the CTA exited */
	uint64_t idle;              /* quanta without a finished warp */
	uint64_t events;            /* mbarrier changes, barrier arrivals, exits: wake mbarrier waits */
	uint64_t exits;             /* the exits among them */
	uint64_t barpend;           /* the barrier arrivals among them whose phase has not completed:
	                             * an arrival orders nothing until its phase completes
	                             * (racecheck: interp_chk_syncs) */
	uint64_t chkord;            /* racecheck: CTA-scoped fences, strong accesses and atomics
	                             * executed in the CTA (check_race.c) */
	uint64_t chkwaits;          /* racecheck: its threads' mbarrier waits that saw a phase
	                             * complete (check_mbar.c), which order the waiting warp
	                             * after the copies completed before (check_race.c) */
	uint64_t chkbar;            /* racecheck: interp_chk_syncs just after the last phase of a
	                             * CTA or cluster barrier that completed (or cluster arrive) */
	uint64_t evmark; int rounds; /* mbarrier.c: waits given up without an event since */
	/* From here on, kept when the CTA is reused (sched.c cta_reset): the
	 * buffers, and while counting the counts one full warp adds in the
	 * prologue's parameter loads, the same in every warp of the launch
	 * (exec_plain.h run_prologue; MCWORDS words an instruction), and whether they
	 * are known */
	Warp *w; int nw;
	/* each barrier's arriving lanes by warp, valid for the warps of its
	 * Bar.warps: not cleared with the rest for a new CTA (sched.c) */
	uint32_t barlanes[16][32];
	uint8_t *shared; uint32_t nshared;
	uint64_t charged;           /* bytes of PTX_LIMIT_MEMORY its shared and local memory hold */
	uint64_t *pdelta;
	int pdok;
};

/* The CTAs of one cluster, all live together (sched.c), and its barrier. */
enum { MAX_CLUSTER = 8 };
struct Clu {
	Cta *cta[MAX_CLUSTER];      /* by rank */
	int n;
	unsigned id[3];             /* %clusterid */
	int open;                   /* a barrier.cluster phase has arrivals */
	uint64_t phases;            /* completed phases */
};

typedef struct {
	ptx_ctx *cx;
	ptx_module *pm;
	XFunc *k;
	unsigned grid[3], block[3], cluster[3];
	uint32_t ncl;               /* CTAs a cluster */
	int explicit_cl;            /* %is_explicit_cluster */
	int polls;                  /* CTAs poll each other's flags: run together, finely (sched.c) */
	uint32_t nthreads;          /* per CTA */
	const uint8_t *params; uint32_t psize;
	uint64_t dyn;               /* dynamic shared bytes */
	uint64_t gridws;            /* cooperative: the grid barrier's workspace, else 0 */
	uint64_t cghandle;          /* cg.c: cudaCGGetIntrinsicHandle's grid, 0 in a plain launch */
	uint64_t cgarrived, cgexited;   /* cg.c: threads at the open grid barrier, threads exited */
	uint64_t cggen;             /* cg.c: grid barriers completed */
	uint64_t steps, budget, wsteps;
	int fault;                  /* PTX_FAULT_* once the launch must stop */
	Alloc *last, *last2;        /* the last two global allocations hit */
	ptx_insn_stats *st;         /* counters by pc while counting, else NULL */
	uint64_t ctas;              /* CTAs started */
	LaunchShare *sh;            /* what the workers share; NULL with one worker */
	int nofpu;                  /* the host FPU cannot run the handlers that need it */
	CdpQ *cdp;                  /* grids launched from the device (cdp.c), NULL: none */
	int short_mem;              /* a new CTA would have passed PTX_LIMIT_MEMORY (sched.c) */
	unsigned chk;               /* PTX_CHECK_*: the checks of this launch; nonzero runs
	                             * interp_run_check in place of interp_run (sched.c) */
	int chkmemoff;              /* initcheck no longer follows memory (check_init.c) */
	struct ChkShadow *wrote, *ncread;   /* memcheck: bytes stored to, and read by ld.global.nc
	                             * or ldu, in this launch (check_mem.c) */
	uint32_t leaksrc;           /* memcheck: Alloc.leak of this launch's device malloc blocks, 0
	                             * before the first */
	struct ChkRace *race;       /* racecheck: the last accesses of shared words (check_race.c) */
	struct ChkRace *grace;      /* racecheck: the last accesses of global words */
	struct ChkRace *gread;      /* racecheck: the loads of global pages no store reached yet */
	uint64_t gord;              /* racecheck: instructions executed that may order CTAs */
	uint32_t *relg; uint64_t nrelg; /* racecheck: gord after each CTA's last such instruction (grids of
	                             * up to 2^22 CTAs; NULL: none yet, or a larger grid) */
	struct ChkDsmem *dsm;       /* racecheck: distributed shared memory's words (check_dsmem.c) */
	uint32_t *acqg;             /* racecheck: the same for instructions that may acquire (nrelg of them) */
	int raceoff;                /* racecheck no longer follows global memory (its table is full) */
	int racecopy;               /* racecheck: a copy's bytes became a lane's store (Warp.lwait matters) */
	int racerel;                /* racecheck: a lane released into an mbarrier phase (Warp.lacq matters) */
	uint8_t *strongpc;          /* racecheck: by pc, whether the access is strong (0: not asked yet,
	                             * 1: weak, 2: strong; NULL: out of memory, asked each time) */
	struct ChkLocal *lpend;     /* initcheck: loads of unwritten local memory not yet reported */
	struct ChkAsync *async;     /* asynccheck: copies and wgmma groups in flight (check_async.c) */
	int asyncgrp;               /* a warp's group counts (Warp.cpg, bkg, wgg) moved in this launch */
	struct ChkMbar *mbchk;      /* asynccheck: mbarriers, bulk copies, the async proxy (check_mbar.c) */
} Launch;

/* A checked launch's register file of nregs slots (0 counts as 1) has one
 * more word a slot after the values: bit l set when lane l wrote the slot
 * (check_init.c). */
#define RDEF(r, nregs) ((uint32_t *)((r) + (size_t)((nregs) ? (nregs) : 1) * WARP))
#define RDEF_BYTES(nregs) ((size_t)((nregs) ? (nregs) : 1) * sizeof(uint32_t))

enum { RUN_SLICE, RUN_BLOCKED, RUN_DONE, RUN_FAULT,
       RUN_IDLE /* sched.c: nothing of the cluster could run, but a grid barrier may free it */ };
enum { ASEQ_SAME = 1 /* one address */, ASEQ_RUN /* lane l at the first's plus l * size */ };

/* exec.c; exec_check.c compiles it again as interp_run_check, with the
 * hooks of the dynamic checks (check*.c) */
int interp_run(Launch *L, Warp *w, int slice);   /* RUN_* */
int interp_run_check(Launch *L, Warp *w, int slice);
uint64_t interp_opval(Launch *L, Warp *w, const XOp *o, uint32_t lane);   /* operand o in the top frame */
uint8_t *interp_xlate(Launch *L, Warp *w, int lane, int space, uint64_t a, unsigned size, int write,
                      const XIns *xi);
void interp_exited(Launch *L, Warp *w, uint32_t m);

/* fault.c: the launch's fault report (the first fault only; kind PTX_FAULT_*,
 * lane -1 or w NULL: no thread), and an instruction as text, allocated by
 * the context */
void interp_fault(Launch *L, Warp *w, int lane, const XIns *xi, int kind, uint64_t addr, unsigned size,
                  const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 8, 9)))
#endif
	;
char *interp_ins_text(ptx_ctx *cx, const Ins *in);

/* The thread index, in its CTA, of lane of w. */
static inline void
interp_threadof(const Launch *L, const Warp *w, int lane, unsigned t[3])
{
	uint32_t i = (uint32_t)w->id * WARP + (uint32_t)lane;
	if (L->block[1] == 1 && L->block[2] == 1) {   /* a row: no divisions */
		t[0] = i, t[1] = t[2] = 0;
		return;
	}
	t[0] = i % L->block[0];
	t[1] = i / L->block[0] % L->block[1];
	t[2] = i / (L->block[0] * L->block[1]);
}

/* exec_fast.c: warp-wide handlers for the hot ALU instructions.
 * interp_fast_pick returns the handler for an X_ALU instruction (op, its
 * ns decoded sources) or NULL; *fpu says whether it needs the host FPU.
 * interp_fpu_enter saves the calling thread's floating-point environment
 * in *saved and installs the one those handlers need: 1 when it did, 0
 * when the host cannot give it (then they must not run); both ask for
 * interp_fpu_leave(saved) afterwards.  -1: not even saved, nothing to
 * restore. */
FastFn *interp_fast_pick(const AluOp *op, const XOp *s, int ns, int *fpu);
FastFn interp_fast_mov;
int interp_addr_plane(const uint64_t *restrict base, uint64_t off, uint64_t lo, uint64_t span, unsigned sz,
                      uint64_t *restrict ad, uint64_t wrap);
int interp_addr_chk(const uint64_t *restrict base, uint64_t off, uint64_t lo, uint64_t span, unsigned sz,
                    uint64_t *restrict ad, uint64_t wrap, uint8_t *mem, uint8_t **restrict hp, uintptr_t bounds[2]);
void interp_load32(uint8_t *const *restrict hp, uint64_t *restrict d);
void interp_hosts_run(uint8_t *h0, unsigned sz, uint8_t **restrict hp);
uint32_t interp_store32(uint8_t *restrict p, const uint64_t *restrict v);
uint32_t interp_pmask(const uint64_t *p);
void interp_gather32(const uint8_t *restrict mem, uint64_t lo, const uint64_t *restrict ad, uint64_t *restrict d);
int interp_addr_run(const uint64_t *restrict base, uint64_t off, uint64_t lo, uint64_t span, unsigned sz,
                    uint64_t *restrict ad, uint64_t wrap, int all);
void interp_widen32(const uint8_t *restrict p, uint64_t *restrict d);
void interp_narrow32(uint8_t *restrict p, const uint64_t *restrict v);
void interp_bcast(uint64_t *restrict d, uint64_t v);
void interp_blend(uint64_t *restrict d, const uint64_t *restrict v, uint32_t m);
void interp_iota(uint64_t *restrict d, uint64_t v);
void interp_addk(uint64_t *d, const uint64_t *s, uint64_t k, uint32_t m);
int interp_fpu_enter(fenv_t *saved);
void interp_fpu_leave(const fenv_t *saved);

/* exec_simt.h: call argument k of lane l (off bytes into it), a call's result */
uint64_t interp_arg(Launch *L, Warp *w, const XIns *xi, int k, uint32_t l, uint32_t off, uint32_t size);
void interp_setret(Warp *w, const XIns *xi, uint32_t l, uint64_t v, uint32_t size);

/* cdp.c: the device runtime */
int interp_cdp_builtin(const char *name);   /* BI_CDP_* or BI_NONE */
int interp_cdp_call(Launch *L, Warp *w, const XIns *xi, int bi, uint32_t lane);   /* -1 after a fault */
int interp_cdp_finish(Launch *L, int run);

/* cg.c: cooperative groups' device runtime (cudaCG*), the grid barrier */
int interp_cg_builtin(const char *name);   /* BI_CG_* or BI_NONE */
int interp_cg_call(Launch *L, Warp *w, const XIns *xi, int bi, uint32_t m);   /* -1 after a fault */
void interp_cg_exited(Launch *L, uint32_t n);

/* cluster.c: barrier.cluster, mapa, getctarank, st.async, red.async (X_CLU,
 * called like interp_mbar) and the shared::cluster addresses.
 * interp_clu_xlate finds the CTA and offset that shared::cluster address a
 * names for w (NULL, with a fault report, outside the cluster);
 * interp_clu_check completes the barrier's phase once every live thread of
 * the cluster has arrived. */
int interp_clu_decode(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in);
int interp_clu(Launch *L, Warp *w, const XIns *xi, uint32_t m, const uint64_t *ad, uint64_t v[][WARP],
               uint64_t *d);
Cta *interp_clu_cta(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t a, unsigned size, int write,
                    uint32_t *off);
void interp_clu_check(Launch *L, Clu *k);
void interp_clu_describe(const Clu *k, char *buf, size_t n);

/* sched.c */
int interp_fault_claim(Launch *L);   /* 0: another worker's fault is the launch's report */
void interp_atom_lock(Launch *L, const void *p, int on);   /* L->sh set: global atomics */
int interp_bar_aligned(const XIns *xi);   /* bar.* and barrier.*.aligned */
int interp_bar_split(const Launch *L, const Warp *w, const XIns *xi);
uint32_t interp_bar_elsewhere(const Warp *w, int id);   /* lanes parked at another barrier */
int interp_bar_arrive(Launch *L, Warp *w, const XIns *xi, int id, uint32_t count, uint32_t m, int block,
                      int red, uint32_t pred);
void interp_bar_check(Launch *L, Cta *c);

/* printf.c */
int interp_vprintf(Launch *L, Warp *w, int lane, uint64_t fmt, uint64_t args, const XIns *xi);
int interp_assertfail(Launch *L, Warp *w, int lane, uint64_t msg, uint64_t file, uint32_t line,
                      uint64_t func, const XIns *xi);

/* ctx.c: the context's services to the engine and to api/.
 * interp_ctx_new makes a context on allocator a (NULL or without realloc:
 * the C library's), NULL when out of memory; interp_ctx_free frees it with
 * every module and allocation; interp_module_free unlinks and frees one
 * module, whatever state a failed load left it in. */
ptx_ctx *interp_ctx_new(const ptx_alloc *a);
void interp_ctx_free(ptx_ctx *cx);
void interp_module_free(ptx_module *pm);
void *interp_alloc(ptx_ctx *cx, size_t n);      /* zeroed; NULL when out of memory */
void *interp_realloc(ptx_ctx *cx, void *p, size_t n);
void interp_free(ptx_ctx *cx, void *p);
/* Runs phase(arg), a front-end phase, with the IR's memory (arenas, heap
 * scratch) taken from cx's allocator.  jump: an allocation failure ends
 * the phase at once and frees every arena and scratch block it made;
 * otherwise the phase sees NULL from ir_alloc and runs on (for code that
 * holds memory of its own, the verifier).  PTX_ENOMEM when an allocation
 * failed, else what phase returned. */
int interp_front(ptx_ctx *cx, int jump, int (*phase)(void *), void *arg);
void interp_diag_clear(ptx_ctx *cx);
/* Appends one diagnostic, copying every string; srcline may be NULL.
 * PTX_ENOMEM (and nothing appended) when a copy failed. */
int interp_diag_add(ptx_ctx *cx, const char *file, int line, int col, int sev, const char *check,
                     const char *msg, const char *srcline);
void interp_diag(ptx_ctx *cx, const char *file, int line, int col, int sev, const char *check,
                 const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 7, 8)))
#endif
	;

/* counters.c: the H100 memory-counter rules.  interp_count_mem takes the
 * byte addresses the lanes of m used (as the instruction named them:
 * space-relative, or generic); ldmatrix, stmatrix, cp.async and the bulk
 * copies, once executed, report through it with their per-lane row
 * addresses and the width of one row (cp.async: 2 * WARP addresses, the
 * global sources and then the shared destinations). */
int interp_count_begin(Launch *L);
void interp_count_mem(Launch *L, const XIns *xi, uint32_t m, const uint64_t *addr, unsigned size);
/* the same where the caller knows a full warp's addresses to be ASEQ_* (seq; 0: nothing) */
void interp_count_seq(Launch *L, const XIns *xi, uint32_t m, const uint64_t *addr, unsigned size, int seq);
void interp_count_end(Launch *L);
void interp_count_merge(Launch *into, const Launch *from);   /* adds from's counters by pc */
void interp_count_free(ptx_ctx *cx);
/* What ptxas makes of an access, where the counters must follow it (set
 * at load by interp_count_lower): a load it drops for an earlier load's
 * value, an atom whose result is unused (RED), a shared add of 1 whose
 * result is unused (ATOMS.POPC.INC), a shared float add (a loop of LDS and
 * ATOMS.CAST.SPIN), shared loads or stores it merges into a 64- or 128-bit one (the
 * lowest: V8/V16, with bits 4-5 the words from the wide access's start to
 * its own address; the others: REUSE); a branch around short arms that
 * it predicates instead (IFCONV: a warp that skips an arm still issues
 * it, its lanes all off). */
enum { LOW_NONE, LOW_REUSE, LOW_RED, LOW_POPC, LOW_SPIN, LOW_V8, LOW_V16, LOW_IFCONV };
void interp_count_lower(ptx_module *pm, XFunc *x);   /* lower.c */
void interp_count_arm(Launch *L, const XIns *b, int taken);
/* layout.c: each symbol's place (load.c calls them in this order) */
int interp_layout_func(ptx_module *pm, XFunc *x);
int interp_init_module(ptx_module *pm);
int interp_layout_module(ptx_module *pm);
int interp_symaddr(ptx_module *pm, const Sym *s, uint64_t *v, int generic);
int interp_evalint(ptx_module *pm, const Expr *e, uint64_t *v);
uint64_t interp_fimm(int ty, uint64_t bits, int flkind);
/* plan.c: each instruction's fast paths (XIns.fast, .shape, .plain) and the
 * kernel's uniform prologue (XFunc.upre), decided once after decode and
 * lowering; PTX_ENOMEM when out of memory */
int interp_plan(ptx_module *pm, XFunc *x);
void interp_plan_quiet(ptx_module *pm);

/* mma.c: ad[] and v[][] hold all 32 lanes (the instructions are .aligned) */
int interp_ldmatrix(Launch *L, Warp *w, const XIns *xi, uint32_t m, const uint64_t *ad, uint64_t v[][WARP]);
int interp_stmatrix(Launch *L, Warp *w, const XIns *xi, uint32_t m, const uint64_t *ad, uint64_t v[][WARP]);
void interp_movmatrix(const uint64_t *s, uint64_t *d);
void interp_mma_regs(int shape, int cbits, int *na, int *nb, int *nc);
void interp_mma(const XIns *xi, uint64_t s[][WARP], uint64_t d[][WARP]);
enum { MMA_ASIGNED = 1, MMA_BSIGNED = 2, MMA_SATFINITE = 4, MMA_BTY = 8 /* B's TY_ << MMA_BTY, where not A's */,
       MMA_WGF8 = 1 << 16 /* wgmma's fp8 adder */, MMA_XOR = 1 << 17 /* b1: .xor.popc, else .and.popc */,
       MMA_RNDSH = 18 /* f64: the ALU_ rounding of each fma << MMA_RNDSH (.rn .rz .rm .rp) */ };
/* XIns.aux of an mma.sp (its mod the shape of half the k); the selector values it allows;
 * the f64 rounding of an mma.sync (ALU_RN..ALU_RP << MMA_AUXRND) */
enum { MMA_SPARSE = 1 << 25, MMA_AUXRND = 26 };
int interp_mma_sp_nsel(const XIns *xi);
/* Sparse A (mma.sp, wgmma.mma_async.sp), rows of k elements of type ty of which the
 * metadata names k/2: the lanes of a group of four that hold one row pair's metadata
 * (the selector picks one of 4 / that many), and the positions pos[r][j] (j < k/2) of
 * the packed elements of rows r of 16, from the 32 lanes' metadata words. */
int interp_mma_sp_lanes(int ty, int k);
void interp_mma_sp_pos(int ty, int k, const uint64_t *meta, int sel, uint8_t pos[16][64]);
uint64_t interp_mma_elem(int ty, int cfmt, int flags, const uint64_t *a, const uint64_t *b, int k, uint64_t c);
/* The fused sums (f16, bf16, tf32 inputs; wgmma's fp8) with each input unpacked once per instruction:
 * interp_mma_in unpacks k raw elements of A (isb 0) or B, interp_mma_dot is interp_mma_elem of them. */
typedef struct { uint32_t man; int16_t exp, nom; uint8_t neg, kind; } MmaIn;
int interp_mma_fused(int ty, int flags);
void interp_mma_in(int ty, int flags, int isb, const uint64_t *raw, int k, MmaIn *u);
uint64_t interp_mma_dot(int ty, int cfmt, const MmaIn *a, const MmaIn *b, int k, uint64_t c);

/* wmma.c: wmma.load/store (XIns: ty the element type, aux the WMMA_* shape,
 * mod the fragment | column-major << 2; the registers, then the stride when
 * given) and wmma.mma (see wmma.c).  v[][] and s[][] hold all 32 lanes. */
enum { WMMA_M16N16K16, WMMA_M32N8K16, WMMA_M8N32K16, WMMA_M16N16K8, WMMA_M8N8K4, WMMA_M8N8K32, WMMA_M8N8K128 };
enum { WMMA_A, WMMA_B, WMMA_C };
int interp_wmma_shape(const char *s);                 /* WMMA_*, or -1 */
int interp_wmma_nregs(int frag, int shape, int ty);  /* -1: not a valid fragment */
int interp_wmma_ldst(Launch *L, Warp *w, const XIns *xi, uint32_t m, uint64_t base, uint64_t ld,
                     uint64_t v[][WARP], int write);
void interp_wmma_mma(const XIns *xi, uint64_t s[][WARP], uint64_t d[][WARP]);
int interp_wmma_ldsm(const XIns *xi);                /* a wmma.load that ptxas makes ldmatrix */

/* wgmma.c: wgmma.mma_async{.sp}.  XIns: ty the A type, mod the D type, aux
 * the N of the shape | WG_* | the B type << 16 | the sparsity selector <<
 * WG_SELSH; s[] the nd registers of D, then A (four registers, or the
 * descriptor), the B descriptor, the metadata register (.sp) and scale-d.
 * exec.c gathers s[] of all 32 lanes into v[][] and scatters v[0..nd) back. */
enum { WG_AREG = 1 << 9, WG_NEGA = 1 << 10, WG_NEGB = 1 << 11, WG_TRANSA = 1 << 12, WG_TRANSB = 1 << 13,
       WG_SAT = 1 << 14, WG_SPARSE = 1 << 15, WG_SELSH = 24, WG_INTNEGA = 1 << 26 };
#define WGMMA_MAXOPS (128 + 4 + 3)
int interp_wgmma_nd(int dt, int at, int bt, int n, int k);   /* D registers of a valid form, else -1 */
int interp_wgmma(Launch *L, Warp *w, const XIns *xi, uint64_t v[][WARP]);

/* texdec.c, tex.c, surf.c: textures and surfaces (X_TEX): decoding, and one
 * instruction for the lanes of m, v[k][lane] its sources and d[k][lane]
 * its destinations; -1 after a fault.  interp_tex_release (texobj.c) frees the
 * object table (mem.c's interp_mem_release calls it). */
enum { TEXNS = 24 };        /* the most sources they take */
int interp_tex_decode(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in);
int interp_tex(Launch *L, Warp *w, const XIns *xi, uint32_t m, uint64_t v[][WARP], uint64_t d[][WARP]);
void interp_surf_skipped(Launch *L, const XIns *xi);   /* one whose guard is false in every lane */
void interp_tex_release(ptx_ctx *cx);

/* opnd.c: operands decoded, for load.c and the decoders of other files
 * (-1: a form the executor lacks): one operand; operands flattened into
 * out[] (vector elements in order, a .b128 register as two halves; the
 * count); the memory operand o of in (xi's space, abase and aoff), or as it
 * would be in state space sp (SP_*); in's operands from first on as xi's
 * sources (a fresh xi->s), and o as its destinations (xi->d) */
int interp_decode_op(ptx_module *pm, const Opnd *o, int ty, XOp *x);
int interp_decode_ops(ptx_module *pm, const Opnd *o, int n, int ty, XOp *out, int max);
int interp_decode_mem(ptx_module *pm, XFunc *x, const Ins *in, const Opnd *o, XIns *xi);
int interp_decode_addr(ptx_module *pm, XFunc *x, const Opnd *o, int sp, XIns *xi);
int interp_decode_srcs(ptx_module *pm, XIns *xi, const Ins *in, int first, int ty);
int interp_decode_dsts(ptx_module *pm, XIns *xi, const Opnd *o);
/* opnd.c: the immediate sources of xi as planes of WARP lanes (XIns.bc) */
void interp_bcast_imm(ptx_module *pm, XIns *xi);

/* load.c */
int interp_load(ptx_module *pm);          /* pre-decode; diagnostics to the context */
SymLoc *interp_symloc(ptx_module *pm, const Sym *s, int add);
uint64_t interp_symsize(const Sym *s);
uint32_t interp_symalign(const Sym *s);
uint64_t interp_alignup(uint64_t x, uint64_t a);   /* x rounded up to a multiple of a */

/* smem.c */
int interp_smem_layout(ptx_module *pm);   /* PTX_OK or PTX_ENOMEM */
/* foldint.c: for the order oracle, the sources of in (bit 0 a, bit 1 b) that a u16 or b16 reader
 * which takes registers whole (mul.hi, sad, setp ...) reads from a 16-bit set, their lines in line[] */
int interp_fold_w16src(const Func *f, const Ins *in, int line[2]);
/* contract.c: for each instruction of f, the mul an add/sub fuses with as ptxas does: 0, or
 * (the mul's index + 1) << 3 | 4 when a neg sits between | the product's operand (1 or 2);
 * for a neg.f32 that ptxas folds into the selps reading it, CONTRACT_SIGNFLIP;
 * NULL when nothing fuses (or no memory) */
#define CONTRACT_SIGNFLIP 4
/* a fused mul that writes a register it reads, read by nothing but the adds it fuses with: it
 * writes nothing, so that they read its sources (contract.c keepsrc) */
#define CONTRACT_KEEPSRC 5
int *interp_contract_plan(ptx_ctx *cx, const Module *m, const Func *f);
/* contract.c: is in an add or sub the plan may fuse (a float type, no rounding modifier)? */
int interp_contract_plainadd(const Ins *in);
/* contract.c: for an f64 add, sub, mul, fma or min/max, whether ptxas gives a's NaN precedence
 * over b's (1), b's over a's (0), or -1 when a and b are not two register values (alu_decode
 * decides for constants) */
int interp_nan_first(const Func *f, const Ins *in);
/* contract.c: for tests/diff/nanorder -c, where interp_nan_first places operand k (0 a, 1 b) of
 * in (twice the instruction index; -1 unknown, LONG_MAX a constant, -2 a known zero) and its
 * class in *kind */
long interp_nan_where(const Func *f, const Ins *in, int k, int *kind);
/* contract.c: the first instruction of f->ins[k]'s block computing the same value, which ptxas
 * computes once (common subexpressions), or k; *swapped whether its first two sources are k's
 * in the other order */
int interp_nan_same(const Func *f, int k, int *swapped);
/* contract.c: is operand oi of in a register a mov of a nonzero immediate wrote (*c its bits)? */
int interp_nan_movconst(const Func *f, const Ins *in, int oi, uint64_t *c);
/* contract.c: is operand oi of in a register a neg or abs.f64 of an immediate wrote, or a selp of a known
 * predicate picking an immediate? */
int interp_nan_foldedimm(const Func *f, const Ins *in, int oi);
/* contract.c: how many instructions read the value operand oi of in reads */
int interp_nan_readers(const Func *f, const Ins *in, int oi);
/* contract.c: whether ptxas treats f64 value v as computed later than any plain value (an rn
 * div/rcp/sqrt expansion, a neg.s64 or abs.s64): its NaN wins in a shared f64 atomic add */
int interp_nan_late(const Func *f, int v);
/* fold.c: adjusts decoded ALU instruction xi (of in, in x) where ptxas's simplifications
 * change its results; -1 when out of memory */
int interp_fold(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in);
/* fold.c: the alloca before in (instruction k of f) whose address ptxas
 * gives in too, or NULL */
const Ins *interp_fold_alloca(ptx_module *pm, const Func *f, const Ins *in, int k);
/* fold.c: what the folds ask of every instruction of f, found once as its
 * decoding begins (pm->imm64, subat, callat); PTX_OK or PTX_ENOMEM */
int interp_fold_begin(ptx_module *pm, const Func *f);
/* fold.c: sets pm->subat and pm->callat for f */
void interp_fold_subat(ptx_module *pm, const Func *f);
int interp_fold_wgmma_intneg(const Func *f, const Ins *in);
/* fold.c: the same for a decoded mov (X_MOV), which it may make an X_ALU */
int interp_fold_mov(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in);
/* fold.c: does ptxas know the predicate of selp in, so that no FSEL
 * remains? */
int interp_fold_selknown(const Func *f, const Ins *in);
int interp_fold_testpick(const Func *f, const Ins *d);
/* an X_ATOM's xi->aux low bits (f16x2 and bf16x2 shared adds, fold.c):
 * SPLIT*: its value is the 64-bit register a mov.b64 {lo, hi} split, and
 * ptxas adds {bits 32-47, the word's bits 0-15}; SPLITPAIR: s[1] is the
 * high result ptxas computes with the value in one IMAD.WIDE, whose low
 * half it adds as the high half; HIZERO, HISEXT: a video result, whose
 * high half ptxas takes as 0 or as the word's sign; CNOT: the value is a
 * cnot.b32's, and ptxas adds 0x80008000 for a 0, 0x7fff7fff for a 1;
 * VALNAN (a shared f64 add): of two NaNs the added value's wins, not the
 * old value's (interp_nan_late); B128: exch or cas of a .b128, two 64-bit
 * halves swapped as one (load.c) */
enum { ATOM_SPLITLO = 1, ATOM_SPLITHI = 2, ATOM_CNOT = 4, ATOM_VALNAN = 8, ATOM_B128 = 16, ATOM_SPLITPAIR = 32,
	ATOM_HIZERO = 64, ATOM_HISEXT = 128 };
int interp_fold_atom(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in);
/* fold.c: pm->sites, the index of the places functions are named that the
 * fold of calls' arguments reads while decoding (PTX_ENOMEM), and its end */
int interp_fold_sites(ptx_module *pm);
/* layout.c: pm->byfn and pm->bysym (PTX_ENOMEM); the function of Func f,
 * and the first (last 0) of symbol s, with a body when body is set, or NULL */
struct FnKey { uintptr_t k; int i; };
int interp_fn_index(ptx_module *pm);
int interp_fn_first(const ptx_module *pm, const Sym *s);   /* s's first entry of pm->bysym, else nfn */
XFunc *interp_fn_of(const ptx_module *pm, const Func *f);
XFunc *interp_fn_named(const ptx_module *pm, const Sym *s, int first, int body);
void interp_fold_sites_free(ptx_module *pm);

/* mbarrier.c, bulk.c, tensormap.c: mbarriers, bulk and tensor copies,
 * tensor maps.  The executor hands an instruction the address of its
 * memory operand ad[lane] (abase + aoff) and its sources v[k][lane]; a
 * destination comes back in d[lane].  XR_WAIT: the warp blocks before the
 * instruction, which runs again when an mbarrier of its CTA changes;
 * XR_PAUSE: the same, after it. */
enum { XR_OK, XR_FAULT, XR_WAIT, XR_PAUSE };
enum { XNS = 16 };          /* the most sources these instructions take */
int interp_mbar_decode(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in);
int interp_mbar(Launch *L, Warp *w, const XIns *xi, uint32_t m, const uint64_t *ad,
                uint64_t v[][WARP], uint64_t *d);
/* complete_tx of bytes on the mbarrier at shared address a, for a copy of
 * lane's that wrote dn bytes at host dst (for asynccheck; NULL: none) */
int interp_mbar_tx(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t a, uint64_t bytes, const uint8_t *dst,
                  uint64_t dn);
/* every live warp of c is blocked: gives mbarrier waits up (1), or 0 for a deadlock */
int interp_mbar_timeout(Launch *L, Cta *c);
void interp_mbar_describe(const Cta *c, uint32_t a, char *buf, size_t n);
int interp_bulk_decode(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in);
int interp_bulk(Launch *L, Warp *w, const XIns *xi, uint32_t m, const uint64_t *ad, uint64_t v[][WARP]);
int interp_bulk_reads_shared(const XIns *xi);   /* a copy of the async proxy out of shared memory */
int interp_bulk_shadowed(const XIns *xi);       /* initcheck follows its writes */

/* A tensor map, decoded and checked (tensormap.c has the 128-byte layout). */
typedef struct {
	uint64_t addr, dim[5], stride[5];   /* stride[0]: the element size */
	uint32_t box[5], estride[5];
	int rank, elemtype, esize, interleave, swizzle, fill;
	int form;                           /* TMAP_TILED, TMAP_IM2COL, TMAP_IM2COL_WIDE */
	uint32_t channels, pixels;          /* im2col: a pixel's elements, the pixels a copy moves */
	int lower[3], upper[3];             /* im2col: the pixel box's corners, of the spatial dimensions */
} TMap;
enum { TMAP_BYTES = 128, TMAP_TILED = 0, TMAP_IM2COL, TMAP_IM2COL_WIDE };
/* The rows of a tensor copy's box, a row the run of elements along
 * dimension 0 that lies at one place of shared memory (tensorbox.c). */
typedef struct {
	int64_t g[5];          /* the row's first element, in the tensor's coordinates */
	uint64_t n0, rows;     /* elements a row, rows a box */
	uint32_t idx[5];       /* tiled: the row's index in each dimension of the box */
	int64_t pos[5];        /* im2col: the pixel's place (the offsets not added) */
	int64_t off[5], lo[5], hi[5];   /* im2col: the offsets, the bounding box */
} TRows;
void interp_trows_start(TRows *r, const TMap *t, const int64_t *coord, const uint64_t *off);
void interp_trows_next(TRows *r, const TMap *t);
int interp_tmap_encode(ptx_ctx *cx, const ptx_tensormap *t, void *map);   /* ptx_tensormap_encode's */
int interp_tmap_read(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t a, TMap *t);
int interp_tmap_decode(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in);
int interp_tmap(Launch *L, Warp *w, const XIns *xi, uint32_t m, const uint64_t *ad, uint64_t v[][WARP]);

/* mem.c.  interp_mem_new: PTX_ENOMEM past a limit, with a diagnostic
 * except for AK_HEAP (device malloc returns NULL, silently).
 * interp_mem_free ends the allocation at p that the host or the engine
 * made (PTX_EFAULT: none there; PTX_EINVAL, with a diagnostic: a module's);
 * interp_mem_map maps host memory at its own address (PTX_EINVAL where it
 * would overlap; interp_mem_map_at: at an address interp_mem_reserve set
 * aside); interp_mem_host is the host pointer of [addr, addr + n)
 * inside one allocation, or NULL with a diagnostic.
 * interp_mem_charge takes n bytes of PTX_LIMIT_MEMORY (-1, nothing taken,
 * when they would pass it); interp_mem_uncharge gives them back.
 * interp_heap_free frees an allocation of device malloc: PTX_OK, or
 * PTX_EFAULT with *why saying what p is instead. */
int interp_mem_new(ptx_ctx *cx, uint64_t size, const char *name, int kind, uint64_t *addr);
int interp_mem_charge(ptx_ctx *cx, uint64_t n);
void interp_mem_uncharge(ptx_ctx *cx, uint64_t n);
void interp_mem_nomem(ptx_ctx *cx, uint64_t n, const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 3, 4)))
#endif
	;
int interp_heap_free(ptx_ctx *cx, uint64_t p, const char **why);
int interp_mem_free(ptx_ctx *cx, uint64_t p);
int interp_mem_map(ptx_ctx *cx, void *host, size_t size, uint64_t *out);
/* ptx_mem_reserve and ptx_mem_map_at (mem.c) */
int interp_mem_reserve(ptx_ctx *cx, uint64_t size, uint64_t align, uint64_t hint, uint64_t *out);
int interp_mem_map_at(ptx_ctx *cx, uint64_t at, void *host, size_t size);
uint8_t *interp_mem_host(ptx_ctx *cx, uint64_t addr, size_t n);
void interp_mem_drop(ptx_ctx *cx, Alloc *a);
Alloc *interp_mem_find(ptx_ctx *cx, uint64_t addr, uint64_t size); /* the allocation holding [addr, addr+size) */
const VarSpan *interp_mem_var(const Alloc *a, uint64_t addr);   /* a's variable at or below addr, NULL: none */
const char *interp_mem_name(const Alloc *a, uint64_t addr);     /* that variable's name, else a's own */
int interp_mem_setvars(ptx_ctx *cx, Alloc *a, const VarSpan *v, size_t n);   /* module variables' (layout.c) */
char *interp_mem_nearest(ptx_ctx *cx, uint64_t addr);   /* description, malloc'd by the context */
int interp_mem_freed(ptx_ctx *cx, uint64_t addr);   /* addr lies in an allocation freed before */
Alloc *interp_mem_before(ptx_ctx *cx, uint64_t addr);   /* the live allocation that ends last at or below addr */
Alloc *interp_mem_after(ptx_ctx *cx, uint64_t addr);    /* the first entry at or above addr, live or freed */
Alloc *interp_mem_next(ptx_ctx *cx, const Alloc *a);    /* the entry after a, in address order */
void interp_mem_release(ptx_ctx *cx);
/* ptx_mem_zeros (mem.c).  interp_mem_zero: where an access of [addr,
 * addr + n) in such a range reads or (write) writes, or NULL when it lies
 * in none (or the memory for a first store could not be had); *top, the
 * range's end.  A read before any store reads a shared block of zeros. */
struct ZeroRange {
	uint64_t lo, hi;
	_Atomic(uint8_t *) p;           /* its memory, from the first store on */
};
int interp_mem_zeros(ptx_ctx *cx, uint64_t at, uint64_t size);
int interp_mem_alloc_at(ptx_ctx *cx, uint64_t at, uint64_t size);   /* ptx_mem_alloc_at */
uint8_t *interp_mem_zero(ptx_ctx *cx, uint64_t addr, uint64_t n, int write, uint64_t *top);

/* check.c: the reports of the dynamic checks (ptx_set_checks).  A site
 * is one side of a report: the instruction, and the thread (w and lane, or
 * the coordinates of an earlier access kept in a shadow) and address.
 * interp_chk_report records one occurrence of finding kind (a static
 * string) of check, deduplicated by check, kind and the sites'
 * instructions; under fatal checks it also ends the launch (interp_fault
 * with PTX_FAULT_CHECK); a report of a check the launch was not asked
 * for is dropped (the state of the copies in flight serves two checks,
 * CHK_COPIES). */
typedef struct {
	const XIns *xi;
	int has_thread;
	unsigned cta[3], thread[3];
	int access;               /* PTX_ACCESS_* */
	uint64_t addr;
	unsigned size;
} ChkSite;
void interp_chk_site(const Launch *L, const Warp *w, int lane, const XIns *xi, int access, uint64_t addr,
                     unsigned size, ChkSite *s);
void interp_chk_report(Launch *L, Warp *w, int lane, int check, const char *kind, const ChkSite *a,
                       const ChkSite *b, const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 8, 9)))
#endif
	;
/* A report made outside a launch (the program's end: ptx_report_leaks),
 * of kernel in module, with no site, adding count to the same check,
 * kind, kernel and module's earlier one; never fatal. */
void interp_chk_report_end(ptx_ctx *cx, int check, const char *kind, const char *kernel, const char *module,
                           uint64_t count, const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 7, 8)))
#endif
	;
void interp_chk_free(ptx_ctx *cx);   /* the reports, the shadow and the heap blocks followed */
void interp_chk_rows(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const uint8_t *p,
                     unsigned n, int store);   /* ldmatrix, stmatrix rows (mma.c) */
/* check_init.c: initcheck.  interp_chk_regs runs before xi, as
 * interp_chk_sync; interp_chk_load before a load of n bytes at host p
 * (guest address a); poison marks host memory uninitialized, unpoison
 * written (or freed). */
void interp_chk_regs(Launch *L, Warp *w, const XIns *xi, uint32_t tmask, uint32_t m);
void interp_chk_load(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n);
void interp_chk_poison(ptx_ctx *cx, const void *p, size_t n);
void interp_chk_unpoison(ptx_ctx *cx, const void *p, size_t n);
void interp_chk_shadow_copy(Launch *L, const void *dst, const void *src, size_t n);
void interp_chk_shadow_free(ptx_ctx *cx);
/* local memory: poison a new CTA's .local variables; a store xi by lane
 * of n bytes at host p; the reports of the launch's pending loads */
void interp_chk_local_start(Launch *L, Cta *c);
void interp_chk_local_store(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const void *p, unsigned n);
void interp_chk_local_end(Launch *L);
/* the bit-a-byte table by host page behind them: set or clear bits, count
 * the set ones of a range, free a table.  Its layout is here so that the
 * checked executor can answer the common case inline (interp_chk_quick):
 * a lane's access within the page the table found last. */
enum { CHK_PAGE = 4096 };
typedef struct {
	uintptr_t key;                  /* host address / CHK_PAGE + 1; 0: empty */
	uint32_t nset;                  /* how many of the page's bits are set */
	uint64_t bits[CHK_PAGE / 64];   /* bit i % 64 of word i / 64: byte i */
} ChkPage;
struct ChkShadow {
	ChkPage **tab;
	size_t cap, n;                  /* cap a power of two */
	ChkPage *last;                  /* the page found last */
	uintptr_t misskey;              /* the key looked up last in vain; 0: none */
};
void interp_chk_mark(ptx_ctx *cx, struct ChkShadow **root, const void *p, size_t n, int on);
size_t interp_chk_count(struct ChkShadow *s, const void *p, size_t n);
const ChkPage *interp_chk_page(struct ChkShadow *s, const void *p);   /* the page of p; NULL: none */
void interp_chk_table_free(ptx_ctx *cx, struct ChkShadow **root);

/* The bits of [p, p + n) in s, when they lie in one 64-bit word of the
 * page s found last, or on a page s knows it lacks: *bits gets them (bit
 * i: byte p + i) and the answer is 1.  0: ask interp_chk_count or
 * interp_chk_mark. */
static inline int
interp_chk_quick(const struct ChkShadow *s, const void *p, unsigned n, uint64_t *bits)
{
	uintptr_t a = (uintptr_t)p, off = a % CHK_PAGE;
	const ChkPage *pg;

	if (!s) {
		*bits = 0;
		return 1;
	}
	if (n == 0 || n > 64 || off % 64 + n > 64)
		return 0;
	if (s->misskey == a / CHK_PAGE + 1) {
		*bits = 0;
		return 1;
	}
	if (!(pg = s->last) || pg->key != a / CHK_PAGE + 1)
		return 0;
	*bits = pg->nset ? pg->bits[off / 64] >> off % 64 & (n == 64 ? ~0ull : (1ull << n) - 1) : 0;
	return 1;
}
/* check_mem.c: memcheck.  interp_chk_access after an access of n bytes at
 * host p (guest a) by lane; interp_chk_end when the launch ends. */
void interp_chk_access(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n,
                       int write);
/* memcheck, while some allocation has slack (cx->nslack): an access of n
 * bytes at guest a (PTX_ACCESS_*) that reaches its allocation's slack */
void interp_chk_slack(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, unsigned n, int acc);
int interp_chk_noncoherent(const XIns *xi);   /* ld.global.nc or ldu: a load memcheck follows */
/* memcheck: n bytes at host p (guest a) a texture fetch read (tex.c) */
void interp_chk_texread(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n);
void interp_chk_end(Launch *L);
/* memcheck: al, a device malloc block lane of w made (exec_simt.h,
 * cdp.c), is followed until it is freed or interp_chk_leaks reports it */
void interp_chk_heap_new(Launch *L, Alloc *al);
void interp_chk_leaks(ptx_ctx *cx, int all, uint64_t owner);   /* ptx_report_leaks, _of */
void interp_chk_alloc_leak(ptx_ctx *cx, const char *owner, const char *when, uint64_t count, uint64_t size,
                           uint64_t addr);   /* ptx_report_alloc_leak */
void interp_chk_leak_free(ptx_ctx *cx);   /* from interp_chk_free */
/* check_race.c: racecheck of shared and global memory, after an access
 * (PTX_ACCESS_*) of space (MS_*, as decoded); interp_chk_order before
 * xi runs for the lanes m, which counts what may order warps and CTAs */
struct ChkRace;
void interp_chk_race(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n,
                     int acc);
/* the same for the lanes m of one instruction, lane by lane, as many calls
 * of interp_chk_race would (addr[l], p[l]: lane l's addresses) */
void interp_chk_race_copied(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const uint8_t *p, uint64_t n,
                            int mbar);
void interp_chk_race_stored(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t ga, const uint8_t *p,
                            uint64_t n, int last);
/* a copy xi of lane of w issued into n bytes at host p of its CTA's
 * shared memory, against the accesses of other warps before it */
void interp_chk_race_issued(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const uint8_t *p, uint64_t n);
void interp_chk_race_lanes(Launch *L, Warp *w, uint32_t m, const XIns *xi, const uint64_t *addr, uint8_t *const *p,
                           unsigned n, int acc);
/* interp_chk_race_lanes with the lowest and highest of the lanes' p, lo
 * and hi, already known (the checked executor's warp-wide path); run: m
 * is every lane and p[l] = lo + l * n */
void interp_chk_race_span(Launch *L, Warp *w, uint32_t m, const XIns *xi, const uint64_t *addr, uint8_t *const *p,
                          unsigned n, int acc, uintptr_t lo, uintptr_t hi, int run);
void interp_chk_order(Launch *L, Warp *w, const XIns *xi, uint32_t m);
/* racecheck: lane of w arrived on (or completed bytes of) the mbarrier at
 * shared offset off of its CTA, which releases what it did before into
 * the object's open phase (mbarrier.c); interp_chk_mbphase: that phase of
 * c's object completed, or (gone) the object was invalidated or
 * initialised again; interp_chk_acquire: lane of w saw, by a wait, the
 * last phase of its CTA's object at off complete */
void interp_chk_release(Launch *L, Warp *w, uint32_t lane, uint32_t off);
void interp_chk_mbphase(Launch *L, Cta *c, uint32_t off, int gone);
void interp_chk_acquire(Launch *L, Warp *w, uint32_t lane, uint32_t off);
void interp_chk_race_free(ptx_ctx *cx, struct ChkRace **root);
void interp_chk_race_end(Launch *L);
int interp_chk_strong(const Ins *in);   /* a strong access: .volatile, .relaxed, .acquire, ... */
/* racecheck: c's count of what may order its warps -- the completed
 * phases of CTA barriers, mbarrier changes and cluster barriers; not
 * exits, nor an arrival at a CTA barrier before its phase completes: the
 * arrival orders the arriving warp's accesses before those of the warps
 * that pass that phase, none of which can run on before it completes.  So
 * a warp that read a stage and waits at the next barrier races with the
 * copy another warp issues into it before arriving there (tests/check
 * cuda/pipe.cu cp_pipe mode 3 at -G).  Monotonic: a completed phase takes
 * its arrivals off barpend. */
static inline uint64_t
interp_chk_syncs(const Cta *c)
{
	return c->events - c->exits - c->barpend;
}
/* check_dsmem.c: racecheck of distributed shared memory.  interp_chk_dsmem
 * after an access of a cluster CTA's shared memory (owner's), from
 * interp_chk_race; interp_chk_dsmem_free when the launch ends */
struct ChkDsmem;
void interp_chk_dsmem(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n, int acc,
                      const Cta *owner);
void interp_chk_dsmem_free(Launch *L);
void interp_chk_dsmem_order(Launch *L, Warp *w, const XIns *xi, uint32_t m);   /* from interp_chk_order */
/* CTA c of a cluster of two or more has exited (its last warp, xwarp,
 * ended): racecheck's accesses of its shared memory by other CTAs that
 * nothing ordered before the exit (sched.c) */
void interp_chk_dsmem_exit(Launch *L, Cta *c);
/* memcheck: lane of w accesses n bytes at shared::cluster a of c, a CTA
 * of its cluster that has exited (cluster.c, bulk.c) */
void interp_chk_dsmem_exited(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t a, unsigned n, int write,
                             const Cta *c);
int interp_chk_acquires(const XIns *xi);   /* check_race.c: an ordering instruction that may acquire */
/* check_cdp.c: racecheck between the grids of a host launch and those its
 * kernels launch.  interp_chk_cdp_begin when a launch from the host starts
 * (records when it is checked and its module launches from the device),
 * interp_chk_cdp after a weak global access (from check_race.c, when
 * cx->cdpchk), interp_chk_cdp_launch at a device launch (its node, 0: not
 * followed), interp_chk_cdp_enter around a child's run (the node before),
 * interp_chk_cdp_free when the host's launch ends */
struct ChkCdp;
void interp_chk_cdp_begin(Launch *L);
void interp_chk_cdp(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n, int acc);
uint32_t interp_chk_cdp_launch(Launch *L, Warp *w, uint32_t lane, uint64_t stream, int tail);
uint32_t interp_chk_cdp_enter(ptx_ctx *cx, uint32_t node);
void interp_chk_cdp_free(ptx_ctx *cx);
/* The checks that follow the copies in flight (cp.async, bulk and tensor
 * copies, st.async and red.async) and the waits that complete them:
 * asynccheck, and racecheck, for which a copy's bytes are written when it
 * completes (a store of the waiting thread) and an access of them before
 * races with it.  Their state (check_async.c, check_mbar.c) is kept under
 * either; what only asynccheck reports (the async proxy's fences, wgmma,
 * the sources of copies) under asynccheck alone. */
#define CHK_COPIES (PTX_CHECK_ASYNCCHECK | PTX_CHECK_RACECHECK)

/* check_async.c: asynccheck.  interp_chk_async before xi runs for the
 * lanes m; interp_chk_cpasync after a cp.async of lane wrote n bytes at
 * host p; interp_chk_async_load before a load; interp_chk_async_cta when
 * a CTA starts or ends; interp_chk_async_free when the launch ends. */
struct ChkAsync;
void interp_chk_async(Launch *L, Warp *w, const XIns *xi, uint32_t m);
void interp_chk_cpasync(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const void *p, unsigned n,
                        const void *src, unsigned srcn);
/* The sources of copies in flight: interp_chk_bulk_group when a bulk copy
 * of a bulk group (completed by cp.async.bulk.wait_group) reads n bytes
 * at host src; interp_chk_src_store before a generic store or atomic, when
 * interp_chk_src_pending says a copy is in flight (either file's): its
 * source, and under racecheck its shared destination; interp_chk_bulk_dst
 * when a bulk copy of a bulk group writes n bytes of global memory at
 * host dst, guest ga (complete at a cp.async.bulk.wait_group without
 * .read, which under racecheck makes them the waiting thread's store:
 * interp_chk_race_stored). */
void interp_chk_bulk_group(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const void *src, uint64_t n);
int interp_chk_src_pending(const Launch *L);
void interp_chk_src_store(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n);
void interp_chk_bulk_dst(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const void *dst, uint64_t n,
                         uint64_t ga);
void interp_chk_copy_write(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n);
int interp_chk_async_pending(const Launch *L);   /* a cp.async or a global bulk destination in flight */
int interp_chk_wgmma_pending(const Launch *L);   /* wgmma accumulators in flight */
void interp_chk_async_load(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n);
void interp_chk_async_cta(Launch *L, Cta *c);
void interp_chk_async_free(Launch *L);
/* check_mbar.c: asynccheck of mbarriers, bulk copies and the async
 * proxy.  interp_chk_mbar for each lane's mbarrier operation on the object
 * at host p of CTA c (before the operation for CMB_INIT's absence check,
 * after it otherwise); interp_chk_bulk when a copy writes n bytes at host
 * p of c that complete on the mbarrier at host mb; interp_chk_bulk_load
 * before a load; interp_chk_proxy_store after a generic store or atomic,
 * interp_chk_proxy_fence at fence.proxy.async, interp_chk_proxy_read when
 * the async proxy reads shared memory; interp_chk_mbar_cta when a CTA
 * starts (end 0) or ends (end 1); interp_chk_mbar_free when the launch
 * ends. */
enum { CMB_INIT, CMB_INVAL, CMB_ARRIVE, CMB_WAIT };
typedef struct {
	int op;                   /* CMB_*: CMB_ARRIVE for every arrive, expect_tx and complete_tx */
	int64_t txd;              /* bytes expected (> 0) or completed (< 0) */
	uint32_t pend;            /* after it: arrivals pending, tx-count (CMB_INIT: the count) */
	int32_t tx;
	int completed;            /* it completed a phase */
	unsigned parity, want;    /* CMB_WAIT: the object's phase parity, the parity waited for */
	int ok, retry;            /* the wait succeeds; the lane saw its phase in an earlier run */
} ChkMbarOp;
struct ChkMbar;
void interp_chk_mbar(Launch *L, Warp *w, int lane, const XIns *xi, Cta *c, const uint8_t *p, const ChkMbarOp *op);
void interp_chk_bulk(Launch *L, Warp *w, int lane, const XIns *xi, Cta *c, const uint8_t *p, uint64_t n,
                     const uint8_t *mb);
int interp_chk_bulk_pending(const Launch *L);    /* a bulk copy not waited for */
/* The copies into shared memory interp_chk_bulk followed since
 * interp_chk_bulk_mark read n bytes at host src: a store into them before
 * a wait saw their phase is reported (interp_chk_bulk_store). */
size_t interp_chk_bulk_mark(const Launch *L);
void interp_chk_bulk_source(Launch *L, size_t mark, const void *src, uint64_t n);
void interp_chk_bulk_run(Launch *L, size_t mark, size_t end, const void *src, uint64_t n);
int interp_chk_bulk_srcs(const Launch *L);
int interp_chk_bulk_store(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n,
                         int copy);
int interp_chk_bulk_deststore(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p,
                              unsigned n, int copy);
void interp_chk_cdp_end(Launch *L);   /* check_cdp.c: a grid's checked launch ends */
int interp_chk_mbar_saw(const Launch *L, const uint8_t *mb, int64_t tid, uint32_t phase);
/* The first successful wait on the mbarrier at host mb that saw more than
 * phase of its phases complete: 1 with it in *o, 0 when no wait has yet,
 * -1 when it is not known (the object is not followed, or the wait was
 * forgotten) */
typedef struct {
	uint32_t g;               /* Launch.gord at the wait */
	uint32_t ph;              /* the cluster barrier phase that releases what the waiter did then */
	uint16_t warp;
	uint8_t lane;
} ChkMbObs;
int interp_chk_mbar_obs(const Launch *L, const uint8_t *mb, uint32_t phase, ChkMbObs *o);
void interp_chk_dsmem_copy(Launch *L, Warp *w, int lane, const XIns *xi, const Cta *c, const uint8_t *p, uint64_t n,
                           const uint8_t *mb, uint32_t ph);
void interp_chk_bulk_load(Launch *L, Warp *w, uint32_t lane, const XIns *xi, uint64_t a, const void *p, unsigned n);
int interp_chk_proxy_follows(Launch *L);    /* whether interp_chk_proxy_store has work */
void interp_chk_proxy_store(Launch *L, Warp *w, uint32_t lane, const XIns *xi, const void *p, unsigned n);
void interp_chk_proxy_fence(Launch *L, Warp *w);
void interp_chk_proxy_read(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t off, uint64_t n);
void interp_chk_mbar_cta(Launch *L, Cta *c, int end);
void interp_chk_mbar_free(Launch *L);
/* The lane whose value shfl.sync's lane l reads, in mode mod (MOD_UP,
 * MOD_DOWN, MOD_BFLY, else idx) with the instruction's b and c: l itself
 * where the source leaves l's segment; *in is the predicate result,
 * whether it stays inside.  The one rule of exec_warp.h's shfl and of
 * synccheck's reading of exited lanes (check_sync.c). */
static inline uint32_t
interp_shfl_src(int mod, uint32_t l, uint32_t b, uint32_t c, int *in)
{
	uint32_t cv = c & 31, seg = (c >> 8) & 31;
	int32_t maxl = (int32_t)((l & seg) | (cv & ~seg)), minl = (int32_t)(l & seg), j;

	b &= 31;
	switch (mod) {
	case MOD_UP: j = (int32_t)l - (int32_t)b; *in = j >= maxl; break;
	case MOD_DOWN: j = (int32_t)(l + b); *in = j <= maxl; break;
	case MOD_BFLY: j = (int32_t)(l ^ b); *in = j <= maxl; break;
	default: j = minl | (int32_t)(b & ~seg); *in = j <= maxl; break;
	}
	return !*in || j < 0 || j > 31 ? l : (uint32_t)j;
}

/* check_sync.c: synccheck, before the instruction xi runs for the lanes m
 * (after its guard) of the top SIMT entry's tmask */
void interp_chk_sync(Launch *L, Warp *w, const XIns *xi, uint32_t tmask, uint32_t m);

/* sched.c */
int interp_launch(ptx_ctx *cx, ptx_function *fn, const unsigned grid[3], const unsigned block[3],
                  const unsigned cluster[3], size_t shared, const uint8_t *params);

#endif

/*
 * ptx.h -- the public interface of libptx: load PTX modules and run their
 * kernels on the CPU with the semantics of an sm_90 GPU.
 *
 * Everything hangs off a ptx_ctx: modules, device memory, the diagnostics
 * of the last failed call and the fault report of the last launch.  There is
 * no global state, and the library never prints; one context must not be
 * used from two threads at once.  Device addresses are 64-bit guest
 * addresses: the guest can reach only its own allocations.
 *
 * Ownership: objects returned through an `**out` parameter belong to the
 * caller (free them with the matching _free); pointers returned directly
 * are borrowed from the context and stay valid until the next call that
 * changes what they describe.
 */
#ifndef PTX_H
#define PTX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>   /* FILE: ptx_diag_print, ptx_module_emit */

#ifdef __cplusplus
extern "C" {
#endif

/* 2: the front end (ptx_module_parse, ptx_verify, ptx_module_emit,
 * ptx_diag_print, ptx_check_list); 3: tensor maps (ptx_tensormap_encode);
 * 4: resource limits (ptx_set_limit, ptx_get_limit); 5: textures and
 * surfaces (ptx_texture_create, ptx_surface_create); 6: dynamic checks
 * (ptx_set_checks, ptx_report_*); 7: ptx_alloc's zeroed, PTX_EREFUSED;
 * 8: ptx_verify_opts's compile_only; 9: ptx_report_leaks; 10: the leak
 * checks of one context's teardown (ptx_set_leak_owner, ptx_report_leaks_of,
 * ptx_report_alloc_leak). */
#define PTX_API_VERSION 10

typedef struct ptx_ctx ptx_ctx;          /* opaque; ptx_ctx_free */
typedef struct ptx_module ptx_module;    /* opaque; ptx_module_free (or ptx_ctx_free) */
typedef struct ptx_function ptx_function; /* borrowed from its module */
typedef uint64_t ptx_devptr;             /* a guest address */

/* Status codes: 0 or negative. */
enum {
	PTX_OK = 0,
	PTX_EINVAL = -1,    /* bad argument */
	PTX_ENOMEM = -2,    /* out of memory: the host's, or a limit of ptx_set_limit */
	PTX_ESYNTAX = -3,   /* the module has errors (see ptx_diag_get) */
	PTX_ENOTFOUND = -4, /* no such function or variable */
	PTX_EFAULT = -5,    /* a device address outside every allocation */
	PTX_ETRAP = -6,     /* the kernel faulted (see ptx_fault_get) */
	PTX_EUNSUPPORTED = -7, /* the module uses something the interpreter lacks */
	PTX_EREFUSED = -8   /* PTX that compiles, but whose image the driver refuses to load */
};

/* Optional allocator hook: realloc semantics (size 0 frees).  ud is passed
 * back.  zeroed (version 7): a new block (p NULL) comes back holding zeros,
 * as fresh mmap pages do, so the context does not clear it (device memory
 * is zero until written; clearing would touch every page of it). */
typedef struct {
	int version;        /* PTX_API_VERSION */
	void *(*realloc)(void *ud, void *p, size_t size);
	void *ud;
	int zeroed;
} ptx_alloc;
#define PTX_ALLOC_INIT { PTX_API_VERSION, 0, 0, 0 }

int ptx_ctx_new(ptx_ctx **out, const ptx_alloc *a);  /* a may be NULL */
void ptx_ctx_free(ptx_ctx *cx);                      /* frees its modules and memory */

/* Diagnostics of the last call that failed (ptx_module_load, ptx_launch ...). */
enum { PTX_SEV_NOTE, PTX_SEV_WARNING, PTX_SEV_ERROR };
typedef struct {
	const char *file;   /* module name given at load */
	int line, col;      /* 0 when unknown */
	int severity;       /* PTX_SEV_* */
	const char *check;  /* check name, or NULL */
	const char *msg;
	const char *source_line; /* the offending source line (no newline), or NULL */
} ptx_diag;
size_t ptx_diag_count(const ptx_ctx *cx);
const ptx_diag *ptx_diag_get(const ptx_ctx *cx, size_t i);   /* borrowed; NULL past the end */
/* Writes the diagnostics as GCC does: "file:line:col: severity: message
 * [-Wcheck]", then the source line and a caret under the column. */
void ptx_diag_print(const ptx_ctx *cx, FILE *f);

/* Modules.  text need not be NUL-terminated; it is copied. */
int ptx_module_load(ptx_ctx *cx, const char *name, const char *text, size_t len, ptx_module **out);
void ptx_module_free(ptx_module *m);
int ptx_module_get_function(ptx_module *m, const char *name, ptx_function **out); /* *out borrowed */
const char *ptx_function_name(const ptx_function *f);
/* The number of kernels (.entry) and the name of the i-th, in order. */
int ptx_module_entry_count(const ptx_module *m);
const char *ptx_module_entry_name(const ptx_module *m, int i);
/* Address and size of a module-scope .global or .const variable. */
int ptx_module_get_global(ptx_module *m, const char *name, ptx_devptr *addr, size_t *size);

/* ---------------------------------------------------------------- front end
 * Reading, checking and writing modules without running them. */

typedef struct {
	int version;        /* PTX_API_VERSION */
	int max_errors;     /* errors recorded before "too many errors"; 0: 20 */
} ptx_parse_opts;
#define PTX_PARSE_OPTS_INIT { PTX_API_VERSION, 0 }

/* Reads text and builds its SSA form, without preparing it to run: such a
 * module serves ptx_verify and ptx_module_emit only.  o may be NULL.
 * PTX_ESYNTAX when the module has errors; *out is set nevertheless when
 * only the SSA construction failed (the text itself was read), so that
 * ptx_verify can add its findings.  The diagnostics (warnings included)
 * are the context's until the next call. */
int ptx_module_parse(ptx_ctx *cx, const char *name, const char *text, size_t len,
                     const ptx_parse_opts *o, ptx_module **out);

/* The verifier's checks, in the order they run. */
typedef struct {
	const char *name;   /* as in -W<name> */
	int severity;       /* default: PTX_SEV_WARNING, PTX_SEV_ERROR, or -1 (off unless asked for) */
	const char *what;   /* one line */
} ptx_check;
/* Copies min(n, count) checks to out (which may be NULL when n is 0) and
 * returns their count. */
size_t ptx_check_list(ptx_check *out, size_t n);

typedef struct {
	int version;        /* PTX_API_VERSION */
	int werror;         /* warnings become errors */
	int sm;             /* target architecture (90 for sm_90a); 0: the module's .target */
	char sm_suffix;     /* 'a', 'f' or 0 */
	/* GCC's -W words without the -W, applied in order to the defaults:
	 * "NAME" enables a check, "no-NAME" disables it, "all" enables every
	 * check that is off, "ptxas" makes the checks those ptxas itself
	 * enforces, each an error, and turns the others off.  NULL-terminated;
	 * NULL for the defaults. */
	const char *const *checks;
	/* (version 8 or later) judge the module as ptxas -c does, as a
	 * relocatable object: .extern names are the linker's (the checks
	 * unresolved-extern and extern-var are off, whatever checks says),
	 * and each function is compiled apart (no shared-memory spilling) */
	int compile_only;
} ptx_verify_opts;
#define PTX_VERIFY_OPTS_INIT { PTX_API_VERSION, 0, 0, 0, 0, 0 }

/* Runs the verifier over a module from ptx_module_parse.  The context's
 * diagnostics are then all of the module's: those of reading it, then the
 * checks'.  PTX_ESYNTAX when any of them is an error; PTX_EINVAL for an
 * unknown check name, or a module from ptx_module_load. */
int ptx_verify(ptx_module *m, const ptx_verify_opts *o);

/* Writes a module that was read without errors: canonical PTX, its SSA
 * form as text, or its control-flow graphs as Graphviz dot.  Several bits
 * write each form in turn.  PTX_EINVAL for a module with errors. */
enum { PTX_EMIT_PTX = 1, PTX_EMIT_SSA = 2, PTX_EMIT_CFG = 4 };
int ptx_module_emit(const ptx_module *m, unsigned what, FILE *f);

/* Kernel parameters: how many, and the size and alignment of each, as declared. */
int ptx_function_param_count(const ptx_function *f);
int ptx_function_param_info(const ptx_function *f, int i, size_t *size, size_t *align);

/* Device memory. */
int ptx_mem_alloc(ptx_ctx *cx, size_t size, ptx_devptr *out);
/* The same, its bytes zeros that count as written (initcheck reports no
 * read of them), as a memset of 0 would leave them, but without touching
 * the memory: a large one takes the host's memory only where written. */
int ptx_mem_alloc_zeroed(ptx_ctx *cx, size_t size, ptx_devptr *out);
int ptx_mem_free(ptx_ctx *cx, ptx_devptr p);
int ptx_mem_copy_htod(ptx_ctx *cx, ptx_devptr dst, const void *src, size_t n);
int ptx_mem_copy_dtoh(ptx_ctx *cx, void *dst, ptx_devptr src, size_t n);
int ptx_mem_copy_dtod(ptx_ctx *cx, ptx_devptr dst, ptx_devptr src, size_t n);
int ptx_mem_memset(ptx_ctx *cx, ptx_devptr dst, int byte, size_t n);
/* Host memory [host, host + size) made device memory at the same address
 * (zero-copy: kernels read and write it in place, as a GPU does mapped or
 * managed memory).  The caller keeps ownership: ptx_mem_free(cx, *out)
 * unmaps it and must come before the memory is freed.  PTX_EINVAL when the
 * range overlaps device memory or the interpreter's address windows. */
int ptx_mem_map(ptx_ctx *cx, void *host, size_t size, ptx_devptr *out);

/* Device printf output: called once per printf call of each thread, in the
 * order the GPU would print, with the formatted text (no NUL inside). */
typedef void (*ptx_printf_fn)(void *user, const char *text, size_t len);
void ptx_set_printf_sink(ptx_ctx *cx, ptx_printf_fn fn, void *user);
/* The device runtime's cudaGraphSetConditional(handle, value): a kernel
 * sets the condition of a conditional graph node, which only the CUDA
 * driver above knows.  fn returns 0, or non-zero when handle names no
 * condition (the launch then faults, as it does when no fn is set). */
typedef int (*ptx_graph_cond_fn)(void *user, uint64_t handle, unsigned value);
void ptx_set_graph_cond(ptx_ctx *cx, ptx_graph_cond_fn fn, void *user);
/* Thread-instruction budget of one launch, the grids it launches from the
 * device included; 0 restores the default (1e10). */
void ptx_set_max_steps(ptx_ctx *cx, uint64_t n);
/* Resource limits, in bytes, as a driver has them (cuCtxSetLimit, the
 * device's memory size).  A host-side allocation or launch that would pass
 * one fails with PTX_ENOMEM and a diagnostic; device malloc past the heap
 * returns NULL, as on a GPU.
 *   PTX_LIMIT_MEMORY       all device memory: allocations, module globals,
 *                          the malloc heap, and the local and shared memory
 *                          of a running launch.  Default: what the host can
 *                          give (physical memory, and RLIMIT_AS / RLIMIT_DATA
 *                          when set), less a reserve for the host side;
 *                          at most 80 GiB (an H100's).
 *   PTX_LIMIT_MALLOC_HEAP  device malloc's heap (CU_LIMIT_MALLOC_HEAP_SIZE);
 *                          default 8 MiB.
 *   PTX_LIMIT_STACK        each thread's stack: local memory and call frames
 *                          (CU_LIMIT_STACK_SIZE); default 1 KiB, grown for a
 *                          launch that needs more, as the driver does, up to
 *                          what PTX_LIMIT_MEMORY allows.
 * ptx_set_limit: PTX_EINVAL for an unknown limit or a value out of range. */
enum { PTX_LIMIT_MEMORY, PTX_LIMIT_MALLOC_HEAP, PTX_LIMIT_STACK };
int ptx_set_limit(ptx_ctx *cx, int which, uint64_t value);
int ptx_get_limit(const ptx_ctx *cx, int which, uint64_t *value);
/* Host threads a launch may run its CTAs on; 0 (the default) means one per
 * online core.  Outputs and counters are the same for every n: a kernel
 * whose results could depend on the order of CTAs (printf, malloc, global
 * atomics that return a value or do not commute) runs on one thread. */
void ptx_set_threads(ptx_ctx *cx, unsigned n);
/* on: the following launches are cooperative (cuLaunchCooperativeKernel):
 * all CTAs resident at once, a grid barrier workspace in %envreg1:2 for
 * cooperative groups' grid sync; a grid too large to be resident is
 * PTX_EINVAL.  on 2: the same for plain launches a driver gives a
 * cooperative launch's workspace (a stream's later ones), where the
 * device runtime's cudaCGGetIntrinsicHandle answers 0 all the same.
 * ptx_cuda_set_cooperative does the same for the GPU. */
void ptx_set_cooperative(ptx_ctx *cx, int on);

/* Launch a kernel and run it to completion.  params is laid out like
 * cuLaunchKernel's kernelParams: one pointer per declared parameter, to
 * as many bytes as the declaration says.  cluster may be NULL: no
 * cluster, unless the kernel fixes one (.reqnctapercluster); given, it
 * makes the launch a cluster launch (%is_explicit_cluster is 1, even for
 * 1,1,1), as cuLaunchKernelEx's cluster attribute does.  Each dimension of
 * the grid must be a multiple of the cluster's, a cluster has at most 8
 * CTAs (the portable size: 16 is not accepted), and it must agree with the
 * kernel's .reqnctapercluster, else PTX_EINVAL with a diagnostic. */
int ptx_launch(ptx_ctx *cx, ptx_function *fn, const unsigned grid[3], const unsigned block[3],
               size_t shared_bytes, void **params);
int ptx_launch_ex(ptx_ctx *cx, ptx_function *fn, const unsigned grid[3], const unsigned block[3],
                  const unsigned cluster[3], size_t shared_bytes, void **params);

/* The fault that ended the last launch (kind PTX_FAULT_NONE when it ran
 * through).  PTX_FAULT_CHECK: a dynamic check's report under fatal checks
 * (ptx_set_checks).  PTX_FAULT_ILLEGAL: what a GPU ends as an illegal
 * instruction (the lanes of one warp waiting at two barriers). */
enum {
	PTX_FAULT_NONE, PTX_FAULT_OOB, PTX_FAULT_MISALIGNED, PTX_FAULT_TRAP, PTX_FAULT_ASSERT,
	PTX_FAULT_DEADLOCK, PTX_FAULT_BUDGET, PTX_FAULT_UNSUPPORTED, PTX_FAULT_BRKPT, PTX_FAULT_CHECK,
	PTX_FAULT_ILLEGAL
};
typedef struct {
	int kind;                 /* PTX_FAULT_* */
	const char *kernel;
	int line;                 /* PTX line of the instruction, 0 when none */
	int src_line;             /* .loc line, 0 when none */
	const char *src_file;     /* .file of the .loc, or NULL */
	const char *insn;         /* the instruction as PTX text, or NULL */
	unsigned cta[3], thread[3];
	uint64_t addr;            /* faulting address (OOB, misaligned) */
	unsigned size;            /* access size in bytes */
	const char *nearest;      /* description of the nearest allocation, or NULL */
	const char *msg;          /* the whole report as text */
} ptx_fault;
const ptx_fault *ptx_fault_get(const ptx_ctx *cx); /* borrowed */

/* Statistics of the last launch.  The memory counters reproduce Nsight
 * Compute's on an H100 (sm_90): a request is one warp-level memory
 * instruction sent to L1TEX, a sector an aligned 32 bytes, a wavefront one
 * pass of shared memory's 32 four-byte banks; a bank conflict is a
 * wavefront beyond the fewest the access width allows.  Constant requests
 * are the distinct addresses of an ld.const (or a kernel's ld.param), since
 * the constant cache serves one address at a time; serializations are the
 * requests beyond one per instruction.  Counting can be switched off with
 * ptx_set_counting; the memory counters then stay 0. */
typedef struct {
	uint64_t warp_insns, thread_insns;
	uint64_t ctas, warps;
	uint64_t global_load_requests, global_load_sectors;
	uint64_t global_store_requests, global_store_sectors;
	uint64_t global_atomic_requests, global_atomic_sectors;   /* atom */
	uint64_t global_red_requests, global_red_sectors;         /* red */
	uint64_t local_load_requests, local_load_sectors;
	uint64_t local_store_requests, local_store_sectors;
	uint64_t shared_load_requests, shared_load_wavefronts, shared_load_bank_conflicts;
	uint64_t shared_store_requests, shared_store_wavefronts, shared_store_bank_conflicts;
	uint64_t shared_atomic_requests, shared_atomic_wavefronts, shared_atomic_bank_conflicts;
	uint64_t constant_load_requests, constant_load_serializations;
	uint64_t divergent_branches;
	int counted;              /* 1 when the memory counters were kept */
	/* The copy engine's global traffic (bulk and tensor copies, which the
	 * LSU counters above do not see): 32-byte sectors read into shared
	 * memory, written by stores, written by reductions. */
	uint64_t bulk_load_sectors, bulk_store_sectors, bulk_reduce_sectors;
	/* The texture pipe (Nsight Compute's l1tex__t_requests_pipe_tex and
	 * l1tex__t_sectors_pipe_tex, split by texture and surface accesses):
	 * tex, tld4, txq and suq, then suld, sust and sured (interp/tex.c says
	 * what is modelled). */
	uint64_t tex_requests, tex_sectors, surface_requests, surface_sectors;
} ptx_stats;
void ptx_stats_get(const ptx_ctx *cx, ptx_stats *out);

/* Per-instruction counters of the last launch, one entry per static
 * instruction that ran, in program order.  A generic access counts in the
 * class of the window each lane's address falls in. */
enum {
	PTX_MC_GLOBAL_LD, PTX_MC_GLOBAL_ST, PTX_MC_GLOBAL_ATOM, PTX_MC_GLOBAL_RED,
	PTX_MC_LOCAL_LD, PTX_MC_LOCAL_ST, PTX_MC_SHARED_LD, PTX_MC_SHARED_ST, PTX_MC_SHARED_ATOM,
	PTX_MC_CONST_LD,
	PTX_MC_BULK_LD, PTX_MC_BULK_ST, PTX_MC_BULK_RED,   /* copies (requests) and global sectors of bulk copies */
	PTX_MC_TEX, PTX_MC_SURF,   /* the texture pipe: textures, surfaces */
	PTX_MC_N
};
typedef struct {
	uint64_t requests;        /* constant: distinct addresses */
	uint64_t sectors;         /* global, local */
	uint64_t wavefronts;      /* shared */
	uint64_t conflicts;       /* shared: bank conflicts; constant: serializations */
} ptx_mem_counts;
typedef struct {
	int line;                 /* PTX line */
	int src_line;             /* .loc line, 0 when none */
	const char *src_file;     /* .file of the .loc, or NULL */
	const char *text;         /* the instruction as PTX text */
	uint64_t executions;      /* warp-level, guarded-off ones included */
	uint64_t active_threads;  /* lanes that ran it (guard true) */
	uint64_t divergent;       /* branches: executions that split the warp */
	ptx_mem_counts mem[PTX_MC_N];
} ptx_insn_stats;
size_t ptx_stats_insn_count(const ptx_ctx *cx);
const ptx_insn_stats *ptx_stats_insn(const ptx_ctx *cx, size_t i);  /* borrowed; NULL past the end */
/* Keep the memory and per-instruction counters (on by default); off
 * leaves only the instruction totals, at the interpreter's full speed. */
void ptx_set_counting(ptx_ctx *cx, int on);

/* Dynamic checks of the following launches (doc/checks.md): a set of
 * PTX_CHECK_* bits, 0 for none (the default, at full speed).  The checks
 * never change what a kernel computes; they record reports in the context,
 * one per distinct finding with a count of its occurrences, kept across
 * launches until ptx_report_clear.  fatal: the first report also ends its
 * launch with a PTX_FAULT_CHECK fault (PTX_ETRAP).  A checked launch runs
 * on one host thread. */
enum {
	PTX_CHECK_MEMCHECK = 1, PTX_CHECK_RACECHECK = 2, PTX_CHECK_INITCHECK = 4,
	PTX_CHECK_SYNCCHECK = 8, PTX_CHECK_ASYNCCHECK = 16, PTX_CHECK_ALL = 31
};
void ptx_set_checks(ptx_ctx *cx, unsigned checks, int fatal);
/* "all", "none", or a comma-separated list of check names (memcheck,
 * racecheck, initcheck, synccheck, asynccheck) as PTX_CHECK_* bits;
 * PTX_EINVAL for anything else. */
int ptx_checks_parse(const char *list, unsigned *checks);
/* One side of a report: an instruction executed by one thread, and the
 * memory it touched when there is an address. */
enum { PTX_ACCESS_NONE, PTX_ACCESS_READ, PTX_ACCESS_WRITE, PTX_ACCESS_ATOMIC };
typedef struct {
	int line;                 /* PTX line of the instruction, 0 when none */
	int src_line;             /* .loc line, 0 when none */
	const char *src_file;     /* .file of the .loc, or NULL */
	const char *insn;         /* the instruction as PTX text, or NULL */
	int has_thread;           /* cta and thread are set */
	unsigned cta[3], thread[3];
	int access;               /* PTX_ACCESS_* */
	uint64_t addr;            /* the address (with access other than NONE) */
	unsigned size;            /* bytes */
} ptx_report_site;
typedef struct {
	int check;                /* one PTX_CHECK_* bit */
	const char *kind;         /* what was found, a short hyphenated name */
	const char *kernel;       /* "" for ptx_report_alloc_leak's */
	const char *module;       /* the module's name, as loaded */
	const char *msg;          /* one sentence, of the first occurrence */
	uint64_t count;           /* occurrences */
	int nsite;                /* 0 to 2: 2 for the two accesses of a hazard */
	ptx_report_site site[2];
} ptx_report;
size_t ptx_report_count(const ptx_ctx *cx);
const ptx_report *ptx_report_get(const ptx_ctx *cx, size_t i);   /* borrowed; NULL past the end */
void ptx_report_clear(ptx_ctx *cx);
/* memcheck's check at the end of a program, where compute-sanitizer's
 * leak check reports the device heap (the context's teardown): each
 * device malloc block a launch under memcheck made that is still not
 * freed becomes a "heap-leak" report, one a kernel, counting its blocks,
 * and is not followed after.  A block a later launch frees is no leak:
 * the device heap lives as long as the context.  Call it when the
 * program is done with the context (ptx-run after its launch, the CUDA
 * shim when the process exits). */
void ptx_report_leaks(ptx_ctx *cx);
/* For a host that runs several contexts of its own on one ptx_ctx (the
 * CUDA shim): owner names the one whose launches follow (0 at first), and
 * ptx_report_leaks_of is ptx_report_leaks at that one's teardown, for the
 * blocks its launches made. */
void ptx_set_leak_owner(ptx_ctx *cx, uint64_t owner);
void ptx_report_leaks_of(ptx_ctx *cx, uint64_t owner);
/* memcheck's leak check of device memory the host allocated and never
 * freed, which only the host knows (the CUDA shim's cuMemAlloc): under
 * memcheck, one "alloc-leak" report of owner (a name, in the report's
 * module; it has no kernel) counting count blocks, the first of size bytes
 * at addr; when says at what point ("its context is destroyed", NULL: "the
 * program ends").  The same owner's reports add up into one. */
void ptx_report_alloc_leak(ptx_ctx *cx, const char *owner, const char *when, uint64_t count, uint64_t size,
                           ptx_devptr addr);
/* Writes every report to f, as text (prefix before each first line, may be
 * NULL) or as one JSON array (json != 0).  PTX_EINVAL on a write error. */
int ptx_report_write(const ptx_ctx *cx, FILE *f, int json, const char *prefix);

/* Marshal params (kernelParams layout) into the kernel's parameter buffer:
 * buf receives ptx_function_param_size(fn) bytes at the declared offsets. */
size_t ptx_function_param_size(const ptx_function *f);
int ptx_function_pack_params(const ptx_function *f, void **params, void *buf);

/* The same launch on a real GPU, through libcuda loaded with dlopen at run
 * time (no build dependency).  Parameters are marshalled by
 * ptx_function_pack_params from the interpreter's view of the kernel, so
 * both backends see identical bytes.  Calls return PTX_OK or an error
 * whose text ptx_cuda_error gives; device printf goes to the process's
 * standard output, as the driver writes it. */
typedef struct ptx_cuda ptx_cuda;
int ptx_cuda_open(ptx_cuda **out);      /* PTX_EUNSUPPORTED: no libcuda or no device */
void ptx_cuda_close(ptx_cuda *g);
const char *ptx_cuda_error(const ptx_cuda *g);
int ptx_cuda_module_load(ptx_cuda *g, const char *text, size_t len);
int ptx_cuda_get_global(ptx_cuda *g, const char *name, ptx_devptr *addr, size_t *size);
int ptx_cuda_mem_alloc(ptx_cuda *g, size_t size, ptx_devptr *out);
int ptx_cuda_copy_htod(ptx_cuda *g, ptx_devptr dst, const void *src, size_t n);
int ptx_cuda_copy_dtoh(ptx_cuda *g, void *dst, ptx_devptr src, size_t n);
int ptx_cuda_launch(ptx_cuda *g, const ptx_function *fn, const char *name, const unsigned grid[3],
                    const unsigned block[3], size_t shared_bytes, void **params);
void ptx_cuda_set_cooperative(ptx_cuda *g, int on);
/* cluster non-NULL: a launch with that cluster (cuLaunchKernelEx) */
int ptx_cuda_launch_ex(ptx_cuda *g, const ptx_function *fn, const char *name, const unsigned grid[3],
                       const unsigned block[3], const unsigned cluster[3], size_t shared_bytes, void **params);

/* ---------------------------------------------------------------- tensor maps
 * A tiled tensor map (CUDA's CUtensorMap: 128 opaque bytes, 64-byte
 * aligned) for the cp.async.bulk.tensor instructions, which find it at a
 * generic address: a kernel parameter (.param .align 64 .b8 [128]), or a
 * .global or .const variable.  ptx_tensormap_encode writes the
 * interpreter's encoding, ptx_cuda_tensormap_encode the driver's (through
 * cuTensorMapEncodeTiled); each is valid only on its own backend.  Both
 * check the driver's rules: PTX_EINVAL, with a diagnostic (or the cuda
 * error text), for a map they break.  Numbers are the PTX ISA's, as
 * tensormap.replace writes them. */
enum {
	PTX_TMAP_U8, PTX_TMAP_U16, PTX_TMAP_U32, PTX_TMAP_S32, PTX_TMAP_U64, PTX_TMAP_S64,
	PTX_TMAP_F16, PTX_TMAP_F32, PTX_TMAP_F32_FTZ, PTX_TMAP_F64, PTX_TMAP_BF16,
	PTX_TMAP_TF32, PTX_TMAP_TF32_FTZ
};
typedef struct {
	ptx_devptr addr;          /* the tensor's first element: 16-byte aligned */
	unsigned rank;            /* 1..5 */
	unsigned elemtype;        /* PTX_TMAP_* */
	uint64_t dim[5];          /* elements along each dimension, innermost first */
	uint64_t stride[4];       /* bytes from one index of dimension i+1 to the next */
	unsigned box[5];          /* the box a copy moves: 1..256 elements a dimension */
	unsigned estride[5];      /* 1..8 (0: 1): every n-th element (not in dimension 0) */
	unsigned interleave;      /* 0 none, 1 16 bytes, 2 32 bytes */
	unsigned swizzle;         /* shared memory layout: 0 none, 1 32B, 2 64B, 3 128B */
	unsigned l2promo;         /* 0 none, 1 64B, 2 128B, 3 256B */
	unsigned fill;            /* out-of-bounds elements read as 0 zero, 1 NaN */
} ptx_tensormap;
int ptx_tensormap_encode(ptx_ctx *cx, const ptx_tensormap *t, void *map);
int ptx_cuda_tensormap_encode(ptx_cuda *g, const ptx_tensormap *t, void *map);

/* ---------------------------------------------------------------- textures and surfaces
 * Texture and surface objects over device memory: the 64-bit handles a
 * kernel takes as a .u64 parameter and names in tex, tld4, txq (textures)
 * and suld, sust, sured, suq (surfaces), CUDA's unified mode.  An object
 * describes texels in memory the caller allocated; it neither owns nor
 * copies them, and a kernel reading an object whose memory was freed
 * faults as an access outside every allocation would.  A handle that
 * names no live object of the right kind faults the kernel cleanly.
 * Numbers follow the driver API's: formats CUarray_format's order
 * (not its values), address and filter modes CUaddress_mode and
 * CUfilter_mode, flags CU_TRSF_*. */
enum { PTX_TEXFMT_U8, PTX_TEXFMT_U16, PTX_TEXFMT_U32, PTX_TEXFMT_S8, PTX_TEXFMT_S16, PTX_TEXFMT_S32,
       PTX_TEXFMT_F16, PTX_TEXFMT_F32,
       /* block-compressed: 4x4 texels a block of 8 bytes (BC1, BC4) or 16,
        * the blocks in rows (pitch: bytes from a row of blocks to the next);
        * channels: 4, but 1 for BC4, 2 for BC5, 3 for BC6H (alpha reads 1).
        * BC1-BC3 and BC7 read as unorm (PTX_TEXF_SRGB: their sRGB forms),
        * BC4 and BC5 as unorm or (the S forms) snorm, BC6H as halves, unsigned
        * or signed; never as integers */
       PTX_TEXFMT_BC1, PTX_TEXFMT_BC2, PTX_TEXFMT_BC3, PTX_TEXFMT_BC4, PTX_TEXFMT_BC4S, PTX_TEXFMT_BC5,
       PTX_TEXFMT_BC5S, PTX_TEXFMT_BC6H, PTX_TEXFMT_BC6HS, PTX_TEXFMT_BC7,
       /* 32-bit texels of 10-bit unorm red (bits 0-9), green, blue and 2-bit
        * alpha (bits 30-31); channels 4 */
       PTX_TEXFMT_UNORM_10_10_10_2 };
/* geometries: PTX_TEX_BUFFER is linear memory (tex.1d with integer
 * coordinates: tex1Dfetch), one row of width texels */
enum { PTX_TEX_1D, PTX_TEX_2D, PTX_TEX_3D, PTX_TEX_A1D, PTX_TEX_A2D, PTX_TEX_CUBE, PTX_TEX_ACUBE,
       PTX_TEX_BUFFER };
enum { PTX_ADDR_WRAP, PTX_ADDR_CLAMP, PTX_ADDR_MIRROR, PTX_ADDR_BORDER };
enum { PTX_FILTER_POINT, PTX_FILTER_LINEAR };
enum { PTX_TEXF_READ_INT = 1, PTX_TEXF_NORMALIZED = 2, PTX_TEXF_SRGB = 0x10,
       /* a cubemap filters linearly across its faces' edges (point
        * sampling clamps): CU_TRSF_SEAMLESS_CUBEMAP */
       PTX_TEXF_SEAMLESS = 0x40,
       /* the texels are a CUDA array's, which the device keeps block-linear
        * (64-byte by 8-row tiles of 16-byte by 2-row sectors): it changes
        * only the texture counters' sectors (ptx_stats) */
       PTX_TEXF_BLOCK_LINEAR = 0x100,
       /* s8 texels of an snorm format (CU_AD_FORMAT_SNORM_INT8X*): point
        * sampling reads x / 127 (-128 as -1), where s8 texels read as
        * normalized floats take the filter's 16-bit form */
       PTX_TEXF_SNORM8 = 0x200,
       /* the texels of a unorm or snorm format (CU_AD_FORMAT_UNORM_INT*,
        * SNORM_INT*): sust.p converts floats into them */
       PTX_TEXF_NORMFMT = 0x400 };
#define PTX_TEX_MAXLEVELS 16
typedef struct {
	int version;              /* PTX_API_VERSION (5 or later) */
	unsigned geom;            /* PTX_TEX_* */
	unsigned format;          /* PTX_TEXFMT_*: each channel's */
	unsigned channels;        /* 1, 2 or 4 */
	uint64_t width, height, depth;   /* level 0, in texels; height 0 for 1D; depth: a 3D
	                                  * texture's depth, else the layers (layered), 6 times the
	                                  * cubemaps (cube, acube), 0 otherwise */
	unsigned levels;          /* mipmap levels, 1 to PTX_TEX_MAXLEVELS (0: 1) */
	ptx_devptr addr[PTX_TEX_MAXLEVELS];   /* each level's first texel, aligned to a channel */
	uint64_t pitch;           /* level 0's bytes from row to row (0: packed); every other
	                           * level is packed: rows, then slices (or layers, faces) */
	/* textures only: how they are sampled */
	unsigned addr_mode[3];    /* PTX_ADDR_* for each axis */
	unsigned filter;          /* PTX_FILTER_* */
	unsigned mip_filter;      /* PTX_FILTER_*: between mipmap levels */
	unsigned flags;           /* PTX_TEXF_* */
	float border[4];          /* PTX_ADDR_BORDER's colour */
	float lod_bias, min_lod, max_lod;   /* mipmap level bias and clamp */
} ptx_texture;
#define PTX_TEXTURE_INIT { PTX_API_VERSION, 0, 0, 1, 1, 0, 0, 1, { 0 }, 0, { 0, 0, 0 }, 0, 0, 0, \
	{ 0, 0, 0, 0 }, 0, 0, 0 }
/* A new texture or surface object over the memory t describes: PTX_EINVAL
 * (with a diagnostic) for a description the driver would refuse or memory
 * outside one allocation. */
int ptx_texture_create(ptx_ctx *cx, const ptx_texture *t, uint64_t *out);
int ptx_surface_create(ptx_ctx *cx, const ptx_texture *t, uint64_t *out);
/* Ends a texture or surface object: PTX_EINVAL when h names none. */
int ptx_texture_destroy(ptx_ctx *cx, uint64_t h);

/* ---------------------------------------------------------------- queries
 * Used by hosts that emulate another API on top of this one (the CUDA
 * driver API library, libptxcuda). */

/* The allocation holding p: its first address and size.  PTX_EFAULT when p
 * lies in no live allocation (host memory, freed memory). */
int ptx_mem_range(ptx_ctx *cx, ptx_devptr p, ptx_devptr *base, size_t *size);
/* Whether p lies in the range device allocations are placed in, whether or
 * not one holds it now: an address no host memory has. */
int ptx_mem_devspace(ptx_ctx *cx, ptx_devptr p);
/* The device memory in use, as PTX_LIMIT_MEMORY counts it: allocations
 * (each as its allocator rounded it), module variables, device malloc's
 * blocks, and the shared and local memory of the CTAs that are running. */
int ptx_mem_used(ptx_ctx *cx, uint64_t *out);
/* Virtual memory (cuMemAddressReserve, cuMemMap): size bytes of the global
 * address space set aside, align-aligned (a power of two), with nothing
 * there until mapped: at hint when that is free and aligned, else where the
 * allocator chooses.  The range is never handed out again. */
int ptx_mem_reserve(ptx_ctx *cx, size_t size, size_t align, ptx_devptr hint, ptx_devptr *out);
/* Host memory [host, host + size) made device memory at address at, which
 * must lie in reserved space and overlap no live allocation: kernels reach
 * it with the same bounds checks as any allocation, and mappings of one
 * host buffer at two addresses share its bytes.  The caller keeps the
 * memory; ptx_mem_free(cx, at) unmaps it, after which accesses fault. */
int ptx_mem_map_at(ptx_ctx *cx, ptx_devptr at, void *host, size_t size);
/* The allocation ptx_mem_alloc made at p is used for its first used
 * bytes; the rest is slack, as a GPU's driver leaves past the bytes asked
 * for: kernels read and write it as the allocation's own memory, and
 * memcheck reports each access that reaches it ("slack", fatal only with
 * ptx_set_checks' fatal flag).  used equal to the size ends the slack.
 * PTX_EINVAL when p is not the start of such an allocation or used is 0
 * or past its size. */
int ptx_mem_slack(ptx_ctx *cx, ptx_devptr p, size_t used);
/* Reserved space [at, at + size) (ptx_mem_reserve) made a range that
 * starts as zeros, as a GPU's driver keeps memory of its own below a
 * context's first allocation: a kernel's loads there give 0 until a store
 * writes them, stores and atomics stick, nothing faults, and memcheck
 * reports each access ("slack"); the host's copies see no allocation.
 * Memory backs it from its first store on (untouched pages, taken from
 * the host where written).  size 0 ends the range that starts at at.  PTX_EINVAL when the range is not
 * reserved space free of allocations or overlaps another such range. */
int ptx_mem_zeros(ptx_ctx *cx, ptx_devptr at, size_t size);
/* An allocation like ptx_mem_alloc's, of size bytes at address at: in
 * reserved space, overlapping no live allocation.  A range of zeros there
 * lies beneath it, unseen while it lives, so that an allocator can lay
 * allocations over space that reads zeros between them (the shim's 2 MiB
 * chunks); freed allocations it covers are forgotten. */
int ptx_mem_alloc_at(ptx_ctx *cx, ptx_devptr at, size_t size);
/* Offset of the i-th parameter in the parameter buffer (kernelParams packed
 * as cuLaunchKernel's CU_LAUNCH_PARAM_BUFFER_POINTER expects). */
int ptx_function_param_offset(const ptx_function *f, int i, size_t *off);
/* What a kernel of module m uses: registers per thread, local (stack frame)
 * bytes per thread, static shared bytes per CTA (the module's, which every
 * kernel of it is given), and the module's .version as major*10+minor and
 * numeric .target (90 for sm_90a); and the block shape its .maxntid and
 * .reqntid directives allow (each 0 when the directive is absent; missing
 * dimensions are 1), and the clusters its .reqnctapercluster and
 * .maxclusterrank allow (likewise); and the bytes of the module's .const
 * variables laid out one after another, each at its alignment, as ptxas
 * lays out the user constant bank that every kernel of the module gets;
 * and its .maxnreg (0 when absent). */
typedef struct {
	int nregs;
	size_t local_bytes, shared_bytes;
	int ptx_version, sm;
	int maxntid[3], reqntid[3];
	int reqcluster[3];            /* .reqnctapercluster, or zeros */
	int maxclusterrank;           /* .maxclusterrank, or 0 */
	size_t const_bytes;           /* the module's .const variables */
	int maxnreg;                  /* .maxnreg, or 0 */
} ptx_function_usage;
int ptx_function_usage_get(const ptx_module *m, const ptx_function *f, ptx_function_usage *out);

#ifdef __cplusplus
}
#endif
#endif

/*
 * run.h -- what the files of ptx-run share: its options, its arguments
 * and what one run produced.  ptx-run.c parses the command line and runs;
 * run_args.c reads the -a, -o and --expect forms; run_stats.c prints the
 * counters (--stats, --stats-json, --annotate).
 */
#ifndef PTX_RUN_H
#define PTX_RUN_H
#include <stdint.h>
#include <stdio.h>
#include "include/ptx.h"

enum { EX_OK = 0, EX_DIFF = 1, EX_USAGE = 2, EX_MODULE = 3, EX_FAULT = 4 };
enum { A_SCALAR, A_FILE, A_ZEROS, A_BYTES, A_TMAP, A_TEX };
enum { B_INTERP, B_CUDA };

static const char prog[] = "ptx-run";

typedef struct {
	const char *spec;
	int kind;
	unsigned char *bytes;   /* scalar/raw bytes, or the buffer's initial contents */
	size_t n;
	int tsize;              /* scalar: the type's size */
	ptx_tensormap tm;       /* tensor map: all but the address, which is */
	ptx_texture tex;        /* texture or surface (surf): likewise */
	int surf;
	int tbuf;               /* ... buffer argument tbuf's plus toff, or (-1) */
	uint64_t toff;          /* ... its own buffer's, which bytes and n are then */
	const char *file;       /* file:, tensormap:file:, texture:file:, the path's first */
	size_t nfile;           /* ... nfile bytes: read by readargs, after the options */
	int zeros;              /* zeros:, tensormap:zeros:, texture:zeros: n bytes, made
	                         * by readargs too, once --max-memory bounds them */
} Arg;

/* Whether the argument has a device buffer that -o and --expect can name. */
static inline int
isbuf(const Arg *a)
{
	return a->kind == A_FILE || a->kind == A_ZEROS || ((a->kind == A_TMAP || a->kind == A_TEX) && a->tbuf < 0);
}

typedef struct { int n; const char *path, *cmp; } OutSpec;
typedef struct { const char *name, *path; } SymSpec;

typedef struct {
	const char *module, *kernel;
	unsigned grid[3], block[3], cluster[3];
	int hascluster;               /* --cluster given: a cluster launch */
	int coop;                     /* --cooperative */
	size_t shared;
	Arg *args; int nargs;
	OutSpec *outs; int nouts;
	OutSpec *expects; int nexpects;
	SymSpec *symin; int nsymin;
	SymSpec *symout; int nsymout;
	int backend, diff;
	uint64_t max_steps;
	uint64_t limit[3];            /* PTX_LIMIT_*: --max-memory, --heap-size, --stack-size */
	int haslimit[3];
	int threads;                  /* 0: the library's default */
	int stats, nostats;                 /* --stats, --no-stats */
	int time;                           /* --time */
	const char *statsjson, *annotate;   /* --stats-json FILE, --annotate FILE */
	unsigned checks;                    /* --check: PTX_CHECK_* */
	int checkfatal;                     /* --check-fatal */
	const char *checkjson;              /* --check-json FILE */
} Opts;

/* What one run produced: each buffer argument's final bytes, printf output, symbol contents. */
typedef struct {
	unsigned char **buf; size_t *len;
	char *out; size_t nout;
	unsigned char **sym; size_t *nsym;
} Result;

int run_bad(const char *fmt, const char *arg);
unsigned char *run_readfile(const char *path, size_t *n, uint64_t max);
int run_parsearg(const char *spec, Arg *a);
int run_outspec(const char *opt, const char *s, OutSpec *o, int cmp);
int run_parsecmp(const char *cmp, int *w, uint64_t *k);
int run_symspec(const char *s, SymSpec *o);
int run_report(const Opts *o, ptx_ctx *cx, const char *text, size_t len);

#endif

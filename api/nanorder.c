/*
 * nanorder.c -- the order oracle: the f64 NaN operand order of a module's
 * instructions taken from ptxas itself.
 *
 * When both operands of an f64 add, sub, mul, fma, min or max are NaN,
 * the H100 returns the one in a particular SASS operand slot, and which
 * PTX operand ptxas puts there is its register allocator's choice.  The
 * loader predicts it (interp/contract.c interp_nan_first, right for about
 * 98% of instructions); the oracle asks ptxas.  With PTXKIT_NANORDER=ptxas
 * (ptx-run's default, --nanorder ptxas; difftest replay --nanorder), a
 * module that has such an instruction with two register operands is
 * written, with a `.loc` before every instruction line, to a private
 * temporary folder and compiled by the real ptxas (-arch=sm_90 or
 * sm_90a, -lineinfo: the .loc lines leave the SASS as it was); cubin.c
 * reads the cubin it writes (sass.c the instructions), which names the
 * PTX line of each SASS instruction.  With PTXKIT_NANORDER=ptxas-nvdisasm
 * nvdisasm -c -g disassembles the cubin too, its text is read (sass.c)
 * and taken, and the two readings are compared on stderr, listing by
 * listing and answer by answer (tests/diff/sasscheck.sh sums them).
 * For each such instruction the SASS instruction of its line (DADD, DMUL,
 * DFMA, or the DSETP.MIN/MAX of a min or max; a fused add's DFMA is at its
 * mul's line) is found, the registers in its two slots are traced back
 * through SASS moves (and calls of the section's subroutines, the slow
 * paths of div, rcp and sqrt, which write the registers their code
 * writes) to the PTX lines that computed them, the PTX operands back
 * through movs, negs and abss, and where that names which operand sits in
 * the winning slot (the second; a DSETP's second too) it goes in
 * pm->nanwin, which interp/load.c consults before interp_nan_first.  This
 * is tests/diff/nanorder.py's tracing, rule for rule (its answers and
 * these agree), but for the PTX operands, whose writers here are the IR's
 * destinations rather than the first words of text lines, for .func
 * bodies, answered here too, and for four rules of its own (answerat,
 * answer, retcall): a slot that holds a constant or RZ is an immediate
 * operand's where the PTX has one (an add, mul or fma of a register and
 * an immediate is answered too), else the register in the other slot
 * says which operand it holds; the 64-bit elements of a vector load are
 * told apart by register; of two SASS instructions of the line, the
 * first is traced; where the trace does not answer, an ld.param of a
 * call's return value stands for the call too.  Besides the order, where
 * every DADD, DMUL or DFMA of an add, sub, mul, fma or mad .f64's line
 * returns a NaN constant whatever the run-time values (the slots before
 * it in the hardware's order constants that are no NaN: immediates,
 * uniform registers that UMOVs wrote, registers that MOVs of immediates
 * wrote; the cubin's encodings, sass.c), that NaN quieted is the
 * instruction's result (constanswer, pm->nanconst): the constant is what
 * ptxas made of the operands it knew, signs and negations folded, which
 * the PTX operands' run-time values need not be.  nvdisasm's text gives
 * no such answers.  And a u16 or b16 reader that takes its registers
 * whole (mul.hi, mad.hi, madc.hi, mul.wide, shr, set, setp, sad) of a
 * 16-bit set's result is answered too: whether the register it reads is
 * the HSET2's, the value in both halves, or not (answer16, pm->w16).
 * With PTXKIT_NANORDER_DEBUG set each trace goes to stderr.
 *
 * What holds: nothing spawned when the variable is unset or the module has
 * no such instruction; no shell (posix_spawn with an argv, stdin and stderr
 * /dev/null, the children's environment without PTXKIT_NANORDER, so that
 * libptxcuda's own ptxas, should it be the one found, does not recurse);
 * each tool killed after PTXKIT_NANORDER_TIMEOUT seconds (default 10, and
 * 30 more a MiB of the module's text, 60 at most: timeout_ms); the
 * folder and its files removed on every path; the cubin and nvdisasm's
 * text read up to 64 MiB and trusted in nothing (an opcode not known, a
 * register past R255, a line outside the module, an opcode or line too
 * long: that function gives no answers; a file not understood: none at
 * all); any failure (no ptxas, a refusal, a timeout, no memory) is no
 * table, and the loader predicts as before, never a load failure.  The
 * tools: PTXKIT_PTXAS and PTXKIT_NVDISASM, else the first found of
 * CUDA_HOME/bin, CUDA_PATH/bin, PATH and the places a ptxas is installed
 * without a toolkit on the PATH (toolplaces: Python wheels, Triton's copy,
 * conda, /usr/local/cuda/bin, versioned toolkits), where a ptxas
 * under 1 MiB (libptxcuda's stand-in, cuda/ptxas, is a small program;
 * NVIDIA's is tens of MiB) is passed over.  Any release that knows sm_90
 * will do: ptxas 12.4, 12.9 and 13.0 each gave the H100's order for every
 * one of 1,000 version 1 f64 records (tests/diff/cases/sm90-v1-910001-940000,
 * the first 1,000 of the family) that the prediction passes 819 of.
 *
 * PTXKIT_NANORDER_TABLE=FILE gives the answers instead, from lines
 * "HASH LINE WIN" (HASH the 64-bit FNV-1a of the module's text in hex, WIN
 * a or b), as tests/diff/nanorder.py -t writes them.
 *
 * Tested by make check-nanorder (tests/diff/nanorder.sh: the f64 records
 * of tests/diff/xfail.txt replayed with the oracle, counted), by
 * tests/nanorder.test (a module whose answer a cubin of the test's making
 * changes, hostile cubins, a missing or refusing ptxas, garbage from
 * nvdisasm: fake tools), tests/nanorder-ptxas.test (the real ptxas) and
 * tests/fuzz/fuzz_cubin.c (the readers).
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "api/sass.h"

extern char **environ;
static int debug;   /* PTXKIT_NANORDER_DEBUG: the traces on stderr */

enum {
	MAXOUT = 64 << 20,    /* bytes of a cubin or of nvdisasm's text read at most */
	MAXSET = 64           /* PTX lines a trace collects */
};

static int
cmpint(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* Hands the n answers of w (a key * 2 + the answer's bit, any order: line
 * * 2 + a-wins for pm->nanwin, line * 4 + source * 2 + whole for pm->w16)
 * to *dst and *ndst, sorted, a key given two answers dropped; w is freed
 * where none is left. */
static void
install(ptx_module *pm, int *w, int n, int **dst, int *ndst)
{
	int k = 0;

	if (n)   /* w may be null when n is 0, which qsort does not allow */
		qsort(w, (size_t)n, sizeof *w, cmpint);
	for (int i = 0; i < n; i++) {
		int j = i;
		while (j + 1 < n && w[j + 1] >> 1 == w[i] >> 1)
			j++;
		if (w[j] == w[i])   /* one answer (perhaps given twice) */
			w[k++] = w[i];
		i = j;
	}
	if (!k) {
		interp_free(pm->cx, w);
		return;
	}
	*dst = w;
	*ndst = k;
}

static int
cmppair(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;
	return (x[0] > y[0]) - (x[0] < y[0]);
}

/* Hands the n constant answers of w (line, value pairs, any order) to pm
 * (pm->nanconst), sorted by line, a line given two values dropped. */
static void
installk(ptx_module *pm, uint64_t *w, int n)
{
	int k = 0;

	qsort(w, (size_t)n, 2 * sizeof *w, cmppair);
	for (int i = 0; i < n; i++) {
		int j = i, one = 1;
		while (j + 1 < n && w[2 * (j + 1)] == w[2 * i])
			one &= w[2 * ++j + 1] == w[2 * i + 1];
		if (one) {
			w[2 * k] = w[2 * i];
			w[2 * k + 1] = w[2 * i + 1];
			k++;
		}
		i = j;
	}
	if (!k) {
		interp_free(pm->cx, w);
		return;
	}
	pm->nanconst = w;
	pm->nnanconst = k;
}

static int
push(ptx_ctx *cx, int **w, int *n, int *cap, int v)
{
	if (*n == *cap) {
		int c = *cap ? 2 * *cap : 64;
		int *nw = interp_realloc(cx, *w, (size_t)c * sizeof *nw);
		if (!nw)
			return -1;
		*w = nw;
		*cap = c;
	}
	(*w)[(*n)++] = v;
	return 0;
}

static void
fromfile(ptx_module *pm, const char *path, size_t len)
{
	FILE *f = fopen(path, "r");
	uint64_t h = sass_hash(pm->text, len);
	char buf[128];
	int *w = NULL, n = 0, cap = 0;

	if (!f)
		return;
	while (fgets(buf, sizeof buf, f)) {
		unsigned long long hh;
		int line;
		char c;
		if (sscanf(buf, "%llx %d %c", &hh, &line, &c) != 3 || hh != h || line <= 0 || line > (1 << 29) ||
		    (c != 'a' && c != 'b'))
			continue;
		if (push(pm->cx, &w, &n, &cap, line * 2 + (c == 'a')))
			break;
	}
	fclose(f);
	if (n)
		install(pm, w, n, &pm->nanwin, &pm->nnanwin);
	else
		interp_free(pm->cx, w);
}

/* ---------------------------------------------------------------- the PTX side */

static int
candidate(const Ins *in)
{
	int op = in->op;
	return in->ty[0] == TY_F64 && in->ndst == 1 && in->nopnd >= 3 &&
	    (op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_MIN || op == OP_MAX || op == OP_FMA ||
	    op == OP_MAD);
}

/* a plain register operand (no offset, no sign, no selector) */
static const Sym *
plainreg(const Opnd *o)
{
	return o->kind == OK_REG && o->sym && !o->imm && !o->neg && !o->sel ? o->sym : NULL;
}

static int
tworegs(const Ins *in)
{
	const Sym *a = plainreg(&in->opnd[1]), *b = plainreg(&in->opnd[2]);
	return a && b && a != b;
}

static int
isimm(const Opnd *o)
{
	return o->kind == OK_IMM || o->kind == OK_FIMM;
}

/* The f64 bits of immediate operand o. */
static uint64_t
immval(const Opnd *o)
{
	return o->kind == OK_FIMM ? interp_fimm(TY_F64, o->fbits, o->flkind) : (uint64_t)o->imm;
}

/* Is immediate operand o of an f64 instruction a NaN? */
static int
immnan(const Opnd *o)
{
	uint64_t v = immval(o);

	return (v & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull;
}

/* a and b two registers, or a register and an immediate (whose slot
 * the SASS shows as well: a constant, RZ, or a register loaded at the
 * instruction's line) */
static int
answerable(const Ins *in)
{
	return tworegs(in) || (plainreg(&in->opnd[1]) && isimm(&in->opnd[2])) ||
	    (isimm(&in->opnd[1]) && plainreg(&in->opnd[2]));
}

typedef struct {
	int v[MAXSET];
	int n, full;             /* full: more lines than v holds, or the steps ran out */
	int ret;                 /* ptxorigin: an ld.param of a return value names its call's line too */
	long *left;              /* steps left to the module's traces (guarded moves branch) */
} LineSet;

/* One step of a trace; 0 when the module's steps are spent. */
static int
step(LineSet *s)
{
	if (*s->left <= 0) {
		s->full = 1;
		return 0;
	}
	--*s->left;
	return 1;
}

/* A line, or one 64-bit element of a vector that line loads (elem 1 the
 * first, 0 the whole line), into s. */
static void
addel(LineSet *s, int line, int elem)
{
	int v = line * 8 + elem;

	if (line > INT_MAX / 8) {
		s->full = 1;
		return;
	}
	for (int i = 0; i < s->n; i++)
		if (s->v[i] == v)
			return;
	if (s->n < MAXSET)
		s->v[s->n++] = v;
	else
		s->full = 1;
}

static void
add(LineSet *s, int line)
{
	addel(s, line, 0);
}

/* Do a and b share a line, of elements that may be the same? */
static int
meets(const LineSet *a, const LineSet *b)
{
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++)
			if (a->v[i] >> 3 == b->v[j] >> 3 && (!(a->v[i] & 7) || !(b->v[j] & 7) || a->v[i] == b->v[j]))
				return 1;
	return 0;
}

static int
writes(const Opnd *o, const Sym *r)
{
	if (o->kind == OK_REG)
		return o->sym == r;
	if (o->kind == OK_VEC)
		for (int i = 0; i < o->nsub; i++)
			if (o->sub[i].kind == OK_REG && o->sub[i].sym == r)
				return 1;
	return 0;
}

/* Which 64-bit element of the vector d writes r is (1 the first), or 0
 * where d writes no vector of 64-bit elements of at most 7. */
static int
elem(const Ins *d, const Sym *r)
{
	const Opnd *o = &d->opnd[0];

	if (o->kind != OK_VEC || o->nsub > 7 || ir_tyinfo[d->ty[0]].bits != 64)
		return 0;
	for (int i = 0; i < o->nsub; i++)
		if (o->sub[i].kind == OK_REG && o->sub[i].sym == r)
			return i + 1;
	return 0;
}

/* The line of the call whose return parameter f->ins[j], an ld.param,
 * reads, or 0: ptxas's register of a return value is written by the
 * CALL (sassorigin names its line), the PTX's by the ld.param after it
 * (v6 flowx seed 139548: call (pr), %rd24, (pa, pb), L5_p at line 411,
 * ld.param.b64 %rd26, [pr] at 412, read by the mad of line 510). */
static int
retcall(const Func *f, int j, LineSet *s)
{
	const Ins *d = f->ins[j];
	const Sym *p;

	if (d->op != OP_LD || d->space != SP_PARAM || d->nopnd != 2 || d->opnd[1].kind != OK_ADDR ||
	    !d->opnd[1].base || !(p = d->opnd[1].base->sym))
		return 0;
	for (int i = j - 1; i >= 0 && step(s); i--) {
		const Ins *c = f->ins[i];
		if (c->op != OP_CALL)
			continue;
		/* the nearest call before it, if p is among what it returns */
		for (int q = 0; c->nopnd > 0 && c->opnd[0].kind == OK_LIST && q < c->opnd[0].nsub; q++)
			if (c->opnd[0].sub[q].sym == p)
				return c->loc.line;
		return 0;
	}
	return 0;
}

/* The PTX lines whose values reach register r as read by f->ins[k],
 * looking through movs, and negs and abss of f64 (which ptxas folds or
 * copies): nanorder.py's ptx_origin. */
static void
ptxorigin(const Func *f, int k, const Sym *r, int depth, LineSet *out)
{
	int call;

	if (depth > 12)
		return;
	for (int j = k - 1; j >= 0 && step(out); j--) {
		const Ins *d = f->ins[j];
		if (d->nopnd < 1 || !d->opnd[0].isdst || !writes(&d->opnd[0], r))
			continue;
		addel(out, d->loc.line, elem(d, r));
		if (out->ret && (call = retcall(f, j, out)) > 0)
			add(out, call);
		if ((d->op == OP_MOV || ((d->op == OP_NEG || d->op == OP_ABS) && d->ty[0] == TY_F64)) &&
		    d->nopnd == 2 && plainreg(&d->opnd[1]) && ir_tyinfo[d->ty[0]].bits == 64)
			ptxorigin(f, j, d->opnd[1].sym, depth + 1, out);
		if (!d->guard)
			return;
	}
}

/* The PTX lines whose values reach operand o of f->ins[k]: a register's
 * (ptxorigin), or for an immediate the instruction's own line, where
 * ptxas moves it into a register if it does. */
static void
opndorigin(const Func *f, int k, const Opnd *o, LineSet *out)
{
	const Sym *r = plainreg(o);

	if (r)
		ptxorigin(f, k, r, 0, out);
	else
		add(out, f->ins[k]->loc.line);
}

/* ---------------------------------------------------------------- the SASS side */

/* The registers that subroutine sf (of S) writes, its own calls' included,
 * in sf->regs; 0 when its code is all there, -1 when not. */
static int
clobbers(Sass *S, SFunc *sf)
{
	if (sf->clob >= 2)
		return sf->clob == 2 ? 0 : -1;
	if (sf->clob == 1 || sf->bad)
		return -1;   /* a call of itself, or code not as expected */
	sf->clob = 1;
	memset(sf->regs, 0, sizeof sf->regs);
	for (int i = sf->from; i < sf->to; i++) {
		const SIns *d = &S->ins[i];
		if (d->kind == SK_CALL) {
			SFunc *c = NULL;
			for (int k = 0; k < S->nfn && !c; k++)
				if (S->fn[k].sub && S->fn[k].sec == sf->sec && S->fn[k].hash == d->callee)
					c = &S->fn[k];
			if (!d->callee || !c || clobbers(S, c)) {
				sf->clob = 3;
				return -1;
			}
			for (int k = 0; k < 4; k++)
				sf->regs[k] |= c->regs[k];
			continue;
		}
		if (d->dst < 0)
			continue;
		for (int k = 0; k < d->width && d->dst + k < 256; k++)
			sf->regs[(d->dst + k) >> 6] |= (uint64_t)1 << ((d->dst + k) & 63);
	}
	sf->clob = 2;
	return 0;
}

/* The subroutine of section sec that a CALL names, or NULL. */
static SFunc *
callee(Sass *S, int sec, const SIns *d)
{
	for (int k = 0; d->callee && k < S->nfn; k++)
		if (S->fn[k].sub && S->fn[k].sec == sec && S->fn[k].hash == d->callee)
			return &S->fn[k];
	return NULL;
}

/* For a CALL d in section sec: 1 where the subroutine it calls has its
 * code there and that code leaves register r alone, 0 where the code
 * writes r, -1 where the code is not known. */
static int
callkeeps(Sass *S, int sec, const SIns *d, int r)
{
	SFunc *c = callee(S, sec, d);

	if (!c || clobbers(S, c) || r < 0 || r >= 256)
		return -1;
	return !(c->regs[r >> 6] >> (r & 63) & 1);
}

/* The PTX lines whose values reach register r read by ins[i] (ins[0] the
 * function's first, in section sec of S): nanorder.py's sass_origin.  A
 * CALL of a subroutine whose code is there wrote r if that code writes r
 * (a value live across the call sits in a register the subroutine leaves
 * alone); of another, if the value r held before it was set up at the
 * call's line. */
static void
sassorigin(Sass *S, int sec, const SIns *ins, int i, int r, int depth, LineSet *out)
{
	int call = -1;

	if (r < 0 || depth > 12)
		return;
	for (int j = i - 1; j >= 0 && step(out); j--) {
		const SIns *d = &ins[j];
		if (d->kind == SK_CALL) {
			int keeps = call < 0 ? callkeeps(S, sec, d, r) : -1;
			if (keeps == 0) {
				add(out, d->line);
				return;
			}
			if (keeps < 0 && call < 0)
				call = d->line;
			continue;
		}
		if (d->dst < 0 || !(d->dst <= r && r < d->dst + d->width))
			continue;
		if (call >= 0 && d->line == call) {
			add(out, call);
			return;
		}
		/* an LDS.128's or LDG.E.128's R8 and R9 are the first element,
		 * R10 and R11 the second (v11 shape seed 988: ld.shared.v2.b64
		 * {%rd17, %rd18}, read by a mad of both) */
		addel(out, d->line, d->kind == SK_OTHER && d->width > 2 && d->width <= 14 ? (r - d->dst) / 2 + 1 : 0);
		if (d->kind == SK_MOVE && d->src >= 0)
			sassorigin(S, sec, ins, j, d->src, depth + 1, out);
		if (!d->guarded)
			return;
	}
	if (call >= 0)
		add(out, call);
}

/* ---------------------------------------------------------------- the answers */

typedef struct {
	ptx_module *pm;
	Sass *s;
	int *w, n, cap;
	uint64_t *kw; int kn, kcap;   /* the constant answers: line, value pairs */
	int nocon;               /* no constant answers (nvdisasm's text holds none) */
	long left;               /* trace steps left (a hostile module or listing: bounded time) */
	uint64_t *byline;        /* while answering a function: line << 32 | index of its SASS, sorted */
	int nbyline;
	int *w16, n16, cap16;    /* the 16-bit readers' answers (pm->w16's entries) */
} Ans;

static int
cmpu64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* The first entry of a->byline at or after line. */
static int
firstat(const Ans *a, int line)
{
	int lo = 0, hi = a->nbyline;
	uint64_t key = (uint64_t)(uint32_t)line << 32;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (a->byline[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static const SFunc *
sassfn(const Sass *s, const char *name)
{
	for (int i = 0; i < s->nfn; i++)
		if (!s->fn[i].bad && !s->fn[i].sub && !strcmp(s->fn[i].name, name))
			return &s->fn[i];
	return NULL;
}

/* With PTXKIT_NANORDER_DEBUG set, what the trace of an instruction found,
 * on stderr: its line, the SASS index, the registers in the other slot
 * and the winning one, and the lines (".N" the Nth element of a vector
 * loaded there) of PTX operands a and b and of the two registers. */
static void
debugsets(const Ins *in, int c, int o, int w, const LineSet *const ls[4])
{
	if (!debug)
		return;
	fprintf(stderr, "nanorder: line %d sass %d slots %d %d:", in->loc.line, c, o, w);
	for (int q = 0; q < 4; q++) {
		fprintf(stderr, " %s%s{", (const char *[]){ "a", "b", "win", "other" }[q], ls[q]->full ? "!" : "");
		for (int i = 0; i < ls[q]->n; i++) {
			fprintf(stderr, i ? ",%d" : "%d", ls[q]->v[i] >> 3);
			if (ls[q]->v[i] & 7)
				fprintf(stderr, ".%d", ls[q]->v[i] & 7);
		}
		fputc('}', stderr);
	}
	fputc('\n', stderr);
}

/* Where ptxas computes operand k (0 a, 1 b) of m, as the loader's
 * prediction places it (interp_nan_where: through the copies ptxas makes
 * of a min or max of one value, a selp it decides, a 64-bit cvt, and a
 * value computed twice): that line too, for the trace's last round.  A
 * max.f64 of min.f64 x, max.f64 x, x and x is x's register in the SASS
 * (v1 f64 seed 143157, line 109: the fma's a traced to line 100, where
 * there is no SASS, the register to the load of x). */
static void
foldedorigin(const Func *f, const Ins *m, int k, LineSet *out)
{
	int kind;
	long p = interp_nan_where(f, m, k, &kind);

	if (p >= 0 && p != LONG_MAX && p / 2 < f->nins)
		add(out, f->ins[p / 2]->loc.line);
}

/* The answer SASS instruction c gives for f->ins[k] (its mul f->ins[mk]
 * where it is a fused add, else mk == k): 1 a wins, 0 b wins, -1
 * unresolved. */
static int regconst(const Sass *S, const SFunc *sf, int c, int r, uint64_t *k, long *left);

/* Which of f->ins[k]'s operands (its mul f->ins[mk]'s) the registers of
 * SASS instruction c's winning slot w and other slot o hold, by the PTX
 * lines their writers sw and so were traced to: 1 a wins, 0 b, -1 the
 * lines do not tell (strict: nor where one operand meets both slots).
 * The return values of calls are tied to the calls' lines only where the
 * trace does not answer without: with them a value
 * copied from a return value before a guarded write meets both (v2 flow
 * seed 10241, line 475: a, a brev or a mov of b, would meet the CALL b
 * came from); then the places the loader's prediction gives the operands
 * (foldedorigin). */
static int
decide(Ans *a, const Func *f, int k, int mk, int c, int o, int w, const LineSet *sw, const LineSet *so, int strict)
{
	const Ins *m = f->ins[mk];
	LineSet oa, ob;
	const LineSet *const ls[4] = { &oa, &ob, sw, so };

	for (int ret = 0; ret < 3; ret++) {
		oa = (LineSet){ .left = &a->left, .ret = ret == 1 };
		ob = (LineSet){ .left = &a->left, .ret = ret == 1 };
		opndorigin(f, mk, &m->opnd[1], &oa);
		opndorigin(f, mk, &m->opnd[2], &ob);
		if (ret == 2) {
			foldedorigin(f, m, 0, &oa);
			foldedorigin(f, m, 1, &ob);
		}
		debugsets(f->ins[k], c, o, w, ls);
		if (oa.full || ob.full || sw->full || so->full)
			return -1;
		int wa = meets(sw, &oa), wb = meets(sw, &ob), xa = meets(so, &oa), xb = meets(so, &ob);
		if (strict && ((wa && xa) || (wb && xb)))
			continue;
		if (wa && !wb && !xa)
			return 1;
		if (!wa && wb && !xb)
			return 0;
		if (xa && !xb)
			return 0;
		if (!xa && xb)
			return 1;
	}
	return -1;
}

static int
answerat(Ans *a, const Func *f, const SFunc *sf, int k, int mk, int c)
{
	const Ins *m = f->ins[mk];
	const SIns *sass = a->s->ins + sf->from;
	int w = sass[c].b, o = sass[c].a, lo, hi;   /* the winning slot and the other */
	LineSet oa = { .left = &a->left }, ob = { .left = &a->left }, sw = { .left = &a->left },
	    so = { .left = &a->left };
	const LineSet *const ls[4] = { &oa, &ob, &sw, &so };

	if ((w < 0 && o < 0) || w == o)
		return -1;   /* constants in both slots, or one register in both */
	if (w < 0 || o < 0) {
		/* One slot a constant or RZ.  Where the PTX has an immediate,
		 * that slot is the immediate's: an fma by +0 or -0 is DFMA R, RZ,
		 * Rx, Rc (or -RZ), x's NaN before c's (v4 arith seed 5592, 14
		 * such records of xfail.txt's one in 10); mul.f64 x, NaN is
		 * DMUL R, Rx, UR (v14 xmix seed 1941, where ptxas made x, a
		 * constant, again at the mul: traced, it would name the mul's
		 * line, as an immediate moved there does).  Else ptxas knows
		 * one register operand constant (an fma.rz of a product it knows
		 * zero, v8 regs seed 57761), and the other register r tells
		 * which: the PTX operand r holds wins where r is in the winning
		 * slot, the other one where r is not. */
		int r = w >= 0 ? w : o, ra, rb, i = isimm(&m->opnd[1]) ? 1 : isimm(&m->opnd[2]) ? 2 : 0;
		uint64_t rv;
		/* (but RZ holds no NaN: where the constant slot is RZ and the
		 * immediate a NaN, the other operand is a zero ptxas knows and
		 * the immediate is in the register slot; v15 xmix 247972, an
		 * fma.rm.f64 of mov'd -0.0, 0dFFF4000000000ABC and a NaN is
		 * DFMA.RM R, -RZ, R(the immediate), -QNAN, the immediate's NaN
		 * on an H200) */
		if (i && (w < 0 ? w : o) == SASS_RZERO && immnan(&m->opnd[i]))
			return i == 1 ? r == w : r != w;
		/* (and where ptxas moved the immediate into the register slot,
		 * IMAD.MOV.U32s of its words, the constant slot holding the
		 * other operand, a value it knows: v15 xmix 17984, fma.rm.f64
		 * of 0d7FF8000000000001, an infinity and c is DFMA.RM R8, R10,
		 * +INF, R8 with R10 the immediate, c's NaN on an H200), the
		 * subtrahend of a sub negated there (v13 dag 9035: sub.rm.f64
		 * of a mov'd 0d7FF8000000000001 and 0dFFFFFFFFFFFFFFFF is
		 * DADD.RM R10, R10, UR4 with R10 0x7fffffffffffffff and UR4 the
		 * mov's, a's NaN on an H200) */
		if (i && regconst(a->s, sf, c, r, &rv, &a->left) && (rv == immval(&m->opnd[i]) ||
		    (m->op == OP_SUB && i == 2 && rv == (immval(&m->opnd[i]) ^ 0x8000000000000000ull))))
			return i == 1 ? r == w : r != w;
		if (i)
			return (w < 0) == (i == 1);
		ptxorigin(f, mk, m->opnd[1].sym, 0, &oa);
		ptxorigin(f, mk, m->opnd[2].sym, 0, &ob);
		sassorigin(a->s, sf->sec, sass, c, r, 0, r == w ? &sw : &so);
		debugsets(f->ins[k], c, o, w, ls);
		if (oa.full || ob.full || sw.full || so.full)
			return -1;
		ra = meets(r == w ? &sw : &so, &oa);
		rb = meets(r == w ? &sw : &so, &ob);
		return ra == rb ? -1 : (r == w) == ra;
	}
	sassorigin(a->s, sf->sec, sass, c, w, 0, &sw);
	sassorigin(a->s, sf->sec, sass, c, o, 0, &so);
	/* by the low registers, then by the high ones, whose answer is
	 * taken where they give one: a low word often tells nothing.
	 * rcp.approx.ftz.f64 is MUFU.RCP64H of the high word, the low one
	 * zeroed at the reader's line (v1 f64 seed 44, line 117: DMUL R30,
	 * R20, R30, R30 RZ, R31 the RCP64H of line 67), and copysign or abs
	 * rewrite the high word alone, so that the low one traces to the
	 * source's writer, maybe the other operand's (v1 f64 seed 62675,
	 * line 89: DADD.RP R22, |R16|, R40 with R40 a copy of R16).  The
	 * high words answer strictly: where both slots' high registers
	 * trace to one operand (a high word copied from it into the other
	 * slot's pair), they tell nothing, and the low words' answer stands
	 * (v1 mixed seed 179340, line 119: win{91} other{91} by the high
	 * words, win{91} other{106} by the low, b's NaN on an H200) */
	lo = decide(a, f, k, mk, c, o, w, &sw, &so, 0);
	sw = (LineSet){ .left = &a->left };
	so = (LineSet){ .left = &a->left };
	sassorigin(a->s, sf->sec, sass, c, w + 1, 0, &sw);
	sassorigin(a->s, sf->sec, sass, c, o + 1, 0, &so);
	hi = decide(a, f, k, mk, c, o, w, &sw, &so, 1);
	return hi >= 0 ? hi : lo;
}

/* The answer for f->ins[k] (its mul f->ins[mk] where it is a fused add,
 * else mk == k): 1 a wins, 0 b wins, -1 unresolved.  Where ptxas made
 * more than one SASS instruction of the kind at the line, the first is
 * the one the kernel runs: the others are the divergent path's copies of
 * the code after a BRA.DIV (an elect.sync, a vote), placed after the
 * EXIT, which a trace back in address order cannot follow (v1 mixed seed
 * 126214: lines 171 and 175 twice; the second copy of 175 gives no
 * answer, the first the GPU's). */
static int
answer(Ans *a, const Func *f, const SFunc *sf, int k, int mk)
{
	const Ins *in = f->ins[k], *m = f->ins[mk];
	int want = in->op == OP_MIN || in->op == OP_MAX ? SK_DMNMX : mk != k || in->op == OP_FMA ||
	    in->op == OP_MAD ? SK_DFMA : in->op == OP_MUL ? SK_DMUL : SK_DADD;
	const SIns *sass = a->s->ins + sf->from;
	int lines[2] = { in->loc.line, m->loc.line }, c = -1;

	for (int t = 0; t < (lines[1] != lines[0] ? 2 : 1); t++)
		for (int j = firstat(a, lines[t]); j < a->nbyline && (int)(a->byline[j] >> 32) == lines[t]; j++) {
			int i = (int)(uint32_t)a->byline[j];
			if (sass[i].kind == want && (c < 0 || i < c))
				c = i;
		}
	if (c < 0) {
		/* a value computed a second time: ptxas computes it once, so
		 * the first computation's answer is this one's (v1 mixed seed
		 * 138746: mul.f64 of line 191 repeats line 181's) */
		int swapped, first = mk == k ? interp_nan_same(f, k, &swapped) : k, r;
		if (debug)
			fprintf(stderr, "nanorder: line %d: no SASS instruction%s\n", in->loc.line,
			    first != k ? ", the same value as an earlier one" : "");
		if (first == k || (r = answer(a, f, sf, first, first)) < 0)
			return -1;
		return swapped ? !r : r;   /* max.f64 y, x repeating max.f64 x, y (v1 f64 seed 154117) */
	}
	return answerat(a, f, sf, k, mk, c);
}

/* The value of register r and r + 1 (uniform registers where uni) just
 * before the SASS instruction c of sf (*k): both words written by
 * unguarded MOVs or IMAD.MOV.U32s of immediates (SC_RMOV), or UMOVs
 * (SC_UMOV), the nearest writers before c, no call and no other write
 * between (nor one of uniform registers not read: SC_UWRITE, uw 0), and
 * every path that enters the code between a writer and c from a branch
 * elsewhere bringing the same value (the branch's own, found so, depth
 * more times at most).  ptxas materialises an f64 constant early, often
 * hundreds of instructions and several branches before the DADD that
 * reads it (v13 dag 15594, line 158: UMOVs of UR6 and UR7 at the top),
 * and a BRA.DIV's other path can jump back between the writers and the
 * reader (v15 immx 111990: to a label between IMAD.MOV.U32s of R2 and R3
 * and the DMUL that reads them, that path writing the same two words
 * before its BRA).  Each instruction looked at costs a step of *left. */
static int
pairval(const Sass *S, const SFunc *sf, int c, int r, int uni, uint64_t *k, long *left, int depth)
{
	uint64_t w[2] = { 0, 0 }, v;
	int got[2] = { 0, 0 }, at[2] = { 0, 0 };

	if (r < 0 || r >= 254)
		return 0;
	for (int j = c - 1; j >= 0 && !(got[0] && got[1]); j--) {
		const SIns *e = S->ins + sf->from + j;
		if (--*left < 0 || e->kind == SK_CALL)
			return 0;
		if (uni && e->konst == SC_UWRITE && (!e->uw || (r + 1 >= e->ur && r < e->ur + e->uw)))
			return 0;   /* a write of r or r + 1, or of registers not read */
		for (int h = 0; h < 2; h++) {
			if (got[h])
				continue;
			if (uni ? e->konst == SC_UMOV && e->ur == r + h :
			    e->dst >= 0 && r + h >= e->dst && r + h < e->dst + e->width) {
				if (!uni && (e->konst != SC_RMOV || e->dst != r + h))
					return 0;   /* another writer: not a constant */
				got[h] = 1;
				w[h] = e->k;
				at[h] = j;
			}
		}
	}
	if (!got[0] || !got[1])
		return 0;
	v = w[1] << 32 | (w[0] & 0xFFFFFFFFu);
	/* the branches into (at[h], c] from outside it */
	for (int j = 0; j < sf->to - sf->from; j++) {
		const SIns *e = S->ins + sf->from + j;
		uint64_t o;
		int t;
		if (--*left < 0)
			return 0;
		if (e->target == SASS_TNONE)
			continue;
		if (e->target < sf->from || e->target >= sf->to)
			return 0;   /* a target not read, or outside the function */
		t = e->target - sf->from;
		for (int h = 0; h < 2; h++)
			if (t > at[h] && t <= c && !(j > at[h] && j < c) &&
			    (depth <= 0 || !pairval(S, sf, j, r, uni, &o, left, depth - 1) || o != v))
				return 0;
	}
	*k = v;
	return 1;
}

/* The constant in slot kslot of the SASS instruction c of sf (*k), its
 * modifiers not applied: an immediate, or a uniform register pair that
 * UMOVs wrote (pairval).  The cubin's listing alone says (sass.h SC_*):
 * none from nvdisasm's text. */
static int
slotconst(const Sass *S, const SFunc *sf, int c, uint64_t *k, long *left)
{
	const SIns *d = S->ins + sf->from + c;

	if (d->konst == SC_IMM)
		return *k = d->k, 1;
	return d->konst == SC_UR && pairval(S, sf, c, d->ur, 1, k, left, 2);
}

/* The value of register r (and r + 1) at the SASS instruction c of sf
 * (*k): RZ, or a pair that MOVs of immediates wrote (pairval). */
static int
regconst(const Sass *S, const SFunc *sf, int c, int r, uint64_t *k, long *left)
{
	if (r == SASS_RZERO)
		return *k = 0, 1;
	return pairval(S, sf, c, r, 0, k, left, 2);
}

static int
isnan64(uint64_t v)
{
	return (v & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull;
}

/* The value of slot n (0 a, 1 b, 2 c) of the DADD, DMUL or DFMA c of
 * sf, as far as ptxas made it a constant: 1 and *v, *mod its modifiers,
 * else 0. */
static int
slotval(const Sass *S, const SFunc *sf, int c, int n, uint64_t *v, int *mod, long *left)
{
	const SIns *d = S->ins + sf->from + c;

	if (n && d->kslot == n && (d->konst == SC_IMM || d->konst == SC_UR))
		return *mod = d->kmod, slotconst(S, sf, c, v, left);
	*mod = n == 0 ? d->amod : n == 1 ? d->bmod : d->cmod;
	return regconst(S, sf, c, n == 0 ? d->a : n == 1 ? d->b : d->c, v, left);
}

/* The NaN the DADD, DMUL or DFMA c of sf returns whatever the run-time
 * values (*k, not yet quieted): the hardware takes slot b's NaN, then
 * c's, then a's (interp/alu_float.c nanres), so where the slots up to the
 * first NaN are constants that are no NaN, and that one a constant NaN,
 * it is the result.  ptxas folds what it knows of the PTX operands into
 * these constants, signs and negations included: mul.f64 of a negative
 * constant and a NaN x it knows is DMUL R, UR with R -x and UR the
 * constant's absolute value (v15 immx 11692: mul.f64 -123.456, x of x an
 * add.cc.u64 of two immediates is 0x7fffffffffffffe8 where x is
 * 0xffffffffffffffe8), and neg.f64 x of a NaN x becomes its own constant
 * (v15 xmix 101564: fma.rn.f64 -x, x, x is DFMA R6, R6, R4, R6 with R4
 * -x, which wins in slot b where the PTX has it first).  A NaN in a slot
 * the instruction negates or takes the absolute value of is left alone
 * (what the modifier does to it is not read here). */
static int
slotsnan(const Sass *S, const SFunc *sf, int c, uint64_t *k, long *left)
{
	static const int order[2][3] = { { 1, 0, -1 }, { 1, 2, 0 } };
	const int *o = order[S->ins[sf->from + c].kind == SK_DFMA];

	for (int i = 0; i < 3 && o[i] >= 0; i++) {
		uint64_t v;
		int mod;
		if (!slotval(S, sf, c, o[i], &v, &mod, left))
			return 0;
		if (isnan64(v))
			return !mod && (*k = v, 1);
	}
	return 0;
}

/* An add, sub, mul, fma or mad .f64 (not fused) whose every DADD, DMUL
 * or DFMA at its line returns a NaN constant whatever the run-time
 * values (slotsnan): the instruction's result is that constant,
 * quieted.  The constant is what ptxas made of the PTX
 * operands, with the signs and negations it folded (x - x of a NaN x
 * that ptxas knows is DADD R(x), UR(-x): -x, v15 xmix 214846; mul.f64
 * of a NaN and a negative constant moves the sign onto the NaN); the
 * loader makes the instruction a mov of it.  Where the line has another
 * PTX instruction, no answer. */
static void
constanswer(Ans *a, const Func *f, const SFunc *sf, int k, int fused)
{
	const Ins *in = f->ins[k];
	int want = in->op == OP_MUL ? SK_DMUL : in->op == OP_FMA || in->op == OP_MAD ? SK_DFMA : SK_DADD;
	int line = in->loc.line, n = 0;
	const SIns *sass = a->s->ins + sf->from;
	uint64_t v = 0, c;

	if (fused || line <= 0 || !(in->op == OP_ADD || in->op == OP_SUB || in->op == OP_MUL || in->op == OP_FMA ||
	    in->op == OP_MAD) ||
	    (k > 0 && f->ins[k - 1]->loc.line == line) || (k + 1 < f->nins && f->ins[k + 1]->loc.line == line))
		return;
	for (int j = firstat(a, line); j < a->nbyline && (int)(a->byline[j] >> 32) == line; j++) {
		int i = (int)(uint32_t)a->byline[j];
		if (sass[i].kind != SK_DADD && sass[i].kind != SK_DMUL && sass[i].kind != SK_DFMA &&
		    sass[i].kind != SK_DMNMX)
			continue;
		if (sass[i].kind != want || !slotsnan(a->s, sf, i, &c, &a->left) || (n && c != v))
			return;
		v = c;
		n++;
	}
	if (!n || a->kn + 2 > a->kcap) {
		uint64_t *nw;
		int cap = a->kcap ? 2 * a->kcap : 64;
		if (!n || !(nw = interp_realloc(a->pm->cx, a->kw, (size_t)cap * sizeof *nw)))
			return;
		a->kw = nw;
		a->kcap = cap;
	}
	if (debug)
		fprintf(stderr, "nanorder: line %d constant 0x%016llx\n", line, (unsigned long long)(v | 0x0008000000000000ull));
	a->kw[a->kn++] = (uint64_t)line;
	a->kw[a->kn++] = v | 0x0008000000000000ull;
}

/* ------------------------------------------------------- the 16-bit readers */

/* A u16 or b16 reader that takes its registers whole (interp_fold_w16src:
 * mul.hi, mad.hi, madc.hi, mul.wide, shr, set, setp, sad) of a 16-bit set's
 * result gets, by ptxas's allocation, either the register an HSET2 of
 * H0_H0 operands wrote, the value in both halves, or a SEL's, a PRMT
 * copy's or a mask's, whose high half is something else (interp/foldint.c
 * halfset; sm_90 SASS: IMAD R6, R4, R7 of HSET2.BF16_V2.BF R7 for a
 * mul.hi.u16 by a set.eq.bf16.bf16, the same PTX elsewhere a SEL's
 * register).  The trace: from each register source of the reader's SASS
 * (its line's IMAD, ISETP, VABSDIFF, SHF, LEA ...) back to its writer,
 * through moves and the line's own instructions (an IMAD then a LEA.HI);
 * a writer at the set's line says which: an HSET2 (0x233 and its other
 * forms) the whole register, anything else not, and so does a LOP3 or
 * PRMT of the reader's own line between (set.eq.or.f16.b16 of two sets:
 * LOP3 0xffff of each, then ISETP.EQ.U32).  A PRMT copy of the low half
 * at the set's line, into a register whose high half another value left
 * (v12 formx 5920: PRMT R3, R14, 0x7610, R3 over an HADD2.F32's R3), is
 * taken for not whole: that high half is most often 0 (of the 255 listed
 * records that fail at such a reader, 12 pass with it so and one
 * without).  Guarded writers, calls of code that writes the register and
 * writers at other lines say nothing. */
static void
w16trace(Ans *a, const SFunc *sf, int i, int r, int own, const int line[2], int depth, int masked,
    int votes[2][2])
{
	const SIns *ins = a->s->ins + sf->from;

	if (r < 0 || depth > 4)
		return;
	for (int j = i - 1; j >= 0 && a->left > 0; j--) {
		const SIns *d = &ins[j];
		a->left--;
		/* past a call only of a subroutine whose code leaves r alone */
		if (d->kind == SK_CALL) {
			if (callkeeps(a->s, sf->sec, d, r) == 1)
				continue;
			return;
		}
		if (d->dst < 0 || !(d->dst <= r && r < d->dst + d->width))
			continue;
		if (d->guarded)
			return;
		if (d->kind == SK_MOVE)   /* a copy holds what its source held */
			w16trace(a, sf, j, d->src, own, line, depth + 1, masked, votes);
		else if (d->line != own) {
			for (int s = 0; s < 2; s++)
				if (d->line == line[s])
					votes[s][!masked && (d->key & 0xff) == 0x33]++;
		} else {
			/* the line's IMAD, IADD3, LEA, VABSDIFF and SHF take a
			 * register whole; its LOP3 and PRMT are the masks and
			 * extensions that keep the low half (set.eq.or.f16.b16 of
			 * two sets: LOP3 0xffff of each, then ISETP.EQ.U32) */
			int k = d->key & 0xff, keep = k == 0x24 || k == 0x25 || k == 0x27 || k == 0x10 || k == 0x11 ||
			    k == 0x14 || k == 0x19;
			for (int s = 0; s < 3; s++)
				w16trace(a, sf, j, d->r[s], own, line, depth + 1, masked || !keep, votes);
		}
		return;
	}
}

static void
answer16(Ans *a, const Func *f, const SFunc *sf, int k, int mask, const int line[2])
{
	const Ins *in = f->ins[k];
	const SIns *sass = a->s->ins + sf->from;
	int votes[2][2] = { { 0, 0 }, { 0, 0 } }, own = in->loc.line, l[2];

	/* a source that is no set's has a line no writer has */
	l[0] = mask & 1 ? line[0] : -1;
	l[1] = mask & 2 ? line[1] : -1;
	if (own <= 0 || l[0] == own || l[1] == own)
		return;
	for (int j = firstat(a, own); j < a->nbyline && (int)(a->byline[j] >> 32) == own; j++) {
		int i = (int)(uint32_t)a->byline[j];
		for (int s = 0; s < 3; s++)
			w16trace(a, sf, i, sass[i].r[s], own, l, 0, 0, votes);
	}
	for (int s = 0; s < 2; s++) {
		int whole = votes[s][1] > 0;
		if (!(mask >> s & 1) || votes[s][0] + votes[s][1] == 0 || (votes[s][0] && votes[s][1]))
			continue;
		if (debug)
			fprintf(stderr, "nanorder: line %d source %d: the set of line %d %s\n", own, s, l[s],
			    whole ? "whole" : "not whole");
		if (push(a->pm->cx, &a->w16, &a->n16, &a->cap16, own * 4 + s * 2 + whole))
			return;
	}
}

static void
answers(Ans *a, const Func *f)
{
	const SFunc *sf = sassfn(a->s, f->name);
	int *plan;

	if (!sf || sf->to <= sf->from ||
	    !(a->byline = interp_alloc(a->pm->cx, (size_t)(sf->to - sf->from) * sizeof *a->byline)))
		return;
	a->nbyline = sf->to - sf->from;
	for (int i = 0; i < a->nbyline; i++)
		a->byline[i] = (uint64_t)(uint32_t)a->s->ins[sf->from + i].line << 32 | (uint32_t)i;
	qsort(a->byline, (size_t)a->nbyline, sizeof *a->byline, cmpu64);
	plan = interp_contract_plan(a->pm->cx, a->pm->m, f);
	for (int k = 0; k < f->nins; k++) {
		const Ins *in = f->ins[k];
		int mk = k, r, line[2], m16;
		if (in->loc.line > 0 && in->loc.line <= INT_MAX / 4 && (m16 = interp_fold_w16src(f, in, line)))
			answer16(a, f, sf, k, m16, line);
		if (!candidate(in))
			continue;
		if (!a->nocon)
			constanswer(a, f, sf, k, plan && plan[k]);
		if (plan && plan[k] && plan[k] != CONTRACT_SIGNFLIP) {
			mk = (plan[k] >> 3) - 1;
			if (mk < 0 || mk >= f->nins)
				continue;
		}
		if (f->ins[mk]->nopnd < 3 || !answerable(f->ins[mk]))
			continue;
		r = answer(a, f, sf, k, mk);
		if (debug)
			fprintf(stderr, "nanorder: line %d answer %d\n", in->loc.line, r);
		if (r >= 0 &&
		    push(a->pm->cx, &a->w, &a->n, &a->cap, in->loc.line * 2 + r))
			break;
	}
	interp_free(a->pm->cx, plan);
	interp_free(a->pm->cx, a->byline);
	a->byline = NULL;
}

/* ---------------------------------------------------------------- the tools */

static int
startswith(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

/* Is path a regular executable file of at least min bytes? */
static int
usable(const char *path, off_t min)
{
	struct stat st;
	return path && *path && stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= min &&
	    access(path, X_OK) == 0;
}

/* Where a ptxas (or nvdisasm) lives when none is on the PATH, in this
 * order: wheels in the active virtualenv or conda environment, which the
 * user chose as they chose the PATH (nvidia-cuda-nvcc puts CUDA 13's in
 * nvidia/cu13/bin, CUDA 12's in nvidia/cuda_nvcc/bin; nvidia-cuda-nvdisasm
 * in nvidia/cuda_nvdisasm/bin; Triton, which PyTorch installs, bundles both
 * in triton/backends/nvidia/bin), conda's cuda-nvcc in $CONDA_PREFIX/bin,
 * the toolkit's default place, versioned and distribution toolkits, then
 * the user's and the system's Python packages.  "$X" is the environment
 * variable X (the pattern is passed over where it is unset or empty);
 * each pattern is a glob(3) pattern whose matches are tried last first,
 * so that python3.12 comes before python3.11 and cuda-13.0 before
 * cuda-12.9. */
static const char *const toolplaces[] = {
	"$VIRTUAL_ENV/lib/python3*/site-packages/@",
	"$CONDA_PREFIX/lib/python3*/site-packages/@",
	"$CONDA_PREFIX/bin",
	"/usr/local/cuda/bin",
	"/usr/local/cuda-*/bin",
	"/opt/cuda/bin",
	"/usr/lib/nvidia-cuda-toolkit/bin",
	"$HOME/.local/lib/python3*/site-packages/@",
	"/usr/local/lib/python3*/dist-packages/@",
	"/usr/local/lib/python3*/site-packages/@",
	"/usr/lib/python3/dist-packages/@",
	"/usr/lib/python3*/site-packages/@",
	"/opt/conda/lib/python3*/site-packages/@",
	"$HOME/.pyenv/versions/*/lib/python3*/site-packages/@",
};
/* what "@" stands for: the wheels' folders */
static const char *const wheeldirs[] = {
	"nvidia/cu13/bin", "nvidia/cuda_nvcc/bin", "nvidia/cuda_nvdisasm/bin", "triton/backends/nvidia/bin",
};

/* The last match of pattern pat (a folder) holding a usable name, into out. */
static int
globtool(const char *pat, const char *name, off_t min, char *out, size_t n)
{
	glob_t g;
	int found = -1;

	memset(&g, 0, sizeof g);
	if (glob(pat, 0, NULL, &g) == 0)
		for (size_t i = g.gl_pathc; i-- > 0 && found;)
			if ((size_t)snprintf(out, n, "%s/%s", g.gl_pathv[i], name) < n && usable(out, min))
				found = 0;
	globfree(&g);
	return found;
}

/* toolplaces[i] with its variable expanded and "@" as wheel folder w, a
 * pattern, into pat; -1 where the variable is unset or it does not fit */
static int
toolplace(const char *place, const char *w, char *pat, size_t n)
{
	const char *rest = place, *at, *v = "";
	size_t vlen = 0;

	if (place[0] == '$') {
		const char *e = strchr(place, '/');
		char var[32];
		if (!e || (size_t)(e - place) > sizeof var)
			return -1;
		memcpy(var, place + 1, (size_t)(e - place) - 1);
		var[e - place - 1] = 0;
		if (!(v = getenv(var)) || !*v)
			return -1;
		vlen = strlen(v);
		rest = e;
	}
	at = strchr(rest, '@');
	if ((size_t)snprintf(pat, n, "%.*s%.*s%s", (int)vlen, v, (int)(at ? at - rest : (ptrdiff_t)strlen(rest)), rest,
			     at ? w : "") >= n)
		return -1;
	return 0;
}

static int
findtool(const char *var, const char *name, off_t min, char *out, size_t n)
{
	const char *v = getenv(var), *p;
	char pat[4096];

	if (v && *v) {
		if (!usable(v, 0) || strlen(v) >= n)
			return -1;
		strcpy(out, v);
		return 0;
	}
	for (const char *const *t = (const char *const[]){ "CUDA_HOME", "CUDA_PATH", NULL }; *t; t++)
		if ((v = getenv(*t)) && *v && (size_t)snprintf(out, n, "%s/bin/%s", v, name) < n && usable(out, min))
			return 0;
	for (p = getenv("PATH"); p && *p;) {
		const char *e = strchr(p, ':');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len && len + strlen(name) + 2 <= n) {
			memcpy(out, p, len);
			out[len] = '/';
			strcpy(out + len + 1, name);
			if (usable(out, min))
				return 0;
		}
		p = e ? e + 1 : NULL;
	}
	for (size_t i = 0; i < sizeof toolplaces / sizeof *toolplaces; i++) {
		int wheel = strchr(toolplaces[i], '@') != NULL;
		for (size_t w = 0; w < (wheel ? sizeof wheeldirs / sizeof *wheeldirs : 1); w++)
			if (!toolplace(toolplaces[i], wheeldirs[w], pat, sizeof pat) && !globtool(pat, name, min, out, n))
				return 0;
	}
	return -1;
}

/* Each tool's time limit in ms for a module of len bytes of text:
 * PTXKIT_NANORDER_TIMEOUT seconds (1 to 3600), else 10 s and 30 s more a
 * MiB, 60 s at most.  ptxas 13.0 compiles 1.6 MB of cub's kernels in 4 s
 * and a kernel of a few KB in a tenth of one; some kernels it never
 * finishes (tests/diff/README: v15 xmix 895527, 7 KB), and the load waits
 * for it this long before it predicts the order itself. */
static int
timeout_ms(size_t len)
{
	const char *t = getenv("PTXKIT_NANORDER_TIMEOUT");
	long v = t && *t ? strtol(t, NULL, 10) : 0;
	size_t ms;

	if (v > 0 && v <= 3600)
		return (int)v * 1000;
	if (len >= (size_t)2 << 20)
		return 60000;
	ms = 10000 + len * 30000 / ((size_t)1 << 20);
	return ms > 60000 ? 60000 : (int)ms;
}

/* Runs argv (no shell), stdout to out, for limit ms at most: 0 when it
 * exits 0. */
static int
run(char *const argv[], const char *out, const char *err, int limit)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	char **env;
	size_t ne = 0, k = 0;
	pid_t pid;
	int st = 0, rc, waited = 0;
	struct timespec ts = { 0, 2000000 };

	for (char **e = environ; e && *e; e++)
		ne++;
	if (!(env = malloc((ne + 1) * sizeof *env)))
		return -1;
	for (char **e = environ; e && *e; e++)
		if (!startswith(*e, "PTXKIT_NANORDER"))
			env[k++] = *e;
	env[k] = NULL;
	if (posix_spawn_file_actions_init(&fa)) {
		free(env);
		return -1;
	}
	if (posix_spawnattr_init(&at)) {
		posix_spawn_file_actions_destroy(&fa);
		free(env);
		return -1;
	}
	/* a group of its own: a timeout ends whatever the tool started too */
	rc = posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP) || posix_spawnattr_setpgroup(&at, 0) ||
	    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0) ||
	    posix_spawn_file_actions_addopen(&fa, 1, out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0600) ||
	    posix_spawn_file_actions_addopen(&fa, 2, err ? err : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0600) ||
	    posix_spawn(&pid, argv[0], &fa, &at, argv, env);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	free(env);
	if (rc)
		return -1;
	for (;;) {
		pid_t r = waitpid(pid, &st, WNOHANG);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			return -1;   /* not ours to wait for (SIGCHLD ignored): no answer */
		if (waited >= limit) {
			kill(-pid, SIGKILL);
			while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
				;
			return -1;
		}
		nanosleep(&ts, NULL);
		waited += (int)(ts.tv_nsec / 1000000);
		if (ts.tv_nsec < 32000000)
			ts.tv_nsec *= 2;
	}
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* pm's text with a .loc before each line that starts an instruction (lines,
 * sorted, n of them) and a .file after the .address_size (or .target), its
 * own .file and .loc lines made comments, to path. */
static int
writelocs(const ptx_module *pm, size_t len, const int *lines, int n, const char *ver, const char *path)
{
	FILE *f = fopen(path, "w");
	const char *t = pm->text, *end = t + len;
	int line = 1, k = 0, filed = 0, bad = 0;

	if (!f)
		return -1;
	while (t < end) {
		const char *e = memchr(t, '\n', (size_t)(end - t)), *p = t;
		size_t l;
		if (!e)
			e = end;
		l = (size_t)(e - t);
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		while (k < n && lines[k] < line)
			k++;
		if (k < n && lines[k] == line)
			fprintf(f, "\t.loc 1 %d 0\n", line);
		if ((e - p >= 4 && startswith(p, ".loc") && (p[4] == ' ' || p[4] == '\t')) ||
		    (e - p >= 5 && startswith(p, ".file") && (p[5] == ' ' || p[5] == '\t')))
			fputs("//", f);
		if (ver && e - p >= 8 && startswith(p, ".version") && (p[8] == ' ' || p[8] == '\t'))
			fprintf(f, ".version %s   //", ver);
		fwrite(t, 1, l, f);
		fputc('\n', f);
		if (!filed && ((e - p >= 13 && startswith(p, ".address_size")) || (e - p >= 7 && startswith(p, ".target")))) {
			/* after the .target, unless an .address_size follows it */
			const char *q = e < end ? e + 1 : e;
			while (q < end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r'))
				q++;
			if (!(startswith(p, ".target") && end - q >= 13 && startswith(q, ".address_size"))) {
				fputs(".file 1 \"k.ptx\"\n", f);
				filed = 1;
			}
		}
		t = e < end ? e + 1 : e;
		line++;
	}
	bad = ferror(f);
	return fclose(f) || bad || !filed ? -1 : 0;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *b = NULL;
	long sz;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (sz = ftell(f)) >= 0 && sz <= MAXOUT && fseek(f, 0, SEEK_SET) == 0 &&
	    (b = malloc((size_t)sz + 1)) && fread(b, 1, (size_t)sz, f) == (size_t)sz) {
		b[sz] = 0;
		*len = (size_t)sz;
	} else {
		free(b);
		b = NULL;
	}
	fclose(f);
	return b;
}

/* Does pm hold an instruction the oracle could answer?  Its instruction
 * lines into *lines (sorted), their count returned; 0 when none is such,
 * -1 on no memory. */
static int
worth(ptx_module *pm, int **lines)
{
	const Module *m = pm->m;
	int want = 0, n = 0, cap = 0, line[2];

	*lines = NULL;
	if (m->nsec)
		return 0;   /* DWARF of its own: no .loc of ours */
	for (int i = 0; i < m->nfn; i++)
		for (int k = 0; m->fn[i]->hasbody && k < m->fn[i]->nins; k++) {
			const Ins *in = m->fn[i]->ins[k];
			/* a fused add's mul has two registers too where the add could be answered */
			want |= candidate(in) && (answerable(in) || in->op == OP_ADD || in->op == OP_SUB);
			/* and a 16-bit reader of a 16-bit set (answer16) */
			want |= interp_fold_w16src(m->fn[i], in, line) != 0;
			if (in->loc.line > 0 && push(pm->cx, lines, &n, &cap, in->loc.line))
				return -1;
		}
	if (!want) {
		interp_free(pm->cx, *lines);
		*lines = NULL;
		return 0;
	}
	if (n)
		qsort(*lines, (size_t)n, sizeof **lines, cmpint);
	return n;
}

/* nvdisasm's text into s: 0, or -1 on no memory. */
static int
readtext(ptx_ctx *cx, Sass *s, const char *text, size_t n, int nlines)
{
	for (const char *t = text, *end = text + n; t < end;) {
		const char *e = memchr(t, '\n', (size_t)(end - t));
		if (!e)
			e = end;
		if (sass_textline(cx, s, t, e, nlines))
			return -1;
		t = e < end ? e + 1 : e;
	}
	return 0;
}

static int
sameins(const SIns *x, const SIns *y)
{
	return x->line == y->line && x->kind == y->kind && x->guarded == y->guarded && x->dst == y->dst &&
	    (x->dst < 0 || x->width == y->width) && x->src == y->src && x->a == y->a && x->b == y->b &&
	    x->callee == y->callee;
}

/* The cross-check: the cubin reader's listing c against nvdisasm's t,
 * function by function (by name), on stderr. */
static void
compare(const Sass *c, const Sass *t)
{
	int fns = 0, same = 0, differ = 0, unread = 0;

	for (int i = 0; i < t->nfn; i++) {
		const SFunc *ft = &t->fn[i], *fc = NULL;
		if (ft->bad)
			continue;   /* the text path gives no answers there either */
		fns++;
		for (int k = 0; k < c->nfn && !fc; k++)
			if (c->fn[k].sub == ft->sub && !strcmp(c->fn[k].name, ft->name))
				fc = &c->fn[k];
		if (!fc || fc->bad) {
			unread++;
			fprintf(stderr, "nanorder: check: %s: not read from the cubin\n", ft->name);
			continue;
		}
		if (fc->to - fc->from != ft->to - ft->from) {
			differ++;
			fprintf(stderr, "nanorder: check: %s: %d instructions in the cubin, %d in the text\n", ft->name,
			    fc->to - fc->from, ft->to - ft->from);
			continue;
		}
		for (int k = 0; k < ft->to - ft->from; k++) {
			const SIns *x = &c->ins[fc->from + k], *y = &t->ins[ft->from + k];
			if (!sameins(x, y)) {
				differ++;
				fprintf(stderr, "nanorder: check: %s: instruction %d differs: cubin line %d kind %d guard %d "
				    "dst %d/%d src %d a %d b %d call %d; text line %d kind %d guard %d dst %d/%d src %d "
				    "a %d b %d call %d\n", ft->name, k, x->line, x->kind, x->guarded, x->dst, x->width,
				    x->src, x->a, x->b, !!x->callee, y->line, y->kind, y->guarded, y->dst, y->width, y->src,
				    y->a, y->b, !!y->callee);
				break;
			}
			if (k == ft->to - ft->from - 1)
				same++;
		}
		if (ft->to == ft->from)
			same++;
	}
	fprintf(stderr, "nanorder: check: %d functions: %d same, %d differ, %d not read from the cubin\n", fns,
	    same, differ, unread);
}

/* The PTX version a ptxas that refused a newer .version names on its
 * standard error (the file err), as "M.N", into ver; 0 where it names none. */
static int
newestversion(const char *err, char *ver, size_t n)
{
	size_t len;
	char *t = slurp(err, &len);
	const char *p = t ? strstr(t, "current version is '") : NULL;
	int ok = 0;

	if (p) {
		unsigned maj, min;
		char q;
		p += strlen("current version is '");
		if (strspn(p, "0123456789.") <= 7 && sscanf(p, "%3u.%3u%c", &maj, &min, &q) == 3 && q == '\'' &&
		    (size_t)snprintf(ver, n, "%u.%u", maj, min) < n)
			ok = 1;
	}
	free(t);
	return ok;
}

/* Compiles pm (len bytes) with ptxas, reads the cubin (and with check, the
 * text nvdisasm makes of it too, compared, whose answers are then taken)
 * and puts the answers in pm. */
static void
oracle(ptx_module *pm, size_t len, int check)
{
	char ptxas[4096], nvdis[4096], dir[4096], kp[4200], cp[4200], sp[4200], ep[4200], arch[16] = "-arch=sm_90";
	const char *tmp = getenv("TMPDIR");
	int *lines = NULL, nl, nlines = 1, ok = 0;
	size_t slen = 0, clen = 0;
	char *text = NULL, *cubin = NULL;
	Sass s = { 0 }, st = { 0 };
	Ans a = { .pm = pm, .s = &s, .left = 200000000 };

	if ((nl = worth(pm, &lines)) <= 0)
		return;
	if (findtool("PTXKIT_PTXAS", "ptxas", 1 << 20, ptxas, sizeof ptxas) ||
	    (check && findtool("PTXKIT_NVDISASM", "nvdisasm", 0, nvdis, sizeof nvdis)) ||
	    (size_t)snprintf(dir, sizeof dir, "%s/ptxkit-nanorder-XXXXXX", tmp && *tmp ? tmp : "/tmp") >= sizeof dir ||
	    !mkdtemp(dir)) {
		interp_free(pm->cx, lines);
		return;
	}
	snprintf(kp, sizeof kp, "%s/k.ptx", dir);
	snprintf(cp, sizeof cp, "%s/k.cubin", dir);
	snprintf(sp, sizeof sp, "%s/k.sass", dir);
	snprintf(ep, sizeof ep, "%s/k.err", dir);
	for (int i = 0; i < pm->m->ntargets; i++)
		if (!strcmp(pm->m->targets[i], "sm_90a"))
			strcpy(arch, "-arch=sm_90a");
	for (size_t i = 0; i < len; i++)
		nlines += pm->text[i] == '\n';
	{
		char *pa[] = { ptxas, arch, "-lineinfo", kp, "-o", cp, NULL };
		char *na[] = { nvdis, "-c", "-g", cp, NULL };
		char ver[16];
		int limit = timeout_ms(len);
		ok = !writelocs(pm, len, lines, nl, NULL, kp) && !run(pa, NULL, ep, limit);
		/* A ptxas older than the module's .version refuses it whole (12.4
		 * of version 8.6: "Unsupported .version 8.6; current version is
		 * '8.4'"), while the instructions are most often older than the
		 * directive: it is asked once more with the version it names. */
		if (!ok && newestversion(ep, ver, sizeof ver))
			ok = !writelocs(pm, len, lines, nl, ver, kp) && !run(pa, NULL, NULL, limit);
		ok = ok && (check || (cubin = slurp(cp, &clen))) &&
		    (!check || (!run(na, sp, NULL, limit) && (text = slurp(sp, &slen))));
		if (ok && check)
			cubin = slurp(cp, &clen);   /* read if it is there: the text is the answer */
	}
	unlink(kp);
	unlink(cp);
	unlink(ep);
	if (check)
		unlink(sp);
	rmdir(dir);
	interp_free(pm->cx, lines);
	if (ok && (!cubin || sass_cubin(pm->cx, &s, (const unsigned char *)cubin, clen, nlines))) {
		if (!check)
			ok = 0;
		else   /* compared as a cubin of no functions */
			s.n = s.nfn = 0;
	}
	if (ok && check && readtext(pm->cx, &st, text, slen, nlines))
		ok = 0;
	free(text);
	free(cubin);
	for (int i = 0; ok && i < pm->m->nfn; i++)
		if (pm->m->fn[i]->hasbody && pm->m->fn[i]->built)
			answers(&a, pm->m->fn[i]);
	if (ok && check) {
		/* the text's answers are taken; the cubin's are compared with them */
		Ans at = { .pm = pm, .s = &st, .left = 200000000, .nocon = 1 };
		int same = 0;
		compare(&s, &st);
		for (int i = 0; i < pm->m->nfn; i++)
			if (pm->m->fn[i]->hasbody && pm->m->fn[i]->built)
				answers(&at, pm->m->fn[i]);
		if (a.n)   /* qsort of a null array, even of none, is undefined */
			qsort(a.w, (size_t)a.n, sizeof *a.w, cmpint);
		if (at.n)
			qsort(at.w, (size_t)at.n, sizeof *at.w, cmpint);
		for (int i = 0, j = 0; i < a.n && j < at.n;)
			if (a.w[i] == at.w[j])
				same++, i++, j++;
			else if (a.w[i] < at.w[j])
				i++;
			else
				j++;
		fprintf(stderr, "nanorder: check: answers: %d from the text, %d from the cubin, %d the same\n", at.n, a.n,
		    same);
		interp_free(pm->cx, a.w);
		interp_free(pm->cx, a.kw);
		at.w16 = a.w16;   /* the text names no sources: the cubin's answers */
		at.n16 = a.n16;
		a = at;
	}
	interp_free(pm->cx, s.ins);
	interp_free(pm->cx, s.fn);
	interp_free(pm->cx, st.ins);
	interp_free(pm->cx, st.fn);
	if (ok && a.n)
		install(pm, a.w, a.n, &pm->nanwin, &pm->nnanwin);
	else
		interp_free(pm->cx, a.w);
	if (ok && a.kn)
		installk(pm, a.kw, a.kn / 2);
	else
		interp_free(pm->cx, a.kw);
	if (ok && a.n16)
		install(pm, a.w16, a.n16, &pm->w16, &pm->nw16);
	else
		interp_free(pm->cx, a.w16);
}

void
api_nanorder(ptx_module *pm, size_t len)
{
	const char *t = getenv("PTXKIT_NANORDER_TABLE"), *o = getenv("PTXKIT_NANORDER");

	debug = getenv("PTXKIT_NANORDER_DEBUG") != NULL;
	if (t && *t)
		fromfile(pm, t, len);
	else if (o && !strcmp(o, "ptxas"))
		oracle(pm, len, 0);
	else if (o && !strcmp(o, "ptxas-nvdisasm"))
		oracle(pm, len, 1);
}

/*
 * gen.c -- the differential tester's kernel generator: random, valid PTX.
 *
 * A kernel loads its inputs (16 cells of 8 bytes a thread), then runs a
 * few dozen instructions drawn from one family, and stores every result to
 * an output slot of its own: slot s of global thread t is the 8-byte cell
 * out[s * nthreads + t], which the host zeroes first.  A difference
 * between two backends thus names the first instruction whose result
 * differs.
 *
 * Validity is the generator's job, not the checker's: every register is
 * written before it is read (a register defined in one arm of a branch or
 * inside a loop leaves the pool when that scope closes; a predicated
 * instruction's destination is set beforehand), integer division never
 * sees a zero divisor or MIN / -1, warp collectives run only in convergent
 * code with the mask of the lanes present (shfl only in whole warps, where
 * every source lane is active), each thread writes only its own memory
 * cells between barriers, and the shared counters take only commutative
 * integer reductions, whose final value is independent of the order.
 *
 * Instructions come from templates: text with `[a/b/c]` for a random
 * choice among alternatives (an empty one allowed), `$R $H $L $P` for a new
 * destination register of class .b32 .b16 .b64 .pred, `$r $h $l $p` for a
 * source from the pool of that class, `$0` for the first destination of
 * the previous instruction of the template, and immediates: `$k` 0..31,
 * `$i` 0..70, `$b` 0..255, `$u` a 32-bit value, `$f` an f32, `$d` an f64,
 * `$c` a shfl clamp/segment word, `$m` the register holding the mask of
 * the warp's lanes.  `;` separates the instructions of a group (a carry
 * chain, a mul feeding an add).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "difftest.h"

/* ---------------------------------------------------------------- random */

static uint64_t
mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t
rnext(uint64_t *s)
{
	*s += 0x9e3779b97f4a7c15ULL;
	return mix64(*s);
}

static unsigned
rbelow(uint64_t *s, unsigned n)
{
	return n ? (unsigned)(rnext(s) % n) : 0;
}

/* ---------------------------------------------------------------- input values */

static const uint32_t edge32[] = {
	0, 1, 2, 0xffffffff, 0x80000000, 0x7fffffff, 0x80000001, 31, 32, 33, 63, 64, 65, 255, 256, 0xfffffffe,
	0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001, 0x7fa12345, 0xff812345, 0xffffffff,
	0x00000001, 0x807fffff, 0x00800000, 0x80800000, 0x3f800000, 0xbf800000, 0x3f000000, 0x4b000000,
	0x4f000000, 0xcf000000, 0x4f800000, 0x5f000000, 0xdf000000, 0x7f7fffff, 0xff7fffff, 0x3effffff,
	0x3fc00000, 0x40490fdb, 0x477fe000, 0x477ff000, 0x33800000, 0x38800000,
	0x7c00fc00, 0x7e00fe01, 0x3c003c00, 0x00018001, 0x7bff0400, 0x7d00bc00, 0x7f80ff80, 0x3f80bf80,
	0x7fc17f81, 0x00800080, 0x80808080, 0x7f7f7f7f, 0x01ff80fe, 0x0000ffff, 0xffff0000, 0x00008000,
};
static const uint64_t edge64[] = {
	0, 1, 2, ~0ULL, 0x8000000000000000ULL, 0x7fffffffffffffffULL, 32, 63, 64, 65,
	0x7ff0000000000000ULL, 0xfff0000000000000ULL, 0x7ff8000000000000ULL, 0xfff8000000000000ULL,
	0x7ff0000000000001ULL, 0x7ff4000000012345ULL, 0xfff8000000012345ULL, 0x000fffffffffffffULL,
	0x0010000000000000ULL, 0x8000000000000001ULL, 0x3ff0000000000000ULL, 0xbff0000000000000ULL,
	0x3fe0000000000000ULL, 0x4330000000000000ULL, 0x43e0000000000000ULL, 0xc3e0000000000000ULL,
	0x41e0000000000000ULL, 0xc1e0000000000000ULL, 0x41f0000000000000ULL, 0x47efffffe0000000ULL,
	0x47efffffffffffffULL, 0x36a0000000000000ULL, 0x3810000000000000ULL, 0x7fefffffffffffffULL,
	0x3ff8000000000000ULL, 0x400921fb54442d18ULL, 0x40efffc000000000ULL, 0x00000000ffffffffULL,
	0xffffffff00000000ULL, 0x0000000080000000ULL, 0xffffffff80000000ULL, 0x3ff0000000000001ULL,
};
static const uint16_t edge16[] = {
	0, 1, 2, 0xffff, 0x8000, 0x7fff, 0x8001, 15, 16, 17, 255, 256,
	0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7d01, 0xfe12, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00,
	0x7bff, 0xfbff, 0x3800, 0x3555, 0x7f80, 0xff80, 0x7fc0, 0x7f81, 0x0080, 0x3f80, 0xbf80, 0x7f7f,
	0x7e80, 0x0101, 0x4780, 0x5b80, 0x5f00, 0x4900,
};

/* A float of few mantissa bits in a modest range: sums and products of
 * such values land on both sides of rounding boundaries often. */
static double
nice(uint64_t *s)
{
	double v = (double)(int)(rbelow(s, 2001) - 1000) / (double)(1u << rbelow(s, 9));
	return rbelow(s, 8) ? v : v * (double)(1u << rbelow(s, 30)) * (rbelow(s, 2) ? 1e-12 : 1e12);
}

static uint64_t
input_value(uint64_t *s, int cls)
{
	unsigned pick = rbelow(s, 8);
	float f;
	double d;
	uint32_t u;
	uint64_t v;

	if (pick < 3) {
		switch (cls) {
		case C16: return edge16[rbelow(s, sizeof edge16 / sizeof edge16[0])];
		case C32: return edge32[rbelow(s, sizeof edge32 / sizeof edge32[0])];
		default: return edge64[rbelow(s, sizeof edge64 / sizeof edge64[0])];
		}
	}
	v = rnext(s);
	switch (pick) {
	case 3:   /* random bits */
		break;
	case 4:   /* a small integer */
		v = (uint64_t)(int64_t)((int)rbelow(s, 201) - 100);
		break;
	default:  /* a float of the register's width (two halves for .b32 or .b16 as f16/bf16 bits) */
		if (cls == C64) {
			d = nice(s);
			memcpy(&v, &d, 8);
		} else {
			f = (float)nice(s);
			memcpy(&u, &f, 4);
			if (cls == C16 || pick == 7) {
				/* half-precision bits: the top of an f32 is a bf16; an f16 built by exponent rebias */
				uint16_t h = rbelow(s, 2) ? (uint16_t)(u >> 16) :
				    (uint16_t)(((u >> 16) & 0x8000) | ((((u >> 23) & 0xff) - 112) & 0x1f) << 10 | ((u >> 13) & 0x3ff));
				u = cls == C16 ? h : (uint32_t)h << 16 | (uint16_t)rnext(s);
			}
			v = u;
		}
	}
	switch (cls) {
	case C16: return v & 0xffff;
	case C32: return v & 0xffffffff;
	default: return v;
	}
}

/* ---------------------------------------------------------------- text */

typedef struct {
	char *s;
	size_t n, cap;
	int lines;
	int oom;
} Buf;

static void
bput(Buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->oom)
		return;
	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
		va_end(ap);
		if (n < 0) {
			b->oom = 1;
			return;
		}
		if (b->s && b->n + (size_t)n < b->cap)
			break;
		size_t cap = (b->cap ? b->cap * 2 : 4096) + (size_t)n;
		char *p = realloc(b->s, cap);
		if (!p) {
			b->oom = 1;
			return;
		}
		b->s = p;
		b->cap = cap;
	}
	for (const char *p = b->s + b->n; *p; p++)
		b->lines += *p == '\n';
	b->n += (size_t)n;
}

/* ---------------------------------------------------------------- the generator */

#define MAXPOOL 512
#define MAXSLOT 160

typedef struct {
	uint64_t rng;
	DtKernel *k;
	int family;
	Buf b;                  /* the body, from the first line after the declarations */
	int hdr;                /* lines of the header: body line n is text line hdr + n */
	int nreg[NCLS];
	int pool[NCLS][MAXPOOL];
	int npool[NCLS];
	int depth;              /* nested divergent regions; 0: convergent */
	int nlabel;
	int capslot;
	int fullwarps;          /* every warp is whole: shfl allowed */
	int mem;                /* the shared and scratch cells were initialized */
	int target;             /* slots to produce */
	int ver;                /* the generator version */
	Buf pre;                /* module-scope text before the .entry: device functions, constants */
	Buf decl;               /* more declarations at the top of the entry */
	int mbxph;              /* phases of the bulk family's mbarrier begun */
	int nfunc;              /* device functions in pre */
	int ndecl;              /* flags of what decl declares (gen2.inc) */
	int mbph;               /* mbarrier phases begun; 0: not initialized */
	int mmaf;               /* the kernel's mma form, +1; 0: not chosen yet */
	unsigned clsize;        /* CTAs a cluster (the cluster family) */
	int clinit;             /* the cluster family's rows and counters were set */
	int clexplicit;         /* and .explicitcluster is written */
	int clph;               /* phases of the cluster family's mbarrier begun */
	int spf;                /* the kernel's mma.sp form, +1; 0: not chosen yet */
	int exited;             /* some lanes exited: no CTA barrier, no shfl */
	int wgf;                /* the kernel's wgmma form, +1; 0: not chosen yet */
	char wgty[40];          /* and its types */
	unsigned maxnreg;       /* the regs family's .maxnreg */
	int barx;               /* a counted barrier item (gen9.inc) came before */
	int cxinit;             /* the clusterx family's mbarrier was set (gen10.inc) */
	int cxph;               /* and its phases begun */
	int mzph;               /* phases of the memz family's mbarrier begun */
	unsigned xdead;         /* lanes of a whole warp that exited (gen11.inc) */
	unsigned cldim[3];      /* the cluster's shape (version 11: clsize, 1, 1 before) */
	int shdir;              /* the shape family's directive: .reqntid, .maxntid (gen11.inc) */
	unsigned shmcr;         /* and its .maxclusterrank, where the launch makes the cluster */
	int nvar, ntab, vw;     /* the vars family's variables, pointer tables, writable array */
	unsigned char vsp[8], vty[8], vvec[8];   /* each variable's space, type, vector length */
	unsigned short vn[8];                    /* and elements (0: a scalar) */
	int immx;               /* emit writes literals for sources: 1 one in two, 2 all (gen15.inc) */
} Gen;

static const char *const regpfx[NCLS] = { "%h", "%r", "%rd", "%p" };

/* version 1 has the first NFAM1 families; version 2 adds four more (NFAM2);
 * version 3 has version 2's families, with two allocas that never repeat
 * (gen2.inc); version 4 adds three (gen4.inc, NFAM4), weighted heavily,
 * since they hold the forms the others never draw; version 5 the cluster
 * and warpx families (gen5.inc), half of its seeds; version 6 the sparse
 * and flowx families (gen6.inc), half of its seeds, and video in mixed;
 * version 7 the wgmma family (gen7.inc), half of its seeds; version 8 the
 * alux and regs families (gen8.inc), half of its seeds; version 9 the memy
 * and mbarx families (gen9.inc), half of its seeds; version 10 the
 * clusterx, memz, wgsp and tmap families (gen10.inc), half of its seeds;
 * version 11 the exitw, mbartx, shape and vars families (gen11.inc), half
 * of its seeds; version 12 the formx and memw families (gen12.inc), half
 * of its seeds; version 13 the dag (gen13.inc) and loopx (gen13b.inc)
 * families, half of its seeds; version 14 the xmix family (gen14.inc),
 * half of its seeds; version 15 the immx family (gen15.inc), half of its
 * seeds */
enum { F_INT, F_F32, F_F64, F_HALF, F_CVT, F_APPROX, F_CONTRACT, F_WARP, F_CONTROL, F_MEMORY, F_VIDEO, F_MIXED,
	NFAM1, F_TENSOR = NFAM1, F_INTX, F_FLOW, F_ASYNC,
	NFAM2, F_ARITH = NFAM2, F_MEMX, F_BULK,
	NFAM4, F_CLUSTER = NFAM4, F_WARPX,
	NFAM5, F_SPARSE = NFAM5, F_FLOWX,
	NFAM6, F_WGMMA = NFAM6,
	NFAM7, F_ALUX = NFAM7, F_REGS,
	NFAM8, F_MEMY = NFAM8, F_MBARX,
	NFAM9, F_CLUSTERX = NFAM9, F_MEMZ, F_WGSP, F_TMAP,
	NFAM10, F_EXITW = NFAM10, F_MBARTX, F_SHAPE, F_VARS,
	NFAM11, F_FORMX = NFAM11, F_MEMW,
	NFAM12, F_DAG = NFAM12, F_LOOPX,
	NFAM13, F_XMIX = NFAM13,
	NFAM14, F_IMMX = NFAM14, NFAM };
const char *const dt_family_name[] = {
	"int", "f32", "f64", "half", "cvt", "approx", "contract", "warp", "control", "memory", "video", "mixed",
	"tensor", "intx", "flow", "async", "arith", "memx", "bulk", "cluster", "warpx", "sparse", "flowx",
	"wgmma", "alux", "regs", "memy", "mbarx", "clusterx", "memz", "wgsp", "tmap", "exitw", "mbartx", "shape", "vars",
	"formx", "memw", "dag", "loopx", "xmix", "immx",
};
static const int famweight[NFAM] = { 14, 14, 8, 12, 12, 5, 5, 8, 9, 7, 3, 12, 12, 8, 12, 10, 36, 30, 24, 180, 60, 240, 240, 961, 1538, 384,
	2306, 1538, 3000, 2700, 1500, 488, 4400, 4400, 3576, 3000, 19000, 11752,
	30752, 30752, 123008, 246016 };

int
dt_family_count(int ver)
{
	return ver == 1 ? NFAM1 : ver == 2 || ver == 3 ? NFAM2 : ver == 4 ? NFAM4 : ver == 5 ? NFAM5 : ver == 6 ? NFAM6 :
	    ver == 7 ? NFAM7 : ver == 8 ? NFAM8 : ver == 9 ? NFAM9 :
	    ver == 10 ? NFAM10 : ver == 11 ? NFAM11 : ver == 12 ? NFAM12 : ver == 13 ? NFAM13 : ver == 14 ? NFAM14 :
	    ver == 15 ? NFAM : 0;
}

int
dt_family_weight(int ver, int f)
{
	return f >= 0 && f < dt_family_count(ver) ? famweight[f] : 0;
}

int
dt_family_lookup(const char *name)
{
	for (int i = 0; i < NFAM; i++)
		if (strcmp(name, dt_family_name[i]) == 0)
			return i;
	return -1;
}

static int
newreg(Gen *g, int cls)
{
	return g->nreg[cls]++;
}

static void
addpool(Gen *g, int cls, int r)
{
	if (g->npool[cls] < MAXPOOL)
		g->pool[cls][g->npool[cls]++] = r;
}

/* A source register: half the time one of the eight newest, so that
 * results feed each other in chains. */
static int
pick(Gen *g, int cls)
{
	int n = g->npool[cls];
	if (n > 8 && rbelow(&g->rng, 2))
		return g->pool[cls][n - 1 - (int)rbelow(&g->rng, 8)];
	return g->pool[cls][rbelow(&g->rng, (unsigned)n)];
}

static void
ins(Gen *g, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	bput(&g->b, "\t%s;\n", tmp);
}

/* Stores register r of class cls to a new slot; line is the body line of
 * the instruction that computed it. */
static void
store(Gen *g, int cls, int r, int line)
{
	DtKernel *k = g->k;
	long off;
	if (k->nslot == g->capslot) {
		int cap = g->capslot ? g->capslot * 2 : 64;
		DtSlot *p = realloc(k->slot, (size_t)cap * sizeof *p);
		if (!p) {
			g->b.oom = 1;
			return;
		}
		k->slot = p;
		g->capslot = cap;
	}
	k->slot[k->nslot].line = line;
	k->slot[k->nslot].cls = cls;
	off = (long)k->nslot * k->nthreads * 8;
	k->nslot++;
	switch (cls) {
	case C16: ins(g, "st.global.b16 [%%rd6+%ld], %%h%d", off, r); break;
	case C32: ins(g, "st.global.b32 [%%rd6+%ld], %%r%d", off, r); break;
	case C64: ins(g, "st.global.b64 [%%rd6+%ld], %%rd%d", off, r); break;
	default:
		ins(g, "selp.u32 %%r8, 1, 0, %%p%d", r);
		ins(g, "st.global.b32 [%%rd6+%ld], %%r8", off);
	}
}

static const char *
imm_f32(Gen *g, char *buf, size_t n)
{
	uint32_t u;
	if (rbelow(&g->rng, 2))
		u = edge32[rbelow(&g->rng, sizeof edge32 / sizeof edge32[0])];
	else {
		float f = (float)nice(&g->rng);
		memcpy(&u, &f, 4);
	}
	snprintf(buf, n, "0f%08X", u);
	return buf;
}

static const char *
imm_f64(Gen *g, char *buf, size_t n)
{
	uint64_t u;
	if (rbelow(&g->rng, 2))
		u = edge64[rbelow(&g->rng, sizeof edge64 / sizeof edge64[0])];
	else {
		double d = nice(&g->rng);
		memcpy(&u, &d, 8);
	}
	snprintf(buf, n, "0d%016llX", (unsigned long long)u);
	return buf;
}

/* resolves the [a/b] choices of a template into out, innermost first,
 * so that they may nest */
static void
choose(Gen *g, const char *tpl, char *out, size_t len)
{
	snprintf(out, len, "%s", tpl);
	for (;;) {
		char *close = strchr(out, ']'), *open, *alt[16], *a;
		int na = 0;
		size_t bl;
		if (!close)
			break;
		for (open = close; open > out && *open != '['; open--)
			;
		alt[na++] = open + 1;
		for (char *q = open + 1; q < close; q++)
			if (*q == '/' && na < 16)
				alt[na++] = q + 1;
		a = alt[rbelow(&g->rng, (unsigned)na)];
		bl = strcspn(a, "/]");
		memmove(open, a, bl);
		memmove(open + bl, close + 1, strlen(close + 1) + 1);
	}
}

/*
 * Expands one template group (see the top comment) and emits it, storing
 * each destination.  pred >= 0: the instructions run under @%p<pred> (or
 * @!%p when neg), and their destinations are given a value first.
 */
static int immtype(const char *line, size_t n, int cls);
static void immlit(Gen *g, int kind, int cls, char *buf, size_t n);

static void
emit(Gen *g, const char *tpl, int pred, int neg)
{
	char line[512], buf[512];
	int prev = -1, prevcls = C32;

	choose(g, tpl, buf, sizeof buf);
	tpl = buf;
	while (*tpl) {
		int dcls[5], dreg[5], nd = 0;
		size_t n = 0;
		const char *p = tpl;

		/* one instruction: up to ';' */
		while (*p && *p != ';' && n < sizeof line - 64) {
			if (*p != '$') {
				line[n++] = *p++;
				continue;
			}
			p++;
			char c = *p++;
			char tmp[40];
			const char *s = tmp;
			int cls;
			switch (c) {
			case 'R': case 'H': case 'L': case 'P':
				cls = c == 'R' ? C32 : c == 'H' ? C16 : c == 'L' ? C64 : CP;
				dcls[nd] = cls;
				dreg[nd] = newreg(g, cls);
				snprintf(tmp, sizeof tmp, "%s%d", regpfx[cls], dreg[nd]);
				/* (version 8 stores a fourth destination too) */
				if (nd < (g->ver >= 8 ? 4 : 3))
					nd++;
				break;
			case 'r': case 'h': case 'l': case 'p':
				cls = c == 'r' ? C32 : c == 'h' ? C16 : c == 'l' ? C64 : CP;
				/* version 15's immx family: a literal where the operand's type takes one */
				if (g->immx && cls != CP && (g->immx == 2 || rbelow(&g->rng, 2))) {
					int kind;
					line[n] = 0;
					if ((kind = immtype(line, n, cls)) != 0) {
						immlit(g, kind, cls, tmp, sizeof tmp);
						break;
					}
				}
				snprintf(tmp, sizeof tmp, "%s%d", regpfx[cls], pick(g, cls));
				break;
			case '0':
				snprintf(tmp, sizeof tmp, "%s%d", regpfx[prevcls], prev);
				break;
			case 'm': s = "%r7"; break;
			case 'k': snprintf(tmp, sizeof tmp, "%u", rbelow(&g->rng, 32)); break;
			case 'i': snprintf(tmp, sizeof tmp, "%u", rbelow(&g->rng, 71)); break;
			case 'b': snprintf(tmp, sizeof tmp, "0x%02x", rbelow(&g->rng, 256)); break;
			case 'u':
				snprintf(tmp, sizeof tmp, "0x%08x", rbelow(&g->rng, 2) ? (unsigned)rnext(&g->rng) :
				    edge32[rbelow(&g->rng, sizeof edge32 / sizeof edge32[0])]);
				break;
			case 'f': imm_f32(g, tmp, sizeof tmp); break;
			case 'd': imm_f64(g, tmp, sizeof tmp); break;
			case 'c': {
				static const unsigned seg[] = { 0, 0, 0x1f, 0x1c, 0x18, 0x10, 0x1e };
				unsigned m = rbelow(&g->rng, 4) ? seg[rbelow(&g->rng, 7)] : rbelow(&g->rng, 32);
				snprintf(tmp, sizeof tmp, "0x%x", m << 8 | (rbelow(&g->rng, 3) ? 0x1f : rbelow(&g->rng, 32)));
				break;
			}
			default:
				tmp[0] = c;
				tmp[1] = 0;
			}
			while (*s && n < sizeof line - 64)
				line[n++] = *s++;
		}
		line[n] = 0;
		tpl = *p == ';' ? p + 1 : p;
		while (*tpl == ' ')
			tpl++;

		if (pred >= 0) {
			/* the destinations keep a defined value where the guard is false */
			for (int i = 0; i < nd; i++) {
				switch (dcls[i]) {
				case C16: ins(g, "mov.b16 %%h%d, %%h%d", dreg[i], pick(g, C16)); break;
				case C32: ins(g, "mov.b32 %%r%d, %%r%d", dreg[i], pick(g, C32)); break;
				case C64: ins(g, "mov.b64 %%rd%d, %%rd%d", dreg[i], pick(g, C64)); break;
				default: ins(g, "setp.ne.b32 %%p%d, %%r%d, 0", dreg[i], pick(g, C32));
				}
			}
			bput(&g->b, "\t@%s%%p%d %s;\n", neg ? "!" : "", pred, line);
		} else
			ins(g, "%s", line);
		int at = g->b.lines;
		for (int i = 0; i < nd; i++) {
			store(g, dcls[i], dreg[i], at);
			addpool(g, dcls[i], dreg[i]);
		}
		if (nd) {
			prev = dreg[0];
			prevcls = dcls[0];
		}
	}
}

/* ---------------------------------------------------------------- templates */

typedef struct {
	int w;
	const char *t;
} Tpl;

static const Tpl t_int[] = {
	{ 4, "add[.s32/.u32/.sat.s32/.s32] $R, $r, $r" },
	{ 1, "add[.s32/.u32] $R, $r, $u" },
	{ 2, "add[.s64/.u64] $L, $l, $l" },
	{ 1, "add[.s16/.u16] $H, $h, $h" },
	{ 2, "sub[.s32/.u32/.sat.s32] $R, $r, $r" },
	{ 1, "sub[.s64 $L, $l, $l/.s16 $H, $h, $h]" },
	{ 3, "mul[.lo/.hi][.s32/.u32] $R, $r, $r" },
	{ 2, "mul.wide[.s32/.u32] $L, $r, $r" },
	{ 1, "mul.wide[.s16/.u16] $R, $h, $h" },
	{ 2, "mul[.lo/.hi][.s64/.u64] $L, $l, $l" },
	{ 1, "mul[.lo/.hi][.s16/.u16] $H, $h, $h" },
	{ 3, "mad[.lo/.hi][.s32/.u32] $R, $r, $r, $r" },
	{ 1, "mad.hi.sat.s32 $R, $r, $r, $r" },
	{ 1, "mad.wide[.s32/.u32] $L, $r, $r, $l" },
	{ 1, "mad[.lo/.hi][.s64/.u64] $L, $l, $l, $l" },
	{ 1, "mul24[.lo/.hi][.s32/.u32] $R, $r, $r" },
	{ 1, "mad24[.lo/.hi][.s32/.u32] $R, $r, $r, $r" },
	{ 1, "sad[.s32/.u32] $R, $r, $r, $r" },
	{ 1, "sad[.s64/.u64] $L, $l, $l, $l" },
	{ 1, "sad[.s16/.u16] $H, $h, $h, $h" },
	{ 2, "[min/max][.s32/.u32] $R, $r, $r" },
	{ 1, "[min/max][.s64/.u64] $L, $l, $l" },
	{ 1, "[min/max][.s16/.u16] $H, $h, $h" },
	{ 1, "[min/max][.u16x2/.s16x2] $R, $r, $r" },
	{ 1, "[min/max].relu[.s32/.s16x2] $R, $r, $r" },
	{ 1, "[abs/neg].s32 $R, $r" },
	{ 1, "[abs/neg].s64 $L, $l" },
	{ 1, "[abs/neg].s16 $H, $h" },
	{ 3, "[shl.b32/shr.b32/shr.u32/shr.s32] $R, $r, [$r/$i]" },
	{ 2, "[shl.b64/shr.b64/shr.u64/shr.s64] $L, $l, [$r/$i]" },
	{ 1, "[shl.b16/shr.b16/shr.u16/shr.s16] $H, $h, [$r/$i]" },
	{ 2, "bfe[.u32/.s32] $R, $r, [$r/$i], [$r/$i]" },
	{ 1, "bfe[.u64/.s64] $L, $l, [$r/$i], [$r/$i]" },
	{ 2, "bfi.b32 $R, $r, $r, [$r/$i], [$r/$i]" },
	{ 1, "bfi.b64 $L, $l, $l, [$r/$i], [$r/$i]" },
	{ 2, "prmt.b32 $R, $r, $r, [$r/$u]" },
	{ 1, "prmt.b32[.f4e/.b4e/.rc8/.ecl/.ecr/.rc16] $R, $r, $r, [$r/$u]" },
	{ 1, "brev.b32 $R, $r" }, { 1, "brev.b64 $L, $l" },
	{ 1, "popc.b32 $R, $r" }, { 1, "popc.b64 $R, $l" },
	{ 1, "clz.b32 $R, $r" }, { 1, "clz.b64 $R, $l" },
	{ 1, "bfind[.u32/.s32/.shiftamt.u32/.shiftamt.s32] $R, $r" },
	{ 1, "bfind[.u64/.s64/.shiftamt.u64/.shiftamt.s64] $R, $l" },
	{ 1, "fns.b32 $R, $r, $k, [$r/$i/-$k]" },
	{ 3, "lop3.b32 $R, $r, $r, $r, $b" },
	{ 2, "shf[.l/.r][.clamp/.wrap].b32 $R, $r, $r, [$r/$i]" },
	{ 2, "dp4a[.u32/.s32][.u32/.s32] $R, $r, $r, $r" },
	{ 2, "dp2a[.lo/.hi][.u32/.s32][.u32/.s32] $R, $r, $r, $r" },
	{ 2, "add.cc.u32 $R, $r, $r; addc.cc.u32 $R, $r, $r; addc.u32 $R, $r, $r" },
	{ 1, "sub.cc.u32 $R, $r, $r; subc.cc.u32 $R, $r, $r; subc.u32 $R, $r, $r" },
	{ 1, "add.cc.u64 $L, $l, $l; addc.u64 $L, $l, $l" },
	{ 1, "mad.lo.cc.u32 $R, $r, $r, $r; madc.hi.cc.u32 $R, $r, $r, $r; madc.lo.u32 $R, $r, $r, $r" },
	{ 2, "[and/or/xor].b32 $R, $r, [$r/$u]" },
	{ 1, "[and/or/xor].b64 $L, $l, $l" },
	{ 1, "[and/or/xor].b16 $H, $h, $h" },
	{ 1, "[not/cnot].b32 $R, $r" }, { 1, "[not/cnot].b16 $H, $h" }, { 1, "not.b64 $L, $l" },
	{ 2, "setp[.eq/.ne/.lt/.le/.gt/.ge][.s32/.u32] $P, $r, $r" },
	{ 1, "setp[.lo/.ls/.hi/.hs].u32 $P, $r, $r" },
	{ 1, "setp[.eq/.ne/.lt/.ge][.s64/.u64] $P, $l, $l" },
	{ 1, "setp[.eq/.ne/.lt/.ge][.s16/.u16] $P, $h, $h" },
	{ 1, "selp.b32 $R, $r, $r, $p" },
	{ 1, "set[.eq/.lt/.gt][.u32/.s32].s32 $R, $r, $r" },
	{ 1, "slct[.b32/.s32/.u32].s32 $R, $r, $r, $r" },
	{ 1, "[and/or/xor].pred $P, $p, $p" },
	{ 1, "cvt[.u32.u16 $R, $h/.s32.s16 $R, $h/.u16.u32 $H, $r/.s16.s32 $H, $r/.u64.u32 $L, $r/.s64.s32 $L, $r/.u32.u64 $R, $l]" },
	{ 1, "mov.b64 $L, {$r, $r}" },
	{ 1, "mov.b64 {$R, $R}, $l" },
	{ 1, "mov.b32 $R, {$h, $h}" },
	{ 1, "mov.b32 {$H, $H}, $r" },
	{ 0, NULL },
};

static const Tpl t_f32[] = {
	{ 4, "[add/sub/mul][.rn/.rz/.rm/.rp/][.ftz/][.sat/].f32 $R, $r, [$r/$r/$f]" },
	{ 3, "fma[.rn/.rz/.rm/.rp][.ftz/][.sat/].f32 $R, $r, $r, $r" },
	{ 1, "mad[.rn/.rz/.rm/.rp][.ftz/][.sat/].f32 $R, $r, $r, $r" },
	{ 2, "[min/max][.ftz/][.NaN/][.xorsign.abs/].f32 $R, $r, $r" },
	{ 2, "div[.rn/.rz/.rm/.rp][.ftz/].f32 $R, $r, $r" },
	{ 1, "div[.approx/.full][.ftz/].f32 $R, $r, $r" },
	{ 2, "rcp[.rn/.rz/.rm/.rp][.ftz/].f32 $R, $r" },
	{ 1, "rcp.approx[.ftz/].f32 $R, $r" },
	{ 2, "sqrt[.rn/.rz/.rm/.rp][.ftz/].f32 $R, $r" },
	{ 1, "sqrt.approx[.ftz/].f32 $R, $r" },
	{ 1, "[abs/neg][.ftz/].f32 $R, $r" },
	{ 1, "copysign.f32 $R, $r, $r" },
	{ 1, "testp[.finite/.infinite/.number/.notanumber/.normal/.subnormal].f32 $P, $r" },
	{ 2, "setp[.eq/.ne/.lt/.le/.gt/.ge/.equ/.neu/.ltu/.leu/.gtu/.geu/.num/.nan][.ftz/].f32 $P, $r, $r" },
	{ 1, "setp[.eq/.lt/.gtu/.nan][.ftz/][.and/.or/.xor].f32 $P|$P, $r, $r, [/!]$p" },
	{ 1, "set[.eq/.ne/.lt/.ge/.neu/.num][.ftz/][.u32/.s32/.f32].f32 $R, $r, $r" },
	{ 1, "slct[.ftz/].f32.f32 $R, $r, $r, $r" },
	{ 1, "selp.f32 $R, $r, $f, $p" },
	{ 0, NULL },
};

static const Tpl t_f64[] = {
	{ 4, "[add/sub/mul][.rn/.rz/.rm/.rp/].f64 $L, $l, [$l/$l/$d]" },
	{ 3, "fma[.rn/.rz/.rm/.rp].f64 $L, $l, $l, $l" },
	{ 1, "mad[.rn/.rz/.rm/.rp].f64 $L, $l, $l, $l" },
	{ 2, "[min/max].f64 $L, $l, $l" },
	{ 2, "div[.rn/.rz/.rm/.rp].f64 $L, $l, $l" },
	{ 1, "rcp[.rn/.rz/.rm/.rp].f64 $L, $l" },
	{ 1, "rcp.approx.ftz.f64 $L, $l" },
	{ 2, "sqrt[.rn/.rz/.rm/.rp].f64 $L, $l" },
	{ 1, "[abs/neg].f64 $L, $l" },
	{ 1, "copysign.f64 $L, $l, $l" },
	{ 1, "testp[.finite/.infinite/.number/.notanumber/.normal/.subnormal].f64 $P, $l" },
	{ 2, "setp[.eq/.ne/.lt/.le/.gt/.ge/.equ/.neu/.ltu/.leu/.gtu/.geu/.num/.nan].f64 $P, $l, $l" },
	{ 1, "setp[.ne/.le/.ltu/.num][.and/.or/.xor].f64 $P|$P, $l, $l, [/!]$p" },
	{ 1, "selp.f64 $L, $l, $d, $p" },
	{ 0, NULL },
};

static const Tpl t_half[] = {
	{ 3, "[add/sub/mul][.rn/][.ftz/][.sat/].f16 $H, $h, $h" },
	{ 3, "[add/sub/mul][.rn/][.ftz/][.sat/].f16x2 $R, $r, $r" },
	{ 2, "[add/sub/mul][.rn/].bf16 $H, $h, $h" },
	{ 2, "[add/sub/mul][.rn/].bf16x2 $R, $r, $r" },
	{ 2, "fma.rn[.ftz/][.sat/.relu/].f16 $H, $h, $h, $h" },
	{ 2, "fma.rn[.ftz/][.sat/.relu/].f16x2 $R, $r, $r, $r" },
	{ 1, "fma.rn[.relu/].bf16 $H, $h, $h, $h" },
	{ 1, "fma.rn[.relu/].bf16x2 $R, $r, $r, $r" },
	{ 2, "[min/max][.ftz/][.NaN/][.xorsign.abs/].f16 $H, $h, $h" },
	{ 2, "[min/max][.ftz/][.NaN/][.xorsign.abs/].f16x2 $R, $r, $r" },
	{ 1, "[min/max][.NaN/][.xorsign.abs/].bf16 $H, $h, $h" },
	{ 1, "[min/max][.NaN/][.xorsign.abs/].bf16x2 $R, $r, $r" },
	{ 1, "[neg/abs][.ftz/].f16 $H, $h" },
	{ 1, "[neg/abs][.ftz/].f16x2 $R, $r" },
	{ 1, "[neg/abs].bf16 $H, $h" },
	{ 1, "[neg/abs].bf16x2 $R, $r" },
	{ 2, "setp[.eq/.ne/.lt/.le/.gt/.ge/.equ/.neu/.ltu/.geu/.num/.nan][.ftz/].f16 $P, $h, $h" },
	{ 2, "setp[.eq/.ne/.lt/.le/.gt/.ge/.equ/.neu/.ltu/.geu/.num/.nan][.ftz/].f16x2 $P|$P, $r, $r" },
	{ 1, "setp[.eq/.ne/.lt/.gtu/.nan].bf16 $P, $h, $h" },
	{ 1, "setp[.eq/.ne/.lt/.gtu/.nan].bf16x2 $P|$P, $r, $r" },
	{ 1, "setp[.lt/.neu][.ftz/][.and/.or/.xor].f16x2 $P|$P, $r, $r, [/!]$p" },
	{ 1, "set[.eq/.ne/.lt/.ge/.neu/.num][.ftz/][.f16/.u16/.s16].f16 $H, $h, $h" },
	{ 1, "set[.eq/.ne/.lt/.ge/.neu/.num][.ftz/][.u32/.s32].f16 $R, $h, $h" },
	{ 1, "set[.eq/.ne/.lt/.ge/.neu/.num][.ftz/][.f16x2/.u32/.s32].f16x2 $R, $r, $r" },
	{ 1, "set[.eq/.lt/.nan][.bf16/.u16/.s16].bf16 $H, $h, $h" },
	{ 1, "set[.eq/.lt/.nan][.bf16x2/.u32].bf16x2 $R, $r, $r" },
	{ 1, "cvt.f32[.f16/.bf16] $R, $h" },
	{ 1, "cvt[.rn/.rz/.rm/.rp].f16.f32 $H, $r" },
	{ 1, "cvt[.rn/.rz/.rm/.rp].bf16.f32 $H, $r" },
	{ 1, "cvt.rn[.relu/].[f16x2/bf16x2].f32 $R, $r, $r" },
	{ 1, "mov.b32 $R, {$h, $h}" },
	{ 1, "mov.b32 {$H, $H}, $r" },
	{ 0, NULL },
};

static const Tpl t_approx[] = {
	{ 3, "[sin/cos/lg2/ex2].approx[.ftz/].f32 $R, $r" },
	{ 2, "rsqrt.approx[.ftz/].f32 $R, $r" },
	{ 1, "rsqrt.approx[.ftz/].f64 $L, $l" },
	{ 2, "tanh.approx.f32 $R, $r" },
	{ 1, "tanh.approx[.f16 $H, $h/.bf16 $H, $h/.f16x2 $R, $r/.bf16x2 $R, $r]" },
	{ 1, "ex2.approx[.f16 $H, $h/.ftz.bf16 $H, $h/.f16x2 $R, $r/.ftz.bf16x2 $R, $r]" },
	{ 1, "[rcp/sqrt].approx[.ftz/].f32 $R, $r" },
	{ 1, "rcp.approx.ftz.f64 $L, $l" },
	{ 1, "div.[approx/full][.ftz/].f32 $R, $r, $r" },
	{ 1, "mul.f32 $R, $r, $f" },
	{ 0, NULL },
};

/* mul then add on the same values with no rounding modifier: ptxas may
 * contract the pair into one fma; an explicit .rn forbids it */
static const Tpl t_contract[] = {
	{ 4, "mul[.ftz/].f32 $R, $r, $r; [add/sub][.ftz/].f32 $R, [$0, $r/$r, $0]" },
	{ 1, "mul[.ftz/].f32 $R, $r, $r; add[.ftz/].f32 $R, $0, $0" },
	{ 1, "mul.rn.f32 $R, $r, $r; add.f32 $R, $0, $r" },
	{ 1, "mul[.sat/].f32 $R, $r, $r; add[.sat/].f32 $R, $0, $r" },
	{ 3, "mul.f64 $L, $l, $l; [add/sub].f64 $L, [$0, $l/$l, $0]" },
	{ 2, "mul[.ftz/].f16 $H, $h, $h; [add/sub][.ftz/].f16 $H, [$0, $h/$h, $0]" },
	{ 2, "mul.f16x2 $R, $r, $r; [add/sub].f16x2 $R, [$0, $r/$r, $0]" },
	{ 1, "mul.bf16 $H, $h, $h; add.bf16 $H, $0, $h" },
	{ 1, "mul.f32 $R, $r, $r; mul.f32 $R, $r, $r; add.f32 $R, $0, $r" },
	{ 0, NULL },
};

static const Tpl t_video[] = {
	{ 3, "[vadd/vsub/vabsdiff/vmin/vmax][.u32/.s32][.u32/.s32][.u32/.s32][/.sat] $R, $r[/.b0/.b1/.b2/.b3/.h0/.h1], $r[/.b0/.b3/.h1]" },
	{ 2, "[vadd/vsub/vabsdiff/vmin/vmax][.u32/.s32][.u32/.s32][.u32/.s32][/.sat][.add/.min/.max] $R, $r[/.b1/.h0], $r[/.b2/.h1], $r" },
	{ 1, "[vadd/vsub/vabsdiff/vmin/vmax][.u32/.s32][.u32/.s32][.u32/.s32] $R[.b0/.b1/.b2/.b3/.h0/.h1], $r, $r, $r" },
	{ 2, "[vshl/vshr][.u32/.s32][.u32/.s32].u32[/.sat][.clamp/.wrap] $R, $r[/.b0/.h1], $r" },
	{ 1, "vmad[.u32/.s32][.u32/.s32][.u32/.s32][/.sat][/.shr7/.shr15] $R, $r[/.b1/.h0], $r[/.h1], $r" },
	{ 2, "vset[.u32/.s32][.u32/.s32][.eq/.ne/.lt/.le/.gt/.ge] $R, $r[/.b2/.h0], $r" },
	{ 1, "vset[.u32/.s32][.u32/.s32][.eq/.lt/.ge][.add/.min/.max] $R, $r, $r, $r" },
	{ 3, "[vadd2/vsub2/vavrg2/vabsdiff2/vmin2/vmax2][.u32/.s32][.u32/.s32][.u32/.s32][/.sat] $R, $r, $r, $r" },
	{ 3, "[vadd4/vsub4/vavrg4/vabsdiff4/vmin4/vmax4][.u32/.s32][.u32/.s32][.u32/.s32][/.sat] $R, $r, $r, $r" },
	{ 1, "[vadd2/vsub2/vabsdiff2][.u32/.s32][.u32/.s32][.u32/.s32].add $R, $r, $r, $r" },
	{ 1, "[vset2/vset4][.u32/.s32][.u32/.s32][.eq/.ne/.lt/.le/.gt/.ge] $R, $r, $r, $r" },
	{ 0, NULL },
};

/* warp collectives: convergent code only, %r7 the mask of the lanes present */
static const Tpl t_warp[] = {
	{ 3, "vote.sync[.all/.any/.uni].pred $P, [/!]$p, $m" },
	{ 3, "vote.sync.ballot.b32 $R, [/!]$p, $m" },
	{ 2, "match.sync.any.b32 $R, $r, $m" },
	{ 1, "match.sync.all.b32 $R|$P, $r, $m" },
	{ 1, "match.sync.any.b64 $R, $l, $m" },
	{ 1, "match.sync.all.b64 $R|$P, $l, $m" },
	{ 3, "redux.sync[.add/.min/.max][.u32/.s32] $R, $r, $m" },
	{ 2, "redux.sync[.and/.or/.xor].b32 $R, $r, $m" },
	{ 1, "bar.warp.sync $m; activemask.b32 $R" },
	{ 1, "elect.sync $R|$P, $m" },
	{ 2, "and.b32 $R, $r, [3/7/1]" },
	{ 1, "shr.u32 $R, $r, 30" },
	{ 1, "and.b32 $R, %r4, [3/6/12]" },
	{ 0, NULL },
};
static const Tpl t_shfl[] = {
	{ 1, "shfl.sync[.up/.down/.bfly/.idx].b32 $R[/|$P], $r, [$k/$r/$k], [$c/$c/$r], $m" },
	{ 0, NULL },
};

static const Tpl t_control[] = {
	{ 3, "setp[.eq/.ne/.lt/.le/.gt/.ge][.s32/.u32][.and/.or/.xor] $P, $r, $r, [/!]$p" },
	{ 1, "setp[.lt/.ge/.neu][.f32][.and/.or/.xor] $P|$P, $r, $r, [/!]$p" },
	{ 2, "setp[.lt.s32/.ne.u32/.hi.u32/.ls.u32/.ge.s32] $P|$P, $r, $r" },
	{ 2, "selp[.b32/.s32/.f32] $R, $r, $r, [/!]$p" },
	{ 1, "selp[.b64/.u64] $L, $l, $l, $p" },
	{ 1, "selp.b16 $H, $h, $h, $p" },
	{ 2, "[and/or/xor].pred $P, [/!]$p, [/!]$p" },
	{ 1, "not.pred $P, $p" },
	{ 0, NULL },
};

static const char *
pickt(Gen *g, const Tpl *t)
{
	int sum = 0, x;
	for (const Tpl *p = t; p->t; p++)
		sum += p->w;
	x = (int)rbelow(&g->rng, (unsigned)sum);
	for (const Tpl *p = t; p->t; p++)
		if ((x -= p->w) < 0)
			return p->t;
	return t[0].t;
}

/* ---------------------------------------------------------------- cvt */

enum { T_U8, T_S8, T_U16, T_S16, T_U32, T_S32, T_U64, T_S64, T_F16, T_BF16, T_F32, T_F64, NTY };
static const char *const tyname[NTY] = {
	"u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "f16", "bf16", "f32", "f64"
};
static const int tybits[NTY] = { 8, 8, 16, 16, 32, 32, 64, 64, 16, 16, 32, 64 };

static int
isfloat(int t)
{
	return t >= T_F16;
}

static int
issigned(int t)
{
	return t == T_S8 || t == T_S16 || t == T_S32 || t == T_S64;
}

/* .sat between integers only where the value may not fit */
static int
cansat(int s, int d)
{
	if (issigned(s) && !issigned(d))
		return 1;
	if (!issigned(s) && issigned(d))
		return tybits[d] <= tybits[s];
	return tybits[d] < tybits[s];
}

/* the register class of a cvt operand of type t: its own size, or (for
 * the narrow integer types, which cvt lets use wider registers) wider */
static int
cvtcls(Gen *g, int t)
{
	int bits = tybits[t];
	if (!isfloat(t) && bits <= 16 && rbelow(&g->rng, 5) == 0)
		return C32;
	return bits <= 16 ? C16 : bits == 32 ? C32 : C64;
}

static void
gen_cvt(Gen *g)
{
	static const char *const frnd[] = { ".rn", ".rz", ".rm", ".rp" };
	static const char *const irnd[] = { ".rni", ".rzi", ".rmi", ".rpi" };
	static const char ccode[] = { 'H', 'R', 'L' }, scode[] = { 'h', 'r', 'l' };
	char tpl[160];
	unsigned x = rbelow(&g->rng, 20);

	if (x == 0) {
		emit(g, pickt(g, (const Tpl[]){
			{ 2, "cvt.rn.satfinite[.relu/].[e4m3x2/e5m2x2].f32 $H, $r, $r" },
			{ 2, "cvt.rn[.relu/].f16x2.[e4m3x2/e5m2x2] $R, $h" },
			{ 1, "cvt.rn.satfinite[.relu/].[e4m3x2/e5m2x2].f16x2 $H, $r" },
			{ 1, "cvt.rna[.satfinite/].tf32.f32 $R, $r" },
			{ 2, "cvt.rn[.relu/][.satfinite/].[f16x2/bf16x2].f32 $R, $r, $r" },
			{ 0, NULL } }), -1, 0);
		return;
	}
	int s = (int)rbelow(&g->rng, NTY), d = (int)rbelow(&g->rng, NTY);
	const char *rnd = "", *ftz = "", *sat = "", *relu = "";
	if (isfloat(d) && isfloat(s)) {
		if (s == d)
			rnd = irnd[rbelow(&g->rng, 4)];
		else if (tybits[d] < tybits[s] || (tybits[d] == tybits[s]))
			rnd = frnd[rbelow(&g->rng, 4)];
		if ((s == T_F32 || d == T_F32) && rbelow(&g->rng, 2))
			ftz = ".ftz";
		if (rbelow(&g->rng, 4) == 0)
			sat = ".sat";
		if ((d == T_F16 || d == T_BF16) && s == T_F32 && rbelow(&g->rng, 4) == 0) {
			rnd = ".rn";
			relu = ".relu";
			sat = ftz = "";
		}
	} else if (isfloat(s) && !isfloat(d)) {
		rnd = irnd[rbelow(&g->rng, 4)];
		if (s == T_F32 && rbelow(&g->rng, 2))
			ftz = ".ftz";
		if (rbelow(&g->rng, 4) == 0)
			sat = ".sat";
	} else if (!isfloat(s) && isfloat(d)) {
		rnd = frnd[rbelow(&g->rng, 4)];
		if (rbelow(&g->rng, 4) == 0)
			sat = ".sat";
	} else if (rbelow(&g->rng, 2) && cansat(s, d))
		sat = ".sat";
	/* bf16 converts only from and to 32- and 64-bit integers, never saturated */
	if (s == T_BF16 || d == T_BF16) {
		sat = "";
		if ((!isfloat(s) && tybits[s] < 32) || (!isfloat(d) && tybits[d] < 32))
			return;
	}
	int dc = cvtcls(g, d), sc = cvtcls(g, s);
	snprintf(tpl, sizeof tpl, "cvt%s%s%s%s.%s.%s $%c, $%c", rnd, relu, ftz, sat, tyname[d], tyname[s],
	    ccode[dc], scode[sc]);
	emit(g, tpl, -1, 0);
}

/* ---------------------------------------------------------------- integer division */

static void
gen_div(Gen *g)
{
	static const char *const ty[] = { "s32", "u32", "s64", "u64", "s16", "u16" };
	static const int cls[] = { C32, C32, C64, C64, C16, C16 };
	static const char *const bits[] = { "b32", "b32", "b64", "b64", "b16", "b16" };
	int t = (int)rbelow(&g->rng, 6), c = cls[t];
	int b = pick(g, c), a = pick(g, c);
	int tmp = newreg(g, c), dd = newreg(g, c), p = newreg(g, CP), d = newreg(g, c);
	const char *rp = regpfx[c];
	int at;

	/* a divisor of 0 or -1 becomes 3: division by zero is undefined, and
	 * so is the quotient of the most negative value by -1 */
	ins(g, "add.%s %s%d, %s%d, 1", ty[t], rp, tmp, rp, b);
	ins(g, "setp.gt.u%s %%p%d, %s%d, 1", ty[t] + 1, p, rp, tmp);
	ins(g, "selp.%s %s%d, %s%d, 3, %%p%d", bits[t], rp, dd, rp, b, p);
	ins(g, "%s.%s %s%d, %s%d, %s%d", rbelow(&g->rng, 2) ? "div" : "rem", ty[t], rp, d, rp, a, rp, dd);
	at = g->b.lines;
	store(g, c, d, at);
	addpool(g, c, d);
}

/* ---------------------------------------------------------------- memory */

/*
 * Each thread owns a 16-byte cell in shared memory (sm + 16 * tid) and in
 * the scratch buffer (16 * global tid); 64 bytes of counters per CTA sit
 * at sm + 1536 and past the scratch cells.  Every item starts with a
 * barrier, so that no thread writes what another may still be reading.
 */
static void
mem_init(Gen *g)
{
	int p = newreg(g, CP);
	ins(g, "st.shared.v2.b64 [%%rd9], {%%rd10, %%rd11}");
	ins(g, "st.global.v2.b64 [%%rd5], {%%rd12, %%rd13}");
	ins(g, "setp.lt.u32 %%p%d, %%r0, 16", p);
	ins(g, "mul.wide.u32 %%rd3, %%r0, 4");
	ins(g, "add.s64 %%rd14, %%rd8, %%rd3");
	ins(g, "@%%p%d st.shared.b32 [%%rd14+1536], %%r%d", p, 9 + (int)rbelow(&g->rng, 8));
	ins(g, "add.s64 %%rd14, %%rd7, %%rd3");
	ins(g, "@%%p%d st.global.b32 [%%rd14], %%r%d", p, 9 + (int)rbelow(&g->rng, 8));
	ins(g, "bar.sync 0");
	g->mem = 1;
}

static void
gen_mem(Gen *g)
{
	static const struct { const char *ty; int size, cls; } w[] = {
		{ "u8", 1, C16 }, { "s8", 1, C16 }, { "b16", 2, C16 }, { "b32", 4, C32 }, { "b64", 8, C64 },
		{ "v2.b32", 8, C32 }, { "v4.b32", 16, C32 }, { "v2.b64", 16, C64 }, { "v2.b16", 4, C16 },
	};
	int shared = rbelow(&g->rng, 2);
	const char *sp = shared ? "shared" : "global";
	unsigned x = rbelow(&g->rng, 10);
	int at;

	if (!g->mem)
		mem_init(g);
	ins(g, "bar.sync 0");
	if (x < 4) {
		/* store into the own cell, then load a neighbour's */
		int i = (int)rbelow(&g->rng, sizeof w / sizeof w[0]);
		int off = (int)rbelow(&g->rng, 16 / (unsigned)w[i].size) * w[i].size;
		int n = w[i].ty[0] == 'v' ? w[i].ty[1] - '0' : 1;
		char regs[128] = "";
		for (int j = 0; j < n; j++)
			snprintf(regs + strlen(regs), sizeof regs - strlen(regs), "%s%s%d", j ? ", " : "",
			    regpfx[w[i].cls], pick(g, w[i].cls));
		ins(g, "st.%s.%s [%s+%d], %s%s%s", sp, w[i].ty[0] == 'u' || w[i].ty[0] == 's' ? "b8" : w[i].ty,
		    shared ? "%rd9" : "%rd5", off, n > 1 ? "{" : "", regs, n > 1 ? "}" : "");
		ins(g, "bar.sync 0");
		int t = newreg(g, C32);
		ins(g, "add.u32 %%r%d, %%r0, %u", t, 1 + rbelow(&g->rng, g->k->ntid - 1));
		ins(g, "rem.u32 %%r%d, %%r%d, %%r2", t, t);
		if (!shared)
			ins(g, "mad.lo.u32 %%r%d, %%r1, %%r2, %%r%d", t, t);
		ins(g, "mul.wide.u32 %%rd3, %%r%d, 16", t);
		ins(g, "add.s64 %%rd14, %s, %%rd3", shared ? "%rd8" : "%rd2");
		i = (int)rbelow(&g->rng, sizeof w / sizeof w[0]);
		off = (int)rbelow(&g->rng, 16 / (unsigned)w[i].size) * w[i].size;
		n = w[i].ty[0] == 'v' ? w[i].ty[1] - '0' : 1;
		int d[4];
		regs[0] = 0;
		for (int j = 0; j < n; j++) {
			d[j] = newreg(g, w[i].cls);
			snprintf(regs + strlen(regs), sizeof regs - strlen(regs), "%s%s%d", j ? ", " : "",
			    regpfx[w[i].cls], d[j]);
		}
		ins(g, "ld.%s.%s %s%s%s, [%%rd14+%d]", sp, w[i].ty, n > 1 ? "{" : "", regs, n > 1 ? "}" : "", off);
		at = g->b.lines;
		for (int j = 0; j < n; j++) {
			store(g, w[i].cls, d[j], at);
			addpool(g, w[i].cls, d[j]);
		}
	} else if (x < 7) {
		/* an atomic on the own cell: its old value is well defined */
		static const struct { const char *op; int size, cls; } a[] = {
			{ "add.u32", 4, C32 }, { "add.u64", 8, C64 }, { "add.f32", 4, C32 }, { "add.f64", 8, C64 },
			{ "and.b32", 4, C32 }, { "or.b32", 4, C32 }, { "xor.b32", 4, C32 }, { "min.u32", 4, C32 },
			{ "max.s32", 4, C32 }, { "min.s64", 8, C64 }, { "exch.b32", 4, C32 }, { "exch.b64", 8, C64 },
			{ "inc.u32", 4, C32 }, { "dec.u32", 4, C32 }, { "cas.b32", 4, C32 }, { "cas.b64", 8, C64 },
			{ "add.noftz.f16", 2, C16 }, { "add.noftz.bf16", 2, C16 }, { "add.noftz.f16x2", 4, C32 },
		};
		int i = (int)rbelow(&g->rng, sizeof a / sizeof a[0]), c = a[i].cls;
		int off = (int)rbelow(&g->rng, 16 / (unsigned)a[i].size) * a[i].size;
		int d = newreg(g, c), v = pick(g, c);
		if (strncmp(a[i].op, "cas", 3) == 0)
			ins(g, "atom.%s.%s %s%d, [%s+%d], %s%d, %s%d", sp, a[i].op, regpfx[c], d,
			    shared ? "%rd9" : "%rd5", off, regpfx[c], pick(g, c), regpfx[c], v);
		else
			ins(g, "atom.%s.%s %s%d, [%s+%d], %s%d", sp, a[i].op, regpfx[c], d,
			    shared ? "%rd9" : "%rd5", off, regpfx[c], v);
		at = g->b.lines;
		store(g, c, d, at);
		addpool(g, c, d);
	} else {
		/* a commutative reduction into a CTA counter, read after a barrier */
		static const struct { const char *op; int cls; } r[] = {
			{ "add.u32", C32 }, { "and.b32", C32 }, { "or.b32", C32 }, { "xor.b32", C32 },
			{ "min.u32", C32 }, { "max.u32", C32 }, { "min.s32", C32 }, { "max.s32", C32 },
			{ "add.u64", C64 }, { "and.b64", C64 }, { "max.s64", C64 },
		};
		int i = (int)rbelow(&g->rng, sizeof r / sizeof r[0]), c = r[i].cls;
		int off = c == C64 ? 48 + 8 * (int)rbelow(&g->rng, 2) : 4 * (int)rbelow(&g->rng, 12);
		int d = newreg(g, c);
		if (shared)
			off += 1536;
		ins(g, "red.%s.%s [%s+%d], %s%d", sp, r[i].op, shared ? "%rd8" : "%rd7", off, regpfx[c], pick(g, c));
		ins(g, "bar.sync 0");
		ins(g, "ld.%s.%s %s%d, [%s+%d]", sp, c == C64 ? "b64" : "b32", regpfx[c], d,
		    shared ? "%rd8" : "%rd7", off);
		at = g->b.lines;
		store(g, c, d, at);
		addpool(g, c, d);
	}
}

/* ---------------------------------------------------------------- control */

static void item(Gen *g, int fam);

static void
save(Gen *g, int *n)
{
	memcpy(n, g->npool, sizeof g->npool);
}

static void
restore(Gen *g, const int *n)
{
	memcpy(g->npool, n, sizeof g->npool);
}

/* the families whose instructions may run in divergent code */
static int
alu_family(Gen *g)
{
	static const int f[] = { F_INT, F_INT, F_F32, F_F32, F_F64, F_HALF, F_CVT, F_CONTROL };
	return f[rbelow(&g->rng, sizeof f / sizeof f[0])];
}

static void
block(Gen *g, int n)
{
	for (int i = 0; i < n && g->k->nslot < MAXSLOT; i++)
		item(g, g->depth < 2 && rbelow(&g->rng, 6) == 0 ? F_CONTROL : alu_family(g));
}

static void
gen_if(Gen *g)
{
	int saved[NCLS], l = g->nlabel++;
	int p = newreg(g, CP), at;

	/* a lane-dependent condition: an input, or the lane number */
	if (rbelow(&g->rng, 2))
		ins(g, "setp.lt.u32 %%p%d, %%r4, %u", p, rbelow(&g->rng, 33));
	else
		ins(g, "setp.lt.s32 %%p%d, %%r%d, %%r%d", p, pick(g, C32), pick(g, C32));
	at = g->b.lines;
	store(g, CP, p, at);
	bput(&g->b, "\t@%%p%d bra L%d_else;\n", p, l);
	g->depth++;
	save(g, saved);
	block(g, 1 + (int)rbelow(&g->rng, 4));
	restore(g, saved);
	bput(&g->b, "\tbra L%d_end;\n", l);
	bput(&g->b, "L%d_else:\n", l);
	block(g, 1 + (int)rbelow(&g->rng, 4));
	restore(g, saved);
	bput(&g->b, "L%d_end:\n", l);
	g->depth--;
}

static void
gen_loop(Gen *g)
{
	int saved[NCLS], l = g->nlabel++;
	int n = newreg(g, C32), i = newreg(g, C32), acc = newreg(g, C32), p = newreg(g, CP), at;

	/* 0..3 trips (0..7 when it depends on the lane) */
	if (rbelow(&g->rng, 2))
		ins(g, "and.b32 %%r%d, %%r%d, 3", n, pick(g, C32));
	else
		ins(g, "and.b32 %%r%d, %%r4, 7", n);
	ins(g, "mov.b32 %%r%d, %%r%d", acc, pick(g, C32));
	ins(g, "mov.u32 %%r%d, 0", i);
	bput(&g->b, "L%d_loop:\n", l);
	ins(g, "setp.ge.u32 %%p%d, %%r%d, %%r%d", p, i, n);
	bput(&g->b, "\t@%%p%d bra L%d_done;\n", p, l);
	g->depth++;
	save(g, saved);
	block(g, 1 + (int)rbelow(&g->rng, 3));
	switch (rbelow(&g->rng, 3)) {
	case 0: ins(g, "add.s32 %%r%d, %%r%d, %%r%d", acc, acc, pick(g, C32)); break;
	case 1: ins(g, "xor.b32 %%r%d, %%r%d, %%r%d", acc, acc, pick(g, C32)); break;
	default: ins(g, "mad.lo.u32 %%r%d, %%r%d, 3, %%r%d", acc, acc, pick(g, C32));
	}
	at = g->b.lines;
	store(g, C32, acc, at);
	restore(g, saved);
	g->depth--;
	ins(g, "add.u32 %%r%d, %%r%d, 1", i, i);
	bput(&g->b, "\tbra L%d_loop;\n", l);
	bput(&g->b, "L%d_done:\n", l);
	addpool(g, C32, acc);
}

#include "gen2.inc"
#include "gen4.inc"
#include "gen5.inc"
#include "gen6.inc"
#include "gen7.inc"
#include "gen8.inc"
#include "gen9.inc"
#include "gen10.inc"
#include "gen11.inc"
#include "gen12.inc"
#include "gen13.inc"
#include "gen13b.inc"
#include "gen14.inc"
#include "gen15.inc"

static const Tpl *const alu_tpl[] = {
	[F_INT] = t_int, [F_F32] = t_f32, [F_F64] = t_f64, [F_HALF] = t_half, [F_APPROX] = t_approx,
	[F_CONTRACT] = t_contract, [F_VIDEO] = t_video, [F_CONTROL] = t_control,
};

static void
item(Gen *g, int fam)
{
	unsigned x;

	if (fam == F_MIXED) {
		/* video only from version 6 on: earlier ones left it out while
		 * the interpreter lacked it */
		static const int f[] = { F_INT, F_F32, F_F64, F_HALF, F_CVT, F_APPROX, F_CONTRACT, F_WARP,
			F_CONTROL, F_MEMORY, F_INTX, F_FLOW, F_ARITH, F_MEMX, F_BULK, F_VIDEO };
		fam = f[rbelow(&g->rng, g->ver == 1 ? 10 : g->ver < 4 ? 12 : g->ver < 6 ? 15 : sizeof f / sizeof f[0])];
	}
	if (g->depth > 0 && (fam == F_WARP || fam == F_MEMORY || fam == F_MIXED || fam == F_TENSOR || fam == F_ASYNC ||
	    fam == F_MEMX || fam == F_BULK || fam == F_CLUSTER || fam == F_WARPX || fam == F_SPARSE || fam == F_FLOWX ||
	    fam == F_WGMMA || fam == F_MEMY || fam == F_MBARX || fam == F_MEMW))
		fam = alu_family(g);
	switch (fam) {
	case F_INT:
		if (rbelow(&g->rng, 12) == 0)
			gen_div(g);
		else
			emit(g, pickt(g, t_int), -1, 0);
		return;
	case F_CVT:
		gen_cvt(g);
		return;
	case F_WARP:
		if (g->fullwarps && rbelow(&g->rng, 3) == 0)
			emit(g, pickt(g, t_shfl), -1, 0);
		else
			emit(g, pickt(g, t_warp), -1, 0);
		return;
	case F_MEMORY:
		if (rbelow(&g->rng, 3) == 0)
			emit(g, pickt(g, t_int), -1, 0);
		else
			gen_mem(g);
		return;
	case F_TENSOR:
		gen_tensor(g);
		return;
	case F_INTX:
		gen_intx(g);
		return;
	case F_FLOW:
		gen_flow(g);
		return;
	case F_ASYNC:
		gen_async(g);
		return;
	case F_ARITH:
		gen_arith(g);
		return;
	case F_MEMX:
		gen_memx(g);
		return;
	case F_BULK:
		gen_bulk(g);
		return;
	case F_CLUSTER:
		gen_dsmem(g);
		return;
	case F_WARPX:
		gen_warpx(g);
		return;
	case F_SPARSE:
		gen_sparse(g);
		return;
	case F_FLOWX:
		gen_flowx(g);
		return;
	case F_WGMMA:
		/* now and then an ALU item, whose results the next fill takes */
		x = rbelow(&g->rng, 4);
		if (x == 0)
			emit(g, pickt(g, alu_tpl[rbelow(&g->rng, 2) ? F_HALF : F_F32]), -1, 0);
		else
			gen_wgmma(g);
		return;
	case F_ALUX:
		gen_alux(g);
		return;
	case F_REGS:
		gen_regs(g);
		return;
	case F_MEMY:
		gen_memy(g);
		return;
	case F_MBARX:
		gen_mbarx(g);
		return;
	case F_CLUSTERX:
		gen_clusterx(g);
		return;
	case F_MEMZ:
		gen_memz(g);
		return;
	case F_WGSP:
		gen_wgsp(g);
		return;
	case F_TMAP:
		gen_tmap(g);
		return;
	case F_EXITW:
		gen_exitw(g);
		return;
	case F_MBARTX:
		gen_mbartx(g);
		return;
	case F_SHAPE:
		gen_shape(g);
		return;
	case F_VARS:
		gen_vars(g);
		return;
	case F_FORMX:
		gen_formx(g);
		return;
	case F_MEMW:
		gen_memw(g);
		return;
	case F_DAG:
		gen_dag(g);
		return;
	case F_LOOPX:
		gen_loopx(g);
		return;
	case F_XMIX:
		gen_xmix(g);
		return;
	case F_IMMX:
		gen_immx(g);
		return;
	case F_CONTROL:
		x = rbelow(&g->rng, 10);
		if (x < 2 && g->depth < 2)
			gen_if(g);
		else if (x < 3 && g->depth < 2)
			gen_loop(g);
		else if (x < 6)
			emit(g, pickt(g, alu_tpl[alu_family(g) == F_F32 ? F_F32 : F_INT]),
			    pick(g, CP), (int)rbelow(&g->rng, 2));
		else
			emit(g, pickt(g, t_control), -1, 0);
		return;
	default:
		emit(g, pickt(g, alu_tpl[fam]), -1, 0);
	}
}

/* ---------------------------------------------------------------- the kernel */

static void
prologue(Gen *g)
{
	DtKernel *k = g->k;

	ins(g, "ld.param.u64 %%rd0, [pin]");
	ins(g, "ld.param.u64 %%rd1, [pout]");
	ins(g, "ld.param.u64 %%rd2, [pscr]");
	ins(g, "cvta.to.global.u64 %%rd0, %%rd0");
	ins(g, "cvta.to.global.u64 %%rd1, %%rd1");
	ins(g, "cvta.to.global.u64 %%rd2, %%rd2");
	if (g->family == F_SHAPE)
		shapeids(g);
	else {
		ins(g, "mov.u32 %%r0, %%tid.x");
		ins(g, "mov.u32 %%r1, %%ctaid.x");
		ins(g, "mov.u32 %%r2, %%ntid.x");
	}
	ins(g, "mad.lo.u32 %%r3, %%r1, %%r2, %%r0");
	ins(g, "and.b32 %%r4, %%r0, 31");
	/* %r7: the lanes of this warp that exist (the last warp may be partial) */
	ins(g, "and.b32 %%r5, %%r0, -32");
	ins(g, "sub.u32 %%r6, %%r2, %%r5");
	ins(g, "min.u32 %%r6, %%r6, 32");
	ins(g, "mov.b32 %%r7, 1");
	ins(g, "shl.b32 %%r7, %%r7, %%r6");
	ins(g, "sub.u32 %%r7, %%r7, 1");
	ins(g, "mul.wide.u32 %%rd3, %%r3, %d", DT_NIN * 8);
	ins(g, "add.s64 %%rd4, %%rd0, %%rd3");
	ins(g, "mul.wide.u32 %%rd3, %%r3, 8");
	ins(g, "add.s64 %%rd6, %%rd1, %%rd3");
	ins(g, "mul.wide.u32 %%rd3, %%r3, %d", DT_SCR_CELL);
	ins(g, "add.s64 %%rd5, %%rd2, %%rd3");
	ins(g, "mul.wide.u32 %%rd3, %%r1, %d", DT_SCR_CTA);
	ins(g, "add.s64 %%rd3, %%rd2, %%rd3");
	ins(g, "add.s64 %%rd7, %%rd3, %u", k->nthreads * DT_SCR_CELL);
	ins(g, "mov.u64 %%rd8, sm");
	ins(g, "mul.wide.u32 %%rd3, %%r0, 16");
	ins(g, "add.s64 %%rd9, %%rd8, %%rd3");
	for (int i = 0; i < 4; i++)
		ins(g, "ld.global.b64 %%rd%d, [%%rd4+%d]", 10 + i, 8 * i);
	for (int i = 0; i < 8; i++)
		ins(g, "ld.global.b32 %%r%d, [%%rd4+%d]", 9 + i, 8 * (4 + i));
	for (int i = 0; i < 4; i++)
		ins(g, "ld.global.b16 %%h%d, [%%rd4+%d]", i, 8 * (12 + i));
	g->nreg[C16] = 4;
	g->nreg[C32] = 17;
	g->nreg[C64] = 15;
	for (int i = 0; i < 4; i++) {
		addpool(g, C16, i);
		addpool(g, C64, 10 + i);
	}
	for (int i = 0; i < 8; i++)
		addpool(g, C32, 9 + i);
	addpool(g, C32, 4);
	/* two predicates to start with */
	for (int i = 0; i < 2; i++) {
		int p = newreg(g, CP);
		ins(g, "setp.lt.s32 %%p%d, %%r%d, %%r%d", p, 9 + 2 * i, 10 + 2 * i);
		store(g, CP, p, g->b.lines);
		addpool(g, CP, p);
	}
}

void
dt_kernel_free(DtKernel *k)
{
	free(k->text);
	free(k->slot);
	free(k->in);
	memset(k, 0, sizeof *k);
}

int
dt_gen(DtKernel *k, int ver, uint64_t seed, int family)
{
	Gen *g;
	Buf h = { 0 };
	int ok, nfam = dt_family_count(ver);

	memset(k, 0, sizeof *k);
	if (!nfam || family >= nfam || !(g = calloc(1, sizeof *g)))
		return -1;
	g->k = k;
	g->ver = ver;
	k->version = ver;
	g->rng = mix64(seed ^ 0x5054586b69742d64ULL);
	/* drawn even when the family is given, so that a seed's kernel is
	 * the same whether its family was named or chosen */
	int sum = 0, x, chosen;
	for (int i = 0; i < nfam; i++)
		sum += famweight[i];
	x = (int)rbelow(&g->rng, (unsigned)sum);
	for (chosen = 0; chosen < nfam - 1 && (x -= famweight[chosen]) >= 0; chosen++)
		;
	if (family < 0)
		family = chosen;
	g->family = family;
	k->family = dt_family_name[family];
	snprintf(k->name, sizeof k->name, "k%llu", (unsigned long long)seed);

	/* the shape: 1-3 CTAs of 16-96 threads, whole warps often */
	k->ncta = 1 + rbelow(&g->rng, 3);
	g->fullwarps = rbelow(&g->rng, 2);
	k->ntid = g->fullwarps ? 32 * (1 + rbelow(&g->rng, 3)) : 16 + rbelow(&g->rng, 81);
	/* version 2: the tensor family's collectives need whole warps (and
	 * version 6's sparse one's, version 8's alux one's f64 mma, and
	 * version 9's mbarx one's counted barriers and tensor items) */
	if ((ver >= 2 && family == F_TENSOR) || family == F_SPARSE || family == F_ALUX || family == F_MBARX ||
	    family == F_MEMZ)
		k->ntid = (k->ntid + 31) & ~31u;
	/* version 7: the wgmma family's CTAs are one or two warpgroups (and
	 * version 8's regs one's, each warpgroup's registers at most .maxnreg
	 * of 64-168, a multiple of 8: 65536 registers hold 256 threads of 256) */
	if (family == F_WGMMA || family == F_REGS || family == F_WGSP)
		k->ntid = 128 * (1 + rbelow(&g->rng, 2));
	if (family == F_REGS)
		g->maxnreg = 64 + 8 * rbelow(&g->rng, 14);
	g->fullwarps = k->ntid % 32 == 0;
	/* version 5: the cluster family's grid is one or two clusters of 2-4 */
	if (family == F_CLUSTER || family == F_CLUSTERX || family == F_MBARTX) {
		g->clsize = 2 + rbelow(&g->rng, 3);
		k->ncta = g->clsize * (1 + rbelow(&g->rng, 2));
		g->clexplicit = rbelow(&g->rng, 2);
	}
	k->grid[0] = k->ncta;
	k->grid[1] = k->grid[2] = 1;
	k->block[0] = k->ntid;
	k->block[1] = k->block[2] = 1;
	g->cldim[0] = g->clsize;
	g->cldim[1] = g->cldim[2] = 1;
	/* version 11: the shape family's blocks and grids of two and three
	 * dimensions (gen11.inc) */
	if (family == F_SHAPE)
		shape(g);
	k->nthreads = k->ncta * k->ntid;
	g->target = 30 + (int)rbelow(&g->rng, 51);

	prologue(g);
	while (k->nslot < g->target && !g->b.oom)
		item(g, family);
	/* no CTA of a cluster exits while another may reach its shared memory */
	if (family == F_CLUSTER || family == F_CLUSTERX || (ver >= 11 && g->clsize))
		clbar(g, 0);
	bput(&g->b, "\tret;\n}\n");

	/* the header, now that the register counts are known: 16 lines, more
	 * where version 2 adds device functions or declarations */
	/* (version 2's mma with e4m3/e5m2 needs PTX ISA 8.4) */
	bput(&h, "// difftest v%d seed %llu family %s: %u CTAs of %u threads", ver,
	    (unsigned long long)seed, k->family, k->ncta, k->ntid);
	if (family == F_SHAPE)
		bput(&h, " (grid %u,%u,%u, block %u,%u,%u%s", k->grid[0], k->grid[1], k->grid[2], k->block[0],
		    k->block[1], k->block[2], k->cluster[0] ? "" : ")");
	if (family == F_SHAPE && k->cluster[0])
		bput(&h, ", a cluster launch of %u,%u,%u)", k->cluster[0], k->cluster[1], k->cluster[2]);
	bput(&h, "\n");
	/* (version 4's relaxed mbarrier waits need 8.6) */
	/* (version 7's wgmma needs sm_90a) */
	bput(&h, ".version %s\n.target %s\n.address_size 64\n\n", ver == 1 ? "8.1" : ver < 4 ? "8.4" : "8.6",
	    family == F_WGMMA || family == F_REGS || family == F_WGSP || family == F_MBARTX ? "sm_90a" : "sm_90");
	size_t body = h.n;
	if (g->pre.s)
		bput(&h, "%s", g->pre.s);
	bput(&h, ".visible .entry %s(\n\t.param .u64 pin,\n\t.param .u64 pout,\n\t.param .u64 pscr)\n", k->name);
	/* (version 11's shape family: the launch makes some clusters) */
	if (g->clsize && !k->cluster[0])
		bput(&h, "%s.reqnctapercluster %u, %u, %u\n", g->clexplicit ? ".explicitcluster\n" : "", g->cldim[0],
		    g->cldim[1], g->cldim[2]);
	else if (g->clsize)
		bput(&h, "%s", g->clexplicit ? ".explicitcluster\n" : "");
	if (g->shmcr)
		bput(&h, ".maxclusterrank %u\n", g->shmcr);
	if (family == F_SHAPE)
		shapedir(g, &h);
	/* (version 8's setmaxnreg needs the kernel's register count known) */
	if (family == F_REGS)
		bput(&h, ".maxnreg %u\n", g->maxnreg);
	bput(&h, "{\n");
	bput(&h, "\t.reg .b16 %%h<%d>;\n\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<%d>;\n\t.reg .pred %%p<%d>;\n",
	    g->nreg[C16], g->nreg[C32], g->nreg[C64], g->nreg[CP] ? g->nreg[CP] : 1);
	bput(&h, "\t.shared .align 16 .b8 sm[2048];\n");
	if (g->decl.s)
		bput(&h, "%s", g->decl.s);
	g->hdr = h.lines;
	bput(&h, "%s", g->b.s ? g->b.s : "");
	ok = !h.oom && !g->b.oom && !g->pre.oom && !g->decl.oom;
	for (int i = 0; i < k->nslot; i++)
		k->slot[i].line += g->hdr;
	k->text = h.s;
	k->len = h.n;
	k->body = body;
	free(g->b.s);
	free(g->pre.s);
	free(g->decl.s);

	/* the inputs, from their own stream: a cell's value depends only on
	 * the seed, the thread and the cell */
	k->insize = (size_t)k->nthreads * DT_NIN * 8;
	k->outsize = (size_t)k->nslot * k->nthreads * 8;
	k->scrsize = (size_t)k->nthreads * DT_SCR_CELL + (size_t)k->ncta * DT_SCR_CTA;
	k->in = malloc(k->insize);
	if (!k->in)
		ok = 0;
	for (unsigned t = 0; ok && t < k->nthreads; t++)
		for (int c = 0; c < DT_NIN; c++) {
			uint64_t s = mix64(seed * 0x100000001b3ULL + t * 131 + (unsigned)c);
			k->in[t * DT_NIN + c] = input_value(&s, c < 4 ? C64 : c < 12 ? C32 : C16);
		}
	free(g);
	if (!ok) {
		dt_kernel_free(k);
		return -1;
	}
	return 0;
}

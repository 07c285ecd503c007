/*
 * ptx-run.c -- launch one kernel of a PTX module on the interpreter (or on
 * a GPU through libcuda) and write, check or compare its outputs.
 *
 *	ptx-run [OPTIONS] MODULE.ptx      (see man/ptx-run.1 and --help)
 *
 * Only include/ptx.h is used.  Each -a names the next kernel parameter: a
 * scalar, a new buffer (file: or zeros:) whose address the parameter
 * receives, or raw bytes.  Both backends get the parameter buffer from the
 * same marshalling code (ptx_function_pack_params).  Exit status: 0
 * success, 1 outputs differ, 2 usage or I/O error, 3 module rejected,
 * 4 kernel fault; no output file is written after a fault.
 *
 * The command line is hostile input like any other: every number goes
 * through tools/number.c, in 64 bits against the range of what it sets,
 * and is refused before anything runs rather than narrowed; output targets
 * are checked up front and written through tools/outfile.c (a file
 * replaced only when complete, a device or FIFO written in place); every
 * input has a cap (tools/readall.c); standard output is checked at exit.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "include/ptx.h"
#include "tools/number.h"
#include "tools/outfile.h"
#include "tools/readall.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

enum { EX_OK = 0, EX_DIFF = 1, EX_USAGE = 2, EX_MODULE = 3, EX_FAULT = 4 };
enum { A_SCALAR, A_FILE, A_ZEROS, A_BYTES, A_TMAP };
enum { B_INTERP, B_CUDA };

static const char prog[] = "ptx-run";

typedef struct {
	const char *spec;
	int kind;
	unsigned char *bytes;   /* scalar/raw bytes, or the buffer's initial contents */
	size_t n;
	int tsize;              /* scalar: the type's size */
	ptx_tensormap tm;       /* tensor map: all but the address, which is */
	int tbuf;               /* ... buffer argument tbuf's plus toff, or (-1) */
	uint64_t toff;          /* ... its own buffer's, which bytes and n are then */
	const char *file;       /* file: and tensormap:file:, the path's first */
	size_t nfile;           /* ... nfile bytes: read by readargs, after the options */
} Arg;

/* Whether the argument has a device buffer that -o and --expect can name. */
static int
isbuf(const Arg *a)
{
	return a->kind == A_FILE || a->kind == A_ZEROS || (a->kind == A_TMAP && a->tbuf < 0);
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
} Opts;

/* What one run produced: each buffer argument's final bytes, printf output, symbol contents. */
typedef struct {
	unsigned char **buf; size_t *len;
	char *out; size_t nout;
	unsigned char **sym; size_t *nsym;
} Result;

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: %s [OPTIONS] MODULE.ptx\n"
	    "Runs one kernel of a PTX module on the interpreter (or a GPU).\n"
	    "  -k, --kernel NAME        entry to launch (optional with one .entry)\n"
	    "  -g, --grid X[,Y[,Z]]     grid size in CTAs (default 1)\n"
	    "  -b, --block X[,Y[,Z]]    CTA size in threads (default 1)\n"
	    "  -s, --shared BYTES       dynamic shared memory per CTA (default 0)\n"
	    "      --cluster X[,Y[,Z]]  a cluster launch of that size (at most 8 CTAs)\n"
	    "      --cooperative        a cooperative launch (grid-wide barriers)\n"
	    "  -a, --arg SPEC           the next kernel parameter: TYPE:VALUE, file:PATH,\n"
	    "                           zeros:BYTES, bytes:HEX, or a tensor map over buffer\n"
	    "                           argument N or a buffer of its own (file:PATH or\n"
	    "                           zeros:BYTES): tensormap:BUFFER:TYPE:DIMS:BOX[:OPTS]\n"
	    "  -o, --out N:PATH         write buffer argument N to PATH after the launch\n"
	    "                           ('-': standard output)\n"
	    "      --symbol-in NAME:PATH   fill module variable NAME from PATH first\n"
	    "      --symbol-out NAME:PATH  write module variable NAME to PATH after\n"
	    "      --expect N:PATH[:CMP]   compare buffer N with PATH (exact, f32ulp:K,\n"
	    "                              f64ulp:K, f16ulp:K, bf16ulp:K)\n"
	    "      --backend interp|cuda   where to run (default interp)\n"
	    "      --diff                  run on both backends and compare the outputs\n"
	    "      --max-steps N           per-launch thread-instruction budget (default 1e10)\n"
	    "      --max-memory SIZE       all device memory the launch may use\n"
	    "      --heap-size SIZE        device malloc's heap (default 8M)\n"
	    "      --stack-size SIZE       each thread's stack (default 1K, at most 512K)\n"
	    "  -j, --threads N             host threads for the CTAs (default: every core)\n"
	    "      --stats                 print the memory counters by instruction, costliest first\n"
	    "      --stats-json FILE       write the counters as JSON ('-': standard output)\n"
	    "      --annotate FILE         write the source with the counters as HTML ('-': stdout)\n"
	    "      --no-stats              do not count (full speed; totals only)\n"
	    "      --time                  print the launch's wall time to standard error\n"
	    "  -h, --help, --version\n"
	    "Numbers are decimal or 0x-hex; a SIZE or BYTES may end in K, M or G (KiB,\n"
	    "MiB, GiB).  Output files are replaced only when complete; devices and\n"
	    "FIFOs are written in place.  Exit status: 0 success, 1 outputs differ,\n"
	    "2 usage or I/O error, 3 module rejected, 4 kernel fault.\n", prog);
}

static int
bad(const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", prog);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry '%s --help'.\n", prog);
	return -1;
}

/* The most a data file (-a file:, --symbol-in, --expect) may hold: what
 * device memory may hold (--max-memory, else the interpreter's default),
 * and 16 GiB at most, so that an endless input such as /dev/zero ends in
 * an error rather than in the host's memory running out. */
static uint64_t datamax = (uint64_t)16 << 30;

/* The whole of a file of at most max bytes, or NULL after saying why. */
static unsigned char *
readfile(const char *path, size_t *n, uint64_t max)
{
	unsigned char *p;

	if (!*path) {
		fprintf(stderr, "%s: empty input file name\n", prog);
		return NULL;
	}
	if (!(p = (unsigned char *)readall(path, max, n)))
		fprintf(stderr, "%s: %s: %s\n", prog, path, readall_why(errno, max));
	return p;
}

/* A usage error for a number that num_* refused: not a number, or out of
 * range (errno ERANGE) with the largest value allowed. */
static int
badnum(const char *opt, const char *val, const char *what, uint64_t max)
{
	if (errno == ERANGE)
		fprintf(stderr, "%s: %s: '%s' is out of range (at most %" PRIu64 ")\n", prog, opt, val, max);
	else
		fprintf(stderr, "%s: %s: expected %s, not '%s'\n", prog, opt, what, val);
	fprintf(stderr, "Try '%s --help'.\n", prog);
	return -1;
}

/* The driver's limits on launch dimensions (sm_90): a grid of up to
 * 2^31-1 x 65535 x 65535 CTAs, a CTA of up to 1024 x 1024 x 64 threads and
 * 1024 in all.  A cluster is held to the grid's, its size to the launch. */
static const uint64_t gridmax[3] = { 0x7fffffff, 65535, 65535 }, blockmax[3] = { 1024, 1024, 64 };
enum { BLOCK_THREADS = 1024 };

/* X[,Y[,Z]]: each from 1 to max[i], their product at most maxprod (in 64
 * bits, so nothing wraps on the way: at most 2^31 * 2^16 * 2^16). */
static int
dims(const char *opt, const char *s, unsigned d[3], const uint64_t max[3], uint64_t maxprod)
{
	const char *p = s;
	uint64_t v, prod = 1;

	d[0] = d[1] = d[2] = 1;
	for (int i = 0;; i++) {
		errno = 0;
		if (num_u64(p, &p, max[i], &v) != 0 && errno == ERANGE) {
			fprintf(stderr, "%s: %s: '%s' is out of range (at most %" PRIu64 ",%" PRIu64 ",%" PRIu64
			    ")\nTry '%s --help'.\n", prog, opt, s, max[0], max[1], max[2], prog);
			return -1;
		}
		if (errno == EINVAL || v == 0 || (*p && (*p != ',' || i == 2))) {
			fprintf(stderr, "%s: %s: expected X[,Y[,Z]] of positive numbers, not '%s'\n"
			    "Try '%s --help'.\n", prog, opt, s, prog);
			return -1;
		}
		d[i] = (unsigned)v;
		prod *= v;
		if (!*p++)
			break;
	}
	if (prod > maxprod) {
		fprintf(stderr, "%s: %s: '%s' is %" PRIu64 " threads, more than %" PRIu64 "\nTry '%s --help'.\n",
		    prog, opt, s, prod, maxprod, prog);
		return -1;
	}
	return 0;
}

/* IEEE binary16 / bfloat16 from a double, round to nearest even. */
static uint16_t
tohalf(double d)
{
	float f = (float)d;
	uint32_t x;
	uint32_t sign, e, m;
	memcpy(&x, &f, 4);
	sign = (x >> 16) & 0x8000;
	e = (x >> 23) & 0xff;
	m = x & 0x7fffff;
	if (e == 0xff)
		return (uint16_t)(sign | 0x7c00 | (m ? 0x200 : 0));
	{
		int ee = (int)e - 127 + 15;
		if (ee >= 31)
			return (uint16_t)(sign | 0x7c00);
		if (ee <= 0) {
			uint32_t mm, r;
			int sh;
			if (ee < -10)
				return (uint16_t)sign;
			mm = m | 0x800000;
			sh = 14 - ee;
			r = mm >> sh;
			if ((mm >> (sh - 1) & 1) && ((mm & ((1u << (sh - 1)) - 1)) || (r & 1)))
				r++;
			return (uint16_t)(sign | r);
		}
		{
			uint32_t r = ((uint32_t)ee << 10) | (m >> 13);
			if ((m & 0x1000) && ((m & 0xfff) || (r & 1)))
				r++;
			return (uint16_t)(sign | r);
		}
	}
}

static uint16_t
tobf16(double d)
{
	float f = (float)d;
	uint32_t x;
	memcpy(&x, &f, 4);
	if ((x & 0x7fffffff) > 0x7f800000)
		return (uint16_t)((x >> 16) | 0x40);
	x += 0x7fff + ((x >> 16) & 1);
	return (uint16_t)(x >> 16);
}

static int
digit10(int c)
{
	return c >= '0' && c <= '9';
}

static int
hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	    c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* DIMS, BOX and the like: 1 to max numbers joined by 'x', each at most
 * maxval; the count, or -1 with errno (ERANGE: a number too large). */
static int
xlist(const char *s, const char **end, uint64_t *v, int max, uint64_t maxval)
{
	int n = 0;

	do {
		if (n == max) {
			errno = EINVAL;
			return -1;
		}
		if (num_u64(s, &s, maxval, &v[n++]) != 0)
			return -1;
	} while (*s == 'x' && *++s);
	*end = s;
	return n;
}

/* tensormap:BUFFER:TYPE:DIMS:BOX[:KEY=VAL,...] (man/ptx-run.1), BUFFER
 * N[+OFF] (buffer argument N), file:PATH or zeros:BYTES */
static int
parsetmap(const char *v, Arg *a)
{
	/* PTX_TMAP_* order, and the element sizes */
	static const char *const types[] = { "u8", "u16", "u32", "s32", "u64", "s64", "f16", "f32", "f32ftz", "f64",
		"bf16", "tf32", "tf32ftz" };
	static const uint8_t size[] = { 1, 2, 4, 4, 8, 8, 2, 4, 4, 8, 2, 4, 4 };
	static const struct { const char *key, *vals[5]; } opt[] = {
		{ "swizzle", { "none", "32B", "64B", "128B" } }, { "interleave", { "none", "16B", "32B" } },
		{ "fill", { "zero", "nan" } }, { "l2", { "none", "64B", "128B", "256B" } },
	};
	ptx_tensormap *t = &a->tm;
	uint64_t d[5], b[5], tb;
	const char *p = v, *q, *e;
	int n;

	a->kind = A_TMAP;
	a->tbuf = -1;
	if (strncmp(p, "file:", 5) == 0) {
		size_t pl = strcspn(p + 5, ":");
		if (pl >= 4096)
			return bad("-a tensormap: path too long in '%s'", v);
		a->file = p + 5;
		a->nfile = pl;
		q = p + 5 + pl;
	} else if (strncmp(p, "zeros:", 6) == 0) {
		uint64_t nb;
		if (num_size(p + 6, &q, SIZE_MAX, &nb) != 0)
			return bad(errno == ERANGE ? "-a tensormap: byte count out of range in '%s'" :
			    "-a tensormap: bad byte count in '%s'", v);
		a->n = (size_t)nb;
		if (!(a->bytes = calloc(a->n ? a->n : 1, 1))) {
			fprintf(stderr, "%s: -a %s: cannot allocate %zu bytes\n", prog, v, a->n);
			return -2;
		}
	} else {
		if (num_u64(p, &q, INT_MAX, &tb) != 0)
			return bad("-a tensormap: expected N[+OFF], file:PATH or zeros:BYTES in '%s'", v);
		a->tbuf = (int)tb;
		if (*q == '+' && num_u64(q + 1, &q, UINT64_MAX, &a->toff) != 0)
			return bad("-a tensormap: bad offset in '%s'", v);
	}
	p = q;
	if (*p++ != ':')
		return bad("-a tensormap: expected BUFFER:TYPE:DIMS:BOX, not '%s'", v);
	for (t->elemtype = 0; t->elemtype < sizeof types / sizeof types[0]; t->elemtype++)
		if (strncmp(p, types[t->elemtype], strlen(types[t->elemtype])) == 0 && p[strlen(types[t->elemtype])] == ':')
			break;
	if (t->elemtype == sizeof types / sizeof types[0])
		return bad("-a tensormap: unknown element type in '%s'", v);
	p += strlen(types[t->elemtype]) + 1;
	errno = 0;
	if ((n = xlist(p, &e, d, 5, UINT64_MAX)) < 0 || *e != ':' || xlist(e + 1, &e, b, 5, UINT_MAX) != n ||
	    (*e && *e != ':'))
		return bad(errno == ERANGE ? "-a tensormap: a box size out of range in '%s'" :
		    "-a tensormap: expected DIMS:BOX such as 64x32:16x8 in '%s'", v);
	t->rank = (unsigned)n;
	for (int i = 0; i < n; i++) {
		t->dim[i] = d[i];
		t->box[i] = (unsigned)b[i];
		t->estride[i] = 1;
		if (i + 1 < n) {   /* dense unless strides= */
			uint64_t below = i ? t->stride[i - 1] : size[t->elemtype];
			if (d[i] && below > UINT64_MAX / d[i])
				return bad("-a tensormap: the tensor's size overflows 64 bits in '%s'", v);
			t->stride[i] = below * d[i];
		}
	}
	while (*e == ':' || *e == ',') {
		const char *k = e + 1, *eq = strchr(k, '=');
		size_t kl = eq ? (size_t)(eq - k) : 0;
		int found = 0;
		if (!eq)
			return bad("-a tensormap: expected KEY=VALUE options in '%s'", v);
		if ((kl == 7 && strncmp(k, "strides", 7) == 0) || (kl == 8 && strncmp(k, "estrides", 8) == 0)) {
			int m;
			errno = 0;
			m = xlist(eq + 1, &e, d, 5, kl == 7 ? UINT64_MAX : UINT_MAX);
			if (m < 0 && errno == ERANGE)
				return bad("-a tensormap: a stride out of range in '%s'", v);
			if (m != (kl == 7 ? n - 1 : n))
				return bad("-a tensormap: strides= takes rank-1 numbers, estrides= rank numbers: '%s'", v);
			for (int i = 0; i < m; i++) {
				if (kl == 7)
					t->stride[i] = d[i];
				else
					t->estride[i] = (unsigned)d[i];
			}
			continue;
		}
		for (size_t o = 0; o < sizeof opt / sizeof opt[0] && !found; o++) {
			if (strlen(opt[o].key) != kl || strncmp(k, opt[o].key, kl) != 0)
				continue;
			for (unsigned j = 0; j < 5 && opt[o].vals[j] && !found; j++) {
				size_t vl = strlen(opt[o].vals[j]);
				if (strncmp(eq + 1, opt[o].vals[j], vl) == 0 && (!eq[1 + vl] || eq[1 + vl] == ',' || eq[1 + vl] == ':')) {
					*(o == 0 ? &t->swizzle : o == 1 ? &t->interleave : o == 2 ? &t->fill : &t->l2promo) = j;
					e = eq + 1 + vl;
					found = 1;
				}
			}
		}
		if (!found)
			return bad("-a tensormap: unknown option or value in '%s'", v);
	}
	if (*e)
		return bad("-a tensormap: trailing text in '%s'", v);
	return 0;
}

static int
parsearg(const char *spec, Arg *a)
{
	static const struct { const char *name; int size, kind; } ty[] = {
		{"u8", 1, 'u'}, {"u16", 2, 'u'}, {"u32", 4, 'u'}, {"u64", 8, 'u'},
		{"s8", 1, 's'}, {"s16", 2, 's'}, {"s32", 4, 's'}, {"s64", 8, 's'},
		{"b8", 1, 'b'}, {"b16", 2, 'b'}, {"b32", 4, 'b'}, {"b64", 8, 'b'},
		{"f16", 2, 'h'}, {"bf16", 2, 'g'}, {"f32", 4, 'f'}, {"f64", 8, 'd'},
	};
	const char *colon = strchr(spec, ':'), *v;
	size_t tl;

	memset(a, 0, sizeof *a);
	a->spec = spec;
	if (!colon)
		return bad("-a: expected TYPE:VALUE, file:PATH, zeros:BYTES or bytes:HEX, not '%s'", spec);
	v = colon + 1;
	tl = (size_t)(colon - spec);
	if (tl == 4 && strncmp(spec, "file", 4) == 0) {
		a->kind = A_FILE;
		a->file = v;
		a->nfile = strlen(v);
		return 0;
	}
	if (tl == 5 && strncmp(spec, "zeros", 5) == 0) {
		uint64_t n;
		if (num_size(v, NULL, SIZE_MAX, &n) != 0)
			return bad(errno == ERANGE ? "-a zeros: byte count out of range: '%s'" :
			    "-a zeros: bad byte count '%s'", v);
		a->kind = A_ZEROS;
		a->n = (size_t)n;
		if (!(a->bytes = calloc(a->n ? a->n : 1, 1))) {
			fprintf(stderr, "%s: -a %s: cannot allocate %zu bytes\n", prog, spec, a->n);
			return -2;
		}
		return 0;
	}
	if (tl == 9 && strncmp(spec, "tensormap", 9) == 0)
		return parsetmap(v, a);
	if (tl == 5 && strncmp(spec, "bytes", 5) == 0) {
		size_t n = strlen(v);
		if (n % 2)
			return bad("-a bytes: odd number of hex digits in '%s'", v);
		a->kind = A_BYTES;
		a->n = n / 2;
		if (!(a->bytes = calloc(a->n + 1, 1))) {
			fprintf(stderr, "%s: out of memory\n", prog);
			return -2;
		}
		for (size_t i = 0; i < a->n; i++) {
			int h = hexval(v[2 * i]), l = hexval(v[2 * i + 1]);
			if (h < 0 || l < 0)
				return bad("-a bytes: bad hex digit in '%s'", v);
			a->bytes[i] = (unsigned char)(h * 16 + l);
		}
		return 0;
	}
	for (size_t i = 0; i < sizeof ty / sizeof ty[0]; i++) {
		/* the largest bit pattern of the type */
		uint64_t bits = 0, top = ty[i].size == 8 ? UINT64_MAX : (1ull << 8 * ty[i].size) - 1;
		int kind = ty[i].kind, st;
		if (strlen(ty[i].name) != tl || strncmp(ty[i].name, spec, tl) != 0)
			continue;
		a->kind = A_SCALAR;
		a->n = (size_t)ty[i].size;
		a->tsize = ty[i].size;
		if (v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) {
			st = num_u64(v, NULL, top, &bits);   /* the bit pattern, floats too */
		} else if (kind == 'u' || (kind == 'b' && v[0] != '-')) {
			st = num_u64(v, NULL, top, &bits);   /* no sign: "u32:-1" is refused */
			if (st != 0 && v[0] == '-' && digit10(v[1]))
				errno = ERANGE;
		} else if (kind == 's' || kind == 'b') {
			/* signed, or a bit type's negative two's complement */
			int64_t x;
			st = num_s64(v, NULL, -(int64_t)(top >> 1) - 1, kind == 's' ? (int64_t)(top >> 1) : -1, &x);
			bits = (uint64_t)x & top;
		} else {
			char *e;
			double d;
			int over;
			errno = 0;
			d = strtod(v, &e);
			/* no leading space; overflow is refused, underflow to a subnormal is not */
			over = errno == ERANGE && isinf(d);
			st = e == v || *e || isspace((unsigned char)v[0]) ? -1 : 0;
			errno = st == 0 && over ? ERANGE : EINVAL;
			st |= -over;
			if (kind == 'f') {
				float f = (float)d;
				uint32_t u;
				memcpy(&u, &f, 4);
				bits = u;
			} else if (kind == 'd')
				memcpy(&bits, &d, 8);
			else
				bits = kind == 'h' ? tohalf(d) : tobf16(d);
			/* a finite value too large for the type, rather than infinity */
			if (st == 0 && isfinite(d) && (kind == 'f' ? (bits & 0x7fffffff) == 0x7f800000 :
			    kind == 'h' ? (bits & 0x7fff) == 0x7c00 : kind == 'g' ? (bits & 0x7fff) == 0x7f80 : 0)) {
				st = -1;
				errno = ERANGE;
			}
		}
		if (st != 0)
			return bad(errno == ERANGE ? "-a: value out of range for its type in '%s'" :
			    "-a: bad value in '%s'", spec);
		if (!(a->bytes = calloc(8, 1))) {
			fprintf(stderr, "%s: out of memory\n", prog);
			return -2;
		}
		memcpy(a->bytes, &bits, 8);   /* little-endian: the low a->n bytes */
		return 0;
	}
	return bad("-a: unknown type in '%s'", spec);
}

/* A comparison of --expect: exact (w 0), or fNNulp:K within K units in
 * the last place of floats of w bits (17: bfloat16).  0, or -1. */
static int
parsecmp(const char *cmp, int *w, uint64_t *k)
{
	static const struct { const char *name; int w; } ulp[] = {
		{ "f32ulp:", 32 }, { "f64ulp:", 64 }, { "f16ulp:", 16 }, { "bf16ulp:", 17 },
	};

	*w = 0;
	*k = 0;
	if (!cmp || strcmp(cmp, "exact") == 0)
		return 0;
	for (size_t i = 0; i < sizeof ulp / sizeof ulp[0]; i++)
		if (strncmp(cmp, ulp[i].name, strlen(ulp[i].name)) == 0) {
			*w = ulp[i].w;
			/* the distance is a difference of int64_t */
			return num_u64(cmp + strlen(ulp[i].name), NULL, INT64_MAX, k);
		}
	return -1;
}

/* N:PATH (-o), N:PATH[:CMP] (--expect, cmp set). */
static int
outspec(const char *opt, const char *s, OutSpec *o, int cmp)
{
	const char *e;
	uint64_t n;

	errno = 0;
	if (num_u64(s, &e, INT_MAX, &n) != 0 && errno == ERANGE) {
		fprintf(stderr, "%s: %s: buffer argument out of range in '%s'\nTry '%s --help'.\n", prog, opt, s, prog);
		return -1;
	}
	if (errno == EINVAL || *e != ':') {
		fprintf(stderr, "%s: %s: expected N:PATH, not '%s'\nTry '%s --help'.\n", prog, opt, s, prog);
		return -1;
	}
	o->n = (int)n;
	o->path = e + 1;
	o->cmp = NULL;
	if (cmp) {
		/* the optional :CMP suffix is recognised by its known prefixes */
		const char *c = strrchr(o->path, ':');
		const char *last = c;
		int w;
		uint64_t k;
		if (c && (strcmp(c + 1, "exact") == 0))
			o->cmp = c + 1;
		else if (c) {
			const char *p2 = c;
			while (p2 > o->path && p2[-1] != ':')
				p2--;
			if (p2 > o->path && strstr(p2, "ulp") && p2 < c) {
				o->cmp = p2;
				last = p2 - 1;
			}
		}
		if (o->cmp && parsecmp(o->cmp, &w, &k) != 0) {
			fprintf(stderr, "%s: %s: expected exact, f32ulp:K, f64ulp:K, f16ulp:K or bf16ulp:K, not '%s'\n"
			    "Try '%s --help'.\n", prog, opt, o->cmp, prog);
			o->cmp = NULL;
			return -1;
		}
		if (o->cmp) {
			size_t len = (size_t)(last - o->path);
			char *p = malloc(len + 1);
			if (!p) {
				o->cmp = NULL;
				fprintf(stderr, "%s: out of memory\n", prog);
				return -1;
			}
			memcpy(p, o->path, len);
			p[len] = 0;
			o->path = p;
		}
	}
	return 0;
}

static int
symspec(const char *s, SymSpec *o)
{
	const char *c = strchr(s, ':');
	char *n;
	if (!c || c == s)
		return bad("expected NAME:PATH, not '%s'", s);
	if (!(n = malloc((size_t)(c - s) + 1))) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return -1;
	}
	memcpy(n, s, (size_t)(c - s));
	n[c - s] = 0;
	o->name = n;
	o->path = c + 1;
	return 0;
}

/* The array with room for element n, zeroed: the caller counts it at
 * once, so that an option that fails half-parsed leaves opts_free nothing
 * undefined to free.  NULL (reported) when out of memory. */
static void *
grow(void *arr, int n, size_t size)
{
	unsigned char *p = realloc(arr, ((size_t)n + 1) * size);

	if (!p) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return NULL;
	}
	memset(p + (size_t)n * size, 0, size);
	return p;
}

static const char *
optval(int argc, char **argv, int *i, const char *sh, const char *lg, int *missing)
{
	const char *a = argv[*i];
	size_t n = strlen(lg);

	if ((sh && strcmp(a, sh) == 0) || strcmp(a, lg) == 0) {
		if (*i + 1 >= argc) {
			*missing = 1;
			return NULL;
		}
		return argv[++*i];
	}
	if (strncmp(a, lg, n) == 0 && a[n] == '=')
		return a + n + 1;
	if (sh && strncmp(a, sh, 2) == 0 && a[2] && sh[1] != '-')
		return a + 2;
	return NULL;
}

/* --max-steps: a count, in digits or as 1e10 is written (mantissa digits,
 * e, exponent digits), from 1 to 2^64-1.  0, or -1 with errno. */
static int
steps(const char *s, uint64_t *v)
{
	const char *e;
	uint64_t x, ex;

	if (num_u64(s, &e, UINT64_MAX, &x) != 0)
		return -1;
	if (*e == 'e' || *e == 'E') {
		if (num_u64(e + 1, NULL, 99, &ex) != 0) {
			errno = errno == ERANGE ? ERANGE : EINVAL;
			return -1;
		}
		for (; ex > 0 && x; ex--) {
			if (x > UINT64_MAX / 10) {
				errno = ERANGE;
				return -1;
			}
			x *= 10;
		}
	} else if (*e) {
		errno = EINVAL;
		return -1;
	}
	if (x == 0) {
		errno = EINVAL;
		return -1;
	}
	*v = x;
	return 0;
}

/* Every value is checked here, before anything is read or run: a bad one
 * is a usage error (exit 2), never a value wrapped into range.  0: run;
 * 1: done (--help, --version); -1: usage error, reported; -2: I/O error,
 * reported. */
static int
parseargs(int argc, char **argv, Opts *o)
{
	static const char *const limname[3] = { "--max-memory", "--heap-size", "--stack-size" };
	int missing = 0, noopts = 0;
	const char *v;
	void *p;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int lim = -1;
		missing = 0;
		if (noopts || a[0] != '-' || strcmp(a, "-") == 0) {
			if (o->module)
				return bad("more than one module: '%s'", a);
			o->module = a;
		} else if (strcmp(a, "--") == 0) {
			noopts = 1;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			usage(stdout);
			return 1;
		} else if (strcmp(a, "--version") == 0) {
			printf("%s (ptxkit) %s\n", prog, PACKAGE_VERSION);
			return 1;
		} else if (strcmp(a, "--diff") == 0) {
			o->diff = 1;
		} else if ((v = optval(argc, argv, &i, "-k", "--kernel", &missing))) {
			o->kernel = v;
		} else if ((v = optval(argc, argv, &i, "-g", "--grid", &missing))) {
			if (dims("--grid", v, o->grid, gridmax, UINT64_MAX))
				return -1;
		} else if ((v = optval(argc, argv, &i, "-b", "--block", &missing))) {
			if (dims("--block", v, o->block, blockmax, BLOCK_THREADS))
				return -1;
		} else if ((v = optval(argc, argv, &i, NULL, "--cluster", &missing))) {
			/* the launch checks the cluster's size against the kernel's */
			if (dims("--cluster", v, o->cluster, gridmax, UINT64_MAX))
				return -1;
			o->hascluster = 1;
		} else if (strcmp(a, "--cooperative") == 0) {
			o->coop = 1;
		} else if ((v = optval(argc, argv, &i, "-s", "--shared", &missing))) {
			uint64_t n;
			/* the driver API's sharedMemBytes is an unsigned int */
			if (num_size(v, NULL, UINT_MAX, &n) != 0)
				return badnum("--shared", v, "a byte count", UINT_MAX);
			o->shared = (size_t)n;
		} else if ((v = optval(argc, argv, &i, "-a", "--arg", &missing))) {
			int rc;
			if (!(p = grow(o->args, o->nargs, sizeof *o->args)))
				return -2;
			o->args = p;
			if ((rc = parsearg(v, &o->args[o->nargs++])) != 0)
				return rc == -2 ? -2 : -1;
		} else if ((v = optval(argc, argv, &i, "-o", "--out", &missing))) {
			if (!(p = grow(o->outs, o->nouts, sizeof *o->outs)))
				return -2;
			o->outs = p;
			if (outspec("--out", v, &o->outs[o->nouts++], 0))
				return -1;
		} else if ((v = optval(argc, argv, &i, NULL, "--expect", &missing))) {
			if (!(p = grow(o->expects, o->nexpects, sizeof *o->expects)))
				return -2;
			o->expects = p;
			if (outspec("--expect", v, &o->expects[o->nexpects++], 1))
				return -1;
		} else if ((v = optval(argc, argv, &i, NULL, "--symbol-in", &missing))) {
			if (!(p = grow(o->symin, o->nsymin, sizeof *o->symin)))
				return -2;
			o->symin = p;
			if (symspec(v, &o->symin[o->nsymin++]))
				return -1;
		} else if ((v = optval(argc, argv, &i, NULL, "--symbol-out", &missing))) {
			if (!(p = grow(o->symout, o->nsymout, sizeof *o->symout)))
				return -2;
			o->symout = p;
			if (symspec(v, &o->symout[o->nsymout++]))
				return -1;
		} else if ((v = optval(argc, argv, &i, NULL, "--backend", &missing))) {
			if (strcmp(v, "interp") == 0)
				o->backend = B_INTERP;
			else if (strcmp(v, "cuda") == 0)
				o->backend = B_CUDA;
			else
				return bad("--backend: expected interp or cuda, not '%s'", v);
		} else if (strcmp(a, "--stats") == 0) {
			o->stats = 1;
		} else if (strcmp(a, "--no-stats") == 0) {
			o->nostats = 1;
		} else if (strcmp(a, "--time") == 0) {
			o->time = 1;
		} else if ((v = optval(argc, argv, &i, NULL, "--stats-json", &missing))) {
			o->statsjson = v;
		} else if ((v = optval(argc, argv, &i, NULL, "--annotate", &missing))) {
			o->annotate = v;
		} else if ((v = optval(argc, argv, &i, "-j", "--threads", &missing))) {
			uint64_t n = 0;
			errno = 0;
			if (num_u64(v, NULL, 256, &n) != 0 || n < 1) {
				errno = errno == ERANGE ? ERANGE : EINVAL;
				return badnum("--threads", v, "a count from 1 to 256", 256);
			}
			o->threads = (int)n;
		} else if ((v = optval(argc, argv, &i, NULL, "--max-steps", &missing))) {
			if (steps(v, &o->max_steps) != 0)
				return badnum("--max-steps", v, "a positive count such as 100000 or 1e9", UINT64_MAX);
		} else if ((v = optval(argc, argv, &i, NULL, limname[lim = 0], &missing)) ||
		    (!missing && (v = optval(argc, argv, &i, NULL, limname[lim = 1], &missing))) ||
		    (!missing && (v = optval(argc, argv, &i, NULL, limname[lim = 2], &missing)))) {
			if (num_size(v, NULL, UINT64_MAX, &o->limit[lim]) != 0)
				return badnum(limname[lim], v, "a byte count such as 4096, 64K, 2M or 1G", UINT64_MAX);
			o->haslimit[lim] = 1;
		} else
			return bad(missing ? "option '%s' needs a value" : "unknown option '%s'", a);
	}
	if (!o->module)
		return bad("%s", "no module");
	if (o->nostats && (o->stats || o->statsjson || o->annotate))
		return bad("%s", "--no-stats with --stats, --stats-json or --annotate");
	if ((o->stats || o->statsjson || o->annotate) && (o->backend == B_CUDA || o->diff))
		return bad("%s", "the counters come from the interpreter: no --backend cuda or --diff");
	if ((o->haslimit[0] || o->haslimit[1] || o->haslimit[2]) && o->backend == B_CUDA && !o->diff)
		return bad("%s", "--max-memory, --heap-size and --stack-size are the interpreter's: no --backend cuda");
	for (int i = 0; i < o->nargs; i++)
		if (o->args[i].kind == A_TMAP && o->args[i].tbuf >= 0 && (o->args[i].tbuf >= i ||
		    !isbuf(&o->args[o->args[i].tbuf])))
			return bad("-a %s: the tensor's buffer must be an earlier file: or zeros: argument", o->args[i].spec);
	for (int i = 0; i < o->nouts; i++)
		if (o->outs[i].n >= o->nargs || !isbuf(&o->args[o->outs[i].n]))
			return bad("-o %s: not a buffer argument", o->outs[i].path);
	for (int i = 0; i < o->nexpects; i++)
		if (o->expects[i].n >= o->nargs || !isbuf(&o->args[o->expects[i].n]))
			return bad("--expect %s: not a buffer argument", o->expects[i].path);
	/* the outputs' targets, refused now rather than after the run */
	for (int i = 0; i < o->nouts; i++)
		if (outfile_check(prog, o->outs[i].path) != 0)
			return -2;
	for (int i = 0; i < o->nsymout; i++)
		if (outfile_check(prog, o->symout[i].path) != 0)
			return -2;
	if ((o->statsjson && outfile_check(prog, o->statsjson) != 0) ||
	    (o->annotate && outfile_check(prog, o->annotate) != 0))
		return -2;
	return 0;
}

/* Reads the files of -a file: and tensormap:file:, once datamax is known.
 * 0, or -1 after saying why. */
static int
readargs(Opts *o)
{
	for (int i = 0; i < o->nargs; i++) {
		Arg *a = &o->args[i];
		char *path;
		if (!a->file)
			continue;
		if (!(path = malloc(a->nfile + 1))) {
			fprintf(stderr, "%s: out of memory\n", prog);
			return -1;
		}
		memcpy(path, a->file, a->nfile);
		path[a->nfile] = 0;
		a->bytes = readfile(path, &a->n, datamax);
		free(path);
		if (!a->bytes)
			return -1;
	}
	return 0;
}

/* ---------------------------------------------------------------- running */

typedef struct {
	char *p;
	size_t n, cap;
	int echo;
	int lost;   /* output dropped: out of memory */
} Sink;

static void
sinkfn(void *u, const char *text, size_t len)
{
	Sink *s = u;
	if (s->echo) {
		fwrite(text, 1, len, stdout);   /* errors: outfile_close_stdout */
		return;
	}
	if (s->lost)
		return;
	if (len > s->cap - s->n) {
		size_t nc = s->cap ? s->cap : 4096;
		char *p;
		while (nc - s->n < len && nc <= SIZE_MAX / 2)
			nc *= 2;
		if (nc - s->n < len || !(p = realloc(s->p, nc))) {
			s->lost = 1;
			return;
		}
		s->p = p;
		s->cap = nc;
	}
	memcpy(s->p + s->n, text, len);
	s->n += len;
}

static void
print_diags(ptx_ctx *cx)
{
	for (size_t i = 0; i < ptx_diag_count(cx); i++) {
		const ptx_diag *d = ptx_diag_get(cx, i);
		static const char *const sev[] = { "note", "warning", "error" };
		if (d->line)
			fprintf(stderr, "%s:%d:%d: %s: %s\n", d->file ? d->file : "?", d->line, d->col,
			    sev[d->severity], d->msg);
		else
			fprintf(stderr, "%s: %s: %s\n", d->file ? d->file : prog, sev[d->severity], d->msg);
		if (d->source_line) {
			fprintf(stderr, "  %s\n", d->source_line);
			if (d->col > 0)
				fprintf(stderr, "  %*s^\n", d->col - 1, "");
		}
	}
}

/* Loads and launches on one backend.  Returns an exit status; fills res. */
static int
run(const Opts *o, int backend, const char *text, size_t len, ptx_ctx *cx, ptx_module *pm,
    ptx_function *fn, Result *res, int capture)
{
	ptx_cuda *g = NULL;
	ptx_devptr *addr = calloc((size_t)o->nargs + 1, sizeof *addr);
	void **params = calloc((size_t)o->nargs + 1, sizeof *params);
	int npar = ptx_function_param_count(fn), rc = EX_OK, st;
	Sink sink = { NULL, 0, 0, !capture, 0 };
	int savefd = -1;
	struct timespec t0, t1;
	FILE *cap = NULL;

	res->buf = calloc((size_t)o->nargs + 1, sizeof *res->buf);
	res->len = calloc((size_t)o->nargs + 1, sizeof *res->len);
	res->sym = calloc((size_t)o->nsymout + 1, sizeof *res->sym);
	res->nsym = calloc((size_t)o->nsymout + 1, sizeof *res->nsym);
	if (!addr || !params || !res->buf || !res->len || !res->sym || !res->nsym) {
		fprintf(stderr, "%s: out of memory\n", prog);
		free(addr);
		free(params);
		return EX_USAGE;
	}
	if (backend == B_CUDA) {
		if ((st = ptx_cuda_open(&g)) != PTX_OK) {
			fprintf(stderr, "%s: cuda backend: %s\n", prog, ptx_cuda_error(g));
			ptx_cuda_close(g);
			return EX_USAGE;
		}
		if (ptx_cuda_module_load(g, text, len) != PTX_OK) {
			fprintf(stderr, "%s: cuda backend: %s\n", prog, ptx_cuda_error(g));
			ptx_cuda_close(g);
			return EX_MODULE;
		}
		ptx_cuda_set_cooperative(g, o->coop);
	} else {
		ptx_set_cooperative(cx, o->coop);
		ptx_set_printf_sink(cx, sinkfn, &sink);
		if (o->max_steps)
			ptx_set_max_steps(cx, o->max_steps);
		if (o->threads > 0)
			ptx_set_threads(cx, (unsigned)o->threads);
	}
	for (int i = 0; i < o->nargs; i++) {
		const Arg *a = &o->args[i];
		size_t psz = 0;
		ptx_function_param_info(fn, i, &psz, NULL);
		if (isbuf(a)) {
			st = backend == B_CUDA ? ptx_cuda_mem_alloc(g, a->n, &addr[i]) : ptx_mem_alloc(cx, a->n, &addr[i]);
			if (st == PTX_OK && a->n)
				st = backend == B_CUDA ? ptx_cuda_copy_htod(g, addr[i], a->bytes, a->n) :
				    ptx_mem_copy_htod(cx, addr[i], a->bytes, a->n);
			if (st != PTX_OK) {
				fprintf(stderr, "%s: cannot allocate %zu bytes for argument %d\n", prog, a->n, i);
				rc = EX_USAGE;
				goto out;
			}
			if (psz != 8 && a->kind != A_TMAP)
				fprintf(stderr, "%s: warning: parameter %d is %zu bytes, not a 64-bit pointer\n", prog, i, psz);
			params[i] = &addr[i];
		}
		if (a->kind == A_TMAP) {
			/* the map of the backend that runs it: each reads only its own encoding */
			ptx_tensormap tm = a->tm;
			void *map = aligned_alloc(64, 128);
			if (!map) {
				fprintf(stderr, "%s: out of memory\n", prog);
				rc = EX_USAGE;
				goto out;
			}
			tm.addr = a->tbuf < 0 ? addr[i] : addr[a->tbuf] + a->toff;
			memset(map, 0, 128);
			params[i] = map;
			st = backend == B_CUDA ? ptx_cuda_tensormap_encode(g, &tm, map) : ptx_tensormap_encode(cx, &tm, map);
			if (st != PTX_OK) {
				const ptx_diag *d = ptx_diag_get(cx, 0);
				fprintf(stderr, "%s: argument %d: %s\n", prog, i, backend == B_CUDA ? ptx_cuda_error(g) :
				    d ? d->msg : "bad tensor map");
				rc = EX_USAGE;
				goto out;
			}
			if (psz != 128)
				fprintf(stderr, "%s: warning: parameter %d is %zu bytes, not a 128-byte tensor map\n", prog, i, psz);
		} else if (!isbuf(a)) {
			if (a->n < psz && a->kind == A_BYTES) {
				fprintf(stderr, "%s: argument %d: %zu bytes given, the parameter has %zu\n", prog, i, a->n, psz);
				rc = EX_USAGE;
				goto out;
			}
			if (a->kind == A_SCALAR && (size_t)a->tsize != psz)
				fprintf(stderr, "%s: warning: argument %d is %d bytes, the parameter %zu\n", prog, i, a->tsize, psz);
			params[i] = a->bytes;
			if (a->kind == A_SCALAR && (size_t)a->tsize < psz) {
				/* widen: the scalar's bytes, zero- or sign-extended */
				unsigned char *w = calloc(psz, 1);
				if (!w) {
					fprintf(stderr, "%s: out of memory\n", prog);
					rc = EX_USAGE;
					goto out;
				}
				memcpy(w, a->bytes, (size_t)a->tsize);
				if (a->spec[0] == 's' && (a->bytes[a->tsize - 1] & 0x80))
					memset(w + a->tsize, 0xff, psz - (size_t)a->tsize);
				params[i] = w;
			}
		}
	}
	for (int i = 0; i < o->nsymin; i++) {
		size_t n, sz;
		ptx_devptr p;
		unsigned char *data = readfile(o->symin[i].path, &n, datamax);
		if (!data) {
			rc = EX_USAGE;
			goto out;
		}
		st = backend == B_CUDA ? ptx_cuda_get_global(g, o->symin[i].name, &p, &sz) :
		    ptx_module_get_global(pm, o->symin[i].name, &p, &sz);
		if (st != PTX_OK) {
			fprintf(stderr, "%s: --symbol-in: no module variable '%s'\n", prog, o->symin[i].name);
			free(data);
			rc = EX_USAGE;
			goto out;
		}
		if (n > sz)
			n = sz;
		st = backend == B_CUDA ? ptx_cuda_copy_htod(g, p, data, n) : ptx_mem_copy_htod(cx, p, data, n);
		free(data);
	}
	if (backend == B_CUDA && capture) {
		fflush(stdout);
		cap = tmpfile();
		savefd = dup(1);
		if (cap)
			dup2(fileno(cap), 1);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	st = backend == B_CUDA ? ptx_cuda_launch_ex(g, fn, ptx_function_name(fn), o->grid, o->block,
	    o->hascluster ? o->cluster : NULL, o->shared, params) :
	    ptx_launch_ex(cx, fn, o->grid, o->block, o->hascluster ? o->cluster : NULL, o->shared, params);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (o->time)   /* the launch alone: no start-up, file reading or output */
		fprintf(stderr, "%s: launch of %s: %.6f s\n", prog, ptx_function_name(fn),
		    (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	if (savefd >= 0) {
		long n;
		fflush(stdout);
		dup2(savefd, 1);
		close(savefd);
		n = ftell(cap);
		if (n < 0)
			n = 0;
		rewind(cap);
		sink.p = malloc((size_t)n + 1);
		sink.n = sink.p ? fread(sink.p, 1, (size_t)n, cap) : 0;
		sink.lost = !sink.p;
		fclose(cap);
	}
	if (st != PTX_OK) {
		if (backend == B_CUDA)
			fprintf(stderr, "%s: cuda backend: %s\n", prog, ptx_cuda_error(g));
		else {
			const ptx_fault *f = ptx_fault_get(cx);
			if (f->kind != PTX_FAULT_NONE)
				fprintf(stderr, "%s: %s\n", prog, f->msg);
			else
				print_diags(cx);
		}
		rc = EX_FAULT;
		goto out;
	}
	(void)npar;
	for (int i = 0; i < o->nargs; i++) {
		const Arg *a = &o->args[i];
		if (!isbuf(a))
			continue;
		if (!(res->buf[i] = malloc(a->n + 1))) {
			fprintf(stderr, "%s: out of memory for argument %d's %zu bytes\n", prog, i, a->n);
			rc = EX_USAGE;
			goto out;
		}
		res->len[i] = a->n;
		st = backend == B_CUDA ? ptx_cuda_copy_dtoh(g, res->buf[i], addr[i], a->n) :
		    ptx_mem_copy_dtoh(cx, res->buf[i], addr[i], a->n);
		if (st != PTX_OK) {
			rc = EX_FAULT;
			goto out;
		}
	}
	for (int i = 0; i < o->nsymout; i++) {
		size_t sz;
		ptx_devptr p;
		st = backend == B_CUDA ? ptx_cuda_get_global(g, o->symout[i].name, &p, &sz) :
		    ptx_module_get_global(pm, o->symout[i].name, &p, &sz);
		if (st != PTX_OK) {
			fprintf(stderr, "%s: --symbol-out: no module variable '%s'\n", prog, o->symout[i].name);
			rc = EX_USAGE;
			goto out;
		}
		if (!(res->sym[i] = malloc(sz + 1))) {
			fprintf(stderr, "%s: out of memory for '%s'\n", prog, o->symout[i].name);
			rc = EX_USAGE;
			goto out;
		}
		res->nsym[i] = sz;
		st = backend == B_CUDA ? ptx_cuda_copy_dtoh(g, res->sym[i], p, sz) : ptx_mem_copy_dtoh(cx, res->sym[i], p, sz);
		if (st != PTX_OK) {   /* never write a buffer the copy did not fill */
			fprintf(stderr, "%s: --symbol-out: module variable '%s' could not be read back\n", prog,
			    o->symout[i].name);
			rc = EX_FAULT;
			goto out;
		}
	}
out:
	res->out = sink.p;
	res->nout = sink.n;
	if (sink.lost && rc == EX_OK) {
		fprintf(stderr, "%s: out of memory for the printf output\n", prog);
		rc = EX_USAGE;
	}
	for (int i = 0; i < o->nargs; i++)
		if (params[i] && params[i] != o->args[i].bytes && params[i] != &addr[i])
			free(params[i]);
	free(params);
	free(addr);
	ptx_cuda_close(g);
	return rc;
}

/* ---------------------------------------------------------------- comparing */

static int64_t
ordered(uint64_t bits, int w)
{
	/* floats as integers whose order is the floats' order: ulp distance is a difference */
	uint64_t sign = 1ull << (w - 1);
	uint64_t mag = bits & (sign - 1);
	return bits & sign ? -(int64_t)mag : (int64_t)mag;
}

static int
isnanbits(uint64_t b, int w)
{
	switch (w) {
	case 16: return (b & 0x7c00) == 0x7c00 && (b & 0x3ff);
	case 17: return (b & 0x7f80) == 0x7f80 && (b & 0x7f);
	case 32: return (b & 0x7f800000) == 0x7f800000 && (b & 0x7fffff);
	default: return (b & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (b & 0xfffffffffffffull);
	}
}

static void
showval(char *buf, size_t n, uint64_t v, int w, int fl)
{
	if (fl && w == 32) {
		float f;
		uint32_t u = (uint32_t)v;
		memcpy(&f, &u, 4);
		snprintf(buf, n, "%.9g (0x%08x)", f, u);
	} else if (fl && w == 64) {
		double d;
		memcpy(&d, &v, 8);
		snprintf(buf, n, "%.17g (0x%016" PRIx64 ")", d, v);
	} else
		snprintf(buf, n, "0x%0*" PRIx64, w == 17 ? 4 : w / 4, v);
}

/* Compares got with want under cmp; prints the first mismatches. 0 equal, 1 differ. */
static int
compare(const char *what, const unsigned char *got, size_t ngot, const unsigned char *want, size_t nwant,
        const char *cmp)
{
	int w, fl;
	uint64_t uk;
	int64_t k;
	size_t es, n, bad = 0;

	if (parsecmp(cmp, &w, &uk) != 0) {   /* checked with the options: not reached */
		fprintf(stderr, "%s: unknown comparison '%s'\n", prog, cmp);
		return 2;
	}
	k = (int64_t)uk;
	fl = w != 0;
	if (!fl)
		w = 8;
	if (ngot != nwant) {
		printf("%s: size differs: got %zu bytes, want %zu\n", what, ngot, nwant);
		return 1;
	}
	es = (size_t)(w == 17 ? 2 : w / 8);
	n = ngot / es;
	for (size_t i = 0; i < n; i++) {
		uint64_t a = 0, b = 0;
		int ok;
		memcpy(&a, got + i * es, es);
		memcpy(&b, want + i * es, es);
		if (!fl || a == b)
			ok = a == b;
		else if (isnanbits(a, w) || isnanbits(b, w))
			ok = isnanbits(a, w) && isnanbits(b, w);
		else {
			int bw = w == 17 ? 16 : w;
			int64_t x = ordered(a, bw), y = ordered(b, bw);
			/* in unsigned arithmetic: f64 distances pass INT64_MAX */
			uint64_t d = x < y ? (uint64_t)y - (uint64_t)x : (uint64_t)x - (uint64_t)y;
			ok = d <= (uint64_t)k;
		}
		if (!ok) {
			if (bad < 10) {
				char g[64], x[64];
				showval(g, sizeof g, a, w, fl);
				showval(x, sizeof x, b, w, fl);
				printf("%s: [%zu] got %s, want %s\n", what, i, g, x);
			}
			bad++;
		}
	}
	if (!bad && ngot % es && memcmp(got + n * es, want + n * es, ngot % es))
		bad = 1;
	if (bad)
		printf("%s: %zu of %zu elements differ\n", what, bad, n);
	return bad != 0;
}

/* ---------------------------------------------------------------- counters */

/* One instruction's counters folded into the shape of the kernel totals,
 * so the table, the JSON and the HTML read the same numbers. */
static void
fold(const ptx_insn_stats *is, ptx_stats *t)
{
	const ptx_mem_counts *c = is->mem;

	memset(t, 0, sizeof *t);
	t->warp_insns = is->executions;
	t->thread_insns = is->active_threads;
	t->global_load_requests = c[PTX_MC_GLOBAL_LD].requests;
	t->global_load_sectors = c[PTX_MC_GLOBAL_LD].sectors;
	t->global_store_requests = c[PTX_MC_GLOBAL_ST].requests;
	t->global_store_sectors = c[PTX_MC_GLOBAL_ST].sectors;
	t->global_atomic_requests = c[PTX_MC_GLOBAL_ATOM].requests;
	t->global_atomic_sectors = c[PTX_MC_GLOBAL_ATOM].sectors;
	t->global_red_requests = c[PTX_MC_GLOBAL_RED].requests;
	t->global_red_sectors = c[PTX_MC_GLOBAL_RED].sectors;
	t->local_load_requests = c[PTX_MC_LOCAL_LD].requests;
	t->local_load_sectors = c[PTX_MC_LOCAL_LD].sectors;
	t->local_store_requests = c[PTX_MC_LOCAL_ST].requests;
	t->local_store_sectors = c[PTX_MC_LOCAL_ST].sectors;
	t->shared_load_requests = c[PTX_MC_SHARED_LD].requests;
	t->shared_load_wavefronts = c[PTX_MC_SHARED_LD].wavefronts;
	t->shared_load_bank_conflicts = c[PTX_MC_SHARED_LD].conflicts;
	t->shared_store_requests = c[PTX_MC_SHARED_ST].requests;
	t->shared_store_wavefronts = c[PTX_MC_SHARED_ST].wavefronts;
	t->shared_store_bank_conflicts = c[PTX_MC_SHARED_ST].conflicts;
	t->shared_atomic_requests = c[PTX_MC_SHARED_ATOM].requests;
	t->shared_atomic_wavefronts = c[PTX_MC_SHARED_ATOM].wavefronts;
	t->shared_atomic_bank_conflicts = c[PTX_MC_SHARED_ATOM].conflicts;
	t->constant_load_requests = c[PTX_MC_CONST_LD].requests;
	t->constant_load_serializations = c[PTX_MC_CONST_LD].conflicts;
	t->divergent_branches = is->divergent;
	t->bulk_load_sectors = c[PTX_MC_BULK_LD].sectors;
	t->bulk_store_sectors = c[PTX_MC_BULK_ST].sectors;
	t->bulk_reduce_sectors = c[PTX_MC_BULK_RED].sectors;
}

/* The table's columns: L1TEX requests, sectors, wavefronts, conflicts
 * (constant loads: distinct addresses as requests, serializations as
 * conflicts). */
typedef struct { uint64_t req, sec, wf, cf; } Sum;

static Sum
sumof(const ptx_insn_stats *is)
{
	Sum s = { 0, 0, 0, 0 };

	for (int k = 0; k < PTX_MC_N; k++) {
		s.req += is->mem[k].requests;
		s.sec += is->mem[k].sectors;
		s.wf += is->mem[k].wavefronts;
		s.cf += is->mem[k].conflicts;
	}
	return s;
}

/* What an instruction costs the memory system: sectors moved, wavefronts
 * spent, constant-cache lookups; the sort key of the table and the heat of
 * the annotated source. */
static uint64_t
cost(const ptx_insn_stats *is)
{
	Sum s = sumof(is);
	return s.sec + s.wf + is->mem[PTX_MC_CONST_LD].requests;
}

static int
bycost(const void *a, const void *b)
{
	const ptx_insn_stats *x = *(const ptx_insn_stats *const *)a, *y = *(const ptx_insn_stats *const *)b;
	uint64_t cx = cost(x), cy = cost(y);

	if (cx != cy)
		return cx < cy ? 1 : -1;
	if (x->executions != y->executions)
		return x->executions < y->executions ? 1 : -1;
	return x->line - y->line;
}

static void
stats_table(FILE *f, ptx_ctx *cx, const char *kernel)
{
	size_t n = ptx_stats_insn_count(cx);
	const ptx_insn_stats **v = malloc((n + 1) * sizeof *v);
	ptx_stats t;

	if (!v)
		return;
	ptx_stats_get(cx, &t);
	for (size_t i = 0; i < n; i++)
		v[i] = ptx_stats_insn(cx, i);
	qsort(v, n, sizeof *v, bycost);
	fprintf(f, "kernel %s: %" PRIu64 " warp instructions, %" PRIu64 " thread instructions, "
	    "%" PRIu64 " divergent branches\n", kernel, t.warp_insns, t.thread_insns, t.divergent_branches);
	fprintf(f, "%6s  %-40s %10s %6s %10s %7s %10s %10s\n", "line", "instruction", "execs", "lanes",
	    "requests", "sec/req", "wavefronts", "conflicts");
	for (size_t i = 0; i < n; i++) {
		const ptx_insn_stats *is = v[i];
		Sum s = sumof(is);
		char sr[16] = "-", line[16];
		uint64_t gr = s.req - is->mem[PTX_MC_CONST_LD].requests - is->mem[PTX_MC_SHARED_LD].requests -
		    is->mem[PTX_MC_SHARED_ST].requests - is->mem[PTX_MC_SHARED_ATOM].requests;
		if (gr)
			snprintf(sr, sizeof sr, "%.2f", (double)s.sec / (double)gr);
		snprintf(line, sizeof line, "%d", is->src_line ? is->src_line : is->line);
		fprintf(f, "%6s  %-40.40s %10" PRIu64 " %6.2f %10" PRIu64 " %7s %10" PRIu64 " %10" PRIu64 "\n",
		    line, is->text ? is->text : "?", is->executions,
		    is->executions ? (double)is->active_threads / (double)is->executions : 0.0,
		    s.req, sr, s.wf, s.cf);
	}
	free(v);
}

static void
jstr(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* The counters under their fixed JSON names; ind is the indentation of a
 * key, one key a line so that shell tools can pick values out. */
static void
jcounters(FILE *f, const ptx_stats *t, const char *ind)
{
	const struct { const char *k; uint64_t v; } kv[] = {
		{ "global_load_requests", t->global_load_requests },
		{ "global_load_sectors", t->global_load_sectors },
		{ "global_store_requests", t->global_store_requests },
		{ "global_store_sectors", t->global_store_sectors },
		/* atom and red together, as ATOMG/REDG; red alone below */
		{ "global_atomic_requests", t->global_atomic_requests + t->global_red_requests },
		{ "global_atomic_sectors", t->global_atomic_sectors + t->global_red_sectors },
		{ "global_red_requests", t->global_red_requests },
		{ "global_red_sectors", t->global_red_sectors },
		{ "local_load_requests", t->local_load_requests },
		{ "local_load_sectors", t->local_load_sectors },
		{ "local_store_requests", t->local_store_requests },
		{ "local_store_sectors", t->local_store_sectors },
		{ "shared_load_requests", t->shared_load_requests },
		{ "shared_load_wavefronts", t->shared_load_wavefronts },
		{ "shared_load_bank_conflicts", t->shared_load_bank_conflicts },
		{ "shared_store_requests", t->shared_store_requests },
		{ "shared_store_wavefronts", t->shared_store_wavefronts },
		{ "shared_store_bank_conflicts", t->shared_store_bank_conflicts },
		{ "shared_atomic_requests", t->shared_atomic_requests },
		{ "shared_atomic_wavefronts", t->shared_atomic_wavefronts },
		{ "shared_atomic_bank_conflicts", t->shared_atomic_bank_conflicts },
		{ "constant_load_requests", t->constant_load_requests },
		{ "constant_load_serializations", t->constant_load_serializations },
		{ "divergent_branches", t->divergent_branches },
		/* the copy engine's (bulk and tensor copies) global sectors */
		{ "bulk_load_sectors", t->bulk_load_sectors },
		{ "bulk_store_sectors", t->bulk_store_sectors },
		{ "bulk_reduce_sectors", t->bulk_reduce_sectors },
	};
	size_t n = sizeof kv / sizeof kv[0];

	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s\"%s\": %" PRIu64 "%s\n", ind, kv[i].k, kv[i].v, i + 1 < n ? "," : "");
}

static int
stats_json(FILE *f, ptx_ctx *cx, const char *kernel)
{
	ptx_stats t;
	size_t n = ptx_stats_insn_count(cx);

	ptx_stats_get(cx, &t);
	fputs("{\n  \"kernel\": ", f);
	jstr(f, kernel);
	fprintf(f, ",\n  \"counted\": %s,\n  \"totals\": {\n", t.counted ? "true" : "false");
	fprintf(f, "    \"warp_instructions\": %" PRIu64 ",\n    \"thread_instructions\": %" PRIu64 ",\n",
	    t.warp_insns, t.thread_insns);
	jcounters(f, &t, "    ");
	fputs("  },\n  \"instructions\": [", f);
	for (size_t i = 0; i < n; i++) {
		const ptx_insn_stats *is = ptx_stats_insn(cx, i);
		ptx_stats one;
		fold(is, &one);
		fprintf(f, "%s\n    {\n      \"line\": %d,\n      \"ptx_line\": %d,\n", i ? "," : "",
		    is->src_line ? is->src_line : is->line, is->line);
		if (is->src_file) {
			fputs("      \"file\": ", f);
			jstr(f, is->src_file);
			fputs(",\n", f);
		}
		fputs("      \"text\": ", f);
		jstr(f, is->text);
		fprintf(f, ",\n      \"executions\": %" PRIu64 ",\n      \"active_threads\": %" PRIu64 ",\n",
		    is->executions, is->active_threads);
		jcounters(f, &one, "      ");
		fputs("    }", f);
	}
	fputs("\n  ]\n}\n", f);
	return ferror(f) ? -1 : 0;
}

/* ---------------------------------------------------------------- annotated source */

typedef struct { uint64_t exec, lanes, req, sec, wf, cf, cost; } Margin;

static void
html_text(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		switch (s[i]) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '\t': fputs("        ", f); break;
		default: fputc(s[i], f);
		}
}

/* One listing: each line of text with the counters of its instructions in
 * the margin; the heat of a line is its share of the costliest line's. */
static void
html_listing(FILE *f, const char *title, const char *text, size_t len, const Margin *mg, int nmg)
{
	uint64_t worst = 0;
	int ln = 1;

	for (int i = 0; i < nmg; i++)
		if (mg[i].cost > worst)
			worst = mg[i].cost;
	fputs("<h2>", f);
	html_text(f, title, strlen(title));
	fputs("</h2>\n<table>\n<tr><th>line</th><th>execs</th><th>lanes</th><th>requests</th>"
	    "<th>sectors</th><th>wavefronts</th><th>conflicts</th><th>source</th></tr>\n", f);
	for (size_t i = 0; i < len; ln++) {
		size_t e = i;
		while (e < len && text[e] != '\n')
			e++;
		if (ln < nmg && mg[ln].exec) {
			const Margin *m = &mg[ln];
			int heat = worst && m->cost ? (int)(1 + 9 * m->cost / worst) : 0;
			fprintf(f, "<tr class=\"h%d\"><td>%d</td><td>%" PRIu64 "</td><td>%.1f</td><td>%" PRIu64
			    "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td><pre>", heat, ln,
			    m->exec, (double)m->lanes / (double)m->exec, m->req, m->sec, m->wf, m->cf);
		} else
			fprintf(f, "<tr><td>%d</td><td></td><td></td><td></td><td></td><td></td><td></td><td><pre>", ln);
		html_text(f, text + i, e - i);
		fputs("</pre></td></tr>\n", f);
		i = e + 1;
	}
	fputs("</table>\n", f);
}

static void
margin_add(Margin *m, const ptx_insn_stats *is)
{
	Sum s = sumof(is);

	m->exec += is->executions;
	m->lanes += is->active_threads;
	m->req += s.req;
	m->sec += s.sec;
	m->wf += s.wf;
	m->cf += s.cf;
	m->cost += cost(is);
}

static int
annotate(FILE *f, ptx_ctx *cx, const char *module, const char *text, size_t len)
{
	size_t n = ptx_stats_insn_count(cx);
	int nl = 2, ns = 2;
	Margin *mp, *ms = NULL;
	const char *src = NULL;
	unsigned char *stext = NULL;
	size_t slen = 0;

	for (size_t i = 0; i < len; i++)
		nl += text[i] == '\n';
	mp = calloc((size_t)nl, sizeof *mp);
	if (!mp)
		return -1;
	/* the CUDA source: the .file of the first instruction that names one */
	for (size_t i = 0; i < n && !src; i++)
		if (ptx_stats_insn(cx, i)->src_file)
			src = ptx_stats_insn(cx, i)->src_file;
	if (src) {
		FILE *sf = fopen(src, "rb");
		if (sf) {
			fclose(sf);
			stext = readfile(src, &slen, READALL_TEXT_MAX);
		}
	}
	if (stext) {
		for (size_t i = 0; i < slen; i++)
			ns += stext[i] == '\n';
		ms = calloc((size_t)ns, sizeof *ms);
	}
	for (size_t i = 0; i < n; i++) {
		const ptx_insn_stats *is = ptx_stats_insn(cx, i);
		if (is->line > 0 && is->line < nl)
			margin_add(&mp[is->line], is);
		if (ms && is->src_file && strcmp(is->src_file, src) == 0 && is->src_line > 0 && is->src_line < ns)
			margin_add(&ms[is->src_line], is);
	}
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>ptx-run counters</title>\n<style>\n"
	    "body{font-family:sans-serif;margin:1em}table{border-collapse:collapse;font-size:12px}\n"
	    "td,th{padding:0 6px;text-align:right;border-bottom:1px solid #eee;white-space:nowrap}\n"
	    "td:last-child{text-align:left}pre{margin:0;font-family:monospace}\n", f);
	for (int h = 1; h <= 10; h++)
		fprintf(f, ".h%d{background:rgb(255,%d,%d)}\n", h, 250 - h * 15, 240 - h * 20);
	fputs("</style></head><body>\n<p>Counters as Nsight Compute reports them on an H100: L1TEX requests, "
	    "32-byte sectors (global, local), shared-memory wavefronts and bank conflicts; constant loads show "
	    "distinct addresses as requests and serializations as conflicts. Redder lines cost more.</p>\n", f);
	if (stext)
		html_listing(f, src, (const char *)stext, slen, ms, ns);
	html_listing(f, module, text, len, mp, nl);
	fputs("</body></html>\n", f);
	free(mp);
	free(ms);
	free(stext);
	return ferror(f) ? -1 : 0;
}

/* Writes what --stats, --stats-json and --annotate ask for.  Nonzero: an I/O error. */
static int
report(const Opts *o, ptx_ctx *cx, const char *text, size_t len)
{
	int err = 0;

	if (o->stats)
		stats_table(stdout, cx, o->kernel);
	for (int k = 0; k < 2; k++) {
		const char *path = k ? o->annotate : o->statsjson;
		Outfile of;
		int st;
		if (!path)
			continue;
		if (outfile_open(&of, prog, path) != 0) {
			err = 1;
			continue;
		}
		st = k ? annotate(of.f, cx, o->module, text, len) : stats_json(of.f, cx, o->kernel);
		if (st != 0 && !ferror(of.f)) {
			fprintf(stderr, "%s: %s: out of memory\n", prog, path);
			outfile_abort(&of);
			err = 1;
		} else if (outfile_commit(&of, prog) != 0)
			err = 1;
	}
	return err;
}

/* Everything main owns is released on every path, so that leak checkers
 * see a clean exit whatever the outcome. */
static void
opts_free(Opts *o)
{
	for (int i = 0; i < o->nargs; i++)
		free(o->args[i].bytes);
	free(o->args);
	/* an --expect PATH:CMP spec owns a copy of its path */
	for (int i = 0; i < o->nouts; i++)
		if (o->outs[i].cmp)
			free((char *)o->outs[i].path);
	for (int i = 0; i < o->nexpects; i++)
		if (o->expects[i].cmp)
			free((char *)o->expects[i].path);
	free(o->outs);
	free(o->expects);
	for (int i = 0; i < o->nsymin; i++)
		free((char *)o->symin[i].name);
	for (int i = 0; i < o->nsymout; i++)
		free((char *)o->symout[i].name);
	free(o->symin);
	free(o->symout);
}

static void
result_free(Result *r, const Opts *o)
{
	for (int i = 0; r->buf && i < o->nargs; i++)
		free(r->buf[i]);
	for (int i = 0; r->sym && i < o->nsymout; i++)
		free(r->sym[i]);
	free(r->buf);
	free(r->len);
	free(r->out);
	free(r->sym);
	free(r->nsym);
}

static int
finish(int rc, Opts *o, Result *r1, Result *r2, ptx_ctx *cx, unsigned char *text)
{
	/* A lost standard output (a full disk, /dev/full) fails a run that
	 * would have succeeded; a fault or a rejected module keeps its status. */
	if (outfile_close_stdout(prog) != 0 && (rc == EX_OK || rc == EX_DIFF))
		rc = EX_USAGE;
	result_free(r1, o);
	result_free(r2, o);
	opts_free(o);
	ptx_ctx_free(cx);
	free(text);
	return rc;
}

int
main(int argc, char **argv)
{
	Opts o;
	ptx_ctx *cx = NULL;
	ptx_module *pm = NULL;
	ptx_function *fn = NULL;
	unsigned char *text = NULL;
	size_t len;
	int rc, st;
	uint64_t lim;
	Result res, res2;

	memset(&o, 0, sizeof o);
	memset(&res, 0, sizeof res);
	memset(&res2, 0, sizeof res2);
	for (int i = 0; i < 3; i++)
		o.grid[i] = o.block[i] = o.cluster[i] = 1;
	rc = parseargs(argc, argv, &o);
	if (rc)
		return finish(rc > 0 ? EX_OK : EX_USAGE, &o, &res, &res2, cx, text);
	if (!(text = readfile(o.module, &len, READALL_TEXT_MAX)))
		return finish(EX_USAGE, &o, &res, &res2, cx, text);
	if (ptx_ctx_new(&cx, NULL) != PTX_OK) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return finish(EX_USAGE, &o, &res, &res2, cx, text);
	}
	/* before the module: its globals count against --max-memory */
	for (int i = 0; i < 3; i++) {
		static const char *const name[3] = { "--max-memory", "--heap-size", "--stack-size" };
		static const int which[3] = { PTX_LIMIT_MEMORY, PTX_LIMIT_MALLOC_HEAP, PTX_LIMIT_STACK };
		if (o.haslimit[i] && ptx_set_limit(cx, which[i], o.limit[i]) != PTX_OK) {
			fprintf(stderr, "%s: %s: %" PRIu64 " bytes is out of the interpreter's range\n", prog,
			    name[i], o.limit[i]);
			return finish(EX_USAGE, &o, &res, &res2, cx, text);
		}
	}
	if (ptx_get_limit(cx, PTX_LIMIT_MEMORY, &lim) == PTX_OK && lim < datamax)
		datamax = lim;
	if (readargs(&o) != 0)
		return finish(EX_USAGE, &o, &res, &res2, cx, text);
	st = ptx_module_load(cx, o.module, (const char *)text, len, &pm);
	if (st != PTX_OK) {
		print_diags(cx);
		return finish(EX_MODULE, &o, &res, &res2, cx, text);
	}
	if (!o.kernel) {
		if (ptx_module_entry_count(pm) != 1) {
			fprintf(stderr, "%s: %s has %d kernels; choose one with -k:", prog, o.module,
			    ptx_module_entry_count(pm));
			for (int i = 0; i < ptx_module_entry_count(pm); i++)
				fprintf(stderr, " %s", ptx_module_entry_name(pm, i));
			fprintf(stderr, "\n");
			return finish(EX_USAGE, &o, &res, &res2, cx, text);
		}
		o.kernel = ptx_module_entry_name(pm, 0);
	}
	if (ptx_module_get_function(pm, o.kernel, &fn) != PTX_OK) {
		fprintf(stderr, "%s: %s: no kernel named '%s'\n", prog, o.module, o.kernel);
		return finish(EX_USAGE, &o, &res, &res2, cx, text);
	}
	if (o.nargs != ptx_function_param_count(fn)) {
		fprintf(stderr, "%s: kernel %s takes %d parameters, %d given with -a\n", prog, o.kernel,
		    ptx_function_param_count(fn), o.nargs);
		return finish(EX_USAGE, &o, &res, &res2, cx, text);
	}
	if (o.diff) {
		int d = 0;
		rc = run(&o, B_INTERP, (const char *)text, len, cx, pm, fn, &res, 1);
		if (rc == EX_OK)
			rc = run(&o, B_CUDA, (const char *)text, len, cx, pm, fn, &res2, 1);
		if (rc == EX_OK) {
			fwrite(res.out, 1, res.nout, stdout);
			for (int i = 0; i < o.nargs; i++)
				if (res.buf[i]) {
					char what[64];
					snprintf(what, sizeof what, "argument %d", i);
					d |= compare(what, res.buf[i], res.len[i], res2.buf[i], res2.len[i], NULL);
				}
			if (res.nout != res2.nout || (res.nout && memcmp(res.out, res2.out, res.nout))) {
				printf("printf output differs (interp %zu bytes, cuda %zu bytes)\n", res.nout, res2.nout);
				d = 1;
			}
			rc = d ? EX_DIFF : EX_OK;
		}
	} else {
		ptx_set_counting(cx, !o.nostats);
		rc = run(&o, o.backend, (const char *)text, len, cx, pm, fn, &res, 0);
		if ((rc == EX_OK || rc == EX_FAULT) && o.backend == B_INTERP &&
		    report(&o, cx, (const char *)text, len) && rc == EX_OK)
			rc = EX_USAGE;
	}
	if (rc == EX_OK || rc == EX_DIFF) {
		int d = 0;
		for (int i = 0; i < o.nexpects; i++) {
			size_t n;
			unsigned char *want = readfile(o.expects[i].path, &n, datamax);
			char what[64];
			if (!want) {
				rc = EX_USAGE;
				break;
			}
			snprintf(what, sizeof what, "argument %d", o.expects[i].n);
			st = compare(what, res.buf[o.expects[i].n], res.len[o.expects[i].n], want, n, o.expects[i].cmp);
			free(want);
			if (st == 2) {
				rc = EX_USAGE;
				break;
			}
			d |= st;
		}
		if (d && rc == EX_OK)
			rc = EX_DIFF;
		for (int i = 0; i < o.nouts && rc != EX_USAGE; i++)
			if (outfile_write(prog, o.outs[i].path, res.buf[o.outs[i].n], res.len[o.outs[i].n]))
				rc = EX_USAGE;
		for (int i = 0; i < o.nsymout && rc != EX_USAGE; i++)
			if (res.sym[i] && outfile_write(prog, o.symout[i].path, res.sym[i], res.nsym[i]))
				rc = EX_USAGE;
	}
	return finish(rc, &o, &res, &res2, cx, text);
}

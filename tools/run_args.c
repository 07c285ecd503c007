/*
 * run_args.c -- ptx-run's argument forms: -a (scalars, buffers, raw bytes,
 * tensor maps, textures and surfaces), -o and --expect with their
 * comparisons, and --symbol-in/--symbol-out.  Every number is checked
 * against the range of what it sets (tools/number.c).
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
#include "tools/number.h"
#include "tools/outfile.h"
#include "tools/readall.h"
#include "tools/run.h"

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

/* The BUFFER of tensormap: and texture: arguments in v, what its
 * option: N[+OFF] (buffer argument N), file:PATH or zeros:BYTES.  *end
 * past it; 0, or -1 (-2: out of memory) after saying why. */
static int
parsesrc(const char *v, const char *what, Arg *a, const char **end)
{
	const char *p = v, *q;
	char m[3][64];

	snprintf(m[0], sizeof m[0], "-a %s: path too long in '%%s'", what);
	snprintf(m[1], sizeof m[1], "-a %s: bad byte count in '%%s'", what);
	snprintf(m[2], sizeof m[2], "-a %s: bad offset in '%%s'", what);
	a->tbuf = -1;
	if (strncmp(p, "file:", 5) == 0) {
		size_t pl = strcspn(p + 5, ":");
		if (pl >= 4096)
			return run_bad(m[0], v);
		a->file = p + 5;
		a->nfile = pl;
		q = p + 5 + pl;
	} else if (strncmp(p, "zeros:", 6) == 0) {
		uint64_t nb;
		if (num_size(p + 6, &q, SIZE_MAX, &nb) != 0)
			return run_bad(m[1], v);
		a->n = (size_t)nb;
		a->zeros = 1;
	} else {
		uint64_t tb;
		if (num_u64(p, &q, INT_MAX, &tb) != 0)
			return run_bad("-a: expected N[+OFF], file:PATH or zeros:BYTES in '%s'", v);
		a->tbuf = (int)tb;
		if (*q == '+' && num_u64(q + 1, &q, UINT64_MAX, &a->toff) != 0)
			return run_bad(m[2], v);
	}
	*end = q;
	return 0;
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
	uint64_t d[5], b[5];
	const char *p = v, *q, *e;
	int n;

	a->kind = A_TMAP;
	if (parsesrc(v, "tensormap", a, &q) != 0)
		return -1;
	p = q;
	if (*p++ != ':')
		return run_bad("-a tensormap: expected BUFFER:TYPE:DIMS:BOX, not '%s'", v);
	for (t->elemtype = 0; t->elemtype < sizeof types / sizeof types[0]; t->elemtype++)
		if (strncmp(p, types[t->elemtype], strlen(types[t->elemtype])) == 0 && p[strlen(types[t->elemtype])] == ':')
			break;
	if (t->elemtype == sizeof types / sizeof types[0])
		return run_bad("-a tensormap: unknown element type in '%s'", v);
	p += strlen(types[t->elemtype]) + 1;
	errno = 0;
	if ((n = xlist(p, &e, d, 5, UINT64_MAX)) < 0 || *e != ':' || xlist(e + 1, &e, b, 5, UINT_MAX) != n ||
	    (*e && *e != ':'))
		return run_bad(errno == ERANGE ? "-a tensormap: a box size out of range in '%s'" :
		    "-a tensormap: expected DIMS:BOX such as 64x32:16x8 in '%s'", v);
	t->rank = (unsigned)n;
	for (int i = 0; i < n; i++) {
		t->dim[i] = d[i];
		t->box[i] = (unsigned)b[i];
		t->estride[i] = 1;
		if (i + 1 < n) {   /* dense unless strides= */
			uint64_t below = i ? t->stride[i - 1] : size[t->elemtype];
			if (d[i] && below > UINT64_MAX / d[i])
				return run_bad("-a tensormap: the tensor's size overflows 64 bits in '%s'", v);
			t->stride[i] = below * d[i];
		}
	}
	while (*e == ':' || *e == ',') {
		const char *k = e + 1, *eq = strchr(k, '=');
		size_t kl = eq ? (size_t)(eq - k) : 0;
		int found = 0;
		if (!eq)
			return run_bad("-a tensormap: expected KEY=VALUE options in '%s'", v);
		if ((kl == 7 && strncmp(k, "strides", 7) == 0) || (kl == 8 && strncmp(k, "estrides", 8) == 0)) {
			int m;
			errno = 0;
			m = xlist(eq + 1, &e, d, 5, kl == 7 ? UINT64_MAX : UINT_MAX);
			if (m < 0 && errno == ERANGE)
				return run_bad("-a tensormap: a stride out of range in '%s'", v);
			if (m != (kl == 7 ? n - 1 : n))
				return run_bad("-a tensormap: strides= takes rank-1 numbers, estrides= rank numbers: '%s'", v);
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
			return run_bad("-a tensormap: unknown option or value in '%s'", v);
	}
	if (*e)
		return run_bad("-a tensormap: trailing text in '%s'", v);
	return 0;
}

/* texture:BUFFER:FORMAT:DIMS[:KEY=VAL,...] and surface:... (man/ptx-run.1) */
static int
parsetex(const char *v, Arg *a, int surf)
{
	/* PTX_TEXFMT_* order */
	static const char *const fmts[] = { "u8", "u16", "u32", "s8", "s16", "s32", "f16", "f32",
		"bc1", "bc2", "bc3", "bc4", "bc4s", "bc5", "bc5s", "bc6h", "bc6hs", "bc7", "unorm1010102" };
	/* the channels of the packed and compressed formats, by PTX_TEXFMT_* - 8 */
	static const unsigned char fch[] = { 4, 4, 4, 1, 1, 2, 2, 3, 3, 4, 4 };
	const unsigned nfmt = sizeof fmts / sizeof fmts[0];
	static const char *const geoms[] = { "1d", "2d", "3d", "a1d", "a2d", "cube", "acube", "buffer" };
	static const char *const modes[] = { "wrap", "clamp", "mirror", "border" };
	static const char *const filters[] = { "point", "linear" };
	ptx_texture *t = &a->tex;
	const char *what = surf ? "surface" : "texture", *p, *e;
	uint64_t d[3];
	int n, geom = -1;
	char msg[96];

	a->kind = A_TEX;
	a->surf = surf;
	*t = (ptx_texture)PTX_TEXTURE_INIT;
	t->addr_mode[0] = t->addr_mode[1] = t->addr_mode[2] = PTX_ADDR_CLAMP;
	if (parsesrc(v, what, a, &p) != 0)
		return -1;
	snprintf(msg, sizeof msg, "-a %s: expected BUFFER:FORMAT:DIMS such as 0:u8x4:64x32, not '%%s'", what);
	if (*p++ != ':')
		return run_bad(msg, v);
	/* a plain format's channels are xN, one digit (the library holds N
	 * to 1, 2 or 4): a bare x is no format, not a digit read past the end */
	for (t->format = 0; t->format < nfmt; t->format++) {
		size_t fl = strlen(fmts[t->format]);
		if (strncmp(p, fmts[t->format], fl) == 0 &&
		    (p[fl] == ':' || (p[fl] == 'x' && t->format < 8 && digit10(p[fl + 1]))))
			break;
	}
	if (t->format == nfmt)
		return run_bad(msg, v);
	p += strlen(fmts[t->format]);
	if (t->format >= 8)
		t->channels = fch[t->format - 8];
	else if (*p == 'x') {
		t->channels = (unsigned)(p[1] - '0');
		p += 2;
	}
	if (*p++ != ':' || (n = xlist(p, &e, d, 3, UINT32_MAX)) < 0 || (*e && *e != ':'))
		return run_bad(msg, v);
	t->width = d[0];
	t->height = n > 1 ? d[1] : 0;
	t->depth = n > 2 ? d[2] : 0;
	while (*e == ':' || *e == ',') {
		const char *k = e + 1, *eq = strchr(k, '='), *val;
		size_t kl = eq ? (size_t)(eq - k) : 0, vl;
		int ok = 0;
		snprintf(msg, sizeof msg, "-a %s: unknown option or value in '%%s'", what);
		if (!eq)
			return run_bad(msg, v);
		val = eq + 1;
		vl = strcspn(val, ",:");
		e = val + vl;
#define KEY(s) (kl == strlen(s) && strncmp(k, s, kl) == 0)
#define VAL(s) (vl == strlen(s) && strncmp(val, s, vl) == 0)
		if (KEY("geom")) {
			for (int g = 0; g < 8 && !ok; g++)
				if (VAL(geoms[g]))
					geom = g, ok = 1;
		} else if (KEY("addr")) {
			/* one mode for every axis, or MODE/MODE[/MODE] */
			const char *m = val;
			for (int ax = 0; ax < 3 && m < e; ax++) {
				size_t ml = strcspn(m, "/,:");
				ok = 0;
				for (unsigned j = 0; j < 4 && !ok; j++)
					if (ml == strlen(modes[j]) && strncmp(m, modes[j], ml) == 0) {
						for (int b = ax; b < 3; b++)
							t->addr_mode[b] = j;
						ok = 1;
					}
				if (!ok)
					break;
				m += ml + (m[ml] == '/');
			}
		} else if (KEY("filter") || KEY("mipfilter")) {
			for (unsigned j = 0; j < 2 && !ok; j++)
				if (VAL(filters[j]))
					*(KEY("filter") ? &t->filter : &t->mip_filter) = j, ok = 1;
		} else if (KEY("coords")) {
			if ((ok = VAL("norm")))
				t->flags |= PTX_TEXF_NORMALIZED;
			else
				ok = VAL("texel");
		} else if (KEY("read")) {
			if ((ok = VAL("int")))
				t->flags |= PTX_TEXF_READ_INT;
			else
				ok = VAL("float");
		} else if (KEY("srgb")) {
			if ((ok = VAL("on")))
				t->flags |= PTX_TEXF_SRGB;
			else
				ok = VAL("off");
		} else if (KEY("seamless")) {
			if ((ok = VAL("on")))
				t->flags |= PTX_TEXF_SEAMLESS;
			else
				ok = VAL("off");
		} else if (KEY("border")) {
			/* R/G/B/A */
			const char *b = val;
			for (int c = 0; c < 4; c++) {
				char *be;
				errno = 0;
				t->border[c] = strtof(b, &be);
				if (be == b || errno || (c < 3 && *be != '/') || (c == 3 && be != e))
					break;
				ok = c == 3;
				b = be + 1;
			}
		} else if (KEY("pitch")) {
			ok = num_size(val, &val, UINT32_MAX, &t->pitch) == 0 && val == e;
		} else if (KEY("levels")) {
			uint64_t lv;
			ok = num_u64(val, &val, PTX_TEX_MAXLEVELS, &lv) == 0 && val == e && lv >= 1;
			t->levels = (unsigned)lv;
			t->max_lod = (float)lv - 1;
		}
#undef KEY
#undef VAL
		if (!ok)
			return run_bad(msg, v);
	}
	if (*e)
		return run_bad(msg, v);
	t->geom = geom >= 0 ? (unsigned)geom : n == 1 ? PTX_TEX_1D : n == 2 ? PTX_TEX_2D : PTX_TEX_3D;
	return 0;
}

int
run_parsearg(const char *spec, Arg *a)
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
		return run_bad("-a: expected TYPE:VALUE, file:PATH, zeros:BYTES or bytes:HEX, not '%s'", spec);
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
			return run_bad(errno == ERANGE ? "-a zeros: byte count out of range: '%s'" :
			    "-a zeros: bad byte count '%s'", v);
		a->kind = A_ZEROS;
		a->n = (size_t)n;
		a->zeros = 1;
		return 0;
	}
	if (tl == 9 && strncmp(spec, "tensormap", 9) == 0)
		return parsetmap(v, a);
	if ((tl == 7 && strncmp(spec, "texture", 7) == 0) || (tl == 7 && strncmp(spec, "surface", 7) == 0))
		return parsetex(v, a, spec[0] == 's');
	if (tl == 5 && strncmp(spec, "bytes", 5) == 0) {
		size_t n = strlen(v);
		if (n % 2)
			return run_bad("-a bytes: odd number of hex digits in '%s'", v);
		a->kind = A_BYTES;
		a->n = n / 2;
		if (!(a->bytes = calloc(a->n + 1, 1))) {
			fprintf(stderr, "%s: out of memory\n", prog);
			return -2;
		}
		for (size_t i = 0; i < a->n; i++) {
			int h = hexval(v[2 * i]), l = hexval(v[2 * i + 1]);
			if (h < 0 || l < 0)
				return run_bad("-a bytes: bad hex digit in '%s'", v);
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
			return run_bad(errno == ERANGE ? "-a: value out of range for its type in '%s'" :
			    "-a: bad value in '%s'", spec);
		if (!(a->bytes = calloc(8, 1))) {
			fprintf(stderr, "%s: out of memory\n", prog);
			return -2;
		}
		memcpy(a->bytes, &bits, 8);   /* little-endian: the low a->n bytes */
		return 0;
	}
	return run_bad("-a: unknown type in '%s'", spec);
}

/* A comparison of --expect: exact (w 0), or fNNulp:K within K units in
 * the last place of floats of w bits (17: bfloat16).  0, or -1. */
int
run_parsecmp(const char *cmp, int *w, uint64_t *k)
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
int
run_outspec(const char *opt, const char *s, OutSpec *o, int cmp)
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
		if (o->cmp && run_parsecmp(o->cmp, &w, &k) != 0) {
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

int
run_symspec(const char *s, SymSpec *o)
{
	const char *c = strchr(s, ':');
	char *n;
	if (!c || c == s)
		return run_bad("expected NAME:PATH, not '%s'", s);
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

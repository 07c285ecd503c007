/*
 * cubin.c -- the cubin ptxas writes, read for the order oracle: each
 * .text.NAME section's instructions (decoded by sass.c), split where a
 * "$" symbol starts a subroutine (the slow paths of div, rcp and sqrt
 * that ptxas compiles into the kernel's section), each with the PTX line
 * that .debug_line gives its address.
 *
 * The file is an ELF64, little-endian; nothing in it is trusted.  Every
 * offset and size is checked against the file with 64-bit arithmetic that
 * cannot wrap, the line program's every read against its unit, and the
 * work is bounded by the file's size.  The line program is DWARF's (ptxas
 * writes version 2): each DW_LNE_set_address names an address in some
 * .text section through a relocation of .rela.debug_line (or .rel), whose
 * symbol is that section's; rows apply from their address to the next
 * row's, as nvdisasm -g prints them.  A row's line outside the module, an
 * opcode sass.c does not know, or a section whose size is no multiple of
 * 16 marks the function bad (no answers from it); a file this reader
 * cannot follow at all is -1.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api/sass.h"

enum {
	SHT_SYMTAB = 2, SHT_RELA = 4, SHT_NOBITS = 8, SHT_REL = 9,
	STT_SECTION = 3,
	MAXROWS = 1 << 24
};

typedef struct {
	const unsigned char *b;
	size_t n;
} Buf;

typedef struct {
	uint32_t name, type, link, info;
	uint64_t off, size;
} Sec;

typedef struct {
	uint64_t value;
	uint32_t name;
	uint16_t shndx;
	unsigned char type;
} ESym;

typedef struct {
	uint64_t off;            /* where in .debug_line the address is */
	uint64_t value;          /* the address it becomes */
	int sec;                 /* in that section */
} Reloc;

typedef struct {
	int sec;
	uint64_t addr;
	int line;
	int order;               /* the row's place in the program (stable sort) */
} Row;

typedef struct {
	ptx_ctx *cx;
	Buf f;
	Sec *sec; int nsec;
	ESym *sym; int nsym;
	Buf symstr, shstr;
	Reloc *rel; int nrel;
	Row *row; int nrow, caprow;
	const ESym **dollar; int ndollar;   /* the "$" symbols, by section and address */
	uint64_t work;           /* instructions left to read: the file's size bounds them */
} Cub;

/* ---------------------------------------------------------------- reading safely */

/* Is [off, off + len) inside a buffer of n bytes? */
static int
inside(uint64_t off, uint64_t len, uint64_t n)
{
	return off <= n && len <= n - off;
}

static uint64_t
le(const unsigned char *p, int k)
{
	uint64_t v = 0;

	for (int i = k - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* The NUL-terminated string at off of table t, or NULL. */
static const char *
str(const Buf *t, uint64_t off, size_t *len)
{
	const unsigned char *z;

	if (off >= t->n || !(z = memchr(t->b + off, 0, t->n - off)))
		return NULL;
	*len = (size_t)(z - (t->b + off));
	return (const char *)t->b + off;
}

static Buf
secdata(const Cub *c, int i)
{
	Buf b = { NULL, 0 };

	if (i > 0 && i < c->nsec && c->sec[i].type != SHT_NOBITS) {
		b.b = c->f.b + c->sec[i].off;
		b.n = (size_t)c->sec[i].size;
	}
	return b;
}

/* ---------------------------------------------------------------- ELF */

static int
sections(Cub *c)
{
	const unsigned char *h = c->f.b;
	uint64_t shoff, n;
	int shstrndx;

	if (c->f.n < 64 || memcmp(h, "\177ELF", 4) || h[4] != 2 || h[5] != 1 || le(h + 58, 2) != 64)
		return -1;   /* not an ELF64, little-endian, with 64-byte section headers */
	shoff = le(h + 40, 8);
	n = le(h + 60, 2);
	shstrndx = (int)le(h + 62, 2);
	if (!n || !inside(shoff, n * 64, c->f.n) || shstrndx >= (int)n)
		return -1;
	if (!(c->sec = interp_alloc(c->cx, (size_t)n * sizeof *c->sec)))
		return -1;
	c->nsec = (int)n;
	for (int i = 0; i < c->nsec; i++) {
		const unsigned char *p = h + shoff + (uint64_t)i * 64;
		Sec *s = &c->sec[i];
		s->name = (uint32_t)le(p, 4);
		s->type = (uint32_t)le(p + 4, 4);
		s->off = le(p + 24, 8);
		s->size = le(p + 32, 8);
		s->link = (uint32_t)le(p + 40, 4);
		s->info = (uint32_t)le(p + 44, 4);
		if (s->type != SHT_NOBITS && i && !inside(s->off, s->size, c->f.n))
			return -1;
	}
	c->shstr = secdata(c, shstrndx);
	return 0;
}

static const char *
secname(const Cub *c, int i, size_t *len)
{
	return str(&c->shstr, c->sec[i].name, len);
}

static int
symbols(Cub *c)
{
	int st = -1;
	Buf b;

	for (int i = 1; i < c->nsec && st < 0; i++)
		if (c->sec[i].type == SHT_SYMTAB)
			st = i;
	if (st < 0)
		return 0;   /* no symbols: no subroutines, no relocations */
	b = secdata(c, st);
	c->symstr = secdata(c, (int)c->sec[st].link);
	if (b.n / 24 > (1 << 24))
		return -1;
	c->nsym = (int)(b.n / 24);
	if (c->nsym && !(c->sym = interp_alloc(c->cx, (size_t)c->nsym * sizeof *c->sym)))
		return -1;
	for (int i = 0; i < c->nsym; i++) {
		const unsigned char *p = b.b + (size_t)i * 24;
		c->sym[i].name = (uint32_t)le(p, 4);
		c->sym[i].type = p[4] & 0xf;
		c->sym[i].shndx = (uint16_t)le(p + 6, 2);
		c->sym[i].value = le(p + 8, 8);
	}
	return 0;
}

static int
cmprel(const void *a, const void *b)
{
	const Reloc *x = a, *y = b;
	return (x->off > y->off) - (x->off < y->off);
}

/* The relocations of section dl (.debug_line), sorted by offset. */
static int
relocs(Cub *c, int dl)
{
	for (int i = 1; i < c->nsec; i++) {
		const Sec *s = &c->sec[i];
		int ent = s->type == SHT_RELA ? 24 : 16;
		Buf b;
		Reloc *nr;
		if ((s->type != SHT_RELA && s->type != SHT_REL) || (int)s->info != dl)
			continue;
		b = secdata(c, i);
		if (b.n / (size_t)ent > (size_t)(1 << 22) - (size_t)c->nrel)
			return -1;
		if (!b.n)
			continue;
		nr = interp_realloc(c->cx, c->rel, (size_t)(c->nrel + (int)(b.n / (size_t)ent)) * sizeof *nr);
		if (!nr)
			return -1;
		c->rel = nr;
		for (size_t k = 0; k + (size_t)ent <= b.n; k += (size_t)ent) {
			const unsigned char *p = b.b + k;
			uint64_t sym = le(p + 8, 8) >> 32;
			Reloc *r = &c->rel[c->nrel];
			if (sym >= (uint64_t)c->nsym)
				continue;
			r->off = le(p, 8);
			r->sec = c->sym[sym].shndx;
			/* RELA: symbol + addend; REL: the addend is what the field holds, read later */
			r->value = c->sym[sym].value + (ent == 24 ? le(p + 16, 8) : 0);
			if (ent == 16)
				r->sec = -1 - r->sec;   /* marks a REL: add the field */
			c->nrel++;
		}
	}
	if (c->nrel)
		qsort(c->rel, (size_t)c->nrel, sizeof *c->rel, cmprel);
	return 0;
}

static const Reloc *
relat(const Cub *c, uint64_t off)
{
	int lo = 0, hi = c->nrel;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (c->rel[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->nrel && c->rel[lo].off == off ? &c->rel[lo] : NULL;
}

/* ---------------------------------------------------------------- DWARF .debug_line */

typedef struct {
	const unsigned char *p, *end;
	int bad;
} Rd;

static uint64_t
rdn(Rd *r, int k)
{
	uint64_t v;

	if (r->bad || r->end - r->p < k) {
		r->bad = 1;
		return 0;
	}
	v = le(r->p, k);
	r->p += k;
	return v;
}

static uint64_t
uleb(Rd *r)
{
	uint64_t v = 0;

	for (int sh = 0; !r->bad; sh += 7) {
		uint64_t b;
		if (r->p >= r->end || sh > 63) {
			r->bad = 1;
			return 0;
		}
		b = *r->p++;
		v |= (b & 0x7f) << sh;
		if (!(b & 0x80))
			break;
	}
	return v;
}

static int64_t
sleb(Rd *r)
{
	uint64_t v = 0, b = 0;
	int sh = 0;

	while (!r->bad) {
		if (r->p >= r->end || sh > 63) {
			r->bad = 1;
			return 0;
		}
		b = *r->p++;
		v |= (b & 0x7f) << sh;
		sh += 7;
		if (!(b & 0x80))
			break;
	}
	if (sh < 64 && (b & 0x40))
		v |= ~(uint64_t)0 << sh;
	return (int64_t)v;
}

static int
emit(Cub *c, int sec, uint64_t addr, int64_t line)
{
	Row *w;

	if (sec <= 0)
		return 0;   /* an address of no known section */
	if (c->nrow == c->caprow) {
		int n = c->caprow ? 2 * c->caprow : 256;
		Row *nr;
		if (c->caprow >= MAXROWS || !(nr = interp_realloc(c->cx, c->row, (size_t)n * sizeof *nr)))
			return -1;
		c->row = nr;
		c->caprow = n;
	}
	w = &c->row[c->nrow];
	w->sec = sec;
	w->addr = addr;
	w->line = line < 0 || line > (1 << 30) ? -1 : (int)line;
	w->order = c->nrow++;
	return 0;
}

/* One unit of the line program at r (its end set here); -1 on no memory
 * or a unit not to be followed (then the rest is left too). */
static int
lineunit(Cub *c, Rd *r, const unsigned char *base)
{
	uint64_t len = rdn(r, 4), hlen;
	unsigned ver, minlen, range, opbase;
	int lbase, off8 = 4, sec = 0;
	unsigned char nargs[256] = { 0 };
	const unsigned char *uend, *prog;
	uint64_t addr = 0;
	int64_t line = 1;
	Rd u;

	if (len == 0xffffffffu) {
		len = rdn(r, 8);
		off8 = 8;
	}
	if (r->bad || len > (uint64_t)(r->end - r->p))
		return -1;
	uend = r->p + len;
	u.p = r->p;
	u.end = uend;
	u.bad = 0;
	r->p = uend;
	ver = (unsigned)rdn(&u, 2);
	if (ver < 2 || ver > 4)
		return -1;
	hlen = rdn(&u, off8);
	if (u.bad || hlen > (uint64_t)(uend - u.p))
		return -1;
	prog = u.p + hlen;
	minlen = (unsigned)rdn(&u, 1);
	if (ver >= 4)
		rdn(&u, 1);   /* maximum operations per instruction */
	rdn(&u, 1);           /* default is_stmt */
	lbase = (int)(signed char)rdn(&u, 1);
	range = (unsigned)rdn(&u, 1);
	opbase = (unsigned)rdn(&u, 1);
	if (u.bad || !range || !opbase)
		return -1;
	for (unsigned i = 1; i < opbase; i++)
		nargs[i] = (unsigned char)rdn(&u, 1);
	if (u.bad)
		return -1;
	/* the directories and files are not needed: the module is file 1 */
	u.p = prog;
	while (u.p < uend && !u.bad) {
		unsigned op = (unsigned)rdn(&u, 1);
		if (op >= opbase) {
			unsigned adj = op - opbase;
			addr += (uint64_t)(adj / range) * minlen;
			line += lbase + (int)(adj % range);
			if (emit(c, sec, addr, line))
				return -1;
			continue;
		}
		switch (op) {
		case 0: {
			uint64_t n = uleb(&u);
			const unsigned char *at = u.p, *next;
			unsigned sub;
			if (u.bad || !n || n > (uint64_t)(uend - u.p))
				return 0;
			next = u.p + n;
			sub = (unsigned)rdn(&u, 1);
			if (sub == 1) {   /* end of the sequence */
				addr = 0;
				line = 1;
				sec = 0;
			} else if (sub == 2 && n - 1 <= 8) {
				const Reloc *rl = relat(c, (uint64_t)(at + 1 - base));
				uint64_t v = rdn(&u, (int)(n - 1));
				addr = v;
				sec = 0;
				if (rl && rl->sec >= 0) {
					addr = rl->value;
					sec = rl->sec;
				} else if (rl) {
					addr = rl->value + v;
					sec = -1 - rl->sec;
				}
			}
			u.p = next;
			break;
		}
		case 1:
			if (emit(c, sec, addr, line))
				return -1;
			break;
		case 2: addr += uleb(&u) * minlen; break;
		case 3: {
			int64_t v = sleb(&u);
			line = v < -(1ll << 40) || v > (1ll << 40) ? -(1ll << 41) : line + v;
			break;
		}
		case 8: addr += (uint64_t)((255 - opbase) / range) * minlen; break;
		case 9: addr += rdn(&u, 2); break;
		default:
			for (unsigned i = 0; i < nargs[op]; i++)
				uleb(&u);
		}
		if (line < -(1ll << 40) || line > (1ll << 40))
			line = -(1ll << 41);   /* keeps the sums in range; the rows say "no line" */
	}
	return 0;
}

static int
cmprow(const void *a, const void *b)
{
	const Row *x = a, *y = b;
	if (x->sec != y->sec)
		return (x->sec > y->sec) - (x->sec < y->sec);
	if (x->addr != y->addr)
		return (x->addr > y->addr) - (x->addr < y->addr);
	return (x->order > y->order) - (x->order < y->order);
}

static int
lines(Cub *c)
{
	int dl = -1;
	Rd r;

	for (int i = 1; i < c->nsec && dl < 0; i++) {
		size_t len;
		const char *n = secname(c, i, &len);
		if (n && len == 11 && !memcmp(n, ".debug_line", 11) && c->sec[i].type != SHT_NOBITS)
			dl = i;
	}
	if (dl < 0)
		return 0;   /* no lines: every instruction's is 0, no answers */
	if (relocs(c, dl))
		return -1;
	r.p = c->f.b + c->sec[dl].off;
	r.end = r.p + c->sec[dl].size;
	r.bad = 0;
	while (r.p < r.end && !r.bad)
		if (lineunit(c, &r, c->f.b + c->sec[dl].off))
			break;
	if (c->nrow)
		qsort(c->row, (size_t)c->nrow, sizeof *c->row, cmprow);
	return 0;
}

/* ---------------------------------------------------------------- the code */

static int
cmpsym(const void *a, const void *b)
{
	const ESym *x = *(const ESym *const *)a, *y = *(const ESym *const *)b;
	if (x->shndx != y->shndx)
		return (x->shndx > y->shndx) - (x->shndx < y->shndx);
	return (x->value > y->value) - (x->value < y->value);
}

/* The symbols that start subroutines: named "$...", in a section, at an
 * instruction; sorted by section and address. */
static int
dollars(Cub *c)
{
	if (!c->nsym)
		return 0;
	if (!(c->dollar = interp_alloc(c->cx, (size_t)c->nsym * sizeof *c->dollar)))
		return -1;
	for (int k = 0; k < c->nsym; k++) {
		const ESym *y = &c->sym[k];
		size_t len;
		const char *nm;
		if (y->type == STT_SECTION || !y->shndx || y->shndx >= c->nsec || !(nm = str(&c->symstr, y->name, &len)) ||
		    !len || nm[0] != '$' || len >= sizeof ((SFunc *)0)->name || y->value >= c->sec[y->shndx].size ||
		    y->value % 16)
			continue;
		c->dollar[c->ndollar++] = y;
	}
	if (c->ndollar)
		qsort(c->dollar, (size_t)c->ndollar, sizeof *c->dollar, cmpsym);
	return 0;
}

/* The first row of section i, the first "$" symbol of it. */
static int
firstrow(const Cub *c, int i)
{
	int lo = 0, hi = c->nrow;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (c->row[mid].sec < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int
firstsym(const Cub *c, int i)
{
	int lo = 0, hi = c->ndollar;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (c->dollar[mid]->shndx < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int
text(Cub *c, Sass *s, int i, const char *name, size_t len, int nlines)
{
	Buf b = secdata(c, i);
	int k0 = firstsym(c, i), k = k0, ke, line = 0, r = firstrow(c, i);
	uint64_t fnoff = 0;   /* where fn starts in the section */
	SFunc *fn;

	for (ke = k0; ke < c->ndollar && c->dollar[ke]->shndx == i; ke++)
		;
	s->sec = i;
	if (!(fn = sass_newfn(c->cx, s, name, len)))
		return -1;
	if (b.n % 16) {
		fn->bad = 1;
		return 0;
	}
	if (b.n / 16 > c->work)
		return -1;   /* sections that share their bytes: more code than the file holds */
	c->work -= b.n / 16;
	for (uint64_t off = 0; off < b.n; off += 16) {
		SIns *si;
		int64_t rel;
		uint64_t t;
		int moved = 0;
		for (; k < ke && c->dollar[k]->value <= off; k++) {
			size_t nl = 0;
			const char *nm = str(&c->symstr, c->dollar[k]->name, &nl);
			if (!nm || !(fn = sass_newfn(c->cx, s, nm, nl)))
				return -1;
			fn->sub = 1;
			fnoff = off;
		}
		while (r < c->nrow && c->row[r].sec == i && c->row[r].addr <= off) {
			line = c->row[r++].line;
			moved = 1;
		}
		if (line < 0 || line > nlines || (moved && line < 1))
			fn->bad = 1;   /* (a line out of range carried into a subroutine too) */
		if (fn->bad)
			continue;
		if (!(si = sass_newins(c->cx, s)))
			return -1;
		si->line = line;
		if (sass_decode(le(b.b + off, 8), le(b.b + off + 8, 8), si, &rel)) {
			if (getenv("PTXKIT_NANORDER_DEBUG"))
				fprintf(stderr, "nanorder: opcode 0x%03x at 0x%llx (line %d) not known: no answers\n",
				    (unsigned)(le(b.b + off, 8) & 0xfff), (unsigned long long)off, line);
			fn->bad = 1;
			s->n--;
			continue;
		}
		/* where a CALL or BRA goes, from the instruction after it */
		t = off + 16 + (uint64_t)rel;
		if (si->target == SASS_TUNKNOWN && rel) {
			/* a BRA within the function: its target's index */
			if (t >= fnoff && t < b.n && t % 16 == 0 && (t - fnoff) / 16 < (uint64_t)(INT_MAX - fn->from))
				si->target = fn->from + (int)((t - fnoff) / 16);
		}
		if (si->kind == SK_CALL && rel) {
			/* the subroutine that starts where it goes, if one does */
			int lo = k0, hi = ke;
			while (lo < hi) {
				int mid = lo + (hi - lo) / 2;
				if (c->dollar[mid]->value < t)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo < ke && c->dollar[lo]->value == t) {
				size_t nl = 0;
				const char *nm = str(&c->symstr, c->dollar[lo]->name, &nl);
				si->callee = nm ? sass_hash(nm, nl) : 0;
			}
		}
		fn->to = s->n;
	}
	return 0;
}

int
sass_cubin(ptx_ctx *cx, Sass *s, const unsigned char *b, size_t n, int nlines)
{
	Cub c = { .cx = cx, .f = { b, n }, .work = n / 16 };
	int rc = -1;

	if (!sections(&c) && !symbols(&c) && !dollars(&c) && !lines(&c)) {
		rc = 0;
		for (int i = 1; i < c.nsec && !rc; i++) {
			size_t len;
			const char *nm = secname(&c, i, &len);
			if (nm && len > 6 && !memcmp(nm, ".text.", 6) && c.sec[i].type != SHT_NOBITS &&
			    len - 6 < sizeof s->fn->name)
				rc = text(&c, s, i, nm + 6, len - 6, nlines);
		}
	}
	interp_free(cx, c.sec);
	interp_free(cx, c.sym);
	interp_free(cx, c.rel);
	interp_free(cx, c.row);
	interp_free(cx, c.dollar);
	return rc;
}

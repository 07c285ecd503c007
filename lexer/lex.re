/*
 * lex.re — the PTX lexer (re2c).
 *
 * Input is a NUL-terminated copy of the source, so there is no YYFILL: the
 * NUL rule ends the input, and a NUL byte before the end is reported as a
 * bad character.  Every token carries line:column of its first byte.
 *
 * The one piece of context: a dot-word written right after a word with no
 * space between them (`ld.global`, `%tid.x`, `.ptr.global`) is a modifier
 * (token MOD); a dot-word after white space or punctuation is a directive
 * (token DOTWORD, with its keyword in Tok.kw).  This is how PTX is written
 * by every producer, and it keeps the grammar free of conflicts between
 * `.global` the state-space directive and `.global` the modifier.
 */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "parse.h"
#include "gram.h"

/* Directive words the grammar knows by name. */
static const struct { const char *s; int kw; } keywords[] = {
	{"version", K_VERSION}, {"target", K_TARGET}, {"address_size", K_ADDRESS_SIZE},
	{"file", K_FILE}, {"loc", K_LOC}, {"section", K_SECTION}, {"pragma", K_PRAGMA},
	{"alias", K_ALIAS}, {"entry", K_ENTRY}, {"func", K_FUNC},
	{"callprototype", K_CALLPROTOTYPE}, {"branchtargets", K_BRANCHTARGETS},
	{"calltargets", K_CALLTARGETS}, {"align", K_ALIGN}, {"ptr", K_PTR},
	{"attribute", K_ATTRIBUTE}, {"noreturn", K_NORETURN},
	{"maxnreg", K_MAXNREG}, {"maxntid", K_MAXNTID}, {"reqntid", K_REQNTID},
	{"minnctapersm", K_MINNCTAPERSM}, {"maxnctapersm", K_MAXNCTAPERSM},
	{"reqnctapercluster", K_REQNCTAPERCLUSTER}, {"explicitcluster", K_EXPLICITCLUSTER},
	{"maxclusterrank", K_MAXCLUSTERRANK}, {"blocksareclusters", K_BLOCKSARECLUSTERS},
	{"visible", K_VISIBLE}, {"extern", K_EXTERN}, {"weak", K_WEAK}, {"common", K_COMMON},
	{"reg", K_REG}, {"sreg", K_SREG}, {"const", K_CONST}, {"global", K_GLOBAL},
	{"local", K_LOCAL}, {"param", K_PARAM}, {"shared", K_SHARED}, {"tex", K_TEX},
	{"v2", K_V2}, {"v4", K_V4}, {"v8", K_V8},
	{"texref", K_TEXREF}, {"samplerref", K_SAMPLERREF}, {"surfref", K_SURFREF},
};

/* Which grammar token a directive keyword becomes. */
static int
kwtoken(int kw)
{
	switch (kw) {
	case K_VERSION: return VERSION;
	case K_TARGET: return TARGET;
	case K_ADDRESS_SIZE: return ADDRESS_SIZE;
	case K_FILE: return FILE_;
	case K_LOC: return LOC;
	case K_SECTION: return SECTION;
	case K_PRAGMA: return PRAGMA;
	case K_ALIAS: return ALIAS;
	case K_ENTRY: return ENTRY;
	case K_FUNC: return FUNC;
	case K_CALLPROTOTYPE: return CALLPROTOTYPE;
	case K_BRANCHTARGETS: case K_CALLTARGETS: return TARGETS;
	case K_ALIGN: return ALIGN;
	case K_PTR: return PTR;
	case K_ATTRIBUTE: return ATTRIBUTE;
	case K_NORETURN: return NORETURN;
	case K_MAXNREG: case K_MAXNTID: case K_REQNTID: case K_MINNCTAPERSM: case K_MAXNCTAPERSM:
	case K_REQNCTAPERCLUSTER: case K_EXPLICITCLUSTER: case K_MAXCLUSTERRANK:
	case K_BLOCKSARECLUSTERS:
		return PERF;
	default: return DOTWORD;
	}
}

static int
keyword(const char *s, size_t n, int64_t *ty)
{
	for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
		if (strlen(keywords[i].s) == n && memcmp(keywords[i].s, s, n) == 0)
			return keywords[i].kw;
	int t = ir_ty_lookup(s, n);
	if (t > 0) {
		*ty = t;
		return K_TYPE;
	}
	return K_NONE;
}

/* Interning: identifiers and dot-words become unique pointers, so symbol
 * maps compare pointers. */
static uint64_t
hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211u;
	return h;
}

const char *
lex_intern(Parser *p, const char *s, size_t n)
{
	if (2 * (p->nintern + 1) > p->capintern) {
		size_t nc = p->capintern ? 2 * p->capintern : 1024;
		const char **t = ir_alloc(p->a, nc * sizeof *t);
		for (size_t i = 0; i < p->capintern; i++) {
			const char *k = p->intern[i];
			if (!k)
				continue;
			size_t j = hash(k, strlen(k)) & (nc - 1);
			while (t[j])
				j = (j + 1) & (nc - 1);
			t[j] = k;
		}
		p->intern = t;
		p->capintern = nc;
	}
	size_t j = hash(s, n) & (p->capintern - 1);
	for (;;) {
		const char *k = p->intern[j];
		if (!k)
			break;
		if (strncmp(k, s, n) == 0 && k[n] == 0)
			return k;
		j = (j + 1) & (p->capintern - 1);
	}
	/* Each interned string carries a header caching its keyword
	 * classification, so directive words are looked up once per module. */
	int32_t *h = ir_alloc(p->a, 8 + n + 1);
	char *k = (char *)(h + 2);
	memcpy(k, s, n);
	h[0] = -2;
	p->intern[j] = k;
	p->nintern++;
	return k;
}

/* Keyword of an interned word (K_NONE if none); *ty gets the type of K_TYPE. */
int
lex_keyword(const char *s, int64_t *ty)
{
	int32_t *h = (int32_t *)(uintptr_t)s - 2;
	if (h[0] == -2) {
		int64_t t = 0;
		h[0] = keyword(s, strlen(s), &t);
		h[1] = (int32_t)t;
	}
	*ty = h[1];
	return h[0];
}

void
lex_init(Parser *p, const char *src, size_t len)
{
	char *buf = ir_alloc(p->a, len + 1);
	memcpy(buf, src, len);
	buf[len] = 0;
	p->src = buf;
	p->cur = buf;
	p->lim = buf + len;
	p->linestart = buf;
	p->line = 1;
	p->adj = 0;
}

static Loc
here(Parser *p, const char *at)
{
	Loc l;
	l.off = (uint32_t)(at - p->src);
	l.line = p->line;
	l.col = (int)(at - p->linestart) + 1;
	return l;
}

/* Counts the newlines of a token that may span lines (block comments). */
static void
newlines(Parser *p, const char *s, const char *e)
{
	for (; s < e; s++)
		if (*s == '\n') {
			p->line++;
			p->linestart = s + 1;
		}
}

static int
digit(int c)
{
	if (c >= '0' && c <= '9') return c - '0';
	if (c >= 'a' && c <= 'f') return c - 'a' + 10;
	if (c >= 'A' && c <= 'F') return c - 'A' + 10;
	return 99;
}

/* An integer literal: value modulo 2^64, and whether it needs unsigned.
 * Overflow is ptxas 13.0's "Constant overflow": a digit folded into a
 * value already past INT64_MAX.  So 2^64 and up to 0x7ffffffffffffffff
 * (92233720368547758079 in decimal) are taken, modulo 2^64, and
 * 0x80000000000000000 is not; a value wrapped back below 2^63 by
 * earlier digits folds on (0200000000000000000000000 is taken). */
static int
intlit(Parser *p, const char *s, const char *e, Tok *t, Loc loc)
{
	int base = 10, uns = 0;
	if (e[-1] == 'U' || e[-1] == 'u') {
		uns = 1;
		e--;
	}
	if (s[0] == '0' && e - s > 1) {
		if (s[1] == 'x' || s[1] == 'X') base = 16, s += 2;
		else if (s[1] == 'b' || s[1] == 'B') base = 2, s += 2;
		else base = 8, s += 1;
	}
	uint64_t v = 0;
	int over = 0;
	for (; s < e; s++) {
		int d = digit(*s);
		if (v > (uint64_t)INT64_MAX)
			over = 1;
		v = v * (uint64_t)base + (uint64_t)d;
	}
	if (over)
		diag_err(p->dg, loc, "integer literal too large (constant overflow)");
	t->i = (int64_t)v;
	t->fl = uns || v > (uint64_t)INT64_MAX;
	return INT;
}

/* A decimal float literal, read as a double: one strtod cannot hold in a
 * normal double (1e309, 1e-310) is ptxas 13.0's "Constant overflow". */
static void
decfloat(Parser *p, const char *s, size_t len, Tok *t, Loc loc)
{
	char buf[128];
	size_t n = len < sizeof buf - 1 ? len : sizeof buf - 1;
	double d;

	memcpy(buf, s, n);
	buf[n] = 0;
	errno = 0;
	d = strtod(buf, NULL);
	if (errno == ERANGE)
		diag_err(p->dg, loc, "float literal '%s' is out of the range of a normal double (constant overflow)", buf);
	memcpy(&t->bits, &d, 8);
	t->fl = FL_DEC;
}

static int
hexfloat(const char *s, const char *e, Tok *t, int kind)
{
	uint64_t v = 0;
	for (s += 2; s < e; s++)
		v = v << 4 | (uint64_t)digit(*s);
	t->bits = v;
	t->fl = kind;
	return FLOAT;
}

/*!re2c
	re2c:define:YYCTYPE = "unsigned char";
	re2c:define:YYCURSOR = "c";
	re2c:define:YYMARKER = "mk";
	re2c:yyfill:enable = 0;
	re2c:indent:top = 1;

	idc   = [a-zA-Z0-9_$];
	ident = [a-zA-Z] idc* | [_$%] idc+;
	dword = "." idc+ ("::" idc+)*;
	dec   = [1-9][0-9]* | "0";
	hex   = "0" [xX] [0-9a-fA-F]+;
	oct   = "0" [0-7]+;
	bin   = "0" [bB] [01]+;
	exp   = [eE] [+-]? [0-9]+;
	flt   = [0-9]+ "." [0-9]* exp? | [0-9]+ exp;
	hf    = "0" [fF] [0-9a-fA-F]{8};
	hd    = "0" [dD] [0-9a-fA-F]{16};
*/

int
yylex(YYSTYPE *lval, Loc *lloc, Parser *p)
{
	const unsigned char *c, *mk, *start;
	int adj;
	Tok *t = &lval->tok;
	memset(t, 0, sizeof *t);
	p->prevunk = p->unk;
	p->unk = 0;
	/* Past the error limit nothing more is reported, so the rest of the
	 * input is not read: a gigabyte of garbage (or of ';', each a fresh
	 * syntax error after the recovery on the one before) would otherwise
	 * be parsed to its end for nothing. */
	if (p->dg->limit > 0 && p->dg->nerr > p->dg->limit) {
		*lloc = here(p, p->cur);
		p->cur = p->lim;
		return 0;
	}
again:
	adj = p->adj;
	p->adj = 0;
	c = (const unsigned char *)p->cur;
	start = c;
	p->tok = (const char *)start;
	*lloc = here(p, (const char *)start);
#define TEXT() ((const char *)start)
#define LEN() ((size_t)(c - start))
#define DONE(tk) do { p->cur = (const char *)c; return (tk); } while (0)
	/*!re2c
	"\x00" {
		if ((const char *)start < p->lim) {
			diag_err(p->dg, *lloc, "stray NUL byte in input");
			p->cur = (const char *)c;
			goto again;
		}
		p->cur = (const char *)start;
		if (p->eol) {
			p->eol = 0;
			return EOL;
		}
		return 0;
	}
	[ \t\r\v\f]+ { p->cur = (const char *)c; goto again; }
	"\n" {
		p->line++;
		p->linestart = (const char *)c;
		p->cur = (const char *)c;
		if (p->eol) {
			p->eol = 0;
			return EOL;
		}
		goto again;
	}
	"//" [^\n\x00]* { p->cur = (const char *)c; goto again; }
	"/*" ([^*\x00] | "*"+ [^*/\x00])* "*"+ "/" {
		newlines(p, TEXT(), (const char *)c);
		p->cur = (const char *)c;
		goto again;
	}
	"/*" {
		diag_err(p->dg, *lloc, "unterminated comment");
		p->cur = p->lim;
		return 0;
	}

	ident {
		t->s = lex_intern(p, TEXT(), LEN());
		t->n = LEN();
		p->adj = 1;
		DONE(IDENT);
	}
	"_" { p->adj = 1; DONE(SINK); }
	"." [0-9] [0-9]* exp? {
		/* .5 style float */
		decfloat(p, TEXT(), LEN(), t, *lloc);
		t->s = lex_intern(p, TEXT(), LEN());
		DONE(FLOAT);
	}
	dword {
		t->s = lex_intern(p, TEXT() + 1, LEN() - 1);
		t->n = LEN() - 1;
		p->adj = 1;
		if (adj)
			DONE(MOD);
		t->kw = lex_keyword(t->s, &t->i);
		if (t->kw == K_LOC)
			p->eol = 1;
		if (t->kw == K_NONE) {
			p->unk = 1;
			p->unkloc = *lloc;
			p->unktext = t->s;
		}
		DONE(kwtoken(t->kw));
	}
	hf { hexfloat(TEXT(), (const char *)c, t, FL_F32HEX); t->s = lex_intern(p, TEXT(), LEN()); DONE(FLOAT); }
	hd { hexfloat(TEXT(), (const char *)c, t, FL_F64HEX); t->s = lex_intern(p, TEXT(), LEN()); DONE(FLOAT); }
	"0" [fFdD] [0-9a-fA-F]* {
		diag_err(p->dg, *lloc, "malformed hexadecimal float literal '%.*s' (0f takes 8 hex digits, 0d takes 16)",
			(int)LEN(), TEXT());
		t->fl = FL_F64HEX;
		t->s = lex_intern(p, TEXT(), LEN());
		DONE(FLOAT);
	}
	flt {
		decfloat(p, TEXT(), LEN(), t, *lloc);
		t->s = lex_intern(p, TEXT(), LEN());
		DONE(FLOAT);
	}
	(dec | hex | oct | bin) [uU]? {
		int tk = intlit(p, TEXT(), (const char *)c, t, *lloc);
		t->s = lex_intern(p, TEXT(), LEN());
		DONE(tk);
	}
	[0-9] idc* {
		diag_err(p->dg, *lloc, "malformed number '%.*s'", (int)LEN(), TEXT());
		t->i = 0;
		t->s = lex_intern(p, TEXT(), LEN());
		DONE(INT);
	}
	["] ([^"\\\n\x00] | "\\" [^\n\x00])* ["] {
		t->s = lex_intern(p, TEXT() + 1, LEN() - 2);
		t->n = LEN() - 2;
		DONE(STRING);
	}
	["] {
		diag_err(p->dg, *lloc, "unterminated string");
		while (*c && *c != '\n')
			c++;
		t->s = lex_intern(p, TEXT() + 1, LEN() - 1);
		DONE(STRING);
	}

	"<<" { DONE(SHL); }
	">>" { DONE(SHR); }
	"&&" { DONE(LAND); }
	"||" { DONE(LOR); }
	"==" { DONE(EQ); }
	"!=" { DONE(NE); }
	"<=" { DONE(LE); }
	">=" { DONE(GE); }
	/* a dot-word right after ']' is a suffix of the address: [a].unified */
	"]" { p->adj = 1; DONE(']'); }
	[,;:()[{}<>+*/%!~&|^@=?-] { DONE(start[0]); }

	* {
		if (start[0] >= 0x20 && start[0] < 0x7f)
			diag_err(p->dg, *lloc, "unexpected character '%c'", start[0]);
		else
			diag_err(p->dg, *lloc, "unexpected byte 0x%02x", start[0]);
		p->cur = (const char *)c;
		goto again;
	}
	*/
}

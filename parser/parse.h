/*
 * parse.h — shared state of the lexer (lexer/lex.re), the grammar
 * (parser/gram.y) and the semantic actions (parser/parse.c).
 *
 * The grammar is deliberately generic about instructions: an instruction is
 * an opcode word, a chain of dot-words and a list of operand expressions.
 * Which words form the opcode name and which are modifiers, and how many
 * operands are legal, is decided by the opcode table (ir/ops.def) in
 * parse.c, so that every instruction of the PTX ISA is read by the same
 * dozen rules and a new instruction is one table row.
 *
 * Operands are first parsed as expression trees (a superset: `p|q` is an
 * "or", `!p` a "not", `[a+4]` a bracket) and then lowered to Opnd by
 * parse.c, which knows the symbols.
 */
#ifndef PTX_PARSE_H
#define PTX_PARSE_H

#include "ir.h"

/* Parse-only expression kinds, lowered to operands by parse.c. */
enum { E_BRACKET = 100 /* [ list ] */, E_PAREN /* ( list ) */, E_BRACE /* { list } */, E_SINK /* _ */ };

/* Keywords: every dot-word the grammar treats specially.  Other dot-words
 * reach the grammar as DOTWORD with kw = K_NONE, or as a type/space/... */
enum {
	K_NONE,
	/* module and function structure */
	K_VERSION, K_TARGET, K_ADDRESS_SIZE, K_FILE, K_LOC, K_SECTION, K_PRAGMA, K_ALIAS,
	K_ENTRY, K_FUNC, K_CALLPROTOTYPE, K_BRANCHTARGETS, K_CALLTARGETS,
	K_ALIGN, K_PTR, K_ATTRIBUTE, K_NORETURN,
	/* performance directives */
	K_MAXNREG, K_MAXNTID, K_REQNTID, K_MINNCTAPERSM, K_MAXNCTAPERSM, K_REQNCTAPERCLUSTER,
	K_EXPLICITCLUSTER, K_MAXCLUSTERRANK, K_BLOCKSARECLUSTERS,
	/* declaration words */
	K_VISIBLE, K_EXTERN, K_WEAK, K_COMMON,
	K_REG, K_SREG, K_CONST, K_GLOBAL, K_LOCAL, K_PARAM, K_SHARED, K_TEX,
	K_V2, K_V4, K_V8,
	K_TEXREF, K_SAMPLERREF, K_SURFREF,
	K_TYPE,         /* a fundamental type: Tok.i holds TY_* */
	NKW
};

typedef struct {
	const char *s;      /* interned text (identifier, dot-word without the dot, string contents) */
	size_t n;
	int kw;             /* DOTWORD/MOD: K_* */
	int64_t i;          /* INT value; K_TYPE: TY_* */
	uint64_t bits;      /* FLOAT bits */
	int fl;             /* FLOAT kind FL_*; INT: 1 when unsigned (U suffix or > INT64_MAX) */
} Tok;

/* A growable list of expressions, allocated in the module arena.  A long
 * one of integers only holds them packed (lit, nlit; v holds none), as an
 * initializer's E_LIST keeps them: ps_elist_open makes them nodes again
 * for the uses that want nodes. */
typedef struct {
	Expr **v;
	int n, cap;
	Loc loc;
	Lit *lit;
	int nlit, caplit;
} EList;

/* A declaration specifier word, in written order. */
typedef struct {
	int kw;             /* K_* */
	const char *s;      /* text without the dot */
	int64_t i;          /* K_ALIGN value, K_TYPE type */
	Loc loc;
	/* K_PTR: the words after .ptr (space, align) */
	int ptrspace, ptralign;
	/* K_ATTRIBUTE: VA_* bits */
	int attr;
} Spec;

typedef struct {
	Spec *v;
	int n, cap;
	Loc loc;
} SpecList;

/* A declarator: name, optional <N> range, array dimensions, initializer. */
typedef struct {
	const char *name;
	Loc loc;
	int64_t range;      /* %r<N>: N; -1 when not a range */
	int64_t *dim; int ndim, capdim;   /* array dimensions, in the arena */
	Expr *init;
} Decl;

typedef struct {
	Decl *v;
	int n, cap;
} DeclList;

/* A parameter list: specifiers and declarator of each parameter. */
typedef struct {
	SpecList **spec;
	Decl *d;
	int n, cap, nd, capd;
} PList;

/* Opcode word plus its dot-words. */
typedef struct {
	const char *s[64];
	size_t len[64];
	Loc loc[64];
	int n;
} Head;

/* Name → symbol map with shadowing (open addressing on interned pointers). */
typedef struct {
	const char **key;
	Sym **val;
	size_t n, cap;
} Map;

typedef struct {
	const char *key;
	Sym *old;
} Undo;

/* An open-addressed hash table of keys of three integers, in the arena
 * (decl.c): a slot holds its key and, for the register table, a number
 * and a symbol. */
typedef struct {
	int64_t k[3];
	int used;
	long long n;
	Sym *s;
} Slot;

typedef struct {
	Slot *v;
	size_t n, cap;
} Table;

typedef struct Parser Parser;

struct Parser {
	/* lexer */
	const char *src;    /* NUL-terminated copy of the input */
	const char *cur, *lim, *tok, *linestart;
	int line;
	int adj;            /* the last token was a word with no space after it: a following dot-word is a modifier */
	int depth;          /* brace depth inside a section body: newlines end items there */
	/* interning */
	const char **intern;
	size_t nintern, capintern;
	/* output */
	Module *m;
	Diags *dg;
	Arena *a;
	int nerr_at_start;
	int seen_version, seen_target, ntop;
	/* a .target word the .version is too old for: reported only once the
	 * module has something after it but .address_size (ptxas 13.0
	 * accepts a module of no more than those directives) */
	const char *tgtword; Loc tgtloc; int tgtisa, tgtlater;
	/* symbols */
	Map global;         /* module scope */
	Map local;          /* function scope, shadowing via undo */
	Map ranges;         /* register range prefixes visible now (%r → range Sym) */
	Map labels;         /* labels of the current function */
	Map fnmodreg;       /* the current function's registers of module-scope .reg declarations */
	Undo *undo; int nundo, capundo;
	int *mark; int nmark, capmark;   /* undo stack height at each { */
	int *scope; int nscope, capscope; /* per open {: its id in the body (1, 2, ...); 0 is the body's own */
	int lastscope;                    /* the last id given */
	/* the body's scalar registers named PREFIX + digits: per prefix and
	 * scope the lowest number, which a later range of that prefix may
	 * cover (a hash table, decl.c) */
	Table low;
	Table glow;         /* the same of the module's variables, for its ranges (never reset) */
	Func *fn;           /* function whose body is being read */
	Sym *lastlabel;     /* label just seen (for .callprototype / .branchtargets) */
	int lastlabelstmt;  /* statement index of that label */
	int locfile, locline, loccol;
	Table locs;         /* every .loc's (file, line, column), module-wide */
	struct FnName { const char *name; Loc loc; } *fnames; int nfnames, capfnames; /* .loc function_name labels */
	Map seclabels;      /* the labels of the .sections */
	Sym **pending; int npending, cappending; /* labels referenced but not yet defined */
	Func *hdr;          /* function header being read (performance directives go here) */
	SpecList *fspecs;   /* linkage words before .entry/.func */
	int fentry;
	Loc floc;
	Loc hdrpragma;      /* a .pragma among the header's directives (line 0: none) */
	int eol;            /* the lexer is inside a .loc line: report its end as EOL */
	int16_t *spaceof;   /* modifier id -> SP_* of state-space modifiers */
	int modv2, modv4, modv8;
	Map sregs;          /* special registers made so far */
	int ntemp;          /* registers made by the parser's rewrites (parse.c) */
	Head head;          /* the opcode chain being read: one instruction at a time */
	Arena *scratch;     /* section data expressions, dropped once printed */
	Expr *spare;        /* integer leaves folded away, for the next (operand.c; not in sections) */
	int insection, nscratch;
	char *sb;           /* text of the section being read */
	size_t nsb, capsb;
	/* the last token, or the one before it, was a dot-word that is no
	 * directive: a syntax error there is reported as an unknown directive */
	int unk, prevunk;
	Loc unkloc;
	const char *unktext;
};

/* lexer/lex.re */
void lex_init(Parser *p, const char *src, size_t len);
const char *lex_intern(Parser *p, const char *s, size_t n);
int parse_scope(const Parser *p);
int lex_keyword(const char *interned, int64_t *ty);

/* parser/parse.c: called from the grammar's actions */
Expr *ps_expr(Parser *p, int kind, Loc loc);
Expr *ps_bin(Parser *p, int kind, Expr *a, Expr *b, Loc loc);
Expr *ps_un(Parser *p, int kind, Expr *a, Loc loc);
Expr *ps_cond(Parser *p, Expr *a, Expr *b, Expr *c, Loc loc);
Expr *ps_int(Parser *p, const Tok *t, Loc loc);
Expr *ps_float(Parser *p, const Tok *t, Loc loc);
Expr *ps_name(Parser *p, const Tok *t, const Tok *sel, Loc loc);
Expr *ps_operand_name(Parser *p, const Tok *t, Loc loc);
Expr *ps_index(Parser *p, const Tok *t, Expr *idx, Loc loc);
Expr *ps_dotname(Parser *p, const Tok *t, Loc loc);
Expr *ps_listexpr(Parser *p, int kind, EList *l, Loc loc);
Expr *ps_addrsuffix(Parser *p, Expr *e, const Tok *suffix, Loc loc);
Expr *ps_call(Parser *p, const Tok *name, EList *args, Loc loc);
Expr *ps_field(Parser *p, const Tok *name, Expr *val, Loc loc);
EList *ps_elist(Parser *p, EList *l, Expr *e);
EList *ps_elist_cat(Parser *p, EList *a, EList *b);
EList *ps_elist_open(Parser *p, EList *l);   /* l's elements as nodes in v; l */
void parse_openlist(Parser *p, Expr *e);      /* the same for an E_BRACE or E_LIST */
Spec *ps_mkspec(Parser *p, int kw, const Tok *t, int64_t i, Loc loc, int num);
SpecList *ps_spec(Parser *p, SpecList *l, Spec *s);
void ps_attribute(Parser *p, Spec *s, EList *names);
Decl *ps_dname(Parser *p, const char *name, int64_t range, Loc loc);
int64_t ps_rangecount(Parser *p, const Tok *n, Loc loc);
DeclList *ps_decl(Parser *p, DeclList *l, Decl *d);
void ps_dim(Parser *p, Decl *d, Expr *e, Loc loc);
Head *ps_head(Parser *p, Head *h, const Tok *t, Loc loc);
PList *ps_plist(Parser *p, PList *l, SpecList *s, Decl *d);

void ps_version(Parser *p, const Tok *t, Loc loc);
void ps_target(Parser *p, EList *words, Loc loc);
void ps_address_size(Parser *p, const Tok *t, Loc loc);
void ps_file(Parser *p, const Tok *idx, const Tok *path, EList *rest, Loc loc);
void parse_fnames(Parser *p);  /* the module read: function_name labels resolve */
void ps_locdir(Parser *p, const Tok *file, const Tok *line, const Tok *col, EList *rest, Loc loc);
void ps_pragma(Parser *p, EList *strs, Loc loc);
void ps_alias(Parser *p, const Tok *a, const Tok *b, Loc loc);
void ps_section_begin(Parser *p);
void ps_section(Parser *p, const Tok *name, Loc loc);
void ps_secitem(Parser *p, const Tok *dir, EList *vals, Loc loc);
void ps_seclabel(Parser *p, const Tok *name, Loc loc);

void ps_vardecl(Parser *p, SpecList *specs, DeclList *decls, Loc loc);
void ps_fkind(Parser *p, SpecList *specs, int entry, Loc loc);
void ps_func_begin(Parser *p, PList *rets, const Tok *name, PList *params, Loc loc);
void ps_perf(Parser *p, const Tok *dir, EList *vals, Loc loc);
void ps_noreturn(Parser *p);
void ps_hdrpragma(Parser *p, EList *strs, Loc loc);
void ps_func_body(Parser *p, Loc loc);
void ps_func_end(Parser *p, int hasbody, Loc loc);   /* hasbody -1: a declaration without its ';' */
void ps_func_inner(Parser *p, Loc loc);   /* a function declared inside a body */

void ps_label(Parser *p, const Tok *name, Loc loc);
void ps_ins(Parser *p, Expr *guard, Head *h, EList *ops, Loc loc);
void ps_open(Parser *p, Loc loc);
void ps_close(Parser *p, Loc loc);
void ps_targets(Parser *p, const Tok *dir, EList *names, Loc loc);
void ps_proto(Parser *p, PList *rets, PList *params, Loc loc);
void ps_proto_end(Parser *p);

/* Between the parser's files (sym.c, operand.c, decl.c, parse.c). */
Sym *parse_declsym(Parser *p, const Sym *proto, Decl *d);
int parse_specs(Parser *p, SpecList *l, Sym *s);
void parse_additem(Parser *p, char kind, int idx, const char *text, Loc loc);
void parse_addstmt(Parser *p, Stmt st);
void parse_topdirective(Parser *p, Loc loc, const char *what);
Opnd *parse_lowerlist(Parser *p, Expr **v, int n);
Opnd *parse_newopnd(Parser *p, int kind, Loc loc);
int parse_fold(Parser *p, const Expr *e, int64_t *v);
void parse_lower(Parser *p, Expr *e, Opnd *o);
void parse_resolvetree(Parser *p, Expr *e);
int parse_keepsexpr(const Opnd *o);
void parse_recycle(Parser *p, Expr *e);
Sym *parse_mapget(Map *m, const char *k);
Sym *parse_mapset(Arena *a, Map *m, const char *k, Sym *v);
Sym *parse_newsym(Parser *p, int kind, const char *name, Loc loc);
Sym *parse_resolve(Parser *p, const char *name, Loc loc);
Sym *parse_vecpart(Parser *p, Sym *v, int k);
int parse_selpart(int sel);
void parse_addreg(Parser *p, Sym *s);
int64_t parse_rangenum(const char *name, size_t *prefix);
const char *parse_rangekey(Parser *p, const char *name, size_t prefix);
void parse_bind(Parser *p, Map *m, const char *k, Sym *v);

#endif

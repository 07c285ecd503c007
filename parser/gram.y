/*
 * gram.y — the PTX module grammar (pure, reentrant bison with locations).
 *
 * Instructions are generic: `[@guard] word{.mod} [operand {, operand}] ;`.
 * The opcode table (ir/ops.def), consulted in parse.c, decides which words
 * name the instruction and what its operands mean.  Operands are parsed as
 * constant-expression trees; parse.c lowers them.  Declarations are a list
 * of dot-word specifiers followed by declarators, classified in parse.c.
 *
 * Actions only build values and call ps_* functions.  Everything lives in
 * the module arena, so no %destructor is needed: discarded values are freed
 * with the arena.  Error recovery resynchronises at ';' (and at '}' at
 * module level), so one run reports many errors.
 *
 * %expect 0: there are no conflicts.  The two places that look ambiguous
 * are resolved by the lexer: a dot-word glued to a word is a modifier (MOD),
 * and `.loc` lines end with an explicit EOL token, since their optional
 * `function_name X, inlined_at a b c` tail would otherwise run into the
 * next instruction.
 */
%code requires {
#include "parse.h"
}

%code provides {
int yylex(YYSTYPE *lval, Loc *lloc, Parser *p);
int yyparse(Parser *p);
}

%code {
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static void yyerror(Loc *loc, Parser *p, const char *msg);
#define YYLLOC_DEFAULT(Cur, Rhs, N) \
	do { if (N) (Cur) = YYRHSLOC(Rhs, 1); else (Cur) = YYRHSLOC(Rhs, 0); } while (0)
#define YYLOCATION_PRINT(File, Loc) ((void)0)
#define YYMALLOC malloc
#define YYFREE free
}

%define api.pure full
%define api.location.type {Loc}
%define parse.error custom
%locations
%param {Parser *p}
%expect 0

%union {
	Tok tok;
	Expr *e;
	EList *el;
	SpecList *sl;
	Spec *spec;
	DeclList *dl;
	Decl *decl;
	Head *head;
	PList *pl;
	int i;
}

%token <tok> IDENT "identifier" SINK "'_'" MOD "modifier" DOTWORD "directive"
%token <tok> INT "integer" FLOAT "float" STRING "string"
%token <tok> VERSION ".version" TARGET ".target" ADDRESS_SIZE ".address_size"
%token <tok> FILE_ ".file" LOC ".loc" SECTION ".section" PRAGMA ".pragma" ALIAS ".alias"
%token <tok> ENTRY ".entry" FUNC ".func" CALLPROTOTYPE ".callprototype"
%token <tok> TARGETS ".branchtargets/.calltargets"
%token <tok> ALIGN ".align" PTR ".ptr" ATTRIBUTE ".attribute" NORETURN ".noreturn"
%token <tok> PERF "performance directive"
%token EOL "end of line"
%token SHL "<<" SHR ">>" LAND "&&" LOR "||" EQ "==" NE "!=" LE "<=" GE ">="

%type <e> expr primary guard initval
%type <el> exprlist opexprs idlist strlist locargs locx intlist perfargs filerest
%type <sl> specs
%type <spec> spec1
%type <dl> declarators
%type <decl> declarator dname
%type <head> head
%type <pl> params fparams fret
%type <tok> secname

/* A .pragma after a header without ';' is the header's: read on (shift)
 * rather than end the header there; either way it is the module's. */
%precedence NOSEMI
%precedence PRAGMA
%precedence '='
%right '?' ':'
%left LOR
%left LAND
%left '|'
%left '^'
%left '&'
%left EQ NE
%left '<' '>' LE GE
%left SHL SHR
%left '+' '-'
%left '*' '/' '%'
%precedence UNARY

%%

module
	: items
	;

items
	: %empty
	| items item
	;

/* item -> directive | declaration | function */
item
	: VERSION FLOAT                     { ps_version(p, &$2, @2); }
	| VERSION INT                       { ps_version(p, &$2, @2); }
	| TARGET idlist                     { ps_target(p, $2, @1); }
	| ADDRESS_SIZE INT                  { ps_address_size(p, &$2, @2); }
	| FILE_ INT STRING filerest         { ps_file(p, &$2, &$3, $4, @1); }
	| SECTION secname '{'               { ps_section_begin(p); }
	  secitems '}'                      { ps_section(p, &$2, @1); }
	| PRAGMA strlist ';'                { ps_pragma(p, $2, @1); }
	| ALIAS IDENT ',' IDENT ';'         { ps_alias(p, &$2, &$4, @1); }
	| specs declarators ';'             { ps_vardecl(p, $1, $2, @1); }
	| func
	| LOC INT INT INT locx EOL          { (void)$5; }
	| error ';'                         { yyerrok; p->insection = 0; }
	| error '}'                         { yyerrok; p->insection = 0; }
	;

idlist
	: IDENT                             { $$ = ps_elist(p, NULL, ps_name(p, &$1, NULL, @1)); }
	| idlist ',' IDENT                  { $$ = ps_elist(p, $1, ps_name(p, &$3, NULL, @3)); }
	;

filerest
	: %empty                            { $$ = NULL; }
	| filerest ',' expr                 { $$ = ps_elist(p, $1, $3); }
	;

strlist
	: STRING                            { $$ = ps_elist(p, NULL, ps_name(p, &$1, NULL, @1)); }
	| strlist ',' STRING                { $$ = ps_elist(p, $1, ps_name(p, &$3, NULL, @3)); }
	;

/* .section .debug_info { items }: data lines may omit their ';' */
secname
	: DOTWORD                           { $$ = $1; $$.fl = 1; }
	| IDENT                             { $$ = $1; $$.fl = 0; }
	;

secitems
	: %empty
	| secitems secitem
	;

secitem
	: IDENT ':'                         { ps_seclabel(p, &$1, @1); }
	| DOTWORD exprlist                  { ps_secitem(p, &$1, $2, @1); }
	| DOTWORD exprlist ';'              { ps_secitem(p, &$1, $2, @1); }
	;

/* specs -> spec+ : .visible .global .align 4 .b32 ... */
/* A glued dot-word (MOD: `.v4.f32`, `.ptr.global.align 8`) never starts a declaration. */
specs
	: spec1                             { $$ = ps_spec(p, NULL, $1); }
	| specs spec1                       { $$ = ps_spec(p, $1, $2); }
	| specs MOD                         { $$ = ps_spec(p, $1, ps_mkspec(p, -1, &$2, 0, @2, 0)); }
	| specs MOD INT                     { $$ = ps_spec(p, $1, ps_mkspec(p, -1, &$2, $3.i, @2, 1)); }
	;

spec1
	: DOTWORD     { $$ = ps_mkspec(p, $1.kw, &$1, $1.i, @1, 0); }
	| ALIGN INT   { $$ = ps_mkspec(p, K_ALIGN, &$1, $2.i, @1, 0); }
	| PTR         { $$ = ps_mkspec(p, K_PTR, &$1, 0, @1, 0); }
	| ATTRIBUTE '(' exprlist ')'
	              { $$ = ps_mkspec(p, K_ATTRIBUTE, &$1, 0, @1, 0); ps_attribute(p, $$, $3); }
	;

declarators
	: declarator                        { $$ = ps_decl(p, NULL, $1); }
	| declarators ',' declarator        { $$ = ps_decl(p, $1, $3); }
	;

declarator
	: dname
	| dname '=' initval                 { $$ = $1; $$->init = $3; }
	;

/* dname -> name | name<N> | name[dim]... */
dname
	: IDENT                             { $$ = ps_dname(p, $1.s, -1, @1); }
	| SINK                              { $$ = ps_dname(p, "_", -1, @1); }
	| IDENT '<' INT '>'                 { $$ = ps_dname(p, $1.s, ps_rangecount(p, &$3, @3), @1); }
	| dname '[' expr ']'                { $$ = $1; ps_dim(p, $$, $3, @2); }
	| dname '[' ']'                     { $$ = $1; ps_dim(p, $$, NULL, @2); }
	;

initval
	: expr
	;

/* func -> fhead perf* (';' | '{' stmt* '}' | nothing)
 * A .func declaration may end without its ';' (PTX 1.x-4.x producers
 * wrote them so); ps_func_end rejects a kernel declaration written so. */
func
	: fhead fdirs ';'                   { ps_func_end(p, 0, @3); }
	| fhead fdirs %prec NOSEMI          { ps_func_end(p, -1, @$); }
	| fhead fdirs '{'                   { ps_func_body(p, @3); }
	  stmts '}'                         { ps_func_end(p, 1, @6); }
	;

fhead
	: fkind fret IDENT fparams          { ps_func_begin(p, $2, &$3, $4, @3); }
	;

fkind
	: ENTRY                             { ps_fkind(p, NULL, 1, @1); }
	| FUNC                              { ps_fkind(p, NULL, 0, @1); }
	| specs ENTRY                       { ps_fkind(p, $1, 1, @2); }
	| specs FUNC                        { ps_fkind(p, $1, 0, @2); }
	;

fret
	: %empty                            { $$ = NULL; }
	| '(' ')'                           { $$ = NULL; }
	| '(' params ')'                    { $$ = $2; }
	;

fparams
	: %empty                            { $$ = NULL; }
	| '(' ')'                           { $$ = ps_plist(p, NULL, NULL, NULL); }
	| '(' params ')'                    { $$ = $2; }
	;

params
	: specs declarator                  { $$ = ps_plist(p, NULL, $1, $2); }
	| params ',' specs declarator       { $$ = ps_plist(p, $1, $3, $4); }
	;

fdirs
	: %empty
	| fdirs PERF perfargs               { ps_perf(p, &$2, $3, @2); }
	| fdirs NORETURN                    { ps_noreturn(p); }
	| fdirs PRAGMA strlist ';'          { ps_hdrpragma(p, $3, @2); }
	;

perfargs
	: %empty                            { $$ = NULL; }
	| intlist
	;

intlist
	: INT                               { $$ = ps_elist(p, NULL, ps_int(p, &$1, @1)); }
	| intlist ',' INT                   { $$ = ps_elist(p, $1, ps_int(p, &$3, @3)); }
	;

stmts
	: %empty
	| stmts stmt
	;

stmt
	: IDENT ':'                         { ps_label(p, &$1, @1); }
	| head opexprs ';'                  { ps_ins(p, NULL, $1, $2, @1); }
	| '@' guard head opexprs ';'        { ps_ins(p, $2, $3, $4, @1); }
	| specs declarators ';'             { ps_vardecl(p, $1, $2, @1); }
	| '{'                               { ps_open(p, @1); }
	  stmts '}'                         { ps_close(p, @4); }
	| LOC INT INT INT locx EOL          { ps_locdir(p, &$2, &$3, &$4, $5, @1); }
	| PRAGMA strlist ';'                { ps_pragma(p, $2, @1); }
	| TARGETS exprlist ';'              { ps_targets(p, &$1, $2, @1); }
	| fhead fdirs ';'                   { ps_func_inner(p, @3); }
	| CALLPROTOTYPE fret SINK fparams   { ps_proto(p, $2, $4, @1); }
	  fdirs ';'                         { ps_proto_end(p); }
	| error ';'                         { yyerrok; }
	;

/* .loc file line col [, function_name sym] [, inlined_at file line col [, function_name sym]] */
locx
	: %empty                            { $$ = NULL; }
	| locx ',' locargs                  { $$ = ps_elist_cat(p, $1, $3); }
	;

locargs
	: IDENT                             { $$ = ps_elist(p, NULL, ps_name(p, &$1, NULL, @1)); }
	| locargs IDENT                     { $$ = ps_elist(p, $1, ps_name(p, &$2, NULL, @2)); }
	| locargs INT                       { $$ = ps_elist(p, $1, ps_int(p, &$2, @2)); }
	;

guard
	: IDENT                             { $$ = ps_name(p, &$1, NULL, @1); }
	| '!' IDENT                         { $$ = ps_un(p, E_LNOT, ps_name(p, &$2, NULL, @2), @1); }
	;

/* head -> opcode .mod* */
head
	: IDENT                             { $$ = ps_head(p, NULL, &$1, @1); }
	| head MOD                          { $$ = ps_head(p, $1, &$2, @2); }
	;

opexprs
	: %empty                            { $$ = NULL; }
	| exprlist
	;

exprlist
	: expr                              { $$ = ps_elist(p, NULL, $1); }
	| exprlist ',' expr                 { $$ = ps_elist(p, $1, $3); }
	;

expr
	: primary
	| '-' expr %prec UNARY              { $$ = ps_un(p, E_NEG, $2, @1); }
	| '+' expr %prec UNARY              { $$ = $2; }
	| '~' expr %prec UNARY              { $$ = ps_un(p, E_NOT, $2, @1); }
	| '!' expr %prec UNARY              { $$ = ps_un(p, E_LNOT, $2, @1); }
	| expr '+' expr                     { $$ = ps_bin(p, E_ADD, $1, $3, @2); }
	| expr '-' expr                     { $$ = ps_bin(p, E_SUB, $1, $3, @2); }
	| expr '*' expr                     { $$ = ps_bin(p, E_MUL, $1, $3, @2); }
	| expr '/' expr                     { $$ = ps_bin(p, E_DIV, $1, $3, @2); }
	| expr '%' expr                     { $$ = ps_bin(p, E_REM, $1, $3, @2); }
	| expr SHL expr                     { $$ = ps_bin(p, E_SHL, $1, $3, @2); }
	| expr SHR expr                     { $$ = ps_bin(p, E_SHR, $1, $3, @2); }
	| expr '&' expr                     { $$ = ps_bin(p, E_AND, $1, $3, @2); }
	| expr '|' expr                     { $$ = ps_bin(p, E_OR, $1, $3, @2); }
	| expr '^' expr                     { $$ = ps_bin(p, E_XOR, $1, $3, @2); }
	| expr LAND expr                    { $$ = ps_bin(p, E_LAND, $1, $3, @2); }
	| expr LOR expr                     { $$ = ps_bin(p, E_LOR, $1, $3, @2); }
	| expr EQ expr                      { $$ = ps_bin(p, E_EQ, $1, $3, @2); }
	| expr NE expr                      { $$ = ps_bin(p, E_NE, $1, $3, @2); }
	| expr '<' expr                     { $$ = ps_bin(p, E_LT, $1, $3, @2); }
	| expr LE expr                      { $$ = ps_bin(p, E_LE, $1, $3, @2); }
	| expr '>' expr                     { $$ = ps_bin(p, E_GT, $1, $3, @2); }
	| expr GE expr                      { $$ = ps_bin(p, E_GE, $1, $3, @2); }
	| expr '?' expr ':' expr            { $$ = ps_cond(p, $1, $3, $5, @2); }
	;

primary
	: IDENT                             { $$ = ps_operand_name(p, &$1, @1); }
	| IDENT MOD                         { $$ = ps_name(p, &$1, &$2, @1); }
	| IDENT '[' expr ']'                { $$ = ps_index(p, &$1, $3, @1); }
	| DOTWORD                           { $$ = ps_dotname(p, &$1, @1); }
	| INT                               { $$ = ps_int(p, &$1, @1); }
	| FLOAT                             { $$ = ps_float(p, &$1, @1); }
	| SINK                              { $$ = ps_expr(p, E_SINK, @1); }
	| '(' exprlist ')'                  { $$ = ps_listexpr(p, E_PAREN, $2, @1); }
	| '(' ')'                           { $$ = ps_listexpr(p, E_PAREN, NULL, @1); }
	| '[' exprlist ']'                  { $$ = ps_listexpr(p, E_BRACKET, $2, @1); }
	| '[' exprlist ']' MOD              { $$ = ps_addrsuffix(p, ps_listexpr(p, E_BRACKET, $2, @1), &$4, @4); }
	| '{' exprlist '}'                  { $$ = ps_listexpr(p, E_BRACE, $2, @1); }
	| '{' '}'                           { $$ = ps_listexpr(p, E_BRACE, NULL, @1); }
	| IDENT '(' exprlist ')'            { $$ = ps_call(p, &$1, $3, @1); }
	| IDENT '=' expr                    { $$ = ps_field(p, &$1, $3, @1); }
	;

%%

/* Names the unexpected token and up to four expected ones; the location is
 * the unexpected token's. */
static int
yyreport_syntax_error(const yypcontext_t *ctx, Parser *p)
{
	yysymbol_kind_t want[5];
	int n = yypcontext_expected_tokens(ctx, want, 5);
	yysymbol_kind_t got = yypcontext_token(ctx);
	char buf[512];
	size_t k = 0;
	const char *gotname = yysymbol_name(got);
	if (p->unk || p->prevunk) {
		diag_err(p->dg, p->unkloc, "unknown directive '.%s'", p->unktext);
		return 0;
	}
	if (got == YYSYMBOL_YYEOF)
		gotname = "end of file";
	if (p->tok && got != YYSYMBOL_YYEOF && got != YYSYMBOL_EOL) {
		size_t len = (size_t)(p->cur - p->tok);
		k += (size_t)snprintf(buf + k, sizeof buf - k, "syntax error: unexpected %s '%.*s'",
			gotname, (int)(len > 40 ? 40 : len), p->tok);
	} else
		k += (size_t)snprintf(buf + k, sizeof buf - k, "syntax error: unexpected %s", gotname);
	if (n > 0 && n <= 4)
		for (int i = 0; i < n && k < sizeof buf; i++)
			k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", i ? " or " : ", expected ",
				want[i] == YYSYMBOL_YYEOF ? "end of file" : yysymbol_name(want[i]));
	diag_err(p->dg, *yypcontext_location(ctx), "%s", buf);
	return 0;
}

static void
yyerror(Loc *loc, Parser *p, const char *msg)
{
	if (strcmp(msg, "memory exhausted") == 0)
		msg = "nested too deeply (the parser's stack is exhausted)";
	diag_err(p->dg, *loc, "%s", msg);
}

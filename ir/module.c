/*
 * module.c — creating and freeing a Module, and the module-wide name tables.
 *
 * A Module and everything hanging off it live in one arena (m->a), the
 * Module struct included, so ir_module_free is a single release.
 *
 * The name tables keep the words without their leading dot ("global", "x"),
 * like the tables of ops.h; SP_NONE and SEL_NONE are the empty string.
 */
#include <string.h>
#include "ir.h"

const char *const ir_spacename[NSP] = {
	[SP_NONE] = "",
	[SP_REG] = "reg",
	[SP_SREG] = "sreg",
	[SP_CONST] = "const",
	[SP_GLOBAL] = "global",
	[SP_LOCAL] = "local",
	[SP_PARAM] = "param",
	[SP_SHARED] = "shared",
	[SP_TEX] = "tex",
	[SP_GENERIC] = "generic",
};

const char *const ir_selname[NSEL] = {
	[SEL_NONE] = "",
	[SEL_X] = "x", [SEL_Y] = "y", [SEL_Z] = "z", [SEL_W] = "w",
	[SEL_R] = "r", [SEL_G] = "g", [SEL_B] = "b", [SEL_A] = "a",
	[SEL_B0] = "b0", [SEL_B1] = "b1", [SEL_B2] = "b2", [SEL_B3] = "b3",
	[SEL_H0] = "h0", [SEL_H1] = "h1",
	[SEL_TEXT] = "",    /* the text is in Opnd.seltext */
};

Module *
ir_module_new(const char *name)
{
	Arena *a;
	Module *m;

	a = ir_arena_new();
	if (!a)
		return NULL;
	m = ir_alloc(a, sizeof *m);
	if (!m) {
		ir_arena_free(a);
		return NULL;
	}
	m->a = a;
	m->name = name ? ir_strndup(a, name, strlen(name)) : NULL;
	return m;
}

void
ir_module_free(Module *m)
{
	if (m)
		ir_arena_free(m->a);    /* m itself lives in the arena */
}

/* The function a call or an address of function symbol s reaches: s, or
 * what the .alias naming it names.  ptxas takes an .alias of a function
 * defined in the module, and of another alias too, but leaves a reference
 * to an alias of an alias unresolved: taking its address is ptxas's
 * "Undefined reference", and a module that calls one fails to launch on an
 * H100 ("named symbol not found").  NULL for such a name. */
const Sym *
ir_fn_target(const Sym *s)
{
	if (s && s->kind == SYM_FUNC && s->aliasee)
		return s->aliasee->aliasee ? NULL : s->aliasee;
	return s;
}

/* A linear scan, for occasional lookups; code that resolves every name it
 * reads (a parser) should keep a hash table of its own. */
Sym *
ir_lookup(Module *m, const char *name)
{
	int i;

	for (i = 0; i < m->nsyms; i++)
		if (strcmp(m->syms[i]->name, name) == 0)
			return m->syms[i];
	return NULL;
}

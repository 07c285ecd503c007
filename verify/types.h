/*
 * types.h — what the three files of the instruction checks share:
 * types.c (operands against the instruction's types), family.c (the
 * instruction families with operand rules of their own) and modrule.c
 * (modifiers together, state spaces).
 */
#ifndef VERIFY_TYPES_H
#define VERIFY_TYPES_H
#include "verify.h"

/* Per opcode: accepted types and modifiers, from the table's strings. */
typedef struct {
	unsigned char *ty;      /* NOP * NTY */
	unsigned char *mod;     /* NOP * NMOD */
	unsigned *cls;          /* NOP: accepted classes, 1 << MC_* */
	int *rule0, *rule1;     /* NOP: its rows of modrule[], first + 1 and last + 1 (0: none) */
	struct Rule *rule;      /* per modrule[] row: its names as ids */
} Accept;

static inline int
accepts(const Accept *ac, int op, int id)
{
	if (id < NTY)
		return ac->ty[op * NTY + id] || ac->mod[op * NMOD + id];
	return ac->mod[op * NMOD + id] || (ac->cls[op] >> ir_modinfo[id].cls & 1);
}

static inline const char *
tyname(int ty)
{
	return ty > 0 && ty < NTY ? ir_tyinfo[ty].name : "?";
}

static inline int
isfloat(int ty)
{
	return verify_kind(ty) == TK_FLOAT;
}

static inline int
isint(int ty)
{
	int k = verify_kind(ty);
	return k == TK_UINT || k == TK_SINT;
}

/* types.c */
const Sym *verify_elemreg(const Opnd *o);               /* the register of an operand, or NULL */
void verify_immediate(Verify *v, Ins *in, Opnd *o, int ity);
int verify_vecbits(const Opnd *o);

/* family.c */
int verify_geometry(const Ins *in, const char **name);  /* coordinates a texture geometry takes */
int verify_mixed(Verify *v, Ins *in, const Opnd *o);    /* a vector of mixed registers, reported */
void verify_families(Verify *v, Ins *in);
void verify_immfields(Verify *v, Ins *in);

/* modrule.c */
struct Rule *verify_rules(void);                        /* the rows' storage, for verify_ruleinit */
void verify_ruleinit(Accept *ac);
void verify_modrules(Verify *v, const Accept *ac, Ins *in);
void verify_spaces(Verify *v, const Accept *ac, Ins *in);
void verify_ldstorder(Verify *v, Ins *in);
int verify_namesync(const char *name);

#endif

/*
 * sass.h -- a kernel's SASS as the order oracle (nanorder.c) traces it,
 * read from the cubin ptxas writes (cubin.c, the encodings in sass.c) or
 * from nvdisasm's text (sass.c).  Only api/ includes it.
 *
 * Each instruction is kept as what the tracing asks of it: its PTX line,
 * whether it is guarded, the register it writes (and how many from there
 * on, as nvdisasm's mnemonic says: 2 for a .64 and DADD, DMUL, DFMA, 4
 * for a .128), a move's source, the two operand slots of an f64 add, mul,
 * fma or min/max, and a call's target.  Both readers give the same
 * record for the same instruction (nanorder.c's cross-check compares
 * them), so one tracing serves both.
 */
#ifndef PTX_SASS_H
#define PTX_SASS_H

#include "api/api.h"

enum {
	SASS_RNONE = -1,          /* no register: a constant, a predicate, a uniform register */
	SASS_RZERO = -2,          /* RZ */
	SASS_MAXREG = 255         /* R0..R254 */
};
enum { SASS_TNONE = -1, SASS_TUNKNOWN = -2 };

enum {
	SK_OTHER,
	SK_CALL,                  /* callee: the hash of the subroutine it calls, or 0 */
	SK_MOVE,                  /* MOV, IMAD.MOV, IMAD.MOV.U32: src its source */
	SK_DADD, SK_DMUL, SK_DFMA,
	SK_DMNMX                  /* DSETP.MIN or .MAX */
};

typedef struct {
	int line;                 /* the PTX line, 0 where none was given */
	unsigned char kind, width, guarded;
	short dst;                /* the register written (width of them from it), or SASS_RNONE */
	short src;                /* a move's source register, else SASS_RNONE or SASS_RZERO */
	short a, b;               /* an f64 op's two slots (b the winning one) */
	uint64_t callee;
	/* the cubin reader's constants (the text reader leaves SC_NONE):
	 * SC_UR, a DADD's, DMUL's or DFMA's slot kslot (1 b, 2 c) is uniform
	 * register ur, with the modifiers kmod; SC_IMM, it is the immediate k
	 * (the f64's high word, its low word 0); SC_UMOV, an unguarded UMOV
	 * of the word k into ur; SC_UWRITE, some other write of uniform
	 * registers (uw of them from ur, where that is read); SC_RMOV, an
	 * unguarded MOV or IMAD.MOV.U32 of the word k into register dst */
	unsigned char konst, kslot, kmod;
	/* a DFMA's slot c where it is a register; the modifiers of slots a,
	 * b and c where they are registers, bit 0 negation, bit 1 absolute
	 * value (the cubin reader's; the text's are 0) */
	short c;
	unsigned char amod, bmod, cmod;
	unsigned char flow;       /* a branch, jump, exit, return or convergence barrier */
	/* where a branch goes: the index in ins of a BRA's target (the
	 * cubin's reader), SASS_TNONE for an instruction that jumps nowhere,
	 * SASS_TUNKNOWN for a jump whose target is not read (BRX, BRXU, a BRA
	 * of nvdisasm's text) */
	int target;
	/* the cubin reader's register sources (the text reader leaves
	 * SASS_RNONE) and its opcode and form key (lo's bits 0-11; 0 from the
	 * text), for the oracle's 16-bit readers */
	short r[3];
	unsigned short key;
	short ur;
	unsigned char uw;         /* an SC_UMOV's or SC_UWRITE's registers written from ur; 0 not known */
	uint64_t k;
} SIns;

enum { SC_NONE, SC_UR, SC_IMM, SC_UMOV, SC_UWRITE, SC_RMOV };

typedef struct {
	char name[256];
	int from, to;             /* its instructions, ins[from..to) */
	int bad;                  /* something was not as expected: no answers from it */
	int sec;                  /* the .text section it is in */
	int sub;                  /* a subroutine of the section ("$label"), not a function */
	uint64_t hash;            /* the hash of its name (a CALL's callee) */
	int clob;                 /* 0 not yet known, 1 being found, 2 known (in regs), 3 unknown */
	uint64_t regs[4];         /* the registers its code writes, its own calls' included */
} SFunc;

typedef struct {
	SIns *ins; int n, cap;
	SFunc *fn; int nfn, capfn;
	int sec;                  /* sections seen */
	int intext;               /* the text reader: in a .text section */
	int line;                 /* the text reader: the line in force */
} Sass;

/* sass.c */
uint64_t sass_hash(const char *s, size_t n);
SFunc *sass_newfn(ptx_ctx *cx, Sass *s, const char *name, size_t len);
SIns *sass_newins(ptx_ctx *cx, Sass *s);
/* Decodes the sm_90 instruction lo, hi (its two 64-bit words) into *si
 * (line and callee left alone; *rel a CALL.REL's target, relative to the
 * next instruction, else 0): 0, or -1 for an opcode not known. */
int sass_decode(uint64_t lo, uint64_t hi, SIns *si, int64_t *rel);
/* One line [l, e) of nvdisasm -c -g's text into s (nlines: the module's
 * lines); -1 on no memory. */
int sass_textline(ptx_ctx *cx, Sass *s, const char *l, const char *e, int nlines);

/* cubin.c: the cubin of n bytes at b into s (nlines: the module's
 * lines): 0, or -1 where it is not one this reader knows (s may then hold
 * part of it) or on no memory.  Functions with an unknown opcode, a line
 * outside 1..nlines, or anything else out of place are marked bad. */
int sass_cubin(ptx_ctx *cx, Sass *s, const unsigned char *b, size_t n, int nlines);

#endif

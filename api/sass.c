/*
 * sass.c -- sm_90 SASS instructions read for the order oracle: from their
 * encodings (what cubin.c hands over) and from nvdisasm's text, both into
 * the records of sass.h.
 *
 * An instruction is 128 bits, two little-endian 64-bit words lo and hi.
 * The low 12 bits of lo name the operation and its operand form (0x229
 * DADD R, R, R; 0x429 DADD R, R, immediate; 0xe29 DADD R, R, UR); bits
 * 12-14 the guard predicate (7: PT) and bit 15 its negation; bits 16-23
 * the destination register, 24-31 the first source, 32-39 the second
 * (where the form has a register there; else 32-63 hold an immediate or a
 * constant's address), and bits 0-7 of hi the third; register 255 is RZ.
 * The rest of hi holds modifiers (the width of a load in bits 73-75, a
 * DSETP's comparison in 76-79, a LOP3's predicate output in 81-83) and
 * the scheduling controls.  The table below was learned from data: every
 * opcode that ptxas 13.0 wrote for the kernels of tests/diff's generator
 * versions 1 to 13 (all families) and of tests/corpus, and for seeds
 * 1-399 of version 14's xmix and version 15's xmix, immx and dag
 * families, 1-199 of version 15's alux and 527 kernels of records
 * xfail.txt lists (forms of uniform registers and constants that those
 * versions' literals bring: HSETP2 of a UR, FSETP and FMNMX of one, F2F,
 * F2I and FRND of a UR or a constant, ...), compiled for sm_90 and
 * sm_90a and read next to `nvdisasm -hex` (tests/diff/sasslearn.py
 * rebuilds it and checks every instruction).  It says, per opcode, what
 * nvdisasm's text says of the instruction as nanorder.c reads it: the
 * register named first where the text names one it writes (an ISETP's
 * first operand is a predicate, a STG writes none, a RET names its
 * return address register first), and how many registers the mnemonic
 * says from there (LDG.E.64: 2).  An opcode not in the table is no
 * answer for its function, never a guess.
 *
 * The text reader keeps nvdisasm -c -g's listing as nanorder.c always
 * read it: ".section .text.NAME" starts a function, a "$label:" line a
 * subroutine of it, "//## File ..., line N" the PTX line of what follows,
 * and an address in a comment, then "[@P] OP OPERANDS ;", an instruction.
 */
#include <string.h>
#include "api/sass.h"

enum { MAXOPS = 6 };          /* a text instruction's operands kept */

/* the destination: Rd; Ra (RET, BRX); Rb (NANOSLEEP); none; Rd but for the .16x2 forms,
 * whose mnemonic nvdisasm writes in lower case ("VIADD.16x2": the text
 * reader stops at the x); Rd where a MATCH writes no predicate first; Rd
 * where a LOP3 writes no predicate first */
enum { D_RD, D_RA, D_RB, D_NONE, D_X2, D_MATCH, D_LOP };
/* the registers written: 1, 2, 4, by a load's size (5: .64, 6: .128), by
 * an ATOMS's (1: .64, 2: .128) */
enum { W_1, W_2, W_4, W_SZ, W_ATOMS };
/* the second slot of an f64 op, a move's source: none, Rb, Rc; a CALL's
 * relative target */
enum { F_NONE, F_RB, F_RC, F_REL };
/* SK_IMAD: an IMAD that nvdisasm writes IMAD.MOV where Ra and Rb are RZ and
 * it is no .X; SK_DSETP: a DSETP, .MIN or .MAX by its comparison */
enum { SK_IMAD = 100, SK_DSETP };

typedef struct {
	uint16_t key;
	const char *name;
	unsigned char kind, dst, width, f;
} Op;

static const Op ops[] = {
	{ 0x202, "MOV", SK_MOVE, D_RD, W_1, F_RB },
	{ 0x207, "SEL", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x208, "FSEL", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x209, "FMNMX", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x20a, "FSET", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x20b, "FSETP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x20c, "ISETP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x20f, "VIMNMX3", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x210, "IADD3", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x211, "LEA", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x212, "LOP3", SK_OTHER, D_LOP, W_1, F_NONE },
	{ 0x213, "IABS", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x214, "VABSDIFF", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x215, "VABSDIFF4", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x216, "PRMT", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x219, "SHF", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x21a, "SGXT", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x21b, "BMSK", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x21f, "PLOP3", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x220, "FMUL", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x221, "FADD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x223, "FFMA", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x224, "IMAD", SK_IMAD, D_RD, W_1, F_RC },
	{ 0x225, "IMAD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x226, "IDP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x227, "IMAD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x228, "DMUL", SK_DMUL, D_RD, W_2, F_RB },
	{ 0x229, "DADD", SK_DADD, D_RD, W_2, F_RC },
	{ 0x22a, "DSETP", SK_DSETP, D_NONE, W_1, F_RB },
	{ 0x22b, "DFMA", SK_DFMA, D_RD, W_2, F_RB },
	{ 0x230, "HADD2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x231, "HFMA2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x232, "HMUL2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x233, "HSET2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x234, "HSETP2", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x235, "HFMA2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x236, "VIADD", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x237, "IMMA", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x238, "I2I", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x239, "I2IP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x23a, "MOVM", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x23c, "HMMA", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x23d, "BMMA", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x23e, "F2FP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x23f, "DMMA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x240, "HMNMX2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x243, "F2IP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x245, "I2FP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x246, "VIADDMNMX", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x247, "VHMNMX", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x248, "VIMNMX", SK_OTHER, D_X2, W_1, F_NONE },
	{ 0x287, "USEL", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x28c, "UISETP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x290, "UIADD3", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x291, "ULEA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x292, "ULOP3", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x296, "UPRMT", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x297, "UIADD3", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x299, "USHF", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x29a, "USGXT", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x29b, "UBMSK", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x29f, "UPLOP3", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x2a4, "UIMAD", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x2a5, "UIMAD", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x2bd, "UFLO", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x2be, "UBREV", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x2bf, "UPOPC", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x2ca, "R2UR", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x300, "FLO", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x301, "BREV", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x302, "FCHK", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x304, "F2F", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x305, "F2I", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x306, "I2F", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x307, "FRND", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x308, "MUFU", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x309, "POPC", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x310, "F2F", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x311, "F2I", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x312, "I2F", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x313, "FRND", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x31c, "B2R", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x31d, "BAR", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x343, "CALL", SK_CALL, D_NONE, W_1, F_NONE },
	{ 0x344, "CALL", SK_CALL, D_NONE, W_1, F_NONE },
	{ 0x348, "WARPSYNC", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x352, "RPCMOV", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x353, "RPCMOV", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x355, "BMOV", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x356, "BMOV", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x35d, "NANOSLEEP", SK_OTHER, D_RB, W_1, F_NONE },
	{ 0x381, "LDG", SK_OTHER, D_RD, W_SZ, F_NONE },
	{ 0x385, "ST", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x386, "STG", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x387, "STL", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x388, "STS", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x389, "SHFL", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x38a, "ATOM", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x38b, "ATOM", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x38c, "ATOMS", SK_OTHER, D_RD, W_ATOMS, F_NONE },
	{ 0x38d, "ATOMS", SK_OTHER, D_RD, W_ATOMS, F_NONE },
	{ 0x3a1, "MATCH", SK_OTHER, D_MATCH, W_1, F_NONE },
	{ 0x3a2, "ATOM", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x3a9, "ATOMG", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x3aa, "QSPC", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x3b5, "UTMASTG", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x3ba, "UBLKCP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x3bb, "UBLKRED", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x3bc, "UBLKPF", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x3c4, "REDUX", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x3c6, "FENCE", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x411, "LEA", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x414, "VABSDIFF", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x416, "PRMT", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x419, "SHF", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x421, "FADD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x423, "FFMA", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x424, "IMAD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x429, "DADD", SK_DADD, D_RD, W_2, F_NONE },
	{ 0x42a, "DSETP", SK_DSETP, D_NONE, W_1, F_NONE },
	{ 0x42b, "DFMA", SK_DFMA, D_RD, W_2, F_RC },
	{ 0x430, "HADD2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x431, "HFMA2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x433, "HSET2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x434, "HSETP2", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x435, "HFMA2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x443, "F2IP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x446, "VIADDMNMX", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x491, "ULEA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x499, "USHF", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x4a4, "UIMAD", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x547, "BRA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x589, "SHFL", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x5a7, "SYNCS", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x5ab, "CGAERRBAR", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x5b2, "SYNCS", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x5b4, "UTMALDG", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x801, "PMTRIG", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x802, "MOV", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x803, "P2R", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x804, "R2P", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x805, "CS2R", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x806, "VOTE", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x807, "SEL", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x808, "FSEL", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x809, "FMNMX", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x80a, "FSET", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x80b, "FSETP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x80c, "ISETP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x80f, "VIMNMX3", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x810, "IADD3", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x811, "LEA", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x812, "LOP3", SK_OTHER, D_LOP, W_1, F_NONE },
	{ 0x814, "VABSDIFF", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x816, "PRMT", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x819, "SHF", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x81a, "SGXT", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x81b, "BMSK", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x81c, "PLOP3", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x820, "FMUL", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x823, "FFMA", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x824, "IMAD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x825, "IMAD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x827, "IMAD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x828, "DMUL", SK_DMUL, D_RD, W_2, F_NONE },
	{ 0x82b, "DFMA", SK_DFMA, D_RD, W_2, F_NONE },
	{ 0x82d, "PREEXIT", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x82e, "ACQBULK", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x82f, "ELECT", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x831, "HFMA2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x832, "HMUL2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x835, "HFMA2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x836, "VIADD", SK_OTHER, D_X2, W_1, F_NONE },
	{ 0x839, "I2IP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x83b, "LDSM", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x83e, "F2FP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x840, "HMNMX2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x843, "F2IP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x844, "STSM", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x845, "I2FP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x846, "VIADDMNMX", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x847, "VHMNMX", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x848, "VIMNMX", SK_OTHER, D_X2, W_1, F_NONE },
	{ 0x882, "UMOV", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x883, "UP2UR", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x884, "UR2UP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x886, "VOTEU", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x887, "USEL", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x88c, "UISETP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x890, "UIADD3", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x891, "ULEA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x892, "ULOP3", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x896, "UPRMT", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x899, "USHF", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x89a, "USGXT", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x89b, "UBMSK", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x89c, "UPLOP3", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x8a4, "UIMAD", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x8a5, "UIMAD", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x902, "FCHK", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x904, "F2F", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x905, "F2I", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x906, "I2F", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x907, "FRND", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x908, "MUFU", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x910, "F2F", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x911, "F2I", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x912, "I2F", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x913, "FRND", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x918, "NOP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x919, "S2R", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x91a, "DEPBAR", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x91b, "ENDCOLLECTIVE", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x941, "BSYNC", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x942, "BREAK", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x943, "CALL", SK_CALL, D_NONE, W_1, F_NONE },
	{ 0x944, "CALL", SK_CALL, D_NONE, W_1, F_REL },
	{ 0x945, "BSSY", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x946, "YIELD", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x947, "BRA", SK_OTHER, D_NONE, W_1, F_REL },
	{ 0x948, "WARPSYNC", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x949, "BRX", SK_OTHER, D_RA, W_1, F_NONE },
	{ 0x94d, "EXIT", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x94e, "LEPC", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x950, "RET", SK_OTHER, D_RA, W_1, F_NONE },
	{ 0x958, "BRXU", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x95c, "BPT", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x95d, "NANOSLEEP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x980, "LD", SK_OTHER, D_RD, W_SZ, F_NONE },
	{ 0x981, "LDG", SK_OTHER, D_RD, W_SZ, F_NONE },
	{ 0x983, "LDL", SK_OTHER, D_RD, W_SZ, F_NONE },
	{ 0x984, "LDS", SK_OTHER, D_RD, W_SZ, F_NONE },
	{ 0x985, "ST", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x986, "STG", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x988, "STS", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x989, "SHFL", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x98a, "ATOM", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x98c, "ATOMS", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x98e, "REDG", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x98f, "CCTL", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x990, "CCTLL", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x992, "MEMBAR", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9a2, "ATOM", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9a3, "ATOMG", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9a6, "REDG", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9a7, "SYNCS", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0x9a8, "ATOMG", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9aa, "QSPC", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9ab, "ERRBAR", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9af, "LDGDEPBAR", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9b0, "ARRIVES", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9b1, "SYNCS", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9b7, "UTMACMDFLUSH", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9b9, "UTMACCTL", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9c3, "S2UR", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9c5, "WARPGROUP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9c7, "UCGABAR_ARV", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9c8, "USETMAXREG", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9f0, "HGMMA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9f1, "IGMMA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9f2, "BGMMA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0x9f3, "QGMMA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xab9, "ULDC", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xabb, "ULDC", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xb1d, "BAR", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xb82, "LDC", SK_OTHER, D_RD, W_SZ, F_NONE },
	{ 0xc02, "MOV", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc07, "SEL", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc08, "FSEL", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc09, "FMNMX", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc0b, "FSETP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xc0c, "ISETP", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xc10, "IADD3", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc11, "LEA", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc12, "LOP3", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc13, "IABS", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc14, "VABSDIFF", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc16, "PRMT", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc19, "SHF", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc1b, "BMSK", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc1f, "PLOP3", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xc20, "FMUL", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc23, "FFMA", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc24, "IMAD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc25, "IMAD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc26, "IDP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc27, "IMAD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc28, "DMUL", SK_DMUL, D_RD, W_2, F_NONE },
	{ 0xc2b, "DFMA", SK_DFMA, D_RD, W_2, F_NONE },
	{ 0xc31, "HFMA2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc32, "HMUL2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc36, "VIADD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc38, "I2I", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc39, "I2IP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc3e, "F2FP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc43, "F2IP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc45, "I2FP", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xc48, "VIMNMX", SK_OTHER, D_X2, W_1, F_NONE },
	{ 0xc82, "UMOV", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xd00, "FLO", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xd04, "F2F", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xd05, "F2I", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xd06, "I2F", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xd07, "FRND", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xd08, "MUFU", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xd09, "POPC", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xd10, "F2F", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xd11, "F2I", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xd12, "I2F", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xd13, "FRND", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xdbd, "STAS", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xdbe, "REDAS", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xdc7, "UCGABAR_WAIT", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xdf0, "HGMMA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xdf1, "IGMMA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xdf2, "BGMMA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xdf3, "QGMMA", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xe16, "PRMT", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xe19, "SHF", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xe21, "FADD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xe23, "FFMA", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xe24, "IMAD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xe25, "IMAD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xe27, "IMAD", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xe29, "DADD", SK_DADD, D_RD, W_2, F_NONE },
	{ 0xe2a, "DSETP", SK_DSETP, D_NONE, W_1, F_NONE },
	{ 0xe2b, "DFMA", SK_DFMA, D_RD, W_2, F_RC },
	{ 0xe30, "HADD2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xe31, "HFMA2", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xe34, "HSETP2", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xe46, "VIADDMNMX", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xf89, "SHFL", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xf8c, "ATOMS", SK_OTHER, D_RD, W_1, F_NONE },
	{ 0xf99, "SULD", SK_OTHER, D_RD, W_SZ, F_NONE },
	{ 0xf9d, "SUST", SK_OTHER, D_NONE, W_1, F_NONE },
	{ 0xfae, "LDGSTS", SK_OTHER, D_NONE, W_1, F_NONE },
};

uint64_t
sass_hash(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
	return h;
}

SFunc *
sass_newfn(ptx_ctx *cx, Sass *s, const char *name, size_t len)
{
	SFunc *fn;

	if (len >= sizeof fn->name)
		return NULL;
	if (s->nfn == s->capfn) {
		int c = s->capfn ? 2 * s->capfn : 16;
		SFunc *nf = s->capfn > (1 << 20) ? NULL : interp_realloc(cx, s->fn, (size_t)c * sizeof *nf);
		if (!nf)
			return NULL;
		s->fn = nf;
		s->capfn = c;
	}
	fn = &s->fn[s->nfn++];
	memset(fn, 0, sizeof *fn);
	memcpy(fn->name, name, len);
	fn->hash = sass_hash(name, len);
	fn->sec = s->sec;
	fn->from = fn->to = s->n;
	return fn;
}

SIns *
sass_newins(ptx_ctx *cx, Sass *s)
{
	SIns *si;

	if (s->n == s->cap) {
		int c = s->cap ? 2 * s->cap : 1024;
		SIns *ni = s->cap > (1 << 24) ? NULL : interp_realloc(cx, s->ins, (size_t)c * sizeof *ni);
		if (!ni)
			return NULL;
		s->ins = ni;
		s->cap = c;
	}
	si = &s->ins[s->n++];
	memset(si, 0, sizeof *si);
	si->dst = si->src = si->a = si->b = si->c = SASS_RNONE;
	si->target = SASS_TNONE;
	si->r[0] = si->r[1] = si->r[2] = SASS_RNONE;
	return si;
}

/* ---------------------------------------------------------------- encodings */

static short
reg(unsigned v)
{
	return v == 255 ? SASS_RZERO : (short)v;
}

static const Op *
findop(unsigned key)
{
	int lo = 0, hi = (int)(sizeof ops / sizeof ops[0]);

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (ops[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < (int)(sizeof ops / sizeof ops[0]) && ops[lo].key == key ? &ops[lo] : NULL;
}

/* The uniform registers an instruction of the uniform datapath writes
 * (si->ur, si->uw of them; uw 0 where that is not read): the register
 * of bits 16-23, none where that is URZ (63), for the forms whose
 * destination is a uniform register there (nvdisasm's listings of
 * generated kernels: USEL, UIADD3, ULEA, ULOP3, UPRMT, USHF, UIMAD,
 * UFLO, UPOPC, R2UR, REDUX, VOTEU, S2UR, ULDC); two for UIMAD.WIDE,
 * ULDC.64 (size 5 in hi's bits 9-11) and R2UR, whose 64-bit form is
 * not told apart here; UISETP and UPLOP3 write a uniform predicate
 * only. */
static void
urdst(const Op *o, uint64_t lo, uint64_t hi, SIns *si)
{
	static const char *const one[] = { "USEL", "UIADD3", "ULEA", "ULOP3", "UPRMT", "USHF", "USGXT", "UBMSK",
	    "UFLO", "UBREV", "UPOPC", "REDUX", "VOTEU", "S2UR", "UP2UR", NULL };
	unsigned rd = lo >> 16 & 0xff, key = lo & 0xfff;
	int w = 0;

	for (const char *const *n = one; *n; n++)
		w |= !strcmp(o->name, *n);
	if (!strcmp(o->name, "UIMAD"))
		w = key == 0x2a5 || key == 0x8a5 ? 2 : 1;
	else if (!strcmp(o->name, "R2UR"))
		w = 2;
	else if (!strcmp(o->name, "ULDC"))
		w = (hi >> 9 & 7) == 4 ? 1 : (hi >> 9 & 7) == 5 ? 2 : 0;
	else if (!strcmp(o->name, "UISETP") || !strcmp(o->name, "UPLOP3")) {
		si->konst = SC_NONE;
		return;
	}
	if (!w)
		return;
	if (rd == 63) {
		si->konst = SC_NONE;   /* URZ */
		return;
	}
	si->ur = (short)rd;
	si->uw = (unsigned char)w;
}

int
sass_decode(uint64_t lo, uint64_t hi, SIns *si, int64_t *rel)
{
	const Op *o = findop((unsigned)(lo & 0xfff));
	unsigned rd = lo >> 16 & 0xff, ra = lo >> 24 & 0xff, rb = lo >> 32 & 0xff, rc = hi & 0xff;
	int w = 1;
	short d = SASS_RNONE;

	*rel = 0;
	if (!o)
		return -1;
	si->guarded = (lo >> 12 & 0xf) != 7;
	switch (o->dst) {
	case D_RD: d = reg(rd); break;
	case D_RA: d = reg(ra); break;
	case D_RB: d = reg(rb); break;
	case D_X2: d = hi >> 9 & 1 ? SASS_RNONE : reg(rd); break;
	case D_MATCH: d = hi >> 15 & 1 ? reg(rd) : SASS_RNONE; break;
	case D_LOP: d = (hi >> 17 & 7) == 7 ? reg(rd) : SASS_RNONE; break;
	}
	switch (o->width) {
	case W_2: w = 2; break;
	case W_4: w = 4; break;
	case W_SZ: w = (hi >> 9 & 7) == 5 ? 2 : (hi >> 9 & 7) == 6 ? 4 : 1; break;
	case W_ATOMS: w = (hi >> 10 & 3) == 1 ? 2 : (hi >> 10 & 3) == 2 ? 4 : 1; break;
	}
	si->dst = d < 0 ? SASS_RNONE : d;
	si->width = (unsigned char)w;
	si->kind = SK_OTHER;
	/* The register sources of the integer operations a 16-bit reader
	 * becomes (SEL, ISETP, IADD3, LEA, LOP3, VABSDIFF, PRMT, SHF, IMAD):
	 * Ra; Rb in the form of three registers (0x2..), where the others
	 * (0x4.., 0x8.., 0xc.., ...) hold an immediate, a constant's address
	 * or a uniform register in bits 32-63; hi's Rc but for SEL and ISETP,
	 * which have none there.  IMAD R6, R4, R7, RZ is 0x...0704067224,
	 * SHF.R.U32.HI R5, RZ, 0x10, R5 an 0x819 with R5 in hi's bits 0-7
	 * (nvdisasm -hex of ptxas 13.0's sm_90 code). */
	si->key = (unsigned short)(lo & 0xfff);
	switch (lo & 0xff) {
	case 0x10: case 0x11: case 0x12: case 0x14: case 0x16: case 0x19: case 0x24: case 0x25: case 0x27:
		si->r[2] = reg(rc);
		/* fallthrough */
	case 0x07: case 0x0c:
		si->r[0] = reg(ra);
		si->r[1] = (lo >> 8 & 0xf) == 2 ? reg(rb) : SASS_RNONE;
		break;
	}
	if (o->f == F_REL) {
		/* a CALL's or BRA's target, from the instruction after it: a
		 * signed byte offset, its bits 2-9 in bits 16-23 and 10-57 in
		 * 34-63 and hi's 0-17 (bits 32-33 are a BRA.DIV's; checked
		 * against nvdisasm's labels for 2,878 BRAs of generated kernels,
		 * BRA.DIV UR6 among them, and 147 of -0x110 to +0x3840 bytes) */
		uint64_t v = (rd << 2) | (lo >> 34) << 10 | (hi & 0x3ffff) << 40;
		if (v >> 57 & 1)
			v |= ~(((uint64_t)1 << 58) - 1);
		*rel = (int64_t)v;
	}
	/* the reader of the cubin makes a BRA's offset an index (cubin.c) */
	if (!strcmp(o->name, "BRA") || !strcmp(o->name, "BRX") || !strcmp(o->name, "BRXU"))
		si->target = SASS_TUNKNOWN;
	switch (o->kind) {
	case SK_CALL:
		si->kind = SK_CALL;
		si->dst = SASS_RNONE;
		break;
	case SK_MOVE:
		if (rb != 255) {
			si->kind = SK_MOVE;
			si->src = reg(rb);
		}
		break;
	case SK_IMAD:
		if (ra == 255 && rb == 255 && !(hi >> 10 & 1) && rc != 255) {
			si->kind = SK_MOVE;
			si->src = reg(rc);
		}
		break;
	case SK_DSETP: case SK_DADD: case SK_DMUL: case SK_DFMA:
		if (o->kind == SK_DSETP && (hi >> 12 & 0xf) != 0 && (hi >> 12 & 0xf) != 15)
			break;   /* a comparison, not .MIN (0) or .MAX (15) */
		si->kind = o->kind == SK_DSETP ? SK_DMNMX : o->kind;
		si->a = reg(ra);
		si->b = o->f == F_RB ? reg(rb) : o->f == F_RC ? reg(rc) : SASS_RNONE;
		break;
	}
	/* The constant slots of DADD, DMUL and DFMA: 0x429 DADD R, R, imm,
	 * 0x828 DMUL R, R, imm and 0x82b DFMA R, R, imm, R hold slot b's f64
	 * high word, its sign included, in bits 32-63 (0xfff80000 for -QNAN),
	 * 0x42b DFMA R, R, R, imm slot c's; 0xe29 DADD R, R, UR, 0xc28 DMUL
	 * R, R, UR and 0xc2b DFMA R, R, UR, R name slot b's uniform register
	 * in bits 32-39, 0xe2b DFMA R, R, R, UR slot c's; 0x882 UMOV UR, imm
	 * has the register in bits 16-23 and the word in 32-63 (255 is URZ).
	 * The modifiers, bit 0 negation and bit 1 absolute value: slot a's
	 * in bits 72 and 73, the operand of bits 32-39 (a register or a
	 * uniform one) in 63 and 62, the register of hi's bits 0-7 (DADD's
	 * and DFMA's b or c) in 75 and 74 (DADD.RP R, R, -UR6:
	 * 0x80000006...; DFMA R18, R6, -R18, 1: hi 0x812).  Read off nvdisasm
	 * -hex of ptxas 13.0's sm_90 code. */
	si->konst = SC_NONE;
	si->ur = -1;
	si->k = 0;
	si->kslot = si->kmod = si->amod = si->bmod = si->cmod = 0;
	si->c = SASS_RNONE;
	{
		unsigned char mlo = (unsigned char)((lo >> 63 & 1) | (lo >> 61 & 2)),
		    mhi = (unsigned char)((hi >> 11 & 1) | (hi >> 9 & 2));
		switch (lo & 0xfff) {
		case 0x228: si->bmod = mlo; break;
		case 0x229: si->bmod = mhi; break;
		case 0x22b: si->bmod = mlo, si->c = reg(rc), si->cmod = mhi; break;
		case 0x42b: si->bmod = mhi; break;
		case 0x82b: case 0xc2b: si->c = reg(rc), si->cmod = mhi; break;
		case 0xe2b: si->bmod = mhi; break;
		}
		switch (lo & 0xfff) {
		case 0x429: case 0x828: case 0x82b: case 0x42b:
			si->konst = SC_IMM;
			si->k = lo >> 32 << 32;
			si->kslot = (lo & 0xfff) == 0x42b ? 2 : 1;
			break;
		case 0xe29: case 0xc28: case 0xc2b: case 0xe2b:
			if (rb != 255) {
				si->konst = SC_UR;
				si->ur = (short)rb;
				si->kmod = mlo;
				si->kslot = (lo & 0xfff) == 0xe2b ? 2 : 1;
			}
			break;
		case 0x882:
			si->konst = si->guarded ? SC_UWRITE : SC_UMOV;
			si->ur = (short)rd;
			si->uw = 1;
			si->k = lo >> 32;
			break;
		/* 0x424 IMAD with Ra and hi's register RZ and no .X (bit 74)
		 * is IMAD.MOV.U32 R, RZ, RZ, imm, the word in 32-63; 0x802 MOV
		 * R, imm of every lane (mask 0xf in bits 72-75) the same */
		case 0x424:
			if (ra == 255 && rc == 255 && !(hi >> 10 & 1) && !si->guarded && si->dst >= 0)
				si->konst = SC_RMOV, si->k = lo >> 32;
			break;
		case 0x802:
			if ((hi >> 8 & 0xf) == 0xf && !si->guarded && si->dst >= 0)
				si->konst = SC_RMOV, si->k = lo >> 32;
			break;
		default:
			if (o->name[0] == 'U' || strstr(o->name, "2UR") || !strcmp(o->name, "REDUX") ||
			    !strcmp(o->name, "VOTEU")) {
				si->konst = SC_UWRITE;
				urdst(o, lo, hi, si);
			}
		}
		if (si->kind == SK_DADD || si->kind == SK_DMUL || si->kind == SK_DFMA)
			si->amod = (unsigned char)(hi >> 8 & 3);
	}
	/* BSSY only names where the warp reconverges: control goes on to
	 * the next instruction */
	si->flow = 0;
	for (const char *const *fl = (const char *const[]){ "BRA", "BRX", "JMP", "JMX", "EXIT", "RET", "BSYNC",
	    "BREAK", "BPT", "CALL", "WARPSYNC", "KILL", "BMOV", NULL }; *fl; fl++)
		si->flow |= !strcmp(o->name, *fl);
	return 0;
}

/* ---------------------------------------------------------------- nvdisasm's text */

static int
startswith(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

/* The register an operand names (after -, | and !): SASS_RNONE for none,
 * SASS_RZERO for RZ, -3 for one past R254. */
static int
opreg(const char *s, const char *e)
{
	int v = 0, nd = 0;

	while (s < e && (*s == '-' || *s == '|' || *s == '!' || *s == ' '))
		s++;
	if (s >= e || *s != 'R')
		return SASS_RNONE;
	if (s + 1 < e && s[1] == 'Z')
		return SASS_RZERO;
	for (s++; s < e && *s >= '0' && *s <= '9'; s++) {
		if (++nd > 3)
			return -3;
		v = v * 10 + (*s - '0');
	}
	if (!nd)
		return SASS_RNONE;
	return v >= SASS_MAXREG ? -3 : v;
}

static int
isop(const char *op, const char *base)
{
	size_t n = strlen(base);
	return strncmp(op, base, n) == 0 && (op[n] == 0 || op[n] == '.');
}

/* writes no register: every ST..., and these */
static int
nowrite(const char *op, int nops)
{
	static const char *const nw[] = { "RED", "BRA", "BSSY", "BSYNC", "EXIT", "BAR", "WARPSYNC", "NOP", NULL };
	if (startswith(op, "ST") || !nops)
		return 1;
	for (int i = 0; nw[i]; i++)
		if (isop(op, nw[i]))
			return 1;
	return 0;
}

/* The record of an instruction whose mnemonic is op and whose operands'
 * registers are reg[0..nops) (only the first MAXOPS kept). */
static void
fromtext(SIns *si, const char *op, const int *reg, int nops)
{
	si->kind = SK_OTHER;
	si->width = strstr(op, ".128") ? 4 : strstr(op, ".64") || startswith(op, "DADD") || startswith(op, "DMUL") ||
	    startswith(op, "DFMA") ? 2 : 1;
	if (startswith(op, "CALL")) {
		si->kind = SK_CALL;
		return;
	}
	if (startswith(op, "BRA") || startswith(op, "BRX"))
		si->target = SASS_TUNKNOWN;   /* a label's address is not read from the text */
	if (!nowrite(op, nops) && reg[0] >= 0)
		si->dst = (short)reg[0];
	if (!strcmp(op, "MOV") || !strcmp(op, "IMAD.MOV.U32") || !strcmp(op, "IMAD.MOV")) {
		/* a move from a register: the trace follows it (from anything else it ends there, as at any
		 * other writer) */
		if (nops >= 1 && nops <= MAXOPS && reg[nops - 1] >= 0) {
			si->kind = SK_MOVE;
			si->src = (short)reg[nops - 1];
		}
	} else if (startswith(op, "DADD") || startswith(op, "DMUL") || startswith(op, "DFMA")) {
		si->kind = op[1] == 'A' ? SK_DADD : op[1] == 'M' ? SK_DMUL : SK_DFMA;
		if (nops >= 3)
			si->a = (short)reg[1], si->b = (short)reg[2];
	} else if (startswith(op, "DSETP") && (strstr(op, ".MIN") || strstr(op, ".MAX"))) {
		si->kind = SK_DMNMX;
		if (nops >= 4)
			si->a = (short)reg[2], si->b = (short)reg[3];
	}
}

int
sass_textline(ptx_ctx *cx, Sass *s, const char *l, const char *e, int nlines)
{
	SFunc *fn = s->nfn ? &s->fn[s->nfn - 1] : NULL;
	const char *p = l;

	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	if (e - p >= 9 && startswith(p, ".section")) {
		const char *q = p + 8, *n;
		while (q < e && (*q == ' ' || *q == '\t'))
			q++;
		s->sec++;
		s->intext = 0;
		if (e - q < 6 || !startswith(q, ".text."))
			return 0;
		for (n = q += 6; n < e && *n != ',' && *n != ' ' && *n != '\t'; n++)
			;
		if (n == q || (size_t)(n - q) >= sizeof fn->name)
			return 0;
		if (!sass_newfn(cx, s, q, (size_t)(n - q)))
			return -1;
		s->intext = 1;
		s->line = 0;
		return 0;
	}
	if (!fn || !s->intext)
		return 0;   /* outside a function's code */
	if (*l == '$') {
		/* a subroutine's code (a div's slow path) from here on */
		const char *c = memchr(l, ':', (size_t)(e - l));
		if (!c || (size_t)(c - l) >= sizeof fn->name) {
			s->intext = 0;
			return 0;
		}
		if (!(fn = sass_newfn(cx, s, l, (size_t)(c - l))))
			return -1;
		fn->sub = 1;
		return 0;
	}
	if (fn->bad)
		return 0;
	if (e - p >= 10 && startswith(p, "//## File")) {
		const char *q = p;
		long v = 0;
		while (q + 6 < e && !startswith(q, ", line"))
			q++;
		if (q + 6 >= e) {
			fn->bad = 1;
			return 0;
		}
		for (q += 6; q < e && *q == ' '; q++)
			;
		if (q >= e || *q < '0' || *q > '9') {
			fn->bad = 1;
			return 0;
		}
		for (; q < e && *q >= '0' && *q <= '9' && v <= nlines; q++)
			v = v * 10 + (*q - '0');
		if (v < 1 || v > nlines)
			fn->bad = 1;
		s->line = (int)v;
		return 0;
	}
	if (e - p < 4 || !startswith(p, "/*"))
		return 0;
	{
		const char *q = p + 2, *op, *end;
		char name[48];
		int nh = 0, nops = 0, regs[MAXOPS] = { 0 }, guarded = 0;
		uint64_t callee = 0;
		SIns *si;
		while (q < e && ((*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'f')))
			q++, nh++;
		if (nh < 4 || e - q < 2 || !startswith(q, "*/"))
			return 0;
		for (q += 2; q < e && (*q == ' ' || *q == '\t'); q++)
			;
		for (end = q; end < e && *end != ';'; end++)
			;
		if (end >= e)
			return 0;   /* no instruction: it needs the ';' */
		if (q < end && *q == '@') {
			guarded = 1;
			while (q < end && *q != ' ' && *q != '\t')
				q++;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
		}
		if (q >= end || *q < 'A' || *q > 'Z') {
			fn->bad = 1;
			return 0;
		}
		for (op = q; q < end && ((*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_' ||
		    *q == '.'); q++)
			;
		if ((size_t)(q - op) >= sizeof name) {
			fn->bad = 1;
			return 0;
		}
		memcpy(name, op, (size_t)(q - op));
		name[q - op] = 0;
		if (startswith(name, "CALL")) {
			const char *t = q, *te;
			while (t + 1 < end && !(t[0] == '(' && t[1] == '$'))
				t++;
			for (te = t; te < end && *te != ')'; te++)
				;
			if (t + 1 < end && te < end)
				callee = sass_hash(t + 1, (size_t)(te - t - 1));
		}
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		while (q < end) {
			const char *c = q;
			while (c < end && *c != ',')
				c++;
			if (nops < MAXOPS) {
				int r = opreg(q, c);
				if (r == -3) {
					fn->bad = 1;
					return 0;
				}
				regs[nops] = r;
			}
			nops++;
			q = c < end ? c + 1 : c;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
		}
		if (s->line < 0 || s->line > nlines) {
			fn->bad = 1;   /* a line out of range carried into a subroutine */
			return 0;
		}
		if (!(si = sass_newins(cx, s)))
			return -1;
		si->line = s->line;
		si->guarded = (unsigned char)guarded;
		si->callee = callee;
		fromtext(si, name, regs, nops);
		fn->to = s->n;
	}
	return 0;
}

/*
 * difftest.h -- the differential tester's generator, shared by the
 * subcommands of difftest.c.
 *
 * A kernel is a pure function of (generator version, seed, family): the
 * PTX text, the launch shape and the input buffer are all drawn from one
 * random stream seeded by the seed, so a record of its outputs needs only
 * those three to be replayed.  The generator keeps every version it ever
 * had: a record names its version, and replay generates that version's
 * kernel, so records stay valid when a new version adds families or
 * forms.  A change to what an existing version produces for a seed is
 * therefore a bug; new forms go into a new version (DT_VERSION, the
 * newest, which record, gen, show and module use unless told otherwise).
 */
#ifndef DIFFTEST_H
#define DIFFTEST_H
#include <stddef.h>
#include <stdint.h>

#define DT_VERSION 15
/* the newest version there is: --gen-version takes it even before it is
 * recorded on a GPU and becomes DT_VERSION */
#define DT_NEWEST 15

/* Register classes: every register is a bit type (.b16 .b32 .b64 .pred),
 * which any instruction type of its size may use. */
enum { C16, C32, C64, CP, NCLS };

/* Input cells per thread, 8 bytes each: cells 0-3 hold .b64 inputs, 4-11
 * .b32 inputs (low half), 12-15 .b16 inputs (low quarter). */
enum { DT_NIN = 16 };

/* The scratch buffer (memory family): 16 bytes per thread, then 64 bytes
 * of counters per CTA. */
#define DT_SCR_CELL 16
#define DT_SCR_CTA 64

typedef struct {
	int line;           /* PTX line of the instruction (1-based, in text) */
	int cls;            /* C16, C32, C64 or CP (stored as 0/1 in 32 bits) */
} DtSlot;

typedef struct {
	char *text;         /* the whole module, NUL-terminated */
	size_t len;
	size_t body;        /* offset of the .entry: what follows the header */
	char name[32];      /* the kernel's name */
	const char *family;
	int version;        /* the generator version that made it */
	unsigned ncta, ntid, nthreads;
	unsigned grid[3], block[3];   /* the launch: ncta and ntid, 1-D before version 11's shape family */
	unsigned cluster[3];          /* a cluster launch of that shape (version 11's shape family), or 0s */
	DtSlot *slot;
	int nslot;
	uint64_t *in;       /* nthreads * DT_NIN cells */
	size_t insize, outsize, scrsize;   /* bytes */
} DtKernel;

/* version: 1..DT_VERSION.  A version's families are the first
 * dt_family_count(version) of dt_family_name: later versions only add. */
extern const char *const dt_family_name[];
int dt_family_count(int version);
int dt_family_lookup(const char *name);   /* -1 when unknown */
int dt_family_weight(int version, int family);

/* family < 0: the seed picks one by the version's weights.  0 on
 * success, -1 when out of memory or the version or family is unknown. */
int dt_gen(DtKernel *k, int version, uint64_t seed, int family);
void dt_kernel_free(DtKernel *k);

#endif

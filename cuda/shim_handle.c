/*
 * shim_handle.c -- the handle table.  Every handle libptxcuda hands out
 * (a context, module or library, function or kernel, stream, event,
 * linker state, graph, graph node or executable graph) is a token naming
 * a slot of this table, not the address of the object: a call resolves it
 * here before it touches anything, so a handle that was destroyed, that
 * names an object of another kind, or that was never handed out is an
 * error code and never a read of freed memory.
 *
 * A token packs three fields into a pointer-sized value:
 *
 *   bits 56-59  the kind (H_CTX ...), never 0, so no token is NULL or one
 *               of the stream API's small special values (1, 2)
 *   bits 24-55  the slot's generation when the token was made
 *   bits  0-23  the slot's index
 *
 * Freeing a slot advances its generation, so an old token never names the
 * object that reuses the slot.  Freed slots are reused oldest first, which
 * puts as many other objects as possible between two uses of a slot.  The
 * top four bits stay clear: bindings that keep a handle in a signed
 * integer see a positive number.
 *
 * Everything here runs under LOCK, as does every use of the objects.
 */
#include <stdlib.h>
#include "cuda/shim.h"

#define KIND_SHIFT 56
#define GEN_SHIFT 24
#define IDX_MASK 0xffffffu
#define MAXSLOTS (IDX_MASK + 1u)

typedef struct {
	void *obj;                  /* NULL: free */
	uint32_t gen;               /* of the current or the next occupant */
	uint32_t kept;              /* the generation of a freed token still answered for
	                             * (shim_hkeep), 0: none */
	CUresult why;               /* and the code it is answered with */
	uint8_t kind;               /* of the current or the last occupant */
	uint32_t nextfree;          /* free list, by index; IDX_MASK ends it */
} Slot;

static Slot *slots;
static uint32_t nslots, capslots;
static uint32_t freehead = IDX_MASK, freetail = IDX_MASK;

static void *
token(uint32_t idx, uint32_t gen, int kind)
{
	uint64_t t = (uint64_t)kind << KIND_SHIFT | (uint64_t)gen << GEN_SHIFT | idx;

	return (void *)(uintptr_t)t;
}

/* The fields of h; 0 when h cannot be a token of kind. */
static int
untoken(const void *h, int kind, uint32_t *idx, uint32_t *gen)
{
	uint64_t t = (uint64_t)(uintptr_t)h;

	if (kind <= 0 || kind >= H_NKIND || t >> KIND_SHIFT != (uint64_t)kind)
		return 0;
	*idx = (uint32_t)(t & IDX_MASK);
	*gen = (uint32_t)(t >> GEN_SHIFT);
	return *idx < nslots;
}

void *
shim_hnew(int kind, void *obj)
{
	uint32_t i;

	if (!obj || kind <= 0 || kind >= H_NKIND)
		return NULL;
	if (freehead != IDX_MASK) {
		i = freehead;
		freehead = slots[i].nextfree;
		if (freehead == IDX_MASK)
			freetail = IDX_MASK;
	} else {
		if (nslots == MAXSLOTS - 1)   /* IDX_MASK itself ends the free list */
			return NULL;
		if (nslots == capslots) {
			uint32_t cap = capslots ? (capslots < MAXSLOTS / 2 ? capslots * 2 : MAXSLOTS) : 256;
			Slot *ns = realloc(slots, (size_t)cap * sizeof *ns);
			if (!ns)
				return NULL;
			slots = ns;
			capslots = cap;
		}
		i = nslots++;
		slots[i].gen = 1;
		slots[i].kept = 0;
	}
	slots[i].obj = obj;
	slots[i].kind = (uint8_t)kind;
	slots[i].nextfree = IDX_MASK;
	return token(i, slots[i].gen, kind);
}

void *
shim_hget(const void *h, int kind)
{
	uint32_t i, gen;

	if (!untoken(h, kind, &i, &gen))
		return NULL;
	if (!slots[i].obj || slots[i].kind != kind || slots[i].gen != gen)
		return NULL;
	return slots[i].obj;
}

int
shim_hstale(const void *h, int kind)
{
	uint32_t i, gen;

	if (!untoken(h, kind, &i, &gen))
		return 0;
	/* a generation the slot has had; wrapping after 2^32 uses is ignored */
	return gen && gen < slots[i].gen;
}

/* h, about to be freed, stays a token the driver answers for, with
 * code: a destroyed green context's CUcontext can still be made current,
 * and every call then finds its context destroyed (shim_green.c); an
 * array or event that went with its context is answered as such
 * (shim.c release_ctx).  One per slot, until the slot's next such token;
 * code 0 keeps nothing (an object destroyed by its own call). */
void
shim_hkeepas(const void *h, CUresult code)
{
	uint32_t i, gen;

	if (code != CUDA_SUCCESS && h && untoken(h, (int)((uint64_t)(uintptr_t)h >> KIND_SHIFT), &i, &gen) &&
	    slots[i].obj && slots[i].gen == gen) {
		slots[i].kept = gen;
		slots[i].why = code;
	}
}

void
shim_hkeep(const void *h)
{
	shim_hkeepas(h, CUDA_ERROR_CONTEXT_IS_DESTROYED);
}

/* What a call answers for h of kind that it did not find live: the code
 * it was kept with, else an invalid handle. */
CUresult
shim_hgone(const void *h, int kind)
{
	uint32_t i, gen;

	if (shim_hkept(h, kind) && untoken(h, kind, &i, &gen))
		return slots[i].why;
	return CUDA_ERROR_INVALID_HANDLE;
}

int
shim_hkept(const void *h, int kind)
{
	uint32_t i, gen;

	return untoken(h, kind, &i, &gen) && gen && slots[i].kept == gen && !shim_hget(h, kind);
}

void
shim_hfree(const void *h)
{
	uint32_t i, gen;

	if (!h || !untoken(h, (int)((uint64_t)(uintptr_t)h >> KIND_SHIFT), &i, &gen) ||
	    !slots[i].obj || slots[i].gen != gen)
		return;
	slots[i].obj = NULL;
	slots[i].gen = (gen + 1) & 0xffffffffu;
	if (!slots[i].gen)
		slots[i].gen = 1;
	if (freetail == IDX_MASK)
		freehead = i;
	else
		slots[freetail].nextfree = i;
	freetail = i;
}

void *
shim_heach(int kind, size_t *cursor)
{
	for (size_t i = *cursor; i < nslots; i++)
		if (slots[i].obj && slots[i].kind == kind) {
			*cursor = i + 1;
			return slots[i].obj;
		}
	*cursor = nslots;
	return NULL;
}

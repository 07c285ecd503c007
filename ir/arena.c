/*
 * arena.c — bump allocation for everything a Module or a Diags owns.
 *
 * Memory comes from big zeroed chunks and is never freed piecemeal:
 * ir_arena_free releases every chunk at once.  Each allocation is rounded up
 * to 16 bytes and starts 16-aligned, so any C object fits.  A request larger
 * than a quarter chunk gets a chunk of its own, so that big arrays do not
 * waste the rest of the current one.
 *
 * ir_grow is the arena's realloc.  When the block is the last one handed out
 * and the chunk has room, it grows in place; otherwise it is copied and the
 * old copy stays until the arena goes.  PUSH doubles, so the waste is
 * bounded by the final size.  Chunks are calloc'ed and no byte is handed out
 * twice, so the bytes past a block are still zero and growth in place keeps
 * the "zeroed" promise.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ir.h"

enum {
	ALIGN = 16,
	CHUNK = 64 * 1024,      /* usable bytes of an ordinary chunk */
	BIG = CHUNK / 4,        /* larger requests get a chunk of their own */
};

typedef struct Chunk Chunk;
struct Chunk {
	Chunk *prev;
};

struct Arena {
	Chunk *chunk;           /* every chunk, newest ordinary one first */
	char *cur, *end;        /* free space of the current ordinary chunk */
	char *last;             /* the last block handed out from it, for ir_grow */
};

static char *
align_up(char *p)
{
	return (char *)(((uintptr_t)p + ALIGN - 1) & ~(uintptr_t)(ALIGN - 1));
}

static size_t
round_up(size_t n)
{
	return (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
}

/* A chunk with at least n usable bytes, 16-aligned. */
static char *
newchunk(Chunk **link, size_t n)
{
	Chunk *c;

	if (n > SIZE_MAX - sizeof *c - ALIGN)
		return NULL;
	c = calloc(1, sizeof *c + ALIGN + n);
	if (!c)
		return NULL;
	c->prev = *link;
	*link = c;
	return align_up((char *)(c + 1));
}

Arena *
ir_arena_new(void)
{
	return calloc(1, sizeof(Arena));
}

void
ir_arena_free(Arena *a)
{
	Chunk *c, *prev;

	if (!a)
		return;
	for (c = a->chunk; c; c = prev) {
		prev = c->prev;
		free(c);
	}
	free(a);
}

void *
ir_alloc(Arena *a, size_t n)
{
	char *p;

	if (n > SIZE_MAX - ALIGN)
		return NULL;
	n = n ? round_up(n) : ALIGN;
	if (n > BIG) {
		/* Its own chunk, linked behind the current one so that the
		 * current chunk keeps serving small requests. */
		Chunk **link = a->chunk ? &a->chunk->prev : &a->chunk;
		return newchunk(link, n);
	}
	if (!a->cur || (size_t)(a->end - a->cur) < n) {
		p = newchunk(&a->chunk, CHUNK);
		if (!p)
			return NULL;
		a->cur = p;
		a->end = p + CHUNK;
	}
	p = a->cur;
	a->cur += n;
	a->last = p;
	return p;
}

char *
ir_strndup(Arena *a, const char *s, size_t n)
{
	char *p;

	if (n == SIZE_MAX)
		return NULL;
	p = ir_alloc(a, n + 1);
	if (p)
		memcpy(p, s, n);    /* p[n] is already 0 */
	return p;
}

void *
ir_grow(Arena *a, void *p, size_t old, size_t new_)
{
	char *q;

	if (new_ <= old)
		return p;
	/* The chunk's end and p are both 16-aligned, so the rounded size
	 * fits whenever new_ does. */
	if (p && p == a->last && new_ <= (size_t)(a->end - (char *)p)) {
		a->cur = (char *)p + round_up(new_);
		return p;
	}
	q = ir_alloc(a, new_);
	if (q && old)
		memcpy(q, p, old);
	return q;
}

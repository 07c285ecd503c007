/*
 * arena.c — bump allocation for everything a Module or a Diags owns, the
 * heap scratch of the passes, and what happens when memory runs out.
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
 * bounded by the final size.  Chunks are zeroed when they are made and no
 * byte is handed out twice, so the bytes past a block are still zero and
 * growth in place keeps the "zeroed" promise.
 *
 * Running out of memory.  The front end allocates in thousands of places
 * (every token, operand and symbol of the parser, every array of the
 * passes), and a NULL check at each, with an unwinding path through the
 * bison parser and the passes, would be a large and mostly untestable
 * amount of code.  So allocation failure is not a return value but a jump:
 * the public API, at each call that runs the front end (ptx_module_load,
 * ptx_module_parse), makes an IrEnv with the context's allocator and a
 * jmp_buf, and runs the phase under it (ir_env_enter .. ir_env_leave).  An
 * allocation that fails calls ir_nomem, which longjmps to the API; callers
 * of ir_alloc, ir_grow, PUSH and ir_xrealloc therefore never see NULL.
 * What the abandoned phase had allocated must then be released without the
 * help of the frames that were skipped, so the env owns it:
 *
 *   - every arena made while the env is current is on the env's list (the
 *     module's, the Diags', the parser's scratch arena); ir_arena_free
 *     takes an arena off, ir_env_leave forgets the rest after a success
 *     and frees them after a failure;
 *   - heap scratch (ir_xrealloc: the passes' work arrays, Ivec, the
 *     parser's own state) carries a two-pointer header that links it into
 *     the env's list; ir_xfree unlinks it, and ir_env_leave frees whatever
 *     is left.
 *
 * Code that holds memory the env does not own (a stdio buffer, a malloc'd
 * array of a pass that is not built on this file) must not allocate from
 * here while it holds it, or must use ir_tryalloc, free its own memory and
 * then call ir_nomem itself.  The verifier is such code, so ptx_verify runs
 * under an env without a jmp_buf: a failure is then recorded in the env
 * (IrEnv.failed) and ir_alloc returns NULL, which the verifier and diag.c
 * check; PUSH drops the element in that case.  ir_xrealloc cannot return
 * NULL and aborts when no jmp_buf is set.
 *
 * The allocator: an arena keeps the IrAlloc of the env current when it was
 * made and gives its chunks back through it, whenever it is freed; scratch
 * goes through the current env's.  IrAlloc.realloc NULL means the C
 * library (calloc for chunks, which the kernel zeroes for free).  The env
 * is per thread: contexts on different threads do not share anything here.
 * Outside any env (unit tests driving the passes directly) the C library
 * serves, ir_alloc returns NULL on failure and ir_xrealloc aborts.
 */
#include <stdint.h>
#include <stdio.h>
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
	size_t own;             /* a chunk of one block (a request larger than BIG): its size; 0: ordinary */
};

struct Arena {
	Chunk *chunk;           /* every chunk, newest ordinary one first */
	char *cur, *end;        /* free space of the current ordinary chunk */
	char *last;             /* the last block handed out from it, for ir_grow */
	IrAlloc al;             /* where its memory comes from */
	Arena *tnext, **tprev;  /* on the list of the env that made it; tprev NULL: on none */
};

/* The header of a scratch block; the caller's bytes start HDR bytes in. */
struct IrScratch {
	IrScratch *next, **prev;
};
#define HDR (((sizeof(IrScratch) + ALIGN - 1) / ALIGN) * ALIGN)

/* The thread's current env; NULL: outside, which behaves as `outside`. */
static _Thread_local IrEnv *cur;
static _Thread_local IrEnv outside;

static IrEnv *
env(void)
{
	return cur ? cur : &outside;
}

/* ------------------------------------------------------------ the allocator */

static void *
sysalloc(const IrAlloc *al, size_t n, int zero)
{
	void *p;

	if (!al->realloc)
		return zero ? calloc(1, n) : malloc(n);
	p = al->realloc(al->ud, NULL, n);
	if (p && zero)
		memset(p, 0, n);
	return p;
}

static void *
sysrealloc(const IrAlloc *al, void *p, size_t n)
{
	return al->realloc ? al->realloc(al->ud, p, n) : realloc(p, n);
}

static void
sysfree(const IrAlloc *al, void *p)
{
	if (!p)
		return;
	if (al->realloc)
		al->realloc(al->ud, p, 0);
	else
		free(p);
}

/* ------------------------------------------------------------ envs */

void
ir_env_enter(IrEnv *e, const IrAlloc *al, jmp_buf *jb)
{
	memset(e, 0, sizeof *e);
	if (al)
		e->al = *al;
	e->jb = jb;
	e->prev = cur;
	cur = e;
}

int
ir_env_leave(IrEnv *e)
{
	IrScratch *s, *next;

	/* Scratch still held was abandoned by a jump (after a success there
	 * is none: every pass frees its own). */
	for (s = e->scratch; s; s = next) {
		next = s->next;
		sysfree(&e->al, s);
	}
	e->scratch = NULL;
	if (e->failed) {
		while (e->arenas)
			ir_arena_free(e->arenas);   /* unlinks it */
	} else {
		Arena *a, *an;
		for (a = e->arenas; a; a = an) {
			an = a->tnext;
			a->tnext = NULL;
			a->tprev = NULL;
		}
		e->arenas = NULL;
	}
	cur = e->prev;
	return e->failed;
}

void
ir_nomem(void)
{
	IrEnv *e = env();

	e->failed = 1;
	if (e->jb)
		longjmp(*e->jb, 1);
}

/* ------------------------------------------------------------ arenas */

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

/* A chunk with at least n usable bytes, 16-aligned, zeroed; NULL when out
 * of memory (the arena is then unchanged). */
static char *
newchunk(const IrAlloc *al, Chunk **link, size_t n)
{
	Chunk *c;

	if (n > SIZE_MAX - sizeof *c - ALIGN)
		return NULL;
	c = sysalloc(al, sizeof *c + ALIGN + n, 1);
	if (!c)
		return NULL;
	c->prev = *link;
	*link = c;
	return align_up((char *)(c + 1));
}

Arena *
ir_arena_new(void)
{
	IrEnv *e = env();
	Arena *a = sysalloc(&e->al, sizeof *a, 1);

	if (!a) {
		ir_nomem();
		return NULL;
	}
	a->al = e->al;
	if (e != &outside) {
		a->tnext = e->arenas;
		if (a->tnext)
			a->tnext->tprev = &a->tnext;
		a->tprev = &e->arenas;
		e->arenas = a;
	}
	return a;
}

void
ir_arena_free(Arena *a)
{
	Chunk *c, *prev;

	if (!a)
		return;
	if (a->tprev) {
		*a->tprev = a->tnext;
		if (a->tnext)
			a->tnext->tprev = a->tprev;
	}
	for (c = a->chunk; c; c = prev) {
		prev = c->prev;
		sysfree(&a->al, c);
	}
	sysfree(&a->al, a);
}

/* ir_alloc without the failure handling: NULL when out of memory. */
static void *
alloc(Arena *a, size_t n)
{
	char *p;

	if (n > SIZE_MAX - ALIGN)
		return NULL;
	n = n ? round_up(n) : ALIGN;
	if (n > BIG) {
		/* Its own chunk, linked behind the current one so that the
		 * current chunk keeps serving small requests. */
		Chunk **link = a->chunk ? &a->chunk->prev : &a->chunk;
		if (!(p = newchunk(&a->al, link, n)))
			return NULL;
		(*link)->own = n;
		return p;
	}
	if (!a->cur || (size_t)(a->end - a->cur) < n) {
		p = newchunk(&a->al, &a->chunk, CHUNK);
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

void *
ir_tryalloc(Arena *a, size_t n)
{
	return alloc(a, n);
}

void *
ir_alloc(Arena *a, size_t n)
{
	void *p = alloc(a, n);

	if (!p)
		ir_nomem();
	return p;
}

char *
ir_strndup(Arena *a, const char *s, size_t n)
{
	char *p;

	if (n == SIZE_MAX) {
		ir_nomem();
		return NULL;
	}
	p = ir_alloc(a, n + 1);
	if (p)
		memcpy(p, s, n);    /* p[n] is already 0 */
	return p;
}

/* Block p of old bytes, alone in its chunk (a request larger than BIG),
 * given new_ bytes by the allocator's realloc, the bytes past old zeroed;
 * NULL when p is not such a block or the allocator has no more (p is
 * then unchanged).  A list built by doubling (an initializer of 600,000
 * elements, a function's statements) then costs its final size in the
 * arena, not twice that in copies left behind: 16.7 MB of such copies
 * for that initializer. */
static void *
regrow(Arena *a, char *p, size_t old, size_t new_)
{
	Chunk **link, *c;
	size_t off, noff;
	char *q;

	for (link = &a->chunk; *link && align_up((char *)(*link + 1)) != p; link = &(*link)->prev)
		;
	/* an ordinary chunk's first block (grown in place past BIG) shares it */
	if (!*link || !(*link)->own || new_ > SIZE_MAX - sizeof **link - ALIGN)
		return NULL;
	off = (size_t)(p - (char *)*link);
	if (!(c = sysrealloc(&a->al, *link, sizeof *c + ALIGN + new_)))
		return NULL;
	*link = c;
	c->own = new_;
	q = align_up((char *)(c + 1));
	noff = (size_t)(q - (char *)c);
	if (noff != off)   /* the allocator's alignment moved the block's start */
		memmove(q, (char *)c + off, old);
	memset(q + old, 0, new_ - old);
	return q;
}

void *
ir_grow(Arena *a, void *p, size_t old, size_t new_)
{
	char *q;

	if (new_ <= old)
		return p;
	if (p && round_up(old) > BIG && (q = regrow(a, p, round_up(old), new_)))
		return q;
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

/* ------------------------------------------------------------ heap scratch */

static IrScratch *
hdr(void *p)
{
	return (IrScratch *)(void *)((char *)p - HDR);
}

static void
unlink_scratch(IrScratch *s)
{
	*s->prev = s->next;
	if (s->next)
		s->next->prev = s->prev;
}

static void
link_scratch(IrEnv *e, IrScratch *s)
{
	s->next = e->scratch;
	if (s->next)
		s->next->prev = &s->next;
	s->prev = &e->scratch;
	e->scratch = s;
}

static _Noreturn void
scratch_fail(void)
{
	ir_nomem();
	fputs("ptxkit: out of memory outside a recovery point\n", stderr);
	abort();
}

void *
ir_xtryrealloc(void *p, size_t n)
{
	IrEnv *e = env();
	IrScratch *s, *q;

	if (n > SIZE_MAX - HDR)
		return NULL;
	if (!p) {
		if (!(s = sysalloc(&e->al, HDR + (n ? n : 1), 0)))
			return NULL;
		link_scratch(e, s);
		return (char *)s + HDR;
	}
	s = hdr(p);
	/* Off the list while it may move; a failure leaves it where it was. */
	unlink_scratch(s);
	q = sysrealloc(&e->al, s, HDR + (n ? n : 1));
	link_scratch(e, q ? q : s);
	return q ? (char *)q + HDR : NULL;
}

void *
ir_xrealloc(void *p, size_t n)
{
	void *q = ir_xtryrealloc(p, n);

	if (!q)
		scratch_fail();
	return q;
}

void *
ir_xcalloc(size_t n, size_t sz)
{
	void *p;

	if (sz && n > SIZE_MAX / sz)
		scratch_fail();
	p = ir_xrealloc(NULL, n * sz);
	memset(p, 0, n * sz);
	return p;
}

void
ir_xfree(void *p)
{
	IrScratch *s;

	if (!p)
		return;
	s = hdr(p);
	unlink_scratch(s);
	sysfree(&env()->al, s);
}

void
ir_ivgrow(Ivec *v)
{
	size_t nc = v->cap ? 2 * v->cap : 64;

	v->v = ir_xrealloc(v->v, nc * sizeof *v->v);
	v->cap = nc;
}

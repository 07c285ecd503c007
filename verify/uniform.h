/*
 * uniform.h — the divergence analysis (uniform.c) as its findings
 * (diverge.c) read it: each value's level (0 uniform across the CTA, 1
 * within each warp, 2 may differ between lanes), each block's, and why.
 */
#ifndef VERIFY_UNIFORM_H
#define VERIFY_UNIFORM_H
#include "verify.h"

/* What a value is of %tid.x.  A global index blockIdx.x * blockDim.x +
 * threadIdx.x is %tid.x plus a multiple of 32 that a warp shares, with
 * %ntid.x a multiple of 32 as tid.x / 32 being warp-uniform assumes: its
 * lanes fall on one side of any multiple of 32, as %tid.x's do. */
enum {
	TX_COPY = 1,    /* a copy of %tid.x */
	TX_W32 = 2,     /* %tid.x plus a warp-uniform multiple of 32 */
	TX_M32 = 4,     /* a uniform multiple of 32 (%ntid.x, 32k, their products) */
};

/* A natural loop: the blocks of every back edge into one header.  Natural
 * loops of different headers are nested or disjoint: a forest. */
typedef struct {
	int parent;             /* the innermost loop around it, -1 */
	int pre, last;          /* its preorder interval in the forest */
	int depth;              /* in the forest, from 0 */
	int lv;                 /* level of its most divergent exit branch (solve) */
} Loop;

typedef struct {
	Func *fn;
	unsigned char *lv;      /* per value: 0, 1, 2 */
	unsigned char *tidx;    /* per value: TX_* bits */
	unsigned char *bj;      /* per block: divergence level from branches with a join */
	unsigned char *bx;      /* per block: ... from branches one side of which exits */
	unsigned char *pure;    /* per value: computed from thread indices, launch shape, kernel parameters and constants alone */
	unsigned char *dj, *dx; /* per block: bj/bx from branches on pure predicates alone */
	int *why[2][2][2];      /* [bx][pure][level - 1]: per block, the branch (instruction
	                         * index) that first raised it there, or -1 */
	unsigned char *rx[2];   /* [pure]: per block, the level guarded exits reach it with */
	Loop *loop;
	int nloop;
	int *inner;             /* per block: its innermost loop, -1 */
	int nseg;               /* leaves of mark[]: a power of two >= nloop */
	int *mark[2];           /* [level - 1]: trees over the forest's preorder (see marked()) */
	/* region() */
	int *pdep;              /* per block: depth in the post-dominator tree (the exit 0) */
	int *jump[2][2][2];     /* [bx][pure][level - 1]: union-find over that tree */
	int *work;
	unsigned char *stoplv;  /* per block: the level its phis got as a merge point */
	unsigned char *said;    /* per instruction: an exit branch already named by a finding */
} U;

int uniform_init(U *u, Func *fn);
int uniform_solve(U *u);
void uniform_free(U *u);
/* The level of operand o of in (*istidx: its TX_* bits of %tid.x). */
int uniform_oplevel(U *u, Ins *in, const Opnd *o, int *istidx);

#endif

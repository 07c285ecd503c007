/*
 * shim_alloc.c -- the index of cuMemAlloc'd and managed allocations, by
 * base address.  Copies, fills, pointer attributes, IPC handles, launches
 * and cuMemFree each ask which allocation an address lies in, a program
 * may hold hundreds of thousands of allocations, and it frees them in any
 * order: an ordered set (ir/tree.c) answers each lookup, insertion and
 * removal in O(log n).  Records are allocated one by one and never move,
 * so a caller may hold one across calls that add others.  Under LOCK.
 */
#include <stdlib.h>
#include "cuda/shim.h"

static Tnode *root;

Alloc *
shim_alloc_add(CUdeviceptr p)
{
	static unsigned long long ids;
	Alloc *a = calloc(1, sizeof *a);

	if (!a)
		return NULL;
	a->id = ++ids;   /* the driver's buffer IDs: one per allocation, never reused, as addresses are */
	a->p = p;
	a->chunk = -1;
	a->t.k1 = p;
	ir_tree_put(&root, &a->t);
	return a;
}

void
shim_alloc_del(Alloc *a)
{
	if (!a)
		return;
	ir_tree_del(&root, &a->t);
	free(a);
}

/* The allocation of the greatest base not above p (dir 0), or of the
 * least base not below p (dir 1); NULL when there is none. */
Alloc *
shim_alloc_near(CUdeviceptr p, int dir)
{
	Tnode *t = ir_tree_near(root, p, 0, dir);

	return t ? (Alloc *)((char *)t - offsetof(Alloc, t)) : NULL;
}

Alloc *
shim_alloc_holding(CUdeviceptr p)
{
	Alloc *a = shim_alloc_near(p, 0);

	return a && p - a->p < a->n ? a : NULL;
}

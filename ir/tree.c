/*
 * tree.c -- ordered sets: a treap (a binary search tree whose nodes are
 * also a heap of priorities) answers each lookup, insertion and removal
 * in O(log n) expected.  A node carries a value, and each subtree the
 * greatest value in it, so that the first node in key order whose value
 * reaches a bound is found in O(log n) too (first fit).  The priorities
 * are a hash of the key, not random, so that runs repeat exactly.  Nodes
 * are the caller's, embedded in its records, and never move; the caller
 * locks.
 */
#include <stddef.h>
#include "ir/tree.h"

/* A well-mixed 64-bit hash (splitmix64's finalizer) of a key: keys made
 * in order would otherwise make a list of the tree. */
static uint64_t
mix(uint64_t k1, uint64_t k2)
{
	uint64_t z = k1 + 0x9e3779b97f4a7c15u + k2 * 0xc2b2ae3d27d4eb4fu;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* Whether t's key is below (k1, k2) */
static int
below(const Tnode *t, uint64_t k1, uint64_t k2)
{
	return t->k1 < k1 || (t->k1 == k1 && t->k2 < k2);
}

static Tnode *
fix(Tnode *t)
{
	t->vmax = t->v;
	for (int i = 0; i < 2; i++)
		if (t->kid[i] && t->kid[i]->vmax > t->vmax)
			t->vmax = t->kid[i]->vmax;
	return t;
}

/* Splits t into the nodes of keys below (k1, k2) (*lo) and the rest (*hi). */
static void
split(Tnode *t, uint64_t k1, uint64_t k2, Tnode **lo, Tnode **hi)
{
	if (!t) {
		*lo = *hi = NULL;
	} else if (below(t, k1, k2)) {
		split(t->kid[1], k1, k2, &t->kid[1], hi);
		*lo = fix(t);
	} else {
		split(t->kid[0], k1, k2, lo, &t->kid[0]);
		*hi = fix(t);
	}
}

/* Joins two trees, every key of a below every key of b. */
static Tnode *
merge(Tnode *a, Tnode *b)
{
	if (!a || !b)
		return a ? a : b;
	if (a->prio > b->prio) {
		a->kid[1] = merge(a->kid[1], b);
		return fix(a);
	}
	b->kid[0] = merge(a, b->kid[0]);
	return fix(b);
}

void
ir_tree_put(Tnode **root, Tnode *n)
{
	Tnode *lo, *hi;

	n->prio = mix(n->k1, n->k2);
	n->kid[0] = n->kid[1] = NULL;
	fix(n);
	split(*root, n->k1, n->k2, &lo, &hi);
	*root = merge(merge(lo, n), hi);
}

/* n out of the tree under *t, the values on its path made right again */
static int
del(Tnode **t, Tnode *n)
{
	if (!*t)
		return 0;
	if (*t == n) {
		*t = merge(n->kid[0], n->kid[1]);
		return 1;
	}
	if (!del(&(*t)->kid[!below(n, (*t)->k1, (*t)->k2)], n))
		return 0;
	fix(*t);
	return 1;
}

void
ir_tree_del(Tnode **root, Tnode *n)
{
	if (n)
		del(root, n);
}

Tnode *
ir_tree_near(Tnode *t, uint64_t k1, uint64_t k2, int dir)
{
	Tnode *best = NULL;

	while (t)
		if (t->k1 == k1 && t->k2 == k2)
			return t;
		else if (below(t, k1, k2) == !dir)
			best = t, t = t->kid[!dir];
		else
			t = t->kid[dir];
	return best;
}

Tnode *
ir_tree_first(Tnode *t, uint64_t v)
{
	while (t && t->vmax >= v)
		if (t->kid[0] && t->kid[0]->vmax >= v)
			t = t->kid[0];
		else if (t->v >= v)
			return t;
		else
			t = t->kid[1];
	return NULL;
}

Tnode *
ir_tree_step(Tnode *root, const Tnode *n, int dir)
{
	if (dir)
		return n->k2 < UINT64_MAX ? ir_tree_near(root, n->k1, n->k2 + 1, 1) :
		    n->k1 < UINT64_MAX ? ir_tree_near(root, n->k1 + 1, 0, 1) : NULL;
	return n->k2 ? ir_tree_near(root, n->k1, n->k2 - 1, 0) : n->k1 ? ir_tree_near(root, n->k1 - 1, UINT64_MAX, 0) : NULL;
}

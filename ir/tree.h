/*
 * tree.h -- an ordered set of nodes the caller embeds in its records
 * (tree.c): the allocation tables of the interpreter (interp/mem.c) and of
 * the CUDA driver shim (cuda/shim_alloc.c, shim_mem.c).  A node's key is
 * (k1, k2), compared k1 first; v is a value for first fit (ir_tree_first),
 * vmax and the rest the set's own.  Keys are unique.
 */
#ifndef IR_TREE_H
#define IR_TREE_H
#include <stdint.h>

typedef struct Tnode Tnode;
struct Tnode {
	uint64_t k1, k2, v, vmax, prio;
	Tnode *kid[2];
};

void ir_tree_put(Tnode **root, Tnode *n);
void ir_tree_del(Tnode **root, Tnode *n);
/* the node of the greatest key not above (k1, k2) (dir 0) or the least not below (dir 1), or NULL */
Tnode *ir_tree_near(Tnode *root, uint64_t k1, uint64_t k2, int dir);
/* the node of the least key whose value is at least v, or NULL */
Tnode *ir_tree_first(Tnode *root, uint64_t v);
/* the node before n (dir 0) or after it (dir 1) in key order, or NULL */
Tnode *ir_tree_step(Tnode *root, const Tnode *n, int dir);

#endif

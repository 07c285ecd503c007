/*
 * exec_warp.h -- part of exec.c (exec.h): the warp collectives shfl.sync,
 * vote.sync, match.sync and redux.sync, each over the lanes of its mask.
 */
#include "exec.h"

/* ---------------------------------------------------------------- warp collectives */

static void
shfl(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	/* a source lane that does not execute the shfl gives 0 (measured on the
	 * H100: lanes that took another branch or left a loop) */
	uint64_t a[WARP] = {0};
	FOR_LANES(m, l)
		a[l] = V(&xi->s[0], l);
	FOR_LANES(m, l) {
		int p;
		uint32_t j = interp_shfl_src(xi->mod, l, (uint32_t)V(&xi->s[1], l), (uint32_t)V(&xi->s[2], l), &p);
		SET(&xi->d[0], l, a[j] & 0xffffffffu);
		if (xi->nd > 1)
			SET(&xi->d[1], l, (uint64_t)p);
	}
}

/* The lanes a collective of lane l combines: the executing lanes its
 * membermask operand (s[k]) names, and those executing it with a mask
 * equal to lane l's.  Tiled partitions (cooperative groups) give each
 * tile its own mask, so one warp instruction may hold several groups;
 * where each mask names the lanes that execute with it, both sets are
 * its active lanes.  Where a mask leaves out lanes that execute with it
 * (undefined), an H200 still combines the lanes of equal masks: 32 lanes
 * with 0x0000ffff answer over the warp (tests/regress/warp-mask-groups).
 * The named lanes stay in even where their own masks differ: version
 * 13's loopx records (a ballot of a loop's lanes after some left it)
 * need them, and 6,667 of them differed with equal masks alone. */
static uint32_t
group(Launch *L, Warp *w, uint64_t *r, const XIns *xi, int k, uint32_t l, uint32_t m)
{
	uint32_t mine = (uint32_t)V(&xi->s[k], l), g = (mine & m) | 1u << l;
	FOR_LANES(m, j)
		if ((uint32_t)V(&xi->s[k], j) == mine)
			g |= 1u << j;
	return g;
}

static void
vote(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	uint32_t b = 0;
	FOR_LANES(m, l)
		if (V(&xi->s[0], l) & 1)
			b |= 1u << l;
	FOR_LANES(m, l) {
		uint32_t g = group(L, w, r, xi, 1, l, m), bg = b & g;
		uint64_t v;
		switch (xi->mod) {
		case MOD_ALL: v = bg == g; break;
		case MOD_ANY: v = bg != 0; break;
		case MOD_BALLOT: v = bg; break;
		default: v = bg == 0 || bg == g; break;   /* uni */
		}
		SET(&xi->d[0], l, v);
	}
}

static void
match(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	uint64_t a[WARP];
	FOR_LANES(m, l)
		a[l] = V(&xi->s[0], l) & (xi->ty == TY_B32 ? 0xffffffffull : ~0ull);
	FOR_LANES(m, l) {
		uint32_t g = group(L, w, r, xi, 1, l, m), eq = 0;
		FOR_LANES(g, k)
			if (a[k] == a[l])
				eq |= 1u << k;
		if (xi->mod == MOD_ALL) {
			int all = 1;
			FOR_LANES(g, k)
				if (a[k] != a[l])
					all = 0;
			SET(&xi->d[0], l, all ? g : 0);
			if (xi->nd > 1)
				SET(&xi->d[1], l, (uint64_t)all);
		} else
			SET(&xi->d[0], l, eq);
	}
}

static void
redux(Launch *L, Warp *w, uint64_t *r, const XIns *xi, uint32_t m)
{
	int sg = ir_tyinfo[xi->ty].kind == TK_SINT;
	uint32_t done = 0, acc = 0;
	FOR_LANES(m, l) {
		uint32_t g = group(L, w, r, xi, 1, l, m);
		if (!(done >> l & 1)) {
			/* the first lane of a new group: reduce it, answer its lanes of the same mask */
			int first = 1;
			FOR_LANES(g, k) {
				uint32_t v = (uint32_t)V(&xi->s[0], k);
				if (first) {
					acc = v;
					first = 0;
					continue;
				}
				switch (xi->mod) {
				case MOD_ADD: acc += v; break;
				case MOD_MIN: acc = sg ? ((int32_t)v < (int32_t)acc ? v : acc) : (v < acc ? v : acc); break;
				case MOD_MAX: acc = sg ? ((int32_t)v > (int32_t)acc ? v : acc) : (v > acc ? v : acc); break;
				case MOD_AND: acc &= v; break;
				case MOD_OR: acc |= v; break;
				case MOD_XOR: acc ^= v; break;
				}
			}
			FOR_LANES(g, k)
				if (group(L, w, r, xi, 1, k, m) == g) {
					SET(&xi->d[0], k, acc);
					done |= 1u << k;
				}
		}
	}
}

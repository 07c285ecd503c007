/*
 * tensorbox.c -- the elements a tensor copy (bulk.c) moves, as rows: a
 * row is a run of elements along dimension 0 that lands at one place of
 * shared memory, row r at r times the row pitch (bulk.c), and TRows walks
 * them, giving each row's first element in the tensor's coordinates.
 *
 * Tile mode: the box of a tensor map, box[i] elements a dimension taken
 * every estride[i]-th (ceil(box[i] / estride[i]) of them; the copy makes
 * dimension 0's element stride 1), from the copy's coordinates; rows in
 * the order of dimension 1 fastest.  An interleaved map is walked so too,
 * its elements the interleave's units and dimension 0's element stride
 * kept (bulk.c makes that map of it).
 *
 * Im2col mode (the tensor NWC, NHWC or NDHWC: channels in dimension 0,
 * the spatial dimensions 1..rank-2 W fastest, the images in rank-1): a
 * row is a pixel's channels elements from the copy's coordinate 0, and a
 * box is the map's pixels pixels.  The copy's other coordinates name the
 * first pixel; the next is element-stride steps along W, and a step past
 * the bounding box's upper corner goes back to its lower corner and a
 * step along H, then D in the same way, then along N (the images, by
 * their element stride too).  The
 * bounding box of spatial dimension i is lower[i-1] .. dim[i] - 1 +
 * upper[i-1] (the map's corners), and a pixel at p reads the tensor at
 * p + the copy's offset of its dimension (im2colOffsets: where the
 * filter's element is), so a pixel the offset takes outside the tensor
 * reads the fill.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "interp.h"

/* The place of the row in the tensor: the im2col pixel's, offset */
static void
place(TRows *r, const TMap *t)
{
	for (int i = 1; i < t->rank; i++)
		r->g[i] = r->pos[i] + r->off[i];
}

void
interp_trows_start(TRows *r, const TMap *t, const int64_t *coord, const uint64_t *off)
{
	memset(r, 0, sizeof *r);
	r->g[0] = coord[0];
	if (t->form == TMAP_IM2COL) {
		r->n0 = t->channels;
		r->rows = t->pixels;
		for (int i = 1; i < t->rank; i++) {
			r->pos[i] = coord[i];
			if (i < t->rank - 1) {
				r->off[i] = (int64_t)(uint16_t)off[i - 1];
				r->lo[i] = t->lower[i - 1];
				r->hi[i] = (int64_t)t->dim[i] - 1 + t->upper[i - 1];
			}
		}
		place(r, t);
		return;
	}
	r->n0 = (t->box[0] + t->estride[0] - 1) / t->estride[0];
	r->rows = 1;
	for (int i = 1; i < t->rank; i++) {
		r->rows *= (t->box[i] + t->estride[i] - 1) / t->estride[i];
		r->g[i] = coord[i];
	}
}

void
interp_trows_next(TRows *r, const TMap *t)
{
	if (t->form == TMAP_IM2COL) {
		int i;
		for (i = 1; i < t->rank - 1; i++) {   /* W, then H, then D */
			r->pos[i] += t->estride[i];
			if (r->pos[i] <= r->hi[i])
				break;
			r->pos[i] = r->lo[i];
		}
		if (i == t->rank - 1)   /* past the bounding box: the image element-stride steps on */
			r->pos[i] += t->estride[i];
		place(r, t);
		return;
	}
	for (int i = 1; i < t->rank; i++) {
		int64_t n = (t->box[i] + t->estride[i] - 1) / t->estride[i];
		if (++r->idx[i] < n) {
			r->g[i] += t->estride[i];
			break;
		}
		r->g[i] -= (int64_t)(r->idx[i] - 1) * t->estride[i];
		r->idx[i] = 0;
	}
}

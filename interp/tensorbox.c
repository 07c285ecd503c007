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
 *
 * An interleaved im2col map (16- or 32-byte interleave) is walked as an
 * H200 did for tests/shim/tmarand.c (TMARAND_ILIC, seeds 9 and 12: the
 * bytes of all 124 loads, and of the 5 stores it took): a row is one unit of the interleave, whatever the map's
 * channels (n0 is 1; bulk.c makes the unit the element, as for
 * interleaved tiled maps), and the spatial dimensions are 0..rank-3: W is
 * dimension 0, counted in units (its coordinate, size, corners, offset
 * and element stride), H dimension 1 and D dimension 2 where the rank has
 * them, spatial dimension k's bounding box lower[k] .. dim[k] - 1 +
 * upper[k].  Dimension rank-2 takes the copy's coordinate alone, and the
 * walk passes over it, from the bounding box's last pixel to the next
 * image.  So the copy's coordinate 0 is the first pixel's W, and a pixel
 * whose W plus its offset is at or past dimension 0's size reads the
 * fill.
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
	for (int i = 0; i < t->rank; i++)
		r->g[i] = r->pos[i] + r->off[i];
}

/* An im2col walk's first spatial dimension: W is dimension 1, or an
 * interleaved map's dimension 0 */
static int
spatial0(const TMap *t)
{
	return t->interleave ? 0 : 1;
}

void
interp_trows_start(TRows *r, const TMap *t, const int64_t *coord, const uint64_t *off)
{
	memset(r, 0, sizeof *r);
	r->g[0] = coord[0];
	if (t->form == TMAP_IM2COL) {
		int s = spatial0(t);
		r->n0 = t->interleave ? 1 : t->channels;
		r->rows = t->pixels;
		for (int i = 0; i < t->rank; i++) {
			r->pos[i] = coord[i];
			if (i >= s && i < s + t->rank - 2) {
				r->off[i] = (int64_t)(uint16_t)off[i - s];
				r->lo[i] = t->lower[i - s];
				r->hi[i] = (int64_t)t->dim[i] - 1 + t->upper[i - s];
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
		int s = spatial0(t), i;
		for (i = s; i < s + t->rank - 2; i++) {   /* W, then H, then D */
			r->pos[i] += t->estride[i];
			if (r->pos[i] <= r->hi[i])
				break;
			r->pos[i] = r->lo[i];
		}
		if (i == s + t->rank - 2)   /* past the bounding box: the image element-stride steps on */
			r->pos[t->rank - 1] += t->estride[t->rank - 1];
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

/*
 * tex.c -- the texture instructions: tex, tld4, txq, each lane's fetch
 * from the coordinates to the texels and weights, and the counters of
 * the texture pipe (texobj.c has the objects, texdec.c the decoding,
 * texfilt.c the texel arithmetic, texbc.c the compressed blocks, texlod.c
 * the level of detail of tex.grad; surf.c the surfaces, whose objects
 * live in the same table).  Each texel is read through interp_xlate, so
 * memory freed under an object faults like any access outside the
 * allocations, and nothing but guest memory is touched.
 *
 * Sampling follows the CUDA Programming Guide's "Texture Fetching"
 * appendix, with the arithmetic of the texture unit as an H200 (the
 * H100's unit) recorded it in tests/tex/ref.bin: a normalized coordinate
 * is cut to NORM_BITS fractional bits and scaled by the level's size;
 * point sampling takes the texel the coordinate falls in; linear
 * filtering takes the texels around u - 0.5 with integer weights from its
 * fraction rounded to 8 bits (weights()), and interp_tex_filter
 * (texfilt.c) blends them in the format's own arithmetic.  Address modes act on texel indices: wrap and
 * mirror need normalized coordinates (with unnormalized ones they clamp,
 * as the driver makes them), border reads the border colour converted to
 * the format.  8- and 16-bit integer texels read as normalized floats
 * unless the object asks for integers (PTX_TEXF_READ_INT); 32-bit
 * integers always read as integers, halves and floats as floats.  A
 * texel lacking channels reads 0 for them, alpha included.  A packed
 * texel (10-10-10-2) or a block-compressed one (texbc.c) is decoded into
 * a plain format first (TexObj's ff and fch), which the filter blends as
 * it blends that format's texels.  Depth-compare operands are ignored: a
 * texture object has no compare mode.  A cubemap's direction picks a
 * face (cubeface()), whose (s, t) sample it as a 2D texture under the
 * object's address modes; a seamless one (PTX_TEXF_SEAMLESS) takes the
 * texels past a face's edge from the face beyond it (cubewrap()) when it
 * filters linearly or gathers, and clamps when it samples a point.
 *
 * Counters (Nsight Compute's l1tex__t_requests_pipe_tex and
 * l1tex__t_sectors_pipe_tex, as an H200 counts them in tests/tex/ncu.tsv):
 * a warp instruction sends one request per group of lanes with an active
 * lane, 4 lanes a group for tex and tld4 (a quad), 8 for fetches from
 * linear memory, txq and suq, and 8 (1D, 2D) or 4 (3D, layered) for the
 * surface instructions.  A request's sectors are the distinct sectors of
 * the texels its lanes fetch: those of non-zero weight (all three at a
 * seamless cube's corner), every one of a tld4's four, an out-of-range
 * one as its clamped neighbour.  A CUDA
 * array (PTX_TEXF_BLOCK_LINEAR) is block-linear on the device, its
 * sectors 16 bytes of 2 rows within one level and slice; linear and
 * pitched memory have the 32-byte sectors of their addresses.  Linear
 * filtering between mipmap levels goes in two passes, the lanes' lower
 * levels, then their upper ones, while the lanes that take one level (a
 * whole level of detail, or one clamped to the first or last level) go
 * in a pass of their own, and a quad's lanes share the sectors of one
 * pass only (but a 1D or 2D quad's lane of one inner level beside one
 * between that level and the next reads both, the upper at weight 0:
 * pairup()); the lanes of a tex.grad share theirs only with lanes of the
 * same gradients (gradpasses()), and a lane of tex.grad.3d is a quad of
 * four fetches (grad3quad()).  How many lanes a request and a pass
 * take is passes()'s to say, for every kind of fetch, and which lanes of a
 * quad go together when two go a pass pairlanes()'s.  suq
 * counts with the textures.  These rules give ncu's counts of every launch of
 * tests/tex/textest.c but those tests/tex/ncu-xfail.txt lists.
 *
 * References.  A module's .texref and .surfref variables are 8 bytes of
 * global memory holding an object's handle, which the host stores
 * (ptx_module_get_global; libptxcuda's cuTexRefSet* do it); a
 * .samplerref holds a sampler word (tex.h) from its initializer, and a
 * tex naming one ([tex, sampler, coords], independent mode) samples the
 * texture's texels with the sampler's filter and address modes.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "interp.h"
#include "alu.h"
#include "tex.h"

#define FOR_LANES(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

/* The sector of o's texel (i, j) of slice k of level lv, as a key below
 * 2^62. */
uint64_t
interp_tex_sector(const TexObj *o, unsigned lv, uint64_t i, uint64_t j, uint64_t k)
{
	if (o->bc)   /* a block is a texel of the rows of blocks */
		i /= 4, j /= 4;
	if (o->t.flags & PTX_TEXF_BLOCK_LINEAR)   /* sizes below 2^17 texels, 2^14 slices, 32 levels */
		return (uint64_t)(lv & 31) << 57 | k << 40 | (i * o->tsz / 16) << 20 | j / 2;
	return (o->t.addr[lv] + k * o->slice[lv] + j * o->pitch[lv] + i * o->tsz) / 32;
}

/* Counts the texel (i, j, k) of level lv as fetched: i, j, k in range
 * (clamped when the address mode left them out).  The pass is part of
 * the key: a quad's lanes share the sectors of one pass only, and a lane
 * of one level shares none with a lane between two, even on the same
 * level (tests/tex/ncu.tsv's tex.level launches 51, 54, 57, 58, 97: the
 * lanes a quad of random levels has at a whole level of detail, or
 * clamped to level 0 or the last, count their sectors apart). */
static void
fetched(const Smp *s, unsigned lv, int64_t i, int64_t j, int64_t k)
{
	if (s->keys && *s->nkeys < TEXKEYS)
		s->keys[(*s->nkeys)++] = interp_tex_sector(s->o, lv, (uint64_t)i, (uint64_t)j, (uint64_t)k) << 2 | s->pass;
}

/* k[0..n) in ascending order: an insertion sort, as a request's keys
 * are few (a pass's lanes, TEXKEYS each) and mostly in order already */
static void
sortkeys(uint64_t *k, unsigned n)
{
	for (unsigned i = 1; i < n; i++) {
		uint64_t v = k[i];
		unsigned j = i;
		for (; j && k[j - 1] > v; j--)
			k[j] = k[j - 1];
		k[j] = v;
	}
}

/* Counts the requests of the lanes m, grp lanes a request (but those of
 * nocount, a bit at a request's first lane), and their sectors: the lanes
 * of a request in one pass (pass[lane], below grp; NULL: one pass; for
 * the sectors of an upper level, passhi[lane] where given) share theirs,
 * and each counts mul times. */
void
interp_tex_count(Launch *L, const XIns *xi, int cls, uint32_t m, unsigned grp, const uint8_t *pass,
                 const uint8_t *passhi, unsigned mul, uint32_t nocount, uint64_t (*keys)[TEXKEYS], const unsigned *nk)
{
	ptx_mem_counts *c = &L->st[xi - L->pm->code].mem[cls];

	for (unsigned g = 0; g < WARP; g += grp) {
		uint32_t gm = m >> g & ((1u << grp) - 1);   /* grp <= 8 */
		uint64_t k[8 * TEXKEYS];
		if (!gm)
			continue;
		c->requests += !(nocount >> g & 1);
		for (unsigned p = 0; p < grp; p++) {
			unsigned n = 0;
			for (unsigned l = 0; l < grp; l++)
				for (unsigned i = 0; gm >> l & 1 && i < nk[g + l]; i++)
					if ((passhi && (keys[g + l][i] & 3) == 1 ? passhi[g + l] : pass ? pass[g + l] : 0) == p)
						k[n++] = keys[g + l][i];
			sortkeys(k, n);
			for (unsigned i = 0; i < n; i++)
				c->sectors += (!i || k[i] != k[i - 1]) * mul;
		}
	}
}

/* The fractional bits a normalized coordinate keeps, rounded down, before
 * it is scaled by the level's size: 16 to 21 fit every sample the H200
 * recorded (tests/tex/ref.bin); 8 fewer or more do not (a y of
 * 0.57929688692 on 5 rows filters as 613/256 past the centre, not 614,
 * though the product rounds up).  Of those only 21 fits tex.level.cube
 * and tld4 on faces of 12 and 17 texels (tests/shim/texcube.gpu's "level
 * 12 plain random" and the like, 32768 lanes, all but one seamless blend
 * of faces) where a face's (s, t) times 12 or 17 lands just below a 256th
 * of a texel: 18 bits missed 38 of them, 20 bits 5, 22 bits 3. */
#define NORM_BITS 21

/* The address mode of a seamless cube's face axes under linear
 * filtering and tld4: a texel past an edge is its neighbour face's
 * (cubewrap()) */
enum { AM_SEAMLESS = PTX_ADDR_BORDER + 1 };

/* Texel index i along an axis of n texels under address mode am: in
 * range, or -1 for the border. */
static int64_t
address(int64_t i, int64_t n, unsigned am)
{
	switch (am) {
	case PTX_ADDR_WRAP:
		i %= n;
		return i < 0 ? i + n : i;
	case PTX_ADDR_MIRROR:
		i %= 2 * n;
		if (i < 0)
			i += 2 * n;
		return i < n ? i : 2 * n - 1 - i;
	case PTX_ADDR_BORDER:
		return i < 0 || i >= n ? -1 : i;
	default:
		return i < 0 ? 0 : i >= n ? n - 1 : i;
	}
}

/* i clamped to 0..n-1 */
static int64_t
clampi(int64_t i, int64_t n)
{
	return i < 0 ? 0 : i >= n ? n - 1 : i;
}

/* x in 1/256ths, rounded to nearest (half up), kept inside an int64 (NaN: 0) */
static int64_t
fixed8(double x)
{
	double f = floor(x * 256.0 + 0.5);
	return f != f ? 0 : f < -0x1p60 ? -(1ll << 60) : f > 0x1p60 ? 1ll << 60 : (int64_t)f;
}

/* floor(x) kept inside an int64 (NaN: 0) */
static int64_t
ifloor(double x)
{
	double f = floor(x);
	return f != f ? 0 : f < -0x1p60 ? -(1ll << 60) : f > 0x1p60 ? 1ll << 60 : (int64_t)f;
}

/* The weights of the 2^dims corners (corner q: bit a set for the upper
 * texel on axis a) from the fractions fr[] (in 256ths), summing to lw,
 * the level's weight (256, or its share under linear mipmap filtering).
 * The weight is split axis by axis, z first, then x, then y: a part v
 * gives its upper half rh(v * f / 256) (rh: rounded half up), the lower
 * the rest, but for the z split and for the y split of a part on the
 * lower x texel, which round their lower half, rh(v * (256 - f) / 256),
 * and give the upper the rest ("probe 3d weights", "probe mip weights" in
 * tests/tex/ref.bin fit every lane, the z split's ties mip3d_f32_lod;
 * under lw = 256 in 2D this is each corner's product of fractions
 * rounded, the ties going to the x-y diagonal). */
static void
weights(int dims, const int64_t *fr, uint32_t lw, uint32_t *w)
{
	static const int order[3][3] = { { 0 }, { 0, 1 }, { 2, 0, 1 } };
	uint64_t p[8] = { lw };
	int done = 0;   /* the axes split so far */

	for (int k = 0; k < dims; k++) {
		int a = order[dims - 1][k];
		uint64_t f = (uint64_t)fr[a];
		for (int q = 0; q < 1 << dims; q++) {
			uint64_t v = p[q], lo, hi;
			if (q & ~done)
				continue;
			if ((a == 1 && !(q & 1)) || a == 2)
				lo = (v * (256 - f) + 128) >> 8, hi = v - lo;
			else
				hi = (v * f + 128) >> 8, lo = v - hi;
			p[q] = lo, p[q | 1 << a] = hi;
		}
		done |= 1 << a;
	}
	for (int q = 0; q < 1 << dims; q++)
		w[q] = (uint32_t)p[q];
}

/* A cube's faces: the major axis (pointing out of the face) and the
 * face's s and t axes, as unit vectors (+x, -x, +y, -y, +z, -z) */
static const signed char facebasis[6][3][3] = {
	{ { 1, 0, 0 }, { 0, 0, -1 }, { 0, -1, 0 } }, { { -1, 0, 0 }, { 0, 0, 1 }, { 0, -1, 0 } },
	{ { 0, 1, 0 }, { 1, 0, 0 }, { 0, 0, 1 } }, { { 0, -1, 0 }, { 1, 0, 0 }, { 0, 0, -1 } },
	{ { 0, 0, 1 }, { 1, 0, 0 }, { 0, -1, 0 } }, { { 0, 0, -1 }, { -1, 0, 0 }, { 0, -1, 0 } },
};

/* Of a vector d on face f of a cube: its major-axis component (signed
 * so that it is positive on the face, *ma) and the face's two axes (*sc,
 * *tc), before the division; gradients go through the same map. */
static void
faceaxes(unsigned f, const double *d, double *ma, double *sc, double *tc)
{
	double r[3];

	for (int k = 0; k < 3; k++)
		r[k] = facebasis[f][k][0] * d[0] + facebasis[f][k][1] * d[1] + facebasis[f][k][2] * d[2];
	*ma = r[0], *sc = r[1], *tc = r[2];
}

/*
 * A minor component sc over the major one as the unit divides them: sc
 * times the reciprocal of the special-function unit (MUFU.RCP, the same
 * as rcp.approx's: alu_sfu()), rounded to a float (to nearest); (s, t) is
 * then (q + 1) / 2, which fetch() cuts to NORM_BITS bits.  From an H200:
 * on a cube of 8192 texels a face, where a linear fetch's fraction shows
 * the cut (s, t) exactly, 21341 directions (4096 random, 8192 whose
 * sc/ma lies within two ulps of a 2^-21 step, 4096 of random bits, and
 * texcube's level 17 lanes and probe), 42672 axes: this gives every one,
 * where sc/ma exact misses 3959 of them, 1/ma rounded to a float for the
 * reciprocal 4800, the product kept exact 3281, (q + 1) / 2 rounded to
 * a float (to nearest, before the cut) 4584.  It is what moves tests/shim/
 * texcube.gpu's "level 17 seamless random" lane 3026 (sc/ma = -105/256
 * exactly, ma = 67/128, on its 1x1 faces a fraction of 203 where 204 is
 * exact) and the 500 lanes of texcube.probe.gpu around it.
 */
static double
facediv(double sc, double r)
{
	return (float)(sc * r);   /* the product of two floats, exact, rounded once */
}

/* Cube direction d to a face and its normalized (s, t). */
static unsigned
cubeface(const double *d, double *s, double *t)
{
	double ax = fabs(d[0]), ay = fabs(d[1]), az = fabs(d[2]), ma, sc, tc, r;
	unsigned f;

	if (az >= ax && az >= ay)
		f = d[2] < 0 ? 5 : 4;
	else if (ay >= ax)
		f = d[1] < 0 ? 3 : 2;
	else
		f = d[0] < 0 ? 1 : 0;
	faceaxes(f, d, &ma, &sc, &tc);
	if (ma == 0)
		ma = 1;
	r = f32of(alu_sfu(ALU_SFU_RCP, bitsof((float)ma)));
	*s = (facediv(sc, r) + 1) / 2;
	*t = (facediv(tc, r) + 1) / 2;
	return f;
}

/*
 * Seamless filtering: texel (*i, *j) of face *layer % 6 of n x n texels,
 * at most one texel past an edge, as the texel of the face beyond it.
 * The texel's centre is folded over the edge onto the next face (as far
 * past the edge as it lay outside the face) and looked up there: a texel
 * past an edge is the neighbour's edge texel that touches it; one past a
 * corner, where three faces meet, folds over both edges.
 */
static void
cubewrap(int64_t n, int64_t *i, int64_t *j, int64_t *layer)
{
	unsigned f = (unsigned)(*layer % 6), g;
	double sc = (2.0 * (double)*i + 1) / (double)n - 1, tc = (2.0 * (double)*j + 1) / (double)n - 1;
	double ma = 1, d[3], st[2];

	if (*i >= 0 && *i < n && *j >= 0 && *j < n)
		return;
	if (fabs(sc) > 1)
		ma = 2 - fabs(sc), sc = sc > 0 ? 1 : -1;
	if (fabs(tc) > 1)
		ma = fmin(ma, 2 - fabs(tc)), tc = tc > 0 ? 1 : -1;
	for (int k = 0; k < 3; k++)
		d[k] = ma * facebasis[f][0][k] + sc * facebasis[f][1][k] + tc * facebasis[f][2][k];
	g = cubeface(d, &st[0], &st[1]);
	*i = clampi(ifloor(st[0] * (double)n), n);
	*j = clampi(ifloor(st[1] * (double)n), n);
	*layer += (int64_t)g - (int64_t)f;
}

/*
 * The texel past a seamless cube's corner, (i, j) (both axes past the
 * face), where three faces meet and no fourth texel lies: the blend of
 * the three that do, the two beyond the edges, (i, jj) and (ii, j),
 * weighing 85/256 each and the face's own, (ii, jj), 86/256 (a third of
 * 256 each, rounded, the rest to the face's own, as level() splits a
 * corner's weight), as an H200 gathers it (tests/shim/texcube.gpu's tld4
 * at the corners); the blend in the filter's arithmetic, its channels'
 * results kept as the texel.  -1 after a fault.
 */
static int
cubecorner(const Smp *s, unsigned lv, int64_t n, int64_t i, int64_t j, int64_t ii, int64_t jj, int64_t layer,
           Texel *t)
{
	static const uint32_t w[3] = { 85, 85, 86 };
	const int64_t xy[3][2] = { { i, jj }, { ii, j }, { ii, jj } };
	Texel tx[3];
	uint32_t out[4];

	for (int k = 0; k < 3; k++) {
		int64_t x = xy[k][0], y = xy[k][1], l = layer;
		cubewrap(n, &x, &y, &l);
		if (interp_tex_texel(s, lv, (uint64_t)x, (uint64_t)y, (uint64_t)l, &tx[k]))
			return -1;
	}
	interp_tex_filter(s, tx, w, 3, 1, out);
	memcpy(t->c, out, sizeof out);
	return 0;
}

/* tex.grad.3d's gradient g at the coordinate p as the unit measures it.
 * ptxas makes tex.grad.3d, as tex.grad.cube, a call of a routine of the
 * driver (__cuda_syscall_tex_grad_3d_v4_f32_f32), whose quad of
 * coordinates gives the unit the gradient as (p + g) - p, each operation
 * a float's: g with its bits below p + g's last rounded off.  From an
 * H200 (tests/shim/texcube.gpu's "grad3d" launches, gradients along one
 * axis of 3 to 1000 texels at p = 0.5, 90112 lanes, and random ones on
 * three such sizes, 32768): with g itself 12 lanes differed, one or two
 * 256ths low, every one a g whose bits past its 10th, rounded at 2^-24,
 * carry into it (64x1000x64's lane 367: 0x1.58fea8p-10 as 0x1.59p-10);
 * with p + g rounded none.  Around the 64x64x6 one (lane 6700, g =
 * 0x1.1e7ffep-1), p moved by 1 to 48 ulps either way: with the
 * difference exact 12 of 96 such lanes differed, rounded to a float none
 * (the probe of "texcube probe", 861 lanes). */
static double
grad3d(double p, double g)
{
	return (double)(float)((double)(float)(p + g) - p);
}

/* A cube direction as the driver's routine of tex.grad.cube hands it to
 * the unit: in floats, each component times the reciprocal of the
 * largest magnitude (cubegrad()), the reciprocal rcp.approx.f32's (the
 * MUFU's), not the quotient rounded: with 1 / m rounded, lane 1977 of
 * tests/shim/texcube.gpu's "grad sweep 17 6" (d + dx's 1 - x / |z| on a
 * face of 17 texels one ulp larger, 790 * 2^-15, where its 10 bits keep
 * 789 on the H200) measured 239/256, the H200's 238; every other of the
 * 1379840 lanes of texcube.gpu's 337 tex.grad.cube launches is the same
 * either way. */
static void
cubenorm(const double *v, double *out)
{
	float m = fmaxf(fabsf((float)v[0]), fmaxf(fabsf((float)v[1]), fabsf((float)v[2]))), r = 1;

	if (m > 0) {
		uint32_t u, ru;
		memcpy(&u, &m, 4);
		ru = (uint32_t)alu_approx(OP_RCP, ALU_F32, u, 0);
		memcpy(&r, &ru, 4);
	}

	for (int k = 0; k < 3; k++)
		out[k] = (double)((float)v[k] * r);
}

/*
 * tex.grad.cube: the gradient g of the direction d (face f) as a
 * gradient of the face's (s, t) in texels of a face of n texels.  ptxas
 * makes tex.grad.cube a call of a routine of the driver, which sends the
 * unit a quad of its own, d, d + dx, d + dy and d + dx + dy (in floats,
 * each times the reciprocal of its largest magnitude: cubenorm()), and
 * the unit takes the difference of the coordinates of d + g and d, in
 * floats, those of the quad's directions as they are (their largest
 * component +-1).  On d's face that is the difference of their (s, t)
 * (returns 0).  On a face beside it (returns 1) the unit unfolds d + g's
 * face onto d's across the edge they share: along the axis that crosses
 * the edge the gradient is d's distance to the edge plus d + g's past it
 * (on its own face), each scaled to texels (interp_tex_scale, as every
 * difference here) and kept to 10 bits of mantissa (interp_tex_trunc10)
 * before they are added; along the other, d + g's coordinate
 * on its own face less d's; and the unit then measures dx and dy alone,
 * not their sum and difference (interp_tex_gradlod's diag).  On the face
 * opposite d's (returns 2) the level of detail is the largest there is.
 * d + dx + dy plays no part.  What holds (an H200): every dumped lane of
 * tests/shim/texcube.gpu's "grad" launches but two (24062 of 24064; the
 * two have d + dx and d + dy on d's face, where a sum or difference of
 * the gradients falls a hair below the unit's next 256th of a level),
 * and texcube.gpu's "grad sweep" launches, 47 families of 4096 gradients
 * crossing an edge (192512 lanes; of the same sweeps on a cube of 512
 * texels a face all but 3, one 256th above the unit's where d + g lies
 * just past the edge); and the same sweeps on faces of 6, 12, 17, 20,
 * 24 and 48 texels (texcube.gpu's "grad sweep N" launches, 1179648 lanes)
 * all but one (17 texels, where d + g lies past the edge and the two
 * distances reach the next 256th that the unit's sum falls short of),
 * and of the random gradients of "grad random 12" and "17" all but 3 of
 * 8192 (on d's face, a sum or difference a hair short, as above).  The
 * face's n scales the differences by shift and add: with the product
 * (q - q0) n / 2 of the floats, 78166 of the sweeps' lanes differed.
 */
static int
cubegrad(unsigned f, const double *d, const double *g, uint64_t n, double *out)
{
	double p[3], q[3], st0[3], st[2], sg;
	unsigned h;
	int a;

	for (int k = 0; k < 3; k++)
		p[k] = (double)((float)d[k] + (float)g[k]);
	cubenorm(d, q);
	faceaxes(f, q, &st0[2], &st0[0], &st0[1]);
	cubenorm(p, p);
	h = cubeface(p, &st[0], &st[1]);
	faceaxes(f, p, &q[0], &q[1], &q[2]);
	out[2] = 0;
	if (h == (f ^ 1))
		return 2;
	if (h == f) {
		for (int k = 0; k < 2; k++)
			out[k] = interp_tex_scale((double)(float)(q[1 + k] - st0[k]), n) / 2;
		return 0;
	}
	/* h's major axis is one of f's face axes (a, sign sg) */
	a = facebasis[h][0][0] * facebasis[f][1][0] + facebasis[h][0][1] * facebasis[f][1][1] +
	    facebasis[h][0][2] * facebasis[f][1][2] ? 1 : 2;
	sg = q[a] < 0 ? -1 : 1;
	out[a - 1] = interp_tex_trunc10(interp_tex_scale((double)(float)(sg - st0[a - 1]), n) / 2) +
	    sg * interp_tex_trunc10(interp_tex_scale((double)(float)(1 - q[0]), n) / 2);
	out[2 - a] = interp_tex_scale((double)(float)(q[3 - a] - st0[2 - a]), n) / 2;
	return 1;
}

/* One level: u[] texel-space coordinates (offset applied) of dims axes,
 * layer the slice (layers, faces), am the address modes; linear: the
 * filtered value, else the texel u falls in (the coordinate rounded
 * down).  Linear filtering takes the texels around u - 0.5 with weights
 * from its fraction rounded to 8 bits.  gather >= 0: tld4's four texels'
 * channel gather instead, in v[]. */
static int
level(const Smp *s, unsigned lv, int dims, const double *u, uint64_t layer, const unsigned *am, int linear,
      int gather, uint32_t lw, Texel *t, uint32_t *w, int *nt, uint32_t v[4])
{
	uint64_t n[3];
	int64_t i0[3] = { 0, 0, 0 }, fr[3] = { 0, 0, 0 };
	int corners, frmask = 0, atcorner = 0;

	interp_tex_dims(s->o, lv, n);
	for (int a = 0; a < dims; a++) {
		if (linear || gather >= 0) {
			/* clamping holds the sample between the edge texels'
			 * centres, so that its fraction there is 0 */
			double c = am[a] == PTX_ADDR_CLAMP && gather < 0 ? fmin(fmax(u[a], 0.5), (double)n[a] - 0.5) : u[a];
			int64_t f = fixed8(c - 0.5);
			i0[a] = f >> 8;
			fr[a] = f & 255;
		} else
			i0[a] = ifloor(u[a]);
	}
	if (gather >= 0) {
		/* (i0, j1), (i1, j1), (i1, j0), (i0, j0) */
		static const int ci[4] = { 0, 1, 1, 0 }, cj[4] = { 1, 1, 0, 0 };
		static const uint32_t one = 256;
		for (int q = 0; q < 4; q++) {
			int64_t x = i0[0] + ci[q], y = i0[1] + cj[q], k = (int64_t)layer;
			uint32_t r[4];
			int corner = am[0] == AM_SEAMLESS && (x < 0 || x >= (int64_t)n[0]) && (y < 0 || y >= (int64_t)n[1]);
			if (am[0] == AM_SEAMLESS)
				cubewrap((int64_t)n[0], &x, &y, &k);
			else
				x = address(x, (int64_t)n[0], am[0]), y = address(y, (int64_t)n[1], am[1]);
			fetched(s, lv, x < 0 ? clampi(i0[0] + ci[q], (int64_t)n[0]) : x,
			    y < 0 ? clampi(i0[1] + cj[q], (int64_t)n[1]) : y, k);
			if (corner) {
				if (cubecorner(s, lv, (int64_t)n[0], i0[0] + ci[q], i0[1] + cj[q], i0[0] + 1 - ci[q],
				    i0[1] + 1 - cj[q], (int64_t)layer, &t[0]))
					return -1;
				memcpy(r, t[0].c, sizeof r);
				v[q] = r[gather];
				continue;
			}
			if (x < 0 || y < 0)
				interp_tex_border(s, &t[0]);
			else if (interp_tex_texel(s, lv, (uint64_t)x, (uint64_t)y, (uint64_t)k, &t[0]))
				return -1;
			interp_tex_filter(s, &t[0], &one, 1, 1, r);
			v[q] = r[gather];
		}
		return 0;
	}
	for (int a = 0; a < dims; a++)
		frmask |= fr[a] ? 1 << a : 0;
	corners = linear ? 1 << dims : 1;
	t += *nt, w += *nt;
	*nt += corners;
	if (linear)
		weights(dims, fr, lw, w);
	else
		w[0] = lw;
	/* a seamless cube's corner texel, past both edges, does not exist:
	 * its weight goes to the three that do, a third each (rounded)
	 * to the two beyond the edges and the rest to the face's own
	 * (tests/shim/texcube.gpu's linear samples at the corners) */
	for (int q = 0; am[0] == AM_SEAMLESS && linear && q < 4; q++) {
		int64_t x = i0[0] + (q & 1), y = i0[1] + (q >> 1 & 1);
		if (!(x < 0 || x >= (int64_t)n[0]) || !(y < 0 || y >= (int64_t)n[1]))
			continue;
		atcorner = 1;
		if (w[q]) {
			uint32_t third = (2 * w[q] + 3) / 6;
			w[q ^ 1] += third, w[q ^ 2] += third, w[q ^ 3] += w[q] - 2 * third;
			w[q] = 0;
		}
	}
	for (int q = 0; q < corners; q++) {
		int64_t idx[3] = { 0, 0, (int64_t)layer }, cl[3] = { 0, 0, (int64_t)layer };
		int out = 0, corner = 0;
		if (am[0] == AM_SEAMLESS) {   /* a cube's face: both axes at once */
			idx[0] = i0[0] + (q & 1), idx[1] = i0[1] + (q >> 1 & 1);
			corner = (idx[0] < 0 || idx[0] >= (int64_t)n[0]) && (idx[1] < 0 || idx[1] >= (int64_t)n[1]);
			cubewrap((int64_t)n[0], &idx[0], &idx[1], &idx[2]);
			memcpy(cl, idx, sizeof cl);
		} else
			for (int a = 0; a < dims; a++) {
				idx[a] = address(i0[a] + (q >> a & 1), (int64_t)n[a], am[a]);
				cl[a] = idx[a] < 0 ? clampi(i0[a] + (q >> a & 1), (int64_t)n[a]) : idx[a];
				out |= idx[a] < 0;
			}
		/* the texels of non-zero weight; but where the footprint
		 * holds a seamless cube's corner, the three texels that meet
		 * there whatever their weights (a fraction of 0 leaves one
		 * of them, or two, at weight 0): the counts of
		 * tests/shim/texcube.cubequads.ncu's 176 quads on the u8x4
		 * cube's grid, 32 of which hold a lane on a face's last texel
		 * centre along one axis (fraction 0, the texel past the edge
		 * at weight 0) whose other axis reaches past an edge, and
		 * texcube.fmt.ncu's seamless grids of five formats (3426
		 * sectors for u8x4 where the texels of non-zero weight alone
		 * give 3391), texcube.grad.ncu's 71 and 72 */
		if ((lw || s->zeroup) && (atcorner ? !corner : !(q & ~frmask)))
			fetched(s, lv, cl[0], cl[1], cl[2]);
		if (!w[q])
			memset(&t[q], 0, sizeof t[q]);
		else if (corner) {
			if (cubecorner(s, lv, (int64_t)n[0], i0[0] + (q & 1), i0[1] + (q >> 1 & 1), i0[0] + 1 - (q & 1),
			    i0[1] + 1 - (q >> 1 & 1), (int64_t)layer, &t[q]))
				return -1;
		} else if (out)
			interp_tex_border(s, &t[q]);
		else if (interp_tex_texel(s, lv, (uint64_t)idx[0], (uint64_t)idx[1], (uint64_t)idx[2], &t[q]))
			return -1;
	}
	return 0;
}

/* The spatial axes of a geometry (a cube's face has two). */
static int
spatial(int g)
{
	return g == G_1D || g == G_A1D ? 1 : g == G_3D ? 3 : 2;
}

/* One lane of tex or tld4: v[] its sources (in tb's layout), out[] the four results. */
static int
fetch(Smp *s, const int *tb, const uint64_t *v, uint32_t out[4])
{
	const TexObj *o = s->o;
	const ptx_texture *t = &o->t;
	int g = tb[T_GEOM], dims = spatial(g), k = 1, nc = tb[T_NC];
	int norm = (t->flags & PTX_TEXF_NORMALIZED) != 0, cube = g == G_CUBE || g == G_ACUBE;
	int linear = t->filter == PTX_FILTER_LINEAR && !s->isint;
	int gather = tb[T_KIND] == TK_TLD4 ? tb[T_COMP] : -1;
	uint64_t layer = 0, nlayers = g == G_A1D || g == G_A2D ? t->depth : g == G_ACUBE ? t->depth / 6 : 1;
	double x[3] = { 0, 0, 0 }, dir[3], lod = 0, u[3];
	int64_t off[3] = { 0, 0, 0 };
	unsigned am[3], l0, l1, face = 0;
	uint32_t tf, wt[16];
	Texel tx[16];
	int nt = 0, whole;

	if (g == G_A1D || g == G_A2D || g == G_ACUBE) {
		int64_t li = (int32_t)v[k++];
		layer = li < 0 ? 0 : (uint64_t)li >= nlayers ? nlayers - 1 : (uint64_t)li;
	}
	for (int a = 0; a < (cube ? 3 : dims) && k < 1 + nc; a++, k++)
		x[a] = tb[T_ICOORD] ? (double)(int32_t)v[k] : (double)f32of((uint32_t)v[k]);
	if (tb[T_OFF] >= 0)
		for (int a = 0; a < dims && a < tb[T_NOFF]; a++)
			off[a] = (int32_t)v[tb[T_OFF] + a];
	/* tex and tld4 with a depth-compare value read as without one: a
	 * texture object has no compare mode (an H200 returns the plain
	 * texel, tests/tex/ref.bin) */
	for (int a = 0; a < 3; a++)
		am[a] = norm || cube ? t->addr_mode[a] : t->addr_mode[a] == PTX_ADDR_BORDER ? PTX_ADDR_BORDER :
		    PTX_ADDR_CLAMP;
	if (t->geom == PTX_TEX_BUFFER || tb[T_ICOORD]) {
		/* integer coordinates: texel indices, read as they are; linear
		 * memory reads zeros outside */
		static const uint32_t one = 256;
		uint64_t n[3];
		int64_t idx[3] = { 0, 0, (int64_t)layer }, cl[3] = { 0, 0, (int64_t)layer };
		int out_ = 0;
		Texel tx;
		interp_tex_dims(o, 0, n);
		for (int a = 0; a < dims; a++) {
			idx[a] = (tb[T_ICOORD] ? (int64_t)x[a] : ifloor(x[a])) + off[a];
			if (t->geom == PTX_TEX_BUFFER && (idx[a] < 0 || idx[a] >= (int64_t)n[a])) {
				memset(out, 0, 16);
				return 0;
			}
			cl[a] = clampi(idx[a], (int64_t)n[a]);
			idx[a] = address(idx[a], (int64_t)n[a], am[a]);
			if (idx[a] >= 0)
				cl[a] = idx[a];
			out_ |= idx[a] < 0;
		}
		fetched(s, 0, cl[0], cl[1], cl[2]);
		if (out_)
			interp_tex_border(s, &tx);
		else if (interp_tex_texel(s, 0, (uint64_t)idx[0], (uint64_t)idx[1], (uint64_t)idx[2], &tx))
			return -1;
		interp_tex_filter(s, &tx, &one, 1, 1, out);
		return 0;
	}
	{
		uint64_t n0[3];
		interp_tex_dims(o, 0, n0);
		for (int a = 0; a < dims; a++)
			s->at[a] = norm && !cube ? x[a] * (double)n0[a] : x[a];
	}
	/* a cube's face is a 2D texture under the object's address modes
	 * (texgeom.gpu: tld4 and tex.level of cubes wrapping within a face),
	 * but a seamless cube's linear filter and tld4 reach across its
	 * edges, and its point sampling clamps */
	if (cube) {
		double st[2];
		memcpy(dir, x, sizeof dir);
		face = cubeface(dir, &st[0], &st[1]);
		x[0] = st[0], x[1] = st[1], x[2] = 0;
		layer = layer * 6 + face;
		norm = 1;
		if (t->flags & PTX_TEXF_SEAMLESS)
			am[0] = am[1] = linear || gather >= 0 ? AM_SEAMLESS : PTX_ADDR_CLAMP;
	}
	/* the level of detail */
	if (s->quadlod)   /* grad3quad()'s fetches: the lane's level */
		lod = s->lod - t->lod_bias;
	else if (tb[T_LOD] >= 0)
		lod = f32of((uint32_t)v[tb[T_LOD]]);
	else if (tb[T_GX] >= 0) {
		uint64_t n[3];
		double gx[3] = { 0, 0, 0 }, gy[3] = { 0, 0, 0 };
		int cross = 0;
		interp_tex_dims(o, 0, n);
		if (cube) {
			double g[2][3] = { { 0, 0, 0 }, { 0, 0, 0 } };
			int cy;
			for (int a = 0; a < 3 && a < tb[T_NG]; a++)
				g[0][a] = f32of((uint32_t)v[tb[T_GX] + a]), g[1][a] = f32of((uint32_t)v[tb[T_GY] + a]);
			cross = cubegrad(face, dir, g[0], n[0], gx);
			cy = cubegrad(face, dir, g[1], n[0], gy);
			cross = cross > cy ? cross : cy;
		} else
			for (int a = 0; a < dims && a < tb[T_NG]; a++) {
				gx[a] = f32of((uint32_t)v[tb[T_GX] + a]), gy[a] = f32of((uint32_t)v[tb[T_GY] + a]);
				if (tb[T_GEOM] == G_3D)   /* grad3d(): the driver's quad */
					gx[a] = grad3d(x[a], gx[a]), gy[a] = grad3d(x[a], gy[a]);
				if (norm)
					gx[a] = interp_tex_scale(gx[a], n[a]), gy[a] = interp_tex_scale(gy[a], n[a]);
			}
		lod = cross == 2 ? (double)((int64_t)1 << 40) / 256 : (double)interp_tex_gradlod(gx, gy, !cross) / 256;
		for (int a = 0; a < 3; a++)
			s->grad[a] = interp_tex_trunc10(gx[a]), s->grad[3 + a] = interp_tex_trunc10(gy[a]);
	}
	lod += t->lod_bias;
	if (lod != lod)
		lod = 0;
	s->lod = lod;
	if (lod > t->max_lod)
		lod = t->max_lod;
	if (lod < t->min_lod)
		lod = t->min_lod;
	if (lod < 0 || t->levels == 1)
		lod = 0;
	if (lod > t->levels - 1)
		lod = t->levels - 1;
	/* linear between levels: the lower level weighs 256 - tf, the upper
	 * tf, the level's fraction rounded down to 8 bits, and the texels of
	 * both go through one filter (weights() splits each level's weight) */
	if (t->mip_filter == PTX_FILTER_LINEAR) {
		l0 = (unsigned)floor(lod);
		tf = (uint32_t)floor((lod - l0) * 256);
	} else {
		l0 = (unsigned)floor(lod + 0.5);
		tf = 0;
	}
	if (l0 > t->levels - 1)
		l0 = t->levels - 1;
	l1 = l0 + 1 < t->levels ? l0 + 1 : l0;
	s->lv0 = l0, s->tf = tf;
	/* a lane exactly at a level between the first and the last, linear
	 * between levels, goes in the lower pass: it shares its level's
	 * sectors with lanes a little above it (tests/tex/ncu.tsv's lod linear
	 * and lod u8, 93 and 96), where a lane clamped to the first or last
	 * level, or there exactly, or one whose fraction is below 1/256,
	 * counts apart (51, 54, 57, 58, 97); with the nearest level, a lane
	 * magnified (level of detail 0 or below) counts apart from lanes
	 * rounded to level 0 (lod point, 95; 50, 231, 234).  Where pairup()
	 * decides (s->lone: 1D and 2D tex.level), the lane it takes up goes
	 * in both passes of two levels (s->zeroup), and one it leaves reads
	 * its one level as a lane below 1/256 of it does, sharing its sectors
	 * with such lanes (tests/shim/texmip.random.ncu: a lane at level 1
	 * exactly beside one 1/512 above it, each reading that level alone,
	 * count one set of sectors, in 11 of its launches) */
	whole = t->mip_filter == PTX_FILTER_LINEAR && lod > 0 && lod < t->levels - 1 && lod == l0 && !s->lone;
	s->nlv = tf > 0 && gather < 0 ? 2u : 1u;
	s->onelv = t->mip_filter == PTX_FILTER_LINEAR && tf == 0 && gather < 0 && lod >= 1 && lod < t->levels - 1 &&
	    l1 != l0;
	s->slice = layer;
	for (unsigned pass = 0; pass < s->nlv + (s->zeroup && s->onelv); pass++) {
		unsigned lv = pass ? l1 : l0;
		s->pass = (tf > 0 || s->zeroup) && gather < 0 ? pass : whole && gather < 0 ? 0 : 2;
		if (t->mip_filter != PTX_FILTER_LINEAR && t->levels > 1 && lod <= 0 && gather < 0)
			s->pass = 3;
		uint64_t n[3];
		interp_tex_dims(o, lv, n);
		/* a normalized coordinate is first cut to NORM_BITS fractional
		 * bits (rounded down), then scaled exactly */
		for (int a = 0; a < dims; a++)
			u[a] = (norm ? floor(x[a] * (double)(1 << NORM_BITS)) / (double)(1 << NORM_BITS) * (double)n[a] : x[a]) +
			    (double)off[a];
		if (pass == s->nlv) {   /* the next level's texels, counted only (pairup()) */
			Texel tz[8];
			uint32_t wz[8];
			int nz = 0;
			if (level(s, lv, dims, u, layer, am, linear, gather, 0, tz, wz, &nz, out))
				return -1;
		} else if (level(s, lv, dims, u, layer, am, linear, gather, pass ? tf : 256 - tf, tx, wt, &nt, out))
			return -1;
	}
	if (s->zeroup && s->onelv)
		s->nlv = 2;
	if (gather < 0)
		interp_tex_filter(s, tx, wt, nt, linear ? 1 << (dims < 2 ? dims : 2) : 1, out);
	return 0;
}

/* lanes q + a and q + b each read one level, the same */
static int
alike(const unsigned *nlv, const unsigned *lv, unsigned q, unsigned a, unsigned b)
{
	return nlv[q + a] == 1 && nlv[q + b] == 1 && lv[q + a] == lv[q + b];
}

/* lanes q + a and q + b read the same level or levels, at one weight */
static int
alikelod(const unsigned *lv, const unsigned *tf, unsigned q, unsigned a, unsigned b)
{
	return lv[q + a] == lv[q + b] && tf[q + a] == tf[q + b];
}

/*
 * The distance from lane a to lane b of a quad by which pairlanes() pairs
 * 1D, 2D and cube lanes: of the two texel-space differences (level 0's
 * texels), the larger plus 11/32 of the smaller, as the unit approximates
 * the length.  What holds (an H200): tests/shim/texmip.pair.ncu's quads
 * of lane 1 a texel along each axis from lane 0 and lane 2 x texels along
 * one, on three scales, pair 0-2 up to x = 1.3425 and 0-1 from 1.345 on;
 * with lane 1 half a texel off the axis, 0-2 up to 1.17 and 0-1 from
 * 1.1725; with the two swapped, 0-1 up to 1.34 and 0-2 from 1.35: a weight
 * between 0.3425 and 0.345.  And of the 442 quads of tests/tex/ncu.tsv's
 * probe mip weights upper and probe mip values (launches 98 and 102)
 * whose lanes all read two levels, each alone in a launch (tests/shim/
 * texmip.c's "file" of TEXTEST_DUMP's coordinates), every one: the square
 * of the difference missed six of them (their quads 63, 75 and 250, 163,
 * 177 and 237, near ties), the sum of the differences 20 and the larger
 * alone 15; and texmip.random2.ncu's and random3.ncu's 240 random quads.
 * A tie pairs lanes 0 and 1 (random3.ncu's first 5 launches: each of the
 * kinds above at exactly 11/32).
 */
static double
quaddist(const double *a, const double *b)
{
	double x = fabs(a[0] - b[0]), y = fabs(a[1] - b[1]);

	return x > y ? x + y * 11 / 32 : y + x * 11 / 32;
}

/*
 * A quad whose lanes go two a pass (share 2) pairs lane 0 with lane 1 and
 * 2 with 3, or 0 with 2 and 1 with 3 when lane 2 is the nearer to lane 0.
 * In 2D (16-byte texels) nearer is by quaddist() (the 64 single quads of
 * 2d_f32x4_linear that ncu counted each count as one pairing does, the
 * nearer one's).  In 3D (linear filtering) a lane in another texel along z
 * (the one holding the point, not the footprint) is farther than any in
 * the same one, and among those alike it is the distance along y alone,
 * ties to lane 1: that gives all of tests/tex/ncu.tsv's 3D quads (3d
 * f32 linear, 33 and 34, the probe lanes 3d f32, probe sectors 3d pairs
 * and 3d axes, whose vectors along x alone always pair lanes 0 and 1 or
 * 0 and 2 along x, while half a texel along z, within the texel, beats
 * any distance along y).  Lanes 1 and 2 of a quad paired 0-2 trade passes.
 * Before the distance (nlv: the levels each lane reads, slice its layer or
 * face; NULL for a quad of one lane's fetches): where the active lanes of
 * a 1D or 2D quad read one slice and exactly two of them read one level
 * each (a level exactly, within 1/256 of one, or clamped to the first or
 * the last) and the others two, the two of one level go together and
 * the two of two levels too, when that is 0-1 and 2-3 or 0-2 and 1-3
 * (tests/shim/texmip.c's "levels" case 42, two lanes below 1/256 of level
 * 0 a texel apart beside two between levels 0 and 1: 18 sectors a pair on
 * an H200, where pairing by distance gives 24; and its subsets and orders
 * of all four, 4 counts of texmip.levels.ncu), if the two of one level
 * read the same level or the two of two levels the same two at one
 * weight (alikelod()): of texmip.random.ncu's quads, a lane at level 2
 * and one at level 1 beside lanes between levels 3 and 4 of different
 * weights pair by distance (its launch 4: 44 sectors, 28 paired so; 18
 * and 39 alike), and beside two at 3 + 143/256 as those rules pair
 * (launch 49's quad 5).  Paired so, two of two levels at different
 * weights share no sectors (the later takes a pass of its own, in both
 * levels) where the distance alone would have paired the quad the other
 * way: texmip.random.ncu's 46 and 47 (quads 0 and 5: 40 sectors for 24,
 * 28 for 20), each such quad in every order and at one place
 * (texmip.few2.ncu), and texmip.apart.ncu's 40 random such quads (two
 * lanes at one level, or 1/512 above it, beside two of two other levels
 * at random weights, in every order, within two texels), half of them
 * paired as the distance would, half not; where the distance pairs them
 * alike (or ties) they share as ever (random's 6, 17 and 47's quad 0).  The lanes of a layered
 * cube's quad across layers pair by distance (tests/shim/texgeom.ncu's
 * lvl_acube counts so), as do two of one level beside one of two
 * (texmip.tf0.ncu).  Else, in a 1D or 2D quad of four lanes (lv: the
 * level each lane reads, the lower of two; NULL for cubes), where one of
 * the pairings 0-1 and 2-3 or 0-2 and 1-3 puts together two lanes that
 * each read one level, the same, and the other does not, that one: of
 * tests/shim/texgeom.orders.ncu's quad of lvl_a1d (two lanes clamped to
 * level 2 in layers 2 and 3, one at level 0, one between 0 and 1) in its
 * 24 orders the H200 counts the two of level 2 paired in the 16 where
 * either pairing can (18 sectors; 20 the other 8, where neither can),
 * with all four lanes in one layer too, where the distance from lane 0
 * paired them in 8; and texmip.mixed.ncu's 12 (HP CS XQ XR: 22, from 24).
 * Of three lanes (0-2) of one slice, where lane 1 alone reads one level,
 * lanes 0 and 2 go together (texmip.levels.ncu's 33: 42's lanes 1-3, a
 * lane between levels 0 and 1, one below 1/256 of level 0 a texel away
 * and one between 0 and 1 there: 32 sectors, 40 paired 0-1), and where
 * lane 2 alone does, lanes 0 and 1 (texmip.rsub.ncu's 20: two lanes
 * between levels 3 and 4 a texel and a half apart, then one 1/512 above
 * level 2: 12 sectors, 20 paired by distance, 0-2).
 * The lower pass of levels (and a lane's one level) pairs so; the upper
 * pass pairs by the distance alone, while the lower one (tiealike) breaks
 * a tie of the distance, in a 1D or 2D quad of four lanes, by their lower
 * levels: 0-2 and 1-3 when lanes 0 and 2 read the same lower level and 1
 * and 3 another one (tests/shim/texmip.places.ncu: at one place, a lane
 * exactly at level 1 (pairup(): between 1 and 2) and one between 1 and 2
 * in lanes 0 and 2 or 1 and 3, two between 0 and 1 in the others, count
 * 48 sectors, as the lower levels paired by level and the upper ones 0-1
 * give, where both passes paired by level give 32 and both 0-1 64; so
 * do a lane at level 2 exactly, one between 2 and 3 and two between 1
 * and 2: 40 sectors).
 */
static void
pairlanes(const double (*at)[3], const uint64_t *slice, const unsigned *nlv, const unsigned *lv, const unsigned *tf,
          uint32_t m, int g3, int tiealike, uint8_t *pass)
{
	for (unsigned q = 0; q < WARP; q += 4) {
		double d1 = 0, d2 = 0;
		unsigned one = 0, n1 = 0, same = 1, apart = 0;
		if ((m >> q & 7) != 7)
			continue;
		for (unsigned k = 0; nlv && k < 4; k++)
			if (m >> (q + k) & 1) {
				same &= slice[q + k] == slice[q];
				if (nlv[q + k] == 1)
					one |= 1u << k, n1++;
			}
		if (nlv && !g3 && same && n1 == 2 && (one == 3 || one == 12 || one == 5 || one == 10) &&
		    (!lv || alikelod(lv, tf, q, (unsigned)__builtin_ctz(one), 31u - (unsigned)__builtin_clz(one)) ||
		     alikelod(lv, tf, q, (unsigned)__builtin_ctz(~one & 15), 31u - (unsigned)__builtin_clz(~one & 15)))) {
			unsigned two = ~one & 15, a = (unsigned)__builtin_ctz(two), b = 31u - (unsigned)__builtin_clz(two);
			int near2 = quaddist(at[q + 1], at[q]) > quaddist(at[q + 2], at[q]);
			d1 = one == 5 || one == 10, d2 = !d1;
			if (lv && !alikelod(lv, tf, q, a, b) && near2 != (d1 > d2))
				apart = q + b;   /* the later of the two of two levels */
		} else if (nlv && !g3 && same && !(m >> q & 8) && (one == 2 || one == 4))
			d1 = one == 2, d2 = !d1;
		else if (lv && !g3 && m >> q & 8 &&
		    (alike(nlv, lv, q, 0, 1) || alike(nlv, lv, q, 2, 3)) != (alike(nlv, lv, q, 0, 2) || alike(nlv, lv, q, 1, 3)))
			d1 = alike(nlv, lv, q, 0, 2) || alike(nlv, lv, q, 1, 3), d2 = !d1;
		else if (g3) {
			int z1 = floor(at[q + 1][2]) != floor(at[q][2]), z2 = floor(at[q + 2][2]) != floor(at[q][2]);
			d1 = fabs(at[q + 1][1] - at[q][1]), d2 = fabs(at[q + 2][1] - at[q][1]);
			if (z1 != z2)
				d1 = z1, d2 = z2;
		} else
			d1 = quaddist(at[q + 1], at[q]), d2 = quaddist(at[q + 2], at[q]);
		if (tiealike && lv && !g3 && d1 == d2 && m >> q & 8 && lv[q] == lv[q + 2] && lv[q + 1] == lv[q + 3] &&
		    lv[q] != lv[q + 1])
			d1 = 1, d2 = 0;
		if (d1 > d2)
			pass[q + 1] = 1, pass[q + 2] = 0;
		if (apart)
			pass[apart] = (uint8_t)(pass[apart] + 2);
	}
}

/*
 * 3D linear filtering between mipmap levels: the two lanes of a pass share
 * it only at one level of detail (tests/tex/ncu.tsv's probe sectors
 * levels: four lanes of one level at one place count a pair's sectors
 * twice, 472; of four levels, each its own, 474).  The level is the one
 * asked for, before the clamps: lanes of random levels clamped to the
 * first or the last still count apart (56).  Of a pair whose levels
 * differ, the later lane takes a pass of its own, 2 or 3 (its pair's
 * plus 2: no other lane of the quad has it).
 */
static void
splitlod(const double *lod, uint32_t m, uint8_t *pass)
{
	for (unsigned l = 0; l < WARP; l++) {
		unsigned q = l & ~3u;
		if (!(m >> l & 1))
			continue;
		for (unsigned k = q; k < l; k++)
			if ((m >> k & 1) && pass[k] == pass[l] && lod[k] != lod[l]) {
				pass[l] = (uint8_t)(pass[l] + 2);
				break;
			}
	}
}

/*
 * tex.grad: a quad's lanes whose gradients the unit keeps alike (cut to
 * 10 bits, as for their level of detail) go in one pass, sharing sectors,
 * and each other lane in a pass of its own (tests/tex/ncu.tsv's 2D
 * tex.grad launches: the lanes of "grad sweep" 256-511, whose dx steps by
 * 2^-10 texels below the cut, share theirs as a quad; "grad len"'s
 * quads of one level of detail from different gradients share none;
 * "grad fine"'s quads of infinite dy share theirs, as do its lanes paired
 * by the cut).  Each lane takes the pass of the first lane alike.
 */
static void
gradpasses(const double (*g)[6], uint32_t m, uint8_t *pass)
{
	for (unsigned l = 0; l < WARP; l++) {
		unsigned q = l & ~3u, k = q;
		if (!(m >> l & 1))
			continue;
		while (k < l && (!(m >> k & 1) || memcmp(g[k], g[l], sizeof g[l])))
			k++;
		pass[l] = (uint8_t)(k - q);
	}
}

/* What passes() needs of the lanes' objects (the last lane's; a warp's
 * lanes mostly sample one object): texel bytes, linear filtering within
 * and between levels, linear memory (any lane's), BC6H blocks. */
typedef struct {
	unsigned tsz;
	int lin, miplin, buffer, bc6;
} Lanes;

/*
 * How the texture unit takes one warp instruction's lanes, for its
 * counters: the one place that decides what a request of tex, tld4 or txq
 * counts.  *grp lanes make a request, counted when one of them is active;
 * the unit takes a request's lanes *share at a time (a pass: lanes 0-1 and
 * 2-3 of a quad, or 0-2 and 1-3 when pairlanes() says so; *share 0: the
 * lanes of like gradients, gradpasses()), and a pass counts the distinct
 * sectors of its lanes' keys (fetched(): the texels of non-zero weight,
 * which also carry their pass between mipmap levels), each *mul times; a
 * request counts (*pairs) only when an even number of its lanes are
 * active.  What must hold,
 * each the counts of ncu on an H200 (launches of tests/tex/ncu.tsv, which
 * tests/tex.test compares every launch's with):
 *   - a quad a request, a pass (2D, 1D, layered, cube: tex and tld4);
 *     8 lanes a request and a pass for linear memory (44, 45, 47) and
 *     txq (no sectors);
 *   - 3D linear filtering: two lanes a pass (33, 34, 91, 92 and the
 *     probe lanes 3d f32, 159-174); with linear filtering between
 *     mipmap levels, only two of one level of detail (splitlod(): 472,
 *     473 pair; 474 and 56, of several levels, count each lane's own);
 *   - 16-byte texels filtered linearly: two lanes a pass, one in 3D,
 *     every sector counted twice (probe lanes 2d and 3d f32x4, 111-126
 *     and 175-190; 16); in 3D a request of an odd number of active lanes
 *     counts its sectors but is not counted itself (*pairs: 175-188, 400,
 *     402 of 1 and 3 lanes; a quad counts one, 189, 190, 403); point
 *     sampling takes them as any other texels (409, 410), and so does
 *     tld4, whatever the filter (tests/shim/texgeom.ncu's tld4 of a
 *     layered f32x4 array, 182 sectors for 64 lanes, with and without
 *     offsets, where the rule of linear filtering gives 376);
 *   - BC6H blocks: two lanes a pass, point or linear (tests/shim/
 *     texfmt.ncu's 107-116: 256 sectors for 128 quads along a row of
 *     blocks; tests/shim/bc6.ncu: 1 sector for 1 or 2 lanes in a block,
 *     2 for 4 lanes along a row, down a column or in a 2x2 quad, where
 *     BC7's count 1);
 *   - tex.grad: the lanes of a quad alike in gradients a pass, every
 *     other lane one (53, 94, 103-106, 223, 224, 235-239, 494-509);
 *   - tex.grad.3d: one lane a request, the lane a quad of its own
 *     (quad3: grad3quad()), whose four fetches count as the lanes of a
 *     3D tex's quad do (107, 108; probe sectors levels' 3D lanes at a
 *     level and between two, 416-430 and 510-513; tests/shim/texbits's
 *     grad3d lanes, all 32).
 * tests/tex/ncu-xfail.txt lists the launches these do not give.
 */
static void
passes(const int *tb, const Lanes *ln, int quad3, unsigned *grp, unsigned *share, unsigned *mul, int *pairs)
{
	int grad = tb[T_KIND] == TK_TEX && tb[T_GX] >= 0 && !quad3, g3 = tb[T_GEOM] == G_3D;

	*grp = tb[T_KIND] == TK_TXQ || ln->buffer ? 8 : grad && g3 ? 1 : 4;
	*share = grad ? !!g3 : *grp;
	*mul = 1;
	*pairs = 0;
	if (tb[T_KIND] == TK_TXQ)
		return;
	if (g3 && ln->lin && *share > 2)
		*share = 2;
	if (ln->tsz == 16 && ln->lin)
		*share = *share > 2 && !g3 ? 2 : 1, *mul = 2, *pairs = g3;
	if (ln->bc6 && *share > 2)
		*share = 2;
}

/*
 * A direction d (three floats' bits) of a tex.grad.cube quad as
 * pairlanes() measures it: in level-0 texels of the face f of the lane's
 * own direction (s's).  On f it is d projected onto f's plane; on a
 * face h beside f it is unfolded across the edge
 * they share, as cubegrad() unfolds a gradient: along the axis that
 * crosses the edge, the edge plus d's distance past it on h, along the
 * other d's own coordinate; on the face opposite f it is farther from p
 * than any place on the others.  What holds (an H200): tests/shim/
 * texgeom.acube.ncu's lane 51 (p + dx on the face beside p's, whose
 * projection lies past a corner of f: 44 sectors, paired with p as
 * unfolded, 30 paired with p + dy as projected), alone on the cube, on
 * the layered cube in either layer, and in its quad; texgeom.alanes2.ncu's
 * 23 lanes of grad_acube whose quads cross an edge, their gradients
 * scaled by 1/2 to 3 (161 launches), every one (its 122, lane 46's
 * gradients times 3, p + dx on the opposite face: 12 sectors, paired
 * with p + dy; 16 paired with p + dx as projected); and every other lane of texgeom.gpu's
 * grad_cube and grad_acube, and of tests/shim/texcube.c's grad launches,
 * which pair the same either way.
 */
static void
onface(const Smp *s, const uint64_t *d, double at[3])
{
	double dv[3], c[3], st[2], m;
	unsigned f = (unsigned)(s->slice % 6), h;
	uint64_t n0[3];

	interp_tex_dims(s->o, 0, n0);
	for (int a = 0; a < 3; a++)
		dv[a] = f32of((uint32_t)d[a]);
	m = fmax(fabs(dv[0]), fmax(fabs(dv[1]), fabs(dv[2])));
	h = cubeface(dv, &st[0], &st[1]);
	faceaxes(f, dv, &c[0], &c[1], &c[2]);
	if (h != f && h != (f ^ 1) && m > 0) {
		/* h's major axis is f's face axis a (sign sg); c scaled so
		 * that the component along it is 1 */
		int a = facebasis[h][0][0] * facebasis[f][1][0] + facebasis[h][0][1] * facebasis[f][1][1] +
		    facebasis[h][0][2] * facebasis[f][1][2] ? 1 : 2;
		double sg;
		for (int k = 0; k < 3; k++)
			c[k] /= m;
		sg = c[a] < 0 ? -1 : 1;
		c[a] = sg * (2 - c[0]);
	} else if (h == (f ^ 1))   /* the opposite face: farther than any place on the others */
		c[1] = c[2] = 1e9;
	else if (c[0] != 0)
		c[1] /= c[0], c[2] /= c[0];
	at[0] = (c[1] + 1) / 2 * (double)n0[0], at[1] = (c[2] + 1) / 2 * (double)n0[0], at[2] = 0;
}

/*
 * tex.grad.3d and tex.grad.cube, one lane's counters.  ptxas compiles
 * them to a call of a routine the driver supplies (CALL.ABS.NOINC in the
 * SASS of tests/tex/tex.ptx's t3dgrad_f): the unit takes the lane as a quad of
 * its own, four fetches at the coordinates, at them plus dx, plus dy and
 * plus both (all at the lane's level of detail; a quad's differences are
 * its gradients), and counts them as a 3D tex counts its quad's lanes
 * (passes(), quad3): linear filtering pairs them by pairlanes(), the
 * same texel along z before the nearer along y, each pair a pass, where
 * the texels are those of the level the lane reads (the lower of two),
 * not level 0's.  One request.  What holds: tests/shim/texbits.c's
 * grad3d, a lane a launch, all 32 sector counts (dx and dy along every
 * pair of axes and along one, levels whole and between two: dx along y
 * with dy along z pairs p with p + dx, 32 sectors; dx along z with dy
 * along x pairs p with p + dy, 16), and tests/tex/ncu.tsv's grad 3d a and
 * b (107, 108: 1024 lanes, dx along x, along z, of (2, m, 0), (2, 0, m)
 * and (2, m, m) texels, dx along x with dy along z, and random gradients
 * of either sign: with level 0's texels 108 counts 5256, the GPU 5406;
 * with the nearest level's, 107 counts 7606, the GPU 7420) and probe
 * sectors levels' 3D lanes.  A cube's quad pairs as a 2D one does, by
 * the distance on the face of the lane's own direction (onface()), each
 * direction sampling its own face: tests/shim/texgeom.ncu's grad_cube
 * counts a request a lane and 1396 sectors, as ncu does (with the
 * directions' own x and y for the distance, 1438), and of 64 other such
 * lanes of an H200, each launched alone, 63 (the 64th, clamped to the
 * last level with p + dy on another face, counts 16 sectors, as p paired
 * with p + dy gives, where the projection onto p's plane that onface()
 * used then paired p with p + dx: 8).  Of a layered
 * cube (tex.grad.acube), the fetches beside p's of a quad's first lane
 * read the layers of the quad's other lanes, p + dx lane 1's, p + dy lane
 * 2's, p + dx + dy lane 3's, where that lane is active, else the last
 * layer; every other lane's read p's layer.  What holds (an H200):
 * tests/shim/texgeom.alanes.ncu's 362 launches: lanes of grad_acube alone
 * in each place of a quad whose idle lanes ask for either layer, on 2
 * layers and on 4; quads of one lane in each pattern of layers; two lanes
 * in each pair of places and layers; every lane in place 1, its gradients
 * as drawn and doubled; texgeom.alanes2.ncu's crossing lanes (onface());
 * tests/shim/texgeom.acube2.ncu's quads of grad_acube each alone in its
 * place (3-18: 8 of the 16 count other than their lanes alone in place
 * do, 8 fewer to 12 more sectors; this gives all 16, where any other
 * choice for each lane of the quad among those lanes' layers, the last
 * and p's misses one or more), the launch of all 64 (1292 sectors; the
 * last layer for the first lanes gives 1228 and p's layer 1198) and with
 * every lane in layer 0 or 1 (1212 both); each lane alone in its place
 * (19-82) and as the first of four whose idle three ask for layer 0 or 1
 * (83-210: the last layer, whatever they ask); texgeom.acube.ncu's 64 lanes each alone in a
 * launch of one (the 44 of layer 1 or past it as on the cube of one
 * layer, 16 of the 20 of layer 0 counting 4 to 12 sectors more);
 * texgeom.alanes3.ncu's 256 lanes with gradients 4 and 6 times as drawn
 * (fetches on other faces, the opposite one too) and 140 random quads of
 * random layers, some lanes idle.  Not had: where the quad's other lanes
 * are idle or past the block's last thread, the three read what those
 * lanes' registers held from an earlier launch: alanes3.ncu's 257-324
 * (one launch counting as p's layer after one launch and as another after
 * another; a lane past the block's end as its lane's layer in the launch
 * before), texgeom.alanes2.ncu's 163-173, texgeom.acube2.ncu's 211-466
 * (as layer 0, on 4 layers) and texgeom.acube.ncu's 1; this takes the
 * last layer, as those lanes mostly read.
 * s: the lane's fetch at its coordinates, done; src its sources; ln its
 * object's traits; layer[] the lanes' layers, m the active lanes.
 */
static int
grad3quad(Launch *L, const XIns *xi, const Smp *s, const uint64_t *src, const Lanes *ln, const uint64_t *layer,
          uint32_t m)
{
	const int *tb = xi->tbl;
	uint64_t keys[4][TEXKEYS];
	double at[4][3];
	unsigned nk[4], grp, share, mul;
	uint8_t pass[4];
	int pairs, g = tb[T_GEOM], c0 = g == G_ACUBE || g == G_A1D || g == G_A2D ? 2 : 1;   /* after a layer */

	memcpy(keys[0], s->keys, *s->nkeys * sizeof keys[0][0]);
	nk[0] = *s->nkeys;
	memcpy(at[0], s->at, sizeof at[0]);
	for (int q = 1; q < 4; q++) {
		uint64_t v[TEXNS];
		uint32_t o[4];
		Smp t = *s;
		memcpy(v, src, sizeof v);
		for (int a = 0; a < 3 && a < tb[T_NG]; a++) {
			float c = f32of((uint32_t)src[c0 + a]);
			if (q & 1)
				c += f32of((uint32_t)src[tb[T_GX] + a]);
			if (q & 2)
				c += f32of((uint32_t)src[tb[T_GY] + a]);
			v[c0 + a] = bitsof(c);
		}
		if (g == G_ACUBE && !(s->lane & 3))   /* a quad's first lane: lane q's layer, or the last */
			v[1] = m >> (s->lane + q) & 1 ? layer[s->lane + q] : s->o->t.depth / 6 - 1;
		nk[q] = 0;
		t.keys = keys[q], t.nkeys = &nk[q], t.quadlod = 1;
		if (fetch(&t, tb, v, o))
			return -1;
		memcpy(at[q], t.at, sizeof at[q]);
		if (g == G_CUBE || g == G_ACUBE)
			onface(s, v + c0, at[q]);
	}
	if (g == G_CUBE || g == G_ACUBE)
		onface(s, src + c0, at[0]);
	passes(tb, ln, 1, &grp, &share, &mul, &pairs);
	for (int q = 0; q < 4; q++)   /* the texels of the level read first */
		for (int a = 0; a < 3; a++)
			at[q][a] = ldexp(at[q][a], -(int)s->lv0);
	for (unsigned q = 0; q < 4; q++)
		pass[q] = (uint8_t)(q / share);
	if (share == 2)
		pairlanes((const double (*)[3])at, NULL, NULL, NULL, NULL, 0xf, g == G_3D, 0, pass);
	interp_tex_count(L, xi, PTX_MC_TEX, 0xf, 4, pass, NULL, mul, 0, keys, nk);   /* four: even (pairs) */
	return 0;
}

/*
 * A lane of one inner level (Smp's onelv: a fraction of 0 at level 1 or
 * above, linear between levels, not clamped) in a 1D or 2D quad beside a
 * lane between that level and the next: the unit takes it as a lane
 * between the two whose upper level weighs 0, and fetches that level's
 * texels too, in the upper pass.  From an H200: tests/shim/
 * texmip.places.ncu's quads of a lane exactly at level 1 (or 1/512
 * above it), two between levels 0 and 1 and one between 1 and 2, each
 * lane at a place of its own, count 64 sectors in all 12 orders, where
 * the one level alone gives 56; and texmip.levels.ncu and .mixed.ncu's
 * quads at one place (64, 48 or 32 by the pairing, pairlanes()).  That
 * lane beside lanes between 0 and 1 alone reads its one level
 * (texmip.levels.ncu's 2, 4 and 6: 24, 24 and 40 sectors); so does a
 * lane below 1/256 of level 0 beside lanes between 0 and 1
 * (texmip.tf0.ncu's 24 quads, "levels" 42), and tex.level of 3D arrays
 * (tests/tex/ncu.tsv's 474) and of layered cubes (texgeom.ncu's
 * lvl_acube) count without it.  Of 40 random quads of lanes near one
 * place at levels 1 to 3 exactly, 1/512 above one, or between two, on
 * the H200, 39 of f32x4 texels count as this has it (25 without it) and
 * 35 of f32 (30); their warps of 8 such quads, 5 and 8 of 12 (2 and 2),
 * the rest lying between the quads of a warp (tests/tex/ncu-xfail.txt's
 * 98 and 102); a lane beside a lane between the next level and the one
 * above that (not its own) is not so taken (giving it the next level
 * too misses 15 of the 40 quads of f32x4).
 * nlv: the levels each lane reads, lv0 the lower; m the active lanes.
 */
static int
pairup(const unsigned *nlv, const unsigned *lv0, uint32_t m, unsigned l)
{
	for (unsigned k = l & ~3u; k < (l & ~3u) + 4; k++)
		if (k != l && m >> k & 1 && nlv[k] == 2 && lv0[k] == lv0[l])
			return 1;
	return 0;
}

/*
 * The requests of the lanes m, grp lanes each, that ncu does not count
 * (a bit at each one's first lane): with pairs, those of an odd number of
 * active lanes (passes()); and, where a 1D or 2D tex.level quad's lanes
 * go two a pass (lv2), a quad whose active lanes are lanes 0 and 1 alone,
 * reading the same two levels at different weights (nlv, lv0, tf: each
 * lane's levels, the lower, the upper's weight).  From an H200:
 * tests/shim/texmip.places.ncu's 84-86 and texmip.levels.ncu's 8 (a lane
 * at level 1 exactly, which pairup() gives level 2 too, beside one
 * between 1 and 2), and texmip.few.ncu's launches of f32x4 texels: each
 * of its 12 quads of such two lanes (between 1 and 2 at another weight,
 * at one place, a texel apart or far; at level 2 beside one between 2 and
 * 3; with another quad or not) counts no request, as texmip.rsub.ncu's
 * 16 (two lanes between 3 and 4 at weights 110 and 120), where two lanes
 * of one weight, or of two levels each but not the same, or a lane of
 * one level beside one of two, or such a pair in lanes 0 and 2, 0 and 3,
 * 1 and 2 or 2 and 3, or with a third lane, count one; of f32 texels
 * (four lanes a pass) every quad counts one.  The sectors count as ever.
 */
static uint32_t
uncounted(uint32_t m, unsigned grp, int pairs, int lv2, const unsigned *nlv, const unsigned *lv0, const unsigned *tf)
{
	uint32_t nc = 0;

	for (unsigned g = 0; g < WARP; g += grp) {
		uint32_t gm = m >> g & ((1u << grp) - 1);
		if (pairs && __builtin_popcount(gm) & 1)
			nc |= 1u << g;
		if (lv2 && gm == 3 && nlv[g] == 2 && nlv[g + 1] == 2 && lv0[g] == lv0[g + 1] && tf[g] != tf[g + 1])
			nc |= 1u << g;
	}
	return nc;
}

/* Whether pairup() decides for the lanes of this instruction: tex.level
 * (or a tex of level 0) of 1D and 2D textures, layered or not. */
static int
lonelevel(const int *tb)
{
	return tb[T_KIND] == TK_TEX && tb[T_GX] < 0 && tb[T_GEOM] != G_3D && tb[T_GEOM] != G_CUBE &&
	    tb[T_GEOM] != G_ACUBE;
}

/*
 * One lane of tex, tld4 or txq: its object (a fault: -1), its fetch into
 * d[][l] and, when counting, its sectors into keys[] (*nk of them); s
 * keeps what the counters need of it.  zeroup: the lane of one level
 * fetches the next level's texels too (pairup()); m: the active lanes.
 */
static int
onelane(Launch *L, Warp *w, const XIns *xi, uint32_t m, uint32_t l, uint64_t v[][WARP], uint64_t d[][WARP], int zeroup,
        Smp *s, Lanes *ln, uint64_t *keys, unsigned *nk)
{
	const int *tb = xi->tbl;
	const TexObj *o;
	TexObj so;
	uint64_t src[TEXNS], h;
	uint32_t out[4];

	if (interp_tex_handle(L, w, (int)l, xi, v[0][l], &h))
		return -1;
	if (!(o = interp_tex_obj(L->cx, h, 0))) {
		interp_fault(L, w, (int)l, xi, PTX_FAULT_OOB, h, 0, "0x%" PRIx64 " is not a texture object%s", h,
		    tb[T_REF] ? " (the .texref's handle)" : "");
		return -1;
	}
	if (tb[T_SMP] >= 0) {
		if (interp_tex_sampled(L, w, (int)l, xi, o, v[tb[T_SMP]][l], &so))
			return -1;
		o = &so;
	}
	memset(s, 0, sizeof *s);
	*nk = 0;
	if (tb[T_KIND] == TK_TXQ) {
		d[0][l] = interp_tex_query(o, tb[T_QUERY], tb[T_LOD] >= 0 ? (uint32_t)v[tb[T_LOD]][l] : 0);
		return 0;
	}
	for (int k = 0; k < xi->ns; k++)
		src[k] = v[k][l];
	s->L = L, s->w = w, s->lane = (int)l, s->xi = xi, s->o = o, s->isint = interp_tex_readsint(o);
	s->zeroup = zeroup, s->lone = lonelevel(tb);
	if (L->st)
		s->keys = keys, s->nkeys = nk;
	ln->buffer |= o->t.geom == PTX_TEX_BUFFER;
	/* tld4 gathers, whatever the filter (passes()) */
	ln->tsz = o->bc ? 1 : o->tsz, ln->lin = o->t.filter == PTX_FILTER_LINEAR && !s->isint && tb[T_KIND] != TK_TLD4;
	ln->miplin = o->t.mip_filter == PTX_FILTER_LINEAR && o->t.levels > 1;
	ln->bc6 = o->t.format == PTX_TEXFMT_BC6H || o->t.format == PTX_TEXFMT_BC6HS;
	if (fetch(s, tb, src, out))
		return -1;
	if (L->st && tb[T_KIND] == TK_TEX && tb[T_GX] >= 0 &&
	    (tb[T_GEOM] == G_3D || tb[T_GEOM] == G_CUBE || tb[T_GEOM] == G_ACUBE) && !zeroup &&
	    grad3quad(L, xi, s, src, ln, v[1], m))
		return -1;
	for (int c = 0; c < 4; c++)
		d[c][l] = out[c];
	if (tb[T_PRED])
		d[4][l] = 1;   /* every texel is resident */
	return 0;
}

/* tex, tld4, txq: v[k][lane] the sources, d[k][lane] the destinations. */
int
interp_tex(Launch *L, Warp *w, const XIns *xi, uint32_t m, uint64_t v[][WARP], uint64_t d[][WARP])
{
	const int *tb = xi->tbl;

	uint64_t keys[WARP][TEXKEYS];
	double at[WARP][3], grad[WARP][6], lod[WARP];
	uint64_t slice[WARP];
	unsigned nlv[WARP], lv0[WARP], tfs[WARP];
	unsigned nk[WARP], grp, share, mul;
	int grad3 = tb[T_KIND] == TK_TEX && tb[T_GX] >= 0 &&
	    (tb[T_GEOM] == G_3D || tb[T_GEOM] == G_CUBE || tb[T_GEOM] == G_ACUBE);
	int pairs;
	uint8_t pass[WARP], passhi[WARP], onelv[WARP];
	Lanes ln = { 0, 0, 0, 0, 0 };

	if (tb[T_KIND] != TK_TEX && tb[T_KIND] != TK_TLD4 && tb[T_KIND] != TK_TXQ)
		return interp_surf(L, w, xi, m, v, d);
	FOR_LANES(m, l) {
		Smp s;
		if (onelane(L, w, xi, m, l, v, d, 0, &s, &ln, keys[l], &nk[l]))
			return -1;
		memcpy(at[l], s.at, sizeof at[l]);
		slice[l] = s.slice, nlv[l] = s.nlv, lv0[l] = s.lv0, tfs[l] = s.tf, onelv[l] = (uint8_t)s.onelv;
		memcpy(grad[l], s.grad, sizeof grad[l]);
		lod[l] = s.lod;
	}
	if (L->st) {
		if (tb[T_KIND] == TK_TXQ)
			memset(nk, 0, sizeof nk);
		if (grad3)   /* counted lane by lane, grad3quad() */
			return 0;
		passes(tb, &ln, 0, &grp, &share, &mul, &pairs);
		if (lonelevel(tb)) {
			uint32_t up = 0;
			FOR_LANES(m, l)
				up |= (uint32_t)(onelv[l] && pairup(nlv, lv0, m, l)) << l;
			FOR_LANES(up, l) {
				Smp s;
				if (onelane(L, w, xi, m, l, v, d, 1, &s, &ln, keys[l], &nk[l]))
					return -1;
				nlv[l] = s.nlv;
			}
		}
		for (unsigned l = 0; l < WARP; l++)
			pass[l] = (uint8_t)(share ? l % grp / share : 0);
		memcpy(passhi, pass, sizeof pass);
		if (!share)
			gradpasses((const double (*)[6])grad, m, pass);
		else if (share == 2 && grp == 4) {
			const unsigned *lv = tb[T_GEOM] == G_CUBE || tb[T_GEOM] == G_ACUBE ? NULL : lv0;
			pairlanes((const double (*)[3])at, slice, nlv, lv, tfs, m, tb[T_GEOM] == G_3D, 1, pass);
			pairlanes((const double (*)[3])at, slice, nlv, lv, tfs, m, tb[T_GEOM] == G_3D, 0, passhi);
		}
		if (share == 2 && grp == 4 && tb[T_GEOM] == G_3D && ln.miplin)
			splitlod(lod, m, pass), splitlod(lod, m, passhi);
		interp_tex_count(L, xi, PTX_MC_TEX, m, grp, pass, share ? passhi : NULL, mul,
		    uncounted(m, grp, pairs, lonelevel(tb) && share == 2 && grp == 4, nlv, lv0, tfs), keys, nk);
	}
	return 0;
}

/*
 * texobj.c -- texture and surface objects: ptx_texture_create and
 * ptx_surface_create check a description and keep it in the context's
 * table (cx->tex); the handle a kernel gets is the slot's index + 1 in
 * its low 32 bits and the slot's generation in its high 32, so that a
 * destroyed object's handle, or any made-up number, names nothing:
 * interp_tex_obj answers NULL and the instruction faults.  An object
 * holds guest addresses only.  Also what a kernel asks of an object
 * (txq's and suq's queries), the handle a .texref or .surfref variable
 * holds, and an object seen through a sampler (independent mode).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "interp.h"
#include "tex.h"

/* by PTX_TEXFMT_*: bytes of a channel (block-compressed: of a block),
 * and the channels a texel must have (0: 1, 2 or 4) */
static const uint8_t chbytes[] = { 1, 2, 4, 1, 2, 4, 2, 4, 8, 16, 16, 8, 8, 16, 16, 16, 16, 16, 4 };
static const uint8_t fmtch[] = { 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 1, 1, 2, 2, 3, 3, 4, 4 };

static int
isbc(unsigned f)
{
	return f >= PTX_TEXFMT_BC1 && f <= PTX_TEXFMT_BC7;
}

/* ---------------------------------------------------------------- objects */

static uint64_t
umax1(uint64_t x)
{
	return x ? x : 1;
}

/* Level l's size along each axis (3D depth halves, layers do not). */
void
interp_tex_dims(const TexObj *o, unsigned l, uint64_t d[3])
{
	const ptx_texture *t = &o->t;

	d[0] = t->geom == PTX_TEX_BUFFER ? t->width : umax1(t->width >> l);   /* a buffer may be empty */
	d[1] = t->geom == PTX_TEX_1D || t->geom == PTX_TEX_A1D || t->geom == PTX_TEX_BUFFER ? 1 :
	    umax1(t->height >> l);
	d[2] = t->geom == PTX_TEX_3D ? umax1(t->depth >> l) :
	    t->geom == PTX_TEX_A1D || t->geom == PTX_TEX_A2D || t->geom == PTX_TEX_CUBE ||
	    t->geom == PTX_TEX_ACUBE ? t->depth : 1;
}

/* Why t is not a valid description (surf: of a surface), or NULL; fills
 * o's derived fields. */
static const char *
check(ptx_ctx *cx, const ptx_texture *t, int surf, TexObj *o)
{
	uint64_t lim, es, end;
	unsigned nl = t->levels ? t->levels : 1;

	if (t->version < 5)
		return "the description's version is older than textures (5)";
	if (t->geom > PTX_TEX_BUFFER || t->format > PTX_TEXFMT_UNORM_10_10_10_2)
		return "unknown geometry or format";
	if (fmtch[t->format] ? t->channels != fmtch[t->format] : t->channels != 1 && t->channels != 2 && t->channels != 4)
		return "a texel has 1, 2 or 4 channels (a packed or compressed format's own count)";
	if (isbc(t->format) && surf)
		return "a surface of a block-compressed format";
	/* blocks of 4x4 texels are 2D images, a 3D texture's slices too */
	if (isbc(t->format) && (t->geom == PTX_TEX_1D || t->geom == PTX_TEX_A1D || t->geom == PTX_TEX_BUFFER))
		return "a block-compressed texture in 1D";
	if (nl > PTX_TEX_MAXLEVELS || (nl > 1 && (t->geom == PTX_TEX_BUFFER || surf)))
		return "bad mipmap level count";
	lim = t->geom == PTX_TEX_BUFFER ? 1ull << 27 : t->geom == PTX_TEX_3D ? 1u << 14 : 1u << 17;
	if ((!t->width && t->geom != PTX_TEX_BUFFER) || t->width > lim)
		return "the width is 0 or past the limit";
	switch (t->geom) {
	case PTX_TEX_1D: case PTX_TEX_BUFFER:
		if (t->height || t->depth)
			return "a 1D texture has neither height nor depth";
		break;
	case PTX_TEX_2D:
		if (!t->height || t->height > lim || t->depth)
			return "a 2D texture needs a height (and no depth)";
		break;
	case PTX_TEX_3D:
		if (!t->height || t->height > lim || !t->depth || t->depth > lim)
			return "a 3D texture needs a height and a depth";
		break;
	case PTX_TEX_A1D:
		if (t->height || !t->depth || t->depth > 2048)
			return "a layered 1D texture needs 1 to 2048 layers (and no height)";
		break;
	case PTX_TEX_A2D:
		if (!t->height || t->height > lim || !t->depth || t->depth > 2048)
			return "a layered 2D texture needs a height and 1 to 2048 layers";
		break;
	default:   /* cubemaps */
		if (t->height != t->width || t->width > 32768 || !t->depth || t->depth % 6 ||
		    (t->geom == PTX_TEX_CUBE && t->depth != 6) || t->depth > 6 * 2046)
			return "a cubemap has square faces, 6 of them a cube";
		break;
	}
	if (!surf) {
		for (int a = 0; a < 3; a++)
			if (t->addr_mode[a] > PTX_ADDR_BORDER)
				return "unknown address mode";
		if (t->filter > PTX_FILTER_LINEAR || t->mip_filter > PTX_FILTER_LINEAR)
			return "unknown filter mode";
		if (t->flags & ~(unsigned)(PTX_TEXF_READ_INT | PTX_TEXF_NORMALIZED | PTX_TEXF_SRGB | 0x20 | PTX_TEXF_SEAMLESS |
		    PTX_TEXF_BLOCK_LINEAR | PTX_TEXF_SNORM8 | PTX_TEXF_NORMFMT))
			return "unknown flags";
	}
	memset(o, 0, sizeof *o);
	o->t = *t;
	o->t.levels = nl;
	o->surf = surf;
	o->esz = chbytes[t->format];
	o->tsz = t->format > PTX_TEXFMT_F32 ? o->esz : o->esz * t->channels;
	o->bc = isbc(t->format);
	o->ff = o->bc ? interp_tex_bcform(t->format) : t->format == PTX_TEXFMT_UNORM_10_10_10_2 ? PTX_TEXFMT_U16 :
	    t->format;
	/* compressed texels all read 4 channels, the missing ones of BC4,
	 * BC5 and BC6H 0 but alpha 1 (a value the decoder gives) */
	o->fch = t->format > PTX_TEXFMT_F32 ? 4 : t->channels;
	for (unsigned l = 0; l < nl; l++) {
		uint64_t d[3], row, n;
		ptx_devptr base;
		size_t size;
		interp_tex_dims(o, l, d);
		if (o->bc)   /* rows of blocks */
			d[0] = (d[0] + 3) / 4, d[1] = (d[1] + 3) / 4;
		row = d[0] * o->tsz;
		o->pitch[l] = l == 0 && t->pitch ? t->pitch : row;
		/* a pitch given may be below the row: the rows overlap, as a
		 * GPU's pitched texture lets them (tests/shim/edges.gpu) */
		if (t->addr[l] % o->esz || o->pitch[l] % o->esz)
			return "an address or pitch not aligned to a channel";
		if (ir_size_mul(o->pitch[l], d[1], &o->slice[l]) || ir_size_mul(o->slice[l], d[2], &n))
			return "the texels' size overflows";
		/* the last row needs only its texels; they start in an
		 * allocation and may reach past it, into what lies beyond (the
		 * next allocations of a 2 MiB chunk, or zeros), which a GPU's
		 * driver takes too (tests/shim/edges.gpu): each texel is read
		 * through interp_xlate, which faults where nothing is */
		es = n - o->pitch[l] + row;
		if (ir_size_add(t->addr[l], es, &end) || ptx_mem_range(cx, t->addr[l], &base, &size) != PTX_OK)
			return "a level's texels do not start inside an allocation";
	}
	return NULL;
}

static int
create(ptx_ctx *cx, const ptx_texture *t, int surf, uint64_t *out)
{
	TexObj o, *s = NULL;
	const char *why;
	uint32_t i;

	if (!cx || !t || !out)
		return PTX_EINVAL;
	interp_diag_clear(cx);
	if ((why = check(cx, t, surf, &o))) {
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "%s object: %s", surf ? "surface" : "texture", why);
		return PTX_EINVAL;
	}
	for (i = 0; i < cx->ntex && cx->tex[i].live; i++)
		;
	if (i == cx->ntex) {
		if (i >= 0x7fffffffu)
			return PTX_ENOMEM;
		if (!(s = interp_realloc(cx, cx->tex, (size_t)(i + 1) * sizeof *s)))
			return PTX_ENOMEM;
		cx->tex = s;
		cx->ntex++;
		cx->tex[i].gen = 0;
	}
	o.gen = cx->tex[i].gen + 1;
	if (!o.gen)
		o.gen = 1;
	o.live = 1;
	cx->tex[i] = o;
	*out = (uint64_t)o.gen << 32 | (i + 1);
	return PTX_OK;
}

int
ptx_texture_create(ptx_ctx *cx, const ptx_texture *t, uint64_t *out)
{
	return create(cx, t, 0, out);
}

int
ptx_surface_create(ptx_ctx *cx, const ptx_texture *t, uint64_t *out)
{
	return create(cx, t, 1, out);
}

const TexObj *
interp_tex_obj(const ptx_ctx *cx, uint64_t h, int surf)
{
	uint64_t i = (h & 0xffffffffu) - 1;
	const TexObj *o;

	if (i >= cx->ntex)
		return NULL;
	o = &cx->tex[i];
	return o->live && o->gen == h >> 32 && o->surf == surf ? o : NULL;
}

int
ptx_texture_destroy(ptx_ctx *cx, uint64_t h)
{
	TexObj *o;

	if (!cx)
		return PTX_EINVAL;
	if (!(o = (TexObj *)interp_tex_obj(cx, h, 0)) && !(o = (TexObj *)interp_tex_obj(cx, h, 1)))
		return PTX_EINVAL;
	o->live = 0;   /* the generation stays: the next object of the slot gets another */
	return PTX_OK;
}

void
interp_tex_release(ptx_ctx *cx)
{
	interp_free(cx, cx->tex);
	cx->tex = NULL;
	cx->ntex = 0;
}

/* Whether o's fetches return integers (no filtering), else floats. */
int
interp_tex_readsint(const TexObj *o)
{
	unsigned f = o->t.format;
	return f == PTX_TEXFMT_U32 || f == PTX_TEXFMT_S32 ||
	    ((o->t.flags & PTX_TEXF_READ_INT) && f != PTX_TEXFMT_F16 && f < PTX_TEXFMT_F32);
}

/* OpenCL's numbering of channel types and orders, which txq and suq answer */
unsigned
interp_tex_chtype(const TexObj *o)
{
	static const unsigned norm[] = { 0x10d2, 0x10d3, 0x10dc, 0x10d0, 0x10d1, 0x10d9, 0x10dd, 0x10de };
	static const unsigned integ[] = { 0x10da, 0x10db, 0x10dc, 0x10d7, 0x10d8, 0x10d9, 0x10dd, 0x10de };
	if (o->t.format > PTX_TEXFMT_F32)   /* CL_UNORM_INT_101010, or the format the blocks decode to */
		return o->t.format == PTX_TEXFMT_UNORM_10_10_10_2 ? 0x10d6 : norm[o->ff];
	return (interp_tex_readsint(o) || o->surf ? integ : norm)[o->t.format];
}

unsigned
interp_tex_chorder(const TexObj *o)
{
	return o->t.channels == 1 ? 0x10b0 : o->t.channels == 2 ? 0x10b2 : 0x10b5;
}

/* txq and suq: query q of level lv */
uint32_t
interp_tex_query(const TexObj *o, int q, uint32_t lv)
{
	const ptx_texture *t = &o->t;
	uint64_t n[3];
	int layered = t->geom == PTX_TEX_A1D || t->geom == PTX_TEX_A2D || t->geom == PTX_TEX_ACUBE;

	interp_tex_dims(o, lv < t->levels ? lv : 0, n);
	switch (q) {
	case MOD_WIDTH: return (uint32_t)n[0];
	/* A layered object answers its layer count in the dimension after
	 * its last (a1d's height, a2d's depth), and a mipmapped 1D texture a
	 * height of 1: so an H200 answers (tests/tex/ref.bin). */
	case MOD_HEIGHT: return t->geom == PTX_TEX_A1D ? (uint32_t)t->depth :
	    t->geom == PTX_TEX_1D ? (t->levels > 1) : t->geom == PTX_TEX_BUFFER ? 0 : (uint32_t)n[1];
	case MOD_DEPTH: return t->geom == PTX_TEX_3D ? (uint32_t)n[2] : t->geom == PTX_TEX_A2D ? (uint32_t)t->depth : 0;
	case MOD_CHANNEL_DATA_TYPE: return interp_tex_chtype(o);
	case MOD_CHANNEL_ORDER: return interp_tex_chorder(o);
	case MOD_NORMALIZED_COORDS: return (t->flags & PTX_TEXF_NORMALIZED) != 0;
	case MOD_ARRAY_SIZE: return layered ? (uint32_t)(t->geom == PTX_TEX_ACUBE ? t->depth / 6 : t->depth) : 0;
	case MOD_NUM_MIPMAP_LEVELS: return t->levels;
	case MOD_NUM_SAMPLES: return 0;
	case MOD_FILTER_MODE: return t->filter;
	case MOD_ADDR_MODE_0: return t->addr_mode[0];
	case MOD_ADDR_MODE_1: return t->addr_mode[1];
	case MOD_ADDR_MODE_2: return t->addr_mode[2];
	case MOD_FORCE_UNNORMALIZED_COORDS: return 0;
	case MOD_MEMORY_LAYOUT: return t->geom != PTX_TEX_BUFFER;
	default: return 0;
	}
}

/* The 8 bytes at global address a (a reference variable), into *v; -1
 * after a fault. */
static int
refword(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t a, uint64_t *v)
{
	const uint8_t *p = interp_xlate(L, w, lane, MS_GLOBAL, a, 8, 0, xi);

	if (!p)
		return -1;
	memcpy(v, p, 8);
	return 0;
}

/* The object handle of a lane whose first source is v: v itself, or
 * what the .texref/.surfref variable at v holds (T_REF). */
int
interp_tex_handle(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t v, uint64_t *h)
{
	if (!xi->tbl[T_REF]) {
		*h = v;
		return 0;
	}
	return refword(L, w, lane, xi, v, h);
}

/* Independent mode: o's resource under the sampler word of the
 * .samplerref variable at a, into *so; -1 after a fault. */
int
interp_tex_sampled(Launch *L, Warp *w, int lane, const XIns *xi, const TexObj *o, uint64_t a, TexObj *so)
{
	uint64_t sw;

	if (refword(L, w, lane, xi, a, &sw))
		return -1;
	*so = *o;
	for (int k = 0; k < 3; k++) {
		unsigned m = (unsigned)(sw >> 3 * k & 7);
		so->t.addr_mode[k] = m ? m - 1 : PTX_ADDR_CLAMP;
	}
	so->t.filter = sw & SMP_LINEAR ? PTX_FILTER_LINEAR : PTX_FILTER_POINT;
	if (sw & SMP_UNNORM)
		so->t.flags &= ~(unsigned)PTX_TEXF_NORMALIZED;
	return 0;
}

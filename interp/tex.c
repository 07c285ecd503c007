/*
 * tex.c -- texture objects and the texture instructions: tex, tld4, txq
 * (surf.c has the surfaces, whose objects live in the same table; texlod.c
 * the level of detail of tex.grad).
 *
 * Objects.  ptx_texture_create and ptx_surface_create check a description
 * and keep it in the context's table (cx->tex); the handle a kernel gets
 * is the slot's index + 1 in its low 32 bits and the slot's generation in
 * its high 32, so that a destroyed object's handle, or any made-up number,
 * names nothing: interp_tex_obj answers NULL and the instruction faults.
 * An object holds guest addresses only; each texel is read through
 * interp_xlate, so memory freed under an object faults like any access
 * outside the allocations, and nothing but guest memory is touched.
 *
 * Sampling follows the CUDA Programming Guide's "Texture Fetching"
 * appendix, with the arithmetic of the texture unit as an H200 (the
 * H100's unit) recorded it in tests/tex/ref.bin: a normalized coordinate
 * is cut to NORM_BITS fractional bits and scaled by the level's size;
 * point sampling takes the texel the coordinate falls in; linear
 * filtering takes the texels around u - 0.5 with integer weights from its
 * fraction rounded to 8 bits (weights()), and filter() blends them in the
 * format's own arithmetic.  Address modes act on texel indices: wrap and
 * mirror need normalized coordinates (with unnormalized ones they clamp,
 * as the driver makes them), border reads the border colour converted to
 * the format.  8- and 16-bit integer texels read as normalized floats
 * unless the object asks for integers (PTX_TEXF_READ_INT); 32-bit
 * integers always read as integers, halves and floats as floats.  A
 * texel lacking channels reads 0 for them, alpha included.  Depth-compare
 * operands are ignored: a texture object has no compare mode.
 *
 * Decoding (interp_tex_decode, for tex.c and surf.c): xi->s[0] is the
 * handle (or the address of the variable holding it), then the
 * coordinates, then the sampler's address in independent mode, then the
 * operands after the memory operand; xi->tbl[] says where each group
 * begins (the T_* indices).
 *
 * Counters (Nsight Compute's l1tex__t_requests_pipe_tex and
 * l1tex__t_sectors_pipe_tex, as an H200 counts them in tests/tex/ncu.tsv):
 * a warp instruction sends one request per group of lanes with an active
 * lane, 4 lanes a group for tex and tld4 (a quad), 8 for fetches from
 * linear memory, txq and suq, and 8 (1D, 2D) or 4 (3D, layered) for the
 * surface instructions.  A request's sectors are the distinct sectors of
 * the texels its lanes fetch: those of non-zero weight, every one of a
 * tld4's four, an out-of-range one as its clamped neighbour.  A CUDA
 * array (PTX_TEXF_BLOCK_LINEAR) is block-linear on the device, its
 * sectors 16 bytes of 2 rows within one level and slice; linear and
 * pitched memory have the 32-byte sectors of their addresses.  Linear
 * filtering between mipmap levels goes in two passes, the lanes' lower
 * levels, then their upper ones, while the lanes that take one level (a
 * whole level of detail, or one clamped to the first or last level) go
 * in a pass of their own, and a quad's lanes share the sectors of one
 * pass only; the lanes of a tex.grad share theirs only with lanes of the
 * same gradients (gradpasses()).  How many lanes a request and a pass
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
#include "tex.h"

#define FOR_LANES(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

static const uint8_t chbytes[] = { 1, 2, 4, 1, 2, 4, 2, 4 };   /* by PTX_TEXFMT_* */

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
	if (t->geom > PTX_TEX_BUFFER || t->format > PTX_TEXFMT_F32)
		return "unknown geometry or format";
	if (t->channels != 1 && t->channels != 2 && t->channels != 4)
		return "a texel has 1, 2 or 4 channels";
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
		if (t->flags & ~(unsigned)(PTX_TEXF_READ_INT | PTX_TEXF_NORMALIZED | PTX_TEXF_SRGB | 0x20 | 0x40 |
		    PTX_TEXF_BLOCK_LINEAR))
			return "unknown flags";
	}
	memset(o, 0, sizeof *o);
	o->t = *t;
	o->t.levels = nl;
	o->surf = surf;
	o->esz = chbytes[t->format];
	o->tsz = o->esz * t->channels;
	for (unsigned l = 0; l < nl; l++) {
		uint64_t d[3], row, n;
		ptx_devptr base;
		size_t size;
		interp_tex_dims(o, l, d);
		row = d[0] * o->tsz;
		o->pitch[l] = l == 0 && t->pitch ? t->pitch : row;
		/* a pitch given may be below the row: the rows overlap, as a
		 * GPU's pitched texture lets them (tests/shim/edges.gpu) */
		if (t->addr[l] % o->esz || o->pitch[l] % o->esz)
			return "an address or pitch not aligned to a channel";
		if (ir_size_mul(o->pitch[l], d[1], &o->slice[l]) || ir_size_mul(o->slice[l], d[2], &n))
			return "the texels' size overflows";
		/* the last row needs only its texels */
		es = n - o->pitch[l] + row;
		if (ir_size_add(t->addr[l], es, &end) ||
		    ptx_mem_range(cx, t->addr[l], &base, &size) != PTX_OK || end > base + size)
			return "a level's texels are not inside one allocation";
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

/* ---------------------------------------------------------------- decoding */

static int
geomof(const Ins *in)
{
	static const int g[][2] = {
		{ MOD_1D, G_1D }, { MOD_2D, G_2D }, { MOD_3D, G_3D }, { MOD_A1D, G_A1D }, { MOD_A2D, G_A2D },
		{ MOD_CUBE, G_CUBE }, { MOD_ACUBE, G_ACUBE }
	};
	for (size_t i = 0; i < sizeof g / sizeof g[0]; i++)
		if (ir_hasmod(in, g[i][0]))
			return g[i][1];
	return -1;
}

/* Appends operand o (a vector flattened) to the sources tmp[0..*n); its count, or -1. */
static int
addsrc(ptx_module *pm, const Opnd *o, int ty, XOp *tmp, int *n)
{
	int k = interp_decode_ops(pm, o, 1, ty, tmp + *n, TEXNS - *n);

	if (k < 0)
		return -1;
	*n += k;
	return k;
}

/* Whether operand o names a module variable of opaque kind want (1
 * .texref or a legacy .tex variable, 2 .samplerref, 3 .surfref), whose
 * 8 bytes hold the handle or
 * the sampler: 1; a register: 0; anything else (another kind, a kernel
 * parameter): -1. */
static int
optref(ptx_module *pm, const Opnd *o, int want)
{
	const SymLoc *l;

	if (o->kind == OK_REG)
		return 0;
	if (o->kind != OK_SYM || o->sym->kind != SYM_VAR || o->imm ||
	    (o->sym->opaque != want && !(want == 1 && o->sym->space == SP_TEX)) ||
	    !(l = interp_symloc(pm, o->sym, 0)) || l->space != MS_GLOBAL)
		return -1;
	return 1;
}

static const int queries[] = {
	MOD_WIDTH, MOD_HEIGHT, MOD_DEPTH, MOD_CHANNEL_DATA_TYPE, MOD_CHANNEL_ORDER, MOD_NORMALIZED_COORDS,
	MOD_ARRAY_SIZE, MOD_NUM_MIPMAP_LEVELS, MOD_NUM_SAMPLES, MOD_FILTER_MODE, MOD_ADDR_MODE_0,
	MOD_ADDR_MODE_1, MOD_ADDR_MODE_2, MOD_FORCE_UNNORMALIZED_COORDS, MOD_MEMORY_LAYOUT
};

/* tex, tld4, txq, suld, sust, sured, suq: the object a 64-bit register
 * or a module .texref/.surfref variable holding its handle, and in
 * independent mode a module .samplerref; -1 for what the executor lacks
 * (references passed as kernel parameters, samplers in registers,
 * multisample geometries, f16 results), which the loader turns into an
 * unsupported instruction. */
int
interp_tex_decode(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	XOp tmp[TEXNS];
	int n = 0, *tb, g = geomof(in), kind;
	const Opnd *m, *dst = NULL;
	int first;   /* the first operand after the memory operand */

	(void)x;
	switch (in->op) {
	case OP_TEX: kind = TK_TEX; break;
	case OP_TLD4: kind = TK_TLD4; break;
	case OP_TXQ: kind = TK_TXQ; break;
	case OP_SULD: kind = TK_SULD; break;
	case OP_SUST: kind = ir_hasmod(in, MOD_P) ? TK_SUSTP : TK_SUST; break;
	case OP_SURED: kind = TK_SURED; break;
	case OP_SUQ: kind = TK_SUQ; break;
	default: return -1;
	}
	if (kind == TK_SUST || kind == TK_SUSTP || kind == TK_SURED)
		m = &in->opnd[0], first = 1;
	else
		m = &in->opnd[1], dst = &in->opnd[0], first = 2;
	if (m->kind != OK_ADDR)
		return -1;
	if (!(tb = interp_alloc(pm->cx, T_N * sizeof *tb)))
		return -1;
	xi->tbl = tb;
	xi->ntbl = T_N;
	tb[T_KIND] = kind;
	tb[T_GEOM] = g;
	/* the object, then the coordinates: [obj, c], [tex, sampler, c]
	 * (independent mode), [obj] (txq, suq); obj a register holding a
	 * handle or a variable (.texref, .surfref) holding one */
	tb[T_SMP] = -1;
	if (m->addrlist) {
		int c = m->nsub - 1;
		if ((m->nsub != 2 && m->nsub != 3) || (kind == TK_TXQ || kind == TK_SUQ))
			return -1;
		if (m->nsub == 3 && (kind != TK_TEX && kind != TK_TLD4))
			return -1;
		if (addsrc(pm, &m->sub[0], TY_U64, tmp, &n) != 1)
			return -1;
		tb[T_REF] = optref(pm, &m->sub[0], kind == TK_TEX || kind == TK_TLD4 ? 1 : 3);
		tb[T_NC] = addsrc(pm, &m->sub[c], TY_B32, tmp, &n);
		if (tb[T_NC] < 1)
			return -1;
		if (m->nsub == 3) {   /* the sampler after the coordinates, which begin at s[1] */
			if (optref(pm, &m->sub[1], 2) != 1)
				return -1;   /* a sampler in a register: not modelled */
			tb[T_SMP] = n;
			if (addsrc(pm, &m->sub[1], TY_U64, tmp, &n) != 1)
				return -1;
		}
	} else {
		if (!m->base || m->imm || (kind != TK_TXQ && kind != TK_SUQ))
			return -1;
		if (addsrc(pm, m->base, TY_U64, tmp, &n) != 1)
			return -1;
		tb[T_REF] = optref(pm, m->base, kind == TK_TXQ ? 1 : 3);
	}
	if (tb[T_REF] < 0 || (tmp[0].k != XO_REG && tmp[0].k != XO_IMM))
		return -1;
	tb[T_AFTER] = n;
	tb[T_LOD] = tb[T_GX] = tb[T_GY] = tb[T_OFF] = tb[T_DC] = tb[T_DATA] = -1;
	if (kind == TK_TEX || kind == TK_TLD4) {
		int k = first;
		if (g < 0 || in->ty[1] == 0 || (in->ty[0] != TY_F32 && in->ty[0] != TY_U32 && in->ty[0] != TY_S32))
			return -1;
		tb[T_ICOORD] = in->ty[1] == TY_S32;
		if (ir_hasmod(in, MOD_LEVEL) && k < in->nopnd) {
			tb[T_LOD] = n;
			if (addsrc(pm, &in->opnd[k++], TY_F32, tmp, &n) != 1)
				return -1;
		} else if (ir_hasmod(in, MOD_GRAD) && k + 1 < in->nopnd) {
			tb[T_GX] = n;
			tb[T_NG] = addsrc(pm, &in->opnd[k++], TY_F32, tmp, &n);
			tb[T_GY] = n;
			if (tb[T_NG] < 1 || addsrc(pm, &in->opnd[k++], TY_F32, tmp, &n) != tb[T_NG])
				return -1;
		}
		if (k < in->nopnd && in->opnd[k].kind == OK_VEC) {
			tb[T_OFF] = n;
			if ((tb[T_NOFF] = addsrc(pm, &in->opnd[k++], TY_S32, tmp, &n)) < 1)
				return -1;
		}
		if (k < in->nopnd) {
			tb[T_DC] = n;
			if (addsrc(pm, &in->opnd[k++], TY_F32, tmp, &n) != 1)
				return -1;
		}
		if (k != in->nopnd)
			return -1;
		tb[T_COMP] = ir_hasmod(in, MOD_G) ? 1 : ir_hasmod(in, MOD_B) ? 2 : ir_hasmod(in, MOD_A) ? 3 : 0;
	} else if (kind == TK_TXQ || kind == TK_SUQ) {
		tb[T_QUERY] = -1;
		for (size_t i = 0; i < sizeof queries / sizeof queries[0]; i++)
			if (ir_hasmod(in, queries[i]))
				tb[T_QUERY] = queries[i];
		if (tb[T_QUERY] < 0)
			return -1;
		/* The driver refuses a module with these surface queries
		 * (CUDA_ERROR_NOT_SUPPORTED from cuModuleLoadData, measured on an
		 * H200 with driver 580, though ptxas takes them): so does the
		 * loader, naming the instruction. */
		if (kind == TK_SUQ && (tb[T_QUERY] == MOD_CHANNEL_DATA_TYPE || tb[T_QUERY] == MOD_CHANNEL_ORDER ||
		    tb[T_QUERY] == MOD_ARRAY_SIZE || tb[T_QUERY] == MOD_MEMORY_LAYOUT))
			return -1;
		/* txq of anything but the size loads there, but the kernel that
		 * holds it is gone: cuModuleGetFunction says CUDA_ERROR_NOT_FOUND
		 * (same H200).  Such a kernel cannot run on the GPU, so here the
		 * module is refused, naming the instruction. */
		if (kind == TK_TXQ && tb[T_QUERY] != MOD_WIDTH && tb[T_QUERY] != MOD_HEIGHT && tb[T_QUERY] != MOD_DEPTH)
			return -1;
		if (ir_hasmod(in, MOD_LEVEL)) {
			if (first >= in->nopnd)
				return -1;
			tb[T_LOD] = n;
			if (addsrc(pm, &in->opnd[first], TY_B32, tmp, &n) != 1)
				return -1;
		}
	} else {
		/* surfaces: the element type, the bounds mode, the data */
		if (g < 0 || g == G_CUBE || g == G_ACUBE || !in->ty[0])
			return -1;
		tb[T_BITS] = ir_tyinfo[in->ty[0]].bits;
		tb[T_SIGNED] = ir_tyinfo[in->ty[0]].kind == TK_SINT;
		tb[T_VEC] = in->vec;
		tb[T_MODE] = ir_hasmod(in, MOD_CLAMP) ? SB_CLAMP : ir_hasmod(in, MOD_ZERO) ? SB_ZERO : SB_TRAP;
		tb[T_OPER] = 0;
		if (kind == TK_SURED) {
			static const int ops[] = { MOD_ADD, MOD_MIN, MOD_MAX, MOD_AND, MOD_OR };
			for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
				if (ir_hasmod(in, ops[i]))
					tb[T_OPER] = ops[i];
			if (!tb[T_OPER] || ir_hasmod(in, MOD_P))
				return -1;
		}
		if (dst == NULL) {
			tb[T_DATA] = n;
			if (addsrc(pm, &in->opnd[first], in->ty[0], tmp, &n) < 1)
				return -1;
		}
	}
	if (dst) {
		const Opnd *v = dst, *p = NULL;
		int nd;
		if (dst->kind == OK_PAIR) {
			v = &dst->sub[0], p = &dst->sub[1];
			if (kind != TK_TEX && kind != TK_TLD4)
				return -1;
		}
		nd = interp_decode_ops(pm, v, 1, 0, xi->d, 7);
		if (nd < 1 || (p && interp_decode_op(pm, p, 0, &xi->d[nd]) != 0))
			return -1;
		tb[T_PRED] = p != NULL;
		xi->nd = (uint8_t)(nd + (p != NULL));
		if ((kind == TK_TEX || kind == TK_TLD4) && nd != 4)
			return -1;
	}
	if (!(xi->s = interp_alloc(pm->cx, (size_t)(n + 1) * sizeof *xi->s)))
		return -1;
	memcpy(xi->s, tmp, (size_t)n * sizeof *tmp);
	xi->ns = (uint8_t)n;
	xi->x = X_TEX;
	return 0;
}

/* ---------------------------------------------------------------- texels */

static float
f32of(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static uint32_t
bitsof(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* f16 to f32, exactly */
float
interp_tex_half(uint16_t h)
{
	int e = h >> 10 & 0x1f;
	uint32_t m = h & 0x3ff, s = (uint32_t)(h >> 15) << 31;

	if (e == 0x1f)
		return f32of(s | 0x7f800000u | m << 13);
	if (e == 0)
		return f32of(s) + (s ? -1.0f : 1.0f) * ldexpf((float)m, -24);
	return f32of(s | (uint32_t)(e - 15 + 127) << 23 | m << 13);
}

/* Whether o's fetches return integers (no filtering), else floats. */
static int
readsint(const TexObj *o)
{
	unsigned f = o->t.format;
	return f == PTX_TEXFMT_U32 || f == PTX_TEXFMT_S32 ||
	    ((o->t.flags & PTX_TEXF_READ_INT) && f != PTX_TEXFMT_F16 && f != PTX_TEXFMT_F32);
}

/* A texel as the filter takes it: each channel's bits as stored (the
 * signed formats sign-extended), the border's converted to the format. */
typedef struct {
	uint32_t c[4];
} Texel;

/* A sampling of one lane: the object, the level, the layer (or face). */
typedef struct {
	Launch *L;
	Warp *w;
	int lane;
	const XIns *xi;
	const TexObj *o;
	int isint;
	uint64_t *keys;     /* counting: the lane's sectors, *nkeys of them; else NULL */
	unsigned *nkeys;
	unsigned pass;      /* 0, 1: the lower, upper level of a lane between two (0 too: exactly at an
	                     * inner level); 2: a lane of one level; 3: magnified, nearest level */
	double at[3];       /* the coordinates in level 0's texels (pairlanes()) */
	double grad[6];     /* tex.grad's dx, dy in texels, as the unit keeps them (gradpasses()) */
	double lod;         /* the level of detail asked for, before the clamps (splitlod()) */
} Smp;

/* The sector of o's texel (i, j) of slice k of level lv, as a key below
 * 2^62. */
uint64_t
interp_tex_sector(const TexObj *o, unsigned lv, uint64_t i, uint64_t j, uint64_t k)
{
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

/* Counts the requests of the lanes m, grp lanes a request, and their
 * sectors: the lanes of a request in one pass (pass[lane], below grp;
 * NULL: one pass) share theirs, and each counts mul times. */
void
interp_tex_count(Launch *L, const XIns *xi, int cls, uint32_t m, unsigned grp, const uint8_t *pass, unsigned mul,
                 unsigned minl, uint64_t (*keys)[TEXKEYS], const unsigned *nk)
{
	ptx_mem_counts *c = &L->st[xi - L->pm->code].mem[cls];

	for (unsigned g = 0; g < WARP; g += grp) {
		uint32_t gm = m >> g & ((1u << grp) - 1);   /* grp <= 8 */
		uint64_t k[8 * TEXKEYS];
		if (!gm)
			continue;
		c->requests += (unsigned)__builtin_popcount(gm) >= minl;
		for (unsigned p = 0; p < grp; p++) {
			unsigned n = 0;
			for (unsigned l = 0; l < grp; l++)
				if (gm >> l & 1 && (pass ? pass[g + l] : 0) == p)
					for (unsigned i = 0; i < nk[g + l]; i++)
						k[n++] = keys[g + l][i];
			sortkeys(k, n);
			for (unsigned i = 0; i < n; i++)
				c->sectors += (!i || k[i] != k[i - 1]) * mul;
		}
	}
}

/* The texel at (i, j, k) of level lv, in range, into *t; -1 after a fault. */
static int
texel(const Smp *s, unsigned lv, uint64_t i, uint64_t j, uint64_t k, Texel *t)
{
	const TexObj *o = s->o;
	uint64_t a = o->t.addr[lv] + k * o->slice[lv] + j * o->pitch[lv] + i * o->tsz;

	memset(t, 0, sizeof *t);
	for (unsigned c = 0; c < o->t.channels; c++) {
		const uint8_t *p = interp_xlate(s->L, s->w, s->lane, MS_GLOBAL, a + c * o->esz, o->esz, 0, s->xi);
		uint32_t u = 0;
		if (!p)
			return -1;
		if (s->L->chk & PTX_CHECK_MEMCHECK)   /* a checked launch: one host thread */
			interp_chk_texread(s->L, s->w, (uint32_t)s->lane, s->xi, a + c * o->esz, p, o->esz);
		memcpy(&u, p, o->esz);
		t->c[c] = o->t.format == PTX_TEXFMT_S8 ? (uint32_t)(int32_t)(int8_t)u :
		    o->t.format == PTX_TEXFMT_S16 ? (uint32_t)(int32_t)(int16_t)u : u;
	}
	return 0;
}

/* f truncated to a half (toward zero), its bits */
static uint32_t
half_trunc(float f)
{
	double ax = fabs((double)f);
	uint32_t sg = f < 0 ? 0x8000 : 0;
	int e;

	if (f != f)
		return 0x7e00;
	if (ax >= 65536.0)
		return sg | (isinf(f) ? 0x7c00 : 0x7bff);
	if (ax == 0)
		return sg;
	e = ilogb(ax);
	if (e < -14)
		return sg | (uint32_t)ldexp(ax, 24);
	return sg | (uint32_t)(e + 15) << 10 | ((uint32_t)ldexp(ax, 10 - e) & 0x3ff);
}

/* x in [lo, 1] (NaN: 0) times scale, the product a float, rounded to
 * nearest with ties down (0.3f * 255 = 76.5f reads 76, 0.5f 127, 0.25f 64) */
static int32_t
unorm_round(float x, float lo, float scale)
{
	float v = x != x ? 0 : x < lo ? lo : x > 1 ? 1 : x;
	return (int32_t)ceilf(v * scale - 0.5f);
}

/* The border colour as a texel of the object's format.  Integer reads
 * take the colour's bits as they are, cut to the channel's width (a u8
 * border of 5.0f, 0x40a00000, reads 0); normalized formats round the
 * float, ties down (unorm_round), measured on an H200. */
static void
border(const Smp *s, Texel *t)
{
	const TexObj *o = s->o;

	memset(t, 0, sizeof *t);
	for (unsigned c = 0; c < o->t.channels; c++) {
		float b = o->t.border[c];
		uint32_t u = bitsof(b);
		if (s->isint) {
			if (o->esz < 4)
				u &= (1u << 8 * o->esz) - 1;
			if (o->t.format == PTX_TEXFMT_S8)
				u = (uint32_t)(int32_t)(int8_t)u;
			else if (o->t.format == PTX_TEXFMT_S16)
				u = (uint32_t)(int32_t)(int16_t)u;
			t->c[c] = u;
			continue;
		}
		switch (o->t.format) {
		case PTX_TEXFMT_U8: u = (uint32_t)unorm_round(b, 0, 255); break;
		case PTX_TEXFMT_U16: u = (uint32_t)unorm_round(b, 0, 65535); break;
		case PTX_TEXFMT_S8: u = (uint32_t)unorm_round(b, -1, 127); break;
		case PTX_TEXFMT_S16: u = (uint32_t)unorm_round(b, -1, 32767); break;
		case PTX_TEXFMT_F16: u = half_trunc(b); break;
		default: break;
		}
		t->c[c] = u;
	}
}

/* An sRGB-encoded 8-bit channel as the filter takes it: the unit's own
 * table, the high 16 bits of each code's float, as an H200 returns it
 * under point sampling (tests/tex/ref.bin, "probe srgb point").  It is
 * the IEC 61966-2-1 curve to 8 significant bits but for 29 codes a unit
 * off (1, 2, 6 and 10 of the linear segment read code * 10 / 32768).
 * Linear filtering blends these values, cut to a block exponent
 * (srgb_blend). */
static const uint16_t srgbtab[256] = {
	0x0000, 0x39a0, 0x3a20, 0x3a70, 0x3aa0, 0x3ac8, 0x3af0, 0x3b0c,
	0x3b20, 0x3b34, 0x3b48, 0x3b5c, 0x3b70, 0x3b84, 0x3b90, 0x3b9c,
	0x3baa, 0x3bb8, 0x3bc6, 0x3bd6, 0x3be6, 0x3bf6, 0x3c03, 0x3c0c,
	0x3c16, 0x3c1f, 0x3c29, 0x3c34, 0x3c3e, 0x3c49, 0x3c55, 0x3c60,
	0x3c6c, 0x3c7a, 0x3c83, 0x3c8a, 0x3c91, 0x3c98, 0x3c9f, 0x3ca6,
	0x3cae, 0x3cb6, 0x3cbe, 0x3cc6, 0x3cce, 0x3cd7, 0x3ce0, 0x3ce9,
	0x3cf2, 0x3cfc, 0x3d03, 0x3d08, 0x3d0d, 0x3d12, 0x3d17, 0x3d1c,
	0x3d22, 0x3d28, 0x3d2d, 0x3d33, 0x3d39, 0x3d3f, 0x3d45, 0x3d4c,
	0x3d52, 0x3d58, 0x3d60, 0x3d66, 0x3d6c, 0x3d74, 0x3d7a, 0x3d81,
	0x3d85, 0x3d88, 0x3d8c, 0x3d90, 0x3d94, 0x3d98, 0x3d9c, 0x3da0,
	0x3da4, 0x3da9, 0x3dad, 0x3db1, 0x3db6, 0x3dba, 0x3dbf, 0x3dc3,
	0x3dc8, 0x3dcd, 0x3dd1, 0x3dd6, 0x3ddb, 0x3de0, 0x3de5, 0x3dea,
	0x3df0, 0x3df4, 0x3dfa, 0x3e00, 0x3e02, 0x3e05, 0x3e08, 0x3e0b,
	0x3e0e, 0x3e11, 0x3e14, 0x3e17, 0x3e1a, 0x3e1d, 0x3e20, 0x3e23,
	0x3e26, 0x3e29, 0x3e2c, 0x3e30, 0x3e33, 0x3e36, 0x3e3a, 0x3e3d,
	0x3e40, 0x3e44, 0x3e47, 0x3e4b, 0x3e4e, 0x3e52, 0x3e56, 0x3e59,
	0x3e5d, 0x3e61, 0x3e65, 0x3e68, 0x3e6c, 0x3e70, 0x3e74, 0x3e78,
	0x3e7c, 0x3e80, 0x3e82, 0x3e84, 0x3e86, 0x3e88, 0x3e8a, 0x3e8d,
	0x3e8f, 0x3e91, 0x3e93, 0x3e95, 0x3e98, 0x3e9a, 0x3e9c, 0x3e9e,
	0x3ea1, 0x3ea3, 0x3ea5, 0x3ea8, 0x3eaa, 0x3ead, 0x3eaf, 0x3eb2,
	0x3eb4, 0x3eb6, 0x3eb9, 0x3ebc, 0x3ebe, 0x3ec1, 0x3ec3, 0x3ec6,
	0x3ec8, 0x3ecb, 0x3ece, 0x3ed1, 0x3ed3, 0x3ed6, 0x3ed9, 0x3edb,
	0x3ede, 0x3ee1, 0x3ee4, 0x3ee7, 0x3eea, 0x3eed, 0x3ef0, 0x3ef2,
	0x3ef6, 0x3ef8, 0x3efc, 0x3efe, 0x3f01, 0x3f02, 0x3f04, 0x3f05,
	0x3f07, 0x3f09, 0x3f0a, 0x3f0c, 0x3f0d, 0x3f0f, 0x3f11, 0x3f12,
	0x3f14, 0x3f16, 0x3f17, 0x3f19, 0x3f1b, 0x3f1c, 0x3f1e, 0x3f20,
	0x3f21, 0x3f23, 0x3f25, 0x3f27, 0x3f29, 0x3f2a, 0x3f2c, 0x3f2e,
	0x3f30, 0x3f32, 0x3f33, 0x3f35, 0x3f37, 0x3f39, 0x3f3b, 0x3f3d,
	0x3f3f, 0x3f41, 0x3f43, 0x3f45, 0x3f47, 0x3f49, 0x3f4b, 0x3f4d,
	0x3f4f, 0x3f51, 0x3f53, 0x3f55, 0x3f57, 0x3f59, 0x3f5b, 0x3f5d,
	0x3f5f, 0x3f61, 0x3f63, 0x3f65, 0x3f68, 0x3f6a, 0x3f6c, 0x3f6e,
	0x3f70, 0x3f72, 0x3f74, 0x3f76, 0x3f7a, 0x3f7c, 0x3f7e, 0x3f80,
};

/* floor(a / b), b > 0 */
static int64_t
floordiv(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return q * b > a ? q - 1 : q;
}

/* A half's value in units of 2^-24, exactly (finite halves only). */
static int64_t
half_fixed(uint32_t h)
{
	int e = h >> 10 & 0x1f;
	int64_t m = h & 0x3ff, v = e ? (m | 0x400) << (e - 1) : m;
	return h & 0x8000 ? -v : v;
}

/* x rounded to a half, ties away from zero (as the filter rounds its
 * f16 result), as a float */
static float
half_round(double x)
{
	double ax = fabs(x), n;
	int e;

	if (x != x || ax == 0)
		return (float)x;
	if (ax >= 65520.0)
		return copysignf(INFINITY, (float)x);
	e = ilogb(ax);
	if (e < -14)
		e = -14;
	n = floor(ldexp(ax, 10 - e) + 0.5);
	return (float)copysign(ldexp(n, e - 10), x);
}

/* The exponent of srgbtab[v] (v > 0: a normal bf16 of sign 0) */
static int
srgb_exp(unsigned v)
{
	return (srgbtab[v] >> 7) - 127;
}

/*
 * Channel c of n sRGB texels t[] blended under weights w[] (256ths), as
 * an H200 does it ("probe srgb 2d" in tests/tex/ref.bin, every lane):
 * each code decodes to srgbtab's value (8 significant bits), and the
 * values are aligned to one block exponent, the largest over the texels
 * of non-zero weight of their group's exponent (codes 8k to 8k + 7 take
 * the exponent of code 8k + 7's value, so that code 248 already counts
 * as 1.0's binade), keeping 7 bits below it (the rest cut off); the
 * weighted sum of the aligned values is rounded to a half, ties away
 * from zero.  A small value beside a large one thus loses its low bits
 * or all of itself.
 */
static float
srgb_blend(const Texel *t, const uint32_t *w, int n, unsigned c)
{
	int e = -200;
	int64_t sum = 0;

	for (int i = 0; i < n; i++)
		if (w[i] && srgb_exp((t[i].c[c] & 255) | 7) > e)
			e = srgb_exp((t[i].c[c] & 255) | 7);
	for (int i = 0; i < n; i++) {
		unsigned v = t[i].c[c] & 255, sh;
		if (!w[i] || !v)
			continue;
		sh = (unsigned)(e - srgb_exp(v));   /* >= 0; 8 or more leaves nothing of the 8 bits */
		sum += (int64_t)w[i] * ((0x80u | (srgbtab[v] & 0x7f)) >> (sh > 8 ? 8 : sh));
	}
	/* sum is in units of 2^(e - 7) / 256 */
	return half_round(ldexp((double)sum, e - 15));
}

/* x rounded to a float, to nearest but ties away from zero (as the
 * filter rounds its f32 result: "probe 3d values" in tests/tex/ref.bin) */
static float
float_away(long double x)
{
	float r = (float)x, o;

	if (x != x || isinf(r) || (long double)r == x)
		return r;
	o = nextafterf(r, x > r ? INFINITY : -INFINITY);
	if (fabsl(x - r) == fabsl((long double)o - x))
		return fabsf(o) > fabsf(r) ? o : r;
	return r;
}

/*
 * Channel c of the f32 texels t[] of one block (a level's or a 3D
 * slice's 2x2, or fewer) weighted by w[] (256ths), exactly: the values
 * aligned to the largest exponent among those of non-zero weight and cut
 * (toward zero) to 27 bits below it ("probe 3d values" and "probe mip
 * values" in tests/tex/ref.bin fit in every word; 26 or 28 bits, one
 * block for all 8 texels or rounding do not).  Infinities and NaNs add
 * as they are.
 */
static long double
f32_block(const Texel *t, const uint32_t *w, int n, unsigned c)
{
	long double sum = 0;
	int e = INT_MIN;

	for (int i = 0; i < n; i++) {
		float x = f32of(t[i].c[c]);
		if (w[i] && isfinite(x) && x != 0 && ilogb(x) > e)
			e = ilogb(x);
	}
	for (int i = 0; i < n; i++) {
		long double x = f32of(t[i].c[c]);
		if (!w[i])
			continue;
		if (e != INT_MIN && isfinite(x))
			x = ldexpl(truncl(ldexpl(x, 27 - e)), e - 27);
		sum += w[i] * x;
	}
	return sum;
}

/* x rounded to a float as float_away does, from a double. */
static float
float_away_d(double x)
{
	float r = (float)x, o;

	if ((double)r == x || isinf(r))
		return r;
	o = nextafterf(r, x > r ? INFINITY : -INFINITY);
	if (fabs(x - r) == fabs((double)o - x))
		return fabsf(o) > fabsf(r) ? o : r;
	return r;
}

/*
 * Channel c of the f32 filter in doubles, when that is exact and gives
 * f32_block's answer: the one place the fast path is decided.  What must
 * hold: every texel of non-zero weight is finite, and each non-zero one
 * lies within 4 binades of the largest of them (ilogb at least e - 4),
 * so that its 24-bit mantissa has no bit below f32_block's cut of 27
 * bits under e, in any block (a block's largest is at most e); then
 * each product w x (9 + 24 bits) and their sum (below 2^(e + 13), no
 * bit below 2^(e - 27)) are exact in a double, as f32_block's long
 * double sums are, and the sum starts from +0 as there.  Point sampling
 * (one texel of weight 256) and 1D and 2D linear filtering of texels of
 * like magnitudes take it; 0 otherwise (*out untouched).  tests/tex.test
 * covers both ways: "probe 3d values" and "probe mip values" have
 * texels of far-apart exponents, the cases' generated texels mostly
 * like ones. */
static int
f32_fast(const Texel *t, const uint32_t *w, int n, unsigned c, uint32_t *out)
{
	uint32_t emax = 0, emin = 255;
	double sum = 0;

	for (int i = 0; i < n; i++) {
		uint32_t e = t[i].c[c] >> 23 & 255;
		if (!w[i] || !(t[i].c[c] & 0x7fffffff))
			continue;
		if (e == 255)
			return 0;
		emax = e > emax ? e : emax;
		emin = e < emin ? e : emin;
	}
	/* subnormals (e 0) have fewer bits but the same unit: let the slow path have them */
	if (emin == 0 || (emax > emin && emax - emin > 4))
		return 0;
	for (int i = 0; i < n; i++)
		if (w[i])
			sum += (double)w[i] * (double)f32of(t[i].c[c]);
	*out = bitsof(float_away_d(sum / 256));
	return 1;
}

/*
 * The filter: n texels t[] under weights w[] (in 256ths, summing to 256),
 * each channel as an H200 computes it (tests/tex/ref.bin):
 *
 *   8- and 16-bit normalized formats blend the integers exactly (8-bit
 *   ones first widened to 16 bits: u8 times 257, s8 times 258), keep the
 *   sum with 3 fractional bits (rounded down), and round that, half up,
 *   to a 16-bit normalized number: u/65535 or s/32767 (s8's scale of
 *   258 * 127 = 32766 is first taken to 32767; s8's -128 and s16's
 *   -32768 blend as they are and the result clamps to -1);
 *   halves blend exactly and round to a half, ties away from zero;
 *   floats blend in blocks of grp texels (f32_block), whose sums add
 *   exactly (in a long double) and round once to a float, ties away from
 *   zero;
 *   sRGB colour channels blend in srgb_blend.
 *
 * Point sampling is the filter with one texel of weight 256; channels
 * the format lacks read 0, alpha too.  Integer reads return the texel.
 */
static void
filter(const Smp *s, const Texel *t, const uint32_t *w, int n, int grp, uint32_t out[4])
{
	const TexObj *o = s->o;

	memset(out, 0, 16);
	if (s->isint) {
		memcpy(out, t[0].c, 16);
		return;
	}
	for (unsigned c = 0; c < o->t.channels; c++) {
		int64_t sum = 0, f, q;
		double d = 0;
		long double ld = 0;
		int inf = 0;
		if (o->t.format == PTX_TEXFMT_U8 && (o->t.flags & PTX_TEXF_SRGB) && c < 3) {
			out[c] = bitsof(srgb_blend(t, w, n, c));
			continue;
		}
		switch (o->t.format) {
		case PTX_TEXFMT_U8: case PTX_TEXFMT_U16:
			for (int i = 0; i < n; i++)
				sum += (int64_t)w[i] * t[i].c[c];
			f = sum * (o->t.format == PTX_TEXFMT_U8 ? 257 : 1) >> 5;
			out[c] = bitsof((float)((f + 4) >> 3) / 65535.0f);
			break;
		case PTX_TEXFMT_S8: case PTX_TEXFMT_S16:
			for (int i = 0; i < n; i++)
				sum += (int64_t)w[i] * (int32_t)t[i].c[c];
			if (o->t.format == PTX_TEXFMT_S8) {
				f = floordiv(sum * 258, 32);
				q = floordiv(2 * f * 32767 + 8 * 32766, 16 * 32766);
			} else {
				f = floordiv(sum, 32);
				q = floordiv(f + 4, 8);
			}
			out[c] = bitsof((float)(q < -32767 ? -32767 : q) / 32767.0f);
			break;
		case PTX_TEXFMT_F16:
			for (int i = 0; i < n; i++) {
				inf |= (t[i].c[c] & 0x7c00) == 0x7c00 && w[i];
				sum += (int64_t)w[i] * half_fixed(t[i].c[c]);
				d += w[i] ? w[i] * (double)interp_tex_half((uint16_t)t[i].c[c]) : 0;
			}
			/* |sum| < 2^51: exact in a double */
			out[c] = bitsof(inf ? (float)(d / 256) : half_round(ldexp((double)sum, -32)));
			break;
		default:   /* f32 */
			/* point sampling of a normal texel or a zero: the texel, a zero
			 * +0, what f32_fast gives (256 x / 256 is x, exactly) */
			if (n == 1 && w[0] == 256) {
				uint32_t v = t[0].c[c], e = v >> 23 & 255;
				if (!(v & 0x7fffffff) || (e && e != 255)) {
					out[c] = v & 0x7fffffff ? v : 0;
					break;
				}
			}
			if (f32_fast(t, w, n, c, &out[c]))
				break;
			for (int g = 0; g < n; g += grp)
				ld += f32_block(t + g, w + g, grp < n - g ? grp : n - g, c);
			out[c] = bitsof(float_away(ld / 256));
			break;
		}
	}
}

/* The fractional bits a normalized coordinate keeps, rounded down, before
 * it is scaled by the level's size: 16 to 21 fit every sample the H200
 * recorded (tests/tex/ref.bin); 8 fewer or more do not (a y of
 * 0.57929688692 on 5 rows filters as 613/256 past the centre, not 614,
 * though the product rounds up). */
#define NORM_BITS 18

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
	int corners, frmask = 0;

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
			int64_t x = address(i0[0] + ci[q], (int64_t)n[0], am[0]);
			int64_t y = address(i0[1] + cj[q], (int64_t)n[1], am[1]);
			uint32_t r[4];
			fetched(s, lv, x < 0 ? clampi(i0[0] + ci[q], (int64_t)n[0]) : x,
			    y < 0 ? clampi(i0[1] + cj[q], (int64_t)n[1]) : y, (int64_t)layer);
			if (x < 0 || y < 0)
				border(s, &t[0]);
			else if (texel(s, lv, (uint64_t)x, (uint64_t)y, layer, &t[0]))
				return -1;
			filter(s, &t[0], &one, 1, 1, r);
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
	for (int q = 0; q < corners; q++) {
		int64_t idx[3] = { 0, 0, (int64_t)layer }, cl[3] = { 0, 0, (int64_t)layer };
		int out = 0;
		for (int a = 0; a < dims; a++) {
			idx[a] = address(i0[a] + (q >> a & 1), (int64_t)n[a], am[a]);
			cl[a] = idx[a] < 0 ? clampi(i0[a] + (q >> a & 1), (int64_t)n[a]) : idx[a];
			out |= idx[a] < 0;
		}
		if (lw && !(q & ~frmask))
			fetched(s, lv, cl[0], cl[1], cl[2]);
		if (!w[q])
			memset(&t[q], 0, sizeof t[q]);
		else if (out)
			border(s, &t[q]);
		else if (texel(s, lv, (uint64_t)idx[0], (uint64_t)idx[1], (uint64_t)idx[2], &t[q]))
			return -1;
	}
	return 0;
}

/* Cube direction (x, y, z) to a face and its normalized (s, t). */
static unsigned
cubeface(double x, double y, double z, double *s, double *t)
{
	double ax = fabs(x), ay = fabs(y), az = fabs(z), ma, sc, tc;
	unsigned f;

	if (az >= ax && az >= ay)
		f = z < 0 ? 5 : 4, ma = az, sc = z < 0 ? -x : x, tc = -y;
	else if (ay >= ax)
		f = y < 0 ? 3 : 2, ma = ay, sc = x, tc = y < 0 ? -z : z;
	else
		f = x < 0 ? 1 : 0, ma = ax, sc = x < 0 ? z : -z, tc = -y;
	if (ma == 0)
		ma = 1;
	*s = (sc / ma + 1) / 2;
	*t = (tc / ma + 1) / 2;
	return f;
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
	double x[3] = { 0, 0, 0 }, lod = 0, u[3];
	int64_t off[3] = { 0, 0, 0 };
	unsigned am[3], l0, l1;
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
			border(s, &tx);
		else if (texel(s, 0, (uint64_t)idx[0], (uint64_t)idx[1], (uint64_t)idx[2], &tx))
			return -1;
		filter(s, &tx, &one, 1, 1, out);
		return 0;
	}
	{
		uint64_t n0[3];
		interp_tex_dims(o, 0, n0);
		for (int a = 0; a < dims; a++)
			s->at[a] = norm && !cube ? x[a] * (double)n0[a] : x[a];
	}
	if (cube) {
		double st[2];
		unsigned f = cubeface(x[0], x[1], x[2], &st[0], &st[1]);
		x[0] = st[0], x[1] = st[1], x[2] = 0;
		layer = layer * 6 + f;
		norm = 1;
		am[0] = am[1] = PTX_ADDR_CLAMP;
	}
	/* the level of detail */
	if (tb[T_LOD] >= 0)
		lod = f32of((uint32_t)v[tb[T_LOD]]);
	else if (tb[T_GX] >= 0) {
		uint64_t n[3];
		double gx[3] = { 0, 0, 0 }, gy[3] = { 0, 0, 0 };
		interp_tex_dims(o, 0, n);
		for (int a = 0; a < dims && a < tb[T_NG]; a++) {
			double sc = norm ? (double)n[a] : 1.0;
			gx[a] = f32of((uint32_t)v[tb[T_GX] + a]) * sc, gy[a] = f32of((uint32_t)v[tb[T_GY] + a]) * sc;
		}
		lod = (double)interp_tex_gradlod(gx, gy) / 256;
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
	/* a lane exactly at a level between the first and the last, linear
	 * between levels, goes in the lower pass: it shares its level's
	 * sectors with lanes a little above it (tests/tex/ncu.tsv's lod linear
	 * and lod u8, 93 and 96), where a lane clamped to the first or last
	 * level, or there exactly, or one whose fraction is below 1/256,
	 * counts apart (51, 54, 57, 58, 97); with the nearest level, a lane
	 * magnified (level of detail 0 or below) counts apart from lanes
	 * rounded to level 0 (lod point, 95; 50, 231, 234) */
	whole = t->mip_filter == PTX_FILTER_LINEAR && lod > 0 && lod < t->levels - 1 && lod == l0;
	for (unsigned pass = 0; pass < (tf > 0 && gather < 0 ? 2u : 1u); pass++) {
		unsigned lv = pass ? l1 : l0;
		s->pass = tf > 0 && gather < 0 ? pass : whole && gather < 0 ? 0 : 2;
		if (t->mip_filter != PTX_FILTER_LINEAR && t->levels > 1 && lod <= 0 && gather < 0)
			s->pass = 3;
		uint64_t n[3];
		interp_tex_dims(o, lv, n);
		/* a normalized coordinate is first cut to NORM_BITS fractional
		 * bits (rounded down), then scaled exactly */
		for (int a = 0; a < dims; a++)
			u[a] = (norm ? floor(x[a] * (double)(1 << NORM_BITS)) / (double)(1 << NORM_BITS) * (double)n[a] : x[a]) +
			    (double)off[a];
		if (level(s, lv, dims, u, layer, am, linear, gather, pass ? tf : 256 - tf, tx, wt, &nt, out))
			return -1;
	}
	if (gather < 0)
		filter(s, tx, wt, nt, linear ? 1 << (dims < 2 ? dims : 2) : 1, out);
	return 0;
}

/* OpenCL's numbering of channel types and orders, which txq and suq answer */
unsigned
interp_tex_chtype(const TexObj *o)
{
	static const unsigned norm[] = { 0x10d2, 0x10d3, 0x10dc, 0x10d0, 0x10d1, 0x10d9, 0x10dd, 0x10de };
	static const unsigned integ[] = { 0x10da, 0x10db, 0x10dc, 0x10d7, 0x10d8, 0x10d9, 0x10dd, 0x10de };
	return (readsint(o) || o->surf ? integ : norm)[o->t.format];
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

/* ---------------------------------------------------------------- references */

/* The value of a .samplerref initializer's field: a keyword or a number;
 * -1 when it is neither. */
static int64_t
fieldval(const Expr *v, const char *const *names, int n)
{
	if (v && v->kind == E_INT)
		return v->i;
	if (!v || v->kind != E_SYM || !v->text)
		return -1;
	for (int i = 0; i < n; i++)
		if (names[i] && !strcmp(v->text, names[i]))
			return i;
	return -1;
}

/* A .samplerref's initializer ({ filter_mode = linear, addr_mode_0 =
 * wrap, ... }) as the variable's word (SMP_*, tex.h). */
int
interp_tex_sampler_init(const Expr *e, uint64_t *word)
{
	/* by PTX_ADDR_*; clamp_ogl clamps as the texture unit's edge clamp does */
	static const char *const modes[] = { "wrap", "clamp_to_edge", "mirror", "clamp_to_border", "clamp_ogl" };
	static const char *const filters[] = { "nearest", "linear" };
	static const char *const axes[] = { "addr_mode_0", "addr_mode_1", "addr_mode_2" };
	uint64_t w = 0;

	if (e->kind != E_LIST)
		return -1;
	for (int i = 0; i < e->nelt; i++) {
		const Expr *f = e->elt[i];
		int64_t v;
		int a;
		if (f->kind != E_FIELD || !f->text)
			return -1;
		for (a = 0; a < 3 && strcmp(f->text, axes[a]); a++)
			;
		if (a < 3) {
			if ((v = fieldval(f->a, modes, 5)) < 0 || v > 4)
				return -1;
			w = (w & ~(7ull << 3 * a)) | ((uint64_t)(v == 4 ? PTX_ADDR_CLAMP : v) + 1) << 3 * a;
		} else if (!strcmp(f->text, "filter_mode")) {
			if ((v = fieldval(f->a, filters, 2)) < 0 || v > 1)
				return -1;
			w = v ? w | SMP_LINEAR : w & ~(uint64_t)SMP_LINEAR;
		} else if (!strcmp(f->text, "force_unnormalized_coords")) {
			if ((v = fieldval(f->a, NULL, 0)) < 0 || v > 1)
				return -1;
			w = v ? w | SMP_UNNORM : w & ~(uint64_t)SMP_UNNORM;
		} else
			return -1;
	}
	*word = w;
	return 0;
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

/* Independent mode: o's resource under the sampler word sw, into *so. */
static void
sampled(const TexObj *o, uint64_t sw, TexObj *so)
{
	*so = *o;
	for (int a = 0; a < 3; a++) {
		unsigned m = (unsigned)(sw >> 3 * a & 7);
		so->t.addr_mode[a] = m ? m - 1 : PTX_ADDR_CLAMP;
	}
	so->t.filter = sw & SMP_LINEAR ? PTX_FILTER_LINEAR : PTX_FILTER_POINT;
	if (sw & SMP_UNNORM)
		so->t.flags &= ~(unsigned)PTX_TEXF_NORMALIZED;
}

/*
 * A quad whose lanes go two a pass (share 2) pairs lane 0 with lane 1 and
 * 2 with 3, or 0 with 2 and 1 with 3 when lane 2 is the nearer to lane 0.
 * In 2D (16-byte texels) nearer is by the square of the texel-space
 * difference (the 64 single quads of 2d_f32x4_linear that ncu counted
 * each count as one pairing does, the nearer one's; the quads do not pin
 * down ties).  In 3D (linear filtering) a lane in another texel along z
 * (the one holding the point, not the footprint) is farther than any in
 * the same one, and among those alike it is the distance along y alone,
 * ties to lane 1: that gives all of tests/tex/ncu.tsv's 3D quads (3d
 * f32 linear, 33 and 34, the probe lanes 3d f32, probe sectors 3d pairs
 * and 3d axes, whose vectors along x alone always pair lanes 0 and 1 or
 * 0 and 2 along x, while half a texel along z, within the texel, beats
 * any distance along y).  Lanes 1 and 2 of a quad paired 0-2 trade passes.
 */
static void
pairlanes(const double (*at)[3], uint32_t m, int g3, uint8_t *pass)
{
	for (unsigned q = 0; q < WARP; q += 4) {
		double d1 = 0, d2 = 0;
		if ((m >> q & 7) != 7)
			continue;
		if (g3) {
			int z1 = floor(at[q + 1][2]) != floor(at[q][2]), z2 = floor(at[q + 2][2]) != floor(at[q][2]);
			d1 = fabs(at[q + 1][1] - at[q][1]), d2 = fabs(at[q + 2][1] - at[q][1]);
			if (z1 != z2)
				d1 = z1, d2 = z2;
		} else
			for (int a = 0; a < 3; a++) {
				d1 += (at[q + 1][a] - at[q][a]) * (at[q + 1][a] - at[q][a]);
				d2 += (at[q + 2][a] - at[q][a]) * (at[q + 2][a] - at[q][a]);
			}
		if (d1 > d2)
			pass[q + 1] = 1, pass[q + 2] = 0;
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
 * and between levels, linear memory (any lane's). */
typedef struct {
	unsigned tsz;
	int lin, miplin, buffer;
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
 * request counts when *minl of its lanes are active.  What must hold,
 * each the counts of ncu on an H200 (launches of tests/tex/ncu.tsv, which
 * tests/tex.test compares every launch's with):
 *   - a quad a request, a pass (2D, 1D, layered, cube: tex and tld4);
 *     8 lanes a request and a pass for linear memory (44, 45, 47) and
 *     txq (no sectors);
 *   - 3D linear filtering: two lanes a pass (33, 34, 91, 92 and the
 *     probe lanes 3d f32, 159-174); with linear filtering between
 *     mipmap levels, only two of one level of detail (splitlod(): 472,
 *     473 pair; 474 and 56, of several levels, count each lane's own);
 *   - 16-byte texels: two lanes a pass, one in 3D, every sector counted
 *     twice (probe lanes 2d and 3d f32x4, 111-126 and 175-190; 16); in
 *     3D a request of one active lane counts its sectors but is not
 *     counted itself (*minl 2: 175-188, 400; a quad counts one, 189, 190);
 *   - tex.grad: the lanes of a quad alike in gradients a pass, every
 *     other lane one (53, 94, 103-106, 223, 224, 235-239, 494-509), and
 *     in 3D one lane a request (107, 108), every sector counted twice
 *     (probe sectors levels' 3D lanes at a level and between two,
 *     416-427 and 510-513).
 * tests/tex/ncu-xfail.txt lists the launches these do not give.
 */
static void
passes(const int *tb, const Lanes *ln, unsigned *grp, unsigned *share, unsigned *mul, unsigned *minl)
{
	int grad = tb[T_KIND] == TK_TEX && tb[T_GX] >= 0, g3 = tb[T_GEOM] == G_3D;

	*grp = tb[T_KIND] == TK_TXQ || ln->buffer ? 8 : grad && g3 ? 1 : 4;
	*share = grad ? !!g3 : *grp;
	*mul = grad && g3 ? 2 : 1;
	*minl = 1;
	if (tb[T_KIND] == TK_TXQ)
		return;
	if (g3 && ln->lin && *share > 2)
		*share = 2;
	if (ln->tsz == 16)
		*share = *share > 2 && !g3 ? 2 : 1, *mul = 2, *minl = g3 ? 2 : 1;
}

/* tex, tld4, txq: v[k][lane] the sources, d[k][lane] the destinations. */
int
interp_tex(Launch *L, Warp *w, const XIns *xi, uint32_t m, uint64_t v[][WARP], uint64_t d[][WARP])
{
	const int *tb = xi->tbl;

	uint64_t keys[WARP][TEXKEYS];
	double at[WARP][3], grad[WARP][6], lod[WARP];
	unsigned nk[WARP], grp, share, mul, minl;
	uint8_t pass[WARP];
	Lanes ln = { 0, 0, 0, 0 };

	if (tb[T_KIND] != TK_TEX && tb[T_KIND] != TK_TLD4 && tb[T_KIND] != TK_TXQ)
		return interp_surf(L, w, xi, m, v, d);
	FOR_LANES(m, l) {
		const TexObj *o;
		TexObj so;
		uint64_t src[TEXNS], h, sw;
		uint32_t out[4];
		Smp s;
		if (interp_tex_handle(L, w, (int)l, xi, v[0][l], &h))
			return -1;
		if (!(o = interp_tex_obj(L->cx, h, 0))) {
			interp_fault(L, w, (int)l, xi, PTX_FAULT_OOB, h, 0, "0x%" PRIx64 " is not a texture object%s", h,
			    tb[T_REF] ? " (the .texref's handle)" : "");
			return -1;
		}
		if (tb[T_SMP] >= 0) {
			if (refword(L, w, (int)l, xi, v[tb[T_SMP]][l], &sw))
				return -1;
			sampled(o, sw, &so);
			o = &so;
		}
		if (tb[T_KIND] == TK_TXQ) {
			d[0][l] = interp_tex_query(o, tb[T_QUERY], tb[T_LOD] >= 0 ? (uint32_t)v[tb[T_LOD]][l] : 0);
			continue;
		}
		for (int k = 0; k < xi->ns; k++)
			src[k] = v[k][l];
		memset(&s, 0, sizeof s);
		s.L = L, s.w = w, s.lane = (int)l, s.xi = xi, s.o = o, s.isint = readsint(o);
		nk[l] = 0;
		if (L->st)
			s.keys = keys[l], s.nkeys = &nk[l];
		ln.buffer |= o->t.geom == PTX_TEX_BUFFER;
		ln.tsz = o->tsz, ln.lin = o->t.filter == PTX_FILTER_LINEAR && !s.isint;
		ln.miplin = o->t.mip_filter == PTX_FILTER_LINEAR && o->t.levels > 1;
		if (fetch(&s, tb, src, out))
			return -1;
		memcpy(at[l], s.at, sizeof at[l]);
		memcpy(grad[l], s.grad, sizeof grad[l]);
		lod[l] = s.lod;
		for (int c = 0; c < 4; c++)
			d[c][l] = out[c];
		if (tb[T_PRED])
			d[4][l] = 1;   /* every texel is resident */
	}
	if (L->st) {
		if (tb[T_KIND] == TK_TXQ)
			memset(nk, 0, sizeof nk);
		passes(tb, &ln, &grp, &share, &mul, &minl);
		for (unsigned l = 0; l < WARP; l++)
			pass[l] = (uint8_t)(share ? l % grp / share : 0);
		if (!share)
			gradpasses((const double (*)[6])grad, m, pass);
		else if (share == 2 && grp == 4)
			pairlanes((const double (*)[3])at, m, tb[T_GEOM] == G_3D, pass);
		if (share == 2 && grp == 4 && tb[T_GEOM] == G_3D && ln.miplin)
			splitlod(lod, m, pass);
		interp_tex_count(L, xi, PTX_MC_TEX, m, grp, pass, mul, minl, keys, nk);
	}
	return 0;
}

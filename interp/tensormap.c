/*
 * tensormap.c -- tensor maps (CUDA's CUtensorMap): our encoding of the
 * 128-byte opaque object, interp_tmap_encode (behind ptx_tensormap_encode,
 * which the driver-API shim's cuTensorMapEncodeTiled and ptx-run's
 * -a tensormap: use), reading
 * a map for the tensor copies of bulk.c, and the instructions that edit
 * and copy maps: tensormap.replace and tensormap.cp_fenceproxy.
 *
 * The layout, little-endian, every field at its natural alignment:
 *
 *   offset  type      field
 *      0    u64       global address
 *      8    u64[5]    global dimensions, in elements, innermost first
 *     48    u64[4]    global strides in bytes: [i] is dimension i+1's
 *     80    u16[5]    box dimensions, in elements (1..256)
 *     90    u8[5]     element strides (1..8)
 *     95    u8        rank - 1
 *     96    u8        element type   \
 *     97    u8        interleave      |  numbered as tensormap.replace's
 *     98    u8        swizzle mode    |  new_val (the PTX ISA's tables)
 *     99    u8        fill mode       |
 *    100    u8        swizzle atomicity
 *    101    u8        L2 promotion (0 none, 1 64B, 2 128B, 3 256B)
 *    102    u8        form: 0 tiled, 1 im2col, 2 im2col wide (the driver
 *                     shim's cuTensorMapEncodeIm2col and ...Wide,
 *                     cuda/shim_tmap.c)
 *    103..127         zero; in the im2col forms, 103 u8 the wide form's
 *                     mode, 104 u16 channels per pixel, 106 u16 pixels
 *                     per column, 108 s16[3] and 114 s16[3] the box's
 *                     lower and upper corners (the wide form's: W's)
 *
 * Every field is what tensormap.replace writes, so a map can be built
 * from 128 zero bytes by replacing each field, as Triton's kernels do.
 * Nothing is checked when a map is written: a map is checked, against the
 * rules of cuTensorMapEncodeTiled, each time a copy reads it, and a bad
 * one faults there with the reason.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <string.h>
#include "interp.h"

#define FOR_LANES(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

enum {
	O_ADDR = 0, O_DIM = 8, O_STRIDE = 48, O_BOX = 80, O_ESTRIDE = 90, O_RANK = 95, O_ELEMTYPE = 96,
	O_INTERLEAVE = 97, O_SWIZZLE = 98, O_FILL = 99, O_ATOMICITY = 100, O_L2 = 101, O_FORM = 102,
	O_CHANNELS = 104, O_PIXELS = 106, O_LOWER = 108, O_UPPER = 114
};

/* Bytes of an element of each PTX_TMAP_* type. */
static const uint8_t esizes[] = { 1, 2, 4, 4, 8, 8, 2, 4, 4, 8, 2, 4, 4 };

static int
isfloat(int ty)
{
	return ty >= PTX_TMAP_F16;
}

/* Why t breaks a rule of cuTensorMapEncodeTiled, or NULL. */
static const char *
invalid(const ptx_tensormap *t)
{
	unsigned es;

	if (t->rank < 1 || t->rank > 5)
		return "the rank is not 1 to 5";
	if (t->elemtype >= sizeof esizes)
		return "unknown element type";
	es = esizes[t->elemtype];
	if (t->interleave > 2)
		return "unknown interleave layout";
	if (t->interleave && t->rank < 3)
		return "an interleaved layout needs rank 3 or more";
	if (t->swizzle > 3)
		return "unknown (or not sm_90) swizzle mode";
	if (t->fill > 1 || (t->fill && !isfloat((int)t->elemtype)))
		return "NaN fill needs a floating-point element type";
	if (t->l2promo > 3)
		return "unknown L2 promotion";
	if (t->addr % (t->interleave == 2 ? 32 : 16))
		return "the global address is not 16-byte aligned (32 with 32-byte interleave)";
	for (unsigned i = 0; i < t->rank; i++) {
		if (t->dim[i] < 1 || t->dim[i] > (1ull << 32))
			return "a global dimension is not 1 to 2^32";
		if (t->box[i] < 1 || t->box[i] > 256)
			return "a box dimension is not 1 to 256";
		if (t->estride[i] < 1 || t->estride[i] > 8)
			return "an element stride is not 1 to 8";
		if (i + 1 < t->rank && (t->stride[i] % (t->interleave == 2 ? 32 : 16) || t->stride[i] >= (1ull << 40)))
			return "a global stride is not a multiple of 16 (32 with 32-byte interleave) below 2^40";
	}
	if (t->box[0] * es % 16)   /* interleaved maps' too (an H200's driver) */
		return "the box's inner dimension is not a multiple of 16 bytes";
	if (!t->interleave && t->swizzle && t->box[0] * es > (16u << t->swizzle))
		return "the box's inner dimension is wider than the swizzle span";
	return NULL;
}

static void
put(uint8_t *p, size_t n, uint64_t v)
{
	memcpy(p, &v, n);   /* little-endian host, as the guest */
}

static uint64_t
get(const uint8_t *p, size_t n)
{
	uint64_t v = 0;
	memcpy(&v, p, n);
	return v;
}

int
interp_tmap_encode(ptx_ctx *cx, const ptx_tensormap *t, void *map)
{
	uint8_t *p = map;
	const char *why;
	ptx_tensormap u;

	u = *t;
	for (int i = 0; i < 5; i++)
		u.estride[i] += !u.estride[i];   /* 0: every element */
	t = &u;
	if ((why = invalid(t))) {
		interp_diag(cx, NULL, 0, 0, PTX_SEV_ERROR, NULL, "tensor map: %s", why);
		return PTX_EINVAL;
	}
	memset(p, 0, TMAP_BYTES);
	put(p + O_ADDR, 8, t->addr);
	for (unsigned i = 0; i < t->rank; i++) {
		put(p + O_DIM + 8 * i, 8, t->dim[i]);
		if (i + 1 < t->rank)
			put(p + O_STRIDE + 8 * i, 8, t->stride[i]);
		put(p + O_BOX + 2 * i, 2, t->box[i]);
		p[O_ESTRIDE + i] = (uint8_t)t->estride[i];
	}
	p[O_RANK] = (uint8_t)(t->rank - 1);
	p[O_ELEMTYPE] = (uint8_t)t->elemtype;
	p[O_INTERLEAVE] = (uint8_t)t->interleave;
	p[O_SWIZZLE] = (uint8_t)t->swizzle;
	p[O_FILL] = (uint8_t)t->fill;
	p[O_L2] = (uint8_t)t->l2promo;
	return PTX_OK;
}

/* The two 64-byte halves of the map at generic (or space-specific)
 * address a, which must be 64-byte aligned, into h; -1 after a fault.
 * Each half is translated alone (interp_xlate wants an access aligned to
 * its size), and the two need not be adjacent on the host: a map may
 * straddle two allocations that meet at a + 64 (the driver shim packs
 * small ones side by side in a chunk), so the map is read through
 * mapcopy and written a field at a time through field, never as 128
 * bytes from the first half's pointer. */
static int
mapptr(Launch *L, Warp *w, int lane, const XIns *xi, int space, uint64_t a, int write, uint8_t *h[2])
{
	if (a & 63) {
		interp_fault(L, w, lane, xi, PTX_FAULT_MISALIGNED, a, TMAP_BYTES,
		    "the tensor map at 0x%" PRIx64 " is not 64-byte aligned", a);
		return -1;
	}
	if (!(h[0] = interp_xlate(L, w, lane, space, a, 64, write, xi)) ||
	    !(h[1] = interp_xlate(L, w, lane, space, a + 64, 64, write, xi)))
		return -1;
	return 0;
}

/* The map whose halves are h, into buf[TMAP_BYTES] */
static void
mapcopy(uint8_t *buf, uint8_t *const h[2])
{
	memcpy(buf, h[0], 64);
	memcpy(buf + 64, h[1], 64);
}

/* The host address of the field at offset off of the map whose halves are
 * h (every field lies in one half: each is at its natural alignment) */
static uint8_t *
field(uint8_t *const h[2], unsigned off)
{
	return h[off / 64] + off % 64;
}

int
interp_tmap_read(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t a, TMap *t)
{
	uint8_t *h[2], p[TMAP_BYTES];
	ptx_tensormap d;
	const char *why;

	if (mapptr(L, w, lane, xi, MS_GENERIC, a, 0, h))
		return -1;
	mapcopy(p, h);
	memset(&d, 0, sizeof d);
	d.addr = get(p + O_ADDR, 8);
	d.rank = p[O_RANK] + 1u;
	d.elemtype = p[O_ELEMTYPE];
	d.interleave = p[O_INTERLEAVE];
	d.swizzle = p[O_SWIZZLE];
	d.fill = p[O_FILL];
	d.l2promo = p[O_L2];
	for (unsigned i = 0; i < 5; i++) {
		d.dim[i] = get(p + O_DIM + 8 * i, 8);
		if (i < 4)
			d.stride[i] = get(p + O_STRIDE + 8 * i, 8);
		d.box[i] = (unsigned)get(p + O_BOX + 2 * i, 2);
		d.estride[i] = p[O_ESTRIDE + i];
	}
	if ((why = invalid(&d))) {
		interp_fault(L, w, lane, xi, PTX_FAULT_TRAP, a, TMAP_BYTES, "the tensor map at 0x%" PRIx64 " is invalid: %s",
		    a, why);
		return -1;
	}
	memset(t, 0, sizeof *t);
	t->addr = d.addr;
	t->rank = (int)d.rank;
	t->elemtype = (int)d.elemtype;
	t->esize = esizes[d.elemtype];
	t->interleave = (int)d.interleave;
	t->swizzle = (int)d.swizzle;
	t->fill = (int)d.fill;
	t->form = p[O_FORM];   /* the copy checks that it is its own */
	if (t->form == TMAP_IM2COL || t->form == TMAP_IM2COL_WIDE) {
		t->channels = (uint32_t)get(p + O_CHANNELS, 2);
		t->pixels = (uint32_t)get(p + O_PIXELS, 2);
		for (int i = 0; i < 3; i++) {
			t->lower[i] = (int16_t)get(p + O_LOWER + 2 * i, 2);
			t->upper[i] = (int16_t)get(p + O_UPPER + 2 * i, 2);
		}
	}
	for (int i = 0; i < t->rank; i++) {
		t->dim[i] = d.dim[i];
		t->stride[i] = i ? d.stride[i - 1] : (uint64_t)t->esize;
		t->box[i] = d.box[i];
		t->estride[i] = d.estride[i];
	}
	return 0;
}

/* ---------------------------------------------------------------- instructions */

enum { TM_REPLACE, TM_COPY };

static int
modofclass(const Ins *in, int cls)
{
	for (int i = 0; i < in->nmod; i++)
		if (in->mod[i] >= NTY && in->mod[i] < NMOD && ir_modinfo[in->mod[i]].cls == cls &&
		    in->mod[i] != MOD_TILE && in->mod[i] != MOD_B1024)
			return in->mod[i];
	return 0;
}

/* tensormap.replace.tile.FIELD{.space}.b1024.type [map], {ord,} new_val: mod
 * TM_REPLACE, aux the field (MOD_*), s the ord (0 where none) and new_val.
 * tensormap.cp_fenceproxy.global.shared::cta... [dst], [src], size: mod
 * TM_COPY, s the source's base and offset and the size. */
int
interp_tmap_decode(ptx_module *pm, XFunc *x, XIns *xi, const Ins *in)
{
	XOp tmp[3];
	int n;

	xi->x = X_TMAP;
	if (in->nopnd < 2 || interp_decode_addr(pm, x, &in->opnd[0], in->space, xi) || xi->abase.k == XO_LOCAL)
		return -1;
	if (in->op == OP_TENSORMAP_CP_FENCEPROXY) {
		XIns src;
		memset(&src, 0, sizeof src);
		xi->mod = TM_COPY;
		if (in->nopnd != 3 || interp_decode_addr(pm, x, &in->opnd[1], SP_SHARED, &src) ||
		    src.abase.k == XO_LOCAL || interp_decode_op(pm, &in->opnd[2], TY_U32, &tmp[2]))
			return -1;
		tmp[0] = src.abase;
		tmp[1] = (XOp){ .k = XO_IMM, .imm = (uint64_t)src.aoff };
		n = 3;
	} else {
		xi->mod = TM_REPLACE;
		xi->aux = modofclass(in, MC_TMA);
		if (!xi->aux)
			return -1;
		tmp[0] = (XOp){ .k = XO_IMM, .imm = 0 };
		if (in->nopnd == 3 ? interp_decode_ops(pm, &in->opnd[1], 2, TY_B64, tmp, 2) != 2 :
		    interp_decode_op(pm, &in->opnd[1], TY_B64, &tmp[1]))
			return -1;
		n = 2;
	}
	xi->s = interp_alloc(pm->cx, sizeof tmp);
	if (!xi->s)
		return -1;
	memcpy(xi->s, tmp, sizeof tmp);
	xi->ns = (uint8_t)n;
	return 0;
}

int
interp_tmap(Launch *L, Warp *w, const XIns *xi, uint32_t m, const uint64_t *ad, uint64_t v[][WARP])
{
	FOR_LANES(m, l) {
		uint8_t *h[2], *s[2], buf[TMAP_BYTES];
		uint64_t ord = v[0][l] & 0xffffffffu, val = v[1][l];
		unsigned lim = 5;
		if (mapptr(L, w, (int)l, xi, xi->space, ad[l], 1, h))
			return XR_FAULT;
		if (xi->mod == TM_COPY) {
			if ((v[2][l] & 0xffffffffu) != TMAP_BYTES) {
				interp_fault(L, w, (int)l, xi, PTX_FAULT_TRAP, ad[l], 0,
				    "tensormap.cp_fenceproxy copies 128 bytes, not %" PRIu64, v[2][l] & 0xffffffffu);
				return XR_FAULT;
			}
			if (mapptr(L, w, (int)l, xi, MS_SHARED, v[0][l] + v[1][l], 0, s))
				return XR_FAULT;
			mapcopy(buf, s);   /* the source may overlap the destination */
			memcpy(h[0], buf, 64);
			memcpy(h[1], buf + 64, 64);
			continue;
		}
		if (xi->aux == MOD_GLOBAL_STRIDE)
			lim = 4;
		if (ord >= lim) {
			interp_fault(L, w, (int)l, xi, PTX_FAULT_TRAP, ad[l], 0,
			    "tensormap.replace: dimension %" PRIu64 " is not below %u", ord, lim);
			return XR_FAULT;
		}
		switch (xi->aux) {
		case MOD_GLOBAL_ADDRESS: put(field(h, O_ADDR), 8, val); break;
		case MOD_RANK: *field(h, O_RANK) = (uint8_t)val; break;
		case MOD_BOX_DIM: put(field(h, O_BOX + 2 * (unsigned)ord), 2, val); break;
		case MOD_GLOBAL_DIM: put(field(h, O_DIM + 8 * (unsigned)ord), 8, val & 0xffffffffu); break;
		case MOD_GLOBAL_STRIDE: put(field(h, O_STRIDE + 8 * (unsigned)ord), 8, val); break;
		case MOD_ELEMENT_STRIDE: *field(h, O_ESTRIDE + (unsigned)ord) = (uint8_t)val; break;
		case MOD_ELEMTYPE: *field(h, O_ELEMTYPE) = (uint8_t)val; break;
		case MOD_INTERLEAVE_LAYOUT: *field(h, O_INTERLEAVE) = (uint8_t)val; break;
		case MOD_SWIZZLE_MODE: *field(h, O_SWIZZLE) = (uint8_t)val; break;
		case MOD_SWIZZLE_ATOMICITY: *field(h, O_ATOMICITY) = (uint8_t)val; break;
		case MOD_FILL_MODE: *field(h, O_FILL) = (uint8_t)val; break;
		}
	}
	return XR_OK;
}

/*
 * surf.c -- the surface instructions: suld.b, sust.b, sust.p, sured.b and
 * suq, on the surface objects of tex.c's table.
 *
 * A surface is addressed by texel row, slice and layer, and by byte
 * within the row (suld.b, sust.b, sured.b: "the lowest dimension
 * coordinate represents a byte offset"), or by texel within the row
 * (sust.p).  An access that leaves the surface, on any axis, traps
 * (.trap: a fault), moves to the nearest place inside (.clamp: the byte
 * coordinate to the last position where the whole access fits), or reads
 * zeros and writes nothing (.zero).  sust.p converts each of its 32-bit
 * sources into a channel of the texel: floats for half and float
 * surfaces, the low bits of integers otherwise (a surface over an 8- or
 * 16-bit array is an integer one); channels the vector lacks keep their
 * bits.  sured.b is atomic with respect to other atomics (sched.c's
 * address-striped locks when CTAs run on several threads).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include "interp.h"
#include "tex.h"

#define FOR_LANES(m, l) for (uint32_t m_ = (m), l; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); m_ &= m_ - 1)

/* The host bytes of guest [a, a + n) (faults reported, NULL), with no
 * alignment asked: a surface's rows need not be aligned to the access. */
static uint8_t *
span(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t a, unsigned n, int write)
{
	uint8_t *p = interp_xlate(L, w, lane, MS_GLOBAL, a, 1, write, xi), *q;

	if (!p)
		return NULL;
	if (n > 1 && !(q = interp_xlate(L, w, lane, MS_GLOBAL, a + n - 1, 1, write, xi)))
		return NULL;
	if (n > 1 && q - p != (ptrdiff_t)(n - 1)) {
		interp_fault(L, w, lane, xi, PTX_FAULT_OOB, a, n, "surface access at 0x%" PRIx64
		    " crosses allocations", a);
		return NULL;
	}
	/* memcheck follows surface stores as it does st's: a texture fetch
	 * of the bytes later in the launch is reported (check_mem.c) */
	if (write && (L->chk & PTX_CHECK_MEMCHECK))
		interp_chk_access(L, w, (uint32_t)lane, xi, a, p, n, 1);
	return p;
}

/* f32 to f16, rounding to nearest even */
static uint16_t
tohalf(uint32_t u)
{
	uint32_t s = u >> 16 & 0x8000, e = u >> 23 & 0xff, m = u & 0x7fffff;
	int x;

	if (e == 0xff)
		return (uint16_t)(s | 0x7c00 | (m ? 0x200 | m >> 13 : 0));
	x = (int)e - 127 + 15;
	if (x >= 31)
		return (uint16_t)(s | 0x7c00);
	if (x <= 0) {
		/* a subnormal half (or zero): m with its implicit bit, shifted */
		unsigned sh = (unsigned)(14 - x);
		uint32_t mm = m | 0x800000, r, half;
		if (sh > 24)
			return (uint16_t)s;
		r = mm >> sh;
		half = 1u << (sh - 1);
		if ((mm & ((half << 1) - 1)) > half || ((mm & ((half << 1) - 1)) == half && (r & 1)))
			r++;
		return (uint16_t)(s | r);
	}
	{
		uint32_t r = (uint32_t)x << 10 | m >> 13, rest = m & 0x1fff;
		if (rest > 0x1000 || (rest == 0x1000 && (r & 1)))
			r++;   /* may carry into the exponent, up to infinity: right */
		return (uint16_t)(s | r);
	}
}

/* Where lane's access of n bytes lands: its guest address, 0 when .zero
 * drops it, 1 after a fault (addresses are never below GLOBAL_BASE). */
static uint64_t
place(Launch *L, Warp *w, int lane, const XIns *xi, const TexObj *o, const uint64_t *v, unsigned n)
{
	const int *tb = xi->tbl;
	int g = tb[T_GEOM], k = 1;
	int64_t c[4] = { 0, 0, 0, 0 }, lim[4];   /* byte x, y, z, layer */
	uint64_t dim[3];
	const ptx_texture *t = &o->t;

	interp_tex_dims(o, 0, dim);
	if (g == G_A1D || g == G_A2D)
		c[3] = (int32_t)v[k++];
	c[0] = (int32_t)v[k++];
	if (tb[T_KIND] == TK_SUSTP)
		c[0] *= o->tsz;
	if (g == G_2D || g == G_3D || g == G_A2D)
		c[1] = (int32_t)v[k++];
	if (g == G_3D)
		c[2] = (int32_t)v[k++];
	lim[0] = (int64_t)(dim[0] * o->tsz) - (int64_t)n;
	lim[1] = (int64_t)dim[1] - 1;
	lim[2] = (t->geom == PTX_TEX_3D ? (int64_t)dim[2] : 1) - 1;
	lim[3] = (t->geom == PTX_TEX_3D || t->geom == PTX_TEX_1D || t->geom == PTX_TEX_2D ? 1 : (int64_t)dim[2]) - 1;
	for (int a = 0; a < 4; a++) {
		if (c[a] >= 0 && c[a] <= lim[a])
			continue;
		if (tb[T_MODE] == SB_ZERO || lim[a] < 0)
			return 0;
		if (tb[T_MODE] == SB_TRAP) {
			static const char *const axis[] = { "byte x", "y", "z", "layer" };
			interp_fault(L, w, lane, xi, PTX_FAULT_OOB, 0, n, "surface %s coordinate %" PRId64
			    " outside 0..%" PRId64 " (.trap)", axis[a], c[a], lim[a]);
			return 1;
		}
		c[a] = c[a] < 0 ? 0 : lim[a];
	}
	return t->addr[0] + (uint64_t)(c[2] + c[3]) * o->slice[0] +
	    (uint64_t)c[1] * o->pitch[0] + (uint64_t)c[0];
}

/* x saturated to a channel of format f: unsigned formats take it as
 * unsigned, signed ones as signed; 32-bit channels and floats as they are */
static uint32_t
satch(unsigned f, uint32_t x)
{
	int32_t v = (int32_t)x;

	switch (f) {
	case PTX_TEXFMT_U8: return x > 0xff ? 0xff : x;
	case PTX_TEXFMT_U16: return x > 0xffff ? 0xffff : x;
	case PTX_TEXFMT_S8: return (uint32_t)(v < -128 ? -128 : v > 127 ? 127 : v);
	case PTX_TEXFMT_S16: return (uint32_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v);
	default: return x;
	}
}

static int
sured(Launch *L, uint8_t *p, int op, unsigned bytes, int sgn, uint64_t x)
{
	uint64_t old = 0, r;

	if (L->sh)
		interp_atom_lock(L, p, 1);
	memcpy(&old, p, bytes);
	if (bytes == 4 && sgn)
		old = (uint64_t)(int64_t)(int32_t)old, x = (uint64_t)(int64_t)(int32_t)x;
	switch (op) {
	case MOD_ADD: r = old + x; break;
	case MOD_AND: r = old & x; break;
	case MOD_OR: r = old | x; break;
	case MOD_MIN: r = sgn ? ((int64_t)x < (int64_t)old ? x : old) :
	    (bytes == 4 ? ((uint32_t)x < (uint32_t)old ? x : old) : (x < old ? x : old)); break;
	default: r = sgn ? ((int64_t)x > (int64_t)old ? x : old) :
	    (bytes == 4 ? ((uint32_t)x > (uint32_t)old ? x : old) : (x > old ? x : old)); break;
	}
	memcpy(p, &r, bytes);
	if (L->sh)
		interp_atom_lock(L, p, 0);
	return 0;
}

int
interp_surf(Launch *L, Warp *w, const XIns *xi, uint32_t m, uint64_t v[][WARP], uint64_t d[][WARP])
{
	const int *tb = xi->tbl;
	int kind = tb[T_KIND];
	unsigned eb = (unsigned)tb[T_BITS] / 8, n = eb * (unsigned)tb[T_VEC];
	uint64_t keys[WARP][TEXKEYS];
	unsigned nk[WARP], grp = 8;

	memset(nk, 0, sizeof nk);
	FOR_LANES(m, l) {
		const TexObj *o;
		uint64_t src[TEXNS], a, h;
		uint8_t *p;
		if (interp_tex_handle(L, w, (int)l, xi, v[0][l], &h))
			return -1;
		if (!(o = interp_tex_obj(L->cx, h, 1))) {
			interp_fault(L, w, (int)l, xi, PTX_FAULT_OOB, h, 0, "0x%" PRIx64 " is not a surface object", h);
			return -1;
		}
		if (kind == TK_SUQ) {
			d[0][l] = interp_tex_query(o, tb[T_QUERY], 0);
			continue;
		}
		for (int k = 0; k < xi->ns; k++)
			src[k] = v[k][l];
		if (kind == TK_SUSTP)
			n = o->tsz;
		if ((a = place(L, w, (int)l, xi, o, src, n)) == 1)
			return -1;
		if (o->t.geom == PTX_TEX_3D || o->t.geom == PTX_TEX_A1D || o->t.geom == PTX_TEX_A2D)
			grp = 4;   /* 3D and layered surfaces go 4 lanes a request */
		if (a && L->st) {
			/* the texel's place back from its address: the sector */
			uint64_t off = a - o->t.addr[0], k = off / o->slice[0], j = off % o->slice[0] / o->pitch[0];
			keys[l][nk[l]++] = interp_tex_sector(o, 0, off % o->slice[0] % o->pitch[0] / o->tsz, j, k);
		}
		if (kind == TK_SULD) {
			for (int k = 0; k < tb[T_VEC]; k++)
				d[k][l] = 0;
			if (!a)
				continue;
			if (!(p = span(L, w, (int)l, xi, a, n, 0)))
				return -1;
			for (int k = 0; k < tb[T_VEC]; k++) {
				uint64_t x = 0;
				memcpy(&x, p + k * eb, eb);
				d[k][l] = x;
			}
			continue;
		}
		if (!a)
			continue;
		if (!(p = span(L, w, (int)l, xi, a, n, 1)))
			return -1;
		if (kind == TK_SUST) {
			for (int k = 0; k < tb[T_VEC]; k++)
				memcpy(p + k * eb, &src[tb[T_DATA] + k], eb);
		} else if (kind == TK_SUSTP) {
			for (unsigned c = 0; c < o->t.channels && (int)c < tb[T_VEC]; c++) {
				uint32_t x = (uint32_t)src[tb[T_DATA] + (int)c];
				if (o->t.format == PTX_TEXFMT_F16) {
					uint16_t h = tohalf(x);
					memcpy(p + c * 2, &h, 2);
				} else {
					/* integer channels take the source as an
					 * integer, saturated (an H200 stores 1.0f,
					 * 0x3f800000, as 255 in a u8 channel) */
					x = satch(o->t.format, x);
					memcpy(p + c * o->esz, &x, o->esz);
				}
			}
		} else
			sured(L, p, tb[T_OPER], eb, tb[T_SIGNED], src[tb[T_DATA]]);
	}
	if (L->st)   /* suq counts with the textures (an H200's ncu says so) */
		interp_tex_count(L, xi, kind == TK_SUQ ? PTX_MC_TEX : PTX_MC_SURF, m, grp, NULL, 1, 1, keys, nk);
	return 0;
}

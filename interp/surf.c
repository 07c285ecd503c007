/*
 * surf.c -- the surface instructions: suld.b, sust.b, sust.p, sured.b and
 * suq, on the surface objects of texobj.c's table.
 *
 * A surface is addressed by texel row, slice and layer, and by byte
 * within the row (suld.b, sust.b, sured.b: "the lowest dimension
 * coordinate represents a byte offset"), or by texel within the row
 * (sust.p, sured.p).  A byte coordinate that is not a multiple of the access
 * faults as misaligned, whatever the mode.  An access that leaves the surface, on any axis, traps
 * (.trap: a fault), moves to the nearest place inside (.clamp: the byte
 * coordinate to the last position where the whole access fits), or reads
 * zeros and writes nothing (.zero).  sust.p converts each of its 32-bit
 * sources into a channel of the texel: floats for half surfaces (cut
 * toward zero, tohalf) and float ones, floats for the unorm, snorm and
 * 10-10-10-2 formats (tonorm), the low bits of integers, saturated,
 * otherwise (a surface over an 8- or 16-bit integer array is an integer
 * one); channels the vector lacks are written 0.  sured.p reduces the
 * texel as one integer of the operation's size, signed when the format's
 * channels are; a texel of another size it does not execute (a fault
 * naming it).  sured.b and sured.p are atomic with respect to other atomics (sched.c's
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

/* f32 to f16 as sust.p converts it: cut toward zero (a finite value
 * beyond the largest half to the largest, 65504), infinities and NaNs
 * kept (a NaN quieted, its sign kept); tests/shim/texbits.gpu */
static uint16_t
tohalf(uint32_t u)
{
	uint32_t s = u >> 16 & 0x8000, e = u >> 23 & 0xff, m = u & 0x7fffff;
	int x;

	if (e == 0xff)
		return (uint16_t)(s | 0x7c00 | (m ? 0x200 | m >> 13 : 0));
	x = (int)e - 127 + 15;
	if (x >= 31)
		return (uint16_t)(s | 0x7bff);
	if (x <= 0) {   /* a subnormal half (or zero): m with its implicit bit, shifted */
		unsigned sh = (unsigned)(14 - x);
		return (uint16_t)(s | (sh > 24 ? 0 : (m | 0x800000) >> sh));
	}
	return (uint16_t)(s | (uint32_t)x << 10 | m >> 13);
}

/* The float x as a channel of bits bits of a unorm (sgn: snorm) format,
 * as sust.p stores it: clamped to [0, 1] ([-1, 1]), NaN 0, cut toward
 * zero to 23 fractional bits, times the largest code exactly, rounded to
 * nearest with ties toward zero (0.5f reads 127 in 8 bits, 0.5f + 2^-24
 * too, -0.5f / 127 reads 0); the code's low bits.  Every sust.p of
 * tests/shim/texbits.gpu fits, with 17 to 23 fractional bits. */
static uint32_t
tonorm(uint32_t x, unsigned bits, int sgn)
{
	float f;
	int64_t m = sgn ? (1 << (bits - 1)) - 1 : (1 << bits) - 1, v, q, r;

	memcpy(&f, &x, 4);
	f = f != f ? 0 : f > 1 ? 1 : f < (sgn ? -1 : 0) ? (sgn ? -1.0f : 0) : f;
	v = (int64_t)ldexpf(f, 23) * m;   /* the product exact: below 2^39 */
	q = (v < 0 ? -v : v) >> 23, r = (v < 0 ? -v : v) & ((1 << 23) - 1);
	q += r > 1 << 22;
	return (uint32_t)(v < 0 ? -q : q) & ((1u << bits) - 1);
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
	if (tb[T_KIND] == TK_SUSTP || tb[T_KIND] == TK_SUREDP)
		c[0] *= o->tsz;
	if (g == G_2D || g == G_3D || g == G_A2D)
		c[1] = (int32_t)v[k++];
	if (g == G_3D)
		c[2] = (int32_t)v[k++];
	/* a byte coordinate not a multiple of the access faults as
	 * misaligned under every mode, before the range is looked at (an
	 * H200: x 2 and x 30 of an 8-wide u32 row under .trap, .clamp and
	 * .zero, CUDA_ERROR_MISALIGNED_ADDRESS; tests/check/mem_surf_trap.ptx) */
	if (c[0] % (int64_t)n) {
		interp_fault(L, w, lane, xi, PTX_FAULT_MISALIGNED, 0, n, "surface byte x coordinate %" PRId64
		    " is not a multiple of the %u-byte access", c[0], n);
		return 1;
	}
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

/* A texture or surface instruction whose guard is false in every lane
 * (counting launches only): a store still sends the texture pipe a
 * request, of no sectors (an H200's ncu: tests/shim/texbits.ncu,
 * launches 13-15, a guarded sust after each suld).  Loads and
 * reductions are not known to. */
void
interp_surf_skipped(Launch *L, const XIns *xi)
{
	if (xi->tbl[T_KIND] == TK_SUST || xi->tbl[T_KIND] == TK_SUSTP)
		L->st[xi - L->pm->code].mem[PTX_MC_TEX].requests++;
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
		if (kind == TK_SUREDP && o->tsz != eb) {
			interp_fault(L, w, (int)l, xi, PTX_FAULT_UNSUPPORTED, h, 0, "sured.p of %u bits on a surface of "
			    "%u-byte texels is not executed (only texels of the operation's size)", eb * 8, o->tsz);
			return -1;
		}
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
		} else if (kind == TK_SUSTP && o->t.format == PTX_TEXFMT_UNORM_10_10_10_2) {
			/* alpha: the top 2 bits of its 10-bit code (2.5f / 3 reads 3) */
			uint32_t u = 0;
			for (unsigned c = 0; c < 4 && (int)c < tb[T_VEC]; c++)
				u |= tonorm((uint32_t)src[tb[T_DATA] + (int)c], 10, 0) >> (c < 3 ? 0 : 8) << 10 * c;
			memcpy(p, &u, 4);
		} else if (kind == TK_SUSTP) {
			for (unsigned c = 0; c < o->t.channels; c++) {
				uint32_t x = (int)c < tb[T_VEC] ? (uint32_t)src[tb[T_DATA] + (int)c] : 0;
				if (o->t.flags & PTX_TEXF_NORMFMT) {
					x = tonorm(x, 8 * o->esz, o->t.format == PTX_TEXFMT_S8 || o->t.format == PTX_TEXFMT_S16);
					memcpy(p + c * o->esz, &x, o->esz);
				} else if (o->t.format == PTX_TEXFMT_F16) {
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
		} else if (kind == TK_SUREDP) {
			/* the texel as one integer, signed when the format's
			 * channels are (an H200: f32, u8x4 and u16x2 texels add,
			 * min and max as one u32; s32 as an s32; surfred.c) */
			int sg = o->t.format == PTX_TEXFMT_S8 || o->t.format == PTX_TEXFMT_S16 ||
			         o->t.format == PTX_TEXFMT_S32;
			sured(L, p, tb[T_OPER], eb, sg, src[tb[T_DATA]]);
		} else
			sured(L, p, tb[T_OPER], eb, tb[T_SIGNED], src[tb[T_DATA]]);
	}
	if (L->st)   /* suq counts with the textures (an H200's ncu says so) */
		interp_tex_count(L, xi, kind == TK_SUQ ? PTX_MC_TEX : PTX_MC_SURF, m, grp, NULL, NULL, 1, 0, keys, nk);
	return 0;
}

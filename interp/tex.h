/*
 * tex.h -- what the texture files (tex.c sampling, texobj.c objects,
 * texdec.c decoding, texfilt.c texel arithmetic, texbc.c and texlod.c)
 * and surf.c (surfaces) share: the object table's entries, the layout of
 * a decoded instruction's xi->tbl[], and a lane's sampling.
 */
#ifndef PTX_INTERP_TEX_H
#define PTX_INTERP_TEX_H

#include <string.h>
#include "interp.h"

/* One texture or surface object (ptx_texture_create): the description
 * and what follows from it, per mipmap level. */
struct TexObj {
	ptx_texture t;              /* levels is at least 1 */
	int live, surf;
	uint32_t gen;               /* the handle's high half; bumped when the slot is reused */
	unsigned esz, tsz;          /* bytes of a channel, of a texel (block-compressed: of a block) */
	unsigned ff, fch;           /* the plain format and channels the filter takes texels in
	                             * (a 10-10-10-2 or compressed texel decoded to them) */
	int bc;                     /* block-compressed: a level's rows are rows of 4x4 blocks */
	uint64_t pitch[PTX_TEX_MAXLEVELS], slice[PTX_TEX_MAXLEVELS];   /* row and slice strides */
};

/* Instruction kinds (T_KIND). */
enum { TK_TEX, TK_TLD4, TK_TXQ, TK_SULD, TK_SUST, TK_SUSTP, TK_SURED, TK_SUQ, TK_SUREDP };
/* Geometries of the instructions (T_GEOM). */
enum { G_1D, G_2D, G_3D, G_A1D, G_A2D, G_CUBE, G_ACUBE };
/* Surface bounds modes (T_MODE). */
enum { SB_TRAP, SB_CLAMP, SB_ZERO };
/* xi->tbl[] of X_TEX: source positions are indices into xi->s (-1: absent). */
enum {
	T_KIND, T_GEOM,
	T_NC,        /* coordinate sources, from s[1] (the layer first for arrays) */
	T_AFTER,     /* the first source after the coordinates */
	T_ICOORD,    /* tex/tld4: integer coordinates */
	T_LOD,       /* tex.level's level, txq.level's level */
	T_GX, T_GY, T_NG,   /* tex.grad's gradients and their length */
	T_OFF, T_NOFF,      /* texel offsets */
	T_DC,        /* depth-compare value */
	T_COMP,      /* tld4's channel */
	T_PRED,      /* a residency predicate follows the four results */
	T_QUERY,     /* txq/suq: the MOD_ of the query */
	T_BITS, T_SIGNED, T_VEC, T_MODE, T_OPER,   /* surfaces: element, vector, bounds, sured's MOD_ */
	T_DATA,      /* sust/sured: the first data source */
	T_REF,       /* s[0] is the address of a .texref/.surfref variable holding the handle */
	T_SMP,       /* independent mode: the source holding a .samplerref's address (-1: none) */
	T_N
};

/* A .samplerref variable's 8 bytes (its initializer's fields, or what
 * the host stores): bits 0-8 the three address modes, 3 bits each
 * holding PTX_ADDR_* + 1 (0: clamp, the default), bit 9 linear
 * filtering, bit 10 force_unnormalized_coords. */
enum { SMP_LINEAR = 1 << 9, SMP_UNNORM = 1 << 10 };

/* The bits of a float and back */
static inline float
f32of(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static inline uint32_t
bitsof(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
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
	uint64_t slice;     /* the layer (of a layered cube, layer * 6 + face) it reads (pairlanes()) */
	unsigned nlv;       /* the levels it reads, 1 or 2 (pairlanes()) */
	double grad[6];     /* tex.grad's dx, dy in texels, as the unit keeps them (gradpasses()) */
	double lod;         /* the level of detail asked for, before the clamps (splitlod()) */
	unsigned lv0;       /* the level it reads (the lower one between two) */
	unsigned tf;        /* the upper level's weight, 256ths (0: it reads one level) */
	int quadlod;        /* a fetch of a tex.grad's quad (grad3quad()): at the level lod */
	int onelv;          /* it reads one inner level, linear between levels, for a fraction of 0 (pairup()) */
	int zeroup;         /* then it fetches the next level's texels too, at weight 0 (pairup()) */
	int lone;           /* a fetch pairup() decides for: at a level exactly it reads one level */
} Smp;

/* texdec.c */
int interp_tex_sampler_init(const Expr *e, uint64_t *word);   /* -1: not a sampler initializer */
/* texobj.c: objects, handles, queries; an object under the sampler of
 * the .samplerref at a (independent mode; -1 after a fault) */
int interp_tex_handle(Launch *L, Warp *w, int lane, const XIns *xi, uint64_t v, uint64_t *h);
const TexObj *interp_tex_obj(const ptx_ctx *cx, uint64_t h, int surf);   /* NULL: not a live one */
void interp_tex_dims(const TexObj *o, unsigned l, uint64_t d[3]);
int interp_tex_readsint(const TexObj *o);
int interp_tex_sampled(Launch *L, Warp *w, int lane, const XIns *xi, const TexObj *o, uint64_t a, TexObj *so);
/* texfilt.c: a texel (-1 after a fault), the border as a texel, and the
 * filter of n texels under weights w[] (256ths) in blocks of grp */
float interp_tex_half(uint16_t h);
int interp_tex_texel(const Smp *s, unsigned lv, uint64_t i, uint64_t j, uint64_t k, Texel *t);
void interp_tex_border(const Smp *s, Texel *t);
void interp_tex_filter(const Smp *s, const Texel *t, const uint32_t *w, int n, int grp, uint32_t out[4]);
/* texbc.c: texel t (x + 4 y) of the block at q of block-compressed
 * format fmt, each channel in the filter's form of interp_tex_bcform(fmt) */
unsigned interp_tex_bcform(unsigned fmt);
void interp_tex_bc(unsigned fmt, const uint8_t *q, unsigned t, uint32_t out[4]);
unsigned interp_tex_chtype(const TexObj *o);
unsigned interp_tex_chorder(const TexObj *o);
uint32_t interp_tex_query(const TexObj *o, int q, uint32_t lv);
/* The texture counters (tex.c): a lane's sectors (TEXKEYS at most), the
 * key of one texel, and one warp instruction's requests and sectors in
 * class cls (PTX_MC_TEX, PTX_MC_SURF) from lane groups of grp lanes (apart:
 * the lanes of a group share no sectors), a group with an active lane counting as a request
 * but those of nocount (a bit at each such group's first lane); within a group, lanes share sectors
 * with the lanes of the same pass[] only (NULL: all of them), those of an upper level of two
 * (a key's pass 1) with the lanes of the same passhi[] (NULL: pass[]). */
#define TEXKEYS 16
uint64_t interp_tex_sector(const TexObj *o, unsigned lv, uint64_t i, uint64_t j, uint64_t k);
void interp_tex_count(Launch *L, const XIns *xi, int cls, uint32_t m, unsigned grp, const uint8_t *pass,
                      const uint8_t *passhi, unsigned mul, uint32_t nocount, uint64_t (*keys)[TEXKEYS],
                      const unsigned *nk);
/* texlod.c: the level of detail of gradients dx, dy (in texels), in
 * 256ths, from the gradients' components cut to 10 bits of mantissa
 * (interp_tex_trunc10); diag: with their sum and difference */
int64_t interp_tex_gradlod(const double *dx, const double *dy, int diag);
double interp_tex_trunc10(double x);
/* texlod.c: the unit's sum of two such values */
double interp_tex_gradadd(double p, double q);
/* texlod.c: a normalized gradient in texels of an axis of n texels */
double interp_tex_scale(double g, uint64_t n);
/* surf.c: suld, sust, sured, suq, with interp_tex's arguments */
int interp_surf(Launch *L, Warp *w, const XIns *xi, uint32_t m, uint64_t v[][WARP], uint64_t d[][WARP]);

#endif

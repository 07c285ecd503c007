/*
 * shim_tmap.c -- tensor maps: cuTensorMapEncodeTiled writes the
 * interpreter's encoding of a CUtensorMap (interp/tensormap.c describes
 * it) through ptx_tensormap_encode, which checks the driver's rules; the
 * kernel then takes the 128 bytes as its __grid_constant__ parameter, or
 * finds them in global memory.  Maps of the packed 4- and 6-bit types are
 * not supported.
 *
 * cuTensorMapEncodeIm2col checks the driver's rules for the im2col form
 * (the manual's, of cuTensorMapEncodeIm2col) and writes a map the
 * interpreter knows as one: the tiled encoding of its tensor with the
 * channels as the inner box, the form and the im2col fields in bytes the
 * tiled form leaves zero (interp/tensormap.c), which the im2col copies
 * read (interp/tensorbox.c) and a tiled copy refuses.  The wide form
 * (cuTensorMapEncodeIm2colWide) likewise, which an im2col copy reads as
 * an im2col map (interp/bulk.c).
 */
#include <stdint.h>
#include <string.h>
#include "cuda/shim.h"

/* The driver's CUtensorMap: 128 opaque bytes, 64-byte aligned by its users. */
typedef struct { uint64_t opaque[16]; } CUtensorMap;

/* CUtensorMapDataType: the PTX ISA numbers float64, bfloat16 and
 * float32_ftz 9, 10 and 8 (tensormap.replace), the driver 8, 9 and 10. */
static const int ptxtype[] = { PTX_TMAP_U8, PTX_TMAP_U16, PTX_TMAP_U32, PTX_TMAP_S32, PTX_TMAP_U64, PTX_TMAP_S64,
	PTX_TMAP_F16, PTX_TMAP_F32, PTX_TMAP_F64, PTX_TMAP_BF16, PTX_TMAP_F32_FTZ, PTX_TMAP_TF32, PTX_TMAP_TF32_FTZ };

CUresult
cuTensorMapEncodeTiled(CUtensorMap *map, int type, uint32_t rank, void *addr, const uint64_t *dim,
                       const uint64_t *strides, const uint32_t *box, const uint32_t *estrides, int interleave,
                       int swizzle, int l2promo, int fill)
{
	ptx_tensormap t;
	CUresult r;

	if (!map || ((uintptr_t)map & 63) || type < 0 || type >= (int)(sizeof ptxtype / sizeof ptxtype[0]) ||
	    rank < 1 || rank > 5 || !dim || (rank > 1 && !strides) || !box || !estrides || interleave < 0 ||
	    swizzle < 0 || l2promo < 0 || fill < 0)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&t, 0, sizeof t);
	t.addr = (ptx_devptr)(uintptr_t)addr;
	t.rank = rank;
	t.elemtype = (unsigned)ptxtype[type];
	for (uint32_t i = 0; i < rank; i++) {
		t.dim[i] = dim[i];
		if (i + 1 < rank)
			t.stride[i] = strides[i];
		t.box[i] = box[i];
		t.estride[i] = estrides[i] ? estrides[i] : ~0u;   /* 0 is an error here */
	}
	t.interleave = (unsigned)interleave;
	t.swizzle = (unsigned)swizzle;
	t.l2promo = (unsigned)l2promo;
	t.fill = (unsigned)fill;
	LOCK();
	if (!(r = shim_ready(NULL)) && ptx_tensormap_encode(shim.cx, &t, map) != PTX_OK) {
		shim_print_diags("cuTensorMapEncodeTiled");
		r = CUDA_ERROR_INVALID_VALUE;
	}
	UNLOCK();
	return r;
}

/* The im2col fields, after the tiled encoding's (interp/tensormap.c) */
enum { O_FORM = 102, O_WMODE = 103, O_CHANNELS = 104, O_PIXELS = 106, O_LOWER = 108, O_UPPER = 114,
       FORM_IM2COL = 1, FORM_IM2COL_WIDE = 2 };

CUresult
cuTensorMapEncodeIm2col(CUtensorMap *map, int type, uint32_t rank, void *addr, const uint64_t *dim,
                        const uint64_t *strides, const int *lower, const int *upper, uint32_t channels,
                        uint32_t pixels, const uint32_t *estrides, int interleave, int swizzle, int l2promo, int fill)
{
	/* the corners' range by rank: one offset of 16 bits, two of 8, three of 5 */
	static const int lim[] = {0, 0, 0, 32768, 128, 16};
	uint32_t box[5] = {0, 1, 1, 1, 1};
	unsigned char *p = (unsigned char *)map;
	CUresult r;

	if (!map || rank < 3 || rank > 5 || !dim || !strides || !lower || !upper || !estrides || channels < 1 ||
	    channels > 256 || pixels < 1 || pixels > 1024)
		return CUDA_ERROR_INVALID_VALUE;
	/* the spatial dimensions: 1..rank-2, an interleaved map's 0..rank-3
	 * (interp/tensorbox.c; an H200's driver took and refused the maps of
	 * tests/shim/tmarand.c seed 9 with TMARAND_ILIC so) */
	uint32_t s = interleave ? 0 : 1;
	for (uint32_t i = 0; i + 2 < rank; i++) {
		/* each spatial dimension of the box holds a pixel */
		long long span = (long long)dim[i + s] + upper[i] - lower[i];
		if (lower[i] < -lim[rank] || lower[i] >= lim[rank] || upper[i] < -lim[rank] || upper[i] >= lim[rank] ||
		    dim[i + s] > (1ull << 32) || span < 1)
			return CUDA_ERROR_INVALID_VALUE;
	}
	box[0] = channels;
	if ((r = cuTensorMapEncodeTiled(map, type, rank, addr, dim, strides, box, estrides, interleave, swizzle,
	    l2promo, fill)))
		return r;
	p[O_FORM] = FORM_IM2COL;
	memcpy(p + O_CHANNELS, &(uint16_t){(uint16_t)channels}, 2);
	memcpy(p + O_PIXELS, &(uint16_t){(uint16_t)pixels}, 2);
	for (uint32_t i = 0; i + 2 < rank; i++) {
		memcpy(p + O_LOWER + 2 * i, &(int16_t){(int16_t)lower[i]}, 2);
		memcpy(p + O_UPPER + 2 * i, &(int16_t){(int16_t)upper[i]}, 2);
	}
	return CUDA_SUCCESS;
}

/* The wide form's map: W's corners alone, within 16 bits; the pixels a
 * column are read in mode W only.  The manual gives it to compute
 * capability 10.0, yet an H200 (driver 580) encodes one, and so does this
 * (form 2, its mode at O_WMODE), which an im2col copy reads as the
 * im2col form (no copy here has the wide modes). */
CUresult
cuTensorMapEncodeIm2colWide(CUtensorMap *map, int type, uint32_t rank, void *addr, const uint64_t *dim,
                            const uint64_t *strides, int lower, int upper, uint32_t channels, uint32_t pixels,
                            const uint32_t *estrides, int interleave, int mode, int swizzle, int l2promo, int fill)
{
	uint32_t box[5] = {0, 1, 1, 1, 1};
	unsigned char *p = (unsigned char *)map;
	CUresult r;

	if (!map || rank < 3 || rank > 5 || !dim || !strides || !estrides || channels < 1 || channels > 256 ||
	    mode < 0 || mode > 1 || (mode == 0 && (pixels < 1 || pixels > 1024)) || lower < -32768 ||
	    lower > 32767 || upper < -32768 || upper > 32767 || (long long)dim[1] + upper - lower < 1)
		return CUDA_ERROR_INVALID_VALUE;
	box[0] = channels;
	if ((r = cuTensorMapEncodeTiled(map, type, rank, addr, dim, strides, box, estrides, interleave, swizzle,
	    l2promo, fill)))
		return r;
	p[O_FORM] = FORM_IM2COL_WIDE;
	p[O_WMODE] = (unsigned char)mode;
	memcpy(p + O_CHANNELS, &(uint16_t){(uint16_t)channels}, 2);
	memcpy(p + O_PIXELS, &(uint16_t){(uint16_t)(mode == 0 ? pixels : 0)}, 2);
	memcpy(p + O_LOWER, &(int16_t){(int16_t)lower}, 2);
	memcpy(p + O_UPPER, &(int16_t){(int16_t)upper}, 2);
	return CUDA_SUCCESS;
}

CUresult
cuTensorMapReplaceAddress(CUtensorMap *map, void *addr)
{
	uint64_t a = (uint64_t)(uintptr_t)addr;

	if (!map || ((uintptr_t)map & 63) || (a & 15))
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(map, &a, sizeof a);   /* the encoding's first field (interp/tensormap.c) */
	return CUDA_SUCCESS;
}

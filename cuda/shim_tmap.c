/*
 * shim_tmap.c -- tensor maps: cuTensorMapEncodeTiled writes the
 * interpreter's encoding of a CUtensorMap (interp/tensormap.c describes
 * it) through ptx_tensormap_encode, which checks the driver's rules; the
 * kernel then takes the 128 bytes as its __grid_constant__ parameter, or
 * finds them in global memory.  Maps of the packed 4- and 6-bit types and
 * the im2col form are not supported.
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

CUresult
cuTensorMapReplaceAddress(CUtensorMap *map, void *addr)
{
	uint64_t a = (uint64_t)(uintptr_t)addr;

	if (!map || ((uintptr_t)map & 63) || (a & 15))
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(map, &a, sizeof a);   /* the encoding's first field (interp/tensormap.c) */
	return CUDA_SUCCESS;
}

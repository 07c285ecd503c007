/* tests/isa/sfu/model.h -- the instructions check.cu compares, in its order. */
#ifndef SFU_MODEL_H
#define SFU_MODEL_H
#include <stdint.h>

enum {
	SFU_RCP32, SFU_RCP32_FTZ, SFU_SQRT32, SFU_SQRT32_FTZ, SFU_RSQ32, SFU_RSQ32_FTZ,
	SFU_SIN32, SFU_SIN32_FTZ, SFU_COS32, SFU_COS32_FTZ, SFU_LG232, SFU_LG232_FTZ,
	SFU_EX232, SFU_EX232_FTZ, SFU_TANH32,
	SFU_DIVA, SFU_DIVA_FTZ, SFU_DIVF, SFU_DIVF_FTZ,
	SFU_RCP64_FTZ, SFU_RSQ64_FTZ, SFU_RSQ64,
	SFU_EX2H, SFU_TANHH, SFU_EX2B, SFU_TANHB, SFU_EX2H2, SFU_TANHH2, SFU_EX2B2, SFU_TANHB2,
	SFU_TF32, SFU_NVAR
};

#ifdef __cplusplus
extern "C"
#endif
uint64_t sfu_model(int v, uint64_t x);

#endif

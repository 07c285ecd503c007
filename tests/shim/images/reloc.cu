// reloc.cu -- variables alone, one holding another's address: the driver
// writes that address at load (a relocation), which the shim does not, so
// it refuses the image naming the variable (tests/images.test).
__device__ double dconst[4] = {1.0, -1.0, 0.5, 2.0};
__device__ double *dconst_at = dconst;

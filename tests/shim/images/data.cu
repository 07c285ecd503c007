// data.cu -- variables and no kernel, the shape of the image cuBLAS keeps
// its deviceConstants in (tests/images.test): an initialised variable, a
// zeroed one and one of the constant bank, each of internal linkage, as
// nvcc makes a variable of a whole-program compilation.
__device__ double dconst[4] = {1.0, -1.0, 0.5, 2.0};
__device__ int zeros[5];
__constant__ float cvals[3] = {1.5f, -2.0f, 3.25f};

// scale.cu -- the kernel of the image fixtures (tests/images.test): a
// global with an initial value and a device function that is not inlined,
// so that a module's variables and calls come through each image kind.
__device__ float bias = 1.0f;

__device__ __noinline__ float
affine(float x, float a)
{
	return x * a + bias;
}

extern "C" __global__ void
scale(float *x, float a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] = affine(x[i], a);
}

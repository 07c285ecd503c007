/*
 * pycuda_kernels.cu -- the kernels client_pycuda.py loads as PTX;
 * pycuda_kernels.ptx is `nvcc -arch=sm_90 -ptx pycuda_kernels.cu`.
 */
extern "C" __global__ void scale_add(float *out, const float *a, const float *b, float s, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = s * a[i] + b[i];
}
extern "C" __global__ void transpose2d(float *out, const float *in, int rows, int cols)
{
	int r = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
	if (r < rows && c < cols)
		out[c * rows + r] = in[r * cols + c];
}

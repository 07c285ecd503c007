// numba_tex.cu -- device functions for client_numba_tex.py, which numba-cuda
// compiles with NVRTC and links to its kernels (cuda.declare_device): reads
// of a texture object, whose handle the kernel has as a uint64, in
// numba's calling convention (the result through the first pointer, 0
// returned for success).

extern "C" __device__ int
fetch2d_i32(int *r, unsigned long long t, float x, float y)
{
	*r = tex2D<int>((cudaTextureObject_t)t, x, y);
	return 0;
}

extern "C" __device__ int
fetch2d_f32(float *r, unsigned long long t, float x, float y)
{
	*r = tex2D<float>((cudaTextureObject_t)t, x, y);
	return 0;
}

extern "C" __device__ int
fetch3d_i32(int *r, unsigned long long t, float x, float y, float z)
{
	*r = tex3D<int>((cudaTextureObject_t)t, x, y, z);
	return 0;
}

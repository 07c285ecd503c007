/* calls CUDA 12 removed, under their successors' names; texture
   references as texture objects held in __device__ variables:
   texture<T,1> bound to linear memory as compat_tex<T>, texture<T,2>
   bound to an array as compat_tex2<T> (point sampling, clamped, as
   every one of Rodinia's is set up) */
#define cudaThreadSynchronize cudaDeviceSynchronize
#define cudaThreadExit cudaDeviceReset
#define cudaThreadSetCacheConfig cudaDeviceSetCacheConfig
#if defined(__CUDACC__) && defined(__cplusplus)
#include <cuda_runtime.h>
template <class T> struct compat_tex { cudaTextureObject_t o; };
template <class T> struct compat_tex2 { cudaTextureObject_t o; };
template <class T> __device__ static inline T tex1Dfetch(compat_tex<T> t, int i) { return tex1Dfetch<T>(t.o, i); }
template <class T> __device__ static inline T tex2D(compat_tex2<T> t, float x, float y) { return tex2D<T>(t.o, x, y); }
/* a texture object of r, point sampled and clamped, stored in sym */
template <class S>
static cudaError_t compat_make(S &sym, const cudaResourceDesc &r)
{
	cudaTextureDesc t = {};
	t.addressMode[0] = t.addressMode[1] = cudaAddressModeClamp;
	t.filterMode = cudaFilterModePoint;
	t.readMode = cudaReadModeElementType;
	S o;
	cudaError_t e = cudaCreateTextureObject(&o.o, &r, &t, 0);
	if (e != cudaSuccess)
		return e;
	return cudaMemcpyToSymbol(sym, &o, sizeof o);
}
template <class T>
static cudaError_t compat_bindtex(size_t *, compat_tex<T> &sym, const void *p, const cudaChannelFormatDesc &d, size_t n)
{
	cudaResourceDesc r = {};
	r.resType = cudaResourceTypeLinear;
	r.res.linear.devPtr = (void *)p;
	r.res.linear.desc = d;
	r.res.linear.sizeInBytes = n;
	return compat_make(sym, r);
}
template <class T>
static cudaError_t compat_bindtex(size_t *off, compat_tex<T> *sym, const void *p, const cudaChannelFormatDesc *d, size_t n)
{ return compat_bindtex(off, *sym, p, *d, n); }
template <class T>
static cudaError_t compat_bindtex(size_t *off, compat_tex<T> &sym, const void *p, size_t n)
{ return compat_bindtex(off, sym, p, cudaCreateChannelDesc<T>(), n); }
template <class T>
static cudaError_t compat_bindarray(compat_tex2<T> &sym, cudaArray_const_t a, const cudaChannelFormatDesc &)
{
	cudaResourceDesc r = {};
	r.resType = cudaResourceTypeArray;
	r.res.array.array = (cudaArray_t)a;
	return compat_make(sym, r);
}
#define cudaBindTexture compat_bindtex
#define cudaBindTextureToArray compat_bindarray
#define cudaUnbindTexture(tex) cudaSuccess
#endif

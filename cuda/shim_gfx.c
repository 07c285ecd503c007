/*
 * shim_gfx.c -- the graphics interop calls that act on a registered
 * resource.  A resource is made only by a graphics API's registration call
 * (cuGraphicsGLRegisterBuffer, cuGraphicsEGLRegisterImage, the Direct3D and
 * VDPAU ones), and the interpreter has no graphics API, so no resource ever
 * exists: these answer for a handle that is not one, as the driver does.
 * They are exported because a program that loads libcuda.so.1 itself and
 * looks its entry points up by name (the toolkit's dynamic-linking
 * samples) stops when one is missing, even if it never calls it.
 */
#include "cuda/shim.h"

typedef struct CUgraphicsResource_st *CUgraphicsResource;

/* A context must be current, as for every call on a resource; then the
 * handle, which cannot be a resource's. */
static CUresult
refuse(const void *resource)
{
	CUresult r;

	LOCK();
	r = shim_ready(NULL);
	UNLOCK();
	if (r)
		return r;
	(void)resource;
	return CUDA_ERROR_INVALID_HANDLE;
}

CUresult
cuGraphicsUnregisterResource(CUgraphicsResource res)
{
	return refuse(res);
}

CUresult
cuGraphicsSubResourceGetMappedArray(CUarray *arr, CUgraphicsResource res, unsigned index, unsigned level)
{
	(void)index;
	(void)level;
	if (!arr)
		return CUDA_ERROR_INVALID_VALUE;
	return refuse(res);
}

CUresult
cuGraphicsResourceGetMappedMipmappedArray(CUmipmappedArray *arr, CUgraphicsResource res)
{
	if (!arr)
		return CUDA_ERROR_INVALID_VALUE;
	return refuse(res);
}

/* The pointer and its size are written only for a mapped resource (the
 * first version, of 32-bit fields, is shim_abi32.c's). */
CUresult
cuGraphicsResourceGetMappedPointer_v2(CUdeviceptr *p, size_t *size, CUgraphicsResource res)
{
	ABI64();
	(void)p;
	(void)size;
	return refuse(res);
}

CUresult
cuGraphicsResourceSetMapFlags_v2(CUgraphicsResource res, unsigned flags)
{
	(void)flags;
	return refuse(res);
}

CUresult
cuGraphicsResourceSetMapFlags(CUgraphicsResource res, unsigned flags)
{
	return cuGraphicsResourceSetMapFlags_v2(res, flags);
}

CUresult
cuGraphicsMapResources(unsigned count, CUgraphicsResource *res, CUstream s)
{
	(void)s;
	if (!count || !res)
		return CUDA_ERROR_INVALID_VALUE;
	return refuse(res[0]);
}

CUresult
cuGraphicsUnmapResources(unsigned count, CUgraphicsResource *res, CUstream s)
{
	return cuGraphicsMapResources(count, res, s);
}

/*
 * shim_ptds.c -- the per-thread default stream variants of the driver
 * entry points (name_ptsz for those that take a stream, name_ptds for the
 * synchronous ones), which programs compiled with
 * CUDA_API_PER_THREAD_DEFAULT_STREAM (nvcc --default-stream per-thread)
 * call, and cuGetProcAddress hands out for
 * CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM.  The rows are
 * shim_ptds.def's.
 *
 * A variant is its plain entry point with the NULL stream meaning the
 * calling thread's default stream (CU_STREAM_PER_THREAD, which
 * shim_stream.c resolves) instead of the legacy stream; CU_STREAM_LEGACY
 * and created streams pass unchanged.  A synchronous variant works on the
 * thread's default stream, so while that stream is being captured it is
 * refused and invalidates the capture, as cuStreamSynchronize on it is
 * (shim_capture_sync).  Work runs when it is queued here, so the legacy
 * stream's implicit synchronisation with other streams, which the
 * per-thread stream lacks, changes no result but those of capture.
 */
#include "cuda/shim.h"
#include "cuda/shim_graph.h"

#define S(s) ((s) ? (s) : CU_STREAM_PER_THREAD)

/* cuMemPrefetchAsync_v2's CUmemLocation, passed by value */
typedef struct { int type, id; } Loc;

/* The calling thread's default stream may take synchronous work. */
static CUresult
sync_ok(void)
{
	CUresult r;

	LOCK();
	r = shim_stream_peek() ? shim_capture_sync(CU_STREAM_PER_THREAD) : CUDA_SUCCESS;
	UNLOCK();
	return r;
}

#define PTSZ(name, params, args) \
	CUresult name params; \
	CUresult name##_ptsz params; \
	CUresult name##_ptsz params { return name args; }
#define PTDS(name, params, args) \
	CUresult name params; \
	CUresult name##_ptds params; \
	CUresult name##_ptds params { CUresult r = sync_ok(); return r ? r : name args; }
#include "cuda/shim_ptds.def"
#undef PTSZ
#undef PTDS

/* The two whose stream is inside a structure. */
CUresult cuLaunchKernelEx(const CUlaunchConfig *cfg, CUfunction fn, void **params, void **extra);
CUresult cuLaunchKernelEx_ptsz(const CUlaunchConfig *cfg, CUfunction fn, void **params, void **extra);

CUresult
cuLaunchKernelEx_ptsz(const CUlaunchConfig *cfg, CUfunction fn, void **params, void **extra)
{
	CUlaunchConfig c;

	if (!cfg)
		return cuLaunchKernelEx(cfg, fn, params, extra);
	c = *cfg;
	c.hStream = S(c.hStream);
	return cuLaunchKernelEx(&c, fn, params, extra);
}

/* CUDA_GRAPH_INSTANTIATE_PARAMS: the upload stream in, the result out */
typedef struct {
	uint64_t flags;
	CUstream upload;
	CUgraphNode errnode;
	int result;
} InstParams;

CUresult cuGraphInstantiateWithParams(CUgraphExec *out, CUgraph g, InstParams *p);
CUresult cuGraphInstantiateWithParams_ptsz(CUgraphExec *out, CUgraph g, InstParams *p);

CUresult
cuGraphInstantiateWithParams_ptsz(CUgraphExec *out, CUgraph g, InstParams *p)
{
	InstParams q;
	CUresult r;

	if (!p)
		return cuGraphInstantiateWithParams(out, g, p);
	q = *p;
	q.upload = S(q.upload);
	r = cuGraphInstantiateWithParams(out, g, &q);
	p->errnode = q.errnode;
	p->result = q.result;
	return r;
}

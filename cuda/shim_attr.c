/*
 * shim_attr.c -- launch attributes kept by streams (cuStreamGetAttribute,
 * cuStreamSetAttribute, cuStreamCopyAttributes) and by kernel nodes
 * (shim_graph.c), the persisting L2 lines (cuCtxResetPersistingL2Cache),
 * and the stream memory operations (cuStreamWaitValue*,
 * cuStreamWriteValue*, cuStreamBatchMemOp).
 *
 * An attribute is a CUlaunchAttributeValue (64 bytes) by
 * CUlaunchAttributeID; the driver takes some ids for streams, others for
 * kernel nodes, and refuses the rest with CUDA_ERROR_INVALID_VALUE.  The
 * values are checked as the driver checks them and read back as set.
 * The interpreter has no L2 to persist lines in nor domains to order
 * memory by, so only the cluster shape and the cooperative flag of a
 * kernel node change what a launch does (shim_graph.c).
 *
 * Stream memory operations: all work has finished when its call returns
 * (shim.c), so a write happens at once, and a wait finds its value
 * written or not.  Nothing queued later can write it, but another host
 * thread can (mapped host memory, a second stream's work), so a wait
 * polls for a while; a value still unchanged after that would hang the
 * stream for ever on a GPU too, and the wait is refused with
 * CUDA_ERROR_NOT_SUPPORTED and a note on stderr rather than hang.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "cuda/shim.h"

/* CUlaunchAttributeID values */
enum { A_IGNORE, A_WINDOW, A_COOP, A_SYNC, A_CLUSTER, A_CLPOLICY, A_PSS, A_PEVENT, A_PRIO, A_DMAP,
       A_DOMAIN, A_PCLUSTER, A_CEVENT, A_DEVUPD, A_CARVEOUT, A_15, A_NVLINK };

/* CUaccessPolicyWindow */
typedef struct {
	void *base;
	size_t bytes;
	float ratio;
	int hit, miss;              /* CUaccessProperty: NORMAL 0, STREAMING 1, PERSISTING 2 */
} Window;

/* H100: CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE (shim.c) */
#define MAX_WINDOW 134217728u

/* Which ids each takes, from the documentation of CUlaunchAttributeID. */
static int
valid(int id, int node)
{
	switch (id) {
	case A_WINDOW: case A_PRIO: case A_DMAP: case A_DOMAIN:
		return 1;
	case A_SYNC:
		return !node;
	/* as an H200's driver takes them (strattr.gpu): a kernel node the
	 * shared memory carve-out but not the preferred cluster shape, and
	 * neither the NVLink attribute */
	case A_COOP: case A_CLUSTER: case A_CLPOLICY: case A_DEVUPD: case A_CARVEOUT:
		return node;
	default:
		return 0;
	}
}

void
shim_attrs_init(Attrs *a)
{
	memset(a, 0, sizeof *a);
	/* the sync policy reads -1 until it is set, as an H200's driver
	 * answers (strattr.gpu); the domain map sends remote work to domain 1 */
	int unset = -1;
	memcpy(a->v[A_SYNC], &unset, sizeof unset);
	a->v[A_DMAP][1] = 1;
}

CUresult
shim_attr_get(const Attrs *a, int id, void *out, int node)
{
	if (!out || id < 0 || id >= SHIM_NATTR || !valid(id, node))
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(out, a->v[id], 64);
	return CUDA_SUCCESS;
}

CUresult
shim_attr_set(Attrs *a, int id, const void *in, int node)
{
	int i;

	if (!in || id < 0 || id >= SHIM_NATTR || !valid(id, node))
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(&i, in, sizeof i);
	switch (id) {
	case A_WINDOW: {
		Window w;
		memcpy(&w, in, sizeof w);
		/* a miss cannot persist, and the window has the device's limit */
		/* (an H200's driver takes any hit property, strattr.gpu) */
		if (w.bytes > MAX_WINDOW || !(w.ratio >= 0.0f && w.ratio <= 1.0f) || w.miss < 0 || w.miss > 1)
			return CUDA_ERROR_INVALID_VALUE;
		break;
	}
	case A_SYNC:
		if (i < 1 || i > 4)
			return CUDA_ERROR_INVALID_VALUE;
		break;
	case A_DOMAIN:
		if (i < 0 || i > 1)
			return CUDA_ERROR_INVALID_VALUE;
		break;
	case A_CLUSTER: case A_PCLUSTER: {
		unsigned d[3];
		memcpy(d, in, sizeof d);
		/* at most 8 CTAs in a portable cluster, 16 where the kernel allows it (shim_mod.c) */
		if (!d[0] || !d[1] || !d[2] || (uint64_t)d[0] * d[1] * d[2] > 16)
			return CUDA_ERROR_INVALID_VALUE;
		break;
	}
	case A_CLPOLICY:
		if (i < 0 || i > 2)
			return CUDA_ERROR_INVALID_VALUE;
		break;
	case A_PRIO:
		/* clamped into the range, as at a stream's creation (shim_stream.c) */
		i = i > 0 ? 0 : i < -5 ? -5 : i;
		memcpy(a->v[id], in, 64);
		memcpy(a->v[id], &i, sizeof i);
		return CUDA_SUCCESS;
	default: break;
	}
	memcpy(a->v[id], in, 64);
	return CUDA_SUCCESS;
}

/* ---------------------------------------------------------------- streams */

/* The default streams' attributes: one set, like the one device. */
static Attrs defaults;
static int defaults_made;

/* The attributes of stream s, its priority in *prio; under LOCK.  NULL
 * for a stream that is not there. */
static Attrs *
attrs_of(CUstream s, int **prio)
{
	static int prio0;
	Stream *st;

	if (!s || s == (CUstream)(uintptr_t)1) {
		if (!defaults_made)
			shim_attrs_init(&defaults), defaults_made = 1;
		prio0 = 0;          /* the default stream's priority stays 0 */
		*prio = &prio0;
		return &defaults;
	}
	if (!(st = STREAM(s)))
		return NULL;
	*prio = &st->prio;
	return &st->attr;
}

CUresult
cuStreamGetAttribute(CUstream s, int id, void *out)
{
	CUresult r;
	Attrs *a;
	int *prio;

	LOCK();
	if ((r = shim_current(NULL)))
		;
	else if (!(a = attrs_of(s, &prio)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (!(r = shim_attr_get(a, id, out, 0)) && id == A_PRIO)
		memcpy(out, prio, sizeof *prio);
	UNLOCK();
	return r;
}

CUresult
cuStreamSetAttribute(CUstream s, int id, const void *in)
{
	CUresult r;
	Attrs *a;
	int *prio, p;

	LOCK();
	if ((r = shim_current(NULL)))
		;
	else if (!(a = attrs_of(s, &prio)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (!(r = shim_attr_set(a, id, in, 0)) && id == A_PRIO) {
		/* clamped into the range, as at creation (shim_stream.c) */
		memcpy(&p, in, sizeof p);
		*prio = p > 0 ? 0 : p < -5 ? -5 : p;
	}
	UNLOCK();
	return r;
}

CUresult
cuStreamCopyAttributes(CUstream dst, CUstream src)
{
	CUresult r;
	Attrs *a, *b;
	int *pa, *pb;

	LOCK();
	if ((r = shim_current(NULL)))
		;
	else if (!(a = attrs_of(dst, &pa)) || !(b = attrs_of(src, &pb)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (a != b) {
		*a = *b;
		*pa = *pb;
	}
	UNLOCK();
	return r;
}

/* No L2, no persisting lines: there is nothing to reset, but the context must be there. */
CUresult
cuCtxResetPersistingL2Cache(void)
{
	CUresult r;

	LOCK();
	r = shim_ready(NULL);
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- memory operations */

/* CUstreamWaitValue_flags and CUstreamBatchMemOpType */
enum { WAIT_GEQ, WAIT_EQ, WAIT_AND, WAIT_NOR, WAIT_FLUSH = 1 << 30 };
enum { OP_WAIT32 = 1, OP_WRITE32 = 2, OP_FLUSH = 3, OP_WAIT64 = 4, OP_WRITE64 = 5, OP_BARRIER = 6 };

/* How long a wait polls for another thread to write its value. */
#define WAIT_POLL_MS 2000

enum { CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900 };

/* A stream a memory operation can run on: a graph cannot hold one here,
 * so a stream being captured refuses it, as the driver refuses what it
 * cannot capture. */
static CUresult
memop_stream(CUstream s)
{
	CUresult r = CUDA_SUCCESS;
	Stream *st;

	if (!s || s == (CUstream)(uintptr_t)1)
		return CUDA_SUCCESS;
	LOCK();
	if (!(st = STREAM(s)))
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (st->c.cap)
		r = CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
	UNLOCK();
	return r;
}

static CUresult
write_value(CUstream s, CUdeviceptr p, uint64_t v, unsigned size, unsigned flags)
{
	CUresult r;

	/* an H200's driver (580) refuses the no-barrier flag too (strattr.gpu) */
	if (flags || !p || p % size)
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = memop_stream(s)))
		return r;
	if (size == 4) {
		uint32_t w = (uint32_t)v;
		return INNER(cuMemcpyHtoD_v2(p, &w, 4));
	}
	return INNER(cuMemcpyHtoD_v2(p, &v, 8));
}

/* The documented conditions; size 4 compares 32-bit values. */
static int
satisfied(uint64_t have, uint64_t want, unsigned op, unsigned size)
{
	uint64_t mask = size == 4 ? 0xffffffffu : ~(uint64_t)0;

	have &= mask, want &= mask;
	switch (op) {
	case WAIT_GEQ:      /* cyclic: (int32_t)(have - want) >= 0, or 64 bits */
		return size == 4 ? (int32_t)(uint32_t)(have - want) >= 0 : (int64_t)(have - want) >= 0;
	case WAIT_EQ: return have == want;
	case WAIT_AND: return (have & want) != 0;
	default: return (~(have | want) & mask) != 0;   /* NOR */
	}
}

static CUresult
wait_value(CUstream s, CUdeviceptr p, uint64_t v, unsigned size, unsigned flags)
{
	unsigned op = flags & ~(unsigned)WAIT_FLUSH;
	CUresult r;

	if (op > WAIT_NOR || !p || p % size)
		return CUDA_ERROR_INVALID_VALUE;
	/* the flush of remote writes, as an H200's driver answers (strattr.gpu) */
	if (flags & WAIT_FLUSH)
		return CUDA_ERROR_NOT_SUPPORTED;
	if ((r = memop_stream(s)))
		return r;
	for (int ms = 0;; ms++) {
		uint64_t have = 0;     /* little-endian: a 32-bit value fills the low half */
		if ((r = INNER(cuMemcpyDtoH_v2(&have, p, size))))
			return r;
		if (satisfied(have, v, op, size))
			return CUDA_SUCCESS;
		if (ms == WAIT_POLL_MS)
			break;
		nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
	}
	fprintf(stderr, "libptxcuda: cuStreamWaitValue%u: the value at 0x%llx never meets the condition; "
	    "work is synchronous, so nothing queued later can change it\n", size * 8, (unsigned long long)p);
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult
cuStreamWriteValue32_v2(CUstream s, CUdeviceptr p, uint32_t v, unsigned flags)
{
	return write_value(s, p, v, 4, flags);
}

CUresult
cuStreamWriteValue64_v2(CUstream s, CUdeviceptr p, uint64_t v, unsigned flags)
{
	return write_value(s, p, v, 8, flags);
}

CUresult
cuStreamWaitValue32_v2(CUstream s, CUdeviceptr p, uint32_t v, unsigned flags)
{
	return wait_value(s, p, v, 4, flags);
}

CUresult
cuStreamWaitValue64_v2(CUstream s, CUdeviceptr p, uint64_t v, unsigned flags)
{
	return wait_value(s, p, v, 8, flags);
}

/* The first ABI: the same calls. */
CUresult
cuStreamWriteValue32(CUstream s, CUdeviceptr p, uint32_t v, unsigned flags)
{
	return write_value(s, p, v, 4, flags);
}

CUresult
cuStreamWriteValue64(CUstream s, CUdeviceptr p, uint64_t v, unsigned flags)
{
	return write_value(s, p, v, 8, flags);
}

CUresult
cuStreamWaitValue32(CUstream s, CUdeviceptr p, uint32_t v, unsigned flags)
{
	return wait_value(s, p, v, 4, flags);
}

CUresult
cuStreamWaitValue64(CUstream s, CUdeviceptr p, uint64_t v, unsigned flags)
{
	return wait_value(s, p, v, 8, flags);
}

/* CUstreamBatchMemOpParams: 48 bytes, the operation first. */
typedef union {
	int op;
	struct { int op; CUdeviceptr addr; uint64_t value; unsigned flags; CUdeviceptr alias; } wait, write;
	struct { int op; unsigned flags; } flush, barrier;
	uint64_t pad[6];
} MemOp;

/* At most 256 operations a batch (CU_DEVICE_ATTRIBUTE_MAX_..., the
 * documented limit of cuStreamBatchMemOp).  Every operation is checked
 * before any runs, as the driver refuses the batch whole; a graph node's
 * (node) may name address 0, which an H200 refuses only when the node
 * runs. */
CUresult
shim_memops_check(unsigned count, const void *params, unsigned flags, int node)
{
	const MemOp *ops = params;

	if (count > 256 || (count && !ops) || flags)
		return CUDA_ERROR_INVALID_VALUE;
	/* each operation's flags too, as write_value and wait_value check
	 * them: a batch that ran up to a bad operation would not be refused
	 * whole */
	for (unsigned i = 0; i < count; i++)
		switch (ops[i].op) {
		case OP_WAIT32: case OP_WAIT64:
			if ((!node && !ops[i].wait.addr) || ops[i].wait.addr % (ops[i].op == OP_WAIT32 ? 4 : 8) ||
			    (ops[i].wait.flags & ~(unsigned)WAIT_FLUSH) > WAIT_NOR)
				return CUDA_ERROR_INVALID_VALUE;
			if (ops[i].wait.flags & WAIT_FLUSH)
				return CUDA_ERROR_NOT_SUPPORTED;
			break;
		case OP_WRITE32: case OP_WRITE64:
			if ((!node && !ops[i].write.addr) || ops[i].write.addr % (ops[i].op == OP_WRITE32 ? 4 : 8) ||
			    ops[i].write.flags)
				return CUDA_ERROR_INVALID_VALUE;
			break;
		case OP_FLUSH: return CUDA_ERROR_NOT_SUPPORTED;   /* as wait_value's */
		case OP_BARRIER: break;
		default: return CUDA_ERROR_INVALID_VALUE;
		}
	return CUDA_SUCCESS;
}

CUresult
cuStreamBatchMemOp_v2(CUstream s, unsigned count, void *params, unsigned flags)
{
	const MemOp *ops = params;
	CUresult r;

	if ((r = shim_memops_check(count, params, flags, 0)))
		return r;
	if (!count)         /* nothing to do, as an H200's driver answers */
		return memop_stream(s);
	if ((r = memop_stream(s)))
		return r;
	for (unsigned i = 0; i < count && !r; i++) {
		const MemOp *o = &ops[i];
		switch (o->op) {
		case OP_WAIT32: r = wait_value(s, o->wait.addr, (uint32_t)o->wait.value, 4, o->wait.flags); break;
		case OP_WAIT64: r = wait_value(s, o->wait.addr, o->wait.value, 8, o->wait.flags); break;
		case OP_WRITE32: r = write_value(s, o->write.addr, (uint32_t)o->write.value, 4, o->write.flags); break;
		case OP_WRITE64: r = write_value(s, o->write.addr, o->write.value, 8, o->write.flags); break;
		default: break;     /* flushes and barriers: every write is already visible */
		}
	}
	return r;
}

CUresult
cuStreamBatchMemOp(CUstream s, unsigned count, void *params, unsigned flags)
{
	return cuStreamBatchMemOp_v2(s, count, params, flags);
}

/* ---------------------------------------------------------------- GPUDirect RDMA */

/* No third-party device writes into this memory, so there is nothing to
 * flush; the target and scope are checked (CUflushGPUDirectRDMAWrites*). */
CUresult
cuFlushGPUDirectRDMAWrites(int target, int scope)
{
	CUresult r;

	if (target != 0 || (scope != 100 && scope != 200))
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = shim_ready(NULL);
	UNLOCK();
	return r;
}

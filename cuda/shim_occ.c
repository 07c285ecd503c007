/*
 * shim_occ.c -- the occupancy queries (cuOccupancy*): how many CTAs of a
 * kernel an H100 SM holds at once, and the block size that maximises it.
 *
 * The limits are an sm_90 SM's: 32 CTAs, 64 warps, 65536 registers
 * allocated per warp in units of 256, 228 KiB of shared memory of which
 * each CTA also takes 1 KiB reserved, allocated in 128-byte units.  The
 * kernel's side is what cuFuncGetAttribute reports: its static and dynamic
 * shared memory, its .maxntid, and its register count, which is the
 * interpreter's count of PTX registers (at most 255 a thread, as ptxas
 * spills beyond) and not what ptxas would allocate; a kernel with many PTX
 * registers therefore reads as less occupying than it would on a GPU.
 *
 * Shared memory is counted as an H200's driver (580) counted it for
 * tests/shim/occattr.c, which is the rule of the toolkit's
 * cuda_occupancy.h: dynamic shared memory past the kernel's
 * MAX_DYNAMIC_SHARED_SIZE_BYTES fits no CTA; the SM's shared memory is
 * one of the configurations 0, 8, 16, 32, 64, 100, 132, 164, 196 and 228
 * KiB, the smallest that holds the kernel's PREFERRED_SHARED_MEMORY_-
 * CARVEOUT percent of 228 KiB (228 KiB without one), or, where a CTA
 * needs more than that, the smallest that holds one CTA.
 */
#include <string.h>
#include "cuda/shim.h"

enum {
	SM_CTAS = 32, SM_WARPS = 64, SM_REGS = 65536, REG_UNIT = 256, REGS_MAX = 255,
	SM_SHARED = 233472, CTA_SHARED_MAX = 232448, CTA_RESERVED = 1024, SHARED_UNIT = 128,
	NSM = 132
};

static size_t
roundup(size_t n, size_t unit)
{
	return (n + unit - 1) / unit * unit;
}

/* The smallest shared memory configuration of at least n bytes (KiB);
 * SIZE_MAX past the largest */
static size_t
config(size_t n)
{
	static const unsigned short kib[] = { 0, 8, 16, 32, 64, 100, 132, 164, 196, 228 };

	for (size_t i = 0; i < sizeof kib / sizeof kib[0]; i++)
		if (n <= (size_t)kib[i] * 1024)
			return (size_t)kib[i] * 1024;
	return SIZE_MAX;
}

/* The shared memory the kernel's carveout asks of an SM */
static size_t
preferred(Fn *fn)
{
	int c = fn->attr[CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT];

	return c < 0 ? SM_SHARED : config((size_t)c * SM_SHARED / 100);
}

/* CTAs per SM for blocks of block threads and dynshared bytes of dynamic
 * shared memory: 0 when one does not fit; under LOCK. */
int
shim_occupancy(Fn *fn, int block, size_t dynshared)
{
	int regs, st, warps, n = SM_CTAS;
	size_t shared, per, sm;

	/* as with the driver, a block over the kernel's .maxntid is not refused here */
	if (shim_fn_attr(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, fn) ||
	    shim_fn_attr(&st, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn) || block <= 0 || block > 1024)
		return 0;
	warps = (block + 31) / 32;   /* only now: a block of INT_MAX threads overflowed the sum */
	/* dynshared first: near SIZE_MAX the sum wrapped to a size that fit */
	if (fn->maxdyn < 0 || dynshared > (size_t)fn->maxdyn || dynshared > CTA_SHARED_MAX ||
	    (shared = (size_t)st + dynshared) > CTA_SHARED_MAX)
		return 0;
	if (SM_WARPS / warps < n)
		n = SM_WARPS / warps;
	if (regs > 0) {
		int r = regs < REGS_MAX ? regs : REGS_MAX;
		int perwarp = (int)roundup((size_t)r * 32, REG_UNIT);
		int w = SM_REGS / perwarp;
		if (w / warps < n)
			n = w / warps;
	}
	per = roundup(shared + CTA_RESERVED, SHARED_UNIT);
	if ((sm = preferred(fn)) < per)
		sm = config(per);
	if ((int)(sm / per) < n)
		n = (int)(sm / per);
	return n;
}

/* A cooperative launch fits when all of its CTAs are resident at once:
 * no more than shim_occupancy's CTAs an SM on each SM (the device's 132,
 * a green context's own, shim_sms), the
 * driver's own test (an H100 took 1584 CTAs of 160 threads, 12 an SM, and
 * refused 2112).  CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE past that; a
 * function or block that cannot launch at all is left to the launch to
 * report.  Under LOCK. */
CUresult
shim_coop_fits(CUfunction fn, const unsigned grid[3], const unsigned block[3], size_t dynshared)
{
	uint64_t threads = (uint64_t)block[0] * block[1] * block[2];

	if (!FN(fn) || threads == 0 || threads > 1024)
		return CUDA_SUCCESS;
	if ((uint64_t)grid[0] * grid[1] * grid[2] > (uint64_t)shim_occupancy(FN(fn), (int)threads, dynshared) * shim_sms())
		return CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE;
	return CUDA_SUCCESS;
}

CUresult
cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n, CUfunction fn, int block,
                                                     size_t dynshared, unsigned flags)
{
	CUresult r = CUDA_SUCCESS;

	if (!n || flags > 1)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (!FN(fn))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		*n = shim_occupancy(FN(fn), block, dynshared);
	UNLOCK();
	return r;
}

CUresult
cuOccupancyMaxActiveBlocksPerMultiprocessor(int *n, CUfunction fn, int block, size_t dynshared)
{
	return cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(n, fn, block, dynshared, 0);
}

/* Tries every block size that is a multiple of the warp, largest first,
 * and keeps the first with the most resident threads; the smallest grid
 * that fills the GPU at that size is one wave on every SM. */
CUresult
cuOccupancyMaxPotentialBlockSizeWithFlags(int *mingrid, int *block, CUfunction fn,
                                          CUoccupancyB2DSize b2d, size_t dynshared, int limit,
                                          unsigned flags)
{
	int maxt, best = 0, bestn = 0;
	CUresult r;

	if (!mingrid || !block || flags > 1 || limit < 0)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	if (!shim.inited)
		r = CUDA_ERROR_NOT_INITIALIZED;
	else if (!FN(fn))
		r = CUDA_ERROR_INVALID_HANDLE;
	else
		r = shim_fn_attr(&maxt, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, FN(fn));
	UNLOCK();
	if (r)
		return r;
	if (limit && limit < maxt)
		maxt = limit;
	for (int b = maxt < 32 ? maxt : maxt / 32 * 32; b > 0; b -= b > 32 ? 32 : b) {
		/* the callback runs unlocked: it may call the driver, even
		 * unload the function, which then fits nowhere */
		size_t dyn = b2d ? b2d(b) : dynshared;
		int n;
		LOCK();
		n = FN(fn) ? shim_occupancy(FN(fn), b, dyn) : 0;
		UNLOCK();
		if (n * b > bestn * best) {
			best = b;
			bestn = n;
		}
		if (n * b == SM_WARPS * 32)
			break;
	}
	*block = best;
	LOCK();
	*mingrid = bestn * (int)shim_sms();
	UNLOCK();
	return CUDA_SUCCESS;
}

CUresult
cuOccupancyMaxPotentialBlockSize(int *mingrid, int *block, CUfunction fn, CUoccupancyB2DSize b2d,
                                 size_t dynshared, int limit)
{
	return cuOccupancyMaxPotentialBlockSizeWithFlags(mingrid, block, fn, b2d, dynshared, limit, 0);
}

/* The most dynamic shared memory each CTA can have with n CTAs of block
 * threads resident on one SM, as an H200's driver answered (tests/shim/
 * occattr.gpu; cuda_occupancy.h's rule): CUDA_ERROR_INVALID_VALUE when
 * n of them do not fit without dynamic shared memory; else one CTA may
 * have the whole 228 KiB, and n of them share the configuration the
 * carveout asks for (8 KiB at least), each in 128-byte units, less the
 * static shared memory, and no more than the kernel may take
 * (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: 48 KiB less its static
 * shared memory unless raised). */
CUresult
cuOccupancyAvailableDynamicSMemPerBlock(size_t *dyn, CUfunction h, int n, int block)
{
	int st;
	size_t per, sm;
	CUresult r;
	Fn *fn;

	if (!dyn || n <= 0 || block <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = !shim.inited ? CUDA_ERROR_NOT_INITIALIZED : !(fn = FN(h)) ? CUDA_ERROR_INVALID_HANDLE :
	    shim_fn_attr(&st, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn);
	if (!r && shim_occupancy(fn, block, 0) < n)
		r = CUDA_ERROR_INVALID_VALUE;
	if (!r) {
		sm = n == 1 ? SM_SHARED : preferred(fn) ? preferred(fn) : config(1);
		per = sm / (size_t)n / SHARED_UNIT * SHARED_UNIT;
		per = per > (size_t)st ? per - (size_t)st : 0;
		*dyn = per > (size_t)fn->maxdyn ? (size_t)fn->maxdyn : per;
	}
	UNLOCK();
	return r;
}

/* ---------------------------------------------------------------- clusters */

/* A cluster's CTAs run on the SMs of one GPC, each CTA on an SM of its
 * own, and an SM holds at most CLUSTER_PER_SM CTAs of cluster launches.
 * How an H200's driver counts the clusters resident at once (tests/shim/
 * occ.gpu: 1 to 16 CTAs a cluster, blocks of 32 to 1024 threads, 0 to
 * 200,000 bytes of shared memory) fits this exactly: with m = the kernel's
 * CTAs an SM, at most CLUSTER_PER_SM, clusters of one or two CTAs fill all
 * 132 SMs (m * 132 / size), and larger ones fill the SMs of the GPCs
 * below, each GPC of at least size SMs taking m * SMs / size of them. */
enum { CLUSTER_PER_SM = 8 };
static const int gpcs[] = { 18, 18, 16, 16, 16, 16, 16, 8 };

/* A cluster shape (a dimension of 0: not given) that divides the grid in
 * each dimension: an H200's driver refuses any other, in a launch's
 * configuration and when a graph kernel node's attribute is set
 * (strattr.gpu), not at launch. */
int
shim_cluster_divides(const unsigned grid[3], const unsigned cluster[3])
{
	for (int i = 0; i < 3; i++)
		if (cluster[i] && grid[i] % cluster[i])
			return 0;
	return 1;
}

/* A cluster shape with a 0 in it: all three 0 is no cluster, as an H200's
 * driver takes it; a 0 beside other sizes is an invalid cluster size
 * (tests/shim/occ.out, its zero shapes). */
int
shim_cluster_partial(const unsigned d[3])
{
	int z = !d[0] + !d[1] + !d[2];

	return z && z < 3;
}

/* The cluster shape of a launch configuration, or the kernel's required
 * one (.reqnctapercluster, or the three REQUIRED_CLUSTER_* attributes
 * cuFuncSetAttribute gave it); under LOCK.  As an H200's driver answered
 * (tests/shim/occattr.gpu): a configuration's shape must be the required
 * one where all three of its sizes are set; where only some are, a
 * configuration without a shape is refused and one with a shape is taken
 * as it is; neither: no cluster (*size 0).  The size is then held to 8
 * CTAs (16 with the non-portable sizes) and the kernel's .maxclusterrank,
 * and the shape must divide the grid. */
static CUresult
cluster_of(Fn *fn, const CUlaunchConfig *cfg, unsigned *size)
{
	ptx_function_usage u;
	unsigned d[3] = { 0, 0, 0 }, req[3];
	uint64_t n;
	int nonportable = 0, given = 0, set = 0;
	const unsigned grid[3] = { cfg->gridDimX, cfg->gridDimY, cfg->gridDimZ };

	ptx_function_usage_get(fn->mod->m, fn->f, &u);
	for (unsigned i = 0; i < cfg->numAttrs; i++)
		if (cfg->attrs && cfg->attrs[i].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
			d[0] = cfg->attrs[i].value.clusterDim.x, d[1] = cfg->attrs[i].value.clusterDim.y;
			d[2] = cfg->attrs[i].value.clusterDim.z;
			if (shim_cluster_partial(d))
				return CUDA_ERROR_INVALID_CLUSTER_SIZE;
			given = d[0] != 0;
		}
	for (int i = 0; i < 3; i++) {
		int a = fn->attr[CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH + i];
		req[i] = u.reqcluster[0] ? (unsigned)u.reqcluster[i] : a > 0 ? (unsigned)a : 0;
		set |= req[i] ? 1 << i : 0;
	}
	if (set == 7 && given && memcmp(d, req, sizeof d))
		return CUDA_ERROR_INVALID_CLUSTER_SIZE;
	if (!given && set && set != 7)
		return CUDA_ERROR_INVALID_CLUSTER_SIZE;
	if (!given && set == 7)
		memcpy(d, req, sizeof d);
	if (!d[0]) {            /* no cluster: none resident, as an H200's driver answers */
		*size = 0;
		return CUDA_SUCCESS;
	}
	n = (uint64_t)d[0] * d[1] * d[2];
	shim_fn_attr(&nonportable, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, fn);
	if (n > (nonportable ? 16u : 8u) || (u.maxclusterrank > 0 && n > (uint64_t)u.maxclusterrank) ||
	    !shim_cluster_divides(grid, d))
		return CUDA_ERROR_INVALID_CLUSTER_SIZE;
	*size = (unsigned)n;
	return CUDA_SUCCESS;
}

CUresult
cuOccupancyMaxActiveClusters(int *out, CUfunction h, const CUlaunchConfig *cfg)
{
	unsigned size = 0;
	CUresult r;
	Fn *fn;

	if (!out || !cfg)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = !shim.inited ? CUDA_ERROR_NOT_INITIALIZED : !(fn = FN(h)) ? CUDA_ERROR_INVALID_HANDLE :
	    cluster_of(fn, cfg, &size);
	if (!r) {
		uint64_t threads = (uint64_t)cfg->blockDimX * cfg->blockDimY * cfg->blockDimZ;
		int per = threads && threads <= 1024 ? shim_occupancy(fn, (int)threads, cfg->sharedMemBytes) : 0;
		int n = 0;
		if (per > CLUSTER_PER_SM)
			per = CLUSTER_PER_SM;
		if (size && size <= 2)
			n = per * NSM / (int)size;
		for (size_t i = 0; size > 2 && i < sizeof gpcs / sizeof gpcs[0]; i++)
			if ((int)size <= gpcs[i])
				n += per * gpcs[i] / (int)size;
		*out = n;
	}
	UNLOCK();
	return r;
}

/* The largest cluster the kernel may have, as an H200's driver answered
 * (tests/shim/occattr.gpu): 8 CTAs, 16 where it allows the non-portable
 * sizes, whatever its .reqnctapercluster, .maxclusterrank or required
 * sizes, or the configuration's shape; 0 where no CTA of it fits an SM;
 * a configuration cuOccupancyMaxActiveClusters refuses, refused. */
CUresult
cuOccupancyMaxPotentialClusterSize(int *out, CUfunction h, const CUlaunchConfig *cfg)
{
	CUresult r;
	Fn *fn;
	unsigned size;

	if (!out || !cfg)
		return CUDA_ERROR_INVALID_VALUE;
	LOCK();
	r = !shim.inited ? CUDA_ERROR_NOT_INITIALIZED : !(fn = FN(h)) ? CUDA_ERROR_INVALID_HANDLE :
	    cluster_of(fn, cfg, &size);
	if (!r) {
		uint64_t threads = (uint64_t)cfg->blockDimX * cfg->blockDimY * cfg->blockDimZ;
		int nonportable = 0, per;
		shim_fn_attr(&nonportable, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, fn);
		per = threads && threads <= 1024 ? shim_occupancy(fn, (int)threads, cfg->sharedMemBytes) : 0;
		*out = per ? nonportable ? 16 : 8 : 0;
	}
	UNLOCK();
	return r;
}
